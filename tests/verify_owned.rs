//! `Verifier::feed_owned(Event)` (the offline reader's and the online pipeline's way in,
//! issue 7) judges exactly as `Verifier::feed(&Event)`: on every recording of the test
//! data (real SDK captures, the 25 field cases, every golden rule input, the capture-cap
//! recording) the two give the same findings at the same events and the same outcome.

use std::path::{Path, PathBuf};

use a2a_interop::record::{source, Event};
use a2a_interop::verify::{Verifier, VerifyOutcome};

fn recordings() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests");
    let mut files = Vec::new();
    for dir in ["captures", "cases", "data"] {
        for e in std::fs::read_dir(root.join(dir)).unwrap().flatten() {
            let p = e.path();
            if p.extension().is_some_and(|x| x == "jsonl") {
                files.push(p);
            }
        }
    }
    for e in std::fs::read_dir(root.join("golden")).unwrap().flatten() {
        let p = e.path().join("input.jsonl");
        if p.is_file() {
            files.push(p);
        }
    }
    files.sort();
    files
}

/// The outcome as comparable text: findings (with evidence) and everything else concluded.
fn shown(out: &VerifyOutcome) -> String {
    format!(
        "{}\n{:?}\n{:?}\n{:?}\n{:?}\n{} {}",
        serde_json::to_string(&out.findings).unwrap(),
        out.dialects,
        out.areas_exercised,
        out.incomplete,
        out.exchange_dialects,
        out.events,
        out.exchanges
    )
}

#[test]
fn feed_owned_judges_as_feed() {
    let files = recordings();
    assert!(
        files.len() > 100,
        "test data missing: {} files",
        files.len()
    );
    let mut findings = 0;
    for path in files {
        let src = source::open(&path).unwrap();
        let header = src.header.clone();
        let events: Vec<Event> = src.events.map(|e| e.unwrap()).collect();
        let (mut by_ref, mut owned) = (Verifier::new(&header), Verifier::new(&header));
        for ev in &events {
            let a = serde_json::to_string(&by_ref.feed(ev)).unwrap();
            let b = serde_json::to_string(&owned.feed_owned(ev.clone())).unwrap();
            assert_eq!(a, b, "{}: findings after seq {}", path.display(), ev.seq);
        }
        let (a, b) = (by_ref.finish(), owned.finish());
        findings += a.findings.len();
        assert_eq!(shown(&a), shown(&b), "{}", path.display());
    }
    // The data is not clean: the comparison covered real findings.
    assert!(findings > 50, "only {findings} findings");
}

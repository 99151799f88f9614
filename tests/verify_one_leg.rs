//! perfp40 (issue 7): the live proxy with no `--leg` listener and no legged route tells its
//! verifier that every event comes on the client leg (`Verifier::expect_one_leg`), and the
//! verifier then keeps no client-leg request for pairing with an upstream-leg copy. The
//! findings must be the ones of a verifier not told: checked on every handed case, field
//! case and variant whose events carry no `leg` (the rest are gateway recordings, which
//! the live proxy gives its own `--leg` listeners, and so never this hint).

use std::path::Path;

use a2a_interop::record::source;
use a2a_interop::verify::{Finding, Verifier};

/// Every finding as one comparable line: rule, severity, words, evidence and leg.
fn lines(findings: &[Finding]) -> Vec<String> {
    findings
        .iter()
        .map(|f| {
            format!(
                "{} {} {} {:?} {:?}",
                f.rule,
                f.severity,
                f.message,
                f.evidence
                    .iter()
                    .map(|e| (e.seq, e.exchange.clone(), e.pointer.clone()))
                    .collect::<Vec<_>>(),
                f.leg
            )
        })
        .collect()
}

/// The findings of `path` verified offline, with the one-leg hint or without it; `None`
/// when an event carries a leg.
fn verdicts(path: &Path, one_leg: bool) -> Option<Vec<String>> {
    let src = source::open(path).unwrap_or_else(|e| panic!("{}: {e:#}", path.display()));
    let mut v = Verifier::new(&src.header);
    if one_leg {
        v.expect_one_leg();
    }
    for ev in src.events {
        let ev = ev.unwrap_or_else(|e| panic!("{}: event: {e:#}", path.display()));
        if ev.leg.is_some() {
            return None;
        }
        v.feed(&ev);
    }
    Some(lines(&v.finish().findings))
}

#[test]
fn one_leg_hint_changes_no_finding() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/cases");
    let (mut same, mut legged) = (0, 0);
    for dir in [root.clone(), root.join("field"), root.join("variants")] {
        let mut files: Vec<_> = std::fs::read_dir(&dir)
            .unwrap()
            .flatten()
            .map(|e| e.path())
            .filter(|p| p.extension().is_some_and(|x| x == "jsonl"))
            .collect();
        files.sort();
        for f in files {
            let Some(told) = verdicts(&f, true) else {
                legged += 1;
                continue;
            };
            let plain = verdicts(&f, false).unwrap_or_default();
            assert_eq!(told, plain, "{}", f.display());
            same += 1;
        }
    }
    // the corpus is there (a moved directory would pass with nothing compared)
    assert!(same > 5_000, "{same} recordings compared");
    assert!(legged > 10, "{legged} gateway recordings skipped");
}

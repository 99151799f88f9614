//! Session 46: `interop -q -o FILE` prints what `probe -q -o FILE` prints (probe46): the
//! failed tests and the count lines with their levels, not every test and finding; the
//! `-o` report keeps everything, and without `-o` (or without `-q`) stdout is the whole
//! text report. Real binary, two reference agents on loopback.

use crate::proxy_process;

use proxy_process::{reference_agent, run_in};

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

#[test]
fn interop_quiet_with_o_prints_failed_tests_and_counts_only() {
    let dir = tempfile::tempdir().unwrap();
    let (_a, url_a) = reference_agent();
    let (_b, url_b) = reference_agent();
    let base = [
        "interop",
        url_a.as_str(),
        url_b.as_str(),
        "--max-requests",
        "40",
    ];
    let quiet = run_in(
        dir.path(),
        &[&base[..], &["-q", "-f", "json", "-o", "run.json"]].concat(),
    );
    let whole = run_in(
        dir.path(),
        &[&base[..], &["-f", "json", "-o", "run2.json"]].concat(),
    );
    let (q, w) = (text(&quiet.stdout), text(&whole.stdout));
    assert_eq!(quiet.status.code(), whole.status.code(), "{q}\n{w}");
    // the whole report: every test, and the direction headers
    assert!(w.lines().any(|l| l.starts_with("pass  interop.")), "{w}");
    assert!(w.contains("interop [A->B] agent "), "{w}");
    // quiet: no passed or skipped test, no finding line, no header; the counts and levels stay
    for l in q.lines() {
        assert!(
            !l.starts_with("pass ") && !l.starts_with("skip ") && !l.starts_with("interop ["),
            "{l}\n{q}"
        );
        assert!(
            !["error[", "warning[", "note["]
                .iter()
                .any(|p| l.starts_with(p)),
            "{l}\n{q}"
        );
    }
    for d in ["A->B", "B->A"] {
        assert!(
            q.lines()
                .any(|l| l.starts_with(&format!("[{d}] ")) && l.contains(" passed, ")),
            "{q}"
        );
    }
    assert!(q.contains("interop conformance level: "), "{q}");
    // the report written with -q holds every test, as the one without
    let tests = |f: &str| {
        let v: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(dir.path().join(f)).unwrap()).unwrap();
        v["results"].as_array().map_or(0, |r| r.len())
    };
    assert!(tests("run.json") > 0);
    assert_eq!(tests("run.json"), tests("run2.json"));
}

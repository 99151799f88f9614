//! `a2a-interop repro`: no such finding → exit 2 with one line; with a registry that finds
//! the broken MUSTs of the shared broken recording, a cut that is written, redacted and
//! smaller than the input.

mod common;
mod report_support;

use common::bin;

use serde_json::Value;

#[test]
fn unknown_finding_exits_2_with_one_line() {
    let d = tempfile::tempdir().unwrap();
    let rec = report_support::write_recording(d.path());
    let out = d.path().join("min.jsonl");
    let o = bin()
        .args([
            "repro",
            rec.to_str().unwrap(),
            "--finding",
            "NO-SUCH-999",
            "-o",
        ])
        .arg(&out)
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr).into_owned();
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("no finding NO-SUCH-999"), "{err}");
    assert!(!out.exists(), "nothing written for a missing finding");
}

#[test]
fn repro_cuts_the_first_finding_of_the_broken_recording() {
    let d = tempfile::tempdir().unwrap();
    let rec = report_support::broken_recording(d.path());
    let o = bin()
        .args([
            "verify",
            rec.to_str().unwrap(),
            "-f",
            "json",
            "--fail-on",
            "never",
        ])
        .output()
        .unwrap();
    let doc: Value = serde_json::from_slice(&o.stdout).unwrap();
    let Some(f) = doc["findings"].as_array().and_then(|a| a.first()).cloned() else {
        // No rule is registered in this build, so there is nothing to cut.
        assert!(a2a_interop::verify::rules::RULES.is_empty(), "{doc:#}");
        return;
    };
    let key = format!(
        "{}@{}",
        f["rule"].as_str().unwrap(),
        f["evidence"][0]["seq"].as_u64().unwrap()
    );
    let out = d.path().join("min.jsonl");
    let o = bin()
        .args(["repro", rec.to_str().unwrap(), "--finding", &key, "-o"])
        .arg(&out)
        .output()
        .unwrap();
    assert_eq!(
        o.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    let text = std::fs::read_to_string(&out).unwrap();
    assert!(
        text.lines().count() <= 4,
        "at most the two exchanges: {text}"
    );
    assert!(d.path().join("min.sh").exists());
}

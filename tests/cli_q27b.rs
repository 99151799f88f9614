//! q27b: what last session's newcomer (newcomer26) was left wondering about: the built-in
//! `demo` against the good reference agent ended "partial" (item 1). Real processes, real
//! loopback sockets, real files.

mod common;

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// Item 1: `demo` ended "conformance: partial (not exercised: push ...)" although the
/// reference agent is a good agent and `probe` of it is `full`: the demo's client drove no
/// push. It now gives the agent a push config whose webhook is a recorded listener of the
/// demo's proxy, in both dialects, and the run is `full` with the notifications recorded.
#[test]
fn item1_demo_of_the_reference_agent_is_full_with_push_driven_and_recorded() {
    let dir = tempfile::tempdir().unwrap();
    let rec = dir.path().join("demo.jsonl");
    let out = common::bin()
        .current_dir(dir.path())
        .env_remove("A2A_INTEROP_LOG")
        .args(["demo", "--record"])
        .arg(&rec)
        .output()
        .unwrap();
    let stdout = text(&out.stdout);
    common::assert_exit(&out, 0);
    let push: Vec<&str> = stdout
        .lines()
        .map(str::trim)
        .filter(|l| l.starts_with("STEP push "))
        .collect();
    assert_eq!(push.len(), 2, "a push step per dialect:\n{stdout}");
    for l in &push {
        assert!(
            l.starts_with("STEP push ok config=") && l.contains("states=") && l.ends_with("ms)"),
            "{l}"
        );
        // the webhook saw the task end
        assert!(l.contains("completed"), "{l}");
    }
    let summary = stdout.lines().last().unwrap_or_default();
    assert!(
        summary.ends_with("conformance: full (no error or warning finding)"),
        "{summary}\n{stdout}"
    );
    assert!(!stdout.contains("not exercised"), "{stdout}");
    // the agent's notifications are in the recording, on the webhook leg, and verify of
    // the recording agrees with the demo's own report
    let recording = std::fs::read_to_string(&rec).unwrap();
    let delivered = recording
        .lines()
        .filter(|l| {
            l.contains("\"type\":\"request_head\"")
                && l.contains("\"leg\":\"agent->webhook\"")
                && l.contains("/demo-push/")
        })
        .count();
    assert!(delivered >= 2, "notifications recorded: {delivered}");
    let v = common::bin()
        .env_remove("A2A_INTEROP_LOG")
        .arg("verify")
        .arg(&rec)
        .output()
        .unwrap();
    common::assert_exit(&v, 0);
    let vout = text(&v.stdout) + &text(&v.stderr);
    assert!(vout.contains("conformance: full"), "{vout}");
}

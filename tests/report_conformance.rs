//! A finding against the client (a malformed request the agent may rightly reject) is
//! reported, but does not lower the agent's conformance level.

use std::process::Command;

#[test]
fn client_fault_is_reported_but_does_not_fail_the_agent() {
    let case = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/golden/DATA-SHAPE-002-fail/input.jsonl"
    );
    let o = Command::new(env!("CARGO_BIN_EXE_a2a-interop"))
        .args(["verify", case, "--format", "json", "-o", "-"])
        .output()
        .unwrap();
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    let rules: Vec<&str> = v["findings"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|f| f["rule"].as_str())
        .collect();
    assert_eq!(rules, vec!["DATA-SHAPE-002"]);
    // Still an error finding for --fail-on (exit 1) ...
    assert_eq!(o.status.code(), Some(1));
    // ... but the agent's areas pass and its level is not lowered by it.
    assert_ne!(
        v["conformanceLevel"], "non-conformant",
        "{}",
        v["conformanceReason"]
    );
    assert_ne!(
        v["conformanceLevel"], "minimal",
        "{}",
        v["conformanceReason"]
    );
    let task = v["results"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["test"] == "area:task")
        .expect("area:task result");
    assert_eq!(task["status"], "pass", "{task}");
}

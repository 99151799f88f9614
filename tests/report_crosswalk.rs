//! The JSON report carries the cross-walk of each finding's requirements to the official
//! conformance suites (TCK requirement IDs, ACTS test IDs), with the suites' source commits.

use std::process::Command;

#[test]
fn json_report_maps_a_message_to_terminal_task_finding_to_tck_and_acts() {
    let case = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/cases/CASE-11.jsonl");
    let o = Command::new(env!("CARGO_BIN_EXE_a2a-interop"))
        .args(["verify", case, "--format", "json", "-o", "-"])
        .output()
        .unwrap();
    assert_eq!(
        o.status.code(),
        Some(1),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    let finding = v["findings"]
        .as_array()
        .unwrap()
        .iter()
        .find(|f| f["name"] == "message-to-terminal-task-accepted")
        .expect("the case's finding");
    let specs: Vec<&str> = finding["spec"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|s| s.as_str())
        .collect();
    assert!(specs.contains(&"TASK-002"), "{specs:?}");
    let cw = &v["crosswalk"];
    assert_eq!(cw["tck"]["repo"], "a2aproject/a2a-tck");
    assert_eq!(cw["acts"]["repo"], "a2aproject/a2a-itk");
    assert_eq!(cw["tck"]["commit"].as_str().unwrap().len(), 40);
    let t002 = &cw["requirements"]["TASK-002"];
    assert!(
        t002["tck"]
            .as_array()
            .unwrap()
            .iter()
            .any(|x| x == "CORE-SEND-002"),
        "{t002}"
    );
    assert!(
        t002["acts"]
            .as_array()
            .unwrap()
            .iter()
            .any(|x| x == "CORE-ERR-004"),
        "{t002}"
    );
    // Only the requirements the findings cite are listed.
    for key in cw["requirements"].as_object().unwrap().keys() {
        assert!(
            v["findings"].as_array().unwrap().iter().any(|f| f["spec"]
                .as_array()
                .unwrap()
                .iter()
                .any(|s| s == key.as_str())),
            "{key} is cited by no finding"
        );
    }
}

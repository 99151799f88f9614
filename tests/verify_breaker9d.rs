//! Wording of the findings for breaker9d's items: the rule is pinned by
//! `tests/cases/variants/b9d-*`; these tests pin what the message says.
//!
//! D12: a finding on 0.x traffic names the operation and the task states in the wire's own
//! terms (DIGEST §1 method map and states row, trap 5), so that a user finds them in their
//! logs: `message/send`, not `SendMessage`; `canceled` on 0.3 JSON-RPC and
//! `TASK_STATE_CANCELLED` on 0.3 HTTP+JSON, not the 1.0 `TASK_STATE_CANCELED`.

use crate::common;

use std::path::Path;

use common::verify_file as verify;

/// Every finding of variant case `name`.
fn findings(name: &str) -> Vec<a2a_interop::verify::Finding> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/cases/variants")
        .join(format!("{name}.jsonl"));
    verify(&path).findings
}

/// The message of the one finding of `rule` in case `name`.
fn one(name: &str, rule: &str) -> String {
    let all = findings(name);
    let hits: Vec<_> = all.iter().filter(|f| f.rule == rule).collect();
    assert_eq!(hits.len(), 1, "{name}: {all:?}");
    hits[0].message.clone()
}

#[test]
fn d12_v03_jsonrpc_result_names_the_method_as_sent() {
    let m = one("b9d-D12-v03-file-part-bytes-and-uri", "DATA-SHAPE-001");
    assert!(
        m.contains("result task of message/send is malformed"),
        "{m}"
    );
    assert!(!m.contains("SendMessage"), "{m}");
}

#[test]
fn d12_v03_rest_result_names_the_route_as_requested() {
    let m = one(
        "b9d-D12-v03-rest-get-task-answered-message",
        "DATA-SHAPE-001",
    );
    assert!(m.contains("GET /api/v1/tasks/t1 "), "{m}");
    assert!(
        !m.contains("GetTask") && !m.contains("historyLength"),
        "{m}"
    );
}

#[test]
fn d12_v03_jsonrpc_states_are_spelled_lowercase() {
    let name = "b9d-D12-v03-cancel-completed-returns-canceled";
    let m = one(name, "TASK-STATE-001");
    assert_eq!(m, "task t1 was completed and is later reported as canceled (caused by TASK-STATE-003: the agent accepted the cancel of the completed task instead of refusing it with TaskNotCancelableError)");
    let m = one(name, "TASK-STATE-003");
    assert!(m.contains("task t1 in completed returned success"), "{m}");
    for f in findings(name) {
        for e in &f.evidence {
            if let Some(v) = e.found.as_ref().and_then(|v| v.as_str()) {
                assert!(!v.starts_with("TASK_STATE_"), "{f:?}");
            }
        }
    }
}

#[test]
fn d12_v03_rest_canceled_state_is_spelled_with_double_l_as_sent() {
    let name = "b9d-D12-v03-rest-cancel-completed-returns-cancelled";
    let m = one(name, "TASK-STATE-001");
    assert_eq!(
        m,
        "task t1 was TASK_STATE_COMPLETED and is later reported as TASK_STATE_CANCELLED (caused by TASK-STATE-003: the agent accepted the cancel of the TASK_STATE_COMPLETED task instead of refusing it with TaskNotCancelableError)"
    );
    let f = findings(name);
    let later = f
        .iter()
        .find(|f| f.rule == "TASK-STATE-001")
        .and_then(|f| f.evidence.last())
        .and_then(|e| e.found.clone());
    assert_eq!(later, Some(serde_json::json!("TASK_STATE_CANCELLED")));
}

/// D10: when an A2A error's ErrorInfo reason and its HTTP status / JSON-RPC code disagree
/// (ERR-002), the operation and what the recording knows of the task say which part is
/// wrong; when they do not tell, the finding blames neither.
#[test]
fn d10_reason_impossible_for_the_call_is_blamed_not_the_correct_status() {
    let m = one(
        "b9d-D10-v10-rest-errorinfo-reason-mismatch",
        "REST-ERROR-001",
    );
    assert!(
        m.starts_with(
            "the agent's answer to GetTask (GET http://agent.example.test/api/tasks/nope): ErrorInfo reason TASK_NOT_CANCELABLE does not fit this call"
        ),
        "{m}"
    );
    assert!(m.contains("only a cancel"), "{m}");
    assert!(m.contains("it should be TASK_NOT_FOUND"), "{m}");
    assert!(!m.contains("expected 400"), "{m}");
    let m = one(
        "b9d-D10-v10-jsonrpc-errorinfo-reason-mismatch",
        "RPC-ERROR-001",
    );
    assert!(m.contains("code -32001 does"), "{m}");
    assert!(m.contains("it should be TASK_NOT_FOUND"), "{m}");
}

#[test]
fn d10_reason_the_recording_proves_blames_the_status_or_code() {
    let name = "b9d-D10-v10-rest-cancel-completed-404-not-cancelable";
    let m = one(name, "REST-ERROR-001");
    assert!(
        m.starts_with(
            "the agent's answer to CancelTask (POST http://agent.example.test/api/tasks/t1:cancel): HTTP status 404 does not match the error reason TASK_NOT_CANCELABLE (expected 400 or 409)"
        ),
        "{m}"
    );
    assert!(m.contains("task t1 was TASK_STATE_COMPLETED"), "{m}");
    assert!(findings(name).iter().all(|f| f.rule != "ID-TASK-001"));
    let m = one(
        "b9d-D10-v10-jsonrpc-cancel-completed-wrong-code",
        "RPC-ERROR-001",
    );
    assert!(
        m.starts_with(
            "error reason TASK_NOT_CANCELABLE means code -32002 but the agent answered -32001"
        ),
        "{m}"
    );
}

#[test]
fn d10_situation_that_does_not_tell_gives_a_neutral_message() {
    let m = one(
        "b9d-D10-v10-rest-cancel-unseen-404-not-cancelable",
        "REST-ERROR-001",
    );
    assert!(
        m.starts_with(
            "the agent's answer to CancelTask (POST http://agent.example.test/api/tasks/t9:cancel): HTTP status 404 and ErrorInfo reason TASK_NOT_CANCELABLE disagree"
        ),
        "{m}"
    );
    assert!(m.contains("does not tell which"), "{m}");
    assert!(!m.contains("expected"), "{m}");
    let m = one(
        "b9d-D10-v10-jsonrpc-cancel-unseen-code-reason-disagree",
        "RPC-ERROR-001",
    );
    assert!(
        m.starts_with("error code -32001 and ErrorInfo reason TASK_NOT_CANCELABLE disagree"),
        "{m}"
    );
}

/// D9: -32008 ExtensionSupportRequiredError is a 1.0 code (ERR-002: 0.3 ends at -32007);
/// answered to a header-less 0.3 request (VER-003) it is 1.0 semantics for a 0.3 client
/// (VER-002): a warning that names the agent, the code and why the request is 0.3.
#[test]
fn d9_extension_error_to_a_03_request_is_a_warning_naming_the_versions() {
    let f = findings("b9d-D9-v10-extension-required-error-for-03-client");
    assert_eq!(f.len(), 1, "{f:?}");
    assert_eq!(f[0].rule, "VER-MIX-001");
    assert_eq!(f[0].severity, a2a_interop::verify::Severity::Warning);
    let m = &f[0].message;
    assert!(
        m.starts_with("agent answered the 0.3 request message/send with -32008"),
        "{m}"
    );
    assert!(
        m.contains("ends at -32007") || m.contains("end at -32007"),
        "{m}"
    );
    assert!(m.contains("no A2A-Version"), "{m}");
    assert!(f[0].spec.iter().any(|s| s == "VER-003"), "{:?}", f[0].spec);
    assert!(f[0].help.contains("0.3 semantics"), "{}", f[0].help);
    let f = findings("b9d-D9-v10-only-agent-extension-error-for-03-client");
    let v = f
        .iter()
        .find(|x| x.rule == "VER-MIX-001")
        .unwrap_or_else(|| panic!("{f:?}"));
    assert!(v.help.contains("-32009"), "{}", v.help);
    let m = one("b9d-D9-v03-rest-extension-required-error", "VER-MIX-001");
    assert!(
        m.contains("request POST /api/v1/message:send with -32008"),
        "{m}"
    );
    assert!(findings("b9d-D9-legal-v10-required-extension-error").is_empty());
}

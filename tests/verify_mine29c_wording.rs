//! mine29c (round twenty-five: retries, duplicates, timeouts and resumption): what the
//! widened findings say. TASK-STATE-009 on a 0.3 `blocking: false` send names the 0.3 member
//! and the wait; ID-MSG-002 after an agent's internal failure names the reuse; a task not
//! found long after it ended is a purge (no finding) while one not found half a minute after
//! it ended is ID-TASK-001. Rules and severities are checked by `verify_cases`.

use crate::common;

use common::{only_message as message, verify_field as field, verify_variant as run};

#[test]
fn blocking_false_answered_late_names_the_0x_member_and_the_wait() {
    let m = message(
        &field("f614-v03-blocking-false-answered-at-completion"),
        "TASK-STATE-009",
    );
    assert!(
        m.contains("agent answered message/send with configuration.blocking: false only after 94.9 s, with task t-614 already in completed")
            && m.contains("never learns the task id to poll")
            && !m.contains("returnImmediately"),
        "{m}"
    );
    let m = message(
        &run("b29c-B1-v03-blocking-false-input-required-after-30s"),
        "TASK-STATE-009",
    );
    assert!(m.contains("already in input-required"), "{m}");
}

#[test]
fn blocking_false_evidence_points_at_the_request_member() {
    let out = field("f614-v03-blocking-false-answered-at-completion");
    let f = out
        .findings
        .iter()
        .find(|f| f.rule == "TASK-STATE-009")
        .expect("TASK-STATE-009");
    assert_eq!(
        f.evidence[0].pointer.as_deref(),
        Some("/params/configuration/blocking")
    );
    assert_eq!(f.evidence[0].found, Some(serde_json::Value::Bool(false)));
}

#[test]
fn retry_after_internal_error_with_other_text_is_a_reuse() {
    let m = message(
        &field("f612-v03-retry-same-message-id-other-text"),
        "ID-MSG-002",
    );
    assert!(
        m.contains(
            "client sent messageId m-612 again with other parts than the message it first named"
        ),
        "{m}"
    );
    let m = message(
        &run("b29c-M1-v10-rest-500-then-retry-other-parts"),
        "ID-MSG-002",
    );
    assert!(m.contains("messageId m-m1"), "{m}");
}

#[test]
fn purge_needs_the_task_ended_a_while_ago() {
    for case in [
        "b29c-P1-legal-v10-gettask-after-completed-not-found",
        "b29c-P2-legal-v10-rest-cancel-after-failed-404",
    ] {
        let out = run(case);
        assert!(
            out.findings.iter().all(|f| f.rule != "ID-TASK-001"),
            "{case}"
        );
    }
    let m = message(
        &run("b29c-P4-v10-gettask-30s-after-completed-not-found"),
        "ID-TASK-001",
    );
    assert!(m.contains("task t-p4 with not found"), "{m}");
}

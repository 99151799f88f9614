//! mine30a (round twenty-six: multi-turn conversations): what the new and narrowed findings
//! say. A follow-up the agent refused that a later read lists in its task's history is
//! ID-CTX-002 (another context) or TASK-STATE-002 (a terminal task), with the refused request,
//! the refusal and the history entry as evidence; a message's taskId "" names no task; a
//! TaskNotFoundError for a follow-up naming its task with another context is no lost task.
//! Rules and severities are checked by `verify_cases`.

use crate::common;

use common::{only_message as message, verify_field as field, verify_variant as run};

#[test]
fn refused_other_context_follow_up_kept_in_history_names_both_contexts() {
    let m = message(
        &field("f637-v10-refused-context-mismatch-message-kept-in-history"),
        "ID-CTX-002",
    );
    assert!(
        m.contains("agent refused message m-637b (contextId c-637-stale, naming task t-637 of context c-637)")
            && m.contains("the result task of GetTask lists that message in its history")
            && m.contains("stored the follow-up it rejected"),
        "{m}"
    );
    let m = message(
        &run("b30a-R4-v03-refused-mismatch-kept-in-stream-task"),
        "ID-CTX-002",
    );
    assert!(
        m.contains("the stream task event lists that message"),
        "{m}"
    );
}

#[test]
fn refused_follow_up_evidence_is_request_refusal_and_history_entry() {
    let out = field("f637-v10-refused-context-mismatch-message-kept-in-history");
    let f = out
        .findings
        .iter()
        .find(|f| f.rule == "ID-CTX-002")
        .expect("ID-CTX-002");
    assert_eq!(f.evidence.len(), 3);
    assert_eq!(
        f.evidence[0].pointer.as_deref(),
        Some("/params/message/messageId")
    );
    assert_eq!(
        f.evidence[2].pointer.as_deref(),
        Some("/result/history/2/messageId")
    );
    assert_eq!(
        f.evidence[2].found,
        Some(serde_json::Value::String("m-637b".into()))
    );
}

#[test]
fn refused_terminal_follow_up_kept_in_history_names_the_state_in_wire_terms() {
    let m = message(
        &run("b30a-R1-v10-rest-refused-terminal-follow-up-kept-in-history"),
        "TASK-STATE-002",
    );
    assert!(
        m.contains(
            "agent refused message m-r1b to task t-r1 in TASK_STATE_COMPLETED with HTTP 400"
        ) && m.contains("the finished task took in the message it rejected"),
        "{m}"
    );
}

#[test]
fn resent_refused_message_and_empty_task_id_draw_no_error() {
    for name in [
        "b30a-R2-legal-v10-refused-mismatch-then-resent-right-context",
        "b30a-E1-legal-v10-rest-follow-up-empty-task-id-new-task",
        "b30a-N1-legal-v10-mismatch-refused-task-not-found",
    ] {
        let out = run(name);
        assert!(
            !out.findings.iter().any(|f| matches!(
                f.rule.as_str(),
                "ID-CTX-002" | "ID-TASK-001" | "ID-TASK-002" | "TASK-STATE-002"
            )),
            "{name}: {:?}",
            out.findings.iter().map(|f| &f.rule).collect::<Vec<_>>()
        );
    }
    let out = field("f632-legal-v10-empty-string-ids-start-new-task");
    assert!(
        !out.findings.iter().any(|f| f.rule == "ID-TASK-002"),
        "{:?}",
        out.findings.iter().map(|f| &f.rule).collect::<Vec<_>>()
    );
}

//! mine24b: what the round's kind fixes say. The rule and severity of each case are checked
//! by `verify_cases`; this checks that the messages name the cause and the remedy.
//! - ID-TASK-006 (a2a-samples #304/#305): the agent asked and the other agent that handed
//!   the task id out, by URL; that the refusal is right.
//! - GW-REQ-003 (LiteLLM PR #28664): which id the gateway added, dropped or replaced, with
//!   the values on both legs.
//! - RPC-ERROR-001 (LiteLLM PR #28664): -32601 for a task method at the endpoint that
//!   handed the task out.
//! - STREAM-END-002 (redpanda console PR #2224, CopilotKit #6980): a stream cut after a
//!   quiet phase names the idle timeout, keep-alives and resubscribing; not when the agent
//!   kept the stream busy with SSE comments; the words name the silence measured and give
//!   common fronts' defaults as examples (review24b R5).
//! - ID-TASK-006 on an answered send (review24b R4): how the answer is another task.

use crate::common;

use common::{only_message as message, verify_field as field, verify_variant as run};

#[test]
fn other_agents_task_names_both_agents() {
    let m = message(
        &field("f361-v03-host-forwards-other-agents-task-id"),
        "ID-TASK-006",
    );
    assert!(
        m.contains("task 8cadbb68-77e5-4ead-85e7-b9ad98f565e2 in its message/send")
            && m.contains("to the agent at https://math-mul.example.test:443")
            && m.contains("handed out by another agent, at https://math-add.example.test:443")
            && m.contains("rightly answered not found"),
        "{m}"
    );
    // Two agents behind one gateway host: told apart by their JSON-RPC endpoint paths.
    let m = message(
        &run("b24b-K2-v03-same-gateway-other-agent-path"),
        "ID-TASK-006",
    );
    assert!(
        m.contains("llm-gateway.example.test:443/a2a/mul")
            && m.contains("llm-gateway.example.test:443/a2a/add"),
        "{m}"
    );
}

#[test]
fn rewritten_message_ids_name_the_change() {
    let m = message(&field("f364-v03-gateway-injects-context-id"), "GW-REQ-003");
    assert!(
        m.contains("message/send")
            && m.contains(
                "added contextId \"5f0c2a9e-1d7b-4e1a-9a55-0d6f2b8c7e31\" to the message, which the client sent without one"
            ),
        "{m}"
    );
    let m = message(
        &run("b24b-K1-v10-gw-drops-task-id-on-follow-up"),
        "GW-REQ-003",
    );
    assert!(
        m.contains("dropped the message's taskId \"t-k1a\"")
            && m.contains("never reaches the task it continues"),
        "{m}"
    );
    let m = message(
        &run("b24b-K1-v10-rest-gw-replaces-context-id"),
        "GW-REQ-003",
    );
    assert!(
        m.contains("HTTP+JSON message send")
            && m.contains(
                "replaced the message's contextId \"c-client-k1b\" with \"gw-session-77\""
            ),
        "{m}"
    );
}

#[test]
fn task_method_not_found_names_the_task_the_endpoint_handed_out() {
    let m = message(
        &field("f377-v03-gateway-answers-tasks-get-method-not-found"),
        "RPC-ERROR-001",
    );
    assert!(
        m.contains("answered tasks/get on task t-28664 with -32601")
            && m.contains("handed out that task itself earlier")
            && m.contains("forward the task methods"),
        "{m}"
    );
    // A read is what the client lost, not a cancel (review24b).
    assert!(
        m.contains("cannot read the task") && !m.contains("cancel"),
        "{m}"
    );
    // A cancel: the client lost the cancel, and the errors a cancel may rightly answer.
    let m = message(
        &run("b24b-K3-v10-cancel-method-not-found-after-send"),
        "RPC-ERROR-001",
    );
    assert!(
        m.contains("answered CancelTask on task t-k3a with -32601")
            && m.contains("cannot cancel the task it was given")
            && m.contains("serve CancelTask")
            && m.contains("-32002 TaskNotCancelableError for one it cannot cancel"),
        "{m}"
    );
}

#[test]
fn stream_cut_after_quiet_phase_names_the_idle_timeout() {
    let m = message(
        &field("f367-v03-stream-cut-by-idle-timeout-resubscribed"),
        "STREAM-END-006",
    );
    assert!(
        m.contains("after 60 s in which the stream carried no byte")
            && m.contains("idle timeout")
            && m.contains("': keep-alive'")
            && m.contains("tasks/resubscribe"),
        "{m}"
    );
    let m = message(
        &run("b24b-K4-v10-rest-stream-cut-after-100s-quiet"),
        "STREAM-END-002",
    );
    assert!(m.contains("after 100 s"), "{m}");
    // Keep-alive comments up to 5 s before the cut: no idle timeout to blame.
    let m = message(
        &run("b24b-K4-v03-stream-cut-despite-keepalives"),
        // 0.3: STREAM-END-002's 0.x warning (sev44b)
        "STREAM-END-007",
    );
    assert!(!m.contains("idle timeout"), "{m}");
}

/// review24b R5: the idle-cut words fire from 30 s of silence, so they name the silence
/// they measured and an idle timeout of about that length, and give the common fronts'
/// 60 s / 100 s defaults as examples only (not as the timeout that cut this stream); below
/// 30 s they say nothing of a timeout.
#[test]
fn idle_cut_words_name_the_measured_silence() {
    let m = message(
        &run("b25s-5-v10-rest-stream-cut-after-35s-quiet"),
        "STREAM-END-002",
    );
    assert!(
        m.contains("after 35 s in which the stream carried no byte")
            && m.contains("measured from its last byte to its end")
            && m.contains("idle or read timeout of about 35 s")
            && m.contains("defaults vary, for example")
            && m.contains("set them lower"),
        "{m}"
    );
    let m = message(
        &run("b25s-5-v10-rest-stream-cut-after-20s-quiet"),
        "STREAM-END-002",
    );
    assert!(!m.contains("timeout"), "{m}");
    // GW-SSE-002 (from 5 s of silence): the same shape of words.
    let m = message(
        &run("b19-Y13-gw-v03-idle-timeout-cuts-stream"),
        "GW-SSE-002",
    );
    assert!(
        m.contains("cut 60 s after the last event it got (measured from that event to the cut)")
            && m.contains("idle or read timeout of about 60 s in the gateway")
            && m.contains("defaults vary, for example"),
        "{m}"
    );
}

/// review24b R4: ID-TASK-006 on a success answer says how the answer is another task (its
/// id, its contextId, a finished task changed) and that one agent behind two hostnames
/// answers the same task; the same task answered is silent (`b25s-6-legal-*`, asserted by
/// `verify_cases::b25s_legal_controls_are_silent`).
#[test]
fn other_agents_task_answered_names_how_it_differs() {
    let m = message(
        &run("b25s-6-v10-other-agent-answers-send-with-new-task"),
        "ID-TASK-006",
    );
    assert!(
        m.contains("answered with another task, t-b9") && m.contains("two hostnames"),
        "{m}"
    );
    let m = message(
        &run("b25s-6-v10-other-agent-answers-task-id-other-context"),
        "ID-TASK-006",
    );
    assert!(
        m.contains("in another context, c-b9, not the other agent's c-s1"),
        "{m}"
    );
    let m = message(
        &run("b25s-6-v10-other-agent-answers-finished-task-as-working"),
        "ID-TASK-006",
    );
    assert!(
        m.contains(
            "in TASK_STATE_WORKING although the other agent had reported it TASK_STATE_COMPLETED"
        ),
        "{m}"
    );
}

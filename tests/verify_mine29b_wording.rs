//! mine29b: what the round's kind fixes say. The rule and severity of each case are checked
//! by `verify_cases`; this checks that the messages name the cause and the evidence, and
//! that the controls stay silent on the rule.
//! - CAP-STREAM-003, new (litellm #28577): a streaming call to an agent whose card declares
//!   no streaming names the call, what the card says and what the client got instead.
//! - VER-CARD-002 / BIND-USE-002 on HTTP+JSON, widened (a2a-go #269): 1.0's route form below
//!   a 0.3 HTTP+JSON interface names the version asked (or the missing /v1 prefix) and is no
//!   CARD-URL-002 against the card's url.

use crate::common;

use common::{only_message as message, verify_field as field, verify_variant as run};

#[test]
fn streaming_call_to_a_card_without_streaming_names_the_call_and_the_card() {
    let m = message(
        &field("f581-v03-bridge-streams-to-agent-without-streaming"),
        "CAP-STREAM-003",
    );
    assert!(
        m.contains("client called message/stream")
            && m.contains("sets capabilities.streaming to false")
            && m.contains("got HTTP 500 instead of an event stream"),
        "{m}"
    );
    let m = message(
        &run("b29b-K2-v03-resubscribe-card-without-streaming"),
        "CAP-STREAM-003",
    );
    assert!(
        m.contains("client called tasks/resubscribe")
            && m.contains("does not declare capabilities.streaming")
            && m.contains("got error -32004 (HTTP 200)"),
        "{m}"
    );
}

#[test]
fn streams_the_agent_served_or_the_card_offers_leave_the_client_alone() {
    for name in [
        "b29b-K2-v03-card-streaming-false-but-served",
        "b29b-K2-legal-v03-stream-card-declares-streaming",
    ] {
        let out = run(name);
        assert!(
            out.findings.iter().all(|f| f.rule != "CAP-STREAM-003"),
            "{name}: {:?}",
            out.findings
        );
    }
}

#[test]
fn v1_route_form_below_a_v03_rest_interface_is_the_clients_fault() {
    let out = field("f587-v10-rest-client-to-v03-rest-agent");
    assert!(
        out.findings.iter().all(|f| f.rule != "CARD-URL-002"),
        "{:?}",
        out.findings
    );
    let m = message(&out, "VER-CARD-002");
    assert!(
        m.contains("in protocol version 1.0 (A2A-Version 1.0)") && m.contains("declares only 0.3"),
        "{m}"
    );
    let m = message(
        &run("b29b-K1-v03-rest-client-drops-v1-prefix"),
        "BIND-USE-002",
    );
    assert!(
        m.contains("client sent POST /a2a/message:send, 1.0's route form")
            && m.contains("call POST /a2a/v1/message:send")
            && m.contains("answered HTTP 404"),
        "{m}"
    );
    let out = run("b29b-K1-v03-rest-agent-v1-route-404");
    assert!(
        out.findings.iter().any(|f| f.rule == "CARD-URL-002"),
        "{:?}",
        out.findings
    );
}

#[test]
fn cancel_of_a_live_task_refused_as_internal_error_names_the_task_and_the_due_error() {
    // a 0.3 call: the code is ERR-002's SHOULD there, RPC-ERROR-006 (sev44)
    let m = message(
        &field("f596-v03-framework-cancel-not-implemented-internal-error"),
        "RPC-ERROR-006",
    );
    assert!(
        m.contains("task t-4127, which the agent handed out and last showed working, is live")
            && m.contains("TaskNotCancelableError (TASK-003")
            && m.contains("-32603")
            && m.ends_with(": the 0.3 spec recommends -32002 TaskNotCancelableError here (ERR-002: a SHOULD in 0.3, a MUST from 1.0)"),
        "{m}"
    );
    for name in [
        "b29b-K3-legal-v03-cancel-live-task-not-cancelable",
        "b29b-K3-v03-control-cancel-unseen-task-internal-error",
    ] {
        let out = run(name);
        assert!(
            out.findings
                .iter()
                .all(|f| f.rule != "RPC-ERROR-001" && f.rule != "RPC-ERROR-006"),
            "{name}: {:?}",
            out.findings
        );
    }
}

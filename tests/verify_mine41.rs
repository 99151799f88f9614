//! mine41 (round forty-one: the SDKs' 2026 fix lines): what the widened and the new checks
//! say, beyond the rule and severity `verify_cases` checks. TASK-STATE-006
//! (subscribe-terminal-task-accepted) on a subscription answered 200 text/event-stream whose
//! only event is the UnsupportedOperationError (a2a-dotnet #478): the right refusal in the
//! wrong place, said as such, where the old message said only "opened a stream". PUSH-CFG-006
//! (push-config-list-misses-live-config) for a config given inline with the send (a2a-js
//! #336): the webhook, the send's exchange and the pointer of the url it gave. CARD-URL-012
//! (card-url-template-placeholder, inite-brain-service #483): the url, the placeholder, its
//! pointer, and no second verdict on the placeholder's "host". PUSH-CFG-007 on a 422
//! (a2a-java #732): the status the agent answered.

use crate::common;

use common::{only_message, variant_finding, variant_message, variant_rules};

#[test]
fn a_terminal_subscribe_refused_inside_the_stream_says_so() {
    let out = common::verify_field("f920-v10-rest-subscribe-terminal-refusal-inside-stream");
    let m = only_message(&out, "TASK-STATE-006");
    assert!(
        m.starts_with("agent answered SubscribeToTask on task t-478 (TASK_STATE_COMPLETED since exchange e2) with HTTP 200 text/event-stream whose only event is HTTP+JSON error event 400 FAILED_PRECONDITION (ErrorInfo UNSUPPORTED_OPERATION)"),
        "{m}"
    );
    assert!(
        m.contains("UnsupportedOperationError as the call's own error response"),
        "{m}"
    );
    let f = out
        .findings
        .iter()
        .find(|f| f.rule == "TASK-STATE-006")
        .unwrap();
    // where the task ended, the stream's head, the error event itself
    assert_eq!(f.evidence.len(), 3, "{:?}", f.evidence);
    assert_eq!(f.evidence[2].pointer.as_deref(), Some("/error/code"));
    // the JSON-RPC form names the JSON-RPC error
    let m = variant_message(
        "b41a-S1-v10-jsonrpc-subscribe-terminal-refusal-inside-stream",
        "TASK-STATE-006",
    );
    assert!(
        m.contains("whose only event is JSON-RPC error -32004 UnsupportedOperationError"),
        "{m}"
    );
}

#[test]
fn a_terminal_subscribe_that_streams_the_task_names_the_stream_and_the_ask() {
    // f907: the 0.3 form (the Task once, then the end) on a 1.0 call
    let out = common::verify_field("f907-v10-subscribe-terminal-opens-stream");
    let m = only_message(&out, "TASK-STATE-006");
    assert_eq!(
        m,
        "agent opened a stream for SubscribeToTask on task t-520b (TASK_STATE_COMPLETED since exchange e2) (HTTP 200 text/event-stream, 1 event) instead of answering UnsupportedOperationError: a terminal task takes no subscription (TASK-004, 1.0 §3.1.6)"
    );
}

#[test]
fn an_inline_push_config_missing_from_the_list_names_the_webhook_and_the_send() {
    let out = common::verify_field("f930-v03-rest-inline-push-config-dropped");
    let m = only_message(&out, "PUSH-CFG-006");
    assert!(
        m.contains("lists no config at all, so none for webhook https://hooks.example.test/a2a"),
        "{m}"
    );
    assert!(
        m.contains("(exchange e2, at /configuration/pushNotification/url)"),
        "{m}"
    );
    let f = out
        .findings
        .iter()
        .find(|f| f.rule == "PUSH-CFG-006")
        .unwrap();
    assert_eq!(f.evidence[0].exchange.as_deref(), Some("e2"));
    let m = variant_message(
        "b41a-P2-v03-jsonrpc-inline-config-missing-from-list",
        "PUSH-CFG-006",
    );
    assert!(m.contains("lists 1 config, none for webhook"), "{m}");
    for legal in [
        "b41a-P4-legal-v10-inline-config-listed-with-agent-id",
        "b41a-P5-legal-v10-inline-config-task-completed-before-list",
        "b41a-P6-legal-v10-inline-config-deleted",
        "b41a-P7-legal-v10-inline-config-second-page",
    ] {
        assert!(
            !variant_rules(legal).iter().any(|r| r == "PUSH-CFG-006"),
            "{legal}"
        );
    }
}

#[test]
fn a_placeholder_in_an_interface_url_is_named_once() {
    let out = common::verify_field("f928-card10-interface-url-template-placeholder");
    let m = only_message(&out, "CARD-URL-012");
    assert!(
        m.starts_with("card interface url https://brain.example.test/companies/{companyId}/mcp (at /supportedInterfaces/0/url, card fetched from /.well-known/agent-card.json) holds the unexpanded placeholder {companyId}"),
        "{m}"
    );
    // ${AGENT_HOST} is no host: no internal-host or plain-http verdict beside it
    let rules = variant_rules("b41a-U1-card03-url-env-placeholder");
    assert_eq!(rules, vec!["CARD-URL-012".to_string()], "{rules:?}");
    let f = variant_finding(
        "b41a-U3-card10-second-interface-route-template",
        "CARD-URL-012",
    );
    assert_eq!(
        f.evidence[0].pointer.as_deref(),
        Some("/supportedInterfaces/1/url")
    );
}

#[test]
fn a_push_config_create_refused_with_422_names_that_status() {
    let out = common::verify_field("f919-v10-rest-create-push-config-path-task-id-422");
    let m = only_message(&out, "PUSH-CFG-007");
    assert!(
        m.starts_with("agent refused a valid 1.0 HTTP+JSON CreateTaskPushNotificationConfig with HTTP 422 \"taskId is required\""),
        "{m}"
    );
}

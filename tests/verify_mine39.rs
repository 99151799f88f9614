//! mine39 (round thirty-nine: 1.0 wire details of answers): what RPC-ERROR-004
//! (jsonrpc-error-info-missing, a note) says of a 1.0 JSON-RPC A2A error without a
//! google.rpc.ErrorInfo (a2a-elixir #76) and that it is told once per agent; what
//! DATA-SHAPE-001 says of a 0.x push-config delete answered with a result other than null
//! (a2a-js PR #166) and of a push-config list held under another member than `configs`; and
//! that none of the three speaks, even as a note, on the legal controls beside them.
//! Rules and severities are checked by `verify_cases`.

use crate::common;

use common::{only_message, variant_message, variant_rules};

#[test]
fn a_missing_error_info_names_the_call_the_error_and_the_reason_meant() {
    let out = common::verify_field("f880-v10-jsonrpc-task-not-found-without-error-info");
    let m = only_message(&out, "RPC-ERROR-004");
    assert!(
        m.starts_with("the agent answered GetTask (POST https://agent.example.test/a2a) with the A2A error -32001 TaskNotFoundError and no data member:"),
        "{m}"
    );
    assert!(m.contains("\"reason\": \"TASK_NOT_FOUND\""), "{m}");
    assert!(m.contains("1.0.0 §9.5 MUST, 1.0.1 SHOULD"), "{m}");
    let f = out
        .findings
        .iter()
        .find(|f| f.rule == "RPC-ERROR-004")
        .unwrap();
    assert_eq!(f.evidence[0].pointer.as_deref(), Some("/error"));
}

#[test]
fn a_missing_error_info_is_told_once_per_agent_and_a_list_without_one_is_named() {
    // Two A2A errors of one agent (-32004, then -32001): one note, on the first.
    let m = variant_message(
        "b39a-E1-v10-send-terminal-unsupported-without-data-twice",
        "RPC-ERROR-004",
    );
    assert!(
        m.contains("-32004 UnsupportedOperationError") && m.contains("UNSUPPORTED_OPERATION"),
        "{m}"
    );
    let m = variant_message(
        "b39a-E2-v10-task-not-found-data-without-error-info",
        "RPC-ERROR-004",
    );
    assert!(
        m.contains("and a detail list in data without a google.rpc.ErrorInfo:"),
        "{m}"
    );
}

#[test]
fn a_0x_delete_result_says_what_it_held_and_that_null_is_asked() {
    let out = common::verify_field("f885-v03-delete-push-config-result-not-null");
    let m = only_message(&out, "DATA-SHAPE-001");
    assert_eq!(
        m,
        "result of tasks/pushNotificationConfig/delete is an object with taskId, pushNotificationConfig where the 0.3 schema's DeleteTaskPushNotificationConfigSuccessResponse has \"result\": null: a client that decodes the answer against the schema refuses the successful delete (answer {\"jsonrpc\": \"2.0\", \"id\": ..., \"result\": null}; the Empty {} is 1.0's DeleteTaskPushNotificationConfig result)"
    );
    let m = variant_message(
        "b39a-D1-v03-delete-push-config-empty-object",
        "DATA-SHAPE-001",
    );
    assert!(
        m.contains("is the empty object {} where the 0.3 schema's"),
        "{m}"
    );
}

#[test]
fn a_push_config_list_under_another_name_names_the_member_and_the_count() {
    let m = variant_message(
        "b39a-L2-v10-rest-list-push-configs-named-items",
        "DATA-SHAPE-001",
    );
    assert!(
        m.starts_with("result of ListTaskPushNotificationConfigs holds its 2 push notification configs under items, a member ListTaskPushNotificationConfigsResponse does not define, and has no configs:"),
        "{m}"
    );
    let f = common::variant_finding(
        "b39a-L1-v10-list-push-configs-named-push-notification-configs",
        "DATA-SHAPE-001",
    );
    assert_eq!(
        f.evidence[0].pointer.as_deref(),
        Some("/result/pushNotificationConfigs")
    );
}

#[test]
fn the_legal_controls_draw_none_of_the_three_not_even_a_note() {
    for name in [
        "b39a-E3-legal-v10-task-not-found-with-error-info",
        "b39a-E4-legal-v03-task-not-found-without-data",
        "b39a-E5-legal-v10-invalid-params-without-data",
        "b39a-D3-legal-v03-delete-push-config-null",
        "b39a-D4-legal-v03-rest-delete-push-config-empty",
        "b39a-D5-legal-v10-delete-push-config-empty",
        "b39a-L4-legal-v10-list-push-configs-configs",
        "b39a-L5-legal-v10-list-push-configs-empty-object",
    ] {
        let rules = variant_rules(name);
        assert!(
            rules
                .iter()
                .all(|r| r != "RPC-ERROR-004" && r != "DATA-SHAPE-001"),
            "{name}: {rules:?}"
        );
    }
}

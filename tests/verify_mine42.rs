//! mine42 (round forty-two: fix commits of the SDKs since their 1.0 releases): what the
//! widened and the new checks say, beyond the rule and severity `verify_cases` checks.
//! REST-ERROR-001 on a 1.0 HTTP+JSON stream event that carries the JSON-RPC error object
//! (a2a-dotnet d9208f9): the code seen and the google.rpc.Status to send instead.
//! PUSH-CFG-008 (new, a2a-java #1053): which member, which header, the evidence pointer.
//! PUSH-CFG-003 / DATA-PARAM-001 on a 1.0 Create whose url sits in a `config` wrapper
//! (a2a-dotnet #416): the wrapper named. DATA-PARAM-002 is a warning, so `verify_cases`
//! cannot see its false positive on a part written as ts-proto's `{$case, value}` (A2A
//! #2087): checked here, with the client's DATA-SHAPE-002 naming the in-memory oneof.

use crate::common;

use common::{only_message, variant_finding, variant_rules};

#[test]
fn a_jsonrpc_error_object_in_a_rest_stream_names_the_status_to_send() {
    let m = variant_finding(
        "b42a-X1-v10-rest-stream-error-jsonrpc-object-with-data",
        "REST-ERROR-001",
    )
    .message;
    assert!(
        m.starts_with("1.0 HTTP+JSON stream error event of SendStreamingMessage (POST https://rest-agent.example.test/message:stream) is a JSON-RPC error object (code -32603, InternalError; no status, data where details belongs)"),
        "{m}"
    );
    assert!(
        m.ends_with(
            r#"(send {"code": 500, "status": "INTERNAL", "message": ..., "details": [...]})"#
        ),
        "{m}"
    );
    let out = common::verify_field("f936-v10-rest-stream-error-jsonrpc-form");
    let m = only_message(&out, "REST-ERROR-001");
    assert!(
        m.contains("(code -32603, InternalError; no status, no details)"),
        "{m}"
    );
    // The cut is read as the JSON-RPC error it is: its code and message, once.
    let cut = only_message(&out, "STREAM-END-005");
    assert!(
        cut.contains("ended with JSON-RPC error -32603 InternalError \"An internal error occurred during streaming.\" while the task was in TASK_STATE_WORKING"),
        "{cut}"
    );
}

#[test]
fn a_push_config_header_value_with_crlf_names_member_and_header() {
    let f = variant_finding("b42a-H2-v10-rest-create-credentials-crlf", "PUSH-CFG-008");
    assert!(
        f.message.starts_with("agent accepted CreateTaskPushNotificationConfig with a push notification config whose authentication.credentials (18 characters, value not shown) holds CR LF at character 4: the agent sends it in the Authorization header of every notification to https://hooks.example.test/a2a"),
        "{}",
        f.message
    );
    assert_eq!(
        f.evidence[0].pointer.as_deref(),
        Some("/authentication/credentials"),
        "{f:?}"
    );
    let f = variant_finding("b42a-H3-v03-set-token-crlf", "PUSH-CFG-008");
    assert!(
        f.message.starts_with("agent accepted tasks/pushNotificationConfig/set with a push notification config whose token (18 characters, value not shown) holds CR LF at character 4"),
        "{}",
        f.message
    );
    assert!(
        f.message.contains("X-A2A-Notification-Token header"),
        "{}",
        f.message
    );
    assert_eq!(
        f.evidence[0].pointer.as_deref(),
        Some("/params/pushNotificationConfig/token"),
        "{f:?}"
    );
    let f = variant_finding("b42a-H1-v10-inline-config-token-lf", "PUSH-CFG-008");
    assert!(
        f.message.contains("holds an LF at character 4"),
        "{}",
        f.message
    );
    // The secret itself is never quoted, in the message or the evidence.
    assert!(!f.message.contains("X-Forwarded-For"), "{}", f.message);
    assert!(f.evidence.iter().all(|e| e.found.is_none()), "{f:?}");
    assert_eq!(
        f.evidence[0].pointer.as_deref(),
        Some("/params/configuration/taskPushNotificationConfig/token"),
        "{f:?}"
    );
}

#[test]
fn a_create_with_its_config_wrapped_names_the_wrapper() {
    let out = common::verify_field("f934-v10-create-push-config-params-wrapped");
    for rule in ["PUSH-CFG-003", "DATA-PARAM-001"] {
        let m = only_message(&out, rule);
        assert!(
            m.contains("its url is inside a config member ({taskId, config: {url, ...}}: the CreateTaskPushNotificationConfigRequest of the 1.0 drafts, dropped by A2A #1500 before 1.0)"),
            "{rule}: {m}"
        );
    }
}

#[test]
fn a_refusal_of_a_part_without_content_is_no_unknown_field_fault() {
    let name = "f944-v10-part-ts-proto-oneof-refused";
    let out = common::verify_field(name);
    let rules: Vec<_> = out.findings.iter().map(|f| f.rule.as_str()).collect();
    assert!(!rules.contains(&"DATA-PARAM-002"), "{name}: {rules:?}");
    let m = only_message(&out, "DATA-SHAPE-002");
    assert!(
        m.contains(r#"found none: content {"$case": "data", "value": ...} is a code generator's in-memory form of the oneof (ts-proto)"#),
        "{m}"
    );
    let r = variant_rules("b42a-P3-v10-rest-ts-proto-oneof-refused");
    assert!(!r.contains(&"DATA-PARAM-002".to_string()), "{r:?}");
    // A valid arm beside an unknown member still is DATA-PARAM-002's (DATA-003).
    let out = common::verify_field("f947-v10-part-unknown-member-refused");
    only_message(&out, "DATA-PARAM-002");
}

#[test]
fn an_accepted_part_with_two_content_members_names_them() {
    let m = variant_finding(
        "b42a-P1-v10-rest-part-raw-and-url-accepted",
        "DATA-PARAM-001",
    )
    .message;
    assert!(
        m.starts_with("agent accepted SendMessage whose message part 0 sets raw and url at once"),
        "{m}"
    );
    let m = variant_finding(
        "b42a-P2-v10-stream-part-media-type-only-accepted",
        "DATA-PARAM-001",
    )
    .message;
    assert!(
        m.starts_with(
            "agent accepted SendStreamingMessage whose message part 1 sets no content member"
        ),
        "{m}"
    );
}

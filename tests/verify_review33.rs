//! review33 (the verifier's leftovers of session 32): what the new and changed findings say
//! and how many there are. Rules and severities of every `b33q-*` variant are checked by
//! `verify_cases`; this file holds the wording (what happened, the spec ID, what to do) and
//! the counts per kind, against `tests/cases/variants/gen_b33q.py`.

use crate::common;

use common::{
    variant_errors_and_warnings as rules_of, variant_finding, variant_kind, variant_names,
};

/// Every `b33q-` variant whose name holds `kind`, with its errors and warnings.
fn kind(k: &str) -> Vec<(String, Vec<String>)> {
    variant_kind("b33q-", k)
}

#[test]
fn each_kind_has_faults_and_a_legal_control() {
    for k in ["-X", "-O", "-M", "-C", "-A", "-I", "-S", "-D", "-B"] {
        let all = kind(k);
        let legal = all.iter().filter(|(n, _)| n.contains("-legal-")).count();
        let faults = all.iter().filter(|(n, _)| !n.contains("-legal-")).count();
        assert!(
            legal >= 1 && faults >= 2,
            "{k}: {legal} legal, {faults} faults"
        );
        for (n, r) in all.iter().filter(|(n, _)| n.contains("-legal-")) {
            assert!(r.is_empty(), "{n}: {r:?}");
        }
    }
    assert_eq!(variant_names("b33q-", "").len(), 46);
}

#[test]
fn extended_card_required_extension_names_the_extended_card_and_its_exchange() {
    let f = variant_finding(
        "b33q-X1-v10-extended-card-required-extension-not-enforced",
        "CAP-EXT-001",
    );
    assert_eq!(
        f.message,
        "message call SendMessage was processed although the client did not activate the required extension https://ext.example.test/audit/v1 (no A2A-Extensions entry); the authenticated extended card the agent served in exchange e2 marks it required, and the client sent a credential, so that card is the agent's card for it (1.0 \u{a7}3.1.11); expected ExtensionSupportRequiredError"
    );
    // the call, the answer, the public card, the extended card
    let xs: Vec<Option<&str>> = f.evidence.iter().map(|e| e.exchange.as_deref()).collect();
    assert_eq!(xs, [Some("e3"), Some("e3"), Some("e1"), Some("e2")]);
    assert_eq!(
        variant_finding(
            "b33q-X3-v03-extended-card-required-extension-not-enforced",
            "CAP-EXT-007"
        )
        .message,
        "agent processed message/send although the client did not activate https://ext.example.test/audit/v1, which the authenticated extended card the agent served in exchange e2 (the client sent a credential, so that card is the agent's card for it) marks required (the request has no X-A2A-Extensions header); the agent should refuse such a call"
    );
}

#[test]
fn refusal_for_the_extended_cards_extension_is_no_cap_ext_002() {
    assert!(rules_of("b33q-X6-legal-v10-extended-card-required-extension-refused").is_empty());
    assert_eq!(
        rules_of("b33q-X5-v10-extended-card-required-extension-anonymous-call-refused"),
        ["AUTH-SCHEME-004"]
    );
}

#[test]
fn extended_card_grants_hold_on_the_agents_other_origins() {
    assert!(
        rules_of("b33q-O1-legal-v10-extended-card-streaming-on-other-origin-interface").is_empty()
    );
    assert!(rules_of("b33q-O2-legal-v10-extended-card-streaming-on-its-own-new-origin").is_empty());
    let mut r = rules_of("b33q-O3-v10-extended-card-streaming-other-origin-anonymous-call");
    r.sort();
    assert_eq!(r, ["AUTH-OPEN-001", "CAP-STREAM-001"]);
    assert!(variant_finding(
        "b33q-O4-v10-extended-card-required-extension-other-origin",
        "CAP-EXT-001"
    )
    .message
    .starts_with("message call /message:send was processed although the client did not activate the required extension https://ext.example.test/audit/v1"));
}

#[test]
fn v0_method_under_1_0_header_served_tells_the_agent_and_the_client() {
    let m = variant_finding(
        "b33q-M1-v10-v01-tasks-send-under-1-0-header-served-1-0-form",
        "VER-HDR-006",
    )
    .message;
    assert_eq!(
        m,
        "client called the 0.1/0.2 method tasks/send at https://agent.example.test/a2a under A2A-Version 1.0, and the agent, whose card declares only 1.0, answered it in the 1.0 form (the {\"task\"} wrapper), reading a method 1.0 does not have as one it has: under 1.0 semantics (VER-002) tasks/send does not exist, so the answer owed is -32601 MethodNotFoundError (RPC-003; the 1.0 method is SendMessage); a warning, the client that mixed the versions is at fault first (VER-MIX-002)"
    );
    let m = variant_finding(
        "b33q-M2-v10-v03-message-send-under-1-0-header-served-0-3-form",
        "VER-HDR-006",
    )
    .message;
    assert!(
        m.contains("answered it in the 0.2/0.3 form, ignoring the version the header asked for"),
        "{m}"
    );
    for n in [
        "b33q-M4-v10-v01-tasks-send-under-1-0-header-refused",
        "b33q-M5-v10-dual-card-v03-method-under-1-0-header-served",
    ] {
        assert_eq!(rules_of(n), ["VER-MIX-002"], "{n}");
    }
}

#[test]
fn response_without_content_type_says_it_has_none_and_what_to_send() {
    assert_eq!(
        variant_finding(
            "b33q-C1-v10-jsonrpc-response-without-content-type",
            "RPC-ENVELOPE-001"
        )
        .message,
        "agent's JSON-RPC response to SendMessage has no Content-Type header: RPC-001 makes it application/json, and a client that checks the media type (a2a-go #264: Microsoft Copilot) refuses the body while others read it as JSON anyway; send Content-Type: application/json"
    );
    assert!(variant_finding(
        "b33q-C2-v03-jsonrpc-response-text-plain",
        "RPC-ENVELOPE-001"
    )
    .message
    .starts_with("agent's JSON-RPC response to message/send is served as text/plain: RPC-001"));
}

#[test]
fn v0_answer_under_a2a_json_names_binding_version_and_fix() {
    // open45: the binding's MUST broken, HTTP-MEDIA-005 (an error; was VER-MIX-001's warning)
    assert_eq!(
        variant_finding("b33q-A1-v03-rest-answered-a2a-json", "HTTP-MEDIA-005").message,
        "agent answered the 0.3 HTTP+JSON call POST https://agent.example.test/v1/message:send with Content-Type application/a2a+json, the media type 1.0 defines for its HTTP+JSON binding only (1.0 §14.1.1): 0.3 HTTP+JSON answers are application/json (REST-003 MUST), so a client that checks the media type refuses the answer; answer with Content-Type: application/json"
    );
    assert!(
        variant_finding("b33q-A3-v03-jsonrpc-answered-a2a-json", "HTTP-MEDIA-005")
            .message
            .contains("0.3 JSON-RPC answers are application/json (RPC-001 MUST; 1.0 §9.1)")
    );
}

#[test]
fn exponent_ids_are_integers_fractions_are_not() {
    for n in [
        "b33q-I1-legal-v10-id-exponent-echoed-as-integer",
        "b33q-I2-legal-v10-id-exponent-echoed-as-written",
        "b33q-I6-legal-v10-id-exponent-with-sign-echoed-as-integer",
    ] {
        assert!(rules_of(n).is_empty(), "{n}");
    }
    assert_eq!(
        rules_of("b33q-I3-v10-id-integral-decimal-echoed-as-integer"),
        ["RPC-REQ-001"]
    );
    assert_eq!(
        rules_of("b33q-I4-v10-id-exponent-fraction"),
        ["RPC-REQ-001"]
    );
    assert_eq!(
        rules_of("b33q-I5-v10-id-exponent-echo-other-value"),
        ["RPC-ID-001"]
    );
}

#[test]
fn push_config_call_of_another_principal_says_what_it_gave_away() {
    let m = variant_finding(
        "b33q-S1-v10-push-config-list-served-to-other-subject",
        "AUTH-SCOPE-003",
    )
    .message;
    assert!(
        m.starts_with("agent answered ListTaskPushNotificationConfigs of task t1 with the task's push notification configs (webhook url and token), to a caller whose credentials name subject \"mallory\""),
        "{m}"
    );
    let m = variant_finding(
        "b33q-S2-v10-push-config-create-by-other-subject",
        "AUTH-SCOPE-003",
    )
    .message;
    assert!(
        m.contains("by storing its webhook for the task, which will receive the task's updates"),
        "{m}"
    );
    let f = variant_finding(
        "b33q-S4-v10-push-config-get-under-opaque-other-token",
        "AUTH-SCOPE-004",
    );
    assert!(f.message.starts_with("agent answered GetTaskPushNotificationConfig of task t1 with the task's push notification configs (webhook url and token) under other credentials"), "{}", f.message);
}

#[test]
fn list_tasks_listing_another_principals_task_says_leave_it_out() {
    assert_eq!(
        variant_finding(
            "b33q-S7-v10-list-tasks-lists-other-subjects-task",
            "AUTH-SCOPE-003"
        )
        .message,
        "agent answered ListTasks by listing task t1, to a caller whose credentials name subject \"mallory\" (issuer \"https://idp.example.test\"), though it handed the task out to a caller whose credentials name subject \"alice\" (issuer \"https://idp.example.test\"): another principal got the task, which ListTasks must leave out (DATA-007: only the caller's tasks; AUTH-006)"
    );
    assert!(rules_of("b33q-S8-legal-v10-list-tasks-own-tasks-only").is_empty());
}

#[test]
fn delete_task_is_named_as_no_a2a_operation() {
    let m = variant_finding("b33q-D2-v10-rest-delete-task-refused-405", "REST-VERB-001").message;
    assert_eq!(
        m,
        "client called DELETE /tasks/t1, an operation A2A does not have: the route /tasks/{id} is defined with GET only (GetTask), and no A2A version deletes a task (a task ends by CancelTask, POST /tasks/{id}:cancel, and stays readable), so the agent refused it (HTTP 405)"
    );
    assert_eq!(
        variant_finding("b33q-D1-v10-rest-delete-task-served", "REST-VERB-002").message,
        "agent answered with success for DELETE /tasks/t1 (HTTP 204) instead of refusing the method with 405; the route takes GET"
    );
}

#[test]
fn v01_artifact_boolean_of_the_wrong_type_is_named_in_the_artifact() {
    let f = variant_finding(
        "b33q-B1-v01-sendsubscribe-artifact-append-string-false",
        "STREAM-SHAPE-001",
    );
    assert!(
        f.message.contains("artifact update event's artifact append is the string \"false\", not a JSON boolean as the 0.1 JSON Schema types it"),
        "{}",
        f.message
    );
    assert_eq!(
        f.evidence[0].pointer.as_deref(),
        Some("/result/artifact/append")
    );
}

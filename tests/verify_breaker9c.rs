//! Wording of the findings for breaker9b's misleading-message items (F2, F26, F27, F29,
//! F30): the rule is pinned by `tests/cases/variants/b9-*`; these tests pin that the
//! message names the party at fault and the evidence an engineer needs, and no longer
//! says what misled the tester.

use crate::common;

use common::{variant_message as one, variant_messages as messages};

/// F29: HTTP 409 is right for TASK_NOT_CANCELABLE (1.0.0); the message must not call the
/// status wrong, and must give the ERR-002 name and why ABORTED is not it.
#[test]
fn f29_status_name_message_does_not_blame_the_http_status() {
    let m = one(
        "b9-f29-v10-rest-cancel-completed-409-aborted",
        "REST-ERROR-001",
    );
    assert!(!m.contains("does not match the HTTP status"), "{m}");
    assert!(m.contains("TASK_NOT_CANCELABLE"), "{m}");
    assert!(m.contains("FAILED_PRECONDITION"), "{m}");
    assert!(m.contains("HTTP 409 is right"), "{m}");
    assert!(m.contains("generic google.rpc name for HTTP 409"), "{m}");
}

/// F26: the finding is at the chunk and names the BOM; the end-of-stream verdict, which
/// rests on the lost event, is not given.
#[test]
fn f26_bom_is_named_instead_of_a_stream_closed_while_working() {
    let all = messages("b9-f26-v10-sse-bom-before-every-event");
    assert!(all.iter().all(|(r, _)| r != "STREAM-END-002"), "{all:?}");
    let m = one("b9-f26-v10-sse-bom-before-every-event", "SSE-FRAME-003");
    assert!(m.contains("U+FEFF"), "{m}");
    assert!(m.contains("data is lost"), "{m}");
    let m = one("b9-f26-v03-sse-data-field-capitalized", "SSE-FRAME-003");
    assert!(m.contains("letter case"), "{m}");
}

/// F27: a 2xx error body is named as an error sent with the wrong status, with the status
/// it maps to, not as a task without id.
#[test]
fn f27_error_body_with_200_names_the_status_it_needs() {
    let all = messages("b9-f27-v10-rest-error-with-http-200");
    assert!(all.iter().all(|(_, m)| !m.contains("has no id")), "{all:?}");
    let m = one("b9-f27-v10-rest-error-with-http-200", "REST-ERROR-001");
    assert!(m.contains("the agent"), "{m}");
    assert!(m.contains("send it with HTTP 404"), "{m}");
    let m = one(
        "b9-f27-v03-rest-error-object-with-http-200",
        "REST-ERROR-001",
    );
    assert!(m.contains("code -32001"), "{m}");
    assert!(m.contains("send it with HTTP 404"), "{m}");
    let m = one(
        "b9-f27-v10-rest-send-jsonrpc-error-with-http-200",
        "REST-ERROR-001",
    );
    assert!(m.contains("JSON-RPC error envelope"), "{m}");
    assert!(m.contains("send it with HTTP 400"), "{m}");
}

/// F2: the envelope finding says the body is the HTTP+JSON shape and which JSON-RPC code
/// the agent owed.
#[test]
fn f2_rest_shaped_error_on_jsonrpc_names_the_code_owed() {
    let m = one(
        "b9-f2-v10-jsonrpc-error-google-status-shape",
        "RPC-ENVELOPE-001",
    );
    assert!(m.contains("google.rpc.Status"), "{m}");
    assert!(m.contains("HTTP 404"), "{m}");
    assert!(m.contains("-32001"), "{m}");
    let m = one(
        "b9-f2-v10-jsonrpc-cancel-google-status-409",
        "RPC-ENVELOPE-001",
    );
    assert!(m.contains("-32002"), "{m}");
}

/// F30: `msg` is explained as the proto field name whose json_name is `message`.
#[test]
fn f30_msg_member_is_explained() {
    for (name, rule) in [
        ("b9-f30-v03-rest-stream-msg-member", "STREAM-SHAPE-001"),
        ("b9-f30-v03-rest-send-msg-member", "DATA-SHAPE-001"),
    ] {
        let m = one(name, rule);
        assert!(m.contains("json_name is \"message\""), "{name}: {m}");
    }
}

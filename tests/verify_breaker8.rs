//! Verifier problems a fresh tester found in session 8 (breaker8 G1–G5, G7, G14): each test
//! is one of the tester's transcripts (`tests/data/breaker8/`, written by hand or by a small
//! script against a deliberately broken agent), verified offline as a recording.

use crate::common;

use std::path::Path;

use common::verify_file as verify;

fn rules(name: &str) -> Vec<String> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/breaker8")
        .join(name);
    verify(&path).findings.into_iter().map(|f| f.rule).collect()
}

fn messages(name: &str) -> Vec<(String, String)> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/breaker8")
        .join(name);
    verify(&path)
        .findings
        .into_iter()
        .map(|f| (f.rule, f.message))
        .collect()
}

// ---------------------------------------------------------------- G5

/// `data:` then a blank line between two events: its data is empty. Both SDK clients skip
/// such an event (a keep-alive some servers send), so it is no event of the stream and no
/// SSE-FRAME-002; WHATWG SSE parsers still dispatch it with data "" (breaker9d D8), which is
/// the SSE-FRAME-004 warning, and nothing else.
#[test]
fn an_sse_event_with_empty_data_is_no_event() {
    let r = rules("ok-emptydata.jsonl");
    assert_eq!(r, ["SSE-FRAME-004"], "{r:?}");
}

/// `data: ` (the one space is stripped, the data is empty) and a comment between events.
#[test]
fn an_sse_event_with_empty_data_after_the_stripped_space_is_no_event() {
    let r = rules("ok-emptydata-space.jsonl");
    assert_eq!(r, ["SSE-FRAME-004"], "{r:?}");
}

/// Two empty `data:` lines make the data one line break, not empty: the Python SDK client
/// hands `"\n"` to `json.loads` and fails, so it stays SSE-FRAME-002.
#[test]
fn an_sse_event_whose_data_is_a_line_break_is_still_not_json() {
    let r = rules("bad-data-two-empty-lines.jsonl");
    assert_eq!(r, ["SSE-FRAME-002"], "{r:?}");
}

/// A bare `data` line (no colon): the field value is the empty string.
#[test]
fn a_bare_data_line_is_an_event_with_empty_data_and_no_event() {
    let r = rules("ok-data-nocolon.jsonl");
    assert_eq!(r, ["SSE-FRAME-004"], "{r:?}");
}

/// The session-5 variant `w100-sse-empty-data-keepalive` (`data:` and `data: ` as
/// keep-alives between events) expected SSE-FRAME-002; the SDK clients skip these events,
/// so the stream has no error, only the SSE-FRAME-004 warning (once per stream).
#[test]
fn the_empty_data_keepalive_variant_is_clean() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/cases/variants/w100-sse-empty-data-keepalive.jsonl");
    let r: Vec<String> = verify(&path).findings.into_iter().map(|f| f.rule).collect();
    assert_eq!(r, ["SSE-FRAME-004"], "{r:?}");
}

// ---------------------------------------------------------------- G1

/// `message:send` answered 200, then `GET /rest/tasks/nope` answered a framework's
/// `404 {"detail":"Not Found"}`: the interface URL is right (it just answered); the 404 is
/// the agent's TaskNotFoundError without the AIP-193 body (ERR-003).
#[test]
fn a_framework_404_on_a_task_route_of_an_answering_interface_is_an_error_answer() {
    let m = messages("r2-after-ok-fastapi.jsonl");
    let r: Vec<&str> = m.iter().map(|(r, _)| r.as_str()).collect();
    assert_eq!(r, ["REST-ERROR-001"], "{m:?}");
}

/// The same with an HTML 404 page, an empty 404 and a text 404 on `:cancel`.
#[test]
fn a_non_json_404_on_a_task_route_of_an_answering_interface_is_an_error_answer() {
    for (name, what) in [
        (
            "r2-after-ok-html.jsonl",
            "the HTTP 404 body is not JSON (text/html)",
        ),
        ("r2-after-ok-empty.jsonl", "the HTTP 404 body is empty"),
        (
            "r2-after-ok-cancel-text.jsonl",
            "the HTTP 404 body is not JSON (text/plain)",
        ),
    ] {
        let m = messages(name);
        assert_eq!(m.len(), 1, "{name}: {m:?}");
        assert_eq!(m[0].0, "REST-ERROR-001", "{name}: {m:?}");
        assert!(m[0].1.ends_with(what), "{name}: {m:?}");
    }
}

/// Nothing A2A ever answered at the interface URL: the 404 still says the card's URL may
/// be wrong (CARD-URL-002), and an AIP-193 404 is a correct TaskNotFoundError.
#[test]
fn a_404_where_nothing_answered_stays_card_url_002_and_aip_193_is_clean() {
    for name in [
        "r-get-404-empty.jsonl",
        "r-get-404-fastapi.jsonl",
        "r-404-route.jsonl",
    ] {
        assert_eq!(rules(name), ["CARD-URL-002"], "{name}");
    }
    let r = rules("r-ok-get404.jsonl");
    assert!(r.is_empty(), "{r:?}");
}

// ---------------------------------------------------------------- G2

/// A 1.0 `SendStreamingMessage` (TASK_STATE_* names) whose events are bare 0.x objects
/// (`{"kind":"task",...}`, `{"kind":"status-update",...,"final":...}`): no StreamResponse
/// oneof member is set (STREAM-003), so a 1.0 client reads none of them. An error, as the
/// same payload is on SendMessage (DATA-SHAPE-001), not only the VER-MIX-001 warning.
#[test]
fn a_1_0_stream_of_bare_0_x_objects_is_a_stream_shape_error() {
    let r = rules("bad-kind.jsonl");
    assert_eq!(r, ["STREAM-SHAPE-001"], "{r:?}");
    let r = rules("s-03-under-10.jsonl");
    assert!(r.iter().any(|r| r == "STREAM-SHAPE-001"), "{r:?}");
    assert!(!r.iter().any(|r| r == "VER-MIX-001"), "{r:?}");
}

// ---------------------------------------------------------------- G3

/// GetTask (JSON-RPC and `GET /rest/tasks/t1`) and CancelTask naming `t1` answered with
/// task `t9`: the client got someone else's task (ID-001, TASK-009, AUTH-006).
#[test]
fn get_and_cancel_answered_with_another_task_are_found() {
    for (name, op) in [
        ("j-get-wrongtask.jsonl", "GetTask"),
        ("r-get-wrongtask.jsonl", "GetTask"),
        ("j-cancel-wrongtask.jsonl", "CancelTask"),
    ] {
        let m = messages(name);
        assert_eq!(
            m,
            [(
                "ID-TASK-003".to_string(),
                format!("the agent answered {op} for task t1 with a different task t9")
            )],
            "{name}"
        );
    }
}

// ---------------------------------------------------------------- G4

/// A streaming call (JSON-RPC and HTTP+JSON) answered 200 with an SSE body but no
/// Content-Type (RPC-005, REST-002): the JS SDK client refuses it, the Python SDK client
/// reads the whole body as one JSON document. (The tester's `tx/bad-no-ct.jsonl` still
/// carried `text/event-stream`: its builder replaced an empty header map by the default;
/// these copies have no Content-Type.)
#[test]
fn a_stream_answered_without_content_type_is_stream_http_001() {
    for name in ["bad-no-ct.jsonl", "bad-no-ct-rest.jsonl"] {
        let m = messages(name);
        assert_eq!(m.len(), 1, "{name}: {m:?}");
        assert_eq!(m[0].0, "STREAM-HTTP-001", "{name}: {m:?}");
        assert!(m[0].1.contains("content type"), "{name}: {m:?}");
    }
}

// ---------------------------------------------------------------- G7

/// CancelTask answered with success and the task in TASK_STATE_COMPLETED (JSON-RPC, and
/// `POST /rest/tasks/t1:cancel`): the answer itself shows the task terminal and not
/// canceled, so TASK-003 required TaskNotCancelableError (both SDKs raise it there). A
/// cancel answered with the canceled task stays clean.
#[test]
fn a_cancel_answered_success_with_a_completed_task_is_task_state_003() {
    for name in ["j-cancel-returns-completed.jsonl", "r-cancel-done.jsonl"] {
        let m = messages(name);
        assert_eq!(
            m,
            [(
                "TASK-STATE-003".to_string(),
                "cancel of task t1 returned success with the task in TASK_STATE_COMPLETED instead of TaskNotCancelableError".to_string()
            )],
            "{name}"
        );
    }
    let r = rules("m-cancel-canceled-ok.jsonl");
    assert!(r.is_empty(), "{r:?}");
}

/// GetTask of an unknown id answered -32603 "task nope not found": the agent's message
/// says TaskNotFoundError (-32001), as the -32602 case already was.
#[test]
fn get_task_not_found_answered_internal_error_is_rpc_error_001() {
    let m = messages("m-get-unknown-32603.jsonl");
    assert_eq!(m.len(), 1, "{m:?}");
    assert_eq!(m[0].0, "RPC-ERROR-001", "{m:?}");
    assert!(m[0].1.contains("-32603"), "{m:?}");
    assert!(m[0].1.contains("-32001 TaskNotFoundError"), "{m:?}");
}

/// `GET /rest/tasks/nope` answered `500 INTERNAL "KeyError: nope"`: TaskNotFoundError is
/// HTTP 404.
#[test]
fn rest_get_task_keyerror_500_is_rest_error_001() {
    let m = messages("r-get-500.jsonl");
    assert_eq!(m.len(), 1, "{m:?}");
    assert_eq!(m[0].0, "REST-ERROR-001", "{m:?}");
    assert!(m[0].1.contains("HTTP 500 instead of HTTP 404"), "{m:?}");
}

/// `POST /rest/message:send` answered 204 No Content, or 200 with an empty body: a send
/// returns a Task or a Message (RPC-004). A send answered with a task stays clean.
#[test]
fn rest_send_answered_with_no_body_is_data_shape_001() {
    for (name, status) in [("r-send-204.jsonl", 204), ("r-send-200-empty.jsonl", 200)] {
        let m = messages(name);
        assert_eq!(
            m,
            [(
                "DATA-SHAPE-001".to_string(),
                format!("the HTTP+JSON call /rest/message:send was answered HTTP {status} with an empty body instead of a Task or a Message")
            )],
            "{name}"
        );
    }
    let r = rules("r-ok-send.jsonl");
    assert!(r.is_empty(), "{r:?}");
}

// ---------------------------------------------------------------- G14

/// A 1.0 SendMessage answered `{"message":{messageId, role ROLE_AGENT, parts}}` without a
/// contextId: the client's next message starts a new conversation. The 1.0 proto marks
/// `Message.context_id` optional and §3.4.1 requires it only when the agent minted one, so
/// this is a note (ID-MSG-001), not an error. An agent message with a contextId is clean.
#[test]
fn an_agent_message_without_context_id_is_a_note() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/breaker8/i-msg-no-ctx.jsonl");
    let f = verify(&path).findings;
    assert_eq!(f.len(), 1, "{f:?}");
    assert_eq!(f[0].rule, "ID-MSG-001");
    assert_eq!(f[0].severity.as_str(), "note");
    assert_eq!(
        f[0].message,
        "1.0 agent message r answering SendMessage has no contextId"
    );
    let r = rules("i-msg-reuses-client-mid.jsonl");
    assert!(r.is_empty(), "{r:?}");
}

/// A message naming `taskId: "client-task-1"`, never handed out by the agent in this
/// recording, answered with a new completed task of that id: the agent may have let the
/// client choose a task id (ID-001). Only a note: the task may predate the recording.
#[test]
fn a_task_created_with_the_client_s_task_id_is_a_note() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/breaker8/i-client-taskid-creates.jsonl");
    let f = verify(&path).findings;
    assert_eq!(f.len(), 1, "{f:?}");
    assert_eq!(f[0].rule, "ID-TASK-004");
    assert_eq!(f[0].severity.as_str(), "note");
    assert!(f[0].message.contains("client-task-1"), "{f:?}");
}

/// A SendMessage naming no task answered with an agent Message carrying `taskId: "tX"`,
/// a task this recording never saw: agent messages carry a taskId only when that task
/// exists (ID-004). A note, like the adopted client id.
#[test]
fn an_agent_message_naming_a_task_never_handed_out_is_a_note() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/breaker8/i-msg-taskid-no-task.jsonl");
    let f = verify(&path).findings;
    assert_eq!(f.len(), 1, "{f:?}");
    assert_eq!(f[0].rule, "ID-TASK-004");
    assert_eq!(f[0].severity.as_str(), "note");
    assert!(f[0].message.contains("names task tX"), "{f:?}");
}

/// A push config call answered -32602 "push notification config cfg-1 not found" is not
/// read as a missing *task* (no ID-TASK-001 for t1), but 1.0 §3.1.8 names TaskNotFoundError
/// for a Get of a config that does not exist (PUSH-003; session 29, mine29a f562): the
/// -32602 is RPC-ERROR-001, and the message says it is the config, not the task, that is
/// missing.
#[test]
fn a_missing_push_config_message_is_not_read_as_a_missing_task() {
    let m = messages("push-config-not-found-32602.jsonl");
    assert_eq!(m.len(), 1, "{m:?}");
    assert_eq!(m[0].0, "RPC-ERROR-001", "{m:?}");
    assert!(
        m[0].1.contains("push config \"cfg-1\" of task \"t1\"")
            && m[0].1.contains("-32001 TaskNotFoundError"),
        "{m:?}"
    );
}

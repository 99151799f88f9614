//! Order across connections (TASK-001, TASK-STATE-001): the proxy sees each connection in
//! order, but nothing orders two connections against each other. A client that streams a
//! task and cancels it (or polls GetTask, or opens SubscribeToTask) on another connection
//! sees the agent's last pre-terminal event arrive after the terminal answer; a fresh
//! engineer met it live against the JS and Python SDK agents (breaker8 G0). A state is
//! "later" than the terminal state only when its exchange started after the terminal
//! state was seen, or its own stream never reaches the terminal state.
//!
//! Also: an HTTP+JSON subscribe names its task in the path (REST-001); a body the client
//! sends anyway (one client sent a JSON-RPC envelope with its own `id`) does not rename
//! the stream's task (ID-006).

use crate::common;

use std::path::Path;

use common::verify_file as verify;

fn rules(name: &str) -> Vec<String> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/cross-connection")
        .join(name);
    verify(&path).findings.into_iter().map(|f| f.rule).collect()
}

/// A stream opened before the cancel delivers its last `working` event 0.5 ms after the
/// cancel answered `canceled`, then `canceled` itself: in order on its own connection.
#[test]
fn a_stream_still_delivering_older_events_after_a_cancel_is_not_a_terminal_change() {
    let r = rules("race-cancel.jsonl");
    assert!(r.is_empty(), "{r:?}");
}

/// A GetTask sent while the task was working, answered `working` just after another
/// connection's stream said `completed`: the snapshot may predate the terminal state.
#[test]
fn a_get_task_sent_before_the_terminal_state_may_answer_the_older_state() {
    let r = rules("race-poll.jsonl");
    assert!(r.is_empty(), "{r:?}");
}

/// A SubscribeToTask sent while the task was working opens with the `working` task just
/// after the first stream ended `completed`, then ends `completed` itself.
#[test]
fn a_subscribe_sent_before_the_terminal_state_opens_with_the_older_state() {
    let r = rules("race-subscribe.jsonl");
    assert!(r.is_empty(), "{r:?}");
}

/// The same stream reports `working` after the cancel and closes without ever reaching
/// `canceled`: the agent's stream contradicts the terminal state for good.
#[test]
fn a_stream_that_never_reaches_the_terminal_state_is_still_found() {
    let r = rules("fault-stale-stream-never-catches-up.jsonl");
    assert!(r.iter().any(|r| r == "TASK-STATE-001"), "{r:?}");
    assert!(r.iter().any(|r| r == "STREAM-END-002"), "{r:?}");
}

/// A GetTask sent after the stream ended `completed` is answered `working`: later for sure.
#[test]
fn a_get_task_sent_after_the_terminal_state_must_answer_it() {
    let r = rules("fault-poll-after-terminal.jsonl");
    assert_eq!(r, ["TASK-STATE-001"], "{r:?}");
}

#[test]
fn an_http_json_subscribe_takes_its_task_from_the_path_not_the_body() {
    let r = rules("rest-subscribe-with-jsonrpc-body.jsonl");
    assert!(!r.iter().any(|r| r == "ID-EVENT-002"), "{r:?}");
    assert!(r.is_empty(), "{r:?}");
}

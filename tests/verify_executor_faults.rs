//! Agent faults the official SDKs put on the wire when the agent's executor goes wrong
//! (breaker17b V5, V6, V7, V8), judged live: a small real agent on 127.0.0.1 (HTTP/1.1 and
//! h2c) behind the recording proxy, with a legal control beside each fault.
//!
//! - V5: a task stream cut by an error (JSON-RPC `event: error` -32603 / -32006, an
//!   HTTP+JSON `{"error":...}` event) before the task's terminal state is STREAM-END-005;
//!   a stream that sends the failed state and closes is legal.
//! - V6: a valid SendMessage refused -32602 because the agent's own event names another
//!   task ("Task in event doesn't match TaskManager") is RPC-ERROR-003; a client's own
//!   context mismatch refused -32602 is not.
//! - V7: 1.0 HTTP+JSON DeleteTaskPushNotificationConfig answered 204 with a JSON
//!   Content-Type and no body is REST-HTTP-003; 200 `{}` and a bare 204 are legal.
//! - V8: a 0.3 HTTP+JSON stream closing at input-required without `final` is
//!   STREAM-FINAL-001; with `"final": true` it is legal.

use crate::proxy_support as support;

use std::sync::Arc;

use a2a_interop::verify::finding::Severity;
use a2a_interop::verify::VerifyOutcome;
use bytes::Bytes;
use http_body_util::BodyExt;
use hyper::Response;

use support::*;

const TASK: &str =
    r#"{"task":{"id":"t1","contextId":"c1","status":{"state":"TASK_STATE_SUBMITTED"}}}"#;
const WORKING: &str =
    r#"{"statusUpdate":{"taskId":"t1","contextId":"c1","status":{"state":"TASK_STATE_WORKING"}}}"#;
const FAILED: &str =
    r#"{"statusUpdate":{"taskId":"t1","contextId":"c1","status":{"state":"TASK_STATE_FAILED"}}}"#;

/// One JSON-RPC SSE event carrying `result` for request id 1.
fn rpc_event(result: &str) -> String {
    format!("data: {{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{result}}}\n\n")
}

fn sse(body: String) -> Response<TBody> {
    Response::builder()
        .header("content-type", "text/event-stream")
        .body(full(body))
        .unwrap()
}

fn json(status: u16, body: &'static str) -> Response<TBody> {
    Response::builder()
        .status(status)
        .header("content-type", "application/json")
        .body(full(body))
        .unwrap()
}

/// The deliberately broken agent: what it answers depends on the request's text (the
/// skill word, as the breaker's SDK agents choose their executor) and route.
async fn agent() -> std::net::SocketAddr {
    serve(Arc::new(|req| {
        Box::pin(async move {
            let (parts, body) = req.into_parts();
            let body = body.collect().await.map(|b| b.to_bytes()).unwrap_or_default();
            let text = String::from_utf8_lossy(&body).to_string();
            let path = parts.uri.path().to_string();
            if parts.method == hyper::Method::DELETE {
                // V7: a 204 with a JSON content type and no body, or the legal 200 {}
                return if path.contains("/c204bare") {
                    Response::builder().status(204).body(full(Bytes::new())).unwrap()
                } else if path.contains("/c204") {
                    Response::builder()
                        .status(204)
                        .header("content-type", "application/a2a+json")
                        .body(full(Bytes::new()))
                        .unwrap()
                } else {
                    json(200, "{}")
                };
            }
            if path.ends_with("/v1/message:stream") {
                // V8: a 0.3 HTTP+JSON stream (ProtoJSON StreamResponse) ending at
                // input-required, `final` absent or true
                let fin = if text.contains("finalflag") { ",\"final\":true" } else { "" };
                return sse(format!(
                    "data: {}\n\ndata: {{\"statusUpdate\":{{\"taskId\":\"t1\",\"contextId\":\"c1\",\"status\":{{\"state\":\"TASK_STATE_INPUT_REQUIRED\"}}{fin}}}}}\n\n",
                    TASK
                ));
            }
            if path.ends_with("/message:stream") {
                // V5 on 1.0 HTTP+JSON: an AIP-193 error event after the task started
                return sse(format!(
                    "data: {TASK}\n\ndata: {WORKING}\n\ndata: {{\"error\":{{\"code\":500,\"status\":\"INTERNAL\",\"message\":\"database connection lost\"}}}}\n\n"
                ));
            }
            if text.contains("\"GetTask\"") {
                // the agent's store: the task its executor crashed in is FAILED
                return json(200, r#"{"jsonrpc":"2.0","id":2,"result":{"id":"t1","contextId":"c1","status":{"state":"TASK_STATE_FAILED"}}}"#);
            }
            if text.contains("fixedid") {
                // V6: the SDK's refusal of its own executor's event
                return json(200, r#"{"jsonrpc":"2.0","id":1,"error":{"code":-32602,"message":"Task in event doesn't match TaskManager 3d6611a1 : task-fixed-1"}}"#);
            }
            if text.contains("wrongctx") {
                // control: the client named a task and another context
                return json(200, r#"{"jsonrpc":"2.0","id":1,"error":{"code":-32602,"message":"Context c9 does not match context c1 of task t1"}}"#);
            }
            let mut out = rpc_event(TASK) + &rpc_event(WORKING);
            if text.contains("raise") {
                out += "event: error\ndata: {\"jsonrpc\":\"2.0\",\"id\":1,\"error\":{\"code\":-32603,\"message\":\"database connection lost\"}}\n\n";
            } else if text.contains("msgfortask") {
                out += "event: error\ndata: {\"jsonrpc\":\"2.0\",\"id\":1,\"error\":{\"code\":-32006,\"message\":\"Received Message object in task mode.\"}}\n\n";
            } else {
                // control: the failure told as the task's terminal state
                out += &rpc_event(FAILED);
            }
            sse(out)
        })
    }))
    .await
}

fn rpc(method: &str, text: &str, extra: &str) -> String {
    format!(
        r#"{{"jsonrpc":"2.0","id":1,"method":"{method}","params":{{"message":{{"messageId":"m-{text}","role":"ROLE_USER","parts":[{{"text":"{text} hi"}}]{extra}}}}}}}"#
    )
}

const GET_TASK: &str = r#"{"jsonrpc":"2.0","id":2,"method":"GetTask","params":{"id":"t1"}}"#;

/// Sends `body` to `path` through a fresh recording proxy over HTTP/1.1 or h2c and returns
/// the live verdict.
async fn judge(h2: bool, method: &str, path: &str, body: String) -> VerifyOutcome {
    judge_then(h2, method, path, body, None).await
}

/// [`judge`], then (if `then` is given) a JSON-RPC call with that body to `/` on the same
/// proxy, as a client reading the task after its stream.
async fn judge_then(
    h2: bool,
    method: &str,
    path: &str,
    body: String,
    then: Option<&'static str>,
) -> VerifyOutcome {
    let up = agent().await;
    let (_dir, _rec, pipeline, base) = start_recording_to(up).await;
    let client = if h2 { client_h2() } else { client_h1() };
    let req = hyper::Request::builder()
        .method(method)
        .uri(format!("{base}{path}"))
        .header("content-type", "application/json")
        .header(
            "a2a-version",
            if path.contains("/v1/") { "0.3" } else { "1.0" },
        )
        .body(full(body))
        .unwrap();
    let _ = fetch(&client, req).await;
    if let Some(b) = then {
        let req = hyper::Request::post(format!("{base}/"))
            .header("content-type", "application/json")
            .header("a2a-version", "1.0")
            .body(full(b))
            .unwrap();
        let _ = fetch(&client, req).await;
    }
    pipeline.finish().await.unwrap().verify
}

fn of(v: &VerifyOutcome, rule: &str) -> Vec<String> {
    v.findings
        .iter()
        .filter(|f| f.rule == rule)
        .map(|f| f.message.clone())
        .collect()
}

fn flagged(v: &VerifyOutcome) -> Vec<String> {
    v.findings
        .iter()
        .filter(|f| f.severity >= Severity::Warning)
        .map(|f| format!("{} {}", f.rule, f.message))
        .collect()
}

#[tokio::test]
async fn v5_stream_cut_by_an_executor_error_is_reported_on_both_http_versions() {
    for h2 in [false, true] {
        let send = || rpc("SendStreamingMessage", "raise", "");
        let v = judge_then(h2, "POST", "/", send(), Some(GET_TASK)).await;
        let m = of(&v, "STREAM-END-005");
        assert_eq!(m.len(), 1, "h2={h2}: {:?}", flagged(&v));
        assert!(
            m[0].contains(r#"ended with JSON-RPC error -32603 InternalError "database connection lost" while the task was in TASK_STATE_WORKING"#),
            "{}",
            m[0]
        );
        assert!(m[0].contains("TaskUpdater.failed"), "{}", m[0]);
        // left38: a 1.0 task stream cut by INTERNAL is the agent's cut at once (STREAM-003,
        // STREAM-007), told when the stream ends, before the GetTask that shows FAILED
        assert!(
            m[0].contains("INTERNAL is the agent's own failure, and a 1.0 task stream closes only at the task's terminal or interrupted state"),
            "{}",
            m[0]
        );
        // the cut is this one fault, not also an unfinished stream
        assert!(of(&v, "STREAM-END-002").is_empty(), "{:?}", flagged(&v));

        // the same error end, the task never read again: the same one finding (before
        // left38 a legal control citing 0.3 §7.2, which binds 0.x streams only)
        let v = judge(h2, "POST", "/", send()).await;
        assert_eq!(of(&v, "STREAM-END-005"), m, "h2={h2}");
        assert_eq!(flagged(&v).len(), 1, "h2={h2}: {:?}", flagged(&v));

        let v = judge(
            h2,
            "POST",
            "/",
            rpc("SendStreamingMessage", "msgfortask", ""),
        )
        .await;
        let m = of(&v, "STREAM-END-005");
        assert_eq!(m.len(), 1, "h2={h2}: {:?}", flagged(&v));
        assert!(
            m[0].contains("-32006 InvalidAgentResponseError"),
            "{}",
            m[0]
        );
        assert!(
            m[0].contains("the agent's own A2A server refused an event its executor produced"),
            "{}",
            m[0]
        );

        // control: the failure sent as the task's terminal state, then the close
        let send = rpc("SendStreamingMessage", "ok", "");
        let v = judge_then(h2, "POST", "/", send, Some(GET_TASK)).await;
        assert!(flagged(&v).is_empty(), "h2={h2}: {:?}", flagged(&v));
    }
}

#[tokio::test]
async fn v5_rest_stream_cut_by_an_error_event_is_reported() {
    let body = r#"{"message":{"messageId":"m1","role":"ROLE_USER","parts":[{"text":"raise"}]}}"#;
    let v = judge_then(
        false,
        "POST",
        "/message:stream",
        body.into(),
        Some(GET_TASK),
    )
    .await;
    let m = of(&v, "STREAM-END-005");
    assert_eq!(m.len(), 1, "{:?}", flagged(&v));
    assert!(
        m[0].contains(r#"HTTP+JSON error event 500 INTERNAL "database connection lost""#),
        "{}",
        m[0]
    );
}

#[tokio::test]
async fn v6_own_event_mismatch_refused_as_invalid_params_is_the_agents() {
    let v = judge(false, "POST", "/", rpc("SendMessage", "fixedid", "")).await;
    let m = of(&v, "RPC-ERROR-003");
    assert_eq!(m.len(), 1, "{:?}", flagged(&v));
    assert!(
        m[0].contains("Task in event doesn't match TaskManager"),
        "{}",
        m[0]
    );
    assert!(m[0].contains("context.task_id"), "{}", m[0]);

    // control: the client named task t1 with another context: its own fault, refused right
    let extra = r#","taskId":"t1","contextId":"c9""#;
    let v = judge(false, "POST", "/", rpc("SendMessage", "wrongctx", extra)).await;
    assert!(of(&v, "RPC-ERROR-003").is_empty(), "{:?}", flagged(&v));
}

#[tokio::test]
async fn v7_rest_delete_push_config_204_without_body_is_reported() {
    for h2 in [false, true] {
        let v = judge(
            h2,
            "DELETE",
            "/tasks/t1/pushNotificationConfigs/c204",
            String::new(),
        )
        .await;
        let m = of(&v, "REST-HTTP-003");
        assert_eq!(m.len(), 1, "h2={h2}: {:?}", flagged(&v));
        assert!(m[0].contains("with HTTP 204 and no body"), "{}", m[0]);
        assert!(m[0].contains("application/a2a+json"), "{}", m[0]);
        assert!(m[0].contains("answer 200 with {}"), "{}", m[0]);

        // controls: 200 {}, and a bare 204 No Content that declares no body (RFC 9110
        // §15.3.5)
        for cfg in ["c200", "c204bare"] {
            let path = format!("/tasks/t1/pushNotificationConfigs/{cfg}");
            let v = judge(h2, "DELETE", &path, String::new()).await;
            assert!(
                of(&v, "REST-HTTP-003").is_empty(),
                "h2={h2} {cfg}: {:?}",
                flagged(&v)
            );
        }
    }
}

#[tokio::test]
async fn v8_v03_rest_stream_closing_at_input_required_without_final() {
    let body = |w: &str| {
        format!(
            r#"{{"request":{{"messageId":"m1","role":"ROLE_USER","content":[{{"text":"{w}"}}]}}}}"#
        )
    };
    let v = judge(false, "POST", "/v1/message:stream", body("input")).await;
    let m = of(&v, "STREAM-FINAL-001");
    assert_eq!(m.len(), 1, "{:?}", flagged(&v));
    assert!(
        m[0].contains("closed at state TASK_STATE_INPUT_REQUIRED"),
        "{}",
        m[0]
    );
    assert!(m[0].contains("final is absent"), "{}", m[0]);

    // control: final true at input-required
    let v = judge(false, "POST", "/v1/message:stream", body("finalflag")).await;
    assert!(of(&v, "STREAM-FINAL-001").is_empty(), "{:?}", flagged(&v));
}

//! breaker10 E10, E18, E21, E24, E25 on a live, redacted recording: a deliberately broken
//! A2A agent (a small real HTTP server on loopback, hyper) answers calls sent through the
//! recording proxy, and the verifier must find each fault online and in the file alike.
//!
//! - E24 (VER-MIX-001): its 1.0-only card carries the 0.3-only
//!   `capabilities.stateTransitionHistory`;
//! - E21 (CARD-SECRET-001): the card's interface URL carries `?api_key=sk-live-…`;
//! - E18 (RPC-METHOD-001 + the client's RPC-REQ-003 note): JSON-RPC `sendMessage` is
//!   answered with a Task as if it were `SendMessage`;
//! - E10 (REST-ERROR-001): `POST /rest/message:send` with `A2A-Version: 2.0` is answered
//!   HTTP 500 INTERNAL without ErrorInfo instead of VersionNotSupportedError;
//! - E25 (STREAM-END-004): a 0.3 `message/stream` answers a Message, then a status update
//!   of a task it never introduced.

use crate::proxy_support as support;

use std::sync::Arc;

use bytes::Bytes;
use http_body_util::BodyExt;
use hyper::body::Incoming;
use hyper::{Request, Response};
use serde_json::{json, Value};
use support::*;

const KEY: &str = "sk-live-51HkQ2f9d8c7b6a5";

fn card() -> Value {
    json!({
        "name": "broken", "description": "breaker10 faults", "version": "1.0.0",
        "supportedInterfaces": [
            {"url": format!("http://agent.example.test/a2a?api_key={KEY}"), "protocolBinding": "JSONRPC", "protocolVersion": "1.0"},
            {"url": "http://agent.example.test/a2a", "protocolBinding": "JSONRPC", "protocolVersion": "0.3"},
            {"url": "http://agent.example.test/rest", "protocolBinding": "HTTP+JSON", "protocolVersion": "1.0"}
        ],
        "capabilities": {"streaming": true, "pushNotifications": false, "stateTransitionHistory": true},
        "defaultInputModes": ["text/plain"], "defaultOutputModes": ["text/plain"],
        "skills": [{"id": "s1", "name": "echo", "description": "Echo", "tags": ["echo"]}]
    })
}

fn json_resp(status: u16, v: Value) -> Response<TBody> {
    Response::builder()
        .status(status)
        .header("content-type", "application/json")
        .body(full(Bytes::from(v.to_string())))
        .unwrap()
}

/// The broken agent: the card, JSON-RPC on `/a2a` (any method answered as the operation it
/// resembles), HTTP+JSON `message:send` failing with 500 for any `A2A-Version`.
async fn broken_agent() -> std::net::SocketAddr {
    serve(Arc::new(|req: Request<Incoming>| {
        Box::pin(async move {
            let path = req.uri().path().to_string();
            let body = req.into_body().collect().await.unwrap().to_bytes();
            if path == "/.well-known/agent-card.json" {
                return json_resp(200, card());
            }
            if path == "/rest/message:send" {
                return json_resp(
                    500,
                    json!({"error": {"code": 500, "status": "INTERNAL", "message": "unsupported version 2.0"}}),
                );
            }
            let call: Value = serde_json::from_slice(&body).unwrap_or(Value::Null);
            let id = call["id"].clone();
            match call["method"].as_str().unwrap_or("") {
                "message/stream" => {
                    let ev = |r: Value| format!("data: {}\n\n", json!({"jsonrpc": "2.0", "id": id, "result": r}));
                    let text = ev(json!({"kind": "message", "messageId": "a1", "role": "agent",
                                         "parts": [{"kind": "text", "text": "on it"}], "contextId": "c2"}))
                        + &ev(json!({"kind": "status-update", "taskId": "t2", "contextId": "c2",
                                     "status": {"state": "completed"}, "final": true}));
                    Response::builder()
                        .header("content-type", "text/event-stream")
                        .body(full(Bytes::from(text)))
                        .unwrap()
                }
                _ => json_resp(
                    200,
                    json!({"jsonrpc": "2.0", "id": id, "result": {"task": {"id": "t1", "contextId": "c1",
                        "status": {"state": "TASK_STATE_COMPLETED", "timestamp": "2026-12-01T10:00:00.000Z"}}}}),
                ),
            }
        })
    }))
    .await
}

fn call(url: &str, version: Option<&str>, body: Value) -> Request<TBody> {
    let mut b = Request::post(url).header("content-type", "application/json");
    if let Some(v) = version {
        b = b.header("a2a-version", v);
    }
    b.header("x-api-key", KEY)
        .body(full(Bytes::from(body.to_string())))
        .unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn breaker10_faults_are_found_in_a_live_redacted_recording() {
    let up = broken_agent().await;
    let (_dir, rec, pipeline, base) = start_recording_to(up).await;
    let c = client_h1();
    let msg = json!({"messageId": "m1", "role": "ROLE_USER", "parts": [{"text": "hi"}]});
    // fetched twice (as clients do): still one CARD-SECRET-001 for the origin
    fetch(&c, get(&format!("{base}/.well-known/agent-card.json"))).await;
    fetch(&c, get(&format!("{base}/.well-known/agent-card.json"))).await;
    let (st, _, _) = fetch(
        &c,
        call(
            &format!("{base}/a2a"),
            Some("1.0"),
            json!({"jsonrpc": "2.0", "id": 1, "method": "sendMessage", "params": {"message": msg}}),
        ),
    )
    .await;
    assert_eq!(st, 200);
    let (st, _, _) = fetch(
        &c,
        call(
            &format!("{base}/rest/message:send"),
            Some("2.0"),
            json!({"message": msg}),
        ),
    )
    .await;
    assert_eq!(st, 500);
    fetch(
        &c,
        call(
            &format!("{base}/a2a"),
            None,
            json!({"jsonrpc": "2.0", "id": 2, "method": "message/stream", "params": {"message":
                {"kind": "message", "messageId": "m2", "role": "user", "parts": [{"kind": "text", "text": "go"}]}}}),
        ),
    )
    .await;
    let online = pipeline.finish().await.expect("finish").verify;
    let offline = verify_recording(&rec);
    let pairs = |o: &a2a_interop::verify::VerifyOutcome| -> Vec<(String, String)> {
        o.findings
            .iter()
            .map(|f| (f.rule.clone(), f.message.clone()))
            .collect()
    };
    assert_eq!(pairs(&online), pairs(&offline));
    let all = pairs(&offline);
    let shown = format!("{all:#?}");
    // The key never reaches the recording's request URLs or headers, nor any message.
    let text = std::fs::read_to_string(&rec).unwrap();
    assert!(
        !text.contains(&format!("\"x-api-key\":\"{KEY}\"")),
        "header kept"
    );
    assert!(all.iter().all(|(_, m)| !m.contains(KEY)), "{shown}");
    // nor the card's copy of it (left54: a card's published credential is tagged)
    assert!(
        !text.contains(KEY),
        "the card's copy of the key kept in the recording"
    );
    let has = |rule: &str, part: &str| all.iter().any(|(r, m)| r == rule && m.contains(part));
    assert!(
        has(
            "VER-MIX-001",
            "1.0 agent card carries the 0.x-only member capabilities.stateTransitionHistory"
        ),
        "{shown}"
    );
    assert_eq!(
        all.iter().filter(|(r, _)| r == "CARD-SECRET-001").count(),
        1,
        "{shown}"
    );
    assert!(
        has(
            "CARD-SECRET-001",
            // the recorder tags the card's published key (left54): the message says so
            // instead of counting the placeholder's characters
            "supportedInterfaces[0].url: query parameter api_key holds one (its value is redacted in this recording)"
        ),
        "{shown}"
    );
    assert!(
        has(
            "RPC-METHOD-001",
            "the client called \"sendMessage\", a method name that does not exist"
        ),
        "{shown}"
    );
    assert!(
        has(
            "RPC-REQ-003",
            "client called JSON-RPC method \"sendMessage\""
        ),
        "{shown}"
    );
    assert!(
        has(
            "REST-ERROR-001",
            "the client asked for A2A-Version 2.0, a version A2A does not have (the card offers 0.3, 1.0), and the agent answered the HTTP+JSON call SendMessage (POST http://127.0.0.1:"
        ) && has(
            "REST-ERROR-001",
            "/rest/message:send) with HTTP 500 INTERNAL without ErrorInfo"
        ),
        "{shown}"
    );
    assert!(
        has(
            "STREAM-END-004",
            "then sent a status update of task t2 (a task the stream never introduced with a Task)"
        ),
        "{shown}"
    );
}

/// The findings of the recording file, every event fed in order.
fn verify_recording(path: &std::path::Path) -> a2a_interop::verify::VerifyOutcome {
    let src = a2a_interop::record::source::open(path).expect("open the recording");
    let mut v = a2a_interop::verify::Verifier::new(&src.header);
    for ev in src.events {
        v.feed(&ev.expect("every recorded line parses"));
    }
    v.finish()
}

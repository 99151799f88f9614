//! breaker9a B2: a request whose agent is unreachable. The proxy never forwarded its body,
//! yet the recording holds what the client sent (the proxy reads it back after the failed
//! connect), and the verifier does not charge the client with a message it cannot see.
//! Also B9: the mix of a 0.x `A2A-Version` with a 1.0 JSON-RPC method (VER-MIX-002), and a
//! "version not supported" answered with another code than -32009 (RPC-ERROR-001).

use crate::common;
use crate::proxy_support as support;

use a2a_interop::record::{source, EventKind, Outcome};

const SEND: &[u8] =
    br#"{"message":{"messageId":"m2","role":"ROLE_USER","parts":[{"text":"task hi"}]}}"#;

fn rules_of(path: &std::path::Path) -> Vec<String> {
    common::verify_file(path)
        .findings
        .into_iter()
        .map(|f| format!("{} {}", f.rule, f.message))
        .collect()
}

fn kind_name(k: &EventKind) -> &'static str {
    match k {
        EventKind::RequestHead { .. } => "request_head",
        EventKind::RequestBody { .. } => "request_body",
        EventKind::ResponseHead { .. } => "response_head",
        EventKind::ResponseChunk { .. } => "response_chunk",
        EventKind::ExchangeEnd { .. } => "exchange_end",
        _ => "other",
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_body_of_a_request_to_an_unreachable_agent_is_recorded_and_not_judged_missing() {
    let (_dir, rec, p, base) = support::start_recording_to(support::dead_port()).await;
    let c = support::client_h1();
    let mut req = support::post(&format!("{base}/rest/message:send"), SEND);
    req.headers_mut()
        .insert("a2a-version", http::HeaderValue::from_static("1.0"));
    req.headers_mut().insert(
        "authorization",
        http::HeaderValue::from_static("Bearer unsent-secret-77"),
    );
    let (status, _, _) = support::fetch(&c, req).await;
    assert_eq!(status, 502);
    // the client's connection still serves (the body was read, not left on the wire)
    let (status, _, _) = support::fetch(&c, support::get(&format!("{base}/x"))).await;
    assert_eq!(status, 502);
    p.finish().await.unwrap();

    let text = std::fs::read_to_string(&rec).unwrap();
    assert!(
        !text.contains("unsent-secret-77"),
        "secret in the recording"
    );
    let events: Vec<_> = source::open(&rec)
        .unwrap()
        .events
        .map(|e| e.unwrap())
        .filter(|e| e.exchange.as_deref() == Some("e1"))
        .collect();
    let body: Vec<u8> = events
        .iter()
        .filter_map(|e| match &e.kind {
            EventKind::RequestBody { body } => Some(body.data.to_vec()),
            _ => None,
        })
        .flatten()
        .collect();
    assert_eq!(body, SEND, "the request body the agent never got");
    let end = events
        .iter()
        .find_map(|e| match &e.kind {
            EventKind::ExchangeEnd {
                outcome,
                request_bytes,
                truncated,
                ..
            } => Some((*outcome, *request_bytes, *truncated)),
            _ => None,
        })
        .expect("exchange_end");
    assert_eq!(end, (Outcome::UpstreamError, SEND.len() as u64, false));
    // the body comes before the proxy's own response head
    let kinds: Vec<&str> = events.iter().map(|e| kind_name(&e.kind)).collect();
    assert_eq!(
        kinds,
        [
            "request_head",
            "request_body",
            "response_head",
            "response_chunk",
            "exchange_end"
        ]
    );
    let found = rules_of(&rec);
    assert!(
        !found.iter().any(|f| f.starts_with("DATA-SHAPE-002")),
        "{found:?}"
    );
}

/// A recording of one REST send to an unreachable agent; `body`: the recorded request
/// body, if any (its head announces `SEND.len()` bytes either way).
fn recording(dir: &std::path::Path, name: &str, body: Option<&str>) -> std::path::PathBuf {
    let mut lines = vec![
        r#"{"type":"recording","format":1,"tool":{"name":"a2a-interop","version":"0.1.0"},"startedAt":"2026-12-01T05:54:31.784Z","mode":"reverse","redacted":true}"#.to_string(),
        format!(
            r#"{{"seq":1,"t_us":10,"exchange":"e1","type":"request_head","conn":1,"method":"POST","url":"http://127.0.0.1:8099/rest/message:send","version":"HTTP/1.1","headers":[["a2a-version","1.0"],["content-type","application/json"],["content-length","{}"]]}}"#,
            SEND.len()
        ),
    ];
    if let Some(b) = body {
        lines.push(format!(
            r#"{{"seq":2,"t_us":15,"exchange":"e1","type":"request_body","body":{}}}"#,
            serde_json::to_string(b).unwrap()
        ));
    }
    let n = lines.len();
    lines.push(format!(r#"{{"seq":{n},"t_us":20,"exchange":"e1","type":"response_head","status":502,"headers":[["content-type","text/plain; charset=utf-8"]],"synthetic":true}}"#));
    lines.push(format!(r#"{{"seq":{},"t_us":30,"exchange":"e1","type":"exchange_end","outcome":"upstream_error","error":"upstream unreachable","request_bytes":0,"response_bytes":0}}"#, n + 1));
    let path = dir.join(name);
    std::fs::write(&path, lines.join("\n") + "\n").unwrap();
    path
}

/// A recording whose request head announced a body that is not in the file (an older
/// recording of an unreachable agent, or one cut by the recorder): no client finding; the
/// same exchange with a whole body that lacks its message is still the client's fault.
#[test]
fn a_request_body_the_recording_lacks_is_not_a_malformed_message() {
    let dir = tempfile::tempdir().unwrap();
    let found = rules_of(&recording(dir.path(), "lacks.jsonl", None));
    assert!(
        !found.iter().any(|f| f.starts_with("DATA-SHAPE-002")),
        "{found:?}"
    );
    // as long as SEND, so the announced length holds
    let no_message = format!(
        "{{\"configuration\":{{}},\"x\":\"{}\"}}",
        "p".repeat(SEND.len() - 27)
    );
    assert_eq!(no_message.len(), SEND.len());
    let found = rules_of(&recording(dir.path(), "nomsg.jsonl", Some(&no_message)));
    assert!(
        found.iter().any(|f| f.starts_with("DATA-SHAPE-002")),
        "{found:?}"
    );
}

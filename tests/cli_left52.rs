//! left52: the verifier's misses the last session's helpers left open, each through the
//! real code path.
//!
//! Item 1 (newcomer51): an agent's answer cut mid-body (the connection closed before the
//! declared `Content-Length`, or mid-chunk before the last chunk) drew HTTP-FRAME-002 for a
//! JSON answer but only STREAM-END-007 for an event stream, and nothing on the HTTP framing
//! for a chunked stream broken mid-chunk. RFC 9112 §6.3 (a message cut before its length)
//! and §7.1 (a chunked one without its last chunk) make both an incomplete message: the
//! framing fault is now told the same way for every body, the stream's own finding beside
//! it. Legal neighbours stay silent: a close-delimited stream ends at the agent's FIN (a
//! whole message), and a stream cut after its final event gave the client the outcome.

use crate::common;

#[path = "common/proxy_process.rs"]
mod proxy_process;

use std::io::{Read, Write};
use std::net::SocketAddr;
use std::time::Duration;

/// One SSE event of a 0.3 JSON-RPC stream: the task `t1` in `state`.
fn event(state: &str) -> String {
    let fin = if state == "completed" {
        ",\"final\":true"
    } else {
        ""
    };
    let body = if state == "completed" {
        format!(
            r#"{{"kind":"status-update","taskId":"t1","contextId":"c1","status":{{"state":"{state}"}}{fin}}}"#
        )
    } else {
        format!(r#"{{"kind":"task","id":"t1","contextId":"c1","status":{{"state":"{state}"}}}}"#)
    };
    format!("data: {{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{body}}}\n\n")
}

/// The agent's whole answer for the request whose head is `head`, by its path: `/json-cl`
/// a JSON answer cut at 40 of its `Content-Length` bytes; `/json-chunk` a chunked JSON
/// answer cut inside its first chunk; `/sse-cl` an event stream framed by a
/// `Content-Length` three events long, cut after one; `/sse-chunk` a chunked stream cut
/// inside its second chunk; `/sse-close` (legal) a close-delimited stream of one event;
/// `/sse-after-final` (legal for the framing) a chunked stream whose final `completed`
/// event came whole before the cut. The server closes the connection after it (FIN).
fn answer(head: &[u8]) -> Vec<u8> {
    let head = String::from_utf8_lossy(head);
    let path = head.split(' ').nth(1).unwrap_or("/");
    let js = r#"{"jsonrpc":"2.0","id":1,"result":{"kind":"task","id":"t1","contextId":"c1","status":{"state":"completed"}}}"#;
    let working = event("working");
    let chunk = |s: &str| format!("{:x}\r\n{s}\r\n", s.len());
    let out = match path {
        "/json-cl" => format!(
            "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{}",
            js.len(),
            &js[..40]
        ),
        "/json-chunk" => format!(
            "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n{:x}\r\n{}",
            js.len(),
            &js[..30]
        ),
        "/sse-cl" => format!(
            "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nContent-Length: {}\r\n\r\n{working}",
            working.len() * 3
        ),
        "/sse-chunk" => format!(
            "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nTransfer-Encoding: chunked\r\n\r\n{}{:x}\r\n{}",
            chunk(&working),
            working.len(),
            &working[..30]
        ),
        "/sse-close" => format!(
            "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nConnection: close\r\n\r\n{working}"
        ),
        "/sse-after-final" => format!(
            "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nTransfer-Encoding: chunked\r\n\r\n{}{}",
            chunk(&working),
            chunk(&event("completed"))
        ),
        _ => "HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\n\r\n".to_string(),
    };
    out.into_bytes()
}

/// A 0.3 JSON-RPC call (`message/stream` or `message/send`) POSTed to `path` of the proxy
/// at `addr`, its answer read to its end or error (at most 10 s).
fn call(addr: SocketAddr, path: &str, method: &str) {
    let body = format!(
        r#"{{"jsonrpc":"2.0","id":1,"method":"{method}","params":{{"message":{{"kind":"message","role":"user","messageId":"m1","parts":[{{"kind":"text","text":"hi"}}]}}}}}}"#
    );
    let mut s = std::net::TcpStream::connect(addr).unwrap();
    s.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
    write!(
        s,
        "POST {path} HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    )
    .unwrap();
    let mut out = Vec::new();
    let _ = s.read_to_end(&mut out);
}

/// The rule ids the proxy's recording of one call to `path` draws offline, and the stop
/// line's count of errors (the proxy's own verdict, told when it stops).
fn judged(path: &str, method: &str) -> (Vec<String>, String) {
    let agent = proxy_process::answer_each_head(answer);
    let dir = tempfile::tempdir().unwrap();
    let rec = dir.path().join("cut.jsonl");
    let (run, addr) = proxy_process::start_proxy(&[
        "--upstream",
        &format!("http://{agent}"),
        "--record",
        rec.to_str().unwrap(),
    ]);
    call(addr, path, method);
    // the proxy ends the exchange when the agent's connection ends: wait for that end
    // (a fixed 300 ms stood here)
    proxy_process::wait_in_file(&rec, "the exchange's end", Duration::from_secs(60), |t| {
        t.contains("\"type\":\"exchange_end\"")
    });
    let stderr = run.terminate();
    let out = common::verify_file(&rec);
    let mut rules: Vec<String> = out.findings.iter().map(|f| f.rule.clone()).collect();
    rules.sort();
    let stop = stderr
        .lines()
        .find(|l| l.contains("findings:"))
        .unwrap_or_default()
        .to_string();
    (rules, stop)
}

/// Item 1: the same framing fault for every body cut short, the stream's finding beside
/// it; before: `/sse-cl` drew STREAM-END-007 alone and `/sse-chunk` STREAM-END-007 alone.
#[test]
fn a_body_cut_short_is_the_framing_fault_whatever_the_body() {
    for (path, method, want) in [
        ("/json-cl", "message/send", vec!["HTTP-FRAME-002"]),
        ("/json-chunk", "message/send", vec!["HTTP-FRAME-002"]),
        (
            "/sse-cl",
            "message/stream",
            vec!["HTTP-FRAME-002", "STREAM-END-007"],
        ),
        (
            "/sse-chunk",
            "message/stream",
            vec!["HTTP-FRAME-002", "STREAM-END-007"],
        ),
    ] {
        let (rules, stop) = judged(path, method);
        assert_eq!(rules, want, "{path}");
        assert!(stop.contains("findings: 1 error"), "{path}: {stop}");
    }
}

/// Item 1's legal neighbours: a close-delimited stream that ends at the agent's FIN is a
/// whole message (only the stream's own STREAM-END-007), and a chunked stream cut after its
/// final `completed` event delivered the outcome (nothing).
#[test]
fn a_stream_ended_by_its_framing_or_after_its_outcome_is_no_framing_fault() {
    let (rules, _) = judged("/sse-close", "message/stream");
    assert_eq!(rules, vec!["STREAM-END-007"]);
    let (rules, _) = judged("/sse-after-final", "message/stream");
    assert!(rules.is_empty(), "{rules:?}");
}

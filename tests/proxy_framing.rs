//! HTTP/1.1 message framing through the recording proxy, with agents and clients that get it
//! wrong on purpose (small raw-TCP servers and clients on 127.0.0.1; breaker8 G8, G13):
//!
//! - a message with both `Transfer-Encoding: chunked` and `Content-Length`, from the agent
//!   or from the client: Transfer-Encoding wins and the proxy removes the received
//!   Content-Length before forwarding (RFC 9112 §6.3 item 3); the recording keeps the
//!   fields as received.
//! - a response the agent cut short (closed before `Content-Length` bytes): the
//!   `exchange_end{upstream_abort}` cause says after how many of how many bytes, and the
//!   proxy prints it as an `upstream-error` line (README: every request the agent did not
//!   answer is printed).

use crate::proxy_process;
use crate::proxy_support as support;
use crate::raw_http;

use std::net::SocketAddr;
use std::process::Command;
use std::time::Duration;

use a2a_interop::record::{EventKind, Outcome};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

use raw_http::{chunked, exchange_raw, json_answer};
use support::*;

/// The JSON-RPC answer the raw agents send (125 bytes, like breaker8's `te_cl`).
const ANSWER: &[u8] = br#"{"jsonrpc":"2.0","id":1,"result":{"task":{"id":"t1","contextId":"c1","status":{"state":"TASK_STATE_COMPLETED"}}}}"#;

/// An agent that answers every request with `raw` (a whole HTTP/1.1 response as bytes)
/// and closes the connection ([`raw_http::raw_agent`], the requests it read are not kept).
async fn raw_agent(raw: Vec<u8>) -> SocketAddr {
    raw_http::raw_agent(raw).await.0
}

fn has(headers: &a2a_interop::record::Headers, name: &str, value: &str) -> bool {
    headers
        .iter()
        .any(|(n, v)| n.eq_ignore_ascii_case(name) && v == value)
}

/// G8: the agent sends `content-length: 5` with a chunked 125-byte body. The client gets
/// the whole body (no stale Content-Length), the exchange is complete (not blamed on the
/// client), and the recording's `response_head` keeps both fields as the agent sent them.
#[tokio::test]
async fn agent_content_length_beside_chunked_is_dropped_not_forwarded() {
    let mut raw = b"HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: 5\r\ntransfer-encoding: chunked\r\n\r\n".to_vec();
    raw.extend_from_slice(&chunked(ANSWER));
    let up = raw_agent(raw).await;
    let (_dir, rec, pipeline, base) = start_recording_to(up).await;
    let c = client_h1();
    let (status, headers, body) = fetch(&c, post(&format!("{base}/"), b"{}")).await;
    assert_eq!(status, 200);
    assert_eq!(&body[..], ANSWER, "the client got a cut body");
    assert_ne!(
        headers.get("content-length").map(|v| v.as_bytes()),
        Some(&b"5"[..]),
        "the agent's stale content-length was forwarded"
    );
    let evs = wait_for_exchange_end(&rec).await;
    pipeline.finish().await.unwrap();
    let ex = exchanges(&evs)[0].clone();
    let (outcome, error, _) = outcome(&evs, &ex);
    assert_eq!(outcome, Outcome::Complete, "{error:?}");
    let head = of_exchange(&evs, &ex)
        .into_iter()
        .find_map(|e| match &e.kind {
            EventKind::ResponseHead { headers, .. } => Some(headers.clone()),
            _ => None,
        })
        .expect("response_head");
    assert!(has(&head, "content-length", "5"), "{head:?}");
    assert!(has(&head, "transfer-encoding", "chunked"), "{head:?}");
    assert_eq!(response_chunks(&evs, &ex).concat(), ANSWER);
}

/// G8, the other direction: a client request with `content-length: 2` and a chunked
/// body reaches the agent whole (the echo agent returns the body it read). hyper's server
/// already removes such a request's Content-Length while parsing it, so `request_head`
/// cannot show it; this guards that the proxy never forwards a stale one (a regression
/// test: it passes without the response-side fix too).
#[tokio::test]
async fn client_content_length_beside_chunked_is_dropped_not_forwarded() {
    let up = echo_server("echo").await;
    let (_dir, rec, pipeline, base) = start_recording_to(up).await;
    let proxy = base.trim_start_matches("http://").to_string();
    let payload = br#"{"jsonrpc":"2.0","id":1,"method":"GetTask","params":{"id":"t1"}}"#;
    let mut s = TcpStream::connect(&proxy).await.unwrap();
    let mut req = b"POST / HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\ncontent-length: 2\r\ntransfer-encoding: chunked\r\nconnection: close\r\n\r\n".to_vec();
    req.extend_from_slice(&chunked(payload));
    s.write_all(&req).await.unwrap();
    let mut out = Vec::new();
    let _ = tokio::time::timeout(Duration::from_secs(20), s.read_to_end(&mut out)).await;
    let text = String::from_utf8_lossy(&out);
    assert!(text.starts_with("HTTP/1.1 200"), "{text}");
    let want = format!(
        "{{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{}}}",
        String::from_utf8_lossy(payload)
    );
    assert!(
        text.ends_with(&want),
        "the agent did not get the whole body: {text}"
    );
    let evs = wait_for_exchange_end(&rec).await;
    pipeline.finish().await.unwrap();
    let ex = exchanges(&evs)[0].clone();
    assert_eq!(request_body(&evs, &ex), payload);
    let head = of_exchange(&evs, &ex)
        .into_iter()
        .find_map(|e| match &e.kind {
            EventKind::RequestHead { headers, .. } => Some(headers.clone()),
            _ => None,
        })
        .expect("request_head");
    assert!(has(&head, "transfer-encoding", "chunked"), "{head:?}");
}

/// `103 Early Hints` before the 200: not forwarded (hyper's client consumes interim
/// responses and its server cannot send one; documented in src/proxy/mod.rs), but the final
/// response reaches the client whole and is the one recorded.
#[tokio::test]
async fn early_hints_before_the_answer_leave_the_answer_whole() {
    let mut raw = b"HTTP/1.1 103 Early Hints\r\nlink: </style.css>; rel=preload\r\n\r\n".to_vec();
    raw.extend_from_slice(&json_answer(ANSWER));
    let up = raw_agent(raw).await;
    let (_dir, rec, pipeline, base) = start_recording_to(up).await;
    let (status, _, body) = fetch(&client_h1(), post(&format!("{base}/"), b"{}")).await;
    assert_eq!(status, 200);
    assert_eq!(&body[..], ANSWER);
    let evs = wait_for_exchange_end(&rec).await;
    pipeline.finish().await.unwrap();
    let ex = exchanges(&evs)[0].clone();
    assert_eq!(statuses(of_exchange(&evs, &ex)), [200]);
    assert_eq!(outcome(&evs, &ex).0, Outcome::Complete);
}

/// A JSON-RPC call on a fresh connection (`connection: close`), raw: what arrived until the
/// proxy closed or 20 s passed (a body cut short is no error here).
async fn raw_call(proxy: &str) -> String {
    let body = r#"{"jsonrpc":"2.0","id":1,"method":"SendMessage","params":{"message":{"messageId":"m","role":"ROLE_USER","parts":[{"text":"x"}]}}}"#;
    let req = format!(
        "POST / HTTP/1.1\r\nhost: x\r\na2a-version: 1.0\r\ncontent-type: application/json\r\ncontent-length: {}\r\nconnection: close\r\n\r\n{body}",
        body.len()
    );
    String::from_utf8_lossy(&exchange_raw(proxy, req.as_bytes()).await).into_owned()
}

/// A `proxy` process in front of the agent at `up`, recording to `rec`.
fn proxy_recording_to(up: SocketAddr, rec: &std::path::Path) -> proxy_process::Running {
    proxy_process::spawn_until_listening(
        Command::new(env!("CARGO_BIN_EXE_a2a-interop"))
            .args(["proxy", "--listen", "127.0.0.1:0", "--upstream"])
            .arg(format!("http://{up}"))
            .arg("--record")
            .arg(rec),
        Duration::from_secs(20),
    )
}

/// A `200` head announcing `announced` body bytes, then `sent` of them (the agent then
/// closes: [`raw_agent`]).
fn cut_answer(announced: usize, sent: &[u8]) -> Vec<u8> {
    let mut raw = format!(
        "HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: {announced}\r\n\r\n"
    )
    .into_bytes();
    raw.extend_from_slice(sent);
    raw
}

/// G13: breaker8's `headonly` (Content-Length 100, no body), `halfjson` (40 of 125 bytes)
/// and `shortbody` (the whole JSON answer, Content-Length 100 more): each
/// exchange ends `upstream_abort` with a cause naming the bytes received of the
/// Content-Length, and the bytes that did arrive are recorded.
#[tokio::test]
async fn a_body_cut_short_names_bytes_received_of_content_length() {
    let n = ANSWER.len();
    for (raw, got, announced) in [
        (cut_answer(100, b""), 0, 100),
        (cut_answer(n, &ANSWER[..40]), 40, n),
        (cut_answer(n + 100, ANSWER), n, n + 100),
    ] {
        let up = raw_agent(raw).await;
        let (_dir, rec, pipeline, base) = start_recording_to(up).await;
        let text = raw_call(base.trim_start_matches("http://")).await;
        assert!(text.starts_with("HTTP/1.1 200"), "{text}");
        let evs = wait_for_exchange_end(&rec).await;
        let run = pipeline.finish().await.unwrap();
        let ex = exchanges(&evs)[0].clone();
        let (outcome, error, _) = outcome(&evs, &ex);
        assert_eq!(outcome, Outcome::UpstreamAbort, "{error:?}");
        // The verifier does not judge the cut body as the agent's answer (no "empty body"
        // or "not JSON" RPC-ENVELOPE-001); its note names the recorded cause.
        let findings: Vec<String> = run
            .verify
            .findings
            .iter()
            .map(|f| format!("{} {}", f.rule, f.message))
            .collect();
        assert!(
            !findings.iter().any(|f| f.starts_with("RPC-ENVELOPE")),
            "{findings:?}"
        );
        let note = format!(
            "{}: response body not judged",
            error.as_deref().unwrap_or("")
        );
        assert!(
            run.verify
                .incomplete
                .iter()
                .any(|(id, why)| *id == ex && *why == note),
            "{:?}",
            run.verify.incomplete
        );
        let error = error.unwrap_or_default();
        let want = format!(
            "upstream response body failed after {got} of {announced} bytes (content-length {announced}): "
        );
        assert!(error.starts_with(&want), "{error}");
        assert!(
            error.contains("end of file before message length reached"),
            "{error}"
        );
        assert_eq!(response_chunks(&evs, &ex).concat().len(), got);
    }
}

/// G13, on the console: `proxy` prints an `upstream-error` line for a response the agent
/// cut short, with the exchange id and the cause as recorded.
#[tokio::test]
async fn a_body_cut_short_gets_an_upstream_error_line() {
    let up = raw_agent(cut_answer(ANSWER.len(), &ANSWER[..40])).await;
    let dir = tempfile::tempdir().unwrap();
    let rec = dir.path().join("r.jsonl");
    let run = proxy_recording_to(up, &rec);
    let addr = run.addr.trim_end_matches('/').to_string();
    let text = raw_call(&addr).await;
    assert!(text.starts_with("HTTP/1.1 200"), "{text}");
    wait_for_exchange_end(&rec).await;
    let stderr = run.terminate();
    let want = format!(
        "upstream-error e1: upstream response body failed after 40 of {n} bytes (content-length {n}): ",
        n = ANSWER.len()
    );
    assert!(stderr.contains(&want), "{stderr}");
}

/// G13 without a length: a chunked answer whose connection closes after its first chunk
/// (no last chunk) ends `upstream_abort` with the bytes received and no length to compare.
#[tokio::test]
async fn a_chunked_body_cut_short_names_bytes_received() {
    let mut raw =
        b"HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ntransfer-encoding: chunked\r\n\r\n"
            .to_vec();
    raw.extend_from_slice(b"28\r\n");
    raw.extend_from_slice(&ANSWER[..40]);
    raw.extend_from_slice(b"\r\n");
    let up = raw_agent(raw).await;
    let (_dir, rec, pipeline, base) = start_recording_to(up).await;
    let text = raw_call(base.trim_start_matches("http://")).await;
    assert!(text.starts_with("HTTP/1.1 200"), "{text}");
    let evs = wait_for_exchange_end(&rec).await;
    pipeline.finish().await.unwrap();
    let ex = exchanges(&evs)[0].clone();
    let (outcome, error, _) = outcome(&evs, &ex);
    assert_eq!(outcome, Outcome::UpstreamAbort, "{error:?}");
    let error = error.unwrap_or_default();
    assert!(
        error.starts_with("upstream response body failed after 40 bytes: "),
        "{error}"
    );
}

/// G8 on the console: `proxy` names the agent's framing fault once per run (an agent that
/// sends both fields does so on every response), with the exchange it was first seen in.
#[tokio::test]
async fn both_framings_get_one_warning_line_per_run() {
    // `connection: close`: the agent serves one request per connection
    let mut raw = b"HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: 5\r\ntransfer-encoding: chunked\r\nconnection: close\r\n\r\n".to_vec();
    raw.extend_from_slice(&chunked(ANSWER));
    let up = raw_agent(raw).await;
    let dir = tempfile::tempdir().unwrap();
    let rec = dir.path().join("r.jsonl");
    let run = proxy_recording_to(up, &rec);
    let addr = run.addr.trim_end_matches('/').to_string();
    for _ in 0..2 {
        let text = raw_call(&addr).await;
        assert!(text.starts_with("HTTP/1.1 200"), "{text}");
        assert!(!text.contains("content-length: 5"), "{text}");
    }
    wait_for(&rec, |evs| {
        evs.iter()
            .filter(|e| matches!(e.kind, EventKind::ExchangeEnd { .. }))
            .count()
            == 2
    })
    .await;
    let stderr = run.terminate();
    let warnings: Vec<&str> = stderr
        .lines()
        .filter(|l| l.contains("both Transfer-Encoding and Content-Length"))
        .collect();
    assert_eq!(warnings.len(), 1, "{stderr}");
    assert!(
        warnings[0].starts_with(&format!(
            "a2a-interop proxy: WARNING: agent http://{up}/ answered e1 with both"
        )),
        "{stderr}"
    );
}

/// G13 with `--rewrite-card`: the proxy reads an Agent Card whole to rewrite it; a card the
/// agent cut short is answered 502 and recorded `upstream_abort`, both naming the bytes
/// received of the Content-Length.
#[tokio::test]
async fn a_card_cut_short_names_bytes_received_of_content_length() {
    let up = raw_agent(cut_answer(300, br#"{"name":"cut","supportedInterfaces":["#)).await;
    let dir = tempfile::tempdir().unwrap();
    let rec = tmp_recording(&dir, "r.jsonl");
    let mut cfg = pipeline_cfg(vec![("/", format!("http://{up}"))], &rec);
    cfg.proxy.rewrite_card = true;
    let (pipeline, base) = start(cfg).await;
    let mut s = TcpStream::connect(base.trim_start_matches("http://"))
        .await
        .unwrap();
    s.write_all(
        b"GET /.well-known/agent-card.json HTTP/1.1\r\nhost: x\r\nconnection: close\r\n\r\n",
    )
    .await
    .unwrap();
    let mut out = Vec::new();
    let _ = tokio::time::timeout(Duration::from_secs(20), s.read_to_end(&mut out)).await;
    let text = String::from_utf8_lossy(&out);
    let want = "upstream card body failed after 37 of 300 bytes (content-length 300): ";
    assert!(text.starts_with("HTTP/1.1 502"), "{text}");
    assert!(text.contains(want), "{text}");
    let evs = wait_for_exchange_end(&rec).await;
    pipeline.finish().await.unwrap();
    let ex = exchanges(&evs)[0].clone();
    let (outcome, error, _) = outcome(&evs, &ex);
    assert_eq!(outcome, Outcome::UpstreamAbort, "{error:?}");
    assert!(error.unwrap_or_default().starts_with(want));
}

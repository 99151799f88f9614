//! Requests the proxy's own HTTP server refuses, and clients that half-close (breaker18b X6,
//! X7, X13, X2; fix19p P4), through a recording pipeline on 127.0.0.1 with raw-socket
//! clients:
//!
//! - a client that half-closes after its request (`shutdown(SHUT_WR)`, as `printf | nc -N`)
//!   is taken as gone by default (nothing back, `client_abort`: a client that gave up looks
//!   the same), and gets its answer, unary and streamed, with `--half-close` (RFC 9112 §9.6);
//! - a request head hyper refuses (two `Content-Length` values, RFC 9112 §6.3 item 5) is
//!   answered 400 and recorded as `request_refused{status: 400}`; the verifier reports it
//!   (HTTP-FRAME-003), online and offline alike; a well-formed request is the control;
//! - a partial request head is closed after the head time limit and recorded; an idle
//!   keep-alive connection is closed too, without a refusal (RFC 9112 §9.5);
//! - an h2c stream whose DATA is longer than its `content-length` is reset by the proxy's
//!   server and ends `refused`, not `client_abort` (RFC 9113 §8.1.1); the well-formed stream
//!   beside it on the same connection is answered.

use crate::proxy_support as support;

use std::sync::Arc;
use std::time::Duration;

use a2a_interop::app::pipeline::Pipeline;
use a2a_interop::proxy::ProxyExtras;
use a2a_interop::record::{Event, EventKind, Outcome};
use bytes::Bytes;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

use support::*;

const CALL: &[u8] = br#"{"jsonrpc":"2.0","id":1,"method":"GetTask","params":{"id":"t1"}}"#;

/// The `request_refused` events of a recording: (conn, status, error).
fn refusals(evs: &[Event]) -> Vec<(Option<u64>, Option<u16>, String)> {
    evs.iter()
        .filter_map(|e| match &e.kind {
            EventKind::RequestRefused {
                conn,
                status,
                error,
            } => Some((*conn, *status, error.clone())),
            _ => None,
        })
        .collect()
}

/// Sends `req` on a fresh connection to `proxy` (`host:port`), optionally half-closes, and
/// reads until the proxy closes (at most 20 s).
async fn exchange_raw(proxy: &str, req: &[u8], half_close: bool) -> Vec<u8> {
    let mut s = TcpStream::connect(proxy).await.unwrap();
    s.write_all(req).await.unwrap();
    if half_close {
        s.shutdown().await.unwrap();
    }
    let mut out = Vec::new();
    let _ = tokio::time::timeout(Duration::from_secs(20), s.read_to_end(&mut out)).await;
    out
}

fn post(body: &[u8], extra: &str) -> Vec<u8> {
    let mut r = format!(
        "POST / HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\n{extra}content-length: {}\r\nconnection: close\r\n\r\n",
        body.len()
    )
    .into_bytes();
    r.extend_from_slice(body);
    r
}

/// A JSON-RPC agent that reads the request and answers it 300 ms later with the request
/// body as its `result`: long enough for a half-closing client's EOF to reach the proxy
/// while the request waits.
async fn slow_echo() -> std::net::SocketAddr {
    serve(Arc::new(|req: hyper::Request<hyper::body::Incoming>| {
        Box::pin(async move {
            let body = http_body_util::BodyExt::collect(req.into_body())
                .await
                .map(|c| c.to_bytes())
                .unwrap_or_default();
            tokio::time::sleep(Duration::from_millis(300)).await;
            let mut out = b"{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":".to_vec();
            out.extend_from_slice(&body);
            out.push(b'}');
            hyper::Response::builder()
                .header("content-type", "application/json")
                .body(full(out))
                .unwrap()
        })
    }))
    .await
}

/// A recording pipeline to `up` with `--half-close` on or off: (directory, recording,
/// pipeline, proxy `host:port`).
async fn start_half_close(
    up: std::net::SocketAddr,
    half_close: bool,
) -> (tempfile::TempDir, std::path::PathBuf, Pipeline, String) {
    let dir = tempfile::tempdir().unwrap();
    let rec = tmp_recording(&dir, "r.jsonl");
    let p = Pipeline::start_ext(
        pipeline_cfg(vec![("/", format!("http://{up}"))], &rec),
        ProxyExtras {
            half_close,
            ..ProxyExtras::default()
        },
    )
    .await
    .expect("pipeline");
    let proxy = p.proxy_addr().to_string();
    (dir, rec, p, proxy)
}

/// A raw-socket client that shuts its sending side after its request (`printf ... | nc -N`):
/// by default the proxy takes the EOF as the client giving up (nothing comes back, the
/// exchange ends `client_abort`); with `--half-close` it gets the agent's answer and the
/// exchange is complete. Both settings, the same agent and request.
#[tokio::test]
async fn a_client_that_half_closes_gets_its_answer_only_with_half_close() {
    let up = slow_echo().await;
    let want = format!(
        "{{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{}}}",
        String::from_utf8_lossy(CALL)
    );
    for half_close in [false, true] {
        let (_dir, rec, pipeline, proxy) = start_half_close(up, half_close).await;
        let out = exchange_raw(&proxy, &post(CALL, ""), true).await;
        let text = String::from_utf8_lossy(&out).to_string();
        let evs = wait_for_exchange_end(&rec).await;
        pipeline.finish().await.unwrap();
        let ex = exchanges(&evs);
        assert_eq!(ex.len(), 1, "half_close {half_close}");
        assert!(refusals(&evs).is_empty());
        if half_close {
            assert_eq!(request_body(&evs, &ex[0]), CALL);
            assert!(text.starts_with("HTTP/1.1 200"), "{text}");
            assert!(text.ends_with(&want), "{text}");
            assert_eq!(outcome(&evs, &ex[0]).0, Outcome::Complete);
        } else {
            assert_eq!(text, "", "the default takes the EOF as a give-up");
            let (o, error, _) = outcome(&evs, &ex[0]);
            assert_eq!(o, Outcome::ClientAbort, "{error:?}");
            // the request the client sent is recorded all the same (proxy20 P1)
            assert_eq!(request_body(&evs, &ex[0]), CALL);
            assert!(error.unwrap_or_default().contains("--half-close"));
        }
    }
}

/// The same for a stream: with `--half-close` the half-closed client gets every event and
/// the exchange is complete; by default it gets nothing and the exchange ends
/// `client_abort`.
#[tokio::test]
async fn a_half_closed_client_gets_a_whole_stream_only_with_half_close() {
    let up = sse_server(3, Duration::from_millis(150)).await;
    for half_close in [false, true] {
        let (_dir, rec, pipeline, proxy) = start_half_close(up, half_close).await;
        let out = exchange_raw(&proxy, &post(CALL, "accept: text/event-stream\r\n"), true).await;
        let text = String::from_utf8_lossy(&out).to_string();
        let evs = wait_for_exchange_end(&rec).await;
        pipeline.finish().await.unwrap();
        let ex = exchanges(&evs);
        assert_eq!(ex.len(), 1, "half_close {half_close}");
        let got = text.matches("data: ").count();
        if half_close {
            assert!(text.starts_with("HTTP/1.1 200"), "{text}");
            assert_eq!(got, 3, "{text}");
            let chunks: Vec<Bytes> = response_chunks(&evs, &ex[0]);
            let streamed: Vec<u8> = chunks.iter().flat_map(|c| c.iter().copied()).collect();
            assert_eq!(streamed.windows(6).filter(|w| w == b"data: ").count(), 3);
            assert_eq!(outcome(&evs, &ex[0]).0, Outcome::Complete);
        } else {
            assert!(got < 3, "{text}");
            assert_eq!(outcome(&evs, &ex[0]).0, Outcome::ClientAbort);
        }
    }
}

#[tokio::test]
async fn a_request_head_hyper_refuses_is_recorded_and_reported() {
    let up = echo_server("echo").await;
    let (_dir, rec, pipeline, base) = start_recording_to(up).await;
    let proxy = base.trim_start_matches("http://").to_string();
    // Two different Content-Length values: the framing is ambiguous, 400 (RFC 9112 §6.3).
    let bad = post(CALL, "content-length: 7\r\n");
    let out = exchange_raw(&proxy, &bad, false).await;
    let text = String::from_utf8_lossy(&out);
    assert!(text.starts_with("HTTP/1.1 400"), "{text}");
    assert!(
        text.ends_with("\r\n\r\na2a-interop proxy: the request is not valid HTTP/1.1 (its request line or a header field cannot be parsed, RFC 9112), so it was not forwarded to the agent\n"),
        "{text}"
    );
    // Control: the same request with one Content-Length goes through.
    let out = exchange_raw(&proxy, &post(CALL, ""), false).await;
    assert!(
        String::from_utf8_lossy(&out).starts_with("HTTP/1.1 200"),
        "{out:?}"
    );
    let evs = wait_for(&rec, |e| !refusals(e).is_empty()).await;
    let run = pipeline.finish().await.unwrap();
    let evs = {
        let all = read_events(&rec);
        assert!(all.len() >= evs.len());
        all
    };
    let got = refusals(&evs);
    assert_eq!(got.len(), 1, "{got:?}");
    let (conn, status, error) = &got[0];
    assert_eq!(*status, Some(400));
    // left35: with what the answer's text/plain body told the client
    assert_eq!(
        error,
        "invalid request head: invalid content-length parsed; the proxy told the client: the request is not valid HTTP/1.1 (its request line or a header field cannot be parsed, RFC 9112), so it was not forwarded to the agent"
    );
    // The refused connection is the first one the proxy accepted; nothing of it reached
    // the agent: only the control's exchange is recorded.
    let (first_conn, peer) = evs
        .iter()
        .find_map(|e| match &e.kind {
            EventKind::ConnOpen { conn, peer, .. } => Some((*conn, peer.clone())),
            _ => None,
        })
        .unwrap();
    assert_eq!(*conn, Some(first_conn));
    let ex = exchanges(&evs);
    assert_eq!(ex.len(), 1, "{ex:?}");
    assert_eq!(outcome(&evs, &ex[0]).0, Outcome::Complete);
    let frame: Vec<_> = run
        .verify
        .findings
        .iter()
        .filter(|f| f.rule == "HTTP-FRAME-003")
        .collect();
    assert_eq!(frame.len(), 1, "{:?}", run.verify.findings);
    assert!(
        frame[0]
            .message
            .ends_with("answered 400 without forwarding it: invalid request head: invalid content-length parsed; the proxy told the client: the request is not valid HTTP/1.1 (its request line or a header field cannot be parsed, RFC 9112), so it was not forwarded to the agent"),
        "{}",
        frame[0].message
    );
    // the connection and its client address (review22 N8)
    assert!(
        frame[0].message.starts_with(&format!(
            "the proxy refused a client request on connection {first_conn} (client {peer}) and answered 400"
        )) && peer.starts_with("127.0.0.1:"),
        "{}",
        frame[0].message
    );
    assert_offline_matches(&run.verify, &rec);
}

/// Takes the head time limit (30 s) once, for both connections at the same time.
#[tokio::test]
async fn a_partial_head_is_closed_and_recorded_an_idle_connection_only_closed() {
    let up = echo_server("echo").await;
    let (_dir, rec, pipeline, base) = start_recording_to(up).await;
    let proxy = base.trim_start_matches("http://").to_string();
    // A slowloris head: never completed.
    let mut slow = TcpStream::connect(&proxy).await.unwrap();
    slow.write_all(b"POST / HTTP/1.1\r\nhost: a\r\nx-slow: ")
        .await
        .unwrap();
    // A keep-alive client that got its answer and then says nothing.
    let mut idle = TcpStream::connect(&proxy).await.unwrap();
    let mut req = format!(
        "POST / HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\ncontent-length: {}\r\n\r\n",
        CALL.len()
    )
    .into_bytes();
    req.extend_from_slice(CALL);
    idle.write_all(&req).await.unwrap();
    let wait = a2a_interop::proxy::refusal::HEAD_TIMEOUT + Duration::from_secs(15);
    let read_all = |mut s: TcpStream| async move {
        let mut out = Vec::new();
        let r = tokio::time::timeout(wait, s.read_to_end(&mut out)).await;
        (r.is_ok(), out)
    };
    let ((slow_closed, slow_out), (idle_closed, idle_out)) =
        tokio::join!(read_all(slow), read_all(idle));
    assert!(slow_closed, "the partial head was not closed");
    assert!(slow_out.is_empty(), "{slow_out:?}");
    assert!(idle_closed, "the idle connection was not closed");
    assert!(
        String::from_utf8_lossy(&idle_out).starts_with("HTTP/1.1 200"),
        "{idle_out:?}"
    );
    let evs = wait_for(&rec, |e| !refusals(e).is_empty()).await;
    pipeline.finish().await.unwrap();
    let got = refusals(&evs);
    assert_eq!(got.len(), 1, "{got:?}");
    assert_eq!(got[0].1, None);
    assert_eq!(
        got[0].2,
        "request head not complete within 30 s: connection closed"
    );
    let ex = exchanges(&evs);
    assert_eq!(ex.len(), 1);
    assert_eq!(outcome(&evs, &ex[0]).0, Outcome::Complete);
}

#[tokio::test]
async fn an_h2_stream_longer_than_its_content_length_ends_refused() {
    let up = echo_server("echo").await;
    let (_dir, rec, pipeline, base) = start_recording_to(up).await;
    let proxy = base.trim_start_matches("http://").to_string();
    let tcp = TcpStream::connect(&proxy).await.unwrap();
    let (client, conn) = h2::client::handshake(tcp).await.unwrap();
    tokio::spawn(conn);
    let mut client = client.ready().await.unwrap();
    let req = |len: usize| {
        http::Request::post(format!("{base}/"))
            .header("content-type", "application/json")
            .header("content-length", len.to_string())
            .body(())
            .unwrap()
    };
    // DATA longer than content-length: malformed (RFC 9113 §8.1.1).
    let (bad, mut bad_body) = client.send_request(req(10), false).unwrap();
    bad_body.send_data(Bytes::from_static(CALL), true).unwrap();
    let bad = bad.await;
    let err = bad.expect_err("a malformed stream is reset");
    assert_eq!(err.reason(), Some(h2::Reason::PROTOCOL_ERROR), "{err}");
    // Control on the same connection: well-formed, answered.
    let mut client = client.ready().await.unwrap();
    let (good, mut good_body) = client.send_request(req(CALL.len()), false).unwrap();
    good_body.send_data(Bytes::from_static(CALL), true).unwrap();
    let good = good.await.unwrap();
    assert_eq!(good.status(), 200);
    let mut body = good.into_body();
    while let Some(d) = body.data().await {
        let d = d.unwrap();
        let _ = body.flow_control().release_capacity(d.len());
    }
    let evs = wait_for(&rec, |e| {
        e.iter()
            .filter(|e| matches!(e.kind, EventKind::ExchangeEnd { .. }))
            .count()
            >= 2
    })
    .await;
    let run = pipeline.finish().await.unwrap();
    let ex = exchanges(&evs);
    assert_eq!(ex.len(), 2, "{ex:?}");
    let mut outcomes: Vec<(Outcome, Option<String>)> = ex
        .iter()
        .map(|x| {
            let (o, e, _) = outcome(&evs, x);
            (o, e)
        })
        .collect();
    outcomes.sort_by_key(|(o, _)| *o != Outcome::Refused);
    assert_eq!(outcomes[0].0, Outcome::Refused, "{outcomes:?}");
    assert!(
        outcomes[0]
            .1
            .as_deref()
            .unwrap_or("")
            .starts_with("client request refused as malformed: the proxy's HTTP/2 server reset the stream as a malformed request (RST_STREAM PROTOCOL_ERROR, RFC 9113 §8.1.1)"),
        "{outcomes:?}"
    );
    assert_eq!(outcomes[1].0, Outcome::Complete);
    assert!(
        run.verify
            .findings
            .iter()
            .any(|f| f.rule == "HTTP-FRAME-003"),
        "{:?}",
        run.verify.findings
    );
}

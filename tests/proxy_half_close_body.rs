//! A client that shuts its sending side after its request (`shutdown(SHUT_WR)`, as
//! `printf ... | nc -N` does) while the proxy runs without `--half-close` (proxy20 P1): the
//! proxy takes the EOF as the client going away (the exchange ends `client_abort`), but the
//! request body the client sent is in the recording whole, and the `exchange_end.error`
//! says what happened (an EOF, how the proxy took it, `--half-close`, RFC 9112 §9.6).
//! Real sockets: a raw TCP client, the proxy's recording pipeline, a small agent.

use crate::proxy_support as support;

use std::sync::Arc;
use std::time::Duration;

use a2a_interop::app::pipeline::Pipeline;
use a2a_interop::proxy::ProxyExtras;
use a2a_interop::record::{Event, EventKind, Outcome};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

use support::*;

/// An agent that waits `wait_ms` before it reads the request body (or never reads it when
/// `read` is false), then answers 300 ms later with the body's length.
async fn agent(wait_ms: u64, read: bool) -> std::net::SocketAddr {
    serve(Arc::new(
        move |req: hyper::Request<hyper::body::Incoming>| {
            Box::pin(async move {
                tokio::time::sleep(Duration::from_millis(wait_ms)).await;
                let n = if read {
                    http_body_util::BodyExt::collect(req.into_body())
                        .await
                        .map(|c| c.to_bytes().len())
                        .unwrap_or_default()
                } else {
                    0
                };
                tokio::time::sleep(Duration::from_millis(300)).await;
                hyper::Response::builder()
                    .header("content-type", "application/json")
                    .body(full(format!(
                        "{{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{n}}}"
                    )))
                    .unwrap()
            })
        },
    ))
    .await
}

/// A recording proxy in the default mode (no `--half-close`) to `up`.
async fn start(up: std::net::SocketAddr) -> (tempfile::TempDir, std::path::PathBuf, Pipeline) {
    let dir = tempfile::tempdir().unwrap();
    let rec = tmp_recording(&dir, "r.jsonl");
    let p = Pipeline::start_ext(
        pipeline_cfg(vec![("/", format!("http://{up}"))], &rec),
        ProxyExtras::default(),
    )
    .await
    .expect("pipeline");
    (dir, rec, p)
}

/// Sends `head` and `body` on one connection, then shuts the sending side and reads until
/// the proxy closes; returns what came back.
async fn send_then_half_close(proxy: std::net::SocketAddr, head: &str, body: &[u8]) -> Vec<u8> {
    let mut s = TcpStream::connect(proxy).await.unwrap();
    let mut req = head.as_bytes().to_vec();
    req.extend_from_slice(body);
    s.write_all(&req).await.unwrap();
    s.shutdown().await.unwrap();
    let mut out = Vec::new();
    let _ = tokio::time::timeout(Duration::from_secs(10), s.read_to_end(&mut out)).await;
    out
}

fn post_head(len: usize) -> String {
    format!(
        "POST / HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\ncontent-length: {len}\r\n\r\n"
    )
}

/// The one exchange's end after the pipeline finished: (events, outcome, error,
/// request_bytes, truncated).
async fn finished(
    rec: &std::path::Path,
    p: Pipeline,
) -> (Vec<Event>, String, Outcome, String, u64, bool) {
    wait_for_exchange_end(rec).await;
    p.finish().await.unwrap();
    let evs = read_events(rec);
    let ex = exchanges(&evs);
    assert_eq!(ex.len(), 1);
    let (outcome, error, truncated) = outcome(&evs, &ex[0]);
    let request_bytes = evs
        .iter()
        .find_map(|e| match &e.kind {
            EventKind::ExchangeEnd { request_bytes, .. } => Some(*request_bytes),
            _ => None,
        })
        .unwrap();
    // the recording parses to its last line and the end is the exchange's last event
    let last = of_exchange(&evs, &ex[0]).last().map(|e| e.kind.clone());
    assert!(matches!(last, Some(EventKind::ExchangeEnd { .. })));
    let id = ex[0].clone();
    (
        evs,
        id,
        outcome,
        error.unwrap_or_default(),
        request_bytes,
        truncated,
    )
}

/// The body is recorded whole whether the handler is dropped while it connects to the agent,
/// while the agent has not read the body yet, when the agent never reads it, or while a
/// large body is still crossing: small and large bodies, fast and slow agents.
#[tokio::test]
async fn a_half_closed_clients_body_is_recorded_whole_without_half_close() {
    for (wait_ms, read, size) in [
        (0, true, 60),
        (300, true, 60),
        (0, false, 60),
        (0, true, 300_000),
        (300, true, 300_000),
    ] {
        let case = format!("agent waits {wait_ms} ms, reads {read}, body {size} bytes");
        let up = agent(wait_ms, read).await;
        let (_dir, rec, p) = start(up).await;
        let body: Vec<u8> = (0..size).map(|i| b'a' + (i % 26) as u8).collect();
        let out = send_then_half_close(p.proxy_addr(), &post_head(size), &body).await;
        assert!(
            out.is_empty(),
            "{case}: the default takes the EOF as a give-up"
        );
        let (evs, ex, outcome, error, request_bytes, truncated) = finished(&rec, p).await;
        assert_eq!(request_body(&evs, &ex), body, "{case}");
        assert_eq!(outcome, Outcome::ClientAbort, "{case}");
        assert!(!truncated, "{case}: {error}");
        assert!(request_bytes <= size as u64, "{case}");
        for want in [
            "reached EOF before the response ended",
            "only shut its sending side",
            "--half-close",
            "RFC 9112 §9.6",
            &format!("its whole request body ({size} bytes) was received and is recorded"),
        ] {
            assert!(error.contains(want), "{case}: {want:?} not in {error}");
        }
    }
}

/// A chunked request body, half-closed after its last chunk: recorded whole, decoded.
#[tokio::test]
async fn a_half_closed_clients_chunked_body_is_recorded_whole() {
    let up = agent(0, true).await;
    let (_dir, rec, p) = start(up).await;
    let head = "POST / HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\ntransfer-encoding: chunked\r\n\r\n";
    let out = send_then_half_close(
        p.proxy_addr(),
        head,
        b"5\r\n{\"a\":\r\n3\r\n12}\r\n0\r\n\r\n",
    )
    .await;
    assert!(out.is_empty());
    let (evs, ex, outcome, error, _, _) = finished(&rec, p).await;
    assert_eq!(request_body(&evs, &ex), b"{\"a\":12}");
    assert_eq!(outcome, Outcome::ClientAbort);
    assert!(
        error.contains("its whole request body (8 bytes) was received"),
        "{error}"
    );
}

/// A client that half-closes inside its body (40 of 100 announced bytes): the 40 bytes are
/// recorded and the end says the body failed after them, not that it was whole.
#[tokio::test]
async fn a_client_that_half_closes_inside_its_body_is_recorded_as_cut() {
    let up = agent(0, true).await;
    let (_dir, rec, p) = start(up).await;
    let body = [b'x'; 40];
    let out = send_then_half_close(p.proxy_addr(), &post_head(100), &body).await;
    // hyper may answer nothing or a 400 to a body cut short; either way no 200
    assert!(!String::from_utf8_lossy(&out).starts_with("HTTP/1.1 200"));
    let (evs, ex, outcome, error, _, _) = finished(&rec, p).await;
    assert_eq!(request_body(&evs, &ex), body);
    assert_eq!(outcome, Outcome::ClientAbort, "{error}");
    assert!(!error.contains("whole request body"), "{error}");
    assert!(error.contains("failed after 40 of 100 bytes"), "{error}");
    assert!(error.contains("end of file"), "{error}");
}

/// Control: a client that resets its connection (SO_LINGER 0) sends no EOF; its end does not
/// claim one.
#[tokio::test]
async fn a_client_reset_is_not_reported_as_an_eof() {
    let up = agent(300, true).await;
    let (_dir, rec, p) = start(up).await;
    let mut s = TcpStream::connect(p.proxy_addr()).await.unwrap();
    let body = [b'y'; 20];
    let mut req = post_head(20).into_bytes();
    req.extend_from_slice(&body);
    s.write_all(&req).await.unwrap();
    // the proxy has read the body (a fixed 100 ms stood here: on a loaded machine the
    // reset could come first, and a reset discards what the proxy had not read yet)
    wait_for(&rec, |evs| {
        evs.iter()
            .any(|e| matches!(e.kind, EventKind::RequestBody { .. }))
    })
    .await;
    // SO_LINGER 0: close sends RST (blocks no thread with a zero linger)
    #[allow(deprecated)]
    s.set_linger(Some(Duration::ZERO)).unwrap();
    drop(s);
    let (evs, ex, outcome, error, _, _) = finished(&rec, p).await;
    assert_eq!(outcome, Outcome::ClientAbort);
    assert!(!error.contains("EOF"), "{error}");
    assert_eq!(request_body(&evs, &ex), body);
}

/// Many half-closing clients at once (the fault battery's load): when a request's head,
/// body and EOF are all read in one go, hyper's HTTP/1.1 server ends the connection on the
/// EOF before it ever ran the proxy's handler, and nothing but `conn_open` was recorded.
/// Every request must be recorded, each with its own body.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_burst_of_half_closing_clients_is_recorded_request_by_request() {
    let up = agent(0, true).await;
    let (_dir, rec, p) = start(up).await;
    let addr = p.proxy_addr();
    const N: usize = 64;
    let mut tasks = Vec::new();
    for i in 0..N {
        tasks.push(tokio::spawn(async move {
            let body = format!("{{\"client\":{i}}}");
            let head = format!(
                "POST /c{i} HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\ncontent-length: {}\r\n\r\n",
                body.len()
            );
            send_then_half_close(addr, &head, body.as_bytes()).await
        }));
    }
    for t in tasks {
        t.await.unwrap();
    }
    wait_for(&rec, |evs| {
        evs.iter()
            .filter(|e| matches!(e.kind, EventKind::ExchangeEnd { .. }))
            .count()
            >= N
    })
    .await;
    p.finish().await.unwrap();
    let evs = read_events(&rec);
    let ex = exchanges(&evs);
    assert_eq!(ex.len(), N, "one exchange per request");
    for x in &ex {
        let url = evs
            .iter()
            .find_map(|e| match &e.kind {
                EventKind::RequestHead { url, .. } if e.exchange.as_deref() == Some(x) => {
                    Some(url.clone())
                }
                _ => None,
            })
            .unwrap();
        let i = url.rsplit("/c").next().unwrap();
        assert_eq!(
            request_body(&evs, x),
            format!("{{\"client\":{i}}}").into_bytes(),
            "{url}"
        );
        assert_eq!(outcome(&evs, x).0, Outcome::ClientAbort, "{url}");
    }
}

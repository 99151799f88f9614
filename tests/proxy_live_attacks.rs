//! The live proxy path under faults the fault battery does not throw (proxy20 P3), each
//! through a recording pipeline on 127.0.0.1 with raw-socket clients and a hand-made agent
//! that writes its answers byte for byte. For each: the proxy answers (or refuses) without
//! hanging, a healthy request on another connection is still answered, the recording
//! parses to its last line with one `exchange_end` per exchange saying what happened, and
//! the live verifier's findings equal the offline ones.
//!
//! - the agent answers `100 Continue`, then closes (RFC 9110 §15.2.1: an interim answer
//!   is no answer);
//! - an event stream with `Content-Encoding: gzip`, and one with trailers;
//! - an answer head split over many TCP writes with delays;
//! - a 60 KiB header line in a request, and in an answer;
//! - a client pipelining three requests on one HTTP/1.1 connection (RFC 9112 §9.3.2);
//! - a 0-byte chunked request body (`0\r\n\r\n` only);
//! - a client asking for an h2c upgrade (`Connection: upgrade`, `Upgrade: h2c`,
//!   RFC 7540 §3.2): answered over HTTP/1.1, as a server that does not upgrade does.

use crate::proxy_support as support;
use crate::raw_http;

use std::io::Write as _;
use std::time::Duration;

use a2a_interop::record::{Event, EventKind, Outcome};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

use raw_http::*;
use support::*;

const OK: &[u8] = br#"{"jsonrpc":"2.0","id":1,"result":{}}"#;
const EVENT: &[u8] = b"data: {\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{\"kind\":\"status-update\",\"taskId\":\"t1\",\"contextId\":\"c1\",\"status\":{\"state\":\"completed\"},\"final\":true}}\n\n";

fn gzip(data: &[u8]) -> Vec<u8> {
    let mut e = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    e.write_all(data).unwrap();
    e.finish().unwrap()
}

/// `raw` (an answer starting `HTTP/1.1 200 OK\r\n`) with `connection: close` in its head:
/// this agent closes after one answer, and says so (an agent that closes a kept connection
/// unannounced gets a pipelined POST a 502, RFC 9112 §9.3.1.1).
fn closing(raw: &[u8]) -> Vec<u8> {
    let start = b"HTTP/1.1 200 OK\r\n";
    assert!(raw.starts_with(start));
    [
        start.as_slice(),
        b"connection: close\r\n",
        &raw[start.len()..],
    ]
    .concat()
}

/// The agent: reads one request, answers by its path, closes the connection.
async fn agent() -> std::net::SocketAddr {
    serve_connections(|mut s| async move {
        let Some(req) = read_request(&mut s).await else {
            return;
        };
        let head = String::from_utf8_lossy(&req).to_string();
        let path = head.split_whitespace().nth(1).unwrap_or("/").to_string();
        match path.as_str() {
            "/continue-close" => {
                let _ = s.write_all(b"HTTP/1.1 100 Continue\r\n\r\n").await;
                tokio::time::sleep(Duration::from_millis(50)).await;
            }
            "/sse-gzip" => {
                let z = gzip(&[EVENT, EVENT].concat());
                let (a, b) = z.split_at(z.len() / 2);
                let mut out = b"HTTP/1.1 200 OK\r\nconnection: close\r\ncontent-type: text/event-stream\r\ncontent-encoding: gzip\r\ntransfer-encoding: chunked\r\n\r\n".to_vec();
                out.extend_from_slice(format!("{:x}\r\n", a.len()).as_bytes());
                out.extend_from_slice(a);
                out.extend_from_slice(b"\r\n");
                let _ = s.write_all(&out).await;
                tokio::time::sleep(Duration::from_millis(50)).await;
                let mut out = format!("{:x}\r\n", b.len()).into_bytes();
                out.extend_from_slice(b);
                out.extend_from_slice(b"\r\n0\r\n\r\n");
                let _ = s.write_all(&out).await;
            }
            "/sse-trailers" => {
                let mut out = b"HTTP/1.1 200 OK\r\nconnection: close\r\ncontent-type: text/event-stream\r\ntransfer-encoding: chunked\r\ntrailer: x-checksum\r\n\r\n".to_vec();
                out.extend_from_slice(format!("{:x}\r\n", EVENT.len()).as_bytes());
                out.extend_from_slice(EVENT);
                out.extend_from_slice(b"\r\n0\r\nx-checksum: abc\r\n\r\n");
                let _ = s.write_all(&out).await;
            }
            "/split" => {
                let raw = closing(&json_answer(OK));
                for piece in raw.chunks(7) {
                    let _ = s.write_all(piece).await;
                    let _ = s.flush().await;
                    tokio::time::sleep(Duration::from_millis(15)).await;
                }
            }
            "/big-header" => {
                let mut out = format!(
                    "HTTP/1.1 200 OK\r\nconnection: close\r\ncontent-type: application/json\r\nx-big: {}\r\ncontent-length: {}\r\n\r\n",
                    "b".repeat(60 << 10),
                    OK.len()
                )
                .into_bytes();
                out.extend_from_slice(OK);
                let _ = s.write_all(&out).await;
            }
            _ => {
                let _ = s.write_all(&closing(&json_answer(OK))).await;
            }
        }
        let _ = s.flush().await;
        tokio::time::sleep(Duration::from_millis(20)).await;
    })
    .await
}

fn post_req(path: &str, extra: &str, body: &[u8]) -> Vec<u8> {
    let mut r = format!(
        "POST {path} HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\n{extra}content-length: {}\r\nconnection: close\r\n\r\n",
        body.len()
    )
    .into_bytes();
    r.extend_from_slice(body);
    r
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// A healthy request on a fresh connection is answered 200 with the agent's body.
async fn healthy(proxy: &str, after: &str) {
    let out = exchange_raw(proxy, &post_req("/ok", "", b"{}")).await;
    assert!(
        text(&out).starts_with("HTTP/1.1 200") && out.ends_with(OK),
        "after {after}: {}",
        text(&out)
    );
}

/// The `exchange_end` of the exchange whose request went to `path`.
fn end_of(evs: &[Event], path: &str) -> (Outcome, Option<String>, bool) {
    let ex = evs
        .iter()
        .find_map(|e| match &e.kind {
            EventKind::RequestHead { url, .. } if url.ends_with(path) => {
                e.exchange.as_deref().map(str::to_string)
            }
            _ => None,
        })
        .unwrap_or_else(|| panic!("no exchange for {path}"));
    outcome(evs, &ex)
}

fn exchange_of(evs: &[Event], path: &str) -> String {
    evs.iter()
        .find_map(|e| match &e.kind {
            EventKind::RequestHead { url, .. } if url.ends_with(path) => {
                e.exchange.as_deref().map(str::to_string)
            }
            _ => None,
        })
        .unwrap_or_else(|| panic!("no exchange for {path}"))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn live_path_faults_leave_the_proxy_up_and_the_recording_whole() {
    let up = agent().await;
    let (_dir, rec, pipeline, base) = start_recording_to(up).await;
    let proxy = base.trim_start_matches("http://").to_string();
    healthy(&proxy, "start").await;

    // 100 Continue, then the agent closes: the client gets the proxy's 502, not a hang.
    let out = exchange_raw(&proxy, &post_req("/continue-close", "", b"{}")).await;
    assert!(text(&out).starts_with("HTTP/1.1 502"), "{}", text(&out));
    healthy(&proxy, "100 Continue then close").await;

    // gzip-encoded event stream: forwarded encoded, byte for byte.
    let out = exchange_raw(
        &proxy,
        &post_req("/sse-gzip", "accept: text/event-stream\r\n", b"{}"),
    )
    .await;
    let t = text(&out);
    assert!(t.starts_with("HTTP/1.1 200"), "{t}");
    assert!(
        t.to_ascii_lowercase().contains("content-encoding: gzip"),
        "{t}"
    );
    healthy(&proxy, "gzip event stream").await;

    // event stream with trailers: the event reaches the client, the trailers are recorded.
    let out = exchange_raw(
        &proxy,
        &post_req("/sse-trailers", "accept: text/event-stream\r\n", b"{}"),
    )
    .await;
    assert!(text(&out).contains("\"final\":true"), "{}", text(&out));
    healthy(&proxy, "event stream with trailers").await;

    // answer head in 7-byte pieces 15 ms apart
    let out = exchange_raw(&proxy, &post_req("/split", "", b"{}")).await;
    assert!(
        text(&out).starts_with("HTTP/1.1 200") && out.ends_with(OK),
        "{}",
        text(&out)
    );

    // a 60 KiB header line, in the answer and in a request
    let out = exchange_raw(&proxy, &post_req("/big-header", "", b"{}")).await;
    assert!(
        text(&out).starts_with("HTTP/1.1 200") && out.ends_with(OK),
        "{}",
        &text(&out)[..80.min(out.len())]
    );
    let big = format!("x-big: {}\r\n", "q".repeat(60 << 10));
    let out = exchange_raw(&proxy, &post_req("/big-request-header", &big, b"{}")).await;
    assert!(
        text(&out).starts_with("HTTP/1.1 200") && out.ends_with(OK),
        "{}",
        &text(&out)[..80.min(out.len())]
    );
    healthy(&proxy, "60 KiB header lines").await;

    // three pipelined requests in one write: three answers, in order
    let mut s = TcpStream::connect(&proxy).await.unwrap();
    let mut reqs = Vec::new();
    for (i, last) in [(1, false), (2, false), (3, true)] {
        let body = format!("{{\"n\":{i}}}");
        reqs.extend_from_slice(
            format!(
                "POST /pipe{i} HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\ncontent-length: {}\r\n{}\r\n{body}",
                body.len(),
                if last { "connection: close\r\n" } else { "" }
            )
            .as_bytes(),
        );
    }
    s.write_all(&reqs).await.unwrap();
    let mut out = Vec::new();
    let _ = tokio::time::timeout(Duration::from_secs(20), s.read_to_end(&mut out)).await;
    assert_eq!(
        text(&out).matches("HTTP/1.1 200").count(),
        3,
        "{}",
        text(&out)
    );

    // a 0-byte chunked request body
    let out = exchange_raw(
        &proxy,
        b"POST /zero-chunked HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\ntransfer-encoding: chunked\r\nconnection: close\r\n\r\n0\r\n\r\n",
    )
    .await;
    assert!(text(&out).starts_with("HTTP/1.1 200"), "{}", text(&out));

    // h2c upgrade asked for: answered over HTTP/1.1, no 101
    let out = exchange_raw(
        &proxy,
        b"GET /h2c-upgrade HTTP/1.1\r\nhost: x\r\nconnection: upgrade, http2-settings, close\r\nupgrade: h2c\r\nhttp2-settings: AAMAAABkAAQAoAAAAAIAAAAA\r\n\r\n",
    )
    .await;
    assert!(text(&out).starts_with("HTTP/1.1 200"), "{}", text(&out));
    healthy(&proxy, "pipelining, 0-byte chunked body, h2c upgrade").await;

    let run = pipeline.finish().await.unwrap();
    let evs = read_events(&rec);
    assert_offline_matches(&run.verify, &rec);
    // one end per exchange, last in its exchange
    for ex in exchanges(&evs) {
        let _ = outcome(&evs, &ex);
        let last = of_exchange(&evs, &ex).last().map(|e| e.kind.clone());
        assert!(matches!(last, Some(EventKind::ExchangeEnd { .. })), "{ex}");
    }
    // what each end says
    let (o, err, _) = end_of(&evs, "/continue-close");
    assert_eq!(o, Outcome::UpstreamError, "{err:?}");
    assert!(err.unwrap_or_default().contains("/continue-close"));
    for p in [
        "/sse-gzip",
        "/sse-trailers",
        "/split",
        "/big-header",
        "/big-request-header",
        "/pipe1",
        "/pipe2",
        "/pipe3",
        "/zero-chunked",
        "/h2c-upgrade",
    ] {
        let (o, err, truncated) = end_of(&evs, p);
        assert_eq!(o, Outcome::Complete, "{p}: {err:?}");
        assert!(!truncated, "{p}");
    }
    // the gzip stream is recorded as the agent sent it (encoded), whole
    let ex = exchange_of(&evs, "/sse-gzip");
    let got: Vec<u8> = response_chunks(&evs, &ex).concat();
    assert_eq!(got, gzip(&[EVENT, EVENT].concat()));
    // trailers of the stream in its end
    let ex = exchange_of(&evs, "/sse-trailers");
    let trailers = evs.iter().find_map(|e| match &e.kind {
        EventKind::ExchangeEnd { trailers, .. } if e.exchange.as_deref() == Some(ex.as_str()) => {
            trailers.clone()
        }
        _ => None,
    });
    assert!(
        format!("{trailers:?}").contains("x-checksum"),
        "{trailers:?}"
    );
    // the 0-byte chunked body: no body bytes recorded
    let ex = exchange_of(&evs, "/zero-chunked");
    assert!(request_body(&evs, &ex).is_empty());
    // the pipelined requests' bodies, each its own
    for i in 1..=3 {
        let ex = exchange_of(&evs, &format!("/pipe{i}"));
        assert_eq!(
            request_body(&evs, &ex),
            format!("{{\"n\":{i}}}").into_bytes()
        );
    }
    // The verifier reads through the gzip coding of the stream: its second event after the
    // final one is the one protocol fault here (STREAM-END-001), on that exchange; the rest
    // of this traffic is legal and stays clean.
    let gz = exchange_of(&evs, "/sse-gzip");
    let errors: Vec<String> = run
        .verify
        .findings
        .iter()
        .filter(|f| f.severity >= a2a_interop::verify::finding::Severity::Error)
        .map(|f| {
            let mut on: Vec<_> = f
                .evidence
                .iter()
                .filter_map(|e| e.exchange.clone())
                .collect();
            on.dedup();
            format!("{} {on:?}", f.rule)
        })
        .collect();
    assert_eq!(
        errors,
        vec![format!("STREAM-END-001 [{gz:?}]")],
        "{errors:?}"
    );
}

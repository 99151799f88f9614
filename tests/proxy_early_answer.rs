//! An agent that answers before it has read the whole request body, then closes its end
//! (breaker15b R2, R3): small raw-TCP agents on 127.0.0.1 behind the recording proxy.
//!
//! - R3: an agent that does not read a chunked body answers at once and closes; the
//!   proxy's next body write fails with `EPIPE`. The client must get the agent's answer
//!   (as it does straight from the agent, like curl), never the proxy's 502, and the
//!   recording must not claim the request "did not reach the agent".
//! - R2: an early `413` to a large `Content-Length` body (RFC 9110 §15.5.14): the recording
//!   says the request body was not all delivered and how much reached the agent; the proxy
//!   reads the rest from the client for the recording (breaker18 item 1), so the recording
//!   holds the whole body the client sent and the call is judged from it.
//! - An agent that closes without any answer: the 502 says the agent closed the
//!   connection while the request body was being sent, not "unreachable".
//! - Control: an agent that answers early but reads the whole body stays `complete`.

use crate::proxy_support as support;
use crate::raw_http;

use std::net::SocketAddr;
use std::time::Duration;

use a2a_interop::record::{Event, EventKind, Outcome};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

use raw_http::serve_after_head_only;
use support::*;

/// A JSON-RPC request that is valid JSON, with a text part of `n` bytes.
fn big_request(n: usize) -> Vec<u8> {
    format!(
        r#"{{"jsonrpc":"2.0","id":1,"method":"SendMessage","params":{{"message":{{"messageId":"m1","role":"ROLE_USER","parts":[{{"text":"{}"}}]}}}}}}"#,
        "x".repeat(n)
    )
    .into_bytes()
}

/// An agent that reads only the request head, writes `raw` (a whole HTTP response; none
/// when empty) and closes with the body unread (the kernel then resets the connection).
async fn head_only_agent(raw: &'static [u8]) -> SocketAddr {
    serve_after_head_only(move |mut s| async move {
        let _ = s.write_all(raw).await;
        let _ = s.flush().await;
    })
    .await
}

const PARSE_ERROR: &[u8] = b"HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: 73\r\nconnection: close\r\n\r\n{\"jsonrpc\":\"2.0\",\"id\":null,\"error\":{\"code\":-32700,\"message\":\"parse err\"}}";

const TOO_LARGE: &[u8] = b"HTTP/1.1 413 Content Too Large\r\ncontent-type: application/json\r\ncontent-length: 94\r\nconnection: close\r\n\r\n{\"jsonrpc\":\"2.0\",\"id\":null,\"error\":{\"code\":-32600,\"message\":\"request too large (limit 1 MB)\"}}";

/// Sends `body` chunked (64 KiB chunks) to the proxy at `base` (`http://host:port`) over raw
/// TCP, ignoring write failures (the proxy may answer and stop reading), and returns what
/// came back.
async fn chunked_post(base: &str, body: &[u8]) -> String {
    let mut s = TcpStream::connect(base.trim_start_matches("http://"))
        .await
        .unwrap();
    let (mut rd, mut wr) = s.split();
    let send = async {
        let head = b"POST / HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\na2a-version: 1.0\r\ntransfer-encoding: chunked\r\nconnection: close\r\n\r\n";
        if wr.write_all(head).await.is_err() {
            return;
        }
        for c in body.chunks(64 * 1024) {
            let mut f = format!("{:x}\r\n", c.len()).into_bytes();
            f.extend_from_slice(c);
            f.extend_from_slice(b"\r\n");
            if wr.write_all(&f).await.is_err() {
                return;
            }
        }
        let _ = wr.write_all(b"0\r\n\r\n").await;
    };
    let mut out = Vec::new();
    let recv = async {
        let _ = tokio::time::timeout(Duration::from_secs(30), rd.read_to_end(&mut out)).await;
    };
    tokio::join!(send, recv);
    String::from_utf8_lossy(&out).into_owned()
}

/// What the `exchange_end` event of a recording's first exchange says.
struct End {
    /// The exchange's id.
    ex: String,
    /// How the exchange ended.
    outcome: Outcome,
    /// The recorded cause, if any (`error`).
    error: Option<String>,
    /// Request body bytes the agent was sent.
    request_bytes: u64,
    /// Whether the request body was marked as not all delivered.
    truncated: bool,
}

/// The [`End`] of the first exchange in `evs`; panics when there is none or it has no end.
fn first_end(evs: &[Event]) -> End {
    let ex = exchanges(evs)[0].clone();
    of_exchange(evs, &ex)
        .into_iter()
        .find_map(|e| match &e.kind {
            EventKind::ExchangeEnd {
                outcome,
                error,
                request_bytes,
                truncated,
                ..
            } => Some(End {
                ex: ex.clone(),
                outcome: *outcome,
                error: error.clone(),
                request_bytes: *request_bytes,
                truncated: *truncated,
            }),
            _ => None,
        })
        .expect("exchange_end")
}

/// R3: the agent's answer to a chunked body it never read reaches the client every time
/// (four tries; the fault was a race lost about half the time), and the recording keeps
/// it as the agent's answer with the request body marked as not all delivered, yet whole.
#[tokio::test]
async fn answer_before_a_chunked_body_is_read_reaches_the_client() {
    let up = head_only_agent(PARSE_ERROR).await;
    let body = big_request(12 << 20);
    for k in 0..4 {
        let (_dir, rec, pipeline, base) = start_recording_to(up).await;
        let text = chunked_post(&base, &body).await;
        assert!(text.starts_with("HTTP/1.1 200"), "try {k}: {text:.300}");
        assert!(text.contains("-32700"), "try {k}: {text:.300}");
        let run = pipeline.finish().await.unwrap();
        let end = first_end(&read_events(&rec));
        assert_eq!(end.outcome, Outcome::Complete, "try {k}: {:?}", end.error);
        let error = end.error.unwrap_or_default();
        assert!(
            error.starts_with("request body not all delivered: the agent answered"),
            "try {k}: {error}"
        );
        // the proxy read the rest of the body from the client for the recording: the
        // recording holds all the client sent, and says how much reached the agent
        assert!(
            error.contains(&format!(
                "the recording holds the whole request body the client sent ({} bytes)",
                body.len()
            )),
            "try {k}: {error}"
        );
        assert!(!end.truncated, "try {k}");
        assert!(
            end.request_bytes < body.len() as u64,
            "try {k}: request_bytes {}",
            end.request_bytes
        );
        let evs = read_events(&rec);
        assert_eq!(request_body(&evs, &end.ex), body, "try {k}");
        // so the call is judged from it: a valid request the agent answered "parse error"
        // without reading it (it could not have found a parse error in it)
        let errs = error_findings(&run.verify);
        assert!(
            errs.iter().any(|e| e.starts_with("RPC-ERROR-001")),
            "try {k}: {errs:?}"
        );
        assert!(
            run.verify.incomplete.is_empty(),
            "try {k}: {:?}",
            run.verify.incomplete
        );
    }
}

/// R2: an early 413 to a 12 MB `Content-Length` body reaches the client; the recording
/// says how much of the body the agent got, holds all the client sent, and the verifier
/// finds the (valid) request and the 413 legal.
#[tokio::test]
async fn early_413_marks_the_request_body_not_all_delivered() {
    let up = head_only_agent(TOO_LARGE).await;
    let (_dir, rec, pipeline, base) = start_recording_to(up).await;
    let body = big_request(12 << 20);
    let len = body.len() as u64;
    let req = hyper::Request::post(format!("{base}/"))
        .header("content-type", "application/json")
        .header("a2a-version", "1.0")
        .body(full(body))
        .unwrap();
    let (status, _, got) = fetch(&client_h1(), req).await;
    assert_eq!(status, 413);
    assert!(String::from_utf8_lossy(&got).contains("request too large"));
    let run = pipeline.finish().await.unwrap();
    let end = first_end(&read_events(&rec));
    assert_eq!(end.outcome, Outcome::Complete);
    assert!(
        end.request_bytes < len,
        "request_bytes {} of {len}",
        end.request_bytes
    );
    let error = end.error.unwrap_or_default();
    assert!(
        error.contains(&format!("(content-length {len})")),
        "{error}"
    );
    // the rest was read from the client for the recording: whole, so judged, and legal
    assert!(!end.truncated, "{error}");
    assert!(
        error.contains(&format!(
            "the recording holds the whole request body the client sent ({len} bytes)"
        )),
        "{error}"
    );
    let errs = error_findings(&run.verify);
    assert!(errs.is_empty(), "{errs:?}");
    assert!(
        run.verify.incomplete.is_empty(),
        "{:?}",
        run.verify.incomplete
    );
}

/// An agent that reads the head and closes without answering: the client's 502 says so
/// (the agent was reached; it closed while the body was being sent), never "unreachable".
#[tokio::test]
async fn close_without_answer_while_sending_is_worded_as_such() {
    let up = head_only_agent(b"").await;
    let (_dir, rec, pipeline, base) = start_recording_to(up).await;
    let text = chunked_post(&base, &big_request(12 << 20)).await;
    assert!(text.starts_with("HTTP/1.1 502"), "{text:.300}");
    pipeline.finish().await.unwrap();
    let error = first_end(&read_events(&rec)).error.unwrap_or_default();
    assert!(!error.contains("unreachable"), "{error}");
    // either the write failed first (the proxy saw the close while sending) or the read
    // saw the close first (hyper's "connection closed before message completed")
    assert!(
        error.contains("closed the connection while the request body was being sent")
            || error.contains("connection closed before message completed"),
        "{error}"
    );
}

/// Control: an agent that answers early (401) but then reads the whole body keeps the
/// exchange `complete`, not truncated, with every byte counted.
#[tokio::test]
async fn early_answer_that_reads_the_whole_body_is_complete() {
    let body = big_request(1 << 20);
    let len = body.len();
    let up = serve_after_head_only(move |mut s| async move {
        let _ = s.write_all(b"HTTP/1.1 401 Unauthorized\r\nwww-authenticate: Bearer\r\ncontent-type: application/json\r\ncontent-length: 2\r\n\r\n{}").await;
        let mut rest = vec![0u8; len];
        let _ = s.read_exact(&mut rest).await;
        // keep the connection open until the proxy closes it
        let mut b = [0u8; 1];
        let _ = s.read(&mut b).await;
    })
    .await;
    let (_dir, rec, pipeline, base) = start_recording_to(up).await;
    let req = hyper::Request::post(format!("{base}/"))
        .header("content-type", "application/json")
        .body(full(body))
        .unwrap();
    let (status, _, _) = fetch(&client_h1(), req).await;
    assert_eq!(status, 401);
    let evs = wait_for_exchange_end(&rec).await;
    pipeline.finish().await.unwrap();
    let end = first_end(&evs);
    assert_eq!(end.outcome, Outcome::Complete, "{:?}", end.error);
    assert_eq!(end.error, None);
    assert!(!end.truncated);
    assert_eq!(end.request_bytes, len as u64);
}

// ---- breaker15b R16: a response head hyper cannot parse is named, line and rule ----

/// One `POST /` with body `{}` through the recording proxy to an agent that reads the
/// request (its head, then that 2-byte body), answers `raw` and closes 100 ms later: the
/// status, headers and body the client got, and the events of the finished recording.
async fn post_to_raw_answer(
    raw: &'static [u8],
) -> (u16, http::HeaderMap, bytes::Bytes, Vec<Event>) {
    let up = serve_after_head_only(move |mut s| async move {
        let mut b = [0u8; 2];
        let _ = s.read_exact(&mut b).await;
        let _ = s.write_all(raw).await;
        let _ = s.flush().await;
        tokio::time::sleep(Duration::from_millis(100)).await;
    })
    .await;
    let (_dir, rec, pipeline, base) = start_recording_to(up).await;
    let (status, headers, body) = fetch(&client_h1(), post(&format!("{base}/"), b"{}")).await;
    pipeline.finish().await.unwrap();
    (status, headers, body, read_events(&rec))
}

/// R16: an obs-folded response header (`X-Long: part one\r\n  part two`): the client's 502
/// and the recording say which line, that it is obs-fold, which field it continues and the
/// RFC, not only hyper's "invalid HTTP header parsed".
#[tokio::test]
async fn obs_fold_in_the_agent_response_is_named() {
    let (status, _, body, evs) = post_to_raw_answer(b"HTTP/1.1 200 OK\r\ncontent-type: application/json\r\nX-Long: part one\r\n  part two\r\ncontent-length: 2\r\n\r\n{}").await;
    assert_eq!(status, 502);
    let text = String::from_utf8_lossy(&body).into_owned();
    assert!(
        text.contains("sent a response head the proxy cannot parse: line 4 `  part two` starts with whitespace: an obsolete folded header line (obs-fold) continuing `X-Long`"),
        "{text}"
    );
    assert!(text.contains("RFC 9112 §5.2"), "{text}");
    let error = first_end(&evs).error.unwrap_or_default();
    assert!(error.contains("obs-fold"), "{error}");
}

/// Control for R16: a legal head on the same kind of agent (a tab inside a value, an empty
/// value) is forwarded, 200.
#[tokio::test]
async fn legal_head_with_tab_and_empty_value_is_forwarded() {
    let (status, headers, body, _) = post_to_raw_answer(b"HTTP/1.1 200 OK\r\ncontent-type: application/json\r\nX-Tab: a\tb\r\nX-Empty:\r\ncontent-length: 2\r\n\r\n{}").await;
    assert_eq!(status, 200);
    assert_eq!(&body[..], b"{}");
    assert_eq!(headers.get("x-tab").unwrap().as_bytes(), b"a\tb");
}

/// R16's other shapes: each head fault hyper refuses is worded with its line and rule.
#[test]
fn head_faults_are_named() {
    use a2a_interop::proxy::early::head_fault;
    let f = |h: &[u8]| head_fault(h).unwrap_or_default();
    assert!(f(b"HTTP/1.1 200 OK\r\nX Bad: 1\r\n\r\n")
        .contains("line 2: the field name `X Bad` holds byte 0x20"));
    assert!(f(b"HTTP/1.1 200 OK\r\nX-Bad : 1\r\n\r\n")
        .contains("whitespace between the field name and the colon"));
    assert!(
        f(b"HTTP/1.1 200 OK\r\nnocolon\r\n\r\n").contains("line 2 `nocolon` is no header field")
    );
    assert!(f(b"HTTP/1.1 200 OK\r\nX-A: a\x00b\r\n\r\n")
        .contains("the value of `X-A` holds control byte 0x00"));
    assert!(f(b"HTTP/1.1 2000 OK\r\n\r\n").contains("status line `HTTP/1.1 2000 OK`"));
    assert!(f(b"HTTP/1.1 200 OK\r\nA: 1\r\n\tB\r\n\r\n").contains("obs-fold) continuing `A`"));
    // a legal head has no fault
    assert_eq!(
        head_fault(b"HTTP/1.1 200 OK\r\nX-Tab: a\tb\r\nX-Empty:\r\n\r\n"),
        None
    );
    assert_eq!(head_fault(b"HTTP/1.1 204\r\n\r\n"), None);
}

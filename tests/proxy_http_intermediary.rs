//! The recording proxy as an HTTP intermediary, with raw-socket clients and agents on
//! 127.0.0.1 that send what the RFCs allow but few peers do (breaker18b):
//!
//! - X3/X4: transfer codings other than `chunked` (`Transfer-Encoding: gzip, chunked`,
//!   `xchunked`) stay declared on the forwarded message (RFC 9112 §7), or the body is decoded
//!   for a client that cannot receive them (HTTP/2, RFC 9113 §8.2.2); the verifier undoes
//!   them before judging the body;
//! - X1: a request with two `Host` lines, an invalid `Host` or none (HTTP/1.1) is answered
//!   400 and not forwarded (RFC 9112 §3.2), and recorded;
//! - X9: `chunked` applied twice is answered 400 (RFC 9112 §7);
//! - X5: more than hyper's default 100 header fields pass both ways; a head over the
//!   proxy's own limit is a 502 that names the proxy's limit, not the agent's syntax.

use crate::proxy_support as support;
use crate::raw_http;

use std::io::Write as _;
use std::net::SocketAddr;
use std::time::Duration;

use a2a_interop::record::{EventKind, Outcome};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::mpsc;

use raw_http::{chunked, exchange_raw, json_answer, raw_agent};
use support::*;

/// The JSON-RPC answer of the raw agents (a completed task).
const ANSWER: &[u8] = br#"{"jsonrpc":"2.0","id":1,"result":{"task":{"id":"t1","contextId":"c1","status":{"state":"TASK_STATE_COMPLETED"}}}}"#;

/// A 1.0 `SendMessage` call.
const CALL: &[u8] = br#"{"jsonrpc":"2.0","id":1,"method":"SendMessage","params":{"message":{"messageId":"m","role":"ROLE_USER","parts":[{"text":"x"}]}}}"#;

fn gzip(data: &[u8]) -> Vec<u8> {
    let mut e = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    e.write_all(data).unwrap();
    e.finish().unwrap()
}

fn gunzip(data: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    std::io::Read::read_to_end(&mut flate2::read::GzDecoder::new(data), &mut out).unwrap();
    out
}

/// The data of a chunked body (`body` starts at the first chunk-size line; extensions and
/// trailers ignored); `None` when it is not well-formed chunked data.
fn dechunk(mut body: &[u8]) -> Option<Vec<u8>> {
    let mut out = Vec::new();
    loop {
        let eol = body.windows(2).position(|w| w == b"\r\n")?;
        let size_text = std::str::from_utf8(&body[..eol]).ok()?;
        let size = usize::from_str_radix(size_text.split(';').next()?.trim(), 16).ok()?;
        body = &body[eol + 2..];
        if size == 0 {
            return Some(out);
        }
        out.extend_from_slice(body.get(..size)?);
        body = body.get(size + 2..)?;
    }
}

/// Head (lower case) and body of a raw message.
fn split(raw: &[u8]) -> (String, Vec<u8>) {
    let end = raw
        .windows(4)
        .position(|w| w == b"\r\n\r\n")
        .map_or(raw.len(), |i| i + 4);
    (
        String::from_utf8_lossy(&raw[..end]).to_ascii_lowercase(),
        raw[end..].to_vec(),
    )
}

/// A `connection: close` POST of `body` with `extra` header lines (each ending `\r\n`).
fn post_raw(extra: &str, body: &[u8]) -> Vec<u8> {
    let mut r = format!(
        "POST / HTTP/1.1\r\nhost: agent.example\r\na2a-version: 1.0\r\ncontent-type: application/json\r\ncontent-length: {}\r\nconnection: close\r\n{extra}\r\n",
        body.len()
    )
    .into_bytes();
    r.extend_from_slice(body);
    r
}

fn findings(run: &a2a_interop::app::pipeline::RunOutcome) -> Vec<String> {
    run.verify
        .findings
        .iter()
        .map(|f| format!("{} {}", f.rule, f.message))
        .collect()
}

/// X3: the agent answers `Transfer-Encoding: gzip, chunked`. An HTTP/1.1 client gets the
/// same codings declared (hyper adds `chunked` to the `gzip` the proxy keeps) and can undo
/// them; an h2 client, which cannot receive a transfer coding, gets the JSON decoded. The
/// recording keeps the agent's head and coded bytes, and the verifier undoes the coding
/// (no "not JSON" blamed on the agent).
#[tokio::test]
async fn gzip_transfer_coding_from_the_agent_reaches_the_client_declared() {
    let mut raw = b"HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ntransfer-encoding: gzip, chunked\r\n\r\n".to_vec();
    raw.extend_from_slice(&chunked(&gzip(ANSWER)));
    let (up, _seen) = raw_agent(raw).await;
    let (_dir, rec, pipeline, base) = start_recording_to(up).await;
    let out = exchange_raw(&base, &post_raw("", CALL)).await;
    let (head, body) = split(&out);
    assert!(head.starts_with("http/1.1 200"), "{head}");
    assert!(
        head.contains("\r\ntransfer-encoding: gzip, chunked\r\n"),
        "the agent's gzip transfer coding was dropped: {head}"
    );
    let coded = dechunk(&body).expect("chunked body");
    assert_eq!(gunzip(&coded), ANSWER);
    // h2 client: no Transfer-Encoding in HTTP/2, so the proxy decodes
    let mut req = post(&format!("{base}/"), CALL);
    req.headers_mut()
        .insert("a2a-version", http::HeaderValue::from_static("1.0"));
    let (status, headers, body) = fetch(&client_h2(), req).await;
    assert_eq!(status, 200);
    assert!(headers.get("transfer-encoding").is_none());
    assert_eq!(&body[..], ANSWER);
    let evs = wait_for(&rec, |e| {
        e.iter()
            .filter(|e| matches!(e.kind, EventKind::ExchangeEnd { .. }))
            .count()
            >= 2
    })
    .await;
    let run = pipeline.finish().await.unwrap();
    for ex in exchanges(&evs) {
        assert_eq!(outcome(&evs, &ex).0, Outcome::Complete);
        assert_eq!(response_chunks(&evs, &ex).concat(), gzip(ANSWER));
    }
    let f = findings(&run);
    assert!(
        !f.iter().any(|f| f.starts_with("RPC-ENVELOPE")),
        "the agent's legal answer was called malformed: {f:?}"
    );
}

/// X3, legal control: a plain chunked answer goes on chunked, with no other coding named.
#[tokio::test]
async fn plain_chunked_answer_gets_no_coding_added() {
    let mut raw =
        b"HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ntransfer-encoding: chunked\r\n\r\n"
            .to_vec();
    raw.extend_from_slice(&chunked(ANSWER));
    let (up, _seen) = raw_agent(raw).await;
    let (_dir, _rec, pipeline, base) = start_recording_to(up).await;
    let out = exchange_raw(&base, &post_raw("", CALL)).await;
    let (head, body) = split(&out);
    assert!(
        head.contains("\r\ntransfer-encoding: chunked\r\n"),
        "{head}"
    );
    assert_eq!(dechunk(&body).expect("chunked body"), ANSWER);
    let run = pipeline.finish().await.unwrap();
    assert_eq!(findings(&run), Vec::<String>::new());
}

/// X3 (`xchunked`, RFC 9112 §6.3 item 4: the body runs to the close): the unknown coding is
/// passed on declared, not silently dropped; the verifier does not judge the bytes under
/// it and its note names the coding.
#[tokio::test]
async fn unknown_transfer_coding_from_the_agent_stays_declared() {
    let mut raw =
        b"HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ntransfer-encoding: xchunked\r\n\r\n"
            .to_vec();
    raw.extend_from_slice(ANSWER);
    let (up, _seen) = raw_agent(raw).await;
    let (_dir, rec, pipeline, base) = start_recording_to(up).await;
    let out = exchange_raw(&base, &post_raw("", CALL)).await;
    let (head, body) = split(&out);
    assert!(
        head.contains("\r\ntransfer-encoding: xchunked, chunked\r\n"),
        "{head}"
    );
    assert_eq!(dechunk(&body).expect("chunked body"), ANSWER);
    wait_for_exchange_end(&rec).await;
    let run = pipeline.finish().await.unwrap();
    // the body is not judged as JSON (no "not JSON" for bytes under a coding it cannot
    // undo), and the note says why, naming the coding
    assert!(
        !findings(&run).iter().any(|f| f.starts_with("RPC-ENVELOPE")),
        "{:?}",
        findings(&run)
    );
    assert!(
        run.verify
            .incomplete
            .iter()
            .any(|(_, note)| note.contains("\"xchunked\" is not supported")),
        "{:?}",
        run.verify.incomplete
    );
}

/// X4: a client's `Transfer-Encoding: gzip, chunked` request reaches the agent with `gzip`
/// still declared, and the verifier undoes it (no DATA-SHAPE-005 "not JSON" for the client).
#[tokio::test]
async fn gzip_transfer_coding_from_the_client_reaches_the_agent_declared() {
    let (up, mut seen) = raw_agent(json_answer(ANSWER)).await;
    let (_dir, rec, pipeline, base) = start_recording_to(up).await;
    let mut req = b"POST / HTTP/1.1\r\nhost: agent.example\r\na2a-version: 1.0\r\ncontent-type: application/json\r\ntransfer-encoding: gzip, chunked\r\nconnection: close\r\n\r\n".to_vec();
    req.extend_from_slice(&chunked(&gzip(CALL)));
    let out = exchange_raw(&base, &req).await;
    assert!(
        out.starts_with(b"HTTP/1.1 200"),
        "{}",
        String::from_utf8_lossy(&out)
    );
    let got = seen.recv().await.expect("the agent got the request");
    let (head, body) = split(&got);
    assert!(
        head.contains("\r\ntransfer-encoding: gzip, chunked\r\n"),
        "the client's gzip transfer coding was dropped: {head}"
    );
    assert_eq!(gunzip(&dechunk(&body).expect("chunked")), CALL);
    wait_for_exchange_end(&rec).await;
    let run = pipeline.finish().await.unwrap();
    let f = findings(&run);
    assert!(
        !f.iter().any(|f| f.starts_with("DATA-SHAPE-005")),
        "the client's legal request was called malformed: {f:?}"
    );
}

/// X1 (RFC 9112 §3.2): two Host lines, an invalid Host value, and no Host on HTTP/1.1 each
/// get 400 with `connection: close`; nothing reaches the agent; each refusal is recorded
/// with its cause. Legal controls on the same proxy: one Host, an empty Host (a legal
/// value), and HTTP/1.0 without Host are forwarded.
#[tokio::test]
async fn bad_host_fields_are_refused_and_recorded() {
    let (up, mut seen) = raw_agent(json_answer(ANSWER)).await;
    let (_dir, rec, pipeline, base) = start_recording_to(up).await;
    let head = |version: &str, hosts: &[&str]| {
        let mut r = format!("POST / {version}\r\n");
        for h in hosts {
            r.push_str(&format!("Host: {h}\r\n"));
        }
        r.push_str(&format!(
            "content-type: application/json\r\ncontent-length: {}\r\nconnection: close\r\n\r\n{}",
            CALL.len(),
            String::from_utf8_lossy(CALL)
        ));
        r.into_bytes()
    };
    for (req, cause) in [
        (
            head("HTTP/1.1", &["tenant-a.example", "tenant-b.example"]),
            "2 Host header field lines",
        ),
        (
            head("HTTP/1.1", &["a b"]),
            "invalid Host field value \"a b\"",
        ),
        (
            head("HTTP/1.1", &["user@host.example"]),
            "invalid Host field value",
        ),
        (head("HTTP/1.1", &[]), "without a Host header field"),
    ] {
        let out = String::from_utf8_lossy(&exchange_raw(&base, &req).await).to_ascii_lowercase();
        assert!(out.starts_with("http/1.1 400"), "{out}");
        assert!(out.contains("\r\nconnection: close\r\n"), "{out}");
        assert!(out.contains(&cause.to_ascii_lowercase()), "{cause}: {out}");
    }
    assert!(
        seen.try_recv().is_err(),
        "a refused request reached the agent"
    );
    for req in [
        head("HTTP/1.1", &["agent.example:8080"]),
        head("HTTP/1.1", &[""]),
        head("HTTP/1.0", &[]),
    ] {
        let out = exchange_raw(&base, &req).await;
        assert!(
            out.starts_with(b"HTTP/1.1 200") || out.starts_with(b"HTTP/1.0 200"),
            "{}",
            String::from_utf8_lossy(&out)
        );
        assert!(seen.recv().await.is_some());
    }
    let evs = wait_for(&rec, |e| {
        e.iter()
            .filter(|e| matches!(e.kind, EventKind::ExchangeEnd { .. }))
            .count()
            >= 7
    })
    .await;
    pipeline.finish().await.unwrap();
    assert_eq!(statuses(&evs), [400, 400, 400, 400, 200, 200, 200]);
    let refused: Vec<String> = exchanges(&evs)
        .iter()
        .filter_map(|ex| outcome(&evs, ex).1)
        .filter(|e| e.starts_with("client request refused"))
        .collect();
    assert_eq!(refused.len(), 4, "{refused:?}");
}

/// X9 (RFC 9112 §7: chunked at most once): `chunked` on two Transfer-Encoding lines or twice
/// in one gets 400 + close and is not forwarded; the pipelined request behind it is not
/// read. Control: `chunked` once is forwarded.
#[tokio::test]
async fn chunked_applied_twice_is_refused() {
    let (up, mut seen) = raw_agent(json_answer(ANSWER)).await;
    let (_dir, _rec, pipeline, base) = start_recording_to(up).await;
    for te in [
        "transfer-encoding: chunked\r\ntransfer-encoding: chunked\r\n",
        "transfer-encoding: chunked, chunked\r\n",
    ] {
        let req = format!(
            "POST / HTTP/1.1\r\nhost: a\r\ncontent-type: application/json\r\n{te}\r\n0\r\n\r\nGET /next HTTP/1.1\r\nhost: a\r\n\r\n"
        );
        let out = String::from_utf8_lossy(&exchange_raw(&base, req.as_bytes()).await).into_owned();
        assert!(out.starts_with("HTTP/1.1 400"), "{out}");
        assert_eq!(out.matches("HTTP/1.1 ").count(), 1, "{out}");
        assert!(out.contains("applies chunked 2 times"), "{out}");
    }
    assert!(
        seen.try_recv().is_err(),
        "a refused request reached the agent"
    );
    let mut req = b"POST / HTTP/1.1\r\nhost: a\r\ncontent-type: application/json\r\ntransfer-encoding: chunked\r\nconnection: close\r\n\r\n".to_vec();
    req.extend_from_slice(&chunked(CALL));
    let out = exchange_raw(&base, &req).await;
    assert!(
        out.starts_with(b"HTTP/1.1 200"),
        "{}",
        String::from_utf8_lossy(&out)
    );
    assert!(seen.recv().await.is_some());
    pipeline.finish().await.unwrap();
}

/// X5: an answer with 90 header fields and a request with 90 reach the other side whole;
/// an answer with 120 (over the proxy's 100, hyper's default, kept for speed) is the
/// proxy's 502, whose cause names the proxy's limit, not the agent's HTTP syntax.
#[tokio::test]
async fn many_header_fields_pass_and_the_proxys_own_limit_is_named() {
    let answer = |n: usize| {
        let mut r = String::from("HTTP/1.1 200 OK\r\ncontent-type: application/json\r\n");
        for i in 0..n {
            r.push_str(&format!("x-trace-{i}: v{i}\r\n"));
        }
        r.push_str(&format!(
            "content-length: {}\r\n\r\n{}",
            ANSWER.len(),
            String::from_utf8_lossy(ANSWER)
        ));
        r.into_bytes()
    };
    let (up, mut seen) = raw_agent(answer(90)).await;
    let (_dir, _rec, pipeline, base) = start_recording_to(up).await;
    let extra: String = (0..90).map(|i| format!("x-client-{i}: c{i}\r\n")).collect();
    let out = exchange_raw(&base, &post_raw(&extra, CALL)).await;
    let (head, body) = split(&out);
    assert!(head.starts_with("http/1.1 200"), "{head}");
    assert!(head.contains("\r\nx-trace-89: v89\r\n"), "{head}");
    assert_eq!(body, ANSWER);
    let got = String::from_utf8_lossy(&seen.recv().await.unwrap()).into_owned();
    assert!(got.contains("\r\nx-client-89: c89\r\n"), "{got}");
    pipeline.finish().await.unwrap();

    let (up, _seen) = raw_agent(answer(120)).await;
    let (_dir, rec, pipeline, base) = start_recording_to(up).await;
    let out = String::from_utf8_lossy(&exchange_raw(&base, &post_raw("", CALL)).await).into_owned();
    assert!(out.starts_with("HTTP/1.1 502"), "{out}");
    assert!(
        out.contains("the proxy's own limit of 100 header fields"),
        "{out}"
    );
    assert!(!out.contains("breaks the HTTP/1.1 syntax"), "{out}");
    let evs = wait_for_exchange_end(&rec).await;
    let run = pipeline.finish().await.unwrap();
    let ex = exchanges(&evs)[0].clone();
    let (oc, err, _) = outcome(&evs, &ex);
    assert_eq!(oc, Outcome::UpstreamError);
    assert!(err.unwrap_or_default().contains("proxy's own limit"));
    let f = findings(&run);
    let gw: Vec<&String> = f.iter().filter(|f| f.starts_with("GW-RESP-006")).collect();
    assert_eq!(gw.len(), 1, "{f:?}");
    assert!(gw[0].contains("proxy's own limit"), "{gw:?}");
}

/// What an `Expect: 100-continue` agent does with a request head.
#[derive(Clone, Copy)]
enum OnExpect {
    /// Answers 417 at once, without reading the body.
    Refuse,
    /// Sends `100 Continue`, reads the body, answers 200 echoing it.
    Continue,
    /// Ignores the expectation: reads the body, then answers 200 echoing it.
    Ignore,
}

/// An agent for [`OnExpect`]; each request body it read goes to the receiver.
async fn expect_agent(mode: OnExpect) -> (SocketAddr, mpsc::UnboundedReceiver<Vec<u8>>) {
    let l = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = l.local_addr().unwrap();
    let (tx, rx) = mpsc::unbounded_channel();
    tokio::spawn(async move {
        while let Ok((mut s, _)) = l.accept().await {
            let tx = tx.clone();
            tokio::spawn(async move {
                let mut got = Vec::new();
                let mut buf = [0u8; 8192];
                let end = loop {
                    if let Some(i) = got.windows(4).position(|w| w == b"\r\n\r\n") {
                        break i + 4;
                    }
                    match s.read(&mut buf).await {
                        Ok(0) | Err(_) => return,
                        Ok(n) => got.extend_from_slice(&buf[..n]),
                    }
                };
                let head = String::from_utf8_lossy(&got[..end]).to_ascii_lowercase();
                let len: usize = head
                    .lines()
                    .find_map(|l| l.strip_prefix("content-length:"))
                    .and_then(|v| v.trim().parse().ok())
                    .unwrap_or(0);
                match mode {
                    OnExpect::Refuse => {
                        let _ = s
                            .write_all(b"HTTP/1.1 417 Expectation Failed\r\ncontent-length: 0\r\nconnection: close\r\n\r\n")
                            .await;
                        return;
                    }
                    OnExpect::Continue => {
                        let _ = s.write_all(b"HTTP/1.1 100 Continue\r\n\r\n").await;
                    }
                    OnExpect::Ignore => {}
                }
                while got.len() < end + len {
                    match s.read(&mut buf).await {
                        Ok(0) | Err(_) => return,
                        Ok(n) => got.extend_from_slice(&buf[..n]),
                    }
                }
                let body = got[end..end + len].to_vec();
                let answer = format!(
                    "HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: {}\r\nconnection: close\r\n\r\n",
                    body.len()
                );
                let _ = s.write_all(answer.as_bytes()).await;
                let _ = s.write_all(&body).await;
                let _ = tx.send(body);
            });
        }
    });
    (addr, rx)
}

/// The head of an `Expect: 100-continue` POST of [`CALL`] (the body not included).
fn expect_head() -> Vec<u8> {
    format!(
        "POST / HTTP/1.1\r\nhost: a\r\ncontent-type: application/json\r\ncontent-length: {}\r\nexpect: 100-continue\r\nconnection: close\r\n\r\n",
        CALL.len()
    )
    .into_bytes()
}

/// Reads from `s` until `stop` appears in what was read, or the peer closes (20 s at most).
async fn read_until(s: &mut TcpStream, got: &mut Vec<u8>, stop: &[u8]) {
    let mut buf = [0u8; 8192];
    let deadline = tokio::time::Instant::now() + Duration::from_secs(20);
    while !got.windows(stop.len()).any(|w| w == stop) {
        match tokio::time::timeout_at(deadline, s.read(&mut buf)).await {
            Ok(Ok(n)) if n > 0 => got.extend_from_slice(&buf[..n]),
            _ => return,
        }
    }
}

/// X8 (RFC 9110 §10.1.1, §15.2): an agent that refuses a request with `Expect:
/// 100-continue` (417 without reading the body) gets its 417 to the client as the first
/// answer: the proxy sends no `100 Continue` of its own, and the client never sends the body.
#[tokio::test]
async fn expect_continue_refused_by_the_agent_reaches_the_client_first() {
    let (up, mut seen) = expect_agent(OnExpect::Refuse).await;
    let (_dir, rec, pipeline, base) = start_recording_to(up).await;
    let mut s = TcpStream::connect(base.trim_start_matches("http://"))
        .await
        .unwrap();
    s.write_all(&expect_head()).await.unwrap();
    let mut got = Vec::new();
    read_until(&mut s, &mut got, b"\r\n\r\n").await;
    let text = String::from_utf8_lossy(&got).into_owned();
    assert!(
        text.starts_with("HTTP/1.1 417"),
        "the client's first answer is not the agent's 417: {text}"
    );
    drop(s);
    let evs = wait_for_exchange_end(&rec).await;
    pipeline.finish().await.unwrap();
    let ex = exchanges(&evs)[0].clone();
    assert_eq!(statuses(of_exchange(&evs, &ex)), [417]);
    assert!(request_body(&evs, &ex).is_empty());
    assert!(seen.try_recv().is_err());
}

/// X8: an agent that answers `100 Continue` gets the body: the client's first answer is
/// the `100` (the agent's, passed on), then the body goes through and the 200 comes back.
/// And an agent that ignores the expectation (waits for the body, sends no `100`) is not
/// left waiting: the proxy reads the client's body after [`EXPECT_CONTINUE_WAIT`].
#[tokio::test]
async fn expect_continue_goes_on_when_the_agent_asks_or_ignores_it() {
    for mode in [OnExpect::Continue, OnExpect::Ignore] {
        let (up, mut seen) = expect_agent(mode).await;
        let (_dir, _rec, pipeline, base) = start_recording_to(up).await;
        let mut s = TcpStream::connect(base.trim_start_matches("http://"))
            .await
            .unwrap();
        s.write_all(&expect_head()).await.unwrap();
        let mut got = Vec::new();
        read_until(&mut s, &mut got, b"\r\n\r\n").await;
        assert!(
            got.starts_with(b"HTTP/1.1 100 Continue\r\n\r\n"),
            "{}",
            String::from_utf8_lossy(&got)
        );
        s.write_all(CALL).await.unwrap();
        let mut rest = Vec::new();
        let _ = tokio::time::timeout(Duration::from_secs(20), s.read_to_end(&mut rest)).await;
        got.extend_from_slice(&rest);
        let text = String::from_utf8_lossy(&got).into_owned();
        assert!(text.contains("HTTP/1.1 200 OK"), "{text}");
        assert!(text.ends_with(std::str::from_utf8(CALL).unwrap()), "{text}");
        assert_eq!(seen.recv().await.unwrap(), CALL);
        pipeline.finish().await.unwrap();
    }
}

/// X12: HTTP/1.1 field names keep the sender's case both ways (RFC 9110 §5.1 makes them
/// case-insensitive, but the proxy forwards untouched; hand-written agents look fields up
/// case-sensitively). A lower-case name stays lower-case (control).
#[tokio::test]
async fn field_name_case_is_kept_both_ways() {
    let answer = format!(
        "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nX-Agent-Trace: a1\r\nx-lower: l\r\nContent-Length: {}\r\n\r\n{}",
        ANSWER.len(),
        String::from_utf8_lossy(ANSWER)
    );
    let (up, mut seen) = raw_agent(answer.into_bytes()).await;
    let (_dir, _rec, pipeline, base) = start_recording_to(up).await;
    let out = exchange_raw(
        &base,
        &post_raw(
            "X-Zeta: z\r\nX-Multi: 1\r\nX-Multi: 2\r\nx-small: s\r\n",
            CALL,
        ),
    )
    .await;
    let text = String::from_utf8_lossy(&out).into_owned();
    assert!(text.starts_with("HTTP/1.1 200"), "{text}");
    assert!(text.contains("\r\nX-Agent-Trace: a1\r\n"), "{text}");
    assert!(text.contains("\r\nx-lower: l\r\n"), "{text}");
    let got = String::from_utf8_lossy(&seen.recv().await.unwrap()).into_owned();
    assert!(got.contains("\r\nX-Zeta: z\r\n"), "{got}");
    assert!(got.contains("\r\nX-Multi: 1\r\nX-Multi: 2\r\n"), "{got}");
    assert!(got.contains("\r\nx-small: s\r\n"), "{got}");
    pipeline.finish().await.unwrap();
}

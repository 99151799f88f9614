//! An agent that answers before it has read the request body (an auth layer's early `401`,
//! a size limit's `413`): the recording still holds the whole request body the client sent
//! and the verifier judges the call from it (breaker18 item 1: over h2c the body was left
//! out of the recording, or recorded after the answer and never judged).
//!
//! Real parts on 127.0.0.1: the recording proxy, hyper clients (HTTP/1.1 and h2c prior
//! knowledge) whose bodies are sent in two parts, the second only once the answer is in,
//! and small real agents: a raw HTTP/1.1 one that reads the request head only and a TLS one
//! (ALPN h2) whose handler answers without reading the body; and a raw HTTP/1.1 one that
//! answers an event stream right after the head (fix19p P2: the stream is judged from the
//! whole body too).

use crate::proxy_support as support;
use crate::raw_http;
use crate::tls_agent;

use std::net::SocketAddr;
use std::path::Path;

use a2a_interop::app::pipeline::Pipeline;
use a2a_interop::proxy::tls::UpstreamTrust;
use a2a_interop::proxy::ProxyExtras;
use a2a_interop::record::{Event, EventKind, Outcome};
use bytes::Bytes;
use hyper::body::Incoming;
use hyper::{Request, Response};
use hyper_util::rt::{TokioExecutor, TokioIo};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpListener;

use support::*;

/// A 1.0 `SendMessage` that sends no `A2A-Version` header: the client's fault VER-MIX-002,
/// which only the request body shows (the head has no method).
const FIRST: &[u8] = br#"{"jsonrpc":"2.0","id":1,"method":"SendMessage","params":{"message":"#;
const SECOND: &[u8] = br#"{"messageId":"m1","role":"ROLE_USER","parts":[{"text":"hi"}]}}}"#;

/// The whole request body ([`FIRST`] then [`SECOND`]).
fn whole() -> Vec<u8> {
    [FIRST, SECOND].concat()
}

/// An agent's early answer: a 401 with its challenge (legal: AUTH-003).
const UNAUTHORIZED: &[u8] = b"HTTP/1.1 401 Unauthorized\r\nwww-authenticate: Bearer\r\ncontent-type: application/json\r\ncontent-length: 2\r\n\r\n{}";

/// A raw HTTP/1.1 agent: reads the request head only, answers [`UNAUTHORIZED`], then
/// closes at once (`close`) or keeps the connection open, unread, for a while.
async fn head_only_agent(close: bool) -> SocketAddr {
    raw_http::serve_after_head_only(move |mut s| async move {
        let _ = s.write_all(UNAUTHORIZED).await;
        let _ = s.flush().await;
        if !close {
            tokio::time::sleep(std::time::Duration::from_secs(5)).await;
        }
    })
    .await
}

/// A TLS agent (self-signed for 127.0.0.1, trusted through the PEM it writes to `dir`,
/// ALPN `h2`) whose handler answers 401 with a challenge without reading the body.
async fn tls_early_agent(dir: &Path) -> (SocketAddr, std::path::PathBuf) {
    let pem = dir.join("agent.pem");
    let acceptor = tls_agent::self_signed_acceptor(&["127.0.0.1"], &[b"h2"], &pem);
    let l = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = l.local_addr().unwrap();
    tokio::spawn(async move {
        while let Ok((tcp, _)) = l.accept().await {
            let acceptor = acceptor.clone();
            tokio::spawn(async move {
                let Ok(stream) = acceptor.accept(tcp).await else {
                    return;
                };
                let svc = hyper::service::service_fn(|_req: Request<Incoming>| async {
                    Ok::<_, std::convert::Infallible>(
                        Response::builder()
                            .status(401)
                            .header("www-authenticate", "Bearer")
                            .header("content-type", "application/json")
                            .body(full("{}"))
                            .unwrap(),
                    )
                });
                let _ = hyper_util::server::conn::auto::Builder::new(TokioExecutor::new())
                    .serve_connection(TokioIo::new(stream), svc)
                    .await;
            });
        }
    });
    (addr, pem)
}

/// POSTs [`FIRST`] to `url`, waits for the answer's head, then sends [`SECOND`] and ends
/// the body: the agent answers before the body is whole, whatever the timing. Returns the
/// status.
async fn post_in_two_parts(h2: bool, url: &str) -> u16 {
    post_parts(h2, url, FIRST, SECOND, true, false).await
}

/// POSTs `first` then `second` to `url`: `second` only once the answer's head is in when
/// `early` (and its first body frame too when `after_first_frame`), else right away (the
/// body whole before the agent reads it). Returns the status once the answer's body is read.
async fn post_parts(
    h2: bool,
    url: &str,
    first: &'static [u8],
    second: &'static [u8],
    early: bool,
    after_first_frame: bool,
) -> u16 {
    let (tx, rx) = tokio::sync::mpsc::channel::<Result<http_body::Frame<Bytes>, BoxError>>(4);
    let body =
        http_body_util::BodyExt::boxed_unsync(http_body_util::StreamBody::new(tokio_stream_of(rx)));
    tx.send(Ok(http_body::Frame::data(Bytes::from_static(first))))
        .await
        .unwrap();
    let mut tx = Some(tx);
    if !early {
        // the whole body, ended, before the request goes
        if let Some(tx) = tx.take() {
            tx.send(Ok(http_body::Frame::data(Bytes::from_static(second))))
                .await
                .unwrap();
        }
    }
    let req = Request::post(url)
        .header("content-type", "application/json")
        .body(body)
        .unwrap();
    let client = if h2 { client_h2() } else { client_h1() };
    let resp = client.request(req).await.expect("answer");
    let status = resp.status().as_u16();
    let mut answer = resp.into_body();
    if let Some(tx) = tx {
        // the agent has answered: the rest of the body follows, after the answer's first
        // body frame when `after_first_frame` (the proxy recorded that frame before it
        // passed it on, so the rest of the body is recorded after it whatever the load;
        // after the head alone the two race)
        if after_first_frame {
            let _ = http_body_util::BodyExt::frame(&mut answer).await;
        }
        let _ = tx
            .send(Ok(http_body::Frame::data(Bytes::from_static(second))))
            .await;
    }
    let _ = http_body_util::BodyExt::collect(answer).await;
    status
}

/// The frames `rx` receives, as a stream.
fn tokio_stream_of<T: Send + 'static>(
    rx: tokio::sync::mpsc::Receiver<T>,
) -> impl futures_util::Stream<Item = T> + Send {
    futures_util::stream::unfold(rx, |mut rx| async move { rx.recv().await.map(|t| (t, rx)) })
}

/// `(outcome, error, request_bytes, truncated)` of the `exchange_end` of `e1`.
fn end_of_first(evs: &[Event]) -> (Outcome, String, u64, bool) {
    of_exchange(evs, "e1")
        .into_iter()
        .find_map(|e| match &e.kind {
            EventKind::ExchangeEnd {
                outcome,
                error,
                request_bytes,
                truncated,
                ..
            } => Some((
                *outcome,
                error.clone().unwrap_or_default(),
                *request_bytes,
                *truncated,
            )),
            _ => None,
        })
        .expect("exchange_end of e1")
}

/// The rule ids of `v`'s findings.
fn rules(v: &a2a_interop::verify::VerifyOutcome) -> Vec<String> {
    v.findings.iter().map(|f| f.rule.to_string()).collect()
}

/// Checks a recording of one early-answered [`post_in_two_parts`]: the whole body is
/// recorded and the call was judged from it, live and offline alike. `cut`: whether the
/// agent's end stopped taking the body (it closed, or its HTTP/2 stream ended), so the end
/// says the agent answered before it had read all of it and that the recording holds the
/// body; else the agent's connection took every byte (it just did not read them) and the
/// exchange is plainly complete. `None`: the topology does not decide it (an h2 agent's
/// stream may end before or after the second part reached it), so the recorded end says
/// which of the two it was, and must say it truly.
fn assert_judged_whole(
    what: &str,
    cut: Option<bool>,
    rec: &Path,
    live: &a2a_interop::verify::VerifyOutcome,
) {
    let evs = read_events(rec);
    assert_eq!(request_body(&evs, "e1"), whole(), "{what}: body recorded");
    let (outcome, error, request_bytes, truncated) = end_of_first(&evs);
    assert_eq!(outcome, Outcome::Complete, "{what}: {error}");
    assert!(!truncated, "{what}: {error}");
    let cut = cut.unwrap_or(!error.is_empty());
    if cut && request_bytes == whole().len() as u64 {
        // every byte reached the agent's stream, which ended before the body's end
        assert_eq!(
            error,
            format!(
                "request body not all delivered: the agent answered before it had read the whole request body; all {0} request body bytes the client sent reached it, but not the end of the body; the recording holds the whole request body the client sent ({0} bytes)",
                whole().len()
            ),
            "{what}"
        );
    } else if cut {
        assert!(
            request_bytes < whole().len() as u64,
            "{what}: only what the agent took counts as forwarded: {request_bytes}"
        );
        assert!(
            error.starts_with("request body not all delivered: the agent answered"),
            "{what}: {error}"
        );
        assert!(
            error.ends_with(&format!(
                "the recording holds the whole request body the client sent ({} bytes)",
                whole().len()
            )),
            "{what}: {error}"
        );
    } else {
        assert_eq!(error, "", "{what}");
        assert_eq!(request_bytes, whole().len() as u64, "{what}");
    }
    // judged from the recorded body: the 1.0 method without A2A-Version is the client's
    // fault; the 401 with its challenge is legal
    assert_eq!(rules(live), ["VER-MIX-002"], "{what}: {:?}", live.findings);
    assert!(live.incomplete.is_empty(), "{what}: {:?}", live.incomplete);
    assert_offline_matches(live, rec);
}

/// h2c and HTTP/1.1 clients, an HTTP/1.1 agent that answers after the head and closes, or
/// answers and keeps the connection unread: every time the recording holds the whole body
/// and the call is judged (with the agent's connection open, the body's end is recorded
/// after the answer: the verifier reads the call again at the exchange's end). Whether the
/// closing agent's socket took the second part before the close is a race, so the recorded
/// `request_bytes` decides which end the recording must read as.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn early_answer_keeps_the_whole_request_body_h1_and_h2c() {
    for (h2, close) in [(true, true), (true, false), (false, true), (false, false)] {
        let what = format!(
            "{} client, agent {}",
            if h2 { "h2c" } else { "HTTP/1.1" },
            if close {
                "closes"
            } else {
                "keeps the connection"
            }
        );
        let up = head_only_agent(close).await;
        let (_dir, rec, pipeline, base) = start_recording_to(up).await;
        assert_eq!(
            post_in_two_parts(h2, &format!("{base}/")).await,
            401,
            "{what}"
        );
        let run = pipeline.finish().await.unwrap();
        // an agent that closes may still have had the second part land in its socket
        // before the close (the kernel took it, unread): then all was forwarded
        let cut = if close { None } else { Some(false) };
        assert_judged_whole(&what, cut, &rec, &run.verify);
    }
}

/// The same over TLS: the proxy talks h2 (ALPN) to an agent whose handler answers without
/// reading the body (hyper ends the stream, the proxy's upstream request drops the body).
/// Whether the second part reached the agent's stream before it ended is a race between
/// the agent's end of stream and the client's second part, so either end is accepted, but
/// each must be reported as what it was.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn early_answer_keeps_the_whole_request_body_over_tls_h2() {
    let dir = tempfile::tempdir().unwrap();
    let (agent, pem) = tls_early_agent(dir.path()).await;
    for h2 in [true, false] {
        let rec = dir.path().join(format!("tls-{h2}.jsonl"));
        let p = Pipeline::start_ext(
            pipeline_cfg(
                vec![("/", format!("https://127.0.0.1:{}", agent.port()))],
                &rec,
            ),
            ProxyExtras {
                upstream_tls: UpstreamTrust {
                    ca: vec![pem.clone()],
                    insecure: false,
                },
                ..ProxyExtras::default()
            },
        )
        .await
        .expect("pipeline");
        let base = format!("http://{}", p.proxy_addr());
        let what = format!(
            "{} client, TLS h2 agent",
            if h2 { "h2c" } else { "HTTP/1.1" }
        );
        assert_eq!(
            post_in_two_parts(h2, &format!("{base}/")).await,
            401,
            "{what}"
        );
        let run = p.finish().await.unwrap();
        assert_judged_whole(&what, None, &rec, &run.verify);
    }
}

/// Past the capture cap the proxy stops reading the body it reads for the recording only:
/// the end says so, the exchange is truncated and the cut body is not judged.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn early_answer_body_past_the_capture_cap_is_cut_and_said_so() {
    let up = head_only_agent(true).await;
    let dir = tempfile::tempdir().unwrap();
    let rec = dir.path().join("cap.jsonl");
    let mut cfg = pipeline_cfg(vec![("/", format!("http://{up}"))], &rec);
    cfg.proxy.capture_cap = 40;
    let (p, base) = start(cfg).await;
    assert_eq!(post_in_two_parts(true, &format!("{base}/")).await, 401);
    let run = p.finish().await.unwrap();
    let evs = read_events(&rec);
    let (outcome, error, request_bytes, truncated) = end_of_first(&evs);
    assert_eq!(outcome, Outcome::Complete, "{error}");
    assert!(truncated, "{error}");
    if error.is_empty() {
        // The agent's connection took the second part before the proxy saw its answer (a
        // race the session's CI met about once in 20 runs): the whole body was forwarded,
        // and only the recording is cut at the cap, as for any body past it.
        assert_eq!(request_bytes, whole().len() as u64, "forwarded whole");
    } else {
        // The proxy stopped reading at the cap, or read the rest whole (the agent took
        // part of it) and recorded only the cap's bytes: either way the end says the
        // recorded body is cut at the cap (not "holds the whole request body").
        assert!(
            error.contains(
                "40-byte capture limit), so the recorded request body is cut and is not judged"
            ),
            "{error}"
        );
    }
    assert_eq!(request_body(&evs, "e1"), &whole()[..40]);
    assert!(!rules(&run.verify).contains(&"VER-MIX-002".to_string()));
    assert!(
        run.verify
            .incomplete
            .iter()
            // "capture limit" when the proxy stopped reading there, "capture cap" when
            // the body went through whole and only the recording was cut
            .any(|(id, why)| id == "e1"
                && (why.contains("capture limit") || why.contains("capture cap"))),
        "{:?}",
        run.verify.incomplete
    );
}

/// A 1.0 `SendStreamingMessage` without `A2A-Version` (the client's VER-MIX-002, which only
/// the request body shows), in two parts.
const STREAM_FIRST: &[u8] =
    br#"{"jsonrpc":"2.0","id":1,"method":"SendStreamingMessage","params":{"message":"#;
const STREAM_SECOND: &[u8] = br#"{"messageId":"m1","role":"ROLE_USER","parts":[{"text":"hi"}]}}}"#;

/// The agent's event stream: a working 1.0 Task, then (after the client's late body) an
/// update in the 0.3 shape (`kind`, a lowercase state, `final`): a fault only a verifier
/// that knows the call is a 1.0 `SendStreamingMessage` can see.
const EVENT_TASK: &str = r#"{"jsonrpc":"2.0","id":1,"result":{"task":{"id":"t1","contextId":"c1","status":{"state":"TASK_STATE_WORKING"}}}}"#;
const EVENT_03: &str = r#"{"jsonrpc":"2.0","id":1,"result":{"kind":"status-update","taskId":"t1","contextId":"c1","status":{"state":"completed"},"final":true}}"#;

/// One chunk of a chunked HTTP/1.1 body holding the SSE event `data`.
fn sse_chunk(data: &str) -> Vec<u8> {
    let ev = format!("data: {data}\n\n");
    format!("{:x}\r\n{ev}\r\n", ev.len()).into_bytes()
}

/// A raw HTTP/1.1 agent that answers an event stream: `early`, right after the request head
/// (the body unread); else after the whole chunked body. The first event at once, the second
/// 300 ms later (the client's late body comes between them), then the stream ends and the
/// connection stays open, unread, for a while.
async fn streaming_agent(early: bool) -> SocketAddr {
    let l = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = l.local_addr().unwrap();
    tokio::spawn(async move {
        while let Ok((mut s, _)) = l.accept().await {
            tokio::spawn(async move {
                if !raw_http::read_head_only(&mut s).await {
                    return;
                }
                if !early {
                    // the chunked body's last chunk
                    let mut got = Vec::new();
                    let mut b = [0u8; 1];
                    while !got.ends_with(b"0\r\n\r\n") {
                        match s.read(&mut b).await {
                            Ok(1) => got.push(b[0]),
                            _ => return,
                        }
                    }
                }
                let head = b"HTTP/1.1 200 OK\r\ncontent-type: text/event-stream\r\ntransfer-encoding: chunked\r\n\r\n";
                let _ = s.write_all(head).await;
                let _ = s.write_all(&sse_chunk(EVENT_TASK)).await;
                let _ = s.flush().await;
                tokio::time::sleep(std::time::Duration::from_millis(300)).await;
                let _ = s.write_all(&sse_chunk(EVENT_03)).await;
                let _ = s.write_all(b"0\r\n\r\n").await;
                let _ = s.flush().await;
                tokio::time::sleep(std::time::Duration::from_secs(5)).await;
            });
        }
    });
    addr
}

/// `f`, or a panic naming `what` after 20 s.
async fn within<T>(what: &str, f: impl std::future::Future<Output = T>) -> T {
    match tokio::time::timeout(std::time::Duration::from_secs(20), f).await {
        Ok(t) => t,
        Err(_) => panic!("{what}: no end within 20 s"),
    }
}

/// An event stream answered before the request body was whole (fix19p P2): the recording
/// holds the whole body after the stream's first event, and the call is judged from it as
/// if the body had come first: the client's VER-MIX-002 (only the body names the 1.0
/// method), and the stream judged as the 1.0 `SendStreamingMessage` it answers (its 0.3
/// shaped update found), the same findings as for the same traffic with the body read
/// before the answer; live and offline alike. HTTP/1.1 and h2c clients.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn early_event_stream_is_judged_from_the_whole_request_body() {
    // the same traffic, the body read before the answer: what the verdicts must be
    let normal = streaming_agent(false).await;
    let (_d, rec, pipeline, base) = start_recording_to(normal).await;
    let status = within(
        "control call",
        post_parts(
            false,
            &format!("{base}/"),
            STREAM_FIRST,
            STREAM_SECOND,
            false,
            false,
        ),
    )
    .await;
    assert_eq!(status, 200);
    let control = within("control finish", pipeline.finish()).await.unwrap();
    let evs = read_events(&rec);
    // in order: the body before the answer
    let head_at = evs
        .iter()
        .position(|e| matches!(e.kind, EventKind::ResponseHead { .. }))
        .unwrap();
    assert!(!evs[head_at..]
        .iter()
        .any(|e| matches!(e.kind, EventKind::RequestBody { .. })));
    let want = rules(&control.verify);
    assert!(want.contains(&"VER-MIX-002".to_string()), "{want:?}");
    assert!(
        want.len() >= 2,
        "the stream's 0.3 update is found too: {want:?}"
    );

    let early = streaming_agent(true).await;
    for h2 in [false, true] {
        let what = if h2 { "h2c client" } else { "HTTP/1.1 client" };
        let (_d, rec, pipeline, base) = start_recording_to(early).await;
        let status = within(
            what,
            post_parts(
                h2,
                &format!("{base}/"),
                STREAM_FIRST,
                STREAM_SECOND,
                true,
                true,
            ),
        )
        .await;
        assert_eq!(status, 200, "{what}");
        let run = within(what, pipeline.finish()).await.unwrap();
        let evs = read_events(&rec);
        let body = [STREAM_FIRST, STREAM_SECOND].concat();
        assert_eq!(request_body(&evs, "e1"), body, "{what}: body recorded");
        // the late part came after the stream's first event
        let first_chunk = evs
            .iter()
            .position(|e| matches!(e.kind, EventKind::ResponseChunk { .. }))
            .unwrap();
        assert!(
            evs[first_chunk..]
                .iter()
                .any(|e| matches!(e.kind, EventKind::RequestBody { .. })),
            "{what}: the body was not late"
        );
        let (outcome, error, _, truncated) = end_of_first(&evs);
        assert_eq!(outcome, Outcome::Complete, "{what}: {error}");
        assert!(!truncated, "{what}: {error}");
        assert_eq!(
            rules(&run.verify),
            want,
            "{what}: {:#?}",
            run.verify.findings
        );
        assert!(
            run.verify.incomplete.is_empty(),
            "{what}: {:?}",
            run.verify.incomplete
        );
        assert_offline_matches(&run.verify, &rec);
    }
}

/// An HTTP+JSON `message:stream` answered before its request body was whole: the route
/// names the call at the response head and the whole body reads it again at the stream's
/// release; the outcome counts the one exchange once (`bindings`, `exchange_dialects`),
/// live and offline (lead49: live_breaker48 counted a gateway's upstream `:subscribe`
/// twice on a loaded machine, when its answer's head came before the request's end).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn early_event_stream_counts_its_exchange_once() {
    const REST_FIRST: &[u8] = br#"{"message":{"messageId":"m1","role":"ROLE_USER","#;
    const REST_SECOND: &[u8] = br#""parts":[{"text":"hi"}]}}"#;
    let early = streaming_agent(true).await;
    let (_d, rec, pipeline, base) = start_recording_to(early).await;
    let status = within(
        "rest stream",
        post_parts(
            false,
            &format!("{base}/message:stream"),
            REST_FIRST,
            REST_SECOND,
            true,
            true,
        ),
    )
    .await;
    assert_eq!(status, 200);
    let run = within("rest stream finish", pipeline.finish())
        .await
        .unwrap();
    let evs = read_events(&rec);
    let first_chunk = evs
        .iter()
        .position(|e| matches!(e.kind, EventKind::ResponseChunk { .. }))
        .unwrap();
    assert!(
        evs[first_chunk..]
            .iter()
            .any(|e| matches!(e.kind, EventKind::RequestBody { .. })),
        "the body was not late"
    );
    let once = vec![a2a_interop::verify::BindingUse {
        version: "1.0".into(),
        binding: "HTTP+JSON".into(),
        exchanges: 1,
    }];
    assert_eq!(run.verify.bindings, once, "{:?}", run.verify.findings);
    assert_eq!(run.verify.exchange_dialects.len(), 1);
    // the call's own fault told once, in the words of the whole body (the route alone
    // said it at the head; the body adds the 1.0 member it holds)
    let mix: Vec<&str> = run
        .verify
        .findings
        .iter()
        .filter(|f| f.rule == "VER-MIX-002")
        .map(|f| f.message.as_str())
        .collect();
    assert_eq!(mix.len(), 1, "{mix:#?}");
    assert!(mix[0].contains("the 1.0 member parts"), "{}", mix[0]);
    assert_offline_matches(&run.verify, &rec);
    let f = std::io::BufReader::new(std::fs::File::open(&rec).unwrap());
    let r = a2a_interop::record::jsonl::RecordingReader::new(f).unwrap();
    let mut v = a2a_interop::verify::Verifier::new(&r.header().clone());
    for ev in r {
        v.feed(&ev.unwrap());
    }
    assert_eq!(v.finish().bindings, once, "offline");
}

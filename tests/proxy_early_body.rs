//! An agent that answers before it has read the request body (an auth layer's early `401`,
//! a size limit's `413`): the recording still holds the whole request body the client sent
//! and the verifier judges the call from it (breaker18 item 1: over h2c the body was left
//! out of the recording, or recorded after the answer and never judged).
//!
//! Real parts on 127.0.0.1: the recording proxy, hyper clients (HTTP/1.1 and h2c prior
//! knowledge) whose bodies are sent in two parts, the second only once the answer is in,
//! and small real agents: a raw HTTP/1.1 one that reads the request head only and a TLS one
//! (ALPN h2) whose handler answers without reading the body.

#[path = "common/raw_http.rs"]
mod raw_http;
#[path = "common/proxy_support.rs"]
mod support;
#[path = "common/tls_agent.rs"]
mod tls_agent;

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
use tokio::io::AsyncWriteExt;
use tokio::net::TcpListener;

use support::*;

/// A 1.0 `SendMessage` that sends no `A2A-Version` header: the client's fault VER-MIX-001,
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
    let (tx, rx) = tokio::sync::mpsc::channel::<Result<http_body::Frame<Bytes>, BoxError>>(4);
    let body =
        http_body_util::BodyExt::boxed_unsync(http_body_util::StreamBody::new(tokio_stream_of(rx)));
    tx.send(Ok(http_body::Frame::data(Bytes::from_static(FIRST))))
        .await
        .unwrap();
    let req = Request::post(url)
        .header("content-type", "application/json")
        .body(body)
        .unwrap();
    let client = if h2 { client_h2() } else { client_h1() };
    let resp = client.request(req).await.expect("answer");
    // the agent has answered: the rest of the body follows
    let _ = tx
        .send(Ok(http_body::Frame::data(Bytes::from_static(SECOND))))
        .await;
    drop(tx);
    let status = resp.status().as_u16();
    let _ = http_body_util::BodyExt::collect(resp.into_body()).await;
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
    assert_eq!(rules(live), ["VER-MIX-001"], "{what}: {:?}", live.findings);
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
    let (outcome, error, _, truncated) = end_of_first(&evs);
    assert_eq!(outcome, Outcome::Complete, "{error}");
    assert!(truncated, "{error}");
    assert!(
        error.contains("it stopped reading at the 40-byte capture limit), so the recorded request body is cut and is not judged"),
        "{error}"
    );
    assert_eq!(request_body(&evs, "e1"), &whole()[..40]);
    assert!(!rules(&run.verify).contains(&"VER-MIX-001".to_string()));
    assert!(
        run.verify
            .incomplete
            .iter()
            .any(|(id, why)| id == "e1" && why.contains("capture limit")),
        "{:?}",
        run.verify.incomplete
    );
}

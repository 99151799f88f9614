//! HTTP/2 with many concurrent streams through the proxy (issue 7): one h2c connection
//! (prior knowledge, RFC 9113 §3.3) carries 1,000 requests at once to an h2c agent: JSON-RPC
//! calls, SSE streams, and SSE streams the client cancels mid-stream with RST_STREAM
//! (RFC 9113 §6.4). Meanwhile an HTTP/1.1 connection keeps being served. Afterwards: every
//! answer arrived whole, the agent saw every cancelled stream go away, open file descriptors
//! and runtime tasks are back to their baseline, and the recording parses to its last line
//! with one `exchange_end` per exchange and the right outcome.
//!
//! A separate test binary: the fd and task counts are per process.

#[path = "common/proxy_support.rs"]
mod support;

use std::collections::HashMap;
use std::convert::Infallible;
use std::net::SocketAddr;
use std::pin::Pin;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::task::{Context, Poll};
use std::time::Duration;

use a2a_interop::app::pipeline::Pipeline;
use a2a_interop::record::{source, EventKind, Outcome};
use bytes::Bytes;
use http_body_util::{BodyExt, Full};
use hyper::body::{Body, Frame, Incoming};
use hyper::{Request, Response};
use hyper_util::rt::{TokioExecutor, TokioIo};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};

use support::faults_cfg;

const RPC_ANSWER: &str = r#"{"jsonrpc":"2.0","id":1,"result":{"kind":"message","messageId":"m1","role":"agent","parts":[{"kind":"text","text":"hi"}]}}"#;
/// Events per finite SSE stream.
const SSE_EVENTS: usize = 10;
const N_RPC: usize = 700;
const N_SSE: usize = 200;
const N_ABORT: usize = 100;

/// A response body fed from a channel; ends when the sender is dropped.
struct ChannelBody(tokio::sync::mpsc::Receiver<Bytes>);

impl Body for ChannelBody {
    type Data = Bytes;
    type Error = Infallible;
    fn poll_frame(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<Frame<Bytes>, Infallible>>> {
        self.0.poll_recv(cx).map(|o| o.map(|b| Ok(Frame::data(b))))
    }
}

fn sse_event(i: usize) -> Bytes {
    Bytes::from(format!(
        "data: {{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{{\"kind\":\"status-update\",\"taskId\":\"t1\",\"contextId\":\"c1\",\"status\":{{\"state\":\"working\"}},\"final\":false,\"n\":{i}}}}}\n\n"
    ))
}

/// What the agent saw.
#[derive(Default)]
struct AgentStats {
    in_flight: AtomicUsize,
    peak: AtomicUsize,
    /// Endless streams whose reader went away (the proxy passed the cancel on).
    cancelled: AtomicUsize,
    /// Connections open now (the proxy's pooled upstream connections among them).
    conns: AtomicUsize,
}

/// An agent speaking HTTP/1.1 and h2c (up to 2,000 concurrent streams): `/rpc` answers JSON-RPC, `/sse` sends
/// [`SSE_EVENTS`] events 2 ms apart, `/sse-endless` sends an event every 20 ms until the
/// stream is cancelled; every other path gets the JSON-RPC answer too.
async fn h2_agent() -> (SocketAddr, Arc<AgentStats>) {
    let l = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = l.local_addr().unwrap();
    let stats = Arc::new(AgentStats::default());
    let st = stats.clone();
    tokio::spawn(async move {
        while let Ok((s, _)) = l.accept().await {
            let st = st.clone();
            st.conns.fetch_add(1, Ordering::SeqCst);
            tokio::spawn(async move {
                let st_conn = st.clone();
                let svc = hyper::service::service_fn(move |req: Request<Incoming>| {
                    let st = st.clone();
                    async move {
                        let n = st.in_flight.fetch_add(1, Ordering::SeqCst) + 1;
                        st.peak.fetch_max(n, Ordering::SeqCst);
                        let path = req.uri().path().to_string();
                        let _ = req.into_body().collect().await;
                        let (tx, rx) = tokio::sync::mpsc::channel::<Bytes>(4);
                        let sse = path.starts_with("/sse");
                        let st2 = st.clone();
                        tokio::spawn(async move {
                            if path == "/sse" {
                                for i in 0..SSE_EVENTS {
                                    if tx.send(sse_event(i)).await.is_err() {
                                        break;
                                    }
                                    tokio::time::sleep(Duration::from_millis(2)).await;
                                }
                            } else if path == "/sse-endless" {
                                let mut i = 0;
                                loop {
                                    if tx.send(sse_event(i)).await.is_err() {
                                        st2.cancelled.fetch_add(1, Ordering::SeqCst);
                                        break;
                                    }
                                    i += 1;
                                    tokio::time::sleep(Duration::from_millis(20)).await;
                                }
                            } else {
                                let _ = tx.send(Bytes::from_static(RPC_ANSWER.as_bytes())).await;
                            }
                            st2.in_flight.fetch_sub(1, Ordering::SeqCst);
                        });
                        let ct = if sse {
                            "text/event-stream"
                        } else {
                            "application/json"
                        };
                        Ok::<_, Infallible>(
                            Response::builder()
                                .header("content-type", ct)
                                .body(ChannelBody(rx))
                                .unwrap(),
                        )
                    }
                });
                let mut b = hyper_util::server::conn::auto::Builder::new(TokioExecutor::new());
                b.http2().max_concurrent_streams(2000);
                let _ = b.serve_connection(TokioIo::new(s), svc).await;
                st_conn.conns.fetch_sub(1, Ordering::SeqCst);
            });
        }
    });
    (addr, stats)
}

fn open_fds() -> usize {
    std::fs::read_dir("/proc/self/fd")
        .map(|d| d.count())
        .unwrap_or(0)
}

fn alive_tasks() -> usize {
    tokio::runtime::Handle::current()
        .metrics()
        .num_alive_tasks()
}

/// An h2c client connection to `addr` (prior knowledge).
async fn h2_client(addr: SocketAddr) -> hyper::client::conn::http2::SendRequest<Full<Bytes>> {
    let s = TcpStream::connect(addr).await.unwrap();
    let (send, conn) = hyper::client::conn::http2::handshake(TokioExecutor::new(), TokioIo::new(s))
        .await
        .unwrap();
    tokio::spawn(async move {
        let _ = conn.await;
    });
    send
}

fn post(path: &str) -> Request<Full<Bytes>> {
    let body = r#"{"jsonrpc":"2.0","id":1,"method":"message/send","params":{"message":{"kind":"message","messageId":"u1","role":"user","parts":[{"kind":"text","text":"hi"}]}}}"#;
    Request::post(format!("http://agent.test{path}"))
        .header("content-type", "application/json")
        .body(Full::new(Bytes::from_static(body.as_bytes())))
        .unwrap()
}

/// One HTTP/1.1 request on its own connection; true when the JSON-RPC answer came back.
async fn h1_ok(proxy: SocketAddr) -> bool {
    let mut s = TcpStream::connect(proxy).await.unwrap();
    let body = r#"{"jsonrpc":"2.0","id":1,"method":"message/send","params":{}}"#;
    let req = format!(
        "POST /rpc HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\ncontent-length: {}\r\nconnection: close\r\n\r\n{body}",
        body.len()
    );
    s.write_all(req.as_bytes()).await.unwrap();
    let mut out = Vec::new();
    let _ = tokio::time::timeout(Duration::from_secs(20), s.read_to_end(&mut out)).await;
    let text = String::from_utf8_lossy(&out);
    // The agent streams its answer (chunked on HTTP/1.1): one chunk holds it whole.
    text.starts_with("HTTP/1.1 200") && text.contains(RPC_ANSWER) && text.ends_with("0\r\n\r\n")
}

/// Polls `f` until it is at most `limit` (up to 10 s); the last value.
async fn settle(f: impl Fn() -> usize, limit: usize) -> usize {
    let mut v = f();
    for _ in 0..100 {
        if v <= limit {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
        v = f();
    }
    v
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_thousand_concurrent_h2_streams_with_sse_and_client_resets() {
    let (agent, stats) = h2_agent().await;
    let dir = tempfile::tempdir().unwrap();
    let rec = dir.path().join("h2.jsonl");
    let p = Pipeline::start(faults_cfg(agent, Some(rec.clone()), true))
        .await
        .unwrap();
    let proxy = p.proxy_addr();

    // Warm-up on a connection of its own: the proxy's pooled h2 connection to the agent
    // exists from here on, so it is part of the baseline.
    {
        let mut c = h2_client(proxy).await;
        let r = c.send_request(post("/rpc")).await.unwrap();
        assert_eq!(r.version(), hyper::Version::HTTP_2);
        let b = r.into_body().collect().await.unwrap().to_bytes();
        assert_eq!(b, RPC_ANSWER.as_bytes());
    }
    assert!(h1_ok(proxy).await);
    tokio::time::sleep(Duration::from_millis(300)).await;
    let fds_before = open_fds();
    let tasks_before = alive_tasks();
    let conns_before = stats.conns.load(Ordering::SeqCst);

    let client = h2_client(proxy).await;
    let mut calls = tokio::task::JoinSet::new();
    // The endless streams are cancelled only once all of them have their first event: all
    // N_ABORT are open at the agent at the same time, through the one client connection,
    // or the wait below runs out (a proxy that served streams one after another).
    let all_open = Arc::new(tokio::sync::Barrier::new(N_ABORT));
    for i in 0..(N_RPC + N_SSE + N_ABORT) {
        let mut c = client.clone();
        let all_open = all_open.clone();
        let path = if i % 10 < 7 {
            "/rpc"
        } else if i % 10 < 9 {
            "/sse"
        } else {
            "/sse-endless"
        };
        calls.spawn(async move {
            let r = c
                .send_request(post(path))
                .await
                .map_err(|e| format!("{path}: {e}"))?;
            if r.status() != 200 {
                return Err(format!("{path}: status {}", r.status()));
            }
            let mut body = r.into_body();
            if path == "/sse-endless" {
                // One event, then wait (reading on, so flow control does not stall the
                // connection) until every endless stream has one; then cancel: dropping the
                // body resets the stream.
                let f = body.frame().await;
                if !matches!(f, Some(Ok(_))) {
                    return Err(format!("{path}: no first event"));
                }
                let wait = tokio::time::timeout(Duration::from_secs(120), all_open.wait());
                tokio::pin!(wait);
                loop {
                    tokio::select! {
                        w = &mut wait => {
                            if w.is_err() {
                                return Err(format!(
                                    "{path}: the {N_ABORT} endless streams were never open at once (120 s)"
                                ));
                            }
                            break;
                        }
                        f = body.frame() => {
                            if !matches!(f, Some(Ok(_))) {
                                return Err(format!("{path}: ended before it was cancelled"));
                            }
                        }
                    }
                }
                drop(body);
                return Ok((path, Bytes::new()));
            }
            let b = body
                .collect()
                .await
                .map_err(|e| format!("{path}: body {e}"))?
                .to_bytes();
            Ok::<_, String>((path, b))
        });
    }
    // Another connection, HTTP/1.1, served while the streams run.
    let mut h1_served = 0;
    for _ in 0..10 {
        assert!(h1_ok(proxy).await, "HTTP/1.1 connection not served");
        h1_served += 1;
    }
    let mut counts: HashMap<&str, usize> = HashMap::new();
    let full_sse: Vec<u8> = (0..SSE_EVENTS)
        .flat_map(|i| sse_event(i).to_vec())
        .collect();
    while let Some(r) = calls.join_next().await {
        let (path, body) = r.unwrap().unwrap();
        match path {
            "/rpc" => assert_eq!(body, RPC_ANSWER.as_bytes()),
            "/sse" => assert_eq!(body, full_sse),
            _ => {}
        }
        *counts.entry(path).or_default() += 1;
    }
    assert_eq!(counts["/rpc"], N_RPC);
    assert_eq!(counts["/sse"], N_SSE);
    assert_eq!(counts["/sse-endless"], N_ABORT);
    drop(client);
    let peak = stats.peak.load(Ordering::SeqCst);
    eprintln!("peak concurrent streams at the agent: {peak}");
    // The proxy's h2 server allows hyper's default 200 concurrent streams per connection;
    // the client queues the rest. The endless streams were all open at once (the barrier
    // above), so the agent saw at least that many in flight together, on any machine.
    assert!(
        peak >= N_ABORT,
        "peak {peak}: the agent never had the {N_ABORT} endless streams open at once"
    );
    // Every cancel reached the agent: its endless streams all ended.
    let cancelled = settle(
        || N_ABORT - stats.cancelled.load(Ordering::SeqCst).min(N_ABORT),
        0,
    )
    .await;
    assert_eq!(cancelled, 0, "endless streams still running at the agent");
    assert_eq!(stats.in_flight.load(Ordering::SeqCst), 0);

    // Back to baseline: fds (client + proxy side of the connection gone) and tasks. The
    // proxy's upstream client may have opened a further pooled connection to the agent
    // while 1,000 requests raced for one (hyper-util's pool races checkout and connect);
    // an idle pooled connection is 2 fds and 2 tasks (its driver in the proxy, its server
    // in the agent) and is not a leak, so it is allowed for, and bounded.
    let pooled = stats
        .conns
        .load(Ordering::SeqCst)
        .saturating_sub(conns_before);
    eprintln!("further pooled upstream connections: {pooled}");
    assert!(
        pooled <= 2,
        "{pooled} more upstream connections than before"
    );
    let fds_after = settle(open_fds, fds_before + 2 * pooled).await;
    assert!(
        fds_after <= fds_before + 2 * pooled,
        "fds {fds_before} before, {fds_after} after ({pooled} pooled)"
    );
    let tasks_after = settle(alive_tasks, tasks_before + 2 * pooled).await;
    assert!(
        tasks_after <= tasks_before + 2 * pooled,
        "tasks {tasks_before} before, {tasks_after} after ({pooled} pooled)"
    );
    assert!(h1_ok(proxy).await);

    let outcome = p.finish().await.unwrap();
    assert_eq!(outcome.recorder.dropped_events, 0);
    assert!(outcome.recorder.write_error.is_none());

    // The recording: every line parses, one exchange_end per exchange, right outcomes.
    let src = source::open(&rec).unwrap();
    let mut heads: HashMap<String, (String, Option<String>)> = HashMap::new();
    let mut ends: HashMap<String, Outcome> = HashMap::new();
    for e in src.events {
        let e = e.expect("every line parses");
        let x = e.exchange.as_deref().unwrap_or_default().to_string();
        match e.kind {
            EventKind::RequestHead { url, version, .. } => {
                assert!(heads.insert(x, (url, version)).is_none(), "two heads");
            }
            EventKind::ExchangeEnd { outcome, .. } => {
                assert!(ends.insert(x, outcome).is_none(), "two exchange_end");
            }
            _ => {}
        }
    }
    // 1,000 streams + the h2 warm-up + 12 HTTP/1.1 requests.
    let total = N_RPC + N_SSE + N_ABORT + 1 + h1_served + 2;
    assert_eq!(heads.len(), total);
    assert_eq!(ends.len(), total);
    let mut by: HashMap<(String, Outcome), usize> = HashMap::new();
    let mut versions: HashMap<String, usize> = HashMap::new();
    for (x, (url, version)) in &heads {
        let path = url.rsplit_once('/').map_or("", |(_, p)| p).to_string();
        let o = *ends.get(x).unwrap_or_else(|| panic!("{x} never ended"));
        *by.entry((path, o)).or_default() += 1;
        *versions
            .entry(version.clone().unwrap_or_default())
            .or_default() += 1;
    }
    assert_eq!(
        versions.get("HTTP/2.0"),
        Some(&(N_RPC + N_SSE + N_ABORT + 1)),
        "{versions:?}"
    );
    assert_eq!(
        versions.get("HTTP/1.1"),
        Some(&(h1_served + 2)),
        "{versions:?}"
    );
    assert_eq!(
        by.get(&("sse".into(), Outcome::Complete)),
        Some(&N_SSE),
        "{by:?}"
    );
    assert_eq!(
        by.get(&("sse-endless".into(), Outcome::ClientAbort)),
        Some(&N_ABORT),
        "{by:?}"
    );
    assert_eq!(
        by.get(&("rpc".into(), Outcome::Complete)),
        Some(&(N_RPC + 1 + h1_served + 2)),
        "{by:?}"
    );
    assert_eq!(by.len(), 3, "{by:?}");
}

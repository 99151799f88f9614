//! Shared helpers for the proxy tests: small real upstream servers on 127.0.0.1, a client,
//! and recording readers.
#![allow(dead_code)]

use std::future::Future;
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::pin::Pin;
use std::sync::Arc;
use std::time::{Duration, Instant};

use a2a_interop::app::pipeline::{Pipeline, PipelineConfig};
use a2a_interop::proxy::ProxyConfig;
use a2a_interop::record::jsonl::RecordingReader;
use a2a_interop::record::{Event, EventKind, Outcome, Route, DEFAULT_CAPTURE_CAP};
use bytes::Bytes;
use http_body_util::combinators::UnsyncBoxBody;
use http_body_util::{BodyExt, Full};
use hyper::body::Incoming;
use hyper::{Request, Response};
use hyper_util::client::legacy::connect::HttpConnector;
use hyper_util::client::legacy::Client;
use hyper_util::rt::{TokioExecutor, TokioIo};

pub type BoxError = Box<dyn std::error::Error + Send + Sync>;
pub type TBody = UnsyncBoxBody<Bytes, BoxError>;
pub type Handler = Arc<
    dyn Fn(Request<Incoming>) -> Pin<Box<dyn Future<Output = Response<TBody>> + Send>>
        + Send
        + Sync,
>;

/// A full body.
pub fn full(b: impl Into<Bytes>) -> TBody {
    Full::new(b.into())
        .map_err(|never| -> BoxError { match never {} })
        .boxed_unsync()
}

/// Serves `handler` on 127.0.0.1:0 (HTTP/1.1 and h2c) until the runtime ends.
pub async fn serve(handler: Handler) -> SocketAddr {
    serve_as(Speaks::Both, handler).await
}

/// Which protocols a test server speaks ([`serve_as`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Speaks {
    /// HTTP/1.1 and h2c (prior knowledge) on one listener.
    Both,
    /// HTTP/1.1 only (hyper's http1 server, as uvicorn or Express).
    Http1,
    /// HTTP/2 prior knowledge only (hyper's http2 server, as Node's `http2.createServer`).
    H2c,
}

/// Serves `handler` on 127.0.0.1:0 speaking `speaks` until the runtime ends.
pub async fn serve_as(speaks: Speaks, handler: Handler) -> SocketAddr {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(async move {
        loop {
            let Ok((stream, _)) = listener.accept().await else {
                continue;
            };
            let h = handler.clone();
            tokio::spawn(async move {
                let svc = hyper::service::service_fn(move |req| {
                    let h = h.clone();
                    async move { Ok::<_, std::convert::Infallible>(h(req).await) }
                });
                let io = TokioIo::new(stream);
                let _ = match speaks {
                    Speaks::Both => {
                        hyper_util::server::conn::auto::Builder::new(TokioExecutor::new())
                            .serve_connection(io, svc)
                            .await
                    }
                    Speaks::Http1 => hyper::server::conn::http1::Builder::new()
                        .serve_connection(io, svc)
                        .await
                        .map_err(Into::into),
                    Speaks::H2c => hyper::server::conn::http2::Builder::new(TokioExecutor::new())
                        .serve_connection(io, svc)
                        .await
                        .map_err(Into::into),
                };
            });
        }
    });
    addr
}

/// JSON-RPC echo: answers `{"jsonrpc":"2.0","id":..,"result":<request body as string>}`
/// style bytes: the request body is returned verbatim inside a fixed envelope, with headers
/// telling what the agent saw (`x-seen-*`).
pub async fn echo_server(name: &'static str) -> SocketAddr {
    serve(Arc::new(move |req: Request<Incoming>| {
        Box::pin(async move {
            let version = format!("{:?}", req.version());
            let path = req
                .uri()
                .path_and_query()
                .map(|p| p.as_str().to_string())
                .unwrap_or_default();
            let auth = req
                .headers()
                .get("authorization")
                .map(|v| v.to_str().unwrap_or("").chars().rev().collect::<String>())
                .unwrap_or_default();
            let host = req
                .headers()
                .get("host")
                .map(|v| v.to_str().unwrap_or("").to_string())
                .unwrap_or_default();
            let body = req
                .into_body()
                .collect()
                .await
                .map(|c| c.to_bytes())
                .unwrap_or_default();
            let mut out = Vec::new();
            out.extend_from_slice(b"{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":");
            out.extend_from_slice(&body);
            out.extend_from_slice(b"}");
            Response::builder()
                .header("content-type", "application/json")
                .header("x-seen-version", version)
                .header("x-seen-path", path)
                .header("x-seen-auth-reversed", auth)
                .header("x-seen-host", host)
                .header("x-server", name)
                .body(full(out))
                .unwrap()
        })
    }))
    .await
}

/// SSE: `n` chunks `gap` apart, each `data: {"i":K,"t_ms":<ms since first>}\n\n`.
pub async fn sse_server(n: usize, gap: Duration) -> SocketAddr {
    serve(Arc::new(move |_req| {
        Box::pin(async move {
            let t0 = Instant::now();
            let stream = futures_util::stream::unfold(0usize, move |i| async move {
                if i >= n {
                    return None;
                }
                if i > 0 {
                    tokio::time::sleep(gap).await;
                }
                let chunk = format!(
                    "data: {{\"i\":{i},\"t_ms\":{}}}\n\n",
                    t0.elapsed().as_millis()
                );
                Some((
                    Ok::<_, BoxError>(http_body::Frame::data(Bytes::from(chunk))),
                    i + 1,
                ))
            });
            Response::builder()
                .header("content-type", "text/event-stream")
                .body(http_body_util::StreamBody::new(stream).boxed_unsync())
                .unwrap()
        })
    }))
    .await
}

/// Raw TCP server that answers one chunked SSE head and chunk, then closes the socket
/// without the final chunk (an agent dying mid-stream).
pub async fn dying_server() -> SocketAddr {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(async move {
        use tokio::io::{AsyncReadExt, AsyncWriteExt};
        loop {
            let Ok((mut s, _)) = listener.accept().await else {
                continue;
            };
            tokio::spawn(async move {
                let mut buf = vec![0u8; 4096];
                let mut got = Vec::new();
                while !got.windows(4).any(|w| w == b"\r\n\r\n") {
                    match s.read(&mut buf).await {
                        Ok(0) | Err(_) => return,
                        Ok(n) => got.extend_from_slice(&buf[..n]),
                    }
                }
                let _ = s
                    .write_all(b"HTTP/1.1 200 OK\r\ncontent-type: text/event-stream\r\ntransfer-encoding: chunked\r\n\r\n")
                    .await;
                let _ = s.write_all(b"b\r\ndata: one\n\n\r\n").await;
                let _ = s.flush().await;
                tokio::time::sleep(Duration::from_millis(100)).await;
                // Gone: no terminating chunk.
            });
        }
    });
    addr
}

/// Serves fixed bytes with a content type.
pub async fn bytes_server(content_type: &'static str, body: &'static [u8]) -> SocketAddr {
    serve(Arc::new(move |_req| {
        Box::pin(async move {
            Response::builder()
                .header("content-type", content_type)
                .body(full(Bytes::from_static(body)))
                .unwrap()
        })
    }))
    .await
}

/// A port nobody listens on: [`held_refusing_port`]. It was a port bound, closed and seen
/// to refuse, free again at once: another test's `bind(0)` could be handed it and answer
/// where the test wanted "refused", or a child process told to listen there could find it
/// taken (pick-a-port-then-drop, CI 79). A test that listens on a port later holds it with
/// `proxy_process::ReservedPort`; a child process that listens binds port 0 and says where.
pub fn dead_port() -> SocketAddr {
    held_refusing_port()
}

/// A port that refuses connections for the rest of the test process: a socket bound to it
/// that never listens (a SYN to it is answered RST), kept in a static so that no other
/// test's `bind(0)` is handed the same port meanwhile. A port bound, closed and free again
/// (the old [`dead_port`]) was once given to a sibling test's server, which answered 200
/// where the test wanted "refused" (cli_q29b, CI 72). Nothing can listen on this port.
pub fn held_refusing_port() -> SocketAddr {
    static HELD: std::sync::Mutex<Vec<tokio::net::TcpSocket>> = std::sync::Mutex::new(Vec::new());
    let s = tokio::net::TcpSocket::new_v4().unwrap();
    s.bind("127.0.0.1:0".parse().unwrap()).unwrap();
    let addr = s.local_addr().unwrap();
    HELD.lock().unwrap_or_else(|e| e.into_inner()).push(s);
    assert!(
        std::net::TcpStream::connect(addr).is_err(),
        "{addr}, bound and never listened on, took a connection"
    );
    addr
}

/// HTTP/1.1 client.
pub fn client_h1() -> Client<HttpConnector, TBody> {
    Client::builder(TokioExecutor::new()).build_http()
}

/// h2c (prior knowledge) client.
pub fn client_h2() -> Client<HttpConnector, TBody> {
    Client::builder(TokioExecutor::new())
        .http2_only(true)
        .build_http()
}

/// Sends a request and collects status, headers and body.
pub async fn fetch(
    client: &Client<HttpConnector, TBody>,
    req: Request<TBody>,
) -> (u16, http::HeaderMap, Bytes) {
    let resp = client.request(req).await.expect("request");
    let status = resp.status().as_u16();
    let (parts, body) = resp.into_parts();
    let body = body.collect().await.expect("body").to_bytes();
    (status, parts.headers, body)
}

pub fn post(url: &str, body: &'static [u8]) -> Request<TBody> {
    Request::post(url)
        .header("content-type", "application/json")
        .body(full(Bytes::from_static(body)))
        .unwrap()
}

pub fn get(url: &str) -> Request<TBody> {
    Request::get(url).body(full(Bytes::new())).unwrap()
}

/// A proxy listening on 127.0.0.1 (any free port) that forwards every path (`/`) to
/// `upstream` (`http://host:port`), card not rewritten, bodies captured up to
/// `DEFAULT_CAPTURE_CAP` bytes, its exchanges recorded with leg `leg`.
pub fn proxy_to(upstream: String, leg: Option<String>) -> ProxyConfig {
    ProxyConfig {
        listen: "127.0.0.1:0".parse().unwrap(),
        routes: vec![Route {
            prefix: "/".into(),
            upstream,
            leg: None,
        }],
        rewrite_card: false,
        capture_cap: DEFAULT_CAPTURE_CAP,
        leg,
    }
}

/// The pipeline config of the fault tests: every path to the agent at `agent`
/// ([`proxy_to`]), recorded to `record` (or not) with redaction, `lossless` or not, through
/// a 16 MiB queue.
pub fn faults_cfg(agent: SocketAddr, record: Option<PathBuf>, lossless: bool) -> PipelineConfig {
    PipelineConfig {
        proxy: proxy_to(format!("http://{agent}"), None),
        record,
        overwrite: false,
        redact: true,
        lossless,
        queue_bytes: 16 << 20,
        print_findings: false,
    }
}

/// A pipeline config routing `/` to `upstream`, lossless, recording to `path`.
pub fn pipeline_cfg(routes: Vec<(&str, String)>, path: &Path) -> PipelineConfig {
    PipelineConfig {
        proxy: ProxyConfig {
            listen: "127.0.0.1:0".parse().unwrap(),
            routes: routes
                .into_iter()
                .map(|(p, u)| Route {
                    prefix: p.to_string(),
                    upstream: u,
                    leg: None,
                })
                .collect(),
            rewrite_card: false,
            capture_cap: DEFAULT_CAPTURE_CAP,
            leg: None,
        },
        record: Some(path.to_path_buf()),
        overwrite: false,
        redact: true,
        lossless: true,
        queue_bytes: 64 << 20,
        print_findings: false,
    }
}

pub async fn start(cfg: PipelineConfig) -> (Pipeline, String) {
    let p = Pipeline::start(cfg).await.expect("pipeline");
    let base = format!("http://{}", p.proxy_addr());
    (p, base)
}

/// A recording pipeline with `routes` (prefix, upstream URL), recording to `r.jsonl` in a
/// fresh temporary directory: (directory, kept alive by the caller; recording path;
/// pipeline; proxy base URL `http://127.0.0.1:port`).
pub async fn start_recording(
    routes: Vec<(&str, String)>,
) -> (tempfile::TempDir, PathBuf, Pipeline, String) {
    let dir = tempfile::tempdir().unwrap();
    let rec = tmp_recording(&dir, "r.jsonl");
    let (p, base) = start(pipeline_cfg(routes, &rec)).await;
    (dir, rec, p, base)
}

/// [`start_recording`] forwarding every path (`/`) to the upstream at `up`.
pub async fn start_recording_to(up: SocketAddr) -> (tempfile::TempDir, PathBuf, Pipeline, String) {
    start_recording(vec![("/", format!("http://{up}"))]).await
}

/// The findings of severity error or worse, each as "RULE message" (empty when the
/// traffic broke no MUST).
pub fn error_findings(v: &a2a_interop::verify::VerifyOutcome) -> Vec<String> {
    v.findings
        .iter()
        .filter(|f| f.severity >= a2a_interop::verify::finding::Severity::Error)
        .map(|f| format!("{} {}", f.rule, f.message))
        .collect()
}

/// The request URLs of a recording's `request_head` events, in order.
pub fn request_urls(evs: &[Event]) -> Vec<String> {
    evs.iter()
        .filter_map(|e| match &e.kind {
            EventKind::RequestHead { url, .. } => Some(url.clone()),
            _ => None,
        })
        .collect()
}

/// Every whole event of a recording file.
pub fn read_events(path: &Path) -> Vec<Event> {
    let f = std::io::BufReader::new(std::fs::File::open(path).expect("open recording"));
    let r = RecordingReader::new(f).expect("recording header");
    r.collect::<Result<Vec<_>, _>>().expect("events")
}

/// [`wait_for`] the first `exchange_end` event in the recording; returns all events so far.
pub async fn wait_for_exchange_end(path: &Path) -> Vec<Event> {
    wait_for(path, |evs| {
        evs.iter()
            .any(|e| matches!(e.kind, EventKind::ExchangeEnd { .. }))
    })
    .await
}

/// Polls the file (as `tail -f` would) until `cond` holds, or panics after 30 s.
pub async fn wait_for(path: &Path, cond: impl Fn(&[Event]) -> bool) -> Vec<Event> {
    let t0 = Instant::now();
    loop {
        if path.exists() {
            let evs = read_events(path);
            if cond(&evs) {
                return evs;
            }
        }
        assert!(
            t0.elapsed() < Duration::from_secs(30),
            "timed out waiting on the recording (30 s)"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

/// The statuses of the `response_head` events among `evs`, in order.
pub fn statuses<'a>(evs: impl IntoIterator<Item = &'a Event>) -> Vec<u16> {
    evs.into_iter()
        .filter_map(|e| match &e.kind {
            EventKind::ResponseHead { status, .. } => Some(*status),
            _ => None,
        })
        .collect()
}

/// Events of exchange `ex`.
pub fn of_exchange<'a>(evs: &'a [Event], ex: &str) -> Vec<&'a Event> {
    evs.iter()
        .filter(|e| e.exchange.as_deref() == Some(ex))
        .collect()
}

/// Exchange ids in order of their request heads.
pub fn exchanges(evs: &[Event]) -> Vec<String> {
    evs.iter()
        .filter(|e| matches!(e.kind, EventKind::RequestHead { .. }))
        .filter_map(|e| e.exchange.as_deref().map(str::to_string))
        .collect()
}

/// The outcome of exchange `ex` (panics unless exactly one `exchange_end`).
pub fn outcome(evs: &[Event], ex: &str) -> (Outcome, Option<String>, bool) {
    let ends: Vec<_> = of_exchange(evs, ex)
        .into_iter()
        .filter_map(|e| match &e.kind {
            EventKind::ExchangeEnd {
                outcome,
                error,
                truncated,
                ..
            } => Some((*outcome, error.clone(), *truncated)),
            _ => None,
        })
        .collect();
    assert_eq!(ends.len(), 1, "exactly one exchange_end for {ex}: {ends:?}");
    ends[0].clone()
}

/// Concatenated `response_chunk` bytes and the chunk count of exchange `ex`.
pub fn response_chunks(evs: &[Event], ex: &str) -> Vec<Bytes> {
    of_exchange(evs, ex)
        .into_iter()
        .filter_map(|e| match &e.kind {
            EventKind::ResponseChunk { body } => Some(body.data.clone()),
            _ => None,
        })
        .collect()
}

/// Concatenated `request_body` bytes of exchange `ex`.
pub fn request_body(evs: &[Event], ex: &str) -> Vec<u8> {
    of_exchange(evs, ex)
        .into_iter()
        .filter_map(|e| match &e.kind {
            EventKind::RequestBody { body } => Some(body.data.to_vec()),
            _ => None,
        })
        .flatten()
        .collect()
}

pub fn tmp_recording(dir: &tempfile::TempDir, name: &str) -> PathBuf {
    dir.path().join(name)
}

/// Online verdicts equal offline verdicts: replays the recording through a fresh verifier
/// and compares with what the pipeline's verifier concluded live.
pub fn assert_offline_matches(online: &a2a_interop::verify::VerifyOutcome, path: &Path) {
    let f = std::io::BufReader::new(std::fs::File::open(path).expect("open recording"));
    let r = RecordingReader::new(f).expect("recording header");
    let mut v = a2a_interop::verify::Verifier::new(&r.header().clone());
    let mut n = 0u64;
    for ev in r {
        v.feed(&ev.expect("event"));
        n += 1;
    }
    let offline = v.finish();
    assert_eq!(offline.events, n);
    assert_eq!(
        online.events, n,
        "the live verifier saw other events than the file holds"
    );
    assert_eq!(
        offline.findings, online.findings,
        "online and offline findings differ"
    );
}

/*!
`probe` against agents that answer with a `Content-Encoding` (breaker7 F18): the prober's
client offers `gzip, deflate, br` as the SDK clients (httpx, `fetch`) do and decodes what
comes back before judging it, while the recording keeps the bytes as they went over the wire.

The compressing agent is the reference agent behind a small real gzip front on 127.0.0.1
(hyper, HTTP/1.1) that gzip-encodes every non-stream answer whatever the request offers, as a
static bucket serves a card uploaded with `Content-Encoding: gzip` (legal: a request without
`Accept-Encoding` accepts any coding, RFC 9110 §12.5.3). The card the client gets is the
proxy's decoded rewrite (its URLs name the recording proxy); the JSON-RPC answers reach the
prober compressed. An agent answering a coding the tool
does not decode (`zstd`) fails `card.reachable` with a message naming the coding.
*/

use crate::common;

use std::io::Write;
use std::net::SocketAddr;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;

use a2a_interop::app::probe_cmd;
use a2a_interop::cli::{Cli, Command};
use a2a_interop::probe::{ProbeReport, Status};
use a2a_interop::record::EventKind;
use bytes::Bytes;
use clap::Parser;
use http_body_util::{BodyExt, Full};
use hyper::body::Incoming;
use hyper::{Request, Response};
use hyper_util::client::legacy::Client;
use hyper_util::rt::{TokioExecutor, TokioIo};

fn gzip(b: &[u8]) -> Vec<u8> {
    let mut e = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    e.write_all(b).unwrap();
    e.finish().unwrap()
}

/// How many answers the front gzip-encoded, and how many requests offered gzip.
#[derive(Default)]
struct Counts {
    gzipped: AtomicUsize,
    offered: AtomicUsize,
}

/// A gzip front on `listener` forwarding to `upstream` (see the module docs).
fn gzip_front(listener: tokio::net::TcpListener, upstream: SocketAddr, counts: Arc<Counts>) {
    let client: Client<_, Full<Bytes>> = Client::builder(TokioExecutor::new()).build_http();
    tokio::spawn(async move {
        while let Ok((stream, _)) = listener.accept().await {
            let client = client.clone();
            let counts = counts.clone();
            tokio::spawn(async move {
                let svc = hyper::service::service_fn(move |req: Request<Incoming>| {
                    let client = client.clone();
                    let counts = counts.clone();
                    async move { forward(client, req, upstream, &counts).await }
                });
                let _ = hyper::server::conn::http1::Builder::new()
                    .serve_connection(TokioIo::new(stream), svc)
                    .await;
            });
        }
    });
}

type FrontClient = Client<hyper_util::client::legacy::connect::HttpConnector, Full<Bytes>>;

async fn forward(
    client: FrontClient,
    req: Request<Incoming>,
    upstream: SocketAddr,
    counts: &Counts,
) -> Result<Response<Full<Bytes>>, hyper::Error> {
    let offered = req
        .headers()
        .get_all(http::header::ACCEPT_ENCODING)
        .iter()
        .any(|v| v.to_str().unwrap_or("").contains("gzip"));
    if offered {
        counts.offered.fetch_add(1, Ordering::Relaxed);
    }
    let (parts, body) = req.into_parts();
    let body = body.collect().await?.to_bytes();
    let pq = parts
        .uri
        .path_and_query()
        .map(|p| p.as_str())
        .unwrap_or("/");
    let mut up = Request::builder()
        .method(parts.method)
        .uri(format!("http://{upstream}{pq}"));
    for (k, v) in &parts.headers {
        if k != http::header::HOST && k != http::header::ACCEPT_ENCODING {
            up = up.header(k, v);
        }
    }
    let resp = client
        .request(up.body(Full::new(body)).unwrap())
        .await
        .unwrap();
    let (mut parts, body) = resp.into_parts();
    let body = body.collect().await?.to_bytes();
    let stream = parts
        .headers
        .get(http::header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("text/event-stream"));
    let body = if !stream && !body.is_empty() {
        counts.gzipped.fetch_add(1, Ordering::Relaxed);
        parts.headers.remove(http::header::CONTENT_LENGTH);
        parts.headers.remove(http::header::TRANSFER_ENCODING);
        parts.headers.insert(
            http::header::CONTENT_ENCODING,
            http::HeaderValue::from_static("gzip"),
        );
        Bytes::from(gzip(&body))
    } else {
        body
    };
    Ok(Response::from_parts(parts, Full::new(body)))
}

/// Runs `a2a-interop probe URL --timeout 20s --record REC` in this process, as the command
/// does.
async fn probe(url: &str, rec: &std::path::Path) -> ProbeReport {
    let argv = [
        "a2a-interop",
        "probe",
        url,
        "--timeout",
        "20s",
        "--record",
        rec.to_str().unwrap(),
    ];
    let Command::Probe(args) = Cli::parse_from(argv).command else {
        unreachable!("parsed a probe command")
    };
    let cfg = probe_cmd::config_from(&args).unwrap();
    probe_cmd::probe_through_pipeline(&args, &cfg, url::Url::parse(url).unwrap())
        .await
        .unwrap()
        .report
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_gzip_answering_agent_is_read_like_the_sdk_clients_read_it() {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let front = listener.local_addr().unwrap();
    let url = format!("http://{front}/");
    let agent = common::start_refagent(Some(url.clone())).await;
    let counts = Arc::new(Counts::default());
    gzip_front(listener, agent.local_addr(), counts.clone());

    let dir = tempfile::tempdir().unwrap();
    let rec = dir.path().join("probe.jsonl");
    let r = probe(&url, &rec).await;

    let reach = r.result("card.reachable", None).unwrap();
    assert_eq!(reach.status, Status::Pass, "{}", reach.message);
    let failures: Vec<String> = r
        .failures()
        .iter()
        .map(|f| format!("{}: {}", f.test, f.message))
        .collect();
    assert!(failures.is_empty(), "{failures:#?}");
    let lifecycle = r.result("lifecycle.send", Some("1.0")).unwrap();
    assert_eq!(lifecycle.status, Status::Pass, "{}", lifecycle.message);
    // every request offered gzip, and the JSON-RPC answers came back compressed too
    assert!(counts.offered.load(Ordering::Relaxed) > 10);
    assert!(counts.gzipped.load(Ordering::Relaxed) > 10);

    // the recording holds the card as it went over the wire: gzip bytes
    let text = std::fs::read_to_string(&rec).unwrap();
    let mut lines = text.lines();
    lines.next(); // header
    let events: Vec<a2a_interop::record::Event> =
        lines.map(|l| serde_json::from_str(l).unwrap()).collect();
    // the prober's own requests (not the agent's push notifications to the probe's webhook)
    let offered = events
        .iter()
        .filter_map(|e| match &e.kind {
            EventKind::RequestHead { headers, .. } if e.leg.is_none() => {
                Some(headers.get("accept-encoding"))
            }
            _ => None,
        })
        .collect::<Vec<_>>();
    assert!(!offered.is_empty());
    assert!(
        offered.iter().all(|v| *v == Some("gzip, deflate, br")),
        "{offered:?}"
    );
    let card_ex = events
        .iter()
        .find_map(|e| match &e.kind {
            EventKind::RequestHead { url, .. } if url.contains("/.well-known/agent-card.json") => {
                e.exchange.clone()
            }
            _ => None,
        })
        .expect("the card was fetched");
    let wire: Vec<u8> = events
        .iter()
        .filter(|e| e.exchange == Some(card_ex.clone()))
        .filter_map(|e| match &e.kind {
            EventKind::ResponseChunk { body } => Some(body.data.to_vec()),
            _ => None,
        })
        .flatten()
        .collect();
    assert!(wire.starts_with(&[0x1f, 0x8b]), "card bytes: {wire:?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_undecodable_card_fails_naming_the_content_coding() {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(async move {
        while let Ok((stream, _)) = listener.accept().await {
            tokio::spawn(async move {
                let svc = hyper::service::service_fn(|_req: Request<Incoming>| async {
                    let resp = Response::builder()
                        .header("content-type", "application/json")
                        .header("content-encoding", "zstd")
                        .body(Full::new(Bytes::from_static(
                            b"\x28\xb5\x2f\xfd not a card",
                        )))
                        .unwrap();
                    Ok::<_, std::convert::Infallible>(resp)
                });
                let _ = hyper::server::conn::http1::Builder::new()
                    .serve_connection(TokioIo::new(stream), svc)
                    .await;
            });
        }
    });
    let url = format!("http://{addr}/");
    let dir = tempfile::tempdir().unwrap();
    let r = probe(&url, &dir.path().join("probe.jsonl")).await;
    let reach = r.result("card.reachable", None).unwrap();
    assert_eq!(reach.status, Status::Fail);
    assert!(
        reach
            .message
            .contains(r#"content coding "zstd" is not supported (Content-Encoding: zstd)"#),
        "{}",
        reach.message
    );
    assert!(
        !reach.message.contains("not a JSON object"),
        "{}",
        reach.message
    );
}

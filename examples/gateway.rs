//! Gateway verification, live: a small API gateway in front of the reference agent, with the
//! recording proxy on both sides of it (one process, one recording, two legs).
//!
//! ```text
//! client ─► proxy (client leg) ─► gateway /api/a2a/lab/demo-agent ─► proxy (upstream leg) ─► agent
//! ```
//!
//! The gateway reproduces a field fault (cases/CASE-02): it rewrites the agent's card URLs to
//! its public base but prefixes `/api/a2a` twice, so the card answers 200 while SendMessage
//! and the stream hit 404 (GW-RESP-004: the gateway's rewrite broke the agent's right card,
//! and CARD-URL-002 unreachable, on the client leg). `--fixed` rewrites correctly and the run is clean. `--strip-version`
//! rewrites correctly but drops the `A2A-Version` header on the way to the agent (a field
//! fault, cases/CASE-19): the agent then reads the 1.0 call as 0.3, and the verifier says
//! VER-HDR-002 on the upstream leg, citing the exchanges of both legs.
//!
//! Run: `cargo run --example gateway [-- --fixed | --strip-version]`.

use std::convert::Infallible;
use std::net::SocketAddr;
use std::sync::{Arc, OnceLock};

use a2a_interop::app::pipeline::{finding_line, Pipeline, PipelineConfig};
use a2a_interop::proxy::{ProxyConfig, ProxyExtras};
use a2a_interop::record::{Route, DEFAULT_CAPTURE_CAP};
use a2a_interop::refagent::client::{fetch_card, RpcClient};
use a2a_interop::refagent::wire::ProtocolVersion;
use a2a_interop::refagent::{self, RefAgentConfig};
use bytes::Bytes;
use http_body_util::{BodyExt, Full};
use hyper::body::Incoming;
use hyper::{Request, Response, StatusCode};
use hyper_util::client::legacy::Client;
use hyper_util::rt::{TokioExecutor, TokioIo};
use serde_json::json;

/// Where the gateway mounts the agent.
const MOUNT: &str = "/api/a2a/lab/demo-agent";

struct Gateway {
    /// The agent as the gateway reaches it (the upstream-leg proxy).
    upstream: OnceLock<SocketAddr>,
    /// The gateway's public origin, `http://host:port`: what clients reach it at (here the
    /// client-leg proxy, as a gateway behind a load balancer is configured with the LB's URL).
    public: OnceLock<String>,
    mode: Mode,
}

/// Which gateway runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// Card URLs with `/api/a2a` twice (CASE-02).
    DoubledPath,
    /// Correct.
    Fixed,
    /// Card URLs correct, `A2A-Version` dropped on the agent leg (CASE-19).
    StripVersion,
}

impl Mode {
    fn name(self) -> &'static str {
        match self {
            Mode::DoubledPath => "broken",
            Mode::Fixed => "fixed",
            Mode::StripVersion => "strip-version",
        }
    }
}

impl Gateway {
    /// The agent's card URLs (`http://upstream/...`) rewritten to the gateway's public base;
    /// the broken gateway prefixes `/api/a2a` twice.
    fn rewrite_card(&self, body: &[u8]) -> Vec<u8> {
        let (Some(up), Some(public)) = (self.upstream.get(), self.public.get()) else {
            return body.to_vec();
        };
        let base = if self.mode != Mode::DoubledPath {
            format!("{public}{MOUNT}")
        } else {
            format!("{public}/api/a2a{MOUNT}")
        };
        let text = String::from_utf8_lossy(body);
        text.replace(&format!("http://{up}"), &base).into_bytes()
    }

    async fn handle(self: Arc<Self>, req: Request<Incoming>) -> Response<Full<Bytes>> {
        let path = req.uri().path().to_string();
        let Some(rest) = path.strip_prefix(MOUNT) else {
            return plain(StatusCode::NOT_FOUND, "route not found");
        };
        let Some(up) = self.upstream.get() else {
            return plain(StatusCode::SERVICE_UNAVAILABLE, "gateway not ready");
        };
        let rest = if rest.is_empty() { "/" } else { rest };
        let (parts, body) = req.into_parts();
        let body = match body.collect().await {
            Ok(b) => b.to_bytes(),
            Err(_) => return plain(StatusCode::BAD_REQUEST, "bad request body"),
        };
        let mut b = Request::builder()
            .method(parts.method)
            .uri(format!("http://{up}{rest}"));
        for (n, v) in parts.headers.iter() {
            let dropped = self.mode == Mode::StripVersion && n == "a2a-version";
            if n != "host" && !dropped {
                b = b.header(n, v);
            }
        }
        let Ok(up_req) = b.body(Full::new(body)) else {
            return plain(StatusCode::BAD_REQUEST, "bad request");
        };
        let client: Client<_, Full<Bytes>> = Client::builder(TokioExecutor::new()).build_http();
        let resp = match client.request(up_req).await {
            Ok(r) => r,
            Err(_) => return plain(StatusCode::BAD_GATEWAY, "agent unreachable"),
        };
        let (mut parts, body) = resp.into_parts();
        let Ok(body) = body.collect().await.map(|b| b.to_bytes()) else {
            return plain(StatusCode::BAD_GATEWAY, "agent body failed");
        };
        let body = if rest.ends_with("/.well-known/agent-card.json") {
            parts.headers.remove("content-length");
            let card = self.rewrite_card(&body);
            // The agent's ETag names the agent's bytes: the rewritten card gets its own, so
            // clients can still revalidate it (CARD-009).
            if parts.headers.remove("etag").is_some() {
                use sha2::Digest;
                let tag = format!("\"{}\"", &hex::encode(sha2::Sha256::digest(&card))[..32]);
                if let Ok(v) = hyper::header::HeaderValue::from_str(&tag) {
                    parts.headers.insert("etag", v);
                }
            }
            Bytes::from(card)
        } else {
            body
        };
        Response::from_parts(parts, Full::new(body))
    }
}

fn plain(status: StatusCode, text: &'static str) -> Response<Full<Bytes>> {
    let mut r = Response::new(Full::new(Bytes::from_static(text.as_bytes())));
    *r.status_mut() = status;
    r.headers_mut().insert(
        "content-type",
        hyper::header::HeaderValue::from_static("text/plain"),
    );
    r
}

async fn serve_gateway(gw: Arc<Gateway>) -> std::io::Result<SocketAddr> {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await?;
    let addr = listener.local_addr()?;
    tokio::spawn(async move {
        loop {
            let Ok((stream, _)) = listener.accept().await else {
                continue;
            };
            let gw = gw.clone();
            tokio::spawn(async move {
                let svc = hyper::service::service_fn(move |req| {
                    let gw = gw.clone();
                    async move { Ok::<_, Infallible>(gw.handle(req).await) }
                });
                let _ = hyper_util::server::conn::auto::Builder::new(TokioExecutor::new())
                    .serve_connection(TokioIo::new(stream), svc)
                    .await;
            });
        }
    });
    Ok(addr)
}

/// What one run showed: the client's step lines and the verifier's findings.
pub struct GatewayRun {
    /// `Agent Card 200 PASS ...`, `SendMessage 404 FAIL ...`, `stream NOT_REACHED`.
    pub steps: Vec<String>,
    /// Every finding of the run (online verifier, both legs).
    pub findings: Vec<a2a_interop::verify::Finding>,
    /// The recording file.
    pub record: std::path::PathBuf,
}

#[tokio::main]
#[allow(dead_code)]
async fn main() -> anyhow::Result<()> {
    let mode = if std::env::args().any(|a| a == "--fixed") {
        Mode::Fixed
    } else if std::env::args().any(|a| a == "--strip-version") {
        Mode::StripVersion
    } else {
        Mode::DoubledPath
    };
    let run = run(mode).await?;
    for s in &run.steps {
        println!("{s}");
    }
    println!("recording: {}", run.record.display());
    if run.findings.is_empty() {
        println!("findings: none");
    }
    for f in &run.findings {
        println!(
            "  [{} leg] {}",
            f.leg.as_deref().unwrap_or("client"),
            finding_line(f)
        );
    }
    Ok(())
}

/// Runs agent, gateway (`mode`), both proxy legs and the client once.
pub async fn run(mode: Mode) -> anyhow::Result<GatewayRun> {
    let mut steps = Vec::new();
    let dir = std::env::temp_dir().join(format!(
        "a2a-interop-gateway-{}-{}",
        std::process::id(),
        mode.name()
    ));
    std::fs::create_dir_all(&dir)?;
    let record = dir.join(format!("{}.jsonl", mode.name()));

    let gw = Arc::new(Gateway {
        upstream: OnceLock::new(),
        public: OnceLock::new(),
        mode,
    });
    let gw_addr = serve_gateway(gw.clone()).await?;

    // The agent advertises the address the gateway reaches it at (the upstream-leg proxy),
    // which is only known once the pipeline runs: pick a free port, start the agent naming
    // it, then the pipeline listening there. Another process may take the port in between
    // (CI 79: "Address already in use"): then again with a new port, a few times.
    let mut tries = 0;
    let (agent, up_addr, pipeline) = loop {
        let upstream_leg_listener = std::net::TcpListener::bind("127.0.0.1:0")?;
        let up_addr = upstream_leg_listener.local_addr()?;
        drop(upstream_leg_listener);
        let agent = refagent::start(RefAgentConfig {
            listen: "127.0.0.1:0".parse()?,
            public_url: Some(format!("http://{up_addr}")),
        })
        .await?;

        let client_leg = ProxyConfig {
            listen: "127.0.0.1:0".parse()?,
            routes: vec![Route {
                prefix: "/".into(),
                upstream: format!("http://{gw_addr}"),
                leg: None,
            }],
            rewrite_card: false,
            capture_cap: DEFAULT_CAPTURE_CAP,
            leg: None,
        };
        let upstream_leg = ProxyConfig {
            listen: up_addr,
            routes: vec![Route {
                prefix: "/".into(),
                upstream: format!("http://{}", agent.local_addr()),
                leg: None,
            }],
            rewrite_card: false,
            capture_cap: DEFAULT_CAPTURE_CAP,
            leg: Some("upstream".into()),
        };
        let started = Pipeline::start_ext(
            PipelineConfig {
                proxy: client_leg,
                record: Some(record.clone()),
                overwrite: true, // a scratch file of this run
                redact: true,
                lossless: true,
                queue_bytes: 64 << 20,
                print_findings: false,
            },
            ProxyExtras {
                more: vec![upstream_leg],
                ..ProxyExtras::default()
            },
        )
        .await;
        match started {
            Ok(pipeline) => break (agent, up_addr, pipeline),
            Err(e) if tries < 5 && address_in_use(&e) => {
                tries += 1;
                agent.shutdown().await;
            }
            Err(e) => return Err(e),
        }
    };
    let _ = gw.upstream.set(up_addr);
    let _ = gw.public.set(format!("http://{}", pipeline.proxy_addr()));
    let front = format!("http://{}{MOUNT}", pipeline.proxy_addr());

    steps.push(format!(
        "gateway ({}) at http://{gw_addr}{MOUNT}, client through the proxy at {front}",
        mode.name()
    ));
    match fetch_card(&front, ProtocolVersion::V1_0).await {
        Err(e) => {
            steps.push(format!("Agent Card FAIL ({e})"));
            steps.push("SendMessage NOT_REACHED".into());
            steps.push("stream NOT_REACHED".into());
        }
        Ok((_card, url)) => {
            steps.push(format!("Agent Card 200 PASS (interface {url})"));
            let params = json!({"message": {"messageId": "m-1", "role": "ROLE_USER",
                "parts": [{"text": "hello"}]}});
            let mut rpc =
                RpcClient::new(&url, ProtocolVersion::V1_0).map_err(anyhow::Error::msg)?;
            match rpc.call("SendMessage", params.clone()).await {
                Err(e) => {
                    let code = e.split_whitespace().nth(1).unwrap_or("?").to_string();
                    steps.push(format!("SendMessage {code} FAIL ({e})"));
                    steps.push("stream NOT_REACHED".into());
                }
                Ok(Err(e)) => {
                    // HTTP 200 with a JSON-RPC error: the call did not work.
                    steps.push(format!(
                        "SendMessage 200 FAIL (JSON-RPC error {} {})",
                        e["code"],
                        e["message"].as_str().unwrap_or_default()
                    ));
                    steps.push("stream NOT_REACHED".into());
                }
                Ok(Ok(_)) => {
                    steps.push("SendMessage 200 PASS".into());
                    match rpc.stream("SendStreamingMessage", params).await {
                        Ok(evs) => steps.push(format!("stream 200 PASS ({} events)", evs.len())),
                        Err(e) => steps.push(format!("stream FAIL ({e})")),
                    }
                }
            }
        }
    }
    let out = pipeline.finish().await?;
    agent.shutdown().await;
    Ok(GatewayRun {
        steps,
        findings: out.verify.findings,
        record,
    })
}

/// Whether `e` is a listener's "Address already in use" (a port taken between its pick and
/// its bind).
fn address_in_use(e: &anyhow::Error) -> bool {
    e.chain().any(|c| {
        c.downcast_ref::<std::io::Error>()
            .is_some_and(|io| io.kind() == std::io::ErrorKind::AddrInUse)
    })
}

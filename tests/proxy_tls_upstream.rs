//! Reverse mode in front of an `https://` agent (issue 7): the proxy opens TLS to a real TLS
//! agent on loopback (rcgen self-signed certificate, trusted through `--upstream-ca`), with
//! SNI = the upstream's host and ALPN h2 / http/1.1, and records the exchanges as usual with
//! the `https://` upstream URL. Without the agent's CA the client gets a 502 and the
//! recording says why (`exchange_end{upstream_error}` with the certificate cause).

use crate::proxy_process;
use crate::proxy_support as support;
use crate::tls_agent;

use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

use a2a_interop::app::pipeline::Pipeline;
use a2a_interop::proxy::tls::UpstreamTrust;
use a2a_interop::proxy::ProxyExtras;
use a2a_interop::record::jsonl::RecordingReader;
use a2a_interop::record::{EventKind, Outcome};
use bytes::Bytes;
use http_body_util::BodyExt;
use hyper::body::Incoming;
use hyper::{Request, Response};
use hyper_util::rt::{TokioExecutor, TokioIo};
use support::*;

const RPC: &[u8] = br#"{"jsonrpc":"2.0","id":7,"method":"tasks/get","params":{"id":"t-1"}}"#;
/// Two SSE events the agent streams on `/stream`.
const EVENTS: [&str; 2] = [
    "data: {\"jsonrpc\":\"2.0\",\"id\":7,\"result\":{\"kind\":\"status-update\",\"taskId\":\"t-1\",\"contextId\":\"c-1\",\"status\":{\"state\":\"working\"},\"final\":false}}\n\n",
    "data: {\"jsonrpc\":\"2.0\",\"id\":7,\"result\":{\"kind\":\"status-update\",\"taskId\":\"t-1\",\"contextId\":\"c-1\",\"status\":{\"state\":\"completed\"},\"final\":true}}\n\n",
];

/// A TLS agent on 127.0.0.1 with a self-signed certificate for `localhost` and 127.0.0.1,
/// offering ALPN `alpn`. `/stream` answers two SSE events, a short pause between them;
/// anything else a JSON body naming the HTTP version, the SNI name it was reached by and the
/// request body's length. Returns its address and the PEM file of its certificate.
async fn tls_agent(dir: &Path, alpn: &[&[u8]]) -> (SocketAddr, PathBuf) {
    let pem = dir.join(format!("agent-{}.pem", alpn.len()));
    let acceptor = tls_agent::self_signed_acceptor(&["localhost", "127.0.0.1"], alpn, &pem);
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(async move {
        loop {
            let Ok((tcp, _)) = listener.accept().await else {
                continue;
            };
            let acceptor = acceptor.clone();
            tokio::spawn(async move {
                let Ok(stream) = acceptor.accept(tcp).await else {
                    return;
                };
                let sni = stream.get_ref().1.server_name().unwrap_or("").to_string();
                let svc = hyper::service::service_fn(move |req: Request<Incoming>| {
                    let sni = sni.clone();
                    async move {
                        let (version, path) = (req.version(), req.uri().path().to_string());
                        let n = req.into_body().collect().await.map(|b| b.to_bytes().len());
                        let resp = if path == "/stream" {
                            let s = futures_util::stream::unfold(0usize, |i| async move {
                                if i >= EVENTS.len() {
                                    return None;
                                }
                                if i > 0 {
                                    tokio::time::sleep(Duration::from_millis(30)).await;
                                }
                                let f = http_body::Frame::data(Bytes::from_static(
                                    EVENTS[i].as_bytes(),
                                ));
                                Some((Ok::<_, BoxError>(f), i + 1))
                            });
                            Response::builder()
                                .header("content-type", "text/event-stream")
                                .body(http_body_util::StreamBody::new(s).boxed_unsync())
                                .unwrap()
                        } else {
                            let body = format!(
                                r#"{{"jsonrpc":"2.0","id":7,"result":{{"seenVersion":"{version:?}","sni":"{sni}","bodyLen":{}}}}}"#,
                                n.unwrap_or(0)
                            );
                            Response::builder()
                                .header("content-type", "application/json")
                                .body(full(body))
                                .unwrap()
                        };
                        Ok::<_, std::convert::Infallible>(resp)
                    }
                });
                let _ = hyper_util::server::conn::auto::Builder::new(TokioExecutor::new())
                    .serve_connection(TokioIo::new(stream), svc)
                    .await;
            });
        }
    });
    (addr, pem)
}

/// A recording pipeline routing `/` to `upstream` with `trust` for TLS.
async fn reverse(rec: &Path, upstream: String, trust: UpstreamTrust) -> (Pipeline, String) {
    let p = Pipeline::start_ext(
        pipeline_cfg(vec![("/", upstream)], rec),
        ProxyExtras {
            upstream_tls: trust,
            ..ProxyExtras::default()
        },
    )
    .await
    .expect("pipeline");
    let base = format!("http://{}", p.proxy_addr());
    (p, base)
}

fn trusting(pem: &Path) -> UpstreamTrust {
    UpstreamTrust {
        ca: vec![pem.to_path_buf()],
        insecure: false,
    }
}

/// `(url, upstream, version)` of each `request_head`, in order.
fn heads(evs: &[a2a_interop::record::Event]) -> Vec<(String, Option<String>, Option<String>)> {
    evs.iter()
        .filter_map(|e| match &e.kind {
            EventKind::RequestHead {
                url,
                upstream,
                version,
                ..
            } => Some((url.clone(), upstream.clone(), version.clone())),
            _ => None,
        })
        .collect()
}

/// `(status, version, synthetic)` of exchange `ex`'s `response_head`.
fn response_head(evs: &[a2a_interop::record::Event], ex: &str) -> (u16, Option<String>, bool) {
    of_exchange(evs, ex)
        .into_iter()
        .find_map(|e| match &e.kind {
            EventKind::ResponseHead {
                status,
                version,
                synthetic,
                ..
            } => Some((*status, version.clone(), *synthetic)),
            _ => None,
        })
        .expect("response_head")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn reverse_proxy_opens_tls_to_an_https_agent_and_records_as_usual() {
    let dir = tempfile::tempdir().unwrap();
    let (agent, pem) = tls_agent(dir.path(), &[b"h2", b"http/1.1"]).await;
    let rec = tmp_recording(&dir, "tls-up.jsonl");
    let upstream = format!("https://127.0.0.1:{}", agent.port());
    let (p, base) = reverse(&rec, upstream.clone(), trusting(&pem)).await;

    // HTTP/1.1 and h2c on the client leg; the agent offers h2 first, so the TLS leg is h2.
    let (s1, _, b1) = fetch(&client_h1(), post(&format!("{base}/rpc"), RPC)).await;
    let (s2, _, b2) = fetch(&client_h2(), post(&format!("{base}/rpc"), RPC)).await;
    let (s3, h3, b3) = fetch(&client_h1(), post(&format!("{base}/stream"), RPC)).await;
    assert_eq!((s1, s2, s3), (200, 200, 200));
    let want = format!("\"bodyLen\":{}", RPC.len());
    for b in [&b1, &b2] {
        let t = String::from_utf8_lossy(b);
        assert!(t.contains("\"seenVersion\":\"HTTP/2.0\""), "{t}");
        assert!(t.contains(&want), "request body crossed whole: {t}");
        // An IP upstream: no SNI (RFC 6066 §3 forbids IP literals), the certificate's IP SAN.
        assert!(t.contains("\"sni\":\"\""), "{t}");
    }
    assert_eq!(h3.get("content-type").unwrap(), "text/event-stream");
    assert_eq!(b3, EVENTS.concat().as_bytes());
    let run = p.finish().await.unwrap();

    let evs = read_events(&rec);
    let hs = heads(&evs);
    assert_eq!(hs.len(), 3, "{hs:?}");
    for (i, path) in ["/rpc", "/rpc", "/stream"].iter().enumerate() {
        assert_eq!(
            hs[i].0,
            format!("{base}{path}"),
            "url as the client addressed it"
        );
        assert_eq!(
            hs[i].1.as_deref(),
            Some(format!("{upstream}{path}").as_str()),
            "upstream says https"
        );
        let ex = format!("e{}", i + 1);
        assert_eq!(outcome(&evs, &ex).0, Outcome::Complete, "{ex}");
        assert_eq!(request_body(&evs, &ex), RPC, "{ex} request recorded");
        let (status, version, synthetic) = response_head(&evs, &ex);
        assert_eq!((status, synthetic), (200, false), "{ex}");
        assert_eq!(
            version.as_deref(),
            Some("HTTP/2.0"),
            "{ex}: agent leg is h2"
        );
    }
    assert_eq!(
        String::from_utf8_lossy(&response_chunks(&evs, "e1").concat()),
        String::from_utf8_lossy(&b1),
        "response recorded decrypted"
    );
    assert_eq!(
        response_chunks(&evs, "e3").concat(),
        EVENTS.concat().as_bytes(),
        "SSE events recorded as they passed"
    );
    // The recording header names the https upstream.
    let f = std::io::BufReader::new(std::fs::File::open(&rec).unwrap());
    let header = RecordingReader::new(f).unwrap().header().clone();
    assert_eq!(header, run.header);
    let routes: Vec<&str> = header.routes.iter().map(|r| r.upstream.as_str()).collect();
    assert_eq!(routes, vec![upstream.as_str()]);
    assert_offline_matches(&run.verify, &rec);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sni_is_the_upstream_host_and_an_http1_only_agent_gets_http1() {
    let dir = tempfile::tempdir().unwrap();
    let (agent, pem) = tls_agent(dir.path(), &[b"http/1.1"]).await;
    let rec = tmp_recording(&dir, "tls-h1.jsonl");
    let upstream = format!("https://localhost:{}/base", agent.port());
    let (p, base) = reverse(&rec, upstream.clone(), trusting(&pem)).await;
    // The client speaks h2c; the agent only HTTP/1.1 (ALPN): the proxy goes HTTP/1.1.
    let (s, _, b) = fetch(&client_h2(), post(&format!("{base}/rpc"), RPC)).await;
    let t = String::from_utf8_lossy(&b).to_string();
    assert_eq!(s, 200, "{t}");
    assert!(t.contains("\"seenVersion\":\"HTTP/1.1\""), "{t}");
    assert!(
        t.contains("\"sni\":\"localhost\""),
        "SNI = upstream host: {t}"
    );
    p.finish().await.unwrap();
    let evs = read_events(&rec);
    assert_eq!(
        heads(&evs)[0].1.as_deref(),
        Some(format!("{upstream}/rpc").as_str())
    );
    assert_eq!(heads(&evs)[0].2.as_deref(), Some("HTTP/2.0"), "client leg");
    assert_eq!(response_head(&evs, "e1").1.as_deref(), Some("HTTP/1.1"));
    assert_eq!(outcome(&evs, "e1").0, Outcome::Complete);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_untrusted_agent_certificate_is_a_recorded_502_with_the_cause() {
    let dir = tempfile::tempdir().unwrap();
    let (agent, _pem) = tls_agent(dir.path(), &[b"h2", b"http/1.1"]).await;
    // A CA that exists but did not sign the agent's certificate.
    let (_other, other_pem) = tls_agent(dir.path(), &[b"h2"]).await;
    let rec = tmp_recording(&dir, "tls-refused.jsonl");
    let upstream = format!("https://127.0.0.1:{}", agent.port());
    let (p, base) = reverse(&rec, upstream.clone(), trusting(&other_pem)).await;
    let (s, _, b) = fetch(&client_h1(), post(&format!("{base}/rpc"), RPC)).await;
    let text = String::from_utf8_lossy(&b).to_string();
    assert_eq!(s, 502, "{text}");
    assert!(
        text.contains("certificate"),
        "the client is told why: {text}"
    );
    // ... and what to do about it.
    assert!(
        text.contains("failed the TLS handshake") && text.contains("--upstream-ca FILE"),
        "the client is told the fix: {text}"
    );
    p.finish().await.unwrap();

    let evs = read_events(&rec);
    assert_eq!(
        heads(&evs)[0].1.as_deref(),
        Some(format!("{upstream}/rpc").as_str())
    );
    let (status, _, synthetic) = response_head(&evs, "e1");
    assert_eq!((status, synthetic), (502, true));
    let (out, cause, _) = outcome(&evs, "e1");
    assert_eq!(out, Outcome::UpstreamError);
    let cause = cause.unwrap_or_default();
    assert!(
        cause.contains("certificate") && cause.contains(&upstream),
        "cause recorded: {cause}"
    );
}

/// A TLS agent with `acceptor` that answers every request `200 {"ok":true}` and closes.
async fn fixed_tls_agent(acceptor: tokio_rustls::TlsAcceptor) -> SocketAddr {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(async move {
        while let Ok((tcp, _)) = listener.accept().await {
            let acceptor = acceptor.clone();
            tokio::spawn(async move {
                let Ok(mut s) = acceptor.accept(tcp).await else {
                    return;
                };
                let mut got = Vec::new();
                let mut buf = [0u8; 4096];
                while !got.windows(4).any(|w| w == b"\r\n\r\n") {
                    match s.read(&mut buf).await {
                        Ok(0) | Err(_) => return,
                        Ok(n) => got.extend_from_slice(&buf[..n]),
                    }
                }
                let _ = s
                    .write_all(b"HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: 11\r\nconnection: close\r\n\r\n{\"ok\":true}")
                    .await;
                let _ = s.shutdown().await;
            });
        }
    });
    addr
}

/// The certificate a plain `openssl req -x509` makes is marked CA:TRUE; webpki refuses
/// such a certificate as an agent's own (`CaUsedAsEndEntity`) though the user gave exactly
/// it with `--upstream-ca` (curl --cacert accepts it). Trusted as itself, byte for byte:
/// another CA:TRUE certificate for the same name is still refused.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_self_signed_ca_certificate_given_with_upstream_ca_is_trusted_as_itself() {
    let dir = tempfile::tempdir().unwrap();
    let pem = dir.path().join("agent-ca-true.pem");
    let other = dir.path().join("other-ca-true.pem");
    let agent = fixed_tls_agent(tls_agent::self_signed_ca_acceptor(&["127.0.0.1"], &pem)).await;
    let _ = tls_agent::self_signed_ca_acceptor(&["127.0.0.1"], &other);
    let upstream = format!("https://127.0.0.1:{}", agent.port());
    for (given, want) in [(&pem, 200), (&other, 502)] {
        // one recording per run: an earlier one is never replaced (newcomer19 N1)
        let rec = tmp_recording(&dir, &format!("ca-true-{want}.jsonl"));
        let (p, base) = reverse(&rec, upstream.clone(), trusting(given)).await;
        let (s, _, b) = fetch(&client_h1(), post(&format!("{base}/rpc"), RPC)).await;
        let text = String::from_utf8_lossy(&b).to_string();
        assert_eq!(s, want, "{}: {text}", given.display());
        if want == 200 {
            assert_eq!(text, r#"{"ok":true}"#);
        } else {
            // the cause a user can act on, not webpki's `CaUsedAsEndEntity`
            assert!(
                text.contains("does not chain to a CA the proxy trusts")
                    && !text.contains("CaUsedAsEndEntity"),
                "{text}"
            );
        }
        p.finish().await.unwrap();
    }
}

/// breaker15b R15: the same CA:TRUE self-signed agent certificate with no `--upstream-ca`
/// at all: the 502 (and the recording) say the certificate is not trusted and how to
/// trust it, not webpki's `Other(OtherError(CaUsedAsEndEntity))` (which reads as if the
/// certificate were malformed).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_self_signed_ca_certificate_without_upstream_ca_is_an_untrusted_issuer() {
    let dir = tempfile::tempdir().unwrap();
    let pem = dir.path().join("agent-ca-true.pem");
    let agent = fixed_tls_agent(tls_agent::self_signed_ca_acceptor(&["127.0.0.1"], &pem)).await;
    let upstream = format!("https://127.0.0.1:{}", agent.port());
    let rec = tmp_recording(&dir, "ca-true-untrusted.jsonl");
    let (p, base) = reverse(&rec, upstream, UpstreamTrust::default()).await;
    let (s, _, b) = fetch(&client_h1(), post(&format!("{base}/rpc"), RPC)).await;
    let text = String::from_utf8_lossy(&b).to_string();
    assert_eq!(s, 502, "{text}");
    assert!(
        text.contains("failed the TLS handshake")
            && text.contains("does not chain to a CA the proxy trusts")
            && text.contains("--upstream-ca FILE")
            && !text.contains("CaUsedAsEndEntity"),
        "{text}"
    );
    p.finish().await.unwrap();
    let (_, cause, _) = outcome(&read_events(&rec), "e1");
    assert!(!cause.unwrap_or_default().contains("CaUsedAsEndEntity"));
}

fn bin() -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_a2a-interop"));
    // The agent's CA must come from --upstream-ca, not from the environment.
    c.env_remove("SSL_CERT_FILE").env_remove("SSL_CERT_DIR");
    c
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_binary_proxies_to_https_with_upstream_ca_and_refuses_it_alone() {
    let dir = tempfile::tempdir().unwrap();
    let (agent, pem) = tls_agent(dir.path(), &[b"h2", b"http/1.1"]).await;
    let rec = dir.path().join("cli.jsonl");
    let upstream = format!("https://127.0.0.1:{}", agent.port());
    let mut cmd = bin();
    cmd.args(["proxy", "--listen", "127.0.0.1:0", "--quiet", "--upstream"])
        .arg(&upstream)
        .arg("--upstream-ca")
        .arg(&pem)
        .arg("--record")
        .arg(&rec);
    let mut run = proxy_process::spawn_until_listening(&mut cmd, Duration::from_secs(30));
    let base = format!("http://{}", run.addr.trim_end_matches('/'));
    // The lines after the listening line name the routes.
    let mut after = Vec::new();
    while let Ok(l) = run.rx.recv_timeout(Duration::from_secs(30)) {
        let done = l.contains("route / -> ");
        after.push(l);
        if done {
            break;
        }
    }
    assert!(
        after
            .iter()
            .any(|l| l.ends_with(&format!("route / -> {upstream}"))),
        "banner names the https upstream: {after:?}"
    );
    let (s, _, b) = fetch(&client_h1(), post(&format!("{base}/rpc"), RPC)).await;
    assert_eq!(s, 200, "{}", String::from_utf8_lossy(&b));
    let evs = wait_for_exchange_end(&rec).await;
    assert_eq!(outcome(&evs, "e1").0, Outcome::Complete);
    assert_eq!(
        heads(&evs)[0].1.as_deref(),
        Some(format!("{upstream}/rpc").as_str())
    );
    let _ = run.child.kill();
    let _ = run.child.wait();

    // --upstream-ca with only http:// upstreams would do nothing: refused, exit 2.
    let out = bin()
        .args([
            "proxy",
            "--listen",
            "127.0.0.1:0",
            "--upstream",
            "http://127.0.0.1:9",
            "--upstream-ca",
        ])
        .arg(&pem)
        .arg("--no-record")
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("--upstream-ca applies to https://"), "{err}");
}

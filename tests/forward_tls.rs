//! `proxy --forward --intercept-tls` over real loopback sockets with real curl: curl trusts
//! only our local CA, the agent is a real TLS server (rcgen self-signed, trusted by the proxy
//! through `--upstream-ca`), and the recording holds the decrypted exchanges (HTTP/1.1, h2).

use crate::proxy_process;
use crate::proxy_support as support;
use crate::tls_agent;

use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::process::Command;

use a2a_interop::app::pipeline::Pipeline;
use a2a_interop::proxy::forward::{ForwardConfig, InterceptConfig};
use a2a_interop::proxy::tls;
use a2a_interop::record::{EventKind, Outcome};
use hyper::body::Incoming;
use hyper::{Request, Response};
use hyper_util::rt::{TokioExecutor, TokioIo};
use support::*;

const RPC: &str = r#"{"jsonrpc":"2.0","id":7,"method":"tasks/get","params":{"id":"t-1"}}"#;

/// A TLS agent on 127.0.0.1 (certificate for `localhost`, ALPN h2 + http/1.1) that answers
/// every request with a JSON body naming the HTTP version and path it saw. Returns its
/// address and the PEM file of its self-signed certificate.
async fn tls_agent(dir: &Path) -> (SocketAddr, PathBuf) {
    let pem = dir.join("agent-cert.pem");
    let acceptor = tls_agent::self_signed_acceptor(&["localhost"], &[b"h2", b"http/1.1"], &pem);
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
                let svc = hyper::service::service_fn(|req: Request<Incoming>| async move {
                    let (version, path) = (req.version(), req.uri().path().to_string());
                    // Read the request body first, as a real agent does: a body the agent
                    // never reads may never cross the proxy, and then is not recorded.
                    let _ = http_body_util::BodyExt::collect(req.into_body()).await;
                    let body = format!(
                        r#"{{"jsonrpc":"2.0","id":7,"result":{{"seenVersion":"{version:?}","seenPath":"{path}"}}}}"#,
                    );
                    let resp = Response::builder()
                        .header("content-type", "application/json")
                        .body(full(body))
                        .unwrap();
                    Ok::<_, std::convert::Infallible>(resp)
                });
                let _ = hyper_util::server::conn::auto::Builder::new(TokioExecutor::new())
                    .serve_connection(TokioIo::new(stream), svc)
                    .await;
            });
        }
    });
    (addr, pem)
}

/// curl through the proxy; returns (curl exit status, HTTP status, body).
async fn curl(args: Vec<String>) -> (i32, u16, String) {
    tokio::task::spawn_blocking(move || {
        let out = Command::new("curl")
            .args(["-sS", "--max-time", "20", "-w", "\n%{http_code}"])
            .args(&args)
            .env_remove("HTTPS_PROXY")
            .env_remove("https_proxy")
            .env_remove("ALL_PROXY")
            .env_remove("NO_PROXY")
            .env_remove("no_proxy")
            .env_remove("CURL_CA_BUNDLE")
            .env_remove("SSL_CERT_FILE")
            .output()
            .expect("curl runs");
        let text = String::from_utf8_lossy(&out.stdout).to_string();
        let (body, code) = text.rsplit_once('\n').unwrap_or(("", &text));
        (
            out.status.code().unwrap_or(-1),
            code.trim().parse().unwrap_or(0),
            body.to_string(),
        )
    })
    .await
    .unwrap()
}

async fn intercepting(rec: &Path, ca_dir: &Path, upstream_ca: Vec<PathBuf>) -> (Pipeline, String) {
    intercepting_with(rec, ca_dir, upstream_ca, false).await
}

async fn intercepting_with(
    rec: &Path,
    ca_dir: &Path,
    upstream_ca: Vec<PathBuf>,
    insecure_upstream: bool,
) -> (Pipeline, String) {
    let p = Pipeline::start_forward(
        pipeline_cfg(vec![], rec),
        ForwardConfig {
            allow_hosts: vec![],
            intercept: Some(InterceptConfig {
                ca_dir: ca_dir.to_path_buf(),
                upstream_ca,
                insecure_upstream,
            }),
            ..ForwardConfig::default()
        },
    )
    .await
    .unwrap();
    let px = format!("http://{}", p.proxy_addr());
    (p, px)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn https_through_the_proxy_is_recorded_decrypted_over_h1_and_h2() {
    let dir = tempfile::tempdir().unwrap();
    let ca_dir = dir.path().join("ca");
    let ca_cert = tls::init_ca(&ca_dir).unwrap();
    let (agent, agent_pem) = tls_agent(dir.path()).await;
    let rec = tmp_recording(&dir, "tls.jsonl");
    let (p, px) = intercepting(&rec, &ca_dir, vec![agent_pem]).await;
    let url = format!("https://localhost:{}/rpc", agent.port());
    let mut bodies = Vec::new();
    for (flag, seen) in [("--http1.1", "HTTP/1.1"), ("--http2", "HTTP/2.0")] {
        let (code, status, body) = curl(vec![
            "--proxy".into(),
            px.clone(),
            "--cacert".into(),
            ca_cert.display().to_string(),
            flag.into(),
            "-H".into(),
            "content-type: application/json".into(),
            "--data-binary".into(),
            RPC.into(),
            url.clone(),
        ])
        .await;
        assert_eq!((code, status), (0, 200), "{flag}: {body}");
        assert!(body.contains("\"seenPath\":\"/rpc\""), "{body}");
        bodies.push((seen, body));
    }
    // curl really checked the proxy's certificate: without our CA it refuses.
    let (code, _, _) = curl(vec!["--proxy".into(), px.clone(), url.clone()]).await;
    assert_ne!(code, 0, "curl accepted a certificate it had no CA for");
    p.finish().await.unwrap();

    let evs = read_events(&rec);
    let heads: Vec<(String, String, Option<String>)> = evs
        .iter()
        .filter_map(|e| match &e.kind {
            EventKind::RequestHead {
                url,
                version,
                upstream,
                ..
            } => Some((
                url.clone(),
                version.clone().unwrap_or_default(),
                upstream.clone(),
            )),
            _ => None,
        })
        .collect();
    assert_eq!(heads.len(), 2, "{heads:?}");
    for (i, (seen, body)) in bodies.iter().enumerate() {
        let ex = format!("e{}", i + 1);
        assert_eq!(heads[i].0, url);
        assert_eq!(heads[i].1, *seen);
        assert_eq!(heads[i].2.as_deref(), Some(url.as_str()));
        assert_eq!(outcome(&evs, &ex).0, Outcome::Complete);
        assert_eq!(
            request_body(&evs, &ex),
            RPC.as_bytes(),
            "request recorded decrypted"
        );
        let resp: Vec<u8> = response_chunks(&evs, &ex).concat();
        assert_eq!(
            String::from_utf8_lossy(&resp),
            *body,
            "response recorded decrypted"
        );
    }
}

/// curl, trusting only the proxy's CA (made in `dir/ca`), through an intercepting proxy
/// recording to `rec` (with no `--upstream-ca`; `insecure_upstream` as given) to a TLS agent
/// whose self-signed certificate nobody vouches for: the pipeline and curl's (exit code,
/// HTTP status, body).
async fn curl_an_unvouched_agent(
    dir: &tempfile::TempDir,
    rec: &Path,
    insecure_upstream: bool,
) -> (Pipeline, (i32, u16, String)) {
    let ca_dir = dir.path().join("ca");
    let ca_cert = tls::init_ca(&ca_dir).unwrap();
    let (agent, _pem) = tls_agent(dir.path()).await;
    let (p, px) = intercepting_with(rec, &ca_dir, vec![], insecure_upstream).await;
    let got = curl(vec![
        "--proxy".into(),
        px,
        "--cacert".into(),
        ca_cert.display().to_string(),
        format!("https://localhost:{}/rpc", agent.port()),
    ])
    .await;
    (p, got)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_agent_certificate_nobody_vouches_for_is_a_502() {
    let dir = tempfile::tempdir().unwrap();
    let rec = tmp_recording(&dir, "untrusted.jsonl");
    // No --upstream-ca: the agent's self-signed certificate is not trusted.
    let (p, (code, status, body)) = curl_an_unvouched_agent(&dir, &rec, false).await;
    assert_eq!((code, status), (0, 502), "{body}");
    assert!(
        body.contains("failed the TLS handshake") && body.contains("--upstream-ca FILE"),
        "{body}"
    );
    p.finish().await.unwrap();
    let evs = read_events(&rec);
    assert_eq!(outcome(&evs, "e1").0, Outcome::UpstreamError);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn reverse_listener_serves_tls_with_given_cert_and_key() {
    use a2a_interop::proxy::tls::ListenerTls;
    use a2a_interop::proxy::ProxyExtras;
    let dir = tempfile::tempdir().unwrap();
    let ck = rcgen::generate_simple_self_signed(vec!["localhost".to_string()]).unwrap();
    let cert = dir.path().join("listener.pem");
    let key = dir.path().join("listener-key.pem");
    std::fs::write(&cert, ck.cert.pem()).unwrap();
    std::fs::write(&key, ck.key_pair.serialize_pem()).unwrap();
    let up = echo_server("a").await;
    let rec = tmp_recording(&dir, "rev-tls.jsonl");
    let p = Pipeline::start_ext(
        pipeline_cfg(vec![("/", format!("http://{up}"))], &rec),
        ProxyExtras {
            tls: Some(ListenerTls {
                cert: cert.clone(),
                key,
            }),
            ..ProxyExtras::default()
        },
    )
    .await
    .unwrap();
    let port = p.proxy_addr().port();
    let url = format!("https://localhost:{port}/rpc");
    for flag in ["--http1.1", "--http2"] {
        let (code, status, body) = curl(vec![
            "--cacert".into(),
            cert.display().to_string(),
            flag.into(),
            "--data-binary".into(),
            RPC.into(),
            url.clone(),
        ])
        .await;
        assert_eq!((code, status), (0, 200), "{flag}: {body}");
    }
    p.finish().await.unwrap();
    let evs = read_events(&rec);
    assert!(evs
        .iter()
        .any(|e| matches!(e.kind, EventKind::ConnOpen { tls: true, .. })));
    let urls = request_urls(&evs);
    assert_eq!(urls, vec![url.clone(), url]);
    assert_eq!(request_body(&evs, "e2"), RPC.as_bytes());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn insecure_upstream_accepts_an_unvouched_agent_only_when_asked() {
    let dir = tempfile::tempdir().unwrap();
    let rec = tmp_recording(&dir, "insecure.jsonl");
    let (p, (code, status, body)) = curl_an_unvouched_agent(&dir, &rec, true).await;
    assert_eq!((code, status), (0, 200), "{body}");
    assert!(body.contains("\"seenPath\":\"/rpc\""), "{body}");
    p.finish().await.unwrap();
    assert_eq!(outcome(&read_events(&rec), "e1").0, Outcome::Complete);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_agent_vouched_for_by_the_os_store_is_trusted_without_upstream_ca() {
    // The proxy binary reads its upstream roots from the OS store (rustls-native-certs),
    // which honours SSL_CERT_FILE: with the agent's certificate there, no --upstream-ca is
    // needed; without it (the machine's own store) the same agent is a 502.
    let dir = tempfile::tempdir().unwrap();
    let ca_dir = dir.path().join("ca");
    let ca_cert = tls::init_ca(&ca_dir).unwrap();
    let (agent, agent_pem) = tls_agent(dir.path()).await;
    for (cert_file, want) in [(Some(&agent_pem), 200u16), (None, 502)] {
        let rec = dir.path().join(format!("os-roots-{want}.jsonl"));
        let mut cmd = Command::new(env!("CARGO_BIN_EXE_a2a-interop"));
        cmd.args(["proxy", "--forward", "--intercept-tls", "--quiet"])
            .args(["--listen", "127.0.0.1:0", "--ca-dir"])
            .arg(&ca_dir)
            .arg("--record")
            .arg(&rec)
            .env_remove("SSL_CERT_DIR")
            .env_remove("SSL_CERT_FILE");
        if let Some(f) = cert_file {
            cmd.env("SSL_CERT_FILE", f);
        }
        let mut run =
            proxy_process::spawn_until_listening(&mut cmd, std::time::Duration::from_secs(20));
        let (code, status, body) = curl(vec![
            "--proxy".into(),
            format!("http://{}", run.addr.trim_end_matches('/')),
            "--cacert".into(),
            ca_cert.display().to_string(),
            format!("https://localhost:{}/rpc", agent.port()),
            "--data-binary".into(),
            RPC.into(),
        ])
        .await;
        let _ = run.child.kill();
        let _ = run.child.wait();
        assert_eq!(
            (code, status),
            (0, want),
            "SSL_CERT_FILE={cert_file:?}: {body}"
        );
        if want == 200 {
            assert!(body.contains("\"seenPath\":\"/rpc\""), "{body}");
        } else {
            assert!(body.contains("failed the TLS handshake"), "{body}");
        }
    }
}

//! `--upstream-sni NAME` (breaker16b T6, the TLS-name half): the proxy connects to the
//! `https://` upstream's address but sends the TLS server name NAME (SNI, RFC 6066 §3) and
//! checks the agent's certificate against NAME (RFC 9110 §4.3.4), for a front that routes
//! TLS by SNI. Real parts on loopback: a TLS agent whose rcgen certificate names only
//! `agents.example.test` and that answers with the SNI it was reached by, the recording
//! proxy, a hyper client; and the command line's checks of the flag.

use crate::proxy_support as support;
use crate::tls_agent;

use std::net::SocketAddr;
use std::path::{Path, PathBuf};

use a2a_interop::app::pipeline::Pipeline;
use a2a_interop::proxy::tls::UpstreamTrust;
use a2a_interop::proxy::ProxyExtras;
use a2a_interop::record::Outcome;
use hyper::body::Incoming;
use hyper::{Request, Response};
use hyper_util::rt::{TokioExecutor, TokioIo};

use support::*;

const BIN: &str = env!("CARGO_BIN_EXE_a2a-interop");
const NAME: &str = "agents.example.test";

/// A TLS agent on 127.0.0.1 (ALPN h2, http/1.1) with a certificate for [`NAME`] only,
/// written to `dir`; every answer is `{"sni":"<name the client sent>"}`.
async fn sni_agent(dir: &Path) -> (SocketAddr, PathBuf) {
    let pem = dir.join("agent.pem");
    let acceptor = tls_agent::self_signed_acceptor(&[NAME], &[b"h2", b"http/1.1"], &pem);
    let l = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = l.local_addr().unwrap();
    tokio::spawn(async move {
        while let Ok((tcp, _)) = l.accept().await {
            let acceptor = acceptor.clone();
            tokio::spawn(async move {
                let Ok(stream) = acceptor.accept(tcp).await else {
                    return;
                };
                let sni = stream.get_ref().1.server_name().unwrap_or("").to_string();
                let svc = hyper::service::service_fn(move |_req: Request<Incoming>| {
                    let body = format!(r#"{{"sni":"{sni}"}}"#);
                    async move {
                        Ok::<_, std::convert::Infallible>(
                            Response::builder()
                                .header("content-type", "application/json")
                                .body(full(body))
                                .unwrap(),
                        )
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

/// A recording pipeline routing `/` to `https://127.0.0.1:PORT` of `agent`, trusting
/// `pem`, with `--upstream-sni` `sni`.
async fn proxy(rec: &Path, agent: SocketAddr, pem: &Path, sni: Option<&str>) -> (Pipeline, String) {
    let p = Pipeline::start_ext(
        pipeline_cfg(
            vec![("/", format!("https://127.0.0.1:{}", agent.port()))],
            rec,
        ),
        ProxyExtras {
            upstream_tls: UpstreamTrust {
                ca: vec![pem.to_path_buf()],
                insecure: false,
            },
            upstream_sni: sni.map(str::to_string),
            ..ProxyExtras::default()
        },
    )
    .await
    .expect("pipeline");
    let base = format!("http://{}", p.proxy_addr());
    (p, base)
}

/// With the flag the agent is reached by its IP, sees SNI [`NAME`] and its certificate for
/// [`NAME`] is accepted, over h2 and HTTP/1.1 clients alike. Without it the same agent is
/// a recorded 502 naming the certificate (it names no 127.0.0.1); with a name the
/// certificate does not carry, too: the certificate is checked against the given name.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn upstream_sni_names_the_tls_server_and_checks_its_certificate() {
    let dir = tempfile::tempdir().unwrap();
    let (agent, pem) = sni_agent(dir.path()).await;

    let rec = dir.path().join("sni.jsonl");
    let (p, base) = proxy(&rec, agent, &pem, Some(NAME)).await;
    for client in [client_h1(), client_h2()] {
        let (s, _, b) = fetch(&client, get(&format!("{base}/x"))).await;
        let t = String::from_utf8_lossy(&b).to_string();
        assert_eq!(s, 200, "{t}");
        assert_eq!(t, format!(r#"{{"sni":"{NAME}"}}"#));
    }
    p.finish().await.unwrap();
    let evs = read_events(&rec);
    assert_eq!(outcome(&evs, "e1").0, Outcome::Complete);

    for (sni, file) in [
        (None, "none.jsonl"),
        (Some("other.example.test"), "other.jsonl"),
    ] {
        let rec = dir.path().join(file);
        let (p, base) = proxy(&rec, agent, &pem, sni).await;
        let (s, _, b) = fetch(&client_h1(), get(&format!("{base}/x"))).await;
        let t = String::from_utf8_lossy(&b).to_string();
        assert_eq!(s, 502, "{sni:?}: {t}");
        assert!(t.contains("certificate"), "{sni:?}: {t}");
        // the name checked is the flag's when given, and the hint says so (newcomer21 N7:
        // it said "the host in the upstream URL" for a --upstream-sni name)
        assert!(
            t.contains(&format!(
                "certificate not valid for name \"{}\"",
                sni.unwrap_or("127.0.0.1")
            )) && t.contains("(the upstream URL's host, or --upstream-sni NAME when given; both names are above)")
                && !t.contains("the host in the upstream URL"),
            "{sni:?}: {t}"
        );
        p.finish().await.unwrap();
        let (outcome, error, _) = outcome(&read_events(&rec), "e1");
        assert_eq!(outcome, Outcome::UpstreamError, "{sni:?}");
        assert!(error.unwrap_or_default().contains("certificate"), "{sni:?}");
    }
}

/// The command line refuses `--upstream-sni` that would do nothing (no https upstream) or
/// that is no host name (an IP address: SNI carries host names only, RFC 6066 §3), before
/// anything listens; `--help` names the flag.
#[test]
fn upstream_sni_is_checked_on_the_command_line() {
    let dir = tempfile::tempdir().unwrap();
    let run = |upstream: &str, sni: &str| {
        let o = std::process::Command::new(BIN)
            .args(["proxy", "--listen", "127.0.0.1:0", "--upstream", upstream])
            .arg("--record")
            .arg(dir.path().join("r.jsonl"))
            .args(["--upstream-sni", sni])
            .output()
            .unwrap();
        (
            o.status.code(),
            String::from_utf8_lossy(&o.stderr).to_string(),
        )
    };
    let (code, err) = run("http://127.0.0.1:9", NAME);
    assert_eq!(code, Some(2), "{err}");
    assert!(
        err.contains("--upstream-sni applies to https:// upstreams"),
        "{err}"
    );
    let (code, err) = run("https://127.0.0.1:9", "10.0.0.5");
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("IP address"), "{err}");
    let (code, err) = run("https://127.0.0.1:9", "not a name");
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("not a DNS name"), "{err}");
    assert!(!dir.path().join("r.jsonl").exists(), "nothing recorded");
    let help = std::process::Command::new(BIN)
        .args(["proxy", "--help"])
        .output()
        .unwrap();
    assert!(String::from_utf8_lossy(&help.stdout).contains("--upstream-sni <NAME>"));
}

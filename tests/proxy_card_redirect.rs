//! `--rewrite-card` and an Agent Card path that redirects (breaker10n N12), with the proxy as
//! a process in front of a small real agent: the card the redirect leads to is served
//! rewritten (a client that follows it stays on the proxy), an absolute `Location` at the
//! agent is rewritten to the proxy, and a redirect off the agent is left alone but warned
//! about on stderr (clients that follow it bypass the proxy). CARD-001, CARD-005/006.

use crate::proxy_process;
use crate::proxy_support as support;

use std::process::Command;
use std::time::{Duration, Instant};

use http_body_util::BodyExt;
use proxy_process::{spawn_until_listening, Running};
use support::*;

const BIN: &str = env!("CARGO_BIN_EXE_a2a-interop");

/// An agent whose card paths redirect: `/.well-known/agent-card.json` to the relative
/// `/real/agent-card.json`, `/abs/.well-known/agent-card.json` to the same by absolute URL,
/// `/far/.well-known/agent-card.json` to another host; `/real/agent-card.json` is the card,
/// advertising the agent's own address.
async fn redirecting_agent() -> std::net::SocketAddr {
    let port = std::sync::Arc::new(std::sync::OnceLock::<u16>::new());
    let port2 = port.clone();
    let up = serve(std::sync::Arc::new(
        move |req: hyper::Request<hyper::body::Incoming>| {
            let port = *port2.get().unwrap();
            let path = req.uri().path().to_string();
            Box::pin(async move {
                let redirect = |to: String| {
                    hyper::Response::builder()
                        .status(302)
                        .header("location", to)
                        .body(full(""))
                        .unwrap()
                };
                match path.as_str() {
                    "/.well-known/agent-card.json" => redirect("/real/agent-card.json".into()),
                    "/abs/.well-known/agent-card.json" => {
                        redirect(format!("http://127.0.0.1:{port}/real/agent-card.json"))
                    }
                    "/far/.well-known/agent-card.json" => {
                        redirect("http://192.0.2.7/elsewhere/agent-card.json".into())
                    }
                    _ => hyper::Response::builder()
                        .header("content-type", "application/json")
                        .body(full(format!(
                            r#"{{"name":"r","description":"d","version":"1","supportedInterfaces":[{{"url":"http://127.0.0.1:{port}/","protocolBinding":"JSONRPC","protocolVersion":"1.0"}}],"capabilities":{{}},"defaultInputModes":["text/plain"],"defaultOutputModes":["text/plain"],"skills":[{{"id":"s","name":"s","description":"d","tags":["t"]}}]}}"#
                        )))
                        .unwrap(),
                }
            })
        },
    ))
    .await;
    port.set(up.port()).unwrap();
    up
}

async fn get_body(url: &str) -> (u16, Option<String>, String) {
    let resp = client_h1().request(get(url)).await.unwrap();
    let status = resp.status().as_u16();
    let loc = resp
        .headers()
        .get("location")
        .map(|v| v.to_str().unwrap().to_string());
    let body = resp.into_body().collect().await.unwrap().to_bytes();
    (status, loc, String::from_utf8_lossy(&body).into_owned())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn card_redirects_keep_the_client_on_the_proxy() {
    let up = redirecting_agent().await;
    let dir = tempfile::tempdir().unwrap();
    let rec = dir.path().join("redirect.jsonl");
    let Running {
        child,
        rx,
        banner,
        addr,
    } = spawn_until_listening(
        Command::new(BIN)
            .args(["proxy", "--listen", "127.0.0.1:0", "--rewrite-card"])
            .arg("--upstream")
            .arg(format!("http://{up}"))
            .arg("--record")
            .arg(&rec),
        Duration::from_secs(20),
    );
    let base = format!("http://{}", addr.trim_end_matches('/'));
    let agent_url = format!("\"url\":\"http://127.0.0.1:{}/\"", up.port());
    let proxy_url = format!("\"url\":\"{base}/\"");

    // Not a card path, and no card path led here yet: passed as it came.
    let (st, _, body) = get_body(&format!("{base}/real/agent-card.json")).await;
    assert_eq!(st, 200);
    assert!(body.contains(&agent_url), "{body}");

    // A relative redirect passes unchanged; the card it leads to is served rewritten.
    let (st, loc, _) = get_body(&format!("{base}/.well-known/agent-card.json")).await;
    assert_eq!((st, loc.as_deref()), (302, Some("/real/agent-card.json")));
    let (st, _, body) = get_body(&format!("{base}/real/agent-card.json")).await;
    assert_eq!(st, 200);
    assert!(body.contains(&proxy_url), "{body}");
    assert!(!body.contains(&agent_url), "{body}");

    // An absolute Location at the agent is rewritten to the proxy.
    let (st, loc, _) = get_body(&format!("{base}/abs/.well-known/agent-card.json")).await;
    assert_eq!(st, 302);
    assert_eq!(loc, Some(format!("{base}/real/agent-card.json")));

    // A redirect off the agent is left alone, and said on stderr once.
    for _ in 0..2 {
        let (st, loc, _) = get_body(&format!("{base}/far/.well-known/agent-card.json")).await;
        assert_eq!(st, 302);
        assert_eq!(
            loc.as_deref(),
            Some("http://192.0.2.7/elsewhere/agent-card.json")
        );
    }
    let mut child = child;
    assert!(Command::new("kill")
        .args(["-TERM", &child.id().to_string()])
        .status()
        .unwrap()
        .success());
    let t0 = Instant::now();
    while child.try_wait().unwrap().is_none() {
        assert!(t0.elapsed() < Duration::from_secs(10), "proxy did not exit");
        std::thread::sleep(Duration::from_millis(20));
    }
    let stderr = [banner, proxy_process::rest_of(&rx)].concat().join("\n");
    let warned: Vec<&str> = stderr
        .lines()
        .filter(|l| l.contains("redirects to http://192.0.2.7/elsewhere/agent-card.json"))
        .collect();
    assert_eq!(warned.len(), 1, "{stderr}");
    assert!(warned[0].contains("not behind this proxy"), "{}", warned[0]);
    // The recording keeps the agent's own Location header.
    let evs = read_events(&rec);
    let agent_loc = format!("http://127.0.0.1:{}/real/agent-card.json", up.port());
    assert!(evs.iter().any(|e| matches!(&e.kind,
        a2a_interop::record::EventKind::ResponseHead { headers, .. }
            if headers.get("location") == Some(agent_loc.as_str()))));
}

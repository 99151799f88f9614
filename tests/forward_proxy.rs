//! Forward mode (`proxy --forward`) over real loopback sockets, driven by real curl: absolute-
//! form requests are recorded like reverse mode, CONNECT is an opaque counted tunnel, and the
//! proxy refuses loops to itself and hosts outside `--allow-host`.

use crate::proxy_support as support;

use std::net::SocketAddr;
use std::path::Path;
use std::process::Command;

use a2a_interop::app::pipeline::Pipeline;
use a2a_interop::proxy::forward::ForwardConfig;
use a2a_interop::record::jsonl::RecordingReader;
use a2a_interop::record::{CaptureMode, EventKind, Outcome};
use a2a_interop::refagent::{self, RefAgentConfig};
use support::*;

const SEND: &str = r#"{"jsonrpc":"2.0","id":"req-1","method":"message/send","params":{"message":{"role":"user","parts":[{"kind":"text","text":"hello"}],"messageId":"m-1","kind":"message"}}}"#;

/// Runs curl with `args` (off the runtime); returns (HTTP status, body).
async fn curl(args: Vec<String>) -> (u16, String) {
    tokio::task::spawn_blocking(move || {
        let out = Command::new("curl")
            .args(["-sS", "--max-time", "20", "-w", "\n%{http_code}"])
            .args(&args)
            .env_remove("HTTP_PROXY")
            .env_remove("http_proxy")
            .env_remove("HTTPS_PROXY")
            .env_remove("https_proxy")
            .env_remove("ALL_PROXY")
            .env_remove("NO_PROXY")
            .env_remove("no_proxy")
            .output()
            .expect("curl runs");
        let text = String::from_utf8_lossy(&out.stdout).to_string();
        let (body, code) = text.rsplit_once('\n').unwrap_or(("", &text));
        (code.trim().parse().unwrap_or(0), body.to_string())
    })
    .await
    .unwrap()
}

async fn forward_pipeline(rec: &Path, allow: &[&str]) -> (Pipeline, SocketAddr) {
    let cfg = pipeline_cfg(vec![], rec);
    let p = Pipeline::start_forward(
        cfg,
        ForwardConfig {
            allow_hosts: allow.iter().map(|s| s.to_string()).collect(),
            ..ForwardConfig::default()
        },
    )
    .await
    .unwrap();
    let addr = p.proxy_addr();
    (p, addr)
}

async fn agent() -> refagent::RefAgentHandle {
    refagent::start(RefAgentConfig {
        listen: "127.0.0.1:0".parse().unwrap(),
        public_url: None,
    })
    .await
    .unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn absolute_form_is_forwarded_recorded_and_verifies_clean() {
    let agent = agent().await;
    let a = agent.local_addr();
    let dir = tempfile::tempdir().unwrap();
    let rec = tmp_recording(&dir, "fwd.jsonl");
    let (p, proxy) = forward_pipeline(&rec, &[]).await;
    let px = format!("http://{proxy}");

    let card_url = format!("http://{a}/.well-known/agent-card.json");
    let (status, card) = curl(vec!["-x".into(), px.clone(), card_url.clone()]).await;
    assert_eq!(status, 200, "{card}");
    let direct = curl(vec![card_url.clone()]).await;
    assert_eq!(direct.1, card, "card differs through the forward proxy");

    let rpc_url = format!("http://{a}/");
    let (status, body) = curl(vec![
        "-x".into(),
        px.clone(),
        "-H".into(),
        "content-type: application/json".into(),
        "--data-binary".into(),
        SEND.into(),
        rpc_url.clone(),
    ])
    .await;
    assert_eq!(status, 200, "{body}");
    assert!(body.contains("\"result\""), "{body}");

    let out = p.finish().await.unwrap();
    agent.shutdown().await;
    assert_eq!(out.header.mode, CaptureMode::Forward);
    let errors = error_findings(&out.verify);
    assert!(errors.is_empty(), "{errors:?}");
    assert_offline_matches(&out.verify, &rec);

    let reader =
        RecordingReader::new(std::io::BufReader::new(std::fs::File::open(&rec).unwrap())).unwrap();
    assert_eq!(reader.header().mode, CaptureMode::Forward);
    let evs = read_events(&rec);
    assert_eq!(exchanges(&evs), vec!["e1", "e2"]);
    let heads: Vec<(String, Option<String>)> = evs
        .iter()
        .filter_map(|e| match &e.kind {
            EventKind::RequestHead { url, upstream, .. } => Some((url.clone(), upstream.clone())),
            _ => None,
        })
        .collect();
    assert_eq!(
        heads,
        vec![
            (card_url.clone(), Some(card_url)),
            (rpc_url.clone(), Some(rpc_url)),
        ]
    );
    assert_eq!(outcome(&evs, "e2").0, Outcome::Complete);
    assert_eq!(request_body(&evs, "e2"), SEND.as_bytes());
    let resp: Vec<u8> = response_chunks(&evs, "e2").concat();
    assert_eq!(String::from_utf8_lossy(&resp), body);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn connect_is_an_opaque_counted_tunnel() {
    let agent = agent().await;
    let a = agent.local_addr();
    let dir = tempfile::tempdir().unwrap();
    let rec = tmp_recording(&dir, "tunnel.jsonl");
    let (p, proxy) = forward_pipeline(&rec, &[]).await;
    // -p: curl tunnels plain http through CONNECT.
    let (status, card) = curl(vec![
        "-p".into(),
        "-x".into(),
        format!("http://{proxy}"),
        format!("http://{a}/.well-known/agent-card.json"),
    ])
    .await;
    assert_eq!(status, 200, "{card}");
    assert!(card.contains("\"name\""), "{card}");
    let out = p.finish().await.unwrap();
    agent.shutdown().await;
    let evs = read_events(&rec);
    assert!(
        exchanges(&evs).is_empty(),
        "tunnelled bytes are not exchanges"
    );
    let tunnels: Vec<_> = evs
        .iter()
        .filter_map(|e| match &e.kind {
            EventKind::Tunnel {
                authority,
                bytes_up,
                bytes_down,
                ..
            } => Some((authority.clone(), *bytes_up, *bytes_down)),
            _ => None,
        })
        .collect();
    assert_eq!(tunnels.len(), 1, "{evs:?}");
    let (auth, up, down) = &tunnels[0];
    assert_eq!(auth, &a.to_string());
    // The GET request went up, the card (and its head) came down.
    assert!(*up > 40, "bytes up {up}");
    assert!(
        *down > card.len() as u64,
        "bytes down {down} < card {}",
        card.len()
    );
    assert_eq!(out.recorder.dropped_events, 0);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn loops_and_disallowed_hosts_are_refused() {
    let agent = agent().await;
    let a = agent.local_addr();
    let dir = tempfile::tempdir().unwrap();
    let rec = tmp_recording(&dir, "refuse.jsonl");
    let (p, proxy) = forward_pipeline(&rec, &[]).await;
    let px = format!("http://{proxy}");
    // The proxy's own address, absolute-form and CONNECT.
    let (status, body) = curl(vec!["-x".into(), px.clone(), format!("http://{proxy}/x")]).await;
    assert_eq!(status, 403);
    assert!(body.contains("own address"), "{body}");
    // The later -w wins: the refused CONNECT's status (%{http_connect}).
    let (status, _) = curl(vec![
        "-p".into(),
        "-x".into(),
        px.clone(),
        "-w".into(),
        "\n%{http_connect}".into(),
        format!("http://localhost:{}/x", proxy.port()),
    ])
    .await;
    assert_eq!(status, 403);
    // Upstream down: 502 recorded as upstream_error.
    let dead = dead_port();
    let (status, body) = curl(vec!["-x".into(), px.clone(), format!("http://{dead}/")]).await;
    assert_eq!(status, 502, "{body}");
    // Origin-form request to a forward proxy without routes: 400 with a hint.
    let (status, body) = curl(vec![format!("{px}/hello")]).await;
    assert_eq!(status, 400);
    assert!(body.contains("HTTP_PROXY"), "{body}");
    p.finish().await.unwrap();
    let evs = read_events(&rec);
    // The refused absolute-form request and CONNECT (loops), the 502 and the 400: each
    // answered by the proxy itself, each recorded.
    let ends: Vec<Outcome> = exchanges(&evs).iter().map(|e| outcome(&evs, e).0).collect();
    assert_eq!(ends, vec![Outcome::UpstreamError; 4]);
    for (x, method) in [("e1", "GET"), ("e2", "CONNECT")] {
        let (_, why, _) = outcome(&evs, x);
        assert!(
            why.as_deref().unwrap_or_default().contains("own address"),
            "{why:?}"
        );
        assert!(matches!(&of_exchange(&evs, x)[0].kind,
            EventKind::RequestHead { method: m, .. } if m == method));
    }

    // --allow-host: only *.example.test may be reached.
    let rec2 = tmp_recording(&dir, "allow.jsonl");
    let (p, proxy) = forward_pipeline(&rec2, &["*.example.test"]).await;
    let (status, body) = curl(vec![
        "-x".into(),
        format!("http://{proxy}"),
        format!("http://{a}/.well-known/agent-card.json"),
    ])
    .await;
    assert_eq!(status, 403);
    assert!(body.contains("--allow-host 127.0.0.1"), "{body}");
    p.finish().await.unwrap();
    agent.shutdown().await;
    let evs = read_events(&rec2);
    assert_eq!(
        request_urls(&evs),
        vec![format!("http://{a}/.well-known/agent-card.json")]
    );
    let (end, why, _) = outcome(&evs, "e1");
    assert_eq!(end, Outcome::UpstreamError);
    assert!(
        why.as_deref()
            .unwrap_or_default()
            .starts_with("request refused: host 127.0.0.1 is not allowed"),
        "{why:?}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn refused_connects_are_recorded_as_exchanges() {
    let agent = agent().await;
    let a = agent.local_addr();
    let dir = tempfile::tempdir().unwrap();
    let rec = tmp_recording(&dir, "refused.jsonl");
    let (p, proxy) = forward_pipeline(&rec, &["*.example.test"]).await;
    // -p: CONNECT; the later -w wins: the refused CONNECT's status.
    let (status, _) = curl(vec![
        "-p".into(),
        "-x".into(),
        format!("http://{proxy}"),
        "-w".into(),
        "\n%{http_connect}".into(),
        format!("http://{a}/.well-known/agent-card.json"),
    ])
    .await;
    assert_eq!(status, 403);
    let out = p.finish().await.unwrap();
    agent.shutdown().await;
    let evs = read_events(&rec);
    assert!(
        !evs.iter()
            .any(|e| matches!(e.kind, EventKind::Tunnel { .. })),
        "no tunnel was opened: {evs:?}"
    );
    assert_eq!(exchanges(&evs), vec!["e1".to_string()]);
    let kinds: Vec<&EventKind> = of_exchange(&evs, "e1").iter().map(|e| &e.kind).collect();
    match kinds.as_slice() {
        [EventKind::RequestHead {
            method,
            url,
            conn,
            upstream,
            ..
        }, EventKind::ResponseHead {
            status, synthetic, ..
        }, EventKind::ResponseChunk { body }, EventKind::ExchangeEnd { outcome, error, .. }] => {
            assert_eq!(method, "CONNECT");
            assert_eq!(url, &a.to_string());
            assert!(conn.is_some());
            assert_eq!(upstream, &None);
            assert_eq!(*status, 403);
            assert!(*synthetic);
            let text = body.as_str().unwrap_or_default();
            assert!(text.contains("--allow-host 127.0.0.1"), "{text}");
            assert_eq!(*outcome, Outcome::UpstreamError);
            let error = error.as_deref().unwrap_or_default();
            assert!(
                error.starts_with("CONNECT refused: host 127.0.0.1 is not allowed"),
                "{error}"
            );
        }
        other => panic!("unexpected events {other:?}"),
    }
    // Not A2A traffic: no finding, and the file verifies offline to the same result.
    assert!(out.verify.findings.is_empty(), "{:?}", out.verify.findings);
    assert_offline_matches(&out.verify, &rec);
}

//! Two listeners in one recording (gateway verification): the client leg in front of a
//! gateway and the `upstream` leg between the gateway and the agent, over real sockets.

#[path = "common/proxy_support.rs"]
mod support;

use std::net::SocketAddr;
use std::sync::{Arc, OnceLock};

use a2a_interop::app::pipeline::Pipeline;
use a2a_interop::proxy::ProxyExtras;
use a2a_interop::record::EventKind;
use http_body_util::BodyExt;
use hyper::body::Incoming;
use hyper::Request;
use support::*;

const RPC: &[u8] = br#"{"jsonrpc":"2.0","id":1,"method":"tasks/get","params":{"id":"t-1"}}"#;

/// A gateway (small hyper forwarder): every request goes, same method, path and body, to
/// the address set in `to` once known.
async fn gateway(to: Arc<OnceLock<SocketAddr>>) -> SocketAddr {
    serve(Arc::new(move |req: Request<Incoming>| {
        let to = to.clone();
        Box::pin(async move {
            let target = *to.get().expect("gateway target set before traffic");
            let (parts, body) = req.into_parts();
            let body = body
                .collect()
                .await
                .map(|c| c.to_bytes())
                .unwrap_or_default();
            let url = format!(
                "http://{target}{}",
                parts
                    .uri
                    .path_and_query()
                    .map(|p| p.as_str())
                    .unwrap_or("/")
            );
            let mut b = Request::builder().method(parts.method).uri(url);
            if let Some(ct) = parts.headers.get("content-type") {
                b = b.header("content-type", ct);
            }
            // Buffers the whole response (a gateway that is not stream-aware).
            let (status, h, bytes) = fetch(&client_h1(), b.body(full(body)).unwrap()).await;
            let ct = h
                .get("content-type")
                .cloned()
                .unwrap_or(http::HeaderValue::from_static("application/json"));
            hyper::Response::builder()
                .status(status)
                .header("content-type", ct)
                .body(full(bytes))
                .unwrap()
        })
    }))
    .await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn both_legs_are_recorded_into_one_file_with_their_leg() {
    let agent = echo_server("agent").await;
    let to = Arc::new(OnceLock::new());
    let gw = gateway(to.clone()).await;
    let dir = tempfile::tempdir().unwrap();
    let rec = tmp_recording(&dir, "gw.jsonl");
    let cfg = pipeline_cfg(vec![("/", format!("http://{gw}"))], &rec);
    let upstream_leg = proxy_to(format!("http://{agent}"), Some("upstream".into()));
    let p = Pipeline::start_ext(
        cfg,
        ProxyExtras {
            more: vec![upstream_leg],
            ..ProxyExtras::default()
        },
    )
    .await
    .unwrap();
    let up_addr = p.extra_addrs()[0];
    to.set(up_addr).unwrap();
    let front = p.proxy_addr();
    let (status, _, body) = fetch(&client_h1(), post(&format!("http://{front}/a2a"), RPC)).await;
    assert_eq!(status, 200);
    let out = p.finish().await.unwrap();
    assert_eq!(
        out.header.listen,
        vec![front.to_string(), up_addr.to_string()]
    );
    assert_eq!(out.header.routes.len(), 2);
    assert_eq!(out.header.routes[0].leg, None);
    assert_eq!(out.header.routes[1].leg.as_deref(), Some("upstream"));

    let evs = read_events(&rec);
    let heads: Vec<(Option<String>, String, Option<String>)> = evs
        .iter()
        .filter_map(|e| match &e.kind {
            EventKind::RequestHead { url, upstream, .. } => {
                Some((e.leg.clone(), url.clone(), upstream.clone()))
            }
            _ => None,
        })
        .collect();
    assert_eq!(
        heads,
        vec![
            (
                None,
                format!("http://{front}/a2a"),
                Some(format!("http://{gw}/a2a"))
            ),
            (
                Some("upstream".to_string()),
                format!("http://{up_addr}/a2a"),
                Some(format!("http://{agent}/a2a"))
            ),
        ]
    );
    // Every event of an exchange carries its listener's leg.
    for (ex, leg) in [("e1", None), ("e2", Some("upstream"))] {
        assert!(of_exchange(&evs, ex)
            .iter()
            .all(|e| e.leg.as_deref() == leg));
        assert_eq!(request_body(&evs, ex), RPC);
    }
    assert_eq!(response_chunks(&evs, "e1").concat(), body.to_vec());
}

#[path = "../examples/gateway.rs"]
#[allow(dead_code)]
mod gateway_example;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn doubled_base_path_gateway_gives_card_url_findings_on_the_client_leg() {
    let run = gateway_example::run(false).await.unwrap();
    let steps: Vec<&str> = run.steps.iter().skip(1).map(|s| s.as_str()).collect();
    assert!(steps[0].starts_with("Agent Card 200 PASS"), "{steps:?}");
    assert!(steps[1].starts_with("SendMessage 404 FAIL"), "{steps:?}");
    assert_eq!(steps[2], "stream NOT_REACHED");
    let mut got: Vec<(String, Option<String>)> = run
        .findings
        .iter()
        .map(|f| (f.rule.clone(), f.leg.clone()))
        .collect();
    got.sort();
    assert_eq!(
        got,
        vec![("CARD-URL-001".into(), None), ("CARD-URL-002".into(), None)]
    );
    // Both legs are in the one recording.
    let evs = read_events(&run.record);
    assert!(evs.iter().any(|e| e.leg.as_deref() == Some("upstream")));
    assert!(evs.iter().any(|e| e.leg.is_none() && e.exchange.is_some()));
    let _ = std::fs::remove_dir_all(run.record.parent().unwrap());

    let run = gateway_example::run(true).await.unwrap();
    let steps: Vec<&str> = run.steps.iter().skip(1).map(|s| s.as_str()).collect();
    assert!(steps[1].starts_with("SendMessage 200 PASS"), "{steps:?}");
    assert!(steps[2].starts_with("stream 200 PASS"), "{steps:?}");
    let got: Vec<&str> = run.findings.iter().map(|f| f.rule.as_str()).collect();
    assert!(got.is_empty(), "fixed gateway: {got:?}");
    let _ = std::fs::remove_dir_all(run.record.parent().unwrap());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_agents_behind_one_proxy_are_attributed() {
    let a = echo_server("a").await;
    let b = echo_server("b").await;
    let dir = tempfile::tempdir().unwrap();
    let rec = tmp_recording(&dir, "two.jsonl");
    let (p, base) = start(pipeline_cfg(
        vec![("/a", format!("http://{a}")), ("/b", format!("http://{b}"))],
        &rec,
    ))
    .await;
    let mut req = post(&format!("{base}/b/rpc"), RPC);
    req.headers_mut()
        .insert("user-agent", "agent-a/1.0".parse().unwrap());
    let (status, _, _) = fetch(&client_h1(), req).await;
    assert_eq!(status, 200);
    let out = p.finish().await.unwrap();
    assert_offline_matches(&out.verify, &rec);
    let evs = read_events(&rec);
    let ex = of_exchange(&evs, "e1");
    assert!(matches!(ex[0].kind, EventKind::RequestHead { .. }));
    match &ex[1].kind {
        EventKind::Attribution { callee, caller } => {
            assert_eq!(callee.as_deref(), Some("/b"));
            assert_eq!(caller.as_deref(), Some("agent-a/1.0"));
        }
        other => panic!("expected attribution after request_head, got {other:?}"),
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn live_two_leg_recording_lets_the_verifier_see_a_buffering_gateway() {
    // The agent streams 4 events 400 ms apart; the gateway (see `gateway`) reads the whole
    // response before answering, so the client leg gets them in one burst (GW-SSE-001).
    let agent = sse_server(4, std::time::Duration::from_millis(400)).await;
    let to = Arc::new(OnceLock::new());
    let gw = gateway(to.clone()).await;
    let dir = tempfile::tempdir().unwrap();
    let rec = tmp_recording(&dir, "gw-sse.jsonl");
    let upstream_leg = proxy_to(format!("http://{agent}"), Some("upstream".into()));
    let p = Pipeline::start_ext(
        pipeline_cfg(vec![("/", format!("http://{gw}"))], &rec),
        ProxyExtras {
            more: vec![upstream_leg],
            ..ProxyExtras::default()
        },
    )
    .await
    .unwrap();
    to.set(p.extra_addrs()[0]).unwrap();
    let mut req = post(&format!("http://{}/a2a", p.proxy_addr()), RPC);
    req.headers_mut()
        .insert("content-type", "application/json".parse().unwrap());
    let (status, _, _) = fetch(&client_h1(), req).await;
    assert_eq!(status, 200);
    let out = p.finish().await.unwrap();
    let rules: Vec<&str> = out
        .verify
        .findings
        .iter()
        .map(|f| f.rule.as_str())
        .collect();
    assert!(rules.contains(&"GW-SSE-001"), "{rules:?}");
    assert_offline_matches(&out.verify, &rec);
}

//! Two listeners in one recording (gateway verification): the client leg in front of a
//! gateway and the `upstream` leg between the gateway and the agent, over real sockets.

use crate::proxy_support as support;

use std::net::SocketAddr;
use std::path::Path;
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

/// A gateway set-up with both legs recorded: a [`gateway`] in front of `agent`, and one
/// recording pipeline (to `rec`) with two listeners, the client leg (no leg name) forwarding
/// to the gateway and the `upstream` leg, where the gateway forwards, forwarding to the agent.
struct TwoLegs {
    /// The running pipeline; `finish` it to close the recording.
    p: Pipeline,
    /// The gateway's address.
    gw: SocketAddr,
    /// The client leg's listener: where a client sends its requests.
    front: SocketAddr,
    /// The upstream leg's listener: where the gateway sends them on.
    up: SocketAddr,
}

/// Starts [`TwoLegs`] for `agent`, recording to `rec`.
async fn two_legs(agent: SocketAddr, rec: &Path) -> TwoLegs {
    let to = Arc::new(OnceLock::new());
    let gw = gateway(to.clone()).await;
    let upstream_leg = proxy_to(format!("http://{agent}"), Some("upstream".into()));
    let p = Pipeline::start_ext(
        pipeline_cfg(vec![("/", format!("http://{gw}"))], rec),
        ProxyExtras {
            more: vec![upstream_leg],
            ..ProxyExtras::default()
        },
    )
    .await
    .unwrap();
    let up = p.extra_addrs()[0];
    to.set(up).unwrap();
    let front = p.proxy_addr();
    TwoLegs { p, gw, front, up }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn both_legs_are_recorded_into_one_file_with_their_leg() {
    let agent = echo_server("agent").await;
    let dir = tempfile::tempdir().unwrap();
    let rec = tmp_recording(&dir, "gw.jsonl");
    let TwoLegs { p, gw, front, up } = two_legs(agent, &rec).await;
    let (status, _, body) = fetch(&client_h1(), post(&format!("http://{front}/a2a"), RPC)).await;
    assert_eq!(status, 200);
    let out = p.finish().await.unwrap();
    assert_eq!(out.header.listen, vec![front.to_string(), up.to_string()]);
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
                format!("http://{up}/a2a"),
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
    let run = gateway_example::run(gateway_example::Mode::DoubledPath)
        .await
        .unwrap();
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
        // the gateway's card rewrite doubled the path: with the agent's own card on the
        // upstream leg, that is the gateway's fault (GW-RESP-004), not the agent's
        // CARD-URL-001 (breaker16a S13)
        vec![("CARD-URL-002".into(), None), ("GW-RESP-004".into(), None)]
    );
    // Both legs are in the one recording.
    let evs = read_events(&run.record);
    assert!(evs.iter().any(|e| e.leg.as_deref() == Some("upstream")));
    assert!(evs.iter().any(|e| e.leg.is_none() && e.exchange.is_some()));
    let _ = std::fs::remove_dir_all(run.record.parent().unwrap());

    let run = gateway_example::run(gateway_example::Mode::Fixed)
        .await
        .unwrap();
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
    // After the request head; before the response head when the connection's process lookup
    // ends within PROCESS_WAIT, else late by design (docs/recording-format.md: readers join
    // it by `exchange`), which a loaded machine shows (222 ms seen at load 10). Both upstreams
    // live in this test process: the process lookup is ambiguous, so the caller is the
    // User-Agent.
    let atts: Vec<_> = ex
        .iter()
        .enumerate()
        .filter_map(|(i, e)| match &e.kind {
            EventKind::Attribution {
                callee,
                caller,
                caller_by,
            } => Some((i, callee.clone(), caller.clone(), *caller_by)),
            _ => None,
        })
        .collect();
    assert_eq!(atts.len(), 1, "{ex:?}");
    let (i, callee, caller, by) = atts[0].clone();
    assert!(0 < i, "{ex:?}");
    assert_eq!(callee.as_deref(), Some("/b"));
    assert_eq!(caller.as_deref(), Some("agent-a/1.0"));
    assert_eq!(by, Some(a2a_interop::record::CallerBy::UserAgent));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn live_two_leg_recording_lets_the_verifier_see_a_buffering_gateway() {
    // The agent streams 4 events 400 ms apart; the gateway (see `gateway`) reads the whole
    // response before answering, so the client leg gets them in one burst (GW-SSE-001).
    let agent = sse_server(4, std::time::Duration::from_millis(400)).await;
    let dir = tempfile::tempdir().unwrap();
    let rec = tmp_recording(&dir, "gw-sse.jsonl");
    let TwoLegs { p, front, .. } = two_legs(agent, &rec).await;
    let req = post(&format!("http://{front}/a2a"), RPC);
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

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_client_that_gives_up_on_a_stream_the_gateway_holds_back_names_the_gateway() {
    // breaker15b R5: the agent streams 6 events 600 ms apart; the gateway (see `gateway`)
    // holds the response, head and all, until the agent's stream ends; the client gives up
    // after 2.5 s with nothing. The events the agent sent a second or more before that
    // were held back by the gateway (GW-SSE-002), live and offline alike.
    let agent = sse_server(6, std::time::Duration::from_millis(600)).await;
    let dir = tempfile::tempdir().unwrap();
    let rec = tmp_recording(&dir, "gw-held.jsonl");
    let TwoLegs { p, front, .. } = two_legs(agent, &rec).await;
    let req = post(&format!("http://{front}/a2a"), RPC);
    let gave_up = tokio::time::timeout(
        std::time::Duration::from_millis(2500),
        fetch(&client_h1(), req),
    )
    .await;
    assert!(
        gave_up.is_err(),
        "the gateway answered before the stream ended"
    );
    // The upstream leg's exchange is closed in the recording (the agent's stream ended, or
    // the gateway, its client gone, dropped its call) before the recording is closed: wait
    // for its exchange_end, not for a fixed time.
    wait_for(&rec, |evs| {
        evs.iter().any(|e| {
            e.leg.as_deref() == Some("upstream") && matches!(e.kind, EventKind::ExchangeEnd { .. })
        })
    })
    .await;
    let out = p.finish().await.unwrap();
    let held: Vec<&str> = out
        .verify
        .findings
        .iter()
        .filter(|f| f.rule == "GW-SSE-002")
        .map(|f| f.message.as_str())
        .collect();
    assert_eq!(held.len(), 1, "{:?}", out.verify.findings);
    assert!(
        held[0].starts_with("gateway held back the agent's stream"),
        "{}",
        held[0]
    );
    assert!(
        held[0].contains("having received no response head"),
        "{}",
        held[0]
    );
    assert!(held[0].contains("proxy_buffering off"), "{}", held[0]);
    assert_offline_matches(&out.verify, &rec);
}

/// (callee, caller, caller_by) of exchange `ex`'s one `attribution` event.
fn attribution_of(
    evs: &[a2a_interop::record::Event],
    ex: &str,
) -> (
    Option<String>,
    Option<String>,
    Option<a2a_interop::record::CallerBy>,
) {
    let atts: Vec<_> = of_exchange(evs, ex)
        .into_iter()
        .filter_map(|e| match &e.kind {
            EventKind::Attribution {
                callee,
                caller,
                caller_by,
            } => Some((callee.clone(), caller.clone(), *caller_by)),
            _ => None,
        })
        .collect();
    assert_eq!(atts.len(), 1, "{ex}: {atts:?}");
    atts[0].clone()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_agent_calling_out_while_it_serves_is_the_caller_by_nesting() {
    use a2a_interop::record::CallerBy;
    // Agent `a` calls agent `b` through the proxy while it answers its own request. Both
    // live in this test process, so the process lookup is ambiguous and the nesting rule
    // decides: exactly one other route (`/a`) has an exchange open.
    let b = echo_server("b").await;
    let proxy_base: Arc<OnceLock<String>> = Arc::new(OnceLock::new());
    let pb = proxy_base.clone();
    let a = serve(Arc::new(move |_req: Request<Incoming>| {
        let pb = pb.clone();
        Box::pin(async move {
            let base = pb.get().expect("proxy address set before traffic").clone();
            let mut out = post(&format!("{base}/b/rpc"), RPC);
            out.headers_mut()
                .insert("user-agent", "shared-http-lib/1".parse().unwrap());
            let (_, _, bytes) = fetch(&client_h1(), out).await;
            hyper::Response::builder()
                .header("content-type", "application/json")
                .body(full(bytes))
                .unwrap()
        })
    }))
    .await;
    let dir = tempfile::tempdir().unwrap();
    let rec = tmp_recording(&dir, "nested.jsonl");
    let (p, base) = start(pipeline_cfg(
        vec![("/a", format!("http://{a}")), ("/b", format!("http://{b}"))],
        &rec,
    ))
    .await;
    proxy_base.set(base.clone()).unwrap();
    let mut req = post(&format!("{base}/a/rpc"), RPC);
    req.headers_mut()
        .insert("user-agent", "shared-http-lib/1".parse().unwrap());
    let (status, _, _) = fetch(&client_h1(), req).await;
    assert_eq!(status, 200);
    // A later call to /b with nothing open: not nested, the User-Agent it is.
    let mut req = post(&format!("{base}/b/rpc"), RPC);
    req.headers_mut()
        .insert("user-agent", "shared-http-lib/1".parse().unwrap());
    assert_eq!(fetch(&client_h1(), req).await.0, 200);
    p.finish().await.unwrap();
    let evs = read_events(&rec);
    let ua = Some("shared-http-lib/1".to_string());
    assert_eq!(
        attribution_of(&evs, "e1"),
        (Some("/a".into()), ua.clone(), Some(CallerBy::UserAgent))
    );
    assert_eq!(
        attribution_of(&evs, "e2"),
        (
            Some("/b".into()),
            Some("/a".into()),
            Some(CallerBy::Nesting)
        )
    );
    assert_eq!(
        attribution_of(&evs, "e3"),
        (Some("/b".into()), ua, Some(CallerBy::UserAgent))
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn callers_named_by_flag_win_over_nesting_and_user_agent() {
    use a2a_interop::proxy::attribution::parse_caller;
    use a2a_interop::record::CallerBy;
    let a = echo_server("a").await;
    let b = echo_server("b").await;
    let dir = tempfile::tempdir().unwrap();
    let rec = tmp_recording(&dir, "flag.jsonl");
    let mut cfg = pipeline_cfg(
        vec![("/a", format!("http://{a}")), ("/b", format!("http://{b}"))],
        &rec,
    );
    cfg.proxy.listen = "127.0.0.1:0".parse().unwrap();
    let p = Pipeline::start_ext(
        cfg,
        ProxyExtras {
            callers: vec![parse_caller("planner=Planner-SDK").unwrap()],
            ..ProxyExtras::default()
        },
    )
    .await
    .unwrap();
    let base = format!("http://{}", p.proxy_addr());
    for ua in ["my planner-sdk/3.1", "curl/8"] {
        let mut req = post(&format!("{base}/b/rpc"), RPC);
        req.headers_mut().insert("user-agent", ua.parse().unwrap());
        assert_eq!(fetch(&client_h1(), req).await.0, 200);
    }
    p.finish().await.unwrap();
    let evs = read_events(&rec);
    assert_eq!(
        attribution_of(&evs, "e1"),
        (
            Some("/b".into()),
            Some("planner".into()),
            Some(CallerBy::CallerFlag)
        )
    );
    assert_eq!(
        attribution_of(&evs, "e2"),
        (
            Some("/b".into()),
            Some("curl/8".into()),
            Some(CallerBy::UserAgent)
        )
    );
    assert!(parse_caller("noequals").is_err());
    assert!(parse_caller("=x").is_err());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn gateway_dropping_a2a_version_is_named_on_the_upstream_leg_with_both_exchanges() {
    // Live CASE-19: the gateway forwards everything but `A2A-Version`. The client speaks
    // 1.0 (header `A2A-Version: 1.0`); the agent gets the call without it.
    let run = gateway_example::run(gateway_example::Mode::StripVersion)
        .await
        .unwrap();
    let steps: Vec<&str> = run.steps.iter().skip(1).map(|s| s.as_str()).collect();
    assert!(steps[0].starts_with("Agent Card 200 PASS"), "{steps:?}");
    // Without the header the agent reads the call as 0.3, where SendMessage does not exist.
    assert!(
        steps[1].starts_with("SendMessage 200 FAIL (JSON-RPC error -32601"),
        "{steps:?}"
    );
    assert_eq!(steps[2], "stream NOT_REACHED");
    let evs = read_events(&run.record);
    // (leg, A2A-Version header, A2A method) of every JSON-RPC POST, in order.
    let posts: Vec<(String, Option<String>, Option<String>, String)> = evs
        .iter()
        .filter_map(|e| match &e.kind {
            EventKind::RequestHead {
                method, headers, ..
            } if method == "POST" => {
                let x = e.exchange.as_deref().unwrap_or_default().to_string();
                let body = String::from_utf8(request_body(&evs, &x)).unwrap_or_default();
                let rpc: serde_json::Value = serde_json::from_str(&body).unwrap_or_default();
                Some((
                    e.leg.clone().unwrap_or_else(|| "client".into()),
                    headers.get("a2a-version").map(str::to_string),
                    rpc["method"].as_str().map(str::to_string),
                    x,
                ))
            }
            _ => None,
        })
        .collect();
    let send: Vec<_> = posts
        .iter()
        .filter(|p| p.2.as_deref() == Some("SendMessage"))
        .collect();
    assert_eq!(send.len(), 2, "{posts:?}");
    assert_eq!(
        (send[0].0.as_str(), send[0].1.as_deref()),
        ("client", Some("1.0")),
        "{posts:?}"
    );
    assert_eq!(
        (send[1].0.as_str(), send[1].1.as_deref()),
        ("upstream", None),
        "{posts:?}"
    );
    let ver: Vec<_> = run
        .findings
        .iter()
        .filter(|f| f.rule == "VER-HDR-002")
        .collect();
    // One per request that lost the header: the card GET and the SendMessage (breaker45:
    // the SendMessage's client body used to be recorded after its upstream copy had ended,
    // held by the recorder's redaction until the client leg's response head, and that call
    // went unpaired and untold; verify_gateway's recording, paired, tells every request).
    assert_eq!(ver.len(), 2, "{:?}", run.findings);
    let sent: Vec<Option<&str>> = ver[1]
        .evidence
        .iter()
        .map(|e| e.exchange.as_deref())
        .collect();
    assert_eq!(
        sent,
        vec![Some(send[0].3.as_str()), Some(send[1].3.as_str())],
        "{:?}",
        ver[1]
    );
    let f = ver[0];
    assert_eq!(f.leg.as_deref(), Some("upstream"), "{f:?}");
    assert_eq!(
        f.message,
        "header A2A-Version 1.0 sent by the client is missing on the upstream leg"
    );
    // The first hop that lost the header is the card fetch (the client sends A2A-Version
    // on every request): the finding cites the client-leg request and the upstream-leg
    // request that forwards it.
    let heads: Vec<(String, Option<String>, String, String)> = evs
        .iter()
        .filter_map(|e| match &e.kind {
            EventKind::RequestHead { headers, url, .. } => Some((
                e.leg.clone().unwrap_or_else(|| "client".into()),
                headers.get("a2a-version").map(str::to_string),
                e.exchange.as_deref().unwrap_or_default().to_string(),
                url.clone(),
            )),
            _ => None,
        })
        .collect();
    assert!(heads
        .iter()
        .all(|h| (h.0 == "client") == (h.1.as_deref() == Some("1.0"))));
    let first_client = heads.iter().find(|h| h.0 == "client").unwrap();
    let first_up = heads.iter().find(|h| h.0 == "upstream").unwrap();
    assert!(
        first_client.3.ends_with("/.well-known/agent-card.json"),
        "{heads:?}"
    );
    assert!(
        first_up.3.ends_with("/.well-known/agent-card.json"),
        "{heads:?}"
    );
    let cited: Vec<Option<&str>> = f.evidence.iter().map(|e| e.exchange.as_deref()).collect();
    assert_eq!(
        cited,
        vec![Some(first_client.2.as_str()), Some(first_up.2.as_str())],
        "{f:?}"
    );
    // The evidence seqs are those exchanges' request heads.
    for (e, x) in f.evidence.iter().zip([&first_client.2, &first_up.2]) {
        let head = of_exchange(&evs, x)[0];
        assert!(matches!(head.kind, EventKind::RequestHead { .. }));
        assert_eq!(e.seq, head.seq, "{f:?}");
    }
    // Offline verification of the file says the same.
    let r = a2a_interop::record::jsonl::RecordingReader::new(std::io::BufReader::new(
        std::fs::File::open(&run.record).unwrap(),
    ))
    .unwrap();
    let mut v = a2a_interop::verify::Verifier::new(&r.header().clone());
    for ev in r {
        v.feed(&ev.unwrap());
    }
    assert_eq!(v.finish().findings, run.findings);
    let _ = std::fs::remove_dir_all(run.record.parent().unwrap());
}

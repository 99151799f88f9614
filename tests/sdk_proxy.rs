/*!
Real SDK traffic through the recording proxy (`crate::app::pipeline`).

For each SDK agent (Python `a2a-sdk` 1.3.0, JS `@a2a-js/sdk` 1.3.0) two agent processes run
on loopback: one direct, one behind the proxy (its card advertises the proxy through
`A2A_PUBLIC_URL`). Each SDK client (Python, JS) runs against both, in JSON-RPC and HTTP+JSON,
A2A 1.0 and 0.3 (2 clients × 2 agents × 2 bindings × 2 versions), and must see exactly the
same step verdicts through the proxy as direct. Then the recording must hold every exchange
whole (one `exchange_end`, complete, nothing dropped or truncated), the bytes of a raw SSE
stream and a raw unary call sent through the proxy must equal the recorded bytes, a `slow`
stream's chunks must reach the client spread over time, and the verifier must report no
error finding on this clean traffic. The Rust client script runs through the proxy too.
*/

use crate::common;
use crate::harness;
use crate::proxy_support;

use std::collections::BTreeMap;
use std::net::SocketAddr;
use std::path::Path;
use std::time::Instant;

use a2a_interop::app::pipeline::Pipeline;
use a2a_interop::model::sse::SseDecoder;
use a2a_interop::record::{source, Event, EventKind, Outcome};
use a2a_interop::refagent::client;
use a2a_interop::refagent::wire::ProtocolVersion;
use a2a_interop::verify::Severity;
use bytes::Bytes;
use harness::{free_port, peers_available, run_client, ClientRun, Sdk, SdkAgent};
use http_body_util::{BodyExt, Full};
use serde_json::{json, Value};

/// Step verdicts `(name, ok)` of a run.
fn verdicts(r: &ClientRun) -> Vec<(String, bool)> {
    r.steps.clone()
}

/// The one step the SDKs are known to disagree on (tests/peers/README.md): `missing` over
/// HTTP+JSON 0.3, except JS client to JS agent.
fn known_disagreement(client: Sdk, agent: Sdk, binding: &str, version: &str, step: &str) -> bool {
    step == "missing"
        && binding == "HTTP+JSON"
        && version == "0.3"
        && !(client == Sdk::Js && agent == Sdk::Js)
}

/// Per exchange: request body bytes, response body bytes, response chunk times (µs),
/// end outcomes, truncation.
#[derive(Default, Debug)]
struct Recorded {
    method: String,
    url: String,
    request: Vec<u8>,
    response: Vec<u8>,
    chunk_t_us: Vec<u64>,
    ends: Vec<Outcome>,
    truncated: bool,
    status: Option<u16>,
}

fn read_recording(path: &Path) -> (BTreeMap<String, Recorded>, u64) {
    let src = source::open(path).expect("open the recording");
    let mut by_ex: BTreeMap<String, Recorded> = BTreeMap::new();
    let mut gaps = 0;
    for ev in src.events {
        let ev: Event = ev.expect("every recorded line parses");
        if let EventKind::Gap { .. } = ev.kind {
            gaps += 1;
            continue;
        }
        let Some(ex) = ev.exchange.as_deref().map(str::to_string) else {
            continue;
        };
        let r = by_ex.entry(ex).or_default();
        match ev.kind {
            EventKind::RequestHead { method, url, .. } => {
                r.method = method;
                r.url = url;
            }
            EventKind::RequestBody { body } => {
                r.truncated |= body.truncated;
                r.request.extend_from_slice(&body.data);
            }
            EventKind::ResponseHead { status, .. } => r.status = Some(status),
            EventKind::ResponseChunk { body } => {
                r.truncated |= body.truncated;
                r.response.extend_from_slice(&body.data);
                r.chunk_t_us.push(ev.t_us);
            }
            EventKind::ExchangeEnd {
                outcome, truncated, ..
            } => {
                r.ends.push(outcome);
                r.truncated |= truncated;
            }
            _ => {}
        }
    }
    (by_ex, gaps)
}

/// Findings of the recording verified offline, as sorted `(rule, message)` pairs.
fn offline_findings(path: &Path) -> Vec<(String, String)> {
    sorted_findings(&common::verify_file(path).findings)
}

fn sorted_findings(f: &[a2a_interop::verify::Finding]) -> Vec<(String, String)> {
    let mut out: Vec<(String, String)> = f
        .iter()
        .map(|f| (f.rule.clone(), f.message.clone()))
        .collect();
    out.sort();
    out
}

/// Sends one raw request through the proxy; returns the status, the response bytes and each
/// SSE event's arrival time in ms with its data.
async fn raw_exchange(
    proxy: &str,
    method: &str,
    path: &str,
    headers: &[(&str, &str)],
    body: &str,
) -> (u16, Vec<u8>, Vec<(f64, String)>) {
    let client: hyper_util::client::legacy::Client<_, Full<Bytes>> =
        hyper_util::client::legacy::Client::builder(hyper_util::rt::TokioExecutor::new())
            .build_http();
    let mut b = http::Request::builder()
        .method(method)
        .uri(format!("{proxy}{path}"));
    for (k, v) in headers {
        b = b.header(*k, *v);
    }
    let req = b
        .body(Full::new(Bytes::from(body.to_string())))
        .expect("request");
    let started = Instant::now();
    let resp = client.request(req).await.expect("proxy answers");
    let status = resp.status().as_u16();
    let mut body = resp.into_body();
    let mut bytes = Vec::new();
    let mut times = Vec::new();
    let mut dec = SseDecoder::new();
    while let Some(f) = body.frame().await {
        if let Ok(d) = f.expect("frame").into_data() {
            bytes.extend_from_slice(&d);
            for ev in dec.push_data(&d) {
                times.push((started.elapsed().as_secs_f64() * 1000.0, ev));
            }
        }
    }
    (status, bytes, times)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sdk_traffic_through_the_proxy_is_unchanged_recorded_whole_and_clean() {
    if !peers_available(
        "sdk_traffic_through_the_proxy_is_unchanged_recorded_whole_and_clean",
        &[Sdk::Python, Sdk::Js],
    ) {
        return;
    }
    let dir = tempfile::tempdir().expect("temp dir");
    let mut problems: Vec<String> = Vec::new();
    for agent_sdk in [Sdk::Python, Sdk::Js] {
        let a = agent_sdk.name();
        let direct = SdkAgent::start(agent_sdk, None).await;
        let direct_url = direct.base_url();
        let recording = dir.path().join(format!("{a}-agent.jsonl"));
        // The agent must advertise the proxy's port before the proxy binds it; another
        // process may take that port meanwhile, so a failed bind picks another one.
        let mut attempt = 0;
        let (proxy_url, behind, pipeline) = loop {
            attempt += 1;
            let proxy_port = free_port();
            let proxy_url = format!("http://127.0.0.1:{proxy_port}");
            let behind = SdkAgent::start(agent_sdk, Some(&proxy_url)).await;
            let mut cfg = proxy_support::pipeline_cfg(vec![("/", behind.base_url())], &recording);
            cfg.proxy.listen = SocketAddr::from(([127, 0, 0, 1], proxy_port));
            match Pipeline::start(cfg).await {
                Ok(p) => break (proxy_url, behind, p),
                Err(e) if attempt < 3 => eprintln!("{e:#}; trying another port"),
                Err(e) => panic!("start the pipeline: {e:#}"),
            }
        };

        // 2 clients × 2 bindings × 2 versions, direct and through the proxy side by side.
        for client_sdk in [Sdk::Python, Sdk::Js] {
            for binding in ["JSONRPC", "HTTP+JSON"] {
                for version in ["1.0", "0.3"] {
                    let combo = format!(
                        "{} client -> {a} agent, {binding} {version}",
                        client_sdk.name()
                    );
                    let (d, p) = tokio::join!(
                        run_client(client_sdk, &direct_url, binding, version),
                        run_client(client_sdk, &proxy_url, binding, version)
                    );
                    if d.steps.len() != 9 {
                        problems.push(format!(
                            "{combo}: direct run has {} steps\n{}",
                            d.steps.len(),
                            d.stdout
                        ));
                    }
                    for (step, ok) in &d.steps {
                        if !ok && !known_disagreement(client_sdk, agent_sdk, binding, version, step)
                        {
                            problems.push(format!(
                                "{combo}: step {step} fails even direct\n{}",
                                d.stdout
                            ));
                        }
                    }
                    if verdicts(&d) != verdicts(&p) {
                        problems.push(format!(
                            "{combo}: through the proxy {:?} but direct {:?}\n--- proxied ---\n{}",
                            p.steps, d.steps, p.stdout
                        ));
                    }
                }
            }
        }

        // The Rust client script through the proxy.
        for v in [ProtocolVersion::V1_0, ProtocolVersion::V0_3] {
            for s in client::run(&proxy_url, v).await.iter().filter(|s| !s.ok) {
                problems.push(format!(
                    "rust client -> {a} agent via proxy, {}: {s}",
                    v.as_str()
                ));
            }
        }

        // Raw stream and unary call: bytes and timing as the client received them.
        let marker = format!("raw-{}", uuid::Uuid::new_v4());
        let stream_req = json!({"jsonrpc": "2.0", "id": 901, "method": "SendStreamingMessage",
            "params": {"message": {"messageId": marker, "role": "ROLE_USER",
                                   "parts": [{"text": "slow raw check"}]}}})
        .to_string();
        let h = [("content-type", "application/json"), ("A2A-Version", "1.0")];
        let (status, stream_bytes, events) =
            raw_exchange(&proxy_url, "POST", "/", &h, &stream_req).await;
        let text = String::from_utf8_lossy(&stream_bytes);
        assert_eq!(status, 200, "{a}: {text}");
        let artifact_times: Vec<f64> = events
            .iter()
            .filter(|(_, e)| e.contains("artifactUpdate"))
            .map(|(t, _)| *t)
            .collect();
        if artifact_times.len() != 4 {
            problems.push(format!(
                "{a}: raw stream has {} artifact events: {text}",
                artifact_times.len()
            ));
        } else {
            // The agents send a chunk every 250 ms; a proxy that buffers would deliver them together.
            for w in artifact_times.windows(2) {
                if w[1] - w[0] < 100.0 {
                    problems.push(format!(
                        "{a}: stream chunks reached the client together: {artifact_times:?}"
                    ));
                }
            }
        }
        let unary_req = json!({"jsonrpc": "2.0", "id": 902, "method": "GetTask",
            "params": {"id": "raw-missing-task"}})
        .to_string();
        let (_, unary_bytes, _) = raw_exchange(&proxy_url, "POST", "/", &h, &unary_req).await;

        let outcome = pipeline.finish().await.expect("finish the pipeline");
        direct.stop().await;
        behind.stop().await;

        let (exchanges, gaps) = read_recording(&recording);
        assert_eq!(gaps, 0, "{a}: the lossless recording has gaps");
        assert!(
            exchanges.len() > 100,
            "{a}: only {} exchanges recorded",
            exchanges.len()
        );
        for (id, r) in &exchanges {
            if r.ends != [Outcome::Complete] || r.truncated || r.status.is_none() {
                problems.push(format!(
                    "{a}: exchange {id} {} {} ended {:?}, truncated {}, status {:?}",
                    r.method, r.url, r.ends, r.truncated, r.status
                ));
            }
        }
        let find = |needle: &str| {
            exchanges
                .values()
                .find(|r| String::from_utf8_lossy(&r.request).contains(needle))
        };
        match find(&marker) {
            None => problems.push(format!("{a}: raw stream not in the recording")),
            Some(r) => {
                assert_eq!(
                    r.request,
                    stream_req.as_bytes(),
                    "{a}: recorded request body"
                );
                assert_eq!(
                    String::from_utf8_lossy(&r.response),
                    String::from_utf8_lossy(&stream_bytes),
                    "{a}: recorded stream bytes differ from what the client received"
                );
                let spread_ms = (r.chunk_t_us.last().copied().unwrap_or(0)
                    - r.chunk_t_us.first().copied().unwrap_or(0))
                    as f64
                    / 1000.0;
                assert!(
                    spread_ms >= 600.0,
                    "{a}: recorded chunks span only {spread_ms} ms"
                );
            }
        }
        match find("raw-missing-task") {
            None => problems.push(format!("{a}: raw unary call not in the recording")),
            Some(r) => assert_eq!(r.response, unary_bytes, "{a}: recorded unary response"),
        }

        // The one real SDK defect in this traffic: the Python agent answers a 0.3 HTTP+JSON
        // unknown task with the 1.0 AIP-193 error body (tests/peers/README.md). The verifier
        // must flag exactly that, on exactly those exchanges, and nothing else.
        let known_defect = |f: &a2a_interop::verify::Finding| {
            agent_sdk == Sdk::Python
                && f.rule == "REST-ERROR-001"
                && f.evidence.iter().any(|e| {
                    e.exchange
                        .as_deref()
                        .and_then(|x| exchanges.get(x))
                        .is_some_and(|r| r.url.contains("/rest/v1/tasks/does-not-exist-0000"))
                })
        };
        let errors: Vec<String> = outcome
            .verify
            .findings
            .iter()
            .filter(|f| f.severity == Severity::Error && !known_defect(f))
            .map(|f| format!("{}: {} {:?}", f.rule, f.message, f.evidence))
            .collect();
        if !errors.is_empty() {
            problems.push(format!(
                "{a}: error findings on clean SDK traffic: {errors:#?}"
            ));
        }
        // Online verdicts equal offline verdicts on the same recording (DESIGN.md).
        let online = sorted_findings(&outcome.verify.findings);
        let offline = offline_findings(&recording);
        if online != offline {
            problems.push(format!(
                "{a}: online findings {online:#?} but offline {offline:#?}"
            ));
        }
        let flagged = outcome
            .verify
            .findings
            .iter()
            .filter(|f| known_defect(f))
            .count();
        if agent_sdk == Sdk::Python && flagged == 0 {
            problems.push(format!(
                "{a}: the verifier missed the 0.3 HTTP+JSON AIP-193 error body (REST-ERROR-001)"
            ));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n\n"));
}

#[test]
fn known_disagreement_is_narrow() {
    assert!(known_disagreement(
        Sdk::Python,
        Sdk::Js,
        "HTTP+JSON",
        "0.3",
        "missing"
    ));
    assert!(!known_disagreement(
        Sdk::Js,
        Sdk::Js,
        "HTTP+JSON",
        "0.3",
        "missing"
    ));
    assert!(!known_disagreement(
        Sdk::Python,
        Sdk::Js,
        "JSONRPC",
        "0.3",
        "missing"
    ));
    assert!(!known_disagreement(
        Sdk::Python,
        Sdk::Js,
        "HTTP+JSON",
        "0.3",
        "stream"
    ));
    let _ = Value::Null;
}

/// `--rewrite-card` with real SDK peers: the agents advertise their own address, the proxy
/// rewrites the card (the JS agent serves a 1.0 card or a 0.3-shaped one depending on
/// `A2A-Version`), and every SDK client still reaches the agent only through the proxy with
/// the same verdicts as direct.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn rewrite_card_keeps_sdk_clients_on_the_proxy() {
    if !peers_available(
        "rewrite_card_keeps_sdk_clients_on_the_proxy",
        &[Sdk::Python, Sdk::Js],
    ) {
        return;
    }
    let dir = tempfile::tempdir().expect("temp dir");
    let mut problems: Vec<String> = Vec::new();
    for agent_sdk in [Sdk::Js, Sdk::Python] {
        let a = agent_sdk.name();
        let agent = SdkAgent::start(agent_sdk, None).await;
        let agent_url = agent.base_url();
        let recording = dir.path().join(format!("{a}-rewrite.jsonl"));
        let mut cfg = proxy_support::pipeline_cfg(vec![("/", agent_url.clone())], &recording);
        cfg.proxy.rewrite_card = true;
        let pipeline = Pipeline::start(cfg).await.expect("start the pipeline");
        let proxy_url = format!("http://{}", pipeline.proxy_addr());
        for client_sdk in [Sdk::Python, Sdk::Js] {
            for version in ["1.0", "0.3"] {
                let combo = format!(
                    "{} client -> {a} agent, JSONRPC {version}, --rewrite-card",
                    client_sdk.name()
                );
                let (d, p) = tokio::join!(
                    run_client(client_sdk, &agent_url, "JSONRPC", version),
                    run_client(client_sdk, &proxy_url, "JSONRPC", version)
                );
                if !(d.pass && p.pass) || verdicts(&d) != verdicts(&p) {
                    problems.push(format!(
                        "{combo}: direct {:?}, proxied {:?}\n{}",
                        d.steps, p.steps, p.stdout
                    ));
                }
            }
        }
        let outcome = pipeline.finish().await.expect("finish the pipeline");
        agent.stop().await;
        // Every JSON-RPC call went through the proxy: each client run makes 12 requests
        // (card + 11 calls), 4 runs through the proxy.
        let (exchanges, _) = read_recording(&recording);
        let rpc_posts = exchanges.values().filter(|r| r.method == "POST").count();
        if rpc_posts < 4 * 11 {
            problems.push(format!(
                "{a}: only {rpc_posts} POSTs went through the proxy; clients bypassed it"
            ));
        }
        let errors: Vec<String> = outcome
            .verify
            .findings
            .iter()
            .filter(|f| f.severity == Severity::Error)
            .map(|f| format!("{}: {}", f.rule, f.message))
            .collect();
        if !errors.is_empty() {
            problems.push(format!(
                "{a}: error findings with --rewrite-card: {errors:#?}"
            ));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n\n"));
}

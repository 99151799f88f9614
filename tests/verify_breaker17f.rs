//! breaker17b items judged live through the recording proxy, each agent a small real server
//! on loopback:
//!
//! - V2 (AUTH-005): @a2a-js/sdk answers an anonymous GetExtendedAgentCard with its *public*
//!   card; nothing extended is disclosed, so no AUTH-EXT-001, only the AUTH-EXT-002 note. An
//!   answer with one more skill is the disclosure (AUTH-EXT-001).
//! - V13: AUTH-EXT-001's first evidence is the extended-card call, and a card without
//!   securitySchemes is told so.
//! - V3 (STREAM-003): a -32004 "Received statusUpdate before initial 'Message'/'Task'
//!   event." to a follow-up stream is the executor's event order, not a card that lies about
//!   streaming (CAP-STREAM-002); an agent that streamed before is not told to declare
//!   `streaming: false`; an agent that never streams still is.
//! - V10 (CARD-005, CARD-008): a 404 below `{url}/{tenant}/` of an interface declaring that
//!   tenant is "tenant routes not served", not a wrong card URL; without a tenant a 404
//!   is still the wrong URL.
//! - V15 (VER-002): a 1.0 agent answering a JSON-RPC call with `A2A-Version: 0.3` with
//!   -32601 gets VER-HDR-004 (-32009 is due); answering -32009 does not.

use crate::proxy_support as support;

use std::sync::Arc;

use a2a_interop::verify::Finding;
use bytes::Bytes;
use http_body_util::BodyExt;
use hyper::body::Incoming;
use hyper::{Request, Response};

/// A card with both the 0.3 members and 1.0 `supportedInterfaces` (as @a2a-js/sdk serves
/// it), `me` its base URL, the extended card flagged, no securitySchemes.
fn public_card(me: &str) -> String {
    format!(
        r#"{{"name":"js agent","description":"test agent","version":"1.0.0","url":"{me}/","preferredTransport":"JSONRPC","protocolVersion":"0.3","capabilities":{{"streaming":true,"pushNotifications":false}},"defaultInputModes":["text/plain"],"defaultOutputModes":["text/plain"],"skills":[{{"id":"echo","name":"echo","description":"echo","tags":["t"],"examples":["echo hello"]}}],"additionalInterfaces":[{{"url":"{me}/rest","transport":"HTTP+JSON"}}],"supportsAuthenticatedExtendedCard":true,"supportedInterfaces":[{{"url":"{me}/","protocolBinding":"JSONRPC","tenant":"","protocolVersion":"1.0"}},{{"url":"{me}/rest","protocolBinding":"HTTP+JSON","tenant":"","protocolVersion":"1.0"}}]}}"#
    )
}

/// The same card in the 1.0 shape (what @a2a-js/sdk answers GetExtendedAgentCard with for
/// an unauthenticated caller), with `extra_skill` appended to its skills when given.
fn v1_card(me: &str, extra_skill: Option<&str>) -> String {
    let extra = extra_skill
        .map(|s| format!(r#",{{"id":"{s}","name":"{s}","description":"{s}","tags":["t"]}}"#))
        .unwrap_or_default();
    format!(
        r#"{{"name":"js agent","description":"test agent","supportedInterfaces":[{{"url":"{me}/","protocolBinding":"JSONRPC","protocolVersion":"1.0"}},{{"url":"{me}/rest","protocolBinding":"HTTP+JSON","protocolVersion":"1.0"}}],"version":"1.0.0","documentationUrl":"","capabilities":{{"streaming":true,"pushNotifications":false,"extendedAgentCard":true}},"defaultInputModes":["text/plain"],"defaultOutputModes":["text/plain"],"skills":[{{"id":"echo","name":"echo","description":"echo","tags":["t"],"examples":["echo hello"]}}{extra}],"iconUrl":""}}"#
    )
}

fn json(status: u16, body: String, media: &str) -> Response<support::TBody> {
    Response::builder()
        .status(status)
        .header("content-type", media)
        .body(support::full(body))
        .unwrap()
}

/// An agent at a fixed port (bound first so the card can name it) answering the public
/// card at `/.well-known/agent-card.json` and the 1.0 extended card call
/// (`GET /rest/extendedAgentCard`) with [`v1_card`] carrying `extra_skill`.
async fn card_agent(extra_skill: Option<&'static str>) -> std::net::SocketAddr {
    let me = Arc::new(std::sync::OnceLock::<String>::new());
    let me2 = me.clone();
    let addr = support::serve(Arc::new(move |req: Request<Incoming>| {
        let me = me2.get().cloned().unwrap_or_default();
        Box::pin(async move {
            match req.uri().path() {
                "/.well-known/agent-card.json" => json(200, public_card(&me), "application/json"),
                "/rest/extendedAgentCard" => json(
                    200,
                    v1_card(&me, extra_skill),
                    "application/a2a+json; charset=utf-8",
                ),
                _ => json(404, "{}".into(), "application/json"),
            }
        })
    }))
    .await;
    // The card names the proxy's origin in real deployments; naming the agent's own
    // origin here keeps the card consistent with where it is served from the agent's side.
    me.set(format!("http://{addr}")).unwrap();
    addr
}

/// Runs `calls` (path, `A2A-Version` header) through a recording proxy to `agent` over
/// HTTP/1.1 or h2c (`h2`); the live findings.
async fn live(
    agent: std::net::SocketAddr,
    calls: &[(&str, Option<&str>)],
    h2: bool,
) -> Vec<Finding> {
    let (_dir, rec, p, base) = support::start_recording_to(agent).await;
    let c = if h2 {
        support::client_h2()
    } else {
        support::client_h1()
    };
    for (done, (path, ver)) in calls.iter().enumerate() {
        let mut b = Request::get(format!("{base}{path}"));
        if let Some(v) = ver {
            b = b.header("a2a-version", *v);
        }
        let (status, _, _) = support::fetch(&c, b.body(support::full(Bytes::new())).unwrap()).await;
        assert_eq!(status, 200, "{path}");
        settled(&rec, done + 1).await;
    }
    settled(&rec, calls.len()).await;
    p.finish().await.unwrap().verify.findings
}

/// Waits until the recording at `rec` holds `n` finished exchanges (the proxy records an
/// exchange after the client has its answer), so the pipeline is finished with all of them.
async fn settled(rec: &std::path::Path, n: usize) {
    support::wait_for(rec, |evs| {
        evs.iter()
            .filter(|e| matches!(e.kind, a2a_interop::record::EventKind::ExchangeEnd { .. }))
            .count()
            >= n
    })
    .await;
}

fn rules(f: &[Finding]) -> Vec<&str> {
    f.iter().map(|f| f.rule.as_str()).collect()
}

const EXT_CALLS: &[(&str, Option<&str>)] = &[
    ("/.well-known/agent-card.json", None),
    ("/rest/extendedAgentCard", Some("1.0")),
];

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn v2_an_anonymous_extended_card_call_answered_with_the_public_card_discloses_nothing() {
    for h2 in [false, true] {
        let agent = card_agent(None).await;
        let f = live(agent, EXT_CALLS, h2).await;
        assert!(!rules(&f).contains(&"AUTH-EXT-001"), "h2={h2}: {f:#?}");
        let note: Vec<&Finding> = f.iter().filter(|f| f.rule == "AUTH-EXT-002").collect();
        assert_eq!(note.len(), 1, "h2={h2}: {f:#?}");
        assert!(
            note[0].message.starts_with(
                "agent answered GetExtendedAgentCard without credentials with its public card"
            ),
            "{}",
            note[0].message
        );
        // the card declares no scheme: the help says so instead of naming one
        assert!(
            note[0].help.contains("no securitySchemes"),
            "{}",
            note[0].help
        );
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn v2_v13_an_extended_card_with_one_more_skill_is_the_disclosure_cited_at_its_call() {
    let agent = card_agent(Some("admin")).await;
    let f = live(agent, EXT_CALLS, false).await;
    let ext: Vec<&Finding> = f.iter().filter(|f| f.rule == "AUTH-EXT-001").collect();
    assert_eq!(ext.len(), 1, "{f:#?}");
    assert!(!rules(&f).contains(&"AUTH-EXT-002"), "{f:#?}");
    assert_eq!(
        ext[0].message,
        "authenticated extended card was served to a request without credentials (GetExtendedAgentCard answered HTTP 200); the public card declares no securitySchemes, so no client can authenticate for it"
    );
    // V13: the live line shows the first evidence: the extended-card call (the second
    // exchange), not the public card fetch.
    assert_eq!(
        ext[0].evidence[0].exchange.as_deref(),
        Some("e2"),
        "{:#?}",
        ext[0].evidence
    );
    assert_eq!(
        ext[0].evidence.last().unwrap().exchange.as_deref(),
        Some("e1")
    );
    assert!(
        ext[0]
            .help
            .starts_with("declare a scheme in the public card"),
        "{}",
        ext[0].help
    );
}

/// The SDK's words for an executor that published an update before the Task.
const ORDER_FAULT: &str = "Received statusUpdate before initial 'Message'/'Task' event.";

/// A 1.0 JSON-RPC agent declaring `streaming: true`: a SendStreamingMessage whose message
/// names no task gets a stream (Task, then COMPLETED) when `streams`, else -32004 with
/// `refusal`; one naming a task (a follow-up turn) gets -32004 with `refusal`.
async fn stream_agent(streams: bool, refusal: &'static str) -> std::net::SocketAddr {
    let me = Arc::new(std::sync::OnceLock::<String>::new());
    let me2 = me.clone();
    let addr = support::serve(Arc::new(move |req: Request<Incoming>| {
        let me = me2.get().cloned().unwrap_or_default();
        Box::pin(async move {
            if req.method() == hyper::Method::GET {
                let card = format!(
                    r#"{{"name":"a","description":"d","version":"1","supportedInterfaces":[{{"url":"{me}/","protocolBinding":"JSONRPC","protocolVersion":"1.0"}}],"capabilities":{{"streaming":true}},"defaultInputModes":["text/plain"],"defaultOutputModes":["text/plain"],"skills":[{{"id":"s","name":"s","description":"s","tags":["t"]}}]}}"#
                );
                return json(200, card, "application/json");
            }
            let body = req.into_body().collect().await.unwrap().to_bytes();
            let v: serde_json::Value = serde_json::from_slice(&body).unwrap_or_default();
            let id = v["id"].clone();
            let follow_up = v.pointer("/params/message/taskId").is_some();
            if streams && !follow_up {
                let ev = |r: serde_json::Value| {
                    format!(
                        "data: {}\n\n",
                        serde_json::json!({"jsonrpc":"2.0","id":id,"result":r})
                    )
                };
                let s = ev(serde_json::json!({"task":{"id":"t1","contextId":"c1","status":{"state":"TASK_STATE_INPUT_REQUIRED"}}}))
                    + &ev(serde_json::json!({"statusUpdate":{"taskId":"t1","contextId":"c1","status":{"state":"TASK_STATE_INPUT_REQUIRED"}}}));
                return json(200, s, "text/event-stream");
            }
            let e = serde_json::json!({"jsonrpc":"2.0","id":id,"error":{"code":-32004,"message":refusal,"data":[{"@type":"type.googleapis.com/google.rpc.ErrorInfo","reason":"UNSUPPORTED_OPERATION","domain":"a2a-protocol.org"}]}});
            json(200, e.to_string(), "application/json")
        })
    }))
    .await;
    me.set(format!("http://{addr}")).unwrap();
    addr
}

/// Fetches the card, then sends SendStreamingMessage per entry of `task_ids` (the follow-up
/// turn names its task); the live findings.
async fn stream_calls(agent: std::net::SocketAddr, task_ids: &[Option<&str>]) -> Vec<Finding> {
    let (_dir, rec, p, base) = support::start_recording_to(agent).await;
    let c = support::client_h1();
    let (st, _, _) = support::fetch(
        &c,
        support::get(&format!("{base}/.well-known/agent-card.json")),
    )
    .await;
    assert_eq!(st, 200);
    settled(&rec, 1).await;
    for (i, t) in task_ids.iter().enumerate() {
        let task = t
            .map(|t| format!(r#","taskId":"{t}","contextId":"c1""#))
            .unwrap_or_default();
        let body = format!(
            r#"{{"jsonrpc":"2.0","id":{i},"method":"SendStreamingMessage","params":{{"message":{{"messageId":"m{i}","role":"ROLE_USER","parts":[{{"text":"hi"}}]{task}}}}}}}"#
        );
        let req = Request::post(format!("{base}/"))
            .header("content-type", "application/json")
            .header("a2a-version", "1.0")
            .body(support::full(body))
            .unwrap();
        let (st, _, _) = support::fetch(&c, req).await;
        assert_eq!(st, 200);
    }
    settled(&rec, 1 + task_ids.len()).await;
    p.finish().await.unwrap().verify.findings
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn v3_a_follow_up_stream_refused_for_the_executors_event_order_blames_the_executor() {
    let agent = stream_agent(true, ORDER_FAULT).await;
    let f = stream_calls(agent, &[None, Some("t1")]).await;
    assert!(!rules(&f).contains(&"CAP-STREAM-002"), "{f:#?}");
    let order: Vec<&Finding> = f.iter().filter(|f| f.rule == "STREAM-FIRST-001").collect();
    assert_eq!(order.len(), 1, "{f:#?}");
    assert_eq!(
        order[0].message,
        format!("agent refused SendStreamingMessage continuing task t1 with -32004 UnsupportedOperationError \"{ORDER_FAULT}\": its executor published an update before the Task, and the SDK turned that into UnsupportedOperationError, which tells the client streaming is unsupported; the stream must start with the Task (STREAM-003)")
    );
    assert!(
        !order[0].help.contains("streaming: false"),
        "{}",
        order[0].help
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn v3_an_agent_that_streamed_before_is_not_told_its_card_lies_about_streaming() {
    // Another refusal text after a working stream: a refusal of this call, not of streaming.
    let agent = stream_agent(true, "task is not in a state to be continued").await;
    let f = stream_calls(agent, &[None, Some("t1")]).await;
    assert!(!rules(&f).contains(&"CAP-STREAM-002"), "{f:#?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn v3_control_an_agent_that_never_streams_is_still_told_its_card_lies() {
    let agent = stream_agent(false, "Streaming is not supported by the agent").await;
    let f = stream_calls(agent, &[None]).await;
    let cap: Vec<&Finding> = f.iter().filter(|f| f.rule == "CAP-STREAM-002").collect();
    assert_eq!(cap.len(), 1, "{f:#?}");
    assert!(!rules(&f).contains(&"STREAM-FIRST-001"), "{f:#?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn v3_a_first_stream_refused_for_the_executors_event_order_blames_the_executor() {
    // breaker17b s26: the executor never publishes the Task; the first stream is refused.
    let agent = stream_agent(
        false,
        "Received artifactUpdate before initial 'Message'/'Task' event.",
    )
    .await;
    let f = stream_calls(agent, &[None]).await;
    assert!(!rules(&f).contains(&"CAP-STREAM-002"), "{f:#?}");
    assert_eq!(
        f.iter().filter(|f| f.rule == "STREAM-FIRST-001").count(),
        1,
        "{f:#?}"
    );
}

/// The URL a card names for its interfaces: set to the proxy's base URL once the proxy
/// runs, so clients following the card stay behind the recorder.
type Named = Arc<std::sync::OnceLock<String>>;

/// A 1.0 agent with one JSON-RPC interface at `/rpc` and one HTTP+JSON interface at
/// `/rest` below the URL in its [`Named`], both declaring `tenant` when given; every POST
/// gets `answer` (status, body, media type); the card at `/.well-known/agent-card.json`.
async fn plain_agent(
    tenant: Option<&'static str>,
    answer: (u16, &'static str, &'static str),
) -> (std::net::SocketAddr, Named) {
    let me = Arc::new(std::sync::OnceLock::<String>::new());
    let me2 = me.clone();
    let addr = support::serve(Arc::new(move |req: Request<Incoming>| {
        let me = me2.get().cloned().unwrap_or_default();
        Box::pin(async move {
            if req.method() == hyper::Method::GET {
                let t = tenant
                    .map(|t| format!(r#""tenant":"{t}","#))
                    .unwrap_or_default();
                let card = format!(
                    r#"{{"name":"py agent","description":"d","supportedInterfaces":[{{"url":"{me}/rpc","protocolBinding":"JSONRPC",{t}"protocolVersion":"1.0"}},{{"url":"{me}/rest","protocolBinding":"HTTP+JSON",{t}"protocolVersion":"1.0"}}],"version":"1","capabilities":{{}},"defaultInputModes":["text/plain"],"defaultOutputModes":["text/plain"],"skills":[{{"id":"s","name":"s","description":"s","tags":["t"]}}]}}"#
                );
                return json(200, card, "application/json");
            }
            // read the whole request first, as a real agent does
            let _ = req.into_body().collect().await;
            json(answer.0, answer.1.to_string(), answer.2)
        })
    }))
    .await;
    (addr, me)
}

/// Fetches the card and POSTs `body` to `path` with `A2A-Version: version` (HTTP/1.1 or
/// h2c); the live findings.
async fn post_once(
    agent: (std::net::SocketAddr, Named),
    path: &str,
    version: &str,
    body: &'static str,
    h2: bool,
) -> Vec<Finding> {
    let (_dir, rec, p, base) = support::start_recording_to(agent.0).await;
    agent.1.set(base.clone()).unwrap();
    let c = if h2 {
        support::client_h2()
    } else {
        support::client_h1()
    };
    support::fetch(
        &c,
        support::get(&format!("{base}/.well-known/agent-card.json")),
    )
    .await;
    // Over h2c the next request can reach the proxy before the card exchange is recorded;
    // the call is judged against the card, so the card goes first, as for a real client.
    settled(&rec, 1).await;
    let req = Request::post(format!("{base}{path}"))
        .header("content-type", "application/json")
        .header("a2a-version", version)
        .body(support::full(body))
        .unwrap();
    support::fetch(&c, req).await;
    settled(&rec, 2).await;
    p.finish().await.unwrap().verify.findings
}

const SEND_1: &str = r#"{"tenant":"acme","message":{"messageId":"m1","role":"ROLE_USER","parts":[{"text":"echo hi"}]}}"#;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn v10_tenant_routes_the_agent_does_not_serve_are_not_called_a_wrong_card_url() {
    for h2 in [false, true] {
        let agent = plain_agent(
            Some("acme"),
            (404, "Not Found", "text/plain; charset=utf-8"),
        )
        .await;
        let f = post_once(agent.clone(), "/rest/acme/message:send", "1.0", SEND_1, h2).await;
        let u: Vec<&Finding> = f.iter().filter(|f| f.rule == "CARD-URL-002").collect();
        assert_eq!(u.len(), 1, "h2={h2}: {f:#?}");
        let rest = format!("{}/rest", agent.1.get().unwrap());
        assert_eq!(
            u[0].message,
            format!("the agent does not serve the tenant routes of HTTP+JSON interface {rest} (tenant acme): POST /rest/acme/message:send answered HTTP 404; 1.0 serves every HTTP+JSON route also under /{{tenant}} directly below the interface url")
        );
        assert!(!u[0].help.contains("advertise the URL"), "{}", u[0].help);
        assert!(
            u[0].help.contains("/rest/acme/message:send"),
            "{}",
            u[0].help
        );
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn v10_control_a_404_below_an_interface_without_tenant_is_still_a_wrong_url() {
    let agent = plain_agent(None, (404, "Not Found", "text/plain; charset=utf-8")).await;
    let f = post_once(agent, "/rest/message:send", "1.0", SEND_1, false).await;
    let u: Vec<&Finding> = f.iter().filter(|f| f.rule == "CARD-URL-002").collect();
    assert_eq!(u.len(), 1, "{f:#?}");
    assert!(
        u[0].message.contains("advertised interface url") && !u[0].message.contains("tenant"),
        "{}",
        u[0].message
    );
}

const SEND_03: &str = r#"{"jsonrpc":"2.0","id":"r1","method":"message/send","params":{"message":{"kind":"message","messageId":"m1","role":"user","parts":[{"kind":"text","text":"hi"}]}}}"#;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn v15_a_requested_03_answered_method_not_found_is_the_agents_warning() {
    for h2 in [false, true] {
        let agent = plain_agent(
            None,
            (200, r#"{"jsonrpc":"2.0","id":"r1","error":{"code":-32601,"message":"Method not found"}}"#, "application/json"),
        )
        .await;
        let f = post_once(agent, "/rpc", "0.3", SEND_03, h2).await;
        let w: Vec<&Finding> = f.iter().filter(|f| f.rule == "VER-HDR-004").collect();
        assert_eq!(w.len(), 1, "h2={h2}: {f:#?}");
        assert_eq!(
            w[0].message,
            "agent answered message/send requested with A2A-Version 0.3 with -32601 MethodNotFoundError; its card declares only 1.0, and VER-002 wants -32009 VersionNotSupportedError for a version it does not serve, so the client learns to switch versions instead of looking for a misspelt method"
        );
        // the live line cites the refused call (e2), not the card (e1)
        assert_eq!(w[0].evidence[0].exchange.as_deref(), Some("e2"));
        let note: Vec<&Finding> = f.iter().filter(|f| f.rule == "VER-CARD-002").collect();
        assert_eq!(note.len(), 1, "{f:#?}");
        assert_eq!(note[0].evidence[0].exchange.as_deref(), Some("e2"));
        assert!(
            !note[0]
                .help
                .contains("-32601 / VersionNotSupportedError is the expected"),
            "{}",
            note[0].help
        );
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn v15_control_a_requested_03_answered_version_not_supported_is_right() {
    let agent = plain_agent(
        None,
        (200, r#"{"jsonrpc":"2.0","id":"r1","error":{"code":-32009,"message":"Version not supported"}}"#, "application/json"),
    )
    .await;
    let f = post_once(agent, "/rpc", "0.3", SEND_03, false).await;
    assert!(!rules(&f).contains(&"VER-HDR-004"), "{f:#?}");
    assert!(rules(&f).contains(&"VER-CARD-002"), "{f:#?}");
}

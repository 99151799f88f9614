/*!
The reference agent (`a2a_interop::refagent`) driven over real loopback HTTP: the client
script passes every step in 1.0 and 0.3, every error code is the one the spec names, the
card carries its caching headers, and stream chunks arrive spread over time, one event per
chunk, with nothing after the terminal event.
*/

use crate::common;

use std::time::{Duration, Instant};

use a2a_interop::model::sse::SseDecoder;
use a2a_interop::refagent;
use a2a_interop::refagent::client;
use a2a_interop::refagent::wire::ProtocolVersion;
use bytes::Bytes;
use http_body_util::{BodyExt, Full};
use hyper_util::client::legacy::{connect::HttpConnector, Client};
use hyper_util::rt::TokioExecutor;
use serde_json::{json, Value};

use common::{start_refagent as agent, CLIENT_STEPS as STEPS};

fn http() -> Client<HttpConnector, Full<Bytes>> {
    Client::builder(TokioExecutor::new()).build_http()
}

/// Raw request; returns status, headers, body bytes.
async fn raw(
    base: &str,
    method: &str,
    path: &str,
    headers: &[(&str, &str)],
    body: impl Into<Bytes>,
) -> (u16, http::HeaderMap, Bytes) {
    let mut b = http::Request::builder()
        .method(method)
        .uri(format!("{base}{path}"));
    for (k, v) in headers {
        b = b.header(*k, *v);
    }
    let req = b.body(Full::new(body.into())).expect("valid request");
    let resp = http().request(req).await.expect("agent answers");
    let status = resp.status().as_u16();
    let h = resp.headers().clone();
    let body = resp.into_body().collect().await.expect("body").to_bytes();
    (status, h, body)
}

/// JSON-RPC call with an optional `A2A-Version`; returns the parsed response.
async fn rpc(base: &str, version: Option<&str>, body: Value) -> Value {
    let mut h = vec![("content-type", "application/json")];
    if let Some(v) = version {
        h.push(("A2A-Version", v));
    }
    let (status, _, bytes) = raw(base, "POST", "/", &h, body.to_string()).await;
    assert_eq!(status, 200, "{}", String::from_utf8_lossy(&bytes));
    serde_json::from_slice(&bytes).expect("JSON-RPC response")
}

fn error_code(v: &Value) -> Option<i64> {
    v.pointer("/error/code").and_then(Value::as_i64)
}

fn msg_1_0(text: &str) -> Value {
    json!({"messageId": uuid::Uuid::new_v4().to_string(), "role": "ROLE_USER", "parts": [{"text": text}]})
}

fn msg_0_3(text: &str) -> Value {
    json!({"kind": "message", "messageId": uuid::Uuid::new_v4().to_string(), "role": "user",
           "parts": [{"kind": "text", "text": text}]})
}

fn req(id: i64, method: &str, params: Value) -> Value {
    json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params})
}

async fn run_client(version: ProtocolVersion) {
    let a = agent(None).await;
    let base = format!("http://{}", a.local_addr());
    let steps = client::run(&base, version).await;
    let names: Vec<&str> = steps.iter().map(|s| s.name.as_str()).collect();
    assert_eq!(names, STEPS, "{steps:#?}");
    for s in &steps {
        assert!(
            s.ok,
            "{} failed in {}: {}",
            s.name,
            version.as_str(),
            s.detail
        );
    }
    a.shutdown().await;
}

#[tokio::test]
async fn client_passes_every_step_in_1_0() {
    run_client(ProtocolVersion::V1_0).await;
}

#[tokio::test]
async fn client_passes_every_step_in_0_3() {
    run_client(ProtocolVersion::V0_3).await;
}

#[tokio::test]
async fn card_has_both_interfaces_and_caching_headers() {
    let a = agent(Some("http://127.0.0.1:9/base/".into())).await;
    let base = format!("http://{}", a.local_addr());
    let (status, h, body) = raw(&base, "GET", refagent::AGENT_CARD_PATH, &[], "").await;
    assert_eq!(status, 200);
    let card: Value = serde_json::from_slice(&body).expect("card JSON");
    let ifaces = card["supportedInterfaces"].as_array().expect("array");
    assert_eq!(ifaces.len(), 2);
    assert_eq!(
        ifaces[0],
        json!({"url": "http://127.0.0.1:9/base/", "protocolBinding": "JSONRPC", "protocolVersion": "1.0"})
    );
    assert_eq!(ifaces[1]["protocolVersion"], "0.3");
    assert_eq!(card["url"], "http://127.0.0.1:9/base/");
    assert_eq!(card["preferredTransport"], "JSONRPC");
    assert_eq!(card["protocolVersion"], "0.3.0");
    for k in [
        "name",
        "description",
        "version",
        "capabilities",
        "defaultInputModes",
        "defaultOutputModes",
        "skills",
    ] {
        assert!(card.get(k).is_some(), "card lacks {k}");
    }
    assert!(h["content-type"]
        .to_str()
        .unwrap_or("")
        .starts_with("application/json"));
    let cc = h["cache-control"].to_str().unwrap_or("");
    assert!(cc.contains("max-age="), "{cc}");
    let etag = h["etag"].to_str().expect("etag").to_string();
    let (status, h2, body2) = raw(
        &base,
        "GET",
        refagent::AGENT_CARD_PATH,
        &[("if-none-match", &etag)],
        "",
    )
    .await;
    assert_eq!(status, 304);
    assert!(body2.is_empty());
    assert_eq!(h2["etag"].to_str().unwrap_or(""), etag);
    let (status, _, _) = raw(&base, "POST", refagent::AGENT_CARD_PATH, &[], "").await;
    assert_eq!(status, 405);
    let (status, _, _) = raw(&base, "GET", "/nope", &[], "").await;
    assert_eq!(status, 404);
    a.shutdown().await;
}

#[tokio::test]
async fn error_codes_are_the_spec_ones() {
    let a = agent(None).await;
    let base = format!("http://{}", a.local_addr());
    let b = base.as_str();
    let v1 = Some("1.0");

    // -32700: not JSON; id null.
    let (_, _, body) = raw(b, "POST", "/", &[("A2A-Version", "1.0")], "{not json").await;
    let r: Value = serde_json::from_slice(&body).expect("json");
    assert_eq!(error_code(&r), Some(-32700));
    assert_eq!(r["id"], Value::Null);
    assert_eq!(r["jsonrpc"], "2.0");

    // -32600: not an object, wrong jsonrpc, missing method, bad id type.
    for bad in [
        json!([1, 2]),
        json!({"jsonrpc": "1.0", "id": 1, "method": "GetTask", "params": {"id": "x"}}),
        json!({"jsonrpc": "2.0", "id": 1}),
        json!({"jsonrpc": "2.0", "id": {"x": 1}, "method": "GetTask"}),
        json!({"jsonrpc": "2.0", "method": "GetTask", "params": {"id": "x"}}),
    ] {
        let r = rpc(b, v1, bad.clone()).await;
        assert_eq!(error_code(&r), Some(-32600), "{bad} -> {r}");
    }

    // -32601: unknown method; 1.0 method without A2A-Version (VER-003 = 0.3); 0.3 method
    // with 1.0 header. The id is echoed (RPC-002).
    let r = rpc(b, v1, req(7, "tasks/send", json!({}))).await;
    assert_eq!(error_code(&r), Some(-32601));
    assert_eq!(r["id"], 7);
    let r = rpc(b, None, req(8, "GetTask", json!({"id": "x"}))).await;
    assert_eq!(error_code(&r), Some(-32601), "{r}");
    let r = rpc(b, v1, req(9, "tasks/get", json!({"id": "x"}))).await;
    assert_eq!(error_code(&r), Some(-32601), "{r}");
    let r = rpc(b, Some("0.3"), req(10, "ListTasks", json!({}))).await;
    assert_eq!(error_code(&r), Some(-32601), "{r}");

    // -32602: invalid params, both dialects.
    for (ver, bad) in [
        (v1, req(1, "SendMessage", json!({}))),
        (
            v1,
            req(
                1,
                "SendMessage",
                json!({"message": {"role": "ROLE_USER", "parts": [{"text": "x"}]}}),
            ),
        ),
        (
            v1,
            req(
                1,
                "SendMessage",
                json!({"message": {"messageId": "m", "role": "user", "parts": [{"text": "x"}]}}),
            ),
        ),
        (
            v1,
            req(
                1,
                "SendMessage",
                json!({"message": {"messageId": "m", "role": "ROLE_USER", "parts": []}}),
            ),
        ),
        (
            v1,
            req(
                1,
                "SendMessage",
                json!({"message": {"messageId": "m", "role": "ROLE_USER", "parts": [{"kind": "text", "text": "x"}]}}),
            ),
        ),
        (v1, req(1, "GetTask", json!({}))),
        (
            v1,
            req(1, "GetTask", json!({"id": "x", "historyLength": -1})),
        ),
        (v1, req(1, "ListTasks", json!({"pageSize": 0}))),
        (
            None,
            req(1, "message/send", json!({"message": msg_1_0("echo x")})),
        ),
        (None, req(1, "tasks/cancel", json!("x"))),
    ] {
        let r = rpc(b, ver, bad.clone()).await;
        assert_eq!(error_code(&r), Some(-32602), "{bad} -> {r}");
    }

    // -32001: unknown task; 1.0 carries ErrorInfo (ERR-004), 0.3 no data.
    let r = rpc(b, v1, req(1, "GetTask", json!({"id": "does-not-exist"}))).await;
    assert_eq!(error_code(&r), Some(-32001));
    assert_eq!(r["error"]["data"][0]["reason"], "TASK_NOT_FOUND");
    assert_eq!(
        r["error"]["data"][0]["@type"],
        "type.googleapis.com/google.rpc.ErrorInfo"
    );
    let r = rpc(
        b,
        None,
        req(1, "tasks/get", json!({"id": "does-not-exist"})),
    )
    .await;
    assert_eq!(error_code(&r), Some(-32001));
    assert!(r["error"].get("data").is_none(), "{r}");
    let r = rpc(b, v1, req(1, "CancelTask", json!({"id": "does-not-exist"}))).await;
    assert_eq!(error_code(&r), Some(-32001));
    let r = rpc(
        b,
        v1,
        req(1, "SubscribeToTask", json!({"id": "does-not-exist"})),
    )
    .await;
    assert_eq!(error_code(&r), Some(-32001));
    // ID-001: a client-chosen taskId cannot create a task.
    let mut m = msg_1_0("task x");
    m["taskId"] = json!("client-made-up");
    let r = rpc(b, v1, req(1, "SendMessage", json!({"message": m}))).await;
    assert_eq!(error_code(&r), Some(-32001), "{r}");

    // A completed task: -32002 on cancel, -32004 on a new message and on SubscribeToTask.
    let r = rpc(
        b,
        v1,
        req(1, "SendMessage", json!({"message": msg_1_0("task done")})),
    )
    .await;
    let task = &r["result"]["task"];
    assert_eq!(task["status"]["state"], "TASK_STATE_COMPLETED", "{r}");
    let id = task["id"].as_str().expect("task id").to_string();
    let r = rpc(b, v1, req(2, "CancelTask", json!({"id": id}))).await;
    assert_eq!(error_code(&r), Some(-32002), "{r}");
    assert_eq!(r["error"]["data"][0]["reason"], "TASK_NOT_CANCELABLE");
    let mut m = msg_1_0("more");
    m["taskId"] = json!(id);
    let r = rpc(b, v1, req(3, "SendMessage", json!({"message": m}))).await;
    assert_eq!(error_code(&r), Some(-32004), "{r}");
    let r = rpc(b, v1, req(4, "SubscribeToTask", json!({"id": id}))).await;
    assert_eq!(error_code(&r), Some(-32004), "{r}");
    assert_eq!(r["error"]["data"][0]["reason"], "UNSUPPORTED_OPERATION");
    let r = rpc(b, None, req(5, "tasks/cancel", json!({"id": id}))).await;
    assert_eq!(error_code(&r), Some(-32002), "{r}");

    // -32009: unsupported version, ErrorInfo whatever the method.
    for ver in ["99.0", "0.2", "2"] {
        let r = rpc(
            b,
            Some(ver),
            req(1, "SendMessage", json!({"message": msg_1_0("echo")})),
        )
        .await;
        assert_eq!(error_code(&r), Some(-32009), "{ver}: {r}");
        assert_eq!(r["error"]["data"][0]["reason"], "VERSION_NOT_SUPPORTED");
        assert_eq!(r["error"]["data"][0]["domain"], "a2a-protocol.org");
    }
    // The query parameter stands in for the header (VER-001).
    let (_, _, body) = raw(
        b,
        "POST",
        "/?A2A-Version=1.0",
        &[],
        req(1, "GetTask", json!({"id": "nope"})).to_string(),
    )
    .await;
    let r: Value = serde_json::from_slice(&body).expect("json");
    assert_eq!(error_code(&r), Some(-32001), "{r}");

    // Oversized body: 413 with -32600, no panic.
    let big = vec![b'x'; refagent::MAX_REQUEST_BYTES + 10];
    let (status, _, body) = raw(b, "POST", "/", &[], big).await;
    assert_eq!(status, 413);
    let r: Value = serde_json::from_slice(&body).expect("json");
    assert_eq!(error_code(&r), Some(-32600));
    // GET on the RPC endpoint.
    let (status, _, _) = raw(b, "GET", "/", &[], "").await;
    assert_eq!(status, 405);
    a.shutdown().await;
}

#[tokio::test]
async fn context_rules_and_ids() {
    let a = agent(None).await;
    let b = format!("http://{}", a.local_addr());
    let v1 = Some("1.0");
    // A client contextId is kept (ID-002); echo replies carry it and no taskId (ID-004).
    let mut m = msg_1_0("echo hi");
    m["contextId"] = json!("ctx-client-1");
    let r = rpc(&b, v1, req(1, "SendMessage", json!({"message": m}))).await;
    let msg = &r["result"]["message"];
    assert_eq!(msg["contextId"], "ctx-client-1", "{r}");
    assert_eq!(msg["role"], "ROLE_AGENT");
    assert!(msg.get("taskId").is_none());
    // Server-generated ids and a minted context.
    let r = rpc(
        &b,
        v1,
        req(2, "SendMessage", json!({"message": msg_1_0("input pls")})),
    )
    .await;
    let t = &r["result"]["task"];
    assert_eq!(t["status"]["state"], "TASK_STATE_INPUT_REQUIRED", "{r}");
    let id = t["id"].as_str().expect("id");
    let ctx = t["contextId"].as_str().expect("contextId");
    assert!(uuid::Uuid::parse_str(id).is_ok() && uuid::Uuid::parse_str(ctx).is_ok());
    let ts = t["status"]["timestamp"].as_str().expect("timestamp");
    assert!(
        chrono::DateTime::parse_from_rfc3339(ts).is_ok() && ts.ends_with('Z') && ts.len() == 24,
        "{ts}"
    );
    // ID-003: a different contextId on the task is rejected, the task stays as it was.
    let mut m = msg_1_0("more");
    m["taskId"] = json!(id);
    m["contextId"] = json!("other-context");
    let r = rpc(&b, v1, req(3, "SendMessage", json!({"message": m}))).await;
    assert_eq!(error_code(&r), Some(-32602), "{r}");
    let r = rpc(
        &b,
        v1,
        req(4, "GetTask", json!({"id": id, "historyLength": 0})),
    )
    .await;
    assert_eq!(r["result"]["status"]["state"], "TASK_STATE_INPUT_REQUIRED");
    assert!(
        r["result"].get("history").is_none(),
        "historyLength 0 omits history: {r}"
    );
    // ListTasks finds it by context.
    let r = rpc(&b, v1, req(5, "ListTasks", json!({"contextId": ctx}))).await;
    assert_eq!(r["result"]["totalSize"], 1, "{r}");
    assert_eq!(r["result"]["tasks"][0]["id"], id);
    assert_eq!(r["result"]["nextPageToken"], "");
    a.shutdown().await;
}

/// Reads a stream and returns (arrival ms since the request, data of the event) per event,
/// checking that each body chunk holds whole events.
async fn read_stream(base: &str, version: Option<&str>, body: Value) -> Vec<(f64, Value)> {
    read_stream_noting_first(base, version, body, None).await
}

/// [`read_stream`], and `first` is told when the first event has arrived (a subscriber
/// that is subscribed).
async fn read_stream_noting_first(
    base: &str,
    version: Option<&str>,
    body: Value,
    mut first: Option<tokio::sync::oneshot::Sender<()>>,
) -> Vec<(f64, Value)> {
    let mut b = http::Request::builder()
        .method("POST")
        .uri(format!("{base}/"))
        .header("content-type", "application/json");
    if let Some(v) = version {
        b = b.header("A2A-Version", v);
    }
    let req = b
        .body(Full::new(Bytes::from(body.to_string())))
        .expect("request");
    let started = Instant::now();
    let resp = http().request(req).await.expect("agent answers");
    assert_eq!(resp.status(), 200);
    assert_eq!(resp.headers()["content-type"], "text/event-stream");
    let mut body = resp.into_body();
    let mut dec = SseDecoder::new();
    let mut out = Vec::new();
    let read = async {
        while let Some(f) = body.frame().await {
            let f = f.expect("frame");
            if let Ok(d) = f.into_data() {
                let evs = dec.push_data(&d);
                assert_eq!(evs.len(), 1, "one event per chunk");
                for e in evs {
                    out.push((
                        started.elapsed().as_secs_f64() * 1000.0,
                        serde_json::from_str::<Value>(&e).expect("event JSON"),
                    ));
                    if let Some(tx) = first.take() {
                        let _ = tx.send(());
                    }
                }
            }
        }
    };
    tokio::time::timeout(Duration::from_secs(20), read)
        .await
        .expect("stream closes by itself");
    out
}

#[tokio::test]
async fn slow_stream_chunks_arrive_spread_and_stream_closes_at_terminal() {
    let a = agent(None).await;
    let b = format!("http://{}", a.local_addr());
    // 1.0
    let evs = read_stream(
        &b,
        Some("1.0"),
        req(
            42,
            "SendStreamingMessage",
            json!({"message": msg_1_0("slow hello")}),
        ),
    )
    .await;
    let kinds: Vec<&str> = evs
        .iter()
        .map(|(_, e)| {
            assert_eq!(e["id"], 42);
            let r = e["result"].as_object().expect("result object");
            assert_eq!(r.len(), 1, "exactly one StreamResponse member");
            r.keys().next().map(String::as_str).unwrap_or("")
        })
        .collect();
    assert_eq!(
        kinds,
        [
            "task",
            "statusUpdate",
            "artifactUpdate",
            "artifactUpdate",
            "artifactUpdate",
            "artifactUpdate",
            "statusUpdate"
        ]
    );
    let arts: Vec<&(f64, Value)> = evs
        .iter()
        .filter(|(_, e)| e["result"].get("artifactUpdate").is_some())
        .collect();
    let interval = refagent::tasks::SLOW_CHUNK_INTERVAL.as_secs_f64() * 1000.0;
    for w in arts.windows(2) {
        assert!(
            w[1].0 - w[0].0 >= interval * 0.5,
            "chunks {:.0} ms and {:.0} ms are not spread",
            w[0].0,
            w[1].0
        );
    }
    let ids: Vec<&Value> = arts
        .iter()
        .map(|(_, e)| &e["result"]["artifactUpdate"]["artifact"]["artifactId"])
        .collect();
    assert!(ids.windows(2).all(|w| w[0] == w[1]), "same artifactId");
    assert!(arts[0].1["result"]["artifactUpdate"]
        .get("append")
        .is_none());
    assert_eq!(arts[1].1["result"]["artifactUpdate"]["append"], true);
    assert_eq!(arts[3].1["result"]["artifactUpdate"]["lastChunk"], true);
    let task_id = &evs[0].1["result"]["task"]["id"];
    for (_, e) in &evs[1..] {
        let inner = e["result"]
            .as_object()
            .and_then(|o| o.values().next())
            .expect("inner");
        assert_eq!(
            &inner["taskId"], task_id,
            "every event names the task (ID-005)"
        );
    }
    assert_eq!(
        evs[6].1["result"]["statusUpdate"]["status"]["state"],
        "TASK_STATE_COMPLETED"
    );

    // 0.3: kind discriminators, final only on the last event.
    let evs = read_stream(
        &b,
        None,
        json!({"jsonrpc": "2.0", "id": "s1", "method": "message/stream",
               "params": {"message": msg_0_3("slow hello")}}),
    )
    .await;
    let kinds: Vec<&str> = evs
        .iter()
        .map(|(_, e)| e["result"]["kind"].as_str().unwrap_or("?"))
        .collect();
    assert_eq!(
        kinds,
        [
            "task",
            "status-update",
            "artifact-update",
            "artifact-update",
            "artifact-update",
            "artifact-update",
            "status-update"
        ]
    );
    assert_eq!(evs[1].1["result"]["final"], false);
    assert_eq!(evs[6].1["result"]["final"], true);
    assert_eq!(evs[6].1["result"]["status"]["state"], "completed");
    assert_eq!(evs[5].1["result"]["lastChunk"], true);

    // Echo as a stream: one message event, then close (STREAM-002).
    let evs = read_stream(
        &b,
        Some("1.0"),
        req(
            1,
            "SendStreamingMessage",
            json!({"message": msg_1_0("echo x")}),
        ),
    )
    .await;
    assert_eq!(evs.len(), 1);
    assert!(evs[0].1["result"].get("message").is_some());
    a.shutdown().await;
}

#[tokio::test]
async fn subscribe_follows_a_task_until_cancel() {
    let a = agent(None).await;
    let b = format!("http://{}", a.local_addr());
    let r = rpc(
        &b,
        Some("1.0"),
        req(
            1,
            "SendMessage",
            json!({"message": msg_1_0("cancel me"), "configuration": {"returnImmediately": true}}),
        ),
    )
    .await;
    let id = r["result"]["task"]["id"]
        .as_str()
        .expect("task id")
        .to_string();
    let b2 = b.clone();
    let id2 = id.clone();
    let (subscribed, first) = tokio::sync::oneshot::channel();
    let sub = tokio::spawn(async move {
        read_stream_noting_first(
            &b2,
            Some("1.0"),
            req(2, "SubscribeToTask", json!({"id": id2})),
            Some(subscribed),
        )
        .await
    });
    // the cancel goes once the subscriber has its first event (it is subscribed), not
    // after a fixed time: a SubscribeToTask that arrives after the cancel finds the task
    // terminal
    tokio::time::timeout(Duration::from_secs(20), first)
        .await
        .expect("the subscriber's first event within 20 s")
        .expect("the subscriber's first event");
    let r = rpc(&b, Some("1.0"), req(3, "CancelTask", json!({"id": id}))).await;
    assert_eq!(r["result"]["status"]["state"], "TASK_STATE_CANCELED", "{r}");
    let evs = sub.await.expect("subscriber");
    assert_eq!(evs[0].1["result"]["task"]["id"], id.as_str());
    let last = &evs[evs.len() - 1].1["result"]["statusUpdate"]["status"]["state"];
    assert_eq!(last, "TASK_STATE_CANCELED", "{evs:?}");
    a.shutdown().await;
}

#[tokio::test]
async fn garbage_requests_get_errors_and_the_agent_keeps_serving() {
    let a = agent(None).await;
    let b = format!("http://{}", a.local_addr());
    let deep = "[".repeat(10_000);
    let bodies: Vec<Vec<u8>> = vec![
        vec![0xff, 0xfe, 0x00, 0x01],
        deep.into_bytes(),
        b"null".to_vec(),
        b"\"just a string\"".to_vec(),
        br#"{"jsonrpc":"2.0","id":1,"method":"SendMessage","params":{"message":{"messageId":7,"role":"ROLE_USER","parts":[{"text":1}]}}}"#.to_vec(),
        br#"{"jsonrpc":"2.0","id":1,"method":"SendMessage","params":{"message":{"messageId":"m","role":"ROLE_USER","parts":[{"text":"x"}],"taskId":5}}}"#.to_vec(),
        br#"{"jsonrpc":"2.0","id":1,"method":"SendMessage","params":{"message":{"messageId":"m","role":"ROLE_USER","parts":[{"text":"task"}]},"configuration":{"returnImmediately":"yes","historyLength":-3}}}"#.to_vec(),
        br#"{"jsonrpc":"2.0","id":1e400,"method":"GetTask","params":{"id":"x"}}"#.to_vec(),
        br#"{"jsonrpc":"2.0","id":1,"method":"ListTasks","params":{"pageToken":"zz","status":"TASK_STATE_NOPE"}}"#.to_vec(),
        br#"{"jsonrpc":"2.0","id":1,"method":"SubscribeToTask","params":[]}"#.to_vec(),
    ];
    for body in bodies {
        let (status, _, resp) = raw(
            &b,
            "POST",
            "/",
            &[("A2A-Version", "1.0"), ("content-type", "application/json")],
            body.clone(),
        )
        .await;
        assert_eq!(status, 200, "{}", String::from_utf8_lossy(&body));
        let r: Value = serde_json::from_slice(&resp).expect("JSON-RPC error response");
        let code = error_code(&r).unwrap_or(0);
        assert!(
            [-32700, -32600, -32602].contains(&code),
            "{} -> {r}",
            String::from_utf8_lossy(&body)
        );
    }
    let steps = client::run(&b, ProtocolVersion::V1_0).await;
    assert!(steps.iter().all(|s| s.ok), "{steps:#?}");
    a.shutdown().await;
}

/// Asserts a -32003 PushNotificationNotSupportedError; in 1.0 with ErrorInfo `data`
/// (ERR-004), in 0.3 without.
fn assert_push_not_supported(r: &Value, v1: bool, what: &str) {
    assert_eq!(error_code(r), Some(-32003), "{what}: {r}");
    assert!(r.get("result").is_none(), "{what}: {r}");
    if v1 {
        assert_eq!(
            r.pointer("/error/data/0/reason").and_then(Value::as_str),
            Some("PUSH_NOTIFICATION_NOT_SUPPORTED"),
            "{what}: {r}"
        );
        assert_eq!(
            r.pointer("/error/data/0/@type").and_then(Value::as_str),
            Some("type.googleapis.com/google.rpc.ErrorInfo"),
            "{what}: {r}"
        );
    } else {
        assert!(r.pointer("/error/data").is_none(), "{what}: {r}");
    }
}

#[tokio::test]
async fn push_config_methods_and_inline_configs_are_not_supported() {
    // the reference agent serves push by default; this is the agent with push turned off
    let a = refagent::start_with(
        refagent::RefAgentConfig {
            listen: "127.0.0.1:0".parse().expect("literal address"),
            public_url: None,
        },
        refagent::RefAgentOptions {
            push: false,
            ..refagent::RefAgentOptions::default()
        },
    )
    .await
    .expect("bind a loopback port");
    let b = format!("http://{}", a.local_addr());
    let (_, _, card) = raw(&b, "GET", refagent::AGENT_CARD_PATH, &[], "").await;
    let card: Value = serde_json::from_slice(&card).expect("card JSON");
    assert_eq!(card["capabilities"]["pushNotifications"], false);
    // A real task, so "not supported" is not a task-not-found in disguise.
    let r = rpc(
        &b,
        Some("1.0"),
        req(1, "SendMessage", json!({"message": msg_1_0("task hello")})),
    )
    .await;
    let id = r["result"]["task"]["id"]
        .as_str()
        .expect("task id")
        .to_string();
    let push = json!({"url": "http://127.0.0.1:9/hook", "token": "t"});

    // PUSH-001, 1.0 methods.
    let v1 = [
        (
            "CreateTaskPushNotificationConfig",
            json!({"taskId": id, "url": "http://127.0.0.1:9/hook"}),
        ),
        (
            "GetTaskPushNotificationConfig",
            json!({"taskId": id, "id": "cfg-1"}),
        ),
        ("ListTaskPushNotificationConfigs", json!({"taskId": id})),
        (
            "DeleteTaskPushNotificationConfig",
            json!({"taskId": id, "id": "cfg-1"}),
        ),
    ];
    for (n, (method, params)) in v1.into_iter().enumerate() {
        let r = rpc(&b, Some("1.0"), req(10 + n as i64, method, params)).await;
        assert_push_not_supported(&r, true, method);
        assert_eq!(r["id"], 10 + n as i64);
    }
    // PUSH-001, 0.3 methods.
    let v03 = [
        (
            "tasks/pushNotificationConfig/set",
            json!({"taskId": id, "pushNotificationConfig": push}),
        ),
        (
            "tasks/pushNotificationConfig/get",
            json!({"id": id, "pushNotificationConfigId": "cfg-1"}),
        ),
        ("tasks/pushNotificationConfig/list", json!({"id": id})),
        (
            "tasks/pushNotificationConfig/delete",
            json!({"id": id, "pushNotificationConfigId": "cfg-1"}),
        ),
    ];
    for (method, params) in v03 {
        let r = rpc(&b, None, req(20, method, params)).await;
        assert_push_not_supported(&r, false, method);
    }
    // The dialect rule still holds: a 0.3 push method under 1.0 is -32601 (RPC-003).
    let r = rpc(
        &b,
        Some("1.0"),
        req(
            30,
            "tasks/pushNotificationConfig/set",
            json!({"taskId": id}),
        ),
    )
    .await;
    assert_eq!(error_code(&r), Some(-32601), "{r}");

    // Inline push config on a message (PUSH-002 form), send and stream, both dialects.
    for method in ["SendMessage", "SendStreamingMessage"] {
        let params = json!({"message": msg_1_0("task hello"),
            "configuration": {"taskPushNotificationConfig": push}});
        let r = rpc(&b, Some("1.0"), req(40, method, params)).await;
        assert_push_not_supported(&r, true, method);
    }
    for method in ["message/send", "message/stream"] {
        let params = json!({"message": msg_0_3("task hello"),
            "configuration": {"pushNotificationConfig": push, "blocking": true}});
        let r = rpc(&b, None, req(41, method, params)).await;
        assert_push_not_supported(&r, false, method);
    }
    // The other dialect's key is not a push config, and null means none: plain sends work.
    let params = json!({"message": msg_1_0("echo hi"),
        "configuration": {"pushNotificationConfig": push, "taskPushNotificationConfig": null}});
    let r = rpc(&b, Some("1.0"), req(50, "SendMessage", params)).await;
    assert_eq!(
        r["result"]["message"]["parts"][0]["text"], "echo: echo hi",
        "{r}"
    );
    a.shutdown().await;
}

/// Push on (the default): inline configs in both dialects get notifications for every later
/// change (PUSH-002, PUSH-004, PUSH-005): 1.0 one `StreamResponse` per change as
/// `application/a2a+json`, 0.3 the whole Task as `application/json`; the token in
/// `X-A2A-Notification-Token` and the configured credentials in `Authorization`; the
/// last one terminal.
#[tokio::test]
async fn inline_push_configs_deliver_every_change_with_token_and_credentials() {
    let hook = a2a_interop::probe::WebhookReceiver::start()
        .await
        .expect("webhook receiver");
    let base_hook = format!("http://{}", hook.local_addr());
    let a = agent(None).await;
    let b = format!("http://{}", a.local_addr());
    let (_, _, card) = raw(&b, "GET", refagent::AGENT_CARD_PATH, &[], "").await;
    let card: Value = serde_json::from_slice(&card).expect("card JSON");
    assert_eq!(card["capabilities"]["pushNotifications"], true);

    let cfg_1_0 = json!({"url": format!("{base_hook}/v1"), "token": "tok-1",
        "authentication": {"scheme": "Bearer", "credentials": "cred-1"}});
    let r = rpc(
        &b,
        Some("1.0"),
        req(
            1,
            "SendMessage",
            json!({"message": msg_1_0("task hello"),
            "configuration": {"taskPushNotificationConfig": cfg_1_0}}),
        ),
    )
    .await;
    let id1 = r["result"]["task"]["id"]
        .as_str()
        .expect("task id")
        .to_string();
    let cfg_0_3 = json!({"url": format!("{base_hook}/v03"), "token": "tok-3"});
    let r = rpc(
        &b,
        None,
        req(
            2,
            "message/send",
            json!({"message": msg_0_3("task hello"),
            "configuration": {"pushNotificationConfig": cfg_0_3, "blocking": true}}),
        ),
    )
    .await;
    let id3 = r["result"]["id"].as_str().expect("task id").to_string();

    let inbox = hook.webhook().expect("webhook").inbox;
    let deadline = Instant::now() + Duration::from_secs(30);
    while (inbox.at("/v1").len() < 3 || inbox.at("/v03").len() < 3) && Instant::now() < deadline {
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    // 1.0: working, the artifact, completed
    let v1 = inbox.at("/v1");
    assert_eq!(v1.len(), 3, "{v1:#?}");
    for n in &v1 {
        assert_eq!(n.header("content-type"), Some("application/a2a+json"));
        assert_eq!(n.header("x-a2a-notification-token"), Some("tok-1"));
        assert_eq!(n.header("authorization"), Some("Bearer cred-1"));
    }
    let bodies: Vec<Value> = v1
        .iter()
        .map(|n| serde_json::from_slice(&n.body).expect("JSON body"))
        .collect();
    assert_eq!(bodies[0]["statusUpdate"]["taskId"], json!(id1));
    assert_eq!(
        bodies[0]["statusUpdate"]["status"]["state"],
        "TASK_STATE_WORKING"
    );
    assert_eq!(bodies[1]["artifactUpdate"]["taskId"], json!(id1));
    assert_eq!(
        bodies[2]["statusUpdate"]["status"]["state"],
        "TASK_STATE_COMPLETED"
    );
    // 0.3: the Task after each change, no credentials configured
    let v03 = inbox.at("/v03");
    assert_eq!(v03.len(), 3, "{v03:#?}");
    for n in &v03 {
        assert_eq!(n.header("content-type"), Some("application/json"));
        assert_eq!(n.header("x-a2a-notification-token"), Some("tok-3"));
        assert_eq!(n.header("authorization"), None);
        let t: Value = serde_json::from_slice(&n.body).expect("JSON body");
        assert_eq!(t["kind"], "task");
        assert_eq!(t["id"], json!(id3));
    }
    let last: Value = serde_json::from_slice(&v03[2].body).expect("JSON body");
    assert_eq!(last["status"]["state"], "completed");
    a.shutdown().await;
    hook.shutdown().await;
}

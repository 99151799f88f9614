/*!
A2A client script (hyper-util client, JSON-RPC binding) that drives one agent like a real
client: it fetches the Agent Card from the base URL, then talks only to the JSON-RPC
interface URL the card advertises for the chosen protocol version (CARD-005, CARD-006).
It is the demo's client and a cross-check against SDK agents.

Steps, in order (same names as the SDK test clients in `tests/peers/`):

| step | what | passes when |
|---|---|---|
| `card` | `GET /.well-known/agent-card.json` | 200 JSON with a JSONRPC interface of the version |
| `send` | send "echo hello" | a Message with "echo: echo hello" |
| `send-task` | send "task hello" | a completed Task with one artifact |
| `stream` | stream "slow hello" | first event a Task, 4 artifact chunks (append on 2-4, lastChunk on 4), ends completed (0.3: `final:true` last) |
| `get` | get the streamed task | completed, artifact text "The quick brown fox." |
| `cancel` | send "cancel me" without waiting, cancel, get | cancel result and get both canceled |
| `input` | "input please", then a second message with only the `taskId` | input-required, then completed, same task and context |
| `fail` | send "fail now" | a failed Task |
| `missing` | get task `does-not-exist-0000` | JSON-RPC error -32001 (TASK-009) |
| `push` (only with a webhook, [`run_with_webhook`]) | "input please", a push config for the task (`url` = the webhook + `/demo-push/<version>`), "here is more" | the config is created with an `id` (PUSH-003) and the webhook gets the task's notifications up to `completed` (PUSH-004, PUSH-005); the step says how many it got (`notifications=N`, every delivery at the config's URL, artifact updates too) and the task states they carried |

A step fails, never panics, on transport errors, timeouts ([`REQUEST_TIMEOUT`]) and
malformed replies. Only plain `http://` base URLs are supported.
*/

use std::time::{Duration, Instant};

use bytes::Bytes;
use http::{header, Method, Request, Uri};
use http_body_util::{BodyExt, Full};
use hyper_util::client::legacy::{connect::HttpConnector, Client};
use hyper_util::rt::TokioExecutor;
use serde_json::{json, Value};

use super::wire::ProtocolVersion;
use crate::model::a2a;
use crate::model::sse::SseDecoder;
use crate::probe::Webhook;

/// Longest time one request (or one whole stream) may take before its step fails (30 s).
pub const REQUEST_TIMEOUT: Duration = Duration::from_secs(30);

/// Outcome of one client step.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StepResult {
    /// Step name, e.g. `stream` (see the module table).
    pub name: String,
    /// Whether the agent behaved as the step expects.
    pub ok: bool,
    /// What was seen (states, kinds, error codes), one line.
    pub detail: String,
    /// Wall time of the step in ms.
    pub duration_ms: u64,
}

impl std::fmt::Display for StepResult {
    /// `STEP <name> ok|ERROR <detail>`, the SDK test clients' line format.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let verdict = if self.ok { "ok" } else { "ERROR" };
        write!(f, "STEP {} {} {}", self.name, verdict, self.detail)
    }
}

/// One event of a stream: arrival time since the request was sent, and the JSON-RPC
/// `result` (or `Err(error object)`).
#[derive(Clone, Debug)]
pub struct StreamEvent {
    /// Arrival time in ms since the request was sent.
    pub at_ms: f64,
    /// `result` of the event's JSON-RPC response, or its `error` object.
    pub result: Result<Value, Value>,
}

/// A JSON-RPC connection to one interface URL.
pub struct RpcClient {
    http: Client<HttpConnector, Full<Bytes>>,
    url: Uri,
    version: ProtocolVersion,
    next_id: u64,
}

impl RpcClient {
    /// A client for `url` (the interface URL, plain http) speaking `version`.
    ///
    /// # Errors
    /// `url` does not parse as a URI.
    pub fn new(url: &str, version: ProtocolVersion) -> Result<Self, String> {
        let url: Uri = url.parse().map_err(|e| format!("bad url {url}: {e}"))?;
        Ok(RpcClient {
            http: Client::builder(TokioExecutor::new()).build_http(),
            url,
            version,
            next_id: 0,
        })
    }

    /// The method name of an operation in this client's dialect (1.0 name given; DIGEST §1
    /// map from [`crate::model::a2a`]). A name with no 0.3 method (e.g. `ListTasks`) is sent
    /// as given.
    pub fn method(&self, op_1_0: &'static str) -> &'static str {
        if self.version == ProtocolVersion::V1_0 {
            return op_1_0;
        }
        a2a::method_op(op_1_0)
            .and_then(|(op, _)| a2a::op_method(op, a2a::Dialect::V0_3))
            .unwrap_or(op_1_0)
    }

    fn request(
        &mut self,
        op_1_0: &'static str,
        params: Value,
    ) -> Result<Request<Full<Bytes>>, String> {
        self.next_id += 1;
        // 1.0 uses number ids, 0.3 string ids: both are legal (RPC-002).
        let id = match self.version {
            ProtocolVersion::V1_0 => json!(self.next_id),
            ProtocolVersion::V0_3 => json!(format!("req-{}", self.next_id)),
        };
        let body =
            json!({"jsonrpc": "2.0", "id": id, "method": self.method(op_1_0), "params": params});
        let mut b = Request::builder()
            .method(Method::POST)
            .uri(self.url.clone())
            .header(header::CONTENT_TYPE, "application/json");
        if self.version == ProtocolVersion::V1_0 {
            b = b.header("A2A-Version", "1.0");
        }
        b.body(Full::new(Bytes::from(body.to_string())))
            .map_err(|e| format!("building request: {e}"))
    }

    /// One unary call; `Ok(Ok(result))`, `Ok(Err(error object))`, or a transport error.
    ///
    /// # Errors
    /// Transport failure, timeout, HTTP status other than 200, or a body that is not a
    /// JSON-RPC response.
    pub async fn call(
        &mut self,
        op_1_0: &'static str,
        params: Value,
    ) -> Result<Result<Value, Value>, String> {
        let req = self.request(op_1_0, params)?;
        let fut = async {
            let resp = self
                .http
                .request(req)
                .await
                .map_err(|e| format!("request failed: {e}"))?;
            let status = resp.status();
            envelope(json_reply(status, resp.into_body()).await?)
        };
        tokio::time::timeout(REQUEST_TIMEOUT, fut)
            .await
            .map_err(|_| format!("no answer within {} s", REQUEST_TIMEOUT.as_secs()))?
    }

    /// One streaming call: every SSE event until the agent closes the stream. A plain JSON
    /// reply (e.g. a JSON-RPC error) is returned as a single event.
    ///
    /// # Errors
    /// Transport failure, timeout, non-200 status, or an event that is not a JSON-RPC
    /// response.
    pub async fn stream(
        &mut self,
        op_1_0: &'static str,
        params: Value,
    ) -> Result<Vec<StreamEvent>, String> {
        let req = self.request(op_1_0, params)?;
        let started = Instant::now();
        let fut = async {
            let resp = self
                .http
                .request(req)
                .await
                .map_err(|e| format!("request failed: {e}"))?;
            let status = resp.status();
            let is_sse = resp
                .headers()
                .get(header::CONTENT_TYPE)
                .and_then(|v| v.to_str().ok())
                .is_some_and(|v| v.trim_start().starts_with("text/event-stream"));
            let mut body = resp.into_body();
            if status != http::StatusCode::OK || !is_sse {
                let v = json_reply(status, body).await?;
                return Ok(vec![StreamEvent {
                    at_ms: ms(started.elapsed()),
                    result: envelope(v)?,
                }]);
            }
            let mut decoder = SseDecoder::new();
            let mut out = Vec::new();
            while let Some(frame) = body.frame().await {
                let frame = frame.map_err(|e| format!("stream broke: {e}"))?;
                let Ok(data) = frame.into_data() else {
                    continue;
                };
                for ev in decoder.push_data(&data) {
                    let v: Value =
                        serde_json::from_str(&ev).map_err(|e| format!("bad event JSON: {e}"))?;
                    out.push(StreamEvent {
                        at_ms: ms(started.elapsed()),
                        result: envelope(v)?,
                    });
                }
            }
            Ok(out)
        };
        tokio::time::timeout(REQUEST_TIMEOUT, fut)
            .await
            .map_err(|_| format!("stream not closed within {} s", REQUEST_TIMEOUT.as_secs()))?
    }
}

/// A whole reply read as JSON: `HTTP {status}: body` unless `status` is 200.
async fn json_reply(
    status: http::StatusCode,
    body: hyper::body::Incoming,
) -> Result<Value, String> {
    let bytes = body
        .collect()
        .await
        .map_err(|e| format!("reading body: {e}"))?
        .to_bytes();
    if status != http::StatusCode::OK {
        return Err(format!(
            "HTTP {status}: {}",
            String::from_utf8_lossy(&bytes)
        ));
    }
    serde_json::from_slice(&bytes).map_err(|e| format!("bad JSON: {e}"))
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}

/// Splits a JSON-RPC response into `result` / `error`.
fn envelope(v: Value) -> Result<Result<Value, Value>, String> {
    if let Some(e) = v.get("error") {
        return Ok(Err(e.clone()));
    }
    v.get("result")
        .cloned()
        .map(Ok)
        .ok_or_else(|| "response has neither result nor error".to_string())
}

/// Fetches the Agent Card at `base_url` and returns it with the JSONRPC interface URL it
/// advertises for `version` (1.0: `supportedInterfaces`; 0.3: `supportedInterfaces` with
/// protocolVersion 0.3, else `url` when `preferredTransport` is JSONRPC).
///
/// # Errors
/// Transport failure, non-200, bad JSON, or no matching interface.
pub async fn fetch_card(
    base_url: &str,
    version: ProtocolVersion,
) -> Result<(Value, String), String> {
    let url = format!(
        "{}{}",
        base_url.trim_end_matches('/'),
        super::AGENT_CARD_PATH
    );
    let uri: Uri = url.parse().map_err(|e| format!("bad url {url}: {e}"))?;
    let http: Client<HttpConnector, Full<Bytes>> =
        Client::builder(TokioExecutor::new()).build_http();
    let mut b = Request::builder().method(Method::GET).uri(uri);
    if version == ProtocolVersion::V1_0 {
        b = b.header("A2A-Version", "1.0");
    }
    let req = b.body(Full::new(Bytes::new())).map_err(|e| e.to_string())?;
    let fut = async {
        let resp = http
            .request(req)
            .await
            .map_err(|e| format!("GET {url}: {e}"))?;
        let status = resp.status();
        let body = resp
            .into_body()
            .collect()
            .await
            .map_err(|e| e.to_string())?
            .to_bytes();
        if status != http::StatusCode::OK {
            return Err(format!("GET {url}: HTTP {status}"));
        }
        serde_json::from_slice::<Value>(&body).map_err(|e| format!("card is not JSON: {e}"))
    };
    let card = tokio::time::timeout(REQUEST_TIMEOUT, fut)
        .await
        .map_err(|_| format!("GET {url}: no answer"))??;
    let want = version.as_str();
    let from_list = card
        .get("supportedInterfaces")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .find(|i| {
            i.get("protocolBinding").and_then(Value::as_str) == Some("JSONRPC")
                && i.get("protocolVersion")
                    .and_then(Value::as_str)
                    .is_some_and(|v| v == want || v.starts_with(&format!("{want}.")))
        })
        .and_then(|i| i.get("url"))
        .and_then(Value::as_str)
        .map(str::to_string);
    let legacy = || {
        let transport = card
            .get("preferredTransport")
            .and_then(Value::as_str)
            .unwrap_or("JSONRPC");
        (version == ProtocolVersion::V0_3 && transport == "JSONRPC")
            .then(|| card.get("url").and_then(Value::as_str).map(str::to_string))
            .flatten()
    };
    let iface = from_list
        .or_else(legacy)
        .ok_or_else(|| format!("card advertises no JSONRPC interface for {want}"))?;
    Ok((card, iface))
}

/// The `id` of a Task (`""` when absent): what follow-up calls name it by.
fn task_id(task: &Value) -> String {
    task.get("id")
        .and_then(Value::as_str)
        .unwrap_or("")
        .to_string()
}

/// Normalized task state: `completed`, `input-required`, ... for either dialect.
pub fn norm_state(s: &str) -> String {
    match s.strip_prefix("TASK_STATE_") {
        Some(rest) => rest.to_ascii_lowercase().replace('_', "-"),
        None => s.to_string(),
    }
}

/// Kind of a send / stream result (`task`, `message`, `statusUpdate`, `artifactUpdate`)
/// and the object inside (1.0 oneof wrapper, 0.3 `kind`).
pub fn result_kind(v: &Value, version: ProtocolVersion) -> Option<(&'static str, &Value)> {
    match version {
        ProtocolVersion::V1_0 => ["task", "message", "statusUpdate", "artifactUpdate"]
            .into_iter()
            .find_map(|k| v.get(k).map(|inner| (k, inner))),
        ProtocolVersion::V0_3 => {
            let k = match v.get("kind")?.as_str()? {
                "task" => "task",
                "message" => "message",
                "status-update" => "statusUpdate",
                "artifact-update" => "artifactUpdate",
                _ => return None,
            };
            Some((k, v))
        }
    }
}

fn state_of(task_or_event: &Value) -> String {
    norm_state(
        task_or_event
            .pointer("/status/state")
            .and_then(Value::as_str)
            .unwrap_or("?"),
    )
}

fn parts_text(parts: Option<&Value>) -> String {
    parts
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .filter_map(|p| p.get("text").and_then(Value::as_str))
        .collect()
}

fn user_message(v: ProtocolVersion, text: &str, task_id: Option<&str>) -> Value {
    let mut m = match v {
        ProtocolVersion::V1_0 => json!({"messageId": uuid::Uuid::new_v4().to_string(),
            "role": "ROLE_USER", "parts": [{"text": text}]}),
        ProtocolVersion::V0_3 => {
            json!({"kind": "message", "messageId": uuid::Uuid::new_v4().to_string(),
            "role": "user", "parts": [{"kind": "text", "text": text}]})
        }
    };
    if let (Some(t), Some(obj)) = (task_id, m.as_object_mut()) {
        obj.insert("taskId".into(), json!(t));
    }
    m
}

fn err_text(e: &Value) -> String {
    format!(
        "error {} {}",
        e.get("code").map(Value::to_string).unwrap_or_default(),
        e.get("message").and_then(Value::as_str).unwrap_or("")
    )
}

/// Sends one message and expects a Task back. `immediate`: ask for the reply right after
/// the task is created (1.0 `returnImmediately:true`, 0.3 `blocking:false`); otherwise wait
/// (1.0: the default; 0.3: `blocking:true` sent explicitly, since 0.3 states no default and
/// the JS SDK's 0.3 layer treats a missing `blocking` as false).
async fn send_task(
    c: &mut RpcClient,
    text: &str,
    task_id: Option<&str>,
    immediate: bool,
) -> Result<Value, String> {
    let v = c.version;
    let config = match (v, immediate) {
        (ProtocolVersion::V1_0, false) => json!({}),
        (ProtocolVersion::V1_0, true) => json!({"returnImmediately": true}),
        (ProtocolVersion::V0_3, immediate) => json!({"blocking": !immediate}),
    };
    let params = json!({"message": user_message(v, text, task_id), "configuration": config});
    match c.call("SendMessage", params).await? {
        Err(e) => Err(err_text(&e)),
        Ok(r) => match result_kind(&r, v) {
            Some(("task", t)) => Ok(t.clone()),
            other => Err(format!("expected a task, got {:?}", other.map(|o| o.0))),
        },
    }
}

/// Runs every step against the agent at `base_url` in `version`; a failed `card` step ends
/// the run (nothing else can be reached). No `push` step ([`run_with_webhook`] has one).
pub async fn run(base_url: &str, version: ProtocolVersion) -> Vec<StepResult> {
    run_with_webhook(base_url, version, None).await
}

/// [`run`], and with `webhook` (a receiver the agent can reach) the `push` step last: a
/// task kept open (`input-required`), a push config naming `webhook.base` +
/// `/demo-push/<version>`, the follow-up that completes the task, then a wait (at most
/// [`REQUEST_TIMEOUT`]) for the notification that names the task `completed`.
pub async fn run_with_webhook(
    base_url: &str,
    version: ProtocolVersion,
    webhook: Option<&Webhook>,
) -> Vec<StepResult> {
    let mut out = Steps::default();
    run_into(base_url, version, webhook, &mut out).await;
    out.done
}

/// The steps of a client run as they complete ([`run_into`]).
#[derive(Default)]
pub struct Steps<'a> {
    /// The steps done so far, in run order.
    pub done: Vec<StepResult>,
    /// Called with each step as it completes (the demo prints it then, so a run stopped
    /// midway has printed every step it did: ux36).
    pub on_step: Option<&'a (dyn Fn(&StepResult) + Send + Sync)>,
}

/// [`run_with_webhook`] into `out`: each step is added (and handed to `out.on_step`) as
/// it completes, so when this future is dropped midway (the demo's Ctrl-C) `out.done`
/// holds the steps done before.
pub async fn run_into(
    base_url: &str,
    version: ProtocolVersion,
    webhook: Option<&Webhook>,
    out: &mut Steps<'_>,
) {
    let mut out = out;
    let t = Instant::now();
    let card = fetch_card(base_url, version).await;
    let iface = match &card {
        Ok((card, iface)) => {
            let name = card.get("name").and_then(Value::as_str).unwrap_or("?");
            push(
                &mut out,
                "card",
                t,
                Ok(format!(
                    "name={name:?} interface={iface} version={}",
                    version.as_str()
                )),
            );
            iface.clone()
        }
        Err(e) => {
            push(&mut out, "card", t, Err(e.clone()));
            return;
        }
    };
    let mut c = match RpcClient::new(&iface, version) {
        Ok(c) => c,
        Err(e) => {
            push(&mut out, "card", t, Err(e));
            return;
        }
    };
    let v = version;

    let t = Instant::now();
    let r = async {
        let params = json!({"message": user_message(v, "echo hello", None)});
        match c.call("SendMessage", params).await? {
            Err(e) => Err(err_text(&e)),
            Ok(r) => match result_kind(&r, v) {
                Some(("message", m)) => {
                    let text = parts_text(m.get("parts"));
                    verdict(
                        text == "echo: echo hello",
                        // the first word of the sent text ("echo hello") picks the
                        // agent's skill; the reply echoes the whole text (breaker16b T16)
                        format!("skill=echo sent=\"echo hello\" message text={text:?}"),
                    )
                }
                other => Err(format!("expected a message, got {:?}", other.map(|o| o.0))),
            },
        }
    }
    .await;
    push(&mut out, "send", t, r);

    let t = Instant::now();
    let r = async {
        let task = send_task(&mut c, "task hello", None, false).await?;
        let state = state_of(&task);
        let n = task
            .get("artifacts")
            .and_then(Value::as_array)
            .map_or(0, Vec::len);
        let d = format!("state={state} artifacts={n}");
        verdict(state == "completed" && n == 1, d)
    }
    .await;
    push(&mut out, "send-task", t, r);

    let t = Instant::now();
    let mut streamed_id = String::new();
    let r = async {
        let params = json!({"message": user_message(v, "slow hello", None)});
        let events = c.stream("SendStreamingMessage", params).await?;
        let mut kinds = Vec::new();
        let mut chunks: Vec<(String, bool, bool, f64)> = Vec::new();
        let mut last_state = String::from("?");
        let mut last_final = false;
        for ev in &events {
            let r = ev.result.as_ref().map_err(err_text)?;
            let (k, inner) = result_kind(r, v).ok_or("event of unknown kind")?;
            kinds.push(k);
            match k {
                "task" => {
                    streamed_id = task_id(inner);
                    last_state = state_of(inner);
                }
                "statusUpdate" => {
                    last_state = state_of(inner);
                    last_final = inner.get("final").and_then(Value::as_bool).unwrap_or(false);
                }
                "artifactUpdate" => chunks.push((
                    parts_text(inner.pointer("/artifact/parts")),
                    inner
                        .get("append")
                        .and_then(Value::as_bool)
                        .unwrap_or(false),
                    inner
                        .get("lastChunk")
                        .and_then(Value::as_bool)
                        .unwrap_or(false),
                    ev.at_ms,
                )),
                _ => {}
            }
        }
        let spread = match (chunks.first(), chunks.last()) {
            (Some(a), Some(b)) => b.3 - a.3,
            _ => 0.0,
        };
        let flags_ok = chunks.len() == 4
            && chunks
                .iter()
                .enumerate()
                .all(|(i, c)| c.1 == (i > 0) && c.2 == (i == 3));
        let final_ok = v == ProtocolVersion::V1_0 || last_final;
        let d = format!(
            "kinds={} chunks={} text={:?} final={last_state} spread_ms={spread:.0}",
            kinds.join(","),
            chunks.len(),
            chunks.iter().map(|c| c.0.as_str()).collect::<String>()
        );
        verdict(
            kinds.first() == Some(&"task") && flags_ok && last_state == "completed" && final_ok,
            d,
        )
    }
    .await;
    push(&mut out, "stream", t, r);

    let t = Instant::now();
    let r = async {
        match c
            .call("GetTask", json!({"id": streamed_id, "historyLength": 10}))
            .await?
        {
            Err(e) => Err(err_text(&e)),
            Ok(task) => {
                let state = state_of(&task);
                let text: String = task
                    .get("artifacts")
                    .and_then(Value::as_array)
                    .into_iter()
                    .flatten()
                    .map(|a| parts_text(a.get("parts")))
                    .collect();
                let d = format!("state={state} artifact_text={text:?}");
                verdict(state == "completed" && text == "The quick brown fox.", d)
            }
        }
    }
    .await;
    push(&mut out, "get", t, r);

    let t = Instant::now();
    let r = async {
        let task = send_task(&mut c, "cancel me", None, true).await?;
        let id = task_id(&task);
        let initial = state_of(&task);
        tokio::time::sleep(Duration::from_millis(100)).await;
        let canceled = match c.call("CancelTask", json!({"id": id})).await? {
            Ok(t) => state_of(&t),
            Err(e) => return Err(format!("initial={initial} cancel: {}", err_text(&e))),
        };
        let after = match c.call("GetTask", json!({"id": id})).await? {
            Ok(t) => state_of(&t),
            Err(e) => return Err(format!("get: {}", err_text(&e))),
        };
        let d = format!("initial={initial} cancel_result={canceled} after_get={after}");
        verdict(canceled == "canceled" && after == "canceled", d)
    }
    .await;
    push(&mut out, "cancel", t, r);

    let t = Instant::now();
    let r = async {
        let t1 = send_task(&mut c, "input please", None, false).await?;
        let id = task_id(&t1);
        // Second turn names only the task: the agent infers the context (ID-003).
        let t2 = send_task(&mut c, "here is more", Some(&id), false).await?;
        let same_task = t2.get("id") == t1.get("id");
        let same_ctx = t2.get("contextId") == t1.get("contextId");
        let (s1, s2) = (state_of(&t1), state_of(&t2));
        let d = format!("turn1={s1} turn2={s2} same_task={same_task} same_context={same_ctx}");
        verdict(
            s1 == "input-required" && s2 == "completed" && same_task && same_ctx,
            d,
        )
    }
    .await;
    push(&mut out, "input", t, r);

    let t = Instant::now();
    let r = async {
        let task = send_task(&mut c, "fail now", None, false).await?;
        let s = state_of(&task);
        verdict(s == "failed", format!("state={s}"))
    }
    .await;
    push(&mut out, "fail", t, r);

    let t = Instant::now();
    let r = async {
        match c
            .call("GetTask", json!({"id": "does-not-exist-0000"}))
            .await?
        {
            Ok(t) => Err(format!("unexpected success {t}")),
            Err(e) if e.get("code").and_then(Value::as_i64) == Some(-32001) => Ok(err_text(&e)),
            Err(e) => Err(format!("wrong {}", err_text(&e))),
        }
    }
    .await;
    push(&mut out, "missing", t, r);

    if let Some(hook) = webhook {
        let t = Instant::now();
        let r = push_step(&mut c, hook).await;
        push(&mut out, "push", t, r);
    }
}

/// The `push` step (module table): PUSH-002..PUSH-005 as a client sees them.
async fn push_step(c: &mut RpcClient, hook: &Webhook) -> Result<String, String> {
    let v = c.version;
    let t1 = send_task(c, "input please", None, false).await?;
    let id = task_id(&t1);
    if state_of(&t1) != "input-required" {
        return Err(format!(
            "task {id} is {}, not input-required: no open task to configure",
            state_of(&t1)
        ));
    }
    let path = format!("/demo-push/{}", v.as_str());
    let mut url = hook.base.clone();
    url.set_path(&path);
    let token = uuid::Uuid::new_v4().to_string();
    // 1.0 sends the config's `authentication` credentials (PUSH-004), 0.3 its token
    // (PUSH-005), as `probe`'s push tests configure them
    let params = match v {
        ProtocolVersion::V1_0 => json!({"taskId": id, "url": url.as_str(), "token": token,
            "authentication": {"scheme": "Bearer", "credentials": uuid::Uuid::new_v4().to_string()}}),
        ProtocolVersion::V0_3 => json!({"taskId": id,
            "pushNotificationConfig": {"url": url.as_str(), "token": token}}),
    };
    let config = match c.call("CreateTaskPushNotificationConfig", params).await? {
        Err(e) => return Err(format!("create config: {}", err_text(&e))),
        Ok(r) => r,
    };
    let config_id = match v {
        ProtocolVersion::V1_0 => config.get("id"),
        ProtocolVersion::V0_3 => config.pointer("/pushNotificationConfig/id"),
    }
    .and_then(Value::as_str)
    .filter(|s| !s.is_empty())
    .map(str::to_string)
    .ok_or_else(|| format!("create config returned no config id (PUSH-003): {config}"))?;
    let t2 = send_task(c, "here is more", Some(&id), false).await?;
    if state_of(&t2) != "completed" {
        return Err(format!(
            "config={config_id} follow-up left task {id} {}",
            state_of(&t2)
        ));
    }
    let deadline = Instant::now() + REQUEST_TIMEOUT;
    let (delivered, states) = loop {
        let got = hook.inbox.at(&path);
        let states: Vec<String> = got
            .iter()
            .filter_map(|n| serde_json::from_slice::<Value>(&n.body).ok())
            .filter_map(|b| {
                let (task, state) = crate::probe::plan::notification_task(&b);
                (task.as_deref() == Some(id.as_str())).then_some(state)?
            })
            .map(|s| norm_state(s.as_str()))
            .collect();
        if states.last().is_some_and(|s| s == "completed") {
            break (got.len(), states);
        }
        if Instant::now() >= deadline {
            return Err(format!(
                "config={config_id} webhook {url} got no notification naming task {id} completed within {} s (states seen: {})",
                REQUEST_TIMEOUT.as_secs(),
                if states.is_empty() { "none".to_string() } else { states.join(" -> ") }
            ));
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    };
    // a 0.3 notification is the whole task as it stands when sent (several may read the
    // same state): a state is shown once per run of repeats. `notifications` counts every
    // delivery the webhook got at the config's path, a 1.0 artifactUpdate (which carries
    // no task state) too (open49: it counted only those with a state)
    let mut shown: Vec<&str> = states.iter().map(String::as_str).collect();
    shown.dedup();
    Ok(format!(
        "config={config_id} notifications={delivered} states={}",
        shown.join("->")
    ))
}

/// A step's outcome: `detail` as a pass when `ok`, else as a failure.
fn verdict(ok: bool, detail: String) -> Result<String, String> {
    if ok {
        Ok(detail)
    } else {
        Err(detail)
    }
}

fn push(out: &mut &mut Steps<'_>, name: &str, started: Instant, r: Result<String, String>) {
    let (ok, detail) = match r {
        Ok(d) => (true, d),
        Err(d) => (false, d),
    };
    let step = StepResult {
        name: name.to_string(),
        ok,
        detail,
        duration_ms: u64::try_from(started.elapsed().as_millis()).unwrap_or(u64::MAX),
    };
    if let Some(f) = out.on_step {
        f(&step);
    }
    out.done.push(step);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn methods_map_to_0_3_names() {
        let c = RpcClient::new("http://127.0.0.1:9/", ProtocolVersion::V0_3).expect("url");
        assert_eq!(c.method("SendMessage"), "message/send");
        assert_eq!(c.method("SubscribeToTask"), "tasks/resubscribe");
        assert_eq!(c.method("ListTasks"), "ListTasks");
        let c = RpcClient::new("http://127.0.0.1:9/", ProtocolVersion::V1_0).expect("url");
        assert_eq!(c.method("GetTask"), "GetTask");
    }

    #[test]
    fn states_normalize() {
        assert_eq!(norm_state("TASK_STATE_INPUT_REQUIRED"), "input-required");
        assert_eq!(norm_state("canceled"), "canceled");
    }
}

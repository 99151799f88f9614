/*!
Reference A2A agent (Rust, hyper 1.x): a small agent that is correct to the letter of the
spec, used by `a2a-interop demo` and by the tests as the known-good peer.

It speaks JSON-RPC on `POST /` in two dialects, picked per request by the `A2A-Version`
header (or the `A2A-Version` query parameter, VER-001) and the method name:

| `A2A-Version` | methods |
|---|---|
| `1.0` | `SendMessage`, `SendStreamingMessage`, `GetTask`, `CancelTask`, `ListTasks`, `SubscribeToTask`, the four `…TaskPushNotificationConfig(s)` methods |
| absent, empty or `0.3` (VER-003) | `message/send`, `message/stream`, `tasks/get`, `tasks/cancel`, `tasks/resubscribe`, `tasks/pushNotificationConfig/set\|get\|list\|delete` |
| anything else, e.g. `99.0` | -32009 `VersionNotSupportedError` with `ErrorInfo` (VER-002) |

A method of the other dialect is -32601 (RPC-003). By default the card says
`pushNotifications: true` and the push-config methods and inline push configs (1.0
`configuration.taskPushNotificationConfig`, 0.3 `configuration.pushNotificationConfig`) work,
with notifications POSTed to the webhook as the task changes (see [`push`]). With
[`RefAgentOptions::push`] off the card says `false` and all of them answer -32003
`PushNotificationNotSupportedError` (PUSH-001). With [`RefAgentOptions::bearer`] the card
declares an HTTP Bearer scheme and every JSON-RPC call without `Authorization: Bearer <token>`
gets HTTP 401 (AUTH-002); the card stays public (CARD-011). The Agent Card is served at
`/.well-known/agent-card.json` (CARD-002) in the 1.0 shape with two `supportedInterfaces`
(JSONRPC 1.0 and JSONRPC 0.3, same URL) plus the 0.3 fields `url`, `preferredTransport`,
`protocolVersion` so 0.3 clients work too, with `Cache-Control` and `ETag` (CARD-009).
Skills and task behaviour: see [`tasks`]. Wire shapes and error codes: see [`wire`].

JSON-RPC errors are answered with HTTP 200 (ERR-007, as the SDKs do). Streams are
`text/event-stream`, one `data:` line per event, one event per body chunk.
*/

use std::convert::Infallible;
use std::net::SocketAddr;
use std::pin::Pin;
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll};

use bytes::Bytes;
use http::{header, HeaderMap, HeaderValue, Method, Request, Response, StatusCode};
use http_body::Frame;
use http_body_util::{combinators::BoxBody, BodyExt, Full, Limited};
use hyper::body::Incoming;
use serde_json::{json, Value};
use sha2::{Digest, Sha256};
use tokio::net::TcpListener;
use tokio::sync::oneshot;
use tokio::task::{JoinHandle, JoinSet};

pub mod client;
pub mod push;
pub mod tasks;
pub mod wire;

use tasks::{Skill, Store, UpdateRx};
use wire::{code, Msg, ProtocolVersion, RpcError, TaskSnapshot, TaskState};

/// Path of the Agent Card (CARD-002).
pub const AGENT_CARD_PATH: &str = "/.well-known/agent-card.json";

/// What the agent serves, as its banner says it (`demo --agent-only`): the interfaces its
/// card advertises, JSON-RPC 1.0 and 0.3 on one URL; no HTTP+JSON binding (newcomer19 N8:
/// the banner and `--help` once claimed one).
pub const SERVES: &str = "A2A 1.0 and 0.3 over JSON-RPC only; no HTTP+JSON";

/// Largest request body the agent reads (1 MiB); larger bodies get HTTP 413 with -32600.
pub const MAX_REQUEST_BYTES: usize = 1024 * 1024;

/// `Cache-Control` of the Agent Card (CARD-009).
pub const CARD_CACHE_CONTROL: &str = "public, max-age=300";

/// Where the agent listens and which base URL its card advertises.
#[derive(Clone, Debug)]
pub struct RefAgentConfig {
    /// Listen address; port 0 picks a free port (see [`RefAgentHandle::local_addr`]).
    pub listen: SocketAddr,
    /// Base URL advertised in the Agent Card (e.g. a proxy's `http://127.0.0.1:8080`);
    /// default `http://<local_addr>`. The JSON-RPC interface URL is this plus `/`.
    pub public_url: Option<String>,
}

/// Behaviour switches of the agent (the defaults are the full agent).
#[derive(Clone, Debug)]
pub struct RefAgentOptions {
    /// Advertise and serve push notifications (default true). Off: the card says
    /// `pushNotifications: false` and every push-config call is -32003 (PUSH-001).
    pub push: bool,
    /// Require `Authorization: Bearer <this>` on JSON-RPC calls (HTTP 401 otherwise) and
    /// declare the scheme in the card (AUTH-002). Default none: no credentials needed.
    pub bearer: Option<String>,
}

impl Default for RefAgentOptions {
    fn default() -> Self {
        RefAgentOptions {
            push: true,
            bearer: None,
        }
    }
}

/// A running reference agent. Dropping it without [`RefAgentHandle::shutdown`] leaves the
/// server running until the runtime ends.
pub struct RefAgentHandle {
    addr: SocketAddr,
    stop: oneshot::Sender<()>,
    join: JoinHandle<()>,
}

impl RefAgentHandle {
    /// The bound listen address.
    pub fn local_addr(&self) -> SocketAddr {
        self.addr
    }

    /// Stops accepting, closes every connection and stream, and stops all task workers.
    pub async fn shutdown(self) {
        let _ = self.stop.send(());
        let _ = self.join.await;
    }
}

/// Shared state of one agent.
struct Agent {
    store: Arc<Store>,
    opts: RefAgentOptions,
    push: Arc<push::PushStore>,
    webhook: push::WebhookClient,
    card: Bytes,
    etag: String,
    /// Task workers, aborted at shutdown.
    workers: Mutex<JoinSet<()>>,
}

impl Agent {
    fn spawn_worker(&self, fut: impl std::future::Future<Output = ()> + Send + 'static) {
        let mut set = self.workers.lock().unwrap_or_else(|e| e.into_inner());
        while set.try_join_next().is_some() {}
        set.spawn(fut);
    }

    /// Adds a push config to a task and, when the task has no sender yet, subscribes one
    /// now (before any later change can happen) and starts it.
    fn add_push(&self, task_id: &str, cfg: push::PushConfig) {
        if self.push.put(task_id, cfg) {
            self.start_sender(task_id);
        }
    }

    fn start_sender(&self, task_id: &str) {
        match self.store.subscribe(task_id) {
            Ok((snap, rx)) => self.spawn_worker(push::run_sender(
                self.store.clone(),
                self.push.clone(),
                self.webhook.clone(),
                snap,
                rx,
            )),
            // terminal task: nothing will change any more
            Err(_) => self.push.sender_done(task_id),
        }
    }
}

/// Binds `cfg.listen` and serves the full agent (push on, no credentials; HTTP/1.1 and
/// h2c) until [`RefAgentHandle::shutdown`].
///
/// # Errors
/// Binding the listener fails (address in use, permission).
pub async fn start(cfg: RefAgentConfig) -> std::io::Result<RefAgentHandle> {
    start_with(cfg, RefAgentOptions::default()).await
}

/// [`start`] with [`RefAgentOptions`] (push off, credentials required). Same errors.
pub async fn start_with(
    cfg: RefAgentConfig,
    opts: RefAgentOptions,
) -> std::io::Result<RefAgentHandle> {
    let listener = TcpListener::bind(cfg.listen).await?;
    start_on(listener, cfg, opts)
}

/// [`start_with`] on a `listener` the caller already bound (`cfg.listen` is not used): a
/// port held from before the agent starts becomes its listener with no moment in which
/// another process could take it (left37: a test's "agent that starts late" on a port a
/// probe already waits on). Must be called within a tokio runtime.
///
/// # Errors
/// The listener's local address cannot be read.
pub fn start_on(
    listener: TcpListener,
    cfg: RefAgentConfig,
    opts: RefAgentOptions,
) -> std::io::Result<RefAgentHandle> {
    start_on_pair(listener, None, cfg, opts)
}

/// [`start_on`] serving one agent (one task store, one card) on a second listener too:
/// `demo --agent-only --listen localhost:PORT` answers on 127.0.0.1:PORT and `[::1]:PORT`
/// alike (ux39). [`RefAgentHandle::local_addr`] and the card's default URL are the
/// first listener's.
///
/// # Errors
/// A listener's local address cannot be read.
pub fn start_on_pair(
    listener: TcpListener,
    second: Option<TcpListener>,
    cfg: RefAgentConfig,
    opts: RefAgentOptions,
) -> std::io::Result<RefAgentHandle> {
    let addr = listener.local_addr()?;
    let public = cfg
        .public_url
        .unwrap_or_else(|| format!("http://{addr}"))
        .trim_end_matches('/')
        .to_string();
    let card = Bytes::from(card_json(&public, &opts).to_string());
    let etag = format!("\"{}\"", &hex::encode(Sha256::digest(&card))[..32]);
    let agent = Arc::new(Agent {
        store: Arc::new(Store::default()),
        opts,
        push: Arc::new(push::PushStore::default()),
        webhook: push::webhook_client(),
        card,
        etag,
        workers: Mutex::new(JoinSet::new()),
    });
    let (stop, mut stopped) = oneshot::channel::<()>();
    let join = tokio::spawn(async move {
        let mut conns = JoinSet::new();
        loop {
            tokio::select! {
                _ = &mut stopped => break,
                accepted = async { tokio::select! {
                    a = listener.accept() => a,
                    a = accept_on(second.as_ref()) => a,
                } } => {
                    let Ok((stream, _peer)) = accepted else { continue };
                    let agent = agent.clone();
                    conns.spawn(async move {
                        let svc = hyper::service::service_fn(move |req| {
                            let agent = agent.clone();
                            async move { Ok::<_, Infallible>(handle(agent, req).await) }
                        });
                        let builder = hyper_util::server::conn::auto::Builder::new(
                            hyper_util::rt::TokioExecutor::new(),
                        );
                        let _ = builder
                            .serve_connection(hyper_util::rt::TokioIo::new(stream), svc)
                            .await;
                    });
                    while conns.try_join_next().is_some() {}
                }
            }
        }
        conns.abort_all();
        let mut workers =
            std::mem::take(&mut *agent.workers.lock().unwrap_or_else(|e| e.into_inner()));
        workers.abort_all();
        while conns.join_next().await.is_some() {}
        while workers.join_next().await.is_some() {}
    });
    Ok(RefAgentHandle { addr, stop, join })
}

/// The next connection on `l`; never, for no listener ([`start_on_pair`]'s second).
async fn accept_on(
    l: Option<&TcpListener>,
) -> std::io::Result<(tokio::net::TcpStream, SocketAddr)> {
    match l {
        Some(l) => l.accept().await,
        None => std::future::pending().await,
    }
}

/// The Agent Card: 1.0 shape (CARD-003, CARD-005) plus the 0.3 members (CARD-004, CARD-006);
/// `capabilities.pushNotifications` and the security scheme follow `opts`.
fn card_json(public: &str, opts: &RefAgentOptions) -> Value {
    let url = format!("{public}/");
    let skill = |id: &str, name: &str, description: &str| {
        json!({"id": id, "name": name, "description": description,
               "tags": ["a2a-interop", id], "examples": [format!("{id} hello")]})
    };
    let mut card = json!({
        "name": "a2a-interop reference agent",
        "description": "Spec-exact A2A test agent of a2a-interop; the first word of a message picks the skill: echo, task, slow, input, cancel, fail.",
        "supportedInterfaces": [
            {"url": url, "protocolBinding": "JSONRPC", "protocolVersion": "1.0"},
            {"url": url, "protocolBinding": "JSONRPC", "protocolVersion": "0.3"}
        ],
        "version": env!("CARGO_PKG_VERSION"),
        "capabilities": {"streaming": true, "pushNotifications": opts.push},
        "defaultInputModes": ["text/plain"],
        "defaultOutputModes": ["text/plain"],
        "skills": [
            skill("echo", "Echo", "Replies with a Message echoing the text."),
            skill("task", "Echo task", "Completes a Task with one artifact echoing the text."),
            skill("slow", "Slow streamed task", "Streams four artifact chunks, then completes."),
            skill("input", "Input required", "Asks for input; the second message on the task completes it."),
            skill("cancel", "Cancelable task", "Keeps working until canceled."),
            skill("fail", "Failing task", "Ends in failed.")
        ],
        "url": url,
        "preferredTransport": "JSONRPC",
        "protocolVersion": "0.3.0",
        "additionalInterfaces": [{"url": url, "transport": "JSONRPC"}]
    });
    if opts.bearer.is_some() {
        card["securitySchemes"] =
            json!({"bearer": {"httpAuthSecurityScheme": {"scheme": "Bearer"}}});
        card["securityRequirements"] = json!([{"schemes": {"bearer": {"list": []}}}]);
    }
    card
}

type RespBody = BoxBody<Bytes, Infallible>;

fn full(status: StatusCode, content_type: &str, body: impl Into<Bytes>) -> Response<RespBody> {
    let mut r = Response::new(Full::new(body.into()).boxed());
    *r.status_mut() = status;
    r.headers_mut().insert(
        header::CONTENT_TYPE,
        HeaderValue::from_str(content_type).unwrap_or(HeaderValue::from_static("text/plain")),
    );
    r
}

fn json_response(v: &Value) -> Response<RespBody> {
    full(StatusCode::OK, "application/json", v.to_string())
}

async fn handle(agent: Arc<Agent>, req: Request<Incoming>) -> Response<RespBody> {
    let path = req.uri().path().to_string();
    match (req.method(), path.as_str()) {
        (&Method::GET, AGENT_CARD_PATH) => serve_card(&agent, req.headers()),
        (_, AGENT_CARD_PATH) => method_not_allowed("GET"),
        (&Method::POST, "/") => match unauthorized(&agent, req.headers()) {
            Some(r) => r,
            None => rpc(agent, req).await,
        },
        (_, "/") => method_not_allowed("POST"),
        _ => full(StatusCode::NOT_FOUND, "text/plain", "not found\n"),
    }
}

/// AUTH-002: with [`RefAgentOptions::bearer`], a call without the right `Authorization:
/// Bearer` header is HTTP 401 with `WWW-Authenticate: Bearer`.
fn unauthorized(agent: &Agent, headers: &HeaderMap) -> Option<Response<RespBody>> {
    let want = agent.opts.bearer.as_deref()?;
    let given = headers
        .get(header::AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.split_once(' '))
        .filter(|(scheme, _)| scheme.eq_ignore_ascii_case("bearer"))
        .map(|(_, token)| token.trim());
    if given == Some(want) {
        return None;
    }
    let mut r = full(
        StatusCode::UNAUTHORIZED,
        "text/plain",
        "credentials required: Authorization: Bearer <token>\n",
    );
    r.headers_mut()
        .insert(header::WWW_AUTHENTICATE, HeaderValue::from_static("Bearer"));
    Some(r)
}

fn method_not_allowed(allow: &'static str) -> Response<RespBody> {
    let mut r = full(
        StatusCode::METHOD_NOT_ALLOWED,
        "text/plain",
        "method not allowed\n",
    );
    r.headers_mut()
        .insert(header::ALLOW, HeaderValue::from_static(allow));
    r
}

fn serve_card(agent: &Agent, headers: &HeaderMap) -> Response<RespBody> {
    let etag = HeaderValue::from_str(&agent.etag).unwrap_or(HeaderValue::from_static("\"0\""));
    let matches = headers
        .get_all(header::IF_NONE_MATCH)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .any(|t| {
            let t = t.trim();
            t == "*" || t.trim_start_matches("W/") == agent.etag
        });
    let mut r = if matches {
        let mut r = Response::new(Full::new(Bytes::new()).boxed());
        *r.status_mut() = StatusCode::NOT_MODIFIED;
        r
    } else {
        full(StatusCode::OK, "application/json", agent.card.clone())
    };
    r.headers_mut().insert(header::ETAG, etag);
    r.headers_mut().insert(
        header::CACHE_CONTROL,
        HeaderValue::from_static(CARD_CACHE_CONTROL),
    );
    r
}

/// Version asked for: `A2A-Version` header, else the `A2A-Version` query parameter.
fn requested_version(req: &Request<Incoming>) -> Result<ProtocolVersion, String> {
    if let Some(h) = req.headers().get("a2a-version") {
        return ProtocolVersion::from_header(Some(h.to_str().unwrap_or("?")));
    }
    let q = req.uri().query().unwrap_or("");
    let from_query = url::form_urlencoded::parse(q.as_bytes())
        .find(|(k, _)| k.eq_ignore_ascii_case("a2a-version"))
        .map(|(_, v)| v.into_owned());
    ProtocolVersion::from_header(from_query.as_deref())
}

const METHODS_1_0: [&str; 10] = [
    "SendMessage",
    "SendStreamingMessage",
    "GetTask",
    "CancelTask",
    "ListTasks",
    "SubscribeToTask",
    "CreateTaskPushNotificationConfig",
    "GetTaskPushNotificationConfig",
    "ListTaskPushNotificationConfigs",
    "DeleteTaskPushNotificationConfig",
];
const METHODS_0_3: [&str; 9] = [
    "message/send",
    "message/stream",
    "tasks/get",
    "tasks/cancel",
    "tasks/resubscribe",
    "tasks/pushNotificationConfig/set",
    "tasks/pushNotificationConfig/get",
    "tasks/pushNotificationConfig/list",
    "tasks/pushNotificationConfig/delete",
];

/// PUSH-001: the card says `pushNotifications: false` ([`RefAgentOptions::push`] off).
fn push_not_supported() -> RpcError {
    RpcError::new(
        code::PUSH_NOTIFICATION_NOT_SUPPORTED,
        "push notifications are not supported (capabilities.pushNotifications is false)",
    )
}

async fn rpc(agent: Arc<Agent>, req: Request<Incoming>) -> Response<RespBody> {
    let version = requested_version(&req);
    // Dialect of error replies before the method is known: the one asked for, 1.0 shape
    // for an unsupported version.
    let err_v = version.clone().unwrap_or(ProtocolVersion::V1_0);
    let body = match Limited::new(req.into_body(), MAX_REQUEST_BYTES)
        .collect()
        .await
    {
        Ok(c) => c.to_bytes(),
        Err(e) => {
            let too_big = e
                .downcast_ref::<http_body_util::LengthLimitError>()
                .is_some();
            let err = RpcError::new(
                code::INVALID_REQUEST,
                if too_big {
                    format!("request body larger than {MAX_REQUEST_BYTES} bytes")
                } else {
                    "request body could not be read".to_string()
                },
            );
            let v = wire::response(&Value::Null, Err(err), err_v);
            let mut r = json_response(&v);
            *r.status_mut() = if too_big {
                StatusCode::PAYLOAD_TOO_LARGE
            } else {
                StatusCode::BAD_REQUEST
            };
            return r;
        }
    };
    let reply =
        |id: &Value, e: RpcError, v: ProtocolVersion| json_response(&wire::response(id, Err(e), v));
    let parsed: Value = match serde_json::from_slice(&body) {
        Ok(v) => v,
        Err(e) => {
            return reply(
                &Value::Null,
                RpcError::new(code::PARSE_ERROR, format!("parse error: {e}")),
                err_v,
            )
        }
    };
    let Some(obj) = parsed.as_object() else {
        return reply(
            &Value::Null,
            RpcError::new(
                code::INVALID_REQUEST,
                "invalid request: expected a JSON-RPC request object",
            ),
            err_v,
        );
    };
    // RPC-002: the id must be readable to be echoed; A2A requests carry a string or number id.
    let id = match obj.get("id") {
        Some(v @ (Value::String(_) | Value::Number(_))) => v.clone(),
        _ => {
            return reply(
                &Value::Null,
                RpcError::new(
                    code::INVALID_REQUEST,
                    "invalid request: id must be a string or a number",
                ),
                err_v,
            )
        }
    };
    if obj.get("jsonrpc").and_then(Value::as_str) != Some("2.0") {
        return reply(
            &id,
            RpcError::new(
                code::INVALID_REQUEST,
                "invalid request: jsonrpc must be \"2.0\"",
            ),
            err_v,
        );
    }
    let Some(method) = obj.get("method").and_then(Value::as_str) else {
        return reply(
            &id,
            RpcError::new(
                code::INVALID_REQUEST,
                "invalid request: method must be a string",
            ),
            err_v,
        );
    };
    let version = match version {
        Ok(v) => v,
        Err(asked) => {
            return reply(
                &id,
                RpcError::new(
                    code::VERSION_NOT_SUPPORTED,
                    format!("A2A-Version {asked} is not supported; supported: 1.0, 0.3"),
                ),
                ProtocolVersion::V1_0,
            )
        }
    };
    let known = match version {
        ProtocolVersion::V1_0 => METHODS_1_0.contains(&method),
        ProtocolVersion::V0_3 => METHODS_0_3.contains(&method),
    };
    if !known {
        let hint = if METHODS_1_0.contains(&method) {
            " (1.0 methods need A2A-Version: 1.0)"
        } else if METHODS_0_3.contains(&method) {
            " (0.3 methods need A2A-Version: 0.3 or no A2A-Version)"
        } else {
            ""
        };
        return reply(
            &id,
            RpcError::new(
                code::METHOD_NOT_FOUND,
                format!("method not found: {method}{hint}"),
            ),
            version,
        );
    }
    let params = obj.get("params");
    let outcome = match method {
        "SendMessage" | "message/send" => send(&agent, params, version).await.map(Reply::Json),
        "SendStreamingMessage" | "message/stream" => send_streaming(&agent, params, version),
        m if push::PushOp::of(m).is_some() => push_call(&agent, m, params, version),
        "GetTask" | "tasks/get" => get_task(&agent, params, version).map(Reply::Json),
        "CancelTask" | "tasks/cancel" => cancel_task(&agent, params, version).map(Reply::Json),
        "ListTasks" => list_tasks(&agent, params, version).map(Reply::Json),
        // "SubscribeToTask" | "tasks/resubscribe"
        _ => subscribe(&agent, params, version),
    };
    match outcome {
        Ok(Reply::Json(result)) => json_response(&wire::response(&id, Ok(result), version)),
        Ok(Reply::Stream(first, rx, task)) => sse_response(SseBody {
            id,
            version,
            first: Some(first),
            rx,
            task,
            done: false,
        }),
        Err(e) => reply(&id, e, version),
    }
}

/// A push-config method (PUSH-001, PUSH-003): -32003 when push is off.
fn push_call(
    agent: &Agent,
    method: &str,
    params: Option<&Value>,
    v: ProtocolVersion,
) -> Result<Reply, RpcError> {
    let Some(op) = push::PushOp::of(method).filter(|_| agent.opts.push) else {
        return Err(push_not_supported());
    };
    let done = push::call(&agent.store, &agent.push, op, params, v)?;
    if let Some(task) = &done.start_sender {
        agent.start_sender(task);
    }
    Ok(Reply::Json(done.result))
}

/// What a method answers: a JSON `result`, or a stream (first result, later changes).
enum Reply {
    Json(Value),
    /// First stream `result`, the subscription (none: the first event ends the stream), and
    /// the task's `(id, contextId)` for rendering changes.
    Stream(Value, Option<UpdateRx>, (String, String)),
}

fn invalid(what: &str) -> RpcError {
    RpcError::new(code::INVALID_PARAMS, format!("invalid params: {what}"))
}

fn params_obj(p: Option<&Value>) -> Result<&serde_json::Map<String, Value>, RpcError> {
    p.and_then(Value::as_object)
        .ok_or_else(|| invalid("params must be an object"))
}

fn task_id_param(p: Option<&Value>) -> Result<String, RpcError> {
    params_obj(p)?
        .get("id")
        .and_then(Value::as_str)
        .filter(|s| !s.is_empty())
        .map(str::to_string)
        .ok_or_else(|| invalid("id is required"))
}

fn history_length(p: &serde_json::Map<String, Value>) -> Result<Option<usize>, RpcError> {
    match p.get("historyLength") {
        None | Some(Value::Null) => Ok(None),
        Some(v) => v
            .as_u64()
            .map(|n| Some(usize::try_from(n).unwrap_or(usize::MAX)))
            .ok_or_else(|| invalid("historyLength must be a non-negative integer")),
    }
}

/// Parsed `SendMessage` / `message/send` params.
struct SendParams {
    msg: Msg,
    /// Reply right after creation (1.0 `returnImmediately:true`, 0.3 `blocking:false`).
    immediate: bool,
    history_length: Option<usize>,
    /// Inline push config (PUSH-002), registered before the task can change.
    push: Option<push::PushConfig>,
}

fn send_params(
    p: Option<&Value>,
    v: ProtocolVersion,
    push_on: bool,
) -> Result<SendParams, RpcError> {
    let obj = params_obj(p)?;
    let msg = Msg::parse_user(obj.get("message"), v)?;
    let cfg = match obj.get("configuration") {
        None | Some(Value::Null) => serde_json::Map::new(),
        Some(Value::Object(c)) => c.clone(),
        Some(_) => return Err(invalid("configuration must be an object")),
    };
    // PUSH-001/PUSH-002: an inline push config asks for push notifications too.
    let push_key = match v {
        ProtocolVersion::V1_0 => "taskPushNotificationConfig",
        ProtocolVersion::V0_3 => "pushNotificationConfig",
    };
    let push = match cfg.get(push_key) {
        None | Some(Value::Null) => None,
        Some(_) if !push_on => return Err(push_not_supported()),
        Some(Value::Object(c)) => Some(push::PushConfig::parse(c, v)?),
        Some(_) => {
            return Err(invalid(&format!(
                "configuration.{push_key} must be an object"
            )))
        }
    };
    let flag = |k: &str| match cfg.get(k) {
        None | Some(Value::Null) => Ok(None),
        Some(Value::Bool(b)) => Ok(Some(*b)),
        Some(_) => Err(invalid(&format!("configuration.{k} must be a boolean"))),
    };
    let immediate = match v {
        ProtocolVersion::V1_0 => flag("returnImmediately")?.unwrap_or(false),
        // 0.3 `blocking` has no stated default (trap 8); unset waits like 1.0.
        ProtocolVersion::V0_3 => !flag("blocking")?.unwrap_or(true),
    };
    Ok(SendParams {
        msg,
        immediate,
        history_length: history_length(&cfg)?,
        push,
    })
}

/// Starts the work a message asks for. `Ok(Err(message))` = the message is answered with a
/// Message and no task; `Ok(Ok(..))` = snapshot and subscription of the task it created or
/// continued. An inline push config is attached before the task's worker starts.
fn start_work(
    agent: &Agent,
    msg: Msg,
    push_cfg: Option<push::PushConfig>,
) -> Result<Result<(TaskSnapshot, UpdateRx), Msg>, RpcError> {
    let text = msg.text();
    if let Some(task_id) = msg.task_id.clone() {
        let (snap, rx, resume) = agent.store.follow_up(&task_id, msg)?;
        if let Some(c) = push_cfg {
            agent.add_push(&task_id, c);
        }
        if resume {
            let store = agent.store.clone();
            let ctx = snap.context_id.clone();
            agent.spawn_worker(tasks::resume_input(store, task_id, ctx, text));
        }
        return Ok(Ok((snap, rx)));
    }
    // ID-002: keep the client's contextId, mint one when absent.
    let ctx = msg
        .context_id
        .clone()
        .unwrap_or_else(|| uuid::Uuid::new_v4().to_string());
    let skill = Skill::pick(&msg);
    if skill == Skill::Echo {
        return Ok(Err(Msg::agent_text(&format!("echo: {text}"), &ctx, None)));
    }
    let (snap, rx, cancel) = agent.store.create(&ctx, msg);
    if let Some(c) = push_cfg {
        agent.add_push(&snap.id, c);
    }
    let store = agent.store.clone();
    agent.spawn_worker(tasks::run_skill(
        store,
        skill,
        snap.id.clone(),
        ctx,
        text,
        cancel,
    ));
    Ok(Ok((snap, rx)))
}

async fn send(agent: &Agent, p: Option<&Value>, v: ProtocolVersion) -> Result<Value, RpcError> {
    let sp = send_params(p, v, agent.opts.push)?;
    let (snap, mut rx) = match start_work(agent, sp.msg, sp.push)? {
        Err(reply) => return Ok(wire::wrap_message(&reply, v)),
        Ok(x) => x,
    };
    // TASK-005: a blocking call answers at a terminal or interrupted state.
    let settled = |s: TaskState| s.is_terminal() || s.is_interrupted();
    if !sp.immediate && !settled(snap.status.state) {
        while let Some(u) = rx.recv().await {
            if u.ends_stream() {
                break;
            }
        }
    }
    let now = agent.store.get(&snap.id).unwrap_or(snap);
    Ok(wire::wrap_task(&now, v, sp.history_length))
}

fn send_streaming(agent: &Agent, p: Option<&Value>, v: ProtocolVersion) -> Result<Reply, RpcError> {
    let sp = send_params(p, v, agent.opts.push)?;
    match start_work(agent, sp.msg, sp.push)? {
        // STREAM-002: a Message reply is one `message` event, then the stream closes.
        Err(reply) => Ok(Reply::Stream(
            wire::wrap_message(&reply, v),
            None,
            (String::new(), String::new()),
        )),
        Ok((snap, rx)) => Ok(task_stream(&snap, rx, v, sp.history_length)),
    }
}

/// A stream that starts with the task snapshot (STREAM-003, STREAM-004); it closes at once
/// when the snapshot is already at an interrupted state.
fn task_stream(snap: &TaskSnapshot, rx: UpdateRx, v: ProtocolVersion, hl: Option<usize>) -> Reply {
    let ends = snap.status.state.is_terminal() || snap.status.state.is_interrupted();
    Reply::Stream(
        wire::wrap_task(snap, v, hl),
        if ends { None } else { Some(rx) },
        (snap.id.clone(), snap.context_id.clone()),
    )
}

fn get_task(agent: &Agent, p: Option<&Value>, v: ProtocolVersion) -> Result<Value, RpcError> {
    let id = task_id_param(p)?;
    let hl = history_length(params_obj(p)?)?;
    let snap = agent
        .store
        .get(&id)
        .ok_or_else(|| RpcError::new(code::TASK_NOT_FOUND, format!("task not found: {id}")))?;
    Ok(snap.render(v, hl, true))
}

fn cancel_task(agent: &Agent, p: Option<&Value>, v: ProtocolVersion) -> Result<Value, RpcError> {
    let id = task_id_param(p)?;
    Ok(agent.store.cancel(&id)?.render(v, None, true))
}

fn subscribe(agent: &Agent, p: Option<&Value>, v: ProtocolVersion) -> Result<Reply, RpcError> {
    let id = task_id_param(p)?;
    let (snap, rx) = agent.store.subscribe(&id)?;
    Ok(task_stream(&snap, rx, v, None))
}

/// `ListTasks` (1.0 only, DATA-007): cursor = decimal offset, `nextPageToken` "" on the
/// last page, `artifacts` only with `includeArtifacts`.
fn list_tasks(agent: &Agent, p: Option<&Value>, v: ProtocolVersion) -> Result<Value, RpcError> {
    let empty = serde_json::Map::new();
    let obj = match p {
        None | Some(Value::Null) => &empty,
        other => params_obj(other)?,
    };
    let opt_str = |k: &str| match obj.get(k) {
        None | Some(Value::Null) => Ok(None),
        Some(Value::String(s)) if s.is_empty() => Ok(None),
        Some(Value::String(s)) => Ok(Some(s.as_str())),
        Some(_) => Err(invalid(&format!("{k} must be a string"))),
    };
    let context_id = opt_str("contextId")?;
    let state = match opt_str("status")? {
        None => None,
        Some(s) => Some(
            TaskState::parse(s)
                .ok_or_else(|| invalid(&format!("status {s} is not a task state")))?,
        ),
    };
    let after = opt_str("statusTimestampAfter")?;
    let page_size = match obj.get("pageSize") {
        None | Some(Value::Null) => 50,
        Some(x) => match x.as_u64() {
            Some(n @ 1..=100) => n as usize,
            _ => return Err(invalid("pageSize must be an integer from 1 to 100")),
        },
    };
    let offset = match opt_str("pageToken")? {
        None => 0,
        Some(t) => t
            .parse::<usize>()
            .map_err(|_| invalid("pageToken is not a token this agent issued"))?,
    };
    let include_artifacts = match obj.get("includeArtifacts") {
        None | Some(Value::Null) => false,
        Some(Value::Bool(b)) => *b,
        Some(_) => return Err(invalid("includeArtifacts must be a boolean")),
    };
    let hl = history_length(obj)?;
    let all = agent.store.list(context_id, state, after);
    let total = all.len();
    let page: Vec<Value> = all
        .iter()
        .skip(offset)
        .take(page_size)
        .map(|t| t.render(v, hl, include_artifacts))
        .collect();
    let next = if offset + page.len() < total {
        (offset + page.len()).to_string()
    } else {
        String::new()
    };
    Ok(json!({"tasks": page, "nextPageToken": next, "pageSize": page_size, "totalSize": total}))
}

fn sse_response(body: SseBody) -> Response<RespBody> {
    let mut r = Response::new(body.boxed());
    r.headers_mut().insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("text/event-stream"),
    );
    r.headers_mut()
        .insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    r
}

/// Response body of a stream (RPC-005): one `data: <JSON-RPC response>\n\n` event per body
/// chunk; ends after the event that reaches a terminal or interrupted state. Dropping it
/// (client gone) drops the subscription.
struct SseBody {
    id: Value,
    version: ProtocolVersion,
    first: Option<Value>,
    rx: Option<UpdateRx>,
    task: (String, String),
    done: bool,
}

impl SseBody {
    fn event(&self, result: Value) -> Bytes {
        let envelope = wire::response(&self.id, Ok(result), self.version);
        Bytes::from(format!("data: {envelope}\n\n"))
    }
}

impl http_body::Body for SseBody {
    type Data = Bytes;
    type Error = Infallible;

    fn poll_frame(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<Frame<Bytes>, Infallible>>> {
        let this = &mut *self;
        if let Some(first) = this.first.take() {
            return Poll::Ready(Some(Ok(Frame::data(this.event(first)))));
        }
        if this.done {
            return Poll::Ready(None);
        }
        let Some(rx) = this.rx.as_mut() else {
            return Poll::Ready(None);
        };
        match rx.poll_recv(cx) {
            Poll::Pending => Poll::Pending,
            Poll::Ready(None) => {
                this.done = true;
                Poll::Ready(None)
            }
            Poll::Ready(Some(u)) => {
                this.done = u.ends_stream();
                let result = u.render(this.version, &this.task.0, &this.task.1);
                if this.done {
                    this.rx = None;
                }
                Poll::Ready(Some(Ok(Frame::data(this.event(result)))))
            }
        }
    }

    fn is_end_stream(&self) -> bool {
        self.first.is_none() && (self.done || self.rx.is_none())
    }
}

/*!
Small deliberately broken A2A 1.0 JSON-RPC agents for the prober's tests: a real hyper server
on 127.0.0.1 that is correct except for the ONE thing its [`Break`] names. Skills (first word
of the message text): `task` completes with one artifact, `cancel` keeps working until
canceled, `input` asks for input and completes on the follow-up. Push notifications
(advertised by [`Break::PushWithoutToken`], [`Break::PushDeleteIgnored`],
[`Break::PushListEmpty`], [`Break::PushGetOtherId`] and [`Break::PushGetOtherUrl`]): the four
1.0 config methods, and one `statusUpdate` POSTed to each config of a task when it ends (with the config's `authentication` as `Authorization`, but for
[`Break::PushWithoutToken`]).
*/

#![allow(dead_code)]

#[path = "../common/tls_agent.rs"]
mod tls_agent;

use std::collections::HashMap;
use std::net::SocketAddr;
use std::sync::{Arc, Mutex};

use bytes::Bytes;
use http_body_util::{BodyExt, Full};
use hyper::{Request, Response};
use serde_json::{json, Value};
use tokio::net::TcpListener;
use tokio::task::JoinHandle;

/// The one thing the agent gets wrong.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Break {
    /// Nothing: a conformant agent.
    Nothing,
    /// The card advertises `/wrong/rpc`, which answers 404 (CARD-005).
    WrongUrl,
    /// Unparseable JSON gets -32603 instead of -32700 (ERR-001).
    ParseErrorIsInternal,
    /// CancelTask on a completed task returns the task instead of -32002 (TASK-003).
    CancelCompletedSucceeds,
    /// The stream sends a status update after the terminal one (STREAM-007).
    EventsAfterTerminal,
    /// The card declares a bearer scheme but calls without credentials work (AUTH-002).
    NoAuthEnforcement,
    /// The card advertises an interface on another host (the cloud metadata address): the
    /// prober must refuse to follow it (SSRF guard).
    ForeignHost,
    /// The card advertises push and the config methods work, but webhook notifications go
    /// out with no credentials: no `Authorization` for the config's 1.0 `authentication`
    /// (PUSH-004), no token header either.
    PushWithoutToken,
    /// HTTP+JSON: malformed JSON gets HTTP 400 with a JSON-RPC-style body
    /// `{"code": -32602, ...}` instead of the 1.0 error body (ERR-003, REST-003): the probe's
    /// own check (400 with an error code) passes, the verifier's REST-ERROR-001 does not.
    RestParseErrorAsJsonRpc,
    /// The card lacks the required `version` (CARD-004): every fetch of it breaks the rule.
    CardWithoutVersion,
    /// Malformed JSON on JSON-RPC: the agent closes the connection without answering
    /// (ERR-001 wants -32700); every other request is answered (breaker8 G20).
    ParseErrorClosesConnection,
    /// A rate limiter in front of a conformant agent: from the 6th POST on, every 3rd is
    /// answered HTTP 429 + `Retry-After: 1` with a JSON-RPC -32603 "rate limited" body
    /// (breaker15b R4: no A2A answer, to be retried, never judged).
    RateLimited,
    /// Every POST is answered HTTP 503 + `Retry-After: 120` (overloaded, come back in two
    /// minutes), longer than any probe `--timeout` of the tests: each call is rate-limited.
    Overloaded,
    /// Secured: the bearer token is required on SendMessage / SendStreamingMessage only;
    /// GetTask and CancelTask of any task work without credentials (AUTH-002, AUTH-006;
    /// breaker15b R7).
    AuthOnSendOnly,
    /// No skill looks long-running (no `cancel` skill on the card), yet every task stays
    /// TASK_STATE_WORKING; CancelTask works (breaker15b R8's control).
    StuckWorking,
    /// As [`Break::StuckWorking`], and CancelTask never answers (TASK-003; breaker15b R8).
    StuckWorkingCancelHangs,
    /// The card lists a second JSON-RPC 1.0 interface at `/rpc2`, served like `/rpc`
    /// (breaker15b R9's control).
    SecondInterface,
    /// The card lists a second JSON-RPC 1.0 interface at `/v2`, which answers 404
    /// (CARD-005; breaker15b R9).
    DeadSecondInterface,
    /// The 1.0 stream's events are written in the 0.3 shape (`kind` discriminator,
    /// lowercase states, `final: true`): STREAM-SHAPE-001 (breaker15b R13).
    StreamIn03Shape,
    /// The card's interface names the agent's listen address, the bind-all `0.0.0.0`, with
    /// its real port (`http://0.0.0.0:PORT/rpc`; CARD-005, CARD-URL-011; review32).
    BindAllHost,
    /// The card's interface names a loopback port nothing listens on (an internal address
    /// leaked by a reverse proxy; CARD-005, breaker15b R18).
    DeadPort,
    /// The card declares the authenticated extended card (`capabilities.extendedAgentCard`)
    /// and `GetExtendedAgentCard` answers it; unsecured (`secured = false`) it answers anyone
    /// (AUTH-005; breaker17b V14), secured only a client with the token, like every call.
    ExtendedCard,
    /// A streaming follow-up to an input-required task starts with a `statusUpdate`, not
    /// the Task (STREAM-003; a2a-python's follow-up streams, breaker17b V12/V14).
    FollowUpStreamStatusFirst,
    /// A message naming a `contextId` and no `taskId` gets a task in a new context of the
    /// agent's making (ID-002: MUST NOT substitute; ID-008).
    ContextNotKept,
    /// ListTasks ignores its `contextId` filter: every task is listed (DATA-007).
    ListIgnoresContext,
    /// A subscription to a working task opens with a `statusUpdate`, not the Task
    /// (STREAM-004).
    SubscribeStatusFirst,
    /// The card does not declare push notifications, yet push configs are accepted
    /// (PUSH-001).
    PushAcceptedUndeclared,
    /// Push as [`Break::PushWithoutToken`] with the credentials sent, but a delete answers
    /// `{}` and keeps the config: a Get after it still returns it (PUSH-003; session 44).
    PushDeleteIgnored,
    /// Push as [`Break::PushDeleteIgnored`] with deletes honoured, but the list of a task's
    /// configs is always empty (PUSH-003; session 44).
    PushListEmpty,
    /// Push as [`Break::PushListEmpty`] with the list whole, but a Get of a config answers
    /// it under another id (PUSH-003; session 45: `push.get-config` by PUSH-CFG-005).
    PushGetOtherId,
    /// As [`Break::PushGetOtherId`], but the Get answers the config's own id with another
    /// webhook url than the create set (PUSH-003; session 45).
    PushGetOtherUrl,
    /// The card marks the extension [`EXTENSION`] `required` and the agent refuses sends
    /// that do not activate it with -32008 (EXT-002's control).
    RequiredExtension,
    /// As [`Break::RequiredExtension`], but sends without the extension are processed
    /// (EXT-002).
    ExtensionNotEnforced,
    /// The agent's process dies mid-stream: the first `SendStreamingMessage` answer sends
    /// its head and first event, then the connection is cut (the body ends short of its
    /// `Content-Length`), and 200 ms later the agent stops listening and drops every
    /// connection (ux32: an agent killed during a streaming check).
    DiesMidStream,
    /// A conformant agent that sends every answer chunked, without `Content-Length` (as
    /// many frameworks stream a JSON body): behind an HTTP/2 front the end of each body then
    /// comes as an empty DATA frame of its own (session 32: the recording proxy kept that
    /// frame in a card's prefix and recorded the card fetch as `client_abort`).
    ChunkedAnswers,
    /// Every `SendStreamingMessage` stream (JSON-RPC, and HTTP+JSON `message:stream`) sends
    /// its events through the terminal `statusUpdate`, then stays open, sending nothing,
    /// until the client leaves (STREAM-003 / STREAM-007: a task stream closes at its
    /// terminal state; grpc58).
    HeldOpenAfterTerminal,
    /// As [`Break::HeldOpenAfterTerminal`], but every such stream sends its events
    /// [`LATE_EVENTS`] after its head (streams59 item 4: the terminal event lands 1 s before
    /// a `--timeout 4s` probe's deadline, within the verifier's 2 s grace).
    HeldOpenLate,
    /// A conformant agent whose `SendStreamingMessage` streams send their events
    /// [`LATE_EVENTS`] after their head, then end (the neighbour of [`Break::HeldOpenLate`]).
    LateStream,
}

/// How long after its head a stream of [`Break::HeldOpenLate`] / [`Break::LateStream`]
/// sends its events (3 s).
pub const LATE_EVENTS: std::time::Duration = std::time::Duration::from_secs(3);

/// Header of a [`handle`] response that means "send the body [`LATE_EVENTS`] after the
/// head" ([`Break::HeldOpenLate`], [`Break::LateStream`]).
const LATE: &str = "x-broken-late";

/// The extension URI the cards of [`Break::RequiredExtension`] and
/// [`Break::ExtensionNotEnforced`] mark `required`.
pub const EXTENSION: &str = "https://a2a-interop.test/ext/must-have/v1";

impl Break {
    /// The card declares push notifications and the config methods serve them.
    fn push_declared(self) -> bool {
        matches!(
            self,
            Break::PushWithoutToken
                | Break::PushDeleteIgnored
                | Break::PushListEmpty
                | Break::PushGetOtherId
                | Break::PushGetOtherUrl
        )
    }

    fn stuck(self) -> bool {
        matches!(self, Break::StuckWorking | Break::StuckWorkingCancelHangs)
    }

    fn requires_extension(self) -> bool {
        matches!(self, Break::RequiredExtension | Break::ExtensionNotEnforced)
    }
}

/// Header of a [`handle`] response that means "close the connection without answering".
const CLOSE_WITHOUT_ANSWER: &str = "x-broken-close-without-answer";

/// Header of a [`handle`] response that means "send this, then die in 200 ms"
/// ([`Break::DiesMidStream`]).
const DIE_SOON: &str = "x-broken-die-soon";

/// A streamed answer body's frames (a cut body, a chunked one, one held open).
type FrameStream = std::pin::Pin<
    Box<dyn futures_util::Stream<Item = Result<hyper::body::Frame<Bytes>, std::io::Error>> + Send>,
>;

/// Header of a [`handle`] response that means "send this, then hold the connection open
/// without ending the body" ([`Break::HeldOpenAfterTerminal`]).
const HOLD_OPEN: &str = "x-broken-hold-open";

/// The bearer token a secured agent accepts.
pub const TOKEN: &str = "s3cret-token";

pub struct Agent {
    pub addr: SocketAddr,
    join: JoinHandle<()>,
}

impl Agent {
    pub fn url(&self) -> String {
        format!("http://{}/", self.addr)
    }

    /// The base URL of an agent from [`start_tls`].
    pub fn https_url(&self) -> String {
        format!("https://{}/", self.addr)
    }
}

/// A plain or TLS connection.
enum Io {
    Plain(tokio::net::TcpStream),
    Tls(Box<tokio_rustls::server::TlsStream<tokio::net::TcpStream>>),
}

impl Drop for Agent {
    fn drop(&mut self) {
        self.join.abort();
    }
}

struct State {
    brk: Break,
    secured: bool,
    card: Value,
    tasks: Mutex<HashMap<String, Value>>,
    /// Task ids, oldest first (ListTasks lists newest first).
    order: Mutex<Vec<String>>,
    /// Push configs by task id (1.0 `TaskPushNotificationConfig` objects).
    push: Mutex<HashMap<String, Vec<Value>>>,
    /// POST requests seen ([`Break::RateLimited`]).
    posts: std::sync::atomic::AtomicUsize,
}

/// Starts an agent that breaks `brk`; `secured` declares (and, unless the break says
/// otherwise, enforces) a bearer scheme. JSON-RPC only.
pub async fn start(brk: Break, secured: bool) -> Agent {
    start_with(brk, secured, false).await
}

/// As [`start`]; `rest` also serves and advertises the 1.0 HTTP+JSON binding under `/rest`
/// (same tasks, same break).
pub async fn start_with(brk: Break, secured: bool, rest: bool) -> Agent {
    start_inner(brk, secured, rest, None, None).await
}

/// A conformant agent that dies after answering `after` requests: it stops listening
/// (new connections are refused) and drops every open connection.
pub async fn start_dying(after: usize) -> Agent {
    start_inner(Break::Nothing, false, false, Some(after), None).await
}

/// A conformant agent served over TLS only (ALPN h2, http/1.1) with a self-signed
/// certificate for the IP address 127.0.0.1, written as PEM to `cert_pem`; its card
/// advertises `https://127.0.0.1:PORT/rpc`. [`Agent::url`] is still `http://`: use
/// [`Agent::https_url`].
pub async fn start_tls(cert_pem: &std::path::Path) -> Agent {
    let acceptor = tls_agent::self_signed_acceptor(&["127.0.0.1"], &[b"h2", b"http/1.1"], cert_pem);
    start_inner(Break::Nothing, false, false, None, Some(acceptor)).await
}

/// As [`start_tls`], breaking `brk`; `rest` also serves and advertises the 1.0 HTTP+JSON
/// binding under `/rest` (`https://127.0.0.1:PORT/rest`).
pub async fn start_tls_with(brk: Break, rest: bool, cert_pem: &std::path::Path) -> Agent {
    let acceptor = tls_agent::self_signed_acceptor(&["127.0.0.1"], &[b"h2", b"http/1.1"], cert_pem);
    start_inner(brk, false, rest, None, Some(acceptor)).await
}

async fn start_inner(
    brk: Break,
    secured: bool,
    rest: bool,
    die_after: Option<usize>,
    tls: Option<tokio_rustls::TlsAcceptor>,
) -> Agent {
    let listener = TcpListener::bind("127.0.0.1:0")
        .await
        .expect("bind loopback");
    let addr = listener.local_addr().expect("local addr");
    let scheme = if tls.is_some() { "https" } else { "http" };
    let path = if brk == Break::WrongUrl {
        "wrong/rpc"
    } else {
        "rpc"
    };
    let iface = if brk == Break::ForeignHost {
        "http://169.254.169.254/rpc".to_string()
    } else if brk == Break::DeadPort {
        let dead = std::net::TcpListener::bind("127.0.0.1:0").expect("bind loopback");
        let dead_addr = dead.local_addr().expect("local addr");
        let port = dead_addr.port();
        drop(dead); // closed: connections to it are refused
                    // once no child process forked meanwhile holds a copy of the socket (until its
                    // exec): wait until a connection is refused
        let t0 = std::time::Instant::now();
        while std::net::TcpStream::connect(dead_addr).is_ok() {
            assert!(
                t0.elapsed() < std::time::Duration::from_secs(30),
                "{dead_addr} still takes connections 30 s after its listener closed"
            );
            std::thread::sleep(std::time::Duration::from_millis(20));
        }
        format!("http://127.0.0.1:{port}/rpc")
    } else if brk == Break::BindAllHost {
        format!("{scheme}://0.0.0.0:{}/{path}", addr.port())
    } else {
        format!("{scheme}://{addr}/{path}")
    };
    let skill = |id: &str, d: &str| {
        json!({"id": id, "name": id, "description": d,
        "tags": [id], "examples": [format!("{id} hello")]})
    };
    let mut card = json!({
        "name": "broken agent", "description": "breaks one rule on purpose",
        "supportedInterfaces": [{"url": iface, "protocolBinding": "JSONRPC", "protocolVersion": "1.0"}],
        "version": "1", "capabilities": {"streaming": true, "pushNotifications": brk.push_declared()},
        "defaultInputModes": ["text/plain"], "defaultOutputModes": ["text/plain"],
        "skills": [skill("task", "completes"), skill("cancel", "works until canceled"), skill("input", "asks for input")],
    });
    let second = match brk {
        Break::SecondInterface => Some("rpc2"),
        Break::DeadSecondInterface => Some("v2"),
        _ => None,
    };
    if let (Some(p), Some(list)) = (second, card["supportedInterfaces"].as_array_mut()) {
        list.push(json!({"url": format!("{scheme}://{addr}/{p}"), "protocolBinding": "JSONRPC", "protocolVersion": "1.0"}));
    }
    if brk.stuck() {
        card["skills"] = json!([
            skill("task", "works on it"),
            skill("input", "asks for input")
        ]);
    }
    if brk == Break::ExtendedCard {
        card["capabilities"]["extendedAgentCard"] = json!(true);
    }
    if brk.requires_extension() {
        card["capabilities"]["extensions"] = json!([{"uri": EXTENSION,
            "description": "a client must speak it", "required": true}]);
    }
    if brk == Break::CardWithoutVersion {
        if let Some(c) = card.as_object_mut() {
            c.remove("version");
        }
    }
    if rest {
        if let Some(list) = card["supportedInterfaces"].as_array_mut() {
            list.push(json!({"url": format!("{scheme}://{addr}/rest"), "protocolBinding": "HTTP+JSON", "protocolVersion": "1.0"}));
        }
    }
    if secured || brk == Break::NoAuthEnforcement {
        card["securitySchemes"] =
            json!({"bearer": {"httpAuthSecurityScheme": {"scheme": "Bearer"}}});
        card["securityRequirements"] = json!([{"schemes": {"bearer": {"list": []}}}]);
    }
    let state = Arc::new(State {
        brk,
        secured,
        card,
        tasks: Mutex::new(HashMap::new()),
        order: Mutex::new(Vec::new()),
        push: Mutex::new(HashMap::new()),
        posts: std::sync::atomic::AtomicUsize::new(0),
    });
    let (dead_tx, dead_rx) = tokio::sync::watch::channel(false);
    let dead_tx = Arc::new(dead_tx);
    let served = Arc::new(std::sync::atomic::AtomicUsize::new(0));
    let join = tokio::spawn(async move {
        loop {
            let mut dead = dead_rx.clone();
            let accepted = tokio::select! {
                a = listener.accept() => a,
                _ = dead.wait_for(|d| *d) => break, // the listener is dropped: refused
            };
            let Ok((tcp, _)) = accepted else {
                continue;
            };
            let state = state.clone();
            let (dead_tx, served) = (dead_tx.clone(), served.clone());
            let tls = tls.clone();
            tokio::spawn(async move {
                let stream = match tls {
                    Some(acceptor) => match acceptor.accept(tcp).await {
                        Ok(s) => Io::Tls(Box::new(s)),
                        Err(_) => return,
                    },
                    None => Io::Plain(tcp),
                };
                let svc = hyper::service::service_fn(move |req| {
                    let state = state.clone();
                    let (dead_tx, served) = (dead_tx.clone(), served.clone());
                    async move {
                        let resp = handle(&state, req).await;
                        let n = served.fetch_add(1, std::sync::atomic::Ordering::SeqCst) + 1;
                        if die_after.is_some_and(|k| n >= k) {
                            let _ = dead_tx.send(true);
                        }
                        let mut resp = resp;
                        let die_soon = resp.headers_mut().remove(DIE_SOON).is_some();
                        let hold_open = resp.headers_mut().remove(HOLD_OPEN).is_some();
                        let late = resp.headers_mut().remove(LATE).is_some();
                        if die_soon {
                            let dead_tx = dead_tx.clone();
                            tokio::spawn(async move {
                                tokio::time::sleep(std::time::Duration::from_millis(200)).await;
                                let _ = dead_tx.send(true);
                            });
                        }
                        if resp.headers().contains_key(CLOSE_WITHOUT_ANSWER) {
                            // a service error: hyper closes the connection, no response
                            return Err(std::io::Error::other("closed without answering"));
                        }
                        if hold_open || late {
                            // the events (LATE_EVENTS after the head when late), then a body
                            // that never ends (the client leaves) when held open
                            let (parts, full) = resp.into_parts();
                            let bytes = full
                                .collect()
                                .await
                                .map(|c| c.to_bytes())
                                .unwrap_or_default();
                            let events = futures_util::stream::once(async move {
                                if late {
                                    tokio::time::sleep(LATE_EVENTS).await;
                                }
                                Ok::<_, std::io::Error>(hyper::body::Frame::data(bytes))
                            });
                            let frames: FrameStream = if hold_open {
                                Box::pin(futures_util::StreamExt::chain(
                                    events,
                                    futures_util::stream::pending(),
                                ))
                            } else {
                                Box::pin(events)
                            };
                            let body = http_body_util::StreamBody::new(frames);
                            return Ok(Response::from_parts(
                                parts,
                                http_body_util::Either::Right(body),
                            ));
                        }
                        if !die_soon && state.brk != Break::ChunkedAnswers {
                            // every other answer as it was built: one body with its length
                            return Ok(resp.map(http_body_util::Either::Left));
                        }
                        // a streamed body (no length): its bytes, then its end; or, when the
                        // agent dies mid-answer, the connection cut 100 ms after its bytes
                        // (they reach the client first)
                        let (parts, full) = resp.into_parts();
                        let bytes = full
                            .collect()
                            .await
                            .map(|c| c.to_bytes())
                            .unwrap_or_default();
                        let mut frames = vec![Ok(hyper::body::Frame::data(bytes))];
                        if die_soon {
                            frames.push(Err(std::io::Error::other("agent killed mid-answer")));
                        }
                        let frames = futures_util::StreamExt::then(
                            futures_util::stream::iter(frames),
                            |f| async move {
                                if f.is_err() {
                                    tokio::time::sleep(std::time::Duration::from_millis(100)).await;
                                }
                                f
                            },
                        );
                        let frames: FrameStream = Box::pin(frames);
                        let body = http_body_util::StreamBody::new(frames);
                        Ok::<_, std::io::Error>(Response::from_parts(
                            parts,
                            http_body_util::Either::Right(body),
                        ))
                    }
                });
                let builder = hyper_util::server::conn::auto::Builder::new(
                    hyper_util::rt::TokioExecutor::new(),
                );
                match stream {
                    Io::Plain(tcp) => {
                        let conn = builder.serve_connection(hyper_util::rt::TokioIo::new(tcp), svc);
                        tokio::select! {
                            _ = conn => {}
                            _ = dead.wait_for(|d| *d) => {} // connection dropped with the agent
                        }
                    }
                    Io::Tls(t) => {
                        let conn = builder.serve_connection(hyper_util::rt::TokioIo::new(*t), svc);
                        tokio::select! {
                            _ = conn => {}
                            _ = dead.wait_for(|d| *d) => {}
                        }
                    }
                }
            });
        }
    });
    Agent { addr, join }
}

fn reply(status: u16, ct: &str, body: impl Into<Bytes>) -> Response<Full<Bytes>> {
    Response::builder()
        .status(status)
        .header("content-type", ct)
        .body(Full::new(body.into()))
        .expect("static response")
}

/// An A2A error: JSON-RPC code and message.
type Fault = (i64, &'static str);

fn rpc_reply(id: &Value, r: Result<Value, Fault>) -> Response<Full<Bytes>> {
    let b = match r {
        Ok(result) => json!({"jsonrpc": "2.0", "id": id, "result": result}),
        Err((code, msg)) => {
            json!({"jsonrpc": "2.0", "id": id, "error": {"code": code, "message": msg}})
        }
    };
    reply(200, "application/json", b.to_string())
}

/// HTTP+JSON reply (1.0.1 statuses, ERR-003 error body with ErrorInfo).
fn rest_reply(r: Result<Value, Fault>) -> Response<Full<Bytes>> {
    match r {
        Ok(v) => reply(200, "application/a2a+json", v.to_string()),
        Err((code, msg)) => {
            let (http, status, reason) = match code {
                -32001 => (404, "NOT_FOUND", "TASK_NOT_FOUND"),
                -32002 => (400, "FAILED_PRECONDITION", "TASK_NOT_CANCELABLE"),
                -32003 => (
                    400,
                    "FAILED_PRECONDITION",
                    "PUSH_NOTIFICATION_NOT_SUPPORTED",
                ),
                -32008 => (400, "FAILED_PRECONDITION", "EXTENSION_SUPPORT_REQUIRED"),
                -32004 => (400, "FAILED_PRECONDITION", "UNSUPPORTED_OPERATION"),
                -32009 => (400, "FAILED_PRECONDITION", "VERSION_NOT_SUPPORTED"),
                -32603 => (500, "INTERNAL", "INTERNAL"),
                _ => (400, "INVALID_ARGUMENT", "INVALID_ARGUMENT"),
            };
            let b = json!({"error": {"code": http, "status": status, "message": msg, "details": [
                {"@type": "type.googleapis.com/google.rpc.ErrorInfo", "reason": reason, "domain": "a2a-protocol.org"}]}});
            reply(http, "application/a2a+json", b.to_string())
        }
    }
}

fn terminal(state: &str) -> bool {
    matches!(
        state,
        "TASK_STATE_COMPLETED"
            | "TASK_STATE_CANCELED"
            | "TASK_STATE_FAILED"
            | "TASK_STATE_REJECTED"
    )
}

async fn handle(st: &State, req: Request<hyper::body::Incoming>) -> Response<Full<Bytes>> {
    let path = req.uri().path().to_string();
    let query = req.uri().query().unwrap_or("").to_string();
    let method = req.method().clone();
    if method == hyper::Method::GET && path == "/.well-known/agent-card.json" {
        return reply(200, "application/json", st.card.to_string());
    }
    let rest = path.starts_with("/rest/");
    let rpc_path = path == "/rpc" || (st.brk == Break::SecondInterface && path == "/rpc2");
    if !rest && (method != hyper::Method::POST || !rpc_path) {
        return reply(404, "text/plain", "not found");
    }
    if method == hyper::Method::POST {
        let n = st.posts.fetch_add(1, std::sync::atomic::Ordering::SeqCst) + 1;
        let limited = match st.brk {
            Break::RateLimited if n >= 6 && n.is_multiple_of(3) => Some((429, "1")),
            Break::Overloaded => Some((503, "120")),
            _ => None,
        };
        if let Some((status, after)) = limited {
            return Response::builder()
                .status(status)
                .header("content-type", "application/json")
                .header("retry-after", after)
                .body(Full::new(Bytes::from_static(
                    br#"{"error":{"code":-32603,"message":"rate limited, retry later"}}"#,
                )))
                .expect("static response");
        }
    }
    let authorized = req
        .headers()
        .get("authorization")
        .and_then(|v| v.to_str().ok())
        == Some(&format!("Bearer {TOKEN}"));
    let unauthorized = || {
        Response::builder()
            .status(401)
            .header("www-authenticate", "Bearer")
            .body(Full::new(Bytes::new()))
            .expect("static response")
    };
    // AuthOnSendOnly checks the token on the send methods only (below)
    let send_only = st.brk == Break::AuthOnSendOnly;
    if st.secured && st.brk != Break::NoAuthEnforcement && !send_only && !authorized {
        return unauthorized();
    }
    let version = req
        .headers()
        .get("a2a-version")
        .and_then(|v| v.to_str().ok())
        .map(str::to_string);
    let bad_version = version
        .as_deref()
        .is_some_and(|v| !matches!(v, "1.0" | "0.3" | ""));
    // EXT-002: a send that does not activate the required extension is refused
    let extension_missing = st.brk == Break::RequiredExtension
        && !req
            .headers()
            .get("a2a-extensions")
            .and_then(|v| v.to_str().ok())
            .is_some_and(|v| v.split(',').any(|u| u.trim() == EXTENSION));
    let body = match req.into_body().collect().await {
        Ok(b) => b.to_bytes(),
        Err(_) => return reply(400, "text/plain", "bad body"),
    };
    let parse_code = if st.brk == Break::ParseErrorIsInternal {
        -32603
    } else {
        -32700
    };
    if rest {
        let params: Value = if body.is_empty() {
            json!({})
        } else {
            match serde_json::from_slice(&body) {
                Ok(v) => v,
                Err(_) if st.brk == Break::RestParseErrorAsJsonRpc => {
                    let b = json!({"code": -32602, "message": "invalid params"});
                    return reply(400, "application/json", b.to_string());
                }
                Err(_) => return rest_reply(Err((parse_code, "parse error"))),
            }
        };
        if bad_version {
            return rest_reply(Err((-32009, "version not supported")));
        }
        let tail = path.trim_start_matches("/rest");
        if send_only && !authorized && tail.starts_with("/message:") {
            return unauthorized();
        }
        if st.brk == Break::StuckWorkingCancelHangs && tail.ends_with(":cancel") {
            tokio::time::sleep(std::time::Duration::from_secs(3600)).await;
        }
        if extension_missing && tail.starts_with("/message:") {
            return rest_reply(Err((-32008, "extension support required")));
        }
        if method == hyper::Method::POST && tail == "/message:send" {
            return rest_reply(send(st, &params));
        }
        if method == hyper::Method::GET && tail == "/tasks" {
            let q: serde_json::Map<String, Value> = query
                .split('&')
                .filter_map(|kv| kv.split_once('='))
                .map(|(k, v)| (k.to_string(), json!(v)))
                .collect();
            return rest_reply(list(st, &Value::Object(q)));
        }
        if method == hyper::Method::POST && tail == "/message:stream" {
            return match stream_events(st, &params) {
                Ok(events) => held_open(st, sse(events.into_iter())),
                Err(f) => rest_reply(Err(f)),
            };
        }
        if let Some(rest_id) = tail.strip_prefix("/tasks/") {
            if let Some(id) = rest_id.strip_suffix(":cancel") {
                return rest_reply(cancel(st, id));
            }
            if let Some(id) = rest_id.strip_suffix(":subscribe") {
                return match subscribe(st, id).await {
                    Ok(events) => sse(events.into_iter()),
                    Err(f) => rest_reply(Err(f)),
                };
            }
            if rest_id.contains("/pushNotificationConfigs") {
                return rest_reply(Err((-32003, "push notifications not supported")));
            }
            let history = query
                .split('&')
                .find_map(|kv| kv.strip_prefix("historyLength="))
                .and_then(|n| n.parse::<u64>().ok());
            return rest_reply(get(st, rest_id, history));
        }
        return reply(404, "text/plain", "not found");
    }
    let Ok(msg) = serde_json::from_slice::<Value>(&body) else {
        if st.brk == Break::ParseErrorClosesConnection {
            return Response::builder()
                .header(CLOSE_WITHOUT_ANSWER, "1")
                .body(Full::new(Bytes::new()))
                .expect("static response");
        }
        return rpc_reply(&Value::Null, Err((parse_code, "parse error")));
    };
    let id = msg.get("id").cloned().unwrap_or(Value::Null);
    let (Some("2.0"), Some(method)) = (
        msg.get("jsonrpc").and_then(Value::as_str),
        msg.get("method").and_then(Value::as_str),
    ) else {
        return rpc_reply(&id, Err((-32600, "invalid request")));
    };
    if send_only && !authorized && method.contains("Message") {
        return unauthorized();
    }
    if st.brk == Break::StuckWorkingCancelHangs && method == "CancelTask" {
        tokio::time::sleep(std::time::Duration::from_secs(3600)).await;
    }
    if bad_version {
        return rpc_reply(&id, Err((-32009, "version not supported")));
    }
    if extension_missing && method.contains("Message") {
        return rpc_reply(&id, Err((-32008, "extension support required")));
    }
    let params = msg.get("params").cloned().unwrap_or(json!({}));
    let task_id = params.get("id").and_then(Value::as_str).unwrap_or("");
    let push_on = st.brk.push_declared() || st.brk == Break::PushAcceptedUndeclared;
    match method {
        "GetExtendedAgentCard" if st.brk == Break::ExtendedCard => {
            let mut ext = st.card.clone();
            ext["description"] = json!("the extended card: more skills for known clients");
            rpc_reply(&id, Ok(ext))
        }
        "SendMessage" => {
            let r = send(st, &params);
            notify(st, r.as_ref().ok().and_then(|v| v.get("task")));
            rpc_reply(&id, r)
        }
        "CreateTaskPushNotificationConfig"
        | "GetTaskPushNotificationConfig"
        | "ListTaskPushNotificationConfigs"
        | "DeleteTaskPushNotificationConfig"
            if !push_on =>
        {
            rpc_reply(&id, Err((-32003, "push notifications not supported")))
        }
        "CreateTaskPushNotificationConfig" => {
            let tid = params.get("taskId").and_then(Value::as_str).unwrap_or("");
            let r = get(st, tid, None).map(|_| {
                let mut cfg = params.clone();
                cfg["id"] = json!(uuid::Uuid::new_v4().to_string());
                let mut push = st.push.lock().expect("lock");
                push.entry(tid.to_string()).or_default().push(cfg.clone());
                cfg
            });
            rpc_reply(&id, r)
        }
        "GetTaskPushNotificationConfig"
        | "ListTaskPushNotificationConfigs"
        | "DeleteTaskPushNotificationConfig" => {
            let tid = params.get("taskId").and_then(Value::as_str).unwrap_or("");
            let mut push = st.push.lock().expect("lock");
            let list = push.entry(tid.to_string()).or_default();
            let r = match method {
                "ListTaskPushNotificationConfigs" if st.brk == Break::PushListEmpty => {
                    Ok(json!({"configs": [], "nextPageToken": ""}))
                }
                "ListTaskPushNotificationConfigs" => {
                    Ok(json!({"configs": list.clone(), "nextPageToken": ""}))
                }
                "DeleteTaskPushNotificationConfig" => {
                    if st.brk != Break::PushDeleteIgnored {
                        list.retain(|c| c.get("id") != params.get("id"));
                    }
                    Ok(json!({}))
                }
                _ => list
                    .iter()
                    .find(|c| c.get("id") == params.get("id"))
                    .cloned()
                    .map(|mut c| {
                        match st.brk {
                            Break::PushGetOtherId => c["id"] = json!("another-config"),
                            Break::PushGetOtherUrl => {
                                c["url"] = json!("http://127.0.0.1:9/elsewhere")
                            }
                            _ => {}
                        }
                        c
                    })
                    .ok_or((-32001, "push notification config not found")),
            };
            rpc_reply(&id, r)
        }
        "SendStreamingMessage" if st.brk == Break::DiesMidStream => {
            match stream_events(st, &params) {
                Ok(events) => {
                    let first = events.into_iter().take(1);
                    let mut r =
                        sse(first.map(|e| json!({"jsonrpc": "2.0", "id": id, "result": e})));
                    r.headers_mut().insert(DIE_SOON, "1".parse().unwrap());
                    r
                }
                Err(f) => rpc_reply(&id, Err(f)),
            }
        }
        "SendStreamingMessage" => match stream_events(st, &params) {
            Ok(events) => held_open(
                st,
                sse(events
                    .into_iter()
                    .map(|e| json!({"jsonrpc": "2.0", "id": id, "result": e}))),
            ),
            Err(f) => rpc_reply(&id, Err(f)),
        },
        "ListTasks" => rpc_reply(&id, list(st, &params)),
        "GetTask" => {
            let history = params.get("historyLength").and_then(Value::as_u64);
            rpc_reply(&id, get(st, task_id, history))
        }
        "CancelTask" => {
            let r = cancel(st, task_id);
            notify(st, r.as_ref().ok());
            rpc_reply(&id, r)
        }
        "SubscribeToTask" => match subscribe(st, task_id).await {
            Ok(events) => sse(events
                .into_iter()
                .map(|e| json!({"jsonrpc": "2.0", "id": id, "result": e}))),
            Err(f) => rpc_reply(&id, Err(f)),
        },
        _ => rpc_reply(&id, Err((-32601, "method not found"))),
    }
}

/// SubscribeToTask (TASK-004: a terminal task → UnsupportedOperationError). The Task as it
/// stands first (STREAM-004; [`Break::SubscribeStatusFirst`]: a statusUpdate); a submitted
/// or working task's stream stays open until its state changes (at most 10 s) and ends
/// with that state; any other task's stream is the snapshot alone.
async fn subscribe(st: &State, task_id: &str) -> Result<Vec<Value>, Fault> {
    let t = get(st, task_id, None)?;
    let state = t["status"]["state"].as_str().unwrap_or("").to_string();
    if terminal(&state) {
        return Err((-32004, "task is terminal"));
    }
    let (tid, ctx) = (t["id"].clone(), t["contextId"].clone());
    let mut events = vec![if st.brk == Break::SubscribeStatusFirst {
        json!({"statusUpdate": {"taskId": tid, "contextId": ctx, "status": t["status"]}})
    } else {
        json!({"task": t})
    }];
    if matches!(
        state.as_str(),
        "TASK_STATE_SUBMITTED" | "TASK_STATE_WORKING"
    ) {
        let deadline = tokio::time::Instant::now() + std::time::Duration::from_secs(10);
        loop {
            tokio::time::sleep(std::time::Duration::from_millis(20)).await;
            let now = get(st, task_id, None)?;
            if now["status"]["state"].as_str() != Some(state.as_str())
                || tokio::time::Instant::now() >= deadline
            {
                events.push(json!({"statusUpdate": {"taskId": tid, "contextId": ctx,
                    "status": now["status"]}}));
                break;
            }
        }
    }
    Ok(events)
}

/// ListTasks (DATA-007): filters `contextId` ([`Break::ListIgnoresContext`] ignores it) and
/// `status`, newest first, `pageSize` (default 50) and an offset `pageToken`, `history`
/// dropped for `historyLength` 0, artifacts never listed. Numbers may be strings (query
/// parameters).
fn list(st: &State, q: &Value) -> Result<Value, Fault> {
    let num = |k: &str| {
        q.get(k).and_then(|v| {
            v.as_u64()
                .or_else(|| v.as_str().and_then(|s| s.parse().ok()))
        })
    };
    let text = |k: &str| q.get(k).and_then(Value::as_str).filter(|s| !s.is_empty());
    let size = num("pageSize").unwrap_or(50).clamp(1, 100) as usize;
    let from = text("pageToken")
        .and_then(|t| t.parse::<usize>().ok())
        .unwrap_or(0);
    let ctx = text("contextId").filter(|_| st.brk != Break::ListIgnoresContext);
    let tasks = st.tasks.lock().expect("lock");
    let order = st.order.lock().expect("lock");
    let all: Vec<Value> = order
        .iter()
        .rev()
        .filter_map(|id| tasks.get(id))
        .filter(|t| ctx.is_none_or(|c| t["contextId"].as_str() == Some(c)))
        .filter(|t| text("status").is_none_or(|s| t["status"]["state"].as_str() == Some(s)))
        .cloned()
        .collect();
    let page: Vec<Value> = all
        .iter()
        .skip(from)
        .take(size)
        .map(|t| {
            let mut t = t.clone();
            if let Some(o) = t.as_object_mut() {
                o.remove("artifacts");
                if num("historyLength") == Some(0) {
                    o.remove("history");
                }
            }
            t
        })
        .collect();
    let next = if from + size < all.len() {
        (from + size).to_string()
    } else {
        String::new()
    };
    Ok(json!({"tasks": page, "nextPageToken": next, "pageSize": size, "totalSize": all.len()}))
}

/// POSTs a `statusUpdate` of `task`, when it is terminal, to each of its push configs: the
/// [`Break::PushWithoutToken`] fault is that neither the `Authorization` credentials of the
/// config's `authentication` (1.0 PUSH-004) nor a token header go along.
fn notify(st: &State, task: Option<&Value>) {
    let Some(t) = task else { return };
    if !terminal(t["status"]["state"].as_str().unwrap_or("")) {
        return;
    }
    let tid = t["id"].as_str().unwrap_or("").to_string();
    let configs = st
        .push
        .lock()
        .expect("lock")
        .get(&tid)
        .cloned()
        .unwrap_or_default();
    for cfg in configs {
        let Some(url) = cfg.get("url").and_then(Value::as_str).map(str::to_string) else {
            continue;
        };
        let body = json!({"statusUpdate": {"taskId": tid, "contextId": t["contextId"],
            "status": t["status"]}});
        // the config's 1.0 `authentication` as the Authorization header (PUSH-004), but for
        // the break that leaves it out
        let auth = (st.brk != Break::PushWithoutToken)
            .then(|| {
                let a = cfg.get("authentication")?;
                Some(format!(
                    "{} {}",
                    a.get("scheme")?.as_str()?,
                    a.get("credentials")?.as_str()?
                ))
            })
            .flatten();
        tokio::spawn(async move {
            let client =
                hyper_util::client::legacy::Client::builder(hyper_util::rt::TokioExecutor::new())
                    .build_http::<Full<Bytes>>();
            let mut req = hyper::Request::post(url).header("content-type", "application/a2a+json");
            if let Some(a) = auth {
                req = req.header("authorization", a);
            }
            let Ok(req) = req.body(Full::new(Bytes::from(body.to_string()))) else {
                return;
            };
            if let Ok(resp) = client.request(req).await {
                let _ = resp.into_body().collect().await;
            }
        });
    }
}

fn get(st: &State, id: &str, history: Option<u64>) -> Result<Value, Fault> {
    let tasks = st.tasks.lock().expect("lock");
    let Some(t) = tasks.get(id) else {
        return Err((-32001, "task not found"));
    };
    let mut t = t.clone();
    if let Some(n) = history {
        let h = t["history"].as_array().cloned().unwrap_or_default();
        let keep: Vec<Value> = h.into_iter().rev().take(n as usize).rev().collect();
        if keep.is_empty() {
            t.as_object_mut().expect("task object").remove("history");
        } else {
            t["history"] = json!(keep);
        }
    }
    Ok(t)
}

fn cancel(st: &State, id: &str) -> Result<Value, Fault> {
    let mut tasks = st.tasks.lock().expect("lock");
    let Some(t) = tasks.get_mut(id) else {
        return Err((-32001, "task not found"));
    };
    if terminal(t["status"]["state"].as_str().unwrap_or("")) {
        if st.brk == Break::CancelCompletedSucceeds {
            return Ok(t.clone());
        }
        return Err((-32002, "task not cancelable"));
    }
    t["status"] = json!({"state": "TASK_STATE_CANCELED"});
    Ok(t.clone())
}

/// A new task for `message`, in the message's `contextId` when it names one (ID-008), else
/// in a new context; `keep_context` false mints a new one always ([`Break::ContextNotKept`]).
fn new_task(message: &Value, state: &str, keep_context: bool) -> Value {
    let id = uuid::Uuid::new_v4().to_string();
    let ctx = message
        .get("contextId")
        .and_then(Value::as_str)
        .filter(|_| keep_context)
        .map(str::to_string)
        .unwrap_or_else(|| uuid::Uuid::new_v4().to_string());
    let mut m = message.clone();
    m["taskId"] = json!(id);
    m["contextId"] = json!(ctx);
    let mut t = json!({"id": id, "contextId": ctx, "status": {"state": state}, "history": [m]});
    if state == "TASK_STATE_COMPLETED" {
        t["artifacts"] = json!([{"artifactId": "a1", "parts": [{"text": "done"}]}]);
    }
    t
}

fn message_of(params: &Value) -> Result<&Value, Fault> {
    params
        .get("message")
        .filter(|m| m.get("parts").is_some_and(Value::is_array))
        .ok_or((-32602, "invalid params"))
}

fn send(st: &State, params: &Value) -> Result<Value, Fault> {
    let message = message_of(params)?;
    let mut tasks = st.tasks.lock().expect("lock");
    if let Some(tid) = message.get("taskId").and_then(Value::as_str) {
        let Some(t) = tasks.get_mut(tid) else {
            return Err((-32001, "task not found"));
        };
        if terminal(t["status"]["state"].as_str().unwrap_or("")) {
            return Err((-32004, "task is terminal"));
        }
        if let Some(h) = t["history"].as_array_mut() {
            h.push(message.clone());
        }
        t["status"] = json!({"state": "TASK_STATE_COMPLETED"});
        return Ok(json!({"task": t.clone()}));
    }
    let text = message
        .pointer("/parts/0/text")
        .and_then(Value::as_str)
        .unwrap_or("");
    let state = match text.split_whitespace().next() {
        Some("cancel") => "TASK_STATE_WORKING",
        Some("input") => "TASK_STATE_INPUT_REQUIRED",
        _ if st.brk.stuck() => "TASK_STATE_WORKING",
        _ => "TASK_STATE_COMPLETED",
    };
    let t = new_task(message, state, st.brk != Break::ContextNotKept);
    let tid = t["id"].as_str().unwrap_or_default().to_string();
    st.order.lock().expect("lock").push(tid.clone());
    tasks.insert(tid, t.clone());
    Ok(json!({"task": t}))
}

/// The StreamResponse events of one streamed task (the task is stored completed).
fn stream_events(st: &State, params: &Value) -> Result<Vec<Value>, Fault> {
    let message = message_of(params)?;
    // a follow-up naming its task resumes that task (its Task first, STREAM-003)
    let follow_up = message.get("taskId").is_some();
    // `reply ...`: a message reply stream, one Message and no task (STREAM-002; streams59)
    let text = message
        .pointer("/parts/0/text")
        .and_then(Value::as_str)
        .unwrap_or("");
    if !follow_up && text.split_whitespace().next() == Some("reply") {
        let mid = message
            .get("messageId")
            .and_then(Value::as_str)
            .unwrap_or("m");
        return Ok(vec![
            json!({"message": {"messageId": format!("reply-{mid}"), "role": "ROLE_AGENT", "parts": [{"text": "hello to you"}]}}),
        ]);
    }
    let mut t = match message.get("taskId").and_then(Value::as_str) {
        Some(tid) => {
            let tasks = st.tasks.lock().expect("lock");
            let Some(t) = tasks.get(tid) else {
                return Err((-32001, "task not found"));
            };
            if terminal(t["status"]["state"].as_str().unwrap_or("")) {
                return Err((-32004, "task is terminal"));
            }
            let mut t = t.clone();
            if let Some(h) = t["history"].as_array_mut() {
                h.push(message.clone());
            }
            t["status"] = json!({"state": "TASK_STATE_WORKING"});
            t
        }
        None => {
            let t = new_task(
                message,
                "TASK_STATE_SUBMITTED",
                st.brk != Break::ContextNotKept,
            );
            let tid = t["id"].as_str().unwrap_or_default().to_string();
            st.order.lock().expect("lock").push(tid);
            t
        }
    };
    let (tid, ctx) = (t["id"].clone(), t["contextId"].clone());
    let mut events = vec![
        json!({"task": t.clone()}),
        json!({"artifactUpdate": {"taskId": tid, "contextId": ctx, "artifact": {"artifactId": "a1", "parts": [{"text": "done"}]}, "lastChunk": true}}),
        json!({"statusUpdate": {"taskId": tid, "contextId": ctx, "status": {"state": "TASK_STATE_COMPLETED"}}}),
    ];
    if st.brk == Break::StreamIn03Shape {
        let mut task03 = t.clone();
        task03["kind"] = json!("task");
        task03["status"] = json!({"state": "submitted"});
        events = vec![
            task03,
            json!({"kind": "artifact-update", "taskId": tid, "contextId": ctx, "artifact": {"artifactId": "a1", "parts": [{"kind": "text", "text": "done"}]}, "lastChunk": true}),
            json!({"kind": "status-update", "taskId": tid, "contextId": ctx, "status": {"state": "completed"}, "final": true}),
        ];
    }
    if st.brk == Break::FollowUpStreamStatusFirst && follow_up {
        events[0] = json!({"statusUpdate": {"taskId": tid, "contextId": ctx, "status": {"state": "TASK_STATE_WORKING"}}});
    }
    if st.brk == Break::EventsAfterTerminal {
        events.push(json!({"statusUpdate": {"taskId": tid, "contextId": ctx, "status": {"state": "TASK_STATE_WORKING"}}}));
    }
    t["status"] = json!({"state": "TASK_STATE_COMPLETED"});
    st.tasks
        .lock()
        .expect("lock")
        .insert(tid.as_str().unwrap_or_default().to_string(), t);
    Ok(events)
}

/// A send stream's answer `r`, marked to be held open after its events when the agent's
/// break is [`Break::HeldOpenAfterTerminal`].
fn held_open(st: &State, mut r: Response<Full<Bytes>>) -> Response<Full<Bytes>> {
    if matches!(st.brk, Break::HeldOpenAfterTerminal | Break::HeldOpenLate) {
        r.headers_mut().insert(HOLD_OPEN, "1".parse().unwrap());
    }
    if matches!(st.brk, Break::HeldOpenLate | Break::LateStream) {
        r.headers_mut().insert(LATE, "1".parse().unwrap());
    }
    r
}

fn sse(events: impl Iterator<Item = Value>) -> Response<Full<Bytes>> {
    let mut body = String::new();
    for e in events {
        body.push_str(&format!("data: {e}\n\n"));
    }
    reply(200, "text/event-stream", body)
}

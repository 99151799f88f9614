/*!
Small deliberately broken A2A 1.0 JSON-RPC agents for the prober's tests: a real hyper server
on 127.0.0.1 that is correct except for the ONE thing its [`Break`] names. Skills (first word
of the message text): `task` completes with one artifact, `cancel` keeps working until
canceled, `input` asks for input and completes on the follow-up.
*/

#![allow(dead_code)]

use std::collections::HashMap;
use std::convert::Infallible;
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
}

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
}

/// Starts an agent that breaks `brk`; `secured` declares (and, unless the break says
/// otherwise, enforces) a bearer scheme.
pub async fn start(brk: Break, secured: bool) -> Agent {
    let listener = TcpListener::bind("127.0.0.1:0")
        .await
        .expect("bind loopback");
    let addr = listener.local_addr().expect("local addr");
    let path = if brk == Break::WrongUrl {
        "wrong/rpc"
    } else {
        "rpc"
    };
    let iface = if brk == Break::ForeignHost {
        "http://169.254.169.254/rpc".to_string()
    } else {
        format!("http://{addr}/{path}")
    };
    let skill = |id: &str, d: &str| {
        json!({"id": id, "name": id, "description": d,
        "tags": [id], "examples": [format!("{id} hello")]})
    };
    let mut card = json!({
        "name": "broken agent", "description": "breaks one rule on purpose",
        "supportedInterfaces": [{"url": iface, "protocolBinding": "JSONRPC", "protocolVersion": "1.0"}],
        "version": "1", "capabilities": {"streaming": true, "pushNotifications": false},
        "defaultInputModes": ["text/plain"], "defaultOutputModes": ["text/plain"],
        "skills": [skill("task", "completes"), skill("cancel", "works until canceled"), skill("input", "asks for input")],
    });
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
    });
    let join = tokio::spawn(async move {
        loop {
            let Ok((stream, _)) = listener.accept().await else {
                continue;
            };
            let state = state.clone();
            tokio::spawn(async move {
                let svc = hyper::service::service_fn(move |req| {
                    let state = state.clone();
                    async move { Ok::<_, Infallible>(handle(&state, req).await) }
                });
                let _ = hyper_util::server::conn::auto::Builder::new(
                    hyper_util::rt::TokioExecutor::new(),
                )
                .serve_connection(hyper_util::rt::TokioIo::new(stream), svc)
                .await;
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

fn rpc_error(id: &Value, code: i64, msg: &str) -> Response<Full<Bytes>> {
    let b = json!({"jsonrpc": "2.0", "id": id, "error": {"code": code, "message": msg}});
    reply(200, "application/json", b.to_string())
}

fn rpc_result(id: &Value, result: Value) -> Response<Full<Bytes>> {
    let b = json!({"jsonrpc": "2.0", "id": id, "result": result});
    reply(200, "application/json", b.to_string())
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
    if req.method() == hyper::Method::GET && path == "/.well-known/agent-card.json" {
        return reply(200, "application/json", st.card.to_string());
    }
    if req.method() != hyper::Method::POST || path != "/rpc" {
        return reply(404, "text/plain", "not found");
    }
    if st.secured && st.brk != Break::NoAuthEnforcement {
        let ok = req
            .headers()
            .get("authorization")
            .and_then(|v| v.to_str().ok())
            == Some(&format!("Bearer {TOKEN}"));
        if !ok {
            return Response::builder()
                .status(401)
                .header("www-authenticate", "Bearer")
                .body(Full::new(Bytes::new()))
                .expect("static response");
        }
    }
    let version = req
        .headers()
        .get("a2a-version")
        .and_then(|v| v.to_str().ok())
        .map(str::to_string);
    let body = match req.into_body().collect().await {
        Ok(b) => b.to_bytes(),
        Err(_) => return reply(400, "text/plain", "bad body"),
    };
    let Ok(msg) = serde_json::from_slice::<Value>(&body) else {
        let code = if st.brk == Break::ParseErrorIsInternal {
            -32603
        } else {
            -32700
        };
        return rpc_error(&Value::Null, code, "parse error");
    };
    let id = msg.get("id").cloned().unwrap_or(Value::Null);
    let (Some("2.0"), Some(method)) = (
        msg.get("jsonrpc").and_then(Value::as_str),
        msg.get("method").and_then(Value::as_str),
    ) else {
        return rpc_error(&id, -32600, "invalid request");
    };
    if let Some(v) = version.as_deref() {
        if !matches!(v, "1.0" | "0.3" | "") {
            return rpc_error(&id, -32009, "version not supported");
        }
    }
    let params = msg.get("params").cloned().unwrap_or(json!({}));
    match method {
        "SendMessage" => send(st, &id, &params),
        "SendStreamingMessage" => stream(st, &id, &params),
        "GetTask" => {
            let tasks = st.tasks.lock().expect("lock");
            let Some(t) = params
                .get("id")
                .and_then(Value::as_str)
                .and_then(|i| tasks.get(i))
            else {
                return rpc_error(&id, -32001, "task not found");
            };
            let mut t = t.clone();
            if let Some(n) = params.get("historyLength").and_then(Value::as_u64) {
                let h = t["history"].as_array().cloned().unwrap_or_default();
                let keep: Vec<Value> = h.into_iter().rev().take(n as usize).rev().collect();
                if keep.is_empty() {
                    t.as_object_mut().expect("task object").remove("history");
                } else {
                    t["history"] = json!(keep);
                }
            }
            rpc_result(&id, t)
        }
        "CancelTask" => {
            let mut tasks = st.tasks.lock().expect("lock");
            let Some(t) = params
                .get("id")
                .and_then(Value::as_str)
                .and_then(|i| tasks.get_mut(i))
            else {
                return rpc_error(&id, -32001, "task not found");
            };
            if terminal(t["status"]["state"].as_str().unwrap_or("")) {
                if st.brk == Break::CancelCompletedSucceeds {
                    return rpc_result(&id, t.clone());
                }
                return rpc_error(&id, -32002, "task not cancelable");
            }
            t["status"] = json!({"state": "TASK_STATE_CANCELED"});
            rpc_result(&id, t.clone())
        }
        _ => rpc_error(&id, -32601, "method not found"),
    }
}

fn new_task(message: &Value, state: &str) -> Value {
    let id = uuid::Uuid::new_v4().to_string();
    let ctx = uuid::Uuid::new_v4().to_string();
    let mut m = message.clone();
    m["taskId"] = json!(id);
    m["contextId"] = json!(ctx);
    let mut t = json!({"id": id, "contextId": ctx, "status": {"state": state}, "history": [m]});
    if state == "TASK_STATE_COMPLETED" {
        t["artifacts"] = json!([{"artifactId": "a1", "parts": [{"text": "done"}]}]);
    }
    t
}

fn send(st: &State, id: &Value, params: &Value) -> Response<Full<Bytes>> {
    let Some(message) = params
        .get("message")
        .filter(|m| m.get("parts").is_some_and(Value::is_array))
    else {
        return rpc_error(id, -32602, "invalid params");
    };
    let mut tasks = st.tasks.lock().expect("lock");
    if let Some(tid) = message.get("taskId").and_then(Value::as_str) {
        let Some(t) = tasks.get_mut(tid) else {
            return rpc_error(id, -32001, "task not found");
        };
        if terminal(t["status"]["state"].as_str().unwrap_or("")) {
            return rpc_error(id, -32004, "task is terminal");
        }
        if let Some(h) = t["history"].as_array_mut() {
            h.push(message.clone());
        }
        t["status"] = json!({"state": "TASK_STATE_COMPLETED"});
        return rpc_result(id, json!({"task": t.clone()}));
    }
    let text = message
        .pointer("/parts/0/text")
        .and_then(Value::as_str)
        .unwrap_or("");
    let state = match text.split_whitespace().next() {
        Some("cancel") => "TASK_STATE_WORKING",
        Some("input") => "TASK_STATE_INPUT_REQUIRED",
        _ => "TASK_STATE_COMPLETED",
    };
    let t = new_task(message, state);
    tasks.insert(t["id"].as_str().unwrap_or_default().to_string(), t.clone());
    rpc_result(id, json!({"task": t}))
}

fn stream(st: &State, id: &Value, params: &Value) -> Response<Full<Bytes>> {
    let Some(message) = params
        .get("message")
        .filter(|m| m.get("parts").is_some_and(Value::is_array))
    else {
        return rpc_error(id, -32602, "invalid params");
    };
    let mut t = new_task(message, "TASK_STATE_SUBMITTED");
    let (tid, ctx) = (t["id"].clone(), t["contextId"].clone());
    let mut events = vec![
        json!({"task": t.clone()}),
        json!({"artifactUpdate": {"taskId": tid, "contextId": ctx, "artifact": {"artifactId": "a1", "parts": [{"text": "done"}]}, "lastChunk": true}}),
        json!({"statusUpdate": {"taskId": tid, "contextId": ctx, "status": {"state": "TASK_STATE_COMPLETED"}}}),
    ];
    if st.brk == Break::EventsAfterTerminal {
        events.push(json!({"statusUpdate": {"taskId": tid, "contextId": ctx, "status": {"state": "TASK_STATE_WORKING"}}}));
    }
    t["status"] = json!({"state": "TASK_STATE_COMPLETED"});
    st.tasks
        .lock()
        .expect("lock")
        .insert(tid.as_str().unwrap_or_default().to_string(), t);
    let mut body = String::new();
    for e in events {
        body.push_str(&format!(
            "data: {}\n\n",
            json!({"jsonrpc": "2.0", "id": id, "result": e})
        ));
    }
    reply(200, "text/event-stream", body)
}

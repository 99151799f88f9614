/*!
Push notifications of the reference agent (PUSH-001..PUSH-006): the per-task config store,
the four config methods of both dialects, and the sender that POSTs every task change to
each configured webhook.

| dialect | create | get | list | delete |
|---|---|---|---|---|
| 1.0 | `CreateTaskPushNotificationConfig` `{taskId,url,id?,token?,authentication?}` → config | `GetTaskPushNotificationConfig` `{taskId,id}` → config | `ListTaskPushNotificationConfigs` `{taskId}` → `{configs,nextPageToken}` | `DeleteTaskPushNotificationConfig` `{taskId,id}` → `{}` |
| 0.3 | `tasks/pushNotificationConfig/set` `{taskId,pushNotificationConfig}` → same shape | `…/get` `{id,pushNotificationConfigId?}` | `…/list` `{id}` → array | `…/delete` `{id,pushNotificationConfigId}` → `null` |

A config without `id` gets a fresh UUID (PUSH-003); a second create with the same `id`
replaces it; delete is idempotent; get of a missing config is -32001 naming the config.
Configs outlive the task's end (the spec's minimum is "until task end or deletion").

Delivery (PUSH-004, PUSH-005): once a task has a config, one sender per task subscribes to
its changes and, for each change, POSTs to every config the task has at that moment:
- a config made in 1.0: the change as one `StreamResponse` (`{"statusUpdate":…}` /
  `{"artifactUpdate":…}`), `Content-Type: application/a2a+json`;
- a config made in 0.3: the whole `Task` (0.3 shape, `kind: "task"`) as of that change
  (the sender's own copy of the task, taken when it subscribed, with each change applied in
  turn), `application/json`: each notification is the update it is for, not the task as it
  is by the time the POST goes out (a fast task posted `completed` several times).

Every POST carries `X-A2A-Notification-Token: <token>` when the config has a token, and
`Authorization: <scheme> <credentials>` when it has `authentication` with credentials. Each
POST has a 10 s deadline (PUSH-004: 10–30 s) and is not retried; a webhook that is down only
loses its notifications. Webhook URLs must be `http://` (this agent has no TLS client).
*/

use std::collections::{HashMap, HashSet};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Duration;

use bytes::Bytes;
use http::{header, HeaderValue, Method, Request};
use http_body_util::{BodyExt, Full};
use hyper_util::client::legacy::{connect::HttpConnector, Client};
use hyper_util::rt::TokioExecutor;
use serde_json::{json, Map, Value};

use super::tasks::{Store, UpdateRx};
use super::wire::TaskSnapshot;
use super::wire::{code, ProtocolVersion, RpcError};

/// Header that carries a config's `token` on every notification (PUSH-005; the SDKs use it
/// in 1.0 too).
pub const NOTIFICATION_TOKEN_HEADER: &str = "X-A2A-Notification-Token";

/// Deadline of one webhook POST (PUSH-004 asks for 10–30 s).
pub const WEBHOOK_TIMEOUT: Duration = Duration::from_secs(10);

/// One push-notification config of a task.
#[derive(Clone, Debug, PartialEq)]
pub struct PushConfig {
    /// Config id, unique per task (PUSH-003).
    pub id: String,
    /// Webhook URL (`http://…`).
    pub url: String,
    /// Client token sent back in [`NOTIFICATION_TOKEN_HEADER`].
    pub token: Option<String>,
    /// `authentication`: scheme (1.0 `scheme`, 0.3 first of `schemes`) and credentials.
    pub auth: Option<(String, Option<String>)>,
    /// Dialect the config was made in: picks the notification body shape.
    pub version: ProtocolVersion,
}

impl PushConfig {
    /// The config as the dialect renders it: 1.0 flat `TaskPushNotificationConfig`, 0.3
    /// `{taskId, pushNotificationConfig{…}}`.
    pub fn render(&self, task_id: &str, v: ProtocolVersion) -> Value {
        let mut inner = Map::new();
        inner.insert("id".into(), json!(self.id));
        inner.insert("url".into(), json!(self.url));
        if let Some(t) = &self.token {
            inner.insert("token".into(), json!(t));
        }
        if let Some((scheme, cred)) = &self.auth {
            let mut a = Map::new();
            match v {
                ProtocolVersion::V1_0 => a.insert("scheme".into(), json!(scheme)),
                ProtocolVersion::V0_3 => a.insert("schemes".into(), json!([scheme])),
            };
            if let Some(c) = cred {
                a.insert("credentials".into(), json!(c));
            }
            inner.insert("authentication".into(), Value::Object(a));
        }
        match v {
            ProtocolVersion::V1_0 => {
                inner.insert("taskId".into(), json!(task_id));
                Value::Object(inner)
            }
            ProtocolVersion::V0_3 => {
                json!({"taskId": task_id, "pushNotificationConfig": Value::Object(inner)})
            }
        }
    }

    /// Parses a config object: 1.0 flat (`url`, `id?`, `token?`, `authentication{scheme,
    /// credentials?}`), 0.3 the inner `PushNotificationConfig` (`authentication{schemes[],
    /// credentials?}`) (PUSH-002).
    ///
    /// # Errors
    /// -32602 naming the member: `url` missing or not `http://`, wrong member types,
    /// `authentication` without a scheme.
    pub fn parse(obj: &Map<String, Value>, v: ProtocolVersion) -> Result<PushConfig, RpcError> {
        let bad =
            |what: &str| RpcError::new(code::INVALID_PARAMS, format!("invalid params: {what}"));
        let opt_str = |k: &str| match obj.get(k) {
            None | Some(Value::Null) => Ok(None),
            Some(Value::String(s)) if s.is_empty() => Ok(None),
            Some(Value::String(s)) => Ok(Some(s.clone())),
            Some(_) => Err(bad(&format!("{k} must be a string"))),
        };
        let url = opt_str("url")?.ok_or_else(|| bad("url is required"))?;
        match url::Url::parse(&url) {
            Ok(u) if u.scheme() == "http" && u.host_str().is_some() => {}
            _ => return Err(bad(&format!("url {url} is not an http:// URL"))),
        }
        let auth = match obj.get("authentication") {
            None | Some(Value::Null) => None,
            Some(Value::Object(a)) => {
                let scheme = match v {
                    ProtocolVersion::V1_0 => a.get("scheme").and_then(Value::as_str),
                    ProtocolVersion::V0_3 => a
                        .get("schemes")
                        .and_then(Value::as_array)
                        .and_then(|s| s.first())
                        .and_then(Value::as_str),
                };
                let scheme = scheme
                    .filter(|s| !s.is_empty())
                    .ok_or_else(|| bad("authentication needs a scheme"))?;
                let cred = a
                    .get("credentials")
                    .and_then(Value::as_str)
                    .map(str::to_string);
                Some((scheme.to_string(), cred))
            }
            Some(_) => return Err(bad("authentication must be an object")),
        };
        Ok(PushConfig {
            id: opt_str("id")?.unwrap_or_else(|| uuid::Uuid::new_v4().to_string()),
            url,
            token: opt_str("token")?,
            auth,
            version: v,
        })
    }
}

/// Configs of every task, and which tasks already have a sender.
#[derive(Default)]
pub struct PushStore {
    inner: Mutex<PushInner>,
}

#[derive(Default)]
struct PushInner {
    configs: HashMap<String, Vec<PushConfig>>,
    senders: HashSet<String>,
}

impl PushStore {
    fn lock(&self) -> MutexGuard<'_, PushInner> {
        // every mutation is one insert / retain: a poisoned lock is still consistent
        self.inner.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Adds or replaces (same `id`) a config. Returns true when the task has no sender yet
    /// (the caller starts one).
    pub fn put(&self, task_id: &str, cfg: PushConfig) -> bool {
        let mut g = self.lock();
        let list = g.configs.entry(task_id.to_string()).or_default();
        list.retain(|c| c.id != cfg.id);
        list.push(cfg);
        g.senders.insert(task_id.to_string())
    }

    /// The task's configs, in creation order.
    pub fn list(&self, task_id: &str) -> Vec<PushConfig> {
        self.lock()
            .configs
            .get(task_id)
            .cloned()
            .unwrap_or_default()
    }

    /// Removes a config; absent is fine (PUSH-003: delete is idempotent).
    pub fn delete(&self, task_id: &str, id: &str) {
        if let Some(list) = self.lock().configs.get_mut(task_id) {
            list.retain(|c| c.id != id);
        }
    }

    /// The task's sender ended (task over): a later config starts a new one.
    pub fn sender_done(&self, task_id: &str) {
        self.lock().senders.remove(task_id);
    }
}

fn invalid(what: &str) -> RpcError {
    RpcError::new(code::INVALID_PARAMS, format!("invalid params: {what}"))
}

fn obj(p: Option<&Value>) -> Result<&Map<String, Value>, RpcError> {
    p.and_then(Value::as_object)
        .ok_or_else(|| invalid("params must be an object"))
}

fn req_str<'a>(o: &'a Map<String, Value>, k: &str) -> Result<&'a str, RpcError> {
    o.get(k)
        .and_then(Value::as_str)
        .filter(|s| !s.is_empty())
        .ok_or_else(|| invalid(&format!("{k} is required")))
}

/// Which config operation a method is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PushOp {
    Create,
    Get,
    List,
    Delete,
}

impl PushOp {
    /// The operation of a 1.0 or 0.3 push-config method name; `None` for other methods.
    pub fn of(method: &str) -> Option<PushOp> {
        Some(match method {
            "CreateTaskPushNotificationConfig" | "tasks/pushNotificationConfig/set" => {
                PushOp::Create
            }
            "GetTaskPushNotificationConfig" | "tasks/pushNotificationConfig/get" => PushOp::Get,
            "ListTaskPushNotificationConfigs" | "tasks/pushNotificationConfig/list" => PushOp::List,
            "DeleteTaskPushNotificationConfig" | "tasks/pushNotificationConfig/delete" => {
                PushOp::Delete
            }
            _ => return None,
        })
    }
}

/// What a config call did: its JSON-RPC `result`, and for a create the task that needs a
/// sender started.
pub struct PushCallResult {
    pub result: Value,
    pub start_sender: Option<String>,
}

/// Runs one config method (`params` as sent). The task must exist (-32001).
///
/// # Errors
/// -32602 malformed params; -32001 unknown task, or (get) no such config.
pub fn call(
    store: &Store,
    push: &PushStore,
    op: PushOp,
    params: Option<&Value>,
    v: ProtocolVersion,
) -> Result<PushCallResult, RpcError> {
    let p = obj(params)?;
    let task_key = match (op, v) {
        (PushOp::Create, _) | (_, ProtocolVersion::V1_0) => "taskId",
        (_, ProtocolVersion::V0_3) => "id",
    };
    let task_id = req_str(p, task_key)?.to_string();
    if store.get(&task_id).is_none() {
        return Err(RpcError::new(
            code::TASK_NOT_FOUND,
            format!("task not found: {task_id}"),
        ));
    }
    let config_id = |required: bool| -> Result<Option<String>, RpcError> {
        let k = match v {
            ProtocolVersion::V1_0 => "id",
            ProtocolVersion::V0_3 => "pushNotificationConfigId",
        };
        match p.get(k) {
            Some(Value::String(s)) if !s.is_empty() => Ok(Some(s.clone())),
            None | Some(Value::Null) if !required => Ok(None),
            _ => Err(invalid(&format!("{k} is required"))),
        }
    };
    let done = |result: Value| {
        Ok(PushCallResult {
            result,
            start_sender: None,
        })
    };
    match op {
        PushOp::Create => {
            let cfg = match v {
                ProtocolVersion::V1_0 => PushConfig::parse(p, v)?,
                ProtocolVersion::V0_3 => {
                    let inner = p
                        .get("pushNotificationConfig")
                        .and_then(Value::as_object)
                        .ok_or_else(|| invalid("pushNotificationConfig is required"))?;
                    PushConfig::parse(inner, v)?
                }
            };
            let result = cfg.render(&task_id, v);
            let fresh = push.put(&task_id, cfg);
            Ok(PushCallResult {
                result,
                start_sender: fresh.then_some(task_id),
            })
        }
        PushOp::Get => {
            let list = push.list(&task_id);
            let found = match config_id(v == ProtocolVersion::V1_0)? {
                Some(id) => list.into_iter().find(|c| c.id == id).ok_or_else(|| {
                    RpcError::new(
                        code::TASK_NOT_FOUND,
                        format!("push notification config {id} not found for task {task_id}"),
                    )
                })?,
                // 0.3 without pushNotificationConfigId: the task's (first) config
                None => list.into_iter().next().ok_or_else(|| {
                    RpcError::new(
                        code::TASK_NOT_FOUND,
                        format!("task {task_id} has no push notification config"),
                    )
                })?,
            };
            done(found.render(&task_id, v))
        }
        PushOp::List => {
            let all: Vec<Value> = push
                .list(&task_id)
                .iter()
                .map(|c| c.render(&task_id, v))
                .collect();
            done(match v {
                ProtocolVersion::V1_0 => json!({"configs": all, "nextPageToken": ""}),
                ProtocolVersion::V0_3 => Value::Array(all),
            })
        }
        PushOp::Delete => {
            let id = config_id(true)?.unwrap_or_default();
            push.delete(&task_id, &id);
            done(match v {
                ProtocolVersion::V1_0 => json!({}),
                ProtocolVersion::V0_3 => Value::Null,
            })
        }
    }
}

/// The HTTP client notifications go out on.
pub type WebhookClient = Client<HttpConnector, Full<Bytes>>;

/// A client for [`run_sender`].
pub fn webhook_client() -> WebhookClient {
    Client::builder(TokioExecutor::new()).build_http()
}

/// Sends every change of the task `snap` (its state when `rx` was subscribed by the
/// caller, so nothing is missed between config and sender) delivers to the task's configs,
/// until the task ends (terminal state) or the subscription closes. Each change is applied
/// to the sender's copy of the task first ([`super::tasks::apply_to`]), after the user
/// messages `store` holds next in the task's history (a follow-up's, which comes with no
/// change of its own): a 0.3 notification is the task as of that change.
pub async fn run_sender(
    store: Arc<Store>,
    push: Arc<PushStore>,
    client: WebhookClient,
    mut snap: TaskSnapshot,
    mut rx: UpdateRx,
) {
    let task_id = snap.id.clone();
    let ctx = snap.context_id.clone();
    while let Some(update) = rx.recv().await {
        let terminal = matches!(&update, super::wire::Update::Status(s) if s.state.is_terminal());
        // a follow-up's user message joins the task's history with no update of its own
        // (the resume to working comes after it): take it from the store, where it sits
        // right after what this copy holds, before any status message of a later update
        // (review28b: the 0.3 notifications after a follow-up lacked it)
        if let Some(now) = store.get(&task_id) {
            while let Some(m) = now.history.get(snap.history.len()) {
                if m.role != super::wire::Role::User {
                    break;
                }
                snap.history.push(m.clone());
            }
        }
        super::tasks::apply_to(&mut snap, &update);
        for cfg in push.list(&task_id) {
            let (body, content_type) = match cfg.version {
                ProtocolVersion::V1_0 => (
                    update.render(ProtocolVersion::V1_0, &task_id, &ctx),
                    "application/a2a+json",
                ),
                ProtocolVersion::V0_3 => (
                    snap.render(ProtocolVersion::V0_3, None, true),
                    "application/json",
                ),
            };
            deliver(&client, &cfg, body.to_string(), content_type).await;
        }
        if terminal {
            break;
        }
    }
    push.sender_done(&task_id);
}

/// One POST to a webhook; failures are dropped (no retry).
async fn deliver(client: &WebhookClient, cfg: &PushConfig, body: String, content_type: &str) {
    let mut b = Request::builder()
        .method(Method::POST)
        .uri(cfg.url.as_str())
        .header(header::CONTENT_TYPE, content_type);
    if let Some(t) = cfg
        .token
        .as_deref()
        .and_then(|t| HeaderValue::from_str(t).ok())
    {
        b = b.header(NOTIFICATION_TOKEN_HEADER, t);
    }
    if let Some((scheme, Some(cred))) = &cfg.auth {
        if let Ok(h) = HeaderValue::from_str(&format!("{scheme} {cred}")) {
            b = b.header(header::AUTHORIZATION, h);
        }
    }
    let Ok(req) = b.body(Full::new(Bytes::from(body))) else {
        return;
    };
    let _ = tokio::time::timeout(WEBHOOK_TIMEOUT, async {
        if let Ok(resp) = client.request(req).await {
            let _ = resp.into_body().collect().await;
        }
    })
    .await;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn configs_parse_and_render_per_dialect() {
        let p = json!({"url": "http://127.0.0.1:9/h", "token": "tok",
                       "authentication": {"scheme": "Bearer", "credentials": "c"}});
        let c = PushConfig::parse(p.as_object().unwrap(), ProtocolVersion::V1_0).unwrap();
        assert_eq!(c.token.as_deref(), Some("tok"));
        assert_eq!(c.auth, Some(("Bearer".into(), Some("c".into()))));
        let r = c.render("t1", ProtocolVersion::V1_0);
        assert_eq!(r["taskId"], "t1");
        assert_eq!(r["authentication"]["scheme"], "Bearer");
        let r = c.render("t1", ProtocolVersion::V0_3);
        assert_eq!(
            r["pushNotificationConfig"]["authentication"]["schemes"][0],
            "Bearer"
        );
        assert_eq!(r["pushNotificationConfig"]["id"], json!(c.id));

        for bad in [
            json!({}),
            json!({"url": "ftp://x/"}),
            json!({"url": "http://h/", "authentication": {}}),
        ] {
            let e = PushConfig::parse(bad.as_object().unwrap(), ProtocolVersion::V1_0);
            assert_eq!(e.err().map(|e| e.code), Some(code::INVALID_PARAMS), "{bad}");
        }
    }

    #[test]
    fn put_replaces_by_id_and_delete_is_idempotent() {
        let s = PushStore::default();
        let cfg = |id: &str, url: &str| PushConfig {
            id: id.into(),
            url: url.into(),
            token: None,
            auth: None,
            version: ProtocolVersion::V1_0,
        };
        assert!(s.put("t", cfg("a", "http://h/1")));
        assert!(!s.put("t", cfg("a", "http://h/2")), "one sender per task");
        assert_eq!(s.list("t"), vec![cfg("a", "http://h/2")]);
        s.delete("t", "a");
        s.delete("t", "a");
        assert!(s.list("t").is_empty());
    }
}

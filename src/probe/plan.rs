/*!
The test plan and its runner. Order of a run (each step a [`ProbeResult`]):

1. warm-up card fetch (no result), then `card.*` on the well-known card fetched without
   credentials (CARD-001, CARD-002, CARD-003/004, CARD-011);
2. per advertised interface, JSON-RPC first, each highest dialect first (HTTP+JSON 1.0 and
   0.3 after, then gRPC 1.0 and 0.3, see [`grpc`]): `card.interface-url`, `lifecycle.*`
   (TASK-*, ID-*, DATA-006; `lifecycle.context-continuation` ID-008 and
   `lifecycle.list-tasks` DATA-007, see [`more`]), `streaming.*` (STREAM-*, RPC-005;
   `streaming.resubscribe` STREAM-004), `errors.*` (ERR-*, RPC-003, VER-002;
   `errors.extension-required` EXT-002, `errors.push-not-supported` PUSH-001 when the card
   does not advertise push), `push.*` (PUSH-001..005, only when the card advertises push: config
   create / get / list on an open task, notifications received at a loopback webhook with
   the configured token, the right task id and a terminal last state, delete, get after
   delete fails; see [`super::webhook`]);
   A second interface of a binding and version already probed, at another URL, gets only
   its own `card.interface-url` (CARD-005);
3. once: `auth.*` (AUTH-002, AUTH-006, ERR-006: the anonymous calls are a send, and a get
   and a cancel of the task the lifecycle run created) and `errors.no-5xx`.

Every wait is a poll with exponential backoff (100 ms doubling to 2 s) bounded by the
configured timeout. A request refused by the budget turns its test into a skip; so does
one rate-limited twice (HTTP 429, or 503 with `Retry-After`: retried once after the asked
delay, see [`Transport::send`]).
*/

use std::time::Duration;

use bytes::Bytes;
use http::Method;
use serde_json::{json, Value};
use tokio::time::Instant;
use url::Url;

use super::card::{self, Binding, Interface, Skill};
use super::dialect::{task_state, Dialect, Op, Reply, StreamItem, TaskState};
use super::transport::{ProbeRequest, ProbeResponse, SendError, Transport};
use super::webhook::{Notification, Webhook, WebhookReceiver};
use super::{ProbeConfig, ProbeReport, ProbeResult, Status};
use crate::model::a2a::PayloadKind;
use crate::verify::Category;

mod grpc;
mod more;

/// Well-known card paths, newest first (CARD-002).
pub use crate::model::card::CARD_PATHS;

#[derive(Debug)]
enum Outcome {
    Pass(String),
    Fail(String),
    Skip(String),
}

/// How `streaming.terminal`'s words for a stream still open at the probe's deadline after
/// its terminal event end (`stream reached completed at event 3 but did not close`): the
/// verifier's STREAM-END-009 / -010 judge it ([`stream_checks_verified`]).
const HELD_OPEN_WORDS: &str = "but did not close";

/// `streaming.terminal`'s words for a stream still open at the probe's deadline, with no
/// terminal or interrupted state (the probe left; no verdict on the agent's end).
const NO_END_BY_DEADLINE: &str =
    "stream reached no terminal or interrupted state before the deadline";

impl Outcome {
    /// A failure whose words are exactly `m`.
    fn is_fail_with(&self, m: &str) -> bool {
        matches!(self, Outcome::Fail(f) if f == m)
    }
}

/// A failed call: a request not sent (→ skip: not run) or anything else (→ fail).
enum CallError {
    /// Not sent, and no verdict on the agent: `--max-requests` used up, the agent gone
    /// (`--max-unanswered`) or the run interrupted (Ctrl-C). The message is the
    /// [`SendError`]'s own, so a skip names the real cause (breaker9c C5: an interruption
    /// was reported as the request budget).
    NotSent(String),
    /// The probe's own host guard refused the URL (`--allow-host`): no verdict on the agent.
    Refused(String),
    Other(String),
}

impl CallError {
    fn outcome(self, context: &str) -> Outcome {
        match self {
            CallError::NotSent(m) | CallError::Refused(m) => Outcome::Skip(m),
            CallError::Other(m) => Outcome::Fail(format!("{context}: {m}")),
        }
    }
}

/// A failure of the probe's expectation that no verifier rule makes a requirement (session
/// 47): the test fails with [`super::EXPECTATION`] before `m`, which lowers no conformance
/// level ([`super::ProbeResult::is_expectation`]).
fn expectation(m: String) -> Outcome {
    Outcome::Fail(format!("{}{m}", super::EXPECTATION))
}

/// Why [`Plan::poll_settled`] gave up: a call failed, or the task was still active
/// (submitted, working) at `--timeout`, which no rule bounds (the spec sets no time for a
/// task to end: the probe's expectation, session 47).
enum PollError {
    Call(CallError),
    Unsettled(String),
}

impl From<CallError> for PollError {
    fn from(e: CallError) -> Self {
        PollError::Call(e)
    }
}

impl PollError {
    fn outcome(self, context: &str) -> Outcome {
        match self {
            PollError::Call(e) => e.outcome(context),
            PollError::Unsettled(m) => expectation(format!(
                "{context}: {m} (no rule sets a time for a task to end or ask for input)"
            )),
        }
    }
}

/// The skip text of an advertised interface URL whose call did not get an answer judged:
/// "advertised url U not called: WHY", or, for a request that was sent and then cut off by
/// the interruption (`m` starts with "sent ", [`SendError::Interrupted`]), "advertised url
/// U: sent ..., but the run was interrupted ...".
fn not_called(url: &impl std::fmt::Display, m: &str) -> String {
    if m.starts_with("sent ") {
        format!("advertised url {url}: {m}")
    } else {
        format!("advertised url {url} not called: {m}")
    }
}

impl From<SendError> for CallError {
    fn from(e: SendError) -> Self {
        match e {
            SendError::Budget(_)
            | SendError::Gone(_)
            | SendError::Interrupted(_)
            | SendError::RateLimited(_) => CallError::NotSent(e.to_string()),
            // the probe's own refusal (SSRF guard) is no verdict on the agent: a skip
            SendError::Blocked(m) => CallError::Refused(m),
            other => CallError::Other(other.to_string()),
        }
    }
}

/// A JSON-RPC reply: the HTTP response and its parsed body.
struct Rpc {
    resp: ProbeResponse,
    /// JSON-RPC response; for HTTP+JSON, the body normalised to one (see [`rest_rpc`]);
    /// for gRPC, the answer's messages and status read as one ([`grpc::grpc_rpc`]).
    json: Option<Value>,
    /// A gRPC call's answer as read ([`grpc::read_answer`]): its status, ErrorInfo reason
    /// and messages. `None` for JSON-RPC and HTTP+JSON.
    grpc: Option<grpc::GrpcAnswer>,
}

impl Rpc {
    fn result(&self) -> Option<&Value> {
        self.json.as_ref().and_then(|j| j.get("result"))
    }

    fn error_code(&self) -> Option<i64> {
        self.json
            .as_ref()
            .and_then(|j| j.pointer("/error/code"))
            .and_then(Value::as_i64)
    }

    /// One-line description for messages: `error -32601 method not found`, `HTTP 404`.
    fn describe(&self) -> String {
        if let Some(no) = self.resp.no_answer() {
            return format!("no answer: {no}");
        }
        if let Some(code) = self.error_code() {
            let msg = self
                .json
                .as_ref()
                .and_then(|j| j.pointer("/error/message"))
                .and_then(Value::as_str)
                .unwrap_or("");
            return format!("error {code} {msg}").trim_end().to_string();
        }
        if let Some(a) = &self.grpc {
            if self.result().is_some() {
                return "a result (gRPC OK)".to_string();
            }
            if a.status.is_some() {
                return a.status_words();
            }
            if !a.unreadable.is_empty() {
                return format!(
                    "HTTP {} gRPC messages that do not decode: {}",
                    self.resp.status,
                    a.unreadable.join("; ")
                );
            }
        }
        if self.result().is_some() {
            return format!("a result (HTTP {})", self.resp.status);
        }
        if self
            .json
            .as_ref()
            .is_some_and(|j| j.get("jsonrpc").is_some())
        {
            return format!(
                "a JSON-RPC response with neither result nor error (HTTP {})",
                self.resp.status
            );
        }
        let ct = self.resp.content_type();
        if let Some(why) = &self.resp.undecodable {
            return format!(
                "HTTP {} {ct} whose body does not decode: {why}",
                self.resp.status
            );
        }
        if ct.is_empty() {
            format!("HTTP {} without an A2A body", self.resp.status)
        } else {
            format!("HTTP {} {ct} without an A2A body", self.resp.status)
        }
    }
}

/// One dialect's JSON-RPC endpoint.
#[derive(Clone)]
struct Target {
    dialect: Dialect,
    binding: Binding,
    url: Url,
    tenant: Option<String>,
}

impl Target {
    /// The name of `op` on this interface, for messages: the gRPC method on gRPC
    /// (`TaskSubscription` in 0.3), the JSON-RPC method otherwise.
    fn op_name(&self, op: Op) -> &'static str {
        match self.binding {
            Binding::Grpc => grpc::grpc_method(self.dialect, op).unwrap_or(self.dialect.method(op)),
            _ => self.dialect.method(op),
        }
    }

    /// The payload shape: HTTP+JSON bodies and gRPC messages are ProtoJSON (1.0 oneof
    /// wrappers and `TASK_STATE_*`) in both 1.0 and 0.3 (digest §0.1); JSON-RPC follows
    /// the dialect.
    fn wire(&self) -> Dialect {
        match self.binding {
            // gRPC messages decode to the same ProtoJSON (0.3: of the 0.3 proto, as 0.3
            // REST; grpc.rs)
            Binding::HttpJson | Binding::Grpc => Dialect::V1_0,
            _ => self.dialect,
        }
    }
}

/// A task the plan created and follows.
#[derive(Clone, Debug)]
struct TaskRef {
    id: String,
    context_id: String,
    state: Option<TaskState>,
}

impl TaskRef {
    fn from_task(t: &Value) -> Option<TaskRef> {
        let id = t
            .get("id")
            .and_then(Value::as_str)
            .filter(|s| !s.is_empty())?;
        let context_id = t
            .get("contextId")
            .and_then(Value::as_str)
            .filter(|s| !s.is_empty())?;
        Some(TaskRef {
            id: id.to_string(),
            context_id: context_id.to_string(),
            state: task_state(t),
        })
    }

    fn state_str(&self) -> &'static str {
        self.state.map(TaskState::as_str).unwrap_or("no state")
    }
}

struct Runner<'a> {
    /// Binding of the target under test (`None` = JSON-RPC or binding-free tests).
    binding: Option<&'static str>,
    cfg: &'a ProbeConfig,
    t: &'a Transport,
    results: Vec<ProbeResult>,
    output_modes: Vec<String>,
    skills: Vec<Skill>,
    /// Requests sent now are malformed on purpose: mark them with
    /// [`crate::model::PROBE_NEGATIVE_HEADER`] so the verifier does not blame the client.
    negative: bool,
    /// Requests sent now configure the probe's own loopback webhook: marked with
    /// [`crate::model::PROBE_OWN_WEBHOOK`] so the verifier does not call it an SSRF risk.
    own_webhook_call: bool,
    /// The request sent now reads a task id minted at random: marked with
    /// [`crate::model::PROBE_UNKNOWN_TASK`] so the verifier judges its answer (ID-TASK-007),
    /// and `verify` of the recording reaches `errors.unknown-task`'s verdict alone.
    unknown_task_call: bool,
    /// Receiver started by the plan itself when the config gives no webhook.
    own_webhook: Option<WebhookReceiver>,
    /// The card's `name`.
    card_name: Option<String>,
    /// The first interface that answered a task call with 401/403 (credentials needed,
    /// none or wrong ones given): the auth tests still judge it.
    locked: Option<Target>,
    /// See [`ProbeReport::usage_error`].
    usage_error: Option<String>,
    /// Interfaces of a binding and version an earlier one of the card already has, at
    /// another URL: only their `card.interface-url` is checked (breaker15b R9).
    extra_targets: Vec<Target>,
    /// The first task each interface created (its URL, dialect, the task): the auth tests
    /// read and cancel it without credentials (AUTH-002, AUTH-006; breaker15b R7).
    created: Vec<(Url, Dialect, TaskRef)>,
    /// When the last result was pushed: checks that share one exchange (the `streaming.*`
    /// checks of one stream) are timed from there, so each reports its own share of the
    /// run and the times add up to at most the run's wall time (breaker8 G20).
    last_push: Option<Instant>,
    /// URIs of the extensions the card marks `required` (1.0 `capabilities.extensions[]`):
    /// every request names them in `A2A-Extensions` (0.x `X-A2A-Extensions`; EXT-001,
    /// EXT-002), except while [`Runner::without_extensions`].
    required_extensions: Vec<String>,
    /// The request now sent is `errors.extension-required`'s: no extensions header, and
    /// marked [`crate::model::PROBE_WITHOUT_EXTENSION`] so the verifier judges its answer.
    without_extensions: bool,
}

/// Runs the whole plan against the agent at `t.base()`. Never fails: problems are results.
pub async fn run(cfg: &ProbeConfig, t: &Transport) -> ProbeReport {
    let mut r = Runner {
        binding: None,
        cfg,
        t,
        results: Vec::new(),
        output_modes: Vec::new(),
        skills: Vec::new(),
        negative: false,
        own_webhook_call: false,
        unknown_task_call: false,
        own_webhook: None,
        card_name: None,
        locked: None,
        usage_error: None,
        created: Vec::new(),
        extra_targets: Vec::new(),
        last_push: None,
        required_extensions: Vec::new(),
        without_extensions: false,
    };
    let dialects = r.run_all().await;
    if let Some(w) = r.own_webhook.take() {
        w.shutdown().await;
    }
    ProbeReport {
        target: t.base().to_string(),
        dialects,
        results: r.results,
        requests: t.sent(),
        card_name: r.card_name,
        usage_error: r.usage_error,
    }
}

/// `path` (a well-known card path) under the base URL's path, as SDK card resolvers do:
/// `http://h/agents/x` + `/.well-known/agent-card.json` = `http://h/agents/x/.well-known/...`.
pub fn card_url(base: &Url, path: &str) -> Result<Url, url::ParseError> {
    let mut u = base.clone();
    u.set_query(None);
    u.set_fragment(None);
    let joined = format!("{}{}", u.path().trim_end_matches('/'), path);
    u.set_path(&joined);
    Ok(u)
}

pub use crate::model::card::base_of_card_url;

fn backoff(step: u32) -> Duration {
    Duration::from_millis((100u64 << step.min(5)).min(2000))
}

impl<'a> Runner<'a> {
    /// Starts test `test` in dialect `d` over the current binding: progress on stderr, and
    /// its requests tagged with its scoped name (`lifecycle.send [1.0]`). Returns the start.
    fn begin(&self, test: &str, d: Option<Dialect>) -> Instant {
        self.t.begin_test(Some(super::scoped_name(
            test,
            d.map(Dialect::label),
            self.binding,
        )));
        Instant::now()
    }

    fn push(
        &mut self,
        test: &str,
        d: Option<Dialect>,
        cat: Category,
        started: Instant,
        o: Outcome,
    ) {
        let (status, message) = match o {
            Outcome::Pass(m) => (Status::Pass, m),
            Outcome::Fail(m) => (Status::Fail, m),
            Outcome::Skip(m) => (Status::Skip, m),
        };
        let now = Instant::now();
        let from = match self.last_push {
            Some(p) if p > started => p,
            _ => started,
        };
        self.results.push(ProbeResult {
            owner: self.t.current_test(),
            test: test.to_string(),
            dialect: d.map(|d| d.label().to_string()),
            binding: self.binding.map(str::to_string),
            category: cat,
            status,
            message,
            duration_ms: u64::try_from(now.duration_since(from).as_millis()).unwrap_or(u64::MAX),
            failed_by: None,
        });
        self.last_push = Some(now);
    }

    fn skip(&mut self, test: &str, d: Option<Dialect>, cat: Category, why: &str) {
        self.push(test, d, cat, Instant::now(), Outcome::Skip(why.to_string()));
    }

    async fn get(&self, url: Url, auth: bool) -> Result<ProbeResponse, CallError> {
        let headers = if auth {
            self.cfg.auth_headers.clone()
        } else {
            Vec::new()
        };
        let req = ProbeRequest {
            method: Method::GET,
            url,
            headers,
            body: None,
        };
        Ok(self.t.send(req, self.cfg.timeout).await?)
    }

    /// Adds the extensions header naming [`Runner::required_extensions`]: `A2A-Extensions`
    /// on requests with an `A2A-Version` (1.0), `X-A2A-Extensions` on the others (0.x;
    /// EXT-001).
    fn activate_extensions(&self, headers: &mut Vec<(String, String)>, version: Option<&str>) {
        if self.required_extensions.is_empty() || self.without_extensions {
            return;
        }
        let name = if version.is_some() {
            "A2A-Extensions"
        } else {
            "X-A2A-Extensions"
        };
        headers.push((name.into(), self.required_extensions.join(", ")));
    }

    fn mark_negative(&self, headers: &mut Vec<(String, String)>) {
        if self.negative {
            headers.push((
                crate::model::PROBE_NEGATIVE_HEADER.into(),
                crate::model::PROBE_NEGATIVE_TEST.into(),
            ));
        } else if self.own_webhook_call {
            headers.push((
                crate::model::PROBE_NEGATIVE_HEADER.into(),
                crate::model::PROBE_OWN_WEBHOOK.into(),
            ));
        } else if self.unknown_task_call {
            headers.push((
                crate::model::PROBE_NEGATIVE_HEADER.into(),
                crate::model::PROBE_UNKNOWN_TASK.into(),
            ));
        } else if self.without_extensions {
            headers.push((
                crate::model::PROBE_NEGATIVE_HEADER.into(),
                crate::model::PROBE_WITHOUT_EXTENSION.into(),
            ));
        }
    }

    /// The headers of a probe request: `Content-Type: application/json` when it has a
    /// `json_body`, `A2A-Version` when a `version` is asked, the activated extensions, the
    /// negative-test mark, and the user's credentials when `auth`.
    fn request_headers(
        &self,
        json_body: bool,
        auth: bool,
        version: Option<&str>,
    ) -> Vec<(String, String)> {
        let mut headers = Vec::new();
        if json_body {
            headers.push(("Content-Type".to_string(), "application/json".to_string()));
        }
        if let Some(v) = version {
            headers.push(("A2A-Version".into(), v.into()));
        }
        self.activate_extensions(&mut headers, version);
        self.mark_negative(&mut headers);
        if auth {
            headers.extend(self.cfg.auth_headers.iter().cloned());
        }
        headers
    }

    async fn post_raw(
        &self,
        tg: &Target,
        body: Bytes,
        auth: bool,
        version: Option<&str>,
    ) -> Result<Rpc, CallError> {
        let headers = self.request_headers(true, auth, version);
        let req = ProbeRequest {
            method: Method::POST,
            url: tg.url.clone(),
            headers,
            body: Some(body),
        };
        let resp = self.t.send(req, self.cfg.timeout).await?;
        let json = resp.json().filter(Value::is_object);
        Ok(Rpc {
            resp,
            json,
            grpc: None,
        })
    }

    async fn call(&self, tg: &Target, method: &str, mut params: Value) -> Result<Rpc, CallError> {
        self.call_with(tg, method, &mut params, true, tg.dialect.version_header())
            .await
    }

    async fn call_with(
        &self,
        tg: &Target,
        method: &str,
        params: &mut Value,
        auth: bool,
        version: Option<&str>,
    ) -> Result<Rpc, CallError> {
        if matches!(tg.binding, Binding::HttpJson | Binding::Grpc) {
            let op = [
                Op::Send,
                Op::Stream,
                Op::Get,
                Op::Cancel,
                Op::CreatePush,
                Op::GetPush,
                Op::ListPush,
                Op::DeletePush,
                Op::Subscribe,
                Op::List,
            ]
            .into_iter()
            .find(|op| tg.dialect.method(*op) == method);
            if tg.binding == Binding::Grpc {
                return self.grpc_call(tg, op, params, auth, version).await;
            }
            return self.rest_call(tg, op, params, auth, version).await;
        }
        if let (Some(tenant), Some(obj)) = (&tg.tenant, params.as_object_mut()) {
            obj.insert("tenant".into(), json!(tenant)); // CARD-008
        }
        let body = json!({
            "jsonrpc": "2.0",
            "id": uuid::Uuid::new_v4().to_string(),
            "method": method,
            "params": params,
        });
        self.post_raw(tg, Bytes::from(body.to_string()), auth, version)
            .await
    }

    /// One HTTP+JSON call (1.0, REST-001): `op` to its route under the interface URL (and
    /// `/{tenant}` when the interface has one), the answer normalised by [`rest_rpc`].
    async fn rest_call(
        &self,
        tg: &Target,
        op: Option<Op>,
        params: &Value,
        auth: bool,
        version: Option<&str>,
    ) -> Result<Rpc, CallError> {
        let Some(op) = op else {
            return Err(CallError::Other(
                "no HTTP+JSON route for this method".into(),
            ));
        };
        let (method, route, body) = rest_route(op, params);
        let url = rest_url(tg, &route.0, route.1.as_deref());
        self.rest_send(url, method, body, auth, version).await
    }

    async fn rest_send(
        &self,
        url: Url,
        method: Method,
        body: Option<Bytes>,
        auth: bool,
        version: Option<&str>,
    ) -> Result<Rpc, CallError> {
        let headers = self.request_headers(body.is_some(), auth, version);
        let req = ProbeRequest {
            method,
            url,
            headers,
            body,
        };
        let resp = self.t.send(req, self.cfg.timeout).await?;
        Ok(rest_rpc(resp))
    }

    fn send_params(&self, tg: &Target, text: &str, wait: bool, task: Option<&TaskRef>) -> Value {
        let mut p = self.send_params_of(tg.wire(), text, wait, task);
        if tg.binding != Binding::JsonRpc && tg.dialect == Dialect::V0_3 {
            // 0.3 REST = ProtoJSON of 0.3:grpc: parts in `content`, `blocking` (trap 5, 8)
            if let Some(m) = p.get_mut("message").and_then(Value::as_object_mut) {
                if let Some(parts) = m.remove("parts") {
                    m.insert("content".into(), parts);
                }
            }
            if let Some(c) = p.get_mut("configuration").and_then(Value::as_object_mut) {
                c.remove("returnImmediately");
                c.insert("blocking".into(), json!(wait));
            }
        }
        p
    }

    fn send_params_of(&self, d: Dialect, text: &str, wait: bool, task: Option<&TaskRef>) -> Value {
        let msg = d.user_message(
            text,
            task.map(|t| t.id.as_str()),
            task.map(|t| t.context_id.as_str()),
        );
        d.send_params(msg, wait, &self.output_modes)
    }

    fn text_of(s: &Skill) -> String {
        s.example.clone().unwrap_or_else(|| "hello".to_string())
    }

    /// Skill whose words contain one of `keys`, in key order.
    fn skill_for(&self, keys: &[&str]) -> Option<Skill> {
        keys.iter()
            .find_map(|k| self.skills.iter().find(|s| s.words.contains(k)))
            .cloned()
    }

    /// Skills for the basic send: `--skill`, else the card's skills with those that look
    /// long-running, interactive or failing last.
    /// The example text of the first basic skill ([`Self::basic_skills`]), else `hello`.
    fn basic_text(&self) -> String {
        self.basic_skills()
            .first()
            .map(Self::text_of)
            .unwrap_or_else(|| "hello".into())
    }

    fn basic_skills(&self) -> Vec<Skill> {
        if let Some(id) = &self.cfg.skill {
            return self
                .skills
                .iter()
                .filter(|s| &s.id == id)
                .cloned()
                .collect();
        }
        let odd = |s: &Skill| {
            ["input", "cancel", "fail", "slow", "long", "auth", "reject"]
                .iter()
                .any(|k| s.words.contains(k))
        };
        let mut v: Vec<Skill> = self.skills.iter().filter(|s| !odd(s)).cloned().collect();
        v.extend(self.skills.iter().filter(|s| odd(s)).cloned());
        v
    }

    async fn run_all(&mut self) -> Vec<String> {
        let base = self.t.base().clone();
        // warm-up: opens the connection; its answer is judged by the next fetch (the card
        // test's, so it is that test's request)
        // the warm-up is card.reachable's request: its time counts in the test's (an
        // interrupted run said "(0 ms)" of a fetch awaited for seconds, newcomer50 N5)
        let started = self.begin("card.reachable", None);
        // a warm-up the run's interruption cut off was sent and awaited: the card test
        // reports it as it was (newcomer50 N5: "not sent" for the request the user saw hang)
        let mut warm_up_cut = None;
        if let Ok(u) = card_url(&base, CARD_PATHS[0]) {
            if let Err(CallError::NotSent(m)) = self.get(u, false).await {
                warm_up_cut = m.starts_with("sent ").then_some(m);
            }
        }
        let Some(card) = self.card_tests(&base, started, warm_up_cut).await else {
            if let Some(p) = &self.cfg.pairing {
                p.publish(None);
            }
            return Vec::new();
        };
        if let Some(p) = &self.cfg.pairing {
            p.publish(Some(
                card::interfaces(&card)
                    .iter()
                    .map(|i| (i.dialect, i.binding))
                    .collect(),
            ));
        }
        self.card_name = card
            .get("name")
            .and_then(Value::as_str)
            .filter(|n| !n.trim().is_empty())
            .map(str::to_string);
        self.output_modes = card
            .get("defaultOutputModes")
            .and_then(Value::as_array)
            .map(|a| {
                a.iter()
                    .filter_map(Value::as_str)
                    .map(str::to_string)
                    .collect()
            })
            .unwrap_or_default();
        self.skills = card::skills(&card);
        self.required_extensions = card::required_extensions(&card);
        if let Some(id) = &self.cfg.skill {
            if !self.skills.iter().any(|s| &s.id == id) {
                let ids: Vec<&str> = self.skills.iter().map(|s| s.id.as_str()).collect();
                self.usage_error = Some(format!(
                    "--skill {id}: the agent's card has no skill with that id; hint: {}",
                    if ids.is_empty() {
                        "the card lists no skill: drop --skill".to_string()
                    } else {
                        format!(
                            "its skills are {} (--skill takes a skill id)",
                            ids.join(", ")
                        )
                    }
                ));
                return Vec::new();
            }
        }

        let targets = self.pick_targets(&card);
        if self.usage_error.is_some() {
            return Vec::new();
        }
        let targets = self.paired_targets(targets).await;
        let mut dialects = Vec::new();
        let mut first_ok: Option<Target> = None;
        for tg in &targets {
            let label = tg.dialect.label().to_string();
            if !dialects.contains(&label) {
                dialects.push(label);
            }
            self.binding = grpc::binding_label(tg.binding);
            if self.dialect_tests(tg, &card).await && first_ok.is_none() {
                first_ok = Some(tg.clone());
            }
            self.binding = None;
        }
        for tg in std::mem::take(&mut self.extra_targets) {
            self.binding = grpc::binding_label(tg.binding);
            self.extra_interface_test(&tg).await;
            self.binding = None;
        }
        // An interface that wanted credentials answered too: the auth tests judge it.
        let auth_target = first_ok.clone().or_else(|| self.locked.clone());
        self.auth_tests(&card, auth_target.as_ref()).await;
        self.extended_card_test(&card, auth_target.as_ref()).await;
        let started = self.begin("errors.no-5xx", None);
        let errs = self.t.server_errors();
        let gone = self.t.unanswered();
        let answered = self.t.answered();
        let o = if let (true, Some(g)) = (errs.is_empty(), self.t.gone()) {
            // The probe stopped early: the requests it never sent prove nothing (a pass
            // here would be a pass over what was not observed).
            Outcome::Skip(format!(
                "the probe stopped early: the agent did not answer {} {} in a row (last: {}: {}); {answered} of {} requests were answered, none with 5xx",
                g.unanswered,
                if g.unanswered == 1 { "request" } else { "requests" },
                g.request,
                g.error,
                self.t.sent()
            ))
        } else if errs.is_empty() && answered == 0 {
            Outcome::Skip(format!(
                "the agent answered none of the {} requests, so none could be a 5xx",
                self.t.sent()
            ))
        } else if errs.is_empty() && !gone.is_empty() && self.t.last_unanswered().is_none() {
            // Some requests got no answer (the agent closed the connection) but the agent
            // answered the requests after them: it did not stop answering.
            let n = gone.len();
            Outcome::Pass(format!(
                "no 5xx answer in {answered} answered requests; {n} {} got no answer at all ({}), and the agent answered the requests after {}",
                if n == 1 { "request" } else { "requests" },
                gone.first()
                    .map(|g| g.trim_end_matches(" -> 502"))
                    .unwrap_or(""),
                if n == 1 { "it" } else { "them" }
            ))
        } else if errs.is_empty() && !gone.is_empty() {
            // The recording proxy answered 502 itself: the agent stopped answering (crashed
            // or went away), which the tests that needed those answers already report; or,
            // when nothing ever answered at the card's advertised address, it was never
            // reached there (review28b, as newcomer28 N3 says it at the run's end).
            let first = gone.first().map(String::as_str).unwrap_or("");
            Outcome::Skip(
                match self
                    .t
                    .last_unanswered()
                    .and_then(|g| g.never_answered_origin)
                {
                    Some(o) => format!(
                        "nothing answered at {o}, the address the agent's card advertises: {} of {} requests got no answer ({first}); the agent was not reached there, so no answer could be a 5xx",
                        gone.len(),
                        self.t.sent()
                    ),
                    None => format!(
                        "agent stopped answering: {} of {} requests got no answer from it ({first})",
                        gone.len(),
                        self.t.sent()
                    ),
                },
            )
        } else if errs.is_empty() {
            Outcome::Pass(format!(
                "no 5xx answer in {answered} answered requests{}",
                match self.t.sent().saturating_sub(answered) {
                    0 => String::new(),
                    n => format!(" ({n} not answered)"),
                }
            ))
        } else {
            // no rule makes a 5xx a fault of its own (ERR-007: a JSON-RPC error's HTTP
            // status is unspecified; an HTTP+JSON status against its A2A error is
            // REST-ERROR-*'s, which fails the call's own test): session 47
            expectation(format!(
                "agent answered 5xx: {} (no rule judges the status alone: ERR-007 leaves a JSON-RPC error's HTTP status open, and the verifier's findings on each call, e.g. REST-ERROR-001, fail that call's own test)",
                errs.join("; ")
            ))
        };
        self.push("errors.no-5xx", None, Category::ErrorHandling, started, o);
        dialects
    }

    /// `card.*`; returns the card when one was fetched. `started`: when `card.reachable`
    /// began (its warm-up fetch). `warm_up_cut`: the words of the warm-up fetch of the
    /// first card path when the run's interruption cut it off while its answer was awaited
    /// ([`SendError::Interrupted`]): that path is then reported with them, not fetched
    /// again.
    async fn card_tests(
        &mut self,
        base: &Url,
        started: Instant,
        warm_up_cut: Option<String>,
    ) -> Option<Value> {
        let mut tried = Vec::new();
        let mut found: Option<(Value, String, bool)> = None;
        let mut warm_up_cut = warm_up_cut;
        'outer: for auth in [false, true] {
            if auth && self.cfg.auth_headers.is_empty() {
                break;
            }
            for path in CARD_PATHS {
                let Ok(u) = card_url(base, path) else {
                    continue;
                };
                // the path as fetched (under the base URL's path), so a doubled path shows
                let at = u.path().to_string();
                let got = match warm_up_cut
                    .take()
                    .filter(|_| !auth && path == CARD_PATHS[0])
                {
                    Some(m) => Err(CallError::NotSent(m)),
                    None => self.get(u, auth).await,
                };
                match got {
                    Ok(resp) => {
                        if resp.status == 200 {
                            if let Some(v) = resp.json().filter(Value::is_object) {
                                found = Some((v, at, auth));
                                break 'outer;
                            }
                            // a body that never ended (or passed the probe's size limit) is
                            // no card read whole: the recording keeps a cut body the verifier
                            // does not judge, so no rule's finding decides it (newcomer50 N4:
                            // an endless card body passed card.reachable, exit 0)
                            if !resp.complete {
                                tried.push(format!(
                                    "{at} (HTTP 200, but {}: no card could be read)",
                                    match &resp.cut {
                                        Some(c) => c.clone(),
                                        None => format!(
                                            "the body did not end within --timeout {} ms",
                                            self.cfg.timeout.as_millis()
                                        ),
                                    }
                                ));
                                continue;
                            }
                            match &resp.undecodable {
                                Some(why) => tried.push(format!("{at} (HTTP 200, {why})")),
                                None => tried.push(format!("{at} (HTTP 200, not a JSON object)")),
                            }
                        } else if let Some(loc) = (300..400)
                            .contains(&resp.status)
                            .then(|| resp.headers.get(http::header::LOCATION))
                            .flatten()
                        {
                            // where it redirects, and why a redirect is not a card here: the
                            // probe, like httpx's default client, does not follow it
                            // (breaker10n N14)
                            tried.push(format!(
                                "{at} (HTTP {} redirect to {}: not followed, as clients that do not follow redirects, e.g. httpx by default, do not; serve the card at this path)",
                                resp.status,
                                String::from_utf8_lossy(loc.as_bytes())
                                    .chars()
                                    .map(|c| if c.is_control() { '?' } else { c })
                                    .collect::<String>()
                            ));
                        } else {
                            tried.push(format!("{at} (HTTP {})", resp.status));
                        }
                    }
                    Err(CallError::NotSent(m))
                    | Err(CallError::Refused(m))
                    | Err(CallError::Other(m)) => tried.push(format!("{at} ({m})")),
                }
            }
        }
        let Some((card, path, with_auth)) = found else {
            let msg = format!("no agent card at {}", tried.join(", "));
            // session 48: a well-known path that answered 200 with a body that is no JSON
            // object is the verifier's CARD-SHAPE-004 on that exchange (CARD-001, CARD-002:
            // the resource there MUST be an AgentCard); a card that cannot be fetched at all
            // (no answer, a refused connection, 401, 5xx, a redirect not followed) is no
            // protocol finding by itself: nothing in the recording shows an A2A agent there,
            // so it stays the probe's own failure (the run judged nothing), said so
            let not_object = tried
                .iter()
                .any(|t| t.contains("(HTTP 200, not a JSON object)"));
            // every path 404 is no agent's base URL: the run ends in exit 2, naming the
            // paths (`probe_cmd::no_card_here` reads the words as they are)
            let all_404 = !tried.is_empty() && tried.iter().all(|t| t.ends_with("(HTTP 404)"));
            let o = if not_object {
                verifier_reads(Outcome::Fail(msg), "CARD-SHAPE-004")
            } else if all_404 {
                Outcome::Fail(msg)
            } else {
                Outcome::Fail(format!(
                    "{msg} (no rule judges a card that cannot be fetched by itself: nothing in the recording shows an A2A agent there; the run judged nothing)"
                ))
            };
            self.push("card.reachable", None, Category::AgentCard, started, o);
            return None;
        };
        self.push(
            "card.reachable",
            None,
            Category::AgentCard,
            started,
            Outcome::Pass(format!("agent card fetched from {path}")),
        );
        let o = if with_auth {
            // CARD-011 (1.0 §14.3, 0.3 §5.4): a card with sensitive data MUST be access
            // controlled, so the well-known card need not be public (session 47)
            expectation(format!(
                "agent card needs credentials: {} without them (CARD-011: an agent may serve its card only to authenticated clients; clients without credentials cannot discover it)",
                tried.join(", ")
            ))
        } else {
            Outcome::Pass("agent card served without credentials".into())
        };
        self.push("card.public", None, Category::AgentCard, started, o);

        // The card checks read the card as the verifier does and name its rules; the
        // verifier's finding on the card fetch decides each (session 46: CARD-SHAPE-001
        // by the problem's place, `card::shape_problem_check`; CARD-SHAPE-002 and -003;
        // CARD-SHAPE-006 and AUTH-SCHEME-001), merged by `merge_findings`.
        let v02 = path.ends_with("/.well-known/agent.json");
        let o = match card::check_required(&card, v02) {
            Ok(m) => Outcome::Pass(m),
            Err(m) => verifier_reads(Outcome::Fail(m), "CARD-SHAPE-001 and CARD-SHAPE-003"),
        };
        self.push(
            "card.required-fields",
            None,
            Category::AgentCard,
            Instant::now(),
            o,
        );
        let o = match card::check_skills(&card, v02) {
            Ok(Some(m)) => Outcome::Pass(m),
            Ok(None) => Outcome::Skip(
                "the card has no skills list (card.required-fields judges that)".into(),
            ),
            Err(m) => verifier_reads(Outcome::Fail(m), "CARD-SHAPE-001"),
        };
        self.push("card.skills", None, Category::AgentCard, Instant::now(), o);
        let o = match card::check_capabilities(&card, v02) {
            Ok(m) => Outcome::Pass(m),
            Err(m) => verifier_reads(Outcome::Fail(m), "CARD-SHAPE-001 and CARD-SHAPE-002"),
        };
        self.push(
            "card.capabilities",
            None,
            Category::AgentCard,
            Instant::now(),
            o,
        );
        let o = match card::check_security_schemes(&card) {
            Ok(Some(m)) => Outcome::Pass(m),
            Ok(None) => Outcome::Skip("card declares no security schemes".into()),
            Err(m) => verifier_reads(Outcome::Fail(m), "CARD-SHAPE-006 and AUTH-SCHEME-001"),
        };
        self.push(
            "card.security-schemes",
            None,
            Category::Security,
            Instant::now(),
            o,
        );
        self.warn_credentials_undeclared(&card);
        Some(card)
    }

    /// Says once on stderr that credentials were given (`--bearer`, `--auth-header`) while
    /// the card declares no security requirement (AUTH-007: `securityRequirements` /
    /// `security` empty or absent): the probe sends them anyway, as a client that was
    /// handed a token would, but the user learns the card does not ask for them
    /// (newcomer32: the token went out without a word).
    fn warn_credentials_undeclared(&self, card: &Value) {
        if self.cfg.auth_headers.is_empty() || card::declares_security(card) {
            return;
        }
        let mut names: Vec<&str> = Vec::new();
        for (n, _) in &self.cfg.auth_headers {
            if !names.iter().any(|m| m.eq_ignore_ascii_case(n)) {
                names.push(n);
            }
        }
        crate::errln!(
            "a2a-interop: warning: the agent card declares no security (no securityRequirements / security, AUTH-007), yet credentials were given (--bearer / --auth-header: {}): the probe sends them anyway on every task call, and the auth tests are skipped; if the agent needs them, its card should declare the scheme (securitySchemes plus securityRequirements) so clients know to send them",
            names.join(", ")
        );
    }

    /// One JSON-RPC target per dialect the card offers (first listed wins), highest first,
    /// filtered by `--dialect` / `--binding`. Records `card.interfaces` and skips for
    /// bindings this build does not probe.
    fn pick_targets(&mut self, card: &Value) -> Vec<Target> {
        let started = self.begin("card.interfaces", None);
        let all = card::interfaces(card);
        let mut targets: Vec<Target> = Vec::new();
        let mut problems = Vec::new();
        let want_jsonrpc = self
            .cfg
            .binding
            .as_deref()
            .is_none_or(|b| b.eq_ignore_ascii_case("jsonrpc"));
        let want_rest = self
            .cfg
            .binding
            .as_deref()
            .is_none_or(|b| b.eq_ignore_ascii_case("http+json"));
        let want_grpc = self
            .cfg
            .binding
            .as_deref()
            .is_none_or(|b| b.eq_ignore_ascii_case("grpc"));
        let mut other_bindings = Vec::new();
        for i in &all {
            if self.cfg.dialect.is_some_and(|d| d != i.dialect) {
                continue;
            }
            if i.binding == Binding::Other {
                other_bindings.push(i.clone());
                continue;
            }
            let wanted = match i.binding {
                Binding::JsonRpc => want_jsonrpc,
                Binding::Grpc => want_grpc,
                _ => want_rest,
            };
            if !wanted {
                continue;
            }
            let twin = targets
                .iter()
                .chain(&self.extra_targets)
                .any(|t| t.dialect == i.dialect && t.binding == i.binding);
            match self.target_of(i) {
                // the same binding and version again at another URL: a promise of its own
                // (CARD-005), called once by `extra_interface_test` (breaker15b R9)
                Ok(t) if twin => {
                    if !targets
                        .iter()
                        .chain(&self.extra_targets)
                        .any(|o| o.url == t.url && o.binding == t.binding)
                    {
                        self.extra_targets.push(t);
                    }
                }
                Ok(t) => targets.push(t),
                Err((refused, m)) => problems.push((i.dialect, refused, m)),
            }
        }
        // JSON-RPC first, then HTTP+JSON, then gRPC, each binding highest dialect first
        targets.sort_by_key(|t| {
            (
                match t.binding {
                    Binding::JsonRpc => 0,
                    Binding::HttpJson => 1,
                    _ => 2,
                },
                std::cmp::Reverse(t.dialect),
            )
        });
        let filtered = self.cfg.dialect.is_some() || self.cfg.binding.is_some();
        if targets.is_empty() && problems.is_empty() && !all.is_empty() && filtered {
            // the operator asked for what the card does not offer: not the agent's fault
            let mut flags = Vec::new();
            if let Some(d) = self.cfg.dialect {
                flags.push(format!("--dialect {}", d.label()));
            }
            if let Some(b) = &self.cfg.binding {
                flags.push(format!("--binding {b}"));
            }
            let mut offered: Vec<String> = Vec::new();
            for i in &all {
                let b = match i.binding {
                    Binding::JsonRpc => "jsonrpc",
                    Binding::HttpJson => "http+json",
                    Binding::Grpc => "grpc",
                    _ => "another binding (not probed by this build)",
                };
                let one = format!("{b} {}", i.dialect.label());
                if !offered.contains(&one) {
                    offered.push(one);
                }
            }
            self.usage_error = Some(format!(
                "{}: the agent's card offers no such interface; hint: it offers {} (--dialect auto|1.0|0.3, --binding auto|jsonrpc|http+json|grpc)",
                flags.join(" "),
                offered.join(", ")
            ));
            return Vec::new();
        }
        // The probe's own SSRF guard refusing every interface the card names (a card naming
        // its public host, probed through a port-forward or tunnel) is the run's policy, not
        // the agent's fault: exit 2 with the flag that allows it, before any task call.
        if targets.is_empty() && !problems.is_empty() && problems.iter().all(|p| p.1) {
            // the likelier case (breaker15b R18): a card behind a reverse proxy naming an
            // internal address nobody outside can reach
            self.usage_error = Some(format!(
                "the probe does not call the hosts the card's interfaces name: {}; hint: the card names another host than the one you probed: if clients cannot reach that host (an internal address behind a reverse proxy), the card is wrong and should name the public URL (CARD-005: each interface declares its real URL); to call it anyway, add --allow-host for the card's host",
                problems[0].2
            ));
            return Vec::new();
        }
        let o = if targets.is_empty() && problems.is_empty() {
            // nothing this build can test; no rule is broken by that alone: a missing or
            // incomplete interface list is CARD-SHAPE-001 / -003's on the card fetch
            // (card.required-fields), a version the probe does not speak or a binding it
            // does not drive (gRPC) is the agent's to offer (CARD-005) (session 47)
            expectation(if all.is_empty() {
                "card advertises no interface of a protocol version this probe speaks (1.0, 0.3, 0.2): nothing to test (a missing or incomplete interface list is the verifier's CARD-SHAPE-001 / CARD-SHAPE-003, which fail card.required-fields)".to_string()
            } else {
                "card advertises only bindings this probe does not drive (neither JSON-RPC, HTTP+JSON nor gRPC): nothing to test (CARD-005 lets an agent offer any binding)".to_string()
            })
        } else {
            let list: Vec<String> = targets
                .iter()
                .chain(&self.extra_targets)
                .map(|t| {
                    let b = binding_words(t.binding);
                    format!("{b} {} at {}", t.dialect.label(), t.url)
                })
                .collect();
            Outcome::Pass(format!("advertises {}", list.join(", ")))
        };
        self.push("card.interfaces", None, Category::AgentCard, started, o);
        self.other_origin_targets(&targets, started);
        for (d, refused, m) in problems {
            // a refusal by the probe's own host guard is no verdict on the agent
            let o = if refused {
                Outcome::Skip(m)
            } else {
                Outcome::Fail(m)
            };
            self.push(
                "card.interface-url",
                Some(d),
                Category::AgentCard,
                started,
                o,
            );
            for (name, cat) in DIALECT_TESTS {
                self.skip(name, Some(d), *cat, "interface url refused");
            }
        }
        for i in other_bindings {
            let b = match i.binding {
                Binding::HttpJson => "http+json",
                Binding::Grpc => "grpc",
                _ => "custom",
            };
            // only a binding this build does not drive comes here
            self.skip(
                &format!("binding.{b}"),
                Some(i.dialect),
                Category::Transport,
                &format!(
                    "{b} {} interface {} not probed by this build",
                    i.dialect.label(),
                    Url::parse(&i.url).map_or(i.url.clone(), |u| self.t.unproxied(&u).to_string())
                ),
            );
        }
        targets
    }

    /// The card sent the probe to another origin than the probed URL on the same host
    /// (another port or scheme: the agent's own listener behind a gateway, TLS or auth
    /// front): the task tests then judge that listener, not the front the operator named,
    /// and a client outside may not reach it (CARD-005; breaker16b T4). Said loudly on
    /// stderr and as a skipped `card.interface-origin` (caps the level at `partial` with
    /// that reason). A host the operator allowed with `--allow-host` is their choice: no
    /// result.
    fn other_origin_targets(&mut self, targets: &[Target], started: Instant) {
        let base = self.t.base().clone();
        let mut seen: Vec<String> = Vec::new();
        for t in targets.iter().chain(&self.extra_targets) {
            let u = self.t.unproxied(&t.url);
            let same_host = u.host_str() == base.host_str();
            let same_origin = u.scheme() == base.scheme()
                && u.port_or_known_default() == base.port_or_known_default();
            if same_host && !same_origin {
                let o = u.origin().ascii_serialization();
                if !seen.contains(&o) {
                    seen.push(o);
                }
            }
        }
        if seen.is_empty() {
            return;
        }
        let probed = base.origin().ascii_serialization();
        let down = base.scheme() == "https" && seen.iter().any(|o| o.starts_with("http://"));
        let msg = format!(
            "the card advertises {}, not the probed {probed}: the A2A tests call that URL, so the front at {probed} served only the card and its own handling of A2A calls (authentication, TLS, routing) is not tested{}; a client outside may not reach {} at all (CARD-005: the card should name the URL clients use)",
            seen.join(", "),
            if down {
                "; the card, fetched over https, sends clients to plain http (AUTH-004)"
            } else {
                ""
            },
            seen.join(", ")
        );
        crate::errln!("a2a-interop: warning: {msg}");
        self.push(
            "card.interface-origin",
            None,
            Category::AgentCard,
            started,
            Outcome::Skip(msg),
        );
    }

    /// `interop`: keeps the targets the calling agent's card also lists (dialect and
    /// binding; [`super::pairing`]) and records `common-interface`: pass naming what the
    /// two cards share, fail when they share nothing (the pair cannot talk; every
    /// interface is then skipped), skip when the caller's card could not be read (every
    /// target kept). Each target left out is a skipped `card.interface-url` saying why.
    /// Without a pairing (`probe`), `targets` unchanged.
    async fn paired_targets(&mut self, targets: Vec<Target>) -> Vec<Target> {
        let Some(p) = self.cfg.pairing.clone() else {
            return targets;
        };
        let started = self.begin("common-interface", None);
        let Some(offer) = p.caller_offer().await else {
            let why = format!(
                "{}'s card could not be read: every interface of {} is tested",
                p.caller, p.callee
            );
            self.push(
                "common-interface",
                None,
                Category::Interop,
                started,
                Outcome::Skip(why),
            );
            return targets;
        };
        let (kept, dropped): (Vec<Target>, Vec<Target>) = targets
            .into_iter()
            .partition(|t| offer.contains(&(t.dialect, t.binding)));
        let label = |t: &Target| super::pairing::offer_label(t.dialect, t.binding);
        let caller_list: Vec<String> = offer
            .iter()
            .map(|(d, b)| super::pairing::offer_label(*d, *b))
            .fold(Vec::new(), |mut v, l| {
                if !v.contains(&l) {
                    v.push(l);
                }
                v
            });
        let o = if kept.is_empty() && !dropped.is_empty() {
            Outcome::Fail(format!(
                "{}'s card lists {} and {}'s lists {}: no interface in common, {} cannot call {}",
                p.caller,
                if caller_list.is_empty() {
                    "no interface".to_string()
                } else {
                    caller_list.join(", ")
                },
                p.callee,
                dropped.iter().map(label).collect::<Vec<_>>().join(", "),
                p.caller,
                p.callee
            ))
        } else {
            Outcome::Pass(format!(
                "{} calls {} over {}",
                p.caller,
                p.callee,
                kept.iter().map(label).collect::<Vec<_>>().join(", ")
            ))
        };
        self.push("common-interface", None, Category::Interop, started, o);
        for t in &dropped {
            self.binding = grpc::binding_label(t.binding);
            self.skip(
                "card.interface-url",
                Some(t.dialect),
                Category::AgentCard,
                &format!(
                    "{}'s card does not list {}, so {} would not call {} this way (a2a-interop probe tests every interface of one agent)",
                    p.caller,
                    label(t),
                    p.caller,
                    p.callee
                ),
            );
            self.binding = None;
        }
        kept
    }

    /// The interface as a target; `Err((refused, why))`, `refused` when the probe's own host
    /// guard declined it (`--allow-host`), not the agent's card.
    fn target_of(&self, i: &Interface) -> Result<Target, (bool, String)> {
        // a GRPC interface's url is often a gRPC target (`host:port`): called over h2c, or
        // TLS for a card served over https (grpc.rs)
        let url = match i.binding {
            Binding::Grpc => grpc::grpc_target(&i.url, self.t.base()).ok_or_else(|| {
                (
                    false,
                    format!(
                        "advertised url {} at {} is neither a gRPC target (host:port) nor an http(s) URL",
                        i.url, i.pointer
                    ),
                )
            }),
            _ => Url::parse(&i.url).map_err(|e| {
                (
                    false,
                    format!(
                        "advertised url {} at {} is not a URL: {e}",
                        i.url, i.pointer
                    ),
                )
            }),
        }?;
        let url = self.bind_all_to_probed(url, &i.pointer);
        self.t.check_url(&url).map_err(|e| (true, e.to_string()))?;
        // a card rewritten by the recording proxy names the proxy: speak of the agent
        let url = self.t.unproxied(&url);
        Ok(Target {
            dialect: i.dialect,
            binding: i.binding,
            url,
            tenant: i.tenant.clone(),
        })
    }

    /// `url` moved to the probed host when it names a bind-all address
    /// ([`bind_all_to_probed`]), said on stderr; other URLs unchanged.
    fn bind_all_to_probed(&self, url: Url, pointer: &str) -> Url {
        let Some(to) = bind_all_to_probed(&url, self.t.base()) else {
            return url;
        };
        crate::errln!(
            "a2a-interop: warning: the card's interface url {url} (at {pointer}) names the bind-all address {}, the agent's listen address, which no client can connect to from another host (CARD-URL-011, CARD-005: advertise the URL clients use); the probe calls it at {to}, on the host it was given",
            url.host_str().unwrap_or("")
        );
        to
    }

    /// All tests of one interface (dialect + binding). Returns whether it answered A2A.
    async fn dialect_tests(&mut self, tg: &Target, card: &Value) -> bool {
        let d = Some(tg.dialect);
        // card.interface-url and errors.unknown-task share one GetTask on a random id
        let started = self.begin("card.interface-url", d);
        let mut params = json!({"id": uuid::Uuid::new_v4().to_string()});
        // marked, so the verifier judges the answer as errors.unknown-task does (ID-TASK-007)
        self.unknown_task_call = true;
        let probe = self
            .call_with(
                tg,
                tg.dialect.method(Op::Get),
                &mut params,
                true,
                tg.dialect.version_header(),
            )
            .await;
        self.unknown_task_call = false;
        let rest_skip = |r: &mut Runner<'_>, why: &str| {
            for (name, cat) in DIALECT_TESTS {
                r.skip(name, d, *cat, why);
            }
        };
        match probe {
            Err(e @ (CallError::NotSent(_) | CallError::Refused(_))) => {
                // Our own limit, guard or stop, not the agent's fault (README: a refused
                // request skips). The rest of the interface is skipped for the same cause
                // as this request: the budget, a gone agent or the interruption.
                let (m, why) = match e {
                    CallError::Refused(m) => (
                        m,
                        "interface not called: its host is not the probed host (--allow-host)"
                            .to_string(),
                    ),
                    // sent, and the run interrupted while it waited: the rest was not sent
                    CallError::NotSent(m) | CallError::Other(m) if m.starts_with("sent ") => (
                        m,
                        format!(
                            "not sent: the run was interrupted ({})",
                            crate::report::model::stop_cause()
                        ),
                    ),
                    CallError::NotSent(m) | CallError::Other(m) => (m.clone(), m),
                };
                let o = Outcome::Skip(not_called(&tg.url, &m));
                self.push("card.interface-url", d, Category::AgentCard, started, o);
                rest_skip(self, &why);
                false
            }
            Err(CallError::Other(msg)) if self.t.last_unanswered().is_some() => {
                // No answer within --timeout: a slow or hung agent, not a wrong URL. The
                // interface's tests still run, so the unanswered requests count in a row
                // towards --max-unanswered (the probe stops there, exit 2) and an agent that
                // was only slow once is still judged.
                // session 48: a timeout is no protocol finding (no rule sets a time for an
                // answer), yet nothing answered at the advertised url: the probe's own
                // failure, said so
                let o = Outcome::Fail(format!(
                    "advertised url {} did not answer: {msg} (a timeout, which no rule judges by itself); hint: a slow agent needs a longer --timeout",
                    tg.url
                ));
                self.push("card.interface-url", d, Category::AgentCard, started, o);
                self.skip(
                    "errors.unknown-task",
                    d,
                    Category::ErrorHandling,
                    "its request (shared with card.interface-url) got no answer",
                );
                self.interface_tests(tg, card).await;
                let label = Some(tg.dialect.label());
                self.results.iter().any(|r| {
                    r.test == "lifecycle.send"
                        && r.dialect.as_deref() == label
                        && r.binding.as_deref() == self.binding
                        && r.status == Status::Pass
                })
            }
            Err(CallError::Other(msg)) => {
                let o = Outcome::Fail(format!("advertised url {} did not answer: {msg}", tg.url));
                self.push("card.interface-url", d, Category::AgentCard, started, o);
                rest_skip(self, "interface unreachable");
                false
            }
            Ok(rpc) if matches!(rpc.resp.status, 401 | 403) => {
                let o = Outcome::Pass(format!(
                    "advertised url {} answered HTTP {} (credentials needed)",
                    tg.url, rpc.resp.status
                ));
                self.push("card.interface-url", d, Category::AgentCard, started, o);
                if self.locked.is_none() {
                    self.locked = Some(tg.clone());
                }
                rest_skip(
                    self,
                    if self.cfg.auth_headers.is_empty() {
                        "agent needs credentials: pass --bearer or --auth-header (interop: --bearer-a|b, --auth-header-a|b)"
                    } else {
                        "agent refused the given credentials (HTTP 401/403): check --bearer / --auth-header"
                    },
                );
                false
            }
            Ok(rpc) if rpc.result().is_none() && rpc.error_code().is_none() => {
                let o = match rpc.resp.no_answer() {
                    // the recording proxy's own 502/504 for a connection that never came up
                    // (refused, a host that does not resolve): the verifier's CARD-URL-002
                    // on this exchange ("never answers when used"; session 48)
                    Some(no) if rpc.resp.connect_failure.is_some() => verifier_reads(
                        Outcome::Fail(format!(
                            "advertised url {} could not be reached: {no}",
                            tg.url
                        )),
                        "CARD-URL-002",
                    ),
                    // reached, then closed or reset without an answer: the verifier's
                    // GW-RESP-006 on the exchange is only a warning (it cannot tell a crash
                    // from a front's cut), so the probe keeps its own failure (cli_ux33)
                    Some(no) => Outcome::Fail(format!(
                        "advertised url {} gave no answer: {no}",
                        tg.url
                    )),
                    // 404 / 405 / 501 without an A2A error: the url is no A2A endpoint, which
                    // the recording shows and the verifier's CARD-URL-002 judges on this
                    // exchange (session 46); another answer stays the probe's own. A gRPC
                    // call the address answers with no gRPC status (an HTTP server that is
                    // no gRPC one; a bare UNIMPLEMENTED: no A2A service there) is the probe's
                    // own too: the verifier judges no gRPC call without a grpc-status.
                    // grpc58: but an HTTP status that shows no gRPC service at the url (404,
                    // 405, a 501 page, 415 to application/grpc) is the verifier's
                    // CARD-URL-002 on this exchange, as over JSON-RPC
                    None if tg.binding == Binding::Grpc
                        && rpc.grpc.as_ref().is_none_or(|g| g.status.is_none())
                        && matches!(rpc.resp.status, 404 | 405 | 415 | 501) =>
                    {
                        verifier_reads(
                            Outcome::Fail(format!(
                                "advertised url {} answered {} to a gRPC call: no A2A gRPC service there",
                                tg.url,
                                rpc.describe()
                            )),
                            "CARD-URL-002",
                        )
                    }
                    None if tg.binding == Binding::Grpc => Outcome::Fail(format!(
                        "advertised url {} answered {} to a gRPC call: no A2A gRPC service there (CARD-005: the interface serves its binding at its url)",
                        tg.url,
                        rpc.describe()
                    )),
                    None if matches!(rpc.resp.status, 404 | 405 | 501) => verifier_reads(
                        Outcome::Fail(format!(
                            "advertised url {} answered {} to an A2A request",
                            tg.url,
                            rpc.describe()
                        )),
                        "CARD-URL-002",
                    ),
                    // a JSON-RPC url that answers a 2xx without a JSON-RPC response (an
                    // HTML page): the verifier's RPC-ENVELOPE-001 on this exchange (RPC-001,
                    // RPC-002; session 48); another answer (an HTTP+JSON route's page, a 5xx
                    // page) no rule names: the probe's own failure, said so
                    None if tg.binding == Binding::JsonRpc
                        && (200..300).contains(&rpc.resp.status) =>
                    {
                        verifier_reads(
                            Outcome::Fail(format!(
                                "advertised url {} answered {} to an A2A request",
                                tg.url,
                                rpc.describe()
                            )),
                            "RPC-ENVELOPE-001",
                        )
                    }
                    None => Outcome::Fail(format!(
                        "advertised url {} answered {} to an A2A request (no rule names this answer by itself; CARD-005: the interface serves its binding at its url)",
                        tg.url,
                        rpc.describe()
                    )),
                };
                self.push("card.interface-url", d, Category::AgentCard, started, o);
                rest_skip(self, "interface does not answer A2A");
                false
            }
            Ok(rpc) => {
                let b = binding_words(tg.binding);
                let o = Outcome::Pass(format!("advertised url {} answers {b}", tg.url));
                self.push("card.interface-url", d, Category::AgentCard, started, o);
                // The verdict is the verifier's (ID-TASK-007 on this marked exchange, merged
                // by `merge_findings`), so `verify` of the recording says the same: one code
                // path for active and passive (interop41). Only an answer the verifier
                // cannot see is judged here (the proxy's 502 for an agent that gave none).
                let o = match rpc.resp.no_answer() {
                    Some(no) => Outcome::Fail(format!("{no} (-32001 expected)")),
                    None => Outcome::Pass(format!("answered {}", rpc.describe())),
                };
                self.push(
                    "errors.unknown-task",
                    d,
                    Category::ErrorHandling,
                    started,
                    o,
                );
                self.interface_tests(tg, card).await;
                true
            }
        }
    }

    /// The tests of one interface after `card.interface-url`: lifecycle, streaming, errors,
    /// push, in that order.
    async fn interface_tests(&mut self, tg: &Target, card: &Value) {
        let streaming = card::streaming(card);
        let push = card::push_notifications(card);
        self.lifecycle_tests(tg).await;
        self.streaming_tests(tg, streaming).await;
        self.stream_follow_up_test(tg, streaming).await;
        self.resubscribe_test(tg, streaming).await;
        self.error_tests(tg).await;
        self.extension_required_test(tg).await;
        self.push_tests(tg, push).await;
        self.push_not_supported_test(tg, push).await;
    }

    /// `card.interface-url` of an interface whose binding and version an earlier one
    /// already has (CARD-005: every advertised interface serves A2A at its URL; breaker15b
    /// R9): one GetTask of a random id; an A2A answer or 401/403 passes, anything else
    /// fails naming the URL and the answer. Its other tests are not run twice.
    async fn extra_interface_test(&mut self, tg: &Target) {
        let d = Some(tg.dialect);
        let started = self.begin("card.interface-url", d);
        let b = binding_words(tg.binding);
        let also = format!("another {b} {} interface", tg.dialect.label());
        let mut params = json!({"id": uuid::Uuid::new_v4().to_string()});
        // a read of a random id, marked as in `dialect_tests` (ID-TASK-007)
        self.unknown_task_call = true;
        let sent = self
            .call_with(
                tg,
                tg.dialect.method(Op::Get),
                &mut params,
                true,
                tg.dialect.version_header(),
            )
            .await;
        self.unknown_task_call = false;
        let o = match sent {
            Err(e @ (CallError::NotSent(_) | CallError::Refused(_))) => {
                let (CallError::NotSent(m) | CallError::Refused(m) | CallError::Other(m)) = e;
                Outcome::Skip(format!("{also}: {}", not_called(&tg.url, &m)))
            }
            Err(CallError::Other(m)) => Outcome::Fail(format!(
                "{also}: advertised url {} did not answer: {m}",
                tg.url
            )),
            Ok(rpc) if matches!(rpc.resp.status, 401 | 403) => Outcome::Pass(format!(
                "{also}: advertised url {} answered HTTP {} (credentials needed)",
                tg.url, rpc.resp.status
            )),
            Ok(rpc) if rpc.result().is_none() && rpc.error_code().is_none() => {
                Outcome::Fail(match rpc.resp.no_answer() {
                    Some(no) => format!(
                        "{also}: advertised url {} could not be reached: {no}; a client that picks this interface fails",
                        tg.url
                    ),
                    None => format!(
                        "{also}: advertised url {} answered {} to an A2A request; a client that picks this interface fails",
                        tg.url,
                        rpc.describe()
                    ),
                })
            }
            Ok(_) => Outcome::Pass(format!("{also}: advertised url {} answers {b}", tg.url)),
        };
        self.push("card.interface-url", d, Category::AgentCard, started, o);
    }

    async fn lifecycle_tests(&mut self, tg: &Target) {
        let d = Some(tg.dialect);
        let lc = Category::Lifecycle;
        // lifecycle.send
        let started = self.begin("lifecycle.send", d);
        let mut task: Option<TaskRef> = None;
        let mut tried = Vec::new();
        let mut outcome: Option<Outcome> = None;
        // the text that made the task: the context continuation sends it again
        let mut task_text: Option<String> = None;
        for skill in self.basic_skills().into_iter().take(3) {
            let text = Self::text_of(&skill);
            let params = self.send_params(tg, &text, true, None);
            let rpc = match self.call(tg, tg.dialect.method(Op::Send), params).await {
                Ok(r) => r,
                Err(e) => {
                    outcome = Some(e.outcome("send failed"));
                    break;
                }
            };
            tried.push(skill.id.clone());
            let Some(result) = rpc.result() else {
                // session 48: an A2A error refuses the message, which no rule forbids (an
                // agent may refuse or reject any message, TASK-008; ID-TASK-005 and
                // RPC-ERROR-* on the exchange are the verifier's and take the test over);
                // the run then judges no task lifecycle (at most partial). An answer that
                // is no A2A one stays the probe's own failure.
                outcome = Some(if rpc.error_code().is_some() {
                    expectation(format!(
                        "send with skill {} example was refused: {} (no rule makes an agent accept a message; no task lifecycle was judged)",
                        skill.id,
                        rpc.describe()
                    ))
                } else {
                    Outcome::Fail(format!(
                        "send with skill {} example got {}",
                        skill.id,
                        rpc.describe()
                    ))
                });
                break;
            };
            match tg.wire().send_reply(result) {
                Reply::Task(t) => {
                    match TaskRef::from_task(&t) {
                        Some(tr) => {
                            outcome = Some(Outcome::Pass(format!(
                                "task {} in context {} is {} (skill {})",
                                tr.id,
                                tr.context_id,
                                tr.state_str(),
                                skill.id
                            )));
                            task = Some(tr);
                            task_text = Some(text.clone());
                        }
                        // the recording shows the Task: DATA-SHAPE-001 (DATA-005: a Task
                        // has its id; 0.x its contextId too); a 1.0 Task without contextId
                        // is ID-002's (the agent MUST return the context it mints), which
                        // no rule judges: an expectation (session 48)
                        None => outcome = Some(task_without_ids(&t, tg.wire(), "send")),
                    }
                    break;
                }
                Reply::Message(_) => continue,
                // RPC-004 / DATA-005: the verifier's DATA-SHAPE-001 on the send (session 48)
                Reply::Other => {
                    outcome = Some(verifier_reads(
                        Outcome::Fail("send result is neither a task nor a message".into()),
                        "DATA-SHAPE-001",
                    ));
                    break;
                }
            }
        }
        let outcome = outcome.unwrap_or_else(|| {
            if tried.is_empty() {
                Outcome::Fail(match &self.cfg.skill {
                    Some(s) => format!("card has no skill {s}"),
                    None => "card has no skill to take a message text from".into(),
                })
            } else {
                Outcome::Pass(format!(
                    "agent replied with messages only (skills {})",
                    tried.join(", ")
                ))
            }
        });
        self.push("lifecycle.send", d, lc, started, outcome);
        if let Some(t) = &task {
            self.created.push((tg.url.clone(), tg.dialect, t.clone()));
        }

        let Some(task) = task else {
            let why = "send did not create a task";
            for name in [
                "lifecycle.get-task",
                "lifecycle.poll-terminal",
                "lifecycle.history-length",
            ] {
                self.skip(name, d, lc, why);
            }
            self.skip("errors.cancel-completed", d, Category::ErrorHandling, why);
            self.skip(
                "errors.message-to-terminal",
                d,
                Category::ErrorHandling,
                why,
            );
            self.skip("errors.subscribe-terminal", d, Category::ErrorHandling, why);
            self.cancel_test(tg).await;
            self.input_test(tg).await;
            self.context_test(tg, None, None, None).await;
            self.list_tasks_test(tg, None, None).await;
            return;
        };

        // lifecycle.get-task
        let started = self.begin("lifecycle.get-task", d);
        let o = match self.get_task(tg, &task.id, None).await {
            Ok(t) if TaskRef::from_task(&t).is_none() => task_without_ids(&t, tg.wire(), "get"),
            Ok(t) => match TaskRef::from_task(&t) {
                Some(got) if got.id == task.id && got.context_id == task.context_id => {
                    Outcome::Pass(format!("task {} is {}", got.id, got.state_str()))
                }
                // another task than the one named (ID-TASK-003), or the task in another
                // context than its send gave (ID-CTX-002): the recording shows both calls,
                // and the verifier's finding on the GetTask decides (session 46)
                Some(got) => verifier_reads(
                    Outcome::Fail(format!(
                        "get of task {} in context {} returned task {} in context {}",
                        task.id, task.context_id, got.id, got.context_id
                    )),
                    if got.id != task.id {
                        "ID-TASK-003"
                    } else {
                        "ID-CTX-002"
                    },
                ),
                None => Outcome::Fail("get returned a task without id or contextId".into()),
            },
            // session 48: TaskNotFoundError for the task the agent handed out is the
            // verifier's ID-TASK-001 on this GetTask; another A2A error is a refusal no
            // rule names (the verifier's RPC-ERROR-* on the exchange take it over)
            Err(CallError::Other(m)) if m.contains(" got error ") => {
                if m.contains("got error -32001") || m.contains("TASK_NOT_FOUND") {
                    verifier_reads(Outcome::Fail(format!("get failed: {m}")), "ID-TASK-001")
                } else {
                    expectation(format!(
                        "get failed: {m} (no rule names the error an agent may answer a read of its own task with, beyond the verifier's on this exchange)"
                    ))
                }
            }
            Err(e) => e.outcome("get failed"),
        };
        self.push("lifecycle.get-task", d, lc, started, o);

        // lifecycle.poll-terminal
        let started = self.begin("lifecycle.poll-terminal", d);
        let (o, settled) = match self.poll_settled(tg, &task).await {
            Ok((t, polls)) => (
                Outcome::Pass(format!(
                    "task {} reached {} after {polls} polls",
                    t.id,
                    t.state_str()
                )),
                Some(t),
            ),
            Err(e) => (e.outcome("polling failed"), None),
        };
        self.push("lifecycle.poll-terminal", d, lc, started, o);

        // lifecycle.history-length (DATA-006)
        let started = self.begin("lifecycle.history-length", d);
        let o = self.history_test(tg, &task).await;
        self.push("lifecycle.history-length", d, lc, started, o);

        // a task the poll did not see end (stuck working, or a broken GetTask): the cancel
        // target when no skill looks long-running (breaker15b R8)
        let unsettled = match &settled {
            None => Some(task.clone()).filter(|t| !t.state.is_some_and(TaskState::is_terminal)),
            Some(_) => None,
        };
        let settled_state = settled.as_ref().and_then(|t| t.state);
        let terminal = settled.filter(|t| t.state.is_some_and(TaskState::is_terminal));
        self.terminal_tests(tg, terminal.as_ref()).await;
        self.cancel_test_with(tg, unsettled.as_ref()).await;
        self.input_test(tg).await;
        // ID-008, then DATA-007 over both tasks of that context
        let next = self
            .context_test(tg, Some(&task), settled_state, task_text.as_deref())
            .await;
        self.list_tasks_test(tg, Some(&task), next.as_ref()).await;
    }

    async fn get_task(
        &self,
        tg: &Target,
        id: &str,
        history: Option<u32>,
    ) -> Result<Value, CallError> {
        let mut p = json!({"id": id});
        if let Some(h) = history {
            p["historyLength"] = json!(h);
        }
        let rpc = self.call(tg, tg.dialect.method(Op::Get), p).await?;
        match rpc.result() {
            Some(t) if t.is_object() => Ok(t.clone()),
            _ => Err(CallError::Other(format!(
                "get of task {id} got {}",
                rpc.describe()
            ))),
        }
    }

    /// Polls GetTask with backoff until the task is terminal or interrupted.
    async fn poll_settled(&self, tg: &Target, task: &TaskRef) -> Result<(TaskRef, u32), PollError> {
        let settled =
            |s: Option<TaskState>| s.is_some_and(|s| s.is_terminal() || s.is_interrupted());
        if settled(task.state) {
            return Ok((task.clone(), 0));
        }
        let deadline = Instant::now() + self.cfg.timeout;
        let mut polls = 0;
        loop {
            tokio::time::sleep(backoff(polls)).await;
            polls += 1;
            let t = self.get_task(tg, &task.id, None).await?;
            let Some(now) = TaskRef::from_task(&t) else {
                return Err(
                    CallError::Other("get returned a task without id or contextId".into()).into(),
                );
            };
            if now.context_id != task.context_id {
                return Err(CallError::Other(format!(
                    "task {} changed context from {} to {}",
                    task.id, task.context_id, now.context_id
                ))
                .into());
            }
            if settled(now.state) {
                return Ok((now, polls));
            }
            if Instant::now() >= deadline {
                return Err(PollError::Unsettled(format!(
                    "task {} still {} after {} ms",
                    task.id,
                    now.state_str(),
                    self.cfg.timeout.as_millis()
                )));
            }
        }
    }

    async fn history_test(&self, tg: &Target, task: &TaskRef) -> Outcome {
        // 0.3: historyLength 0 is ambiguous (trap 7), so only 1.0 checks it
        let lengths: &[u32] = match tg.dialect {
            Dialect::V1_0 => &[0, 1],
            Dialect::V0_3 => &[1],
        };
        let mut seen = Vec::new();
        for &n in lengths {
            let t = match self.get_task(tg, &task.id, Some(n)).await {
                Ok(t) => t,
                Err(e) => return e.outcome(&format!("get with historyLength {n} failed")),
            };
            let len = t
                .get("history")
                .and_then(Value::as_array)
                .map_or(0, Vec::len);
            if len > n as usize {
                // the recording shows the asked length and the history: the verifier's
                // DATA-HISTORY-001 (1.0, an error) or DATA-HISTORY-002 (0.x, a warning that
                // fails no test) judges it (session 45)
                return verifier_reads(
                    Outcome::Fail(format!("historyLength {n} returned {len} history messages")),
                    "DATA-HISTORY-001 and, on 0.x, DATA-HISTORY-002",
                );
            }
            seen.push(format!("{n} -> {len}"));
        }
        Outcome::Pass(format!("historyLength honoured ({})", seen.join(", ")))
    }

    /// `errors.cancel-completed`, `errors.message-to-terminal` and
    /// `errors.subscribe-terminal` on a terminal task; each answer is the verifier's to judge
    /// ([`verifier_judges`]: TASK-STATE-003 / -002 / -006 for a success, RPC-ERROR-001 or the
    /// HTTP+JSON error rules for a wrong code).
    async fn terminal_tests(&mut self, tg: &Target, terminal: Option<&TaskRef>) {
        let d = Some(tg.dialect);
        let eh = Category::ErrorHandling;
        let Some(task) = terminal else {
            let why = "no terminal task to work with";
            self.skip("errors.cancel-completed", d, eh, why);
            self.skip("errors.message-to-terminal", d, eh, why);
            self.skip("errors.subscribe-terminal", d, eh, why);
            return;
        };
        let started = self.begin("errors.cancel-completed", d);
        let o = match self
            .call(tg, tg.dialect.method(Op::Cancel), json!({"id": task.id}))
            .await
        {
            Ok(rpc) => verifier_judges(
                &rpc,
                &format!("cancel of {} task {}", task.state_str(), task.id),
                -32002,
                "TaskNotCancelableError",
            ),
            Err(e) => e.outcome("cancel failed"),
        };
        self.push("errors.cancel-completed", d, eh, started, o);

        let started = self.begin("errors.message-to-terminal", d);
        let text = self.basic_text();
        let params = self.send_params(tg, &text, true, Some(task));
        let o = match self.call(tg, tg.dialect.method(Op::Send), params).await {
            // 1.0: -32004 UnsupportedOperationError; 0.x: "an error", code unspecified
            // (TASK-002): the verifier's reading of each (TASK-STATE-002, RPC-ERROR-001)
            Ok(rpc) => verifier_judges(
                &rpc,
                &format!("message to {} task {}", task.state_str(), task.id),
                -32004,
                match tg.dialect {
                    Dialect::V1_0 => "UnsupportedOperationError",
                    Dialect::V0_3 => "UnsupportedOperationError, or any error in 0.x",
                },
            ),
            Err(e) => e.outcome("send failed"),
        };
        self.push("errors.message-to-terminal", d, eh, started, o);

        // TASK-004: SubscribeToTask on a terminal task → UnsupportedOperationError (1.0;
        // 0.3 returns the task, trap 6)
        let started = self.begin("errors.subscribe-terminal", d);
        if tg.dialect != Dialect::V1_0 {
            let why = "0.3 names no error for a resubscribe to a finished task (its gRPC spec returns the task and closes the stream; 1.0 answers UnsupportedOperationError, TASK-004)";
            self.skip("errors.subscribe-terminal", d, eh, why);
            return;
        }
        if tg.binding == Binding::HttpJson {
            let o = self.rest_subscribe_terminal(tg, task).await;
            self.push("errors.subscribe-terminal", d, eh, started, o);
            return;
        }
        if tg.binding == Binding::Grpc {
            // the stream's first message or its A2A error (grpc.rs), the verifier's to
            // judge (TASK-STATE-006 for a stream served, GRPC-ERROR-* for a wrong status)
            let (_, sent) = self
                .open_stream(tg, Op::Subscribe, json!({"id": task.id}))
                .await;
            let o = match sent {
                Ok(rpc) => verifier_judges(
                    &rpc,
                    &format!("subscribe to {} task {}", task.state_str(), task.id),
                    -32004,
                    "UnsupportedOperationError",
                ),
                Err(e) => e.outcome("subscribe failed"),
            };
            self.push("errors.subscribe-terminal", d, eh, started, o);
            return;
        }
        let body = json!({"jsonrpc": "2.0", "id": uuid::Uuid::new_v4().to_string(),
            "method": "SubscribeToTask", "params": {"id": task.id}});
        let o = match self
            .post_raw(
                tg,
                Bytes::from(body.to_string()),
                true,
                tg.dialect.version_header(),
            )
            .await
        {
            Ok(mut rpc) => {
                // a streaming method may answer with a plain JSON-RPC error or an SSE event
                if rpc.json.is_none() && rpc.resp.content_type() == "text/event-stream" {
                    rpc.json = crate::model::sse::event_data(&rpc.resp.body)
                        .first()
                        .and_then(|d| serde_json::from_str::<Value>(d).ok())
                        .filter(Value::is_object);
                }
                verifier_judges(
                    &rpc,
                    &format!("subscribe to {} task {}", task.state_str(), task.id),
                    -32004,
                    "UnsupportedOperationError",
                )
            }
            Err(e) => e.outcome("subscribe failed"),
        };
        self.push("errors.subscribe-terminal", d, eh, started, o);
    }

    /// `errors.subscribe-terminal` on the 1.0 HTTP+JSON binding (TASK-004): the prose verb
    /// POST `/tasks/{id}:subscribe`, and where that route answers 405, or 404 with no A2A
    /// error body (no route for that verb), the proto's GET (trap 1: the verb is disputed,
    /// an agent serves either). The answer is the verifier's to judge, as on JSON-RPC
    /// (TASK-STATE-006 for a stream opened, REST-ERROR-* for a wrong error). Before
    /// breaker43 the test was skipped on HTTP+JSON, so a stream opened on a completed task
    /// (`misbehave43.py --mode rest-subscribe-terminal-ok`) was told by `verify` behind a
    /// proxy and never by `probe`.
    async fn rest_subscribe_terminal(&self, tg: &Target, task: &TaskRef) -> Outcome {
        let url = rest_url(tg, &format!("/tasks/{}:subscribe", enc(&task.id)), None);
        let v = tg.dialect.version_header();
        let mut sent = self
            .rest_send(
                url.clone(),
                Method::POST,
                Some(Bytes::from_static(b"{}")),
                true,
                v,
            )
            .await;
        let no_route = |r: &Rpc| {
            r.resp.no_answer().is_none()
                && (r.resp.status == 405 || (r.resp.status == 404 && r.json.is_none()))
        };
        if matches!(&sent, Ok(r) if no_route(r)) {
            sent = self.rest_send(url, Method::GET, None, true, v).await;
        }
        match sent {
            Ok(mut rpc) => {
                // a stream opened: its first event stands for the answer (a result)
                if (200..300).contains(&rpc.resp.status)
                    && rpc.resp.content_type() == "text/event-stream"
                {
                    rpc.json = crate::model::sse::event_data(&rpc.resp.body)
                        .first()
                        .and_then(|d| serde_json::from_str::<Value>(d).ok())
                        .filter(Value::is_object)
                        .map(|e| json!({"jsonrpc": "2.0", "result": e}));
                }
                if no_route(&rpc) {
                    return Outcome::Skip(format!(
                        "/tasks/{{id}}:subscribe answered HTTP {} to POST and GET: the agent serves no subscribe route",
                        rpc.resp.status
                    ));
                }
                verifier_judges(
                    &rpc,
                    &format!("subscribe to {} task {}", task.state_str(), task.id),
                    -32004,
                    "UnsupportedOperationError, HTTP 400 UNSUPPORTED_OPERATION",
                )
            }
            Err(e) => e.outcome("subscribe failed"),
        }
    }

    /// `lifecycle.cancel`: a long-running task, sent without waiting, then CancelTask
    /// (TASK-003).
    async fn cancel_test(&mut self, tg: &Target) {
        self.cancel_test_with(tg, None).await;
    }

    /// `lifecycle.cancel` (TASK-003: cancel of a non-terminal task returns it, then
    /// canceled): on a fresh task of a skill that looks long-running, else on `unsettled`,
    /// a task the lifecycle run saw stay non-terminal (breaker15b R8), else skipped.
    async fn cancel_test_with(&mut self, tg: &Target, unsettled: Option<&TaskRef>) {
        let d = Some(tg.dialect);
        let started = self.begin("lifecycle.cancel", d);
        let o = match (self.skill_for(&["cancel", "slow", "long"]), unsettled) {
            (Some(skill), _) => self.cancel_outcome(tg, &skill).await,
            (None, Some(task)) => {
                let how = format!(
                    "the lifecycle task, still {} when polling stopped",
                    task.state_str()
                );
                self.cancel_task_outcome(tg, task, &how).await
            }
            (None, None) => {
                self.skip(
                    "lifecycle.cancel",
                    d,
                    Category::Lifecycle,
                    "no skill looks long-running (cancel, slow, long) and no task stayed non-terminal",
                );
                return;
            }
        };
        self.push("lifecycle.cancel", d, Category::Lifecycle, started, o);
    }

    async fn cancel_outcome(&self, tg: &Target, skill: &Skill) -> Outcome {
        match self.start_running_task(tg, skill, "canceled").await {
            Ok(task) => {
                self.cancel_task_outcome(tg, &task, &format!("skill {}", skill.id))
                    .await
            }
            Err(o) => o,
        }
    }

    /// Sends `text` (a blocking send when `wait`) and reads the answer as a Task: `None` when
    /// the agent answered something else.
    ///
    /// # Errors
    /// The send failed (its [`CallError::outcome`], `send failed`), or the Task has no `id`
    /// or `contextId` (`bad_task` of the message; ID-001/ID-002).
    async fn send_for_task(
        &self,
        tg: &Target,
        text: &str,
        wait: bool,
        bad_task: fn(String) -> Outcome,
    ) -> Result<Option<TaskRef>, Outcome> {
        let params = self.send_params(tg, text, wait, None);
        let rpc = self
            .call(tg, tg.dialect.method(Op::Send), params)
            .await
            .map_err(|e| e.outcome("send failed"))?;
        let Some(Reply::Task(t)) = rpc.result().map(|r| tg.wire().send_reply(r)) else {
            return Ok(None);
        };
        TaskRef::from_task(&t)
            .map(Some)
            .ok_or_else(|| bad_task("send returned a task without id or contextId".into()))
    }

    /// Sends `skill`'s example text and returns the Task it answers with, still running
    /// (TASK-001); `to_be` names what the caller will do to it (`canceled`, `subscribed
    /// to`), for the skip message.
    ///
    /// # Errors
    /// The test's outcome when there is no running task to use: the send failed (its
    /// [`CallError::outcome`]), the answer was no Task (skip), a Task without `id` or
    /// `contextId` (fail, ID-001/ID-002), a Task already terminal (skip).
    pub(super) async fn start_running_task(
        &self,
        tg: &Target,
        skill: &Skill,
        to_be: &str,
    ) -> Result<TaskRef, Outcome> {
        let text = Self::text_of(skill);
        let Some(task) = self.send_for_task(tg, &text, false, Outcome::Fail).await? else {
            return Err(Outcome::Skip(format!(
                "skill {} did not reply with a task",
                skill.id
            )));
        };
        if task.state.is_some_and(TaskState::is_terminal) {
            return Err(Outcome::Skip(format!(
                "task {} of skill {} was already {} before it could be {to_be}",
                task.id,
                skill.id,
                task.state_str()
            )));
        }
        Ok(task)
    }

    /// Cancels the non-terminal `task` and follows it to canceled; `how` says where the
    /// task came from (`skill cancel`), for the messages.
    async fn cancel_task_outcome(&self, tg: &Target, task: &TaskRef, how: &str) -> Outcome {
        let method = tg.dialect.method(Op::Cancel);
        let rpc = match self.call(tg, method, json!({"id": task.id})).await {
            Ok(r) => r,
            Err(e) => {
                return e.outcome(&format!(
                    "{method} of {} task {} ({how}) got no answer",
                    task.state_str(),
                    task.id
                ))
            }
        };
        let Some(result) = rpc.result() else {
            // which tasks can be canceled is the agent's to say (TASK-003: a task it cannot
            // cancel gets TaskNotCancelableError); a wrong code or envelope is the
            // verifier's (RPC-ERROR-*, RPC-ENVELOPE-*) on this exchange (session 47)
            return expectation(format!(
                "cancel of {} task {} ({how}) got {} (TASK-003: the agent decides which tasks it can cancel)",
                task.state_str(),
                task.id,
                rpc.describe()
            ));
        };
        let mut state = task_state(result);
        // the reply may still say working; the cancel then completes asynchronously
        if state != Some(TaskState::Canceled) {
            let now = TaskRef {
                state,
                ..task.clone()
            };
            match self.poll_settled(tg, &now).await {
                Ok((t, _)) => state = t.state,
                // a cancel answered with success whose task never reaches canceled is the
                // verifier's TASK-STATE-004 (a warning; TASK-003) (session 47)
                Err(PollError::Unsettled(m)) => {
                    return verifier_reads(
                        Outcome::Fail(format!(
                            "cancel of task {} ({how}) answered with success, but {m}",
                            task.id
                        )),
                        "TASK-STATE-004",
                    )
                }
                Err(e) => return e.outcome("polling after cancel failed"),
            }
        }
        if state == Some(TaskState::Canceled) {
            Outcome::Pass(format!("task {} canceled ({how})", task.id))
        } else {
            // a cancel answered with success and the task then in another state: the
            // verifier's TASK-STATE-004 (a warning) or, for a task still waiting for its
            // client, TASK-STATE-012 (TASK-003) (session 47)
            verifier_reads(
                Outcome::Fail(format!(
                    "task {} is {} after a cancel answered with success, expected canceled",
                    task.id,
                    state.map(TaskState::as_str).unwrap_or("without state")
                )),
                "TASK-STATE-004 and TASK-STATE-012",
            )
        }
    }

    /// `lifecycle.input-required`: only when the agent goes to input-required (TASK-007).
    async fn input_test(&mut self, tg: &Target) {
        let d = Some(tg.dialect);
        let started = self.begin("lifecycle.input-required", d);
        let Some(skill) = self.skill_for(&["input"]) else {
            self.skip(
                "lifecycle.input-required",
                d,
                Category::Lifecycle,
                "no skill asks for input",
            );
            return;
        };
        let o = self.input_outcome(tg, &skill).await;
        self.push(
            "lifecycle.input-required",
            d,
            Category::Lifecycle,
            started,
            o,
        );
    }

    /// Sends `text` to `skill` and polls the task it answers until it settles: the task when
    /// it waits in input-required (TASK-007), else the test's outcome (a skip when the agent
    /// did not ask for input or answered no task; `bad_task` when the task has no id or
    /// contextId). Shared by `lifecycle.input-required` and `streaming.follow-up`.
    async fn task_awaiting_input(
        &self,
        tg: &Target,
        skill: &Skill,
        text: &str,
        bad_task: fn(String) -> Outcome,
    ) -> Result<TaskRef, Outcome> {
        let Some(task) = self.send_for_task(tg, text, true, bad_task).await? else {
            return Err(Outcome::Skip(format!(
                "skill {} did not reply with a task",
                skill.id
            )));
        };
        let task = match self.poll_settled(tg, &task).await {
            Ok((t, _)) => t,
            Err(e) => return Err(e.outcome("polling failed")),
        };
        if task.state != Some(TaskState::InputRequired) {
            return Err(Outcome::Skip(format!(
                "agent did not ask for input (task {} is {})",
                task.id,
                task.state_str()
            )));
        }
        Ok(task)
    }

    async fn input_outcome(&self, tg: &Target, skill: &Skill) -> Outcome {
        let text = Self::text_of(skill);
        let task = match self
            .task_awaiting_input(tg, skill, &text, Outcome::Fail)
            .await
        {
            Ok(t) => t,
            Err(o) => return o,
        };
        let params = self.send_params(tg, &text, true, Some(&task));
        let rpc = match self.call(tg, tg.dialect.method(Op::Send), params).await {
            Ok(r) => r,
            Err(e) => return e.outcome("follow-up failed"),
        };
        let Some(result) = rpc.result() else {
            // TASK-007: an agent MAY take follow-ups; refusing one with
            // UnsupportedOperationError, the terminal task's answer, is the verifier's
            // TASK-STATE-015 (a warning) (session 47)
            return expectation(format!(
                "follow-up to input-required task {} got {} (TASK-007: an agent may accept follow-up messages)",
                task.id,
                rpc.describe()
            ));
        };
        match tg.wire().send_reply(result) {
            Reply::Task(t) => {
                let Some(now) = TaskRef::from_task(&t) else {
                    return Outcome::Fail(
                        "follow-up returned a task without id or contextId".into(),
                    );
                };
                if now.id != task.id || now.context_id != task.context_id {
                    return Outcome::Fail(format!(
                        "follow-up to task {} returned task {} in context {}",
                        task.id, now.id, now.context_id
                    ));
                }
                if now.state == Some(TaskState::InputRequired) {
                    // may be asking again: the skill's dialogue, no rule (session 47)
                    return expectation(format!(
                        "task {} still input-required after the follow-up (the agent may ask again: no rule)",
                        task.id
                    ));
                }
                Outcome::Pass(format!(
                    "follow-up resumed task {}: {}",
                    task.id,
                    now.state_str()
                ))
            }
            Reply::Message(m) => {
                let tid = m.get("taskId").and_then(Value::as_str);
                if tid == Some(task.id.as_str()) {
                    Outcome::Pass(format!(
                        "follow-up on task {} answered with a message",
                        task.id
                    ))
                } else {
                    Outcome::Fail(format!(
                        "follow-up to task {} answered with a message of task {}",
                        task.id,
                        tid.unwrap_or("(none)")
                    ))
                }
            }
            Reply::Other => {
                Outcome::Fail("follow-up result is neither a task nor a message".into())
            }
        }
    }

    /// `streaming.follow-up` (STREAM-003, ID-003; breaker17b V14): a task the `input` skill
    /// leaves input-required is resumed with a *streaming* follow-up
    /// (`SendStreamingMessage` / `message/stream` naming its taskId and contextId), as SDK
    /// clients do; the stream must be 200 `text/event-stream`, start with the Task (or a
    /// Message), carry that task's ids, and end at a terminal or interrupted state
    /// ([`stream_checks_as_read`]). `lifecycle.input-required` resumes with a blocking send,
    /// which an agent may serve while refusing every streaming follow-up.
    async fn stream_follow_up_test(&mut self, tg: &Target, declared: bool) {
        const TEST: &str = "streaming.follow-up";
        let d = Some(tg.dialect);
        let sc = Category::Streaming;
        if !declared {
            self.skip(TEST, d, sc, "card does not declare capabilities.streaming");
            return;
        }
        let Some(skill) = self.skill_for(&["input"]) else {
            self.skip(TEST, d, sc, "no skill asks for input");
            return;
        };
        let started = self.begin(TEST, d);
        let o = self.stream_follow_up_outcome(tg, &skill).await;
        self.push(TEST, d, sc, started, o);
    }

    async fn stream_follow_up_outcome(&self, tg: &Target, skill: &Skill) -> Outcome {
        let text = Self::text_of(skill);
        let task = match self
            .task_awaiting_input(tg, skill, &text, Outcome::Skip)
            .await
        {
            Ok(t) => t,
            Err(o) => return o,
        };
        let params = self.send_params(tg, &text, true, Some(&task));
        let (_, sent) = self.send_stream(tg, params).await;
        let what = format!(
            "streaming follow-up ({}) to input-required task {}",
            tg.op_name(Op::Stream),
            task.id
        );
        let rpc = match sent {
            Ok(r) => r,
            Err(e) => return e.outcome(&what),
        };
        if let Some(why) = stream_refused(&rpc) {
            return Outcome::Skip(format!("{what}: {why}"));
        }
        let StreamRead {
            items,
            results,
            error,
        } = match read_stream(tg, &rpc) {
            Ok(x) => x,
            Err(no) => return no.outcome(&what),
        };
        // The stream opens with the resumed Task as it stands, still input-required
        // (STREAM-003): `resumed` says that first event does not end the stream's cycle
        // (TASK-007); the events after it must reach the task's next terminal or
        // interrupted state. What the recording shows of the stream is the verifier's to
        // judge ([`stream_checks_verified`]); the resumed task's id is the probe's own.
        let checks = stream_checks_verified(
            stream_checks_as_read(tg.dialect, &items, &results, &rpc.resp, Resumed::Yes),
            &rpc.resp,
            tg.dialect,
        );
        let mut fails: Vec<String> = checks
            .iter()
            .filter_map(|o| match o {
                Outcome::Fail(m) => Some(m.clone()),
                _ => None,
            })
            .collect();
        let mut first_wrong = matches!(checks[0], Outcome::Fail(_));
        match items.first() {
            Some(StreamItem::Task { id: Some(id), .. }) if id != &task.id => {
                fails.push(format!("the stream's Task is {id}, not the resumed task"));
                first_wrong = true;
            }
            // a 0.3 stream may open with an update (`stream_first_event_rule`): of the
            // resumed task
            Some(StreamItem::Status {
                task_id: Some(id), ..
            })
            | Some(StreamItem::Artifact {
                task_id: Some(id), ..
            }) if id != &task.id => {
                fails.push(format!(
                    "the stream's first event updates task {id}, not the resumed task"
                ));
            }
            _ => {}
        }
        if !fails.is_empty() {
            return Outcome::Fail(format!(
                "{what}: {}{}",
                fails.join("; "),
                if first_wrong {
                    " (STREAM-003: a message stream starts with the Task it works on, also when it resumes one)"
                } else {
                    ""
                }
            ));
        }
        let end = match &checks[2] {
            Outcome::Pass(m) | Outcome::Skip(m) => m.clone(),
            Outcome::Fail(_) => String::new(),
        };
        // a 0.3 stream that opened with an update passes on the verifier's verdict: say so;
        // so does what else the verifier judges (a check read as failing)
        let opened = match (&checks[0], items.first()) {
            (
                Outcome::Pass(m),
                Some(StreamItem::Status { .. }) | Some(StreamItem::Artifact { .. }),
            ) => format!("{m}; "),
            _ => String::new(),
        };
        let read: Vec<&str> = [&checks[0], &checks[1], &checks[3]]
            .into_iter()
            .skip(usize::from(!opened.is_empty()))
            .filter_map(|o| match o {
                Outcome::Pass(m) if m.contains("(the verifier's ") => Some(m.as_str()),
                _ => None,
            })
            .collect();
        let read = if read.is_empty() {
            String::new()
        } else {
            format!("; {}", read.join("; "))
        };
        let error = error
            .map(|e| format!("; the stream carried {e}"))
            .unwrap_or_default();
        Outcome::Pass(format!(
            "{what}: {} events; {opened}{end}{read}{error}",
            items.len()
        ))
    }

    /// Opens a message stream on `tg` with `params` (SendMessage params in `tg`'s wire
    /// shape, [`Runner::send_params`]), as `streaming.*` and `streaming.follow-up` do:
    /// JSON-RPC `SendStreamingMessage` / `message/stream` (RPC-005) with the interface's
    /// `tenant` in the params (CARD-008), or HTTP+JSON `POST …/message:stream` (REST-002;
    /// the tenant in the path, [`rest_url`]). Returns the JSON-RPC request id (a fresh UUID
    /// that every event's envelope must echo; unused over HTTP+JSON) and the answer, whose
    /// body holds every event read before the stream closed or the timeout.
    async fn send_stream(&self, tg: &Target, params: Value) -> (String, Result<Rpc, CallError>) {
        self.open_stream(tg, Op::Stream, params).await
    }

    /// [`Runner::send_stream`] for any streaming `op` (`Op::Stream`, `Op::Subscribe`).
    async fn open_stream(
        &self,
        tg: &Target,
        op: Op,
        mut params: Value,
    ) -> (String, Result<Rpc, CallError>) {
        let id = uuid::Uuid::new_v4().to_string();
        if tg.binding == Binding::Grpc {
            let sent = self
                .grpc_call(tg, Some(op), &params, true, tg.dialect.version_header())
                .await;
            return (id, sent);
        }
        if tg.binding == Binding::HttpJson {
            let sent = self
                .rest_call(tg, Some(op), &params, true, tg.dialect.version_header())
                .await;
            return (id, sent);
        }
        if let (Some(tenant), Some(obj)) = (&tg.tenant, params.as_object_mut()) {
            obj.insert("tenant".into(), json!(tenant)); // CARD-008
        }
        let body =
            json!({"jsonrpc": "2.0", "id": id, "method": tg.dialect.method(op), "params": params});
        let sent = self
            .post_raw(
                tg,
                Bytes::from(body.to_string()),
                true,
                tg.dialect.version_header(),
            )
            .await;
        (id, sent)
    }

    async fn streaming_tests(&mut self, tg: &Target, declared: bool) {
        let d = Some(tg.dialect);
        let sc = Category::Streaming;
        if !declared {
            for name in STREAM_TESTS {
                self.skip(name, d, sc, "card does not declare capabilities.streaming");
            }
            return;
        }
        let started = self.begin("streaming.content-type", d);
        let skill = self
            .skill_for(&["stream", "slow"])
            .or_else(|| self.basic_skills().into_iter().next());
        let text = skill
            .as_ref()
            .map(Self::text_of)
            .unwrap_or_else(|| "hello".into());
        let params = self.send_params(tg, &text, true, None);
        let (id, sent) = self.send_stream(tg, params).await;
        let rpc = match sent {
            Ok(r) => r,
            Err(e) => {
                let o = e.outcome("stream request failed");
                self.push("streaming.content-type", d, sc, started, o);
                for name in &STREAM_TESTS[1..] {
                    self.skip(name, d, sc, "no stream");
                }
                return;
            }
        };
        if let Some(why) = stream_refused(&rpc) {
            self.push("streaming.content-type", d, sc, started, Outcome::Skip(why));
            for name in &STREAM_TESTS[1..] {
                self.skip(name, d, sc, "no stream");
            }
            return;
        }
        if let Some(p) = not_a_stream(&rpc) {
            // a success served under another content type is the verifier's
            // STREAM-HTTP-001; an error or another status stays the probe's own verdict
            let no = NoStream {
                verified: success_not_sse(&rpc),
                text: format!("answered {p}"),
            };
            let o = no.outcome("stream");
            self.push("streaming.content-type", d, sc, started, o);
            for name in &STREAM_TESTS[1..] {
                self.skip(name, d, sc, "no stream");
            }
            return;
        }
        let opened = if rpc.grpc.is_some() {
            "HTTP 200 application/grpc, a stream of messages"
        } else {
            "HTTP 200 text/event-stream"
        };
        self.push(
            "streaming.content-type",
            d,
            sc,
            started,
            Outcome::Pass(opened.into()),
        );
        // An event whose data is empty (a bare `data:` line) is SSE-FRAME-004's, a
        // warning: SSE parsers dispatch it as a message with data "", which no A2A client
        // reads as an event, so it is no envelope fault here either and the probe and
        // `verify` of its recording agree (interop42).
        // gRPC: each decoded message is one event; one that did not decode is no
        // StreamResponse (the verifier's GRPC-FRAME-001)
        let datas: Vec<String> = match &rpc.grpc {
            Some(a) => a
                .messages
                .iter()
                .map(Value::to_string)
                .chain(a.unreadable.iter().map(|e| format!("undecodable: {e}")))
                .collect(),
            None => crate::model::sse::event_data(&rpc.resp.body)
                .into_iter()
                .filter(|d| !d.trim().is_empty())
                .collect(),
        };
        let mut bad_envelope = Vec::new();
        let mut items = Vec::new();
        let mut results: Vec<Value> = Vec::new();
        // the first JSON-RPC error response the stream carried: "error -32603 ... at event 2"
        let mut error_event: Option<String> = rpc
            .grpc
            .as_ref()
            .filter(|a| a.status.is_some_and(|s| s != 0))
            .map(|a| format!("{} at event {}", a.status_words(), a.messages.len()));
        let rest = tg.binding != Binding::JsonRpc;
        let each = if rpc.grpc.is_some() {
            "messages, each a StreamResponse"
        } else {
            "events, each a bare StreamResponse"
        };
        for (n, data) in datas.iter().enumerate() {
            let v: Option<Value> = serde_json::from_str(data).ok();
            if rest {
                // REST-002: bare StreamResponse, exactly one member
                match v.filter(|v| v.as_object().is_some_and(|o| o.len() == 1)) {
                    Some(r) => {
                        items.push(tg.wire().stream_item(&r));
                        results.push(r);
                    }
                    None => bad_envelope.push(n),
                }
                continue;
            }
            let ok_id =
                v.as_ref().and_then(|v| v.get("id")).and_then(Value::as_str) == Some(id.as_str());
            let error = v
                .as_ref()
                .and_then(|v| v.get("error"))
                .filter(|e| e.is_object());
            match v.as_ref().and_then(|v| v.get("result")) {
                Some(r) if ok_id => {
                    items.push(tg.wire().stream_item(r));
                    results.push(r.clone());
                }
                // RPC-005: each event is one JSON-RPC response with the request id, and a
                // 0.3 stream may carry an error response (0.3 §7.2; the verifier passes its
                // envelope): the stream's end, not a broken envelope (breaker43
                // `sse-event-error`: "events [2] are not JSON-RPC responses" while `verify`
                // of the same recording found none)
                None if ok_id && error.is_some() => {
                    error_event.get_or_insert_with(|| {
                        let e = error.unwrap_or(&Value::Null);
                        let code = e.get("code").map(Value::to_string).unwrap_or_default();
                        let msg = e.get("message").and_then(Value::as_str).unwrap_or("");
                        format!("error {code} {msg} at event {n}").replace("  ", " ")
                    });
                }
                _ => bad_envelope.push(n),
            }
        }
        let o = if datas.is_empty() {
            Outcome::Fail("stream carried no event".into())
        } else if rest && bad_envelope.is_empty() {
            Outcome::Pass(format!("{} {each}", datas.len()))
        } else if rest {
            Outcome::Fail(format!(
                "events {:?} are not bare StreamResponse objects with one member",
                bad_envelope
            ))
        } else if bad_envelope.is_empty() {
            Outcome::Pass(format!(
                "{} events, each a JSON-RPC response with the request id",
                datas.len()
            ))
        } else {
            Outcome::Fail(format!(
                "events {:?} are not JSON-RPC responses with the request id and a result",
                bad_envelope
            ))
        };
        // the envelope and the SSE framing are in the recording: the verifier's to judge
        // (session 44); a stream with no event at all stays the probe's own failure
        let o = if datas.is_empty() {
            o
        } else if rpc.grpc.is_some() {
            verifier_reads(o, "STREAM-SHAPE-* and GRPC-FRAME-001")
        } else {
            verifier_reads(o, "STREAM-SHAPE-001, STREAM-SHAPE-002 and SSE-FRAME-*")
        };
        self.push("streaming.envelope", d, sc, started, o);
        let o = stream_checks_as_read(tg.dialect, &items, &results, &rpc.resp, Resumed::No);
        // a stream that ended with an error before a terminal or interrupted state
        // says so, not "closed without a terminal or interrupted state"
        let [first, same, terminal, after, lc] = o;
        let terminal = match (terminal, &error_event) {
            (Outcome::Fail(_), Some(e)) => Outcome::Fail(format!(
                "stream ended with {e} before a terminal or interrupted state"
            )),
            (o, _) => o,
        };
        let o = stream_checks_verified([first, same, terminal, after, lc], &rpc.resp, tg.dialect);
        for (name, o) in STREAM_TESTS[2..].iter().zip(o) {
            self.push(name, d, sc, started, o);
        }
    }

    async fn error_tests(&mut self, tg: &Target) {
        if tg.binding == Binding::HttpJson {
            return self.rest_error_tests(tg).await;
        }
        if tg.binding == Binding::Grpc {
            return self.grpc_error_tests(tg).await;
        }
        let d = Some(tg.dialect);
        let eh = Category::ErrorHandling;
        let v = tg.dialect.version_header();
        let cases: [(&str, Bytes, i64, &str); 4] = [
            (
                "errors.unknown-method",
                Bytes::from(json!({"jsonrpc": "2.0", "id": uuid::Uuid::new_v4().to_string(), "method": "NoSuchMethod", "params": {}}).to_string()),
                -32601,
                "MethodNotFoundError",
            ),
            (
                "errors.invalid-request",
                Bytes::from(json!({"jsonrpc": "2.0", "id": uuid::Uuid::new_v4().to_string(), "params": {}}).to_string()),
                -32600,
                "InvalidRequestError",
            ),
            ("errors.parse-error", Bytes::from_static(b"{\"jsonrpc\": \"2.0\", \"id\": "), -32700, "JSONParseError"),
            (
                "errors.invalid-params",
                Bytes::from(json!({"jsonrpc": "2.0", "id": uuid::Uuid::new_v4().to_string(), "method": tg.dialect.method(Op::Send), "params": {"message": "not a message"}}).to_string()),
                -32602,
                "InvalidParamsError",
            ),
        ];
        for (name, body, code, label) in cases {
            let started = self.begin(name, d);
            self.negative = true;
            let sent = self.post_raw(tg, body, true, v).await;
            self.negative = false;
            let o = match sent {
                // A JSON-RPC answer is the verifier's to judge (RPC-ERROR-001 for the wrong
                // error code, RPC-ERROR-005 for a result or an unknown method's wrong code;
                // merged by `merge_findings`), so `verify` of the recording says the same
                // (interop41). Judged here: no answer, or one that is no JSON-RPC response.
                Ok(rpc)
                    if rpc.resp.no_answer().is_none()
                        && (rpc.result().is_some() || rpc.error_code().is_some()) =>
                {
                    Outcome::Pass(format!(
                        "answered {} ({code} {label} expected)",
                        rpc.describe()
                    ))
                }
                Ok(rpc) => expect_code(&rpc, code, label),
                Err(e) => e.outcome("request failed"),
            };
            self.push(name, d, eh, started, o);
        }
        // VER-002: unsupported A2A-Version (1.0 only; 0.x has no negotiation, VER-005)
        self.unsupported_version_test(tg, "VersionNotSupportedError")
            .await;
    }

    /// HTTP+JSON error handling (ERR-003, ERR-006, VER-002): malformed JSON and invalid
    /// params get HTTP 400 with an error body; `A2A-Version: 99.0` gets
    /// VERSION_NOT_SUPPORTED. JSON-RPC-only cases are skipped. Another status than 400 to
    /// either marked send (a 2xx included), or a 400 naming another A2A error (session 46),
    /// is the verifier's REST-ERROR-001 on the exchange (sessions 44, 45), merged into the
    /// test; judged here: no answer, a 400 without an
    /// error body, and the statuses the verifier leaves (401, 403, 408, 429, 502-504).
    async fn rest_error_tests(&mut self, tg: &Target) {
        let d = Some(tg.dialect);
        let eh = Category::ErrorHandling;
        let v = tg.dialect.version_header();
        for name in ["errors.unknown-method", "errors.invalid-request"] {
            self.skip(name, d, eh, "json-rpc only");
        }
        let cases = [
            ("errors.parse-error", Bytes::from_static(b"{\"message\": ")),
            (
                "errors.invalid-params",
                Bytes::from(json!({"message": "not a message"}).to_string()),
            ),
        ];
        for (name, body) in cases {
            let started = self.begin(name, d);
            let url = rest_url(tg, "/message:send", None);
            self.negative = true;
            let sent = self.rest_send(url, Method::POST, Some(body), true, v).await;
            self.negative = false;
            let o = match sent {
                Ok(rpc) if rpc.resp.status == 400 && rpc.error_code().is_some() => {
                    Outcome::Pass(format!("answered {}", rpc.describe()))
                }
                // the marked malformed body (no JSON; JSON whose message is no object)
                // answered under another status, a 2xx included (but a refusal before reading
                // it, a timeout or rate limit, a gateway's): the verifier's REST-ERROR-001
                // judges it on the exchange (session 44 the parse error, session 45 the
                // invalid params)
                Ok(rpc)
                    if rpc.resp.no_answer().is_none()
                        && rpc.resp.status != 400
                        && !matches!(rpc.resp.status, 401 | 403 | 408 | 429 | 502 | 503 | 504) =>
                {
                    Outcome::Pass(format!(
                        "answered {} (HTTP 400 with an error body expected; the verifier's REST-ERROR-001 judges it)",
                        rpc.describe()
                    ))
                }
                Ok(rpc) => match rpc.resp.no_answer() {
                    Some(no) => {
                        Outcome::Fail(format!("{no} (HTTP 400 with an error body expected)"))
                    }
                    None => Outcome::Fail(format!(
                        "expected HTTP 400 with an error body, got {}",
                        rpc.describe()
                    )),
                },
                Err(e) => e.outcome("request failed"),
            };
            self.push(name, d, eh, started, o);
        }
        self.unsupported_version_test(
            tg,
            "VersionNotSupportedError, HTTP 400 VERSION_NOT_SUPPORTED",
        )
        .await;
    }

    /// `errors.unsupported-version` (VER-002): a send with `A2A-Version: 99.0` must get
    /// -32009 / VERSION_NOT_SUPPORTED; skipped for 0.x (no negotiation, VER-005). The
    /// answer is the verifier's to judge ([`verifier_judges`]: VER-HDR-001 for a send
    /// served, RPC-ERROR-001 / REST-ERROR-001 for another error). `expected` names the
    /// error in the messages.
    async fn unsupported_version_test(&mut self, tg: &Target, expected: &str) {
        let d = Some(tg.dialect);
        let eh = Category::ErrorHandling;
        let started = self.begin("errors.unsupported-version", d);
        if tg.dialect != Dialect::V1_0 {
            self.skip(
                "errors.unsupported-version",
                d,
                eh,
                "0.x has no version negotiation",
            );
            return;
        }
        let text = self.basic_text();
        let mut params = self.send_params(tg, &text, true, None);
        let o = match self
            .call_with(
                tg,
                tg.dialect.method(Op::Send),
                &mut params,
                true,
                Some("99.0"),
            )
            .await
        {
            Ok(rpc) => verifier_judges(&rpc, "send with A2A-Version 99.0", -32009, expected),
            Err(e) => e.outcome("request failed"),
        };
        self.push("errors.unsupported-version", d, eh, started, o);
    }

    /// The webhook of the push tests: the configured one, else a receiver of our own.
    async fn webhook(&mut self) -> Result<Webhook, String> {
        if let Some(w) = &self.cfg.webhook {
            return Ok(w.clone());
        }
        if self.own_webhook.is_none() {
            let r = WebhookReceiver::start()
                .await
                .map_err(|e| format!("webhook receiver could not start: {e}"))?;
            self.own_webhook = Some(r);
        }
        self.own_webhook
            .as_ref()
            .and_then(WebhookReceiver::webhook)
            .ok_or_else(|| "webhook receiver has no URL".to_string())
    }

    /// `push.*` on one target (PUSH-001..PUSH-005), skipped when the card does not
    /// advertise push.
    async fn push_tests(&mut self, tg: &Target, declared: bool) {
        let d = Some(tg.dialect);
        let pc = Category::Push;
        let skip_all = |r: &mut Runner<'_>, from: usize, why: &str| {
            for name in &PUSH_TESTS[from..] {
                r.skip(name, d, pc, why);
            }
        };
        if !declared {
            return skip_all(
                self,
                0,
                "card does not advertise capabilities.pushNotifications",
            );
        }
        if tg.binding != Binding::JsonRpc && tg.dialect == Dialect::V0_3 {
            return skip_all(
                self,
                0,
                &format!(
                    "push over 0.3 {} is not probed by this build",
                    binding_words(tg.binding)
                ),
            );
        }
        let hook = match self.webhook().await {
            Ok(h) => h,
            Err(e) => return skip_all(self, 0, &e),
        };
        // push.create-config on a task that stays open until we end it
        let started = self.begin("push.create-config", d);
        let (task, finish) = match self.open_task(tg).await {
            Ok(x) => x,
            Err(o) => {
                self.push("push.create-config", d, pc, started, o);
                return skip_all(self, 1, "no open task to configure");
            }
        };
        let token = uuid::Uuid::new_v4().to_string();
        let path = format!("/push/{}", uuid::Uuid::new_v4());
        let mut url = hook.base.clone();
        url.set_path(&path);
        let wire = tg.wire();
        // 1.0 asks the agent to send only the `authentication` credentials (PUSH-004; the
        // token is for the agent's own use, A2A PR #1793), so the 1.0 config carries a
        // Bearer credential for `push.token` to look for; 0.x sends the token (PUSH-005).
        let secret = match wire {
            Dialect::V1_0 => uuid::Uuid::new_v4().to_string(),
            Dialect::V0_3 => token.clone(),
        };
        let params = match wire {
            Dialect::V1_0 => json!({"taskId": task.id, "url": url.as_str(), "token": token,
                "authentication": {"scheme": "Bearer", "credentials": secret}}),
            Dialect::V0_3 => json!({"taskId": task.id,
                "pushNotificationConfig": {"url": url.as_str(), "token": token}}),
        };
        self.own_webhook_call = true;
        let created = self
            .call(tg, tg.dialect.method(Op::CreatePush), params)
            .await;
        self.own_webhook_call = false;
        let config_id = match &created {
            Ok(rpc) => rpc
                .result()
                .and_then(|r| push_config(r, wire))
                .and_then(|c| c.get("id").and_then(Value::as_str))
                .filter(|id| !id.is_empty())
                .map(str::to_string),
            Err(_) => None,
        };
        let answered_config = matches!(&created, Ok(rpc) if rpc.result().is_some());
        let o = match (&created, &config_id) {
            (Err(_), _) => match created {
                Err(e) => e.outcome("create failed"),
                Ok(_) => Outcome::Fail("create failed".into()),
            },
            (Ok(_), Some(id)) => Outcome::Pass(format!("config {id} created for task {}", task.id)),
            // 1.0: Create assigns the id (PUSH-003, 1.0 §3.1.7), and the recording shows the
            // answer without one: the verifier's DATA-SHAPE-001 on the create decides
            // (session 46). 0.3: `PushNotificationConfig.id` is the client's to set (0.3
            // schema: "set by the client to support multiple notification callbacks"),
            // and the probe sent none, so a config answered without one is legal.
            (Ok(rpc), None) if rpc.result().is_some() && wire == Dialect::V1_0 => verifier_reads(
                Outcome::Fail(
                    "create returned no config with an id (PUSH-003: the agent assigns one)"
                        .into(),
                ),
                "DATA-SHAPE-001",
            ),
            (Ok(rpc), None) if rpc.result().and_then(|r| push_config(r, wire)).is_some() => {
                Outcome::Pass(format!(
                    "config created for task {} without an id (0.3 leaves the id to the client, and the probe sent none)",
                    task.id
                ))
            }
            (Ok(rpc), None) if rpc.result().is_some() => Outcome::Fail(
                "create returned no config with an id (PUSH-003: the agent assigns one)".into(),
            ),
            // a refusal: an agent may refuse a config (PUSH-006: it validates webhook
            // URLs, and the probe's is on loopback); PushNotificationNotSupportedError
            // under a card that declares push is CAP-PUSH-002's warning, an error the
            // verifier judges (ID-TASK-001, RPC-ERROR-001, ...) takes the test over
            // (session 48)
            (Ok(rpc), None) if rpc.error_code().is_some() => expectation(format!(
                "create for task {} was refused: {} (no rule makes an agent accept a config: it may refuse the probe's loopback webhook, PUSH-006)",
                task.id,
                rpc.describe()
            )),
            (Ok(rpc), None) => Outcome::Fail(format!(
                "create for task {} got {}",
                task.id,
                rpc.describe()
            )),
        };
        self.push("push.create-config", d, pc, started, o);
        let Some(config_id) = config_id else {
            let _ = self.finish_task(tg, &task, &finish).await;
            let why = if answered_config {
                "the created config has no id to name it by"
            } else {
                "no config was created"
            };
            return skip_all(self, 1, why);
        };
        let by_id = |task_id: &str| match wire {
            Dialect::V1_0 => json!({"taskId": task_id, "id": config_id}),
            Dialect::V0_3 => json!({"id": task_id, "pushNotificationConfigId": config_id}),
        };

        // push.get-config
        let started = self.begin("push.get-config", d);
        let o = match self
            .call(tg, tg.dialect.method(Op::GetPush), by_id(&task.id))
            .await
        {
            Ok(rpc) => match rpc.result().and_then(|r| push_config(r, wire)) {
                Some(c)
                    if c.get("id").and_then(Value::as_str) == Some(config_id.as_str())
                        && c.get("url").and_then(Value::as_str) == Some(url.as_str()) =>
                {
                    Outcome::Pass(format!("config {config_id} read back with its url"))
                }
                // the recording shows the create and the get: PUSH-CFG-005 for another
                // config's id, or the config's id with another url than the create set
                // (session 45)
                Some(c) => verifier_reads(
                    Outcome::Fail(format!(
                        "get of config {config_id} returned id {} url {}",
                        c.get("id").unwrap_or(&Value::Null),
                        c.get("url").unwrap_or(&Value::Null)
                    )),
                    "PUSH-CFG-005",
                ),
                // a refusal of the agent's own config: no rule but the verifier's on the
                // answer (ID-TASK-001 for TaskNotFoundError, RPC-ERROR-001) (session 48)
                None if rpc.error_code().is_some() => expectation(format!(
                    "get of config {config_id} was refused: {} (no rule names the answer to a read of a config the agent created, beyond the verifier's on this exchange)",
                    rpc.describe()
                )),
                None => Outcome::Fail(format!("get of config {config_id} got {}", rpc.describe())),
            },
            Err(e) => e.outcome("get failed"),
        };
        self.push("push.get-config", d, pc, started, o);

        // push.list-configs
        let started = self.begin("push.list-configs", d);
        let params = match wire {
            Dialect::V1_0 => json!({"taskId": task.id}),
            Dialect::V0_3 => json!({"id": task.id}),
        };
        let o = match self.call(tg, tg.dialect.method(Op::ListPush), params).await {
            Ok(rpc) => {
                let list = rpc.result().and_then(|r| match wire {
                    Dialect::V1_0 => r.get("configs").and_then(Value::as_array),
                    Dialect::V0_3 => r.as_array(),
                });
                match list {
                    Some(l) => {
                        let ids: Vec<&str> = l
                            .iter()
                            .filter_map(|c| push_config(c, wire))
                            .filter_map(|c| c.get("id").and_then(Value::as_str))
                            .collect();
                        if ids.contains(&config_id.as_str()) {
                            Outcome::Pass(format!(
                                "list of task {} holds config {config_id}",
                                task.id
                            ))
                        } else {
                            // the recording shows the create and the list: PUSH-CFG-006
                            // (session 44)
                            verifier_reads(
                                Outcome::Fail(format!(
                                    "list of task {} lacks config {config_id} (has {})",
                                    task.id,
                                    if ids.is_empty() {
                                        "none".to_string()
                                    } else {
                                        ids.join(", ")
                                    }
                                )),
                                "PUSH-CFG-006",
                            )
                        }
                    }
                    None if rpc.error_code().is_some() => expectation(format!(
                        "list of task {} was refused: {} (no rule names the answer to a list of the agent's own configs, beyond the verifier's on this exchange)",
                        task.id,
                        rpc.describe()
                    )),
                    None => Outcome::Fail(format!("list got {}", rpc.describe())),
                }
            }
            Err(e) => e.outcome("list failed"),
        };
        self.push("push.list-configs", d, pc, started, o);

        // push.notifications and push.token: end the task, wait for a terminal notification
        let started = self.begin("push.notifications", d);
        let ended = self.finish_task(tg, &task, &finish).await;
        let deadline = Instant::now() + self.cfg.timeout;
        let mut step = 0;
        let got = loop {
            let got = hook.inbox.at(&path);
            let terminal = got.iter().any(|n| {
                serde_json::from_slice::<Value>(&n.body)
                    .ok()
                    .map(|b| notification_task(&b))
                    .is_some_and(|(id, st)| {
                        id.as_deref() == Some(task.id.as_str())
                            && st.is_some_and(TaskState::is_terminal)
                    })
            });
            if terminal || Instant::now() >= deadline || ended.is_err() {
                break got;
            }
            tokio::time::sleep(backoff(step)).await;
            step += 1;
        };
        let (notes, tok) = match ended {
            Err(e) => (
                e.outcome("ending the task failed"),
                Outcome::Skip("task did not end".into()),
            ),
            Ok(_) => {
                let (notes, tok) = judge_notifications(
                    &got,
                    &task.id,
                    wire,
                    &secret,
                    self.cfg.timeout.as_millis(),
                );
                // behind a recording listener (`probe`, `interop`: the configured webhook)
                // the deliveries are in the recording, and what it shows of their
                // credentials and bodies is the verifier's to judge (PUSH-AUTH-001/-002,
                // PUSH-BODY-001/-002; session 44); the plan's own unrecorded receiver
                // keeps the probe's own verdict
                if self.cfg.webhook.is_some() {
                    let notes = if got.is_empty() {
                        notes
                    } else {
                        match notes {
                            Outcome::Fail(m) if m.starts_with("notification ") => {
                                verifier_reads(Outcome::Fail(m), "PUSH-BODY-001 and PUSH-BODY-002")
                            }
                            o => o,
                        }
                    };
                    (
                        notes,
                        verifier_reads(tok, "PUSH-AUTH-001 and PUSH-AUTH-002"),
                    )
                } else {
                    (notes, tok)
                }
            }
        };
        self.push("push.notifications", d, pc, started, notes);
        self.push("push.token", d, pc, Instant::now(), tok);

        // push.delete-config (idempotent, PUSH-003), then get must fail
        let started = self.begin("push.delete-config", d);
        let o = match self
            .call(tg, tg.dialect.method(Op::DeletePush), by_id(&task.id))
            .await
        {
            Ok(rpc)
                if rpc.error_code().is_none()
                    && (200..300).contains(&rpc.resp.status)
                    && (rpc.result().is_some() || tg.binding == Binding::HttpJson) =>
            {
                Outcome::Pass(format!("config {config_id} deleted"))
            }
            // a JSON-RPC success without "result" (a serializer that drops a null member:
            // 0.3's delete result is null): the recording shows it and the verifier's
            // RPC-ENVELOPE-001 judges it (session 45: the a2a-python agent's 0.3 delete)
            Ok(rpc) if no_result_nor_error(&rpc) => verifier_reads(
                Outcome::Fail(format!(
                    "delete of config {config_id} got {}",
                    rpc.describe()
                )),
                "RPC-ENVELOPE-001",
            ),
            Ok(rpc) if rpc.error_code().is_some() => expectation(format!(
                "delete of config {config_id} was refused: {} (no rule names the answer to a delete of a config the agent created, beyond the verifier's on this exchange)",
                rpc.describe()
            )),
            Ok(rpc) => Outcome::Fail(format!(
                "delete of config {config_id} got {}",
                rpc.describe()
            )),
            Err(e) => e.outcome("delete failed"),
        };
        self.push("push.delete-config", d, pc, started, o);
        let started = self.begin("push.get-after-delete", d);
        let o = match self
            .call(tg, tg.dialect.method(Op::GetPush), by_id(&task.id))
            .await
        {
            Ok(rpc) => match rpc.error_code() {
                Some(c) => Outcome::Pass(format!(
                    "get of deleted config {config_id} answered error {c}"
                )),
                // the recording shows the delete and the get: PUSH-CFG-004 (session 44)
                None if rpc.result().and_then(|r| push_config(r, wire)).is_some() => {
                    verifier_reads(
                        Outcome::Fail(format!(
                            "get of deleted config {config_id} still returned a config"
                        )),
                        "PUSH-CFG-004",
                    )
                }
                None => Outcome::Fail(format!(
                    "get of deleted config {config_id} got {}, expected an error",
                    rpc.describe()
                )),
            },
            Err(e) => e.outcome("get failed"),
        };
        self.push("push.get-after-delete", d, pc, started, o);
    }

    /// A task that stays open until [`Self::finish_task`]: an input skill's task waiting in
    /// input-required, else a long-running skill's working task.
    async fn open_task(&self, tg: &Target) -> Result<(TaskRef, Finish), Outcome> {
        if let Some(skill) = self.skill_for(&["input"]) {
            let text = Self::text_of(&skill);
            if let Some(task) = self.send_for_task(tg, &text, true, Outcome::Fail).await? {
                let (task, _) = self
                    .poll_settled(tg, &task)
                    .await
                    .map_err(|e| e.outcome("polling failed"))?;
                if task.state == Some(TaskState::InputRequired) {
                    return Ok((task, Finish::FollowUp(text)));
                }
            }
        }
        if let Some(skill) = self.skill_for(&["cancel", "long"]) {
            let text = Self::text_of(&skill);
            if let Some(task) = self.send_for_task(tg, &text, false, Outcome::Fail).await? {
                if !task.state.is_some_and(TaskState::is_terminal) {
                    return Ok((task, Finish::Cancel));
                }
            }
        }
        Err(Outcome::Skip(
            "no skill keeps a task open (input, cancel, long) to attach a config to".into(),
        ))
    }

    /// Ends the open task: the follow-up message or a cancel.
    async fn finish_task(
        &self,
        tg: &Target,
        task: &TaskRef,
        how: &Finish,
    ) -> Result<(), CallError> {
        let rpc = match how {
            Finish::FollowUp(text) => {
                let params = self.send_params(tg, text, true, Some(task));
                self.call(tg, tg.dialect.method(Op::Send), params).await?
            }
            Finish::Cancel => {
                self.call(tg, tg.dialect.method(Op::Cancel), json!({"id": task.id}))
                    .await?
            }
        };
        match rpc.result() {
            Some(_) => Ok(()),
            None => Err(CallError::Other(format!(
                "task {} got {}",
                task.id,
                rpc.describe()
            ))),
        }
    }

    /// `card.extended` (CARD-007, AUTH-005; breaker17b V14): when the card declares the
    /// authenticated extended card (1.0 `capabilities.extendedAgentCard`, 0.3
    /// `supportsAuthenticatedExtendedCard`), fetch it on `tg` once without credentials
    /// (JSON-RPC `GetExtendedAgentCard` / `agent/getAuthenticatedExtendedCard`; HTTP+JSON
    /// `GET …/extendedAgentCard` / `GET …/v1/card`) and, with `--bearer` / `--auth-header`,
    /// once with them. The calls go through the recorder like every other, so whether a
    /// card served without credentials may be served so is the verifier's verdict
    /// (AUTH-EXT-001), merged into this test; the test itself fails an answer that is
    /// neither a card nor a refusal, and an authenticated call that gets no card.
    async fn extended_card_test(&mut self, card: &Value, tg: Option<&Target>) {
        const TEST: &str = "card.extended";
        let declared = card
            .pointer("/capabilities/extendedAgentCard")
            .and_then(Value::as_bool)
            .unwrap_or(false)
            || card
                .get("supportsAuthenticatedExtendedCard")
                .and_then(Value::as_bool)
                .unwrap_or(false);
        if !declared {
            self.skip(
                TEST,
                None,
                Category::Security,
                "card declares no extended card (1.0 capabilities.extendedAgentCard, 0.3 supportsAuthenticatedExtendedCard)",
            );
            return;
        }
        let Some(tg) = tg.cloned() else {
            self.skip(TEST, None, Category::Security, "no interface answered");
            return;
        };
        self.binding = grpc::binding_label(tg.binding);
        let started = self.begin(TEST, None);
        let what = match (tg.binding, tg.dialect) {
            (Binding::HttpJson, Dialect::V1_0) => "GET /extendedAgentCard",
            (Binding::HttpJson, Dialect::V0_3) => "GET /v1/card",
            (Binding::Grpc, Dialect::V0_3) => "GetAgentCard",
            (_, Dialect::V1_0) => "GetExtendedAgentCard",
            (_, Dialect::V0_3) => "agent/getAuthenticatedExtendedCard",
        };
        let anon = self.extended_card_call(&tg, false).await;
        let o = match anon {
            Err(e) => e.outcome(&format!("anonymous {what}")),
            Ok(r) => {
                let card_name = |r: &Rpc| {
                    r.result()
                        .filter(|c| c.is_object() && c.get("name").is_some())
                        .map(|c| {
                            c.get("name")
                                .and_then(Value::as_str)
                                .unwrap_or("")
                                .to_string()
                        })
                };
                let refused = matches!(r.resp.status, 401 | 403) || r.error_code().is_some();
                let anon_text = if let Some(n) = card_name(&r) {
                    Ok(format!(
                        "anonymous {what} answered a card ({n:?}; whether it may go to anonymous clients is AUTH-EXT-001's verdict)"
                    ))
                } else if refused {
                    Ok(format!("anonymous {what} refused: {}", r.describe()))
                } else {
                    Err(format!(
                        "anonymous {what} answered neither an Agent Card nor a refusal (401/403 or an error): {} (no rule names this answer by itself; the verifier's rules on the exchange, such as CARD-SHAPE-001 / -004 for a card body or RPC-ENVELOPE-001, take it over)",
                        r.describe()
                    ))
                };
                match anon_text {
                    // session 48: the verifier judges what the exchange shows; what it
                    // does not is the probe's expectation
                    Err(m) => expectation(m),
                    Ok(a) if self.cfg.auth_headers.is_empty() => Outcome::Pass(format!(
                        "{a}; no --bearer / --auth-header given, so no authenticated call"
                    )),
                    Ok(a) => match self.extended_card_call(&tg, true).await {
                        Err(e) => e.outcome(&format!("{a}; {what} with credentials")),
                        Ok(r) => match card_name(&r) {
                            Some(n) => Outcome::Pass(format!(
                                "{a}; with credentials it answered the card {n:?}"
                            )),
                            // the probe cannot tell the agent's credentials from the ones
                            // given (a wrong or too weak token): an expectation (session 48)
                            None => expectation(format!(
                                "{a}; with credentials it answered no Agent Card: {} (AUTH-005: a client authenticated with a scheme of the public card gets the extended card; the probe cannot tell whether the credentials given are such)",
                                r.describe()
                            )),
                        },
                    },
                }
            }
        };
        self.push(TEST, None, Category::Security, started, o);
        self.binding = None;
    }

    /// One extended-card call on `tg` (see [`Runner::extended_card_test`]), with the
    /// configured credentials when `auth`.
    async fn extended_card_call(&self, tg: &Target, auth: bool) -> Result<Rpc, CallError> {
        if tg.binding == Binding::Grpc {
            let method = match tg.dialect {
                Dialect::V1_0 => "GetExtendedAgentCard",
                Dialect::V0_3 => "GetAgentCard",
            };
            let mut msg = json!({});
            if let (Some(t), Dialect::V1_0) = (&tg.tenant, tg.dialect) {
                msg["tenant"] = json!(t);
            }
            return self
                .grpc_send(tg, method, &msg, auth, tg.dialect.version_header())
                .await;
        }
        if tg.binding == Binding::HttpJson {
            let route = match tg.dialect {
                Dialect::V1_0 => "/extendedAgentCard",
                Dialect::V0_3 => "/card",
            };
            let url = rest_url(tg, route, None);
            return self
                .rest_send(url, Method::GET, None, auth, tg.dialect.version_header())
                .await;
        }
        let method = match tg.dialect {
            Dialect::V1_0 => "GetExtendedAgentCard",
            Dialect::V0_3 => "agent/getAuthenticatedExtendedCard",
        };
        let mut params = json!({});
        self.call_with(tg, method, &mut params, auth, tg.dialect.version_header())
            .await
    }

    async fn auth_tests(&mut self, card: &Value, tg: Option<&Target>) {
        let sec = Category::Security;
        if !card::declares_security(card) {
            self.skip(
                "auth.rejects-anonymous",
                None,
                sec,
                "card declares no security",
            );
            self.skip(
                "auth.accepts-credentials",
                None,
                sec,
                "card declares no security",
            );
            return;
        }
        let Some(tg) = tg else {
            self.skip("auth.rejects-anonymous", None, sec, "no interface answered");
            let o = if self.cfg.auth_headers.is_empty() {
                "no credentials given (--bearer, --auth-header)"
            } else {
                "no interface answered"
            };
            self.skip("auth.accepts-credentials", None, sec, o);
            return;
        };
        let started = self.begin("auth.rejects-anonymous", None);
        let text = self.basic_text();
        let mut params = self.send_params(tg, &text, true, None);
        let o = match self
            .call_with(tg, tg.dialect.method(Op::Send), &mut params, false, tg.dialect.version_header())
            .await
        {
            Ok(rpc) if matches!(rpc.resp.status, 401 | 403) => Outcome::Pass(format!(
                "task call without credentials answered HTTP {}",
                rpc.resp.status
            )),
            // the recording shows the card's security and the call without credentials
            // served: AUTH-OPEN-001's verdict (session 44)
            Ok(rpc) if rpc.result().is_some() => verifier_reads(
                Outcome::Fail(format!(
                    "task call without credentials was accepted (HTTP {}) though the card declares security",
                    rpc.resp.status
                )),
                "AUTH-OPEN-001",
            ),
            // not served, but refused otherwise than 401/403: an authentication error in
            // another form is AUTH-CHALLENGE-002 (1.0, an error) / -003 (0.x, a warning);
            // any other refusal serves nothing (AUTH-002 holds), so the probe's wish for a
            // 401/403 is an expectation (session 48)
            Ok(rpc) if rpc.error_code().is_some() || rpc.resp.status >= 400 => expectation(format!(
                "task call without credentials got {}, not HTTP 401 or 403 (nothing was served; an authentication failure in another form is the verifier's AUTH-CHALLENGE-002 / -003)",
                rpc.describe()
            )),
            Ok(rpc) => Outcome::Fail(format!(
                "task call without credentials got {}, expected HTTP 401 or 403",
                rpc.describe()
            )),
            Err(e) => e.outcome("request failed"),
        };
        let o = self.anonymous_task_access(tg, o).await;
        self.push("auth.rejects-anonymous", None, sec, started, o);
        if self.cfg.auth_headers.is_empty() {
            self.skip(
                "auth.accepts-credentials",
                None,
                sec,
                "no credentials given (--bearer, --auth-header)",
            );
            return;
        }
        let refused = self
            .locked
            .as_ref()
            .is_some_and(|l| l.url == tg.url && l.dialect == tg.dialect);
        // the send of this interface's binding too (it read only JSON-RPC's, so an agent
        // serving HTTP+JSON alone skipped this test "no task call was made"; probe48)
        let binding = grpc::binding_label(tg.binding);
        let send = self
            .results
            .iter()
            .find(|r| {
                r.test == "lifecycle.send"
                    && r.dialect.as_deref() == Some(tg.dialect.label())
                    && r.binding.as_deref() == binding
            })
            .map(|r| r.status);
        let o = match send {
            // Wrong credentials or a broken agent: the probe cannot tell which.
            _ if refused => Outcome::Skip(
                "the agent refused the given credentials (HTTP 401/403): check --bearer / --auth-header"
                    .into(),
            ),
            Some(Status::Pass) => Outcome::Pass("task calls with credentials work".into()),
            // lifecycle.send holds the verdict on those calls (a rule's, or the probe's
            // expectation): not counted twice (session 48)
            Some(Status::Fail) => expectation(
                "task calls with credentials fail (lifecycle.send holds their verdict)".into(),
            ),
            _ => Outcome::Skip("no task call was made with credentials".into()),
        };
        self.push("auth.accepts-credentials", None, sec, Instant::now(), o);
    }
}

impl Runner<'_> {
    /// AUTH-002, AUTH-006 / TASK-009 (breaker15b R7): the task the lifecycle run created on
    /// `tg`, read (GetTask) and canceled (CancelTask) without credentials. A call served (a
    /// result) or a cancel answered TaskNotCancelableError is in the recording with the
    /// card's security: the verifier's AUTH-OPEN-001 judges it (session 44), so the outcome
    /// passes naming the calls and takes the finding's verdict ([`super::merge_findings`]);
    /// a call processed into another A2A error (other than TaskNotFoundError, which hides
    /// the task from the anonymous caller) turns `send` (the anonymous send's outcome) into
    /// the probe's own failure naming the call, the task and the answer; 401/403 or
    /// TaskNotFoundError keep it, with the calls listed.
    async fn anonymous_task_access(&mut self, tg: &Target, send: Outcome) -> Outcome {
        let Some(task) = self
            .created
            .iter()
            .find(|(u, d, _)| *u == tg.url && *d == tg.dialect)
            .map(|(_, _, t)| t.clone())
        else {
            return send;
        };
        // served without credentials (AUTH-OPEN-001's to judge, session 44), processed into
        // another answer than a refusal (the probe's own verdict), refused
        let mut open = Vec::new();
        let mut processed = Vec::new();
        let mut closed = Vec::new();
        for op in [Op::Get, Op::Cancel] {
            let method = tg.dialect.method(op);
            let mut params = json!({"id": task.id});
            let rpc = match self
                .call_with(tg, method, &mut params, false, tg.dialect.version_header())
                .await
            {
                Ok(rpc) => rpc,
                // not sent (budget, rate limit, interrupted) or no answer: no verdict
                Err(_) => continue,
            };
            if matches!(rpc.resp.status, 401 | 403) {
                closed.push(format!("{method} answered HTTP {}", rpc.resp.status));
            } else if rpc.result().is_some() {
                open.push(format!(
                    "{method} of existing task {} without credentials succeeded (HTTP {}, {})",
                    task.id,
                    rpc.resp.status,
                    if op == Op::Get {
                        "returned the task"
                    } else {
                        "canceled it"
                    }
                ));
            } else if rpc.error_code() == Some(-32001) {
                closed.push(format!("{method} answered TaskNotFoundError"));
            } else if rpc.resp.no_answer().is_none() {
                let m = format!(
                    "{method} of existing task {} without credentials was processed: it got {}, expected HTTP 401 or 403",
                    task.id,
                    rpc.describe()
                );
                // a cancel answered TaskNotCancelableError told the anonymous caller the
                // task exists and has ended: AUTH-OPEN-001's too (session 44)
                if op == Op::Cancel
                    && rpc.error_code() == Some(crate::model::jsonrpc::TASK_NOT_CANCELABLE)
                {
                    open.push(m);
                } else {
                    processed.push(m);
                }
            }
        }
        let reached = open.len() + processed.len();
        let can = if reached > 1 {
            "read and cancel it"
        } else if open
            .iter()
            .chain(&processed)
            .any(|m| m.starts_with(tg.dialect.method(Op::Get)))
        {
            "read it"
        } else {
            "cancel it"
        };
        let expected = |m: &str| m.starts_with(super::EXPECTATION);
        match send {
            // session 48: a read or cancel answered with another error than
            // TaskNotFoundError serves nothing by itself (AUTH-002 holds); whether the answer
            // tells the task exists is the verifier's (AUTH-OPEN-001 for a cancel answered
            // TaskNotCancelableError, AUTH-SCOPE-*), so the rest is the probe's expectation,
            // unless the anonymous send already failed the probe's own check
            _ if !processed.is_empty() => {
                let before = match &send {
                    Outcome::Fail(m) => {
                        format!("{}; ", m.strip_prefix(super::EXPECTATION).unwrap_or(m))
                    }
                    Outcome::Pass(m) if m.contains("(the verifier's ") => format!("{m}; "),
                    _ => String::new(),
                };
                let m = format!(
                    "{before}{} (anyone who learns a task id can {can}; the card declares security)",
                    open.iter()
                        .chain(&processed)
                        .cloned()
                        .collect::<Vec<_>>()
                        .join("; "),
                );
                match &send {
                    Outcome::Fail(own) if !expected(own) => Outcome::Fail(m),
                    _ => expectation(format!(
                        "{m}; nothing was served: no rule names the error an anonymous read or cancel gets beyond the verifier's"
                    )),
                }
            }
            Outcome::Pass(_) | Outcome::Skip(_) if !open.is_empty() => Outcome::Pass(format!(
                "{}{} (anyone who learns a task id can {can}; the card declares security; the verifier's AUTH-OPEN-001 judges it)",
                match &send {
                    Outcome::Pass(m) if m.contains("(the verifier's ") => format!("{m}; "),
                    _ => String::new(),
                },
                open.join("; "),
            )),
            Outcome::Fail(m) if !open.is_empty() => Outcome::Fail(format!(
                "{m}; {} (anyone who learns a task id can {can}; the card declares security)",
                open.join("; ")
            )),
            Outcome::Pass(m) if !closed.is_empty() => Outcome::Pass(format!(
                "{m}; on task {} without credentials: {}",
                task.id,
                closed.join(", ")
            )),
            other => other,
        }
    }
}

/// Push tests in run order (one target each; PUSH-001..PUSH-005).
pub const PUSH_TESTS: [&str; 7] = [
    "push.create-config",
    "push.get-config",
    "push.list-configs",
    "push.notifications",
    "push.token",
    "push.delete-config",
    "push.get-after-delete",
];

/// How the push tests bring their open task to an end.
enum Finish {
    /// Send the follow-up text to the input-required task.
    FollowUp(String),
    /// Cancel the working task.
    Cancel,
}

/// Task id and state a notification body names: a 1.0 `StreamResponse` (`task`,
/// `statusUpdate`, `artifactUpdate`, `message`) or a 0.x `Task` / status / artifact event.
pub fn notification_task(body: &Value) -> (Option<String>, Option<TaskState>) {
    let s = |v: &Value, k: &str| v.get(k).and_then(Value::as_str).map(str::to_string);
    for (k, id_key) in [
        ("task", "id"),
        ("statusUpdate", "taskId"),
        ("artifactUpdate", "taskId"),
        ("message", "taskId"),
    ] {
        if let Some(inner) = body.get(k).filter(|v| v.is_object()) {
            return (s(inner, id_key), task_state(inner));
        }
    }
    match body.get("kind").and_then(Value::as_str) {
        Some("task") => (s(body, "id"), task_state(body)),
        Some(_) => (s(body, "taskId"), task_state(body)),
        None if body.get("status").is_some() => (s(body, "id"), task_state(body)),
        None => (None, None),
    }
}

/// Judges the notifications one config received for `task_id`: `push.notifications`
/// (at least one, every one names the task, the last state named is terminal) and
/// `push.token`: on a `wire` 0.x config every one carries `X-A2A-Notification-Token:
/// secret` (the config's token, PUSH-005); on a 1.0 config, whose token asks for no header
/// (A2A PR #1793), every one carries `Authorization: Bearer secret` (the config's
/// `authentication` credentials, PUSH-004), as the verifier's PUSH-AUTH-001 judges it.
fn judge_notifications(
    got: &[Notification],
    task_id: &str,
    wire: Dialect,
    secret: &str,
    waited_ms: u128,
) -> (Outcome, Outcome) {
    if got.is_empty() {
        return (
            // no rule sets a time for a delivery (PUSH-004: at-least-once, retries MAY);
            // the recording shows the task's end and no delivery: PUSH-DELIV-003, a
            // warning named in these words (session 48)
            expectation(format!(
                "no notification for task {task_id} reached the webhook within {waited_ms} ms (no rule sets a time for a delivery: PUSH-004)"
            )),
            Outcome::Skip("no notification to check".into()),
        );
    }
    let mut states = Vec::new();
    let mut wrong = None;
    for (i, n) in got.iter().enumerate() {
        let body: Option<Value> = serde_json::from_slice(&n.body).ok();
        let (id, state) = body.as_ref().map(notification_task).unwrap_or((None, None));
        if id.as_deref() != Some(task_id) && wrong.is_none() {
            wrong = Some(match (body.is_some(), id) {
                (false, _) => format!("notification {} of {} is not JSON", i + 1, got.len()),
                (true, Some(other)) => format!(
                    "notification {} of {} names task {other}, expected {task_id}",
                    i + 1,
                    got.len()
                ),
                (true, None) => format!(
                    "notification {} of {} names no task id, expected {task_id}",
                    i + 1,
                    got.len()
                ),
            });
        }
        if let Some(st) = state {
            states.push(st);
        }
    }
    let seq: Vec<&str> = states.iter().map(|s| s.as_str()).collect();
    let notes = if let Some(w) = wrong {
        Outcome::Fail(w)
    } else {
        match states.last() {
            Some(st) if st.is_terminal() => Outcome::Pass(format!(
                "{} notifications for task {task_id}, states {}",
                got.len(),
                seq.join(" -> ")
            )),
            Some(st) => expectation(format!(
                "notifications for task {task_id} end at {}, not a terminal state (no rule sets a time for a delivery: PUSH-004)",
                st.as_str()
            )),
            None => Outcome::Fail(format!(
                "{} notifications for task {task_id} carry no task state",
                got.len()
            )),
        }
    };
    let (header, want, what) = match wire {
        Dialect::V0_3 => (
            super::webhook_token_header(),
            secret.to_string(),
            "the configured token (0.3 PUSH-005)",
        ),
        Dialect::V1_0 => (
            "Authorization",
            format!("Bearer {secret}"),
            "the configured authentication credentials (1.0 PUSH-004)",
        ),
    };
    let missing = got.iter().position(|n| n.header(header).is_none());
    let other = got
        .iter()
        .position(|n| n.header(header).is_some_and(|t| t != want));
    let tok = match (missing, other) {
        (Some(i), _) => Outcome::Fail(format!(
            "notification {} of {} carried no {header} header; it must carry {what}",
            i + 1,
            got.len()
        )),
        (None, Some(i)) => Outcome::Fail(format!(
            "notification {} of {} carried a {header} other than {what}",
            i + 1,
            got.len()
        )),
        (None, None) => Outcome::Pass(format!(
            "all {} notifications carried {what} in {header}",
            got.len()
        )),
    };
    (notes, tok)
}

/// What is wrong with `rpc`'s answer as the opening of a stream (RPC-005:
/// HTTP 200 with `Content-Type: text/event-stream`), as `HTTP <status> <content type>,
/// expected 200 text/event-stream[ (<error>)]`; none when it opens a stream.
/// The skip text of a streaming call the agent refused with UnsupportedOperationError
/// (-32004; HTTP+JSON reason UNSUPPORTED_OPERATION) although its card declares streaming:
/// the verifier warns (CAP-STREAM-002: the card says more than the agent does, STREAM-001),
/// so the probe's streaming tests skip with the warning in both reports instead of failing
/// (interop42). `None` for any other answer.
fn stream_refused(rpc: &Rpc) -> Option<String> {
    (rpc.resp.no_answer().is_none()
        && rpc.result().is_none()
        && rpc.error_code() == Some(crate::model::jsonrpc::UNSUPPORTED_OPERATION))
    .then(|| {
        format!(
            "agent refused the stream with {} although its card declares capabilities.streaming (CAP-STREAM-002, a warning)",
            rpc.describe()
        )
    })
}

fn not_a_stream(rpc: &Rpc) -> Option<String> {
    if let Some(a) = &rpc.grpc {
        // a gRPC stream: HTTP 200 application/grpc whose messages came, or that ended OK
        // (an empty stream); an error status before any message refused it
        if rpc.resp.status == 200
            && a.grpc_content
            && (!a.messages.is_empty() || a.status.is_none_or(|s| s == 0))
        {
            return None;
        }
        return Some(format!(
            "HTTP {} {} with {}, expected a stream of StreamResponse messages",
            rpc.resp.status,
            if a.grpc_content {
                "application/grpc"
            } else {
                "without a gRPC content type"
            },
            a.status_words()
        ));
    }
    let ct = rpc.resp.content_type();
    if rpc.resp.status == 200 && ct == "text/event-stream" {
        return None;
    }
    Some(format!(
        "HTTP {} {}, expected 200 text/event-stream{}",
        rpc.resp.status,
        if ct.is_empty() {
            "without content type"
        } else {
            &ct
        },
        if rpc.error_code().is_some() {
            format!(" ({})", rpc.describe())
        } else {
            String::new()
        }
    ))
}

/// What [`read_stream`] read of a stream answer: its events as [`StreamItem`]s and raw
/// results, and the JSON-RPC error response it carried, if any (`error -32603 ... after 2
/// event(s)`: the stream's last event; 0.3 §7.2 admits it, the verifier judges it,
/// STREAM-END-005).
struct StreamRead {
    items: Vec<StreamItem>,
    results: Vec<Value>,
    error: Option<String>,
}

/// Why [`read_stream`] read no stream: `verified` when the verifier judges the answer on
/// its exchange (a success served as another content type than `text/event-stream`,
/// STREAM-HTTP-001), so the test passes with `text` and takes the finding's verdict; else
/// (an error answer, another status, no answer) the test fails with `text`. `text` is
/// worded to follow "<what the request was> ".
struct NoStream {
    verified: bool,
    text: String,
}

impl NoStream {
    /// The test's outcome: `what` then the text; a verified one names STREAM-HTTP-001.
    fn outcome(self, what: &str) -> Outcome {
        if self.verified {
            Outcome::Pass(format!(
                "{what} {} (the verifier's STREAM-HTTP-001 judges that answer)",
                self.text
            ))
        } else {
            Outcome::Fail(format!("{what} {}", self.text))
        }
    }
}

/// Whether `rpc`, a streaming call's answer that is no event stream ([`not_a_stream`]), is
/// a success the verifier judges (STREAM-HTTP-001: HTTP 200 and no JSON-RPC / HTTP+JSON
/// error): a stream served under another content type.
fn success_not_sse(rpc: &Rpc) -> bool {
    rpc.grpc.is_none()
        && rpc.resp.no_answer().is_none()
        && rpc.resp.status == 200
        && rpc.error_code().is_none()
}

/// The events of a stream answer on `tg` (a message stream or a subscription): each SSE
/// `data` read as a StreamResponse in `tg`'s wire shape (JSON-RPC: the envelope's `result`,
/// RPC-005; HTTP+JSON: the bare object, REST-002), as [`StreamItem`]s and the raw results
/// (for [`stream_checks_as_read`]); unreadable `data` is left out, a JSON-RPC error
/// response ends the reading ([`StreamRead::error`]). [`NoStream`] when the answer is not
/// HTTP 200 `text/event-stream`.
fn read_stream(tg: &Target, rpc: &Rpc) -> Result<StreamRead, NoStream> {
    if let Some(p) = not_a_stream(rpc) {
        return Err(NoStream {
            verified: success_not_sse(rpc),
            text: format!("answered {p}"),
        });
    }
    if let Some(a) = &rpc.grpc {
        // each message a StreamResponse; a non-OK status ends the stream (grpc.rs)
        let items = a
            .messages
            .iter()
            .map(|m| tg.wire().stream_item(m))
            .collect();
        let error = a
            .status
            .filter(|s| *s != 0)
            .map(|_| format!("{} after {} event(s)", a.status_words(), a.messages.len()));
        return Ok(StreamRead {
            items,
            results: a.messages.clone(),
            error,
        });
    }
    let rest = tg.binding == Binding::HttpJson;
    let mut items = Vec::new();
    let mut results: Vec<Value> = Vec::new();
    for data in crate::model::sse::event_data(&rpc.resp.body) {
        let Ok(v) = serde_json::from_str::<Value>(&data) else {
            continue;
        };
        let r = if rest {
            Some(v.clone())
        } else {
            v.get("result").cloned()
        };
        if let Some(r) = r {
            items.push(tg.wire().stream_item(&r));
            results.push(r);
        } else if let Some(e) = v.get("error") {
            let error = format!(
                "error {} {} after {} event(s)",
                e.get("code").map(Value::to_string).unwrap_or_default(),
                e.get("message").and_then(Value::as_str).unwrap_or(""),
                items.len()
            )
            .replace("  ", " ");
            return Ok(StreamRead {
                items,
                results,
                error: Some(error),
            });
        }
    }
    Ok(StreamRead {
        items,
        results,
        error: None,
    })
}

/// The outcome of a send's or get's Task answer (`what`) that lacks its id or contextId
/// (session 48): without an id, or any 0.x Task (`wire`), the verifier's DATA-SHAPE-001
/// (DATA-005: a Task has its `id`; 0.x its `contextId` too) on the exchange decides it
/// ([`verifier_reads`]); a 1.0 Task with an id but no contextId breaks ID-002 (the agent
/// MUST return the context it mints), which no rule judges: the probe's expectation.
fn task_without_ids(t: &Value, wire: Dialect, what: &str) -> Outcome {
    let id = t
        .get("id")
        .and_then(Value::as_str)
        .is_some_and(|s| !s.is_empty());
    let m = format!("{what} returned a task without a server-generated id and contextId");
    if !id || wire == Dialect::V0_3 {
        verifier_reads(Outcome::Fail(m), "DATA-SHAPE-001")
    } else {
        expectation(format!(
            "{m} (ID-002: an agent that mints a context MUST return it; no rule judges a 1.0 Task without contextId)"
        ))
    }
}

/// A check whose fault the recording shows and the verifier's `rules` judge (session 44:
/// active and passive verdicts are one code path): the probe's own failure becomes a pass
/// that says what it read, and the verifier's finding on the exchange fails the test
/// ([`super::merge_findings`], [`super::owning_check`]), so `verify` of the recording
/// gives the same verdict and a stream the verifier finds legal passes both.
fn verifier_reads(o: Outcome, rules: &str) -> Outcome {
    match o {
        Outcome::Fail(m) => {
            let verb = if rules.contains(" and ") || rules.ends_with('*') {
                "judge"
            } else {
                "judges"
            };
            Outcome::Pass(format!("{m} (the verifier's {rules} {verb} it)"))
        }
        o => o,
    }
}

/// The five checks of [`stream_checks_as_read`] as the verifier judges them
/// ([`verifier_reads`]): first-event (STREAM-FIRST-001, STREAM-SHAPE-001/-002), same-ids
/// (ID-EVENT-001/-002, ID-CTX-002), nothing-after-terminal (STREAM-END-001,
/// STREAM-SHAPE-003, STREAM-FINAL-001), and terminal (STREAM-END-002/-005, on 0.x their
/// warnings -007/-008: [`terminal_rules`] of the stream's version `dialect`;
/// STREAM-FINAL-001, SSE-FRAME-001) when the agent ended the stream (`resp` complete) or
/// broke it before a terminal or interrupted state. Kept as the probe's own: a stream the
/// probe's deadline cut (the recording shows the probe leaving, no verdict on the agent's
/// end) and one cut after its terminal event.
fn stream_checks_verified(
    checks: [Outcome; 5],
    resp: &ProbeResponse,
    dialect: Dialect,
) -> [Outcome; 5] {
    let [first, same, terminal, after, lc] = checks;
    let ended = resp.complete || (resp.cut.is_some() && matches!(after, Outcome::Skip(_)));
    // grpc58: a stream that reached its terminal event and was still open when the probe
    // left at its deadline: the verifier's STREAM-END-009 (0.x: STREAM-END-010) judges the
    // agent's hold from the recording (the terminal event's time against the probe's close,
    // 2 s of grace), as it does a passive client's; the probe's own "did not close" was a
    // verdict no `verify` of the recording gave
    let held = !ended
        && resp.cut.is_none()
        && matches!(&terminal, Outcome::Fail(m) if m.ends_with(HELD_OPEN_WORDS));
    // streams59 item 4: the verifier judges the hold only when the probe left the stream
    // the grace or more after its terminal event (the transport reads a stream past its
    // deadline until STREAM_LINGER after its last bytes, so it does); a stream the probe
    // left sooner is not judged, and saying "the verifier judges it" over it was a pass
    // that hid a held stream
    let grace_ms = crate::verify::HELD_OPEN_GRACE_US / 1000;
    let left_soon = resp.quiet_ms.filter(|q| *q < grace_ms);
    [
        verifier_reads(first, "STREAM-FIRST-001 and STREAM-SHAPE-*"),
        verifier_reads(same, "ID-EVENT-001, ID-EVENT-002 and ID-CTX-002"),
        if ended {
            verifier_reads(terminal, terminal_rules(dialect))
        } else if let (true, Some(q), Outcome::Fail(m)) = (held, left_soon, &terminal) {
            Outcome::Skip(format!(
                "{m}, but the probe left it {q} ms after its last bytes, within the {} s an agent may take to close a stream after its last event: whether the agent held it open is not judged ({} not applied)",
                grace_ms / 1000,
                held_open_rules(dialect)
            ))
        } else if held {
            verifier_reads(terminal, held_open_rules(dialect))
        } else {
            terminal
        },
        verifier_reads(after, "STREAM-END-001 and STREAM-FINAL-001"),
        lc,
    ]
}

/// The verifier's rules that judge a stream's end in `dialect` (`streaming.terminal`, the
/// ended stream of `streaming.follow-up` and `streaming.resubscribe`), as the probe's words
/// name them. 1.0: the errors STREAM-END-002 (closed before a terminal or interrupted
/// state) and STREAM-END-005 (cut by the agent's error); 0.x: their warnings STREAM-END-007
/// and STREAM-END-008 (sev44b: STREAM-003 / STREAM-007 are a SHOULD in 0.3, unspecified in
/// 0.2), which change no verdict under the default `--fail-on error`; STREAM-FINAL-001
/// (a 0.x `final` flag on a state that does not end the cycle, STREAM-008) in both.
fn terminal_rules(dialect: Dialect) -> &'static str {
    match dialect {
        Dialect::V1_0 => "STREAM-END-002, STREAM-END-005 and STREAM-FINAL-001",
        Dialect::V0_3 => "STREAM-END-007, STREAM-END-008 (0.x warnings: STREAM-003 is a SHOULD in 0.3) and STREAM-FINAL-001",
    }
}

/// The verifier's rule that judges a stream the agent held open after its terminal event
/// until the probe left (STREAM-003 / STREAM-007, grpc58): 1.0 the error STREAM-END-009, 0.x
/// its warning STREAM-END-010 (STREAM-008: 0.3 says the server closes after `final: true`
/// as a SHOULD), which changes no verdict under the default `--fail-on error`.
fn held_open_rules(dialect: Dialect) -> &'static str {
    match dialect {
        Dialect::V1_0 => "STREAM-END-009",
        Dialect::V0_3 => "STREAM-END-010 (a 0.x warning: closing at final is a SHOULD in 0.3)",
    }
}

/// `JSON-RPC`, `HTTP+JSON` or `gRPC`, as messages name a binding.
fn binding_words(b: Binding) -> &'static str {
    match b {
        Binding::JsonRpc => "JSON-RPC",
        Binding::HttpJson => "HTTP+JSON",
        Binding::Grpc => "gRPC",
        Binding::Other => "another binding",
    }
}

/// Tests of one dialect that follow `card.interface-url`, skipped together when it fails.
const DIALECT_TESTS: &[(&str, Category)] = &[
    ("errors.unknown-task", Category::ErrorHandling),
    ("lifecycle.send", Category::Lifecycle),
    ("lifecycle.get-task", Category::Lifecycle),
    ("lifecycle.poll-terminal", Category::Lifecycle),
    ("lifecycle.history-length", Category::Lifecycle),
    ("lifecycle.cancel", Category::Lifecycle),
    ("lifecycle.input-required", Category::Lifecycle),
    ("streaming.content-type", Category::Streaming),
    ("errors.cancel-completed", Category::ErrorHandling),
    ("errors.message-to-terminal", Category::ErrorHandling),
    ("errors.subscribe-terminal", Category::ErrorHandling),
    ("errors.unknown-method", Category::ErrorHandling),
    ("errors.invalid-request", Category::ErrorHandling),
    ("errors.parse-error", Category::ErrorHandling),
    ("errors.invalid-params", Category::ErrorHandling),
    ("errors.unsupported-version", Category::ErrorHandling),
];

/// Streaming tests in run order; the last five come from [`stream_checks`].
const STREAM_TESTS: [&str; 7] = [
    "streaming.content-type",
    "streaming.envelope",
    "streaming.first-event",
    "streaming.same-ids",
    "streaming.terminal",
    "streaming.nothing-after-terminal",
    "streaming.last-chunk",
];

/// Judges the events of one message stream (STREAM-002, -003, -007, -008, -009, ID-005,
/// ID-006). `closed` = the agent ended the response before the deadline. Returns outcomes for
/// first-event, same-ids, terminal, nothing-after-terminal, last-chunk.
/// [`stream_checks`] of a stream whose events were read in the 1.0 shape (`items`, from
/// `results`), worded for events that are StreamResponse objects only in the 0.3 shape
/// (`kind` discriminator; STREAM-SHAPE-001, breaker15b R13): each check keeps its 1.0
/// verdict (what a 1.0 client sees), and where the 0.3 reading tells another story the
/// message says so: "stream reached completed at event 2 and closed, but only in the 0.3
/// shape ...", not a bare "closed without a terminal state".
/// `resp`: the stream's response, whose [`ProbeResponse::complete`] says the agent ended it
/// and whose [`ProbeResponse::cut`] says why it did not (deadline, a broken connection).
fn stream_checks_as_read(
    d: Dialect,
    items: &[StreamItem],
    results: &[Value],
    resp: &ProbeResponse,
    resumed: Resumed,
) -> [Outcome; 5] {
    let (closed, cut) = (resp.complete, resp.cut.as_deref());
    let checks = stream_checks(d, items, closed, cut, resumed);
    let mut misshaped = 0;
    let read_03: Vec<StreamItem> = items
        .iter()
        .zip(results)
        .map(|(it, r)| match it {
            StreamItem::Other => match Dialect::V0_3.stream_item(r) {
                StreamItem::Other => StreamItem::Other,
                other => {
                    misshaped += 1;
                    other
                }
            },
            other => other.clone(),
        })
        .collect();
    if misshaped == 0 || items.len() != results.len() {
        return checks;
    }
    let total = items.len();
    let seen = format!(
        "a 1.0 client reads {misshaped} of {total} events (0.3 `kind` objects, not the 1.0 StreamResponse members task, message, statusUpdate, artifactUpdate) as nothing"
    );
    let alt = stream_checks(Dialect::V0_3, &read_03, closed, cut, resumed);
    let msg = |o: &Outcome| match o {
        Outcome::Pass(m) | Outcome::Fail(m) | Outcome::Skip(m) => m.clone(),
    };
    let mut alt = alt.into_iter();
    checks.map(|o| {
        let a = alt.next().unwrap_or(Outcome::Skip(String::new()));
        let (m1, m3) = (msg(&o), msg(&a));
        let text = if m1 == m3 {
            format!("{m1} ({seen})")
        } else if matches!(a, Outcome::Pass(_)) {
            format!("{m3}, but only in the 0.3 shape: {seen} and finds: {m1}")
        } else {
            format!("{m1}; {seen}; in the 0.3 reading: {m3}")
        };
        match o {
            Outcome::Pass(_) => Outcome::Pass(text),
            Outcome::Fail(_) => Outcome::Fail(text),
            Outcome::Skip(_) => Outcome::Skip(text),
        }
    })
}

/// Whether a stream resumes a task that waited in an interrupted state (a streaming
/// follow-up to an input-required task, or a subscription to one): its first event may be
/// the Task as it stands, still interrupted (STREAM-003, STREAM-004), which then does not end
/// the stream's cycle (TASK-007) when more events follow.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Resumed {
    /// A new task's stream: any terminal or interrupted state ends the cycle.
    No,
    /// A resumed task's stream: an interrupted first Task followed by more events does not.
    Yes,
}

fn stream_checks(
    d: Dialect,
    items: &[StreamItem],
    closed: bool,
    cut: Option<&str>,
    resumed: Resumed,
) -> [Outcome; 5] {
    // The verifier's verdict on the first event, not one of the prober's own: active and
    // passive judge a stream alike (newcomer19 N2: a 0.3 stream opening with a status-update
    // failed here while `verify` of the same recording found nothing).
    let update_first = |kind: PayloadKind, name: &str| {
        match crate::verify::stream_first_event_rule(Some(d.into()), kind) {
            Some(rule) => Outcome::Fail(format!(
                "first event is neither a task nor a message but a {name} ({})",
                rule.id
            )),
            None => Outcome::Pass(format!(
                "first event is a {name} ({} lets a stream open with an update of its task: STREAM-003 is a should there)",
                d.label()
            )),
        }
    };
    let first = match items.first() {
        Some(StreamItem::Task { .. }) => Outcome::Pass("first event is a task".into()),
        Some(StreamItem::Message) => Outcome::Pass("first event is a message".into()),
        Some(StreamItem::Status { .. }) => update_first(PayloadKind::StatusUpdate, "status update"),
        Some(StreamItem::Artifact { .. }) => {
            update_first(PayloadKind::ArtifactUpdate, "artifact update")
        }
        Some(StreamItem::Other) => {
            Outcome::Fail("first event is neither a task nor a message".into())
        }
        None => Outcome::Fail("stream carried no event".into()),
    };
    // ids of the first task
    let (mut tid, mut cid): (Option<String>, Option<String>) = (None, None);
    let mut mismatch = Vec::new();
    // index of the first event that ends the cycle
    let mut end_at: Option<(usize, String)> = None;
    let mut last_chunk_done: Vec<String> = Vec::new();
    let mut after_last_chunk = Vec::new();
    let mut artifacts = 0;
    for (n, it) in items.iter().enumerate() {
        let (t, c, state, fin) = match it {
            StreamItem::Task {
                id,
                context_id,
                state,
            } => (id, context_id, *state, false),
            StreamItem::Status {
                task_id,
                context_id,
                state,
                final_flag,
            } => (task_id, context_id, *state, *final_flag),
            StreamItem::Artifact {
                task_id,
                context_id,
                artifact_id,
                last_chunk,
            } => {
                artifacts += 1;
                if let Some(a) = artifact_id {
                    if last_chunk_done.contains(a) {
                        after_last_chunk.push(format!("{a} at event {n}"));
                    }
                    if *last_chunk {
                        last_chunk_done.push(a.clone());
                    }
                }
                (task_id, context_id, None, false)
            }
            StreamItem::Message => {
                if n == 0 && end_at.is_none() {
                    end_at = Some((0, "message".into()));
                }
                continue;
            }
            StreamItem::Other => continue,
        };
        match (&tid, t) {
            (None, Some(t)) => tid = Some(t.clone()),
            (Some(a), Some(b)) if a != b => {
                mismatch.push(format!("event {n} has taskId {b}, first task {a}"))
            }
            (_, None) => mismatch.push(format!("event {n} has no taskId")),
            _ => {}
        }
        match (&cid, c) {
            (None, Some(c)) => cid = Some(c.clone()),
            (Some(a), Some(b)) if a != b => {
                mismatch.push(format!("event {n} has contextId {b}, first {a}"))
            }
            (_, None) => mismatch.push(format!("event {n} has no contextId")),
            _ => {}
        }
        // a resumed task's opening snapshot, still interrupted, with events after it
        let opening = resumed == Resumed::Yes
            && n == 0
            && items.len() > 1
            && matches!(it, StreamItem::Task { .. })
            && state.is_some_and(|s| s.is_interrupted());
        if end_at.is_none() && !opening {
            let ends = match d {
                // 1.0: closure at terminal; interrupted may close too (trap 4)
                Dialect::V1_0 => state.is_some_and(|s| s.is_terminal() || s.is_interrupted()),
                // 0.x: `final: true`, or a terminal task/status
                Dialect::V0_3 => fin || state.is_some_and(|s| s.is_terminal()),
            };
            if ends {
                end_at = Some((
                    n,
                    state.map(TaskState::as_str).unwrap_or("final").to_string(),
                ));
            }
        }
    }
    let same = if items.is_empty() {
        // nothing to compare: not a pass over zero events
        Outcome::Skip("stream carried no event".into())
    } else if mismatch.is_empty() {
        Outcome::Pass("every event carries the first task's taskId and contextId".into())
    } else {
        Outcome::Fail(mismatch.join(", "))
    };
    let (terminal, after) = match &end_at {
        None => (
            Outcome::Fail(match (closed, cut) {
                (true, _) => "stream closed without a terminal or interrupted state".into(),
                // the agent's side broke the stream (ux32: a killed agent was reported as a
                // deadline that passed "(0 ms)")
                (false, Some(why)) => format!(
                    "stream was cut before a terminal or interrupted state (STREAM-002): {why}"
                ),
                (false, _) => NO_END_BY_DEADLINE.into(),
            }),
            Outcome::Skip("no terminal event".into()),
        ),
        Some((n, s)) => {
            let extra = items.len() - n - 1;
            let t = match (closed, cut) {
                (true, _) => Outcome::Pass(format!("stream reached {s} at event {n} and closed")),
                (false, Some(why)) => Outcome::Fail(format!(
                    "stream reached {s} at event {n}, then was cut instead of closing: {why}"
                )),
                (false, _) => {
                    Outcome::Fail(format!("stream reached {s} at event {n} {HELD_OPEN_WORDS}"))
                }
            };
            // 1.0 §11.7: a stream MAY repeat the task as a final snapshot in the state
            // it ended in before closing; the verifier keeps it legal (STREAM-END-001's
            // `repeat_snapshot`), and so does the probe (breaker43
            // `v10-snapshot-after-terminal`: the probe failed what `verify` passed).
            let snapshots = items[n + 1..]
                .iter()
                .filter(|it| {
                    d == Dialect::V1_0
                        && matches!(it, StreamItem::Task { state: Some(st), .. }
                            if st.is_terminal() && st.as_str() == s.as_str())
                })
                .count();
            let extra = extra - snapshots;
            let a = if extra == 0 && snapshots > 0 {
                Outcome::Pass(format!(
                    "nothing after the {s} event but its repeated task snapshot (1.0 §11.7)"
                ))
            } else if extra == 0 {
                Outcome::Pass(format!("nothing after the {s} event"))
            } else {
                Outcome::Fail(format!("{extra} events after the {s} event {n}"))
            };
            (t, a)
        }
    };
    let lc = if artifacts == 0 {
        Outcome::Skip("stream carried no artifact update".into())
    } else if after_last_chunk.is_empty() {
        Outcome::Pass(format!(
            "{artifacts} artifact updates, none after lastChunk"
        ))
    } else {
        // STREAM-009's "nothing after lastChunk" is derived, no MUST: the verifier warns
        // (STREAM-ARTIFACT-002), so the probe passes with the warning in both reports
        // (interop42: it failed here while `verify` of the recording only warned)
        Outcome::Pass(format!(
            "{artifacts} artifact updates, chunks after lastChunk: {} (STREAM-ARTIFACT-002, a warning)",
            after_last_chunk.join(", ")
        ))
    };
    [first, same, terminal, after, lc]
}

/// HTTP method, (path, query) and body of `op` in the 1.0 HTTP+JSON binding (REST-001).
fn rest_route(op: Op, params: &Value) -> (Method, (String, Option<String>), Option<Bytes>) {
    let id = enc(params.get("id").and_then(Value::as_str).unwrap_or(""));
    let body = |v: &Value| Some(Bytes::from(v.to_string()));
    match op {
        Op::Send => (Method::POST, ("/message:send".into(), None), body(params)),
        Op::Stream => (Method::POST, ("/message:stream".into(), None), body(params)),
        Op::Get => {
            let q = params
                .get("historyLength")
                .and_then(Value::as_u64)
                .map(|n| format!("historyLength={n}"));
            (Method::GET, (format!("/tasks/{id}"), q), None)
        }
        Op::Cancel => (
            Method::POST,
            (format!("/tasks/{id}:cancel"), None),
            body(&json!({})),
        ),
        // the prose verb (trap 1: the proto says GET; `streaming.resubscribe` retries with it)
        Op::Subscribe => (
            Method::POST,
            (format!("/tasks/{id}:subscribe"), None),
            body(&json!({})),
        ),
        // ListTasks params as camelCase query parameters (REST-001)
        Op::List => {
            let q: Vec<String> = params
                .as_object()
                .into_iter()
                .flatten()
                .filter_map(|(k, v)| {
                    let v = match v {
                        Value::String(s) => s.clone(),
                        Value::Number(n) => n.to_string(),
                        Value::Bool(b) => b.to_string(),
                        _ => return None,
                    };
                    Some(format!("{}={}", enc(k), enc(&v)))
                })
                .collect();
            (
                Method::GET,
                ("/tasks".into(), (!q.is_empty()).then(|| q.join("&"))),
                None,
            )
        }
        // 1.0 push-config routes (digest §1 HTTP+JSON)
        Op::CreatePush | Op::GetPush | Op::ListPush | Op::DeletePush => {
            let task = enc(params.get("taskId").and_then(Value::as_str).unwrap_or(""));
            let configs = format!("/tasks/{task}/pushNotificationConfigs");
            match op {
                Op::CreatePush => (Method::POST, (configs, None), body(params)),
                Op::ListPush => (Method::GET, (configs, None), None),
                Op::GetPush => (Method::GET, (format!("{configs}/{id}"), None), None),
                _ => (Method::DELETE, (format!("{configs}/{id}"), None), None),
            }
        }
    }
}

/// `route` (`/message:send`) under the interface URL, after `/{tenant}` when set.
fn rest_url(tg: &Target, route: &str, query: Option<&str>) -> Url {
    let mut url = tg.url.clone();
    let mut path = url.path().trim_end_matches('/').to_string();
    if let Some(t) = &tg.tenant {
        path.push('/');
        path.push_str(&enc(t));
    }
    if tg.dialect == Dialect::V0_3 {
        path.push_str("/v1"); // 0.3 REST routes (REST-003)
    }
    path.push_str(route);
    url.set_path(&path);
    url.set_query(query);
    url
}

/// Percent-encodes one path segment.
fn enc(s: &str) -> String {
    url::form_urlencoded::byte_serialize(s.as_bytes()).collect()
}

/// JSON-RPC code of an HTTP+JSON error: from `ErrorInfo.reason` (ERR-003), else from the
/// HTTP status (ERR-002 table, 1.0.1 and 1.0.0 statuses).
fn rest_code(reason: Option<&str>, status: u16) -> i64 {
    match reason {
        Some("TASK_NOT_FOUND") => -32001,
        Some("TASK_NOT_CANCELABLE") => -32002,
        Some("PUSH_NOTIFICATION_NOT_SUPPORTED") => -32003,
        Some("UNSUPPORTED_OPERATION") => -32004,
        Some("CONTENT_TYPE_NOT_SUPPORTED") => -32005,
        Some("INVALID_AGENT_RESPONSE") => -32006,
        Some("EXTENDED_AGENT_CARD_NOT_CONFIGURED") => -32007,
        Some("EXTENSION_SUPPORT_REQUIRED") => -32008,
        Some("VERSION_NOT_SUPPORTED") => -32009,
        _ => match status {
            404 => -32001,
            409 => -32002,
            415 => -32005,
            501 => -32004,
            400 | 422 => -32602,
            _ => -32603,
        },
    }
}

/// An RFC 9457 problem details body (`{"type", "title", "status", "detail"}`, no `error`
/// member): its `type` (or `title`) and the A2A reason its `type` URI's last segment names
/// (`.../task-not-found` = `TASK_NOT_FOUND`), as the verifier reads it (REST-ERROR-002).
fn problem_details(b: &Value) -> Option<(String, Option<String>)> {
    let o = b.as_object().filter(|o| !o.contains_key("error"))?;
    let ty = o.get("type").and_then(Value::as_str);
    let title = o.get("title").and_then(Value::as_str);
    if ty.is_none() && title.is_none() || !o.get("status").is_none_or(Value::is_u64) {
        return None;
    }
    let reason = ty
        .and_then(|t| t.trim_end_matches('/').rsplit('/').next())
        .map(|t| t.replace('-', "_").to_ascii_uppercase())
        .filter(|r| rest_code(Some(r), 0) != rest_code(None, 0));
    Some((ty.or(title).unwrap_or_default().to_string(), reason))
}

/// A JSON-RPC response (2xx, `"jsonrpc"` present) with neither `result` nor `error`:
/// JSON-RPC 2.0 §5 requires one, and the verifier's RPC-ENVELOPE-001 says so on the
/// exchange, so a test that reads it leaves the verdict to that finding.
fn no_result_nor_error(rpc: &Rpc) -> bool {
    rpc.resp.no_answer().is_none()
        && (200..300).contains(&rpc.resp.status)
        && rpc.json.as_ref().is_some_and(|j| {
            j.get("jsonrpc").is_some() && j.get("result").is_none() && j.get("error").is_none()
        })
}

/// The A2A error an HTTP+JSON answer names: the ErrorInfo `reason` of its google.rpc.Status
/// `error.details`, the reason its problem+json `type` names, or the negative code of a 0.3
/// error object, as text; `None` when the body names none (an unrouted path's 404).
fn rest_reason(resp: &ProbeResponse) -> Option<String> {
    let body = resp.json()?;
    if let Some(k) = body.get("code").and_then(Value::as_i64).filter(|k| *k < 0) {
        return Some(k.to_string());
    }
    if let Some((_, reason)) = problem_details(&body) {
        return reason;
    }
    body.pointer("/error/details")
        .and_then(Value::as_array)
        .and_then(|d| {
            d.iter()
                .find_map(|x| x.get("reason").and_then(Value::as_str))
        })
        .map(str::to_string)
}

/// Normalises an HTTP+JSON answer to a JSON-RPC response so the plan judges both bindings
/// alike: 2xx JSON body → `result`; an error body `{"error":{code,status,message,details}}`
/// → `error` with the code of [`rest_code`] and the HTTP status and reason in `message`.
fn rest_rpc(resp: ProbeResponse) -> Rpc {
    let body = resp.json();
    let json = if (200..300).contains(&resp.status) {
        body.map(|b| json!({"jsonrpc": "2.0", "result": b}))
    } else if let Some(code) = body
        .as_ref()
        .and_then(|b| b.get("code"))
        .and_then(Value::as_i64)
        .filter(|c| *c < 0)
    {
        // 0.3 REST errors are not standardised; some SDKs send a JSON-RPC error object
        let msg = body
            .as_ref()
            .and_then(|b| b.get("message"))
            .and_then(Value::as_str)
            .unwrap_or("");
        Some(json!({"jsonrpc": "2.0", "error": {"code": code,
            "message": format!("HTTP {} {msg}", resp.status)}}))
    } else if let Some((ty, reason)) = body.as_ref().and_then(problem_details) {
        // RFC 9457 problem details, the error form 1.0 §6.4/§6.5 show (DIGEST trap 10):
        // an A2A error in a form 1.0.1 replaced, which the verifier reads as one
        // (REST-ERROR-002, a note) and the probe as well (breaker43 `rest-problem-json`:
        // `card.interface-url` failed on a 404 problem+json TaskNotFound while `verify`
        // of the same recording told only the note)
        let msg = format!("HTTP {} problem+json {ty}", resp.status);
        Some(json!({"jsonrpc": "2.0", "error": {
            "code": rest_code(reason.as_deref(), resp.status),
            "message": msg.trim_end(),
        }}))
    } else {
        body.and_then(|b| b.get("error").filter(|e| e.is_object()).cloned())
            .map(|e| {
                let reason = e.get("details").and_then(Value::as_array).and_then(|d| {
                    d.iter()
                        .find_map(|x| x.get("reason").and_then(Value::as_str))
                });
                let status = e.get("status").and_then(Value::as_str).unwrap_or("");
                let msg = format!("HTTP {} {status} {}", resp.status, reason.unwrap_or(""));
                json!({"jsonrpc": "2.0", "error": {
                    "code": rest_code(reason, resp.status),
                    "message": msg.split_whitespace().collect::<Vec<_>>().join(" "),
                }})
            })
    };
    Rpc {
        resp,
        json,
        grpc: None,
    }
}

/// The config object of a push-config result: 1.0 flat `TaskPushNotificationConfig`, 0.3
/// its `pushNotificationConfig` member.
fn push_config(v: &Value, wire: Dialect) -> Option<&Value> {
    match wire {
        Dialect::V1_0 => Some(v).filter(|c| c.is_object()),
        Dialect::V0_3 => v.get("pushNotificationConfig").filter(|c| c.is_object()),
    }
}

/// The own check of a test whose answer the verifier judges (interop42; active and passive
/// verdicts are one code path): `errors.cancel-completed` (TASK-STATE-003 for a success,
/// RPC-ERROR-001 / REST-ERROR-* for a wrong code), `errors.message-to-terminal`
/// (TASK-STATE-002), `errors.subscribe-terminal` (TASK-STATE-006) and
/// `errors.unsupported-version` (VER-HDR-001 for a call served, RPC-ERROR-001 for another
/// code). Any A2A answer, a result or an error (HTTP+JSON: normalised by [`rest_rpc`]),
/// passes here: a wrong one fails the test by the verifier's finding on its exchange
/// ([`super::merge_findings`]), so `verify` of the recording gives the same verdict, and
/// an answer the specification leaves open passes both (0.x error codes are a SHOULD,
/// ERR-002: a 0.3 cancel of a completed task answered -32602 is legal). Judged here:
/// no answer, or one that is no A2A answer at all (no JSON-RPC response, no HTTP+JSON error
/// body). `what` names the call, `code` / `label` the error the test expects.
fn verifier_judges(rpc: &Rpc, what: &str, code: i64, label: &str) -> Outcome {
    if rpc.resp.no_answer().is_none() && (rpc.result().is_some() || rpc.error_code().is_some()) {
        Outcome::Pass(format!(
            "{what} answered {} ({code} {label} expected)",
            rpc.describe()
        ))
    } else {
        expect_code(rpc, code, label)
    }
}

/// Pass when `rpc` is a JSON-RPC error with `code`, else a failure naming what came.
fn expect_code(rpc: &Rpc, code: i64, label: &str) -> Outcome {
    // the probe's recording proxy answered 502 for an agent that gave no answer: say so,
    // not "got HTTP 502" as if the agent had sent it (breaker8 G20)
    if let Some(no) = rpc.resp.no_answer() {
        return Outcome::Fail(format!("{no} ({code} expected)"));
    }
    match rpc.error_code() {
        Some(c) if c == code => Outcome::Pass(format!("error {code} {label}")),
        _ => Outcome::Fail(format!(
            "expected error {code} {label}, got {}",
            rpc.describe()
        )),
    }
}

/// `url` with its bind-all host (`0.0.0.0`, `[::]`: an agent's listen address, no
/// destination) replaced by `base`'s host, port, path and scheme kept (review32): `probe`
/// calls the agent at the address the operator gave instead of refusing the card's host;
/// the verifier judges the card itself (CARD-URL-011 on a card fetched on the agent's host,
/// CARD-URL-003 from another; CARD-005). `None` for any other URL.
fn bind_all_to_probed(url: &Url, base: &Url) -> Option<Url> {
    // the verifier's own reading of a bind-all host (CARD-URL-011), so the probe moves
    // exactly the URLs it reports
    let bind_all = url
        .host_str()
        .is_some_and(|h| crate::model::net::host_class(h) == crate::model::net::HostClass::BindAll);
    let host = base.host_str().filter(|_| bind_all)?;
    let mut to = url.clone();
    to.set_host(Some(host)).ok()?;
    Some(to)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bind_all_card_url_moves_to_the_probed_host() {
        let base = Url::parse("http://192.0.2.7:8080/").unwrap();
        let to =
            |u: &str| bind_all_to_probed(&Url::parse(u).unwrap(), &base).map(|u| u.to_string());
        assert_eq!(
            to("http://0.0.0.0:9999/rpc?x=1").as_deref(),
            Some("http://192.0.2.7:9999/rpc?x=1")
        );
        assert_eq!(
            to("https://[::]/a2a").as_deref(),
            Some("https://192.0.2.7/a2a")
        );
        assert_eq!(to("http://10.0.0.1:9999/rpc"), None);
        assert_eq!(to("http://agent.example.test/rpc"), None);
        let v6 = Url::parse("http://[fd00::2]:8080/").unwrap();
        assert_eq!(
            bind_all_to_probed(&Url::parse("http://0.0.0.0:1/").unwrap(), &v6)
                .map(|u| u.to_string())
                .as_deref(),
            Some("http://[fd00::2]:1/")
        );
    }

    fn status(state: &str) -> StreamItem {
        StreamItem::Status {
            task_id: Some("t".into()),
            context_id: Some("c".into()),
            state: TaskState::parse_lenient(state),
            final_flag: false,
        }
    }

    #[test]
    fn events_after_terminal_fail_only_that_check() {
        let items = vec![
            StreamItem::Task {
                id: Some("t".into()),
                context_id: Some("c".into()),
                state: TaskState::parse_lenient("TASK_STATE_SUBMITTED"),
            },
            status("TASK_STATE_COMPLETED"),
            status("TASK_STATE_WORKING"),
        ];
        let [first, same, term, after, lc] =
            stream_checks(Dialect::V1_0, &items, true, None, Resumed::No);
        assert!(matches!(first, Outcome::Pass(_)));
        assert!(matches!(same, Outcome::Pass(_)));
        assert!(matches!(term, Outcome::Pass(_)));
        assert!(matches!(&after, Outcome::Fail(m) if m == "1 events after the completed event 1"));
        assert!(matches!(lc, Outcome::Skip(_)));
    }

    /// breaker43 `v10-snapshot-after-terminal`: a 1.0 stream MAY repeat the task as a final
    /// snapshot in the terminal state it reached (1.0 §11.7), as the verifier's
    /// STREAM-END-001 allows; a snapshot in another state, or any event after a 0.3
    /// `final: true`, still fails the check.
    #[test]
    fn a_repeated_terminal_task_snapshot_is_not_an_event_after_the_terminal_one() {
        let task = |state: &str| StreamItem::Task {
            id: Some("t".into()),
            context_id: Some("c".into()),
            state: TaskState::parse_lenient(state),
        };
        let items = vec![
            task("TASK_STATE_SUBMITTED"),
            status("TASK_STATE_COMPLETED"),
            task("TASK_STATE_COMPLETED"),
        ];
        let [_, _, term, after, _] = stream_checks(Dialect::V1_0, &items, true, None, Resumed::No);
        assert!(matches!(term, Outcome::Pass(_)));
        assert!(
            matches!(&after, Outcome::Pass(m) if m.contains("repeated task snapshot")),
            "{after:?}"
        );
        let items = vec![
            task("TASK_STATE_SUBMITTED"),
            status("TASK_STATE_COMPLETED"),
            task("TASK_STATE_WORKING"),
        ];
        let [_, _, _, after, _] = stream_checks(Dialect::V1_0, &items, true, None, Resumed::No);
        assert!(matches!(&after, Outcome::Fail(m) if m == "1 events after the completed event 1"));
        let items = vec![task("submitted"), status("completed"), task("completed")];
        let [_, _, _, after, _] = stream_checks(Dialect::V0_3, &items, true, None, Resumed::No);
        assert!(matches!(&after, Outcome::Fail(m) if m == "1 events after the completed event 1"));
    }

    /// breaker43 `rest-problem-json`: an RFC 9457 problem details body (1.0 §6.4's error
    /// form) is read as the A2A error its `type` names, as the verifier reads it
    /// (REST-ERROR-002), else by its HTTP status; a google.rpc.Status body is not one.
    #[test]
    fn problem_details_bodies_are_read_as_their_a2a_error() {
        let p = json!({"type": "https://a2a-protocol.org/errors/task-not-found",
                       "title": "task not found", "status": 404});
        assert_eq!(
            problem_details(&p),
            Some((
                "https://a2a-protocol.org/errors/task-not-found".into(),
                Some("TASK_NOT_FOUND".into())
            ))
        );
        let p = json!({"type": "about:blank", "title": "Conflict", "status": 409});
        assert_eq!(problem_details(&p), Some(("about:blank".into(), None)));
        assert_eq!(problem_details(&json!({"error": {"code": 404}})), None);
        assert_eq!(problem_details(&json!({"status": 404})), None);
        assert_eq!(
            problem_details(&json!({"title": "x", "status": "NOT_FOUND"})),
            None
        );
    }

    /// newcomer19 N2: the first event is judged by the verifier's rule
    /// (`stream_first_event_rule`): a status update first is STREAM-FIRST-001 in 1.0, and
    /// legal in 0.3 (a should there, which `verify` does not flag), on the same stream.
    #[test]
    fn an_update_first_fails_in_1_0_and_passes_in_0_3_as_the_verifier_judges() {
        let items = vec![status("working"), status("completed")];
        let [first, ..] = stream_checks(Dialect::V1_0, &items, true, None, Resumed::Yes);
        assert!(
            matches!(&first, Outcome::Fail(m) if m == "first event is neither a task nor a message but a status update (STREAM-FIRST-001)"),
            "{first:?}"
        );
        let [first, same, term, ..] =
            stream_checks(Dialect::V0_3, &items, true, None, Resumed::Yes);
        assert!(
            matches!(&first, Outcome::Pass(m) if m.starts_with("first event is a status update (0.3 lets")),
            "{first:?}"
        );
        assert!(matches!(same, Outcome::Pass(_)), "{same:?}");
        assert!(matches!(term, Outcome::Pass(_)), "{term:?}");
        // nothing a client can read first fails in every dialect
        for d in [Dialect::V0_3, Dialect::V1_0] {
            let [first, ..] = stream_checks(d, &[StreamItem::Other], true, None, Resumed::No);
            assert!(matches!(first, Outcome::Fail(_)), "{first:?}");
        }
    }

    /// A resumed task's stream opens with the Task still input-required: with
    /// `Resumed::Yes` that snapshot does not end the cycle, the later completed does; a new
    /// task's stream ends at the first interrupted state (STREAM-003, TASK-007).
    #[test]
    fn a_resumed_streams_interrupted_opening_task_does_not_end_the_cycle() {
        let items = vec![
            StreamItem::Task {
                id: Some("t".into()),
                context_id: Some("c".into()),
                state: TaskState::parse_lenient("TASK_STATE_INPUT_REQUIRED"),
            },
            status("TASK_STATE_WORKING"),
            status("TASK_STATE_COMPLETED"),
        ];
        let [_, _, term, after, _] = stream_checks(Dialect::V1_0, &items, true, None, Resumed::Yes);
        assert!(
            matches!(&term, Outcome::Pass(m) if m == "stream reached completed at event 2 and closed")
        );
        assert!(matches!(after, Outcome::Pass(_)));
        let [_, _, term, after, _] = stream_checks(Dialect::V1_0, &items, true, None, Resumed::No);
        assert!(
            matches!(&term, Outcome::Pass(m) if m == "stream reached input-required at event 0 and closed")
        );
        assert!(
            matches!(&after, Outcome::Fail(m) if m == "2 events after the input-required event 0")
        );
        // alone, the snapshot is the whole stream: it ends the cycle even when resumed
        let [_, _, term, _, _] =
            stream_checks(Dialect::V1_0, &items[..1], true, None, Resumed::Yes);
        assert!(matches!(term, Outcome::Pass(_)));
    }

    /// fix7: a stream with no event passes nothing (same-ids compared zero events and
    /// said every event carried the ids).
    #[test]
    fn an_empty_stream_passes_no_check() {
        let all = stream_checks(Dialect::V1_0, &[], true, None, Resumed::No);
        assert!(all.iter().all(|o| !matches!(o, Outcome::Pass(_))));
        assert!(matches!(&all[1], Outcome::Skip(m) if m == "stream carried no event"));
    }

    #[test]
    fn zero_x_final_flag_ends_the_cycle() {
        let mut fin = status("working");
        if let StreamItem::Status { final_flag, .. } = &mut fin {
            *final_flag = true;
        }
        let [_, _, term, after, _] = stream_checks(Dialect::V0_3, &[fin], true, None, Resumed::No);
        assert!(matches!(term, Outcome::Pass(_)));
        assert!(matches!(after, Outcome::Pass(_)));
    }

    #[test]
    fn a_card_url_gives_its_agents_base_url() {
        let base = |s: &str| base_of_card_url(&Url::parse(s).unwrap()).map(|u| u.to_string());
        assert_eq!(
            base("http://h:1/py/.well-known/agent-card.json?x=1").as_deref(),
            Some("http://h:1/py/")
        );
        assert_eq!(
            base("http://h:1/.well-known/agent.json").as_deref(),
            Some("http://h:1/")
        );
        assert_eq!(base("http://h:1/py/"), None);
        assert_eq!(base("http://h:1/.well-known/agent-card.json/x"), None);
        // the card path with a trailing `/` (the proxy's --upstream form, newcomer56)
        assert_eq!(
            base("http://h:1/py/.well-known/agent-card.json/").as_deref(),
            Some("http://h:1/py/")
        );
        // the proxy's string form: no trailing `/`
        assert_eq!(
            crate::proxy::route::base_of_card_url("http://h:9999/.well-known/agent-card.json")
                .as_deref(),
            Some("http://h:9999")
        );
        assert_eq!(
            crate::proxy::route::base_of_card_url("http://h/py/.well-known/agent.json/?a=1")
                .as_deref(),
            Some("http://h/py")
        );
    }

    #[test]
    fn card_url_keeps_the_base_path() {
        let b = Url::parse("http://h:1/agents/x/?q=1").unwrap();
        assert_eq!(
            card_url(&b, CARD_PATHS[0]).unwrap().as_str(),
            "http://h:1/agents/x/.well-known/agent-card.json"
        );
        let root = Url::parse("http://h:1").unwrap();
        assert_eq!(
            card_url(&root, CARD_PATHS[1]).unwrap().as_str(),
            "http://h:1/.well-known/agent.json"
        );
    }

    /// REST-001: ListTasks params become camelCase query parameters, URL-encoded; the
    /// subscription takes the prose verb POST first (trap 1).
    #[test]
    fn list_and_subscribe_have_their_http_json_routes() {
        let (m, (path, q), body) = rest_route(
            Op::List,
            &json!({"contextId": "c 1", "pageSize": 1, "historyLength": 0, "x": [1]}),
        );
        assert_eq!((m, path.as_str(), body), (Method::GET, "/tasks", None));
        let q = q.expect("a query");
        let mut parts: Vec<&str> = q.split('&').collect();
        parts.sort();
        assert_eq!(
            parts,
            vec!["contextId=c+1", "historyLength=0", "pageSize=1"]
        );
        let (m, (path, q), _) = rest_route(Op::Subscribe, &json!({"id": "t/1"}));
        assert_eq!(
            (m, path.as_str(), q),
            (Method::POST, "/tasks/t%2F1:subscribe", None)
        );
        assert_eq!(rest_route(Op::List, &json!({})).1 .1, None);
    }

    #[test]
    fn backoff_doubles_to_two_seconds() {
        assert_eq!(backoff(0), Duration::from_millis(100));
        assert_eq!(backoff(2), Duration::from_millis(400));
        assert_eq!(backoff(9), Duration::from_millis(2000));
    }
}

/*!
The verifier's state and rule logic. Sans-IO.

State: exchanges in flight (request, response head, body or SSE decoder), Agent Cards by
origin (and the exchange that served them), advertised interface URLs, tasks by id (context,
states seen with seq, terminal?), push-config URLs, JSON-RPC requests awaiting answers
(their id lives on the exchange), pending cancels. Each rule's doc comment names its
`A2A-DIGEST.md` IDs (see [`super::rules`]).
*/

use std::collections::{BTreeMap, VecDeque};

// foldhash instead of std's SipHash: the verifier hashes task, context and message ids on
// every event; SipHash was ~3 % of offline verify (docs/performance.md, session 26).
use foldhash::{HashMap, HashMapExt, HashSet, HashSetExt};
use std::borrow::Cow;
use std::sync::Arc;

use bytes::Bytes;
use serde_json::Value;

use crate::model::json::{
    ptr as jptr, push_pointer_token, Json, Num, Obj, Seg, Seg::Index, Seg::Key,
};

// The rules live in child modules by area: each adds `impl State` methods and the free
// functions they use (one line on each at the top of its file); the shared state, its
// types, the event loop and the tests stay here. A rule is found by its constant in
// rules.rs: `grep -rn TASK_MESSAGE_TO_INTERRUPTED_REFUSED src/verify/engine*` (TASK-STATE-015).
mod agents;
mod answer_faults;
mod call_params;
mod cards;
mod credentials;
mod disconnects;
mod error_shapes;
mod excess;
mod exchange_end;
mod followups;
mod gateway;
mod grpc_calls;
mod interfaces;
mod late_checks;
mod leaks;
mod messages;
mod names;
mod open;
mod params;
mod push;
mod requests;
mod rest;
mod results;
mod rpc_answers;
mod rpc_errors;
mod secrets;
mod shapes;
mod stream_end;
mod streams;
mod task_lookup;
mod task_reads;
mod versions;

use answer_faults::*;
use call_params::{parse_request_shared, Params};
use disconnects::ClientLeft;
use error_shapes::*;
use gateway::*;
use late_checks::*;
use leaks::*;
use messages::*;
use names::*;
use params::*;
use push::{create_config_wrapped, RepeatAnswer};
use rpc_errors::{code_recommended_words, code_rule};
use secrets::*;
pub use shapes::stream_first_event_rule;
use shapes::*;
use stream_end::{error_end_rule, no_terminal_rule, stream_end_0x_words};
use task_lookup::*;

use super::finding::{Evidence, Finding, Rule, Severity, CAUSED_BY};
use super::rules as r;
use super::VerifyOutcome;
use crate::model::a2a::{
    self, classify_payload, method_op, params_message, rest_route, str_member, task_view,
    update_view, Binding, Dialect, Op, PayloadKind, TaskState,
};
use crate::model::card::{self, card_view, AgentCardView};
use crate::model::grpc::{self, DecodeError, FrameDecoder, GrpcRoute};
use crate::model::jsonrpc::{self, RequestParse};
use crate::model::net::{self, doubled_run, host_class, parse_url, HostClass, UrlParts};
use crate::model::sse::{FramingProblem, SseDecoder, SseEvent, SseItem};
use crate::record::redact::{HeadFacts, IdHasher};
use crate::record::{
    CaptureMode, ConnectFailure, Event, EventKind, ExchangeId, Headers, Outcome, RecordingHeader,
    DEFAULT_CAPTURE_CAP,
};

/// How the request of an exchange was understood.
#[derive(Debug, Default, Clone)]
struct Call {
    binding: Option<Binding>,
    op: Option<Op>,
    dialect: Option<Dialect>,
    method: Option<String>,
    /// JSON-RPC: how the body parsed.
    rpc: Option<RequestParse>,
    rpc_id: Option<Json<'static>>,
    /// The JSON-RPC request body names `id` twice with two values (RFC 8259 §4): which one
    /// the agent, or a front before it, reads is its parser's choice, so its answer's id is
    /// not judged (RPC-ID-001, RPC-ID-002); the request is DATA-SHAPE-002 (review26 R4).
    rpc_id_ambiguous: bool,
    /// The request's id as written when it is an integer literal wider than 64 bits, which
    /// the parse holds only as an `f64` ([`jsonrpc::wide_integer_id`]; RPC-002: any integer
    /// is an id): RPC-REQ-001 accepts it and RPC-ID-001 compares the answer's id by its
    /// digits (breaker30 I11, I12).
    rpc_id_wide: Option<String>,
    /// The request's id is a whole number in exponent notation (`1e3`,
    /// [`jsonrpc::exponent_integer_id`]): an integer id, not RPC-REQ-001's (review33 Q6).
    rpc_id_exponent: bool,
    params: Params,
    /// REST: `(recorded request body bytes, not JSON)` when `params` were parsed from the
    /// decoded body: [`Exch::rest_body_not_json`] reuses the verdict while the body is
    /// still that long instead of parsing it again.
    params_parsed: Option<(usize, bool)>,
    /// REST: `{id}` of the route.
    route_task: Option<String>,
    /// A push-notification delivery to a webhook registered earlier (or shaped like one).
    webhook: bool,
    /// JSON-RPC: a POST whose body is JSON but no JSON-RPC request, to a URL no card or
    /// earlier answer names ([`State::plain_json_unseen`], left38): its binding stays
    /// unknown (no JSON-RPC finding on a guess) until the answer is a JSON-RPC 2.0
    /// response, which shows the URL is a JSON-RPC endpoint after all (RPC-REQ-002, f840).
    plain_json: bool,
    header_version: Option<String>,
    /// JSON-RPC: the method name as the spec spells it when the call's `method` is a known
    /// one in other letter case (`sendMessage` → `SendMessage`, RPC-003); the call is
    /// judged as that operation.
    misnamed: Option<&'static str>,
    /// HTTP+JSON and gRPC: `(path as sent, path as the binding spells it)` when the request
    /// path is a route or `A2AService` method in other letter case (`/Message:send` →
    /// `/message:send`, `a2a.v1.A2AService/sendMessage` → `a2a.v1.A2AService/SendMessage`;
    /// REST-001, GRPC-001): judged at the answer (REST-ROUTE-001/002, GRPC-METHOD-001/002).
    wrong_case_path: Option<(String, String)>,
    /// HTTP+JSON: `(path as sent, what it is, the route to call instead)` when the request
    /// path resembles a route but is none in any letter case (`/tasks/t1/cancel`,
    /// `/tasks/t1:resubscribe`; [`a2a::rest_route_slip`], REST-001): no call of any
    /// operation, judged at the answer (REST-ROUTE-001).
    route_slip: Option<(String, &'static str, String)>,
    /// HTTP+JSON: `(path as sent, the operation it means, which id is blank)` when the
    /// request path is a task route whose task or config id segment is blank
    /// (`/tasks/:cancel`, `/tasks/t1/pushNotificationConfigs/`;
    /// [`a2a::rest_route_blank_id`], DATA-003; a2a-java #1012): judged at the answer
    /// (DATA-PARAM-003), unless a lenient router served it as the list route it resembles.
    blank_route_id: Option<(String, Op, a2a::BlankRouteId)>,
    /// JSON-RPC: the call carried `"params": null`, which [`Call::params`] cannot tell from
    /// no params (JSON-RPC 2.0 §4.2: params, when present, MUST be a Structured value).
    params_null: bool,
    /// 0.x HTTP+JSON: the request line (`POST /api/v1/message:send`, query stripped), the
    /// route's name on that wire ([`Call::op_term`]).
    request_line: Option<String>,
    /// A JSON-RPC 2.0 batch (§6: an Array of Request objects): one call per element, in
    /// request order; the exchange itself has no op.
    batch: Option<Arc<Vec<Call>>>,
}

impl Call {
    /// The JSON-RPC method as sent, else the operation's name (`SendMessage`).
    fn method_name(&self) -> Option<String> {
        self.method
            .clone()
            .or_else(|| self.op.map(|o| o.name().to_string()))
    }
    /// Whether the request holds the A2A params at its root: an HTTP+JSON body or a gRPC
    /// request message (`{"message": {...}}`, [`Binding::bare_params`]), not a JSON-RPC
    /// request's `params` member. Every JSON Pointer into the request is built on this one
    /// test (dup38: copies that tested `binding == Rest` pointed a gRPC finding at
    /// `/params/...`, a member the gRPC request does not have).
    fn bare_params(&self) -> bool {
        self.binding.is_some_and(Binding::bare_params)
    }

    /// The call's answers are read by a ProtoJSON parser of the 0.3 proto (0.3 HTTP+JSON,
    /// GRPC-001), which takes a member under its proto field name as well as its JSON name
    /// (TaskStatus `update` for `message`: [`a2a::status_message`]).
    fn proto03_names(&self) -> bool {
        self.dialect == Some(Dialect::V0_3) && self.binding == Some(Binding::Rest)
    }

    /// The JSON Pointer of the params in the request event's body: `""` where the request
    /// holds them at its root ([`Call::bare_params`]), else `"/params"`.
    fn params_base(&self) -> &'static str {
        if self.bare_params() {
            ""
        } else {
            "/params"
        }
    }

    /// How a finding names the call: its JSON-RPC method as sent, else the operation as its
    /// wire names it ([`Call::op_term`]); `None` when the operation is not known.
    fn call_term(&self) -> Option<String> {
        self.method
            .clone()
            .or_else(|| self.op.map(|o| self.op_term(o.name()).to_string()))
    }

    /// The operation as this call's wire names it (`message/send`, `tasks/send`,
    /// `POST /v1/tasks/t1:cancel`, `SendMessage`; [`super::wording::op_term`]), `fallback`
    /// when the operation is not known. Every finding names the call through this.
    fn op_term<'a>(&'a self, fallback: &'a str) -> &'a str {
        super::wording::op_term(
            self.op,
            self.dialect,
            self.binding,
            self.method.as_deref(),
            self.request_line.as_deref(),
            fallback,
        )
    }

    /// Task state `st` as this call's wire spells it (`canceled` on 0.x JSON-RPC,
    /// `TASK_STATE_CANCELLED` on 0.3 HTTP+JSON; [`super::wording::state_term`]).
    fn state_term(&self, st: TaskState) -> &'static str {
        super::wording::state_term(st, self.dialect, self.binding)
    }

    /// RPC-001 / JSON-RPC 2.0 §4.2 (params, when present, are an Object or an Array; A2A
    /// defines every method's params as an Object): what a JSON-RPC call's params are
    /// instead (`"an array (params by position)"`, `"a string"`, `"null"`, ...); `None` for
    /// an object or no params.
    fn params_not_object(&self) -> Option<&'static str> {
        Some(match self.params.json() {
            Json::Object(_) => return None,
            Json::Null if !self.params_null => return None,
            Json::Null => "null",
            Json::Array(_) => "an array (params by position)",
            Json::String(t) if trim_ascii(t.as_bytes()).starts_with(b"{") => {
                "a string (the params object written as JSON text inside a string)"
            }
            Json::String(_) => "a string",
            Json::Bool(_) => "a boolean",
            _ => "a number",
        })
    }

    /// The task a GetTask / CancelTask / SubscribeToTask call names: the route's `{id}`
    /// first (HTTP+JSON, REST-001: the path names the task; a body a client sends anyway,
    /// even a JSON-RPC envelope with its own `id`, does not), then params `id` / `taskId`.
    fn task_id(&self) -> Option<&str> {
        self.route_task
            .as_deref()
            .or_else(|| a2a::params_task_id(self.params.json()))
    }

    /// The JSON Pointer of the task id [`Call::task_id`] reads in the request body:
    /// `/params/id` (or `/params/taskId`) on JSON-RPC, `/id` (`/taskId`) in a gRPC request
    /// message; `None` when the HTTP+JSON route names the task (the evidence is the request
    /// line). Built on [`Call::params_base`].
    fn task_id_ptr(&self) -> Option<String> {
        if self.route_task.is_some() {
            return None;
        }
        let key = if self.params.get("id").is_some() {
            "id"
        } else {
            "taskId"
        };
        Some(format!("{}/{key}", self.params_base()))
    }
}

/// Whether an agent's refusal text says a part's data must be an object (mine43, a2a-js
/// #338: "data must be an object with string keys", "not a valid Struct", "data: expected
/// object, received array"): it names the member data (the word, not `metadata`) and asks
/// for an object, map, dict or Struct.
fn says_data_must_be_object(t: &str) -> bool {
    let l = t.to_ascii_lowercase();
    // the word "data" (a member name: `.data`, `data:`), not `metadata` or `database`
    let b = l.as_bytes();
    let names_data = l.match_indices("data").any(|(i, _)| {
        let before = i.checked_sub(1).map(|k| b[k]);
        let after = b.get(i + 4).copied();
        !before.is_some_and(|c| c.is_ascii_alphabetic())
            && !after.is_some_and(|c| c.is_ascii_alphabetic())
    });
    let asks_object = ["object", "struct", "dict", "map", "record"]
        .iter()
        .any(|w| l.contains(w));
    names_data && asks_object
}

/// RPC-003 (breaker18a W9): a JSON-RPC method name (any letter case) that is a 0.3 gRPC
/// `a2a.v1.A2AService` method 1.0 renamed (`TaskSubscription`,
/// `ListTaskPushNotificationConfig`): `(op, the 1.0 method name)`. No JSON-RPC generation
/// has these names, so an agent answers them -32601.
fn grpc03_method_alias(method: &str) -> Option<(Op, &'static str)> {
    let op = if method.eq_ignore_ascii_case("TaskSubscription") {
        Op::SubscribeToTask
    } else if method.eq_ignore_ascii_case("ListTaskPushNotificationConfig") {
        Op::ListPushConfigs
    } else {
        return None;
    };
    Some((op, op.name()))
}

/// RPC-003 (breaker39 N01, N02, N13): a JSON-RPC method named by the gRPC path or full
/// name of an `A2AService` method (`lf.a2a.v1.A2AService/SendMessage`,
/// `/a2a.v1.A2AService/GetTask`, `lf.a2a.v1.A2AService.CancelTask`; the service in any
/// letter case): the operation. JSON-RPC methods are bare names, so no
/// generation has these and an agent answers them -32601. `None` for any other name and
/// for `GetAgentCard` (0.3 gRPC only; no JSON-RPC call serves the public card). Called
/// only for names no other lookup knows.
fn grpc_qualified_method(method: &str) -> Option<Op> {
    let m = method.strip_prefix('/').unwrap_or(method);
    let path = match m.split_once('/') {
        Some(_) => format!("/{m}"),
        None => {
            let (service, name) = m.rsplit_once('.')?;
            format!("/{service}/{name}")
        }
    };
    let route = crate::model::grpc::grpc_route(&path)
        .filter(|r| r.op.is_some())
        .or_else(|| crate::model::grpc::grpc_route_wrong_case(&path))?;
    route.op.filter(|op| *op != Op::GetCard)
}

/// An HTTP+JSON call of a non-streaming route (REST-001 §11.3; 0.3 REST-003): everything
/// but `message:stream` and `:subscribe`.
fn rest_unary(c: &Call) -> bool {
    c.binding == Some(Binding::Rest) && c.op.is_some_and(|o| !o.is_streaming())
}

/// How many artifact ids STREAM-ARTIFACT-001 names (with evidence) before it only counts.
const BASELESS_SHOWN: usize = 5;

/// Exchanges the recording ended with still open that [`super::VerifyOutcome::open_at_end`]
/// names (the rest are counted in `incomplete` only): a summary shows a few, and a run
/// that cut thousands of streams keeps its memory flat.
const OPEN_AT_END_KEPT: usize = 16;

/// Bytes of streamed artifact text kept per artifact to tell a final snapshot chunk
/// (STREAM-ARTIFACT-003): past it the text is dropped and the plain wording is used.
const SNAPSHOT_TEXT_CAP: usize = 64 * 1024;

/// Artifacts per stream whose text [`SNAPSHOT_TEXT_CAP`] keeps; later ones get the plain
/// STREAM-ARTIFACT-003 wording (bounds the memory a stream of many artifacts takes).
const SNAPSHOT_ARTIFACTS: usize = 64;

/// Client connections whose address the verifier keeps for HTTP-FRAME-003's message (the
/// most recent; an older connection's refusal names its number only).
const CONN_PEERS: usize = 4096;

/// The text of an artifact update's parts, joined, if every part is a text part (1.0
/// `{text}`, 0.x `{kind: "text", text}`); `None` for a part of another kind or no parts.
fn artifact_chunk_text(upd: &Obj) -> Option<String> {
    let parts = upd.get("artifact")?.get("parts")?.as_array()?;
    let mut out = String::new();
    for part in parts {
        out.push_str(part.get("text")?.as_str()?);
    }
    (!parts.is_empty()).then_some(out)
}

/// What an absent `final` means on the 0.3 proto bindings (STREAM-008, breaker17b V8).
const FINAL_ABSENT_PROTO: &str = " (final is absent, which the 0.3 proto's bool field TaskStatusUpdateEvent.final reads as false: set it to true on that update)";

/// [`FINAL_ABSENT_PROTO`] for a status update `inner` of a 0.3 HTTP+JSON or gRPC call `c`
/// that has no `final`; `""` otherwise.
fn final_absent_words(c: &Call, inner: &Obj) -> &'static str {
    if inner.get("final").is_none() && c.binding != Some(Binding::JsonRpc) {
        FINAL_ABSENT_PROTO
    } else {
        ""
    }
}

/// bool32 (DATA-001, STREAM-008, STREAM-009): a 0.x status / artifact update event `p` of
/// call `c` whose boolean member (`final`, `append`, `lastChunk`) is a string, number,
/// list or object, as [`a2a::v0_type_problem`] words it (`what`: "status update event").
fn v0_event_type_problem(c: &Call, p: &a2a::Payload<'_>, what: &str) -> Option<(String, String)> {
    let names = match p.kind {
        PayloadKind::StatusUpdate => a2a::V0_STATUS_UPDATE_BOOLS,
        PayloadKind::ArtifactUpdate => a2a::V0_ARTIFACT_UPDATE_BOOLS,
        _ => return None,
    };
    let d = c.dialect.filter(|d| d.is_0x())?;
    let proto = c.binding != Some(Binding::JsonRpc);
    // 0.1 keeps append / lastChunk in the event's artifact (0.1 schema `Artifact`, both
    // `boolean`; review33 Q7), 0.2 / 0.3 on the event itself.
    if d == Dialect::V0_1 && p.kind == PayloadKind::ArtifactUpdate {
        if let Some(art) = p.inner.get("artifact").and_then(Json::as_object) {
            let at = jptr(&p.pointer, &[Key("artifact")]);
            if let Some(q) = a2a::v0_type_problem(
                art,
                &at,
                "artifact update event's artifact",
                names,
                d.as_str(),
                proto,
            ) {
                return Some(q);
            }
        }
    }
    a2a::v0_type_problem(p.inner, &p.pointer, what, names, d.as_str(), proto)
}

/// STREAM-FINAL-001's words for a 0.x terminal status update whose `final` is present but
/// no boolean (bool32: `"final": "true"`), `""` otherwise; with [`final_absent_words`].
fn final_wrong_type_words(inner: &Obj) -> String {
    match inner.get("final") {
        None | Some(Json::Null) | Some(Json::Bool(_)) => String::new(),
        Some(v) => format!(
            " (final is {}, not the JSON boolean true: write \"final\": true{})",
            crate::model::json::value_words(v),
            if v.is_string() {
                ", without quotes"
            } else {
                ""
            }
        ),
    }
}

/// What a stream's one STREAM-SHAPE-001 finding names (left57): the first malformed
/// event's words and its ordinal in the stream, then the distinct problems later events
/// (or other checks of the same event) showed, the first [`SHAPE_ALSO_NAMED`] each with the
/// ordinal of the event that shows it, and a count of the rest.
#[derive(Debug, Default)]
struct ShapeTold {
    /// The message the finding was told with (the first malformed event's problems).
    first: String,
    /// 1-based ordinal of that event in the stream.
    first_event: u32,
    /// Distinctness keys ([`shape_problem_key`]) of every problem named or counted,
    /// at most [`SHAPE_KEYS_KEPT`].
    seen: Vec<String>,
    /// `problem (event N)` for the problems added after the first event's, at most
    /// [`SHAPE_ALSO_NAMED`].
    also: Vec<String>,
    /// Distinct problems past [`SHAPE_ALSO_NAMED`], counted only.
    more: u32,
}

/// How many (origin, operation) pairs [`State::grpc_served`] keeps (left57).
const GRPC_SERVED_KEPT: usize = 256;

/// How many problems of later events a STREAM-SHAPE-001 finding names (left57).
const SHAPE_ALSO_NAMED: usize = 3;
/// How many distinct problem keys a stream remembers (a long stream stays bounded).
const SHAPE_KEYS_KEPT: usize = 64;

impl ShapeTold {
    /// The record of a finding told with `first` at the stream's event `first_event`,
    /// whose problems' keys are `keys`.
    fn new(first: String, first_event: u32, keys: Vec<String>) -> Self {
        ShapeTold {
            first,
            first_event,
            seen: keys,
            ..ShapeTold::default()
        }
    }

    /// The finding's message: the first event's words alone, or with the later problems
    /// (`...; also: X (event 4); Y (event 6); and 2 more problems`).
    fn message(&self) -> String {
        if self.also.is_empty() {
            return self.first.clone();
        }
        let mut m = format!(
            "{} (event {} of the stream); also: {}",
            self.first,
            self.first_event,
            self.also.join("; ")
        );
        if self.more > 0 {
            let s = if self.more == 1 { "" } else { "s" };
            m.push_str(&format!("; and {} more problem{s}", self.more));
        }
        m
    }
}

/// The distinctness key of one stream shape problem: its words with every quoted value
/// and every parenthesised remark dropped, so the same fault with another value (each
/// event's own malformed timestamp, the role "agent" or "assistant") is one problem, not
/// one per event.
fn shape_problem_key(problem: &str) -> String {
    let mut key = String::with_capacity(problem.len());
    let mut quoted = false;
    let mut depth = 0u32;
    for ch in problem.chars() {
        match ch {
            '"' => {
                quoted = !quoted;
                if depth == 0 {
                    key.push('"');
                }
            }
            _ if quoted => {}
            '(' => depth += 1,
            ')' => depth = depth.saturating_sub(1),
            _ if depth == 0 => key.push(ch),
            _ => {}
        }
    }
    key.split_whitespace().collect::<Vec<_>>().join(" ")
}

#[derive(Debug, Default)]
struct StreamState {
    dec: SseDecoder,
    events: u32,
    /// The agent's connection ended (`upstream_abort`) in the middle of an event: the bytes
    /// of that unfinished event. A cut, not a framing fault: the end-of-stream verdict
    /// (STREAM-END-002) is judged on the events before it (breaker15b R17).
    cut_mid_event: Option<usize>,
    /// Capture time (µs) of the latest chunk that carried bytes (events, comments or
    /// parts of either): how long the stream was quiet before it ended (STREAM-END-002's
    /// idle-timeout words).
    last_bytes_t: Option<u64>,
    first_kind: Option<PayloadKind>,
    /// A 1.0 `SubscribeToTask` stream whose first event (the current task, STREAM-004) is
    /// already in a terminal state, and that event's seq: the task was terminal when the
    /// client subscribed (TASK-004).
    first_terminal: Option<(TaskState, u64)>,
    task_id: Option<String>,
    context_id: Option<String>,
    last_state: Option<TaskState>,
    /// Recording line of the event that set [`Self::last_state`] (0: none yet).
    last_state_seq: u64,
    /// Recording line of the stream's latest event (0: none yet).
    last_event_seq: u64,
    terminal: Option<(TaskState, u64)>,
    /// Capture time (µs) of the chunk that completed the event of [`Self::terminal`] (0:
    /// none, or not known): how long the agent held the stream open after it
    /// (STREAM-END-009 / -010).
    terminal_t: u64,
    /// The first terminal state an event about another task carried on this stream, and its
    /// seq (ID-EVENT-002 reports it; breaker31 G09): it does not end the stream's task, so
    /// later events of the stream's own task are no STREAM-END-001; a stream that closes
    /// with no terminal event of its own is not STREAM-END-002 either (the stray event,
    /// already reported, may be the stream's own end under a wrong id: b29x-A35).
    crossed_terminal: Option<(TaskState, u64)>,
    /// A 0.x status update with `final: true` in an interrupted state (input-required,
    /// auth-required) and its seq: the last event of the cycle (STREAM-008), as a terminal
    /// one is, though the task lives on.
    final_interrupted: Option<(String, u64)>,
    /// Capture time (µs) of the chunk that completed the event of
    /// [`Self::final_interrupted`] (0: none, or not known): how long the agent held the
    /// stream open after the 0.x `final: true` that ended its cycle (STREAM-008,
    /// STREAM-END-010; streams59).
    final_interrupted_t: u64,
    /// The latest 0.x JSON-RPC status update when it is in an interrupted state
    /// (input-required, auth-required) without `final: true`: its state as sent, seq, JSON
    /// Pointer of `final` and the `final` value. A stream that ends there ended the cycle
    /// without the flag that marks its last event (STREAM-008, STREAM-FINAL-001).
    interrupted_not_final: Option<(String, u64, String, Option<Value>)>,
    /// A status update set `final: true` in a state neither terminal nor interrupted
    /// (STREAM-FINAL-001): the agent ended its stream there on purpose, so the close that
    /// follows is that fault, not another one (no STREAM-END-002; breaker16a kagent1957).
    final_early: bool,
    /// The latest status update in a state a delegating agent must not report as done
    /// (failed, rejected, canceled, input-required, auth-required): the state, the text of
    /// its status message and its seq (TASK-STATE-014's delegate side).
    outcome: Option<(TaskState, String, u64)>,
    /// The latest `status.timestamp` (ms since the epoch) of the stream's status updates so
    /// far, with the update's seq and the timestamp as sent (STREAM-005, STREAM-ORDER-001).
    latest_stamp: Option<(i64, u64, String)>,
    /// [`Self::latest_stamp`] is the status timestamp of the Task snapshot that opened a
    /// send stream, not of a status update (breaker23 T01).
    latest_from_snapshot: bool,
    /// The seq of each event in `sigs` (the same length: kept together).
    sig_seqs: Vec<u64>,
    /// When the first event is a Task snapshot: its `status.state` (1.0 name) and its
    /// artifacts' ids, what a stream opened on a running task already holds (STREAM-006).
    snapshot: Option<(String, Vec<String>)>,
    /// A status update was stamped earlier than an update before it: the stamps are not the
    /// send order, so they are no evidence of buffering (GW-SSE-001's one-leg form).
    stamps_backwards: bool,
    message_reply: bool,
    /// The seq of the Message that opened a message reply stream ([`Self::message_reply`]).
    message_reply_seq: u64,
    /// Capture time (µs) of the chunk that completed that Message (0: none, or not known):
    /// how long the agent held a 1.0 message reply stream open after its one event
    /// (STREAM-002, STREAM-END-009 / -003; streams59).
    message_reply_t: u64,
    artifacts: HashMap<String, bool>,
    /// Artifact id → (chunks with `append: true` since the artifact's last `append: false`
    /// chunk, seq of the first of them): a `lastChunk` with `append: false` after them
    /// replaces what they streamed (STREAM-ARTIFACT-003). Filled by appended chunks only.
    appended: HashMap<String, (u32, u64)>,
    /// Artifact id → the text its chunks streamed since its last `append: false` chunk
    /// (that chunk included), or `None` once a chunk held a part that is not text or the
    /// text passed [`SNAPSHOT_TEXT_CAP`] bytes: tells a last chunk that repeats the whole
    /// artifact (a final snapshot, agentscope-java #1378) from one that replaces it with a
    /// tail (STREAM-ARTIFACT-003).
    texts: HashMap<String, Option<String>>,
    /// Chunks with `append: true` and no earlier chunk of their artifact (STREAM-ARTIFACT-001):
    /// the first [`BASELESS_SHOWN`] as (artifactId, seq, pointer of `append`), and how many
    /// artifact ids in all. Told once per stream, when the exchange ends.
    baseless: Vec<(String, u64, String)>,
    baseless_n: u32,
    /// (t_us of the chunk that completed the event, seq)
    arrivals: Vec<(u64, u64)>,
    /// Capture time (µs) of the chunk that completed the event being judged (0 before the
    /// first): when a stream event shows a task terminal (STREAM-END-003's other streams).
    event_t: u64,
    /// status.timestamp values (ms since epoch) with arrival t_us.
    stamps: Vec<(i64, u64)>,
    fired: HashSet<&'static str>,
    /// The stream's one STREAM-SHAPE-001 once told or held (left57): the distinct problems
    /// it names, so a later event's other problems are added to it
    /// ([`State::stream_shape`]).
    shape_told: Option<ShapeTold>,
    error_seen: bool,
    /// The first error that ended the stream (a JSON-RPC error event, an HTTP+JSON
    /// `{"error":...}` event, a gRPC status other than OK): judged when the stream ends,
    /// if it cut a task the stream had started before a terminal state (STREAM-003,
    /// STREAM-END-005).
    error_end: Option<StreamErrorEnd>,
    /// STREAM-FIRST-001 for a 1.0 stream opened on an error ([`State::error_opened_stream`]):
    /// reported when the stream ends, unless another error finding names the exchange (the
    /// error itself wrong is the one finding then).
    error_opened: Option<Finding>,
    /// Some event could not be read (bad JSON, bad shape, merged): end-of-stream state
    /// verdicts would rest on missing data.
    undecodable: bool,
    /// The first event that is no StreamResponse (STREAM-SHAPE-001): its seq and how many
    /// events were decoded before it, so a gateway that added it to the agent's stream is
    /// named (GW-SSE-002, breaker18a W2).
    shape_bad: Option<(u64, usize)>,
    /// One signature per decoded event (`Task:TASK_STATE_WORKING`, `ArtifactUpdate:a1`),
    /// to compare the legs of a gateway.
    sigs: Vec<String>,
    /// A digest of each event's text in `sigs` (the same length: kept together;
    /// [`event_text_digest`]): a gateway that rewrites an event's words keeps its signature
    /// (GW-SSE-002, breaker40 D31).
    text_digests: Vec<u32>,
    /// `arrivals`, `stamps` or `sigs` reached [`STREAM_EVENTS_KEPT`]: later events were
    /// counted but not remembered (a long stream's memory stays bounded); rules that need
    /// every event judge the kept prefix only.
    past_kept: bool,
    /// The first non-whitespace byte of the body, once one arrived: `{` under
    /// text/event-stream is a bare JSON document, not SSE (a2a-rs #197).
    opening: Option<u8>,
    /// A stream under a `Content-Encoding` (a gateway's `gzip_types text/event-stream`;
    /// RFC 9110 §8.4): its decoder, fed chunk by chunk as a client's is, so the events are
    /// judged as usual (RPC-005, STREAM-003 hold whatever the coding).
    inflate: Option<Box<crate::model::coding::StreamDecoder>>,
    /// Why the coded stream could not be decoded (a coding this tool lacks, corrupt or
    /// cut bytes): the events after that point are not judged.
    coding_fault: Option<String>,
}

/// The error that ended a stream ([`StreamState::error_end`], STREAM-END-005): the seq of
/// the error event (gRPC: of the status), the JSON Pointer of its code (`""` for gRPC) and
/// the code as sent, the error in the wire's own words (`JSON-RPC error -32603 "database
/// connection lost"`), and whether the agent's own A2A server says it refused an event its
/// executor produced (-32006 InvalidAgentResponseError, ErrorInfo INVALID_AGENT_RESPONSE).
#[derive(Debug)]
struct StreamErrorEnd {
    seq: u64,
    ptr: String,
    found: Option<Value>,
    wire: String,
    invalid_event: bool,
    /// grpcio's words for an exception that escaped the servicer ("Unexpected <class
    /// 'RuntimeError'>: ..."): the agent's handler crashed, and the exception text reached
    /// the client.
    escaped: bool,
    /// ExtensionSupportRequiredError (EXT-002): JSON-RPC -32008, or ErrorInfo reason
    /// EXTENSION_SUPPORT_REQUIRED (HTTP+JSON, gRPC). CAP-EXT-002 (0.x: CAP-EXT-008) reads it.
    ext_required: bool,
    /// The error's message names an extension: the only sign of a 0.x refusal for a
    /// missing extension (0.x has no code for it; a2a-go #345 answered -32600
    /// "extension support required: URI").
    names_extension: bool,
    /// The error is a plain internal error by its code: JSON-RPC -32603 InternalError, an
    /// HTTP+JSON google.rpc.Status INTERNAL (or a bare 500), gRPC INTERNAL (13). The
    /// agent's own failure by name (JSON-RPC 2.0 section 5.1, AIP-193): on a 1.0 task
    /// stream, which closes only at a terminal or interrupted state (STREAM-003,
    /// STREAM-007), it cut the task's outcome off ([`Self::cut_by_agent`]).
    internal: bool,
}

impl StreamErrorEnd {
    /// The record of a gRPC call that ended with status `code` != OK at event `seq` (its
    /// trailers): `grpc-status` and `grpc-message` as found, the code by name and number,
    /// the ErrorInfo `reason` if any.
    fn grpc_status(seq: u64, code: u32, reason: Option<&str>, message: Option<&str>) -> Self {
        let name = grpc::code_name(code);
        StreamErrorEnd::new(
            seq,
            "",
            Some(serde_json::json!({"grpc-status": code, "grpc-message": message})),
            "gRPC status",
            None,
            Some(&format!("{name} ({code})")),
            reason,
            message,
        )
    }

    /// The record of a JSON-RPC error event `v` at `seq` (a JSON-RPC error response, or an
    /// error object without its envelope): its code at `/error/code`, the code's name, the
    /// ErrorInfo reason of `error.data`, its message.
    fn jsonrpc(seq: u64, v: &Json) -> Self {
        let code = v.pointer("/error/code").and_then(Json::as_i64);
        let mut e = StreamErrorEnd::new(
            seq,
            "/error/code",
            code.map(Value::from),
            "JSON-RPC error",
            code,
            code.and_then(jsonrpc::code_name),
            error_info_reason(v.pointer("/error/data")),
            v.pointer("/error/message").and_then(Json::as_str),
        );
        // An event with a result beside the error (RPC-ENVELOPE-001) is no plain INTERNAL
        // end: which one the client reads is its choice (left38).
        e.internal &= v.get("result").is_none();
        e
    }

    /// Builds the record from the error's parts: `code` as sent (an i64 JSON-RPC code or
    /// HTTP status, or a gRPC code), `status` (AIP-193 / gRPC code name), `reason` (the
    /// ErrorInfo reason) and the agent's `message` (quoted, at most 200 characters).
    #[allow(clippy::too_many_arguments)]
    fn new(
        seq: u64,
        ptr: &str,
        found: Option<Value>,
        kind: &str,
        code: Option<i64>,
        status: Option<&str>,
        reason: Option<&str>,
        message: Option<&str>,
    ) -> Self {
        let mut wire = kind.to_string();
        if let Some(c) = code {
            wire.push_str(&format!(" {c}"));
        }
        if let Some(st) = status {
            wire.push_str(&format!(" {st}"));
        }
        if let Some(r) = reason {
            wire.push_str(&format!(" (ErrorInfo {r})"));
        }
        if let Some(m) = message.filter(|m| !m.is_empty()) {
            wire.push_str(&format!(" {:?}", excerpt_str(m, 200)));
        }
        // The SDK's own words where no code says it: a2a-python's 0.3 gRPC status message
        // "InvalidAgentResponseError: ...", a2a-js's -32004 "Stream ordering violation:
        // received message in task lifecycle stream".
        let said = message.unwrap_or_default().to_ascii_lowercase();
        let invalid_event = (kind.starts_with("JSON-RPC")
            && code == Some(jsonrpc::INVALID_AGENT_RESPONSE))
            || reason == Some("INVALID_AGENT_RESPONSE")
            || said.contains("invalidagentresponse")
            || said.contains("stream ordering violation");
        let escaped =
            kind == "gRPC status" && message.is_some_and(|m| m.starts_with("Unexpected <class '"));
        let ext_required = (kind.starts_with("JSON-RPC")
            && code == Some(jsonrpc::EXTENSION_SUPPORT_REQUIRED))
            || reason == Some("EXTENSION_SUPPORT_REQUIRED");
        let internal = match kind {
            k if k.starts_with("JSON-RPC") => code == Some(jsonrpc::INTERNAL_ERROR),
            "HTTP+JSON error event" => match status {
                Some(st) => st == "INTERNAL",
                None => code == Some(500),
            },
            "gRPC status" => status.is_some_and(|st| st.starts_with("INTERNAL (")),
            _ => false,
        };
        StreamErrorEnd {
            seq,
            ptr: ptr.to_string(),
            found,
            wire,
            invalid_event,
            escaped,
            ext_required,
            names_extension: said.contains("extension"),
            internal,
        }
    }

    /// Whether the error's own words make it the agent's fault at once: its server refused
    /// its executor's event, or an exception escaped the handler (grpcio's status message
    /// "Unexpected <class '...'>: ..."). Otherwise an error end is legal until the task is
    /// seen terminal elsewhere ([`Verifier::error_cuts`]).
    fn agent_said_own_fault(&self) -> bool {
        self.invalid_event || self.escaped
    }

    /// Whether this error, ending a task stream of a call in `dialect` before the task's
    /// terminal or interrupted state, is at once the agent's cut of the task's outcome
    /// (STREAM-END-005): its own words say so ([`Self::agent_said_own_fault`]), or it is a
    /// plain internal error on a 1.0 stream (left38). 1.0 closes a task stream only at a
    /// terminal or interrupted state (STREAM-003, STREAM-007) and its StreamResponse has no
    /// error member, so INTERNAL there is the agent failing mid-task. 0.x keeps an error
    /// end legal (0.3 section 3.3.1, 7.2: SendStreamingMessageResponse admits a JSON-RPC
    /// error response) until a read shows the task FAILED ([`Verifier::error_cuts`]); so
    /// do other 1.0 codes, which need not be the agent's failure.
    fn cut_by_agent(&self, dialect: Option<Dialect>) -> bool {
        self.agent_said_own_fault() || (self.internal && dialect == Some(Dialect::V1_0))
    }
}

/// What joins a status event's signature to the messageId of its `status.message`
/// (`StatusUpdate:TASK_STATE_WORKING message a-7`; STREAM-006, breaker26 C02).
const SIG_MESSAGE: &str = " message ";

/// An ended stream of a task as STREAM-006 compares it with the task's other streams: its
/// exchange, method, whether it was read whole (closed cleanly, every event decoded and
/// kept), its events' signatures and seqs, and its first Task snapshot (state, artifact ids).
struct TaskStreamRec {
    xid: String,
    method: String,
    whole: bool,
    sigs: Vec<String>,
    seqs: Vec<u64>,
    snapshot: Option<(String, Vec<String>)>,
}

/// A held refusal of a subscription to a running task ([`Verifier::active_sub_refusals`]):
/// the finding's message up to the later answer, its evidence, the recording line of the
/// refusal, and for a 0.x `tasks/resubscribe` the card's `capabilities.streaming: true`
/// (CAP-STREAM-002 then, not TASK-STATE-013).
type ActiveSubRefusal = (String, Vec<Evidence>, u64, Option<Evidence>);

/// A held refusal of a task last seen interrupted ([`Verifier::interrupted_refusals`]):
/// TASK-STATE-008 or TASK-STATE-015, the finding's message and evidence, the recording
/// line of the refusal's request (a read that began after it settles the refusal) and the
/// leg.
struct HeldInterruptedRefusal {
    rule: &'static Rule,
    msg: String,
    ev: Vec<Evidence>,
    asked_at: u64,
    leg: Option<String>,
}

/// How many ended streams of one task [`Verifier::task_streams`] keeps.
const MAX_TASK_STREAMS: usize = 4;

/// Events of one stream whose arrival, status timestamp and signature are remembered
/// (GW-SSE-001, GW-SSE-002): about 50 bytes each, so at most ~200 KiB per stream however
/// long it runs.
const STREAM_EVENTS_KEPT: usize = 4096;

/// How long (µs) an event must have reached a gateway before the client gave up for its
/// absence on the client leg to count as held back (GW-SSE-002, STREAM-005): 1 s, the
/// GW-SSE-001 threshold, well past any pass-through delay.
const HELD_BACK_US: u64 = 1_000_000;

impl StreamState {
    /// An error event ended the stream (STREAM-END-005): `error_seen`, and the first such
    /// error's record, built by `end` only when none is kept yet (one copy for the
    /// JSON-RPC, HTTP+JSON and bare-error events since dup38; a closure, no allocation for
    /// a later error event).
    fn error_ended(&mut self, end: impl FnOnce() -> StreamErrorEnd) {
        self.error_seen = true;
        if self.error_end.is_none() {
            self.error_end = Some(end());
        }
    }

    /// Appends to a per-event list while it is under [`STREAM_EVENTS_KEPT`].
    fn keep<T>(list: &mut Vec<T>, past_kept: &mut bool, item: T) {
        if list.len() < STREAM_EVENTS_KEPT {
            list.push(item);
        } else {
            *past_kept = true;
        }
    }
}

/// A gRPC call (GRPC-001) in progress: its route and what its bodies decoded to.
#[derive(Debug)]
struct GrpcState {
    route: GrpcRoute,
    /// Response messages not yet whole.
    resp: FrameDecoder,
    /// Unary response messages decoded so far (ProtoJSON) with the seq of their chunk; at
    /// most two are kept (a second one is already a finding).
    messages: Vec<(Value, u64)>,
    /// Response messages seen, decodable or not.
    count: u32,
    /// First malformed response message or framing, or missing status: (what, seq): the
    /// agent's (GRPC-FRAME-001).
    malformed: Option<(String, u64)>,
    /// First malformed request message or framing: (what, seq, cut), `cut` when the body
    /// ends inside a message (the client's fault only if its request was whole):
    /// the client's (GRPC-FRAME-002, breaker9c C8).
    req_malformed: Option<(String, u64, bool)>,
    /// The request body was cut or empty when the call was built (at the response head):
    /// its framing is judged again when the call ends, on the whole recorded body.
    req_recheck: bool,
    /// A message that cannot be read here (unknown coding, method not in the proto).
    unreadable: Option<String>,
}

impl GrpcState {
    fn new(route: GrpcRoute) -> Self {
        GrpcState {
            route,
            resp: FrameDecoder::new(),
            messages: Vec::new(),
            count: 0,
            malformed: None,
            req_malformed: None,
            req_recheck: false,
            unreadable: None,
        }
    }

    /// Records a decode failure of a message of `side` at `seq` (the response's: request
    /// messages are judged by [`decode_grpc_request`]).
    fn failed(&mut self, side: &str, e: DecodeError, seq: u64) {
        match e {
            DecodeError::Malformed(m) => {
                self.malformed
                    .get_or_insert((format!("{side} message: {m}"), seq));
            }
            DecodeError::Unreadable(m) => {
                self.unreadable
                    .get_or_insert(format!("{side} message: {m}"));
            }
        }
    }
}

/// One A2A call refused for missing credentials (AUTH-SCHEME-004), held by
/// [`State::client_credential_missing`] until a retry with a credential or the run's end.
struct MissingCred {
    /// The agent's origin (`scheme://host:port`).
    origin: String,
    /// The operation as its wire names it (`SendMessage`, `message/stream`, `POST /v1/message:send`).
    op: String,
    /// The refused exchange, its HTTP status (401 or 403) and its request / response events.
    exchange: String,
    status: u16,
    ev: Vec<Evidence>,
    /// What the card asks for, worded (`the Authorization header (scheme bearer)`).
    wanted: String,
    leg: Option<String>,
}

/// At most this many refusals are held for AUTH-SCHEME-004 (the first ones are kept).
const MAX_MISSING_CREDS: usize = 256;

#[derive(Debug, Default)]
struct Exch {
    /// The exchange id, shared with the event that opened it and with the bookkeeping
    /// maps that outlive the exchange (perfp36: not a copy of the text per map).
    id: ExchangeId,
    leg: Option<String>,
    /// For a push delivery ([`Call::webhook`]): the leg of the call that registered its
    /// webhook (a push config set / create, or a config inline in a send), `Some(None)` for
    /// a call on no leg; `None` for every other exchange. The delivery's task is that
    /// call's task (PUSH-002: a config is the task's), so its task keys use this leg
    /// ([`Exch::tkey`]), not `leg`, which names where the delivery was recorded (a proxy's
    /// `--listener webhook@...` leg) and where its findings are told.
    task_leg: Option<Option<String>>,
    /// AUTH-SCOPE-002 (mine29a): `(task id, the call's tenant, the tenant the task was
    /// handed out under)` for a SubscribeToTask or push config call on another tenant's
    /// task, judged at the response head, before the answer's events are observed;
    /// reported when the answer is a success ([`State::other_tenants_call_served`]).
    other_tenant: Option<Box<(String, String, String)>>,
    /// The agent this exchange addressed, as a key part ([`State::agent_scope`]): empty for
    /// the first agent of its leg, so a single-agent recording keys tasks by id alone.
    scope: String,
    req_seq: u64,
    method: String,
    url: String,
    /// The URL a finding's message names when it is not `url`: for an exchange the active
    /// prober made (request header [`crate::model::PROBE_TEST_HEADER`]), the agent URL it
    /// addressed (`request_head.upstream`), since `url` names the prober's own recording
    /// listener, a loopback port of the run (newcomer26 N1). `None` elsewhere.
    named_url: Option<String>,
    /// The URL the proxy forwarded this request to (`request_head.upstream`), parsed: in a
    /// recording of several upstreams (`interop`'s two agents, `proxy --route`), the one
    /// this exchange reached, whose card is judged against it (newcomer29 N1). `None` when
    /// the recording does not say (HAR, transcript) or it does not parse.
    upstream_parts: Option<Arc<UrlParts>>,
    parts: Option<Arc<UrlParts>>,
    /// `parts`' origin (`scheme://host:port`), formatted once: cards are looked up by it.
    origin: Option<String>,
    path: String,
    req_headers: Headers,
    /// `req_headers.media_type()`, read once at the request head ([`head_media`]): the
    /// rules ask for it several times per exchange (~400 instructions each; perfr35).
    req_media: Option<Cow<'static, str>>,
    /// The request head has a `Content-Encoding` or `Transfer-Encoding` field
    /// ([`HeadFacts::names_coding`]): without one its body is as recorded, no lookup.
    req_coding: bool,
    req_body: BodyAcc,
    req_body_seq: Option<u64>,
    /// Request body bytes arrived after the response head (the agent answered before it had
    /// read the whole request body): the call is understood again at the exchange's end,
    /// from the whole recorded body.
    req_late: bool,
    /// The version and binding this exchange was counted under in the outcome's
    /// `bindings`, `leg_bindings` and `exchange_dialects` ([`State::count_call`]): a call
    /// read again (an early answer's request body, [`State::release_held_stream`]) is
    /// counted once, under what the second reading says (lead49: the stream of an early
    /// answer counted twice on a loaded machine).
    counted: Option<(Dialect, Binding)>,
    truncated: bool,
    /// The request body was cut (at the proxy's capture cap, or past what the verifier
    /// keeps of a body): its content is not judged, but its answer may still be (a 413,
    /// [`State::cut_request_too_large`]).
    req_cut: bool,
    /// The response body was cut likewise (an SSE or gRPC body too).
    resp_cut: bool,
    /// `exchange_end.request_bytes`: request body bytes the proxy received, the whole body
    /// also when the recording holds only its start.
    req_bytes: u64,
    /// Why `truncated`, as the recording tells it: [`TRUNC_CAP`], [`TRUNC_DROPPED`],
    /// [`TRUNC_BUFFER`] bits (0: only the `exchange_end` says so; newcomer19 N10).
    trunc_by: u8,
    /// Shared so rules can hold it while the exchange is mutated (cheap clone).
    call: Option<Arc<Call>>,
    /// For one call of a JSON-RPC batch judged on its own ([`batch_element`]): its index
    /// in the request's Array and the index of its answer in the response's Array, which
    /// [`Exch::ev_at`] puts in front of pointers into either body (left59 item 6). `None`
    /// for every other exchange.
    batch_at: Option<(usize, usize)>,
    status: Option<u16>,
    synthetic: bool,
    resp_seq: u64,
    resp_headers: Headers,
    /// `resp_headers.media_type()`, read once at the response head ([`head_media`]).
    resp_media: Option<Cow<'static, str>>,
    /// [`Exch::req_coding`] of the response head.
    resp_coding: bool,
    body: BodyAcc,
    body_seq: Option<u64>,
    sse: Option<StreamState>,
    /// An event stream the agent answered before the request body was whole (an early
    /// answer, fix19p P2): its decoded items with their `(seq, t_us)`, held until the call
    /// is known from the whole body ([`State::release_held_stream`]) and judged then, as if
    /// the body had come first. `None` for every other exchange.
    sse_held: Option<Vec<(SseItem, u64, u64)>>,
    /// AUTH-LEAK-002 (left54): whether the request head holds a tagged placeholder (a
    /// credential the recorder redacted), asked once: `None` before.
    head_tagged: Option<bool>,
    /// AUTH-LEAK-002 (left54): the (decoded) frames of an event stream answer that hold a
    /// tagged placeholder, read once a credential was sent (at most [`ECHO_TEXT_CAP`]
    /// bytes); the SSE body is not kept in `body`.
    echo_text: Vec<u8>,
    ended: bool,
    /// The (non-SSE) response body is a JSON object with a non-null `error` member.
    answer_error: bool,
    outcome: Option<Outcome>,
    /// `exchange_end.error`: the recorded cause of an abort (`agent response body failed
    /// after 40 of 125 bytes (content-length 125): ...`).
    end_error: Option<String>,
    /// `exchange_end.resent`: the recording proxy sent the request twice, the first
    /// attempt's kept connection having closed before any answer (its failure, e.g.
    /// `connection closed before message completed`; RFC 9112 §9.3.1.1).
    resent: Option<String>,
    /// `exchange_end.connect_failure`: no connection to the upstream came up for the
    /// recording proxy's own answer, and why (`refused`: nothing listened there).
    connect_failure: Option<ConnectFailure>,
    /// `response_excess`: bytes the answerer sent past the body its `Content-Length`
    /// framed (0: none recorded), and that event's seq (HTTP-FRAME-006, open46).
    excess: u64,
    excess_seq: u64,
    end_seq: u64,
    end_t: u64,
    /// The `seq` of the latest event of this exchange read so far: an exchange that never
    /// ended, with a `seq` missing after it, lost its `exchange_end` line (q25c,
    /// [`SeqGaps`]).
    last_seq: u64,
    /// `exchange_end.response_bytes`: response body bytes relayed to the client (after
    /// any transfer coding was removed).
    resp_bytes: u64,
    /// Capture time of the request head (µs since the recording start).
    req_t: u64,
    /// Capture time of the response head (µs since the recording start; 0 before it):
    /// where a gateway's idle timer on the response body starts (GW-SSE-002).
    resp_t: u64,
    /// `card_rewrite` (`--rewrite-card`, the prober): the card body the client received,
    /// the seq of that event and the JSON Pointers of the URLs the proxy rewrote (body empty
    /// when the recorded body was cut).
    card_rewrite: Option<CardRewriteRec>,
    /// `card_rewrite_skipped`: why `--rewrite-card` served this card unrewritten.
    card_rewrite_skipped: Option<String>,
    /// A gRPC call: set at the request head from its content type and path.
    grpc: Option<Box<GrpcState>>,
    /// `exchange_end.trailers` (gRPC: `grpc-status`, `grpc-message`,
    /// `grpc-status-details-bin`).
    trailers: Headers,
    /// [`answer_refused`], kept by its first call: up to five checks at the exchange's end
    /// ask it, and each answer decoded the body and walked its members again.
    refused: std::cell::OnceCell<bool>,
}

impl State {
    /// The dialect of JSON-RPC call `c` (a single call, or one call of a batch) from what its
    /// method alone does not tell: 0.1 shares `tasks/get` / `tasks/cancel` /
    /// `tasks/resubscribe` with 0.2+, so an origin that took 0.1 `tasks/send*` calls keeps
    /// speaking 0.1 (A2A #1635: a 0.1 agent's tasks/resubscribe events were judged as 0.3
    /// ones without `kind`); and 0.2 shares every other method name with 0.3, so a call to
    /// an origin whose card declares 0.2 (and not 0.3) is 0.2 (0.2:§7, digest §4). `x.origin`
    /// is `x.parts`' origin, formatted once at the request head.
    fn refine_jsonrpc_dialect(&mut self, x: &Exch, c: &mut Call) {
        if let Some(o) = x.origin.as_deref() {
            if c.dialect == Some(Dialect::V0_1) {
                if !self.v01_origins.contains(o) {
                    self.v01_origins.insert(o.to_string());
                }
            } else if c.dialect == Some(Dialect::V0_3)
                && matches!(
                    c.op,
                    Some(Op::GetTask) | Some(Op::CancelTask) | Some(Op::SubscribeToTask)
                )
                && self.v01_origins.contains(o)
            {
                c.dialect = Some(Dialect::V0_1);
            }
        }
        if c.dialect == Some(Dialect::V0_3) {
            if let Some(card) = self.card_for(x) {
                let ds = card.view.declared_dialects();
                if ds.contains(&Dialect::V0_2) && !ds.contains(&Dialect::V0_3) {
                    c.dialect = Some(Dialect::V0_2);
                }
            }
        }
    }
}

/// [`Headers::media_type`] of a head whose first `Content-Type` value is `content_type`,
/// kept with its exchange: the media types agents send are borrowed from a list (no
/// allocation; a value that is one of them exactly is its own media type, nothing to cut
/// or lower), any other is copied once.
fn head_media(h: &Headers, content_type: Option<&str>) -> Option<Cow<'static, str>> {
    const KNOWN: [&str; 8] = [
        "application/json",
        "text/event-stream",
        "application/a2a+json",
        "application/grpc",
        "application/grpc+proto",
        "text/plain",
        "text/html",
        "application/problem+json",
    ];
    let v = content_type?;
    if let Some(k) = KNOWN.iter().find(|k| **k == v) {
        return Some(Cow::Borrowed(*k));
    }
    let m = h.media_type()?;
    Some(match KNOWN.iter().find(|k| **k == m) {
        Some(k) => Cow::Borrowed(*k),
        None => Cow::Owned(m.into_owned()),
    })
}

/// Whether media type `m` (as [`head_media`] keeps it) names JSON anywhere
/// (`application/json`, `application/a2a+json`, `application/problem+json`, ...): what
/// `m.contains("json")` answers, by a scan of its 4-byte windows. `str::contains` first
/// builds a two-way searcher for the needle, ~460 instructions per call on
/// `application/json` (perf42: once per JSON-RPC answer of the proxy bench), where the
/// windows of a media type are a dozen compares.
#[inline]
fn media_names_json(m: &str) -> bool {
    m.as_bytes().windows(4).any(|w| w == b"json")
}

/// [`decode_coded`] of a body whose head `h` names a coding when `coding`
/// ([`HeadFacts::names_coding`]); the bytes as recorded, with no lookup, when it does not,
/// or when there are none: zero bytes are no gzip member, but a HEAD, 304 or 204 answer
/// has no content to code (RFC 9110 §6.4.1, §8.4) and httpx, curl and browsers read an
/// empty coded body as an empty answer (breaker44: a 204 to a call, and a card's HEAD and
/// 304, under `Content-Encoding: gzip` were "not judged").
fn coded_body<'a>(
    h: &Headers,
    coding: bool,
    body: &'a [u8],
) -> Result<Cow<'a, [u8]>, crate::model::coding::CodingError> {
    if !coding || body.is_empty() {
        return Ok(Cow::Borrowed(body));
    }
    decode_coded(h, body)
}

/// [`parse_url`] of the last [`URL_MEMO_SLOTS`] distinct URLs, kept: a URL seen again (a
/// JSON-RPC client posts every call to one endpoint; the card, the REST routes and the
/// JSON-RPC endpoint of one agent alternate) is a copy of its parts' `Arc`, not a parse
/// (perfr35: ~940 instructions a URL; perfv38: with one slot, 2,613 of the 8 MB bench's
/// 5,724 heads parsed again, ~1,650 instructions each). Each slot keeps the URL's hash,
/// compared before the URL; the least recently used slot is replaced.
#[derive(Debug, Default)]
struct UrlMemo {
    slots: Vec<UrlSlot>,
    /// Lookups so far: the use stamp of the slot a lookup hits or fills.
    uses: u64,
}

/// One URL of a [`UrlMemo`]: its hash, the URL, its parts, its last use.
#[derive(Debug)]
struct UrlSlot {
    hash: u64,
    url: String,
    parts: Option<Arc<UrlParts>>,
    used: u64,
}

/// Distinct URLs a [`UrlMemo`] keeps (~60 bytes each plus the URL and its parts).
const URL_MEMO_SLOTS: usize = 16;

impl UrlMemo {
    /// [`parse_url`] of `url`.
    fn parse(&mut self, url: &str) -> Option<Arc<UrlParts>> {
        use std::hash::BuildHasher;
        let hash = foldhash::fast::FixedState::with_seed(0x5eed).hash_one(url);
        self.uses += 1;
        if let Some(s) = self
            .slots
            .iter_mut()
            .find(|s| s.hash == hash && s.url == url)
        {
            s.used = self.uses;
            return s.parts.clone();
        }
        let parts = parse_url(url).map(Arc::new);
        let slot = UrlSlot {
            hash,
            url: url.to_string(),
            parts: parts.clone(),
            used: self.uses,
        };
        if self.slots.len() < URL_MEMO_SLOTS {
            self.slots.push(slot);
        } else if let Some(old) = self.slots.iter_mut().min_by_key(|s| s.used) {
            *old = slot;
        }
        parts
    }
}

/// A body collected from its chunks (bytes). A body of one chunk, the usual case, shares
/// the event's buffer (no copy); a second chunk switches to one buffer, sized once from
/// `Content-Length` when the head had one (no doubling and copying of a large body: with
/// some allocators the freed halves stayed in the RSS, 70 MiB for a 100 MiB POST).
#[derive(Debug, Default, Clone)]
struct BodyAcc {
    one: Bytes,
    many: Vec<u8>,
    /// Bytes expected (`Content-Length`, at most [`BODY_CAP`]); 0 when unknown.
    expected: usize,
    /// `Content-Length` exceeds [`BODY_CAP`]: only [`OVERSIZE_PREFIX`] bytes are kept.
    oversize: bool,
}

impl BodyAcc {
    /// An empty body of `Content-Length` bytes (RFC 9110 §8.6), if the head's first
    /// `Content-Length` value `content_length` says.
    fn expecting(content_length: Option<&str>) -> Self {
        let expected = content_length
            .and_then(|v| {
                // plain digits (the usual value) without `trim`'s `char` walk (perfr35)
                let b = v.as_bytes();
                if !b.is_empty() && b.len() <= 18 && b.iter().all(u8::is_ascii_digit) {
                    usize::try_from(b.iter().fold(0u64, |n, d| n * 10 + u64::from(d - b'0'))).ok()
                } else {
                    v.trim().parse::<usize>().ok()
                }
            })
            .unwrap_or(0);
        BodyAcc {
            // A body announced longer than BODY_CAP is cut anyway (the exchange is then
            // judged incomplete): keep only a prefix instead of BODY_CAP bytes.
            expected: if expected > BODY_CAP {
                OVERSIZE_PREFIX
            } else {
                expected
            },
            oversize: expected > BODY_CAP,
            ..Default::default()
        }
    }

    /// Bytes this body keeps before it counts as cut: [`BODY_CAP`], or
    /// [`OVERSIZE_PREFIX`] for a body announced longer than that.
    fn limit(&self) -> usize {
        if self.oversize {
            OVERSIZE_PREFIX
        } else {
            BODY_CAP
        }
    }
    fn as_slice(&self) -> &[u8] {
        if self.many.is_empty() {
            &self.one
        } else {
            &self.many
        }
    }
    fn len(&self) -> usize {
        self.as_slice().len()
    }
    fn push(&mut self, chunk: &Bytes) {
        if chunk.is_empty() {
            return;
        }
        if self.many.is_empty() {
            if self.one.is_empty() {
                self.one = chunk.clone();
                return;
            }
            self.many
                .reserve(self.expected.max(self.one.len() + chunk.len()));
            self.many.extend_from_slice(&self.one);
            self.one = Bytes::new();
        }
        self.many.extend_from_slice(chunk);
    }
    /// A shared handle on the bytes (a copy only for a body of several chunks).
    fn share(&self) -> Bytes {
        if self.many.is_empty() {
            self.one.clone()
        } else {
            Bytes::copy_from_slice(&self.many)
        }
    }
}

impl Exch {
    /// `body`, a reading of this exchange's request body ([`Exch::req_decoded`]), as a
    /// shared handle: the recorded bytes themselves when it is them (no copy for a body
    /// of one chunk, [`BodyAcc::share`]), else a copy of the decoded body; empty for none.
    fn req_shared(&self, body: Option<&[u8]>) -> Bytes {
        match body {
            None => Bytes::new(),
            Some(b) if std::ptr::eq(b, self.req_body.as_slice()) => self.req_body.share(),
            Some(b) => Bytes::copy_from_slice(b),
        }
    }

    /// The request carries the prober's negative-test header
    /// ([`crate::model::PROBE_NEGATIVE_HEADER`], any value): a call malformed on purpose or
    /// sent to the prober's own webhook, which the client-side rules leave alone (one test
    /// for the 17 places that wrote it out, dup38).
    fn probe_negative(&self) -> bool {
        self.req_headers
            .get(crate::model::PROBE_NEGATIVE_HEADER)
            .is_some()
    }

    /// The request carries the prober's negative-test header with this value (`mark`:
    /// [`crate::model::PROBE_NEGATIVE_TEST`], a call malformed on purpose whose answer is
    /// judged; [`crate::model::PROBE_OWN_WEBHOOK`], the prober's own webhook), surrounding
    /// whitespace ignored.
    fn probe_mark(&self, mark: &str) -> bool {
        self.req_headers
            .get(crate::model::PROBE_NEGATIVE_HEADER)
            .is_some_and(|v| v.trim() == mark)
    }

    /// The request's media type ([`Headers::media_type`]), as read at its head.
    fn req_media(&self) -> Option<Cow<'_, str>> {
        self.req_media.as_deref().map(Cow::Borrowed)
    }

    /// The response's media type ([`Headers::media_type`]), as read at its head (`None`
    /// before it).
    fn resp_media(&self) -> Option<Cow<'_, str>> {
        self.resp_media.as_deref().map(Cow::Borrowed)
    }

    /// The request body decoded as [`decode_body`] decodes it: the recorded bytes when the
    /// head names no coding (most requests; no header lookup, perfr35).
    fn req_decoded(&self) -> Option<Cow<'_, [u8]>> {
        if !self.req_coding {
            return Some(Cow::Borrowed(self.req_body.as_slice()));
        }
        decode_body(&self.req_headers, self.req_body.as_slice())
    }

    /// Whether the recorded request body, uncoded, holds neither `b` nor a backslash (so
    /// no JSON string of it, member names included, holds `b`, escaped or not): one
    /// `memchr2` pass that lets a walk of a JSON-RPC call's tree for such a member be
    /// skipped (perf52). False for a coded body.
    fn req_body_lacks(&self, b: u8) -> bool {
        !self.req_coding && memchr::memchr2(b, b'\\', self.req_body.as_slice()).is_none()
    }

    /// The response body decoded as [`decode_body`] decodes it (see [`Exch::req_decoded`]).
    fn resp_decoded(&self) -> Option<Cow<'_, [u8]>> {
        self.resp_decoded_coded().ok()
    }

    /// The response body decoded as [`decode_coded`] decodes it, with the coding's error.
    fn resp_decoded_coded(&self) -> Result<Cow<'_, [u8]>, crate::model::coding::CodingError> {
        coded_body(&self.resp_headers, self.resp_coding, self.body.as_slice())
    }

    /// [`is_coded`] of the response head (false at once when it names no coding).
    fn resp_is_coded(&self) -> bool {
        self.resp_coding && is_coded(&self.resp_headers)
    }

    /// How a finding names this exchange's call: its JSON-RPC method or operation name
    /// ([`Call::method`]), else `METHOD path` (`GET /v1/tasks/t-1`).
    fn call_name(&self) -> String {
        self.call
            .as_ref()
            .and_then(|c| c.method.clone())
            .unwrap_or_else(|| format!("{} {}", self.method, self.path))
    }

    /// The leg this exchange's tasks are keyed on: `leg`, or for a push delivery the leg
    /// of the call that registered its webhook ([`Exch::task_leg`]).
    fn tleg(&self) -> &Option<String> {
        self.task_leg.as_ref().unwrap_or(&self.leg)
    }

    /// [`task_key`] of `id` at this exchange's task leg ([`Self::tleg`]) and agent.
    fn tkey(&self, id: &str) -> String {
        task_key(self.tleg(), &self.scope, id)
    }

    /// [`Self::tkey`] written into `out` ([`task_key_into`]).
    fn tkey_into(&self, id: &str, out: &mut String) {
        task_key_into(self.tleg(), &self.scope, id, out)
    }

    /// Where this exchange went, as ID-TASK-006 compares agents: `scheme://host:port`,
    /// and for a JSON-RPC call the endpoint path (RPC-001: one URL is one agent); an
    /// HTTP+JSON agent's routes vary under its base, so only the origin counts there.
    fn endpoint(&self) -> Option<(String, Option<String>)> {
        let p = self.parts.as_ref()?;
        let rpc = self
            .call
            .as_ref()
            .is_some_and(|c| c.binding == Some(Binding::JsonRpc));
        // `origin` is `p.origin()`, formatted at the request head
        let origin = self.origin.clone()?;
        Some((origin, rpc.then(|| net::norm_path(&p.path).to_string())))
    }

    /// The request head announced a body (`Content-Length` > 0, RFC 9110 §8.6) that the
    /// recording does not hold whole: the proxy never read it (upstream unreachable before
    /// the body crossed) or the recording lost it. Client-side checks of the body's content
    /// are then left out rather than charged to the client.
    fn req_body_missing(&self) -> bool {
        self.req_body.len() < self.req_body.expected
    }

    /// An HTTP+JSON call whose request body was recorded whole, is not empty and is not
    /// JSON (CASE-14 on the REST binding: ERR-001 JSONParseError, ERR-006 → HTTP 400).
    fn rest_body_not_json(&self, c: &Call) -> bool {
        if c.binding != Some(Binding::Rest) || self.truncated || self.req_body_missing() {
            return false;
        }
        if let Some((len, not_json)) = c.params_parsed {
            if len == self.req_body.len() {
                return not_json;
            }
        }
        let Some(body) = self.req_decoded() else {
            return false;
        };
        !trim_ascii(&body).is_empty()
            && Json::parse(&body).is_err_and(|e| jsonrpc::parser_limit(&e).is_none())
    }

    /// REST-001 / RPC-001 (mine31b f700, a2a-go #380): what the JSON body of an HTTP+JSON
    /// POST is when it is no object: the literal `null` (Go's `json.Marshal(nil)`), an
    /// array or a scalar, where the route's operation takes its request object (a2a.proto
    /// `body: "*"`). `None` for an object, an empty body (the path names everything), a
    /// body that is no JSON (DATA-SHAPE-005's) and one the recording lacks or cut.
    fn rest_body_not_object(&self, c: &Call) -> Option<&'static str> {
        if c.binding != Some(Binding::Rest)
            || !self.method.eq_ignore_ascii_case("POST")
            || self.truncated
            || self.req_body_missing()
        {
            return None;
        }
        let (len, not_json) = c.params_parsed?;
        if not_json || len != self.req_body.len() {
            return None;
        }
        match c.params.json() {
            Json::Object(_) => None,
            // an empty body also reads as null: only the literal counts (rare: decoded then)
            Json::Null => self
                .req_decoded()
                .filter(|b| trim_ascii(b) == b"null")
                .map(|_| "the JSON literal null"),
            _ => c.params_not_object(),
        }
    }
}

impl PartialEq for BodyAcc {
    fn eq(&self, o: &Self) -> bool {
        self.as_slice() == o.as_slice()
    }
}

/// The client-facing card of a `card_rewrite` event (see [`Exch::card_rewrite`]).
#[derive(Debug, Default, Clone)]
struct CardRewriteRec {
    body: Vec<u8>,
    seq: u64,
    pointers: Vec<String>,
}

impl Exch {
    /// Task state `st` as this exchange's wire spells it ([`Call::state_term`]; the 1.0
    /// name before the call is known).
    fn state_term(&self, st: TaskState) -> &'static str {
        match &self.call {
            Some(c) => c.state_term(st),
            None => st.proto_name(),
        }
    }

    /// A stream event signature ([`StreamState::sigs`]: `StatusUpdate:TASK_STATE_COMPLETED`,
    /// `ArtifactUpdate:a1`, kept in one spelling so the legs of a translating gateway
    /// compare) as this exchange's wire names it: `status-update completed` on 0.x
    /// JSON-RPC, `statusUpdate TASK_STATE_COMPLETED` on 1.0 and 0.3 HTTP+JSON (breaker19a
    /// Y14).
    fn sig_term(&self, sig: &str) -> String {
        let (kind, detail) = sig.split_once(':').unwrap_or((sig, ""));
        let (detail, said) = match detail.split_once(SIG_MESSAGE) {
            Some((d, m)) => (d, format!(" with status message {m}")),
            None => (detail, String::new()),
        };
        let kebab = self.call.as_ref().is_some_and(|c| {
            c.dialect.is_some_and(|d| d != Dialect::V1_0) && c.binding == Some(Binding::JsonRpc)
        });
        let kind = match (kind, kebab) {
            ("StatusUpdate", true) => "status-update",
            ("StatusUpdate", false) => "statusUpdate",
            ("ArtifactUpdate", true) => "artifact-update",
            ("ArtifactUpdate", false) => "artifactUpdate",
            ("Task", _) => "task",
            ("Message", _) => "message",
            (k, _) => k,
        };
        let detail = match TaskState::parse(detail) {
            Some(st) if kind != "artifact-update" && kind != "artifactUpdate" => {
                self.state_term(st)
            }
            _ => detail,
        };
        if detail.is_empty() {
            kind.to_string()
        } else {
            format!("{kind} {detail}{said}")
        }
    }

    fn ev(&self, seq: u64) -> Evidence {
        Evidence::event(seq, str::to_string(&self.id))
    }
    /// Evidence at JSON Pointer `pointer` of event `seq` of this exchange. For one call of
    /// a JSON-RPC batch ([`Exch::batch_at`]: call element `i`, answer element `j`), a
    /// pointer into a call (`/params`, `/method`, `/id` of the request body) or into an
    /// answer (`/error`, `/result`, `/id` of the response body) is put under its element,
    /// `/i/params/id`, `/j/error/code`: the body is the batch's Array (RPC-002; left59 item 6,
    /// for evidence a rule holds and tells after the batch was judged).
    fn ev_at(&self, seq: u64, pointer: &str, found: Option<Value>) -> Evidence {
        let at = |w: &str| pointer.starts_with(w);
        let pointer = match self.batch_at {
            Some((i, _))
                if seq == self.req_ev_seq() && (at("/params") || at("/method") || at("/id")) =>
            {
                format!("/{i}{pointer}")
            }
            Some((_, j))
                if seq == self.body_seq() && (at("/error") || at("/result") || at("/id")) =>
            {
                format!("/{j}{pointer}")
            }
            _ => pointer.to_string(),
        };
        Evidence {
            seq,
            exchange: Some(str::to_string(&self.id)),
            pointer: Some(pointer),
            found,
        }
    }
    /// A gRPC call's status as evidence (GRPC-001): the event at `st_seq` that ended the
    /// call, found `{"grpc-status": code, "grpc-message": message}` (`message` the
    /// percent-decoded grpc-message, `null` when absent).
    fn grpc_status_ev(&self, st_seq: u64, code: u32, message: Option<&str>) -> Evidence {
        self.ev_at(
            st_seq,
            "",
            Some(serde_json::json!({"grpc-status": code, "grpc-message": message})),
        )
    }
    fn body_seq(&self) -> u64 {
        self.body_seq.unwrap_or(self.resp_seq.max(self.req_seq))
    }
    /// The version the request asks for: its `A2A-Version` header (trimmed), else the
    /// `A2A-Version` query parameter; `None` when neither is there or both are blank.
    fn asked_version(&self) -> Option<String> {
        self.req_headers
            .get("a2a-version")
            .map(str::trim)
            .filter(|v| !v.is_empty())
            .map(str::to_string)
            .or_else(|| query_param(&self.url, "A2A-Version").filter(|v| !v.trim().is_empty()))
    }
    /// The protocol version the agent's answer names in an `A2A-Version` response header
    /// (trimmed; `None` when absent or blank). The 1.0 specification defines the header for
    /// requests only (§3.6.1, §14.2.1); agents that negotiate echo the version they took
    /// (a2a-elixir #45, opencode-a2a #368), so the echo says which version the agent read
    /// the call in.
    fn answered_version(&self) -> Option<&str> {
        self.resp_headers
            .get("a2a-version")
            .map(str::trim)
            .filter(|v| !v.is_empty())
    }
    /// The request's string `value` at `pointer` (in its body event), and the answer body.
    fn req_value_and_body(&self, pointer: &str, value: &str) -> Vec<Evidence> {
        vec![
            self.ev_at(
                self.req_ev_seq(),
                pointer,
                Some(Value::String(value.to_string())),
            ),
            self.ev(self.body_seq()),
        ]
    }
    fn req_ev_seq(&self) -> u64 {
        self.req_body_seq.unwrap_or(self.req_seq)
    }
    /// The request URL as a finding's message names it: the agent URL a prober addressed
    /// ([`Exch::named_url`]), else the URL the client addressed.
    fn url_named(&self) -> &str {
        self.named_url.as_deref().unwrap_or(&self.url)
    }
    /// The parts of [`Self::url_named`]: the agent URL a prober addressed (review29b: an
    /// interop leg's request URL is the recording proxy's), else the request URL's.
    ///
    /// Borrowed when the exchange names no other URL (every exchange but an interop
    /// leg's): callers run per answer and per stream event (perf31).
    fn addressed_parts(&self) -> Option<std::borrow::Cow<'_, UrlParts>> {
        use std::borrow::Cow;
        self.named_url
            .as_deref()
            .and_then(parse_url)
            .map(Cow::Owned)
            .or_else(|| self.parts.as_deref().map(Cow::Borrowed))
    }

    /// The origin of [`Self::addressed_parts`] (`scheme://host:port`): the head's `origin`,
    /// formatted once, unless the recording named another URL (perf32: no origin string
    /// built again per call).
    fn addressed_origin(&self) -> Option<String> {
        match self.named_url.as_deref().and_then(parse_url) {
            Some(p) => Some(p.origin()),
            None => self.origin.clone(),
        }
    }
    fn is_success(&self) -> bool {
        self.status.is_some_and(|s| (200..300).contains(&s)) && !self.synthetic
    }
}

#[derive(Debug, Clone)]
struct CardRec {
    view: Arc<AgentCardView>,
    exchange: String,
    seq: u64,
    /// The URL the card was fetched at (named when one origin serves several agents' cards).
    url: String,
    /// A public card's string members (`pointer`, value; [`card::card_strings`], at most
    /// [`CARD_TEXT_CAP`] bytes): a credential a client later sends that one of them
    /// contains was published in the card (CARD-011). Empty for a card fetched with
    /// credentials or an extended card (access-controlled, CARD-011 allows secrets there).
    strings: Arc<Vec<(String, String)>>,
    /// Hash of [`card::card_content_key`]: what a client learns from the card, shape
    /// aside. An extended-card answer with the public card's key discloses nothing more
    /// (AUTH-005; breaker17b V2).
    content: u64,
    /// Where the card was fetched: the origin and the card's base, the path before
    /// `/.well-known/` (`""` at the root, no trailing `/`). Several agents may share an
    /// origin, each with its card below its own base (review24a R11).
    fetched_at: Option<(String, String)>,
    /// The interfaces the card lists, as (origin, path without trailing `/`), sorted, each
    /// once; a gRPC `host:port` target once per scheme ([`card_iface_at`]; shared with
    /// the card's [`CardMemo`]).
    iface_at: Arc<Vec<(String, String)>>,
    /// [`bind_use_pair_possible`] of the card: false when no call could ever make it a
    /// BIND-USE-003 finding, so its interface uses are not recorded (perf31).
    bind_use_pairs: bool,
}

/// What an authenticated extended card declares beyond the public card, for the calls of
/// a client that holds a credential ([`State::extended_caps`]; 1.0 §3.1.11, §13.3).
#[derive(Clone, Debug)]
struct ExtendedGrant {
    /// `capabilities.streaming` is true (STREAM-001).
    streaming: bool,
    /// `capabilities.pushNotifications` is true (PUSH-001).
    push: bool,
    /// URIs of `capabilities.extensions[]` marked `required: true` (EXT-002): the
    /// authenticated client must activate them too (review33 Q1).
    required_ext: Vec<String>,
    /// The extended card's body event seq and exchange id (evidence).
    seq: u64,
    exchange: String,
    /// The card's JSON Pointer in that body: `""` for a card served as the body (HTTP+JSON
    /// `GET /extendedAgentCard`, gRPC), `"/result"` for a JSON-RPC `GetExtendedAgentCard`
    /// answer; every evidence pointer into the card starts with it (left39).
    base: &'static str,
}

/// What [`State::on_card`] derives from a public card's bytes alone, kept for the next fetch
/// of the same bytes ([`State::card_memo`]): the view, the string members (CARD-011), the
/// credentials in its URLs (CARD-SECRET-001) and the content hash (AUTH-005). About 170k
/// instructions per 3 KB card, paid once per distinct card instead of once per fetch
/// (docs/performance.md, "Session 26 (lead)"). Everything that depends on the fetch (its
/// URL, headers, where it was fetched) is judged per fetch as before.
struct CardMemo {
    /// Keyed by: the card was served at a 0.2 path ([`card_view`]'s `served_v02`)...
    served_v02: bool,
    /// ...its `Content-Encoding` (the same bytes decode differently under another one)...
    coding: Option<String>,
    /// ...and its body bytes, compared whole (no hash collision can alias two cards).
    body: Vec<u8>,
    view: Arc<AgentCardView>,
    /// [`card::card_strings`] of the card, at most [`CARD_TEXT_CAP`] bytes.
    strings: Arc<Vec<(String, String)>>,
    /// [`card::credentials_in_urls`] of the card, with its query API-key names.
    creds: Vec<(String, String, String)>,
    /// [`card_content_hash`].
    content: u64,
    /// [`card_iface_at`] of the view.
    iface_at: Arc<Vec<(String, String)>>,
    /// [`card_iface_origins`] of the view.
    iface_origins: Vec<String>,
    /// CARD-SHAPE-009's [`card_modes_not_media_types`] of the card, when the rule reads
    /// this card's modes at all (a 1.0 card, or a hybrid one offering a 1.0 interface);
    /// else empty.
    modes_bad: Vec<(String, String)>,
    /// The card's JSON tree, kept for a body with no `Content-Encoding` decoded (`body` is
    /// then the text parsed) of at most [`CARD_TREE_MAX_BYTES`]: a later answer with the
    /// same bytes reads it instead of parsing them again ([`State::card_tree_of`]).
    tree: Option<Arc<Json<'static>>>,
}

/// A remembered card's tree is kept ([`CardMemo::tree`]) for a body of at most this many
/// bytes: the trees held stay under ~[`MAX_CARD_MEMO`] x 0.5 MiB.
const CARD_TREE_MAX_BYTES: usize = 64 * 1024;

/// Distinct public cards remembered ([`State::card_memo`]); the oldest is forgotten past this.
const MAX_CARD_MEMO: usize = 16;

/// A card body longer than this (bytes) is not remembered ([`CardMemo`]): memory stays at
/// most [`MAX_CARD_MEMO`] times this.
const CARD_MEMO_MAX_BYTES: usize = 256 * 1024;

/// Cards kept per origin ([`State::cards`]): the oldest agent's is forgotten past this.
const MAX_CARDS_PER_ORIGIN: usize = 32;

/// The card's base for an Agent Card fetched at URL path `path`: the path before
/// `/.well-known/`, else the path without its last segment (`/a2a/x/agent-card.json` →
/// `/a2a/x`); no trailing `/`, `""` at the root.
fn card_base(path: &str) -> &str {
    let base = match path.find("/.well-known/") {
        Some(i) => &path[..i],
        None => path.rsplit_once('/').map_or("", |(b, _)| b),
    };
    net::norm_path(base)
}

/// CAP-EXT-007 (review31): a 0.x message call answered with its task in `rejected` or
/// `failed` (the unary result's `status.state`, or the state that ended the stream) was
/// refused, not processed: 0.3 has no dedicated error code, and agents that check a
/// required extension in their executor end the task that way instead of answering an
/// error. `json` is the parsed non-SSE body (nothing is parsed again).
fn refused_as_task_0x(x: &Exch, json: Option<&Json>) -> bool {
    let refused = |s: TaskState| matches!(s, TaskState::Rejected | TaskState::Failed);
    let unary = json
        .and_then(|v| v.get("result"))
        .and_then(|r| r.get("status"))
        .and_then(|s| s.get("state"))
        .and_then(Json::as_str)
        .and_then(TaskState::parse);
    let streamed = x.sse.as_ref().and_then(|s| s.terminal).map(|(st, _)| st);
    unary.is_some_and(refused) || streamed.is_some_and(refused)
}

/// CAP-EXT-007 (review31): false when `card` lists an interface on the origin of call `x`
/// and none of them at or above the call's path: the card is another agent's on a host
/// that serves several (its card the only one the recording fetched there), and its
/// required extensions say nothing about this agent. A card whose interfaces name only
/// other origins (a gateway, a public host name) still applies.
fn card_names_path(card: &CardRec, x: &Exch) -> bool {
    let (Some(origin), Some(parts)) = (x.origin.as_deref(), x.parts.as_ref()) else {
        return true;
    };
    let path = net::norm_path(&parts.path);
    let mut same_origin = card.iface_at.iter().filter(|(o, _)| o == origin).peekable();
    same_origin.peek().is_none() || same_origin.any(|(_, p)| path_under(path, p))
}

/// Whether URL path `path` is `base` or below it (at a `/` or `:` boundary; `base` has no
/// trailing `/`, `""` is the root).
fn path_under(path: &str, base: &str) -> bool {
    base.is_empty()
        || path
            .strip_prefix(base)
            .is_some_and(|r| r.is_empty() || r.starts_with('/') || r.starts_with(':'))
}

/// Hash of [`card::card_content_key`] of card `v` (seen as `view`).
fn card_content_hash(v: &Json, view: &AgentCardView) -> u64 {
    use std::hash::{Hash, Hasher};
    let mut h = std::collections::hash_map::DefaultHasher::new();
    card::card_content_key(v, view).hash(&mut h);
    h.finish()
}

/// Bytes of a public card's text kept to look credentials up in ([`CardRec::strings`]).
const CARD_TEXT_CAP: usize = 64 * 1024;

/// A TaskNotFoundError on an agent's own leg held for the end (ID-TASK-006, breaker50): the
/// task id the call named, the call's words and place, its answer's evidence, and the
/// exchanges open at other origins when it was judged (one of them may hand the id out
/// later: an orchestrator's own task, whose answer comes after its delegate's).
struct ForeignTaskHeld {
    tid: String,
    /// The call's name (`SendMessage`, `GetTask`) and the agent's URL (origin and path).
    call: String,
    here: String,
    here_origin: String,
    leg: Option<String>,
    ev: Evidence,
    /// Exchanges open at another origin than `here_origin` when the answer was judged.
    open_elsewhere: Vec<String>,
    /// The `(client, up)` pair a call on a hop named `upstream` was paired with
    /// ([`State::upstream_pair`]): the finding waits for the pair's verdict
    /// ([`State::hold_for_pair`]).
    pair: Option<(String, String)>,
}

/// A delegated task's outcome, kept to judge the agent that delegated it
/// (TASK-STATE-014): an answered send whose task ended failed, rejected, canceled,
/// input-required or auth-required with a status message.
#[derive(Debug)]
struct DelegateOutcome {
    /// The exchange that carried the delegate's answer.
    x_id: String,
    /// The delegate's origin (`scheme://host:port`) and the URL it was called at.
    origin: String,
    url: String,
    /// Capture times (µs) of the call's request head and of its end.
    req_t: u64,
    end_t: u64,
    state: TaskState,
    /// The task state as the delegate's wire spells it (`failed`, `TASK_STATE_FAILED`).
    state_term: &'static str,
    task_id: String,
    /// The text parts of the task's status message, joined and trimmed.
    text: String,
    /// The seq of the delegate's answer.
    seq: u64,
    /// The text of the delegate call's message ([`call_ask_text`]), whose [`ask_words`] say
    /// what it asked, to tie it to the orchestrator's call (review28a R7).
    ask_text: String,
    /// [`ask_words`] of `ask_text`, computed on the first [`delegate_call_tied`] that needs
    /// them (perfv37: most outcomes are never compared; the words were 2.3 M of the 8 MB
    /// bench, computed for each).
    ask: std::cell::OnceCell<Vec<String>>,
    /// The W3C trace id of the delegate call's `traceparent` ([`trace_id`]).
    trace: Option<String>,
}

impl DelegateOutcome {
    /// What the delegate call asked: [`ask_words`] of its message's text.
    fn ask(&self) -> &[String] {
        self.ask.get_or_init(|| ask_words(&self.ask_text))
    }
}

/// A delegate call's text as a [`DelegateOutcome`] keeps it (`ask_text`, `ask`): the text,
/// its words read when first compared; a text over [`ASK_TEXT_KEPT`] bytes is read now and
/// not kept (memory: at most that many bytes per kept outcome).
fn ask_kept(text: String) -> (String, std::cell::OnceCell<Vec<String>>) {
    let ask = std::cell::OnceCell::new();
    if text.len() > ASK_TEXT_KEPT {
        let _ = ask.set(ask_words(&text));
        return (String::new(), ask);
    }
    (text, ask)
}

/// The shortest status message (characters) a relay is judged on: shorter ones ("Error",
/// "Which day?") may be words both agents say on their own.
const DELEGATE_TEXT_MIN: usize = 12;
/// The shortest progress note (characters) of a delegate still submitted or working that
/// an orchestrator's completed result is judged on (TASK-STATE-014, depth51). Not
/// [`DELEGATE_TEXT_MIN`]: the note is kept only while it is the delegate's latest status
/// (dropped at its next one), so the finding already rests on the delegate's task being
/// unfinished when the orchestrator completed with, as its whole result, the words that
/// delegate said so far; a short note ("working...", the reference SDK agent's, 10
/// characters) is as much a progress note as a long one. Only the words too short to tell
/// apart from a coincidence ("ok", "...") stay below it.
const DELEGATE_NOTE_MIN: usize = 4;
/// How many delegate outcomes are kept (the latest): a relay happens within one call.
const MAX_DELEGATE_OUTCOMES: usize = 32;
/// Most credential tags [`State::sent_cred_tags`] and [`State::payload_cred_tags`] keep
/// each (AUTH-LEAK-002): a recording names few credentials; past it new ones are not judged.
const ECHO_TAGS: usize = 256;
/// Most bytes of an event stream's tagged frames an exchange keeps for AUTH-LEAK-002
/// ([`Exch::echo_text`], 64 KiB): a copy is told once, in the first frames that hold one.
const ECHO_TEXT_CAP: usize = 64 * 1024;

/// How many ended client-leg exchanges [`State::recent_client_ends`] keeps (the latest).
const RECENT_CLIENT_ENDS: usize = 64;

/// The Task of a send's answer `v` (a 1.0 `{"task": ...}` or 0.3 HTTP+JSON
/// `SendMessageResponse`, or the 0.x JSON-RPC result that is the Task itself).
fn answer_task<'v, 'a>(v: &'v Json<'a>) -> Option<&'v Json<'a>> {
    match v.get("task") {
        Some(t) if t.as_object().is_some() => Some(t),
        _ => v.get("status").map(|_| v),
    }
}

/// The text of the text parts of `m` (a Message or an Artifact: `parts`, or the 0.3
/// HTTP+JSON `content`), joined by a newline and trimmed.
fn parts_texts(m: &Json) -> String {
    let mut out: Vec<&str> = Vec::new();
    for key in ["parts", "content"] {
        if let Some(ps) = m.get(key).and_then(Json::as_array) {
            out.extend(
                ps.iter()
                    .filter_map(|p| p.get("text").and_then(Json::as_str)),
            );
        }
    }
    out.join("\n").trim().to_string()
}

/// A task state whose task did not do its work (failed, rejected, canceled) or waits for its
/// client (input-required, auth-required): what a delegating agent must not report as its
/// own completed work (TASK-STATE-014).
fn delegate_outcome_state(st: TaskState) -> bool {
    matches!(
        st,
        TaskState::Failed
            | TaskState::Rejected
            | TaskState::Canceled
            | TaskState::InputRequired
            | TaskState::AuthRequired
    )
}

/// Collapses runs of whitespace, so a relay that re-wraps lines still matches.
fn squash_ws(t: &str) -> String {
    t.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// A task another agent of the client leg handed out ([`State::other_agent_task`]): where
/// and when, its contextId and its last state reported before the call judged.
struct OtherAgentTask {
    seq: u64,
    exchange: String,
    origin: String,
    path: Option<String>,
    context_id: Option<String>,
    last: Option<TaskState>,
}

#[derive(Debug, Clone)]
struct Advertised {
    card_exchange: String,
    card_seq: u64,
    pointer: String,
    url: String,
    /// `url` as shown in messages: `url (rewritten from <agent's url>)` after a rewrite.
    shown: String,
    parts: UrlParts,
    /// `JSONRPC` interfaces are used at exactly their URL; others as a base path.
    exact: bool,
    reported: bool,
    /// CARD-URL-007 (a method-keeping redirect away from this URL) already reported.
    redirected: bool,
    /// The agent has answered a request to this URL: a later request it did not answer
    /// (a crash on a malformed call, a client abort) says nothing about the URL.
    answered: bool,
    /// The agent has answered a request to a route below this URL (an HTTP+JSON
    /// operation): unlike a JSON-RPC answer at the URL itself, it proves the routes are
    /// served when the URL declares both bindings (q28a).
    answered_below: bool,
    /// An `HTTP+JSON` interface declared with protocol version 1.x: its operation routes
    /// sit directly below the URL (`{url}/message:send`), where 0.3 put them below
    /// `{url}/v1/` (BIND-001, breaker14 P13).
    rest_1x: bool,
    /// The declared `protocolBinding` (0.3 `transport`) when it is JSON-RPC or HTTP+JSON;
    /// `None` for gRPC ([`Advertised::grpc`], which BIND-USE-001 judges as taking neither)
    /// and custom bindings, which BIND-USE-001 leaves alone.
    binding: Option<Binding>,
    /// The declared binding is `GRPC`: no JSON-RPC or HTTP+JSON call uses this URL.
    grpc: bool,
    /// BIND-USE-001 already reported a client calling this URL in another binding.
    misused: bool,
    /// The 1.0 `AgentInterface.tenant` declared for this URL (non-empty): HTTP+JSON
    /// clients call `{url}/{tenant}/...` (CARD-008; breaker17b V10).
    tenant: Option<String>,
    /// The other of JSON-RPC and HTTP+JSON when the card declares both at this one URL
    /// (JSON-RPC POSTs to the URL, HTTP+JSON routes below it; CARD-005): `binding` is the
    /// first interface's. BIND-USE-001 and CARD-URL-010 judge a call by either (review27a).
    twin: Option<Binding>,
    /// Where the card declares the twin interface (`/supportedInterfaces/1`): the evidence
    /// of a finding about the twin's binding at this URL.
    twin_pointer: Option<String>,
}

impl Advertised {
    /// An HTTP+JSON (or other base-path) interface is declared at this URL, by the first
    /// interface or its twin: its operation routes sit below the URL (CARD-005).
    /// Whether a request at `p` (origin `origin`, `p.origin()`) is at this interface's
    /// origin. A gRPC target (`host:port`, no scheme; read as `https://`) names an address
    /// only: a call there over h2c (`http://`) is at it too (newcomer30 N5).
    fn at_origin(&self, p: &UrlParts, origin: &str) -> bool {
        self.parts.origin() == origin
            || (self.grpc
                && grpc_target_url("GRPC", &self.url).is_some()
                && grpc_target_is(&self.parts, p))
    }

    fn routes_below(&self) -> bool {
        !self.exact || self.twin == Some(Binding::Rest)
    }

    /// A JSON-RPC interface is declared at this URL, by the first interface or its twin:
    /// it is POSTed to at exactly the URL (CARD-005).
    fn rpc_at_url(&self) -> bool {
        self.exact || self.twin == Some(Binding::JsonRpc)
    }

    /// The card pointer of the interface a call of `binding` uses at this URL: the twin's
    /// when the twin declares that binding, else the first interface's.
    fn pointer_for(&self, binding: Option<Binding>) -> &str {
        match &self.twin_pointer {
            Some(p) if binding.is_some() && binding == self.twin => p,
            _ => &self.pointer,
        }
    }
}

/// A 1.x HTTP+JSON interface whose 1.0 route had no route (CARD-URL-002), kept to be paired
/// with a 0.3 `/v1/` route of the same base the agent answered (VER-CARD-001, breaker14
/// P13): (origin, interface base path, interface url as shown, card evidence, the 404's
/// evidence, leg).
type Rest1xUnrouted = (String, String, String, Evidence, Evidence, Option<String>);

/// A wrong answer to a call naming a never-seen task ([`Engine::id_error_codes`]): (task
/// key, leg, evidence, method, the answer in the wire's words, TaskNotFoundError in the
/// wire's words (on a 0.x JSON-RPC call with the words saying the 0.x spec recommends it),
/// the rule of the answer's binding and version: RPC-ERROR-006 on 0.x JSON-RPC; whether it
/// is a generic internal error the prober did not mark, told as ID-TASK-010's note when no
/// TaskNotFoundError for the id ever pairs with it, left58; the call's version, which words
/// that note: ERR-002 is a SHOULD before 1.0, left59 item 7).
type WrongUnknownTaskAnswer = (
    String,
    Option<String>,
    Vec<Evidence>,
    String,
    String,
    String,
    &'static Rule,
    bool,
    Option<Dialect>,
);

/// How long (µs) a 1.0 stream must stay open after an answer showed its task terminal before
/// it counts as hung (STREAM-END-003, breaker23 R03): delivery may lag a read a little.
const HUNG_AFTER_END_US: u64 = 5_000_000;

/// STREAM-END-009 / STREAM-END-010's grace (µs; STREAM-003, STREAM-007, STREAM-008): how
/// long after a task stream's terminal event (its capture time) the agent may still hold
/// the stream open before a client's close counts as the client giving up on a stream the
/// agent never ended (2 s). An agent ends its response within milliseconds of its last
/// event; a client that stops reading at the terminal event (a2a-python's 0.3 consumer at
/// `final: true`) closes within milliseconds too, and is judged nothing.
pub const HELD_OPEN_GRACE_US: u64 = 2_000_000;

#[derive(Debug, Default)]
struct TaskRec {
    context_id: Option<String>,
    /// Handed out by the agent (seen in a result or stream) at this seq / exchange.
    announced: Option<(u64, String)>,
    /// Where it was handed out ([`Exch::endpoint`]): `scheme://host:port`, and the
    /// JSON-RPC endpoint path (ID-TASK-006 tells another agent's task from this one's).
    announced_at: Option<(String, Option<String>)>,
    /// The dialect of the call that handed it out (RPC-ERROR-001: that endpoint speaks it).
    announced_dialect: Option<Dialect>,
    /// Seen in a call between client and agent, not only in push deliveries (PUSH-BODY-002
    /// needs the task's own traffic in the recording).
    in_calls: bool,
    /// Carried by an event of a stream (message/stream, tasks/sendSubscribe, a
    /// resubscription): a 0.x `tasks/resubscribe` is how a client gets back to such a task
    /// after the connection broke (0.3 §7.9; CAP-STREAM-002).
    on_stream: bool,
    terminal: Option<(TaskState, u64, String)>,
    /// The latest state seen for the task and its recording line (TASK-STATE-008: an
    /// interrupted task does not move on without the client, so a SubscribeToTask refused
    /// as if it were terminal is the agent's fault).
    last: Option<(TaskState, u64)>,
    /// The request line of the latest-asked call between client and agent (no push
    /// delivery) whose answer or stream showed the task in a non-terminal state
    /// (PUSH-CFG-002: a terminal-state delivery after such a read, asked after a config's
    /// delete was answered, is about an update the agent made after that delete, never
    /// one already under way; breaker52).
    open_seen: Option<u64>,
    /// DATA-HISTORY-003: the last [`MAX_TASK_MESSAGE_IDS`] `messageId`s of the latest 1.0
    /// task history seen in full (a request without historyLength), that history's length,
    /// and its recording line and exchange.
    history_tail: Option<(Vec<String>, usize, u64, String)>,
    /// DATA-HISTORY-005: the latest GetTask answer's history of the task: its number of
    /// distinct `messageId`s, its newest [`MAX_TASK_MESSAGE_IDS`] ids, and the answer's
    /// recording line and exchange.
    history_read: Option<(usize, Vec<String>, u64, String)>,
    /// `status.timestamp` (ms since the epoch) of the terminal state when a push
    /// notification delivered it: a later webhook delivery of a non-terminal state is a
    /// state change only when its own timestamp is newer (PUSH-004: at-least-once, retries
    /// MAY, no delivery order).
    terminal_ts: Option<i64>,
    /// States push notifications delivered for this task so far (each once): a second
    /// delivery of one of them is a redelivery (PUSH-004), not a state change.
    webhook_states: Vec<TaskState>,
    /// PUSH-DELIV-003: webhook URL keys ([`State::delivery_key`]) a delivery of a terminal
    /// state of this task went to (at most [`MAX_PUSH_SECRETS`]): another live config of
    /// the task that never got one was left out (a store keeping one config per task).
    terminal_pushed_to: Vec<String>,
    /// PUSH-DELIV-003: the agent's clock as the recording saw it through this task's push
    /// deliveries: the least (capture time of a delivery − its `status.timestamp`), ms,
    /// with the delivery's dialect and binding for naming states. The terminal state's
    /// `status.timestamp` plus this bounds when (in recording time) the task ended.
    webhook_clock: Option<(i64, Option<Dialect>, Option<Binding>)>,
    /// The terminal state was first seen in a GetTask / ListTasks answer: the client
    /// polled for it, nothing handed it out live (PUSH-DELIV-003).
    terminal_polled: bool,
    /// Capture time (µs) at which the answer that first showed the terminal state showed
    /// it: a unary answer's end, or the arrival of a stream's event (a resubscribe, a
    /// second SubscribeToTask: review23a R8), with `true` for a stream; a push delivery
    /// that showed it first gives the delivery's end, so its purge grace runs from there
    /// too (q30a item 2: `b30q-2-*`). A 1.0 stream of the task still open well after it, without
    /// that state, hung after the task ended (STREAM-END-003, breaker23 R03).
    terminal_read_t: Option<(u64, bool)>,
    /// `messageId`s of the send requests answered with this task (at most
    /// [`MAX_TASK_MESSAGE_IDS`]): a send repeating one of them is a retry, which an agent
    /// may answer with the task it already made (TASK-STATE-002 on a context-only send).
    sent_message_ids: Vec<String>,
    canceled_seen: bool,
    /// The latest read of the task, after a cancel the agent answered with success with
    /// the task still live, that still showed it interrupted (TASK-003, breaker16a py1170): its
    /// seq, exchange, JSON Pointer of the state and the state in the wire's term.
    read_after_cancel: Option<(u64, String, String, &'static str)>,
    changed_reported: bool,
    /// TASK-STATE-003 reported a cancel of this terminal task accepted with the task in
    /// another state: TASK-STATE-001 on that change names it as its cause (breaker26 E20).
    cancel_accepted: bool,
    /// TASK-AUTH-001/002 (an auth-required status without `status.message`) already
    /// reported for this task.
    auth_unexplained_reported: bool,
    /// DATA-ROLE-001 for a `status.message` with the user's role already reported.
    status_role_reported: bool,
    /// `artifactId`s push notifications delivered artifact updates of, each once (at most
    /// [`MAX_TASK_MESSAGE_IDS`]): a second delivery is a redelivery (PUSH-004).
    webhook_artifacts: Vec<String>,
    /// STREAM-END-001 for a webhook artifact update after the terminal state reported.
    webhook_after_terminal_reported: bool,
    /// The `artifactId`s of a Task snapshot in the terminal state [`TaskRec::terminal`]
    /// names that lists its `artifacts` (a GetTask / send / cancel answer, a stream's Task
    /// event; at most [`MAX_TASK_MESSAGE_IDS`] kept, `None` when no such snapshot listed
    /// them): the artifacts the finished task has (TASK-001, TASK-005).
    terminal_artifacts: Option<Vec<String>>,
    /// TASK-STATE-010 (TASK-001, TASK-005): the `artifactId`s (at most
    /// [`MAX_TASK_MESSAGE_IDS`]) of the latest whole Task snapshot in the terminal state that
    /// is not a push's (a GetTask / send / cancel answer, a stream's Task event), and its
    /// recording line and exchange: a later such snapshot lacking one of them lost it.
    terminal_snap: Option<(Vec<String>, u64, String)>,
    /// TASK-STATE-010 (STREAM-009): artifacts as the task's streams assembled them, one
    /// entry per `artifactId` (at most [`MAX_TASK_MESSAGE_IDS`], each at most
    /// [`MAX_STREAM_ARTIFACT_PARTS`] parts): [`json_hash`] of each part in order, whether an
    /// `append: true` chunk added to it, and the recording line and exchange of the latest
    /// chunk. Empty for a task no stream carried artifact updates of.
    stream_artifacts: Vec<StreamArtifact>,
    /// `artifactId`s TASK-STATE-010 found a later Task snapshot lost (taken out of
    /// [`Self::stream_artifacts`]; at most [`MAX_TASK_MESSAGE_IDS`]): their chunks reached
    /// the client, so a resumed stream's `append: true` to one has its base
    /// (STREAM-ARTIFACT-001 is not the fault there; breaker30 A02).
    lost_artifacts: Vec<String>,
    /// STREAM-009 across turns (breaker54 v10-append-across-turns-bare): `artifactId`s a
    /// Task snapshot of the task handed to a client (a send's or GetTask's answer, a
    /// stream's Task event; not a push) listed, with that snapshot's recording line (at
    /// most [`MAX_TASK_MESSAGE_IDS`]). A later stream's `append: true` chunk of one of them
    /// continues the artifact its client already holds: it has its base
    /// (STREAM-ARTIFACT-001 is not the fault), even when that stream's own Task event
    /// leaves the artifact out.
    held_artifacts: Vec<(String, u64)>,
    /// Set when the id was handed out only by an agent Message's `taskId` (ID-004), with
    /// that message's id as the message prints it: ID-TASK-001 then names the message.
    named_by_message: Option<String>,
    /// [`caller_fingerprint`] of the client call that handed the task out (`None` when it
    /// carried no comparable credentials, or the task was first seen in a push delivery):
    /// a later call under other credentials may be refused the task (TASK-009, AUTH-006).
    caller: Option<u64>,
    /// [`credential_subject`] of that call: the principal its credentials name, when they
    /// name one (q30a, AUTH-SCOPE-003).
    caller_subject: Option<Subject>,
    /// Capture time (µs since the recording start) of the send (SendMessage,
    /// SendStreamingMessage, any version) whose answer handed the task out
    /// ([`Exch::req_t`]); `None` when a read (ListTasks, GetTask) or a message's `taskId`
    /// showed it first (DATA-LIST-006 judges only tasks a send created recently).
    announced_t: Option<u64>,
}

/// What a client knows when it follows a 1.0 ListTasks `nextPageToken`
/// ([`Verifier::list_pages`]; DATA-007 cursor paging): the pages that led to the token.
#[derive(Clone, Debug, Default)]
struct PageChain {
    /// Tasks listed on the earlier pages of this chain; `None` when the chain starts at a
    /// token the recording never showed handed out.
    count: Option<usize>,
    /// Ids of those tasks (at most [`MAX_PAGE_CHAIN_IDS`]).
    ids: Vec<String>,
    /// `totalSize` of the page that handed out the token.
    total: Option<i64>,
    /// Largest `totalSize` any page of the chain reported (the first page's, unless tasks
    /// were added while the client paged); `None` when no page carried one.
    top_total: Option<i64>,
    /// Smallest `totalSize` any page of the chain reported: the tasks there all along
    /// ([`list_total_to_reach`]).
    low_total: Option<i64>,
    /// Recording line and exchange of the page that handed out the token.
    seq: u64,
    xid: String,
    /// That page's request line, and its last task with a `status.timestamp`: (ms since
    /// the epoch, the timestamp as written, task id). DATA-LIST-002 across pages: a later
    /// page's task that was already terminal when that page was asked, with a newer
    /// status, belonged before it (breaker52 v10-list-oldest-first, pageSize 1).
    req_seq: u64,
    last_stamp: Option<(i64, String, String)>,
}

/// TASK-STATE-009: how long (µs from the request head to the end of the answer) a
/// SendMessage with `returnImmediately: true` may take before a terminal or interrupted
/// answer shows the agent waited for the task (TASK-005: the reply comes right after
/// creation, in milliseconds; a fast task may already be done, hence a margin). 2 s, not
/// the 10 s of before (mine49, a2a-tck PR #217): the TCK's own test of this requirement
/// runs a task that works for 2 s and then completes, and a server that waits for it
/// answers completed after 2 s; creating a task takes no seconds, and an agent that
/// honours the flag answers its task submitted or working, whatever its start-up cost.
const RETURN_IMMEDIATELY_SLOW_US: u64 = 2_000_000;

/// CAP-EXT-009: for one declared extension at one agent, the first answer (response head
/// seq, exchange, the call's name) to each kind of send, `[unary, streaming]`, that echoed
/// it in the activated-extensions header, and the first that did not.
#[derive(Debug, Clone, Default)]
struct ExtEcho {
    echoed: [Option<(u64, String, String)>; 2],
    omitted: [Option<(u64, String, String)>; 2],
}

/// How many agent-extension pairs CAP-EXT-009 follows ([`State::ext_echo`]).
const MAX_EXT_ECHO: usize = 256;

/// How many task ids a [`PageChain`] remembers, and how many tokens are remembered.
const MAX_PAGE_CHAIN_IDS: usize = 1000;
const MAX_PAGE_TOKENS: usize = 256;

/// How many send `messageId`s a [`TaskRec`] remembers.
const MAX_TASK_MESSAGE_IDS: usize = 8;
/// Parts of one streamed artifact kept for TASK-STATE-010; a longer artifact is not judged.
const MAX_STREAM_ARTIFACT_PARTS: usize = 256;

/// One artifact as a stream assembled it ([`TaskRec::stream_artifacts`], STREAM-009).
#[derive(Clone, Debug, Default)]
struct StreamArtifact {
    /// `artifactId`.
    id: String,
    /// [`json_hash`] of each part, in order (`None` once over [`MAX_STREAM_ARTIFACT_PARTS`]).
    parts: Option<Vec<u64>>,
    /// An `append: true` chunk added parts to it.
    appended: bool,
    /// Its latest chunk was marked `lastChunk` (STREAM-ARTIFACT-002 across streams).
    last: bool,
    /// Recording line and exchange of the latest chunk.
    seq: u64,
    xid: String,
}

/// The clause of an ERR-002 finding that blames the ErrorInfo reason
/// ([`ErrorBlame::Reason`]): `why` the reason does not fit the call, `why_o` why `other`
/// (`code -32002`, `HTTP status 400`, `status FAILED_PRECONDITION`) does; either may be
/// empty (then no empty clause is written, breaker15a Q24).
fn reason_blame_clause(why: &str, why_o: &str, other: &str) -> String {
    match (why.is_empty(), why_o.is_empty()) {
        (false, true) => format!("does not fit this call: {why}; {other} does"),
        (false, false) => format!("does not fit this call: {why}; {other} does: {why_o}"),
        (true, false) => format!("fits this call less well than {other}: {why_o}"),
        (true, true) => format!("fits this call less well than {other}"),
    }
}

/// Which part of an A2A error is wrong when its ErrorInfo reason and its HTTP status or
/// JSON-RPC code disagree (ERR-002), from the situation ([`State::error_blame`]).
enum ErrorBlame {
    /// The reason cannot be right here (why, empty when it merely fits less well), and the
    /// status or code fits: the reasons it stands for that fit the call, joined with " or "
    /// (empty for a non-A2A status), and why they fit (empty when they merely may).
    Reason(String, String, String),
    /// The reason fits the call (why, empty when it merely may): the status or code is wrong.
    Other(String),
    /// Both fit as well: the call does not tell which is wrong.
    Neutral,
}

/// A TASK-STATE-001 finding held back on a stream opened before the terminal state was seen
/// elsewhere ([`Verifier::stale_streams`]): the task's key, the terminal state, and the
/// finding as it would be reported.
struct StaleReport {
    key: String,
    terminal: TaskState,
    message: String,
    evidence: Vec<Evidence>,
    leg: Option<String>,
}

/// The `seq` numbers a native recording skips (its writer numbers events 1, 2, 3, ... one
/// per line: docs/recording-format.md), as inclusive ranges, the latest
/// [`SeqGaps::KEPT`] of them; a line read out of order fills its place again. An exchange
/// that never ended with a skipped `seq` after its last event lost its `exchange_end` line
/// to a hand edit or a lost write, not to an agent that never answered (newcomer24 N10).
/// Not kept for transcripts and HAR files, whose `seq`s are the reader's.
#[derive(Debug, Default)]
struct SeqGaps {
    /// The highest `seq` read.
    top: u64,
    /// Skipped `seq`s, `(first, last)`, in order.
    ranges: VecDeque<(u64, u64)>,
}

impl SeqGaps {
    /// Gap ranges kept (the latest ones: a recording edited in more places forgets its
    /// earliest gaps, and an exchange open across them keeps the plain "never ended").
    const KEPT: usize = 64;

    /// Notes the `seq` of the next line read.
    fn note(&mut self, seq: u64) {
        if seq > self.top {
            if seq > self.top + 1 {
                if self.ranges.len() == Self::KEPT {
                    self.ranges.pop_front();
                }
                self.ranges.push_back((self.top + 1, seq - 1));
            }
            self.top = seq;
        } else if let Some(i) = self.ranges.iter().position(|&(a, b)| a <= seq && seq <= b) {
            // a moved line: its seq is no longer missing
            let (a, b) = self.ranges[i];
            match (seq == a, seq == b) {
                (true, true) => {
                    self.ranges.remove(i);
                }
                (true, false) => self.ranges[i].0 = seq + 1,
                (false, true) => self.ranges[i].1 = seq - 1,
                (false, false) => {
                    self.ranges[i].1 = seq - 1;
                    self.ranges.insert(i + 1, (seq + 1, b));
                }
            }
        }
    }

    /// The first skipped `seq` after `seq`, if any.
    fn missing_after(&self, seq: u64) -> Option<u64> {
        self.ranges
            .iter()
            .find(|&&(_, b)| b > seq)
            .map(|&(a, _)| a.max(seq + 1))
    }
}

/// The not-judged reason of an exchange with no `exchange_end` in the file and no `seq`
/// skipped after its last event. `verify` adds why a native recording lacks it (the
/// recording stopped early: `verify_cmd::stopped_early`).
pub const NEVER_ENDED: &str = "exchange never ended in the recording";

/// The not-judged reason of an exchange the recording ended (outcome `open`) with its
/// request still waiting for the agent's answer, no response head recorded: a proxy
/// stopped (Ctrl-C, SIGTERM) while the agent had not answered, a transcript `req` with no
/// `resp` (ux41). The proxy's stop summary counts these by this reason
/// (`proxy_cmd::cut_open_lines`).
pub const NOT_ANSWERED_AT_END: &str =
    "the recording ended with the request still waiting for the agent's answer (no response head): answer not judged";

/// The not-judged reason of an exchange whose `exchange_end` line is missing from the
/// file: it never ended in the recording, and a `seq` after its last event is skipped
/// ([`SeqGaps`]).
pub(crate) const NO_END_LINE: &str = "its exchange_end line is missing from the file (the seq numbers skip after its last event: a line deleted or lost), so how it ended is unknown; the agent may well have answered";

/// The whole verifier state.
pub(super) struct State {
    mode: CaptureMode,
    /// `seq`s a native recording skips ([`SeqGaps`]): where lines were deleted or lost.
    seq_gaps: SeqGaps,
    /// [`RecordingHeader::chunk_times`]: false when chunk arrival times were not observed
    /// (HAR, untimed transcript lines), so arrival-time verdicts (GW-SSE-001) are not judged.
    chunk_times: bool,
    upstreams: Vec<UrlParts>,
    /// The capturing proxy's own listeners (`host`, `port`, leg; [`own_listeners`]): a card
    /// URL naming one on the card's own leg is reached through the recorder (a gRPC
    /// `--listener` beside the HTTP one), not around it (CARD-URL-009; newcomer30 N1).
    own_listeners: Vec<(String, u16, Option<String>)>,
    /// [`RecordingHeader::public_url`]: the origin `proxy --public-url` rewrote cards to.
    public_origin: Option<String>,
    /// [`RecordingHeader::driver`]: `probe` or `interop` when the recording holds that
    /// command's own requests through its recording proxy, which rewrites every card;
    /// `None` for `proxy` and converted files. Words the card rewrite ([`State::rewriter`]).
    driver: Option<String>,
    /// The feeder said every event comes on the client leg ([`State::expect_one_leg`]) and
    /// no legged request head came yet: `done_requests` / `done_paths` are not kept (only
    /// an upstream-leg request reads them). Cleared by the first request head with a leg.
    one_leg: bool,
    /// A request head with a leg (`upstream`, `delegate`, ...) came: client-leg ends may wait
    /// for the legged exchanges they caused ([`State::held_client_ends`]). False on a
    /// one-leg recording, whose ends take the old path.
    legged_seen: bool,
    /// race52: client-leg exchanges that ended while a legged exchange sent during them (the
    /// gateway's upstream copy, an orchestrator's delegate call) was still open, waiting
    /// for those to end before they are judged ([`HeldClientEnd`]). The proxy writes the
    /// copy's JSON answer with the copy's `exchange_end`, which can come after the client's
    /// answer and end (docs/recording-format.md: events of different exchanges interleave
    /// freely); judged at once, the client's answer was compared with an upstream leg not
    /// yet known (REST-ERROR-001 blaming the agent for the gateway's own error, GW-RESP-004
    /// lost on a card). At most [`MAX_HELD_CLIENT_ENDS`]; the oldest is judged when more come.
    held_client_ends: VecDeque<HeldClientEnd>,
    out: Vec<Finding>,
    /// Findings shed from `out` past [`MAX_KEPT_FINDINGS`], by (rule, severity).
    shed: BTreeMap<(String, Severity), u64>,
    /// Entries shed from `incomplete` past [`MAX_KEPT_INCOMPLETE`].
    incomplete_shed: u64,
    events: u64,
    exchanges_seen: u64,
    /// Capture time of the latest exchange end (µs since the recording start): how far
    /// the recording reaches (PUSH-DELIV-003).
    last_end_t: u64,
    /// The open exchanges by id, each boxed (an `Exch` is ~960 bytes) in a slot of a slab
    /// ([`OpenMap`]): a slot is a pointer, so growth copies stay small with thousands of
    /// open streams (docs/performance.md, "Session 5"), and an exchange the rules judge is
    /// taken out and put back by its slot. FNV-hashed ids.
    open: OpenMap,
    /// Finished exchanges kept for cross-leg checks (only gateway-relevant ones).
    done_streams: VecDeque<Exch>,
    /// Ended streams of each task (by [`task_key`]), at most [`MAX_TASK_STREAMS`] per task
    /// and [`MAX_TASKS`] tasks: a stream that ends is compared with the ones that were open
    /// at the same time (STREAM-006, STREAM-FANOUT-001).
    task_streams: HashMap<String, Vec<TaskStreamRec>>,
    done_requests: VecDeque<DoneRequest>,
    /// Public cards per origin (fetch origin and every interface origin), one per agent
    /// (a card fetched again at the same base, or listing the same interfaces, replaces
    /// its agent's), oldest first, at most [`MAX_CARDS_PER_ORIGIN`]: gateways and
    /// platforms host several agents on one origin. Read through [`State::card_at`].
    /// Shared: rules take a cheap handle to the card while they mutate the state.
    cards: HashMap<String, Vec<Arc<CardRec>>>,
    /// What the latest distinct public cards' bytes gave ([`CardMemo`]), newest last, at
    /// most [`MAX_CARD_MEMO`]: SDK clients fetch the same card again and again.
    card_memo: VecDeque<Arc<CardMemo>>,
    /// Advertised interface URLs, by URL.
    advertised: HashMap<String, Advertised>,
    /// mine30b: well-known card paths already reported for a 500 (CARD-SHAPE-004).
    m30b_card_500: HashSet<String>,
    /// mine30b (BIND-USE-003): the first client call to each interface of a card, by the
    /// card's exchange: (the interface's index in the card's interface list, (its request
    /// seq, its exchange id, its leg)), in the order first used. Keyed by card only, so a
    /// call to an interface already used is found without a key built (perf31).
    m30b_iface_use: HashMap<String, Vec<(usize, IfaceUse)>>,
    /// mine30b (BIND-USE-003): the cards whose interfaces a client called, by exchange.
    m30b_iface_cards: HashMap<String, Arc<CardRec>>,
    /// The exchange whose 404/405 CARD-URL-002 just reported as the advertised URL's
    /// missing route: the router's page is no A2A error answer of the agent, so
    /// REST-ERROR-001 does not judge it (CARD-005, breaker14 P1/P2).
    route_missing_exchange: Option<String>,
    /// The gRPC call whose answer without a gRPC status (404, 405, 415, a 501 page) at an
    /// advertised gRPC interface CARD-URL-002 tells, on this call or an earlier one: the
    /// not-judged note "no gRPC status to judge" would say it twice (streams59 item 5).
    grpc_unserved_told: Option<String>,
    /// URL paths BIND-USE-002 reported a call to (once each).
    unadvertised_reported: HashSet<String>,
    /// CARD-URL-001 findings held until the end (CARD-005: the card must name the *real*
    /// URL): (interface url, message, evidence, leg). Dropped when an A2A call to that URL
    /// was answered with success ([`Self::served_urls`]): the repeated segment is real.
    pending_doubled: Vec<(String, String, Vec<Evidence>, Option<String>)>,
    /// Bare A2A payloads (no JSON-RPC request object) posted where no card declares what
    /// the URL serves (RPC-REQ-002, mine25a K2): told at the end when [`Self::rpc_spoken`]
    /// shows the URL speaks JSON-RPC. At most [`MAX_BARE_PENDING`].
    bare_pending: Vec<BarePayload>,
    /// URLs ([`State::endpoint_key`]) where the agent answered a POST with a JSON-RPC 2.0
    /// response object (`"jsonrpc": "2.0"` with `result` or `error`): the first such
    /// answer's (exchange, body event seq, what it was). Kept only while
    /// [`Self::bare_pending`] may need it; at most [`MAX_RPC_SPOKEN`] URLs.
    rpc_spoken: HashMap<String, (String, u64, String)>,
    /// CARD-URL-008 findings held until the end: (interface url, message, evidence, leg).
    /// Taken over by CARD-URL-002 when that URL fails when used (its message then says the
    /// card was fetched over https): one fault, told once (breaker16a xagent882).
    pending_plain: Vec<(String, String, Vec<Evidence>, Option<String>)>,
    /// PUSH-BODY-003 notes held while another exchange was in flight (breaker17b V9):
    /// (webhook key, task id, message, evidence, leg). An inline push config's first
    /// delivery can overtake the send that carries the config (and its answer naming the
    /// task); dropped at the end when a config of that webhook was bound to the task
    /// after all. At most [`MAX_PENDING_UNKNOWN_PUSH`].
    pending_unknown_push: Vec<PendingUnknownPush>,
    /// Task ids the agent handed out again for a new message (no taskId) after the task
    /// had finished (TASK-STATE-002, breaker17b V11: an executor with a hard-coded task
    /// id), with the number of consequence findings folded into that root cause (ID-CTX-002,
    /// TASK-STATE-001, TASK-STATE-007, ID-CTX-003 about the same task). At most
    /// [`MAX_REUSED_TASKS`].
    reused_tasks: HashMap<String, u32>,
    /// Answered sends whose task ended unfinished or failed, with their status message
    /// (TASK-STATE-014): the latest [`MAX_DELEGATE_OUTCOMES`].
    delegate_outcomes: VecDeque<DelegateOutcome>,
    /// REST-ERROR-001 held back for one exchange (a2a-dotnet #393): a problem+json A2A
    /// error with a status no version gives it, as (exchange id, `out` length when held,
    /// the finding). Told by [`State::flush_problem_status`] unless the situation checks
    /// of the same answer (a cancel of a task seen terminal, ...) told REST-ERROR-001 first.
    problem_status_held: Option<(String, usize, Finding)>,
    /// AUTH-TLS-004 (message, evidence) of the card interface URL being checked, told
    /// after that URL's other checks so that its root cause comes first
    /// ([`tls_downgrade_cause`]). Empty between card URLs.
    held_tls: Option<(String, Vec<Evidence>)>,
    /// CARD-URL-013 (left42) held until the end: (the https origin the card advertises on
    /// the plain-http host and port it was fetched from, message, evidence, leg). Told by
    /// [`State::flush_tls_on_plain`] unless an https call to that origin was answered
    /// after the card (the port speaks both: port unification).
    tls_on_plain: Vec<(String, String, Vec<Evidence>, Option<String>)>,
    /// Origins an https call was answered at, kept only while [`State::tls_on_plain`]
    /// holds something (nothing is read per exchange otherwise).
    https_answered: std::collections::HashSet<String>,
    /// Whether every client connection so far came from a loopback address (`conn_open`
    /// peers); `None` when the recording has no connection events (transcripts, HAR).
    /// With loopback agents it marks a local test run (PUSH-URL-001, breaker17b V18).
    clients_loopback: Option<bool>,
    /// Client address (`ip:port`) of the most recent connections (`conn_open`), at most
    /// [`CONN_PEERS`], oldest first in `conn_order`: an HTTP-FRAME-003 refusal names its
    /// client, not only its connection number (review22 N8).
    conn_peers: HashMap<u64, String>,
    conn_order: VecDeque<u64>,
    /// The last exchange (id, `request_head` seq) of each connection of `conn_peers`: an
    /// HTTP/1.1 request refused as unparseable right after it names it (breaker42
    /// cl-counts-chars: bytes past a Content-Length counted in characters were refused as a
    /// request of their own, and the finding named no request).
    conn_last: HashMap<u64, (ExchangeId, u64)>,
    /// The latest A2A calls and card fetches answered complete under a `Content-Length`
    /// with no byte past it (at most [`excess::FRAMED_KEPT`], oldest first): bytes past
    /// that length the recording proxy read after the exchange ended (`response_excess`
    /// with `late`) are judged against them (HTTP-FRAME-006, open46).
    framed_ends: VecDeque<excess::FramedEnd>,
    /// The agent's own cards seen on the upstream leg (newest last, at most
    /// [`MAX_UP_CARDS`]): what a gateway's card rewrite started from (GW-RESP-004).
    up_cards: VecDeque<UpCard>,
    /// GW-RESP-004 held (mine58 f1314, agentic-layer/agent-gateway-krakend): a client-leg
    /// card url the gateway rewrote to exactly its public prefix for the agent while the
    /// agent's own url has a path of its own below its base. Told when a call to that url
    /// is forwarded upstream to another path than the agent's url (the proof that the
    /// prefix leads elsewhere). At most [`MAX_UP_CARDS`].
    gw_path_dropped: VecDeque<GwPathDropped>,
    /// CARD-URL-011 on a gateway's upstream leg (the agent's own card, fetched by the
    /// gateway on the agent's host), held until the end (review32 G1): the message and
    /// evidence, at most [`MAX_UP_CARDS`]. Told only when the recording shows no card on
    /// the client leg: otherwise the card the clients got is the one judged.
    held_bind_all: VecDeque<(String, Evidence)>,
    /// Whether a card was served on the client leg ([`State::held_bind_all`]).
    client_card_seen: bool,
    /// The signed cards seen on the upstream leg (newest last, at most [`MAX_UP_CARDS`]):
    /// what a gateway passed on with their signatures (GW-RESP-007).
    up_signed_cards: VecDeque<UpSignedCard>,
    /// Advertised interface URLs (keys of [`Self::advertised`]) an A2A call used and the
    /// agent answered with success (2xx, no error body).
    served_urls: HashSet<String>,
    /// 1.x HTTP+JSON interfaces whose 1.0 routes found no route ([`Rest1xUnrouted`]).
    rest1x_unrouted: Vec<Rest1xUnrouted>,
    /// 0.3 HTTP+JSON routes (`{base}/v1/...`) the agent answered with an A2A answer:
    /// (origin, base path, route path, evidence); at most 16 are kept.
    rest03_served: Vec<(String, String, String, Evidence)>,
    /// ListTasks `nextPageToken`s handed out, by leg and token ([`task_key`] form), with
    /// the chain of pages that led to them; insertion order in `list_page_order`
    /// (bounded by [`MAX_PAGE_TOKENS`]).
    list_pages: HashMap<String, PageChain>,
    list_page_order: VecDeque<String>,
    /// Insertion order of `tasks`, to bound memory ([`MAX_TASKS`]).
    task_order: VecDeque<String>,
    /// Boxed: a record is ~540 bytes, so the table holds a pointer per slot instead (at
    /// [`MAX_TASKS`] it has 16,384 slots, ~6,400 of them unused: 8 bytes each, not ~540;
    /// docs/performance.md, "Session 26 (mem26)").
    tasks: HashMap<String, Box<TaskRec>>,
    /// Origins (`scheme://host:port`) that took 0.1 `tasks/send*` calls.
    v01_origins: HashSet<String>,
    /// Agent origins (`scheme://host:port`) already told RPC-ERROR-004 (a 1.0 A2A error
    /// without ErrorInfo): once per origin (mine39 f880).
    error_info_missing_origins: HashSet<String>,
    /// left57 (TASK-003, ERR-002): (agent origin, operation) of gRPC calls the agent ended
    /// with a status other than UNIMPLEMENTED: the method is registered there, so a later
    /// bare UNIMPLEMENTED to it is the agent's own refusal, not gRPC's answer to a method
    /// it lacks. At most [`GRPC_SERVED_KEPT`] entries.
    grpc_served: Vec<(String, Op)>,
    /// While an SSE event of a call with an id wider than 64 bits ([`Call::rpc_id_wide`])
    /// is judged: the event's `id` as written when it too is such an integer (RPC-005:
    /// each event echoes the request id; breaker30 I18).
    event_wide_id: Option<Option<String>>,
    /// Task keys (never seen as tasks) the agent answered -32001 TaskNotFoundError for, most
    /// recent last; bounded by [`MAX_ID_ERRORS`].
    not_found_ids: VecDeque<String>,
    /// TASK-005: task key → (artifact ids, answer seq, exchange, state, the send as the
    /// wire names it) of a 1.0 blocking
    /// SendMessage answered at a terminal state: the reply carries all the task's
    /// artifacts, so a later terminal snapshot with another artifact id shows one missing.
    /// Bounded by [`MAX_TASKS`].
    blocking_artifacts: HashMap<String, (Vec<String>, u64, String, TaskState, String)>,
    /// Wrong answers (-32603, -32004, an empty push config list) to calls naming a task
    /// never seen: (task key, leg, evidence, method, the answer in words), judged when the
    /// same id gets -32001 elsewhere; bounded by [`MAX_ID_ERRORS`].
    internal_errs: VecDeque<WrongUnknownTaskAnswer>,
    /// Webhook URL → (dialect of the call that registered it, origin of that agent,
    /// capability already judged).
    push_urls: HashMap<String, PushReg>,
    /// Insertion order of `push_urls`, to bound memory ([`MAX_PUSH_URLS`]).
    push_order: VecDeque<String>,
    /// Webhook URLs a push config named that no delivery reached yet, with the exchange of
    /// the first such config, at most [`PUSH_UNREACHED_KEPT`] ([`VerifyOutcome::
    /// push_unreached`]; newcomer48).
    push_unreached: Vec<(String, String)>,
    /// Webhook URLs a delivery reached, at most [`MAX_PUSH_URLS`]: a later config for one
    /// of them is not listed in `push_unreached`.
    push_reached: HashSet<String>,
    /// The last [`RECENT_POSTS`] POST requests: `(request seq, webhook_key of the URL)`. A
    /// config sent inline in a blocking send is read at the send's response head, after
    /// the deliveries the agent made meanwhile: they are found here (newcomer48).
    recent_posts: VecDeque<(u64, String)>,
    /// Webhook URL → what each config registered for it carries (fingerprints of the token
    /// and credentials, never the values; the task): PUSH-AUTH-002, PUSH-BODY-002. At most
    /// [`MAX_PUSH_SECRETS`] configs per URL; forgotten with `push_urls`.
    push_secrets: HashMap<String, Vec<PushSecret>>,
    /// Webhook URLs with more configs than [`MAX_PUSH_SECRETS`]: some config is not in
    /// `push_secrets`, so no delivery there is judged as naming a task without a config.
    push_secrets_full: HashSet<String>,
    /// Webhook URLs whose config was already reported as relayed to another agent
    /// (PUSH-BODY-004): one finding per webhook.
    push_relayed: HashSet<String>,
    /// Hosts already reported for an A2A call over http to an https-only card interface
    /// (AUTH-TLS-002/003): one finding per host.
    tls_downgraded: HashSet<String>,
    /// Some registration was forgotten: a POST that might be a delivery to it is not
    /// judged as a JSON-RPC call (no false finding from forgotten state).
    push_forgotten: bool,
    /// Cancels answered with success while the task was not yet terminal, by task key:
    /// (seq of the answer, exchange). Removed as soon as the task is seen terminal, so a
    /// task forgotten past [`MAX_TASKS`] cannot turn into a false TASK-003 finding; what is
    /// left at the end fires.
    pending_cancels: HashMap<String, Vec<(u64, String)>>,
    /// Tasks whose stream the client left while they were live, by task key
    /// ([`State::note_client_left`]; TASK-STATE-016, mine43): removed once a later answer
    /// shows the task ended or a cancel request names it. Bounded by [`MAX_TASKS`].
    client_left: HashMap<String, ClientLeft>,
    /// Task keys whose failed or rejected status message was told as AUTH-LEAK-001
    /// ([`State::status_message_leak`]): once per task. Bounded by [`MAX_TASKS`].
    status_leak_told: HashSet<String>,
    /// Task keys a cancel request named ([`State::note_cancel_asked`]): their canceled
    /// state answers that request. Bounded by [`MAX_TASKS`].
    cancel_asked: HashSet<String>,
    /// Task streams cut by an error whose words do not say the agent's own fault (a bare
    /// -32603 or HTTP+JSON 500 event on a 0.x stream, another code on a 1.0 one: a 1.0
    /// INTERNAL fires at once, [`StreamErrorEnd::cut_by_agent`]), by task key: (the
    /// STREAM-END-005 message, its evidence, the stream's exchange id). An error end is
    /// legal on its own there (0.3 §7.2);
    /// once another exchange shows the task FAILED (GetTask), the stream withheld the
    /// terminal state the agent reached and the finding fires (breaker17b V5). Bounded
    /// by [`MAX_TASKS`]; what is left at the end is dropped.
    error_cuts: HashMap<String, (String, Vec<Evidence>, String, Option<Dialect>)>,
    /// STREAM-END-002 findings told for task streams the agent's side reset before a
    /// terminal or interrupted state, by task key (q30a, mine29c): a later subscription
    /// (SubscribeToTask, 0.x tasks/resubscribe) that carries the task to such a state turns
    /// the finding into STREAM-END-006's warning in place (the live line, printed when the
    /// stream broke, said STREAM-END-002; the report says what the recording proved).
    /// Bounded by [`MAX_TASKS`].
    reset_cuts: HashMap<String, HeldReset>,
    /// The last [`RECENT_ANSWERS`] A2A calls that ended, oldest first
    /// ([`State::remember_answer`]): what else the agent answered around a call (q30a,
    /// review29a: a cancel's -32603 amid other calls answered is the cancel's fault, amid
    /// calls all failing an outage).
    recent_answers: VecDeque<RecentAnswer>,
    /// Task keys AUTH-SCOPE-003 / AUTH-SCOPE-004 told of (once per task), at most
    /// [`MAX_TASKS`].
    scope_served_told: HashSet<String>,
    /// SubscribeToTask refusals with UnsupportedOperationError for a task last seen
    /// submitted or working, by task key: (the finding's message, its evidence, the line of
    /// the refusal, and the card's `capabilities.streaming` evidence for a 0.x
    /// `tasks/resubscribe`, which is judged as CAP-STREAM-002 instead of 1.0's
    /// TASK-STATE-013). The task may have ended in between; once a later answer shows it
    /// still not terminal, the refusal was wrong and the finding fires. Dropped when the
    /// task is seen terminal; bounded by [`MAX_TASKS`]; what is left at the end is dropped.
    active_sub_refusals: HashMap<String, ActiveSubRefusal>,
    /// TASK-STATE-008 / TASK-STATE-015 held back, by task key (left37): a refusal of a
    /// subscription or follow-up to a task last seen interrupted. A later read of the task
    /// (GetTask, a ListTasks row, a stream, a push delivery) settles it: still not terminal,
    /// the finding fires and names that read; terminal, it is dropped (the agent may have
    /// ended the task before the refusal: failed or canceled it after waiting too long).
    /// What no later read settled is told at the end, saying so. Bounded by [`MAX_TASKS`].
    interrupted_refusals: HashMap<String, HeldInterruptedRefusal>,
    /// TASK-STATE-001 held back, by exchange id: a stream that was opened before another
    /// exchange showed its task terminal reports a non-terminal state after that (events on
    /// two connections are not ordered across them). Dropped when the stream itself then
    /// reports the terminal state (it was delivering older events) or the client left;
    /// found when it ends otherwise. Bounded by the open exchanges.
    stale_streams: HashMap<String, Vec<StaleReport>>,
    dialects: super::areas::NameSet,
    /// Exchanges per (A2A version, binding) of the calls seen ([`State::note_binding`]).
    bindings: BTreeMap<(&'static str, &'static str), u64>,
    /// [`State::bindings`] per leg (`client` for the client-facing hop), for the outcome's
    /// `leg_bindings` (breaker48); at most [`MAX_BINDING_LEGS`] legs' worth of entries.
    leg_bindings: BTreeMap<(String, &'static str, &'static str), u64>,
    areas: super::areas::AreaSet,
    incomplete: Vec<(String, String)>,
    /// The request `seq` of the earliest exchange that ended listed in `incomplete` (its
    /// answer, or part of it, not judged): a task id it handed out may be one the verifier
    /// never read, so a later message naming a task "never handed out" is no evidence
    /// (ID-TASK-004 is not told for requests after it; [`State::unjudged_before`], ux41).
    first_unjudged_req: Option<u64>,
    /// The first [`OPEN_AT_END_KEPT`] exchanges the recording ended with still open
    /// ([`State::open_at_end`]), named for the proxy's stop summary (newcomer25 N10).
    open_at_end: Vec<super::OpenAtEnd>,
    /// Lines the proxy prints live as they arise, taken by [`State::take_live_notes`]:
    /// requests the agent never answered before the client gave up (newcomer19 N6), each
    /// also an `incomplete` entry offline.
    live_notes: Vec<String>,
    /// A key written by [`Exch::tkey_into`] for a lookup of the messageId bookkeeping
    /// ([`State::sent_messages`], [`State::agent_messages`]), or by
    /// [`State::endpoint_key_into`] for [`State::rpc_spoken`], kept for its room: copied
    /// only when inserted.
    key_buf: String,
    /// The key [`State::task_of`], [`State::task_of_mut`] and [`State::knows_task`] write
    /// for a lookup of [`State::tasks`], kept for its room (a `RefCell`: the first two read
    /// through `&self`); never borrowed outside those three, each of which ends its borrow
    /// before it returns.
    task_key_buf: std::cell::RefCell<String>,
    /// Indexes in `out` of VER-MIX-002 findings on a gateway's upstream leg not yet
    /// returned live (review28a R5): whose side the mix is (the client's, passed on, or the
    /// gateway's own, VER-MIX-001) is known once the paired client call is judged
    /// ([`State::settle_held_mix`]); and a client's 0.x method under `A2A-Version: 1.0`
    /// ([`HEADER_1_0_ON_0X`]) until its answer is read (review34). At most
    /// [`MAX_HELD_MIX`].
    held_mix: Vec<usize>,
    /// The exchange whose call is being read again ([`State::reread_call`]): a finding the
    /// second reading tells that the first already told about this exchange (same rule and
    /// leg) takes the second's message and evidence in place of a second finding.
    rereading: Option<ExchangeId>,
    /// `(exchange id, dialect label)`; the label stays a `&'static str` until the outcome
    /// (one `String` fewer per exchange on the online path).
    exchange_dialects: Vec<(ExchangeId, &'static str)>,
    auth_reported: HashSet<String>,
    /// AUTH-SCHEME-004: A2A calls refused 401 / 403 that carried no credential of an agent
    /// card requiring them, held until the run ends: a later call of the same operation to
    /// the same origin with a declared credential makes the refusal a challenge the client
    /// answered (RFC 9110 §11.6.1), not a client that never authenticates. Bounded by
    /// [`MAX_MISSING_CREDS`].
    missing_creds: Vec<MissingCred>,
    /// AUTH-SCHEME-004: origins the client sent a declared credential to (on any call):
    /// a refusal there shows a client that has the credential and left it off.
    credentialed_origins: HashSet<String>,
    /// AUTH-SCHEME-004: `origin\0operation` pairs the client made with a declared
    /// credential: a refused call of such an operation without one is deliberate (a prober's
    /// anonymous check, a challenge round trip), not a client that lacks the credential there.
    credentialed_ops: HashSet<String>,
    /// CAP-EXT-003: `origin\0uri` of every extension an authenticated extended card
    /// declared (`capabilities.extensions`): a client that fetched it reads them as the
    /// agent's, though the public card the other rules read lists none (review26 R5).
    /// Bounded by [`MAX_MISSING_CREDS`].
    extended_extensions: HashSet<String>,
    /// CAP-EXT-009 (mine49, a2a-js #710): per `leg\0origin\0uri` of a declared extension
    /// the client requested, the first answer to each kind of send (0 unary, 1 streaming)
    /// that echoed it and the first that did not ([`ExtEcho`]); `None` once told. Bounded
    /// by [`MAX_EXT_ECHO`].
    ext_echo: HashMap<String, Option<ExtEcho>>,
    /// ID-TASK-006 (mine49): task keys of the client's own messageIds already told as named
    /// in place of a task id, so a client that polls with one again is told once. Bounded
    /// by [`MAX_EXT_ECHO`].
    own_message_id_told: HashSet<String>,
    /// ID-TASK-006 (perf52): `messageId` → the keys of the tasks whose
    /// [`TaskRec::sent_message_ids`] hold it, so the not-found path asks only those tasks
    /// instead of walking every task (~90k instructions per not-found answer at 4,000
    /// tasks). A superset: an evicted task's key stays until the next rebuild, and every
    /// candidate is checked against [`Self::tasks`]. Rebuilt from `tasks` when its entries
    /// pass twice the message ids the tasks hold (+ 1,024), so bounded like `tasks`.
    sent_mid_tasks: HashMap<String, Vec<String>>,
    /// Entries in [`Self::sent_mid_tasks`] (task keys over all its lists).
    sent_mid_entries: usize,
    /// Message ids held by the remembered tasks ([`TaskRec::sent_message_ids`] summed).
    sent_mid_live: usize,
    /// CAP-STREAM-001 / CAP-PUSH-001, CAP-EXT-001 / CAP-EXT-007: per origin, what an
    /// extended card declares beyond the public card ([`ExtendedGrant`]): 1.0 §3.1.11 /
    /// §13.3 let it expose more, and an authenticated client SHOULD use it in the public
    /// card's place (breaker32 E01-E05). Kept under the origin it was served on and every
    /// origin the agent's interfaces name, in the extended card and in the public card the
    /// call reached (review33: an agent's interfaces on two origins are one agent).
    /// Bounded by [`MAX_MISSING_CREDS`].
    extended_caps: HashMap<String, ExtendedGrant>,
    ver_stripped_done: HashSet<String>,
    /// Exchanges (client leg and its upstream copy) whose route the gateway rewrote
    /// (GW-REQ-002): the agent's answer there is to a call the client never made, so the
    /// agent is not judged on it (ID-TASK-001, REST-ERROR-001). Bounded by [`MAX_PENDING_UP`].
    gw_rerouted: VecDeque<String>,
    /// GW-REQ-003 held back ([`CtxAdded`]), keyed by the exchange whose answer decides:
    /// an upstream send to which the gateway added a contextId the client's message did
    /// not have waits for the agent's answer (an agent that answers in that context got a
    /// legal send: ID-002 lets it take a client's contextId); a client send whose id the
    /// gateway replaced waits for the client-leg answer (a gateway that maps the id back
    /// translates ids consistently). At most [`MAX_PENDING_UP`].
    gw_ctx_added: Vec<(String, CtxAdded)>,
    /// Upstream-leg requests that ended before the client-leg request they forward had its
    /// body recorded (the proxy records a client body when it ends, which can be after the
    /// gateway forwarded it): paired when that client request ends ([`MAX_PENDING_UP`]).
    pending_up: VecDeque<PendingUp>,
    /// Client-leg exchanges whose upstream twin lost or changed `A2A-Version` (VER-HDR-002
    /// reported): a −32009 answer on them is the gateway's doing, not the agent's. The
    /// newest [`MAX_PENDING_UP`].
    ver_stripped_clients: VecDeque<ExchangeId>,
    /// Exchanges whose send request carries a message that lacks required content
    /// ([`message_content_missing`]: no messageId, role or parts, an empty parts list, a
    /// part without content), as (exchange id, JSON pointer, problem): an internal error
    /// answered to them is ERR-006's "validate input first" broken. The newest
    /// [`MAX_PENDING_UP`].
    malformed_sends: VecDeque<(String, String, String)>,
    /// Origins whose card CARD-SECRET-001 reported already (one finding per origin, however
    /// often its card is fetched).
    card_secret_reported: HashSet<String>,
    /// Origins whose card CARD-CACHE-001 reported already (one finding per origin).
    card_cache_reported: HashSet<String>,
    /// CARD-CACHE-002: per card URL (origin and path), the strong ETag it was last served
    /// with, a digest of that card's JSON ([`json_digest`]), and the response's recording
    /// line and exchange; at most [`MAX_CARD_ETAGS`] URLs. A URL whose finding was made
    /// keeps its entry with an empty ETag (one finding per URL).
    card_etags: HashMap<String, (String, u64, u64, String)>,
    /// CARD-CACHE-001's 304 check (RFC 9110 §15.4.5, RFC 9111 §4.3.4; mine56,
    /// dhirmadi/agent-registry): per card URL (origin and path), whether the last 200 that
    /// served a public card there carried a freshness lifetime (Cache-Control max-age /
    /// s-maxage / no-cache / no-store, or Expires) and an ETag, `(fresh, etag)` (the 304
    /// check reads the ETag); at most [`MAX_CARD_ETAGS`] URLs.
    card_validators: HashMap<String, (bool, bool)>,
    /// CARD-SIG-003: per card URL (origin and path) fetched on the client leg, the last
    /// signed card served there ([`UpSignedCard`]: its signatures and content without
    /// them); at most [`MAX_UP_CARDS`] URLs. A URL whose finding was made keeps an entry
    /// without signatures (one finding per URL).
    signed_cards: HashMap<String, UpSignedCard>,
    /// CARD-SIG-003 across an agent's cards: per origin, the last signed public card and
    /// the last signed extended card served on the client leg (keys `{origin} public` and
    /// `{origin} extended`, [`signed_card_slot`]); at most 2 x [`MAX_UP_CARDS`] entries. An
    /// origin whose finding was made keeps both entries without signatures (one finding
    /// per origin).
    agent_signed_cards: HashMap<String, UpSignedCard>,
    /// Origins whose agent opened an event stream (a streaming call answered 200
    /// `text/event-stream`, or a gRPC stream that is not trailers-only): its
    /// `capabilities.streaming: true` is true, so a later -32004 to a stream is no
    /// capability lie (CAP-STREAM-002; breaker17b V3).
    streamed_ok: HashSet<String>,
    /// Cards (by their seq) already named by CAP-CARD-003: an extended card declared and
    /// not configured is said once per card, however often a client asks for it.
    extended_unconfigured_cards: HashSet<u64>,
    /// Cards (by their seq) read as 0.1.0 that CARD-SHAPE-001 already judged by the 0.2
    /// schema once their agent answered a 0.2 / 0.3 method ([`State::card_shown_v02`]).
    v02_judged_cards: HashSet<u64>,
    /// A card with [`crate::model::card::AgentCardView::v02_problems`] was stored: only then
    /// does a 0.x answer look its card up for CARD-SHAPE-001's 0.2 judgment (most
    /// recordings hold no such card, and pay nothing per answer).
    v02_cards_seen: bool,
    /// Paths of `done_requests` entries, by exchange id (hashed as the open map is: one
    /// insert and one remove per client request).
    done_paths: IdMap<String>,
    /// The last request URL and the last upstream URL parsed at a request head, with their
    /// parts ([`UrlMemo`]): a client calls one endpoint again and again.
    url_memo: UrlMemo,
    upstream_memo: UrlMemo,
    /// Client-leg `done_requests` entries that ended, by exchange id: the seq of their
    /// response head (of their end when there was none). An upstream request the agent
    /// never answered is paired at its own end, after the gateway answered the client
    /// (a 504 on a timeout); a client answered only after that request was sent was still
    /// waiting when it was forwarded (GW-REQ-003; review24b R1). Removed with the entry.
    client_answered_at: IdMap<u64>,
    /// 1.0 push configs created without a client id, by `task id \0 config id`: the webhook
    /// URL and the evidence of the create (PUSH-CFG-001). Removed on delete; at most
    /// [`MAX_PUSH_URLS`] entries.
    push_created: HashMap<String, (String, Evidence)>,
    /// Client-leg exchanges paired with the upstream-leg exchange that forwards them (same
    /// method and body up to a renumbered JSON-RPC `id`), newest last; at most
    /// [`MAX_PENDING_UP`]. Lets the gateway, not the agent, be charged for what it changed
    /// (RPC-002 ids, STREAM-003 cut streams, RPC-002 answers lost to a gateway timeout).
    gw_pairs: VecDeque<GwPair>,
    /// gwmiss52: a message send's later upstream copies the gateway sent while the client
    /// still waited (GW-REQ-001's retries, b39m-1), as `(copy, client)` exchange ids, newest
    /// last, at most [`MAX_PENDING_UP`]. A copy that is answered before the client is
    /// takes over the client's pair ([`State::gw_pairs`]): the client's answer is compared
    /// with the answer the gateway had when it answered (GW-RESP-001/002), not with an
    /// earlier copy's failure.
    gw_send_retries: VecDeque<(String, String)>,
    /// JSON-RPC answers the agent gave on an upstream leg to a send or task call, newest
    /// last, at most [`MAX_PENDING_UP`]: a translating gateway (0.3 client leg, 1.0 upstream
    /// leg, or the reverse) that hands one back to the client unchanged is GW-RESP-002
    /// ([`State::gw_untranslated_answer`]).
    gw_up_answers: VecDeque<UpAnswer>,
    /// A gateway's own task and context ids (breaker48): the id the client leg's answer to
    /// a send named -> the agent's id in the upstream leg's answer to its copy (same
    /// message id), for a gateway that mints its own ids (ID-001, ID-002 allow it: the
    /// client's server is the gateway). Read when pairing a later task call with its
    /// upstream copy ([`bridged_twin`]) and when folding the agent's finding the client leg
    /// repeats in the gateway's ids ([`fold_relayed`]). At most [`MAX_GW_IDS`] entries.
    gw_ids: HashMap<String, String>,
    /// Task ids an agent on a named leg answered TaskNotFoundError for although that leg
    /// never saw the task: the leg and the evidence of that answer (GW-RESP-005, a load
    /// balancer without task affinity). At most [`MAX_PENDING_UP`] entries.
    leg_task_missing: HashMap<String, (String, Evidence)>,
    /// The call element of each JSON-RPC batch answer element judged ([`Exch::batch_at`]):
    /// (batch exchange id, answer element) -> call element, so a finding told at a later
    /// batch whose evidence points into an earlier one names that batch's member too
    /// (left60, RPC-002). At most [`MAX_PENDING_UP`] entries (cleared whole when full).
    batch_members: HashMap<(String, usize), usize>,
    /// ID-TASK-006 on an agent's own leg (breaker50 caller-ids): TaskNotFoundError answers,
    /// on a leg other than a gateway's `upstream` copy (an orchestrator's calls to its
    /// delegate), for a task id no agent had handed out before the call was asked; decided
    /// at the end ([`State::flush_foreign_task_held`]): another agent handed it out in the
    /// answer to a call open at that moment (the orchestrator's own task, named to its
    /// delegate). At most [`MAX_PENDING_UP`] entries.
    foreign_task_held: Vec<ForeignTaskHeld>,
    /// The client-leg exchanges that ended last: (id, origin, request seq, end seq), at most
    /// [`RECENT_CLIENT_ENDS`]: a call on an agent's own leg was asked while one of them was
    /// still open ([`State::foreign_task_on_own_leg`], breaker50).
    recent_client_ends: VecDeque<(String, String, u64, u64)>,
    /// AUTH-LEAK-002 (breaker53): the secret tag of each credential a request head sent on a
    /// client or upstream leg (`[REDACTED:tag]` in Authorization, an API key header, a
    /// cookie, a query parameter) and what it was, `the Authorization header of exchange
    /// e3`; at most [`ECHO_TAGS`] (later ones are not kept).
    sent_cred_tags: HashMap<String, String>,
    /// AUTH-LEAK-002: secret tags that request bodies carried (a push config's own token
    /// and credentials, a credential the client put in its payload): an answer quoting one
    /// echoes the client's payload, not a header; at most [`ECHO_TAGS`].
    payload_cred_tags: HashSet<String>,
    /// Exchanges whose answer is not the agent's: the client leg of a gateway pair whose
    /// answer the gateway replaced or gave before the agent did (GW-RESP-001/002), a single
    /// leg's intermediary 502/503/504 without an A2A answer (GW-RESP-003). Those rules
    /// judge them, not the agent's envelope and error-shape rules (RPC-ENVELOPE-001,
    /// REST-ERROR-001). Only the most recent 5,000-10,000 are kept ([`Recent`]): an
    /// exchange is looked up here while it, or its gateway pair, is being judged.
    gw_own_answer: Recent<()>,
    /// Client-leg exchanges paired with an upstream copy that turned out to be a front's
    /// own call, not a relay ([`front_answered_itself`], [`front_own_stream`]): an
    /// orchestrator that passed its client's words to its delegate and answered with a
    /// task of its own (depth51). No gateway rule (GW-*) compares the two legs of such a
    /// pair; each leg is judged as an agent's. Most recent only ([`Recent`]).
    gw_front_own: Recent<()>,
    /// Findings held until both legs of their gateway pair ended, when the answers have
    /// told a relay from the front's own call ([`State::gw_front_own`]), in the order they
    /// were held ([`PairHeld`], [`State::hold_for_pair`], judged by [`State::settle_pairs`]):
    /// depth51's gateway findings told at request time (GW-HDR-001, an extension the copy
    /// dropped; GW-HDR-002; GW-REQ-003), told for a relay only (an orchestrator's own call
    /// owes its delegate none of its client's extensions, credentials or ids); left52's
    /// AUTH-FWD-001 and ID-TASK-006 on a hop named `upstream`, told for the front's own call
    /// only (a gateway's relay passes its client's credential and ids on by design). At most
    /// [`MAX_PENDING_UP`]; the oldest is judged at once (on what is known then) when more come.
    held_pair: VecDeque<PairHeld>,
    /// Exchanges the recording proxy answered itself (502/504, or no answer) because an
    /// advertised interface URL could not be reached, which CARD-URL-002 reported: GW-RESP-006
    /// does not report the same proxy answer again (review28b R1). Most recent only
    /// ([`Recent`]).
    url_unreached: Recent<()>,
    /// GW-RESP-006 of a `probe` or `interop` run's calls the agent failed otherwise than by
    /// refusing the connection (closed unanswered, reset), held with the origin they went
    /// to until the run shows whether the agent died (open47, cli_ux33's flaky run): a
    /// later call to that origin refused drops them (the call raced the agent's death,
    /// which the run's stop says, as it does for the refused calls); told at the end
    /// otherwise (an agent alive that fails calls). At most [`MAX_DRIVER_HELD`]; past it,
    /// told at once.
    driver_held: Vec<(Option<String>, Finding)>,
    /// Areas (`task`, `stream`) of A2A calls that got an A2A answer, and of calls that got
    /// only an intermediary's 502/503/504 (GW-RESP-003): an area of the second kind alone
    /// does not count as exercised.
    areas_answered: HashSet<&'static str>,
    /// CARD-PATH-001 / CARD-PATH-003 (CARD-002), by origin and the path before
    /// `/.well-known/` (one agent of a host): a 404 to `GET .../.well-known/agent-card.json`,
    /// and a 1.0 or 0.3 card served at `.../.well-known/agent.json` or another path under
    /// `/.well-known/` (evidence of each, with the newest generation the card declares and
    /// the path served); reported once both are seen for one agent.
    /// A key at the root is the bare origin.
    card_json_404: HashMap<String, Evidence>,
    card_at_legacy: HashMap<String, (Evidence, Dialect, String)>,
    /// CARD-PATH-004 (CARD-001, CARD-002; mine31b f702): the first 1.0 A2A call each origin
    /// answered with success, by origin (at most [`MAX_CALLED_ORIGINS`] origins: one entry
    /// per agent, not per call); judged at the end against [`State::card_json_404`] (at the
    /// root), whether the 404 came before or after the call (review32 K1).
    card_404_called: HashMap<String, Evidence>,
    areas_unanswered: HashSet<&'static str>,
    /// How the exchanges of [`State::gw_pairs`] ended, by exchange id, until their twin ends.
    gw_ended: HashMap<String, EndedRec>,
    /// Insertion order of `gw_ended` (kept in recordings with an upstream leg whether
    /// paired yet or not; at most [`MAX_PENDING_UP`] of them).
    gw_ended_order: VecDeque<String>,
    /// STREAM-END-002 held back on a client-leg stream whose upstream twin was still open
    /// when it ended: judged when the twin ends (or at the end of the recording).
    held_ends: Vec<HeldEnd>,
    /// STREAM-SHAPE-001 held back on a gateway's client-leg stream ([`HeldShape`]): told
    /// once the legs are compared, naming GW-SSE-002 when the gateway added the event.
    held_shapes: Vec<HeldShape>,
    /// Push configs the agent created, by `task id \0 config id`: the webhook URL key
    /// ([`webhook_key`]). A config created without an id is keyed by its task id too (the
    /// SDKs' default config id). At most [`MAX_PUSH_URLS`] entries (PUSH-CFG-002).
    push_config_urls: HashMap<String, String>,
    /// Line (`seq`) of the request that created each config of [`Self::push_config_urls`]
    /// (same keys): a config created after its task was seen terminal is owed no push of
    /// that end (PUSH-DELIV-003; review25 R3).
    push_config_since: HashMap<String, u64>,
    /// Webhook URL key ([`webhook_key`]) → the clock of the first push delivery of some
    /// task recognised there (skew of the recording's time over the agent's
    /// `status.timestamp`, in ms; dialect; binding) and that task's key ([`Exch::tkey`]):
    /// the recording captures that webhook, so a task of the same agent configured for it
    /// that got no delivery at all got none (PUSH-DELIV-003). At most [`MAX_PUSH_URLS`]
    /// entries.
    webhook_seen: HashMap<String, (i64, Option<Dialect>, Option<Binding>, String)>,
    /// Ids of the tasks a recorded push delivery named (any payload, an artifact update
    /// too): the webhook leg of that task is captured (PUSH-DELIV-003 without the agent's
    /// clock; breaker52). At most [`MAX_PUSH_URLS`] entries.
    webhook_task_ids: std::collections::HashSet<String>,
    /// Webhook URL keys ([`State::delivery_key`]) that received any recorded push delivery
    /// (read or not): a config whose webhook is a recorded listener and that is not here
    /// got nothing at all (PUSH-DELIV-003). At most [`MAX_PUSH_URLS`] entries;
    /// `webhook_hit_full` once one was left out.
    webhook_hit: std::collections::HashSet<String>,
    /// [`Self::webhook_hit`] left a key out (full): no config is judged as never delivered
    /// to by it.
    webhook_hit_full: bool,
    /// A request with a body came in on a webhook leg ([`crate::record::event::is_webhook_leg`])
    /// that was not read as a delivery to a registered webhook (another path, a config the
    /// recording does not hold): the agent may have delivered there, so no config is judged
    /// as never delivered to by the recorded listener (PUSH-DELIV-003).
    webhook_leg_stray: bool,
    /// Webhook URL key → (task, seq of the successful delete answer, its exchange, its end
    /// time in µs since the recording start) of the
    /// configs deleted for it, until a config for that task and URL is created again
    /// (PUSH-003: a config lives until deletion; PUSH-CFG-002). Bounded like `push_urls`.
    push_deleted: HashMap<String, Vec<(String, u64, String, u64)>>,
    /// `task id \0 config id` → (seq of the successful delete answer, its exchange) of the
    /// push configs the client deleted, until a Create answers that id again: a later Get /
    /// List that still returns one is PUSH-CFG-004 (PUSH-003). At most [`MAX_PUSH_URLS`].
    push_deleted_ids: HashMap<String, (u64, String)>,
    /// Push configs the agent's Create answer gave an id (PUSH-003: a config lives until its
    /// task ends or it is deleted), by task key ([`Exch::tkey`]): each config id with the
    /// line and exchange of that answer. Removed on a successful Delete; a complete List of the task
    /// that leaves one out is PUSH-CFG-006. At most [`MAX_PUSH_URLS`] tasks, and
    /// [`MAX_PUSH_SECRETS`] ids each.
    push_live: HashMap<String, Vec<(String, u64, String)>>,
    /// Task keys ([`Exch::tkey`]) whose push config a successful Create answered without an
    /// id (a2a-python #1237, field case f87): a later Get / Delete naming the config by `""`
    /// uses the id the agent gave, the agent's fault, not the client's DATA-PARAM-003
    /// (left58 item 7). At most [`MAX_PUSH_URLS`].
    push_idless: HashSet<String>,
    /// Push configs the client gave inline in a send (PUSH-002: 1.0
    /// `configuration.taskPushNotificationConfig`, 0.2/0.3 `configuration.pushNotificationConfig`,
    /// 0.3 HTTP+JSON `configuration.pushNotification`) whose answer named the task, by task
    /// key ([`Exch::tkey`]): the webhook URL as sent, the JSON Pointer of that url in the
    /// request and the request's line and exchange. The agent gives such a config no id the
    /// client sees, so a complete List of the task is judged by webhook URL: one that lists
    /// no config for it is PUSH-CFG-006 (a2a-js #336). Removed on any successful Delete of a
    /// config of the task; at most [`MAX_PUSH_URLS`] tasks.
    push_inline: HashMap<String, (String, String, u64, String)>,
    /// `leg \0 messageId` of the client's send messages → (hash of the message's parts,
    /// seq of the request, its exchange): a later send under that messageId with other parts
    /// is a new message under a used id (ID-007, ID-MSG-002); and whether the client sent it
    /// with the agent role (ROLE_AGENT, 0.x `agent`: DATA-ROLE-002, so a history that keeps
    /// it under that role is the client's doing, not DATA-ROLE-001's); and the hash of the
    /// whole message but its taskId and contextId ([`echo_hash`]: a task history entry
    /// with the same hash is the client's message kept as sent, breaker57). At most
    /// [`MAX_TASKS`] entries.
    sent_messages: Recent<(u64, u64, String, bool, u64)>,
    /// The same for the agent's reply messages (send results and stream message events):
    /// `leg \0 messageId` → (hash of the parts, seq of the body event, its exchange); a
    /// later reply under that messageId with other parts is ID-MSG-003. At most
    /// [`MAX_TASKS`] entries.
    agent_messages: Recent<(u64, u64, ExchangeId, bool)>,
    /// `leg \0 contextId \0 artifactId` of the artifacts tasks carried → (the first task's
    /// id, hash of the artifact's `parts`, its recording line, its exchange): a later task
    /// of the context carrying the same artifact is DATA-HISTORY-004. At most [`MAX_TASKS`].
    ctx_artifacts: Recent<(String, u64, u64, String)>,
    /// Follow-ups the agent refused with an error although they named a task it had handed
    /// out, in a context other than the task's or while the task was terminal
    /// ([`RefusedFollowUp`]): a later read of the task whose history lists the refused
    /// message is ID-CTX-002 / TASK-STATE-002 (mine30a f637). At most
    /// [`MAX_REFUSED_FOLLOWUPS`], oldest dropped first.
    refused_followups: Vec<RefusedFollowUp>,
    /// `leg \0 taskId \0 artifactId` already reported under DATA-HISTORY-004 (told once per
    /// task and artifact, however often the task is read). At most [`MAX_TASKS`].
    ctx_artifacts_told: Recent<()>,
    /// The dialect of each recent HTTP+JSON exchange (by exchange id), so REST-ERROR-001's
    /// help names only the error shape of the route's own version ([`State::fit_help`]).
    /// At most [`MAX_TASKS`].
    rest_dialects: Recent<Dialect>,
    /// Agents known from their cards (ID-001: task ids are unique per agent, not across
    /// agents): by authority (`host:port`), the interface paths a card listed there, each
    /// with its agent (the identity [`State::agent_scope`] gives) and the tenants the card
    /// declared for it (CARD-008). At most [`MAX_AGENT_KEYS`] authorities.
    agent_ifaces: HashMap<String, Vec<AgentIface>>,
    /// Identities calls were keyed by with no card known then: the authority, or the
    /// authority and endpoint path (`host:port/api/a2a/ns/name`) off the root: a card
    /// listing one later keeps that identity, so the agent's tasks stay one set.
    agent_bare: HashSet<String>,
    /// The identity [`State::agent_scope`] last found in (or added to) `agent_bare`, which
    /// never loses one: the same agent called again skips the set's lookup.
    bare_last: String,
    /// [`State::agent_scope`]'s key buffer, reused: the usual call (the leg's first agent)
    /// builds its key here and returns the empty scope, allocating nothing.
    scope_buf: String,
    /// The first agent identity of each leg: its tasks are keyed without scope.
    first_agent: HashMap<Option<String>, String>,
    /// Agent scopes ([`State::agent_scope`]) seen on the client leg other than its first
    /// agent's, at most [`MAX_CLIENT_SCOPES`]: where ID-TASK-006 looks a task id up.
    client_scopes: Vec<String>,
    /// Webhook URL key → scope and leg of the agent exchange that registered it: a
    /// delivery's task is that agent's, as that call's leg keys it (PUSH-002).
    push_url_scope: HashMap<String, (String, Option<String>)>,
    /// Seq of the latest request head on the `upstream` leg (a gateway recording): a
    /// client-leg call with none after its own request head was answered by the gateway
    /// alone (GW-RESP-002).
    up_req_last: Option<u64>,
}

/// An interface path a card listed on one authority ([`State::agent_ifaces`]).
#[derive(Debug, Clone)]
struct AgentIface {
    /// The interface URL's path without trailing `/` (empty for the authority's root).
    base: String,
    /// The agent identity (the first interface's `host:port/path`, or a bare authority).
    agent: String,
    /// `AgentInterface.tenant` values declared for this URL (CARD-008).
    tenants: Vec<String>,
}

/// Bound of [`State::agent_ifaces`] and [`State::agent_bare`] (authorities).
const MAX_AGENT_KEYS: usize = 4096;

/// How many client-leg agent scopes [`State::client_scopes`] keeps (ID-TASK-006 probes each
/// once per not-found answer).
const MAX_CLIENT_SCOPES: usize = 64;

/// A client-leg exchange and the upstream-leg exchange that forwards it (gateway legs).
/// The agent's card as a gateway fetched it on the upstream leg (GW-RESP-004): the
/// upstream exchange id, the card's seq, the fetch path below which the card sits
/// (`/firefly/agents/supervisor` for `/firefly/agents/supervisor/.well-known/agent-card.json`)
/// and each interface's (JSON Pointer, url).
struct UpCard {
    exchange: String,
    seq: u64,
    fetch_base: String,
    urls: Vec<(String, String)>,
}

/// A gateway's rewrite of a card url to its public prefix for the agent, cutting off the
/// path of the agent's own url ([`State::gw_path_dropped`]): the public url's path, the
/// agent's url and its path, and the evidence of both cards' urls.
struct GwPathDropped {
    public_path: String,
    public_url: String,
    agent_url: String,
    agent_path: String,
    evidence: Vec<Evidence>,
    told: bool,
}

/// A signed agent card seen on the upstream leg (GW-RESP-007), or fetched before at a card
/// URL (CARD-SIG-003): its signatures
/// (`protected.signature`) and its content without `signatures`.
struct UpSignedCard {
    exchange: String,
    seq: u64,
    /// JSON pointer of the card in the response body (`""`, or `/result` for a JSON-RPC
    /// extended card).
    base: String,
    sigs: Vec<String>,
    content: Value,
}

/// A card's JWS signatures (each `protected` and `signature` joined by `.`) and the card
/// without its `signatures` member, when it carries at least one signature.
fn signed_card_content(v: &Json) -> Option<(Vec<String>, Value)> {
    let sigs: Vec<String> = v
        .get("signatures")?
        .as_array()?
        .iter()
        .filter_map(|s| {
            let p = s.get("protected")?.as_str()?;
            let g = s.get("signature")?.as_str()?;
            Some(format!("{p}.{g}"))
        })
        .collect();
    if sigs.is_empty() {
        return None;
    }
    let mut content = v.to_value();
    content.as_object_mut()?.remove("signatures");
    Some((sigs, content))
}

/// `at` ([`first_difference`]'s pointer) moved to the first element one array has beyond
/// the other when the two arrays there differ only by those extra elements (a skill
/// added: `/skills/1`, not the whole `/skills` list, which the message could only show
/// cut short).
fn array_tail_difference(a: &Value, b: &Value, at: String) -> String {
    match (pointer_value(a, &at), pointer_value(b, &at)) {
        (Some(Value::Array(x)), Some(Value::Array(y)))
            if x.len() != y.len()
                && x.iter()
                    .zip(y)
                    .all(|(p, q)| first_difference(p, q, String::new()).is_none()) =>
        {
            format!("{at}/{}", x.len().min(y.len()))
        }
        _ => at,
    }
}

/// Key of an origin's signed public or extended card in `agent_signed_cards`
/// (CARD-SIG-003 across an agent's cards): `{origin} public` / `{origin} extended`.
fn signed_card_slot(origin: &str, extended: bool) -> String {
    format!("{origin} {}", if extended { "extended" } else { "public" })
}

/// JSON pointer of the first place where `a` and `b` differ (`None`: equal as JCS sees
/// them: member order does not count, numbers compare by value).
fn first_difference(a: &Value, b: &Value, at: String) -> Option<String> {
    match (a, b) {
        (Value::Object(x), Value::Object(y)) => {
            let mut keys: Vec<&String> = x.keys().chain(y.keys()).collect();
            keys.sort();
            keys.dedup();
            keys.into_iter().find_map(|k| {
                let esc = k.replace('~', "~0").replace('/', "~1");
                match (x.get(k), y.get(k)) {
                    (Some(p), Some(q)) => first_difference(p, q, format!("{at}/{esc}")),
                    _ => Some(format!("{at}/{esc}")),
                }
            })
        }
        (Value::Array(x), Value::Array(y)) => {
            if x.len() != y.len() {
                return Some(at);
            }
            x.iter()
                .zip(y)
                .enumerate()
                .find_map(|(i, (p, q))| first_difference(p, q, format!("{at}/{i}")))
        }
        (Value::Number(x), Value::Number(y)) => (x.as_f64() != y.as_f64()).then_some(at),
        _ => (a != b).then_some(at),
    }
}

/// The value at JSON pointer `at` (`""` is `v` itself).
fn pointer_value<'v>(v: &'v Value, at: &str) -> Option<&'v Value> {
    if at.is_empty() {
        Some(v)
    } else {
        v.pointer(at)
    }
}

/// How many upstream-leg cards [`State::up_cards`] keeps.
const MAX_UP_CARDS: usize = 16;

struct GwPair {
    client: String,
    up: String,
    /// The JSON-RPC request `id` the gateway sent upstream (`None`: not JSON-RPC).
    up_rpc_id: Option<Value>,
    /// Seq of the upstream request's head.
    up_seq: u64,
    /// The messageId the gateway put on the upstream copy of a message send in place of
    /// the client's (paired by [`same_forwarded_send`], breaker40 C06); `None`: the
    /// client's own, or no send.
    up_message_id: Option<Box<str>>,
}

/// What a translating gateway keeps of a call when it renames the method (GW-RESP-002,
/// [`State::gw_up_answers`]): the message id of a send, the task id of a task call.
fn gw_call_key(op: Op, c: &Call) -> Option<&str> {
    match op {
        Op::SendMessage | Op::SendStreamingMessage => params_message(c.params.json())
            .and_then(|m| m.get("messageId"))
            .and_then(Json::as_str),
        Op::GetTask | Op::CancelTask | Op::SubscribeToTask => c.task_id(),
        _ => None,
    }
    .filter(|k| !k.is_empty())
}

/// The GW-RESP-002 message for a translating gateway that handed the agent's `what`
/// ("answer", "stream") to a client of protocol version `dialect` in the agent's version
/// `up_dialect`, untranslated: which call became which, what the client got, the fix.
fn untranslated_message(
    c: &Call,
    op: Op,
    dialect: Dialect,
    up_method: &str,
    up_dialect: Dialect,
    what: &str,
) -> String {
    let method = c.op_term(op.name());
    let (got, want) = if !kind_shaped(c) {
        (
            "0.x JSON-RPC shape (kind discriminators, lowercase states)",
            "the ProtoJSON shape of the client's binding (TASK_STATE_* states, no kind; a send's result and each stream event wrapped as {\"task\": ...}, {\"statusUpdate\": ...})",
        )
    } else {
        (
            "ProtoJSON shape (no kind, TASK_STATE_* states, parts without kind; a send's result and each stream event wrapped as {\"task\": ...}, {\"statusUpdate\": ...})",
            "the 0.x shape (the Task, Message or event itself with kind, lowercase states, parts with kind, final on the last status update)",
        )
    };
    format!(
        "gateway translated the client's {} {method} into a {} {up_method} on the upstream leg, but handed the agent's {} {what} back to the client unchanged: the client got the {got}, which a {} client cannot read; the agent answered the call it was sent. Translate the {what} back into {want} for the client, or forward the client's call in its own version",
        dialect.as_str(),
        up_dialect.as_str(),
        up_dialect.as_str(),
        dialect.as_str(),
    )
}

/// One JSON-RPC `result` the agent gave on an upstream leg ([`State::gw_up_answers`]).
struct UpAnswer {
    /// The call's operation and the protocol version its method names.
    op: Op,
    dialect: Dialect,
    /// The call's message id (a send) or task id (a task call): what a translating
    /// gateway keeps when it renames the method.
    key: String,
    /// The method as the upstream request named it (`SendMessage`).
    method: String,
    /// [`json_hash`] of the `result`.
    hash: u64,
    /// The task state the `result` names (`/status/state` or `/task/status/state`), to
    /// say what a gateway changed (GW-RESP-002).
    state: Option<Box<str>>,
    /// Exchange and recording line of the answer body.
    xid: String,
    seq: u64,
    /// The answer is a JSON-RPC response (its payload at `/result`).
    rpc: bool,
    /// The call's payloads are 0.x JSON-RPC objects told apart by `kind` ([`kind_shaped`]),
    /// not ProtoJSON (1.0 on any binding, 0.3 HTTP+JSON): only an answer passed between the
    /// two families is untranslated (0.3 HTTP+JSON and 1.0 HTTP+JSON Tasks look alike).
    kind_shaped: bool,
    /// [`answer_text_digest`] of the `result`, and whether the agent's answer said
    /// `Cache-Control: no-transform` ([`no_transform`]): a gateway that rewrote the words
    /// of such an answer broke RFC 9110 §7.7 (GW-RESP-002, open46).
    texts: u32,
    no_transform: bool,
    /// The task and context ids the `result` names, each at its pointer ([`answer_ids`]):
    /// a gateway that hands the client ids of its own for them is learnt from it
    /// ([`State::gw_ids`]).
    ids: Vec<(Box<str>, Box<str>)>,
    /// The ids of the answer's own words ([`answer_word_ids`]: artifactIds, the messageIds
    /// of agent messages), to tell a relay from a front's own answer
    /// ([`front_answered_itself`]).
    words: Vec<Box<str>>,
    /// [`answer_stamp`] of the `result`: a relay that maps every id of a bare task still
    /// hands on the agent's status, state and timestamp (or none) alike (breaker48's
    /// gateway, breaker49's router).
    stamp: Option<Box<str>>,
}

/// How many ids [`answer_ids`] reads of one answer.
const MAX_ANSWER_IDS: usize = 24;

/// The task and context ids a send's or task call's `result` (or a stream event) names:
/// each `taskId` and `contextId` and a Task's `id`, with its JSON Pointer from the payload
/// without 1.0's oneof wrapper (`/task/history/0/contextId` reads `/history/0/contextId`,
/// as the member sits in a 0.x object), at most [`MAX_ANSWER_IDS`].
fn answer_ids(res: &Json) -> Vec<(Box<str>, Box<str>)> {
    fn walk(v: &Json, at: &mut String, out: &mut Vec<(Box<str>, Box<str>)>) {
        if out.len() >= MAX_ANSWER_IDS {
            return;
        }
        if let Some(a) = v.as_array() {
            for (i, x) in a.iter().enumerate() {
                let n = at.len();
                at.push_str(&format!("/{i}"));
                walk(x, at, out);
                at.truncate(n);
            }
            return;
        }
        let Some(o) = v.as_object() else { return };
        let task = o.contains_key("status") && o.contains_key("contextId");
        for (k, x) in o.iter() {
            let n = at.len();
            at.push('/');
            at.push_str(k);
            match x.as_str() {
                Some(id) if k == "taskId" || k == "contextId" || (k == "id" && task) => {
                    if out.len() < MAX_ANSWER_IDS {
                        out.push((at.as_str().into(), id.into()));
                    }
                }
                _ => walk(x, at, out),
            }
            at.truncate(n);
        }
    }
    let inner = ["task", "message", "statusUpdate", "artifactUpdate"]
        .iter()
        .find_map(|w| {
            res.get(w)
                .filter(|_| res.as_object().is_some_and(|o| o.len() == 1))
        })
        .unwrap_or(res);
    let mut out = Vec::new();
    walk(inner, &mut String::new(), &mut out);
    out
}

/// The ids of an answer's own words (a send's or task call's `result`, or a stream
/// event): each `artifactId`, and the `messageId` of each message outside a task's
/// `history` (which holds the client's message too), at most [`MAX_ANSWER_IDS`]. A relay
/// hands them on as the agent minted them; a front that answers with words of its own
/// mints others ([`front_answered_itself`], depth51).
fn answer_word_ids(res: &Json) -> Vec<Box<str>> {
    fn walk(v: &Json, out: &mut Vec<Box<str>>) {
        if out.len() >= MAX_ANSWER_IDS {
            return;
        }
        if let Some(a) = v.as_array() {
            for x in a.iter() {
                walk(x, out);
            }
            return;
        }
        let Some(o) = v.as_object() else { return };
        for (k, x) in o.iter() {
            match x.as_str() {
                Some(id) if (k == "artifactId" || k == "messageId") && !id.is_empty() => {
                    if out.len() < MAX_ANSWER_IDS {
                        out.push(id.into());
                    }
                }
                _ if k == "history" => {}
                _ => walk(x, out),
            }
        }
    }
    let mut out = Vec::new();
    walk(res, &mut out);
    out
}

/// depth51: a client-leg answer whose ids (`mine`: task, context, artifact and agent
/// message ids) share none with the ids of the answer the agent gave its upstream twin
/// (`theirs`), both naming some, is the front's own answer, not a relay of the agent's:
/// a gateway passes the agent's answer on (its task and context ids, or, when it maps
/// those to its own, breaker48, the agent's artifacts and status messages under their
/// ids: appends are keyed by artifactId, STREAM-009), while an orchestrator that handed
/// its client's words to its delegate answers with a task, artifacts and messages of its
/// own (ID-001: task ids are the server's; ID-002: a contextId the agent mints). An id the
/// client's request `client_req` names itself (a contextId the client reuses, which the
/// orchestrator may pass on to its delegate too) is no evidence either way and is left
/// out.
fn answered_itself(mine: &[&str], theirs: &[&str], client_req: &[u8]) -> bool {
    let minted = |id: &&str| {
        !id.is_empty() && !gateway::contains(client_req, format!("\"{id}\"").as_bytes())
    };
    let mine: Vec<&str> = mine.iter().copied().filter(minted).collect();
    let theirs: Vec<&str> = theirs.iter().copied().filter(minted).collect();
    !mine.is_empty() && !theirs.is_empty() && !mine.iter().any(|m| theirs.contains(m))
}

/// The response head `h` says `Cache-Control: no-transform` (RFC 9111 §5.2.2.6): no
/// intermediary may transform its content (RFC 9110 §7.7: "A proxy MUST NOT transform the
/// content ... of a response message that contains a no-transform cache-control
/// response directive"). Any other answer a proxy MAY transform; gateways do (a content
/// policy that masks words, a file part's url to their public host), so the gateway rules
/// tell a rewrite of an answer's words only under this directive (GW-RESP-002,
/// GW-SSE-002; open46).
fn no_transform(h: &Headers) -> bool {
    h.get_all("cache-control").any(|v| {
        v.split(',')
            .any(|d| d.trim().eq_ignore_ascii_case("no-transform"))
    })
}

/// [`event_text_digest`] for a call's whole answer `res`: the `text` of every part of a
/// Task's status message, artifacts and history, or of a Message (a send's `message`, 0.3
/// HTTP+JSON `content`), in order; 0 when it carries no text.
fn answer_text_digest(res: &Json) -> u32 {
    let body = res
        .get("task")
        .or_else(|| res.get("message"))
        .unwrap_or(res);
    let mut holders: Vec<&Json> = Vec::new();
    if let Some(m) = body.pointer("/status/message") {
        holders.push(m);
    }
    for key in ["artifacts", "history"] {
        if let Some(a) = body.get(key).and_then(Json::as_array) {
            holders.extend(a.iter());
        }
    }
    if body.get("parts").is_some() || body.get("content").is_some() {
        holders.push(body);
    }
    parts_text_digest(holders)
}

/// The `status.timestamp` a send's or task call's `result` names (`/status/timestamp` or
/// `/task/status/timestamp`): with its state, the agent's status as a relay passes it on
/// ([`State::front_answered_itself`]).
fn answer_stamp(res: &Json) -> Option<Box<str>> {
    res.pointer("/status/timestamp")
        .or_else(|| res.pointer("/task/status/timestamp"))
        .and_then(Json::as_str)
        .map(Into::into)
}

/// The task state a call's answer `res` names: a Task's `/status/state`, or that of the
/// Task in a 1.0 send's `{"task": ...}` wrapper.
fn answer_state(res: &Json) -> Option<Box<str>> {
    res.pointer("/status/state")
        .or_else(|| res.pointer("/task/status/state"))
        .and_then(Json::as_str)
        .map(Into::into)
}

/// Whether call `c`'s payloads are 0.x JSON-RPC objects with `kind` (0.2 / 0.3 JSON-RPC),
/// rather than ProtoJSON (1.0 on any binding, 0.3 HTTP+JSON and gRPC).
fn kind_shaped(c: &Call) -> bool {
    c.dialect.is_some_and(|d| d != Dialect::V1_0) && c.binding == Some(Binding::JsonRpc)
}

/// How one leg of a [`GwPair`] ended: HTTP status (`None`: never answered), outcome, the
/// seq of its response head and end, its end time (µs since the recording start), whether
/// its answer was an event stream, its media type.
#[derive(Clone)]
struct EndedRec {
    status: Option<u16>,
    outcome: Option<Outcome>,
    resp_seq: u64,
    end_seq: u64,
    end_t: u64,
    stream: bool,
    /// Its response's media type (`text/event-stream`, ...).
    media: Option<String>,
    /// What its (non-stream) response body was, judged on the decoded bytes.
    answer: LegAnswer,
    /// A short excerpt of that body (for messages), empty when none.
    excerpt: String,
    /// An upstream GET of a well-known card path under a path prefix
    /// (`/a2a/.well-known/agent-card.json`) answered 404: the URL asked and the origin's
    /// well-known card URL (CARD-002 puts the card at the origin). `None` otherwise.
    card_below_prefix: Option<(String, String)>,
}

/// The body of one gateway leg's non-stream answer (GW-RESP-001/002 compare the two legs).
#[derive(Clone, Debug, PartialEq, Default)]
enum LegAnswer {
    /// No body, a stream, or a body not decoded.
    #[default]
    None,
    /// A body that is not JSON (an HTML or plain-text page).
    NotJson,
    /// JSON, but no JSON-RPC response object.
    Json,
    /// A JSON-RPC response with a `result` (RPC-002).
    RpcResult,
    /// A JSON-RPC response with an `error`: its `code` and `message`.
    RpcError(i64, String),
    /// An HTTP+JSON error body, `{"error": {...}}` with a numeric `code` or a string
    /// `status` (1.0 §11.6 google.rpc.Status, ERR-003): its ErrorInfo `reason`, else its
    /// `status`, else its `code` (breaker46).
    RestError(String),
    /// A 2xx event stream read whole whose every event was an A2A stream response (a
    /// JSON-RPC result, a 1.0 `StreamResponse`, a gRPC message) and none an error
    /// (STREAM-003): the number of events, the last task state it carried (spelled as on
    /// the wire: `completed` or `TASK_STATE_COMPLETED`), and whether it was a Message reply.
    Stream {
        events: u32,
        last: Option<&'static str>,
        message: bool,
    },
}

impl LegAnswer {
    /// The same A2A error in two bindings (breaker48): a JSON-RPC error whose code is the
    /// A2A error (-32001 ... , ERR-002) an HTTP+JSON error's ErrorInfo reason names
    /// (`TASK_NOT_FOUND`), either way round.
    fn same_a2a_error_across_bindings(&self, other: &LegAnswer) -> bool {
        let pair = |a: &LegAnswer, b: &LegAnswer| match (a, b) {
            (LegAnswer::RpcError(code, _), LegAnswer::RestError(reason)) => {
                reason_for_code(*code).is_some_and(|r| r == reason)
            }
            _ => false,
        };
        pair(self, other) || pair(other, self)
    }

    /// Another A2A error in the other binding (open49 item 4): `self`, a client leg's
    /// JSON-RPC error, stands for no A2A error or another one than the agent's HTTP+JSON
    /// error `up` names by its ErrorInfo reason (an A2A reason of ERR-002's table): the
    /// agent's TASK_NOT_FOUND handed on as -32603 InternalError. Or `self` an HTTP+JSON
    /// error with an A2A reason other than the one the agent's JSON-RPC A2A error `up`
    /// stands for. An error without an A2A reason on the REST side is not judged here
    /// (its status is REST-ERROR-001's).
    fn other_a2a_error_across_bindings(&self, up: &LegAnswer) -> bool {
        match (self, up) {
            (LegAnswer::RpcError(code, _), LegAnswer::RestError(reason)) => {
                reason_expectation(reason).is_some()
                    && reason_for_code(*code) != Some(reason.as_str())
            }
            (LegAnswer::RestError(reason), LegAnswer::RpcError(code, _)) => {
                reason_expectation(reason).is_some()
                    && reason_for_code(*code).is_some_and(|r| r != reason)
            }
            _ => false,
        }
    }

    /// Reads a decoded, complete response body.
    fn of(body: &[u8]) -> LegAnswer {
        if body.iter().all(u8::is_ascii_whitespace) {
            return LegAnswer::None;
        }
        let Ok(v) = Json::parse(body) else {
            return LegAnswer::NotJson;
        };
        if v.get("jsonrpc").is_none() {
            let Some(e) = v.get("error").filter(|e| e.as_object().is_some()) else {
                return LegAnswer::Json;
            };
            let status = e.get("status").and_then(Json::as_str);
            let code = e.get("code").and_then(Json::as_i64);
            if status.is_none() && code.is_none() {
                return LegAnswer::Json;
            }
            let reason = e.get("details").and_then(Json::as_array).and_then(|d| {
                d.iter()
                    .find_map(|x| x.get("reason").and_then(Json::as_str))
            });
            let label = reason
                .or(status)
                .map(str::to_string)
                .or_else(|| code.map(|c| c.to_string()))
                .unwrap_or_default();
            return LegAnswer::RestError(label);
        }
        if let Some(e) = v.get("error").filter(|e| !e.is_null()) {
            let code = e.get("code").and_then(Json::as_i64).unwrap_or(0);
            let msg = e
                .get("message")
                .and_then(Json::as_str)
                .unwrap_or("")
                .to_string();
            return LegAnswer::RpcError(code, msg);
        }
        if v.get("result").is_some() {
            return LegAnswer::RpcResult;
        }
        LegAnswer::Json
    }

    /// The agent's A2A answer: a JSON-RPC response, JSON (HTTP+JSON binding), or an event
    /// stream of A2A stream responses.
    fn is_a2a(&self) -> bool {
        matches!(
            self,
            LegAnswer::RpcResult
                | LegAnswer::RpcError(..)
                | LegAnswer::Json
                | LegAnswer::RestError(..)
                | LegAnswer::Stream { .. }
        )
    }

    /// A stream leg's answer (RPC-005, STREAM-003): [`LegAnswer::Stream`] when the agent
    /// answered 2xx with a stream read whole (clean close, every event decoded, none an
    /// error), else [`LegAnswer::None`]. No allocation.
    fn of_stream(x: &Exch, s: &StreamState, v1: bool) -> LegAnswer {
        let whole = x.status.is_some_and(|c| (200..300).contains(&c))
            && x.outcome == Some(Outcome::Complete)
            && !x.truncated
            && !x.synthetic
            && s.events > 0
            && !s.undecodable
            && !s.error_seen
            && s.coding_fault.is_none()
            && s.cut_mid_event.is_none()
            && !s.sigs.is_empty();
        if !whole {
            return LegAnswer::None;
        }
        let last = s.terminal.map(|t| t.0).or(s.last_state).map(|t| {
            if v1 {
                t.proto_name()
            } else {
                t.as_str()
            }
        });
        LegAnswer::Stream {
            events: s.events,
            last,
            message: s.message_reply,
        }
    }

    /// In words, for messages.
    fn describe(&self) -> String {
        match self {
            LegAnswer::None => "no body".into(),
            LegAnswer::NotJson => "a body that is not JSON".into(),
            LegAnswer::Json => "a JSON body".into(),
            LegAnswer::RestError(l) => format!("an HTTP+JSON A2A error ({l})"),
            LegAnswer::RpcResult => "a JSON-RPC result".into(),
            LegAnswer::RpcError(k, m) if m.is_empty() => format!("JSON-RPC error {k}"),
            LegAnswer::RpcError(k, m) => format!("JSON-RPC error {k} \"{m}\""),
            LegAnswer::Stream {
                events,
                last,
                message,
            } => {
                let n = if *events == 1 { "event" } else { "events" };
                match (last, message) {
                    (_, true) => format!("an event stream of {events} {n} (a Message reply)"),
                    (Some(st), false) => {
                        format!("an event stream of {events} {n} ending at {st}")
                    }
                    (None, false) => format!("an event stream of {events} {n}"),
                }
            }
        }
    }
}

/// A client-leg stream that ended without a terminal state while its upstream twin was
/// still open (GW-SSE-002 or STREAM-END-002, decided when the twin ends).
struct HeldEnd {
    client: String,
    up: String,
    /// Events the client leg received, and how it ended.
    events: usize,
    outcome: Option<Outcome>,
    end_seq: u64,
    /// µs from the last event the client leg received (its response head when none) to
    /// its end: the silence before the cut (`None` when not every arrival was kept).
    idle_us: Option<u64>,
    msg: String,
    ev: Vec<Evidence>,
    /// STREAM-END-002's help when it is not the rule's own ([`STREAM_RESET_HELP`]).
    help: Option<&'static str>,
    /// The client leg's call dialect: STREAM-END-002 or, on 0.x, STREAM-END-007
    /// ([`stream_end::no_terminal_rule`]).
    dialect: Option<Dialect>,
}

/// A STREAM-SHAPE-001 finding on the client leg `client` of a gateway whose upstream twin
/// is `up` (session16 leftover V2, breaker18a W2): an event that is no StreamResponse may be
/// the gateway's own (kagent's `event: close`), which only the comparison of the legs
/// tells ([`State::check_events_passed_on`]); the finding waits for it, so the root cause
/// (GW-SSE-002) is told first and this one names it.
struct HeldShape {
    /// STREAM-SHAPE-001, or STREAM-ORDER-001 (dropped when the legs differ: the gateway
    /// reordered the agent's events, GW-SSE-002's; breaker40 D26).
    rule: &'static Rule,
    client: String,
    up: String,
    msg: String,
    ev: Vec<Evidence>,
}

/// When a finding held for its gateway pair ([`PairHeld`]) is told, once the pair's
/// relay-or-own verdict is known ([`State::gw_front_own`]).
#[derive(Clone, Copy, PartialEq, Eq)]
enum PairTell {
    /// A gateway rule (GW-*, depth51): told when the pair was a relay.
    Relay,
    /// A rule about an agent's own call to another agent (AUTH-FWD-001, ID-TASK-006) on a
    /// hop named `upstream` (left52): told when the pair was the front's own call.
    FrontOwn,
}

/// A finding held until both legs of the gateway pair of client-leg call `client` and
/// upstream exchange `up` ended ([`State::held_pair`]): told then as [`PairTell`] says.
struct PairHeld {
    client: String,
    up: String,
    tell: PairTell,
    f: Finding,
}

/// An upstream-leg request waiting for its client-leg twin (VER-HDR-002): method, body,
/// path, its `A2A-Version` header trimmed, the evidence of its request head, its leg.
struct PendingUp {
    method: String,
    body: Bytes,
    path: String,
    /// Its `tenant` query parameter (GW-REQ-002: a GET's tenant may travel there).
    /// Its `historyLength` query parameter, for [`State::bridged_params_compared`]
    /// (breaker48: a GetTask forwarded in the other binding).
    history_query: Option<String>,
    tenant_query: Option<String>,
    version: Option<String>,
    /// Its extension URIs ([`extensions_header`]).
    extensions: Option<Vec<String>>,
    ev: Evidence,
    leg: Option<String>,
}

/// Bound of [`State::pending_up`] and [`State::ver_stripped_clients`] (entries each).
const MAX_PENDING_UP: usize = 256;

/// Bound of [`State::held_client_ends`] (exchanges, each with its bodies: at most the
/// capture cap per direction, as an open exchange's).
const MAX_HELD_CLIENT_ENDS: usize = 32;

/// A client-leg exchange that ended while legged exchanges sent after its request (and
/// before its answer) were still open ([`State::held_client_ends`]): judged when they
/// have all ended, or at the end of the recording.
struct HeldClientEnd {
    /// The client-leg exchange, kept in [`State::open`] (ended) while it waits.
    id: ExchangeId,
    /// How it ended (its `exchange_end`'s outcome), for [`State::end_settled`].
    outcome: Outcome,
    /// The legged exchanges it waits for (their ids).
    waits: Vec<ExchangeId>,
}
/// Origins whose first successful 1.0 A2A call CARD-PATH-004 keeps ([`State::card_404_called`]):
/// a recording of more agents than this judges the first ones only.
const MAX_CALLED_ORIGINS: usize = 1024;

const BODY_CAP: usize = DEFAULT_CAPTURE_CAP;

/// [`Exch::trunc_by`]: a body event marked `truncated`: cut at the proxy's capture cap
/// (`--capture-cap`).
const TRUNC_CAP: u8 = 1;
/// [`Exch::trunc_by`]: a recorder `gap` while the exchange was open: events dropped (queue
/// full).
const TRUNC_DROPPED: u8 = 2;
/// [`Exch::trunc_by`]: a body larger than the verifier keeps ([`BODY_CAP`]).
const TRUNC_BUFFER: u8 = 4;
/// [`Exch::trunc_by`]: a line of the recording read past with `--skip-bad-lines` while the
/// exchange was open: one of its events may be that line (newcomer23 N2).
const TRUNC_SKIPPED: u8 = 8;
/// [`Exch::trunc_by`]: the online verifier fell behind the traffic and was not fed some
/// events while the exchange was open ([`State::events_not_fed`]; issue 7, mem43).
const TRUNC_BEHIND: u8 = 16;

/// The `incomplete` reason of an exchange the online verifier was not fed at all, or not
/// whole, because it fell behind the traffic ([`State::events_not_fed`]).
pub const NOT_FED: &str = "not judged live: the online verifier fell behind the traffic and skipped its events (the recording holds them all; `a2a-interop verify` of the file judges them)";

/// Why an exchange's body is not all in the recording, from [`Exch::trunc_by`]: the
/// capture cap (with the flag that raises it), recorder drops (with the flag that avoids
/// them), the verifier's own limit, or, when the recording does not say (an older
/// recording whose `exchange_end` alone is marked), either of the first two (newcomer19
/// N10).
fn truncation_reason(by: u8) -> String {
    let mut why = Vec::new();
    if by & TRUNC_CAP != 0 {
        why.push("cut at the proxy's capture cap (in the recording only, not on its way to the agent or client; a larger --capture-cap records it all)".to_string());
    }
    if by & TRUNC_DROPPED != 0 {
        why.push(
            "events dropped by the recorder, its queue full (--lossless waits instead of dropping)"
                .to_string(),
        );
    }
    if by & TRUNC_SKIPPED != 0 {
        why.push(
            "a damaged line of the recording, read past with --skip-bad-lines, may hold one of its events"
                .to_string(),
        );
    }
    if by & TRUNC_BEHIND != 0 {
        why.push("events of it skipped by the online verifier, which fell behind the traffic (the recording holds them; `a2a-interop verify` of the file judges them)".to_string());
    }
    if by & TRUNC_BUFFER != 0 {
        why.push(format!(
            "larger than the {} MiB the verifier keeps of a body",
            BODY_CAP / (1024 * 1024)
        ));
    }
    if why.is_empty() {
        why.push("cut by the capture cap, or events dropped by the recorder: the recording does not say which".into());
    }
    format!(
        "body not fully recorded ({}): its content not judged",
        why.join("; ")
    )
}

/// The not-judged reason of a HAR entry whose request or response body the file leaves
/// out (`postData` or `content` without `text`, its size not 0; `record::har`): browsers
/// save no text for large, binary and streamed bodies, and some HAR exports none at all
/// (ux41; before, the reason named the proxy's capture cap and recorder).
const HAR_BODY_LEFT_OUT: &str = "body not in the HAR file (its request.postData or response.content has no text: browsers leave large, binary and streamed bodies out, and some exports keep no bodies; save the HAR with its content, or record through a2a-interop proxy): its content not judged";

/// The most bytes a compressed event stream is decoded to (64 x [`BODY_CAP`], 1 GiB): a
/// stream's events are judged as they arrive, so only a decompression bomb reaches it.
const SSE_DECODED_CAP: usize = 64 * BODY_CAP;

/// Bytes kept of a body whose `Content-Length` exceeds [`BODY_CAP`] (64 KiB): it will be
/// cut anyway and the exchange judged incomplete, so holding 16 MiB of it bought nothing
/// (peak RSS of a 100 MiB POST through the proxy).
const OVERSIZE_PREFIX: usize = 64 * 1024;

/// Tasks remembered at once; the oldest are forgotten past this (memory stays bounded on
/// endless recordings; a task older than 10 000 newer tasks is no longer judged).
const MAX_TASKS: usize = 10_000;
/// The page size of a 1.0 ListTasks request without `pageSize` (1.0 proto
/// `ListTasksRequest.page_size`: 1 to 100, default 50; DATA-007).
const LIST_TASKS_DEFAULT_PAGE_SIZE: usize = 50;
/// DATA-LIST-006: how long (µs) after the answer that handed a task out a ListTasks
/// without filters must still list it (a store may purge finished tasks later; ggcode
/// drops terminal tasks after 30 minutes, so 10 minutes stays well inside any retention).
const LIST_KNOWN_TASK_WINDOW_US: u64 = 600_000_000;

/// Push-notification URLs remembered at once (webhook detection, PUSH-002/PUSH-006); the
/// oldest registrations are forgotten past this.
const MAX_PUSH_URLS: usize = 10_000;

/// Webhook URLs without a delivery listed at most ([`VerifyOutcome::push_unreached`]).
pub const PUSH_UNREACHED_KEPT: usize = 16;

/// POST requests remembered for a push config read after its deliveries
/// ([`State::recent_posts`]).
const RECENT_POSTS: usize = 64;
/// Bound of [`Engine::not_found_ids`] and [`Engine::internal_errs`] (entries each).
const MAX_ID_ERRORS: usize = 256;

/// Exchanges listed in [`VerifyOutcome::exchange_dialects`].
pub const MAX_EXCHANGE_DIALECTS: usize = 10_000;

/// Findings held in memory at once (issue 7, "flat in memory"; mem43): past this many the
/// verifier sheds all but the first finding of each rule, severity and leg (so the rule
/// list, `--fail-on` and the conformance level stay whole) and the latest
/// [`KEPT_RECENT_FINDINGS`] (what later findings link to: a root cause, a relayed twin, a
/// held finding), and counts the shed ones by rule and severity
/// ([`VerifyOutcome::findings_not_kept`]). Each finding is ~1 to 2 KiB (message, help,
/// spec IDs, evidence), so before this a proxy in front of an agent with a fault on every
/// call grew by that much per call for as long as it ran. Every finding was still returned
/// by `feed` when it was made: the proxy's recording holds each as a `finding` event.
pub const MAX_KEPT_FINDINGS: usize = 10_000;
/// The latest findings kept when [`MAX_KEPT_FINDINGS`] is reached (at least
/// `RELAYED_LOOKBACK`, the window later findings look back over).
pub const KEPT_RECENT_FINDINGS: usize = 1_000;
/// Entries of [`VerifyOutcome::incomplete`] held at once: past this, the oldest half is
/// dropped and counted ([`VerifyOutcome::incomplete_not_kept`]); an exchange not judged is
/// ~100 bytes (its id and the reason), one per call a client abandoned on a long run.
pub const MAX_KEPT_INCOMPLETE: usize = 10_000;

/// A push-notification registration: (dialect of the call that registered it, origin and
/// URL path of that agent (the call's: [`State::card_at`]), capability already judged, credentials or token configured ([`PUSH_TOKEN`],
/// [`PUSH_HTTP_AUTH`] bits), delivery without them already reported).
type PushReg = (Option<Dialect>, Option<(String, String)>, bool, u8, bool);

/// [`PushReg`] bit: the push config carries a `token`.
const PUSH_TOKEN: u8 = 1;
/// [`PushReg`] bit: the push config carries `authentication` credentials for an HTTP
/// authentication scheme (Bearer, Basic): they go in `Authorization` (PUSH-004, PUSH-005).
const PUSH_HTTP_AUTH: u8 = 2;
/// [`PushReg`] bit: the push config carries credentials for another scheme (header unknown).
const PUSH_OTHER_AUTH: u8 = 4;

/// PUSH-DELIV-003: how far (ms) the recording must reach beyond the latest time a task
/// can have ended before a missing terminal push notification is judged: PUSH-004's
/// delivery timeout upper bound (30 s), so a delivery still under way is not missed.
const PUSH_TERMINAL_GRACE_MS: i64 = 30_000;

/// How long after a push config's successful delete a delivery for it may still end
/// without PUSH-CFG-002: one already under way when the delete was served (2 s, µs).
const PUSH_DELETE_GRACE_US: u64 = 2_000_000;

/// A finished client-leg request kept for gateway pairing: (exchange, leg, method, body,
/// the version it asks for (its `A2A-Version` header trimmed, else the `A2A-Version` query
/// parameter: [`Exch::asked_version`]), request seq, its extension URIs (EXT-001)).
type DoneRequest = (
    ExchangeId,
    Option<String>,
    String,
    Bytes,
    Option<String>,
    u64,
    Option<Vec<String>>,
);

/// The extension URIs a request names in `A2A-Extensions` (1.0) or `X-A2A-Extensions`
/// (0.x), sorted and deduplicated (EXT-001: comma-separated URIs); `None` without either.
fn extensions_header(h: &Headers) -> Option<Vec<String>> {
    let mut uris: Vec<String> = Vec::new();
    let mut any = false;
    for name in ["a2a-extensions", "x-a2a-extensions"] {
        for v in h.get_all(name) {
            any = true;
            uris.extend(
                v.split(',')
                    .map(str::trim)
                    .filter(|u| !u.is_empty())
                    .map(str::to_string),
            );
        }
    }
    uris.sort();
    uris.dedup();
    any.then_some(uris)
}

/// A map of the most recent entries, for state a rule needs only while it is recent
/// (message ids, artifacts): two generations of at most `cap / 2` entries each; when the
/// current one is full it becomes the old one and the old one is forgotten. So it holds at
/// most `cap` entries, and always the last `cap / 2` inserted, however long the recording
/// (issue #7: memory flat in file length). The maps it replaced stopped *adding* at `cap`,
/// so past the first `cap` messages of a long recording or a long-running proxy nothing
/// newer was judged (mem26's note, session 26).
///
/// One table for both generations, each entry stamped with the generation it was inserted
/// in (perf47): a lookup hashes and probes once (two maps probed a missing key twice, and
/// an insert probed three times: the old map, the current one, the insert), and a rotation
/// is a counter bumped. Entries of a forgotten generation stay in the table, unseen, until
/// it holds more than `cap`: then one pass drops them (about once per rotation).
struct Recent<V> {
    map: HashMap<String, (V, u64)>,
    /// The current generation's stamp; `gen - 1` is the old one's, older ones are forgotten.
    gen: u64,
    /// Entries of the current generation.
    cur_len: usize,
    /// Entries of the old generation.
    old_len: usize,
    half: usize,
}

impl<V> Recent<V> {
    /// An empty map that keeps at most `cap` entries (at least 2).
    fn new(cap: usize) -> Self {
        Recent {
            map: HashMap::new(),
            gen: 1,
            cur_len: 0,
            old_len: 0,
            half: (cap / 2).max(1),
        }
    }

    /// The value under `k`, when its generation is the current or the old one.
    fn get(&self, k: &str) -> Option<&V> {
        self.map
            .get(k)
            .filter(|(_, g)| *g + 1 >= self.gen)
            .map(|(v, _)| v)
    }

    /// Removes and returns the value under `k`.
    fn remove(&mut self, k: &str) -> Option<V> {
        let (v, g) = self.map.remove(k)?;
        if g == self.gen {
            self.cur_len -= 1;
        } else if g + 1 == self.gen {
            self.old_len -= 1;
        } else {
            return None;
        }
        Some(v)
    }

    /// Inserts `v` under `k` (replacing any value), rotating the generations when the
    /// current one is full.
    fn insert(&mut self, k: String, v: V) {
        use std::collections::hash_map::Entry;
        let gen = self.gen;
        // Rotated when `k` is not in the current generation and that one is full: the old
        // generation is forgotten, the current one becomes the old one.
        let rotate = |r: &mut Self| {
            if r.cur_len >= r.half {
                r.gen += 1;
                r.old_len = r.cur_len;
                r.cur_len = 0;
            }
        };
        match self.map.entry(k) {
            Entry::Occupied(mut e) => {
                let g = e.get().1;
                if g == gen {
                    e.get_mut().0 = v;
                    return;
                }
                if g + 1 == gen {
                    self.old_len -= 1;
                }
                // (the borrow of the entry ends before the counters are read again)
                let (cur_len, half) = (self.cur_len, self.half);
                let new_gen = if cur_len >= half { gen + 1 } else { gen };
                *e.get_mut() = (v, new_gen);
                rotate(self);
                self.cur_len += 1;
            }
            Entry::Vacant(e) => {
                let new_gen = if self.cur_len >= self.half {
                    gen + 1
                } else {
                    gen
                };
                e.insert((v, new_gen));
                rotate(self);
                self.cur_len += 1;
            }
        }
        if self.map.len() > 2 * self.half {
            let gen = self.gen;
            self.map.retain(|_, (_, g)| *g + 1 >= gen);
        }
    }

    /// True when `k` is held.
    fn contains(&self, k: &str) -> bool {
        self.get(k).is_some()
    }

    /// Entries held (at most the `cap` given to [`Recent::new`]).
    fn len(&self) -> usize {
        self.cur_len + self.old_len
    }

    fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// The open exchanges' map ([`open::OpenMap`]): looked up on every event, keyed by short
/// proxy-made ids, so hashed with FNV-1a instead of SipHash (~1.2k instructions per small
/// exchange, docs/performance.md, "Session 7").
use open::OpenMap;

/// A map keyed by exchange id ([`IdHasher`]: the ids are the proxy's, not the traffic's).
type IdMap<V> = std::collections::HashMap<ExchangeId, V, std::hash::BuildHasherDefault<IdHasher>>;

/// A held PUSH-BODY-003 note ([`State::pending_unknown_push`]): webhook key, task id,
/// message, evidence, leg.
type PendingUnknownPush = (String, String, String, Vec<Evidence>, Option<String>);

/// Bound of [`State::pending_unknown_push`] (entries): past it, PUSH-BODY-003 is told at
/// once.
const MAX_PENDING_UNKNOWN_PUSH: usize = 256;

/// Bound of [`State::reused_tasks`] (task ids).
const MAX_REUSED_TASKS: usize = 256;

/// A bare A2A payload posted to a URL no card describes ([`State::bare_pending`]).
#[derive(Debug)]
struct BarePayload {
    /// [`State::endpoint_key`] of the URL posted to.
    key: String,
    exchange: String,
    /// What was posted, from [`bare_a2a_payload`].
    what: &'static str,
    url: String,
    ev: Evidence,
    leg: Option<String>,
}

/// Bound of [`State::bare_pending`] (exchanges); later ones are not told.
const MAX_BARE_PENDING: usize = 16;

/// Bound of [`State::rpc_spoken`] (URLs).
const MAX_RPC_SPOKEN: usize = 64;

impl State {
    /// Every event to come is on the client leg (the live proxy without a `--leg`
    /// listener or a legged route; [`crate::verify::Verifier::expect_one_leg`]): the
    /// client-leg requests kept for pairing with an upstream-leg copy are not kept.
    pub(super) fn expect_one_leg(&mut self) {
        self.one_leg = true;
    }

    pub(super) fn new(h: &RecordingHeader) -> Self {
        State {
            mode: h.mode,
            seq_gaps: SeqGaps::default(),
            chunk_times: h.chunk_times,
            upstreams: h
                .routes
                .iter()
                .filter_map(|r| parse_url(&r.upstream))
                .collect(),
            own_listeners: own_listeners(h),
            public_origin: h
                .public_url
                .as_deref()
                .and_then(parse_url)
                .map(|p| p.origin()),
            driver: h.driver.clone(),
            one_leg: false,
            legged_seen: false,
            held_client_ends: VecDeque::new(),
            out: Vec::new(),
            shed: BTreeMap::new(),
            incomplete_shed: 0,
            events: 0,
            exchanges_seen: 0,
            last_end_t: 0,
            open: OpenMap::default(),
            done_streams: VecDeque::new(),
            task_streams: HashMap::new(),
            done_requests: VecDeque::new(),
            cards: HashMap::new(),
            card_memo: VecDeque::new(),
            advertised: HashMap::new(),
            m30b_card_500: HashSet::new(),
            m30b_iface_use: HashMap::new(),
            m30b_iface_cards: HashMap::new(),
            route_missing_exchange: None,
            grpc_unserved_told: None,
            unadvertised_reported: HashSet::new(),
            pending_doubled: Vec::new(),
            pending_plain: Vec::new(),
            bare_pending: Vec::new(),
            rpc_spoken: HashMap::new(),
            pending_unknown_push: Vec::new(),
            reused_tasks: HashMap::new(),
            delegate_outcomes: VecDeque::new(),
            problem_status_held: None,
            held_tls: None,
            tls_on_plain: Vec::new(),
            https_answered: std::collections::HashSet::new(),
            clients_loopback: None,
            conn_peers: HashMap::new(),
            conn_order: VecDeque::new(),
            conn_last: HashMap::new(),
            framed_ends: VecDeque::new(),
            up_cards: VecDeque::new(),
            gw_path_dropped: VecDeque::new(),
            held_bind_all: VecDeque::new(),
            client_card_seen: false,
            up_signed_cards: VecDeque::new(),
            served_urls: HashSet::new(),
            rest1x_unrouted: Vec::new(),
            rest03_served: Vec::new(),
            list_pages: HashMap::new(),
            list_page_order: VecDeque::new(),
            task_order: VecDeque::new(),
            tasks: HashMap::new(),
            v01_origins: HashSet::new(),
            error_info_missing_origins: HashSet::new(),
            grpc_served: Vec::new(),
            not_found_ids: VecDeque::new(),
            blocking_artifacts: HashMap::new(),
            internal_errs: VecDeque::new(),
            push_urls: HashMap::new(),
            event_wide_id: None,
            push_order: VecDeque::new(),
            push_unreached: Vec::new(),
            push_reached: HashSet::new(),
            recent_posts: VecDeque::new(),
            push_secrets: HashMap::new(),
            push_secrets_full: HashSet::new(),
            push_relayed: HashSet::new(),
            tls_downgraded: HashSet::new(),
            push_forgotten: false,
            pending_cancels: HashMap::new(),
            client_left: HashMap::new(),
            status_leak_told: HashSet::new(),
            cancel_asked: HashSet::new(),
            error_cuts: HashMap::new(),
            reset_cuts: HashMap::new(),
            recent_answers: VecDeque::new(),
            scope_served_told: HashSet::new(),
            active_sub_refusals: HashMap::new(),
            interrupted_refusals: HashMap::new(),
            stale_streams: HashMap::new(),
            dialects: Default::default(),
            leg_bindings: BTreeMap::new(),
            bindings: BTreeMap::new(),
            areas: Default::default(),
            incomplete: Vec::new(),
            first_unjudged_req: None,
            open_at_end: Vec::new(),
            live_notes: Vec::new(),
            key_buf: String::new(),
            task_key_buf: std::cell::RefCell::new(String::new()),
            held_mix: Vec::new(),
            rereading: None,
            exchange_dialects: Vec::new(),
            auth_reported: HashSet::new(),
            missing_creds: Vec::new(),
            credentialed_origins: HashSet::new(),
            credentialed_ops: HashSet::new(),
            extended_extensions: HashSet::new(),
            ext_echo: HashMap::new(),
            own_message_id_told: HashSet::new(),
            sent_mid_tasks: HashMap::new(),
            sent_mid_entries: 0,
            sent_mid_live: 0,
            extended_caps: HashMap::new(),
            ver_stripped_done: HashSet::new(),
            gw_rerouted: VecDeque::new(),
            gw_ctx_added: Vec::new(),
            pending_up: VecDeque::new(),
            ver_stripped_clients: VecDeque::new(),
            malformed_sends: VecDeque::new(),
            card_secret_reported: HashSet::new(),
            card_cache_reported: HashSet::new(),
            card_validators: HashMap::new(),
            card_etags: HashMap::new(),
            signed_cards: HashMap::new(),
            agent_signed_cards: HashMap::new(),
            streamed_ok: HashSet::new(),
            extended_unconfigured_cards: HashSet::new(),
            v02_judged_cards: HashSet::new(),
            v02_cards_seen: false,
            done_paths: IdMap::default(),
            url_memo: UrlMemo::default(),
            upstream_memo: UrlMemo::default(),
            client_answered_at: IdMap::default(),
            push_created: HashMap::new(),
            gw_pairs: VecDeque::new(),
            gw_send_retries: VecDeque::new(),
            gw_ids: HashMap::new(),
            gw_up_answers: VecDeque::new(),
            leg_task_missing: HashMap::new(),
            batch_members: HashMap::new(),
            foreign_task_held: Vec::new(),
            recent_client_ends: VecDeque::new(),
            sent_cred_tags: HashMap::new(),
            payload_cred_tags: HashSet::new(),
            gw_own_answer: Recent::new(MAX_TASKS),
            gw_front_own: Recent::new(MAX_TASKS),
            held_pair: VecDeque::new(),
            url_unreached: Recent::new(MAX_TASKS),
            driver_held: Vec::new(),
            areas_answered: HashSet::new(),
            card_json_404: HashMap::new(),
            card_at_legacy: HashMap::new(),
            card_404_called: HashMap::new(),
            areas_unanswered: HashSet::new(),
            gw_ended: HashMap::new(),
            gw_ended_order: VecDeque::new(),
            held_ends: Vec::new(),
            held_shapes: Vec::new(),
            push_config_urls: HashMap::new(),
            push_config_since: HashMap::new(),
            webhook_seen: HashMap::new(),
            webhook_task_ids: std::collections::HashSet::new(),
            webhook_hit: std::collections::HashSet::new(),
            webhook_hit_full: false,
            webhook_leg_stray: false,
            push_deleted: HashMap::new(),
            push_deleted_ids: HashMap::new(),
            push_live: HashMap::new(),
            push_idless: HashSet::new(),
            push_inline: HashMap::new(),
            sent_messages: Recent::new(MAX_TASKS),
            agent_messages: Recent::new(MAX_TASKS),
            ctx_artifacts: Recent::new(MAX_TASKS),
            refused_followups: Vec::new(),
            ctx_artifacts_told: Recent::new(MAX_TASKS),
            rest_dialects: Recent::new(MAX_TASKS),
            agent_ifaces: HashMap::new(),
            agent_bare: HashSet::new(),
            bare_last: String::new(),
            scope_buf: String::new(),
            first_agent: HashMap::new(),
            client_scopes: Vec::new(),
            push_url_scope: HashMap::new(),
            up_req_last: None,
        }
    }

    /// How many entries each collection of the state holds now, by field name (the sizes a
    /// long recording must keep bounded: docs/performance.md, "Session 26 (mem26)"). Nested
    /// lists are counted by their own `*_items` entry where they can grow per key.
    pub(super) fn kept_counts(&self) -> Vec<(&'static str, usize)> {
        vec![
            ("upstreams", self.upstreams.len()),
            ("out", self.out.len()),
            ("open", self.open.len()),
            ("done_streams", self.done_streams.len()),
            ("task_streams", self.task_streams.len()),
            ("done_requests", self.done_requests.len()),
            ("cards", self.cards.len()),
            ("advertised", self.advertised.len()),
            ("unadvertised_reported", self.unadvertised_reported.len()),
            ("pending_doubled", self.pending_doubled.len()),
            ("pending_plain", self.pending_plain.len()),
            ("pending_unknown_push", self.pending_unknown_push.len()),
            ("reused_tasks", self.reused_tasks.len()),
            ("conn_peers", self.conn_peers.len()),
            ("conn_order", self.conn_order.len()),
            ("conn_last", self.conn_last.len()),
            ("framed_ends", self.framed_ends.len()),
            ("up_cards", self.up_cards.len()),
            ("held_bind_all", self.held_bind_all.len()),
            ("up_signed_cards", self.up_signed_cards.len()),
            ("served_urls", self.served_urls.len()),
            ("rest1x_unrouted", self.rest1x_unrouted.len()),
            ("rest03_served", self.rest03_served.len()),
            ("list_pages", self.list_pages.len()),
            ("list_page_order", self.list_page_order.len()),
            ("task_order", self.task_order.len()),
            ("tasks", self.tasks.len()),
            ("v01_origins", self.v01_origins.len()),
            (
                "error_info_missing_origins",
                self.error_info_missing_origins.len(),
            ),
            ("grpc_served", self.grpc_served.len()),
            ("not_found_ids", self.not_found_ids.len()),
            ("blocking_artifacts", self.blocking_artifacts.len()),
            ("internal_errs", self.internal_errs.len()),
            ("push_urls", self.push_urls.len()),
            ("push_order", self.push_order.len()),
            ("push_secrets", self.push_secrets.len()),
            ("push_secrets_full", self.push_secrets_full.len()),
            ("push_relayed", self.push_relayed.len()),
            ("tls_downgraded", self.tls_downgraded.len()),
            ("pending_cancels", self.pending_cancels.len()),
            ("client_left", self.client_left.len()),
            ("cancel_asked", self.cancel_asked.len()),
            ("error_cuts", self.error_cuts.len()),
            ("reset_cuts", self.reset_cuts.len()),
            ("recent_answers", self.recent_answers.len()),
            ("scope_served_told", self.scope_served_told.len()),
            ("m30b_card_500", self.m30b_card_500.len()),
            ("m30b_iface_use", self.m30b_iface_use.len()),
            ("m30b_iface_cards", self.m30b_iface_cards.len()),
            ("refused_followups", self.refused_followups.len()),
            ("area_exchange_ids", self.areas.exchanges_noted()),
            ("active_sub_refusals", self.active_sub_refusals.len()),
            ("interrupted_refusals", self.interrupted_refusals.len()),
            ("stale_streams", self.stale_streams.len()),
            ("dialects", self.dialects.len()),
            ("bindings", self.bindings.len()),
            ("leg_bindings", self.leg_bindings.len()),
            ("areas", self.areas.len()),
            ("incomplete", self.incomplete.len()),
            ("live_notes", self.live_notes.len()),
            ("held_mix", self.held_mix.len()),
            ("exchange_dialects", self.exchange_dialects.len()),
            ("auth_reported", self.auth_reported.len()),
            ("ver_stripped_done", self.ver_stripped_done.len()),
            ("gw_rerouted", self.gw_rerouted.len()),
            ("gw_ctx_added", self.gw_ctx_added.len()),
            ("pending_up", self.pending_up.len()),
            ("ver_stripped_clients", self.ver_stripped_clients.len()),
            ("malformed_sends", self.malformed_sends.len()),
            ("card_secret_reported", self.card_secret_reported.len()),
            ("card_cache_reported", self.card_cache_reported.len()),
            ("card_validators", self.card_validators.len()),
            ("card_etags", self.card_etags.len()),
            ("signed_cards", self.signed_cards.len()),
            ("agent_signed_cards", self.agent_signed_cards.len()),
            ("streamed_ok", self.streamed_ok.len()),
            ("done_paths", self.done_paths.len()),
            ("client_answered_at", self.client_answered_at.len()),
            ("push_created", self.push_created.len()),
            ("gw_pairs", self.gw_pairs.len()),
            ("gw_send_retries", self.gw_send_retries.len()),
            ("gw_ids", self.gw_ids.len()),
            ("gw_up_answers", self.gw_up_answers.len()),
            ("leg_task_missing", self.leg_task_missing.len()),
            ("batch_members", self.batch_members.len()),
            ("foreign_task_held", self.foreign_task_held.len()),
            ("recent_client_ends", self.recent_client_ends.len()),
            ("sent_cred_tags", self.sent_cred_tags.len()),
            ("payload_cred_tags", self.payload_cred_tags.len()),
            ("gw_own_answer", self.gw_own_answer.len()),
            ("gw_front_own", self.gw_front_own.len()),
            ("held_pair", self.held_pair.len()),
            ("url_unreached", self.url_unreached.len()),
            ("areas_answered", self.areas_answered.len()),
            ("card_json_404", self.card_json_404.len()),
            ("card_404_called", self.card_404_called.len()),
            ("card_at_legacy", self.card_at_legacy.len()),
            ("areas_unanswered", self.areas_unanswered.len()),
            ("gw_ended", self.gw_ended.len()),
            ("gw_ended_order", self.gw_ended_order.len()),
            ("held_ends", self.held_ends.len()),
            ("held_shapes", self.held_shapes.len()),
            ("held_client_ends", self.held_client_ends.len()),
            ("push_config_urls", self.push_config_urls.len()),
            ("push_config_since", self.push_config_since.len()),
            ("webhook_seen", self.webhook_seen.len()),
            ("push_deleted", self.push_deleted.len()),
            ("push_deleted_ids", self.push_deleted_ids.len()),
            ("push_live", self.push_live.len()),
            ("push_inline", self.push_inline.len()),
            ("sent_messages", self.sent_messages.len()),
            ("agent_messages", self.agent_messages.len()),
            ("ctx_artifacts", self.ctx_artifacts.len()),
            ("ctx_artifacts_told", self.ctx_artifacts_told.len()),
            ("agent_ifaces", self.agent_ifaces.len()),
            ("agent_bare", self.agent_bare.len()),
            ("first_agent", self.first_agent.len()),
            ("client_scopes", self.client_scopes.len()),
            ("push_url_scope", self.push_url_scope.len()),
            ("seq_gaps", self.seq_gaps.ranges.len()),
            (
                "task_streams_items",
                self.task_streams.values().map(Vec::len).sum(),
            ),
            ("cards_items", self.cards.values().map(Vec::len).sum()),
            (
                "push_secrets_items",
                self.push_secrets.values().map(Vec::len).sum(),
            ),
            (
                "push_deleted_items",
                self.push_deleted.values().map(Vec::len).sum(),
            ),
            (
                "push_live_items",
                self.push_live.values().map(Vec::len).sum(),
            ),
            (
                "pending_cancels_items",
                self.pending_cancels.values().map(Vec::len).sum(),
            ),
            (
                "agent_ifaces_items",
                self.agent_ifaces.values().map(Vec::len).sum(),
            ),
            (
                "stale_streams_items",
                self.stale_streams.values().map(Vec::len).sum(),
            ),
        ]
    }

    /// Starts remembering task `key` (not yet in [`Self::tasks`]): past [`MAX_TASKS`] the
    /// oldest task is forgotten, and with it what only that task's later traffic would read:
    /// its ended streams ([`Self::task_streams`], STREAM-006) and its blocking answer's
    /// artifact ids ([`Self::blocking_artifacts`], TASK-005). Those maps then hold entries
    /// of remembered tasks only, so they stop growing when `tasks` does instead of filling
    /// up to their own cap over a long recording (and then judging no newer task). A task
    /// read again after 10,000 newer ones is judged as one never seen, by every rule alike.
    fn admit_task(&mut self, key: &str) {
        self.task_order.push_back(key.to_string());
        if self.task_order.len() > MAX_TASKS {
            if let Some(old) = self.task_order.pop_front() {
                if let Some(t) = self.tasks.remove(&old) {
                    self.sent_mid_live -= t.sent_message_ids.len();
                }
                self.task_streams.remove(&old);
                self.blocking_artifacts.remove(&old);
            }
        }
    }

    /// Keeps the findings and the not-judged list within [`MAX_KEPT_FINDINGS`] and
    /// [`MAX_KEPT_INCOMPLETE`] (issue 7, mem43). Called between events only (by
    /// [`super::Verifier`]'s feeds), where no caller holds a position in `out` but the
    /// state's own: those ([`State::held_mix`], [`State::reset_cuts`],
    /// [`State::problem_status_held`]) are kept and moved to their findings' new places.
    /// What is kept of `out`: the first finding of each (rule, severity, leg), the latest
    /// [`KEPT_RECENT_FINDINGS`] and the held ones, in their order; the rest is counted in
    /// [`State::shed`]. Costs one pass over `out` per [`MAX_KEPT_FINDINGS`] -
    /// [`KEPT_RECENT_FINDINGS`] findings made, nothing below the bound.
    pub(super) fn shed_kept(&mut self) {
        if self.incomplete.len() > MAX_KEPT_INCOMPLETE {
            let drop = self.incomplete.len() - MAX_KEPT_INCOMPLETE / 2;
            self.incomplete.drain(..drop);
            self.incomplete_shed += drop as u64;
        }
        let n = self.out.len();
        if n <= MAX_KEPT_FINDINGS {
            return;
        }
        let mut keep = vec![false; n];
        keep[n - KEPT_RECENT_FINDINGS..].fill(true);
        {
            let mut firsts: HashSet<(&str, Severity, Option<&str>)> = HashSet::new();
            for (i, f) in self.out.iter().enumerate() {
                if firsts.insert((f.rule.as_str(), f.severity, f.leg.as_deref())) {
                    keep[i] = true;
                }
            }
        }
        for &i in &self.held_mix {
            if let Some(k) = keep.get_mut(i) {
                *k = true;
            }
        }
        for h in self.reset_cuts.values() {
            if let Some(k) = keep.get_mut(h.at) {
                *k = true;
            }
        }
        // new place of each old one: the kept findings before it
        let mut place = Vec::with_capacity(n + 1);
        let mut kept = 0usize;
        for &k in &keep {
            place.push(kept);
            kept += usize::from(k);
        }
        place.push(kept);
        for i in self.held_mix.iter_mut() {
            *i = place[(*i).min(n)];
        }
        for h in self.reset_cuts.values_mut() {
            h.at = place[h.at.min(n)];
        }
        if let Some((_, at, _)) = self.problem_status_held.as_mut() {
            *at = place[(*at).min(n)];
        }
        let mut i = 0;
        let shed = &mut self.shed;
        self.out.retain(|f| {
            let k = keep[i];
            i += 1;
            if !k {
                *shed.entry((f.rule.clone(), f.severity)).or_default() += 1;
            }
            k
        });
    }

    fn emit(&mut self, mut f: Finding) -> usize {
        self.fit_help(&mut f);
        // a message set after Finding::new: control characters quoted JSON-style too
        f.message = super::finding::json_style_escapes(std::mem::take(&mut f.message));
        if !self.reused_tasks.is_empty() && self.folded_into_reuse(&f) {
            return self.out.len();
        }
        if let Some(xid) = self.rereading.as_deref() {
            if let Some(i) = self.out.iter().rposition(|g| {
                g.rule == f.rule
                    && g.leg == f.leg
                    && g.evidence
                        .iter()
                        .any(|e| e.exchange.as_deref() == Some(xid))
            }) {
                let g = &mut self.out[i];
                g.message = f.message;
                g.evidence = f.evidence;
                return self.out.len();
            }
        }
        if r::is_stream_ended_without_terminal(&f.rule) || f.rule == r::TASK_BLOCKING_EARLY.id {
            link_unfinished(&self.out, &mut f);
        }
        link_same_value(&self.out, &mut f);
        if let Some(i) = self.relayed_twin(&f) {
            merge_relayed(&mut self.out[i], f);
            return self.out.len();
        }
        // review34 (review33 Q26b): a 0.x method under `A2A-Version: 1.0` is held too
        // until its answer is read, since `answer_in_header_form` completes its message.
        let hold = f.rule == r::VER_MIXED_REQUEST.id
            && (f.leg.as_deref() == Some("upstream") || f.message.starts_with(HEADER_1_0_ON_0X));
        self.out.push(f);
        if hold {
            self.held_mix.push(self.out.len() - 1);
        }
        self.out.len()
    }

    /// Fits a rule's help to what was seen when the rule's one text covers several
    /// generations (newcomer26): REST-ERROR-001 (ERR-003, REST-003) on a route of a known
    /// version gets that version's error shape only ([`rest_error_help`]), not 1.0's
    /// envelope on a 0.3 `/v1` route. A help a rule site set for its finding is kept.
    fn fit_help(&self, f: &mut Finding) {
        if f.rule != r::REST_ERROR_SHAPE.id || f.help != r::REST_ERROR_SHAPE.help {
            return;
        }
        let dialect = f.evidence.iter().find_map(|e| {
            e.exchange
                .as_deref()
                .and_then(|id| self.rest_dialects.get(id))
        });
        if let Some(d) = dialect {
            f.help = rest_error_help(*d).to_string();
        }
    }

    /// True when `f` is a consequence of a task id the agent reused for a new message
    /// ([`State::reused_tasks`]): a context change (ID-CTX-002), a state regression
    /// (TASK-STATE-001), a blocking answer missing an artifact (TASK-STATE-007) or a history
    /// message naming other ids (ID-CTX-003) of that task. Counted on the task; the root
    /// cause (TASK-STATE-002) says how many were folded into it.
    fn folded_into_reuse(&mut self, f: &Finding) -> bool {
        let rules = [
            r::ID_CONTEXT_CHANGED.id,
            r::TASK_TERMINAL_CHANGED.id,
            r::TASK_BLOCKING_EARLY.id,
            r::ID_MESSAGE_IDS_MISMATCH.id,
        ];
        if !rules.contains(&f.rule.as_str()) {
            return false;
        }
        let hit = self.reused_tasks.keys().find(|t| {
            f.message.contains(&format!("task {t} "))
                || f.message.contains(&format!("task \"{t}\""))
        });
        match hit.cloned() {
            Some(t) => {
                *self.reused_tasks.entry(t).or_default() += 1;
                true
            }
            None => false,
        }
    }

    /// ID-001 / TASK-001 (breaker17b V11): `x` is a send whose message names no task (a new
    /// task) answered with task `id`, which the agent handed out on an earlier exchange and
    /// finished before the request: the conditions of [`Self::check_new_send_answered_old_task`],
    /// seen before the task's other checks run so that their findings fold into it.
    fn send_reuses_task(&self, x: &Exch, id: &str) -> bool {
        let Some(c) = x.call.as_deref() else {
            return false;
        };
        if c.webhook || !matches!(c.op, Some(Op::SendMessage) | Some(Op::SendStreamingMessage)) {
            return false;
        }
        let Some(m) = params_message(c.params.json()) else {
            return false;
        };
        if a2a::message_task_id(m).is_some()
            || c.params.get("id").is_some_and(|v| !matches!(v, Json::Null))
        {
            return false;
        }
        let Some(t) = self.task_of(x, id) else {
            return false;
        };
        let Some((_, tseq, txid)) = &t.terminal else {
            return false;
        };
        let earlier = t
            .announced
            .as_ref()
            .is_some_and(|(seq, xid)| *seq < x.req_seq && **xid != *x.id);
        let msg_id = str_member(m, "messageId", "message_id");
        let retry = msg_id.is_some_and(|id| t.sent_message_ids.iter().any(|s| s == id));
        earlier && *tseq < x.req_seq && **txid != *x.id && !retry
    }

    /// True when the client, the agent and so a loopback webhook all share one machine:
    /// every recorded client connection came from a loopback address, and the agent (the
    /// recording's route upstreams, else the host the client addressed) is on loopback.
    /// False without connection events (transcripts, HAR): nothing shows where the
    /// client was.
    fn local_test_run(&self, x: &Exch) -> bool {
        if self.clients_loopback != Some(true) {
            return false;
        }
        if self.upstreams.is_empty() {
            x.parts
                .as_ref()
                .is_some_and(|p| host_class(&p.host) == HostClass::Loopback)
        } else {
            self.upstreams
                .iter()
                .all(|u| host_class(&u.host) == HostClass::Loopback)
        }
    }

    /// Marks task `id` as reused ([`State::reused_tasks`]) when [`Self::send_reuses_task`]
    /// says so; called before the checks whose findings fold into the reuse.
    fn note_task_reuse(&mut self, x: &Exch, id: &str) {
        if self.reused_tasks.len() < MAX_REUSED_TASKS
            && !self.reused_tasks.contains_key(id)
            && self.send_reuses_task(x, id)
        {
            self.reused_tasks.insert(id.to_string(), 0);
        }
    }

    /// The index in [`State::out`] of the upstream-leg finding that `f`, a client-leg
    /// finding, repeats: the same rule, message and first evidence (pointer, value found)
    /// on the upstream twin of `f`'s exchange ([`GwPair`]). A pass-through gateway relays
    /// the agent's fault unchanged; it is the agent's, told once (breaker15b R6). Looks at
    /// the newest [`RELAYED_LOOKBACK`] findings only (the twin's answer came just before).
    fn relayed_twin(&self, f: &Finding) -> Option<usize> {
        if f.leg.is_some() || self.gw_pairs.is_empty() {
            return None;
        }
        let e0 = f.evidence.first()?;
        let cid = e0.exchange.as_deref()?;
        let up = &self.gw_pairs.iter().rev().find(|p| p.client == cid)?.up;
        let lo = self.out.len().saturating_sub(RELAYED_LOOKBACK);
        (lo..self.out.len())
            .rev()
            .find(|&i| same_relayed(&self.out[i], up, f, &self.gw_ids))
    }

    /// RPC-ERROR-003 (ERR-006, DATA-004, ID-001; breaker16a S6): a 1.0 agent refused with
    /// InvalidParams (`wire`: `-32602 InvalidParams`, `HTTP 400 INVALID_ARGUMENT`, `gRPC
    /// INVALID_ARGUMENT (3)`; its error text `said`, evidence `at`) a request this
    /// recording found well-formed (no client finding, every required member present), and
    /// the evidence shows what the agent misjudged: `said` names as required a member A2A
    /// makes optional that the request leaves out (`message.taskId`: task ids are the
    /// server's, ID-001); `said` refuses a data URL and the request's `url` part is a valid
    /// RFC 2397 data URL (DATA-004 allows any URL); or the message continues a task the
    /// agent itself handed out and last showed waiting for input (input-required,
    /// auth-required), in the same context; or, in any version, `said` / `detail` demand a
    /// member of a send that no A2A request of its version defines and the request lacks
    /// ([`private_member_demanded`]: astron-agent PR #1404's flowId; `wire` then also
    /// `HTTP 400` / `HTTP 422` of a validator's own body). Anything else (a range, a value
    /// this verifier does not judge) is not reported. Costs nothing unless the agent
    /// answered InvalidParams.
    /// DATA-PARAM-002 (DATA-003: 1.0 agents SHOULD ignore unknown fields): the agent refused
    /// call `c` with `wire` (`-32602`, `HTTP 400 INVALID_ARGUMENT`, `gRPC INVALID_ARGUMENT
    /// (3)`) and error text `m` naming an unknown field. The caller has checked that `m`
    /// says so ([`says_unknown_field`]), that the call is 1.0 and that every REQUIRED field
    /// is present; `at` points at the error text. A send whose part sets no content member
    /// (or several) lacks a REQUIRED field whatever the error text names
    /// ([`send_part_content_unset`]; A2A #2087, field case f944): no finding.
    fn unknown_field_refused(&mut self, x: &Exch, c: &Call, m: &str, wire: &str, at: Evidence) {
        if send_part_content_unset(c).is_some() {
            return;
        }
        self.find(
            &r::DATA_UNKNOWN_FIELD_REJECTED,
            format!(
                "agent refused {} with {wire} because of an unknown field ({}) although every required field is present: 1.0 agents ignore unknown fields (DATA-003)",
                c.op_term("the call"),
                excerpt(m)
            ),
            vec![x.ev(x.req_ev_seq()), at],
            &x.leg,
        );
    }

    /// Whether call `c`'s refusal with InvalidParams-kind text `m` is DATA-PARAM-002's: a
    /// 1.0 call with every REQUIRED field present whose error text names an unknown field.
    fn is_unknown_field_refusal(c: &Call, m: Option<&str>) -> bool {
        c.dialect == Some(Dialect::V1_0)
            && c.op.is_some()
            && missing_param(c).is_none()
            && m.is_some_and(says_unknown_field)
    }

    fn valid_request_refused(
        &mut self,
        x: &Exch,
        c: &Call,
        said: Option<&str>,
        detail: Option<&str>,
        wire: &str,
        at: Evidence,
    ) {
        let Some(op) = c.op else {
            return;
        };
        let send = matches!(op, Op::SendMessage | Op::SendStreamingMessage);
        // mine22b (mastra #16508): a send whose well-formed file or data part the agent
        // refuses for its kind ("expected \"text\"" on parts[1].kind), in any version: the
        // content type, not the request, is what the agent does not take.
        // mine34 (openclaw #135716): or in words that demand the text part the message lacks.
        let kind_refused = send
            .then(|| {
                params_message(c.params.json()).and_then(|m| part_kind_refusal(m, [said, detail]))
            })
            .flatten();
        // breaker17b V6: a2a-python refuses the request with InvalidParams when its
        // executor's own event names another task or context than the request's
        // ("Task in event doesn't match TaskManager <sdk id> : <executor id>"), in 1.0 and
        // in its 0.3 compat layer alike: the client's request is not what is wrong.
        let own_event = send && said.is_some_and(says_own_event_mismatch);
        let unlisted = if send {
            self.unlisted_part_media(x, c)
        } else {
            None
        };
        // mine44 (a2a-dotnet #183): a send refused because the agent's deserializer wants a
        // kind discriminator where the binding defines none (a 0.x FileWithBytes /
        // FileWithUri; any 1.0 part), in any version.
        let kind_demanded = kind_demand_misplaced(c, [said, detail]);
        // mine26b (ag2 PR #2163, a2a-python PR #327): a send whose text part is empty,
        // refused with words that blame the empty content, in any version.
        let empty_refused = send
            .then(|| params_message(c.params.json()).and_then(first_empty_text_part))
            .flatten()
            .filter(|_| [said, detail].into_iter().flatten().any(says_empty_content));
        // mine26b (archestra PR #7599): a messageId that is no UUID, refused in words that
        // ask for a UUID, in any version.
        let uuid_refused = send
            .then(|| params_message(c.params.json()))
            .flatten()
            .and_then(|m| {
                non_uuid_message_id(m).filter(|id| {
                    [said, detail]
                        .into_iter()
                        .flatten()
                        .any(|t| says_message_id_not_uuid(t, id, m))
                })
            });
        // mine52 (astron-agent PR #1404): a send refused because the agent's validator
        // requires a member no A2A request defines (flowId), in any version.
        let private = private_member_demanded(c, [said, detail]);
        if (c.dialect != Some(Dialect::V1_0)
            && !own_event
            && private.is_none()
            && kind_refused.is_none()
            && unlisted.is_none()
            && empty_refused.is_none()
            && uuid_refused.is_none()
            && kind_demanded.is_none())
            || c.webhook
            || missing_param(c).is_some()
            || c.params_not_object().is_some()
            || self.request_faulted(x)
        {
            return;
        }
        let name = c.op_term(op.name());
        let (holder, base, optional): (Option<&Obj>, &str, &[(&str, &str)]) = match op {
            _ if send => (
                params_message(c.params.json()),
                "message.",
                &[
                    ("taskId", "task_id"),
                    ("contextId", "context_id"),
                    ("referenceTaskIds", "reference_task_ids"),
                    ("extensions", "extensions"),
                    ("metadata", "metadata"),
                ],
            ),
            Op::ListTasks => (
                c.params.as_object(),
                "",
                &[
                    ("contextId", "context_id"),
                    ("status", "status"),
                    ("pageSize", "page_size"),
                    ("pageToken", "page_token"),
                    ("historyLength", "history_length"),
                    ("statusTimestampAfter", "status_timestamp_after"),
                    ("includeArtifacts", "include_artifacts"),
                ],
            ),
            _ => (None, "", &[]),
        };
        let mut why: Option<String> = own_event.then(|| {
            "its own words say an event the agent itself produced (the Task or update its executor published) names another task or context than this request's, so the request is valid and the fault is the agent's: the executor built its Task / TaskUpdater from a hard-coded or freshly minted task id or context id; build every event from the request's ids (a2a-python: context.task_id and context.context_id of the RequestContext, or new_task(context.message); a2a-js: requestContext.taskId / contextId)".to_string()
        });
        if let (None, Some(text), Some(h)) = (&why, said, holder) {
            why = optional
                .iter()
                .find(|(camel, snake)| {
                    h.get(camel).is_none()
                        && h.get(snake).is_none()
                        && says_member_required(text, camel, snake)
                })
                .map(|(camel, _)| {
                    let extra = if *camel == "taskId" {
                        ": the agent creates the task and its id (ID-001)"
                    } else {
                        ""
                    };
                    format!("it requires {base}{camel}, a member A2A makes optional that the request leaves out{extra}")
                });
            if why.is_none() && send && says_data_url(text) {
                why = h
                    .get("parts")
                    .and_then(Json::as_array)
                    .into_iter()
                    .flatten()
                    .filter_map(|p| p.get("url").and_then(Json::as_str))
                    .find(|u| rfc2397_data_url(u))
                    .map(|u| {
                        format!(
                            "the part url {} is a valid RFC 2397 data URL (media-type parameters such as ;charset= may precede ;base64), and a Part's url may be any URL (DATA-004)",
                            excerpt(u)
                        )
                    });
            }
        }
        // mine43 (a2a-js #338, A2A PR #1306): a 1.0 data part whose data is a JSON array,
        // string, number or boolean, refused in words that name the data or ask for an
        // object: 1.0 Part.data is a google.protobuf.Value, any JSON value (0.3's DataPart
        // data was an object, so 0.x is not judged here).
        if why.is_none() && send && c.dialect == Some(Dialect::V1_0) {
            let said_object = [said, detail]
                .into_iter()
                .flatten()
                .any(says_data_must_be_object);
            if said_object {
                why = holder
                    .and_then(|h| h.get("parts"))
                    .and_then(Json::as_array)
                    .into_iter()
                    .flatten()
                    .enumerate()
                    .find_map(|(i, p)| {
                        let kind = match p.get("data")? {
                            Json::Array(_) => "a JSON array",
                            Json::String(_) => "a JSON string",
                            Json::Number(_) => "a JSON number",
                            Json::Bool(_) => "a JSON boolean",
                            _ => return None,
                        };
                        Some(format!(
                            "the message's data part parts[{i}] holds {kind}, and 1.0 Part.data is a google.protobuf.Value, any JSON value, not only an object (DATA-004; A2A PR #1306 widened 0.3's object-only DataPart data): the part is well-formed, so take it, or answer ContentTypeNotSupportedError (-32005) if the agent cannot use that content"
                        ))
                    });
            }
        }
        // mine29a (Handler PR #112): a ListTasks call (JSON-RPC params or HTTP+JSON query)
        // that leaves pageSize out, refused for its page size: the agent read the absent
        // proto3 field as 0.
        if why.is_none()
            && op == Op::ListTasks
            && list_param(x, c, "pageSize").is_none()
            && list_param(x, c, "page_size").is_none()
            && [said, detail]
                .into_iter()
                .flatten()
                .any(says_page_size_refused)
        {
            why = Some("it refuses the page size, which the request leaves out: an absent pageSize asks for the default page of 50 (a2a.proto ListTasksRequest: optional int32 page_size, \"Defaults to 50 if not specified\"), so the agent read the unset field as 0 instead of checking its presence".to_string());
        }
        if let (None, Some((i, kind, _, false))) = (&why, kind_refused) {
            why = Some(format!(
                "the message's {kind} part (parts[{i}]) is a well-formed A2A part (DATA-004) and the agent refuses it for its kind: a request is not malformed because it carries content the agent does not take; that is ContentTypeNotSupportedError (-32005; on 1.0 HTTP+JSON and gRPC with reason CONTENT_TYPE_NOT_SUPPORTED, ERR-002), which tells the client to resend the content in a form the agent accepts"
            ));
        }
        // mine34: the card's input modes, when they leave the part's media type out, say
        // more than the agent's demand for a text part.
        if let (None, Some((i, kind, _, true)), None) = (&why, kind_refused, &unlisted) {
            why = Some(format!(
                "the message's {kind} part (parts[{i}]) is a well-formed A2A part (DATA-004) and the agent refuses the message for carrying no text part, which a message need not carry (any kind of part may make it up): the request is not malformed; content the agent does not take is ContentTypeNotSupportedError (-32005; on 1.0 HTTP+JSON and gRPC with reason CONTENT_TYPE_NOT_SUPPORTED, ERR-002), which tells the client to resend it in a form the agent accepts, such as a text part"
            ));
        }
        if let (None, Some((at, what))) = (&why, &kind_demanded) {
            why = Some(format!(
                "its words ask for a kind discriminator, and {at} is {what}: the request is well-formed (DATA-004), so read the object by the members it has instead of demanding one the protocol does not define"
            ));
        }
        if let (None, Some(id)) = (&why, uuid_refused) {
            why = Some(format!(
                "the message's messageId {} is not a UUID, and it need not be: messageId is any string the message's creator picks (1.0 proto: \"e.g. UUID\"; 0.3 schema: a string), used to recognise a retried message (ID-007); key the agent's own storage on an id it makes itself",
                excerpt(id)
            ));
        }
        if let (None, Some(i)) = (&why, empty_refused) {
            why = Some(format!(
                "the message's text part parts[{i}] is empty, and an empty text is a well-formed text part (DATA-004: text is a string with no minimum length; the message may carry its meaning in metadata or in other parts): nothing in the request is malformed, so answer it as the agent sees fit (a reply asking for input, or the task in input-required)"
            ));
        }
        if let (None, Some((i, t))) = (&why, &unlisted) {
            why = Some(format!(
                "the message's part parts[{i}] has media type {t}, which none of the agent card's input modes (defaultInputModes, the skills' inputModes) lists: content the agent does not take is ContentTypeNotSupportedError (-32005; on 1.0 HTTP+JSON and gRPC with reason CONTENT_TYPE_NOT_SUPPORTED, ERR-002), not a malformed request"
            ));
        }
        if let (None, Some(name)) = (&why, &private) {
            why = Some(format!(
                "it requires {name}, a member no A2A request of this version defines, which the request leaves out: a client that follows the card sends the A2A request and nothing else (DATA-004), so the agent cannot demand a member of its own; take what the agent needs from the message (its parts, or a data part), from metadata, or from an extension the card declares"
            ));
        }
        let mut ev = vec![x.ev(x.req_ev_seq())];
        if why.is_none() && send {
            let m = params_message(c.params.json());
            let tid = m.and_then(a2a::message_task_id);
            let mctx = m.and_then(a2a::message_context_id);
            if let Some((tid, rec)) = tid.and_then(|t| Some((t, self.task_of(x, t)?))) {
                if let (Some((aseq, axid)), None, Some(ctx), Some((st, _))) =
                    (&rec.announced, &rec.terminal, &rec.context_id, rec.last)
                {
                    if *aseq < x.req_seq && st.is_interrupted() && mctx.is_none_or(|m| m == ctx) {
                        why = Some(format!(
                            "the message continues task {tid} in context {ctx}, the ids the agent's own answer handed out, with the task waiting in {}",
                            x.state_term(st)
                        ));
                        ev.push(Evidence {
                            seq: *aseq,
                            exchange: Some(axid.clone()),
                            pointer: None,
                            found: Some(Value::String(tid.to_string())),
                        });
                    }
                }
            }
        }
        let Some(why) = why else {
            return;
        };
        ev.push(at);
        self.find(
            &r::RPC_VALID_REQUEST_REFUSED,
            format!(
                "agent refused the client's valid {name} with {wire}{}: {why}",
                said.map(|m| format!(" ({})", excerpt(m)))
                    .unwrap_or_default()
            ),
            ev,
            &x.leg,
        );
    }

    /// Whether a finding of a client rule ([`r::judges_client`]: a malformed request the
    /// agent may rightly refuse, DATA-SHAPE-002, RPC-REQ-*, ...) names exchange `x`'s
    /// request. Looks at the newest [`RELAYED_LOOKBACK`] findings only: the request's
    /// findings come just before its answer. For the judgement of an error answer, where
    /// -32602 InvalidParams is wrong only for a request A2A allows (ERR-006).
    fn request_faulted(&self, x: &Exch) -> bool {
        let lo = self.out.len().saturating_sub(RELAYED_LOOKBACK);
        self.out[lo..].iter().any(|f| {
            r::judges_client(&f.rule)
                && f.evidence
                    .iter()
                    .any(|e| e.exchange.as_deref() == Some(&*x.id))
        })
    }

    fn find(
        &mut self,
        rule: &Rule,
        msg: impl Into<String>,
        ev: Vec<Evidence>,
        leg: &Option<String>,
    ) {
        let mut f = Finding::new(rule, msg);
        f.evidence = ev;
        f.leg = leg.clone();
        self.emit(f);
    }

    /// [`State::feed`] for an event the caller gives away: the request's method, URL and
    /// header list, the response's header list and the exchange id move into the exchange
    /// instead of being copied (two `String`s per header pair; docs/performance.md,
    /// "Session 6"). Every other kind is judged as [`State::feed`] judges it.
    /// The live lines that arose since the last call ([`State::live_notes`]).
    /// Notes an event's `seq` in [`SeqGaps`] (native recordings and live runs only: a
    /// transcript's or HAR file's `seq`s are numbered by its reader).
    fn note_seq(&mut self, seq: u64) {
        if !matches!(self.mode, CaptureMode::Har | CaptureMode::Transcript) {
            self.seq_gaps.note(seq);
        }
    }

    pub(super) fn take_live_notes(&mut self) -> Vec<String> {
        std::mem::take(&mut self.live_notes)
    }

    /// A request head as an event of its own, its parts owned ([`State::feed_owned`],
    /// [`State::feed_taken`]): its `seq` noted, counted, its area entered, the exchange
    /// opened ([`State::on_request_head`]); returns the live lines it raised.
    #[inline(always)]
    fn request_head_event(
        &mut self,
        seq_t: (u64, u64),
        leg: Option<String>,
        xid: ExchangeId,
        method: String,
        url: (String, Option<String>),
        headers: Headers,
    ) -> Vec<Finding> {
        self.note_seq(seq_t.0);
        self.events += 1;
        let before = self.out.len();
        self.areas.enter(Some(&xid));
        self.on_request_head(seq_t, leg, xid, method, url, headers);
        self.live_since(before)
    }

    /// A response head as an event of its own, its header list owned (as
    /// [`State::request_head_event`]; [`State::on_response_head`]).
    #[inline(always)]
    fn response_head_event(
        &mut self,
        exchange: Option<&ExchangeId>,
        seq_t: (u64, u64),
        status: u16,
        synthetic: bool,
        headers: Headers,
    ) -> Vec<Finding> {
        self.note_seq(seq_t.0);
        self.events += 1;
        let before = self.out.len();
        self.areas.enter(exchange);
        let xid = exchange.map(|x| &**x).unwrap_or("");
        self.on_response_head(xid, seq_t, status, synthetic, headers);
        self.live_since(before)
    }

    pub(super) fn feed_owned(&mut self, ev: Event) -> Vec<Finding> {
        // Every other kind is judged by reference, the event not rebuilt first (a move of
        // the whole `Event` per line; perfv37).
        if !matches!(
            ev.kind,
            EventKind::RequestHead { .. } | EventKind::ResponseHead { .. }
        ) {
            return self.feed(&ev);
        }
        match ev.kind {
            EventKind::RequestHead {
                conn,
                method,
                url,
                headers,
                upstream,
                ..
            } => {
                // the event's shared id, no copy of its text (perfp36)
                let xid = ev.exchange.unwrap_or_default();
                self.note_conn_exchange(conn, &xid, ev.seq);
                self.request_head_event(
                    (ev.seq, ev.t_us),
                    ev.leg,
                    xid,
                    method,
                    (url, upstream),
                    headers,
                )
            }
            EventKind::ResponseHead {
                status,
                headers,
                synthetic,
                ..
            } => self.response_head_event(
                ev.exchange.as_ref(),
                (ev.seq, ev.t_us),
                status,
                synthetic,
                headers,
            ),
            _ => self.feed(&ev),
        }
    }

    /// [`State::feed_owned`] for an event the caller keeps in place (the pipeline's batch):
    /// the parts the exchange keeps are taken out of `ev` (left empty), the rest is judged
    /// by reference. No move of the whole ~220-byte `Event` (the verifier thread moved each
    /// one three times on its way here; docs/performance.md, "Session 38").
    pub(super) fn feed_taken(&mut self, ev: &mut Event) -> Vec<Finding> {
        match &mut ev.kind {
            EventKind::RequestHead {
                conn,
                method,
                url,
                headers,
                upstream,
                ..
            } => {
                // the event's shared id, no copy of its text (perfp36)
                let xid = ev.exchange.take().unwrap_or_default();
                self.note_conn_exchange(*conn, &xid, ev.seq);
                self.request_head_event(
                    (ev.seq, ev.t_us),
                    ev.leg.take(),
                    xid,
                    std::mem::take(method),
                    (std::mem::take(url), upstream.take()),
                    std::mem::take(headers),
                )
            }
            EventKind::ResponseHead {
                status,
                headers,
                synthetic,
                ..
            } => {
                let (seq_t, status, synthetic) = ((ev.seq, ev.t_us), *status, *synthetic);
                self.response_head_event(
                    ev.exchange.as_ref(),
                    seq_t,
                    status,
                    synthetic,
                    std::mem::take(headers),
                )
            }
            // Every other kind is judged by reference (perfv37).
            _ => self.feed(ev),
        }
    }

    /// A request head opens its exchange (owned parts; [`State::feed`] copies them);
    /// `(seq, t_us)` are its event's, `(url, upstream)` its URL and the URL the proxy
    /// forwarded it to.
    fn on_request_head(
        &mut self,
        (seq, t_us): (u64, u64),
        leg: Option<String>,
        xid: ExchangeId,
        method: String,
        (url, upstream): (String, Option<String>),
        headers: Headers,
    ) {
        // the head's fields read once (perfr35)
        let facts = HeadFacts::of(&headers);
        let named_url = headers
            .prober_target(upstream.as_deref())
            .map(str::to_string);
        let upstream_parts = upstream
            .as_deref()
            .and_then(|u| self.upstream_memo.parse(u));
        self.exchanges_seen += 1;
        let parts = self.url_memo.parse(&url);
        let path = match &parts {
            Some(p) => p.path.clone(),
            None => url.split('?').next().unwrap_or("").to_string(),
        };
        let origin = parts.as_deref().map(UrlParts::origin);
        if method.eq_ignore_ascii_case("POST") {
            if self.recent_posts.len() >= RECENT_POSTS {
                self.recent_posts.pop_front();
            }
            self.recent_posts
                .push_back((seq, webhook_key(&url).into_owned()));
        }
        // A request to a webhook a push config named: the agent called it, whatever the
        // answer (a receiver that is down gets the proxy's 502; newcomer48).
        if !self.push_urls.is_empty() {
            let key = self.delivery_key(&url);
            if self.push_urls.contains_key(&key) {
                self.push_unreached.retain(|(u, _)| *u != key);
                if self.push_reached.len() < MAX_PUSH_URLS {
                    self.push_reached.insert(key);
                }
            }
        }
        if leg.is_some() {
            // a leg after all: client requests are kept for pairing from here on
            self.one_leg = false;
            self.legged_seen = true;
            // an `interop` recording's legs are its two directions and their webhooks, no
            // gateway (review29b: its reports listed a gateway area, and the checks that
            // stand aside for a gateway's own answers did so for the agents')
            // A webhook leg (the agent's push notifications, newcomer48) is no gateway's
            // either: the demo's and `probe`'s reports listed a gateway area.
            if self.driver.as_deref() != Some("interop")
                && !leg
                    .as_deref()
                    .is_some_and(crate::record::event::is_webhook_leg)
            {
                self.areas.insert("gateway");
            }
            if leg.as_deref() == Some("upstream") {
                self.up_req_last = Some(seq);
            }
        }
        let grpc = facts
            .content_type()
            .filter(|ct| grpc::is_grpc_content_type(ct))
            .and_then(|ct| {
                grpc::grpc_route(&path)
                    .filter(|r| r.op.is_some())
                    .or_else(|| grpc::grpc_route_wrong_case(&path))
                    .or_else(|| grpc::grpc_route(&path))
                    // `application/grpc+json`: the messages are ProtoJSON (gRPC's JSON codec)
                    .map(|r| grpc::GrpcRoute {
                        codec: grpc::codec_of(ct),
                        ..r
                    })
            })
            .map(|r| Box::new(GrpcState::new(r)));
        // Built in its box (`Box::default` writes the default in place), then filled: the
        // exchange is ~1 KB, and a struct literal moved into `Box::new` was copied twice
        // (~600 instructions per exchange of `memcpy`).
        let mut x = Box::<Exch>::default();
        x.grpc = grpc;
        x.id = xid.clone();
        x.origin = origin;
        x.leg = leg;
        x.req_seq = seq;
        x.last_seq = seq;
        x.req_t = t_us;
        x.method = method;
        x.url = url;
        x.named_url = named_url;
        x.upstream_parts = upstream_parts;
        x.parts = parts;
        x.path = path;
        x.req_body = BodyAcc::expecting(facts.content_length_text());
        x.req_media = head_media(&headers, facts.content_type());
        x.req_coding = facts.names_coding();
        x.req_headers = headers;
        self.open.insert(xid, x);
    }

    /// A response head: the call is understood (the request is whole by now) and an event
    /// stream gets its decoder (owned header list; [`State::feed`] copies it).
    fn on_response_head(
        &mut self,
        xid: &str,
        (seq, t_us): (u64, u64),
        status: u16,
        synthetic: bool,
        headers: Headers,
    ) {
        // Taken out while the rules borrow the state, put back into its slot (one lookup).
        if let Some((slot, mut x)) = self.open.take(xid) {
            x.last_seq = seq;
            x.status = Some(status);
            x.synthetic = synthetic;
            x.resp_seq = seq;
            x.resp_t = t_us;
            // the head's fields read once (perfr35)
            let facts = HeadFacts::of(&headers);
            x.body = BodyAcc::expecting(facts.content_length_text());
            x.resp_media = head_media(&headers, facts.content_type());
            x.resp_coding = facts.names_coding();
            x.resp_headers = headers;
            self.build_call(&mut x);
            x.other_tenant = self.other_tenant_at_head(&x);
            let grpc_stream = x.grpc.is_some()
                && x.call
                    .as_ref()
                    .is_some_and(|c| c.op.is_some_and(Op::is_streaming));
            if grpc_stream || x.resp_media().as_deref() == Some("text/event-stream") {
                let mut st = StreamState::default();
                if !grpc_stream && x.resp_is_coded() {
                    let ce = body_codings(&x.resp_headers);
                    match crate::model::coding::StreamDecoder::new(ce.as_deref(), SSE_DECODED_CAP) {
                        Ok(d) => st.inflate = d.map(Box::new),
                        Err(e) => {
                            st.coding_fault = Some(format!(
                                "{e} (Content-Encoding: {})",
                                ce.as_deref().unwrap_or("")
                            ))
                        }
                    }
                }
                let judged = st.coding_fault.is_none();
                x.sse = Some(st);
                if !grpc_stream && judged {
                    self.areas.insert("sse");
                }
                if !grpc_stream && call_body_unread(&x) {
                    // An early answer (fix19p P2): the events wait for the whole body.
                    x.sse_held = Some(Vec::new());
                } else {
                    self.stream_call_known(&mut x);
                }
            }
            self.open.put(slot, x);
        }
    }

    /// What a stream takes from its call, once the call is known: the origin streams
    /// (CAP-STREAM-002; breaker17b V3: a gRPC refusal is trailers-only, grpc-status in the
    /// head), and a subscribe stream belongs to the task it names (TASK-004, STREAM-004,
    /// ID-006: events of another task are a mismatch).
    fn stream_call_known(&mut self, x: &mut Exch) {
        let grpc_stream = x.grpc.is_some();
        if x.status == Some(200)
            && !x.synthetic
            && !(grpc_stream && x.resp_headers.get("grpc-status").is_some())
            && x.call.as_ref().is_some_and(|c| {
                !c.webhook
                    && matches!(
                        c.op,
                        Some(Op::SendStreamingMessage) | Some(Op::SubscribeToTask)
                    )
            })
        {
            if let Some(o) = x.origin.as_deref() {
                if !self.streamed_ok.contains(o) {
                    self.streamed_ok.insert(o.to_string());
                }
            }
        }
        let subscribed = x.call.as_ref().and_then(|c| {
            (c.op == Some(Op::SubscribeToTask))
                .then(|| c.task_id().map(str::to_string))
                .flatten()
        });
        if let Some(st) = x.sse.as_mut() {
            if st.task_id.is_none() {
                st.task_id = subscribed;
            }
        }
    }

    /// An event stream held for an early answer's request body ([`Exch::sse_held`]): the
    /// call is read again from the body recorded so far (`rebuild`: it grew since the
    /// response head and is not cut), and the held events are judged in order with their
    /// own seq and time, as they would have been had the body come first; later events
    /// are judged as they come. Live and offline alike (both see the same events).
    fn release_held_stream(&mut self, x: &mut Exch, rebuild: bool) {
        let Some(held) = x.sse_held.take() else {
            return;
        };
        if rebuild {
            self.reread_call(x);
        }
        self.stream_call_known(x);
        for (it, seq, t_us) in held {
            self.on_sse_item(x, it, seq, t_us);
        }
    }

    pub(super) fn feed(&mut self, ev: &Event) -> Vec<Finding> {
        self.note_seq(ev.seq);
        self.events += 1;
        let before = self.out.len();
        let xid: &str = ev.exchange.as_deref().unwrap_or("");
        self.areas.enter(ev.exchange.as_ref());
        match &ev.kind {
            EventKind::RequestHead {
                conn,
                method,
                url,
                headers,
                upstream,
                ..
            } => {
                let xid = ev.exchange.clone().unwrap_or_default();
                self.note_conn_exchange(*conn, &xid, ev.seq);
                self.on_request_head(
                    (ev.seq, ev.t_us),
                    ev.leg.clone(),
                    xid,
                    method.clone(),
                    (url.clone(), upstream.clone()),
                    headers.clone(),
                );
            }
            EventKind::RequestBody { body } => {
                let mut release = false;
                if let Some(x) = self.open.get_mut(xid) {
                    x.last_seq = ev.seq;
                    if x.req_body_seq.is_none() {
                        x.req_body_seq = Some(ev.seq);
                    }
                    x.req_late |= x.status.is_some() && !body.data.is_empty();
                    if x.req_body.len() + body.data.len() <= x.req_body.limit() {
                        x.req_body.push(&body.data);
                    } else {
                        x.truncated = true;
                        x.req_cut = true;
                        x.trunc_by |= TRUNC_BUFFER;
                    }
                    if body.truncated {
                        x.truncated = true;
                        x.req_cut = true;
                        x.trunc_by |= TRUNC_CAP;
                    }
                    // An event stream held for this body: judged once the body is whole.
                    release = x.sse_held.is_some() && (x.truncated || late_body_whole(x));
                }
                if release {
                    if let Some((slot, mut x)) = self.open.take(xid) {
                        let rebuild = !x.truncated;
                        self.release_held_stream(&mut x, rebuild);
                        self.open.put(slot, x);
                    }
                }
            }
            EventKind::ResponseHead {
                status,
                headers,
                synthetic,
                ..
            } => {
                self.on_response_head(xid, (ev.seq, ev.t_us), *status, *synthetic, headers.clone());
            }
            EventKind::ResponseChunk { body } => {
                // AUTH-LEAK-002: an SSE answer's frames are read for tags once a credential
                // was sent (by an earlier head, or this exchange's own)
                let creds_sent = !self.sent_cred_tags.is_empty();
                // One lookup: the slot serves the gRPC test, the update in place and the
                // take-out while SSE events are judged (perfv40).
                let slot = self.open.slot(xid);
                if slot
                    .and_then(|i| self.open.at(i))
                    .is_some_and(|x| x.grpc.is_some())
                {
                    self.on_grpc_chunk(xid, &body.data, body.truncated, ev.seq, ev.t_us);
                } else {
                    // Updated in place; taken out of `open` only while SSE events are judged
                    // (the rules borrow the state and the exchange at once).
                    let items = match slot.and_then(|i| self.open.at_mut(i)) {
                        Some(x) => {
                            x.last_seq = ev.seq;
                            if x.body_seq.is_none() {
                                x.body_seq = Some(ev.seq);
                            }
                            if body.truncated {
                                x.truncated = true;
                                x.resp_cut = true;
                                x.trunc_by |= TRUNC_CAP;
                            }
                            if x.sse.is_some() && !x.truncated {
                                let watch = creds_sent
                                    || *x.head_tagged.get_or_insert_with(|| {
                                        x.req_headers.holds_tagged_placeholder()
                                    });
                                let echo_text = &mut x.echo_text;
                                x.sse
                                    .as_mut()
                                    .map(|s| {
                                        // A coded stream is decoded first (RFC 9110 §8.4).
                                        let decoded;
                                        let data: &[u8] = match s.inflate.as_mut() {
                                            _ if s.coding_fault.is_some() => return Vec::new(),
                                            Some(d) => match d.push(&body.data) {
                                                Ok(b) => {
                                                    decoded = b;
                                                    &decoded
                                                }
                                                Err(e) => {
                                                    s.coding_fault = Some(e.to_string());
                                                    return Vec::new();
                                                }
                                            },
                                            None => &body.data,
                                        };
                                        if s.opening.is_none() {
                                            s.opening = data
                                                .iter()
                                                .find(|b| !b.is_ascii_whitespace())
                                                .copied();
                                        }
                                        if !body.data.is_empty() {
                                            s.last_bytes_t = Some(ev.t_us);
                                        }
                                        if watch
                                            && echo_text.len() + data.len() <= ECHO_TEXT_CAP
                                            && crate::record::redact::holds_tagged_placeholder(data)
                                        {
                                            echo_text.extend_from_slice(data);
                                        }
                                        s.dec.push(data)
                                    })
                                    .unwrap_or_default()
                            } else {
                                if x.body.len() + body.data.len() <= x.body.limit() {
                                    x.body.push(&body.data);
                                } else {
                                    x.truncated = true;
                                    x.resp_cut = true;
                                    x.trunc_by |= TRUNC_BUFFER;
                                }
                                Vec::new()
                            }
                        }
                        None => Vec::new(),
                    };
                    if !items.is_empty() {
                        if let Some((t, mut x)) = slot.and_then(|i| self.open.take_at(i)) {
                            match x.sse_held.as_mut() {
                                // the call is not known yet (an early answer): judged later
                                Some(held) => {
                                    held.extend(items.into_iter().map(|it| (it, ev.seq, ev.t_us)))
                                }
                                None => {
                                    for it in items {
                                        self.on_sse_item(&mut x, it, ev.seq, ev.t_us);
                                    }
                                }
                            }
                            self.open.put(t, x);
                        }
                    }
                }
            }
            EventKind::CardRewriteSkipped { reason } => {
                if let Some(x) = self.open.get_mut(xid) {
                    x.last_seq = ev.seq;
                    x.card_rewrite_skipped = Some(reason.clone());
                }
            }
            EventKind::CardRewrite { body, pointers } => {
                if let Some(x) = self.open.get_mut(xid) {
                    x.last_seq = ev.seq;
                    // A cut body cannot be judged (the agent's card is judged instead), but
                    // the rewrite still happened: CARD-URL-005 stays silent.
                    let usable = !body.truncated && body.data.len() <= BODY_CAP;
                    x.card_rewrite = Some(CardRewriteRec {
                        body: if usable {
                            body.data.to_vec()
                        } else {
                            Vec::new()
                        },
                        seq: ev.seq,
                        pointers: pointers.clone(),
                    });
                }
            }
            EventKind::ExchangeEnd {
                outcome,
                truncated,
                error,
                trailers,
                request_bytes,
                response_bytes,
                resent,
                connect_failure,
                ..
            } => {
                // HTTP-FRAME-003: the proxy's server refused the request as malformed after
                // its head was forwarded (an h2 stream reset with PROTOCOL_ERROR).
                if *outcome == Outcome::Refused {
                    let leg = self.open.get(xid).and_then(|x| x.leg.clone());
                    self.find(
                        &r::HTTP_REQUEST_REFUSED,
                        format!(
                            "the proxy refused the client's request: {}",
                            error.as_deref().unwrap_or("malformed request")
                        ),
                        vec![Evidence::event(ev.seq, xid.to_string())],
                        &leg,
                    );
                }
                if let Some(mut x) = self.open.remove(xid) {
                    x.resp_bytes = *response_bytes;
                    x.req_bytes = *request_bytes;
                    x.truncated |= *truncated;
                    // A stream still held for an early answer's body (fix19p P2): the body
                    // is as whole as it gets.
                    let rebuild = x.req_late && !x.truncated;
                    self.release_held_stream(&mut x, rebuild);
                    if let Some(t) = trailers {
                        x.trailers = t.clone();
                    }
                    x.end_error = error.clone();
                    x.resent.clone_from(resent);
                    x.connect_failure = *connect_failure;
                    // a driver run's call refused: the agent has died, and a call it
                    // closed unanswered before raced that death (open47)
                    if self.driver.is_some()
                        && *connect_failure == Some(ConnectFailure::Refused)
                        && !self.driver_held.is_empty()
                    {
                        self.driver_held.retain(|(o, _)| *o != x.origin);
                    }
                    x.ended = true;
                    x.outcome = Some(*outcome);
                    x.end_seq = ev.seq;
                    x.end_t = ev.t_us;
                    self.last_end_t = self.last_end_t.max(ev.t_us);
                    // An early answer (breaker18 item 1): the call read at the response head
                    // lacked the request body that came after it; a stream's events were
                    // already judged against that call, so it stays.
                    if x.call.is_none() {
                        self.build_call(&mut x);
                    } else if x.req_late && x.sse.is_none() && x.grpc.is_none() && !x.truncated {
                        self.reread_call(&mut x);
                    }
                    if x.leg.is_none() && !self.one_leg && self.done_paths.contains_key(xid) {
                        let at = if x.status.is_some() {
                            x.resp_seq
                        } else {
                            ev.seq
                        };
                        self.client_answered_at.insert(x.id.clone(), at);
                    }
                    // `xid` is `x.id` (its key in `open`): no copy of it outlives `x`
                    let outcome = *outcome;
                    self.remember_answer(&x);
                    let legged = x.leg.is_some();
                    if x.leg.is_none() && self.legged_seen {
                        let waits = self.legged_twins_open(&x);
                        if !waits.is_empty() {
                            self.hold_client_end(x, outcome, waits);
                            return self.live_since(before);
                        }
                    }
                    // (held client-leg ends it settles are judged in their own areas)
                    let held = legged && !self.held_client_ends.is_empty();
                    self.end_settled(x, outcome);
                    if held {
                        self.areas.enter(ev.exchange.as_ref());
                    }
                }
            }
            EventKind::ResponseExcess { bytes, .. } => {
                // HTTP-FRAME-006 (open46): judged at the exchange's end; bytes that came
                // after it ended (`late`) are judged here, against what was kept of it
                match self.open.get_mut(xid) {
                    Some(x) => {
                        x.last_seq = ev.seq;
                        x.excess = x.excess.saturating_add(*bytes);
                        x.excess_seq = ev.seq;
                    }
                    None => self.late_excess(xid, *bytes, ev.seq),
                }
            }
            EventKind::ConnOpen { conn, peer, .. } => {
                let lo = peer
                    .parse::<std::net::SocketAddr>()
                    .is_ok_and(|a| a.ip().is_loopback());
                self.clients_loopback = Some(self.clients_loopback.unwrap_or(true) && lo);
                if self.conn_order.len() >= CONN_PEERS {
                    if let Some(old) = self.conn_order.pop_front() {
                        self.conn_peers.remove(&old);
                        self.conn_last.remove(&old);
                    }
                }
                self.conn_order.push_back(*conn);
                self.conn_peers.insert(*conn, peer.clone());
            }
            EventKind::RequestRefused {
                conn,
                status,
                error,
            } => {
                // HTTP-FRAME-003: a request the proxy's server refused before forwarding it
                // (no request_head: hyper answered or closed the connection itself).
                let answered = status
                    .map(|s| format!(" and answered {s}"))
                    .unwrap_or_default();
                let on = conn
                    .map(|c| match self.conn_peers.get(&c) {
                        Some(peer) => format!(" on connection {c} (client {peer})"),
                        None => format!(" on connection {c}"),
                    })
                    .unwrap_or_default();
                let mut evidence = vec![Evidence {
                    seq: ev.seq,
                    exchange: None,
                    pointer: None,
                    found: None,
                }];
                // Unparseable bytes (400) right after a request on the same connection: most
                // often that request's body ran past its Content-Length, and its rest was
                // read as a request of its own (RFC 9112 §6.3, §9.3; a length counted in
                // characters on non-ASCII text). That request is named as the likely cause.
                let after = match (status, conn.and_then(|c| self.conn_last.get(&c))) {
                    (Some(400), Some((x, seq))) => {
                        evidence.push(Evidence {
                            seq: *seq,
                            exchange: Some(x.to_string()),
                            pointer: None,
                            found: None,
                        });
                        format!(
                            "; it came after {x} on the same connection: when a request's body is longer than its Content-Length (a length counted in characters, not UTF-8 bytes, for one), the bytes past it are read as the next request (RFC 9112 §6.3), so check {x}'s Content-Length against its body"
                        )
                    }
                    _ => String::new(),
                };
                // attack56: the proxy's HTTP/2 rapid-reset check closed the connection; its
                // streams had been forwarded, so not "without forwarding it"
                let what = if error.starts_with(crate::record::event::RAPID_RESET_REFUSAL_HEAD) {
                    format!("the proxy closed a client's HTTP/2 connection{on}")
                } else {
                    format!(
                        "the proxy refused a client request{on}{answered} without forwarding it"
                    )
                };
                self.find(
                    &r::HTTP_REQUEST_REFUSED,
                    format!("{what}: {error}{after}"),
                    evidence,
                    &ev.leg,
                );
            }
            EventKind::Gap { .. } => {
                let ids: Vec<ExchangeId> = self.open.keys().cloned().collect();
                for id in ids {
                    if let Some(x) = self.open.get_mut(&id) {
                        x.truncated = true;
                        x.trunc_by |= TRUNC_DROPPED;
                    }
                }
            }
            // trailers, attribution, a live finding: still events of their exchange
            _ if !xid.is_empty() => {
                if let Some(x) = self.open.get_mut(xid) {
                    x.last_seq = ev.seq;
                }
            }
            _ => {}
        }
        self.live_since(before)
    }

    /// Notes exchange `xid` (its `request_head` at `seq`) as the last one of connection
    /// `conn` ([`State::conn_last`]), for a connection whose `conn_open` was seen.
    fn note_conn_exchange(&mut self, conn: Option<u64>, xid: &ExchangeId, seq: u64) {
        if let Some(c) = conn.filter(|c| self.conn_peers.contains_key(c)) {
            self.conn_last.insert(c, (xid.clone(), seq));
        }
    }

    /// A line of the recording could not be read and was skipped (`verify
    /// --skip-bad-lines`): every exchange open at that point may have lost an event there
    /// (a response body, a stream chunk, its end), so its verdict is incomplete, as after a
    /// recorder `gap`, rather than judged on what is left (an answer read as empty).
    pub(super) fn line_skipped(&mut self) {
        for x in self.open.values_mut() {
            x.truncated = true;
            x.trunc_by |= TRUNC_SKIPPED;
        }
    }

    /// Events were not fed (the online verifier fell behind: issue 7, mem43): the
    /// exchanges open now are judged as incomplete ([`TRUNC_BEHIND`]), and those whose
    /// request head was among the skipped events (`started`) are listed as not judged
    /// ([`NOT_FED`]); their later events find no open exchange and are passed over.
    pub(super) fn events_not_fed(&mut self, started: Vec<String>) {
        for x in self.open.values_mut() {
            x.truncated = true;
            x.trunc_by |= TRUNC_BEHIND;
        }
        for id in started {
            self.incomplete.push((id, NOT_FED.to_string()));
        }
    }

    pub(super) fn finish(mut self) -> VerifyOutcome {
        // client-leg ends still waiting for a legged exchange that never ended, and the
        // findings held for pairs
        self.settle_held(true, true);
        // what is judged at the end belongs to no one exchange
        self.areas.enter(None);
        // GW-REQ-003 held for an agent answer that never came: told as held.
        // (held for the pair's relay-or-own decision, flushed below)
        for (_, held) in std::mem::take(&mut self.gw_ctx_added) {
            self.areas.insert("interop");
            self.hold_ctx_added(held);
        }
        // A REST-ERROR-001 on a problem+json status still held back: told now.
        self.flush_problem_status(None);
        // GW-RESP-006 of a driver's calls no later refusal showed to be the agent's death
        for (_, f) in std::mem::take(&mut self.driver_held) {
            self.emit(f);
        }
        // AUTH-SCHEME-004: refusals for missing credentials the client never answered.
        self.flush_missing_creds();
        // ID-TASK-006 on an agent's own leg: ids another agent handed out later.
        self.flush_foreign_task_held();
        // TASK-STATE-008 / TASK-STATE-015 that no later read of the task settled.
        self.flush_interrupted_refusals();
        // Client-leg stream shapes whose legs were never compared: told as they are.
        self.flush_held_shapes(true);
        // Findings held for a pair since (GW-REQ-003 above, ID-TASK-006 of held foreign
        // task ids): judged on what is known now.
        self.settle_held(false, true);
        // HTTP-FRAME-002 of task streams reset and never resumed: told now (in the order
        // the streams were cut).
        let mut frames: Vec<Finding> = self
            .reset_cuts
            .values_mut()
            .filter_map(|h| h.frame.take())
            .collect();
        frames.sort_by_key(|f| f.evidence.first().map(|e| e.seq));
        for f in frames {
            self.emit(f);
        }
        // Client-leg streams cut while their upstream twin was still open: judged now.
        for h in std::mem::take(&mut self.held_ends) {
            match self.open.take(h.up.as_str()) {
                Some((slot, up)) => {
                    self.resolve_held_end(h, &up);
                    self.open.put(slot, up);
                }
                None => {
                    let msg = h.msg + &stream_end_0x_words(h.dialect);
                    self.find(no_terminal_rule(h.dialect), msg, h.ev, &None)
                }
            }
        }
        // Exchanges that never ended: judge what is certain, mark them incomplete.
        let mut ids: Vec<ExchangeId> = self.open.keys().cloned().collect();
        ids.sort();
        for id in ids {
            if let Some(mut x) = self.open.remove(&id) {
                let rebuild = x.req_late && !x.truncated;
                self.release_held_stream(&mut x, rebuild);
                self.baseless_appends(&mut x);
                // a seq missing after its last event: its end line was deleted or lost
                // (the file's seq note says so), not an agent that never answered
                // (newcomer24 N10)
                let why = match self.seq_gaps.missing_after(x.last_seq) {
                    Some(_) => NO_END_LINE,
                    None => NEVER_ENDED,
                };
                self.incomplete.push((str::to_string(&x.id), why.into()));
            }
        }
        self.flush_tls_on_plain();
        self.terminal_never_pushed();
        self.preferred_interface_skipped();
        self.card_not_served();
        self.upstream_bind_all_unseen();
        // ID-TASK-010: generic errors to never-seen task ids no TaskNotFoundError paired.
        self.flush_unknown_task_internal_errs();
        // TASK-003: a cancel that returned success but the task never reached canceled.
        let mut cancels: Vec<(String, u64, String)> = std::mem::take(&mut self.pending_cancels)
            .into_iter()
            .flat_map(|(task, v)| {
                v.into_iter()
                    .map(move |(seq, xid)| (task.clone(), seq, xid))
            })
            .collect();
        cancels.sort_by_key(|c| c.1);
        for (task, seq, xid) in cancels {
            let done = self
                .tasks
                .get(&task)
                .is_some_and(|t| t.canceled_seen || t.terminal.is_some());
            if !done {
                let mut ev = vec![Evidence::event(seq, xid)];
                // A later read that still showed the task live proves the cancel was a
                // no-op (a2a-python #1170), not a cancellation still under way.
                let later = self
                    .tasks
                    .get(&task)
                    .and_then(|t| t.read_after_cancel.clone())
                    .filter(|r| r.0 > seq);
                let id = task.rsplit('\u{0}').next().unwrap_or(&task);
                // TASK-003 "result = updated Task": the wire proves the agent acknowledged
                // a cancel it never applied (TASK-STATE-012, an error); without such a
                // read the cancel may still be winding down (TASK-STATE-004, a warning).
                match later {
                    Some((rseq, rxid, ptr, term)) => {
                        ev.push(Evidence {
                            seq: rseq,
                            exchange: Some(rxid),
                            pointer: Some(ptr),
                            found: Some(Value::String(term.to_string())),
                        });
                        self.find(
                            &r::TASK_CANCEL_NO_EFFECT,
                            format!(
                                "agent answered the cancel of task {id} with success, but a later read of the task (requested after that answer) still showed it in {term}: the cancel it acknowledged changed nothing; cancel the task and answer the updated Task in its canceled state, or answer TaskNotCancelableError (-32002)"
                            ),
                            ev,
                            &None,
                        );
                    }
                    None => self.find(
                        &r::TASK_CANCEL_INEFFECTIVE,
                        format!(
                            "cancel of task {id} returned success but the task never reached canceled"
                        ),
                        ev,
                        &None,
                    ),
                }
            }
        }
        // A call that got only an intermediary's error exercised nothing of its area.
        for a in self.areas_unanswered.difference(&self.areas_answered) {
            self.areas.remove(a);
        }
        // ... but it did show an intermediary's answer (GW-RESP-003). Inserted only now:
        // during the run `gateway` means that an upstream leg is recorded.
        // Not a `probe` or `interop` run's: the intermediary was the run's own recording
        // proxy (its 502 for an agent URL that refused), no gateway of the user's
        // (review29b: an interop of an agent whose card URL refused listed `gateway`).
        if !self.areas_unanswered.is_empty() && self.driver.is_none() {
            self.areas.insert("gateway");
        }
        // RPC-REQ-002: bare payloads posted where the agent speaks JSON-RPC, no card saying so.
        self.flush_bare_pending();
        // CARD-URL-001: a repeated segment no successful call proved real.
        for (url, msg, ev, leg) in std::mem::take(&mut self.pending_doubled) {
            if !self.served_urls.contains(&url) {
                self.find(&r::CARD_URL_DOUBLED_PATH, msg, ev, &leg);
            }
        }
        // CARD-URL-008: a plain-http interface of an https card that CARD-URL-002 did
        // not report failing when used (that finding took it over).
        // ... unless AUTH-TLS-004 already told the same card value (one plain-http URL of
        // an https card is one fault, reported once).
        for (_, msg, ev, leg) in std::mem::take(&mut self.pending_plain) {
            let at = ev.first().map(|e| (e.seq, e.pointer.clone()));
            let told = self.out.iter().any(|f| {
                f.rule == r::TLS_CARD_DOWNGRADE.id
                    && f.evidence.first().map(|e| (e.seq, e.pointer.clone())) == at
            });
            if !told {
                self.find(&r::CARD_URL_PLAIN_HTTP, msg, ev, &leg);
            }
        }
        // PUSH-BODY-003 held while a send was in flight: told unless a config of the
        // webhook was bound to the task later (an inline config whose answer came after
        // the first delivery).
        for (key, task, msg, ev, leg) in std::mem::take(&mut self.pending_unknown_push) {
            let bound = self
                .push_secrets
                .get(&key)
                .is_some_and(|l| l.iter().any(|s| s.task.as_deref() == Some(task.as_str())));
            if !bound {
                self.find(&r::PUSH_UNKNOWN_TASK, msg, ev, &leg);
            }
        }
        // A finding held for a pair by a judgement made after the settle above (the
        // exchanges that never ended, held stream ends): judged too, none is lost.
        self.settle_held(false, true);
        // TASK-STATE-002 (breaker17b V11): the root cause names what was folded into it.
        for (t, n) in std::mem::take(&mut self.reused_tasks) {
            if n == 0 {
                continue;
            }
            let head = format!("with task {t}, an id it had already handed out");
            let what = if n == 1 { "finding" } else { "findings" };
            let fold = format!(
                " (folded here: {n} {what} about task {t} that follow from the reuse: changed contextId, state regressions, missing artifacts, history messages naming the SDK's own task id)"
            );
            // Every occurrence gets the same text, so that they group as one finding.
            for f in self
                .out
                .iter_mut()
                .filter(|f| f.rule == r::TASK_MESSAGE_TO_TERMINAL.id && f.message.contains(&head))
            {
                f.message.push_str(&fold);
            }
        }
        let mut findings = self.out;
        if !self.gw_pairs.is_empty() {
            fold_relayed(&mut findings, &self.gw_pairs, &self.gw_ids);
        }
        gateway_own_mix(&mut findings);
        findings.sort_by_key(|f| f.first_seq());
        VerifyOutcome {
            findings,
            dialects: self.dialects.iter().map(|s| s.to_string()).collect(),
            bindings: self
                .bindings
                .iter()
                .map(|(&(version, binding), &exchanges)| super::BindingUse {
                    version: version.to_string(),
                    binding: binding.to_string(),
                    exchanges,
                })
                .collect(),
            leg_bindings: {
                let mut legs: Vec<super::LegBindings> = Vec::new();
                for ((leg, version, binding), &exchanges) in &self.leg_bindings {
                    let u = super::BindingUse {
                        version: version.to_string(),
                        binding: binding.to_string(),
                        exchanges,
                    };
                    match legs.iter_mut().find(|l| l.leg == *leg) {
                        Some(l) => l.bindings.push(u),
                        None => legs.push(super::LegBindings {
                            leg: leg.clone(),
                            bindings: vec![u],
                        }),
                    }
                }
                // the client-facing hop first, then the named legs by name
                legs.sort_by(|a, b| (a.leg != "client", &a.leg).cmp(&(b.leg != "client", &b.leg)));
                if legs.len() < 2 {
                    legs.clear();
                }
                legs
            },
            events: self.events,
            exchanges: self.exchanges_seen,
            areas_exercised: self.areas.iter().map(|s| s.to_string()).collect(),
            area_exchanges: self.areas.take_exchanges(),
            incomplete: self.incomplete,
            incomplete_not_kept: self.incomplete_shed,
            findings_not_kept: self
                .shed
                .into_iter()
                .map(|((rule, severity), count)| super::NotKept {
                    rule,
                    severity,
                    count,
                })
                .collect(),
            open_at_end: self.open_at_end,
            push_unreached: self.push_unreached,
            exchange_dialects: self
                .exchange_dialects
                .into_iter()
                .map(|(x, d)| (x, d.to_string()))
                .collect(),
            gateway_ids: {
                let mut ids: Vec<(String, String)> = self.gw_ids.into_iter().collect();
                ids.sort();
                ids
            },
        }
    }

    /// Exchange `x` ended `open` with its answer unfinished (a stream, or a body still
    /// arriving: a proxy stopped mid-call, a transcript's `close: timeout`): listed as not
    /// judged for `why`, and the first [`OPEN_AT_END_KEPT`] named with their request and how
    /// long they were open ([`super::OpenAtEnd`], the proxy's stop summary).
    /// Whether an exchange whose request came before `req_seq` (a request event's `seq`)
    /// ended not judged, its answer unread ([`State::first_unjudged_req`]): a task id it
    /// handed out is unknown to the verifier (ux41).
    pub(super) fn unjudged_before(&self, req_seq: u64) -> bool {
        self.first_unjudged_req.is_some_and(|s| s < req_seq)
    }

    fn open_at_end(&mut self, x: &Exch, why: String) {
        if self.open_at_end.len() < OPEN_AT_END_KEPT {
            self.open_at_end.push(super::OpenAtEnd {
                exchange: str::to_string(&x.id),
                method: x.method.clone(),
                path: x.path.clone(),
                operation: x.call.as_ref().and_then(|c| c.method_name()),
                open_us: x.end_t.saturating_sub(x.req_t),
                reason: why.clone(),
            });
        }
        self.incomplete.push((str::to_string(&x.id), why));
    }

    // ------------------------------------------------------------------ request side

    /// [`State::build_call`] again for an exchange whose request body grew after its call
    /// was first read (an early answer): the request's findings the first reading told are
    /// told once, in the second reading's words (lead49: a 0.3-headed HTTP+JSON call drew
    /// VER-MIX-002 twice, from the route at the head and again with its body).
    fn reread_call(&mut self, x: &mut Exch) {
        self.rereading = Some(x.id.clone());
        self.build_call(x);
        self.rereading = None;
    }

    fn build_call(&mut self, x: &mut Exch) {
        let mut c = Call {
            header_version: x
                .req_headers
                .get("a2a-version")
                .map(|s| s.trim().to_string())
                .filter(|s| !s.is_empty())
                .or_else(|| query_param(&x.url, "A2A-Version")),
            ..Default::default()
        };
        if c.header_version.is_some() {
            self.areas.insert("version");
        }
        if x.grpc.is_some() {
            self.build_grpc_call(x, c);
            return;
        }
        let body = x.req_decoded();
        let is_post = x.method.eq_ignore_ascii_case("POST");
        // Webhook delivery: POST to a URL registered as a push config (or another method
        // with a body: judged as a delivery, PUSH-DELIV-001). A GET counts only with a JSON
        // object body (breaker39 P16: a payload sent by GET, whose body RFC 9110 §9.3.1
        // gives no meaning); a bare GET is a receiver's liveness or validation check.
        // open49 item 5: a delivery while the send that configured it inline is still
        // open (the a2a-sdk delivers before a blocking send's answer head): that config is
        // registered now, so the delivery is judged as one
        // (cheap tests first: a JSON-RPC request is no delivery; the scan of the open
        // exchanges reads bodies only of sends that name a push config and this URL)
        if is_post
            && self.open.len() > 0
            && body
                .as_deref()
                .is_some_and(|b| !b.is_empty() && !Q_JSONRPC.in_(b))
            && !self.push_urls.contains_key(&self.delivery_key(&x.url))
        {
            self.register_inline_push_of_open_sends(x);
        }
        if (is_post
            || body.as_deref().is_some_and(|b| {
                let b = trim_ascii(b);
                !b.is_empty() && (x.method != "GET" || b.first() == Some(&b'{'))
            }))
            && !self.push_urls.is_empty()
            && self.push_urls.contains_key(&self.delivery_key(&x.url))
        {
            // whose config it answers, when several legs registered the webhook (read
            // before the call is stored: `body` borrows the exchange)
            let owner = self.delivery_owner(x, &self.delivery_key(&x.url), body.as_deref());
            c.webhook = true;
            c.dialect = self
                .push_urls
                .get(&self.delivery_key(&x.url))
                .and_then(|p| p.0);
            if c.dialect.is_none() && x.req_media().as_deref() == Some("application/a2a+json") {
                c.dialect = Some(Dialect::V1_0);
            }
            x.call = Some(Arc::new(c));
            x.scope = self.agent_scope(x);
            x.task_leg = self
                .push_url_scope
                .get(&self.delivery_key(&x.url))
                .map(|(_, leg)| leg.clone());
            if let Some((scope, leg)) = owner {
                x.scope = scope;
                x.task_leg = Some(leg);
            }
            self.areas.insert("push");
            return;
        }
        if x.leg
            .as_deref()
            .is_some_and(crate::record::event::is_webhook_leg)
            && body.as_deref().is_some_and(|b| !trim_ascii(b).is_empty())
        {
            self.webhook_leg_stray = true;
        }
        let mut route = rest_route(&x.method, &x.path);
        // breaker31 R07/R23: `POST /tasks/{id}` and `POST /tasks` are judged as GetTask and
        // ListTasks under a wrong verb, unless the body is a task or a stream event: then
        // it is a push delivery to a receiver at such a path whose config the recording
        // does not hold, no call of the agent's (parsed only for such a request).
        if route
            .as_ref()
            .is_some_and(|r| matches!(r.op, Op::GetTask | Op::ListTasks))
            && !x.method.eq_ignore_ascii_case("GET")
            && body.as_deref().is_some_and(looks_like_notification)
        {
            route = None;
        }
        // REST-001 / RFC 3986 §6.2.2.1: a route in other letter case (`/Message:send`) is no
        // route; a call an agent served is judged as the operation it resembles, one it
        // refused (404, 405, ...) is no call of that operation (REST-ROUTE-001/002).
        let mut wrong_case_path = None;
        if route.is_none() {
            if let Some((rt, canon)) = a2a::rest_route_wrong_case(&x.method, &x.path) {
                if self.rest_wrong_case_judged(x, &rt) {
                    let sent = x.path.split('?').next().unwrap_or(&x.path).to_string();
                    wrong_case_path = Some((sent, canon));
                    self.areas.insert("rest");
                    if x.is_success() {
                        route = Some(rt);
                    }
                }
            }
        }
        // REST-001 (breaker19a Y2): a path that resembles a route but is none in any case
        // (`/tasks/t1/cancel`, `/tasks/t1:resubscribe`): judged like a wrong-case route.
        if route.is_none() && wrong_case_path.is_none() {
            if let Some((what, instead)) = a2a::rest_route_slip(&x.method, &x.path) {
                if self.a2a_rest_request(x) {
                    let sent = x.path.split('?').next().unwrap_or(&x.path).to_string();
                    c.route_slip = Some((sent, what, instead));
                    self.areas.insert("rest");
                }
            }
        }
        // DATA-PARAM-003 (a2a-java #1012, mine57b f1282): a task route whose task or config
        // id segment is blank. The DELETE on `.../pushNotificationConfigs/` is the Delete
        // it means with no config id, not the list route's wrong verb (REST-VERB-001);
        // the GET stays the list route a lenient router may serve (judged at the answer).
        if wrong_case_path.is_none() && c.route_slip.is_none() {
            if let Some((op, which)) = a2a::rest_route_blank_id(&x.method, &x.path) {
                let list_route = route.as_ref().is_some_and(|r| r.op == Op::ListPushConfigs);
                if (route.is_none() || list_route) && self.a2a_rest_request(x) {
                    let sent = x.path.split('?').next().unwrap_or(&x.path).to_string();
                    c.blank_route_id = Some((sent, op, which));
                    self.areas.insert("rest");
                    if x.method.eq_ignore_ascii_case("DELETE") {
                        route = None;
                    }
                }
            }
        }
        let route_like = route.is_some()
            || wrong_case_path.is_some()
            || c.route_slip.is_some()
            || c.blank_route_id.is_some();
        c.wrong_case_path = wrong_case_path;
        if is_post && !route_like {
            if let Some(mut calls) = body.as_deref().and_then(|b| self.batch_calls(x, b)) {
                // JSON-RPC 2.0 §6 batch (breaker9d D6): judged at the response, per call.
                // Each call takes the dialect a call of its method sent alone would: its
                // method's, refined by the origin's 0.1 calls and the card's 0.2 (open45:
                // a 0.2 card's batch of message/send was judged as 0.3).
                for k in &mut calls {
                    self.refine_jsonrpc_dialect(x, k);
                }
                let batch_dialect = calls.iter().find_map(|k| k.dialect);
                if batch_dialect.is_some() {
                    c.dialect = batch_dialect;
                }
                c.binding = Some(Binding::JsonRpc);
                c.batch = Some(Arc::new(calls));
                self.areas.insert("jsonrpc");
                if let Some(b) = body.as_deref() {
                    self.batch_request_checks(x, b);
                }
                if let Some(d) = batch_dialect {
                    self.count_call(x, d, Binding::JsonRpc);
                }
                x.call = Some(Arc::new(c));
                x.scope = self.agent_scope(x);
                return;
            }
        }
        let looks_rpc = is_post
            && body.as_deref().is_some_and(|b| {
                let t = trim_ascii(b);
                // Most calls open with `"jsonrpc"`: no search through the body for those.
                // On an HTTP+JSON route only `"jsonrpc"` makes a body JSON-RPC: a REST body
                // that also names a `method` (agent-starter-pack #602: {"transport",
                // "method", "message"} posted to /v1/message:send) is the route's call with
                // stray members, judged as that route's request (field f396).
                // (the two searchers built once: building one per call cost ~450
                // instructions, more than the search of a short body; perfj34)
                static JSONRPC_NAME: std::sync::LazyLock<memchr::memmem::Finder<'static>> =
                    std::sync::LazyLock::new(|| memchr::memmem::Finder::new(b"\"jsonrpc\""));
                static METHOD_NAME: std::sync::LazyLock<memchr::memmem::Finder<'static>> =
                    std::sync::LazyLock::new(|| memchr::memmem::Finder::new(b"\"method\""));
                t.starts_with(b"{")
                    && (trim_ascii(&t[1..]).starts_with(b"\"jsonrpc\"")
                        || JSONRPC_NAME.find(t).is_some()
                        || (!route_like && METHOD_NAME.find(t).is_some())
                        // mine34 (a2a-tck #216): a Python dict's repr of a JSON-RPC
                        // request (str(payload)), single-quoted: no JSON, but JSON-RPC
                        // meant, so told as the client's body that is not JSON.
                        || (single_quoted_object(t) && contains(t, b"'jsonrpc'")))
            });
        if looks_rpc || (is_post && !route_like && !body.as_deref().unwrap_or(b"").is_empty()) {
            crate::model::json::take_conflicting_duplicate();
            // read in place: the params tree borrows the body's bytes (issue 7)
            let (mut parsed, mut params) = parse_request_shared(x.req_shared(body.as_deref()));
            let duplicate = crate::model::json::take_conflicting_duplicate();
            if self.push_forgotten
                && route.is_none()
                && !matches!(parsed, RequestParse::Request { .. })
            {
                // Maybe a push delivery to a registration forgotten to bound memory: not
                // judged as a JSON-RPC call (it would be judged on state we no longer have).
                self.incomplete.push((
                    str::to_string(&x.id),
                    "POST that may be a push delivery to a forgotten registration: not judged"
                        .into(),
                ));
                x.call = Some(Arc::new(c));
                x.scope = self.agent_scope(x);
                return;
            }
            match &mut parsed {
                RequestParse::Request { method, id, .. } => {
                    c.binding = Some(Binding::JsonRpc);
                    c.method = Some(method.clone());
                    c.rpc_id = id.clone();
                    // `c.rpc` is read for its kind and id only: the params move, no copy.
                    c.params = std::mem::take(&mut params);
                    // `"params": null` reads as no params; told apart only when the body
                    // names params at all (rare: a second parse then).
                    if c.params.is_null() && body.as_deref().is_some_and(|b| Q_PARAMS.in_(b)) {
                        c.params_null = body
                            .as_deref()
                            .and_then(|b| Json::parse(b).ok())
                            .is_some_and(|v| v.get("params").is_some_and(Json::is_null));
                    }
                    if let Some((op, d)) = method_op(method) {
                        c.op = Some(op);
                        c.dialect = Some(d);
                    } else if let Some((op, d, name)) = a2a::method_op_wrong_case(method) {
                        // RPC-003 (breaker10 E18): judged as the operation it evidently is,
                        // so its other faults are not lost; the name is judged at the answer.
                        c.op = Some(op);
                        c.dialect = Some(d);
                        c.misnamed = Some(name);
                    } else if let Some((op, d, name)) = a2a::method_op_namespace_number(method) {
                        // RPC-003 (mine37 f858): `task/get` for `tasks/get`, judged as the
                        // operation it evidently is; the name is judged at the answer.
                        c.op = Some(op);
                        c.dialect = Some(d);
                        c.misnamed = Some(name);
                    } else if let Some((op, name)) = grpc03_method_alias(method) {
                        // RPC-003 (breaker18a W9): a 0.3 gRPC method name that 1.0 renamed,
                        // called over JSON-RPC: judged as the 1.0 operation it names.
                        // The generation the client declared (VER-003: none is 0.3).
                        c.op = Some(op);
                        c.dialect = Some(
                            match c.header_version.as_deref().and_then(Dialect::from_version) {
                                Some(Dialect::V1_0) => Dialect::V1_0,
                                _ => Dialect::V0_3,
                            },
                        );
                        c.misnamed = Some(name);
                    } else if let Some(op) = grpc_qualified_method(method) {
                        // RPC-003 (breaker39 N01): a gRPC method path as the JSON-RPC
                        // method, judged as the operation it names in the generation the
                        // client declared (VER-003: none is 0.3).
                        let d = c
                            .header_version
                            .as_deref()
                            .and_then(Dialect::from_version)
                            .unwrap_or(Dialect::V0_3);
                        if let Some(name) = a2a::op_method(op, d) {
                            c.op = Some(op);
                            c.dialect = Some(d);
                            c.misnamed = Some(name);
                        }
                    }
                }
                RequestParse::NotJson | RequestParse::Invalid | RequestParse::BeyondParser(_) => {
                    if let RequestParse::BeyondParser(limit) = parsed {
                        // RFC 8259 §9, §6 (breaker38): valid JSON perhaps, beyond what the
                        // parser reads: the call is unknown, so its answer is not judged.
                        self.beyond_parser(x, "request body", limit);
                    }
                    // JSON-RPC only if the request looked like JSON-RPC or the content
                    // type says JSON (decided at the response: a JSON-RPC answer). Plain
                    // JSON to a URL no card or answer names (left38): unknown, whatever the
                    // content type, and a `"method"` nested below the top level is no call.
                    let plain = matches!(parsed, RequestParse::Invalid)
                        && self.plain_json_unseen(x, body.as_deref());
                    c.plain_json = plain;
                    if !plain
                        && (looks_rpc
                            || (x.req_media().as_deref() == Some("application/json")
                                && !self.route_beside_card_interfaces(x, body.as_deref())))
                    {
                        c.binding = Some(Binding::JsonRpc);
                    }
                }
            }
            if let (RequestParse::Request { method, id, .. }, Some(d)) = (&parsed, &duplicate) {
                // the envelope's id (the one kept is the last), not a nested member `id`
                c.rpc_id_ambiguous = d.name == "id"
                    && id.as_ref().is_some_and(|i| {
                        serde_json::to_string(&i.to_value()).is_ok_and(|t| t == d.last)
                    });
                if !c.webhook {
                    self.duplicate_member_request(x, method, d, c.rpc_id_ambiguous);
                }
            }
            if let RequestParse::Request {
                id: Some(Json::Number(Num::Float(_))),
                ..
            } = &parsed
            {
                c.rpc_id_wide = body
                    .as_deref()
                    .and_then(jsonrpc::wide_integer_id)
                    .map(str::to_owned);
                c.rpc_id_exponent = body.as_deref().is_some_and(jsonrpc::exponent_integer_id);
            }
            c.rpc = Some(parsed);
            if c.binding == Some(Binding::JsonRpc) {
                // A JSON-RPC body posted there: the path is the endpoint, no route.
                c.wrong_case_path = None;
                c.route_slip = None;
                c.blank_route_id = None;
            }
        } else if let Some(rt) = route {
            c.binding = Some(Binding::Rest);
            c.op = Some(rt.op);
            c.dialect = Some(rt.dialect);
            c.route_task = rt.task_id;
            let bodyless = (x.method.eq_ignore_ascii_case("GET")
                || x.method.eq_ignore_ascii_case("DELETE")
                || x.method.eq_ignore_ascii_case("HEAD"))
                && !crate::model::a2a::rest_verbs(rt.op).contains(&"POST");
            if let (Some(b), false) = (body.as_deref(), bodyless) {
                crate::model::json::take_conflicting_duplicate();
                // read in place: the params tree borrows the body's bytes (issue 7)
                let (parsed, params) = Params::read(x.req_shared(Some(b)), |r| match r {
                    Ok(v) => (Ok(()), Some(v)),
                    Err(e) => (Err(e), None),
                });
                if let Some(d) = crate::model::json::take_conflicting_duplicate() {
                    // review26 R4 on HTTP+JSON: the request body names a member twice.
                    if !c.webhook {
                        let op = c.op_term(rt.op.name()).to_string();
                        self.duplicate_member_request(x, &op, &d, false);
                    }
                }
                let limit = parsed.as_ref().err().and_then(jsonrpc::parser_limit);
                if let Some(limit) = limit {
                    // breaker38: valid JSON beyond what the parser reads is no JSON fault
                    // (RFC 8259 §9, §6 let a parser limit nesting and range): the call's
                    // fields are unknown, so it is judged as no operation, as such a
                    // JSON-RPC request is (no method): not judged, and said so.
                    self.beyond_parser(x, "request body", limit);
                    c.op = None;
                }
                let not_json = parsed.is_err() && limit.is_none() && !trim_ascii(b).is_empty();
                c.params = params;
                c.params_parsed = Some((x.req_body.len(), not_json));
            }
            // breaker19a Y4: a route without `/v1` is 1.0 by its shape, but a call that
            // declares no A2A-Version (VER-003: it is 0.3) to an origin whose card declares
            // HTTP+JSON only in 0.x is the card's version at a wrong path (BIND-USE-002
            // tells the path): its body and answer are judged as 0.3, unless its message is
            // in the 1.0 shape (`parts`).
            if rt.dialect == Dialect::V1_0
                && c.header_version.is_none()
                && rt.op != Op::GetCard
                && params_message(c.params.json()).is_none_or(|m| m.get("parts").is_none())
                && self.card_rest_0x_only(x)
            {
                c.dialect = Some(Dialect::V0_3);
            }
            // The mirror of the `/v1` + A2A-Version 1.0 case below (fix19v's finding): a call
            // that says A2A-Version 0.x (header or query, VER-001) on a route without `/v1`
            // and carries its message in the 0.3 REST shape (parts in `content`, no
            // `parts`) is a 0.3 call: its body is judged as 0.3, not as a malformed 1.0 one.
            if rt.dialect == Dialect::V1_0
                && rt.op != Op::GetCard
                && c.header_version
                    .as_deref()
                    .and_then(Dialect::from_version)
                    .is_some_and(Dialect::is_0x)
                && params_message(c.params.json())
                    .is_some_and(|m| m.get("content").is_some() && m.get("parts").is_none())
            {
                c.dialect = Some(Dialect::V0_3);
            }
            if c.dialect.is_some_and(Dialect::is_0x) {
                // one buffer, no `format!` (perfv38: ~1,300 REST calls a run)
                let mut line = String::with_capacity(x.method.len() + 1 + x.path.len());
                line.push_str(&x.method);
                line.make_ascii_uppercase();
                line.push(' ');
                line.push_str(&x.path);
                c.request_line = Some(line);
            }
            // REST-001: GET and DELETE take their fields from the path and query; a body
            // on them has no meaning (RFC 9110 §9.3.1, §9.3.5) and servers and proxies
            // drop it, so it is no parameter the agent was given (breaker11 K4). Only on
            // a route defined that way: a body route (`message:send`, `:cancel`, ...)
            // requested as GET whose body the agent executed is judged with that body
            // (REST-VERB-001/002, breaker11 K17).
            // `/v1` is also a plausible 1.0 interface base path (`https://host/v1`): a
            // request that declares A2A-Version 1.0 there gets 1.0 semantics (VER-002),
            // unless its message is in the 0.3 REST shape (parts in `content`).
            if rt.dialect == Dialect::V0_3
                && c.header_version.as_deref().and_then(Dialect::from_version)
                    == Some(Dialect::V1_0)
                && params_message(c.params.json()).is_none_or(|m| m.get("content").is_none())
            {
                c.dialect = Some(Dialect::V1_0);
            }
            if matches!(rt.op, Op::GetCard | Op::GetExtendedCard) && rt.dialect != Dialect::V1_0
                || rt.op == Op::GetCard
            {
                c.binding = None;
                c.dialect = None;
            }
        }
        if c.binding == Some(Binding::JsonRpc) {
            self.refine_jsonrpc_dialect(x, &mut c);
        }
        if let Some(d) = c.dialect {
            if let Some(b) = c.binding {
                self.count_call(x, d, b);
            }
            if c.binding == Some(Binding::Rest) {
                self.rest_dialects.insert(str::to_string(&x.id), d);
            }
        }
        if c.binding.is_some() && c.op.is_some_and(Op::is_task_op) {
            self.areas.insert("task");
        }
        if c.op.is_some_and(Op::is_streaming) {
            self.areas.insert("stream");
        }
        match c.binding {
            Some(Binding::JsonRpc) => {
                self.areas.insert("jsonrpc");
            }
            Some(Binding::Rest) => {
                self.areas.insert("rest");
            }
            Some(Binding::Grpc) | None => {}
        }
        if c.op == Some(Op::DeletePushConfig) && !self.push_created.is_empty() {
            // PUSH-CFG-001: a deleted config may come back under its old id.
            let task = c
                .params
                .get("taskId")
                .and_then(Json::as_str)
                .or(c.route_task.as_deref())
                .unwrap_or("");
            let id = c
                .params
                .get("id")
                .and_then(Json::as_str)
                .or_else(|| x.path.rsplit('/').next())
                .unwrap_or("");
            self.push_created.remove(&format!("{task}\u{0}{id}"));
        }
        x.call = Some(Arc::new(c));
        x.scope = self.agent_scope(x);
        self.request_checks(x);
    }

    /// AUTH-TLS-002 (client) and AUTH-TLS-003 (agent), AUTH-004 ("production uses
    /// HTTPS/TLS"), CARD-005: an A2A call sent over plain `http://` to a host and path that
    /// a recorded card lists only as an `https://` interface (same host, case-insensitive;
    /// the interface path a prefix of the request path at a segment or `:` boundary). The
    /// client downgraded the card's URL; an agent that answers the cleartext call serves A2A
    /// next to its TLS interface. Once per host. Not judged on reverse-proxy recordings
    /// (their URLs carry the listener's scheme) or a gateway's upstream leg.
    fn check_tls_downgrade(&mut self, x: &Exch, c: &Call) {
        if c.webhook
            || c.binding.is_none()
            || self.mode == CaptureMode::Reverse
            || self.behind_hop(x)
            || self.cards.is_empty()
        {
            return;
        }
        let addressed = x.addressed_parts();
        let Some(p) = addressed.as_ref() else {
            return;
        };
        if !p.scheme.eq_ignore_ascii_case("http") || self.tls_downgraded.contains(&p.host) {
            return;
        }
        let under = |itf_path: &str| {
            let base = itf_path.trim_end_matches('/');
            p.path == base
                || p.path
                    .strip_prefix(base)
                    .is_some_and(|r| r.starts_with('/') || r.starts_with(':'))
        };
        let mut tls_itf: Option<(String, u64, String, String)> = None;
        for card in self.cards.values().flatten() {
            for itf in &card.view.interfaces {
                let Some(u) = itf.parts() else {
                    continue;
                };
                if !u.host.eq_ignore_ascii_case(&p.host) || !under(&u.path) {
                    continue;
                }
                if u.scheme.eq_ignore_ascii_case("http") {
                    // the card lists a cleartext interface here too: nothing downgraded
                    return;
                }
                if u.scheme.eq_ignore_ascii_case("https") && tls_itf.is_none() {
                    tls_itf = Some((
                        itf.url.clone(),
                        card.seq,
                        card.exchange.clone(),
                        itf.pointer().to_string(),
                    ));
                }
            }
        }
        let Some((itf_url, cseq, cx, ptr)) = tls_itf else {
            return;
        };
        if self.tls_downgraded.len() < MAX_PUSH_URLS {
            self.tls_downgraded.insert(p.host.clone());
        }
        self.areas.insert("auth");
        let name = c
            .method
            .clone()
            .unwrap_or_else(|| format!("{} {}", x.method, x.path));
        let card_ev = Evidence {
            seq: cseq,
            exchange: Some(cx),
            pointer: Some(ptr),
            found: Some(Value::String(itf_url.clone())),
        };
        self.find(
            &r::TLS_CLIENT_DOWNGRADE,
            format!(
                "client sent {name} over plain http to {}, but the agent card lists this interface only as {itf_url}: the client downgraded the card's https URL to cleartext",
                x.url_named()
            ),
            vec![x.ev(x.req_seq), card_ev.clone()],
            &x.leg,
        );
        if x.status.is_some_and(|s| (200..300).contains(&s)) && !x.synthetic {
            self.find(
                &r::TLS_AGENT_CLEARTEXT,
                format!(
                    "agent answered {name} over plain http at {} (HTTP {}) although its card lists this interface only as {itf_url}: it serves A2A in cleartext next to its TLS interface",
                    x.url_named(),
                    x.status.unwrap_or_default()
                ),
                vec![x.ev(x.resp_seq), card_ev],
                &x.leg,
            );
        }
    }
}

/// Why a call got no answer from the agent ([`no_answer_cause`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum NoAnswer {
    /// No connection came up: refused, unknown host, unreachable (evidence of a wrong URL).
    NotReached,
    /// Something listened there and then reset or closed the connection, or answered no
    /// valid HTTP (the agent's side: HTTP-FRAME-002, not the URL).
    Reached,
    /// Not known: the capture stopped first, a timeout, no recorded cause.
    Unknown,
}

// ---------------------------------------------------------------------- helpers

/// What an object [`State::note_terminal_snapshot`] reads is of its task.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Snapshot {
    /// A status update: no artifacts.
    No,
    /// A whole Task (a GetTask / send / cancel answer, a push's Task, a subscribe stream's
    /// Task, a ListTasks entry with includeArtifacts): no `artifacts` member means none.
    Whole,
    /// A ListTasks entry without includeArtifacts (DATA-007) or a send stream's Task event
    /// (its artifact updates may carry what it leaves out): no member means unknown.
    Listed,
}

/// The error code an agent's own error message implies (ERR-002 names), with the words
/// that gave it away: "task not found" → −32001, "not cancelable" → −32002, "version ...
/// not supported" → −32009 (1.0 only), "method not found" → −32601.
/// ID-004 (1.0 proto `Message`): an agent message (role not `ROLE_USER`) without a
/// non-empty `contextId`.
/// The role of an agent's reply message when it is the user's (`user`, `ROLE_USER`):
/// DATA-ROLE-001.
/// Why ID-MSG-003 matters and what to do, in its findings (reply and status messages).
const AGENT_MID_WHY: &str = "messageId identifies one message (ID-007), so a client that keys or dedupes messages by it (a chat history, a retry cache) drops or overwrites one of the two; give every agent message a fresh id (a UUID)";

/// What one push config registered for a webhook URL carries, for comparing deliveries
/// (PUSH-004, PUSH-005): [`fingerprint`]s of its `token` and of its HTTP-scheme (Bearer,
/// Basic, Digest) `authentication.credentials`, and the task it was created for when the
/// request named one. The secret values themselves are not kept.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
struct PushSecret {
    task: Option<String>,
    token: Option<u64>,
    http_cred: Option<u64>,
    /// Basic: the fingerprint of the credentials base64-encoded too (a config may give
    /// `user:password` and the agent encode it, RFC 7617 §2).
    http_cred_b64: Option<u64>,
    /// The HTTP authentication schemes the config names for those credentials, as written
    /// (compared case-insensitively; 1.0 `scheme`, 0.x `schemes[]`): the `Authorization` header's scheme token must be
    /// one of them (RFC 9110 §11.4; PUSH-004).
    schemes: Vec<String>,
    /// Origin (`scheme://host:port`) of the agent the config was given to.
    origin: Option<String>,
    /// The exchange that carried it and the JSON Pointer of its `url` in the request body.
    xid: String,
    ptr: String,
    /// Seq of that request and of its answer's head (PUSH-BODY-004 nesting).
    span: (u64, u64),
    /// The recording leg of that exchange (`None` = the client's; `upstream` = a gateway's
    /// hop to the agent): a gateway's upstream copy of the client's call is that call, not a
    /// relay to another agent (PUSH-BODY-004; open47).
    leg: Option<String>,
    /// The agent scope ([`State::agent_scope`]) of that exchange: a delivery that belongs
    /// to this config ([`State::delivery_owner`]) is about a task of that agent.
    scope: String,
}

/// GW-RESP-006 findings of a driver run held at most ([`State::driver_held`]).
const MAX_DRIVER_HELD: usize = 64;

/// Configs remembered per webhook URL ([`PushSecret`]).
const MAX_PUSH_SECRETS: usize = 32;

/// Card URLs whose last strong ETag and content digest CARD-CACHE-002 keeps
/// ([`Verifier::card_etags`]): a recording fetches the cards of a few agents.
const MAX_CARD_ETAGS: usize = 256;

/// What a gRPC request body holds (GRPC-001): the one request message as ProtoJSON, or
/// why not.
enum GrpcRequest {
    Params(Value),
    /// A message over this tool's decode cap (gRPC sets no maximum): not judged.
    OverCap(String),
    /// Compressed with a coding this tool does not read, or not in the proto: not judged.
    Unreadable(String),
    /// The client's fault (GRPC-FRAME-002): what, and whether the body ends inside a
    /// message (the client's fault only when its request is known to be whole).
    Bad(String, bool),
}

/// The A2A ErrorInfo reasons of the ERR-002 table, in code order (-32001 ... -32009).
const A2A_REASONS: [&str; 9] = [
    "TASK_NOT_FOUND",
    "TASK_NOT_CANCELABLE",
    "PUSH_NOTIFICATION_NOT_SUPPORTED",
    "UNSUPPORTED_OPERATION",
    "CONTENT_TYPE_NOT_SUPPORTED",
    "INVALID_AGENT_RESPONSE",
    "EXTENDED_AGENT_CARD_NOT_CONFIGURED",
    "EXTENSION_SUPPORT_REQUIRED",
    "VERSION_NOT_SUPPORTED",
];

/// 1.0 JSON member names (DATA-001: lowerCamelCase, the ProtoJSON `json_name`) whose proto
/// field name differs, as `(proto name, JSON name)`: a ProtoJSON marshaller set to keep
/// proto names (protobuf `preserving_proto_field_name`, grpc-gateway `UseProtoNames`) writes
/// the first.
const PROTO_NAMES_1_0: &[(&str, &str)] = &[
    ("context_id", "contextId"),
    ("task_id", "taskId"),
    ("message_id", "messageId"),
    ("artifact_id", "artifactId"),
    ("media_type", "mediaType"),
    ("reference_task_ids", "referenceTaskIds"),
    ("last_chunk", "lastChunk"),
    ("next_page_token", "nextPageToken"),
    ("page_size", "pageSize"),
    ("total_size", "totalSize"),
    ("status_update", "statusUpdate"),
    ("artifact_update", "artifactUpdate"),
    ("push_notification_config", "pushNotificationConfig"),
    ("supported_interfaces", "supportedInterfaces"),
    ("protocol_binding", "protocolBinding"),
    ("protocol_version", "protocolVersion"),
    ("default_input_modes", "defaultInputModes"),
    ("default_output_modes", "defaultOutputModes"),
    ("security_schemes", "securitySchemes"),
    ("security_requirements", "securityRequirements"),
    ("push_notifications", "pushNotifications"),
    ("extended_agent_card", "extendedAgentCard"),
    ("input_modes", "inputModes"),
    ("output_modes", "outputModes"),
];

/// Which of the whole-body walks can find anything in one JSON tree: [`proto_field_name`]
/// (DATA-001), [`a2a::part_member_mix`] (VER-MIX-001/002) and [`first_bad_part_media`]
/// (DATA-MEDIA-001). One pass over the tree ([`BodyWalks::of`]) reads every member name
/// once (a `match` on the name, no pointer text, no path) and notes the members each walk
/// needs to report anything; a walk whose members are absent is not run (issue #7: the
/// three walks were ~33 M of the 8 MB bench's 706 M instructions, and on legal traffic
/// they find nothing). The notes are a superset of what the walks read (every object and
/// array is entered but the values of `data` and `metadata` members, which none of the
/// walks enters, and deeper than their bounds), so a walk that would report is always
/// run: a skipped walk would have returned `None` (`body_walks_never_skip_a_walk_that_finds`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct BodyWalks(u8);

/// How an `incomplete` reason for a request the agent never answered before the client gave
/// up begins (newcomer19 N6): `the agent never answered GET /.well-known/agent-card.json;
/// the client gave up after 5.0 s (no response head: not judged)`.
pub const NEVER_ANSWERED: &str = "the agent never answered";

/// Whether a media type (lower-case, without parameters) is JSON: `application/json`,
/// `application/a2a+json` or any other `+json` type (RFC 6839).
/// Media types used in the field for JSON that are neither `application/json` nor a
/// `+json` type (HTTP-MEDIA-003's message calls them JSON, not the binding's).
const JSON_ALIASES: [&str; 5] = [
    "application/json-rpc",
    "application/jsonrequest",
    "application/x-json",
    "text/json",
    "text/x-json",
];

/// GW-SSE-002: a client-leg stream cut this long (µs) after the last event it got, with
/// the agent's stream going on, is named an idle/read timeout of about that silence; the
/// words name the silence measured and give common defaults (60 s, 100 s) as examples
/// only, since a gateway's timeout may be set far lower (review24b R5).
const IDLE_CUT_US: u64 = 5_000_000;

/// How many legs [`State::leg_bindings`] tells apart (each with at most 8 version and
/// binding entries: 4 versions, 3 bindings in use).
const MAX_BINDING_LEGS: usize = 16;

/// How many id pairs [`State::gw_ids`] keeps (a gateway's ids for the agent's).
const MAX_GW_IDS: usize = 4096;

/// How many of the newest findings [`State::relayed_twin`] compares a client-leg finding
/// with.
const RELAYED_LOOKBACK: usize = 64;

/// [`RELAYED_NOTE`] for a client rule's finding ([`r::judges_client`]: a request's fault,
/// VER-MIX-002, DATA-SHAPE-002, ...): the request went the other way, from the client
/// through the gateway to the agent, so the fault is the client's, which the gateway
/// passed on (review28a R2).
const RELAYED_REQUEST_NOTE: &str =
    "; the client's request carried it first, and the gateway passed it on to the agent unchanged";

/// Marks the text added to a VER-CARD-001 finding whose refusal the gateway passed on to a
/// client that fetched the gateway's card ([`merge_relayed`], open49 item 4).
const RELAYED_REFUSAL_NOTE: &str = "; the gateway passed the refusal on to the client";

/// Marks the text added to a finding the gateway relayed unchanged ([`merge_relayed`]).
const RELAYED_NOTE: &str = "; the gateway passed it on to the client unchanged";

/// Marks the text added to a finding a translating gateway relayed in the client's terms
/// ([`merge_relayed`]): its protocol version (breaker47), protocol binding or the gateway's
/// own task and context ids (breaker48), the words [`translated_into`] names: the same
/// fault in the other leg's words.
const RELAYED_TRANSLATED_NOTE: &str =
    "; the gateway passed it on to the client, translated into the client's ";

/// DATA-SHAPE-002's problem text for a send request whose own `metadata` (JSON-RPC
/// `params.metadata`, the HTTP+JSON body's `metadata`; DATA-005) is not an object: the
/// finding names the request, not the message, as what carried it.
const SEND_REQUEST_METADATA_NOT_OBJECT: &str =
    "send request metadata is not a JSON object (a google.protobuf.Struct)";

/// AUTH-TLS-004 held for card interface URL at `(seq, pointer)` ([`State::card_url_around_front`])
/// is told after the card's other checks of that URL: when CARD-URL-003 (internal
/// address), CARD-URL-009 (the agent's own address behind its front) or GW-RESP-004 (a
/// gateway's broken rewrite) reported the same place in `out`, the plain-http URL is that
/// root cause's, which is told first; the returned message names it ([`CAUSED_BY`]).
fn tls_downgrade_cause(out: &[Finding], seq: u64, pointer: Option<&str>, msg: String) -> String {
    let roots = [
        (
            &r::GW_CARD_REWRITE_BROKEN,
            "the gateway rewrote the card's URL into one clients cannot use; a rewrite to the public https URL fixes both",
        ),
        (
            &r::CARD_URL_INTERNAL_AUTHORITY,
            "the card names the agent's internal address; advertising the public https URL fixes both",
        ),
        (
            &r::CARD_URL_AROUND_FRONT,
            "the card names the agent's own address behind its front; advertising the public https URL fixes both",
        ),
    ];
    let hit = roots.into_iter().find(|(rule, _)| {
        out.iter().rev().any(|g| {
            g.rule == rule.id
                && g.evidence
                    .iter()
                    .any(|e| e.seq == seq && e.pointer.as_deref() == pointer)
        })
    });
    match hit {
        Some((rule, why)) => format!("{msg}{CAUSED_BY}{}: {why})", rule.id),
        None => msg,
    }
}

/// Bodies up to this size (bytes) are parsed to pair a gateway's renumbered JSON-RPC call
/// with the client's ([`same_forwarded_body`]); larger ones pair only when equal.
const FORWARDED_PARSE_CAP: usize = 64 * 1024;

/// STREAM-END-002's help for a stream whose connection the agent's side broke (reset,
/// EOF inside the chunked body, an HTTP/2 RST_STREAM) rather than ended cleanly: an SDK
/// executor that returns early ends the response cleanly, so the rule's own help (about
/// the executor) would send a tired engineer to the wrong code (newcomer25 N2: an agent
/// process killed mid-stream).
const STREAM_RESET_HELP: &str = "find out why the agent's side broke the connection mid-stream: look at the agent's log and process at that moment: a process that exited or restarted (crash, kill, out of memory, a deploy) and an exception that escaped the streaming handler (the HTTP server then drops the connection without ending the body) both look like this, and so does a load balancer or ingress in between that cut it (its idle or maximum request time); keep the stream open until the task reaches a terminal (completed, failed, canceled, rejected) or interrupted (input-required, auth-required) state, turn an exception into a failed status, and let clients resubscribe to the task (SubscribeToTask, tasks/resubscribe) to get the rest";

/// Quiet time (µs) before a one-leg stream's end from which the end reads as an
/// intermediary's idle or read timeout: 30 s, below the common defaults (nginx
/// `proxy_read_timeout` and an AWS ALB's idle timeout 60 s, Cloudflare 100 s) because
/// deployments often set them lower; the words ([`idle_cut_words`]) name the silence
/// measured and give those defaults as examples only (review24b R5).
const QUIET_CUT_US: u64 = 30_000_000;

/// A GW-REQ-003 finding held until an answer decides ([`State::gw_ctx_added`]): the
/// message member (`contextId` / `taskId`) and the value whose answer in it clears the
/// finding (the contextId the gateway added, or the client's id it replaced), the
/// finding's words and evidence.
struct CtxAdded {
    member: &'static str,
    added: String,
    msg: String,
    ev: Vec<Evidence>,
}

/// What [`message_ids_rewritten`] found: the message member (`contextId` / `taskId`), its
/// value in the client's and the upstream request (`None`: absent), the call's name and the
/// JSON Pointer of the params (`/params` on JSON-RPC, `` on HTTP+JSON).
struct IdsRewritten {
    member: &'static str,
    client: Option<String>,
    upstream: Option<String>,
    call: String,
    base: &'static str,
    /// mine30c: the message's taskId when it changed too, beside a changed contextId
    /// (`member`): `(client's, upstream's)` (IBM/mcp-context-forge #4589 dropped both).
    task_too: Option<(Option<String>, Option<String>)>,
}

/// Which bytes one line of an error text holds, as far as [`internal_detail`]'s searches
/// need them: each search runs only when every byte of the text it looks for (or of one of
/// its alternatives) is on the line, so a line such as `Task not found: t-1` is not searched
/// for `.go:`, SQL keywords or driver names at all (perfv36: ~3,300 instructions a string
/// before, most of it `str::contains` setting up a searcher per line and text).
#[derive(Clone, Copy)]
struct LineBytes(u16);

/// What the client sent ([`client_sent_text`]: the decoded URL and the request body's
/// strings), read only when [`internal_detail`] has a candidate to hold against it (most
/// error answers have none: perfv36, 2.2 M of the 8 MB bench for 477 error answers).
struct SentText<'x> {
    x: Option<&'x Exch>,
    text: std::cell::OnceCell<String>,
}

/// The keywords [`sql_clause`] looks for, in `internal_detail`'s order: `SELECT `,
/// `INSERT INTO `, `DELETE FROM `, `UPDATE `; searchers built once (`str::match_indices`
/// built a Two-Way searcher per line and keyword, ~400 instructions each: perfj34).
static SQL_KEYWORDS: std::sync::LazyLock<[memchr::memmem::Finder<'static>; 4]> =
    std::sync::LazyLock::new(|| {
        ["SELECT ", "INSERT INTO ", "DELETE FROM ", "UPDATE "]
            .map(|k| memchr::memmem::Finder::new(k.as_bytes()))
    });

/// Whether SQL keyword `kw` (`SELECT `) occurs in line `l` where a statement starts: at
/// the line's start or after `:`, `[`, `(`, `;`, `=` or a quote (whitespace between
/// allowed), as a driver's error quotes its statement (`[SQL: SELECT ...`, `LINE 1:
/// UPDATE ...`); not as an upper-case word in prose (`Please SELECT a skill`).
fn sql_clause(l: &str, kw: &memchr::memmem::Finder<'_>) -> bool {
    kw.find_iter(l.as_bytes()).any(|i| {
        l[..i]
            .trim_end()
            .chars()
            .next_back()
            .is_none_or(|c| ":[(;=\"'`".contains(c))
    })
}

// --- mine29c (session 29): retries, duplicates, timeouts and resumption ------------------------

/// How long (µs) after the recording first showed a task ended a TaskNotFoundError for it
/// may be a purge (TASK-003) rather than a task the agent never kept (ID-TASK-001): the
/// spec sets no retention time, but an agent that cannot find a task it reported finished
/// less than a minute earlier did not store it (a client's first poll after the end).
const PURGE_GRACE_US: u64 = 60_000_000;

// ---- q29a: verifier leftovers of session 28 ---------------------------------------------

/// Most bytes of a request [`client_sent_text`] reads.
const SENT_TEXT_CAP: usize = 64 * 1024;

/// How many shape problems one DATA-SHAPE-001 finding names (and points at) at most; the
/// rest are counted.
const SHAPE_PROBLEMS_NAMED: usize = 8;

/// Words no ask is tied by ([`ask_words`]): function words and filler.
const ASK_STOP_WORDS: [&str; 40] = [
    "the", "and", "for", "from", "with", "into", "onto", "this", "that", "these", "those", "what",
    "when", "where", "which", "who", "why", "how", "you", "your", "mine", "our", "their", "them",
    "they", "its", "are", "was", "were", "will", "would", "can", "could", "please", "about",
    "have", "has", "not", "but", "all",
];

/// The longest call text (bytes) a [`DelegateOutcome`] keeps to read its ask from later;
/// a longer one is read at once.
const ASK_TEXT_KEPT: usize = 4096;

/// How many words of an ask [`ask_words`] keeps.
const ASK_WORDS_KEPT: usize = 32;

/// Most upstream VER-MIX-002 findings held back from the live lines at once
/// ([`State::held_mix`]); past it the oldest is settled with what is known.
const MAX_HELD_MIX: usize = 256;

/// How the VER-MIX-002 message of a 0.x JSON-RPC method sent under `A2A-Version: 1.0`
/// begins: [`State::answer_in_header_form`] completes it once the answer is read, so it
/// is held from the live lines until then ([`State::held_mix`]; review34).
const HEADER_1_0_ON_0X: &str = "request declares A2A-Version 1.0 but uses the 0.";

// ---- review29b: interop direction legs are the prober's own client hop -------------------

/// The sender of a request a finding is about ([`State::sender`]): the client, or on a
/// gateway's upstream leg the gateway. [`same_relayed`] reads the two wordings of one
/// fault as the same text ([`SENDER_SWAPS`]), so a fault the gateway passed on unchanged is
/// still told once.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Sender {
    Client,
    Gateway,
}

/// The upstream wording of a sender and its client-leg twin ([`Sender::sent`],
/// [`Sender::noun`]), longest first: [`same_relayed`] skips one for the other where the
/// two texts part.
const SENDER_SWAPS: [(&str, &str); 2] = [
    ("gateway sent the agent", "client sent"),
    ("gateway", "client"),
];

/// What TASK-STATE-008 / TASK-STATE-015 add when no later read of the task settled the
/// refusal ([`State::tell_unsettled_refusal`]).
const UNSETTLED_REFUSAL: &str = " (no later read of the task in this recording shows it still waiting: if the agent ended it unseen in between, failed or canceled after waiting too long, the refusal was right; a GetTask after such a refusal tells which)";

/// At most this many refused follow-ups are remembered ([`State::refused_followups`]).
const MAX_REFUSED_FOLLOWUPS: usize = 256;

/// A follow-up message (SendMessage / SendStreamingMessage naming `taskId`) the agent
/// answered with an error while the named task, which the recording saw it hand out, was
/// in another context than the message named (ID-003: the refusal is due) or already
/// terminal (TASK-002). A later read of the task that lists the message in `history`
/// shows the agent stored the message it refused (mine30a f637, a2a-js PR #434's review:
/// the contextId check ran after the incoming message had been saved into the task).
#[derive(Clone, Debug)]
struct RefusedFollowUp {
    /// [`task_key`] of the named task.
    task_key: String,
    /// The named task's id, as the message gave it.
    task: String,
    /// The refused message's `messageId`.
    mid: String,
    /// `Some((message's contextId, task's contextId))` when they differ.
    contexts: Option<(String, String)>,
    /// The task's terminal state when the follow-up came, if it had one, in the
    /// exchange's wire terms (`completed`, `TASK_STATE_COMPLETED`).
    terminal: Option<&'static str>,
    /// The error as the wire said it (`-32602 InvalidParams`, `HTTP 400`).
    refusal: String,
    /// The request's messageId and the refusal answer.
    evidence: Vec<Evidence>,
    /// The request's `seq`: only a later read can show the message stored.
    req_seq: u64,
    reported: bool,
}

/// mine30b (BIND-USE-003): a client call that used an interface: its request seq, its
/// exchange id, its leg.
type IfaceUse = (u64, String, Option<String>);

// ------------------------------------------------------------------ mine30c: registries

// ---- newcomer30: the capturing proxy's own listeners, gRPC card URLs (CARD-URL-005/009) ----

#[cfg(test)]
mod tests {
    use super::{
        first_difference, host_port, json_hash, message_ids_rewritten, parts_hash,
        proto_field_name, same_but_sender, signed_card_content, task_id_recased, PROTO_NAMES_1_0,
    };

    /// perfverify58: the usual `Major.Minor` value is decided before the split, with the
    /// same answers as the full test: well-formed values (also padded, several digits) are
    /// `None`, every malformed neighbour still has its reason.
    #[test]
    fn version_not_major_minor_answers_the_plain_value_as_before() {
        use super::version_not_major_minor as v;
        for ok in ["1.0", "10.25", " 1.0 ", "0.3", "2.1", ".1", ""] {
            assert_eq!(v(ok), None, "{ok:?}");
        }
        assert!(v("1.0.1").is_some_and(|w| w.starts_with("with a patch number")));
        assert!(v("\"1.0\"").is_some_and(|w| w.starts_with("in quotes")));
        assert!(v("1.0, 1.0").is_some_and(|w| w.starts_with("with several")));
        for bad in ["1.", "v1.0", "1", "1.x", "1.0a", "null"] {
            assert!(v(bad).is_some(), "{bad:?}");
        }
    }

    /// hold53: the findings held for gateway pairs ([`super::State::held_pair`]) stay
    /// bounded at [`super::MAX_PENDING_UP`]; one more judges the oldest at once on what is
    /// known then, not dropped (left52's `held_front_own` dropped it: an AUTH-FWD-001 of a
    /// pair already known as the front's own call was lost); the final settle judges every
    /// one still held: each gateway rule of a relay told, none left held.
    #[test]
    fn pair_holds_stay_bounded_and_the_oldest_is_judged_not_dropped() {
        use super::{r, CaptureMode, Finding, PairTell, RecordingHeader, State, MAX_PENDING_UP};
        let mut st = State::new(&RecordingHeader::new(CaptureMode::Reverse));
        let pair = |i: usize| Some((format!("c{i}"), format!("u{i}")));
        // the first pair is known to be the front's own call (both legs still open)
        st.gw_front_own.insert("c0".to_string(), ());
        let own = Finding::new(&r::AUTH_CREDENTIAL_FORWARDED, "own call 0");
        st.hold_for_pair(pair(0), PairTell::FrontOwn, own);
        for i in 1..=MAX_PENDING_UP {
            let gw = Finding::new(&r::GW_MESSAGE_IDS_REWRITTEN, format!("relay {i}"));
            st.hold_for_pair(pair(i), PairTell::Relay, gw);
        }
        assert_eq!(st.held_pair.len(), MAX_PENDING_UP);
        let told: Vec<&str> = st.out.iter().map(|f| f.rule.as_str()).collect();
        assert_eq!(told, [r::AUTH_CREDENTIAL_FORWARDED.id]);
        // a finding that names no pair is told at once
        let bare = Finding::new(&r::GW_MESSAGE_IDS_REWRITTEN, "no pair");
        st.hold_for_pair(None, PairTell::Relay, bare);
        assert_eq!(st.out.len(), 2);
        st.settle_pairs(true);
        assert!(st.held_pair.is_empty());
        assert_eq!(st.out.len(), 2 + MAX_PENDING_UP);
        let relays = st
            .out
            .iter()
            .filter(|f| f.message.starts_with("relay "))
            .count();
        assert_eq!(relays, MAX_PENDING_UP);
    }

    /// perfv37: `relayed_outcome` (times, origin and exchange tested first; the squashed
    /// result and the call's words and trace id computed only for an outcome that passes
    /// them; a kept outcome's words read from its text when first compared, or at once for
    /// a text over `ASK_TEXT_KEPT` bytes) finds the outcome the eager test of session 36
    /// finds, on 20,000 random orchestrator calls against 0-6 kept outcomes each: times in
    /// and out of the call, one or two origins, the orchestrator's own exchange, results
    /// blank, equal to a status message but for whitespace, or other text, asks that share
    /// 0-3 words, trace ids on neither, one or both sides (equal, other, all zero), long
    /// call texts. Each condition decides some cases (checked by the counts).
    /// perfp39: the key written into a kept buffer ([`super::task_key_into`], the messageId
    /// bookkeeping's lookups) is the key [`super::task_key`] builds, for every leg and scope
    /// form (none, empty, `\0` inside) and ids with `\0` or none, written over a buffer
    /// that held a longer key before.
    #[test]
    fn task_key_into_writes_what_task_key_builds() {
        use super::{task_key, task_key_into};
        let mut buf = String::from("a previous, longer key\u{0}with\u{0}parts");
        for leg in [
            None,
            Some(String::new()),
            Some("upstream".to_string()),
            Some("a\u{0}b".to_string()),
        ] {
            for scope in ["", "a:1/rpc", "h\u{0}x"] {
                for id in ["", "m-1", "x\u{0}y", "\u{e9}t\u{e9}"] {
                    task_key_into(&leg, scope, id, &mut buf);
                    assert_eq!(buf, task_key(&leg, scope, id), "{leg:?} {scope:?} {id:?}");
                }
            }
        }
    }

    /// perf52: [`State::sent_mid_tasks`] stays a superset of the remembered tasks' sent
    /// messageIds (every `(task, messageId)` of [`State::tasks`] has its key under the id)
    /// while tasks are forgotten past [`super::MAX_TASKS`] and the index is rebuilt, and
    /// stays bounded (at most twice the live ids + 1,024 entries after each note).
    #[test]
    fn the_sent_message_id_index_covers_every_remembered_task() {
        use super::{CaptureMode, Exch, RecordingHeader, State, MAX_TASKS};
        let mut st = State::new(&RecordingHeader::new(CaptureMode::Reverse));
        let x = Exch {
            scope: "a:1/rpc".to_string(),
            ..Default::default()
        };
        // past 2 * MAX_TASKS + 512 tasks the stale entries pass the bound: a rebuild
        let n = 2 * MAX_TASKS + MAX_TASKS / 2;
        let mut rebuilt = false;
        for i in 0..n {
            let tid = format!("t-{i}");
            let key = x.tkey(&tid);
            st.admit_task(&key);
            st.tasks.entry(key).or_default();
            let before = st.sent_mid_entries;
            // two messageIds per task, one shared with the next task
            st.note_send_message_id(&x, Some(&tid), Some(&format!("m-{i}")));
            st.note_send_message_id(&x, Some(&tid), Some(&format!("m-{}", i + 1)));
            rebuilt |= st.sent_mid_entries < before;
            assert!(st.sent_mid_entries <= 2 * st.sent_mid_live + 1024);
        }
        assert!(rebuilt, "the index was never rebuilt");
        assert_eq!(st.tasks.len(), MAX_TASKS);
        assert_eq!(st.sent_mid_live, 2 * MAX_TASKS);
        for (k, t) in &st.tasks {
            for m in &t.sent_message_ids {
                assert!(
                    st.sent_mid_tasks.get(m).is_some_and(|ks| ks.contains(k)),
                    "{m} of {k:?} not indexed"
                );
            }
        }
        // a forgotten task's id is no candidate once the index is rebuilt
        st.rebuild_sent_mid_tasks();
        assert!(!st.sent_mid_tasks.contains_key("m-0"));
        assert_eq!(st.sent_mid_entries, 2 * MAX_TASKS);
    }

    /// perfv41: [`State::task_of`], [`State::task_of_mut`] and [`State::knows_task`] (the
    /// key written into a kept buffer) find the record a lookup under [`Exch::tkey`]'s own
    /// key finds, for every leg and scope form, ids of several lengths (the buffer holding
    /// a longer key before a shorter one), ids no record has, and one id under two agents.
    #[test]
    fn task_lookups_by_kept_key_find_what_tkey_finds() {
        use super::{CaptureMode, Exch, RecordingHeader, State, TaskRec};
        let mut st = State::new(&RecordingHeader::new(CaptureMode::Reverse));
        let legs = [
            None,
            Some("upstream".to_string()),
            Some("a\u{0}b".to_string()),
        ];
        let scopes = ["", "a:1/rpc", "h\u{0}x"];
        let ids = [
            "",
            "t",
            "task-with-a-long-id-0001",
            "x\u{0}y",
            "\u{e9}t\u{e9}",
        ];
        let exchanges: Vec<Exch> = legs
            .iter()
            .flat_map(|leg| {
                scopes.iter().map(move |scope| Exch {
                    leg: leg.clone(),
                    scope: scope.to_string(),
                    ..Default::default()
                })
            })
            .collect();
        // every other (exchange, id) pair has a record, told apart by its seq
        let mut n = 0u64;
        for x in &exchanges {
            for id in ids {
                n += 1;
                if n.is_multiple_of(2) {
                    let rec = TaskRec {
                        announced: Some((n, String::new())),
                        ..Default::default()
                    };
                    st.tasks.insert(x.tkey(id), Box::new(rec));
                }
            }
        }
        // each method on its own pass (no call of another wrote the same key just before)
        let want = |st: &State, x: &Exch, id: &str| {
            st.tasks.get(&x.tkey(id)).and_then(|t| t.announced.clone())
        };
        for x in &exchanges {
            for id in ids.iter().rev().chain(ids.iter()) {
                let got = st.task_of(x, id).and_then(|t| t.announced.clone());
                assert_eq!(got, want(&st, x, id), "{:?} {:?} {id:?}", x.leg, x.scope);
            }
        }
        for x in &exchanges {
            for id in ids.iter().rev().chain(ids.iter()) {
                assert_eq!(st.knows_task(x, id), want(&st, x, id).is_some());
            }
        }
        for x in &exchanges {
            for id in ids.iter().rev().chain(ids.iter()) {
                let got = st.task_of_mut(x, id).map(|t| {
                    t.cancel_accepted = true;
                    t.announced.clone()
                });
                assert_eq!(
                    got.flatten(),
                    want(&st, x, id),
                    "{:?} {:?} {id:?}",
                    x.leg,
                    x.scope
                );
            }
        }
        // the updates reached exactly the records there are
        assert!(st.tasks.values().all(|t| t.cancel_accepted));
    }

    #[test]
    fn relayed_outcome_finds_what_the_eager_test_finds() {
        use super::{
            ask_kept, ask_words, call_ask_words, relayed_outcome, squash_ws, trace_id, Call,
            DelegateOutcome, Exch, TaskState,
        };
        use crate::model::json::Json;
        use crate::record::Headers;
        use std::collections::VecDeque;
        use std::sync::Arc;
        struct Rng(u64);
        impl Rng {
            fn next(&mut self, n: usize) -> usize {
                self.0 ^= self.0 << 13;
                self.0 ^= self.0 >> 7;
                self.0 ^= self.0 << 17;
                (self.0 % n as u64) as usize
            }
        }
        const WORDS: &[&str] = &[
            "Transfer",
            "500",
            "EUR",
            "from",
            "acct",
            "ana",
            "the",
            "refund",
            "ticket",
            "bank",
            "closed",
            "Überweisung",
            "of",
            "a",
            "ok",
        ];
        const TEXTS: &[&str] = &[
            "",
            "   ",
            "The bank account is closed",
            "The  bank account\nis closed ",
            "Which account should I use?",
            "Which account should I use",
        ];
        const TRACES: &[&str] = &[
            "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01",
            "00-1bf7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01",
            "00-00000000000000000000000000000000-b7ad6b7169203331-01",
        ];
        fn words(r: &mut Rng, n: usize) -> String {
            (0..n)
                .map(|_| WORDS[r.next(WORDS.len())])
                .collect::<Vec<_>>()
                .join(" ")
        }
        let trace_of = |r: &mut Rng| match r.next(4) {
            0 | 1 => None,
            k => Some(TRACES[k - 2 + r.next(2)].to_string()),
        };
        let mut r = Rng(0x9e37_79b9_7f4a_7c15);
        let (mut found, mut by_text, mut by_tie, mut by_place) = (0, 0, 0, 0);
        for _ in 0..20_000 {
            let n = r.next(6);
            let ask = words(&mut r, n);
            let ask = if r.next(10) == 0 {
                format!("{ask} {}", "x".repeat(5000))
            } else {
                ask
            };
            let params = serde_json::json!({"message": {"parts": [{"text": ask}]}}).to_string();
            let mut req_headers = Headers::new();
            if let Some(t) = trace_of(&mut r) {
                req_headers.push("traceparent", &t);
            }
            let x = Exch {
                id: format!("e{}", r.next(3)).into(),
                req_t: r.next(10) as u64,
                end_t: [0, 12, 20][r.next(3)],
                call: Some(Arc::new(Call {
                    params: super::Params::owned(Json::parse_owned(params.as_bytes()).unwrap()),
                    ..Default::default()
                })),
                req_headers,
                ..Default::default()
            };
            let origin = ["http://a:1", "http://b:2"][r.next(2)];
            let result = TEXTS[r.next(TEXTS.len())];
            let mut outcomes = VecDeque::new();
            let mut full_asks = Vec::new();
            for _ in 0..r.next(7) {
                let text = match r.next(8) {
                    0 => "x".repeat(4100),
                    k => words(&mut r, k),
                };
                full_asks.push(ask_words(&text));
                let (ask_text, ask) = ask_kept(text);
                outcomes.push_back(DelegateOutcome {
                    x_id: format!("e{}", r.next(3)),
                    origin: ["http://a:1", "http://b:2", "http://c:3"][r.next(3)].into(),
                    url: String::new(),
                    req_t: r.next(16) as u64,
                    end_t: r.next(25) as u64,
                    state: TaskState::Failed,
                    state_term: "failed",
                    task_id: String::new(),
                    text: TEXTS[r.next(TEXTS.len())].into(),
                    seq: 0,
                    ask_text,
                    ask,
                    trace: trace_of(&mut r).and_then(|t| {
                        let mut h = Headers::new();
                        h.push("traceparent", &t);
                        trace_id(&Exch {
                            req_headers: h,
                            ..Default::default()
                        })
                    }),
                });
            }
            // the eager test as session 36 wrote it
            let eager = {
                let result = squash_ws(result);
                let x_end = if x.end_t > 0 { x.end_t } else { u64::MAX };
                let (ask, trace) = (call_ask_words(&x), trace_id(&x));
                (!result.is_empty())
                    .then(|| {
                        outcomes.iter().enumerate().rev().find(|(i, d)| {
                            let tied = match (trace.as_deref(), d.trace.as_deref()) {
                                (Some(a), Some(b)) => a == b,
                                _ => {
                                    let d_ask = &full_asks[*i];
                                    let shared = ask.iter().filter(|w| d_ask.contains(w)).count();
                                    let need = if ask.len() == 1 || d_ask.len() == 1 {
                                        1
                                    } else {
                                        2
                                    };
                                    shared >= need
                                }
                            };
                            d.origin != origin
                                && d.req_t >= x.req_t
                                && d.end_t <= x_end
                                && *d.x_id != *x.id
                                && result == squash_ws(&d.text)
                                && tied
                        })
                    })
                    .flatten()
                    .map(|(i, _)| i)
            };
            let lazy = relayed_outcome(&outcomes, &x, origin, result)
                .map(|d| outcomes.iter().position(|o| std::ptr::eq(o, d)).unwrap());
            assert_eq!(lazy, eager, "{result:?} {origin}");
            // what decided: found, or the last test an outcome in place failed
            found += usize::from(eager.is_some());
            let x_end = if x.end_t > 0 { x.end_t } else { u64::MAX };
            for d in &outcomes {
                if d.origin != origin && d.req_t >= x.req_t && d.end_t <= x_end && *d.x_id != *x.id
                {
                    by_place += 1;
                    if squash_ws(result) == squash_ws(&d.text) && !squash_ws(result).is_empty() {
                        by_text += 1;
                        by_tie += usize::from(eager.is_none());
                    }
                }
            }
        }
        assert!(found > 300, "found {found}");
        assert!(by_place > 5_000, "in place {by_place}");
        assert!(by_text > 1_000, "text equal {by_text}");
        assert!(by_tie > 100, "not tied {by_tie}");
    }

    /// left37: an upstream-leg text that names the gateway as the sender says what the
    /// client-leg text says with the client, anywhere in the sentence; any other difference,
    /// or the words the other way round, is another text.
    #[test]
    fn same_but_sender_reads_the_two_wordings_of_one_sender_alike() {
        let same = [
            ("client sent X", "client sent X"),
            ("gateway sent the agent X", "client sent X"),
            (
                "a part the gateway sent is not",
                "a part the client sent is not",
            ),
            (
                "the gateway's message m (as the gateway sent)",
                "the client's message m (as the client sent)",
            ),
            ("gateway sent the agent its call", "client sent its call"),
            // breaker46: a gateway's public base path on the client leg
            (
                "route GET http://127.0.0.1:9000/rest/v1/tasks/x answered",
                "route GET http://127.0.0.1:8080/a2a/rest/v1/tasks/x answered",
            ),
        ];
        for (up, client) in same {
            assert!(same_but_sender(up, client), "{up:?} / {client:?}");
        }
        let other = [
            ("gateway sent the agent X", "client sent Y"),
            ("client sent X", "gateway sent the agent X"),
            ("gateway sent the agent X", "client sent X and more"),
            ("gateway sent the agent", ""),
            ("agent X", "client X"),
            (
                "route GET http://127.0.0.1:9000/rest/v1/tasks/x answered",
                "route GET http://127.0.0.1:8080/rest/v1/tasks/y answered",
            ),
            (
                "route GET http://127.0.0.1:9000/rest/v1/tasks/x answered",
                "route GET http://127.0.0.1:8080/rest/v1/tasks/x2 answered",
            ),
        ];
        for (up, client) in other {
            assert!(!same_but_sender(up, client), "{up:?} / {client:?}");
        }
    }

    /// perfr35: what an exchange keeps of its heads (`head_media`, `HeadFacts::names_coding`
    /// with `coded_body`, `BodyAcc::expecting`) answers as the lookups it replaces, for
    /// plain, coded, upper-case, parameterised, unknown and missing fields.
    #[test]
    fn head_facts_agree_with_the_lookups_they_replace() {
        use crate::record::Headers;
        let heads: Vec<Vec<(&str, &str)>> = vec![
            vec![],
            vec![("content-type", "application/json")],
            vec![("Content-Type", "Application/JSON; charset=utf-8")],
            vec![("content-type", " text/event-stream ")],
            vec![
                ("content-type", "application/a2a+json"),
                ("content-type", "text/plain"),
            ],
            vec![("content-type", "application/x-custom+json;v=1")],
            vec![("content-type", "")],
            vec![("content-length", "14"), ("content-encoding", "gzip")],
            vec![("Transfer-Encoding", "chunked")],
            vec![("transfer-encoding", "gzip, chunked")],
            vec![("CONTENT-ENCODING", "identity")],
            vec![
                ("content-encodings", "gzip"),
                ("x-transfer-encoding", "gzip"),
            ],
            vec![("content-encoding", "br")],
            vec![("content-length", " 12 ")],
            vec![("content-length", "+7")],
            vec![("content-length", "99999999999999999999")],
            vec![("content-length", "123456789012345678")],
            vec![("content-length", "1x"), ("content-length", "5")],
            vec![("Content-Length", "0")],
        ];
        let body = br#"{"jsonrpc":"2.0","id":1,"result":{}}"#;
        for pairs in heads {
            let h = Headers::from_pairs(pairs.iter().copied());
            let facts = crate::record::redact::HeadFacts::of(&h);
            assert_eq!(
                super::head_media(&h, facts.content_type()).as_deref(),
                h.media_type().as_deref(),
                "{pairs:?}"
            );
            let coding = facts.names_coding();
            assert_eq!(
                super::coded_body(&h, coding, body).ok(),
                super::decode_coded(&h, body).ok(),
                "{pairs:?}"
            );
            assert_eq!(
                coding && super::is_coded(&h),
                super::is_coded(&h),
                "{pairs:?}"
            );
            let want = h
                .get("content-length")
                .and_then(|v| v.trim().parse::<usize>().ok())
                .unwrap_or(0);
            let got = super::BodyAcc::expecting(facts.content_length_text());
            assert_eq!(
                (got.expected, got.oversize),
                if want > super::BODY_CAP {
                    (super::OVERSIZE_PREFIX, true)
                } else {
                    (want, false)
                },
                "{pairs:?}"
            );
        }
    }

    /// perfr35: `UrlMemo` gives what `parse_url` gives, for a URL again, a new one, one
    /// that does not parse and the empty first key.
    #[test]
    fn url_memo_parses_as_parse_url() {
        let mut memo = super::UrlMemo::default();
        for u in [
            "",
            "http://127.0.0.1:9999/",
            "http://127.0.0.1:9999/",
            "https://Agent.example/a2a?x=1",
            "not a url",
            "not a url",
            "http://127.0.0.1:9999/",
            "",
        ] {
            assert_eq!(
                memo.parse(u).as_deref(),
                crate::model::net::parse_url(u).as_ref(),
                "{u}"
            );
        }
        // More distinct URLs than slots, in a pseudo-random order with repeats (hits,
        // misses, evictions of the least recently used): always what `parse_url` gives,
        // and the memo never holds more than its slots.
        let urls: Vec<String> = (0..40)
            .map(|i| match i % 4 {
                0 => format!("http://127.0.0.1:{}/a2a", 9000 + i),
                1 => format!("https://agent{i}.example/v1/tasks/t{i}?historyLength=2"),
                2 => format!("/relative/{i}"),
                _ => format!("http://[::1]:{}/", 8000 + i),
            })
            .collect();
        let mut k: usize = 7;
        for _ in 0..2_000 {
            k = (k * 1_103_515_245 + 12_345) % 2_147_483_648;
            let u = &urls[(k >> 8) % if k.is_multiple_of(3) { urls.len() } else { 6 }];
            assert_eq!(
                memo.parse(u).as_deref(),
                crate::model::net::parse_url(u).as_ref(),
                "{u}"
            );
            assert!(memo.slots.len() <= super::URL_MEMO_SLOTS);
        }
        assert_eq!(memo.slots.len(), super::URL_MEMO_SLOTS);
    }

    /// `Recent` holds at most its cap, always the last `cap / 2` inserted, and a key
    /// inserted again is held once, with its new value.
    #[test]
    fn recent_keeps_the_newest_entries_within_its_cap() {
        let mut m = super::Recent::new(4);
        for i in 0..10u32 {
            m.insert(format!("k{i}"), i);
            assert!(m.len() <= 4, "{}", m.len());
        }
        assert_eq!(m.get("k9"), Some(&9));
        assert_eq!(m.get("k8"), Some(&8));
        assert_eq!(m.get("k0"), None);
        // k7 is in the old generation (k6, k7; current k8, k9): inserted again it moves
        // to a new current generation, held once, with its new value.
        assert_eq!(m.get("k7"), Some(&7));
        m.insert("k7".into(), 70);
        assert_eq!(m.len(), 3, "k8, k9 (now old) and k7");
        assert_eq!(m.get("k7"), Some(&70));
        assert_eq!(m.get("k6"), None);
        assert_eq!(m.remove("k7"), Some(70));
        assert_eq!(m.get("k7"), None);
        assert!(!m.is_empty());
    }

    /// The one-table `Recent` (perf47) answers as the two maps it replaced did: 200,000
    /// random inserts, removes and lookups over 24 keys, at caps 2, 4, 7 and 64, each
    /// answer and the length compared with that reference after every step; its table
    /// never holds more than the cap plus one entry.
    #[test]
    fn recent_answers_as_the_two_generation_maps_did() {
        use std::collections::HashMap;
        struct TwoMaps {
            cur: HashMap<String, u32>,
            old: HashMap<String, u32>,
            half: usize,
        }
        impl TwoMaps {
            fn get(&self, k: &str) -> Option<&u32> {
                self.cur.get(k).or_else(|| self.old.get(k))
            }
            fn remove(&mut self, k: &str) -> Option<u32> {
                self.cur.remove(k).or_else(|| self.old.remove(k))
            }
            fn insert(&mut self, k: String, v: u32) {
                self.old.remove(&k);
                if self.cur.len() >= self.half && !self.cur.contains_key(&k) {
                    self.old = std::mem::take(&mut self.cur);
                }
                self.cur.insert(k, v);
            }
        }
        let mut r: u64 = 0x2545_f491;
        let mut next = move || {
            r ^= r << 13;
            r ^= r >> 7;
            r ^= r << 17;
            r
        };
        let mut removed_some = 0;
        for cap in [2usize, 4, 7, 64] {
            let mut m = super::Recent::new(cap);
            let mut want = TwoMaps {
                cur: HashMap::new(),
                old: HashMap::new(),
                half: (cap / 2).max(1),
            };
            for step in 0..50_000u32 {
                let k = format!("k{}", next() % 24);
                match next() % 8 {
                    0 => {
                        let got = m.remove(&k);
                        removed_some += usize::from(got.is_some());
                        assert_eq!(got, want.remove(&k), "cap {cap} step {step} remove {k}");
                    }
                    1..=3 => {
                        m.insert(k.clone(), step);
                        want.insert(k, step);
                    }
                    _ => assert_eq!(m.get(&k), want.get(&k), "cap {cap} step {step} get {k}"),
                }
                assert_eq!(
                    m.len(),
                    want.cur.len() + want.old.len(),
                    "cap {cap} step {step}"
                );
                assert_eq!(m.contains("k3"), want.get("k3").is_some());
                assert!(m.map.len() <= cap.max(2) + 1, "cap {cap}: {}", m.map.len());
            }
        }
        assert!(removed_some > 1_000, "{removed_some}");
    }

    /// `BodyWalks` skips a walk only where it would find nothing: on 20,000 random trees
    /// built from the members the three walks read (parts, files, statuses, proto names,
    /// media types good and bad, `metadata` / `data`, user roles) and from others, every
    /// tree on which `proto_field_name`, `part_member_mix` (each style) or
    /// `first_bad_part_media` (answer or request) reports has that walk's note set; and the
    /// notes are not always set (a legal 1.0 task sets none).
    #[test]
    fn body_walks_never_skip_a_walk_that_finds() {
        use super::{first_bad_part_media, BodyWalks};
        use crate::model::a2a::{part_member_mix, PartStyle};
        use crate::model::json::Json;
        const NAMES: &[&str] = &[
            "parts",
            "content",
            "result",
            "params",
            "task",
            "message",
            "msg",
            "status",
            "artifact",
            "history",
            "artifacts",
            "tasks",
            "statusUpdate",
            "update",
            "mimeType",
            "mediaType",
            "filename",
            "name",
            "file",
            "url",
            "raw",
            "uri",
            "bytes",
            "text",
            "data",
            "metadata",
            "role",
            "context_id",
            "task_id",
            "media_type",
            "contextId",
            "kind",
            "extensions",
            "x_y",
            "last_chunk",
            "page_size",
            "next_page_token",
        ];
        const PART: &[&str] = &[
            "file",
            "mediaType",
            "filename",
            "mimeType",
            "name",
            "url",
            "raw",
            "uri",
            "bytes",
            "text",
            "role",
        ];
        const STRINGS: &[&str] = &[
            "image/png",
            "text",
            "*/*",
            "image/*",
            "user",
            "ROLE_USER",
            "agent",
            "http://a/b",
            "",
            "text/plain; charset=utf-8",
            "a b/c",
        ];
        struct Rng(u64);
        impl Rng {
            fn next(&mut self, n: usize) -> usize {
                self.0 ^= self.0 << 13;
                self.0 ^= self.0 >> 7;
                self.0 ^= self.0 << 17;
                (self.0 % n as u64) as usize
            }
        }
        fn tree(r: &mut Rng, depth: u32) -> serde_json::Value {
            use serde_json::Value as V;
            let k = if depth > 6 { r.next(4) } else { r.next(9) };
            // lists of objects where the walks look for parts, most of the time
            let list = |r: &mut Rng| {
                V::Array(
                    (0..r.next(3) + 1)
                        .map(|_| {
                            let mut o = serde_json::Map::new();
                            for _ in 0..r.next(5) + 1 {
                                let name = if r.next(2) == 0 {
                                    PART[r.next(PART.len())]
                                } else {
                                    NAMES[r.next(NAMES.len())]
                                };
                                let v = if name == "file" && r.next(2) == 0 {
                                    let mut f = serde_json::Map::new();
                                    for _ in 0..r.next(3) + 1 {
                                        f.insert(
                                            PART[r.next(PART.len())].to_string(),
                                            V::from(STRINGS[r.next(STRINGS.len())]),
                                        );
                                    }
                                    V::Object(f)
                                } else {
                                    tree(r, depth + 2)
                                };
                                o.insert(name.to_string(), v);
                            }
                            V::Object(o)
                        })
                        .collect(),
                )
            };
            if depth <= 6 && k >= 6 {
                let mut o = serde_json::Map::new();
                for _ in 0..r.next(5) {
                    let name = NAMES[r.next(NAMES.len())];
                    let v = if matches!(
                        name,
                        "parts" | "content" | "history" | "artifacts" | "tasks"
                    ) && r.next(4) != 0
                    {
                        list(r)
                    } else if name == "status" && r.next(3) == 0 {
                        // a status with the 0.3 proto's `update` (and sometimes `message`)
                        let mut st = serde_json::Map::new();
                        st.insert("update".into(), V::Object(serde_json::Map::new()));
                        if r.next(2) == 0 {
                            st.insert("message".into(), tree(r, depth + 2));
                        }
                        V::Object(st)
                    } else {
                        tree(r, depth + 1)
                    };
                    o.insert(name.to_string(), v);
                }
                return V::Object(o);
            }
            match k {
                0 => V::Null,
                1 => V::from(r.next(3)),
                2 | 3 => V::from(STRINGS[r.next(STRINGS.len())]),
                4 | 5 => V::Array((0..r.next(4)).map(|_| tree(r, depth + 1)).collect()),
                _ => V::Object(
                    (0..r.next(6))
                        .map(|_| (NAMES[r.next(NAMES.len())].to_string(), tree(r, depth + 1)))
                        .collect(),
                ),
            }
        }
        let mut r = Rng(0x9E37_79B9_7F4A_7C15);
        let mut found = [0usize; 6];
        let mut skipped = 0usize;
        for i in 0..20_000 {
            let v = tree(&mut r, 0);
            let j = Json::from_value(&v);
            let w = BodyWalks::of(&j);
            if w == BodyWalks(0) {
                skipped += 1;
            }
            let hits = [
                proto_field_name(&j, "").is_some().then_some(w.proto_name()),
                part_member_mix(&j, "", PartStyle::V1)
                    .is_some()
                    .then_some(w.part_mix(PartStyle::V1)),
                part_member_mix(&j, "", PartStyle::V0Rpc)
                    .is_some()
                    .then_some(w.part_mix(PartStyle::V0Rpc)),
                part_member_mix(&j, "", PartStyle::V0Rest)
                    .is_some()
                    .then_some(w.part_mix(PartStyle::V0Rest)),
                j.as_object()
                    .and_then(|o| first_bad_part_media(o, "", true))
                    .is_some()
                    .then_some(w.bad_media()),
                j.as_object()
                    .and_then(|o| first_bad_part_media(o, "", false))
                    .is_some()
                    .then_some(w.bad_media()),
            ];
            for (n, h) in hits.iter().enumerate() {
                if let Some(noted) = h {
                    found[n] += 1;
                    assert!(noted, "tree {i}, walk {n} finds but is skipped: {v}");
                }
            }
        }
        // every walk found something on some trees (the test exercised each), and some
        // trees needed no walk at all
        assert!(found.iter().all(|n| *n > 40), "{found:?}");
        assert!(skipped > 1_000, "{skipped}");
        let legal = crate::model::json::test_json!({
            "id": "t1", "contextId": "c1", "status": {"state": "TASK_STATE_COMPLETED",
            "message": {"role": "ROLE_AGENT", "messageId": "m1", "parts": [{"text": "hi"}]}},
            "artifacts": [{"artifactId": "a1", "name": "answer", "parts": [
                {"text": "x", "mediaType": "text/plain"},
                {"url": "https://e.example/f.png", "mediaType": "image/png", "filename": "f.png"}]}],
            "metadata": {"note": "n"}
        });
        let w = BodyWalks::of(&legal);
        assert!(
            !w.proto_name() && !w.part_mix(PartStyle::V1) && !w.bad_media(),
            "{w:?}"
        );
    }

    /// `not_a_media_type`'s one-pass reading of the usual `type/subtype` gives the verdict
    /// of the general reading (split at `;`, trim, split at `/`, the token bytes) on
    /// 300,000 random strings over the bytes that matter (`/`, `;`, space, tab, `*`, token
    /// punctuation, letters, digits, `é`) and on sides of 126 to 128 bytes.
    #[test]
    fn not_a_media_type_fast_path_agrees_with_the_general_reading() {
        fn general(m: &str) -> bool {
            if m.trim().is_empty() {
                return false;
            }
            let name = m.split(';').next().unwrap_or("").trim();
            let ok = |t: &str| {
                let b = t.as_bytes();
                !b.is_empty()
                    && b.len() <= 127
                    && b[0].is_ascii_alphanumeric()
                    && b.iter()
                        .all(|c| c.is_ascii_alphanumeric() || b"!#$&-^_.+".contains(c))
            };
            match name.split_once('/') {
                Some((t, sub)) => !(ok(t) && ok(sub)),
                None => true,
            }
        }
        const PIECES: &[&str] = &[
            "a", "Z", "0", "/", "/", ";", " ", "\t", "*", "-", "+", ".", "!", "é", "=", "x",
            "text", "plain", "_", "^",
        ];
        let mut seed = 0x2545_F491_4F6C_DD1Du64;
        let mut next = |n: usize| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            (seed % n as u64) as usize
        };
        for _ in 0..300_000 {
            let n = next(8);
            let m: String = (0..n).map(|_| PIECES[next(PIECES.len())]).collect();
            assert_eq!(super::not_a_media_type(&m), general(&m), "{m:?}");
        }
        for (a, b) in [(126, 1), (127, 1), (128, 1), (1, 127), (1, 128), (127, 127)] {
            for m in [
                format!("{}/{}", "a".repeat(a), "b".repeat(b)),
                format!("{}/{};q=1", "a".repeat(a), "b".repeat(b)),
                format!(" {}/{}", "a".repeat(a), "b".repeat(b)),
            ] {
                assert_eq!(super::not_a_media_type(&m), general(&m), "{m:?}");
            }
        }
    }

    /// `may_be_proto_name` (two 8-byte loads for names of 8 to 16 bytes) says yes exactly
    /// for names of 7 bytes or more with a `_`, at every length and position.
    #[test]
    fn may_be_proto_name_finds_the_underscore_at_every_position() {
        for len in 0..30usize {
            let plain = "a".repeat(len);
            assert!(!super::may_be_proto_name(plain.as_bytes()), "{plain}");
            for at in 0..len {
                let mut b = plain.clone().into_bytes();
                b[at] = b'_';
                assert_eq!(super::may_be_proto_name(&b), len >= 7, "{len} {at}");
                // bytes next to '_' (0x5e, 0x60, 0xdf) are not it
                for near in [0x5e, 0x60, 0xdf, 0x7f] {
                    b[at] = near;
                    assert!(!super::may_be_proto_name(&b), "{len} {at} {near:#x}");
                }
            }
        }
        for (snake, _) in super::PROTO_NAMES_1_0 {
            assert!(super::may_be_proto_name(snake.as_bytes()), "{snake}");
        }
    }

    /// `proto_field_name` searches its table only for a member with a `_` in its name.
    #[test]
    fn proto_names_all_have_an_underscore() {
        for (snake, camel) in PROTO_NAMES_1_0 {
            assert!(snake.contains('_'), "{snake}");
            assert!(!camel.contains('_'), "{camel}");
        }
    }

    /// DATA-001's walk, which grows one pointer in place, finds the member and pointer the
    /// old copy-per-member walk found: escapes, array indexes, skipped `metadata` / `data`
    /// / `extensions`, a JSON name beside the proto name, the 16-level bound.
    #[test]
    fn proto_field_name_in_place_agrees_with_a_copy_per_member() {
        fn old(v: &Json, ptr: &str, depth: u8) -> Option<(String, &'static str, &'static str)> {
            if depth > 16 {
                return None;
            }
            match v {
                Json::Object(o) => {
                    for (k, val) in o.iter() {
                        if let Some((sn, ca)) = PROTO_NAMES_1_0.iter().find(|(sn, _)| *sn == k) {
                            if !o.contains_key(ca) {
                                return Some((format!("{ptr}/{k}"), sn, ca));
                            }
                        }
                        if matches!(k, "metadata" | "data" | "extensions") {
                            continue;
                        }
                        let kp = format!("{ptr}/{}", k.replace('~', "~0").replace('/', "~1"));
                        if let Some(hit) = old(val, &kp, depth + 1) {
                            return Some(hit);
                        }
                    }
                    None
                }
                Json::Array(a) => a
                    .iter()
                    .enumerate()
                    .find_map(|(i, x)| old(x, &format!("{ptr}/{i}"), depth + 1)),
                _ => None,
            }
        }
        let mut deep = String::from(r#"{"task_id":"t"}"#);
        let mut shallow = String::from(r#"{"task_id":"t"}"#);
        for i in 0..17 {
            deep = format!(r#"{{"a~/{i}":[0,{deep}]}}"#);
            if i < 6 {
                shallow = format!(r#"{{"a~/{i}":[0,{shallow}]}}"#);
            }
        }
        let texts = [
            r#"{"message":{"parts":[{"text":"x"},{"media_type":"a/b"}]}}"#.to_string(),
            r#"{"message":{"metadata":{"task_id":"x"},"parts":[{"data":{"context_id":1}}]},"configuration":{"x":[{"status_update":{}}]}}"#.to_string(),
            r#"{"message":{"messageId":"m","message_id":"m"},"x/y":{"z~w":[[{"context_id":"c"}]]}}"#.to_string(),
            r#"{"extensions":[{"task_id":"t"}],"status":{"state":"TASK_STATE_WORKING"}}"#.to_string(),
            deep,
            shallow,
        ];
        let mut hits = 0;
        for t in &texts {
            let v = Json::parse(t.as_bytes()).unwrap();
            let want = old(&v, "/params", 0);
            hits += usize::from(want.is_some());
            assert_eq!(proto_field_name(&v, "/params"), want, "{t}");
        }
        assert_eq!(hits, 4, "the cases hold four hits and two misses");
    }

    /// GW-REQ-003: the same send but for the message's contextId / taskId (added, dropped,
    /// replaced) counts, on JSON-RPC (the id aside) and HTTP+JSON; a task id changed only
    /// in letter case is GW-REQ-002's, and any other difference is no copy of the send.
    #[test]
    fn message_ids_rewritten_finds_the_changed_id() {
        let pick = |a: &[u8], b: &[u8]| {
            message_ids_rewritten(a, b).map(|d| (d.member, d.client, d.upstream, d.call, d.base))
        };
        let a = br#"{"jsonrpc":"2.0","id":1,"method":"message/send","params":{"message":{"messageId":"m","parts":[]}}}"#;
        let b = br#"{"jsonrpc":"2.0","id":"gw-1","method":"message/send","params":{"message":{"messageId":"m","parts":[],"contextId":"c-gw"}}}"#;
        assert_eq!(
            pick(a, b),
            Some((
                "contextId",
                None,
                Some("c-gw".into()),
                "message/send".into(),
                "/params"
            ))
        );
        assert_eq!(
            pick(b, a).map(|d| (d.1, d.2)),
            Some((Some("c-gw".into()), None))
        );
        let t1 = br#"{"jsonrpc":"2.0","id":1,"method":"SendMessage","params":{"message":{"messageId":"m","taskId":"Tk-1"}}}"#;
        let t2 = br#"{"jsonrpc":"2.0","id":1,"method":"SendMessage","params":{"message":{"messageId":"m","taskId":"tk-1"}}}"#;
        let t3 = br#"{"jsonrpc":"2.0","id":1,"method":"SendMessage","params":{"message":{"messageId":"m","taskId":"tk-2"}}}"#;
        assert_eq!(pick(t1, t2), None);
        assert_eq!(pick(t1, t3).map(|d| d.0), Some("taskId"));
        // A gateway's own messageId does not hide the changed id (mine30c, ContextForge
        // #4589); another member changed too, or not a send: no copy of this send.
        let own_mid = br#"{"jsonrpc":"2.0","id":1,"method":"SendMessage","params":{"message":{"messageId":"m2","taskId":"tk-2"}}}"#;
        assert_eq!(pick(t1, own_mid).map(|d| d.0), Some("taskId"));
        let other = br#"{"jsonrpc":"2.0","id":1,"method":"SendMessage","params":{"message":{"messageId":"m2","taskId":"tk-2","parts":[{"text":"x"}]}}}"#;
        assert_eq!(pick(t1, other), None);
        let get1 = br#"{"jsonrpc":"2.0","id":1,"method":"GetTask","params":{"id":"t"}}"#;
        let get2 = br#"{"jsonrpc":"2.0","id":1,"method":"GetTask","params":{"id":"u"}}"#;
        assert_eq!(pick(get1, get2), None);
        assert_eq!(pick(a, a), None);
        // HTTP+JSON bodies: the message at the top level.
        let r1 = br#"{"message":{"messageId":"m","contextId":"c-1"}}"#;
        let r2 = br#"{"message":{"messageId":"m","contextId":"c-2"}}"#;
        assert_eq!(
            pick(r1, r2),
            Some((
                "contextId",
                Some("c-1".into()),
                Some("c-2".into()),
                "HTTP+JSON message send".into(),
                ""
            ))
        );
    }

    /// GW-REQ-002's JSON-RPC form: only a task id changed in letter case, the rest of the
    /// call the same (the JSON-RPC id aside), counts (breaker23 G03).
    /// mine43 (a2a-js #338): a refusal that asks for an object where a part's data is not
    /// one names the data and an object, map, dict or Struct; a refusal for another member
    /// or another reason does not.
    #[test]
    fn data_must_be_object_words() {
        assert!(crate::verify::engine::says_data_must_be_object(
            "Invalid params: message.parts[1].data must be an object with string keys"
        ));
        assert!(crate::verify::engine::says_data_must_be_object(
            "message.parts[1].data: expected object, received string"
        ));
        assert!(crate::verify::engine::says_data_must_be_object(
            "Part.data is not a valid Struct"
        ));
        assert!(crate::verify::engine::says_data_must_be_object(
            "data: Input should be a valid dictionary"
        ));
        assert!(!crate::verify::engine::says_data_must_be_object(
            "message.role must be ROLE_USER"
        ));
        assert!(!crate::verify::engine::says_data_must_be_object(
            "metadata must be an object"
        ));
        assert!(!crate::verify::engine::says_data_must_be_object(
            "data part too large"
        ));
    }

    #[test]
    fn task_id_recased_only_in_case() {
        let a = br#"{"jsonrpc":"2.0","id":1,"method":"GetTask","params":{"id":"Tk-9AbC"}}"#;
        let b = br#"{"jsonrpc":"2.0","id":"x","method":"GetTask","params":{"id":"tk-9abc"}}"#;
        assert_eq!(
            task_id_recased(a, b),
            Some(("id", "Tk-9AbC".into(), "tk-9abc".into(), "GetTask".into()))
        );
        // Another id, the same id, or another member changed: not this fault.
        let c = br#"{"jsonrpc":"2.0","id":1,"method":"GetTask","params":{"id":"tk-9abd"}}"#;
        let d = br#"{"jsonrpc":"2.0","id":1,"method":"GetTask","params":{"id":"tk-9abc","historyLength":2}}"#;
        assert_eq!(task_id_recased(a, c), None);
        assert_eq!(task_id_recased(a, a), None);
        assert_eq!(task_id_recased(a, d), None);
        // A send that continues a task names it in params.message.taskId (review23a R4).
        let e = br#"{"jsonrpc":"2.0","id":1,"method":"SendMessage","params":{"message":{"messageId":"m","taskId":"Tk-9AbC"}}}"#;
        let f = br#"{"jsonrpc":"2.0","id":2,"method":"SendMessage","params":{"message":{"messageId":"m","taskId":"tk-9abc"}}}"#;
        assert_eq!(
            task_id_recased(e, f),
            Some((
                "message.taskId",
                "Tk-9AbC".into(),
                "tk-9abc".into(),
                "SendMessage".into()
            ))
        );
    }
    use crate::model::json::Json;
    use serde_json::json;

    /// `parts_hash` as it was before it skipped members instead of removing them from a
    /// copy of the parts (with webhook52's 0.x `file` object moved into the part and the
    /// implied media type removed the same way, and left53's null members, empty metadata
    /// and 0.3 `data_part_compat` wrapping undone).
    fn parts_hash_by_copy(parts: &Json) -> u64 {
        let Json::Array(items) = parts else {
            return json_hash(parts);
        };
        let mut items = items.clone();
        for p in items.iter_mut() {
            if let Some(o) = p.as_object_mut() {
                let compat = o
                    .get("metadata")
                    .and_then(|m| m.get("data_part_compat"))
                    .is_some_and(|f| matches!(f, Json::Bool(true)));
                let wrapped = o
                    .get("data")
                    .and_then(Json::as_object)
                    .filter(|d| d.iter().count() == 1)
                    .and_then(|d| d.get("value"))
                    .cloned();
                if let (true, Some(x)) = (compat, wrapped) {
                    o.insert("data".to_string(), x);
                    if let Some(m) = o.get_mut("metadata").and_then(Json::as_object_mut) {
                        m.remove("data_part_compat");
                    }
                }
                if let Some(Json::Object(f)) = o.get("file").cloned() {
                    o.remove("file");
                    for (n, v) in f.iter() {
                        if matches!(v, Json::Null) {
                            continue;
                        }
                        let n = match n {
                            "uri" | "fileWithUri" => "url",
                            "bytes" | "fileWithBytes" => "raw",
                            "mimeType" => "mediaType",
                            "name" => "filename",
                            n => n,
                        };
                        o.insert(n.to_string(), v.clone());
                    }
                }
                let implied = if o.get("text").is_some_and(Json::is_string) {
                    Some("text/plain")
                } else if o.get("data").is_some() {
                    Some("application/json")
                } else {
                    None
                };
                for k in ["mediaType", "mimeType"] {
                    let m = o.get(k).and_then(Json::as_str);
                    if implied.is_some_and(|c| m.is_some_and(|m| m.eq_ignore_ascii_case(c))) {
                        o.remove(k);
                    }
                }
                for k in ["kind", "type"] {
                    if o.get(k).is_some_and(Json::is_string) {
                        o.remove(k);
                    }
                }
                for k in ["filename", "mediaType", "mimeType"] {
                    if o.get(k).and_then(Json::as_str) == Some("") {
                        o.remove(k);
                    }
                }
                let unset: Vec<String> = o
                    .iter()
                    .filter(|(n, v)| {
                        matches!(v, Json::Null)
                            || (*n == "metadata"
                                && v.as_object().is_some_and(|m| m.iter().next().is_none()))
                    })
                    .map(|(n, _)| n.to_string())
                    .collect();
                for k in unset {
                    o.remove(&k);
                }
            }
        }
        json_hash(&Json::Array(items))
    }

    /// ID-007's parts hash: the same value as the copy-and-remove it replaced, on parts of
    /// every generation's shape, with `kind` / `type` as strings, as other values, missing,
    /// and repeated (a text whose object keeps both members of a repeated name).
    #[test]
    fn parts_hash_without_a_copy_agrees_with_removing_the_kind() {
        let texts = [
            r#"[{"kind":"text","text":"hello"}]"#,
            r#"[{"type":"text","text":"hello"}]"#,
            r#"[{"text":"hello"}]"#,
            r#"[{"text":"hello","kind":"text","type":"x"},{"kind":"file","file":{"uri":"u"}}]"#,
            r#"[{"kind":1,"text":"hello"},{"type":null,"kind":"data","data":{"kind":"x"}}]"#,
            r#"[{"kind":"text","kind":"data","text":"a"}]"#,
            r#"[{"kind":2,"kind":"text","text":"a"}]"#,
            r#"[{"type":"text","type":"text","kind":"text","kind":"text"}]"#,
            r#"["text",1,null,[{"kind":"text"}],{}]"#,
            r#"[]"#,
            r#"[{"kind":"file","file":{"bytes":"QQ==","mimeType":"","name":"n"}}]"#,
            r#"[{"text":"a","mediaType":"TEXT/PLAIN"},{"data":{},"mimeType":"application/json"}]"#,
            r#"{"kind":"text","text":"not an array"}"#,
            r#""hello""#,
        ];
        for t in texts {
            let v = Json::parse(t.as_bytes()).expect("json");
            assert_eq!(parts_hash(&v), parts_hash_by_copy(&v), "{t}");
        }
        // and the generations' spellings of one part still hash alike, other text not
        let h = |t: &str| parts_hash(&Json::parse(t.as_bytes()).expect("json"));
        assert_eq!(
            h(r#"[{"kind":"text","text":"a"}]"#),
            h(r#"[{"type":"text","text":"a"}]"#)
        );
        assert_eq!(h(r#"[{"kind":"text","text":"a"}]"#), h(r#"[{"text":"a"}]"#));
        assert_ne!(h(r#"[{"kind":"text","text":"a"}]"#), h(r#"[{"text":"b"}]"#));
        // breaker46: ProtoJSON's default values of the part's plain strings are unset ones,
        // a set filename or an empty text (the oneof member) is not
        assert_eq!(
            h(r#"[{"text":"a","filename":"","mediaType":""}]"#),
            h(r#"[{"text":"a"}]"#)
        );
        assert_ne!(
            h(r#"[{"text":"a","filename":"x"}]"#),
            h(r#"[{"text":"a"}]"#)
        );
        assert_ne!(h(r#"[{"text":""}]"#), h(r#"[{"data":""}]"#));
        // webhook52: the media type a text or data part has anyway, as a 0.3-to-1.0
        // translator writes it (the a2a-js push sender's 1.0 fallback), is the same part
        assert_eq!(
            h(r#"[{"kind":"text","text":"a"}]"#),
            h(r#"[{"text":"a","mediaType":"text/plain"}]"#)
        );
        assert_eq!(
            h(r#"[{"kind":"data","data":{"k":1}}]"#),
            h(r#"[{"data":{"k":1},"mediaType":"Application/JSON"}]"#)
        );
        // another media type, or one a file part names, still counts
        assert_ne!(
            h(r#"[{"text":"a"}]"#),
            h(r#"[{"text":"a","mediaType":"text/markdown"}]"#)
        );
        assert_ne!(
            h(r#"[{"url":"u"}]"#),
            h(r#"[{"url":"u","mediaType":"text/plain"}]"#)
        );
        assert_ne!(
            h(r#"[{"data":{"k":1}}]"#),
            h(r#"[{"data":{"k":1},"mediaType":"text/plain"}]"#)
        );
        // a 0.x FilePart and the 1.0 part it became
        assert_eq!(
            h(r#"[{"kind":"file","file":{"uri":"u","mimeType":"image/png","name":"a.png"}}]"#),
            h(r#"[{"url":"u","mediaType":"image/png","filename":"a.png"}]"#)
        );
        assert_eq!(
            h(r#"[{"kind":"file","file":{"bytes":"QQ==","mimeType":""}}]"#),
            h(r#"[{"raw":"QQ=="}]"#)
        );
        assert_ne!(
            h(r#"[{"kind":"file","file":{"uri":"u","name":"a.png"}}]"#),
            h(r#"[{"url":"u","filename":"b.png"}]"#)
        );
        assert_ne!(
            h(r#"[{"kind":"file","file":{"uri":"u"}}]"#),
            h(r#"[{"raw":"u"}]"#)
        );
    }

    /// left53 (ID-007, ID-MSG-003): one part's content in the 0.1 `type` shape as its
    /// writers send it (`metadata: null`, `mimeType: null` in the file), the 0.3 ProtoJSON
    /// file (`fileWithUri` / `fileWithBytes`), and a 1.0 data value that is no object as a
    /// 0.3 translator wraps it (`{"value":X}` with `metadata.data_part_compat`) hash as the
    /// 1.0 part; other content, other metadata and an unflagged `{"value":X}` still differ,
    /// and the copy-and-remove model agrees on each. Before: every pair hashed apart.
    #[test]
    fn parts_hash_reads_equal_content_alike_across_generations() {
        let h = |t: &str| parts_hash(&Json::parse(t.as_bytes()).expect("json"));
        let same = [
            (
                r#"[{"type":"text","text":"a","metadata":null}]"#,
                r#"[{"text":"a"}]"#,
            ),
            (
                r#"[{"type":"data","data":{"k":1},"metadata":{}}]"#,
                r#"[{"data":{"k":1}}]"#,
            ),
            (
                r#"[{"type":"file","file":{"bytes":"QQ==","mimeType":null,"name":null},"metadata":null}]"#,
                r#"[{"raw":"QQ=="}]"#,
            ),
            (
                r#"[{"file":{"fileWithUri":"u","mimeType":"image/png"}}]"#,
                r#"[{"url":"u","mediaType":"image/png"}]"#,
            ),
            (
                r#"[{"file":{"fileWithBytes":"QQ=="}}]"#,
                r#"[{"raw":"QQ=="}]"#,
            ),
            (
                r#"[{"kind":"data","data":{"value":[1,2]},"metadata":{"data_part_compat":true}}]"#,
                r#"[{"data":[1,2]}]"#,
            ),
            (
                r#"[{"kind":"data","data":{"value":"s"},"metadata":{"data_part_compat":true,"m":1}}]"#,
                r#"[{"data":"s","metadata":{"m":1}}]"#,
            ),
        ];
        for (a, b) in same {
            assert_eq!(h(a), h(b), "{a} vs {b}");
            for t in [a, b] {
                let v = Json::parse(t.as_bytes()).expect("json");
                assert_eq!(parts_hash(&v), parts_hash_by_copy(&v), "{t}");
            }
        }
        let apart = [
            (
                r#"[{"kind":"data","data":{"value":[1,2]}}]"#,
                r#"[{"data":[1,2]}]"#,
            ),
            (
                r#"[{"kind":"data","data":{"value":[1,2]},"metadata":{"data_part_compat":true}}]"#,
                r#"[{"data":[1,3]}]"#,
            ),
            (
                r#"[{"kind":"data","data":{"value":1,"x":2},"metadata":{"data_part_compat":true}}]"#,
                r#"[{"data":1}]"#,
            ),
            (
                r#"[{"type":"text","text":"a","metadata":{"m":1}}]"#,
                r#"[{"text":"a"}]"#,
            ),
            (r#"[{"text":"a","metadata":null}]"#, r#"[{"text":"b"}]"#),
        ];
        for (a, b) in apart {
            assert_ne!(h(a), h(b), "{a} vs {b}");
            for t in [a, b] {
                let v = Json::parse(t.as_bytes()).expect("json");
                assert_eq!(parts_hash(&v), parts_hash_by_copy(&v), "{t}");
            }
        }
    }

    /// perf42: `media_names_json` answers as `str::contains("json")` for every media type
    /// `head_media` keeps, each with the needle cut, moved to either end, repeated, split
    /// by a byte, and near misses (`jso`, `JSON`, `js on`, non-ASCII around it).
    #[test]
    fn media_names_json_answers_as_contains() {
        let mut cases: Vec<String> = [
            "application/json",
            "text/event-stream",
            "application/a2a+json",
            "application/grpc",
            "application/grpc+proto",
            "text/plain",
            "text/html",
            "application/problem+json",
            "application/json-seq",
            "application/x-ndjson",
            "",
            "j",
            "jso",
            "json",
            "JSON",
            "js on",
            "jsojson",
            "jjson",
            "jsonn",
            "\u{e9}json\u{e9}",
            "jso\u{e9}n",
        ]
        .map(str::to_string)
        .to_vec();
        for pre in ["", "a", "application/", "x".repeat(30).as_str()] {
            for post in ["", "n", "+json", "; charset=utf-8", "y".repeat(17).as_str()] {
                for mid in ["json", "jso", "son", "js", "jsxn"] {
                    cases.push(format!("{pre}{mid}{post}"));
                }
            }
        }
        for m in &cases {
            assert_eq!(super::media_names_json(m), m.contains("json"), "{m:?}");
        }
    }

    /// perfp41: `json_hash` by 8-byte words: equal values hash alike (members in any
    /// order), and ~2,000 distinct values hash apart, among them strings of every length
    /// 0-24 with each byte changed (across the word boundaries), the same bytes split
    /// differently among strings and array elements, each kind of number, and nesting.
    #[test]
    fn json_hash_tells_distinct_values_apart() {
        let h = |t: &str| json_hash(&Json::parse(t.as_bytes()).expect("json"));
        assert_eq!(
            h(r#"{"a":1,"b":[true,{"c":"x","d":null}]}"#),
            h(r#"{"b":[true,{"d":null,"c":"x"}],"a":1}"#)
        );
        let mut texts: Vec<String> = Vec::new();
        for n in 0..=24 {
            let base = "a".repeat(n);
            texts.push(format!("\"{base}\""));
            for i in 0..n {
                let mut t = base.clone();
                t.replace_range(i..i + 1, "b");
                texts.push(format!("\"{t}\""));
                texts.push(format!("[\"{}\",\"{}\"]", &base[..i], &base[i..]));
                texts.push(format!("{{\"{}\":\"{}\"}}", &base[..i], &base[i..]));
            }
            texts.push(format!("[\"{base}\"]"));
            texts.push(format!("[[\"{base}\"]]"));
        }
        for i in 0..200u64 {
            texts.push(i.to_string());
            texts.push(format!("-{}", i + 1));
            texts.push(format!("{i}.5"));
            texts.push(format!("[{i}]"));
            texts.push(format!("{{\"n\":{i}}}"));
            texts.push(format!("{{\"n\":\"{i}\"}}"));
        }
        texts.extend(
            [
                "null",
                "true",
                "false",
                "[]",
                "{}",
                "[null]",
                "[[]]",
                "[{}]",
                "{\"\":null}",
            ]
            .map(String::from),
        );
        let values: Vec<serde_json::Value> = texts
            .iter()
            .map(|t| serde_json::from_str(t).expect("json"))
            .collect();
        let mut seen: std::collections::HashMap<u64, &serde_json::Value> =
            std::collections::HashMap::new();
        for (t, v) in texts.iter().zip(&values) {
            if let Some(old) = seen.insert(h(t), v) {
                assert_eq!(old, v, "{t} collides with {old}");
            }
        }
        assert!(seen.len() > 2_000, "{}", seen.len());
    }

    /// GW-RESP-007's comparison: member order and number spelling do not count (JCS), any
    /// other change names its place; only `signatures` is left out.
    #[test]
    fn signed_card_difference_ignores_order_and_signatures() {
        let a = json!({"name":"a","n":1,"supportedInterfaces":[{"url":"http://in/a2a"}]});
        let b = json!({"supportedInterfaces":[{"url":"http://in/a2a"}],"n":1.0,"name":"a"});
        assert_eq!(first_difference(&a, &b, String::new()), None);
        let c = json!({"name":"a","n":1,"supportedInterfaces":[{"url":"http://gw/a2a"}]});
        assert_eq!(
            first_difference(&a, &c, String::new()).as_deref(),
            Some("/supportedInterfaces/0/url")
        );
        let d = json!({"name":"a","n":1,"supportedInterfaces":[],"x/y":true});
        assert_eq!(
            first_difference(&a, &d, String::new()).as_deref(),
            Some("/supportedInterfaces")
        );
        assert_eq!(
            first_difference(
                &a,
                &json!({"name":"a","n":1,"supportedInterfaces":[{"url":"http://in/a2a"}],"x/y":1}),
                String::new()
            )
            .as_deref(),
            Some("/x~1y")
        );
        let text = r#"{"name":"a","signatures":[{"protected":"eyJ","signature":"c2ln"}]}"#;
        let v = Json::parse_str(text).unwrap();
        let (sigs, content) = signed_card_content(&v).unwrap();
        assert_eq!(sigs, vec!["eyJ.c2ln".to_string()]);
        assert_eq!(content, json!({"name":"a"}));
        let unsigned = Json::parse_str(r#"{"name":"a","signatures":[]}"#).unwrap();
        assert!(signed_card_content(&unsigned).is_none());
    }

    #[test]
    fn host_port_writes_every_port_in_decimal() {
        assert_eq!(host_port("a.example", 0, 0), "a.example:0");
        assert_eq!(host_port("127.0.0.1", 80, 0), "127.0.0.1:80");
        assert_eq!(host_port("[::1]", 8080, 0), "[::1]:8080");
        assert_eq!(host_port("h", 65535, 0), "h:65535");
        for p in [1u16, 9, 10, 99, 100, 443, 1000, 9999, 10000, 54321] {
            assert_eq!(host_port("h", p, 0), format!("h:{p}"));
        }
    }

    /// perfv36: `internal_detail` with its byte gates (`LineBytes`) and the client's text read
    /// only on a candidate answers what it answered before on 200,000 random texts of 1-6
    /// pieces (each kind of stack trace, SQL, driver name and source path it looks for, their
    /// pieces, the bytes the gates look at, ordinary error text, line breaks) against the
    /// function as it was (copied here), with and without a client text that names the path
    /// or statement; each kind is found on hundreds of texts.
    #[test]
    fn internal_detail_gates_answer_as_the_full_search() {
        use super::{
            client_named_host, client_named_path, client_sent_sql, excerpt_str, internal_detail,
            sql_clause, url_with_password, SentText, SQL_KEYWORDS,
        };
        fn unfiltered(t: &str, sent: &str) -> Option<(&'static str, String)> {
            const SRC: [&str; 10] = [
                ".py", ".java", ".js", ".ts", ".go", ".rs", ".cs", ".rb", ".php", ".kt",
            ];
            let shown = |l: &str| excerpt_str(l.trim(), 120);
            for line in t.lines() {
                let l = line.trim();
                if l.contains("Traceback (most recent call last)")
                    || (l.starts_with("File \"") && l.contains("\", line "))
                {
                    return Some(("a Python stack trace", shown(l)));
                }
                if l.starts_with("goroutine ") && l.contains(" [")
                    || l.contains(".go:") && l.contains(" +0x")
                {
                    return Some(("a Go stack trace", shown(l)));
                }
                if l.contains("panicked at ") && l.contains(".rs:") {
                    return Some(("a Rust panic with its source location", shown(l)));
                }
                if let Some(frame) = l.strip_prefix("at ") {
                    // Java `at com.foo.Bar.run(Bar.java:42)`, .NET `at System.Foo.Bar() in
                    // /src/X.cs:line 42` or `at System.Threading...`, Node `at fn (/app/x.js:10:5)`.
                    let dotnet = frame.starts_with("System.")
                        || frame.starts_with("Microsoft.")
                        || frame.contains(":line ");
                    let java = frame.contains(".java:")
                        || frame.contains(".kt:")
                        || frame.ends_with("(Native Method)")
                        || frame.ends_with("(Unknown Source)");
                    let js = [".js:", ".ts:", ".mjs:", ".cjs:"]
                        .iter()
                        .any(|e| frame.contains(e))
                        || frame.starts_with("async ") && frame.contains(':');
                    let what = if dotnet {
                        Some("a .NET stack trace")
                    } else if java {
                        Some("a Java stack trace")
                    } else if js {
                        Some("a JavaScript stack trace")
                    } else {
                        None
                    };
                    if let Some(w) = what {
                        return Some((w, shown(l)));
                    }
                }
                // A statement's keyword starts a clause (the line, or after `:`, `[`, `(`, a
                // quote, `;`): "[SQL: SELECT id FROM tasks", "LINE 1: UPDATE tasks SET"; an
                // upper-case word in prose ("Please SELECT a skill FROM the card") is no SQL.
                let [select, insert, delete, update] = &*SQL_KEYWORDS;
                let sql = (sql_clause(l, select) && l.contains(" FROM "))
                    || sql_clause(l, insert)
                    || sql_clause(l, delete)
                    || (sql_clause(l, update) && l.contains(" SET "))
                    // SQLSTATE in any case, without an upper-case copy of every line (this runs
                    // on every line of every error answer's strings)
                    || l.as_bytes()
                        .windows(8)
                        .any(|w| w.eq_ignore_ascii_case(b"SQLSTATE"))
                    || l.contains("syntax error at or near")
                    || l.contains("sqlite3.")
                    || l.contains("psycopg2.")
                    || l.contains("sqlalchemy.exc.");
                if sql && !client_sent_sql(l, sent) {
                    return Some(("SQL or a database driver's error", shown(l)));
                }
                let redis_py = l.starts_with("Error ")
                    && l.contains(" connecting to ")
                    && l.split(" connecting to ")
                        .nth(1)
                        .is_some_and(|r| r.contains(':'));
                if (redis_py
                    || [
                        "connection to server at \"",
                        "could not connect to server",
                        "connecting to redis",
                        "connect ECONNREFUSED ",
                        "getaddrinfo ENOTFOUND ",
                    ]
                    .iter()
                    .any(|d| l.contains(d)))
                    && !client_named_host(l, sent)
                {
                    return Some((
                        "a database or cache driver's connection error naming the server",
                        shown(l),
                    ));
                }
                if let Some(tok) = l
                    .split(|c: char| c.is_whitespace() || "\"'()[]{},;<>".contains(c))
                    .map(|t| t.trim_end_matches([':', '.', '!', '?']))
                    .find(|t| url_with_password(t))
                {
                    if !sent.contains(tok) {
                        return Some(("a connection string with its password", shown(tok)));
                    }
                }
                // A server source file path: absolute (`/srv/app/handler.py`, `C:\app\X.cs`) or
                // under site-packages / node_modules, naming a source file. Every such token holds
                // a `/` or `\`: a line with neither is not split into tokens (perf32).
                if !l.bytes().any(|b| b == b'/' || b == b'\\') {
                    continue;
                }
                for tok in l.split(|c: char| c.is_whitespace() || "\"'()[]{},;=".contains(c)) {
                    // An HTML page's asset (`<script src="/_next/static/chunks/main.js">`, a
                    // stylesheet's href) is a URL the browser fetches, not a file on the server.
                    let off = tok.as_ptr() as usize - l.as_ptr() as usize;
                    let before = l[..off].trim_end_matches(['"', '\'']);
                    if before.ends_with("src=") || before.ends_with("href=") {
                        continue;
                    }
                    let tok =
                        tok.trim_end_matches(|c: char| c == ':' || c == '.' || c.is_ascii_digit());
                    let path = tok.starts_with('/')
                        || tok.contains("site-packages/")
                        || tok.contains("node_modules/")
                        || tok.as_bytes().get(1..3) == Some(b":\\");
                    let dirs = tok.matches(['/', '\\']).count() >= 2;
                    if path
                        && dirs
                        && SRC.iter().any(|e| tok.ends_with(e))
                        && !client_named_path(tok, sent)
                    {
                        return Some(("a server source file path", shown(tok)));
                    }
                }
            }
            None
        }
        const PIECES: &[&str] = &[
            "Traceback (most recent call last)",
            "Traceback (most recent call",
            "File \"/srv/app/x.py\", line 3",
            "File \"x\"",
            "\", line ",
            "goroutine 1 [running]:",
            "goroutine ",
            " [",
            "main.go:12 +0x1d",
            "/app/main.go:12 +0x1d",
            ".go:",
            " +0x",
            "thread 'main' panicked at src/main.rs:3:5",
            "panicked at ",
            ".rs:",
            "at com.foo.Bar.run(Bar.java:42)",
            "at System.Foo()",
            "at fn (/app/x.js:10:5)",
            "at async f (x:1)",
            "at ",
            "[SQL: SELECT id FROM tasks",
            "SELECT a FROM b",
            "SELECT ",
            " FROM ",
            "INSERT INTO t",
            "DELETE FROM t",
            "UPDATE t SET a",
            "UPDATE ",
            " SET ",
            "sqlstate",
            "SQLSTATE[42000]",
            "SqLsTaTe",
            "syntax error at or near",
            "sqlite3.OperationalError",
            "sqlite3",
            "psycopg2.errors",
            "psycopg2",
            "sqlalchemy.exc.X",
            "/srv/app/handler.py",
            "/srv/app/handler.py:12",
            "C:\\app\\X.cs",
            "site-packages/a/b.py",
            "node_modules/x/y.js",
            "notes/main.go",
            "Task not found: t1",
            "connection to server at \"10.1.2.3\", port 5432 failed",
            "connection to server at \"",
            "Error 111 connecting to redis.internal:6379.",
            " connecting to ",
            "connect ECONNREFUSED 10.0.0.5:27017",
            "postgresql://app:s3cret@db.internal/app",
            "redis://:pw@cache",
            "https://user@example.com/x",
            "://",
            "@",
            "a2a-protocol.org",
            "type.googleapis.com/google.rpc.ErrorInfo",
            "src=\"/a/b/c.js\"",
            " ",
            "\n",
            "\r\n",
            ":",
            "(",
            "E",
            "T",
            "q",
            "x",
            "y",
            ".",
            "+",
            "/",
            "\\",
            "word",
            "é",
            "0x",
            "\t",
        ];
        const SENT: [&str; 5] = [
            "",
            "SELECT id FROM tasks",
            "notes/main.go",
            "/srv/app/handler.py",
            "query postgresql://app:s3cret@db.internal/app on 10.1.2.3",
        ];
        let mut x = 0x853C_49E6_748F_EA9Bu64;
        let mut next = |n: usize| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            (x % n as u64) as usize
        };
        let mut kinds = std::collections::HashMap::new();
        for _ in 0..200_000 {
            let mut t = String::new();
            for _ in 0..next(6) + 1 {
                t.push_str(PIECES[next(PIECES.len())]);
            }
            let sent = SENT[next(SENT.len())];
            let want = unfiltered(&t, sent);
            assert_eq!(
                internal_detail(&t, &SentText::fixed(sent)),
                want,
                "{t:?} / {sent:?}"
            );
            *kinds.entry(want.map(|w| w.0)).or_insert(0usize) += 1;
        }
        for k in [
            "a Python stack trace",
            "a Go stack trace",
            "a Rust panic with its source location",
            "a Java stack trace",
            "a .NET stack trace",
            "a JavaScript stack trace",
            "SQL or a database driver's error",
            "a server source file path",
            "a database or cache driver's connection error naming the server",
            "a connection string with its password",
        ] {
            assert!(
                kinds.get(&Some(k)).is_some_and(|n| *n > 300),
                "{k}: {kinds:?}"
            );
        }
        assert!(kinds[&None] > 20_000, "{kinds:?}");
    }
}

// ---- q30a (mine29c): a reset stream the client recovered from ---------------------------

/// A STREAM-END-002 told for a task stream the agent's side reset ([`State::reset_cuts`]):
/// the stream's exchange id, the finding's message, and its index in [`State::out`].
#[derive(Debug, Clone)]
struct HeldReset {
    xid: String,
    msg: String,
    at: usize,
    /// HTTP-FRAME-002 for the same cut ([`State::stream_cut_short`]): held with it, told
    /// when the task is not resumed (at the end of the recording, or when another reset of
    /// the task replaces this one), dropped when it is (STREAM-END-006: the client got
    /// the outcome, the break is that warning's).
    frame: Option<Finding>,
}

impl State {
    /// STREAM-END-006 (STREAM-003, STREAM-004; 1.0 §3.1.6): task `key` is in
    /// [`State::reset_cuts`] after its stream was reset (STREAM-END-002 told), and now another exchange's
    /// subscription stream (SubscribeToTask, 0.x `tasks/resubscribe`) shows it in state `st`
    /// (at `ptr` of event `seq`): a terminal or interrupted state carries the task on to
    /// where a stream may end, so the reset is the hop's warning, not the task's
    /// unfinished stream: the STREAM-END-002 finding becomes STREAM-END-006, with the
    /// subscription's state as further evidence.
    fn reset_resumed(&mut self, key: &str, st: TaskState, seq: u64, x: &Exch, ptr: &str) {
        let resubscribed = x.sse.is_some()
            && x.call
                .as_ref()
                .is_some_and(|c| c.op == Some(Op::SubscribeToTask) && !c.webhook);
        if !resubscribed || !(st.is_terminal() || st.is_interrupted()) {
            return;
        }
        if self.reset_cuts.get(key).is_none_or(|h| *h.xid == *x.id) {
            return;
        }
        // (its held HTTP-FRAME-002, if any, goes with it: the break is STREAM-END-006's)
        let Some(h) = self.reset_cuts.remove(key) else {
            return;
        };
        // the STREAM-END-002 told when the stream broke, still the one at its index
        let told = self.out.get(h.at).is_some_and(|f| {
            r::is_stream_ended_without_terminal(&f.rule)
                && f.evidence
                    .first()
                    .is_some_and(|e| e.exchange.as_deref() == Some(h.xid.as_str()))
        });
        if !told {
            return;
        }
        let how = x
            .call
            .as_ref()
            .and_then(|c| c.method.clone())
            .unwrap_or_else(|| "SubscribeToTask".into());
        let state = x.ev_at(seq, ptr, Some(Value::String(x.state_term(st).into())));
        let mut f = Finding::new(
            &r::STREAM_RESET_RESUMED,
            format!(
                "{}; the client resubscribed ({how}, exchange {}) and that stream carried the task on to {}: the task's outcome reached the client, the connection broke on the way",
                h.msg,
                x.id,
                x.state_term(st)
            ),
        );
        let old = &mut self.out[h.at];
        f.evidence = std::mem::take(&mut old.evidence);
        f.evidence.push(state);
        f.leg = old.leg.take();
        *old = f;
    }
}

// ---- q30a (review29a): what else the agent answered around a call ---------------------------

/// How many ended A2A calls [`State::recent_answers`] keeps.
const RECENT_ANSWERS: usize = 64;

/// How far back (µs of capture time) [`State::answers_around`] looks: a minute.
const ANSWERS_AROUND_US: u64 = 60_000_000;

/// One ended A2A call ([`State::recent_answers`]): its exchange id, the agent's origin
/// (scheme, host, port), when it ended (µs), its method as sent, and whether the agent
/// failed it as a server does when it is down (HTTP 5xx, JSON-RPC -32603, gRPC INTERNAL /
/// UNAVAILABLE / UNKNOWN, no answer at all).
#[derive(Debug, Clone)]
struct RecentAnswer {
    xid: ExchangeId,
    origin: String,
    end_t: u64,
    method: String,
    failed: bool,
}

impl State {
    /// Remembers ended client-leg A2A call `x` in [`State::recent_answers`] (not a push
    /// delivery, not a hop behind a gateway, not the recording proxy's own answer).
    fn remember_answer(&mut self, x: &Exch) {
        let Some(c) = x
            .call
            .as_ref()
            .filter(|c| c.op.is_some_and(Op::is_task_op) && !c.webhook)
        else {
            return;
        };
        if self.behind_hop(x) || x.synthetic {
            return;
        }
        let Some(origin) = x.addressed_origin() else {
            return;
        };
        let failed = match x.status {
            None => true,
            Some(s) if s >= 500 => true,
            Some(_) if x.grpc.is_some() => x
                .trailers
                .get("grpc-status")
                .or_else(|| x.resp_headers.get("grpc-status"))
                .is_some_and(|v| matches!(v.trim(), "2" | "13" | "14")),
            Some(_) if c.binding == Some(Binding::JsonRpc) && x.sse.is_none() => {
                let body = x.resp_decoded().unwrap_or_default();
                let head = &body[..body.len().min(SENT_TEXT_CAP)];
                // Parsed only when the answer has an `error` member ([`answer_refused`],
                // kept for `end_exchange`'s callers; a body longer than the cap is read as
                // cut there, as before): perf31, a `serde_json::Value` per answered
                // JSON-RPC task call is no longer built.
                // perf32: an integer `code` of -32603 is written as these six bytes (JSON
                // has no other spelling of it; a float is no `as_i64`), so an answer without
                // them is no internal error: no walk, no parse (one `memmem`).
                // perf33: the searcher built once (building one per answer cost more than
                // the search).
                static INTERNAL: std::sync::LazyLock<memchr::memmem::Finder<'static>> =
                    std::sync::LazyLock::new(|| memchr::memmem::Finder::new(b"-32603"));
                INTERNAL.find(head).is_some()
                    && (head.len() < body.len() || answer_refused(x))
                    && serde_json::from_slice::<Value>(head)
                        .ok()
                        .and_then(|v| v.pointer("/error/code").and_then(Value::as_i64))
                        == Some(jsonrpc::INTERNAL_ERROR)
            }
            Some(_) => false,
        };
        if self.recent_answers.len() >= RECENT_ANSWERS {
            self.recent_answers.pop_front();
        }
        self.recent_answers.push_back(RecentAnswer {
            xid: x.id.clone(),
            origin,
            end_t: x.end_t,
            method: c
                .method
                .clone()
                .unwrap_or_else(|| c.op.map_or("?", Op::name).to_string()),
            failed,
        });
    }

    /// The other A2A calls to the agent of call `x` (same origin) that ended in the
    /// [`ANSWERS_AROUND_US`] before `x` ended, oldest first.
    fn answers_around(&self, x: &Exch) -> Vec<RecentAnswer> {
        let Some(origin) = x.addressed_origin() else {
            return Vec::new();
        };
        let from = x.end_t.max(x.req_t).saturating_sub(ANSWERS_AROUND_US);
        self.recent_answers
            .iter()
            .filter(|a| a.xid != x.id && a.origin == origin && a.end_t >= from)
            .cloned()
            .collect()
    }
}

// ---- review30a: BIND-USE-003 only where the recording could see the earlier interface ----

/// Whether a call a client made to `earlier` (an earlier card interface url, BIND-USE-003)
/// would be in a recording of `mode` that holds the client's call to `later`: a reverse
/// proxy records only what comes to its own listeners, so an earlier entry at another
/// origin than the one used may have been tried (and failed, or been answered) around it;
/// an earlier entry on a loopback or private host, when the used one is not, is one the
/// client cannot reach (the card's fault, CARD-URL rules), not one it skipped. In other
/// modes (forward proxy, HAR, transcript, probe) every call of the client is seen.
fn earlier_interface_visible(mode: CaptureMode, earlier: &str, later: &str) -> bool {
    let (Some(e), Some(l)) = (parse_url(earlier), parse_url(later)) else {
        return false;
    };
    if e.origin() == l.origin() {
        return true;
    }
    mode != CaptureMode::Reverse
        && (host_class(&l.host).is_internal() || !host_class(&e.host).is_internal())
}

/// Whether card `view` has two entries of its 1.0 interface list that
/// [`State::preferred_interface_skipped`] could ever pair (in a recording of `mode`): an
/// earlier one of the same binding, version and tenant at another URL, visible
/// ([`earlier_interface_visible`]) from the later one. A card without such a pair never
/// gives BIND-USE-003 whatever its clients call, so its uses are not recorded (perf31: the
/// record grew with every card fetch followed by a call).
fn bind_use_pair_possible(view: &AgentCardView, mode: CaptureMode) -> bool {
    let ifs = &view.interfaces;
    ifs.iter().enumerate().any(|(j, later)| {
        let Some(dv) = later.version.as_deref().and_then(Dialect::from_version) else {
            return false;
        };
        later.pointer().starts_with("/supportedInterfaces")
            && ifs[..j].iter().any(|e| {
                e.pointer().starts_with("/supportedInterfaces")
                    && e.binding.eq_ignore_ascii_case(&later.binding)
                    && e.version.as_deref().and_then(Dialect::from_version) == Some(dv)
                    && e.tenant == later.tenant
                    && net::norm_path(&e.url) != net::norm_path(&later.url)
                    && earlier_interface_visible(mode, &e.url, &later.url)
            })
    })
}

// ---- q30a (mine29a): a task served to another caller -------------------------------------

/// The principal a call's `Authorization` credential names (AUTH-006: tasks are scoped to
/// it), as [`credential_subject`] reads it.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Subject {
    /// Read in the clear: a JWT's `iss` and `sub`, a Basic user name.
    Named(crate::record::redact::Principal),
    /// On a redacted recording, the principal tag the recorder kept (12 hex digits,
    /// [`crate::record::redact::placeholder_principal`]); its kind is hidden.
    Tag(String),
}

/// The principal the credentials of exchange `x` name, when they name one
/// ([`crate::record::redact::credential_principal`]): a JWT bearer token's `iss` and `sub`
/// (read from the token's payload, never its signature), a Basic credential's user name
/// when it has a password too (a Basic credential with an empty password or user carries
/// its secret in the other half: no subject, never printed); on a redacted recording, the
/// principal tag the recorder kept of either ([`Subject::Tag`]). `None` for an opaque
/// token, an API key, a value redacted without a principal tag or no Authorization header:
/// then two credentials cannot be told to belong to one user or two (AUTH-SCOPE-004).
fn credential_subject(x: &Exch) -> Option<Subject> {
    use crate::record::redact::credential_principal;
    let v = x.req_headers.get("authorization")?.trim();
    let (scheme, cred) = v.split_once(' ')?;
    let cred = cred.trim();
    if cred.starts_with("[REDACTED") {
        return crate::record::redact::placeholder_principal(cred)
            .map(|t| Subject::Tag(t.to_string()));
    }
    if v.contains(crate::record::redact::REDACTED) {
        return None;
    }
    credential_principal(scheme, cred).map(Subject::Named)
}

impl State {
    /// AUTH-SCOPE-003 / AUTH-SCOPE-004 (AUTH-006, TASK-009; mine29a): a successful
    /// GetTask, CancelTask or SubscribeToTask answer on exchange `x` shows task `id` (key
    /// `key`; its state at `ptr` of event `seq`, written only for a finding), which an
    /// earlier call handed out under
    /// credentials with another [`caller_fingerprint`] than this call's (`caller`).
    /// Credentials that name their subjects ([`credential_subject`]) decide: another
    /// subject is AUTH-SCOPE-003's error, the same one (a refreshed token) nothing; when
    /// either names none, AUTH-SCOPE-004's note. Once per task.
    fn task_served_to_other_caller(
        &mut self,
        key: &str,
        id: &str,
        caller: Option<u64>,
        seq: u64,
        x: &Exch,
        ptr: &dyn std::fmt::Display,
    ) {
        let Some(c) = x.call.as_ref() else { return };
        let push = c.op.is_some_and(Op::is_push_config);
        let list = c.op == Some(Op::ListTasks);
        if c.webhook
            || !(push
                || list
                || matches!(
                    c.op,
                    Some(Op::GetTask) | Some(Op::CancelTask) | Some(Op::SubscribeToTask)
                ))
            || !x.is_success()
            || (!push && !list && c.task_id() != Some(id))
        {
            return;
        }
        let Some(me) = caller else { return };
        let Some(t) = self.tasks.get(key) else { return };
        let (Some(creator), Some((aseq, axid))) = (t.caller, t.announced.clone()) else {
            return;
        };
        if creator == me || aseq >= x.req_seq || self.scope_served_told.contains(key) {
            return;
        }
        let first = t.caller_subject.clone();
        let now = credential_subject(x);
        let op = c.op_term(c.op.map_or("the call", Op::name));
        // What the answer gave the other caller (review33 Q9: push config calls too).
        let did = match c.op {
            Some(Op::CreatePushConfig) => {
                "by storing its webhook for the task, which will receive the task's updates"
            }
            Some(Op::GetPushConfig) | Some(Op::ListPushConfigs) => {
                "with the task's push notification configs (webhook url and token)"
            }
            Some(Op::DeletePushConfig) => "by deleting a push notification config of the task",
            Some(Op::SubscribeToTask) => "with a stream of the task's events",
            _ => "with the task",
        };
        let head = if list {
            format!("agent answered {op} by listing task {id}")
        } else {
            format!("agent answered {op} of task {id} {did}")
        };
        // ListTasks owes a list without it (DATA-007: only caller-visible tasks), the other
        // calls TaskNotFoundError.
        let due = if list {
            "which ListTasks must leave out (DATA-007: only the caller's tasks; AUTH-006)"
        } else {
            "where TaskNotFoundError is due (AUTH-006, TASK-009)"
        };
        // A principal tag (a redacted recording) and a subject read in the clear cannot be
        // compared: AUTH-SCOPE-004's note, as for credentials that name nobody.
        let (rule, msg) = match (&first, &now) {
            (Some(a), Some(b)) if one_principal(a, b) == Some(true) => return,
            (Some(a), Some(b)) if one_principal(a, b) == Some(false) => (
                &r::AUTH_SCOPE_OTHER_SUBJECT,
                format!(
                    "{head}, to a caller whose credentials name {}, though it handed the task out to a caller whose credentials name {}: another principal got the task, {due}",
                    subject_words(b),
                    subject_words(a)
                ),
            ),
            _ => (
                &r::AUTH_SCOPE_OTHER_CREDENTIAL,
                format!(
                    "{head} under other credentials than the ones it handed the task out under; the recording cannot tell whether both belong to one user (a refreshed token) or to two, which would make this another caller's task served (AUTH-006)"
                ),
            ),
        };
        if self.scope_served_told.len() < MAX_TASKS {
            self.scope_served_told.insert(key.to_string());
        }
        self.areas.insert("auth");
        self.find(
            rule,
            msg,
            vec![
                Evidence {
                    seq: aseq,
                    exchange: Some(axid),
                    pointer: None,
                    found: Some(Value::String(id.to_string())),
                },
                x.ev(x.req_ev_seq()),
                x.ev_at(seq, &ptr.to_string(), None),
            ],
            &x.leg,
        );
    }
}

/// Whether two [`credential_subject`]s name one principal, `None` when they cannot be
/// compared: a principal tag (a redacted recording) against a subject read in the clear,
/// or subjects of two namespaces (a Basic user name against a JWT subject, JWT subjects of
/// two issuers; review31). A `sub` is unique only within its issuer (OpenID Connect Core
/// §2, RFC 7519 §4.1.2), and one person may hold a Basic account and an IdP account the
/// agent links: another namespace is not another caller, so AUTH-SCOPE-004's note, not
/// AUTH-SCOPE-003's error. One issuer written two ways is one namespace
/// ([`crate::record::redact::Principal::normalised_issuer`]).
fn one_principal(a: &Subject, b: &Subject) -> Option<bool> {
    use crate::record::redact::Principal::{Basic, Jwt};
    match (a, b) {
        (Subject::Tag(x), Subject::Tag(y)) => Some(x == y),
        (Subject::Named(pa @ Jwt { sub: x, .. }), Subject::Named(pb @ Jwt { sub: y, .. })) => {
            (pa.normalised_issuer() == pb.normalised_issuer()).then(|| x == y)
        }
        (Subject::Named(Basic { user: x }), Subject::Named(Basic { user: y })) => Some(x == y),
        _ => None,
    }
}

/// A [`credential_subject`] as a finding names it: `subject "u1" (issuer
/// "https://idp")`, `user "ana"`, `the principal tagged 9f8e7d6c5b4a (redacted)`.
fn subject_words(s: &Subject) -> String {
    use crate::record::redact::Principal::{Basic, Jwt};
    match s {
        Subject::Tag(tag) => format!("the principal tagged {tag} (redacted)"),
        Subject::Named(Jwt { iss, sub }) if iss.is_empty() => {
            format!("subject {}", json_quote(sub))
        }
        Subject::Named(Jwt { iss, sub }) => {
            format!("subject {} (issuer {})", json_quote(sub), json_quote(iss))
        }
        Subject::Named(Basic { user }) => format!("user {}", json_quote(user)),
    }
}

/// FNV-1a (32 bit) of the `text` of every part of a stream event's status message
/// (`status.message.parts`, 0.3 HTTP+JSON `content`) and artifact (`artifact.parts`), in
/// order, each followed by a 0 byte: equal for the same words in 0.x and 1.0 shapes (a
/// translating gateway), other when an intermediary rewrote them (GW-SSE-002, breaker40
/// D31). 0 when the event carries no text.
fn event_text_digest(inner: &Obj) -> u32 {
    parts_text_digest(
        [
            inner.get("status").and_then(|s| s.get("message")),
            inner.get("artifact"),
        ]
        .into_iter()
        .flatten(),
    )
}

/// FNV-1a (32 bit) of the `text` of every part of each of `holders` (a Message, an
/// Artifact: its `parts`, 0.3 HTTP+JSON `content`), in order, each followed by a 0 byte;
/// 0 when none carries text. [`event_text_digest`] and [`answer_text_digest`].
fn parts_text_digest<'j, 'a: 'j>(holders: impl IntoIterator<Item = &'j Json<'a>>) -> u32 {
    let mut h: u32 = 0x811c_9dc5;
    let mut any = false;
    for holder in holders {
        let parts = holder
            .get("parts")
            .or_else(|| holder.get("content"))
            .and_then(Json::as_array);
        for part in parts.into_iter().flatten() {
            if let Some(t) = part.get("text").and_then(Json::as_str) {
                any = true;
                for b in t.bytes().chain(std::iter::once(0)) {
                    h ^= u32::from(b);
                    h = h.wrapping_mul(0x0100_0193);
                }
            }
        }
    }
    if any {
        h
    } else {
        0
    }
}

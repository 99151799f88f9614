/*!
A2A vocabulary per dialect (A2A-DIGEST.md §0.1, §1): dialects, bindings, operations, the
method-name map 0.1/0.2/0.3 ↔ 1.0, REST routes, `TaskState`, and lenient typed views over
[`super::json::Json`] (Task, Message, Part, Artifact, status/artifact update events,
StreamResponse). Views keep the raw value and report malformed members as
`(JSON Pointer, message)` problems, never panics.
*/

use super::json::{kind_words, list_kind_words, value_words, Json, Obj};

/// A wire generation of A2A.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Dialect {
    /// 0.1.0: `tasks/send`, `tasks/sendSubscribe`, `sessionId`, part `type`.
    V0_1,
    /// 0.2.x: `message/send`, `kind`, lowercase states, card at `/.well-known/agent.json`.
    V0_2,
    /// 0.3.x: as 0.2 on JSON-RPC; `/v1/...` REST with ProtoJSON bodies (DIGEST §0.1).
    V0_3,
    /// 1.0: PascalCase methods, oneof wrappers, `TASK_STATE_*`, `supportedInterfaces`.
    V1_0,
}

impl Dialect {
    /// `"0.1"`, `"0.2"`, `"0.3"` or `"1.0"`.
    pub fn as_str(self) -> &'static str {
        match self {
            Dialect::V0_1 => "0.1",
            Dialect::V0_2 => "0.2",
            Dialect::V0_3 => "0.3",
            Dialect::V1_0 => "1.0",
        }
    }

    /// True for every pre-1.0 dialect (`kind` discriminators, `final`).
    pub fn is_0x(self) -> bool {
        self != Dialect::V1_0
    }

    /// Parses a `Major.Minor[.patch]` version string (`A2A-Version`, `protocolVersion`).
    pub fn from_version(v: &str) -> Option<Dialect> {
        // The usual spellings (`1.0`, `0.3`, `0.3.0`, `1`) read by their bytes: the verifier
        // asks ~10 times per exchange, and the trim and split below cost ~300 instructions
        // each (1.7 % of offline verify; perf31). Same answer as the general path.
        let digits = |maj: u8, min: u8| match (maj, min) {
            (b'0', b'1') => Some(Dialect::V0_1),
            (b'0', b'2') => Some(Dialect::V0_2),
            (b'0', b'3') => Some(Dialect::V0_3),
            (b'1', b'0') => Some(Dialect::V1_0),
            _ => None,
        };
        match *v.as_bytes() {
            [maj] if maj.is_ascii_digit() => return digits(maj, b'0'),
            [maj, b'.', min] | [maj, b'.', min, b'.', ..]
                if maj.is_ascii_digit() && min.is_ascii_digit() =>
            {
                return digits(maj, min)
            }
            _ => {}
        }
        Self::from_version_general(v)
    }

    /// [`Dialect::from_version`] of any text: trimmed, split at dots, each part trimmed.
    fn from_version_general(v: &str) -> Option<Dialect> {
        let v = v.trim();
        let mut it = v.split('.');
        let major = it.next()?.trim();
        let minor = it.next().unwrap_or("0").trim();
        match (major, minor) {
            ("0", "1") => Some(Dialect::V0_1),
            ("0", "2") => Some(Dialect::V0_2),
            ("0", "3") => Some(Dialect::V0_3),
            ("1", "0") => Some(Dialect::V1_0),
            _ => None,
        }
    }
}

/// Transport binding of an exchange.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Binding {
    JsonRpc,
    /// HTTP+JSON (REST).
    Rest,
    /// gRPC (GRPC-001): `/<pkg>.A2AService/<Method>` with `application/grpc*` messages,
    /// judged on their ProtoJSON form ([`super::grpc`]), like HTTP+JSON bodies.
    Grpc,
}

impl Binding {
    /// The request body is the call's parameters themselves (HTTP+JSON body, gRPC
    /// request message), not a JSON-RPC envelope's `params`: payload pointers start at
    /// the root and 0.x payloads are ProtoJSON (`TASK_STATE_*`, parts in `content`).
    pub fn bare_params(self) -> bool {
        matches!(self, Binding::Rest | Binding::Grpc)
    }
}

/// An A2A operation, whatever its wire name (DIGEST §1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Op {
    SendMessage,
    SendStreamingMessage,
    GetTask,
    ListTasks,
    CancelTask,
    SubscribeToTask,
    CreatePushConfig,
    GetPushConfig,
    ListPushConfigs,
    DeletePushConfig,
    /// Authenticated / extended card (1.0 `GetExtendedAgentCard`, 0.3
    /// `agent/getAuthenticatedExtendedCard`, 0.2 `GET .../agent/authenticatedExtendedCard`,
    /// REST `GET /extendedAgentCard`, 0.3 REST `GET /v1/card`).
    GetExtendedCard,
    /// Public card at a well-known path.
    GetCard,
}

impl Op {
    /// True when the operation answers with an SSE stream.
    pub fn is_streaming(self) -> bool {
        matches!(self, Op::SendStreamingMessage | Op::SubscribeToTask)
    }
    /// True for operations on a task or message (not card discovery).
    pub fn is_task_op(self) -> bool {
        !matches!(self, Op::GetCard | Op::GetExtendedCard)
    }
    /// True for the push-config operations.
    pub fn is_push_config(self) -> bool {
        matches!(
            self,
            Op::CreatePushConfig | Op::GetPushConfig | Op::ListPushConfigs | Op::DeletePushConfig
        )
    }
    /// The 1.0 name (`SendMessage`, ...).
    pub fn name(self) -> &'static str {
        match self {
            Op::SendMessage => "SendMessage",
            Op::SendStreamingMessage => "SendStreamingMessage",
            Op::GetTask => "GetTask",
            Op::ListTasks => "ListTasks",
            Op::CancelTask => "CancelTask",
            Op::SubscribeToTask => "SubscribeToTask",
            Op::CreatePushConfig => "CreateTaskPushNotificationConfig",
            Op::GetPushConfig => "GetTaskPushNotificationConfig",
            Op::ListPushConfigs => "ListTaskPushNotificationConfigs",
            Op::DeletePushConfig => "DeleteTaskPushNotificationConfig",
            Op::GetExtendedCard => "GetExtendedAgentCard",
            Op::GetCard => "GetAgentCard",
        }
    }
}

/// Maps a JSON-RPC method name of any dialect to its operation and dialect (DIGEST §1).
/// Unknown names give `None`.
pub fn method_op(method: &str) -> Option<(Op, Dialect)> {
    use Dialect::*;
    Some(match method {
        "SendMessage" => (Op::SendMessage, V1_0),
        "SendStreamingMessage" => (Op::SendStreamingMessage, V1_0),
        "GetTask" => (Op::GetTask, V1_0),
        "ListTasks" => (Op::ListTasks, V1_0),
        "CancelTask" => (Op::CancelTask, V1_0),
        "SubscribeToTask" => (Op::SubscribeToTask, V1_0),
        "CreateTaskPushNotificationConfig" => (Op::CreatePushConfig, V1_0),
        "GetTaskPushNotificationConfig" => (Op::GetPushConfig, V1_0),
        "ListTaskPushNotificationConfigs" => (Op::ListPushConfigs, V1_0),
        "DeleteTaskPushNotificationConfig" => (Op::DeletePushConfig, V1_0),
        "GetExtendedAgentCard" => (Op::GetExtendedCard, V1_0),
        "message/send" => (Op::SendMessage, V0_3),
        "message/stream" => (Op::SendStreamingMessage, V0_3),
        "tasks/get" => (Op::GetTask, V0_3),
        "tasks/cancel" => (Op::CancelTask, V0_3),
        "tasks/resubscribe" => (Op::SubscribeToTask, V0_3),
        "tasks/pushNotificationConfig/set" => (Op::CreatePushConfig, V0_3),
        "tasks/pushNotificationConfig/get" => (Op::GetPushConfig, V0_3),
        "tasks/pushNotificationConfig/list" => (Op::ListPushConfigs, V0_3),
        "tasks/pushNotificationConfig/delete" => (Op::DeletePushConfig, V0_3),
        "agent/getAuthenticatedExtendedCard" | "agent/authenticatedExtendedCard" => {
            (Op::GetExtendedCard, V0_3)
        }
        "tasks/send" => (Op::SendMessage, V0_1),
        "tasks/sendSubscribe" => (Op::SendStreamingMessage, V0_1),
        "tasks/pushNotification/set" => (Op::CreatePushConfig, V0_1),
        "tasks/pushNotification/get" => (Op::GetPushConfig, V0_1),
        _ => return None,
    })
}

/// Every JSON-RPC method name [`method_op`] knows, as the spec spells it (DIGEST §1,
/// RPC-003): 1.0 PascalCase, 0.2/0.3 `message/send` style, 0.1 `tasks/send` style.
pub const METHOD_NAMES: &[&str] = &[
    "SendMessage",
    "SendStreamingMessage",
    "GetTask",
    "ListTasks",
    "CancelTask",
    "SubscribeToTask",
    "CreateTaskPushNotificationConfig",
    "GetTaskPushNotificationConfig",
    "ListTaskPushNotificationConfigs",
    "DeleteTaskPushNotificationConfig",
    "GetExtendedAgentCard",
    "message/send",
    "message/stream",
    "tasks/get",
    "tasks/cancel",
    "tasks/resubscribe",
    "tasks/pushNotificationConfig/set",
    "tasks/pushNotificationConfig/get",
    "tasks/pushNotificationConfig/list",
    "tasks/pushNotificationConfig/delete",
    "agent/getAuthenticatedExtendedCard",
    "agent/authenticatedExtendedCard",
    "tasks/send",
    "tasks/sendSubscribe",
    "tasks/pushNotification/set",
    "tasks/pushNotification/get",
];

/// A JSON-RPC method name that does not exist but is a known one in other letter case
/// (`sendMessage`, `SENDMESSAGE`, `Message/Send`; RPC-003: names are exact, an unknown
/// one is −32601): `(op, dialect, the name as the spec spells it)`. `None` for an exact
/// name (see [`method_op`]) and for any name that matches none case-insensitively.
pub fn method_op_wrong_case(method: &str) -> Option<(Op, Dialect, &'static str)> {
    if method_op(method).is_some() {
        return None;
    }
    let name = METHOD_NAMES
        .iter()
        .find(|n| n.eq_ignore_ascii_case(method))?;
    let (op, d) = method_op(name)?;
    Some((op, d, name))
}

/// A 0.x JSON-RPC method name that does not exist but is a known one with its namespace
/// (the part before the first `/`) in the other grammatical number: `task/get` for
/// `tasks/get`, `messages/send` for `message/send` (RPC-003's 0.x counterpart: names are
/// exact, an unknown one is −32601; mine37 f858, hermes-agent PR #52037 served and called
/// `task/get`): `(op, dialect, the name as the spec spells it)`. `None` for a known name
/// and for any other; called only for names no other lookup knows.
pub fn method_op_namespace_number(method: &str) -> Option<(Op, Dialect, &'static str)> {
    let (ns, rest) = method.split_once('/')?;
    if ns.is_empty() || rest.is_empty() || method_op(method).is_some() {
        return None;
    }
    let other = match ns.strip_suffix('s') {
        Some(one) => format!("{one}/{rest}"),
        None => format!("{ns}s/{rest}"),
    };
    let name = METHOD_NAMES.iter().find(|n| **n == other)?;
    let (op, d) = method_op(name)?;
    Some((op, d, name))
}

/// Whether JSON-RPC `method` asks for the agent card under a name no A2A version defines
/// (RPC-003; a2a-tck PR #64, field case f1005: the TCK called `agent/card`): in the `agent/`
/// namespace a card word (`agent/card`, `agent/getCard`, `agent/getAgentCard`,
/// `agent/getExtendedAgentCard`, `agent/extendedCard`, ...), or a bare name that says
/// agent card (`GetAgentCard`, the 0.3 gRPC name; `getAgentCard`, `agentCard`). Letter case,
/// `-` and `_` are ignored. `false` for every name [`method_op`] knows and for those
/// [`method_op_wrong_case`] and [`method_op_namespace_number`] map to one: no JSON-RPC
/// method serves the public card, and the extended card is
/// `agent/getAuthenticatedExtendedCard` (0.3) or `GetExtendedAgentCard` (1.0).
pub fn card_method_invented(method: &str) -> bool {
    if method_op(method).is_some()
        || method_op_wrong_case(method).is_some()
        || method_op_namespace_number(method).is_some()
    {
        return false;
    }
    let fold = |s: &str| -> String {
        s.chars()
            .filter(|c| *c != '-' && *c != '_')
            .map(|c| c.to_ascii_lowercase())
            .collect()
    };
    const CARD_WORDS: &[&str] = &[
        "card",
        "getcard",
        "agentcard",
        "getagentcard",
        "extendedcard",
        "getextendedcard",
        "extendedagentcard",
        "getextendedagentcard",
        "authenticatedcard",
        "getauthenticatedcard",
        "authenticatedextendedagentcard",
        "getauthenticatedextendedagentcard",
    ];
    match method.split_once('/') {
        Some((ns, rest)) => {
            ns.eq_ignore_ascii_case("agent") && CARD_WORDS.contains(&fold(rest).as_str())
        }
        None => {
            let m = fold(method);
            m.contains("agentcard") && CARD_WORDS.contains(&m.as_str())
        }
    }
}

/// The 1.0 operation a JSON-RPC `method` names in 0.x's slash spelling where no release
/// has that name (RPC-003; mine56 f1226, SAGE-X-project/sage-a2a-go's "A2A Protocol
/// v0.4.0" client): `tasks/list` (1.0 ListTasks; 0.3 has no task listing), `tasks/subscribe`
/// (1.0 SubscribeToTask; 0.3 tasks/resubscribe) and `tasks/pushNotificationConfig/create`
/// (1.0 CreateTaskPushNotificationConfig; 0.3 tasks/pushNotificationConfig/set), each in
/// any letter case. `Some((the 1.0 method, the 0.3 method or None))`; `None` for every
/// other name (the names [`method_op`] knows included).
pub fn method_draft_slash(method: &str) -> Option<(&'static str, Option<&'static str>)> {
    const DRAFT: &[(&str, &str, Option<&str>)] = &[
        ("tasks/list", "ListTasks", None),
        (
            "tasks/subscribe",
            "SubscribeToTask",
            Some("tasks/resubscribe"),
        ),
        (
            "tasks/pushNotificationConfig/create",
            "CreateTaskPushNotificationConfig",
            Some("tasks/pushNotificationConfig/set"),
        ),
    ];
    draft_method(DRAFT, method)
}

/// The `(1.0 method, 0.3 method)` a draft spelling in `table` (`(draft, 1.0, 0.3)` rows)
/// stands for, matched in any letter case; `None` for a name [`method_op`] knows (a
/// release's own name is never a draft's) and for names not in `table`. Shared by
/// [`method_draft_slash`] and [`method_draft_rpc_name`].
fn draft_method(
    table: &[(&str, &'static str, Option<&'static str>)],
    method: &str,
) -> Option<(&'static str, Option<&'static str>)> {
    if method_op(method).is_some() {
        return None;
    }
    table
        .iter()
        .find(|(d, _, _)| d.eq_ignore_ascii_case(method))
        .map(|(_, v1, v03)| (*v1, *v03))
}

/// RPC-003 (mine59 f1334; neuroglia-io/a2a-net's client, `A2AJsonRpcMethod.Task.
/// PushNotificationConfig.Set`): a JSON-RPC method name a 1.0 draft gave an operation the
/// release renamed: `SetTaskPushNotificationConfig` for `CreateTaskPushNotificationConfig`
/// (0.3: `tasks/pushNotificationConfig/set`), in any letter case. `Some((the 1.0 method,
/// the 0.3 method))`; `None` for every name [`method_op`] knows and for other names.
pub fn method_draft_rpc_name(method: &str) -> Option<(&'static str, Option<&'static str>)> {
    const DRAFT: &[(&str, &str, Option<&str>)] = &[(
        "SetTaskPushNotificationConfig",
        "CreateTaskPushNotificationConfig",
        Some("tasks/pushNotificationConfig/set"),
    )];
    draft_method(DRAFT, method)
}

/// RPC-003 (mine57 f1279; epoxa/a2a-php's `A2AClient::sendMessage` calls `send_message`):
/// a JSON-RPC method name that is an A2A operation written in snake_case, the way a
/// Python, PHP or Ruby SDK names its functions: the 1.0 proto rpc name with its words
/// joined by `_` (`send_message`, `get_task`, `subscribe_to_task`,
/// `create_task_push_notification_config`, `get_extended_agent_card`), or a 0.x method
/// with `_` for its `/` (`message_send`, `tasks_get`, `tasks_pushNotificationConfig_set`),
/// in any letter case. `Some((the 1.0 method, the 0.3 method or None))`; `None` for names
/// without `_`, for every name [`method_op`] knows, and for other names. The public card
/// (`get_agent_card`) is [`card_method_invented`]'s.
pub fn method_snake_case(method: &str) -> Option<(&'static str, Option<&'static str>)> {
    if !method.contains('_') || method_op(method).is_some() {
        return None;
    }
    const OPS: &[Op] = &[
        Op::SendMessage,
        Op::SendStreamingMessage,
        Op::GetTask,
        Op::ListTasks,
        Op::CancelTask,
        Op::SubscribeToTask,
        Op::CreatePushConfig,
        Op::GetPushConfig,
        Op::ListPushConfigs,
        Op::DeletePushConfig,
        Op::GetExtendedCard,
    ];
    let joined: String = method.chars().filter(|c| *c != '_').collect();
    let slashed = method.replace('_', "/");
    OPS.iter().find_map(|&op| {
        let v1 = op_method(op, Dialect::V1_0)?;
        let v03 = op_method(op, Dialect::V0_3);
        let hit = v1.eq_ignore_ascii_case(&joined)
            || [Dialect::V0_2, Dialect::V0_3]
                .iter()
                .filter_map(|&d| op_method(op, d))
                .any(|m| m.eq_ignore_ascii_case(&slashed));
        hit.then_some((v1, v03))
    })
}

/// The core send method a dialect's JSON-RPC server must implement (used to judge a card's
/// declared version against −32601 answers).
pub fn core_send_method(d: Dialect) -> &'static str {
    match d {
        Dialect::V0_1 => "tasks/send",
        Dialect::V0_2 | Dialect::V0_3 => "message/send",
        Dialect::V1_0 => "SendMessage",
    }
}

/// A REST route recognised in a request path.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RestRoute {
    pub op: Op,
    /// 0.3 when the route sits under `/v1`, else 1.0.
    pub dialect: Dialect,
    /// Path before the A2A route (interface base path, tenant included), no trailing `/`.
    pub base: String,
    /// `{id}` of `/tasks/{id}...`, percent-decoded when possible.
    pub task_id: Option<String>,
}

/// `path` up to its first `?` (`path.split('?').next()`), found by a byte search: the
/// route functions run on every request, and a `char` pattern sets up a searcher per call
/// (perf32).
pub fn before_query(path: &str) -> &str {
    match path.bytes().position(|b| b == b'?') {
        Some(i) => &path[..i],
        None => path,
    }
}

/// Recognises an HTTP+JSON route (1.0:§11, 0.3:§3.5.6) from method and path (query
/// stripped). Well-known card paths are recognised too (`Op::GetCard`).
pub fn rest_route(method: &str, path: &str) -> Option<RestRoute> {
    let path = before_query(path);
    // Upper case; copied only when it is not already (the usual request method).
    let m: std::borrow::Cow<str> = if method.bytes().any(|b| b.is_ascii_lowercase()) {
        method.to_ascii_uppercase().into()
    } else {
        method.into()
    };
    // A CORS preflight (Fetch standard: OPTIONS, never a body) or a HEAD is no A2A call,
    // whatever route it asks about: every cross-origin browser client sends one before
    // each `message:send`, since `A2A-Version` is not a CORS-safelisted header.
    if m == "OPTIONS" || m == "HEAD" {
        return None;
    }
    for wk in ["/.well-known/agent-card.json", "/.well-known/agent.json"] {
        if let Some(base) = path.strip_suffix(wk) {
            if m == "GET" {
                let dialect = if wk.ends_with("agent.json") {
                    Dialect::V0_2
                } else {
                    Dialect::V1_0
                };
                return Some(RestRoute {
                    op: Op::GetCard,
                    dialect,
                    base: base.to_string(),
                    task_id: None,
                });
            }
        }
    }
    if m == "GET" {
        if let Some(base) = path.strip_suffix("/agent/authenticatedExtendedCard") {
            return Some(RestRoute {
                op: Op::GetExtendedCard,
                dialect: Dialect::V0_2,
                base: base.to_string(),
                task_id: None,
            });
        }
    }
    let (op, base, task_id) = if let Some(b) = path.strip_suffix("/message:send") {
        (Op::SendMessage, b, None)
    } else if let Some(b) = path.strip_suffix("/message:stream") {
        (Op::SendStreamingMessage, b, None)
    } else if let Some(b) = path.strip_suffix("/extendedAgentCard") {
        (Op::GetExtendedCard, b, None)
    } else if m == "GET" && path.ends_with("/v1/card") {
        (
            Op::GetExtendedCard,
            &path[..path.len() - "/card".len()],
            None,
        )
    } else if let Some(i) = path.as_bytes().windows(6).rposition(|w| w == b"/tasks") {
        let base = &path[..i];
        let rest = &path[i + "/tasks".len()..];
        if rest.is_empty() || rest == "/" {
            // breaker31 R23: `POST /tasks` with the filter as a body (the JSON-RPC habit) is
            // the ListTasks it means, judged for its verb (REST-VERB-001/002).
            if m != "GET" && m != "POST" {
                return None;
            }
            (Op::ListTasks, base, None)
        } else {
            let rest = rest.strip_prefix('/')?;
            let (id_part, tail) = match rest.find('/') {
                Some(j) => (&rest[..j], &rest[j..]),
                None => (rest, ""),
            };
            // An id with an encoded colon (`t1%3Acancel`, a gateway's or client's encoding of
            // the custom verb, b15-Q1, b31x-R25) is the verb's route: read from the decoded
            // segment, so its answer is judged as that operation's (lead48: the mutation
            // check found such a cancel's answer unjudged).
            // Only those two verbs: a task id may hold an encoded colon of its own
            // (`urn%3Auuid%3A1` is the task `urn:uuid:1`).
            let decoded: std::borrow::Cow<str> = match id_part
                .rfind("%3A")
                .or_else(|| id_part.rfind("%3a"))
                .filter(|_| !id_part.contains(':'))
            {
                Some(j) if matches!(&id_part[j + 3..], "cancel" | "subscribe") => {
                    format!("{}:{}", &id_part[..j], &id_part[j + 3..]).into()
                }
                _ => id_part.into(),
            };
            let (id, action) = match decoded.rfind(':') {
                Some(j) => (&decoded[..j], Some(&decoded[j + 1..])),
                None => (decoded.as_ref(), None),
            };
            if id.is_empty() {
                return None;
            }
            let op = match (action, tail) {
                (Some("cancel"), "") => Op::CancelTask,
                (Some("subscribe"), "") => Op::SubscribeToTask,
                (None, "") if m == "GET" => Op::GetTask,
                // breaker31 R07: `POST|PUT|PATCH /tasks/{id}` (no other operation has that
                // path) is the GetTask it means, judged for its verb (REST-VERB-001/002).
                // review33 Q9: `DELETE /tasks/{id}` too (A2A has no task deletion; the
                // route's only verb is GET): the client's wrong verb, and an agent that
                // serves it (deleting the task, or answering it) instead of 405.
                // An id with an encoded colon (`t1%3Acancel`, a gateway's encoding of the
                // custom verb, b15-Q1) is the verb's route, read from the decoded path.
                (None, "")
                    if matches!(m.as_ref(), "POST" | "PUT" | "PATCH" | "DELETE")
                        && !id.contains("%3A")
                        && !id.contains("%3a") =>
                {
                    Op::GetTask
                }
                (None, t) if t.starts_with("/pushNotificationConfigs") => {
                    let more = t["/pushNotificationConfigs".len()..].trim_start_matches('/');
                    match (m.as_ref(), more.is_empty()) {
                        ("POST", true) => Op::CreatePushConfig,
                        ("GET", true) => Op::ListPushConfigs,
                        ("GET", false) => Op::GetPushConfig,
                        ("DELETE", false) => Op::DeletePushConfig,
                        // REST-001 (breaker27 H16): a config written with PUT or PATCH (the
                        // REST habit for "set"; 0.x named it pushNotificationConfig/set) is
                        // the create it means, judged for its verb (REST-VERB-001/002).
                        ("PUT" | "PATCH", _) => Op::CreatePushConfig,
                        // breaker37 R09, R10: the other path's verb, DELETE on the list
                        // path (delete them all) or POST on one config's path (read or
                        // write it), is the path's own operation in the wrong verb.
                        ("DELETE", true) => Op::ListPushConfigs,
                        ("POST", false) => Op::GetPushConfig,
                        _ => return None,
                    }
                }
                _ => return None,
            };
            (op, base, Some(percent_decode(id)))
        }
    } else {
        return None;
    };
    let (dialect, base) = match base.strip_suffix("/v1") {
        Some(b) => (Dialect::V0_3, b),
        None => (Dialect::V1_0, base),
    };
    Some(RestRoute {
        op,
        dialect,
        base: base.to_string(),
        task_id,
    })
}

/// An HTTP+JSON route spelled in another letter case than the binding defines
/// (`/Message:send`, `/message:Send`, `/Tasks/t1`, `/tasks/t1:Cancel`,
/// `/acme/tasks/t1/PushNotificationConfigs`, 0.3 `/v1/Message:send`): paths are
/// case-sensitive (RFC 3986 §6.2.2.1), so no such route exists (REST-001; 0.3 REST-003).
/// Only the route's own words are folded (`message:send`, `message:stream`,
/// `extendedAgentCard`, `tasks`, `:cancel`, `:subscribe`, `pushNotificationConfigs`); the
/// base path, tenant, task id and config id keep their case (they are data). Gives the
/// route the path resembles and that path as the binding spells it (query stripped);
/// `None` for a path that is a route as it is ([`rest_route`]) or resembles none.
pub fn rest_route_wrong_case(method: &str, path: &str) -> Option<(RestRoute, String)> {
    let path = before_query(path);
    // Most requests name no route word in any case (a JSON-RPC POST to `/`): no
    // allocation, no second route parse (build_call asks this of every such request).
    let b = path.as_bytes();
    let ends_with_word =
        |w: &str| b.len() >= w.len() && b[b.len() - w.len()..].eq_ignore_ascii_case(w.as_bytes());
    let has_tasks = b.windows(6).any(|w| w.eq_ignore_ascii_case(b"/tasks"));
    let words = ["/message:send", "/message:stream", "/extendedAgentCard"];
    if !has_tasks && !words.iter().any(|w| ends_with_word(w)) {
        return None;
    }
    if rest_route(method, path).is_some() {
        return None;
    }
    let lower = path.to_ascii_lowercase();
    let mut canon: Option<String> = None;
    for word in words {
        if ends_with_word(word) {
            canon = Some(format!("{}{word}", &path[..path.len() - word.len()]));
            break;
        }
    }
    if canon.is_none() {
        // `/tasks` as a whole segment (`/tasks`, `/tasks/{id}...`), the last one.
        let i = lower
            .rmatch_indices("/tasks")
            .map(|(i, _)| i)
            .find(|&i| matches!(lower.as_bytes().get(i + "/tasks".len()), None | Some(b'/')))?;
        let rest = &path[i + "/tasks".len()..];
        let mut out = format!("{}/tasks", &path[..i]);
        if let Some(r) = rest.strip_prefix('/') {
            let (id_part, tail) = match r.find('/') {
                Some(j) => (&r[..j], &r[j..]),
                None => (r, ""),
            };
            out.push('/');
            match id_part.rfind(':') {
                Some(j) => {
                    let action = &id_part[j + 1..];
                    out.push_str(&id_part[..=j]);
                    match ["cancel", "subscribe"]
                        .iter()
                        .find(|a| a.eq_ignore_ascii_case(action))
                    {
                        Some(a) => out.push_str(a),
                        None => out.push_str(action),
                    }
                }
                None => out.push_str(id_part),
            }
            const CONFIGS: &str = "/pushNotificationConfigs";
            if tail.len() >= CONFIGS.len()
                && tail.is_char_boundary(CONFIGS.len())
                && tail[..CONFIGS.len()].eq_ignore_ascii_case(CONFIGS)
            {
                out.push_str(CONFIGS);
                out.push_str(&tail[CONFIGS.len()..]);
            } else {
                out.push_str(tail);
            }
        } else {
            out.push_str(rest);
        }
        canon = Some(out);
    }
    let canon = canon.filter(|c| c != path)?;
    let rt = rest_route(method, &canon)?;
    Some((rt, canon))
}

/// Which id an HTTP+JSON task route leaves blank ([`rest_route_blank_id`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BlankRouteId {
    /// `/tasks//...`, `/tasks/:cancel`, `/tasks/:subscribe`: no task id before the verb
    /// or the `/pushNotificationConfigs` segment.
    Task,
    /// `GET|DELETE /tasks/{id}/pushNotificationConfigs/`: a slash and no config id after it.
    Config,
}

/// An HTTP+JSON task route whose id segment is blank (1.0 §11.3 / 0.3 §3.5.6 routes;
/// DATA-003: GetTaskRequest.id, CancelTaskRequest.id, SubscribeToTaskRequest.id,
/// TaskPushNotificationConfig.task_id and Get / DeleteTaskPushNotificationConfigRequest.id
/// are REQUIRED; a2a-java #1012: a client's blank config id became
/// `GET .../pushNotificationConfigs/`). Gives `(the operation the path means, which id is
/// blank)`: `POST {base}/tasks/:cancel` (CancelTask), `GET|POST {base}/tasks/:subscribe`
/// (SubscribeToTask), `{base}/tasks//pushNotificationConfigs[/{id}]` (the push config
/// call of that verb), and `GET|DELETE {base}/tasks/{id}/pushNotificationConfigs/` (Get /
/// Delete with a blank config id; [`rest_route`] reads the GET as the list route, which a
/// lenient router may serve, and the DELETE as the list route's wrong verb). `None` for
/// any other path. Query stripped; only the last `/tasks/` segment is read.
pub fn rest_route_blank_id(method: &str, path: &str) -> Option<(Op, BlankRouteId)> {
    let path = before_query(path);
    // most paths (JSON-RPC `/`, a card) have no task route: told by one byte search before
    // any allocation (`str::rfind` with a `&str` built a two-way searcher per call)
    let i = memchr::memmem::rfind(path.as_bytes(), b"/tasks/")?;
    let m = method.to_ascii_uppercase();
    let rest = &path[i + "/tasks/".len()..];
    match (m.as_str(), rest) {
        ("POST", ":cancel") => return Some((Op::CancelTask, BlankRouteId::Task)),
        ("GET" | "POST", ":subscribe") => return Some((Op::SubscribeToTask, BlankRouteId::Task)),
        _ => {}
    }
    if let Some(t) = rest.strip_prefix("/pushNotificationConfigs") {
        if !t.is_empty() && !t.starts_with('/') {
            return None;
        }
        let op = match (m.as_str(), t.trim_start_matches('/').is_empty()) {
            ("POST", true) => Op::CreatePushConfig,
            ("GET", true) => Op::ListPushConfigs,
            ("GET", false) => Op::GetPushConfig,
            ("DELETE", false) => Op::DeletePushConfig,
            _ => return None,
        };
        return Some((op, BlankRouteId::Task));
    }
    let (id, tail) = rest.split_once('/')?;
    if id.is_empty() || id.contains(':') || tail != "pushNotificationConfigs/" {
        return None;
    }
    match m.as_str() {
        "GET" => Some((Op::GetPushConfig, BlankRouteId::Config)),
        "DELETE" => Some((Op::DeletePushConfig, BlankRouteId::Config)),
        _ => None,
    }
}

/// A request path that resembles an HTTP+JSON route but is none of the binding's routes in
/// any letter case (REST-001; 0.3 REST-003; breaker19a Y2): a task route's custom verb
/// written as a path segment (`/tasks/t1/cancel`, `/tasks/t1/subscribe`: AIP-136 custom
/// methods take `:verb`), a JSON-RPC method name as the route (`/tasks/t1:resubscribe`,
/// the 0.3 `tasks/resubscribe`; `/message/send`, `/message/stream`), or a task route with
/// a verb the binding does not define (`/tasks/t1:pause`). Gives `(what the path is, the
/// route to call instead)`, e.g. `("its custom verb as a path segment", "POST
/// /tasks/t1:cancel")`; the route part lists the task routes when no single one fits.
/// `None` for a route ([`rest_route`]), a route in other letter case
/// ([`rest_route_wrong_case`]), and any path that resembles none. Query stripped; only
/// the last `/tasks` segment or the path's end is read (the base path and tenant are data).
pub fn rest_route_slip(method: &str, path: &str) -> Option<(&'static str, String)> {
    let path = before_query(path);
    let b = path.as_bytes();
    let has_tasks = b.windows(7).any(|w| w.eq_ignore_ascii_case(b"/tasks/"));
    let has_message = b.windows(9).any(|w| w.eq_ignore_ascii_case(b"/message/"));
    if !has_tasks && !has_message {
        return None;
    }
    if rest_route(method, path).is_some() || rest_route_wrong_case(method, path).is_some() {
        return None;
    }
    let m = method.to_ascii_uppercase();
    let lower = path.to_ascii_lowercase();
    // `/message/send`, `/message/stream`: the JSON-RPC method name as the path.
    for (word, route) in [
        ("/message/send", "message:send"),
        ("/message/stream", "message:stream"),
    ] {
        if lower.ends_with(word) {
            let base = &path[..path.len() - word.len()];
            return Some((
                "the JSON-RPC method name written as a path (HTTP+JSON routes take a `:verb`)",
                format!("POST {base}/{route}"),
            ));
        }
    }
    // `/tasks/{id}/{verb}` or `/tasks/{id}:{verb}`, the last `/tasks/` segment.
    let i = lower.rfind("/tasks/")?;
    let base = &path[..i];
    let rest = &path[i + "/tasks/".len()..];
    let (id, verb, slash) = match rest.split_once('/') {
        Some((id, v)) if !v.is_empty() && !v.contains('/') && !id.contains(':') => (id, v, true),
        Some(_) => return None,
        None => {
            let (id, v) = rest.rsplit_once(':')?;
            (id, v, false)
        }
    };
    if id.is_empty() || verb.is_empty() {
        return None;
    }
    let v = verb.to_ascii_lowercase();
    let (route_verb, http) = match v.as_str() {
        "cancel" => ("cancel", "POST"),
        "subscribe" | "resubscribe" => ("subscribe", if m == "GET" { "GET" } else { "POST" }),
        // `/tasks/{id}/pushNotificationConfigs...` in other shapes is judged elsewhere.
        _ if slash && v.starts_with("pushnotificationconfig") => return None,
        _ if slash => return None,
        // A task id may hold a colon (`urn:uuid:...`): only a POST (no task route reads
        // by POST without a verb) with a word for a verb is taken for an unknown verb.
        _ if m != "POST" || !v.bytes().all(|c| c.is_ascii_alphabetic()) => return None,
        _ => {
            return Some((
                "a task route with a verb the binding does not define (task routes take :cancel or :subscribe only)",
                format!(
                    "POST {base}/tasks/{id}:cancel, GET or POST {base}/tasks/{id}:subscribe, GET {base}/tasks/{id}"
                ),
            ))
        }
    };
    let what = match (slash, v.as_str()) {
        (true, _) => {
            "its custom verb as a path segment (AIP-136 custom methods are `:verb`, after a colon)"
        }
        (false, "resubscribe") => {
            "the 0.3 JSON-RPC name tasks/resubscribe as its verb (the HTTP+JSON verb is :subscribe)"
        }
        // `:cancel` / `:subscribe` exactly are routes; another spelling is letter case.
        (false, _) => return None,
    };
    Some((what, format!("{http} {base}/tasks/{id}:{route_verb}")))
}

/// The HTTP methods the HTTP+JSON route of `op` is defined with (REST-001; 1.0:§11.3,
/// 0.3:§3.5.6): `POST` for `message:send`, `message:stream`, `:cancel` and push config
/// create; `GET` for reads (`GET /tasks/{id}`, `GET /tasks`, push config get / list,
/// `GET /extendedAgentCard`, 0.3 `GET /v1/card`, the well-known card); `DELETE` for push
/// config delete; both `GET` and `POST` for `:subscribe` (proto GET, prose POST: DIGEST
/// trap 1 accepts both).
pub fn rest_verbs(op: Op) -> &'static [&'static str] {
    match op {
        Op::SendMessage | Op::SendStreamingMessage | Op::CancelTask | Op::CreatePushConfig => {
            &["POST"]
        }
        Op::SubscribeToTask => &["GET", "POST"],
        Op::GetTask
        | Op::ListTasks
        | Op::GetPushConfig
        | Op::ListPushConfigs
        | Op::GetExtendedCard
        | Op::GetCard => &["GET"],
        Op::DeletePushConfig => &["DELETE"],
    }
}

/// `%XX` escapes decoded (RFC 3986 §2.1), bytes read as UTF-8 (lossy). A `%` not followed
/// by two hex digits stays as it is. Works on bytes: the path may hold any UTF-8 after a
/// `%` (a `&str` slice there panicked on a multi-byte character; found by the `dialect`
/// fuzz target, kept in `fuzz/regressions/dialect/`).
pub fn percent_decode(s: &str) -> String {
    fn hex(c: u8) -> Option<u8> {
        (c as char).to_digit(16).map(|d| d as u8)
    }
    let b = s.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'%' && i + 2 < b.len() {
            if let (Some(h), Some(l)) = (hex(b[i + 1]), hex(b[i + 2])) {
                out.push(h << 4 | l);
                i += 3;
                continue;
            }
        }
        out.push(b[i]);
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// Task lifecycle state (DIGEST §5 TASK table), parsed from any dialect's spelling.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TaskState {
    Submitted,
    Working,
    InputRequired,
    AuthRequired,
    Completed,
    Canceled,
    Failed,
    Rejected,
    /// 0.x `unknown` (0.2.0:§6.3 counts it as terminal).
    Unknown,
    /// 1.0 `TASK_STATE_UNSPECIFIED`.
    Unspecified,
}

impl TaskState {
    /// Parses `completed`, `TASK_STATE_COMPLETED`, and 0.3 REST `TASK_STATE_CANCELLED`.
    pub fn parse(s: &str) -> Option<TaskState> {
        use TaskState::*;
        Some(match s {
            "submitted" | "TASK_STATE_SUBMITTED" => Submitted,
            "working" | "TASK_STATE_WORKING" => Working,
            "input-required" | "TASK_STATE_INPUT_REQUIRED" => InputRequired,
            "auth-required" | "TASK_STATE_AUTH_REQUIRED" => AuthRequired,
            "completed" | "TASK_STATE_COMPLETED" => Completed,
            "canceled" | "TASK_STATE_CANCELED" | "TASK_STATE_CANCELLED" => Canceled,
            "failed" | "TASK_STATE_FAILED" => Failed,
            "rejected" | "TASK_STATE_REJECTED" => Rejected,
            "unknown" => Unknown,
            "TASK_STATE_UNSPECIFIED" => Unspecified,
            _ => return None,
        })
    }

    /// True when the spelling is the proto enum form (`TASK_STATE_*`).
    pub fn is_proto_spelling(s: &str) -> bool {
        s.starts_with("TASK_STATE_")
    }

    /// Completed, canceled, failed, rejected (and 0.x `unknown`): never change again
    /// (TASK-001).
    pub fn is_terminal(self) -> bool {
        matches!(
            self,
            TaskState::Completed
                | TaskState::Canceled
                | TaskState::Failed
                | TaskState::Rejected
                | TaskState::Unknown
        )
    }

    /// Input-required or auth-required: the task waits for the client.
    pub fn is_interrupted(self) -> bool {
        matches!(self, TaskState::InputRequired | TaskState::AuthRequired)
    }

    /// The 1.0 enum name.
    pub fn proto_name(self) -> &'static str {
        match self {
            TaskState::Submitted => "TASK_STATE_SUBMITTED",
            TaskState::Working => "TASK_STATE_WORKING",
            TaskState::InputRequired => "TASK_STATE_INPUT_REQUIRED",
            TaskState::AuthRequired => "TASK_STATE_AUTH_REQUIRED",
            TaskState::Completed => "TASK_STATE_COMPLETED",
            TaskState::Canceled => "TASK_STATE_CANCELED",
            TaskState::Failed => "TASK_STATE_FAILED",
            TaskState::Rejected => "TASK_STATE_REJECTED",
            TaskState::Unknown => "unknown",
            TaskState::Unspecified => "TASK_STATE_UNSPECIFIED",
        }
    }
}

/// Reads a string member under either its camelCase or snake_case name (0.3 REST
/// ProtoJSON request bodies use `message_id`, `task_id`, `context_id`).
pub fn str_member<'a>(o: &'a Obj, camel: &str, snake: &str) -> Option<&'a str> {
    o.get(camel).or_else(|| o.get(snake)).and_then(Json::as_str)
}

/// What one A2A payload object is (a send result, stream event or webhook body).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PayloadKind {
    Task,
    Message,
    StatusUpdate,
    ArtifactUpdate,
}

impl PayloadKind {
    /// The variant's name as `{:?}` writes it (`Task`, `StatusUpdate`, ...).
    pub fn name(self) -> &'static str {
        match self {
            PayloadKind::Task => "Task",
            PayloadKind::Message => "Message",
            PayloadKind::StatusUpdate => "StatusUpdate",
            PayloadKind::ArtifactUpdate => "ArtifactUpdate",
        }
    }
}

/// A classified payload: its kind, the inner object and its JSON Pointer, and how it was
/// shaped (`wrapped` = 1.0/ProtoJSON oneof member; else 0.x `kind`).
#[derive(Debug)]
pub struct Payload<'a> {
    pub kind: PayloadKind,
    pub inner: &'a Obj<'a>,
    pub pointer: String,
    pub wrapped: bool,
}

/// Whether `o` is a Task in every way but its 0.x `kind` (TASK-004, DATA-001): no `kind`,
/// a string `id`, a `status` object whose `state` is a string that is no 1.0 enum name
/// (`TASK_STATE_*`: that answer is a 1.0 Task, another version's, f347), and no member of
/// the 1.0 oneof wrapper (`task`, `message`, `statusUpdate`, `artifactUpdate`) nor an
/// update event's `taskId`. A 0.x JSON-RPC answer of this shape (a pydantic model without
/// the discriminator, mine58 f1305) is malformed, yet names the task and its state.
pub fn bare_task_0x(o: &Obj) -> bool {
    o.get("kind").is_none()
        && o.get("id").and_then(Json::as_str).is_some()
        && o.get("status")
            .and_then(|s| s.get("state"))
            .and_then(Json::as_str)
            .is_some_and(|st| !st.starts_with("TASK_STATE_"))
        && [
            "task",
            "message",
            "statusUpdate",
            "artifactUpdate",
            "taskId",
        ]
        .iter()
        .all(|m| o.get(m).is_none())
}

/// Whether `o` is a 0.x Task written with its id under `taskId` (TASK-004, DATA-001; mine59
/// f1320, aliveclaw/agos's pydantic `A2ATask.task_id` aliased "taskId"): no `kind`, no `id`,
/// a string `taskId`, a `status` object whose `state` is a string that is no 1.0 enum name,
/// a Task's own list (`artifacts`, `history`, or the `messages` such servers keep for it),
/// and none of an update event's members (`final`, `artifact`, `append`, `lastChunk`) nor a
/// 1.0 oneof member. A 0.x answer of this shape is malformed, yet names the task (by its
/// `taskId`) and its state, as [`bare_task_0x`]'s kind-less Task does.
pub fn task_0x_named_by_task_id(o: &Obj) -> bool {
    o.get("kind").is_none()
        && o.get("id").is_none()
        && o.get("taskId").and_then(Json::as_str).is_some()
        && o.get("status")
            .and_then(|s| s.get("state"))
            .and_then(Json::as_str)
            .is_some_and(|st| !st.starts_with("TASK_STATE_"))
        && ["artifacts", "history", "messages"]
            .iter()
            .any(|m| o.get(m).and_then(Json::as_array).is_some())
        && [
            "final",
            "artifact",
            "append",
            "lastChunk",
            "task",
            "message",
            "statusUpdate",
            "artifactUpdate",
        ]
        .iter()
        .all(|m| o.get(m).is_none())
}

/// The 0.x `kind` a stream event `o` without one has by its shape (STREAM-003, DATA-001;
/// streams59, PraisonAI's A2A server, mine58 f1304): `"status-update"` for a `taskId` string
/// beside a `status` object whose `state` is a string that is no 1.0 enum name
/// (`TASK_STATE_*`) and no `artifact`; `"artifact-update"` for a `taskId` string beside an
/// `artifact` object and no `status`; `"task"` for [`bare_task_0x`]; `"message"` for a
/// 0.x Message's shape (cards60: a string `messageId`, a `role` of `user` or `agent`, a
/// `parts` list, and no `id`, `status` nor `artifact`). `None` when `o` has a
/// `kind` or a member of the 1.0 oneof wrapper (`task`, `message`, `statusUpdate`,
/// `artifactUpdate`), and for any other shape. Such an event is malformed (no `kind`), yet
/// names its task and what happened to it (a Message: that the call was answered).
pub fn kindless_event_0x(o: &Obj) -> Option<&'static str> {
    if o.get("kind").is_some()
        || ["task", "message", "statusUpdate", "artifactUpdate"]
            .iter()
            .any(|m| o.get(m).is_some())
    {
        return None;
    }
    if bare_task_0x(o) {
        return Some("task");
    }
    // mine59 f1320's Task named by taskId (a Task's own list beside taskId and status) is
    // no status update event; its stream reading would need the id it lacks: not guessed
    if task_0x_named_by_task_id(o) {
        return None;
    }
    if o.get("messageId").and_then(Json::as_str).is_some()
        && matches!(o.get("role").and_then(Json::as_str), Some("user" | "agent"))
        && o.get("parts").and_then(Json::as_array).is_some()
        && ["id", "status", "artifact"]
            .iter()
            .all(|m| o.get(m).is_none())
    {
        return Some("message");
    }
    o.get("taskId").and_then(Json::as_str)?;
    let status = o.get("status").filter(|s| s.as_object().is_some());
    let artifact = o.get("artifact").filter(|a| a.as_object().is_some());
    match (status, artifact) {
        (Some(st), None)
            if st
                .get("state")
                .and_then(Json::as_str)
                .is_some_and(|s| !s.starts_with("TASK_STATE_")) =>
        {
            Some("status-update")
        }
        (None, Some(_)) if o.get("status").is_none() => Some("artifact-update"),
        _ => None,
    }
}

/// Classifies a result / stream event / webhook body: 1.0 oneof wrapper (`{"task":…}`,
/// `{"statusUpdate":…}`, ...) or 0.x `kind` discriminator. Returns a problem text when the
/// value is none of them (or names several oneof members).
pub fn classify_payload<'a>(v: &'a Json, base: &str) -> Result<Payload<'a>, String> {
    let Some(o) = v.as_object() else {
        return Err("payload is not a JSON object".into());
    };
    if let Some(kind) = o.get("kind").and_then(Json::as_str) {
        let k = match kind {
            "task" => PayloadKind::Task,
            "message" => PayloadKind::Message,
            "status-update" => PayloadKind::StatusUpdate,
            "artifact-update" => PayloadKind::ArtifactUpdate,
            other => return Err(format!("unknown kind {other:?}")),
        };
        return Ok(Payload {
            kind: k,
            inner: o,
            pointer: base.to_string(),
            wrapped: false,
        });
    }
    let members: Vec<(&str, PayloadKind)> = [
        ("task", PayloadKind::Task),
        ("message", PayloadKind::Message),
        ("statusUpdate", PayloadKind::StatusUpdate),
        ("artifactUpdate", PayloadKind::ArtifactUpdate),
    ]
    .into_iter()
    // ProtoJSON reads `null` as the field's default: a oneof member written as null is
    // unset (protojson, Python json_format and Java JsonFormat skip it before their
    // several-members check), so `{"task": {...}, "message": null}` (a serializer that
    // writes every member, pydantic's model_dump() without exclude_none) holds one
    // member (breaker21 L19).
    .filter(|(name, _)| o.get(name).is_some_and(|v| !v.is_null()))
    .collect();
    match members.as_slice() {
        [(name, _)] if bare_with_member(o, name) => Err(bare_member_payload(o, name)),
        [(name, k)] => match o.get(name).and_then(Json::as_object) {
            Some(inner) => Ok(Payload {
                kind: *k,
                inner,
                pointer: super::json::ptr(base, &[super::json::Seg::Key(name)]),
                wrapped: true,
            }),
            None => Err(format!("{name} is not an object")),
        },
        [] => Err(unwrapped_payload(o)),
        many => Err(format!(
            "payload sets several oneof members: {}",
            many.iter().map(|m| m.0).collect::<Vec<_>>().join(", ")
        )),
    }
}

/// Members of a bare Task, Message, TaskStatus or update event: an object that has one of
/// them beside a member named like a oneof member is not a 1.0 wrapper.
const BARE_MEMBERS: [&str; 10] = [
    "state",
    "status",
    "id",
    "contextId",
    "taskId",
    "messageId",
    "role",
    "parts",
    "artifact",
    "content",
];

/// Whether an object with no `kind` whose only oneof-named member is `name` is no 1.0
/// wrapper but a bare object that happens to have such a member: a TaskStatus
/// `{state, message}` (Mastra's message/stream, mastra #8411) or an ad-hoc result
/// `{status, message: "text", content}` (agentor #43). A wrapper has its oneof member and
/// nothing else a Task or Message would carry, and its member is an object.
fn bare_with_member(o: &super::json::Obj<'_>, name: &str) -> bool {
    let mut others = o.iter().map(|(k, _)| k).filter(|k| *k != name).peekable();
    if others.peek().is_none() {
        return false;
    }
    let member_is_object = o.get(name).and_then(Json::as_object).is_some();
    !member_is_object || others.any(|k| BARE_MEMBERS.contains(&k))
}

/// Why a bare object with a oneof-named member ([`bare_with_member`]) is no payload, naming
/// what it is: a TaskStatus, or an object whose members A2A does not define (DATA-005,
/// RPC-004).
fn bare_member_payload(o: &super::json::Obj<'_>, name: &str) -> String {
    let members: Vec<&str> = o.iter().map(|(k, _)| k).collect();
    if o.contains_key("state") && !o.contains_key("id") {
        return format!(
            "payload is a bare TaskStatus ({}), not a Task, Message or update event: its \"{name}\" member is the status message, not a oneof wrapper (a Task carries its status under status beside id and contextId; 0.x marks the Task kind \"task\", 1.0 wraps it as {{\"task\": {{...}}}}) (DATA-005, RPC-004)",
            members.join(", ")
        );
    }
    let what = match o.get(name) {
        Some(Json::String(_)) => "a string",
        Some(Json::Number(_)) => "a number",
        Some(Json::Bool(_)) => "a boolean",
        Some(Json::Null) => "null",
        Some(Json::Array(_)) => "an array",
        _ => "an object beside members a wrapper does not have",
    };
    format!(
        "payload has no kind and is no oneof wrapper: an object with members {} whose \"{name}\" member is {what}, not a Task, Message or update event (a Task is {{id, contextId, status:{{state}}}}, a Message {{messageId, role, parts}}; 0.x marks them with kind, 1.0 wraps them as {{\"task\": ...}} or {{\"message\": ...}}) (DATA-005, RPC-004)",
        members.join(", ")
    )
}

/// Why an object with neither `kind` nor a oneof member is no payload, naming what it looks
/// like when it is recognisable: a JSON-RPC response envelope (an HTTP+JSON answer written
/// as JSON-RPC, REST-001/BIND-001), or a bare Task, Message or event that 1.0 wraps in its
/// oneof member (`{"task": {...}}`, RPC-004; the most common 0.3 → 1.0 porting mistake).
fn unwrapped_payload(o: &super::json::Obj<'_>) -> String {
    let has = |k: &str| o.contains_key(k);
    if has("jsonrpc") && (has("result") || has("error")) {
        return "payload is a JSON-RPC response envelope ({\"jsonrpc\":\"2.0\",\"id\":...,\"result\":...}), not the payload itself: the HTTP+JSON binding answers with the bare response message ({\"task\": ...} or {\"message\": ...}), JSON-RPC framing belongs to the JSON-RPC binding only (REST-001, BIND-001)".into();
    }
    // One member that names a payload in another letter case or by its type name
    // (`{"Task": {...}}`: a serializer keyed by the class name, CrewAI in adk-python #2851,
    // whose real answer put `"snapshot": {}` beside it: mine21a f194). Members beside it are
    // named; a lowercase oneof name beside others is the 1.0 wrapper's business, not this.
    let named_of = |k: &str| {
        let norm: String = k
            .chars()
            .filter(char::is_ascii_alphanumeric)
            .collect::<String>()
            .to_ascii_lowercase();
        match norm.as_str() {
            "task" => Some(("task", "task")),
            "message" => Some(("message", "message")),
            "statusupdate" | "taskstatusupdateevent" => Some(("statusUpdate", "status-update")),
            "artifactupdate" | "taskartifactupdateevent" => {
                Some(("artifactUpdate", "artifact-update"))
            }
            _ => None,
        }
    };
    let wrappers: Vec<(&str, (&str, &str))> = o
        .iter()
        .filter(|(_, v)| v.as_object().is_some())
        .filter_map(|(k, _)| named_of(k).map(|n| (k, n)))
        .filter(|(k, (member, _))| o.len() == 1 || k != member)
        .collect();
    if let [(k, (member, kind))] = wrappers.as_slice() {
        let others: Vec<String> = o
            .iter()
            .map(|(n, _)| n)
            .filter(|n| n != k)
            .take(3)
            .map(|n| format!("\"{n}\""))
            .collect();
        let beside = if others.is_empty() {
            String::new()
        } else {
            format!(" (beside {})", others.join(", "))
        };
        return format!(
            "payload is wrapped under \"{k}\"{beside}, a serializer's type name, not a member A2A defines (member names are case-sensitive): 0.x sends the object itself with kind \"{kind}\", 1.0 wraps it under the lowercase oneof member \"{member}\" (DATA-001, RPC-004)"
        );
    }
    // mine59 f1320 (aliveclaw/agos's pydantic Task, `task_id` aliased "taskId"): a Task
    // that names itself by taskId is no status update event, whatever its first members say.
    if task_0x_named_by_task_id(o) {
        let lists: Vec<&str> = ["artifacts", "history", "messages"]
            .into_iter()
            .filter(|k| has(k))
            .collect();
        return format!(
            "payload is a Task written with its id under taskId (taskId, status, {}) and without the 0.x kind: a Task names itself with id (taskId is an update event's and a message's member), 0.x adds kind \"task\", 1.0 wraps it as {{\"task\": {{...}}}} (TASK-004, DATA-001, RPC-004)",
            lists.join(", ")
        );
    }
    let bare = if has("taskId") && has("artifact") {
        Some((
            "TaskArtifactUpdateEvent (taskId, artifact)",
            "artifactUpdate",
        ))
    } else if has("taskId") && has("status") {
        Some(("TaskStatusUpdateEvent (taskId, status)", "statusUpdate"))
    } else if has("id") && has("status") {
        Some(("Task (id, status)", "task"))
    } else if has("messageId") && (has("role") || has("parts")) {
        Some(("Message (messageId, role, parts)", "message"))
    } else {
        None
    };
    match bare {
        Some((what, member)) => format!(
            "payload is a bare {what} without its oneof wrapper and without the 0.x kind: 1.0 wraps it as {{\"{member}\": {{...}}}} (SendMessageResponse / StreamResponse oneof, RPC-004, DATA-001)"
        ),
        None => "payload is none of task, message, statusUpdate, artifactUpdate (no oneof member, no kind)".into(),
    }
}

/// Context id given to 0.1 objects that carry no `sessionId` when they are lifted to the
/// 0.2+ shape ([`lift_v01`]); 0.1 has no `contextId`.
pub const V01_NO_SESSION: &str = "(0.1: no sessionId)";

/// Lifts a 0.1 payload (`tasks/send` era, no `kind`) to the 0.2/0.3 JSON-RPC shape so the
/// 0.x rules read it: Task `{id, sessionId?, status}` → `kind:"task"` with `contextId` =
/// `sessionId`; `TaskStatusUpdateEvent {id, status, final}` → `status-update` with `taskId`;
/// `TaskArtifactUpdateEvent {id, artifact}` → `artifact-update` (the artifact's `index`
/// as its `artifactId`, its `append` / `lastChunk` on the event); Message `{role, parts}` →
/// `kind:"message"` with a placeholder `messageId` (0.1 has none); part `type` → `kind`.
/// `ctx` is the context of a stream's task for events (0.1 events carry none). `None` when
/// `v` is not a 0.1-shaped object (already has `kind` or a 1.0 oneof member).
/// [`lift_v01`] for an event of a 0.1 / 0.2.0 stream (`tasks/sendSubscribe`,
/// `tasks/resubscribe`): that stream's result is a TaskStatusUpdateEvent or a
/// TaskArtifactUpdateEvent, never a Task (0.1 `SendTaskStreamingResponse`), and 0.2.0
/// makes `final` optional (default false, STREAM-008), so `{id, status}` without `final`
/// is a status update, not a Task. A payload with a Task's own members (`sessionId`,
/// `history`, `artifacts`) stays a Task.
pub fn lift_v01_event<'a>(v: &Json<'a>, ctx: Option<&str>) -> Option<Json<'a>> {
    let mut out = lift_v01(v, ctx)?;
    let o = v.as_object()?;
    let task_only = ["sessionId", "history", "artifacts"]
        .iter()
        .any(|k| o.contains_key(k));
    if let Some(m) = out.as_object_mut() {
        if m.get("kind").and_then(Json::as_str) == Some("task") && !task_only {
            m.insert("kind", Json::from("status-update"));
            if let Some(id) = m.remove("id") {
                m.insert("taskId", id);
            }
        }
    }
    Some(out)
}

/// 0.1 (`tasks/send` era) spellings that [`lift_v01`] would hide (DATA-004, DATA-005; the
/// 0.1 schema: `Message.role` is `user` or `agent`, every Part names its kind in `type`):
/// in message `m` at JSON Pointer `ptr`, a role other than those two, and parts that carry
/// the 0.2 discriminator `kind` instead of `type` ([`v01_parts_problems`]). A missing role
/// or a part with neither member is left to the lifted message's checks. `(JSON Pointer,
/// words)` pairs, empty when none (breaker36 Z04, N18).
pub fn v01_message_problems(m: &Obj, ptr: &str) -> Vec<(String, String)> {
    let mut out = Vec::new();
    match m.get("role").and_then(Json::as_str) {
        None | Some("user" | "agent") => {}
        Some(r) => out.push((
            format!("{ptr}/role"),
            format!("0.1 message role {r:?} is neither user nor agent (the 0.1 Role enum): the client sends \"user\", the agent \"agent\""),
        )),
    }
    if let Some(parts) = m.get("parts") {
        out.extend(v01_parts_problems(parts, &format!("{ptr}/parts")));
    }
    out
}

/// The parts of 0.1 list `parts` (at `ptr`) that carry `kind` but no `type`: 0.2's name
/// of the discriminator, which a 0.1 reader (`TextPart {type: "text", text}`) does not
/// know, so it finds no part of a known kind (breaker36 Z03, Z04).
pub fn v01_parts_problems(parts: &Json, ptr: &str) -> Vec<(String, String)> {
    let Some(list) = parts.as_array() else {
        return Vec::new();
    };
    list.iter()
        .enumerate()
        .filter_map(|(i, p)| {
            let o = p.as_object()?;
            let k = o.get("kind").and_then(Json::as_str).filter(|_| !o.contains_key("type"))?;
            Some((
                format!("{ptr}/{i}"),
                format!("0.1 part has kind {k:?} but no type: 0.1 names a part's kind in type ({{\"type\": {k:?}, ...}}; kind is the 0.2 name), so a 0.1 reader finds no part it knows"),
            ))
        })
        .collect()
}

/// [`v01_parts_problems`] over 0.1 Task `t` (at `ptr`): the parts of its `status.message`,
/// of each artifact and of each history message (roles are judged on the lifted Task).
pub fn v01_task_problems(t: &Obj, ptr: &str) -> Vec<(String, String)> {
    let mut out = Vec::new();
    // the pointer is built only for a list that has such a part (most have none)
    let mut add = |parts: &Json, at: &dyn Fn() -> String| {
        if has_kind_without_type(parts) {
            out.extend(v01_parts_problems(parts, &at()));
        }
    };
    if let Some(parts) = t
        .get("status")
        .and_then(|s| s.get("message"))
        .and_then(|m| m.get("parts"))
    {
        add(parts, &|| format!("{ptr}/status/message/parts"));
    }
    if let Some(list) = t.get("artifacts").and_then(Json::as_array) {
        for (j, a) in list.iter().enumerate() {
            if let Some(parts) = a.get("parts") {
                add(parts, &|| format!("{ptr}/artifacts/{j}/parts"));
            }
        }
    }
    if let Some(list) = t.get("history").and_then(Json::as_array) {
        for (j, m) in list.iter().enumerate() {
            if let Some(parts) = m.get("parts") {
                add(parts, &|| format!("{ptr}/history/{j}/parts"));
            }
        }
    }
    out
}

/// Whether list `parts` has a part [`v01_parts_problems`] reports (a string `kind`, no
/// `type`).
fn has_kind_without_type(parts: &Json) -> bool {
    parts.as_array().is_some_and(|l| {
        l.iter().any(|p| {
            p.as_object().is_some_and(|o| {
                o.get("kind").and_then(Json::as_str).is_some() && !o.contains_key("type")
            })
        })
    })
}

pub fn lift_v01<'a>(v: &Json<'a>, ctx: Option<&str>) -> Option<Json<'a>> {
    let o = v.as_object()?;
    if o.contains_key("kind")
        || ["task", "message", "statusUpdate", "artifactUpdate"]
            .iter()
            .any(|k| o.contains_key(k))
    {
        return None;
    }
    let mut out = o.clone();
    let session = o.get("sessionId").and_then(Json::as_str);
    let ctx = session.or(ctx).unwrap_or(V01_NO_SESSION);
    // 0.1 artifacts have `index` (and maybe `name`), no `artifactId`.
    let lift_artifact = |a: &mut Obj<'a>| {
        if !a.contains_key("artifactId") {
            let idx = a.get("index").and_then(Json::as_u64).unwrap_or(0);
            a.insert("artifactId", Json::from(format!("(0.1: index {idx})")));
        }
    };
    let lift_parts = |m: &mut Obj<'a>| {
        if let Some(Json::Array(parts)) = m.get_mut("parts") {
            for p in parts.iter_mut() {
                if let Some(po) = p.as_object_mut() {
                    if !po.contains_key("kind") {
                        if let Some(t) = po.get("type").cloned() {
                            po.insert("kind", t);
                        }
                    }
                }
            }
        }
    };
    let lift_message = |m: &mut Obj<'a>| {
        m.insert_if_absent("kind", || Json::from("message"));
        m.insert_if_absent("messageId", || Json::from("(0.1: no messageId)"));
        lift_parts(m);
    };
    let id = o.get("id").cloned();
    if o.contains_key("role") && o.contains_key("parts") {
        lift_message(&mut out);
    } else if let (Some(id), true) = (id, o.contains_key("status") || o.contains_key("artifact")) {
        let kind = if o.contains_key("artifact") && !o.contains_key("status") {
            "artifact-update"
        } else if o.contains_key("final") {
            "status-update"
        } else {
            "task"
        };
        out.insert("kind", Json::from(kind));
        out.insert_if_absent("contextId", || Json::from(ctx.to_string()));
        if kind != "task" {
            out.insert("taskId", id);
            out.remove("id");
        }
        if let Some(Json::Object(st)) = out.get_mut("status") {
            if let Some(Json::Object(m)) = st.get_mut("message") {
                lift_message(m);
            }
        }
        if let Some(Json::Array(h)) = out.get_mut("history") {
            for m in h.iter_mut().filter_map(Json::as_object_mut) {
                lift_message(m);
            }
        }
        if let Some(Json::Object(a)) = out.get_mut("artifact") {
            lift_artifact(a);
            lift_parts(a);
        }
        // 0.1 Artifact carries `append` / `lastChunk` itself; 0.2+ puts them on the
        // TaskArtifactUpdateEvent, where the stream rules (STREAM-009) read them.
        if kind == "artifact-update" {
            for k in ["append", "lastChunk"] {
                let inner = out
                    .get("artifact")
                    .and_then(|a| a.get(k))
                    .filter(|v| v.as_bool().is_some())
                    .cloned();
                if let Some(v) = inner {
                    out.insert_if_absent(k, || v);
                }
            }
        }
        if let Some(Json::Array(arts)) = out.get_mut("artifacts") {
            for a in arts.iter_mut().filter_map(Json::as_object_mut) {
                lift_artifact(a);
                lift_parts(a);
            }
        }
    } else {
        return None;
    }
    Some(Json::Object(out))
}

/// A bare Task without wrapper or `kind` (1.0 `GetTask`/`CancelTask` results): has `id` and
/// `status`.
pub fn looks_like_bare_task(v: &Json) -> bool {
    v.as_object()
        .is_some_and(|o| o.contains_key("id") && o.contains_key("status"))
}

/// Lenient Task view (DATA-005).
#[derive(Debug)]
pub struct TaskView<'a> {
    pub id: Option<&'a str>,
    pub context_id: Option<&'a str>,
    /// The raw state string.
    pub state_raw: Option<&'a str>,
    pub state: Option<TaskState>,
    pub problems: Vec<(String, String)>,
}

/// Reads a Task object at `ptr`. `need_context` = 0.x JSON-RPC (contextId required).
/// DATA-005 / ID-001: `id` is required and names the task for every later call; `""` is
/// the ProtoJSON default of an unset string (as in [`update_view`]), so an empty `id` (and
/// an empty required 0.x `contextId`) is reported like a missing one and read as absent.
pub fn task_view<'a>(o: &'a Obj, ptr: &str, need_context: bool) -> TaskView<'a> {
    let mut problems = Vec::new();
    let id = str_member(o, "id", "id");
    if id.is_none() {
        // Say what is there when it is no string (breaker26 N05: an integer id from an
        // agent's database key): "no id" would send the engineer looking for a missing
        // member.
        let why = match o.get("id") {
            None | Some(Json::Null) => "task has no id".to_string(),
            Some(Json::Number(n)) => format!(
                "task id is the number {n}, not a string (proto Task.id is a string: send \"{n}\")"
            ),
            Some(Json::Bool(_)) => "task id is a boolean, not a string".to_string(),
            Some(_) => "task id is not a string".to_string(),
        };
        problems.push((format!("{ptr}/id"), why));
    } else if id.is_some_and(|s| s.trim().is_empty()) {
        problems.push((
            format!("{ptr}/id"),
            "task id is empty (an unset string in ProtoJSON): the client cannot name the task in GetTask, CancelTask or a follow-up".to_string(),
        ));
    }
    let id = id.filter(|s| !s.trim().is_empty());
    let context_id = str_member(o, "contextId", "context_id");
    if need_context && context_id.is_none_or(|s| s.trim().is_empty()) {
        // mine32: a contextId written as a number is named as such, like the id above.
        let why = match (context_id, o.get("contextId")) {
            (Some(_), _) => "task contextId is empty".to_string(),
            (None, Some(Json::Number(n))) => {
                format!("task contextId is the number {n}, not a string (send \"{n}\")")
            }
            (None, Some(v)) if !v.is_null() => {
                format!("task contextId is not a string but {}", kind_words(v))
            }
            _ => "task has no contextId".to_string(),
        };
        problems.push((format!("{ptr}/contextId"), why));
    }
    let (state_raw, state) = status_state(o, ptr, &mut problems);
    TaskView {
        id,
        context_id,
        state_raw,
        state,
        problems,
    }
}

fn status_state<'a>(
    o: &'a Obj,
    ptr: &str,
    problems: &mut Vec<(String, String)>,
) -> (Option<&'a str>, Option<TaskState>) {
    match o.get("status") {
        Some(Json::Object(s)) => {
            // DATA-004 / DATA-005 (mine55, nexent PR #3576: a failure written
            // `"status": {"state": "TASK_STATE_FAILED", "message": str(e)}`): TaskStatus.message
            // is a Message object in every generation; null is unset (DATA-003), any other
            // JSON type is no Message a client can read.
            if let Some(m) = s
                .get("message")
                .filter(|m| !m.is_null() && m.as_object().is_none())
            {
                problems.push((
                    format!("{ptr}/status/message"),
                    format!(
                        "status.message is {}, not a Message object {{messageId, role, parts}}",
                        value_words(m)
                    ),
                ));
            }
            status_state_of(s, ptr, problems)
        }
        Some(v) => {
            problems.push((
                format!("{ptr}/status"),
                format!("status is not an object but {}", kind_words(v)),
            ));
            (None, None)
        }
        None => {
            problems.push((format!("{ptr}/status"), "task has no status".into()));
            (None, None)
        }
    }
}

/// The state of status object `s` (at `{ptr}/status`) as [`status_state`] reads it.
fn status_state_of<'a>(
    s: &'a Obj,
    ptr: &str,
    problems: &mut Vec<(String, String)>,
) -> (Option<&'a str>, Option<TaskState>) {
    match s.get("state").and_then(Json::as_str) {
        Some(raw) => {
            let st = TaskState::parse(raw);
            if st.is_none() {
                problems.push((
                    format!("{ptr}/status/state"),
                    format!("unknown task state {raw:?}"),
                ));
            }
            (Some(raw), st)
        }
        None => {
            // ProtoJSON parsers accept an enum's number, but DATA-001 has 1.0 JSON carry
            // the enum names: say what was there rather than "no state".
            let why = match s.get("state") {
                None | Some(Json::Null) => "status has no state".to_string(),
                // a number outside the proto's TaskState (0-8): no name exists for it, so
                // it is what a gRPC answer decodes to as well (ProtoJSON keeps an unknown
                // enum value as its number; breaker56 g10-state-unknown-enum), and "not a
                // state name" would blame the spelling of a value that is no state at all
                Some(Json::Number(n))
                    if num_index(n)
                        .and_then(|i| usize::try_from(i).ok())
                        .is_none_or(|i| i >= PROTO_TASK_STATES.len()) =>
                {
                    format!(
                        "status.state is the number {n}, which is no TaskState (the proto numbers its states 0 to {}: TASK_STATE_SUBMITTED is 1, TASK_STATE_WORKING 2, TASK_STATE_COMPLETED 3, ...)",
                        PROTO_TASK_STATES.len() - 1
                    )
                }
                Some(Json::Number(n)) => format!(
                    "status.state is the number {n}, not a state name ({})",
                    proto_enum_hint(
                        num_index(n),
                        PROTO_TASK_STATES,
                        "TASK_STATE_WORKING, TASK_STATE_COMPLETED, ..."
                    )
                ),
                Some(_) => "status.state is not a string".to_string(),
            };
            problems.push((format!("{ptr}/status/state"), why));
            (None, None)
        }
    }
}

/// Lenient status/artifact update event view (ID-005, DATA-005).
#[derive(Debug)]
pub struct UpdateView<'a> {
    pub task_id: Option<&'a str>,
    pub context_id: Option<&'a str>,
    pub state: Option<TaskState>,
    pub state_raw: Option<&'a str>,
    pub final_flag: Option<bool>,
    pub artifact_id: Option<&'a str>,
    pub append: bool,
    pub last_chunk: bool,
    /// Shape problems other than missing ids.
    pub problems: Vec<(String, String)>,
}

/// Reads a `TaskStatusUpdateEvent` / `TaskArtifactUpdateEvent` at `ptr`.
pub fn update_view<'a>(o: &'a Obj, kind: PayloadKind, ptr: &str) -> UpdateView<'a> {
    let mut problems = Vec::new();
    // "" is the ProtoJSON default of an unset string: as absent as a missing member (ID-005).
    let task_id = str_member(o, "taskId", "task_id").filter(|s| !s.is_empty());
    let context_id = str_member(o, "contextId", "context_id").filter(|s| !s.is_empty());
    let mut state = None;
    let mut state_raw = None;
    let mut artifact_id = None;
    if kind == PayloadKind::StatusUpdate {
        let (r, s) = status_state(o, ptr, &mut problems);
        state_raw = r;
        state = s;
    } else {
        match o.get("artifact") {
            Some(Json::Object(a)) => {
                artifact_id = str_member(a, "artifactId", "artifact_id");
                if artifact_id.is_none() {
                    problems.push((
                        format!("{ptr}/artifact/artifactId"),
                        "artifact has no artifactId".into(),
                    ));
                }
                match a.get("parts") {
                    Some(Json::Array(_)) => {}
                    None => problems.push((
                        format!("{ptr}/artifact/parts"),
                        "artifact has no parts array".into(),
                    )),
                    Some(v) => problems.push((
                        format!("{ptr}/artifact/parts"),
                        format!("artifact parts is not a list but {}", list_kind_words(v)),
                    )),
                }
            }
            _ => problems.push((
                format!("{ptr}/artifact"),
                "artifact update has no artifact object".into(),
            )),
        }
    }
    UpdateView {
        task_id,
        context_id,
        state,
        state_raw,
        final_flag: o.get("final").and_then(Json::as_bool),
        artifact_id,
        append: o.get("append").and_then(Json::as_bool).unwrap_or(false),
        last_chunk: o
            .get("lastChunk")
            .or_else(|| o.get("last_chunk"))
            .and_then(Json::as_bool)
            .unwrap_or(false),
        problems,
    }
}

/// `TaskState` names by their proto enum number (1.0 `a2a.proto`; 0.3 `a2a.proto` numbers
/// them alike, spelling 5 `TASK_STATE_CANCELLED`).
const PROTO_TASK_STATES: &[&str] = &[
    "TASK_STATE_UNSPECIFIED",
    "TASK_STATE_SUBMITTED",
    "TASK_STATE_WORKING",
    "TASK_STATE_COMPLETED",
    "TASK_STATE_FAILED",
    "TASK_STATE_CANCELED",
    "TASK_STATE_INPUT_REQUIRED",
    "TASK_STATE_REJECTED",
    "TASK_STATE_AUTH_REQUIRED",
];

/// The 1.0 `TaskState` name of proto enum number `n` (`2` → `TASK_STATE_WORKING`), which
/// ProtoJSON parsers accept in place of the name (proto3 JSON mapping) in a request's
/// ListTasks `status` filter; `None` past the enum.
pub fn proto_task_state_name(n: u64) -> Option<&'static str> {
    usize::try_from(n)
        .ok()
        .and_then(|i| PROTO_TASK_STATES.get(i))
        .copied()
}

/// `Role` names by their proto enum number (`a2a.proto`).
const PROTO_ROLES: &[&str] = &["ROLE_UNSPECIFIED", "ROLE_USER", "ROLE_AGENT"];

/// What a ProtoJSON enum number in place of a name stands for (DATA-001: JSON carries the
/// names): `"3 is TASK_STATE_COMPLETED"` for a known number, else `fallback` (some names).
fn proto_enum_hint(n: Option<u64>, names: &[&str], fallback: &str) -> String {
    match n.and_then(|n| {
        usize::try_from(n)
            .ok()
            .and_then(|i| names.get(i))
            .map(|m| (n, m))
    }) {
        Some((n, name)) => format!("{n} is {name}"),
        None => fallback.to_string(),
    }
}

/// A non-negative integer JSON number (an enum number), else `None`.
fn num_index(n: &crate::model::json::Num) -> Option<u64> {
    match n {
        crate::model::json::Num::PosInt(u) => Some(*u),
        _ => None,
    }
}

/// The JSON type a 1.0 proto field takes in ProtoJSON (DATA-001, ADR-001): a `string`,
/// a `repeated string`, a `bool`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ProtoKind {
    /// `string`: a JSON string.
    Str,
    /// `repeated string`: a JSON array of strings.
    StrList,
    /// `bool`: JSON `true` / `false`.
    Bool,
}

/// 1.0 `a2a.proto` (v1.0.1) scalar and repeated-scalar fields of `Message`, by JSON name.
pub const V1_MESSAGE_FIELDS: &[(&str, ProtoKind)] = &[
    ("messageId", ProtoKind::Str),
    ("contextId", ProtoKind::Str),
    ("taskId", ProtoKind::Str),
    ("referenceTaskIds", ProtoKind::StrList),
    ("extensions", ProtoKind::StrList),
];
/// 1.0 `a2a.proto` scalar fields of `Part` (the content oneof's `text`, `raw`, `url` and
/// the optional `filename`, `mediaType`), by JSON name.
pub const V1_PART_FIELDS: &[(&str, ProtoKind)] = &[
    ("text", ProtoKind::Str),
    ("raw", ProtoKind::Str),
    ("url", ProtoKind::Str),
    ("filename", ProtoKind::Str),
    ("mediaType", ProtoKind::Str),
];
/// 1.0 `a2a.proto` scalar and repeated-scalar fields of `Artifact`, by JSON name.
pub const V1_ARTIFACT_FIELDS: &[(&str, ProtoKind)] = &[
    ("artifactId", ProtoKind::Str),
    ("name", ProtoKind::Str),
    ("description", ProtoKind::Str),
    ("extensions", ProtoKind::StrList),
];
/// 1.0 `a2a.proto` scalar and repeated-scalar fields of `SendMessageConfiguration`, by JSON
/// name (`historyLength`, an `int32`, is the task query checks').
pub const V1_SEND_CONFIGURATION_FIELDS: &[(&str, ProtoKind)] = &[
    ("acceptedOutputModes", ProtoKind::StrList),
    ("returnImmediately", ProtoKind::Bool),
];
/// 1.0 `a2a.proto` scalar fields of `TaskStatusUpdateEvent`, by JSON name.
pub const V1_STATUS_UPDATE_FIELDS: &[(&str, ProtoKind)] =
    &[("taskId", ProtoKind::Str), ("contextId", ProtoKind::Str)];
/// 1.0 `a2a.proto` scalar fields of `TaskArtifactUpdateEvent`, by JSON name.
pub const V1_ARTIFACT_UPDATE_FIELDS: &[(&str, ProtoKind)] = &[
    ("taskId", ProtoKind::Str),
    ("contextId", ProtoKind::Str),
    ("append", ProtoKind::Bool),
    ("lastChunk", ProtoKind::Bool),
];

/// The JSON members of the 1.0 request message of operation `op` (`a2a.proto` v1.0.1:
/// `SendMessageRequest`, `GetTaskRequest`, `ListTasksRequest`, `CancelTaskRequest`,
/// `SubscribeToTaskRequest`, `TaskPushNotificationConfig` for Create, and the Get / List /
/// Delete push notification config and `GetExtendedAgentCardRequest` messages), as sent in
/// JSON-RPC `params`, an HTTP+JSON body or query; `None` for the card fetch (no request
/// message). Used to tell a member none of them defines (DATA-003, DATA-001).
pub fn v1_request_members(op: Op) -> Option<&'static [&'static str]> {
    Some(match op {
        Op::SendMessage | Op::SendStreamingMessage => {
            &["message", "configuration", "metadata", "tenant"]
        }
        Op::GetTask => &["id", "historyLength", "tenant"],
        Op::ListTasks => &[
            "contextId",
            "status",
            "pageSize",
            "pageToken",
            "historyLength",
            "statusTimestampAfter",
            "includeArtifacts",
            "tenant",
        ],
        Op::CancelTask => &["id", "metadata", "tenant"],
        Op::SubscribeToTask => &["id", "tenant"],
        Op::CreatePushConfig => &["id", "taskId", "url", "token", "authentication", "tenant"],
        Op::GetPushConfig | Op::DeletePushConfig => &["taskId", "id", "tenant"],
        Op::ListPushConfigs => &["taskId", "pageSize", "pageToken", "tenant"],
        Op::GetExtendedCard => &["tenant"],
        Op::GetCard => return None,
    })
}

/// Whether `snake` (`page_size`) is the proto field name of JSON member `camel`
/// (`pageSize`): the lowerCamelCase ProtoJSON derives from it, compared exactly.
pub fn snake_to_camel_eq(snake: &str, camel: &str) -> bool {
    let mut out = String::with_capacity(snake.len());
    let mut up = false;
    for ch in snake.chars() {
        if ch == '_' {
            up = true;
        } else if up {
            out.extend(ch.to_uppercase());
            up = false;
        } else {
            out.push(ch);
        }
    }
    out == camel
}

/// The 1.0 request member that a member name of another API's vocabulary stands for, as
/// clients send it (A2A #2162: the v1 migration guide's `cursor` / `limit` for ListTasks'
/// `pageToken` / `pageSize`; a2a-tck PR #129: the removed `configId` of a push config
/// call), when `members` (from [`v1_request_members`]) holds it; compared
/// case-insensitively. `None` for a name with no known counterpart. `taskId` for a task
/// call's `id` is not here: that call names no task at all (DATA-PARAM-003's).
pub fn v1_request_member_alias(name: &str, members: &[&str]) -> Option<&'static str> {
    const ALIASES: &[(&str, &str)] = &[
        ("limit", "pageSize"),
        ("maxResults", "pageSize"),
        ("perPage", "pageSize"),
        ("pageLimit", "pageSize"),
        ("count", "pageSize"),
        ("size", "pageSize"),
        ("cursor", "pageToken"),
        ("nextCursor", "pageToken"),
        ("pageCursor", "pageToken"),
        ("after", "pageToken"),
        ("startAfter", "pageToken"),
        ("continuationToken", "pageToken"),
        ("nextPageToken", "pageToken"),
        ("offset", "pageToken"),
        ("page", "pageToken"),
        ("pageNumber", "pageToken"),
        ("history", "historyLength"),
        ("historyLimit", "historyLength"),
        ("maxHistory", "historyLength"),
        ("historyCount", "historyLength"),
        ("state", "status"),
        ("states", "status"),
        ("taskState", "status"),
        ("context", "contextId"),
        ("sessionId", "contextId"),
        ("since", "statusTimestampAfter"),
        ("updatedAfter", "statusTimestampAfter"),
        ("lastUpdatedAfter", "statusTimestampAfter"),
        ("withArtifacts", "includeArtifacts"),
        ("configId", "id"),
        ("pushNotificationConfigId", "id"),
    ];
    ALIASES
        .iter()
        .find(|(a, m)| a.eq_ignore_ascii_case(name) && members.contains(m))
        .map(|(_, m)| *m)
}

/// DATA-001 / DATA-005 (breaker19b Z7): the first member of `o` (at `ptr`, a `what` such as
/// "message") that `fields` (a 1.0 proto table: [`V1_MESSAGE_FIELDS`], ...) types and whose
/// JSON value is of another type (`"mediaType": 5`, `"append": "true"`,
/// `"referenceTaskIds": "t0"`): a ProtoJSON parser (protojson, the SDKs) refuses the whole
/// document. `null` is the ProtoJSON spelling of an unset field and passes. Returns
/// `(JSON Pointer, message)`.
pub fn proto_type_problem(
    o: &Obj,
    ptr: &str,
    what: &str,
    fields: &[(&str, ProtoKind)],
) -> Option<(String, String)> {
    fields.iter().find_map(|&(name, kind)| {
        let v = o.get(name)?;
        let ok = match (kind, v) {
            (_, Json::Null) => true,
            (ProtoKind::Str, Json::String(_)) | (ProtoKind::Bool, Json::Bool(_)) => true,
            (ProtoKind::StrList, Json::Array(a)) => a.iter().all(Json::is_string),
            _ => false,
        };
        if ok {
            return None;
        }
        let want = match kind {
            ProtoKind::Str => "a string",
            ProtoKind::StrList => "a list of strings",
            ProtoKind::Bool => "a JSON boolean (true / false)",
        };
        let found = crate::model::json::value_words(v);
        Some((
            format!("{ptr}/{name}"),
            format!(
                "{what} {name} is {found}, not {want} as the 1.0 proto types it: a ProtoJSON parser (protojson, the SDKs) refuses the whole document that carries it"
            ),
        ))
    })
}

/// 0.x (0.2 / 0.3 JSON Schema) boolean members of `TaskStatusUpdateEvent` (`final`,
/// required: STREAM-008), for [`v0_type_problem`].
pub const V0_STATUS_UPDATE_BOOLS: &[&str] = &["final"];
/// 0.x boolean members of `TaskArtifactUpdateEvent` (`append`, `lastChunk`: STREAM-009).
pub const V0_ARTIFACT_UPDATE_BOOLS: &[&str] = &["append", "lastChunk"];
/// 0.x boolean members of `MessageSendConfiguration` (`blocking`; its integer
/// `historyLength` is DATA-PARAM-005's, as in 1.0).
pub const V0_SEND_CONFIGURATION_BOOLS: &[&str] = &["blocking"];

/// DATA-001 / DATA-005 (bool32): the first of the 0.x boolean members `names` of `o` (at
/// `ptr`, a `what` such as "status update event") whose JSON value is a string, a number,
/// a list or an object (`"final": "true"`, `"append": "false"`, `"lastChunk": 1`): the
/// 0.2 / 0.3 JSON Schema types them `boolean`, and the 0.3 proto (HTTP+JSON and gRPC carry
/// its ProtoJSON, `proto`) `bool`. A JavaScript reader takes any non-empty string as true
/// (`"false"` appends, ends the stream, blocks), typed readers (Go, Java, ProtoJSON) refuse
/// the object. `null` is the unset value (ProtoJSON's, and every 0.x SDK's optional) and
/// passes, as for historyLength (review28a R4). `dialect` names the version ("0.3").
/// Returns `(JSON Pointer, message)`; 1.0 objects are [`proto_type_problem`]'s.
pub fn v0_type_problem(
    o: &Obj,
    ptr: &str,
    what: &str,
    names: &[&str],
    dialect: &str,
    proto: bool,
) -> Option<(String, String)> {
    names.iter().find_map(|&name| {
        let v = o.get(name)?;
        // (what to write, how a JavaScript reader takes it)
        let (write, js) = match v {
            Json::Null | Json::Bool(_) => return None,
            Json::String(s) => (
                match s.trim().to_ascii_lowercase().as_str() {
                    "true" | "1" | "yes" => "true",
                    "false" | "0" | "no" | "" => "false",
                    _ => "",
                },
                "a JavaScript reader takes any non-empty string as true (\"false\" too)",
            ),
            Json::Number(n) => (
                match n.to_string().as_str() {
                    "0" | "0.0" => "false",
                    "1" | "1.0" => "true",
                    _ => "",
                },
                "a JavaScript or Python reader takes any number but 0 as true",
            ),
            Json::Array(_) | Json::Object(_) => ("", "a JavaScript reader takes it as true"),
        };
        let found = crate::model::json::value_words(v);
        let typed = if proto {
            format!("as the {dialect} proto types it (HTTP+JSON carries its ProtoJSON): a ProtoJSON parser refuses the whole object, and {js}")
        } else {
            format!("as the {dialect} JSON Schema types it: typed readers (Go, Java, zod, strict pydantic) refuse the object, and {js}")
        };
        let fix = if write.is_empty() {
            format!("write {name} as true or false, without quotes")
        } else {
            format!("write \"{name}\": {write}, without quotes")
        };
        Some((
            format!("{ptr}/{name}"),
            format!("{what} {name} is {found}, not a JSON boolean {typed}; {fix}"),
        ))
    })
}

/// DATA-005 / ID-007 / STREAM-009 (breaker19b Z6): a REQUIRED 1.0 identifier `name` of `o`
/// (`messageId`, `artifactId`) that is the empty string, the unset proto3 value (1.0 §5.7:
/// REQUIRED fields MUST be present and set). 0.x schemas require presence only: callers
/// judge 1.0 only. Returns `(JSON Pointer, message)`.
pub fn empty_required_id(o: &Obj, ptr: &str, what: &str, name: &str) -> Option<(String, String)> {
    let v = o.get(name)?.as_str()?;
    v.trim().is_empty().then(|| {
        let why = if name == "messageId" {
            "duplicate sends cannot be recognised by messageId (ID-007)"
        } else {
            "chunks cannot be appended to it by artifactId (STREAM-009)"
        };
        (
            format!("{ptr}/{name}"),
            format!(
                "{what} {name} is empty (an unset string in ProtoJSON; 1.0 requires it set): {why}"
            ),
        )
    })
}

/// Lenient Message view (DATA-005): `messageId`, `role`, `parts` (0.3 REST: `content`).
pub fn message_problems(o: &Obj, ptr: &str) -> Vec<(String, String)> {
    let mut p = Vec::new();
    if str_member(o, "messageId", "message_id").is_none() {
        // mine32: a messageId written as a number (or null) is named as such, not as absent.
        let msg = match o.get("messageId").filter(|v| !v.is_null()) {
            Some(v @ Json::Number(n)) => format!(
                "message messageId is not a string but {}: Message.messageId is a string in every version, so typed readers refuse the message (write it as \"{n}\")",
                kind_words(v)
            ),
            Some(v) => format!(
                "message messageId is not a string but {}: Message.messageId is a string in every version",
                kind_words(v)
            ),
            None => "message has no messageId".into(),
        };
        p.push((format!("{ptr}/messageId"), msg));
    }
    match o.get("role") {
        Some(Json::String(_)) => {}
        // A ProtoJSON enum number (DATA-001: 1.0 JSON carries enum names): say what was
        // there rather than "no role" (breaker15a Q22).
        Some(Json::Number(n)) => p.push((
            format!("{ptr}/role"),
            format!(
                "role is the number {n}, not a Role name ({})",
                proto_enum_hint(num_index(n), PROTO_ROLES, "ROLE_USER or ROLE_AGENT")
            ),
        )),
        None | Some(Json::Null) => p.push((format!("{ptr}/role"), "message has no role".into())),
        Some(_) => p.push((format!("{ptr}/role"), "role is not a string".into())),
    }
    let parts = o.get("parts").or_else(|| o.get("content"));
    match parts {
        Some(Json::Array(_)) => {}
        // mine32: `parts: null` (a nil slice) is said as null: ProtoJSON reads it as the
        // empty list, and a message needs at least one part (DATA-005).
        Some(v) => p.push((
            format!("{ptr}/parts"),
            format!(
                "message parts is not a list but {}{}",
                list_kind_words(v),
                if v.is_null() {
                    " (ProtoJSON reads null as the empty list; a message needs at least one part)"
                } else {
                    ""
                }
            ),
        )),
        None => p.push((format!("{ptr}/parts"), "message has no parts array".into())),
    }
    p
}

/// Problems of a 0.3 HTTP+JSON (ProtoJSON of the 0.3 gRPC proto) message at `ptr` that
/// carries the 0.3 JSON-RPC spellings instead (REST-003, GRPC-001, DIGEST §0.1; a2a-js #291:
/// proto-JSON servers answer 400): a `kind` discriminator on the message or a part, a role
/// other than `ROLE_USER`/`ROLE_AGENT`, parts under `parts` instead of `content`.
/// `(JSON Pointer, message)`.
pub fn rest03_message_problems(o: &Obj, ptr: &str) -> Vec<(String, String)> {
    let mut p = Vec::new();
    if o.contains_key("kind") {
        p.push((
            format!("{ptr}/kind"),
            "0.3 HTTP+JSON message carries the JSON-RPC discriminator kind".into(),
        ));
    }
    if let Some(r) = o.get("role").and_then(Json::as_str) {
        if r != "ROLE_USER" && r != "ROLE_AGENT" {
            p.push((
                format!("{ptr}/role"),
                format!("0.3 HTTP+JSON role is {r:?} instead of ROLE_USER or ROLE_AGENT"),
            ));
        }
    }
    if o.contains_key("parts") && !o.contains_key("content") {
        p.push((
            format!("{ptr}/parts"),
            "0.3 HTTP+JSON message lists its parts under the JSON-RPC member parts instead of content"
                .into(),
        ));
    }
    if let Some(Json::Array(list)) = o.get("content").or_else(|| o.get("parts")) {
        if let Some(i) = list.iter().position(|q| q.get("kind").is_some()) {
            p.push((
                format!(
                    "{ptr}/{}/{i}/kind",
                    if o.contains_key("content") {
                        "content"
                    } else {
                        "parts"
                    }
                ),
                "0.3 HTTP+JSON part carries the JSON-RPC discriminator kind".into(),
            ));
        }
    }
    p
}

/// A message at `ptr` that keeps its parts under `content` (the 0.3 proto / 0.3 HTTP+JSON
/// member) where `style` wants `parts`: 1.0 (a2a.proto v1.0.1 `Message.parts`, REQUIRED) and
/// 0.x JSON-RPC (schema `Message.parts`, required). The reader of that style sees no parts
/// (DATA-005, DATA-001; breaker18a W4). `None` for [`PartStyle::V0Rest`], where `content` is
/// the member, and when `parts` is present. `(JSON Pointer, message)`.
pub fn content_for_parts_problem(o: &Obj, ptr: &str, style: PartStyle) -> Option<(String, String)> {
    if style == PartStyle::V0Rest || o.contains_key("parts") || !o.contains_key("content") {
        return None;
    }
    let gen = if style == PartStyle::V1 {
        "1.0"
    } else {
        "0.x JSON-RPC"
    };
    Some((
        format!("{ptr}/content"),
        format!(
            "message has no parts: its list is under content, the 0.3 proto (HTTP+JSON) member; a {gen} message carries it as parts"
        ),
    ))
}

/// Members of the 1.0 Task at `ptr` that a2a.proto v1.0.1's `Task` does not define (it has
/// `id`, `contextId`, `status`, `artifacts`, `history`, `metadata`), such as `createdAt` and
/// `lastModified` (named only in non-normative docs, DIGEST note 11; breaker18a W7).
/// Members other rules judge are left out: `kind` (VER-MIX-001) and proto field names with
/// `_` (DATA-001). `None` when every member is known (no allocation then).
/// Returns `(JSON Pointer of the first, the member names)`.
pub fn task_members_outside_proto<'a>(o: &'a Obj, ptr: &str) -> Option<(String, Vec<&'a str>)> {
    const KNOWN: [&str; 6] = [
        "id",
        "contextId",
        "status",
        "artifacts",
        "history",
        "metadata",
    ];
    let unknown = |k: &str| !KNOWN.contains(&k) && k != "kind" && !k.contains('_');
    if !o.keys().any(unknown) {
        return None;
    }
    let names: Vec<&str> = o.keys().filter(|k| unknown(k)).collect();
    Some((
        super::json::ptr(ptr, &[super::json::Seg::Key(names[0])]),
        names,
    ))
}

/// Members of a2a.proto v1.0.1's `Task` that only a Task carries (`artifacts`, `status`,
/// `history`) written on the Message at `ptr` (a2a.proto's has `messageId`, `contextId`,
/// `taskId`, `role`, `parts`, `metadata`, `extensions`, `referenceTaskIds`; the 0.2 / 0.3
/// schemas' the same and `kind`):
/// the agent put a Task's content on a Message answer, and every reader drops it
/// (breaker54 v10-message-artifacts: the booking's artifact reached no client). Other
/// unknown members are not named: receivers ignore unknown fields (DATA-003), a newer
/// SDK's member included (verify_metamorphic49's unknown-member-in-a2a-objects). `None`
/// when there is none (no allocation then). Returns `(JSON Pointer of the first, names)`.
pub fn message_task_members<'a>(o: &'a Obj, ptr: &str) -> Option<(String, Vec<&'a str>)> {
    const TASK_ONLY: [&str; 3] = ["artifacts", "status", "history"];
    let names: Vec<&str> = o.keys().filter(|k| TASK_ONLY.contains(k)).collect();
    let first = names.first()?;
    Some((
        super::json::ptr(ptr, &[super::json::Seg::Key(first)]),
        names,
    ))
}

/// How parts are spelled (DATA-004).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PartStyle {
    /// 1.0: exactly one of `text`, `raw`, `url`, `data` (+ `mediaType`, `filename`,
    /// `metadata`).
    V1,
    /// 0.x JSON-RPC: `kind` text/file/data; `file` has exactly one of `bytes`/`uri`; `data`
    /// is an object.
    V0Rpc,
    /// 0.3 REST/gRPC ProtoJSON: exactly one of `text`, `file`, `data`.
    V0Rest,
}

/// A part member named as in the other generation (DIGEST §1 parts row, trap 11): found by
/// [`part_member_mix`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PartMemberMix {
    /// JSON Pointer of the member.
    pub pointer: String,
    /// The member as sent (`mimeType`, `name`, `mediaType`, `filename`; `file` for a 0.x
    /// file object on a 1.0 part; `update` for a 1.0 status).
    pub found: &'static str,
    /// Where this style keeps it (`mediaType`, `filename`, `file.mimeType`, `file.name`;
    /// `url` or `raw` for `file`).
    pub expected: &'static str,
}

/// The members [`part_member_mix`] searches, in the order they are searched: the part
/// lists of an object (0-1), the A2A objects inside it (2-11), the lists of A2A objects
/// (12-14).
const PART_MIX_KEYS: [&str; 15] = [
    "parts",
    "content",
    "result",
    "params",
    "request",
    "task",
    "message",
    "msg",
    "statusUpdate",
    "artifactUpdate",
    "status",
    "artifact",
    "history",
    "artifacts",
    "tasks",
];

/// The index of `k` in [`PART_MIX_KEYS`] (`None`: not there), by one `match` (a switch on
/// the length, then a compare or two) instead of up to 15 compares per member walked
/// (perfj34).
fn part_mix_key_slot(k: &str) -> Option<usize> {
    Some(match k {
        "parts" => 0,
        "content" => 1,
        "result" => 2,
        "params" => 3,
        "request" => 4,
        "task" => 5,
        "message" => 6,
        "msg" => 7,
        "statusUpdate" => 8,
        "artifactUpdate" => 9,
        "status" => 10,
        "artifact" => 11,
        "history" => 12,
        "artifacts" => 13,
        "tasks" => 14,
        _ => return None,
    })
}

/// The first part under `v` (a Task, Message, stream event, ListTasks result or send
/// request params at JSON Pointer `base`) that names its media type or file name with the
/// other generation's member (VER-MIX-001; DATA-001, DATA-004; DIGEST §1, trap 11):
/// - [`PartStyle::V1`] (`{raw|url, filename?, mediaType?}`): `mimeType` on any part,
///   `name` on a `raw`/`url` part, or a 0.x `file` object beside `raw`/`url`;
/// - [`PartStyle::V0Rpc`] / [`PartStyle::V0Rest`] (`file:{bytes|uri, name?, mimeType?}`,
///   0.3 ProtoJSON `file:{fileWithUri|fileWithBytes, mimeType?, name?}`): `mediaType` or
///   `filename` inside `file` or on a file part, without the member of this style.
///
/// - [`PartStyle::V1`] also: a `status` object whose message is under `update` (the 0.3
///   proto's TaskStatus field name) and not under `message` (found `update`, expected
///   `message`).
///
/// The reader of the declared generation ignores the member as unknown (DATA-003), so the
/// media type or file name (or the status message) is lost. Walks only the structural members of A2A objects
/// (`task`, `message`, `status`, `history`, `artifacts`, `parts`, ...), never `data` or
/// `metadata`, so user data is not judged.
pub fn part_member_mix(v: &Json, base: &str, style: PartStyle) -> Option<PartMemberMix> {
    use super::json::{ptr as jp, Seg};
    const KEYS: [&str; 15] = PART_MIX_KEYS;
    /// `path` is the way from `base` to `v` (the pointer text is built only for a hit:
    /// this runs on every request and answer of the proxy's online path).
    fn walk<'j>(
        v: &'j Json,
        base: &str,
        path: &mut Vec<Seg<'j>>,
        style: PartStyle,
        depth: usize,
    ) -> Option<PartMemberMix> {
        if depth > 12 {
            return None;
        }
        let o = v.as_object()?;
        // A 1.0 TaskStatus whose message is under `update`, the 0.3 proto's field name
        // (`Message update = 2 [json_name = "message"]`, kept by a ProtoJSON marshaller
        // that preserves proto names): a 1.0 reader sees no status.message (breaker18a W6).
        if style == PartStyle::V1
            && matches!(path.last(), Some(Seg::Key("status")))
            && o.get("update").is_some_and(Json::is_object)
            && o.get("message").is_none_or(Json::is_null)
        {
            path.push(Seg::Key("update"));
            let pointer = jp(base, path);
            path.pop();
            return Some(PartMemberMix {
                pointer,
                found: "update",
                expected: "message",
            });
        }
        // One pass over the members (the first of a repeated name wins, as `Obj::get`).
        let mut slots: [Option<(&'j str, &'j Json)>; KEYS.len()] = [None; KEYS.len()];
        let mut any = false;
        for (k, c) in o.iter() {
            if let Some(i) = part_mix_key_slot(k) {
                if slots[i].is_none() {
                    slots[i] = Some((KEYS[i], c));
                    any = true;
                }
            }
        }
        if !any {
            return None;
        }
        for (key, list) in slots[..2].iter().flatten() {
            let Some(list) = list.as_array() else {
                continue;
            };
            for (i, part) in list.iter().enumerate() {
                let Some(p) = part.as_object() else { continue };
                let has = |o: &Obj, k: &str| o.get(k).is_some_and(|v| !v.is_null());
                let hit: Option<(&[Seg], &'static str, &'static str)> = match style {
                    PartStyle::V1 => {
                        if has(p, "mimeType") && !has(p, "mediaType") {
                            Some((&[Seg::Key("mimeType")], "mimeType", "mediaType"))
                        } else if has(p, "name")
                            && !has(p, "filename")
                            && (has(p, "url") || has(p, "raw"))
                        {
                            Some((&[Seg::Key("name")], "name", "filename"))
                        } else if p.get("file").is_some_and(Json::is_object)
                            && (has(p, "url") || has(p, "raw"))
                        {
                            // A 0.x file object beside the 1.0 content it duplicates
                            // (breaker24 P07); a part with no 1.0 content at all is a
                            // DATA-004 shape problem instead.
                            let exp = if has(p, "url") { "url" } else { "raw" };
                            Some((&[Seg::Key("file")], "file", exp))
                        } else {
                            None
                        }
                    }
                    PartStyle::V0Rpc | PartStyle::V0Rest => {
                        let file = p.get("file").and_then(Json::as_object);
                        let inner = file.and_then(|f| {
                            if has(f, "mediaType") && !has(f, "mimeType") {
                                Some((
                                    &[Seg::Key("file"), Seg::Key("mediaType")][..],
                                    "mediaType",
                                    "file.mimeType",
                                ))
                            } else if has(f, "filename") && !has(f, "name") {
                                Some((
                                    &[Seg::Key("file"), Seg::Key("filename")][..],
                                    "filename",
                                    "file.name",
                                ))
                            } else {
                                None
                            }
                        });
                        inner.or_else(|| {
                            let mime = file.is_some_and(|f| has(f, "mimeType"));
                            let name = file.is_some_and(|f| has(f, "name"));
                            if file.is_none() {
                                None
                            } else if has(p, "mediaType") && !mime {
                                Some((&[Seg::Key("mediaType")][..], "mediaType", "file.mimeType"))
                            } else if has(p, "filename") && !name {
                                Some((&[Seg::Key("filename")][..], "filename", "file.name"))
                            } else {
                                None
                            }
                        })
                    }
                };
                if let Some((tail, found, expected)) = hit {
                    let mut all = path.clone();
                    all.extend_from_slice(&[Seg::Key(key), Seg::Index(i)]);
                    all.extend_from_slice(tail);
                    return Some(PartMemberMix {
                        pointer: jp(base, &all),
                        found,
                        expected,
                    });
                }
            }
        }
        for (key, c) in slots[2..12].iter().flatten() {
            if c.is_object() {
                path.push(Seg::Key(key));
                let h = walk(c, base, path, style, depth + 1);
                path.pop();
                if h.is_some() {
                    return h;
                }
            }
        }
        for (key, list) in slots[12..].iter().flatten() {
            if let Some(list) = list.as_array() {
                for (i, c) in list.iter().enumerate() {
                    path.extend_from_slice(&[Seg::Key(key), Seg::Index(i)]);
                    let h = walk(c, base, path, style, depth + 1);
                    path.truncate(path.len() - 2);
                    if h.is_some() {
                        return h;
                    }
                }
            }
        }
        None
    }
    // room for the usual depth (result/task/history/N/parts/N): no regrowth (perfj34)
    walk(v, base, &mut Vec::with_capacity(8), style, 0)
}

/// Problems of the parts list at `ptr` (DATA-004): `(JSON Pointer, message)`.
pub fn parts_problems(parts: &Json, ptr: &str, style: PartStyle) -> Vec<(String, String)> {
    parts_problems_at(parts, (ptr, ""), style)
}

/// [`parts_problems`] of a message's part list, member `member` (`parts`, 0.x/1.0, or
/// `content`, 0.1) of the message at JSON Pointer `base`: the list's pointer is joined only
/// for a problem (perfp41: the pointer `String` was built for every send).
pub fn message_parts_problems(
    parts: &Json,
    base: &str,
    member: &str,
    style: PartStyle,
) -> Vec<(String, String)> {
    match member {
        "parts" => parts_problems_at(parts, (base, "/parts"), style),
        "content" => parts_problems_at(parts, (base, "/content"), style),
        _ => parts_problems(
            parts,
            &crate::model::json::ptr(base, &[crate::model::json::Seg::Key(member)]),
            style,
        ),
    }
}

/// [`parts_problems`] of the list at the JSON Pointer `base` followed by `tail` (an
/// artifact's `{ptr}` and `/parts`): the two are joined only for a problem, not per list
/// (perf32: a `format!` per artifact of every answer and stream event).
fn parts_problems_at(
    parts: &Json,
    (base, tail): (&str, &str),
    style: PartStyle,
) -> Vec<(String, String)> {
    parts_problems_read(parts, (base, tail), style, true)
}

/// [`parts_problems_at`], the plain parts skipped ([`part_is_plain`]) when `gate`.
fn parts_problems_read(
    parts: &Json,
    (base, tail): (&str, &str),
    style: PartStyle,
    gate: bool,
) -> Vec<(String, String)> {
    let joined = || {
        let mut s = String::with_capacity(base.len() + tail.len());
        s.push_str(base);
        s.push_str(tail);
        s
    };
    let mut out = Vec::new();
    let Some(list) = parts.as_array() else {
        out.push((
            joined(),
            format!("parts is not a list but {}", list_kind_words(parts)),
        ));
        return out;
    };
    for (i, p) in list.iter().enumerate() {
        // a plain part has none of the problems below (perfv36)
        if gate && part_is_plain(p, style, false) {
            continue;
        }
        // The part's pointer, built only for a problem (most parts have none).
        let pp = || super::json::ptr(&joined(), &[super::json::Seg::Index(i)]);
        let at = |last: &str| {
            super::json::ptr(
                &joined(),
                &[super::json::Seg::Index(i), super::json::Seg::Key(last)],
            )
        };
        let Some(o) = p.as_object() else {
            out.push((pp(), "part is not an object".into()));
            continue;
        };
        let before = out.len();
        // DATA-004 / DATA-001 (breaker24 P09): every generation's Part.metadata is a
        // google.protobuf.Struct (0.x: an object); judged once the part's content is.
        let metadata_bad = !matches!(
            o.get("metadata"),
            None | Some(Json::Null) | Some(Json::Object(_))
        );
        match style {
            PartStyle::V1 | PartStyle::V0Rest => {
                let keys: &[&str] = if style == PartStyle::V1 {
                    &["text", "raw", "url", "data"]
                } else {
                    &["text", "file", "data"]
                };
                // ProtoJSON: `null` leaves a member unset, except for a
                // `google.protobuf.Value`, where it is the value NULL_VALUE. The 1.0 `data`
                // member is one ("object, array, string, number, boolean, or null"), so
                // `{"data": null}` sets it.
                let set = |k: &str| {
                    o.get(k).is_some_and(|v| {
                        !v.is_null() || (style == PartStyle::V1 && k == "data")
                    })
                };
                let mut present_keys = keys.iter().copied().filter(|k| set(k));
                let first = present_keys.next();
                let exactly_one = first.is_some() && present_keys.next().is_none();
                if !exactly_one {
                    let present: Vec<&str> = keys.iter().copied().filter(|k| set(k)).collect();
                    out.push((
                        pp(),
                        format!(
                            "part must set exactly one of {} (found {})",
                            keys.join(", "),
                            if present.is_empty() {
                                match o
                                    .get("content")
                                    .and_then(|c| c.get("$case"))
                                    .and_then(Json::as_str)
                                {
                                    // A2A #2087: ts-proto's in-memory oneof {$case, value}
                                    // written as if it were the JSON form.
                                    Some(arm) if style == PartStyle::V1 => format!(
                                        "none: content {{\"$case\": {arm:?}, \"value\": ...}} is a code generator's in-memory form of the oneof (ts-proto), not its ProtoJSON: the arm is the member itself, {{{arm:?}: ...}}"
                                    ),
                                    _ => "none".to_string(),
                                }
                            } else if present.len() > 1
                                && o.get("data").is_some_and(Json::is_null)
                                && style == PartStyle::V1
                            {
                                // breaker28 P14: the writer meant data as unset.
                                format!(
                                    "{}; data: null is the google.protobuf.Value null, which sets data: leave the member out",
                                    present.join(", ")
                                )
                            } else {
                                present.join(", ")
                            }
                        ),
                    ));
                } else if first == Some("text") && !o.get("text").is_some_and(Json::is_string) {
                    out.push((at("text"), "text part is not a string".into()));
                } else if first == Some("data") && style == PartStyle::V0Rest {
                    // mine49 (impalasys/talon PR #51): 1.0's flat data part on a 0.3 REST
                    // route, where Part.data is a DataPart message {data: Struct}.
                    if let Some(why) = o.get("data").and_then(v03_rest_data_part_problem) {
                        out.push((at("data"), why));
                    }
                } else if first == Some("raw") {
                    // ProtoJSON `bytes`: a base64 string (standard or URL-safe alphabet).
                    match o.get("raw").and_then(Json::as_str).map(base64_problem) {
                        None => out.push((at("raw"), "raw part is not a base64 string".into())),
                        Some(Some(why)) => {
                            out.push((at("raw"), format!("raw part is not base64 ({why})")))
                        }
                        Some(None) => {}
                    }
                }
                // DATA-001 (breaker19b Z7): the part's other scalar fields typed as the
                // 1.0 proto types them (`mediaType: 5` makes protojson refuse the part).
                if style == PartStyle::V1 && out.is_empty() {
                    if let Some(q) = proto_type_problem(o, &pp(), "part", V1_PART_FIELDS) {
                        out.push(q);
                    }
                }
            }
            PartStyle::V0Rpc => match o.get("kind").and_then(Json::as_str) {
                Some("text") => {
                    if !o.get("text").is_some_and(Json::is_string) {
                        out.push((at("text"), "text part has no text string".into()));
                    }
                }
                Some("file") => match o.get("file").and_then(Json::as_object) {
                    Some(f) => {
                        // A member written as null is unset (breaker24 VL1: a serializer
                        // writing `"bytes": null` beside the uri; the object still matches
                        // the 0.3 schema's FileWithUri, which every SDK parses).
                        let set = |k: &str| f.get(k).is_some_and(|v| !v.is_null());
                        let n = ["bytes", "uri"].iter().filter(|k| set(k)).count();
                        if n != 1 {
                            out.push((
                                at("file"),
                                "file part must set exactly one of bytes, uri".into(),
                            ));
                        } else if let Some(b) = f.get("bytes").filter(|b| !b.is_null()) {
                            // 0.x FileWithBytes.bytes: "base64 encoded content".
                            let why = match b.as_str() {
                                None => Some("not a string"),
                                Some(t) => base64_problem(t),
                            };
                            if let Some(why) = why {
                                out.push((
                                    super::json::ptr(
                                        &joined(),
                                        &[
                                            super::json::Seg::Index(i),
                                            super::json::Seg::Key("file"),
                                            super::json::Seg::Key("bytes"),
                                        ],
                                    ),
                                    format!("file bytes are not base64 ({why})"),
                                ));
                            }
                        }
                    }
                    None => out.push((at("file"), "file part has no file object".into())),
                },
                Some("data") => match o.get("data") {
                    Some(d) if d.is_object() => {}
                    None | Some(Json::Null) => {
                        out.push((at("data"), "data part has no data object".into()))
                    }
                    Some(_) => out.push((
                        at("data"),
                        "data part's data is not a JSON object (0.x DataPart.data is an object; any JSON value only from 1.0)".into(),
                    )),
                },
                Some(other) => out.push((at("kind"), format!("unknown part kind {other:?}"))),
                None => out.push((at("kind"), "part has no kind".into())),
            },
        }
        if metadata_bad && out.len() == before {
            out.push((
                at("metadata"),
                "part metadata is not a JSON object (a google.protobuf.Struct)".into(),
            ));
        }
    }
    out
}

/// Why `s` is not base64 (RFC 4648 §4 standard or §5 URL-safe alphabet, padding optional, as
/// ProtoJSON readers accept `bytes`), or `None` when it is. CR and LF are skipped (MIME-style
/// line breaks, which common decoders ignore). Used for 1.0 `Part.raw` and 0.x
/// `FileWithBytes.bytes` (DATA-004; pydantic-ai #4176: plain text sent as file bytes).
pub fn base64_problem(s: &str) -> Option<&'static str> {
    // One pass, no copy (a raw part may be megabytes): CR/LF skipped, `=` only at the end.
    let (mut data, mut pad) = (0usize, 0usize);
    for b in s.bytes() {
        match b {
            b'\r' | b'\n' => {}
            b'=' => pad += 1,
            _ if pad > 0 => return Some("wrong padding"),
            _ if b.is_ascii_alphanumeric() || matches!(b, b'+' | b'/' | b'-' | b'_') => data += 1,
            _ => return Some("a character outside the base64 alphabet"),
        }
    }
    if pad > 2 || (pad > 0 && !(data + pad).is_multiple_of(4)) {
        return Some("wrong padding");
    }
    if data % 4 == 1 {
        return Some("a length no base64 text has");
    }
    None
}

/// DATA-001 (proto `google.protobuf.Struct metadata`, `repeated string extensions`; the 0.x
/// schemas: an object and a string list): the `metadata` and `extensions` members of a
/// Message, Artifact or Task `o` at `ptr`, when present and not null, have those shapes.
/// Returns the first problem as `(JSON Pointer, message)`.
pub fn metadata_extensions_problem(o: &Obj, ptr: &str, what: &str) -> Option<(String, String)> {
    match o.get("metadata") {
        None | Some(Json::Null) | Some(Json::Object(_)) => {}
        Some(_) => {
            return Some((
                format!("{ptr}/metadata"),
                format!("{what} metadata is not a JSON object (a google.protobuf.Struct)"),
            ))
        }
    }
    match o.get("extensions") {
        None | Some(Json::Null) => None,
        Some(Json::Array(list)) => list.iter().position(|u| !u.is_string()).map(|i| {
            (
                format!("{ptr}/extensions/{i}"),
                format!("{what} extensions holds a non-string entry (extensions is a list of extension URI strings)"),
            )
        }),
        Some(_) => Some((
            format!("{ptr}/extensions"),
            format!("{what} extensions is not a list of extension URI strings"),
        )),
    }
}

/// DATA-001 / DATA-005: a Message's `role` at `ptr` spelled as the version `style` spells
/// it: 1.0 ProtoJSON `ROLE_USER` / `ROLE_AGENT` (never the unset `ROLE_UNSPECIFIED`), 0.3
/// HTTP+JSON the same with `ROLE_UNSPECIFIED` tolerated, 0.x JSON-RPC `user` / `agent`. A
/// 0.3 role on a 1.0 wire (`"user"`) is no Role name a ProtoJSON parser reads; a 1.0 name on
/// 0.3 JSON-RPC (`"ROLE_USER"`) is no value of the 0.3 schema's enum (breaker26 M02/M03).
/// `(JSON Pointer, message)`, `None` when the role is absent, not a string or well spelled.
pub fn role_spelling_problem(o: &Obj, ptr: &str, style: PartStyle) -> Option<(String, String)> {
    let role = o.get("role").and_then(Json::as_str)?;
    let ok = match style {
        PartStyle::V1 | PartStyle::V0Rest => {
            matches!(role, "ROLE_USER" | "ROLE_AGENT")
                || (role == "ROLE_UNSPECIFIED" && style == PartStyle::V0Rest)
        }
        PartStyle::V0Rpc => matches!(role, "user" | "agent"),
    };
    if ok {
        return None;
    }
    let want = if style == PartStyle::V0Rpc {
        "user or agent"
    } else {
        "ROLE_USER or ROLE_AGENT"
    };
    let why = match (style, role) {
        (_, "ROLE_UNSPECIFIED") => {
            " (ROLE_UNSPECIFIED is the unset proto default; role is REQUIRED)".to_string()
        }
        (PartStyle::V1, "user" | "agent") => format!(
            " ({role:?} is the 0.3 JSON-RPC spelling; 1.0 ProtoJSON carries the enum name ROLE_{})",
            role.to_ascii_uppercase()
        ),
        (PartStyle::V0Rpc, "ROLE_USER" | "ROLE_AGENT") => format!(
            " ({role} is the 1.0 / 0.3 gRPC enum name; 0.x JSON-RPC spells it {})",
            role["ROLE_".len()..].to_ascii_lowercase()
        ),
        _ => String::new(),
    };
    Some((
        format!("{ptr}/role"),
        format!("message role {role:?} is not {want}{why}"),
    ))
}

/// Whole-object check of a Message at `ptr` for the version's part `style` (DATA-005,
/// DATA-004, DATA-001): the required members ([`message_problems`]), `role` spelled as the
/// version spells it (1.0 ProtoJSON: `ROLE_USER` / `ROLE_AGENT`, the REQUIRED role never the
/// unset `ROLE_UNSPECIFIED` (a2a-java PR #662 mapped a missing role to it); 0.3 REST ProtoJSON:
/// the same, `ROLE_UNSPECIFIED` tolerated; 0.x JSON-RPC: `user` / `agent`), at least one part in 1.0 (the proto's
/// REQUIRED list; the 0.x schemas set no minimum), `kind: "message"` on 0.x JSON-RPC (the
/// 0.2/0.3 schemas require it on every Message, nested ones too: a2a-dotnet #396, System.Text.Json
/// refuses a status.message without it), and each part ([`parts_problems`]).
/// Returns `(JSON Pointer, message)` pairs, empty when the message is well formed.
pub fn message_shape_problems(o: &Obj, ptr: &str, style: PartStyle) -> Vec<(String, String)> {
    // Most messages are plain: one pass over their members decides it (perfv36).
    if message_is_plain(o, style) {
        return Vec::new();
    }
    message_shape_problems_read(o, ptr, style)
}

/// The members of `o` that `slot` places (a member name to its index, by one `match`), by
/// one pass over its members (the first of a repeated name, as [`Obj::get`] finds it): what
/// the plain-shape gates read instead of a lookup per check.
fn members_of<'o, 'a, const N: usize>(
    o: &'o Obj<'a>,
    slot: impl Fn(&str) -> Option<usize>,
) -> [Option<&'o Json<'a>>; N] {
    let mut out = [None; N];
    for (k, v) in o.iter() {
        if let Some(i) = slot(k) {
            if let Some(s @ None) = out.get_mut(i) {
                *s = Some(v);
            }
        }
    }
    out
}

/// `v` is absent, `null` or a string: what a 1.0 proto `string` field may hold
/// ([`proto_type_problem`]).
fn null_or_string(v: Option<&Json>) -> bool {
    matches!(v, None | Some(Json::Null | Json::String(_)))
}

/// `v` is absent, `null` or a list of strings: what a `repeated string` field may hold
/// ([`proto_type_problem`], [`metadata_extensions_problem`]).
fn null_or_strings(v: Option<&Json>) -> bool {
    match v {
        None | Some(Json::Null) => true,
        Some(Json::Array(a)) => a.iter().all(Json::is_string),
        _ => false,
    }
}

/// `v` is absent, `null` or an object: what a `google.protobuf.Struct` `metadata` may hold.
fn null_or_object(v: Option<&Json>) -> bool {
    matches!(v, None | Some(Json::Null | Json::Object(_)))
}

/// True when the Message `o` is in the plain shape of `style`, so that
/// [`message_shape_problems_read`] finds nothing in it: a `messageId` string (non-blank in
/// 1.0), the role spelled as the style spells it, the parts list under the style's member
/// (`parts`; 0.3 HTTP+JSON `content` and no `parts`), `kind: "message"` on 0.x JSON-RPC and
/// none on 0.3 HTTP+JSON, `metadata` an object and `extensions` strings, the 1.0 proto's
/// scalar members typed, at least one part in 1.0, and every part plain ([`part_is_plain`]).
/// `false` means only "not decided here": the full checks run (perfv36: ~15 lookups per
/// message and part were 16 M of offline verify's 8 MB bench, every history message of
/// every Task answer judged again).
fn message_is_plain(o: &Obj, style: PartStyle) -> bool {
    let [id, role, parts, content, kind, meta, ext, ctx, task, refs] = members_of(o, |k| {
        Some(match k {
            "messageId" => 0,
            "role" => 1,
            "parts" => 2,
            "content" => 3,
            "kind" => 4,
            "metadata" => 5,
            "extensions" => 6,
            "contextId" => 7,
            "taskId" => 8,
            "referenceTaskIds" => 9,
            _ => return None,
        })
    });
    let (Some(Json::String(id)), Some(Json::String(role))) = (id, role) else {
        return false;
    };
    let (list, role_ok) = match style {
        PartStyle::V1 => (parts, matches!(role.as_ref(), "ROLE_USER" | "ROLE_AGENT")),
        PartStyle::V0Rpc => (
            parts,
            matches!(role.as_ref(), "user" | "agent")
                && matches!(kind, Some(Json::String(k)) if k == "message"),
        ),
        PartStyle::V0Rest => (
            content,
            parts.is_none()
                && kind.is_none()
                && matches!(role.as_ref(), "ROLE_USER" | "ROLE_AGENT"),
        ),
    };
    let Some(Json::Array(list)) = list else {
        return false;
    };
    if !role_ok || !null_or_object(meta) || !null_or_strings(ext) {
        return false;
    }
    if style == PartStyle::V1
        && (!null_or_string(ctx)
            || !null_or_string(task)
            || !null_or_strings(refs)
            || id.trim().is_empty()
            || list.is_empty())
    {
        return false;
    }
    let no_kind = style == PartStyle::V0Rest;
    list.iter().all(|p| part_is_plain(p, style, no_kind))
}

/// True when the part `p` is in the plain shape of `style`, so that [`parts_problems`]
/// finds nothing in it: an object whose `metadata` is an object; 1.0: exactly one of
/// `text`, `raw`, `url`, `data` set, `raw` base64, `text`, `raw`, `url`, `filename` and
/// `mediaType` strings when set; 0.3 HTTP+JSON: exactly one of `text`, `file`, `data`, a
/// `text` string, and no `kind` when `no_kind` (a message's parts,
/// [`rest03_message_problems`]); 0.x JSON-RPC: `kind` `text` with a `text` string, `file`
/// with one of `bytes` (base64) and `uri`, or `data` with an object. `false`: not decided.
/// DATA-004 on a 0.3 HTTP+JSON / gRPC-JSON data part (0.3 proto: `Part.data` is a
/// `DataPart` message whose one field `data` holds the `google.protobuf.Struct`, so the
/// ProtoJSON is `{"data": {"data": {...}}}`): why `d`, the part's `data` member, is not a
/// DataPart, or `None`. An object whose members are all other than `data` is 1.0's flat
/// form (`{"data": {...}}`, impalasys/talon PR #51): a 0.3 ProtoJSON reader refuses those
/// members as DataPart fields it does not define. `{}` (an empty DataPart) and an object
/// that has a `data` member are not judged: either reading is possible there.
pub fn v03_rest_data_part_problem(d: &Json) -> Option<String> {
    let Json::Object(o) = d else {
        return Some(format!(
            "data part is {}, not the 0.3 proto's DataPart object {{\"data\": {{...}}}}",
            kind_words(d)
        ));
    };
    if o.is_empty() || o.contains_key("data") {
        return None;
    }
    let mut names: Vec<&str> = o.keys().take(4).collect();
    if o.len() > 4 {
        names.push("...");
    }
    Some(format!(
        "0.3 HTTP+JSON data part written flat, {{\"data\": {{{}}}}} (1.0's form): the 0.3 proto's Part.data is a DataPart whose Struct sits in its own data member, {{\"data\": {{\"data\": {{...}}}}}}, so a 0.3 ProtoJSON reader takes {} for DataPart fields, which it does not define, and refuses the part",
        names.join(", "),
        names.join(", ")
    ))
}

fn part_is_plain(p: &Json, style: PartStyle, no_kind: bool) -> bool {
    let Json::Object(o) = p else {
        return false;
    };
    let [text, raw, url, data, file, kind, meta, filename, media] = members_of(o, |k| {
        Some(match k {
            "text" => 0,
            "raw" => 1,
            "url" => 2,
            "data" => 3,
            "file" => 4,
            "kind" => 5,
            "metadata" => 6,
            "filename" => 7,
            "mediaType" => 8,
            _ => return None,
        })
    });
    if !null_or_object(meta) {
        return false;
    }
    let set = |v: Option<&Json>| u8::from(v.is_some_and(|v| !v.is_null()));
    match style {
        PartStyle::V1 => {
            // `data: null` sets data (a google.protobuf.Value)
            set(text) + set(raw) + set(url) + u8::from(data.is_some()) == 1
                && [text, raw, url, filename, media]
                    .into_iter()
                    .all(null_or_string)
                && raw
                    .and_then(Json::as_str)
                    .is_none_or(|r| base64_problem(r).is_none())
        }
        PartStyle::V0Rest => {
            !(no_kind && kind.is_some())
                && set(text) + set(file) + set(data) == 1
                && null_or_string(text)
                && data.is_none_or(|d| v03_rest_data_part_problem(d).is_none())
        }
        PartStyle::V0Rpc => match kind.and_then(Json::as_str) {
            Some("text") => text.is_some_and(Json::is_string),
            Some("data") => data.is_some_and(Json::is_object),
            Some("file") => {
                let Some(Json::Object(f)) = file else {
                    return false;
                };
                let [bytes, uri] = members_of(f, |k| match k {
                    "bytes" => Some(0),
                    "uri" => Some(1),
                    _ => None,
                });
                match bytes.filter(|b| !b.is_null()) {
                    Some(b) => {
                        set(uri) == 0 && b.as_str().is_some_and(|t| base64_problem(t).is_none())
                    }
                    None => set(uri) == 1,
                }
            }
            _ => false,
        },
    }
}

/// True when the Artifact `a` is in the plain shape of `style`, so that
/// [`artifact_shape_problems_read`] finds nothing in it: an `artifactId` string (non-blank
/// in 1.0), `metadata` an object, `extensions` strings, 1.0 `name` and `description`
/// strings when set, a `parts` list (not empty in 1.0) of plain parts ([`part_is_plain`]).
/// `false`: not decided.
fn artifact_is_plain(a: &Json, style: PartStyle) -> bool {
    let Json::Object(o) = a else {
        return false;
    };
    let [id, parts, meta, ext, name, desc] = members_of(o, |k| {
        Some(match k {
            "artifactId" => 0,
            "parts" => 1,
            "metadata" => 2,
            "extensions" => 3,
            "name" => 4,
            "description" => 5,
            _ => return None,
        })
    });
    let (Some(Json::String(id)), Some(Json::Array(parts))) = (id, parts) else {
        return false;
    };
    if !null_or_object(meta) || !null_or_strings(ext) {
        return false;
    }
    if style == PartStyle::V1
        && (!null_or_string(name)
            || !null_or_string(desc)
            || id.trim().is_empty()
            || parts.is_empty())
    {
        return false;
    }
    parts.iter().all(|p| part_is_plain(p, style, false))
}

/// [`message_shape_problems`] without the plain-shape gate ([`message_is_plain`]): every
/// check run in turn.
fn message_shape_problems_read(o: &Obj, ptr: &str, style: PartStyle) -> Vec<(String, String)> {
    message_shape_problems_in(o, ptr, style, false)
}

/// Every problem of the Message at `ptr` that [`message_shape_problems`] checks, one per
/// check that fails (a missing messageId and a 0.3 role spelling on a 1.0 wire both, f1174),
/// in the order [`message_shape_problems`] would name its first: `(JSON Pointer, message)`
/// pairs, empty when the message is well formed. For a finding that names all of them.
pub fn message_shape_problems_all(o: &Obj, ptr: &str, style: PartStyle) -> Vec<(String, String)> {
    if message_is_plain(o, style) {
        return Vec::new();
    }
    message_shape_problems_in(o, ptr, style, true)
}

/// [`message_shape_problems_read`] (`all` false: the first failing check's problems) or
/// [`message_shape_problems_all`] (`all` true: every failing check's).
fn message_shape_problems_in(
    o: &Obj,
    ptr: &str,
    style: PartStyle,
    all: bool,
) -> Vec<(String, String)> {
    let mut p = message_problems(o, ptr);
    if !p.is_empty() && !all {
        return p;
    }
    if let Some(q) = content_for_parts_problem(o, ptr, style) {
        p.push(q);
        if !all {
            return p;
        }
    }
    if style == PartStyle::V0Rpc {
        let why = "the 0.x schemas require kind \"message\" on every Message";
        match o.get("kind") {
            Some(Json::String(k)) if k == "message" => {}
            None | Some(Json::Null) => {
                p.push((
                    format!("{ptr}/kind"),
                    format!("0.x message has no kind \"message\" ({why})"),
                ));
                if !all {
                    return p;
                }
            }
            Some(k) => {
                p.push((
                    format!("{ptr}/kind"),
                    format!("0.x message has kind {k}, not \"message\" ({why})"),
                ));
                if !all {
                    return p;
                }
            }
        }
    }
    if let Some(q) = role_spelling_problem(o, ptr, style) {
        p.push(q);
        if !all {
            return p;
        }
    }
    if let Some(q) = metadata_extensions_problem(o, ptr, "message") {
        p.push(q);
        if !all {
            return p;
        }
    }
    if style == PartStyle::V1 {
        if let Some(q) = proto_type_problem(o, ptr, "message", V1_MESSAGE_FIELDS)
            .or_else(|| empty_required_id(o, ptr, "message", "messageId"))
        {
            p.push(q);
            if !all {
                return p;
            }
        }
    }
    // 0.3 HTTP+JSON is ProtoJSON of the 0.3 proto (REST-003, GRPC-001, DIGEST §0.1): parts
    // in `content`, no `kind`; the 0.3 REST clients of both SDKs parse exactly that
    // (breaker8 G23: the answer side of the request check).
    if style == PartStyle::V0Rest {
        let q = rest03_message_problems(o, ptr);
        if !q.is_empty() {
            if !all {
                return q;
            }
            p.extend(q);
        }
    }
    let (name, parts) = match o.get("parts") {
        Some(v) => ("parts", v),
        None => match o.get("content") {
            Some(v) => ("content", v),
            None => return p,
        },
    };
    let mut pp = String::with_capacity(ptr.len() + 1 + name.len());
    pp.push_str(ptr);
    pp.push('/');
    pp.push_str(name);
    if style == PartStyle::V1 && parts.as_array().is_some_and(Vec::is_empty) {
        p.push((
            pp,
            "message has no parts (1.0 requires at least one)".into(),
        ));
        return p;
    }
    if !all {
        return parts_problems(parts, &pp, style);
    }
    p.extend(parts_problems(parts, &pp, style));
    // one entry per distinct problem (message_problems and the later checks may both
    // name a member)
    let mut seen = std::collections::HashSet::new();
    p.retain(|(_, m)| seen.insert(m.clone()));
    p
}

/// DATA-005 on 0.x: the JSON Pointer of `parts` and the `artifactId` of the artifact at
/// `ptr` when its `parts` is an empty list (1.0 requires at least one part; the 0.2/0.3
/// schemas set no minimum, but a2a-java's `Artifact` refuses an empty list). `None` for
/// any other shape (a missing or non-list `parts` is the shape checks' finding).
pub fn artifact_parts_empty(a: &Json, ptr: &str) -> Option<(String, String)> {
    let o = a.as_object()?;
    if !o.get("parts")?.as_array()?.is_empty() {
        return None;
    }
    let id = str_member(o, "artifactId", "artifact_id").unwrap_or("(without artifactId)");
    Some((format!("{ptr}/parts"), id.to_string()))
}

/// [`artifact_parts_empty`] for the first artifact of the Task object `task` at `ptr` that
/// has an empty `parts` list: `(JSON Pointer of its parts, artifactId)`.
pub fn task_artifact_parts_empty(task: &Obj, ptr: &str) -> Option<(String, String)> {
    let arts = task.get("artifacts")?.as_array()?;
    let i = arts.iter().position(|a| {
        a.get("parts")
            .and_then(Json::as_array)
            .is_some_and(Vec::is_empty)
    })?;
    artifact_parts_empty(&arts[i], &format!("{ptr}/artifacts/{i}"))
}

/// Whole-object check of an Artifact at `ptr` (DATA-005, DATA-004): `artifactId`, a `parts`
/// list, at least one part in 1.0 (the 0.x schemas set no minimum), and each part.
/// Returns `(JSON Pointer, message)` pairs, empty when the artifact is well formed.
pub fn artifact_shape_problems(a: &Json, ptr: &str, style: PartStyle) -> Vec<(String, String)> {
    if artifact_is_plain(a, style) {
        return Vec::new();
    }
    artifact_shape_problems_read(a, ptr, style)
}

/// [`artifact_shape_problems`] without the plain-shape gate ([`artifact_is_plain`]).
fn artifact_shape_problems_read(a: &Json, ptr: &str, style: PartStyle) -> Vec<(String, String)> {
    let Some(o) = a.as_object() else {
        return vec![(ptr.to_string(), "artifact is not an object".into())];
    };
    if str_member(o, "artifactId", "artifact_id").is_none() {
        return vec![(
            format!("{ptr}/artifactId"),
            "artifact has no artifactId".into(),
        )];
    }
    let Some(parts) = o.get("parts") else {
        return vec![(format!("{ptr}/parts"), "artifact has no parts".into())];
    };
    if let Some(q) = metadata_extensions_problem(o, ptr, "artifact") {
        return vec![q];
    }
    if style == PartStyle::V1 {
        if let Some(q) = proto_type_problem(o, ptr, "artifact", V1_ARTIFACT_FIELDS)
            .or_else(|| empty_required_id(o, ptr, "artifact", "artifactId"))
        {
            return vec![q];
        }
    }
    if style == PartStyle::V1 && parts.as_array().is_some_and(Vec::is_empty) {
        return vec![(
            format!("{ptr}/parts"),
            "artifact has no parts (1.0 requires at least one)".into(),
        )];
    }
    parts_problems_at(parts, (ptr, "/parts"), style)
}

/// Every problem of the Artifact at `ptr` that [`artifact_shape_problems`] checks, one per
/// check that fails, in the order that function would name its first (left58 item 2: a
/// stream's STREAM-SHAPE-001 names them all): no `artifactId`, no `parts`, metadata or
/// extensions of the wrong type, a 1.0 member of the wrong JSON type or an empty
/// `artifactId`, an empty 1.0 `parts` list, and each part's problems (unless `parts` itself
/// was named). `(JSON Pointer, message)` pairs, empty when the artifact is well formed.
pub fn artifact_shape_problems_all(a: &Json, ptr: &str, style: PartStyle) -> Vec<(String, String)> {
    if artifact_is_plain(a, style) {
        return Vec::new();
    }
    let Some(o) = a.as_object() else {
        return vec![(ptr.to_string(), "artifact is not an object".into())];
    };
    let mut out = Vec::new();
    if str_member(o, "artifactId", "artifact_id").is_none() {
        out.push((
            format!("{ptr}/artifactId"),
            "artifact has no artifactId".into(),
        ));
    }
    let parts = o.get("parts");
    if parts.is_none() {
        out.push((format!("{ptr}/parts"), "artifact has no parts".into()));
    }
    let ext = metadata_extensions_problem(o, ptr, "artifact");
    // (the proto's typing of the same members only when those read well: one fault, one
    // problem)
    let typed = ext.is_none();
    out.extend(ext);
    if style == PartStyle::V1 && typed {
        out.extend(
            proto_type_problem(o, ptr, "artifact", V1_ARTIFACT_FIELDS)
                .or_else(|| empty_required_id(o, ptr, "artifact", "artifactId")),
        );
    }
    let Some(parts) = parts else { return out };
    let parts_at = format!("{ptr}/parts");
    if out.iter().any(|(p, _)| p.starts_with(&parts_at)) {
        return out;
    }
    if style == PartStyle::V1 && parts.as_array().is_some_and(Vec::is_empty) {
        out.push((
            parts_at,
            "artifact has no parts (1.0 requires at least one)".into(),
        ));
        return out;
    }
    out.extend(parts_problems_at(parts, (ptr, "/parts"), style));
    out
}

/// DATA-002 (1.0 §5.6.1): a 1.0 `TaskStatus` at `ptr` carries its `timestamp` (a
/// `google.protobuf.Timestamp`, optional) as an RFC 3339 string with a zone, which is what
/// ProtoJSON readers parse (a2a-js #641: a naive `2026-03-02T10:15:00.123456` from Python's
/// `isoformat()` makes the whole Task undecodable). An offset other than `Z` is accepted
/// here: ProtoJSON parsers take it and normalise to UTC ([`status_timestamp_offset`] finds
/// it for DATA-TIME-001, a warning). Returns `(JSON Pointer, message)` of the
/// problem, `None` when the member is absent or well formed. Callers judge 1.0 and the
/// 0.3 HTTP+JSON / gRPC bodies (ProtoJSON of the 0.3 proto's `google.protobuf.Timestamp`,
/// REST-003); 0.x JSON-RPC timestamps are free strings (the 0.x examples are naive) and
/// are not judged here: [`status_timestamp_type_problem_0x`] judges only their JSON type.
pub fn status_timestamp_problem(status: &Json, ptr: &str) -> Option<(String, String)> {
    status_timestamp_problem_at(status, ptr, "")
}

/// [`status_timestamp_problem`] of the `TaskStatus` at `base` + `tail` (`tail` "" or
/// "/status"): the pointer `{base}{tail}/timestamp` is written only for a problem (the
/// task rules ask once per task; perf30).
fn status_timestamp_problem_at(status: &Json, base: &str, tail: &str) -> Option<(String, String)> {
    let ts = status.get("timestamp")?;
    let at = || format!("{base}{tail}/timestamp");
    match ts.as_str() {
        None if matches!(ts, Json::Null) => None,
        None => Some((
            at(),
            format!(
                "status timestamp is {}, not an RFC 3339 string",
                json_type_name(ts)
            ),
        )),
        Some(s) => rfc3339_problem(s).map(|why| {
            (
                at(),
                format!("status timestamp {s:?} is not an RFC 3339 date-time with a zone ({why})"),
            )
        }),
    }
}

/// What a JSON value that should have been a timestamp string is, for a finding's words:
/// `a number (epoch time)`, `a JSON object`, `an array`, `a boolean`, `null` or `a string`.
fn json_type_name(v: &Json) -> &'static str {
    match v {
        Json::Number(_) => "a number (epoch time)",
        Json::Object(_) => "a JSON object",
        Json::Array(_) => "an array",
        Json::Bool(_) => "a boolean",
        Json::Null => "null",
        Json::String(_) => "a string",
    }
}

/// DATA-005 (0.3:schema `TaskStatus.timestamp`: `"type": "string"`, an ISO 8601
/// date-time): the `timestamp` of a 0.x JSON-RPC `TaskStatus` at `ptr` when it is present,
/// not `null` and no JSON string, e.g. an epoch number (Jackson's
/// `WRITE_DATES_AS_TIMESTAMPS` default for `java.time.Instant`) or an object (a Kotlin
/// `Instant` written field by field by a framework's own mapper, koog #1038). Every 0.x
/// SDK decodes the member as a string, so the whole Task or event fails to decode. The
/// string's format is not judged on 0.x (naive times are common and ISO 8601 allows them).
/// Returns `(JSON Pointer, message)`, `None` when absent, `null` or a string.
pub fn status_timestamp_type_problem_0x(status: &Json, ptr: &str) -> Option<(String, String)> {
    status_timestamp_type_problem_0x_at(status, ptr, "")
}

/// [`status_timestamp_type_problem_0x`] of the `TaskStatus` at `base` + `tail`, the
/// pointer written only for a problem (perf30).
fn status_timestamp_type_problem_0x_at(
    status: &Json,
    base: &str,
    tail: &str,
) -> Option<(String, String)> {
    let ts = status.get("timestamp")?;
    if matches!(ts, Json::Null | Json::String(_)) {
        return None;
    }
    let what = json_type_name(ts);
    Some((
        format!("{base}{tail}/timestamp"),
        format!("status timestamp is {what}, not the ISO 8601 string 0.x TaskStatus.timestamp is"),
    ))
}

/// DATA-002 (1.0 §5.6.1: timestamps in UTC with `Z`): the `timestamp` of a 1.0
/// `TaskStatus` when it is a well-formed RFC 3339 date-time whose zone is an offset
/// (`+02:00`, even `+00:00`) instead of `Z`; `None` otherwise (absent, `Z`, or malformed,
/// which [`status_timestamp_problem`] reports).
pub fn status_timestamp_offset<'a>(status: &'a Json) -> Option<&'a str> {
    let s = status.get("timestamp")?.as_str()?;
    if rfc3339_problem(s).is_some() || s.ends_with(['Z', 'z']) {
        return None;
    }
    Some(s)
}

/// What is odd about a well-formed 1.0 status timestamp ([`status_timestamp_oddity`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TimestampOddity {
    /// A UTC offset (`+02:00`, even `+00:00`) instead of `Z` (DATA-002).
    Offset,
    /// Lower-case `t` or `z` (RFC 3339 §5.6 allows it; ProtoJSON's Timestamp form is
    /// upper case and protobuf-java `Timestamps.parse` / Go `protojson` reject it).
    LowerCase,
    /// Before 1970 or exactly the Unix epoch: Go's zero `time.Time`
    /// (`0001-01-01T00:00:00Z`) or a default `google.protobuf.Timestamp`
    /// (`1970-01-01T00:00:00Z`), i.e. a time the agent never set.
    Unset,
}

/// DATA-002 (1.0 §5.6.1: timestamps in UTC with `Z`): the `timestamp` of a 1.0
/// `TaskStatus` and what is odd about it when it is a well-formed RFC 3339 date-time that
/// is not the canonical upper-case UTC form or is a time never set ([`TimestampOddity`]);
/// `None` when it is absent, malformed ([`status_timestamp_problem`] reports that) or
/// fine. An unset time is reported first, then an offset, then lower case.
pub fn status_timestamp_oddity<'a>(status: &'a Json) -> Option<(&'a str, TimestampOddity)> {
    let s = status.get("timestamp")?.as_str()?;
    if rfc3339_problem(s).is_some() {
        return None;
    }
    let b = s.as_bytes();
    let year: u32 = s.get(0..4)?.parse().ok()?;
    // `1970-01-01T00:00:00` then only a zero fraction and the zone
    let epoch = s.get(0..10) == Some("1970-01-01")
        && s.get(11..19) == Some("00:00:00")
        && s[19..]
            .trim_start_matches('.')
            .trim_start_matches('0')
            .chars()
            .next()
            .is_none_or(|c| matches!(c, 'Z' | 'z' | '+' | '-'));
    if year < 1970 || epoch {
        return Some((s, TimestampOddity::Unset));
    }
    if !s.ends_with(['Z', 'z']) {
        return Some((s, TimestampOddity::Offset));
    }
    if b.get(10) == Some(&b't') || s.ends_with('z') {
        return Some((s, TimestampOddity::LowerCase));
    }
    None
}

/// Why `s` is not an RFC 3339 `date-time` (RFC 3339 §5.6: `YYYY-MM-DDTHH:MM:SS[.frac]`
/// then `Z` or `±HH:MM`), or `None` when it is one. Field ranges are checked loosely
/// (month 1-12, day 1-31, hour 0-23, minute 0-59, second 0-60).
pub fn rfc3339_problem(s: &str) -> Option<&'static str> {
    let b = s.as_bytes();
    let digits = |from: usize, n: usize| -> Option<u32> {
        let part = b.get(from..from + n)?;
        if !part.iter().all(u8::is_ascii_digit) {
            return None;
        }
        Some(part.iter().fold(0, |acc, d| acc * 10 + u32::from(d - b'0')))
    };
    let (Some(_), Some(mo), Some(d)) = (digits(0, 4), digits(5, 2), digits(8, 2)) else {
        return Some("no YYYY-MM-DD date");
    };
    if b.get(4) != Some(&b'-')
        || b.get(7) != Some(&b'-')
        || !(1..=12).contains(&mo)
        || !(1..=31).contains(&d)
    {
        return Some("no YYYY-MM-DD date");
    }
    if !matches!(b.get(10), Some(b'T' | b't')) {
        return Some("no T between date and time");
    }
    let (Some(h), Some(mi), Some(se)) = (digits(11, 2), digits(14, 2), digits(17, 2)) else {
        return Some("no HH:MM:SS time");
    };
    if b.get(13) != Some(&b':') || b.get(16) != Some(&b':') || h > 23 || mi > 59 || se > 60 {
        return Some("no HH:MM:SS time");
    }
    let mut i = 19;
    if b.get(i) == Some(&b'.') {
        i += 1;
        let start = i;
        while b.get(i).is_some_and(u8::is_ascii_digit) {
            i += 1;
        }
        if i == start {
            return Some("empty fraction of a second");
        }
    }
    match b.get(i) {
        None => Some("no zone: Z or an offset is required"),
        Some(b'Z' | b'z') if i + 1 == b.len() => None,
        Some(b'+' | b'-') => match (digits(i + 1, 2), b.get(i + 3), digits(i + 4, 2)) {
            (Some(oh), Some(b':'), Some(om)) if oh <= 23 && om <= 59 && i + 6 == b.len() => None,
            _ => Some("malformed zone offset"),
        },
        _ => Some("unexpected text after the time"),
    }
}

/// DATA-HISTORY-004 (ID-006: a task's history is its own record of the messages
/// exchanged; ID-007: `messageId` identifies a message): the first `history` entry of the
/// Task `o` (at JSON Pointer `ptr`) whose non-empty `messageId` an earlier entry already
/// has, and whether the two carry the same `parts` (one message listed twice: forge #143,
/// a runner appended the incoming message before the executor appended it again) or not
/// (two messages under one id, the agent's own doing when one of them is its message:
/// b24x-Z06, a reply reusing the client's id). Two user-role entries with other parts are
/// the client's sends under one reused id (ID-MSG-002 tells the client; the agent kept
/// both turns: breaker54 v10-client-reuses-message-id) and are not returned. Returns the
/// later entry's `messageId` pointer, the id, both indexes and `same`; `None` when nothing
/// is repeated. Allocates only for a history of more than 16 entries.
pub fn history_repeated_message(
    o: &Obj,
    ptr: &str,
) -> Option<(String, String, usize, usize, bool)> {
    let hist = o.get("history").and_then(Json::as_array)?;
    if hist.len() < 2 {
        return None;
    }
    fn mid<'a>(m: &'a Json) -> Option<&'a str> {
        m.as_object()
            .and_then(|m| str_member(m, "messageId", "message_id"))
            .filter(|s| !s.is_empty())
    }
    fn user(m: &Json) -> bool {
        matches!(
            m.get("role").and_then(Json::as_str),
            Some("user" | "ROLE_USER")
        )
    }
    // Some(same parts) when entries `a` and `b` (same id) count as repeated content
    fn repeated(a: &Json, b: &Json) -> Option<bool> {
        let same = a.get("parts") == b.get("parts");
        (same || !(user(a) && user(b))).then_some(same)
    }
    let hit = |i: usize, j: usize, id: &str, same: bool| {
        Some((
            format!("{ptr}/history/{j}/messageId"),
            id.to_string(),
            i,
            j,
            same,
        ))
    };
    if hist.len() <= 16 {
        for (j, m) in hist.iter().enumerate().skip(1) {
            let Some(id) = mid(m) else { continue };
            for (i, e) in hist[..j].iter().enumerate() {
                if mid(e) == Some(id) {
                    if let Some(same) = repeated(e, m) {
                        return hit(i, j, id, same);
                    }
                }
            }
        }
        return None;
    }
    // id -> the entries that carry it (a reused id may name several messages)
    let mut seen: std::collections::HashMap<&str, Vec<usize>> =
        std::collections::HashMap::with_capacity(hist.len());
    for (j, m) in hist.iter().enumerate() {
        let Some(id) = mid(m) else { continue };
        let earlier = seen.entry(id).or_default();
        for &i in earlier.iter() {
            if let Some(same) = repeated(&hist[i], m) {
                return hit(i, j, id, same);
            }
        }
        earlier.push(j);
    }
    None
}

/// ID-006 / ID-004: the first message a Task at `ptr` keeps (`status.message`, then each
/// `history` entry) whose `taskId` or `contextId` is set (non-empty) and differs from the
/// task's own `id` / `contextId` (a2a-js #41: one contextId minted for the task, another
/// stamped on the incoming message that went into history). A TaskStatusUpdateEvent at
/// `ptr` is read the same way: its `taskId` stands for the task's `id` and its
/// `status.message` is checked against it (lead48: a status message stamped with another
/// task's ids was silent on every binding). Returns the member's JSON Pointer and a
/// message, `None` when every set id matches or the object has no ids.
pub fn task_message_id_mismatch(o: &Obj, ptr: &str) -> Option<(String, String)> {
    let tid = str_member(o, "id", "id")
        .or_else(|| str_member(o, "taskId", "task_id"))
        .filter(|s| !s.is_empty());
    let cid = str_member(o, "contextId", "context_id").filter(|s| !s.is_empty());
    // The message's place as `None` (status.message) or `Some(i)` (history/i): its pointer
    // and name are written only for the message that mismatches (two `format!`s per
    // message were ~1.3 % of offline verify; docs/performance.md, session 26).
    let status_msg = o
        .get("status")
        .and_then(|s| s.get("message"))
        .and_then(Json::as_object)
        .map(|m| (None, m));
    let history = o
        .get("history")
        .and_then(Json::as_array)
        .into_iter()
        .flatten();
    let msgs = status_msg.into_iter().chain(
        history
            .enumerate()
            .filter_map(|(i, m)| m.as_object().map(|m| (Some(i), m))),
    );
    let place = |at: Option<usize>| match at {
        None => (
            format!("{ptr}/status/message"),
            "status message".to_string(),
        ),
        Some(i) => (format!("{ptr}/history/{i}"), format!("history message {i}")),
    };
    for (at, m) in msgs {
        let mt = str_member(m, "taskId", "task_id").filter(|s| !s.is_empty());
        if let (Some(t), Some(mt)) = (tid, mt) {
            if t != mt {
                let (mptr, what) = place(at);
                return Some((
                    format!("{mptr}/taskId"),
                    format!("{what} names task {mt:?} inside task {t:?}"),
                ));
            }
        }
        let mc = str_member(m, "contextId", "context_id").filter(|s| !s.is_empty());
        if let (Some(c), Some(mc)) = (cid, mc) {
            if c != mc {
                let (mptr, what) = place(at);
                return Some((
                    format!("{mptr}/contextId"),
                    format!(
                        "{what} has contextId {mc:?} but its task {} is in context {c:?}",
                        tid.map(|t| format!("{t:?}"))
                            .unwrap_or_else(|| "(no id)".into())
                    ),
                ));
            }
        }
    }
    None
}

/// The nested objects of a Task at `ptr` (DATA-005, DATA-004): `status.message`, every
/// `history` message and every `artifacts` entry, each checked whole
/// ([`message_shape_problems`], [`artifact_shape_problems`]). The Task's own members are
/// [`task_view`]'s. Returns `(JSON Pointer, message)` pairs, empty when all are well formed.
pub fn task_members_problems(o: &Obj, ptr: &str, style: PartStyle) -> Vec<(String, String)> {
    let mut out = Vec::new();
    // mine30b (kagent #2037): a 0.x JSON-RPC Task whose kind is there but is not "task"
    // (an empty string left by a 1.0 -> 0.x conversion, another word): the 0.2/0.3 schemas
    // fix it to "task", and 0.x clients dispatch on it. A Task without kind is not judged
    // here (0.1 has no kind; a send result without one is the payload's classification).
    if style == PartStyle::V0Rpc {
        if let Some(Json::String(k)) = o.get("kind") {
            if k != "task" {
                out.push((
                    format!("{ptr}/kind"),
                    format!("0.x task has kind {k:?}, not \"task\" (the 0.x schemas require kind \"task\" on every Task, and 0.x clients tell a Task from a Message by it)"),
                ));
            }
        }
    }
    if !matches!(
        o.get("metadata"),
        None | Some(Json::Null) | Some(Json::Object(_))
    ) {
        out.push((
            format!("{ptr}/metadata"),
            "task metadata is not a JSON object (a google.protobuf.Struct)".into(),
        ));
    }
    // 0.3 HTTP+JSON (and gRPC) bodies are ProtoJSON of the 0.3 proto (REST-003), whose
    // Timestamp parsers reject a time without a zone just as 1.0's do (breaker13 M7).
    if let Some(st) = o.get("status") {
        if matches!(style, PartStyle::V1 | PartStyle::V0Rest) {
            out.extend(status_timestamp_problem_at(st, ptr, "/status"));
        } else {
            out.extend(status_timestamp_type_problem_0x_at(st, ptr, "/status"));
        }
    }
    // One pointer buffer for the status message and per list, its index rewritten in
    // place (a `format!` per history message was ~1.2 % of offline verify;
    // docs/performance.md, session 26; the status message's since perf32).
    let mut at = String::new();
    if let Some(Json::Object(m)) = o.get("status").and_then(|s| s.get("message")) {
        at.push_str(ptr);
        at.push_str("/status/message");
        out.extend(message_shape_problems(m, &at, style));
    }
    fn indexed<'b>(buf: &'b mut String, ptr: &str, list: &str, i: usize) -> &'b str {
        buf.clear();
        buf.push_str(ptr);
        buf.push_str(list);
        buf.push_str(itoa::Buffer::new().format(i));
        buf
    }
    // left58 item 5 (DATA-005; proto Task.history / Task.artifacts are repeated, the 0.x
    // schemas' arrays): a list written as anything else, PHP's numeric-keyed object above all
    for list in ["history", "artifacts"] {
        match o.get(list) {
            None | Some(Json::Null) | Some(Json::Array(_)) => {}
            Some(v) => out.push((
                format!("{ptr}/{list}"),
                format!("task {list} is not a list but {}", list_kind_words(v)),
            )),
        }
    }
    if let Some(Json::Array(h)) = o.get("history") {
        for (i, m) in h.iter().enumerate() {
            let p = indexed(&mut at, ptr, "/history/", i);
            match m.as_object() {
                Some(m) => out.extend(message_shape_problems(m, p, style)),
                None => out.push((
                    p.to_string(),
                    "history entry is not a message object".into(),
                )),
            }
        }
    }
    if let Some(Json::Array(arts)) = o.get("artifacts") {
        for (i, a) in arts.iter().enumerate() {
            out.extend(artifact_shape_problems(
                a,
                indexed(&mut at, ptr, "/artifacts/", i),
                style,
            ));
        }
        // artifactId is unique within a task (DATA-005): appended chunks extend one
        // artifact, they are not listed again (a2a-rs #295).
        let ids: Vec<Option<&str>> = arts
            .iter()
            .map(|a| {
                a.as_object()
                    .and_then(|o| str_member(o, "artifactId", "artifact_id"))
            })
            .collect();
        for (j, aid) in ids.iter().enumerate().skip(1) {
            if let Some(aid) = aid {
                if ids[..j].contains(&Some(*aid)) {
                    // Say how often: a store that keeps each streamed chunk as its own
                    // entry lists the id once per chunk (trpc-a2a-go PR #125, mine33 f740).
                    let n = ids.iter().filter(|i| **i == Some(*aid)).count();
                    let times = match n {
                        2 => "twice".to_string(),
                        n => format!("{n} times"),
                    };
                    out.push((
                        format!("{ptr}/artifacts/{j}/artifactId"),
                        format!("artifactId {aid:?} appears {times} in the task (artifact ids are unique per task: a chunk with append true adds its parts to the artifact of its artifactId, it is not listed as another artifact)"),
                    ));
                    break;
                }
            }
        }
    }
    out
}

/// Shape problems of a push notification config object at `ptr` (PUSH-002, DATA-005):
/// 1.0 `TaskPushNotificationConfig` is flat, `{id?, taskId, url, token?,
/// authentication{scheme, credentials?}?, tenant?}` with `url` REQUIRED; 0.x (JSON-RPC
/// `{taskId, pushNotificationConfig}`, 0.3 REST `{name, pushNotificationConfig}`) nests the
/// config with `url` and `authentication.schemes[]`. Returns `(JSON Pointer, message)`
/// pairs, empty when well formed.
pub fn push_config_problems(v: &Json, ptr: &str, v1: bool) -> Vec<(String, String)> {
    let Some(o) = v.as_object() else {
        return vec![(
            ptr.to_string(),
            "push notification config is not an object".into(),
        )];
    };
    let (cfg, cptr) = if v1 {
        if !o.contains_key("url") && o.contains_key("pushNotificationConfig") {
            return vec![(
                format!("{ptr}/pushNotificationConfig"),
                "1.0 push notification config nests the 0.x pushNotificationConfig instead of the flat {taskId, url, token, authentication}".into(),
            )];
        }
        (o, ptr.to_string())
    } else {
        match o.get("pushNotificationConfig") {
            Some(Json::Object(c)) => (c, format!("{ptr}/pushNotificationConfig")),
            _ if o.contains_key("url") => {
                return vec![(
                    format!("{ptr}/url"),
                    "0.x push notification config is flat (the 1.0 shape) instead of {taskId, pushNotificationConfig{url}}".into(),
                )]
            }
            _ => {
                return vec![(
                    format!("{ptr}/pushNotificationConfig"),
                    "push notification config has no pushNotificationConfig object".into(),
                )]
            }
        }
    };
    let mut out = Vec::new();
    if cfg
        .get("url")
        .and_then(Json::as_str)
        .is_none_or(str::is_empty)
    {
        out.push((
            format!("{cptr}/url"),
            "push notification config has no url".into(),
        ));
    }
    out.extend(push_config_member_types(cfg, &cptr, v1));
    if let Some(Json::Object(a)) = cfg.get("authentication") {
        let ap = format!("{cptr}/authentication");
        if v1 && !a.get("scheme").is_some_and(Json::is_string) {
            out.push((
                format!("{ap}/scheme"),
                if a.contains_key("schemes") {
                    "1.0 authentication has the 0.x schemes list instead of one scheme string"
                        .into()
                } else {
                    "authentication has no scheme".into()
                },
            ));
        } else if !v1 && !a.get("schemes").is_some_and(Json::is_array) {
            out.push((
                format!("{ap}/schemes"),
                "0.x authentication has no schemes list".into(),
            ));
        }
    }
    out
}

/// PUSH-002, DATA-005 (mine57 f1277 / f1278; epoxa/a2a-php's `PushNotificationConfig::toArray`
/// writes `"authentication": []`): members of a push notification config object `cfg` (at
/// `cptr`) present with another JSON type than the schema's, null excepted (null reads as
/// unset): `authentication` that is no object (1.0 `AuthenticationInfo {scheme,
/// credentials?}`, 0.x `PushNotificationAuthenticationInfo {schemes[], credentials?}`; PHP's
/// `json_encode` writes an empty map as the list `[]`, a client may send a bare
/// "Bearer ..." string), and `id` / `token` that are no string. Returns `(JSON Pointer,
/// message)` pairs, empty when every member present has its type.
pub fn push_config_member_types(cfg: &Obj, cptr: &str, v1: bool) -> Vec<(String, String)> {
    let mut out = Vec::new();
    if let Some(a) = cfg
        .get("authentication")
        .filter(|a| !a.is_null() && !a.is_object())
    {
        let empty_list = matches!(a, Json::Array(l) if l.is_empty());
        let want = if v1 {
            "an AuthenticationInfo object {scheme, credentials?}"
        } else {
            "a PushNotificationAuthenticationInfo object {schemes: [...], credentials?}"
        };
        out.push((
            format!("{cptr}/authentication"),
            format!(
                "push notification config's authentication is {}, not {want}{}",
                json_type_name(a),
                if empty_list {
                    " (an empty map written as the list [], as PHP's json_encode writes an empty array; leave the member out when there is no authentication)"
                } else {
                    ""
                }
            ),
        ));
    }
    for key in ["id", "token"] {
        if let Some(v) = cfg.get(key).filter(|v| !v.is_null() && !v.is_string()) {
            out.push((
                format!("{cptr}/{key}"),
                format!(
                    "push notification config's {key} is {}, not a string",
                    match v {
                        Json::Number(_) => "a number",
                        other => json_type_name(other),
                    }
                ),
            ));
        }
    }
    out
}

/// The message of a send request's params (`params.message`, 0.3 REST `request`).
pub fn params_message<'p, 'a>(params: &'p Json<'a>) -> Option<&'p Obj<'a>> {
    params
        .get("message")
        .or_else(|| params.get("request"))
        .and_then(Json::as_object)
}

/// The member of `params` that holds the message [`params_message`] reads: `"message"`, or
/// `"request"` (the 0.3 proto's and a pre-1.0 draft's SendMessageRequest field name) when
/// only that one holds an object; `"message"` when neither does. Evidence pointers into
/// the message are built on it, so they name the member the body has (mine50: a 1.0 send
/// whose message sits under `request`, jllopis/kairos).
pub fn params_message_member(params: &Json) -> &'static str {
    if params.get("message").and_then(Json::as_object).is_none()
        && params.get("request").and_then(Json::as_object).is_some()
    {
        "request"
    } else {
        "message"
    }
}

/// The `taskId` a message names (`taskId`, 0.3 REST `task_id`), `None` when absent or
/// `""`: the empty string is the proto3 default of an unset string, so a message carrying
/// `"taskId": ""` (clients that emit every proto field, a2a-dotnet PR #124's "what about
/// empty?") names no task and starts a new one (1.0 proto `Message.task_id`, ID-001).
pub fn message_task_id<'a>(m: &'a Obj) -> Option<&'a str> {
    str_member(m, "taskId", "task_id").filter(|s| !s.is_empty())
}

/// The `contextId` a message names (`contextId`, 0.3 REST `context_id`), `None` when absent
/// or `""` (the proto3 default of an unset string, as in [`message_task_id`]; ID-002,
/// ID-003: a follow-up with `"contextId": ""` names only its task).
pub fn message_context_id<'a>(m: &'a Obj) -> Option<&'a str> {
    str_member(m, "contextId", "context_id").filter(|s| !s.is_empty())
}

/// The message of a TaskStatus object `st` and the member that holds it (DATA-005):
/// `message`, the JSON name in every generation; else, where `proto_names`, `update`, the
/// 0.3 proto's field name (`Message update = 2 [json_name = "message"]`), which a ProtoJSON
/// marshaller that keeps proto names writes and every ProtoJSON parser reads (proto3 JSON
/// mapping: parsers accept the field name as well as the JSON name). A null member is no
/// message. One reading for the status-message rules (TASK-AUTH-001/002, DATA-ROLE-001,
/// ID-MSG-003) since dup38.
pub fn status_message<'o, 'j>(
    st: &'o Obj<'j>,
    proto_names: bool,
) -> Option<(&'o Json<'j>, &'static str)> {
    match st.get("message") {
        Some(m) if !m.is_null() => Some((m, "message")),
        _ if proto_names => st
            .get("update")
            .filter(|m| !m.is_null())
            .map(|m| (m, "update")),
        _ => None,
    }
}

/// Task id named by get/cancel/subscribe params (`id`, 0.3 REST `name: tasks/{id}`).
pub fn params_task_id<'p>(params: &'p Json<'_>) -> Option<&'p str> {
    params
        .get("id")
        .and_then(Json::as_str)
        .or_else(|| params.get("taskId").and_then(Json::as_str))
}

/// The JSON-RPC method name of `op` in dialect `d` (DIGEST §1, RPC-003): the inverse of
/// [`method_op`]. `None` when the dialect has no JSON-RPC method for the operation (the
/// public card, which is a `GET`; 0.1 list and config list/delete; 0.x `ListTasks`).
pub fn op_method(op: Op, d: Dialect) -> Option<&'static str> {
    use Dialect::*;
    Some(match (d, op) {
        (_, Op::GetCard) => return None,
        (V1_0, op) => op.name(),
        (V0_1, Op::SendMessage) => "tasks/send",
        (V0_1, Op::SendStreamingMessage) => "tasks/sendSubscribe",
        (V0_1, Op::CreatePushConfig) => "tasks/pushNotification/set",
        (V0_1, Op::GetPushConfig) => "tasks/pushNotification/get",
        (V0_1, Op::ListPushConfigs | Op::DeletePushConfig | Op::GetExtendedCard) => return None,
        (_, Op::SendMessage) => "message/send",
        (_, Op::SendStreamingMessage) => "message/stream",
        (_, Op::GetTask) => "tasks/get",
        (_, Op::CancelTask) => "tasks/cancel",
        (_, Op::SubscribeToTask) => "tasks/resubscribe",
        (_, Op::ListTasks) => return None,
        (_, Op::CreatePushConfig) => "tasks/pushNotificationConfig/set",
        (_, Op::GetPushConfig) => "tasks/pushNotificationConfig/get",
        (_, Op::ListPushConfigs) => "tasks/pushNotificationConfig/list",
        (_, Op::DeletePushConfig) => "tasks/pushNotificationConfig/delete",
        (_, Op::GetExtendedCard) => "agent/getAuthenticatedExtendedCard",
    })
}

/// Lenient reading and 0.x spelling of states, for an active client (the prober) that
/// names what it saw rather than judging the spelling (the verifier uses
/// [`TaskState::parse`]).
impl TaskState {
    /// Parses a state in any case and separator style: `TASK_STATE_` prefix optional,
    /// `_` or `-`, any letter case (`Completed`, `INPUT_REQUIRED`, `input-required`),
    /// `cancelled` as `canceled` (trap 5), `unspecified` as 1.0 `TASK_STATE_UNSPECIFIED`.
    /// `None` for anything else.
    pub fn parse_lenient(s: &str) -> Option<TaskState> {
        let t = s
            .strip_prefix("TASK_STATE_")
            .unwrap_or(s)
            .to_ascii_lowercase()
            .replace('_', "-");
        match t.as_str() {
            "unspecified" => Some(TaskState::Unspecified),
            "cancelled" => Some(TaskState::Canceled),
            other => TaskState::parse(other),
        }
    }

    /// The lowercase 0.x spelling (`input-required`); `unspecified` for
    /// [`TaskState::Unspecified`], which 0.x does not have.
    pub fn as_str(self) -> &'static str {
        match self {
            TaskState::Submitted => "submitted",
            TaskState::Working => "working",
            TaskState::InputRequired => "input-required",
            TaskState::AuthRequired => "auth-required",
            TaskState::Completed => "completed",
            TaskState::Canceled => "canceled",
            TaskState::Failed => "failed",
            TaskState::Rejected => "rejected",
            TaskState::Unknown => "unknown",
            TaskState::Unspecified => "unspecified",
        }
    }
}

#[cfg(test)]
mod added_tests {
    /// RPC-003 (a2a-tck PR #64, f1005): card names no version defines are told apart from
    /// the real methods, their other spellings (judged as those) and other unknown names.
    #[test]
    fn card_method_invented_names() {
        for m in [
            "agent/card",
            "agent/getCard",
            "agent/get_agent_card",
            "agent/getExtendedAgentCard",
            "Agent/ExtendedCard",
            "GetAgentCard",
            "getAgentCard",
            "get-extended-agent-card",
        ] {
            assert!(card_method_invented(m), "{m}");
        }
        for m in [
            "agent/getAuthenticatedExtendedCard",
            "agent/authenticatedExtendedCard",
            "GetExtendedAgentCard",
            "getExtendedAgentCard",
            "agent/ping",
            "card",
            "tasks/card",
            "message/send",
            "",
        ] {
            assert!(!card_method_invented(m), "{m}");
        }
    }

    use super::*;

    #[test]
    fn percent_decode_takes_escapes_and_any_utf8_after_a_percent() {
        assert_eq!(percent_decode("/tasks/%41b%2fc"), "/tasks/Ab/c");
        assert_eq!(percent_decode("/t/%zz%4"), "/t/%zz%4");
        // A multi-byte character right after `%` (the fuzz crash): kept, no panic.
        assert_eq!(percent_decode("/t/%\u{e9}\u{e9}x"), "/t/%\u{e9}\u{e9}x");
        assert_eq!(percent_decode("/t/%\u{FFFD}"), "/t/%\u{FFFD}");
        // Decoded bytes that are not UTF-8 come out lossy.
        assert_eq!(percent_decode("%ff"), "\u{FFFD}");
    }

    #[test]
    fn wrong_case_method_names_map_to_the_spelled_method() {
        assert_eq!(
            method_op_wrong_case("sendMessage"),
            Some((Op::SendMessage, Dialect::V1_0, "SendMessage"))
        );
        assert_eq!(
            method_op_wrong_case("Message/Send"),
            Some((Op::SendMessage, Dialect::V0_3, "message/send"))
        );
        assert_eq!(
            method_op_wrong_case("TASKS/SENDSUBSCRIBE"),
            Some((
                Op::SendStreamingMessage,
                Dialect::V0_1,
                "tasks/sendSubscribe"
            ))
        );
        // exact names and names no method has are not "wrong case"
        assert_eq!(method_op_wrong_case("SendMessage"), None);
        assert_eq!(method_op_wrong_case("send_message"), None);
        assert_eq!(method_op_wrong_case(""), None);
        for n in METHOD_NAMES {
            assert!(method_op(n).is_some(), "{n} unknown to method_op");
        }
    }

    #[test]
    fn namespace_in_the_other_number_is_a_misspelled_known_method() {
        assert_eq!(
            method_op_namespace_number("task/get"),
            Some((Op::GetTask, Dialect::V0_3, "tasks/get"))
        );
        assert_eq!(
            method_op_namespace_number("messages/send"),
            Some((Op::SendMessage, Dialect::V0_3, "message/send"))
        );
        assert_eq!(
            method_op_namespace_number("task/pushNotificationConfig/set"),
            Some((
                Op::CreatePushConfig,
                Dialect::V0_3,
                "tasks/pushNotificationConfig/set"
            ))
        );
        // known names, names of other protocols and names without a namespace are not it
        assert_eq!(method_op_namespace_number("tasks/get"), None);
        assert_eq!(method_op_namespace_number("tool/list"), None);
        assert_eq!(method_op_namespace_number("task/"), None);
        assert_eq!(method_op_namespace_number("/get"), None);
        assert_eq!(method_op_namespace_number("GetTask"), None);
    }

    /// breaker37 R09, R10: the other push config path's verb is that path's operation (in
    /// the wrong verb, REST-VERB-001); DELETE on one config and POST on the list stay
    /// Delete and Create.
    #[test]
    fn push_config_paths_under_each_others_verb() {
        for (m, path, op) in [
            (
                "DELETE",
                "/tasks/t1/pushNotificationConfigs",
                Op::ListPushConfigs,
            ),
            (
                "POST",
                "/acme/tasks/t1/pushNotificationConfigs/c1",
                Op::GetPushConfig,
            ),
            (
                "DELETE",
                "/tasks/t1/pushNotificationConfigs/c1",
                Op::DeletePushConfig,
            ),
            (
                "POST",
                "/tasks/t1/pushNotificationConfigs",
                Op::CreatePushConfig,
            ),
        ] {
            assert_eq!(rest_route(m, path).map(|r| r.op), Some(op), "{m} {path}");
        }
    }

    /// The method is compared in upper case whatever case it comes in (copied only when
    /// it has a lower-case letter).
    #[test]
    fn rest_route_reads_the_method_in_any_case() {
        for (path, methods) in [
            ("/v1/message:send", &["POST", "post", "Post"][..]),
            ("/tasks/t1", &["GET", "get", "gEt"]),
            ("/tasks/t1/pushNotificationConfigs", &["POST", "post"]),
            (
                "/tasks/t1/pushNotificationConfigs/c1",
                &["DELETE", "delete"],
            ),
            ("/.well-known/agent-card.json", &["GET", "get"]),
        ] {
            let want = rest_route(methods[0], path);
            assert!(want.is_some(), "{path}");
            for m in methods {
                assert_eq!(rest_route(m, path), want, "{m} {path}");
            }
        }
        for m in ["OPTIONS", "options", "head", "HEAD"] {
            assert_eq!(rest_route(m, "/v1/message:send"), None, "{m}");
        }
        // breaker31 R07: POST /tasks/{id} is GetTask under a wrong verb (REST-VERB-001), in
        // any letter case of the method; review33: DELETE /tasks/{id} too (no A2A
        // operation deletes a task: the route's verb is GET), DELETE /tasks is nothing.
        assert_eq!(
            rest_route("post", "/tasks/t1").map(|r| r.op),
            Some(Op::GetTask)
        );
        assert_eq!(
            rest_route("DELETE", "/tasks/t1").map(|r| r.op),
            Some(Op::GetTask)
        );
        assert_eq!(rest_route("delete", "/tasks"), None);
    }

    #[test]
    fn wrong_case_rest_routes_fold_only_the_routes_own_words() {
        let folded = |m: &str, p: &str| {
            rest_route_wrong_case(m, p).map(|(rt, canon)| (rt.op, rt.dialect, canon))
        };
        assert_eq!(
            folded("POST", "/Message:send"),
            Some((Op::SendMessage, Dialect::V1_0, "/message:send".into()))
        );
        assert_eq!(
            folded("POST", "/acme/message:Stream?x=1"),
            Some((
                Op::SendStreamingMessage,
                Dialect::V1_0,
                "/acme/message:stream".into()
            ))
        );
        assert_eq!(
            folded("GET", "/Tasks/T1"),
            Some((Op::GetTask, Dialect::V1_0, "/tasks/T1".into()))
        );
        assert_eq!(
            folded("POST", "/v1/tasks/t1:Cancel"),
            Some((Op::CancelTask, Dialect::V0_3, "/v1/tasks/t1:cancel".into()))
        );
        assert_eq!(
            folded("GET", "/Acme/TASKS/t1/PushNotificationConfigs/Cfg1"),
            Some((
                Op::GetPushConfig,
                Dialect::V1_0,
                "/Acme/tasks/t1/pushNotificationConfigs/Cfg1".into()
            ))
        );
        assert_eq!(
            folded("GET", "/ExtendedAgentCard"),
            Some((
                Op::GetExtendedCard,
                Dialect::V1_0,
                "/extendedAgentCard".into()
            ))
        );
        // exact routes, data in other case, other words, and multi-byte paths: none
        assert_eq!(folded("POST", "/message:send"), None);
        assert_eq!(folded("GET", "/tasks/T1"), None);
        assert_eq!(folded("POST", "/Acme/message:send"), None);
        assert_eq!(folded("POST", "/Messages:send"), None);
        assert_eq!(folded("GET", "/TasksArchive"), None);
        assert_eq!(folded("DELETE", "/Tasks"), None);
        assert_eq!(folded("GET", "/T\u{e9}sks/\u{e9}"), None);
        assert_eq!(folded("GET", "/tasks/t1/\u{e9}\u{e9}\u{e9}\u{e9}\u{e9}\u{e9}\u{e9}\u{e9}\u{e9}\u{e9}\u{e9}\u{e9}"), None);
    }

    #[test]
    fn route_slips_name_the_route_to_call() {
        let slip = |m: &str, p: &str| rest_route_slip(m, p).map(|(_, r)| r);
        assert_eq!(
            slip("POST", "/tasks/t1/cancel").as_deref(),
            Some("POST /tasks/t1:cancel")
        );
        assert_eq!(
            slip("POST", "/acme/v1/tasks/t1/subscribe?x=1").as_deref(),
            Some("POST /acme/v1/tasks/t1:subscribe")
        );
        assert_eq!(
            slip("POST", "/v1/tasks/t1:resubscribe").as_deref(),
            Some("POST /v1/tasks/t1:subscribe")
        );
        assert_eq!(
            slip("POST", "/a2a/message/send").as_deref(),
            Some("POST /a2a/message:send")
        );
        assert!(slip("POST", "/tasks/t1:pause").is_some_and(|r| r.contains("/tasks/t1:cancel")));
        // routes, routes in other letter case, ids with colons, other resources: no slip
        for (m, p) in [
            ("POST", "/tasks/t1:cancel"),
            ("GET", "/tasks/t1:subscribe"),
            ("POST", "/tasks/t1:Cancel"),
            ("GET", "/tasks/urn:uuid:42"),
            ("POST", "/tasks/t1:42"),
            ("GET", "/tasks/t1/artifacts"),
            ("PUT", "/tasks/t1/pushNotificationConfigs"),
            ("POST", "/message:send"),
            ("POST", "/"),
        ] {
            assert_eq!(slip(m, p), None, "{m} {p}");
        }
    }

    #[test]
    fn routes_with_a_blank_id_segment_are_named() {
        use BlankRouteId::{Config, Task};
        for (m, p, want) in [
            // a2a-java #1012: the blank config id after the slash (mine57b f1282)
            (
                "GET",
                "/a2a/tasks/t1/pushNotificationConfigs/",
                (Op::GetPushConfig, Config),
            ),
            (
                "DELETE",
                "/tasks/t1/pushNotificationConfigs/?x=1",
                (Op::DeletePushConfig, Config),
            ),
            ("POST", "/acme/tasks/:cancel", (Op::CancelTask, Task)),
            ("GET", "/tasks/:subscribe", (Op::SubscribeToTask, Task)),
            (
                "POST",
                "/tasks//pushNotificationConfigs",
                (Op::CreatePushConfig, Task),
            ),
            (
                "GET",
                "/tasks//pushNotificationConfigs/c1",
                (Op::GetPushConfig, Task),
            ),
        ] {
            assert_eq!(rest_route_blank_id(m, p), Some(want), "{m} {p}");
        }
        // routes with their ids, other verbs and other paths: none
        for (m, p) in [
            ("GET", "/tasks/t1/pushNotificationConfigs"),
            ("GET", "/tasks/t1/pushNotificationConfigs/c1"),
            ("POST", "/tasks/t1/pushNotificationConfigs/"),
            ("POST", "/tasks/t1:cancel"),
            ("GET", "/tasks/"),
            ("GET", "/tasks//pushNotificationConfigsX"),
            ("PUT", "/tasks/:cancel"),
            ("POST", "/message:send"),
        ] {
            assert_eq!(rest_route_blank_id(m, p), None, "{m} {p}");
        }
    }

    #[test]
    fn op_method_inverts_method_op() {
        let ops = [
            Op::SendMessage,
            Op::SendStreamingMessage,
            Op::GetTask,
            Op::ListTasks,
            Op::CancelTask,
            Op::SubscribeToTask,
            Op::CreatePushConfig,
            Op::GetPushConfig,
            Op::ListPushConfigs,
            Op::DeletePushConfig,
            Op::GetExtendedCard,
            Op::GetCard,
        ];
        let mut named = 0;
        for d in [Dialect::V0_1, Dialect::V0_2, Dialect::V0_3, Dialect::V1_0] {
            for op in ops {
                if let Some(m) = op_method(op, d) {
                    named += 1;
                    let (back, _) = method_op(m).unwrap_or_else(|| panic!("{m} unknown"));
                    assert_eq!(back, op, "{m}");
                }
            }
        }
        assert_eq!(named, 7 + 2 * 10 + 11);
        assert_eq!(op_method(Op::GetTask, Dialect::V1_0), Some("GetTask"));
        assert_eq!(
            op_method(Op::CancelTask, Dialect::V0_3),
            Some("tasks/cancel")
        );
        assert_eq!(op_method(Op::ListTasks, Dialect::V0_3), None);
    }

    #[test]
    fn lenient_states_and_0x_spelling() {
        for (s, want) in [
            ("TASK_STATE_INPUT_REQUIRED", TaskState::InputRequired),
            ("input-required", TaskState::InputRequired),
            ("Input_Required", TaskState::InputRequired),
            ("TASK_STATE_CANCELLED", TaskState::Canceled),
            ("cancelled", TaskState::Canceled),
            ("COMPLETED", TaskState::Completed),
            ("TASK_STATE_UNSPECIFIED", TaskState::Unspecified),
            ("unknown", TaskState::Unknown),
        ] {
            assert_eq!(TaskState::parse_lenient(s), Some(want), "{s}");
        }
        assert_eq!(TaskState::parse_lenient("bogus"), None);
        assert_eq!(TaskState::InputRequired.as_str(), "input-required");
        assert_eq!(TaskState::Canceled.as_str(), "canceled");
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::json::test_json as json;

    /// `part_mix_key_slot` answers what the list's `position` answers, for every listed
    /// name and for near misses (case, plural, prefix, empty).
    #[test]
    fn part_mix_key_slot_is_the_position_in_the_list() {
        let others = [
            "",
            "part",
            "Parts",
            "tasks ",
            "msgs",
            "Task",
            "statusupdate",
            "result_",
        ];
        for k in PART_MIX_KEYS.iter().chain(others.iter()) {
            assert_eq!(
                part_mix_key_slot(k),
                PART_MIX_KEYS.iter().position(|n| n == k),
                "{k:?}"
            );
        }
    }

    #[test]
    fn part_member_mix_names_the_first_mixed_part_by_its_full_pointer() {
        // 1.0 Task with two history messages: the second's second part uses 0.3's mimeType.
        let v = Json::parse(
            r#"{"result":{"task":{"id":"t","history":[
                {"role":"ROLE_USER","parts":[{"text":"a"}]},
                {"role":"ROLE_AGENT","parts":[{"text":"b"},{"url":"u","mimeType":"text/csv"}]}],
              "artifacts":[{"artifactId":"a","parts":[{"url":"u","name":"n.csv"}]}]}}}"#
                .as_bytes(),
        )
        .unwrap();
        let m = part_member_mix(&v, "", PartStyle::V1).expect("a mix");
        assert_eq!(m.pointer, "/result/task/history/1/parts/1/mimeType");
        assert_eq!((m.found, m.expected), ("mimeType", "mediaType"));
        // Without the history, the artifact's 0.3 `name` is found, under the base given.
        let v = Json::parse(
            r#"{"task":{"id":"t","artifacts":[{"artifactId":"a","parts":[{"url":"u","name":"n.csv"}]}]}}"#.as_bytes(),
        )
        .unwrap();
        let m = part_member_mix(&v, "/result", PartStyle::V1).expect("a mix");
        assert_eq!(m.pointer, "/result/task/artifacts/0/parts/0/name");
        // 0.3 file part with 1.0's mediaType inside `file`; user data is not searched.
        let v = Json::parse(
            r#"{"params":{"message":{"parts":[{"kind":"data","data":{"parts":[{"file":{"mediaType":"x"}}]}},
                {"kind":"file","file":{"uri":"u","mediaType":"text/plain"}}]}}}"#.as_bytes(),
        )
        .unwrap();
        let m = part_member_mix(&v, "", PartStyle::V0Rpc).expect("a mix");
        assert_eq!(m.pointer, "/params/message/parts/1/file/mediaType");
        assert!(part_member_mix(
            &Json::parse(br#"{"params":{"message":{"parts":[{"text":"a"}]}}}"#).unwrap(),
            "",
            PartStyle::V1
        )
        .is_none());
        // 1.0 status whose message is under the 0.3 proto field name `update` (breaker18a
        // W6); not judged beside a `message`, nor in 0.x.
        let v = Json::parse(
            br#"{"statusUpdate":{"status":{"state":"TASK_STATE_INPUT_REQUIRED","update":{"parts":[]}}}}"#,
        )
        .unwrap();
        let m = part_member_mix(&v, "", PartStyle::V1).expect("a mix");
        assert_eq!(m.pointer, "/statusUpdate/status/update");
        assert_eq!((m.found, m.expected), ("update", "message"));
        assert!(part_member_mix(&v, "", PartStyle::V0Rpc).is_none());
        let v = Json::parse(br#"{"status":{"message":{"parts":[]},"update":{}}}"#).unwrap();
        assert!(part_member_mix(&v, "", PartStyle::V1).is_none());
    }

    /// TASK-004 (mine59 f1320): a 0.x Task that names itself under taskId is told apart
    /// from an update event (final, artifact), a 1.0 task, a task with its id and a wrapper.
    #[test]
    fn a_task_named_by_task_id_is_no_update_event() {
        let named = json!({"taskId": "t", "contextId": "c", "status": {"state": "working"}, "messages": [], "artifacts": []});
        let o = named.as_object().unwrap();
        assert!(task_0x_named_by_task_id(o));
        assert!(!bare_task_0x(o));
        assert!(classify_payload(&named, "/result")
            .err()
            .is_some_and(|m| m.starts_with("payload is a Task written with its id under taskId (taskId, status, artifacts, messages)")));
        for not in [
            json!({"taskId": "t", "contextId": "c", "status": {"state": "working"}, "final": false}),
            json!({"taskId": "t", "contextId": "c", "status": {"state": "working"}}),
            json!({"taskId": "t", "contextId": "c", "artifact": {"artifactId": "a", "parts": []}, "status": {"state": "working"}, "artifacts": []}),
            json!({"taskId": "t", "status": {"state": "TASK_STATE_WORKING"}, "history": []}),
            json!({"id": "t", "taskId": "t", "status": {"state": "working"}, "history": []}),
            json!({"kind": "task", "taskId": "t", "status": {"state": "working"}, "history": []}),
            json!({"taskId": 7, "status": {"state": "working"}, "history": []}),
            json!({"taskId": "t", "status": {"state": "working"}, "history": {}}),
        ] {
            assert!(
                !task_0x_named_by_task_id(not.as_object().unwrap()),
                "{not:?}"
            );
        }
    }

    /// RPC-003 (mine59 f1334): a 1.0 draft's method name the release renamed.
    #[test]
    fn set_task_push_notification_config_is_a_draft_name() {
        assert_eq!(
            method_draft_rpc_name("SetTaskPushNotificationConfig"),
            Some((
                "CreateTaskPushNotificationConfig",
                Some("tasks/pushNotificationConfig/set")
            ))
        );
        assert!(method_draft_rpc_name("settaskpushnotificationconfig").is_some());
        for m in [
            "CreateTaskPushNotificationConfig",
            "tasks/pushNotificationConfig/set",
            "SetTask",
            "",
        ] {
            assert!(method_draft_rpc_name(m).is_none(), "{m}");
        }
    }

    #[test]
    fn a_state_that_is_not_a_name_says_what_it_is() {
        // DATA-001: 1.0 JSON carries enum names; ProtoJSON input may use the number.
        let t = json!({"id": "t", "contextId": "c", "status": {"state": 3}});
        let v = task_view(t.as_object().unwrap(), "/result/task", true);
        assert_eq!(v.state, None);
        assert_eq!(v.problems[0].0, "/result/task/status/state");
        assert!(
            v.problems[0].1.starts_with("status.state is the number 3,"),
            "{:?}",
            v.problems
        );
        let t = json!({"id": "t", "contextId": "c", "status": {"state": true}});
        let v = task_view(t.as_object().unwrap(), "", true);
        assert_eq!(v.problems[0].1, "status.state is not a string");
        let t = json!({"id": "t", "contextId": "c", "status": {"state": null}});
        let v = task_view(t.as_object().unwrap(), "", true);
        assert_eq!(v.problems[0].1, "status has no state");
    }

    #[test]
    fn a_status_message_that_is_no_object_is_a_problem_and_null_is_unset() {
        // DATA-004 / DATA-005 (mine55, nexent PR #3576): TaskStatus.message is a Message
        // object in every generation; the state is still read beside the problem.
        let t = json!({"id": "t", "contextId": "c", "status": {"state": "TASK_STATE_FAILED", "message": "boom"}});
        let v = task_view(t.as_object().unwrap(), "/result/task", false);
        assert_eq!(v.state, Some(TaskState::Failed));
        assert_eq!(
            v.problems,
            vec![(
                "/result/task/status/message".to_string(),
                "status.message is the string \"boom\", not a Message object {messageId, role, parts}"
                    .to_string()
            )]
        );
        let u = json!({"taskId": "t", "contextId": "c", "status": {"state": "TASK_STATE_INPUT_REQUIRED", "message": [{"text": "which?"}]}});
        let v = update_view(u.as_object().unwrap(), PayloadKind::StatusUpdate, "");
        assert_eq!(v.problems.len(), 1, "{:?}", v.problems);
        assert!(v.problems[0].1.starts_with("status.message is a list,"));
        let null_msg =
            json!({"id": "t", "status": {"state": "TASK_STATE_COMPLETED", "message": null}});
        assert!(task_view(null_msg.as_object().unwrap(), "", false)
            .problems
            .is_empty());
        let a_msg = json!({"id": "t", "status": {"state": "TASK_STATE_COMPLETED", "message":
            {"messageId": "m", "role": "ROLE_AGENT", "parts": [{"text": "hi"}]}}});
        assert!(task_view(a_msg.as_object().unwrap(), "", false)
            .problems
            .is_empty());
    }

    #[test]
    fn v0_booleans_of_another_type_are_named_and_null_passes() {
        let ev = json!({"taskId": "t", "append": "false", "lastChunk": true});
        let (ptr, msg) = v0_type_problem(
            ev.as_object().unwrap(),
            "/result",
            "artifact update event",
            V0_ARTIFACT_UPDATE_BOOLS,
            "0.3",
            false,
        )
        .unwrap();
        assert_eq!(ptr, "/result/append");
        assert!(msg.starts_with("artifact update event append is the string \"false\", not a JSON boolean as the 0.3 JSON Schema"), "{msg}");
        assert!(
            msg.ends_with("write \"append\": false, without quotes"),
            "{msg}"
        );
        let ev = json!({"final": 2});
        let (_, msg) = v0_type_problem(
            ev.as_object().unwrap(),
            "",
            "status update event",
            V0_STATUS_UPDATE_BOOLS,
            "0.2",
            true,
        )
        .unwrap();
        assert!(
            msg.contains("the number 2")
                && msg.contains("0.2 proto")
                && msg.ends_with("write final as true or false, without quotes"),
            "{msg}"
        );
        let ev = json!({"append": null, "lastChunk": false});
        assert!(v0_type_problem(
            ev.as_object().unwrap(),
            "",
            "e",
            V0_ARTIFACT_UPDATE_BOOLS,
            "0.3",
            false
        )
        .is_none());
    }

    #[test]
    fn v1_fields_typed_as_the_proto_and_required_ids_set() {
        // breaker19b Z7: a mistyped optional member is found wherever the table names it.
        let m = json!({"messageId": "m", "role": "ROLE_USER", "referenceTaskIds": "t0",
            "parts": [{"text": "x"}]});
        let p = message_shape_problems(m.as_object().unwrap(), "/m", PartStyle::V1);
        assert_eq!(p[0].0, "/m/referenceTaskIds");
        assert!(
            p[0].1.contains("the string \"t0\", not a list of strings"),
            "{p:?}"
        );
        let m = json!({"messageId": "m", "role": "ROLE_USER",
            "parts": [{"text": "x", "mediaType": 5}]});
        let p = message_shape_problems(m.as_object().unwrap(), "/m", PartStyle::V1);
        assert_eq!(p[0].0, "/m/parts/0/mediaType");
        let a = json!({"artifactId": "a", "name": 7, "parts": [{"text": "x"}]});
        assert_eq!(
            artifact_shape_problems(&a, "/a", PartStyle::V1)[0].0,
            "/a/name"
        );
        let ev = json!({"taskId": "t", "contextId": "c", "append": "true"});
        let q = proto_type_problem(
            ev.as_object().unwrap(),
            "/e",
            "event",
            V1_ARTIFACT_UPDATE_FIELDS,
        );
        assert_eq!(q.unwrap().0, "/e/append");
        // null is ProtoJSON's unset field; right types pass.
        let ev = json!({"taskId": "t", "append": true, "lastChunk": null});
        assert!(proto_type_problem(
            ev.as_object().unwrap(),
            "/e",
            "event",
            V1_ARTIFACT_UPDATE_FIELDS
        )
        .is_none());
        // breaker19b Z6: "" is the unset proto3 string of a REQUIRED id in 1.0 only.
        let m = json!({"messageId": "", "role": "ROLE_USER", "parts": [{"text": "x"}]});
        let p = message_shape_problems(m.as_object().unwrap(), "/m", PartStyle::V1);
        assert_eq!(p[0].0, "/m/messageId");
        let m = json!({"kind": "message", "messageId": "", "role": "user",
            "parts": [{"kind": "text", "text": "x"}]});
        assert!(message_shape_problems(m.as_object().unwrap(), "/m", PartStyle::V0Rpc).is_empty());
        let a = json!({"artifactId": "", "parts": [{"text": "x"}]});
        assert_eq!(
            artifact_shape_problems(&a, "/a", PartStyle::V1)[0].0,
            "/a/artifactId"
        );
        let a = json!({"artifactId": "", "parts": [{"kind": "text", "text": "x"}]});
        assert!(artifact_shape_problems(&a, "/a", PartStyle::V0Rpc).is_empty());
    }

    #[test]
    fn message_and_artifact_checked_whole_per_version() {
        let m = json!({"messageId": "m", "role": "agent", "parts": [{"text": "x"}]});
        let p = message_shape_problems(m.as_object().unwrap(), "/m", PartStyle::V1);
        assert_eq!(p[0].0, "/m/role");
        assert!(p[0].1.contains("ROLE_USER or ROLE_AGENT"), "{p:?}");
        let m = json!({"messageId": "m", "role": "ROLE_AGENT", "kind": "message", "parts": [{"kind": "text", "text": "x"}]});
        let p = message_shape_problems(m.as_object().unwrap(), "/m", PartStyle::V0Rpc);
        assert_eq!(p[0].0, "/m/role");
        // 0.3 REST ProtoJSON spells roles as the proto does, parts in `content`.
        let m = json!({"messageId": "m", "role": "ROLE_USER", "content": [{"text": "x"}]});
        assert!(message_shape_problems(m.as_object().unwrap(), "/m", PartStyle::V0Rest).is_empty());
        // ...but 1.0 and 0.x JSON-RPC readers see no parts there (breaker18a W4).
        for style in [PartStyle::V1, PartStyle::V0Rpc] {
            let p = message_shape_problems(m.as_object().unwrap(), "/m", style);
            assert_eq!(p[0].0, "/m/content", "{style:?}");
            assert!(p[0].1.contains("no parts"), "{p:?}");
        }
        // Empty parts: a 1.0 fault (proto REQUIRED list), legal in the 0.x schemas.
        let m = json!({"messageId": "m", "role": "ROLE_AGENT", "parts": []});
        let p = message_shape_problems(m.as_object().unwrap(), "/m", PartStyle::V1);
        assert_eq!(p[0].0, "/m/parts");
        let m = json!({"kind": "message", "messageId": "m", "role": "agent", "parts": []});
        assert!(message_shape_problems(m.as_object().unwrap(), "/m", PartStyle::V0Rpc).is_empty());
        // a2a-dotnet #396: a 0.x JSON-RPC message (status.message, history) without kind.
        let m =
            json!({"messageId": "m", "role": "agent", "parts": [{"kind": "text", "text": "x"}]});
        let p = message_shape_problems(m.as_object().unwrap(), "/m", PartStyle::V0Rpc);
        assert_eq!(p[0].0, "/m/kind");
        assert!(p[0].1.contains("no kind \"message\""), "{p:?}");
        let m = json!({"kind": "task", "messageId": "m", "role": "agent", "parts": []});
        let p = message_shape_problems(m.as_object().unwrap(), "/m", PartStyle::V0Rpc);
        assert!(p[0].1.contains("kind \"task\", not"), "{p:?}");
        let a = json!({"artifactId": "a", "parts": []});
        assert_eq!(
            artifact_shape_problems(&a, "/a", PartStyle::V1)[0].0,
            "/a/parts"
        );
        assert!(artifact_shape_problems(&a, "/a", PartStyle::V0Rpc).is_empty());
        // DATA-SHAPE-007 (breaker17a U5): the 0.x empty list found, a filled one not.
        assert_eq!(
            artifact_parts_empty(&a, "/a"),
            Some(("/a/parts".to_string(), "a".to_string()))
        );
        let t = json!({"id": "t", "artifacts": [
            {"artifactId": "a0", "parts": [{"kind": "text", "text": ""}]},
            {"artifactId": "a1", "parts": []}]});
        assert_eq!(
            task_artifact_parts_empty(t.as_object().unwrap(), "/t"),
            Some(("/t/artifacts/1/parts".to_string(), "a1".to_string()))
        );
        let t = json!({"id": "t", "artifacts": [{"artifactId": "a0", "parts": [{"text": "x"}]}]});
        assert_eq!(
            task_artifact_parts_empty(t.as_object().unwrap(), "/t"),
            None
        );
        assert_eq!(
            artifact_parts_empty(&json!({"artifactId": "a"}), "/a"),
            None
        );
        let a = json!({"parts": [{"text": "x"}]});
        assert_eq!(
            artifact_shape_problems(&a, "/a", PartStyle::V1)[0].0,
            "/a/artifactId"
        );
        let t = json!({"id": "t", "status": {"state": "TASK_STATE_WORKING",
            "message": {"messageId": "m", "role": "ROLE_AGENT", "parts": [{"text": "x"}]}},
            "history": [{"messageId": "h", "role": "user", "parts": [{"text": "x"}]}],
            "artifacts": [{"artifactId": "a", "parts": [{"text": "x"}, {"bogus": 1}]}]});
        let p = task_members_problems(t.as_object().unwrap(), "/t", PartStyle::V1);
        let at: Vec<&str> = p.iter().map(|(a, _)| a.as_str()).collect();
        assert_eq!(at, ["/t/history/0/role", "/t/artifacts/0/parts/1"]);
    }

    #[test]
    fn push_config_shape_per_version() {
        let flat = json!({"id": "c", "taskId": "t", "url": "https://h/cb", "authentication": {"scheme": "Bearer"}});
        assert!(push_config_problems(&flat, "", true).is_empty());
        let nested = json!({"taskId": "t", "pushNotificationConfig": {"url": "https://h/cb", "authentication": {"schemes": ["Bearer"]}}});
        assert!(push_config_problems(&nested, "", false).is_empty());
        assert_eq!(
            push_config_problems(&nested, "", true)[0].0,
            "/pushNotificationConfig"
        );
        assert_eq!(push_config_problems(&flat, "", false)[0].0, "/url");
        let schemes = json!({"taskId": "t", "url": "https://h/cb", "authentication": {"schemes": ["Bearer"]}});
        let p = push_config_problems(&schemes, "/r", true);
        assert_eq!(p[0].0, "/r/authentication/scheme");
        assert!(p[0].1.contains("schemes"), "{p:?}");
        let no_url = json!({"taskId": "t", "pushNotificationConfig": {"token": "x"}});
        assert_eq!(
            push_config_problems(&no_url, "", false)[0].0,
            "/pushNotificationConfig/url"
        );
    }

    #[test]
    fn push_config_members_of_another_json_type() {
        // mine57 f1277 / f1278: PHP's empty array as authentication, in either version
        let php = json!({"taskId": "t", "pushNotificationConfig": {"url": "https://h/cb", "id": null, "token": null, "authentication": []}});
        let p = push_config_problems(&php, "/r", false);
        assert_eq!(p.len(), 1, "{p:?}");
        assert_eq!(p[0].0, "/r/pushNotificationConfig/authentication");
        assert!(
            p[0].1
                .contains("is an array, not a PushNotificationAuthenticationInfo object"),
            "{p:?}"
        );
        assert!(p[0].1.contains("json_encode"), "{p:?}");
        let flat = json!({"id": 7, "taskId": "t", "url": "https://h/cb", "token": true, "authentication": "Bearer x"});
        let p = push_config_problems(&flat, "", true);
        let at: Vec<&str> = p.iter().map(|(a, _)| a.as_str()).collect();
        assert_eq!(at, ["/authentication", "/id", "/token"]);
        assert!(
            p[0].1
                .contains("is a string, not an AuthenticationInfo object"),
            "{p:?}"
        );
        assert!(!p[0].1.contains("json_encode"), "{p:?}");
        assert!(p[1].1.ends_with("id is a number, not a string"), "{p:?}");
        // null reads as unset; an object is judged by the scheme checks only
        let ok = json!({"taskId": "t", "pushNotificationConfig": {"url": "https://h/cb", "id": null, "token": null, "authentication": null}});
        assert!(push_config_problems(&ok, "", false).is_empty());
    }

    #[test]
    fn snake_case_method_names_read_as_their_operation() {
        assert_eq!(
            method_snake_case("send_message"),
            Some(("SendMessage", Some("message/send")))
        );
        assert_eq!(
            method_snake_case("SUBSCRIBE_TO_TASK"),
            Some(("SubscribeToTask", Some("tasks/resubscribe")))
        );
        assert_eq!(method_snake_case("list_tasks"), Some(("ListTasks", None)));
        assert_eq!(
            method_snake_case("tasks_pushNotificationConfig_set"),
            Some((
                "CreateTaskPushNotificationConfig",
                Some("tasks/pushNotificationConfig/set")
            ))
        );
        assert_eq!(
            method_snake_case("message_send"),
            Some(("SendMessage", Some("message/send")))
        );
        // no underscore, a real method, or no operation: not this reading
        for m in [
            "SendMessage",
            "message/send",
            "sendMessage",
            "send_email",
            "ping",
            "get_agent_card",
        ] {
            assert_eq!(method_snake_case(m), None, "{m}");
        }
    }

    #[test]
    fn lift_v01_reads_tasks_send_era_objects() {
        let ev = json!({"id": "t1", "status": {"state": "working"}, "final": false});
        let l = lift_v01(&ev, Some("s1")).unwrap().to_value();
        assert_eq!(l["kind"], "status-update");
        assert_eq!(l["taskId"], "t1");
        assert_eq!(l["contextId"], "s1");
        assert!(l.get("id").is_none());
        let task = json!({"id": "t1", "sessionId": "s9", "status": {"state": "completed"},
            "artifacts": [{"index": 2, "parts": [{"type": "text", "text": "x"}]}]});
        let l = lift_v01(&task, Some("ignored")).unwrap().to_value();
        assert_eq!(l["kind"], "task");
        assert_eq!(l["contextId"], "s9");
        assert_eq!(l["artifacts"][0]["artifactId"], "(0.1: index 2)");
        assert_eq!(l["artifacts"][0]["parts"][0]["kind"], "text");
        let art = json!({"id": "t1", "artifact": {"parts": []}});
        assert_eq!(
            lift_v01(&art, None).unwrap().to_value()["contextId"],
            V01_NO_SESSION
        );
        let msg = json!({"role": "user", "parts": [{"type": "text", "text": "hi"}]});
        let l = lift_v01(&msg, None).unwrap().to_value();
        assert_eq!(l["kind"], "message");
        assert!(message_problems(Json::from_value(&l).as_object().unwrap(), "").is_empty());
        // Already 0.2+ or 1.0: left alone.
        assert!(lift_v01(&json!({"kind": "task", "id": "t"}), None).is_none());
        assert!(lift_v01(&json!({"task": {"id": "t"}}), None).is_none());
        assert!(lift_v01(&json!([1]), None).is_none());
    }

    #[test]
    fn states_parse_all_spellings() {
        assert_eq!(TaskState::parse("completed"), Some(TaskState::Completed));
        assert_eq!(
            TaskState::parse("TASK_STATE_CANCELLED"),
            Some(TaskState::Canceled)
        );
        assert!(TaskState::parse("TASK_STATE_COMPLETED")
            .unwrap()
            .is_terminal());
        assert!(TaskState::parse("input-required").unwrap().is_interrupted());
        assert_eq!(TaskState::parse("done"), None);
    }

    #[test]
    fn routes() {
        let r = rest_route("POST", "/rest/v1/message:send").unwrap();
        assert_eq!(
            (r.op, r.dialect, r.base.as_str()),
            (Op::SendMessage, Dialect::V0_3, "/rest")
        );
        let r = rest_route("GET", "/t1/tasks/abc%20d?historyLength=2").unwrap();
        assert_eq!((r.op, r.dialect), (Op::GetTask, Dialect::V1_0));
        assert_eq!(r.task_id.as_deref(), Some("abc d"));
        assert_eq!(
            rest_route("POST", "/tasks/x:cancel").unwrap().op,
            Op::CancelTask
        );
        assert_eq!(
            rest_route("GET", "/a/.well-known/agent.json").unwrap().op,
            Op::GetCard
        );
        assert_eq!(rest_route("POST", "/"), None);
        // the custom verb's colon percent-encoded is the verb's route (lead48); a task id's
        // own encoded colon stays in the id
        let r = rest_route("POST", "/tasks/t1%3Acancel").unwrap();
        assert_eq!((r.op, r.task_id.as_deref()), (Op::CancelTask, Some("t1")));
        let r = rest_route("GET", "/tasks/urn%3Auuid%3A1").unwrap();
        assert_eq!(
            (r.op, r.task_id.as_deref()),
            (Op::GetTask, Some("urn:uuid:1"))
        );
        assert_eq!(
            rest_route("POST", "/tasks/t/pushNotificationConfigs")
                .unwrap()
                .op,
            Op::CreatePushConfig
        );
        // breaker27 H16: a config written with PUT / PATCH is the create it means (judged
        // for its verb by REST-VERB-001/002); DELETE of the whole list is the list path in
        // the wrong verb (breaker37 R09: it was no route, so the served deletion went
        // unjudged).
        for (m, p) in [
            ("PUT", "/tasks/t/pushNotificationConfigs"),
            ("PATCH", "/tasks/t/pushNotificationConfigs/p1"),
        ] {
            assert_eq!(
                rest_route(m, p).unwrap().op,
                Op::CreatePushConfig,
                "{m} {p}"
            );
        }
        assert_eq!(
            rest_route("DELETE", "/tasks/t/pushNotificationConfigs").map(|r| r.op),
            Some(Op::ListPushConfigs)
        );
    }

    #[test]
    fn payloads() {
        let v = json!({"statusUpdate":{"taskId":"t","contextId":"c","status":{"state":"TASK_STATE_WORKING"}}});
        let p = classify_payload(&v, "/result").unwrap();
        assert_eq!(p.kind, PayloadKind::StatusUpdate);
        assert_eq!(p.pointer, "/result/statusUpdate");
        let u = update_view(p.inner, p.kind, &p.pointer);
        assert_eq!(u.state, Some(TaskState::Working));
        assert!(classify_payload(&json!({"task":{},"message":{}}), "").is_err());
        assert_eq!(
            classify_payload(&json!({"kind":"artifact-update"}), "")
                .unwrap()
                .kind,
            PayloadKind::ArtifactUpdate
        );
        assert_eq!(
            method_op("tasks/send"),
            Some((Op::SendMessage, Dialect::V0_1))
        );
        assert_eq!(Dialect::from_version("0.3.0"), Some(Dialect::V0_3));
        assert_eq!(Dialect::from_version("99.0"), None);
        // perf31: the byte fast path answers as the general parse does
        for v in [
            "", "1", "0", "2", "1.0", "0.1", "0.2", "0.3", "0.4", "1.1", "9.9", "1.0.0", "0.3.0",
            "0.3.", "0.3.x", "0.3 ", " 0.3", "0 .3", "0. 3", "1.", "1..", ".3", "10.0", "0.30",
            "a.b", "1.0-rc1", "0.3.0\n", "١.٠",
        ] {
            assert_eq!(
                Dialect::from_version(v),
                Dialect::from_version_general(v),
                "{v:?}"
            );
        }
    }

    /// breaker21 L19: ProtoJSON reads a null oneof member as unset, so a wrapper that writes
    /// the unset members as null holds one member; two non-null members stay several, and
    /// only nulls are no payload.
    #[test]
    fn payload_null_oneof_members_are_unset() {
        let v = json!({"task":{"id":"t1","contextId":"c1","status":{"state":"TASK_STATE_WORKING"}},"message":null});
        let p = classify_payload(&v, "/result").unwrap();
        assert_eq!(
            (p.kind, p.pointer.as_str()),
            (PayloadKind::Task, "/result/task")
        );
        let ev = json!({"task":null,"message":null,"statusUpdate":{"taskId":"t1","contextId":"c1","status":{"state":"TASK_STATE_COMPLETED"}},"artifactUpdate":null});
        assert_eq!(
            classify_payload(&ev, "").unwrap().kind,
            PayloadKind::StatusUpdate
        );
        let both = json!({"task":{"id":"t1","contextId":"c1","status":{"state":"TASK_STATE_WORKING"}},"message":{"messageId":"m","role":"ROLE_AGENT","parts":[{"text":"x"}]}});
        assert_eq!(
            classify_payload(&both, "").unwrap_err(),
            "payload sets several oneof members: task, message"
        );
        assert!(classify_payload(&json!({"task":null,"message":null}), "").is_err());
    }

    /// mine20b B1: a bare object with a member named like a oneof member is no wrapper when
    /// it also has a member of a bare Task / Message / TaskStatus, or when that member is no
    /// object; a wrapper with an unknown extra member stays a wrapper (DATA-003).
    #[test]
    fn payload_with_oneof_named_member_is_bare() {
        let status = json!({"state":"working","message":{"kind":"message","messageId":"m","role":"agent","parts":[{"kind":"text","text":"x"}]}});
        let e = classify_payload(&status, "/result").unwrap_err();
        assert!(e.contains("bare TaskStatus (state, message)"), "{e}");
        let adhoc = json!({"status":"completed","message":"placeholder","content":"hi"});
        let e = classify_payload(&adhoc, "/result").unwrap_err();
        assert!(
            e.contains("members status, message, content")
                && e.contains("\"message\" member is a string"),
            "{e}"
        );
        let wrapper = json!({"message":{"messageId":"m","role":"ROLE_AGENT","parts":[{"text":"x"}]},"traceInfo":{"spanId":"1"}});
        let p = classify_payload(&wrapper, "/result").unwrap();
        assert_eq!(p.kind, PayloadKind::Message);
        assert!(p.wrapped);
        let lone = json!({"message":"text"});
        assert_eq!(
            classify_payload(&lone, "").unwrap_err(),
            "message is not an object"
        );
    }

    #[test]
    fn task_members_outside_proto_names_non_proto_members() {
        // breaker18a W7 (hermes-agent #41711): createdAt / lastModified are not in a2a.proto.
        let t = json!({"id": "t", "contextId": "c", "status": {}, "createdAt": "x", "lastModified": "y"});
        let (at, names) =
            task_members_outside_proto(t.as_object().unwrap(), "/result/task").unwrap();
        assert_eq!(at, "/result/task/createdAt");
        assert_eq!(names, ["createdAt", "lastModified"]);
        // kind (VER-MIX-001) and proto field names (DATA-001) are other rules' findings.
        let t = json!({"id": "t", "kind": "task", "context_id": "c", "metadata": {"createdAt": 1}});
        assert!(task_members_outside_proto(t.as_object().unwrap(), "").is_none());
    }

    #[test]
    fn history_repeated_message_tells_one_message_twice_from_a_reused_id() {
        let h = |hist: serde_json::Value| {
            let t = json!({"id": "t", "history": hist});
            history_repeated_message(t.as_object().unwrap(), "/r")
        };
        // forge #143: the incoming message appended twice
        let got = h(
            serde_json::json!([{"messageId": "m", "role": "user", "parts": [{"text": "a"}]},
                           {"messageId": "m", "role": "user", "parts": [{"text": "a"}]}]),
        );
        assert_eq!(
            got,
            Some(("/r/history/1/messageId".into(), "m".into(), 0, 1, true))
        );
        // breaker54: the client's two turns under one reused id: not the agent's repetition
        let got = h(
            serde_json::json!([{"messageId": "m", "role": "ROLE_USER", "parts": [{"text": "a"}]},
                           {"messageId": "x", "role": "ROLE_AGENT", "parts": [{"text": "q"}]},
                           {"messageId": "m", "role": "ROLE_USER", "parts": [{"text": "b"}]}]),
        );
        assert_eq!(got, None);
        // b24x-Z06: the agent's reply under the client's id: two messages, one the agent's
        let got = h(
            serde_json::json!([{"messageId": "m", "role": "ROLE_USER", "parts": [{"text": "a"}]},
                           {"messageId": "m", "role": "ROLE_AGENT", "parts": [{"text": "b"}]}]),
        );
        assert_eq!(
            got,
            Some(("/r/history/1/messageId".into(), "m".into(), 0, 1, false))
        );
    }

    #[test]
    fn message_task_members_names_a_tasks_members_on_a_message() {
        // breaker54 v10-message-artifacts: a Message answer carrying a Task's artifacts.
        let m = json!({"messageId": "m", "role": "ROLE_AGENT", "parts": [{"text": "a"}],
                       "artifacts": [{"artifactId": "a", "parts": [{"text": "b"}]}],
                       "history": []});
        let (at, names) = message_task_members(m.as_object().unwrap(), "/result/message").unwrap();
        assert_eq!(at, "/result/message/artifacts");
        assert_eq!(names, ["artifacts", "history"]);
        // the Message's own members and any other unknown one (DATA-003) are not named
        let m = json!({"messageId": "m", "contextId": "c", "taskId": "t", "role": "ROLE_AGENT",
                       "parts": [], "metadata": {"artifacts": []}, "extensions": [],
                       "referenceTaskIds": [], "kind": "message", "xNewField": 1});
        assert!(message_task_members(m.as_object().unwrap(), "").is_none());
    }

    #[test]
    fn rest03_message_in_jsonrpc_spellings() {
        let ok = json!({"messageId": "m", "role": "ROLE_USER", "content": [{"text": "x"}]});
        assert!(rest03_message_problems(ok.as_object().unwrap(), "/message").is_empty());
        let rpc = json!({"kind": "message", "messageId": "m", "role": "user", "parts": [{"kind": "text", "text": "x"}]});
        let p = rest03_message_problems(rpc.as_object().unwrap(), "/message");
        let at: Vec<&str> = p.iter().map(|(a, _)| a.as_str()).collect();
        assert_eq!(
            at,
            [
                "/message/kind",
                "/message/role",
                "/message/parts",
                "/message/parts/0/kind"
            ]
        );
    }

    /// DATA-002: RFC 3339 date-times with a zone pass, naive and malformed ones do not.
    #[test]
    fn rfc3339_needs_a_zone_and_a_whole_date_time() {
        for ok in [
            "2026-03-02T10:15:00Z",
            "2026-03-02T10:15:00.123456Z",
            "2026-03-02t10:15:00z",
            "2026-03-02T10:15:00+05:30",
            "2026-03-02T23:59:60.5-00:00",
        ] {
            assert_eq!(rfc3339_problem(ok), None, "{ok}");
        }
        for (bad, why) in [
            (
                "2026-03-02T10:15:00.123456",
                "no zone: Z or an offset is required",
            ),
            ("2026-03-02T10:15:00", "no zone: Z or an offset is required"),
            ("2026-03-02 10:15:00Z", "no T between date and time"),
            ("2026-13-02T10:15:00Z", "no YYYY-MM-DD date"),
            ("1772446500", "no YYYY-MM-DD date"),
            ("2026-03-02T24:15:00Z", "no HH:MM:SS time"),
            ("2026-03-02T10:15:00.Z", "empty fraction of a second"),
            ("2026-03-02T10:15:00+0530", "malformed zone offset"),
            (
                "2026-03-02T10:15:00Z trailing",
                "unexpected text after the time",
            ),
            ("", "no YYYY-MM-DD date"),
        ] {
            assert_eq!(rfc3339_problem(bad), Some(why), "{bad}");
        }
        let st = Json::parse(br#"{"state":"TASK_STATE_WORKING","timestamp":1772446500}"#).unwrap();
        assert_eq!(
            status_timestamp_problem(&st, "/status").map(|(p, _)| p),
            Some("/status/timestamp".to_string())
        );
        let st = Json::parse(br#"{"state":"TASK_STATE_WORKING"}"#).unwrap();
        assert_eq!(status_timestamp_problem(&st, "/status"), None);
    }

    /// DATA-005 (koog #1038): a 0.x JSON-RPC status timestamp is judged by JSON type only:
    /// a number or an object is reported, any string (naive ones too), null and absence are not.
    #[test]
    fn status_timestamp_type_problem_0x_judges_type_only() {
        for (st, want) in [
            (
                r#"{"state":"completed","timestamp":1772446500.0}"#,
                Some("a number (epoch time)"),
            ),
            (
                r#"{"state":"completed","timestamp":{"epochSeconds":1772446500,"nanosecondsOfSecond":0}}"#,
                Some("a JSON object"),
            ),
            (
                r#"{"state":"completed","timestamp":"2026-03-02T10:15:00"}"#,
                None,
            ),
            (
                r#"{"state":"completed","timestamp":"2026-03-02T10:15:00.000Z"}"#,
                None,
            ),
            (r#"{"state":"completed","timestamp":null}"#, None),
            (r#"{"state":"completed"}"#, None),
        ] {
            let got =
                status_timestamp_type_problem_0x(&Json::parse(st.as_bytes()).unwrap(), "/status");
            assert_eq!(
                got.as_ref().map(|(p, _)| p.as_str()),
                want.map(|_| "/status/timestamp"),
                "{st}"
            );
            if let (Some((_, msg)), Some(what)) = (got, want) {
                assert!(msg.contains(what), "{msg}");
            }
        }
    }

    /// DATA-002: a well-formed timestamp with an offset (even +00:00) is not UTC-with-Z; `Z`,
    /// an absent member and a malformed string (DATA-SHAPE's) are not reported here.
    #[test]
    fn status_timestamp_offset_finds_offsets_only() {
        for (t, want) in [
            ("2026-03-02T12:15:00+02:00", true),
            ("2026-03-02T10:15:00.000+00:00", true),
            ("2026-03-02T05:15:00-05:00", true),
            ("2026-03-02T10:15:00.000Z", false),
            ("2026-03-02T10:15:00z", false),
            ("2026-03-02T10:15:00", false),
        ] {
            let text = format!(r#"{{"timestamp":"{t}"}}"#);
            let j = Json::parse(text.as_bytes()).unwrap();
            assert_eq!(status_timestamp_offset(&j).is_some(), want, "{t}");
        }
        let none = Json::parse(br#"{"state":"TASK_STATE_WORKING"}"#).unwrap();
        assert_eq!(status_timestamp_offset(&none), None);
    }

    /// DATA-002: an offset, lower-case t/z and a time never set (before 1970, the epoch)
    /// are odd; the canonical form and a malformed string (DATA-SHAPE's) are not.
    #[test]
    fn status_timestamp_oddity_kinds() {
        use TimestampOddity::*;
        for (t, want) in [
            ("2026-03-02T12:15:00+02:00", Some(Offset)),
            ("2026-03-02T10:15:00.000+00:00", Some(Offset)),
            ("2026-12-01t10:00:00.000z", Some(LowerCase)),
            ("2026-12-01T10:00:00.000z", Some(LowerCase)),
            ("2026-12-01t10:00:00.000Z", Some(LowerCase)),
            ("0001-01-01T00:00:00Z", Some(Unset)),
            ("1970-01-01T00:00:00Z", Some(Unset)),
            ("1970-01-01T00:00:00.000Z", Some(Unset)),
            ("1969-12-31T23:59:59Z", Some(Unset)),
            ("1970-01-01T00:00:00.001Z", None),
            ("1970-01-01T00:00:01Z", None),
            ("2026-03-02T10:15:00.000Z", None),
            ("2026-03-02T10:15:00.123456789Z", None),
            ("2026-03-02T10:15:00", None),
        ] {
            let text = format!(r#"{{"timestamp":"{t}"}}"#);
            let j = Json::parse(text.as_bytes()).unwrap();
            assert_eq!(status_timestamp_oddity(&j).map(|o| o.1), want, "{t}");
        }
    }

    /// ID-006: a history or status message naming another task or context is found; a
    /// message without ids, or with the task's own, is not.
    #[test]
    fn task_message_ids_must_be_the_tasks_own() {
        let t = Json::parse(br#"{"id":"t1","contextId":"c1","status":{"state":"completed","message":{"taskId":"t1","contextId":"c1"}},"history":[{"role":"user"},{"taskId":"t1","contextId":""},{"taskId":"t1","contextId":"c9"}]}"#).unwrap();
        let (p, m) = task_message_id_mismatch(t.as_object().unwrap(), "/result").unwrap();
        assert_eq!(p, "/result/history/2/contextId");
        assert!(m.contains("\"c9\"") && m.contains("\"c1\""), "{m}");
        let t = Json::parse(br#"{"id":"t1","contextId":"c1","status":{"state":"working","message":{"taskId":"t0"}}}"#).unwrap();
        let (p, _) = task_message_id_mismatch(t.as_object().unwrap(), "").unwrap();
        assert_eq!(p, "/status/message/taskId");
        let t = Json::parse(
            br#"{"id":"t1","contextId":"c1","history":[{"taskId":"t1","contextId":"c1"}]}"#,
        )
        .unwrap();
        assert_eq!(task_message_id_mismatch(t.as_object().unwrap(), ""), None);
    }

    /// DATA-004: base64 in either alphabet, padded or not, passes; plain text does not.
    #[test]
    fn base64_accepts_both_alphabets_and_refuses_text() {
        for ok in [
            "",
            "Zm9v",
            "Zm9vYg==",
            "Zm9vYg",
            "-_-_",
            "+/+/",
            "aGVs\nbG8=",
        ] {
            assert_eq!(base64_problem(ok), None, "{ok}");
        }
        assert_eq!(
            base64_problem("print('hello world')"),
            Some("a character outside the base64 alphabet")
        );
        assert_eq!(base64_problem("Zm9vY==="), Some("wrong padding"));
        assert_eq!(base64_problem("Zm9vY=="), Some("wrong padding"));
        assert_eq!(base64_problem("Zm9vY"), Some("a length no base64 text has"));
    }

    #[test]
    fn message_ids_read_an_empty_string_as_absent() {
        let v = Json::parse(br#"{"taskId":"","contextId":"","messageId":"m"}"#).unwrap();
        let m = v.as_object().unwrap();
        assert_eq!(message_task_id(m), None);
        assert_eq!(message_context_id(m), None);
        let v = Json::parse(br#"{"task_id":"t1","context_id":"c1"}"#).unwrap();
        let m = v.as_object().unwrap();
        assert_eq!(message_task_id(m), Some("t1"));
        assert_eq!(message_context_id(m), Some("c1"));
        let v = Json::parse(br#"{"messageId":"m"}"#).unwrap();
        assert_eq!(message_task_id(v.as_object().unwrap()), None);
    }

    /// mine30b (kagent #2037): a 0.x JSON-RPC Task's kind, when present, is "task"; a
    /// Task without kind is not judged here (0.1 has none), nor is a 1.0 / 0.3 REST one.
    #[test]
    fn task_kind_other_than_task_is_a_0x_problem() {
        let t = json!({"kind": "", "id": "t", "contextId": "c", "status": {"state": "working"}});
        let p = task_members_problems(t.as_object().unwrap(), "/result", PartStyle::V0Rpc);
        assert_eq!(p[0].0, "/result/kind");
        assert!(p[0].1.contains("kind \"\", not \"task\""), "{p:?}");
        let t =
            json!({"kind": "task", "id": "t", "contextId": "c", "status": {"state": "working"}});
        assert!(
            task_members_problems(t.as_object().unwrap(), "/result", PartStyle::V0Rpc).is_empty()
        );
        let t = json!({"id": "t", "contextId": "c", "status": {"state": "working"}});
        assert!(
            task_members_problems(t.as_object().unwrap(), "/result", PartStyle::V0Rpc).is_empty()
        );
        let t = json!({"kind": "Task", "id": "t", "status": {"state": "TASK_STATE_WORKING"}});
        assert!(
            task_members_problems(t.as_object().unwrap(), "/r", PartStyle::V1)
                .iter()
                .all(|(p, _)| p != "/r/kind")
        );
    }

    /// The plain-shape gates (perfv36) never skip a check that finds: on 30,000 random
    /// messages, artifacts and parts built near each style's plain shape (every member the
    /// checks read, with good values most of the time and, one at a time, the near misses
    /// each check is there for), whenever `message_is_plain` / `artifact_is_plain` /
    /// `part_is_plain` says plain, the full checks find nothing; the gated functions answer
    /// exactly what the full ones answer; and each gate both passes and refuses thousands.
    #[test]
    fn plain_shape_gates_never_skip_a_check_that_finds() {
        use serde_json::{json, Value as V};
        struct Rng(u64);
        impl Rng {
            fn next(&mut self, n: usize) -> usize {
                self.0 ^= self.0 << 13;
                self.0 ^= self.0 >> 7;
                self.0 ^= self.0 << 17;
                (self.0 % n as u64) as usize
            }
            /// The first value (the good one) most of the time, else any.
            fn pick(&mut self, vals: &[V]) -> V {
                if self.next(4) != 0 {
                    vals[0].clone()
                } else {
                    vals[self.next(vals.len())].clone()
                }
            }
        }
        fn part(r: &mut Rng) -> V {
            if r.next(40) == 0 {
                return [json!("p"), json!(1), json!(null), json!([])][r.next(4)].clone();
            }
            let mut o = serde_json::Map::new();
            // the content member, with the kind that goes with it most of the time
            let (name, kind): (&str, &str) = [
                ("text", "text"),
                ("raw", "file"),
                ("url", "file"),
                ("data", "data"),
                ("file", "file"),
            ][r.next(5)];
            let val = |r: &mut Rng, n: &str| -> V {
                match n {
                    "text" => r.pick(&[json!("hi"), json!(1), json!(null), json!("")]),
                    "raw" => r.pick(&[
                        json!("aGk="),
                        json!("a b"),
                        json!("aGk"),
                        json!("a"),
                        json!("aG=k"),
                        json!(null),
                        json!(5),
                    ]),
                    "url" => r.pick(&[json!("http://x/f"), json!(null), json!(1)]),
                    "data" => r.pick(&[json!({"a": 1}), json!(null), json!("s"), json!([1])]),
                    "file" => r.pick(&[
                        json!({"uri": "http://x/f"}),
                        json!({"bytes": "aGk="}),
                        json!({"bytes": "@@"}),
                        json!({"bytes": 5}),
                        json!({"bytes": "aGk=", "uri": "u"}),
                        json!({"bytes": null, "uri": "u"}),
                        json!({"bytes": "aGk=", "uri": null}),
                        json!({}),
                        json!("f"),
                        json!(null),
                    ]),
                    "kind" => r.pick(&[
                        json!("text"),
                        json!("file"),
                        json!("data"),
                        json!("x"),
                        json!(null),
                        json!(1),
                    ]),
                    "metadata" => r.pick(&[json!({}), json!(null), json!(1), json!([])]),
                    "filename" => r.pick(&[json!("f.txt"), json!(1), json!(null)]),
                    "mediaType" => r.pick(&[json!("text/plain"), json!(1), json!(null)]),
                    _ => json!(1),
                }
            };
            let v = val(r, name);
            o.insert(name.into(), v);
            if r.next(4) != 0 {
                o.insert("kind".into(), json!(kind));
            }
            for _ in 0..r.next(3) {
                let n = [
                    "text",
                    "raw",
                    "url",
                    "data",
                    "file",
                    "kind",
                    "metadata",
                    "filename",
                    "mediaType",
                    "other",
                ][r.next(10)];
                let v = val(r, n);
                o.insert(n.into(), v);
            }
            V::Object(o)
        }
        fn parts(r: &mut Rng) -> V {
            match r.next(12) {
                0 => json!([]),
                1 => [json!(null), json!("x"), json!({})][r.next(3)].clone(),
                _ => V::Array((0..r.next(3) + 1).map(|_| part(r)).collect()),
            }
        }
        fn message(r: &mut Rng) -> V {
            let mut o = serde_json::Map::new();
            // one style's plain members, then changes
            let style = r.next(3);
            let id = r.pick(&[json!("m1"), json!(""), json!("  "), json!(5), json!(null)]);
            if r.next(20) != 0 {
                o.insert("messageId".into(), id);
            } else if r.next(2) == 0 {
                o.insert("message_id".into(), json!("m2"));
            }
            let roles = [
                json!("ROLE_USER"),
                json!("ROLE_AGENT"),
                json!("user"),
                json!("agent"),
                json!("ROLE_UNSPECIFIED"),
                json!("User"),
                json!(3),
                json!(null),
            ];
            let role = if r.next(4) != 0 {
                roles[if style == 1 { 2 + r.next(2) } else { r.next(2) }].clone()
            } else {
                roles[r.next(roles.len())].clone()
            };
            if r.next(30) != 0 {
                o.insert("role".into(), role);
            }
            let list = parts(r);
            let at = if style == 2 { "content" } else { "parts" };
            if r.next(15) != 0 {
                o.insert(at.into(), list);
            }
            if r.next(10) == 0 {
                let other = if style == 2 { "parts" } else { "content" };
                let list = parts(r);
                o.insert(other.into(), list);
            }
            if style == 1 || r.next(8) == 0 {
                let k = r.pick(&[json!("message"), json!("task"), json!(""), json!(null)]);
                o.insert("kind".into(), k);
            }
            let opt: [(&str, Vec<V>); 6] = [
                (
                    "metadata",
                    vec![json!({}), json!(null), json!("x"), json!([])],
                ),
                (
                    "extensions",
                    vec![
                        json!(["u"]),
                        json!([]),
                        json!(["u", 1]),
                        json!("u"),
                        json!(null),
                    ],
                ),
                (
                    "contextId",
                    vec![json!("c"), json!(1), json!(null), json!("")],
                ),
                ("taskId", vec![json!("t"), json!(1), json!(null)]),
                (
                    "referenceTaskIds",
                    vec![json!(["t"]), json!("t"), json!([1]), json!(null)],
                ),
                ("other", vec![json!(1)]),
            ];
            for (n, vals) in &opt {
                if r.next(3) == 0 {
                    let v = r.pick(vals);
                    o.insert((*n).into(), v);
                }
            }
            V::Object(o)
        }
        fn artifact(r: &mut Rng) -> V {
            if r.next(40) == 0 {
                return json!("a");
            }
            let mut o = serde_json::Map::new();
            if r.next(15) != 0 {
                let id = r.pick(&[json!("a1"), json!(""), json!(" "), json!(7), json!(null)]);
                o.insert("artifactId".into(), id);
            } else if r.next(2) == 0 {
                o.insert("artifact_id".into(), json!("a2"));
            }
            if r.next(15) != 0 {
                let list = parts(r);
                o.insert("parts".into(), list);
            }
            let opt: [(&str, Vec<V>); 4] = [
                ("metadata", vec![json!({}), json!(null), json!(2)]),
                ("extensions", vec![json!(["u"]), json!([2]), json!("u")]),
                ("name", vec![json!("n"), json!(1), json!(null)]),
                ("description", vec![json!("d"), json!(false)]),
            ];
            for (n, vals) in &opt {
                if r.next(3) == 0 {
                    let v = r.pick(vals);
                    o.insert((*n).into(), v);
                }
            }
            V::Object(o)
        }
        const STYLES: [PartStyle; 3] = [PartStyle::V1, PartStyle::V0Rpc, PartStyle::V0Rest];
        let mut r = Rng(0x2545_F491_4F6C_DD1D);
        // [style][plain, not plain with problems, not plain without] per gate
        let mut msgs = [[0usize; 3]; 3];
        let mut arts = [[0usize; 3]; 3];
        let mut prts = [[0usize; 3]; 3];
        let tally = |n: &mut [usize; 3], plain: bool, found: bool| {
            assert!(!(plain && found));
            n[if plain {
                0
            } else if found {
                1
            } else {
                2
            }] += 1;
        };
        for _ in 0..30_000 {
            let m = message(&mut r);
            let a = artifact(&mut r);
            let jm = Json::from_value(&m);
            let ja = Json::from_value(&a);
            let om = jm.as_object().expect("an object");
            for (s, &st) in STYLES.iter().enumerate() {
                let full = message_shape_problems_read(om, "/m", st);
                let plain = message_is_plain(om, st);
                assert!(!plain || full.is_empty(), "{st:?} {m} plain, yet {full:?}");
                assert_eq!(message_shape_problems(om, "/m", st), full, "{st:?} {m}");
                tally(&mut msgs[s], plain, !full.is_empty());
                let full = artifact_shape_problems_read(&ja, "/a", st);
                let plain = artifact_is_plain(&ja, st);
                assert!(!plain || full.is_empty(), "{st:?} {a} plain, yet {full:?}");
                assert_eq!(artifact_shape_problems(&ja, "/a", st), full, "{st:?} {a}");
                tally(&mut arts[s], plain, !full.is_empty());
                // each part alone, against the ungated list check
                for list in [om.get("parts"), om.get("content"), ja.get("parts")] {
                    for p in list.and_then(Json::as_array).into_iter().flatten() {
                        let one = Json::Array(vec![p.clone()]);
                        let full = parts_problems_read(&one, ("/p", ""), st, false);
                        let plain = part_is_plain(p, st, false);
                        assert!(!plain || full.is_empty(), "{st:?} {p} plain, yet {full:?}");
                        assert_eq!(parts_problems(&one, "/p", st), full, "{st:?} {p}");
                        tally(&mut prts[s], plain, !full.is_empty());
                    }
                }
            }
        }
        for (what, n) in [("message", msgs), ("artifact", arts), ("part", prts)] {
            for (st, n) in STYLES.iter().zip(n) {
                assert!(n[0] > 500 && n[1] > 1_000, "{what} {st:?}: {n:?}");
            }
        }
    }
}

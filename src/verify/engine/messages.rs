//! Messages and parts: ids, roles, empty content, data URLs, what an agent says is missing.

use super::*;

/// The `contextId` of a Message answer to send request message `req` (JSON-RPC `result`,
/// HTTP+JSON body; 0.x `kind:"message"`, 1.0 `{"message":{...}}`), when the answer names
/// no other task than the request (ID-003, ID-006); `None` for any other answer.
pub(super) fn message_answer_context(x: &Exch, req: &Obj, answer: Option<&Json>) -> Option<String> {
    let body;
    let parsed;
    let r = match answer {
        Some(a) => a,
        None => {
            body = x.resp_decoded()?;
            parsed = Json::parse(&body).ok()?;
            parsed.get("result").unwrap_or(&parsed)
        }
    };
    let m = match r.get("message") {
        Some(m) if m.is_object() => m,
        _ if r.get("kind").and_then(Json::as_str) == Some("message") => r,
        _ => return None,
    };
    let m = m.as_object()?;
    let want = str_member(req, "taskId", "task_id");
    let got = str_member(m, "taskId", "task_id");
    if got.is_some_and(|g| Some(g) != want) {
        return None;
    }
    str_member(m, "contextId", "context_id")
        .filter(|c| !c.is_empty())
        .map(str::to_string)
}

/// The artifact ids of task `key`'s terminal snapshot ([`TaskRec::terminal_artifacts`]) as
/// a finding names them: `[a1, a2]`, `[]` for none.
pub(super) fn t_listed(tasks: &HashMap<String, Box<TaskRec>>, key: &str) -> String {
    let ids = tasks
        .get(key)
        .and_then(|t| t.terminal_artifacts.as_ref())
        .map(|v| v.join(", "))
        .unwrap_or_default();
    format!("[{ids}]")
}

/// A redirect `Location` that leads to a login or single-sign-on page (oauth2-proxy's
/// `/oauth2/start`, `/login`, an OpenID Connect `authorize` endpoint, SAML), by the words
/// of its path and query.
pub(super) fn login_location(loc: &str) -> bool {
    let l = loc.to_ascii_lowercase();
    [
        "login",
        "signin",
        "sign-in",
        "sign_in",
        "logon",
        "/sso",
        "sso.",
        "oauth",
        "openid",
        "saml",
        "authorize",
        "/auth/",
        "/auth?",
        "redirect_uri=",
        "return_to=",
        "returnurl=",
    ]
    .iter()
    .any(|w| l.contains(w))
}

/// An upstream-leg GET of `{prefix}/.well-known/agent-card.json` (or 0.2 `agent.json`)
/// with a non-empty path prefix: the URL asked and the well-known URL at its origin
/// (CARD-002: the card lives at the origin's well-known path, RFC 8615). `None` for a GET
/// of the origin's own well-known path or any other request. Called on 404s only.
pub(super) fn card_fetch_below_prefix(x: &Exch) -> Option<(String, String)> {
    if !x.method.eq_ignore_ascii_case("GET") {
        return None;
    }
    let p = x.parts.as_ref()?;
    let path = p.path.split(['?', '#']).next().unwrap_or("");
    let well_known = ["/.well-known/agent-card.json", "/.well-known/agent.json"]
        .into_iter()
        .find(|w| path.ends_with(w))?;
    let prefix = &path[..path.len() - well_known.len()];
    if prefix.trim_matches('/').is_empty() {
        return None;
    }
    let origin = match (p.scheme.as_str(), p.port) {
        ("http", 80) | ("https", 443) => format!("{}://{}", p.scheme, p.host),
        _ => p.origin(),
    };
    Some((format!("{origin}{path}"), format!("{origin}{well_known}")))
}

/// The path is a well-known Agent Card path (CARD-001; 0.2: `agent.json`).
pub(super) fn is_card_path(path: &str) -> bool {
    path.ends_with("/.well-known/agent-card.json") || path.ends_with("/.well-known/agent.json")
}

/// CARD-PATH-005 (CARD-002; mine53): how GET path `path` (query and fragment ignored)
/// misses the card's well-known URI although it names it: the well-known card name
/// followed by more path (`/.well-known/agent-card.json/`, a trailing slash, or
/// `/spec03/.well-known/agent-card.json/custom/card.json`, a card path joined onto a base
/// URL that already named the card: a2a-python #799, a2a-java PR #837), or an empty path
/// segment right before `/.well-known/` (`/a2a//.well-known/agent-card.json`, a base URL's
/// trailing slash joined with a card path that starts with one). `None` for any other
/// path, the well-known paths themselves included.
pub(super) fn malformed_card_path(path: &str) -> Option<&'static str> {
    let path = path.split(['?', '#']).next().unwrap_or("");
    for wk in ["/.well-known/agent-card.json/", "/.well-known/agent.json/"] {
        if path.contains(wk) {
            return Some("the card's well-known name is followed by more path");
        }
    }
    let names_card =
        path.ends_with("/.well-known/agent-card.json") || path.ends_with("/.well-known/agent.json");
    if names_card && path.contains("//.well-known/") {
        return Some("an empty path segment comes before /.well-known/");
    }
    None
}

/// STREAM-006: the first update event (status or artifact) that stream `a` delivered while
/// stream `b` was open and still receiving (after `b`'s first event, before its last one)
/// and that `b` never delivered nor held in its opening Task snapshot: the finding's message
/// and evidence (`a`'s event, `b`'s first and last events). `b` must have been read whole.
pub(super) fn missed_event(
    a: &TaskStreamRec,
    b: &TaskStreamRec,
    tid: &str,
) -> Option<(String, Vec<Evidence>)> {
    if !b.whole || b.seqs.len() < 2 {
        return None;
    }
    let (b_first, b_last) = (b.seqs[0], *b.seqs.last()?);
    let (a_sigs, a_seqs) = (&a.sigs, &a.seqs);
    a_sigs.iter().zip(a_seqs).find_map(|(sig, seq)| {
        if *seq <= b_first || *seq >= b_last {
            return None;
        }
        let (kind, detail) = sig.split_once(':')?;
        if kind != "StatusUpdate" && kind != "ArtifactUpdate" {
            return None;
        }
        if b.sigs[1..].iter().any(|g| g == sig) {
            return None;
        }
        if let Some((state, arts)) = &b.snapshot {
            // The opening Task holds the update when it shows its state (and, for an
            // update with a status message, that message).
            let held = match kind {
                "StatusUpdate" => {
                    state == detail
                        || (!detail.contains(SIG_MESSAGE)
                            && state.split(SIG_MESSAGE).next() == Some(detail))
                }
                _ => arts.iter().any(|i| i == detail),
            };
            if held {
                return None;
            }
        }
        let what = match (kind, detail.split_once(SIG_MESSAGE)) {
            ("StatusUpdate", Some((st, mid))) => {
                format!("the status update to {st} with status message {mid}")
            }
            ("StatusUpdate", None) => format!("the status update to {detail}"),
            _ => format!("the artifact update of {detail}"),
        };
        let msg = format!(
            "agent's {} stream of task {tid} never delivered {what}, which its concurrent {} stream of the same task delivered while both were open: concurrent streams of a task get the same events",
            b.method, a.method
        );
        let ev = vec![
            Evidence::event(*seq, a.xid.clone()),
            Evidence::event(b_first, b.xid.clone()),
            Evidence::event(b_last, b.xid.clone()),
        ];
        Some((msg, ev))
    })
}

/// The first member of a 1.0 request's params (at `base`: `/params` for JSON-RPC, empty
/// for HTTP+JSON) spelled with its proto field name instead of the JSON camelCase name
/// (DATA-001): `(JSON Pointer, proto name, JSON name)`. Looks at the params, the message,
/// its parts and the send configuration (with its push config); never inside `metadata`
/// or a data part's value (free-form).
pub(super) fn proto_field_name_member(
    params: &Json,
    base: &str,
) -> Option<(String, String, String)> {
    const NAMES: &[(&str, &str)] = &[
        ("message_id", "messageId"),
        ("context_id", "contextId"),
        ("task_id", "taskId"),
        ("reference_task_ids", "referenceTaskIds"),
        ("media_type", "mediaType"),
        ("return_immediately", "returnImmediately"),
        ("history_length", "historyLength"),
        ("accepted_output_modes", "acceptedOutputModes"),
        (
            "task_push_notification_config",
            "taskPushNotificationConfig",
        ),
        ("push_notification_config", "pushNotificationConfig"),
        ("page_size", "pageSize"),
        ("page_token", "pageToken"),
        ("status_timestamp_after", "statusTimestampAfter"),
        ("include_artifacts", "includeArtifacts"),
    ];
    // `at`, the object's pointer, is formatted only for a hit (perf32: three `format!`s
    // per 1.0 request before)
    let hit = |o: &Obj, at: &dyn std::fmt::Display| {
        // every name above has an underscore: an object without one in any key (nearly
        // every request) is passed in one walk of its keys, not 14 (perf52: 1.6k
        // instructions per 0.x request on the proxy's verifier thread)
        if !o.keys().any(|k| k.as_bytes().contains(&b'_')) {
            return None;
        }
        NAMES.iter().find_map(|(snake, camel)| {
            o.contains_key(snake).then(|| {
                (
                    format!("{at}/{snake}"),
                    snake.to_string(),
                    camel.to_string(),
                )
            })
        })
    };
    let top = params.as_object()?;
    if let Some(h) = hit(top, &base) {
        return Some(h);
    }
    for key in ["message", "request"] {
        if let Some(m) = top.get(key).and_then(Json::as_object) {
            if let Some(h) = hit(m, &format_args!("{base}/{key}")) {
                return Some(h);
            }
            let parts = m
                .get("parts")
                .and_then(Json::as_array)
                .into_iter()
                .flatten();
            for (i, p) in parts.enumerate() {
                if let Some(h) = p
                    .as_object()
                    .and_then(|p| hit(p, &format_args!("{base}/{key}/parts/{i}")))
                {
                    return Some(h);
                }
            }
        }
    }
    let cfg = top.get("configuration").and_then(Json::as_object)?;
    hit(cfg, &format_args!("{base}/configuration")).or_else(|| {
        let (k, push) = ["taskPushNotificationConfig", "pushNotificationConfig"]
            .iter()
            .find_map(|k| cfg.get(k).and_then(Json::as_object).map(|o| (k, o)))?;
        hit(push, &format_args!("{base}/configuration/{k}"))
    })
}

/// The HTTP+JSON custom verb (`subscribe`, `cancel`) of a task route `x` called, when the
/// agent's not-found answer names the task as `{tid}:{verb}`: it read the verb into the id
/// and the call fell through to its `GET /tasks/{id}` route, so the route for that method
/// and verb is missing (REST-001, REST-003; DIGEST trap 1: `:subscribe` is GET in the
/// protos, POST in the prose). `None` otherwise.
pub(super) fn verb_read_into_id(x: &Exch, tid: &str) -> Option<&'static str> {
    let verb = ["subscribe", "cancel"]
        .into_iter()
        .find(|v| x.path.ends_with(&format!(":{v}")))?;
    let needle = format!("{tid}:{verb}");
    let body = x.body.as_slice();
    (!needle.is_empty() && body.windows(needle.len()).any(|w| w == needle.as_bytes()))
        .then_some(verb)
}

/// The key of task `id` (also used for messageIds and page tokens) on `leg` at the agent
/// `scope` ([`State::agent_scope`]): `id`, `leg \0 id`, or `leg \0 scope \0 id`. The id is
/// always the last `\0`-separated part. ID-001: task ids are unique per agent only.
/// Tasks are tracked per leg: the same task seen on the client and upstream legs of a
/// gateway is one task observed twice, not two observations in sequence.
/// [`task_key`] written into `out` (emptied first): a lookup that usually finds its key (a
/// retried or echoed messageId) then needs no allocation of its own; the key is copied
/// only when it is inserted (docs/performance.md, "Session 39").
pub(super) fn task_key_into(leg: &Option<String>, scope: &str, id: &str, out: &mut String) {
    out.clear();
    if let Some(l) = leg {
        out.push_str(l);
        out.push('\u{0}');
    } else if !scope.is_empty() {
        out.push('\u{0}');
    }
    if !scope.is_empty() {
        out.push_str(scope);
        out.push('\u{0}');
    }
    out.push_str(id);
}

pub(super) fn task_key(leg: &Option<String>, scope: &str, id: &str) -> String {
    match (leg, scope.is_empty()) {
        (None, true) => id.to_string(),
        // `concat` (one exact allocation and copies), not `format!`: a key is built for
        // nearly every task lookup (perfv38)
        (Some(l), true) => [l.as_str(), "\u{0}", id].concat(),
        (l, false) => [l.as_deref().unwrap_or(""), "\u{0}", scope, "\u{0}", id].concat(),
    }
}

/// A required parameter the request lacks (ERR-006: validate input first → −32602).
/// A JSON-RPC push notification config call whose params carry every member the version's
/// schema requires, as non-empty strings (PUSH-002; 1.0 proto `*TaskPushNotificationConfig
/// Request`: get / delete `{taskId, id}`, list `{taskId}`, create the flat config with `url`;
/// 0.x schema: get / list `{id}` (`pushNotificationConfigId` optional), delete `{id,
/// pushNotificationConfigId}`, set `{taskId, pushNotificationConfig{url}}`). An agent has
/// nothing to refuse as invalid in such a call.
pub(super) fn push_params_valid(c: &Call) -> bool {
    if c.binding != Some(Binding::JsonRpc) {
        return false;
    }
    let has = |ptr: &str| {
        member_path(c.params.json(), ptr)
            .and_then(Json::as_str)
            .is_some_and(|s| !s.trim().is_empty())
    };
    let v1 = c.dialect == Some(Dialect::V1_0);
    match c.op {
        Some(Op::GetPushConfig) | Some(Op::DeletePushConfig) if v1 => has("/taskId") && has("/id"),
        Some(Op::ListPushConfigs) if v1 => has("/taskId"),
        Some(Op::CreatePushConfig) if v1 => has("/taskId") && has("/url"),
        _ if !c.dialect.is_some_and(Dialect::is_0x) => false,
        Some(Op::GetPushConfig) | Some(Op::ListPushConfigs) => has("/id"),
        Some(Op::DeletePushConfig) => has("/id") && has("/pushNotificationConfigId"),
        Some(Op::CreatePushConfig) => has("/taskId") && has("/pushNotificationConfig/url"),
        _ => false,
    }
}

/// RPC-ERROR-001 (ERR-006, PUSH-002; mine60 f1342 / f1343, traylinx/a2a-ruby's request
/// handlers): the member a push notification config call's refusal asks for (`said`: the
/// error's message and data text) that the call's version does not give this call, beside the
/// member the version names for it, which the request carries: `(asked, named)`. The agent
/// reads its params under other names (0.x set: `config` for `pushNotificationConfig`; 0.x
/// get / list / delete: `taskId` for the task's `id`, `configId` for
/// `pushNotificationConfigId`; 1.0 Get / Delete: 0.3's `pushNotificationConfigId` or
/// `configId` for the config's `id`), so every call of a client that follows the spec is
/// refused. The words must say required or missing ("Config is required", "Task ID is
/// required", "Missing required parameters: config"); the asked name is matched with its
/// letters folded (lower case, no space, `_`, `-`), outside the named member's own name
/// (`pushNotificationConfig` holds `config`). `None` when the request lacks the named member
/// (the refusal is right) or carries the asked one.
pub(super) fn push_param_misread(
    c: &Call,
    said: &[Option<&str>],
) -> Option<(&'static str, &'static str)> {
    let op = c.op.filter(|o| o.is_push_config())?;
    let p = c.params.as_object()?;
    let v1 = c.dialect == Some(Dialect::V1_0);
    // (asked, folded; asked as a member name; the version's name for it)
    let table: &[(&str, &'static str, &'static str)] = match (op, v1) {
        (Op::CreatePushConfig, false) => &[("config", "config", "pushNotificationConfig")],
        (Op::GetPushConfig | Op::DeletePushConfig, false) => &[
            ("taskid", "taskId", "id"),
            ("configid", "configId", "pushNotificationConfigId"),
        ],
        (Op::ListPushConfigs, false) => &[("taskid", "taskId", "id")],
        (Op::GetPushConfig | Op::DeletePushConfig, true) => &[
            ("pushnotificationconfigid", "pushNotificationConfigId", "id"),
            ("configid", "configId", "id"),
        ],
        _ => &[],
    };
    let fold = |s: &str| -> String {
        s.chars()
            .filter(|ch| !matches!(ch, ' ' | '_' | '-'))
            .map(|ch| ch.to_ascii_lowercase())
            .collect()
    };
    let carried = |k: &str| match p.get(k) {
        Some(Json::String(s)) => !s.trim().is_empty(),
        Some(Json::Object(_)) => true,
        _ => false,
    };
    said.iter().flatten().find_map(|t| {
        let t: &str = t;
        let lower = t.to_ascii_lowercase();
        if !(lower.contains("required") || lower.contains("missing")) {
            return None;
        }
        let folded = fold(t);
        table.iter().find_map(|(key, asked, named)| {
            if p.contains_key(asked) || !carried(named) {
                return None;
            }
            let own = fold(named);
            let words = if own.contains(key) {
                folded.replace(&own, " ")
            } else {
                folded.clone()
            };
            words.contains(key).then_some((*asked, *named))
        })
    })
}

/// DATA-PARAM-003 / DATA-PARAM-004 (DATA-003, PUSH-003; breaker19b Z2): the REQUIRED id
/// member a JSON-RPC (or 1.0 gRPC) push notification config call lacks (absent, not a string, or
/// empty), as its params member name. 1.0 proto: Get / Delete
/// `{taskId [REQUIRED], id [REQUIRED]}`, List `{taskId [REQUIRED]}`; 0.x schema: get /
/// list `{id}` (`pushNotificationConfigId` optional in get), delete `{id,
/// pushNotificationConfigId}`. Create is not judged (1.0 `TaskPushNotificationConfig.task_id`
/// is not REQUIRED). `None` for other calls and bindings (an HTTP+JSON route names both).
pub(super) fn push_param_missing(c: &Call) -> Option<&'static str> {
    // gRPC 1.0 requests are read as their ProtoJSON form (the same member names; an unset
    // proto3 string is absent). The 0.3 gRPC requests name both ids in one resource name.
    let grpc_v1 = c.binding == Some(Binding::Grpc) && c.dialect == Some(Dialect::V1_0);
    if (c.binding != Some(Binding::JsonRpc) && !grpc_v1) || c.webhook {
        return None;
    }
    let has = |k: &str| {
        c.params
            .get(k)
            .and_then(Json::as_str)
            .is_some_and(|s| !s.trim().is_empty())
    };
    let need: &[&'static str] = match (c.op?, c.dialect?) {
        (Op::GetPushConfig | Op::DeletePushConfig, Dialect::V1_0) => &["taskId", "id"],
        (Op::ListPushConfigs, Dialect::V1_0) => &["taskId"],
        (Op::GetPushConfig | Op::ListPushConfigs, d) if d.is_0x() => &["id"],
        (Op::DeletePushConfig, d) if d.is_0x() => &["id", "pushNotificationConfigId"],
        _ => return None,
    };
    need.iter().copied().find(|k| !has(k))
}

/// Whether an error message says the request had a field the parser does not know (Go
/// protojson `unknown field "x"`, Java JsonFormat `Cannot find field: x`, Python protobuf
/// `has no field named "x"`, serde `unknown field `x``, pydantic `extra_forbidden` /
/// `Extra inputs are not permitted`): DATA-PARAM-002.
pub(super) fn says_unknown_field(m: &str) -> bool {
    let l = m.to_ascii_lowercase();
    [
        "unknown field",
        "cannot find field",
        "has no field named",
        "unrecognized field",
        "extra_forbidden",
        "extra inputs are not permitted",
    ]
    .iter()
    .any(|k| l.contains(k))
}

/// Whether an agent's error text `m` says member `camel` (or its proto name `snake`) is
/// required or missing: "message.taskId is required", "missing required field task_id",
/// "'contextId' is missing". The name must stand alone (not inside `referenceTaskIds`).
/// For RPC-ERROR-003.
pub(super) fn says_member_required(m: &str, camel: &str, snake: &str) -> bool {
    let l = m.to_ascii_lowercase();
    let lc = camel.to_ascii_lowercase();
    let word = |ch: char| ch.is_ascii_alphanumeric() || ch == '_';
    [lc.as_str(), snake].iter().any(|n| {
        l.match_indices(n).any(|(i, _)| {
            let (pre, post) = (&l[..i], &l[i + n.len()..]);
            if pre.chars().next_back().is_some_and(word) || post.chars().next().is_some_and(word) {
                return false;
            }
            let post = post.trim_start_matches(['\'', '"', '`']);
            let pre = pre
                .trim_end_matches(|ch: char| {
                    word(ch) || ch == '.' || matches!(ch, '\'' | '"' | '`')
                })
                .trim_end_matches([':', ' ']);
            [
                " is required",
                " required",
                " is missing",
                " must be provided",
                " must be set",
                ": required",
            ]
            .iter()
            .any(|s| post.starts_with(s))
                || [
                    "missing",
                    "required",
                    "missing field",
                    "required field",
                    "missing parameter",
                    "required parameter",
                ]
                .iter()
                .any(|s| pre.ends_with(s))
        })
    })
}

/// Whether an agent's error text says an event the agent itself produced does not match
/// the request's task or context: a2a-python's TaskManager "Task in event doesn't match
/// TaskManager <id> : <id>" / "Context in event doesn't match TaskManager ..." (RPC-ERROR-003,
/// breaker17b V6). A client's mismatch ("Context c1 does not match context c2 of task t1")
/// names no event and does not count.
pub(super) fn says_own_event_mismatch(m: &str) -> bool {
    let l = m.to_ascii_lowercase();
    l.contains(" in event ")
        && (l.contains("doesn't match") || l.contains("does not match") || l.contains("mismatch"))
}

/// Whether an agent's error text talks of a data URL ("Invalid data URI format").
pub(super) fn says_data_url(m: &str) -> bool {
    let l = m.to_ascii_lowercase();
    l.contains("data uri") || l.contains("data url") || l.contains("data:")
}

/// The first part of send message `m` that is no text part, as `(index, name, words)`:
/// its index in `parts`, the name a finding uses ("file" for a 0.x file part or a 1.0
/// `raw` / `url` part, "data" for a data part) and the words an agent's error text uses
/// for such a part. For RPC-ERROR-003 (DATA-004).
pub(super) fn first_non_text_part(
    m: &Obj,
) -> Option<(usize, &'static str, &'static [&'static str])> {
    const FILE: &[&str] = &["file", "raw", "url", "image", "attachment", "binary"];
    const DATA: &[&str] = &["data"];
    let parts = m.get("parts").and_then(Json::as_array)?;
    parts.iter().enumerate().find_map(|(i, p)| {
        let o = p.as_object()?;
        let kind = match o.get("kind").and_then(Json::as_str) {
            Some("file") => "file",
            Some("data") => "data",
            Some(_) => return None,
            None if o.contains_key("raw") || o.contains_key("url") => "file",
            None if o.contains_key("data") && !o.contains_key("text") => "data",
            None => return None,
        };
        Some((i, kind, if kind == "data" { DATA } else { FILE }))
    })
}

/// RPC-ERROR-003 (ID-007; archestra PR #7599): send message `m`'s messageId when it is a
/// non-empty string that is not a UUID (8-4-4-4-12 hex digits, optionally in braces or
/// with a `urn:uuid:` prefix): a valid id all the same, since A2A makes it any string.
pub(super) fn non_uuid_message_id<'a>(m: &'a Obj) -> Option<&'a str> {
    let id = str_member(m, "messageId", "message_id")?;
    let core = id
        .trim_start_matches("urn:uuid:")
        .trim_matches(|c| c == '{' || c == '}');
    let b = core.as_bytes();
    let uuid = b.len() == 36
        && b.iter().enumerate().all(|(i, c)| {
            if [8, 13, 18, 23].contains(&i) {
                *c == b'-'
            } else {
                c.is_ascii_hexdigit()
            }
        });
    (!id.is_empty() && !uuid).then_some(id)
}

/// Whether error text `t` refuses messageId `id` of send message `m` for not being a UUID:
/// some clause of it (the text split at `;`, `. `, line breaks and JSON object braces, so
/// one validation error of a list is one clause) says "uuid" and names the messageId (the
/// member: messageId, message_id, message.id, "message id"; or the id itself as a whole
/// token, as a database's "invalid input syntax for type uuid: \"msg-1\"" quotes it) and
/// no other id of the message (taskId, contextId, referenceTaskIds, artifactId, by name or
/// value). A clause naming both is split at its commas and judged by the same test piece
/// by piece (`{"messageId": "must be a UUID", "taskId": "ok"}`); "message id m-1 accepted,
/// but taskId t-1 is not a valid uuid" and "contextId c-9 of message id m-1 must be a
/// UUID" refuse another id (review26 R10). For RPC-ERROR-003.
pub(super) fn says_message_id_not_uuid(t: &str, id: &str, m: &Obj) -> bool {
    const MESSAGE_ID: [&str; 4] = ["messageid", "message_id", "message.id", "message id"];
    const OTHER_ID: [&str; 15] = [
        "taskid",
        "task_id",
        "task.id",
        "task id",
        "contextid",
        "context_id",
        "context.id",
        "context id",
        "referencetaskids",
        "reference_task_ids",
        "reference task id",
        "artifactid",
        "artifact_id",
        "artifact.id",
        "artifact id",
    ];
    let l = t.to_ascii_lowercase().replace('\\', "");
    let id = id.to_ascii_lowercase();
    let mut other_values: Vec<String> = [("taskId", "task_id"), ("contextId", "context_id")]
        .iter()
        .filter_map(|(a, b)| str_member(m, a, b))
        .map(str::to_ascii_lowercase)
        .collect();
    if let Some(refs) = m
        .get("referenceTaskIds")
        .or_else(|| m.get("reference_task_ids"))
        .and_then(Json::as_array)
    {
        other_values.extend(
            refs.iter()
                .filter_map(Json::as_str)
                .map(str::to_ascii_lowercase),
        );
    }
    // The id as a whole token: not part of a longer id ("msg-1" in "msg-1-ctx").
    let tokens = |seg: &str, v: &str| -> Vec<(usize, usize)> {
        if v.len() < 3 {
            return Vec::new();
        }
        let inner = |c: char| c.is_ascii_alphanumeric() || c == '-' || c == '_';
        seg.match_indices(v)
            .filter(|(i, _)| {
                !seg[..*i].chars().next_back().is_some_and(inner)
                    && !seg[i + v.len()..].chars().next().is_some_and(inner)
            })
            .map(|(i, _)| (i, i + v.len()))
            .collect()
    };
    let id_is_other = other_values.contains(&id);
    let names = |piece: &str, words: &[&str]| words.iter().any(|w| piece.contains(w));
    // (names the messageId, names another id)
    let named = |piece: &str| {
        (
            names(piece, &MESSAGE_ID) || !id_is_other && !tokens(piece, &id).is_empty(),
            names(piece, &OTHER_ID) || other_values.iter().any(|v| !tokens(piece, v).is_empty()),
        )
    };
    let refuses = |piece: &str| piece.contains("uuid") && named(piece) == (true, false);
    l.split(['\n', ';', '{', '}'])
        .flat_map(|c| c.split(". "))
        .any(|clause| {
            refuses(clause)
                || clause.contains("uuid")
                    && named(clause) == (true, true)
                    && clause.split(',').any(refuses)
        })
}

/// RPC-ERROR-003 (DATA-004; ag2 PR #2163): the index of the first text part of send
/// message `m` whose text is the empty string: a well-formed part (0.x TextPart.text is a
/// string with no minimum length; in 1.0 `"text": ""` sets the oneof member). Parts whose
/// `kind` names another kind are skipped.
pub(super) fn first_empty_text_part(m: &Obj) -> Option<usize> {
    m.get("parts")?
        .as_array()?
        .iter()
        .position(is_empty_text_part)
}

/// Whether part `p` is a text part whose text is the empty string (0.x `kind` absent or
/// `"text"`; 1.0 `{"text": ""}`): a well-formed part with no content, such as the one that
/// closes a streamed artifact without new text (strands-agents PR #1643).
pub(super) fn is_empty_text_part(p: &Json) -> bool {
    p.get("kind")
        .and_then(Json::as_str)
        .is_none_or(|k| k == "text")
        && p.get("text").and_then(Json::as_str) == Some("")
}

/// Whether error text `t` blames empty content: "empty" or "blank" beside "part",
/// "content", "text" or "message" ("TextPart content cannot be empty", "Message parts
/// cannot have empty content"). For RPC-ERROR-003 (DATA-004).
pub(super) fn says_empty_content(t: &str) -> bool {
    let l = t.to_ascii_lowercase();
    (l.contains("empty") || l.contains("blank"))
        && ["part", "content", "text", "message"]
            .iter()
            .any(|w| l.contains(w))
}

/// RPC-ERROR-003 (DATA-004, ERR-002): the first part of send message `m` that is no text
/// part ([`first_non_text_part`]: index, name, words) when an agent's error `texts` (its
/// message, its error data as JSON text) refuse the message for it: they refuse that part's
/// kind ([`says_part_kind_refused`]), or they demand a text part
/// ([`says_text_part_required`]) and `m` has none with a non-blank text (mine34, openclaw
/// #135716: a text-only agent's "Message must contain at least one usable text part" for a
/// file-only message). The last member is true for the second reading. Read only for a
/// send refused with InvalidParams.
pub(super) fn part_kind_refusal(
    m: &Obj,
    texts: [Option<&str>; 2],
) -> Option<(usize, &'static str, &'static [&'static str], bool)> {
    let (i, kind, words) = first_non_text_part(m)?;
    let mut demands_text = false;
    for t in texts.into_iter().flatten() {
        if says_part_kind_refused(t, words) {
            return Some((i, kind, words, false));
        }
        demands_text = demands_text || says_text_part_required(t);
    }
    (demands_text && !has_non_blank_text_part(m)).then_some((i, kind, words, true))
}

/// Whether send message `m` has a text part (0.x `kind` absent or `"text"`, 1.0 `text`)
/// whose text holds more than white space. For [`part_kind_refusal`].
pub(super) fn has_non_blank_text_part(m: &Obj) -> bool {
    message_parts(m)
        .and_then(|(_, p)| p.as_array())
        .into_iter()
        .flatten()
        .any(|p| {
            p.get("kind")
                .and_then(Json::as_str)
                .is_none_or(|k| k == "text")
                && p.get("text")
                    .and_then(Json::as_str)
                    .is_some_and(|t| !t.trim().is_empty())
        })
}

/// Whether error text `t` demands a text part: it names one ("text part", "TextPart",
/// "text content", "text input") and asks for it ("must contain", "must include",
/// "requires", "at least one", "missing", "no text", "needs", "without text"), as in
/// "Message must contain at least one usable text part" or "a text part is required". A
/// limit on a text's size ("text part too long", "exceeds") is not such a demand.
/// Backslashes are dropped first (error data arrives as JSON text). For
/// [`part_kind_refusal`] (RPC-ERROR-003, DATA-004).
pub(super) fn says_text_part_required(t: &str) -> bool {
    let l = t.to_ascii_lowercase().replace('\\', "");
    let names = [
        "text part",
        "textpart",
        "text_part",
        "text content",
        "text input",
    ]
    .iter()
    .any(|w| l.contains(w));
    let demands = [
        "must contain",
        "must include",
        "must have",
        "require",
        "at least one",
        "missing",
        "no text",
        "need",
        "without text",
        "without a text",
    ]
    .iter()
    .any(|w| l.contains(w));
    let limit = ["too long", "too large", "exceed", "limit", "size"]
        .iter()
        .any(|w| l.contains(w));
    names && demands && !limit
}

/// Whether an agent's error text (message, or the error data as JSON text) refuses a part
/// because of its kind: it speaks of a part or a kind, and either allows text alone ("only
/// text parts are supported", a schema's `expected "text"` on a part's kind) or calls one
/// of `words` (the refused part's kind, [`first_non_text_part`]) unsupported or not
/// allowed. A limit on a part's size or count is not such a refusal. Backslashes are
/// dropped first (error data arrives as JSON text, its quotes escaped). For RPC-ERROR-003
/// (DATA-004, ERR-002).
pub(super) fn says_part_kind_refused(t: &str, words: &[&str]) -> bool {
    // Error data arrives as JSON text: its quotes are escaped.
    let l = t.to_ascii_lowercase().replace('\\', "");
    let names_part = l.contains("part") || l.contains("kind");
    let text_only = [
        "only text",
        "text only",
        "expected \"text\"",
        "expected 'text'",
        "must be text",
        "only supports text",
        "text parts only",
    ]
    .iter()
    .any(|w| l.contains(w));
    let refused = [
        "not supported",
        "unsupported",
        "not allowed",
        "invalid option",
    ]
    .iter()
    .any(|w| l.contains(w))
        && words.iter().any(|w| l.contains(w));
    names_part && (text_only || refused)
}

/// Whether `u` is a valid RFC 2397 data URL: `data:[<type>/<subtype>][;attr=value]*[;base64],<data>`
/// (media-type parameters may precede `;base64`; the data of a base64 URL is base64 or
/// %-escaped). For RPC-ERROR-003 (DATA-004).
pub(super) fn rfc2397_data_url(u: &str) -> bool {
    let Some(rest) = u
        .get(..5)
        .filter(|p| p.eq_ignore_ascii_case("data:"))
        .map(|_| &u[5..])
    else {
        return false;
    };
    let Some((head, data)) = rest.split_once(',') else {
        return false;
    };
    // RFC 2045 token: no space, control or tspecial.
    let token = |t: &str| {
        !t.is_empty()
            && t.bytes()
                .all(|b| b.is_ascii_graphic() && !b"()<>@,;:\\\"/[]?=".contains(&b))
    };
    let mut segs = head.split(';');
    let media = segs.next().unwrap_or("");
    if !media.is_empty() {
        match media.split_once('/') {
            Some((t, s)) if token(t) && token(s) => {}
            _ => return false,
        }
    }
    let rest: Vec<&str> = segs.collect();
    let mut base64 = false;
    for (i, seg) in rest.iter().enumerate() {
        if seg.eq_ignore_ascii_case("base64") && i + 1 == rest.len() {
            base64 = true;
        } else {
            match seg.split_once('=') {
                Some((a, v)) if token(a) && !v.is_empty() && !v.contains([' ', ',']) => {}
                _ => return false,
            }
        }
    }
    !base64
        || data
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'+' | b'/' | b'=' | b'%'))
}

/// The REQUIRED params member a JSON-RPC call `c` lacks (`"params.message"`,
/// `"params.id"`), by the member the call's generation defines: a send's message under the
/// 0.3 proto's `request` and a task named by `taskId` (the push config calls' member) count
/// as missing (JSON-RPC params have neither in any generation; breaker18a W1, W3, W5).
/// Whether a DATA-SHAPE-002 problem text of a client message (`msg`, from
/// [`a2a::message_problems`] and [`a2a::parts_problems`]) says required content is absent
/// or of the wrong JSON type (no messageId, no role, no parts, an empty parts list, a part
/// without content), so that no A2A reading of the message exists and the agent owes an
/// invalid-params refusal (ERR-006). Problems of naming (proto field names, the other
/// generation's members) are not counted: a lenient ProtoJSON parser reads them.
pub(super) fn message_content_missing(msg: &str) -> bool {
    (msg.contains(" has no ") || msg.contains(" is not a "))
        && !msg.contains("proto field")
        && !msg.contains("0.3")
        && !msg.contains("1.0 member")
}

/// The first message part of 1.0 send `c` whose `content` oneof (DATA-004: exactly one
/// of `text`, `raw`, `url`, `data`) is not set exactly once: its index and the members it
/// sets, none (A2A #2087's `{"content": {"$case": "data", "value": {...}}}`, ts-proto's
/// in-memory oneof; a part of `mediaType` alone) or several (a2a-js #643). ProtoJSON null
/// leaves a member unset, but for `data` (a google.protobuf.Value, whose null is a value).
/// Such a request lacks a REQUIRED field, so an agent's InvalidParams for it is right
/// whatever its words name: DATA-PARAM-002 stays quiet.
pub(super) fn send_part_content_unset(c: &Call) -> Option<(usize, Vec<&'static str>)> {
    send_part_content_problem(c, false)
}

/// The narrower [`send_part_content_unset`] that DATA-PARAM-001 judges an agent's
/// acceptance by (a2a-js #643, A2A #2087; field case f945): several members set with a
/// value (a `data: null` beside text is read by a lenient agent as unset, breaker28
/// P14), or none while the part holds nothing but `mediaType`, `filename` and `metadata`
/// (a part with a 0.x `file` or `kind`, or a ts-proto `content`, may be read by a lenient
/// agent as its writer meant it, so its acceptance is no finding).
pub(super) fn send_part_content_accepted_fault(c: &Call) -> Option<(usize, Vec<&'static str>)> {
    send_part_content_problem(c, true)
}

fn send_part_content_problem(c: &Call, strict: bool) -> Option<(usize, Vec<&'static str>)> {
    if c.dialect != Some(Dialect::V1_0)
        || !matches!(c.op, Some(Op::SendMessage) | Some(Op::SendStreamingMessage))
    {
        return None;
    }
    let parts = params_message(c.params.json())
        .and_then(|m| m.get("parts"))
        .and_then(Json::as_array)?;
    parts.iter().enumerate().find_map(|(i, p)| {
        let p = p.as_object()?;
        let set: Vec<&'static str> = ["text", "raw", "url", "data"]
            .into_iter()
            .filter(|k| {
                p.get(k)
                    .is_some_and(|v| !v.is_null() || (*k == "data" && !strict))
            })
            .collect();
        let fault = match set.len() {
            1 => false,
            0 if strict => p
                .keys()
                .all(|k| matches!(k, "mediaType" | "filename" | "metadata")),
            _ => true,
        };
        fault.then_some((i, set))
    })
}

pub(super) fn missing_param(c: &Call) -> Option<&'static str> {
    let op = c.op?;
    if c.binding != Some(Binding::JsonRpc) {
        return None;
    }
    match op {
        Op::SendMessage | Op::SendStreamingMessage
            if c.params.get("message").and_then(Json::as_object).is_none() =>
        {
            Some("params.message")
        }
        Op::GetTask | Op::CancelTask | Op::SubscribeToTask
            if c.params.get("id").and_then(Json::as_str).is_none() =>
        {
            Some("params.id")
        }
        _ => None,
    }
}

/// The first member of task-call params `p` that the call's own request message defines
/// besides `id`, and that message's name, for DATA-PARAM-003 (open48 item 3): GetTask's
/// `historyLength`; 1.0 `tenant` (every request); 0.x `metadata` (TaskQueryParams,
/// TaskIdParams) and 1.0 CancelTask's `metadata`. `None` for other calls and for params that
/// carry none of them (`{}`, foreign members: how conformance suites probe -32602).
pub(super) fn own_task_call_member(
    p: &Json,
    op: Option<Op>,
    v1: bool,
) -> Option<(&'static str, &'static str)> {
    let o = p.as_object()?;
    let (members, message): (&[&'static str], &'static str) = match (op?, v1) {
        (Op::GetTask, true) => (&["historyLength", "tenant"], "GetTaskRequest"),
        (Op::GetTask, false) => (&["historyLength", "metadata"], "TaskQueryParams"),
        (Op::CancelTask, true) => (&["metadata", "tenant"], "CancelTaskRequest"),
        (Op::CancelTask, false) => (&["metadata"], "TaskIdParams"),
        (Op::SubscribeToTask, true) => (&["tenant"], "SubscribeToTaskRequest"),
        (Op::SubscribeToTask, false) => (&["metadata"], "TaskIdParams"),
        _ => return None,
    };
    members
        .iter()
        .find(|m| o.contains_key(m))
        .map(|m| (*m, message))
}

/// DATA-PARAM-003's hint for task-call params `p` that lack `id` (breaker18a W1, W5;
/// session16 leftover V5): which other member names the task, as `" (found ...)"`; `""` when
/// none does plainly. Plain means a member whose name is the id in another spelling (`ID`,
/// `Id`), the push config calls' `taskId` in any spelling (`taskID`, `task_id`, `task-id`),
/// `task` holding a string, the 0.3 proto resource name `name: tasks/{id}`, an object
/// member (`task`, `params`, `request`, or another named for the task) holding the id in
/// one of those spellings, or any string member (not `contextId`, `tenant`) whose value is
/// a task id the agent handed out (`known`). Empty params and foreign members (`{"foo":
/// "x"}`) give `""`: conformance suites send them on purpose to probe -32602.
pub(super) fn task_id_member_hint(p: &Json, known: &dyn Fn(&str) -> bool) -> String {
    let Some(o) = p.as_object() else {
        return String::new();
    };
    // Member names folded: lowercase, without `_` and `-`.
    let fold = |k: &str| -> String {
        k.chars()
            .filter(|c| *c != '_' && *c != '-')
            .map(|c| c.to_ascii_lowercase())
            .collect()
    };
    let id_str = |v: &Json| {
        v.as_str()
            .filter(|s| !s.trim().is_empty())
            .map(str::to_string)
    };
    // A member that names the task directly, in a spelling other than `id`.
    let direct = |k: &str, v: &Json| -> Option<String> {
        let t = id_str(v)?;
        let f = fold(k);
        if k == "taskId" {
            Some(format!(" (found taskId \"{t}\", the member of the push notification config calls; a task call names its task as id)"))
        } else if k == "task_id" {
            Some(format!(" (found task_id \"{t}\", a proto field name of the push notification config calls; a task call names its task as id)"))
        } else if f == "id" {
            Some(format!(
                " (found {k} \"{t}\": JSON member names are case-sensitive, and the member is id)"
            ))
        } else if f == "taskid" || f == "task" {
            Some(format!(
                " (found {k} \"{t}\"; a task call names its task as id)"
            ))
        } else if k == "name" && t.starts_with("tasks/") {
            Some(format!(" (found name \"{t}\", the 0.3 proto's resource name of GetTaskRequest / CancelTaskRequest; JSON-RPC params name the task as id)"))
        } else {
            None
        }
    };
    for (k, v) in o.iter() {
        if let Some(h) = direct(k, v) {
            return h;
        }
    }
    // The id one object level down: {"task": {"id": ...}}, {"params": {"id": ...}}.
    for (k, v) in o.iter() {
        let f = fold(k);
        let Some(inner) = v.as_object() else { continue };
        if !(f == "params" || f == "request" || f.contains("task")) {
            continue;
        }
        let found = inner.iter().find_map(|(ik, iv)| {
            let t = id_str(iv)?;
            let g = fold(ik);
            (g == "id" || g == "taskid").then(|| (ik.to_string(), t))
        });
        if let Some((ik, t)) = found {
            let why = if f == "params" {
                "the params object is wrapped in a second params member".to_string()
            } else {
                format!("the id is nested in {k}")
            };
            return format!(" (found {k}.{ik} \"{t}\": {why}; params name the task directly, {{\"id\": \"{t}\"}})");
        }
    }
    // A task id the agent handed out, under a member of another name.
    for (k, v) in o.iter() {
        if matches!(k, "contextId" | "context_id" | "tenant") {
            continue;
        }
        if let Some(t) = id_str(v).filter(|t| known(t)) {
            return format!(" (found {k} \"{t}\", the id of a task the agent handed out; a task call names its task as id)");
        }
    }
    String::new()
}

pub(super) fn agent_reply_user_role<'a>(m: &'a Obj<'a>) -> Option<&'a str> {
    m.get("role")
        .and_then(Json::as_str)
        .filter(|r| r.eq_ignore_ascii_case("ROLE_USER") || r.eq_ignore_ascii_case("user"))
}

pub(super) fn agent_message_without_context(m: &Obj) -> bool {
    let role = m.get("role").and_then(Json::as_str).unwrap_or("");
    !role.eq_ignore_ascii_case("ROLE_USER")
        && !role.eq_ignore_ascii_case("user")
        && m.get("contextId")
            .and_then(Json::as_str)
            .is_none_or(|c| c.trim().is_empty())
}

/// Whether a 1.0 Task `t` an agent answered has no contextId (ID-MSG-001, ID-002, ID-004):
/// neither `contextId` nor the proto name `context_id` (DATA-SHAPE-001's) holds a
/// non-blank string. mine55 (nexent PR #3576).
pub(super) fn task_without_context(t: &Obj) -> bool {
    t.get("contextId")
        .or_else(|| t.get("context_id"))
        .and_then(Json::as_str)
        .is_none_or(|c| c.trim().is_empty())
}

/// A Task's `id` for a finding's text: the id itself, or `(no id)`.
pub(super) fn task_id_words<'a>(t: &'a Obj) -> &'a str {
    t.get("id").and_then(Json::as_str).unwrap_or("(no id)")
}

/// Whether DATA-SHAPE-007 judges call `c`'s artifacts: a 0.2 or 0.3 call (1.0's empty
/// parts list is STREAM-SHAPE-001's / DATA-SHAPE-001's error, DATA-005; 0.1 artifacts
/// predate the 0.2 shape).
pub(super) fn parts_empty_judged(c: &Call) -> bool {
    matches!(c.dialect, Some(Dialect::V0_2) | Some(Dialect::V0_3))
}

/// DATA-SHAPE-007's message: the agent's artifact `id` in `what` (`artifact-update`, `the
/// result task of message/send`) has `parts: []`.
pub(super) fn artifact_parts_empty_msg(what: &str, id: &str) -> String {
    format!(
        "the agent sent artifact {id} in {what} with parts: [] (no part); the 0.x schema sets no minimum, but 1.0 requires at least one part and a2a-java's Artifact refuses an empty list (\"Parts cannot be empty\"): send one empty text part to close a streamed artifact"
    )
}

/// `messageId` of a message object, or `(without messageId)`, for finding messages.
pub(super) fn message_id_of(m: &Obj) -> String {
    m.get("messageId")
        .and_then(Json::as_str)
        .map(str::to_string)
        .unwrap_or_else(|| "(without messageId)".to_string())
}

/// Whether an error message says the task `tid` (the id the call names) does not exist:
/// it names the id and says "not found", "does not exist", "no such", "unknown" or is a
/// Python `KeyError` of it ("task nope not found", "KeyError: 'nope'"). TASK-009: an unknown
/// task is TaskNotFoundError (-32001, HTTP 404 NOT_FOUND).
/// Whether error text `m` says task `tid` does not exist (TASK-009): see
/// [`super::super::wording::says_task_missing`].
pub(super) fn says_task_missing(m: &str, tid: &str) -> bool {
    !tid.trim().is_empty() && super::super::wording::says_task_missing(m, Some(tid))
}

/// RPC-ERROR-003 (DATA-004; mine44, a2a-dotnet #183): where send `c`'s message carries no
/// `kind` member that its binding defines none for, when the agent's error `texts` (its
/// message, its error data as JSON text) demand one ([`says_kind_demanded`]): the JSON
/// Pointer tail of that object (`parts[1].file`) and what it is. On 0.x JSON-RPC the
/// message and its parts carry `kind` (a part without one is the client's DATA-SHAPE-002),
/// but a file part's `file` is a FileWithBytes or FileWithUri, told apart by which of
/// `bytes` and `uri` it holds, with no `kind` (0.3 schema §6.6; 0.2 the same): a
/// deserializer that wants a discriminator there (System.Text.Json polymorphism) refuses a
/// valid request. On 1.0 (every binding) and 0.3 HTTP+JSON / gRPC (the 0.3 proto's JSON)
/// no part and no message has `kind`: 1.0 removed it (a part is told by which of `text`,
/// `raw`, `url`, `data` it sets). None when the words do not demand a kind.
pub(super) fn kind_demand_misplaced(
    c: &Call,
    texts: [Option<&str>; 2],
) -> Option<(String, String)> {
    if !matches!(c.op, Some(Op::SendMessage) | Some(Op::SendStreamingMessage))
        || !texts.into_iter().flatten().any(says_kind_demanded)
    {
        return None;
    }
    let m = params_message(c.params.json())?;
    let (member, parts) = message_parts(m)?;
    let parts = parts.as_array()?;
    let kindless = c.dialect == Some(Dialect::V1_0) || c.bare_params();
    if kindless {
        if m.contains_key("kind") || parts.iter().any(|p| p.get("kind").is_some()) {
            return None;
        }
        let what = if c.dialect == Some(Dialect::V1_0) {
            "1.0 messages and parts have no kind member (1.0 removed the kind discriminator: a part is told by which of text, raw, url, data it sets)"
        } else {
            "0.3 HTTP+JSON and gRPC messages and parts are the 0.3 proto's JSON, which has no kind member (a part is told by which of text, file, data it sets)"
        };
        return Some((format!("message.{member}"), what.to_string()));
    }
    parts.iter().enumerate().find_map(|(i, p)| {
        if p.get("kind").and_then(Json::as_str) != Some("file") {
            return None;
        }
        let f = p.get("file")?.as_object()?;
        if f.contains_key("kind") {
            return None;
        }
        let (name, by) = if f.contains_key("bytes") {
            ("FileWithBytes", "bytes")
        } else if f.contains_key("uri") {
            ("FileWithUri", "uri")
        } else {
            return None;
        };
        Some((
            format!("message.{member}[{i}].file"),
            format!("a {name}, which has no kind member: 0.x tells FileWithBytes from FileWithUri by which of bytes and uri it holds (this one: {by}; 0.3 schema §6.6), and kind belongs to the part (kind \"file\", which the part has)"),
        ))
    })
}

/// Whether error text `t` demands a `kind` discriminator: it names `kind` as a word beside
/// a demand ("missing", "required", "requires", "must", "expected", "no kind", "without",
/// "discriminator"), or speaks of a type discriminator at all (System.Text.Json: "must
/// specify a type discriminator"), as in "the JSON payload for FileContent is missing the
/// required 'kind' discriminator". A refusal of a part's kind value ("kind 'file' is not
/// supported", "unknown part kind") names no demand and is not one. Backslashes are dropped
/// first (error data arrives as JSON text). For [`kind_demand_misplaced`].
pub(super) fn says_kind_demanded(t: &str) -> bool {
    let l = t.to_ascii_lowercase().replace('\\', "");
    if l.contains("discriminator") {
        return true;
    }
    let names_kind = has_word(&l, "kind") || l.contains(".kind");
    names_kind
        && [
            "missing", "required", "requires", "must ", "expected", "no kind", "without",
        ]
        .iter()
        .any(|w| l.contains(w))
        && !l.contains("not supported")
        && !l.contains("unsupported")
}

/// DATA-PARAM-006 (DATA-005, DATA-003; mine44, a2a-python #845): whether a 1.0 send's
/// message `m` lacks its content: `parts` absent, null or empty (1.0 proto: parts REQUIRED,
/// a REQUIRED repeated field non-empty), as `(member, what the answer says of it)`. Such a
/// message asks for nothing, as a send without a message does. A message without
/// messageId or role still says what it asks: an agent that supplies the missing id or
/// role is lenient, and the fault is the client's alone (f444, archestra PR #7599); a
/// part without content is DATA-PARAM-001 ([`send_part_content_accepted_fault`]).
/// A message that names its parts `content` (the 0.3 proto's name) is not judged here.
pub(super) fn message_required_member_missing(m: &Obj) -> Option<(&'static str, &'static str)> {
    // The 0.3 proto's name for the parts (`content`): an agent may read it so; the
    // client's version mix is told by its own rules.
    if m.contains_key("content") {
        return None;
    }
    match m.get("parts") {
        None | Some(Json::Null) => Some(("parts", "has no parts")),
        Some(Json::Array(a)) if a.is_empty() => Some(("parts", "has an empty parts list")),
        _ => None,
    }
}

/// RPC-ERROR-003 (f1101, astron-agent PR #1404): the first member that an agent's refusal
/// texts `texts` (error message, error data / details, a validator's whole body) say is
/// required, that the A2A request `c` neither defines nor carries: `Some(name)`. Read from
/// a validator's JSON (pydantic / FastAPI `{"type":"missing","loc":[...,"flowId"],"msg":
/// "Field required"}`, google.rpc.BadRequest `{"field":"tenantCode","description":"is
/// required"}`) and from prose (`missing required field 'workflowId'`, `'chatId' is a
/// required property`, `sessionId is required`). A name A2A defines for some request or
/// its message and parts ([`A2A_MEMBER_NAMES`], compared without case, `-` and `_`), a name
/// under `metadata` (the agent's own contract, which A2A leaves to it), and a name the
/// request carries anywhere are not returned. `None` for calls other than a send.
pub(super) fn private_member_demanded(c: &Call, texts: [Option<&str>; 2]) -> Option<String> {
    if !matches!(c.op, Some(Op::SendMessage | Op::SendStreamingMessage)) {
        return None;
    }
    let norm = |s: &str| -> String {
        s.chars()
            .filter(|ch| *ch != '-' && *ch != '_')
            .map(|ch| ch.to_ascii_lowercase())
            .collect()
    };
    // 0.1's tasks/send named its context sessionId; every later version contextId.
    let v01 = c
        .method
        .as_deref()
        .is_some_and(|m| m.starts_with("tasks/send"));
    let carried = |name: &str| json_has_key(c.params.json(), &norm(name), &norm, 0);
    texts
        .into_iter()
        .flatten()
        .flat_map(demanded_names)
        .find(|(name, under_metadata)| {
            let n = norm(name);
            !(*under_metadata
                || n.is_empty()
                || A2A_MEMBER_NAMES.contains(&n.as_str())
                || (v01 && n == "sessionid")
                || carried(name))
        })
        .map(|(name, _)| name)
}

/// The member names (lower case, without `-` and `_`) that A2A requests define in any
/// version, in their params, messages, parts, configurations and push configs, plus the
/// containers validators name in their paths (`body`, `params`): never a private member.
const A2A_MEMBER_NAMES: &[&str] = &[
    "body",
    "params",
    "jsonrpc",
    "method",
    "request",
    "message",
    "messageid",
    "role",
    "parts",
    "content",
    "kind",
    "type",
    "text",
    "file",
    "data",
    "url",
    "uri",
    "raw",
    "bytes",
    "mediatype",
    "mimetype",
    "filename",
    "name",
    "metadata",
    "extensions",
    "referencetaskids",
    "taskid",
    "contextid",
    "configuration",
    "acceptedoutputmodes",
    "historylength",
    "blocking",
    "returnimmediately",
    "pushnotificationconfig",
    "taskpushnotificationconfig",
    "id",
    "tenant",
    "token",
    "authentication",
    "schemes",
    "scheme",
    "credentials",
    "pagesize",
    "pagetoken",
    "status",
    "statustimestampafter",
    "includeartifacts",
    "configid",
    "pushnotificationconfigid",
    "state",
    "timestamp",
];

/// Whether JSON `v` has a member whose normalized name (`norm`) is `key`, at any depth up
/// to 6 (the request carries the member the refusal names).
fn json_has_key(v: &Json, key: &str, norm: &dyn Fn(&str) -> String, depth: u8) -> bool {
    if depth > 6 {
        return false;
    }
    match v {
        Json::Object(o) => o
            .iter()
            .any(|(k, x)| norm(k) == key || json_has_key(x, key, norm, depth + 1)),
        Json::Array(a) => a.iter().any(|x| json_has_key(x, key, norm, depth + 1)),
        _ => false,
    }
}

/// The member names an agent's refusal text `t` says are required, each with whether the
/// text places it under `metadata`: a validator's JSON entries (pydantic `loc` arrays whose
/// entry says missing / required, BadRequest `field` entries whose description says
/// required) and prose (`missing required field 'x'`, `required property "x"`, `'x' is a
/// required property`, `x is required`, `x: Field required`, `x must be provided`).
fn demanded_names(t: &str) -> Vec<(String, bool)> {
    let mut out = Vec::new();
    let lower = t.to_ascii_lowercase();
    let says_required = |w: &str| w.contains("required") || w.contains("missing");
    // The JSON object around byte `i`: from the `{` before it to the `}` after it.
    let object_around = |i: usize| -> &str {
        let lo = lower[..i].rfind('{').unwrap_or(0);
        let hi = lower[i..].find('}').map_or(lower.len(), |j| i + j);
        &lower[lo..hi]
    };
    for (i, _) in lower.match_indices("\"loc\"") {
        let rest = &t[i..];
        let (Some(open), Some(close)) = (rest.find('['), rest.find(']')) else {
            continue;
        };
        if open > close {
            continue;
        }
        let inner = &rest[open + 1..close];
        let names: Vec<&str> = inner
            .split(',')
            .map(|s| s.trim().trim_matches('"'))
            .filter(|s| {
                !s.is_empty()
                    && s.chars()
                        .all(|ch| ch.is_ascii_alphanumeric() || ch == '_' || ch == '-')
            })
            .collect();
        if let (Some(last), true) = (names.last(), says_required(object_around(i))) {
            let under = names.iter().any(|n| n.eq_ignore_ascii_case("metadata"));
            out.push((last.to_string(), under));
        }
    }
    for (i, _) in lower.match_indices("\"field\"") {
        let rest = &t[i + 7..];
        let Some(q) = rest.find('"') else { continue };
        let Some(e) = rest[q + 1..].find('"') else {
            continue;
        };
        let path = &rest[q + 1..q + 1 + e];
        if says_required(object_around(i)) {
            let under = path
                .to_ascii_lowercase()
                .split('.')
                .any(|s| s == "metadata");
            if let Some(last) = path.rsplit('.').next().filter(|s| !s.is_empty()) {
                out.push((last.to_string(), under));
            }
        }
    }
    // Prose: an identifier (possibly dotted, possibly quoted) before or after the words.
    // A plain lower-case English word ("a text part is required", "login is required")
    // is no member name: prose counts a quoted name, a dotted path, or one written as an
    // identifier (camelCase, snake_case, a digit).
    let ident = |raw: &str| -> Option<String> {
        // quoted: the name between a pair of the same quote ('workflowId', "flowId"); a
        // quote on one side only is a JSON string's start or end around prose (left60: the
        // a2a-python agent's `"message":"Field is required."` named no member "Field")
        let core = raw.trim_matches(|ch: char| matches!(ch, ':' | ' '));
        let quoted = core.len() >= 2
            && core.starts_with(['\'', '"', '`'])
            && core.chars().next() == core.chars().last();
        let s = raw.trim_matches(|ch: char| matches!(ch, '\'' | '"' | '`' | ':' | ' '));
        let shaped = s.contains('.')
            || s.chars()
                .skip(1)
                .any(|ch| ch.is_ascii_uppercase() || ch.is_ascii_digit() || ch == '_');
        (!s.is_empty()
            && (quoted || shaped)
            && s.chars()
                .all(|ch| ch.is_ascii_alphanumeric() || matches!(ch, '_' | '-' | '.')))
        .then(|| s.to_string())
    };
    let push_path = |out: &mut Vec<(String, bool)>, p: String| {
        let under = p.to_ascii_lowercase().split('.').any(|s| s == "metadata");
        if let Some(last) = p.rsplit('.').next().filter(|s| !s.is_empty()) {
            out.push((last.to_string(), under));
        }
    };
    for lead in [
        "missing required field",
        "missing required property",
        "missing required parameter",
        "required field",
        "required property",
        "required parameter",
        "missing field",
        "missing parameter",
        "missing property",
    ] {
        for (i, _) in lower.match_indices(lead) {
            let after = t[i + lead.len()..].trim_start_matches([' ', ':']);
            let word: String = after
                .chars()
                .take_while(|ch| !ch.is_whitespace() && !matches!(ch, ',' | ';' | ')'))
                .collect();
            if let Some(p) = ident(&word) {
                push_path(&mut out, p);
            }
        }
    }
    for tail in [
        " is a required property",
        " is a required field",
        " is a required parameter",
        " is required",
        ": field required",
        " field required",
        " must be provided",
        " is missing",
    ] {
        for (i, _) in lower.match_indices(tail) {
            let before = &t[..i];
            let word: String = before
                .chars()
                .rev()
                .take_while(|ch| !ch.is_whitespace() && !matches!(ch, ',' | ';' | '(' | ':'))
                .collect::<Vec<_>>()
                .into_iter()
                .rev()
                .collect();
            if let Some(p) = ident(&word) {
                push_path(&mut out, p);
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn send(dialect: Dialect, binding: Binding, params: &str) -> Call {
        Call {
            op: Some(Op::SendMessage),
            dialect: Some(dialect),
            binding: Some(binding),
            params: Params::owned(Json::parse_owned(params.as_bytes()).unwrap()),
            ..Default::default()
        }
    }

    /// mine52 (astron-agent PR #1404): the member names a validator's refusal demands,
    /// from its JSON (pydantic loc, BadRequest field) and its prose, and which of them
    /// [`private_member_demanded`] keeps: not A2A's own, not under metadata, not carried,
    /// not a plain English word.
    #[test]
    fn private_member_demanded_reads_validators() {
        let c = send(
            Dialect::V0_3,
            Binding::JsonRpc,
            r#"{"message":{"kind":"message","messageId":"m1","role":"user","parts":[{"kind":"text","text":"hi"}]},"chatId":"c9"}"#,
        );
        for (t, want) in [
            (
                r#"{"detail":[{"type":"missing","loc":["body","flowId"],"msg":"Field required"}]}"#,
                Some("flowId"),
            ),
            (
                r#"[{"loc":["params","sessionId"],"msg":"field required","type":"value_error.missing"}]"#,
                Some("sessionId"),
            ),
            (
                r#"{"error":{"details":[{"fieldViolations":[{"field":"request.tenantCode","description":"is required"}]}]}}"#,
                Some("tenantCode"),
            ),
            (
                "Invalid params: missing required field 'workflowId'",
                Some("workflowId"),
            ),
            ("'projectKey' is a required property", Some("projectKey")),
            ("agent_slug is required", Some("agent_slug")),
            // left60: a JSON string's opening quote before an English word is no quoted
            // name (the a2a-python agent's ErrorInfo metadata of a malformed send)
            (
                r#"{"errors":[{"field":"message.message_id","message":"Field is required."}]}"#,
                None,
            ),
            // A2A's own members, a carried one, metadata keys and plain words: none.
            (
                r#"[{"loc":["params","message","messageId"],"msg":"Field required"}]"#,
                None,
            ),
            ("'chatId' is a required property", None),
            ("metadata.flowId is required", None),
            (
                r#"[{"loc":["body","metadata","flowId"],"type":"missing"}]"#,
                None,
            ),
            ("a text part is required", None),
            ("login is required", None),
            ("required field missing", None),
        ] {
            assert_eq!(
                private_member_demanded(&c, [Some(t), None]).as_deref(),
                want,
                "{t}"
            );
        }
        let get = Call {
            op: Some(Op::GetTask),
            ..c
        };
        assert_eq!(
            private_member_demanded(&get, [Some("'flowId' is a required property"), None]),
            None
        );
    }

    /// mine44 (a2a-dotnet #183, PR #170): words that demand a kind discriminator, and
    /// words that refuse a kind's value or name kind without asking for one.
    #[test]
    fn kind_demand_words() {
        for t in [
            "the JSON payload for FileContent is missing the required 'kind' discriminator",
            "The JSON payload for polymorphic interface or abstract type 'A2A.FileContent' must specify a type discriminator.",
            "file: missing required property 'kind'",
            "message.parts[0]: type discriminator 'kind' is required",
            "parts[1] is missing the required \\\"kind\\\" property",
            "file.kind is required",
        ] {
            assert!(says_kind_demanded(t), "{t}");
        }
        for t in [
            "part kind 'file' is not supported",
            "unsupported part kind: data",
            "kind of task unknown",
            "Invalid params: message.role is required",
            "mankind must wait",
        ] {
            assert!(!says_kind_demanded(t), "{t}");
        }
    }

    /// Where the demand is misplaced: a 0.3 FileWithBytes / FileWithUri (no kind by the
    /// schema), any 1.0 part; not a 0.3 file object that carries a kind, not a 1.0 message
    /// whose parts carry 0.3 kinds (the client's fault), not a call that is no send.
    #[test]
    fn kind_demand_places() {
        let said = [Some("missing the required 'kind' discriminator"), None];
        let f03 = r#"{"message":{"kind":"message","messageId":"m","role":"user","parts":[{"kind":"text","text":"a"},{"kind":"file","file":{"mimeType":"application/pdf","bytes":"AA=="}}]}}"#;
        let c = send(Dialect::V0_3, Binding::JsonRpc, f03);
        let (at, what) = kind_demand_misplaced(&c, said).expect("FileWithBytes");
        assert_eq!(at, "message.parts[1].file");
        assert!(what.starts_with("a FileWithBytes"), "{what}");
        let uri = f03.replace(r#""bytes":"AA==""#, r#""uri":"https://f.test/a.pdf""#);
        let c = send(Dialect::V0_3, Binding::JsonRpc, &uri);
        let (_, what) = kind_demand_misplaced(&c, said).expect("FileWithUri");
        assert!(what.starts_with("a FileWithUri"), "{what}");
        let kinded = f03.replace(r#""file":{"#, r#""file":{"kind":"bytes","#);
        let c = send(Dialect::V0_3, Binding::JsonRpc, &kinded);
        assert_eq!(kind_demand_misplaced(&c, said), None);
        assert_eq!(
            kind_demand_misplaced(
                &send(Dialect::V0_3, Binding::JsonRpc, f03),
                [Some("file parts are not supported"), None]
            ),
            None
        );
        let v1 = r#"{"message":{"messageId":"m","role":"ROLE_USER","parts":[{"text":"a"}]}}"#;
        let (at, _) =
            kind_demand_misplaced(&send(Dialect::V1_0, Binding::Rest, v1), said).expect("1.0");
        assert_eq!(at, "message.parts");
        let v1k = r#"{"message":{"messageId":"m","role":"ROLE_USER","parts":[{"kind":"text","text":"a"}]}}"#;
        assert_eq!(
            kind_demand_misplaced(&send(Dialect::V1_0, Binding::JsonRpc, v1k), said),
            None
        );
        let mut get = send(Dialect::V1_0, Binding::JsonRpc, v1);
        get.op = Some(Op::GetTask);
        assert_eq!(kind_demand_misplaced(&get, said), None);
    }

    /// DATA-PARAM-006's 1.0 widening (a2a-python #845): parts absent, null or empty; a
    /// message without messageId or role is not this rule's (f444).
    #[test]
    fn message_without_content() {
        let lacks = |t: &str| {
            let v = Json::parse(t.as_bytes()).unwrap();
            message_required_member_missing(v.as_object().unwrap())
        };
        assert_eq!(
            lacks(r#"{"messageId":"m","role":"ROLE_USER"}"#),
            Some(("parts", "has no parts"))
        );
        assert_eq!(
            lacks(r#"{"messageId":"m","role":"ROLE_USER","parts":null}"#),
            Some(("parts", "has no parts"))
        );
        assert_eq!(
            lacks(r#"{"messageId":"m","role":"ROLE_USER","parts":[]}"#),
            Some(("parts", "has an empty parts list"))
        );
        assert_eq!(
            lacks(r#"{"role":"ROLE_USER","parts":[{"text":"a"}]}"#),
            None
        );
        assert_eq!(lacks(r#"{"messageId":"m","parts":[{"text":"a"}]}"#), None);
        assert_eq!(
            lacks(r#"{"messageId":"m","role":"ROLE_USER","content":[{"text":"a"}]}"#),
            None
        );
    }
}

//! Shapes of first stream events, push configs, timestamps, versions and kinds per generation.

use super::*;

/// The rule a message stream's first event breaks: the one verdict the verifier (live and
/// offline) and the prober's streaming tests (`probe`, `interop`) share (newcomer19 N2).
///
/// A 1.0 task stream starts with the Task (or is one Message): a `statusUpdate` or
/// `artifactUpdate` first is [`r::STREAM_FIRST_NOT_TASK`] (STREAM-003, STREAM-004). In 0.x
/// the order is a "should" (0.3) or unspecified (0.2): an update first breaks no rule (a
/// Task of the same task sent only later is [`r::STREAM_TASK_AFTER_UPDATE`], a warning,
/// judged on the whole stream). `None` when the first event breaks nothing, and for an
/// unknown dialect.
pub fn stream_first_event_rule(
    dialect: Option<Dialect>,
    first: PayloadKind,
) -> Option<&'static Rule> {
    (dialect == Some(Dialect::V1_0)
        && matches!(
            first,
            PayloadKind::StatusUpdate | PayloadKind::ArtifactUpdate
        ))
    .then_some(&r::STREAM_FIRST_NOT_TASK)
}

/// STREAM-004 (1.0 §3.1.6, breaker35 U04): a 1.0 SubscribeToTask stream whose first event
/// is a `message`: a subscription starts with the current Task, and a message there is no
/// reply that ends the stream (as it is on a send stream), so the events after it are the
/// subscription's own. 0.x `tasks/resubscribe` backfill is implementation-defined (0.3 §7.9).
pub(super) fn subscribe_opens_with_message(
    dialect: Option<Dialect>,
    op: Option<Op>,
    first: PayloadKind,
) -> bool {
    dialect == Some(Dialect::V1_0)
        && op == Some(Op::SubscribeToTask)
        && first == PayloadKind::Message
}

/// STREAM-FIRST-001 (STREAM-003, 1.0 §3.1.2: a task stream starts with the Task; STREAM-004
/// for SubscribeToTask) for a 1.0 stream whose first event is `name` (`statusUpdate`,
/// `artifactUpdate`), with a message and help for the situation of call `c` (breaker17b
/// V12): a follow-up whose message names its task (a2a-python 1.3.0's
/// DefaultRequestHandler streams the executor's first TaskUpdater event before any Task),
/// a SubscribeToTask, or a new task; the help names the SDK calls that put the Task first.
pub(super) fn stream_first_not_task(
    c: &Call,
    name: &str,
    at: Evidence,
    leg: &Option<String>,
) -> Finding {
    let follow_up = matches!(c.op, Some(Op::SendStreamingMessage))
        .then(|| params_message(c.params.json()).and_then(a2a::message_task_id))
        .flatten();
    // "an artifactUpdate", "a statusUpdate".
    let a = if name.starts_with(['a', 'e', 'i', 'o', 'u']) {
        "an"
    } else {
        "a"
    };
    let (msg, help) = match (c.op, follow_up) {
        (_, Some(tid)) => (
            format!(
                "first event of the follow-up stream (its message names taskId {tid}) is {a} {name}, not the Task: 1.0 §3.1.2 makes every task stream start with the Task, a stream that continues an existing task too (STREAM-003), so a client that builds its task from the first event has none"
            ),
            "on a follow-up message to an existing task, send the task as it stands (the current Task) as the first event, then the status and artifact updates: a2a-python: `await event_queue.enqueue_event(context.current_task)` in execute() before the first TaskUpdater call (start_work(), add_artifact(), complete()); @a2a-js/sdk: `eventBus.publish(AgentEvent.task(requestContext.task))` before the first statusUpdate (the JS SDK server itself refuses the other order with -32004 'Received statusUpdate before initial Message/Task event')".to_string(),
        ),
        (Some(Op::SubscribeToTask), _) => (
            format!("first event of the SubscribeToTask stream is {a} {name}, not the task: a 1.0 subscription starts with the current Task (STREAM-004)"),
            "answer SubscribeToTask with the task as it stands (the current Task) first, then its status and artifact updates as they happen".to_string(),
        ),
        _ => (
            format!("first event of the stream is {a} {name}, not a task or message: 1.0 §3.1.2 makes a task stream start with the Task (STREAM-003)"),
            "send the Task (or a single Message) first, then status and artifact updates: a2a-python: enqueue the Task (`new_task(context.message)` or `context.current_task`) before the first TaskUpdater call; @a2a-js/sdk: publish `AgentEvent.task(...)` with id requestContext.taskId before the first statusUpdate".to_string(),
        ),
    };
    let mut f = Finding::new(&r::STREAM_FIRST_NOT_TASK, msg);
    f.help = help;
    f.evidence = vec![at];
    f.leg = leg.clone();
    f
}

pub(super) fn push_config_without_url(c: &Call) -> Option<String> {
    push_config_without_url_at(c, c.dialect)
}

/// [`push_config_without_url`] read in either version's places (`dialect` `None`): what an
/// agent that accepts both nestings got (an agent accepting a 1.0 call's 0.x nesting with a
/// url accepted a config with a url).
pub(super) fn push_config_without_url_lenient(c: &Call) -> Option<String> {
    push_config_without_url_at(c, None)
}

/// What makes a JSON-RPC `result` a 1.0 answer rather than a 0.x one, for VER-HDR-001 on a
/// 0.3 call ([`State::implicit_0x_served_as_1_0`]): `the {"task"} wrapper` (or message, or
/// a stream's statusUpdate / artifactUpdate: a stream may open with those, review24a R2),
/// `state TASK_STATE_COMPLETED` (the result's or its task's), `role ROLE_AGENT`. `None`
/// when the result carries a 0.x `kind` or none of these (a 0.x answer, or nothing to go
/// by).
pub(super) fn result_1_0_form(v: &Json) -> Option<String> {
    let o = v.as_object()?;
    if o.get("kind").is_some() {
        return None;
    }
    let keys: Vec<&str> = o.keys().collect();
    if keys.len() == 1
        && matches!(
            keys[0],
            "task" | "message" | "statusUpdate" | "artifactUpdate"
        )
    {
        if o.get(keys[0]).and_then(|t| t.get("kind")).is_some() {
            return None;
        }
        return Some(format!("the {{\"{}\"}} wrapper", keys[0]));
    }
    let state = o
        .get("status")
        .and_then(|s| s.get("state"))
        .and_then(Json::as_str);
    if let Some(s) = state.filter(|s| s.starts_with("TASK_STATE_")) {
        return Some(format!("state {s}"));
    }
    let role = o.get("role").and_then(Json::as_str);
    role.filter(|r| r.starts_with("ROLE_"))
        .map(|r| format!("role {r}"))
}

/// left58 item 6 (PUSH-002, ERR-006): the JSON Pointer of the `authentication` of the 1.0
/// push notification config a Create or send request carries, and what it is, when it is
/// present and not null but no AuthenticationInfo object with a non-empty string `scheme`
/// (`a list` for PHP's `[]`; `an object without scheme`). `None` for other versions (0.x
/// names no input validation duty, ERR-006 is 1.0's) and for a config without one.
pub(super) fn push_config_authentication_invalid(c: &Call) -> Option<(String, String)> {
    if c.dialect != Some(Dialect::V1_0) {
        return None;
    }
    let (ptr, o) = push_config_in(c, c.dialect)?;
    let auth = o.get("authentication")?;
    let what = match auth {
        Json::Null => return None,
        Json::Object(a) => match a.get("scheme").and_then(Json::as_str) {
            Some(s) if !s.trim().is_empty() => return None,
            _ if a.get("schemes").is_some() => {
                "an object with the 0.x schemes list, not one scheme string".to_string()
            }
            _ => "an object without scheme".to_string(),
        },
        Json::Array(a) if a.is_empty() => {
            "the empty list [] (an empty map as PHP's json_encode writes an empty array)"
                .to_string()
        }
        v => crate::model::json::list_kind_words(v),
    };
    Some((format!("{ptr}/authentication"), what))
}

pub(super) fn push_config_without_url_at(c: &Call, dialect: Option<Dialect>) -> Option<String> {
    let (ptr, o) = push_config_in(c, dialect)?;
    match o.get("url").and_then(Json::as_str) {
        Some(u) if !u.trim().is_empty() => None,
        _ => Some(format!("{ptr}/url")),
    }
}

/// The push notification config a Create / set or send request carries (PUSH-002), read
/// where `dialect` puts it (`None`: either version's places), with its JSON Pointer in the
/// request body (`/params/...` on JSON-RPC); `None` when the call carries none.
pub(super) fn push_config_in(c: &Call, dialect: Option<Dialect>) -> Option<(String, &Obj<'_>)> {
    // A 0.3 HTTP+JSON body wrapped in the gRPC request message holds its config one level
    // down: PUSH-CFG-007 names that shape; "without url" at the root would misdirect.
    if rest03_push_create_wrapped(c) {
        return None;
    }
    let pre = c.params_base();
    // PUSH-002 / DIGEST §1: 1.0 takes the flat config (send: `taskPushNotificationConfig`),
    // 0.x nests it in `pushNotificationConfig`; a call of unknown version may use either.
    let v1 = dialect == Some(Dialect::V1_0);
    let ox = dialect.is_some_and(Dialect::is_0x);
    let places: &[&str] = match (c.op, v1, ox) {
        (Some(Op::CreatePushConfig), true, _) => &[""],
        // GRPC-001: 0.x HTTP+JSON bodies are ProtoJSON, whose parsers take the proto field
        // name too (a2a-python's 0.3 client sends push_notification_config).
        (Some(Op::CreatePushConfig), _, true) => {
            &["/pushNotificationConfig", "/push_notification_config"]
        }
        (Some(Op::CreatePushConfig), _, _) => {
            &["/pushNotificationConfig", "/push_notification_config", ""]
        }
        (Some(Op::SendMessage) | Some(Op::SendStreamingMessage), true, _) => {
            &["/configuration/taskPushNotificationConfig"]
        }
        (Some(Op::SendMessage) | Some(Op::SendStreamingMessage), _, true) => &[
            "/configuration/pushNotificationConfig",
            "/configuration/pushNotification",
        ],
        (Some(Op::SendMessage) | Some(Op::SendStreamingMessage), _, _) => &[
            "/configuration/taskPushNotificationConfig",
            "/configuration/pushNotificationConfig",
            "/configuration/pushNotification",
        ],
        _ => return None,
    };
    // A send without a `configuration` object (most sends) carries no config: no pointer
    // walk (this runs several times per send; the verifier sits in front of production
    // traffic).
    let conf = match c.op {
        Some(Op::SendMessage) | Some(Op::SendStreamingMessage) => {
            Some(c.params.get("configuration")?.as_object()?)
        }
        _ => None,
    };
    for place in places {
        let obj = match (place.strip_prefix("/configuration/"), conf) {
            (Some(name), Some(conf)) => conf.get(name),
            _ if place.is_empty() => Some(c.params.json()),
            _ => member_path(c.params.json(), place),
        };
        if let Some(Json::Object(o)) = obj {
            return Some((format!("{pre}{place}"), o));
        }
    }
    None
}

/// PUSH-002 (proto `AuthenticationInfo.scheme` REQUIRED; 0.x `schemes[]`): the client's push
/// notification config has an `authentication` object without the member its version
/// requires. Returns the JSON Pointer of the missing member, what was sent instead, and the
/// problem in the wire's names; `None` when there is no authentication or it is well formed.
pub(super) fn push_config_auth_problem(c: &Call) -> Option<(String, Option<Value>, String)> {
    let dialect = c.dialect?;
    let (ptr, o) = push_config_in(c, Some(dialect))?;
    // mine57 f1277 (epoxa/a2a-php's client sends `"authentication": []`): a member of
    // another JSON type than the schema's, which a validating agent refuses -32602.
    if let Some((p, msg)) = a2a::push_config_member_types(o, &ptr, dialect == Dialect::V1_0)
        .into_iter()
        .next()
    {
        let sent = member_path(
            c.params.json(),
            p.strip_prefix(c.params_base()).unwrap_or(&p),
        )
        .map(Json::to_value);
        let why = msg
            .strip_prefix("push notification config's ")
            .unwrap_or(&msg)
            .to_string();
        return Some((p, sent, why));
    }
    let Some(Json::Object(a)) = o.get("authentication") else {
        return None;
    };
    let ap = format!("{ptr}/authentication");
    if dialect == Dialect::V1_0 {
        if a.get("scheme")
            .and_then(Json::as_str)
            .is_some_and(|s| !s.trim().is_empty())
        {
            return None;
        }
        return Some(match a.get("schemes") {
            Some(list) => (
                format!("{ap}/schemes"),
                Some(list.to_value()),
                "authentication carries the 0.x schemes list instead of the one scheme string 1.0 requires (AuthenticationInfo.scheme)".to_string(),
            ),
            None => (
                format!("{ap}/scheme"),
                a.get("scheme").map(Json::to_value),
                "authentication has no scheme (1.0 AuthenticationInfo.scheme is required: Bearer, Basic, ...)".to_string(),
            ),
        });
    }
    if a.get("schemes").is_some_and(Json::is_array) {
        return None;
    }
    Some(match a.get("scheme") {
        Some(one) => (
            format!("{ap}/scheme"),
            Some(one.to_value()),
            "authentication carries the 1.0 scheme string instead of the schemes list 0.x requires".to_string(),
        ),
        None => (
            format!("{ap}/schemes"),
            None,
            "authentication has no schemes list (0.x PushNotificationAuthenticationInfo.schemes is required)".to_string(),
        ),
    })
}

/// DATA-TIME-001 (DATA-002, 1.0 §5.6.1: timestamps in UTC with `Z`): the 1.0 object `owner`
/// (a Task or a TaskStatusUpdateEvent at `ptr`, in the event or body at `seq`) has a
/// `status.timestamp` with an offset instead of `Z`. Returns the finding's message (naming
/// the agent and `what` the object is) and evidence; `None` on 0.x (free-form timestamps)
/// or when the timestamp is absent, `Z` or malformed (the shape rules' case).
pub(super) fn status_not_utc(
    x: &Exch,
    c: &Call,
    owner: &Obj,
    ptr: &str,
    seq: u64,
    what: &dyn std::fmt::Display,
) -> Option<(&'static Rule, String, Vec<Evidence>)> {
    if c.dialect != Some(Dialect::V1_0) {
        return None;
    }
    let (ts, odd) = a2a::status_timestamp_oddity(owner.get("status")?)?;
    let (rule, msg) = match odd {
        a2a::TimestampOddity::Offset => (
            &r::DATA_TIME_NOT_UTC,
            format!("agent's {what} has status timestamp {ts:?}, with a UTC offset instead of Z"),
        ),
        a2a::TimestampOddity::LowerCase => (
            &r::DATA_TIME_NOT_UTC,
            format!("agent's {what} has status timestamp {ts:?}, with a lower-case t or z: ProtoJSON writes T and Z, and protobuf-java and Go protojson parsers reject the lower-case form"),
        ),
        a2a::TimestampOddity::Unset => (
            &r::DATA_TIME_UNSET,
            format!("agent's {what} has status timestamp {ts:?}, a time before the Unix epoch or the epoch itself: a zero value (Go's time.Time{{}}, a default google.protobuf.Timestamp) the agent never set"),
        ),
    };
    Some((
        rule,
        msg,
        vec![x.ev_at(
            seq,
            &jptr(ptr, &[Key("status"), Key("timestamp")]),
            Some(Value::String(ts.to_string())),
        )],
    ))
}

/// VER-001 (mine36, spring-ai-alibaba PR #4822): an `A2A-Version` value (trimmed, not
/// empty) with no digit at all is no version: an unset setting written out as text
/// (Java's `String.valueOf(null)`, JavaScript's `undefined`, Python's `None`, Go's `<nil>`)
/// or a word (`latest`). `None` for an empty value (read as absent, which asks for 0.3)
/// and for any value with a digit (the Major.Minor checks judge those).
pub(super) fn version_without_digits(v: &str) -> Option<&'static str> {
    if v.is_empty() || v.bytes().any(|b| b.is_ascii_digit()) {
        return None;
    }
    let unset = ["null", "undefined", "none", "nil", "<nil>", "nan"]
        .iter()
        .any(|u| v.eq_ignore_ascii_case(u));
    Some(if unset {
        "which is no version but an unset setting written out as text: the client has no protocol version configured for this agent (take it from the card's supportedInterfaces[].protocolVersion, or default to the version the client speaks, \"1.0\")"
    } else {
        "which is no version at all: A2A-Version carries the Major.Minor the client speaks (\"1.0\")"
    })
}

/// VER-001 (1.0 §3.6.1): why the `A2A-Version` value `v` is not the `Major.Minor` a 1.x
/// client sends (`1.0.1`: a patch version; `v1.0`, `1`: other forms; `null`: no version,
/// [`version_without_digits`]), or `None` when it is `Major.Minor`, empty, or looks like a
/// 0.x version (0.x had no version header).
pub(super) fn version_not_major_minor(v: &str) -> Option<&'static str> {
    let v = v.trim();
    // The usual value, `1.0`: digits, one dot, digits, decided without the split's `Vec`
    // below (the same answer: no quotes, no comma, digits, two numeric parts; perfverify58).
    if let Some((major, minor)) = v.split_once('.') {
        let numeric = |p: &str| !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit());
        if numeric(major) && numeric(minor) {
            return None;
        }
    }
    // A quoted value ("\"1.0\"", a client that JSON-encoded the header value): the header
    // carries the bare token (breaker23 V06).
    if let Some(inner) = v
        .strip_prefix('"')
        .and_then(|s| s.strip_suffix('"'))
        .or_else(|| v.strip_prefix('\'').and_then(|s| s.strip_suffix('\'')))
    {
        let major = inner.trim().split('.').next().unwrap_or("");
        return (!major.is_empty() && major != "0" && major.bytes().all(|b| b.is_ascii_digit()))
            .then_some("in quotes: the header value is the bare Major.Minor token (1.0), and an agent that matches it exactly answers VersionNotSupportedError");
    }
    // Two header lines an intermediary combined (RFC 9110 §5.3), e.g. a gateway that adds
    // the header the client sent already: "1.0, 1.0" (breaker22 Z02).
    if let Some((first, _)) = v.split_once(',') {
        let first = first.trim().trim_start_matches(['v', 'V']);
        return (!first.is_empty() && !first.starts_with('0')).then_some(
            "with several comma-separated values (A2A-Version header lines combined as RFC 9110 §5.3 allows, as when a gateway adds the header a client already sent): A2A-Version carries one Major.Minor (\"1.0\")",
        );
    }
    if let Some(why) = version_without_digits(v) {
        return Some(why);
    }
    let parts: Vec<&str> = v.split('.').collect();
    let numeric = |p: &str| !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit());
    if parts.len() == 2 && parts.iter().all(|p| numeric(p)) {
        return None;
    }
    let major = parts[0].trim_start_matches(['v', 'V']);
    if major == "0" || !numeric(major) {
        return None;
    }
    Some(
        if parts.len() > 2
            && parts
                .iter()
                .all(|p| numeric(p.trim_start_matches(['v', 'V'])))
        {
            "with a patch number: A2A-Version is Major.Minor (\"1.0\"), patch versions are not negotiated"
        } else {
            "which is not Major.Minor (\"1.0\")"
        },
    )
}

/// VER-MIX-001 message for a part member of the other generation ([`a2a::part_member_mix`])
/// in `who` ("the agent's result of message/send"): what was sent, what the dialect of `c`
/// reads, and what is lost.
pub(super) fn part_mix_message(who: &str, c: &Call, m: &a2a::PartMemberMix) -> String {
    let d = c.dialect.map(Dialect::as_str).unwrap_or("this");
    if m.found == "update" {
        return format!(
            "{who} carries the task status message under update, the 0.3 proto's TaskStatus field name (its JSON name is message): a {d} reader sees no status.message and loses the agent's message (the question of an input-required task)"
        );
    }
    if m.found == "file" {
        return format!(
            "{who} carries a 0.x file object on a part beside the {d} member {}: a {d} reader ignores file as unknown (DATA-003), so whatever it holds (a mimeType, a name, another file) is lost; a 1.0 part names its file by url or raw with mediaType and filename beside it",
            m.expected
        );
    }
    let (gen, lost) = match m.found {
        "mimeType" | "mediaType" => (
            if m.found == "mimeType" { "0.x" } else { "1.0" },
            "media type",
        ),
        _ => (if m.found == "name" { "0.x" } else { "1.0" }, "file name"),
    };
    format!(
        "{who} names a part's {lost} with the {gen} member {} where {d} uses {}: a {d} reader ignores the unknown member and loses the {lost}",
        m.found, m.expected
    )
}

/// DATA-SHAPE-008 message: `what` (the agent's object) carries `names`, members a2a.proto's
/// Task does not define (breaker18a W7).
pub(super) fn task_outside_proto_msg(what: &str, names: &[&str]) -> String {
    format!(
        "{what} carries {}, which a2a.proto's Task does not define (id, contextId, status, artifacts, history, metadata): a reader that ignores unknown fields (DATA-003) loses them, and a ProtoJSON parser with default options rejects the Task (a2a-sdk 1.1: \"has no field named {}\")",
        names.join(", "),
        names[0]
    )
}

/// DATA-SHAPE-008 message: `what` (the agent's reply Message on wire version `d`) carries
/// `names`, members only a Task has (`artifacts`, `status`, `history`; breaker54). On 1.0
/// the ProtoJSON parser's refusal is named too; 0.x JSON readers drop the members.
pub(super) fn message_outside_proto_msg(what: &str, names: &[&str], d: Dialect) -> String {
    let (defines, reject) = if d == Dialect::V1_0 {
        (
            "a2a.proto's Message".to_string(),
            format!(
                ", and a ProtoJSON parser with default options rejects the Message (\"has no field named {}\")",
                names[0]
            ),
        )
    } else {
        (
            format!("the {} schema's Message", d.as_str()),
            String::new(),
        )
    };
    format!(
        "{what} carries {}, which only a Task has: {defines} defines none of {} (messageId, contextId, taskId, role, parts, metadata, extensions, referenceTaskIds), so a reader that ignores unknown fields (DATA-003) drops what the agent put there, its output{reject}; answer with a Task that holds it, or put the content in the message's parts",
        names.join(", "),
        if names.len() == 1 { "it" } else { "them" },
    )
}

/// DATA-SHAPE-008 message for the tasks of a 1.0 ListTasks answer (`call`, the call's name on
/// its binding; `total` rows listed): `rows` holds (row index, pointer, members a2a.proto's
/// Task does not define) of every row carrying such members, in row order, never empty.
/// One message per call names the rows (`tasks[i]`, the first five) and the members of each
/// distinct set once (fix19v V1, breaker18a W7).
pub(super) fn list_rows_outside_proto_msg(
    call: &str,
    total: usize,
    rows: &[(usize, String, Vec<&str>)],
) -> String {
    let mut union: Vec<&str> = Vec::new();
    for n in rows.iter().flat_map(|(_, _, n)| n) {
        if !union.contains(n) {
            union.push(n);
        }
    }
    let mut named: Vec<String> = rows
        .iter()
        .take(5)
        .map(|(i, _, _)| format!("tasks[{i}]"))
        .collect();
    if rows.len() > 5 {
        named.push(format!("{} more", rows.len() - 5));
    }
    let subject = if rows.len() == 1 {
        format!(
            "the {call} answer's row {} (of {total} listed tasks) carries",
            named[0]
        )
    } else {
        format!(
            "the {call} answer's rows {} ({} of {total} listed tasks) carry",
            named.join(", "),
            rows.len()
        )
    };
    let mut members = union.join(", ");
    if rows.iter().any(|(_, _, n)| *n != rows[0].2) {
        let each: Vec<String> = rows
            .iter()
            .take(5)
            .map(|(i, _, n)| format!("tasks[{i}]: {}", n.join(", ")))
            .collect();
        members = format!("{members} ({})", each.join("; "));
    }
    format!(
        "{subject} {members}, which a2a.proto's Task does not define (id, contextId, status, artifacts, history, metadata): a reader that ignores unknown fields (DATA-003) loses them, and a ProtoJSON parser with default options rejects the whole ListTasksResponse (a2a-sdk 1.1: \"has no field named {}\")",
        union[0]
    )
}

/// The part style a send's message `m` is judged in: [`part_style`], except on JSON-RPC
/// when a 0.x method (`message/send`, `message/stream`) is called with `A2A-Version: 1.0`
/// (VER-MIX-002, VER-001; qntx/ra2a #20, field f383) and the message is a 1.0 message (no
/// `kind`, a `ROLE_*` role): the method is the slip, and VER-MIX-002 says so; the message is
/// judged as the 1.0 message it is, not charged with 0.x's `kind`. (The mirror, a 0.x
/// message under `SendMessage`, is judged by 1.0 rules already, which tell its `kind` as
/// VER-MIX-002 too.)
pub(super) fn send_message_style(c: &Call, m: &Obj) -> Option<a2a::PartStyle> {
    let style = part_style(c)?;
    if c.binding != Some(Binding::JsonRpc) || c.misnamed.is_some() {
        return Some(style);
    }
    let declared = c.header_version.as_deref().and_then(Dialect::from_version);
    let role = m.get("role").and_then(Json::as_str);
    let v1_shaped = m.get("kind").is_none() && role.is_some_and(|r| r.starts_with("ROLE_"));
    Some(match style {
        a2a::PartStyle::V0Rpc if declared == Some(Dialect::V1_0) && v1_shaped => a2a::PartStyle::V1,
        s => s,
    })
}

pub(super) fn part_style(c: &Call) -> Option<a2a::PartStyle> {
    match (c.dialect?, c.binding?) {
        (Dialect::V1_0, _) => Some(a2a::PartStyle::V1),
        (_, Binding::JsonRpc) => Some(a2a::PartStyle::V0Rpc),
        (_, Binding::Rest | Binding::Grpc) => Some(a2a::PartStyle::V0Rest),
    }
}

pub(super) fn is_json_media_type(mt: &str) -> bool {
    mt == "application/json" || mt.ends_with("+json")
}

/// The one version an `A2A-Version` value lists several times (`"1.0, 1.0"`, `"1.0,1.0"`:
/// header lines combined, RFC 9110 §5.3), trimmed; `None` for one value or different ones.
pub(super) fn repeated_version(hv: &str) -> Option<&str> {
    let mut parts = hv.split(',').map(str::trim);
    let first = parts.next().filter(|v| !v.is_empty())?;
    let mut more = false;
    for p in parts {
        if p != first {
            return None;
        }
        more = true;
    }
    more.then_some(first)
}

/// Whether an HTTP 415 answer is ContentTypeNotSupportedError (-32005, ERR-002: 1.0.0 gave
/// it HTTP 415), a part's media type the agent does not take, rather than a refusal of the
/// request body's Content-Type: its body names the error (its reason, 1.0.0's
/// problem+json type URI `.../content-type-not-supported`, the code) or one of the
/// request's part media types, as written or with the body's JSON escapes undone
/// (`image\/png`, `image\u002fpng`: RFC 8259 §7; fix51, the kind of 8bc236f0d).
///
/// A part media type that is also the request's own Content-Type (a `text/plain` body with
/// a `text/plain` text part) does not tell the two apart: a 415 naming it refuses the body
/// (review29a).
pub(super) fn refusal_names_part_type(x: &Exch, c: &Call) -> bool {
    let body = x.resp_decoded().unwrap_or_default();
    let sent_as = x.req_media().unwrap_or_default();
    let unescaped = json_unescaped(&body);
    let names =
        |m: &[u8]| contains(&body, m) || unescaped.as_deref().is_some_and(|u| contains(u, m));
    contains(&body, b"CONTENT_TYPE_NOT_SUPPORTED")
        || contains(&body, b"content-type-not-supported")
        || contains(&body, b"-32005")
        || request_part_media_types(c.params.json())
            .iter()
            .filter(|m| !m.eq_ignore_ascii_case(&sent_as))
            .any(|m| names(m.as_bytes()))
}

/// `body` with the JSON string escapes that may stand for a media type's characters undone
/// (`\/` and `\uXXXX`, RFC 8259 §7; others kept as written); `None` when it has no
/// backslash. Bytes, so a body that is no JSON passes through unchanged.
fn json_unescaped(body: &[u8]) -> Option<Vec<u8>> {
    if !body.contains(&b'\\') {
        return None;
    }
    let mut out = Vec::with_capacity(body.len());
    let mut i = 0;
    while i < body.len() {
        if body[i] == b'\\' {
            match body.get(i + 1) {
                Some(b'/') => {
                    out.push(b'/');
                    i += 2;
                    continue;
                }
                Some(b'u') => {
                    let ch = body
                        .get(i + 2..i + 6)
                        .and_then(|h| std::str::from_utf8(h).ok())
                        .and_then(|h| u32::from_str_radix(h, 16).ok())
                        .and_then(char::from_u32);
                    if let Some(ch) = ch {
                        let mut buf = [0u8; 4];
                        out.extend_from_slice(ch.encode_utf8(&mut buf).as_bytes());
                        i += 6;
                        continue;
                    }
                }
                Some(b'\\') => {
                    out.extend_from_slice(b"\\\\");
                    i += 2;
                    continue;
                }
                _ => {}
            }
        }
        out.push(body[i]);
        i += 1;
    }
    Some(out)
}

/// A message's parts list and its member name (`parts`, 0.3 REST `content`).
pub(super) fn message_parts<'a, 'b>(m: &'a Obj<'b>) -> Option<(&'static str, &'a Json<'b>)> {
    m.get("parts")
        .map(|p| ("parts", p))
        .or_else(|| m.get("content").map(|p| ("content", p)))
}

pub(super) fn find_kind(o: &Obj, base: &str) -> Option<String> {
    if o.contains_key("kind") {
        return Some(format!("{base}/kind"));
    }
    if let Some(Json::Array(parts)) = o.get("parts") {
        for (i, p) in parts.iter().enumerate() {
            if p.get("kind").is_some() {
                return Some(format!("{base}/parts/{i}/kind"));
            }
        }
    }
    None
}

/// The rule a task state spelling breaks in a dialect and binding (TASK-008, DATA-001,
/// VER-002), with the reason; `None` when the spelling is right.
pub(super) fn state_spelling_problem(
    raw: &str,
    st: Option<TaskState>,
    dialect: Option<Dialect>,
    binding: Option<Binding>,
) -> Option<(&'static Rule, String)> {
    let proto_expected = match (dialect, binding) {
        (Some(Dialect::V1_0), _) => Some(true),
        (Some(_), Some(Binding::Rest | Binding::Grpc)) => Some(true),
        (Some(_), Some(Binding::JsonRpc)) => Some(false),
        _ => None,
    };
    // Not a state of any dialect, or UNSPECIFIED: invalid (TASK-008). A 1.0 proto enum
    // name in a 0.x JSON-RPC task: invalid too, the 0.x TaskState enum (DATA-005, 0.3
    // schema) has only lowercase names, so a client of that dialect cannot parse it. Other
    // valid states in another dialect's spelling: a dialect mix (VER-002, DATA-001).
    match (st, proto_expected) {
        (None, _) => Some((&r::TASK_STATE_INVALID, "is not a task state".to_string())),
        (Some(TaskState::Unspecified), _) => Some((
            &r::TASK_STATE_INVALID,
            "is TASK_STATE_UNSPECIFIED on a live task".into(),
        )),
        // 1.0 JSON is ProtoJSON of the normative proto (1.0:§1.4, DATA-001): a 1.0 client
        // cannot parse "completed" (ggcode PR #2515: it waits forever on a done task).
        (Some(_), Some(true))
            if !TaskState::is_proto_spelling(raw) && dialect == Some(Dialect::V1_0) =>
        {
            Some((
                &r::TASK_STATE_INVALID,
                "is the 0.x spelling; 1.0 clients only parse the TASK_STATE_* names".into(),
            ))
        }
        // The same on 0.3 HTTP+JSON (breaker19a Y8, consistent with the CANCELED mirror
        // below): its JSON is ProtoJSON of the 0.3 proto (REST-003), whose TaskState enum
        // has only TASK_STATE_* names, so a 0.3 REST client cannot parse "completed"
        // (a2a-go #370).
        (Some(_), Some(true))
            if !TaskState::is_proto_spelling(raw)
                && dialect == Some(Dialect::V0_3)
                && binding.is_some_and(Binding::bare_params) =>
        {
            Some((
                &r::TASK_STATE_INVALID,
                "is the 0.3 JSON-RPC spelling; 0.3 HTTP+JSON clients (ProtoJSON of the 0.3 proto) only parse the TASK_STATE_* names".into(),
            ))
        }
        (Some(_), Some(true)) if !TaskState::is_proto_spelling(raw) => Some((
            &r::VER_MIXED_PAYLOAD,
            "is the 0.x spelling where this binding uses TASK_STATE_* names".into(),
        )),
        // The 1.0 proto's enum has TASK_STATE_CANCELED only: a 1.0 ProtoJSON client cannot
        // parse the 0.3 proto's TASK_STATE_CANCELLED any more than "completed".
        (Some(_), Some(true))
            if raw == "TASK_STATE_CANCELLED" && dialect == Some(Dialect::V1_0) =>
        {
            Some((
                &r::TASK_STATE_INVALID,
                "is the 0.3 spelling; 1.0 clients only parse TASK_STATE_CANCELED".into(),
            ))
        }
        // The mirror (breaker8 G23): the 0.3 proto's enum has TASK_STATE_CANCELLED only,
        // and a 0.3 HTTP+JSON client (ProtoJSON of that proto, REST-003) cannot parse the
        // 1.0 spelling.
        (Some(_), Some(true))
            if raw == "TASK_STATE_CANCELED"
                && dialect == Some(Dialect::V0_3)
                && binding.is_some_and(Binding::bare_params) =>
        {
            Some((
                &r::TASK_STATE_INVALID,
                "is the 1.0 spelling; 0.3 HTTP+JSON clients only parse TASK_STATE_CANCELLED".into(),
            ))
        }
        (Some(_), Some(false)) if TaskState::is_proto_spelling(raw) => Some((
            &r::TASK_STATE_INVALID,
            "is a 1.0 proto enum name; 0.x JSON-RPC clients only parse the lowercase states".into(),
        )),
        // breaker29 A04: 0.1.0's TaskState enum (0.1 schema) has no rejected and no
        // auth-required (0.2 added both): a 0.1 client's enum parse fails on them.
        (Some(TaskState::Rejected | TaskState::AuthRequired), Some(false))
            if dialect == Some(Dialect::V0_1) =>
        {
            Some((
                &r::TASK_STATE_INVALID,
                "is no state of 0.1.0, whose TaskState is submitted, working, input-required, completed, canceled, failed or unknown (rejected and auth-required came with 0.2)".into(),
            ))
        }
        _ => None,
    }
}

/// JSON Pointer of a 0.x `kind` member in a 1.0 task or message object: on the object,
/// its parts, or its artifacts' parts (DATA-001).
/// VER-MIX-001 message (breaker17a U8, session16 leftover V4) for a 0.x JSON-RPC object (its
/// `kind` at `kind_ptr`, on the object or a part) inside the ProtoJSON oneof wrapper `p` of
/// dialect `d` (1.0, or a 0.x HTTP+JSON answer: the 0.3 proto's form): `what` names the
/// event or answer; `stream` picks StreamResponse over SendMessageResponse. Names which
/// dialect's object sits in which wrapper, the 0.x members it carries (kind, a lowercase
/// state, final) and what a ProtoJSON reader does with them.
pub(super) fn kind_in_wrapper_msg(
    what: &str,
    d: Dialect,
    p: &a2a::Payload<'_>,
    kind_ptr: &str,
    stream: bool,
) -> String {
    let member = p.pointer.rsplit('/').next().unwrap_or("task");
    let thing = if stream { "event" } else { "answer" };
    // mine55 (nexent PR #3576): a part's 0.1 `type` (found by kind_in_payload) in a 1.0
    // object, which is no 0.x JSON-RPC object either.
    if d == Dialect::V1_0 && kind_ptr.ends_with("/type") {
        let wrapper = if stream {
            "StreamResponse"
        } else {
            "SendMessageResponse"
        };
        let rel = kind_ptr
            .strip_prefix(p.pointer.as_str())
            .unwrap_or(kind_ptr);
        return format!(
            "{what} is the 1.0 {wrapper} wrapper {{\"{member}\": ...}} around an object whose part carries the 0.1 draft's discriminator type ({rel}; 0.2 and 0.3 renamed it kind): 1.0 JSON is ProtoJSON of a2a.proto, whose Part is the oneof of text, raw, url and data with no type member: a reader that ignores unknown fields (DATA-003) drops it, and a ProtoJSON parser with default options rejects the {thing}; write each part as its oneof member alone ({{\"text\": ...}}, {{\"url\": ..., \"mediaType\": ...}}, {{\"data\": ...}}), with no type or kind"
        );
    }
    let obj = match p.kind {
        PayloadKind::Task => "Task",
        PayloadKind::Message => "Message",
        PayloadKind::StatusUpdate => "status-update",
        PayloadKind::ArtifactUpdate => "artifact-update",
    };
    let mut carries = match p.inner.get("kind").and_then(Json::as_str) {
        Some(k) => vec![format!("kind \"{k}\"")],
        None => vec![format!(
            "kind on {}",
            kind_ptr
                .strip_prefix(p.pointer.as_str())
                .unwrap_or(kind_ptr)
        )],
    };
    if let Some(st) = p
        .inner
        .get("status")
        .and_then(|s| s.get("state"))
        .and_then(Json::as_str)
        .filter(|s| TaskState::parse(s).is_some() && !TaskState::is_proto_spelling(s))
    {
        carries.push(format!("the 0.x state \"{st}\""));
    }
    if p.kind == PayloadKind::StatusUpdate && p.inner.contains_key("final") {
        carries.push("final".into());
    }
    let wrapper = if stream {
        "StreamResponse"
    } else {
        "SendMessageResponse"
    };
    let (wrapper, why) = if d == Dialect::V1_0 {
        (
            format!("the 1.0 {wrapper} wrapper {{\"{member}\": ...}}"),
            format!("1.0 JSON is ProtoJSON of a2a.proto, which has no kind: a reader that ignores unknown fields (DATA-003) drops it, and a ProtoJSON parser with default options rejects the {thing}"),
        )
    } else {
        (
            format!("the 0.3 proto's {wrapper} wrapper {{\"{member}\": ...}} of the {} HTTP+JSON binding", d.as_str()),
            format!("the HTTP+JSON form is read as ProtoJSON of the 0.3 proto, which has no kind (the SDKs' reading; the 0.3 prose only asks for structures equivalent to the core ones, REST-003): a2a-python 0.3's HTTP+JSON client parses each {thing} with protobuf Parse, which rejects the unknown field kind"),
        )
    };
    format!(
        "{what} is {wrapper} around a 0.x JSON-RPC {obj} ({}): {why}; put the {} {obj} in the wrapper (no kind, TASK_STATE_* states)",
        carries.join(", "),
        if d == Dialect::V1_0 { "1.0" } else { "0.3 proto's" }
    )
}

/// ` (kind is also on its parts (/task/parts/0/kind) and its artifacts' parts (...))` for
/// the places after the first
/// of [`rest03_kind`]'s pointers `at` below `base`; empty when there is one.
pub(super) fn kind_also_on(base: &str, at: &[String]) -> String {
    let places: Vec<String> = at
        .iter()
        .skip(1)
        .map(|p| {
            if p.get(base.len()..)
                .is_some_and(|r| r.starts_with("/artifacts"))
            {
                format!("its artifacts' parts ({p})")
            } else {
                format!("its parts ({p})")
            }
        })
        .collect();
    if places.is_empty() {
        String::new()
    } else {
        format!(" (kind is also on {})", places.join(" and "))
    }
}

/// The member a part `p` carries to say which kind of part it is, which 1.0's Part (the
/// oneof of text, raw, url and data) has none of: 0.2's and 0.3's `kind`, or the 0.1
/// draft's `type` when it names a part kind ("text", "file", "data"). mine55 (nexent PR
/// #3576: parts written `{"type": "text", "text": ...}` in 1.0 answers). A `type` key with
/// another value, or one inside `data` or `metadata`, is the agent's own and not judged.
pub(super) fn part_discriminator(p: &Json) -> Option<&'static str> {
    if p.get("kind").is_some() {
        return Some("kind");
    }
    match p.get("type").and_then(Json::as_str) {
        Some("text" | "file" | "data") => Some("type"),
        _ => None,
    }
}

/// Words for the discriminator at the end of JSON Pointer `at` (from [`kind_in_payload`]):
/// `("the 0.x member kind", "kind")`, or for the 0.1 draft's part `type`
/// `("the 0.1 draft's part discriminator type (0.2 and 0.3 renamed it kind)", "type")`.
pub(super) fn discriminator_words(at: &str) -> (&'static str, &'static str) {
    if at.ends_with("/type") {
        (
            "the 0.1 draft's part discriminator type (0.2 and 0.3 renamed it kind)",
            "type",
        )
    } else {
        ("the 0.x member kind", "kind")
    }
}

/// JSON Pointer of the first 0.x discriminator in a 1.0 Task, Message or update object `o`
/// at `base` (DATA-001, VER-002): `kind` on the object, or a part's `kind` (or 0.1's part
/// `type`, [`part_discriminator`]) on its parts, its status message (or that message's
/// parts), a history message (or its parts), an artifact's parts (`artifacts` of a Task,
/// `artifact` of an artifactUpdate). mine54 (vellum-assistant PR #30925): the nested
/// messages and the update's artifact were not searched, so a 1.0 stream, push or send
/// answer whose only `kind` sat there was silent; mine55 (nexent PR #3576): a part's 0.1
/// `type` was not searched at all. `None` when there is none.
pub(super) fn kind_in_payload(o: &Obj, base: &str) -> Option<String> {
    if o.contains_key("kind") {
        return Some(jptr(base, &[Key("kind")]));
    }
    // The index of the first part with a discriminator and the member's name; its
    // pointer is built only then.
    let kind_at = |v: Option<&Json>| {
        v.and_then(Json::as_array).and_then(|ps| {
            ps.iter()
                .enumerate()
                .find_map(|(i, p)| part_discriminator(p).map(|k| (i, k)))
        })
    };
    if let Some((i, k)) = kind_at(o.get("parts")) {
        return Some(jptr(base, &[Key("parts"), Index(i), Key(k)]));
    }
    // A nested message: `kind` on itself or a discriminator on one of its parts, below `at`.
    let in_message = |m: &Json, at: &[crate::model::json::Seg]| -> Option<String> {
        let m = m.as_object()?;
        if m.contains_key("kind") {
            let mut k = at.to_vec();
            k.push(Key("kind"));
            return Some(jptr(base, &k));
        }
        kind_at(m.get("parts")).map(|(i, d)| {
            let mut k = at.to_vec();
            k.extend([Key("parts"), Index(i), Key(d)]);
            jptr(base, &k)
        })
    };
    if let Some(hit) = o
        .get("status")
        .and_then(|s| s.get("message"))
        .and_then(|m| in_message(m, &[Key("status"), Key("message")]))
    {
        return Some(hit);
    }
    if let Some(hit) = o.get("history").and_then(Json::as_array).and_then(|h| {
        h.iter()
            .enumerate()
            .find_map(|(i, m)| in_message(m, &[Key("history"), Index(i)]))
    }) {
        return Some(hit);
    }
    if let Some((i, k)) = o.get("artifact").and_then(|a| kind_at(a.get("parts"))) {
        return Some(jptr(
            base,
            &[Key("artifact"), Key("parts"), Index(i), Key(k)],
        ));
    }
    o.get("artifacts")
        .and_then(Json::as_array)?
        .iter()
        .enumerate()
        .find_map(|(a, art)| {
            kind_at(art.get("parts")).map(|(i, k)| {
                jptr(
                    base,
                    &[Key("artifacts"), Index(a), Key("parts"), Index(i), Key(k)],
                )
            })
        })
}

/// VER-MIX-001 (REST-003, DATA-001; breaker19a Y8, a2a-go #370): a 0.3 HTTP+JSON Task or
/// Message `o` at JSON Pointer `base` (a "send result", a "task result": `what`) that
/// carries the 0.3 JSON-RPC member `kind` on itself, its parts or its artifacts' parts.
/// Returns the message, naming each kind of place, and the pointer of the first `kind` in
/// each; `None` when there is none.
pub(super) fn rest03_kind(what: &str, o: &Obj, base: &str) -> Option<(String, Vec<String>)> {
    let first_part = |v: Option<&Json>| {
        v.and_then(Json::as_array)
            .and_then(|ps| ps.iter().position(|p| p.get("kind").is_some()))
    };
    let mut at: Vec<(&str, String)> = Vec::new();
    if o.contains_key("kind") {
        at.push(("the object", jptr(base, &[Key("kind")])));
    }
    // A 0.3 proto Message holds its parts under `content`.
    for member in ["parts", "content"] {
        if let Some(i) = first_part(o.get(member)) {
            at.push((
                "its parts",
                jptr(base, &[Key(member), Index(i), Key("kind")]),
            ));
            break;
        }
    }
    if let Some(arts) = o.get("artifacts").and_then(Json::as_array) {
        if let Some((a, i)) = arts
            .iter()
            .enumerate()
            .find_map(|(a, art)| first_part(art.get("parts")).map(|i| (a, i)))
        {
            at.push((
                "its artifacts' parts",
                jptr(
                    base,
                    &[
                        Key("artifacts"),
                        Index(a),
                        Key("parts"),
                        Index(i),
                        Key("kind"),
                    ],
                ),
            ));
        }
    }
    if at.is_empty() {
        return None;
    }
    let places = at
        .iter()
        .map(|(w, p)| format!("{w} ({p})"))
        .collect::<Vec<_>>()
        .join(" and ");
    Some((
        format!(
            "0.3 HTTP+JSON {what} carries the 0.3 JSON-RPC member kind on {places}: the 0.3 proto this binding's JSON follows has no kind anywhere (a part is text, file or data by its member), so a ProtoJSON client that rejects unknown fields cannot parse it; answer in the binding's shape, not the JSON-RPC one"
        ),
        at.into_iter().map(|(_, p)| p).collect(),
    ))
}

/// Last path segment (`message:stream`, `tasks/t1:subscribe` → `t1:subscribe`).
pub(super) fn last_segment(path: &str) -> String {
    net::segments(path)
        .last()
        .map(|s| s.to_string())
        .unwrap_or_default()
}

//! left55: last session's known misses in the verifier and the redactor.
//!
//! Item 1 (xagent #1171, field case f1128's kind): a call on a task this recording saw
//! finished (a message, a subscribe, a cancel), refused with an answer that carries no A2A
//! error at all: a web framework's `{"detail": "..."}` 400 / 422, a plain-text 400. Before,
//! the finding judged only the answer's shape in generic words (RPC-ENVELOPE-001 "a request
//! validator's refusal", REST-ERROR-001 "is not the AIP-193 shape"), saying nothing of the
//! finished task or of the error the digest wants for it. After, the same rule's finding
//! says the task was seen finished and names the error: UnsupportedOperationError for a
//! message (TASK-002) or a 1.0 subscribe (TASK-004), TaskNotCancelableError for a cancel
//! (TASK-003), in the binding's form (ERR-002, ERR-003, RPC-002). The legal neighbours: the
//! same refusal of a call on a task still working keeps the generic words; the right A2A
//! error on either binding is silent.

use crate::common;

use a2a_interop::verify::VerifyOutcome;
use serde_json::{json, Value};
use std::sync::atomic::{AtomicUsize, Ordering};

static SEQ: AtomicUsize = AtomicUsize::new(0);

/// Judges the transcript `lines` (TRANSCRIPT.md's format) offline, written to a temp file
/// of a name unique to this process and call.
pub(crate) fn judge(lines: &[Value]) -> VerifyOutcome {
    let n = SEQ.fetch_add(1, Ordering::Relaxed);
    let path = std::env::temp_dir().join(format!(
        "left55-{}-{n}-{:?}.jsonl",
        std::process::id(),
        std::thread::current().id()
    ));
    let text: String = lines.iter().map(|l| format!("{l}\n")).collect();
    std::fs::write(&path, text).unwrap();
    let out = common::verify_file(&path);
    let _ = std::fs::remove_file(&path);
    out
}

const HOST: &str = "https://agent.example.test";

/// A 1.0 card whose one interface is `binding` at `/a2a`.
fn card(binding: &str) -> Vec<Value> {
    let card = json!({
        "name": "Helper", "description": "Answers questions",
        "supportedInterfaces": [{"url": format!("{HOST}/a2a"), "protocolBinding": binding, "protocolVersion": "1.0"}],
        "version": "1.0.0",
        "capabilities": {"streaming": true, "pushNotifications": false},
        "defaultInputModes": ["text/plain"], "defaultOutputModes": ["text/plain"],
        "skills": [{"id": "qa", "name": "Q&A", "description": "Answers questions", "tags": ["qa"]}]
    });
    vec![
        json!({"dir": "req", "t": 0.0, "method": "GET", "url": format!("{HOST}/.well-known/agent-card.json"), "headers": {"accept": "application/json"}, "body": ""}),
        json!({"dir": "resp", "t": 0.01, "status": 200, "headers": {"content-type": "application/json", "cache-control": "max-age=300", "etag": "\"v1\""}, "body": card.to_string()}),
    ]
}

/// A 1.0 request line at time `t`: JSON-RPC `method` with `params` at `/a2a`, or the
/// HTTP+JSON route `rest` (verb, path under `/a2a`) with body `params`.
fn request(t: f64, rpc: bool, method: &str, rest: (&str, &str), params: &Value) -> Value {
    let headers = json!({"content-type": "application/json", "accept": "application/json, text/event-stream", "a2a-version": "1.0"});
    if rpc {
        let body =
            json!({"jsonrpc": "2.0", "id": format!("r{t}"), "method": method, "params": params});
        json!({"dir": "req", "t": t, "method": "POST", "url": format!("{HOST}/a2a"), "headers": headers, "body": body.to_string()})
    } else {
        let body = if rest.0 == "GET" {
            String::new()
        } else {
            params.to_string()
        };
        json!({"dir": "req", "t": t, "method": rest.0, "url": format!("{HOST}/a2a{}", rest.1), "headers": headers, "body": body})
    }
}

/// The first send (a task `t1` answered in `state`) and then `call` (`"send"`, `"cancel"`
/// or `"subscribe"`) on `t1`, refused with HTTP `status`, media type `media`, body `body`.
pub(crate) fn after_task(
    rpc: bool,
    state: &str,
    call: &str,
    status: u16,
    media: &str,
    body: &str,
) -> Vec<Value> {
    let mut lines = card(if rpc { "JSONRPC" } else { "HTTP+JSON" });
    let msg = |id: &str, task: Option<&str>| {
        let mut m =
            json!({"messageId": id, "role": "ROLE_USER", "parts": [{"text": "draft the notes"}]});
        if let Some(t) = task {
            m["taskId"] = json!(t);
            m["contextId"] = json!("c1");
        }
        json!({"message": m})
    };
    lines.push(request(
        0.2,
        rpc,
        "SendMessage",
        ("POST", "/message:send"),
        &msg("m1", None),
    ));
    let mut task = json!({"id": "t1", "contextId": "c1", "status": {"state": state, "timestamp": "2026-03-02T10:15:00.000Z"}});
    if state == "TASK_STATE_COMPLETED" {
        task["artifacts"] = json!([{"artifactId": "a1", "parts": [{"text": "v2.1"}]}]);
    }
    let result = json!({"task": task});
    let body1 = if rpc {
        json!({"jsonrpc": "2.0", "id": "r0.2", "result": result}).to_string()
    } else {
        result.to_string()
    };
    lines.push(json!({"dir": "resp", "t": 2.0, "status": 200, "headers": {"content-type": "application/json"}, "body": body1}));
    let req = match call {
        "send" => request(
            9.0,
            rpc,
            "SendMessage",
            ("POST", "/message:send"),
            &msg("m2", Some("t1")),
        ),
        "cancel" => request(
            9.0,
            rpc,
            "CancelTask",
            ("POST", "/tasks/t1:cancel"),
            &json!({"id": "t1"}),
        ),
        _ => request(
            9.0,
            rpc,
            "SubscribeToTask",
            ("POST", "/tasks/t1:subscribe"),
            &json!({"id": "t1"}),
        ),
    };
    lines.push(req);
    lines.push(json!({"dir": "resp", "t": 9.01, "status": status, "headers": {"content-type": media}, "body": body}));
    lines
}

/// The (rule, message) pairs of `out`'s findings at error severity.
pub(crate) fn errors(out: &VerifyOutcome) -> Vec<(String, String)> {
    out.findings
        .iter()
        .filter(|f| f.severity.as_str() == "error")
        .map(|f| (f.rule.clone(), f.message.clone()))
        .collect()
}

const DETAIL: &str = "{\"detail\":\"Messages cannot be appended to a terminal A2A task\"}";

/// Every call on a finished task (message, cancel, subscribe), both bindings, a framework's
/// JSON 400 / 422 or a plain-text 400: one finding of the binding's shape rule that names
/// the finished task and the error due. Fails before left55: the messages said "a request
/// validator's refusal" / "not the AIP-193 shape" and named neither.
#[test]
fn a_refusal_without_an_a2a_error_of_a_call_on_a_finished_task_names_the_error_due() {
    let answers = [
        (400, "application/json", DETAIL),
        (422, "application/json", DETAIL),
        (400, "text/plain", "task is finished"),
    ];
    for rpc in [true, false] {
        for call in ["send", "cancel", "subscribe"] {
            for (status, media, body) in answers {
                let case = format!("rpc={rpc} {call} {status} {media}");
                let out = judge(&after_task(
                    rpc,
                    "TASK_STATE_COMPLETED",
                    call,
                    status,
                    media,
                    body,
                ));
                let errs = errors(&out);
                let rule = if rpc {
                    "RPC-ENVELOPE-001"
                } else {
                    "REST-ERROR-001"
                };
                assert_eq!(
                    errs.len(),
                    1,
                    "{case}: one error finding expected: {errs:#?}"
                );
                let (r, m) = &errs[0];
                assert_eq!(r, rule, "{case}: {m}");
                assert!(
                    m.contains("task t1, which this recording saw in TASK_STATE_COMPLETED"),
                    "{case}: the finished task is not named: {m}"
                );
                let (name, req) = match call {
                    "cancel" => ("TaskNotCancelableError", "TASK-003"),
                    "subscribe" => ("UnsupportedOperationError", "TASK-004"),
                    _ => ("UnsupportedOperationError", "TASK-002"),
                };
                assert!(
                    m.contains(name) && m.contains(req),
                    "{case}: {name} ({req}) not named: {m}"
                );
                if rpc {
                    let code = if call == "cancel" { "-32002" } else { "-32004" };
                    assert!(m.contains(code), "{case}: code {code} not named: {m}");
                    assert!(!m.contains("request validator"), "{case}: {m}");
                } else {
                    let reason = if call == "cancel" {
                        "TASK_NOT_CANCELABLE"
                    } else {
                        "UNSUPPORTED_OPERATION"
                    };
                    assert!(
                        m.contains("HTTP 400")
                            && m.contains("FAILED_PRECONDITION")
                            && m.contains(reason),
                        "{case}: the HTTP+JSON form is not named: {m}"
                    );
                    assert!(!m.contains("is not the AIP-193 shape"), "{case}: {m}");
                }
            }
        }
    }
}

/// The legal neighbours and the other situation: the same framework refusal of a message to
/// a task waiting for input (not finished) keeps the generic words (nothing tells why the agent refused); the
/// right A2A error (-32004, HTTP 400 UNSUPPORTED_OPERATION) is no error finding.
#[test]
fn the_same_refusal_of_a_live_task_and_the_right_error_are_not_told_as_finished() {
    for rpc in [true, false] {
        let out = judge(&after_task(
            rpc,
            "TASK_STATE_INPUT_REQUIRED",
            "send",
            400,
            "application/json",
            DETAIL,
        ));
        let errs = errors(&out);
        assert_eq!(errs.len(), 1, "rpc={rpc}: {errs:#?}");
        assert!(
            !errs[0].1.contains("which this recording saw in"),
            "rpc={rpc}: an input-required task is not finished: {}",
            errs[0].1
        );
    }
    let rpc_right = json!({"jsonrpc": "2.0", "id": "r9", "error": {"code": -32004, "message": "task is finished"}}).to_string();
    let mut lines = after_task(
        true,
        "TASK_STATE_COMPLETED",
        "send",
        200,
        "application/json",
        &rpc_right,
    );
    let out = judge(&lines);
    assert!(errors(&out).is_empty(), "{:#?}", errors(&out));
    let rest_right = json!({"error": {"code": 400, "status": "FAILED_PRECONDITION", "message": "task is finished",
        "details": [{"@type": "type.googleapis.com/google.rpc.ErrorInfo", "reason": "UNSUPPORTED_OPERATION", "domain": "a2a-protocol.org"}]}})
    .to_string();
    lines = after_task(
        false,
        "TASK_STATE_COMPLETED",
        "send",
        400,
        "application/json",
        &rest_right,
    );
    let out = judge(&lines);
    assert!(errors(&out).is_empty(), "{:#?}", errors(&out));
}

// ---------------------------------------------------------------- item 2

/// The lines of field or variant case `path` (under tests/cases), parsed.
fn case_lines(path: &str) -> Vec<Value> {
    let p = common::repo_root().join("tests/cases").join(path);
    std::fs::read_to_string(&p)
        .unwrap_or_else(|e| panic!("{}: {e}", p.display()))
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

/// `lines` with the body of its push delivery (the request to the webhook `hook`)
/// replaced by `body`.
fn with_push_body(mut lines: Vec<Value>, hook: &str, body: &Value) -> Vec<Value> {
    let at = lines
        .iter()
        .position(|l| l["dir"] == "req" && l["url"].as_str().is_some_and(|u| u.contains(hook)))
        .expect("a push delivery");
    lines[at]["body"] = json!(body.to_string());
    lines
}

/// `lines` with the body of its push delivery to `hook` replaced by the text `body` (a JSON
/// string value), byte for byte.
fn with_push_body_text(mut lines: Vec<Value>, hook: &str, body: &Value) -> Vec<Value> {
    let at = lines
        .iter()
        .position(|l| l["dir"] == "req" && l["url"].as_str().is_some_and(|u| u.contains(hook)))
        .expect("a push delivery");
    lines[at]["body"] = body.clone();
    lines
}

/// The messages of `out`'s findings of rule `id`.
fn messages_of(out: &VerifyOutcome, id: &str) -> Vec<String> {
    out.findings
        .iter()
        .filter(|f| f.rule == id)
        .map(|f| f.message.clone())
        .collect()
}

/// PUSH-BODY-001 (DATA-001, PUSH-004) names every proto field name of a 1.0 push body, not
/// the first alone: f1134's push writes context_id, artifact_id and media_type, and the
/// finding names all three (before: context_id only). Six distinct names: the first five
/// and "(and 1 more)", each named one with its pointer as evidence. One name keeps the old
/// words. Fails before left55: the messages named one proto field name.
#[test]
fn push_body_001_names_every_proto_field_name_of_a_1_0_push() {
    let out = common::verify_field("f1134-v10-push-body-proto-field-names");
    let m = messages_of(&out, "PUSH-BODY-001");
    assert_eq!(m.len(), 1, "{m:#?}");
    for (snake, camel) in [
        ("context_id", "contextId"),
        ("artifact_id", "artifactId"),
        ("media_type", "mediaType"),
    ] {
        assert!(
            m[0].contains(snake) && m[0].contains(camel),
            "{snake} not named: {}",
            m[0]
        );
    }
    assert!(
        m[0].contains("proto field names") && !m[0].contains("more)"),
        "{}",
        m[0]
    );

    let base = case_lines("field/f1134-v10-push-body-proto-field-names.jsonl");
    // a raw body: its members in this order (document order decides which five are named)
    let six: Value = json!(
        r#"{"task":{"id":"t-va-1","context_id":"c-va-1","status":{"state":"TASK_STATE_COMPLETED","timestamp":"2026-03-02T10:15:00.000Z","message":{"message_id":"m9","role":"ROLE_AGENT","context_id":"c-va-1","task_id":"t-va-1","reference_task_ids":["t0"],"parts":[{"text":"done","media_type":"text/plain"}]}},"artifacts":[{"artifact_id":"a1","parts":[{"text":"plan"}]}]}}"#
    );
    let out = judge(&with_push_body_text(base.clone(), "/a2a/push", &six));
    let f: Vec<_> = out
        .findings
        .iter()
        .filter(|f| f.rule == "PUSH-BODY-001" && f.message.contains("proto field"))
        .collect();
    assert_eq!(f.len(), 1, "{:#?}", out.findings);
    let m = &f[0].message;
    // context_id, message_id, task_id, reference_task_ids, media_type, artifact_id: 6
    // distinct (context_id twice), in document order
    assert!(
        m.contains(
            "the proto field names context_id, message_id, task_id, reference_task_ids, media_type where the JSON members are contextId, messageId, taskId, referenceTaskIds, mediaType (and 1 more)"
        ),
        "{m}"
    );
    assert_eq!(f[0].evidence.len(), 5, "{:#?}", f[0].evidence);
    assert_eq!(
        f[0].evidence[1].pointer.as_deref(),
        Some("/task/status/message/message_id")
    );

    let one = json!({"task": {"id": "t-va-1", "context_id": "c-va-1",
        "status": {"state": "TASK_STATE_COMPLETED", "timestamp": "2026-03-02T10:15:00.000Z"}}});
    let out = judge(&with_push_body(base.clone(), "/a2a/push", &one));
    let m = messages_of(&out, "PUSH-BODY-001");
    assert_eq!(
        m,
        ["1.0 push notification uses the proto field name context_id where the JSON member is contextId: a receiver reading contextId finds nothing"],
    );

    // the legal neighbour: JSON names throughout, a data part whose own JSON has snake keys
    let legal = json!({"task": {"id": "t-va-1", "contextId": "c-va-1",
        "status": {"state": "TASK_STATE_COMPLETED", "timestamp": "2026-03-02T10:15:00.000Z"},
        "artifacts": [{"artifactId": "a1", "parts": [{"data": {"task_id": "x", "context_id": "y"}}],
            "metadata": {"media_type": "z"}}]}});
    let out = judge(&with_push_body(base, "/a2a/push", &legal));
    assert!(
        messages_of(&out, "PUSH-BODY-001").is_empty(),
        "{:#?}",
        out.findings
    );
}

/// A 0.3 push of a 0.3 Task (or update) is judged below its top level with the code that
/// judges a 0.3 Task answer (0.x JSON-RPC part style): an artifact part without kind, a
/// status message without messageId, a history message in 1.0's ROLE_USER, an artifact-update
/// whose file part has both bytes and uri are PUSH-BODY-001 (DATA-004, DATA-005). Before
/// left55 each was silent. The legal 0.3 Task with its 0.3 file part (b54a-BL2) and a 0.3
/// text / data / file-with-uri mix stay silent.
#[test]
fn a_0_3_push_payload_is_judged_below_its_top_level() {
    let base = case_lines("variants/b54a-BL2-legal-v03-push-task-03-file-part.jsonl");
    let task = |extra: Value| {
        let mut t = json!({"kind": "task", "id": "t-bl2", "contextId": "c-bl2",
            "status": {"state": "completed", "timestamp": "2026-03-02T10:15:00.000Z"}});
        for (k, v) in extra.as_object().unwrap() {
            t[k] = v.clone();
        }
        t
    };
    let bad = [
        (
            "artifact part without kind",
            task(json!({"artifacts": [{"artifactId": "p", "parts": [{"text": "plan"}]}]})),
            "/artifacts/0/parts/0",
        ),
        (
            "status message without messageId",
            task(
                json!({"status": {"state": "completed", "timestamp": "2026-03-02T10:15:00.000Z",
                "message": {"kind": "message", "role": "agent", "parts": [{"kind": "text", "text": "done"}]}}}),
            ),
            "/status/message",
        ),
        (
            "history message in 1.0's role",
            task(
                json!({"history": [{"kind": "message", "messageId": "m1", "role": "ROLE_USER",
                "parts": [{"kind": "text", "text": "send the plan"}]}]}),
            ),
            "/history/0",
        ),
        (
            "artifact-update file with bytes and uri",
            json!({"kind": "artifact-update", "taskId": "t-bl2", "contextId": "c-bl2",
                "artifact": {"artifactId": "p", "parts": [{"kind": "file",
                    "file": {"uri": "https://files.example.test/p.pdf", "bytes": "AAAA"}}]}}),
            "/artifact/parts/0",
        ),
    ];
    for (what, body, at) in bad {
        let out = judge(&with_push_body(base.clone(), "/a2a/hook", &body));
        let f: Vec<_> = out
            .findings
            .iter()
            .filter(|f| f.rule == "PUSH-BODY-001")
            .collect();
        assert_eq!(f.len(), 1, "{what}: {:#?}", out.findings);
        assert!(
            f[0].message
                .starts_with("0.3 push notification payload is malformed: "),
            "{what}: {}",
            f[0].message
        );
        let ptr = f[0].evidence[0].pointer.clone().unwrap_or_default();
        assert!(
            ptr.starts_with(at),
            "{what}: pointer {ptr}, want under {at}"
        );
    }
    let legal = [
        case_lines("variants/b54a-BL2-legal-v03-push-task-03-file-part.jsonl"),
        with_push_body(
            base.clone(),
            "/a2a/hook",
            &task(json!({
                "history": [{"kind": "message", "messageId": "m1", "role": "user", "parts": [{"kind": "text", "text": "send the plan"}]}],
                "artifacts": [{"artifactId": "p", "parts": [{"kind": "text", "text": "plan"}, {"kind": "data", "data": {"rooms": 3}},
                    {"kind": "file", "file": {"bytes": "AAAA", "mimeType": "application/pdf"}}]}]})),
        ),
        with_push_body(
            base,
            "/a2a/hook",
            &json!({"kind": "status-update", "taskId": "t-bl2", "contextId": "c-bl2", "final": true,
                "status": {"state": "completed", "message": {"kind": "message", "messageId": "m3", "role": "agent",
                    "parts": [{"kind": "text", "text": "done"}]}}}),
        ),
    ];
    for (i, lines) in legal.iter().enumerate() {
        let out = judge(lines);
        let errs = errors(&out);
        assert!(errs.is_empty(), "legal {i}: {errs:#?}");
    }
}

/// The same for the other DATA-001 sites of the kind (left55): a 1.0 send result
/// (RESULT-SHAPE's finding) and a 1.0 stream event name every proto field name too.
#[test]
fn results_and_stream_events_name_every_proto_field_name() {
    let mut lines = card("JSONRPC");
    let params =
        json!({"message": {"messageId": "m1", "role": "ROLE_USER", "parts": [{"text": "hi"}]}});
    lines.push(request(
        0.2,
        true,
        "SendMessage",
        ("POST", "/message:send"),
        &params,
    ));
    let body = r#"{"jsonrpc":"2.0","id":"r0.2","result":{"task":{"id":"t1","context_id":"c1","status":{"state":"TASK_STATE_COMPLETED","timestamp":"2026-03-02T10:15:00.000Z"},"artifacts":[{"artifact_id":"a1","parts":[{"text":"v2.1"}]}]}}}"#;
    lines.push(json!({"dir": "resp", "t": 2.0, "status": 200, "headers": {"content-type": "application/json"}, "body": body}));
    lines.push(request(
        3.0,
        true,
        "SendStreamingMessage",
        ("POST", "/message:stream"),
        &params,
    ));
    lines.push(json!({"dir": "resp", "t": 3.1, "status": 200, "headers": {"content-type": "text/event-stream"}, "body": ""}));
    let ev = r#"data: {"jsonrpc":"2.0","id":"r3","result":{"task":{"id":"t2","context_id":"c2","status":{"state":"TASK_STATE_COMPLETED","timestamp":"2026-03-02T10:15:00.000Z"},"artifacts":[{"artifact_id":"a2","parts":[{"text":"v2.1"}]}]}}}"#;
    lines.push(json!({"dir": "chunk", "t": 3.2, "body": format!("{ev}\n\n")}));
    lines.push(json!({"dir": "chunk", "t": 3.3, "body": "", "close": "eof"}));
    let out = judge(&lines);
    let named: Vec<&str> = out
        .findings
        .iter()
        .filter(|f| f.message.contains("proto field"))
        .map(|f| f.message.as_str())
        .collect();
    assert_eq!(named.len(), 2, "{:#?}", out.findings);
    for m in named {
        assert!(
            m.contains("the proto field names context_id, artifact_id where the JSON members are contextId, artifactId"),
            "{m}"
        );
    }
}

// ---------------------------------------------------------------- item 3

/// The verdict of `tests/data/left55/NAME.jsonl`.
fn data_case(name: &str) -> VerifyOutcome {
    common::verify_file(
        &common::repo_root()
            .join("tests/data/left55")
            .join(format!("{name}.jsonl")),
    )
}

/// ProtoJSON (the protobuf JSON mapping: "null is an accepted value for all field types and
/// treated as the default value of the corresponding field type", google.protobuf.Value
/// aside, whose null is NullValue) over the 1.0 objects beyond the card (mine54b did the
/// card): a member written null is unset. Audited this round, nothing to change: every
/// optional member of a Task, TaskStatus, Message, Part, Artifact, the stream events, a
/// push notification, a push config (request and answer), the ListTasks and
/// ListTaskPushNotificationConfigs answers, the send configuration and a card's optional
/// members written null draw no finding, and neither do the other oneof members of a
/// StreamResponse written null. This pins it (left55 item 3; DATA-003, DATA-005, 1.0 §5.5).
#[test]
fn optional_members_written_null_are_unset_everywhere() {
    for name in [
        "legal-v10-optional-members-null",
        "legal-v10-push-config-and-list-members-null",
    ] {
        let out = data_case(name);
        let all: Vec<(String, String)> = out
            .findings
            .iter()
            .map(|f| (f.rule.clone(), f.message.clone()))
            .collect();
        assert!(all.is_empty(), "{name}: {all:#?}");
    }
    // (its other lines hold required nulls, told apart; the stream is the subject)
    let out = data_case("legal-v10-other-oneof-members-null");
    let stream: Vec<&str> = out
        .findings
        .iter()
        .filter(|f| f.rule.starts_with("STREAM-"))
        .map(|f| f.message.as_str())
        .collect();
    assert!(stream.is_empty(), "{stream:#?}");
}

/// A REQUIRED member written null is its default, so missing (DATA-005, PUSH-002): a
/// status's state, a Task's status or id, a Message's role or parts (null = the empty
/// list), an update's contextId, a part whose only member is null, a push config's url.
/// Each is told, in the words of the member missing.
#[test]
fn required_members_written_null_are_told_missing() {
    let cases = [
        (
            "bad-v10-state-null",
            "STREAM-SHAPE-001",
            "status has no state",
        ),
        (
            "bad-v10-status-null",
            "STREAM-SHAPE-001",
            "status is not an object but null",
        ),
        ("bad-v10-id-null", "STREAM-SHAPE-001", "task has no id"),
        (
            "bad-v10-role-null",
            "STREAM-SHAPE-001",
            "message has no role",
        ),
        (
            "bad-v10-msgparts-null",
            "STREAM-SHAPE-001",
            "ProtoJSON reads null as the empty list; a message needs at least one part",
        ),
        (
            "bad-v10-ctx-null-update",
            "ID-EVENT-001",
            "status update event has no contextId",
        ),
        ("bad-v10-text-null-only", "STREAM-SHAPE-001", "(found none)"),
        (
            "bad-v10-push-config-url-null",
            "PUSH-CFG-003",
            "without url",
        ),
    ];
    for (name, rule, words) in cases {
        let out = data_case(name);
        assert!(
            out.findings
                .iter()
                .any(|f| f.rule == rule && f.message.contains(words)),
            "{name}: no {rule} saying {words:?}: {:#?}",
            out.findings
                .iter()
                .map(|f| (&f.rule, &f.message))
                .collect::<Vec<_>>()
        );
    }
}

// ---------------------------------------------------------------- item 5

use a2a_interop::record::event::{Body, EventKind, Outcome};
use a2a_interop::record::redact::Redactor;
use a2a_interop::record::{CaptureMode, Event, Headers, RecordingHeader};
use a2a_interop::verify::Verifier;

const CARD_KEY: &str = "ck-live-55-Wq71xBv9";

fn gzip(data: &[u8]) -> Vec<u8> {
    use std::io::Write;
    let mut e = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    e.write_all(data).unwrap();
    e.finish().unwrap()
}

fn brotli_coded(data: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    let mut w = brotli::CompressorWriter::new(&mut out, 4096, 5, 22);
    std::io::Write::write_all(&mut w, data).unwrap();
    drop(w);
    out
}

/// A 1.0 public card at `http://127.0.0.1:47155/` whose apiKey scheme (header
/// `X-Caller-Ref`) has `description`, and whose interface URL ends with `query`.
fn secret_card(description: &str, query: &str) -> String {
    json!({
        "name": "left55", "description": "left55 agent", "version": "1.0.0",
        "supportedInterfaces": [{"url": format!("http://127.0.0.1:47155/{query}"),
            "protocolBinding": "JSONRPC", "protocolVersion": "1.0"}],
        "capabilities": {}, "defaultInputModes": ["text/plain"],
        "defaultOutputModes": ["text/plain"],
        "skills": [{"id": "s", "name": "s", "description": "s", "tags": ["s"]}],
        "securitySchemes": {"key": {"apiKeySecurityScheme": {
            "location": "header", "name": "X-Caller-Ref", "description": description}}},
        "securityRequirements": [{"schemes": {"key": {"list": []}}}]
    })
    .to_string()
}

/// One exchange `id` as the proxy hands it to its recorder: a request head, its body, a
/// 200 JSON answer `answer` coded with `coding` ("" = none, "gzip", "br") in two frames.
#[allow(clippy::too_many_arguments)]
fn proxy_exchange(
    id: &str,
    t: u64,
    method: &str,
    path: &str,
    headers: Vec<(&str, &str)>,
    body: &str,
    answer: &str,
    coding: &str,
) -> Vec<Event> {
    let e = |t: u64, kind: EventKind| Event {
        seq: 0,
        t_us: t,
        exchange: Some(id.into()),
        leg: None,
        kind,
    };
    let mut out = vec![e(
        t,
        EventKind::RequestHead {
            conn: None,
            method: method.into(),
            url: format!("http://127.0.0.1:47155{path}"),
            version: None,
            headers: Headers::from_pairs(headers),
            upstream: Some(format!("http://127.0.0.1:38155{path}")),
        },
    )];
    if !body.is_empty() {
        out.push(e(
            t + 1,
            EventKind::RequestBody {
                body: Body::new(body.to_string()),
            },
        ));
    }
    let mut head = vec![("content-type", "application/json")];
    let data = match coding {
        "gzip" => gzip(answer.as_bytes()),
        "br" => brotli_coded(answer.as_bytes()),
        _ => answer.as_bytes().to_vec(),
    };
    if !coding.is_empty() {
        head.push(("content-encoding", coding));
    }
    out.push(e(
        t + 2,
        EventKind::ResponseHead {
            status: 200,
            version: None,
            headers: Headers::from_pairs(head),
            synthetic: false,
            reason: None,
        },
    ));
    let half = data.len() / 2;
    for (i, piece) in [&data[..half], &data[half..]].into_iter().enumerate() {
        out.push(e(
            t + 3 + i as u64,
            EventKind::ResponseChunk {
                body: Body::new(piece.to_vec()),
            },
        ));
    }
    out.push(e(
        t + 5,
        EventKind::ExchangeEnd {
            outcome: Outcome::Complete,
            error: None,
            trailers: None,
            request_bytes: body.len() as u64,
            response_bytes: data.len() as u64,
            truncated: false,
            resent: None,
            connect_failure: None,
        },
    ));
    out
}

/// The card (coded with `coding`) fetched, then a `SendMessage` sending `key` in
/// `X-Caller-Ref`, through a redacting recorder: the recording's lines, the card body as
/// recorded and decoded, and the CARD-SECRET-001 messages of the lines read back.
fn coded_card_then_call(card: &str, key: &str, coding: &str) -> (String, String, Vec<String>) {
    let mut evs = proxy_exchange(
        "c1",
        10,
        "GET",
        "/.well-known/agent-card.json",
        vec![
            ("accept", "application/json"),
            ("accept-encoding", "gzip, br"),
        ],
        "",
        card,
        coding,
    );
    let req = r#"{"jsonrpc":"2.0","id":1,"method":"SendMessage","params":{"message":{"messageId":"m1","role":"ROLE_USER","parts":[{"text":"hi"}]}}}"#;
    let answer = r#"{"jsonrpc":"2.0","id":1,"result":{"message":{"messageId":"m2","role":"ROLE_AGENT","parts":[{"text":"hello"}]}}}"#;
    evs.extend(proxy_exchange(
        "c2",
        100,
        "POST",
        "/",
        vec![
            ("content-type", "application/json"),
            ("a2a-version", "1.0"),
            ("x-caller-ref", key),
        ],
        req,
        answer,
        "",
    ));
    let mut r = Redactor::new(true);
    let mut out = Vec::new();
    for e in evs {
        out.extend(r.process(e));
    }
    out.extend(r.release_all());
    let mut lines = String::new();
    for (i, e) in out.iter_mut().enumerate() {
        e.seq = i as u64 + 1;
        lines.push_str(&serde_json::to_string(e).unwrap());
        lines.push('\n');
    }
    let back: Vec<Event> = lines
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let mut coded_card = Vec::new();
    for e in &back {
        if let (Some("c1"), EventKind::ResponseChunk { body }) = (e.exchange.as_deref(), &e.kind) {
            coded_card.extend_from_slice(&body.data);
        }
    }
    let card_text = match coding {
        "" => String::from_utf8_lossy(&coded_card).into_owned(),
        c => {
            let plain = a2a_interop::model::coding::decode(Some(c), &coded_card, 1 << 22)
                .expect("the recorded card decodes");
            String::from_utf8_lossy(&plain).into_owned()
        }
    };
    let mut header = RecordingHeader::new(CaptureMode::Reverse);
    header.listen = vec!["127.0.0.1:47155".into()];
    let mut v = Verifier::new(&header);
    for e in &back {
        v.feed(e);
    }
    let told = v
        .finish()
        .findings
        .iter()
        .filter(|f| f.rule == "CARD-SECRET-001")
        .map(|f| f.message.clone())
        .collect();
    (lines, card_text, told)
}

/// left54's leftover: an Agent Card served gzip- or br-coded that publishes the key the
/// client sends (in a scheme description), or a token in an interface URL's query, is
/// CARD-SECRET-001 on the redacted recording and its recorded (decoded) card holds the
/// tag, not the credential, as a plain card's does. Before left55 the recorder's card
/// tagging ran only on bodies without a content coding: the coded card kept the key in
/// clear (inside its gzip bytes) and the verifier, comparing the header's tag with the
/// card's clear text, was silent.
#[test]
fn a_compressed_card_publishing_a_credential_is_tagged_and_told() {
    let tok = "qt-55-Hk2mW9pQ0sLx";
    for coding in ["gzip", "br", ""] {
        let (lines, card, told) = coded_card_then_call(
            &secret_card(
                &format!("send your key in X-Caller-Ref, e.g. {CARD_KEY}"),
                "",
            ),
            CARD_KEY,
            coding,
        );
        assert!(!lines.contains(CARD_KEY), "{coding}: {lines}");
        assert!(!card.contains(CARD_KEY), "{coding}: {card}");
        assert!(card.contains("[REDACTED:"), "{coding}: {card}");
        assert_eq!(told.len(), 1, "{coding}: {told:?}");
        assert!(
            told[0].contains("x-caller-ref header ([REDACTED:"),
            "{coding}: {}",
            told[0]
        );

        let (_, card, told) = coded_card_then_call(
            &secret_card("a key from the portal", &format!("?token={tok}")),
            CARD_KEY,
            coding,
        );
        assert!(!card.contains(tok), "{coding}: {card}");
        assert_eq!(told.len(), 1, "{coding}: {told:?}");
    }
    // the legal neighbour: a coded card naming no key the client sends keeps its text
    let desc = "get a key at https://example.com/keys (HMAC-SHA256, v2.1)";
    for coding in ["gzip", "br"] {
        let (_, card, told) = coded_card_then_call(&secret_card(desc, ""), CARD_KEY, coding);
        assert!(told.is_empty(), "{coding}: {told:?}");
        assert!(card.contains(desc), "{coding}: {card}");
    }
}

/// The rules of a 1.0 gRPC agent without push notifications (its card fetched) answering a
/// CreateTaskPushNotificationConfig with the Trailers-Only status `code` (`grpc-status`),
/// and ErrorInfo `reason` in `grpc-status-details-bin` when given.
fn grpc_push_rules(code: u32, reason: Option<&str>) -> Vec<(String, String)> {
    use a2a_interop::model::grpc::{encode_json, frame};
    use base64::Engine as _;
    let card = json!({
        "name": "left55", "description": "d", "version": "1.0.0",
        "supportedInterfaces": [{"url": "http://127.0.0.1:47155", "protocolBinding": "GRPC",
            "protocolVersion": "1.0"}],
        "capabilities": {"pushNotifications": false, "streaming": false},
        "defaultInputModes": ["text/plain"], "defaultOutputModes": ["text/plain"],
        "skills": [{"id": "s", "name": "s", "description": "s", "tags": ["s"]}]})
    .to_string();
    let mut evs = proxy_exchange(
        "g1",
        10,
        "GET",
        "/.well-known/agent-card.json",
        vec![("accept", "application/json")],
        "",
        &card,
        "",
    );
    let e = |t: u64, kind: EventKind| Event {
        seq: 0,
        t_us: t,
        exchange: Some("g2".into()),
        leg: None,
        kind,
    };
    let req = frame(
        &encode_json(
            "lf.a2a.v1.TaskPushNotificationConfig",
            &json!({"taskId": "t1", "url": "https://hooks.example.com/h"}),
        )
        .expect("a TaskPushNotificationConfig"),
    );
    let mut head = vec![
        ("content-type".to_string(), "application/grpc".to_string()),
        ("grpc-status".to_string(), code.to_string()),
        ("grpc-message".to_string(), "boom".to_string()),
    ];
    if let Some(r) = reason {
        let st = json!({"code": code, "message": "boom", "details": [{
            "@type": "type.googleapis.com/google.rpc.ErrorInfo", "reason": r,
            "domain": "a2a-protocol.org"}]});
        let b = encode_json("google.rpc.Status", &st).expect("a google.rpc.Status");
        head.push((
            "grpc-status-details-bin".into(),
            base64::engine::general_purpose::STANDARD_NO_PAD.encode(b),
        ));
    }
    let req_len = req.len() as u64;
    evs.extend([
        e(
            100,
            EventKind::RequestHead {
                conn: None,
                method: "POST".into(),
                url: "http://127.0.0.1:47155/lf.a2a.v1.A2AService/CreateTaskPushNotificationConfig"
                    .into(),
                version: Some("HTTP/2.0".into()),
                headers: Headers::from_pairs(vec![
                    ("content-type", "application/grpc"),
                    ("te", "trailers"),
                    ("a2a-version", "1.0"),
                ]),
                upstream: None,
            },
        ),
        e(
            101,
            EventKind::RequestBody {
                body: Body::new(req),
            },
        ),
        e(
            102,
            EventKind::ResponseHead {
                status: 200,
                version: Some("HTTP/2.0".into()),
                headers: Headers::from_pairs(
                    head.iter()
                        .map(|(k, v)| (k.as_str(), v.as_str()))
                        .collect::<Vec<_>>(),
                ),
                synthetic: false,
                reason: None,
            },
        ),
        e(
            103,
            EventKind::ExchangeEnd {
                outcome: Outcome::Complete,
                error: None,
                trailers: None,
                request_bytes: req_len,
                response_bytes: 0,
                truncated: false,
                resent: None,
                connect_failure: None,
            },
        ),
    ]);
    let mut v = Verifier::new(&RecordingHeader::new(CaptureMode::Reverse));
    for (i, mut ev) in evs.into_iter().enumerate() {
        ev.seq = i as u64 + 1;
        v.feed(&ev);
    }
    v.finish()
        .findings
        .iter()
        .map(|f| (f.rule.clone(), f.message.clone()))
        .collect()
}

/// left54's leftover (item 6 of left54 mapped gRPC INTERNAL without a reason to -32603
/// InternalError through the shared situation table, with no test of its own): a gRPC
/// CreateTaskPushNotificationConfig to an agent whose card declares no push notifications,
/// refused INTERNAL (13) without ErrorInfo, is GRPC-ERROR-001 naming INTERNAL (13) and the
/// error the situation wants, PushNotificationNotSupportedError (PUSH-001, ERR-002's gRPC
/// column: FAILED_PRECONDITION with reason PUSH_NOTIFICATION_NOT_SUPPORTED). The legal
/// neighbour, that very answer, is silent.
#[test]
fn grpc_internal_without_a_reason_is_internal_error_in_a_situation() {
    let r = grpc_push_rules(13, None);
    let told: Vec<&String> = r
        .iter()
        .filter(|(id, _)| id == "GRPC-ERROR-001")
        .map(|(_, m)| m)
        .collect();
    assert_eq!(told.len(), 1, "{r:#?}");
    assert!(
        told[0].contains("INTERNAL (13)") && told[0].contains("PUSH_NOTIFICATION_NOT_SUPPORTED"),
        "{}",
        told[0]
    );
    let r = grpc_push_rules(9, Some("PUSH_NOTIFICATION_NOT_SUPPORTED"));
    assert!(
        !r.iter().any(|(id, _)| id.starts_with("GRPC-ERROR")),
        "{r:#?}"
    );
}

// ---------------------------------------------------------------- item 4

/// ListTasks (1.0; DATA-007) and task reads, decided per the digest: a page with more
/// tasks than the request's pageSize is DATA-LIST-003 (already told; pinned here). A 1.0
/// GetTask of a finished task (1.0 §3.1.3: "the current state (including status,
/// artifacts, and optionally history)") or a 1.0 ListTasks row asked with includeArtifacts:
/// true that shows the task with no artifacts at all, after an earlier answer listed some,
/// is TASK-STATE-010 (the task store lost them); before left55 a read without any artifact
/// was not judged (only one that listed some but not all). The legal neighbours stay
/// silent: GetTask with the artifact, ListTasks without includeArtifacts leaving it out.
#[test]
fn list_tasks_page_size_and_reads_that_drop_every_artifact() {
    let out = data_case("bad-v10-list-tasks-over-page-size");
    assert!(
        messages_of(&out, "DATA-LIST-003")
            .iter()
            .any(|m| m.contains("page lists 3 tasks") && m.contains("pageSize is 2")),
        "{:#?}",
        out.findings
    );
    for (name, said) in [
        (
            "bad-v10-get-task-drops-all-artifacts",
            "its GetTask answer, which returns the task's current state including its artifacts (1.0 §3.1.3), shows it with no artifacts",
        ),
        (
            "bad-v10-list-tasks-include-artifacts-drops-all",
            "its ListTasks answer, asked with includeArtifacts: true, shows it with no artifacts",
        ),
    ] {
        let out = data_case(name);
        let m = messages_of(&out, "TASK-STATE-010");
        assert_eq!(m.len(), 1, "{name}: {:#?}", out.findings);
        assert!(
            m[0].contains("task t1 finished in TASK_STATE_COMPLETED with artifact a1")
                && m[0].contains(said),
            "{name}: {}",
            m[0]
        );
    }
    let out = data_case("legal-v10-reads-keep-artifacts-list-leaves-them-out");
    assert!(out.findings.is_empty(), "{:#?}", out.findings);
}

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
fn judge(lines: &[Value]) -> VerifyOutcome {
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
fn after_task(
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
fn errors(out: &VerifyOutcome) -> Vec<(String, String)> {
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

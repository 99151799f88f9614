//! left57: last session's known misses in the verifier, in the order the lead gave them.
//! The variants `l57-*` (tests/cases/variants) hold the transcripts; verify_cases judges
//! their rules, these tests their words.

use crate::common;

// Item 1 (STREAM-003, DATA-001, DATA-005; f1174, nexent PR #3576): STREAM-SHAPE-001 named
// the distinct problems of the first malformed event of a stream only; a later event's
// other problems were dropped (the rule fires once per stream).

/// f1174's stream with three later events: one STREAM-SHAPE-001 names the second event's
/// two problems, then the fourth event's empty artifact and the fifth's timestamp, each
/// with its event, and the third event's repeat of the missing messageId not again; its
/// evidence points at the three events. Fails before left57 (the finding ended at the
/// second event's role, one evidence).
#[test]
fn a_stream_shape_finding_names_the_problems_of_later_events() {
    let f = common::variant_finding(
        "l57-1-v10-stream-shape-problems-in-later-events",
        "STREAM-SHAPE-001",
    );
    let m = &f.message;
    assert!(
        m.starts_with("stream update event is malformed: message has no messageId; message role \"agent\" is not ROLE_USER or ROLE_AGENT")
            && m.contains("(event 2 of the stream); also: stream update event is malformed: artifact has no parts (1.0 requires at least one) (event 4); stream update event is malformed: status timestamp \"2026-03-02 10:15:03\" is not an RFC 3339 date-time with a zone")
            && m.ends_with("(event 5)"),
        "{m}"
    );
    assert_eq!(m.matches("has no messageId").count(), 1, "{m}");
    assert_eq!(f.evidence.len(), 3, "{:?}", f.evidence);
}

/// A stream whose later events repeat the first's fault (with another value) keeps the
/// first event's words alone: the same fault is not a new problem.
#[test]
fn a_stream_shape_fault_repeated_by_later_events_is_named_once() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/cases/field/f1174-v10-stream-status-message-without-message-id.jsonl");
    let text = std::fs::read_to_string(&path).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    // the status event again, with another role spelling and text: the same two faults
    let again = lines[5]
        .replace("\\\"agent\\\"", "\\\"assistant\\\"")
        .replace("Which day suits you?", "Tuesday?");
    let mut out = lines[..6].join("\n");
    out.push('\n');
    out.push_str(&again);
    out.push('\n');
    out.push_str(lines[6]);
    out.push('\n');
    let file = std::env::temp_dir().join(format!(
        "left57-repeat-{}-{:?}.jsonl",
        std::process::id(),
        std::thread::current().id()
    ));
    std::fs::write(&file, out).unwrap();
    let v = common::verify_file(&file);
    let _ = std::fs::remove_file(&file);
    let m = common::only_message(&v, "STREAM-SHAPE-001");
    assert!(!m.contains("also:") && !m.contains("(event"), "{m}");
}

// Item 2 (CARD-005, CARD-006 against RPC-001, RPC-002, TASK-002..004): a 501 page
// answering a JSON-RPC call on a task seen finished drew CARD-URL-002 ("the url does not
// answer") beside RPC-ENVELOPE-001's finished-task words. Decision: the agent answered at
// the card's URL, refusing one call without an A2A error; RPC-ENVELOPE-001 (the refusal
// rule left56 widened) owns it, CARD-URL-002 stays silent. The same refusal in a JSON page
// that is no JSON-RPC response (`{"detail": ...}`) was silent at 409 / 410 / 500 and drew
// CARD-URL-002 only at 501: it is told by RPC-ENVELOPE-001 at every judged status too.

use super::verify_left55::{after_task, errors, judge};
use serde_json::{json, Value};

/// The findings of `out` of rule `id`, as messages.
fn of_rule(out: &a2a_interop::verify::VerifyOutcome, id: &str) -> Vec<String> {
    out.findings
        .iter()
        .filter(|f| f.rule == id)
        .map(|f| f.message.clone())
        .collect()
}

/// A message, a cancel or a subscribe on completed task t1 answered 501 (a text page, an
/// HTML page, a JSON page) or 409 / 410 / 500 with a JSON page: exactly one error,
/// RPC-ENVELOPE-001 naming the finished task and the error due, and no CARD-URL-002. Fails
/// before left57: the 501 pages drew CARD-URL-002 too, the JSON pages at 409 / 410 / 500
/// no finding.
#[test]
fn a_501_page_to_a_call_on_a_finished_task_is_the_refusal_rules_alone() {
    let html =
        "<html><head><title>501 Not Implemented</title></head><body>Not Implemented</body></html>";
    let detail = "{\"detail\":\"Not Implemented\"}";
    let answers = [
        (501, "text/plain", "Not Implemented"),
        (501, "text/html", html),
        (501, "application/json", detail),
        (409, "application/json", detail),
        (410, "application/json", detail),
        (500, "application/json", detail),
    ];
    for call in ["send", "cancel", "subscribe"] {
        for (status, media, body) in answers {
            let case = format!("{call} {status} {media}");
            let out = judge(&after_task(
                true,
                "TASK_STATE_COMPLETED",
                call,
                status,
                media,
                body,
            ));
            let errs = errors(&out);
            assert_eq!(errs.len(), 1, "{case}: {errs:#?}");
            let (r, m) = &errs[0];
            assert_eq!(r, "RPC-ENVELOPE-001", "{case}: {m}");
            let name = match call {
                "cancel" => "-32002 TaskNotCancelableError (TASK-003",
                "subscribe" => "UnsupportedOperationError (TASK-004",
                _ => "UnsupportedOperationError (TASK-002",
            };
            assert!(
                m.contains(&format!("was answered HTTP {status} with {media}"))
                    && m.contains("task t1, which this recording saw in TASK_STATE_COMPLETED")
                    && m.contains(name),
                "{case}: {m}"
            );
            assert!(of_rule(&out, "CARD-URL-002").is_empty(), "{case}");
        }
    }
}

/// The neighbour keeps CARD-URL-002: a dead url that answers every call, the send and the
/// cancel alike, with a 404 HTML page. (left57 kept it for a 501 page to a cancel of a task
/// still working too; left58 item 3 moved that one to RPC-ENVELOPE-001, the url having
/// answered the send: see verify_left58.)
#[test]
fn a_dead_url_still_draws_card_url_002() {
    let mut lines: Vec<Value> = after_task(
        true,
        "TASK_STATE_COMPLETED",
        "cancel",
        404,
        "text/html",
        "<html><body><h1>404 Not Found</h1></body></html>",
    );
    lines[3] = json!({"dir": "resp", "t": 2.0, "status": 404, "headers": {"content-type": "text/html"}, "body": "<html><body><h1>404 Not Found</h1></body></html>"});
    let out = judge(&lines);
    let told = of_rule(&out, "CARD-URL-002");
    assert_eq!(told.len(), 1, "{:#?}", out.findings);
    assert!(told[0].contains("404"), "{}", told[0]);
}

// Item 3 (ERR-002, ERR-003, ERR-004, ERR-005): the help of an A2A error without its
// ErrorInfo (RPC-ERROR-004 on 1.0 JSON-RPC, REST-ERROR-001's missing ErrorInfo on 1.0
// HTTP+JSON, GRPC-ERROR-002 on gRPC) always showed reason TASK_NOT_FOUND, whatever error the
// situation owed. The help now names the owed error in the call's spelling.

/// The help of finding `rule` in `out` (exactly one).
fn help_of(out: &a2a_interop::verify::VerifyOutcome, rule: &str) -> String {
    let hits: Vec<_> = out.findings.iter().filter(|f| f.rule == rule).collect();
    assert_eq!(hits.len(), 1, "{rule}: {:#?}", out.findings);
    hits[0].help.clone()
}

/// A 1.0 JSON-RPC cancel / subscribe of completed task t1 answered -32002 / -32004 with no
/// error.data: RPC-ERROR-004's help shows the ErrorInfo of TASK_NOT_CANCELABLE /
/// UNSUPPORTED_OPERATION in the JSON-RPC error object, not TASK_NOT_FOUND. Fails before
/// left57 (the rule's one help: reason TASK_NOT_FOUND).
#[test]
fn the_error_info_help_names_the_error_owed_on_json_rpc() {
    for (call, code, reason) in [
        ("cancel", -32002, "TASK_NOT_CANCELABLE"),
        ("subscribe", -32004, "UNSUPPORTED_OPERATION"),
    ] {
        let body = json!({"jsonrpc": "2.0", "id": "r9", "error": {"code": code, "message": "no"}})
            .to_string();
        let out = judge(&after_task(
            true,
            "TASK_STATE_COMPLETED",
            call,
            200,
            "application/json",
            &body,
        ));
        let h = help_of(&out, "RPC-ERROR-004");
        assert!(
            h.starts_with(&format!("answer this error as {{\"code\": {code}, \"message\": ..., \"data\": [{{\"@type\": \"type.googleapis.com/google.rpc.ErrorInfo\", \"reason\": \"{reason}\", \"domain\": \"a2a-protocol.org\"}}]}}"))
                && !h.contains("TASK_NOT_FOUND"),
            "{call}: {h}"
        );
    }
}

/// A 1.0 HTTP+JSON cancel of completed task t1 refused 400 FAILED_PRECONDITION with no
/// ErrorInfo: REST-ERROR-001's help names HTTP 400 FAILED_PRECONDITION with reason
/// TASK_NOT_CANCELABLE. Fails before left57 (help: status NOT_FOUND, reason TASK_NOT_FOUND).
#[test]
fn the_error_info_help_names_the_error_owed_on_http_json() {
    let body = json!({"error": {"code": 400, "status": "FAILED_PRECONDITION", "message": "task is finished"}})
        .to_string();
    let out = judge(&after_task(
        false,
        "TASK_STATE_COMPLETED",
        "cancel",
        400,
        "application/json",
        &body,
    ));
    let h = help_of(&out, "REST-ERROR-001");
    assert!(
        h.starts_with("answer this error as HTTP 400 FAILED_PRECONDITION with ErrorInfo reason TASK_NOT_CANCELABLE (TaskNotCancelableError)")
            && !h.contains("TASK_NOT_FOUND"),
        "{h}"
    );
}

/// gRPC: a subscribe of a completed task refused FAILED_PRECONDITION without ErrorInfo
/// (f1020), the same refused with a bare UNIMPLEMENTED (b56b-A1) and a push config call
/// to an agent without push refused so (b56b-A4): GRPC-ERROR-002's help names the owed
/// error's status and reason. Fails before left57 (reason TASK_NOT_FOUND in all three).
#[test]
fn the_error_info_help_names_the_error_owed_on_grpc() {
    let field = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/cases/field/f1020-v10-grpc-subscribe-completed-task-without-error-info.jsonl");
    let cases = [
        (common::verify_file(&field), "UNSUPPORTED_OPERATION"),
        (
            common::verify_variant("b56b-A1-v10-grpc-subscribe-completed-bare-unimplemented"),
            "UNSUPPORTED_OPERATION",
        ),
        (
            common::verify_variant("b56b-A4-v10-grpc-list-push-configs-no-push-bare-unimplemented"),
            "PUSH_NOTIFICATION_NOT_SUPPORTED",
        ),
    ];
    for (out, reason) in cases {
        let h = help_of(&out, "GRPC-ERROR-002");
        assert!(
            h.starts_with(&format!(
                "answer this error as gRPC FAILED_PRECONDITION with ErrorInfo reason {reason}"
            )) && !h.contains("TASK_NOT_FOUND"),
            "{h}"
        );
    }
}

// Item 4 (ERR-002, ERR-006): a well-formed 0.2 (and 0.1, the tasks/send era) tasks/get /
// tasks/cancel / tasks/resubscribe of a task the recording never saw, refused -32602, was
// silent: left56 told it on 0.3 only. The 0.1.0, 0.2.0, 0.2.5 and 0.2.6 JSON Schemas
// (/work/shared/spec) all define TaskNotFoundError, code -32001 ("Task not found"), so the
// 0.x form is told at 0.3's strength (RPC-ERROR-006, warning).

/// The l57-4 variants: one RPC-ERROR-006 each, citing the version's JSON Schema; the
/// legal neighbour (a member TaskQueryParams lacks) draws none. Fails before left57 (the
/// fault variants drew no finding; main's CLI measured).
#[test]
fn an_unknown_task_refused_invalid_params_is_told_on_0_2_and_0_1() {
    for (name, cite) in [
        (
            "l57-4-v02-get-unknown-task-invalid-params",
            "-32001 in the 0.2 JSON Schema",
        ),
        (
            "l57-4-v02-cancel-unknown-task-invalid-params",
            "-32001 in the 0.2 JSON Schema",
        ),
        (
            "l57-4-v02-resubscribe-unknown-task-invalid-params",
            "-32001 in the 0.2 JSON Schema",
        ),
        (
            "l57-4-v01-get-unknown-task-invalid-params",
            "-32001 in the 0.1 JSON Schema",
        ),
    ] {
        let f = common::variant_finding(name, "RPC-ERROR-006");
        assert_eq!(f.severity.as_str(), "warning", "{name}");
        assert!(
            f.message
                .contains("which this recording never saw the agent hand out")
                && f.message.contains(cite)
                && !f.message.contains("TASK-009"),
            "{name}: {}",
            f.message
        );
    }
    let quiet: Vec<_> =
        common::variant_findings("l57-4-legal-v02-get-unknown-member-invalid-params")
            .into_iter()
            .filter(|f| f.severity.as_str() != "note")
            .map(|f| (f.rule, f.message))
            .collect();
    assert!(quiet.is_empty(), "{quiet:?}");
}

// Item 6 (ERR-002; mine56, nexi-lab/nexus): an A2A error code whose words name another A2A
// error (-32006 InvalidAgentResponseError "Push notifications not supported") was not read:
// code_from_message knew no push wording and no error by its name. A client acts on the
// code, so the disagreement is told (RPC-ERROR-001 on 1.0, RPC-ERROR-006 on 0.x), naming
// both errors; only an A2A code's words are read so (a -32601 saying "unsupported operation"
// is not).

/// The l57-6 fault variant: one RPC-ERROR-001 naming the words' error and the code's; the
/// neighbours whose words name their own code draw no error. Fails before left57 (no
/// finding; main's CLI measured).
#[test]
fn an_a2a_error_whose_words_name_another_a2a_error_is_told() {
    let f = common::variant_finding(
        "l57-6-v10-push-set-invalid-agent-response-says-push-not-supported",
        "RPC-ERROR-001",
    );
    assert!(
        f.message
            .contains("the agent's own message says push notifications are not supported")
            && f.message.contains("-32006 InvalidAgentResponseError")
            && f.message
                .contains("-32003 PushNotificationNotSupportedError"),
        "{}",
        f.message
    );
    for name in [
        "l57-6-legal-v10-push-set-not-supported-says-so",
        "l57-6-legal-v10-cancel-not-cancelable-says-so",
    ] {
        let errs: Vec<_> = common::variant_findings(name)
            .into_iter()
            .filter(|f| f.severity.as_str() != "note")
            .map(|f| (f.rule, f.message))
            .collect();
        assert!(errs.is_empty(), "{name}: {errs:?}");
    }
}

// Item 7 (TASK-003, ERR-001, ERR-002, ERR-005; mine56b left it): a bare gRPC UNIMPLEMENTED
// (no ErrorInfo) where the situation owes TaskNotCancelable, and one where nothing is owed.
// Decision: a bare UNIMPLEMENTED is gRPC's own answer to a method the server does not
// register (ERR-001's MethodNotFound), and TaskNotCancelable is UNIMPLEMENTED in no 1.0 table
// (FAILED_PRECONDITION in 1.0.0 and 1.0.1), so it cannot be read as the owed error lacking
// its ErrorInfo (GRPC-ERROR-002's reading for push / unsupported operation / version). It is
// told (GRPC-ERROR-001) only when the recording shows the agent registers the method (an
// earlier call of it ended with another status); otherwise silent, as JSON-RPC -32601 to the
// same cancel is. A call that owes no A2A error answered so is silent.

/// The cancel of a completed task answered bare UNIMPLEMENTED after the agent answered
/// another CancelTask NOT_FOUND: one GRPC-ERROR-001 naming FAILED_PRECONDITION and
/// TASK_NOT_CANCELABLE; without the earlier cancel, and for ListTasks, no error. Fails
/// before left57 (the fault variant drew GRPC-ERROR-002 for the first cancel only).
#[test]
fn a_bare_unimplemented_to_a_served_cancel_of_a_finished_task_is_told() {
    let f = common::variant_finding(
        "l57-7-v10-grpc-cancel-completed-bare-unimplemented-method-served",
        "GRPC-ERROR-001",
    );
    assert!(
        f.message.contains("bare UNIMPLEMENTED (12)")
            && f.message.contains("so the method is registered")
            && f.message
                .contains("FAILED_PRECONDITION with ErrorInfo reason TASK_NOT_CANCELABLE"),
        "{}",
        f.message
    );
    for name in [
        "l57-7-legal-v10-grpc-cancel-completed-bare-unimplemented",
        "l57-7-legal-v10-grpc-list-tasks-bare-unimplemented",
    ] {
        let errs: Vec<_> = common::variant_findings(name)
            .into_iter()
            .filter(|f| f.severity.as_str() != "note")
            .map(|f| (f.rule, f.message))
            .collect();
        assert!(errs.is_empty(), "{name}: {errs:?}");
    }
}

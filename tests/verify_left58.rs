//! left58: verifier faults round fifty-seven left open, in the order the lead gave them.
//! The variants `l58-*` (tests/cases/variants, written by tests/cases/gen_l58.py with their
//! predictions before the fixes) hold the transcripts; verify_cases judges their rules,
//! these tests their words and their neighbours.

use crate::common;

use super::verify_left55::{after_task, errors, judge};
use a2a_interop::verify::VerifyOutcome;
use serde_json::{json, Value};

/// The findings of `out` of rule `id`, as (severity, message).
fn of_rule(out: &VerifyOutcome, id: &str) -> Vec<(String, String)> {
    out.findings
        .iter()
        .filter(|f| f.rule == id)
        .map(|f| (f.severity.as_str().to_string(), f.message.clone()))
        .collect()
}

/// The lines of variant `name` as JSON values.
fn variant_lines(name: &str) -> Vec<Value> {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/cases/variants")
        .join(format!("{name}.jsonl"));
    std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

// Item 1 (TASK-009, ERR-002, ERR-001; the passive form of ID-TASK-007): a GetTask /
// CancelTask / SubscribeToTask of a task id the recording never saw, answered with a generic
// internal error (-32603, HTTP 500, gRPC INTERNAL or UNKNOWN), was silent unless the agent
// answered TaskNotFoundError for the same id on another call. The task may predate the
// recording, so the unpaired form is a note (ID-TASK-010); the paired one stays the code
// rules' error, the prober's random id ID-TASK-007's. One path: Engine::id_error_codes
// holds every such answer, and what no TaskNotFoundError pairs is the note at the end.

/// The four l58-1 fault variants (1.0 JSON-RPC GetTask -32603, 0.3 tasks/cancel -32603,
/// 1.0 HTTP+JSON GET /tasks/{id} 500, 1.0 gRPC GetTask UNKNOWN): one ID-TASK-010 note each,
/// naming the id, the answer and TaskNotFoundError in the binding's form, and no error or
/// warning. Fails before left58 (no finding at all; main's CLI measured).
#[test]
fn a_generic_error_for_a_never_seen_task_id_is_a_note() {
    for (name, id, what, want) in [
        (
            "l58-1-v10-get-unknown-task-internal-error",
            "t-gone-77",
            "with -32603 Internal error",
            "instead of -32001",
        ),
        (
            "l58-1-v03-cancel-unknown-task-internal-error",
            "t-gone-78",
            "with -32603 Internal error",
            "the 0.3 spec recommends -32001 TaskNotFoundError",
        ),
        (
            "l58-1-v10-rest-get-unknown-task-500",
            "t-gone-79",
            "with HTTP 500",
            "instead of HTTP 404 TaskNotFoundError",
        ),
        (
            "l58-1-v10-grpc-get-unknown-task-unknown",
            "t-gone-81",
            "with UNKNOWN (2)",
            "instead of NOT_FOUND TaskNotFoundError",
        ),
    ] {
        let out = common::verify_variant(name);
        let told = of_rule(&out, "ID-TASK-010");
        assert_eq!(told.len(), 1, "{name}: {:#?}", out.findings);
        let (sev, m) = &told[0];
        assert_eq!(sev, "note", "{name}");
        assert!(
            m.contains(&format!("of task {id}, an id this recording never saw"))
                && m.contains(what)
                && m.contains(want)
                && m.contains("TASK-009")
                && m.contains("if the task predates the recording"),
            "{name}: {m}"
        );
        assert!(errors(&out).is_empty(), "{name}: {:?}", errors(&out));
    }
}

/// The neighbours: -32603 to a GetTask of a task the agent handed out (a failure that may
/// be real) draws nothing; the agent's own TaskNotFoundError for the id on another call
/// makes the -32603 RPC-ERROR-001's error, with no note beside it.
#[test]
fn a_known_task_stays_silent_and_a_paired_id_stays_the_code_rules_error() {
    let out = common::verify_variant("l58-1-legal-v10-get-known-task-internal-error");
    assert!(
        of_rule(&out, "ID-TASK-010").is_empty(),
        "{:#?}",
        out.findings
    );
    let out = common::verify_variant("l58-1-v10-cancel-internal-after-task-not-found");
    assert!(
        of_rule(&out, "ID-TASK-010").is_empty(),
        "{:#?}",
        out.findings
    );
    let told = of_rule(&out, "RPC-ERROR-001");
    assert_eq!(told.len(), 1, "{:#?}", out.findings);
    assert!(
        told[0].1.contains("yet CancelTask was answered -32603"),
        "{}",
        told[0].1
    );
}

/// The prober's marked read of its random id stays ID-TASK-007's alone: the same GetTask
/// with `A2A-Interop-Probe: unknown-task` draws ID-TASK-007 and no ID-TASK-010.
#[test]
fn the_probers_random_id_is_not_told_twice() {
    let mut lines = variant_lines("l58-1-v10-get-unknown-task-internal-error");
    let at = lines
        .iter()
        .position(|l| {
            l["body"]
                .as_str()
                .is_some_and(|b| b.contains("\"GetTask\""))
        })
        .unwrap();
    lines[at]["headers"]["a2a-interop-probe"] = json!("unknown-task");
    let out = judge(&lines);
    assert_eq!(of_rule(&out, "ID-TASK-007").len(), 1, "{:#?}", out.findings);
    assert!(
        of_rule(&out, "ID-TASK-010").is_empty(),
        "{:#?}",
        out.findings
    );
}

// Item 2 (STREAM-003, DATA-005, DATA-004): left57 made the status-update site name the
// distinct problems of all a stream's events; the Task event site named its first problem
// only and the artifact-update site its artifact's first. Every site now hands all its
// problems to State::stream_shape (one finding per stream).

/// l58-2: one STREAM-SHAPE-001 naming the task event's naive timestamp and its history
/// message without messageId, then the artifact update's metadata and its part without
/// content, each later one with its event. Fails before left58 (the finding named the
/// timestamp and the metadata only).
#[test]
fn a_stream_shape_finding_names_every_problem_of_task_and_artifact_events() {
    let f = common::variant_finding(
        "l58-2-v10-stream-task-and-artifact-event-problems",
        "STREAM-SHAPE-001",
    );
    let m = &f.message;
    assert!(
        m.starts_with("stream task event is malformed: status timestamp \"2026-03-02 10:15:00\"")
            && m.contains("; message has no messageId (event 1 of the stream); also: ")
            && m.contains(
                "artifact metadata is not a JSON object (a google.protobuf.Struct) (event 2)"
            )
            && m.contains(
                "part must set exactly one of text, raw, url, data (found none) (event 2)"
            ),
        "{m}"
    );
    assert_eq!(f.evidence.len(), 2, "{:?}", f.evidence);
}

/// The neighbour: the same stream with the history message and the artifact well formed
/// names the timestamp alone, as before.
#[test]
fn a_stream_with_one_problem_keeps_its_one_problem_words() {
    let lines: Vec<Value> = variant_lines("l58-2-v10-stream-task-and-artifact-event-problems")
        .into_iter()
        .map(|mut l| {
            if let Some(b) = l["body"].as_str() {
                // the SSE body holds each event's JSON as written
                let b = b
                    .replace(
                        "{\"role\": \"ROLE_USER\"",
                        "{\"messageId\": \"m1\", \"role\": \"ROLE_USER\"",
                    )
                    .replace("\"metadata\": [\"x\"], ", "")
                    .replace(", {\"mediaType\": \"text/plain\"}", "");
                l["body"] = json!(b);
            }
            l
        })
        .collect();
    let out = judge(&lines);
    let told = of_rule(&out, "STREAM-SHAPE-001");
    assert_eq!(told.len(), 1, "{:#?}", out.findings);
    assert_eq!(
        told[0].1,
        "stream task event is malformed: status timestamp \"2026-03-02 10:15:00\" is not an RFC 3339 date-time with a zone (no T between date and time)"
    );
}

// Item 3 (RPC-001, RPC-002, TASK-003, CARD-005): a 501 page to a CancelTask of a task the
// recording shows working, at a JSON-RPC url that answered the send, drew CARD-URL-002
// (card-url-unreachable: "never answers when used") although the url answered. Reading: an
// agent that cannot cancel still answers with a JSON-RPC response carrying the A2A error
// (-32002 TaskNotCancelableError, -32004 UnsupportedOperationError): RPC-ENVELOPE-001.

/// l58-3 and the same over left55's helper: exactly one error, RPC-ENVELOPE-001, saying
/// the url answered and naming both errors a cancel may owe; no CARD-URL-002. Fails before
/// left58 (CARD-URL-002).
#[test]
fn a_501_to_a_live_tasks_cancel_is_the_missing_json_rpc_error() {
    let outs = [
        common::verify_variant("l58-3-v10-cancel-working-task-501"),
        judge(&after_task(
            true,
            "TASK_STATE_WORKING",
            "cancel",
            501,
            "text/plain",
            "Not Implemented",
        )),
    ];
    for out in outs {
        let errs = errors(&out);
        let errs: Vec<_> = errs.iter().filter(|(r, _)| r != "TASK-STATE-007").collect();
        assert_eq!(errs.len(), 1, "{errs:#?}");
        let (r, m) = errs[0];
        assert_eq!(r, "RPC-ENVELOPE-001", "{m}");
        assert!(
            m.contains("answered HTTP 501")
                && m.contains("so the url is right and answered")
                && m.contains("-32002 TaskNotCancelableError")
                && m.contains("-32004 UnsupportedOperationError"),
            "{m}"
        );
        assert!(of_rule(&out, "CARD-URL-002").is_empty());
    }
}

// Item 4 (ERR-004): RPC-ERROR-004 fires on 1.0 only, and its help spelled the owed error
// in the call's dialect, a 0.x spelling no call could reach. ERR-004 is 1.0's (0.x
// error.data is free-form), so the rule stays 1.0's and the help is spelled for 1.0 only.

/// A 0.3 -32001 without data draws no RPC-ERROR-004; the same answer on 1.0 draws it, its
/// help in the 1.0 JSON-RPC spelling with the ErrorInfo.
#[test]
fn the_error_info_note_is_1_0_only() {
    let out = common::verify_variant("l58-4-legal-v03-task-not-found-without-data");
    assert!(
        of_rule(&out, "RPC-ERROR-004").is_empty(),
        "{:#?}",
        out.findings
    );
    let body = json!({"jsonrpc": "2.0", "id": "r9", "error": {"code": -32001, "message": "no"}})
        .to_string();
    let mut lines = after_task(
        true,
        "TASK_STATE_COMPLETED",
        "cancel",
        200,
        "application/json",
        &body,
    );
    lines[4]["body"] = json!(lines[4]["body"]
        .as_str()
        .unwrap()
        .replace("\"t1\"", "\"t-gone\""));
    let out = judge(&lines);
    let f: Vec<_> = out
        .findings
        .iter()
        .filter(|f| f.rule == "RPC-ERROR-004")
        .collect();
    assert_eq!(f.len(), 1, "{:#?}", out.findings);
    assert!(
        f[0].help.starts_with("answer this error as {\"code\": -32001, \"message\": ..., \"data\": [{\"@type\": \"type.googleapis.com/google.rpc.ErrorInfo\", \"reason\": \"TASK_NOT_FOUND\""),
        "{}",
        f[0].help
    );
}

// Item 5 (DATA-005, PUSH-003; proto repeated fields, the 0.x schemas' arrays): a list
// written as an object with numeric keys (PHP's json_encode after array_filter) in a Task's
// history or artifacts or a push config list's configs was silent. Told with DATA-SHAPE-001,
// in words that name the PHP cause, as every "is not a list" the model says now is.

/// The three l58-5 fault variants: one DATA-SHAPE-001 each naming the member and the
/// numeric keys; the legal neighbour (lists) is silent. Fails before left58 (no finding).
#[test]
fn lists_written_as_numeric_keyed_objects_are_told() {
    for (name, member, keys) in [
        (
            "l58-5-v10-task-history-numeric-keys",
            "task history",
            "\"0\", \"2\"",
        ),
        (
            "l58-5-v10-task-artifacts-numeric-keys",
            "task artifacts",
            "\"0\", \"2\"",
        ),
        (
            "l58-5-v10-push-list-configs-numeric-keys",
            "configs",
            "\"0\"",
        ),
    ] {
        let f = common::variant_finding(name, "DATA-SHAPE-001");
        assert!(
            f.message.contains(&format!("{member} is not a list but an object keyed {keys} (a list written as an object with numeric keys, as PHP's json_encode")),
            "{name}: {}",
            f.message
        );
    }
    let out = common::variant_findings("l58-5-legal-v10-task-lists");
    assert!(out.iter().all(|f| f.rule != "DATA-SHAPE-001"), "{out:#?}");
}

// Item 6 (PUSH-002, ERR-006, DATA-003): an agent that accepted a 1.0 push config whose
// authentication is PHP's [] was judged by the echo's shape only (DATA-SHAPE-001), and not
// at all when it stored the config without echoing it. 1.0 validates input first, and
// authentication, when present, is an AuthenticationInfo with a REQUIRED scheme: the
// acceptance is DATA-PARAM-001 (as a config without url is), and the echo no second finding.

/// The accepting agent: one DATA-PARAM-001 naming the empty list, no DATA-SHAPE-001 for
/// the echo; the same with an answer that leaves authentication out (stored, not echoed)
/// too; the refusing agent draws no agent finding. Fails before left58 (the echo's
/// DATA-SHAPE-001 alone, and nothing for the stored form).
#[test]
fn an_agent_accepting_an_empty_list_authentication_is_told() {
    let name = "l58-6-v10-push-create-empty-list-authentication-accepted";
    let out = common::verify_variant(name);
    let told = of_rule(&out, "DATA-PARAM-001");
    assert_eq!(told.len(), 1, "{:#?}", out.findings);
    assert!(
        told[0]
            .1
            .contains("whose authentication is the empty list []")
            && told[0].1.contains("-32602 InvalidParams"),
        "{}",
        told[0].1
    );
    assert!(
        of_rule(&out, "DATA-SHAPE-001").is_empty(),
        "{:#?}",
        out.findings
    );
    let mut lines = variant_lines(name);
    let last = lines.len() - 1;
    lines[last]["body"] = json!(lines[last]["body"]
        .as_str()
        .unwrap()
        .replace(", \"authentication\": []", ""));
    let out = judge(&lines);
    assert_eq!(
        of_rule(&out, "DATA-PARAM-001").len(),
        1,
        "{:#?}",
        out.findings
    );
    let out =
        common::variant_findings("l58-6-legal-v10-push-create-empty-list-authentication-refused");
    assert!(out.iter().all(|f| f.rule != "DATA-PARAM-001"), "{out:#?}");
}

// Item 7 (DATA-003, PUSH-003; DATA-PARAM-003 / -004): a JSON-RPC
// GetTaskPushNotificationConfig with "id": "" was silent (the HTTP+JSON blank route
// segment was told); and an agent answering a blank-id route 2xx with one config was not
// judged. The blank id is the client's DATA-PARAM-003 unless the agent's own Create gave
// the task's config no id (field case f87: then "" is the id the client was given, the
// agent's fault); an agent serving a route that names no config is DATA-PARAM-004's, as on
// JSON-RPC.

/// l58-7: one DATA-PARAM-003 saying the id is empty. Fails before left58 (silent).
#[test]
fn a_blank_push_config_id_on_json_rpc_is_told() {
    let f = common::variant_finding("l58-7-v10-get-push-config-blank-id", "DATA-PARAM-003");
    assert!(
        f.message.contains("params carry an empty id (\"\")")
            && f.message.contains("the config it is about (id)"),
        "{}",
        f.message
    );
    // f87: the create gave no id, so the client's "" is the agent's doing: not the client's
    let out = common::verify_field("f87-v10-create-push-config-no-id");
    assert!(
        of_rule(&out, "DATA-PARAM-003").is_empty(),
        "{:#?}",
        out.findings
    );
}

/// l58-7 REST: a 1.0 HTTP+JSON GET .../pushNotificationConfigs/ (blank config id) answered
/// 200 with one config: the client's DATA-PARAM-003 and the agent's DATA-PARAM-004 (it
/// guessed the config). Fails before left58 (the client's finding alone).
#[test]
fn an_agent_serving_a_blank_config_route_with_one_config_is_told() {
    let out = common::verify_variant("l58-7-v10-rest-get-push-config-blank-id-served-one-config");
    assert_eq!(
        of_rule(&out, "DATA-PARAM-003").len(),
        1,
        "{:#?}",
        out.findings
    );
    let told = of_rule(&out, "DATA-PARAM-004");
    assert_eq!(told.len(), 1, "{:#?}", out.findings);
    assert_eq!(told[0].0, "warning");
    assert!(
        told[0]
            .1
            .contains("whose config id segment is blank, with HTTP 200")
            && told[0].1.contains("it guessed which config"),
        "{}",
        told[0].1
    );
}

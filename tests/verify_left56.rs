//! left56: last session's known misses and open decisions in the verifier.
//!
//! Item 1 (PUSH-003, 1.0.1 §3.1.10 "MUST be idempotent - multiple deletions of the same
//! config have the same effect"; RFC 9110 §9.2.2): a repeated 1.0 Delete of a push config
//! the agent already deleted with success. Decision: idempotence is the effect on the
//! server's state, not the answer, and 1.0.1 §3.1.8 answers a config that does not exist
//! with TaskNotFoundError, so the repeat answered with success or with that not-found error
//! (-32001, HTTP 404 or 410, gRPC NOT_FOUND) is legal; an internal error or a refusal of
//! another kind is told (RPC-ERROR-001 / REST-ERROR-001 / GRPC-ERROR-001), in words that name
//! both right answers. The variants `b12-L17-legal-*` and `l56-1-*` (tests/cases/variants)
//! hold the transcripts; verify_cases judges their rules, these tests their words.

use crate::common;

/// The repeated Delete answered -32004 names both right answers; before session 56 the
/// finding wanted -32003 PushNotificationNotSupportedError, which is false for an agent
/// that served the first Delete of the same config.
#[test]
fn repeated_push_delete_refusal_names_success_or_not_found() {
    let f = common::variant_finding(
        "l56-1-v10-push-delete-twice-second-unsupported-operation",
        "RPC-ERROR-001",
    );
    assert!(
        f.message.contains("the repeated delete was answered -32004 UnsupportedOperationError instead of a success or -32001 TaskNotFoundError"),
        "{}",
        f.message
    );
    assert!(!f.message.contains("-32003"), "{}", f.message);
    assert_eq!(f.spec, vec!["PUSH-003".to_string(), "ERR-002".to_string()]);
    let f = common::variant_finding(
        "l56-1-v10-rest-push-delete-twice-second-409",
        "REST-ERROR-001",
    );
    assert!(
        f.message.contains("(DELETE http://agent.example.test/api/tasks/t1/pushNotificationConfigs/cfg1) was answered HTTP 409 ABORTED instead of a success or HTTP 404 TASK_NOT_FOUND"),
        "{}",
        f.message
    );
}

/// An internal error to the repeat is told once, by the repeated-delete words (not also by
/// the lookup-miss words of a Get of a deleted config).
#[test]
fn repeated_push_delete_internal_error_is_told_once() {
    for (name, rule, wire) in [
        (
            "l56-1-v10-push-delete-twice-second-internal-error",
            "RPC-ERROR-001",
            "-32603 InternalError",
        ),
        (
            "l56-1-v10-rest-push-delete-twice-second-500",
            "REST-ERROR-001",
            "HTTP 500 INTERNAL",
        ),
    ] {
        let f = common::variant_finding(name, rule);
        assert!(
            f.message
                .contains(&format!("was answered {wire} instead of a success or"))
                && f.message
                    .contains("retries a delete that already took effect"),
            "{name}: {}",
            f.message
        );
    }
}

/// The legal neighbours: the repeat answered not found (JSON-RPC -32001, HTTP 404, HTTP
/// 410) or with success draws no finding of any severity about the delete.
#[test]
fn repeated_push_delete_answered_not_found_or_success_is_silent() {
    for name in [
        "b12-L17-legal-v10-push-delete-twice-second-answered-not-found",
        "b12-L17-legal-v10-rest-push-delete-twice-second-404",
        "l56-1-legal-v10-rest-push-delete-twice-second-410",
        "b12-L17-legal-rest-push-delete-twice",
    ] {
        let all = common::variant_findings(name);
        let told: Vec<_> = all
            .iter()
            .filter(|f| f.spec.iter().any(|s| s == "PUSH-003") || f.rule.contains("ERROR"))
            .map(|f| (&f.rule, &f.message))
            .collect();
        assert!(told.is_empty(), "{name}: {told:?}");
    }
}

// Item 3 (left55's words, every status): a JSON-RPC call on a task seen finished refused in
// a plain-text page (no JSON-RPC envelope) was judged with the finished task's words only
// at HTTP 400; a 500 or a 200 page got generic words, a 409 / 410 / 422 none.

use super::verify_left55::{after_task, errors, judge};

/// Every judged status (4xx, 5xx, and 200 with text/plain) of a plain-text refusal of a
/// message, a cancel or a subscribe on a task seen completed: one RPC-ENVELOPE-001 with the
/// same words as at 400 (the finished task, the error due, its requirement). Fails before
/// left56: 409 / 410 / 422 drew no finding, 500 and 200 words that named no finished task.
#[test]
fn a_plain_text_refusal_of_a_call_on_a_finished_task_is_told_at_every_status() {
    for call in ["send", "cancel", "subscribe"] {
        for status in [400, 409, 410, 422, 500, 200] {
            let case = format!("{call} {status}");
            let out = judge(&after_task(
                true,
                "TASK_STATE_COMPLETED",
                call,
                status,
                "text/plain",
                "task is finished",
            ));
            let errs = errors(&out);
            assert_eq!(errs.len(), 1, "{case}: {errs:#?}");
            let (r, m) = &errs[0];
            assert_eq!(r, "RPC-ENVELOPE-001", "{case}: {m}");
            let (name, req) = match call {
                "cancel" => ("TaskNotCancelableError", "TASK-003"),
                "subscribe" => ("UnsupportedOperationError", "TASK-004"),
                _ => ("UnsupportedOperationError", "TASK-002"),
            };
            assert!(
                m.contains(&format!("was answered HTTP {status} with text/plain (\"task is finished\") instead of a JSON-RPC response; the request is"))
                    && m.contains("task t1, which this recording saw in TASK_STATE_COMPLETED")
                    && m.contains(name)
                    && m.contains(req),
                "{case}: {m}"
            );
        }
    }
}

/// The neighbours keep their words: the same pages for a task still working (a 400 and a
/// 500 keep the generic words, a 409 stays silent), and an auth front's 401 or a gateway's
/// 503 page on a finished task says nothing of the task.
#[test]
fn a_plain_text_refusal_of_a_live_task_or_by_a_front_keeps_its_words() {
    for (state, status) in [
        ("TASK_STATE_WORKING", 400),
        ("TASK_STATE_WORKING", 409),
        ("TASK_STATE_WORKING", 500),
        ("TASK_STATE_WORKING", 200),
        ("TASK_STATE_COMPLETED", 401),
        ("TASK_STATE_COMPLETED", 503),
    ] {
        let out = judge(&after_task(
            true,
            state,
            "cancel",
            status,
            "text/plain",
            "no",
        ));
        let told: Vec<_> = out
            .findings
            .iter()
            .filter(|f| f.message.contains("which this recording saw in"))
            .map(|f| &f.message)
            .collect();
        assert!(told.is_empty(), "{state} {status}: {told:?}");
        let envelope = out
            .findings
            .iter()
            .filter(|f| f.rule == "RPC-ENVELOPE-001")
            .count();
        let want = usize::from(matches!(status, 400 | 500 | 200));
        assert_eq!(envelope, want, "{state} {status}: {:#?}", out.findings);
    }
}

// Item 4 (field case f1174, nexent PR #3576): a 1.0 stream's status message without a
// messageId and with 0.3's lowercase role "agent" was told by STREAM-SHAPE-001 naming the
// missing messageId only; the role was never said.

/// The one STREAM-SHAPE-001 finding of f1174's stream names both problems of the status
/// message: the missing messageId and the role spelled "agent" where 1.0 has ROLE_AGENT.
/// Fails before left56 (the message ended at "message has no messageId").
#[test]
fn a_stream_shape_finding_names_every_problem_of_the_event() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/cases/field/f1174-v10-stream-status-message-without-message-id.jsonl");
    let out = common::verify_file(&path);
    let m = common::only_message(&out, "STREAM-SHAPE-001");
    assert!(
        m.contains("message has no messageId")
            && m.contains("message role \"agent\" is not ROLE_USER or ROLE_AGENT")
            && m.contains("ROLE_AGENT"),
        "{m}"
    );
}

// Item 5 (TASK-003, ERR-002): a cancel of a task the agent handed out and still shows live,
// answered with the generic internal failure, is told on its own (RPC-ERROR-001 /
// REST-ERROR-001 "a cancel the agent does not carry out is refused with
// TaskNotCancelableError"), except during an outage (review29a). The HTTP+JSON form whose
// ErrorInfo reason is INTERNAL (no A2A reason) was silent: answer_code read only a
// reason-less 500 as -32603.

/// The 500 with ErrorInfo reason INTERNAL to a cancel of live task t1 is told once, with the
/// live task's words; the same 500 after two failed reads (an outage) is not. Fails before
/// left56 (the fault variant drew no finding).
#[test]
fn an_internal_error_to_a_cancel_of_a_live_task_is_told_once_but_not_in_an_outage() {
    let f = common::variant_finding(
        "l56-5-v10-rest-cancel-live-task-500-reason-internal",
        "REST-ERROR-001",
    );
    assert!(
        f.message.contains(
            "task t1, which the agent handed out and last showed TASK_STATE_WORKING, is live"
        ) && f.message.contains("TaskNotCancelableError (TASK-003"),
        "{}",
        f.message
    );
    let out = common::variant_findings("l56-5-legal-v10-rest-cancel-live-task-500-during-outage");
    let errs: Vec<_> = out
        .iter()
        .filter(|f| f.severity.as_str() != "note")
        .map(|f| (&f.rule, &f.message))
        .collect();
    assert!(errs.is_empty(), "{errs:?}");
}

// Item 6 (mine55b's overlap, a2a-js PR #401): a 0.3-shaped body sent to a `/v1/...`
// HTTP+JSON route under A2A-Version 1.0 below a 1.0-only interface draws BIND-USE-002 and
// VER-MIX-002. Decision: two faults of the client (its route and its body are both 0.3's on
// an interface that serves 1.0 only), each told once by one finding: BIND-USE-002 names the
// path and nothing of the body, VER-MIX-002 the body and nothing of the path.

/// The path-only fault (b55b-A1: a 1.0 body at /v1) is BIND-USE-002 alone, the body-only
/// fault (a 0.3 body at the 1.0 route) VER-MIX-002 alone, and both faults together one of
/// each, the path finding naming /v1 and not the body's member, the body finding the
/// member and not the path.
#[test]
fn a_v1_route_and_a_0_3_body_are_told_once_each() {
    let rules = |name: &str| {
        let mut r: Vec<String> = common::variant_findings(name)
            .into_iter()
            .filter(|f| f.severity.as_str() != "note")
            .map(|f| f.rule)
            .collect();
        r.sort();
        r
    };
    assert_eq!(
        rules("b55b-A1-v10-rest-send-at-v1-route-404"),
        ["BIND-USE-002"]
    );
    assert_eq!(
        rules("l56-6-v10-rest-v03-body-at-1-0-route-400"),
        ["VER-MIX-002"]
    );
    let both = "l56-6-v10-rest-v03-body-at-v1-route-404";
    assert_eq!(rules(both), ["BIND-USE-002", "VER-MIX-002"]);
    let path = common::variant_finding(both, "BIND-USE-002").message;
    assert!(
        path.contains("/agents/triage/v1/message:send")
            && path.contains("call POST /agents/triage/message:send")
            && !path.contains("kind"),
        "{path}"
    );
    let body = common::variant_finding(both, "VER-MIX-002").message;
    assert!(body.contains("kind") && !body.contains("/v1"), "{body}");
}

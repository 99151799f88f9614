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

//! breaker37 (blind adversary, round seventeen; `tests/cases/gen_b37x.py`): what the case
//! table cannot say. The rule and severity of each `b37x-*` case are checked by
//! `verify_cases` (`variants`); this checks the counts of the round, that its legal controls
//! stay silent, and what the round's fixes say:
//! - B01-B04, B07, B10, B12, B14, B16, B17, M01-M03: each answer element of a JSON-RPC batch
//!   is judged as the answer to its call sent alone (error codes, TaskNotFound for a task the
//!   agent handed out, a message to a terminal task accepted, a push config the card does
//!   not offer), with pointers under the call's and the answer's element and the elements
//!   named; M04-M06 (credentials on the batch, a streaming call refused in a batch, right
//!   0.3 refusals) stay silent.
//! - Z01, Z02, Z07, M07, M08: a 0.1 stream event whose parts carry 0.2's `kind` instead of
//!   `type` is STREAM-SHAPE-001; M09 stays silent.
//! - R09, R10, M10, M11: `DELETE` on the push config list path and `POST` on one config's
//!   path are REST-VERB-001 (and REST-VERB-002 when served), naming both verbs the path
//!   takes; M12 stays silent.
//! - R22, M13, M14: `/extendedAgentCard` in other letter case is REST-ROUTE-001 (and
//!   REST-ROUTE-002 when served); M15 stays silent.
//! - I41, M16, M17: JSON-RPC posted to a gRPC interface's url is BIND-USE-001; M18 (HTTP+JSON
//!   routes below a gRPC root, declared elsewhere) stays silent.
//! - I29, M19, M20: a custom (URI-named) binding's url of its own scheme without a port is
//!   no malformed interface; M21 (relative) and M22 (JSONRPC at nats://) stay CARD-SHAPE-003.

use crate::common;

use a2a_interop::verify::Severity;
use common::{one_variant as one, variant_finding as finding, variants_without};

#[test]
fn the_round_has_its_cases_and_its_controls_stay_silent() {
    common::assert_blind_round("b37x-", 200, 110);
}

#[test]
fn a_batch_answer_element_is_judged_as_its_calls_answer() {
    for (p, rule, words, pointer) in [
        (
            "b37x-B01-",
            "RPC-ERROR-001",
            "yet the agent answered -32004 UnsupportedOperationError instead of -32002 TaskNotCancelableError",
            "/0/error/code",
        ),
        (
            "b37x-B03-",
            "RPC-ERROR-001",
            "yet the agent answered -32002 TaskNotCancelableError instead of -32004 UnsupportedOperationError",
            "/0/error/code",
        ),
        (
            "b37x-B16-",
            "RPC-ERROR-001",
            "error reason TASK_NOT_CANCELABLE means code -32002 but the agent answered -32603",
            "/1/error/code",
        ),
        (
            "b37x-B17-",
            "RPC-ERROR-001",
            "ErrorInfo reason TASK_NOT_CANCELABLE does not fit this call",
            "/0/error/data",
        ),
        // mine59: a cancel of the task the agent answered completed, refused -32001, is the
        // wrong code (-32002 TaskNotCancelableError; 0.3: a SHOULD), not a lost task.
        (
            "b37x-B02-",
            "RPC-ERROR-006",
            "agent answered tasks/cancel on task t1, which it reported completed earlier, with -32001 TaskNotFoundError",
            "/0/error/code",
        ),
        (
            "b37x-B12-",
            "ID-TASK-001",
            "agent answered GetTask on task t1 with not found",
            "/0/error/code",
        ),
        (
            "b37x-B04-",
            "TASK-STATE-002",
            "message to task t1 in TASK_STATE_COMPLETED was accepted instead of rejected with UnsupportedOperationError",
            "/0/params/message/taskId",
        ),
        (
            "b37x-M01-",
            "TASK-STATE-002",
            "message to task t1 in canceled was accepted instead of rejected with an error",
            "/1/params/message/taskId",
        ),
        (
            "b37x-B07-",
            "ID-TASK-005",
            "agent answered SendMessage, whose message names no task",
            "/0/error/code",
        ),
        (
            "b37x-M03-",
            "ID-TASK-009",
            "agent answered message/send, whose message names no task",
            "/0/error/code",
        ),
    ] {
        let n = one(p);
        let f = finding(&n, rule);
        // a 0.x send: TaskNotFoundError's meaning is ERR-002's SHOULD there (sev44)
        let want = if rule == "ID-TASK-009" || rule == "RPC-ERROR-006" {
            Severity::Warning
        } else {
            Severity::Error
        };
        assert_eq!(f.severity, want, "{n}");
        let element = pointer.split('/').nth(1).unwrap_or("");
        assert!(
            f.message.contains(words)
                && f.message.ends_with(&format!(
                    "(JSON-RPC batch: call element {element}, answer element {element})"
                )),
            "{n}: {}",
            f.message
        );
        assert!(
            f.evidence
                .iter()
                .any(|e| e.pointer.as_deref() == Some(pointer)),
            "{n}: {:?}",
            f.evidence
        );
    }
    let n = one("b37x-B10-");
    assert!(
        finding(&n, "CAP-PUSH-001")
            .message
            .starts_with("agent accepted a push notification config although its card does not declare pushNotifications"),
        "{n}"
    );
    variants_without(&["b37x-M04-"], "AUTH-OPEN-");
    variants_without(&["b37x-M05-", "b37x-M06-"], "RPC-ERROR-");
    variants_without(&["b37x-M06-", "b37x-B27-"], "ID-TASK-");
}

#[test]
fn a_0_1_stream_event_part_with_kind_is_malformed() {
    for (p, pointer) in [
        ("b37x-Z01-", "/result/artifact/parts/0"),
        ("b37x-Z02-", "/result/status/message/parts/0"),
        ("b37x-Z07-", "/result/artifact/parts/0"),
        ("b37x-M07-", "/result/status/message/parts/0"),
        ("b37x-M08-", "/result/artifact/parts/1"),
    ] {
        let n = one(p);
        let f = finding(&n, "STREAM-SHAPE-001");
        assert!(
            f.message
                .starts_with("0.1 stream event is malformed: 0.1 part has kind")
                && f.message.contains("but no type"),
            "{n}: {}",
            f.message
        );
        assert_eq!(f.evidence[0].pointer.as_deref(), Some(pointer), "{n}");
    }
    variants_without(
        &["b37x-M09-", "b37x-Z03-", "b37x-Z04-", "b37x-Z05-"],
        "STREAM-SHAPE-",
    );
}

#[test]
fn the_other_push_config_paths_verb_is_a_wrong_verb() {
    for (p, words, served) in [
        (
            "b37x-R09-",
            "client called DELETE /tasks/t1/pushNotificationConfigs, a method this path does not take: it takes GET (ListTaskPushNotificationConfigs) and POST (CreateTaskPushNotificationConfig) only (configs are deleted one at a time",
            true,
        ),
        (
            "b37x-M10-",
            "client called DELETE /acme/tasks/t1/pushNotificationConfigs, a method this path does not take",
            false,
        ),
        (
            "b37x-R10-",
            "client called POST /tasks/t1/pushNotificationConfigs/cfg-1, a method this path does not take: it takes GET (GetTaskPushNotificationConfig) and DELETE (DeleteTaskPushNotificationConfig) only (a config is created by POST on the list path",
            true,
        ),
        (
            "b37x-M11-",
            "client called POST /acme/tasks/t1/pushNotificationConfigs/cfg-1",
            true,
        ),
    ] {
        let n = one(p);
        let f = finding(&n, "REST-VERB-001");
        assert!(f.message.starts_with(words), "{n}: {}", f.message);
        assert_eq!(
            f.message.ends_with("so the agent refused it (HTTP 405)"),
            !served,
            "{n}: {}",
            f.message
        );
        let rules = common::variant_rules(&n);
        assert_eq!(
            rules.iter().any(|r| r == "REST-VERB-002"),
            served,
            "{n}: {rules:?}"
        );
    }
    // R09's answer is what the deletion left, no list of the task's configs
    variants_without(&["b37x-R09-", "b37x-M12-"], "PUSH-CFG-");
    variants_without(&["b37x-M12-", "b37x-R01-", "b37x-R02-"], "REST-VERB-");
}

#[test]
fn the_extended_card_route_in_other_letter_case_is_no_route() {
    for (p, sent, served) in [
        ("b37x-R22-", "GET /extendedagentcard", true),
        ("b37x-M13-", "GET /acme/ExtendedAgentCard", true),
        ("b37x-M14-", "GET /extendedagentcard", false),
    ] {
        let n = one(p);
        let f = finding(&n, "REST-ROUTE-001");
        assert!(
            f.message.starts_with(&format!(
                "client requested {sent}, which is no HTTP+JSON route"
            )) && f
                .message
                .contains("extendedAgentCard (paths are case-sensitive"),
            "{n}: {}",
            f.message
        );
        let rules = common::variant_rules(&n);
        assert_eq!(
            rules.iter().any(|r| r == "REST-ROUTE-002"),
            served,
            "{n}: {rules:?}"
        );
    }
    variants_without(&["b37x-M15-", "b37x-R05-"], "REST-ROUTE-");
}

#[test]
fn json_rpc_at_a_grpc_url_is_a_binding_the_card_does_not_declare_there() {
    for (p, outcome) in [
        ("b37x-I41-", "the agent refused it (HTTP 404)"),
        ("b37x-M16-", "the agent refused it (HTTP 405)"),
        ("b37x-M17-", "the agent served it anyway"),
    ] {
        let n = one(p);
        let f = finding(&n, "BIND-USE-001");
        assert!(
            f.message.starts_with("client called POST /grpc in JSON-RPC at https://agent.example.test/grpc, which the card declares as gRPC only")
                && f.message.contains(outcome),
            "{n}: {}",
            f.message
        );
    }
    variants_without(&["b37x-M18-", "b37x-I02-", "b37x-I42-"], "BIND-USE-");
}

#[test]
fn a_custom_bindings_own_url_scheme_is_no_malformed_interface() {
    variants_without(&["b37x-I29-", "b37x-M19-", "b37x-M20-"], "CARD-SHAPE-");
    for p in ["b37x-M21-", "b37x-M22-"] {
        let n = one(p);
        let f = finding(&n, "CARD-SHAPE-003");
        assert!(f.message.contains("interface url"), "{n}: {}", f.message);
    }
}

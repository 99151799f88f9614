//! mine29a: what the round's kind fixes say. The rule and severity of each case are checked
//! by `verify_cases`; this checks that each message names the call, the ids and the answer
//! it wants, and that the controls stay silent on the rule.
//! - RPC-ERROR-001 / REST-ERROR-001 (PUSH-003; ggcode #1076, a2a-go PR #403): a Get of a
//!   push config that does not exist answered InvalidParams, or an internal error for a
//!   config the recording deleted or the agent's own text calls missing.
//! - RPC-ERROR-003 (Handler PR #112): ListTasks without pageSize refused for its page size.
//! - AUTH-SCOPE-002 (loomcycle PR #299, a2a-go #351): SubscribeToTask and the push config
//!   calls served under one tenant on a task handed out under another.

use crate::common;

use common::{only_message as message, verify_field as field, verify_variant as run};

#[test]
fn a_missing_push_config_refused_as_invalid_params_names_task_not_found() {
    let m = message(
        &field("f562-v10-get-missing-push-config-invalid-params"),
        "RPC-ERROR-001",
    );
    assert!(
        m.contains(
            "GetTaskPushNotificationConfig for push config \"cfg-unknown\" of task \"t-1076b\""
        ) && m.contains("the agent's own error text says does not exist")
            && m.contains("with -32602 InvalidParams instead of -32001 TaskNotFoundError")
            && m.contains("not a malformed request"),
        "{m}"
    );
    // A config the recording deleted, answered with the internal error.
    let m = message(
        &run("b29a-M1-v10-get-deleted-push-config-internal-error"),
        "RPC-ERROR-001",
    );
    assert!(
        m.contains("which was deleted")
            && m.contains("-32603 InternalError instead of -32001 TaskNotFoundError")
            && m.contains("not an agent failure"),
        "{m}"
    );
    // HTTP+JSON names the route and the REST form of the error.
    let m = message(
        &run("b29a-M1-v10-rest-get-missing-push-config-400"),
        "REST-ERROR-001",
    );
    assert!(
        m.contains("HTTP 400 INVALID_ARGUMENT instead of HTTP 404 TASK_NOT_FOUND"),
        "{m}"
    );
}

#[test]
fn list_tasks_without_page_size_refused_names_the_default() {
    let m = message(
        &field("f564-v10-list-tasks-without-page-size-refused"),
        "RPC-ERROR-003",
    );
    assert!(
        m.contains("valid ListTasks with -32602 InvalidParams")
            && m.contains("the request leaves out")
            && m.contains("default page of 50"),
        "{m}"
    );
    let m = message(
        &run("b29a-P1-v10-rest-list-tasks-no-page-size-400"),
        "RPC-ERROR-003",
    );
    assert!(
        m.contains("HTTP 400 INVALID_ARGUMENT") && m.contains("pageSize must be in [1, 100]"),
        "{m}"
    );
}

#[test]
fn another_tenants_task_names_both_tenants_and_what_leaked() {
    let m = message(
        &run("b29a-T1-v10-jsonrpc-subscribe-other-tenant"),
        "AUTH-SCOPE-002",
    );
    assert!(
        m.contains("SubscribeToTask on task t-g1 under tenant \"acme\"")
            && m.contains("opened a stream of its events")
            && m.contains("handed task t-g1 out under tenant \"globex\"")
            && m.contains("-32001 TaskNotFoundError"),
        "{m}"
    );
    let m = message(
        &run("b29a-T1-v10-jsonrpc-push-config-create-other-tenant"),
        "AUTH-SCOPE-002",
    );
    assert!(
        m.contains("stored a webhook for it, which will receive its updates"),
        "{m}"
    );
    let m = message(
        &run("b29a-T1-v10-rest-list-push-configs-other-tenant"),
        "AUTH-SCOPE-002",
    );
    assert!(
        m.contains("returned its push notification configs (webhook url and token)")
            && m.contains("HTTP 404 TASK_NOT_FOUND"),
        "{m}"
    );
}

#[test]
fn controls_stay_silent() {
    for (name, rule) in [
        (
            "b29a-T1-legal-v10-list-tasks-own-tenant-only",
            "AUTH-SCOPE-002",
        ),
        (
            "b29a-T1-legal-v10-subscribe-other-tenant-not-found",
            "AUTH-SCOPE-002",
        ),
        (
            "b29a-M1-legal-v10-rest-get-missing-push-config-404",
            "REST-ERROR-001",
        ),
        (
            "b29a-M1-agent-right-v10-get-push-config-bad-params",
            "RPC-ERROR-001",
        ),
        (
            "b29a-P1-legal-v10-list-tasks-page-size-zero-refused",
            "RPC-ERROR-003",
        ),
    ] {
        let out = run(name);
        assert!(
            out.findings.iter().all(|f| f.rule != rule),
            "{name}: {:?}",
            out.findings
                .iter()
                .map(|f| (&f.rule, &f.message))
                .collect::<Vec<_>>()
        );
    }
    for name in [
        "f566-legal-v10-get-missing-push-config-task-not-found",
        "f570-legal-v10-list-push-configs-no-page-size",
        "f572-legal-v10-jsonrpc-tenant-in-every-request",
    ] {
        let out = field(name);
        assert!(
            out.findings
                .iter()
                .all(|f| !["RPC-ERROR-001", "RPC-ERROR-003", "AUTH-SCOPE-002"]
                    .contains(&f.rule.as_str())),
            "{name}: {:?}",
            out.findings
                .iter()
                .map(|f| (&f.rule, &f.message))
                .collect::<Vec<_>>()
        );
    }
}

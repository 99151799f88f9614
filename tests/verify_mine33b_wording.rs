//! mine33b (round thirty-three: listing and cancelling tasks): what DATA-LIST-006
//! (list-tasks-misses-known-task) says when a complete ListTasks page without a status filter
//! leaves out a task the same caller was just handed (a2a-js #614: the absent status decoded
//! as TASK_STATE_UNSPECIFIED filtered every task out), and that it stays quiet where the list
//! may rightly leave the task out. Rules and severities are checked by `verify_cases`.

use crate::common;

use common::{only_message as message, variant_errors_and_warnings, variant_message};

#[test]
fn an_unfiltered_list_names_the_task_it_left_out_and_why() {
    let out = common::verify_field("f760-v10-list-tasks-unfiltered-lists-none");
    let m = message(&out, "DATA-LIST-006");
    assert!(
        m.starts_with("the agent's ListTasks without filters lists no tasks (totalSize 0, no further page) but leaves out task t-614b, which this agent handed out 0.5 s before the call to the same caller (no credentials on either call), and 1 more such task: "),
        "{m}"
    );
    assert!(
        m.contains(
            "a ListTasks without a status filter lists every task the caller may see (DATA-007)"
        ),
        "{m}"
    );
    assert!(
        m.contains("decodes the absent status (or TASK_STATE_UNSPECIFIED, the proto3 zero value) as a filter for that state filters every task out"),
        "{m}"
    );
}

#[test]
fn the_filters_the_request_did_set_are_named() {
    let out = common::verify_field("f761-v10-rest-list-tasks-context-filter-lists-none");
    let m = message(&out, "DATA-LIST-006");
    assert!(
        m.starts_with("the agent's ListTasks with contextId \"c-614r\" and no status filter lists no tasks (totalSize 0, no further page) but leaves out task t-614c, "),
        "{m}"
    );
    let m = variant_message(
        "b33b-A2-v10-list-tasks-unspecified-status-lists-one-of-two",
        "DATA-LIST-006",
    );
    assert!(
        m.starts_with("the agent's ListTasks with status TASK_STATE_UNSPECIFIED (no filter) lists 1 task (totalSize 1, no further page) but leaves out task t-A2a, "),
        "{m}"
    );
    let m = variant_message(
        "b33b-A1-v10-rest-list-tasks-no-params-lists-none",
        "DATA-LIST-006",
    );
    assert!(
        m.contains("to the same caller (the same credentials), and 1 more such task"),
        "{m}"
    );
}

#[test]
fn lists_that_may_leave_the_task_out_stay_quiet() {
    for name in [
        "b33b-A4-legal-v10-list-tasks-status-filter-excludes-task",
        "b33b-A5-legal-v10-list-tasks-task-older-than-window",
        "b33b-A6-legal-v10-list-tasks-page-token-page",
        "b33b-A7-legal-v10-list-tasks-other-agent-task",
        "b33b-A8-legal-v10-list-tasks-after-03-task",
        "b33b-A9-legal-v10-list-tasks-task-first-seen-in-a-list",
        "legal-b11-K18-v10-list-tasks-default-and-explicit-page-sizes",
    ] {
        assert_eq!(
            variant_errors_and_warnings(name),
            Vec::<String>::new(),
            "{name}"
        );
    }
    for name in [
        "f770-legal-v10-list-tasks-status-unspecified-lists-all",
        "f773-legal-v10-list-tasks-other-caller-sees-none",
    ] {
        let out = common::verify_field(name);
        assert!(
            out.findings.iter().all(|f| f.rule != "DATA-LIST-006"),
            "{name}: {:?}",
            out.findings.iter().map(|f| &f.rule).collect::<Vec<_>>()
        );
    }
}

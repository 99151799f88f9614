//! mine22a M2: what ID-TASK-001 says when an HTTP+JSON agent's not-found answer names the
//! task id with the route's custom verb glued on (`t-1:subscribe`): the route for that
//! method and verb is missing, not the task (a2a-js PR #569). The rule and severity are
//! checked by `verify_cases`; this checks that the message names the cause.

use crate::common;

use common::{only_message as message, verify_variant as run};

#[test]
fn verb_read_into_the_task_id_names_the_missing_route() {
    let m = message(
        &run("b22a-M2-v10-rest-subscribe-get-falls-to-get-task"),
        "ID-TASK-001",
    );
    assert!(
        m.contains("not found for the id t-5691:subscribe")
            && m.contains("read the custom verb :subscribe into it")
            && m.contains("no GET route for :subscribe")
            && m.contains("an agent serves both")
            && !m.contains("load balancer"),
        "{m}"
    );
    let m = message(
        &run("b22a-M2-v10-rest-cancel-verb-read-into-id"),
        "ID-TASK-001",
    );
    assert!(
        m.contains("no POST route for :cancel") && !m.contains("proto binds"),
        "{m}"
    );
}

//! mine23b: what the round's kind fixes say. The rule and severity of each case are checked
//! by `verify_cases`; this checks that the messages name the cause and the remedy.
//! - CAP-EXT-006 (A2A #1238): the header the client used, and the plural name its version
//!   reads; whether the agent's answer follows from it.
//! - ID-TASK-001 (pr-agent PR #3166): a task last reported running that the agent cannot
//!   find is named as stored only once it finishes, before the load-balancer reading.

use crate::common;

use common::{only_message as message, verify_field as field, verify_variant as run};

#[test]
fn singular_extension_header_names_the_plural_one_of_its_version() {
    let m = message(
        &field("f321-v10-client-extension-header-singular"),
        "CAP-EXT-006",
    );
    assert!(
        m.contains("header a2a-extension (https://a2a.example.test/extensions/geo/v1)")
            && m.contains("1.0 requests name them in A2A-Extensions (plural)")
            && m.contains("its refusal for a missing extension is the answer to what it got"),
        "{m}"
    );
    let m = message(
        &run("b23b-K1-v03-x-a2a-extension-singular-processed"),
        "CAP-EXT-006",
    );
    assert!(
        m.contains("header x-a2a-extension")
            && m.contains("0.2.4-0.3 requests name them in X-A2A-Extensions (plural)")
            && m.contains("answered without it"),
        "{m}"
    );
}

#[test]
fn running_task_not_found_names_the_store_at_finish_cause() {
    let m = message(
        &field("f333-v10-running-task-not-found-cancel-internal-error"),
        "ID-TASK-001",
    );
    assert!(
        m.contains("last reported it TASK_STATE_WORKING, still running")
            && m.contains("stores a task only once it finishes")
            && m.contains("load balancer"),
        "{m}"
    );
}

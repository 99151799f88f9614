//! mine25b: what the round's kind fixes say. The rule and severity of each case are checked
//! by `verify_cases`; this checks that the messages name the cause and the evidence.
//! - TASK-STATE-013 (a2a-js #540): the refused task, the state it was last seen in, and the
//!   later answer that shows it still running.
//! - PUSH-DELIV-003 (a2a-java PR #483, a2a-python #218): a task with no delivery at all
//!   names its webhook and the other task whose deliveries show the webhook is recorded.

use crate::common;

use common::{only_message as message, verify_field as field, verify_variant as run};

#[test]
fn live_task_refusal_names_the_later_answer() {
    let m = message(
        &field("f401-v10-subscribe-working-task-unsupported-op"),
        "TASK-STATE-013",
    );
    assert!(
        m.contains("refused SubscribeToTask for task t-540 with -32004 UnsupportedOperationError")
            && m.contains("last seen in TASK_STATE_WORKING")
            && m.contains("a later answer (e3) shows it TASK_STATE_WORKING, still not terminal"),
        "{m}"
    );
    // HTTP+JSON: the refusal in that binding's words.
    let m = message(
        &run("b25b-K1-v10-rest-subscribe-submitted-refused-400"),
        "TASK-STATE-013",
    );
    assert!(
        m.contains("task t-k1a") && m.contains("last seen in TASK_STATE_SUBMITTED"),
        "{m}"
    );
}

#[test]
fn push_never_delivered_names_webhook_and_other_task() {
    let m = message(
        &field("f413-v03-inline-push-config-non-streaming-never-delivered"),
        "PUSH-DELIV-003",
    );
    assert!(
        m.contains("no push notification of task t-483b at all")
            && m.contains("names the webhook https://client.example.test/a2a/webhook")
            && m.contains("received task t-483a's notifications")
            && m.contains("continues 69 s beyond"),
        "{m}"
    );
    // Another agent's deliveries to that webhook say nothing of this agent's path to it.
    let out = run("b25b-K2-legal-v10-webhook-shared-with-other-agent");
    assert!(
        out.findings.iter().all(|f| f.rule != "PUSH-DELIV-003"),
        "{:?}",
        out.findings
    );
}

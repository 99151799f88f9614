//! mine28b: what the round's kind fix says. The rule and severity of each case are checked
//! by `verify_cases`; this checks that the message names both tasks, both agents and the
//! delegate's exchange, quotes the relayed words, and gives the remedy that fits the
//! delegate's state, and that the controls stay silent on the rule.
//! - TASK-STATE-014 (adk-python PR #6713 / #6708): an orchestrator that completes its own
//!   task with, as its whole result, the status message of a task it delegated inside its
//!   own call (to another origin) that ended failed, rejected, canceled, input-required or
//!   auth-required. A host that fails with the reason, one that adds work of its own beside
//!   the delegate's words and a worker called before the host's call are not judged.

use crate::common;

use common::{only_message as message, verify_field as field, verify_variant as run};

#[test]
fn a_relayed_failure_names_both_tasks_and_the_remedy() {
    let m = message(
        &field("f526-v03-host-relays-worker-failure-as-completed"),
        "TASK-STATE-014",
    );
    assert!(
        m.contains("the agent at https://host.example.test/ ended its task t-host completed")
            && m.contains("task t-fl at https://flights.example.test/")
            && m.contains("which ended failed while this call was open")
            && m.contains("\"Flight search failed: upstream booking API returned 503\"")
            && m.contains("should end failed"),
        "{m}"
    );
    // A 1.0 rejection, spelled in the 1.0 wire's terms.
    let m = message(
        &run("b28b-K1-v10-host-unary-relays-worker-rejected"),
        "TASK-STATE-014",
    );
    assert!(
        m.contains("TASK_STATE_COMPLETED") && m.contains("ended TASK_STATE_REJECTED"),
        "{m}"
    );
}

#[test]
fn a_relayed_question_says_to_ask_it() {
    let m = message(
        &run("b28b-K1-v10-rest-host-stream-relays-worker-question"),
        "TASK-STATE-014",
    );
    assert!(
        m.contains("ended TASK_STATE_INPUT_REQUIRED")
            && m.contains("a question the delegate asked")
            && m.contains("continue the delegate's task"),
        "{m}"
    );
}

#[test]
fn controls_stay_silent() {
    for name in [
        "b28b-K1-legal-v03-host-maps-failure-to-failed",
        "b28b-K1-legal-v03-host-adds-fallback-work",
        "b28b-K1-legal-v03-worker-called-before-host",
    ] {
        let out = run(name);
        assert!(
            out.findings.iter().all(|f| f.rule != "TASK-STATE-014"),
            "{name}: {:?}",
            out.findings
        );
    }
    for name in [
        "f534-legal-v03-host-keeps-worker-context-apart",
        "f535-legal-v03-host-surfaces-worker-question",
    ] {
        let out = field(name);
        assert!(
            out.findings.iter().all(|f| f.rule != "TASK-STATE-014"),
            "{name}: {:?}",
            out.findings
        );
    }
}

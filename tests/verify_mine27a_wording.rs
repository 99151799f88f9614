//! mine27a: what the round's kind fixes say. The rule and severity of each case are checked
//! by `verify_cases`; this checks that the messages name the cause and the evidence, and
//! that the controls stay silent on the rule.
//! - CAP-STREAM-002, widened (a2a-elixir #99): a 0.x tasks/resubscribe of a task its stream
//!   last showed running, refused with UnsupportedOperationError under
//!   `capabilities.streaming: true`, names the task, the state and the later answer that
//!   shows it still running; a task that finished, or that no stream carried, stays silent.
//! - GW-SSE-002 words (wso2/agent-manager #1383): a gateway that closed the client's stream
//!   before the agent's next event arrived names how far the agent went on, and tells a
//!   route's total request timeout from an idle timeout by the silences the stream survived.

use crate::common;

use common::{only_message as message, verify_field as field, verify_variant as run};

#[test]
fn refused_resubscription_of_a_running_task_names_the_task_and_the_later_answer() {
    let m = message(
        &field("f462-v03-resubscribe-working-task-unsupported"),
        "CAP-STREAM-002",
    );
    assert!(
        m.contains("capabilities.streaming: true")
            && m.contains("refused tasks/resubscribe for task t-99")
            && m.contains("last showed working")
            && m.contains("-32004 UnsupportedOperationError")
            && m.contains("still running")
            && m.contains("0.3 §7.9"),
        "{m}"
    );
    let m = message(
        &run("b27a-K1-v02-resubscribe-working-task-unsupported"),
        "CAP-STREAM-002",
    );
    assert!(m.contains("task t-k1a"), "{m}");
}

#[test]
fn resubscription_refusals_the_spec_allows_stay_silent() {
    for name in [
        "b27a-K1-v03-control-resubscribe-refused-task-then-completed",
        "b27a-K1-legal-v03-resubscribe-task-never-streamed",
        "b27a-K1-v03-control-resubscribe-refused-card-streaming-false",
    ] {
        let out = run(name);
        assert!(
            out.findings.iter().all(|f| f.rule != "CAP-STREAM-002"),
            "{name}: {:?}",
            out.findings
        );
    }
}

#[test]
fn gateway_stream_cut_at_a_route_timeout_is_named_a_duration_cap() {
    let m = message(
        &field("f479-v10-gw-stream-cut-at-route-timeout"),
        "GW-SSE-002",
    );
    assert!(
        m.contains("gateway closed the client's stream after 3 of the 5 events")
            && m.contains("went on 6.1 s more, up to the terminal state TASK_STATE_COMPLETED")
            && m.contains("30.0 s after the request")
            && m.contains("quiet for 12.0 s without being cut")
            && m.contains("total request timeout")
            && !m.contains("idle or read timeout"),
        "{m}"
    );
    let m = message(
        &run("b27a-K2-gw-v10-rest-stream-cut-at-55s-cap"),
        "GW-SSE-002",
    );
    assert!(
        m.contains("55.0 s after the request") && m.contains("duration cap of about 55 s"),
        "{m}"
    );
}

#[test]
fn gateway_stream_cut_after_the_longest_silence_is_named_an_idle_timeout() {
    let m = message(
        &run("b27a-K2-gw-v03-stream-cut-by-idle-timeout"),
        "GW-SSE-002",
    );
    assert!(
        m.contains("60.0 s after the last event the gateway passed on")
            && m.contains("idle or read timeout of about 60 s")
            && m.contains("keep-alive")
            && m.contains("(artifact-update a-k2a with append and lastChunk)")
            && !m.contains("total request timeout"),
        "{m}"
    );
    let out = run("b27a-K2-legal-gw-v10-stream-passed-on-whole");
    assert!(
        out.findings.iter().all(|f| f.rule != "GW-SSE-002"),
        "{:?}",
        out.findings
    );
}

//! breaker19a Y1, Y5, Y8, Y12, Y13, Y14: what the findings on the tester's inputs
//! (`tests/cases/variants/b19-Y*`) say. The rules and severities are checked by
//! `verify_cases`; this checks that each message names the fault, the party and the fix.

use crate::common;

use common::{only_message as message, verify_variant as run};

#[test]
fn y1_names_the_lost_artifact_and_the_snapshot() {
    let m = message(
        &run("b19-Y1-v03-streamed-artifact-missing-from-tasks-get"),
        "TASK-STATE-010",
    );
    assert!(
        m.contains("stream delivered artifact a1 of task t1")
            && m.contains("tasks/get answer shows the task in completed with no artifacts"),
        "{m}"
    );
    let m = message(
        &run("b19-Y1-v02-tasks-get-keeps-first-artifact-loses-second"),
        "TASK-STATE-010",
    );
    assert!(m.contains("with artifact a1 but not a2"), "{m}");
    let m = message(
        &run("b19-Y1-v10-subscribe-first-task-misses-streamed-artifact"),
        "TASK-STATE-010",
    );
    assert!(
        m.contains("a Task event of its SubscribeToTask stream")
            && m.contains("TASK_STATE_INPUT_REQUIRED"),
        "{m}"
    );
}

#[test]
fn y5_blames_the_gateway_only() {
    for stem in [
        "b19-Y5-gw-v03-client-gets-untranslated-10-send-answer",
        "b19-Y5-gw-v10-client-gets-untranslated-03-send-answer",
        "b19-Y5-gw-v03-client-gets-untranslated-10-get-task-answer",
        "b19-Y5-gw-v03-client-gets-untranslated-10-stream",
    ] {
        let out = run(stem);
        let m = message(&out, "GW-RESP-002");
        assert!(
            m.starts_with("gateway translated the client's ")
                && m.contains("handed the agent's")
                && m.contains("unchanged"),
            "{stem}: {m}"
        );
        // The agent's correct answer to the call it got is not charged to it.
        let others: Vec<&str> = out
            .findings
            .iter()
            .filter(|f| f.rule != "GW-RESP-002")
            .map(|f| f.rule.as_str())
            .collect();
        assert!(others.is_empty(), "{stem}: {others:?}");
    }
}

#[test]
fn y8_names_kind_on_the_artifact_parts() {
    let out = run("b19-Y8-v03-rest-send-result-in-jsonrpc-shape");
    let m = message(&out, "VER-MIX-001");
    assert!(
        m.contains("around a 0.x JSON-RPC Task (kind \"task\"")
            && m.contains("kind is also on its artifacts' parts (/task/artifacts/0/parts/0/kind)"),
        "{m}"
    );
    let m = message(&out, "TASK-STATE-005");
    assert!(
        m.contains("\"completed\"") && m.contains("0.3 HTTP+JSON"),
        "{m}"
    );
}

#[test]
fn y12_names_the_capitalised_wrapper() {
    let m = message(
        &run("b19-Y12-v03-send-result-wrapped-capital-Task"),
        "DATA-SHAPE-001",
    );
    assert!(
        m.contains("wrapped under \"Task\"") && m.contains("kind \"task\""),
        "{m}"
    );
    let m = message(
        &run("b19-Y12-v10-stream-event-wrapped-class-name"),
        "STREAM-SHAPE-001",
    );
    assert!(
        m.contains("wrapped under \"TaskStatusUpdateEvent\"") && m.contains("\"statusUpdate\""),
        "{m}"
    );
}

#[test]
fn y13_names_the_idle_gap_and_the_fix() {
    let m = message(
        &run("b19-Y13-gw-v03-idle-timeout-cuts-stream"),
        "GW-SSE-002",
    );
    assert!(
        m.contains("60 s after the last event it got")
            && m.contains("idle or read timeout")
            && m.contains("keep-alive"),
        "{m}"
    );
}

#[test]
fn y14_wire_terms() {
    let m = message(
        &run("b19-Y14-gw-v03-gateway-drops-final-event"),
        "GW-SSE-002",
    );
    assert!(
        m.contains("(status-update completed)") && !m.contains("TASK_STATE_"),
        "{m}"
    );
    let m = message(
        &run("b19-Y14-v03-card-client-calls-01-tasks-send"),
        "VER-CARD-002",
    );
    assert!(m.contains("0.3 names this call message/send"), "{m}");
}

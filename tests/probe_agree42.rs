//! interop42: active and passive verdicts are one code path, continued from
//! `tests/probe_agree41.rs`. Each test runs the real binary: `probe URL --record` against a
//! real agent, then `verify` of that recording, and checks that both name the same rule on
//! the same exchange (or, for a legal answer, that neither fails):
//! - the probe's calls on a terminal task (`errors.cancel-completed`,
//!   `errors.message-to-terminal`, `errors.subscribe-terminal`) and its send with
//!   `A2A-Version: 99.0` (`errors.unsupported-version`) were failed by the probe's own
//!   assertion; any A2A answer is now the verifier's to judge: a success is TASK-STATE-003 /
//!   -002 (-006), a wrong code RPC-ERROR-001 (the recording shows the task terminal and the
//!   version asked, so no mark is needed);
//! - a 0.3 agent answering the cancel of a completed task -32602: 0.x A2A error codes are a
//!   SHOULD (DIGEST ERR-002; the 0.3 schema's CancelTaskResponse admits any JSON-RPC error),
//!   so the legal reading wins: the verifier says nothing, and the probe no longer fails;
//! - `errors.push-not-supported` the same way: CAP-PUSH-001 for a config accepted,
//!   RPC-ERROR-001 for another code on 1.0 (-32603, which the verifier now judges too); on
//!   0.3 (-32004 as adk-python #4126) the code is ERR-002's SHOULD, RPC-ERROR-006, a warning
//!   in both reports that fails no test (sev44);
//! - `errors.extension-required` needs the probe's intent (passively a refused send may have
//!   been refused for anything): its send without the card's required extensions is marked
//!   `A2A-Interop-Probe: extension-required`, and a refusal of it under another code than
//!   -32008 is RPC-ERROR-001 in both (a send served is CAP-EXT-001, mark or not);
//! - an SSE event with an empty `data:` is SSE-FRAME-004, a warning; the probe failed
//!   `streaming.envelope` on it, now it passes with the warning in both reports; so does
//!   an artifact chunk after its lastChunk (STREAM-ARTIFACT-002, `streaming.last-chunk`),
//!   and a stream refused -32004 by an agent whose card declares streaming (CAP-STREAM-002:
//!   the streaming tests skip);
//! - the reference agent passes all of these both ways.
//!
//! `A2A_INTEROP_TEST_BIN` runs them against another build: main's binary fails each fault
//! test here but the adk-python #4126 guard (its verdicts were its own assertions); the
//! correct-agent tests are guards that pass on main too.

use crate::agree;

use agree::{
    errors, exchanges_of, harness, marked, misbehave, probe_and_verify, reference_agent, results,
    with_sdk_agent,
};
use serde_json::Value;

/// The rule ids of a JSON report's findings of `severity`.
fn of_severity(report: &Value, severity: &str) -> Vec<String> {
    report["findings"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|f| f["severity"] == severity)
        .map(|f| f["rule"].as_str().unwrap().to_string())
        .collect()
}

/// The rule named in a probe result's message as `error[RULE]`, if any.
fn failed_by(message: &str) -> Option<&str> {
    let at = message.find("error[")? + "error[".len();
    let end = message[at..].find(']')?;
    Some(&message[at..at + end])
}

/// Faulty `mode`: the probe's `test` fails by a verifier finding, one of `rules`, and `verify`
/// of the recording reports that rule on the same exchanges.
fn fault_agrees(mode: &str, test: &str, rules: &[&str]) {
    let (_agent, url) = misbehave(mode);
    let dir = tempfile::tempdir().unwrap();
    let run = probe_and_verify(&url, dir.path());
    let rs = results(&run.probe, test);
    assert!(
        !rs.is_empty(),
        "no {test} result: {:#}",
        run.probe["results"]
    );
    let (scoped, status, message) = rs[0];
    assert_eq!(status, "fail", "{scoped}: {message}");
    let rule = failed_by(message)
        .unwrap_or_else(|| panic!("{scoped} failed by the probe's own assertion: {message}"));
    assert!(
        rules.contains(&rule),
        "{scoped} failed by {rule}, not one of {rules:?}: {message}"
    );
    assert!(
        errors(&run.verify).contains(rule),
        "verify: {:?}",
        errors(&run.verify)
    );
    let online = exchanges_of(&run.probe, rule);
    assert!(!online.is_empty());
    assert_eq!(online, exchanges_of(&run.verify, rule));
}

#[test]
fn a_1_0_cancel_of_a_completed_task_answered_internal_error_fails_both_by_rpc_error_001() {
    fault_agrees(
        "v10-cancel-terminal-internal",
        "errors.cancel-completed",
        &["RPC-ERROR-001"],
    );
}

#[test]
fn a_cancel_of_a_completed_task_that_succeeds_fails_both_by_the_task_state_rule() {
    // the success is TASK-STATE-003; the task it shows canceled left completed (-001)
    fault_agrees(
        "cancel-terminal-ok",
        "errors.cancel-completed",
        &["TASK-STATE-003", "TASK-STATE-001"],
    );
}

#[test]
fn a_1_0_message_to_a_completed_task_answered_invalid_params_fails_both_by_rpc_error_001() {
    fault_agrees(
        "v10-followup-terminal-invalid",
        "errors.message-to-terminal",
        &["RPC-ERROR-001"],
    );
}

#[test]
fn a_message_to_a_completed_task_accepted_fails_both_by_task_state_002() {
    fault_agrees(
        "terminal-followup-ok",
        "errors.message-to-terminal",
        &["TASK-STATE-002"],
    );
}

#[test]
fn a_1_0_subscribe_to_a_completed_task_answered_internal_error_fails_both_by_rpc_error_001() {
    fault_agrees(
        "v10-subscribe-terminal-internal",
        "errors.subscribe-terminal",
        &["RPC-ERROR-001"],
    );
}

#[test]
fn an_unsupported_version_answered_internal_error_fails_both_by_rpc_error_001() {
    fault_agrees(
        "v10-version-internal",
        "errors.unsupported-version",
        &["RPC-ERROR-001"],
    );
}

#[test]
fn an_unsupported_version_answered_method_not_found_fails_both_by_rpc_error_001() {
    fault_agrees(
        "v10-version-method-not-found",
        "errors.unsupported-version",
        &["RPC-ERROR-001"],
    );
}

/// adk-python #4126 (f340, f39): a 0.3 agent whose card declares no push answers push
/// config calls -32004. The probe's own check passed it ("0.x SHOULD"), and the verifier's
/// RPC-ERROR-001, merged, failed it; the own check defers to the verifier, whose finding is
/// now RPC-ERROR-006, a warning (sev44: ERR-002 is a SHOULD in 0.3, so the 0.3 spec
/// recommends -32003, it does not require it): no test fails, both reports warn.
#[test]
fn a_0_3_push_config_refused_unsupported_operation_warns_in_both_and_fails_no_test() {
    warning_agrees("push-unsupported-operation", "RPC-ERROR-006");
}

/// A 1.0 agent without push answers a push config call -32603: the probe failed it alone;
/// the verifier now owes -32003 there too (PUSH-001 MUST).
#[test]
fn a_1_0_push_config_answered_internal_error_fails_both_by_rpc_error_001() {
    fault_agrees(
        "v10-push-internal",
        "errors.push-not-supported",
        &["RPC-ERROR-001"],
    );
}

#[test]
fn a_1_0_push_config_accepted_without_the_capability_fails_both_by_cap_push_001() {
    fault_agrees(
        "v10-push-accepted",
        "errors.push-not-supported",
        &["CAP-PUSH-001"],
    );
}

/// A 1.0 agent whose card marks an extension required refuses the probe's send without it
/// -32603: the probe failed `errors.extension-required` alone (passively the verifier cannot
/// tell why a send was refused). The probe marks that send (`A2A-Interop-Probe:
/// extension-required`) and the verifier judges the marked refusal: RPC-ERROR-001 in both.
#[test]
fn a_send_without_the_required_extension_answered_internal_error_fails_both_by_rpc_error_001() {
    let (_agent, url) = misbehave("v10-ext-required-internal");
    let dir = tempfile::tempdir().unwrap();
    let run = probe_and_verify(&url, dir.path());
    let rs = results(&run.probe, "errors.extension-required");
    assert_eq!(rs.len(), 1, "{rs:?}");
    let (scoped, status, message) = rs[0];
    assert_eq!(status, "fail", "{scoped}: {message}");
    assert_eq!(failed_by(message), Some("RPC-ERROR-001"), "{message}");
    let online = exchanges_of(&run.probe, "RPC-ERROR-001");
    assert_eq!(online, exchanges_of(&run.verify, "RPC-ERROR-001"));
    let tagged = marked(&run.events, "A2A-Interop-Probe", "extension-required");
    assert_eq!(tagged.len(), 1, "{tagged:?}");
    assert!(online.contains(&tagged[0]), "{online:?} {tagged:?}");
}

#[test]
fn a_send_without_the_required_extension_served_fails_both_by_cap_ext_001() {
    fault_agrees(
        "v10-ext-required-ignored",
        "errors.extension-required",
        &["CAP-EXT-001"],
    );
}

/// An agent that refuses the marked send -32008 passes `errors.extension-required`, and
/// every other test, both ways.
#[test]
fn an_agent_enforcing_its_required_extension_passes_both_ways() {
    let (_agent, url) = misbehave("v10-ext-required");
    let run = correct_agent_passes_both(&url);
    let rs = results(&run.probe, "errors.extension-required");
    assert_eq!(rs.len(), 1, "{rs:?}");
    assert_eq!(rs[0].1, "pass", "{rs:?}");
}

/// The decision interop42 was asked for: a 0.3 agent answers the cancel of a completed
/// task -32602 InvalidParams. TASK-003 wants the cancel refused, and it is; the code is
/// ERR-002's SHOULD in 0.x, and the 0.3 schema's CancelTaskResponse admits any JSON-RPC
/// error. Legal: `errors.cancel-completed` passes and neither report has an error.
#[test]
fn a_0_3_cancel_of_a_completed_task_answered_invalid_params_passes_both() {
    let (_agent, url) = misbehave("cancel-terminal-invalid-params");
    let dir = tempfile::tempdir().unwrap();
    let run = probe_and_verify(&url, dir.path());
    let rs = results(&run.probe, "errors.cancel-completed");
    assert!(!rs.is_empty());
    for (scoped, status, message) in rs {
        assert_eq!(status, "pass", "{scoped}: {message}");
        assert!(message.contains("-32602"), "{scoped}: {message}");
    }
    assert!(errors(&run.probe).is_empty(), "{:?}", errors(&run.probe));
    assert!(errors(&run.verify).is_empty(), "{:?}", errors(&run.verify));
}

/// Faulty `mode` whose fault the verifier's `rule` only warns about: no probe test fails,
/// neither report has an error, and both carry the warning.
fn warning_agrees(mode: &str, rule: &str) {
    let (_agent, url) = misbehave(mode);
    let dir = tempfile::tempdir().unwrap();
    let run = probe_and_verify(&url, dir.path());
    for r in run.probe["results"].as_array().unwrap() {
        assert_ne!(r["status"], "fail", "{r}");
    }
    for report in [&run.probe, &run.verify] {
        assert!(errors(report).is_empty(), "{:?}", errors(report));
        assert!(of_severity(report, "warning").contains(&rule.to_string()));
    }
}

/// An event with an empty `data:` line: SSE-FRAME-004, a warning, in both reports; no
/// streaming test fails on it (it failed `streaming.envelope` by the probe's own check).
#[test]
fn an_empty_sse_data_event_warns_in_both_and_fails_no_streaming_test() {
    warning_agrees("sse-empty-data", "SSE-FRAME-004");
}

/// An artifact chunk after that artifact's lastChunk: STREAM-009's "nothing after
/// lastChunk" is derived, and the verifier warns (STREAM-ARTIFACT-002); the probe failed
/// `streaming.last-chunk` and `streaming.follow-up` on it.
#[test]
fn a_chunk_after_last_chunk_warns_in_both_and_fails_no_streaming_test() {
    warning_agrees("chunk-after-last", "STREAM-ARTIFACT-002");
}

/// A card that declares streaming, and a message/stream refused -32004: the verifier
/// warns (CAP-STREAM-002); the probe failed `streaming.content-type` and
/// `streaming.follow-up`, and now skips them naming the warning.
#[test]
fn a_declared_stream_refused_unsupported_warns_in_both_and_fails_no_test() {
    warning_agrees("stream-refused-declared", "CAP-STREAM-002");
}

/// A correct agent: each test passes in some scope and fails in none (a skip where the
/// dialect or card has no such test), and neither report has an error.
fn correct_agent_passes_both(url: &str) -> agree::Run {
    let dir = tempfile::tempdir().unwrap();
    let run = probe_and_verify(url, dir.path());
    for test in [
        "errors.cancel-completed",
        "errors.message-to-terminal",
        "errors.subscribe-terminal",
        "errors.unsupported-version",
        "errors.push-not-supported",
        "errors.extension-required",
        "streaming.envelope",
    ] {
        let rs = results(&run.probe, test);
        assert!(!rs.is_empty(), "no {test} result");
        for (scoped, status, message) in rs {
            assert_ne!(status, "fail", "{scoped}: {message}");
        }
    }
    assert!(errors(&run.probe).is_empty(), "{:?}", errors(&run.probe));
    assert!(errors(&run.verify).is_empty(), "{:?}", errors(&run.verify));
    run
}

/// The reference agent (1.0 and 0.3, push declared: `errors.push-not-supported` skips).
#[test]
fn the_reference_agent_passes_the_terminal_version_and_push_tests_both_ways() {
    let (_agent, url) = reference_agent();
    correct_agent_passes_both(&url);
}

/// misbehave.py's legal 1.0 control (no push: `errors.push-not-supported` runs and passes).
#[test]
fn the_1_0_control_agent_passes_the_terminal_version_and_push_tests_both_ways() {
    let (_agent, url) = misbehave("control-10");
    correct_agent_passes_both(&url);
}

/// An SDK agent: each of the four tests, in every scope, either passes or skips, or fails
/// by a verifier rule that `verify` of the recording reports on the same exchanges (active
/// and passive agree on a real agent, whatever its known faults).
fn sdk_agent_agrees(url: &str) {
    let dir = tempfile::tempdir().unwrap();
    let run = probe_and_verify(url, dir.path());
    let mut seen = 0;
    for test in [
        "errors.cancel-completed",
        "errors.message-to-terminal",
        "errors.subscribe-terminal",
        "errors.unsupported-version",
        "errors.push-not-supported",
        "errors.extension-required",
        "streaming.envelope",
    ] {
        for (scoped, status, message) in results(&run.probe, test) {
            seen += 1;
            if status != "fail" {
                continue;
            }
            let rule = failed_by(message).unwrap_or_else(|| {
                panic!("{scoped} failed by the probe's own assertion: {message}")
            });
            assert!(
                errors(&run.verify).contains(rule),
                "{scoped}: verify lacks {rule}"
            );
            assert_eq!(
                exchanges_of(&run.probe, rule),
                exchanges_of(&run.verify, rule)
            );
        }
    }
    assert!(seen > 0, "{:#}", run.probe["results"]);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_python_sdk_agent_agrees_both_ways_on_the_terminal_and_version_tests() {
    with_sdk_agent(
        "the_python_sdk_agent_agrees_both_ways_on_the_terminal_and_version_tests",
        harness::Sdk::Python,
        |url| sdk_agent_agrees(&url),
    )
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_js_sdk_agent_agrees_both_ways_on_the_terminal_and_version_tests() {
    with_sdk_agent(
        "the_js_sdk_agent_agrees_both_ways_on_the_terminal_and_version_tests",
        harness::Sdk::Js,
        |url| sdk_agent_agrees(&url),
    )
    .await;
}

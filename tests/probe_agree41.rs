//! interop41: active and passive verdicts are one code path. `probe` drives a real agent
//! through its recorder and verifier; each test here runs the real binary and checks that
//! the probe's test verdict and `verify` of the probe's own recording (later, offline)
//! agree, naming the same rule:
//! - `misbehave.py --mode wrong-error-code` answers GetTask of an unknown task id -32603:
//!   `errors.unknown-task` failed by the probe's own assertion while `verify` of the same
//!   recording said nothing (passively a -32603 may be a real internal failure). The
//!   probe now marks its read of a random id (`A2A-Interop-Probe: unknown-task`, recorded)
//!   and the verifier judges the answer to a marked read: ID-TASK-007 from both on a 1.0
//!   agent (`--mode v10-wrong-error-code`); on the 0.3 agent the code is ERR-002's SHOULD,
//!   ID-TASK-008, a warning in both reports that fails no test (sev44);
//! - `--mode unknown-method-internal` answers the probe's unknown method -32603: the probe
//!   failed `errors.unknown-method`, the verifier said nothing (a method no A2A version has
//!   may be an extension's); under the probe's `negative-test` mark: RPC-ERROR-005 from both;
//! - `--mode invalid-request-params` (and the a2a-js agent) answer a request object without
//!   `method` -32602: -32600 is right (JSON-RPC 2.0 §4 makes `method` REQUIRED, §5.1 gives
//!   -32600 to "not a valid Request object"), so the probe's test is right; its verdict is
//!   now the verifier's RPC-ERROR-001 instead of its own assertion;
//! - correct agents (the reference agent `demo --agent-only`, the a2a-python agent) pass
//!   both, and their recordings carry the probe's intent for `verify` to read.
//!
//! `A2A_INTEROP_TEST_BIN` runs them against another build (main's binary, for the check
//! that each fails before the change).

use crate::agree;

use agree::{
    errors, exchanges_of, harness, marked, misbehave, probe_and_verify, reference_agent, results,
    with_sdk_agent,
};

/// One faulty mode: the probe's `test` fails by the verifier's `rule`, `verify` of its
/// recording reports `rule` on the same exchange, and that exchange is the one the probe
/// marked with `A2A-Interop-Probe: mark`.
fn fault_agrees(mode: &str, test: &str, rule: &str, mark: &str) {
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
    assert!(
        message.contains(&format!("error[{rule}]")),
        "{scoped} failed, but not by the verifier's {rule}: {message}"
    );
    assert!(
        errors(&run.probe).contains(rule),
        "{:?}",
        errors(&run.probe)
    );
    assert!(
        errors(&run.verify).contains(rule),
        "verify: {:?}",
        errors(&run.verify)
    );
    let online = exchanges_of(&run.probe, rule);
    assert_eq!(online, exchanges_of(&run.verify, rule));
    let tagged = marked(&run.events, "A2A-Interop-Probe", mark);
    assert!(
        online.iter().any(|x| tagged.contains(x)),
        "{rule} on {online:?}, marked {mark}: {tagged:?}"
    );
}

#[test]
fn a_1_0_unknown_task_answered_internal_error_fails_probe_and_verify_by_id_task_007() {
    fault_agrees(
        "v10-wrong-error-code",
        "errors.unknown-task",
        "ID-TASK-007",
        "unknown-task",
    );
}

/// The 0.3 agent answers the marked read of a random id -32603: 0.3 recommends -32001
/// (ERR-002, a SHOULD before 1.0), so the verifier warns, ID-TASK-008 on the marked
/// exchange in both reports, with no error and no failed `errors.unknown-task` (sev44).
#[test]
fn a_0_3_unknown_task_answered_internal_error_warns_in_both_and_fails_no_test() {
    let (_agent, url) = misbehave("wrong-error-code");
    let dir = tempfile::tempdir().unwrap();
    let run = probe_and_verify(&url, dir.path());
    let rs = results(&run.probe, "errors.unknown-task");
    assert!(!rs.is_empty(), "{:#}", run.probe["results"]);
    for (scoped, status, message) in rs {
        assert_eq!(status, "pass", "{scoped}: {message}");
    }
    for report in [&run.probe, &run.verify] {
        assert!(
            !errors(report).contains("ID-TASK-007"),
            "{:?}",
            errors(report)
        );
        assert!(
            !errors(report).contains("ID-TASK-008"),
            "{:?}",
            errors(report)
        );
    }
    let online = exchanges_of(&run.probe, "ID-TASK-008");
    assert!(!online.is_empty(), "{:#}", run.probe["findings"]);
    assert_eq!(online, exchanges_of(&run.verify, "ID-TASK-008"));
    let tagged = marked(&run.events, "A2A-Interop-Probe", "unknown-task");
    assert!(
        online.iter().all(|x| tagged.contains(x)),
        "{online:?} {tagged:?}"
    );
}

#[test]
fn an_unknown_method_answered_internal_error_fails_probe_and_verify_by_rpc_error_005() {
    fault_agrees(
        "unknown-method-internal",
        "errors.unknown-method",
        "RPC-ERROR-005",
        "negative-test",
    );
}

#[test]
fn a_request_without_method_answered_invalid_params_fails_both_by_rpc_error_001() {
    fault_agrees(
        "invalid-request-params",
        "errors.invalid-request",
        "RPC-ERROR-001",
        "negative-test",
    );
}

/// A correct agent: `errors.unknown-task` and the JSON-RPC negative tests pass in every
/// scope (`only_jsonrpc`: the a2a-python agent's 0.3 HTTP+JSON errors are REST-ERROR-001's,
/// interop_sdk's known failures), neither report has ID-TASK-007 or RPC-ERROR-005, and the
/// recording shows the probe's intent on each read of a random task id.
fn correct_agent_passes_both(url: &str, only_jsonrpc: bool) {
    let dir = tempfile::tempdir().unwrap();
    let run = probe_and_verify(url, dir.path());
    for test in [
        "errors.unknown-task",
        "errors.unknown-method",
        "errors.invalid-request",
    ] {
        let rs = results(&run.probe, test);
        assert!(!rs.is_empty(), "no {test} result");
        for (scoped, status, message) in rs {
            if only_jsonrpc && scoped.contains("http+json") {
                continue;
            }
            assert!(
                status == "pass" || (status == "skip" && scoped.contains("http+json")),
                "{scoped}: {status} {message}"
            );
        }
    }
    for rule in ["ID-TASK-007", "RPC-ERROR-005"] {
        assert!(!errors(&run.probe).contains(rule), "probe: {rule}");
        assert!(!errors(&run.verify).contains(rule), "verify: {rule}");
    }
    // one marked read per interface the probe called (each card.interface-url)
    let reads = results(&run.probe, "card.interface-url")
        .iter()
        .filter(|r| r.1 == "pass")
        .count();
    let tagged = marked(&run.events, "A2A-Interop-Probe", "unknown-task");
    assert!(reads > 0);
    assert_eq!(tagged.len(), reads, "marked reads {tagged:?}");
}

#[test]
fn the_reference_agent_passes_probe_and_verify_with_its_intent_recorded() {
    let (_agent, url) = reference_agent();
    correct_agent_passes_both(&url, false);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_python_sdk_agent_passes_probe_and_verify_with_its_intent_recorded() {
    with_sdk_agent(
        "the_python_sdk_agent_passes_probe_and_verify_with_its_intent_recorded",
        harness::Sdk::Python,
        |url| correct_agent_passes_both(&url, true),
    )
    .await;
}

/// The a2a-js agent (1.x) answers a request object without `method` -32602 (its
/// `RequestMalformedError` maps to InvalidParams); -32600 is due. The probe's
/// `errors.invalid-request [1.0]` fails by the verifier's RPC-ERROR-001 on its exchange, and
/// `verify` of the recording says the same there.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_js_sdk_agents_invalid_request_answer_fails_both_by_rpc_error_001() {
    if !harness::peers_available(
        "the_js_sdk_agents_invalid_request_answer_fails_both_by_rpc_error_001",
        &[harness::Sdk::Js],
    ) {
        return;
    }
    let agent = harness::SdkAgent::start(harness::Sdk::Js, None).await;
    let url = agent.base_url();
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().to_path_buf();
    let run = tokio::task::spawn_blocking(move || probe_and_verify(&url, &path))
        .await
        .unwrap();
    agent.stop().await;
    let rs = results(&run.probe, "errors.invalid-request");
    let failed: Vec<_> = rs.iter().filter(|r| r.1 == "fail").collect();
    assert!(!failed.is_empty(), "{rs:?}");
    for (scoped, _, message) in failed {
        assert!(
            message.contains("error[RPC-ERROR-001]"),
            "{scoped} failed, but not by the verifier's RPC-ERROR-001: {message}"
        );
    }
    assert_eq!(
        exchanges_of(&run.probe, "RPC-ERROR-001"),
        exchanges_of(&run.verify, "RPC-ERROR-001")
    );
    assert!(!exchanges_of(&run.verify, "RPC-ERROR-001").is_empty());
}

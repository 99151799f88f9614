//! Session 45: the last probe verdicts the verifier did not make (active and passive verdicts
//! are one code path, continued from `tests/probe_agree44.rs`). Each test runs the real
//! binary: `probe URL --record` against a real agent (tests/peers' `misbehave45.py` modes,
//! which import misbehave43.py's 1.0 HTTP+JSON agent; `misbehave.py`; tests/broken agents;
//! the a2a-python and a2a-js SDK agents), then `verify` of that recording, and checks that
//! both name the same rule on the same exchange:
//! - `errors.invalid-params` on HTTP+JSON: the probe's marked send whose `message` is no
//!   object, served 200 with a task or refused HTTP 422, failed by the probe alone; now the
//!   verifier's REST-ERROR-001 judges the marked send answered under any status but 400 (1.0
//!   §3.3.2, ERR-006: 400 INVALID_ARGUMENT; 0.3 §3.2.3 and §10.2: the A2A error's status,
//!   every parameter validated), an error on both versions, and the probe takes it;
//! - `push.get-config`: a Get of the created config answered under another id, or its id with
//!   another webhook url, is PUSH-CFG-005 in both (the url case widened the rule);
//! - `lifecycle.list-tasks [1.0 http+json]`: `GET /tasks` answered 404 TASK_NOT_FOUND failed by
//!   the probe alone. 1.0 §3.1 makes ListTasks a core operation ("all A2A implementations
//!   must support") that names no task, and §3.1.4 gives it no error of its own: the probe
//!   was right to fail TaskNotFoundError, and the verifier now says REST-ERROR-001 (JSON-RPC
//!   -32001: RPC-ERROR-001). `GET /tasks` unrouted (a 404 that names no A2A error) is the
//!   binding's -32601, which the probe skips ("the agent offers no ListTasks") and the
//!   verifier does not judge; the probe failed it alone before;
//! - `streaming.terminal` on 0.x names the rule that fired there, the warning STREAM-END-007
//!   (sev44b), and passes: a 0.x warning fails no probe run under the default `--fail-on`
//!   (docs/usage.md "Exit codes": exit 0);
//! - `push.delete-config`: a 0.3 delete answered with neither result nor error (the a2a-python
//!   agent's 0.3 compatibility layer drops the null result) failed by the probe's own words
//!   while `verify` said RPC-ENVELOPE-001; now both say RPC-ENVELOPE-001;
//! - the tests whose own words said what a rule says on the same exchange:
//!   `lifecycle.context-continuation` (ID-CTX-002), `lifecycle.list-tasks`' filters
//!   (DATA-LIST-003) and `lifecycle.history-length` (DATA-HISTORY-001; on 0.x the warning
//!   DATA-HISTORY-002, so a 0.3 agent's untrimmed history now passes, as `verify` says).
//!
//! `A2A_INTEROP_TEST_BIN` runs them against another build (main's binary fails each fault
//! test here: its verdicts there were its own assertions).

use crate::agree;
use crate::broken;

use std::collections::BTreeSet;
use std::process::Command;

use agree::{
    bin, errors, exchanges_of, harness, misbehave_in, probe_and_verify, probe_and_verify_with,
    reference_agent, results, Run,
};
use broken::Break;
use serde_json::Value;

/// The rule named in a probe result's message as `error[RULE]`, if any.
fn failed_by(message: &str) -> Option<&str> {
    let at = message.find("error[")? + "error[".len();
    let end = message[at..].find(']')?;
    Some(&message[at..at + end])
}

/// The tests session 45 made the verifier's.
const CONVERTED: [&str; 7] = [
    "errors.invalid-params",
    "push.get-config",
    "push.delete-config",
    "lifecycle.list-tasks",
    "lifecycle.history-length",
    "lifecycle.context-continuation",
    "streaming.terminal",
];

/// Every failed result of `tests` in `run` failed by a verifier rule (not the probe's own
/// assertion) that `verify` of the recording reports, on the same exchanges; returns the
/// rules that failed them.
fn failures_are_findings(run: &Run, tests: &[&str]) -> BTreeSet<String> {
    let mut rules = BTreeSet::new();
    for test in tests {
        for (scoped, status, message) in results(&run.probe, test) {
            if status != "fail" {
                continue;
            }
            let rule = failed_by(message).unwrap_or_else(|| {
                panic!("{scoped} failed by the probe's own assertion: {message}")
            });
            assert!(
                errors(&run.verify).contains(rule),
                "{scoped}: verify lacks {rule}: {:?}",
                errors(&run.verify)
            );
            assert_eq!(
                exchanges_of(&run.probe, rule),
                exchanges_of(&run.verify, rule),
                "{scoped}: {rule}"
            );
            rules.insert(rule.to_string());
        }
    }
    rules
}

/// The first result of `test` whose scope contains `scope` (`1.0 http+json`).
fn result_in<'a>(run: &'a Run, test: &str, scope: &str) -> (&'a str, &'a str, &'a str) {
    results(&run.probe, test)
        .into_iter()
        .find(|r| r.0.contains(scope))
        .unwrap_or_else(|| panic!("no {test} [{scope}]: {:#}", run.probe["results"]))
}

/// `test [scope]` of `run` failed by the verifier's `rule`, which both reports name on the
/// same exchanges; those exchanges are the requests the prober marked negative-test when
/// `marked`.
fn fails_by(run: &Run, test: &str, scope: &str, rule: &str, marked: bool) {
    let (scoped, status, message) = result_in(run, test, scope);
    assert_eq!(status, "fail", "{scoped}: {message}");
    assert_eq!(
        failed_by(message),
        Some(rule),
        "{scoped} failed, but not by the verifier's {rule}: {message}"
    );
    let online = exchanges_of(&run.probe, rule);
    assert!(!online.is_empty(), "probe: no {rule}");
    assert_eq!(online, exchanges_of(&run.verify, rule), "{rule}");
    if marked {
        let tagged = agree::marked(&run.events, "A2A-Interop-Probe", "negative-test");
        assert!(
            online.iter().all(|x| tagged.contains(x)),
            "{online:?} {tagged:?}"
        );
    }
    failures_are_findings(run, &CONVERTED);
}

/// misbehave45.py `mode`, probed and verified.
fn misbehave45(mode: &str) -> Run {
    let (_agent, url) = misbehave_in("misbehave45.py", mode);
    let dir = tempfile::tempdir().unwrap();
    probe_and_verify(&url, dir.path())
}

/// The marked send `{"message": "not a message"}` served 200 with a completed task: the
/// probe failed `errors.invalid-params [1.0 http+json]` alone ("expected HTTP 400 with an
/// error body, got a result"), `verify` said nothing; now REST-ERROR-001 in both.
#[test]
fn a_malformed_send_served_200_fails_invalid_params_by_rest_error_001_both_ways() {
    let run = misbehave45("rest-invalid-params-served");
    fails_by(
        &run,
        "errors.invalid-params",
        "1.0 http+json",
        "REST-ERROR-001",
        true,
    );
}

/// The same send refused HTTP 422 with a FastAPI-style body: REST-ERROR-001 in both (the
/// verifier's shape finding on the body is REST-ERROR-001 too, on the same exchange).
#[test]
fn a_malformed_send_refused_422_fails_invalid_params_by_rest_error_001_both_ways() {
    let run = misbehave45("rest-invalid-params-422");
    fails_by(
        &run,
        "errors.invalid-params",
        "1.0 http+json",
        "REST-ERROR-001",
        true,
    );
}

/// Control: 400 INVALID_ARGUMENT to the malformed send passes both ways.
#[test]
fn a_malformed_send_refused_400_invalid_argument_passes_both_ways() {
    let run = misbehave45("rest-invalid-params-400");
    let (scoped, status, message) = result_in(&run, "errors.invalid-params", "1.0 http+json");
    assert_eq!(status, "pass", "{scoped}: {message}");
    assert!(
        !errors(&run.verify).contains("REST-ERROR-001"),
        "{:?}",
        errors(&run.verify)
    );
    failures_are_findings(&run, &CONVERTED);
}

/// `GET /tasks` answered HTTP 404 with ErrorInfo TASK_NOT_FOUND: the probe failed
/// `lifecycle.list-tasks [1.0 http+json]` alone; the probe was right (ListTasks names no
/// task; 1.0 §3.1.4: no error of its own), and the verifier now says REST-ERROR-001.
#[test]
fn list_tasks_answered_task_not_found_fails_by_rest_error_001_both_ways() {
    let run = misbehave45("rest-list-task-not-found");
    fails_by(
        &run,
        "lifecycle.list-tasks",
        "1.0 http+json",
        "REST-ERROR-001",
        false,
    );
}

/// `GET /tasks` not routed (misbehave43's 404 NOT_FOUND without ErrorInfo, as for any
/// unknown path): the binding's -32601, a skip in the probe (it failed it alone) and no
/// finding in `verify`.
#[test]
fn list_tasks_unrouted_is_a_skip_and_no_finding_both_ways() {
    let run = misbehave45("rest-list-unrouted");
    let (scoped, status, message) = result_in(&run, "lifecycle.list-tasks", "1.0 http+json");
    assert_eq!(status, "skip", "{scoped}: {message}");
    assert!(message.contains("offers no ListTasks"), "{message}");
    for report in [&run.probe, &run.verify] {
        assert!(!errors(report).contains("REST-ERROR-001"), "{report:#}");
        assert!(!errors(report).contains("RPC-ERROR-001"), "{report:#}");
    }
}

/// A tests/broken agent that breaks `brk`: `push.get-config` fails by PUSH-CFG-005 on the
/// same exchanges in both reports, and every other push test passes.
async fn push_get_config_fails_by_push_cfg_005(brk: Break) {
    let agent = broken::start(brk, false).await;
    let url = agent.url();
    let run = tokio::task::spawn_blocking(move || {
        let dir = tempfile::tempdir().unwrap();
        probe_and_verify_with(&url, dir.path(), &[])
    })
    .await
    .unwrap();
    fails_by(&run, "push.get-config", "1.0", "PUSH-CFG-005", false);
    for r in run.probe["results"].as_array().unwrap() {
        let t = r["test"].as_str().unwrap();
        if t.starts_with("push.") && !t.starts_with("push.get-config") {
            assert_eq!(r["status"], "pass", "{r}");
        }
    }
}

/// A Get of the created config answered under another id: the probe failed
/// `push.get-config` by its own reading; now by PUSH-CFG-005 in both.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_push_config_read_back_under_another_id_fails_get_config_by_push_cfg_005() {
    push_get_config_fails_by_push_cfg_005(Break::PushGetOtherId).await;
}

/// A Get of the created config answered with its id and another webhook url: the probe
/// failed it alone (`verify` judged another id only); PUSH-CFG-005 widened, in both.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_push_config_read_back_with_another_url_fails_get_config_by_push_cfg_005() {
    push_get_config_fails_by_push_cfg_005(Break::PushGetOtherUrl).await;
}

/// A tests/broken agent that breaks `brk` (JSON-RPC, and HTTP+JSON too when `rest`): `test`
/// fails in its first scope by the verifier's `rule`, on the same exchanges in both reports.
async fn broken_fails_by(brk: Break, rest: bool, test: &'static str, rule: &'static str) {
    let agent = broken::start_with(brk, false, rest).await;
    let url = agent.url();
    let run = tokio::task::spawn_blocking(move || {
        let dir = tempfile::tempdir().unwrap();
        probe_and_verify_with(&url, dir.path(), &[])
    })
    .await
    .unwrap();
    fails_by(&run, test, "1.0", rule, false);
    if rest {
        fails_by(&run, test, "1.0 http+json", rule, false);
    }
}

/// A message naming the agent's own context and no taskId answered with a task in a new
/// context: the probe failed `lifecycle.context-continuation` by its own words while `verify`
/// said ID-CTX-002 (tests/probe_broken.rs saw both); now the test fails by ID-CTX-002.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_substituted_context_fails_context_continuation_by_id_ctx_002_both_ways() {
    broken_fails_by(
        Break::ContextNotKept,
        false,
        "lifecycle.context-continuation",
        "ID-CTX-002",
    )
    .await;
}

/// ListTasks ignoring its contextId filter, on JSON-RPC and HTTP+JSON: the probe's own words
/// ("listed tasks of other contexts") and the verifier's DATA-LIST-003; now DATA-LIST-003.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_list_ignoring_its_context_filter_fails_list_tasks_by_data_list_003_both_ways() {
    broken_fails_by(
        Break::ListIgnoresContext,
        true,
        "lifecycle.list-tasks",
        "DATA-LIST-003",
    )
    .await;
}

/// 1.0 HTTP+JSON GetTask answering two history messages to historyLength 0 and 1:
/// `lifecycle.history-length [1.0 http+json]` fails by DATA-HISTORY-001 in both (it failed by
/// the probe's own words).
#[test]
fn history_beyond_history_length_fails_history_length_by_data_history_001_both_ways() {
    let run = misbehave45("rest-history-ignored");
    fails_by(
        &run,
        "lifecycle.history-length",
        "1.0 http+json",
        "DATA-HISTORY-001",
        false,
    );
}

/// The same on a 0.3 agent: historyLength is a 0.x SHOULD, the verifier's DATA-HISTORY-002 a
/// warning in both reports on the same exchanges, and `lifecycle.history-length [0.3]`
/// passes (the probe failed it alone: the disagreement was the severity).
#[test]
fn history_beyond_history_length_on_0_3_passes_with_data_history_002_both_ways() {
    let run = misbehave45("history-ignored-03");
    let (scoped, status, message) = result_in(&run, "lifecycle.history-length", "0.3");
    assert_eq!(status, "pass", "{scoped}: {message}");
    let warned = exchanges_of(&run.verify, "DATA-HISTORY-002");
    assert!(!warned.is_empty(), "verify: no DATA-HISTORY-002");
    assert_eq!(exchanges_of(&run.probe, "DATA-HISTORY-002"), warned);
    for report in [&run.probe, &run.verify] {
        assert!(!errors(report).contains("DATA-HISTORY-001"), "{report:#}");
    }
}

/// `probe URL --record DIR/probe.jsonl --format json` of `url`: its exit code and report.
fn probe_exit(url: &str, dir: &std::path::Path) -> (Option<i32>, Value) {
    let out = Command::new(bin())
        .args([
            "probe",
            url,
            "--format",
            "json",
            "--timeout",
            "20s",
            "--record",
        ])
        .arg(dir.join("probe.jsonl"))
        .output()
        .unwrap();
    (
        out.status.code(),
        serde_json::from_slice(&out.stdout).unwrap(),
    )
}

/// misbehave.py's 0.3 stream that closes while working: `streaming.terminal [0.3]` passes and
/// its words name STREAM-END-007, the 0.x warning both reports hold on that stream's
/// exchange, not the 1.0 errors STREAM-END-002/-005 (it said those although they never
/// fire on 0.x); the run exits 0 under the default `--fail-on error` (a warning fails no
/// probe run, docs/usage.md "Exit codes").
#[test]
fn a_0_3_stream_closed_early_passes_terminal_naming_stream_end_007_and_exits_0() {
    let (_agent, url) = misbehave_in("misbehave.py", "sse-no-final");
    let dir = tempfile::tempdir().unwrap();
    let (code, probe) = probe_exit(&url, dir.path());
    let out = Command::new(bin())
        .args(["verify", "--format", "json"])
        .arg(dir.path().join("probe.jsonl"))
        .output()
        .unwrap();
    let verify: Value = serde_json::from_slice(&out.stdout).unwrap();
    let v03: Vec<_> = results(&probe, "streaming.terminal")
        .into_iter()
        .filter(|r| r.0.contains("[0.3"))
        .collect();
    assert!(!v03.is_empty(), "{:#}", probe["results"]);
    let warned = exchanges_of(&verify, "STREAM-END-007");
    assert!(!warned.is_empty(), "verify: no STREAM-END-007");
    assert_eq!(exchanges_of(&probe, "STREAM-END-007"), warned);
    for (scoped, status, message) in v03 {
        assert_eq!(status, "pass", "{scoped}: {message}");
        assert!(
            message.contains("the verifier's STREAM-END-007"),
            "{scoped}: {message}"
        );
        assert!(!message.contains("STREAM-END-002"), "{scoped}: {message}");
        let at = message
            .find("warning[STREAM-END-007] on its exchange ")
            .unwrap_or_else(|| panic!("{scoped} names no warning: {message}"))
            + "warning[STREAM-END-007] on its exchange ".len();
        let x = message[at..].split(':').next().unwrap();
        assert!(warned.contains(x), "{scoped}: {x} not in {warned:?}");
    }
    for report in [&probe, &verify] {
        for rule in ["STREAM-END-002", "STREAM-END-005", "STREAM-END-007"] {
            assert!(!errors(report).contains(rule), "{rule} is an error");
        }
    }
    let failed: Vec<&Value> = probe["results"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|r| r["status"] == "fail")
        .collect();
    assert!(failed.is_empty(), "{failed:#?}");
    assert_eq!(code, Some(0), "{:#}", probe["results"]);
}

/// The 1.0 words stay the 1.0 errors: the reference agent's streams pass with no STREAM-END
/// finding in either report, and no converted test fails.
#[test]
fn the_reference_agent_passes_the_converted_tests_both_ways() {
    let (_agent, url) = reference_agent();
    let dir = tempfile::tempdir().unwrap();
    let run = probe_and_verify(&url, dir.path());
    let mut seen = 0;
    for test in CONVERTED {
        for (scoped, status, message) in results(&run.probe, test) {
            seen += 1;
            assert_ne!(status, "fail", "{scoped}: {message}");
        }
    }
    assert!(seen >= CONVERTED.len(), "{:#}", run.probe["results"]);
    assert!(errors(&run.verify).is_empty(), "{:?}", errors(&run.verify));
}

/// Runs `check` with the base URL of `sdk`'s agent started with `env` (tests/peers, on a
/// free loopback port, stopped after `check`); returns at once, with the harness's skip
/// line, when that SDK's peers are not installed.
async fn with_sdk_agent_env(
    test: &str,
    sdk: harness::Sdk,
    env: &[(&str, &str)],
    check: impl FnOnce(String) + Send + 'static,
) {
    if !harness::peers_available(test, &[sdk]) {
        return;
    }
    let agent = harness::SdkAgent::start_with_env(sdk, None, env).await;
    let url = agent.base_url();
    tokio::task::spawn_blocking(move || check(url))
        .await
        .unwrap();
    agent.stop().await;
}

/// An SDK agent with push notifications: every converted test, in every scope, passes,
/// skips, or fails by a verifier rule that `verify` reports on the same exchanges; the
/// rules that failed them.
fn sdk_agent_agrees(url: &str) -> BTreeSet<String> {
    let dir = tempfile::tempdir().unwrap();
    let run = probe_and_verify(url, dir.path());
    for test in CONVERTED {
        assert!(
            !results(&run.probe, test).is_empty(),
            "no {test}: {:#}",
            run.probe["results"]
        );
    }
    failures_are_findings(&run, &CONVERTED)
}

/// The a2a-python agent (push on): its 0.3 DeleteTaskPushNotificationConfig answer drops the
/// null result (`{"jsonrpc", "id"}` only): `push.delete-config [0.3]` failed by the probe's
/// words while `verify` said RPC-ENVELOPE-001; now both say RPC-ENVELOPE-001.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_python_sdk_agent_agrees_both_ways_on_the_converted_tests() {
    with_sdk_agent_env(
        "the_python_sdk_agent_agrees_both_ways_on_the_converted_tests",
        harness::Sdk::Python,
        &[("A2A_PUSH", "1")],
        |url| {
            let rules = sdk_agent_agrees(&url);
            assert!(rules.contains("RPC-ENVELOPE-001"), "{rules:?}");
        },
    )
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_js_sdk_agent_agrees_both_ways_on_the_converted_tests() {
    with_sdk_agent_env(
        "the_js_sdk_agent_agrees_both_ways_on_the_converted_tests",
        harness::Sdk::Js,
        &[("A2A_PUSH", "1")],
        |url| {
            sdk_agent_agrees(&url);
        },
    )
    .await;
}

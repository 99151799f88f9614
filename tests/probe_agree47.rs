//! Session 47: the probe's last own verdicts (active and passive verdicts are one code path,
//! continued from `tests/probe_agree46.rs`). Each test runs the real binary: `probe URL
//! --record` against a real agent (tests/peers' `misbehave47.py` modes, which import
//! misbehave46.py's and misbehave43.py's agents; the a2a-python and a2a-js SDK agents), then
//! `verify` of that recording, and checks that both reports hold the same findings (rule,
//! severity, exchanges) and that the probe's verdict is the rule's, or, where no rule makes
//! the probe's wish a requirement, says so ("expectation, not a rule") and lowers no level:
//! - `card.public`: a card served only with credentials (CARD-011: a card need not be
//!   public): an expectation;
//! - `card.interfaces`: a card whose only interface is gRPC (CARD-005: any binding): an
//!   expectation, the run `partial` (nothing driven), not `non-conformant`;
//! - `errors.no-5xx`: JSON-RPC errors under HTTP 500 (ERR-007: the status is unspecified):
//!   an expectation, the run `full`;
//! - `lifecycle.cancel`: a cancel refused with TaskNotCancelableError (TASK-003: the agent
//!   says which tasks it can cancel) an expectation, and `streaming.resubscribe`, whose
//!   stream stays open while the uncanceled task runs, too; a cancel answered with a
//!   completed task fails by TASK-STATE-003 in both; one answered with success that never
//!   takes effect passes naming TASK-STATE-004's warning in both;
//! - `lifecycle.input-required`: a follow-up refused as if the task were terminal is an
//!   expectation (TASK-007: MAY) naming TASK-STATE-015's warning, which both report; one
//!   answered input-required again an expectation;
//! - `lifecycle.poll-terminal`: a 0.3 task still working at `--timeout` (no rule sets a time):
//!   an expectation, the run `full`;
//! - `lifecycle.list-tasks`: a status filter for a completed task that leaves it out is the
//!   verifier's DATA-LIST-006 (widened: a terminal state's filter), a warning in both; the
//!   probe failed it alone;
//! - `interop` takes the same verdicts per direction.
//!
//! `A2A_INTEROP_TEST_BIN` runs them against another build (the session-start binary fails
//! each fault and legal-mode test here: there they were the probe's own failures).

use crate::agree;

use std::collections::BTreeSet;
use std::path::Path;
use std::process::Command;

use agree::{bin, errors, harness, misbehave_in, results, Run};
use serde_json::Value;

/// How a probe result's message starts when it failed only the probe's expectation.
const EXPECTATION: &str = "expectation, not a rule: ";

/// `probe URL --record` with `--timeout timeout` and `extra` flags, then `verify` of the
/// recording (`agree::probe_and_verify_with`, whose timeout is 20 s).
fn probe_and_verify_in(url: &str, dir: &Path, timeout: &str, extra: &[&str]) -> Run {
    let rec = dir.join("probe.jsonl");
    let out = Command::new(bin())
        .args(["probe", url, "--format", "json", "--timeout", timeout])
        .arg("--record")
        .arg(&rec)
        .args(extra)
        .output()
        .unwrap();
    let probe: Value = serde_json::from_slice(&out.stdout).unwrap_or_else(|e| {
        panic!(
            "probe gave no JSON report ({e}): {}",
            String::from_utf8_lossy(&out.stderr)
        )
    });
    let out = Command::new(bin())
        .args(["verify", "--format", "json"])
        .arg(&rec)
        .output()
        .unwrap();
    let verify: Value = serde_json::from_slice(&out.stdout).unwrap();
    let events = std::fs::read_to_string(&rec)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    Run {
        probe,
        verify,
        events,
    }
}

/// misbehave47.py `mode`, probed (`--timeout timeout`, `extra` flags) and verified.
fn misbehave47(mode: &str, timeout: &str, extra: &[&str]) -> Run {
    let (_agent, url) = misbehave_in("misbehave47.py", mode);
    let dir = tempfile::tempdir().unwrap();
    probe_and_verify_in(&url, dir.path(), timeout, extra)
}

/// A report's findings as (rule, severity, exchanges named as evidence).
fn findings(report: &Value) -> BTreeSet<(String, String, BTreeSet<String>)> {
    report["findings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| {
            (
                f["rule"].as_str().unwrap().to_string(),
                f["severity"].as_str().unwrap().to_string(),
                f["evidence"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .filter_map(|e| e["exchange"].as_str().map(str::to_string))
                    .collect(),
            )
        })
        .collect()
}

/// The probe and `verify` of its recording hold the same findings, rule by rule, with the
/// same severity on the same exchanges.
fn same_findings(run: &Run) {
    assert_eq!(findings(&run.probe), findings(&run.verify));
}

/// The exchanges `rule`'s findings of `severity` name in `report`.
fn exchanges(report: &Value, rule: &str, severity: &str) -> BTreeSet<String> {
    findings(report)
        .into_iter()
        .filter(|(r, s, _)| r == rule && s == severity)
        .flat_map(|(_, _, x)| x)
        .collect()
}

/// The first result of `test` whose scope contains `scope` (`1.0 http+json`; `""` for a
/// dialect-free test).
fn result_in<'a>(run: &'a Run, test: &str, scope: &str) -> (&'a str, &'a str, &'a str) {
    results(&run.probe, test)
        .into_iter()
        .find(|r| r.0.contains(scope))
        .unwrap_or_else(|| panic!("no {test} [{scope}]: {:#}", run.probe["results"]))
}

/// `test [scope]` failed only the probe's expectation: its message starts with
/// [`EXPECTATION`] and contains `words`; the level reason does not name it.
fn expectation_only(run: &Run, test: &str, scope: &str, words: &str) {
    let (scoped, status, message) = result_in(run, test, scope);
    assert_eq!(status, "fail", "{scoped}: {message}");
    assert!(
        message.starts_with(EXPECTATION),
        "{scoped} is no expectation: {message}"
    );
    assert!(message.contains(words), "{scoped}: {message}");
    assert!(!message.contains("error["), "{scoped}: {message}");
    let reason = run.probe["conformanceReason"].as_str().unwrap_or("");
    assert!(!reason.contains(scoped), "{reason}");
    same_findings(run);
}

/// `test [scope]` passed and names `warning[rule]` on an exchange both reports hold that
/// warning on.
fn passes_naming_warning(run: &Run, test: &str, scope: &str, rule: &str) {
    let (scoped, status, message) = result_in(run, test, scope);
    assert_eq!(status, "pass", "{scoped}: {message}");
    warning_named(run, scoped, message, rule);
}

/// `message` of `scoped` names `warning[rule] on its exchange X`, and X is among the
/// exchanges both reports hold `rule`'s warning on.
fn warning_named(run: &Run, scoped: &str, message: &str, rule: &str) {
    let at = message
        .split(&format!("warning[{rule}] on its exchange "))
        .nth(1)
        .and_then(|m| m.split(':').next())
        .unwrap_or_else(|| panic!("{scoped} names no warning[{rule}]: {message}"));
    let online = exchanges(&run.probe, rule, "warning");
    assert!(online.contains(at), "{scoped}: {at} not in {online:?}");
    assert_eq!(online, exchanges(&run.verify, rule, "warning"), "{rule}");
    same_findings(run);
}

// ---- card.public, card.interfaces ----------------------------------------------------------

/// The well-known card answers 401 without credentials and the card with them: CARD-011
/// lets an agent keep its card to authenticated clients, so `card.public` fails as the
/// probe's expectation (it failed by its own words and held the run to `partial`), and
/// neither report holds a finding on the 401.
#[test]
fn a_card_served_only_with_credentials_is_an_expectation_not_a_rule() {
    let run = misbehave47("rest-card-needs-auth", "20s", &["--bearer", "secret"]);
    expectation_only(&run, "card.public", "", "CARD-011");
    let (scoped, status, message) = result_in(&run, "card.reachable", "");
    assert_eq!(status, "pass", "{scoped}: {message}");
    // the agent's one fault (misbehave43's HTTP+JSON agent serves A2A-Version 99.0) is a
    // rule's in both reports, and the only error
    assert_eq!(
        errors(&run.verify),
        BTreeSet::from(["VER-HDR-001".to_string()])
    );
}

/// A 1.0 card whose one interface is gRPC, at the agent's own HTTP/1.1 address (no gRPC
/// server there). Session 47: the probe drove no gRPC, so `card.interfaces` failed as the
/// probe's expectation (`partial`). Since grpcprobe57 the probe calls the interface: its
/// gRPC GetTask is answered HTTP 404 with no grpc-status. grpc58: that 404 (with the REST
/// router's A2A error body, which no gRPC client reads) is the verifier's CARD-URL-002
/// (CARD-005), as the same 404 to a JSON-RPC call is, so `card.interface-url [1.0 grpc]`
/// fails by that rule and both reports hold it (before: the probe's own check, and the
/// verifier took the body for an A2A answer).
#[test]
fn a_card_offering_grpc_where_no_grpc_server_answers_fails_its_interface_url() {
    let run = misbehave47("rest-card-grpc-only", "20s", &[]);
    let (scoped, status, message) = result_in(&run, "card.interfaces", "");
    assert_eq!(status, "pass", "{scoped}: {message}");
    assert!(
        message.starts_with("advertises gRPC 1.0 at http://127.0.0.1:"),
        "{message}"
    );
    let (scoped, status, message) = result_in(&run, "card.interface-url", "1.0 grpc");
    assert_eq!(status, "fail", "{scoped}: {message}");
    assert!(
        message.contains("answered HTTP 404")
            && message.contains("to a gRPC call: no A2A gRPC service there (the verifier's CARD-URL-002 judges it); but the verifier found error[CARD-URL-002] on its exchange"),
        "{message}"
    );
    let card_url = BTreeSet::from(["CARD-URL-002".to_string()]);
    assert_eq!(errors(&run.probe), card_url);
    assert_eq!(errors(&run.verify), card_url);
}

// ---- errors.no-5xx -------------------------------------------------------------------------

/// A 0.3 JSON-RPC agent that sends each error response (the right codes) under HTTP 500:
/// ERR-007 leaves that status open and no rule judges it, so `errors.no-5xx` fails as the
/// probe's expectation and the run stays `full` (it was `minimal` by the probe's words).
#[test]
fn json_rpc_errors_under_http_500_are_an_expectation_and_the_run_stays_full() {
    let run = misbehave47("errors-under-500", "20s", &[]);
    expectation_only(&run, "errors.no-5xx", "", "ERR-007");
    assert!(errors(&run.verify).is_empty(), "{:?}", errors(&run.verify));
    assert_eq!(run.probe["conformanceLevel"], "full", "{:#}", run.probe);
    // the errors.* tests of the marked requests pass: their codes are right
    for (scoped, status, message) in results(&run.probe, "errors.invalid-params") {
        assert_eq!(status, "pass", "{scoped}: {message}");
    }
}

/// The same run as JUnit: an expectation sets no exit status and lowers no level, so its
/// testcase has no `<failure>` (a red case in a green job otherwise): its words go to
/// `<system-out>`; the suite's failure count is 0 and probe exits 0.
#[test]
fn an_expectation_is_no_junit_failure() {
    let (_agent, url) = misbehave_in("misbehave47.py", "errors-under-500");
    let dir = tempfile::tempdir().unwrap();
    let xml = dir.path().join("probe.xml");
    let out = Command::new(bin())
        .args(["probe", &url, "--timeout", "20s", "-q", "-f", "junit", "-o"])
        .arg(&xml)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    let xml = std::fs::read_to_string(&xml).unwrap();
    let case = xml
        .split("<testcase ")
        .find(|c| c.contains("name=\"errors.no-5xx\""))
        .unwrap_or_else(|| panic!("{xml}"));
    let case = case.split("</testcase>").next().unwrap();
    assert!(!case.contains("<failure"), "{case}");
    assert!(
        case.contains("<system-out>not a failure: the agent did not do what the probe asked, and no rule requires it")
            && case.contains("expectation, not a rule: "),
        "{case}"
    );
    assert!(
        xml.contains("<testsuites name=\"a2a-interop\"") && !xml.contains("<failure"),
        "{xml}"
    );
}

// ---- lifecycle.cancel, streaming.resubscribe -----------------------------------------------

/// A cancel of a working task refused with TaskNotCancelableError: TASK-003 lets the agent
/// say which tasks it can cancel, so `lifecycle.cancel` fails as the probe's expectation,
/// and so does `streaming.resubscribe`, whose stream stays open while the uncanceled task
/// runs (both failed by the probe's own words).
#[test]
fn a_cancel_refused_is_an_expectation_for_cancel_and_resubscribe() {
    let run = misbehave47("rest-cancel-refused", "3s", &[]);
    expectation_only(&run, "lifecycle.cancel", "1.0 http+json", "TASK-003");
    expectation_only(
        &run,
        "streaming.resubscribe",
        "1.0 http+json",
        "TASK_NOT_CANCELABLE",
    );
}

/// A cancel of a working task answered with success and the task completed: TASK-STATE-003
/// in both reports, and `lifecycle.cancel` fails by it (it failed by the probe's words
/// "expected canceled", which kept the finding out of the test).
#[test]
fn a_cancel_answered_with_a_completed_task_fails_cancel_by_task_state_003_both_ways() {
    let run = misbehave47("rest-cancel-completes", "3s", &[]);
    let (scoped, status, message) = result_in(&run, "lifecycle.cancel", "1.0 http+json");
    assert_eq!(status, "fail", "{scoped}: {message}");
    let at = message
        .split("but the verifier found error[TASK-STATE-003] on its exchange ")
        .nth(1)
        .and_then(|m| m.split(':').next())
        .unwrap_or_else(|| panic!("{scoped} not failed by TASK-STATE-003: {message}"));
    let online = exchanges(&run.probe, "TASK-STATE-003", "error");
    assert!(online.contains(at), "{at} not in {online:?}");
    same_findings(&run);
}

/// A cancel answered with success whose task stays working: the verifier's TASK-STATE-004
/// (a warning: a cancel may complete asynchronously) in both reports; `lifecycle.cancel`
/// passes naming it (it failed by the probe's own words), and the subscription left open
/// by that task is an expectation.
#[test]
fn a_cancel_that_never_takes_effect_passes_cancel_naming_task_state_004_both_ways() {
    let run = misbehave47("rest-cancel-ignored", "3s", &[]);
    passes_naming_warning(&run, "lifecycle.cancel", "1.0 http+json", "TASK-STATE-004");
    expectation_only(
        &run,
        "streaming.resubscribe",
        "1.0 http+json",
        "a task not canceled",
    );
}

// ---- lifecycle.input-required, lifecycle.poll-terminal --------------------------------------

/// A follow-up to an input-required task refused with UnsupportedOperationError: TASK-007
/// makes follow-ups a MAY, so `lifecycle.input-required` fails as the probe's expectation,
/// and names the warning TASK-STATE-015 (the terminal task's answer to a task that is not
/// terminal) that both reports hold on the follow-up.
#[test]
fn a_follow_up_refused_is_an_expectation_naming_task_state_015_both_ways() {
    let run = misbehave47("rest-followup-refused", "3s", &[]);
    expectation_only(
        &run,
        "lifecycle.input-required",
        "1.0 http+json",
        "TASK-007",
    );
    let (scoped, _, message) = result_in(&run, "lifecycle.input-required", "1.0 http+json");
    warning_named(&run, scoped, message, "TASK-STATE-015");
}

/// A follow-up answered with the task input-required again (the agent asks again): no
/// rule; `lifecycle.input-required` fails as the probe's expectation.
#[test]
fn a_follow_up_answered_input_required_again_is_an_expectation() {
    let run = misbehave47("rest-followup-asks-again", "3s", &[]);
    expectation_only(
        &run,
        "lifecycle.input-required",
        "1.0 http+json",
        "still input-required",
    );
}

/// A 0.3 task still working at `--timeout`: no rule sets a time for a task to end, so
/// `lifecycle.poll-terminal` fails as the probe's expectation and the run stays `full`
/// (it was `minimal`).
#[test]
fn a_task_still_working_at_the_timeout_is_an_expectation_and_the_run_stays_full() {
    let run = misbehave47("task-never-ends", "3s", &[]);
    expectation_only(&run, "lifecycle.poll-terminal", "0.3", "still working");
    assert!(errors(&run.verify).is_empty(), "{:?}", errors(&run.verify));
    assert_eq!(run.probe["conformanceLevel"], "full", "{:#}", run.probe);
}

// ---- lifecycle.list-tasks' status filter ----------------------------------------------------

/// ListTasks by contextId and status TASK_STATE_COMPLETED leaves out the context's completed
/// task: DATA-LIST-006 (widened to a terminal state's filter, a warning) in both reports, on
/// that listing; `lifecycle.list-tasks` passes naming it (the probe failed it alone, and
/// `verify` said nothing).
#[test]
fn a_status_filter_leaving_out_a_completed_task_is_data_list_006_both_ways() {
    let run = misbehave47("rest-list-status-hides", "20s", &[]);
    passes_naming_warning(
        &run,
        "lifecycle.list-tasks",
        "1.0 http+json",
        "DATA-LIST-006",
    );
    let (_, _, message) = result_in(&run, "lifecycle.list-tasks", "1.0 http+json");
    assert!(
        message.contains("status TASK_STATE_COMPLETED did not list task"),
        "{message}"
    );
}

/// The control: misbehave46's ListTasks that applies every filter: `lifecycle.list-tasks`
/// passes and neither report holds DATA-LIST-006.
#[test]
fn a_status_filter_that_lists_the_task_passes_without_data_list_006() {
    let (_agent, url) = misbehave_in("misbehave46.py", "rest-list-paged");
    let dir = tempfile::tempdir().unwrap();
    let run = probe_and_verify_in(&url, dir.path(), "20s", &[]);
    let (scoped, status, message) = result_in(&run, "lifecycle.list-tasks", "1.0 http+json");
    assert_eq!(status, "pass", "{scoped}: {message}");
    assert!(!message.contains("DATA-LIST-006"), "{message}");
    for report in [&run.probe, &run.verify] {
        assert!(exchanges(report, "DATA-LIST-006", "warning").is_empty());
    }
    same_findings(&run);
}

// ---- interop --------------------------------------------------------------------------------

/// `interop` of two misbehave47 agents that refuse to cancel a working task (1.0
/// HTTP+JSON both: the reference agent offers JSON-RPC only): direction A->B reports
/// `interop.cancel` as the probe's expectation, as `probe` does, through the same merge and
/// level (it failed by the probe's own words there too).
#[test]
fn interop_reports_a_refused_cancel_as_an_expectation_too() {
    let (_a, url_a) = misbehave_in("misbehave47.py", "rest-cancel-refused");
    let (_b, url_b) = misbehave_in("misbehave47.py", "rest-cancel-refused");
    let dir = tempfile::tempdir().unwrap();
    let rec = dir.path().join("pair.jsonl");
    let out = Command::new(bin())
        .args([
            "interop",
            &url_a,
            &url_b,
            "--format",
            "json",
            "--timeout",
            "3s",
        ])
        .arg("--record")
        .arg(&rec)
        .output()
        .unwrap();
    let report: Value = serde_json::from_slice(&out.stdout).unwrap_or_else(|e| {
        panic!(
            "interop gave no JSON report ({e}): {}",
            String::from_utf8_lossy(&out.stderr)
        )
    });
    let (scoped, status, message) = results(&report, "interop.cancel")
        .into_iter()
        .find(|r| r.0.contains("A->B"))
        .unwrap_or_else(|| panic!("no interop.cancel [A->B]: {:#}", report["results"]));
    assert_eq!(status, "fail", "{scoped}: {message}");
    assert!(message.starts_with(EXPECTATION), "{scoped}: {message}");
    assert!(message.contains("TASK-003"), "{scoped}: {message}");
    let reason = report["conformanceReason"].as_str().unwrap_or("");
    assert!(!reason.contains("interop.cancel"), "{reason}");
}

// ---- the SDK agents -------------------------------------------------------------------------

/// Every failed probe result of a conformant-minded SDK agent (1.0 and 0.3, JSON-RPC and
/// HTTP+JSON, push on) is a verifier rule's (`error[RULE]`, which `verify` of the recording
/// reports on the same exchanges) or an expectation: none is the probe's own verdict alone.
fn sdk_agent_failures_are_rules(url: &str) {
    let dir = tempfile::tempdir().unwrap();
    let run = probe_and_verify_in(url, dir.path(), "20s", &[]);
    same_findings(&run);
    let verify_errors = errors(&run.verify);
    for r in run.probe["results"].as_array().unwrap() {
        if r["status"] != "fail" {
            continue;
        }
        let (scoped, message) = (r["test"].as_str().unwrap(), r["message"].as_str().unwrap());
        if message.starts_with(EXPECTATION) {
            continue;
        }
        let rule = message
            .split("but the verifier found error[")
            .nth(1)
            .and_then(|m| m.split(']').next())
            .unwrap_or_else(|| panic!("{scoped} failed by the probe's own words: {message}"));
        assert!(verify_errors.contains(rule), "{scoped}: {rule}");
    }
}

/// Runs `check` with the base URL of `sdk`'s agent started with push on (tests/peers);
/// returns at once, with the harness's skip line, when that SDK's peers are not installed.
async fn with_sdk_agent_push(
    test: &str,
    sdk: harness::Sdk,
    check: impl FnOnce(String) + Send + 'static,
) {
    if !harness::peers_available(test, &[sdk]) {
        return;
    }
    let agent = harness::SdkAgent::start_with_env(sdk, None, &[("A2A_PUSH", "1")]).await;
    let url = agent.base_url();
    tokio::task::spawn_blocking(move || check(url))
        .await
        .unwrap();
    agent.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_python_sdk_agent_fails_no_probe_test_by_the_probe_s_words_alone() {
    with_sdk_agent_push(
        "the_python_sdk_agent_fails_no_probe_test_by_the_probe_s_words_alone",
        harness::Sdk::Python,
        |url| sdk_agent_failures_are_rules(&url),
    )
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_js_sdk_agent_fails_no_probe_test_by_the_probe_s_words_alone() {
    with_sdk_agent_push(
        "the_js_sdk_agent_fails_no_probe_test_by_the_probe_s_words_alone",
        harness::Sdk::Js,
        |url| sdk_agent_failures_are_rules(&url),
    )
    .await;
}

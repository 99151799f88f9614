//! Session 48: the probe's remaining own verdicts (active and passive verdicts are one code
//! path, continued from `tests/probe_agree47.rs`), the JSON summary's count of expectations,
//! and the brief text on stdout. Each test runs the real binary: `probe URL --record`
//! against a real agent (tests/peers' `misbehave48.py` modes, which import misbehave47.py's,
//! misbehave46.py's and misbehave43.py's agents; the a2a-python and a2a-js SDK agents), then
//! `verify` of that recording, and checks that both reports hold the same findings (rule,
//! severity, exchanges) and that the probe's verdict is the rule's, or, where no rule makes
//! the probe's wish a requirement, says so ("expectation, not a rule") and counts apart:
//! - `card.reachable`: a well-known card path answering 200 with an HTML page fails by
//!   CARD-SHAPE-004 (CARD-001, CARD-002) in both;
//! - `card.interface-url`: a url where nothing listens fails by CARD-URL-002 (the proxy's
//!   502 in the recording), a JSON-RPC url answering an HTML page by RPC-ENVELOPE-001 (RPC-001,
//!   RPC-002); a url that never answers stays the probe's own failure, named a timeout that
//!   no rule judges, with no finding in either report;
//! - `lifecycle.send`: a send refused with an A2A error is an expectation (no rule makes an
//!   agent accept a message) and the run is not `non-conformant`; a Task without id and a
//!   result that is neither a Task nor a Message fail by DATA-SHAPE-001 (DATA-005, RPC-004);
//! - `lifecycle.get-task`: TaskNotFoundError for the agent's own task fails by ID-TASK-001,
//!   another refusal is an expectation;
//! - `lifecycle.context-continuation`: a refusal is an expectation (ID-002: an agent MAY
//!   refuse a client's contextId, erroring); the message taken into the completed task fails
//!   by TASK-STATE-002, a Message in another context by ID-CTX-002;
//! - `push.create-config`: a create refused with InvalidParams is an expectation (PUSH-006:
//!   an agent may refuse a loopback webhook);
//! - `auth.rejects-anonymous`: an anonymous send refused with another A2A error than 401/403
//!   (reads answered TaskNotFoundError) is an expectation; the same refusal whose words say
//!   "unauthorized" fails by AUTH-CHALLENGE-002 (ERR-006);
//! - the JSON summary counts expectations in `expectations`, not in `failed`; the text count
//!   line and the Markdown report say the same;
//! - `--brief` (the default on a terminal): the verdict, each failed test with its rule on one
//!   line, the counts and where the recording and reports are, against the Python and JS SDK
//!   agents; a pipe keeps the whole report, `--verbose` too on a terminal.
//!
//! `A2A_INTEROP_TEST_BIN` runs them against another build (the session-start binary fails
//! each: there these were the probe's own failures, the summary had no `expectations`, and
//! there was no brief text).

use crate::agree;

use std::collections::BTreeSet;
use std::path::Path;
use std::process::Command;

use agree::{bin, harness, misbehave_in, results, Run};
use serde_json::Value;

/// How a probe result's message starts when it failed only the probe's expectation.
const EXPECTATION: &str = "expectation, not a rule: ";

/// `probe URL --record --format json --timeout timeout` with `extra` flags, then `verify` of
/// the recording; the probe's exit status too.
fn probe_and_verify_in(url: &str, dir: &Path, timeout: &str, extra: &[&str]) -> (Run, i32) {
    let rec = dir.join("probe.jsonl");
    let out = Command::new(bin())
        .args(["probe", url, "--format", "json", "--timeout", timeout])
        .arg("--record")
        .arg(&rec)
        .args(extra)
        .output()
        .unwrap();
    let code = out.status.code().unwrap_or(-1);
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
    (
        Run {
            probe,
            verify,
            events,
        },
        code,
    )
}

/// misbehave48.py `mode`, probed (`--timeout 10s`, `extra` flags) and verified.
fn misbehave48(mode: &str, extra: &[&str]) -> Run {
    misbehave48_timed(mode, "10s", extra).0
}

/// [`misbehave48`] with `--timeout timeout`, and the probe's exit status.
fn misbehave48_timed(mode: &str, timeout: &str, extra: &[&str]) -> (Run, i32) {
    let (_agent, url) = misbehave_in("misbehave48.py", mode);
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

/// The exchanges `rule`'s `error` findings name in `report`.
fn error_exchanges(report: &Value, rule: &str) -> BTreeSet<String> {
    findings(report)
        .into_iter()
        .filter(|(r, s, _)| r == rule && s == "error")
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

/// `test [scope]` failed by `rule`'s error on its exchange X, which both reports hold
/// `rule`'s error on (the probe's verdict is the verifier's).
fn failed_by_rule(run: &Run, test: &str, scope: &str, rule: &str) {
    let (scoped, status, message) = result_in(run, test, scope);
    assert_eq!(status, "fail", "{scoped}: {message}");
    let at = message
        .split(&format!(
            "but the verifier found error[{rule}] on its exchange "
        ))
        .nth(1)
        .and_then(|m| m.split(':').next())
        .unwrap_or_else(|| panic!("{scoped} is not failed by {rule}: {message}"));
    let online = error_exchanges(&run.probe, rule);
    assert!(online.contains(at), "{scoped}: {at} not in {online:?}");
    assert_eq!(online, error_exchanges(&run.verify, rule), "{rule}");
    same_findings(run);
}

/// `test [scope]` failed only the probe's expectation: its message starts with
/// [`EXPECTATION`] and contains `words`, names no rule's error, and the level reason does
/// not name it; both reports hold the same findings.
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

// ---- card.reachable, card.interface-url ---------------------------------------------------

/// A well-known card path that answers 200 with an HTML page: CARD-SHAPE-004 on that
/// exchange fails `card.reachable` in the probe, and `verify` of the recording holds the
/// same error (the probe failed it by its own words "no agent card").
#[test]
fn a_card_path_answering_html_fails_card_reachable_by_card_shape_004() {
    let run = misbehave48("rest-card-html", &[]);
    failed_by_rule(&run, "card.reachable", "", "CARD-SHAPE-004");
    assert_eq!(run.probe["conformanceLevel"], "non-conformant");
}

/// A 0.3 card whose url names a port where nothing listens: the recording holds the proxy's
/// 502 for the refused connection, and CARD-URL-002 ("never answers when used") on it fails
/// `card.interface-url` in both.
#[test]
fn an_interface_url_refusing_connections_fails_by_card_url_002() {
    let run = misbehave48("iface-refused", &[]);
    failed_by_rule(&run, "card.interface-url", "0.3", "CARD-URL-002");
}

/// A 0.3 JSON-RPC url answering every POST with 200 and an HTML page: RPC-ENVELOPE-001 on
/// the GetTask fails `card.interface-url` in both.
#[test]
fn an_interface_url_answering_html_fails_by_rpc_envelope_001() {
    let run = misbehave48("iface-html", &[]);
    failed_by_rule(&run, "card.interface-url", "0.3", "RPC-ENVELOPE-001");
}

/// A 0.3 url that reads every call and never answers: a timeout, which no rule judges by
/// itself. `card.interface-url` stays the probe's own failure and says so; neither report
/// holds a finding, and the run stops (exit 2: the agent left requests unanswered).
#[test]
fn an_interface_url_that_never_answers_is_the_probe_s_own_timeout() {
    let (run, code) = misbehave48_timed("iface-silent", "2s", &["--max-unanswered", "2"]);
    let (scoped, status, message) = result_in(&run, "card.interface-url", "0.3");
    assert_eq!(status, "fail", "{scoped}: {message}");
    assert!(
        message.contains("a timeout, which no rule judges by itself"),
        "{scoped}: {message}"
    );
    assert!(!message.starts_with(EXPECTATION), "{message}");
    assert!(
        findings(&run.probe).is_empty(),
        "{:#}",
        run.probe["findings"]
    );
    same_findings(&run);
    assert_eq!(code, 2);
}

// ---- lifecycle.send --------------------------------------------------------------------------

/// Every send without a taskId refused with UnsupportedOperationError: no rule makes an
/// agent accept a message, so `lifecycle.send` is an expectation, the run judges no task
/// lifecycle and is not `non-conformant` (it was, by the probe's own words); the JSON
/// summary counts the test in `expectations`, not in `failed`.
#[test]
fn a_refused_send_is_an_expectation_and_counted_apart() {
    let run = misbehave48("rest-send-refused", &[]);
    expectation_only(
        &run,
        "lifecycle.send",
        "1.0 http+json",
        "no rule makes an agent accept a message",
    );
    assert_ne!(run.probe["conformanceLevel"], "non-conformant");
    let rs = run.probe["results"].as_array().unwrap();
    let count = |f: &dyn Fn(&Value) -> bool| rs.iter().filter(|r| f(r)).count() as u64;
    let expected = count(&|r| {
        r["status"] == "fail" && r["message"].as_str().unwrap().starts_with(EXPECTATION)
    });
    let s = &run.probe["summary"];
    assert!(expected >= 1);
    assert_eq!(s["expectations"], expected, "{s}");
    assert_eq!(
        s["failed"],
        count(&|r| r["status"] == "fail") - expected,
        "{s}"
    );
    assert_eq!(
        s["total"].as_u64().unwrap(),
        ["passed", "failed", "skipped", "expectations"]
            .iter()
            .map(|k| s[k].as_u64().unwrap())
            .sum::<u64>(),
        "{s}"
    );
}

/// The text count line and the Markdown report's results line count the expectation
/// apart, as the JSON summary does.
#[test]
fn the_text_and_markdown_summaries_count_the_expectation_apart() {
    let (_agent, url) = misbehave_in("misbehave48.py", "rest-send-refused");
    let dir = tempfile::tempdir().unwrap();
    let md = dir.path().join("r.md");
    let json = dir.path().join("r.json");
    let out = Command::new(bin())
        .args(["probe", &url, "--timeout", "10s", "--verbose"])
        .args(["-f", "markdown", "-o"])
        .arg(&md)
        .args(["-f", "json", "-o"])
        .arg(&json)
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    let v: Value = serde_json::from_slice(&std::fs::read(&json).unwrap()).unwrap();
    let s = &v["summary"];
    let n = s["expectations"].as_u64().unwrap();
    let failed = s["failed"].as_u64().unwrap();
    let words = format!(
        "{failed} failed, {n} missed only the probe's expectation (no rule broken), {} skipped",
        s["skipped"]
    );
    assert!(text.contains(&words), "{words} not in {text}");
    let md = std::fs::read_to_string(&md).unwrap();
    assert!(md.contains(&words), "{words} not in {md}");
}

/// A send answered with a 1.0 Task without id: DATA-SHAPE-001 (DATA-005) fails
/// `lifecycle.send` in both.
#[test]
fn a_send_answered_with_a_task_without_id_fails_by_data_shape_001() {
    let run = misbehave48("rest-send-no-id", &[]);
    failed_by_rule(&run, "lifecycle.send", "1.0 http+json", "DATA-SHAPE-001");
}

/// A 0.3 send answered with a result that is neither a Task nor a Message: DATA-SHAPE-001
/// (RPC-004) fails `lifecycle.send` in both.
#[test]
fn a_send_answered_with_neither_task_nor_message_fails_by_data_shape_001() {
    let run = misbehave48("send-neither", &[]);
    failed_by_rule(&run, "lifecycle.send", "0.3", "DATA-SHAPE-001");
}

// ---- lifecycle.get-task ----------------------------------------------------------------------

/// GetTask of the task the agent handed out answered TaskNotFoundError: ID-TASK-001 fails
/// `lifecycle.get-task` in both.
#[test]
fn a_get_of_the_agent_s_own_task_answered_not_found_fails_by_id_task_001() {
    let run = misbehave48("rest-get-not-found", &[]);
    failed_by_rule(&run, "lifecycle.get-task", "1.0 http+json", "ID-TASK-001");
}

/// GetTask of the agent's own task refused with UnsupportedOperationError: no rule names
/// that answer, an expectation.
#[test]
fn a_get_of_the_agent_s_own_task_refused_unsupported_is_rest_error_001() {
    // mutate49: UnsupportedOperationError fits no GetTask (reading a task needs no
    // capability; TASK-009), so the refusal of the agent's own task is the verifier's
    // REST-ERROR-001 on that GetTask, and the probe's test is failed by it
    let run = misbehave48("rest-get-refused", &[]);
    failed_by_rule(
        &run,
        "lifecycle.get-task",
        "1.0 http+json",
        "REST-ERROR-001",
    );
}

// ---- lifecycle.context-continuation ---------------------------------------------------------

/// A message naming the lifecycle task's contextId and no taskId refused: ID-002 lets an
/// agent refuse a client's contextId (with an error, as here), an expectation.
#[test]
fn a_refused_context_continuation_is_an_expectation() {
    let run = misbehave48("rest-ctx-refused", &[]);
    expectation_only(
        &run,
        "lifecycle.context-continuation",
        "1.0 http+json",
        "ID-002",
    );
}

/// The continuation answered with the completed lifecycle task, working again:
/// TASK-STATE-002 fails the test in both (the probe failed it by its own words).
#[test]
fn a_continuation_taken_into_the_terminal_task_fails_by_task_state_002() {
    let run = misbehave48("rest-ctx-reopen", &[]);
    failed_by_rule(
        &run,
        "lifecycle.context-continuation",
        "1.0 http+json",
        "TASK-STATE-002",
    );
}

/// The continuation answered with a Message in another context: ID-CTX-002 fails the test
/// in both.
#[test]
fn a_continuation_answered_in_another_context_fails_by_id_ctx_002() {
    let run = misbehave48("rest-ctx-msg-other", &[]);
    failed_by_rule(
        &run,
        "lifecycle.context-continuation",
        "1.0 http+json",
        "ID-CTX-002",
    );
}

// ---- push, auth --------------------------------------------------------------------------

/// A card with push whose agent refuses the probe's config (InvalidParams: a loopback
/// webhook, PUSH-006): an expectation.
#[test]
fn a_refused_push_config_is_an_expectation() {
    let run = misbehave48("rest-push-refused", &[]);
    expectation_only(&run, "push.create-config", "1.0 http+json", "PUSH-006");
}

/// A card with a bearer scheme whose agent refuses an anonymous send with
/// UnsupportedOperationError (and an anonymous read or cancel with TaskNotFoundError):
/// nothing served, no rule broken, an expectation; `auth.accepts-credentials` passes on the
/// HTTP+JSON send made with the credentials.
#[test]
fn an_anonymous_call_refused_without_401_is_an_expectation() {
    let run = misbehave48("rest-auth-other", &["--bearer", "secret"]);
    expectation_only(&run, "auth.rejects-anonymous", "", "not HTTP 401 or 403");
    // the sends with the credentials worked on this HTTP+JSON-only agent: read from its
    // binding's lifecycle.send (it skipped, "no task call was made with credentials")
    let (scoped, status, message) = result_in(&run, "auth.accepts-credentials", "");
    assert_eq!(status, "pass", "{scoped}: {message}");
}

/// The same refusal whose words say "unauthorized": AUTH-CHALLENGE-002 (ERR-006: 1.0
/// refuses missing credentials with 401) fails `auth.rejects-anonymous` in both.
#[test]
fn an_anonymous_call_refused_as_unauthorized_without_401_fails_by_auth_challenge_002() {
    let run = misbehave48("rest-auth-other-unauth", &["--bearer", "secret"]);
    failed_by_rule(&run, "auth.rejects-anonymous", "", "AUTH-CHALLENGE-002");
}

// ---- the brief text on stdout --------------------------------------------------------------

/// `probe URL --brief --record R -f json -o J` against an SDK agent: stdout is the verdict
/// in a few lines (at most 30), each failed test of the JSON report on one line with the
/// rule that failed it, the count line, and where the recording and the report are; the
/// JSON report and `verify` of the recording hold the same findings.
fn brief_names_every_failure(url: &str) {
    let dir = tempfile::tempdir().unwrap();
    let rec = dir.path().join("probe.jsonl");
    let json = dir.path().join("probe.json");
    let out = Command::new(bin())
        .args(["probe", url, "--brief", "--timeout", "20s", "--record"])
        .arg(&rec)
        .args(["-f", "json", "-o"])
        .arg(&json)
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout).to_string();
    let probe: Value = serde_json::from_slice(&std::fs::read(&json).unwrap())
        .unwrap_or_else(|e| panic!("no JSON report ({e}): {text}"));
    let lines: Vec<&str> = text.lines().collect();
    assert!(lines.len() <= 30, "{} lines: {text}", lines.len());
    assert!(lines[1].starts_with("conformance level: "), "{text}");
    assert!(
        lines[1].contains(probe["conformanceLevel"].as_str().unwrap()),
        "{text}"
    );
    assert!(!text.contains("\npass "), "{text}");
    for r in probe["results"].as_array().unwrap() {
        let (test, message) = (r["test"].as_str().unwrap(), r["message"].as_str().unwrap());
        if r["status"] != "fail" || message.starts_with(EXPECTATION) {
            continue;
        }
        let rule = message
            .split("but the verifier found error[")
            .nth(1)
            .and_then(|m| m.split(']').next())
            .unwrap_or("probe's own check");
        assert!(
            lines
                .iter()
                .any(|l| l.starts_with(&format!("  {test}  {rule}"))),
            "{test} ({rule}) not on a line of its own: {text}"
        );
    }
    assert!(
        text.contains(&format!("recording: {}", rec.display())),
        "{text}"
    );
    assert!(
        text.contains(&format!("reports: {}", json.display())),
        "{text}"
    );
    assert!(text.contains("--verbose"), "{text}");
    let out = Command::new(bin())
        .args(["verify", "--format", "json"])
        .arg(&rec)
        .output()
        .unwrap();
    let verify: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(findings(&probe), findings(&verify));
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
async fn the_brief_text_names_every_failure_of_the_python_sdk_agent() {
    with_sdk_agent_push(
        "the_brief_text_names_every_failure_of_the_python_sdk_agent",
        harness::Sdk::Python,
        |url| brief_names_every_failure(&url),
    )
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_brief_text_names_every_failure_of_the_js_sdk_agent() {
    with_sdk_agent_push(
        "the_brief_text_names_every_failure_of_the_js_sdk_agent",
        harness::Sdk::Js,
        |url| brief_names_every_failure(&url),
    )
    .await;
}

/// `probe URL` with stdout on a terminal (`script` gives it a pty) prints the brief text by
/// default, and `--verbose` the whole report there; with stdout on a pipe the whole report
/// stays the default (scripts and CI logs read every test's line).
#[test]
fn a_terminal_gets_the_brief_text_a_pipe_the_whole_report() {
    if Command::new("script").arg("--version").output().is_err() {
        eprintln!("skipped: no script(1) to give the probe a terminal");
        return;
    }
    let (_agent, url) = misbehave_in("misbehave48.py", "rest-ctx-refused");
    let on_tty = |extra: &str| {
        // stderr (the progress lines) away from the pty: the defaults of stdout are tested,
        // and -q would choose a text of its own (only the failures and the count line)
        let cmd = format!(
            "{} probe {url} --timeout 10s {extra} 2>/dev/null",
            bin().display()
        );
        let out = Command::new("script")
            .args(["-qec", &cmd, "/dev/null"])
            .output()
            .unwrap();
        String::from_utf8_lossy(&out.stdout).replace('\r', "")
    };
    let brief = on_tty("");
    assert!(brief.contains("\nconformance level: "), "{brief}");
    assert!(
        brief.contains("missed only the probe's expectation, no rule broken (1):"),
        "{brief}"
    );
    assert!(!brief.contains("\npass  "), "{brief}");
    let whole = on_tty("--verbose");
    assert!(whole.contains("\npass  card.reachable"), "{whole}");
    let out = Command::new(bin())
        .args(["probe", &url, "--timeout", "10s"])
        .output()
        .unwrap();
    let piped = String::from_utf8_lossy(&out.stdout);
    assert!(piped.contains("\npass  card.reachable"), "{piped}");
    assert!(!piped.contains("\nconformance level: "), "{piped}");
}

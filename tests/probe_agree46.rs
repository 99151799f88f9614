//! Session 46: the probe verdicts session 45 left the probe's own words (active and passive
//! verdicts are one code path, continued from `tests/probe_agree45.rs`). Each test runs the
//! real binary: `probe URL --record` against a real agent (tests/peers' `misbehave46.py`
//! modes, which import misbehave43.py's agents; the reference agent; the a2a-python and
//! a2a-js SDK agents), then `verify` of that recording, and checks that both name the same
//! rule on the same exchange:
//! - the card checks: `card.required-fields`, `card.skills` and `card.capabilities` failed by
//!   the probe's own reading of the card; now they read it by the verifier's `card_view` and
//!   fail by its finding on the card fetch, each by the problem it owns (CARD-SHAPE-001 by
//!   the problem's place, CARD-SHAPE-002); a 0.3 skill with an empty `tags` list failed
//!   `card.skills` alone: the 0.3 schema requires the list, not an entry, so the verifier was
//!   right and both pass;
//! - `card.interface-url` whose url answers 404 without an A2A error: CARD-URL-002 in both
//!   (the probe failed it by its own words);
//! - `lifecycle.get-task` answered with another task (ID-TASK-003) or in another context
//!   (ID-CTX-002);
//! - `push.create-config` answered without an id: 1.0 by DATA-SHAPE-001 (PUSH-003, the agent
//!   assigns it); on 0.3 the id is the client's to set (0.3 schema), so both pass there
//!   (the probe failed it alone);
//! - `lifecycle.list-tasks`' paging: a page over pageSize (DATA-LIST-003), the pageToken round
//!   trip, a missing nextPageToken and one handed out by the last page (DATA-LIST-004; the
//!   last was judged by neither), and a task of the context left out
//!   (DATA-LIST-006, a warning in both: the probe failed it alone);
//! - `errors.parse-error` / `errors.invalid-params` on HTTP+JSON answered 400 with another A2A
//!   error (FAILED_PRECONDITION UNSUPPORTED_OPERATION) than INVALID_ARGUMENT: the probe and
//!   `verify` passed it; now REST-ERROR-001 in both;
//! - `probe -q -f junit -o FILE` printed every test line: `-q` is quiet on every format.
//!
//! `A2A_INTEROP_TEST_BIN` runs them against another build (the session-start binary fails
//! each fault and legal-mode test here: its verdicts there were its own assertions).

use crate::agree;

use std::collections::BTreeSet;
use std::process::Command;

use agree::{
    bin, errors, exchanges_of, harness, misbehave_in, probe_and_verify, reference_agent, results,
    Run,
};

/// The rule named in a probe result's message as `error[RULE]`, if any.
fn failed_by(message: &str) -> Option<&str> {
    let at = message.find("error[")? + "error[".len();
    let end = message[at..].find(']')?;
    Some(&message[at..at + end])
}

/// The tests session 46 made the verifier's.
const CONVERTED: [&str; 10] = [
    "card.required-fields",
    "card.skills",
    "card.capabilities",
    "card.security-schemes",
    "card.interface-url",
    "lifecycle.get-task",
    "push.create-config",
    "lifecycle.list-tasks",
    "errors.parse-error",
    "errors.invalid-params",
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

/// The first result of `test` whose scope contains `scope` (`1.0 http+json`; `""` for a
/// dialect-free test).
fn result_in<'a>(run: &'a Run, test: &str, scope: &str) -> (&'a str, &'a str, &'a str) {
    results(&run.probe, test)
        .into_iter()
        .find(|r| r.0.contains(scope))
        .unwrap_or_else(|| panic!("no {test} [{scope}]: {:#}", run.probe["results"]))
}

/// `test [scope]` of `run` failed by the verifier's `rule`, which both reports name on the
/// same exchanges, and which names the exchange the failure names; those exchanges are the
/// requests the prober marked negative-test when `marked`.
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
    let at = message
        .split(&format!("error[{rule}] on its exchange "))
        .nth(1)
        .and_then(|m| m.split(':').next())
        .unwrap_or_else(|| panic!("{scoped} names no exchange: {message}"));
    assert!(online.contains(at), "{scoped}: {at} not in {online:?}");
    if marked {
        let tagged = agree::marked(&run.events, "A2A-Interop-Probe", "negative-test");
        assert!(
            online.iter().all(|x| tagged.contains(x)),
            "{online:?} {tagged:?}"
        );
    }
    failures_are_findings(run, &CONVERTED);
}

/// `test [scope]` passed in the probe's report, and neither report holds an error of
/// `rules`.
fn passes_without(run: &Run, test: &str, scope: &str, rules: &[&str]) {
    let (scoped, status, message) = result_in(run, test, scope);
    assert_eq!(status, "pass", "{scoped}: {message}");
    for report in [&run.probe, &run.verify] {
        for rule in rules {
            assert!(!errors(report).contains(*rule), "{rule}: {report:#}");
        }
    }
    failures_are_findings(run, &CONVERTED);
}

/// misbehave46.py `mode`, probed and verified.
fn misbehave46(mode: &str) -> Run {
    let (_agent, url) = misbehave_in("misbehave46.py", mode);
    let dir = tempfile::tempdir().unwrap();
    probe_and_verify(&url, dir.path())
}

// ---- the card checks ---------------------------------------------------------------------

/// A 1.0 card without `description`: `card.required-fields` failed by the probe's own
/// reading; now by CARD-SHAPE-001 on the card fetch, in both.
#[test]
fn a_card_without_description_fails_required_fields_by_card_shape_001_both_ways() {
    let run = misbehave46("rest-card-no-description");
    fails_by(&run, "card.required-fields", "", "CARD-SHAPE-001", false);
    let (scoped, status, message) = result_in(&run, "card.skills", "");
    assert_eq!(status, "pass", "{scoped}: {message}");
}

/// A 1.0 skill without `tags`: `card.skills` fails by CARD-SHAPE-001 (the problem under
/// `/skills/0/tags` is that check's), and `card.required-fields` passes: one fault, one
/// check.
#[test]
fn a_skill_without_tags_fails_skills_alone_by_card_shape_001_both_ways() {
    let run = misbehave46("rest-card-skill-no-tags");
    fails_by(&run, "card.skills", "", "CARD-SHAPE-001", false);
    for test in [
        "card.required-fields",
        "card.capabilities",
        "card.reachable",
    ] {
        let (scoped, status, message) = result_in(&run, test, "");
        assert_eq!(status, "pass", "{scoped}: {message}");
    }
}

/// `capabilities.pushNotifications: "false"`: `card.capabilities` fails by CARD-SHAPE-002.
#[test]
fn a_string_capability_flag_fails_capabilities_by_card_shape_002_both_ways() {
    let run = misbehave46("rest-card-flag-string");
    fails_by(&run, "card.capabilities", "", "CARD-SHAPE-002", false);
}

/// A 0.3 card whose skills have an empty `tags` list: the 0.3 schema requires the list, not
/// an entry; `verify` said nothing and the probe failed `card.skills` alone. The verifier
/// was right: both pass.
#[test]
fn a_0_3_skill_with_an_empty_tags_list_passes_skills_both_ways() {
    let run = misbehave46("card-03-empty-tags");
    passes_without(&run, "card.skills", "", &["CARD-SHAPE-001"]);
    assert!(errors(&run.verify).is_empty(), "{:?}", errors(&run.verify));
}

/// The card's interface url answers every request 404 text/html: `card.interface-url`
/// failed by the probe's own words ("answered HTTP 404 ... to an A2A request") while
/// `verify` said CARD-URL-002 on the same GetTask; now both say CARD-URL-002.
#[test]
fn an_interface_url_answering_404_fails_interface_url_by_card_url_002_both_ways() {
    let run = misbehave46("rest-iface-404");
    fails_by(
        &run,
        "card.interface-url",
        "1.0 http+json",
        "CARD-URL-002",
        false,
    );
}

// ---- lifecycle.get-task --------------------------------------------------------------------

/// GetTask answering the task under another id: ID-TASK-003 in both (the probe failed it by
/// its own words).
#[test]
fn a_get_answered_with_another_task_fails_get_task_by_id_task_003_both_ways() {
    let run = misbehave46("rest-get-other-task");
    fails_by(
        &run,
        "lifecycle.get-task",
        "1.0 http+json",
        "ID-TASK-003",
        false,
    );
}

/// GetTask answering the task in another context: ID-CTX-002 in both.
#[test]
fn a_get_answered_in_another_context_fails_get_task_by_id_ctx_002_both_ways() {
    let run = misbehave46("rest-get-other-context");
    fails_by(
        &run,
        "lifecycle.get-task",
        "1.0 http+json",
        "ID-CTX-002",
        false,
    );
}

// ---- push.create-config ----------------------------------------------------------------------

/// A 1.0 Create answered without an id: the agent assigns it (PUSH-003, 1.0 §3.1.7), the
/// verifier's DATA-SHAPE-001 says so, and the probe now fails by it (it failed by its own
/// words).
#[test]
fn a_1_0_push_config_created_without_an_id_fails_create_config_by_data_shape_001_both_ways() {
    let run = misbehave46("rest-push-no-id");
    fails_by(
        &run,
        "push.create-config",
        "1.0 http+json",
        "DATA-SHAPE-001",
        false,
    );
}

/// A 0.3 set answered without an id: 0.3's PushNotificationConfig.id is "set by the
/// client" (schema), and the probe sent none; `verify` said nothing and the probe failed it
/// alone. The verifier was right: both pass, and the tests that need the id skip saying
/// why.
#[test]
fn a_0_3_push_config_set_without_an_id_passes_create_config_both_ways() {
    let run = misbehave46("push-no-id-03");
    passes_without(&run, "push.create-config", "0.3", &["DATA-SHAPE-001"]);
    let (scoped, status, message) = result_in(&run, "push.get-config", "0.3");
    assert_eq!(status, "skip", "{scoped}: {message}");
    assert!(message.contains("no id"), "{message}");
    assert!(errors(&run.verify).is_empty(), "{:?}", errors(&run.verify));
}

// ---- lifecycle.list-tasks paging -----------------------------------------------------------------

/// The page after nextPageToken hands back that same token: DATA-LIST-004 in both.
#[test]
fn a_page_handing_back_its_page_token_fails_list_tasks_by_data_list_004_both_ways() {
    let run = misbehave46("rest-list-token-loop");
    fails_by(
        &run,
        "lifecycle.list-tasks",
        "1.0 http+json",
        "DATA-LIST-004",
        false,
    );
}

/// pageSize 1 answered one task, totalSize 2 and no nextPageToken: DATA-LIST-004 in both.
#[test]
fn a_first_page_without_next_page_token_fails_list_tasks_by_data_list_004_both_ways() {
    let run = misbehave46("rest-list-no-next");
    fails_by(
        &run,
        "lifecycle.list-tasks",
        "1.0 http+json",
        "DATA-LIST-004",
        false,
    );
}

/// The last page (it completes totalSize) hands out another nextPageToken: DATA-007 wants
/// "" there. Neither the probe nor `verify` judged it; now DATA-LIST-004 in both.
#[test]
fn a_last_page_handing_out_a_next_page_token_fails_list_tasks_by_data_list_004_both_ways() {
    let run = misbehave46("rest-list-token-at-end");
    fails_by(
        &run,
        "lifecycle.list-tasks",
        "1.0 http+json",
        "DATA-LIST-004",
        false,
    );
}

/// The page after nextPageToken repeats the first page's task: DATA-LIST-004 in both.
#[test]
fn a_page_repeating_the_first_pages_task_fails_list_tasks_by_data_list_004_both_ways() {
    let run = misbehave46("rest-list-repeat");
    fails_by(
        &run,
        "lifecycle.list-tasks",
        "1.0 http+json",
        "DATA-LIST-004",
        false,
    );
}

/// The page after nextPageToken lists two tasks for pageSize 1: DATA-LIST-003 in both (the
/// probe failed it by its own words, judging only the first page's size by the rule).
#[test]
fn a_second_page_over_its_page_size_fails_list_tasks_by_data_list_003_both_ways() {
    let run = misbehave46("rest-list-page2-oversize");
    fails_by(
        &run,
        "lifecycle.list-tasks",
        "1.0 http+json",
        "DATA-LIST-003",
        false,
    );
}

/// Every listing leaves out the context's newest task: which tasks a caller sees is the
/// agent's to scope, and the verifier warns DATA-LIST-006; the probe failed the test alone.
/// Now it passes naming the warning, which both reports hold on the same exchange.
#[test]
fn a_listing_that_leaves_out_a_task_passes_list_tasks_with_data_list_006_both_ways() {
    let run = misbehave46("rest-list-hides-newest");
    passes_without(
        &run,
        "lifecycle.list-tasks",
        "1.0 http+json",
        &["DATA-LIST-003", "DATA-LIST-004", "DATA-LIST-006"],
    );
    let warned = exchanges_of(&run.verify, "DATA-LIST-006");
    assert!(!warned.is_empty(), "verify: no DATA-LIST-006");
    assert_eq!(exchanges_of(&run.probe, "DATA-LIST-006"), warned);
    let (scoped, _, message) = result_in(&run, "lifecycle.list-tasks", "1.0 http+json");
    let at = message
        .split("warning[DATA-LIST-006] on its exchange ")
        .nth(1)
        .and_then(|m| m.split(':').next())
        .unwrap_or_else(|| panic!("{scoped} names no warning: {message}"));
    assert!(warned.contains(at), "{scoped}: {at} not in {warned:?}");
}

/// Control: paging by pageSize with an opaque token, "" on the last page, passes both ways.
#[test]
fn a_correct_listing_passes_list_tasks_both_ways() {
    let run = misbehave46("rest-list-paged");
    passes_without(
        &run,
        "lifecycle.list-tasks",
        "1.0 http+json",
        &[
            "DATA-LIST-001",
            "DATA-LIST-002",
            "DATA-LIST-003",
            "DATA-LIST-004",
        ],
    );
    assert!(
        exchanges_of(&run.verify, "DATA-LIST-006").is_empty(),
        "{:#}",
        run.verify
    );
}

// ---- the malformed HTTP+JSON send answered 400 with another A2A error ----------------------

/// A body that is not JSON, and a send whose message is no object, answered HTTP 400
/// FAILED_PRECONDITION naming UNSUPPORTED_OPERATION: 400 is the right status but another
/// A2A error than the malformed request's INVALID_ARGUMENT (1.0 §3.3.2, ERR-006). Session
/// 45 judged only another status: the probe and `verify` passed it; now REST-ERROR-001 on
/// each marked send, in both.
#[test]
fn a_malformed_send_refused_400_with_another_a2a_error_fails_by_rest_error_001_both_ways() {
    let run = misbehave46("rest-malformed-400-unsupported");
    fails_by(
        &run,
        "errors.parse-error",
        "1.0 http+json",
        "REST-ERROR-001",
        true,
    );
    fails_by(
        &run,
        "errors.invalid-params",
        "1.0 http+json",
        "REST-ERROR-001",
        true,
    );
}

// ---- probe -q ----------------------------------------------------------------------------------

/// `probe -q -f junit -o FILE`: stdout holds the failed tests and the count line only (it
/// printed every test line), stderr no progress, and the JUnit file every test; `--help`
/// says `-q` quiets stdout as well. Without `-o` too (ux49); `-q --verbose` prints the
/// whole text report.
#[test]
fn probe_quiet_prints_only_the_failed_tests_and_the_count_whatever_the_format() {
    let (_agent, url) = misbehave_in("misbehave46.py", "rest-get-other-task");
    let dir = tempfile::tempdir().unwrap();
    let xml = dir.path().join("probe.xml");
    let out = Command::new(bin())
        .args(["probe", &url, "-q", "-f", "junit", "-o"])
        .arg(&xml)
        .args(["--timeout", "20s"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let stdout = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = stdout.lines().collect();
    assert!(
        lines
            .iter()
            .all(|l| !l.starts_with("pass ") && !l.starts_with("skip ")),
        "{stdout}"
    );
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("fail  lifecycle.get-task [1.0 http+json]")),
        "{stdout}"
    );
    let last = lines.last().copied().unwrap_or("");
    assert!(
        last.contains("passed,") && last.contains("conformance level: non-conformant"),
        "{stdout}"
    );
    let failed = lines.iter().filter(|l| l.starts_with("fail ")).count();
    assert_eq!(lines.len(), failed + 1, "{stdout}");
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(!stderr.contains("probe: "), "{stderr}");
    let junit = std::fs::read_to_string(&xml).unwrap();
    let testcases = junit.matches("<testcase ").count();
    assert!(testcases > failed + 10, "{testcases} testcases: {junit}");
    assert!(junit.contains("card.reachable"), "{junit}");

    // without -o: the same quiet text (ux49: `probe -q` printed every skip), and with
    // --verbose the whole text report
    let out = Command::new(bin())
        .args(["probe", &url, "-q", "--timeout", "20s"])
        .output()
        .unwrap();
    let quiet = String::from_utf8(out.stdout).unwrap();
    assert!(
        quiet
            .lines()
            .all(|l| !l.starts_with("pass ") && !l.starts_with("skip ")),
        "{quiet}"
    );
    assert!(
        quiet
            .lines()
            .any(|l| l.starts_with("fail  lifecycle.get-task [1.0 http+json]")),
        "{quiet}"
    );
    let out = Command::new(bin())
        .args(["probe", &url, "-q", "--verbose", "--timeout", "20s"])
        .output()
        .unwrap();
    let whole = String::from_utf8(out.stdout).unwrap();
    assert!(
        whole.lines().any(|l| l.starts_with("pass  card.reachable")),
        "{whole}"
    );

    let help = Command::new(bin())
        .args(["probe", "--help"])
        .output()
        .unwrap();
    let help = String::from_utf8(help.stdout).unwrap();
    let quiet = help
        .split("--quiet")
        .nth(1)
        .unwrap_or_else(|| panic!("no --quiet in: {help}"));
    assert!(
        quiet.contains("whatever --format") && quiet.contains("only the failed tests"),
        "{quiet}"
    );
}

// ---- good agents ------------------------------------------------------------------------------

/// The reference agent passes every converted test both ways, with no error in `verify`.
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
/// card checks and `push.create-config` ran and passed (the SDK cards are well-formed, and
/// the SDKs assign config ids).
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
    for test in [
        "card.required-fields",
        "card.skills",
        "card.capabilities",
        "lifecycle.get-task",
    ] {
        for (scoped, status, message) in results(&run.probe, test) {
            assert_eq!(status, "pass", "{scoped}: {message}");
        }
    }
    let created: Vec<_> = results(&run.probe, "push.create-config");
    assert!(created.iter().any(|r| r.1 == "pass"), "{created:?}");
    failures_are_findings(&run, &CONVERTED)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_python_sdk_agent_agrees_both_ways_on_the_converted_tests() {
    with_sdk_agent_env(
        "the_python_sdk_agent_agrees_both_ways_on_the_converted_tests",
        harness::Sdk::Python,
        &[("A2A_PUSH", "1")],
        |url| {
            sdk_agent_agrees(&url);
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

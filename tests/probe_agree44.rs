//! Session 44: active and passive verdicts are one code path, continued from
//! `tests/probe_agree41.rs` and `tests/probe_agree42.rs` for the `streaming.*` tests. Each
//! test runs the real binary: `probe URL --record` against a real agent (tests/peers'
//! `misbehave.py` / `misbehave43.py` modes, the reference agent, the SDK agents), then
//! `verify` of that recording, and checks that both name the same rule on the same
//! exchange:
//! - a stream's checks (`streaming.content-type`, `.envelope`, `.first-event`, `.same-ids`,
//!   `.terminal`, `.nothing-after-terminal`) read what the recording shows (the framing,
//!   the envelope, the events' ids, the stream's end): the probe's own reading of a fault
//!   no longer fails them; the verifier's finding on the stream's exchange does, and fails
//!   the check that judges what the rule judges (`probe::owning_check`), so one fault
//!   fails one check, by one rule, in both reports. `streaming.follow-up` and
//!   `streaming.resubscribe` take the same findings on their own streams;
//! - two disagreements found on the way, decided by the spec: a 0.3 `final: true` on a
//!   working status update is STREAM-FINAL-001 (0.3 `final` marks the end of the cycle at a
//!   terminal or input-required state, STREAM-008), not "events after the terminal one" as
//!   the probe read it; and a 0.3 stream that ends with a JSON-RPC -32603 error response
//!   after its task started is legal (0.3 §7.2 admits an error response as a stream event;
//!   the verifier's STREAM-END-005 blames a plain InternalError only on a 1.0 stream), which
//!   the probe failed (`streaming.terminal`, `streaming.follow-up`);
//! - correct agents (the reference agent, the a2a-python and a2a-js agents) fail no
//!   streaming test by the probe's own assertion;
//! - `push.list-configs`, `push.get-after-delete` and `push.token` (the deliveries to the
//!   probe's recorded webhook, mapped to `push.notifications`' group by the config's path)
//!   fail by PUSH-CFG-006, PUSH-CFG-004 and PUSH-AUTH-001, and `auth.rejects-anonymous`
//!   by AUTH-OPEN-001 for a task call served without credentials (tests/broken agents on
//!   real sockets: `PushListEmpty`, `PushDeleteIgnored`, `PushWithoutToken`,
//!   `NoAuthEnforcement`, `AuthOnSendOnly`);
//! - `errors.parse-error` on HTTP+JSON: a marked malformed body answered with another
//!   status than 400 (but 401/403, 408/429, a gateway's 502-504) is the verifier's
//!   REST-ERROR-001 now (it judged 500 and 2xx only; the probe failed a 422 alone).
//!
//! `A2A_INTEROP_TEST_BIN` runs them against another build (main's binary fails each fault
//! test here: its verdicts there were its own assertions).

use crate::agree;
use crate::broken;

use agree::{
    errors, exchanges_of, harness, misbehave_in, probe_and_verify, probe_and_verify_with,
    reference_agent, results, with_sdk_agent, Run,
};
use broken::Break;

/// The checks of one message stream, in run order (`probe::plan::STREAM_TESTS`).
const STREAM_CHECKS: [&str; 7] = [
    "streaming.content-type",
    "streaming.envelope",
    "streaming.first-event",
    "streaming.same-ids",
    "streaming.terminal",
    "streaming.nothing-after-terminal",
    "streaming.last-chunk",
];

/// The rule named in a probe result's message as `error[RULE]`, if any.
fn failed_by(message: &str) -> Option<&str> {
    let at = message.find("error[")? + "error[".len();
    let end = message[at..].find(']')?;
    Some(&message[at..at + end])
}

/// Every failed `streaming.*` result of `run` failed by a verifier rule (not the probe's
/// own assertion) that `verify` of the recording reports on the same exchanges.
fn streaming_failures_are_findings(run: &Run) {
    for r in run.probe["results"].as_array().unwrap() {
        let test = r["test"].as_str().unwrap();
        if !test.starts_with("streaming.") || r["status"] != "fail" {
            continue;
        }
        let message = r["message"].as_str().unwrap();
        let rule = failed_by(message)
            .unwrap_or_else(|| panic!("{test} failed by the probe's own assertion: {message}"));
        assert!(
            errors(&run.verify).contains(rule),
            "{test}: verify lacks {rule}: {:?}",
            errors(&run.verify)
        );
        assert_eq!(
            exchanges_of(&run.probe, rule),
            exchanges_of(&run.verify, rule),
            "{test}: {rule}"
        );
    }
}

/// Faulty `mode` of `script`: of the stream checks, exactly `test` fails (first scope the
/// probe ran it in), by the verifier's `rule`; `verify` of the recording reports `rule` on
/// the same exchanges; every other streaming failure of the run is a finding too.
fn stream_fault_agrees(script: &str, mode: &str, test: &str, rule: &str) {
    let (_agent, url) = misbehave_in(script, mode);
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
    assert_eq!(
        failed_by(message),
        Some(rule),
        "{scoped} failed, but not by the verifier's {rule}: {message}"
    );
    let scope = &scoped[test.len()..];
    for other in STREAM_CHECKS.iter().filter(|t| **t != test) {
        for (s, st, m) in results(&run.probe, other) {
            if s.ends_with(scope) {
                assert_ne!(st, "fail", "{s} failed too (one fault, one check): {m}");
            }
        }
    }
    assert!(
        errors(&run.verify).contains(rule),
        "verify: {:?}",
        errors(&run.verify)
    );
    let online = exchanges_of(&run.probe, rule);
    assert!(!online.is_empty());
    assert_eq!(online, exchanges_of(&run.verify, rule));
    streaming_failures_are_findings(&run);
}

/// A stream fault of `mode` whose rule splits by version (sev44b) on an agent the probe
/// reaches as 0.3 (misbehave.py): `test` passes in the 0.3 scope, whose finding is the
/// warning `rule_0x` in both reports, on the same exchanges, and neither report has the 1.0
/// error `rule`. The pass is the point: STREAM-003 is a SHOULD in 0.3 (a MUST from 1.0), so
/// a 0.3 stream that ends early is no failure, and verify and probe say so alike (before
/// sev44b both failed it by `rule`). A 1.0 scope, if the probe ran one, fails by `rule`.
fn stream_fault_agrees_per_version(
    script: &str,
    mode: &str,
    test: &str,
    rule: &str,
    rule_0x: &str,
) {
    let (_agent, url) = misbehave_in(script, mode);
    let dir = tempfile::tempdir().unwrap();
    let run = probe_and_verify(&url, dir.path());
    let rs = results(&run.probe, test);
    let v03: Vec<_> = rs.iter().filter(|r| r.0.contains("[0.3")).collect();
    assert!(!v03.is_empty(), "no 0.3 {test} result: {rs:#?}");
    for (scoped, status, message) in v03 {
        assert_eq!(*status, "pass", "{scoped}: {message}");
    }
    let v10: Vec<_> = rs.iter().filter(|r| r.0.contains("[1.0")).collect();
    for (scoped, status, message) in &v10 {
        assert_eq!(*status, "fail", "{scoped}: {message}");
        assert_eq!(failed_by(message), Some(rule), "{scoped}: {message}");
    }
    if v10.is_empty() {
        assert!(!errors(&run.verify).contains(rule), "verify: {rule}");
        assert!(!errors(&run.probe).contains(rule), "probe: {rule}");
    }
    assert!(!errors(&run.verify).contains(rule_0x));
    assert!(!errors(&run.probe).contains(rule_0x));
    let online = exchanges_of(&run.probe, rule_0x);
    assert!(!online.is_empty(), "probe: no {rule_0x}");
    assert_eq!(online, exchanges_of(&run.verify, rule_0x), "{rule_0x}");
    streaming_failures_are_findings(&run);
}

/// sev44b: misbehave.py's 0.3 stream that closes after working is STREAM-END-007's warning
/// (0.3: a SHOULD), so `streaming.terminal [0.3]` passes (it failed by STREAM-END-002).
#[test]
fn a_0_3_stream_that_closes_before_a_terminal_state_passes_terminal_with_stream_end_007() {
    stream_fault_agrees_per_version(
        "misbehave.py",
        "sse-no-final",
        "streaming.terminal",
        "STREAM-END-002",
        "STREAM-END-007",
    );
}

/// sev44b: as above for a reset after working: a pass, STREAM-END-007 in both reports.
#[test]
fn a_0_3_stream_reset_before_a_terminal_state_passes_terminal_with_stream_end_007() {
    stream_fault_agrees_per_version(
        "misbehave.py",
        "sse-rst",
        "streaming.terminal",
        "STREAM-END-002",
        "STREAM-END-007",
    );
}

#[test]
fn a_stream_served_as_application_json_fails_content_type_by_stream_http_001() {
    stream_fault_agrees(
        "misbehave.py",
        "sse-json-ctype",
        "streaming.content-type",
        "STREAM-HTTP-001",
    );
}

/// The last event is not ended by a blank line, so an SSE parser drops it (the completed
/// update): the probe failed `streaming.terminal` ("closed without a terminal state") and
/// the verifier said SSE-FRAME-001, the cause; now the envelope check fails by it alone.
#[test]
fn an_unterminated_last_event_fails_envelope_by_sse_frame_001() {
    stream_fault_agrees(
        "misbehave.py",
        "sse-unterminated",
        "streaming.envelope",
        "SSE-FRAME-001",
    );
}

#[test]
fn an_event_whose_data_is_not_json_fails_envelope_by_sse_frame_002() {
    stream_fault_agrees(
        "misbehave.py",
        "sse-bad-json",
        "streaming.envelope",
        "SSE-FRAME-002",
    );
}

#[test]
fn an_event_after_the_terminal_one_fails_nothing_after_terminal_by_stream_end_001() {
    stream_fault_agrees(
        "misbehave.py",
        "sse-after-final",
        "streaming.nothing-after-terminal",
        "STREAM-END-001",
    );
}

/// A 0.3 working status update marked `final: true`: the probe read the flag as the end
/// of the cycle and failed `streaming.nothing-after-terminal` ("2 events after the working
/// event"); the verifier said STREAM-FINAL-001. STREAM-008: `final` marks the last event at
/// a terminal or input-required state, so the flag is the fault and the events after it are
/// the task's own: `streaming.terminal` fails by STREAM-FINAL-001 in both, nothing else.
#[test]
fn a_final_flag_on_a_working_update_fails_terminal_by_stream_final_001() {
    stream_fault_agrees(
        "misbehave.py",
        "final-on-working",
        "streaming.terminal",
        "STREAM-FINAL-001",
    );
}

#[test]
fn a_status_update_without_task_id_fails_same_ids_by_id_event_001() {
    stream_fault_agrees(
        "misbehave.py",
        "event-no-taskid",
        "streaming.same-ids",
        "ID-EVENT-001",
    );
}

#[test]
fn a_stream_event_of_another_context_fails_same_ids_by_id_event_002() {
    stream_fault_agrees(
        "misbehave.py",
        "stream-ctx-mismatch",
        "streaming.same-ids",
        "ID-EVENT-002",
    );
}

#[test]
fn a_1_0_stream_opening_with_a_status_update_fails_first_event_by_stream_first_001() {
    stream_fault_agrees(
        "misbehave.py",
        "v10-no-task-first",
        "streaming.first-event",
        "STREAM-FIRST-001",
    );
}

/// HTTP+JSON stream events wrapped in JSON-RPC envelopes: the probe failed
/// `streaming.envelope`, `.first-event` and `.terminal` for the one fault (it read no
/// StreamResponse at all); the verifier's STREAM-SHAPE-002 fails the envelope check alone.
#[test]
fn enveloped_http_json_stream_events_fail_envelope_alone_by_stream_shape_002() {
    stream_fault_agrees(
        "misbehave43.py",
        "rest-sse-enveloped",
        "streaming.envelope",
        "STREAM-SHAPE-002",
    );
}

#[test]
fn a_1_0_http_json_stream_ending_with_an_internal_error_fails_terminal_by_stream_end_005() {
    stream_fault_agrees(
        "misbehave43.py",
        "rest-sse-error-event",
        "streaming.terminal",
        "STREAM-END-005",
    );
}

#[test]
fn a_1_0_artifact_update_after_completed_fails_nothing_after_terminal_by_stream_end_001() {
    stream_fault_agrees(
        "misbehave43.py",
        "v10-artifact-after-terminal",
        "streaming.nothing-after-terminal",
        "STREAM-END-001",
    );
}

/// The second disagreement: a 0.3 stream sends the task, working, then a JSON-RPC -32603
/// error response and closes. 0.3 §7.2 admits an error response as a stream event, and a
/// plain InternalError there may be a real failure: the verifier's STREAM-END-005 blames it
/// on a 1.0 stream only (or when a later read shows the task failed). The probe failed
/// `streaming.terminal` and `streaming.follow-up` alone; now both pass, naming the error,
/// and neither report has a streaming error.
#[test]
fn a_0_3_stream_ending_with_an_error_response_passes_both() {
    let (_agent, url) = misbehave_in("misbehave43.py", "sse-event-error");
    let dir = tempfile::tempdir().unwrap();
    let run = probe_and_verify(&url, dir.path());
    for test in ["streaming.terminal", "streaming.follow-up"] {
        let rs = results(&run.probe, test);
        assert!(!rs.is_empty(), "no {test} result");
        for (scoped, status, message) in rs {
            assert_eq!(status, "pass", "{scoped}: {message}");
            assert!(message.contains("-32603"), "{scoped}: {message}");
        }
    }
    for rule in ["STREAM-END-002", "STREAM-END-005"] {
        assert!(!errors(&run.probe).contains(rule), "probe: {rule}");
        assert!(!errors(&run.verify).contains(rule), "verify: {rule}");
    }
    streaming_failures_are_findings(&run);
}

/// `streaming.follow-up` and `streaming.resubscribe` read their streams as the message
/// stream's checks do: on an agent whose every stream event lacks the taskId, both fail by
/// the verifier's ID-EVENT-001 on their own exchanges (they failed by their own assertion).
#[test]
fn follow_up_and_resubscribe_streams_fail_by_the_verifiers_finding() {
    let (_agent, url) = misbehave_in("misbehave.py", "event-no-taskid");
    let dir = tempfile::tempdir().unwrap();
    let run = probe_and_verify(&url, dir.path());
    for test in ["streaming.follow-up", "streaming.resubscribe"] {
        let rs = results(&run.probe, test);
        assert!(!rs.is_empty(), "no {test} result");
        let (scoped, status, message) = rs[0];
        assert_eq!(status, "fail", "{scoped}: {message}");
        assert_eq!(
            failed_by(message),
            Some("ID-EVENT-001"),
            "{scoped}: {message}"
        );
    }
    streaming_failures_are_findings(&run);
}

/// A correct agent: no streaming test fails, in any scope, and neither report has an error.
fn correct_agent_streams_pass_both(url: &str) {
    let dir = tempfile::tempdir().unwrap();
    let run = probe_and_verify(url, dir.path());
    let mut seen = 0;
    for test in STREAM_CHECKS
        .iter()
        .chain(&["streaming.follow-up", "streaming.resubscribe"])
    {
        for (scoped, status, message) in results(&run.probe, test) {
            seen += 1;
            assert_ne!(status, "fail", "{scoped}: {message}");
        }
    }
    assert!(seen > 0, "{:#}", run.probe["results"]);
    assert!(errors(&run.probe).is_empty(), "{:?}", errors(&run.probe));
    assert!(errors(&run.verify).is_empty(), "{:?}", errors(&run.verify));
}

#[test]
fn the_reference_agent_passes_the_streaming_tests_both_ways() {
    let (_agent, url) = reference_agent();
    correct_agent_streams_pass_both(&url);
}

#[test]
fn misbehaves_legal_stream_controls_pass_the_streaming_tests_both_ways() {
    for (script, mode) in [
        ("misbehave.py", "control-03"),
        ("misbehave.py", "control-10"),
        ("misbehave.py", "sse-split-midline"),
        ("misbehave43.py", "v10-close-input-required"),
        ("misbehave43.py", "rest-control"),
    ] {
        let (_agent, url) = misbehave_in(script, mode);
        let dir = tempfile::tempdir().unwrap();
        let run = probe_and_verify(&url, dir.path());
        for test in STREAM_CHECKS
            .iter()
            .chain(&["streaming.follow-up", "streaming.resubscribe"])
        {
            for (scoped, status, message) in results(&run.probe, test) {
                assert_ne!(status, "fail", "{mode}: {scoped}: {message}");
            }
        }
    }
}

/// An SDK agent: every streaming test, in every scope, passes, skips, or fails by a
/// verifier rule that `verify` of the recording reports on the same exchanges (active and
/// passive agree on a real agent, whatever its known faults).
fn sdk_agent_streams_agree(url: &str) {
    let dir = tempfile::tempdir().unwrap();
    let run = probe_and_verify(url, dir.path());
    let seen = run.probe["results"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|r| r["test"].as_str().unwrap().starts_with("streaming."))
        .count();
    assert!(seen > 0, "{:#}", run.probe["results"]);
    streaming_failures_are_findings(&run);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_python_sdk_agent_agrees_both_ways_on_the_streaming_tests() {
    with_sdk_agent(
        "the_python_sdk_agent_agrees_both_ways_on_the_streaming_tests",
        harness::Sdk::Python,
        |url| sdk_agent_streams_agree(&url),
    )
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_js_sdk_agent_agrees_both_ways_on_the_streaming_tests() {
    with_sdk_agent(
        "the_js_sdk_agent_agrees_both_ways_on_the_streaming_tests",
        harness::Sdk::Js,
        |url| sdk_agent_streams_agree(&url),
    )
    .await;
}

/// A tests/broken agent that breaks `brk` (`secured`: the card declares a bearer scheme and,
/// unless the break says otherwise, enforces it), probed with `extra` flags: the probe's
/// `test` fails by the verifier's `rule` and `verify` of the recording reports `rule` on the
/// same exchanges; every other push and auth test passes or skips.
async fn broken_agrees(brk: Break, secured: bool, extra: &[&str], test: &str, rule: &str) {
    let agent = broken::start(brk, secured).await;
    let url = agent.url();
    let extra: Vec<String> = extra.iter().map(|s| s.to_string()).collect();
    let run = tokio::task::spawn_blocking(move || {
        let dir = tempfile::tempdir().unwrap();
        let extra: Vec<&str> = extra.iter().map(String::as_str).collect();
        probe_and_verify_with(&url, dir.path(), &extra)
    })
    .await
    .unwrap();
    let rs = results(&run.probe, test);
    assert!(
        !rs.is_empty(),
        "no {test} result: {:#}",
        run.probe["results"]
    );
    let (scoped, status, message) = rs[0];
    assert_eq!(status, "fail", "{scoped}: {message}");
    assert_eq!(
        failed_by(message),
        Some(rule),
        "{scoped} failed, but not by the verifier's {rule}: {message}"
    );
    for r in run.probe["results"].as_array().unwrap() {
        let t = r["test"].as_str().unwrap();
        if (t.starts_with("push.") || t.starts_with("auth.")) && !t.starts_with(test) {
            assert_ne!(r["status"], "fail", "{r}");
        }
    }
    assert!(
        errors(&run.verify).contains(rule),
        "verify: {:?}",
        errors(&run.verify)
    );
    let online = exchanges_of(&run.probe, rule);
    assert!(!online.is_empty());
    assert_eq!(online, exchanges_of(&run.verify, rule));
}

/// The list of a task's configs leaves out the config just created: the probe failed
/// `push.list-configs` by its own reading; now by PUSH-CFG-006 in both.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_push_config_list_without_the_created_config_fails_both_by_push_cfg_006() {
    broken_agrees(
        Break::PushListEmpty,
        false,
        &[],
        "push.list-configs",
        "PUSH-CFG-006",
    )
    .await;
}

/// A Get after the delete still returns the config: PUSH-CFG-004 in both.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_push_config_read_back_after_its_delete_fails_both_by_push_cfg_004() {
    broken_agrees(
        Break::PushDeleteIgnored,
        false,
        &[],
        "push.get-after-delete",
        "PUSH-CFG-004",
    )
    .await;
}

/// The notification reaches the probe's webhook without the config's credentials: the
/// delivery is recorded on the webhook leg, mapped to the `push.notifications` group of the
/// config's scope, and PUSH-AUTH-001 there fails `push.token` (the check that owns it), as
/// `verify` of the recording says.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_notification_without_the_configured_credentials_fails_push_token_by_push_auth_001() {
    broken_agrees(
        Break::PushWithoutToken,
        false,
        &[],
        "push.token",
        "PUSH-AUTH-001",
    )
    .await;
}

/// The card declares a bearer scheme and the agent serves calls without credentials:
/// `auth.rejects-anonymous` fails by AUTH-OPEN-001 on its anonymous calls, in both.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_task_call_served_without_credentials_fails_both_by_auth_open_001() {
    broken_agrees(
        Break::NoAuthEnforcement,
        false,
        &["--bearer", broken::TOKEN],
        "auth.rejects-anonymous",
        "AUTH-OPEN-001",
    )
    .await;
}

/// The token is checked on sends only: the anonymous send is refused 401, the anonymous
/// GetTask and CancelTask of the lifecycle task are served: AUTH-OPEN-001 in both.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn task_reads_served_without_credentials_fail_both_by_auth_open_001() {
    broken_agrees(
        Break::AuthOnSendOnly,
        true,
        &["--bearer", broken::TOKEN],
        "auth.rejects-anonymous",
        "AUTH-OPEN-001",
    )
    .await;
}

/// Controls: an agent serving push right (tests/broken `PushListEmpty`'s sibling with every
/// method honoured is the reference agent, push declared) and one enforcing its scheme on
/// every call pass the push and auth tests both ways.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_agent_enforcing_its_scheme_passes_the_auth_tests_both_ways() {
    let agent = broken::start(Break::Nothing, true).await;
    let url = agent.url();
    let run = tokio::task::spawn_blocking(move || {
        let dir = tempfile::tempdir().unwrap();
        probe_and_verify_with(&url, dir.path(), &["--bearer", broken::TOKEN])
    })
    .await
    .unwrap();
    for test in ["auth.rejects-anonymous", "auth.accepts-credentials"] {
        let rs = results(&run.probe, test);
        assert_eq!(rs.len(), 1, "{rs:?}");
        assert_eq!(rs[0].1, "pass", "{rs:?}");
    }
    assert!(!errors(&run.verify).contains("AUTH-OPEN-001"));
}

#[test]
fn the_reference_agent_passes_the_push_tests_both_ways() {
    let (_agent, url) = reference_agent();
    let dir = tempfile::tempdir().unwrap();
    let run = probe_and_verify(&url, dir.path());
    let mut passed = 0;
    for r in run.probe["results"].as_array().unwrap() {
        if r["test"].as_str().unwrap().starts_with("push.") {
            assert_ne!(r["status"], "fail", "{r}");
            passed += usize::from(r["status"] == "pass");
        }
    }
    assert!(passed > 0, "{:#}", run.probe["results"]);
    assert!(errors(&run.verify).is_empty(), "{:?}", errors(&run.verify));
}

/// The probe's malformed HTTP+JSON send (body not JSON, marked `A2A-Interop-Probe:
/// negative-test`) answered HTTP 422 with a FastAPI-style body: the probe failed
/// `errors.parse-error [1.0 http+json]` alone (passively the verifier judged only 500 and
/// 2xx); on the marked request the verifier judges every status but 400 (ERR-001, ERR-006),
/// so both say REST-ERROR-001 on that exchange. `rest-control` answers 400
/// INVALID_ARGUMENT: the test passes both ways.
#[test]
fn a_malformed_http_json_send_answered_422_fails_parse_error_by_rest_error_001() {
    let (_agent, url) = misbehave_in("misbehave43.py", "rest-parse-error-422");
    let dir = tempfile::tempdir().unwrap();
    let run = probe_and_verify(&url, dir.path());
    let rs = results(&run.probe, "errors.parse-error");
    let (scoped, status, message) = rs
        .iter()
        .copied()
        .find(|r| r.0.contains("http+json"))
        .expect("an HTTP+JSON errors.parse-error");
    assert_eq!(status, "fail", "{scoped}: {message}");
    assert_eq!(failed_by(message), Some("REST-ERROR-001"), "{message}");
    let online = exchanges_of(&run.probe, "REST-ERROR-001");
    assert!(!online.is_empty());
    assert_eq!(online, exchanges_of(&run.verify, "REST-ERROR-001"));
    let tagged = agree::marked(&run.events, "A2A-Interop-Probe", "negative-test");
    assert!(
        online.iter().all(|x| tagged.contains(x)),
        "{online:?} {tagged:?}"
    );

    let (_agent, url) = misbehave_in("misbehave43.py", "rest-control");
    let dir = tempfile::tempdir().unwrap();
    let run = probe_and_verify(&url, dir.path());
    for (scoped, status, message) in results(&run.probe, "errors.parse-error") {
        assert_eq!(status, "pass", "{scoped}: {message}");
    }
    assert!(!errors(&run.verify).contains("REST-ERROR-001"));
}

//! The prober against deliberately broken agents (`tests/broken/`): each breaks one rule, and
//! exactly the test for that rule fails, with the right message.

use crate::broken;
use crate::common;

use std::time::Duration;

use a2a_interop::app::probe_cmd;
use a2a_interop::cli::{Cli, Command};
use a2a_interop::probe::{
    self, conformance_level, ConformanceLevel, ProbeConfig, ProbeReport, Status, Transport,
    TransportConfig,
};
use a2a_interop::verify::{Finding, Severity};
use broken::Break;
use clap::Parser;

/// Runs the probe command line `argv` against the agent at `url` through the recording
/// pipeline, as `a2a-interop probe` does (the temporary recording is removed): the results
/// and the verifier's findings on the probe's own traffic.
async fn probe_argv<I, T>(argv: I, url: &str) -> (ProbeReport, Vec<Finding>)
where
    I: IntoIterator<Item = T>,
    T: Into<std::ffi::OsString> + Clone,
{
    let Command::Probe(args) = Cli::parse_from(argv).command else {
        unreachable!("parsed a probe command")
    };
    let cfg = probe_cmd::config_from(&args).unwrap();
    let base = url::Url::parse(url).unwrap();
    let run = probe_cmd::probe_through_pipeline(&args, &cfg, base)
        .await
        .unwrap();
    if let Some(tmp) = &run.temp_recording {
        let _ = std::fs::remove_file(tmp);
    }
    (run.report, run.outcome.verify.findings)
}

/// Runs `a2a-interop probe URL --timeout TIMEOUT [--bearer BEARER]` against the started
/// `agent` through the recording pipeline ([`probe_argv`]): the results and the verifier's
/// findings on the probe's own traffic.
async fn probe_agent(
    agent: &broken::Agent,
    timeout: &str,
    bearer: Option<&str>,
) -> (ProbeReport, Vec<Finding>) {
    let mut argv = vec![
        "a2a-interop".to_string(),
        "probe".into(),
        agent.url(),
        "--timeout".into(),
        timeout.into(),
    ];
    if let Some(b) = bearer {
        argv.extend(["--bearer".to_string(), b.to_string()]);
    }
    probe_argv(argv, &agent.url()).await
}

/// Probes a broken agent through the recording pipeline, as `a2a-interop probe` does.
/// Returns the results and the verifier's findings on the probe's own traffic.
async fn probe_run(brk: Break, secured: bool, bearer: Option<&str>) -> (ProbeReport, Vec<Finding>) {
    let agent = broken::start(brk, secured).await;
    probe_agent(&agent, "10s", bearer).await
}

/// Rule IDs of the warning and error findings, sorted, deduplicated.
fn serious(findings: &[Finding]) -> Vec<String> {
    let mut v: Vec<String> = findings
        .iter()
        .filter(|f| f.severity >= Severity::Warning)
        .map(|f| f.rule.clone())
        .collect();
    v.sort();
    v.dedup();
    v
}

/// The verifier found `rule` (the serious rules it found, when not).
fn assert_has_finding(findings: &[Finding], rule: &str) {
    assert!(
        findings.iter().any(|f| f.rule == rule),
        "{:?}",
        serious(findings)
    );
}

/// `test` failed on JSON-RPC and on HTTP+JSON, and nothing else failed.
fn assert_failed_in_both_bindings(r: &ProbeReport, test: &str) {
    let failed: Vec<(String, Option<String>)> = r
        .failures()
        .iter()
        .map(|f| (f.test.clone(), f.binding.clone()))
        .collect();
    assert_eq!(
        failed,
        vec![
            (test.to_string(), None),
            (test.to_string(), Some("http+json".to_string())),
        ]
    );
}

/// A clean run: no test failed and the verifier found nothing of warning severity or worse
/// in the probe's traffic.
#[track_caller]
fn assert_clean(r: &ProbeReport, findings: &[Finding]) {
    assert!(r.failures().is_empty(), "{:#?}", r.failures());
    assert_eq!(serious(findings), Vec::<String>::new(), "{findings:#?}");
}

/// The tests of fix18r (DIGEST ID-008, DATA-007, STREAM-004, PUSH-001) that a conformant
/// agent without push and required extensions passes on each interface.
const NEW_TESTS: [&str; 4] = [
    "lifecycle.context-continuation",
    "lifecycle.list-tasks",
    "streaming.resubscribe",
    "errors.push-not-supported",
];

/// Exactly one failure, `test`, whose message contains `needle`.
fn assert_single_failure(r: &ProbeReport, test: &str, needle: &str) {
    let f = r.failures();
    let names: Vec<String> = f
        .iter()
        .map(|x| format!("{}: {}", x.test, x.message))
        .collect();
    assert_eq!(f.len(), 1, "failures: {names:#?}");
    assert_eq!(f[0].test, test, "failures: {names:#?}");
    assert!(
        f[0].message.contains(needle),
        "message {:?} lacks {needle:?}",
        f[0].message
    );
}

fn status(r: &ProbeReport, test: &str) -> Status {
    let dialect_free = (test.starts_with("card.") && test != "card.interface-url")
        || test.starts_with("auth.")
        || test == "errors.no-5xx";
    let d = if dialect_free { None } else { Some("1.0") };
    r.result(test, d)
        .unwrap_or_else(|| panic!("no result {test}"))
        .status
}

#[tokio::test]
async fn conformant_agent_passes_everything() {
    let (r, findings) = probe_run(Break::Nothing, false, None).await;
    assert_clean(&r, &findings);
    assert_eq!(r.dialects, vec!["1.0".to_string()]);
    let card = [
        "card.reachable",
        "card.public",
        "card.required-fields",
        "card.skills",
        "card.capabilities",
        "card.interfaces",
    ];
    let more = [
        "errors.subscribe-terminal",
        "errors.unsupported-version",
        "errors.no-5xx",
    ]
    .into_iter()
    .chain(NEW_TESTS);
    let all = card
        .into_iter()
        .chain(common::TARGET_TESTS)
        .chain(common::JSONRPC_ONLY_TESTS)
        .chain(more);
    for t in all {
        assert_eq!(status(&r, t), Status::Pass, "{t}");
    }
    assert_eq!(status(&r, "auth.rejects-anonymous"), Status::Skip);
    assert_eq!(status(&r, "card.security-schemes"), Status::Skip);
    let ext = r.result("errors.extension-required", Some("1.0")).unwrap();
    assert_eq!(
        (ext.status, ext.message.as_str()),
        (
            Status::Skip,
            "card requires no extension (capabilities.extensions[].required)"
        )
    );
    assert_eq!(
        conformance_level(&r.results, &findings),
        ConformanceLevel::Full
    );
    // warm-up + card 2, unknown task 1, send 1, get 1, history 2, cancel-completed 1,
    // message-to-terminal 1, subscribe-terminal 1, cancel 2, input 2, stream 1, error
    // cases 5, streaming follow-up 2, context continuation 1, list tasks 5 (context,
    // get, status, two pages), resubscribe 3 (send, subscribe, cancel), push config 1:
    // no retries, no extras
    assert_eq!(r.requests, 32);
}

#[tokio::test]
async fn wrong_advertised_url_fails_interface_url_only() {
    let (r, findings) = probe_run(Break::WrongUrl, false, None).await;
    assert_single_failure(&r, "card.interface-url", "/wrong/rpc answered HTTP 404");
    assert_eq!(status(&r, "lifecycle.send"), Status::Skip);
    // The verifier says the same of the probe's own traffic (CARD-005): the prober reads
    // the card through its own rewriting proxy, which a probe's findings never name
    // (docs/topologies.md; newcomer60): the URL shown is the agent's own.
    assert_eq!(
        serious(&findings),
        vec!["CARD-URL-002".to_string()],
        "{findings:#?}"
    );
    let f = findings
        .iter()
        .find(|f| f.rule == "CARD-URL-002")
        .expect("CARD-URL-002 finding");
    assert!(
        f.message
            .contains("advertised interface url http://127.0.0.1:")
            && !f.message.contains("rewritten from")
            && f.message
                .ends_with("/wrong/rpc answered HTTP 404 when used"),
        "{}",
        f.message
    );
    // Tied to both exchanges: the card (at the advertised URL's pointer) and the 404.
    assert_eq!(f.evidence.len(), 2, "{f:#?}");
    assert!(
        f.evidence[0]
            .pointer
            .as_deref()
            .is_some_and(|p| p.ends_with("/url")),
        "{f:#?}"
    );
    assert!(f.evidence[0].exchange.is_some() && f.evidence[1].exchange.is_some());
    assert_ne!(f.evidence[0].exchange, f.evidence[1].exchange, "{f:#?}");
    assert!(
        !findings.iter().any(|f| f.rule == "CARD-URL-005"),
        "{findings:#?}"
    );
    assert_eq!(
        conformance_level(&r.results, &findings),
        ConformanceLevel::NonConformant
    );
}

#[tokio::test]
async fn internal_error_for_parse_error_fails_parse_error_only() {
    let (r, findings) = probe_run(Break::ParseErrorIsInternal, false, None).await;
    assert_single_failure(
        &r,
        "errors.parse-error",
        // the verdict is the verifier's (interop41): its finding named in the message
        "answered error -32603",
    );
    let f = r.failures();
    assert_eq!(
        f[0].failed_by.as_deref(),
        Some("RPC-ERROR-001"),
        "{}",
        f[0].message
    );
    // the verifier says the same of the probe's own traffic
    assert_eq!(serious(&findings), vec!["RPC-ERROR-001".to_string()]);
    assert_eq!(
        conformance_level(&r.results, &findings),
        ConformanceLevel::Minimal
    );
}

#[tokio::test]
async fn cancel_of_completed_task_succeeding_fails_cancel_completed_only() {
    let (r, findings) = probe_run(Break::CancelCompletedSucceeds, false, None).await;
    assert_single_failure(&r, "errors.cancel-completed", "cancel of completed task");
    assert_eq!(serious(&findings), vec!["TASK-STATE-003".to_string()]);
}

#[tokio::test]
async fn events_after_terminal_fail_nothing_after_terminal_only() {
    let (r, findings) = probe_run(Break::EventsAfterTerminal, false, None).await;
    // the first stream and the streaming follow-up both carry the late event
    let failed: Vec<(String, String)> = r
        .failures()
        .iter()
        .map(|f| (f.test.clone(), f.message.clone()))
        .collect();
    assert_eq!(failed.len(), 2, "{failed:#?}");
    assert_eq!(failed[0].0, "streaming.nothing-after-terminal");
    assert!(failed[0].1.contains("1 events after the completed event 2"));
    assert_eq!(failed[1].0, "streaming.follow-up");
    // both by the verifier's STREAM-END-001 on their streams (session 44)
    for (_, m) in &failed {
        assert!(
            m.contains("1 events after the completed event 2")
                && m.contains("but the verifier found error[STREAM-END-001]"),
            "{m}"
        );
    }
    let rules = serious(&findings);
    assert!(rules.contains(&"STREAM-END-001".to_string()), "{rules:?}");
}

#[tokio::test]
async fn unenforced_bearer_scheme_fails_rejects_anonymous_only() {
    let (r, findings) = probe_run(Break::NoAuthEnforcement, false, Some(broken::TOKEN)).await;
    assert_single_failure(
        &r,
        "auth.rejects-anonymous",
        "was accepted (HTTP 200) though the card declares security",
    );
    assert_eq!(status(&r, "auth.accepts-credentials"), Status::Pass);
    assert_eq!(serious(&findings), vec!["AUTH-OPEN-001".to_string()]);
}

#[tokio::test]
async fn push_without_token_fails_the_token_test_only() {
    let (r, findings) = probe_run(Break::PushWithoutToken, false, None).await;
    assert_single_failure(
        &r,
        "push.token",
        "notification 1 of 1 carried no Authorization header; it must carry the configured authentication credentials (1.0 PUSH-004)",
    );
    for t in [
        "push.create-config",
        "push.get-config",
        "push.list-configs",
        "push.notifications",
        "push.delete-config",
        "push.get-after-delete",
    ] {
        assert_eq!(status(&r, t), Status::Pass, "{t}");
    }
    // the delivery was recorded on the webhook leg and the verifier saw it too
    let auth: Vec<&Finding> = findings
        .iter()
        .filter(|f| f.rule == "PUSH-AUTH-001")
        .collect();
    assert_eq!(auth.len(), 1, "{findings:#?}");
    assert_eq!(
        auth[0].leg.as_deref(),
        Some(probe::webhook::WEBHOOK_LEG),
        "{auth:#?}"
    );
    // the 1.0 config's authentication is what is missing, as the prober's push.token says
    assert!(
        auth[0].message.contains("without an Authorization header")
            && auth[0].message.contains("1.0 config"),
        "{auth:#?}"
    );
    assert_eq!(serious(&findings), vec!["PUSH-AUTH-001".to_string()]);
}

#[tokio::test]
async fn card_without_push_skips_the_push_tests_with_a_reason() {
    let (r, _) = probe_run(Break::Nothing, false, None).await;
    for t in probe::plan::PUSH_TESTS {
        let got = r.result(t, Some("1.0")).expect(t);
        assert_eq!(got.status, Status::Skip, "{t}");
        assert_eq!(
            got.message, "card does not advertise capabilities.pushNotifications",
            "{t}"
        );
    }
}

#[tokio::test]
async fn enforced_bearer_scheme_passes_with_credentials() {
    let (r, findings) = probe_run(Break::Nothing, true, Some(broken::TOKEN)).await;
    assert_clean(&r, &findings);
    assert_eq!(status(&r, "auth.rejects-anonymous"), Status::Pass);
    assert_eq!(status(&r, "auth.accepts-credentials"), Status::Pass);
    assert_eq!(status(&r, "card.security-schemes"), Status::Pass);
}

#[tokio::test]
async fn secured_agent_without_credentials_skips_task_tests() {
    let (r, _) = probe_run(Break::Nothing, true, None).await;
    assert!(r.failures().is_empty(), "{:#?}", r.failures());
    assert_eq!(status(&r, "card.interface-url"), Status::Pass);
    assert_eq!(status(&r, "lifecycle.send"), Status::Skip);
    assert_eq!(status(&r, "auth.accepts-credentials"), Status::Skip);
}

/// A probe of a well-behaved agent with a request budget of `max_requests`, over the direct
/// transport (no pipeline): the budget lives in the transport either way.
async fn probe_with_budget(max_requests: u32) -> probe::ProbeReport {
    let agent = broken::start(Break::Nothing, false).await;
    let t = Transport::new(TransportConfig {
        base: url::Url::parse(&agent.url()).unwrap(),
        via: None,
        allow_hosts: vec![],
        max_requests,
    });
    let cfg = ProbeConfig {
        auth_headers: vec![],
        skill: None,
        timeout: Duration::from_secs(10),
        dialect: None,
        binding: None,
        webhook: None,
        pairing: None,
    };
    probe::run(&cfg, &t).await
}

#[tokio::test]
async fn request_budget_is_never_exceeded() {
    let r = probe_with_budget(5).await;
    assert_eq!(r.requests, 5);
    assert!(r
        .results
        .iter()
        .any(|x| x.status == Status::Skip && x.message.contains("--max-requests")));
}

#[tokio::test]
async fn a_spent_budget_skips_tests_and_never_fails_the_agent() {
    // Budget 2 = the two card fetches: the interface check has no request left. That is the
    // prober's own limit, so it is a skip with the reason, not a failure of the agent.
    let r = probe_with_budget(2).await;
    assert_eq!(r.requests, 2);
    assert!(r.failures().is_empty(), "{:#?}", r.failures());
    assert_eq!(status(&r, "card.interface-url"), Status::Skip);
    assert!(r
        .results
        .iter()
        .any(|x| x.test.starts_with("card.interface-url") && x.message.contains("--max-requests")));
}

#[tokio::test]
async fn card_url_on_another_host_is_refused_not_followed() {
    let (r, findings) = probe_run(Break::ForeignHost, false, None).await;
    // the probe's own guard refusing every interface is the run's policy, not the agent's
    // fault (breaker8 G16): a usage error (exit 2) naming --allow-host, no failed test
    let usage = r.usage_error.clone().unwrap_or_default();
    assert!(
        usage.starts_with("the probe does not call the hosts the card's interfaces name: refused http://169.254.169.254/rpc: host 169.254.169.254 is not the probed host 127.0.0.1")
            && usage.ends_with("hint: the card names another host than the one you probed: if clients cannot reach that host (an internal address behind a reverse proxy), the card is wrong and should name the public URL (CARD-005: each interface declares its real URL); to call it anyway, add --allow-host for the card's host"),
        "{usage}"
    );
    assert!(r.failures().is_empty(), "{:#?}", r.failures());
    assert!(r.results.iter().all(|x| !x.test.starts_with("lifecycle.")));
    // nothing was sent there: only the two card fetches went out
    assert_eq!(r.requests, 2);
    assert!(
        findings.iter().all(|f| f.severity < Severity::Error),
        "{findings:#?}"
    );
}

/// Probes an agent that also serves the 1.0 HTTP+JSON binding, through the pipeline.
async fn probe_rest(brk: Break) -> (ProbeReport, Vec<Finding>) {
    let agent = broken::start_with(brk, false, true).await;
    probe_agent(&agent, "10s", None).await
}

#[tokio::test]
async fn http_json_binding_passes_like_json_rpc() {
    let (r, findings) = probe_rest(Break::Nothing).await;
    assert_clean(&r, &findings);
    let rest = |t: &str| {
        r.result_in(t, Some("1.0"), Some("http+json"))
            .unwrap_or_else(|| panic!("no http+json result {t}"))
            .clone()
    };
    let all = common::TARGET_TESTS
        .into_iter()
        .chain(["errors.unsupported-version"])
        .chain(NEW_TESTS);
    for t in all {
        assert_eq!(rest(t).status, Status::Pass, "{t}: {}", rest(t).message);
    }
    assert_eq!(rest("errors.unknown-method").status, Status::Skip);
    assert_eq!(
        rest("streaming.envelope").message,
        "3 events, each a bare StreamResponse"
    );
    // TASK-004 on HTTP+JSON too (breaker43: skipped before as "verb disputed")
    let sub = rest("errors.subscribe-terminal");
    assert_eq!(sub.status, Status::Pass, "{}", sub.message);
    assert_eq!(
        conformance_level(&r.results, &findings),
        ConformanceLevel::Full
    );
}

#[tokio::test]
async fn a_break_shows_in_both_bindings() {
    let (r, _) = probe_rest(Break::CancelCompletedSucceeds).await;
    assert_failed_in_both_bindings(&r, "errors.cancel-completed");
}

#[tokio::test]
async fn endless_body_is_cut_at_the_cap_not_buffered_forever() {
    use a2a_interop::probe::transport::{ProbeRequest, MAX_BODY_BYTES};
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    // a real server that answers with a close-delimited body that never ends
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let server = tokio::spawn(async move {
        let (mut s, _) = listener.accept().await.unwrap();
        let mut head = [0u8; 1024];
        let _ = s.read(&mut head).await;
        let _ = s
            .write_all(
                b"HTTP/1.1 200 OK\r\ncontent-type: text/event-stream\r\nconnection: close\r\n\r\n",
            )
            .await;
        let chunk = vec![b'x'; 64 * 1024];
        while s.write_all(&chunk).await.is_ok() {}
    });
    let t = Transport::new(TransportConfig {
        base: url::Url::parse(&format!("http://{addr}/")).unwrap(),
        via: None,
        allow_hosts: vec![],
        max_requests: 1,
    });
    let req = ProbeRequest {
        method: http::Method::GET,
        url: url::Url::parse(&format!("http://{addr}/stream")).unwrap(),
        headers: vec![],
        body: None,
    };
    let resp = t.send(req, Duration::from_secs(30)).await.unwrap();
    assert_eq!(resp.status, 200);
    assert!(!resp.complete);
    assert_eq!(resp.body.len(), MAX_BODY_BYTES);
    server.abort();
}

/// A test's verdict includes the verifier's error findings on its own exchanges: a REST
/// parse error answered 400 with a JSON-RPC-style body passes the probe's own check (an
/// error code came) but breaks REST-ERROR-001 on that exchange, so the test fails and
/// names the finding; its JSON-RPC twin passes.
#[tokio::test]
async fn an_error_finding_on_a_tests_exchange_fails_that_test() {
    let (r, findings) = probe_rest(Break::RestParseErrorAsJsonRpc).await;
    assert!(
        findings.iter().any(|f| f.rule == "REST-ERROR-001"),
        "{findings:#?}"
    );
    let rest = r
        .result_in("errors.parse-error", Some("1.0"), Some("http+json"))
        .expect("rest parse-error result");
    assert_eq!(rest.status, Status::Fail, "{}", rest.message);
    assert!(
        rest.message.starts_with("answered error -32602")
            && rest
                .message
                .contains("verifier found error[REST-ERROR-001] on its exchange e"),
        "{}",
        rest.message
    );
    let rpc = r
        .result("errors.parse-error", Some("1.0"))
        .expect("json-rpc parse-error result");
    assert_eq!(rpc.status, Status::Pass, "{}", rpc.message);
    // nothing else turned: the only failure is the REST parse error
    let failed: Vec<String> = r.failures().iter().map(|f| f.scoped()).collect();
    assert_eq!(failed, vec!["errors.parse-error [1.0 http+json]"]);
}

/// breaker15b R4 (RFC 6585 §4, RFC 9110 §10.2.3): a rate limiter's HTTP 429 +
/// `Retry-After: 1` (body: JSON-RPC -32603 "rate limited") is retried after the delay, so
/// a conformant agent behind it passes everything; no RPC-ERROR-001 on the 429s.
#[tokio::test]
async fn rate_limited_answers_are_retried_not_judged() {
    let (r, findings) = probe_run(Break::RateLimited, false, None).await;
    assert_clean(&r, &findings);
    let limited: Vec<&str> = r
        .results
        .iter()
        .filter(|x| x.message.contains("rate-limited"))
        .map(|x| x.test.as_str())
        .collect();
    assert_eq!(limited, Vec::<&str>::new(), "one retry suffices");
    assert_eq!(status(&r, "lifecycle.send"), Status::Pass);
    assert_eq!(status(&r, "errors.cancel-completed"), Status::Pass);
}

/// breaker15b R4: an agent that answers every call 503 + `Retry-After: 120`, longer than
/// `--timeout`: the calls are not retried, their tests are skipped as rate-limited (no
/// verdict on A2A behaviour, no failure, no errors.no-5xx failure for a "come back later").
#[tokio::test]
async fn rate_limit_longer_than_the_timeout_skips_with_the_wire_words() {
    let (r, findings) = probe_run(Break::Overloaded, false, None).await;
    assert_clean(&r, &findings);
    let send = r
        .result("lifecycle.send", Some("1.0"))
        .expect("lifecycle.send");
    assert_eq!(send.status, Status::Skip, "{}", send.message);
    assert_eq!(
        send.message,
        "rate-limited: the agent answered HTTP 503 Service Unavailable (Retry-After: 120), asking to wait 120 s, longer than --timeout 10 s; not retried"
    );
    assert_ne!(status(&r, "errors.no-5xx"), Status::Fail);
}

/// breaker15b R7 (AUTH-002, AUTH-006): the card requires a bearer token, the agent checks
/// it on SendMessage only: GetTask and CancelTask of the probe's own task without
/// credentials succeed, and auth.rejects-anonymous fails naming both calls (the verifier's
/// AUTH-OPEN-001 on the open GetTask).
#[tokio::test]
async fn get_and_cancel_open_to_anonymous_callers_fail_rejects_anonymous() {
    let (r, findings) = probe_run(Break::AuthOnSendOnly, true, Some(broken::TOKEN)).await;
    assert_single_failure(&r, "auth.rejects-anonymous", "GetTask of existing task");
    let m = &r
        .result("auth.rejects-anonymous", None)
        .expect("auth")
        .message;
    assert!(
        m.contains("without credentials succeeded (HTTP 200, returned the task)"),
        "{m}"
    );
    assert!(m.contains("CancelTask of existing task"), "{m}");
    assert!(
        m.contains("anyone who learns a task id can read and cancel it"),
        "{m}"
    );
    assert_eq!(serious(&findings), vec!["AUTH-OPEN-001".to_string()]);
}

/// Control for R7: an agent that checks the token on every call passes
/// auth.rejects-anonymous, and the message lists the anonymous GetTask and CancelTask of
/// the existing task with their HTTP 401.
#[tokio::test]
async fn enforced_scheme_on_every_call_lists_the_refused_task_calls() {
    let (r, _) = probe_run(Break::Nothing, true, Some(broken::TOKEN)).await;
    let a = r.result("auth.rejects-anonymous", None).expect("auth");
    assert_eq!(a.status, Status::Pass, "{}", a.message);
    assert!(
        a.message.contains(
            "without credentials: GetTask answered HTTP 401, CancelTask answered HTTP 401"
        ),
        "{}",
        a.message
    );
}

/// The 1.0 `lifecycle.cancel` result of a probe of a broken agent with `--timeout 2s`
/// (agents that keep tasks working).
async fn lifecycle_cancel(brk: Break) -> probe::ProbeResult {
    let agent = broken::start(brk, false).await;
    let (r, _) = probe_agent(&agent, "2s", None).await;
    r.result("lifecycle.cancel", Some("1.0"))
        .expect("lifecycle.cancel")
        .clone()
}

/// breaker15b R8 (TASK-003): no skill looks long-running, but the lifecycle task stays
/// working: lifecycle.cancel cancels that task, and a CancelTask that never answers fails
/// the check naming the call, the task's state and the timeout.
#[tokio::test]
async fn hanging_cancel_of_a_task_seen_working_fails_lifecycle_cancel() {
    let c = lifecycle_cancel(Break::StuckWorkingCancelHangs).await;
    assert_eq!(c.status, Status::Fail, "{}", c.message);
    assert!(
        c.message.starts_with("CancelTask of working task ")
            && c.message.ends_with(
                "(the lifecycle task, still working when polling stopped) got no answer: no response within 2000 ms (--timeout)"
            ),
        "{}",
        c.message
    );
}

/// Control for R8: the same stuck task with a CancelTask that works passes lifecycle.cancel.
#[tokio::test]
async fn cancel_of_a_task_seen_working_passes_when_cancel_works() {
    let c = lifecycle_cancel(Break::StuckWorking).await;
    assert_eq!(c.status, Status::Pass, "{}", c.message);
    assert!(
        c.message
            .ends_with("canceled (the lifecycle task, still working when polling stopped)"),
        "{}",
        c.message
    );
}

/// The `card.interface-url` results of dialect 1.0 over JSON-RPC, in run order.
fn interface_urls(r: &ProbeReport) -> Vec<(Status, String)> {
    r.results
        .iter()
        .filter(|x| {
            x.test == "card.interface-url"
                && x.dialect.as_deref() == Some("1.0")
                && x.binding.is_none()
        })
        .map(|x| (x.status, x.message.clone()))
        .collect()
}

/// breaker15b R9 (CARD-005): a second JSON-RPC 1.0 interface on the card is listed and
/// called once; its URL answering 404 fails its own card.interface-url, naming it.
#[tokio::test]
async fn dead_second_interface_of_the_same_binding_fails_its_url_check() {
    let agent = broken::start(Break::DeadSecondInterface, false).await;
    let (r, _) = probe_agent(&agent, "10s", None).await;
    let dead = format!("http://{}/v2", agent.addr);
    let list = r.result("card.interfaces", None).expect("card.interfaces");
    assert!(
        list.message.contains(&format!("JSON-RPC 1.0 at {dead}")),
        "{}",
        list.message
    );
    let urls = interface_urls(&r);
    assert_eq!(urls.len(), 2, "{urls:#?}");
    assert_eq!(urls[0].0, Status::Pass, "{urls:#?}");
    assert_eq!(
        urls[1],
        (
            Status::Fail,
            format!("another JSON-RPC 1.0 interface: advertised url {dead} answered HTTP 404 text/plain without an A2A body to an A2A request; a client that picks this interface fails")
        )
    );
}

/// Control for R9: a second interface that serves A2A passes its card.interface-url, and
/// the probe stays clean.
#[tokio::test]
async fn working_second_interface_passes_its_url_check() {
    let agent = broken::start(Break::SecondInterface, false).await;
    let (r, findings) = probe_agent(&agent, "10s", None).await;
    assert_clean(&r, &findings);
    let urls = interface_urls(&r);
    assert_eq!(urls.len(), 2, "{urls:#?}");
    assert_eq!(
        urls[1],
        (
            Status::Pass,
            format!(
                "another JSON-RPC 1.0 interface: advertised url http://{}/rpc2 answers JSON-RPC",
                agent.addr
            )
        )
    );
}

/// breaker15b R13 (STREAM-SHAPE-001, STREAM-003): a 1.0 stream written in the 0.3 shape,
/// and the check messages say the stream did reach completed and did carry an artifact
/// update, in the 0.3 shape only. Since session 44 the one fault fails the one check that
/// owns the verifier's STREAM-SHAPE-001, `streaming.envelope`; the end and the first event
/// as a 1.0 client reads them are said in passing checks (`verify` of the recording has no
/// STREAM-END-002 or STREAM-FIRST-001 either).
#[tokio::test]
async fn stream_in_the_03_shape_is_named_as_such_in_the_check_lines() {
    let (r, findings) = probe_run(Break::StreamIn03Shape, false, None).await;
    let msg = |t: &str| {
        let x = r.result(t, Some("1.0")).unwrap_or_else(|| panic!("no {t}"));
        (x.status, x.message.clone())
    };
    let unread = "a 1.0 client reads 3 of 3 events (0.3 `kind` objects, not the 1.0 StreamResponse members task, message, statusUpdate, artifactUpdate) as nothing";
    assert_eq!(
        msg("streaming.terminal"),
        (
            Status::Pass,
            format!("stream reached completed at event 2 and closed, but only in the 0.3 shape: {unread} and finds: stream closed without a terminal or interrupted state (the verifier's STREAM-END-002, STREAM-END-005 and STREAM-FINAL-001 judge it)")
        )
    );
    assert_eq!(
        msg("streaming.last-chunk"),
        (
            Status::Skip,
            format!("1 artifact updates, none after lastChunk, but only in the 0.3 shape: {unread} and finds: stream carried no artifact update")
        )
    );
    assert_eq!(msg("streaming.first-event").0, Status::Pass);
    let (status, envelope) = msg("streaming.envelope");
    assert_eq!(status, Status::Fail, "{envelope}");
    assert!(
        envelope.contains("but the verifier found error[STREAM-SHAPE-001]"),
        "{envelope}"
    );
    let serious = serious(&findings);
    assert!(
        serious.contains(&"STREAM-SHAPE-001".to_string()),
        "{findings:#?}"
    );
    for rule in ["STREAM-END-002", "STREAM-FIRST-001"] {
        assert!(
            !serious.contains(&rule.to_string()),
            "{rule}: {findings:#?}"
        );
    }
}

/// breaker15b R18 (CARD-005): the card names a URL where nothing listens: the check says
/// the connection was refused, in the transport's words, and the verifier's CARD-URL-002
/// says the same (no "answered no answer", no "the proxy answered for it").
#[tokio::test]
async fn card_url_where_nothing_listens_is_called_refused() {
    let (r, findings) = probe_run(Break::DeadPort, false, None).await;
    let c = r
        .result("card.interface-url", Some("1.0"))
        .expect("interface-url");
    assert_eq!(c.status, Status::Fail, "{}", c.message);
    assert!(
        c.message
            .contains(" could not be reached: the connection was refused, nothing listens there (")
            && c.message.contains("Connection refused"),
        "{}",
        c.message
    );
    let card_url = findings
        .iter()
        .find(|f| f.rule == "CARD-URL-002")
        .unwrap_or_else(|| panic!("no CARD-URL-002: {findings:#?}"));
    assert!(
        card_url
            .message
            .contains(" refused the connection, nothing listens there ("),
        "{}",
        card_url.message
    );
}

/// breaker17b V14 (CARD-007, AUTH-005): a card that declares the extended card gets it
/// fetched without credentials; an unsecured agent that serves it to anyone fails
/// card.extended by the verifier's AUTH-EXT-001 on that very call (the passive verdict
/// the probe used to miss), and nothing else fails.
#[tokio::test]
async fn extended_card_served_to_anyone_fails_card_extended() {
    let (r, findings) = probe_run(Break::ExtendedCard, false, None).await;
    assert_single_failure(
        &r,
        "card.extended",
        "anonymous GetExtendedAgentCard answered a card",
    );
    let f = r.result("card.extended", None).expect("card.extended");
    assert_eq!(f.failed_by.as_deref(), Some("AUTH-EXT-001"), "{f:?}");
    assert_eq!(serious(&findings), vec!["AUTH-EXT-001".to_string()]);
}

/// Control: the same agent secured with a bearer token refuses the anonymous call (401)
/// and answers the card to the probe's --bearer: card.extended passes, no finding.
#[tokio::test]
async fn extended_card_behind_the_token_passes_card_extended() {
    let (r, findings) = probe_run(Break::ExtendedCard, true, Some(broken::TOKEN)).await;
    assert_clean(&r, &findings);
    let f = r.result("card.extended", None).expect("card.extended");
    assert_eq!(f.status, Status::Pass, "{f:?}");
    assert_eq!(
        f.message,
        "anonymous GetExtendedAgentCard refused: HTTP 401 without an A2A body; with credentials it answered the card \"broken agent\""
    );
}

/// A card that declares no extended card: card.extended is skipped, no call is made.
#[tokio::test]
async fn no_extended_card_declared_skips_card_extended() {
    let (r, _) = probe_run(Break::Nothing, false, None).await;
    let f = r.result("card.extended", None).expect("card.extended");
    assert_eq!(f.status, Status::Skip);
}

/// breaker17b V14 (STREAM-003): an agent whose streaming follow-up to an input-required task
/// starts with a statusUpdate instead of the Task passes lifecycle.input-required (a
/// blocking follow-up) and fails streaming.follow-up, naming the first event.
#[tokio::test]
async fn streaming_follow_up_that_starts_with_a_status_update_fails() {
    let (r, findings) = probe_run(Break::FollowUpStreamStatusFirst, false, None).await;
    assert_single_failure(
        &r,
        "streaming.follow-up",
        "first event is neither a task nor a message",
    );
    let f = r
        .result("streaming.follow-up", Some("1.0"))
        .expect("follow-up");
    assert!(
        f.message
            .starts_with("streaming follow-up (SendStreamingMessage) to input-required task "),
        "{}",
        f.message
    );
    assert_eq!(status(&r, "lifecycle.input-required"), Status::Pass);
    assert_eq!(serious(&findings), vec!["STREAM-FIRST-001".to_string()]);
}

/// Control: the conformant agent resumes the task in the stream, its Task first.
#[tokio::test]
async fn streaming_follow_up_that_starts_with_the_task_passes() {
    let (r, _) = probe_run(Break::Nothing, false, None).await;
    let f = r
        .result("streaming.follow-up", Some("1.0"))
        .expect("follow-up");
    assert_eq!(f.status, Status::Pass, "{}", f.message);
    assert!(f.message.contains(": 3 events; "), "{}", f.message);
}

/// ID-008, ID-002: a message continuing the agent's own context gets a task in a new one.
#[tokio::test]
async fn a_new_context_for_a_continued_one_fails_context_continuation_only() {
    let (r, findings) = probe_run(Break::ContextNotKept, false, None).await;
    assert_single_failure(
        &r,
        "lifecycle.context-continuation",
        "the agent substituted another context (ID-002",
    );
    // the verifier says so too, on the same exchange
    assert_has_finding(&findings, "ID-CTX-002");
}

/// DATA-007: ListTasks ignores its contextId filter, on JSON-RPC and HTTP+JSON alike.
#[tokio::test]
async fn list_tasks_ignoring_the_context_filter_fails_list_tasks_only() {
    let (r, findings) = probe_rest(Break::ListIgnoresContext).await;
    assert_failed_in_both_bindings(&r, "lifecycle.list-tasks");
    for f in r.failures() {
        assert!(
            f.message.contains("listed tasks of other contexts"),
            "{}",
            f.message
        );
    }
    assert_has_finding(&findings, "DATA-LIST-003");
}

/// STREAM-004: a subscription to a working task must open with the Task.
#[tokio::test]
async fn subscription_opening_with_a_status_update_fails_resubscribe_only() {
    let (r, _) = probe_run(Break::SubscribeStatusFirst, false, None).await;
    assert_single_failure(
        &r,
        "streaming.resubscribe",
        "its first event is not the Task (STREAM-004",
    );
}

/// PUSH-001: push configs accepted by an agent whose card does not declare push.
#[tokio::test]
async fn push_config_accepted_without_the_capability_fails_push_not_supported_only() {
    let (r, findings) = probe_run(Break::PushAcceptedUndeclared, false, None).await;
    // the verdict is the verifier's finding on the exchange (interop42)
    assert_single_failure(&r, "errors.push-not-supported", "error[CAP-PUSH-001]");
    assert_has_finding(&findings, "CAP-PUSH-001");
}

/// EXT-002's control: the card requires an extension the agent enforces. The probe
/// activates it on every request (A2A-Extensions), so the lifecycle works, and the one
/// send without it is refused with -32008.
#[tokio::test]
async fn a_required_extension_is_activated_and_its_absence_refused() {
    let (r, findings) = probe_rest(Break::RequiredExtension).await;
    assert_clean(&r, &findings);
    for binding in [None, Some("http+json")] {
        for t in ["lifecycle.send", "errors.extension-required"] {
            let got = r.result_in(t, Some("1.0"), binding).unwrap();
            assert_eq!(got.status, Status::Pass, "{t} {binding:?}: {}", got.message);
        }
    }
    let m = &r
        .result("errors.extension-required", Some("1.0"))
        .unwrap()
        .message;
    assert!(m.contains("answered error -32008"), "{m}");
}

/// EXT-002: the card requires an extension, and a send without it is processed.
#[tokio::test]
async fn unenforced_required_extension_fails_extension_required_only() {
    let (r, findings) = probe_run(Break::ExtensionNotEnforced, false, None).await;
    // the verdict is the verifier's finding on the exchange (interop42)
    assert_single_failure(&r, "errors.extension-required", "error[CAP-EXT-001]");
    assert_has_finding(&findings, "CAP-EXT-001");
}

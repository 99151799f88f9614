/*!
The active prober (`a2a-interop probe URL`): discovers an agent exactly like a real client
(well-known Agent Card, then only the interface URLs the card advertises) and runs a test plan
over each interface the card offers (JSON-RPC, then HTTP+JSON; each highest dialect first):
card, lifecycle, streaming, error handling, push notifications, auth. Each test gives one [`ProbeResult`]; the
run ends in a [`ConformanceLevel`].

Every request goes through [`transport::Transport`], which can route it through the
in-process recording proxy so the probe's own traffic is recorded and verified like passive
traffic (DESIGN.md "Architecture"). The prober asserts protocol, never skill output: message
texts come from the card's skill `examples`.

```text
ProbeConfig ─► run(&cfg, &Transport) ─► card tests ─► per dialect: lifecycle, errors, streaming
                                        ─► auth (once) ─► ProbeReport { results, level }
```
*/

pub mod card;
pub mod dialect;
pub mod pairing;
pub mod plan;
pub mod transport;
pub mod webhook;

use std::time::Duration;

use serde::Serialize;

use crate::verify::{Category, Finding, Severity};

pub use dialect::Dialect;
pub use transport::{ProbeRequest, ProbeResponse, Relays, SendError, Transport, TransportConfig};
pub use webhook::{Webhook, WebhookReceiver};

/// Outcome of one probe test.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Status {
    Pass,
    Fail,
    Skip,
}

impl Status {
    /// `pass`, `fail` or `skip`.
    pub fn as_str(self) -> &'static str {
        match self {
            Status::Pass => "pass",
            Status::Fail => "fail",
            Status::Skip => "skip",
        }
    }
}

/// One test result, the `results[]` item of the JSON report (DESIGN.md "JSON report").
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ProbeResult {
    /// Stable test id, `<area>.<name>` (e.g. `lifecycle.send`, `errors.parse-error`).
    pub test: String,
    /// Dialect the test ran in (`"1.0"`, `"0.3"`), none for dialect-free tests.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub dialect: Option<String>,
    /// `"http+json"` for HTTP+JSON tests, `"grpc"` for gRPC tests; none for JSON-RPC and
    /// binding-free tests.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub binding: Option<String>,
    /// Report category (`agent-card`, `lifecycle`, `streaming`, `error-handling`, ...).
    pub category: Category,
    /// pass, fail or skip.
    pub status: Status,
    /// What was found (lowercase, no final period); for a skip, why.
    pub message: String,
    /// Wall time of the test in milliseconds.
    pub duration_ms: u64,
    /// Scoped name of the test group that pushed this result (the last test begun, whose
    /// requests carry it in [`transport::PROBE_TEST_HEADER`]); several results judged from
    /// the same requests (a stream's checks) share one. Not in reports.
    #[serde(skip)]
    pub owner: Option<String>,
    /// The verifier's rule that turned this result from pass to fail
    /// ([`merge_findings`]): the test's own checks passed. Such a failure is that finding's
    /// and counts for the exit status as findings do (`--fail-on`); a failure of the test's
    /// own checks makes the exit status 1 whatever `--fail-on` says. Not in reports.
    #[serde(skip)]
    pub failed_by: Option<String>,
}

/// A test's name with its scope, as reports show it: `lifecycle.send [1.0]`,
/// `errors.parse-error [0.3 http+json]`, or the bare name for dialect-free tests.
pub fn scoped_name(test: &str, dialect: Option<&str>, binding: Option<&str>) -> String {
    match (dialect, binding) {
        (Some(d), Some(b)) => format!("{test} [{d} {b}]"),
        (Some(d), None) => format!("{test} [{d}]"),
        (None, Some(b)) => format!("{test} [{b}]"),
        (None, None) => test.to_string(),
    }
}

impl ProbeResult {
    /// [`scoped_name`] of this result.
    pub fn scoped(&self) -> String {
        scoped_name(&self.test, self.dialect.as_deref(), self.binding.as_deref())
    }

    /// The test failed its own checks (not only by a verifier finding merged into it, see
    /// [`ProbeResult::failed_by`]): exit status 1 whatever `--fail-on` says (docs/usage.md "Exit
    /// codes").
    pub fn failed_own_checks(&self) -> bool {
        self.status == Status::Fail && self.failed_by.is_none() && !self.is_expectation()
    }

    /// The test failed only the probe's expectation of the agent, which no rule makes a
    /// requirement (its message starts with [`EXPECTATION`]; session 47): the agent did not
    /// do what the probe asked of it (a card served only with credentials, CARD-011; a
    /// skill that did not reach the state the probe drives it to; a 5xx answer, ERR-007).
    /// Such a failure lowers no conformance level ([`result_level`]) and sets no exit status
    /// of its own; a verifier finding merged into it ([`merge_findings`]) makes it a rule's.
    pub fn is_expectation(&self) -> bool {
        self.status == Status::Fail
            && self.failed_by.is_none()
            && self.message.starts_with(EXPECTATION)
    }
}

/// How a probe test's message starts when the agent did not do what the probe asked and no
/// verifier rule makes that a requirement ([`ProbeResult::is_expectation`], docs/usage.md
/// "How each test's verdict is made").
///
/// Defined beside the report's result type ([`crate::report::model::EXPECTATION`]), which
/// JUnit reads (the report layer does not import the probe).
pub const EXPECTATION: &str = crate::report::model::EXPECTATION;

/// The test that owns `rule`'s verdict among the results of one test group, whose checks
/// share its exchanges (session 44): a finding there must fail the check that judges what
/// the rule judges, not the first result of the group. The checks of one message stream:
/// `streaming.content-type` STREAM-HTTP-001 (RPC-005); `streaming.envelope` the SSE framing
/// and the event envelope and shape (SSE-FRAME-001..003, STREAM-SHAPE-001, -002; RPC-005,
/// REST-002); `streaming.first-event` STREAM-FIRST-001 (STREAM-002..004);
/// `streaming.same-ids` ID-EVENT-001, -002, ID-CTX-002 (ID-005, ID-006);
/// `streaming.terminal` the stream's end (STREAM-END-002, -005, their 0.x -007, -008, STREAM-FINAL-001;
/// STREAM-003, STREAM-007, STREAM-008); `streaming.nothing-after-terminal` STREAM-END-001,
/// STREAM-SHAPE-003 (STREAM-007). The push notifications one config received:
/// `push.token` PUSH-AUTH-001, -002 (PUSH-004, PUSH-005); `push.notifications`
/// PUSH-BODY-001, -002 (PUSH-004). The checks of the card fetch (session 46):
/// `card.required-fields` CARD-SHAPE-001 (CARD-003, CARD-004; by the problem's place, see
/// [`owning_checks`]) and -003 (CARD-005, CARD-006); `card.capabilities` CARD-SHAPE-002;
/// `card.security-schemes` CARD-SHAPE-006 and AUTH-SCHEME-001 (AUTH-002, AUTH-007);
/// `lifecycle.list-tasks` the warning DATA-LIST-006 (DATA-007). Session 47:
/// `lifecycle.cancel` TASK-STATE-004 and -012 (TASK-003), `lifecycle.input-required`
/// TASK-STATE-015 (TASK-007). `None` for any other rule.
pub fn owning_check(rule: &str) -> Option<&'static str> {
    Some(match rule {
        "STREAM-HTTP-001" => "streaming.content-type",
        "SSE-FRAME-001" | "SSE-FRAME-002" | "SSE-FRAME-003" | "STREAM-SHAPE-001"
        | "STREAM-SHAPE-002" => "streaming.envelope",
        "STREAM-FIRST-001" => "streaming.first-event",
        "ID-EVENT-001" | "ID-EVENT-002" | "ID-CTX-002" => "streaming.same-ids",
        // STREAM-END-007 / -008 are the 0.x warnings of -002 / -005 (sev44b): owned the
        // same, they change no verdict (only errors do) but show in the check's findings
        // grpc58: a stream held open after its terminal event until the probe left
        // (STREAM-END-009; 0.x its warning -010) is the same check's verdict
        "STREAM-END-002" | "STREAM-END-005" | "STREAM-END-007" | "STREAM-END-008"
        | "STREAM-END-009" | "STREAM-END-010" | "STREAM-FINAL-001" => "streaming.terminal",
        "STREAM-END-001" | "STREAM-SHAPE-003" => "streaming.nothing-after-terminal",
        "PUSH-AUTH-001" | "PUSH-AUTH-002" => "push.token",
        "PUSH-BODY-001" | "PUSH-BODY-002" => "push.notifications",
        // session 46: the card checks of the card fetch (`card.reachable`'s group), each
        // its own rule; CARD-SHAPE-001 by the place of each problem ([`owning_checks`])
        "CARD-SHAPE-001" | "CARD-SHAPE-003" => "card.required-fields",
        "CARD-SHAPE-002" => "card.capabilities",
        "CARD-SHAPE-006" | "AUTH-SCHEME-001" => "card.security-schemes",
        // a warning (a task of the caller's left out of a complete ListTasks): named in
        // the list test's passing words, as `verify` tells it (session 46)
        "DATA-LIST-006" => "lifecycle.list-tasks",
        // session 47: a cancel answered with success whose task does not reach canceled
        // (TASK-STATE-004, a warning; -012 for a task left waiting for its client), and a
        // follow-up to an input-required task refused as if it were terminal (TASK-STATE-015,
        // a warning)
        "TASK-STATE-004" | "TASK-STATE-012" => "lifecycle.cancel",
        "TASK-STATE-015" => "lifecycle.input-required",
        // session 48: a task's end that no push notification delivered (a warning),
        // named in push.notifications' words
        "PUSH-DELIV-003" => "push.notifications",
        _ => return None,
    })
}

/// The checks that own finding `f`'s verdict in its test group ([`owning_check`] of its
/// rule), with CARD-SHAPE-001 read by the place of each problem its evidence names
/// ([`card::shape_problem_check`]: a skill's members `card.skills`, the capabilities
/// object `card.capabilities`, any other required member `card.required-fields`; one
/// finding names every problem of the card, so it may own more than one check). Empty
/// for a rule no check owns.
pub fn owning_checks(f: &Finding) -> Vec<&'static str> {
    if f.rule == "CARD-SHAPE-001" {
        let mut checks: Vec<&'static str> = Vec::new();
        for e in f.evidence.iter().filter(|e| e.exchange.is_some()) {
            if let Some(p) = e.pointer.as_deref() {
                let c = card::shape_problem_check(p);
                if !checks.contains(&c) {
                    checks.push(c);
                }
            }
        }
        if checks.is_empty() {
            checks.push("card.required-fields");
        }
        return checks;
    }
    owning_check(&f.rule).into_iter().collect()
}

/// Makes a test's verdict the verifier's too (active and passive are one verdict): when an
/// `error` finding against the agent sits on an exchange of a test group, one passing result
/// of the group fails with the finding. A result of the group whose test owns the rule
/// ([`owning_check`]: the checks of one stream, the push notifications of one config) fails with it whatever else of the group
/// failed (each check of a stream its own rule); otherwise, when none of the group's results
/// failed, the first of the finding's category, else the group's own test, else the first
/// one (e.g. an HTTP+JSON parse error answered with the JSON-RPC code -32602 passes
/// `errors.parse-error`'s own check but breaks REST-ERR rules on the same exchange).
/// Findings with an owning test are merged first.
///
/// A finding belongs to the exchange of its latest evidence (the request that completed
/// the violation; earlier evidence is context, such as the card that declared security).
/// `test_of_exchange` maps exchange ids (`e12`) to the scoped test name the request was
/// tagged with ([`transport::PROBE_TEST_HEADER`]); results are grouped by
/// [`ProbeResult::owner`]. Findings that judge the client (`verify::rules::judges_client`),
/// warnings and notes change no verdict; a warning whose rule a check owns
/// ([`owning_check`]: STREAM-END-007 / -008, the 0.x forms of a stream's end) is named in
/// that check's passing message. Returns how many results turned from pass to fail.
pub fn merge_findings(
    results: &mut [ProbeResult],
    findings: &[Finding],
    test_of_exchange: &std::collections::HashMap<String, String>,
) -> usize {
    let mut turned = 0;
    let mut errors: Vec<&Finding> = findings
        .iter()
        .filter(|f| f.severity == Severity::Error && !crate::verify::rules::judges_client(&f.rule))
        .collect();
    // stable: the findings a check owns first, each then in the verifier's order
    errors.sort_by_key(|f| owning_checks(f).is_empty());
    for f in errors {
        let Some(x) = latest_exchange(f) else {
            continue;
        };
        let Some(group) = test_of_exchange.get(x) else {
            continue;
        };
        let owned = |r: &ProbeResult| r.owner.as_deref() == Some(group.as_str());
        // a result that failed only the probe's expectation takes a rule's finding as a
        // passing one does (session 47: the rule is then the verdict)
        let open = |r: &ProbeResult| r.status == Status::Pass || r.is_expectation();
        let passing = |r: &ProbeResult| owned(r) && open(r);
        // the group's results whose test owns the rule and ran (a skipped one leaves the
        // finding to the group as any other)
        let owners: Vec<usize> = owning_checks(f)
            .into_iter()
            .filter_map(|t| {
                results
                    .iter()
                    .position(|r| owned(r) && r.test == t && r.status != Status::Skip)
            })
            .collect();
        let picks: Vec<usize> = if !owners.is_empty() {
            // each check that owns the rule fails with it, unless it failed already
            owners.into_iter().filter(|&i| open(&results[i])).collect()
        } else if results
            .iter()
            .any(|r| owned(r) && r.status == Status::Fail && !r.is_expectation())
        {
            Vec::new()
        } else {
            results
                .iter()
                .position(|r| passing(r) && r.category == f.category)
                .or_else(|| {
                    results
                        .iter()
                        .position(|r| passing(r) && r.scoped() == *group)
                })
                .or_else(|| results.iter().position(passing))
                .into_iter()
                .collect()
        };
        for i in picks {
            let r = &mut results[i];
            let own = r.message.strip_prefix(EXPECTATION).unwrap_or(&r.message);
            r.message = format!(
                "{own}; but the verifier found error[{}] on its exchange {x}: {}",
                f.rule, f.message
            );
            r.status = Status::Fail;
            r.failed_by = Some(f.rule.clone());
            turned += 1;
        }
    }
    // a warning a check owns (the 0.x forms STREAM-END-007 / -008 of a stream's end,
    // session 45) changes no verdict but is named in the passing check's words, so the
    // probe's result says the rule that fired on its exchange as `verify` does
    for f in findings.iter().filter(|f| {
        f.severity == Severity::Warning && !crate::verify::rules::judges_client(&f.rule)
    }) {
        let checks = owning_checks(f);
        if checks.is_empty() {
            continue;
        }
        let Some(x) = latest_exchange(f) else {
            continue;
        };
        let Some(group) = test_of_exchange.get(x) else {
            continue;
        };
        for r in results.iter_mut().filter(|r| {
            r.owner.as_deref() == Some(group.as_str())
                && checks.contains(&r.test.as_str())
                && (r.status == Status::Pass || r.is_expectation())
        }) {
            r.message = format!(
                "{}; the verifier warned warning[{}] on its exchange {x}: {}",
                r.message, f.rule, f.message
            );
        }
    }
    turned
}

/// Fails every passing result of a test group one of whose exchanges the verifier did not
/// judge whole (`incomplete`: [`crate::verify::VerifyOutcome::incomplete`], `(exchange
/// id, reason)`): a body cut at the capture cap or the probe's size limit, an answer the
/// agent never ended (the probe left at its `--timeout`), a stream cut in the middle of an
/// event, a connection closed or reset mid-answer. Such a test's verdict was handed to the
/// verifier ("the verifier's RULE judges it", [`merge_findings`]: active and passive are
/// one verdict), and the verifier made none on a cut exchange, so the pass stood on
/// nothing (newcomer50 N4's general form; fix51). The failure is the probe's own
/// ([`ProbeResult::failed_own_checks`]: exit status 1) and names the exchange and why it
/// was not judged. Reasons that are the tool's, not the agent's (the online verifier fell
/// behind, [`crate::verify::NOT_FED`]) change nothing. `test_of_exchange` as in
/// [`merge_findings`]. Returns how many results turned from pass to fail.
pub fn fail_unjudged(
    results: &mut [ProbeResult],
    incomplete: &[(String, String)],
    test_of_exchange: &std::collections::HashMap<String, String>,
) -> usize {
    let mut turned = 0;
    for (x, why) in incomplete {
        if why.as_str() == crate::verify::NOT_FED || why.contains("skipped by the online verifier")
        {
            continue;
        }
        let Some(group) = test_of_exchange.get(x) else {
            continue;
        };
        for r in results
            .iter_mut()
            .filter(|r| r.owner.as_deref() == Some(group.as_str()) && r.status == Status::Pass)
        {
            r.message = format!(
                "{}; but the verifier could not judge its exchange {x} whole ({why}), so no rule's verdict stands behind this pass",
                r.message
            );
            r.status = Status::Fail;
            r.failed_by = None;
            turned += 1;
        }
    }
    turned
}

/// The exchange a finding belongs to: that of its latest evidence (the request that
/// completed the violation).
fn latest_exchange(f: &Finding) -> Option<&str> {
    f.evidence
        .iter()
        .filter(|e| e.exchange.is_some())
        .max_by_key(|e| e.seq)
        .and_then(|e| e.exchange.as_deref())
}

/// Conformance level from the results (DESIGN.md "JSON report").
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum ConformanceLevel {
    /// The card is invalid or the basic lifecycle (send, get) is broken.
    NonConformant,
    /// Card valid and basic send/get work; other core lifecycle or error-handling tests
    /// fail.
    Minimal,
    /// Core lifecycle and error handling pass; an optional test fails (streaming) or
    /// streaming was not exercised.
    Partial,
    /// Every test passes, streaming included, and the verifier found no error.
    Full,
}

impl ConformanceLevel {
    /// `full`, `partial`, `minimal` or `non-conformant`.
    pub fn as_str(self) -> &'static str {
        match self {
            ConformanceLevel::NonConformant => "non-conformant",
            ConformanceLevel::Minimal => "minimal",
            ConformanceLevel::Partial => "partial",
            ConformanceLevel::Full => "full",
        }
    }

    /// The level of a run interrupted (Ctrl-C / SIGTERM) before its end: this level, but at
    /// most `partial`, since the tests not run may have failed (breaker9c C4; the report
    /// side is `report::model::interrupted_level`, applied by `Report::mark_interrupted`).
    pub fn interrupted(self) -> ConformanceLevel {
        self.min(ConformanceLevel::Partial)
    }
}

/// Tests whose failure makes the agent non-conformant (card valid, basic send/get work).
const BASIC: &[&str] = &[
    "card.reachable",
    "card.required-fields",
    "card.interfaces",
    "card.interface-url",
    "lifecycle.send",
    "lifecycle.get-task",
];

/// Core lifecycle tests: all must pass for `partial`.
const CORE: &[&str] = &[
    "lifecycle.poll-terminal",
    "lifecycle.cancel",
    "lifecycle.input-required",
    "lifecycle.history-length",
    "card.skills",
    "card.capabilities",
    "card.security-schemes",
];

/// The level these results and the verifier's findings on the probe's own traffic earn.
///
/// - `non-conformant`: a basic test fails (card fetch and shape, interfaces, send, get), no
///   task call succeeded, or an `error` finding of category agent-card or lifecycle;
/// - `minimal`: a core test fails (poll, cancel, input-required, history, skills,
///   capabilities, security schemes), or a test or an `error` finding of category
///   error-handling, transport, security or interop fails (the same mapping as
///   `report::ConformanceLevel::derive`, so results and findings agree);
/// - `partial`: any other test fails (streaming, push), streaming was not exercised (also
///   when the card offers no interface the probe drives), or a streaming `error` or any
///   `warning` finding;
/// - `full`: otherwise. Skips for things the card does not offer (no security, no other
///   binding) do not lower the level, nor does a test that failed only the probe's
///   expectation ([`ProbeResult::is_expectation`], session 47: a card served only with
///   credentials, a 5xx, a task that did not reach the state the probe drives it to).
///
/// Findings of client rules (`verify::rules::judges_client`: the probe's own requests, such
/// as its deliberate anonymous calls, AUTH-SCHEME-004) judge the client, not the agent, and
/// do not count, as in `report::ConformanceLevel::derive`.
pub fn conformance_level(results: &[ProbeResult], findings: &[Finding]) -> ConformanceLevel {
    let passed = |name: &str| {
        results
            .iter()
            .any(|r| r.test == name && r.status == Status::Pass)
    };
    // A basic send that was skipped (credentials needed and not given, our request budget)
    // judges nothing: the run cannot vouch for the lifecycle, so at best partial below.
    // So is a card whose interfaces the probe cannot drive (`card.interfaces` failed only
    // the probe's expectation, session 47): no send was made, none failed.
    let send_skipped = !passed("lifecycle.send")
        && results.iter().any(|r| {
            (r.test == "lifecycle.send" && r.status == Status::Skip)
                || (r.test == "card.interfaces" && r.is_expectation())
                // session 48: every send refused (no rule makes an agent accept a
                // message): no task lifecycle judged, none failed
                || (r.test == "lifecycle.send" && r.is_expectation())
        });
    let each = results
        .iter()
        .map(result_level)
        .chain(findings.iter().map(finding_level))
        .min()
        .unwrap_or(ConformanceLevel::Full);
    if !passed("lifecycle.send") && !send_skipped {
        return ConformanceLevel::NonConformant;
    }
    let streamed = results
        .iter()
        .any(|r| r.category == Category::Streaming && r.status == Status::Pass);
    if !streamed || send_skipped {
        each.min(ConformanceLevel::Partial)
    } else {
        each
    }
}

/// The level one result holds a probe run to ([`conformance_level`]): a failed basic test
/// (card fetch and shape, interfaces, send, get) `non-conformant`; a failed core test (poll,
/// cancel, input-required, history, skills, capabilities, security schemes) or a failed
/// test of category error-handling, transport, security or interop `minimal`; any other
/// failed test `partial`; a test that passed or was skipped, or failed only the probe's
/// expectation ([`ProbeResult::is_expectation`]), `full`.
pub fn result_level(r: &ProbeResult) -> ConformanceLevel {
    // an expectation no rule makes a requirement lowers no level (session 47)
    if r.status != Status::Fail || r.is_expectation() {
        return ConformanceLevel::Full;
    }
    if BASIC.contains(&r.test.as_str()) {
        ConformanceLevel::NonConformant
    } else if CORE.contains(&r.test.as_str())
        || matches!(
            r.category,
            Category::ErrorHandling | Category::Transport | Category::Security | Category::Interop
        )
    {
        ConformanceLevel::Minimal
    } else {
        ConformanceLevel::Partial
    }
}

/// The level one verifier finding holds a probe run to ([`conformance_level`]): an `error`
/// of category agent-card or lifecycle `non-conformant`; an `error` of category
/// error-handling, transport, security or interop `minimal`; any other `error` or a
/// `warning` `partial`; a note, or a finding of a client rule (it judges the probe's own
/// request, `verify::rules::judges_client`), `full`.
pub fn finding_level(f: &Finding) -> ConformanceLevel {
    if crate::verify::rules::judges_client(&f.rule) || f.severity < Severity::Warning {
        return ConformanceLevel::Full;
    }
    match (f.severity, f.category) {
        (Severity::Error, Category::AgentCard | Category::Lifecycle) => {
            ConformanceLevel::NonConformant
        }
        (
            Severity::Error,
            Category::ErrorHandling | Category::Transport | Category::Security | Category::Interop,
        ) => ConformanceLevel::Minimal,
        _ => ConformanceLevel::Partial,
    }
}

/// What to probe and how (from `a2a-interop probe` flags).
#[derive(Clone, Debug)]
pub struct ProbeConfig {
    /// Credentials as request headers (`--auth-header`, `--bearer`), sent on task calls and,
    /// if the card is not public, on the card fetch.
    pub auth_headers: Vec<(String, String)>,
    /// Skill whose examples drive the basic send (`--skill`).
    pub skill: Option<String>,
    /// Deadline of each wait (poll loop, stream) and each request.
    pub timeout: Duration,
    /// Only this dialect (`--dialect 1.0|0.3`); none = every one the card offers.
    pub dialect: Option<Dialect>,
    /// Only this binding (`--binding jsonrpc|http+json|grpc`); none = auto.
    pub binding: Option<String>,
    /// Webhook for the push tests (`probe` gives one behind a recording listener); none =
    /// the plan starts an unrecorded receiver on loopback when the card advertises push.
    pub webhook: Option<Webhook>,
    /// `interop`: this direction's side of the pairing; the called agent's interfaces are
    /// limited to those the calling agent's card lists ([`pairing`]). None for `probe`.
    pub pairing: Option<pairing::Pairing>,
}

impl ProbeConfig {
    /// No credentials, no skill, no dialect or binding filter, no webhook, and `timeout`.
    pub fn with_timeout(timeout: Duration) -> ProbeConfig {
        ProbeConfig {
            auth_headers: Vec::new(),
            skill: None,
            timeout,
            dialect: None,
            binding: None,
            webhook: None,
            pairing: None,
        }
    }
}

/// A finished probe run.
#[derive(Clone, Debug)]
pub struct ProbeReport {
    /// Base URL probed.
    pub target: String,
    /// Dialects exercised, highest first (`"1.0"`, `"0.3"`).
    pub dialects: Vec<String>,
    /// Every test result, in run order.
    pub results: Vec<ProbeResult>,
    /// Requests sent.
    pub requests: u32,
    /// The Agent Card's `name`, when a card was fetched.
    pub card_name: Option<String>,
    /// An operator mistake found once the card was read: `--skill`, `--dialect` or
    /// `--binding` naming something the card does not offer. One line, `<cause>; hint:
    /// <what the card has>`; the plan stopped before any task call (`probe` exits 2).
    pub usage_error: Option<String>,
}

impl ProbeReport {
    /// The result of `test` in `dialect` (`None` for dialect-free tests) over JSON-RPC.
    pub fn result(&self, test: &str, dialect: Option<&str>) -> Option<&ProbeResult> {
        self.result_in(test, dialect, None)
    }

    /// The result of `test` in `dialect` over `binding` (`None` = JSON-RPC or none).
    pub fn result_in(
        &self,
        test: &str,
        dialect: Option<&str>,
        binding: Option<&str>,
    ) -> Option<&ProbeResult> {
        self.results.iter().find(|r| {
            r.test == test && r.dialect.as_deref() == dialect && r.binding.as_deref() == binding
        })
    }

    /// Set when credentials kept every task test from running: no `lifecycle.*` test passed
    /// or failed, and a task test was skipped because the agent answered HTTP 401/403
    /// (AUTH-002, AUTH-003). One line, `<cause>; hint: <flag>`: the operator's mistake (a
    /// wrong, expired or missing token), so `probe` and `interop` exit 2, not 0 with
    /// "partial".
    pub fn credentials_blocked(&self) -> Option<String> {
        let task = |r: &&ProbeResult| r.test.starts_with("lifecycle.");
        if self
            .results
            .iter()
            .filter(task)
            .any(|r| r.status != Status::Skip)
        {
            return None;
        }
        let skipped = |needle: &str| {
            self.results
                .iter()
                .filter(task)
                .any(|r| r.status == Status::Skip && r.message.contains(needle))
        };
        if skipped("refused the given credentials") {
            Some("the agent refused the given credentials on every task call (HTTP 401/403), so no task test ran; hint: check --bearer / --auth-header (interop: --bearer-a|b, --auth-header-a|b)".into())
        } else if skipped("agent needs credentials") {
            Some("the agent needs credentials for every task call and none were given, so no task test ran; hint: pass --bearer TOKEN or --auth-header 'NAME: VALUE' (interop: --bearer-a|b, --auth-header-a|b)".into())
        } else {
            None
        }
    }

    /// Failed results.
    pub fn failures(&self) -> Vec<&ProbeResult> {
        self.results
            .iter()
            .filter(|r| r.status == Status::Fail)
            .collect()
    }
}

pub use plan::run;

/// Header a push notification carries the config's `token` in (PUSH-005; the SDKs send it
/// in 1.0 as well).
pub const NOTIFICATION_TOKEN_HEADER: &str = "X-A2A-Notification-Token";

pub(crate) fn webhook_token_header() -> &'static str {
    NOTIFICATION_TOKEN_HEADER
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::verify::{rules::RULES, Evidence};

    fn result(test: &str, cat: Category, status: Status, owner: &str) -> ProbeResult {
        ProbeResult {
            test: test.into(),
            dialect: Some("0.3".into()),
            binding: Some("http+json".into()),
            category: cat,
            status,
            message: "ok".into(),
            duration_ms: 0,
            owner: Some(owner.into()),
            failed_by: None,
        }
    }

    fn finding(rule: &str, exchanges: &[(u64, &str)]) -> Finding {
        let r = RULES
            .iter()
            .find(|r| r.id == rule)
            .expect("rule in the registry");
        let mut f = Finding::new(r, "bad");
        for (seq, x) in exchanges {
            f = f.with_evidence(Evidence::event(*seq, x.to_string()));
        }
        f
    }

    #[test]
    fn an_error_finding_fails_the_passing_result_of_its_category_in_the_latest_exchanges_group() {
        let group = "card.interface-url [0.3 http+json]";
        let mut rs = vec![
            result(
                "card.interface-url",
                Category::AgentCard,
                Status::Pass,
                group,
            ),
            result(
                "errors.unknown-task",
                Category::ErrorHandling,
                Status::Pass,
                group,
            ),
            result(
                "lifecycle.send",
                Category::Lifecycle,
                Status::Pass,
                "lifecycle.send [0.3 http+json]",
            ),
        ];
        let map: std::collections::HashMap<String, String> = [
            (
                "e1".to_string(),
                "lifecycle.send [0.3 http+json]".to_string(),
            ),
            ("e5".to_string(), group.to_string()),
        ]
        .into();
        // evidence e1 (context) then e5 (latest): the e5 group's error-handling result fails
        let f = finding("REST-ERROR-001", &[(3, "e1"), (9, "e5")]);
        assert_eq!(f.category, Category::ErrorHandling);
        assert_eq!(merge_findings(&mut rs, std::slice::from_ref(&f), &map), 1);
        assert_eq!(rs[0].status, Status::Pass);
        assert_eq!(rs[1].status, Status::Fail);
        assert_eq!(
            rs[1].message,
            "ok; but the verifier found error[REST-ERROR-001] on its exchange e5: bad"
        );
        assert_eq!(rs[2].status, Status::Pass);
        // the group already has a failure: a second finding there changes nothing
        assert_eq!(merge_findings(&mut rs, &[f], &map), 0);
        assert_eq!(rs[0].status, Status::Pass);
    }

    #[test]
    fn a_stream_finding_fails_the_check_that_owns_its_rule_each_check_its_own() {
        let group = "streaming.content-type [0.3]";
        let checks = [
            "streaming.content-type",
            "streaming.envelope",
            "streaming.first-event",
            "streaming.same-ids",
            "streaming.terminal",
            "streaming.nothing-after-terminal",
        ];
        let mut rs: Vec<ProbeResult> = checks
            .iter()
            .map(|t| result(t, Category::Streaming, Status::Pass, group))
            .collect();
        let map: std::collections::HashMap<String, String> =
            [("e14".to_string(), group.to_string())].into();
        // an unowned error of the group's category comes first in the verifier's order,
        // the owned ones are merged before it: each owned check fails by its own rule
        let unowned = finding("STREAM-END-003", &[(7, "e14")]);
        let mut unowned_error = unowned.clone();
        unowned_error.severity = Severity::Error;
        let fs = [
            unowned_error,
            finding("STREAM-FINAL-001", &[(8, "e14")]),
            finding("ID-EVENT-001", &[(9, "e14")]),
            finding("STREAM-END-002", &[(10, "e14")]),
        ];
        assert_eq!(merge_findings(&mut rs, &fs, &map), 2);
        let failed: Vec<(&str, Option<&str>)> = rs
            .iter()
            .filter(|r| r.status == Status::Fail)
            .map(|r| (r.test.as_str(), r.failed_by.as_deref()))
            .collect();
        // terminal takes STREAM-FINAL-001 (the first), not STREAM-END-002 too; the unowned
        // error finds the group failed and changes nothing
        assert_eq!(
            failed,
            [
                ("streaming.same-ids", Some("ID-EVENT-001")),
                ("streaming.terminal", Some("STREAM-FINAL-001")),
            ]
        );
        // a check the stream did not run (skipped) leaves its rule to the group as before
        let mut rs = vec![
            result(
                "streaming.content-type",
                Category::Streaming,
                Status::Pass,
                group,
            ),
            result(
                "streaming.same-ids",
                Category::Streaming,
                Status::Skip,
                group,
            ),
        ];
        let f = finding("ID-EVENT-002", &[(9, "e14")]);
        assert_eq!(merge_findings(&mut rs, &[f], &map), 1);
        assert_eq!(rs[0].failed_by.as_deref(), Some("ID-EVENT-002"));
        assert_eq!(owning_check("SSE-FRAME-001"), Some("streaming.envelope"));
        assert_eq!(owning_check("RPC-ERROR-001"), None);
    }

    /// Session 46: the card checks of the card fetch each take the problem they own; one
    /// CARD-SHAPE-001 naming a missing member and a skill's fault fails both checks, and not
    /// `card.reachable`, the group's first result of the category.
    #[test]
    fn a_card_shape_finding_fails_each_card_check_whose_problem_it_names() {
        let group = "card.reachable";
        let checks = [
            "card.reachable",
            "card.required-fields",
            "card.skills",
            "card.capabilities",
        ];
        let fresh = || -> Vec<ProbeResult> {
            checks
                .iter()
                .map(|t| {
                    let mut r = result(t, Category::AgentCard, Status::Pass, group);
                    r.dialect = None;
                    r.binding = None;
                    r
                })
                .collect()
        };
        let map: std::collections::HashMap<String, String> =
            [("e1".to_string(), group.to_string())].into();
        let at = |rule: &str, ptrs: &[&str]| {
            let mut f = finding(rule, &[]);
            for p in ptrs {
                f = f.with_evidence(Evidence {
                    seq: 3,
                    exchange: Some("e1".into()),
                    pointer: Some(p.to_string()),
                    found: None,
                });
            }
            f
        };
        let failed = |rs: &[ProbeResult]| -> Vec<(String, Option<String>)> {
            rs.iter()
                .filter(|r| r.status == Status::Fail)
                .map(|r| (r.test.clone(), r.failed_by.clone()))
                .collect()
        };
        let mut rs = fresh();
        let f = at("CARD-SHAPE-001", &["/description", "/skills/0/tags"]);
        assert_eq!(owning_checks(&f), ["card.required-fields", "card.skills"]);
        assert_eq!(merge_findings(&mut rs, &[f], &map), 2);
        let one = Some("CARD-SHAPE-001".to_string());
        assert_eq!(
            failed(&rs),
            [
                ("card.required-fields".to_string(), one.clone()),
                ("card.skills".to_string(), one)
            ]
        );
        let mut rs = fresh();
        let f = at("CARD-SHAPE-002", &["/capabilities/streaming"]);
        assert_eq!(merge_findings(&mut rs, &[f], &map), 1);
        assert_eq!(
            failed(&rs),
            [(
                "card.capabilities".to_string(),
                Some("CARD-SHAPE-002".to_string())
            )]
        );
        // a card rule no check owns still fails the group's first result of its category
        let mut rs = fresh();
        let f = at("CARD-URL-012", &["/supportedInterfaces/0/url"]);
        assert_eq!(merge_findings(&mut rs, &[f], &map), 1);
        assert_eq!(failed(&rs)[0].0, "card.reachable");
    }

    #[test]
    fn warnings_client_rules_and_untagged_exchanges_change_no_verdict() {
        let mut rs = vec![result(
            "errors.parse-error",
            Category::ErrorHandling,
            Status::Pass,
            "t",
        )];
        let map: std::collections::HashMap<String, String> =
            [("e1".to_string(), "t".to_string())].into();
        let mut warn = finding("REST-ERROR-001", &[(1, "e1")]);
        warn.severity = Severity::Warning;
        let client = finding("DATA-SHAPE-002", &[(1, "e1")]);
        let elsewhere = finding("REST-ERROR-001", &[(1, "e9")]);
        assert_eq!(merge_findings(&mut rs, &[warn, client, elsewhere], &map), 0);
        assert_eq!(rs[0].status, Status::Pass);
    }

    /// Session 47: a test that failed only the probe's expectation lowers no level, sets
    /// no exit status of its own, takes a warning its test owns into its words, and an
    /// error finding on its exchanges makes it that rule's failure (prefix dropped).
    #[test]
    fn an_expectation_lowers_no_level_and_a_rule_finding_takes_it_over() {
        let group = "lifecycle.cancel [0.3 http+json]";
        let mut exp = result("lifecycle.cancel", Category::Lifecycle, Status::Fail, group);
        exp.message = format!("{EXPECTATION}cancel refused");
        assert!(exp.is_expectation());
        assert!(!exp.failed_own_checks());
        assert_eq!(result_level(&exp), ConformanceLevel::Full);
        let own = result("lifecycle.cancel", Category::Lifecycle, Status::Fail, group);
        assert!(!own.is_expectation() && own.failed_own_checks());
        assert_eq!(result_level(&own), ConformanceLevel::Minimal);

        let map: std::collections::HashMap<String, String> =
            [("e4".to_string(), group.to_string())].into();
        let mut rs = vec![exp.clone()];
        let mut warn = finding("TASK-STATE-004", &[(7, "e4")]);
        warn.severity = Severity::Warning;
        assert_eq!(merge_findings(&mut rs, &[warn], &map), 0);
        assert!(rs[0].is_expectation());
        assert!(
            rs[0]
                .message
                .ends_with("; the verifier warned warning[TASK-STATE-004] on its exchange e4: bad"),
            "{}",
            rs[0].message
        );

        let mut rs = vec![exp];
        let f = finding("TASK-STATE-003", &[(7, "e4")]);
        assert_eq!(merge_findings(&mut rs, &[f], &map), 1);
        assert!(!rs[0].is_expectation());
        assert_eq!(rs[0].failed_by.as_deref(), Some("TASK-STATE-003"));
        assert_eq!(
            rs[0].message,
            "cancel refused; but the verifier found error[TASK-STATE-003] on its exchange e4: bad"
        );
        assert_eq!(result_level(&rs[0]), ConformanceLevel::Minimal);
    }
}

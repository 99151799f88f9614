/*!
`a2a-interop interop URL_A URL_B`: two agents against each other, both directions at once,
every request through one in-process recording pipeline (recorder + online verifier).

The tool acts as each side's client: in direction `A->B` it discovers B's Agent Card
(well-known path, as A would) and drives tasks on B (send, streamed task when the card says
streaming, get, cancel, error handling: the prober's plan, `crate::probe`) over the
interfaces of B's card that A's own card lists too (`crate::probe::pairing`: that is how A
would call B; `interop.common-interface` says which); `B->A` does the same on A. Each
direction goes through its own proxy listener whose leg is the direction (`A->B`, `B->A`), so every recorded event, every finding and every result says which way it
went (DESIGN.md recording format, `Event::leg`). Both directions run concurrently; the
verifier keys tasks by leg, so ids and contexts of one direction never satisfy or break the
other (TASK-001: task ids are the agent's own).

Output: results named `interop.send [A->B]`, `interop.card.reachable [B->A]`, ..., the
verifier's findings per direction (each line naming the agent at fault, `agent B "name"
(url)`, not the direction), a conformance level per direction and overall (the lower
one). A test whose own exchange carries an `error` finding against the called agent fails
with it (`probe::merge_findings`: active and passive are one verdict). Exit status: 1 when a test or step failed its own checks (whatever `--fail-on` says) or
a finding is at or above `--fail-on` (a test failed only by a merged finding counts as that
finding); else 0; 2 for bad flags or an unreachable agent.
*/

use std::net::SocketAddr;
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Context;
use url::Url;

use crate::app::pipeline::{Pipeline, RunOutcome};
use crate::app::probe_cmd::{
    check_after_run, findings_exit_code, parse_duration, reachable_at_start, report_level,
    run_report_input, start_driver_pipeline, stopped_after_run, test_result, tests_by_exchange,
    webhook_listener, write_reports,
};
use crate::cli::{FailOn, InteropArgs};
use crate::probe::WebhookReceiver;
use crate::probe::{
    self, conformance_level, ConformanceLevel, ProbeConfig, ProbeReport, ProbeResult, Relays,
    Status, Transport, TransportConfig,
};
use crate::proxy::ProxyConfig;
use crate::record::redact::redact_url;
use crate::record::{source, Route, DEFAULT_CAPTURE_CAP};
use crate::report::{self, Report, ReportInput, SourceKind};
use crate::verify::{Finding, Severity};

/// Leg (and result scope) of the calls the tool makes on B as A's client.
pub const A_TO_B: &str = "A->B";
/// Leg (and result scope) of the calls the tool makes on A as B's client.
pub const B_TO_A: &str = "B->A";
/// Leg of the push notifications B sends to the tool's webhook (the tool acting as A).
pub const B_TO_WEBHOOK: &str = "B->webhook";
/// Leg of the push notifications A sends to the tool's webhook (the tool acting as B).
pub const A_TO_WEBHOOK: &str = "A->webhook";

/// One direction of an interop run.
#[derive(Debug)]
pub struct Direction {
    /// `A->B` or `B->A` (also the recording leg).
    pub name: &'static str,
    /// The probe plan's results on the called agent.
    pub report: ProbeReport,
    /// Conformance level of the called agent from these results and this leg's findings.
    pub level: ConformanceLevel,
    /// Why `level`, one line, as `probe` says it ([`crate::app::probe_cmd::run_reason`]),
    /// tests named as the results are: `failed interop.send [A->B 1.0] (lifecycle)`,
    /// `error finding STREAM-END-002 (streaming)`, `this direction did not finish: the agent
    /// stopped answering ...; ...`.
    pub reason: String,
}

/// A finished interop run: both directions and what the pipeline recorded and verified.
#[derive(Debug)]
pub struct InteropRun {
    /// `A->B` first, then `B->A`.
    pub directions: [Direction; 2],
    /// Recording header, recording path, and the verifier's findings on both legs.
    pub outcome: RunOutcome,
    /// `interop.contexts-separate`: no `contextId` / `taskId` of one direction's traffic
    /// appears in the other's (TASK-001).
    pub separation: ProbeResult,
    /// The lower of the two directions' levels (and `minimal` when ids leaked across).
    pub overall: ConformanceLevel,
    /// Recording written only to build the report's exchange index (deleted after use).
    pub temp_recording: Option<PathBuf>,
    /// Directions (`A->B`, `B->A`) whose agent stopped answering (`--max-unanswered`
    /// requests in a row): the run could not finish (exit 2).
    pub stopped: Vec<(&'static str, crate::probe::transport::Gone)>,
    /// Ctrl-C / SIGTERM stopped the run early (tests not run are skipped). Exit 130.
    pub interrupted: bool,
}

/// The webhook leg whose findings count for `direction` (README: the called agent's
/// notifications): `B->webhook` for `A->B`, `A->webhook` for `B->A`; none for other names.
pub fn webhook_leg_of(direction: &str) -> Option<&'static str> {
    match direction {
        A_TO_B => Some(B_TO_WEBHOOK),
        B_TO_A => Some(A_TO_WEBHOOK),
        _ => None,
    }
}

/// The findings of `findings` that count for `direction` (`A->B`, `B->A`): those on its
/// own leg and on the called agent's webhook leg ([`webhook_leg_of`]), in order.
pub fn findings_of_direction(findings: &[Finding], direction: &str) -> Vec<Finding> {
    let hook = webhook_leg_of(direction);
    findings
        .iter()
        .filter(|f| {
            f.leg
                .as_deref()
                .is_some_and(|l| l == direction || Some(l) == hook)
        })
        .cloned()
        .collect()
}

impl InteropRun {
    /// The verifier's findings that count for `direction` ([`findings_of_direction`]).
    pub fn findings_for(&self, direction: &str) -> Vec<Finding> {
        findings_of_direction(&self.outcome.verify.findings, direction)
    }

    /// The report's conformance reason: each direction's level and why,
    /// `A->B: partial (streaming was not exercised: ...); B->A: full (every interop test
    /// passed, streaming included)`.
    pub fn reason(&self) -> String {
        self.directions
            .iter()
            .map(|d| format!("{}: {} ({})", d.name, d.level.as_str(), d.reason))
            .collect::<Vec<_>>()
            .join("; ")
    }

    /// The verifier's findings on one direction's leg.
    pub fn findings_of(&self, leg: &str) -> Vec<&Finding> {
        self.outcome
            .verify
            .findings
            .iter()
            .filter(|f| f.leg.as_deref() == Some(leg))
            .collect()
    }
}

/// Runs the interop command. Errors are operational (exit 2).
pub fn run(a: InteropArgs) -> anyhow::Result<ExitCode> {
    let url_a = agent_url(&a.url_a, "URL_A")?;
    let url_b = agent_url(&a.url_b, "URL_B")?;
    crate::proxy::tls::ca_certs(&a.ca, "--ca").map_err(|e| anyhow::anyhow!("{e}"))?;
    let cfg = ProbeConfig {
        auth_headers: Vec::new(),
        skill: None,
        timeout: parse_duration(&a.timeout)?,
        dialect: None,
        binding: None,
        webhook: None,
        pairing: None,
    };
    let pairs = if a.output.formats.is_empty() && a.output.outputs.is_empty() {
        Vec::new()
    } else {
        crate::app::verify_cmd::pair_outputs(&a.output).map_err(anyhow::Error::msg)?
    };
    crate::app::verify_cmd::refuse_report_over_recording(a.record.as_deref(), &pairs)?;
    // reports are written at the end of the run: a path that cannot take them is found
    // now, not after the run (ux38)
    crate::app::verify_cmd::check_run_outputs(&pairs)?;
    // An earlier recording is erased only with --overwrite (newcomer19 N1): checked before
    // anything starts, so a refused run leaves the file as it was.
    if let Some(p) = &a.record {
        crate::app::proxy_cmd::check_record_path_for_run(p, a.overwrite)?;
    }
    // --baseline read before the run: a malformed one costs no run (exit 2)
    let record_in: Vec<&std::path::Path> = a.record.iter().map(|p| p.as_path()).collect();
    let loaded_baseline =
        super::load_baseline(&a.output.baseline, &record_in).map_err(anyhow::Error::msg)?;
    if same_agent(&url_a, &url_b) {
        crate::errln!(
            "a2a-interop: warning: URL_A and URL_B are the same agent ({}): both directions talk to it; give the second agent's URL to test two agents",
            redact_url(url_a.as_str())
        );
    }
    let wait = a
        .wait_for_agent
        .as_deref()
        .map(crate::app::probe_cmd::parse_wait)
        .transpose()?;
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .context("starting the async runtime")?;
    // -f junit -o FILE: a report saying which agent was unreachable, not no file (q28c)
    for (url, who) in [(&url_a, "agent A"), (&url_b, "agent B")] {
        if let Err(e) = rt
            .block_on(reachable_at_start(url, &a.ca, wait, a.quiet))
            .context(format!("{who} is not reachable"))
        {
            crate::app::probe_cmd::write_unreachable_junit(&pairs, &redact_url(url.as_str()), &e);
            return Err(e);
        }
    }
    let (base_a, base_b) = (url_a.clone(), url_b.clone());
    let run = rt.block_on(interop_through_pipeline(&a, &cfg, url_a, url_b))?;
    // A URL with no Agent Card at all (every card path 404: another service, an interface
    // URL, a wrong port) is the user's mistake, as for `probe` (exit 2), not an agent that
    // is non-conformant, nor a partner whose interfaces are all "in common" (newcomer21 N2).
    if !run.interrupted {
        let mut no_card = Vec::new();
        for (d, (who, base)) in run.directions.iter().zip([("B", &base_b), ("A", &base_a)]) {
            if let Some(m) = crate::app::probe_cmd::no_card_here(&d.report, base) {
                let hint = match rt.block_on(crate::app::probe_cmd::card_at_origin(base)) {
                    Some(card) => format!(
                        "the agent's Agent Card is at {}: give {} as URL_{who}",
                        redact_url(card.as_str()),
                        redact_url(&base.origin().ascii_serialization())
                    ),
                    None => format!("give agent {who}'s base URL (where /.well-known/agent-card.json is served), not an interface URL or another service"),
                };
                no_card.push(format!("URL_{who}: {m}; hint: {hint}"));
            }
        }
        if !no_card.is_empty() {
            remove_temp(&run);
            for m in no_card {
                crate::errln!("a2a-interop: {m}");
            }
            return Ok(ExitCode::from(2));
        }
    }

    // the baseline applied on the recording (a finding's location is its exchange's
    // request, its leg the direction): known findings not counted
    let mut judged_input = None;
    let mut counted: Vec<crate::verify::Finding> = run.outcome.verify.findings.clone();
    if a.output.baseline.baseline.is_some() || a.output.baseline.write_baseline.is_some() {
        let mut input = report_input(&run)
            .with_failure_floor(a.output.fail_on.unwrap_or(FailOn::Error).junit_floor());
        counted = match super::judge_driven_run(&a.output.baseline, loaded_baseline, &mut input) {
            Ok(c) => c,
            Err(line) => {
                remove_temp(&run);
                crate::errln!("a2a-interop: {line}");
                return Ok(ExitCode::from(2));
            }
        };
        judged_input = Some(input);
    }
    let to_stdout = pairs.iter().any(|(_, p)| p.as_os_str() == "-");
    if !to_stdout {
        // `-q` with `-o` reports to files: the failed tests and the count lines (session
        // 46, as `probe -q -o`); without `-o` the text on stdout is the run's one report
        // one choice with `probe` (ux49): -q the failures and counts, --brief (a terminal)
        // the verdict first, --verbose (a pipe, a file) every test and finding
        use crate::app::probe_cmd::{text_mode, TextMode};
        let mode = text_mode(a.quiet, a.brief, a.verbose);
        if mode == TextMode::Brief {
            let reports: Vec<String> = pairs.iter().map(|(_, p)| p.display().to_string()).collect();
            crate::out!(
                "{}",
                brief_text(
                    &run,
                    judged_input.as_ref(),
                    a.record.as_deref(),
                    &reports,
                    crate::app::stdout_columns(),
                )
            );
        } else {
            // on a terminal, rows within its width (newcomer59)
            crate::out!(
                "{}",
                crate::app::probe_cmd::fit_to_terminal(text_report_judged(
                    &run,
                    mode == TextMode::Quiet,
                    judged_input.as_ref()
                ))
            );
        }
    }
    if !pairs.is_empty() {
        // JUnit fails what the exit status counts (--fail-on)
        let input = judged_input.take().unwrap_or_else(|| {
            report_input(&run)
                .with_failure_floor(a.output.fail_on.unwrap_or(FailOn::Error).junit_floor())
        });
        let mut model = Report::build(&input);
        model.conformance_level = report_level(run.overall);
        model.conformance_reason = run.reason();
        if run.interrupted {
            model.mark_interrupted("interop", "tests");
        }
        // the brief text's `reports:` line named them (newcomer57: the `wrote` line,
        // 220 characters, ended the first screen, wrapped over three rows, saying it again)
        let brief = !to_stdout
            && crate::app::probe_cmd::text_mode(a.quiet, a.brief, a.verbose)
                == crate::app::probe_cmd::TextMode::Brief;
        if !write_reports(&pairs, &model, &input, a.quiet || brief) {
            remove_temp(&run);
            return Ok(ExitCode::from(2));
        }
    }
    remove_temp(&run);
    crate::app::probe_cmd::recording_note(
        a.record.as_deref(),
        a.quiet,
        a.brief,
        a.verbose,
        run.interrupted,
    );
    if run.interrupted {
        crate::errln!(
            "a2a-interop: interrupted: interop stopped early; the results up to there are kept (tests not run are skipped){}",
            match &a.record {
                Some(r) => format!(", recording {}", r.display()),
                None => String::new(),
            }
        );
        return Ok(ExitCode::from(130));
    }
    if !run.stopped.is_empty() {
        for (d, g) in &run.stopped {
            crate::errln!(
                "a2a-interop: [{d}] {}",
                crate::app::probe_cmd::stopped_message(g)
            );
        }
        return Ok(ExitCode::from(2));
    }
    for d in &run.directions {
        if let Some(line) = crate::app::probe_cmd::timeout_note(&d.report, &a.timeout) {
            crate::errln!(
                "{}",
                line.replacen("a2a-interop: ", &format!("a2a-interop: [{}] ", d.name), 1)
            );
        }
    }
    let mut blocked = false;
    for d in &run.directions {
        if let Some(line) = d.report.credentials_blocked() {
            if d.report.failures().is_empty() {
                crate::errln!("a2a-interop: [{}] {line}", d.name);
                blocked = true;
            }
        }
    }
    if blocked {
        return Ok(ExitCode::from(2));
    }
    Ok(exit_code(
        &run,
        &counted,
        a.output.fail_on.unwrap_or(FailOn::Error),
    ))
}

/// Emits one `attribution` event per exchange of the two directions (caller and callee
/// named `A (<card name>)` / `B (<card name>)`, or just `A` / `B` without a card) and of the
/// two webhook legs (`B (..) -> A webhook`, `A (..) -> B webhook`), so reports say who
/// called whom. `parties` = (leg, caller, callee); the first two are the directions. The
/// proxy assigns exchange ids, so they are read back from the recording as it is written:
/// polled with backoff until it holds `expected` request heads on the two direction legs
/// (or 5 s passed; exchanges not seen by then stay unattributed).
/// The events follow their exchanges in the file; readers match them by exchange id.
async fn attribute(
    pipeline: &Pipeline,
    recording: &std::path::Path,
    expected: u32,
    parties: [(&str, &str, &str); 4],
) {
    use crate::record::EventKind;
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(5);
    let mut step = 0u32;
    let heads = loop {
        let mut heads: Vec<(String, String)> = Vec::new();
        if let Ok(src) = source::open(recording) {
            for ev in src.events.map_while(Result::ok) {
                if let (EventKind::RequestHead { .. }, Some(x), Some(leg)) =
                    (&ev.kind, &ev.exchange, &ev.leg)
                {
                    if parties.iter().any(|p| p.0 == leg) {
                        heads.push((x.to_string(), leg.clone()));
                    }
                }
            }
        }
        let directions = heads
            .iter()
            .filter(|(_, l)| parties[..2].iter().any(|p| p.0 == l))
            .count();
        if directions >= expected as usize || std::time::Instant::now() >= deadline {
            break heads;
        }
        tokio::time::sleep(std::time::Duration::from_millis(
            (10u64 << step.min(5)).min(200),
        ))
        .await;
        step += 1;
    };
    for (x, leg) in heads {
        if let Some((_, caller, callee)) = parties.iter().find(|p| p.0 == leg) {
            pipeline.sink().try_send(
                Some(x.into()),
                Some(leg),
                EventKind::Attribution {
                    callee: Some(callee.to_string()),
                    caller: Some(caller.to_string()),
                    // the leg says who calls, by construction
                    caller_by: Some(crate::record::CallerBy::Leg),
                },
            );
        }
    }
}

/// `cfg` plus one side's credentials (`--auth-header-a|b`, `--bearer-a|b`).
///
/// # Errors
/// A malformed `--auth-header-a|b`.
fn with_credentials(
    cfg: &ProbeConfig,
    headers: &[String],
    bearer: Option<&str>,
    flag: &str,
) -> anyhow::Result<ProbeConfig> {
    let mut c = cfg.clone();
    c.auth_headers
        .extend(crate::app::probe_cmd::credentials(headers, bearer, flag)?);
    Ok(c)
}

/// `url` as an http agent base URL.
///
/// # Errors
/// Not a URL, or not `http://host[:port][/path]`.
/// Whether `a` and `b` name the same agent: same scheme, host, port and path (a trailing
/// `/` aside). Interop of an agent with itself is allowed, but is usually a copy-paste slip.
/// Whether URL_A and URL_B name one agent: same scheme, port and path, and the same host,
/// where `localhost`, `127.0.0.1` (any `127.x`) and `[::1]` are one host, this machine
/// (newcomer44: `interop http://127.0.0.1:9999 http://localhost:9999` ran the agent against
/// itself without the warning).
fn same_agent(a: &Url, b: &Url) -> bool {
    let host = |u: &Url| {
        let h = u.host_str().map(str::to_ascii_lowercase)?;
        let bare = h.trim_start_matches('[').trim_end_matches(']');
        let loopback = bare == "localhost"
            || bare
                .parse::<std::net::IpAddr>()
                .is_ok_and(|ip| ip.is_loopback());
        Some(if loopback { "localhost".to_string() } else { h })
    };
    a.scheme() == b.scheme()
        && host(a) == host(b)
        && a.port_or_known_default() == b.port_or_known_default()
        && a.path().trim_end_matches('/') == b.path().trim_end_matches('/')
}

fn agent_url(url: &str, which: &str) -> anyhow::Result<Url> {
    let u = crate::app::probe_cmd::checked_agent_url(url, which)?;
    let shown = redact_url(url);
    if let Some(b) = crate::probe::plan::base_of_card_url(&u) {
        crate::errln!(
            "a2a-interop: note: {which} {shown} is the Agent Card URL; using the agent at {}",
            redact_url(b.as_str())
        );
        return Ok(b);
    }
    Ok(u)
}

/// Starts one recording pipeline with two listeners (leg `A->B` routed to B's origin, leg
/// `B->A` routed to A's origin; card rewrite on, lossless), runs the probe plan on B and on
/// A concurrently, each through its own listener, and finishes the pipeline.
///
/// # Errors
/// The pipeline cannot start (recording file not creatable, no loopback port) or finish.
pub async fn interop_through_pipeline(
    a: &InteropArgs,
    cfg: &ProbeConfig,
    url_a: Url,
    url_b: Url,
) -> anyhow::Result<InteropRun> {
    let temp_recording = if a.record.is_none() {
        Some(std::env::temp_dir().join(format!(
            "a2a-interop-interop-{}.jsonl",
            uuid::Uuid::new_v4()
        )))
    } else {
        None
    };
    let listener = |upstream: &Url, leg: &str| ProxyConfig {
        listen: SocketAddr::from(([127, 0, 0, 1], 0)),
        routes: vec![Route {
            prefix: "/".into(),
            upstream: upstream.origin().ascii_serialization(),
            leg: None,
        }],
        rewrite_card: true,
        capture_cap: DEFAULT_CAPTURE_CAP,
        leg: Some(leg.to_string()),
    };
    // the headers the user said carry credentials (either side) are redacted in the
    // recording whatever their name
    let mut secret_headers: Vec<String> = cfg.auth_headers.iter().map(|(n, _)| n.clone()).collect();
    for (headers, bearer, flag) in [
        (&a.auth_headers_a, a.bearer_a.as_deref(), "--auth-header-a"),
        (&a.auth_headers_b, a.bearer_b.as_deref(), "--auth-header-b"),
    ] {
        let named = crate::app::probe_cmd::credentials(headers, bearer, flag)?;
        secret_headers.extend(named.into_iter().map(|(n, _)| n));
    }
    let hook_b = WebhookReceiver::start()
        .await
        .context("starting the webhook receiver")?;
    let hook_a = WebhookReceiver::start()
        .await
        .context("starting the webhook receiver")?;
    let pipeline = start_driver_pipeline(
        "interop",
        listener(&url_b, A_TO_B),
        vec![
            listener(&url_a, B_TO_A),
            webhook_listener(hook_b.local_addr(), B_TO_WEBHOOK),
            webhook_listener(hook_a.local_addr(), A_TO_WEBHOOK),
        ],
        a.record.clone(),
        temp_recording.as_ref(),
        a.ca.clone(),
        secret_headers,
        a.overwrite,
    )
    .await?;
    let extra = pipeline.extra_addrs();
    let via_b_to_a = extra
        .first()
        .copied()
        .context("the B->A listener did not start")?;
    // push tests: each agent's notifications reach its own receiver through a recorded leg
    let mut cfg_on_b = cfg.clone();
    let mut cfg_on_a = cfg.clone();
    if cfg.webhook.is_none() {
        cfg_on_b.webhook = extra.get(1).and_then(|via| hook_b.webhook_via(*via));
        cfg_on_a.webhook = extra.get(2).and_then(|via| hook_a.webhook_via(*via));
    }
    // card URLs on another origin (port, scheme, --allow-host) are recorded on the
    // direction's leg too
    let relays = |leg: &str| {
        Relays::new(
            pipeline.sink().clone(),
            Some(leg.to_string()),
            crate::proxy::tls::UpstreamTrust {
                ca: a.ca.clone(),
                insecure: false,
            },
        )
    };
    let (relays_b, relays_a) = (relays(A_TO_B), relays(B_TO_A));
    let transport = |base: Url, via: SocketAddr, who: &str, relays: &std::sync::Arc<Relays>| {
        Transport::new(TransportConfig {
            base,
            via: Some(via),
            allow_hosts: a.allow_hosts.clone(),
            max_requests: a.max_requests,
        })
        .with_max_unanswered(a.max_unanswered)
        .with_progress_as(!a.quiet, who)
        .with_relays(relays.clone())
    };
    let on_b = transport(
        url_b.clone(),
        pipeline.proxy_addr(),
        "interop A->B",
        &relays_b,
    );
    let on_a = transport(url_a.clone(), via_b_to_a, "interop B->A", &relays_a);
    // each side's credentials go to that side only
    // each direction tests only the interfaces its caller's own card lists
    let (pair_ab, pair_ba) = crate::probe::pairing::pair("A", "B");
    cfg_on_b.pairing = Some(pair_ab);
    cfg_on_a.pairing = Some(pair_ba);
    let (cfg_b, cfg_a) = (
        with_credentials(
            &cfg_on_b,
            &a.auth_headers_b,
            a.bearer_b.as_deref(),
            "--auth-header-b",
        )?,
        with_credentials(
            &cfg_on_a,
            &a.auth_headers_a,
            a.bearer_a.as_deref(),
            "--auth-header-a",
        )?,
    );
    // Ctrl-C / SIGTERM: both directions stop sending and skip what is left; the results so
    // far are reported; a second one ends the process at once.
    let stop = crate::app::proxy_cmd::stop_signal()?;
    let both = async { tokio::join!(probe::run(&cfg_b, &on_b), probe::run(&cfg_a, &on_a)) };
    tokio::pin!(both);
    let (mut report_ab, mut report_ba) = tokio::select! {
        r = &mut both => r,
        _ = stop => {
            crate::errln!(
                "a2a-interop: interrupted: stopping both directions, writing the results so far (stopped by {}; {} quits at once)",
                crate::report::model::stop_cause(),
                crate::report::model::stop_again()
            );
            on_b.interrupt();
            on_a.interrupt();
            crate::app::proxy_cmd::quit_on_a_further_signal();
            both.await
        }
    };
    let interrupted = on_b.interrupted() || on_a.interrupted();
    // a direction whose last request got no answer: is its agent still there? Asked
    // through that direction's recording proxy, as `probe` asks (open48), so `verify` of
    // the recording reads the same answer the run's verdict does (open49)
    let (check_b, check_a) = tokio::join!(
        check_after_run(&on_b, interrupted),
        check_after_run(&on_a, interrupted)
    );
    relays_b.shutdown().await;
    relays_a.shutdown().await;
    // the targets go into the text, every report format and stdout: never their credentials
    for r in [&mut report_ab, &mut report_ba] {
        r.target = redact_url(&r.target).into_owned();
    }
    let (gone_b, gone_a) = tokio::join!(
        stopped_after_run(&on_b, interrupted, check_b, &url_b, &a.ca),
        stopped_after_run(&on_a, interrupted, check_a, &url_a, &a.ca)
    );
    let stopped: Vec<(&'static str, crate::probe::transport::Gone)> =
        [(A_TO_B, gone_b), (B_TO_A, gone_a)]
            .into_iter()
            .filter_map(|(d, g)| g.map(|g| (d, g)))
            .collect();
    if let Some(rec) = a.record.clone().or_else(|| temp_recording.clone()) {
        let party = |side: &str, r: &ProbeReport| match &r.card_name {
            Some(n) => format!("{side} ({n})"),
            None => side.to_string(),
        };
        let (name_a, name_b) = (party("A", &report_ba), party("B", &report_ab));
        attribute(
            &pipeline,
            &rec,
            on_a.sent() + on_b.sent(),
            [
                (A_TO_B, &name_a, &name_b),
                (B_TO_A, &name_b, &name_a),
                (B_TO_WEBHOOK, &name_b, "A webhook"),
                (A_TO_WEBHOOK, &name_a, "B webhook"),
            ],
        )
        .await;
    }
    let outcome = pipeline.finish().await?;
    hook_a.shutdown().await;
    hook_b.shutdown().await;
    // active and passive are one verdict: an error finding on a test's own exchange fails
    // that test, per direction (`probe::merge_findings`, as `probe` does); the level and
    // its reason as `probe` gives them (`probe_cmd::run_reason`)
    let by_exchange = tests_by_exchange(outcome.recording.as_deref());
    let legs = legs_by_exchange(outcome.recording.as_deref());
    let direction = |name: &'static str, mut report: ProbeReport| {
        let mine = findings_of_direction(&outcome.verify.findings, name);
        probe::merge_findings(&mut report.results, &mine, &by_exchange);
        // a pass on an exchange of this direction the verifier did not judge whole stands
        // on nothing (fix51, as `probe` does)
        let hook = webhook_leg_of(name);
        let unjudged: Vec<(String, String)> = outcome
            .verify
            .incomplete
            .iter()
            .filter(|(x, _)| {
                legs.get(x)
                    .is_some_and(|l| l.as_str() == name || Some(l.as_str()) == hook)
            })
            .cloned()
            .collect();
        probe::fail_unjudged(&mut report.results, &unjudged, &by_exchange);
        let judged = conformance_level(&report.results, &mine);
        // an interrupted run judges only what ran: at most partial (breaker9c C4)
        let level = if interrupted {
            judged.interrupted()
        } else {
            judged
        };
        let gone = stopped.iter().find(|(d, _)| *d == name).map(|(_, g)| g);
        let reason = crate::app::probe_cmd::run_reason(
            &report,
            &mine,
            (judged, level),
            gone,
            interrupted,
            crate::app::probe_cmd::ReasonOf::Interop(name),
        );
        Direction {
            name,
            report,
            level,
            reason,
        }
    };
    let (ab, ba) = (direction(A_TO_B, report_ab), direction(B_TO_A, report_ba));
    let (level_ab, level_ba) = (ab.level, ba.level);
    // findings on neither leg (none expected) still count against the overall level
    let unlegged: Vec<Finding> = outcome
        .verify
        .findings
        .iter()
        .filter(|f| f.leg.is_none() && f.severity >= Severity::Warning)
        .cloned()
        .collect();
    let mut overall = level_ab.min(level_ba);
    if !unlegged.is_empty() {
        overall = overall.min(ConformanceLevel::Partial);
    }
    let separation = separation_result(outcome.recording.as_deref());
    if separation.status == Status::Fail {
        overall = overall.min(ConformanceLevel::Minimal);
    }
    Ok(InteropRun {
        stopped,
        interrupted,
        directions: [ab, ba],
        outcome,
        separation,
        overall,
        temp_recording,
    })
}

/// The leg of each exchange (`e12` -> `A->B`) of the recording at `path`, from its
/// request heads; empty when there is none or it cannot be read (then no exchange is
/// any direction's, as [`findings_of_direction`] reads a finding without a leg).
pub fn legs_by_exchange(
    path: Option<&std::path::Path>,
) -> std::collections::HashMap<String, String> {
    let mut map = std::collections::HashMap::new();
    let Some(src) = path.and_then(|p| source::open(p).ok()) else {
        return map;
    };
    for ev in src.events.map_while(Result::ok) {
        if let (crate::record::EventKind::RequestHead { .. }, Some(x), Some(leg)) =
            (&ev.kind, &ev.exchange, &ev.leg)
        {
            map.insert(x.to_string(), leg.clone());
        }
    }
    map
}

/// JSON keys whose string values identify a task or a context on the wire (TASK-001).
const ID_KEYS: [&str; 2] = ["contextId", "taskId"];

/// Every `contextId` / `taskId` string value in the request and response bodies of the
/// recording at `path`, per leg (`A->B`, `B->A`). Bodies are joined per exchange first, so
/// an id split across two chunks is still found. Unreadable events are skipped.
///
/// # Errors
/// The recording cannot be opened.
pub fn ids_by_leg(
    path: &std::path::Path,
) -> anyhow::Result<std::collections::BTreeMap<String, std::collections::BTreeSet<String>>> {
    use crate::record::EventKind;
    let src = source::open(path)
        .map_err(|e| anyhow::anyhow!("{e}"))
        .with_context(|| format!("reading the recording {}", path.display()))?;
    let mut text: std::collections::HashMap<String, (String, Vec<u8>)> =
        std::collections::HashMap::new();
    for ev in src.events.map_while(Result::ok) {
        let (Some(leg), Some(ex)) = (ev.leg.as_ref(), ev.exchange.as_ref()) else {
            continue;
        };
        let body = match &ev.kind {
            EventKind::RequestBody { body } | EventKind::ResponseChunk { body } => body,
            _ => continue,
        };
        let e = text
            .entry(ex.to_string())
            .or_insert_with(|| (leg.clone(), Vec::new()));
        e.1.extend_from_slice(&body.data);
        e.1.push(b'\n');
    }
    let mut out: std::collections::BTreeMap<String, std::collections::BTreeSet<String>> =
        std::collections::BTreeMap::new();
    for (leg, bytes) in text.into_values() {
        let s = String::from_utf8_lossy(&bytes);
        let ids = out.entry(leg).or_default();
        for key in ID_KEYS {
            ids.extend(string_values(&s, key));
        }
    }
    Ok(out)
}

/// String values of `"key": "value"` pairs in `text` (JSON or SSE `data:` lines; escaped
/// quotes inside a value end it early, which ids never contain).
fn string_values(text: &str, key: &str) -> Vec<String> {
    let needle = format!("\"{key}\"");
    let mut found = Vec::new();
    let mut rest = text;
    while let Some(i) = rest.find(&needle) {
        rest = &rest[i + needle.len()..];
        let after = rest.trim_start();
        let Some(after) = after.strip_prefix(':') else {
            continue;
        };
        let Some(value) = after.trim_start().strip_prefix('"') else {
            continue;
        };
        if let Some(end) = value.find('"') {
            if end > 0 {
                found.push(value[..end].to_string());
            }
        }
    }
    found
}

/// The `interop.contexts-separate` result: pass when both directions carried ids and none
/// is shared; fail naming the shared ids; skip when the recording is missing or a direction
/// carried no id.
fn separation_result(recording: Option<&std::path::Path>) -> ProbeResult {
    let started = std::time::Instant::now();
    let result = |status: Status, message: String| ProbeResult {
        test: "interop.contexts-separate".into(),
        dialect: None,
        binding: None,
        category: crate::verify::Category::Interop,
        status,
        message,
        duration_ms: u64::try_from(started.elapsed().as_millis()).unwrap_or(u64::MAX),
        owner: None,
        failed_by: None,
    };
    let Some(path) = recording else {
        return result(Status::Skip, "no recording to read ids from".into());
    };
    let ids = match ids_by_leg(path) {
        Ok(ids) => ids,
        Err(e) => return result(Status::Skip, format!("{e:#}")),
    };
    let empty = std::collections::BTreeSet::new();
    let ab = ids.get(A_TO_B).unwrap_or(&empty);
    let ba = ids.get(B_TO_A).unwrap_or(&empty);
    if ab.is_empty() || ba.is_empty() {
        return result(
            Status::Skip,
            format!(
                "no task or context id seen in {}",
                if ab.is_empty() { A_TO_B } else { B_TO_A }
            ),
        );
    }
    let shared: Vec<&String> = ab.intersection(ba).collect();
    if shared.is_empty() {
        result(
            Status::Pass,
            format!(
                "{} ids in {A_TO_B} and {} in {B_TO_A}, none shared",
                ab.len(),
                ba.len()
            ),
        )
    } else {
        result(
            Status::Fail,
            format!(
                "{} task or context ids appear in both directions: {}",
                shared.len(),
                shared
                    .iter()
                    .take(5)
                    .map(|s| s.as_str())
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
        )
    }
}

/// Name of a probe result in an interop run: `interop.send [A->B]`,
/// `interop.streaming.send [B->A 0.3 http+json]` (the `lifecycle.` area is dropped).
pub fn result_name(r: &ProbeResult, direction: &str) -> String {
    let test = r.test.strip_prefix("lifecycle.").unwrap_or(&r.test);
    let mut scope = direction.to_string();
    if let Some(d) = &r.dialect {
        scope.push(' ');
        scope.push_str(d);
    }
    if let Some(b) = &r.binding {
        scope.push(' ');
        scope.push_str(b);
    }
    format!("interop.{test} [{scope}]")
}

/// The report input: both directions' results (named by [`result_name`]), the verifier's
/// outcome on both legs, and the exchange index read back from the recording.
pub fn report_input(run: &InteropRun) -> ReportInput {
    let [ab, ba] = &run.directions;
    run_report_input(
        SourceKind::Interop,
        &run.outcome,
        run.temp_recording.as_ref(),
        format!("A={} B={}", ba.report.target, ab.report.target),
        run.directions
            .iter()
            .flat_map(|d| {
                d.report
                    .results
                    .iter()
                    .map(|r| test_result(r, result_name(r, d.name)))
            })
            .chain(std::iter::once(test_result(
                &run.separation,
                run.separation.test.clone(),
            )))
            .collect(),
    )
}

fn remove_temp(run: &InteropRun) {
    if let Some(tmp) = &run.temp_recording {
        let _ = std::fs::remove_file(tmp);
    }
}

/// 1 when a test or step failed its own checks in either direction (whatever `fail_on`
/// says) or a finding is at or above `fail_on`; else 0. A test failed only by a merged
/// verifier finding counts as that finding (see `probe_cmd::exit_code`).
///
/// `counted`: the findings that count (the run's, or those its `--baseline` does not know).
pub fn exit_code(
    run: &InteropRun,
    counted: &[crate::verify::Finding],
    fail_on: FailOn,
) -> ExitCode {
    let failed = run
        .directions
        .iter()
        .any(|d| d.report.results.iter().any(|x| x.failed_own_checks()));
    if failed || run.separation.failed_own_checks() {
        return ExitCode::from(1);
    }
    findings_exit_code(counted, fail_on)
}

/// The agent a direction calls, as the text report names it: `B "card name"
/// (http://host:port/)` (`B (url)` when its card gave no name).
fn called_agent(d: &Direction) -> String {
    let side = if d.name == B_TO_A { "A" } else { "B" };
    match &d.report.card_name {
        Some(n) => format!(
            "{side} {:?} ({})",
            crate::report::show_controls_line(n),
            d.report.target
        ),
        None => format!("{side} ({})", d.report.target),
    }
}

/// One finding line of direction `d`'s block, labelled by the party at fault rather than
/// the direction (breaker17b V16: `[A->B]` read as "A did it" though it means "the tool,
/// as A, called B"): `error[RULE] agent B "name" (url): message` for the called agent's
/// answers and its push notifications (`… (url), notifying the webhook`); a rule that
/// judges the client's request ([`crate::verify::rules::judges_client`]) on the direction's
/// own leg names the tool, which sent that request as A would.
fn finding_line(f: &report::ReportFinding, d: &Direction) -> String {
    let agent = called_agent(d);
    let leg = f.leg.as_deref().unwrap_or(d.name);
    let party = if leg == d.name {
        if crate::verify::rules::judges_client(&f.rule) {
            format!(
                "client a2a-interop (calling agent {agent} as {} would)",
                if d.name == B_TO_A { "B" } else { "A" }
            )
        } else {
            format!("agent {agent}")
        }
    } else if webhook_leg_of(d.name) == Some(leg) {
        format!("agent {agent}, notifying the webhook")
    } else {
        format!("leg {leg}")
    };
    let line = report::text::one_line(f, None);
    // `severity[RULE]: message` -> `severity[RULE] party: message`
    match line.split_once("]: ") {
        Some((head, rest)) => format!("{head}] {party}: {rest}"),
        None => line,
    }
}

/// Per direction: a heading, one line per result, the leg's findings and its level; then
/// the overall level.
pub fn text_report(run: &InteropRun) -> String {
    text_report_as(run, false, None)
}

/// [`text_report`] (or, `quiet`, [`quiet_text_report`]) of a run judged against its
/// `--baseline` (`judged`: the report input [`super::judge_driven_run`] applied it to): a
/// known finding's line says ` (known, in the baseline)` after its rule, as the text
/// report, `probe` and `verify` of several files mark it (open47: interop's stdout did
/// not), and each direction's count line says `N known, M new`.
pub fn text_report_judged(
    run: &InteropRun,
    quiet: bool,
    judged: Option<&crate::report::ReportInput>,
) -> String {
    text_report_as(run, quiet, judged)
}

/// The text on stdout in brief (`interop --brief`, the default when stdout is a terminal;
/// ux49): per direction its heading and [`crate::app::probe_cmd::brief_body`] (`probe
/// --brief`'s verdict, failures one line each), the separation test when it failed, the
/// overall level, then where the recording and the reports are. `columns`: the terminal's
/// width, which each line fits in ([`crate::app::stdout_columns`]; `None` off a terminal).
pub fn brief_text(
    run: &InteropRun,
    judged: Option<&crate::report::ReportInput>,
    recording: Option<&std::path::Path>,
    reports: &[String],
    columns: Option<usize>,
) -> String {
    let mut s = String::new();
    for d in &run.directions {
        let shown = crate::app::probe_cmd::dialects_shown(&d.report.dialects);
        let side = if d.name == B_TO_A { "A" } else { "B" };
        let named = d
            .report
            .card_name
            .as_ref()
            .map(|n| format!(" {:?}", crate::report::show_controls_line(n)))
            .unwrap_or_default();
        // the agent's URL alone on the next row when the heading does not fit (newcomer57)
        s.push_str(&crate::app::probe_cmd::fit_named(
            &format!("interop [{}] agent {} ({shown})", d.name, called_agent(d)),
            &format!("interop [{}] agent {side}{named} ({shown}) at", d.name),
            &d.report.target,
            columns,
        ));
        s.push('\n');
        let of_d = run.findings_for(d.name);
        let states = judged.and_then(|i| i.baseline.as_ref().map(|b| b.states(&of_d, &i.index)));
        let body = crate::app::probe_cmd::brief_body(
            &d.report,
            &of_d,
            d.level,
            &d.reason,
            states.as_deref(),
            &|x| result_name(x, d.name),
            // the level line gets `[A->B] ` in front (below): the lines keep to the width
            // less that (newcomer56: 87 characters on an 80-column terminal)
            columns.map(|c| c.saturating_sub(d.name.chars().count() + 3)),
        );
        // each line of a direction's block names it, as its count line does in the whole text
        for line in body.lines() {
            // the count line's first row (on a narrow terminal its level is the next row)
            let counts =
                !line.starts_with(' ') && line.contains(" passed, ") && line.contains(" skipped");
            if counts
                || line.starts_with("conformance level: ")
                || line.starts_with("the request budget")
            {
                s.push_str(&format!("[{}] {line}\n", d.name));
            } else {
                s.push_str(line);
                s.push('\n');
            }
        }
        s.push('\n');
    }
    push_verdict(&mut s, run, run.separation.status == Status::Fail);
    s.push_str(&crate::app::probe_cmd::brief_trailer(
        recording, reports, columns,
    ));
    s
}

/// [`text_report`] as `interop -q -o FILE` prints it on stdout, as `probe -q -o FILE` does
/// (session 46): per direction only the failed tests and the count line with its level,
/// the separation test only when it failed, and the overall level; no finding line (the
/// `-o` reports keep every test and finding). Without `-o` the whole text report is the
/// run's one report, `-q` or not.
pub fn quiet_text_report(run: &InteropRun) -> String {
    text_report_as(run, true, None)
}

fn text_report_as(
    run: &InteropRun,
    quiet: bool,
    judged: Option<&crate::report::ReportInput>,
) -> String {
    use crate::report::baseline::BaselineState;
    let mut s = String::new();
    for d in &run.directions {
        if !quiet {
            s.push_str(&format!(
                "interop [{}] agent {} ({})\n",
                d.name,
                called_agent(d),
                crate::app::probe_cmd::dialects_shown(&d.report.dialects)
            ));
        }
        for x in d
            .report
            .results
            .iter()
            .filter(|x| !quiet || x.status == Status::Fail)
        {
            s.push_str(&format!(
                "{:<4}  {}: {} ({} ms)\n",
                x.status.as_str(),
                result_name(x, d.name),
                crate::report::show_controls_line(&x.message),
                x.duration_ms
            ));
        }
        // the direction's leg and the called agent's webhook leg, repeats grouped as the
        // reports group them (`report::group_findings`)
        let of_d = run.findings_for(d.name);
        let states = judged.and_then(|i| i.baseline.as_ref().map(|b| b.states(&of_d, &i.index)));
        let findings = report::model::group_findings_marked(&of_d, states.as_deref());
        for f in findings.iter().filter(|_| !quiet) {
            let line = finding_line(f, d);
            if f.baseline_state == Some(BaselineState::Unchanged) {
                let at = line.find(']').map_or(0, |i| i + 1);
                s.push_str(&line[..at]);
                s.push_str(report::text::KNOWN_TAG);
                s.push_str(&line[at..]);
            } else {
                s.push_str(&line);
            }
            s.push('\n');
        }
        let count = |st: Status| d.report.results.iter().filter(|x| x.status == st).count();
        let known = if states.is_some() {
            let k = findings
                .iter()
                .filter(|f| f.baseline_state == Some(BaselineState::Unchanged))
                .count();
            format!(" ({k} known, {} new)", findings.len() - k)
        } else {
            String::new()
        };
        s.push_str(&format!(
            "[{}] {} passed, {} failed, {} skipped; {} finding{}{known}; {} requests; conformance level: {}\n\n",
            d.name,
            count(Status::Pass),
            count(Status::Fail),
            count(Status::Skip),
            findings.len(),
            if findings.len() == 1 { "" } else { "s" },
            d.report.requests,
            d.level.as_str()
        ));
        if let Some(l) = crate::app::probe_cmd::budget_line(&d.report) {
            // before the blank line that ends the direction's block
            s.pop();
            s.push_str(&format!("[{}] {l}\n\n", d.name));
        }
    }
    let unlegged: Vec<Finding> = run
        .outcome
        .verify
        .findings
        .iter()
        .filter(|f| f.leg.is_none())
        .cloned()
        .collect();
    for f in report::group_findings(&unlegged).iter().filter(|_| !quiet) {
        s.push_str(&report::text::one_line(f, None));
        s.push('\n');
    }
    push_verdict(&mut s, run, !quiet || run.separation.status == Status::Fail);
    s
}

/// The end of an interop text: the separation test's line when `separation`, the overall
/// conformance level with each direction's, and whether the run was interrupted.
fn push_verdict(s: &mut String, run: &InteropRun, separation: bool) {
    if separation {
        s.push_str(&format!(
            "{:<4}  {}: {}\n",
            run.separation.status.as_str(),
            run.separation.test,
            crate::report::show_controls_line(&run.separation.message)
        ));
    }
    s.push_str(&format!(
        "interop conformance level: {} ({A_TO_B}: {}, {B_TO_A}: {})\n",
        run.overall.as_str(),
        run.directions[0].level.as_str(),
        run.directions[1].level.as_str()
    ));
    if run.interrupted {
        s.push_str("interop did not finish (interrupted): the levels above judge only the tests that ran\n");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn direction(name: &'static str, card_name: Option<&str>) -> Direction {
        Direction {
            name,
            report: ProbeReport {
                target: "http://127.0.0.1:9/".into(),
                dialects: vec!["1.0".into()],
                results: Vec::new(),
                requests: 0,
                card_name: card_name.map(str::to_string),
                usage_error: None,
            },
            level: ConformanceLevel::Full,
            reason: String::new(),
        }
    }

    fn finding(rule: &crate::verify::Rule, leg: &str) -> report::ReportFinding {
        let mut f = Finding::new(rule, "the message");
        f.leg = Some(leg.into());
        report::ReportFinding {
            finding: f,
            seen: 1,
            baseline_state: None,
        }
    }

    #[test]
    fn finding_lines_name_the_party_at_fault_not_the_direction() {
        use crate::verify::rules as r;
        let ab = direction(A_TO_B, Some("js \"agent\""));
        assert_eq!(
            finding_line(&finding(&r::RPC_ERROR_CODE, A_TO_B), &ab),
            r#"error[RPC-ERROR-001] agent B "js \"agent\"" (http://127.0.0.1:9/): the message"#
        );
        assert_eq!(
            finding_line(&finding(&r::RPC_ERROR_CODE, B_TO_WEBHOOK), &ab),
            r#"error[RPC-ERROR-001] agent B "js \"agent\"" (http://127.0.0.1:9/), notifying the webhook: the message"#
        );
        let ba = direction(B_TO_A, None);
        assert_eq!(
            finding_line(&finding(&r::RPC_ERROR_CODE, B_TO_A), &ba),
            "error[RPC-ERROR-001] agent A (http://127.0.0.1:9/): the message"
        );
        // a rule on the client's request: the tool sent it, not agent A
        assert_eq!(
            finding_line(&finding(&r::RPC_REQUEST_ID, B_TO_A), &ba),
            "error[RPC-REQ-001] client a2a-interop (calling agent A (http://127.0.0.1:9/) as B would): the message"
        );
    }

    #[test]
    fn id_values_are_found_in_json_and_sse_text() {
        let text = "{\"result\":{\"id\":\"t1\",\"contextId\" : \"c1\"}}\ndata: {\"taskId\":\"t1\",\"contextId\":\"c2\",\"contextId\":\"\",\"contextId\":7}\n";
        assert_eq!(string_values(text, "contextId"), vec!["c1", "c2"]);
        assert_eq!(string_values(text, "taskId"), vec!["t1"]);
        assert!(string_values("{\"contextId\"", "contextId").is_empty());
    }

    #[test]
    fn result_names_carry_direction_dialect_and_binding() {
        let r = ProbeResult {
            test: "lifecycle.send".into(),
            dialect: Some("1.0".into()),
            binding: Some("http+json".into()),
            category: crate::verify::Category::Lifecycle,
            status: Status::Pass,
            message: String::new(),
            duration_ms: 0,
            owner: None,
            failed_by: None,
        };
        assert_eq!(result_name(&r, A_TO_B), "interop.send [A->B 1.0 http+json]");
        let card = ProbeResult {
            test: "card.reachable".into(),
            dialect: None,
            binding: None,
            ..r
        };
        assert_eq!(result_name(&card, B_TO_A), "interop.card.reachable [B->A]");
    }
}

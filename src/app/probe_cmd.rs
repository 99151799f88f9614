/*!
`a2a-interop probe URL`: flags to a [`ProbeConfig`], the run through the in-process
recording pipeline (so the probe's own traffic is recorded and verified like passive
traffic), and its output: the results as text on stdout, plus any `--format F -o FILE`
report rendered by `crate::report` (json, markdown, junit, sarif, html, text).

Exit status: 1 when a test failed its own checks (whatever `--fail-on` says) or a finding
is at or above `--fail-on` (a test failed only by a merged finding counts as that finding);
else 0; 2 for bad flags.
*/

use std::collections::HashMap;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use anyhow::{bail, Context};
use url::Url;

use crate::app::pipeline::{Pipeline, PipelineConfig, RunOutcome};
use crate::cli::{FailOn, ProbeArgs};
use crate::probe::webhook::{WebhookReceiver, WEBHOOK_LEG};
use crate::probe::{
    self, conformance_level, transport::Gone, ConformanceLevel, Dialect, ProbeConfig, ProbeReport,
    Relays, Status, Transport, TransportConfig,
};
use crate::proxy::{ProxyConfig, ProxyExtras};
use crate::record::redact::redact_url;
use crate::record::{source, EventKind, Route, DEFAULT_CAPTURE_CAP};
use crate::report::{
    self, ExchangeIndex, Report, ReportInput, SourceFile, SourceInfo, SourceKind, TestResult,
};
use crate::verify::{Finding, Severity};

/// Runs the probe command. Errors are operational (exit 2).
pub fn run(a: ProbeArgs) -> anyhow::Result<ExitCode> {
    let shown = redact_url(&a.url);
    let base = checked_agent_url(&a.url, "probe URL")?;
    let base = match crate::probe::plan::base_of_card_url(&base) {
        Some(b) => {
            crate::errln!(
                "a2a-interop: note: {shown} is the Agent Card URL; probing the agent at {}",
                redact_url(b.as_str())
            );
            b
        }
        None => base,
    };
    let cfg = config_from(&a)?;
    // checked here under the flag the user gave (breaker9a B20: not as the internal proxy's
    // --upstream-ca when the recording pipeline starts)
    crate::proxy::tls::ca_certs(&a.ca, "--ca").map_err(|e| anyhow::anyhow!("{e}"))?;
    if let Some(note) = dialect_note(&a.dialect) {
        crate::errln!("a2a-interop: note: {note}");
    }
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
    let record_in: Vec<&std::path::Path> = a.record.iter().map(PathBuf::as_path).collect();
    let loaded_baseline =
        super::load_baseline(&a.output.baseline, &record_in).map_err(anyhow::Error::msg)?;
    let wait = a.wait_for_agent.as_deref().map(parse_wait).transpose()?;
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .context("starting the async runtime")?;
    if let Err(e) = rt.block_on(reachable_at_start(&base, &a.ca, wait, a.quiet)) {
        write_unreachable_junit(&pairs, &redact_url(base.as_str()), &e);
        return Err(e);
    }
    let run = rt.block_on(probe_through_pipeline(&a, &cfg, base.clone()))?;
    if let Some(m) = no_card_here(&run.report, &base) {
        // not an A2A agent's base URL: the user's mistake (exit 2), not a non-conformant agent
        remove_temp(&run);
        let m = match rt.block_on(card_at_origin(&base)) {
            Some(card) => format!(
                "{m}; the agent's Agent Card is at {}; hint: probe {}",
                redact_url(card.as_str()),
                redact_url(&base.origin().ascii_serialization())
            ),
            None => format!(
                "{m}; hint: give the agent's base URL (where /.well-known/agent-card.json is served), not an interface URL or another service"
            ),
        };
        crate::errln!("a2a-interop: {m}");
        return Ok(ExitCode::from(2));
    }
    if let Some(m) = &run.report.usage_error {
        // an operator mistake (a flag naming what the card does not offer): exit 2
        remove_temp(&run);
        crate::errln!("a2a-interop: {m}");
        return Ok(ExitCode::from(2));
    }
    let findings = &run.outcome.verify.findings;
    // the baseline applied on the recording (a finding's location is its exchange's
    // request), before a temporary recording is removed: known findings not counted
    let mut judged_input: Option<ReportInput> = None;
    let mut counted: Vec<Finding> = findings.clone();
    let mut states = None;
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
        states = input
            .baseline
            .as_ref()
            .map(|b| b.states(findings, &input.index));
        judged_input = Some(input);
    }
    let judged = conformance_level(&run.report.results, findings);
    // an interrupted run judges only what ran: at most partial (breaker9c C4)
    let level = if run.interrupted {
        judged.interrupted()
    } else {
        judged
    };

    if pairs.is_empty() {
        remove_temp(&run);
    }
    // the results always reach stdout as text unless a report goes there
    let to_stdout = pairs.iter().any(|(_, p)| p.as_os_str() == "-");
    if !to_stdout {
        // `-q` with `-o` reports to files, whatever their format (session 46): the failed
        // tests and the count line, not every test and finding (the reports keep them);
        // else in brief on a terminal or with --brief (session 48), whole with --verbose
        // or when stdout is no terminal (a pipe, a file, a CI log)
        let mode = text_mode(a.quiet, a.brief, a.verbose);
        let quiet_o = mode == TextMode::Quiet;
        if mode == TextMode::Brief {
            let reason = run_reason(
                &run.report,
                findings,
                (judged, level),
                run.stopped.as_ref(),
                run.interrupted,
                ReasonOf::Probe,
            );
            let reports: Vec<String> = pairs.iter().map(|(_, p)| p.display().to_string()).collect();
            crate::out!(
                "{}",
                brief_report(
                    &run.report,
                    findings,
                    level,
                    &reason,
                    states.as_deref(),
                    a.record.as_deref(),
                    &reports,
                    crate::app::stdout_columns()
                )
            );
        } else {
            // `-q` or `--verbose` on a terminal: every line still, each row within its
            // width (newcomer59: `-q`'s failed tests of 300 to 600 characters wrapped
            // mid-word); a pipe or a file gets the rows whole
            crate::out!(
                "{}",
                fit_to_terminal(text_report_marked(
                    &run.report,
                    findings,
                    level,
                    states.as_deref(),
                    quiet_o
                ))
            );
        }
        if run.stopped.is_some() || run.interrupted {
            crate::outln!(
                "the probe did not finish: the level above judges only the tests that ran"
            );
        }
    }
    if !pairs.is_empty() {
        // JUnit fails what the exit status counts (--fail-on)
        let input = judged_input.take().unwrap_or_else(|| {
            report_input(&run)
                .with_failure_floor(a.output.fail_on.unwrap_or(FailOn::Error).junit_floor())
        });
        remove_temp(&run);
        let mut model = Report::build(&input);
        model.conformance_level = report_level(level);
        model.conformance_reason = run_reason(
            &run.report,
            findings,
            (judged, level),
            run.stopped.as_ref(),
            run.interrupted,
            ReasonOf::Probe,
        );
        if run.interrupted {
            model.mark_interrupted("the probe", "tests");
        }
        // the brief text's `reports:` line named them (newcomer57: the `wrote` line,
        // 220 characters, ended the first screen, wrapped over three rows, saying it again)
        let brief = !to_stdout && text_mode(a.quiet, a.brief, a.verbose) == TextMode::Brief;
        if !write_reports(&pairs, &model, &input, a.quiet || brief) {
            // results are never lost to a report error
            if to_stdout {
                crate::out!(
                    "{}",
                    text_report_marked(&run.report, findings, level, states.as_deref(), false)
                );
            }
            return Ok(ExitCode::from(2));
        }
    }
    recording_note(
        a.record.as_deref(),
        a.quiet,
        a.brief,
        a.verbose,
        run.interrupted,
    );
    if run.interrupted {
        crate::errln!(
            "a2a-interop: interrupted: the probe stopped early; the results up to there are kept (tests not run are skipped){}",
            match (&a.record, pairs.is_empty()) {
                (Some(r), _) => format!(", recording {}", r.display()),
                (None, false) => ", reports written".to_string(),
                (None, true) => String::new(),
            }
        );
        return Ok(ExitCode::from(130));
    }
    if let Some(g) = &run.stopped {
        crate::errln!("a2a-interop: {}", stopped_message(g));
        return Ok(ExitCode::from(2));
    }
    if let Some(line) = timeout_note(&run.report, &a.timeout) {
        crate::errln!("{line}");
    }
    if let Some(line) = run.report.credentials_blocked() {
        // a failed test is the agent's: it keeps exit 1
        if run.report.failures().is_empty() {
            crate::errln!("a2a-interop: {line}");
            return Ok(ExitCode::from(2));
        }
    }
    let fail_on = a.output.fail_on.unwrap_or(FailOn::Error);
    Ok(exit_code(&run.report, &counted, fail_on))
}

/// When `card.reachable` failed because every well-known card path under the probed URL
/// answered 404 (CARD-002: the card is served at `/.well-known/agent-card.json` of the
/// agent's base URL), the one-line cause: the URL is not an A2A agent's base URL (an
/// interface URL, a path, another service). `None` otherwise (a card that is there but
/// broken, or an agent that did not answer, is the agent's failure).
pub fn no_card_here(r: &ProbeReport, base: &Url) -> Option<String> {
    let card = r.result("card.reachable", None)?;
    if card.status != crate::probe::Status::Fail {
        return None;
    }
    let tried = card.message.strip_prefix("no agent card at ")?;
    let all_404 = !tried.is_empty() && tried.split(", ").all(|t| t.ends_with("(HTTP 404)"));
    all_404.then(|| {
        format!(
            "no A2A Agent Card under {}: {tried}",
            redact_url(base.as_str())
        )
    })
}

/// The Agent Card URL at the origin root of `base` (`http://host:port/.well-known/agent-card.json`)
/// when `base` has a path and a JSON object is served there; `None` otherwise (or for
/// `https://`, which this check does not open).
pub async fn card_at_origin(base: &Url) -> Option<Url> {
    if base.path().trim_matches('/').is_empty() || base.scheme() != "http" {
        return None;
    }
    let url = base.join("/.well-known/agent-card.json").ok()?;
    let client = hyper_util::client::legacy::Client::builder(hyper_util::rt::TokioExecutor::new())
        .build_http::<http_body_util::Empty<bytes::Bytes>>();
    let req = http::Request::get(url.as_str())
        .header(http::header::ACCEPT, "application/json")
        .body(http_body_util::Empty::new())
        .ok()?;
    let resp = tokio::time::timeout(std::time::Duration::from_secs(10), client.request(req))
        .await
        .ok()?
        .ok()?;
    if resp.status() != http::StatusCode::OK {
        return None;
    }
    use http_body_util::BodyExt as _;
    let body = tokio::time::timeout(
        std::time::Duration::from_secs(10),
        http_body_util::Limited::new(resp.into_body(), 1 << 20).collect(),
    )
    .await
    .ok()?
    .ok()?
    .to_bytes();
    serde_json::from_slice::<serde_json::Value>(&body)
        .ok()
        .filter(serde_json::Value::is_object)
        .map(|_| url)
}

/// `url` read as an agent's URL for `which` (`probe URL`, interop's `agent A URL`), or
/// the exit-2 error naming `which` and the URL (credentials redacted, CARD-011): an empty
/// authority, no URL, a scheme other than http(s) or no host, port 0. An Agent Card URL is
/// returned as given ([`crate::probe::plan::base_of_card_url`] is the caller's, each
/// saying its own note). One check for `probe` and `interop` (duplicates D34).
///
/// # Errors
/// As above, `<which> ...; hint: ...`.
pub(crate) fn checked_agent_url(url: &str, which: &str) -> anyhow::Result<Url> {
    // the URL may carry credentials (`user:pw@`, `?api_key=`): shown redacted (CARD-011)
    let shown = redact_url(url);
    if let Some(why) = crate::proxy::route::empty_authority(&shown) {
        bail!("{which} {why}");
    }
    let u = Url::parse(url).map_err(|e| {
        anyhow::anyhow!(
            "{which} {shown:?} is not a URL: {}; hint: {}",
            crate::model::net::url_parse_why(&shown, e),
            crate::proxy::route::url_hint(&shown)
        )
    })?;
    if !matches!(u.scheme(), "http" | "https") || u.host_str().is_none() {
        bail!(
            "{which} {shown} must be http(s)://host[:port][/path]; hint: {}",
            crate::proxy::route::url_hint(&shown)
        );
    }
    if let Some(why) = crate::model::net::zero_port(&u) {
        bail!("{which} {shown}: {why}; hint: give the port the agent listens on");
    }
    Ok(u)
}

/// A finished probe: the test results and what the pipeline recorded and verified.
pub struct ProbeRun {
    /// The probe's own test results.
    pub report: ProbeReport,
    /// Recording header, recording path, and the verifier's findings on the probe traffic.
    pub outcome: RunOutcome,
    /// Recording written only to build the report's exchange index (deleted after use).
    pub temp_recording: Option<PathBuf>,
    /// Set when the probe could not finish: the agent stopped answering (`--max-unanswered`
    /// requests in a row), or the last request went unanswered and the agent no longer
    /// accepts connections (it died). Exit 2.
    pub stopped: Option<Gone>,
    /// Ctrl-C / SIGTERM stopped the run early (tests not run are skipped). Exit 130.
    pub interrupted: bool,
}

/// [`reachable`]'s error when the TCP connect failed: its words, and the I/O error's kind
/// for a caller that acts on it (`ConnectionRefused`: nothing listens there) without
/// reading the words.
#[derive(Debug)]
pub struct ConnectError {
    /// The connect error's kind.
    pub kind: std::io::ErrorKind,
    /// The whole message, cause and hint.
    pub text: String,
}

impl std::fmt::Display for ConnectError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.text)
    }
}

impl std::error::Error for ConnectError {}

/// Starts the recording pipeline in front of the agent (route `/` to the agent's origin,
/// card rewrite on, lossless), runs the plan through it, and finishes the pipeline.
///
/// # Errors
/// The pipeline cannot start (recording file not creatable) or finish.
/// Operational pre-check (exit 2, not a verdict): the agent's address accepts TCP
/// connections within 10 s, and for an `https://` URL completes a TLS handshake under the
/// same trust as the run (the OS roots plus the `ca` PEM files of `--ca`; SNI = the URL's
/// host). Without it a dead agent, or one whose certificate is not trusted or that speaks
/// no TLS on that port, would show up as the in-process proxy's 502 and be reported as a
/// non-conformant agent that "stopped answering" (newcomer21 N1). No HTTP request is sent:
/// every request of the run goes through the recording pipeline.
///
/// # Errors
/// Unresolvable host, connection refused, no answer within 10 s, or a failed TLS
/// handshake, naming the address and the fix (`--ca FILE`, a name the certificate lists,
/// `http://` for a plain port).
pub async fn reachable(base: &Url, ca: &[PathBuf]) -> anyhow::Result<()> {
    let host = base.host_str().unwrap_or("");
    let port = base.port_or_known_default().unwrap_or(80);
    let target = format!("{host}:{port}");
    let tcp = match tokio::time::timeout(
        std::time::Duration::from_secs(10),
        tokio::net::TcpStream::connect(&target),
    )
    .await
    {
        Ok(Ok(tcp)) => tcp,
        Ok(Err(e)) if resolve_failed(&e) => bail!(
            "cannot connect to the agent at {target}: {e}; hint: the host name {host} does not resolve here: check its spelling, or use the agent's IP address"
        ),
        Ok(Err(e)) => {
            return Err(ConnectError {
                kind: e.kind(),
                text: format!(
                    "cannot connect to the agent at {target}: {e}; hint: is the agent running, and is the URL's port right?"
                ),
            }
            .into())
        }
        Err(_) => bail!("cannot connect to the agent at {target}: no answer within 10 s"),
    };
    if base.scheme() != "https" {
        return Ok(());
    }
    let Some(h) = base.host() else {
        bail!("probe URL has no host")
    };
    let name = crate::proxy::tls::server_name_of_host(&h)
        .ok_or_else(|| anyhow::anyhow!("{host} is not a TLS server name"))?;
    let cfg = crate::proxy::tls::client_config(ca, false)
        .map_err(|e| anyhow::anyhow!("{}", e.to_string().replace("--upstream-ca", "--ca")))?;
    let tls = tokio_rustls::TlsConnector::from(std::sync::Arc::new(cfg));
    match tokio::time::timeout(std::time::Duration::from_secs(10), tls.connect(name, tcp)).await
    {
        Ok(Ok(_)) => Ok(()),
        Ok(Err(e)) => bail!(
            "the TLS handshake with the agent at {target} failed: {}; hint: {}",
            // (an expired certificate's times are the hint's, in dates)
            crate::proxy::tls::without_validity_times(&e.to_string()),
            tls_precheck_hint(&e.to_string(), host, &target, !ca.is_empty())
        ),
        Err(_) => bail!(
            "the agent at {target} accepts connections but did not complete a TLS handshake within 10 s; hint: is that port https? for plain HTTP give http://{target}"
        ),
    }
}

/// `--wait-for-agent`'s value ([`parse_duration`], its messages naming this flag).
///
/// # Errors
/// As [`parse_duration`].
pub fn parse_wait(s: &str) -> anyhow::Result<Duration> {
    parse_duration(s)
        .map_err(|e| anyhow::anyhow!("{}", e.to_string().replace("--timeout", "--wait-for-agent")))
}

/// The JUnit reports of `pairs` (`-f junit -o FILE`, `-` for stdout) of a run that exits 2
/// because the agent at `target` (credentials redacted) was unreachable at its start-up
/// check ([`reachable_at_start`] failed with `e`): one failed testcase saying so, with the
/// reason ([`crate::report::junit::render_unreachable`]), and a line on stderr naming the
/// file. Other formats are not written (there are no results to put in them). A file that
/// cannot be written is said on stderr; the exit stays 2.
pub fn write_unreachable_junit(
    pairs: &[(crate::report::Format, PathBuf)],
    target: &str,
    e: &anyhow::Error,
) {
    for (_, path) in pairs
        .iter()
        .filter(|(f, _)| matches!(f, crate::report::Format::Junit))
    {
        let xml = match crate::report::junit::render_unreachable(target, &format!("{e:#}")) {
            Ok(x) => x,
            Err(err) => {
                crate::errln!("a2a-interop: cannot render the JUnit report: {err}");
                continue;
            }
        };
        if path.as_os_str() == "-" {
            crate::out!("{xml}");
            continue;
        }
        match crate::record::outfile::write_file(path, xml.as_bytes()) {
            Ok(()) => crate::errln!(
                "a2a-interop: wrote {} (junit report: the agent at {target} was unreachable, nothing was tested)",
                path.display()
            ),
            Err(err) => crate::errln!("a2a-interop: cannot write {}: {err}", path.display()),
        }
    }
}

/// The start-up check of `probe` and `interop`: with `wait` (`--wait-for-agent`), first
/// waits up to that long for the agent's address to accept a TCP connection, trying every
/// 250 ms (an agent the CI job started a moment ago: a Python SDK agent takes seconds to
/// listen); a line on stderr says so once the first try failed, and how long it took when
/// it connects (unless `quiet`). Then [`reachable`]. Without `wait`, a refused connection
/// is exit 2 at once, and its hint names the flag (newcomer27 N2: a CI job that started
/// the agent and probed it on the next line got exit 2 and no report, with a hint to check
/// that the agent runs, which it was about to).
///
/// # Errors
/// As [`reachable`]; after a wait that ran out, the cause says how long it waited.
pub async fn reachable_at_start(
    base: &Url,
    ca: &[PathBuf],
    wait: Option<Duration>,
    quiet: bool,
) -> anyhow::Result<()> {
    let host = base.host_str().unwrap_or("");
    let port = base.port_or_known_default().unwrap_or(80);
    let target = format!("{host}:{port}");
    if let Some(wait) = wait {
        // Ctrl-C, SIGTERM or SIGHUP while waiting, or during the check that follows it (a
        // port that accepts but never completes a TLS handshake holds it up to 10 s), ends
        // the run at once: no request was sent. The handlers installed here replace the
        // signals' default action, so the check runs under them too (review27b: a SIGTERM
        // right after the wait was swallowed, and the run went on to exit 2 seconds later).
        let mut stop = Box::pin(crate::app::proxy_cmd::stop_signal()?);
        let t0 = std::time::Instant::now();
        let waiting = async {
            let mut said = false;
            loop {
                let left = wait.saturating_sub(t0.elapsed());
                let tried = tokio::time::timeout(
                    left.max(Duration::from_millis(1)),
                    tokio::net::TcpStream::connect(&target),
                )
                .await;
                if matches!(tried, Ok(Ok(_))) {
                    if said && !quiet {
                        crate::errln!(
                            "a2a-interop: the agent at {target} accepts connections (after {:.1} s)",
                            t0.elapsed().as_secs_f64()
                        );
                    }
                    break;
                }
                if t0.elapsed() >= wait {
                    break;
                }
                if !said && !quiet {
                    crate::errln!(
                        "a2a-interop: waiting up to {} for the agent at {target} to accept connections (--wait-for-agent)",
                        show_duration(wait)
                    );
                }
                said = true;
                tokio::time::sleep(
                    Duration::from_millis(250).min(wait.saturating_sub(t0.elapsed())),
                )
                .await;
            }
        };
        let accepted = std::cell::Cell::new(false);
        let checked = async {
            waiting.await;
            accepted.set(true);
            reachable(base, ca).await
        };
        let checked = tokio::select! {
            r = checked => r,
            () = &mut stop => {
                if accepted.get() {
                    crate::errln!(
                        "a2a-interop: interrupted while checking the agent at {target} before the run (it accepts connections; --wait-for-agent): nothing was sent, no report written"
                    );
                } else {
                    crate::errln!(
                        "a2a-interop: interrupted while waiting for the agent at {target} to accept connections (--wait-for-agent): nothing was sent, no report written"
                    );
                }
                std::process::exit(if crate::app::proxy_cmd::hung_up() { 129 } else { 130 });
            }
        };
        if checked.is_ok() {
            // The hand-over: these handlers stay in force until the run's own take over
            // (its `stop_signal`, which ends this one), so a Ctrl-C while the run starts
            // (the recorder opening its file, the listeners binding) is not swallowed
            // (q28c: it was, for milliseconds, and the run went on to its end).
            let target = target.clone();
            crate::app::proxy_cmd::hand_over(async move {
                stop.await;
                crate::errln!(
                    "a2a-interop: interrupted while the run was starting (the agent at {target} accepts connections; --wait-for-agent): nothing was sent, no report written"
                );
                std::process::exit(if crate::app::proxy_cmd::hung_up() {
                    129
                } else {
                    130
                });
            });
        }
        return checked.map_err(|e| {
            let m = format!("{e:#}");
            match m.split_once("; hint: is the agent running") {
                Some((cause, _)) => anyhow::anyhow!(
                    "{cause} (still, after waiting {} with --wait-for-agent); hint: is the agent running (did it start, or exit at start-up: its log), and is the URL's port right?",
                    show_duration(wait)
                ),
                None => e,
            }
        });
    }
    reachable(base, ca).await.map_err(|e| {
        let m = format!("{e:#}");
        if m.ends_with("; hint: is the agent running, and is the URL's port right?") {
            anyhow::anyhow!(
                "{m} (an agent the CI job has just started may not listen yet: --wait-for-agent 60s waits for it){}",
                reference_agent_hint(base)
            )
        } else {
            e
        }
    })
}

/// For an agent URL on this machine's loopback (127.0.0.0/8, `[::1]`, `localhost`) where
/// nothing listens, the command that serves the built-in reference agent at that address,
/// for a newcomer trying `probe` or `interop` with no agent of their own (newcomer60: README's
/// `interop http://127.0.0.1:9999 http://127.0.0.1:9998` needed a second agent no line said
/// how to start). Shape: `; no agent of your own to try it on? `a2a-interop demo --agent-only
/// --listen 127.0.0.1:9998` runs the reference agent there`, or empty for another host or
/// a URL with a path (the reference agent serves its card at the root only).
fn reference_agent_hint(base: &Url) -> String {
    let loopback = match base.host() {
        Some(url::Host::Ipv4(ip)) => ip.is_loopback(),
        Some(url::Host::Ipv6(ip)) => ip.is_loopback(),
        Some(url::Host::Domain(d)) => d.eq_ignore_ascii_case("localhost"),
        None => false,
    };
    if !loopback || base.scheme() != "http" || !base.path().trim_matches('/').is_empty() {
        return String::new();
    }
    let Some(port) = base.port_or_known_default() else {
        return String::new();
    };
    let host = match base.host() {
        Some(url::Host::Ipv6(ip)) => format!("[{ip}]"),
        Some(h) => h.to_string(),
        None => return String::new(),
    };
    format!(
        "; no agent of your own to try it on? `a2a-interop demo --agent-only --listen {host}:{port}` runs the reference agent there"
    )
}

/// `500 ms`, `30 s`, `2 min`: a `--wait-for-agent` value as said back.
fn show_duration(d: Duration) -> String {
    let ms = d.as_millis();
    if ms.is_multiple_of(60_000) {
        format!("{} min", ms / 60_000)
    } else if ms.is_multiple_of(1000) {
        format!("{} s", ms / 1000)
    } else {
        format!("{ms} ms")
    }
}

/// True when a connect error is a failed name lookup (`getaddrinfo`), not a refusal.
pub(crate) fn resolve_failed(e: &std::io::Error) -> bool {
    let m = e.to_string().to_ascii_lowercase();
    m.contains("lookup address")
        || m.contains("name or service not known")
        || m.contains("nodename nor servname")
}

/// The fix for a failed TLS handshake of the probe's pre-check, from rustls's error text
/// (`cause`), in the probe's own flags (`--ca`, the URL's scheme; never the proxy's
/// `--upstream-ca` / `--insecure-upstream`).
fn tls_precheck_hint(cause: &str, host: &str, target: &str, ca_given: bool) -> String {
    use crate::proxy::tls::TlsFailure as F;
    match crate::proxy::tls::tls_failure(cause) {
        Some(F::UnknownIssuer) => {
            let trusted = if ca_given {
                "neither the OS roots nor the --ca files"
            } else {
                "the OS roots; no --ca given"
            };
            format!("the agent's certificate chains to no CA this run trusts ({trusted}): pass that CA, or the self-signed certificate itself, with --ca FILE (PEM)")
        }
        Some(F::BadSignature) => "the agent's certificate names a trusted CA as its issuer but that CA's key did not sign it (a --ca of the same name made anew?): pass the CA that signed it, or the agent's own certificate, with --ca FILE (PEM)".into(),
        Some(F::NotValidForName) => format!("the agent's certificate does not name {host}: probe it by a name the certificate lists (above)"),
        Some(F::OutsideValidity) => match crate::proxy::tls::validity_dates(cause) {
            Some(dates) => format!(
                "{dates}: renew the agent's certificate (or set this machine's clock right if it is wrong)"
            ),
            None => "the agent's certificate is outside its validity period (or this machine's clock is wrong)".into(),
        },
        Some(F::NotTls) => format!("the agent does not speak TLS on that port: give http://{target}"),
        Some(F::NoSharedParameters | F::CertificateRefused) | None => format!(
            "`openssl s_client -connect {target} -servername {host}` shows what the agent sends"
        ),
    }
}

pub async fn probe_through_pipeline(
    a: &ProbeArgs,
    cfg: &ProbeConfig,
    base: Url,
) -> anyhow::Result<ProbeRun> {
    let origin = base.origin().ascii_serialization();
    let temp_recording = if a.record.is_none() {
        Some(std::env::temp_dir().join(format!("a2a-interop-probe-{}.jsonl", uuid::Uuid::new_v4())))
    } else {
        None
    };
    // push tests: the agent's webhook calls go through a second listener (leg
    // `agent->webhook`) to the receiver, so they are recorded and verified too
    let receiver = WebhookReceiver::start()
        .await
        .context("starting the webhook receiver")?;
    let pipeline = start_driver_pipeline(
        "probe",
        ProxyConfig {
            listen: SocketAddr::from(([127, 0, 0, 1], 0)),
            routes: vec![Route {
                prefix: "/".into(),
                upstream: origin,
                leg: None,
            }],
            rewrite_card: true,
            capture_cap: DEFAULT_CAPTURE_CAP,
            leg: None,
        },
        vec![webhook_listener(receiver.local_addr(), WEBHOOK_LEG)],
        a.record.clone(),
        temp_recording.as_ref(),
        a.ca.clone(),
        // the headers the user said carry credentials are redacted whatever their name
        cfg.auth_headers.iter().map(|(n, _)| n.clone()).collect(),
        a.overwrite,
    )
    .await?;
    let mut cfg = cfg.clone();
    if cfg.webhook.is_none() {
        cfg.webhook = pipeline
            .extra_addrs()
            .first()
            .and_then(|via| receiver.webhook_via(*via));
    }
    let cfg = &cfg;
    // card URLs on another origin (port, scheme, --allow-host) are recorded too
    let relays = Relays::new(
        pipeline.sink().clone(),
        None,
        crate::proxy::tls::UpstreamTrust {
            ca: a.ca.clone(),
            insecure: false,
        },
    );
    let t = Transport::new(TransportConfig {
        base: base.clone(),
        via: Some(pipeline.proxy_addr()),
        allow_hosts: a.allow_hosts.clone(),
        max_requests: a.max_requests,
    })
    .with_max_unanswered(a.max_unanswered)
    .with_progress(!a.quiet)
    .with_relays(relays.clone());
    // Ctrl-C / SIGTERM: stop sending, let the plan skip what is left, report what ran;
    // a second one ends the process at once.
    let stop = crate::app::proxy_cmd::stop_signal()?;
    let plan = probe::run(cfg, &t);
    tokio::pin!(plan);
    let mut report = tokio::select! {
        r = &mut plan => r,
        _ = stop => {
            crate::errln!(
                "a2a-interop: interrupted: stopping the probe, writing the results so far (stopped by {}; {} quits at once)",
                crate::report::model::stop_cause(),
                crate::report::model::stop_again()
            );
            t.interrupt();
            crate::app::proxy_cmd::quit_on_a_further_signal();
            plan.await
        }
    };
    let interrupted = t.interrupted();
    // the last request got no answer: is the agent still there? Asked through the
    // recording proxy, so the answer (or the refusal) is in the recording and the verifier
    // reads it as the run's verdict does (open48)
    let check = check_after_run(&t, interrupted).await;
    relays.shutdown().await;
    // the target goes into the text, every report format and stdout: never its credentials
    report.target = redact_url(&report.target).into_owned();
    let outcome = pipeline.finish().await?;
    receiver.shutdown().await;
    let stopped = stopped_after_run(&t, interrupted, check, &base, &a.ca).await;
    let by_exchange = tests_by_exchange(outcome.recording.as_deref());
    probe::merge_findings(&mut report.results, &outcome.verify.findings, &by_exchange);
    // a pass on an exchange the verifier did not judge whole stands on nothing (fix51)
    probe::fail_unjudged(
        &mut report.results,
        &outcome.verify.incomplete,
        &by_exchange,
    );
    Ok(ProbeRun {
        report,
        outcome,
        temp_recording,
        stopped,
        interrupted,
    })
}

/// The post-run liveness check of one agent's run on transport `t` (open48; `interop`'s
/// two directions too, open49): when the run was not interrupted, did not stop, and its
/// last request went unanswered, a GET of the agent's card through the run's own
/// recording proxy ([`Transport::liveness_check`], at most [`LIVENESS_TIMEOUT`]), so the
/// answer (or the refusal) is in the recording and the verifier reads it as the run's
/// verdict ([`stopped_after_run`]) does. `None` when no check was due. Call it before the
/// run's pipeline finishes.
pub async fn check_after_run(
    t: &Transport,
    interrupted: bool,
) -> Option<Result<crate::probe::transport::ProbeResponse, crate::probe::SendError>> {
    match (interrupted, t.gone(), t.last_unanswered()) {
        (false, None, Some(_)) => Some(t.liveness_check(LIVENESS_TIMEOUT).await),
        _ => None,
    }
}

/// Why the run on transport `t` (agent at `base`, trusting `ca`) could not finish, if it
/// could not: its own stop ([`Transport::gone`]), or its last request unanswered and the
/// agent then found dead by `check` ([`check_after_run`]; when that got no answer in time,
/// by a TCP connect to `base`); `None` when interrupted or the agent is still there (it
/// only failed that test). With [`note_tls_port`] applied. One code path for `probe` and
/// each direction of `interop` (open49).
pub async fn stopped_after_run(
    t: &Transport,
    interrupted: bool,
    check: Option<Result<crate::probe::transport::ProbeResponse, crate::probe::SendError>>,
    base: &Url,
    ca: &[PathBuf],
) -> Option<Gone> {
    let stopped = match t.gone() {
        _ if interrupted => None,
        Some(g) => Some(g),
        // the last request got no answer: a dead agent (connection refused) is the tool
        // not finishing, an agent that still accepts connections only failed that test
        None => match (t.last_unanswered(), check) {
            (Some(mut g), Some(check)) => match dead_by_check(check) {
                Checked::Alive => None,
                Checked::Dead(connect_failure, why) => {
                    g.connect_failure = connect_failure;
                    g.error = format!("{}; now {why}", g.error);
                    Some(g)
                }
                // no answer through the proxy in time (a connect that hangs, or an agent
                // that accepts and stays silent): its TCP connect tells them apart, as
                // before the check was recorded
                Checked::Unknown => match reachable(base, ca).await {
                    Ok(()) => None,
                    Err(e) => {
                        if e.downcast_ref::<ConnectError>()
                            .is_some_and(|c| c.kind == std::io::ErrorKind::ConnectionRefused)
                        {
                            g.connect_failure = Some(crate::record::ConnectFailure::Refused);
                        }
                        g.error = format!("{}; now {e:#}", g.error);
                        Some(g)
                    }
                },
            },
            _ => None,
        },
    };
    let mut stopped = stopped;
    if let Some(g) = stopped.as_mut() {
        note_tls_port(g).await;
    }
    stopped
}

/// How long the liveness check after a run whose last request went unanswered waits for
/// the agent's answer ([`crate::probe::transport::Transport::liveness_check`]): 10 s, the
/// start-up check's connect limit ([`reachable`]).
const LIVENESS_TIMEOUT: Duration = Duration::from_secs(10);

/// What the liveness check after a run says about the agent ([`dead_by_check`]).
#[derive(Debug, PartialEq)]
enum Checked {
    /// The agent answered (any status), or a connection came up and was closed or reset
    /// unanswered (an agent that fails calls, not a dead one).
    Alive,
    /// No connection came up (the recording's `connect_failure`), or the TLS handshake
    /// failed: the kind when known, and the words for the stop's message.
    Dead(Option<crate::record::ConnectFailure>, String),
    /// No answer in time, or the run's own proxy could not be reached.
    Unknown,
}

/// The verdict of the recorded liveness check `r`: dead when the run's proxy answered its
/// own 502 for want of a connection (`connect_failure`, recorded in the exchange's
/// `exchange_end`, which the verifier reads too) or of a TLS handshake.
fn dead_by_check(
    r: Result<crate::probe::transport::ProbeResponse, crate::probe::SendError>,
) -> Checked {
    let Ok(r) = r else {
        return Checked::Unknown;
    };
    let Some(why) = r.proxy_answered() else {
        return Checked::Alive;
    };
    let w = why.to_ascii_lowercase();
    if r.connect_failure.is_some() || w.contains("tls") || w.contains("certificate") {
        Checked::Dead(
            r.connect_failure,
            format!("the check GET /.well-known/agent-card.json: {why}"),
        )
    } else {
        Checked::Alive
    }
}

/// Sets [`Gone::tls_port`] when the last unanswered request went to an `http://` URL,
/// its connection was reset or closed without an HTTP answer (no TLS record bytes to tell
/// by: a server that gives no alert, as OpenSSL's and Python's `ssl` do on plain HTTP),
/// and the port then completes a TLS handshake (RFC 8446 §4.1; at most 3 s for the
/// connect and 3 s for the handshake). A timeout or a refused connection is not asked.
pub async fn note_tls_port(g: &mut Gone) {
    let e = g.error.to_ascii_lowercase();
    if g.connect_failure.is_some()
        || e.contains("tls record bytes")
        || !(e.contains("no valid http response") || e.contains("cannot parse"))
    {
        return;
    }
    let Some(url) = g
        .request
        .split_once(' ')
        .and_then(|(_, u)| Url::parse(u).ok())
        .filter(|u| u.scheme() == "http")
    else {
        return;
    };
    g.tls_port = crate::proxy::tls::speaks_tls(&url, Duration::from_secs(3)).await;
}

/// The one-line exit-2 message of a probe that could not finish: the last test, the last
/// request and its connection error, and that the results so far were kept. The lead and
/// the hint follow the cause: an agent that stopped answering (a timeout, a refused or
/// reset connection) is told apart from one whose answers cannot be read (a TLS failure,
/// TLS bytes on an `http://` URL, a non-HTTP answer), where a longer `--timeout` would not
/// help (newcomer21 N1). The in-process proxy's own `(hint: ...)`, which names proxy flags,
/// is replaced by the probe's.
pub fn stopped_message(g: &Gone) -> String {
    let during = g
        .test
        .as_deref()
        .map(|t| format!(" during {t}"))
        .unwrap_or_default();
    let row = if g.unanswered > 1 {
        format!(" ({} requests in a row unanswered)", g.unanswered)
    } else {
        String::new()
    };
    let e = g.error.to_ascii_lowercase();
    let (what, row, hint) = if e.contains("tls record bytes") || g.tls_port {
        (
            if g.tls_port && !e.contains("tls record bytes") {
                "the agent answers in TLS, not plain HTTP (it dropped the plain request, and a TLS handshake to its port succeeded)"
            } else {
                "the agent answers in TLS, not plain HTTP"
            },
            String::new(),
            "give the agent's https:// URL (add --ca FILE for a self-signed certificate)"
                .to_string(),
        )
    } else if e.contains("tls handshake") || e.contains("certificate") {
        use crate::proxy::tls::TlsFailure as F;
        let h = match crate::proxy::tls::tls_failure(&e) {
            Some(F::UnknownIssuer) => "trust the agent's certificate with --ca FILE (PEM: its CA, or the self-signed certificate itself), or add its CA to the OS store",
            Some(F::NotValidForName) => "use a host name the agent's certificate lists (above)",
            Some(F::NotTls) => "the agent does not speak TLS on that port: give its http:// URL",
            _ => "trust the agent's certificate with --ca FILE (PEM), or add its CA to the OS store",
        };
        (
            "the TLS handshake with the agent failed",
            String::new(),
            h.to_string(),
        )
    } else if (e.contains("cannot parse") || e.contains("no valid http response"))
        // a connection closed unanswered reads as "no valid HTTP response"; when the agent
        // then refused the liveness check it died with the call in hand (open48)
        && g.connect_failure != Some(crate::record::ConnectFailure::Refused)
    {
        (
            "the agent's answers are not HTTP the probe can read",
            String::new(),
            "is the URL's port the agent's HTTP port? `curl -v` on its /.well-known/agent-card.json shows what it sends".to_string(),
        )
    } else if let Some(o) = &g.never_answered_origin {
        // the card's advertised address, where nothing ever answered: the agent did not
        // stop, it was never reached there (newcomer28 N3)
        (
            "nothing answered at the URL the agent's card advertises",
            row,
            format!(
                "the probed URL served the Agent Card, but the card names {o} for its interfaces and nothing there answered any request of this run (see the warning above about the card's origin): start what should listen at {o} (a proxy or front that is down?), or make the card advertise the URL clients use (CARD-005; the agent's public-URL setting)"
            ),
        )
    } else if g.connect_failure == Some(crate::record::ConnectFailure::Refused) {
        // nothing listens any more: a longer --timeout would not help (ux33: the hint said
        // "a slow agent needs a longer --timeout" for an agent killed mid-run); the kind the
        // recording's exchange_end carries, not the 502's text (ux34)
        ("the agent stopped answering", row, "the agent no longer accepts connections (connection refused): it exited or was stopped during the run; check its log, start it again and rerun".to_string())
    } else if g.error.starts_with("no response within") {
        ("the agent stopped answering", row, "the agent accepts connections but did not answer within --timeout: a slow agent needs a longer --timeout (e.g. --timeout 2m), a hung one a restart".to_string())
    } else {
        (
            "the agent stopped answering",
            row,
            "is the agent up? a slow agent needs a longer --timeout".to_string(),
        )
    };
    let error = without_proxy_hint(&g.error).replace(['\n', '\r'], " ");
    if what == "the agent stopped answering"
        || what == "nothing answered at the URL the agent's card advertises"
    {
        format!(
            "the probe could not finish: {what}{during}{row}: {}: {error}; the results up to there are kept (tests not run are skipped); hint: {hint}",
            g.request,
        )
    } else {
        format!(
            "the probe could not finish{during}: {what}: {}: {error}; the results up to there are kept (tests not run are skipped); hint: {hint}",
            g.request,
        )
    }
}

/// `error` without the in-process proxy's ` (hint: ...)` (balanced parentheses), which
/// names `proxy` flags the probe and interop do not have.
fn without_proxy_hint(error: &str) -> String {
    let Some(at) = error.find(" (hint: ") else {
        return error.to_string();
    };
    let mut depth = 0usize;
    for (i, ch) in error[at + 1..].char_indices() {
        match ch {
            '(' => depth += 1,
            ')' => {
                depth -= 1;
                if depth == 0 {
                    return format!("{}{}", &error[..at], &error[at + 1 + i + 1..]);
                }
            }
            _ => {}
        }
    }
    error[..at].to_string()
}

/// One stderr line when failed tests got no answer within `--timeout` (`timeout` as given)
/// but the run finished: how many, and the hint to raise it; `None` otherwise.
pub fn timeout_note(r: &ProbeReport, timeout: &str) -> Option<String> {
    let n = r
        .results
        .iter()
        .filter(|x| x.status == Status::Fail && x.message.contains("(--timeout)"))
        .count();
    (n > 0).then(|| {
        format!(
            "a2a-interop: {n} failed {} got no answer within --timeout {timeout}; hint: a slow agent needs a longer --timeout (e.g. --timeout 2m)",
            if n == 1 { "test" } else { "tests" }
        )
    })
}

/// Starts the recording pipeline of a run that drives agents (probe, interop): `proxy` and
/// the `more` listeners, recorded losslessly with redaction (also of `secret_headers`, the
/// headers the user said carry credentials) to `record`, else to `temp_recording`; agents'
/// certificates may chain to the `ca` PEM files. Signed cards are rewritten too (the driver
/// checks no card signature and must stay on the recorder). `driver` (`probe`, `interop`)
/// names the command in the recording header ([`crate::record::RecordingHeader::driver`]).
///
/// # Errors
/// The pipeline could not start (the temp recording is removed then).
#[allow(clippy::too_many_arguments)]
pub async fn start_driver_pipeline(
    driver: &str,
    proxy: ProxyConfig,
    more: Vec<ProxyConfig>,
    record: Option<PathBuf>,
    temp_recording: Option<&PathBuf>,
    ca: Vec<PathBuf>,
    secret_headers: Vec<String>,
    overwrite: bool,
) -> anyhow::Result<Pipeline> {
    let pipeline = Pipeline::start_ext(
        PipelineConfig {
            proxy,
            record: record.or_else(|| temp_recording.cloned()),
            overwrite,
            redact: true,
            lossless: true,
            queue_bytes: 64 * 1024 * 1024,
            print_findings: false,
        },
        ProxyExtras {
            more,
            upstream_tls: crate::proxy::tls::UpstreamTrust {
                ca,
                insecure: false,
            },
            quiet: true,
            rewrite_signed_cards: true,
            secret_headers,
            driver: Some(driver.to_string()),
            ..ProxyExtras::default()
        },
    )
    .await;
    pipeline
        .inspect_err(|_| {
            if let Some(tmp) = temp_recording {
                let _ = std::fs::remove_file(tmp);
            }
        })
        .context("starting the recording pipeline")
}

/// A recording listener (leg `leg`) in front of a webhook receiver at `receiver`; card
/// rewrite off (nothing there is a card).
pub fn webhook_listener(receiver: SocketAddr, leg: &str) -> ProxyConfig {
    ProxyConfig {
        listen: SocketAddr::from(([127, 0, 0, 1], 0)),
        routes: vec![Route {
            prefix: "/".into(),
            upstream: format!("http://{receiver}"),
            leg: None,
        }],
        rewrite_card: false,
        capture_cap: DEFAULT_CAPTURE_CAP,
        leg: Some(leg.to_string()),
    }
}

/// The report input of a probe run: results (dialect in the test name, `lifecycle.send
/// [1.0]`), the verifier's outcome, and the exchange index read back from the recording.
pub fn report_input(run: &ProbeRun) -> ReportInput {
    run_report_input(
        SourceKind::Probe,
        &run.outcome,
        run.temp_recording.as_ref(),
        run.report.target.clone(),
        run.report
            .results
            .iter()
            .map(|r| test_result(r, format!("{}{}", r.test, scope(r))))
            .collect(),
    )
}

/// The report input of a run that drove an agent (probe, interop) through the recording
/// pipeline: the verifier's `outcome`, the exchange index read back from its recording
/// (named as the source unless it is only `temp_recording`), the `target` as the report
/// names it, and the run's own test `results`.
pub fn run_report_input(
    kind: SourceKind,
    outcome: &RunOutcome,
    temp_recording: Option<&PathBuf>,
    target: String,
    results: Vec<TestResult>,
) -> ReportInput {
    let index = recording_index(outcome.recording.as_deref());
    let info = SourceInfo {
        kind,
        path: temp_recording
            .is_none()
            .then(|| outcome.recording.as_ref().map(|p| p.display().to_string()))
            .flatten(),
        target: Some(target),
        format: None,
        sha256: None,
        bytes: None,
        torn_tail: None,
        seq_breaks: None,
        skipped_lines: None,
        unwritten: None,
        file_notes: Vec::new(),
    };
    let mut input = ReportInput::new(outcome.header.clone(), outcome.verify.clone(), info, index);
    input.results = results;
    input
}

/// ` [1.0]`, ` [1.0 http+json]`, or nothing for dialect-free tests.
fn scope(r: &probe::ProbeResult) -> String {
    r.scoped()[r.test.len()..].to_string()
}

/// Exchange id -> scoped test name (`lifecycle.send [1.0]`), from the
/// [`probe::transport::PROBE_TEST_HEADER`] of each request head in `recording` (empty
/// without one or when it cannot be read).
///
/// The agent's push notifications to the probe's webhook (leg [`WEBHOOK_LEG`]) carry no
/// such header: each is the `push.notifications` test's of the scope whose
/// `push.create-config` request configured the webhook path it was POSTed to (the
/// config's `url` in that request's body), so the verifier's findings on the deliveries
/// (PUSH-AUTH-001, PUSH-BODY-*) decide `push.token` and `push.notifications` as they
/// decide the other tests (session 44; `probe::merge_findings`).
pub fn tests_by_exchange(recording: Option<&std::path::Path>) -> HashMap<String, String> {
    let mut map = HashMap::new();
    let Some(path) = recording else {
        return map;
    };
    let Ok(src) = source::open(path) else {
        return map;
    };
    const CREATE: &str = "push.create-config";
    // the create-config requests' bodies (exchange -> text) and the deliveries' paths
    let mut creates: HashMap<String, String> = HashMap::new();
    let mut deliveries: Vec<(String, String)> = Vec::new();
    for ev in src.events.map_while(Result::ok) {
        let Some(x) = &ev.exchange else { continue };
        match &ev.kind {
            EventKind::RequestHead { headers, url, .. } => {
                if let Some(t) = headers.get(probe::transport::PROBE_TEST_HEADER) {
                    if t.starts_with(CREATE) {
                        creates.insert(x.to_string(), String::new());
                    }
                    map.insert(x.to_string(), t.to_string());
                } else if ev.leg.as_deref() == Some(WEBHOOK_LEG) {
                    let path = url::Url::parse(url)
                        .map(|u| u.path().to_string())
                        .unwrap_or_else(|_| url.split('?').next().unwrap_or("").to_string());
                    deliveries.push((x.to_string(), path));
                }
            }
            EventKind::RequestBody { body } => {
                if let (Some(text), Some(b)) = (body.as_str(), creates.get_mut(&x.to_string())) {
                    b.push_str(text);
                }
            }
            _ => {}
        }
    }
    for (x, path) in deliveries {
        if path.len() < 2 {
            continue;
        }
        let by = creates
            .iter()
            .filter(|(_, body)| body.contains(&path))
            .filter_map(|(c, _)| map.get(c))
            .next();
        if let Some(t) = by {
            let group = t.replacen(CREATE, "push.notifications", 1);
            map.insert(x, group);
        }
    }
    map
}

/// The exchange index of a recording read back from disk (empty without one, or when it
/// cannot be read: the index only labels report output).
pub fn recording_index(recording: Option<&std::path::Path>) -> ExchangeIndex {
    let mut index = ExchangeIndex::new(SourceFile::Recording);
    if let Some(path) = recording {
        if let Ok(src) = source::open(path) {
            let mut shown = crate::report::index::ShownEvents::new(!src.header.redacted);
            for ev in src.events.map_while(Result::ok) {
                shown.observe(&mut index, &ev);
            }
            shown.finish(&mut index);
        }
    }
    index
}

/// A probe result as a report result named `test`.
pub fn test_result(r: &probe::ProbeResult, test: String) -> TestResult {
    TestResult {
        test,
        category: r.category,
        status: match r.status {
            Status::Pass => report::Status::Pass,
            Status::Fail => report::Status::Fail,
            Status::Skip => report::Status::Skip,
        },
        message: r.message.clone(),
        duration_ms: r.duration_ms,
        rules: Vec::new(),
        failed_by: r.failed_by.clone(),
    }
}

/// The prober's conformance level as the report's.
pub fn report_level(l: ConformanceLevel) -> report::ConformanceLevel {
    match l {
        ConformanceLevel::Full => report::ConformanceLevel::Full,
        ConformanceLevel::Partial => report::ConformanceLevel::Partial,
        ConformanceLevel::Minimal => report::ConformanceLevel::Minimal,
        ConformanceLevel::NonConformant => report::ConformanceLevel::NonConformant,
    }
}

/// Deletes the recording made only for the report index (no `--record`).
fn remove_temp(run: &ProbeRun) {
    if let Some(tmp) = &run.temp_recording {
        let _ = std::fs::remove_file(tmp);
    }
}

/// Whose conformance reason [`run_reason`] words: a `probe` run, or one direction of an
/// `interop` run (`A->B`, `B->A`), which names its tests as its results do.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReasonOf<'a> {
    /// `probe`: tests as `streaming.follow-up [1.0]`, `the probe did not finish`.
    Probe,
    /// One `interop` direction: tests as `interop.streaming.follow-up [B->A 1.0]`
    /// ([`crate::app::interop_cmd::result_name`]), `this direction did not finish`.
    Interop(&'a str),
}

impl ReasonOf<'_> {
    /// A test result as the run's output names it.
    fn name(self, r: &probe::ProbeResult) -> String {
        match self {
            // scoped as the results and JUnit name it (`errors.invalid-params [1.0]`): a
            // test runs per dialect and binding (ux37)
            ReasonOf::Probe => r.scoped(),
            ReasonOf::Interop(d) => crate::app::interop_cmd::result_name(r, d),
        }
    }

    /// The command, as in `every probe test passed`.
    fn command(self) -> &'static str {
        match self {
            ReasonOf::Probe => "probe",
            ReasonOf::Interop(_) => "interop",
        }
    }
}

/// The conformance reason of a run that drove one agent (`probe`, or one direction of
/// `interop`: `of`): [`level_reason`]
/// of `levels.1` (the level given, at most partial for an interrupted run), preceded by
/// `the probe did not finish: the agent stopped answering ...` (interop: `this direction
/// did not finish: ...`) when the agent stopped answering (`stopped`: said once;
/// newcomer32 found "did not finish (the probe could not finish: ..."). An `interrupted`
/// run gives the reason of what ran, judged at `levels.0`
/// (the level before the interruption capped it): the report puts the interruption first
/// ([`Report::mark_interrupted`]).
pub fn run_reason(
    r: &ProbeReport,
    findings: &[Finding],
    levels: (ConformanceLevel, ConformanceLevel),
    stopped: Option<&Gone>,
    interrupted: bool,
    of: ReasonOf,
) -> String {
    match stopped {
        _ if interrupted => level_reason(r, findings, levels.0, of),
        Some(g) => {
            let m = stopped_message(g);
            let cause = m.split("; the results").next().unwrap_or_default();
            format!(
                "{} did not finish{}; {}",
                // an interop reason is per direction (`A->B: minimal (...)`)
                match of {
                    ReasonOf::Probe => "the probe",
                    ReasonOf::Interop(_) => "this direction",
                },
                cause
                    .strip_prefix("the probe could not finish")
                    .unwrap_or(cause),
                level_reason(r, findings, levels.1, of)
            )
        }
        None => level_reason(r, findings, levels.1, of),
    }
}

/// One line: why the run got `level` (the first failed test, else the worst finding);
/// tests named as `of`'s output names them.
pub fn level_reason(
    r: &ProbeReport,
    findings: &[Finding],
    level: ConformanceLevel,
    of: ReasonOf,
) -> String {
    // What decided the level: the first failed test that holds the run to it, else the
    // first finding that does (a streaming failure listed first names no `minimal` level,
    // ux37: "minimal (failed streaming.follow-up (streaming))" sent the agent's owner to
    // fix a stream when an error-handling test had set the level)
    let failures = r.failures();
    let at_level = failures
        .iter()
        .find(|f| !f.is_expectation() && crate::probe::result_level(f) == level);
    let finding_at_level = findings
        .iter()
        .find(|f| crate::probe::finding_level(f) == level && level != ConformanceLevel::Full);
    let first_rule_failure = failures.iter().find(|f| !f.is_expectation());
    if let Some(f) = at_level.or(first_rule_failure.filter(|_| finding_at_level.is_none())) {
        return format!("failed {} ({})", of.name(f), f.category.as_str());
    }
    // (a client rule's finding judges the probe's own request, not the agent: see
    // `probe::conformance_level`)
    if let Some(f) = finding_at_level.or_else(|| {
        findings
            .iter()
            .filter(|f| !crate::verify::rules::judges_client(&f.rule))
            .max_by_key(|f| f.severity)
    }) {
        if f.severity >= Severity::Warning {
            return format!(
                "{} finding {} ({})",
                f.severity,
                f.rule,
                f.category.as_str()
            );
        }
    }
    if level == ConformanceLevel::Full {
        let expected = r.results.iter().filter(|x| x.is_expectation()).count();
        if expected > 0 {
            return format!(
                "no rule broken, streaming included; {expected} {} only the probe's expectation (expectation, not a rule)",
                if expected == 1 { "test missed" } else { "tests missed" }
            );
        }
        return if r.results.iter().any(|x| x.status == Status::Skip) {
            format!(
                "every {} test that ran passed, streaming included",
                of.command()
            )
        } else {
            format!("every {} test passed, streaming included", of.command())
        };
    }
    // Nothing failed: the level is what the run could not see.
    if let Some(s) = r
        .results
        .iter()
        .find(|x| x.test == "lifecycle.send" && x.status == Status::Skip)
    {
        return format!("{} not run: {}", of.name(s), s.message);
    }
    if let Some(s) = r
        .results
        .iter()
        .find(|x| x.category == crate::verify::Category::Streaming && x.status == Status::Skip)
    {
        return format!("streaming was not exercised: {}", s.message);
    }
    "streaming was not exercised".into()
}

/// Renders `model` / `input` in each format of `pairs` and writes it to its path
/// ([`write_out`]), in order; at the first that fails, says so on stderr and returns false.
/// Once all are written, one stderr line names the files ([`crate::app::verify_cmd::wrote_line`])
/// unless `quiet` (`-q`: no progress on stderr).
pub fn write_reports(
    pairs: &[(report::Format, PathBuf)],
    model: &Report,
    input: &ReportInput,
    quiet: bool,
) -> bool {
    for (format, path) in pairs {
        let written = report::render_report(*format, model, input)
            .map_err(|e| e.to_string())
            .and_then(|text| write_out(path, &text).map_err(|e| e.to_string()));
        if let Err(e) = written {
            let check = super::full_disk_hint(&e, "-o").unwrap_or_else(|| {
                "check the -o path is a writable file and the disk has room".to_string()
            });
            crate::errln!(
                "a2a-interop: writing the {} report to {}: {e}; hint: {check} (the results are printed on stdout)",
                format.as_str(),
                path.display()
            );
            return false;
        }
    }
    // what went to files, as `verify -o` says it (newcomer25 N13)
    if let Some(line) = crate::app::verify_cmd::wrote_line(pairs, model).filter(|_| !quiet) {
        crate::errln!("a2a-interop: {line}");
    }
    true
}

/// Writes `text` to `path` (missing parent directories created), or to stdout for `-`.
///
/// Errors: see [`report::write_to`].
pub fn write_out(path: &std::path::Path, text: &str) -> std::io::Result<()> {
    report::write_to(path, text.as_bytes())
}

/// Credential flags to request headers: each `'Name: value'` of `headers` (given with the
/// flag `flag`, for messages), then `Authorization: Bearer <bearer>`.
///
/// # Errors
/// A header without `:` or with an invalid name; a header name given twice, or
/// `Authorization` given both as a header and by the bearer flag (a request would carry
/// two such fields: newcomer21 N3). The message names the flag and its position, never
/// the value given: it may be a credential (`'X-Key SECRET'`, CARD-011).
pub fn credentials(
    headers: &[String],
    bearer: Option<&str>,
    flag: &str,
) -> anyhow::Result<Vec<(String, String)>> {
    let mut out = Vec::new();
    for (i, h) in headers.iter().enumerate() {
        let n = i + 1;
        let Some((name, value)) = h.split_once(':') else {
            bail!("{flag} #{n} is not 'Name: value': it has no ':' (the text is not shown: it may hold a credential); hint: {flag} 'X-Api-Key: VALUE'");
        };
        let name = name.trim();
        if name.is_empty() || http::HeaderName::from_bytes(name.as_bytes()).is_err() {
            bail!("{flag} #{n}: the text before its first ':' is not a header name (not shown: it may hold a credential); hint: {flag} 'X-Api-Key: VALUE'");
        }
        if let Some(first) = out
            .iter()
            .position(|(m, _): &(String, String)| m.eq_ignore_ascii_case(name))
        {
            bail!(
                "{flag} #{} and #{n} both give {name}: every request would carry two {name} fields and the agent would take either (RFC 9110 §5.3); hint: give {name} once",
                first + 1
            );
        }
        out.push((name.to_string(), value.trim().to_string()));
    }
    if let Some(t) = bearer {
        let bearer_flag = flag.replace("--auth-header", "--bearer");
        if let Some(i) = out
            .iter()
            .position(|(m, _)| m.eq_ignore_ascii_case("authorization"))
        {
            bail!(
                "{bearer_flag} and {flag} #{} both give Authorization: every request would carry two Authorization fields and the agent would take either (RFC 9110 §5.3, §11.6.2); hint: give one of them ({bearer_flag} may come from the environment: A2A_INTEROP_{})",
                i + 1,
                bearer_flag.trim_start_matches("--").replace('-', "_").to_ascii_uppercase()
            );
        }
        out.push(("Authorization".into(), format!("Bearer {t}")));
    }
    Ok(out)
}

/// The note for a `--dialect` the probe speaks as another one: `0.2` / `0.2.x` is probed
/// as 0.3 (the same JSON-RPC methods and objects; [`Dialect::from_version`]), so the results
/// say 0.3. `None` for `auto`, `1.0`, `0.3` and values that are refused.
pub fn dialect_note(v: &str) -> Option<String> {
    match crate::model::a2a::Dialect::from_version(v)? {
        crate::model::a2a::Dialect::V0_2 => Some(format!(
            "--dialect {v}: 0.2 is probed as 0.3 (the same JSON-RPC methods); results are labelled 0.3"
        )),
        _ => None,
    }
}

/// Flags to a [`ProbeConfig`].
///
/// # Errors
/// Malformed `--auth-header`, `--timeout`, `--dialect` or `--binding`.
pub fn config_from(a: &ProbeArgs) -> anyhow::Result<ProbeConfig> {
    let auth_headers = credentials(&a.auth_headers, a.bearer.as_deref(), "--auth-header")?;
    // `--dialect AUTO` (or `Auto`) as `--binding GRPC` is taken: values are
    // case-insensitive across the CLI (newcomer58)
    let dialect = match a.dialect.as_str() {
        v if v.eq_ignore_ascii_case("auto") => None,
        v => Some(Dialect::from_version(v).with_context(|| {
            format!("--dialect {v:?} is not a dialect; hint: --dialect auto, 1.0 or 0.3 (0.2 is probed as 0.3)")
        })?),
    };
    let binding = match a.binding.to_ascii_lowercase().as_str() {
        "auto" => None,
        "jsonrpc" | "json-rpc" => Some("jsonrpc".to_string()),
        // the binding's other names (0.3 cards and people say REST; newcomer29 N5)
        "http+json" | "http-json" | "httpjson" | "rest" => Some("http+json".to_string()),
        "grpc" => Some("grpc".to_string()),
        b => bail!(
            "--binding {b:?} is not a binding; hint: --binding auto, jsonrpc, http+json or grpc"
        ),
    };
    Ok(ProbeConfig {
        auth_headers,
        skill: a.skill.clone(),
        timeout: parse_duration(&a.timeout)?,
        dialect,
        binding,
        webhook: None,
        pairing: None,
    })
}

/// The longest `--timeout` / `--wait-for-agent`: a day (deadlines are `Instant + it`).
pub const MAX_DURATION: Duration = Duration::from_secs(24 * 60 * 60);

/// Parses `500ms`, `60s`, `2m`, `1h` or a bare number of seconds.
///
/// # Errors
/// Anything else, zero, and more than [`MAX_DURATION`].
pub fn parse_duration(s: &str) -> anyhow::Result<Duration> {
    let s = s.trim();
    // `--timeout -5s` reaches here (the flag takes hyphen values): clap's own advice,
    // "to pass '-5' as a value, use '-- -5'", was wrong (newcomer19 N12)
    if s.starts_with('-') {
        bail!("--timeout {s:?} is negative: it must be more than zero; hint: e.g. --timeout 60s");
    }
    let (num, unit) = s
        .find(|c: char| !c.is_ascii_digit())
        .map_or((s, "s"), |i| (&s[..i], &s[i..]));
    // `1.5s` said "has an unknown unit" (review30b): the unit is fine, the number is not whole
    if let Some(frac) = unit.strip_prefix('.') {
        if !num.is_empty() && frac.starts_with(|c: char| c.is_ascii_digit()) {
            bail!("--timeout {s:?} is not a whole number; hint: write it in a smaller unit, e.g. --timeout 1500ms for 1.5s");
        }
    }
    // the parse error itself ("cannot parse integer from empty string") printed after the
    // hint said nothing the hint did not (q30b)
    let n: u64 = num.parse().map_err(|_| {
        anyhow::anyhow!(
            "--timeout {s:?} is not a duration; hint: e.g. --timeout 60s (units ms, s, m, h)"
        )
    })?;
    let d = match unit {
        "ms" => Duration::from_millis(n),
        "s" => Duration::from_secs(n),
        // `--timeout 999999999999999999m` overflowed the multiplication (a panic; q30b)
        "m" | "h" => {
            let per = if unit == "m" { 60 } else { 3600 };
            Duration::from_secs(n.checked_mul(per).ok_or_else(|| {
                anyhow::anyhow!(
                    "--timeout {s:?} is too long; hint: e.g. --timeout 60s (units ms, s, m, h)"
                )
            })?)
        }
        _ => bail!(
            "--timeout {s:?} has an unknown unit; hint: use ms, s, m or h, e.g. --timeout 60s"
        ),
    };
    if d.is_zero() {
        bail!("--timeout must be more than zero; hint: e.g. --timeout 60s");
    }
    // `--timeout 18446744073709551615s` passed and panicked at the first request (`Instant +
    // Duration` overflowed, review30b; a huge `999..ms` too). A day is longer than any wait
    // for one answer or for an agent to start.
    if d > MAX_DURATION {
        bail!("--timeout {s:?} is too long: at most a day (24h); hint: e.g. --timeout 60s");
    }
    Ok(d)
}

/// 1 when a test failed its own checks (whatever `fail_on` says: `--fail-on` is about the
/// verifier's findings) or a finding is at or above `fail_on`; else 0. A test failed only by
/// a verifier finding merged into it ([`crate::probe::ProbeResult::failed_by`]) counts as
/// that finding, so `FailOn::Never` lets it pass (docs/usage.md "Exit codes").
pub fn exit_code(r: &ProbeReport, findings: &[Finding], fail_on: FailOn) -> ExitCode {
    if r.results.iter().any(|x| x.failed_own_checks()) {
        return ExitCode::from(1);
    }
    findings_exit_code(findings, fail_on)
}

/// 1 when a finding is at or above `fail_on` (never for [`FailOn::Never`]), else 0: the
/// exit code of a probe or interop run whose tests passed their own checks.
pub fn findings_exit_code(findings: &[Finding], fail_on: FailOn) -> ExitCode {
    let min = match fail_on {
        FailOn::Never => return ExitCode::SUCCESS,
        FailOn::Error => Severity::Error,
        FailOn::Warning => Severity::Warning,
        FailOn::Note => Severity::Note,
    };
    if findings.iter().any(|f| f.severity >= min) {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}

/// `dialects: 1.0, 0.3` for a heading, or `no dialect probed` when none was (no card,
/// no interface).
pub fn dialects_shown(dialects: &[String]) -> String {
    if dialects.is_empty() {
        "no dialect probed".into()
    } else {
        format!("dialects: {}", dialects.join(", "))
    }
}

/// One line per result, then findings, then the summary and level.
pub fn text_report(r: &ProbeReport, findings: &[Finding], level: ConformanceLevel) -> String {
    text_report_marked(r, findings, level, None, false)
}

/// [`text_report`] with each finding's state against the run's `--baseline` (`states`, in
/// the order of `findings`): a known finding's line says ` (known, in the baseline)` after
/// its rule, and a test failed only by known findings says so after its `fail`, as the
/// JUnit file does not count it (the exit status neither). `quiet` is how `probe -q -o FILE`
/// prints it on stdout, whatever the format of the `-o` reports (they keep every test): the
/// failed tests only (no passed or skipped test, no finding line), then the same count line
/// with the level (and the request budget's line). Without `-o`, the whole text report is
/// the run's one report, `-q` or not.
pub fn text_report_marked(
    r: &ProbeReport,
    findings: &[Finding],
    level: ConformanceLevel,
    states: Option<&[report::baseline::BaselineState]>,
    quiet: bool,
) -> String {
    use report::baseline::BaselineState;
    let grouped = report::model::group_findings_marked(findings, states);
    // rules whose every error finding is known: a test failed only by one of them is too
    let all_known = |rule: &str| {
        let of: Vec<_> = grouped
            .iter()
            .filter(|f| f.rule == rule && f.severity == Severity::Error)
            .collect();
        !of.is_empty()
            && of
                .iter()
                .all(|f| f.baseline_state == Some(BaselineState::Unchanged))
    };
    let mut s = if quiet {
        String::new()
    } else {
        format!("probe {} ({})\n", r.target, dialects_shown(&r.dialects))
    };
    for x in r
        .results
        .iter()
        .filter(|x| !quiet || x.status == Status::Fail)
    {
        let d = scope(x);
        let known = match &x.failed_by {
            Some(rule) if states.is_some() && x.status == Status::Fail && all_known(rule) => {
                " (by a finding known in the baseline)"
            }
            _ => "",
        };
        s.push_str(&format!(
            "{:<4}{known}  {}{d}: {} ({} ms)\n",
            x.status.as_str(),
            x.test,
            report::show_controls_line(&x.message),
            x.duration_ms
        ));
    }
    for f in grouped.iter().filter(|_| !quiet) {
        let line = report::text::one_line(f, None);
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
    s.push_str(&count_line(r, grouped.len(), level));
    if let Some(l) = budget_line(r) {
        s.push_str(&l);
        s.push('\n');
    }
    s
}

/// The count line that ends the text on stdout: `115 passed, 11 failed, 29 skipped; 11
/// findings; 123 requests; conformance level: minimal`, with `N missed only the probe's
/// expectation (no rule broken), ` before the skipped count when there are any (session 48:
/// such a test is no failed one for the exit status, the level, JUnit and the JSON
/// summary's `expectations`).
pub fn count_line(r: &ProbeReport, findings: usize, level: ConformanceLevel) -> String {
    let count = |st: Status| r.results.iter().filter(|x| x.status == st).count();
    let expected = r.results.iter().filter(|x| x.is_expectation()).count();
    format!(
        "{} passed, {} failed, {}{} skipped; {} finding{}; {} requests; conformance level: {}\n",
        count(Status::Pass),
        count(Status::Fail) - expected,
        report::model::expectations_text(expected as u64),
        count(Status::Skip),
        findings,
        if findings == 1 { "" } else { "s" },
        r.requests,
        level.as_str()
    )
}

/// Width of a message on a line of [`brief_report`] off a terminal, in characters; longer
/// ones end in `…`.
pub const BRIEF_WIDTH: usize = 150;

/// The least room, in characters, worth giving a message on a brief line of a terminal:
/// with less (a narrow terminal, a long test name) a failed test's line ends at its rule
/// and exchange, and other lines run past the width rather than say nothing.
pub const BRIEF_MIN_ROOM: usize = 16;

/// Rows of the terminal one finding's fix takes at most in [`fix_lines`]; the rest is cut
/// with `…` (the whole help is in `verify` of the recording and the `-o` reports).
pub const FIX_ROWS: usize = 3;

/// Rows the whole `to fix:` block of [`fix_lines`] takes at most below its heading: each
/// fix gets an equal share, between 1 and [`FIX_ROWS`] (the brief text of the Python SDK
/// agent, 5 fixes, stays within the 30 lines of a first screen: probe_agree48).
pub const FIX_BLOCK_ROWS: usize = 8;

/// The `to fix:` block of a brief text (newcomer55/56: a finding's fix, its `help`, was on
/// no line of probe's first screen, only in `--verbose` or `verify` of the recording): for
/// each `(rule, exchange)` of `wanted` (the findings that failed a test, by the exchange the
/// test names, and the errors no failed test names, `None`), the help of the finding of
/// that rule on that exchange (else the rule's first), each help once, the exchanges that
/// share it named: `  STREAM-FIRST-001 (e24, e78): on a follow-up message ...`, wrapped at
/// `columns` (else at `BRIEF_WIDTH + 20`) over at most [`FIX_ROWS`] rows (fewer when there
/// are many fixes: [`FIX_BLOCK_ROWS`]), the later rows indented four spaces. Empty when no
/// finding is wanted.
pub fn fix_lines(
    findings: &[Finding],
    wanted: &[(String, Option<String>)],
    columns: Option<usize>,
) -> String {
    // (rule, help, exchanges), in the order of `wanted`
    let mut fixes: Vec<(&str, &str, Vec<&str>)> = Vec::new();
    for (rule, ex) in wanted {
        let on_ex = |f: &&Finding| {
            ex.as_deref()
                .is_none_or(|ex| f.evidence.iter().any(|e| e.exchange.as_deref() == Some(ex)))
        };
        let Some(f) = findings
            .iter()
            .filter(|f| &f.rule == rule)
            .find(on_ex)
            .or_else(|| findings.iter().find(|f| &f.rule == rule))
        else {
            continue;
        };
        if f.help.trim().is_empty() {
            continue;
        }
        match fixes
            .iter_mut()
            .find(|(r, h, _)| *r == f.rule && *h == f.help)
        {
            Some((_, _, xs)) => {
                if let Some(ex) = ex.as_deref() {
                    if !xs.contains(&ex) {
                        xs.push(ex);
                    }
                }
            }
            None => fixes.push((
                &f.rule,
                &f.help,
                ex.as_deref().into_iter().collect::<Vec<_>>(),
            )),
        }
    }
    if fixes.is_empty() {
        return String::new();
    }
    let width = columns.unwrap_or(BRIEF_WIDTH + 20).max(BRIEF_MIN_ROOM + 4);
    let rows = (FIX_BLOCK_ROWS / fixes.len()).clamp(1, FIX_ROWS);
    let mut s = String::from("to fix:\n");
    for (rule, help, xs) in fixes {
        let at = if xs.is_empty() {
            String::new()
        } else {
            format!(" ({})", xs.join(", "))
        };
        let text = format!("{rule}{at}: {}", report::show_controls_line(help));
        for line in wrap_rows(&text, width.saturating_sub(2), rows) {
            s.push_str("  ");
            s.push_str(&line);
            s.push('\n');
        }
    }
    s
}

/// `text` on at most `rows` lines of `width` characters, broken at spaces, the lines
/// after the first indented two spaces, the last cut with `…` when the text goes on.
fn wrap_rows(text: &str, width: usize, rows: usize) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let mut line = String::new();
    let mut len = 0usize;
    let words: Vec<&str> = text.split(' ').collect();
    let mut i = 0;
    while i < words.len() {
        let w = words[i];
        let wl = w.chars().count();
        let sep = usize::from(len > 0 && !line.ends_with(' '));
        if len > 0 && len + sep + wl > width && !line.trim().is_empty() {
            if out.len() + 1 == rows {
                break;
            }
            out.push(std::mem::take(&mut line));
            line.push_str("  ");
            len = 2;
            continue;
        }
        if sep == 1 {
            line.push(' ');
        }
        line.push_str(w);
        len += sep + wl;
        i += 1;
    }
    if i < words.len() {
        // the last row, cut: as much of the next word as fits, then `…`
        let rest = words[i..].join(" ");
        let room = width.saturating_sub(len + 1);
        let cut_rest: String = rest.chars().take(room.saturating_sub(1)).collect();
        if !cut_rest.is_empty() {
            line.push(' ');
            line.push_str(&cut_rest);
        }
        line.push('…');
    }
    out.push(line);
    out
}

/// `line` within `columns` characters a row (newcomer57: the count line, the request
/// budget's line and the warnings tally ran past an 80-column terminal): as it is when it
/// fits or when there is no width (`None`, off a terminal), else broken at spaces, the
/// rows after the first indented two spaces. Nothing is cut. Ends without a newline.
pub fn fit_line(line: &str, columns: Option<usize>) -> String {
    match columns {
        Some(c) if line.chars().count() > c => wrap_rows(line, c, usize::MAX).join("\n"),
        _ => line.to_string(),
    }
}

/// A heading or trailer line that names a URL or a path, `{lead}{at}{tail}` (`at` the URL
/// or path), within `columns` (newcomer57: `probe URL (dialects: ...)`, interop's
/// `interop [B->A] agent A "name" (URL) (dialects: ...)` and `recording: PATH (a2a-interop
/// verify PATH: ...)` ran past an 80-column terminal, the wrap falling inside the URL or
/// the command): as given when it fits or off a terminal (`None`), else `moved` (the same
/// words, `at` left out) with `at` alone on the next row, indented two spaces, where a
/// long one wraps without breaking anything else. Ends without a newline.
pub fn fit_named(whole: &str, moved: &str, at: &str, columns: Option<usize>) -> String {
    match columns {
        Some(c) if whole.chars().count() > c => format!("{moved}\n  {at}"),
        _ => whole.to_string(),
    }
}

/// `text` on one line, at most `width` characters (`…` at the cut).
fn cut(text: &str, width: usize) -> String {
    let text = report::show_controls_line(text).into_owned();
    if text.chars().count() <= width {
        return text;
    }
    let mut out: String = text.chars().take(width.saturating_sub(1)).collect();
    out.push('…');
    out
}

/// The text on stdout in brief (`probe --brief`, the default when stdout is a terminal;
/// session 48: what a tired engineer needs first). The heading, then the conformance level
/// and the reason that decided it; each failed test on one line with the rule whose finding
/// failed it and the exchange (`RULE (eN): message`) or `probe's own check: message`; the
/// tests that missed only the probe's expectation (no rule broken); the findings no failed
/// test names (errors one line each, warnings and notes counted by rule); the count line
/// ([`count_line`]) and the request budget's; where the recording (`recording`) and the
/// reports (`reports`) are, and how to see every test (`--verbose`). On a terminal of
/// `columns` characters (`Some`, [`crate::app::stdout_columns`]) each of those lines fits in
/// it, its message cut with `…`; elsewhere (`None`) messages are cut at [`BRIEF_WIDTH`]
/// characters. Every test's whole verdict is in `--verbose`, the `-o` reports and, per
/// exchange, `verify` of the recording.
#[allow(clippy::too_many_arguments)]
pub fn brief_report(
    r: &ProbeReport,
    findings: &[Finding],
    level: ConformanceLevel,
    reason: &str,
    states: Option<&[report::baseline::BaselineState]>,
    recording: Option<&std::path::Path>,
    reports: &[String],
    columns: Option<usize>,
) -> String {
    let shown = dialects_shown(&r.dialects);
    let mut s = fit_named(
        &format!("probe {} ({shown})", r.target),
        &format!("probe ({shown}) of"),
        &r.target,
        columns,
    );
    s.push('\n');
    s.push_str(&brief_body(
        r,
        findings,
        level,
        reason,
        states,
        &|x: &crate::probe::ProbeResult| x.scoped(),
        columns,
    ));
    s.push_str(&brief_trailer(recording, reports, columns));
    s
}

/// `text` (the whole or `-q` text of `probe` or `interop`) with each row broken at words
/// within the width of the terminal stdout is on ([`crate::app::report_width`],
/// [`crate::report::text::fit_rows`]); `text` itself on a pipe or a file.
pub fn fit_to_terminal(text: String) -> String {
    match crate::app::report_width() {
        Some(w) => crate::report::text::fit_rows(&text, w),
        None => text,
    }
}

/// How `probe` and `interop` print their text on stdout (one choice for both, ux49).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TextMode {
    /// `-q`: the failed tests and the count lines with the level, nothing else.
    Quiet,
    /// `--brief`, or stdout a terminal: the verdict first, failures one line each
    /// ([`brief_report`]).
    Brief,
    /// `--verbose`, or stdout no terminal: every test and every finding.
    Whole,
}

/// The [`TextMode`] of a run's flags: `--verbose` first (also with `-q`, whose stderr stays
/// quiet), then `-q` (with or without `-o`: ux49, newcomer48 wished `probe -q` printed
/// nothing but failures and the verdict), then `--brief`, then brief on a terminal and
/// whole elsewhere (a pipe, a file, a CI log).
pub fn text_mode(quiet: bool, brief: bool, verbose: bool) -> TextMode {
    if verbose {
        TextMode::Whole
    } else if quiet {
        TextMode::Quiet
    } else if brief || crate::app::stdout_is_terminal() {
        TextMode::Brief
    } else {
        TextMode::Whole
    }
}

/// Where the `--record` file of a `probe` or `interop` run is, on stderr, when stdout got
/// the whole text ([`TextMode::Whole`]: a pipe, a file, a CI log, or `--verbose`), which,
/// unlike the brief text ([`brief_trailer`]), does not say it (newcomer50 N1: a CI log
/// named every report written, never the recording):
/// `a2a-interop: recording: probe.jsonl (a2a-interop verify probe.jsonl: every finding
/// with its exchanges)`. Not with `-q` (stderr quiet), and not for an interrupted run
/// (its stop line names the recording).
pub fn recording_note(
    record: Option<&std::path::Path>,
    quiet: bool,
    brief: bool,
    verbose: bool,
    interrupted: bool,
) {
    let Some(p) = record else {
        return;
    };
    if quiet || interrupted || text_mode(quiet, brief, verbose) != TextMode::Whole {
        return;
    }
    crate::errln!(
        "a2a-interop: recording: {} (a2a-interop verify {}: every finding with its exchanges)",
        p.display(),
        super::sh_path(p)
    );
}

/// The end of a brief text: where the recording and the reports are, and how to see every
/// test. `columns`: the terminal's width; a recording line that does not fit in it is two,
/// each path at the end of its row ([`fit_named`]): `recording: PATH`, then `  every
/// finding with its exchanges: a2a-interop verify PATH`.
pub fn brief_trailer(
    recording: Option<&std::path::Path>,
    reports: &[String],
    columns: Option<usize>,
) -> String {
    let mut s = String::new();
    if let Some(p) = recording {
        let p = p.display();
        let whole =
            format!("recording: {p} (a2a-interop verify {p}: every finding with its exchanges)");
        match columns {
            Some(c) if whole.chars().count() > c => s.push_str(&format!(
                "recording: {p}\n  every finding with its exchanges: a2a-interop verify {p}\n"
            )),
            _ => {
                s.push_str(&whole);
                s.push('\n');
            }
        }
    }
    if !reports.is_empty() {
        s.push_str(&format!("reports: {}\n", reports.join(", ")));
    }
    s.push_str("every test's verdict and every finding in full: --verbose (or -o FILE reports)\n");
    s
}

/// The middle of [`brief_report`], one run's (or one `interop` direction's) verdict: level
/// and reason, failed tests (named by `name`), the tests that missed only the probe's
/// expectation, the findings no failed test names, what to change for each of those
/// findings ([`fix_lines`]), the count line and the budget's. `columns`: the terminal's
/// width, which every line fits in (`None`: messages cut at [`BRIEF_WIDTH`]).
pub fn brief_body(
    r: &ProbeReport,
    findings: &[Finding],
    level: ConformanceLevel,
    reason: &str,
    states: Option<&[report::baseline::BaselineState]>,
    name: &dyn Fn(&crate::probe::ProbeResult) -> String,
    columns: Option<usize>,
) -> String {
    use report::baseline::BaselineState;
    let grouped = report::model::group_findings_marked(findings, states);
    // the room a message has after `head` on a line of `columns` (newcomer55/56: a
    // failed-test line of 200 characters wrapped over three rows of an 80-column terminal)
    // (a room too small to say anything leaves the message out: the line still names the
    // test, the rule and the exchange, and `to fix:` below says what to change)
    let fit = |head: &str, text: &str| -> String {
        match columns {
            Some(c) => match c.saturating_sub(head.chars().count()) {
                room if room >= BRIEF_MIN_ROOM => cut(text, room),
                _ => String::new(),
            },
            None => cut(text, BRIEF_WIDTH),
        }
    };
    let mut s = String::new();
    let head = format!("conformance level: {} (", level.as_str());
    s.push_str(&format!("{head}{})\n", fit(&format!("{head})"), reason)));
    let failed: Vec<_> = r
        .results
        .iter()
        .filter(|x| x.status == Status::Fail && !x.is_expectation())
        .collect();
    if !failed.is_empty() {
        s.push_str(&format!("failed ({}):\n", failed.len()));
    }
    // (rule, the exchange of the finding that failed a test): whose fix to show
    let mut to_fix: Vec<(String, Option<String>)> = Vec::new();
    for x in &failed {
        let by = x.failed_by.as_deref().and_then(|rule| {
            let mark = format!("; but the verifier found error[{rule}] on its exchange ");
            let at = x.message.find(&mark)?;
            let rest = &x.message[at + mark.len()..];
            let (ex, msg) = rest.split_once(": ").unwrap_or((rest, ""));
            Some((rule, ex, msg))
        });
        if let Some((rule, ex, _)) = by {
            to_fix.push((rule.to_string(), Some(ex.to_string())));
        }
        let known = match &x.failed_by {
            Some(rule)
                if grouped.iter().any(|f| &f.rule == rule)
                    && grouped
                        .iter()
                        .filter(|f| &f.rule == rule && f.severity == Severity::Error)
                        .all(|f| f.baseline_state == Some(BaselineState::Unchanged))
                    && states.is_some() =>
            {
                " (known, in the baseline)"
            }
            _ => "",
        };
        let line = match by {
            Some((rule, ex, msg)) => {
                let head = format!("  {}{known}  {rule} ({ex})", name(x));
                match fit(&format!("{head}: "), msg) {
                    m if m.is_empty() => head,
                    m => format!("{head}: {m}"),
                }
            }
            None => {
                let head = format!("  {}{known}  probe's own check: ", name(x));
                format!("{head}{}", fit(&head, &x.message))
            }
        };
        s.push_str(&line);
        s.push('\n');
    }
    let expected: Vec<_> = r.results.iter().filter(|x| x.is_expectation()).collect();
    if !expected.is_empty() {
        s.push_str(&format!(
            "missed only the probe's expectation, no rule broken ({}):\n",
            expected.len()
        ));
    }
    for x in &expected {
        let m = x
            .message
            .strip_prefix(crate::probe::EXPECTATION)
            .unwrap_or(&x.message);
        let head = format!("  {}  ", name(x));
        s.push_str(&format!("{head}{}\n", fit(&head, m)));
    }
    // the findings no failed test names: errors one line each, the rest counted by rule
    let named = |rule: &str| {
        r.results
            .iter()
            .any(|x| x.failed_by.as_deref() == Some(rule))
    };
    let others: Vec<_> = grouped
        .iter()
        .filter(|f| f.severity == Severity::Error && !named(&f.rule))
        .collect();
    if !others.is_empty() {
        s.push_str(&format!(
            "errors no failed test names ({}):\n",
            others.len()
        ));
    }
    for f in &others {
        let line = report::text::one_line(f, None);
        let line = match columns {
            Some(_) => fit("  ", &line),
            None => cut(&line, BRIEF_WIDTH + 20),
        };
        s.push_str(&format!("  {line}\n"));
        to_fix.push((f.rule.clone(), None));
    }
    s.push_str(&fix_lines(findings, &to_fix, columns));
    for (sev, label) in [(Severity::Warning, "warnings"), (Severity::Note, "notes")] {
        let mut tally: Vec<(String, u64)> = Vec::new();
        for f in grouped.iter().filter(|f| f.severity == sev) {
            match tally.iter_mut().find(|(r, _)| *r == f.rule) {
                Some(t) => t.1 += f.seen.max(1),
                None => tally.push((f.rule.clone(), f.seen.max(1))),
            }
        }
        if !tally.is_empty() {
            let list: Vec<String> = tally
                .iter()
                .map(|(r, n)| {
                    if *n > 1 {
                        format!("{r} x{n}")
                    } else {
                        r.clone()
                    }
                })
                .collect();
            let tally = format!("{label}: {}", list.join(", "));
            s.push_str(&fit_line(&tally, columns));
            s.push('\n');
        }
    }
    s.push_str(&brief_count_line(r, grouped.len(), level, columns));
    if let Some(l) = budget_line(r) {
        s.push_str(&fit_line(&l, columns));
        s.push('\n');
    }
    s
}

/// [`count_line`] within `columns` (newcomer57: `30 passed, 2 failed, 15 skipped; 1
/// finding; 24 requests; conformance level: partial` is 83 characters): when it does not
/// fit, `conformance level: LEVEL` goes on a row of its own (interop puts its `[A->B] ` in
/// front of it), the counts before it broken at spaces if they still do not fit. As
/// [`count_line`] off a terminal (`None`). Ends with a newline.
pub fn brief_count_line(
    r: &ProbeReport,
    findings: usize,
    level: ConformanceLevel,
    columns: Option<usize>,
) -> String {
    let line = count_line(r, findings, level);
    let Some(c) = columns else {
        return line;
    };
    let line = line.trim_end_matches('\n');
    if line.chars().count() <= c {
        return format!("{line}\n");
    }
    let at = line.rfind("; conformance level: ").unwrap_or(line.len());
    let (counts, lvl) = line.split_at(at);
    let lvl = lvl.trim_start_matches("; ");
    if lvl.is_empty() {
        return format!("{}\n", fit_line(counts, columns));
    }
    format!("{};\n{lvl}\n", fit_line(counts, Some(c.saturating_sub(1))))
}

/// The line under a run's count when `--max-requests` ran out: how many tests it skipped and
/// what to do, or none when the budget was enough. Without it the count reads `87 skipped;
/// conformance level: partial`, exit 0, as if the agent had offered too little to test
/// (newcomer44: the skips said why one by one, hidden among the card's own skips).
pub fn budget_line(r: &ProbeReport) -> Option<String> {
    let cut = r
        .results
        .iter()
        .filter(|x| {
            x.status == Status::Skip && x.message.ends_with(probe::transport::BUDGET_USED_UP)
        })
        .count();
    (cut > 0).then(|| {
        format!(
            "the request budget ran out after {} requests (--max-requests): {cut} {} skipped for it, not judged; hint: raise --max-requests to run {}",
            r.requests,
            if cut == 1 { "test was" } else { "tests were" },
            if cut == 1 { "it" } else { "them" },
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// newcomer60: the reference agent is offered for a loopback agent URL at its root only
    /// (the command it names listens on loopback and serves its card at `/`).
    #[test]
    fn the_reference_agent_is_offered_for_a_loopback_root_only() {
        let hint = |u: &str| reference_agent_hint(&Url::parse(u).unwrap());
        assert_eq!(
            hint("http://127.0.0.1:9998"),
            "; no agent of your own to try it on? `a2a-interop demo --agent-only --listen 127.0.0.1:9998` runs the reference agent there"
        );
        assert!(hint("http://localhost:9998/").contains("--listen localhost:9998`"));
        assert!(hint("http://[::1]:9998").contains("--listen [::1]:9998`"));
        assert!(hint("http://127.0.0.1").contains("--listen 127.0.0.1:80`"));
        for other in [
            "http://10.0.0.7:9998",
            "http://agent.example:9998",
            "https://127.0.0.1:9998",
            "http://127.0.0.1:9998/agents/a",
        ] {
            assert_eq!(hint(other), "", "{other}");
        }
    }

    #[test]
    fn a_run_without_dialects_says_so_in_its_heading() {
        let r = ProbeReport {
            target: "http://127.0.0.1:9/".into(),
            dialects: Vec::new(),
            results: Vec::new(),
            requests: 2,
            card_name: None,
            usage_error: None,
        };
        let text = text_report(&r, &[], ConformanceLevel::NonConformant);
        assert!(
            text.starts_with("probe http://127.0.0.1:9/ (no dialect probed)\n"),
            "{text}"
        );
        let r = ProbeReport {
            dialects: vec!["1.0".into(), "0.3".into()],
            ..r
        };
        let text = text_report(&r, &[], ConformanceLevel::NonConformant);
        assert!(
            text.starts_with("probe http://127.0.0.1:9/ (dialects: 1.0, 0.3)\n"),
            "{text}"
        );
    }

    #[test]
    fn durations_parse_with_units() {
        assert_eq!(parse_duration("500ms").unwrap(), Duration::from_millis(500));
        assert_eq!(parse_duration("2m").unwrap(), Duration::from_secs(120));
        assert_eq!(parse_duration("7").unwrap(), Duration::from_secs(7));
        assert!(parse_duration("0s").is_err());
        // a user reaching for an hour writes `1h` (review30b)
        assert_eq!(parse_duration("1h").unwrap(), Duration::from_secs(3600));
        assert!(parse_duration("1d").is_err());
    }

    /// q30b: `--timeout 999999999999999999m` overflowed `n * 60` (a panic in a debug
    /// build), and a word (`soon`) printed the integer parser's error after the hint.
    #[test]
    fn durations_too_long_or_not_numbers_are_refused_in_one_line() {
        let e = parse_duration("999999999999999999m")
            .unwrap_err()
            .to_string();
        assert!(e.contains("is too long"), "{e}");
        // review30b: a count that fits u64 seconds still overflowed `Instant + d` (a panic)
        for huge in [
            "18446744073709551615s",
            "18446744073709551615ms",
            "86401",
            "1441m",
            "25h",
        ] {
            let e = parse_duration(huge).unwrap_err().to_string();
            assert!(e.contains("is too long: at most a day"), "{huge}: {e}");
        }
        assert_eq!(parse_duration("1440m").unwrap(), MAX_DURATION);
        assert_eq!(parse_duration("24h").unwrap(), MAX_DURATION);
        let e = parse_duration("1.5s").unwrap_err().to_string();
        assert!(e.contains("\"1.5s\" is not a whole number"), "{e}");
        let e = format!("{:#}", parse_duration("soon").unwrap_err());
        assert_eq!(
            e,
            "--timeout \"soon\" is not a duration; hint: e.g. --timeout 60s (units ms, s, m, h)"
        );
    }
}

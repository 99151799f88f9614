/*!
`a2a-interop demo`: the built-in default run. Needs nothing external.

```text
client script ──► recording proxy (127.0.0.1:P) ──► reference agent (127.0.0.1:A)
                        └─► recording + verifier ──► report
```

1. picks a free loopback port P for the proxy, starts the reference agent
   ([`crate::refagent`]) on another free port with its Agent Card advertising
   `http://127.0.0.1:P` (as `A2A_PUBLIC_URL` does for the SDK peers), so clients that
   follow the card stay on the proxy;
2. starts the pipeline (proxy + recorder + verifier, `--lossless`) on P in front of it,
   recording to `--record` or `recordings/demo-<UTC time>.jsonl`;
3. runs the client script ([`crate::refagent::client`]) through the proxy in A2A 1.0, then
   in 0.3, printing each step (`STEP name ok|ERROR detail (N ms)`); its last step, `push`,
   gives the agent a push config whose webhook is a second recorded listener of the same
   proxy (leg [`WEBHOOK_LEG`]) routed to an in-process receiver
   ([`crate::probe::WebhookReceiver`]), so the agent's notifications are recorded and
   verified too and the run covers every area a passive run is judged on (card, task,
   stream, push: a good agent earns `full`);
4. stops everything, verifies the recording and prints the report (`--format` / `-o` as
   for `verify`; default text on stdout). When a JSON, JUnit, SARIF or HTML report goes to
   standard output, the step log goes to stderr, so stdout parses as that format.

Ctrl-C (or SIGTERM, SIGHUP) stops the client script: the steps done so far are kept, the recording
is finished whole, the report of what was recorded is written, marked interrupted as
`probe`'s and `interop`'s are (`Report::mark_interrupted`: level at most `partial`, the reason
and the areas not reached name the interruption), and the run exits 130 with a line saying it
was interrupted.

Exit status: 0 when every step passed and no finding is at or above `--fail-on` (default
`error`); 1 otherwise; 2 operational error (no free port, unwritable recording, `-o` equal
to the recording); 130 interrupted.
*/

use std::net::{Ipv4Addr, SocketAddr, TcpListener};
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Context as _;

use crate::app::pipeline::{Pipeline, PipelineConfig};
use crate::app::probe_cmd::webhook_listener;
use crate::app::verify_cmd;
use crate::cli::{DemoArgs, FailOn};
use crate::probe::webhook::{WebhookReceiver, WEBHOOK_LEG};
use crate::proxy::ProxyConfig;
use crate::record::{Route, DEFAULT_CAPTURE_CAP};
use crate::refagent::client::{self, StepResult};
use crate::refagent::wire::ProtocolVersion;
use crate::refagent::{self, RefAgentConfig};
use crate::report;

/// Recorder queue bound of the demo (64 MiB; lossless, so it only paces the proxy).
const DEMO_QUEUE_BYTES: usize = 64 * 1024 * 1024;

/// What the traffic part of the demo produced.
pub struct DemoRun {
    /// The recording written.
    pub recording: PathBuf,
    /// Client steps per protocol version, in run order.
    pub steps: Vec<(ProtocolVersion, Vec<StepResult>)>,
    /// The stop signal came before the client script finished (the steps of the version
    /// being run then that were done are in `steps`; the one in flight is not).
    pub interrupted: bool,
}

/// Runs the demo (module docs).
///
/// # Errors
/// Operational only (exit 2): no loopback port, recording not writable, runtime not started.
pub fn run(a: DemoArgs) -> anyhow::Result<ExitCode> {
    if a.agent_only {
        return agent_only(
            a.listen.as_deref().unwrap_or("127.0.0.1:9900"),
            a.bearer.clone(),
        );
    }
    if let Some(listen) = &a.listen {
        // clap's `requires` does not see an unset bool flag as absent (it has a default):
        // `--listen` would be ignored in silence (breaker10n N22)
        crate::errln!(
            "a2a-interop: demo --listen {listen} applies to --agent-only only (the full demo picks free loopback ports itself); hint: a2a-interop demo --agent-only --listen {listen}"
        );
        return Ok(ExitCode::from(2));
    }
    let pairs = verify_cmd::pair_outputs(&a.output).map_err(anyhow::Error::msg)?;
    verify_cmd::refuse_report_over_recording(a.record.as_deref(), &pairs)?;
    // reports are written at the end of the run: a path that cannot take them is found
    // now, not after the run (ux38)
    verify_cmd::check_run_outputs(&pairs)?;
    // An earlier recording is erased only with --overwrite (newcomer19 N1): checked before
    // anything starts, so a refused run leaves the file as it was.
    if let Some(p) = &a.record {
        crate::app::proxy_cmd::check_record_path_for_run(p, a.overwrite)?;
    }
    // A machine-readable report on stdout must parse: the step log goes to stderr then.
    let log = if pairs.iter().any(|(f, p)| {
        p.as_os_str() == "-" && !matches!(f, report::Format::Text | report::Format::Markdown)
    }) {
        StepLog::Stderr
    } else {
        StepLog::Stdout
    };
    let recording = a
        .record
        .clone()
        .unwrap_or_else(|| crate::app::proxy_cmd::unique_record_path("demo"));
    if let Some(dir) = recording.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir).map_err(|e| {
            let e = crate::record::outfile::name_not_a_directory(&recording, e);
            anyhow::anyhow!(
                "cannot create recording directory {}: {e}; hint: pick a writable --record path",
                dir.display()
            )
        })?;
    }
    // --baseline read before the run: a malformed one costs no run (exit 2)
    let loaded_baseline = super::load_baseline(&a.output.baseline, &[recording.as_path()])
        .map_err(anyhow::Error::msg)?;
    let rt = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .context("cannot start the async runtime")?;
    let demo = rt.block_on(async {
        let stop = crate::app::proxy_cmd::stop_signal()?;
        drive_logged(recording, log, Some(Box::pin(stop))).await
    })?;
    drop(rt);

    // JUnit fails what the exit status counts (--fail-on)
    let mut input = verify_cmd::verify_file(&demo.recording)
        .map_err(anyhow::Error::msg)?
        .with_failure_floor(a.output.fail_on.unwrap_or(FailOn::Error).junit_floor());
    input.width = super::report_width();
    super::apply_baseline(
        &a.output.baseline,
        loaded_baseline,
        &mut input,
        "a2a-interop",
    )
    .map_err(anyhow::Error::msg)?;
    if log == StepLog::Stdout {
        crate::outln!();
    }
    let mut model = report::Report::build(&input);
    if demo.interrupted {
        // the reports say it, as probe's and interop's do (README "Ctrl-C"; breaker9c C6)
        model.mark_interrupted("the demo's client script", "steps");
    }
    // the recording is whole: the hint says how to write the report again (ux38: a full
    // disk got the generic "`demo --help` lists the flags")
    report::write_built_reports(&pairs, &model, &input).map_err(|e| {
        let check = super::full_disk_hint(&format!("{e:#}"), "-o").unwrap_or_else(|| {
            "check the -o path is a writable file and the disk has room".to_string()
        });
        anyhow::anyhow!(
            "cannot write the report: {e}; hint: {check}; the recording is complete: `a2a-interop report {} -o FILE` writes the report from it",
            super::sh_path(&demo.recording)
        )
    })?;
    // what went to files, as `verify -o` says it (newcomer25 N13)
    if let Some(line) = crate::app::verify_cmd::wrote_line(&pairs, &model) {
        crate::errln!("a2a-interop: {line}");
    }
    if let Some(b) = &model.baseline {
        crate::errln!("a2a-interop: {}", b.line());
    }
    if demo.interrupted {
        crate::errln!(
            "a2a-interop: demo: interrupted: the report covers the {} client steps done before the stop; recording {} is complete up to there",
            demo.steps.iter().map(|(_, s)| s.len()).sum::<usize>(),
            demo.recording.display()
        );
        return Ok(ExitCode::from(130));
    }
    let failed_steps = demo
        .steps
        .iter()
        .flat_map(|(_, s)| s)
        .filter(|s| !s.ok)
        .count();
    let fail_on = a.output.fail_on.unwrap_or(FailOn::Error);
    let findings_code =
        verify_cmd::exit_status(input.counted_findings().iter().map(|f| f.severity), fail_on);
    if failed_steps > 0 {
        crate::errln!(
            "a2a-interop: demo: {failed_steps} client steps failed (STEP ... ERROR above); recording {}",
            demo.recording.display()
        );
    }
    Ok(ExitCode::from(if failed_steps > 0 {
        1
    } else {
        findings_code
    }))
}

/// `demo --agent-only [--listen ADDR] [--bearer TOKEN]`: the reference agent alone, its card advertising
/// `http://ADDR`, until Ctrl-C / SIGTERM (exit 0). The agent is the one the demo drives
/// (A2A 1.0 and 0.3, over JSON-RPC only: its card advertises no HTTP+JSON interface;
/// [`crate::refagent`], [`refagent::SERVES`]).
///
/// # Errors
/// `listen` is not a loopback `IP:PORT` / `localhost:PORT`, or the port cannot be bound.
fn agent_only(listen: &str, bearer: Option<String>) -> anyhow::Result<ExitCode> {
    let addr = match crate::app::proxy_cmd::parse_listen(listen) {
        Some(a) if a.ip().is_loopback() => a,
        Some(_) => anyhow::bail!(
            "--listen {listen:?} is not a loopback address like 127.0.0.1:9900; hint: the reference agent listens on loopback only"
        ),
        // a port out of range, IPv6 without brackets: say which (uxb38)
        None if crate::app::proxy_cmd::listen_why(listen).is_some() => anyhow::bail!(
            "--listen {listen:?}: {}; hint: give a loopback IP:PORT, e.g. --listen 127.0.0.1:9900",
            crate::app::proxy_cmd::listen_why(listen).unwrap_or_default()
        ),
        // a port alone (`--listen 9900`, `:9900`) is no address at all, not a remote one:
        // name the address to give, as `proxy --listen` does (newcomer30 N2)
        None => match listen.trim_start_matches(':').parse::<u16>() {
            Ok(port) => anyhow::bail!(
                "--listen {listen:?} is not an address like 127.0.0.1:9900; hint: give IP:PORT, e.g. --listen 127.0.0.1:{port}"
            ),
            Err(_) => anyhow::bail!(
                "--listen {listen:?} is not an address like 127.0.0.1:9900; hint: give a loopback IP:PORT, e.g. --listen 127.0.0.1:9900"
            ),
        },
    };
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .context("cannot start the async runtime")?;
    rt.block_on(async {
        let stop = crate::app::proxy_cmd::stop_signal()?;
        let start_error = |e: std::io::Error| {
            if e.kind() == std::io::ErrorKind::AddrInUse {
                let (by, stop) = crate::app::proxy_cmd::in_use_by(addr);
                anyhow::anyhow!("cannot listen on {addr}: address already in use{by}; hint: {stop} or pick another --listen port")
            } else {
                anyhow::anyhow!("cannot start the reference agent on {addr}: {e}")
            }
        };
        // `--listen localhost:PORT`: `[::1]:PORT` too, as `proxy --listen` does (ux39)
        let also_v6 = crate::app::proxy_cmd::listens_on_localhost(listen);
        let (l, v6) = crate::app::pipeline::bind_localhost(addr, also_v6)
            .await
            .map_err(start_error)?;
        let (second, v6) = match v6 {
            Some(Ok(l6)) => match l6.local_addr() {
                Ok(a6) => (Some(l6), Some(Ok(a6))),
                Err(e) => (None, Some(Err(e.to_string()))),
            },
            Some(Err(why)) => (None, Some(Err(why))),
            None => (None, None),
        };
        let agent = refagent::start_on_pair(
            l,
            second,
            RefAgentConfig {
                listen: addr,
                public_url: None,
            },
            refagent::RefAgentOptions {
                bearer: bearer.clone(),
                ..refagent::RefAgentOptions::default()
            },
        )
        .map_err(start_error)?;
        let url = format!("http://{}", agent.local_addr());
        let also = match &v6 {
            Some(Ok(a6)) => format!(" and http://{a6} (localhost)"),
            _ => String::new(),
        };
        // the address ends its row, what it serves on the next (newcomer58: 103
        // characters on one row, wrapped on an 80-column terminal)
        crate::errln!(
            "a2a-interop reference agent on {url}{also}\n  {}",
            refagent::SERVES
        );
        if let Some(Err(why)) = &v6 {
            crate::errln!(
                "  {}",
                crate::app::pipeline::localhost_v6_note(agent.local_addr().port(), "", why, &url)
            );
        }
        crate::errln!("  Agent Card: {url}/.well-known/agent-card.json");
        if bearer.is_some() {
            crate::errln!(
                "  calls need Authorization: Bearer <the --bearer token> (HTTP 401 without it): probe --bearer TOKEN"
            );
        }
        crate::errln!("  try: a2a-interop probe {url}\n  or:  a2a-interop interop YOUR_AGENT_URL {url}");
        crate::errln!("  Ctrl-C, SIGTERM or SIGHUP ends it");
        stop.await;
        agent.shutdown().await;
        crate::errln!("a2a-interop reference agent: stopped");
        Ok::<_, anyhow::Error>(())
    })?;
    Ok(ExitCode::SUCCESS)
}

/// Where [`drive_logged`] prints the step log.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StepLog {
    /// Nothing printed.
    Off,
    /// Standard output (the terminal default).
    Stdout,
    /// Standard error (a machine-readable report is on stdout).
    Stderr,
}

/// A future that ends the run early (Ctrl-C / SIGTERM).
pub type StopSignal = std::pin::Pin<Box<dyn std::future::Future<Output = ()> + Send>>;

/// A free loopback port (bound, then released for the proxy to take).
fn free_loopback_port() -> anyhow::Result<u16> {
    let l = TcpListener::bind((Ipv4Addr::LOCALHOST, 0)).context("no free loopback port")?;
    Ok(l.local_addr()?.port())
}

/// Starts agent and pipeline, runs the client script through the proxy in 1.0 and 0.3, and
/// stops everything. `print` writes each step on stdout as it completes.
///
/// # Errors
/// No free port, the agent or the pipeline cannot start, the recording cannot be finished.
pub async fn drive(recording: PathBuf, print: bool) -> anyhow::Result<DemoRun> {
    let log = if print { StepLog::Stdout } else { StepLog::Off };
    drive_logged(recording, log, None).await
}

/// [`drive`], printing the step log to `log`, and stopping the client script early when
/// `stop` completes ([`DemoRun::interrupted`]); the pipeline is then finished as usual, so
/// the recording ends whole.
///
/// # Errors
/// As [`drive`].
pub async fn drive_logged(
    recording: PathBuf,
    log: StepLog,
    stop: Option<StopSignal>,
) -> anyhow::Result<DemoRun> {
    let say = move |line: String| match log {
        StepLog::Off => {}
        StepLog::Stdout => crate::outln!("{line}"),
        StepLog::Stderr => crate::errln!("{line}"),
    };
    // each step as it completes (ux36: a block's steps were printed when the whole block
    // ended, so a Ctrl-C during the 1.0 stream step printed none of the three done and
    // said "0 client steps done")
    // on a terminal, a step's detail broken at spaces to its width, under the step's name
    // (newcomer58: `STEP push ok ...` rows of 100 to 200 characters wrapped mid-word)
    let width = match log {
        StepLog::Stdout => super::report_width(),
        StepLog::Stderr | StepLog::Off => None,
    };
    let say_step = move |s: &StepResult| {
        let row = format!("  {s}");
        say(match width {
            // the duration kept whole on the last row: `(N ms)` is one word there
            Some(w) => {
                crate::report::text::break_row(&format!("{row} ({}\u{a0}ms)", s.duration_ms), w, 7)
                    .replace('\u{a0}', " ")
            }
            None => format!("{row} ({} ms)", s.duration_ms),
        })
    };
    let mut stop = stop.unwrap_or_else(|| Box::pin(std::future::pending()));
    let proxy_port = free_loopback_port()?;
    let proxy_url = format!("http://127.0.0.1:{proxy_port}");
    let agent = refagent::start(RefAgentConfig {
        listen: SocketAddr::from((Ipv4Addr::LOCALHOST, 0)),
        public_url: Some(proxy_url.clone()),
    })
    .await
    .context("cannot start the reference agent")?;
    let agent_addr = agent.local_addr();
    let receiver = match WebhookReceiver::start().await {
        Ok(r) => r,
        Err(e) => {
            agent.shutdown().await;
            return Err(anyhow::anyhow!(
                "cannot start the demo's webhook receiver on loopback: {e}; hint: free a loopback port and run again"
            ));
        }
    };
    let pipeline = Pipeline::start_ext(
        PipelineConfig {
            proxy: ProxyConfig {
                listen: SocketAddr::from((Ipv4Addr::LOCALHOST, proxy_port)),
                routes: vec![Route {
                    prefix: "/".into(),
                    upstream: format!("http://{agent_addr}"),
                    leg: None,
                }],
                rewrite_card: false,
                capture_cap: DEFAULT_CAPTURE_CAP,
                leg: None,
            },
            record: Some(recording.clone()),
            // `run` checked `--record` against `--overwrite` before anything started
            // (`check_record_path`); a default name is always new, and `drive`'s callers own
            // their path
            overwrite: true,
            redact: true,
            lossless: true,
            queue_bytes: DEMO_QUEUE_BYTES,
            print_findings: false,
        },
        crate::proxy::ProxyExtras {
            // the agent's notifications reach the receiver through the recorder
            more: vec![webhook_listener(receiver.local_addr(), WEBHOOK_LEG)],
            ..crate::proxy::ProxyExtras::default()
        },
    )
    .await;
    let pipeline = match pipeline {
        Ok(p) => p,
        Err(e) => {
            agent.shutdown().await;
            receiver.shutdown().await;
            // README: every exit 2 carries a hint.
            let cause = format!("{e:#}");
            let hint = if cause.contains("; hint: ") {
                // the cause names its own remedy (breaker10n N4: not a recording)
                return Err(anyhow::anyhow!("cannot start the recording proxy: {cause}"));
            } else if cause.contains("another a2a-interop process") {
                "give this run another --record path (or stop the other run)"
            } else {
                "check that the --record directory exists and is writable, or give another --record path"
            };
            return Err(anyhow::anyhow!(
                "cannot start the recording proxy: {cause}; hint: {hint}"
            ));
        }
    };
    // the recording's path on a row of its own, last (newcomer57: 122 characters on one
    // line, an 80-column terminal wrapped the words before the path)
    say(format!(
        "demo: reference agent on {agent_addr}, recording proxy on {}\n  recording to {}",
        pipeline.proxy_addr(),
        recording.display()
    ));
    let webhook = pipeline
        .extra_addrs()
        .first()
        .and_then(|via| receiver.webhook_via(*via));
    let mut steps = Vec::new();
    let mut interrupted = false;
    for version in [ProtocolVersion::V1_0, ProtocolVersion::V0_3] {
        say(format!(
            "\nA2A {} (JSON-RPC) through the proxy:",
            version.as_str()
        ));
        let mut done = client::Steps {
            done: Vec::new(),
            on_step: Some(&say_step),
        };
        tokio::select! {
            () = client::run_into(&proxy_url, version, webhook.as_ref(), &mut done) => {}
            _ = &mut stop => {
                interrupted = true;
            }
        };
        // the steps done before a stop are kept (and counted) too
        steps.push((version, done.done));
        if interrupted {
            say(format!(
                "  interrupted ({}): stopping",
                crate::report::model::stop_cause()
            ));
            break;
        }
    }
    let outcome = pipeline.finish().await;
    agent.shutdown().await;
    receiver.shutdown().await;
    let outcome = outcome.context("cannot finish the recording")?;
    let recording = outcome.recording.unwrap_or(recording);
    Ok(DemoRun {
        recording,
        steps,
        interrupted,
    })
}

/*!
Card URLs on another origin than the probed one: an agent reached through a gateway (here a
plain forwarder on another port, no card rewrite) advertises its own address, so every task
call goes to another port than the probed URL. `probe` and `interop` must still send each of
those requests through the recording pipeline: the recording holds as many request heads as
the run sent, and the verifier's findings on them count (README "every request goes through
the recording pipeline"; found by a fresh engineer, 88 requests sent and 14 recorded).
*/

mod broken;
mod common;

use std::net::SocketAddr;

use a2a_interop::app::interop_cmd::{A_TO_B, B_TO_A};
use a2a_interop::app::probe_cmd;
use a2a_interop::cli::{Cli, Command};
use a2a_interop::probe::Status;
use a2a_interop::proxy::{self, ProxyConfig, ProxyHandle};
use a2a_interop::record::{source, EventKind, Route, DEFAULT_CAPTURE_CAP};
use broken::Break;
use clap::Parser;

/// A plain forwarder on a free loopback port in front of `upstream` (no recording, card not
/// rewritten): the agent's card read through it still names the agent's own port.
async fn gateway(upstream: SocketAddr) -> ProxyHandle {
    proxy::start_bare(ProxyConfig {
        listen: SocketAddr::from(([127, 0, 0, 1], 0)),
        routes: vec![Route {
            prefix: "/".into(),
            upstream: format!("http://{upstream}"),
            leg: None,
        }],
        rewrite_card: false,
        capture_cap: DEFAULT_CAPTURE_CAP,
        leg: None,
    })
    .await
    .expect("start the gateway")
}

/// Request heads in the recording at `path`, per leg (`None` for `probe`), and their URLs.
fn heads(path: &std::path::Path) -> Vec<(Option<String>, String)> {
    let src = source::open(path).expect("open the recording");
    src.events
        .map(|e| e.expect("event"))
        .filter_map(|ev| match ev.kind {
            EventKind::RequestHead { url, .. } => Some((ev.leg, url)),
            _ => None,
        })
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn probe_records_and_verifies_calls_to_a_card_url_on_another_port() {
    // the agent breaks REST-ERROR-001 on its HTTP+JSON parse error: only the verifier sees it
    let agent = broken::start_with(Break::RestParseErrorAsJsonRpc, false, true).await;
    let gw = gateway(agent.addr).await;
    let url = format!("http://{}/", gw.local_addr());
    let dir = tempfile::tempdir().expect("temp dir");
    let rec = dir.path().join("probe.jsonl");
    let argv = [
        "a2a-interop",
        "probe",
        url.as_str(),
        "--timeout",
        "10s",
        "--record",
        rec.to_str().expect("utf-8 path"),
    ];
    let Command::Probe(args) = Cli::parse_from(argv).command else {
        unreachable!("parsed a probe command")
    };
    let cfg = probe_cmd::config_from(&args).expect("config");
    let run = probe_cmd::probe_through_pipeline(&args, &cfg, url::Url::parse(&url).unwrap())
        .await
        .expect("probe run");
    gw.shutdown().await;

    let heads = heads(&rec);
    // every request the probe sent is in the recording (the webhook leg has none here)
    assert_eq!(
        heads.len() as u32,
        run.report.requests,
        "recorded {heads:#?}"
    );
    // the task calls went to the agent's own port, and the recording says so
    let agent_origin = format!("http://{}/", agent.addr);
    let on_agent = heads
        .iter()
        .filter(|(_, u)| u.starts_with(&agent_origin))
        .count();
    assert!(on_agent > 20, "{on_agent} calls recorded on {agent_origin}");
    let findings = &run.outcome.verify.findings;
    assert!(
        findings.iter().any(|f| f.rule == "REST-ERROR-001"),
        "{findings:#?}"
    );
    let rest = run
        .report
        .result_in("errors.parse-error", Some("1.0"), Some("http+json"))
        .expect("rest parse-error result");
    assert_eq!(rest.status, Status::Fail, "{}", rest.message);
    assert!(
        rest.message
            .contains("verifier found error[REST-ERROR-001] on its exchange e"),
        "{}",
        rest.message
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn interop_records_a_directions_calls_to_another_port_on_its_leg() {
    let a = broken::start(Break::Nothing, false).await;
    let b = broken::start_with(Break::RestParseErrorAsJsonRpc, false, true).await;
    let gw = gateway(b.addr).await;
    let url_a = a.url();
    let url_b = format!("http://{}/", gw.local_addr());
    let dir = tempfile::tempdir().expect("temp dir");
    let (run, rec) = common::interop_with(&url_a, &url_b, &["--timeout", "10s"], dir.path()).await;
    gw.shutdown().await;

    let heads = heads(&rec);
    let [ab, ba] = &run.directions;
    for d in [ab, ba] {
        let on_leg = heads
            .iter()
            .filter(|(l, _)| l.as_deref() == Some(d.name))
            .count();
        assert_eq!(on_leg as u32, d.report.requests, "[{}] recorded", d.name);
    }
    let b_origin = format!("http://{}/", b.addr);
    assert!(
        heads
            .iter()
            .any(|(l, u)| l.as_deref() == Some(A_TO_B) && u.starts_with(&b_origin)),
        "no A->B call recorded on B's own port"
    );
    let ab_findings = run.findings_of(A_TO_B);
    assert!(
        ab_findings.iter().any(|f| f.rule == "REST-ERROR-001"),
        "{ab_findings:#?}"
    );
    assert!(
        !run.findings_of(B_TO_A)
            .iter()
            .any(|f| f.rule == "REST-ERROR-001"),
        "B's finding leaked into B->A"
    );
}

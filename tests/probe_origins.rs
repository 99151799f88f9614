/*!
Card URLs on another origin than the probed one: an agent reached through a gateway (here a
plain forwarder on another port, no card rewrite) advertises its own address, so every task
call goes to another port than the probed URL. `probe` and `interop` must still send each of
those requests through the recording pipeline: the recording holds as many request heads as
the run sent, and the verifier's findings on them count (docs/usage.md "every request goes through
the recording pipeline"; found by a fresh engineer, 88 requests sent and 14 recorded).
*/

use crate::broken;
use crate::common;
use crate::proxy_process;

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

/// The request heads of recording `rec` ([`heads`]), once asserted to be the probe's
/// `requests`, more than 10 of them recorded on the card's interface URL `card_url`.
fn recorded_on_card_url(
    rec: &std::path::Path,
    requests: u32,
    card_url: &str,
) -> Vec<(Option<String>, String)> {
    let heads = heads(rec);
    assert_eq!(heads.len() as u32, requests, "recorded {heads:#?}");
    let on_card_url = heads
        .iter()
        .filter(|(_, u)| u.starts_with(card_url))
        .count();
    assert!(
        on_card_url > 10,
        "{on_card_url} calls recorded as {card_url}: {heads:#?}"
    );
    heads
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn probe_records_and_verifies_calls_to_a_card_url_on_another_port() {
    // the agent breaks REST-ERROR-001 on its HTTP+JSON parse error: only the verifier sees it
    let agent = broken::start_with(Break::RestParseErrorAsJsonRpc, false, true).await;
    let gw = gateway(agent.addr).await;
    let gw_addr = gw.local_addr();
    let url = format!("http://{gw_addr}/");
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
    // breaker16b T4: the card sent the task calls around the gateway that was probed: said
    // as a skipped result naming both origins (caps the level), and by the verifier
    let origin = run
        .report
        .result_in("card.interface-origin", None, None)
        .expect("card.interface-origin result");
    assert_eq!(origin.status, Status::Skip, "{}", origin.message);
    assert!(
        origin.message.starts_with(&format!(
            "the card advertises http://{}, not the probed http://{}",
            agent.addr, gw_addr
        )),
        "{}",
        origin.message
    );
    let around: Vec<_> = findings
        .iter()
        .filter(|f| f.rule == "CARD-URL-009")
        .collect();
    assert!(!around.is_empty(), "{findings:#?}");
    assert!(
        around[0]
            .message
            .contains(&format!("advertises http://{}", agent.addr)),
        "{}",
        around[0].message
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn interop_records_a_directions_calls_to_another_port_on_its_leg() {
    // A's card lists HTTP+JSON too: a direction tests only what its caller's card lists
    let a = broken::start_with(Break::Nothing, false, true).await;
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

/// A gateway process (`a2a-interop proxy`, not recording) listening on a free loopback port
/// with `args` (`--upstream ...`, TLS flags); its address.
fn gateway_process(args: &[&str]) -> (proxy_process::Running, SocketAddr) {
    let run = proxy_process::spawn_until_listening(
        common::bin()
            .args(["proxy", "--listen", "127.0.0.1:0", "--no-record"])
            .args(args),
        std::time::Duration::from_secs(30),
    );
    let addr = run
        .addr
        .trim_end_matches('/')
        .parse()
        .expect("listening address");
    (run, addr)
}

/// A TLS front (`a2a-interop proxy --tls-cert ...`, not recording) on a free loopback port:
/// waits for its banner `... listening on https://HOST:PORT`; `addr` is `HOST:PORT`.
fn tls_front(args: &[&str]) -> proxy_process::Running {
    use std::io::{BufRead, BufReader};
    // killed and reaped if the banner never comes (a panic below)
    let mut child = proxy_process::ChildGuard::spawn(
        common::bin()
            .args(["proxy", "--listen", "127.0.0.1:0", "--no-record"])
            .args(args)
            .stderr(std::process::Stdio::piped())
            .stdout(std::process::Stdio::null()),
    );
    let stderr = child.stderr.take().expect("stderr");
    let (tx, rx) = std::sync::mpsc::channel::<String>();
    std::thread::spawn(move || {
        for line in BufReader::new(stderr).lines().map_while(Result::ok) {
            let _ = tx.send(line);
        }
    });
    let mut banner = Vec::new();
    let addr = loop {
        let line = rx
            .recv_timeout(std::time::Duration::from_secs(30))
            .expect("banner");
        banner.push(line.clone());
        if let Some(a) = line.strip_prefix("a2a-interop proxy listening on https://") {
            break a.trim_end_matches('/').to_string();
        }
    };
    proxy_process::Running {
        child,
        rx,
        banner,
        addr,
    }
}

/// Runs `probe` on `url` with `extra` flags in process, recording to `rec`.
async fn probe_in_process(url: &str, rec: &std::path::Path, extra: &[&str]) -> probe_cmd::ProbeRun {
    let mut argv = vec![
        "a2a-interop",
        "probe",
        url,
        "--timeout",
        "10s",
        "--record",
        rec.to_str().expect("utf-8 path"),
    ];
    argv.extend_from_slice(extra);
    let Command::Probe(args) = Cli::parse_from(argv).command else {
        unreachable!("parsed a probe command")
    };
    let cfg = probe_cmd::config_from(&args).expect("config");
    probe_cmd::probe_through_pipeline(&args, &cfg, url::Url::parse(url).unwrap())
        .await
        .expect("probe run")
}

/// fix7: a plain gateway in front of an agent served over TLS only, whose card names its
/// own `https://` URL: the task calls go through a relay (plain loopback listener, TLS to
/// the agent) and the recording names the URL the card gave, `https://127.0.0.1:PORT/rpc`
/// (it said `http://`); every request is recorded and the send test passes.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_relayed_https_card_url_is_recorded_as_https() {
    let dir = tempfile::tempdir().expect("temp dir");
    let pem = dir.path().join("agent.pem");
    let agent = broken::start_tls(&pem).await;
    let pem_s = pem.to_str().expect("utf-8 path");
    let (gw, gw_addr) = gateway_process(&[
        "--upstream",
        &format!("https://{}", agent.addr),
        "--upstream-ca",
        pem_s,
    ]);
    let url = format!("http://{gw_addr}/");
    let rec = dir.path().join("probe.jsonl");
    let run = probe_in_process(&url, &rec, &["--ca", pem_s]).await;
    gw.terminate();

    let heads = recorded_on_card_url(
        &rec,
        run.report.requests,
        &format!("https://{}/rpc", agent.addr),
    );
    let plain = format!("http://{}/", agent.addr);
    assert!(
        !heads.iter().any(|(_, u)| u.starts_with(&plain)),
        "a call to the agent recorded as {plain}: {heads:#?}"
    );
    let send = run
        .report
        .result_in("lifecycle.send", Some("1.0"), None)
        .expect("send result");
    assert_eq!(send.status, Status::Pass, "{}", send.message);
}

/// fix7: the other way round, a TLS front (`proxy --tls-cert`) before a plain agent whose
/// card names its own `http://` URL: the probe reaches the front over TLS (`--ca`), the task
/// calls go through a relay to the plain agent, and the recording names them `http://`.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_tls_front_to_a_plain_agent_records_the_plain_card_url() {
    tls_front_to_plain_agent(Break::Nothing).await;
}

/// The same with an agent that sends every answer chunked (no `Content-Length`): through
/// the HTTP/2 front each body's end comes as an empty DATA frame of its own. The recording
/// proxy kept that empty frame in the card's buffered prefix, so the card served to the
/// probe looked unfinished after its exact length was written, the client leg dropped it,
/// and both card fetches were recorded `client_abort`: no card judged, no AUTH-TLS-004
/// (session 32, found by ux32).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_tls_front_to_a_plain_agent_with_chunked_answers_records_the_card_whole() {
    tls_front_to_plain_agent(Break::ChunkedAnswers).await;
}

async fn tls_front_to_plain_agent(brk: Break) {
    let dir = tempfile::tempdir().expect("temp dir");
    let agent = broken::start(brk, false).await;
    let ck = rcgen::generate_simple_self_signed(vec!["127.0.0.1".to_string()])
        .expect("self-signed certificate");
    let (cert, key) = (dir.path().join("front.pem"), dir.path().join("front.key"));
    std::fs::write(&cert, ck.cert.pem()).expect("write cert");
    std::fs::write(&key, ck.key_pair.serialize_pem()).expect("write key");
    let cert_s = cert.to_str().expect("utf-8 path");
    let gw = tls_front(&[
        "--upstream",
        &format!("http://{}", agent.addr),
        "--tls-cert",
        cert_s,
        "--tls-key",
        key.to_str().expect("utf-8 path"),
    ]);
    let url = format!("https://{}/", gw.addr);
    let rec = dir.path().join("probe.jsonl");
    let run = probe_in_process(&url, &rec, &["--ca", cert_s]).await;
    gw.terminate();

    let heads = recorded_on_card_url(
        &rec,
        run.report.requests,
        &format!("http://{}/rpc", agent.addr),
    );
    assert!(
        !heads
            .iter()
            .any(|(_, u)| u.starts_with(&format!("https://{}/", agent.addr))),
        "a call to the plain agent recorded as https: {heads:#?}"
    );
    // the card fetches through the front (recorded on the probe's own listener)
    assert!(
        heads
            .iter()
            .any(|(_, u)| u.ends_with("/.well-known/agent-card.json")),
        "{heads:#?}"
    );
    let send = run
        .report
        .result_in("lifecycle.send", Some("1.0"), None)
        .expect("send result");
    assert_eq!(send.status, Status::Pass, "{}", send.message);
    // breaker16b T4: a card fetched over TLS that sends the client to plain http
    let origin = run
        .report
        .result_in("card.interface-origin", None, None)
        .expect("card.interface-origin result");
    assert_eq!(origin.status, Status::Skip, "{}", origin.message);
    assert!(
        origin
            .message
            .contains("the card, fetched over https, sends clients to plain http (AUTH-004)"),
        "{}",
        origin.message
    );
    let findings = &run.outcome.verify.findings;
    let tls = findings
        .iter()
        .find(|f| f.rule == "AUTH-TLS-004")
        .unwrap_or_else(|| panic!("no AUTH-TLS-004 in {findings:#?}"));
    assert!(
        tls.message.contains(&format!(
            "advertises the plain-http interface http://{}",
            agent.addr
        )),
        "{}",
        tls.message
    );
}

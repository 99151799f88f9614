//! ux33: a newcomer on a fresh machine, and the prober's leftovers of session 32. Real
//! processes (the binary, the reference agent), the broken agents of tests/broken on
//! loopback sockets, real files.
//! - The probe's own recording proxy answers 502 for a call whose connection the agent
//!   refused (the agent died): `probe` dropped its GW-RESP-006 by matching "connection
//!   refused" in the finding's text, `interop` kept it (a warning blaming a gateway that
//!   is the run's own proxy), and offline `verify` of the probe's recording reported it
//!   again. Now the recording says so as a kind (`exchange_end.connect_failure: refused`)
//!   and the verifier itself leaves GW-RESP-006 out for such calls in a probe or interop
//!   recording: probe, interop and verify agree. Controls: a `proxy` recording keeps it (a
//!   real client was left without an answer), and so does a probe whose agent closed the
//!   connection without answering (the agent's doing, not a dead agent).
//! - The stop of a probe whose agent died hinted "is the agent up? a slow agent needs a
//!   longer --timeout": for a refused connection it now says the agent no longer accepts
//!   connections and to restart it.
//! - `interop`'s conformance reason said only the levels (`A->B: partial, B->A: full`):
//!   now each direction's reason, worded as `probe` words it.

use crate::broken;
use crate::common;

use crate::proxy_process;

use std::path::Path;
use std::time::Duration;

use common::run_off_runtime as run;
use serde_json::Value;

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// The recording's `exchange_end` events, parsed.
fn exchange_ends(rec: &Path) -> Vec<Value> {
    std::fs::read_to_string(rec)
        .unwrap()
        .lines()
        .filter_map(|l| serde_json::from_str::<Value>(l).ok())
        .filter(|v| v["type"] == "exchange_end")
        .collect()
}

/// The rule ids of a JSON report's findings, sorted, repeats kept once.
fn rule_ids(report: &Value) -> Vec<String> {
    let mut ids: Vec<String> = report["findings"]
        .as_array()
        .unwrap_or_else(|| panic!("no findings array in {report:#}"))
        .iter()
        .filter_map(|f| f["rule"].as_str().map(str::to_string))
        .collect();
    ids.sort();
    ids.dedup();
    ids
}

/// `a2a-interop ARGS...` run off the async runtime (agents under test go on serving).
async fn a2a(args: &[&str]) -> std::process::Output {
    run(args.iter().map(|a| a.to_string()).collect()).await
}

/// `probe URL -q --timeout TIMEOUT --record REC -f json -o REPORT`, its output.
async fn probe_recorded(
    url: &str,
    timeout: &str,
    rec: &Path,
    report: &Path,
) -> std::process::Output {
    let (rec, report) = (rec.display().to_string(), report.display().to_string());
    a2a(&[
        "probe",
        url,
        "-q",
        "--timeout",
        timeout,
        "--record",
        &rec,
        "-f",
        "json",
        "-o",
        &report,
    ])
    .await
}

/// `verify FILE -f json -o OUT` of `rec`: exit code, the JSON report, stderr.
async fn verify_json(rec: &Path, out: &Path) -> (Option<i32>, Value, String) {
    let (rec, out_s) = (rec.display().to_string(), out.display().to_string());
    let o = a2a(&["verify", &rec, "-f", "json", "-o", &out_s]).await;
    let err = text(&o.stderr);
    let v = serde_json::from_str(&std::fs::read_to_string(out).unwrap_or_default())
        .unwrap_or_else(|e| panic!("verify wrote no JSON report ({e}): {err}"));
    (o.status.code(), v, err)
}

/// An agent that dies mid-stream: the calls after its death are refused and answered by
/// the probe's own proxy. The recording names them `connect_failure: refused`; neither the
/// probe's report nor offline `verify` of its recording carries GW-RESP-006; the two name
/// the same rules (before: verify added GW-RESP-006 the probe had dropped by its text).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_dead_agents_refused_calls_are_no_gateway_fault_in_probe_and_verify_alike() {
    let dir = tempfile::tempdir().unwrap();
    let (rec, report, verified) = (
        dir.path().join("probe.jsonl"),
        dir.path().join("probe.json"),
        dir.path().join("verify.json"),
    );
    let agent = broken::start(broken::Break::DiesMidStream, false).await;
    let o = probe_recorded(&agent.url(), "5s", &rec, &report).await;
    let err = text(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{err}");
    // the stop's hint fits a dead agent: no "a slow agent needs a longer --timeout"
    let stop = err
        .lines()
        .find(|l| l.starts_with("a2a-interop: the probe could not finish"))
        .unwrap_or_else(|| panic!("no closing line: {err}"));
    assert!(
        stop.ends_with("hint: the agent no longer accepts connections (connection refused): it exited or was stopped during the run; check its log, start it again and rerun"),
        "{stop}"
    );
    // the recording: the proxy's own answers for the refused connections, said as a kind
    let refused: Vec<Value> = exchange_ends(&rec)
        .into_iter()
        .filter(|e| e["connect_failure"] == "refused")
        .collect();
    assert!(!refused.is_empty(), "no refused exchange in the recording");
    for e in &refused {
        assert_eq!(e["outcome"], "upstream_error", "{e}");
        assert!(
            e["error"]
                .as_str()
                .is_some_and(|t| t.to_ascii_lowercase().contains("refused")),
            "{e}"
        );
    }
    let probe: Value = serde_json::from_str(&std::fs::read_to_string(&report).unwrap()).unwrap();
    let probe_rules = rule_ids(&probe);
    assert!(
        !probe_rules.iter().any(|r| r == "GW-RESP-006"),
        "{probe_rules:?}"
    );
    // the agent's own faults stay (the cut streams)
    assert!(
        probe_rules.iter().any(|r| r == "STREAM-END-002"),
        "{probe_rules:?}"
    );
    let (code, offline, verr) = verify_json(&rec, &verified).await;
    let verify_rules = rule_ids(&offline);
    assert!(
        !verify_rules.iter().any(|r| r == "GW-RESP-006"),
        "offline verify blamed a gateway: {verify_rules:?}"
    );
    assert_eq!(
        verify_rules, probe_rules,
        "probe and verify disagree: {verr}"
    );
    assert_eq!(code, Some(1), "{verr}");
    // the kind decides, not the error text: the same file without it (as an older build
    // wrote it) keeps its GW-RESP-006 offline, as before
    let older = dir.path().join("older.jsonl");
    std::fs::write(
        &older,
        std::fs::read_to_string(&rec)
            .unwrap()
            .replace(",\"connect_failure\":\"refused\"", ""),
    )
    .unwrap();
    let (_, v, _) = verify_json(&older, &dir.path().join("older.json")).await;
    assert!(
        rule_ids(&v).iter().any(|r| r == "GW-RESP-006"),
        "{:?}",
        rule_ids(&v)
    );
}

/// An agent that serves its Agent Card and closes the connection of every other request
/// without answering (a crashing worker): it is reached, so its calls are its own doing.
fn closing_agent() -> String {
    let addr = proxy_process::card_agent_closing_calls(|addr| {
        proxy_process::echo_card(
            "ux33 agent that closes every call",
            &format!("http://{addr}/"),
        )
    });
    format!("http://{addr}")
}

/// Control: an agent that closes its calls' connections without answering is reached, not
/// dead: a probe of it keeps GW-RESP-006 (the recording names no `connect_failure`).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_connection_the_agent_closed_unanswered_keeps_its_gw_resp_006() {
    let dir = tempfile::tempdir().unwrap();
    let (rec, report) = (dir.path().join("p.jsonl"), dir.path().join("p.json"));
    let url = closing_agent();
    let o = probe_recorded(&url, "10s", &rec, &report).await;
    let err = text(&o.stderr);
    assert!(matches!(o.status.code(), Some(1 | 2)), "{err}");
    let v: Value = serde_json::from_str(&std::fs::read_to_string(&report).unwrap()).unwrap();
    assert!(
        rule_ids(&v).iter().any(|r| r == "GW-RESP-006"),
        "{:?} {err}",
        rule_ids(&v)
    );
    let ends = exchange_ends(&rec);
    assert!(
        ends.iter().any(|e| e["outcome"] == "upstream_error"),
        "no proxy answer recorded"
    );
    assert!(
        ends.iter().all(|e| e.get("connect_failure").is_none()),
        "a reached agent has no connect failure: {ends:?}"
    );
}

/// Control: behind `proxy`, a real client's call to an agent that died is refused too, but
/// there the client was left without an answer by the agent behind the user's proxy:
/// GW-RESP-006 stays, online and offline, and the recording names the refusal as a kind.
#[test]
fn a_proxy_recording_keeps_gw_resp_006_for_a_refused_connection() {
    let dir = tempfile::tempdir().unwrap();
    let rec = dir.path().join("session.jsonl");
    let (mut agent, url) = proxy_process::reference_agent();
    let (proxy, addr) =
        proxy_process::start_proxy(&["--upstream", &url, "--record", rec.to_str().unwrap()]);
    assert!(proxy_process::send_message(addr, "u33", 1).starts_with("HTTP/1.1 200"));
    agent.signal("KILL");
    agent.wait_for(Duration::from_secs(10), "reference agent after SIGKILL");
    assert!(proxy_process::send_message(addr, "u33", 2).starts_with("HTTP/1.1 502"));
    let stderr = proxy.terminate();
    let ends = exchange_ends(&rec);
    assert!(
        ends.iter()
            .any(|e| e["outcome"] == "upstream_error" && e["connect_failure"] == "refused"),
        "{ends:?}"
    );
    let o = proxy_process::run_in(
        dir.path(),
        &[
            "verify",
            rec.to_str().unwrap(),
            "-f",
            "json",
            "-o",
            "v.json",
        ],
    );
    let v: Value =
        serde_json::from_str(&std::fs::read_to_string(dir.path().join("v.json")).unwrap())
            .unwrap_or_else(|e| panic!("{e}: {}", text(&o.stderr)));
    assert!(
        rule_ids(&v).iter().any(|r| r == "GW-RESP-006"),
        "{:?} {stderr}",
        rule_ids(&v)
    );
}

/// `interop` with agent B dying mid-stream: its refused calls carry no GW-RESP-006 (before:
/// a warning on B's direction blaming the run's own proxy), and the report's conformance
/// reason gives each direction's level and why, as `probe` words it (before: only the
/// levels, `A->B: minimal, B->A: full`).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn interop_with_a_dying_agent_shares_the_probes_verdict_and_reason() {
    let dir = tempfile::tempdir().unwrap();
    let report = dir.path().join("pair.json");
    let good = broken::start(broken::Break::Nothing, false).await;
    let dying = broken::start(broken::Break::DiesMidStream, false).await;
    let report_s = report.display().to_string();
    let (a, b) = (good.url(), dying.url());
    let o = a2a(&[
        "interop",
        &a,
        &b,
        "-q",
        "--timeout",
        "5s",
        "-f",
        "json",
        "-o",
        &report_s,
    ])
    .await;
    let err = text(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(
        err.contains("a2a-interop: [A->B] the probe could not finish: the agent stopped answering"),
        "{err}"
    );
    let v: Value = serde_json::from_str(&std::fs::read_to_string(&report).unwrap()).unwrap();
    let rules = rule_ids(&v);
    assert!(!rules.iter().any(|r| r == "GW-RESP-006"), "{rules:?}");
    assert!(rules.iter().any(|r| r == "STREAM-END-002"), "{rules:?}");
    let reason = v["conformanceReason"].as_str().unwrap();
    let (ab, ba) = reason
        .split_once("; B->A: ")
        .unwrap_or_else(|| panic!("{reason}"));
    assert!(
        ab.starts_with("A->B: ")
            && ab.contains(" (this direction did not finish: the agent stopped answering during ")
            && ab.matches("finish").count() == 1,
        "{reason}"
    );
    // a failed test is named as its result is (B answered nothing wrong here, so the
    // failure, if any, is in A->B's part)
    assert!(
        ba.starts_with("full (every interop test") || ba.starts_with("partial ("),
        "{reason}"
    );
    if let Some((_, failed)) = ab.split_once("; failed ") {
        assert!(
            failed.starts_with("interop.") && failed.contains(" [A->B "),
            "{reason}"
        );
    }
}

/// `verify -q` (a CI habit: probe, interop and proxy take it) got clap's "to pass
/// '-q' as a value, use '-- -q'", which makes `-q` a file name; an unknown short flag now
/// gets the hint an unknown long one gets: the command has no such flag, which commands
/// have it, and where the flags are listed. A digit (`-5`, maybe a value) keeps clap's tip.
#[test]
fn an_unknown_short_flag_says_the_command_has_none() {
    for (args, hint) in [
        (
            vec!["verify", "rec.jsonl", "-q"],
            "hint: `verify` has no -q (proxy, probe, interop have it); see `a2a-interop verify --help`",
        ),
        (
            vec!["export", "rec.jsonl", "-f", "har"],
            "hint: `export` has no -f (",
        ),
    ] {
        let o = common::bin().args(&args).output().unwrap();
        let err = text(&o.stderr);
        assert_eq!(o.status.code(), Some(2), "{err}");
        assert!(err.contains(hint), "{args:?}: {err}");
        assert!(!err.contains("to pass '"), "{err}");
    }
    let o = common::bin().args(["probe", "-5"]).output().unwrap();
    let err = text(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(!err.contains("has no -5"), "{err}");
}

/// open47 item 5: the race `a_dead_agents_refused_calls_...` lost once under load, made
/// deterministic. A small real server serves its Agent Card (kept-alive connections),
/// answers the first A2A call, reads the second whole, closes that connection without
/// answering and stops listening: the agent died with the call in hand, so the probe's
/// next calls are refused (recorded `connect_failure: refused`). The closed
/// call is part of the same death as the refused ones: the probe's report and offline
/// `verify` of its recording carry no GW-RESP-006 for it (before: a warning blaming a
/// gateway, the run's own proxy), and agree. (An agent that closes calls and lives on keeps
/// its GW-RESP-006: `a_connection_the_agent_closed_unanswered_keeps_its_gw_resp_006`.)
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_call_the_agent_closed_as_it_died_is_no_gateway_fault_either() {
    let dir = tempfile::tempdir().unwrap();
    let (rec, report, verified) = (
        dir.path().join("probe.jsonl"),
        dir.path().join("probe.json"),
        dir.path().join("verify.json"),
    );
    let l = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let addr = l.local_addr().unwrap();
    let card = proxy_process::echo_card(
        "open47 agent that dies on its first call",
        &format!("http://{addr}/"),
    );
    let (closed_tx, closed_rx) = std::sync::mpsc::channel::<String>();
    std::thread::spawn(move || {
        use std::io::{BufRead, BufReader, Read, Write};
        // one connection at a time, each kept alive until the second A2A call
        let mut answered_one = false;
        'conns: for conn in l.incoming() {
            let Ok(mut s) = conn else { continue };
            let mut r = BufReader::new(s.try_clone().unwrap());
            loop {
                let mut first = String::new();
                if r.read_line(&mut first).unwrap_or(0) == 0 {
                    continue 'conns;
                }
                let mut len = 0usize;
                loop {
                    let mut h = String::new();
                    if r.read_line(&mut h).unwrap_or(0) == 0 || h == "\r\n" {
                        break;
                    }
                    if let Some(v) = h.to_ascii_lowercase().strip_prefix("content-length:") {
                        len = v.trim().parse().unwrap_or(0);
                    }
                }
                let mut body = vec![0u8; len];
                let _ = r.read_exact(&mut body);
                if first.starts_with("GET ") && first.contains("/.well-known/agent-card.json") {
                    let _ = write!(
                        s,
                        "HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncache-control: max-age=60\r\netag: \"o47\"\r\ncontent-length: {}\r\n\r\n{card}",
                        card.len()
                    );
                    continue;
                }
                // the first A2A call (the probe's GetTask of an unknown task) answered, so
                // the probe goes on to its next tests
                if !answered_one {
                    answered_one = true;
                    let id = serde_json::from_slice::<Value>(&body)
                        .ok()
                        .and_then(|v| v.get("id").cloned())
                        .unwrap_or(Value::Null);
                    let e = serde_json::json!({"jsonrpc": "2.0", "id": id,
                        "error": {"code": -32001, "message": "Task not found"}})
                    .to_string();
                    let _ = write!(
                        s,
                        "HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: {}\r\n\r\n{e}",
                        e.len()
                    );
                    continue;
                }
                // the first call read whole, then the agent dies: the connection closed
                // unanswered, the listener gone (later connections refused)
                let _ = s.shutdown(std::net::Shutdown::Both);
                let _ = closed_tx.send(first.trim().to_string());
                break 'conns;
            }
        }
        drop(l);
    });
    let o = probe_recorded(&format!("http://{addr}"), "5s", &rec, &report).await;
    let err = text(&o.stderr);
    let closed = closed_rx
        .recv_timeout(Duration::from_secs(5))
        .unwrap_or_else(|_| panic!("the probe sent no A2A call: {err}"));
    assert!(closed.starts_with("POST "), "{closed}");
    assert_eq!(o.status.code(), Some(2), "the probe stops: {err}");
    // the recording: one call closed unanswered (no connect failure), then refusals
    let ends = exchange_ends(&rec);
    let upstream_errors: Vec<&Value> = ends
        .iter()
        .filter(|e| e["outcome"] == "upstream_error")
        .collect();
    assert!(
        upstream_errors
            .iter()
            .any(|e| e.get("connect_failure").is_none()),
        "the closed call: {ends:?}"
    );
    assert!(
        upstream_errors
            .iter()
            .any(|e| e["connect_failure"] == "refused"),
        "the refusals after it: {ends:?}"
    );
    let probe: Value = serde_json::from_str(&std::fs::read_to_string(&report).unwrap()).unwrap();
    let probe_rules = rule_ids(&probe);
    assert!(
        !probe_rules.iter().any(|r| r == "GW-RESP-006"),
        "{probe_rules:?} {err}"
    );
    let (_, offline, verr) = verify_json(&rec, &verified).await;
    let verify_rules = rule_ids(&offline);
    assert!(
        !verify_rules.iter().any(|r| r == "GW-RESP-006"),
        "offline verify blamed a gateway: {verify_rules:?}"
    );
    assert_eq!(
        verify_rules, probe_rules,
        "probe and verify disagree: {verr}"
    );
}

//! `a2a-interop probe` through the real binary against agents that stop answering: one
//! that accepts TCP connections but never answers (progress on stderr, `--timeout`,
//! stopped after `--max-unanswered` requests in a row, exit 2) and one that dies mid-probe
//! (exit 2 naming the last test and the connection error; the report so far is kept).

use crate::broken;
use crate::common;

use std::path::Path;

use serde_json::Value;

use common::run_off_runtime as probe;

/// `probe URL --timeout TIMEOUT EXTRA... -f json -o REPORT`.
fn probe_args(url: String, timeout: &str, extra: &[&str], report: &Path) -> Vec<String> {
    let mut args = vec!["probe".to_string(), url, "--timeout".into(), timeout.into()];
    args.extend(extra.iter().map(|a| a.to_string()));
    args.extend([
        "-f".into(),
        "json".into(),
        "-o".into(),
        report.display().to_string(),
    ]);
    args
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_agent_that_never_answers_is_given_up_on_with_progress_and_exit_2() {
    // accepts connections and reads requests, never writes a byte
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let silent = tokio::spawn(async move {
        let mut held = Vec::new();
        while let Ok((s, _)) = listener.accept().await {
            held.push(s);
        }
    });
    let dir = tempfile::tempdir().unwrap();
    let report = dir.path().join("out/report.json");
    let o = probe(probe_args(
        format!("http://{addr}/"),
        "700ms",
        &["--max-unanswered", "2"],
        &report,
    ))
    .await;
    silent.abort();
    let err = text(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "stderr: {err}");
    // progress names the running test
    assert!(err.contains("probe: card.reachable ..."), "{err}");
    let last = err.lines().last().unwrap_or("");
    assert!(
        last.starts_with(
            "a2a-interop: the probe could not finish: the agent stopped answering during card.reachable (2 requests in a row unanswered): GET http://"
        ) && last.contains("/.well-known/agent-card.json: no response within 700 ms"),
        "{err}"
    );
    assert!(
        err.contains("probe: stopping: the agent did not answer 2 requests in a row"),
        "{err}"
    );
    // the results so far are on stdout and in the report (its directory created)
    let out = text(&o.stdout);
    assert!(out.contains("fail  card.reachable"), "{out}");
    let doc: Value = serde_json::from_slice(&std::fs::read(&report).unwrap()).unwrap();
    let card = doc["results"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["test"] == "card.reachable")
        .expect("card.reachable in the report");
    assert_eq!(card["status"], "fail");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_agent_that_dies_mid_probe_exits_2_naming_the_last_test() {
    // answers the warm-up, the card and a few calls, then stops listening and drops its
    // connections
    let agent = broken::start_dying(6).await;
    let dir = tempfile::tempdir().unwrap();
    let report = dir.path().join("report.json");
    let o = probe(vec![
        "probe".into(),
        agent.url(),
        "--timeout".into(),
        "5s".into(),
        "-f".into(),
        "json".into(),
        "-o".into(),
        report.display().to_string(),
    ])
    .await;
    let err = text(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "stderr: {err}");
    let last = err.lines().last().unwrap_or("");
    assert!(
        last.starts_with(
            "a2a-interop: the probe could not finish: the agent stopped answering during "
        ),
        "{err}"
    );
    // the connection error as the recording proxy saw it
    assert!(last.contains("(3 requests in a row unanswered)"), "{err}");
    assert!(last.to_lowercase().contains("connect"), "{err}");
    // the tests that ran before are in the report; the ones after are skipped, not failed
    let doc: Value = serde_json::from_slice(&std::fs::read(&report).unwrap()).unwrap();
    let results = doc["results"].as_array().unwrap();
    let status = |t: &str| {
        results
            .iter()
            .find(|r| r["test"] == t)
            .map(|r| r["status"].as_str().unwrap_or("").to_string())
            .unwrap_or_else(|| panic!("no {t} in {results:#?}"))
    };
    assert_eq!(status("card.reachable"), "pass");
    assert_eq!(status("lifecycle.send [1.0]"), "pass");
    assert!(
        results
            .iter()
            .filter(|r| r["status"] == "skip")
            .any(|r| r["message"]
                .as_str()
                .unwrap_or("")
                .contains("did not answer 3 requests in a row")),
        "{results:#?}"
    );
}

/// The probe fetches the card twice (warm-up and card test): a card finding is one finding
/// seen twice, on stdout and in the JSON report, not two copies.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_card_finding_of_a_probe_is_listed_once_seen_twice() {
    let agent = broken::start(broken::Break::CardWithoutVersion, false).await;
    let dir = tempfile::tempdir().unwrap();
    let report = dir.path().join("report.json");
    // `-q` with `-o` keeps only the failed tests on stdout (probe46): the finding lines
    // are read from the text report written beside the JSON one
    let txt = dir.path().join("report.txt");
    let txt_arg = txt.display().to_string();
    let o = probe(probe_args(
        agent.url(),
        "5s",
        &["-q", "-f", "text", "-o", &txt_arg],
        &report,
    ))
    .await;
    assert_eq!(o.status.code(), Some(1), "{}", text(&o.stderr));
    assert_eq!(text(&o.stderr), "", "-q: no progress");
    let out = std::fs::read_to_string(&txt).unwrap();
    let doc: Value = serde_json::from_slice(&std::fs::read(&report).unwrap()).unwrap();
    let card: Vec<&Value> = doc["findings"]
        .as_array()
        .unwrap()
        .iter()
        // the broken agent serves no caching headers: CARD-CACHE-001 is a second card
        // finding, deduplicated the same way but not the one this test is about
        .filter(|f| f["category"] == "agent-card" && f["rule"] != "CARD-CACHE-001")
        .collect();
    assert_eq!(card.len(), 1, "{:#?}", doc["findings"]);
    let rule = card[0]["rule"].as_str().unwrap();
    assert_eq!(card[0]["seen"], 2, "{:#}", card[0]);
    let lines: Vec<&str> = out
        .lines()
        .filter(|l| l.starts_with(&format!("error[{rule}]")))
        .collect();
    assert_eq!(lines.len(), 1, "{out}");
    assert_eq!(
        out.matches("seen: 2 times, in 2 exchanges: e").count(),
        1,
        "{out}"
    );
}

/// `probe https://...`: a TLS agent on loopback with a self-signed certificate is probed
/// like a plain one when `--ca` vouches for it (the recording proxy opens the TLS upstream);
/// without `--ca` the certificate is refused and the probe says so (exit 2).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_https_agent_is_probed_with_its_ca_and_refused_without() {
    let dir = tempfile::tempdir().unwrap();
    let pem = dir.path().join("agent.pem");
    let agent = broken::start_tls(&pem).await;
    let report = dir.path().join("r.json");
    let run = |extra: Vec<String>| {
        let mut args = probe_args(agent.https_url(), "5s", &["-q"], &report);
        args.extend(extra);
        tokio::task::spawn_blocking(move || {
            common::bin()
                .env_remove("A2A_INTEROP_LOG")
                .env_remove("SSL_CERT_FILE")
                .env_remove("SSL_CERT_DIR")
                .args(&args)
                .output()
                .expect("binary runs")
        })
    };
    let o = run(vec!["--ca".into(), pem.display().to_string()])
        .await
        .unwrap();
    assert_eq!(
        o.status.code(),
        Some(0),
        "{}\n{}",
        text(&o.stdout),
        text(&o.stderr)
    );
    let doc: Value = serde_json::from_slice(&std::fs::read(&report).unwrap()).unwrap();
    assert_eq!(
        doc["conformanceLevel"], "full",
        "{} {:#}",
        doc["conformanceReason"], doc["findings"]
    );
    assert_eq!(doc["source"]["target"], agent.https_url());
    let send = doc["results"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["test"] == "lifecycle.send [1.0]")
        .expect("send ran");
    assert_eq!(send["status"], "pass");

    let o = run(Vec::new()).await.unwrap();
    let err = text(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{err}");
    // refused by the start-up TLS handshake, before any request (newcomer21 N1): not "the
    // agent stopped answering", and only the probe's own flag in the hint
    assert!(
        err.contains("a2a-interop: the TLS handshake with the agent at 127.0.0.1:")
            && err.contains("invalid peer certificate: UnknownIssuer")
            && err.trim_end().ends_with("hint: the agent's certificate chains to no CA this run trusts (the OS roots; no --ca given): pass that CA, or the self-signed certificate itself, with --ca FILE (PEM)"),
        "{err}"
    );
    assert!(
        !err.contains("stopped answering")
            && !err.contains("--upstream-ca")
            && !err.contains("--insecure-upstream"),
        "{err}"
    );
}

/// `interop` with one agent that never answers: that direction stops after
/// `--max-unanswered` requests and the run exits 2 naming it; the other direction ran.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn interop_with_a_silent_agent_exits_2_naming_the_direction() {
    let a = broken::start(broken::Break::Nothing, false).await;
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let b = listener.local_addr().unwrap();
    let silent = tokio::spawn(async move {
        let mut held = Vec::new();
        while let Ok((s, _)) = listener.accept().await {
            held.push(s);
        }
    });
    let o = probe(vec![
        "interop".into(),
        a.url(),
        format!("http://{b}/"),
        "--timeout".into(),
        "500ms".into(),
        "--max-unanswered".into(),
        "2".into(),
    ])
    .await;
    silent.abort();
    let err = text(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(
        err.lines().any(|l| l.starts_with(
            "a2a-interop: [A->B] the probe could not finish: the agent stopped answering during card.reachable (2 requests in a row unanswered)"
        )),
        "{err}"
    );
    assert!(!err.contains("[B->A]"), "{err}");
    let out = text(&o.stdout);
    assert!(out.contains("pass  interop.send [B->A 1.0]"), "{out}");
}

/// An agent that serves its card and never answers anything else (the connection stays
/// open, nothing is written): the probe stops after `--max-unanswered` timeouts. It saw no
/// task answer at all, so `errors.no-5xx` must not say pass (fix7: it said "no 5xx answer in
/// N requests" over requests that were never answered), and neither may any other check
/// that judged nothing.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_probe_that_stopped_early_passes_nothing_it_did_not_see() {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let card = serde_json::json!({
        "name": "card only", "description": "answers its card, nothing else",
        "supportedInterfaces": [{"url": format!("http://{addr}/rpc"), "protocolBinding": "JSONRPC", "protocolVersion": "1.0"}],
        "version": "1", "capabilities": {"streaming": true},
        "defaultInputModes": ["text/plain"], "defaultOutputModes": ["text/plain"],
        "skills": [{"id": "task", "name": "task", "description": "d", "tags": ["t"]}],
    })
    .to_string();
    let agent = tokio::spawn(async move {
        let mut held = Vec::new();
        while let Ok((mut s, _)) = listener.accept().await {
            let card = card.clone();
            held.push(tokio::spawn(async move {
                let mut buf = vec![0u8; 8192];
                let mut got = Vec::new();
                loop {
                    let Ok(n) = s.read(&mut buf).await else { return };
                    if n == 0 {
                        return;
                    }
                    got.extend_from_slice(&buf[..n]);
                    if !got.windows(4).any(|w| w == b"\r\n\r\n") {
                        continue;
                    }
                    if got.starts_with(b"GET /.well-known/agent-card.json ") {
                        let _ = s
                            .write_all(
                                format!(
                                    "HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: {}\r\n\r\n{card}",
                                    card.len()
                                )
                                .as_bytes(),
                            )
                            .await;
                        got.clear();
                    } else {
                        // read on, answer never
                        got.clear();
                        got.extend_from_slice(b"x");
                    }
                }
            }));
        }
    });
    let dir = tempfile::tempdir().unwrap();
    let report = dir.path().join("report.json");
    let o = probe(probe_args(
        format!("http://{addr}/"),
        "700ms",
        &["--max-unanswered", "2"],
        &report,
    ))
    .await;
    agent.abort();
    let err = text(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "stderr: {err}");
    let doc: Value = serde_json::from_slice(&std::fs::read(&report).unwrap()).unwrap();
    let results = doc["results"].as_array().unwrap();
    let no5xx = results
        .iter()
        .find(|r| r["test"] == "errors.no-5xx")
        .unwrap_or_else(|| panic!("no errors.no-5xx in {results:#?}"));
    assert_eq!(no5xx["status"], "skip", "{no5xx:#}");
    let msg = no5xx["message"].as_str().unwrap();
    assert!(
        msg.starts_with("the probe stopped early: the agent did not answer 2 requests in a row"),
        "{msg}"
    );
    // the card was fetched, so card tests may pass; nothing about task calls may
    for r in results.iter().filter(|r| r["status"] == "pass") {
        let t = r["test"].as_str().unwrap();
        assert!(t.starts_with("card."), "{t} passed: {r:#}");
    }
}

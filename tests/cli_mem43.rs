//! mem43 (issue 7, "flat in memory"): the online verifier may fall behind the traffic (a
//! burst of large bodies, a slow machine). What it has not verified yet waits in memory,
//! so past a bound (256 MiB by default, `A2A_INTEROP_VERIFIER_BACKLOG` bytes) the proxy
//! records and forwards a round of events without handing it to the verifier: the
//! exchanges it missed are listed as not judged (never a finding from the gap), the proxy
//! says so on stderr, and `verify` of the recording judges them all. Before, the hand-over
//! queue grew without bound. Real processes and sockets: the reference agent, the proxy
//! binary, a raw HTTP/1.1 client.

use crate::common;

use crate::proxy_process;

use std::io::{BufRead as _, BufReader, Read as _, Write as _};
use std::net::{SocketAddr, TcpStream};
use std::process::Command;
use std::time::Duration;

/// `n` JSON-RPC 0.3 `message/send` calls on one keep-alive connection to `proxy`, each
/// message without its REQUIRED `messageId` (a client fault the verifier reports on every
/// call it judges); returns the HTTP statuses.
fn send_without_message_id(proxy: SocketAddr, n: usize) -> Vec<u16> {
    let s = TcpStream::connect(proxy).unwrap();
    s.set_read_timeout(Some(Duration::from_secs(20))).unwrap();
    let mut w = s.try_clone().unwrap();
    let mut r = BufReader::new(s);
    let mut statuses = Vec::new();
    for i in 1..=n {
        let body = format!(
            r#"{{"jsonrpc":"2.0","id":{i},"method":"message/send","params":{{"message":{{"role":"user","kind":"message","parts":[{{"kind":"text","text":"hello {i}"}}]}}}}}}"#
        );
        write!(
            w,
            "POST / HTTP/1.1\r\nHost: {proxy}\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
            body.len()
        )
        .unwrap();
        let mut line = String::new();
        r.read_line(&mut line).unwrap();
        statuses.push(line.split(' ').nth(1).unwrap().parse().unwrap());
        let mut len = 0usize;
        loop {
            let mut h = String::new();
            r.read_line(&mut h).unwrap();
            if h == "\r\n" {
                break;
            }
            if let Some(v) = h.to_ascii_lowercase().strip_prefix("content-length:") {
                len = v.trim().parse().unwrap();
            }
        }
        let mut b = vec![0; len];
        r.read_exact(&mut b).unwrap();
    }
    statuses
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_verifier_that_falls_behind_skips_rounds_lists_them_not_judged_and_records_all() {
    const CALLS: usize = 6;
    let agent = common::start_refagent(None).await;
    let upstream = format!("http://{}", agent.local_addr());
    let dir = tempfile::tempdir().unwrap();
    let rec = dir.path().join("r.jsonl");
    let report = dir.path().join("report.json");
    let run = proxy_process::spawn_until_listening(
        Command::new(env!("CARGO_BIN_EXE_a2a-interop"))
            .args(["proxy", "--listen", "127.0.0.1:0", "--upstream", &upstream])
            .args(["--record", rec.to_str().unwrap()])
            .args(["--report", report.to_str().unwrap(), "--fail-on", "never"])
            // 0: every round the verifier is not done with is skipped; here all of them
            .env("A2A_INTEROP_VERIFIER_BACKLOG", "0")
            .env_remove("A2A_INTEROP_LOG")
            .env("NO_COLOR", "1"),
        Duration::from_secs(30),
    );
    let proxy: SocketAddr = run.addr.trim_end_matches('/').parse().unwrap();
    let statuses = tokio::task::spawn_blocking(move || send_without_message_id(proxy, CALLS))
        .await
        .unwrap();
    assert_eq!(statuses, vec![200; CALLS], "forwarded as ever");
    let stderr = run.terminate();
    assert!(
        stderr.contains("warning: the online verifier is 0 MiB of events behind the traffic (more than 0 MiB): it skips events until it catches up"),
        "{stderr}"
    );
    assert!(stderr.contains("the online verifier skipped "), "{stderr}");
    // the online report: nothing judged, nothing found, every call listed not judged
    let rep: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&report).unwrap()).unwrap();
    assert_eq!(rep["findings"].as_array().map(Vec::len), Some(0), "{rep:#}");
    let not_fed: u64 = rep["notJudged"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|n| n["reason"].as_str() == Some(a2a_interop::verify::NOT_FED))
        .map(|n| n["exchanges"].as_u64().unwrap())
        .sum();
    assert!(not_fed >= CALLS as u64, "{:#}", rep["notJudged"]);
    // the recording holds every exchange whole: offline verify judges each call
    let o = proxy_process::run_in(
        dir.path(),
        &[
            "verify",
            rec.to_str().unwrap(),
            "-f",
            "json",
            "--fail-on",
            "never",
        ],
    );
    let offline: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(
        offline["counts"]["exchanges"].as_u64(),
        Some(CALLS as u64),
        "{offline:#}"
    );
    assert!(
        offline["counts"].get("notJudged").is_none(),
        "{:#}",
        offline["notJudged"]
    );
    let seen: u64 = offline["findings"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|f| f["message"].as_str().unwrap_or("").contains("messageId"))
        .map(|f| f["seen"].as_u64().unwrap_or(1))
        .sum();
    assert_eq!(seen, CALLS as u64, "{:#}", offline["findings"]);
}

/*!
What `tests/probe_agree41.rs` and `tests/probe_agree42.rs` share (included with `#[path]`):
start a real agent (`misbehave.py --mode MODE`, the reference agent `demo --agent-only`), run
the real binary's `probe URL --record` against it and `verify` of that recording, and read
both JSON reports (findings by rule and exchange, results by test, recorded request marks).
`A2A_INTEROP_TEST_BIN` runs them against another build (main's binary, for the check that a
test fails before the change).
*/

#![allow(dead_code)]

#[path = "harness.rs"]
pub mod harness;

use std::collections::BTreeSet;
use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};

use serde_json::Value;

pub fn bin() -> PathBuf {
    std::env::var_os("A2A_INTEROP_TEST_BIN")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_BIN_EXE_a2a-interop")))
}

/// Kills the agent when the test ends, pass or panic.
pub struct Agent(pub Child);

impl Drop for Agent {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// `misbehave.py --mode MODE` on a free loopback port: the process and its base URL.
pub fn misbehave(mode: &str) -> (Agent, String) {
    misbehave_in("misbehave.py", mode)
}

/// `SCRIPT --mode MODE` (a tests/peers agent: `misbehave.py`, `misbehave43.py`) on a free
/// loopback port, which it prints first: the process and its base URL.
pub fn misbehave_in(script: &str, mode: &str) -> (Agent, String) {
    let mut child = Command::new("python3")
        .arg(harness::peers_dir().join(script))
        .args(["--mode", mode])
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut port = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut port)
        .unwrap();
    (Agent(child), format!("http://127.0.0.1:{}", port.trim()))
}

/// The reference agent (`demo --agent-only`) on a free port, and its base URL.
pub fn reference_agent() -> (Agent, String) {
    let mut child = Command::new(bin())
        .args(["demo", "--agent-only", "--listen", "127.0.0.1:0"])
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut lines = BufReader::new(child.stderr.take().unwrap()).lines();
    let url = loop {
        let l = lines.next().expect("agent banner").unwrap();
        if let Some(rest) = l.split("reference agent on ").nth(1) {
            break rest.split_whitespace().next().unwrap().to_string();
        }
    };
    std::thread::spawn(move || for _ in lines {});
    (Agent(child), url)
}

/// What `probe URL --record` and `verify` of that recording said.
pub struct Run {
    /// `probe --format json` report.
    pub probe: Value,
    /// `verify --format json` report of the probe's recording.
    pub verify: Value,
    /// The recording's events.
    pub events: Vec<Value>,
}

pub fn probe_and_verify(url: &str, dir: &Path) -> Run {
    probe_and_verify_with(url, dir, &[])
}

/// [`probe_and_verify`] with `extra` probe flags (`--bearer TOKEN`).
pub fn probe_and_verify_with(url: &str, dir: &Path, extra: &[&str]) -> Run {
    let rec = dir.join("probe.jsonl");
    let out = Command::new(bin())
        .args([
            "probe",
            url,
            "--format",
            "json",
            "--timeout",
            "20s",
            "--record",
        ])
        .arg(&rec)
        .args(extra)
        .output()
        .unwrap();
    let probe: Value = serde_json::from_slice(&out.stdout).unwrap_or_else(|e| {
        panic!(
            "probe gave no JSON report ({e}): {}",
            String::from_utf8_lossy(&out.stderr)
        )
    });
    let out = Command::new(bin())
        .args(["verify", "--format", "json"])
        .arg(&rec)
        .output()
        .unwrap();
    let verify: Value = serde_json::from_slice(&out.stdout).unwrap();
    let events = std::fs::read_to_string(&rec)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    Run {
        probe,
        verify,
        events,
    }
}

/// The rule ids of a JSON report's `error` findings.
pub fn errors(report: &Value) -> BTreeSet<String> {
    report["findings"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|f| f["severity"] == "error")
        .map(|f| f["rule"].as_str().unwrap().to_string())
        .collect()
}

/// The exchanges a report's findings of `rule` name as evidence.
pub fn exchanges_of(report: &Value, rule: &str) -> BTreeSet<String> {
    report["findings"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|f| f["rule"] == rule)
        .flat_map(|f| f["evidence"].as_array().unwrap().iter())
        .filter_map(|e| e["exchange"].as_str().map(str::to_string))
        .collect()
}

/// The results of test `name` (every scope), as (scoped test, status, message).
pub fn results<'a>(report: &'a Value, name: &str) -> Vec<(&'a str, &'a str, &'a str)> {
    report["results"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|r| {
            let t = r["test"].as_str().unwrap_or("");
            t == name || t.starts_with(&format!("{name} ["))
        })
        .map(|r| {
            (
                r["test"].as_str().unwrap(),
                r["status"].as_str().unwrap(),
                r["message"].as_str().unwrap_or(""),
            )
        })
        .collect()
}

/// Exchange ids of the recorded requests whose header `name` is `value`.
pub fn marked(events: &[Value], name: &str, value: &str) -> Vec<String> {
    events
        .iter()
        .filter(|e| e["type"] == "request_head")
        .filter(|e| {
            e["headers"].as_array().is_some_and(|hs| {
                hs.iter().any(|h| {
                    h[0].as_str().is_some_and(|n| n.eq_ignore_ascii_case(name)) && h[1] == value
                })
            })
        })
        .map(|e| e["exchange"].as_str().unwrap().to_string())
        .collect()
}

/// Runs `check` with the base URL of `sdk`'s agent (tests/peers, started on a free loopback
/// port, stopped after `check`), off the async runtime; returns at once, with the harness's
/// skip line, when that SDK's peers are not installed (a failure under
/// `A2A_INTEROP_REQUIRE_PEERS=1`). `test` is the calling test's name, for that line.
pub async fn with_sdk_agent(
    test: &str,
    sdk: harness::Sdk,
    check: impl FnOnce(String) + Send + 'static,
) {
    if !harness::peers_available(test, &[sdk]) {
        return;
    }
    let agent = harness::SdkAgent::start(sdk, None).await;
    let url = agent.base_url();
    tokio::task::spawn_blocking(move || check(url))
        .await
        .unwrap();
    agent.stop().await;
}

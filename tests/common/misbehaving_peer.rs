//! The raw-socket misbehaving agents of `tests/peers` (`misbehave.py`, `misbehave43.py`: one
//! wire fault or legal bend per `--mode`) started for the live breaker tests, and the rule ids
//! of the reports they are judged by, and a probe of one of them with `verify` of its recording. Included with `#[path]` next to
//! `common/proxy_process.rs` (its [`ChildGuard`] kills and reaps the agent).
#![allow(dead_code)]

use std::collections::BTreeSet;
use std::io::BufRead;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use super::proxy_process::{run_in, ChildGuard};

/// `tests/peers` of this checkout.
pub fn peers() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/peers")
}

/// `python3 tests/peers/SCRIPT --mode MODE` on a free loopback port (the script prints the
/// port on its first stdout line): the process and its base URL `http://127.0.0.1:PORT`.
pub fn agent(script: &str, mode: &str) -> (ChildGuard, String) {
    let mut child = ChildGuard::spawn(
        Command::new("python3")
            .arg(peers().join(script))
            .args(["--mode", mode])
            .stdout(Stdio::piped())
            .stderr(Stdio::null()),
    );
    let mut port = String::new();
    std::io::BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut port)
        .unwrap();
    (child, format!("http://127.0.0.1:{}", port.trim()))
}

/// The rule ids of a JSON report (`findings[].rule`); empty when it has none.
pub fn rules(report: &serde_json::Value) -> BTreeSet<String> {
    report["findings"]
        .as_array()
        .map(|f| {
            f.iter()
                .filter_map(|x| x["rule"].as_str().map(str::to_string))
                .collect()
        })
        .unwrap_or_default()
}

/// `probe URL` of `python3 tests/peers/SCRIPT --mode MODE` into `dir` (recording
/// `probe.jsonl`, JSON report `probe.json`, `--timeout 8s`), then `verify` of that recording:
/// the probe's report and the rule ids `verify` found (active = passive). Panics with the
/// probe's stderr when it wrote no report.
pub fn probe_and_verify(
    dir: &Path,
    script: &str,
    mode: &str,
) -> (serde_json::Value, BTreeSet<String>) {
    let (_agent, url) = agent(script, mode);
    let o = run_in(
        dir,
        &[
            "probe",
            &url,
            "--record",
            "probe.jsonl",
            "--format",
            "json",
            "-o",
            "probe.json",
            "--timeout",
            "8s",
            "-q",
        ],
    );
    let report: serde_json::Value =
        serde_json::from_slice(&std::fs::read(dir.join("probe.json")).unwrap())
            .unwrap_or_else(|e| panic!("{e}: {}", String::from_utf8_lossy(&o.stderr)));
    let v = run_in(
        dir,
        &[
            "verify",
            "probe.jsonl",
            "--format",
            "json",
            "--fail-on",
            "never",
        ],
    );
    (report, rules(&serde_json::from_slice(&v.stdout).unwrap()))
}

/// The result of `test` (its name up to the bracket) in a JSON probe report: its status and
/// message. Panics when the report has no such test.
pub fn probe_result<'a>(report: &'a serde_json::Value, test: &str) -> (&'a str, &'a str) {
    let r = report["results"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["test"].as_str().is_some_and(|t| t.starts_with(test)))
        .unwrap_or_else(|| panic!("no {test} in {report}"));
    (
        r["status"].as_str().unwrap(),
        r["message"].as_str().unwrap_or(""),
    )
}

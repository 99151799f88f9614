//! The raw-socket misbehaving agents of `tests/peers` (`misbehave.py`, `misbehave43.py`: one
//! wire fault or legal bend per `--mode`) started for the live breaker tests, and the rule ids
//! of the reports they are judged by. Included with `#[path]` next to
//! `common/proxy_process.rs` (its [`ChildGuard`] kills and reaps the agent).
#![allow(dead_code)]

use std::collections::BTreeSet;
use std::io::BufRead;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use crate::proxy_process::ChildGuard;

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

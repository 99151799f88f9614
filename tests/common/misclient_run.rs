//! `tests/peers/misclient_drive.py` run by the live misbehaving-client tests
//! (`live_breaker42`, `live_sdkc42`): each mode of `misclient.py` through the real proxy in
//! front of its agent, the results read back. Included with `#[path]`.
#![allow(dead_code)]

use std::path::Path;
use std::process::Command;

/// `misclient_drive.py BIN DIR MODES...` (BIN: the binary built for this test run): each
/// mode's result (`DIR/MODE.json`), with its recording and `--report` under `DIR/MODE/`, in
/// the order of `modes`. Panics with the drive's table when it failed or a result is missing.
pub fn drive(dir: &Path, modes: &[&str]) -> Vec<serde_json::Value> {
    let o = Command::new("python3")
        .arg(Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/peers/misclient_drive.py"))
        .arg(env!("CARGO_BIN_EXE_a2a-interop"))
        .arg(dir)
        .args(modes)
        .output()
        .unwrap();
    let table = String::from_utf8_lossy(&o.stdout).to_string();
    assert!(
        o.status.success(),
        "{table}\n{}",
        String::from_utf8_lossy(&o.stderr)
    );
    modes
        .iter()
        .map(|m| {
            let f = dir.join(format!("{m}.json"));
            serde_json::from_slice(
                &std::fs::read(&f).unwrap_or_else(|e| panic!("{m}: {e}\n{table}")),
            )
            .unwrap()
        })
        .collect()
}

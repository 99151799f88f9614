//! A broken https agent's finding cut into a repro, for the tests of `repro`'s curl script
//! over TLS (cli_q27b, cli_q28c, cli_review28b): the agent answers an HTTP+JSON parse error
//! in the JSON-RPC form (REST-ERROR-001) behind a self-signed certificate. Included with
//! `#[path = "common/https_repro.rs"] mod https_repro;` beside `mod broken; mod common;`.
#![allow(dead_code)]

use super::{broken, common};

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// `probe BASE --ca PEM --record REC` of the broken https agent, run to its end (exit 1):
/// `(agent, BASE, REC, PEM)`; the agent keeps serving while the returned value lives.
pub async fn probe_https_agent(
    dir: &std::path::Path,
) -> (
    broken::Agent,
    String,
    std::path::PathBuf,
    std::path::PathBuf,
) {
    let pem = dir.join("agent.pem");
    let agent = broken::start_tls_with(broken::Break::RestParseErrorAsJsonRpc, true, &pem).await;
    let base = agent.https_url();
    let rec = dir.join("probe.jsonl");
    let o = common::run_off_runtime(vec![
        "probe".into(),
        base.clone(),
        "-q".into(),
        "--timeout".into(),
        "20s".into(),
        "--ca".into(),
        pem.display().to_string(),
        "--record".into(),
        rec.display().to_string(),
    ])
    .await;
    assert_eq!(
        o.status.code(),
        Some(1),
        "{}\n{}",
        text(&o.stdout),
        text(&o.stderr)
    );
    (agent, base, rec, pem)
}

/// [`probe_https_agent`], then `repro REC --finding REST-ERROR-001 -o DIR/min.jsonl` (exit
/// 0): `(agent, PEM, DIR/min.sh)`.
pub async fn https_min_sh(
    dir: &std::path::Path,
) -> (broken::Agent, std::path::PathBuf, std::path::PathBuf) {
    let (agent, _, rec, pem) = probe_https_agent(dir).await;
    let min = dir.join("min.jsonl");
    let o = common::run_off_runtime(vec![
        "repro".into(),
        rec.display().to_string(),
        "--finding".into(),
        "REST-ERROR-001".into(),
        "-o".into(),
        min.display().to_string(),
    ])
    .await;
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    (agent, pem, min.with_extension("sh"))
}

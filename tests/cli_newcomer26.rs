//! newcomer26: what a newcomer hit probing an `https://` agent and sending it a large
//! message through the proxy at 2 a.m.: the probe's findings named its own plain-http
//! recording listener instead of the agent's URL (N1). Real processes, real loopback
//! sockets (TLS with a self-signed certificate), real files.

mod broken;
mod common;

use common::run_off_runtime as run;

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// The `listen` addresses of the recording at `rec` (its header line).
fn listeners(rec: &std::path::Path) -> Vec<String> {
    let first = std::fs::read_to_string(rec).unwrap();
    let header: serde_json::Value = serde_json::from_str(first.lines().next().unwrap()).unwrap();
    header["listen"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| a.as_str().unwrap().to_string())
        .collect()
}

/// N1: `probe https://127.0.0.1:PORT --ca agent.pem` printed REST-ERROR-001 naming
/// "POST http://127.0.0.1:44603/rest/message:send", the prober's own recording listener (a
/// loopback port of the run, plain http, gone afterwards), not the agent's https URL; so
/// did `verify` and every report of the recording. A probe's exchange is now named by the
/// agent URL it addressed (`request_head.upstream`); the recording itself is unchanged.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn n1_probe_findings_name_the_agent_url_not_the_probe_listener() {
    let dir = tempfile::tempdir().unwrap();
    let pem = dir.path().join("agent.pem");
    let agent = broken::start_tls_with(broken::Break::RestParseErrorAsJsonRpc, true, &pem).await;
    let base = agent.https_url();
    let rec = dir.path().join("probe.jsonl");
    let o = run(vec![
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
    let out = text(&o.stdout);
    assert_eq!(o.status.code(), Some(1), "{out}\n{}", text(&o.stderr));
    let listen = listeners(&rec);
    assert!(!listen.is_empty());
    // the recording keeps the listener's URL as the request URL (the wire as it was)
    let recorded = std::fs::read_to_string(&rec).unwrap();
    assert!(
        recorded.contains(&format!("\"url\":\"http://{}/rest/", listen[0])),
        "{}",
        &recorded[..2000.min(recorded.len())]
    );

    // the live summary line of the finding names the agent's https:// route
    let rest = format!("{base}rest/");
    let line = out
        .lines()
        .find(|l| l.starts_with("error[REST-ERROR-001]"))
        .unwrap_or_else(|| panic!("no REST-ERROR-001 line:\n{out}"));
    assert!(line.contains(&rest), "{line}");

    // verify and the Markdown report of the recording: the same, no listener anywhere
    let v = run(vec!["verify".into(), rec.display().to_string()]).await;
    let verified = text(&v.stdout) + &text(&v.stderr);
    assert_eq!(v.status.code(), Some(1), "{verified}");
    assert!(
        verified
            .lines()
            .any(|l| l.starts_with("error[REST-ERROR-001]") && l.contains(&rest)),
        "{verified}"
    );
    let md = dir.path().join("r.md");
    let r = run(vec![
        "report".into(),
        rec.display().to_string(),
        "-o".into(),
        md.display().to_string(),
    ])
    .await;
    assert_eq!(r.status.code(), Some(0), "{}", text(&r.stderr));
    let report = std::fs::read_to_string(&md).unwrap();
    assert!(report.contains(&rest), "{report}");
    for (what, s) in [("probe", &out), ("verify", &verified), ("report", &report)] {
        for l in &listen {
            assert!(
                !s.contains(l.as_str()),
                "{what} names the listener {l}:\n{s}"
            );
        }
    }
}

/*!
The active prober (`a2a-interop probe`, the built binary) against the Rust reference agent:
a spec-exact agent must pass every probe test in both dialects, with conformance level
`full` and no error finding. A failure here means the agent or the prober is wrong.
*/

use std::process::Command;

use a2a_interop::refagent::{self, RefAgentConfig};
use serde_json::Value;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn probe_rates_the_reference_agent_fully_conformant() {
    let agent = refagent::start(RefAgentConfig {
        listen: "127.0.0.1:0".parse().expect("literal"),
        public_url: None,
    })
    .await
    .expect("start agent");
    let url = format!("http://{}", agent.local_addr());
    let dir = tempfile::tempdir().expect("temp dir");
    let report = dir.path().join("probe.json");
    let rec = dir.path().join("probe.jsonl");
    let (report2, rec2) = (report.clone(), rec.clone());
    let out = tokio::task::spawn_blocking(move || {
        Command::new(env!("CARGO_BIN_EXE_a2a-interop"))
            .args(["probe", &url, "--format", "json", "-o"])
            .arg(&report2)
            .arg("--record")
            .arg(&rec2)
            .output()
            .expect("run the binary")
    })
    .await
    .expect("probe finished");
    agent.shutdown().await;
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "stderr:\n{stderr}");
    let json: Value = serde_json::from_str(&std::fs::read_to_string(&report).expect("report"))
        .expect("JSON report");
    let failed: Vec<&Value> = json["results"]
        .as_array()
        .expect("results")
        .iter()
        .filter(|r| r["status"] == "fail")
        .collect();
    assert!(failed.is_empty(), "failed probe tests: {failed:#?}");
    assert_eq!(json["summary"]["errors"], 0, "{:#}", json["findings"]);
    assert_eq!(json["conformanceLevel"], "full", "{:#}", json["summary"]);
    let passed = json["summary"]["passed"].as_u64().unwrap_or(0);
    assert!(passed >= 40, "only {passed} probe tests passed");
    assert!(rec.exists(), "probe recording written");
}

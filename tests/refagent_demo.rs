/*!
`a2a-interop demo` as a user runs it (the built binary): every client step passes in 1.0
and 0.3 through the proxy, the recording is written where `--record` says, the JSON report
on it has no error finding, and the exit status is 0. Also the in-process `drive` API.
*/

use std::process::Command;

use a2a_interop::app::demo;
use a2a_interop::refagent::wire::ProtocolVersion;
use serde_json::Value;

#[test]
fn demo_binary_passes_every_step_and_exits_0() {
    let dir = tempfile::tempdir().expect("temp dir");
    let rec = dir.path().join("demo.jsonl");
    let report = dir.path().join("report.json");
    let out = Command::new(env!("CARGO_BIN_EXE_a2a-interop"))
        .current_dir(dir.path())
        .args(["demo", "--record"])
        .arg(&rec)
        .args(["--format", "json", "-o"])
        .arg(&report)
        .output()
        .expect("run the binary");
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(
        out.status.code(),
        Some(0),
        "stdout:\n{stdout}\nstderr:\n{stderr}"
    );
    let steps: Vec<&str> = stdout
        .lines()
        .map(str::trim)
        .filter(|l| l.starts_with("STEP "))
        .collect();
    assert_eq!(steps.len(), 20, "{stdout}");
    assert!(
        steps
            .iter()
            .all(|l| l.split_whitespace().nth(2) == Some("ok")),
        "{stdout}"
    );
    assert!(
        stdout.contains("A2A 1.0") && stdout.contains("A2A 0.3"),
        "{stdout}"
    );

    let first = std::fs::read_to_string(&rec).expect("recording written");
    assert!(
        first.starts_with("{\"type\":\"recording\""),
        "{}",
        &first[..80.min(first.len())]
    );
    let json: Value = serde_json::from_str(&std::fs::read_to_string(&report).expect("report"))
        .expect("JSON report");
    assert_eq!(json["summary"]["errors"], 0, "{json:#}");
    // breaker16b T16: the send step names the skill its first word picked; q27b: the demo
    // drives push too, so a good agent's run is full, not "partial: not exercised: push"
    let send = steps
        .iter()
        .find(|l| l.split_whitespace().nth(1) == Some("send"))
        .expect("a send step");
    assert!(
        send.contains("skill=echo sent=\"echo hello\" message text=\"echo: echo hello\""),
        "{send}"
    );
    assert_eq!(json["conformanceLevel"], "full", "{json:#}");
    assert_eq!(
        json["conformanceReason"], "no error or warning finding",
        "{json:#}"
    );
    let dialects: Vec<&str> = json["dialects"]
        .as_array()
        .expect("dialects")
        .iter()
        .filter_map(Value::as_str)
        .collect();
    assert!(
        dialects.contains(&"1.0") && dialects.contains(&"0.3"),
        "{dialects:?}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn drive_records_both_versions() {
    let dir = tempfile::tempdir().expect("temp dir");
    let rec = dir.path().join("d.jsonl");
    let run = demo::drive(rec.clone(), false).await.expect("demo runs");
    assert_eq!(run.recording, rec);
    let versions: Vec<ProtocolVersion> = run.steps.iter().map(|(v, _)| *v).collect();
    assert_eq!(versions, [ProtocolVersion::V1_0, ProtocolVersion::V0_3]);
    for (v, steps) in &run.steps {
        assert_eq!(steps.len(), 10);
        for s in steps {
            assert!(s.ok, "{}: {s}", v.as_str());
        }
    }
    // Every client request went through the proxy: 10 steps ask 15 requests per version
    // (cancel = 3, input = 2, push = 3) and the stream is one exchange; the agent's
    // notifications are recorded on the webhook leg.
    let text = std::fs::read_to_string(&rec).expect("recording");
    let heads: Vec<&str> = text
        .lines()
        .filter(|l| l.contains("\"type\":\"request_head\""))
        .collect();
    let (webhook, client): (Vec<&str>, Vec<&str>) = heads
        .iter()
        .partition(|l| l.contains("\"leg\":\"agent->webhook\""));
    assert_eq!(client.len(), 30, "client request heads in the recording");
    assert!(
        webhook.len() >= 2 && webhook.iter().all(|l| l.contains("/demo-push/")),
        "notifications on the webhook leg: {webhook:#?}"
    );
}

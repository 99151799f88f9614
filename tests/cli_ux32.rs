//! ux32: small lies of `probe` and the CLI that newcomer32 left. Real processes, the broken
//! agents of tests/broken on loopback sockets.
//! - `probe --bearer TOKEN` against an agent whose card declares no security sent the token
//!   without a word: now one stderr warning says so (AUTH-007), and the token is still sent.
//! - `repro --help` and `export --help` named `a2a-interop` whatever the binary was called,
//!   while every other subcommand used the binary's name.

use crate::broken;
use crate::common;

use common::run_off_runtime as run;

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// The warning's fixed part, as a user reads it on stderr.
const UNDECLARED: &str =
    "a2a-interop: warning: the agent card declares no security (no securityRequirements / security, AUTH-007), yet credentials were given (--bearer / --auth-header: Authorization): the probe sends them anyway";

/// `probe URL -q --timeout 5s -f json -o REPORT EXTRA...`, its output.
async fn probe(url: &str, report: &std::path::Path, extra: &[&str]) -> std::process::Output {
    let mut v: Vec<String> = ["probe", url, "-q", "--timeout", "5s", "-f", "json", "-o"]
        .iter()
        .map(|s| s.to_string())
        .collect();
    v.push(report.display().to_string());
    v.extend(extra.iter().map(|s| s.to_string()));
    run(v).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bearer_for_a_card_without_security_is_said_once_and_still_sent() {
    let dir = tempfile::tempdir().unwrap();
    let report = dir.path().join("r.json");
    // no security declared: the warning, once, and the run goes on
    let open = broken::start(broken::Break::Nothing, false).await;
    let o = probe(&open.url(), &report, &["--bearer", "s3cret-token"]).await;
    let err = text(&o.stderr);
    assert_eq!(o.status.code(), Some(0), "{err}");
    assert_eq!(err.matches(UNDECLARED).count(), 1, "{err}");
    assert!(
        !err.contains("s3cret-token"),
        "the token itself is never printed: {err}"
    );
    assert!(report.exists());
    // without a token: nothing to say
    let o = probe(&open.url(), &report, &[]).await;
    let err = text(&o.stderr);
    assert_eq!(o.status.code(), Some(0), "{err}");
    assert!(!err.contains("declares no security"), "{err}");
    // a card that declares a bearer scheme: the token is expected, nothing to say
    let secured = broken::start(broken::Break::Nothing, true).await;
    let o = probe(&secured.url(), &report, &["--bearer", "t0ken"]).await;
    let err = text(&o.stderr);
    assert!(!err.contains("declares no security"), "{err}");
}

#[test]
fn repro_and_export_usage_lines_name_the_binary_as_the_others_do() {
    let dir = tempfile::tempdir().unwrap();
    let link = dir.path().join("a2ai");
    std::os::unix::fs::symlink(env!("CARGO_BIN_EXE_a2a-interop"), &link).unwrap();
    for (cmd, usage) in [
        ("probe", "Usage: a2ai probe [OPTIONS] <URL>"),
        (
            "repro",
            "Usage: a2ai repro <FILE> --finding <RULE[@SEQ]> (-o | --output) <MIN.jsonl> [OPTIONS]",
        ),
        (
            "export",
            "Usage: a2ai export <FILE> (-o | --har | --output) <OUT.har>",
        ),
    ] {
        let o = std::process::Command::new(&link)
            .args([cmd, "--help"])
            .output()
            .unwrap();
        let out = text(&o.stdout);
        assert_eq!(o.status.code(), Some(0), "{out}");
        assert!(out.lines().any(|l| l == usage), "{cmd}: {out}");
    }
    // the usage error's hint too
    let o = std::process::Command::new(&link)
        .args(["export", "x.jsonl"])
        .output()
        .unwrap();
    let err = text(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(
        err.contains("hint: usage: a2ai export <FILE> (-o | --har | --output) <OUT.har>"),
        "{err}"
    );
}

/// An agent killed mid-stream: `streaming.terminal` says the stream was cut, not that a
/// deadline passed; the probe's own 502s for the dead agent are not blamed on a gateway; the
/// conformance reason says "did not finish" once.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn agent_killed_mid_stream_is_said_as_a_cut_stream() {
    let dir = tempfile::tempdir().unwrap();
    let report = dir.path().join("r.json");
    let agent = broken::start(broken::Break::DiesMidStream, false).await;
    let o = probe(&agent.url(), &report, &[]).await;
    let err = text(&o.stderr);
    let rep = std::fs::read_to_string(&report).unwrap_or_default();
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(
        err.contains("the probe could not finish: the agent stopped answering"),
        "{err}"
    );
    let v: serde_json::Value = serde_json::from_str(&rep).expect("a JSON report");
    let result = |name: &str| {
        v["results"]
            .as_array()
            .unwrap()
            .iter()
            .find(|t| t["test"] == name)
            .unwrap_or_else(|| panic!("no {name} in {rep}"))
            .clone()
    };
    let terminal = result("streaming.terminal [1.0]");
    let msg = terminal["message"].as_str().unwrap();
    assert_eq!(terminal["status"], "fail", "{terminal}");
    assert!(
        msg.starts_with("stream was cut before a terminal or interrupted state (STREAM-002): the connection broke after ")
            && msg.contains("before the answer ended (")
            && !msg.contains("deadline"),
        "{msg}"
    );
    // the follow-up stream died the same way, and says so
    let follow = result("streaming.follow-up [1.0]");
    assert!(
        follow["message"]
            .as_str()
            .unwrap()
            .contains("stream was cut before a terminal"),
        "{follow}"
    );
    // the dead agent's refused connections: failed tests and the stop, no warning blaming
    // the probe's own 502; the cut streams stay errors of the agent (STREAM-END-002)
    let rules: Vec<&str> = v["findings"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|f| f["rule"].as_str())
        .collect();
    assert!(!rules.contains(&"GW-RESP-006"), "{rules:?}");
    assert!(rules.contains(&"STREAM-END-002"), "{rules:?}");
    let reason = v["conformanceReason"].as_str().unwrap();
    assert!(
        reason.starts_with("the probe did not finish: the agent stopped answering during ")
            && reason.matches("finish").count() == 1,
        "{reason}"
    );
}

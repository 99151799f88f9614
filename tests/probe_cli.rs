//! `a2a-interop probe` as a user runs it: the built binary against a small real agent; exit
//! codes, the JSON report file, and flag errors.

use crate::broken;

use std::process::{Command, Output};

use broken::Break;
use serde_json::Value;

async fn run_cli(args: Vec<String>) -> Output {
    tokio::task::spawn_blocking(move || {
        Command::new(env!("CARGO_BIN_EXE_a2a-interop"))
            .args(args)
            .output()
            .expect("run a2a-interop")
    })
    .await
    .expect("join")
}

#[tokio::test]
async fn broken_agent_exits_1_and_writes_the_json_report() {
    let agent = broken::start(Break::ParseErrorIsInternal, false).await;
    let dir = tempfile::tempdir().unwrap();
    let report = dir.path().join("probe.json");
    let out = run_cli(vec![
        "probe".into(),
        agent.url(),
        "--timeout".into(),
        "10s".into(),
        "--format".into(),
        "json".into(),
        "-o".into(),
        report.to_string_lossy().into(),
    ])
    .await;
    assert_eq!(
        out.status.code(),
        Some(1),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        // the verdict is the verifier's RPC-ERROR-001 on its exchange (interop41)
        stdout.contains("fail  errors.parse-error [1.0]: answered error -32603")
            && stdout.contains(
                "(-32700 JSONParseError expected); but the verifier found error[RPC-ERROR-001]"
            ),
        "{stdout}"
    );
    assert!(stdout.contains("conformance level: minimal"), "{stdout}");
    let v: Value = serde_json::from_slice(&std::fs::read(&report).unwrap()).unwrap();
    assert_eq!(v["source"]["kind"], "probe");
    assert_eq!(v["conformanceLevel"], "minimal");
    assert_eq!(v["dialects"], serde_json::json!(["1.0"]));
    assert_eq!(v["summary"]["failed"], 1);
    let failed: Vec<&Value> = v["results"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|r| r["status"] == "fail")
        .collect();
    assert_eq!(failed.len(), 1);
    assert_eq!(failed[0]["test"], "errors.parse-error [1.0]");
    assert_eq!(failed[0]["category"], "error-handling");
    // the verifier's findings on the probe's own traffic are in the same report
    let rules: Vec<&str> = v["findings"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|f| f["severity"] == "error")
        .filter_map(|f| f["rule"].as_str())
        .collect();
    assert_eq!(rules, vec!["RPC-ERROR-001"]);
    assert!(failed[0]["duration_ms"].is_u64());
}

/// `--fail-on` is about the verifier's findings: a test that failed its own checks exits 1
/// whatever it says (breaker7 F14); a test failed only by a finding merged into it is that
/// finding, so `--fail-on never` lets it pass; a conformant agent exits 0.
#[tokio::test]
async fn failed_tests_exit_1_even_with_fail_on_never_and_conformant_agent_exits_0() {
    // a parse error answered by closing the connection: no answer to judge, the probe's
    // own failure of errors.parse-error
    let broken_agent = broken::start(Break::ParseErrorClosesConnection, false).await;
    let out = run_cli(vec![
        "probe".into(),
        broken_agent.url(),
        "--fail-on".into(),
        "never".into(),
    ])
    .await;
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{stdout}");
    assert!(
        stdout.contains("fail  errors.parse-error [1.0]"),
        "{stdout}"
    );

    // an event after the terminal one: since session 44 streaming.nothing-after-terminal
    // fails by the verifier's STREAM-END-001 on the stream's exchange, not by the probe's
    // own reading, so it is that finding and `--fail-on never` lets it pass
    let broken_agent = broken::start(Break::EventsAfterTerminal, false).await;
    for (fail_on, code) in [("error", 1), ("never", 0)] {
        let out = run_cli(vec![
            "probe".into(),
            broken_agent.url(),
            "--fail-on".into(),
            fail_on.into(),
        ])
        .await;
        let stdout = String::from_utf8_lossy(&out.stdout);
        assert_eq!(
            out.status.code(),
            Some(code),
            "--fail-on {fail_on}: {stdout}"
        );
        assert!(
            stdout.contains("fail  streaming.nothing-after-terminal [1.0]")
                && stdout.contains("but the verifier found error[STREAM-END-001]"),
            "{stdout}"
        );
    }

    // only the verifier's REST-ERROR-001, merged into errors.parse-error [1.0 http+json]
    let rest_agent = broken::start_with(Break::RestParseErrorAsJsonRpc, false, true).await;
    for (fail_on, code) in [(None, 1), (Some("warning"), 1), (Some("never"), 0)] {
        let mut argv = vec!["probe".to_string(), rest_agent.url()];
        if let Some(f) = fail_on {
            argv.extend(["--fail-on".to_string(), f.to_string()]);
        }
        let out = run_cli(argv).await;
        let stdout = String::from_utf8_lossy(&out.stdout);
        assert_eq!(
            out.status.code(),
            Some(code),
            "--fail-on {fail_on:?}: {stdout}"
        );
        assert!(
            stdout.contains("but the verifier found error[REST-ERROR-001]"),
            "{stdout}"
        );
        assert!(stdout.contains(" 1 failed"), "{stdout}");
    }

    let good = broken::start(Break::Nothing, false).await;
    let out = run_cli(vec!["probe".into(), good.url()]).await;
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
    assert!(String::from_utf8_lossy(&out.stdout).contains("conformance level: full"));
}

/// Each command's `--fail-on` help states its own default and what it does not cover.
#[tokio::test]
async fn fail_on_help_states_each_commands_own_default() {
    for (cmd, default, extra) in [
        ("verify", "[default: error]", None),
        ("report", "[default: never]", None),
        (
            "demo",
            "[default: error]",
            Some("a failed client step exits 1"),
        ),
        ("probe", "[default: error]", Some("a failed test exits 1")),
        ("interop", "[default: error]", Some("a failed test exits 1")),
    ] {
        let out = run_cli(vec![cmd.into(), "--help".into()]).await;
        let help = String::from_utf8_lossy(&out.stdout);
        // the option's own line: `--fail-on` also appears in the junit format's description
        let at = help.find("--fail-on <LEVEL>").expect("--fail-on in help");
        // up to the next option (`  -h, --help` or `      --x`)
        let rest = &help[at + 2..];
        let end = ["\n  -", "\n      --"]
            .iter()
            .filter_map(|p| rest.find(p))
            .min()
            .map_or(help.len(), |e| at + 2 + e);
        let block = &help[at..end];
        assert!(block.contains(default), "{cmd}: {block}");
        assert!(!block.contains("for `report`"), "{cmd}: {block}");
        if let Some(x) = extra {
            assert!(block.contains(x), "{cmd}: {block}");
        }
    }
}

#[tokio::test]
async fn bad_flags_exit_2_with_a_cause() {
    for (flag, value, needle) in [
        (
            "--timeout",
            "1d",
            "has an unknown unit; hint: use ms, s, m or h, e.g. --timeout 60s",
        ),
        (
            "--dialect",
            "2.0",
            "is not a dialect; hint: --dialect auto, 1.0 or 0.3",
        ),
        ("--auth-header", "no-colon", "is not 'Name: value'"),
    ] {
        let out = run_cli(vec![
            "probe".into(),
            "http://127.0.0.1:9/".into(),
            flag.into(),
            value.into(),
        ])
        .await;
        assert_eq!(out.status.code(), Some(2), "{flag} {value}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(needle), "{flag} {value}: {err}");
        // one shape: `a2a-interop: <cause>; hint: <hint>` (README, exit codes)
        assert!(
            err.starts_with("a2a-interop: ") && err.matches("; hint: ").count() == 1,
            "{flag} {value}: {err}"
        );
    }
}

#[tokio::test]
async fn unreachable_agent_is_an_operational_error() {
    // a port that was just free: bind, read the port, close
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let out = run_cli(vec![
        "probe".into(),
        format!("http://127.0.0.1:{port}/"),
        "--timeout".into(),
        "3s".into(),
    ])
    .await;
    // Nothing listening is not a verdict on an agent: exit 2 with the cause on one line.
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains(&format!("cannot connect to the agent at 127.0.0.1:{port}")),
        "{stderr}"
    );
    assert_eq!(stderr.trim().lines().count(), 1, "{stderr}");
    assert!(String::from_utf8_lossy(&out.stdout).trim().is_empty());
}

#[tokio::test]
async fn dialect_binding_and_skill_flags_select_what_runs() {
    let agent = broken::start_with(Break::Nothing, false, true).await;
    // --binding http+json: only the HTTP+JSON interface is exercised
    let out = run_cli(vec![
        "probe".into(),
        agent.url(),
        "--binding".into(),
        "http+json".into(),
    ])
    .await;
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{stdout}");
    assert!(
        stdout.contains("pass  lifecycle.send [1.0 http+json]"),
        "{stdout}"
    );
    assert!(!stdout.contains("lifecycle.send [1.0]:"), "{stdout}");
    // --dialect 0.3 on a 1.0-only card: an operator mistake (exit 2), not a failed agent;
    // the hint lists what the card offers
    let out = run_cli(vec![
        "probe".into(),
        agent.url(),
        "--dialect".into(),
        "0.3".into(),
    ])
    .await;
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stdout}{stderr}");
    assert!(
        stderr.contains(
            "a2a-interop: --dialect 0.3: the agent's card offers no such interface; hint: it offers jsonrpc 1.0, http+json 1.0"
        ),
        "{stderr}"
    );
    assert!(!stdout.contains("non-conformant"), "{stdout}");
    // the same for a binding the card does not list
    let jsonrpc_only = broken::start(Break::Nothing, false).await;
    let out = run_cli(vec![
        "probe".into(),
        jsonrpc_only.url(),
        "--binding".into(),
        "http+json".into(),
    ])
    .await;
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("--binding http+json: the agent's card offers no such interface; hint: it offers jsonrpc 1.0"),
        "{stderr}"
    );
    // --skill names a skill the card does not have: exit 2 listing the card's skills, and
    // no task call was made
    let out = run_cli(vec![
        "probe".into(),
        agent.url(),
        "--binding".into(),
        "jsonrpc".into(),
        "--skill".into(),
        "nosuch".into(),
    ])
    .await;
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stdout}{stderr}");
    assert!(
        stderr.contains(
            "a2a-interop: --skill nosuch: the agent's card has no skill with that id; hint: its skills are task, cancel, input"
        ),
        "{stderr}"
    );
    assert!(!stdout.contains("lifecycle.send"), "{stdout}");
}

/// breaker8 G12: the Agent Card URL itself (what registries list) is taken as the card of
/// the agent at its base URL, with a note; a card missing under a base path names the paths
/// as fetched, so a doubled path is visible.
#[tokio::test]
async fn the_agent_card_url_is_probed_as_its_agent_and_misses_name_the_full_path() {
    let good = broken::start(Break::Nothing, false).await;
    let card = format!("{}.well-known/agent-card.json", good.url());
    let out = run_cli(vec!["probe".into(), card.clone()]).await;
    let (stdout, stderr) = (
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr),
    );
    assert_eq!(out.status.code(), Some(0), "{stdout}\n{stderr}");
    assert!(stdout.contains("conformance level: full"), "{stdout}");
    assert!(
        stderr.contains(&format!(
            "note: {card} is the Agent Card URL; probing the agent at {}",
            good.url()
        )),
        "{stderr}"
    );

    // breaker9a B8: a path under which no card is served is not the agent's base URL: the
    // user's mistake (exit 2), naming the paths as fetched and the card at the origin
    let out = run_cli(vec!["probe".into(), format!("{}nothere/", good.url())]).await;
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("/nothere/.well-known/agent-card.json (HTTP 404)"),
        "{stderr}"
    );
    let origin = good.url().trim_end_matches('/').to_string();
    assert!(
        stderr.contains(&format!(
            "the agent's Agent Card is at {origin}/.well-known/agent-card.json; hint: probe {origin}"
        )),
        "{stderr}"
    );
}

/// breaker8 G9: a wrong or missing token that keeps every task test from running is the
/// operator's mistake: exit 2 with a hint, not exit 0 "partial"; the right token runs all.
#[tokio::test]
async fn credentials_that_block_every_task_test_exit_2_with_a_hint() {
    let agent = broken::start(Break::Nothing, true).await;
    for (args, want) in [
        (
            vec!["--bearer", "WRONG"],
            "a2a-interop: the agent refused the given credentials on every task call (HTTP 401/403), so no task test ran; hint: check --bearer",
        ),
        (
            vec![],
            "a2a-interop: the agent needs credentials for every task call and none were given, so no task test ran; hint: pass --bearer",
        ),
    ] {
        let mut argv = vec!["probe".to_string(), agent.url()];
        argv.extend(args.iter().map(|s| s.to_string()));
        let out = run_cli(argv).await;
        let (stdout, stderr) = (
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr),
        );
        assert_eq!(out.status.code(), Some(2), "{args:?}: {stdout}\n{stderr}");
        assert!(stderr.contains(want), "{args:?}: {stderr}");
        // the results are still printed
        assert!(stdout.contains("pass  card.reachable"), "{stdout}");
    }
    let out = run_cli(vec![
        "probe".into(),
        agent.url(),
        "--bearer".into(),
        broken::TOKEN.into(),
    ])
    .await;
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{stdout}");
    assert!(stdout.contains("pass  lifecycle.send"), "{stdout}");
}

/// breaker8 G20: an agent that closes the connection on malformed JSON without answering.
/// The probe's recording proxy answers its client 502; the probe must not charge that 502 to
/// the agent: `errors.parse-error` fails as "the agent closed the connection without
/// answering (-32700 expected)", and `errors.no-5xx` does not say "agent stopped answering"
/// since the agent answered the requests after it.
#[tokio::test]
async fn agent_closing_on_malformed_json_is_no_answer_not_a_502() {
    let agent = broken::start(Break::ParseErrorClosesConnection, false).await;
    let dir = tempfile::tempdir().unwrap();
    let report = dir.path().join("probe.json");
    let out = run_cli(vec![
        "probe".into(),
        agent.url(),
        "--timeout".into(),
        "10s".into(),
        "-q".into(),
        "--format".into(),
        "json".into(),
        "-o".into(),
        report.to_string_lossy().into(),
    ])
    .await;
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    assert_eq!(
        out.status.code(),
        Some(1),
        "{stdout}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        stdout.contains("fail  errors.parse-error [1.0]: the agent closed the connection without answering (-32700 expected)"),
        "{stdout}"
    );
    assert!(!stdout.contains("got HTTP 502"), "{stdout}");
    assert!(!stdout.contains("agent stopped answering"), "{stdout}");
    let v: Value = serde_json::from_slice(&std::fs::read(&report).unwrap()).unwrap();
    let no5xx = v["results"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["test"] == "errors.no-5xx")
        .cloned()
        .unwrap();
    assert_eq!(no5xx["status"], "pass", "{no5xx:#}");
    let msg = no5xx["message"].as_str().unwrap_or_default();
    assert!(
        msg.contains("1 request got no answer at all")
            && msg.contains("answered the requests after it"),
        "{no5xx:#}"
    );
}

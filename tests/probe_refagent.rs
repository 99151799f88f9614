/*!
The active prober against the Rust reference agent (`crate::refagent`, 1.0 + 0.3 JSON-RPC):
a spec-exact agent must pass every probe test in both dialects, with conformance level
`full` and no error finding. A failure here means the agent or the prober is wrong.

Two ways in: through the library and the recording pipeline (every result asserted, no
finding on the probe's own traffic above a note, and the recording re-verified offline gives
the same findings), and through the built binary (`a2a-interop probe --format json`: exit
code 0, the JSON report says `full`).
*/

use crate::common;

use a2a_interop::app::probe_cmd;
use a2a_interop::cli::{Cli, Command};
use a2a_interop::probe::{conformance_level, ConformanceLevel, Status};
use a2a_interop::verify::Severity;
use clap::Parser;
use serde_json::Value;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn reference_agent_is_fully_conformant_in_both_dialects() {
    let agent = common::start_refagent(None).await;
    let url = format!("http://{}/", agent.local_addr());
    let dir = tempfile::tempdir().unwrap();
    let rec = dir.path().join("probe.jsonl");
    let argv = [
        "a2a-interop",
        "probe",
        &url,
        "--timeout",
        "20s",
        "--record",
        rec.to_str().unwrap(),
    ];
    let Command::Probe(args) = Cli::parse_from(argv).command else {
        unreachable!("parsed a probe command")
    };
    let cfg = probe_cmd::config_from(&args).unwrap();
    let run = probe_cmd::probe_through_pipeline(&args, &cfg, url::Url::parse(&url).unwrap())
        .await
        .unwrap();
    let r = &run.report;
    let findings = &run.outcome.verify.findings;
    assert_eq!(r.dialects, vec!["1.0".to_string(), "0.3".to_string()]);

    let dialect_free = [
        ("card.reachable", Status::Pass),
        ("card.public", Status::Pass),
        ("card.required-fields", Status::Pass),
        ("card.skills", Status::Pass),
        ("card.capabilities", Status::Pass),
        ("card.security-schemes", Status::Skip),
        ("card.interfaces", Status::Pass),
        ("auth.rejects-anonymous", Status::Skip),
        ("auth.accepts-credentials", Status::Skip),
        // the reference agent declares no extended card
        ("card.extended", Status::Skip),
        ("errors.no-5xx", Status::Pass),
    ];
    for (t, want) in dialect_free {
        let got = r.result(t, None).unwrap_or_else(|| panic!("no result {t}"));
        assert_eq!(got.status, want, "{t}: {}", got.message);
    }
    let per_dialect: Vec<&str> = common::TARGET_TESTS
        .into_iter()
        .chain(common::JSONRPC_ONLY_TESTS)
        .chain(a2a_interop::probe::plan::PUSH_TESTS)
        .collect();
    for d in ["1.0", "0.3"] {
        for &t in &per_dialect {
            let got = r
                .result(t, Some(d))
                .unwrap_or_else(|| panic!("no result {t} [{d}]"));
            assert_eq!(got.status, Status::Pass, "{t} [{d}]: {}", got.message);
        }
    }
    let v = r.result("errors.unsupported-version", Some("1.0")).unwrap();
    assert_eq!(v.status, Status::Pass, "{}", v.message);
    let v = r.result("errors.unsupported-version", Some("0.3")).unwrap();
    assert_eq!(v.status, Status::Skip);
    let v = r.result("errors.subscribe-terminal", Some("1.0")).unwrap();
    assert_eq!(v.status, Status::Pass, "{}", v.message);
    let v = r.result("errors.subscribe-terminal", Some("0.3")).unwrap();
    assert_eq!(v.status, Status::Skip);
    // fix18r's tests (ID-008, DATA-007, STREAM-004, PUSH-001, EXT-002): the reference
    // agent declares push and no required extension; 0.3 has no ListTasks
    let new_tests = [
        ("lifecycle.context-continuation", Status::Pass, Status::Pass),
        ("lifecycle.list-tasks", Status::Pass, Status::Skip),
        ("streaming.resubscribe", Status::Pass, Status::Pass),
        ("errors.push-not-supported", Status::Skip, Status::Skip),
        ("errors.extension-required", Status::Skip, Status::Skip),
    ];
    let mut wrong = Vec::new();
    for (t, v10, v03) in new_tests {
        for (d, want) in [("1.0", v10), ("0.3", v03)] {
            let got = r
                .result(t, Some(d))
                .unwrap_or_else(|| panic!("no result {t} [{d}]"));
            if got.status != want {
                wrong.push(format!("{t} [{d}]: {:?} {}", got.status, got.message));
            }
        }
    }
    assert!(wrong.is_empty(), "{wrong:#?}");
    // every result is one of the above: nothing unexpected ran
    assert_eq!(
        r.results.len(),
        dialect_free.len() + 2 * per_dialect.len() + 4 + 2 * new_tests.len()
    );

    let serious: Vec<String> = findings
        .iter()
        .filter(|f| f.severity >= Severity::Warning)
        .map(|f| format!("{}: {}", f.rule, f.message))
        .collect();
    assert!(serious.is_empty(), "{serious:#?}");
    assert_eq!(
        conformance_level(&r.results, findings),
        ConformanceLevel::Full
    );
    assert!(r.requests <= 200);

    // push: the agent's webhook calls went through the recording (leg agent->webhook), with
    // the token redacted in every one of them, and the verifier judged them
    let src = a2a_interop::record::source::open(&rec).unwrap();
    let mut webhook_posts = 0;
    for ev in src.events.map_while(Result::ok) {
        if let a2a_interop::record::EventKind::RequestHead {
            method, headers, ..
        } = &ev.kind
        {
            if ev.leg.as_deref() == Some(a2a_interop::probe::webhook::WEBHOOK_LEG) {
                assert_eq!(method, "POST");
                let token = headers.get("x-a2a-notification-token").unwrap_or("");
                assert!(
                    a2a_interop::record::redact::placeholder_tag(token).is_some(),
                    "token redacted (tagged) in the recording: {token}"
                );
                webhook_posts += 1;
            }
        }
    }
    // per dialect at least the working and the completed change of the input task
    assert!(webhook_posts >= 4, "{webhook_posts} webhook posts recorded");
    let raw = a2a_interop::record::redact::strip_tags(&std::fs::read_to_string(&rec).unwrap())
        .into_owned();
    // bodies are JSON strings in the recording: quotes escaped
    assert!(
        raw.contains(r#"\"token\":\"[REDACTED]\""#),
        "config token redacted"
    );

    // active and passive verdicts are one code path: the recording, verified offline,
    // gives the same findings the pipeline gave online
    let offline = common::verify_file(&rec);
    let key = |f: &a2a_interop::verify::Finding| (f.rule.clone(), f.message.clone());
    let online: Vec<_> = findings.iter().map(key).collect();
    let off: Vec<_> = offline.findings.iter().map(key).collect();
    assert_eq!(online, off);
    assert!(
        offline.exchanges >= r.requests as u64,
        "{} exchanges",
        offline.exchanges
    );
    agent.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn probe_rates_the_reference_agent_fully_conformant() {
    let agent = common::start_refagent(None).await;
    let url = format!("http://{}", agent.local_addr());
    let dir = tempfile::tempdir().expect("temp dir");
    let report = dir.path().join("probe.json");
    let rec = dir.path().join("probe.jsonl");
    let (report2, rec2) = (report.clone(), rec.clone());
    let out = tokio::task::spawn_blocking(move || {
        common::bin()
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

/// An agent that requires a bearer token, probed without it and with a wrong one: its 401
/// is what `auth.rejects-anonymous` wants (pass, not "no interface answered"); the lifecycle
/// was not run, so the level is `partial` and says why (not `non-conformant`, a verdict on
/// an agent the run could not see past its card); wrong credentials are not the agent's
/// failure (`auth.accepts-credentials` skipped, saying so); the run is exit 2 with a hint.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn probe_without_valid_credentials_judges_only_what_it_saw() {
    let agent = a2a_interop::refagent::start_with(
        a2a_interop::refagent::RefAgentConfig {
            listen: "127.0.0.1:0".parse().expect("literal address"),
            public_url: None,
        },
        a2a_interop::refagent::RefAgentOptions {
            bearer: Some("right-token".into()),
            ..a2a_interop::refagent::RefAgentOptions::default()
        },
    )
    .await
    .expect("secured reference agent");
    let url = format!("http://{}", agent.local_addr());
    let run = |extra: &'static [&'static str]| {
        let url = url.clone();
        tokio::task::spawn_blocking(move || {
            common::bin()
                .args(["probe", &url, "-q", "--format", "json", "-o", "-"])
                .args(extra)
                .output()
                .expect("run the binary")
        })
    };
    let anonymous = run(&[]).await.expect("probe finished");
    let wrong = run(&["--bearer", "wrong-token"])
        .await
        .expect("probe finished");
    agent.shutdown().await;
    for (out, send_skip, accepts, hint) in [
        (
            &anonymous,
            "agent needs credentials",
            "no credentials given",
            "; hint: pass --bearer TOKEN or --auth-header",
        ),
        (
            &wrong,
            "agent refused the given credentials",
            "the agent refused the given credentials",
            "; hint: check --bearer / --auth-header",
        ),
    ] {
        // credentials that kept every task test from running are exit 2 with a hint, the
        // results still written (docs/usage.md "Exit codes"; main 1a6467f3, breaker8 G9)
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{err}");
        assert!(err.contains(hint), "{err}");
        let json: Value = serde_json::from_slice(&out.stdout).expect("JSON report");
        let result = |name: &str| -> &Value {
            json["results"]
                .as_array()
                .expect("results")
                .iter()
                .find(|r| r["test"] == name)
                .unwrap_or_else(|| panic!("no {name}: {:#}", json["results"]))
        };
        assert_eq!(result("auth.rejects-anonymous")["status"], "pass");
        let send = result("lifecycle.send [1.0]");
        assert_eq!(send["status"], "skip");
        assert!(
            send["message"].as_str().unwrap().contains(send_skip),
            "{send}"
        );
        let acc = result("auth.accepts-credentials");
        assert_eq!(acc["status"], "skip");
        assert!(acc["message"].as_str().unwrap().contains(accepts), "{acc}");
        assert_eq!(
            json["conformanceLevel"], "partial",
            "{}",
            json["conformanceReason"]
        );
        assert!(
            json["conformanceReason"]
                .as_str()
                .unwrap()
                .starts_with(&format!("lifecycle.send [1.0] not run: {send_skip}")),
            "{}",
            json["conformanceReason"]
        );
    }
}

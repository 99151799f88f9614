/*!
The prober's push tests against the real SDK agents (`tests/peers/`) with push turned on
(`A2A_PUSH=1`: the Python `a2a-sdk` in-memory push config store and HTTP push sender; the JS
`@a2a-js/sdk` in-memory push store and default push sender). Every push result is asserted
per dialect and binding, as the SDK really behaves; a real deviation is a failing result
with a clear message, asserted as such.
*/

use crate::harness;

use a2a_interop::app::probe_cmd;
use a2a_interop::cli::{Cli, Command};
use a2a_interop::probe::plan::PUSH_TESTS;
use a2a_interop::probe::webhook::WEBHOOK_LEG;
use a2a_interop::probe::{ProbeReport, Status};
use a2a_interop::verify::{Finding, Severity};
use clap::Parser;
use harness::{peers_available, Sdk, SdkAgent};

/// Probes the SDK agent with push on, through the recording pipeline.
async fn probe_push(sdk: Sdk) -> (ProbeReport, Vec<Finding>) {
    let agent = SdkAgent::start_with_env(sdk, None, &[("A2A_PUSH", "1")]).await;
    let url = agent.base_url();
    let argv = ["a2a-interop", "probe", &url, "--timeout", "20s"];
    let Command::Probe(args) = Cli::parse_from(argv).command else {
        unreachable!("parsed a probe command")
    };
    let cfg = probe_cmd::config_from(&args).expect("config");
    let run = probe_cmd::probe_through_pipeline(&args, &cfg, url::Url::parse(&url).expect("url"))
        .await
        .expect("probe run");
    agent.stop().await;
    if let Some(tmp) = &run.temp_recording {
        let _ = std::fs::remove_file(tmp);
    }
    (run.report, run.outcome.verify.findings)
}

/// Every push result as `test [dialect binding]: status message`.
fn push_lines(r: &ProbeReport) -> Vec<String> {
    r.results
        .iter()
        .filter(|x| x.test.starts_with("push."))
        .map(|x| {
            format!(
                "{} [{} {}]: {} {}",
                x.test,
                x.dialect.as_deref().unwrap_or("-"),
                x.binding.as_deref().unwrap_or("jsonrpc"),
                x.status.as_str(),
                x.message
            )
        })
        .collect()
}

/// Asserts the push results of one SDK agent: every test passes in JSON-RPC 1.0 and 0.3 and
/// HTTP+JSON 1.0 except the `(test, dialect, binding)` in `failing` (each failing with a
/// message containing its needle); 0.3 HTTP+JSON is skipped by this build.
fn assert_push(r: &ProbeReport, failing: &[(&str, &str, Option<&str>, &str)]) {
    let lines = push_lines(r).join("\n");
    for (dialect, binding) in [("1.0", None), ("0.3", None), ("1.0", Some("http+json"))] {
        for t in PUSH_TESTS {
            let got = r
                .result_in(t, Some(dialect), binding)
                .unwrap_or_else(|| panic!("no result {t} [{dialect} {binding:?}]\n{lines}"));
            match failing
                .iter()
                .find(|f| f.0 == t && f.1 == dialect && f.2 == binding)
            {
                Some((.., needle)) => {
                    assert_eq!(
                        got.status,
                        Status::Fail,
                        "{t} [{dialect} {binding:?}]\n{lines}"
                    );
                    assert!(got.message.contains(needle), "{t}: {}", got.message);
                }
                None => assert_eq!(
                    got.status,
                    Status::Pass,
                    "{t} [{dialect} {binding:?}]\n{lines}"
                ),
            }
        }
    }
    for t in PUSH_TESTS {
        let got = r.result_in(t, Some("0.3"), Some("http+json")).expect(t);
        assert_eq!(got.status, Status::Skip, "{t}");
        assert_eq!(
            got.message,
            "push over 0.3 HTTP+JSON is not probed by this build"
        );
    }
    // the notifications were seen in every probed target
    let notes = r
        .results
        .iter()
        .filter(|x| x.test == "push.notifications" && x.status == Status::Pass)
        .count();
    assert_eq!(notes, 3, "{lines}");
}

/// Findings on the webhook leg (the agent's notifications) at warning or above.
fn webhook_findings(findings: &[Finding]) -> Vec<String> {
    findings
        .iter()
        .filter(|f| f.leg.as_deref() == Some(WEBHOOK_LEG) && f.severity >= Severity::Warning)
        .map(|f| format!("{}: {}", f.rule, f.message))
        .collect()
}

/// The Python SDK's 0.3 layer answers `tasks/pushNotificationConfig/delete` with a JSON-RPC
/// response that has no `result` (0.3 says `result: null`): `push.delete-config [0.3]`
/// fails, and the verifier flags the same exchange (RPC-ENVELOPE-001). Everything else,
/// notifications included, passes (0.3 webhooks get 1.0 bodies: VER-MIX-001 warnings).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn python_sdk_agent_push_fails_only_the_0_3_delete() {
    if !peers_available(
        "python_sdk_agent_push_fails_only_the_0_3_delete",
        &[Sdk::Python],
    ) {
        return;
    }
    let (r, findings) = probe_push(Sdk::Python).await;
    assert_push(
        &r,
        &[(
            "push.delete-config",
            "0.3",
            None,
            "a JSON-RPC response with neither result nor error",
        )],
    );
    // The Python SDK posts a 1.0 StreamResponse to every webhook, whatever the version of
    // its registration: a VER-MIX-001 warning on each 0.3 webhook, nothing else.
    let hooks = webhook_findings(&findings);
    assert!(
        hooks.iter().all(|h| h.starts_with("VER-MIX-001: ")
            && h.contains("registered over 0.3 uses the 1.0 oneof wrapper")),
        "{hooks:#?}"
    );
    let envelope: Vec<&Finding> = findings
        .iter()
        .filter(|f| f.rule == "RPC-ENVELOPE-001")
        .collect();
    assert_eq!(envelope.len(), 1, "{findings:#?}");
    assert!(
        !findings.iter().any(|f| f.rule.starts_with("PUSH-")),
        "{findings:#?}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn js_sdk_agent_passes_every_push_test() {
    if !peers_available("js_sdk_agent_passes_every_push_test", &[Sdk::Js]) {
        return;
    }
    let (r, findings) = probe_push(Sdk::Js).await;
    assert_push(&r, &[]);
    // The JS SDK has no 0.3 push serializer configured ("falling back to '1.0'", a2a-js
    // #487 / PR #507): webhooks registered over 0.3 get 1.0 StreamResponse bodies, a
    // VER-MIX-001 warning per notification. Nothing else on the webhook leg.
    let hooks = webhook_findings(&findings);
    assert!(!hooks.is_empty(), "{findings:#?}");
    assert!(
        hooks.iter().all(|h| h.starts_with("VER-MIX-001: ")
            && h.contains("registered over 0.3 uses the 1.0 oneof wrapper")),
        "{hooks:#?}"
    );
    assert!(
        !findings.iter().any(|f| f.rule.starts_with("PUSH-")),
        "{findings:#?}"
    );
}

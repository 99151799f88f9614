/*!
`a2a-interop interop` with the Rust reference agent (`crate::refagent`) on both sides: two
instances on loopback, A and B. A spec-exact pair must pass every test in both directions
(the same results `tests/probe_refagent.rs` asserts for one agent, named `interop.* [A->B]`
and `[B->A]`), with no finding above a note, level `full` per direction and overall, ids and
contexts kept apart between the directions, and each direction's traffic recorded on its own
leg. Through the built binary: exit 0, the JSON report lists both directions' results and
says `full`. Against a deliberately broken B (`tests/broken/`), the verifier's error finding on
a test's own exchange fails that test in B's direction only.
*/

use crate::broken;
use crate::common;

use a2a_interop::app::interop_cmd::{self, A_TO_B, B_TO_A};
use a2a_interop::probe::{ConformanceLevel, Status};
use a2a_interop::record::source;
use a2a_interop::verify::Severity;
use serde_json::Value;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_reference_agents_interoperate_both_ways() {
    let a = common::start_refagent(None).await;
    let b = common::start_refagent(None).await;
    let url_a = format!("http://{}/", a.local_addr());
    let url_b = format!("http://{}/", b.local_addr());
    let dir = tempfile::tempdir().expect("temp dir");
    let (run, rec) = common::interop_with(&url_a, &url_b, &[], dir.path()).await;

    let [ab, ba] = &run.directions;
    assert_eq!(ab.name, A_TO_B);
    assert_eq!(ba.name, B_TO_A);
    // A->B calls B, B->A calls A
    assert_eq!(ab.report.target, url_b);
    assert_eq!(ba.report.target, url_a);
    let per_dialect: Vec<&str> = common::TARGET_TESTS
        .into_iter()
        .chain(common::JSONRPC_ONLY_TESTS)
        .collect();
    for d in &run.directions {
        common::assert_both_dialects_and_card_pass(d);
        for dialect in ["1.0", "0.3"] {
            for &t in &per_dialect {
                let got = d
                    .report
                    .result(t, Some(dialect))
                    .unwrap_or_else(|| panic!("no result {t} [{} {dialect}]", d.name));
                assert_eq!(
                    got.status,
                    Status::Pass,
                    "{t} [{} {dialect}]: {}",
                    d.name,
                    got.message
                );
            }
        }
        assert!(d.report.failures().is_empty(), "{:#?}", d.report.failures());
        assert_eq!(
            d.level,
            ConformanceLevel::Full,
            "{} {:#?}",
            d.name,
            run.outcome.verify.findings
        );
        let send = d
            .report
            .result("lifecycle.send", Some("1.0"))
            .expect("send");
        assert_eq!(
            interop_cmd::result_name(send, d.name),
            format!("interop.send [{} 1.0]", d.name)
        );
    }
    assert_eq!(run.overall, ConformanceLevel::Full);
    let serious: Vec<String> = run
        .outcome
        .verify
        .findings
        .iter()
        .filter(|f| f.severity >= Severity::Warning)
        .map(|f| format!("{} {:?}: {}", f.rule, f.leg, f.message))
        .collect();
    assert!(serious.is_empty(), "{serious:#?}");

    // ids and contexts stay apart: each direction carried its own, none shared
    assert_eq!(
        run.separation.status,
        Status::Pass,
        "{}",
        run.separation.message
    );
    let ids = interop_cmd::ids_by_leg(&rec).expect("ids");
    assert!(ids[A_TO_B].len() >= 4, "{:?}", ids[A_TO_B]);
    assert!(ids[B_TO_A].len() >= 4, "{:?}", ids[B_TO_A]);
    assert!(ids[A_TO_B].is_disjoint(&ids[B_TO_A]));

    // every recorded exchange is on one of the two legs or one of the two webhook legs
    // (push notifications), both legs carry traffic, and each leg's requests went to its
    // own agent
    let src = source::open(&rec).expect("recording");
    let (mut on_ab, mut on_ba, mut webhook) = (0, 0, 0);
    for ev in src.events.map_while(Result::ok) {
        if let a2a_interop::record::EventKind::RequestHead { upstream, .. } = &ev.kind {
            let up = upstream.clone().unwrap_or_default();
            match ev.leg.as_deref() {
                Some(l) if l == A_TO_B => {
                    on_ab += 1;
                    assert!(up.starts_with(url_b.trim_end_matches('/')), "{up}");
                }
                Some(l) if l == B_TO_A => {
                    on_ba += 1;
                    assert!(up.starts_with(url_a.trim_end_matches('/')), "{up}");
                }
                Some(interop_cmd::A_TO_WEBHOOK | interop_cmd::B_TO_WEBHOOK) => webhook += 1,
                other => panic!("exchange on leg {other:?}"),
            }
        }
    }
    assert!(webhook >= 8, "{webhook} webhook posts");
    assert_eq!(on_ab, ab.report.requests, "A->B exchanges");
    assert_eq!(on_ba, ba.report.requests, "B->A exchanges");

    // the text output names both directions and the overall level
    let text = interop_cmd::text_report(&run);
    assert!(text.contains("pass  interop.send [A->B 1.0]"), "{text}");
    assert!(text.contains("pass  interop.send [B->A 0.3]"), "{text}");
    assert!(
        text.contains("interop conformance level: full (A->B: full, B->A: full)"),
        "{text}"
    );
    a.shutdown().await;
    b.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn interop_binary_reports_both_directions_as_json() {
    let a = common::start_refagent(None).await;
    let b = common::start_refagent(None).await;
    let url_a = format!("http://{}", a.local_addr());
    let url_b = format!("http://{}", b.local_addr());
    let dir = tempfile::tempdir().expect("temp dir");
    let report = dir.path().join("interop.json");
    let report2 = report.clone();
    let (ua, ub) = (url_a.clone(), url_b.clone());
    let out = tokio::task::spawn_blocking(move || {
        common::bin()
            .args(["interop", &ua, &ub, "--format", "json", "-o"])
            .arg(&report2)
            .output()
            .expect("run the binary")
    })
    .await
    .expect("interop finished");
    // -q: the same run without progress lines.
    let quiet = tokio::task::spawn_blocking(move || {
        common::bin()
            .args([
                "interop", &url_a, &url_b, "-q", "--format", "json", "-o", "-",
            ])
            .output()
            .expect("run the binary")
    })
    .await
    .expect("interop -q finished");
    a.shutdown().await;
    b.shutdown().await;
    common::assert_exit(&out, 0);
    common::assert_exit(&quiet, 0);
    // Progress on stderr names the direction of each test as it starts.
    let progress = String::from_utf8_lossy(&out.stderr);
    assert!(
        progress
            .lines()
            .any(|l| l.starts_with("interop A->B: lifecycle.send [1.0] ...")),
        "{progress}"
    );
    assert!(
        progress.lines().any(|l| l.starts_with("interop B->A: ")),
        "{progress}"
    );
    let quiet_err = String::from_utf8_lossy(&quiet.stderr);
    assert!(!quiet_err.contains("interop A->B: "), "{quiet_err}");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        stdout.contains("interop conformance level: full"),
        "{stdout}"
    );
    let json: Value = serde_json::from_str(&std::fs::read_to_string(&report).expect("report"))
        .expect("JSON report");
    assert_eq!(json["conformanceLevel"], "full", "{:#}", json["summary"]);
    let results = json["results"].as_array().expect("results");
    let named = |n: &str| {
        results
            .iter()
            .any(|r| r["test"] == n && r["status"] == "pass")
    };
    assert!(named("interop.send [A->B 1.0]"), "{results:#?}");
    assert!(named("interop.send [B->A 1.0]"), "{results:#?}");
    assert!(named("interop.contexts-separate"), "{results:#?}");
    assert!(
        results.iter().all(|r| r["status"] != "fail"),
        "{results:#?}"
    );
}

#[test]
fn unreachable_agent_is_an_operational_error() {
    let dead = std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .expect("free port");
    let url = format!("http://{dead}");
    let out = common::bin()
        .args(["interop", &url, &url, "--timeout", "2s"])
        .output()
        .expect("run the binary");
    common::assert_exit(&out, 2);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("agent A is not reachable"), "{stderr}");
}

/// A reference agent started on loopback that requires `Authorization: Bearer <token>`.
async fn secured_refagent(token: &str) -> a2a_interop::refagent::RefAgentHandle {
    a2a_interop::refagent::start_with(
        a2a_interop::refagent::RefAgentConfig {
            listen: "127.0.0.1:0".parse().expect("literal address"),
            public_url: None,
        },
        a2a_interop::refagent::RefAgentOptions {
            bearer: Some(token.to_string()),
            ..a2a_interop::refagent::RefAgentOptions::default()
        },
    )
    .await
    .expect("bind a loopback port")
}

/// B requires a bearer token, A does not: `--bearer-b` is sent on the calls to B only (the
/// recording shows it on leg `A->B`, redacted, and never on `B->A`), B's auth tests pass, A's
/// are skipped (A declares no security), and both directions are `full`. Without the flag
/// the calls to B are refused and its task tests skipped with the hint.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn credentials_go_to_their_own_side_only() {
    let a = common::start_refagent(None).await;
    let b = secured_refagent("b-secret").await;
    let url_a = format!("http://{}/", a.local_addr());
    let url_b = format!("http://{}/", b.local_addr());
    let dir = tempfile::tempdir().expect("temp dir");

    let (run, rec) =
        common::interop_with(&url_a, &url_b, &["--bearer-b", "b-secret"], dir.path()).await;
    let [ab, ba] = &run.directions;
    let status = |d: &interop_cmd::Direction, t: &str| {
        d.report
            .result(t, None)
            .map(|r| (r.status, r.message.clone()))
            .unwrap_or_else(|| panic!("no result {t} [{}]", d.name))
    };
    assert_eq!(status(ab, "auth.rejects-anonymous").0, Status::Pass);
    assert_eq!(status(ab, "auth.accepts-credentials").0, Status::Pass);
    assert_eq!(status(ab, "card.security-schemes").0, Status::Pass);
    assert_eq!(
        status(ba, "auth.rejects-anonymous"),
        (Status::Skip, "card declares no security".to_string())
    );
    for d in [ab, ba] {
        assert!(d.report.failures().is_empty(), "{:#?}", d.report.failures());
        let send = d
            .report
            .result("lifecycle.send", Some("1.0"))
            .expect("send");
        assert_eq!(send.status, Status::Pass, "{}", send.message);
        assert_eq!(d.level, ConformanceLevel::Full, "{}", d.name);
    }
    // the token reached B (redacted in the recording), and nothing reached A
    let src = source::open(&rec).expect("recording");
    let (mut to_b, mut to_a) = (0, 0);
    for ev in src.events.map_while(Result::ok) {
        if let a2a_interop::record::EventKind::RequestHead { headers, .. } = &ev.kind {
            let auth = headers.get("authorization");
            match ev.leg.as_deref() {
                Some(l) if l == A_TO_B && auth.is_some() => {
                    let cred = auth.and_then(|a| a.strip_prefix("Bearer ")).unwrap_or("");
                    assert!(
                        a2a_interop::record::redact::placeholder_tag(cred).is_some(),
                        "{auth:?}"
                    );
                    to_b += 1;
                }
                Some(l) if l == B_TO_A => assert_eq!(auth, None, "credentials leaked to A"),
                _ => {}
            }
            if ev.leg.as_deref() == Some(B_TO_A) {
                to_a += 1;
            }
        }
    }
    assert!(to_b > 10, "{to_b} authorized calls to B");
    assert!(to_a > 10, "{to_a} calls to A");
    assert!(!std::fs::read_to_string(&rec)
        .expect("recording")
        .contains("b-secret"));

    // without --bearer-b: B refuses, its task tests are skipped with the hint
    let dir2 = tempfile::tempdir().expect("temp dir");
    let (run, _) = common::interop_with(&url_a, &url_b, &[], dir2.path()).await;
    let [ab, ba] = &run.directions;
    let send = ab
        .report
        .result("lifecycle.send", Some("1.0"))
        .expect("send");
    assert_eq!(send.status, Status::Skip);
    assert_eq!(
        send.message,
        "agent needs credentials: pass --bearer or --auth-header (interop: --bearer-a|b, --auth-header-a|b)"
    );
    assert_eq!(status(ab, "auth.accepts-credentials").0, Status::Skip);
    let send = ba
        .report
        .result("lifecycle.send", Some("1.0"))
        .expect("send");
    assert_eq!(send.status, Status::Pass, "{}", send.message);
    a.shutdown().await;
    b.shutdown().await;
}

/// Every exchange of both directions carries an `attribution` event naming the caller and
/// the callee by side and card name, and the Markdown report draws "A (..) -> B (..)".
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn interop_exchanges_are_attributed_to_a_and_b() {
    let a = common::start_refagent(None).await;
    let b = common::start_refagent(None).await;
    let url_a = format!("http://{}/", a.local_addr());
    let url_b = format!("http://{}/", b.local_addr());
    let dir = tempfile::tempdir().expect("temp dir");
    let (run, rec) = common::interop_with(&url_a, &url_b, &[], dir.path()).await;
    a.shutdown().await;
    b.shutdown().await;
    let name_a = "A (a2a-interop reference agent)";
    let name_b = "B (a2a-interop reference agent)";
    let mut heads = std::collections::BTreeMap::new();
    let mut attributed = std::collections::BTreeMap::new();
    for ev in source::open(&rec)
        .expect("recording")
        .events
        .map_while(Result::ok)
    {
        let (Some(x), Some(leg)) = (ev.exchange.as_deref().map(str::to_string), ev.leg.clone())
        else {
            continue;
        };
        match &ev.kind {
            a2a_interop::record::EventKind::RequestHead { .. } => {
                heads.insert(x, leg);
            }
            a2a_interop::record::EventKind::Attribution { callee, caller, .. } => {
                attributed.insert(x, (leg, caller.clone(), callee.clone()));
            }
            _ => {}
        }
    }
    let legs: Vec<&String> = heads.values().collect();
    assert!(legs.iter().any(|l| *l == A_TO_B) && legs.iter().any(|l| *l == B_TO_A));
    for (x, leg) in &heads {
        let (aleg, caller, callee) = attributed
            .get(x)
            .unwrap_or_else(|| panic!("exchange {x} on {leg} not attributed"));
        assert_eq!(aleg, leg);
        let want = match leg.as_str() {
            A_TO_B => (name_a, name_b),
            B_TO_A => (name_b, name_a),
            interop_cmd::B_TO_WEBHOOK => (name_b, "A webhook"),
            _ => (name_a, "B webhook"),
        };
        assert_eq!(
            (caller.as_deref(), callee.as_deref()),
            (Some(want.0), Some(want.1)),
            "{x} on {leg}"
        );
    }
    assert_eq!(attributed.len(), heads.len());
    // push: each agent's notifications went through its own recorded webhook leg
    for (leg, caller, callee) in [
        (interop_cmd::B_TO_WEBHOOK, name_b, "A webhook"),
        (interop_cmd::A_TO_WEBHOOK, name_a, "B webhook"),
    ] {
        let posts: Vec<&String> = heads
            .iter()
            .filter(|(_, l)| l.as_str() == leg)
            .map(|(x, _)| x)
            .collect();
        assert!(posts.len() >= 4, "{} notifications on {leg}", posts.len());
        for x in posts {
            let (_, c, e) = &attributed[x];
            assert_eq!((c.as_deref(), e.as_deref()), (Some(caller), Some(callee)));
        }
    }
    for d in &run.directions {
        for dialect in ["1.0", "0.3"] {
            for t in a2a_interop::probe::plan::PUSH_TESTS {
                let got = d.report.result(t, Some(dialect)).expect(t);
                assert_eq!(got.status, Status::Pass, "{t} [{} {dialect}]", d.name);
            }
        }
    }
    // still no finding above a note, and offline = online with the attribution events in
    let serious: Vec<_> = run
        .outcome
        .verify
        .findings
        .iter()
        .filter(|f| f.severity >= Severity::Warning)
        .map(|f| format!("{} {:?}: {}", f.rule, f.leg, f.message))
        .collect();
    assert!(serious.is_empty(), "{serious:#?}");
    let offline = common::verify_file(&rec);
    assert_eq!(offline.findings.len(), run.outcome.verify.findings.len());
    // the report reads them: the Markdown sequence diagram has both parties
    let input = interop_cmd::report_input(&run);
    let model = a2a_interop::report::Report::build(&input);
    let md =
        a2a_interop::report::render_report(a2a_interop::report::Format::Markdown, &model, &input)
            .expect("markdown");
    assert!(md.contains(name_a) && md.contains(name_b), "{md}");
}

/// Active and passive are one verdict in `interop` too: B answers an HTTP+JSON parse error with
/// HTTP 400 and a JSON-RPC-style body, which passes the probe's own check (an error code came)
/// but breaks REST-ERROR-001 on that exchange. The test fails in direction `A->B` (the calls on
/// B) naming the finding; the same test on A (`B->A`) and B's JSON-RPC twin pass. A is a
/// conformant agent whose card lists HTTP+JSON 1.0 too (a direction tests only what the
/// caller's card lists).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_error_finding_fails_the_test_of_its_exchange_in_its_direction() {
    let a = broken::start_with(broken::Break::Nothing, false, true).await;
    let b = broken::start_with(broken::Break::RestParseErrorAsJsonRpc, false, true).await;
    let url_a = a.url();
    let dir = tempfile::tempdir().expect("temp dir");

    let (run, _rec) = common::interop_with(&url_a, &b.url(), &[], dir.path()).await;
    let [ab, ba] = &run.directions;
    assert!(
        run.findings_of(A_TO_B)
            .iter()
            .any(|f| f.rule == "REST-ERROR-001" && f.severity == Severity::Error),
        "{:#?}",
        run.findings_of(A_TO_B)
    );
    let on_b = ab
        .report
        .result_in("errors.parse-error", Some("1.0"), Some("http+json"))
        .expect("B's HTTP+JSON parse-error result");
    assert_eq!(on_b.status, Status::Fail, "{}", on_b.message);
    assert!(
        on_b.message
            .contains("verifier found error[REST-ERROR-001] on its exchange e"),
        "{}",
        on_b.message
    );
    let rpc_on_b = ab
        .report
        .result("errors.parse-error", Some("1.0"))
        .expect("B's JSON-RPC parse-error result");
    assert_eq!(rpc_on_b.status, Status::Pass, "{}", rpc_on_b.message);
    let failed: Vec<String> = ab.report.failures().iter().map(|f| f.scoped()).collect();
    assert_eq!(failed, vec!["errors.parse-error [1.0 http+json]"]);
    assert!(
        ba.report.failures().is_empty(),
        "{:?}",
        ba.report.failures()
    );
    assert!(ab.level < ConformanceLevel::Full, "{:?}", ab.level);
    assert_eq!(ba.level, ConformanceLevel::Full);
}

//! q27b: what last session's newcomer (newcomer26) was left wondering about: the built-in
//! `demo` against the good reference agent ended "partial" (item 1). Real processes, real
//! loopback sockets, real files.

mod common;

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// Item 1: `demo` ended "conformance: partial (not exercised: push ...)" although the
/// reference agent is a good agent and `probe` of it is `full`: the demo's client drove no
/// push. It now gives the agent a push config whose webhook is a recorded listener of the
/// demo's proxy, in both dialects, and the run is `full` with the notifications recorded.
#[test]
fn item1_demo_of_the_reference_agent_is_full_with_push_driven_and_recorded() {
    let dir = tempfile::tempdir().unwrap();
    let rec = dir.path().join("demo.jsonl");
    let out = common::bin()
        .current_dir(dir.path())
        .env_remove("A2A_INTEROP_LOG")
        .args(["demo", "--record"])
        .arg(&rec)
        .output()
        .unwrap();
    let stdout = text(&out.stdout);
    common::assert_exit(&out, 0);
    let push: Vec<&str> = stdout
        .lines()
        .map(str::trim)
        .filter(|l| l.starts_with("STEP push "))
        .collect();
    assert_eq!(push.len(), 2, "a push step per dialect:\n{stdout}");
    for l in &push {
        assert!(
            l.starts_with("STEP push ok config=") && l.contains("states=") && l.ends_with("ms)"),
            "{l}"
        );
        // the webhook saw the task end
        assert!(l.contains("completed"), "{l}");
    }
    let summary = stdout.lines().last().unwrap_or_default();
    assert!(
        summary.ends_with("conformance: full (no error or warning finding)"),
        "{summary}\n{stdout}"
    );
    assert!(!stdout.contains("not exercised"), "{stdout}");
    // the agent's notifications are in the recording, on the webhook leg, and verify of
    // the recording agrees with the demo's own report
    let recording = std::fs::read_to_string(&rec).unwrap();
    let delivered = recording
        .lines()
        .filter(|l| {
            l.contains("\"type\":\"request_head\"")
                && l.contains("\"leg\":\"agent->webhook\"")
                && l.contains("/demo-push/")
        })
        .count();
    assert!(delivered >= 2, "notifications recorded: {delivered}");
    let v = common::bin()
        .env_remove("A2A_INTEROP_LOG")
        .arg("verify")
        .arg(&rec)
        .output()
        .unwrap();
    common::assert_exit(&v, 0);
    let vout = text(&v.stdout) + &text(&v.stderr);
    assert!(vout.contains("conformance: full"), "{vout}");
}

/// The findings of rule `rule` in `verify -f json --fail-on never` of variant case `name`
/// (`tests/cases/variants/NAME.jsonl`), as the JSON report gives them.
fn json_findings(name: &str, rule: &str) -> Vec<serde_json::Value> {
    let file = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/cases/variants")
        .join(format!("{name}.jsonl"));
    let o = common::bin()
        .env_remove("A2A_INTEROP_LOG")
        .args(["verify", "-f", "json", "--fail-on", "never"])
        .arg(&file)
        .output()
        .unwrap();
    common::assert_exit(&o, 0);
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    v["findings"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|f| f["rule"] == rule)
        .cloned()
        .collect()
}

/// The one finding of `rule` in variant `name`: its message and help.
fn message_and_help(name: &str, rule: &str) -> (String, String) {
    let fs = json_findings(name, rule);
    assert_eq!(fs.len(), 1, "{name}: {fs:#?}");
    (
        fs[0]["message"].as_str().unwrap().to_string(),
        fs[0]["help"].as_str().unwrap().to_string(),
    )
}

/// Item 2: one help text per rule misfit what was seen. GW-RESP-003 told a user whose
/// agent answered 413/503 itself (no gateway anywhere) to "record the leg between the
/// gateway and the agent" and check "the gateway's error log"; REST-ERROR-001 advised
/// 1.0's {"error":{...}} envelope first on a 0.3 /v1 route. The help (and GW-RESP-003's
/// message) now fit the answer: a front named only when the answer shows one (Via, a
/// proxy's Server header), the error shape of the route's own version only.
#[test]
fn item2_help_fits_front_and_generation_seen() {
    // an Express agent's own 413: no front in the answer
    let (msg, help) = message_and_help("b27p-I2-v10-rpc-413-agent-own-server", "GW-RESP-003");
    assert!(
        help.starts_with("nothing in the answer shows a front (no Via header, no proxy's Server header), so the agent's own HTTP server most likely refused the body")
            && help.contains("express.json({ limit: '50mb' })")
            && !help.contains("gateway's"),
        "{help}"
    );
    assert!(
        msg.contains("over a body-size limit that most likely is the agent's own HTTP server's, since nothing in the answer shows a front (no Via header, no proxy's Server header, x-powered-by: Express;")
            && !msg.contains("on the way to the agent (nginx"),
        "{msg}"
    );
    // a uvicorn agent's own 503
    let (msg, help) = message_and_help("b27p-I2-v10-rpc-503-agent-own-server", "GW-RESP-003");
    assert!(
        help.starts_with("nothing in the answer shows a front")
            && help.contains("the agent's own server answered HTTP 503")
            && !help.starts_with("record the leg between the gateway"),
        "{help}"
    );
    assert!(
        !msg.contains("an intermediary (gateway, load balancer) sends this status")
            && msg.contains("so the agent's own server may have sent it"),
        "{msg}"
    );
    // a front that shows itself: named, and how to record the leg behind it
    let (msg, help) = message_and_help("b27p-I2-v10-rpc-502-via-front", "GW-RESP-003");
    assert!(
        help.starts_with("record the leg between the front (via: 1.1 google) and the agent too")
            && help.contains("--listener upstream@"),
        "{help}"
    );
    assert!(
        msg.contains("the answer comes from a front (via: 1.1 google)"),
        "{msg}"
    );
    let (_, help) = message_and_help("b19-Y9-v03-rpc-intermediary-413", "GW-RESP-003");
    assert!(
        help.starts_with("raise the body-size limit on every hop of the A2A routes: the front that answered (server: nginx;"),
        "{help}"
    );
    // REST-ERROR-001: a 0.3 /v1 route is told the 0.3 error object only
    let (_, help) = message_and_help(
        "b27p-I2-v03-rest-unknown-task-answered-200",
        "REST-ERROR-001",
    );
    assert!(
        help.starts_with("answer an A2A error on a 0.3 /v1 HTTP+JSON route")
            && help.contains("{\"code\":-32001,\"message\":...}")
            && !help.contains("1.0 routes:")
            && !help.contains("\"status\":\"NOT_FOUND\""),
        "{help}"
    );
    // ... and a 1.0 route the 1.0 google.rpc.Status body only
    let (_, help) = message_and_help(
        "b21q-Q2-v10-rest-error-jsonrpc-shaped-body",
        "REST-ERROR-001",
    );
    assert!(
        help.starts_with("answer an A2A error on a 1.0 HTTP+JSON route")
            && help.contains("google.rpc.ErrorInfo")
            && !help.contains("0.3 /v1"),
        "{help}"
    );
    // legal control: the 0.3 error object with 404 on a 0.3 route is silent
    assert!(json_findings("b27p-I2-legal-v03-rest-unknown-task-404", "REST-ERROR-001").is_empty());
}

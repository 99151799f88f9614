//! breaker46, live: a misbehaving GATEWAY on the HTTP+JSON binding between the two legs of
//! one recording (`tests/peers/misgateway46.py`, a small stdlib HTTP/1.1 reverse proxy, one
//! `--mode` each) in front of the real Python SDK agent's REST routes (1.0 under `/rest`,
//! 0.3 under `/rest/v1`):
//!
//! curl -> `a2a-interop proxy` client leg -> misgateway46 -> `--listener upstream@...` -> agent
//!
//! A representative set of `tests/cases/live46-predictions.json`'s modes runs once
//! (`tests/peers/misgateway46_drive.py`, about 70 s; the driver runs all 24 without mode
//! arguments): legal bends (a public path prefix stripped, SSE re-framed, a2a+json relabelled
//! application/json) and faults (the custom verb's `:` percent-encoded, a GET's query
//! dropped, a POST cancel turned into a GET, an A2A error replaced by the gateway's own JSON
//! or passed on under HTTP 500, REST stream events wrapped in JSON-RPC envelopes, a cancel
//! retried upstream, A2A-Version dropped). Each test reads that run: the findings are the
//! predicted ones, online equal offline and the stderr lines, the proxy stays up, each client
//! answer is byte for byte what the client leg recorded (and each answer the gateway read,
//! what the upstream leg recorded), and the recording holds both legs of every exchange,
//! each ended.
//!
//! Tests fail before this round's fixes: `colon-encoded` (nothing: `%3A` was read as `:`),
//! `query-dropped` (DATA-HISTORY-001 and DATA-LIST-003 on the agent, no gateway finding),
//! `post-to-get` (ID-TASK-001 on the agent), `error-own-json` (nothing), `status-500`
//! (GW-RESP-001 "not passed on"), `sse-envelope` (STREAM-SHAPE-002 on the agent),
//! `cancel-retry` (nothing), and every mode that lists tasks (ID-MSG-003 on the SDK's
//! ProtoJSON default `filename: ""`).

use crate::harness;

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;

use harness::{peers_available, Sdk};
use serde_json::Value;

const BIN: &str = env!("CARGO_BIN_EXE_a2a-interop");

/// The modes this test runs (the driver runs them in this order).
const MODES: &[&str] = &[
    "pass",
    "prefix-strip",
    "sse-reframe",
    "media-json",
    "colon-encoded",
    "query-dropped",
    "post-to-get",
    "error-own-json",
    "status-500",
    "sse-envelope",
    "cancel-retry",
    "drop-version",
];

/// The one run of [`MODES`]: its directory (`target/tmp/live_breaker46`) and the table the
/// driver printed; `None` when the SDK peers are not installed (a loud SKIPPED).
fn run() -> Option<&'static (PathBuf, String)> {
    static RUN: OnceLock<Option<(PathBuf, String)>> = OnceLock::new();
    RUN.get_or_init(|| {
        if !peers_available("live_breaker46", &[Sdk::Python]) {
            return None;
        }
        if Command::new("curl").arg("--version").output().is_err() {
            panic!("curl is needed by tests/peers/misgateway46_drive.py");
        }
        // under target/ (about 1 MB), replaced by each run: the tests share it
        let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("live_breaker46");
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let o = Command::new("python3")
            .arg(harness::peers_dir().join("misgateway46_drive.py"))
            .arg(BIN)
            .arg(&dir)
            .args(MODES)
            .output()
            .unwrap();
        let table = String::from_utf8_lossy(&o.stdout).to_string();
        assert!(
            o.status.success(),
            "{table}\n{}",
            String::from_utf8_lossy(&o.stderr)
        );
        Some((dir, table))
    })
    .as_ref()
}

/// `OUTDIR/NAME` of the run as JSON.
fn json(dir: &Path, table: &str, name: &str) -> Value {
    serde_json::from_slice(
        &std::fs::read(dir.join(name)).unwrap_or_else(|e| panic!("{name}: {e}\n{table}")),
    )
    .unwrap()
}

/// The findings of `mode`'s `--report` with rule `rule`.
fn findings(dir: &Path, table: &str, mode: &str, rule: &str) -> Vec<Value> {
    json(dir, table, &format!("{mode}.report.json"))["findings"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|f| f["rule"] == rule)
        .cloned()
        .collect()
}

/// How often `f` was seen (the report folds repeats into one finding with `seen`).
fn seen(f: &Value) -> u64 {
    f["seen"].as_u64().unwrap_or(1)
}

/// The driver's step `name` of `mode`: [step, HTTP status, curl exit code, line times].
fn step(dir: &Path, table: &str, mode: &str, name: &str) -> Value {
    json(dir, table, &format!("{mode}.json"))["steps"]
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s[0] == name)
        .cloned()
        .unwrap_or_else(|| panic!("{mode}: no step {name}"))
}

/// Every mode run is judged as predicted (its `predict` and the agent's `baseline`, less
/// what the mode keeps from the agent): the legal bends draw nothing above a note but the
/// agent's own baseline, the faults exactly their rules; online (`--report`) equals offline
/// (`verify`) and the stderr lines; the proxy stays up and exits 0 or 1; each client answer
/// is byte for byte the client leg's recorded answer, and each answer the gateway read from
/// the agent the upstream leg's; both legs are in the recording, every exchange of each
/// ended, and the gateway forwarded every client call.
#[test]
fn representative_modes_are_judged_as_predicted() {
    let Some((dir, table)) = run() else { return };
    let pred: Value = serde_json::from_slice(
        &std::fs::read(
            Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/cases/live46-predictions.json"),
        )
        .unwrap(),
    )
    .unwrap();
    let modes = pred["modes"].as_object().unwrap();
    assert!((15..=25).contains(&modes.len()), "{modes:?}");
    let baseline: Vec<Value> = pred["baseline"]["py"].as_array().unwrap().clone();
    for m in MODES {
        let p = &modes[*m];
        let r = json(dir, table, &format!("{m}.json"));
        let not_reached: Vec<Value> = p["baseline_not_reached"]
            .as_array()
            .cloned()
            .unwrap_or_default();
        let mut want: Vec<Value> = p["predict"].as_array().unwrap().clone();
        want.extend(
            baseline
                .iter()
                .filter(|b| !not_reached.contains(b))
                .cloned(),
        );
        want.sort_by(|a, b| a.as_str().cmp(&b.as_str()));
        want.dedup();
        assert_eq!(r["predicted"], Value::Array(want), "{m}");
        assert_eq!(r["online"], r["predicted"], "{m}: {table}");
        assert_eq!(r["offline"], r["online"], "{m}: online vs offline");
        assert_eq!(r["stderr"], r["online"], "{m}: stderr lines vs report");
        assert_eq!(r["proxy_alive"], true, "{m}");
        assert!(matches!(r["proxy_rc"].as_i64(), Some(0 | 1)), "{m}: {r}");
        let steps = r["untouched"].as_array().unwrap();
        assert_eq!(steps.len(), 12, "{m}: {steps:?}");
        for s in steps {
            assert_eq!(s[1], "same", "{m}: {s} bytes differ");
        }
        // what the agent sent the gateway, byte for byte as the upstream leg recorded it
        let up = r["upstream_untouched"].as_array().unwrap();
        assert!(up.len() >= 12, "{m}: {up:?}");
        for u in up {
            assert_eq!(u[1], "same", "{m}: {u} upstream bytes differ");
        }
        let legs = &r["legs"];
        for leg in ["client", "upstream"] {
            assert_eq!(legs[leg]["ended"], legs[leg]["exchanges"], "{m}: {legs}");
        }
        // 12 client calls, each forwarded (cancel-retry's second copy); the proxy's own
        // start-up OPTIONS * the gateway passes on is answered by the upstream listener and
        // not recorded (session 46)
        assert_eq!(legs["client"]["exchanges"], 12, "{m}: {legs}");
        let extra = if *m == "cancel-retry" { 1 } else { 0 };
        assert_eq!(legs["upstream"]["exchanges"], 12 + extra, "{m}: {legs}");
        if p["kind"] == "legal" {
            for f in json(dir, table, &format!("{m}.report.json"))["findings"]
                .as_array()
                .unwrap()
            {
                let agents = f["leg"] == "upstream" && baseline.contains(&f["rule"]);
                assert!(
                    f["severity"] == "note" || agents,
                    "{m}: a legal bend drew {f}"
                );
            }
        }
    }
}

/// REST-001, RFC 3986 §2.2 (`colon-encoded`): the gateway sent every custom-verb route
/// upstream with its `:` as `%3A`. GW-REQ-002 on the gateway for each (1.0 send, stream and
/// cancel, 0.3 send and stream), naming the escaped delimiter; the agent, which decoded the
/// path and served the calls, draws nothing for it. Before: nothing.
#[test]
fn a_custom_verb_colon_the_gateway_percent_encoded_is_a_route_rewrite() {
    let Some((dir, table)) = run() else { return };
    let f = findings(dir, table, "colon-encoded", "GW-REQ-002");
    assert_eq!(f.iter().map(seen).sum::<u64>(), 6, "{f:#?}");
    for f in &f {
        let msg = f["message"].as_str().unwrap();
        assert!(
            msg.contains("%3A") && msg.contains("percent-encoded") && msg.contains("RFC 3986"),
            "{msg}"
        );
        assert!(f.get("leg").is_none_or(Value::is_null), "{f}");
    }
}

/// REST-001, DATA-006, DATA-007 (`query-dropped`): the gateway dropped the query of every
/// GET: the agent, asked for no history limit and no page size, answered with its defaults.
/// GW-REQ-002 names each parameter lost (historyLength=0, pageSize=1, the 0.3
/// historyLength=1); the agent is not charged for the history and page the client did not
/// ask for. Before: DATA-HISTORY-001 and DATA-LIST-003 on the agent, nothing on the gateway.
#[test]
fn a_query_the_gateway_dropped_is_the_gateways_not_the_agents() {
    let Some((dir, table)) = run() else { return };
    let f = findings(dir, table, "query-dropped", "GW-REQ-002");
    let msgs: Vec<&str> = f.iter().map(|f| f["message"].as_str().unwrap()).collect();
    assert_eq!(msgs.len(), 3, "{msgs:#?}");
    for want in [
        "historyLength=0 dropped",
        "pageSize=1 dropped",
        "historyLength=1 dropped",
    ] {
        assert!(msgs.iter().any(|m| m.contains(want)), "{want}: {msgs:#?}");
    }
    for rule in ["DATA-HISTORY-001", "DATA-LIST-003"] {
        assert!(
            findings(dir, table, "query-dropped", rule).is_empty(),
            "{rule}"
        );
    }
}

/// REST-001, RFC 9110 §15.4.4 (`post-to-get`): the client's POST /tasks/{id}:cancel reached
/// the agent as a bodiless GET, which the agent's router answered 404. GW-REQ-002 names the
/// method and body lost, REST-VERB-001 the gateway's GET on the upstream leg; the agent's
/// 404 is not read as TaskNotFoundError for a running task. Before: ID-TASK-001 on the agent.
#[test]
fn a_post_cancel_the_gateway_sent_as_a_get_is_paired_and_told() {
    let Some((dir, table)) = run() else { return };
    let f = findings(dir, table, "post-to-get", "GW-REQ-002");
    assert_eq!(f.len(), 1, "{f:#?}");
    let msg = f[0]["message"].as_str().unwrap();
    assert!(
        msg.contains("CancelTask")
            && msg.contains(
                "with method GET in place of the client's POST and without the client's body"
            ),
        "{msg}"
    );
    let v = findings(dir, table, "post-to-get", "REST-VERB-001");
    assert_eq!(v.len(), 1, "{v:#?}");
    assert_eq!(v[0]["leg"], "upstream", "{v:#?}");
    assert!(findings(dir, table, "post-to-get", "ID-TASK-001").is_empty());
    assert_eq!(
        step(dir, table, "post-to-get", "cancel")[1].as_i64(),
        Some(404)
    );
}

/// ERR-002, ERR-003 (`error-own-json`, `status-500`): the agent answered both unknown-task
/// GETs (1.0 and 0.3) 404 with a google.rpc.Status TASK_NOT_FOUND; the gateway replaced the
/// body with its own JSON, or passed it on under HTTP 500. GW-RESP-002 for both calls each
/// time, naming what the client got; no GW-RESP-001 ("not passed on"). Before: nothing, and
/// GW-RESP-001.
#[test]
fn an_http_json_error_the_gateway_replaced_or_restatused_is_told() {
    let Some((dir, table)) = run() else { return };
    for (mode, words) in [
        (
            "error-own-json",
            "the client got a JSON body of its own (HTTP 404",
        ),
        (
            "status-500",
            "the client got the same error body under HTTP 500",
        ),
    ] {
        let f = findings(dir, table, mode, "GW-RESP-002");
        assert_eq!(f.iter().map(seen).sum::<u64>(), 2, "{mode}: {f:#?}");
        let msg = f[0]["message"].as_str().unwrap();
        assert!(
            msg.contains("TASK_NOT_FOUND") && msg.contains(words),
            "{mode}: {msg}"
        );
        assert!(
            findings(dir, table, mode, "GW-RESP-001").is_empty(),
            "{mode}"
        );
    }
    assert_eq!(
        step(dir, table, "status-500", "get-unknown")[1].as_i64(),
        Some(500)
    );
}

/// REST-002 (`sse-envelope`): the agent streamed bare StreamResponses on the upstream leg
/// (1.0 and 0.3 routes), the gateway wrapped each event in a JSON-RPC envelope. GW-SSE-002 on
/// the gateway for both streams; no STREAM-SHAPE-002 on the agent. Before: STREAM-SHAPE-002.
#[test]
fn rest_stream_events_the_gateway_wrapped_in_envelopes_are_the_gateways() {
    let Some((dir, table)) = run() else { return };
    let f = findings(dir, table, "sse-envelope", "GW-SSE-002");
    assert_eq!(f.iter().map(seen).sum::<u64>(), 2, "{f:#?}");
    assert!(f[0]["message"]
        .as_str()
        .unwrap()
        .contains("wrapped the agent's stream events in a JSON-RPC envelope"));
    assert!(findings(dir, table, "sse-envelope", "STREAM-SHAPE-002").is_empty());
}

/// RFC 9110 §9.2.2, TASK-003 (`cancel-retry`): the gateway sent the client's one cancel
/// upstream twice; the first canceled the task, the agent refused the second with
/// TaskNotCancelableError (right), and the client got that 400. GW-REQ-001 once, citing the
/// client's request and both copies; no GW-RESP-002 for the refusal (the agent's answer to
/// the copy the client got). Before: nothing.
#[test]
fn a_cancel_the_gateway_retried_is_told() {
    let Some((dir, table)) = run() else { return };
    let f = findings(dir, table, "cancel-retry", "GW-REQ-001");
    assert_eq!(f.len(), 1, "{f:#?}");
    assert_eq!(f[0]["evidence"].as_array().unwrap().len(), 3, "{f:#?}");
    assert!(f[0]["message"]
        .as_str()
        .unwrap()
        .contains("sent the client's one CancelTask upstream again"));
    assert!(findings(dir, table, "cancel-retry", "GW-RESP-002").is_empty());
    assert_eq!(
        step(dir, table, "cancel-retry", "cancel")[1].as_i64(),
        Some(400)
    );
}

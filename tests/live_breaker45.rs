//! breaker45, live: a misbehaving GATEWAY between the two legs of one recording
//! (`tests/peers/misgateway45.py`, a small stdlib HTTP/1.1 reverse proxy, one `--mode` each)
//! in front of the real Python SDK agent (and, for one mode, the JS SDK agent):
//!
//! curl -> `a2a-interop proxy` client leg -> misgateway45 -> `--listener upstream@...` -> agent
//!
//! A representative set of `tests/cases/live45-predictions.json`'s modes runs once
//! (`tests/peers/misgateway45_drive.py`, about 80 s; the driver runs all 30 without mode
//! arguments): legal bends (SSE split across 7-byte chunks, gzip, a 0.3 <-> 1.0 translation
//! done right) and faults (a card rewritten to a cluster-internal host, SSE buffered whole or
//! cut after two events, a task state rewritten in JSON answers, a message send retried
//! upstream, an error turned into an HTML 502, JSON-RPC ids not restored). Each test reads
//! that run: the findings are the predicted ones (requirement IDs per mode there), online
//! equal offline and the stderr lines, the proxy stays up, each client answer is byte for
//! byte what the client leg recorded (and each answer the gateway read, what the upstream leg
//! recorded), and the recording holds both legs of every exchange, each ended.
//!
//! Tests fail before this round's fixes: `card-internal-host` (a gateway's rewrite of the
//! card to `*.svc.cluster.local` on a card fetched on loopback drew nothing: GW-RESP-004),
//! `state-rewrite` (a JSON answer whose task state the gateway changed drew nothing:
//! GW-RESP-002), `retry-dup` (the client's request body was recorded after the gateway's
//! two upstream copies of it, so GW-REQ-001 never saw the client's send waiting).

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
    "sse-split",
    "gzip",
    "translate-ok",
    "card-internal-host",
    "sse-buffered",
    "sse-cut",
    "state-rewrite",
    "retry-dup",
    "error-html-502",
    "id-rewrite@js",
];

/// The one run of [`MODES`]: its directory (`target/tmp/live_breaker45`) and the table the
/// driver printed; `None` when the SDK peers are not installed (a loud SKIPPED).
fn run() -> Option<&'static (PathBuf, String)> {
    static RUN: OnceLock<Option<(PathBuf, String)>> = OnceLock::new();
    RUN.get_or_init(|| {
        if !peers_available("live_breaker45", &[Sdk::Python, Sdk::Js]) {
            return None;
        }
        if Command::new("curl").arg("--version").output().is_err() {
            panic!("curl is needed by tests/peers/misgateway45_drive.py");
        }
        // under target/ (about 1 MB), replaced by each run: the tests share it
        let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("live_breaker45");
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let o = Command::new("python3")
            .arg(harness::peers_dir().join("misgateway45_drive.py"))
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

/// The recording of `mode`'s proxy, one JSON value per line.
fn recording(dir: &Path, mode: &str) -> Vec<Value> {
    std::fs::read_to_string(dir.join(format!("{mode}.proxy.jsonl")))
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
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

/// Every mode run is judged as predicted (its `predict` and its agent's `baseline`): the
/// legal bends draw nothing above a note, the faults exactly their rules; online
/// (`--report`) equals offline (`verify`) and the stderr lines; the proxy stays up and exits
/// 0 or 1; each client answer is byte for byte the client leg's recorded answer, and each
/// answer the gateway read from the agent the upstream leg's; both legs are in the
/// recording, every exchange of each ended, and the gateway forwarded every client call.
#[test]
fn representative_modes_are_judged_as_predicted() {
    let Some((dir, table)) = run() else { return };
    let pred: Value = serde_json::from_slice(
        &std::fs::read(
            Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/cases/live45-predictions.json"),
        )
        .unwrap(),
    )
    .unwrap();
    let modes = pred["modes"].as_object().unwrap();
    assert!(modes.len() >= 15, "{modes:?}");
    for m in MODES {
        let p = &modes[*m];
        let r = json(dir, table, &format!("{m}.json"));
        let agent = m.split_once('@').map_or("py", |(_, a)| a);
        let mut want: Vec<Value> = p["predict"].as_array().unwrap().clone();
        want.extend(pred["baseline"][agent].as_array().unwrap().iter().cloned());
        want.sort_by(|a, b| a.as_str().cmp(&b.as_str()));
        want.dedup();
        assert_eq!(r["predicted"], Value::Array(want), "{m}");
        assert_eq!(r["online"], r["predicted"], "{m}: {table}");
        assert_eq!(r["offline"], r["online"], "{m}: online vs offline");
        assert_eq!(r["stderr"], r["online"], "{m}: stderr lines vs report");
        assert_eq!(r["proxy_alive"], true, "{m}");
        assert!(matches!(r["proxy_rc"].as_i64(), Some(0 | 1)), "{m}: {r}");
        let steps = r["untouched"].as_array().unwrap();
        assert_eq!(steps.len(), 10, "{m}: {steps:?}");
        for s in steps {
            assert_eq!(s[1], "same", "{m}: {s} bytes differ");
        }
        // what the agent sent the gateway, byte for byte as the upstream leg recorded it
        // (the gateway's own log; `sse-cut` stopped reading: its copy is a prefix)
        let up = r["upstream_untouched"].as_array().unwrap();
        assert!(up.len() >= 10, "{m}: {up:?}");
        for u in up {
            let ok = u[1] == "same" || (*m == "sse-cut" && u[1] == "prefix");
            assert!(ok, "{m}: {u} upstream bytes differ");
        }
        let legs = &r["legs"];
        for leg in ["client", "upstream"] {
            assert_eq!(legs[leg]["ended"], legs[leg]["exchanges"], "{m}: {legs}");
        }
        // 10 client calls, each forwarded; the proxy's own start-up OPTIONS * the gateway
        // passes on is answered 501 by the upstream listener and not recorded (session 46)
        assert_eq!(legs["client"]["exchanges"], 10, "{m}: {legs}");
        let extra = if *m == "retry-dup" { 3 } else { 0 };
        assert_eq!(legs["upstream"]["exchanges"], 10 + extra, "{m}: {legs}");
        if p["kind"] == "legal" {
            for f in json(dir, table, &format!("{m}.report.json"))["findings"]
                .as_array()
                .unwrap()
            {
                assert_eq!(f["severity"], "note", "{m}: a legal bend drew {f}");
            }
        }
    }
}

/// CARD-005 / CARD-006 (`card-internal-host`): the gateway rewrote the agent's card url (the
/// upstream leg's `http://127.0.0.1:P2/`) to the cluster-internal service name on a card its
/// client fetched on loopback; the client cannot resolve that name. GW-RESP-004 names both
/// urls, on the gateway (no leg), citing both cards. Before: nothing (a card fetched from a
/// loopback host was taken for a client inside the agent's network).
#[test]
fn a_card_rewritten_to_an_internal_host_is_the_gateways_fault() {
    let Some((dir, table)) = run() else { return };
    let f = findings(dir, table, "card-internal-host", "GW-RESP-004");
    // the four interfaces (JSON-RPC and HTTP+JSON, 1.0 and 0.3) at two distinct urls
    assert_eq!(f.len(), 2, "{f:#?}");
    for f in &f {
        let msg = f["message"].as_str().unwrap();
        assert!(
            msg.contains("to http://a2a-agent.agents.svc.cluster.local:8080/")
                && msg.contains("a cluster-internal host name")
                && msg.contains("although the client fetched the card from 127.0.0.1"),
            "{msg}"
        );
        assert!(f.get("leg").is_none_or(Value::is_null), "{f}");
        assert_eq!(f["evidence"].as_array().unwrap().len(), 2, "{f}");
    }
}

/// RPC-002 (`state-rewrite`): the gateway changed TASK_STATE_COMPLETED to TASK_STATE_FAILED
/// in the JSON answers of SendMessage and GetTask; the agent's answers on the upstream leg
/// say COMPLETED. GW-RESP-002 for each, saying both states; the 0.3 answers (lowercase
/// states, untouched) and the stream draw nothing. Before: nothing at all.
#[test]
fn a_task_state_the_gateway_rewrote_in_a_json_answer_is_told() {
    let Some((dir, table)) = run() else { return };
    let f = findings(dir, table, "state-rewrite", "GW-RESP-002");
    assert_eq!(f.len(), 2, "{f:#?}");
    let mut names: Vec<&str> = Vec::new();
    for f in &f {
        let msg = f["message"].as_str().unwrap();
        assert!(
            msg.contains(
                "the agent answered task state TASK_STATE_COMPLETED, the client got TASK_STATE_FAILED"
            ),
            "{msg}"
        );
        names.push(if msg.contains("SendMessage") {
            "SendMessage"
        } else {
            "GetTask"
        });
    }
    names.sort();
    assert_eq!(names, ["GetTask", "SendMessage"]);
}

/// RFC 9110 §9.2.2, ID-007 (`retry-dup`): the gateway sent each client message send upstream
/// twice. The client's request body is recorded before the gateway's first copy (it was
/// held by the recorder's redaction until the client leg's response head, so it came after
/// both copies), and GW-REQ-001 is told for each send: SendMessage twice (a task and a long
/// task) and the 0.3 message/send, one finding seen three times.
#[test]
fn a_send_the_gateway_retried_is_told_with_the_clients_request_first() {
    let Some((dir, table)) = run() else { return };
    let rec = recording(dir, "retry-dup");
    let seq_of = |pred: &dyn Fn(&Value) -> bool| -> u64 {
        rec.iter().find(|e| pred(e)).unwrap()["seq"]
            .as_u64()
            .unwrap()
    };
    let client_body = seq_of(&|e| {
        e["type"] == "request_body"
            && e.get("leg").is_none()
            && e["body"]
                .as_str()
                .is_some_and(|b| b.contains("SendMessage"))
    });
    let first_copy = seq_of(&|e| {
        e["type"] == "request_body"
            && e["leg"] == "upstream"
            && e["body"]
                .as_str()
                .is_some_and(|b| b.contains("SendMessage"))
    });
    assert!(client_body < first_copy, "{client_body} {first_copy}");
    // one finding seen three times since newcomer47 (the reports fold messages that differ
    // only by a UUID, here each send's messageId): each send's three exchanges (the
    // client's request, the two upstream copies) in its evidence
    let f = findings(dir, table, "retry-dup", "GW-REQ-001");
    assert_eq!(f.len(), 1, "{f:#?}");
    assert_eq!(f[0]["seen"], 3, "{:#}", f[0]);
    assert_eq!(f[0]["evidence"].as_array().unwrap().len(), 9, "{:#}", f[0]);
}

/// STREAM-005 (`sse-buffered`, `sse-cut`): the agent's stream events reach the upstream leg
/// about 250 ms apart; with the buffering gateway the client gets every line of the stream
/// within one read (GW-SSE-001), and with the cutting one it gets two events and a clean end
/// (GW-SSE-002), while the agent is not blamed for a stream without its terminal state.
#[test]
fn a_buffered_or_cut_stream_is_the_gateways() {
    let Some((dir, table)) = run() else { return };
    let s = step(dir, table, "sse-buffered", "stream");
    let times: Vec<f64> = s[3]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t.as_f64().unwrap())
        .collect();
    assert!(times.len() >= 4, "{s}");
    assert!(times[times.len() - 1] - times[0] < 0.1, "{s}");
    let up: Vec<f64> = recording(dir, "sse-buffered")
        .iter()
        .filter(|e| {
            e["type"] == "response_chunk"
                && e["leg"] == "upstream"
                && e["body"]
                    .as_str()
                    .is_some_and(|b| b.contains("artifactUpdate"))
        })
        .map(|e| e["t_us"].as_f64().unwrap() / 1e6)
        .collect();
    assert!(up.len() >= 4 && up[up.len() - 1] - up[0] > 0.5, "{up:?}");
    let cut = findings(dir, table, "sse-cut", "GW-SSE-002");
    assert_eq!(cut.len(), 2, "{cut:#?}");
    let s = step(dir, table, "sse-cut", "stream");
    assert_eq!((s[1].as_i64(), s[2].as_i64()), (Some(200), Some(0)), "{s}");
}

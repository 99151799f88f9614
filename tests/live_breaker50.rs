//! breaker50, live: a misbehaving ORCHESTRATOR, itself a real A2A agent on the Python SDK
//! (`tests/peers/misorch50.py`: a2a-sdk 1.3.0's DefaultRequestHandler with an executor of its
//! own, one `--mode` each) that delegates every request to the reference Python SDK agent as
//! an A2A client (the SDK client, JSON-RPC 1.0, streaming), both hops through one recording:
//!
//! curl -> `a2a-interop proxy` client leg -> misorch50 -> `--listener delegate@P2` -> agent
//!
//! The driver (`tests/peers/misorch50_drive.py`) is a JSON-RPC 1.0 client with a bearer token:
//! card, send + get, stream + get, a long job canceled, an input-required task and its
//! follow-up, a failing task, a 0.3 send. A representative set of
//! `tests/cases/live50-predictions.json`'s modes runs once (about 45 s with one mode run
//! again on a hop named `upstream`; the driver runs all 13 without mode arguments): the
//! legal delegation, the cancel not propagated (legal: agents are
//! opaque), and the faults real orchestrators make (the delegate's task handed on as the own
//! answer, the caller's task id sent to the delegate, the client's token forwarded, the
//! own task completed with the delegate's progress note while it still works, the
//! delegate's failure relayed as completed). Each test reads that run: the findings are the
//! predicted ones, each on the hop the predictions name, online equal offline and the stderr
//! lines, the proxy stays up, each client answer is byte for byte what the client leg
//! recorded and each answer the orchestrator read what the delegate leg recorded, and both
//! legs hold every exchange, ended.
//!
//! Tests fail before this round's fixes: `caller-ids` (no ID-TASK-006: it read the client
//! leg only, and only ids handed out before the call) and `auth-forward` (no rule told the
//! client's credential sent on to the delegate: AUTH-FWD-001 is new).

use crate::harness;

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;

use harness::{peers_available, Sdk};
use serde_json::Value;

const BIN: &str = env!("CARGO_BIN_EXE_a2a-interop");

/// The modes this test runs (the driver runs them in this order).
const MODES: &[&str] = &[
    "legal",
    "cancel-kept",
    "relay-task",
    "caller-ids",
    "auth-forward",
    "early-complete",
    "swallow-fail",
];

/// Modes run again with the delegate hop named `upstream` (`MODE@upstream`: the same
/// orchestrator recorded as a gateway's would be; depth51), after [`MODES`].
/// `auth-forward@upstream` and `caller-ids@upstream` (left52): AUTH-FWD-001 and ID-TASK-006
/// skipped every call on a hop named `upstream` as a gateway's copy; main's binary drew
/// neither (MISS), now each is held until the pair proves the front's own call.
const UPSTREAM_MODES: &[&str] = &[
    "stream-after-final@upstream",
    "auth-forward@upstream",
    "caller-ids@upstream",
];

/// The client's steps: the card and ten calls.
const STEPS: usize = 11;

/// The one run of [`MODES`]: its directory (`target/tmp/live_breaker50`) and the table the
/// driver printed; `None` when the SDK peers are not installed (a loud SKIPPED).
fn run() -> Option<&'static (PathBuf, String)> {
    static RUN: OnceLock<Option<(PathBuf, String)>> = OnceLock::new();
    RUN.get_or_init(|| {
        if !peers_available("live_breaker50", &[Sdk::Python]) {
            return None;
        }
        if Command::new("curl").arg("--version").output().is_err() {
            panic!("curl is needed by tests/peers/misorch50_drive.py");
        }
        // under target/ (a few MB), replaced by each run: the tests share it
        let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("live_breaker50");
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let o = Command::new("python3")
            .arg(harness::peers_dir().join("misorch50_drive.py"))
            .arg(BIN)
            .arg(&dir)
            .args(MODES)
            .args(UPSTREAM_MODES)
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
fn json_file(dir: &Path, table: &str, name: &str) -> Value {
    serde_json::from_slice(
        &std::fs::read(dir.join(name)).unwrap_or_else(|e| panic!("{name}: {e}\n{table}")),
    )
    .unwrap()
}

/// The predictions file.
fn predictions() -> Value {
    serde_json::from_slice(
        &std::fs::read(
            Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/cases/live50-predictions.json"),
        )
        .unwrap(),
    )
    .unwrap()
}

/// The findings of `mode`'s `--report` with rule `rule`.
fn findings(dir: &Path, table: &str, mode: &str, rule: &str) -> Vec<Value> {
    json_file(dir, table, &format!("{mode}.report.json"))["findings"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|f| f["rule"] == rule)
        .cloned()
        .collect()
}

/// Every mode run is judged as predicted (its `predict` and the agents' `baseline` less what
/// it does not reach): the legal delegations draw only the SDK agents' own baseline, the
/// faults exactly their rules; online (`--report`) equals offline (`verify`) and the stderr
/// lines; the proxy stays up and exits 0 or 1; each client answer is byte for byte the
/// client leg's recorded answer, and each answer the orchestrator read from the delegate the
/// delegate leg's (or its start, for a stream the orchestrator left); both legs hold every
/// exchange, each ended, the client leg the 11 steps.
#[test]
fn representative_modes_are_judged_as_predicted() {
    let Some((dir, table)) = run() else { return };
    let pred = predictions();
    let modes = pred["modes"].as_object().unwrap();
    assert!((10..=14).contains(&modes.len()), "{modes:?}");
    let baseline: Vec<Value> = pred["baseline"].as_array().unwrap().clone();
    for m in MODES {
        let p = &modes[*m];
        let r = json_file(dir, table, &format!("{m}.json"));
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
        // the driver's waits saw their events (not a timeout): the long job's delegate call
        // had its first answer before the cancel, every exchange ended and every delegate
        // answer logged before the proxy was stopped
        assert_eq!(r["delegated"], true, "{m}: {table}");
        assert_eq!(r["settled"], true, "{m}: {table}");
        let client_steps = r["untouched"].as_array().unwrap();
        assert_eq!(client_steps.len(), STEPS, "{m}: {client_steps:?}");
        for s in client_steps {
            assert_eq!(s[1], "same", "{m}: {s} bytes differ");
        }
        let legs = &r["legs"];
        assert_eq!(legs["client"]["exchanges"], STEPS, "{m}: {legs}");
        let del = legs["delegate"]["exchanges"].as_u64().unwrap();
        // the delegate's card, then one call per own task (the follow-up too when it
        // reaches the delegate) and the cancel when it is propagated
        assert!((7..=9).contains(&del), "{m}: {legs}");
        for leg in ["client", "delegate"] {
            assert_eq!(legs[leg]["ended"], legs[leg]["exchanges"], "{m}: {legs}");
        }
        let up = r["delegate_untouched"].as_array().unwrap();
        assert_eq!(up.len() as u64, del, "{m}: {up:?}");
        for u in up {
            assert!(u[1] == "same" || u[1] == "prefix", "{m}: {u}");
        }
        if p["kind"] == "legal" {
            for f in r["findings"].as_array().unwrap() {
                assert!(baseline.contains(&f["rule"]), "{m}: a legal mode drew {f}");
            }
        }
    }
}

/// Each finding names the hop the predictions give it (`hops`: `client`, the orchestrator's
/// answers and the curl client's calls, a finding without leg; `delegate`, the
/// orchestrator's calls to the delegate); the baseline's STREAM-FIRST-001 is the delegate's
/// follow-up stream, on the delegate hop.
#[test]
fn each_finding_names_its_hop() {
    let Some((dir, table)) = run() else { return };
    let pred = predictions();
    for m in MODES {
        let hops = pred["modes"][*m]["hops"].as_object().unwrap().clone();
        let mut hops: Vec<(String, Value)> = hops.into_iter().collect();
        hops.push(("STREAM-FIRST-001".into(), Value::from("delegate")));
        for (rule, hop) in hops {
            let want = if hop == "client" {
                Value::Null
            } else {
                Value::from("delegate")
            };
            for f in findings(dir, table, m, &rule) {
                assert_eq!(f["leg"], want, "{m}: {rule} on the wrong hop: {f}");
            }
        }
    }
}

/// ID-001, TASK-009 (`caller-ids`): the orchestrator sends its delegate a message naming the
/// task its own client's call created, and the delegate rightly answers TaskNotFoundError:
/// ID-TASK-006 on the delegate hop, naming the delegate as the agent called and the
/// orchestrator as the one that handed the id out, for each of the six delegate calls
/// (the blocking sends' ids handed out only after the delegate's answer, held to the end).
/// Before: silent.
#[test]
fn the_callers_task_id_sent_to_the_delegate_is_told_on_the_delegate_hop() {
    let Some((dir, table)) = run() else { return };
    let r = json_file(dir, table, "caller-ids.json");
    let (orch, del) = (
        r["orchestrator"].as_str().unwrap(),
        r["delegate"].as_str().unwrap(),
    );
    let f = findings(dir, table, "caller-ids", "ID-TASK-006");
    let seen: u64 = f.iter().map(|f| f["seen"].as_u64().unwrap_or(1)).sum();
    assert_eq!(seen, 6, "{f:#?}");
    for f in &f {
        let msg = f["message"].as_str().unwrap();
        assert!(
            msg.contains(&format!("to the agent at http://{del}"))
                && msg.contains(&format!("by another agent, at http://{orch}")),
            "{msg}"
        );
        assert_eq!(f["leg"], "delegate", "{f}");
    }
    assert!(f.iter().any(|f| f["message"]
        .as_str()
        .unwrap()
        .contains("in its answer to a call that was open while this one was asked")));
}

/// AUTH-001, AUTH-002 (`auth-forward`): the client's bearer token sent on to the delegate is
/// AUTH-FWD-001 on the delegate hop, naming the delegate and the orchestrator, once per
/// delegate call made while its client's call was open; the legal orchestrator, which sends
/// the delegate no credential, draws none. Before: no rule.
#[test]
fn the_clients_token_forwarded_to_the_delegate_is_told() {
    let Some((dir, table)) = run() else { return };
    let r = json_file(dir, table, "auth-forward.json");
    let (orch, del) = (
        r["orchestrator"].as_str().unwrap(),
        r["delegate"].as_str().unwrap(),
    );
    let f = findings(dir, table, "auth-forward", "AUTH-FWD-001");
    let seen: u64 = f.iter().map(|f| f["seen"].as_u64().unwrap_or(1)).sum();
    // every delegate call but the long job's (made after its returnImmediately answer)
    // and the card fetch
    assert!((6..=8).contains(&seen), "{f:#?}");
    for f in &f {
        let msg = f["message"].as_str().unwrap();
        assert!(
            msg.contains(&format!("to the agent at http://{del}"))
                && msg.contains(&format!("sent to the agent at http://{orch}"))
                && msg.contains("authorization header"),
            "{msg}"
        );
        assert_eq!(f["leg"], "delegate", "{f}");
    }
    for m in ["legal", "cancel-kept"] {
        assert!(findings(dir, table, m, "AUTH-FWD-001").is_empty(), "{m}");
    }
}

/// TASK-008 (`swallow-fail`, `relay-task`, `early-complete`): the delegate's failure
/// relayed as the own task completed is TASK-STATE-014 on the orchestrator, naming the
/// delegate's task, and so is the own task completed with the delegate's progress note
/// "working..." (10 characters, the reference agent's) while the delegate still works
/// (depth51: unseen under the 12-character floor of failures and questions); the
/// delegate's task handed on as the own answer is ID-TASK-001 on the orchestrator (the id it
/// answered with, then did not know), not ID-TASK-006 on the client that used it.
#[test]
fn relayed_outcomes_and_ids_blame_the_orchestrator() {
    let Some((dir, table)) = run() else { return };
    let f = findings(dir, table, "swallow-fail", "TASK-STATE-014");
    assert_eq!(f.len(), 1, "{f:#?}");
    assert!(
        f[0]["message"]
            .as_str()
            .unwrap()
            .contains("\"simulated failure\""),
        "{f:#?}"
    );
    let f = findings(dir, table, "early-complete", "TASK-STATE-014");
    assert!(!f.is_empty(), "{table}");
    for f in &f {
        let m = f["message"].as_str().unwrap();
        assert!(m.contains("\"working...\"") && m.contains("still"), "{f}");
        assert!(f["leg"].is_null(), "{f}");
    }
    assert!(findings(dir, table, "relay-task", "ID-TASK-006").is_empty());
    let f = findings(dir, table, "relay-task", "ID-TASK-001");
    assert!(!f.is_empty());
    for f in &f {
        assert!(f["leg"].is_null(), "{f}");
    }
}

/// depth51: the orchestrator recorded with its delegate hop named `upstream` (as a gateway's
/// hop is) pairs its calls with its client's as a gateway's copies (its client's words sent
/// verbatim under its own messageId); its answers name its own task, none of the delegate's
/// ids, so the pairs are its own calls and no gateway rule (GW-*) speaks: the mode is
/// judged as on the `delegate` hop, its stream faults (STREAM-END-001, TASK-STATE-001) on
/// the client hop. Main's binary told GW-RESP-002 ("the gateway answered the client's
/// SendStreamingMessage itself": the orchestrator opens its task before it calls its
/// delegate), judged the stream as no agent's and so lost both stream faults (so in 10 of
/// the 13 modes run this way: a GW-RESP-002 each).
#[test]
fn an_orchestrator_on_a_hop_named_upstream_draws_no_gateway_rule() {
    let Some((dir, table)) = run() else { return };
    for m in UPSTREAM_MODES {
        let r = json_file(dir, table, &format!("{m}.json"));
        assert_eq!(r["online"], r["predicted"], "{m}: {table}");
        assert_eq!(r["offline"], r["online"], "{m}: online vs offline");
        assert_eq!(r["stderr"], r["online"], "{m}: stderr lines vs report");
        assert_eq!(r["delegated"], true, "{m}: {table}");
        assert_eq!(r["settled"], true, "{m}: {table}");
        for f in r["findings"].as_array().unwrap() {
            let rule = f["rule"].as_str().unwrap();
            assert!(!rule.starts_with("GW-"), "{m}: {f}");
        }
        let legs = &r["legs"];
        assert_eq!(legs["client"]["exchanges"], STEPS, "{m}: {legs}");
        assert_eq!(
            legs["upstream"]["ended"], legs["upstream"]["exchanges"],
            "{m}: {legs}"
        );
    }
}

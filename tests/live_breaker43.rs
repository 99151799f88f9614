//! breaker43, live: agents the verifier had not met (`tests/peers/misbehave43.py`, raw
//! asyncio sockets, one wire fault or legal bend per `--mode`: the 1.0 HTTP+JSON binding and
//! its error forms, SSE byte order marks, `data:` without its space, mixed line ends, events
//! cut inside a UTF-8 character, media type parameters, a missing Content-Type, interim 100
//! Continue answers, ids past 2^53, task states across streams) through the real
//! `a2a-interop proxy` and `a2a-interop probe`, over loopback. Each test fails on the
//! behaviour before its fix:
//! - `rest-no-errorinfo`: four 1.0 HTTP+JSON A2A errors as google.rpc.Status without
//!   ErrorInfo drew one REST-ERROR-001 (the 404 only); the three FAILED_PRECONDITION
//!   answers (cancel, follow-up and subscribe on a completed task) now each draw one;
//! - `v10-snapshot-after-terminal`: `probe` failed `streaming.nothing-after-terminal` on the
//!   1.0 §11.7 repeated final task snapshot that `verify` of the same recording keeps legal;
//! - `rest-problem-json`: `probe` failed `card.interface-url` on a 404 RFC 9457 problem
//!   details TaskNotFound (1.0 §6.4's error form) that the verifier reads as an A2A error;
//! - every mode through `tests/peers/misbehave43_drive.py` (curl as the client): the
//!   findings are `tests/cases/live43-predictions.json`'s, online (the proxy's `--report`)
//!   equal offline (`verify` of the recording), the proxy stays up and the client gets the
//!   bytes the agent sent.

use crate::misbehaving_peer;

use std::collections::BTreeSet;
use std::path::Path;
use std::process::Command;

use misbehaving_peer::{peers, probe_and_verify, probe_result as result, rules};

const BIN: &str = env!("CARGO_BIN_EXE_a2a-interop");

/// `misbehave43_drive.py` over `modes` into `dir`: the table it printed; panics when it
/// failed.
fn drive(dir: &Path, modes: &[&str]) -> String {
    if Command::new("curl").arg("--version").output().is_err() {
        panic!("curl is needed by tests/peers/misbehave43_drive.py");
    }
    let o = Command::new("python3")
        .arg(peers().join("misbehave43_drive.py"))
        .arg(BIN)
        .arg(dir)
        .args(modes)
        .output()
        .unwrap();
    let table = String::from_utf8_lossy(&o.stdout).to_string();
    assert!(
        o.status.success(),
        "{table}\n{}",
        String::from_utf8_lossy(&o.stderr)
    );
    table
}

/// Every mode of `live43-predictions.json` is judged as predicted (after the corrections
/// the file keeps with their reasons): the legal bends draw no error or warning, the faults
/// exactly their rules; online equals offline, the proxy stays up and exits 0, and each
/// answer reaches the client byte for byte as the agent sent it (the byte order mark, the
/// bare CRs, the 100 Continue, the UTF-8 character cut across writes).
#[test]
fn every_mode_is_judged_as_predicted() {
    let pred: serde_json::Value = serde_json::from_slice(
        &std::fs::read(
            Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/cases/live43-predictions.json"),
        )
        .unwrap(),
    )
    .unwrap();
    let modes: Vec<&str> = pred["modes"]
        .as_object()
        .unwrap()
        .keys()
        .map(String::as_str)
        .collect();
    assert!(modes.len() >= 15, "{modes:?}");
    let dir = tempfile::tempdir().unwrap();
    let table = drive(dir.path(), &modes);
    for m in &modes {
        let r: serde_json::Value = serde_json::from_slice(
            &std::fs::read(dir.path().join(format!("{m}.json")))
                .unwrap_or_else(|e| panic!("{m}: {e}\n{table}")),
        )
        .unwrap();
        assert_eq!(r["online"], r["predicted"], "{m}: {table}");
        assert_eq!(r["offline"], r["online"], "{m}: online vs offline");
        assert_eq!(r["stderr"], r["online"], "{m}: stderr lines vs report");
        assert_eq!(r["proxy_alive"], true, "{m}");
        assert!(matches!(r["proxy_rc"].as_i64(), Some(0 | 1)), "{m}: {r}");
        let steps = r["untouched"].as_array().unwrap();
        assert!(steps.len() >= 9, "{m}: {steps:?}");
        for step in steps {
            assert_eq!(step[1], "same", "{m}: {step} bytes differ");
        }
        if pred["modes"][m]["kind"] == "legal" {
            let rep: serde_json::Value = serde_json::from_slice(
                &std::fs::read(dir.path().join(format!("{m}.report.json"))).unwrap(),
            )
            .unwrap();
            for f in rep["findings"].as_array().unwrap() {
                assert_eq!(f["severity"], "note", "{m}: a legal bend drew {f}");
            }
        }
    }
}

/// REST-ERROR-001 (ERR-003): each of the four bare google.rpc.Status errors of the
/// `rest-no-errorinfo` agent is told once, on its own exchange: the 404 of GetTask and the
/// 400 FAILED_PRECONDITION answers to CancelTask, SendMessage and SubscribeToTask on the
/// completed task (before: the 404 only). The `rest-control` agent's same answers, with
/// their ErrorInfo, draw nothing.
#[test]
fn every_bare_a2a_error_on_http_json_is_told() {
    let dir = tempfile::tempdir().unwrap();
    drive(dir.path(), &["rest-no-errorinfo", "rest-control"]);
    let rep: serde_json::Value = serde_json::from_slice(
        &std::fs::read(dir.path().join("rest-no-errorinfo.report.json")).unwrap(),
    )
    .unwrap();
    let told: Vec<&str> = rep["findings"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|f| f["rule"] == "REST-ERROR-001")
        .filter_map(|f| f["message"].as_str())
        .collect();
    assert_eq!(told.len(), 4, "{told:#?}");
    for (op, why) in [
        ("GetTask", "TaskNotFoundError has no google.rpc.ErrorInfo"),
        (
            "CancelTask",
            "status FAILED_PRECONDITION is one of A2A's own errors",
        ),
        (
            "SendMessage",
            "status FAILED_PRECONDITION is one of A2A's own errors",
        ),
        (
            "SubscribeToTask",
            "status FAILED_PRECONDITION is one of A2A's own errors",
        ),
    ] {
        assert!(
            told.iter().any(|m| m.contains(op) && m.contains(why)),
            "{op}: {told:#?}"
        );
    }
    let control: serde_json::Value = serde_json::from_slice(
        &std::fs::read(dir.path().join("rest-control.report.json")).unwrap(),
    )
    .unwrap();
    // The driver's one deliberate message to a completed task is the client's note
    // TASK-STATE-017 (session 45); nothing is told of the agent.
    assert_eq!(
        rules(&control),
        BTreeSet::from(["TASK-STATE-017".to_string()])
    );
}

/// Active = passive on a 1.0 stream that repeats the completed task as its final snapshot
/// (1.0 §11.7 MAY): `probe` passes `streaming.nothing-after-terminal` (it failed with "1
/// events after the completed event"), and neither the probe's report nor `verify` of its
/// recording has STREAM-END-001; the `v10-artifact-after-terminal` agent's artifact after
/// the terminal event still fails it, with STREAM-END-001 from both.
#[test]
fn the_probe_keeps_a_repeated_final_task_snapshot_legal_as_the_verifier_does() {
    let dir = tempfile::tempdir().unwrap();
    let (report, verified) =
        probe_and_verify(dir.path(), "misbehave43.py", "v10-snapshot-after-terminal");
    let (status, msg) = result(&report, "streaming.nothing-after-terminal");
    assert_eq!(status, "pass", "{msg}");
    assert!(msg.contains("repeated task snapshot"), "{msg}");
    assert!(!rules(&report).contains("STREAM-END-001"));
    assert_eq!(verified, rules(&report));
    let dir = tempfile::tempdir().unwrap();
    let (report, verified) =
        probe_and_verify(dir.path(), "misbehave43.py", "v10-artifact-after-terminal");
    let (status, msg) = result(&report, "streaming.nothing-after-terminal");
    assert_eq!(status, "fail", "{msg}");
    assert!(rules(&report).contains("STREAM-END-001"));
    assert_eq!(verified, rules(&report));
}

/// Active = passive on RFC 9457 problem details errors (1.0 §6.4's form, DIGEST trap 10):
/// the probe reads the 404 problem+json `.../task-not-found` as TaskNotFoundError, so
/// `card.interface-url` and `errors.unknown-task` pass (the first failed: "HTTP 404
/// application/problem+json without an A2A body"), and the report, like `verify` of the
/// recording, carries REST-ERROR-002 (the note naming the 1.0.1 form) and no CARD-URL-002.
#[test]
fn the_probe_reads_problem_details_errors_as_the_verifier_does() {
    let dir = tempfile::tempdir().unwrap();
    let (report, verified) = probe_and_verify(dir.path(), "misbehave43.py", "rest-problem-json");
    for test in [
        "card.interface-url",
        "errors.unknown-task",
        "errors.cancel-completed",
    ] {
        let (status, msg) = result(&report, test);
        assert_eq!(status, "pass", "{test}: {msg}");
    }
    let found = rules(&report);
    assert!(found.contains("REST-ERROR-002"), "{found:?}");
    assert!(!found.contains("CARD-URL-002"), "{found:?}");
    assert_eq!(verified, found);
}

/// A 0.3 stream that ends with a JSON-RPC error response (`sse-event-error`: task,
/// working, then `event: error` with -32603): each event is a JSON-RPC response with the
/// request id (RPC-005; 0.3 §7.2 admits an error response), so `streaming.envelope` passes
/// (it failed: "events [2] are not JSON-RPC responses with the request id and a result"),
/// as `verify` of the recording finds no envelope fault (STREAM-SHAPE-002); the stream
/// never reached a terminal state, and `streaming.terminal` says it ended with that error.
/// Since session 44 the stream's end is the verifier's to judge (STREAM-END-005 blames a
/// plain -32603 error event on a 1.0 stream only: 0.3 §7.2 admits the error response), so
/// the check passes naming the error, as `verify` of the recording finds nothing
/// (tests/probe_agree44.rs).
#[test]
fn the_probe_takes_a_0_3_stream_error_event_as_a_json_rpc_response() {
    let dir = tempfile::tempdir().unwrap();
    let (report, verified) = probe_and_verify(dir.path(), "misbehave43.py", "sse-event-error");
    let (status, msg) = result(&report, "streaming.envelope");
    assert_eq!(status, "pass", "{msg}");
    let (status, msg) = result(&report, "streaming.terminal");
    assert_eq!(status, "pass", "{msg}");
    assert!(
        msg.contains("ended with error -32603 the model backend went away at event 2"),
        "{msg}"
    );
    assert!(!rules(&report).contains("STREAM-END-005"));
    assert!(!rules(&report).contains("STREAM-SHAPE-002"));
    assert_eq!(verified, rules(&report));
}

/// TASK-004 on the 1.0 HTTP+JSON binding: `probe` subscribes to its completed task there
/// too (POST `/tasks/{id}:subscribe`, GET where POST has no route; trap 1), where it
/// skipped `errors.subscribe-terminal` as "verb disputed": the `rest-subscribe-terminal-ok`
/// agent's stream on the completed task fails it with TASK-STATE-006, the finding `verify`
/// of its recording gives and the proxy gave before (live43-predictions.json); the
/// `rest-control` agent's 400 UNSUPPORTED_OPERATION passes it.
#[test]
fn the_probe_subscribes_to_a_terminal_task_on_http_json() {
    let dir = tempfile::tempdir().unwrap();
    let (report, verified) =
        probe_and_verify(dir.path(), "misbehave43.py", "rest-subscribe-terminal-ok");
    let (status, msg) = result(&report, "errors.subscribe-terminal");
    assert_eq!(status, "fail", "{msg}");
    assert!(msg.contains("TASK-STATE-006"), "{msg}");
    assert!(rules(&report).contains("TASK-STATE-006"));
    assert_eq!(verified, rules(&report));
    let dir = tempfile::tempdir().unwrap();
    let (report, verified) = probe_and_verify(dir.path(), "misbehave43.py", "rest-control");
    let (status, msg) = result(&report, "errors.subscribe-terminal");
    assert_eq!(status, "pass", "{msg}");
    assert!(msg.contains("answered error -32004"), "{msg}");
    assert!(!rules(&report).contains("TASK-STATE-006"));
    assert_eq!(verified, rules(&report));
}

/// REST-ERROR-001 once per answer: the `rest-status-mismatch` agent answers GetTask of an
/// unknown task with HTTP 500 under a consistent 404 NOT_FOUND / TASK_NOT_FOUND body whose
/// message says the task was not found. The status is the one wrong part, told once with
/// the agent's own words; before, "error.code 404 differs from the HTTP status 500" came
/// beside it on the same exchange.
#[test]
fn a_wrong_status_under_a_consistent_error_body_is_one_finding() {
    let dir = tempfile::tempdir().unwrap();
    drive(dir.path(), &["rest-status-mismatch"]);
    let rep: serde_json::Value = serde_json::from_slice(
        &std::fs::read(dir.path().join("rest-status-mismatch.report.json")).unwrap(),
    )
    .unwrap();
    // Beside it only the client's note on the driver's deliberate message to a completed
    // task (TASK-STATE-017, session 45), which is not the agent's.
    let all = rep["findings"].as_array().unwrap();
    assert!(
        all.iter().any(|f| f["rule"] == "TASK-STATE-017"),
        "{all:#?}"
    );
    let f: Vec<_> = all
        .iter()
        .filter(|f| f["rule"] != "TASK-STATE-017")
        .collect();
    assert_eq!(f.len(), 1, "{f:#?}");
    assert_eq!(f[0]["rule"], "REST-ERROR-001");
    let msg = f[0]["message"].as_str().unwrap();
    assert!(
        msg.contains("was not found") && msg.contains("HTTP 500 instead of HTTP 404"),
        "{msg}"
    );
}

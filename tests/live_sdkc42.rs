//! sdkc42, live, from the client side, in front of the real SDK agents: breaker42's
//! misbehaving client (`tests/peers/misclient.py`) through the real `a2a-interop proxy` in
//! front of the Python SDK agent (`tests/peers/python/agent.py`, a2a-sdk 1.3.0 on uvicorn)
//! and the JS SDK agent (`tests/peers/js/agent.mjs`, @a2a-js/sdk 1.3.0 on express), driven
//! by `tests/peers/misclient_drive.py` (`MODE@py`, `MODE@js`); the predictions are
//! `tests/cases/live42-predictions.json`'s. A missing peer prints `SKIPPED`, or fails under
//! `A2A_INTEROP_REQUIRE_PEERS=1` (`tests/peers/harness.rs`).
//! - `wrong-content-type@js`: the JS SDK refuses a text/plain body before parsing it
//!   (-32005, id null, HTTP 200); the verifier told RPC-ID-001 on that id null, though the
//!   agent had read no id (RPC-002), and HTTP-MEDIA-003 said the agent processed the call.
//!   Fails on the behaviour before the fix;
//! - `batch@js`, `batch-dup-id@js`: the JS SDK refuses a JSON-RPC batch as a whole with
//!   -32602 InvalidParams (ERR-001: -32600); the verifier took any single error object as a
//!   fair refusal. Fails on the behaviour before the fix;
//! - four SDK answers against the spec that the tool reports (RPC-ERROR-001 on the agent
//!   beside the client's own fault): both SDKs reply to a notification with a result,
//!   the Python SDK answers -32603 for a 0.3 method under A2A-Version 1.0, the JS SDK
//!   -32602 for a call without `jsonrpc`;
//! - a representative set of modes at each SDK agent judged as predicted.

use crate::harness;

use crate::misclient_run;

use std::path::Path;
use std::process::Command;

use harness::{peers_available, Sdk};
use misclient_run::drive;

const BIN: &str = env!("CARGO_BIN_EXE_a2a-interop");

/// The messages of `rule`'s findings in the mode's `--report` (online) and in `verify` of
/// its recording (offline), as (online, offline).
fn messages(dir: &Path, mode: &str, rule: &str) -> (Vec<String>, Vec<String>) {
    let of = |rep: serde_json::Value| -> Vec<String> {
        rep["findings"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|f| f["rule"] == rule)
            .map(|f| f["message"].as_str().unwrap_or("").to_string())
            .collect()
    };
    let online =
        serde_json::from_slice(&std::fs::read(dir.join(mode).join("report.json")).unwrap())
            .unwrap();
    let o = Command::new(BIN)
        .args(["verify", "--format", "json", "--fail-on", "never"])
        .arg(dir.join(mode).join("rec.jsonl"))
        .env("NO_COLOR", "1")
        .output()
        .unwrap();
    (of(online), of(serde_json::from_slice(&o.stdout).unwrap()))
}

/// The recorded response bodies of exchange `e1` (the mode's first call), joined.
fn first_answer(dir: &Path, mode: &str) -> String {
    let rec = std::fs::read_to_string(dir.join(mode).join("rec.jsonl")).unwrap();
    rec.lines()
        .filter_map(|l| serde_json::from_str::<serde_json::Value>(l).ok())
        .filter(|e| e["exchange"] == "e1" && e["type"] == "response_chunk")
        .filter_map(|e| e["body"].as_str().map(str::to_string))
        .collect()
}

/// The JS SDK's express contentTypeGuard refuses a SendMessage sent under
/// `Content-Type: text/plain` before it parses the body: HTTP 200, -32005, id null. The
/// client's wrong media type is HTTP-MEDIA-004 (HTTP-MEDIA-003 before open45), said as refused (not "processed anyway");
/// the id null is no RPC-ID-001 (RPC-002: null when the request's id is unreadable, and the
/// agent read no id), online and offline. The Python SDK, which serves the same body, is
/// still said to have processed it.
#[test]
fn an_id_null_refusal_of_a_body_not_json_is_no_id_mismatch() {
    if !peers_available(
        "an_id_null_refusal_of_a_body_not_json_is_no_id_mismatch",
        &[Sdk::Python, Sdk::Js],
    ) {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let modes = ["wrong-content-type@js", "wrong-content-type@py"];
    let rs = drive(dir.path(), &modes);
    assert_eq!(
        rs[0]["online"],
        serde_json::json!(["HTTP-MEDIA-004"]),
        "{}",
        rs[0]
    );
    assert_eq!(rs[0]["offline"], rs[0]["online"], "{}", rs[0]);
    let answer = first_answer(dir.path(), modes[0]);
    assert!(
        answer.contains(r#""id":null,"error":{"code":-32005"#),
        "the JS SDK no longer answers -32005 with id null: {answer}"
    );
    let (online, offline) = messages(dir.path(), modes[0], "HTTP-MEDIA-004");
    assert_eq!(online.len(), 1, "{online:?}");
    assert!(
        online[0]
            .ends_with("the agent answered it with a JSON-RPC error under HTTP 200, not processed"),
        "{online:?}"
    );
    assert_eq!(offline, online);
    assert_eq!(rs[1]["online"], rs[1]["predicted"], "{}", rs[1]);
    let (py, _) = messages(dir.path(), modes[1], "HTTP-MEDIA-004");
    assert!(
        py.iter()
            .any(|m| m.contains("this agent processed it anyway (HTTP 200)")),
        "{py:?}"
    );
}

/// The JS SDK refuses a JSON-RPC batch (two GetTask calls, legal JSON-RPC 2.0 §6 that A2A
/// does not require an agent to take) as a whole with -32602 InvalidParams and id null: a
/// whole-batch refusal reads no call's params, so RPC-ERROR-001 (ERR-001: -32600) on the
/// agent, online and offline, beside the client's RPC-REQ-004 when the calls share an id.
/// The Python SDK's -32600 refusal of the same batch draws nothing.
#[test]
fn a_batch_refused_with_invalid_params_is_a_wrong_code() {
    if !peers_available(
        "a_batch_refused_with_invalid_params_is_a_wrong_code",
        &[Sdk::Python, Sdk::Js],
    ) {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let modes = ["batch@js", "batch-dup-id@js", "batch@py"];
    let rs = drive(dir.path(), &modes);
    assert_eq!(
        rs[0]["online"],
        serde_json::json!(["RPC-ERROR-001"]),
        "{}",
        rs[0]
    );
    assert_eq!(
        rs[1]["online"],
        serde_json::json!(["RPC-ERROR-001", "RPC-REQ-004"]),
        "{}",
        rs[1]
    );
    assert_eq!(
        rs[2]["online"],
        serde_json::json!(["CARD-CACHE-001"]),
        "{}",
        rs[2]
    );
    for r in &rs {
        assert_eq!(r["offline"], r["online"], "{r}");
        assert_eq!(r["online"], r["predicted"], "{r}");
    }
    for mode in &modes[..2] {
        let (online, offline) = messages(dir.path(), mode, "RPC-ERROR-001");
        assert_eq!(online.len(), 1, "{mode}: {online:?}");
        assert!(
            online[0].contains("as a whole with -32602 InvalidParamsError")
                && online[0].contains("answers -32600 InvalidRequestError"),
            "{mode}: {online:?}"
        );
        assert_eq!(offline, online, "{mode}");
    }
}

/// SDK agents answering against the spec are reported on the agent, beside the client's
/// own fault, online and offline: a notification served and answered with a result
/// (JSON-RPC 2.0 §4.1; RPC-001, RPC-002) by both SDKs; the Python SDK's -32603 InternalError
/// for a 0.3 method under A2A-Version 1.0 (VER-002, ERR-002: -32601 or -32009); the JS
/// SDK's -32602 for a call without `jsonrpc` (ERR-001: -32600).
#[test]
fn sdk_answers_against_the_spec_are_reported() {
    if !peers_available(
        "sdk_answers_against_the_spec_are_reported",
        &[Sdk::Python, Sdk::Js],
    ) {
        return;
    }
    let cases = [
        (
            "notification@py",
            "RPC-REQ-001",
            "with a result instead of rejecting it",
        ),
        (
            "notification@js",
            "RPC-REQ-001",
            "with a result instead of rejecting it",
        ),
        (
            "v03-with-v10-header@py",
            "VER-MIX-002",
            "-32603 InternalError instead of -32009",
        ),
        (
            "no-jsonrpc@js",
            "RPC-REQ-002",
            "-32602 InvalidParamsError instead of -32600",
        ),
    ];
    let modes: Vec<&str> = cases.iter().map(|c| c.0).collect();
    let dir = tempfile::tempdir().unwrap();
    for (r, (mode, client_rule, said)) in drive(dir.path(), &modes).iter().zip(cases) {
        assert_eq!(r["online"], r["predicted"], "{mode}: {r}");
        assert_eq!(r["offline"], r["online"], "{mode}: online vs offline");
        let got: Vec<&str> = r["online"]
            .as_array()
            .unwrap()
            .iter()
            .filter_map(|v| v.as_str())
            .collect();
        assert!(
            got.contains(&client_rule) && got.contains(&"RPC-ERROR-001"),
            "{mode}: {got:?}"
        );
        let (online, offline) = messages(dir.path(), mode, "RPC-ERROR-001");
        assert_eq!(online.len(), 1, "{mode}: {online:?}");
        assert!(online[0].contains(said), "{mode}: {online:?}");
        assert_eq!(offline, online, "{mode}");
    }
}

/// Modes at the SDK agents judged as predicted: client faults draw their client rules
/// only where the SDK answers correctly (a context mismatch refused with -32602, an id
/// null served and echoed, a 0.3 follow-up to a finished task refused), legal bends draw none (the Python SDK agent's CARD-CACHE-001 aside). Online
/// equals offline, the proxy stays up and answers another connection, the agent gets the
/// bodies as sent.
#[test]
fn representative_modes_at_the_sdk_agents_are_judged_as_predicted() {
    if !peers_available(
        "representative_modes_at_the_sdk_agents_are_judged_as_predicted",
        &[Sdk::Python, Sdk::Js],
    ) {
        return;
    }
    let modes = [
        "task-other-context@py",
        "id-null@py",
        "cancel-twice@py",
        "pipelined@py",
        "abort-mid-stream@py",
        "task-fresh-context@js",
        "followup-terminal-03@js",
        "v10-no-header@js",
        "subscribe-finished@js",
        "chunked-bad@js",
        "stream-whole@js",
    ];
    let dir = tempfile::tempdir().unwrap();
    for r in drive(dir.path(), &modes) {
        let m = r["mode"].as_str().unwrap_or("?");
        assert_eq!(r["online"], r["predicted"], "{m}: {r}");
        assert_eq!(r["offline"], r["online"], "{m}: online vs offline");
        assert_eq!(r["proxy_alive"], true, "{m}");
        assert_eq!(r["side"], 200, "{m}: another connection during the mode");
        for step in r["untouched"].as_array().unwrap() {
            assert_eq!(step[1], "same", "{m}: {step} body differs at the agent");
        }
    }
}

//! breaker42, live, from the client side: a misbehaving real client
//! (`tests/peers/misclient.py`, raw stdlib sockets, one wire fault or legal bend per
//! `--mode`) through the real `a2a-interop proxy` in front of the real reference agent
//! (`a2a-interop demo --agent-only`), over loopback, driven by
//! `tests/peers/misclient_drive.py`. Each bug test fails on the behaviour before its fix:
//! - `body-short`: a client that sent 120 of its 481 Content-Length bytes and left was
//!   counted as an exchange and never mentioned; it is now listed as not judged, the
//!   client's doing (RFC 9112 §8), online (stderr, `--report`) and offline;
//! - `cl-counts-chars`: a Content-Length counted in characters on a non-ASCII body left
//!   bytes that the proxy refused as a request of their own (HTTP-FRAME-003), and the
//!   finding named no request: it now names the request before it on that connection;
//! - `many-headers`: 120 short header fields (2 KiB) were refused with 431 and recorded as
//!   a header section too large; the recorded reason now names both of hyper's limits;
//! - a representative set of modes: the findings are `tests/cases/live42-predictions.json`'s,
//!   online equal offline, the proxy stays up and serves another connection meanwhile, the
//!   agent gets the client's bodies as sent, and the client gets what it gets directly.

use crate::misclient_run;

use misclient_run::drive;
use std::path::{Path, PathBuf};
use std::process::Command;

const BIN: &str = env!("CARGO_BIN_EXE_a2a-interop");

fn json(path: PathBuf) -> serde_json::Value {
    serde_json::from_slice(&std::fs::read(&path).unwrap_or_else(|e| panic!("{path:?}: {e}")))
        .unwrap()
}

/// `verify FILE --format json` of a recording.
fn verify_json(rec: &Path) -> serde_json::Value {
    let o = Command::new(BIN)
        .args([
            "verify",
            rec.to_str().unwrap(),
            "--format",
            "json",
            "--fail-on",
            "never",
        ])
        .env("NO_COLOR", "1")
        .output()
        .unwrap();
    serde_json::from_slice(&o.stdout).unwrap()
}

/// The `notJudged[].reason`s of a JSON report.
fn not_judged(report: &serde_json::Value) -> Vec<String> {
    report["notJudged"]
        .as_array()
        .map(|a| {
            a.iter()
                .filter_map(|n| n["reason"].as_str().map(str::to_string))
                .collect()
        })
        .unwrap_or_default()
}

/// A client that sends its head and 120 of the 481 body bytes its Content-Length
/// announced, then closes: no finding (an incomplete message, not a malformed one), and the
/// exchange is listed as not judged, the client's leaving named with the bytes it sent, in
/// the proxy's live line, its `--report` and `verify` of the recording.
#[test]
fn a_client_that_leaves_mid_body_is_said_not_judged() {
    let dir = tempfile::tempdir().unwrap();
    let r = &drive(dir.path(), &["body-short"])[0];
    assert_eq!(r["online"], serde_json::json!([]), "{r}");
    assert_eq!(r["offline"], r["online"]);
    let want = "the client went away mid-request (POST /): it sent 120 of the 481 body bytes";
    let online = not_judged(&json(dir.path().join("body-short/report.json")));
    assert!(online.iter().any(|w| w.starts_with(want)), "{online:?}");
    let offline = not_judged(&verify_json(&dir.path().join("body-short/rec.jsonl")));
    assert_eq!(offline, online);
    let stderr = std::fs::read_to_string(dir.path().join("body-short/stderr.txt")).unwrap();
    assert!(
        stderr.contains("note: the client went away mid-request e1 (POST /)"),
        "{stderr}"
    );
}

/// Content-Length counted in characters on a non-ASCII body (kept alive): the agent reads
/// a body cut short (DATA-SHAPE-005), the bytes past it are refused as a request of their
/// own (HTTP-FRAME-003), and that refusal names the request before it (e1) as the likely
/// cause, in its message and its evidence, online and offline.
#[test]
fn a_refusal_right_after_a_request_names_that_request() {
    let dir = tempfile::tempdir().unwrap();
    let r = &drive(dir.path(), &["cl-counts-chars"])[0];
    assert_eq!(
        r["online"],
        serde_json::json!(["DATA-SHAPE-005", "HTTP-FRAME-003"]),
        "{r}"
    );
    let online = json(dir.path().join("cl-counts-chars/report.json"));
    let offline = verify_json(&dir.path().join("cl-counts-chars/rec.jsonl"));
    for rep in [&online, &offline] {
        let f = rep["findings"]
            .as_array()
            .unwrap()
            .iter()
            .find(|f| f["rule"] == "HTTP-FRAME-003")
            .unwrap();
        let msg = f["message"].as_str().unwrap();
        assert!(
            msg.contains("it came after e1 on the same connection")
                && msg.contains("check e1's Content-Length against its body"),
            "{msg}"
        );
        let named: Vec<&str> = f["evidence"]
            .as_array()
            .unwrap()
            .iter()
            .filter_map(|e| e["exchange"].as_str())
            .collect();
        assert_eq!(named, ["e1"], "{f}");
    }
}

/// 120 header fields of a few bytes each: the proxy refuses them with 431 (it reads at most
/// 100 fields, src/proxy/mod.rs MAX_HEADER_FIELDS) and the recorded reason says so, not
/// only "header section too large", which reads as bytes.
#[test]
fn a_refusal_for_too_many_fields_names_the_field_limit() {
    let dir = tempfile::tempdir().unwrap();
    let r = &drive(dir.path(), &["many-headers"])[0];
    assert_eq!(r["online"], serde_json::json!(["HTTP-FRAME-003"]), "{r}");
    assert_eq!(r["proxied"], serde_json::json!([431]), "{r}");
    let rec = std::fs::read_to_string(dir.path().join("many-headers/rec.jsonl")).unwrap();
    let refused = rec
        .lines()
        .find(|l| l.contains("\"request_refused\""))
        .unwrap_or_else(|| panic!("{rec}"));
    assert!(
        refused.contains("more than 100 header fields, or more than 417792 bytes"),
        "{refused}"
    );
}

/// Modes judged as `tests/cases/live42-predictions.json` predicts: client faults draw
/// exactly their client-side rules, legal bends (pipelining, Expect: 100-continue, a
/// chunked body with trailers, a stalled body, HTTP/1.0, absolute-form, h2c prior
/// knowledge with a reset stream, a client that resets mid-stream) draw none. Online
/// equals offline, the proxy stays up and answers another connection while the mode runs,
/// every body the client sent reaches the agent as sent, and the client gets the statuses
/// it gets from the agent directly.
#[test]
fn representative_modes_are_judged_as_predicted() {
    let modes = [
        "control-10",
        "followup-terminal",
        "task-other-context",
        "msgid-reuse",
        "cancel-twice",
        "v03-with-v10-header",
        "v10-no-header",
        "part-wrong-shape-10",
        "batch-dup-id",
        "notification",
        "params-array",
        "wrong-content-type",
        "pipelined",
        "expect-continue",
        "chunked-trailers",
        "chunked-bad",
        "body-long",
        "body-stall",
        "abort-mid-stream",
        "absolute-form",
        "http10",
        "h2c-stream-reset",
    ];
    let dir = tempfile::tempdir().unwrap();
    for r in drive(dir.path(), &modes) {
        let m = r["mode"].as_str().unwrap_or("?");
        assert_eq!(r["online"], r["predicted"], "{m}: {r}");
        assert_eq!(r["offline"], r["online"], "{m}: online vs offline");
        assert_eq!(r["proxy_alive"], true, "{m}");
        assert_eq!(r["side"], 200, "{m}: another connection during the mode");
        assert!(matches!(r["proxy_rc"].as_i64(), Some(0 | 1)), "{m}: {r}");
        assert_eq!(r["proxied"], r["direct"], "{m}: answers through the proxy");
        assert!(r["client_error"].is_null(), "{m}: {r}");
        for step in r["untouched"].as_array().unwrap() {
            assert_eq!(step[1], "same", "{m}: {step} body differs at the agent");
        }
    }
}

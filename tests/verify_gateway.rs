//! Two real recordings of the Python SDK agent and the JS SDK client through a broken
//! gateway (a small Python reverse proxy between two `a2a-interop proxy` listeners, so both
//! legs are recorded): `drop-version.jsonl` drops `A2A-Version` from every request,
//! `tamper-stream.jsonl` buffers stream bodies and rewrites the final state.
//!
//! What must hold: the gateway's fault is reported on every call it touched (VER-HDR-002,
//! GW-SSE-002), and the agent is not blamed for answering what it actually received
//! (−32009 to a request that reached it without the header; a truthful `GetTask` after the
//! gateway rewrote the stream's terminal state).

use crate::common;

use std::path::{Path, PathBuf};
use std::process::Command;

use common::verify_file as verify;

fn data(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/gateway")
        .join(name)
}

#[test]
fn a_header_dropped_on_every_request_is_reported_for_every_request() {
    let out = verify(&data("drop-version.jsonl"));
    let stripped: Vec<_> = out
        .findings
        .iter()
        .filter(|f| f.rule == "VER-HDR-002")
        .collect();
    // The card GET and the eight JSON-RPC POSTs the JS client made: each forwarded
    // without the header. The POSTs' client bodies are recorded after the gateway's
    // forwarded copy ended, so they pair late.
    assert_eq!(stripped.len(), 9, "{stripped:#?}");
    for f in &stripped {
        assert_eq!(
            f.message,
            "header A2A-Version 1.0 sent by the client is missing on the upstream leg"
        );
        assert_eq!(f.leg.as_deref(), Some("upstream"));
        assert_eq!(f.evidence.len(), 2);
    }
    // The agent answered −32009 to the call that reached it without the header: fair
    // (VER-003), on the upstream leg and on the client leg alike.
    let blamed: Vec<_> = out
        .findings
        .iter()
        .filter(|f| f.rule == "RPC-ERROR-001")
        .collect();
    assert!(blamed.is_empty(), "{blamed:#?}");
}

#[test]
fn the_text_report_names_the_leg_of_each_piece_of_evidence() {
    let out = Command::new(env!("CARGO_BIN_EXE_a2a-interop"))
        .arg("verify")
        .arg(data("drop-version.jsonl"))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let text = String::from_utf8_lossy(&out.stdout);
    // e1 is the client's card GET (seq 2), e2 its upstream copy (seq 4).
    let client = text
        .lines()
        .find(|l| l.contains("drop-version.jsonl e1 #2 "))
        .unwrap_or_else(|| panic!("{text}"));
    let upstream = text
        .lines()
        .find(|l| l.contains("drop-version.jsonl e2 #4 "))
        .unwrap_or_else(|| panic!("{text}"));
    assert!(!client.contains("[leg"), "{client}");
    assert!(upstream.ends_with("[leg upstream]"), "{upstream}");
}

#[test]
fn a_state_the_gateway_rewrote_is_the_gateways_fault_not_the_agents() {
    let out = verify(&data("tamper-stream.jsonl"));
    let rules: Vec<&str> = out
        .findings
        .iter()
        .filter(|f| f.severity == a2a_interop::verify::Severity::Error)
        .map(|f| f.rule.as_str())
        .collect();
    // The client got TASK_STATE_FAILED where the agent sent TASK_STATE_COMPLETED; its
    // later GetTask truthfully says COMPLETED (the agent's state never changed).
    assert_eq!(rules, vec!["GW-SSE-002"], "{:#?}", out.findings);
    let f = out
        .findings
        .iter()
        .find(|f| f.rule == "GW-SSE-002")
        .unwrap();
    assert!(
        f.message
            .contains("agent sent statusUpdate TASK_STATE_COMPLETED")
            && f.message
                .contains("client received statusUpdate TASK_STATE_FAILED"),
        "{}",
        f.message
    );
}

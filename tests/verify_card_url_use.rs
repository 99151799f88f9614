//! CARD-URL-002 ("advertised interface url never answered when used") needs the URL to be
//! unanswered, not one call among answered ones (CARD-005/006 are about the URL). Two real
//! inputs from a fresh engineer: a `probe` recording of a small 0.2.5 agent that answered
//! ten calls at its card's URL, then dropped the connection on the probe's malformed
//! request (the proxy answered 502 for it); and a browser-style HAR of the demo whose last
//! entry is a request the browser aborted (`"status": 0`). The agent's own fault in the
//! first (RPC-ERROR-001 on the malformed call) is still reported.

use crate::common;

use std::path::Path;

use common::verify_file as verify;

fn rules(name: &str) -> Vec<String> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/card-url")
        .join(name);
    verify(&path).findings.into_iter().map(|f| f.rule).collect()
}

#[test]
fn an_agent_that_crashes_on_one_call_is_not_told_its_url_is_wrong() {
    let r = rules("probe-agent-crash-after-answers.jsonl");
    assert!(!r.iter().any(|r| r == "CARD-URL-002"), "{r:?}");
    assert!(r.iter().any(|r| r == "RPC-ERROR-001"), "{r:?}");
}

#[test]
fn a_request_the_browser_aborted_is_no_evidence_against_the_url() {
    let r = rules("browser-abort-after-answers.har");
    assert!(!r.iter().any(|r| r == "CARD-URL-002"), "{r:?}");
}

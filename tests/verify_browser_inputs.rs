//! What a browser in front of an agent puts in a recording or a HAR, judged as a browser
//! client means it (real inputs from a fresh engineer):
//! - a CORS preflight (`OPTIONS /rest/message:send`, no body, through the real proxy to the
//!   Python SDK agent) is no A2A call: no "send request has no message";
//! - a HAR whose event-stream bodies are empty (Chrome and Firefox often store no body for
//!   a stream read by `fetch()`) says those streams were not judged, rather than calling
//!   them empty (STREAM-END-002) or clean.

use crate::common;

use std::path::Path;

use common::verify_file as verify;

fn data(name: &str) -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/browser")
        .join(name)
}

#[test]
fn a_cors_preflight_is_not_judged_as_an_a2a_call() {
    let out = verify(&data("cors-preflight-rest.jsonl"));
    assert!(out.findings.is_empty(), "{:#?}", out.findings);
    assert_eq!(out.exchanges, 1);
}

#[test]
fn event_streams_a_har_holds_no_body_for_are_not_judged() {
    let out = verify(&data("fetch-streams-without-body.har"));
    let streams: Vec<_> = out
        .findings
        .iter()
        .filter(|f| f.rule.starts_with("STREAM-"))
        .collect();
    assert!(streams.is_empty(), "{streams:#?}");
    let not_judged: Vec<_> = out
        .incomplete
        .iter()
        .filter(|(_, why)| why == "the HAR holds no body for this event stream")
        .map(|(id, _)| id.as_str())
        .collect();
    assert_eq!(not_judged, ["e4", "e16"], "{:?}", out.incomplete);
}

/// A browser HAR of a page with no A2A traffic (an HTML page, a script, a JSON API): there
/// was nothing to verify, so exit 2 with the cause, not "partial" and exit 0 (a CI that
/// captured the wrong tab would go green).
#[test]
fn a_har_without_a2a_traffic_is_nothing_to_verify() {
    let o = std::process::Command::new(env!("CARGO_BIN_EXE_a2a-interop"))
        .arg("verify")
        .arg(data("no-a2a-traffic.har"))
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(
        err.contains("none of the 3 exchanges is A2A traffic") && err.contains("; hint: "),
        "{err}"
    );
    assert!(o.stdout.is_empty());
}

//! mine24a K1-K2: what the verifier says about a 1.0-only agent that serves a 0.3 call in
//! the 1.0 form (cogDepot, a2a-registry #166), and that it stays quiet about the page a
//! JSON-RPC-only agent answers on an HTTP+JSON route its card never offered. Rules and
//! severities are checked by `verify_cases`; this checks that the message says how the call
//! asked for 0.3, what made the answer 1.0, and the error the agent owed, and that a stream
//! gets the finding once.

use crate::common;

use common::{only_message as message, verify_file, verify_variant as run};
use std::path::Path;

#[test]
fn a_0_3_call_served_in_1_0_names_the_implicit_version_the_form_and_the_refusal() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/cases/field/f347-v10-card-0x-send-without-version-processed.jsonl");
    let m = message(&verify_file(&path), "VER-HDR-001");
    assert!(
        m.contains(
            "message/send (POST https://agent.example.test/a2a) sent without A2A-Version (which means 0.3"
        )
            && m.contains("(state TASK_STATE_COMPLETED)")
            && m.contains("card declares only 1.0")
            && m.contains("-32009 VersionNotSupportedError"),
        "{m}"
    );
    // The version named in the header, and the wrapper that made the answer 1.0.
    let m = message(
        &run("b24a-K1-v10-card-0x-send-header-0-3-message-answer"),
        "VER-HDR-001",
    );
    assert!(
        m.contains("sent with A2A-Version 0.3") && m.contains("(the {\"message\"} wrapper)"),
        "{m}"
    );
}

#[test]
fn a_0_3_stream_served_in_1_0_is_told_once() {
    // Two 1.0 events; the finding names the stream event, once.
    let m = message(
        &run("b24a-K1-v10-card-0x-stream-served-as-1-0"),
        "VER-HDR-001",
    );
    assert!(
        m.contains("message/stream (POST https://agent.example.test/a2a) sent without A2A-Version")
            && m.contains("1.0 stream event"),
        "{m}"
    );
}

#[test]
fn a_page_on_a_binding_the_card_does_not_offer_is_no_a2a_error() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/cases/field/f348-v10-jsonrpc-agent-rest-probe-501.jsonl");
    let out = verify_file(&path);
    assert!(
        out.findings.iter().all(|f| f.rule != "REST-ERROR-001"),
        "{:?}",
        out.findings
    );
    // The same kind of body from an agent that declares HTTP+JSON is still judged.
    let m = message(
        &run("b24a-K2-v10-rest-card-route-501-not-a2a-error"),
        "REST-ERROR-001",
    );
    assert!(m.contains("not the AIP-193 shape"), "{m}");
}

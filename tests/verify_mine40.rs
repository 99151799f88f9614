//! mine40 (round forty: version negotiation in 1.0 adoption): what VER-HDR-004
//! (unsupported-version-answered-method-not-found) says when an agent whose card declares
//! only 0.3 echoes the asked version in an A2A-Version response header and then answers the
//! call "no such method" (opencode-a2a #368 / #386): the call, the echo as evidence on the
//! answer, the card's versions, what VER-002 asks; that the client's VER-CARD-002 note then
//! no longer calls the refusal simply expected; and that the controls (no echo, an echo of
//! another version, -32009, the call served) draw no VER-HDR-004. And what TASK-STATE-010
//! (stored-artifact-lost) says of a snapshot that holds a streamed artifact with only its
//! last chunks (the store replaced it on each append), beside its controls. Rules and
//! severities are checked by `verify_cases`.

use crate::common;

use common::{only_message, variant_finding, variant_message, variant_rules};

#[test]
fn an_echoed_version_refused_as_no_such_method_names_the_call_the_echo_and_the_card() {
    let out = common::verify_field("f900-v03-agent-negotiates-1-0-refuses-pascal-methods");
    let m = only_message(&out, "VER-HDR-004");
    assert!(
        m.starts_with("agent answered SendMessage requested with A2A-Version 1.0 with -32601 MethodNotFoundError, yet its answer's A2A-Version header says 1.0:"),
        "{m}"
    );
    assert!(m.contains("its card declares only 0.3"), "{m}");
    assert!(m.contains("-32009 VersionNotSupportedError"), "{m}");
    let f = out
        .findings
        .iter()
        .find(|f| f.rule == "VER-HDR-004")
        .unwrap();
    // The call, the refusal, the echo on the answer, the card.
    assert_eq!(f.evidence.len(), 4);
    assert_eq!(
        f.evidence[2].found.as_ref().and_then(|v| v.as_str()),
        Some("A2A-Version: 1.0")
    );
    let note = only_message(&out, "VER-CARD-002");
    assert!(
        note.contains("the refusal is expected, though not the A2A-Version 1.0 its answer carries"),
        "{note}"
    );
}

#[test]
fn the_http_json_form_names_the_route_status_and_the_echo() {
    let m = variant_message("b40a-V2-v03-rest-send-1-0-echoed-404", "VER-HDR-004");
    assert!(
        m.starts_with("agent answered the HTTP+JSON call POST /message:send requested with A2A-Version 1.0 with HTTP 404 (no such route), yet its answer's A2A-Version header says 1.0:"),
        "{m}"
    );
    let f = variant_finding("b40a-V2-v03-rest-send-1-0-echoed-404", "VER-HDR-004");
    assert_eq!(
        f.evidence[2].found.as_ref().and_then(|v| v.as_str()),
        Some("A2A-Version: 1.0")
    );
}

#[test]
fn a_1_0_agent_keeps_its_message_without_the_echo_clause() {
    // f908: a 1.0-only card, a header-less 0.3 probe answered -32601: the wording of
    // breaker17b V15, unchanged.
    let out = common::verify_field("f908-v10-only-agent-answers-0-3-probe-method-not-found");
    let m = only_message(&out, "VER-HDR-004");
    assert!(
        m.starts_with("agent answered message/send sent without A2A-Version (which means 0.3, 1.0 §3.6.2) with -32601 MethodNotFoundError; its card declares only 1.0"),
        "{m}"
    );
    assert!(!m.contains("header says"), "{m}");
}

#[test]
fn the_controls_draw_no_ver_hdr_004() {
    for name in [
        "b40a-V4-legal-v03-card-1-0-call-method-not-found-no-echo",
        "b40a-V5-legal-v03-card-1-0-call-echo-0-3",
        "b40a-V6-legal-v03-card-1-0-call-echoed-version-not-supported",
        "b40a-V7-legal-v03-card-1-0-call-echoed-served",
    ] {
        let rules = variant_rules(name);
        assert!(
            rules.iter().all(|r| r != "VER-HDR-004"),
            "{name}: {rules:?}"
        );
    }
    // Without an echo, the note says what it said before.
    let m = variant_message(
        "b40a-V4-legal-v03-card-1-0-call-method-not-found-no-echo",
        "VER-CARD-002",
    );
    assert!(m.contains("the agent's refusal is expected"), "{m}");
}

#[test]
fn a_stored_artifact_with_only_its_last_chunks_says_the_earlier_ones_are_lost() {
    let m = variant_message(
        "b40a-A1-v10-get-task-holds-only-the-last-chunk",
        "TASK-STATE-010",
    );
    assert_eq!(
        m,
        "agent answered task t-a1 in TASK_STATE_COMPLETED with artifact a1 holding 1 part, the last one the stream delivered, but its stream delivered 2 parts of it, the later ones in chunks with append true: the stored artifact lost the chunks before them (a store that ignores append replaces the artifact with each chunk: an update with append true adds its parts to the artifact of its artifactId)"
    );
    let m = variant_message(
        "b40a-A2-v03-tasks-get-holds-only-the-last-two-chunks",
        "TASK-STATE-010",
    );
    assert!(
        m.contains(
            "holding 2 parts, the last ones the stream delivered, but its stream delivered 3 parts"
        ),
        "{m}"
    );
    for name in [
        "b40a-A3-legal-v10-get-task-text-merged",
        "b40a-A4-legal-v10-later-chunk-replaces",
        "b40a-A5-legal-v10-get-task-every-chunk",
    ] {
        let rules = variant_rules(name);
        assert!(
            rules.iter().all(|r| r != "TASK-STATE-010"),
            "{name}: {rules:?}"
        );
    }
}

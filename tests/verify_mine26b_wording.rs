//! mine26b: what the round's kind fixes say. The rule and severity of each case are checked
//! by `verify_cases`; this checks that the messages name the cause and the evidence, and
//! that the controls stay silent on the rule.
//! - DATA-MEDIA-001 (assistant-ui PR #5036): a part's media type that is no media type names
//!   whose body it is, the value, and why a reader cannot use it (a media range, a bare word).
//! - CARD-SHAPE-009 (spring-ai-ascend #233): a 1.0 card's modes that are no media types are
//!   listed by pointer and value; media ranges and 0.3 cards' bare tokens stay silent.
//! - RPC-ERROR-003, widened (ag2 PR #2163): an empty text part refused with InvalidParams or
//!   with an InternalError whose words blame it names the part.
//! - RPC-ERROR-003, widened (archestra PR #7599): a messageId refused for not being a UUID
//!   (InvalidParams, or InternalError whose words show it) names the id.

use crate::common;

use common::{only_message as message, verify_field as field, verify_variant as run};

#[test]
fn media_range_on_a_client_part_is_named() {
    let m = message(
        &field("f441-v10-client-url-part-media-range"),
        "DATA-MEDIA-001",
    );
    assert!(
        m.contains("the client's SendStreamingMessage request")
            && m.contains("\"image/*\"")
            && m.contains("a media range (RFC 9110"),
        "{m}"
    );
    // The agent's side on a 0.3 stream: a bare word in file.mimeType.
    let m = message(
        &run("b26b-K1-v03-stream-artifact-file-mimetype-bare-word"),
        "DATA-MEDIA-001",
    );
    assert!(
        m.contains("an event of the agent's stream for message/stream")
            && m.contains("\"pdf\"")
            && m.contains("a bare word"),
        "{m}"
    );
}

#[test]
fn media_types_with_parameters_and_user_data_stay_silent() {
    for name in [
        "b26b-K1-legal-v10-media-type-parameters-and-suffixes",
        "b26b-K1-legal-v10-empty-media-type-and-data-holding-parts",
    ] {
        let out = run(name);
        assert!(
            out.findings.iter().all(|f| f.rule != "DATA-MEDIA-001"),
            "{name}: {:?}",
            out.findings
        );
    }
    for name in [
        "f450-legal-v10-a2ui-data-part-list",
        "f452-legal-v03-file-part-content-tag-in-metadata",
    ] {
        let out = field(name);
        assert!(
            out.findings.iter().all(|f| f.rule != "DATA-MEDIA-001"),
            "{name}: {:?}",
            out.findings
        );
    }
}

#[test]
fn card_modes_not_media_types_are_listed() {
    let m = message(
        &field("f454-card10-output-modes-not-media-types"),
        "CARD-SHAPE-009",
    );
    assert!(
        m.contains("/defaultOutputModes/0 \"text\", /defaultOutputModes/1 \"artifact\"")
            && m.contains("defines input and output modes as media types"),
        "{m}"
    );
    let m = message(
        &run("b26b-K2-card10-skill-output-modes-bare-words"),
        "CARD-SHAPE-009",
    );
    assert!(m.contains("/skills/0/outputModes/0 \"json\""), "{m}");
    for name in [
        "b26b-K2-legal-card10-media-ranges-and-parameters",
        "b26b-K2-legal-card03-text-token-not-judged",
    ] {
        let out = run(name);
        assert!(
            out.findings.iter().all(|f| f.rule != "CARD-SHAPE-009"),
            "{name}: {:?}",
            out.findings
        );
    }
}

#[test]
fn empty_text_part_refusal_names_the_part() {
    let m = message(
        &field("f455-v03-empty-text-part-internal-error"),
        "RPC-ERROR-003",
    );
    assert!(
        m.contains("with -32603 InternalError")
            && m.contains("TextPart content cannot be empty")
            && m.contains("text part parts[0] is empty"),
        "{m}"
    );
    // Another cause in the words, or no parts at all (the client's fault): not this rule.
    for name in [
        "b26b-K3-legal-v03-empty-text-other-internal-error",
        "b26b-K3-v10-no-parts-refused",
        "b26b-K3-legal-v03-empty-text-part-answered",
    ] {
        let out = run(name);
        assert!(
            out.findings.iter().all(|f| f.rule != "RPC-ERROR-003"),
            "{name}: {:?}",
            out.findings
        );
    }
}

#[test]
fn non_uuid_message_id_refusal_names_the_id() {
    let m = message(
        &field("f459-v10-non-uuid-message-id-internal-error"),
        "RPC-ERROR-003",
    );
    assert!(
        m.contains("with -32603 InternalError")
            && m.contains("messageId \"msg-1\" is not a UUID")
            && m.contains("any string the message's creator picks"),
        "{m}"
    );
    // A UUID messageId, and words that ask a UUID of another member: not this kind.
    let out = run("b26b-K4-legal-v10-uuid-message-id-other-uuid-refusal");
    assert!(
        out.findings.iter().all(|f| f.rule != "RPC-ERROR-003"),
        "{:?}",
        out.findings
    );
}

#[test]
fn echoed_client_part_is_flagged_once_on_the_request() {
    // The Task's history repeats the client's image/* part: one finding, the client's.
    let m = message(
        &run("b26b-K1-v10-client-media-range-echoed-in-history"),
        "DATA-MEDIA-001",
    );
    assert!(m.starts_with("the client's SendMessage request"), "{m}");
}

//! mine31a (round twenty-nine: well-known extensions and their payloads): what the new and
//! widened findings say. A 0.x call processed without the card-required extension names the
//! missing URI, what the client named instead (or that it named nothing), and what the agent
//! should have done; a part typed only in its metadata is reported under that type. Rules and
//! severities are checked by `verify_cases`.

use crate::common;

use common::{only_message as message, verify_field as field, verify_variant as run};

#[test]
fn required_extension_0x_names_missing_uri_and_the_one_sent() {
    let out = field("f682-v03-x402-required-extension-other-uri-served-unpaid");
    let m = message(&out, "CAP-EXT-007");
    assert!(
        m.contains("agent processed message/send although the client did not activate https://github.com/google-a2a/x402-a2a/v0.1, which the agent card marks required")
            && m.contains("its X-A2A-Extensions names https://github.com/google-a2a/a2a-x402/v0.1")
            && m.contains("another version is another extension")
            && m.contains("the agent should refuse such a call"),
        "{m}"
    );
    let f = out
        .findings
        .iter()
        .find(|f| f.rule == "CAP-EXT-007")
        .expect("CAP-EXT-007");
    assert_eq!(f.severity.as_str(), "warning");
    assert!(
        f.evidence
            .iter()
            .any(|e| e.pointer.as_deref() == Some("/capabilities/extensions")),
        "{:?}",
        f.evidence
    );
    // no header at all, on a stream
    let m = message(
        &run("b31a-E1-v03-stream-required-extension-no-header"),
        "CAP-EXT-007",
    );
    assert!(
        m.contains("agent processed message/stream")
            && m.contains("(the request has no X-A2A-Extensions header)"),
        "{m}"
    );
}

#[test]
fn output_mode_of_a_part_typed_in_metadata_names_that_type() {
    let m = message(
        &run("b31a-M4-v03-artifact-metadata-type-not-accepted"),
        "CAP-MODE-001",
    );
    assert!(
        m.contains("a part of media type application/json+a2ui (named in the part's metadata) in artifact ui-4")
            && m.contains("acceptedOutputModes [text/plain]"),
        "{m}"
    );
    // a part that states its own type is reported without the metadata remark
    let m = message(
        &run("b31a-M3-v03-metadata-type-not-accepted"),
        "CAP-MODE-001",
    );
    assert!(
        m.contains("a part of media type image/png in message m-m3r") && !m.contains("metadata"),
        "{m}"
    );
}

#[test]
fn a2ui_part_typed_in_metadata_and_accepted_is_silent() {
    for out in [
        field("f697-legal-v03-a2ui-data-part-typed-in-metadata-accepted"),
        run("b31a-M1-legal-v03-stream-a2ui-part-typed-in-metadata"),
        run("b31a-M2-legal-v10-message-part-mediatype-in-metadata"),
    ] {
        assert!(
            out.findings.iter().all(|f| f.rule != "CAP-MODE-001"),
            "{:?}",
            out.findings
        );
    }
}

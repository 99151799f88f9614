//! breaker17a U8, U10, U11, U13: the findings on the tester's inputs
//! (`tests/cases/variants/b17-U*`) name the fault in the wire's own terms. The rules and
//! severities are checked by `verify_cases`; this checks what the messages say (and, for
//! U13's hybrid card, that the contradicting VER-CARD-002 note is gone).

use crate::common;

use common::{only_message as message, verify_variant as run};

#[test]
fn u8_wrapper_is_the_lead_finding() {
    let out = run("b17-U8-v03-send-result-wrapped-10-task");
    let m = message(&out, "DATA-SHAPE-001");
    assert!(
        m.contains(
            "0.3 message/send result is the 1.0 SendMessageResponse wrapper {\"task\": ...}"
        ) && m.contains("not the Task itself with kind \"task\""),
        "{m}"
    );
    let m = message(
        &run("b17-U8-v01-tasks-send-result-wrapped"),
        "DATA-SHAPE-001",
    );
    assert!(
        m.contains("0.1 tasks/send result") && !m.contains("kind"),
        "{m}"
    );
    let m = message(&run("b17-U8-v03-stream-events-wrapped"), "STREAM-SHAPE-001");
    assert!(
        m.contains("0.3 JSON-RPC stream event is the 1.0 StreamResponse wrapper {\"task\": ...}"),
        "{m}"
    );
}

#[test]
fn u10_proto_names_are_said_present() {
    let m = message(&run("b17-U10-v10-card-proto-field-names"), "CARD-SHAPE-001");
    assert!(
        m.starts_with("agent card uses proto field names")
            && m.contains("supported_interfaces for supportedInterfaces")
            && m.contains("default_input_modes for defaultInputModes")
            && !m.contains("agent card has no"),
        "{m}"
    );
    let m = message(
        &run("b17-U10-v10-card-interface-proto-field-names"),
        "CARD-SHAPE-003",
    );
    assert!(
        m.contains("interface has protocol_binding, the proto field name, but no protocolBinding"),
        "{m}"
    );
}

#[test]
fn u11_says_the_request_activated_the_extension() {
    let m = message(
        &run("b17-U11-v03-required-ext-x-header-refused"),
        "CAP-EXT-008",
    );
    assert!(
        m.contains(
            "activated https://ext.example.test/citations/v1 in X-A2A-Extensions, the 0.3 header"
        ) && m.contains("-32600")
            && m.contains("(EXT-002, ExtensionSupportRequiredError, is a MUST from 1.0), so this is a warning"),
        "{m}"
    );
    let m = message(
        &run("b17-U11-v03-rest-required-ext-x-header-refused"),
        "CAP-EXT-008",
    );
    assert!(m.contains("HTTP 400"), "{m}");
}

#[test]
fn u13_wordings() {
    let m = message(
        &run("b17-U13-v03-stream-status-update-contextid-empty"),
        "ID-EVENT-001",
    );
    assert!(
        m.contains("has an empty contextId (\"\"); the task's context is c-9"),
        "{m}"
    );
    let m = message(
        &run("b17-U13-v10-list-tasks-status-timestamp-after-epoch-number"),
        "DATA-PARAM-001",
    );
    assert!(
        m.contains("statusTimestampAfter the JSON number 1764583200")
            && m.contains("not an RFC 3339 timestamp string"),
        "{m}"
    );
    let out = run("b17-U13-v10-03-shaped-card-claims-10-sendmessage-refused");
    assert!(
        out.findings.iter().all(|f| f.rule != "VER-CARD-002"),
        "{:?}",
        out.findings.iter().map(|f| &f.message).collect::<Vec<_>>()
    );
    let m = message(
        &run("b17-U13-v03-card-http-security-scheme-without-scheme"),
        "CARD-SHAPE-006",
    );
    assert!(
        m.contains("security scheme \"bearer\" (HTTP auth) has no scheme member"),
        "{m}"
    );
}

//! mine34 (round thirty-four: files and extensions on the wire): what RPC-ERROR-003
//! (valid-request-refused-invalid-params) says when a text-only agent refuses a file-only or
//! data-only message with InvalidParams in words that demand a text part (openclaw #135716),
//! and what DATA-SHAPE-005 (client-request-body-not-json) says of a JSON-RPC request written
//! as a Python dict's repr (a2a-tck #216); and that both stay quiet where they must. Rules
//! and severities are checked by `verify_cases`.

use crate::common;

use common::{only_message as message, variant_errors_and_warnings, variant_message};

#[test]
fn a_demand_for_a_text_part_is_told_as_content_the_agent_does_not_take() {
    let out = common::verify_field("f781-v10-url-part-without-media-type-refused-text-required");
    let m = message(&out, "RPC-ERROR-003");
    assert!(
        m.starts_with("agent refused the client's valid SendMessage with -32602 InvalidParams (\"Message must contain at least one usable text part\"): the message's file part (parts[0]) is a well-formed A2A part (DATA-004) and the agent refuses the message for carrying no text part, which a message need not carry"),
        "{m}"
    );
    assert!(
        m.contains("content the agent does not take is ContentTypeNotSupportedError (-32005; on 1.0 HTTP+JSON and gRPC with reason CONTENT_TYPE_NOT_SUPPORTED, ERR-002)"),
        "{m}"
    );
    let m = variant_message(
        "b34a-K1-v10-data-part-refused-missing-text-content",
        "RPC-ERROR-003",
    );
    assert!(
        m.contains("the message's data part (parts[0]) is a well-formed A2A part (DATA-004) and the agent refuses the message for carrying no text part"),
        "{m}"
    );
    let m = variant_message(
        "b34a-K1-v10-rest-raw-part-refused-text-part-required",
        "RPC-ERROR-003",
    );
    assert!(
        m.starts_with("agent refused the client's valid SendMessage with HTTP 400 INVALID_ARGUMENT (\"request must include a text part\"): the message's file part (parts[0])"),
        "{m}"
    );
}

#[test]
fn the_cards_input_modes_still_speak_first_when_they_leave_the_type_out() {
    // f780's url part declares application/pdf, which the card's text/plain-only modes do
    // not list: that reason names more than the demand for a text part.
    let out = common::verify_field("f780-v10-file-only-message-refused-invalid-params");
    let m = message(&out, "RPC-ERROR-003");
    assert!(
        m.contains("the message's part parts[0] has media type application/pdf, which none of the agent card's input modes (defaultInputModes, the skills' inputModes) lists"),
        "{m}"
    );
}

#[test]
fn refusals_that_are_no_demand_for_a_missing_text_part_stay_quiet() {
    for name in [
        "b34a-K1-legal-v10-file-only-refused-content-type-not-supported",
        "b34a-K1-legal-v10-text-part-over-size-limit-refused",
        "b34a-K1-v10-text-present-refused-text-required-not-told",
    ] {
        assert_eq!(
            variant_errors_and_warnings(name),
            Vec::<String>::new(),
            "{name}"
        );
    }
    // a malformed part is the client's fault, not a valid request refused
    assert_eq!(
        variant_errors_and_warnings("b34a-K1-v10-malformed-url-part-refused-text-required"),
        vec!["DATA-SHAPE-002".to_string()]
    );
}

#[test]
fn a_python_repr_body_is_told_with_its_single_quotes_and_the_fix() {
    let m = variant_message(
        "b34a-K2-v10-rpc-get-task-repr-body-text-plain",
        "DATA-SHAPE-005",
    );
    assert!(
        m.starts_with("client's JSON-RPC request body to POST /a2a is not JSON (it is written with single-quoted strings, as a Python dict's repr (str(payload)) or a JavaScript object literal prints it, but JSON strings and member names are double-quoted (RFC 8259 §7; the parser: key must be a string at line 1 column 2); serialize the request with a JSON library: Python json.dumps(payload), JavaScript JSON.stringify(payload)): "),
        "{m}"
    );
    assert!(
        m.ends_with("the agent can read no call from it and can only answer -32700 Parse error (id null); it answered HTTP 200"),
        "{m}"
    );
    let m = variant_message("b34a-K2-v10-rest-send-repr-body", "DATA-SHAPE-005");
    assert!(
        m.starts_with("client's HTTP+JSON request body to POST /a2a/rest/message:send is not JSON (it is written with single-quoted strings"),
        "{m}"
    );
    let out = common::verify_field("f799-legal-v10-tck-repr-body-answered-parse-error");
    assert!(
        message(&out, "DATA-SHAPE-005").contains("Python dict's repr"),
        "f799"
    );
}

#[test]
fn bodies_that_are_json_or_no_a2a_call_get_no_body_finding() {
    assert_variants_lack(
        "DATA-SHAPE-005",
        &[
            "b34a-K2-v10-rpc-json-body-sent-as-text-plain-media-type-only",
            "b34a-K2-v10-single-quoted-body-without-jsonrpc-not-told",
        ],
    );
    assert_eq!(
        variant_errors_and_warnings("b34a-K2-v10-single-quoted-body-without-jsonrpc-not-told"),
        Vec::<String>::new()
    );
}

#[test]
fn a_send_without_its_message_answered_with_success_is_told_per_binding() {
    let out = common::verify_field("f789-v10-rest-empty-send-body-executed");
    assert_eq!(
        message(&out, "DATA-PARAM-006"),
        "agent answered the client's POST /a2a/rest/message:send, which carries no message (the send's REQUIRED member), with a success result instead of refusing it with HTTP 400 INVALID_ARGUMENT: it ran a send that asks for nothing, and the client never learns its request lost its message"
    );
    let m = variant_message(
        "b34a-K3-v10-rpc-send-params-empty-answered-task",
        "DATA-PARAM-006",
    );
    assert!(
        m.starts_with("agent answered the client's SendMessage call, which carries no message (the send's REQUIRED member), with a success result instead of refusing it with -32602 InvalidParamsError: "),
        "{m}"
    );
    let m = variant_message(
        "b34a-K3-v03-rpc-message-send-null-message-answered",
        "DATA-PARAM-006",
    );
    assert!(
        m.starts_with("agent answered the client's message/send call, "),
        "{m}"
    );
    let m = variant_message(
        "b34a-K3-v10-rpc-stream-params-empty-answered-stream",
        "DATA-PARAM-006",
    );
    assert!(
        m.starts_with("agent answered the client's SendStreamingMessage call, which carries no message (the send's REQUIRED member), with a stream of events instead of refusing it with -32602 InvalidParamsError: "),
        "{m}"
    );
}

#[test]
fn sends_refused_or_carrying_a_message_get_no_accepted_finding() {
    assert_variants_lack(
        "DATA-PARAM-006",
        &[
            "b34a-K3-v10-rest-empty-send-refused-400",
            "b34a-K3-legal-v03-rest-send-proto-request-member",
            "b34a-K3-v10-rpc-send-message-string-not-told",
        ],
    );
    assert_eq!(
        variant_errors_and_warnings("b34a-K3-legal-v03-rest-send-proto-request-member"),
        Vec::<String>::new()
    );
}

/// Asserts that none of the variant cases `names` has a finding of `rule`, naming the case
/// and its rules when one has.
fn assert_variants_lack(rule: &str, names: &[&str]) {
    for name in names {
        let rules: Vec<String> = common::variant_findings(name)
            .into_iter()
            .map(|f| f.rule)
            .collect();
        assert!(!rules.iter().any(|r| r == rule), "{name}: {rules:?}");
    }
}

//! breaker29 (blind adversary, round nine; `tests/cases/gen_b29x.py`): what the case table
//! cannot say. The rule and severity of each `b29x-*` case are checked by `verify_cases`
//! (`variants`); this checks the counts of the round, that its legal controls stay silent,
//! that one fault gives the one finding the round's fixes are about, and what those say:
//! - A04: a 0.1.0 task in `rejected` (or `auth-required`): 0.1's TaskState has neither
//!   (0.1 schema), so TASK-STATE-005 names 0.1 and lists its states; 0.2+ traffic with the
//!   same states stays silent.
//! - C08: a 0.3 HTTP+JSON call sent as `text/plain` and refused with a plain-text 415 is
//!   the client's HTTP-MEDIA-003 alone, not also REST-ERROR-001 for the refusal's body (no
//!   A2A error exists for a wrong request media type, as for a wrong verb's 405); the
//!   agent's 415 to `application/json` (C09) keeps both.
//! - A25, A31: a 0.1 card's `authentication.schemes` (0.1.0's AgentAuthentication) is its
//!   security declaration: a call without credentials that succeeds is AUTH-OPEN-001, and a
//!   401 is no AUTH-SCHEME-002; `["public"]`, the 0.1 samples' value, asks for nothing.
//! - G16: a 0.x card with no protocolVersion declares 0.x by its shape, so a 1.0 call it
//!   refuses is the client's VER-CARD-002 note.

use crate::common;

use common::{variant_findings as findings, variant_message as message};

fn names(kind: &str) -> Vec<String> {
    common::variant_names("b29x-", kind)
}

fn errors_and_warnings(name: &str) -> Vec<String> {
    common::variant_errors_and_warnings(name)
}

#[test]
fn the_round_has_its_cases_and_its_controls_stay_silent() {
    let all = names("");
    let legal = names("-legal-");
    assert!(all.len() >= 165, "{} b29x cases", all.len());
    assert!(legal.len() >= 100, "{} b29x legal controls", legal.len());
    for n in &legal {
        let loud = errors_and_warnings(n);
        assert!(loud.is_empty(), "{n}: legal control not silent: {loud:?}");
    }
}

#[test]
fn a_0_1_task_in_a_state_0_1_lacks_is_named_with_0_1s_states() {
    assert_eq!(
        errors_and_warnings("b29x-A04-v01-state-rejected"),
        ["TASK-STATE-005"]
    );
    let m = message("b29x-A04-v01-state-rejected", "TASK-STATE-005");
    assert!(
        m.contains("\"rejected\"")
            && m.contains("no state of 0.1.0")
            && m.contains(
                "submitted, working, input-required, completed, canceled, failed or unknown"
            )
            && m.contains("came with 0.2"),
        "{m}"
    );
    // The same state in 0.2 traffic is a state of its dialect; 0.1's own unknown is one too.
    for legal in [
        "b29x-A21-legal-v01-unknown-state-on-failure",
        "b29x-B02-legal-v02-stream-input-required-final",
    ] {
        assert!(errors_and_warnings(legal).is_empty(), "{legal}");
    }
}

#[test]
fn a_415_to_a_body_that_is_no_json_is_the_clients_alone() {
    assert_eq!(
        errors_and_warnings("b29x-C08-v03-rest-send-text-plain"),
        ["HTTP-MEDIA-004"]
    );
    let m = message("b29x-C08-v03-rest-send-text-plain", "HTTP-MEDIA-004");
    assert!(
        m.contains("Content-Type text/plain") && m.contains("the right answer"),
        "{m}"
    );
    // The agent's 415 to the binding's own media type: its refusal and its body, both.
    let mut got = errors_and_warnings("b29x-C09-v03-rest-415-on-json");
    got.sort();
    assert_eq!(got, ["HTTP-MEDIA-001", "REST-ERROR-001"]);
}

#[test]
fn sse_framing_faults_say_what_the_parser_did() {
    // Two JSON-RPC responses as two data: lines of one event: the missing blank line.
    assert_eq!(
        errors_and_warnings("b29x-F18-v10-sse-two-json-docs-in-one-event"),
        ["SSE-FRAME-001"]
    );
    // A JSON string broken over two data: lines: the joined data is no JSON.
    assert_eq!(
        errors_and_warnings("b29x-F17-v10-sse-string-split-over-data-lines"),
        ["SSE-FRAME-002"]
    );
    // A byte order mark in front of a later event's data: line.
    assert_eq!(
        errors_and_warnings("b29x-F28-v10-sse-bom-mid-stream"),
        ["SSE-FRAME-003"]
    );
}

/// A25 / A31: a 0.1 card declares its security as `authentication: {schemes: [...]}`. A
/// call without credentials that succeeds is AUTH-OPEN-001; one refused with 401 is not
/// AUTH-SCHEME-002 ("the card declares no security scheme"), which the old reading said.
#[test]
fn a_0_1_cards_authentication_member_is_its_security() {
    assert_eq!(
        errors_and_warnings("b29x-A25-v01-card-auth-call-without-credentials"),
        ["AUTH-OPEN-001"]
    );
    assert_eq!(
        errors_and_warnings("b29x-A31-v01-card-auth-refused-without-challenge"),
        ["AUTH-CHALLENGE-001"]
    );
    for legal in [
        "b29x-A26-legal-v01-card-auth-call-with-bearer",
        "b29x-A30-legal-v01-card-auth-public",
    ] {
        assert!(errors_and_warnings(legal).is_empty(), "{legal}");
    }
}

/// G16 / G18: a 0.x card without protocolVersion (0.1.0, or 0.2 before 0.2.5) declares its
/// generation by its shape: a 1.0 call it refuses is the client's VER-CARD-002 note, which
/// says what the card is; a 0.2 call to a card that reads as 0.1 and 0.2 alike is not.
#[test]
fn a_card_without_protocol_version_still_declares_0_x() {
    let m = message(
        "b29x-G16-v10-client-1-0-to-0-2-agent-refused",
        "VER-CARD-002",
    );
    assert!(
        m.contains("client called SendMessage in protocol version 1.0")
            && m.contains("0.1 or 0.2 (a 0.x card: url, and no protocolVersion")
            && m.contains("protocol version 0.2 names this call message/send"),
        "{m}"
    );
    assert!(
        findings("b29x-G18-legal-v02-call-to-card-without-version-refused")
            .iter()
            .all(|f| f.rule != "VER-CARD-002")
    );
}

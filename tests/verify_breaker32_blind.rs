//! breaker32 (blind adversary, round twelve; `tests/cases/gen_b32x.py`): what the case table
//! cannot say. The rule and severity of each `b32x-*` case are checked by `verify_cases`
//! (`variants`); this checks the counts of the round, that its legal controls stay silent,
//! and what the round's fixes say:
//! - R16, R17, R19, R20: a 0.x stream that goes on after its `final: true` at input-required
//!   or auth-required (STREAM-008) is STREAM-END-001 alone: the cycle ended at `final`, so
//!   the close (or reset) after the stray event is no STREAM-END-002 (R21: without `final`
//!   it still is).
//! - C05, C18-C20, C24: an HTTP 415 whose body is ContentTypeNotSupportedError (-32005,
//!   CONTENT_TYPE_NOT_SUPPORTED) to a send whose parts are all plain text the card accepts
//!   refuses the body's own media type: HTTP-MEDIA-001 / HTTP-MEDIA-002 (RPC-001, REST-003),
//!   not RPC-ERROR-001 / REST-ERROR-001 for a misused code; C21: under text/plain the 415
//!   is the agent's right answer (HTTP-MEDIA-003 for the client alone); C23: -32005 under
//!   HTTP 200 to plain text stays RPC-ERROR-001.
//! - V01-V04, V06: an `A2A-Version` that repeats one version ("1.0, 1.0": header lines
//!   combined) asks for that version: processed, it is VER-HDR-003 for the client, no
//!   VER-HDR-001 (VER-002); V05 ("1.0, 2.0") stays VER-HDR-001.
//! - E01-E05: a capability (streaming, pushNotifications) the authenticated extended card
//!   declares and the public card does not is declared for the authenticated client (1.0
//!   §3.1.11 card replacement, §13.3): no CAP-STREAM-001 / CAP-PUSH-001; E06-E08 (no
//!   extended card, one that denies it too, an anonymous call) keep CAP-STREAM-001; E09,
//!   E10: refusing it to that client is CAP-STREAM-002 / CAP-PUSH-002, naming the extended
//!   card (E11: without one the refusal is right).

use crate::common;

use a2a_interop::verify::Severity;
use common::{variant_finding as finding, variant_findings as findings};

fn names(kind: &str) -> Vec<String> {
    common::variant_names("b32x-", kind)
}

fn rules(name: &str) -> Vec<String> {
    findings(name).into_iter().map(|f| f.rule).collect()
}

#[test]
fn the_round_has_its_cases_and_its_controls_stay_silent() {
    let all = names("");
    let legal = names("-legal-");
    assert!(all.len() >= 200, "{} b32x cases", all.len());
    assert!(legal.len() >= 114, "{} b32x legal controls", legal.len());
    for n in &legal {
        let loud = common::variant_errors_and_warnings(n);
        assert!(loud.is_empty(), "{n}: legal control not silent: {loud:?}");
    }
}

#[test]
fn an_event_after_a_0x_final_at_an_interrupted_state_is_one_fault() {
    for (n, state) in [
        (
            "b32x-R16-v03-input-required-then-working-after-final",
            "input-required",
        ),
        (
            "b32x-R17-v03-auth-required-final-then-working",
            "auth-required",
        ),
        (
            "b32x-R18-v03-input-required-final-then-artifact",
            "input-required",
        ),
        (
            "b32x-R19-v02-input-required-final-then-working",
            "input-required",
        ),
        (
            "b32x-R20-v03-input-required-final-then-working-reset",
            "input-required",
        ),
    ] {
        let f = finding(n, "STREAM-END-001");
        assert_eq!(f.severity, Severity::Error, "{n}");
        assert!(
            f.message.contains(&format!(
                "after the status update with final: true in state {state}"
            )) && f.message.contains("clients stop reading there"),
            "{n}: {}",
            f.message
        );
        let all = rules(n);
        assert!(
            !all.iter().any(|r| [
                "STREAM-END-002",
                "STREAM-END-005",
                "STREAM-END-007",
                "STREAM-END-008"
            ]
            .contains(&r.as_str())),
            "{n}: the cycle ended at final: {all:?}"
        );
    }
    // Without final the interrupted state did not end the cycle: the close in working is
    // STREAM-END-002, on this 0.3 stream its 0.x warning STREAM-END-007 (sev44b).
    let n = "b32x-R21-v03-input-required-not-final-then-working-closed";
    let f = finding(n, "STREAM-END-007");
    assert!(
        f.message.contains("while the task was in working"),
        "{}",
        f.message
    );
}

#[test]
fn a_415_with_content_type_not_supported_to_plain_text_refuses_the_body_media_type() {
    for (n, rule, sev, mt) in [
        (
            "b32x-C05-v10-rest-application-json-refused-415",
            "HTTP-MEDIA-002",
            Severity::Warning,
            "application/json",
        ),
        (
            "b32x-C18-v10-jsonrpc-415-content-type-not-supported",
            "HTTP-MEDIA-001",
            Severity::Error,
            "application/json",
        ),
        (
            "b32x-C19-v03-jsonrpc-415-content-type-not-supported",
            "HTTP-MEDIA-001",
            Severity::Error,
            "application/json",
        ),
        (
            "b32x-C20-v10-rest-a2a-json-415-content-type-not-supported",
            "HTTP-MEDIA-002",
            Severity::Warning,
            "application/a2a+json",
        ),
        (
            "b32x-C24-v10-rest-json-415-content-type-not-supported",
            "HTTP-MEDIA-002",
            Severity::Warning,
            "application/json",
        ),
    ] {
        let f = finding(n, rule);
        assert_eq!(f.severity, sev, "{n}");
        assert!(
            f.message.contains(&format!(
                "sent with Content-Type {mt} with HTTP 415 Unsupported Media Type (its ContentTypeNotSupportedError names no part type"
            )) && f.message.contains("so the 415 refuses the body's Content-Type"),
            "{n}: {}",
            f.message
        );
        let all = rules(n);
        assert!(
            !all.iter()
                .any(|r| r == "RPC-ERROR-001" || r == "REST-ERROR-001"),
            "{n}: {all:?}"
        );
    }
    // The client's text/plain refused 415: the agent's right answer, the client's fault.
    let n = "b32x-C21-v10-jsonrpc-text-plain-415-content-type-not-supported";
    assert_eq!(rules(n), vec!["HTTP-MEDIA-004".to_string()], "{n}");
    // -32005 under HTTP 200 to plain text names a part type there is none of.
    let f = finding(
        "b32x-C23-v10-jsonrpc-200-content-type-not-supported-text",
        "RPC-ERROR-001",
    );
    assert!(
        f.message
            .contains("no media type of the request is unsupported"),
        "{}",
        f.message
    );
    assert!(rules("b32x-C22-legal-v10-rest-png-part-refused").is_empty());
}

#[test]
fn one_version_repeated_in_a2a_version_asks_for_that_version() {
    for (n, shown) in [
        ("b32x-V01-v10-version-repeated-processed", "\"1.0, 1.0\""),
        ("b32x-V02-v10-rest-version-repeated-no-space", "\"1.0,1.0\""),
        ("b32x-V03-v10-version-repeated-stream", "\"1.0 , 1.0\""),
        ("b32x-V04-v10-version-repeated-get", "\"1.0, 1.0, 1.0\""),
        ("b32x-V06-v10-version-repeated-refused", "\"1.0, 1.0\""),
    ] {
        let f = finding(n, "VER-HDR-003");
        assert!(
            f.message.contains(&format!("A2A-Version {shown}"))
                && f.message.contains("several comma-separated values"),
            "{n}: {}",
            f.message
        );
        assert!(
            !rules(n).contains(&"VER-HDR-001".to_string()),
            "{n}: {:?}",
            rules(n)
        );
    }
    let f = finding("b32x-V05-v10-version-two-versions-processed", "VER-HDR-001");
    assert!(
        f.message
            .contains("\"1.0, 2.0\" was processed instead of rejected"),
        "{}",
        f.message
    );
}

#[test]
fn a_capability_of_the_extended_card_is_declared_for_its_authenticated_client() {
    for n in [
        "b32x-E01-legal-v10-extended-card-grants-streaming",
        "b32x-E02-legal-v10-extended-card-grants-push",
        "b32x-E03-legal-v10-extended-card-grants-subscribe",
        "b32x-E04-legal-v03-extended-card-grants-streaming",
        "b32x-E05-legal-v10-rest-extended-card-grants-streaming",
    ] {
        let all = rules(n);
        assert!(!all.iter().any(|r| r.starts_with("CAP-")), "{n}: {all:?}");
    }
    for n in [
        "b32x-E06-v10-streaming-denied-no-extended-card-fetched",
        "b32x-E07-v10-streaming-denied-by-both-cards",
        "b32x-E08-v10-extended-card-grants-streaming-anonymous-call",
    ] {
        let f = finding(n, "CAP-STREAM-001");
        assert!(
            f.message.contains(
                "agent served a stream although its card sets capabilities.streaming to false"
            ),
            "{n}: {}",
            f.message
        );
    }
    for (n, rule, flag) in [
        (
            "b32x-E09-v10-extended-card-grants-streaming-refused",
            "CAP-STREAM-002",
            "streaming",
        ),
        (
            "b32x-E10-v10-extended-card-grants-push-refused",
            "CAP-PUSH-002",
            "pushNotifications",
        ),
    ] {
        let f = finding(n, rule);
        assert_eq!(f.severity, Severity::Warning, "{n}");
        assert!(
            f.message.starts_with(&format!(
                "the authenticated extended card this client was given (the public card does not) declares capabilities.{flag}: true"
            )),
            "{n}: {}",
            f.message
        );
        assert!(!rules(n).contains(&"CAP-STREAM-003".to_string()), "{n}");
    }
    assert!(
        rules("b32x-E11-legal-v10-streaming-refused-no-extended-card")
            .contains(&"CAP-STREAM-003".to_string())
    );
}

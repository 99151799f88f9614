//! left37 (session 36's leftovers): who a request finding names as the sender (the gateway
//! on its upstream leg, the client on a direct call, once for a fault passed on unchanged),
//! which errors may be a streamed call's only event (0.x: any code; 1.0: none, and a
//! declared 1.0 refused is VER-CARD-001 as in a plain answer), and TASK-STATE-008 /
//! TASK-STATE-015 settled by a later read of the task. Variants `b37l-*`
//! (`tests/cases/variants/gen_b37l.py`); rules and severities are checked by `verify_cases`.

use crate::common;

use common::{
    assert_variants_quiet, one_variant, variant_errors_and_warnings, variant_finding,
    variant_message, variant_names,
};

/// Each `S*` kind: `(variant number, rule, the direct call's opening, the upstream leg's)`.
const SENDER_KINDS: &[(&str, &str, &str, &str)] = &[
    ("S1", "HTTP-MEDIA-004", "client sent SendMessage with Content-Type text/plain", "gateway sent the agent SendMessage with Content-Type text/plain"),
    ("S2", "ID-MSG-002", "client sent messageId m1 again with other parts", "gateway sent the agent messageId m1 again with other parts"),
    ("S3", "ID-MSG-002", "client sent messageId m1 again (JSON-RPC batch element 1, SendMessage)", "gateway sent the agent messageId m1 again (JSON-RPC batch element 1, SendMessage)"),
    ("S4", "RPC-REQ-006", "client sent an empty JSON-RPC batch []", "gateway sent the agent an empty JSON-RPC batch []"),
    ("S5", "DATA-ROLE-002", "client sent its SendMessage message with role ROLE_AGENT", "gateway sent the agent its SendMessage message with role ROLE_AGENT"),
    ("S6", "AUTH-SCHEME-003", "client sent SendMessage with the credential in the x-api-key header", "gateway sent the agent SendMessage with the credential in the x-api-key header"),
    ("S7", "RPC-ERROR-001", "the agent's own message says the media type image/png of a part the client sent is not supported", "the agent's own message says the media type image/png of a part the gateway sent is not supported"),
];

#[test]
fn a_request_finding_names_the_gateway_on_the_upstream_leg_and_the_client_on_a_direct_call() {
    for (n, rule, direct, gateway) in SENDER_KINDS {
        let d = variant_finding(&one_variant(&format!("b37l-{n}-direct-")), rule);
        assert!(d.message.starts_with(direct), "{n}: {}", d.message);
        assert!(d.leg.is_none(), "{n}: {:?}", d.leg);
        assert!(!d.message.contains("gateway"), "{n}: {}", d.message);
        let g = variant_finding(&one_variant(&format!("b37l-{n}-gateway-")), rule);
        assert!(g.message.starts_with(gateway), "{n}: {}", g.message);
        assert_eq!(g.leg.as_deref(), Some("upstream"), "{n}");
        assert!(!g.message.contains("client sent"), "{n}: {}", g.message);
        // only the sender differs: rule, severity and the rest of the text are the same
        assert_eq!(d.severity, g.severity, "{n}");
        let as_client = g
            .message
            .replacen("gateway sent the agent", "client sent", 1)
            .replacen("the gateway sent", "the client sent", 1);
        assert!(
            as_client.starts_with(&d.message),
            "{n}:\n{}\n{}",
            d.message,
            g.message
        );
    }
}

#[test]
fn a_fault_the_gateway_passes_on_unchanged_is_told_once_in_the_upstream_legs_words() {
    // the client's and the gateway's request each carry it: one finding, both exchanges
    for (name, rule, opening) in [
        (
            "b37l-P1-",
            "ID-MSG-002",
            "gateway sent the agent messageId m1 again with other parts",
        ),
        (
            "b37l-P2-",
            "HTTP-MEDIA-004",
            "gateway sent the agent SendMessage with Content-Type text/plain",
        ),
    ] {
        let f = variant_finding(&one_variant(name), rule);
        assert!(f.message.starts_with(opening), "{name}: {}", f.message);
        assert!(
            f.message.contains("; the client's request carried it first, and the gateway passed it on to the agent unchanged ("),
            "{name}: {}",
            f.message
        );
        let exchanges: std::collections::BTreeSet<_> = f
            .evidence
            .iter()
            .filter_map(|e| e.exchange.clone())
            .collect();
        assert!(exchanges.len() >= 2, "{name}: {:?}", f.evidence);
    }
    // an agent's fault in an answer the gateway passes on keeps its merge (S7 through a
    // pass-through gateway): one RPC-ERROR-001, in the upstream leg's words
    let f = variant_finding(&one_variant("b37l-S7-gateway-"), "RPC-ERROR-001");
    assert!(
        f.message.ends_with(")")
            && f.message
                .contains("; the gateway passed it on to the client unchanged ("),
        "{}",
        f.message
    );
}

#[test]
fn an_error_as_a_0x_streams_only_event_is_legal_for_every_code() {
    let legal = variant_names("b37l-E0", "-legal-");
    assert_eq!(legal.len(), 7, "{legal:?}");
    let names: Vec<&str> = legal.iter().map(String::as_str).collect();
    assert_variants_quiet(&names);
}

#[test]
fn an_error_as_a_1_0_streams_only_event_is_stream_first_001_for_every_code() {
    let faults = variant_names("b37l-E2", "-v10-");
    assert_eq!(faults.len(), 5, "{faults:?}");
    for n in faults
        .iter()
        .map(String::as_str)
        .chain(["b37l-E40-v10-subscribe-only-event-task-not-found"])
    {
        assert_eq!(variant_errors_and_warnings(n), ["STREAM-FIRST-001"], "{n}");
        let m = variant_message(n, "STREAM-FIRST-001");
        assert!(
            m.contains("whose first event is a JSON-RPC error ("),
            "{n}: {m}"
        );
    }
}

#[test]
fn a_declared_version_refused_by_a_streams_only_event_is_ver_card_001() {
    let n = "b37l-E41-v10-stream-only-event-refuses-declared-version";
    assert_eq!(variant_errors_and_warnings(n), ["VER-CARD-001"]);
    let f = variant_finding(n, "VER-CARD-001");
    assert!(
        f.message.starts_with("card declares protocol version 1.0 on https://agent.example.test/a2a, yet the agent refused a call with A2A-Version 1.0 with VersionNotSupportedError"),
        "{}",
        f.message
    );
    // the refusal is the stream's error event
    assert!(
        f.evidence
            .iter()
            .any(|e| e.pointer.as_deref() == Some("/error/code")),
        "{:?}",
        f.evidence
    );
    // a version A2A does not have, refused with the right code: no 1.0 call, quiet
    assert_variants_quiet(&["b37l-E42-legal-v10-stream-only-event-refuses-unknown-version"]);
}

const UNSETTLED: &str = " (no later read of the task in this recording shows it still waiting: if the agent ended it unseen in between, failed or canceled after waiting too long, the refusal was right; a GetTask after such a refusal tells which)";

#[test]
fn a_refusal_of_an_interrupted_task_names_the_later_read_that_confirms_it() {
    for (name, rule, read) in [
        ("b37l-R2-", "TASK-STATE-015", "e4"),
        ("b37l-R4-", "TASK-STATE-015", "e4"),
        ("b37l-R6-", "TASK-STATE-008", "e4"),
    ] {
        let f = variant_finding(&one_variant(name), rule);
        assert!(
            f.message.ends_with(&format!(
                "; a later read of the task ({read}) still shows it TASK_STATE_INPUT_REQUIRED, so it had not ended"
            )),
            "{name}: {}",
            f.message
        );
        let last = f.evidence.last().unwrap();
        assert_eq!(last.exchange.as_deref(), Some(read), "{name}");
        assert_eq!(
            last.found,
            Some(serde_json::Value::String(
                "TASK_STATE_INPUT_REQUIRED".into()
            )),
            "{name}"
        );
    }
}

#[test]
fn a_refusal_no_later_read_settles_says_so() {
    for (name, rule) in [
        ("b37l-R1-", "TASK-STATE-015"),
        ("b37l-R5-", "TASK-STATE-015"),
        ("b37l-R8-", "TASK-STATE-008"),
    ] {
        let m = variant_message(&one_variant(name), rule);
        assert!(m.ends_with(UNSETTLED), "{name}: {m}");
        assert!(m.starts_with("agent refused "), "{name}: {m}");
    }
}

#[test]
fn a_refusal_after_which_the_task_reads_terminal_is_quiet() {
    assert_variants_quiet(&[
        &one_variant("b37l-R3-legal-"),
        &one_variant("b37l-R7-legal-"),
    ]);
}

//! left38 (session 37's leftovers): a 1.0 task stream cut by a plain INTERNAL error
//! (STREAM-END-005 at once), TASK-STATE-008 / TASK-STATE-015 told live when a later read
//! decides them, the sender of a request named by leg (gateway upstream, client direct),
//! plain JSON to a URL nothing names as A2A left unjudged, a streaming call inside a
//! JSON-RPC batch (RPC-REQ-007). Variants `b38l-*` (`tests/cases/variants/gen_b38l.py`);
//! rules and severities are checked by `verify_cases`.

use crate::common;

use common::{assert_variants_quiet, live_and_final, one_variant, variant_finding};

#[test]
fn a_1_0_task_stream_cut_by_internal_names_the_agent_and_the_withheld_outcome() {
    for (n, wire) in [
        (
            "I1",
            "JSON-RPC error -32603 InternalError \"Internal error\"",
        ),
        (
            "I2",
            "JSON-RPC error -32603 InternalError (ErrorInfo INTERNAL) \"Internal error\"",
        ),
        (
            "I3",
            "HTTP+JSON error event 500 INTERNAL \"Internal error\"",
        ),
    ] {
        let f = variant_finding(&one_variant(&format!("b38l-{n}-")), "STREAM-END-005");
        assert!(
            f.message.contains(&format!(
                "ended with {wire} while the task was in TASK_STATE_WORKING: INTERNAL is the agent's own failure"
            )),
            "{n}: {}",
            f.message
        );
        // the evidence is the error event's code, not the stream's close
        assert_eq!(
            f.evidence.last().and_then(|e| e.pointer.as_deref()),
            Some("/error/code"),
            "{n}"
        );
    }
    // 0.x keeps the error end legal; an error after INPUT_REQUIRED ends no open task
    assert_variants_quiet(&[
        &one_variant("b38l-I4-legal-"),
        &one_variant("b38l-I5-legal-"),
    ]);
}

#[test]
fn a_held_refusal_of_an_interrupted_task_is_told_live_when_a_later_read_decides_it() {
    for name in [
        "b37l-R2-v10-follow-up-refused-later-read-still-waiting",
        "b37l-R4-v10-follow-up-refused-later-list-still-waiting",
        "b37l-R6-v10-subscribe-refused-later-read-still-waiting",
    ] {
        let (live, fin) = live_and_final(name);
        let held: Vec<_> = fin
            .iter()
            .filter(|f| f.rule == "TASK-STATE-015" || f.rule == "TASK-STATE-008")
            .collect();
        assert_eq!(held.len(), 1, "{name}");
        assert!(
            live.iter()
                .any(|l| l.rule == held[0].rule && l.message == held[0].message),
            "{name}: the live lines lack {}: {:?}",
            held[0].message,
            live.iter().map(|l| &l.rule).collect::<Vec<_>>()
        );
    }
}

/// Each `S*` kind of `gen_b38l.py`: `(variant, rule, the direct call's opening, the upstream
/// leg's)`.
const SENDER_KINDS: &[(&str, &str, &str, &str)] = &[
    (
        "S1",
        "DATA-SHAPE-002",
        "client message is malformed: message has no parts",
        "gateway message is malformed: message has no parts",
    ),
    (
        "S3",
        "RPC-REQ-005",
        "client's SendMessage call passes params as an array",
        "gateway's SendMessage call passes params as an array",
    ),
    (
        "S4",
        "RPC-REQ-002",
        "client's JSON-RPC batch element 0 calls SendMessage",
        "gateway's JSON-RPC batch element 0 calls SendMessage",
    ),
];

#[test]
fn a_request_finding_names_the_gateway_on_the_upstream_leg() {
    for (n, rule, direct, gateway) in SENDER_KINDS {
        let d = variant_finding(&one_variant(&format!("b38l-{n}-direct-")), rule);
        assert!(d.message.starts_with(direct), "{n}: {}", d.message);
        assert!(d.leg.is_none(), "{n}: {:?}", d.leg);
        let g = variant_finding(&one_variant(&format!("b38l-{n}-gateway-")), rule);
        assert!(g.message.starts_with(gateway), "{n}: {}", g.message);
        assert_eq!(g.leg.as_deref(), Some("upstream"), "{n}");
        assert!(!g.message.contains("client"), "{n}: {}", g.message);
        // only the sender differs
        assert_eq!(g.message.replacen("gateway", "client", 1), d.message, "{n}");
    }
    // the gateway's own part mix (VER-MIX-001) no longer says the client's message carried it
    let g = variant_finding(&one_variant("b38l-S2-gateway-"), "VER-MIX-001");
    assert!(
        g.message.contains(": the gateway's request message names a part's media type with the 0.x member mimeType"),
        "{}",
        g.message
    );
    let d = variant_finding(&one_variant("b38l-S2-direct-"), "VER-MIX-002");
    assert!(
        d.message.starts_with("the client's request message names"),
        "{}",
        d.message
    );
    // the client's fault passed on unchanged is told once, in the gateway's words
    let p = variant_finding(&one_variant("b38l-P1-"), "DATA-SHAPE-002");
    assert!(
        p.message.starts_with("gateway message is malformed: message has no parts; the client's request carried it first, and the gateway passed it on to the agent unchanged ("),
        "{}",
        p.message
    );
}

#[test]
fn a_streaming_call_in_a_batch_is_the_clients_and_names_element_and_method() {
    for (n, m) in [
        ("B1", "SendStreamingMessage"),
        ("B2", "SendStreamingMessage"),
        ("B4", "SubscribeToTask"),
        ("B5", "message/stream"),
    ] {
        let f = variant_finding(&one_variant(&format!("b38l-{n}-")), "RPC-REQ-007");
        assert!(
            f.message.starts_with(&format!(
                "client's JSON-RPC batch element 0 calls {m}, a streaming method: a batch is answered by one JSON Array"
            )),
            "{n}: {}",
            f.message
        );
        assert_eq!(
            f.evidence.first().and_then(|e| e.pointer.as_deref()),
            Some("/0/method"),
            "{n}"
        );
    }
    // the agent that answers the batch's unary calls in one Array is quiet
    assert_variants_quiet(&[&one_variant("b38l-B6-legal-")]);
}

#[test]
fn plain_json_to_a_url_nothing_names_is_no_json_rpc_call() {
    assert_variants_quiet(&[
        &one_variant("b38l-U1-legal-"),
        &one_variant("b38l-U2-legal-"),
        &one_variant("b38l-U3-legal-"),
    ]);
    // the card's JSON-RPC URL, and a body that is a JSON-RPC request, are judged as before
    for n in ["U4", "U5"] {
        variant_finding(&one_variant(&format!("b38l-{n}-")), "RPC-ENVELOPE-001");
    }
}

//! Findings for breaker15b's verifier items R5, R6, R10, R11, R12, R17: the rules are pinned
//! by `tests/cases/variants/b15-R*` (recordings of the live tool against real servers, and
//! transcripts of the other shapes); these tests pin counts and that each message names
//! the party at fault and the evidence in the wire's own words.

use crate::common;

use common::{variant_message as one, variant_messages};

/// R5: a client that gave up on a stream the gateway buffered: the gateway is named, with
/// how many events the agent had sent and what to change.
#[test]
fn r5_stream_held_until_the_client_gave_up_names_the_gateway() {
    let m = one(
        "b15-R5-gw-v10-jsonrpc-stream-held-until-client-gave-up",
        "GW-SSE-002",
    );
    assert!(
        m.starts_with("gateway held back the agent's stream: the client gave up 4.6 s after its request having received 0 event(s), while the agent had sent 4 event(s) upstream"),
        "{m}"
    );
    assert!(m.contains("proxy_buffering off"), "{m}");
    let m = one(
        "b15-R5-gw-v03-jsonrpc-stream-partly-held-gateway-drops-upstream",
        "GW-SSE-002",
    );
    assert!(m.contains("having received 1 event(s)"), "{m}");
    assert!(m.contains("event 2 (StatusUpdate"), "{m}");
}

/// R6: a fault the gateway relayed unchanged is one finding, the agent's (upstream leg),
/// with the client leg's copy as evidence.
#[test]
fn r6_relayed_fault_is_reported_once_on_the_agents_leg() {
    let findings = common::variant_findings("b15-R6-gw-v10-jsonrpc-relayed-0.3-task");
    for rule in ["TASK-STATE-005", "VER-MIX-001"] {
        let fs: Vec<_> = findings.iter().filter(|f| f.rule == rule).collect();
        assert_eq!(fs.len(), 1, "{rule}: {fs:?}");
        let f = fs[0];
        assert_eq!(f.leg.as_deref(), Some("upstream"), "{f:?}");
        let exchanges: Vec<_> = f
            .evidence
            .iter()
            .filter_map(|e| e.exchange.as_deref())
            .collect();
        assert_eq!(exchanges, ["e4", "e3"], "{f:?}");
        assert!(
            f.message
                .ends_with("; the gateway passed it on to the client unchanged (e3)"),
            "{}",
            f.message
        );
    }
    // The stream shape: one finding, folded.
    let m = one(
        "b15-R6-gw-v10-stream-relayed-0.x-state-name",
        "TASK-STATE-005",
    );
    assert!(
        m.contains("passed it on to the client unchanged (e1)"),
        "{m}"
    );
    // Near miss: the gateway rewrote the state; the agent's leg was right, nothing folds.
    let m = one(
        "b15-R6-gw-v10-stream-gateway-rewrites-state-name",
        "TASK-STATE-005",
    );
    assert!(!m.contains("passed it on"), "{m}");
}

/// R10: a non-UTF-8 event names the byte, the text before it and the likely encoding.
#[test]
fn r10_non_utf8_event_names_the_byte() {
    let m = one("b15-R10-v10-latin1-artifact-event", "SSE-FRAME-002");
    assert!(
        m.starts_with("sse event 2 is not valid UTF-8: byte 0xFC after "),
        "{m}"
    );
    assert!(m.contains("Gr\" (Latin-1 \"ü\"?)"), "{m}");
    assert!(m.contains("RFC 8259 §8.1"), "{m}");
}

/// R11: the client that sent a body that is not JSON is named (JSON-RPC and HTTP+JSON).
#[test]
fn r11_client_body_not_json_names_the_client() {
    let m = one("b15-R11-v10-client-truncated-json", "DATA-SHAPE-005");
    assert!(
        m.starts_with("client's JSON-RPC request body to POST / is not JSON (EOF while parsing"),
        "{m}"
    );
    assert!(m.contains("-32700"), "{m}");
    let m = one("b15-R11-v10-rest-client-truncated-json", "DATA-SHAPE-005");
    assert!(
        m.starts_with("client's HTTP+JSON request body to POST /message:send is not JSON"),
        "{m}"
    );
}

/// R12: JSON but for non-UTF-8 bytes: the message says so, with the byte and its offset.
#[test]
fn r12_non_utf8_json_body_says_utf8_not_just_not_json() {
    let m = one("b15-R12-v10-nonutf8-response", "RPC-ENVELOPE-001");
    assert!(
        m.starts_with("response body of the JSON-RPC call is not JSON: it is JSON text except that it is not valid UTF-8: byte 0xE9 at offset 103"),
        "{m}"
    );
    assert!(m.contains("(Latin-1 \"é\"?)"), "{m}");
}

/// R17: the agent dying mid-event loses the task outcome (STREAM-END-002), as between
/// events; no SSE-FRAME-001 (a cut, not a framing fault). A clean close mid-event keeps it.
#[test]
fn r17_cut_mid_event_is_stream_end_002() {
    // the 0.3 stream's is STREAM-END-007, STREAM-END-002's 0.x warning (sev44b)
    for (name, rule) in [
        ("b15-R17-v10-agent-dies-mid-event", "STREAM-END-002"),
        ("b15-R17-v03-agent-dies-mid-event", "STREAM-END-007"),
    ] {
        let all = variant_messages(name);
        assert!(all.iter().all(|(r, _)| r != "SSE-FRAME-001"), "{all:?}");
        let m = one(name, rule);
        assert!(
            m.starts_with("stream was reset by the agent's side in the middle of an event (28 byte(s) of it arrived, then the agent's connection ended) while the task was in "),
            "{m}"
        );
    }
    let m = one("b15-R17-v03-clean-close-mid-event", "SSE-FRAME-001");
    assert!(m.contains("never terminated by a blank line"), "{m}");
}

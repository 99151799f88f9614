//! mine31b (round thirty: what A2A 1.0 adoption broke, 2026-08 to 2026-12): what the new and
//! widened findings say. An HTTP+JSON POST body that is JSON but no object names the call,
//! the route and what the body is; a well-known card path that 404s on an origin answering
//! 1.0 calls names the path and why clients fail; a 1.0 card carrying 0.3's url is not asked
//! for 0.3's protocolVersion. Rules and severities are checked by `verify_cases`.

use crate::common;

use common::{only_message as message, verify_field as field, verify_variant as run};

#[test]
fn rest_body_null_names_call_route_and_literal() {
    let out = field("f700-v10-rest-cancel-body-json-null");
    let m = message(&out, "RPC-REQ-005");
    assert!(
        m.contains("client's CancelTask call (POST /a2a/rest/tasks/t-380:cancel)")
            && m.contains("sends the JSON literal null as its body")
            && m.contains("({} when the path names everything)"),
        "{m}"
    );
    let f = out
        .findings
        .iter()
        .find(|f| f.rule == "RPC-REQ-005")
        .expect("RPC-REQ-005");
    assert_eq!(f.evidence[0].pointer.as_deref(), Some(""));
    // an array says so; a 0.x call is named by its request line once, not twice
    let m = message(
        &run("b31b-N1-v10-rest-subscribe-post-body-array"),
        "RPC-REQ-005",
    );
    assert!(
        m.contains("sends an array (params by position) as its body"),
        "{m}"
    );
    let m = message(&run("b31b-N3-v03-rest-cancel-body-null"), "RPC-REQ-005");
    assert!(
        m.starts_with("client's POST /v1/tasks/t-n3:cancel call sends the JSON literal null"),
        "{m}"
    );
}

#[test]
fn null_send_body_is_not_told_as_a_malformed_message() {
    let out = run("b31b-N2-v10-rest-send-body-null");
    assert!(
        !out.findings.iter().any(|f| f.rule == "DATA-SHAPE-002"),
        "{:?}",
        out.findings.iter().map(|f| &f.rule).collect::<Vec<_>>()
    );
}

#[test]
fn card_not_served_names_path_and_consequence() {
    let out = field("f702-v10-jsonrpc-only-agent-card-404");
    let m = message(&out, "CARD-PATH-004");
    assert!(
        m.starts_with("https://agent.example.test/.well-known/agent-card.json answered 404 although this origin answered a 1.0 A2A call")
            && m.contains("no agent card was served anywhere on it")
            && m.contains("find none"),
        "{m}"
    );
    let f = out
        .findings
        .iter()
        .find(|f| f.rule == "CARD-PATH-004")
        .expect("CARD-PATH-004");
    // the 404 first, then the call that shows the origin is an A2A agent
    assert_eq!(f.evidence.len(), 2);
    assert!(f.evidence[0].seq < f.evidence[1].seq);
}

#[test]
fn card_not_served_stays_quiet_where_a_card_exists_or_no_1_0_call_succeeded() {
    for name in [
        "b31b-C2-legal-v10-card-404-at-root-card-at-agent-path",
        "b31b-C3-legal-v03-card-404-03-call",
        "b31b-C4-v10-card-404-card-at-legacy-path",
        "b31b-C5-legal-v10-card-404-call-refused",
    ] {
        let out = run(name);
        assert!(
            !out.findings.iter().any(|f| f.rule == "CARD-PATH-004"),
            "{name}: {:?}",
            out.findings.iter().map(|f| &f.rule).collect::<Vec<_>>()
        );
    }
}

#[test]
fn union_card_is_not_asked_for_03_protocol_version() {
    for out in [
        field("f710-legal-v10-card-with-03-url-fields"),
        run("b31b-U4-legal-v10-union-card-no-03-version-rest"),
    ] {
        assert!(
            !out.findings.iter().any(|f| f.rule == "CARD-SHAPE-001"),
            "{:?}",
            out.findings.iter().map(|f| &f.message).collect::<Vec<_>>()
        );
    }
    let m = message(
        &run("b31b-U2-v03-card-without-protocol-version"),
        "CARD-SHAPE-001",
    );
    assert_eq!(m, "agent card has no protocolVersion");
}

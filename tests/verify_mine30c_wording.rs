//! mine30c (round twenty-eight: workflow platforms, registries, bridges and debugging tools):
//! what the widened findings say. A card a registry or gateway serves at its own path is
//! judged as a card (its interface url named, the host it was fetched from named); a
//! JSON-RPC interface url of another scheme names the scheme and the binding; a gateway's own
//! messageId does not hide the context it dropped; a plain 400 to a well-formed call quotes
//! the body. Rules and severities are checked by `verify_cases`.

use crate::common;

use common::{only_message as message, verify_field as field, verify_variant as run};

#[test]
fn registry_card_with_slim_url_names_scheme_binding_and_default() {
    let out = field("f660-v03-registry-card-slim-url-read-as-jsonrpc");
    let m = message(&out, "CARD-SHAPE-003");
    assert!(
        m.contains("card url \"slim://slim.example.test:46357/lungo/agents/brazil_coffee_farm\" is a slim: URL, but JSONRPC runs over HTTP")
            && m.contains("(the transport of a card without preferredTransport)"),
        "{m}"
    );
    let f = out
        .findings
        .iter()
        .find(|f| f.rule == "CARD-SHAPE-003")
        .expect("CARD-SHAPE-003");
    assert_eq!(f.evidence[0].pointer.as_deref(), Some("/url"));
    // a declared HTTP+JSON interface names its own binding, no default
    let m = message(
        &run("b30c-S2-v03-additional-http-json-nats-url"),
        "CARD-SHAPE-003",
    );
    assert!(
        m.contains("is a nats: URL, but HTTP+JSON runs over HTTP")
            && !m.contains("without preferredTransport"),
        "{m}"
    );
}

#[test]
fn gateway_card_at_own_path_names_internal_host_and_fetch_host() {
    let m = message(
        &field("f662-v10-gateway-card-authority-cluster-internal"),
        "CARD-URL-003",
    );
    assert!(
        m.contains("agentgateway.agentgateway-system.svc.cluster.local")
            && m.contains("fetched from agents.example.test"),
        "{m}"
    );
    let m = message(
        &run("b30c-C2-v03-gateway-card-no-well-known-doubled-path"),
        "CARD-URL-001",
    );
    assert!(
        m.contains("card fetched from /a2a/agents/helper/agent-card.json"),
        "{m}"
    );
}

#[test]
fn gateway_with_own_message_id_is_told_the_ids_it_changed() {
    let m = message(
        &field("f665-v03-gateway-drops-task-id-upstream"),
        "GW-REQ-003",
    );
    assert!(
        m.contains("gateway forwarded the client's message/send upstream but dropped the message's contextId \"c-4589\" and its taskId \"t-4589\""),
        "{m}"
    );
    let m = message(
        &run("b30c-G1-v10-gateway-own-message-id-replaces-task-id"),
        "GW-REQ-003",
    );
    assert!(
        m.contains("replaced the message's taskId \"t-g1\" with \"t-gw-77\""),
        "{m}"
    );
}

#[test]
fn plain_400_to_valid_call_quotes_the_body() {
    let m = message(
        &field("f666-v03-mcp-route-answers-a2a-call-plain-400"),
        "RPC-ENVELOPE-001",
    );
    assert!(
        m.contains("the JSON-RPC call message/send was answered HTTP 400 with text/plain (\"failed to create new session: failed to create MCP session to any backend\")")
            && m.contains("the call is well-formed"),
        "{m}"
    );
    // a request the client got wrong keeps the one finding about the answer it owed
    let out = run("b30c-P2-v03-params-not-object-400-judged-once");
    let n = out
        .findings
        .iter()
        .filter(|f| f.rule == "RPC-ENVELOPE-001")
        .count();
    assert_eq!(n, 1);
}

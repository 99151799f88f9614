//! mine37 (round thirty-seven: hosted platforms' A2A endpoints and the ports beyond the
//! official SDKs): what RPC-REQ-002 (client-request-jsonrpc-member-wrong) says when a
//! gateway or bridge posts its own body shape (`{"prompt": ...}`, litellm PR #25092) to an
//! A2A JSON-RPC endpoint that refuses it in a JSON-RPC error, and that it stays quiet where
//! the URL serves that body in its own protocol or the prober sent it on purpose; and what
//! RPC-REQ-003 (client-method-name-wrong-case) says of a 0.x method called with its namespace
//! in the other number (`task/get`, hermes-agent PR #52037). Rules and severities are checked
//! by `verify_cases`.

use crate::common;

use common::{assert_variants_quiet as assert_quiet, only_message as message, variant_message};

#[test]
fn a_bridges_prompt_body_refused_by_a_jsonrpc_endpoint_names_the_members_and_the_envelope() {
    let out = common::verify_field("f840-v03-gateway-strips-jsonrpc-envelope-to-prompt");
    let m = message(&out, "RPC-REQ-002");
    assert!(
        m.starts_with("client posted a JSON body with neither a JSON-RPC request object nor an A2A message (members prompt) to https://bedrock-agentcore.us-east-1.amazonaws.com/runtimes/arn%3Aaws%3Abedrock-agentcore%3Aus-east-1%3A123456789012%3Aruntime%2Fsupport_agent-Xk29dLq0/invocations/, and the agent refused it -32600 in a JSON-RPC error: the URL is a JSON-RPC endpoint, and a body without jsonrpc, method and params calls no A2A method, so nothing ran; "),
        "{m}"
    );
    assert!(
        m.ends_with("a gateway or bridge in front of an A2A agent forwards the client's JSON-RPC request as sent, or builds one: {\"jsonrpc\": \"2.0\", \"id\": 1, \"method\": \"message/send\" (1.0: \"SendMessage\"), \"params\": {\"message\": {...}}}"),
        "{m}"
    );
    // The finding points at the request body and at the refusal's code.
    let f = out
        .findings
        .iter()
        .find(|f| f.rule == "RPC-REQ-002")
        .unwrap();
    assert_eq!(f.evidence.len(), 2, "{:?}", f.evidence);
    assert_eq!(f.evidence[1].pointer.as_deref(), Some("/error/code"));
}

#[test]
fn the_members_are_listed_sorted_and_the_code_is_the_agents() {
    let m = variant_message(
        "b37a-R1-v10-foreign-body-refused-card-jsonrpc",
        "RPC-REQ-002",
    );
    assert!(
        m.contains("(members input, session_id) to https://agent.example.test/a2a, and the agent refused it -32600"),
        "{m}"
    );
    let m = variant_message("b37a-R2-v03-foreign-body-parse-error-400", "RPC-REQ-002");
    assert!(
        m.contains("(members query, user) to https://agent.example.test/rpc, and the agent refused it -32700"),
        "{m}"
    );
}

#[test]
fn a_body_served_in_its_own_protocol_and_the_probers_negative_test_stay_quiet() {
    assert_quiet(&[
        "b37a-R3-legal-foreign-body-served-by-own-api",
        "b37a-R4-legal-prober-negative-foreign-body",
        "b37a-R5-legal-platform-route-beside-card-refused",
    ]);
}

#[test]
fn a_method_with_its_namespace_in_the_other_number_names_the_spelling() {
    let out = common::verify_field("f858-v03-client-task-get-singular-method");
    assert_eq!(
        message(&out, "RPC-REQ-003"),
        "client called JSON-RPC method \"task/get\", which does not exist: the method is spelled \"tasks/get\" (the namespace is \"tasks\"); an agent answers \"task/get\" -32601 Method not found, so the call never runs"
    );
    let m = variant_message("b37a-M1-v03-messages-send-refused", "RPC-REQ-003");
    assert!(
        m.starts_with("client called JSON-RPC method \"messages/send\", which does not exist: the method is spelled \"message/send\" (the namespace is \"message\")"),
        "{m}"
    );
    // An agent that serves the misspelled name is told as well.
    let m = variant_message("b37a-M2-v03-task-cancel-served", "RPC-METHOD-001");
    assert!(
        m.starts_with("the client called \"task/cancel\", a method name that does not exist (the method is spelled \"tasks/cancel\")"),
        "{m}"
    );
}

#[test]
fn the_exact_name_and_another_protocols_name_stay_quiet() {
    assert_quiet(&[
        "b37a-M3-legal-v03-tasks-get-exact",
        "b37a-M4-legal-v03-other-protocol-method-refused",
    ]);
}

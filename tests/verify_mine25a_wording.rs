//! mine25a: what the round's kind fixes say (and leave unsaid). The rule and severity of each
//! case are checked by `verify_cases`; this checks that the messages name the cause and the
//! remedy, and that a client leaving a stream leaves no finding on the agent.
//! - `close: client` in a transcript (a2a-dotnet #341): the client's early close is no
//!   STREAM-END-002, and a body the client stopped reading is listed as not judged.
//! - RPC-REQ-002 (python-a2a PR #55): what was posted bare, to which JSON-RPC URL, and the
//!   request object it belongs in.
//! - BIND-USE-002 (kagent #622): the trailing slash the client added or dropped.
//! - GW-RESP-003 (python-a2a #60): a path built from the call's own method name.

use crate::common;

use common::{only_message as message, verify_field as field, verify_variant as run};

#[test]
fn client_leaving_a_stream_is_not_the_agents_cut() {
    let out = field("f391-legal-v10-client-leaves-stream-subscribe-after-terminal-refused");
    assert!(
        out.findings.iter().all(|f| f.rule != "STREAM-END-002"),
        "{:?}",
        out.findings
    );
    // The same stream reset on the agent's side stays the agent's.
    let out = run("b25a-K1-v10-stream-reset-on-agent-side");
    let m = message(&out, "STREAM-END-002");
    assert!(
        m.contains("reset by the agent's side") && m.contains("TASK_STATE_WORKING"),
        "{m}"
    );
    // A unary body the client stopped reading is not judged, and says why.
    let out = run("b25a-K1-legal-v10-get-task-body-left-by-client");
    assert!(
        out.incomplete
            .iter()
            .any(|(_, why)| why.contains("client went away before the response ended")),
        "{:?}",
        out.incomplete
    );
}

#[test]
fn bare_payload_names_what_and_the_envelope() {
    let m = message(
        &field("f382-v02-client-posts-bare-message-without-envelope"),
        "RPC-REQ-002",
    );
    assert!(
        m.contains("a bare message (role and content at the top level; A2A messages carry parts)")
            && m.contains("to the JSON-RPC endpoint https://agent.example.test/")
            && m.contains("no jsonrpc, method, params or id")
            && m.contains("\"method\": \"message/send\""),
        "{m}"
    );
    let m = message(
        &run("b25a-K2-v10-bare-send-params-to-jsonrpc-url"),
        "RPC-REQ-002",
    );
    assert!(
        m.contains("bare send params ({\"message\": {...}} at the top level)")
            && m.contains("https://agent.example.test/a2a"),
        "{m}"
    );
}

#[test]
fn trailing_slash_is_named_as_the_clients() {
    let m = message(
        &field("f395-v02-client-adds-trailing-slash-to-card-url"),
        "BIND-USE-002",
    );
    assert!(
        m.contains("only by a trailing slash the client added")
            && m.contains("http://kagent.example.test:8083/api/a2a/kagent/k8s-a2a-agent "),
        "{m}"
    );
    let m = message(
        &run("b25a-K4-v10-client-drops-trailing-slash"),
        "BIND-USE-002",
    );
    assert!(
        m.contains("only by a trailing slash the client dropped"),
        "{m}"
    );
    // An unrelated wrong URL keeps the plain words (f385: the host root, no slash slip).
    let m = message(
        &field("f385-v10-client-ignores-supported-interfaces"),
        "BIND-USE-002",
    );
    assert!(!m.contains("trailing slash"), "{m}");
}

#[test]
fn method_named_path_is_pointed_out() {
    let out = field("f397-v02-client-posts-to-method-named-paths");
    let msgs: Vec<&str> = out
        .findings
        .iter()
        .filter(|f| f.rule == "GW-RESP-003")
        .map(|f| f.message.as_str())
        .collect();
    assert_eq!(msgs.len(), 2, "{msgs:?}");
    for m in msgs {
        assert!(
            m.contains("the path ends with the call's own method name tasks/send")
                && m.contains("/.well-known/agent-card.json"),
            "{m}"
        );
    }
}

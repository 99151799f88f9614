//! review25: what CARD-URL-002 says when a JSON-RPC url that answered other calls answers
//! one method with an HTTP error page (the url is right; the method needs a JSON-RPC
//! error), and how a card fetched on another origin is named among an origin's agents.
//! The rule and severity are checked by `verify_cases`.

use crate::common;

use common::{only_message as message, verify_variant as run};

#[test]
fn json_rpc_url_that_answered_before_is_called_right() {
    for case in [
        "b25r-2-v10-rpc-url-answers-send-then-404-to-list",
        "b25r-2-v10-rpc-url-answers-send-then-501-page-to-list",
    ] {
        let out = run(case);
        // left58 item 3: the url answered, so the rule is RPC-ENVELOPE-001 (no JSON-RPC
        // response with the error), not CARD-URL-002 (card-url-unreachable); same words
        let m = message(&out, "RPC-ENVELOPE-001");
        assert!(
            m.contains("JSON-RPC interface url https://h.example.test/rpc answered HTTP")
                && m.contains("to ListTasks with no JSON-RPC response")
                && m.contains("so the url is right"),
            "{case}: {m}"
        );
        let help = &out
            .findings
            .iter()
            .find(|f| f.rule == "RPC-ENVELOPE-001")
            .unwrap()
            .help;
        assert!(
            help.contains("-32601") && !help.contains("advertise the URL"),
            "{case}: {help}"
        );
    }
}

#[test]
fn card_fetched_elsewhere_is_not_served_by_the_origin() {
    let m = message(
        &run("b25r-4-v10-card-fetched-elsewhere-lists-iface-on-origin-of-another-agent"),
        "CAP-STREAM-001",
    );
    assert!(
        m.contains("(fetched at https://gw.example.test/.well-known/agent-card.json; 2 agents' cards were fetched from https://api.example.test or list an interface there, and POST /rpc is judged by the card of the agent it addressed)")
            && !m.contains("this origin serves"),
        "{m}"
    );
}

#[test]
fn bind_use_names_where_a_card_from_elsewhere_was_fetched() {
    let m = message(
        &run("b25r-4-v10-card-fetched-at-gateway-call-to-other-path-404"),
        "BIND-USE-002",
    );
    assert!(
        m.contains("client sent SendMessage to https://api.example.test/other, which the agent card fetched at https://gw.example.test/.well-known/agent-card.json does not advertise (its interfaces: https://api.example.test/rpc (JSONRPC 1.0))")
            && !m.contains("fetched from this origin"),
        "{m}"
    );
}

//! mine30b (round twenty-seven, version negotiation and compatibility layers): what the
//! round's fixes say. The rule and severity of each case are checked by `verify_cases`;
//! this checks that the messages name the cause and the evidence.
//! - BIND-USE-003 (a2a-js #734): the interface used, the earlier one never tried, and where
//!   each sits in supportedInterfaces.
//! - BIND-USE-001 for a version (trpc-agent-go PR #2472): the version the call spoke, the
//!   version declared at its url, the interface that offers the call's version; whether
//!   the agent's -32601 was right there.
//! - VER-CARD-001 no longer blames the agent for that interface's -32601.
//! - CARD-SHAPE-004 (a2a-python #1111): the 500 at the well-known card path.
//! - DATA-SHAPE-002 (a2a-js PR #520): the doubly wrapped message, and what the inner one
//!   gets wrong on the 0.3 HTTP+JSON route.
//! - VER-HDR-005 (a2a-elixir PR #18): a header-less 1.0 call means 0.3.

use crate::common;

use common::{only_message as message, verify_field as field, verify_variant as run};

#[test]
fn skipped_preferred_interface_names_both_entries() {
    let m = message(
        &field("f640-v10-client-skips-preferred-equal-interface"),
        "BIND-USE-003",
    );
    assert!(
        m.contains("client called https://agent.example.test/backup (/supportedInterfaces/1, JSONRPC 1.0)")
            && m.contains("never tried https://agent.example.test/primary, the earlier entry /supportedInterfaces/0")
            && m.contains("8.3.2"),
        "{m}"
    );
    // Tried first and failed: the fallback is no finding.
    let out = run("b30b-2-legal-v10-backup-after-preferred-failed");
    assert!(
        out.findings.iter().all(|f| f.rule != "BIND-USE-003"),
        "{:?}",
        out.findings
    );
}

#[test]
fn call_in_a_version_declared_elsewhere_names_the_right_interface() {
    let out = field("f641-v10-client-takes-first-binding-of-other-version");
    let m = message(&out, "BIND-USE-001");
    assert!(
        m.contains("client called SendMessage (A2A 1.0) at /a2a/v03")
            && m.contains("declares as protocol version 0.3 only")
            && m.contains("rightly: that version has no such method")
            && m.contains("the card offers 1.0 at https://agent.example.test/a2a/rest"),
        "{m}"
    );
    assert!(
        out.findings.iter().all(|f| f.rule != "VER-CARD-001"),
        "{:?}",
        out.findings
    );
    // The other way round, a 0.3 call at a 1.0-only url: the interface owed -32009.
    let out = run("b30b-4-v03-call-at-10-only-url-03-elsewhere");
    let m = message(&out, "BIND-USE-001");
    assert!(
        m.contains("owes -32009 VersionNotSupportedError there"),
        "{m}"
    );
    let m = message(&out, "VER-HDR-004");
    assert!(
        m.contains("at /a2a, an interface its card declares 1.0 only")
            && m.contains("0.3 interface at https://agent.example.test/a2a/legacy"),
        "{m}"
    );
}

#[test]
fn card_route_500_and_double_wrapped_message_are_named() {
    let m = message(
        &field("f645-v10-well-known-card-500-for-10-only-card"),
        "CARD-SHAPE-004",
    );
    assert!(
        m.contains("GET /.well-known/agent-card.json with 500 Internal Server Error"),
        "{m}"
    );
    let m = message(
        &field("f646-v03-rest-send-with-jsonrpc-shapes"),
        "DATA-SHAPE-002",
    );
    assert!(
        m.contains(
            "request member holds {\"message\": {...}} around the Message, one wrapper too many"
        ) && m.contains("inside it, too: role is \"user\" instead of ROLE_USER"),
        "{m}"
    );
}

#[test]
fn headerless_1_0_call_served_says_it_means_0_3() {
    let m = message(
        &field("f647-v10-headerless-call-served-by-10-only-agent"),
        "VER-HDR-005",
    );
    assert!(
        m.contains("carries no A2A-Version, which means 0.3")
            && m.contains("a version the card does not offer (1.0)"),
        "{m}"
    );
}

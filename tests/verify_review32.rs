//! review32 (the verifier's leftovers of session 31): what the changed findings say. A 404 at
//! the card path that came after the origin's 1.0 calls says "after"; a 0.3 method sent under
//! `A2A-Version: 1.0` is named with both versions in VER-CARD-002. Rules and severities are
//! checked by `verify_cases`.

use crate::common;

use common::{only_message as message, verify_variant as run};

#[test]
fn card_404_after_the_calls_says_after_and_lists_evidence_in_order() {
    let out = run("b32q-K1-v10-card-404-after-the-calls");
    let m = message(&out, "CARD-PATH-004");
    assert!(
        m.starts_with("https://agent.example.test/.well-known/agent-card.json answered 404 after this origin answered a 1.0 A2A call"),
        "{m}"
    );
    let f = out
        .findings
        .iter()
        .find(|f| f.rule == "CARD-PATH-004")
        .expect("CARD-PATH-004");
    let seqs: Vec<u64> = f.evidence.iter().map(|e| e.seq).collect();
    assert!(seqs.windows(2).all(|w| w[0] < w[1]), "{seqs:?}");
}

#[test]
fn v03_method_under_v10_header_names_both_versions() {
    let m = message(
        &run("b32q-V1-v10-v03-method-under-1-0-header-refused"),
        "VER-CARD-002",
    );
    assert!(
        m.starts_with("client called message/send, a protocol version 0.3 method, under A2A-Version 1.0 (the body and the header disagree, VER-MIX-002), and the agent's card declares only 1.0: the agent's refusal is expected; protocol version 1.0 names this call SendMessage"),
        "{m}"
    );
}

#[test]
fn gateway_card_passed_on_is_judged_once_on_the_client_leg() {
    let out = run("b32q-G2-gw-v10-upstream-card-bind-all-passed-on");
    let rules: Vec<&str> = out.findings.iter().map(|f| f.rule.as_str()).collect();
    assert!(rules.contains(&"CARD-URL-003"), "{rules:?}");
    assert!(!rules.contains(&"CARD-URL-011"), "{rules:?}");
}

#[test]
fn bind_all_card_of_a_remote_agent_names_the_agent_host_and_the_proxy() {
    let m = message(
        &run("b32q-R1-v10-card-bind-all-remote-agent-through-loopback-proxy"),
        "CARD-URL-003",
    );
    assert_eq!(
        m,
        "card interface url points at a bind-all address (0.0.0.0) but the card was fetched from agent.example.test (through the recording proxy at 127.0.0.1)"
    );
}

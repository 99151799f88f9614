//! mine27b: what the round's kind fix says. The rule and severity of each case are checked
//! by `verify_cases`; this checks that the message names the two URLs and why no 0.3 client
//! finds the card, and that the controls stay silent on the rule.
//! - CARD-PATH-003 (agentscope-java #1455, a2a-inspector #86): a 0.3 card served only at the
//!   0.2 path `/.well-known/agent.json` while `/.well-known/agent-card.json` answered 404 is a
//!   note (0.3 §5.3 only recommends agent-card.json, so f295's agent stays legal); a card that
//!   also declares 1.0 is CARD-PATH-001's alone; a 0.2 card there, a card at both paths and
//!   a recording that never asked for agent-card.json are not judged.
//! - CARD-PATH-001 / CARD-PATH-003, paired per agent (a2a-net #21): a 404 for one agent of a
//!   host (or its root) and another agent's card at its 0.2 path are no pair.

use crate::common;

use a2a_interop::verify::Severity;
use common::{only_message as message, verify_field as field, verify_variant as run};

#[test]
fn a_0_3_card_only_at_the_0_2_path_is_named() {
    let m = message(&field("f480-v03-card-only-at-legacy-path"), "CARD-PATH-003");
    assert!(
        m.contains("https://agent.example.test/.well-known/agent-card.json answered 404")
            && m.contains("https://agent.example.test/.well-known/agent.json, the 0.2 path")
            && m.contains("protocolVersion 0.3")
            && m.contains("0.3 §5.3 recommends agent-card.json")
            && m.contains("serve it there too"),
        "{m}"
    );
    // The fetches the other way round, and another origin (an HTTP+JSON agent).
    let m = message(
        &run("b27b-K1-v03-legacy-card-first-then-404"),
        "CARD-PATH-003",
    );
    assert!(m.contains("answered 404"), "{m}");
    let m = message(&run("b27b-K1-v03-rest-card-cloud-run"), "CARD-PATH-003");
    assert!(
        m.contains("https://planner-agent.example.test/.well-known/agent.json"),
        "{m}"
    );
}

#[test]
fn a_card_that_declares_1_0_is_card_path_001_alone() {
    let out = run("b27b-K1-hybrid-card-legacy-path-is-card-path-001");
    let ids: Vec<&str> = out
        .findings
        .iter()
        .filter(|f| f.rule.starts_with("CARD-PATH"))
        .map(|f| f.rule.as_str())
        .collect();
    assert_eq!(ids, ["CARD-PATH-001"], "{:?}", out.findings);
}

#[test]
fn controls_stay_silent_and_f295_stays_legal() {
    for name in [
        "b27b-K1-legal-v02-card-legacy-path",
        "b27b-K1-legal-v03-card-at-both-paths",
        "b27b-K1-legal-v03-card-legacy-path-never-asked",
    ] {
        let out = run(name);
        assert!(
            out.findings
                .iter()
                .all(|f| !f.rule.starts_with("CARD-PATH")),
            "{name}: {:?}",
            out.findings
        );
    }
    // The earlier round's legal 0.3 agent at the 0.2 path: a note, never a warning or error.
    let out = field("f295-legal-v03-card-only-at-agent-json");
    assert!(
        out.findings.iter().all(|f| f.severity == Severity::Note),
        "{:?}",
        out.findings
    );
    assert!(
        out.findings.iter().any(|f| f.rule == "CARD-PATH-003"),
        "{:?}",
        out.findings
    );
}

/// K2 (a2a-net #21): the card paths of one host are paired per agent, the path before
/// `/.well-known/`; a finding names the agent's own URLs.
#[test]
fn card_paths_are_paired_per_agent_path() {
    for name in [
        "b27b-K2-legal-v03-root-404-agent-under-path",
        "b27b-K2-legal-v10-root-404-agent-under-path",
        "b27b-K2-legal-v10-other-agent-404",
    ] {
        let out = run(name);
        assert!(
            out.findings
                .iter()
                .all(|f| !f.rule.starts_with("CARD-PATH")),
            "{name}: {:?}",
            out.findings
        );
    }
    let m = message(
        &run("b27b-K2-v10-agent-under-path-legacy-only"),
        "CARD-PATH-001",
    );
    assert!(
        m.starts_with(
            "https://agent.example.test/agents/currency/.well-known/agent-card.json answered 404 while https://agent.example.test/agents/currency/.well-known/agent.json serves a 1.0 card"
        ),
        "{m}"
    );
    let m = message(
        &run("b27b-K2-v03-agent-under-path-legacy-only"),
        "CARD-PATH-003",
    );
    assert!(
        m.contains(
            "https://agent.example.test/agents/currency/.well-known/agent.json, the 0.2 path"
        ),
        "{m}"
    );
}

//! Wording of the findings for breaker13's items: the rules are pinned by
//! `tests/cases/variants/b13-*`; these tests pin that the message names the party at fault
//! and the evidence in the wire's own names.

use crate::common;

use common::variant_message as one;

/// M10: the gRPC method is SendMessage in both generations; the 0.3 part is the service
/// name (GRPC-001), so the message names the service and the 1.0 one.
#[test]
fn m10_grpc_version_mix_names_the_service() {
    let m = one("b13-M10-grpc-header-1.0-calls-0.3-service", "VER-MIX-002");
    assert!(m.contains("gRPC service a2a.v1.A2AService"), "{m}");
    assert!(m.contains("lf.a2a.v1.A2AService"), "{m}");
    assert!(!m.contains("0.3 method"), "{m}");
}

/// M2: the orchestrator that passed its client's webhook on is named, and the agent that
/// got it; the token's value is not printed.
#[test]
fn m2_relayed_push_config_names_both_agents_not_the_token() {
    let m = one(
        "b13-M2-chain-v10-orchestrator-relays-client-push-config",
        "PUSH-BODY-004",
    );
    assert!(m.starts_with("agent at http://orch.example.test:80"), "{m}");
    assert!(m.contains("http://b.example.test:80"), "{m}");
    assert!(m.contains("http://client.example.test/hook"), "{m}");
    assert!(!m.contains("ctok"), "{m}");
}

/// M3: the client finding names the URL it used and the card's https URL; the agent's
/// finding is separate.
#[test]
fn m3_downgrade_names_client_url_and_card_url() {
    let name = "b13-M3-v10-client-downgrades-https-to-http";
    let m = one(name, "AUTH-TLS-002");
    assert!(m.starts_with("client sent SendMessage"), "{m}");
    assert!(m.contains("http://agent.example.test/a2a"), "{m}");
    assert!(m.contains("https://agent.example.test/a2a"), "{m}");
    let a = one(name, "AUTH-TLS-003");
    assert!(a.starts_with("agent answered SendMessage"), "{a}");
}

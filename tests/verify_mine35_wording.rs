//! mine35 (round thirty-five: the extended card, card signatures, tenants and push
//! delivery): what CARD-SIG-003 (card-changed-signature-kept) says when an agent's
//! authenticated extended card carries its public card's JWS over other content (ag2 PR
//! #3111), both ways round and between two extended answers, and what CARD-SIG-004
//! (card-signature-key-url-not-https) says of a key URL over plain http (ggcode PR #2503);
//! and that both stay quiet where they must. Rules and severities are checked by
//! `verify_cases`.

use crate::common;

use common::{assert_variants_quiet as assert_quiet, only_message as message, variant_message};

#[test]
fn an_extended_card_with_the_public_cards_signature_names_both_cards_and_the_first_difference() {
    let out = common::verify_field("f800-v10-extended-card-reuses-public-card-signature");
    let m = message(&out, "CARD-SIG-003");
    assert_eq!(
        m,
        "the agent's extended card (POST /a2a) carries the JWS signature of its public card over other content (at /skills/1 the public card has (absent), the extended card {\"id\":\"payroll\",\"name\":\"Payroll\",\"description\":\"Runs the payroll export (authenticated callers only)\",\"tags\":[\"hr\"]}): the signature covers the JCS of one card without its signatures, so it fits at most one of them, and a client that verifies the extended card before it replaces the public one rejects it"
    );
    // HTTP+JSON: the route is named, and a changed scalar member is shown on both sides.
    let out = common::verify_field("f801-v10-rest-extended-card-reuses-public-card-signature");
    let m = message(&out, "CARD-SIG-003");
    assert!(
        m.starts_with("the agent's extended card (GET /api/extendedAgentCard) carries the JWS signature of its public card over other content (at /description the public card has \"Answers questions\", the extended card \"Answers questions; payroll exports for signed-in staff\")"),
        "{m}"
    );
}

#[test]
fn the_public_card_after_the_extended_one_and_two_extended_answers_are_told_in_their_own_words() {
    let m = variant_message(
        "b35a-K1-v10-rest-extended-fetched-before-public",
        "CARD-SIG-003",
    );
    assert!(
        m.starts_with("the agent's public card (GET /.well-known/agent-card.json) carries the JWS signature of its extended card over other content (at /skills/1 the extended card has {\"id\":\"audit\""),
        "{m}"
    );
    assert!(
        m.ends_with("the public card (absent)): the signature covers the JCS of one card without its signatures, so it fits at most one of them, and a client that verifies signatures rejects the one it does not fit"),
        "{m}"
    );
    let m = variant_message(
        "b35a-K1-v10-extended-card-changed-between-calls",
        "CARD-SIG-003",
    );
    assert!(
        m.starts_with("the agent's extended card (POST /a2a) changed since its earlier answer but carries the same JWS signature (at /skills/2 it was (absent) and is now {\"id\":\"rollback\""),
        "{m}"
    );
}

#[test]
fn cards_signed_apart_or_equal_stay_quiet() {
    assert_quiet(&[
        "b35a-K1-legal-v10-extended-card-own-signature",
        "b35a-K1-legal-v10-extended-card-equals-public-reordered",
        "b35a-K1-legal-v10-only-public-card-signed",
        "b35a-K1-legal-v10-rest-extended-card-refused-then-own-signature",
    ]);
    for name in [
        "f818-legal-v10-public-and-extended-cards-signed-apart",
        "f806-legal-v10-signed-card-refetched-defaults-written",
    ] {
        let out = common::verify_field(name);
        assert!(
            out.findings.iter().all(|f| f.rule != "CARD-SIG-003"),
            "{name}"
        );
    }
}

#[test]
fn a_plain_http_key_url_names_the_entry_the_member_and_the_header() {
    let out = common::verify_field("f819-v10-signed-card-jku-plain-http");
    let m = message(&out, "CARD-SIG-004");
    assert_eq!(
        m,
        "the agent's card signature signatures[0] names its key over plain http, jku \"http://keys.agent.example.test/.well-known/jwks.json\" in its protected header (RFC 7515 requires TLS to fetch it): a verifier that follows the RFC cannot get the key and rejects the card, and one that fetches it takes any key a network attacker serves, so a forged card verifies"
    );
    let m = variant_message("b35a-K2-v10-jku-http-in-unprotected-header", "CARD-SIG-004");
    assert!(
        m.contains("jku \"http://pki.ops.example.test/jwks.json\" in its unprotected header"),
        "{m}"
    );
    let m = variant_message("b35a-K2-v10-x5u-http", "CARD-SIG-004");
    assert!(
        m.contains("x5u \"http://pki.ops.example.test/ops-card.pem\" in its protected header"),
        "{m}"
    );
}

#[test]
fn https_and_loopback_key_urls_stay_quiet() {
    assert_quiet(&[
        "b35a-K2-legal-v10-jku-https-and-x5u-https",
        "b35a-K2-legal-v10-jku-http-loopback",
    ]);
    let out = common::verify_field("f807-legal-v10-signed-card-eddsa-kid-jku");
    assert!(out.findings.iter().all(|f| f.rule != "CARD-SIG-004"));
}

//! The lead, session 35: an ErrorInfo of A2A's own domain (`a2a-protocol.org`) whose reason
//! spells an A2A error another way (`TaskNotFoundError`, `task_not_found`, the 0.3 name
//! `AuthenticatedExtendedCardNotConfiguredError`) names the table's reason (ERR-002,
//! ERR-003, ERR-004), on HTTP+JSON (REST-ERROR-001) and JSON-RPC (RPC-ERROR-002); and the
//! table's spelling, another domain's reason and a reason naming no A2A error stay quiet.
//! And an authenticated extended card served to a call whose only credential is an
//! Authorization header under a scheme the public card does not name (AUTH-005, AUTH-002)
//! is AUTH-EXT-001, named as such; the card's own scheme, a card naming either, and the
//! public card's content served stay quiet.
//! Rules and severities are checked by `verify_cases` (variants `b35m-*`).

use crate::common;

use common::{assert_variants_quiet, variant_message};

#[test]
fn a_misspelled_a2a_reason_names_the_tables_reason() {
    let m = variant_message(
        "b35m-M1-v10-rest-reason-is-the-error-name",
        "REST-ERROR-001",
    );
    assert!(
        m.ends_with("is not the AIP-193 shape: ErrorInfo of domain \"a2a-protocol.org\" has reason \"TaskNotFoundError\", not the A2A reason \"TASK_NOT_FOUND\" (ERR-002's ErrorInfo.reason column): a client matches the reason exactly, so it does not recognise this error"),
        "{m}"
    );
    let m = variant_message("b35m-M2-v10-rest-reason-snake-case", "REST-ERROR-001");
    assert!(
        m.contains("has reason \"task_not_found\", not the A2A reason \"TASK_NOT_FOUND\""),
        "{m}"
    );
    let m = variant_message(
        "b35m-M3-v10-jsonrpc-reason-is-the-error-name",
        "RPC-ERROR-002",
    );
    assert!(m.starts_with("1.0 error data: ErrorInfo of domain \"a2a-protocol.org\" has reason \"TaskNotFoundError\""), "{m}");
    let m = variant_message("b35m-M4-v10-jsonrpc-reason-03-name", "RPC-ERROR-002");
    assert!(
        m.contains("has reason \"AuthenticatedExtendedCardNotConfiguredError\", not the A2A reason \"EXTENDED_AGENT_CARD_NOT_CONFIGURED\""),
        "{m}"
    );
}

#[test]
fn the_tables_reason_another_domain_and_other_reasons_stay_quiet() {
    assert_variants_quiet(&[
        "b35m-M5-legal-v10-rest-reason-as-the-table",
        "b35m-M6-legal-v10-rest-error-name-under-own-domain",
        "b35m-M7-legal-v10-jsonrpc-invalid-params-reason",
    ]);
}

#[test]
fn an_extended_card_served_to_another_scheme_names_what_was_sent_and_what_the_card_asks() {
    let m = variant_message(
        "b35m-X1-v10-extended-card-to-basic-for-bearer-card",
        "AUTH-EXT-001",
    );
    assert_eq!(
        m,
        "authenticated extended card was served to a request whose only credential is the Authorization header as Basic, which no security scheme of the public card names (GetExtendedAgentCard answered HTTP 200); the card asks for the Authorization header as Bearer (scheme bearer): the agent disclosed its extended card to a credential its card does not declare (AUTH-005, AUTH-002); refuse such a call with 401, or declare the scheme it accepts"
    );
    let m = variant_message(
        "b35m-X2-v10-rest-extended-card-to-token-for-bearer-card",
        "AUTH-EXT-001",
    );
    assert!(
        m.contains("the Authorization header as Token, which no security scheme"),
        "{m}"
    );
    assert_variants_quiet(&[
        "b35m-X3-legal-v10-extended-card-to-bearer",
        "b35m-X4-legal-v10-extended-card-to-basic-card-names-either",
        "b35m-X5-legal-v10-public-content-to-basic-for-bearer-card",
    ]);
}

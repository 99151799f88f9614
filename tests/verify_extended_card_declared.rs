//! CAP-CARD-001 (AUTH-005, 1.0 §3.1.11, §13.3): an extended agent card served although the
//! public card does not declare `capabilities.extendedAgentCard`; the agent MUST answer
//! UnsupportedOperationError instead (breaker8 G18, transcripts from its mk_ext.py).

use crate::common;

use std::path::Path;

use common::verify_file as verify;

fn rules_of(name: &str) -> Vec<String> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/extended-card")
        .join(name);
    verify(&path)
        .findings
        .into_iter()
        .filter(|f| f.severity != a2a_interop::verify::Severity::Note)
        .map(|f| f.rule)
        .collect()
}

#[test]
fn an_undeclared_extended_card_served_is_cap_card_001() {
    // card: capabilities.extendedAgentCard false; GetExtendedAgentCard with credentials
    // answered 200 with a card
    assert_eq!(rules_of("x-ext-notdeclared.jsonl"), ["CAP-CARD-001"]);
}

#[test]
fn a_declared_extended_card_served_is_silent() {
    // the same over JSON-RPC and HTTP+JSON with extendedAgentCard true
    assert_eq!(rules_of("x-ext-ok.jsonl"), Vec::<String>::new());
}

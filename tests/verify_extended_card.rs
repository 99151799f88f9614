//! URLs in an authenticated extended card are judged like the public card's (CARD-005,
//! CARD-006, CARD-URL-001..005): a client that switches to the extended card follows them.
//! Two transcripts in `tests/data/extended-card/`: a 1.0 `GetExtendedAgentCard` result
//! naming an in-cluster host, and a 0.3 `/agent/authenticatedExtendedCard` with a doubled
//! path; their public cards are clean.

use crate::common;

use std::path::Path;

use common::verify_file as verify;

fn judged(name: &str) -> Vec<(String, u64, Option<String>)> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/extended-card")
        .join(name);
    let out = verify(&path);
    out.findings
        .iter()
        .map(|f| {
            let e = &f.evidence[0];
            (f.rule.clone(), e.seq, e.pointer.clone())
        })
        .collect()
}

#[test]
fn a_json_rpc_extended_card_naming_an_internal_host_is_reported_at_its_result_pointer() {
    let f = judged("v10-jsonrpc-internal-host.jsonl");
    // The internal host (CARD-URL-003), and, since the card came over https and names
    // http://10.x, its cleartext downgrade (AUTH-TLS-004): two faults of one value, both at
    // the extended card's result pointer. The internal host is the root cause, so it comes
    // first and the downgrade names it as its cause.
    let rules: Vec<&str> = f.iter().map(|x| x.0.as_str()).collect();
    assert_eq!(rules, ["CARD-URL-003", "AUTH-TLS-004"], "{f:?}");
    for x in &f {
        assert_eq!(x.2.as_deref(), Some("/result/supportedInterfaces/0/url"));
    }
}

#[test]
fn a_rest_extended_card_with_a_doubled_path_is_reported() {
    let f = judged("v03-rest-doubled-path.jsonl");
    assert_eq!(f.len(), 1, "{f:?}");
    assert_eq!(f[0].0, "CARD-URL-001");
    assert_eq!(f[0].2.as_deref(), Some("/url"));
}

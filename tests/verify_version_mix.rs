//! A client that mixes versions is the client's fault (VER-002, VER-MIX-002), not the
//! card's (VER-CARD-001). Real traffic: the JS SDK agent (@a2a-js/sdk, card offering
//! JSON-RPC 1.0 and 0.3 on one URL) sent the 0.3 method `message/send` with
//! `A2A-Version: 1.0` answers -32601, which is right: 1.0 has no `message/send`
//! (breaker8 G22).

use crate::common;

use std::path::Path;

use common::verify_file as verify;

#[test]
fn a_0x_method_sent_with_a2a_version_1_is_the_clients_mix_not_the_cards() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/version-mix/js-sdk-0.3-method-with-a2a-version-1.0.jsonl");
    // errors and warnings (the card's URL naming the agent's own port, behind the proxy,
    // is a note: CARD-URL-005)
    // e2: A2A-Version 1.0 with `message/send`; e3: A2A-Version 0.3 with `SendMessage`
    // (the reverse mix, breaker9a B9); e4: `SendMessage` without A2A-Version, which VER-003
    // reads as 0.3, so the same mix as e3 (breaker10 E16). All are the client's; the agent's
    // -32601 is right.
    let found: Vec<(String, String)> = verify(&path)
        .findings
        .into_iter()
        .filter(|f| f.severity != a2a_interop::verify::Severity::Note)
        .map(|f| (f.rule, f.message))
        .collect();
    let want = [
        "request declares A2A-Version 1.0 but uses the 0.3 method message/send",
        "request declares A2A-Version 0.3 but uses the 1.0 method SendMessage",
        "client's request sends no A2A-Version (which means 0.3) but uses the 1.0 method SendMessage: a 1.0 client sends A2A-Version: 1.0 on every request",
    ];
    assert_eq!(
        found,
        want.map(|m| ("VER-MIX-002".to_string(), m.to_string())),
        "{found:?}"
    );
}

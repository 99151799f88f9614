//! A 1.0 StreamResponse POSTed to a webhook registered over 0.3 (a2a-js #487 / PR #507;
//! both SDKs 1.3.0 do it) breaks no version rule: the 0.x push payload is not fixed
//! (PUSH-005). The VER-MIX-001 warning cites PUSH-005 and says what 0.3 receivers usually
//! expect (breaker8 G20).

use crate::common;

use std::path::Path;

use common::verify_file as verify;

#[test]
fn a_1_0_push_body_to_a_0_3_webhook_cites_push_005() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/cases/variants/f41-v03-push-gets-10-body.jsonl");
    let found: Vec<_> = verify(&path)
        .findings
        .into_iter()
        .filter(|f| f.rule == "VER-MIX-001")
        .collect();
    assert_eq!(found.len(), 1, "{found:#?}");
    assert_eq!(found[0].spec, ["PUSH-005"]);
    assert_eq!(
        found[0].message,
        "push notification for a webhook registered over 0.3 uses the 1.0 oneof wrapper instead of the kind discriminator: the 0.x push payload is not fixed (PUSH-005), but 0.3 receivers usually expect the Task object (the 0.x examples)"
    );
}

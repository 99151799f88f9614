//! review29a: what `verify_cases` cannot see in the b29r variants (it checks errors and
//! warnings only): CAP-STREAM-003 is a note.
//! - CAP-STREAM-003 (mine29b) names "the agent's refusal": a success in one JSON body
//!   (STREAM-HTTP-001's) and a 401 are no such refusal, UnsupportedOperationError is.

use crate::common;

use common::verify_variant as run;

fn has(name: &str, rule: &str) -> bool {
    run(name).findings.iter().any(|f| f.rule == rule)
}

#[test]
fn streaming_note_only_for_a_refusal_of_the_stream() {
    for name in [
        "b29r-B1-v03-stream-to-card-without-streaming-answered-json-result",
        "b29r-B2-v03-stream-to-card-without-streaming-refused-401",
    ] {
        assert!(
            !has(name, "CAP-STREAM-003"),
            "{name}: {:?}",
            run(name).findings
        );
    }
    let name = "b29r-B3-v03-stream-to-card-without-streaming-refused-32004";
    assert!(
        has(name, "CAP-STREAM-003"),
        "{name}: {:?}",
        run(name).findings
    );
}

//! HTTP+JSON non-streaming routes answered as an SSE stream (breaker8 G24): the REST twin
//! of RPC-ENVELOPE-001's "non-streaming method ... answered with text/event-stream" is
//! REST-HTTP-001 (REST-001, REST-003); the route's events are not judged as
//! StreamResponses (no STREAM-SHAPE-001 sending the engineer to the payload).

use crate::common;

use std::path::Path;

use common::verify_file as verify;

fn rules_of(name: &str) -> Vec<(String, String)> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/rest-unary-sse")
        .join(name);
    verify(&path)
        .findings
        .into_iter()
        .filter(|f| f.severity != a2a_interop::verify::Severity::Note)
        .map(|f| (f.rule, f.message))
        .collect()
}

#[test]
fn message_send_answered_as_a_stream_is_rest_http_001() {
    let got = rules_of("z-rest-send-as-sse.jsonl");
    assert_eq!(
        got,
        [(
            "REST-HTTP-001".to_string(),
            "non-streaming route POST /rest/message:send was answered with text/event-stream instead of one JSON body".to_string()
        )],
        "{got:?}"
    );
}

#[test]
fn get_task_answered_as_a_stream_is_rest_http_001_not_a_stream_shape() {
    let got = rules_of("z-rest-get-as-sse.jsonl");
    let rules: Vec<&str> = got.iter().map(|(r, _)| r.as_str()).collect();
    assert_eq!(rules, ["REST-HTTP-001"], "{got:?}");
    assert!(got[0].1.contains("GET /rest/tasks/t1"), "{got:?}");
}

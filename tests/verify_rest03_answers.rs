//! 0.3 HTTP+JSON answers are ProtoJSON of the 0.3 proto (REST-003, GRPC-001, DIGEST §0.1):
//! `TASK_STATE_CANCELLED`, parts in `content`, no `kind`, a `{task}` / `{message}`
//! SendMessageResponse. An answer in the 1.0 or JSON-RPC spellings breaks the 0.3 REST
//! clients of both SDKs (breaker8 G23; the request side is DATA-SHAPE-002). Transcripts
//! from breaker8's mk_rest03.py: one `POST /rest/v1/message:send` and its answer.

use crate::common;

use std::path::Path;

use common::verify_file as verify;

fn findings(name: &str) -> Vec<(String, String)> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/rest03-answers")
        .join(name);
    verify(&path)
        .findings
        .into_iter()
        .filter(|f| f.severity != a2a_interop::verify::Severity::Note)
        .map(|f| (f.rule, f.message))
        .collect()
}

#[test]
fn the_0_3_answer_in_0_3_spellings_is_silent() {
    assert_eq!(findings("r03-ok.jsonl"), []);
}

#[test]
fn task_state_canceled_on_a_0_3_route_is_task_state_005() {
    assert_eq!(
        findings("r03-cancelled-one-l.jsonl"),
        [(
            "TASK-STATE-005".to_string(),
            "task state \"TASK_STATE_CANCELED\" is the 1.0 spelling; 0.3 HTTP+JSON clients only parse TASK_STATE_CANCELLED".to_string()
        )]
    );
}

#[test]
fn the_mirror_on_a_1_0_route_stays_task_state_005() {
    let got = findings("r10-cancelled-two-l.jsonl");
    assert_eq!(got.len(), 1, "{got:?}");
    assert_eq!(got[0].0, "TASK-STATE-005");
}

#[test]
fn message_parts_instead_of_content_is_data_shape_001() {
    assert_eq!(
        findings("r03-msg-parts.jsonl"),
        [(
            "DATA-SHAPE-001".to_string(),
            "send result message is malformed: 0.3 HTTP+JSON message lists its parts under the JSON-RPC member parts instead of content".to_string()
        )]
    );
}

#[test]
fn a_bare_json_rpc_task_is_not_a_send_message_response() {
    let got = findings("r03-jsonrpc-shapes.jsonl");
    assert!(
        got.iter().any(|(r, m)| r == "DATA-SHAPE-001"
            && m == "0.3 HTTP+JSON send result is a bare JSON-RPC object with the kind discriminator, not {task} or {message}"),
        "{got:?}"
    );
}

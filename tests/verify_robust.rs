//! Bad input never panics the verifier, and missing data gives no invented findings:
//! arbitrary request/response bodies (JSON-ish or raw bytes), event orders and outcomes go
//! through `feed`/`finish`; a truncated exchange is reported incomplete and judged no
//! further.

use a2a_interop::record::{
    transcript, Body, CaptureMode, Event, EventKind, Headers, Outcome, RecordingHeader,
};
use a2a_interop::verify::{verify_all, Verifier};
use proptest::prelude::*;

fn body_strategy() -> impl Strategy<Value = Vec<u8>> {
    prop_oneof![
        proptest::collection::vec(any::<u8>(), 0..200),
        // JSON-ish fragments from A2A vocabulary, glued at random.
        proptest::collection::vec(
            prop_oneof![
                Just("{\"jsonrpc\":\"2.0\",".to_string()),
                Just("\"id\":1,".to_string()),
                Just("\"result\":{\"task\":{\"id\":\"t\",\"status\":{\"state\":\"TASK_STATE_COMPLETED\"}}}".to_string()),
                Just("\"error\":{\"code\":-32001}".to_string()),
                Just("\"method\":\"SendMessage\",\"params\":{\"message\":{\"taskId\":\"t\"}}".to_string()),
                Just("data: {\"statusUpdate\":{\"taskId\":\"t\"}}\n\n".to_string()),
                Just("\"supportedInterfaces\":[{\"url\":\"http://[::1]:0/a/a/a/a\"}]".to_string()),
                Just("}".to_string()),
                Just("\r".to_string()),
                "[a-z{}\\[\\]\":,0-9]{0,12}",
            ],
            0..10,
        )
        .prop_map(|v| v.concat().into_bytes()),
    ]
}

fn event_strategy() -> impl Strategy<Value = (u8, u8, u8, Vec<u8>)> {
    (0u8..6, 0u8..4, 0u8..6, body_strategy())
}

fn build(spec: Vec<(u8, u8, u8, Vec<u8>)>) -> Vec<Event> {
    let urls = [
        "https://a.example.test/.well-known/agent-card.json",
        "https://a.example.test/a2a",
        "https://a.example.test/tasks/t:cancel",
        "/message:stream",
        "http://127.0.0.1/v1/tasks/t",
        "https://hook.example.test/w",
    ];
    let cts = [
        "application/json",
        "text/event-stream",
        "text/plain",
        "application/a2a+json",
    ];
    spec.into_iter()
        .enumerate()
        .map(|(i, (kind, x, sel, body))| {
            let kind = match kind {
                0 => EventKind::RequestHead {
                    conn: None,
                    method: if sel % 2 == 0 {
                        "POST".into()
                    } else {
                        "GET".into()
                    },
                    url: urls[sel as usize % urls.len()].into(),
                    version: None,
                    headers: Headers::from(vec![(
                        "a2a-version".into(),
                        ["1.0", "0.3", "99"][sel as usize % 3].into(),
                    )]),
                    upstream: None,
                },
                1 => EventKind::RequestBody {
                    body: Body::new(body),
                },
                2 => EventKind::ResponseHead {
                    status: [200, 404, 201, 500, 405, 502][sel as usize % 6],
                    version: None,
                    headers: Headers::from(vec![(
                        "content-type".into(),
                        cts[sel as usize % cts.len()].into(),
                    )]),
                    synthetic: sel == 5,
                    reason: None,
                },
                3 => EventKind::ResponseChunk {
                    body: Body {
                        data: body.into(),
                        truncated: sel == 4,
                    },
                },
                4 => EventKind::ExchangeEnd {
                    outcome: [
                        Outcome::Complete,
                        Outcome::UpstreamAbort,
                        Outcome::Open,
                        Outcome::UpstreamError,
                        Outcome::ClientAbort,
                        Outcome::Complete,
                    ][sel as usize % 6],
                    error: None,
                    trailers: None,
                    request_bytes: 0,
                    response_bytes: 0,
                    truncated: sel == 3,
                    resent: (sel == 5).then(|| "connection closed before message completed".into()),
                    connect_failure: None,
                },
                _ => EventKind::Gap {
                    dropped_events: 1,
                    dropped_bytes: 1,
                    reason: None,
                },
            };
            Event {
                seq: i as u64 + 1,
                t_us: i as u64 * 1000,
                exchange: Some(format!("e{}", x + 1).into()),
                leg: if sel == 2 {
                    Some("upstream".into())
                } else {
                    None
                },
                kind,
            }
        })
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]
    #[test]
    fn arbitrary_events_never_panic(spec in proptest::collection::vec(event_strategy(), 0..40)) {
        let evs = build(spec);
        let header = RecordingHeader::new(CaptureMode::Forward);
        let mut v = Verifier::new(&header);
        for e in &evs { v.feed(e); }
        let out = v.finish();
        for f in &out.findings {
            prop_assert!(!f.evidence.is_empty());
            prop_assert!(!f.message.is_empty());
        }
    }
}

#[test]
fn truncated_exchange_is_incomplete_and_not_judged() {
    // CASE-14's parse-error exchange, but the response body was cut by the capture cap.
    let t = r#"{"dir":"req","method":"POST","url":"https://a.example.test/a2a","headers":{"content-type":"application/json"},"body":"{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"SendMessage\",\"params\":{\"message\":"}
{"dir":"resp","status":200,"headers":{"content-type":"application/json"},"body":"{\"jsonrpc\":\"2.0\",\"id\":null,\"error\":{\"code\":-32603,\"message\":\"Internal error\"}}"}"#;
    let (h, mut evs) = transcript::read(t).unwrap();
    let full = verify_all(&h, evs.iter());
    // The agent's wrong code, and a note naming the client whose body is not JSON
    // (DATA-SHAPE-005, breaker15b R11).
    let mut names: Vec<&str> = full.findings.iter().map(|f| f.name.as_str()).collect();
    names.sort();
    assert_eq!(
        names,
        [
            "client-request-body-not-json",
            "jsonrpc-error-code-mismatch"
        ],
        "{:?}",
        full.findings
    );
    for e in &mut evs {
        if let EventKind::ExchangeEnd { truncated, .. } = &mut e.kind {
            *truncated = true;
        }
    }
    let cut = verify_all(&h, evs.iter());
    assert!(cut.findings.is_empty(), "{:?}", cut.findings);
    assert_eq!(cut.incomplete.len(), 1);
    assert_eq!(cut.incomplete[0].0, "e1");
}

/// A request nested deeper than the parser's 128 levels may be valid JSON (RFC 8259 §9
/// lets a parser limit nesting): the agent's −32600 or −32700 are both fair, so neither is
/// a wrong error code; a truly broken request is still judged (−32603 for a parse error).
#[test]
fn a_request_nested_past_the_parser_limit_is_not_judged_for_its_error_code() {
    let deep = "[".repeat(200_000) + &"]".repeat(200_000);
    let body = format!(
        r#"{{"jsonrpc":"2.0","id":1,"method":"message/send","params":{{"message":{deep}}}}}"#
    );
    for code in [-32600, -32700, -32602] {
        let t = format!(
            "{}\n{}",
            serde_json::json!({"dir":"req","method":"POST","url":"https://a.example.test/a2a","headers":{"content-type":"application/json"},"body":body}),
            serde_json::json!({"dir":"resp","status":200,"headers":{"content-type":"application/json"},"body":format!(r#"{{"jsonrpc":"2.0","id":1,"error":{{"code":{code},"message":"too deep"}}}}"#)}),
        );
        let (h, evs) = transcript::read(&t).unwrap();
        let out = verify_all(&h, evs.iter());
        assert!(
            out.findings.iter().all(|f| f.rule != "RPC-ERROR-001"),
            "{code}: {:?}",
            out.findings
        );
    }
}

/// An auth layer's or rate limiter's own error body (Google AIP-193
/// `{"error":{"code":401,"status":"UNAUTHENTICATED"}}`) on a JSON-RPC call is an HTTP
/// rejection (ERR-006, ERR-007), not a broken JSON-RPC response; a body with an `id` and a
/// JSON-RPC error code but no `jsonrpc` member still is one (RPC-ENVELOPE-001).
#[test]
fn http_rejections_with_their_own_error_json_are_not_jsonrpc_envelopes() {
    let run = |status: u16, body: &str| {
        let t = format!(
            "{}\n{}",
            serde_json::json!({"dir":"req","method":"POST","url":"https://a.example.test/a2a","headers":{"content-type":"application/json","a2a-version":"1.0"},"body":r#"{"jsonrpc":"2.0","id":1,"method":"GetTask","params":{"id":"t1"}}"#}),
            serde_json::json!({"dir":"resp","status":status,"headers":{"content-type":"application/json","www-authenticate":"Bearer"},"body":body}),
        );
        let (h, evs) = transcript::read(&t).unwrap();
        verify_all(&h, evs.iter())
            .findings
            .into_iter()
            .map(|f| f.rule)
            .collect::<Vec<_>>()
    };
    for (status, word) in [
        (401, "UNAUTHENTICATED"),
        (403, "PERMISSION_DENIED"),
        (429, "RESOURCE_EXHAUSTED"),
        (503, "UNAVAILABLE"),
    ] {
        let body = format!(r#"{{"error":{{"code":{status},"message":"no","status":"{word}"}}}}"#);
        assert_eq!(run(status, &body), Vec::<String>::new(), "{status}");
    }
    // (-32600 to a valid request is also the wrong code: RPC-ERROR-001)
    let judged = run(400, r#"{"id":1,"error":{"code":-32600,"message":"bad"}}"#);
    assert!(
        judged.contains(&"RPC-ENVELOPE-001".to_string()),
        "{judged:?}"
    );
}

/// VER-003: a request without `A2A-Version` is 0.3 to the agent, which may refuse that
/// version (-32009, ERR-002) before it reads the params; the same answer to a request that
/// declared 1.0 is still the wrong code for missing params (RPC-ERROR-001).
#[test]
fn version_refusal_before_params_is_fair_without_the_version_header() {
    let run = |version: Option<&str>| {
        let mut headers = serde_json::json!({"content-type":"application/json"});
        if let Some(v) = version {
            headers["a2a-version"] = v.into();
        }
        let t = format!(
            "{}\n{}",
            serde_json::json!({"dir":"req","method":"POST","url":"https://a.example.test/a2a","headers":headers,"body":r#"{"jsonrpc":"2.0","id":1,"method":"GetTask","params":{}}"#}),
            serde_json::json!({"dir":"resp","status":200,"headers":{"content-type":"application/json"},"body":r#"{"jsonrpc":"2.0","id":1,"error":{"code":-32009,"message":"version not supported"}}"#}),
        );
        let (h, evs) = transcript::read(&t).unwrap();
        verify_all(&h, evs.iter())
            .findings
            .into_iter()
            .filter(|f| f.rule == "RPC-ERROR-001")
            .count()
    };
    assert_eq!(run(None), 0);
    assert_eq!(run(Some("0.3")), 0);
    assert_eq!(run(Some("1.0")), 1);
}

/// The 1.0 proto's TaskState has TASK_STATE_CANCELED only: the 0.3 proto's
/// TASK_STATE_CANCELLED in a 1.0 task is as unreadable to a 1.0 client as "completed"
/// (TASK-STATE-005, an error, like every other spelling a client cannot parse).
#[test]
fn the_0_3_cancelled_spelling_in_a_1_0_task_is_an_invalid_state() {
    let t = format!(
        "{}\n{}",
        serde_json::json!({"dir":"req","method":"POST","url":"https://a.example.test/a2a","headers":{"content-type":"application/json","a2a-version":"1.0"},"body":r#"{"jsonrpc":"2.0","id":1,"method":"CancelTask","params":{"id":"t1"}}"#}),
        serde_json::json!({"dir":"resp","status":200,"headers":{"content-type":"application/json"},"body":r#"{"jsonrpc":"2.0","id":1,"result":{"id":"t1","contextId":"c1","status":{"state":"TASK_STATE_CANCELLED"}}}"#}),
    );
    let (h, evs) = transcript::read(&t).unwrap();
    let found: Vec<_> = verify_all(&h, evs.iter())
        .findings
        .into_iter()
        .map(|f| (f.rule, f.severity.to_string()))
        .collect();
    assert_eq!(found, [("TASK-STATE-005".to_string(), "error".to_string())]);
}

/// A task the recording saw COMPLETED, then a cancel, a message and a subscribe for it
/// answered -32603 "oops" (transcripts by a fresh engineer, `tests/data/terminal-task-codes`):
/// TASK-003 wants -32002, TASK-002 and TASK-004 -32004 (1.0). The verifier knows the state
/// without the agent's message saying so. TaskNotFoundError (a purged task) is not this
/// rule's to judge for the message and the subscribe; for the cancel of a task the agent
/// reported terminal moments before (not purgeable yet) it is the wrong code too (mine59,
/// f1323: TaskNotCancelableError is due, not ID-TASK-001's lost task).
#[test]
fn calls_on_a_task_seen_terminal_get_the_terminal_task_error_codes() {
    let dir =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/terminal-task-codes");
    for (file, want) in [
        ("c1-cancel-terminal-32603.jsonl", "a cancel of task t1, which this recording saw in TASK_STATE_COMPLETED, yet the agent answered -32603 InternalError instead of -32002 TaskNotCancelableError"),
        ("c2-msg-terminal-32603.jsonl", "a message to task t1, which this recording saw in TASK_STATE_COMPLETED, yet the agent answered -32603 InternalError instead of -32004 UnsupportedOperationError"),
        ("c3-sub-terminal-32603.jsonl", "a subscribe to task t1, which this recording saw in TASK_STATE_COMPLETED, yet the agent answered -32603 InternalError instead of -32004 UnsupportedOperationError"),
    ] {
        let text = std::fs::read_to_string(dir.join(file)).unwrap();
        let (h, evs) = transcript::read(&text).unwrap();
        let (client, found): (Vec<_>, Vec<_>) = verify_all(&h, evs.iter())
            .findings
            .into_iter()
            .map(|f| (f.rule, f.message))
            .partition(|(rule, _)| rule == "TASK-STATE-017");
        assert_eq!(
            found,
            [("RPC-ERROR-001".to_string(), format!("the request is {want}"))],
            "{file}"
        );
        // The message to the completed task is also the client's note (session 45).
        assert_eq!(client.len(), usize::from(file.starts_with("c2")), "{file}");
        // The right code, or TaskNotFoundError to the message and the subscribe, is no
        // finding; TaskNotFoundError to the cancel is (mine59).
        for (code, right) in [(-32002, file.starts_with("c1")), (-32004, !file.starts_with("c1")), (-32001, !file.starts_with("c1"))] {
            let fixed = text.replace("-32603", &code.to_string());
            let (h, evs) = transcript::read(&fixed).unwrap();
            let out = verify_all(&h, evs.iter());
            let said: Vec<&str> = out
                .findings
                .iter()
                .filter(|f| f.rule == "RPC-ERROR-001")
                .map(|f| f.message.as_str())
                .collect();
            if right {
                assert!(said.is_empty(), "{file} answered {code}: {said:?}");
            } else if code == -32001 {
                assert!(
                    matches!(said.as_slice(), [m] if m.contains("with -32001 TaskNotFoundError: a finished task still exists, and a cancel of it is refused with -32002 TaskNotCancelableError")),
                    "{file} answered {code}: {said:?}"
                );
                assert!(
                    out.findings.iter().all(|f| f.rule != "ID-TASK-001"),
                    "{file} answered {code}"
                );
            }
        }
    }
}

/// 1.0 GetTask and CancelTask return a bare Task (proto); `{"task": {...}}` is the
/// SendMessageResponse oneof, and a 1.0 client finds no `id` in it (DATA-SHAPE-001).
/// Transcripts by a fresh engineer in `tests/data/wrapped-task`.
#[test]
fn a_1_0_get_or_cancel_result_wrapped_in_task_is_a_shape_error() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/wrapped-task");
    for (file, op) in [
        ("l4-get-wrapped.jsonl", "GetTask"),
        ("l5-cancel-wrapped.jsonl", "CancelTask"),
    ] {
        let text = std::fs::read_to_string(dir.join(file)).unwrap();
        let (h, evs) = transcript::read(&text).unwrap();
        let found: Vec<_> = verify_all(&h, evs.iter())
            .findings
            .into_iter()
            .map(|f| (f.rule, f.message))
            .collect();
        assert_eq!(
            found,
            [(
                "DATA-SHAPE-001".to_string(),
                format!(
                    "result of {op} wraps the task in a task member; 1.0 returns the Task itself"
                )
            )],
            "{file}"
        );
    }
}

//! A response cut short because the client went away says nothing about the agent: no
//! body-shape finding (card or JSON-RPC) on a `client_abort` exchange, while the same bytes
//! completed by the agent are a finding.

use a2a_interop::record::{Body, CaptureMode, Event, EventKind, Headers, Outcome, RecordingHeader};
use a2a_interop::verify::verify_all;

fn exchange(method: &str, path: &str, req: &str, resp: &str, outcome: Outcome) -> Vec<Event> {
    let ex: Option<a2a_interop::record::ExchangeId> = Some("e1".into());
    let ev = |seq: u64, kind: EventKind| Event {
        seq,
        t_us: seq * 1000,
        exchange: ex.clone(),
        leg: None,
        kind,
    };
    let json = Headers::from(vec![("content-type".into(), "application/json".into())]);
    let mut v = vec![ev(
        1,
        EventKind::RequestHead {
            conn: None,
            method: method.into(),
            url: format!("http://127.0.0.1:8080{path}"),
            version: None,
            headers: Headers::from(vec![
                ("content-type".into(), "application/json".into()),
                ("a2a-version".into(), "1.0".into()),
            ]),
            upstream: None,
        },
    )];
    if !req.is_empty() {
        v.push(ev(
            2,
            EventKind::RequestBody {
                body: Body::new(req.to_string()),
            },
        ));
    }
    v.push(ev(
        3,
        EventKind::ResponseHead {
            status: 200,
            version: None,
            headers: json,
            synthetic: false,
            reason: None,
        },
    ));
    v.push(ev(
        4,
        EventKind::ResponseChunk {
            body: Body::new(resp.to_string()),
        },
    ));
    v.push(ev(
        5,
        EventKind::ExchangeEnd {
            outcome,
            error: None,
            trailers: None,
            request_bytes: req.len() as u64,
            response_bytes: resp.len() as u64,
            truncated: false,
            resent: None,
            connect_failure: None,
        },
    ));
    v
}

fn rules(events: &[Event]) -> Vec<String> {
    let h = RecordingHeader::new(CaptureMode::Reverse);
    verify_all(&h, events)
        .findings
        .into_iter()
        .filter(|f| f.severity >= a2a_interop::verify::Severity::Warning)
        .map(|f| f.rule)
        .collect()
}

const CUT_CARD: &str =
    r#"{"name":"Agent","description":"d","supportedInterfaces":[{"url":"http://127.0.0.1:8080/","#;
const SEND: &str = r#"{"jsonrpc":"2.0","id":1,"method":"SendMessage","params":{"message":{"messageId":"m1","role":"ROLE_USER","parts":[{"text":"hi"}]}}}"#;
const CUT_REPLY: &str = r#"{"jsonrpc":"2.0","id":1,"result":{"task":{"id":"t1","#;

#[test]
fn card_cut_by_the_client_is_not_judged() {
    let path = "/.well-known/agent-card.json";
    let complete = rules(&exchange("GET", path, "", CUT_CARD, Outcome::Complete));
    assert!(
        !complete.is_empty(),
        "control: a cut card the agent completed is a finding"
    );
    let aborted = rules(&exchange("GET", path, "", CUT_CARD, Outcome::ClientAbort));
    assert!(aborted.is_empty(), "{aborted:?}");
}

#[test]
fn json_rpc_reply_cut_by_the_client_is_not_judged() {
    let complete = rules(&exchange("POST", "/", SEND, CUT_REPLY, Outcome::Complete));
    assert!(
        !complete.is_empty(),
        "control: a cut reply the agent completed is a finding"
    );
    let aborted = rules(&exchange(
        "POST",
        "/",
        SEND,
        CUT_REPLY,
        Outcome::ClientAbort,
    ));
    assert!(aborted.is_empty(), "{aborted:?}");
}

/// breaker12 L20: a CancelTask the agent never answered (the client gave up after 30 s, no
/// response head) is no finding, but the report says the call went unanswered and for how
/// long; an answered call gets no such note.
#[test]
fn call_the_client_gave_up_on_before_any_answer_is_named() {
    const CANCEL: &str = r#"{"jsonrpc":"2.0","id":7,"method":"CancelTask","params":{"id":"t1"}}"#;
    let mut events = exchange("POST", "/", CANCEL, "", Outcome::ClientAbort);
    // No response at all: drop the head and the chunk; the client left 30 s later.
    events.retain(|e| {
        !matches!(
            e.kind,
            EventKind::ResponseHead { .. } | EventKind::ResponseChunk { .. }
        )
    });
    events.last_mut().unwrap().t_us = 1000 + 30_000_000;
    let h = RecordingHeader::new(CaptureMode::Reverse);
    let out = verify_all(&h, &events);
    assert!(out.findings.is_empty(), "{:?}", out.findings);
    assert_eq!(
        out.incomplete,
        vec![(
            "e1".to_string(),
            "the agent never answered POST / (CancelTask); the client gave up after 30.0 s (no response head: not judged)".to_string()
        )]
    );
    let answered = exchange(
        "POST",
        "/",
        CANCEL,
        r#"{"jsonrpc":"2.0","id":7,"error":{"code":-32001,"message":"task not found"}}"#,
        Outcome::Complete,
    );
    let out = verify_all(&h, &answered);
    assert!(
        out.incomplete
            .iter()
            .all(|(_, why)| !why.contains("gave up")),
        "{:?}",
        out.incomplete
    );
}

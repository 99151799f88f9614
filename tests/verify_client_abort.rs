//! A response cut short because the client went away says nothing about the agent: no
//! body-shape finding (card or JSON-RPC) on a `client_abort` exchange, while the same bytes
//! completed by the agent are a finding.

use a2a_interop::record::{Body, CaptureMode, Event, EventKind, Headers, Outcome, RecordingHeader};
use a2a_interop::verify::verify_all;

fn exchange(method: &str, path: &str, req: &str, resp: &str, outcome: Outcome) -> Vec<Event> {
    let ex = Some("e1".to_string());
    let ev = |seq: u64, kind: EventKind| Event {
        seq,
        t_us: seq * 1000,
        exchange: ex.clone(),
        leg: None,
        kind,
    };
    let json = Headers(vec![("content-type".into(), "application/json".into())]);
    let mut v = vec![ev(
        1,
        EventKind::RequestHead {
            conn: None,
            method: method.into(),
            url: format!("http://127.0.0.1:8080{path}"),
            version: None,
            headers: Headers(vec![
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

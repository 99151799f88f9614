//! Shared by the report and CLI tests: a small native recording written with
//! `record::jsonl::encode_*`, and hand-made findings about it (the verifier in this branch
//! may be a placeholder; reports must render whatever it finds).
#![allow(dead_code)]

use std::path::{Path, PathBuf};

use a2a_interop::record::jsonl::{encode_event, encode_header};
use a2a_interop::record::{
    Body, CaptureMode, Event, EventKind, Headers, Outcome, RecordingHeader, Route,
};
use a2a_interop::report::ReportInput;
use a2a_interop::verify::{Category, Evidence, Finding, Rule, Severity};

/// A fixed header so that output is reproducible.
pub fn header() -> RecordingHeader {
    let mut h = RecordingHeader::new(CaptureMode::Reverse);
    h.started_at = "2026-11-30T04:00:00.000Z".into();
    h.tool.version = "0.0.0-test".into();
    h.listen = vec!["127.0.0.1:8080".into()];
    h.routes = vec![Route {
        prefix: "/".into(),
        upstream: "http://127.0.0.1:41241/".into(),
        leg: None,
    }];
    h
}

fn hdrs(pairs: &[(&str, &str)]) -> Headers {
    Headers::from_pairs(pairs.iter().copied())
}

struct Builder {
    seq: u64,
    events: Vec<Event>,
}

impl Builder {
    fn push(&mut self, x: &str, kind: EventKind) -> u64 {
        self.seq += 1;
        self.events.push(Event {
            seq: self.seq,
            t_us: self.seq * 1500,
            exchange: Some(x.into()),
            leg: None,
            kind,
        });
        self.seq
    }
    fn request(&mut self, x: &str, method: &str, path: &str, body: &str) {
        self.push(
            x,
            EventKind::RequestHead {
                conn: Some(1),
                method: method.into(),
                url: format!("http://127.0.0.1:8080{path}"),
                version: Some("HTTP/1.1".into()),
                headers: hdrs(&[("content-type", "application/json")]),
                upstream: Some(format!("http://127.0.0.1:41241{path}")),
            },
        );
        if !body.is_empty() {
            self.push(
                x,
                EventKind::RequestBody {
                    body: Body::new(body.to_string()),
                },
            );
        }
    }
    fn response(&mut self, x: &str, status: u16, ctype: &str, chunks: &[&str]) -> Vec<u64> {
        self.push(
            x,
            EventKind::ResponseHead {
                status,
                version: Some("HTTP/1.1".into()),
                headers: hdrs(&[("content-type", ctype)]),
                synthetic: false,
                reason: None,
            },
        );
        let seqs = chunks
            .iter()
            .map(|c| {
                self.push(
                    x,
                    EventKind::ResponseChunk {
                        body: Body::new(c.to_string()),
                    },
                )
            })
            .collect();
        self.push(
            x,
            EventKind::ExchangeEnd {
                outcome: Outcome::Complete,
                error: None,
                trailers: None,
                request_bytes: 0,
                response_bytes: 0,
                truncated: false,
                resent: None,
                connect_failure: None,
            },
        );
        seqs
    }
}

/// Seqs of interesting events in [`events`].
pub struct Seqs {
    pub card_body: u64,
    pub send_body: u64,
    pub stream_last: u64,
}

/// Three exchanges: card fetch (doubled path in the advertised URL), message/send, and a
/// message/stream with two SSE events.
pub fn events() -> (Vec<Event>, Seqs) {
    let mut b = Builder {
        seq: 0,
        events: Vec::new(),
    };
    b.request("e1", "GET", "/.well-known/agent-card.json", "");
    let card = b.response(
        "e1",
        200,
        "application/json",
        &[r#"{"name":"Echo <Agent>","url":"http://127.0.0.1:8080/a2a/a2a/","version":"1.0","capabilities":{"streaming":true}}"#],
    )[0];
    b.request(
        "e2",
        "POST",
        "/a2a/",
        r#"{"jsonrpc":"2.0","id":1,"method":"message/send","params":{"message":{"role":"user","messageId":"m1","parts":[{"kind":"text","text":"hi"}]}}}"#,
    );
    let send = b.response(
        "e2",
        200,
        "application/json",
        &[r#"{"jsonrpc":"2.0","id":1,"result":{"kind":"task","id":"t-1","contextId":"c-1","status":{"state":"completed"}}}"#],
    )[0];
    b.request(
        "e3",
        "POST",
        "/a2a/",
        r#"{"jsonrpc":"2.0","id":2,"method":"message/stream","params":{"message":{"role":"user","messageId":"m2","taskId":"t-2","parts":[{"kind":"text","text":"go"}]}}}"#,
    );
    let stream = b.response(
        "e3",
        200,
        "text/event-stream",
        &[
            "data: {\"jsonrpc\":\"2.0\",\"id\":2,\"result\":{\"kind\":\"status-update\",\"taskId\":\"t-2\",\"contextId\":\"c-2\",\"status\":{\"state\":\"working\"},\"final\":false}}\n\n",
            "data: {\"jsonrpc\":\"2.0\",\"id\":2,\"result\":{\"kind\":\"status-update\",\"taskId\":\"t-2\",\"contextId\":\"c-2\",\"status\":{\"state\":\"completed\"},\"final\":false}}\n\n",
        ],
    );
    (
        b.events,
        Seqs {
            card_body: card,
            send_body: send,
            stream_last: stream[1],
        },
    )
}

/// Writes the recording into `dir` as `session.jsonl`; returns its path.
pub fn write_recording(dir: &Path) -> PathBuf {
    let (evs, _) = events();
    let mut out = Vec::new();
    encode_header(&header(), &mut out);
    for e in &evs {
        encode_event(e, &mut out);
    }
    let p = dir.join("session.jsonl");
    std::fs::write(&p, out).unwrap();
    p
}

/// Hand-made findings about [`events`]: an error (with characters that need escaping in
/// every format), a warning and a note.
pub fn findings(s: &Seqs) -> Vec<Finding> {
    vec![
        Finding {
            rule: "CARD-URL-002".into(),
            name: "card-url-doubled-path".into(),
            severity: Severity::Error,
            category: Category::AgentCard,
            message: "agent card url repeats the path segment <a2a> twice | gateway & agent".into(),
            help: "advertise the public base URL; the path is doubled".into(),
            spec: vec!["CARD-005".into()],
            evidence: vec![Evidence {
                seq: s.card_body,
                exchange: Some("e1".into()),
                pointer: Some("/url".into()),
                found: Some(serde_json::json!("http://127.0.0.1:8080/a2a/a2a/")),
            }],
            leg: None,
        },
        Finding {
            rule: "STREAM-FINAL-001".into(),
            name: "stream-final-missing".into(),
            severity: Severity::Warning,
            category: Category::Streaming,
            message: "terminal status-update event has final false".into(),
            help: "set final: true on the last event of a 0.x stream".into(),
            spec: vec!["STREAM-004".into()],
            evidence: vec![Evidence {
                seq: s.stream_last,
                exchange: Some("e3".into()),
                pointer: Some("/result/final".into()),
                found: Some(serde_json::json!(false)),
            }],
            leg: None,
        },
        Finding {
            rule: "TASK-ID-003".into(),
            name: "task-id-advice".into(),
            severity: Severity::Note,
            category: Category::Lifecycle,
            message: "task id is short".into(),
            help: "use a uuid".into(),
            spec: vec![],
            evidence: vec![Evidence {
                seq: s.send_body,
                exchange: None,
                pointer: Some("/result/id".into()),
                found: Some(serde_json::json!("t-1")),
            }],
            leg: None,
        },
    ]
}

/// Two registry rules for tests (one of them fires in [`findings`]).
pub static TEST_RULES: &[Rule] = &[
    Rule {
        id: "CARD-URL-002",
        name: "card-url-doubled-path",
        severity: Severity::Error,
        category: Category::AgentCard,
        summary: "advertised interface url repeats a path segment",
        spec: &["CARD-005"],
        help: "advertise the public base URL; the path is doubled",
        retired: false,
    },
    Rule {
        id: "JSONRPC-ID-001",
        name: "jsonrpc-id-echo",
        severity: Severity::Error,
        category: Category::ErrorHandling,
        summary: "response id echoes the request id | exactly",
        spec: &["RPC-003"],
        help: "copy the request id into the response",
        retired: false,
    },
];

/// A report input for the recording in `dir` (read by the real `verify` path), with the
/// hand-made findings, the test registry and a fixed report time.
pub fn input(dir: &Path) -> ReportInput {
    let path = write_recording(dir);
    let mut input = a2a_interop::app::verify_cmd::verify_file(&path).unwrap();
    let (_, seqs) = events();
    input.outcome.findings = findings(&seqs);
    input.outcome.dialects = vec!["0.3".into()];
    input.outcome.areas_exercised = vec!["card".into(), "task".into(), "stream".into()];
    input.rules = TEST_RULES;
    input.generated_at = Some("2026-11-30T05:00:00.000Z".into());
    // A stable display path for snapshots.
    input.source.path = Some("session.jsonl".into());
    input.source.sha256 = Some("0".repeat(64));
    input
}

/// A recording with a header and no traffic: nothing any rule can fault.
pub fn empty_recording(dir: &Path) -> PathBuf {
    let mut out = Vec::new();
    encode_header(&header(), &mut out);
    let p = dir.join("empty.jsonl");
    std::fs::write(&p, out).unwrap();
    p
}

/// A recording that breaks MUSTs every verifier checks: a JSON-RPC response that carries
/// both `result` and `error` with an id that does not echo the request, and a completed
/// task that turns back to working.
pub fn broken_recording(dir: &Path) -> PathBuf {
    let mut out = Vec::new();
    encode_header(&header(), &mut out);
    let mut seq = 0;
    let mut ev = |x: &str, kind: EventKind| {
        seq += 1;
        Event {
            seq,
            t_us: seq * 100,
            exchange: Some(x.into()),
            leg: None,
            kind,
        }
    };
    let h = |k: &str, v: &str| Headers::from(vec![(k.into(), v.into())]);
    let mut evs = Vec::new();
    for (x, id, body) in [
        (
            "e1",
            1,
            r#"{"jsonrpc":"2.0","id":99,"result":{"kind":"task","id":"t-1","contextId":"c-1","status":{"state":"completed"}},"error":{"code":-32603,"message":"internal"}}"#,
        ),
        (
            "e2",
            2,
            r#"{"jsonrpc":"2.0","id":2,"result":{"kind":"task","id":"t-1","contextId":"c-1","status":{"state":"working"}}}"#,
        ),
    ] {
        evs.push(ev(
            x,
            EventKind::RequestHead {
                conn: Some(1),
                method: "POST".into(),
                url: "http://127.0.0.1:8080/".into(),
                version: Some("HTTP/1.1".into()),
                headers: h("content-type", "application/json"),
                upstream: Some("http://127.0.0.1:41241/".into()),
            },
        ));
        let method = if id == 1 { "message/send" } else { "tasks/get" };
        let params = if id == 1 {
            r#"{"message":{"role":"user","messageId":"m1","parts":[{"kind":"text","text":"hi"}]}}"#
        } else {
            r#"{"id":"t-1"}"#
        };
        evs.push(ev(
            x,
            EventKind::RequestBody {
                body: Body::new(format!(
                    r#"{{"jsonrpc":"2.0","id":{id},"method":"{method}","params":{params}}}"#
                )),
            },
        ));
        evs.push(ev(
            x,
            EventKind::ResponseHead {
                status: 200,
                version: Some("HTTP/1.1".into()),
                headers: h("content-type", "application/json"),
                synthetic: false,
                reason: None,
            },
        ));
        evs.push(ev(
            x,
            EventKind::ResponseChunk {
                body: Body::new(body.to_string()),
            },
        ));
        evs.push(ev(
            x,
            EventKind::ExchangeEnd {
                outcome: Outcome::Complete,
                error: None,
                trailers: None,
                request_bytes: 0,
                response_bytes: body.len() as u64,
                truncated: false,
                resent: None,
                connect_failure: None,
            },
        ));
    }
    for e in &evs {
        encode_event(e, &mut out);
    }
    let p = dir.join("broken.jsonl");
    std::fs::write(&p, out).unwrap();
    p
}

//! Mutation check over the 16 real SDK-to-SDK captures (`tests/captures/`): one fault that a
//! spec requirement forbids is put into legal traffic at a time, and the verifier must tell
//! it with an error or a warning the unmutated capture does not draw. Field faults the tool
//! has never seen are mostly known faults at a new place (another binding, version, message,
//! event or call); this walks each kind of fault over every place of its kind the captures
//! hold, instead of the one place a hand-written case puts it.
//!
//! Each operator names the requirement it breaks. Places where the same change is legal are
//! left out by the operator, with the reason (a 1.0 Task may omit contextId; 0.x timestamps
//! are free-form; a fresh answer may open a new context). Session 48's first run of this
//! (then a script) found three silent kinds, fixed with it: a TaskStatusUpdateEvent whose
//! status message names another task or context (ID-CTX-003, every binding), a JSON-RPC
//! result under HTTP 500 (RPC-ENVELOPE-002), and a 0.3 HTTP+JSON Task without contextId
//! (DATA-SHAPE-001).

use crate::common;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use a2a_interop::verify::Severity;
use serde_json::{Map, Value};

/// Places of one operator tried per capture (the first N in file order): enough to reach
/// each kind of place (unary answer, stream event, follow-up); ~1,900 mutants, ~25 s in a
/// debug build (12 places: 3,600 mutants, ~50 s, and no more kinds found).
const SITES: usize = 6;

/// One step of a JSON path.
#[derive(Clone, Debug)]
enum Seg {
    Key(String),
    Idx(usize),
}

/// Where a JSON document sits in a transcript: its line, and for an SSE chunk the index
/// of the `data:` line within the chunk's body.
#[derive(Clone, Copy)]
struct Place {
    line: usize,
    data: Option<usize>,
    client: bool,
    streamed: bool,
}

/// What the operator sees of one member it may change.
struct Site<'a> {
    capture: &'a str,
    key: &'a str,
    value: &'a Value,
    parent: &'a Map<String, Value>,
    path: &'a [Seg],
    root: &'a Value,
    place: Place,
}

impl Site<'_> {
    fn v10(&self) -> bool {
        self.capture.contains("v1.0")
    }
    fn rest(&self) -> bool {
        self.capture.contains("-rest-")
    }
    fn in_list(&self, name: &str) -> bool {
        self.path
            .iter()
            .any(|s| matches!(s, Seg::Key(k) if k == name))
    }
    fn top(&self) -> bool {
        self.path.len() == 1
    }
    /// A Message object (0.3's HTTP+JSON form names its parts `content`, after the 0.3
    /// proto).
    fn is_message(&self) -> bool {
        self.parent.contains_key("role")
            && (self.parent.contains_key("parts") || self.parent.contains_key("content"))
    }
    fn is_task(&self) -> bool {
        self.parent.contains_key("status") && self.parent.contains_key("contextId")
    }
    fn jsonrpc(&self) -> bool {
        self.root.get("jsonrpc").is_some()
    }
}

enum Change {
    Set(fn(&Value) -> Value),
    Delete,
    /// A member `key` added to an object that lacks it (the site's `parent` is that object).
    Add(fn() -> Value),
}

struct Op {
    /// Operator name, then the requirement it breaks.
    name: &'static str,
    breaks: &'static str,
    client: bool,
    key: &'static str,
    pick: fn(&Site) -> bool,
    change: Change,
}

const OTHER_ID: &str = "0badc0de-0000-4000-8000-000000000001";

fn other_id(_: &Value) -> Value {
    Value::String(OTHER_ID.into())
}

fn is_str(s: &Site) -> bool {
    s.value.is_string()
}

fn ops() -> Vec<Op> {
    use Change::*;
    vec![
        // A fresh answer to a message without contextId may open any context (ID-002):
        // only ids that contradict something already said are faults.
        Op {
            name: "context-id-changed",
            breaks: "ID-006",
            client: false,
            key: "contextId",
            pick: |s| {
                is_str(s)
                    && !(s.is_message()
                        && !s.place.streamed
                        && !s.in_list("history")
                        && !s.in_list("status"))
            },
            change: Set(other_id),
        },
        Op {
            name: "task-id-changed-in-event-or-message",
            breaks: "ID-005, ID-006",
            client: false,
            key: "taskId",
            pick: is_str,
            change: Set(other_id),
        },
        Op {
            name: "task-id-changed",
            breaks: "ID-006",
            client: false,
            key: "id",
            pick: |s| is_str(s) && s.is_task(),
            change: Set(other_id),
        },
        Op {
            name: "state-not-an-enum-value",
            breaks: "DATA-001, TASK-001",
            client: false,
            key: "state",
            pick: is_str,
            change: Set(|v| {
                Value::String(
                    if v.as_str().unwrap_or("").starts_with("TASK_") {
                        "TASK_STATE_BOGUS"
                    } else {
                        "bogus"
                    }
                    .into(),
                )
            }),
        },
        Op {
            name: "state-in-the-other-generation",
            breaks: "DATA-001, VER-002",
            client: false,
            key: "state",
            pick: is_str,
            change: Set(|v| {
                let s = v.as_str().unwrap_or("");
                Value::String(match s.strip_prefix("TASK_STATE_") {
                    Some(rest) => rest.to_lowercase().replace('_', "-"),
                    None => format!("TASK_STATE_{}", s.to_uppercase().replace('-', "_")),
                })
            }),
        },
        Op {
            name: "kind-not-a-kind",
            breaks: "DATA-005 (0.x kind)",
            client: false,
            key: "kind",
            pick: is_str,
            change: Set(|v| Value::String(format!("{}x", v.as_str().unwrap_or("")))),
        },
        Op {
            name: "message-without-messageId",
            breaks: "DATA-005",
            client: false,
            key: "messageId",
            pick: |s| s.is_message(),
            change: Delete,
        },
        Op {
            name: "artifact-without-artifactId",
            breaks: "DATA-005",
            client: false,
            key: "artifactId",
            pick: |_| true,
            change: Delete,
        },
        Op {
            name: "task-without-id",
            breaks: "DATA-005",
            client: false,
            key: "id",
            pick: |s| s.is_task(),
            change: Delete,
        },
        Op {
            name: "task-or-event-without-status",
            breaks: "DATA-005, ID-005",
            client: false,
            key: "status",
            pick: |s| s.value.is_object() && s.parent.contains_key("contextId"),
            change: Delete,
        },
        // 1.0 Task.context_id has no REQUIRED behaviour; the 0.x schemas require it.
        Op {
            name: "0x-task-without-contextId",
            breaks: "DATA-005",
            client: false,
            key: "contextId",
            pick: |s| s.is_task() && !s.v10(),
            change: Delete,
        },
        Op {
            name: "agent-message-as-user",
            breaks: "DATA-005 (role)",
            client: false,
            key: "role",
            pick: |s| {
                matches!(s.value.as_str(), Some("agent" | "ROLE_AGENT")) && !s.in_list("history")
            },
            change: Set(|v| Value::String(if v == "agent" { "user" } else { "ROLE_USER" }.into())),
        },
        Op {
            name: "role-in-the-other-generation",
            breaks: "DATA-001, VER-002",
            client: false,
            key: "role",
            pick: is_str,
            change: Set(|v| {
                let s = v.as_str().unwrap_or("");
                Value::String(match s.strip_prefix("ROLE_") {
                    Some(r) => r.to_lowercase(),
                    None => format!("ROLE_{}", s.to_uppercase()),
                })
            }),
        },
        Op {
            name: "jsonrpc-id-not-echoed",
            breaks: "RPC-002",
            client: false,
            key: "id",
            pick: |s| s.top() && s.jsonrpc(),
            change: Set(|_| Value::String("not-the-request-id".into())),
        },
        Op {
            name: "jsonrpc-member-missing",
            breaks: "RPC-001",
            client: false,
            key: "jsonrpc",
            pick: |s| s.top(),
            change: Delete,
        },
        Op {
            name: "jsonrpc-member-1.0",
            breaks: "RPC-001",
            client: false,
            key: "jsonrpc",
            pick: |s| s.top(),
            change: Set(|_| Value::String("1.0".into())),
        },
        Op {
            name: "final-flag-dropped",
            breaks: "STREAM-002 (0.x final)",
            client: false,
            key: "final",
            pick: |s| s.value == &Value::Bool(true),
            change: Delete,
        },
        Op {
            name: "final-flag-early",
            breaks: "STREAM-002 (0.x final)",
            client: false,
            key: "final",
            pick: |s| s.value == &Value::Bool(false),
            change: Set(|_| Value::Bool(true)),
        },
        // 0.3 HTTP+JSON has no fixed error body (REST-003 says only "structurally equivalent").
        Op {
            name: "task-not-found-as-internal-error",
            breaks: "ERR-001, ERR-002",
            client: false,
            key: "code",
            pick: |s| s.value.as_i64() == Some(-32001) && (s.v10() || !s.rest()),
            change: Set(|_| Value::from(-32603)),
        },
        Op {
            name: "first-chunk-appends",
            breaks: "STREAM-009",
            client: false,
            key: "append",
            pick: |s| s.value == &Value::Bool(false),
            change: Set(|_| Value::Bool(true)),
        },
        // 1.0 makes parts >= 1 a MUST; an empty 0.x list is only a note (DATA-SHAPE-007).
        Op {
            name: "1.0-parts-empty",
            breaks: "DATA-005",
            client: false,
            key: "parts",
            pick: |s| s.v10() && s.value.as_array().is_some_and(|a| !a.is_empty()),
            change: Set(|_| Value::Array(Vec::new())),
        },
        Op {
            name: "text-part-not-a-string",
            breaks: "DATA-004",
            client: false,
            key: "text",
            pick: is_str,
            change: Set(|_| Value::from(42)),
        },
        // 0.x examples use naive times and the 0.x schemas type it as a string only.
        Op {
            name: "timestamp-not-iso8601",
            breaks: "DATA-002",
            client: false,
            key: "timestamp",
            pick: |s| is_str(s) && (s.v10() || s.rest()),
            change: Set(|_| Value::String("yesterday".into())),
        },
        Op {
            name: "card-url-doubled-path",
            breaks: "CARD-005, CARD-006",
            client: false,
            key: "url",
            pick: |s| {
                s.value.as_str().is_some_and(|u| u.starts_with("http"))
                    && s.root.get("skills").is_some()
            },
            change: Set(|v| {
                Value::String(format!(
                    "{}/api/a2a/api/a2a",
                    v.as_str().unwrap_or("").trim_end_matches('/')
                ))
            }),
        },
        Op {
            name: "card-without-name",
            breaks: "CARD-003, CARD-004",
            client: false,
            key: "name",
            pick: |s| s.top() && s.root.get("skills").is_some(),
            change: Delete,
        },
        Op {
            name: "card-without-capabilities",
            breaks: "CARD-003, CARD-004",
            client: false,
            key: "capabilities",
            pick: |s| s.top(),
            change: Delete,
        },
        Op {
            name: "card-without-skills",
            breaks: "CARD-003, CARD-004",
            client: false,
            key: "skills",
            pick: |s| s.top(),
            change: Delete,
        },
        Op {
            name: "card-denies-streaming-then-streams",
            breaks: "CARD-005 (capabilities)",
            client: false,
            key: "streaming",
            pick: |s| s.value == &Value::Bool(true),
            change: Set(|_| Value::Bool(false)),
        },
        Op {
            name: "card-binding-unknown",
            breaks: "CARD-005",
            client: false,
            key: "protocolBinding",
            pick: |_| true,
            change: Set(|_| Value::String("SOAP".into())),
        },
        // 1.0 has no `kind` and no `final` (DATA-001; VER-MIX-001 names the mix).
        Op {
            name: "1.0-task-with-kind",
            breaks: "DATA-001, VER-002",
            client: false,
            key: "kind",
            pick: |s| {
                s.v10()
                    && s.parent.contains_key("contextId")
                    && s.parent.get("status").is_some_and(Value::is_object)
                    && !s.parent.contains_key("taskId")
            },
            change: Add(|| Value::String("task".into())),
        },
        Op {
            name: "1.0-status-update-with-final",
            breaks: "DATA-001, VER-002",
            client: false,
            key: "final",
            pick: |s| s.v10() && s.parent.contains_key("taskId") && s.parent.contains_key("status"),
            change: Add(|| Value::Bool(true)),
        },
        Op {
            name: "0x-result-without-kind",
            breaks: "DATA-005 (0.x kind)",
            client: false,
            key: "kind",
            pick: |s| !s.rest() && matches!(s.path, [Seg::Key(r), Seg::Key(_)] if r == "result"),
            change: Delete,
        },
        // The client's side.
        Op {
            name: "client-message-without-messageId",
            breaks: "DATA-005",
            client: true,
            key: "messageId",
            pick: |s| s.is_message(),
            change: Delete,
        },
        Op {
            name: "client-message-as-agent",
            breaks: "DATA-005 (role)",
            client: true,
            key: "role",
            pick: |s| matches!(s.value.as_str(), Some("user" | "ROLE_USER")),
            change: Set(|v| Value::String(if v == "user" { "agent" } else { "ROLE_AGENT" }.into())),
        },
        Op {
            name: "client-follow-up-names-unknown-task",
            breaks: "ID-001",
            client: true,
            key: "taskId",
            pick: is_str,
            change: Set(other_id),
        },
        Op {
            name: "client-jsonrpc-member-missing",
            breaks: "RPC-001",
            client: true,
            key: "jsonrpc",
            pick: |s| s.top(),
            change: Delete,
        },
        Op {
            name: "client-parts-empty",
            breaks: "DATA-005",
            client: true,
            key: "parts",
            pick: |s| s.value.as_array().is_some_and(|a| !a.is_empty()),
            change: Set(|_| Value::Array(Vec::new())),
        },
        Op {
            name: "client-kind-not-a-kind",
            breaks: "DATA-005 (0.x kind)",
            client: true,
            key: "kind",
            pick: is_str,
            change: Set(|v| Value::String(format!("{}x", v.as_str().unwrap_or("")))),
        },
        Op {
            name: "client-1.0-message-with-kind",
            breaks: "DATA-001, VER-002",
            client: true,
            key: "kind",
            pick: |s| s.parent.get("role").is_some_and(|r| r == "ROLE_USER"),
            change: Add(|| Value::String("message".into())),
        },
        // (not the captures' own unknown-task read, `does-not-exist-0000`: another unknown
        // id is answered TaskNotFoundError just the same)
        Op {
            name: "client-task-read-names-unknown-task",
            breaks: "ID-001",
            client: true,
            key: "id",
            pick: |s| {
                matches!(s.path, [Seg::Key(p), Seg::Key(_)] if p == "params")
                    && !s
                        .value
                        .as_str()
                        .is_some_and(|v| v.starts_with("does-not-exist"))
            },
            change: Set(other_id),
        },
    ]
}

/// The JSON documents of a transcript: each `req`/`resp` body that is JSON, and each SSE
/// `data:` line of a `chunk` that is.
fn documents(lines: &[Value]) -> Vec<(Place, Value)> {
    let mut out = Vec::new();
    for (i, l) in lines.iter().enumerate() {
        let dir = l["dir"].as_str().unwrap_or("");
        let body = l["body"].as_str().unwrap_or("");
        let client = dir == "req";
        if dir == "chunk" {
            for (n, d) in data_lines(body).into_iter().enumerate() {
                if let Ok(v) = serde_json::from_str::<Value>(d) {
                    out.push((
                        Place {
                            line: i,
                            data: Some(n),
                            client: false,
                            streamed: true,
                        },
                        v,
                    ));
                }
            }
        } else if matches!(dir, "req" | "resp") {
            if let Ok(v) = serde_json::from_str::<Value>(body) {
                if v.is_object() {
                    out.push((
                        Place {
                            line: i,
                            data: None,
                            client,
                            streamed: false,
                        },
                        v,
                    ));
                }
            }
        }
    }
    out
}

/// The payload of each `data:` line of an SSE chunk, in order.
fn data_lines(body: &str) -> Vec<&str> {
    body.lines()
        .filter_map(|l| l.strip_prefix("data:"))
        .map(|d| d.strip_prefix(' ').unwrap_or(d))
        .collect()
}

/// One member of a document: its path, the object holding it, its name and its value.
type Member<'a> = (Vec<Seg>, &'a Map<String, Value>, &'a str, &'a Value);

/// Every member of `v` with the path to it.
fn walk<'a>(v: &'a Value, path: &mut Vec<Seg>, out: &mut Vec<Member<'a>>) {
    match v {
        Value::Object(m) => {
            for (k, x) in m {
                path.push(Seg::Key(k.clone()));
                out.push((path.clone(), m, k.as_str(), x));
                walk(x, path, out);
                path.pop();
            }
        }
        Value::Array(a) => {
            for (i, x) in a.iter().enumerate() {
                path.push(Seg::Idx(i));
                walk(x, path, out);
                path.pop();
            }
        }
        _ => {}
    }
}

/// The object at `path` in `v` (a path [`walk`] gave).
fn object_at<'a>(v: &'a mut Value, path: &[Seg]) -> &'a mut Map<String, Value> {
    let mut cur = v;
    for s in path {
        cur = match s {
            Seg::Key(k) => cur.get_mut(k.as_str()).unwrap(),
            Seg::Idx(i) => cur.get_mut(*i).unwrap(),
        };
    }
    cur.as_object_mut().unwrap()
}

/// The object holding the member at `path`.
fn parent_mut<'a>(v: &'a mut Value, path: &[Seg]) -> &'a mut Map<String, Value> {
    object_at(v, &path[..path.len() - 1])
}

/// `lines` with the document at `place` replaced by `doc` (a `Content-Length` kept true).
fn put(lines: &[Value], place: Place, doc: &Value) -> Vec<Value> {
    let mut out = lines.to_vec();
    let l = &mut out[place.line];
    let body = l["body"].as_str().unwrap_or("").to_string();
    let text = serde_json::to_string(doc).unwrap();
    let new_body = match place.data {
        None => text,
        Some(n) => {
            let mut k = 0;
            let mut s = String::new();
            for seg in body.split_inclusive('\n') {
                let (content, end) = match seg.strip_suffix("\r\n") {
                    Some(c) => (c, "\r\n"),
                    None => match seg.strip_suffix('\n') {
                        Some(c) => (c, "\n"),
                        None => (seg, ""),
                    },
                };
                if content.starts_with("data:") {
                    if k == n {
                        s.push_str("data: ");
                        s.push_str(&text);
                        s.push_str(end);
                    } else {
                        s.push_str(seg);
                    }
                    k += 1;
                } else {
                    s.push_str(seg);
                }
            }
            s
        }
    };
    if let Some(h) = l.get_mut("headers").and_then(Value::as_object_mut) {
        for (k, v) in h.iter_mut() {
            if k.eq_ignore_ascii_case("content-length") && place.data.is_none() {
                *v = Value::String(new_body.len().to_string());
            }
        }
    }
    l["body"] = Value::String(new_body);
    out
}

/// Mutations of the HTTP framing: (operator, requirement, mutated lines).
fn framing_mutants(lines: &[Value]) -> Vec<(&'static str, &'static str, Vec<Value>)> {
    let mut out = Vec::new();
    for (i, l) in lines.iter().enumerate() {
        let dir = l["dir"].as_str().unwrap_or("");
        let body = l["body"].as_str().unwrap_or("");
        if dir == "resp" {
            if let Some(h) = l["headers"].as_object() {
                for (k, v) in h {
                    if k.eq_ignore_ascii_case("content-type")
                        && v.as_str().is_some_and(|v| v.contains("event-stream"))
                    {
                        let mut n = lines.to_vec();
                        n[i]["headers"][k] = Value::String("application/json".into());
                        out.push(("stream-not-text-event-stream", "RPC-005, REST-002", n));
                    }
                }
            }
            // A success answer under HTTP 500 (not the card: its status is not A2A's).
            if l["status"] == 200 && body.starts_with('{') && !body.contains("\"error\"") && i > 1 {
                let mut n = lines.to_vec();
                n[i]["status"] = Value::from(500);
                out.push(("success-answer-under-500", "RPC-001, REST-001", n));
            }
        }
        if dir == "chunk"
            && body.contains("data:")
            && lines.get(i + 1).is_some_and(|m| {
                m["dir"] == "chunk" && m["body"].as_str().unwrap_or("").contains("data:")
            })
        {
            // The blank line that ends an event is lost: two events run into one.
            let mut n = lines.to_vec();
            n[i]["body"] = Value::String(format!("{}\n", body.trim_end_matches(['\r', '\n'])));
            out.push(("sse-event-not-ended", "RPC-005, REST-002", n));
        }
        if dir == "chunk"
            && l["close"] == "eof"
            && i > 1
            && lines[i - 1]["dir"] == "chunk"
            && lines[i - 2]["dir"] == "chunk"
        {
            // An event after the stream's terminal one (its status event sent twice).
            let mut n = lines.to_vec();
            n.insert(i, lines[i - 1].clone());
            out.push(("event-after-the-terminal-event", "STREAM-002, TASK-002", n));
            // The terminal status before the last artifact chunk.
            let mut n = lines.to_vec();
            n.swap(i - 1, i - 2);
            out.push((
                "artifact-after-the-terminal-status",
                "STREAM-002, TASK-002",
                n,
            ));
        }
        if dir == "chunk" && l["close"] == "eof" && i > 0 && lines[i - 1]["dir"] == "chunk" {
            // The stream's last event (its terminal status) never arrives.
            let mut n = lines.to_vec();
            n.remove(i - 1);
            out.push(("stream-loses-its-last-event", "STREAM-001, STREAM-002", n));
        }
    }
    out
}

/// Errors and warnings by rule.
fn counts(path: &Path) -> BTreeMap<String, usize> {
    let mut m = BTreeMap::new();
    for f in common::verify_file(path).findings {
        if matches!(f.severity, Severity::Error | Severity::Warning) {
            *m.entry(f.rule).or_default() += 1;
        }
    }
    m
}

fn captures() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/captures");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "jsonl"))
        .collect();
    files.sort();
    files
}

#[test]
fn every_spec_fault_put_into_real_sdk_traffic_is_told() {
    let tmp = tempfile::tempdir().unwrap();
    let ops = ops();
    let mut tried = 0usize;
    let mut silent = Vec::new();
    let mut tried_per_op: BTreeMap<&str, usize> = BTreeMap::new();
    for cap in captures() {
        let name = cap.file_name().unwrap().to_string_lossy().to_string();
        let lines: Vec<Value> = std::fs::read_to_string(&cap)
            .unwrap()
            .lines()
            .filter(|l| !l.trim().is_empty())
            .map(|l| serde_json::from_str(l).unwrap())
            .collect();
        let before = counts(&cap);
        let mut mutants: Vec<(&str, &str, String, Vec<Value>)> = Vec::new();
        let docs = documents(&lines);
        for op in &ops {
            let mut n = 0;
            'docs: for (place, doc) in &docs {
                if place.client != op.client {
                    continue;
                }
                let mut members = Vec::new();
                walk(doc, &mut Vec::new(), &mut members);
                if let Change::Add(make) = &op.change {
                    let objects = std::iter::once((Vec::new(), doc))
                        .chain(members.iter().map(|(p, _, _, v)| (p.clone(), *v)));
                    for (path, value) in objects {
                        if n == SITES {
                            break 'docs;
                        }
                        let Some(obj) = value.as_object().filter(|o| !o.contains_key(op.key))
                        else {
                            continue;
                        };
                        let site = Site {
                            capture: &name,
                            key: op.key,
                            value,
                            parent: obj,
                            path: &path,
                            root: doc,
                            place: *place,
                        };
                        if !(op.pick)(&site) {
                            continue;
                        }
                        let mut new = doc.clone();
                        object_at(&mut new, &path).insert(op.key.to_string(), make());
                        let at =
                            format!("line {} {}/+{}", place.line + 1, path_text(&path), op.key);
                        mutants.push((op.name, op.breaks, at, put(&lines, *place, &new)));
                        n += 1;
                    }
                    continue;
                }
                for (path, parent, key, value) in members {
                    if n == SITES {
                        break 'docs;
                    }
                    let site = Site {
                        capture: &name,
                        key,
                        value,
                        parent,
                        path: &path,
                        root: doc,
                        place: *place,
                    };
                    if site.key != op.key || !(op.pick)(&site) {
                        continue;
                    }
                    let mut new = doc.clone();
                    let p = parent_mut(&mut new, &path);
                    match &op.change {
                        Change::Set(f) => {
                            let nv = f(value);
                            p.insert(key.to_string(), nv);
                        }
                        Change::Delete => {
                            p.remove(key);
                        }
                        Change::Add(_) => unreachable!("added above"),
                    }
                    let at = format!("line {} {}", place.line + 1, path_text(&path));
                    mutants.push((op.name, op.breaks, at, put(&lines, *place, &new)));
                    n += 1;
                }
            }
        }
        let mut per_framing: BTreeMap<&str, usize> = BTreeMap::new();
        for (op, breaks, n) in framing_mutants(&lines) {
            let c = per_framing.entry(op).or_default();
            if *c < SITES {
                *c += 1;
                mutants.push((op, breaks, String::new(), n));
            }
        }
        for (k, (op, breaks, at, mutant)) in mutants.into_iter().enumerate() {
            let path = tmp.path().join(format!("{name}.{k}.jsonl"));
            let text: String = mutant.iter().map(|l| format!("{l}\n")).collect();
            std::fs::write(&path, text).unwrap();
            let after = counts(&path);
            tried += 1;
            *tried_per_op.entry(op).or_default() += 1;
            let told = after
                .iter()
                .any(|(r, n)| *n > before.get(r).copied().unwrap_or(0));
            if !told {
                silent.push(format!("{name}: {op} ({breaks}) at {at}"));
            }
        }
    }
    // Every operator found places to work on: a capture format change cannot empty the run.
    for op in ops.iter().map(|o| o.name).chain([
        "stream-not-text-event-stream",
        "success-answer-under-500",
        "sse-event-not-ended",
        "stream-loses-its-last-event",
        "event-after-the-terminal-event",
        "artifact-after-the-terminal-status",
    ]) {
        assert!(
            tried_per_op.get(op).copied().unwrap_or(0) > 0,
            "operator {op} found no place in the captures"
        );
    }
    assert!(tried > 1000, "only {tried} mutants");
    assert!(
        silent.is_empty(),
        "{} of {tried} faults put into the SDK captures drew no new error or warning:\n{}",
        silent.len(),
        silent.join("\n")
    );
}

fn path_text(path: &[Seg]) -> String {
    path.iter()
        .map(|s| match s {
            Seg::Key(k) => format!("/{k}"),
            Seg::Idx(i) => format!("/{i}"),
        })
        .collect()
}

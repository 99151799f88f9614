//! Metamorphic check (session 49): LEGAL changes to real traffic must draw no new finding at
//! all, no error, no warning and no note the original lacks. The changes are re-encodings a
//! peer, a proxy or a network may make without changing what was said: JSON members in
//! another order, other whitespace and string escapes, SSE chunk boundaries moved, SSE
//! comments and `id:`/`retry:` fields, CRLF for LF, header names in another letter case,
//! extra unknown headers, Content-Length for chunked framing, an unknown member where the
//! version lets a receiver ignore it, timestamps in another legal form, the ids of tasks,
//! contexts and messages replaced consistently, and independent calls in another order.
//! Run over the 16 SDK captures and a sample of the legal field and variant transcripts.
//! A false positive here is worse than a missed fault: a tired engineer stops trusting the
//! tool.

use crate::mutation49;

use std::collections::BTreeMap;

use mutation49::*;
use serde_json::{Map, Value};

/// Every `STEP`-th legal field/variant transcript (of ~4,600) joins the captures.
const STEP: usize = 25;

/// How JSON is written again.
#[derive(Clone, Copy, Default)]
struct Style {
    /// Members in reverse order.
    reverse: bool,
    /// Spaces after `:` and `,`, a newline-free "pretty" form.
    spaced: bool,
    /// `/` written `\/`.
    slash: bool,
    /// Every non-ASCII character written `\uXXXX`.
    ascii: bool,
}

fn write_str(s: &str, st: Style, out: &mut String) {
    out.push('"');
    for ch in s.chars() {
        match ch {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '/' if st.slash => out.push_str("\\/"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c if st.ascii && !c.is_ascii() => {
                let mut b = [0u16; 2];
                for u in c.encode_utf16(&mut b) {
                    out.push_str(&format!("\\u{:04x}", u));
                }
            }
            c => out.push(c),
        }
    }
    out.push('"');
}

fn write_json(v: &Value, st: Style, out: &mut String) {
    let (colon, comma) = if st.spaced { (": ", ", ") } else { (":", ",") };
    match v {
        Value::Object(m) => {
            out.push('{');
            let mut items: Vec<(&String, &Value)> = m.iter().collect();
            if st.reverse {
                items.reverse();
            }
            for (k, (key, x)) in items.into_iter().enumerate() {
                if k > 0 {
                    out.push_str(comma);
                }
                write_str(key, st, out);
                out.push_str(colon);
                write_json(x, st, out);
            }
            out.push('}');
        }
        Value::Array(a) => {
            out.push('[');
            for (k, x) in a.iter().enumerate() {
                if k > 0 {
                    out.push_str(comma);
                }
                write_json(x, st, out);
            }
            out.push(']');
        }
        Value::String(s) => write_str(s, st, out),
        other => out.push_str(&other.to_string()),
    }
}

fn encode(v: &Value, st: Style) -> String {
    let mut s = String::new();
    write_json(v, st, &mut s);
    s
}

/// Every JSON document of the transcript (bodies and SSE data lines) rewritten by `f`;
/// `None` when nothing changed.
fn rewrite_docs(lines: &Lines, f: &dyn Fn(&Value, bool) -> Option<String>) -> Option<Lines> {
    let mut out = lines.clone();
    let mut any = false;
    for l in out.iter_mut() {
        let dir = l["dir"].as_str().unwrap_or("").to_string();
        let body = l["body"].as_str().unwrap_or("").to_string();
        if big_number(&body) {
            // serde_json reads an integer past 64 bits as a float: its text would change.
            continue;
        }
        if dir == "chunk" {
            let mut s = String::new();
            let mut changed = false;
            for (content, end) in sse_lines(&body) {
                let seg = format!("{content}{end}");
                let seg = seg.as_str();
                if let Some(d) = content.strip_prefix("data:") {
                    let d = d.strip_prefix(' ').unwrap_or(d);
                    if let Ok(v) = serde_json::from_str::<Value>(d) {
                        if let Some(t) = f(&v, true) {
                            if !t.contains('\n') {
                                s.push_str("data: ");
                                s.push_str(&t);
                                s.push_str(end);
                                changed = true;
                                continue;
                            }
                        }
                    }
                }
                s.push_str(seg);
            }
            if changed {
                l["body"] = Value::String(s);
                any = true;
            }
        } else if let Some(v) = json_body(l) {
            if let Some(t) = f(&v, false) {
                l["body"] = Value::String(t);
                fix_length(l);
                any = true;
            }
        }
    }
    any.then_some(out)
}

/// A number literal of 16 digits or more.
fn big_number(s: &str) -> bool {
    let mut run = 0;
    for c in s.chars() {
        if c.is_ascii_digit() {
            run += 1;
            if run >= 16 {
                return true;
            }
        } else {
            run = 0;
        }
    }
    false
}

/// The lines of an SSE body with their endings (CRLF, LF or a lone CR), the last one maybe
/// without.
fn sse_lines(body: &str) -> Vec<(&str, &str)> {
    let mut out = Vec::new();
    let b = body.as_bytes();
    let (mut start, mut i) = (0, 0);
    while i < b.len() {
        if b[i] == b'\r' {
            let end = if b.get(i + 1) == Some(&b'\n') {
                i + 2
            } else {
                i + 1
            };
            out.push((&body[start..i], &body[i..end]));
            start = end;
            i = end;
        } else if b[i] == b'\n' {
            out.push((&body[start..i], &body[i..i + 1]));
            start = i + 1;
            i += 1;
        } else {
            i += 1;
        }
    }
    if start < body.len() {
        out.push((&body[start..], ""));
    }
    out
}

/// Does the transcript carry an Agent Card with JWS signatures (whose bytes a re-encoding
/// would not change, but whose content a member added to it would)?
fn signed(lines: &Lines) -> bool {
    lines.iter().any(|l| {
        l["body"]
            .as_str()
            .is_some_and(|b| b.contains("\"signatures\""))
    })
}

/// Streams (chunks after a `resp`) of a transcript: for each, the chunk line indexes.
fn streams(lines: &Lines) -> Vec<Vec<usize>> {
    calls(lines)
        .into_iter()
        .filter(|c| c.chunks.len() >= 2 && !c.chunks.iter().any(|&i| encoded(&lines[i])))
        .map(|c| c.chunks)
        .collect()
}

/// A line whose body is bytes written as base64 (`"encoding": "base64"`, TRANSCRIPT.md: a
/// gzip or deflate stream, non-UTF-8): the SSE and line-ending re-encodings are of text and
/// would cut or rewrite the base64 itself (l42g-L01-legal-gzip-to-gzip, picked once round
/// fifty's variants moved the selection).
fn encoded(line: &Value) -> bool {
    line.get("encoding").is_some()
}

/// `lines` with chunk `i` split into two chunk lines at byte `at` (a char boundary).
fn split_chunk(lines: &Lines, i: usize, at: usize) -> Lines {
    let mut out = lines.clone();
    let body = out[i]["body"].as_str().unwrap().to_string();
    let (a, b) = body.split_at(at);
    let mut second = out[i].clone();
    if let Some(o) = second.as_object_mut() {
        o.remove("close");
    }
    let mut first = out[i].clone();
    if let Some(o) = first.as_object_mut() {
        o.remove("close");
    }
    first["body"] = Value::from(a);
    second["body"] = Value::from(b);
    if let Some(c) = out[i].get("close").cloned() {
        second["close"] = c;
    }
    if let Some(t) = out[i]["t"].as_f64() {
        second["t"] = Value::from(t + 0.00001);
    }
    out[i] = first;
    out.insert(i + 1, second);
    out
}

/// A legal change: its name, why it is legal, and the changed transcripts it makes.
struct Legal {
    name: &'static str,
    why: &'static str,
    make: fn(&Lines) -> Vec<Lines>,
}

fn map_strings(v: &mut Value, f: &dyn Fn(&str, &str) -> Option<String>, key: &str) {
    match v {
        Value::Object(m) => {
            for (k, x) in m.iter_mut() {
                map_strings(x, f, k);
            }
        }
        Value::Array(a) => {
            for x in a {
                map_strings(x, f, key);
            }
        }
        Value::String(s) => {
            if let Some(n) = f(key, s) {
                *s = n;
            }
        }
        _ => {}
    }
}

/// A 1.0 transcript (any PascalCase method, 1.0 route or A2A-Version 1.0 request).
fn is_v10(lines: &Lines) -> bool {
    lines.iter().any(|l| {
        header(l, "a2a-version").is_some_and(|(_, v)| v == "1.0")
            || l["body"].as_str().is_some_and(|b| {
                b.contains("\"method\":\"SendMessage") || b.contains("TASK_STATE_")
            })
    })
}

/// An RFC 3339 timestamp with `Z`: its fraction digits rewritten by `f` (None: unchanged).
fn refraction(ts: &str, f: &dyn Fn(&str) -> Option<String>) -> Option<String> {
    let body = ts.strip_suffix('Z')?;
    if body.len() < 19 || body.as_bytes().get(10) != Some(&b'T') {
        return None;
    }
    let (secs, frac) = match body.find('.') {
        Some(p) => (&body[..p], &body[p + 1..]),
        None => (body, ""),
    };
    if !frac.chars().all(|c| c.is_ascii_digit()) || secs.len() != 19 {
        return None;
    }
    let nf = f(frac)?;
    Some(if nf.is_empty() {
        format!("{secs}Z")
    } else {
        format!("{secs}.{nf}Z")
    })
}

fn legal_changes() -> Vec<Legal> {
    vec![
        Legal {
            name: "json-members-reordered",
            why: "JSON objects are unordered (RFC 8259 §4); ProtoJSON and the 0.x schemas name members, not places",
            make: |l| {
                rewrite_docs(l, &|v, _| Some(encode(v, Style { reverse: true, ..Style::default() })))
                    .into_iter()
                    .collect()
            },
        },
        Legal {
            name: "json-whitespace-spaced",
            why: "insignificant whitespace (RFC 8259 §2)",
            make: |l| {
                rewrite_docs(l, &|v, _| Some(encode(v, Style { spaced: true, ..Style::default() })))
                    .into_iter()
                    .collect()
            },
        },
        Legal {
            name: "json-whitespace-pretty-bodies",
            why: "insignificant whitespace, newlines included, in a unary body (an SSE data line stays one line)",
            make: |l| {
                rewrite_docs(l, &|v, sse| (!sse).then(|| serde_json::to_string_pretty(v).unwrap()))
                    .into_iter()
                    .collect()
            },
        },
        Legal {
            name: "json-escapes-slash-and-non-ascii",
            why: "`\\/` is `/` and `\\u00e9` is `é` (RFC 8259 §7)",
            make: |l| {
                rewrite_docs(l, &|v, _| {
                    Some(encode(v, Style { slash: true, ascii: true, ..Style::default() }))
                })
                .into_iter()
                .collect()
            },
        },
        Legal {
            name: "json-non-ascii-text-escaped",
            why: "a text part with `é` written raw and as `\\u00e9` says the same (the base has the raw `é`)",
            make: |_| Vec::new(),
        },
        Legal {
            name: "sse-event-split-over-two-chunks",
            why: "SSE is a byte stream: chunk boundaries carry no meaning (W3C SSE §9.2.4)",
            make: |l| {
                let mut out = Vec::new();
                if let Some(s) = streams(l).into_iter().next() {
                    for &i in s.iter().take(2) {
                        let b = l[i]["body"].as_str().unwrap_or("");
                        if b.len() < 4 {
                            continue;
                        }
                        let mut at = b.len() / 2;
                        while !b.is_char_boundary(at) {
                            at += 1;
                        }
                        out.push(split_chunk(l, i, at));
                    }
                }
                out
            },
        },
        Legal {
            name: "sse-chunk-boundary-inside-data-field-name",
            why: "a boundary inside `data:` or between CR and LF is still one line (W3C SSE §9.2.5)",
            make: |l| {
                let mut out = Vec::new();
                if let Some(s) = streams(l).into_iter().next() {
                    for &i in s.iter().take(2) {
                        let b = l[i]["body"].as_str().unwrap_or("");
                        if let Some(p) = b.find("data:") {
                            out.push(split_chunk(l, i, p + 2));
                        }
                        if let Some(p) = b.find("\r\n") {
                            out.push(split_chunk(l, i, p + 1));
                        }
                    }
                }
                out
            },
        },
        Legal {
            name: "sse-two-events-in-one-chunk",
            why: "a read may hold several events (W3C SSE §9.2.4)",
            make: |l| {
                let mut out = Vec::new();
                if let Some(s) = streams(l).into_iter().next() {
                    for w in s.windows(2).take(2) {
                        let (a, b) = (w[0], w[1]);
                        // a chunk that closes the stream is not joined to the event before it:
                        // the close would move to that event's time, which the held-open
                        // rules' 2 s grace reads (cards60's c60-2 variants)
                        if b != a + 1 || l[a].get("close").is_some() || l[b].get("close").is_some() {
                            continue;
                        }
                        let mut m = l.clone();
                        let joined = format!(
                            "{}{}",
                            m[a]["body"].as_str().unwrap_or(""),
                            m[b]["body"].as_str().unwrap_or("")
                        );
                        m[a]["body"] = Value::from(joined);
                        if let Some(c) = m[b].get("close").cloned() {
                            m[a]["close"] = c;
                        }
                        m.remove(b);
                        out.push(m);
                    }
                }
                out
            },
        },
        Legal {
            name: "sse-comments-and-id-retry-fields",
            why: "comment lines (`: ping`) are ignored, `id:` and `retry:` set the last event id and the reconnection time (W3C SSE §9.2.6)",
            make: |l| {
                let mut out = Vec::new();
                if let Some(s) = streams(l).into_iter().next() {
                    // only a stream whose chunks hold whole events: in one re-chunked mid
                    // event (w59's gateway leg, which round 58's new files moved into the
                    // sample) a comment put at a chunk's start lands inside an event
                    let whole = s.iter().all(|&i| {
                        let b = l[i]["body"].as_str().unwrap_or("");
                        b.is_empty() || b.ends_with("\n\n") || b.ends_with("\r\n\r\n")
                    });
                    if !whole {
                        return out;
                    }
                    let mut m = l.clone();
                    let mut n = 0;
                    for &i in &s {
                        let b = m[i]["body"].as_str().unwrap_or("").to_string();
                        if !b.starts_with("data:") {
                            continue;
                        }
                        let nl = if b.contains("\r\n") { "\r\n" } else { "\n" };
                        n += 1;
                        m[i]["body"] = Value::from(format!(": ping{nl}id: ev-{n}{nl}retry: 3000{nl}{b}"));
                    }
                    // A keep-alive comment on its own between two events.
                    if s.len() >= 2 {
                        let mut c = m[s[0]].clone();
                        if let Some(o) = c.as_object_mut() {
                            o.remove("close");
                        }
                        c["body"] = Value::from(": keep-alive\n\n");
                        m.insert(s[0] + 1, c);
                    }
                    if n > 0 {
                        out.push(m);
                    }
                }
                out
            },
        },
        Legal {
            name: "sse-line-endings-crlf-lf-cr",
            why: "SSE lines end in CRLF, LF or CR alike (W3C SSE §9.2.5)",
            make: |l| {
                let mut out = Vec::new();
                for to in ["\n", "\r\n", "\r"] {
                    let mut m = l.clone();
                    let mut any = false;
                    for x in m.iter_mut().filter(|x| x["dir"] == "chunk" && !encoded(x)) {
                        let b = x["body"].as_str().unwrap_or("").to_string();
                        let n = b.replace("\r\n", "\n").replace('\r', "\n").replace('\n', to);
                        if n != b {
                            x["body"] = Value::from(n);
                            any = true;
                        }
                    }
                    if any {
                        out.push(m);
                    }
                }
                out
            },
        },
        Legal {
            name: "header-names-in-other-case",
            why: "HTTP field names are case-insensitive (RFC 9110 §5.1)",
            make: |l| {
                let mut m = l.clone();
                for x in m.iter_mut() {
                    if let Some(h) = x["headers"].as_object() {
                        let n: Map<String, Value> = h
                            .iter()
                            .map(|(k, v)| {
                                let up = k
                                    .split('-')
                                    .map(|p| {
                                        let mut c = p.chars();
                                        match c.next() {
                                            Some(f) => f.to_ascii_uppercase().to_string() + &c.as_str().to_ascii_lowercase(),
                                            None => String::new(),
                                        }
                                    })
                                    .collect::<Vec<_>>()
                                    .join("-");
                                let k2 = if up == *k { k.to_ascii_uppercase() } else { up };
                                (k2, v.clone())
                            })
                            .collect();
                        x["headers"] = Value::Object(n);
                    }
                }
                vec![m]
            },
        },
        Legal {
            name: "extra-unknown-headers",
            why: "unknown header fields are ignored (RFC 9110 §5.1); a tracing or gateway header is common",
            make: |l| {
                let mut m = l.clone();
                for x in m.iter_mut().filter(|x| matches!(x["dir"].as_str(), Some("req" | "resp"))) {
                    set_header(x, "x-request-id", "4bf92f3577b34da6a3ce929d0e0e4736");
                    set_header(x, "traceparent", "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01");
                    if x["dir"] == "resp" {
                        set_header(x, "x-envoy-upstream-service-time", "3");
                    }
                }
                vec![m]
            },
        },
        Legal {
            name: "content-length-for-chunked-framing",
            why: "HTTP/1.1 frames a body by Content-Length or chunked coding alike (RFC 9112 §6)",
            make: |l| {
                // A response that carries both is the framing conflict itself (RFC 9112
                // §6.3, HTTP-FRAME-001), no framing to re-encode (mine56b: b27x-G03, sampled
                // once this round's files moved the STEP).
                if l.iter().any(|x| {
                    x["dir"] == "resp"
                        && header(x, "content-length").is_some()
                        && header(x, "transfer-encoding").is_some()
                }) {
                    return vec![];
                }
                let mut m = l.clone();
                let mut any = false;
                for x in m.iter_mut().filter(|x| x["dir"] == "resp") {
                    if header(x, "content-length").is_some() {
                        drop_header(x, "content-length");
                        set_header(x, "transfer-encoding", "chunked");
                        any = true;
                    } else if header(x, "transfer-encoding").is_some()
                        && !x["body"].as_str().unwrap_or("").is_empty()
                    {
                        drop_header(x, "transfer-encoding");
                        let n = x["body"].as_str().unwrap().len().to_string();
                        set_header(x, "content-length", &n);
                        any = true;
                    }
                }
                if any { vec![m] } else { vec![] }
            },
        },
        // 1.0: a receiver SHOULD ignore unknown fields (1.0 §5.7, DATA-003); 0.x: the JSON
        // Schemas set no additionalProperties: false. Left out: the JSON-RPC envelope
        // (JSON-RPC 2.0 lists a Response's members), free-form maps (metadata, data
        // parts, params of extensions: a member there is content), signed cards, and 1.0
        // Task objects, which DATA-SHAPE-008 names on purpose as a note (members a2a.proto's
        // Task does not define: createdAt, lastModified, the whats-new-v1 names).
        Legal {
            name: "unknown-member-in-a2a-objects",
            why: "DATA-003: receivers ignore unknown fields (1.0 SHOULD); the 0.x schemas allow them",
            make: |l| {
                if signed(l) {
                    return vec![];
                }
                let v10 = is_v10(l);
                fn add(v: &mut Value, key: &str, v10: bool, top: bool) {
                    match v {
                        Value::Object(m) => {
                            let free = matches!(key, "metadata" | "data" | "params" | "headers");
                            if free {
                                return;
                            }
                            let task10 = v10 && m.contains_key("status") && m.contains_key("id");
                            let a2a = m.contains_key("messageId")
                                || m.contains_key("artifactId")
                                || m.contains_key("state")
                                || (m.contains_key("taskId") && m.contains_key("status"));
                            if a2a && !task10 && !top {
                                m.insert("xUnknown49".into(), Value::from("ignored"));
                            }
                            let keys: Vec<String> = m.keys().cloned().collect();
                            for k in keys {
                                if k == "xUnknown49" {
                                    continue;
                                }
                                add(m.get_mut(&k).unwrap(), &k, v10, false);
                            }
                        }
                        Value::Array(a) => {
                            for x in a {
                                add(x, key, v10, false);
                            }
                        }
                        _ => {}
                    }
                }
                rewrite_docs(l, &|v, _| {
                    let mut v = v.clone();
                    add(&mut v, "", v10, true);
                    Some(serde_json::to_string(&v).unwrap())
                })
                .into_iter()
                .collect()
            },
        },
        // 1.0 DATA-002: ISO 8601 UTC with Z; the fraction's digits are free (ProtoJSON
        // writes 0, 3, 6 or 9 and reads any). Offsets are left out of 1.0 (the prose
        // says Z). 0.x: timestamps are free-form strings, so an offset form of the same
        // instant is legal too.
        Legal {
            name: "timestamps-other-fraction-digits",
            why: "RFC 3339 fraction digits are free; 1.0 ms precision is a SHOULD the 9-digit and 3-digit forms keep",
            make: |l| {
                let mut out = Vec::new();
                for pad in [true, false] {
                    let m = rewrite_docs(l, &|v, _| {
                        let mut v = v.clone();
                        let before = v.clone();
                        map_strings(&mut v, &|k, s| {
                            if k != "timestamp" {
                                return None;
                            }
                            refraction(s, &|f| {
                                if f.len() < 3 {
                                    return None;
                                }
                                Some(if pad {
                                    format!("{f:0<9}")
                                } else {
                                    f[..3].to_string()
                                })
                            })
                        }, "");
                        (v != before).then(|| serde_json::to_string(&v).unwrap())
                    });
                    out.extend(m);
                }
                out
            },
        },
        Legal {
            name: "0x-timestamps-with-offset",
            why: "0.x timestamps are free-form strings (0.3 schema); +00:00 names the same instant as Z",
            make: |l| {
                if is_v10(l) {
                    return vec![];
                }
                rewrite_docs(l, &|v, _| {
                    let mut v = v.clone();
                    let before = v.clone();
                    map_strings(&mut v, &|k, s| {
                        (k == "timestamp" && s.ends_with('Z') && s.len() >= 20)
                            .then(|| format!("{}+00:00", &s[..s.len() - 1]))
                    }, "");
                    (v != before).then(|| serde_json::to_string(&v).unwrap())
                })
                .into_iter()
                .collect()
            },
        },
        Legal {
            name: "ids-replaced-consistently",
            why: "task, context and message ids are opaque strings: a bijection on them changes nothing said",
            make: |l| {
                let mut ids: Vec<String> = Vec::new();
                for x in l {
                    let mut docs = Vec::new();
                    if let Some(v) = json_body(x) {
                        docs.push(v);
                    }
                    if x["dir"] == "chunk" {
                        for d in data_lines(x["body"].as_str().unwrap_or("")) {
                            if let Ok(v) = serde_json::from_str::<Value>(d) {
                                docs.push(v);
                            }
                        }
                    }
                    for d in &mut docs {
                        map_strings(d, &|k, s| {
                            if matches!(k, "taskId" | "contextId" | "messageId" | "task_id" | "context_id" | "message_id") {
                                Some(format!("\u{1}{s}"))
                            } else {
                                None
                            }
                        }, "");
                        collect_marked(d, &mut ids);
                    }
                    // Task objects' own ids.
                    if let Some(v) = json_body(x) {
                        if let Some(t) = task_in(&v) {
                            let id = t["id"].as_str().unwrap_or("").to_string();
                            if !ids.contains(&id) {
                                ids.push(id);
                            }
                        }
                    }
                }
                ids.retain(|s| s.len() >= 3 && !s.contains(['"', '\\']));
                if ids.is_empty() {
                    return vec![];
                }
                // Longest first, so an id inside another is not half-replaced.
                let mut order: Vec<usize> = (0..ids.len()).collect();
                order.sort_by_key(|&i| std::cmp::Reverse(ids[i].len()));
                let mut m = l.clone();
                let all: Vec<usize> = (0..m.len()).collect();
                for &i in &order {
                    subst_word(&mut m, &all, &ids[i], &format!("\u{2}{i}\u{2}"));
                }
                // A UUID stays a UUID and any other id stays no UUID: the bijection keeps
                // each id's form, which RPC-ERROR-003 judges (an agent refusing a messageId
                // that is no UUID, f459: mapped to a UUID, its finding rightly goes).
                for &i in &order {
                    let to = if uuid::Uuid::try_parse(&ids[i]).is_ok() {
                        format!("{:08x}-49aa-4bbb-8ccc-{:012x}", 0x4900_0000u32 + i as u32, i * 7919)
                    } else {
                        format!("id49-{i}-{:x}", i * 7919)
                    };
                    subst(&mut m, &all, &format!("\u{2}{i}\u{2}"), &to);
                }
                vec![m]
            },
        },
        Legal {
            name: "independent-calls-in-other-order",
            why: "two calls on separate connections that share no task, context or message are independent: their order says nothing",
            make: |l| {
                let cs = calls(l);
                let mut out = Vec::new();
                // Every string a call names (ids of any length, route segments): two calls
                // are independent when they share none (and neither is the card fetch).
                let ids_of = |c: &Call| -> Vec<String> {
                    let mut v = Vec::new();
                    for i in c.all_lines() {
                        let mut docs: Vec<Value> = json_body(&l[i]).into_iter().collect();
                        for d in data_lines(l[i]["body"].as_str().unwrap_or("")) {
                            docs.extend(serde_json::from_str::<Value>(d).ok());
                        }
                        for d in &docs {
                            strings_of(d, &mut v);
                        }
                        for seg in l[i]["url"].as_str().unwrap_or("").split(['/', '?', '&', '=', ':']) {
                            if !seg.is_empty() {
                                v.push(seg.to_string());
                            }
                        }
                    }
                    // A URL a body names (a push config's webhook url) is named by its
                    // segments too: the delivery to that webhook depends on the config call
                    // (b39x-P19, picked once cards60's variants moved the selection).
                    let urls: Vec<String> = v.iter().filter(|x| x.contains("://")).cloned().collect();
                    for u in urls {
                        v.extend(u.split(['/', '?', '&', '=', ':']).filter(|s| !s.is_empty()).map(str::to_string));
                    }
                    v.retain(|x| !matches!(x.as_str(), "2.0" | "rest" | "v1" | "tasks" | "message" | "http" | "https" | ""));
                    v
                };
                for w in cs.windows(2) {
                    let (a, b) = (&w[0], &w[1]);
                    if a.op == Op::Card || b.op == Op::Card || !a.leg.is_empty() || !b.leg.is_empty() {
                        continue;
                    }
                    let (la, lb) = (a.all_lines(), b.all_lines());
                    let contiguous = |v: &Vec<usize>| v.windows(2).all(|p| p[1] == p[0] + 1);
                    if !contiguous(&la) || !contiguous(&lb) || *la.last().unwrap() + 1 != lb[0] {
                        continue;
                    }
                    let (ia, ib) = (ids_of(a), ids_of(b));
                    if ia.iter().any(|x| ib.contains(x)) {
                        continue;
                    }
                    // The transcript pairs by position without ids: keep the pairing.
                    let mut m = l.clone();
                    let block_a: Vec<Value> = la.iter().map(|&i| l[i].clone()).collect();
                    let block_b: Vec<Value> = lb.iter().map(|&i| l[i].clone()).collect();
                    let start = la[0];
                    let times: Vec<Option<f64>> = (start..start + la.len() + lb.len()).map(|i| l[i]["t"].as_f64()).collect();
                    for (k, x) in (start..).zip(block_b.into_iter().chain(block_a)) {
                        m[k] = x;
                    }
                    for (j, t) in times.into_iter().enumerate() {
                        if let Some(t) = t {
                            m[start + j]["t"] = Value::from(t);
                        }
                    }
                    out.push(m);
                    // Both asked before either is answered, answered the other way round
                    // (the transcript pairs them by id).
                    if la.len() == 2 && lb.len() == 2 && l[la[0]].get("id").is_some() {
                        let mut m = l.clone();
                        let order = [la[0], lb[0], lb[1], la[1]];
                        for (j, &src) in order.iter().enumerate() {
                            m[start + j] = l[src].clone();
                            if let Some(t) = l[start + j]["t"].as_f64() {
                                m[start + j]["t"] = Value::from(t);
                            }
                        }
                        out.push(m);
                    }
                    if out.len() >= 2 {
                        break;
                    }
                }
                out
            },
        },
    ]
}

/// Every string value under an id-like member (id, taskId, contextId, messageId,
/// referenceTaskIds, and their 0.3 proto names).
fn strings_of(v: &Value, out: &mut Vec<String>) {
    fn go(v: &Value, key: &str, out: &mut Vec<String>) {
        match v {
            Value::Object(m) => m.iter().for_each(|(k, x)| go(x, k, out)),
            Value::Array(a) => a.iter().for_each(|x| go(x, key, out)),
            Value::String(s) => {
                if matches!(
                    key,
                    "id" | "taskId"
                        | "contextId"
                        | "messageId"
                        | "referenceTaskIds"
                        | "task_id"
                        | "context_id"
                        | "message_id"
                        | "name"
                        // a push config's webhook url (cards60: b39x-P19)
                        | "url"
                ) {
                    out.push(s.clone());
                }
            }
            _ => {}
        }
    }
    go(v, "", out);
}

fn collect_marked(v: &Value, out: &mut Vec<String>) {
    match v {
        Value::Object(m) => m.values().for_each(|x| collect_marked(x, out)),
        Value::Array(a) => a.iter().for_each(|x| collect_marked(x, out)),
        Value::String(s) => {
            if let Some(id) = s.strip_prefix('\u{1}') {
                if !out.iter().any(|x| x == id) {
                    out.push(id.to_string());
                }
            }
        }
        _ => {}
    }
}

/// The transcript with `é` put into its first text part (the base of the escape pair).
fn with_accent(l: &Lines) -> Option<(Lines, Lines)> {
    let i = l.iter().position(|x| {
        x["dir"] == "req"
            && x["body"]
                .as_str()
                .is_some_and(|b| b.contains("\"text\":\""))
    })?;
    let mut base = l.clone();
    let mut v = json_body(&base[i])?;
    let mut done = false;
    fn put(v: &mut Value, done: &mut bool) {
        match v {
            Value::Object(m) => {
                if let Some(Value::String(s)) = m.get_mut("text") {
                    if !*done {
                        s.push_str(" caf\u{e9}");
                        *done = true;
                    }
                }
                for x in m.values_mut() {
                    put(x, done);
                }
            }
            Value::Array(a) => a.iter_mut().for_each(|x| put(x, done)),
            _ => {}
        }
    }
    put(&mut v, &mut done);
    if !done {
        return None;
    }
    set_body(&mut base, i, &v);
    let mut m = base.clone();
    m[i]["body"] = Value::from(encode(
        &v,
        Style {
            ascii: true,
            ..Style::default()
        },
    ));
    fix_length(&mut m[i]);
    Some((base, m))
}

/// With `M49_DUMP=DIR`, writes a false positive's transcript to DIR.
fn dump(what: &str, lines: &Lines) {
    if let Ok(d) = std::env::var("M49_DUMP") {
        let _ = std::fs::create_dir_all(&d);
        let _ = std::fs::write(std::path::Path::new(&d).join(what), text(lines));
    }
}

#[test]
fn legal_re_encodings_of_real_traffic_draw_no_new_finding() {
    let tmp = tempfile::tempdir().unwrap();
    let changes = legal_changes();
    let mut files = captures();
    let n_captures = files.len();
    files.extend(legal_cases(STEP));
    let mut tried: BTreeMap<&str, (usize, usize)> = BTreeMap::new();
    let mut false_pos = Vec::new();
    let mut lost = Vec::new();
    for (fi, file) in files.iter().enumerate() {
        let Some(lines) = load(file) else { continue };
        let name = file.file_name().unwrap().to_string_lossy().to_string();
        let orig = judge(tmp.path(), "orig.jsonl", &lines, true);
        let mut check = |op: &'static str, base: &BTreeMap<String, usize>, m: &Lines, k: usize| {
            let after = judge(tmp.path(), "legal.jsonl", m, true);
            let e = tried.entry(op).or_default();
            if fi < n_captures {
                e.0 += 1;
            } else {
                e.1 += 1;
            }
            let new = new_rules(base, &after);
            if !new.is_empty() {
                dump(&format!("fp-{op}-{k}-{name}"), m);
                false_pos.push(format!("{name}: {op} drew {new:?}"));
            }
            let gone = new_rules(&after, base);
            if !gone.is_empty() {
                lost.push(format!("{name}: {op} lost {gone:?}"));
            }
        };
        for ch in &changes {
            for (k, m) in (ch.make)(&lines).iter().enumerate() {
                check(ch.name, &orig, m, k);
            }
        }
        if let Some((base, m)) = with_accent(&lines) {
            let b = judge(tmp.path(), "accent.jsonl", &base, true);
            check("json-non-ascii-text-escaped", &b, &m, 0);
        }
    }
    for ch in &changes {
        let (c, f) = tried.get(ch.name).copied().unwrap_or_default();
        eprintln!(
            "{:44} captures {c:3} field/variants {f:4}  ({})",
            ch.name, ch.why
        );
        assert!(
            c > 0,
            "legal change {} found no place in the captures",
            ch.name
        );
    }
    let total: usize = tried.values().map(|t| t.0 + t.1).sum();
    eprintln!(
        "{total} legal changes, {} false positives, {} lost findings",
        false_pos.len(),
        lost.len()
    );
    assert!(
        false_pos.is_empty() && lost.is_empty(),
        "{} of {total} legal changes drew a new finding:\n{}\n\n{} lost a finding:\n{}",
        false_pos.len(),
        false_pos.join("\n"),
        lost.len(),
        lost.join("\n")
    );
}

//! Transcript surgery shared by `tests/verify_mutants49.rs` (faults at the level of the
//! conversation, the card, headers and statuses) and `tests/verify_metamorphic49.rs` (legal
//! re-encodings that must draw no new finding): reading a transcript
//! (`/work/shared/TRANSCRIPT.md` format) into its calls, judging a changed copy offline, and
//! the legal field and variant transcripts both runs take as extra input.
#![allow(dead_code)]

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use a2a_interop::verify::Severity;
use serde_json::{Map, Value};

use super::common;

/// A transcript: one JSON object per line.
pub type Lines = Vec<Value>;

/// What a call asks (method name or HTTP+JSON route, any version).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Op {
    Card,
    Send,
    Stream,
    Get,
    Cancel,
    Other,
}

/// One request and what answered it: line indexes in the transcript.
#[derive(Clone, Debug)]
pub struct Call {
    pub req: usize,
    pub resp: Option<usize>,
    pub chunks: Vec<usize>,
    pub op: Op,
    /// A JSON-RPC call (its body has `method`).
    pub rpc: bool,
    /// `leg` of the request line (`upstream` behind a gateway), or "".
    pub leg: String,
}

impl Call {
    /// The request body as JSON.
    pub fn req_json(&self, lines: &Lines) -> Option<Value> {
        json_body(&lines[self.req])
    }
    /// The unary answer body as JSON.
    pub fn resp_json(&self, lines: &Lines) -> Option<Value> {
        self.resp.and_then(|r| json_body(&lines[r]))
    }
    /// Every line of the call, request first.
    pub fn all_lines(&self) -> Vec<usize> {
        let mut v = vec![self.req];
        v.extend(self.resp);
        v.extend(self.chunks.iter().copied());
        v
    }
    /// HTTP status of the answer.
    pub fn status(&self, lines: &Lines) -> Option<i64> {
        self.resp.and_then(|r| lines[r]["status"].as_i64())
    }
    /// The SSE events of a streamed answer: (chunk line, data payload as JSON).
    pub fn events(&self, lines: &Lines) -> Vec<(usize, Value)> {
        let mut out = Vec::new();
        for &c in &self.chunks {
            for d in data_lines(lines[c]["body"].as_str().unwrap_or("")) {
                if let Ok(v) = serde_json::from_str::<Value>(d) {
                    out.push((c, v));
                }
            }
        }
        out
    }
}

/// Reads a transcript file (blank lines skipped). `None` when a line is no JSON object or
/// the file is a native recording (its first line `type: recording`).
pub fn load(path: &Path) -> Option<Lines> {
    let text = std::fs::read_to_string(path).ok()?;
    let mut out = Vec::new();
    for l in text.lines().filter(|l| !l.trim().is_empty()) {
        let v: Value = serde_json::from_str(l).ok()?;
        if !v.is_object() || v.get("dir").is_none() {
            return None;
        }
        out.push(v);
    }
    Some(out)
}

/// The transcript as text, one line per object.
pub fn text(lines: &Lines) -> String {
    lines.iter().map(|l| format!("{l}\n")).collect()
}

/// The body of a `req`/`resp` line as JSON (objects and arrays only).
pub fn json_body(l: &Value) -> Option<Value> {
    let b = l["body"].as_str()?;
    let t = b.trim_start();
    if !(t.starts_with('{') || t.starts_with('[')) {
        return None;
    }
    serde_json::from_str(b).ok()
}

/// The payload of each `data:` line of an SSE chunk, in order.
pub fn data_lines(body: &str) -> Vec<&str> {
    body.split(['\n', '\r'])
        .filter_map(|l| l.strip_prefix("data:"))
        .map(|d| d.strip_prefix(' ').unwrap_or(d))
        .collect()
}

fn path_of(url: &str) -> &str {
    let rest = url
        .strip_prefix("http://")
        .or_else(|| url.strip_prefix("https://"));
    match rest {
        Some(r) => r.find('/').map(|i| &r[i..]).unwrap_or("/"),
        None => url,
    }
}

/// What a request asks, from its JSON-RPC method or its HTTP+JSON route.
pub fn op_of(l: &Value) -> (Op, bool) {
    let method = l["method"].as_str().unwrap_or("");
    let url = l["url"].as_str().unwrap_or("");
    let path = path_of(url).split('?').next().unwrap_or("");
    if let Some(body) = json_body(l) {
        if let Some(m) = body.get("method").and_then(Value::as_str) {
            let op = match m {
                "SendMessage" | "message/send" | "tasks/send" => Op::Send,
                "SendStreamingMessage" | "message/stream" | "tasks/sendSubscribe" => Op::Stream,
                "GetTask" | "tasks/get" => Op::Get,
                "CancelTask" | "tasks/cancel" => Op::Cancel,
                _ => Op::Other,
            };
            return (op, true);
        }
        if body.is_array() {
            return (Op::Other, true);
        }
    }
    let op = if path.ends_with("/.well-known/agent-card.json")
        || path.ends_with("/.well-known/agent.json")
    {
        Op::Card
    } else if path.ends_with("message:send") {
        Op::Send
    } else if path.ends_with("message:stream") {
        Op::Stream
    } else if path.contains("/tasks/") && path.ends_with(":cancel") {
        Op::Cancel
    } else if method == "GET"
        && path.contains("/tasks/")
        && !path.contains(':')
        && !path.contains("pushNotification")
    {
        Op::Get
    } else {
        Op::Other
    };
    (op, false)
}

/// The calls of a transcript, pairing answers by `id` when lines carry one and else as
/// TRANSCRIPT.md says (a `resp` answers the oldest unanswered `req` of its leg, a `chunk`
/// belongs to the latest `resp` of its leg).
pub fn calls(lines: &Lines) -> Vec<Call> {
    let mut out: Vec<Call> = Vec::new();
    let mut by_id: BTreeMap<String, usize> = BTreeMap::new();
    let mut last_resp: BTreeMap<String, usize> = BTreeMap::new();
    for (i, l) in lines.iter().enumerate() {
        let leg = l["leg"].as_str().unwrap_or("").to_string();
        let id = l.get("id").map(|v| v.to_string());
        match l["dir"].as_str().unwrap_or("") {
            "req" => {
                let (op, rpc) = op_of(l);
                if let Some(id) = id {
                    by_id.insert(format!("{leg}|{id}"), out.len());
                }
                out.push(Call {
                    req: i,
                    resp: None,
                    chunks: Vec::new(),
                    op,
                    rpc,
                    leg,
                });
            }
            "resp" => {
                let k = match &id {
                    Some(id) => by_id.get(&format!("{leg}|{id}")).copied(),
                    None => out.iter().position(|c| c.leg == leg && c.resp.is_none()),
                };
                if let Some(k) = k {
                    if out[k].resp.is_none() {
                        out[k].resp = Some(i);
                        last_resp.insert(leg, k);
                    }
                }
            }
            "chunk" => {
                let k = match &id {
                    Some(id) => by_id.get(&format!("{leg}|{id}")).copied(),
                    None => last_resp.get(&leg).copied(),
                };
                if let Some(k) = k {
                    out[k].chunks.push(i);
                }
            }
            _ => {}
        }
    }
    out
}

/// The Task object an answer carries (bare, `{task}`, or under a JSON-RPC `result`).
pub fn task_in(v: &Value) -> Option<&Map<String, Value>> {
    let v = v.get("result").unwrap_or(v);
    let t = v.get("task").unwrap_or(v);
    let o = t.as_object()?;
    (o.get("id").is_some_and(Value::is_string) && o.get("status").is_some_and(Value::is_object))
        .then_some(o)
}

/// The status/task event of a stream payload: (taskId, contextId, state).
pub fn event_ids(v: &Value) -> Option<(String, String, String)> {
    let r = v.get("result").unwrap_or(v);
    for k in ["statusUpdate", "artifactUpdate", "task"] {
        if let Some(e) = r.get(k) {
            let tid = e
                .get("taskId")
                .or_else(|| e.get("id"))
                .and_then(Value::as_str)?;
            let ctx = e.get("contextId").and_then(Value::as_str).unwrap_or("");
            let st = e["status"]["state"].as_str().unwrap_or("");
            return Some((tid.into(), ctx.into(), st.into()));
        }
    }
    if r.get("kind").is_some() {
        let tid = r
            .get("taskId")
            .or_else(|| r.get("id"))
            .and_then(Value::as_str)?;
        let ctx = r.get("contextId").and_then(Value::as_str).unwrap_or("");
        let st = r["status"]["state"].as_str().unwrap_or("");
        return Some((tid.into(), ctx.into(), st.into()));
    }
    None
}

/// A terminal task state of any version.
pub fn terminal(state: &str) -> bool {
    matches!(
        state,
        "completed"
            | "failed"
            | "canceled"
            | "rejected"
            | "TASK_STATE_COMPLETED"
            | "TASK_STATE_FAILED"
            | "TASK_STATE_CANCELED"
            | "TASK_STATE_CANCELLED"
            | "TASK_STATE_REJECTED"
    )
}

/// The working state in the form of `like` (a state of the same generation).
pub fn working_like(like: &str) -> &'static str {
    if like.starts_with("TASK_STATE_") {
        "TASK_STATE_WORKING"
    } else {
        "working"
    }
}

/// Every task a transcript's answers show, in order of first sight: (task id, context id,
/// last state shown).
pub fn tasks(lines: &Lines) -> Vec<(String, String, String)> {
    let mut out: Vec<(String, String, String)> = Vec::new();
    let mut note = |t: &str, c: &str, s: &str| {
        if let Some(e) = out.iter_mut().find(|e| e.0 == t) {
            if !s.is_empty() {
                e.2 = s.to_string();
            }
        } else {
            out.push((t.into(), c.into(), s.into()));
        }
    };
    for c in calls(lines) {
        if let Some(v) = c.resp_json(lines) {
            if let Some(t) = task_in(&v) {
                note(
                    t["id"].as_str().unwrap_or(""),
                    t.get("contextId").and_then(Value::as_str).unwrap_or(""),
                    t["status"]["state"].as_str().unwrap_or(""),
                );
            }
        }
        for (_, e) in c.events(lines) {
            if let Some((t, cx, s)) = event_ids(&e) {
                note(&t, &cx, &s);
            }
        }
    }
    out
}

/// `lines` with every occurrence of `from` in the bodies and urls of lines `which` replaced
/// by `to` (`Content-Length` kept true).
pub fn subst(lines: &mut Lines, which: &[usize], from: &str, to: &str) {
    for &i in which {
        for k in ["body", "url"] {
            if let Some(s) = lines[i][k].as_str() {
                if s.contains(from) {
                    lines[i][k] = Value::String(s.replace(from, to));
                }
            }
        }
        fix_length(&mut lines[i]);
    }
}

/// [`subst`] of `from` only where it stands as a word of its own: not inside a longer
/// token (`t-6973` is no id inside the credentials `hook-secret-6973`, which a header
/// repeats unchanged; lead49: such a half-replaced secret was a real credential mismatch).
pub fn subst_word(lines: &mut Lines, which: &[usize], from: &str, to: &str) {
    let word = |c: char| c.is_ascii_alphanumeric() || c == '-' || c == '_';
    for &i in which {
        for k in ["body", "url"] {
            let Some(s) = lines[i][k].as_str() else {
                continue;
            };
            if !s.contains(from) {
                continue;
            }
            let mut out = String::with_capacity(s.len());
            let mut at = 0;
            for (j, _) in s.match_indices(from) {
                if j < at {
                    continue;
                }
                let before = s[..j].chars().next_back();
                let after = s[j + from.len()..].chars().next();
                out.push_str(&s[at..j]);
                out.push_str(if before.is_some_and(word) || after.is_some_and(word) {
                    from
                } else {
                    to
                });
                at = j + from.len();
            }
            out.push_str(&s[at..]);
            lines[i][k] = Value::String(out);
        }
        fix_length(&mut lines[i]);
    }
}

/// Sets a `Content-Length` header of a line to its body's length in bytes.
pub fn fix_length(l: &mut Value) {
    let n = l["body"].as_str().map(str::len).unwrap_or(0);
    if let Some(h) = l.get_mut("headers").and_then(Value::as_object_mut) {
        for (k, v) in h.iter_mut() {
            if k.eq_ignore_ascii_case("content-length") {
                *v = Value::String(n.to_string());
            }
        }
    }
}

/// Replaces the body of line `i` with `v` (compact JSON).
pub fn set_body(lines: &mut Lines, i: usize, v: &Value) {
    lines[i]["body"] = Value::String(serde_json::to_string(v).unwrap());
    fix_length(&mut lines[i]);
}

/// A header of a line, any letter case.
pub fn header<'a>(l: &'a Value, name: &str) -> Option<(&'a String, &'a Value)> {
    l["headers"]
        .as_object()?
        .iter()
        .find(|(k, _)| k.eq_ignore_ascii_case(name))
}

/// Sets header `name` of line `l` (the existing name's case kept), or adds it.
pub fn set_header(l: &mut Value, name: &str, value: &str) {
    if !l["headers"].is_object() {
        l["headers"] = Value::Object(Map::new());
    }
    let h = l["headers"].as_object_mut().unwrap();
    let key = h
        .keys()
        .find(|k| k.eq_ignore_ascii_case(name))
        .cloned()
        .unwrap_or_else(|| name.to_string());
    h.insert(key, Value::String(value.into()));
}

/// Removes header `name` (any case) of line `l`.
pub fn drop_header(l: &mut Value, name: &str) {
    if let Some(h) = l["headers"].as_object_mut() {
        let keys: Vec<String> = h
            .keys()
            .filter(|k| k.eq_ignore_ascii_case(name))
            .cloned()
            .collect();
        for k in keys {
            h.remove(&k);
        }
    }
}

/// Copies of the lines of `call` put in after line `after`, with a fresh transcript `id`
/// (when the transcript uses them), times just after that line's, and `fresh` JSON-RPC id.
/// Returns the indexes of the new lines (request first).
pub fn insert_copy(lines: &mut Lines, call: &Call, after: usize, rpc_id: i64) -> Vec<usize> {
    let uses_ids = lines.iter().any(|l| l.get("id").is_some());
    let next_id = lines
        .iter()
        .filter_map(|l| l.get("id").and_then(Value::as_i64))
        .max()
        .unwrap_or(0)
        + 1000;
    let t0 = lines[after]["t"].as_f64();
    let t1 = lines.get(after + 1).and_then(|l| l["t"].as_f64());
    let src: Vec<Value> = call.all_lines().iter().map(|&i| lines[i].clone()).collect();
    let n = src.len();
    let mut idx = Vec::new();
    for (k, mut l) in src.into_iter().enumerate() {
        if uses_ids {
            l["id"] = Value::from(next_id);
        } else if let Some(o) = l.as_object_mut() {
            o.remove("id");
        }
        if let Some(t0) = t0 {
            let step = match t1 {
                Some(t1) if t1 > t0 => (t1 - t0) / (n as f64 + 1.0),
                _ => 0.001,
            };
            l["t"] = Value::from(t0 + step * (k as f64 + 1.0));
        } else if let Some(o) = l.as_object_mut() {
            o.remove("t");
        }
        if k == 0 || l["dir"] == "resp" {
            if let Some(mut b) = json_body(&l) {
                if b.get("jsonrpc").is_some() && b.get("id").is_some() {
                    b["id"] = Value::from(rpc_id);
                    l["body"] = Value::String(serde_json::to_string(&b).unwrap());
                    fix_length(&mut l);
                }
            }
        }
        if l["dir"] == "chunk" {
            let body = l["body"].as_str().unwrap_or("").to_string();
            let mut out = String::new();
            for seg in body.split_inclusive('\n') {
                match seg.strip_prefix("data:").map(|d| d.trim()) {
                    Some(d) => match serde_json::from_str::<Value>(d) {
                        Ok(mut v) if v.get("jsonrpc").is_some() => {
                            v["id"] = Value::from(rpc_id);
                            let end = if seg.ends_with("\r\n") { "\r\n" } else { "\n" };
                            out.push_str(&format!("data: {v}{end}"));
                        }
                        _ => out.push_str(seg),
                    },
                    None => out.push_str(seg),
                }
            }
            l["body"] = Value::String(out);
        }
        lines.insert(after + 1 + k, l);
        idx.push(after + 1 + k);
    }
    idx
}

/// Errors and warnings (`all`: notes too) by rule, of the transcript `lines` judged offline.
pub fn judge(dir: &Path, name: &str, lines: &Lines, all: bool) -> BTreeMap<String, usize> {
    judge_said(dir, name, lines, all).0
}

/// [`judge`], and each finding's rule with its message (`RULE: message`), the same
/// severities.
pub fn judge_said(
    dir: &Path,
    name: &str,
    lines: &Lines,
    all: bool,
) -> (BTreeMap<String, usize>, BTreeSet<String>) {
    let path = dir.join(name);
    std::fs::write(&path, text(lines)).unwrap();
    let mut m = BTreeMap::new();
    let mut said = BTreeSet::new();
    let src = a2a_interop::record::source::open(&path)
        .unwrap_or_else(|e| panic!("{name}: the changed transcript does not read: {e:#}"));
    let mut v = a2a_interop::verify::Verifier::new(&src.header);
    for ev in src.events {
        v.feed(&ev.unwrap_or_else(|e| panic!("{name}: event: {e:#}")));
    }
    for f in v.finish().findings {
        if all || matches!(f.severity, Severity::Error | Severity::Warning) {
            let key = if all {
                format!("{}:{:?}", f.rule, f.severity)
            } else {
                f.rule.clone()
            };
            said.insert(format!("{key}: {}", f.message));
            *m.entry(key).or_default() += 1;
        }
    }
    let _ = std::fs::remove_file(&path);
    (m, said)
}

/// Rules whose count went up from `before` to `after`.
pub fn new_rules(before: &BTreeMap<String, usize>, after: &BTreeMap<String, usize>) -> Vec<String> {
    after
        .iter()
        .filter(|(r, n)| **n > before.get(*r).copied().unwrap_or(0))
        .map(|(r, _)| r.clone())
        .collect()
}

/// The 16 real SDK captures.
pub fn captures() -> Vec<PathBuf> {
    let dir = common::repo_root().join("tests/captures");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "jsonl"))
        .collect();
    files.sort();
    files
}

/// A sample of the legal field and variant transcripts (tests/cases/field,
/// tests/cases/variants): those whose `.expect.json` expects no error, as
/// scripts/mutate-transcripts.py's runs picked them, every `step`-th in name order, and
/// only transcripts (not native recordings) of at most 64 KiB.
pub fn legal_cases(step: usize) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for d in ["tests/cases/field", "tests/cases/variants"] {
        let dir = common::repo_root().join(d);
        let mut files: Vec<_> = std::fs::read_dir(&dir)
            .unwrap()
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.to_string_lossy().ends_with(".expect.json"))
            .collect();
        files.sort();
        let mut k = 0usize;
        for e in files {
            let Ok(text) = std::fs::read_to_string(&e) else {
                continue;
            };
            let Ok(v) = serde_json::from_str::<Value>(&text) else {
                continue;
            };
            let errs = v["findings"]
                .as_array()
                .is_some_and(|a| a.iter().any(|f| f["severity"] == "error"));
            if errs {
                continue;
            }
            let t = PathBuf::from(e.to_string_lossy().replace(".expect.json", ".jsonl"));
            if !t.exists() || std::fs::metadata(&t).map(|m| m.len()).unwrap_or(0) > 65536 {
                continue;
            }
            k += 1;
            if k.is_multiple_of(step) {
                out.push(t);
            }
        }
    }
    out
}

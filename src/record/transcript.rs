/*!
Transcript import (`docs/transcript-format.md`): hand-editable JSON lines converted losslessly into
[`Event`]s of a [`CaptureMode::Transcript`] recording.

Mapping, line by line:

| transcript | events |
|---|---|
| `req` | `request_head` (+ `request_body` when the body is not empty); a new exchange `eN` |
| `resp` | `response_head` (+ `response_chunk` with the body when not empty); when no `chunk` follows for it, `exchange_end{complete}` right after |
| `chunk` | `response_chunk` (when not empty); with `close`: `exchange_end` (`eof` → complete, `reset` → upstream_abort, `client` → client_abort, `timeout` → open, `refused` → refused) |
| end of file | every exchange still open (no response, or a stream without `close`) ends `open` |

Pairing: by `id` when present, else a `resp` answers the oldest unanswered `req` on the same
`leg` and a `chunk` belongs to the latest `resp` on the same `leg`. `t` (seconds, float)
becomes `t_us`; without `t` lines are 1 ms apart. A `req` whose `url` is a bare path takes
its authority from the `host` header when present (`http://{host}{path}`).
*/

use std::borrow::Cow;
use std::collections::{HashMap, VecDeque};

use anyhow::{anyhow, bail, Context};
use serde_json::Value;

use super::event::{Body, CaptureMode, Event, EventKind, Headers, Outcome, RecordingHeader};

/// One parsed transcript line.
struct Line {
    no: usize,
    dir: Dir,
    t_us: u64,
    /// whether the line gave `t` (else `t_us` is 1 ms after the line before)
    timed: bool,
    id: Option<String>,
    leg: Option<String>,
    method: String,
    url: String,
    status: u16,
    headers: Headers,
    /// The body's bytes: the text as UTF-8, or the bytes of a base64 `body` (`"encoding":
    /// "base64"`).
    body: Vec<u8>,
    /// `"encoding": "base64"`: the body is the bytes as they crossed the wire, so the head
    /// is kept whole (its `Content-Encoding` and `Content-Length` describe these bytes).
    wire: bool,
    close: Option<Outcome>,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Dir {
    Req,
    Resp,
    Chunk,
}

/// Converts transcript text into a header and events.
///
/// Errors: a line that is not a JSON object, lacks `dir`, has an unknown `dir` or `close`,
/// or a `resp`/`chunk` that answers nothing; each error names the 1-based line number.
pub fn read(text: &str) -> anyhow::Result<(RecordingHeader, Vec<Event>)> {
    read_noted(text).map(|(h, e, _)| (h, e))
}

/// [`read`], with the notes on the file itself that refuse nothing, each naming its line:
/// a `t` earlier than the previous timed line's (newcomer50 N16: a transcript whose `t`
/// runs backwards was read in silence; its events keep the times as written, and a
/// duration across the step reads as 0). At most [`MAX_T_NOTES`] lines are named, then
/// how many more.
pub fn read_noted(text: &str) -> anyhow::Result<(RecordingHeader, Vec<Event>, Vec<String>)> {
    let mut notes = Vec::new();
    let (h, e) = read_lines(text, &mut notes)?;
    Ok((h, e, notes))
}

/// Lines whose `t` runs backwards that [`read_noted`] names one by one.
pub const MAX_T_NOTES: usize = 3;

fn read_lines(
    text: &str,
    notes: &mut Vec<String>,
) -> anyhow::Result<(RecordingHeader, Vec<Event>)> {
    let mut lines = parse_lines(text, notes)?;
    // Pass 1: assign every line to an exchange index.
    let mut owner: Vec<usize> = Vec::with_capacity(lines.len());
    let mut exchanges = 0usize;
    let mut by_id: HashMap<(Option<String>, String), usize> = HashMap::new();
    let mut unanswered: HashMap<Option<String>, VecDeque<usize>> = HashMap::new();
    let mut answered: Vec<bool> = Vec::new();
    let mut latest_resp: HashMap<Option<String>, usize> = HashMap::new();
    let mut has_chunks: Vec<bool> = Vec::new();
    // the file line of each exchange's req (messages name the user's lines and ids, never
    // the internal exchange names)
    let mut req_line: Vec<usize> = Vec::new();
    for l in &lines {
        match l.dir {
            Dir::Req => {
                let x = exchanges;
                exchanges += 1;
                answered.push(false);
                has_chunks.push(false);
                req_line.push(l.no);
                if let Some(id) = &l.id {
                    if let Some(&x0) = by_id.get(&(l.leg.clone(), id.clone())) {
                        if !answered[x0] {
                            bail!(
                                "line {}: id {id} is already used by the req on line {}, which has no resp yet; give each req its own id",
                                l.no,
                                req_line[x0]
                            );
                        }
                    }
                    by_id.insert((l.leg.clone(), id.clone()), x);
                }
                unanswered.entry(l.leg.clone()).or_default().push_back(x);
                owner.push(x);
            }
            Dir::Resp => {
                let x = match &l.id {
                    Some(id) => *by_id
                        .get(&(l.leg.clone(), id.clone()))
                        .ok_or_else(|| anyhow!("line {}: resp id {id} answers no req", l.no))?,
                    None => {
                        let q = unanswered.entry(l.leg.clone()).or_default();
                        loop {
                            match q.pop_front() {
                                Some(x) if answered[x] => continue,
                                Some(x) => break x,
                                None => bail!("line {}: resp answers no unanswered req", l.no),
                            }
                        }
                    }
                };
                if answered[x] {
                    bail!(
                        "line {}: a second resp for the req on line {}{}; a req has one resp (a stream goes on in chunk lines)",
                        l.no,
                        req_line[x],
                        l.id.as_ref().map(|i| format!(" (id {i})")).unwrap_or_default()
                    );
                }
                answered[x] = true;
                latest_resp.insert(l.leg.clone(), x);
                owner.push(x);
            }
            Dir::Chunk => {
                let x = match &l.id {
                    Some(id) => *by_id
                        .get(&(l.leg.clone(), id.clone()))
                        .ok_or_else(|| anyhow!("line {}: chunk id {id} answers no req", l.no))?,
                    None => *latest_resp
                        .get(&l.leg)
                        .ok_or_else(|| anyhow!("line {}: chunk before any resp", l.no))?,
                };
                has_chunks[x] = true;
                owner.push(x);
            }
        }
    }
    // Each exchange's whole response text, to tell a coded body from a decoded one: kept
    // only for a response that names a content coding (ux37: a copy of every response
    // body made a 150 MB answer cost 150 MB more)
    // (a `resp` line in wire bytes, `"encoding": "base64"`, keeps its head whole: not
    // collected)
    // A `chunk` line in wire bytes makes its answer's head a wire head too: the chunks are
    // the coded stream's reads (docs/transcript-format.md), so its coding is kept even when
    // the bytes do not decode to their end (breaker44: a gzip'd stream whose gzip member
    // never ended lost its head's coding, and its events were read as gzip bytes)
    let mut wire_chunks = vec![false; exchanges];
    for (l, &x) in lines.iter().zip(owner.iter()) {
        wire_chunks[x] |= l.dir == Dir::Chunk && l.wire;
    }
    let mut coded = vec![false; exchanges];
    for (l, &x) in lines.iter().zip(owner.iter()) {
        if l.dir == Dir::Resp {
            let ce = crate::model::coding::joined(l.headers.get_all("content-encoding"));
            coded[x] = !l.wire
                && !wire_chunks[x]
                && crate::model::coding::is_coded(ce.as_deref().into_iter());
        }
    }
    let mut resp_text: Vec<Vec<u8>> = vec![Vec::new(); exchanges];
    for (l, &x) in lines.iter().zip(owner.iter()) {
        if l.dir != Dir::Req && coded[x] {
            resp_text[x].extend_from_slice(&l.body);
        }
    }
    // Pass 2: events.
    let mut events = Vec::with_capacity(lines.len() * 2);
    let mut seq = 0u64;
    // the file line that ended each exchange, once ended
    let mut ended: Vec<Option<usize>> = vec![None; exchanges];
    let mut req_bytes = vec![0u64; exchanges];
    let mut resp_bytes = vec![0u64; exchanges];
    let mut last_t = 0u64;
    let mut push = |events: &mut Vec<Event>, t: u64, x: usize, leg: &Option<String>, kind| {
        seq += 1;
        events.push(Event {
            seq,
            t_us: t,
            exchange: Some(format!("e{}", x + 1).into()),
            leg: leg.clone(),
            kind,
        });
    };
    // a response part without `t` has no observed arrival time (read before the bodies
    // are moved out below)
    let chunk_times = lines
        .iter()
        .all(|l| l.timed || l.dir == Dir::Req || l.body.is_empty());
    // (mutable: each body is moved into its event, not copied: ux37)
    for (l, &x) in lines.iter_mut().zip(owner.iter()) {
        last_t = last_t.max(l.t_us);
        if let Some(at) = ended[x] {
            bail!(
                "line {}: the req on line {}{} was already answered in full on line {at} (a resp without chunk lines, or a chunk with \"close\"); nothing can follow it",
                l.no,
                req_line[x],
                l.id.as_ref().map(|i| format!(" (id {i})")).unwrap_or_default()
            );
        }
        match l.dir {
            Dir::Req => {
                let url = absolute_url(&l.url, &l.headers);
                push(
                    &mut events,
                    l.t_us,
                    x,
                    &l.leg,
                    EventKind::RequestHead {
                        conn: None,
                        method: l.method.clone(),
                        url,
                        version: None,
                        headers: if l.wire {
                            l.headers.clone()
                        } else {
                            decoded_head(&l.headers, &l.body)
                        },
                        upstream: None,
                    },
                );
                if !l.body.is_empty() {
                    req_bytes[x] += l.body.len() as u64;
                    push(
                        &mut events,
                        l.t_us,
                        x,
                        &l.leg,
                        EventKind::RequestBody {
                            body: Body::new(std::mem::take(&mut l.body)),
                        },
                    );
                }
            }
            Dir::Resp => {
                push(
                    &mut events,
                    l.t_us,
                    x,
                    &l.leg,
                    EventKind::ResponseHead {
                        status: l.status,
                        version: None,
                        headers: if coded[x] {
                            decoded_head(&l.headers, &resp_text[x])
                        } else {
                            l.headers.clone()
                        },
                        synthetic: false,
                        reason: None,
                    },
                );
                if !l.body.is_empty() {
                    resp_bytes[x] += l.body.len() as u64;
                    push(
                        &mut events,
                        l.t_us,
                        x,
                        &l.leg,
                        EventKind::ResponseChunk {
                            body: Body::new(std::mem::take(&mut l.body)),
                        },
                    );
                }
                if !has_chunks[x] {
                    ended[x] = Some(l.no);
                    push(
                        &mut events,
                        l.t_us,
                        x,
                        &l.leg,
                        end(Outcome::Complete, req_bytes[x], resp_bytes[x]),
                    );
                }
            }
            Dir::Chunk => {
                if !l.body.is_empty() {
                    resp_bytes[x] += l.body.len() as u64;
                    push(
                        &mut events,
                        l.t_us,
                        x,
                        &l.leg,
                        EventKind::ResponseChunk {
                            body: Body::new(std::mem::take(&mut l.body)),
                        },
                    );
                }
                if let Some(outcome) = l.close {
                    ended[x] = Some(l.no);
                    push(
                        &mut events,
                        l.t_us,
                        x,
                        &l.leg,
                        end(outcome, req_bytes[x], resp_bytes[x]),
                    );
                }
            }
        }
    }
    // Exchanges that never ended: still open when the capture stopped.
    let legs: HashMap<usize, Option<String>> = lines
        .iter()
        .zip(owner.iter())
        .map(|(l, &x)| (x, l.leg.clone()))
        .collect();
    for x in 0..exchanges {
        if ended[x].is_none() {
            let leg = legs.get(&x).cloned().flatten();
            push(
                &mut events,
                last_t,
                x,
                &leg,
                end(Outcome::Open, req_bytes[x], resp_bytes[x]),
            );
        }
    }
    let mut header = RecordingHeader::new(CaptureMode::Transcript);
    header.started_at = "1970-01-01T00:00:00.000Z".into();
    header.chunk_times = chunk_times;
    Ok((header, events))
}

/// Most decoded bytes tried when telling a coded body from a decoded one (64 MiB).
const SNIFF_LIMIT: usize = 64 << 20;

/// The head of a body the transcript holds as text (`body` is "the bytes as text (UTF-8)",
/// docs/transcript-format.md) while the head still names a `Content-Encoding` (`gzip`,
/// `br`; RFC 9110 §8.4): coded bytes are not UTF-8 text, so the text is the decoded body,
/// as browser devtools and mitmproxy show it and keep the header (breaker10 E28). The
/// coding and the wire `Content-Length` (RFC 9110 §8.6) describe bytes the file does not
/// hold and are left out, as the HAR reader does for `content.text`; kept when the text
/// does decode with the named codings.
fn decoded_head(headers: &Headers, body: &[u8]) -> Headers {
    let ce = crate::model::coding::joined(headers.get_all("content-encoding"));
    if !crate::model::coding::is_coded(ce.as_deref().into_iter())
        || crate::model::coding::decode(ce.as_deref(), body, SNIFF_LIMIT).is_ok()
    {
        return headers.clone();
    }
    let mut headers = headers.clone();
    headers.retain(|k, _| {
        !k.eq_ignore_ascii_case("content-encoding") && !k.eq_ignore_ascii_case("content-length")
    });
    headers
}

fn end(outcome: Outcome, request_bytes: u64, response_bytes: u64) -> EventKind {
    EventKind::ExchangeEnd {
        outcome,
        error: None,
        trailers: None,
        request_bytes,
        response_bytes,
        truncated: false,
        resent: None,
        connect_failure: None,
    }
}

/// `url` as is when absolute; a bare path gets `http://{host}` from the `host` header.
fn absolute_url(url: &str, headers: &Headers) -> String {
    if url.starts_with('/') {
        if let Some(host) = headers.get("host") {
            let host = host.trim();
            if !host.is_empty() {
                return format!("http://{host}{url}");
            }
        }
    }
    url.to_string()
}

/// A line's `body` member as read: a string's text, or any other JSON value.
enum BodyMember {
    Text(String),
    Json(Value),
}

/// The `body` member from its raw text: a string unescaped straight into one buffer
/// (`record::event_de::string_literal`, serde_json for what that leaves to it), any other
/// value parsed.
fn body_of(raw: &serde_json::value::RawValue) -> Result<BodyMember, serde_json::Error> {
    let r = raw.get();
    if r.starts_with('"') {
        if let Some(s) = super::event_de::string_literal(r) {
            return Ok(BodyMember::Text(s));
        }
    }
    serde_json::from_str(r).map(BodyMember::Json)
}

/// The largest `t` a transcript line may give, in seconds (10^10 s, about 317 years): a
/// Unix time in seconds fits, one in milliseconds does not.
const MAX_T_SECS: f64 = 1e10;

fn parse_lines(text: &str, notes: &mut Vec<String>) -> anyhow::Result<Vec<Line>> {
    let mut out = Vec::new();
    let mut prev_t: Option<u64> = None;
    // the latest timed line: (line number, `t` as written, µs), and the lines whose `t`
    // is earlier than it (newcomer50 N16)
    let mut last_timed: Option<(usize, f64, u64)> = None;
    let mut backwards = 0usize;
    for (i, raw) in text.lines().enumerate() {
        let no = i + 1;
        let raw = raw.trim();
        if raw.is_empty() {
            continue;
        }
        // Each member kept as its raw text first: the body, most of a line, is unescaped
        // once into its own buffer ([`body_of`]), never through a `Value` (ux37: a 150 MB
        // body line peaked at 3 times its size in serde_json's scratch buffer and copies)
        let mut members: HashMap<String, &serde_json::value::RawValue> =
            serde_json::from_str(raw).with_context(|| format!("line {no}: not a JSON object"))?;
        let body_raw = members.remove("body");
        let v = Value::Object(
            members
                .into_iter()
                .map(|(k, r)| Ok((k, serde_json::from_str::<Value>(r.get())?)))
                .collect::<Result<serde_json::Map<String, Value>, serde_json::Error>>()
                .with_context(|| format!("line {no}: not a JSON object"))?,
        );
        let body_v = body_raw
            .map(body_of)
            .transpose()
            .with_context(|| format!("line {no}: not a JSON object"))?;
        let obj = v
            .as_object()
            .ok_or_else(|| anyhow!("line {no}: not a JSON object"))?;
        let dir = match obj.get("dir").and_then(Value::as_str) {
            Some("req") => Dir::Req,
            Some("resp") => Dir::Resp,
            Some("chunk") => Dir::Chunk,
            Some(other) => bail!("line {no}: unknown dir {other:?} (req, resp or chunk)"),
            None => bail!("line {no}: missing \"dir\""),
        };
        let timed = obj.get("t").is_some();
        let t_us = match obj.get("t") {
            Some(t) => {
                let secs = t
                    .as_f64()
                    .ok_or_else(|| anyhow!("line {no}: \"t\" is not a number"))?;
                if !(secs.is_finite() && secs >= 0.0) {
                    bail!("line {no}: \"t\" must be a non-negative number of seconds");
                }
                // newcomer49: a `t` of 1e300 saturated to u64::MAX µs and the next untimed
                // line's +1 ms overflowed (a panic); a Unix time in ms is the likely slip
                if secs > MAX_T_SECS {
                    bail!(
                        "line {no}: \"t\" is {secs:e} s, more than {MAX_T_SECS:e} s (about 317 years): \"t\" is seconds since the start of the transcript (a Unix time in milliseconds? divide it by 1000, or write times from 0)"
                    );
                }
                let us = (secs * 1_000_000.0).round() as u64;
                if let Some((m, before, before_us)) = last_timed {
                    if us < before_us {
                        backwards += 1;
                        if backwards <= MAX_T_NOTES {
                            notes.push(format!(
                                "line {no}: \"t\" is {secs} s, earlier than line {m}'s {before} s: \"t\" is seconds since the start of the transcript and does not run backwards (lines out of order, or times from two captures?); the events keep the times as written, and a duration across this step reads as 0"
                            ));
                        }
                    }
                }
                last_timed = Some((no, secs, us));
                us
            }
            None => prev_t.map(|p| p.saturating_add(1000)).unwrap_or(0),
        };
        prev_t = Some(t_us);
        let id = obj.get("id").and_then(|v| match v {
            Value::Null => None,
            Value::String(s) => Some(s.clone()),
            other => Some(other.to_string()),
        });
        let leg = obj.get("leg").and_then(Value::as_str).map(str::to_string);
        let headers = match obj.get("headers") {
            None | Some(Value::Null) => Headers::default(),
            Some(Value::Object(m)) => m
                .iter()
                .map(|(k, v)| {
                    let v = match v {
                        Value::String(s) => Cow::Borrowed(s.as_str()),
                        other => Cow::Owned(other.to_string()),
                    };
                    (k, v)
                })
                .collect(),
            Some(_) => bail!("line {no}: \"headers\" is not an object"),
        };
        let wire = match obj.get("encoding") {
            None | Some(Value::Null) => false,
            Some(Value::String(e)) if e.eq_ignore_ascii_case("base64") => true,
            Some(other) => bail!(
                "line {no}: \"encoding\" is {other}; the one encoding is \"base64\" (the body's bytes as they crossed the wire)"
            ),
        };
        let body = match body_v {
            None | Some(BodyMember::Json(Value::Null)) => String::new(),
            Some(BodyMember::Text(s)) => s,
            Some(BodyMember::Json(Value::String(s))) => s,
            // A JSON body written as the JSON itself, not as a string of it: the way a
            // person writes a JSON-RPC call by hand (newcomer30 N3). Its compact text,
            // members in the order written, is the body.
            Some(BodyMember::Json(v @ (Value::Object(_) | Value::Array(_)))) => v.to_string(),
            Some(BodyMember::Json(other)) => bail!(
                "line {no}: \"body\" is {}, not text: write the body as a string (\"body\": \"...\") or, a JSON body, as the object itself",
                match other {
                    Value::Bool(_) => "a boolean",
                    _ => "a number",
                }
            ),
        };
        let close = match obj.get("close").and_then(Value::as_str) {
            None => None,
            Some("eof") => Some(Outcome::Complete),
            Some("reset") => Some(Outcome::UpstreamAbort),
            // The client went away before the response ended (it left a stream, gave up
            // waiting): the cut is the client's, never the agent's.
            Some("client") => Some(Outcome::ClientAbort),
            Some("timeout") => Some(Outcome::Open),
            Some("refused") => Some(Outcome::Refused),
            Some(other) => {
                bail!("line {no}: unknown close {other:?} (eof, reset, client, timeout or refused)")
            }
        };
        let method = obj
            .get("method")
            .and_then(Value::as_str)
            .unwrap_or("GET")
            .to_string();
        let url = obj
            .get("url")
            .and_then(Value::as_str)
            .unwrap_or("/")
            .to_string();
        if dir == Dir::Req && obj.get("url").is_none() {
            bail!("line {no}: req without \"url\"");
        }
        let status = match obj.get("status") {
            // `"200"` as well as `200`: a status copied from a log or a devtools pane as
            // text is the same status (newcomer30 N3)
            Some(s) => s
                .as_u64()
                .or_else(|| s.as_str().and_then(|t| t.trim().parse::<u64>().ok()))
                .filter(|s| (100..=999).contains(s))
                .ok_or_else(|| {
                    anyhow!("line {no}: \"status\" is {s}, not an HTTP status (a number from 100 to 999, e.g. \"status\": 200)")
                })? as u16,
            None if dir == Dir::Resp => bail!("line {no}: resp without \"status\""),
            None => 0,
        };
        let body = if wire {
            use base64::Engine as _;
            let text: String = body.chars().filter(|c| !c.is_ascii_whitespace()).collect();
            // padded or not (the padding is dropped, then read without it)
            base64::engine::general_purpose::STANDARD_NO_PAD
                .decode(text.trim_end_matches('='))
                .map_err(|e| {
                    anyhow!("line {no}: \"body\" is not base64 (\"encoding\": \"base64\"): {e}")
                })?
        } else {
            body.into_bytes()
        };
        out.push(Line {
            no,
            dir,
            t_us,
            timed,
            id,
            leg,
            method,
            url,
            status,
            headers,
            body,
            wire,
            close,
        });
    }
    if backwards > MAX_T_NOTES {
        notes.push(format!(
            "{} more lines whose \"t\" is earlier than the line before them",
            backwards - MAX_T_NOTES
        ));
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kinds(evs: &[Event]) -> Vec<&'static str> {
        evs.iter()
            .map(|e| match &e.kind {
                EventKind::RequestHead { .. } => "request_head",
                EventKind::RequestBody { .. } => "request_body",
                EventKind::ResponseHead { .. } => "response_head",
                EventKind::ResponseChunk { .. } => "response_chunk",
                EventKind::ExchangeEnd { .. } => "exchange_end",
                _ => "other",
            })
            .collect()
    }

    /// Every body string is read as serde_json reads it (ux37: the body is unescaped by
    /// `event_de::string_literal`, serde_json only for a surrogate pair): escapes of every
    /// kind, `\u` escapes (a surrogate pair too), non-ASCII text, a string longer than the
    /// unescaper's 64-byte window with escapes across its edges, an empty one; a raw control
    /// character or an unknown escape is still refused.
    #[test]
    fn body_strings_read_as_serde_json_reads_them() {
        let long = "x\\\"y\\n".repeat(40);
        for body in [
            r#""{}""#.to_string(),
            r#""""#.to_string(),
            r#""a\"b\\c\/d\b\f\n\r\t""#.to_string(),
            r#""caf\u00e9 \u4e2d \ud83d\ude00 é中""#.to_string(),
            format!("\"{long}\""),
            format!("\"{}\\u0041{}\"", "z".repeat(61), "q".repeat(70)),
        ] {
            let line =
                format!(r#"{{"dir":"req","method":"POST","url":"http://h/","body":{body}}}"#);
            let (_, evs) = read(&line).unwrap_or_else(|e| panic!("{body}: {e:#}"));
            let want: String = serde_json::from_str(&body).unwrap();
            let got = evs.iter().find_map(|e| match &e.kind {
                EventKind::RequestBody { body } => Some(body.as_str().unwrap().to_string()),
                _ => None,
            });
            assert_eq!(got.unwrap_or_default(), want, "{body}");
        }
        for bad in [r#""a\qb""#, "\"a\u{1}b\""] {
            let line = format!(r#"{{"dir":"req","method":"POST","url":"http://h/","body":{bad}}}"#);
            let e = read(&line).unwrap_err().to_string();
            assert!(e.contains("line 1: not a JSON object"), "{bad}: {e}");
        }
    }

    /// `close: client` is the client leaving the stream: `exchange_end{client_abort}`, which
    /// the verifier never charges to the agent (unlike `reset`).
    #[test]
    fn stream_left_by_the_client() {
        let t = r#"{"t":0.0,"dir":"req","method":"POST","url":"/","headers":{"host":"127.0.0.1:9"},"body":"{}"}
{"t":0.004,"dir":"resp","status":200,"headers":{"content-type":"text/event-stream"},"body":""}
{"t":0.005,"dir":"chunk","body":"data: 1\n\n"}
{"t":0.2,"dir":"chunk","body":"","close":"client"}"#;
        let (_, evs) = read(t).unwrap();
        match &evs.last().unwrap().kind {
            EventKind::ExchangeEnd { outcome, .. } => assert_eq!(*outcome, Outcome::ClientAbort),
            k => panic!("{k:?}"),
        }
        let bad = t.replace("\"client\"", "\"left\"");
        let e = read(&bad).unwrap_err().to_string();
        assert!(e.contains("eof, reset, client, timeout or refused"), "{e}");
    }

    #[test]
    fn stream_with_chunks_and_close() {
        let t = r#"{"t":0.0,"dir":"req","method":"POST","url":"/","headers":{"host":"127.0.0.1:9"},"body":"{}"}
{"t":0.004,"dir":"resp","status":200,"headers":{"content-type":"text/event-stream"},"body":""}
{"t":0.005,"dir":"chunk","body":"data: 1\n\n"}
{"t":0.9,"dir":"chunk","body":"","close":"reset"}"#;
        let (h, evs) = read(t).unwrap();
        assert_eq!(h.mode, CaptureMode::Transcript);
        assert_eq!(
            kinds(&evs),
            [
                "request_head",
                "request_body",
                "response_head",
                "response_chunk",
                "exchange_end"
            ]
        );
        match &evs[0].kind {
            EventKind::RequestHead { url, .. } => assert_eq!(url, "http://127.0.0.1:9/"),
            _ => panic!(),
        }
        match &evs[4].kind {
            EventKind::ExchangeEnd { outcome, .. } => assert_eq!(*outcome, Outcome::UpstreamAbort),
            _ => panic!(),
        }
        assert_eq!(evs[4].t_us, 900_000);
        assert_eq!(
            evs.iter().map(|e| e.seq).collect::<Vec<_>>(),
            [1, 2, 3, 4, 5]
        );
    }

    /// `"encoding": "base64"` (left42): the body is the wire bytes, decoded from base64
    /// (padded or not, white space ignored), and the head keeps its coding and length even
    /// when the bytes are not in that coding (HTTP-FRAME-004's evidence); another encoding
    /// or bytes that are no base64 are errors naming the line.
    #[test]
    fn wire_bodies_keep_their_head() {
        let t = r#"{"dir":"req","method":"POST","url":"http://h/","body":"{}"}
{"dir":"resp","status":200,"headers":{"content-type":"application/json","content-encoding":"gzip","content-length":"2"},"body":"e3 0=","encoding":"base64"}"#;
        let (_, evs) = read(t).unwrap();
        let (h, body) = (
            evs.iter()
                .find_map(|e| match &e.kind {
                    EventKind::ResponseHead { headers, .. } => Some(headers.clone()),
                    _ => None,
                })
                .unwrap(),
            evs.iter()
                .find_map(|e| match &e.kind {
                    EventKind::ResponseChunk { body } => Some(body.data.to_vec()),
                    _ => None,
                })
                .unwrap(),
        );
        assert_eq!(body, b"{}");
        assert_eq!(h.get("content-encoding"), Some("gzip"));
        assert_eq!(h.get("content-length"), Some("2"));
        let e = read(&t.replace("\"base64\"", "\"hex\""))
            .unwrap_err()
            .to_string();
        assert!(e.starts_with("line 2: \"encoding\" is \"hex\""), "{e}");
        let e = read(&t.replace("e3 0=", "e3!")).unwrap_err().to_string();
        assert!(e.starts_with("line 2: \"body\" is not base64"), "{e}");
    }

    /// `chunk` lines in wire bytes (`"encoding": "base64"`) under a head that is not marked
    /// so keep the head's coding however their bytes end (breaker44): a gzip'd stream whose
    /// gzip member never ended (`H4sIAAAAAAAA/w==` is a gzip header and no deflate data)
    /// lost its `content-encoding`, so its events were read as gzip bytes.
    #[test]
    fn wire_chunks_keep_their_head_coding() {
        let t = r#"{"dir":"req","method":"POST","url":"http://h/","body":"{}"}
{"dir":"resp","status":200,"headers":{"content-type":"text/event-stream","content-encoding":"gzip"},"body":""}
{"dir":"chunk","body":"H4sIAAAAAAAA/w==","encoding":"base64"}"#;
        let (_, evs) = read(t).unwrap();
        assert!(evs.iter().any(|e| matches!(&e.kind,
            EventKind::ResponseHead { headers, .. } if headers.get("content-encoding") == Some("gzip"))));
    }

    /// A body under `content-encoding: gzip` that is text is the decoded body: the head
    /// loses the coding and the wire length (breaker10 E28); an uncoded head keeps both.
    #[test]
    fn coding_header_over_text_is_dropped() {
        let t = r#"{"dir":"req","method":"POST","url":"http://h/","body":"{}"}
{"dir":"resp","status":200,"headers":{"content-type":"application/json","content-encoding":"gzip","content-length":"31"},"body":"{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{}}"}"#;
        let (_, evs) = read(t).unwrap();
        let h = evs
            .iter()
            .find_map(|e| match &e.kind {
                EventKind::ResponseHead { headers, .. } => Some(headers.clone()),
                _ => None,
            })
            .unwrap();
        assert_eq!(h.get("content-type"), Some("application/json"));
        assert!(h.get("content-encoding").is_none() && h.get("content-length").is_none());
        let plain = t.replace(r#""content-encoding":"gzip","#, "");
        let (_, evs) = read(&plain).unwrap();
        assert!(evs.iter().any(|e| matches!(&e.kind,
            EventKind::ResponseHead { headers, .. } if headers.get("content-length") == Some("31"))));
    }

    /// A response body line without `t` has no observed arrival time (breaker10 E3); an
    /// untimed `req` or an empty `close` line does not matter.
    #[test]
    fn chunk_times_known_only_when_every_body_line_has_t() {
        let timed = r#"{"dir":"req","method":"POST","url":"/","headers":{"host":"h"},"body":"{}"}
{"t":0.004,"dir":"resp","status":200,"headers":{},"body":""}
{"t":0.005,"dir":"chunk","body":"data: 1\n\n"}
{"dir":"chunk","body":"","close":"eof"}"#;
        assert!(read(timed).unwrap().0.chunk_times);
        let untimed = timed.replace(r#"{"t":0.005,"dir":"chunk""#, r#"{"dir":"chunk""#);
        assert!(!read(&untimed).unwrap().0.chunk_times);
    }

    #[test]
    fn pairing_by_leg_and_open_exchanges() {
        let t = r#"{"dir":"req","method":"POST","url":"https://gw/a","body":""}
{"dir":"req","method":"POST","url":"https://up/a","body":"","leg":"upstream"}
{"dir":"resp","status":200,"headers":{},"body":"x","leg":"upstream"}
{"dir":"req","method":"GET","url":"https://gw/b"}"#;
        let (_, evs) = read(t).unwrap();
        // e2 answered on the upstream leg, e1 and e3 never answered -> open at the end.
        let ends: Vec<(String, Outcome)> = evs
            .iter()
            .filter_map(|e| match &e.kind {
                EventKind::ExchangeEnd { outcome, .. } => {
                    Some((e.exchange.as_deref().unwrap().to_string(), *outcome))
                }
                _ => None,
            })
            .collect();
        assert_eq!(
            ends,
            [
                ("e2".to_string(), Outcome::Complete),
                ("e1".to_string(), Outcome::Open),
                ("e3".to_string(), Outcome::Open)
            ]
        );
        assert_eq!(evs[0].t_us, 0);
        assert_eq!(evs[1].t_us, 1000);
        assert_eq!(evs[1].leg.as_deref(), Some("upstream"));
    }

    #[test]
    fn malformed_line_names_its_number() {
        let t = "{\"dir\":\"req\",\"url\":\"/\"}\n\nnot json\n";
        let err = format!("{:#}", read(t).unwrap_err());
        assert!(err.contains("line 3"), "{err}");
        let err = format!(
            "{:#}",
            read("{\"dir\":\"resp\",\"status\":200}").unwrap_err()
        );
        assert!(err.contains("line 1"), "{err}");
    }

    /// fix7: a reused or doubled id names the user's id and lines, not the internal
    /// exchange name (`exchange e2 already ended`).
    #[test]
    fn reused_ids_name_the_users_lines_and_id() {
        let req = r#"{"dir":"req","method":"POST","url":"/","id":1}"#;
        let resp = r#"{"dir":"resp","status":200,"id":1}"#;
        let err = format!(
            "{:#}",
            read(&[req, req, resp, resp].join("\n")).unwrap_err()
        );
        assert_eq!(
            err,
            "line 2: id 1 is already used by the req on line 1, which has no resp yet; give each req its own id"
        );
        let err = format!("{:#}", read(&[req, resp, resp].join("\n")).unwrap_err());
        assert_eq!(
            err,
            "line 3: a second resp for the req on line 1 (id 1); a req has one resp (a stream goes on in chunk lines)"
        );
        let chunk = r#"{"dir":"chunk","id":1,"body":"data: x\n\n"}"#;
        let close = r#"{"dir":"chunk","id":1,"close":"eof"}"#;
        let err = format!(
            "{:#}",
            read(&[req, resp, chunk, close, chunk].join("\n")).unwrap_err()
        );
        assert!(
            err.starts_with(
                "line 5: the req on line 1 (id 1) was already answered in full on line 4"
            ),
            "{err}"
        );
        assert!(!err.contains("e1"), "{err}");
        // an id used again after its exchange was answered starts a new exchange
        let (_, evs) = read(&[req, resp, req, resp].join("\n")).unwrap();
        let ends = evs
            .iter()
            .filter(|e| matches!(e.kind, EventKind::ExchangeEnd { .. }))
            .count();
        assert_eq!(ends, 2);
    }
}

/*!
HAR 1.2 export and import (W3C draft "HTTP Archive (HAR) format", version 1.2).

Export: one `log.entries[]` entry per exchange, in order of first event (the order of
`startedDateTime`: a recording's event times rise with `seq`), with the standard
fields (`startedDateTime`, `time`, `request`, `response`, `cache`, `timings`; `-1` = not
known) and these extensions:

- `_sseEvents`: the SSE events of a `text/event-stream` response, each
  `{"time": <epoch seconds>, "event"?, "id"?, "data"}` (`time` is when the chunk that ended
  the event was captured);
- `response._interimResponses`: the interim `1xx` heads the agent sent before its answer
  (`response_interim`: `103 Early Hints`, ...), each `{"status", "statusText",
  "httpVersion", "headers"}` as HAR's response has them (HAR 1.2 has no field for a `1xx`
  head; `_` fields are HAR's custom fields), in the order received (open46);
- `response._excessBytes` and `response.comment`: bytes the agent sent past the body its
  `Content-Length` framed (`response_excess`, not forwarded; open46). Bytes that came after
  the exchange ended (`late`) come after its entry was written: they stay in
  `log._a2a.events` (below), not on the entry;
- `_resent` and `comment`: the recording proxy sent the request twice (`exchange_end.resent`,
  the first attempt's failure: the upstream closed a kept connection before any answer);
  import reads `_resent` back when the entry has no `_a2a` events (and
  `_interimResponses` / `_excessBytes` likewise; a malformed one is left out);
- a request the active prober sent (`probe`, `interop`: it carries
  `A2A-Interop-Probe-Test`) through its in-process recording listener is shown as the agent
  got it: `request.url` is the agent URL the listener forwarded it to
  (`request_head.upstream`, the URL a user can call), `Host` that URL's authority, and an
  Agent Card the listener rewrote is the agent's own card in `content` (the copy the prober
  read, naming the listener, in `_a2a.clientBody`); `_a2a.recordedUrl` keeps the
  listener's URL (an ephemeral loopback port, gone after the run; newcomer26);
- `_a2a`: `{"exchange", "leg"?, "requestBody"?, "responseBody"?, "events": [...]}` where
  `events` are the exchange's native recording events (`docs/recording-format.md`) with body
  frames replaced by `{"offset", "len"}` (bytes) into the recorded body: `requestBody` /
  `responseBody` (base64) when present, else the bytes of `request.postData.text` /
  `response.content.text` (after base64 when `encoding` / `_encoding` says so). Events
  outside exchanges (`conn_open`, `gap`, `tunnel`, `finding`) go to `log._a2a.events` as
  they are, and the recording header to `log._a2a.header`.

Bodies with a `Content-Encoding` (RFC 9110 §8.4: `gzip`, `x-gzip`, `deflate`, `br`) are
written decoded, as HAR 1.2 `content` says and browsers write them: `text` the decoded body,
`size` its length (bytes), `compression` the bytes saved (left out when the coding saved
none), `bodySize` the recorded (coded) length; the head keeps its `Content-Encoding`; the
recorded bytes go to `_a2a.responseBody` / `_a2a.requestBody`. A coded body that does not
decode (a coding this tool lacks such as `zstd`, a body cut by the capture cap) is written
as recorded (base64) with a `comment` saying why. The recording holds the redacted form of a
coded body (`record::redact` decodes, redacts and re-encodes) up to the recorder's 1 MiB
hold; past it the body is recorded as it came, so the decoded text of a `redacted: true`
recording is redacted again on export (push-config `token` / `credentials`, PUSH-002,
PUSH-004): a decoded body never shows a secret in clear text.

Import reads both: a HAR written by this tool converts back to exactly the events it came
from (seq, t_us, chunk boundaries, headers in order); a HAR from a browser or another tool
becomes one exchange per entry (request head and body, response head, the whole content as
one chunk, `exchange_end`), with times from `startedDateTime` and `timings`. Its `text`
fields are the decoded bodies (HAR 1.2), so the head's `Content-Encoding` and
`Content-Length` are left out of the imported head when they name a coding the text no
longer has (`decoded_head`).
*/

use anyhow::{anyhow, Context};
use base64::Engine as _;
use bytes::Bytes;
use serde_json::{json, Map, Value};

use super::event::{Body, CaptureMode, Event, EventKind, Headers, Outcome, RecordingHeader};

const B64: base64::engine::general_purpose::GeneralPurpose =
    base64::engine::general_purpose::STANDARD;

/// Everything gathered for one exchange while exporting.
#[derive(Default)]
struct Entry {
    id: String,
    leg: Option<String>,
    events: Vec<Value>,
    start_us: u64,
    head_us: Option<u64>,
    end_us: u64,
    method: String,
    url: String,
    version: Option<String>,
    req_headers: Headers,
    req_body: Vec<u8>,
    status: u16,
    /// The agent's own reason phrase ([`EventKind::ResponseHead`] `reason`).
    resp_reason: Option<String>,
    resp_version: Option<String>,
    resp_headers: Headers,
    resp_body: Vec<u8>,
    // (t_us, event, id, data) of complete SSE events.
    sse: Vec<(u64, Option<String>, Option<String>, String)>,
    sse_buf: String,
    /// `exchange_end.resent`: the proxy sent the request twice (the first attempt's failure).
    resent: Option<String>,
    /// `response_interim` heads (status, version, headers), in order.
    interims: Vec<(u16, Option<String>, Headers)>,
    /// `response_excess` bytes recorded before the exchange ended.
    excess: u64,
    /// `card_rewrite`: the card the client received instead of the agent's (its body, and
    /// how many URLs were rewritten).
    rewritten: Option<(Vec<u8>, usize)>,
    /// The agent URL a prober's request was forwarded to ([`Headers::prober_target`]):
    /// the entry's `request.url` instead of the listener's `url`.
    prober_target: Option<String>,
}

fn headers_json(h: &Headers) -> Value {
    Value::Array(
        h.iter()
            .map(|(k, v)| json!({"name": k, "value": v}))
            .collect(),
    )
}

/// `start` plus `us` microseconds; `start` itself when the sum is past what a date holds
/// (newcomer49: an edited recording's `t_us` of 2^63 panicked the export).
fn rfc3339_plus(start: &chrono::DateTime<chrono::FixedOffset>, us: u64) -> String {
    i64::try_from(us)
        .ok()
        .and_then(|us| start.checked_add_signed(chrono::Duration::microseconds(us)))
        .unwrap_or(*start)
        .with_timezone(&chrono::Utc)
        .to_rfc3339_opts(chrono::SecondsFormat::Micros, true)
}

/// Splits complete SSE events off `buf` (blank line = `\n\n`, `\r\n\r\n` or `\r\r`, after
/// normalizing line endings). Display-level decoding only; the verifier has its own.
fn drain_sse(buf: &mut String) -> Vec<(Option<String>, Option<String>, String)> {
    let mut out = Vec::new();
    // Keep a trailing '\r' until the next chunk: it may be half of "\r\n".
    let keep_cr = buf.ends_with('\r');
    let body = if keep_cr {
        &buf[..buf.len() - 1]
    } else {
        &buf[..]
    };
    let norm = body.replace("\r\n", "\n").replace('\r', "\n");
    let mut rest = norm.as_str();
    while let Some(pos) = rest.find("\n\n") {
        let block = &rest[..pos];
        rest = &rest[pos + 2..];
        let (mut event, mut id, mut data) = (None, None, Vec::new());
        for line in block.split('\n') {
            if line.is_empty() || line.starts_with(':') {
                continue;
            }
            let (f, v) = match line.split_once(':') {
                Some((f, v)) => (f, v.strip_prefix(' ').unwrap_or(v)),
                None => (line, ""),
            };
            match f {
                "event" => event = Some(v.to_string()),
                "id" => id = Some(v.to_string()),
                "data" => data.push(v),
                _ => {}
            }
        }
        if event.is_some() || !data.is_empty() {
            out.push((event, id, data.join("\n")));
        }
    }
    let mut left = rest.to_string();
    if keep_cr {
        left.push('\r');
    }
    *buf = left;
    out
}

/// Streaming HAR 1.2 writer (module docs). Entries go out in the order their exchanges
/// began (`startedDateTime` order, open48 item 4: they went out as each exchange ended, so a
/// long stream begun first came after everything that ended before it, and viewers sorted
/// oddly). Memory holds the exchanges still open (their events and bodies, as before) and,
/// for each exchange that ended while one begun before it is still open, its id and where
/// its finished entry sits in a spill file: an anonymous temporary file
/// ([`tempfile::tempfile`], gone when the writer is dropped) that holds those entries'
/// JSON until the exchange ahead of them ends, emptied each time nothing waits in it. So a
/// stream open for the whole recording costs disk for the entries behind it, not memory.
/// Exchanges still open at [`HarWriter::finish`] are written then, in the same order.
pub struct HarWriter<W: std::io::Write> {
    out: W,
    header: RecordingHeader,
    start: chrono::DateTime<chrono::FixedOffset>,
    open: std::collections::HashMap<String, Entry>,
    // Exchange ids in order of first event whose entry is not written yet (open, or ended
    // and held in the spill file behind an earlier one still open).
    order: std::collections::VecDeque<String>,
    // Ended entries waiting behind an earlier open exchange: (offset, length) in `spill`.
    held: std::collections::HashMap<String, (u64, u64)>,
    spill: Option<std::fs::File>,
    // Exchanges whose entry is written: a later event of theirs (an `attribution` that
    // arrived after `exchange_end`) goes to the log's other events, not to a new entry.
    ended: std::collections::HashSet<String>,
    other: Vec<Value>,
    entries: u64,
}

impl<W: std::io::Write> HarWriter<W> {
    /// Starts the document (`{"log":{"version":"1.2",...,"entries":[`).
    ///
    /// Errors: writing to `out` fails.
    pub fn new(mut out: W, header: &RecordingHeader) -> std::io::Result<Self> {
        let start = chrono::DateTime::parse_from_rfc3339(&header.started_at)
            .unwrap_or_else(|_| chrono::DateTime::UNIX_EPOCH.fixed_offset());
        let creator = json!({"name": header.tool.name, "version": header.tool.version});
        write!(
            out,
            "{{\"log\":{{\"version\":\"1.2\",\"creator\":{creator},\"pages\":[],\"entries\":["
        )?;
        Ok(HarWriter {
            out,
            header: header.clone(),
            start,
            open: Default::default(),
            order: Default::default(),
            held: Default::default(),
            spill: None,
            ended: Default::default(),
            other: Vec::new(),
            entries: 0,
        })
    }

    /// Takes one event; writes its exchange's entry when the exchange ends.
    ///
    /// Errors: writing to `out` fails.
    pub fn push(&mut self, ev: &Event) -> std::io::Result<()> {
        let Some(xid) = ev.exchange.as_deref() else {
            self.other
                .push(serde_json::to_value(ev).unwrap_or(Value::Null));
            return Ok(());
        };
        if self.ended.contains(xid) {
            self.other
                .push(serde_json::to_value(ev).unwrap_or(Value::Null));
            return Ok(());
        }
        if !self.open.contains_key(xid) {
            self.order.push_back(xid.to_string());
            self.open.insert(
                xid.to_string(),
                Entry {
                    id: xid.to_string(),
                    leg: ev.leg.clone(),
                    start_us: ev.t_us,
                    ..Default::default()
                },
            );
        }
        let Some(e) = self.open.get_mut(xid) else {
            return Ok(());
        };
        e.end_us = e.end_us.max(ev.t_us);
        let mut v = serde_json::to_value(ev).unwrap_or(Value::Null);
        let frame = |v: &mut Value, buf: &mut Vec<u8>, body: &Body| {
            if let Value::Object(m) = v {
                m.remove("body");
                m.remove("encoding");
                m.insert("offset".into(), json!(buf.len()));
                m.insert("len".into(), json!(body.data.len()));
            }
            buf.extend_from_slice(&body.data);
        };
        let mut ended = false;
        match &ev.kind {
            EventKind::RequestHead {
                method,
                url,
                version,
                headers,
                upstream,
                ..
            } => {
                e.prober_target = headers
                    .prober_target(upstream.as_deref())
                    .map(str::to_string);
                e.method = method.clone();
                e.url = url.clone();
                e.version = version.clone();
                e.req_headers = headers.clone();
            }
            EventKind::RequestBody { body } => frame(&mut v, &mut e.req_body, body),
            EventKind::ResponseHead {
                status,
                version,
                headers,
                reason,
                ..
            } => {
                e.status = *status;
                e.resp_reason = reason.clone();
                e.resp_version = version.clone();
                e.resp_headers = headers.clone();
                e.head_us = Some(ev.t_us);
            }
            EventKind::ResponseChunk { body } => {
                frame(&mut v, &mut e.resp_body, body);
                // A coded stream's events are read from its decoded body at the end.
                if e.resp_headers.media_type().as_deref() == Some("text/event-stream")
                    && !crate::model::coding::is_coded(e.resp_headers.get_all("content-encoding"))
                {
                    e.sse_buf.push_str(&String::from_utf8_lossy(&body.data));
                    for (event, id, data) in drain_sse(&mut e.sse_buf) {
                        e.sse.push((ev.t_us, event, id, data));
                    }
                    // An event over 1 MiB is left out of `_sseEvents` (its bytes stay in
                    // `content.text`): keeps the export linear in the body size.
                    if e.sse_buf.len() > 1024 * 1024 {
                        e.sse_buf.clear();
                    }
                }
            }
            EventKind::CardRewrite { body, pointers } => {
                e.rewritten = Some((body.data.to_vec(), pointers.len()));
            }
            EventKind::ResponseInterim {
                status,
                version,
                headers,
            } => e.interims.push((*status, version.clone(), headers.clone())),
            EventKind::ResponseExcess { bytes, .. } => e.excess = e.excess.saturating_add(*bytes),
            EventKind::ExchangeEnd { resent, .. } => {
                e.resent.clone_from(resent);
                ended = true;
            }
            _ => {}
        }
        e.events.push(v);
        if ended {
            self.ended.insert(xid.to_string());
            if let Some(e) = self.open.remove(xid) {
                self.entry_ended(e)?;
            }
        }
        Ok(())
    }

    /// An exchange's entry is finished: written now when no exchange begun before it is
    /// still open (and then the held entries that waited only for it), else held in the
    /// spill file.
    fn entry_ended(&mut self, e: Entry) -> std::io::Result<()> {
        use std::io::{Seek, SeekFrom, Write as _};
        if self.order.front() == Some(&e.id) {
            self.order.pop_front();
            self.write_entry(e)?;
            return self.drain_held();
        }
        let bytes = self.entry_bytes(e)?;
        let spill = match &mut self.spill {
            Some(f) => f,
            None => self.spill.insert(tempfile::tempfile()?),
        };
        let at = spill.seek(SeekFrom::End(0))?;
        spill.write_all(&bytes.1)?;
        self.held.insert(bytes.0, (at, bytes.1.len() as u64));
        Ok(())
    }

    /// Writes the held entries now at the front of the order, up to the next exchange still
    /// open; empties the spill file when nothing waits in it any more.
    fn drain_held(&mut self) -> std::io::Result<()> {
        use std::io::{Read as _, Seek, SeekFrom};
        while let Some((at, len)) = self.order.front().and_then(|id| self.held.remove(id)) {
            self.order.pop_front();
            let mut buf = vec![0u8; usize::try_from(len).unwrap_or(usize::MAX)];
            if let Some(f) = &mut self.spill {
                f.seek(SeekFrom::Start(at))?;
                f.read_exact(&mut buf)?;
            }
            self.write_raw(&buf)?;
        }
        if self.held.is_empty() {
            if let Some(f) = &mut self.spill {
                f.set_len(0)?;
            }
        }
        Ok(())
    }

    /// An entry's id and its JSON bytes.
    fn entry_bytes(&self, mut e: Entry) -> std::io::Result<(String, Vec<u8>)> {
        let entry = entry_json(&mut e, &self.start, self.header.redacted);
        let bytes = serde_json::to_vec(&entry).map_err(std::io::Error::other)?;
        Ok((e.id, bytes))
    }

    fn write_entry(&mut self, e: Entry) -> std::io::Result<()> {
        let (_, bytes) = self.entry_bytes(e)?;
        self.write_raw(&bytes)
    }

    fn write_raw(&mut self, entry: &[u8]) -> std::io::Result<()> {
        self.out
            .write_all(if self.entries > 0 { b",\n" } else { b"\n" })?;
        self.entries += 1;
        self.out.write_all(entry)
    }

    /// HAR entries of the exchanges ended so far (`log.entries[]`, one per exchange):
    /// written, or held until an exchange begun before them ends; the exchanges still open
    /// ([`HarWriter::still_open`]) are written by [`HarWriter::finish`].
    pub fn entries(&self) -> u64 {
        self.entries + self.held.len() as u64
    }

    /// The exchanges pushed that have not ended yet (no `exchange_end` so far), in the order
    /// they began: [`HarWriter::finish`] writes each as one more entry with what it got
    /// (a recording still being written, or cut short).
    pub fn still_open(&self) -> Vec<String> {
        self.order
            .iter()
            .filter(|id| self.open.contains_key(*id))
            .cloned()
            .collect()
    }

    /// Writes the still-open exchanges and closes the document; returns the writer.
    ///
    /// Errors: writing to `out` fails.
    pub fn finish(mut self) -> std::io::Result<W> {
        // in order: each still-open exchange, then what was held behind it
        while let Some(id) = self.order.front().cloned() {
            match self.open.remove(&id) {
                Some(e) => self.entry_ended(e)?,
                None => {
                    // held, at the front: written by the drain
                    self.drain_held()?;
                    if self.order.front() == Some(&id) {
                        self.order.pop_front();
                    }
                }
            }
        }
        let tail = json!({
            "header": serde_json::to_value(&self.header).unwrap_or(Value::Null),
            "events": std::mem::take(&mut self.other),
        });
        writeln!(self.out, "\n],\"_a2a\":{tail}}}}}")?;
        self.out.flush()?;
        Ok(self.out)
    }
}

/// Converts a recording into a HAR 1.2 document in memory (module docs); see [`HarWriter`]
/// for files of any size.
pub fn export<'a>(header: &RecordingHeader, events: impl IntoIterator<Item = &'a Event>) -> Value {
    let run = || -> std::io::Result<Vec<u8>> {
        let mut w = HarWriter::new(Vec::new(), header)?;
        for ev in events {
            w.push(ev)?;
        }
        w.finish()
    };
    run()
        .ok()
        .and_then(|bytes| serde_json::from_slice(&bytes).ok())
        .unwrap_or(Value::Null)
}

fn text_of(b: &[u8]) -> (String, Option<&'static str>) {
    match std::str::from_utf8(b) {
        Ok(t) => (t.to_string(), None),
        Err(_) => (B64.encode(b), Some("base64")),
    }
}

/// Most decoded bytes written for one coded body (256 MiB); a longer one is written as
/// recorded.
const EXPORT_DECODE_LIMIT: usize = 256 << 20;

/// How a recorded body is shown in `postData.text` / `content.text`.
struct Shown<'a> {
    /// The bytes written: decoded when the head's `Content-Encoding` could be undone (HAR
    /// 1.2 `content.text` holds the decoded body), else the recorded bytes.
    text: std::borrow::Cow<'a, [u8]>,
    /// `text` is decoded from coded recorded bytes (which then go to `_a2a.requestBody` /
    /// `_a2a.responseBody`).
    decoded: bool,
    /// Why a coded body is written as recorded (a coding this tool lacks, a body cut by the
    /// capture cap): the object's `comment`.
    not_decoded: Option<String>,
}

/// `redacted`: the recording says it is redacted; a decoded body then goes through
/// [`crate::record::redact::redact_json_bytes`] too (tags of this export run's key: the
/// recording's key was never written, so they match none of its tags): the recorder writes a coded body over
/// its hold cap (1 MiB) as it came, and decoding must not show a push secret in clear text
/// that the recording holds only compressed.
fn shown_body<'a>(h: &Headers, body: &'a [u8], redacted: bool) -> Shown<'a> {
    let ce = crate::model::coding::joined(h.get_all("content-encoding"));
    let as_recorded = |not_decoded| Shown {
        text: std::borrow::Cow::Borrowed(body),
        decoded: false,
        not_decoded,
    };
    if !crate::model::coding::is_coded(ce.as_deref().into_iter()) || body.is_empty() {
        return as_recorded(None);
    }
    match crate::model::coding::decode(ce.as_deref(), body, EXPORT_DECODE_LIMIT) {
        Ok(d) => {
            let d = match redacted
                .then(|| {
                    crate::record::redact::redact_json_bytes(
                        &d,
                        crate::record::redact::Tagger::process(),
                    )
                })
                .flatten()
            {
                Some(red) => red.to_vec(),
                None => d.into_owned(),
            };
            Shown {
                text: std::borrow::Cow::Owned(d),
                decoded: true,
                not_decoded: None,
            }
        }
        Err(err) => as_recorded(Some(format!(
            "not decoded ({err}): the bytes as recorded with content coding {}",
            ce.as_deref().unwrap_or("")
        ))),
    }
}

/// The HAR entry of one exchange.
fn entry_json(
    e: &mut Entry,
    start: &chrono::DateTime<chrono::FixedOffset>,
    redacted: bool,
) -> Value {
    let wait_us = e.head_us.map(|h| h.saturating_sub(e.start_us));
    let receive_us = e.head_us.map(|h| e.end_us.saturating_sub(h));
    let ms = |us: u64| us as f64 / 1000.0;
    // a prober's request: the agent URL it was forwarded to, with that URL's Host (module
    // docs); the listener's URL stays in `_a2a.recordedUrl`
    let (url, req_headers) = match &e.prober_target {
        Some(t) => {
            let mut h = e.req_headers.clone();
            if let Some(authority) = crate::model::net::host_field_of(t) {
                h.replace_values(|k, _| k.eq_ignore_ascii_case("host").then(|| authority.clone()));
            }
            (t.clone(), h)
        }
        None => (e.url.clone(), e.req_headers.clone()),
    };
    let mut request = json!({
        "method": e.method,
        "url": url,
        "httpVersion": e.version.clone().unwrap_or_default(),
        "cookies": [],
        "headers": headers_json(&req_headers),
        "queryString": query_of(&url),
        "headersSize": -1,
        "bodySize": e.req_body.len(),
    });
    let mut a2a = Map::new();
    a2a.insert("exchange".into(), json!(e.id));
    if e.prober_target.is_some() {
        a2a.insert("recordedUrl".into(), json!(e.url));
    }
    if let Some(l) = &e.leg {
        a2a.insert("leg".into(), json!(l));
    }
    if !e.req_body.is_empty() {
        let shown = shown_body(&e.req_headers, &e.req_body, redacted);
        let (text, enc) = text_of(&shown.text);
        let mut pd = json!({
            "mimeType": e.req_headers.get("content-type").unwrap_or(""),
            "text": text,
        });
        if let Some(enc) = enc {
            pd["_encoding"] = json!(enc);
        }
        if shown.decoded {
            a2a.insert("requestBody".into(), json!(B64.encode(&e.req_body)));
        }
        if let Some(why) = shown.not_decoded {
            pd["comment"] = json!(why);
        }
        request["postData"] = pd;
    }
    let shown = shown_body(&e.resp_headers, &e.resp_body, redacted);
    let (text, enc) = text_of(&shown.text);
    let mut content = json!({
        "size": shown.text.len(),
        "mimeType": e.resp_headers.get("content-type").unwrap_or(""),
        "text": text,
    });
    if let Some(enc) = enc {
        content["encoding"] = json!(enc);
    }
    if shown.decoded {
        // HAR 1.2: bytes saved by the coding (left out when it saved none)
        if let Some(saved) = shown.text.len().checked_sub(e.resp_body.len()) {
            content["compression"] = json!(saved);
        }
        a2a.insert("responseBody".into(), json!(B64.encode(&e.resp_body)));
        if e.sse.is_empty() && e.resp_headers.media_type().as_deref() == Some("text/event-stream") {
            let mut buf = String::from_utf8_lossy(&shown.text).into_owned();
            for (event, id, data) in drain_sse(&mut buf) {
                e.sse.push((e.end_us, event, id, data));
            }
        }
    }
    if let Some(why) = shown.not_decoded {
        content["comment"] = json!(why);
    }
    // A card the proxy rewrote (--rewrite-card; probe, interop): `content` is what the
    // client received, as HAR 1.2 says of the response; the agent's own card goes to
    // `_a2a.agentBody` (newcomer21 N8: a HAR viewer, or a tool that drops `_` fields, showed
    // the agent's card at the proxy's URL, which the verifier took for CARD-URL-009).
    if let (Some((body, n)), Some(_)) = (&e.rewritten, &e.prober_target) {
        // a prober's card fetch, shown at the agent's URL: the agent's own card, as served
        // there; the copy the prober read (URLs at its listener) beside it
        a2a.insert("clientBody".into(), json!(String::from_utf8_lossy(body)));
        content["comment"] = json!(format!(
            "the Agent Card as the agent served it at this URL; the prober read it through its own recording listener, which rewrote {n} URL{} to itself (that copy is in _a2a.clientBody)",
            if *n == 1 { "" } else { "s" }
        ));
    } else if let Some((body, n)) = &e.rewritten {
        a2a.insert("agentBody".into(), content["text"].clone());
        // the recorded bytes the events' offsets index (the reader's fallback, content.text,
        // now holds the rewritten card)
        a2a.entry("responseBody")
            .or_insert_with(|| json!(B64.encode(&e.resp_body)));
        let (text, enc) = text_of(body);
        content = json!({
            "size": body.len(),
            "mimeType": e.resp_headers.get("content-type").unwrap_or(""),
            "text": text,
            "comment": format!(
                "the Agent Card as the client received it: the proxy rewrote {n} URL{} pointing at the agent to its own address (--rewrite-card); the agent's own card is in _a2a.agentBody",
                if *n == 1 { "" } else { "s" }
            ),
        });
        if let Some(enc) = enc {
            content["encoding"] = json!(enc);
        }
    }
    let response = json!({
        "status": e.status,
        "statusText": e.resp_reason.as_deref().unwrap_or(status_text(e.status)),
        "httpVersion": e.resp_version.clone().unwrap_or_default(),
        "cookies": [],
        "headers": headers_json(&e.resp_headers),
        "content": content,
        "redirectURL": e.resp_headers.get("location").unwrap_or(""),
        "headersSize": -1,
        "bodySize": if e.head_us.is_some() { e.resp_body.len() as i64 } else { -1 },
    });
    let mut response = response;
    if !e.interims.is_empty() {
        response["_interimResponses"] = Value::Array(
            e.interims
                .iter()
                .map(|(status, version, headers)| {
                    json!({
                        "status": status,
                        "statusText": status_text(*status),
                        "httpVersion": version.clone().unwrap_or_default(),
                        "headers": headers_json(headers),
                    })
                })
                .collect(),
        );
    }
    if e.excess > 0 {
        response["_excessBytes"] = json!(e.excess);
        response["comment"] = json!(format!(
            "the agent sent {} byte{} past the body its Content-Length framed (RFC 9112 §6.3); the recording proxy did not forward them and closed the connection",
            e.excess,
            if e.excess == 1 { "" } else { "s" }
        ));
    }
    a2a.insert("events".into(), Value::Array(std::mem::take(&mut e.events)));
    let mut entry = json!({
        "startedDateTime": rfc3339_plus(start, e.start_us),
        "time": ms(e.end_us.saturating_sub(e.start_us)),
        "request": request,
        "response": response,
        "cache": {},
        "timings": {
            "blocked": -1, "dns": -1, "connect": -1, "ssl": -1,
            "send": 0,
            "wait": wait_us.map(ms).unwrap_or(-1.0),
            "receive": receive_us.map(ms).unwrap_or(-1.0),
        },
        "_a2a": Value::Object(a2a),
    });
    // The proxy sent the request twice (`exchange_end.resent`): a HAR viewer shows the
    // entry's `comment`; `_resent` is the first attempt's failure, read back on import.
    if let Some(first) = &e.resent {
        entry["_resent"] = json!(first);
        entry["comment"] = json!(format!(
            "sent twice by the recording proxy: the upstream closed its kept connection before any answer ({first}), and the request, idempotent and bodyless, went again on a new connection (RFC 9112 §9.3.1.1); the response is the second attempt's"
        ));
    }
    if !e.sse.is_empty() {
        let start_s = start.timestamp_micros() as f64 / 1e6;
        entry["_sseEvents"] = Value::Array(
            e.sse
                .iter()
                .map(|(t, event, id, data)| {
                    let mut s = json!({"time": start_s + *t as f64 / 1e6, "data": data});
                    if let Some(ev) = event {
                        s["event"] = json!(ev);
                    }
                    if let Some(id) = id {
                        s["id"] = json!(id);
                    }
                    s
                })
                .collect(),
        );
    }
    entry
}

fn query_of(url: &str) -> Value {
    match url::Url::parse(url) {
        Ok(u) => Value::Array(
            u.query_pairs()
                .map(|(k, v)| json!({"name": k, "value": v}))
                .collect(),
        ),
        Err(_) => json!([]),
    }
}

/// The top of a HAR document; entries are parsed one at a time.
#[derive(serde::Deserialize)]
struct HarDoc<'a> {
    #[serde(borrow)]
    log: HarLog<'a>,
}

#[derive(serde::Deserialize)]
struct HarLog<'a> {
    #[serde(borrow, default)]
    entries: Option<Vec<&'a serde_json::value::RawValue>>,
    #[serde(rename = "_a2a", default)]
    a2a: Option<Value>,
}

/// Just the start time of an entry.
#[derive(serde::Deserialize)]
struct Started<'a> {
    #[serde(rename = "startedDateTime", borrow, default)]
    started: Option<std::borrow::Cow<'a, str>>,
}

fn str_at<'a>(v: &'a Value, ptr: &str) -> Option<&'a str> {
    v.pointer(ptr).and_then(|x| x.as_str())
}

/// One body of a HAR entry as read from `postData` / `content`.
struct HarBody {
    /// The bytes of `text` (base64-decoded when the encoding field says `base64`).
    bytes: Vec<u8>,
    /// The body is known to be missing from the file (see [`bytes_of`]).
    missing: bool,
    /// `text` was base64 (binary content).
    base64: bool,
}

/// Decoded bytes of a HAR text field (`encoding` / `_encoding` = `base64`), and whether the
/// body is known to be missing from the file: HAR 1.2 leaves `text` out when the body was not
/// captured (browsers omit it for many responses), so a `text`-less object whose `size_key`
/// (`size`, `bodySize`; also `size` of the object) is not 0 holds an unknown body, not an
/// empty one. A missing object is an empty body.
fn bytes_of(obj: Option<&Value>, enc_key: &str, size_hint: Option<i64>) -> anyhow::Result<HarBody> {
    let Some(obj) = obj else {
        // No `postData` although `bodySize` counts body bytes: Chrome leaves large and
        // binary request bodies out this way.
        return Ok(HarBody {
            bytes: Vec::new(),
            missing: size_hint.is_some_and(|n| n > 0),
            base64: false,
        });
    };
    let Some(text) = obj.get("text").and_then(|t| t.as_str()) else {
        // HAR 1.2 `postData`: `params` and `text` are mutually exclusive; a form sent as
        // `params` only is the `application/x-www-form-urlencoded` body they make.
        if let Some(params) = obj
            .get("params")
            .and_then(|p| p.as_array())
            .filter(|p| !p.is_empty())
        {
            let mut form = url::form_urlencoded::Serializer::new(String::new());
            for p in params {
                let name = p.get("name").and_then(|n| n.as_str()).unwrap_or("");
                form.append_pair(name, p.get("value").and_then(|v| v.as_str()).unwrap_or(""));
            }
            return Ok(HarBody {
                bytes: form.finish().into_bytes(),
                missing: false,
                base64: false,
            });
        }
        let size = obj.get("size").and_then(|s| s.as_i64()).or(size_hint);
        return Ok(HarBody {
            bytes: Vec::new(),
            missing: size != Some(0),
            base64: false,
        });
    };
    let base64 = obj
        .get(enc_key)
        .and_then(|e| e.as_str())
        .is_some_and(|e| e.eq_ignore_ascii_case("base64"));
    let bytes = if base64 {
        B64.decode(text.as_bytes())
            .map_err(|e| anyhow!("bad base64 body: {e}"))?
    } else {
        text.as_bytes().to_vec()
    };
    Ok(HarBody {
        bytes,
        missing: false,
        base64,
    })
}

/// Most decoded bytes tried when telling recorded (still coded) HAR content from decoded
/// content (64 MiB).
const SNIFF_LIMIT: usize = 64 << 20;

/// The head fields of a body that a HAR holds *decoded* (HAR 1.2 `content.text`: "the HTTP
/// response is decoded (decompressed & unchunked)"; browsers, mitmproxy's har_dump and
/// Charles write `postData.text` the same way) while the head still names the agent's
/// `Content-Encoding` (`gzip`, `br`, ...; RFC 9110 §8.4): the coding and the wire
/// `Content-Length` (RFC 9110 §8.6) describe bytes the file does not hold, so they are left
/// out of the imported head, and the verifier reads the body as it is (an empty `text`, as
/// of a 101, 204 or 304, is an empty body). Kept when the head names no coding, and when
/// base64 content does decode with the named codings (a tool that stored the bytes as
/// received).
fn decoded_head(headers: Headers, body: &HarBody) -> Headers {
    let ce = crate::model::coding::joined(headers.get_all("content-encoding"));
    if !crate::model::coding::is_coded(ce.as_deref().into_iter()) {
        return headers;
    }
    if body.base64 && crate::model::coding::decode(ce.as_deref(), &body.bytes, SNIFF_LIMIT).is_ok()
    {
        return headers;
    }
    let mut headers = headers;
    headers.retain(|k, _| {
        !k.eq_ignore_ascii_case("content-encoding") && !k.eq_ignore_ascii_case("content-length")
    });
    headers
}

/// Network errors (Chrome `net::ERR_*`, Firefox `NS_ERROR_*` names, matched as parts,
/// case-insensitively) that say the agent's side never answered: refused, reset or closed
/// connections, timeouts, names that do not resolve.
const AGENT_SIDE_ERRORS: &[&str] = &[
    "REFUSED",
    "RESET",
    "CONNECTION_CLOSED",
    "CONNECTION_FAILED",
    "TIMED_OUT",
    "TIMEOUT",
    "NOT_RESOLVED",
    "NAME_RESOLUTION_FAILED",
    "UNKNOWN_HOST",
    "UNREACHABLE",
    "EMPTY_RESPONSE",
    "NET_INTERRUPT",
];

/// HAR 1.2 `response.statusText` for `status` when the recording has no reason phrase of
/// the agent's own (`response_head.reason`, written only when it is not the canonical one;
/// HTTP/2 has none, RFC 9113 §8.3.2): the canonical reason phrase of the code (RFC 9110
/// §15, `200` → `OK`, `404` → `Not Found`); empty for `0` (no response) and for a code
/// that has none.
pub fn status_text(status: u16) -> &'static str {
    canonical_reason(u64::from(status)).unwrap_or("")
}

/// The canonical reason phrase of `status` (RFC 9110 §15), `None` for a code without one.
fn canonical_reason(status: u64) -> Option<&'static str> {
    u16::try_from(status)
        .ok()
        .and_then(|s| http::StatusCode::from_u16(s).ok())
        .and_then(|s| s.canonical_reason())
}

/// The outcome of an entry with `response.status` 0 or below (`status`, as written: HAR 1.2
/// leaves no other way to write "no response", and some tools write -1): browsers write it for a request they aborted, blocked (CORS, an
/// extension) or never sent (`_error: net::ERR_ABORTED`, `net::ERR_FAILED`, Firefox
/// `NS_BINDING_ABORTED`), which is the client's side and no evidence about the agent
/// ([`Outcome::ClientAbort`]); only an `_error` naming a failure on the agent's side
/// ([`AGENT_SIDE_ERRORS`]) is [`Outcome::UpstreamError`]. The error text names `_error`.
fn no_response(error: Option<&str>, status: i64) -> (Outcome, Option<String>) {
    let upper = error.unwrap_or("").to_ascii_uppercase();
    match error {
        Some(e) if AGENT_SIDE_ERRORS.iter().any(|p| upper.contains(p)) => (
            Outcome::UpstreamError,
            Some(format!("no response (HAR status {status}): {e}")),
        ),
        Some(e) => (
            Outcome::ClientAbort,
            Some(format!(
                "no response (HAR status {status}), client side: {e}"
            )),
        ),
        None => (
            Outcome::ClientAbort,
            Some(format!("no response (HAR status {status}), client side")),
        ),
    }
}

/// The header fields of a HAR `headers` array, in order, names as written. HTTP/2 and
/// HTTP/3 pseudo-header fields (`:authority`, `:method`, `:path`, `:scheme`, `:status`),
/// which Chrome lists among the headers, are left out: they are not header fields (RFC 9113
/// §8.3) and their values are already in `url`, `method` and `status`, as in a recording
/// the proxy made of HTTP/2 traffic.
fn headers_of(v: Option<&Value>) -> Headers {
    v.and_then(|h| h.as_array())
        .map(|a| {
            a.iter()
                .filter_map(|h| {
                    let name = h.get("name")?.as_str()?;
                    if name.starts_with(':') {
                        return None;
                    }
                    Some((name, h.get("value")?.as_str().unwrap_or("")))
                })
                .collect()
        })
        .unwrap_or_default()
}

/// Converts a HAR 1.2 document into a header and events (module docs).
///
/// Errors: not JSON, no `log.entries` array, an entry without `request`, or `_a2a` events
/// that are not native events (each names the entry index).
pub fn read(text: &str) -> anyhow::Result<(RecordingHeader, Vec<Event>)> {
    read_with_entries(text).map(|(h, evs, _)| (h, evs))
}

/// [`read`], plus where each exchange is in the file: `(exchange id, i)` for the exchange
/// read from `log.entries[i]` (0-based), so that reports cite the entry a HAR viewer shows,
/// not the `seq` numbers given on import (q22 Q4). Same errors.
#[allow(clippy::type_complexity)]
pub fn read_with_entries(
    text: &str,
) -> anyhow::Result<(RecordingHeader, Vec<Event>, Vec<(String, usize)>)> {
    read_with_entries_noted(text, &mut Vec::new())
}

/// [`read_with_entries`], with notes on the file itself added to `notes`, each naming its
/// entry (`log.entries[N]`): a `response.status` that is no HTTP status (outside 100-599)
/// and not HAR 1.2's "no response" (0, or -1 as some tools write it), judged as written
/// (fix51, newcomer50 N15).
#[allow(clippy::type_complexity)]
pub fn read_with_entries_noted(
    text: &str,
    notes: &mut Vec<String>,
) -> anyhow::Result<(RecordingHeader, Vec<Event>, Vec<(String, usize)>)> {
    let mut at: Vec<(String, usize)> = Vec::new();
    // Entries stay raw slices of `text` until their turn: memory is the text, the events
    // built, and one entry's JSON tree at a time.
    let doc: HarDoc = serde_json::from_str(text).context("not a HAR 1.2 document")?;
    let entries = doc
        .log
        .entries
        .ok_or_else(|| anyhow!("no log.entries array (not a HAR 1.2 file)"))?;
    let own_header = doc
        .log
        .a2a
        .as_ref()
        .and_then(|a| a.get("header"))
        .and_then(|h| serde_json::from_value::<RecordingHeader>(h.clone()).ok());
    let started: Vec<Option<chrono::DateTime<chrono::FixedOffset>>> = entries
        .iter()
        .map(|raw| {
            serde_json::from_str::<Started>(raw.get())
                .ok()
                .and_then(|s| s.started)
                .and_then(|s| chrono::DateTime::parse_from_rfc3339(&s).ok())
        })
        .collect();
    let first_start = started.iter().flatten().min().copied();
    // HAR 1.2 (`entries`): "the reader application should always make sure the array is
    // sorted" by `startedDateTime`; tools that write an entry when its response ends (a long
    // stream last) or merge files do not. Stable: ties keep file order; an entry without a
    // readable time goes with the entry before it. Entries of this tool's own export keep
    // their recorded `seq` (events are ordered by it below).
    let mut order: Vec<(Option<chrono::DateTime<chrono::FixedOffset>>, usize)> =
        Vec::with_capacity(entries.len());
    let mut last = None;
    for (i, t) in started.iter().enumerate() {
        last = t.or(last);
        order.push((last, i));
    }
    order.sort_by_key(|(t, _)| *t);
    let mut header = match own_header {
        Some(h) => h,
        None => {
            let mut h = RecordingHeader::new(CaptureMode::Har);
            if let Some(t) = first_start {
                h.started_at = t
                    .with_timezone(&chrono::Utc)
                    .to_rfc3339_opts(chrono::SecondsFormat::Micros, true);
            }
            h
        }
    };
    header.mode = CaptureMode::Har;
    let start = chrono::DateTime::parse_from_rfc3339(&header.started_at)
        .ok()
        .or(first_start);
    let us_since_start = |s: Option<&str>| -> u64 {
        match (
            s.and_then(|s| chrono::DateTime::parse_from_rfc3339(s).ok()),
            start,
        ) {
            (Some(t), Some(st)) => (t - st).num_microseconds().unwrap_or(0).max(0) as u64,
            _ => 0,
        }
    };

    let mut events: Vec<Event> = Vec::new();
    if let Some(other) = doc
        .log
        .a2a
        .as_ref()
        .and_then(|a| a.get("events"))
        .and_then(|e| e.as_array())
    {
        for (i, v) in other.iter().enumerate() {
            events.push(
                serde_json::from_value(v.clone())
                    .with_context(|| format!("log._a2a.events[{i}] is not a recording event"))?,
            );
        }
    }
    // A file that mixes this tool's entries with other tools' (merged HARs): the others'
    // exchanges are named `harN` (own exports use `eN` too) and numbered after the own
    // events (their `seq` is the recorded one).
    let mixed = entries
        .iter()
        .any(|r| memchr::memmem::find(r.get().as_bytes(), b"\"_a2a\"").is_some());
    let mut own_max_seq = events.iter().map(|e| e.seq).max().unwrap_or(0);
    let mut foreign_events: Vec<usize> = Vec::new();
    let mut seq = 0u64;
    for i in order.into_iter().map(|(_, i)| i) {
        let Some(raw) = entries.get(i) else {
            continue;
        };
        let entry_value: Value = serde_json::from_str(raw.get())
            .with_context(|| format!("log.entries[{i}] is not a JSON object"))?;
        let entry = &entry_value;
        let req = entry
            .get("request")
            .ok_or_else(|| anyhow!("log.entries[{i}] has no request"))?;
        let resp = entry.get("response");
        let body_size =
            |v: Option<&Value>| v.and_then(|r| r.get("bodySize")).and_then(|b| b.as_i64());
        let req_body = bytes_of(req.get("postData"), "_encoding", body_size(Some(req)))
            .with_context(|| format!("log.entries[{i}].request.postData"))?;
        let resp_body = bytes_of(
            resp.and_then(|r| r.get("content")),
            "encoding",
            body_size(resp),
        )
        .with_context(|| format!("log.entries[{i}].response.content"))?;
        if let Some(own) = entry.pointer("/_a2a/events").and_then(|e| e.as_array()) {
            // Written by this tool: rebuild the exact events. Frames index the recorded
            // bytes: `_a2a.requestBody` / `_a2a.responseBody` (base64) when the text fields
            // hold the decoded body of a coded one, else the text fields.
            let recorded = |key: &str, text: Vec<u8>| -> anyhow::Result<Vec<u8>> {
                match entry
                    .pointer(&format!("/_a2a/{key}"))
                    .and_then(|b| b.as_str())
                {
                    Some(b) => B64
                        .decode(b.as_bytes())
                        .map_err(|e| anyhow!("log.entries[{i}]._a2a.{key}: bad base64: {e}")),
                    None => Ok(text),
                }
            };
            let (req_missing, resp_missing) = (req_body.missing, resp_body.missing);
            let req_wire = recorded("requestBody", req_body.bytes)?;
            let resp_wire = recorded("responseBody", resp_body.bytes)?;
            let mut cut = false;
            let entry_at = at.len();
            for (j, v) in own.iter().enumerate() {
                let mut v = v.clone();
                let kind = v
                    .get("type")
                    .and_then(|t| t.as_str())
                    .unwrap_or("")
                    .to_string();
                if let (Some(off), Some(len)) = (
                    v.get("offset").and_then(|o| o.as_u64()),
                    v.get("len").and_then(|l| l.as_u64()),
                ) {
                    let src = if kind == "request_body" {
                        &req_wire
                    } else {
                        &resp_wire
                    };
                    let left_out = if kind == "request_body" {
                        req_missing
                    } else {
                        resp_missing
                    };
                    let (off, len) = (off as usize, len as usize);
                    let Some(slice) = src.get(off..off.saturating_add(len)) else {
                        // A tool that re-saved the file left the body out: the frame is
                        // unknown, the exchange truncated; else the file is damaged.
                        if left_out {
                            cut = true;
                            continue;
                        }
                        return Err(anyhow!(
                            "log.entries[{i}]._a2a.events[{j}]: frame outside the body"
                        ));
                    };
                    if let Value::Object(m) = &mut v {
                        m.remove("offset");
                        m.remove("len");
                        m.insert("body".into(), json!(B64.encode(slice)));
                        m.insert("encoding".into(), json!("base64"));
                    }
                }
                let mut ev: Event = serde_json::from_value(v).with_context(|| {
                    format!("log.entries[{i}]._a2a.events[{j}] is not a recording event")
                })?;
                if let EventKind::ExchangeEnd { truncated, .. } = &mut ev.kind {
                    *truncated |= cut;
                }
                own_max_seq = own_max_seq.max(ev.seq);
                if let Some(x) = &ev.exchange {
                    // an entry is one exchange: its first event names it
                    if !at[entry_at..].iter().any(|(id, _)| **id == **x) {
                        at.push((x.to_string(), i));
                    }
                }
                events.push(ev);
            }
            continue;
        }
        // Any other HAR: one exchange per entry, named by its place in the file (`e1` =
        // `log.entries[0]`), its events numbered in time order.
        let xid = if mixed {
            format!("har{}", i + 1)
        } else {
            format!("e{}", i + 1)
        };
        at.push((xid.clone(), i));
        let t0 = us_since_start(str_at(entry, "/startedDateTime"));
        let ms = |p: &str| {
            entry
                .pointer(p)
                .and_then(|v| v.as_f64())
                .filter(|v| *v >= 0.0)
                .unwrap_or(0.0)
        };
        let t_head =
            t0.saturating_add(((ms("/timings/send") + ms("/timings/wait")) * 1000.0) as u64);
        let t_end = t0.saturating_add((ms("/time") * 1000.0) as u64);
        let mut push = |t_us: u64, kind: EventKind| {
            seq += 1;
            foreign_events.push(events.len());
            events.push(Event {
                seq,
                t_us,
                exchange: Some(xid.as_str().into()),
                leg: None,
                kind,
            });
        };
        let version = |v: Option<&str>| v.filter(|s| !s.is_empty()).map(str::to_string);
        push(
            t0,
            EventKind::RequestHead {
                conn: None,
                method: str_at(req, "/method").unwrap_or("GET").to_string(),
                url: str_at(req, "/url").unwrap_or("").to_string(),
                version: version(str_at(req, "/httpVersion")),
                headers: decoded_head(headers_of(req.get("headers")), &req_body),
                upstream: None,
            },
        );
        let (req_missing, resp_missing) = (req_body.missing, resp_body.missing);
        if !req_body.bytes.is_empty() {
            push(
                t0,
                EventKind::RequestBody {
                    body: Body::new(Bytes::from(req_body.bytes)),
                },
            );
        }
        // HAR 1.2: 0 (and -1, as Chrome and others write it) when no response came: the
        // exchange has no response head, its end says so ([`no_response`]). A whole number
        // written as a float (200.0) is that number.
        let raw_status = resp.and_then(|r| r.get("status"));
        let written = raw_status.and_then(|s| {
            s.as_i64().or_else(|| {
                s.as_f64()
                    .filter(|f| f.fract() == 0.0 && f.abs() < 1e15)
                    .map(|f| f as i64)
            })
        });
        let status = written.filter(|&s| s > 0).map_or(0, |s| s as u64);
        match (written, raw_status) {
            (Some(0 | -1), _) | (None, None) => {}
            (Some(s), _) if (100..=599).contains(&s) => {}
            (Some(s), _) if s > 0 => notes.push(format!(
                "log.entries[{i}]: response.status {s} is no HTTP status (a number from 100 to 599, RFC 9110 §15); the exchange is judged with the status as written"
            )),
            (_, Some(v)) => notes.push(format!(
                "log.entries[{i}]: response.status {v} is no HTTP status: read as no response (HAR 1.2 writes 0 for a request that got none)"
            )),
            (_, None) => {}
        }
        if status > 0 {
            // open46: interim heads this tool's export wrote (`_interimResponses`), when
            // the `_a2a` events are gone; an item that is not one is left out
            for it in resp
                .and_then(|r| r.get("_interimResponses"))
                .and_then(Value::as_array)
                .into_iter()
                .flatten()
            {
                let Some(st) = it
                    .get("status")
                    .and_then(Value::as_u64)
                    .filter(|s| (100..200).contains(s))
                else {
                    continue;
                };
                push(
                    t_head,
                    EventKind::ResponseInterim {
                        status: st as u16,
                        version: version(str_at(it, "/httpVersion")),
                        headers: headers_of(it.get("headers")),
                    },
                );
            }
            push(
                t_head,
                EventKind::ResponseHead {
                    status: status.min(u16::MAX as u64) as u16,
                    version: version(resp.and_then(|r| str_at(r, "/httpVersion"))),
                    headers: decoded_head(
                        headers_of(resp.and_then(|r| r.get("headers"))),
                        &resp_body,
                    ),
                    synthetic: false,
                    // the HAR's statusText when it is the agent's own phrase, not the
                    // canonical one (nor the "" of an HTTP/2 entry)
                    reason: resp
                        .and_then(|r| str_at(r, "/statusText"))
                        .filter(|t| !t.is_empty() && Some(*t) != canonical_reason(status))
                        .map(str::to_string),
                },
            );
            if !resp_body.bytes.is_empty() {
                // one text for the whole body: the arrival of each part is not known
                header.chunk_times = false;
                push(
                    t_end.max(t_head),
                    EventKind::ResponseChunk {
                        body: Body::new(Bytes::from(resp_body.bytes.clone())),
                    },
                );
            }
        }
        if let Some(bytes) = resp
            .filter(|_| status > 0)
            .and_then(|r| r.get("_excessBytes"))
            .and_then(Value::as_u64)
            .filter(|&b| b > 0)
        {
            push(
                t_end.max(t_head),
                EventKind::ResponseExcess { bytes, late: false },
            );
        }
        let (outcome, error) = if status > 0 {
            (Outcome::Complete, None)
        } else {
            no_response(
                resp.and_then(|r| r.get("_error"))
                    .or_else(|| entry.get("_error"))
                    .and_then(|e| e.as_str()),
                written.unwrap_or(0),
            )
        };
        push(
            t_end.max(t_head),
            EventKind::ExchangeEnd {
                outcome,
                error,
                trailers: None,
                request_bytes: req.get("bodySize").and_then(|b| b.as_u64()).unwrap_or(0),
                response_bytes: resp_body.bytes.len() as u64,
                // a body the HAR file left out: verdicts that need it are incomplete
                truncated: req_missing || (status > 0 && resp_missing),
                // a HAR this tool wrote without its `_a2a` events (edited by hand or by
                // another tool) still says the request was sent twice
                resent: entry
                    .get("_resent")
                    .and_then(|r| r.as_str())
                    .map(str::to_string),
                // a browser's `_error` code is not the recording proxy's connect attempt
                connect_failure: None,
            },
        );
    }
    if own_max_seq > 0 {
        for &k in &foreign_events {
            if let Some(e) = events.get_mut(k) {
                e.seq = e.seq.saturating_add(own_max_seq);
            }
        }
    }
    events.sort_by_key(|e| e.seq);
    Ok((header, events, at))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sse_split_keeps_half_crlf() {
        let mut b = String::from("data: a\r");
        assert!(drain_sse(&mut b).is_empty());
        b.push_str("\n\r\nevent: x\nid: 7\ndata: b\ndata: c\n\n: ping\n\n");
        let evs = drain_sse(&mut b);
        assert_eq!(
            evs,
            vec![
                (None, None, "a".to_string()),
                (Some("x".into()), Some("7".into()), "b\nc".to_string())
            ]
        );
        assert!(b.is_empty());
    }

    #[test]
    fn foreign_har_becomes_one_exchange_per_entry() {
        let har = r#"{"log":{"version":"1.2","creator":{"name":"browser","version":"1"},"entries":[
          {"startedDateTime":"2026-01-01T00:00:00.000Z","time":12.5,
           "request":{"method":"POST","url":"http://127.0.0.1:9/","httpVersion":"HTTP/1.1","headers":[{"name":"Content-Type","value":"application/json"}],"postData":{"mimeType":"application/json","text":"{\"jsonrpc\":\"2.0\"}"}},
           "response":{"status":200,"httpVersion":"HTTP/1.1","headers":[],"content":{"size":2,"mimeType":"application/json","text":"{}"}},
           "timings":{"send":0,"wait":10,"receive":2.5}},
          {"startedDateTime":"2026-01-01T00:00:01.000Z","time":0,
           "request":{"method":"GET","url":"http://127.0.0.1:9/x","headers":[]},
           "response":{"status":0,"headers":[],"content":{"size":0,"text":""}},"timings":{}}]}}"#;
        let (h, evs) = read(har).unwrap();
        assert_eq!(h.mode, CaptureMode::Har);
        assert_eq!(h.started_at, "2026-01-01T00:00:00.000000Z");
        let kinds: Vec<&str> = evs
            .iter()
            .map(|e| match e.kind {
                EventKind::RequestHead { .. } => "req",
                EventKind::RequestBody { .. } => "body",
                EventKind::ResponseHead { .. } => "resp",
                EventKind::ResponseChunk { .. } => "chunk",
                EventKind::ExchangeEnd { .. } => "end",
                _ => "other",
            })
            .collect();
        assert_eq!(kinds, ["req", "body", "resp", "chunk", "end", "req", "end"]);
        assert_eq!(evs[2].t_us, 10_000);
        assert_eq!(evs[4].t_us, 12_500);
        assert_eq!(evs[5].t_us, 1_000_000);
        // status 0 without `_error`: the client's side (see `no_response`)
        assert!(matches!(
            evs[6].kind,
            EventKind::ExchangeEnd {
                outcome: Outcome::ClientAbort,
                ..
            }
        ));
    }

    /// A HAR's statusText becomes the response head's `reason` only when it is the agent's
    /// own phrase: not the canonical one, nor the "" of an HTTP/2 entry (q24).
    #[test]
    fn status_text_is_the_reason_only_when_not_canonical() {
        let entry = |status: u16, text: &str| {
            format!(
                r#"{{"startedDateTime":"2026-01-01T00:00:00.000Z","time":1,"request":{{"method":"GET","url":"http://127.0.0.1:9/","headers":[]}},"response":{{"status":{status},"statusText":"{text}","headers":[],"content":{{"size":0,"text":""}}}},"timings":{{}}}}"#
            )
        };
        let har = format!(
            r#"{{"log":{{"version":"1.2","entries":[{},{},{}]}}}}"#,
            entry(404, "Nope"),
            entry(404, "Not Found"),
            entry(200, "")
        );
        let (_, evs) = read(&har).unwrap();
        let reasons: Vec<Option<&str>> = evs
            .iter()
            .filter_map(|e| match &e.kind {
                EventKind::ResponseHead { reason, .. } => Some(reason.as_deref()),
                _ => None,
            })
            .collect();
        assert_eq!(reasons, [Some("Nope"), None, None]);
    }

    /// Browsers leave `content.text` out when they did not keep a body: the exchange is
    /// truncated (its body unknown), so the verifier lists it as incomplete instead of
    /// judging an empty Agent Card; `size: 0` without `text` is a real empty body.
    #[test]
    fn a_body_the_har_left_out_is_unknown_not_empty() {
        let har = r#"{"log":{"version":"1.2","entries":[
          {"startedDateTime":"2026-01-01T00:00:00.000Z","time":3,
           "request":{"method":"GET","url":"https://agent.example.com/.well-known/agent-card.json","httpVersion":"http/2.0","headers":[],"bodySize":0},
           "response":{"status":200,"httpVersion":"http/2.0","headers":[{"name":"content-type","value":"application/json"}],"content":{"size":812,"mimeType":"application/json"}}},
          {"startedDateTime":"2026-01-01T00:00:01.000Z","time":3,
           "request":{"method":"GET","url":"https://agent.example.com/x","headers":[],"bodySize":0},
           "response":{"status":204,"headers":[],"content":{"size":0}}}]}}"#;
        let (h, evs) = read(har).unwrap();
        let truncated: Vec<bool> = evs
            .iter()
            .filter_map(|e| match e.kind {
                EventKind::ExchangeEnd { truncated, .. } => Some(truncated),
                _ => None,
            })
            .collect();
        assert_eq!(truncated, [true, false]);
        let mut v = crate::verify::Verifier::new(&h);
        for e in &evs {
            v.feed(e);
        }
        let out = v.finish();
        assert!(
            out.findings.iter().all(|f| !f.rule.starts_with("CARD")),
            "{:#?}",
            out.findings
        );
        assert!(
            out.incomplete.iter().any(|(x, _)| x == "e1"),
            "{:?}",
            out.incomplete
        );
    }

    #[test]
    fn status_0_is_the_client_side_unless_the_error_names_the_agent_side() {
        for (err, outcome) in [
            (None, Outcome::ClientAbort),
            (Some("net::ERR_ABORTED"), Outcome::ClientAbort),
            (Some("net::ERR_FAILED"), Outcome::ClientAbort),
            (Some("NS_BINDING_ABORTED"), Outcome::ClientAbort),
            (Some("net::ERR_BLOCKED_BY_CLIENT"), Outcome::ClientAbort),
            (Some("net::ERR_CONNECTION_REFUSED"), Outcome::UpstreamError),
            (Some("net::ERR_CONNECTION_RESET"), Outcome::UpstreamError),
            (Some("net::ERR_NAME_NOT_RESOLVED"), Outcome::UpstreamError),
            (Some("NS_ERROR_UNKNOWN_HOST"), Outcome::UpstreamError),
            (Some("net::ERR_EMPTY_RESPONSE"), Outcome::UpstreamError),
        ] {
            let (got, text) = no_response(err, 0);
            assert_eq!(got, outcome, "{err:?}");
            let text = text.unwrap_or_default();
            assert!(text.contains(err.unwrap_or("status 0")), "{text}");
        }
    }

    #[test]
    fn malformed_har_is_an_error_not_a_panic() {
        assert!(read("{\"log\":{}}").is_err());
        assert!(read("[1,2").is_err());
        let bad_frame = r#"{"log":{"entries":[{"request":{"method":"GET","url":"/"},"response":{"status":200,"content":{"text":"ab"}},
            "_a2a":{"exchange":"e1","events":[{"seq":1,"t_us":0,"exchange":"e1","type":"response_chunk","offset":1,"len":9}]}}]}}"#;
        let err = read(bad_frame).unwrap_err().to_string();
        assert!(err.contains("frame outside the body"), "{err}");
    }

    #[test]
    fn attribution_after_exchange_end_opens_no_second_entry() {
        let header = RecordingHeader::new(CaptureMode::Reverse);
        let mut w = HarWriter::new(Vec::new(), &header).unwrap();
        let ev = |seq, kind| Event {
            seq,
            t_us: seq * 10,
            exchange: Some("e1".into()),
            leg: None,
            kind,
        };
        w.push(&ev(
            1,
            EventKind::RequestHead {
                conn: Some(1),
                method: "GET".into(),
                url: "/x".into(),
                version: Some("HTTP/1.1".into()),
                headers: Default::default(),
                upstream: None,
            },
        ))
        .unwrap();
        w.push(&ev(
            2,
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
        ))
        .unwrap();
        w.push(&ev(
            3,
            EventKind::Attribution {
                callee: Some("/b".into()),
                caller: Some("/a".into()),
                caller_by: Some(crate::record::CallerBy::Process),
            },
        ))
        .unwrap();
        let out = String::from_utf8(w.finish().unwrap()).unwrap();
        let har: Value = serde_json::from_str(&out).unwrap();
        assert_eq!(har["log"]["entries"].as_array().unwrap().len(), 1, "{out}");
        assert!(out.contains("\"attribution\""), "late event kept: {out}");
    }

    /// open46: the interim head and the bytes past the Content-Length are on the entry's
    /// response (`_interimResponses`, `_excessBytes` and a `comment`), a late excess stays
    /// in `log._a2a.events`; the import gives back the very events (from `_a2a`), the two
    /// kinds from the `_` fields when `_a2a` is gone, and leaves malformed ones out. Before
    /// open46 the export passed both kinds by and a HAR without `_a2a` lost them.
    #[test]
    fn interim_heads_and_excess_bytes_round_trip() {
        let header = RecordingHeader::new(CaptureMode::Reverse);
        let ev = |seq: u64, kind| Event {
            seq,
            t_us: seq * 10,
            exchange: Some("e1".into()),
            leg: None,
            kind,
        };
        let link = Headers::from_pairs([("link", "</style.css>; rel=preload")]);
        let evs = vec![
            ev(
                1,
                EventKind::RequestHead {
                    conn: Some(1),
                    method: "GET".into(),
                    url: "http://a.test/x".into(),
                    version: Some("HTTP/1.1".into()),
                    headers: Default::default(),
                    upstream: None,
                },
            ),
            ev(
                2,
                EventKind::ResponseInterim {
                    status: 103,
                    version: Some("HTTP/1.1".into()),
                    headers: link.clone(),
                },
            ),
            ev(
                3,
                EventKind::ResponseHead {
                    status: 200,
                    version: Some("HTTP/1.1".into()),
                    headers: Headers::from_pairs([("content-length", "2")]),
                    synthetic: false,
                    reason: None,
                },
            ),
            ev(
                4,
                EventKind::ResponseChunk {
                    body: Body::new("{}"),
                },
            ),
            ev(
                5,
                EventKind::ResponseExcess {
                    bytes: 6,
                    late: false,
                },
            ),
            ev(
                6,
                EventKind::ExchangeEnd {
                    outcome: Outcome::Complete,
                    error: None,
                    trailers: None,
                    request_bytes: 0,
                    response_bytes: 2,
                    truncated: false,
                    resent: None,
                    connect_failure: None,
                },
            ),
            ev(
                7,
                EventKind::ResponseExcess {
                    bytes: 3,
                    late: true,
                },
            ),
        ];
        let har = export(&header, &evs);
        let resp = &har["log"]["entries"][0]["response"];
        assert_eq!(resp["_interimResponses"][0]["status"], 103, "{resp}");
        assert_eq!(resp["_interimResponses"][0]["statusText"], "Early Hints");
        assert_eq!(
            resp["_interimResponses"][0]["headers"][0],
            json!({"name": "link", "value": "</style.css>; rel=preload"})
        );
        assert_eq!(resp["_excessBytes"], 6);
        assert!(resp["comment"].as_str().unwrap().contains("6 bytes past"));
        assert_eq!(har["log"]["_a2a"]["events"][0]["type"], "response_excess");
        // this tool's HAR: the very events back
        let (_, back) = read(&har.to_string()).unwrap();
        let kinds = |evs: &[Event]| -> Vec<String> {
            evs.iter()
                .map(|e| serde_json::to_value(e).unwrap()["type"].to_string())
                .collect()
        };
        assert_eq!(kinds(&back), kinds(&evs));
        assert!(back.iter().any(|e| matches!(
            e.kind,
            EventKind::ResponseExcess {
                bytes: 3,
                late: true
            }
        )));
        // `_a2a` gone (another tool re-saved the file): the `_` fields still give them
        let mut bare = har.clone();
        bare["log"]["entries"][0]
            .as_object_mut()
            .unwrap()
            .remove("_a2a");
        bare["log"].as_object_mut().unwrap().remove("_a2a");
        let (_, back) = read(&bare.to_string()).unwrap();
        let interim: Vec<_> = back
            .iter()
            .filter_map(|e| match &e.kind {
                EventKind::ResponseInterim {
                    status, headers, ..
                } => Some((*status, headers.get("link").map(str::to_string))),
                _ => None,
            })
            .collect();
        assert_eq!(
            interim,
            [(103, Some("</style.css>; rel=preload".to_string()))]
        );
        let order: Vec<String> = kinds(&back);
        assert_eq!(
            order,
            [
                "\"request_head\"",
                "\"response_interim\"",
                "\"response_head\"",
                "\"response_chunk\"",
                "\"response_excess\"",
                "\"exchange_end\""
            ]
        );
        // malformed fields: left out, the entry read as before
        let mut odd = bare.clone();
        odd["log"]["entries"][0]["response"]["_interimResponses"] =
            json!([{"status": "103"}, {"status": 200}, 7]);
        odd["log"]["entries"][0]["response"]["_excessBytes"] = json!("6");
        let (_, back) = read(&odd.to_string()).unwrap();
        assert_eq!(
            kinds(&back),
            [
                "\"request_head\"",
                "\"response_head\"",
                "\"response_chunk\"",
                "\"exchange_end\""
            ]
        );
    }
}

/*!
Fast `Deserialize` for [`Event`]: one pass over a recording line, no buffering.

The derived deserializer (a `#[serde(flatten)]` internally tagged enum) first buffers the
whole object into serde's `Content` tree, then deserializes the variant from that copy: two
allocations per string and a second walk. Here every field of every kind is read straight
into one typed slot (fields are named uniquely or share a type across kinds), then the
`type` picks the variant and the required fields are checked. The wire format is the one in
`docs/recording-format.md` and the serializer in [`super::event`]; unknown keys are ignored
as before, a missing required field or a wrong type is the same kind of error.
*/

use std::fmt;

use base64::Engine as _;
use bytes::Bytes;
use serde::de::{self, IgnoredAny, MapAccess, Visitor};
use serde::{Deserialize, Deserializer};

use super::event::{
    Body, CallerBy, ConnectFailure, Event, EventKind, ExchangeId, Headers, Outcome,
};
use crate::model::json::{is_string_stop, next_string_stop, string_stops, string_stops16, word_at};

/// Every key an event line can carry (all kinds together).
enum Field {
    Seq,
    TUs,
    Exchange,
    Leg,
    Type,
    Conn,
    Peer,
    Local,
    Tls,
    Method,
    Url,
    Version,
    Headers,
    Upstream,
    Body,
    Encoding,
    Truncated,
    Status,
    Synthetic,
    Pointers,
    Outcome,
    Error,
    Trailers,
    RequestBytes,
    ResponseBytes,
    Authority,
    BytesUp,
    BytesDown,
    DurationUs,
    Rule,
    Severity,
    Message,
    Seqs,
    DroppedEvents,
    DroppedBytes,
    Reason,
    Callee,
    Caller,
    CallerBy,
    Resent,
    ConnectFailure,
    Other,
}

impl Field {
    /// The slot a top-level key names (`Other` for keys no kind has).
    fn from_name(s: &[u8]) -> Field {
        match s {
            b"seq" => Field::Seq,
            b"t_us" => Field::TUs,
            b"exchange" => Field::Exchange,
            b"leg" => Field::Leg,
            b"type" => Field::Type,
            b"conn" => Field::Conn,
            b"peer" => Field::Peer,
            b"local" => Field::Local,
            b"tls" => Field::Tls,
            b"method" => Field::Method,
            b"url" => Field::Url,
            b"version" => Field::Version,
            b"headers" => Field::Headers,
            b"upstream" => Field::Upstream,
            b"body" => Field::Body,
            b"encoding" => Field::Encoding,
            b"truncated" => Field::Truncated,
            b"status" => Field::Status,
            b"synthetic" => Field::Synthetic,
            b"pointers" => Field::Pointers,
            b"outcome" => Field::Outcome,
            b"error" => Field::Error,
            b"trailers" => Field::Trailers,
            b"request_bytes" => Field::RequestBytes,
            b"response_bytes" => Field::ResponseBytes,
            b"authority" => Field::Authority,
            b"bytes_up" => Field::BytesUp,
            b"bytes_down" => Field::BytesDown,
            b"duration_us" => Field::DurationUs,
            b"rule" => Field::Rule,
            b"severity" => Field::Severity,
            b"message" => Field::Message,
            b"seqs" => Field::Seqs,
            b"dropped_events" => Field::DroppedEvents,
            b"dropped_bytes" => Field::DroppedBytes,
            b"reason" => Field::Reason,
            b"callee" => Field::Callee,
            b"caller" => Field::Caller,
            b"caller_by" => Field::CallerBy,
            b"resent" => Field::Resent,
            b"connect_failure" => Field::ConnectFailure,
            _ => Field::Other,
        }
    }
}

impl<'de> Deserialize<'de> for Field {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl Visitor<'_> for V {
            type Value = Field;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("an event field name")
            }
            fn visit_str<E: de::Error>(self, s: &str) -> Result<Field, E> {
                Ok(Field::from_name(s.as_bytes()))
            }
        }
        d.deserialize_identifier(V)
    }
}

/// The event kind named by `type`.
#[derive(Clone, Copy)]
enum Kind {
    ConnOpen,
    RequestHead,
    RequestBody,
    RequestTrailers,
    ResponseHead,
    CardRewrite,
    CardRewriteSkipped,
    ResponseChunk,
    ExchangeEnd,
    RequestRefused,
    Tunnel,
    Attribution,
    Finding,
    Gap,
}

const KINDS: &[&str] = &[
    "conn_open",
    "request_head",
    "request_body",
    "request_trailers",
    "response_head",
    "card_rewrite",
    "card_rewrite_skipped",
    "response_chunk",
    "exchange_end",
    "request_refused",
    "tunnel",
    "attribution",
    "finding",
    "gap",
];

impl Kind {
    /// The kind a `type` value names, `None` for an unknown one.
    fn from_name(s: &[u8]) -> Option<Kind> {
        Some(match s {
            b"conn_open" => Kind::ConnOpen,
            b"request_head" => Kind::RequestHead,
            b"request_body" => Kind::RequestBody,
            b"request_trailers" => Kind::RequestTrailers,
            b"response_head" => Kind::ResponseHead,
            b"card_rewrite" => Kind::CardRewrite,
            b"card_rewrite_skipped" => Kind::CardRewriteSkipped,
            b"response_chunk" => Kind::ResponseChunk,
            b"exchange_end" => Kind::ExchangeEnd,
            b"request_refused" => Kind::RequestRefused,
            b"tunnel" => Kind::Tunnel,
            b"attribution" => Kind::Attribution,
            b"finding" => Kind::Finding,
            b"gap" => Kind::Gap,
            _ => return None,
        })
    }
}

impl<'de> Deserialize<'de> for Kind {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl Visitor<'_> for V {
            type Value = Kind;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("an event type")
            }
            fn visit_str<E: de::Error>(self, s: &str) -> Result<Kind, E> {
                Kind::from_name(s.as_bytes()).ok_or_else(|| E::unknown_variant(s, KINDS))
            }
        }
        d.deserialize_str(V)
    }
}

/// One typed slot per key; `Option` = "not seen".
#[derive(Default)]
struct Slots {
    seq: Option<u64>,
    t_us: Option<u64>,
    exchange: Option<ExchangeId>,
    leg: Option<String>,
    kind: Option<Kind>,
    conn: Option<u64>,
    peer: Option<String>,
    local: Option<String>,
    tls: Option<bool>,
    method: Option<String>,
    url: Option<String>,
    version: Option<String>,
    headers: Option<Headers>,
    upstream: Option<String>,
    /// The `body` text's bytes (valid UTF-8: serde read it as a `String`, the fast reader
    /// from a line it checked whole).
    body: Option<Vec<u8>>,
    encoding: Option<String>,
    truncated: Option<bool>,
    status: Option<u16>,
    synthetic: Option<bool>,
    pointers: Option<Vec<String>>,
    outcome: Option<Outcome>,
    error: Option<String>,
    trailers: Option<Headers>,
    request_bytes: Option<u64>,
    response_bytes: Option<u64>,
    authority: Option<String>,
    bytes_up: Option<u64>,
    bytes_down: Option<u64>,
    duration_us: Option<u64>,
    rule: Option<String>,
    severity: Option<String>,
    message: Option<String>,
    seqs: Option<Vec<u64>>,
    dropped_events: Option<u64>,
    dropped_bytes: Option<u64>,
    reason: Option<String>,
    callee: Option<String>,
    caller: Option<String>,
    caller_by: Option<CallerBy>,
    resent: Option<String>,
    connect_failure: Option<ConnectFailure>,
}

fn need<T, E: de::Error>(v: Option<T>, name: &'static str) -> Result<T, E> {
    v.ok_or_else(|| E::missing_field(name))
}

impl Slots {
    /// The body of a `request_body` / `response_chunk` / `card_rewrite`: text, or base64
    /// with `"encoding":"base64"`; a missing `body` is empty (as the `Body` deserializer).
    fn take_body<E: de::Error>(&mut self) -> Result<Body, E> {
        let text = self.body.take().unwrap_or_default();
        let data = match self.encoding.as_deref() {
            None | Some("utf-8") | Some("text") => Bytes::from(text),
            Some("base64") => Bytes::from(
                base64::engine::general_purpose::STANDARD
                    .decode(&text)
                    .map_err(E::custom)?,
            ),
            Some(other) => {
                return Err(E::custom(format!("unknown body encoding {other:?}")));
            }
        };
        Ok(Body {
            data,
            truncated: self.truncated.unwrap_or(false),
        })
    }

    fn into_event<E: de::Error>(mut self) -> Result<Event, E> {
        let kind = match need(self.kind, "type")? {
            Kind::ConnOpen => EventKind::ConnOpen {
                conn: need(self.conn, "conn")?,
                peer: need(self.peer, "peer")?,
                local: need(self.local, "local")?,
                tls: self.tls.unwrap_or(false),
            },
            Kind::RequestHead => EventKind::RequestHead {
                conn: self.conn,
                method: need(self.method, "method")?,
                url: need(self.url, "url")?,
                version: self.version,
                headers: self.headers.unwrap_or_default(),
                upstream: self.upstream,
            },
            Kind::RequestBody => EventKind::RequestBody {
                body: self.take_body()?,
            },
            Kind::RequestTrailers => EventKind::RequestTrailers {
                trailers: need(self.trailers, "trailers")?,
                reason: self.reason,
            },
            Kind::ResponseHead => EventKind::ResponseHead {
                status: need(self.status, "status")?,
                version: self.version,
                headers: self.headers.unwrap_or_default(),
                synthetic: self.synthetic.unwrap_or(false),
                reason: self.reason,
            },
            Kind::CardRewrite => EventKind::CardRewrite {
                body: self.take_body()?,
                pointers: self.pointers.unwrap_or_default(),
            },
            Kind::CardRewriteSkipped => EventKind::CardRewriteSkipped {
                reason: need(self.reason, "reason")?,
            },
            Kind::ResponseChunk => EventKind::ResponseChunk {
                body: self.take_body()?,
            },
            Kind::ExchangeEnd => EventKind::ExchangeEnd {
                outcome: need(self.outcome, "outcome")?,
                error: self.error,
                trailers: self.trailers,
                request_bytes: self.request_bytes.unwrap_or(0),
                response_bytes: self.response_bytes.unwrap_or(0),
                truncated: self.truncated.unwrap_or(false),
                resent: self.resent,
                connect_failure: self.connect_failure,
            },
            Kind::RequestRefused => EventKind::RequestRefused {
                conn: self.conn,
                status: self.status,
                error: need(self.error, "error")?,
            },
            Kind::Tunnel => EventKind::Tunnel {
                authority: need(self.authority, "authority")?,
                bytes_up: need(self.bytes_up, "bytes_up")?,
                bytes_down: need(self.bytes_down, "bytes_down")?,
                duration_us: need(self.duration_us, "duration_us")?,
            },
            Kind::Finding => EventKind::Finding {
                rule: need(self.rule, "rule")?,
                severity: need(self.severity, "severity")?,
                message: need(self.message, "message")?,
                seqs: self.seqs.unwrap_or_default(),
            },
            Kind::Attribution => EventKind::Attribution {
                callee: self.callee,
                caller: self.caller,
                caller_by: self.caller_by,
            },
            Kind::Gap => EventKind::Gap {
                dropped_events: need(self.dropped_events, "dropped_events")?,
                dropped_bytes: need(self.dropped_bytes, "dropped_bytes")?,
                reason: self.reason,
            },
        };
        Ok(Event {
            seq: need(self.seq, "seq")?,
            t_us: need(self.t_us, "t_us")?,
            exchange: self.exchange,
            leg: self.leg,
            kind,
        })
    }
}

impl<'de> Deserialize<'de> for Event {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = Event;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a recording event object {\"seq\":..,\"t_us\":..,\"type\":..}")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Event, A::Error> {
                let mut s = Slots::default();
                while let Some(key) = map.next_key::<Field>()? {
                    // `Option<T>` slots read `null` as absent, as the derived code did for
                    // its optional fields.
                    match key {
                        Field::Seq => s.seq = Some(map.next_value()?),
                        Field::TUs => s.t_us = Some(map.next_value()?),
                        Field::Exchange => {
                            s.exchange = map.next_value::<Option<String>>()?.map(ExchangeId::from)
                        }
                        Field::Leg => s.leg = map.next_value()?,
                        Field::Type => s.kind = Some(map.next_value()?),
                        Field::Conn => s.conn = map.next_value()?,
                        Field::Peer => s.peer = Some(map.next_value()?),
                        Field::Local => s.local = Some(map.next_value()?),
                        Field::Tls => s.tls = Some(map.next_value()?),
                        Field::Method => s.method = Some(map.next_value()?),
                        Field::Url => s.url = Some(map.next_value()?),
                        Field::Version => s.version = map.next_value()?,
                        Field::Headers => s.headers = Some(map.next_value()?),
                        Field::Upstream => s.upstream = map.next_value()?,
                        Field::Body => s.body = Some(map.next_value::<String>()?.into_bytes()),
                        Field::Encoding => s.encoding = map.next_value()?,
                        Field::Truncated => s.truncated = Some(map.next_value()?),
                        Field::Status => s.status = Some(map.next_value()?),
                        Field::Synthetic => s.synthetic = Some(map.next_value()?),
                        Field::Pointers => s.pointers = Some(map.next_value()?),
                        Field::Outcome => s.outcome = Some(map.next_value()?),
                        Field::Error => s.error = map.next_value()?,
                        Field::Trailers => s.trailers = map.next_value()?,
                        Field::RequestBytes => s.request_bytes = Some(map.next_value()?),
                        Field::ResponseBytes => s.response_bytes = Some(map.next_value()?),
                        Field::Authority => s.authority = Some(map.next_value()?),
                        Field::BytesUp => s.bytes_up = Some(map.next_value()?),
                        Field::BytesDown => s.bytes_down = Some(map.next_value()?),
                        Field::DurationUs => s.duration_us = Some(map.next_value()?),
                        Field::Rule => s.rule = Some(map.next_value()?),
                        Field::Severity => s.severity = Some(map.next_value()?),
                        Field::Message => s.message = Some(map.next_value()?),
                        Field::Seqs => s.seqs = Some(map.next_value()?),
                        Field::DroppedEvents => s.dropped_events = Some(map.next_value()?),
                        Field::DroppedBytes => s.dropped_bytes = Some(map.next_value()?),
                        Field::Reason => s.reason = map.next_value()?,
                        Field::Callee => s.callee = map.next_value()?,
                        Field::Caller => s.caller = map.next_value()?,
                        Field::CallerBy => s.caller_by = map.next_value()?,
                        Field::Resent => s.resent = map.next_value()?,
                        Field::ConnectFailure => s.connect_failure = map.next_value()?,
                        Field::Other => {
                            map.next_value::<IgnoredAny>()?;
                        }
                    }
                }
                s.into_event()
            }
        }
        d.deserialize_map(V)
    }
}

/// Reads one recording line (`{...}`, optional spaces, tabs or CRs, then its `\n`) in one pass
/// of our own: the JSON-escaped `body` string (escaped JSON inside JSON: every `"` of the body
/// is `\"`) is unescaped by one loop that tests 8 bytes at a time, and every other member is
/// read straight into its slot (no serde machinery per key). The line is checked to be UTF-8
/// once, whole, instead of string by string.
///
/// `Some` only when serde_json would read the line to exactly this event; `None` whenever the
/// line is anything else or anything unusual (a key with an escape, an unknown key, a number
/// with a sign, fraction or exponent, a `\u` surrogate escape, a raw control character,
/// invalid UTF-8, a missing field, no `\n` at its end, ...): the caller then reads the line
/// with serde_json, which decides acceptance and words the error as before. Property-tested
/// against serde_json on generated and broken lines (`fast_reader_agrees_with_serde`).
pub(crate) fn fast_event(line: &[u8]) -> Option<Event> {
    let text = std::str::from_utf8(line).ok()?;
    let mut p = Scan {
        b: line,
        text,
        i: 0,
        scratch: Vec::new(),
    };
    let mut s = Slots::default();
    p.ws();
    p.eat(b'{')?;
    p.ws();
    if p.peek()? != b'}' {
        loop {
            let key = p.raw_string()?;
            p.ws();
            p.eat(b':')?;
            p.ws();
            // Each arm mirrors the serde visitor above: `Some(p.x()?)` for a plain slot,
            // `p.opt(..)?` for an `Option<T>` slot that reads `null` as absent.
            match Field::from_name(key) {
                Field::Seq => s.seq = Some(p.u64()?),
                Field::TUs => s.t_us = Some(p.u64()?),
                Field::Exchange => s.exchange = p.opt(Scan::shared_string)?,
                Field::Leg => s.leg = p.opt(Scan::string)?,
                Field::Type => s.kind = Some(Kind::from_name(p.raw_string()?)?),
                Field::Conn => s.conn = p.opt(Scan::u64)?,
                Field::Peer => s.peer = Some(p.string()?),
                Field::Local => s.local = Some(p.string()?),
                Field::Tls => s.tls = Some(p.bool()?),
                Field::Method => s.method = Some(p.string()?),
                Field::Url => s.url = Some(p.string()?),
                Field::Version => s.version = p.opt(Scan::string)?,
                Field::Headers => s.headers = Some(p.headers()?),
                Field::Upstream => s.upstream = p.opt(Scan::string)?,
                Field::Body => s.body = Some(p.text_bytes()?),
                Field::Encoding => s.encoding = p.opt(Scan::string)?,
                Field::Truncated => s.truncated = Some(p.bool()?),
                Field::Status => s.status = Some(u16::try_from(p.u64()?).ok()?),
                Field::Synthetic => s.synthetic = Some(p.bool()?),
                Field::Pointers => s.pointers = Some(p.array(Scan::string)?),
                Field::Outcome => s.outcome = Some(p.outcome()?),
                Field::Error => s.error = p.opt(Scan::string)?,
                Field::Trailers => s.trailers = p.opt(Scan::headers)?,
                Field::RequestBytes => s.request_bytes = Some(p.u64()?),
                Field::ResponseBytes => s.response_bytes = Some(p.u64()?),
                Field::Authority => s.authority = Some(p.string()?),
                Field::BytesUp => s.bytes_up = Some(p.u64()?),
                Field::BytesDown => s.bytes_down = Some(p.u64()?),
                Field::DurationUs => s.duration_us = Some(p.u64()?),
                Field::Rule => s.rule = Some(p.string()?),
                Field::Severity => s.severity = Some(p.string()?),
                Field::Message => s.message = Some(p.string()?),
                Field::Seqs => s.seqs = Some(p.array(Scan::u64)?),
                Field::DroppedEvents => s.dropped_events = Some(p.u64()?),
                Field::DroppedBytes => s.dropped_bytes = Some(p.u64()?),
                Field::Reason => s.reason = p.opt(Scan::string)?,
                Field::Callee => s.callee = p.opt(Scan::string)?,
                Field::Caller => s.caller = p.opt(Scan::string)?,
                Field::CallerBy => s.caller_by = p.opt(Scan::caller_by)?,
                Field::Resent => s.resent = p.opt(Scan::string)?,
                Field::ConnectFailure => s.connect_failure = p.opt(Scan::connect_failure)?,
                // Skipping an unknown value would need a full JSON validator: serde's job.
                Field::Other => return None,
            }
            p.ws();
            if p.eat(b',').is_some() {
                p.ws();
                continue;
            }
            break;
        }
    }
    p.eat(b'}')?;
    p.ws();
    p.eat(b'\n')?;
    if p.i != line.len() {
        return None;
    }
    s.into_event::<serde_json::Error>().ok()
}

/// A cursor over one line for [`fast_event`]; every method returns `None` for anything it
/// does not read exactly as serde_json would.
struct Scan<'a> {
    b: &'a [u8],
    /// `b`, checked UTF-8.
    text: &'a str,
    i: usize,
    /// Unescaping space, as long as the line once the line has an escaped string: each
    /// escaped string is unescaped here and copied out at its size, so a line of many
    /// escaped strings costs time linear in its length.
    scratch: Vec<u8>,
}

/// The byte a two-character escape `\x` stands for, by `x` (RFC 8259 §7); 0 = not an escape
/// (`\u` is read apart).
const UNESCAPE: [u8; 256] = {
    let mut t = [0u8; 256];
    t[b'"' as usize] = b'"';
    t[b'\\' as usize] = b'\\';
    t[b'/' as usize] = b'/';
    t[b'b' as usize] = 0x08;
    t[b'f' as usize] = 0x0c;
    t[b'n' as usize] = b'\n';
    t[b'r' as usize] = b'\r';
    t[b't' as usize] = b'\t';
    t
};

fn hex4(h: &[u8]) -> Option<u32> {
    let mut v = 0u32;
    for &c in h.get(..4)? {
        v = v * 16 + (c as char).to_digit(16)?;
    }
    Some(v)
}

impl<'a> Scan<'a> {
    #[inline]
    fn peek(&self) -> Option<u8> {
        self.b.get(self.i).copied()
    }

    #[inline]
    fn eat(&mut self, c: u8) -> Option<()> {
        if self.peek() == Some(c) {
            self.i += 1;
            Some(())
        } else {
            None
        }
    }

    /// JSON whitespace (RFC 8259 §2) but LF: space, tab, CR. The only LF a line can hold
    /// is its last byte.
    #[inline]
    fn ws(&mut self) {
        while let Some(b' ' | b'\t' | b'\r') = self.peek() {
            self.i += 1;
        }
    }

    /// Index of the first `"`, `\` or control character at or after `from`, if any.
    #[inline]
    fn next_stop(&self, from: usize) -> Option<usize> {
        next_string_stop(self.b, from)
    }

    /// A string without escapes, as its raw bytes (keys, `type`, enum values): `None` for
    /// one with an escape or a control character (serde reads those).
    fn raw_string(&mut self) -> Option<&'a [u8]> {
        self.eat(b'"')?;
        let start = self.i;
        let end = self.next_stop(start)?;
        if self.b[end] != b'"' {
            return None;
        }
        self.i = end + 1;
        Some(&self.b[start..end])
    }

    /// A JSON string unescaped, as serde_json reads it into a `String`.
    fn string(&mut self) -> Option<String> {
        match self.text_or_escaped()? {
            Ok(plain) => Some(plain.to_owned()),
            Err(bytes) => String::from_utf8(bytes).ok(),
        }
    }

    /// [`Self::string`] as a shared [`ExchangeId`], built from the line's bytes directly.
    fn shared_string(&mut self) -> Option<ExchangeId> {
        match self.text_or_escaped()? {
            Ok(plain) => Some(ExchangeId::from(plain)),
            Err(bytes) => String::from_utf8(bytes).ok().map(ExchangeId::from),
        }
    }

    /// A JSON string unescaped, as its UTF-8 bytes (the `body`: it becomes `Bytes`).
    fn text_bytes(&mut self) -> Option<Vec<u8>> {
        match self.text_or_escaped()? {
            Ok(plain) => Some(plain.as_bytes().to_vec()),
            // Valid UTF-8 by construction: pieces of the checked line cut at ASCII bytes,
            // ASCII escapes, and chars encoded by `char::encode_utf8`.
            Err(bytes) => Some(bytes),
        }
    }

    /// A JSON string: `Ok` borrowed from the line when it has no escape, `Err` the unescaped
    /// bytes when it has. `None` for a raw control character, an unknown escape, a `\u`
    /// surrogate (serde_json pairs or refuses those) or a missing closing quote.
    fn text_or_escaped(&mut self) -> Option<Result<&'a str, Vec<u8>>> {
        self.eat(b'"')?;
        let start = self.i;
        let first = self.next_stop(start)?;
        let b = self.b;
        if b[first] == b'"' {
            self.i = first + 1;
            // Both ends sit next to an ASCII `"`: char boundaries.
            return Some(Ok(self.text.get(start..first)?));
        }
        // Escapes only shrink the text, so the output index `o` trails the input index
        // (`o <= i - start`): the rest of the line bounds the output, 8-byte stores included.
        if self.scratch.len() < b.len() {
            self.scratch.resize(b.len(), 0);
        }
        let mut out = std::mem::take(&mut self.scratch);
        out[..first - start].copy_from_slice(&b[start..first]);
        let mut o = first - start;
        let mut i = first;
        loop {
            // Here `b[i]` is a stop byte.
            match b[i] {
                b'\\' => match *b.get(i + 1)? {
                    b'u' => {
                        let v = hex4(b.get(i + 2..)?)?;
                        let ch = char::from_u32(v)?; // `None` for a surrogate
                                                     // 6 bytes read, at most 3 written.
                        o += ch.encode_utf8(&mut out[o..]).len();
                        i += 6;
                    }
                    e => {
                        let c = UNESCAPE[usize::from(e)];
                        if c == 0 {
                            return None;
                        }
                        out[o] = c;
                        o += 1;
                        i += 2;
                    }
                },
                b'"' => break,
                _ => return None, // control character
            }
            // The plain run up to the next stop byte, 8 bytes at a time: store the word,
            // then keep only the bytes before its first stop byte.
            loop {
                // 16 bytes at a time where SSE2 is (`o + 16 <= i + 16 <= b.len()`).
                if let Some(m) = string_stops16(b, i) {
                    out[o..o + 16].copy_from_slice(&b[i..i + 16]);
                    if m != 0 {
                        let k = m.trailing_zeros() as usize;
                        o += k;
                        i += k;
                        break;
                    }
                    o += 16;
                    i += 16;
                } else if let Some(w) = word_at(b, i) {
                    out[o..o + 8].copy_from_slice(&w.to_le_bytes());
                    let m = string_stops(w);
                    if m != 0 {
                        let k = (m.trailing_zeros() / 8) as usize;
                        o += k;
                        i += k;
                        break;
                    }
                    o += 8;
                    i += 8;
                } else {
                    let c = *b.get(i)?; // `None`: the line ends inside the string
                    if is_string_stop(c) {
                        break;
                    }
                    out[o] = c;
                    o += 1;
                    i += 1;
                }
            }
        }
        self.i = i + 1;
        let text = out[..o].to_vec();
        self.scratch = out;
        Some(Err(text))
    }

    /// A non-negative integer without sign, fraction or exponent that fits a `u64`.
    fn u64(&mut self) -> Option<u64> {
        let start = self.i;
        let mut v: u64 = 0;
        while let Some(c @ b'0'..=b'9') = self.peek() {
            v = v.checked_mul(10)?.checked_add(u64::from(c - b'0'))?;
            self.i += 1;
        }
        let n = self.i - start;
        // No digits, or a leading zero (serde_json refuses `01`); `.`, `e`, `E` after the
        // digits make a float: serde's reading, not ours.
        if n == 0 || (n > 1 && self.b[start] == b'0') {
            return None;
        }
        match self.peek() {
            Some(b'.' | b'e' | b'E') => None,
            _ => Some(v),
        }
    }

    fn bool(&mut self) -> Option<bool> {
        if self.b.get(self.i..self.i + 4) == Some(b"true") {
            self.i += 4;
            Some(true)
        } else if self.b.get(self.i..self.i + 5) == Some(b"false") {
            self.i += 5;
            Some(false)
        } else {
            None
        }
    }

    /// `null` as `Some(None)`, else the value read by `f`.
    #[inline]
    fn opt<T>(&mut self, f: fn(&mut Self) -> Option<T>) -> Option<Option<T>> {
        if self.b.get(self.i..self.i + 4) == Some(b"null") {
            self.i += 4;
            Some(None)
        } else {
            f(self).map(Some)
        }
    }

    /// A JSON array of values read by `f`.
    fn array<T>(&mut self, f: fn(&mut Self) -> Option<T>) -> Option<Vec<T>> {
        let mut out = Vec::new();
        self.elements(|p| {
            out.push(f(p)?);
            Some(())
        })?;
        Some(out)
    }

    /// A JSON array, each element read by `f` (which keeps what it reads).
    fn elements(&mut self, mut f: impl FnMut(&mut Self) -> Option<()>) -> Option<()> {
        self.eat(b'[')?;
        self.ws();
        if self.eat(b']').is_some() {
            return Some(());
        }
        loop {
            f(self)?;
            self.ws();
            if self.eat(b',').is_some() {
                self.ws();
                continue;
            }
            return self.eat(b']');
        }
    }

    /// `[["name","value"],...]`: exactly two strings per pair, unescaped straight into the
    /// [`Headers`] buffer (no `String` per name or value: perfh34).
    fn headers(&mut self) -> Option<Headers> {
        // The rest of the line bounds the text; a head is rarely past 512 bytes.
        let room = self.b.len().saturating_sub(self.i).min(512);
        let mut h = Headers::with_capacity(16, room);
        self.elements(|p| {
            p.eat(b'[')?;
            p.ws();
            p.string_into(h.text_mut())?;
            let name_end = h.end_name();
            p.ws();
            p.eat(b',')?;
            p.ws();
            p.string_into(h.text_mut())?;
            h.end_field(name_end);
            p.ws();
            p.eat(b']')
        })?;
        Some(h)
    }

    /// [`Self::string`] appended to `out` (no `String` of its own when it has no escape).
    fn string_into(&mut self, out: &mut String) -> Option<()> {
        match self.text_or_escaped()? {
            Ok(plain) => out.push_str(plain),
            Err(bytes) => out.push_str(std::str::from_utf8(&bytes).ok()?),
        }
        Some(())
    }

    fn outcome(&mut self) -> Option<Outcome> {
        Some(match self.raw_string()? {
            b"complete" => Outcome::Complete,
            b"client_abort" => Outcome::ClientAbort,
            b"upstream_abort" => Outcome::UpstreamAbort,
            b"upstream_error" => Outcome::UpstreamError,
            b"open" => Outcome::Open,
            b"refused" => Outcome::Refused,
            _ => return None,
        })
    }

    fn connect_failure(&mut self) -> Option<ConnectFailure> {
        Some(match self.raw_string()? {
            b"refused" => ConnectFailure::Refused,
            b"no_connection" => ConnectFailure::NoConnection,
            _ => return None,
        })
    }

    fn caller_by(&mut self) -> Option<CallerBy> {
        Some(match self.raw_string()? {
            b"leg" => CallerBy::Leg,
            b"process" => CallerBy::Process,
            b"caller-flag" => CallerBy::CallerFlag,
            b"nesting" => CallerBy::Nesting,
            b"user-agent" => CallerBy::UserAgent,
            _ => return None,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn all_kinds() -> Vec<Event> {
        let base = |kind| Event {
            seq: 7,
            t_us: 1234,
            exchange: Some("e3".into()),
            leg: Some("upstream".into()),
            kind,
        };
        let h = Headers::from_pairs([("Content-Type", "text/event-stream"), ("X-A", "1")]);
        vec![
            base(EventKind::ConnOpen {
                conn: 4,
                peer: "127.0.0.1:5000".into(),
                local: "127.0.0.1:8080".into(),
                tls: true,
            }),
            base(EventKind::RequestHead {
                conn: Some(4),
                method: "POST".into(),
                url: "http://127.0.0.1:1/a?b=c".into(),
                version: Some("HTTP/1.1".into()),
                headers: h.clone(),
                upstream: Some("http://127.0.0.1:2/".into()),
            }),
            base(EventKind::RequestBody {
                body: Body::new("{\"a\":\"\\u00e9\\n\"}"),
            }),
            base(EventKind::RequestTrailers {
                trailers: h.clone(),
                reason: Some("not forwarded".into()),
            }),
            base(EventKind::RequestTrailers {
                trailers: h.clone(),
                reason: None,
            }),
            base(EventKind::ResponseHead {
                status: 200,
                version: None,
                headers: h.clone(),
                synthetic: true,
                reason: None,
            }),
            base(EventKind::ResponseHead {
                status: 404,
                version: Some("HTTP/1.1".into()),
                headers: h.clone(),
                synthetic: false,
                reason: Some("Nope \"\u{e9}\"".into()),
            }),
            base(EventKind::CardRewrite {
                body: Body::new("{}"),
                pointers: vec!["/url".into()],
            }),
            base(EventKind::CardRewriteSkipped {
                reason: "card body over the 1048576-byte rewrite cap".into(),
            }),
            base(EventKind::ResponseChunk {
                body: Body {
                    data: Bytes::from_static(&[0xff, 0, 1]),
                    truncated: true,
                },
            }),
            base(EventKind::ExchangeEnd {
                outcome: Outcome::ClientAbort,
                error: Some("reset".into()),
                trailers: Some(h),
                request_bytes: 10,
                response_bytes: 20,
                truncated: true,
                resent: Some("connection closed before message completed".into()),
                connect_failure: None,
            }),
            base(EventKind::ExchangeEnd {
                outcome: Outcome::UpstreamError,
                error: Some("upstream http://127.0.0.1:9/ unreachable".into()),
                trailers: None,
                request_bytes: 0,
                response_bytes: 0,
                truncated: false,
                resent: None,
                connect_failure: Some(ConnectFailure::Refused),
            }),
            base(EventKind::RequestRefused {
                conn: Some(3),
                status: Some(400),
                error: "invalid request head: invalid HTTP header parsed".into(),
            }),
            base(EventKind::RequestRefused {
                conn: None,
                status: None,
                error: "no complete request head within 30 s".into(),
            }),
            base(EventKind::Tunnel {
                authority: "a:443".into(),
                bytes_up: 1,
                bytes_down: 2,
                duration_us: 3,
            }),
            base(EventKind::Finding {
                rule: "TASK-001".into(),
                severity: "error".into(),
                message: "m".into(),
                seqs: vec![1, 2],
            }),
            base(EventKind::Gap {
                dropped_events: 5,
                dropped_bytes: 6,
                reason: Some("queue full".into()),
            }),
            base(EventKind::Attribution {
                callee: Some("/b".into()),
                caller: Some("/a".into()),
                caller_by: Some(CallerBy::Process),
            }),
        ]
    }

    /// Fails to compile when `EventKind` gains a variant: add it to the hand-written reader
    /// above and to `all_kinds`.
    #[allow(dead_code)]
    fn every_variant_is_read(k: &EventKind) {
        match k {
            EventKind::ConnOpen { .. }
            | EventKind::RequestHead { .. }
            | EventKind::RequestBody { .. }
            | EventKind::RequestTrailers { .. }
            | EventKind::ResponseHead { .. }
            | EventKind::CardRewrite { .. }
            | EventKind::CardRewriteSkipped { .. }
            | EventKind::ResponseChunk { .. }
            | EventKind::ExchangeEnd { .. }
            | EventKind::RequestRefused { .. }
            | EventKind::Tunnel { .. }
            | EventKind::Attribution { .. }
            | EventKind::Finding { .. }
            | EventKind::Gap { .. } => {}
        }
    }

    #[test]
    fn every_kind_roundtrips_and_matches_the_derived_reader() {
        for ev in all_kinds() {
            let s = serde_json::to_string(&ev).unwrap();
            let back: Event = serde_json::from_str(&s).unwrap();
            assert_eq!(back, ev, "{s}");
            // Through serde_json::Value (another Deserializer) too.
            let v: serde_json::Value = serde_json::from_str(&s).unwrap();
            let back2: Event = serde_json::from_value(v).unwrap();
            assert_eq!(back2, ev, "{s}");
            // The derived EventKind reader agrees on the kind part.
            let kind: EventKind = serde_json::from_str(&s).unwrap();
            assert_eq!(kind, ev.kind, "{s}");
        }
    }

    #[test]
    fn type_may_come_first_and_unknown_keys_are_ignored() {
        let s = r#"{"type":"gap","x":[1,{"y":null}],"dropped_bytes":2,"seq":1,"t_us":0,"dropped_events":1,"exchange":null}"#;
        let ev: Event = serde_json::from_str(s).unwrap();
        assert_eq!(
            ev,
            Event {
                seq: 1,
                t_us: 0,
                exchange: None,
                leg: None,
                kind: EventKind::Gap {
                    dropped_events: 1,
                    dropped_bytes: 2,
                    reason: None
                }
            }
        );
    }

    /// What the reader does with `line`, fast path first (as `jsonl::read_event`).
    fn via_reader(line: &[u8]) -> Result<Event, String> {
        crate::record::jsonl::read_event(line).map_err(|e| e.to_string())
    }

    /// The fast path on a whole line: the event when it read exactly the line.
    fn fast(line: &[u8]) -> Option<Event> {
        fast_event(line)
    }

    /// What serde_json alone does with `line`.
    fn via_serde(line: &[u8]) -> Result<Event, String> {
        serde_json::from_slice::<Event>(line).map_err(|e| e.to_string())
    }

    /// Escapes at every offset of a 16-byte block and across its end, one after another
    /// and a few bytes apart (a JSON body's `\"`s), near the line's end too: the fast
    /// reader takes each line and reads the body serde_json reads.
    #[test]
    fn escapes_at_every_block_offset_read_as_serde_does() {
        let escapes = [r#"\""#, r#"\\"#, r#"\n"#, r#"\/"#, r#"\u00e9"#, r#"\u20AC"#];
        for lead in 0..40 {
            for e in escapes {
                for gap in [0usize, 1, 2, 5, 13, 14, 15, 16, 17, 31] {
                    for tail in [0usize, 1, 7, 20] {
                        for rest in ["", r#","truncated":true"#] {
                            let body = format!(
                                "{}{e}{}{e}{e}{}",
                                "a".repeat(lead),
                                "b".repeat(gap),
                                "c".repeat(tail)
                            );
                            let line = format!(
                                r#"{{"seq":1,"t_us":2,"exchange":"e1","type":"response_chunk","body":"{body}"{rest}}}"#
                            ) + "\n";
                            let l = line.as_bytes();
                            let ev = fast(l);
                            assert!(ev.is_some(), "{line}");
                            assert_eq!(ev.ok_or_else(String::new), via_serde(l), "{line}");
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn the_fast_reader_reads_every_kind_as_serde_does() {
        for ev in all_kinds() {
            let mut line = serde_json::to_vec(&ev).unwrap();
            line.push(b'\n');
            assert_eq!(fast(&line).as_ref(), Some(&ev), "{ev:?}");
        }
    }

    #[test]
    fn the_fast_reader_agrees_on_edge_lines() {
        let base = r#"{"seq":1,"t_us":2,"exchange":"e1","type":"response_chunk","body":BODY}"#;
        let bodies: &[(&str, bool)] = &[
            // (JSON text of the body value, the fast path takes it)
            (r#""plain""#, true),
            (r#""""#, true),
            (r#""{\"a\":\"b\\\\c\"}\r\n\t\/\b\f""#, true),
            (r#""\u00e9\u0000\u001f\u20AC\uffff""#, true),
            (r#""é日本\u00e9x""#, true),
            (r#""\ud83d\ude00""#, false),
            (r#""\ud83d""#, false),
            (r#""\udc00x""#, false),
            (r#""\x""#, false),
            (r#""\u12""#, false),
            (r#""\u12g4""#, false),
            ("\"tab\there\"", false),
            ("\"nl\nhere\"", false),
            (r#""unterminated"#, false),
            (r#""ends in backslash\"#, false),
            (r#"null"#, false),
            (r#"12"#, false),
            (r#""a"  "#, true),
        ];
        for (body, fast_too) in bodies {
            let line = base.replace("BODY", body) + "\n";
            let l = line.as_bytes();
            assert_eq!(fast(l).is_some(), *fast_too, "{line}");
            assert_eq!(via_reader(l), via_serde(l), "{line}");
        }
        let lines = [
            r#" { "seq" : 1 , "t_us":2,"type":"gap","dropped_events":0,"dropped_bytes":18446744073709551615 } "#,
            r#"{"seq":1,"t_us":2,"type":"gap","dropped_events":0,"dropped_bytes":18446744073709551616}"#,
            r#"{"seq":01,"t_us":2,"type":"gap","dropped_events":0,"dropped_bytes":1}"#,
            r#"{"seq":-0,"t_us":2,"type":"gap","dropped_events":0,"dropped_bytes":1}"#,
            r#"{"seq":1.0,"t_us":2,"type":"gap","dropped_events":0,"dropped_bytes":1}"#,
            r#"{"seq":1e2,"t_us":2,"type":"gap","dropped_events":0,"dropped_bytes":1}"#,
            r#"{"seq":1,"seq":3,"t_us":2,"type":"gap","dropped_events":0,"dropped_bytes":1}"#,
            r#"{"seq":1,"t_us":2,"type":"gap","dropped_events":0,"dropped_bytes":1,}"#,
            r#"{"seq":1,"t_us":2,"type":"gap","dropped_events":0,"dropped_bytes":1}x"#,
            r#"{"seq":1,"t_us":2,"type":"gap","dropped_events":0,"dropped_bytes":1}{}"#,
            r#"{"seq":1,"t_us":2,"type":"gap","dropped_events":0,"dropped_bytes":1,"x":1}"#,
            r#"{"seq":1,"t_us":2,"typ\u0065":"gap","dropped_events":0,"dropped_bytes":1}"#,
            r#"{"seq":1,"t_us":2,"type":"gap","dropped_events":0,"dropped_bytes":1,"reason":null,"exchange":null}"#,
            r#"{"seq":1,"t_us":2,"type":"nope"}"#,
            r#"{"seq":1,"t_us":2,"type":"response_head","status":65536}"#,
            r#"{"seq":1,"t_us":2,"type":"response_head","status":204,"headers":[["a","b"],[ "c" , "d" ]],"synthetic":false}"#,
            r#"{"seq":1,"t_us":2,"type":"response_head","status":204,"headers":[["a","b","c"]]}"#,
            r#"{"seq":1,"t_us":2,"type":"response_head","status":204,"headers":[["a"]]}"#,
            r#"{"seq":1,"t_us":2,"type":"response_head","status":204,"headers":null}"#,
            r#"{"seq":1,"t_us":2,"type":"response_head","status":204,"synthetic":null}"#,
            r#"{"seq":1,"t_us":2,"type":"exchange_end","outcome":"complete","trailers":null}"#,
            r#"{"seq":1,"t_us":2,"type":"exchange_end","outcome":"Complete"}"#,
            r#"{"seq":1,"t_us":2,"type":"request_body","body":"AAEC","encoding":"base64"}"#,
            r#"{"seq":1,"t_us":2,"type":"request_body","body":"%%","encoding":"base64"}"#,
            r#"{"seq":1,"t_us":2,"type":"request_body","body":"x","encoding":"rot13"}"#,
            r#"{"seq":1,"t_us":2,"type":"request_body"}"#,
            r#"{"seq":1,"t_us":2,"type":"attribution","caller_by":"caller-flag","caller":null}"#,
            r#"{"seq":1,"t_us":2,"type":"finding","rule":"R","severity":"error","message":"m","seqs":[1, 2 ,3]}"#,
            r#"{"seq":1,"t_us":2,"type":"card_rewrite","body":"{}","pointers":[]}"#,
            r#"{}"#,
            r#"[]"#,
            r#""#,
        ];
        for line in lines {
            for l in [
                line.to_string(),
                format!("{line}\n"),
                format!("{line} \r\n"),
            ] {
                let l = l.as_bytes();
                assert_eq!(via_reader(l), via_serde(l), "{line}");
            }
        }
        // A line feed inside the object: not one line (serde, given the bytes, reads it).
        let two =
            b"{\"seq\":1,\n\"t_us\":2,\"type\":\"gap\",\"dropped_events\":0,\"dropped_bytes\":1}\n";
        assert_eq!(fast(two), None);
        assert_eq!(via_reader(two), via_serde(two));
        // Invalid UTF-8 in raw bytes (not expressible in a &str literal).
        for raw in [
            &b"{\"seq\":1,\"t_us\":2,\"type\":\"request_body\",\"body\":\"a\\n\xff\"}"[..],
            &b"{\"seq\":1,\"t_us\":2,\"type\":\"request_body\",\"body\":\"\xe6\x97\"}"[..],
            &b"{\"seq\":1,\"t_us\":2,\"type\":\"gap\",\"dropped_events\":0,\"dropped_bytes\":1,\"reason\":\"\xc0\xaf\"}"[..],
        ] {
            let raw = &[raw, b"\n"].concat()[..];
            assert_eq!(fast(raw), None);
            assert_eq!(via_reader(raw), via_serde(raw));
        }
    }

    use proptest::prelude::*;

    /// Text that looks like what bodies carry: JSON punctuation (escaped in the line), line
    /// breaks, control characters, non-ASCII, long plain runs.
    fn text() -> impl Strategy<Value = String> {
        proptest::collection::vec(
            prop_oneof![
                Just("\"".to_string()),
                Just("\\".to_string()),
                Just("{\"k\":".to_string()),
                Just("\r\n".to_string()),
                "[a-z0-9 ]{0,20}",
                any::<char>().prop_map(String::from),
                (0u8..0x20).prop_map(|c| char::from(c).to_string()),
            ],
            0..24,
        )
        .prop_map(|v| v.concat())
    }

    fn headers() -> impl Strategy<Value = Headers> {
        proptest::collection::vec((text(), text()), 0..4).prop_map(Headers::from)
    }

    fn body() -> impl Strategy<Value = Body> {
        (
            prop_oneof![
                text().prop_map(Bytes::from),
                proptest::collection::vec(any::<u8>(), 0..40).prop_map(Bytes::from)
            ],
            any::<bool>(),
        )
            .prop_map(|(data, truncated)| Body { data, truncated })
    }

    fn kind() -> impl Strategy<Value = EventKind> {
        let opt = || proptest::option::of(text());
        prop_oneof![
            (any::<u64>(), text(), text(), any::<bool>()).prop_map(|(conn, peer, local, tls)| {
                EventKind::ConnOpen {
                    conn,
                    peer,
                    local,
                    tls,
                }
            }),
            (
                proptest::option::of(any::<u64>()),
                text(),
                text(),
                opt(),
                headers(),
                opt()
            )
                .prop_map(|(conn, method, url, version, headers, upstream)| {
                    EventKind::RequestHead {
                        conn,
                        method,
                        url,
                        version,
                        headers,
                        upstream,
                    }
                }),
            body().prop_map(|body| EventKind::RequestBody { body }),
            (any::<u16>(), opt(), headers(), any::<bool>(), opt()).prop_map(
                |(status, version, headers, synthetic, reason)| EventKind::ResponseHead {
                    status,
                    version,
                    headers,
                    synthetic,
                    reason
                }
            ),
            (body(), proptest::collection::vec(text(), 0..3))
                .prop_map(|(body, pointers)| EventKind::CardRewrite { body, pointers }),
            body().prop_map(|body| EventKind::ResponseChunk { body }),
            (
                opt(),
                proptest::option::of(headers()),
                any::<u64>(),
                any::<u64>(),
                any::<bool>(),
                opt(),
                proptest::option::of(prop_oneof![
                    Just(ConnectFailure::Refused),
                    Just(ConnectFailure::NoConnection)
                ])
            )
                .prop_map(
                    |(
                        error,
                        trailers,
                        request_bytes,
                        response_bytes,
                        truncated,
                        resent,
                        connect_failure,
                    )| {
                        EventKind::ExchangeEnd {
                            outcome: Outcome::UpstreamAbort,
                            error,
                            trailers,
                            request_bytes,
                            response_bytes,
                            truncated,
                            resent,
                            connect_failure,
                        }
                    }
                ),
            (
                proptest::option::of(any::<u64>()),
                proptest::option::of(any::<u16>()),
                text()
            )
                .prop_map(|(conn, status, error)| EventKind::RequestRefused {
                    conn,
                    status,
                    error
                }),
            (text(), any::<u64>(), any::<u64>(), any::<u64>()).prop_map(
                |(authority, bytes_up, bytes_down, duration_us)| EventKind::Tunnel {
                    authority,
                    bytes_up,
                    bytes_down,
                    duration_us
                }
            ),
            (opt(), opt()).prop_map(|(callee, caller)| EventKind::Attribution {
                callee,
                caller,
                caller_by: Some(CallerBy::UserAgent)
            }),
            (
                text(),
                text(),
                proptest::collection::vec(any::<u64>(), 0..3)
            )
                .prop_map(|(rule, message, seqs)| EventKind::Finding {
                    rule,
                    severity: "warning".into(),
                    message,
                    seqs
                }),
            (any::<u64>(), any::<u64>(), opt()).prop_map(
                |(dropped_events, dropped_bytes, reason)| EventKind::Gap {
                    dropped_events,
                    dropped_bytes,
                    reason
                }
            ),
        ]
    }

    fn event() -> impl Strategy<Value = Event> {
        (
            any::<u64>(),
            any::<u64>(),
            proptest::option::of(text()),
            proptest::option::of(text()),
            kind(),
        )
            .prop_map(|(seq, t_us, exchange, leg, kind)| Event {
                seq,
                t_us,
                exchange: exchange.map(Into::into),
                leg,
                kind,
            })
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 3000, .. ProptestConfig::default() })]

        /// Written lines: the fast path reads them (base64 bodies included) to the event.
        #[test]
        fn fast_reader_reads_written_lines(ev in event()) {
            let mut line = serde_json::to_vec(&ev).unwrap();
            line.push(b'\n');
            prop_assert_eq!(fast(&line), Some(ev));
        }

        /// Broken lines (a byte replaced, inserted or cut, possibly several): the reader
        /// accepts exactly what serde_json accepts, reads the same event, and refuses with
        /// serde_json's message.
        #[test]
        fn fast_reader_agrees_with_serde(
            ev in event(),
            edits in proptest::collection::vec((0.0f64..1.0, prop_oneof![
                Just(b'"'), Just(b'\\'), Just(b'u'), Just(b'0'), Just(b','), Just(b'}'),
                Just(b']'), Just(b' '), Just(b'\n'), Just(0xffu8), any::<u8>()
            ], 0u8..3), 0..3),
        ) {
            let mut line = serde_json::to_vec(&ev).unwrap();
            line.push(b'\n');
            for (pos, byte, op) in edits {
                let i = ((line.len() as f64) * pos) as usize;
                match op {
                    0 if i < line.len() => line[i] = byte,
                    1 => line.insert(i.min(line.len()), byte),
                    _ if i < line.len() => {
                        line.remove(i);
                    }
                    _ => {}
                }
            }
            prop_assert_eq!(via_reader(&line), via_serde(&line));
        }
    }

    #[test]
    fn bad_lines_are_errors() {
        for s in [
            r#"{"seq":1,"t_us":0}"#,
            r#"{"seq":1,"t_us":0,"type":"nope"}"#,
            r#"{"seq":1,"type":"gap","dropped_events":1,"dropped_bytes":2}"#,
            r#"{"seq":1,"t_us":0,"type":"response_head"}"#,
            r#"{"seq":"1","t_us":0,"type":"gap","dropped_events":1,"dropped_bytes":2}"#,
            r#"{"seq":1,"t_us":0,"type":"request_body","body":"%%","encoding":"base64"}"#,
            r#"{"seq":1,"t_us":0,"type":"request_body","body":"","encoding":"rot13"}"#,
            r#"[1,2]"#,
        ] {
            assert!(serde_json::from_str::<Event>(s).is_err(), "{s}");
        }
    }
}

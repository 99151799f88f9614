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
use crate::model::json::{next_string_stop, string_stops16};

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
    Bytes,
    Late,
    Other,
}

impl Field {
    /// The slot a top-level key names (`Other` for keys no kind has).
    #[inline]
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
            b"bytes" => Field::Bytes,
            b"late" => Field::Late,
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
    ResponseInterim,
    ResponseExcess,
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
    "response_interim",
    "response_excess",
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
            b"response_interim" => Kind::ResponseInterim,
            b"response_excess" => Kind::ResponseExcess,
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
    outcome: Option<Outcome>,
    error: Option<String>,
    trailers: Option<Headers>,
    request_bytes: Option<u64>,
    response_bytes: Option<u64>,
    reason: Option<String>,
    resent: Option<String>,
    connect_failure: Option<ConnectFailure>,
    /// The slots of the rarer event types, boxed when one of their keys is read.
    rare: Option<Box<RareSlots>>,
}

/// The slots only the rarer event types read (`conn_open`, `card_rewrite`, `tunnel`,
/// `finding`, `gap`, `attribution`), apart from [`Slots`]: the common line's slots are
/// built, moved and dropped without these 17 (perfv36: `Slots::into_event` was 8.7 M of the
/// 8 MB bench, ~180 instructions a line, most of it dropping the slots no type read).
#[derive(Default)]
struct RareSlots {
    peer: Option<String>,
    local: Option<String>,
    tls: Option<bool>,
    pointers: Option<Vec<String>>,
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
    callee: Option<String>,
    caller: Option<String>,
    caller_by: Option<CallerBy>,
    bytes: Option<u64>,
    late: Option<bool>,
}

/// The fast reader's error: none to word ([`fast_event`] hands a line it cannot read to
/// serde_json, which words it). A zero-sized error, so `Result<Event, NoEvent>` is laid out
/// as `Option<Event>`: no `serde_json::Error` built (an allocation and a message) for a
/// line the fast reader gives up on, and no reshaping of the event on the way out.
#[derive(Debug)]
struct NoEvent;

impl fmt::Display for NoEvent {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("not read by the fast reader")
    }
}

impl std::error::Error for NoEvent {}

impl de::Error for NoEvent {
    fn custom<T: fmt::Display>(_msg: T) -> Self {
        NoEvent
    }
}

fn need<T, E: de::Error>(v: Option<T>, name: &'static str) -> Result<T, E> {
    v.ok_or_else(|| E::missing_field(name))
}

impl Slots {
    /// The rarer types' slots, boxed on first use.
    fn rare(&mut self) -> &mut RareSlots {
        self.rare.get_or_insert_with(Box::default)
    }

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

    /// The event the slots read, the slots it uses taken out of them (by `&mut`, not by
    /// value: the ~480-byte `Slots` is not moved for it; perfv37).
    fn take_event<E: de::Error>(&mut self) -> Result<Event, E> {
        let kind = match need(self.kind, "type")? {
            Kind::ConnOpen => {
                let r = self.rare.take().map(|r| *r).unwrap_or_default();
                EventKind::ConnOpen {
                    conn: need(self.conn, "conn")?,
                    peer: need(r.peer, "peer")?,
                    local: need(r.local, "local")?,
                    tls: r.tls.unwrap_or(false),
                }
            }
            Kind::RequestHead => EventKind::RequestHead {
                conn: self.conn,
                method: need(self.method.take(), "method")?,
                url: need(self.url.take(), "url")?,
                version: self.version.take(),
                headers: self.headers.take().unwrap_or_default(),
                upstream: self.upstream.take(),
            },
            Kind::RequestBody => EventKind::RequestBody {
                body: self.take_body()?,
            },
            Kind::RequestTrailers => EventKind::RequestTrailers {
                trailers: need(self.trailers.take(), "trailers")?,
                reason: self.reason.take(),
            },
            Kind::ResponseHead => EventKind::ResponseHead {
                status: need(self.status, "status")?,
                version: self.version.take(),
                headers: self.headers.take().unwrap_or_default(),
                synthetic: self.synthetic.unwrap_or(false),
                reason: self.reason.take(),
            },
            Kind::ResponseInterim => EventKind::ResponseInterim {
                status: need(self.status, "status")?,
                version: self.version.take(),
                headers: self.headers.take().unwrap_or_default(),
            },
            Kind::ResponseExcess => {
                let r = self.rare.take().map(|r| *r).unwrap_or_default();
                EventKind::ResponseExcess {
                    bytes: need(r.bytes, "bytes")?,
                    late: r.late.unwrap_or(false),
                }
            }
            Kind::CardRewrite => {
                let r = self.rare.take().map(|r| *r).unwrap_or_default();
                EventKind::CardRewrite {
                    body: self.take_body()?,
                    pointers: r.pointers.unwrap_or_default(),
                }
            }
            Kind::CardRewriteSkipped => EventKind::CardRewriteSkipped {
                reason: need(self.reason.take(), "reason")?,
            },
            Kind::ResponseChunk => EventKind::ResponseChunk {
                body: self.take_body()?,
            },
            Kind::ExchangeEnd => EventKind::ExchangeEnd {
                outcome: need(self.outcome, "outcome")?,
                error: self.error.take(),
                trailers: self.trailers.take(),
                request_bytes: self.request_bytes.unwrap_or(0),
                response_bytes: self.response_bytes.unwrap_or(0),
                truncated: self.truncated.unwrap_or(false),
                resent: self.resent.take(),
                connect_failure: self.connect_failure,
            },
            Kind::RequestRefused => EventKind::RequestRefused {
                conn: self.conn,
                status: self.status,
                error: need(self.error.take(), "error")?,
            },
            Kind::Tunnel => {
                let r = self.rare.take().map(|r| *r).unwrap_or_default();
                EventKind::Tunnel {
                    authority: need(r.authority, "authority")?,
                    bytes_up: need(r.bytes_up, "bytes_up")?,
                    bytes_down: need(r.bytes_down, "bytes_down")?,
                    duration_us: need(r.duration_us, "duration_us")?,
                }
            }
            Kind::Finding => {
                let r = self.rare.take().map(|r| *r).unwrap_or_default();
                EventKind::Finding {
                    rule: need(r.rule, "rule")?,
                    severity: need(r.severity, "severity")?,
                    message: need(r.message, "message")?,
                    seqs: r.seqs.unwrap_or_default(),
                }
            }
            Kind::Attribution => {
                let r = self.rare.take().map(|r| *r).unwrap_or_default();
                EventKind::Attribution {
                    callee: r.callee,
                    caller: r.caller,
                    caller_by: r.caller_by,
                }
            }
            Kind::Gap => {
                let r = self.rare.take().map(|r| *r).unwrap_or_default();
                EventKind::Gap {
                    dropped_events: need(r.dropped_events, "dropped_events")?,
                    dropped_bytes: need(r.dropped_bytes, "dropped_bytes")?,
                    reason: self.reason.take(),
                }
            }
        };
        Ok(Event {
            seq: need(self.seq, "seq")?,
            t_us: need(self.t_us, "t_us")?,
            exchange: self.exchange.take(),
            leg: self.leg.take(),
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
                        Field::Peer => s.rare().peer = Some(map.next_value()?),
                        Field::Local => s.rare().local = Some(map.next_value()?),
                        Field::Tls => s.rare().tls = Some(map.next_value()?),
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
                        Field::Pointers => s.rare().pointers = Some(map.next_value()?),
                        Field::Outcome => s.outcome = Some(map.next_value()?),
                        Field::Error => s.error = map.next_value()?,
                        Field::Trailers => s.trailers = map.next_value()?,
                        Field::RequestBytes => s.request_bytes = Some(map.next_value()?),
                        Field::ResponseBytes => s.response_bytes = Some(map.next_value()?),
                        Field::Authority => s.rare().authority = Some(map.next_value()?),
                        Field::BytesUp => s.rare().bytes_up = Some(map.next_value()?),
                        Field::BytesDown => s.rare().bytes_down = Some(map.next_value()?),
                        Field::DurationUs => s.rare().duration_us = Some(map.next_value()?),
                        Field::Rule => s.rare().rule = Some(map.next_value()?),
                        Field::Severity => s.rare().severity = Some(map.next_value()?),
                        Field::Message => s.rare().message = Some(map.next_value()?),
                        Field::Seqs => s.rare().seqs = Some(map.next_value()?),
                        Field::DroppedEvents => s.rare().dropped_events = Some(map.next_value()?),
                        Field::DroppedBytes => s.rare().dropped_bytes = Some(map.next_value()?),
                        Field::Reason => s.reason = map.next_value()?,
                        Field::Callee => s.rare().callee = map.next_value()?,
                        Field::Caller => s.rare().caller = map.next_value()?,
                        Field::CallerBy => s.rare().caller_by = map.next_value()?,
                        Field::Resent => s.resent = map.next_value()?,
                        Field::ConnectFailure => s.connect_failure = map.next_value()?,
                        Field::Bytes => s.rare().bytes = Some(map.next_value()?),
                        Field::Late => s.rare().late = Some(map.next_value()?),
                        Field::Other => {
                            map.next_value::<IgnoredAny>()?;
                        }
                    }
                }
                s.take_event()
            }
        }
        d.deserialize_map(V)
    }
}

/// Reads one recording line (`{...}`, optional spaces, tabs or CRs, then its `\n`) in one pass
/// of our own: the JSON-escaped `body` string (escaped JSON inside JSON: every `"` of the body
/// is `\"`) is unescaped by one loop that tests 8 bytes at a time, and every other member is
/// read straight into its slot (no serde machinery per key). Only the strings handed out
/// are checked to be UTF-8 (perfs35: every other byte an accepted line can hold is matched
/// against ASCII: keys, `type` and enum values, numbers, `true`/`false`/`null`,
/// punctuation, whitespace), so a line with invalid UTF-8 anywhere is never read here.
///
/// `Some` only when serde_json would read the line to exactly this event; `None` whenever the
/// line is anything else or anything unusual (a key with an escape, an unknown key, a number
/// with a sign, fraction or exponent, a `\u` surrogate escape, a raw control character,
/// invalid UTF-8, a missing field, no `\n` at its end, ...): the caller then reads the line
/// with serde_json, which decides acceptance and words the error as before. Property-tested
/// against serde_json on generated and broken lines (`fast_reader_agrees_with_serde`).
pub(crate) fn fast_event(line: &[u8]) -> Option<Event> {
    fast_event_with(line, &mut RecentIds::default())
}

/// The exchange ids of the last [`RecentIds::KEPT`] lines a reader read, each shared: a
/// line naming one of them gets a clone of its [`ExchangeId`] (a reference count) instead
/// of a new allocation (an exchange's events are one after another in a recording, or
/// interleaved with a few others'). The id's text is equal either way; so is the event.
#[derive(Debug, Default)]
pub(crate) struct RecentIds {
    ids: [Option<ExchangeId>; RecentIds::KEPT],
    /// Each kept id's [`RecentIds::key`], compared before its text.
    keys: [(usize, u64); RecentIds::KEPT],
    /// The slot the next new id takes (the oldest).
    next: usize,
}

impl RecentIds {
    /// Ids kept.
    const KEPT: usize = 8;

    /// The length of `b` and its last 8 bytes (all of them, zero-padded, when shorter):
    /// equal ids have equal keys; for an id of at most 8 bytes an equal key is an equal id.
    #[inline(always)]
    fn key(b: &[u8]) -> (usize, u64) {
        let n = b.len();
        let w = match b.get(n.wrapping_sub(8)..) {
            Some(&[a, b, c, d, e, f, g, h]) => u64::from_le_bytes([a, b, c, d, e, f, g, h]),
            _ => b
                .iter()
                .enumerate()
                .fold(0, |w, (i, &c)| w | u64::from(c) << (8 * i)),
        };
        (n, w)
    }

    /// `text` as an [`ExchangeId`]: a kept one when one is equal (the newest looked at
    /// first), else a new one, kept in place of the oldest.
    #[inline]
    fn id(&mut self, text: &str) -> ExchangeId {
        let key = Self::key(text.as_bytes());
        for k in 1..=Self::KEPT {
            let slot = (self.next + Self::KEPT - k) % Self::KEPT;
            if self.keys[slot] != key {
                continue;
            }
            match &self.ids[slot] {
                Some(id) if key.0 <= 8 || **id == *text => return id.clone(),
                _ => {}
            }
        }
        let id = ExchangeId::from(text);
        self.ids[self.next] = Some(id.clone());
        self.keys[self.next] = key;
        self.next = (self.next + 1) % Self::KEPT;
        id
    }
}

/// [`fast_event`] with the ids of the lines read before (`ids`, updated): an exchange id
/// equal to one of them is shared ([`RecentIds`]).
pub(crate) fn fast_event_with(line: &[u8], ids: &mut RecentIds) -> Option<Event> {
    let mut p = Scan {
        b: line,
        i: 0,
        scratch: Vec::new(),
        ids,
    };
    let mut s = Slots::default();
    p.ws();
    p.eat(b'{')?;
    p.ws();
    if p.peek()? != b'}' {
        loop {
            let key = p.key()?;
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
                Field::Peer => s.rare().peer = Some(p.string()?),
                Field::Local => s.rare().local = Some(p.string()?),
                Field::Tls => s.rare().tls = Some(p.bool()?),
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
                Field::Pointers => s.rare().pointers = Some(p.array(Scan::string)?),
                Field::Outcome => s.outcome = Some(p.outcome()?),
                Field::Error => s.error = p.opt(Scan::string)?,
                Field::Trailers => s.trailers = p.opt(Scan::headers)?,
                Field::RequestBytes => s.request_bytes = Some(p.u64()?),
                Field::ResponseBytes => s.response_bytes = Some(p.u64()?),
                Field::Authority => s.rare().authority = Some(p.string()?),
                Field::BytesUp => s.rare().bytes_up = Some(p.u64()?),
                Field::BytesDown => s.rare().bytes_down = Some(p.u64()?),
                Field::DurationUs => s.rare().duration_us = Some(p.u64()?),
                Field::Rule => s.rare().rule = Some(p.string()?),
                Field::Severity => s.rare().severity = Some(p.string()?),
                Field::Message => s.rare().message = Some(p.string()?),
                Field::Seqs => s.rare().seqs = Some(p.array(Scan::u64)?),
                Field::DroppedEvents => s.rare().dropped_events = Some(p.u64()?),
                Field::DroppedBytes => s.rare().dropped_bytes = Some(p.u64()?),
                Field::Reason => s.reason = p.opt(Scan::string)?,
                Field::Callee => s.rare().callee = p.opt(Scan::string)?,
                Field::Caller => s.rare().caller = p.opt(Scan::string)?,
                Field::CallerBy => s.rare().caller_by = p.opt(Scan::caller_by)?,
                Field::Resent => s.resent = p.opt(Scan::string)?,
                Field::ConnectFailure => s.connect_failure = p.opt(Scan::connect_failure)?,
                Field::Bytes => s.rare().bytes = Some(p.u64()?),
                Field::Late => s.rare().late = Some(p.bool()?),
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
    s.take_event::<NoEvent>().ok()
}

/// A cursor over one line for [`fast_event`]; every method returns `None` for anything it
/// does not read exactly as serde_json would.
struct Scan<'a> {
    /// The line, not checked UTF-8 as a whole: each string handed out is.
    b: &'a [u8],
    i: usize,
    /// Unescaping space, [`WINDOW`] bytes longer than the line once the line has an escaped
    /// string or a head: each escaped string (or head) is unescaped here and copied out at
    /// its size, so a line of many escaped strings costs time linear in its length.
    scratch: Vec<u8>,
    /// The exchange ids of the lines read before ([`Scan::shared_string`]).
    ids: &'a mut RecentIds,
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

/// The bytes a string is read in at a time by [`unescape`]: 64 scanned, 16 more readable
/// (and writable in the output) for the block copies of the runs between escapes.
const WINDOW: usize = 80;

/// Which of the first 64 bytes of `w` are `"`, `\`, control characters (below 0x20) and
/// not ASCII (0x80 and up): four masks, bit `k` for byte `k`. SSE2: 16 bytes per compare
/// (every x86-64 CPU has it). The control mask is made per 16 bytes only when the window
/// holds a control character at all (one test of the four blocks' bytewise minimum): a
/// body's windows have none but the line's last (its `\n`), and the per-block masks were
/// ~16 of the window's ~150 instructions (perfv41).
#[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
#[inline]
fn masks64(w: &[u8; WINDOW]) -> (u64, u64, u64, u64) {
    use std::arch::x86_64::{
        __m128i, _mm_cmpeq_epi8, _mm_loadu_si128, _mm_min_epu8, _mm_movemask_epi8, _mm_set1_epi8,
        _mm_setzero_si128,
    };
    let (mut quote, mut backslash, mut control, mut high) = (0u64, 0u64, 0u64, 0u64);
    // SAFETY: each `chunk` is 16 readable bytes (`chunks_exact(16)`) and `_mm_loadu_si128`
    // has no alignment requirement; the other intrinsics compute on registers only; the
    // SSE2 instructions are enabled in this build (the cfg above).
    unsafe {
        let mut v = [_mm_setzero_si128(); 4];
        for (x, chunk) in v.iter_mut().zip(w.chunks_exact(16)) {
            *x = _mm_loadu_si128(chunk.as_ptr().cast());
        }
        // `min(x, 0x1f) == x` exactly for the bytes below 0x20 (unsigned): a 16-bit mask
        let below_20 = |x: __m128i| {
            _mm_movemask_epi8(_mm_cmpeq_epi8(_mm_min_epu8(x, _mm_set1_epi8(0x1f)), x)) as u32
                & 0xffff
        };
        let least = _mm_min_epu8(_mm_min_epu8(v[0], v[1]), _mm_min_epu8(v[2], v[3]));
        let any_control = below_20(least) != 0;
        for (k, &x) in v.iter().enumerate() {
            let q = _mm_movemask_epi8(_mm_cmpeq_epi8(x, _mm_set1_epi8(b'"' as i8)));
            let bs = _mm_movemask_epi8(_mm_cmpeq_epi8(x, _mm_set1_epi8(b'\\' as i8)));
            let h = _mm_movemask_epi8(x);
            let at = 16 * k;
            quote |= u64::from(q as u32 & 0xffff) << at;
            backslash |= u64::from(bs as u32 & 0xffff) << at;
            if any_control {
                control |= u64::from(below_20(x)) << at;
            }
            high |= u64::from(h as u32 & 0xffff) << at;
        }
    }
    (quote, backslash, control, high)
}

/// [`masks64`] without SSE2: 8 bytes at a time, each mask exact per byte (no borrow
/// between bytes), gathered to one bit per byte by a multiply.
#[cfg(not(all(target_arch = "x86_64", target_feature = "sse2")))]
#[inline]
fn masks64(w: &[u8; WINDOW]) -> (u64, u64, u64, u64) {
    const LOW7: u64 = 0x7f7f_7f7f_7f7f_7f7f;
    // bit 7 of a byte set exactly when the byte of `x` is zero
    let zero = |x: u64| !(((x & LOW7).wrapping_add(LOW7)) | x | LOW7);
    // bit 7 of a byte set exactly when the byte of `x` is below 0x20: no bit among 7..5
    let below_20 = |x: u64| !(((x & 0x6060_6060_6060_6060).wrapping_add(LOW7)) | x | LOW7);
    let gather = |hi: u64| (((hi >> 7).wrapping_mul(0x0102_0408_1020_4080)) >> 56) as u8;
    let (mut quote, mut backslash, mut control, mut high) = (0u64, 0u64, 0u64, 0u64);
    for (k, chunk) in w.chunks_exact(8).take(8).enumerate() {
        let mut word = [0u8; 8];
        word.copy_from_slice(chunk);
        let x = u64::from_le_bytes(word);
        let at = 8 * k;
        quote |= u64::from(gather(zero(x ^ 0x2222_2222_2222_2222))) << at;
        backslash |= u64::from(gather(zero(x ^ 0x5c5c_5c5c_5c5c_5c5c))) << at;
        control |= u64::from(gather(below_20(x))) << at;
        high |= u64::from(gather(x & 0x8080_8080_8080_8080)) << at;
    }
    (quote, backslash, control, high)
}

/// A whole JSON string literal `raw` (its quotes included, as a `RawValue` holds it)
/// unescaped into one buffer the size of `raw` ([`unescape`]), or `None` when `raw` is not
/// one string literal or holds what [`unescape`] leaves to serde_json (a `\u` surrogate
/// pair): the caller falls back to serde_json then. The transcript reader's body: serde_json
/// unescapes a string into a scratch buffer and copies it out, three times a 150 MB body's
/// size at the peak with the line itself (ux37).
pub(crate) fn string_literal(raw: &str) -> Option<String> {
    let b = raw.as_bytes();
    if b.first() != Some(&b'"') {
        return None;
    }
    let mut out = vec![0u8; b.len() + WINDOW];
    let (end, o, _) = unescape(b, 1, &mut out, 0)?;
    if end + 1 != b.len() {
        return None;
    }
    out.truncate(o);
    String::from_utf8(out).ok()
}

/// One JSON string's text from `b[p]` (just after its opening quote) into `out[o..]`: the
/// index of its closing quote and the output's new length, as [`unescape`] (same
/// requirements on `out` and `o`), not checked UTF-8 ([`Headers::with_text`] checks a
/// whole head's text at once). A string shorter than 16 bytes without escape or control
/// character (most header names and values) is one compare and one copy, one shorter than
/// 32 two of each.
#[inline]
fn string_at(b: &[u8], p: usize, out: &mut [u8], o: usize) -> Option<(usize, usize)> {
    if let Some(m) = string_stops16(b, p) {
        let k = m.trailing_zeros() as usize; // 32 when none
        if k < 16 && b[p + k] == b'"' {
            out.get_mut(o..o + 16)?.copy_from_slice(&b[p..p + 16]);
            return Some((p + k, o + k));
        }
        // 16 to 31 bytes (dates, user agents, ETags): the next 16 the same way
        if m == 0 {
            if let Some(m) = string_stops16(b, p + 16) {
                let k = 16 + m.trailing_zeros() as usize;
                if k < 32 && b[p + k] == b'"' {
                    out.get_mut(o..o + 32)?.copy_from_slice(&b[p..p + 32]);
                    return Some((p + k, o + k));
                }
            }
        }
    }
    unescape(b, p, out, o).map(|(end, o, _)| (end, o))
}

/// Copies `w[p..k]` to `ow[q..]` 16 bytes at a time (up to 15 bytes past them are written
/// too; the caller's later writes or its final length cover them); `q <= p <= k <= 64`.
#[inline(always)]
fn copy_run(w: &[u8; WINDOW], p: usize, k: usize, ow: &mut [u8; WINDOW], q: usize) {
    // `& 63` keeps the indices provably inside both arrays (no bounds check); it changes
    // nothing as `p, q < 64` here.
    let (mut s, mut d) = (p & 63, q & 63);
    loop {
        ow[d..d + 16].copy_from_slice(&w[s..s + 16]);
        s += 16;
        d += 16;
        if s >= k || s >= 64 {
            return;
        }
    }
}

/// Reads the rest of a JSON string from `b[i]` (just after its opening quote, or at any
/// later byte of it that is not itself escaped) into `out[o..]`, unescaped as serde_json
/// unescapes it: returns the index of its closing quote, the output's new length, and
/// whether every byte read was ASCII (else the caller checks the text is UTF-8).
/// `None` for a raw control character, an unknown escape, a `\u` surrogate (serde_json
/// pairs or refuses those) or a line that ends first. `out` must be at least
/// `b.len() + WINDOW` long and `o <= i` (escapes only shrink the text).
///
/// 64 bytes at a time: three compare masks (quote, backslash, control), then simdjson's
/// carry-less escape scan finds which backslashes escape the next byte. The string's end
/// is its first unescaped quote. Every escape deletes its backslash, so the runs between
/// them are moved down by one 16-byte copy each (JSON in a JSON string is full of `\"`);
/// the bytes of `\n`, `\t`, `\/`, ... are then overwritten with what they stand for, and
/// a `\u` escape ends the window and is decoded apart. A window never starts at an escaped byte
/// (an escape whose backslash is the window's last byte starts the next window), so no
/// state is carried from one window to the next.
fn unescape(b: &[u8], mut i: usize, out: &mut [u8], mut o: usize) -> Option<(usize, usize, bool)> {
    const ODD: u64 = 0xaaaa_aaaa_aaaa_aaaa;
    let mut pad = [0u8; WINDOW];
    let mut high_seen = 0u64;
    loop {
        let w: &[u8; WINDOW] = match b.get(i..i + WINDOW) {
            Some(s) => s.try_into().ok()?,
            None => {
                // The line's last bytes, then zeros: control characters, so a string not
                // closed before the line ends is refused as serde_json refuses it.
                let rest = b.get(i..)?;
                pad.fill(0);
                pad.get_mut(..rest.len())?.copy_from_slice(rest);
                &pad
            }
        };
        let ow: &mut [u8; WINDOW] = out.get_mut(o..o + WINDOW)?.try_into().ok()?;
        let (quote, bs, control, high) = masks64(w);
        // `code`: odd-length backslash runs' escapes (simdjson, json_escape_scanner)
        let code = ((bs << 1 | ODD).wrapping_sub(bs)) ^ ODD;
        let escaped = code ^ bs;
        let escape = code & bs;
        let ends = quote & !escaped;
        let before_end = (ends & ends.wrapping_neg()).wrapping_sub(1);
        if control & before_end != 0 {
            return None;
        }
        high_seen |= high & before_end;
        // Escaped bytes that are not `"` or `\`: escapes that stand for another byte. A `\u`
        // ends the window (decoded apart: it may be half a surrogate pair); the others are
        // checked here and written over their byte after the copies below.
        let other = escaped & !(quote | bs) & before_end;
        let mut hard = 64;
        let mut t = other;
        while t != 0 {
            let at = (t.trailing_zeros() & 63) as usize;
            let e = w[at];
            if e == b'u' {
                hard = at;
                break;
            }
            if UNESCAPE[usize::from(e)] == 0 {
                return None;
            }
            t &= t - 1;
        }
        let end = ends.trailing_zeros() as usize; // 64: none
        let mut stop = end.min(hard);
        if stop == 64 && escape >> 63 != 0 {
            stop = 63; // its escaped byte is the next window's: that one starts at it
        }
        let before_stop = if stop >= 64 {
            u64::MAX
        } else {
            (1u64 << stop) - 1
        };
        // Each deleted backslash: the run before it moves down by the deletions so far.
        let mut dels = escape & before_stop;
        let (mut p, mut n) = (0usize, 0usize);
        while dels != 0 {
            let k = (dels.trailing_zeros() & 63) as usize;
            let (s, d) = (p & 63, (p - n) & 63);
            ow[d..d + 16].copy_from_slice(&w[s..s + 16]);
            if k > p + 16 {
                copy_run(w, p + 16, k, ow, p - n + 16);
            }
            p = k + 1;
            n += 1;
            dels &= dels - 1;
        }
        let mut q = p - n;
        if stop > p {
            copy_run(w, p, stop, ow, q);
            q += stop - p;
        }
        // `\n`, `\t`, `\/`, ...: the byte copied in place of the escaped one (an escaped
        // byte is never the window's first, so `at >= 1`)
        let mut t = other & before_stop;
        while t != 0 {
            let at = (t.trailing_zeros() & 63) as usize;
            let deleted = (escape & ((1u64 << at) - 1)).count_ones() as usize;
            ow[at.saturating_sub(deleted) & 63] = UNESCAPE[usize::from(w[at])];
            t &= t - 1;
        }
        if stop < 64 && stop == end {
            return Some((i + stop, o + q, high_seen == 0));
        }
        if stop < 64 && stop == hard {
            // `\uXXXX`: its backslash is deleted above, its `u` is at `stop`
            let ch = char::from_u32(hex4(w.get(stop + 1..)?)?)?; // `None` for a surrogate
            let mut utf8 = [0u8; 4];
            let enc = ch.encode_utf8(&mut utf8).as_bytes();
            ow.get_mut(q..q + enc.len())?.copy_from_slice(enc);
            q += enc.len();
            p = stop + 5;
        } else {
            p = stop; // 63 or 64: no end and no `\u` in this window
        }
        i += p;
        o += q;
    }
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

    /// A member name: [`Self::raw_string`] with its first 16 bytes tested here, inline (every
    /// key of an event is shorter than 16 bytes: one compare, no call; 289k keys on the
    /// 8 MB bench).
    #[inline(always)]
    fn key(&mut self) -> Option<&'a [u8]> {
        let (b, i) = (self.b, self.i);
        if b.get(i) == Some(&b'"') {
            if let Some(m) = string_stops16(b, i + 1) {
                let k = m.trailing_zeros() as usize; // 32 when none
                if k < 16 && b.get(i + 1 + k) == Some(&b'"') {
                    self.i = i + 2 + k;
                    return b.get(i + 1..i + 1 + k);
                }
            }
        }
        self.raw_string()
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

    /// [`Self::string`] as a shared [`ExchangeId`]: one of the lines read before
    /// ([`RecentIds`]) when equal, else built from the line's bytes directly.
    fn shared_string(&mut self) -> Option<ExchangeId> {
        match self.text_or_escaped()? {
            Ok(plain) => Some(self.ids.id(plain)),
            Err(bytes) => String::from_utf8(bytes).ok().map(ExchangeId::from),
        }
    }

    /// A JSON string unescaped, as its UTF-8 bytes (the `body`: it becomes `Bytes`).
    /// Unescaped straight into the body's own buffer (sized by the rest of the line, then
    /// cut to the text: mimalloc shrinks a block in place when at least half of it is
    /// kept, which a body always is), not into the scratch space and copied out.
    fn text_bytes(&mut self) -> Option<Vec<u8>> {
        self.eat(b'"')?;
        let start = self.i;
        let b = self.b;
        let first = self.next_stop(start)?;
        if b[first] == b'"' {
            self.i = first + 1;
            return Some(
                std::str::from_utf8(&b[start..first])
                    .ok()?
                    .as_bytes()
                    .to_vec(),
            );
        }
        let mut out = vec![0u8; b.len() - start + WINDOW];
        let (end, o, ascii) = unescape(b, start, &mut out, 0)?;
        out.truncate(o);
        // Only ASCII: UTF-8. Else check (see `text_or_escaped`).
        if !ascii {
            std::str::from_utf8(&out).ok()?;
        }
        out.shrink_to_fit();
        self.i = end + 1;
        Some(out)
    }

    /// A JSON string: `Ok` borrowed from the line when it has no escape, `Err` the unescaped
    /// bytes when it has; UTF-8 either way (checked here: the line is not checked whole).
    /// `None` for a raw control character, an unknown escape, a `\u` surrogate (serde_json
    /// pairs or refuses those), invalid UTF-8 or a missing closing quote.
    fn text_or_escaped(&mut self) -> Option<Result<&'a str, Vec<u8>>> {
        self.eat(b'"')?;
        let start = self.i;
        let first = self.next_stop(start)?;
        let b = self.b;
        if b[first] == b'"' {
            self.i = first + 1;
            return Some(Ok(std::str::from_utf8(&b[start..first]).ok()?));
        }
        let mut out = self.take_scratch();
        // from the string's start: `unescape` sees every byte, so it can tell whether any
        // is not ASCII
        let text = unescape(b, start, &mut out, 0).and_then(|(end, o, ascii)| {
            let text = out.get(..o)?;
            // Only ASCII: UTF-8. Else check: the plain runs are the line's bytes (the
            // escapes are ASCII, or chars `char::encode_utf8` wrote).
            if !ascii {
                std::str::from_utf8(text).ok()?;
            }
            self.i = end + 1;
            Some(text.to_vec())
        });
        self.scratch = out;
        Some(Err(text?))
    }

    /// The unescaping space ([`Self::scratch`]) at least [`WINDOW`] bytes longer than the
    /// line, taken out of `self` (put it back when done).
    #[inline]
    fn take_scratch(&mut self) -> Vec<u8> {
        let want = self.b.len() + WINDOW;
        if self.scratch.len() < want {
            self.scratch.resize(want, 0);
        }
        std::mem::take(&mut self.scratch)
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
    /// [`Headers`] buffer (no `String` per name or value: perfh34). The list as the writer
    /// writes it (no whitespace) is read in one pass ([`Self::compact_headers`]); any other
    /// spelling here, pair by pair.
    fn headers(&mut self) -> Option<Headers> {
        let at = self.i;
        if let Some(h) = self.compact_headers() {
            return Some(h);
        }
        self.i = at;
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

    /// `[["name","value"],...]` without whitespace, the writer's spelling, in one pass
    /// (perfs35): every name and value is unescaped into the scratch buffer back to back
    /// (a name or value shorter than 16 bytes without escape is one 16-byte compare and one
    /// 16-byte copy), its ends recorded, and the text checked UTF-8 and copied out once for
    /// the whole head. `None` for anything else (whitespace between tokens, a pair of
    /// other than two strings, ...): [`Self::headers`] then reads the list pair by pair.
    fn compact_headers(&mut self) -> Option<Headers> {
        let b = self.b;
        let mut p = self.i;
        match b.get(p..p + 3)? {
            [b'[', b'[', b'"'] => p += 3,
            [b'[', b']', _] => {
                self.i = p + 2;
                return Some(Headers::new());
            }
            _ => return None,
        }
        // The head's own text buffer: the rest of the line bounds it (then cut to the text,
        // in place, as a body's).
        let mut out = vec![0u8; b.len() - self.i + WINDOW];
        let mut h = Headers::with_capacity(16, 0);
        let mut o = 0;
        let read = loop {
            let Some((q, name_end)) = string_at(b, p, &mut out, o) else {
                break None;
            };
            if b.get(q + 1..q + 3) != Some(b",\"") {
                break None;
            }
            let Some((q, value_end)) = string_at(b, q + 3, &mut out, name_end) else {
                break None;
            };
            h.push_ends(name_end, value_end);
            o = value_end;
            match b.get(q + 1..q + 3) {
                Some(b"],") if b.get(q + 3..q + 5) == Some(b"[\"") => p = q + 5,
                Some(b"]]") => break Some(q + 3),
                _ => break None,
            }
        };
        let end = read?;
        out.truncate(o);
        out.shrink_to_fit();
        let h = h.with_text(out)?;
        self.i = end;
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
            base(EventKind::ResponseInterim {
                status: 103,
                version: Some("HTTP/1.1".into()),
                headers: Headers::from_pairs([("Link", "</style.css>; rel=preload; as=style")]),
            }),
            base(EventKind::ResponseExcess {
                bytes: 6,
                late: false,
            }),
            base(EventKind::ResponseExcess {
                bytes: 7,
                late: true,
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
            | EventKind::ResponseInterim { .. }
            | EventKind::ResponseExcess { .. }
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

    /// Lines of interleaved exchanges read with one [`RecentIds`] (as a reader does): each
    /// event's id is its line's text; an id among the last [`RecentIds::KEPT`] distinct
    /// ones is the kept id itself (shared), an older one a new id of equal text; an id
    /// with an escape is read as serde_json reads it.
    #[test]
    fn exchange_ids_of_recent_lines_are_shared() {
        let line = |x: &str| {
            format!(r#"{{"seq":1,"t_us":2,"exchange":"{x}","type":"response_chunk","body":"b"}}"#)
                + "\n"
        };
        let mut ids = RecentIds::default();
        let mut read = |x: &str| -> ExchangeId {
            let l = line(x);
            let ev = fast_event_with(l.as_bytes(), &mut ids).expect("fast path");
            assert_eq!(ev, via_serde(l.as_bytes()).unwrap(), "{l}");
            ev.exchange.expect("an exchange id")
        };
        let first = read("e1");
        let again = read("e1");
        assert!(ExchangeId::ptr_eq(&first, &again));
        // 8 distinct ids interleaved: each read again shares its first reading
        let names: Vec<String> = (1..=8).map(|i| format!("e{i}")).collect();
        let mut held: Vec<ExchangeId> = names.iter().map(|n| read(n)).collect();
        assert!(ExchangeId::ptr_eq(&held[0], &first));
        for round in 0..3 {
            for (n, h) in names.iter().zip(&held).rev() {
                let id = read(n);
                assert_eq!(&*id, n.as_str());
                assert!(ExchangeId::ptr_eq(&id, h), "round {round} {n}");
            }
        }
        // a ninth id takes the place of the first kept (e1; reading a kept id again does
        // not move it): e1's next reading is a new id of the same text, e8 still shared
        let ninth = read("e9");
        assert_eq!(&*ninth, "e9");
        let e1 = read("e1");
        assert_eq!(&*e1, "e1");
        assert!(!ExchangeId::ptr_eq(&e1, &held[0]));
        assert!(ExchangeId::ptr_eq(&read("e8"), &held[7]));
        held[0] = e1;
        assert!(ExchangeId::ptr_eq(&read("e1"), &held[0]));
        // one that differs only in length, first or last byte is not taken for a kept
        // one; ids longer than 8 bytes that end alike are told apart by their text
        for other in [
            "e",
            "e11",
            "e0",
            "f1",
            "",
            "x-e1234567",
            "y-e1234567",
            "x-e1234567",
        ] {
            let id = read(other);
            assert_eq!(&*id, other);
        }
        let long = read("x-e1234567");
        assert!(ExchangeId::ptr_eq(&long, &read("x-e1234567")));
        assert_eq!(&*read("y-e1234567"), "y-e1234567");
        assert!(!ExchangeId::ptr_eq(&long, &read("y-e1234567")));
        // an escaped id: unescaped, equal to serde_json's reading
        let l = line(r#"e\u0031\"x"#);
        let ev = fast_event_with(l.as_bytes(), &mut ids);
        let serde = via_serde(l.as_bytes()).unwrap();
        if let Some(ev) = ev {
            assert_eq!(ev, serde);
        }
        assert_eq!(serde.exchange.as_deref(), Some("e1\"x"));
    }

    /// Escapes at every offset of a 16-byte block and across its end, one after another
    /// and a few bytes apart (a JSON body's `\"`s), near the line's end too: the fast
    /// reader takes each line and reads the body serde_json reads.
    #[test]
    fn escapes_at_every_block_offset_read_as_serde_does() {
        let escapes = [r#"\""#, r#"\\"#, r#"\n"#, r#"\/"#, r#"\u00e9"#, r#"\u20AC"#];
        let (leads, escapes, gaps, tails, rests): (usize, &[&str], &[usize], &[usize], &[&str]) =
            if cfg!(miri) {
                // Miri (the SSE2 loads checked for UB; serde_json there takes ~0.5 s a
                // line): the first escape still at every offset of a 16-byte block, a
                // two-byte and a `\u` escape, gaps to the block's end and past it.
                (16, &[escapes[0], escapes[5]], &[0, 15, 16], &[0, 7], &[""])
            } else {
                (
                    40,
                    &escapes,
                    &[0, 1, 2, 5, 13, 14, 15, 16, 17, 31],
                    &[0, 1, 7, 20],
                    &["", r#","truncated":true"#],
                )
            };
        for lead in 0..leads {
            for &e in escapes {
                for &gap in gaps {
                    for &tail in tails {
                        for &rest in rests {
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

    /// A `response_chunk` line whose body is the raw JSON string text `body` (escapes as
    /// written), then `rest` before the object closes.
    fn body_line(body: &[u8], rest: &str) -> Vec<u8> {
        let mut l =
            br#"{"seq":1,"t_us":2,"exchange":"e1","type":"response_chunk","body":""#.to_vec();
        l.extend_from_slice(body);
        l.extend_from_slice(b"\"");
        l.extend_from_slice(rest.as_bytes());
        l.extend_from_slice(b"}\n");
        l
    }

    /// The 64-byte windows of `unescape` (perfs35): runs of 1-6 backslashes before `"`, `\`,
    /// `n`, `u00e9`, a surrogate pair, `/`, a bad escape, a raw control byte and invalid
    /// UTF-8, at every offset from 0 to 150 (both sides of each window's 63rd/64th byte,
    /// the 80-byte read, and the padded last window near the line's end), with short and
    /// long plain runs after them: the reader reads what serde_json reads (or refuses as
    /// it does), and takes the fast path on every line serde_json accepts without a
    /// surrogate escape. (A window starts at a string's first escape: with an escape
    /// before the run, the run's backslashes also fall on each window's last bytes.)
    #[test]
    fn escape_runs_at_every_window_offset_read_as_serde_does() {
        let after: &[&[u8]] = &[
            b"\"",
            b"\\",
            b"n",
            b"u00e9",
            b"ud83d\\ude00",
            b"/",
            b"x",
            b"\x01",
            b"\xff",
            b"\xc3\xa9",
        ];
        for lead in 0..150 {
            for run in 1..=6 {
                for a in after {
                    for (tail, first) in [(0usize, ""), (3, r#"\""#), (17, ""), (70, r#"\n"#)] {
                        // `first`: an escape before the run, so that the first window
                        // starts there (it starts at the string's first escape)
                        let mut body = first.as_bytes().to_vec();
                        body.extend(b"a".repeat(lead));
                        body.extend(std::iter::repeat_n(b'\\', run));
                        body.extend_from_slice(a);
                        body.extend(b"b".repeat(tail));
                        for rest in ["", r#","truncated":true"#] {
                            let line = body_line(&body, rest);
                            let want = via_serde(&line);
                            assert_eq!(
                                via_reader(&line),
                                want,
                                "{}",
                                String::from_utf8_lossy(&line)
                            );
                            if want.is_ok() && !a.starts_with(b"ud8") {
                                assert_eq!(
                                    fast(&line).ok_or(()),
                                    want.map_err(|_| ()),
                                    "{}",
                                    String::from_utf8_lossy(&line)
                                );
                            }
                        }
                    }
                }
            }
        }
    }

    /// Every line cut short at every byte (a torn write) and every byte of a line replaced
    /// by a quote, a backslash or a control byte: the reader agrees with serde_json on
    /// lines with escaped bodies and headers (perfs35's one-pass readers).
    #[test]
    fn cut_and_damaged_lines_read_as_serde_does() {
        let lines = [
            r#"{"seq":3,"t_us":10886,"exchange":"e1","type":"response_head","status":200,"version":"HTTP/1.1","headers":[["date","Mon, 30 Nov 2026 05:12:24 GMT"],["server","uvicorn"],["etag","W/\"ffd092a016ce48ca55a9b7f774f255abb611f4a698d3b8d7bfd3ca1c7c5038df\""],["content-length","1712"],["content-type","application/json"]]}"#.to_string() + "\n",
            body_line(br#"{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{\"kind\":\"task\",\"id\":\"3f1c\",\"status\":{\"state\":\"completed\"},\"artifacts\":[{\"parts\":[{\"kind\":\"text\",\"text\":\"echo: hello\\n\\u00e9\"}]}]}}"#, r#","truncated":false"#).iter().map(|&c| c as char).collect(),
        ];
        for line in lines {
            let l = line.as_bytes();
            assert!(fast(l).is_some(), "{line}");
            for cut in 0..l.len() {
                let mut c = l[..cut].to_vec();
                c.push(b'\n');
                assert_eq!(
                    via_reader(&c),
                    via_serde(&c),
                    "{}",
                    String::from_utf8_lossy(&c)
                );
            }
            for at in 0..l.len() - 1 {
                for byte in [b'"', b'\\', 0x01, b' ', b'[', b']', b',', 0xff] {
                    let mut c = l.to_vec();
                    c[at] = byte;
                    assert_eq!(
                        via_reader(&c),
                        via_serde(&c),
                        "{}",
                        String::from_utf8_lossy(&c)
                    );
                }
            }
        }
    }

    /// Head lists in the writer's spelling and others: escapes at every offset of names
    /// and values (one-pass reader) and whitespace, empty lists, lists of other shapes
    /// (the pair-by-pair reader): same event as serde_json, or the same refusal.
    #[test]
    fn header_lists_read_as_serde_does() {
        let mut lists: Vec<String> = vec![
            "[]".into(),
            "[ ]".into(),
            r#"[["a","b"]]"#.into(),
            r#"[["",""]]"#.into(),
            r#"[["a","b"], ["c","d"]]"#.into(),
            r#"[ ["a","b"],["c","d"]]"#.into(),
            r#"[["a" ,"b"]]"#.into(),
            r#"[["a","b"],]"#.into(),
            r#"[["a","b"]"#.into(),
            r#"[["a"]]"#.into(),
            r#"[["a","b","c"]]"#.into(),
            r#"[["a",1]]"#.into(),
            r#"[[1,"a"]]"#.into(),
            r#"[["a","b"]["c","d"]]"#.into(),
            r#"[["\u00e9t\u00e9","\ud83d\ude00"]]"#.into(),
            r#"[["x","a\u0000b"]]"#.into(),
            "[[\"x\",\"tab\there\"]]".into(),
        ];
        // Miri (fuzz37): escapes at every offset of a 16-byte block, three kinds.
        let (leads, escapes): (usize, &[&str]) = if cfg!(miri) {
            (16, &[r#"\""#, r#"\u20AC"#, "é"])
        } else {
            (40, &[r#"\""#, r#"\\"#, r#"\n"#, r#"\u20AC"#, "é"])
        };
        for lead in 0..leads {
            for &e in escapes {
                let v = format!("{}{e}{}", "v".repeat(lead), "w".repeat(lead % 7));
                lists.push(format!(
                    r#"[["n{e}","{v}"],["{v}",""],["Content-Type","{v}"]]"#
                ));
            }
        }
        for list in lists {
            for rest in ["", r#","synthetic":true"#] {
                let line = format!(
                    r#"{{"seq":1,"t_us":2,"exchange":"e1","type":"response_head","status":204,"headers":{list}{rest}}}"#
                ) + "\n";
                let l = line.as_bytes();
                let want = via_serde(l);
                assert_eq!(via_reader(l), want, "{line}");
                if want.is_ok() && !list.contains(' ') && !list.contains("ud83d") {
                    assert_eq!(fast(l).ok_or(()), want.map_err(|_| ()), "{line}");
                }
            }
        }
    }

    /// Invalid UTF-8 (a lone continuation byte, a cut 2- and 3-byte sequence, an overlong
    /// `/`) in every string a line can carry, plain and next to an escape: never read by
    /// the fast path, and refused as serde_json refuses it.
    #[test]
    fn invalid_utf8_in_every_field_is_refused_as_serde_does() {
        for ev in all_kinds() {
            let line = serde_json::to_vec(&ev).unwrap();
            // the first byte of every string of the line (keys too): after each opening quote
            let mut opens = Vec::new();
            let (mut in_string, mut k) = (false, 0);
            while k < line.len() {
                match line[k] {
                    b'\\' if in_string => k += 1,
                    b'"' => {
                        in_string = !in_string;
                        if in_string {
                            opens.push(k + 1);
                        }
                    }
                    _ => {}
                }
                k += 1;
            }
            assert!(opens.len() > 6, "{opens:?}");
            for p in opens {
                for bad in [
                    &b"\x80"[..],
                    b"\xe6\x97",
                    b"\xc3",
                    b"\xc0\xaf",
                    b"\\\"\xff",
                    b"\xff\\n",
                ] {
                    let mut l = line[..p].to_vec();
                    l.extend_from_slice(bad);
                    l.extend_from_slice(&line[p..]);
                    l.push(b'\n');
                    let shown = String::from_utf8_lossy(&l).into_owned();
                    assert_eq!(fast(&l), None, "{shown}");
                    assert_eq!(via_reader(&l), via_serde(&l), "{shown}");
                    assert!(via_serde(&l).is_err(), "{shown}");
                }
            }
        }
    }

    /// Every line of the native reader's fuzz corpus (`fuzz/corpus/native_recording`: the
    /// inputs cargo-fuzz kept, damaged lines of every kind): the reader reads what
    /// serde_json reads, or refuses with its words.
    #[test]
    fn fuzz_corpus_lines_read_as_serde_does() {
        let dir =
            std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("fuzz/corpus/native_recording");
        let mut lines = 0;
        for entry in std::fs::read_dir(dir).unwrap() {
            let data = std::fs::read(entry.unwrap().path()).unwrap();
            for line in data.split_inclusive(|&c| c == b'\n') {
                let shown = String::from_utf8_lossy(line).into_owned();
                assert_eq!(via_reader(line), via_serde(line), "{shown}");
                lines += 1;
            }
        }
        assert!(lines > 10_000, "{lines}");
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

        /// Raw string text of escapes, backslash runs, quotes, control and non-ASCII bytes
        /// and plain runs of 0-90 bytes (across the 64-byte windows), as a body and as a
        /// header name and value: the reader reads what serde_json reads, or refuses the
        /// same way (perfs35).
        #[test]
        fn raw_escaped_strings_read_as_serde_does(
            pieces in proptest::collection::vec(prop_oneof![
                Just(&b"\\\""[..]), Just(&b"\\\\"[..]), Just(&b"\\n"[..]),
                Just(&b"\\u00e9"[..]), Just(&b"\\/"[..]), Just(&b"\\"[..]), Just(&b"\""[..]),
                Just(&b"\\ud83d\\ude00"[..]), Just(&b"\\ud83d"[..]), Just(&b"\x01"[..]),
                Just(&b"\xc3\xa9"[..]), Just(&b"\xe6\x97"[..]), Just(&b"\\x"[..]),
            ], 0..12),
            runs in proptest::collection::vec(0usize..90, 12),
            rest in prop_oneof![Just(""), Just(r#","truncated":true"#)],
        ) {
            let mut raw = Vec::new();
            for (k, piece) in pieces.iter().enumerate() {
                raw.extend(b"x".repeat(runs[k]));
                raw.extend_from_slice(piece);
            }
            raw.extend(b"y".repeat(runs[11] % 20));
            let line = body_line(&raw, rest);
            prop_assert_eq!(via_reader(&line), via_serde(&line));
            let mut head = br#"{"seq":1,"t_us":2,"exchange":"e1","type":"response_head","status":200,"headers":[["a","b"],[""#.to_vec();
            head.extend_from_slice(&raw);
            head.extend_from_slice(b"\",\"");
            head.extend_from_slice(&raw);
            head.extend_from_slice(b"\"]]}\n");
            prop_assert_eq!(via_reader(&head), via_serde(&head));
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

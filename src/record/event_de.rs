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

use super::event::{Body, CallerBy, Event, EventKind, Headers, Outcome};

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
    Other,
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
                Ok(match s {
                    "seq" => Field::Seq,
                    "t_us" => Field::TUs,
                    "exchange" => Field::Exchange,
                    "leg" => Field::Leg,
                    "type" => Field::Type,
                    "conn" => Field::Conn,
                    "peer" => Field::Peer,
                    "local" => Field::Local,
                    "tls" => Field::Tls,
                    "method" => Field::Method,
                    "url" => Field::Url,
                    "version" => Field::Version,
                    "headers" => Field::Headers,
                    "upstream" => Field::Upstream,
                    "body" => Field::Body,
                    "encoding" => Field::Encoding,
                    "truncated" => Field::Truncated,
                    "status" => Field::Status,
                    "synthetic" => Field::Synthetic,
                    "pointers" => Field::Pointers,
                    "outcome" => Field::Outcome,
                    "error" => Field::Error,
                    "trailers" => Field::Trailers,
                    "request_bytes" => Field::RequestBytes,
                    "response_bytes" => Field::ResponseBytes,
                    "authority" => Field::Authority,
                    "bytes_up" => Field::BytesUp,
                    "bytes_down" => Field::BytesDown,
                    "duration_us" => Field::DurationUs,
                    "rule" => Field::Rule,
                    "severity" => Field::Severity,
                    "message" => Field::Message,
                    "seqs" => Field::Seqs,
                    "dropped_events" => Field::DroppedEvents,
                    "dropped_bytes" => Field::DroppedBytes,
                    "reason" => Field::Reason,
                    "callee" => Field::Callee,
                    "caller" => Field::Caller,
                    "caller_by" => Field::CallerBy,
                    _ => Field::Other,
                })
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
    ResponseHead,
    CardRewrite,
    CardRewriteSkipped,
    ResponseChunk,
    ExchangeEnd,
    Tunnel,
    Attribution,
    Finding,
    Gap,
}

const KINDS: &[&str] = &[
    "conn_open",
    "request_head",
    "request_body",
    "response_head",
    "card_rewrite",
    "card_rewrite_skipped",
    "response_chunk",
    "exchange_end",
    "tunnel",
    "attribution",
    "finding",
    "gap",
];

impl<'de> Deserialize<'de> for Kind {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl Visitor<'_> for V {
            type Value = Kind;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("an event type")
            }
            fn visit_str<E: de::Error>(self, s: &str) -> Result<Kind, E> {
                Ok(match s {
                    "conn_open" => Kind::ConnOpen,
                    "request_head" => Kind::RequestHead,
                    "request_body" => Kind::RequestBody,
                    "response_head" => Kind::ResponseHead,
                    "card_rewrite" => Kind::CardRewrite,
                    "card_rewrite_skipped" => Kind::CardRewriteSkipped,
                    "response_chunk" => Kind::ResponseChunk,
                    "exchange_end" => Kind::ExchangeEnd,
                    "tunnel" => Kind::Tunnel,
                    "attribution" => Kind::Attribution,
                    "finding" => Kind::Finding,
                    "gap" => Kind::Gap,
                    other => return Err(E::unknown_variant(other, KINDS)),
                })
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
    exchange: Option<String>,
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
    body: Option<String>,
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
                    .decode(text.as_bytes())
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
            Kind::ResponseHead => EventKind::ResponseHead {
                status: need(self.status, "status")?,
                version: self.version,
                headers: self.headers.unwrap_or_default(),
                synthetic: self.synthetic.unwrap_or(false),
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
                        Field::Exchange => s.exchange = map.next_value()?,
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
                        Field::Body => s.body = Some(map.next_value()?),
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
        let h = Headers(vec![
            ("Content-Type".into(), "text/event-stream".into()),
            ("X-A".into(), "1".into()),
        ]);
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
            base(EventKind::ResponseHead {
                status: 200,
                version: None,
                headers: h.clone(),
                synthetic: true,
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
            | EventKind::ResponseHead { .. }
            | EventKind::CardRewrite { .. }
            | EventKind::CardRewriteSkipped { .. }
            | EventKind::ResponseChunk { .. }
            | EventKind::ExchangeEnd { .. }
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

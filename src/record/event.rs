/*!
The `Event`: the one contract between the wire and everything downstream.

Every producer (the proxy tee, the prober's client tee, the transcript / HAR importers)
turns traffic into a sequence of [`Event`]s; every consumer (the JSONL recorder, the
verifier, the HAR exporter, the repro cutter) reads only these. One `Event` is one line of
the native recording (`docs/recording-format.md`, format [`FORMAT_VERSION`]).

Event order inside one exchange (a request plus its response, mitmproxy's "flow"):

```text
conn_open? ─► request_head ─► request_body* ─► response_head? ─► (card_rewrite | card_rewrite_skipped)? ─► response_chunk* ─► exchange_end
```

Exactly one `exchange_end` closes every exchange that had a `request_head`, whatever
happened (complete, client abort, upstream abort, upstream error). Events of different
exchanges interleave freely; `seq` gives file order, `t_us` the monotonic capture time.
*/

use std::fmt;

use base64::Engine as _;
use bytes::Bytes;
use serde::de::{self, MapAccess, Visitor};
use serde::ser::SerializeMap;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// Version of the native recording format written by this build (`"format": 1` in the
/// header line). Readers refuse newer formats and migrate older ones step by step.
pub const FORMAT_VERSION: u32 = 1;

/// Default capture cap per exchange and direction, in bytes (16 MiB). Bytes past the cap are
/// still forwarded but not recorded; the recorded body is marked `truncated`.
pub const DEFAULT_CAPTURE_CAP: usize = 16 * 1024 * 1024;

/// First line of a native recording: `{"type":"recording","format":1,...}`.
///
/// Tells a reader what produced the file and how the traffic was captured, which the
/// verifier needs to judge card URLs (the client-facing address vs each route's upstream).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct RecordingHeader {
    /// Always `"recording"`.
    #[serde(rename = "type")]
    pub kind: String,
    /// Format version, [`FORMAT_VERSION`] when written by this build.
    pub format: u32,
    /// Tool that wrote the file.
    pub tool: ToolInfo,
    /// Wall-clock start, RFC 3339 (UTC). `t_us` of every event counts from here.
    pub started_at: String,
    /// How the traffic was captured.
    pub mode: CaptureMode,
    /// Client-facing listen addresses (`host:port`), one per leg, when a proxy captured.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub listen: Vec<String>,
    /// Reverse-proxy routes: path prefix to upstream base URL.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub routes: Vec<Route>,
    /// Whether secrets were redacted on write (false only with `--no-redact`).
    #[serde(default = "default_true")]
    pub redacted: bool,
    /// Whether each `response_chunk`'s `t_us` is the time its bytes arrived. `false` when the
    /// source kept no per-chunk arrival times: a HAR entry holds its whole response body as one
    /// text (stamped at the entry's end), a transcript `chunk` line without `t` is placed 1 ms
    /// after the line before it. Verdicts that compare arrival times (GW-SSE-001) are then not
    /// judged. Default `true`; serialised only when `false`.
    #[serde(default = "default_true", skip_serializing_if = "is_true")]
    pub chunk_times: bool,
    /// `proxy --rewrite-card --public-url URL`: the public base URL (scheme, host, port,
    /// path prefix; `https://agents.example.com/x`) the proxy rewrote Agent Card URLs to,
    /// where clients reach the agent through a front (CARD-005). The verifier takes a card
    /// URL at that origin as the front's, not as a way around it (CARD-URL-009). Added
    /// within format 1 in session 18: older builds ignore it. Serialised as `publicUrl`,
    /// only when set.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub public_url: Option<String>,
    /// `repro` wrote this file: a cut of another recording that keeps its `seq`s (so a
    /// finding's `#seq` stays the same), which therefore jump where events were left out.
    /// Readers do not report those jumps as events missing (ux20 N5); lines moved,
    /// repeated or duplicated still are. Added within format 1 in session 20: older builds
    /// ignore it. Serialised as `cut`, only when true.
    #[serde(default, skip_serializing_if = "is_false")]
    pub cut: bool,
    /// The command whose own requests the recording holds, `probe` or `interop`, when a
    /// run of it recorded its traffic through its in-process recording proxy (which
    /// rewrites every Agent Card to itself, as `proxy --rewrite-card` does); `None` for
    /// `proxy` (a client's traffic), transcripts and HAR files. Findings about the card
    /// rewrite are worded after it (CARD-URL-005, CARD-URL-009: no `--rewrite-card` the user
    /// never gave; newcomer25 N11). Added within format 1 in session 26: older builds ignore
    /// it. Serialised as `driver`, only when set.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub driver: Option<String>,
}

fn is_true(b: &bool) -> bool {
    *b
}

fn default_true() -> bool {
    true
}

impl RecordingHeader {
    /// A header for a recording started now by this build.
    pub fn new(mode: CaptureMode) -> Self {
        RecordingHeader {
            kind: "recording".into(),
            format: FORMAT_VERSION,
            tool: ToolInfo::this(),
            started_at: chrono::Utc::now().to_rfc3339_opts(chrono::SecondsFormat::Millis, true),
            mode,
            listen: Vec::new(),
            routes: Vec::new(),
            redacted: true,
            chunk_times: true,
            public_url: None,
            cut: false,
            driver: None,
        }
    }
}

/// Name and version of the program that wrote a recording or report.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ToolInfo {
    pub name: String,
    pub version: String,
}

impl ToolInfo {
    /// This build: `a2a-interop` and the crate version.
    pub fn this() -> Self {
        ToolInfo {
            name: env!("CARGO_PKG_NAME").into(),
            version: env!("CARGO_PKG_VERSION").into(),
        }
    }
}

/// How traffic reached the recording.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CaptureMode {
    /// Reverse proxy in front of one or more agents (`--upstream` / `--route`).
    Reverse,
    /// Forward proxy (`HTTP_PROXY` / `HTTPS_PROXY`, absolute-form and CONNECT).
    Forward,
    /// The active prober's own traffic.
    Probe,
    /// Converted from a transcript (`docs/transcript-format.md`).
    Transcript,
    /// Converted from a HAR 1.2 file.
    Har,
}

/// One reverse-proxy route: requests whose path starts with `prefix` go to `upstream`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Route {
    /// Path prefix on the client-facing side, `/` for the default route.
    pub prefix: String,
    /// Upstream base URL (scheme, authority, optional base path).
    pub upstream: String,
    /// Leg name when several legs are recorded at once (gateway verification).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub leg: Option<String>,
}

/// Whether `leg` names a webhook leg: the agent's push notifications (PUSH-004) to a
/// receiver, recorded by a listener in front of it: `probe` and `demo`'s `agent->webhook`,
/// `interop`'s `A->webhook` / `B->webhook`, or a `proxy --listener webhook@ADDR=URL` (a
/// name that is `webhook` or ends with it, ASCII case ignored). Such a leg is no gateway's
/// upstream side: its requests go from the agent to the webhook (newcomer48: the demo's
/// report listed a `gateway` area and drew its deliveries as `gateway ->> agent`).
pub fn is_webhook_leg(leg: &str) -> bool {
    let l = leg.as_bytes();
    l.len() >= 7 && l[l.len() - 7..].eq_ignore_ascii_case(b"webhook")
}

/// Exchange identifier, `e1`, `e2`, ... unique within one recording. Shared, not copied:
/// the proxy puts its exchange's id into each of the 4-5 events of the exchange (a
/// reference count each instead of a `String` copy; docs/performance.md, session 24).
pub type ExchangeId = std::sync::Arc<str>;

/// Serialises an optional [`ExchangeId`] as its text (serde's own `Arc` impls need its
/// `rc` feature).
fn ser_exchange<S: Serializer>(x: &Option<ExchangeId>, s: S) -> Result<S::Ok, S::Error> {
    match x {
        Some(x) => s.serialize_some(&**x),
        None => s.serialize_none(),
    }
}

/// One recorded happening: one line of the native recording after the header.
///
/// `Deserialize` is hand-written in `event_de.rs` (one pass, no `flatten` buffering).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Event {
    /// Position in the recording, from 1, strictly increasing in file order.
    pub seq: u64,
    /// Capture time in µs since [`RecordingHeader::started_at`], from a monotonic clock.
    pub t_us: u64,
    /// The exchange this event belongs to; absent for `conn_open`, `gap`, `finding`.
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        serialize_with = "ser_exchange"
    )]
    pub exchange: Option<ExchangeId>,
    /// Which hop: absent = the client-facing hop; `upstream` = behind a gateway; or a
    /// `--leg` name.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub leg: Option<String>,
    /// What happened.
    #[serde(flatten)]
    pub kind: EventKind,
}

/// What an [`Event`] records. Serialized with the tag `"type"` in snake_case.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum EventKind {
    /// A client connection was accepted.
    ConnOpen {
        /// Connection number, unique within the recording.
        conn: u64,
        /// Client address `ip:port`.
        peer: String,
        /// Local (listener) address `ip:port`.
        local: String,
        /// TLS on the client side.
        #[serde(default, skip_serializing_if = "is_false")]
        tls: bool,
    },
    /// A request head as the client sent it.
    RequestHead {
        /// Connection the request arrived on, when known.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        conn: Option<u64>,
        /// HTTP method.
        method: String,
        /// Absolute URL as the client addressed it (scheme, `Host`/authority, path, query),
        /// or a bare path when the authority is unknown (some transcripts).
        url: String,
        /// HTTP version, `HTTP/1.1` or `HTTP/2.0`.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        version: Option<String>,
        /// Header fields in wire order, names as sent.
        #[serde(default)]
        headers: Headers,
        /// URL the proxy forwarded the request to (reverse mode: route upstream + path).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        upstream: Option<String>,
    },
    /// One frame of the request body (a transcript `req` carries its whole body in one).
    RequestBody {
        #[serde(flatten)]
        body: Body,
    },
    /// The trailer section of a chunked (HTTP/1.1) or HTTP/2 request body, as the client
    /// sent it (RFC 9110 §6.5), after the request's last `request_body` event; redacted like
    /// headers. Added in session 14 (format 1, additive; breaker16b T15).
    RequestTrailers {
        /// Trailer fields in wire order, names as the proxy's HTTP library gives them
        /// (lowercase).
        trailers: Headers,
        /// Which of them did not reach the agent and why, one lowercase line, e.g.
        /// `not forwarded to the agent: authorization (a field RFC 9110 §6.5.1 does not
        /// allow in trailers; HTTP/1.1 sends no such trailer)`; absent when all were sent.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        reason: Option<String>,
    },
    /// A response head as the agent (or the proxy itself, for a 502) sent it.
    ResponseHead {
        status: u16,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        version: Option<String>,
        #[serde(default)]
        headers: Headers,
        /// The proxy generated this response (upstream unreachable): not the agent's.
        #[serde(default, skip_serializing_if = "is_false")]
        synthetic: bool,
        /// The reason phrase of the agent's HTTP/1.x status line when it is not the status
        /// code's canonical one (RFC 9112 §4, RFC 9110 §15: `HTTP/1.1 404 Nope` → `Nope`,
        /// `HTTP/1.1 200 ` → `""`); absent when canonical, on HTTP/2 (no reason phrase,
        /// RFC 9113 §8.3.2) and in recordings made before session 24 (format 1, additive).
        /// Bytes outside UTF-8 (obs-text) are replaced with U+FFFD.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        reason: Option<String>,
    },
    /// An interim (`1xx`) response the agent sent before its final answer (`103 Early
    /// Hints`, RFC 8297; `100 Continue`; any but `101`), recorded before the exchange's
    /// `response_head`, in the order received. Not forwarded to the client: hyper's server
    /// has no way to send one (RFC 9110 §15.2 asks a proxy to forward them; clients may
    /// ignore them, and A2A defines none). HTTP/1.1 upstreams, plain or over TLS (from the head bytes the
    /// upstream stream keeps, `proxy::early`). Added in session 45
    /// within format 1 (open45): older builds refuse a file that carries one.
    ResponseInterim {
        status: u16,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        version: Option<String>,
        #[serde(default)]
        headers: Headers,
    },
    /// The agent sent `bytes` more bytes on the connection than the response its head framed
    /// (a `Content-Length` shorter than the body it wrote, RFC 9112 §6.3): not forwarded to
    /// the client (an HTTP message ends where its framing says; the proxy's HTTP client
    /// closes the connection on them), and not recorded as body. Sent before the exchange's
    /// `exchange_end`, when the bytes arrived by the time the response ended (they usually
    /// come in the same read); HTTP/1.1 upstreams, plain or over TLS (HTTP/2 has none: DATA
    /// past a `content-length` is a malformed response the h2 client resets). Added in
    /// session 45 within format 1 (open45): older builds refuse a file that carries one.
    ResponseExcess {
        /// Bytes past the framed end of the response.
        bytes: u64,
        /// The bytes arrived after the exchange had ended (an idle kept-alive connection
        /// read them after the response's last byte was passed on): this event then comes
        /// after the exchange's `exchange_end`, and the proxy's HTTP client closed the
        /// connection on them (RFC 9112 §6.3: such extra data is never a response to the
        /// next request). Added in session 46 within format 1 (open46); absent (false) for
        /// bytes that came by the time the response ended.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        late: bool,
    },
    /// `--rewrite-card`: the Agent Card body the client received after URL rewriting. The
    /// agent's original bytes are in the `response_chunk` events of the same exchange.
    CardRewrite {
        #[serde(flatten)]
        body: Body,
        /// JSON Pointers of the rewritten URLs, e.g. `/supportedInterfaces/0/url`.
        #[serde(default)]
        pointers: Vec<String>,
    },
    /// `--rewrite-card` could not rewrite this Agent Card response (body over the 1 MiB
    /// rewrite cap, or a `Content-Encoding` it cannot decode): the client received the
    /// agent's own bytes, its URLs unchanged (CARD-005/006). Added in session 2; a card with
    /// nothing to rewrite gets neither this nor `card_rewrite`.
    CardRewriteSkipped {
        /// Why, one lowercase line: `card body over the 1048576-byte rewrite cap`.
        reason: String,
    },
    /// One frame of the response body as read from the agent (an SSE chunk is one such
    /// frame; chunk boundaries are kept).
    ResponseChunk {
        #[serde(flatten)]
        body: Body,
    },
    /// The exchange is over. Exactly one per exchange.
    ExchangeEnd {
        outcome: Outcome,
        /// Human-readable cause for aborts and errors.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        error: Option<String>,
        /// Response trailers, if any.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        trailers: Option<Headers>,
        /// Request body bytes forwarded.
        #[serde(default)]
        request_bytes: u64,
        /// Response body bytes forwarded.
        #[serde(default)]
        response_bytes: u64,
        /// Some events of this exchange were not recorded (queue full or capture cap):
        /// verdicts on it are incomplete.
        #[serde(default, skip_serializing_if = "is_false")]
        truncated: bool,
        /// The proxy sent the request to the upstream twice: the first attempt's upstream
        /// connection (a kept-alive one) closed or reset before any answer, and the request,
        /// idempotent and bodyless (a card fetch, a REST `GetTask`), went again on a new
        /// connection (RFC 9112 §9.3.1.1, RFC 9110 §9.2.2; breaker16b T5). The text is the
        /// first attempt's failure, one lowercase line, e.g. `connection closed before
        /// message completed`; the exchange's `response_head` / `error` are the second
        /// attempt's. Absent when the request was sent once. Added in session 17 (format
        /// 1, an optional field: older builds ignore it).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        resent: Option<String>,
        /// On an `upstream_error`: no connection to the upstream came up at all, and why,
        /// as a kind a reader can act on without parsing `error` ([`ConnectFailure`]):
        /// `refused` when the upstream's address refused the TCP connection (nothing
        /// listened there: the agent was down or had died). Absent when a connection came
        /// up (the upstream closed or reset it, failed the TLS handshake, sent no valid
        /// HTTP) and in recordings made before session 33 (format 1, an optional field:
        /// older builds ignore it).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        connect_failure: Option<ConnectFailure>,
    },
    /// The proxy's HTTP server refused a client's request before it reached the proxy's
    /// forwarding (so no `request_head` is recorded for it) and nothing was forwarded to the
    /// agent: an HTTP/1.x request head it could not parse (answered 400, 414 or 431 by the
    /// server, RFC 9112 §2.2 / §3 / §5, RFC 9110 §15.5.1), a request head not complete
    /// within the head time limit (closed, RFC 9112 §9.5), or an HTTP/2 connection the
    /// server closed with GOAWAY on a protocol error the client made (RFC 9113 §5.4.1).
    /// Added in session 16 (format 1, additive; breaker18b X6/X7/X14). HTTP-FRAME-003.
    RequestRefused {
        /// Client connection it happened on (the `conn` of its `conn_open`).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        conn: Option<u64>,
        /// Status of the answer the proxy's server sent itself (400, 414, 431); absent when
        /// it closed the connection without an answer (head time limit, h2 GOAWAY).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        status: Option<u16>,
        /// Why, one lowercase line naming the fault, e.g. `invalid request head: invalid
        /// HTTP header parsed`.
        error: String,
    },
    /// An opaque CONNECT tunnel (forward mode without TLS interception).
    Tunnel {
        /// `host:port` from the CONNECT request.
        authority: String,
        bytes_up: u64,
        bytes_down: u64,
        duration_us: u64,
    },
    /// Who called whom in an exchange (two agents through one proxy): recorded after the
    /// exchange's `request_head`. Usually the next event of the exchange; when the caller is
    /// looked up by process (`caller_by: "process"`, done off the forwarding path once per
    /// connection) it may come after later events of the exchange, even after its
    /// `exchange_end`.
    Attribution {
        /// The called agent: the route prefix (or the card name) the request went to.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        callee: Option<String>,
        /// The calling agent, when known: the route prefix of the agent that made the call,
        /// a `--leg` name, a `--caller` name, or its `User-Agent`.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        caller: Option<String>,
        /// How `caller` was found ([`CallerBy`]); absent in recordings made before it
        /// existed (format 1, additive) and when `caller` is absent.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        caller_by: Option<CallerBy>,
    },
    /// A finding the online verifier emitted, kept with the traffic for the record.
    /// Offline verification ignores these and recomputes.
    Finding {
        rule: String,
        severity: String,
        message: String,
        #[serde(default)]
        seqs: Vec<u64>,
    },
    /// The recorder dropped events (queue full) or could not write: verdicts that need the
    /// missing events are incomplete.
    Gap {
        dropped_events: u64,
        dropped_bytes: u64,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        reason: Option<String>,
    },
}

/// How the proxy found an exchange's caller (`attribution.caller_by`), most exact first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum CallerBy {
    /// The listener's `--leg` name (gateway verification: who calls that listener is
    /// known by construction).
    Leg,
    /// Exact, loopback on Linux: the client socket belongs to a process that also listens
    /// on the caller route's upstream port (`/proc/net/tcp{,6}` inode to `/proc/PID/fd`).
    Process,
    /// The user's `--caller NAME=User-Agent-substring` matched the request's `User-Agent`.
    CallerFlag,
    /// Heuristic: the request arrived while exactly one other route had an exchange open
    /// (an agent calling out while it serves a call).
    Nesting,
    /// The request's `User-Agent` (names the HTTP library, not the agent).
    UserAgent,
}

impl CallerBy {
    /// The recorded spelling: `leg`, `process`, `caller-flag`, `nesting`, `user-agent`.
    pub fn as_str(self) -> &'static str {
        match self {
            CallerBy::Leg => "leg",
            CallerBy::Process => "process",
            CallerBy::CallerFlag => "caller-flag",
            CallerBy::Nesting => "nesting",
            CallerBy::UserAgent => "user-agent",
        }
    }
}

/// How an exchange ended (`exchange_end.outcome`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Outcome {
    /// Response fully delivered to the client.
    Complete,
    /// The client went away before the response ended.
    ClientAbort,
    /// The agent closed or reset the connection mid-response.
    UpstreamAbort,
    /// No response from the agent at all (refused, DNS, TLS, timeout): the proxy answered 502.
    UpstreamError,
    /// Still open when the capture stopped (transcript `close: timeout`).
    Open,
    /// The proxy's HTTP server refused the client's request as malformed after its head was
    /// forwarded (an HTTP/2 request whose DATA disagrees with its `content-length`, RFC 9113
    /// §8.1.1: the server resets the stream with PROTOCOL_ERROR); `error` says why. Added in
    /// session 16 (format 1, additive; breaker18b X13). HTTP-FRAME-003.
    Refused,
}

/// Why the recording proxy could not open a connection to the upstream at all
/// (`exchange_end.connect_failure`, on an `upstream_error` exchange; session 33).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ConnectFailure {
    /// The upstream's address refused the TCP connection (`ECONNREFUSED`): nothing
    /// listened on that port.
    Refused,
    /// No connection for another reason before one came up: the host name did not
    /// resolve, no route to it, the connect attempt timed out; `error` says which.
    NoConnection,
}

impl ConnectFailure {
    /// The recording's spelling: `refused`, `no_connection`.
    pub fn as_str(self) -> &'static str {
        match self {
            ConnectFailure::Refused => "refused",
            ConnectFailure::NoConnection => "no_connection",
        }
    }

    /// The kind [`ConnectFailure::as_str`] spells `s`; `None` for any other text.
    pub fn parse(s: &str) -> Option<ConnectFailure> {
        // the names are `as_str`'s (one list, which serde's snake_case names match)
        let s = s.trim();
        [ConnectFailure::Refused, ConnectFailure::NoConnection]
            .into_iter()
            .find(|k| k.as_str() == s)
    }

    /// Whether an I/O error anywhere in `e`'s source chain is `ECONNREFUSED`
    /// (`ErrorKind::ConnectionRefused`): nothing listened at the address.
    pub fn refused_in(e: &(dyn std::error::Error + 'static)) -> bool {
        let mut cur: Option<&(dyn std::error::Error + 'static)> = Some(e);
        while let Some(c) = cur {
            if c.downcast_ref::<std::io::Error>()
                .is_some_and(|io| io.kind() == std::io::ErrorKind::ConnectionRefused)
            {
                return true;
            }
            cur = c.source();
        }
        false
    }
}

fn is_false(b: &bool) -> bool {
    !*b
}

pub use super::headers::Headers;

/// Body bytes of one frame. Serialized as `"body": "<utf-8 text>"` when the bytes are valid
/// UTF-8, else `"body": "<base64>", "encoding": "base64"`; `"truncated": true` when the
/// capture cap cut it (the wire carried more).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Body {
    pub data: Bytes,
    pub truncated: bool,
}

impl Body {
    /// A complete (untruncated) body.
    pub fn new(data: impl Into<Bytes>) -> Self {
        Body {
            data: data.into(),
            truncated: false,
        }
    }

    /// The bytes as text when valid UTF-8.
    pub fn as_str(&self) -> Option<&str> {
        std::str::from_utf8(&self.data).ok()
    }
}

impl Serialize for Body {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut m = s.serialize_map(None)?;
        match std::str::from_utf8(&self.data) {
            Ok(text) => m.serialize_entry("body", text)?,
            Err(_) => {
                let b64 = base64::engine::general_purpose::STANDARD.encode(&self.data);
                m.serialize_entry("body", &b64)?;
                m.serialize_entry("encoding", "base64")?;
            }
        }
        if self.truncated {
            m.serialize_entry("truncated", &true)?;
        }
        m.end()
    }
}

impl<'de> Deserialize<'de> for Body {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = Body;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a body: {\"body\": text, \"encoding\"?: \"base64\"}")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Body, A::Error> {
                let mut body: Option<String> = None;
                let mut encoding: Option<String> = None;
                let mut truncated = false;
                while let Some(key) = map.next_key::<String>()? {
                    match key.as_str() {
                        "body" => body = Some(map.next_value()?),
                        "encoding" => encoding = map.next_value()?,
                        "truncated" => truncated = map.next_value()?,
                        _ => {
                            let _ = map.next_value::<de::IgnoredAny>()?;
                        }
                    }
                }
                let body = body.unwrap_or_default();
                let data = match encoding.as_deref() {
                    None | Some("utf-8") | Some("text") => Bytes::from(body),
                    Some("base64") => Bytes::from(
                        base64::engine::general_purpose::STANDARD
                            .decode(body.as_bytes())
                            .map_err(de::Error::custom)?,
                    ),
                    Some(other) => {
                        return Err(de::Error::custom(format!(
                            "unknown body encoding {other:?}"
                        )))
                    }
                };
                Ok(Body { data, truncated })
            }
        }
        d.deserialize_map(V)
    }
}

/// One line of a native recording: the header or an event.
#[derive(Clone, Debug, PartialEq)]
pub enum Line {
    Header(RecordingHeader),
    Event(Event),
}

/// How the `request_refused.error` of an HTTP/2 connection closed by the proxy's rapid-reset
/// check (`proxy::rapid_reset`, CVE-2023-44487) starts: readers (the verifier's
/// HTTP-FRAME-003) tell this refusal, whose streams had been forwarded, from a malformed
/// request refused before forwarding by it. Part of the recording format (format 1,
/// additive; round 56).
pub const RAPID_RESET_REFUSAL_HEAD: &str =
    "HTTP/2 connection closed by the proxy with GOAWAY: the client reset ";

#[cfg(test)]
mod tests {
    use super::*;

    /// The kind's three spellings agree: `as_str` (the 502's header value), `parse` (the
    /// prober reading it back) and serde's (the recording's `connect_failure`).
    #[test]
    fn connect_failure_names_round_trip() {
        for k in [ConnectFailure::Refused, ConnectFailure::NoConnection] {
            assert_eq!(ConnectFailure::parse(k.as_str()), Some(k));
            assert_eq!(ConnectFailure::parse(&format!(" {} ", k.as_str())), Some(k));
            assert_eq!(
                serde_json::to_string(&k).unwrap(),
                format!("\"{}\"", k.as_str())
            );
        }
        assert_eq!(ConnectFailure::parse("Refused"), None);
        assert_eq!(ConnectFailure::parse(""), None);
    }

    fn roundtrip(ev: &Event) -> Event {
        let s = serde_json::to_string(ev).unwrap();
        serde_json::from_str(&s).unwrap()
    }

    #[test]
    fn body_text_and_binary_roundtrip() {
        let text = Event {
            seq: 3,
            t_us: 10,
            exchange: Some("e1".into()),
            leg: None,
            kind: EventKind::ResponseChunk {
                body: Body::new("data: {}\r\n\r\n"),
            },
        };
        let s = serde_json::to_string(&text).unwrap();
        assert!(s.contains(r#""type":"response_chunk""#), "{s}");
        assert!(s.contains(r#""body":"data: {}\r\n\r\n""#), "{s}");
        assert_eq!(roundtrip(&text), text);

        let bin = Event {
            kind: EventKind::RequestBody {
                body: Body {
                    data: Bytes::from_static(&[0xff, 0x00, 0x80]),
                    truncated: true,
                },
            },
            ..text.clone()
        };
        let s = serde_json::to_string(&bin).unwrap();
        assert!(s.contains(r#""encoding":"base64""#), "{s}");
        assert!(s.contains(r#""truncated":true"#), "{s}");
        assert_eq!(roundtrip(&bin), bin);
    }

    #[test]
    fn headers_keep_order_and_case() {
        let ev = Event {
            seq: 1,
            t_us: 0,
            exchange: Some("e1".into()),
            leg: Some("upstream".into()),
            kind: EventKind::RequestHead {
                conn: Some(1),
                method: "POST".into(),
                url: "http://127.0.0.1:8080/".into(),
                version: Some("HTTP/1.1".into()),
                headers: Headers::from_pairs([
                    ("Content-Type", "application/json"),
                    ("A2A-Version", "1.0"),
                ]),
                upstream: Some("http://127.0.0.1:41241/".into()),
            },
        };
        let back = roundtrip(&ev);
        assert_eq!(back, ev);
        if let EventKind::RequestHead { headers, .. } = back.kind {
            assert_eq!(headers.get("a2a-version"), Some("1.0"));
            assert_eq!(headers.media_type().as_deref(), Some("application/json"));
        }
    }
}

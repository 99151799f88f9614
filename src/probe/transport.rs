/*!
How the prober reaches the agent: one hyper-util client, a request budget
(`--max-requests`), the SSRF guard (`--allow-host`), per-request deadlines, and optional
routing through the in-process recording proxy.

When `via` is set (the recording pipeline's listen address), every request whose origin is
the probed agent's origin goes to `via` instead, with the same path, so the proxy records and
verifies it exactly like passive traffic. URLs that already point at `via` (a card rewritten
by the proxy) go there unchanged.

A card may advertise another origin than the probed one (same host on another port or
scheme, as behind a gateway or TLS front; or a host allowed by `--allow-host`). With
[`Relays`] ([`Transport::with_relays`]) each such origin gets its own recording listener in
the same pipeline, started on first use, so those requests are recorded and verified too
(README: every request goes through the recording pipeline). The request keeps the card's
authority in `Host`, so the recording names the URL the card advertised
(`request_head.url`) and the origin called (`request_head.upstream`).
*/

use std::collections::HashMap;
use std::net::SocketAddr;
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use bytes::{Bytes, BytesMut};
use http::{HeaderMap, HeaderValue, Method, Request};
use http_body_util::{BodyExt, Full};
use hyper::body::Incoming;
use hyper::client::conn::http1::SendRequest;
use hyper_util::rt::TokioIo;
use tokio::time::Instant;
use url::Url;

use crate::proxy::{ProxyConfig, ProxyExtras, ProxyHandle};
use crate::record::writer::EventSink;
use crate::record::{ConnectFailure, Route, DEFAULT_CAPTURE_CAP};

/// How the recording proxy's own answers begin (`a2a-interop proxy: ...`, a 502 when the
/// agent did not answer at all; see `proxy::synthetic`).
const PROXY_ANSWER_PREFIX: &[u8] = b"a2a-interop proxy:";

/// One request of the probe, to an absolute `http://` URL.
#[derive(Clone, Debug)]
pub struct ProbeRequest {
    /// HTTP method.
    pub method: Method,
    /// Absolute URL as the card advertises it (mapped to the proxy on send).
    pub url: Url,
    /// Extra request headers (name, value); `Content-Type` is set by the caller.
    pub headers: Vec<(String, String)>,
    /// Request body bytes, if any.
    pub body: Option<Bytes>,
}

/// Most response body bytes kept per request (16 MiB); past it the read stops and the
/// response is marked incomplete, so a hostile agent cannot exhaust memory. The same limit
/// holds for the decoded body of a compressed answer.
pub const MAX_BODY_BYTES: usize = 16 * 1024 * 1024;

/// The `Accept-Encoding` the prober sends unless a request sets its own: the content codings
/// [`crate::model::coding::decode`] undoes, as httpx (Python SDK) and `fetch` (JS SDK) offer
/// them (RFC 9110 §12.5.3).
pub const ACCEPT_ENCODING: &str = "gzip, deflate, br";

/// The agent's answer. `complete` is false when the deadline cut the body short (a stream
/// that never ended), the connection broke, or the body passed [`MAX_BODY_BYTES`].
#[derive(Clone, Debug)]
pub struct ProbeResponse {
    /// HTTP status code.
    pub status: u16,
    /// Response headers.
    pub headers: HeaderMap,
    /// Body bytes read (at most [`MAX_BODY_BYTES`]), with the `Content-Encoding` undone
    /// (RFC 9110 §8.4) as the SDK clients (httpx, `fetch`) do; the recording keeps the bytes
    /// as they went over the wire. When the coding cannot be undone ([`Self::undecodable`]),
    /// the bytes as received.
    pub body: Bytes,
    /// Whether the body ended normally (see the type's docs).
    pub complete: bool,
    /// Why the body ended short other than by the deadline, for messages: `the connection
    /// broke after N ms, before the answer ended (ERROR CHAIN): ...` (the agent's process
    /// died or reset the connection mid-answer; ux32), or the size limit. `None` when
    /// [`Self::complete`], and when the deadline cut the body short.
    pub cut: Option<String>,
    /// The `Content-Encoding` the agent applied (`gzip`, `br, gzip`), when not `identity`;
    /// `body` is already decoded when [`Self::undecodable`] is `None`.
    pub content_coding: Option<String>,
    /// Why the body could not be decoded, naming the coding
    /// (`content coding "zstd" is not supported (Content-Encoding: zstd)`); `None` when it
    /// decoded or was not coded.
    pub undecodable: Option<String>,
    /// On the recording proxy's own `502` ([`Self::proxy_answered`]): why no connection to
    /// the agent came up, the kind the recording's `exchange_end.connect_failure` carries (the
    /// proxy names it in [`crate::model::CONNECT_FAILURE_HEADER`]); `None` when a connection
    /// came up (the agent closed or reset it unanswered) and for every answer of the agent.
    pub connect_failure: Option<ConnectFailure>,
    /// The HTTP/2 trailers that ended the answer (a gRPC call's `grpc-status`,
    /// `grpc-message`, `grpc-status-details-bin`; GRPC-001); empty when none came (every
    /// HTTP/1.1 answer, a Trailers-Only gRPC answer whose status is in [`Self::headers`],
    /// an answer cut short).
    pub trailers: HeaderMap,
    /// A stream the deadline cut ([`Self::complete`] false, [`Self::cut`] `None`): how long
    /// (ms) before the probe left it the last body bytes that came before the deadline
    /// arrived (a lower bound of the time since the stream's terminal event, which came no
    /// later). The probe reads a stream whose last bytes came within [`STREAM_LINGER`] of the
    /// deadline until that long after them, so a stream the agent holds open after its
    /// last event is left at least that long after it (the verifier's STREAM-END-009 / -010
    /// judge the hold from the recording with 2 s of grace; streams59 item 4). `None` for
    /// every other answer, and for a stream that sent no body bytes.
    pub quiet_ms: Option<u64>,
}

/// How long past a stream's last body bytes the probe keeps reading an event stream or a
/// gRPC answer that the deadline would cut sooner (2.5 s): the verifier's grace for a
/// stream held open after its terminal event ([`crate::verify::HELD_OPEN_GRACE_US`], 2 s)
/// and half a second for the recording's clock (the proxy stamps the event before the
/// probe reads it and the probe's close after the probe sends it, so the recorded hold is
/// never shorter than the probe's). Without it a deadline within 2 s of the terminal
/// event left a held stream that no rule could judge, and `streaming.terminal` passed
/// over it (streams59 item 4). Once per answer: the read ends at the later of the
/// deadline and the last bytes plus this.
pub const STREAM_LINGER: Duration = Duration::from_millis(2_500);

impl ProbeResponse {
    /// The cause text of the recording proxy's own `502` (`connection closed before message
    /// completed`), when the agent gave no answer at all to this request (it closed or reset
    /// the connection, or refused it); `None` for an answer of the agent, 502s included.
    pub fn proxy_answered(&self) -> Option<String> {
        (self.status == 502 && self.body.starts_with(PROXY_ANSWER_PREFIX)).then(|| {
            String::from_utf8_lossy(&self.body[PROXY_ANSWER_PREFIX.len()..])
                .trim()
                .to_string()
        })
    }

    /// How a report words a request the agent did not answer (see [`Self::proxy_answered`]):
    /// `the connection was refused, nothing listens there (CAUSE)` when it was refused (the
    /// recorded kind, [`Self::connect_failure`]; ux34: read from the 502's text before),
    /// `no connection to the agent came up (CAUSE)` for another connect failure (a name
    /// that does not resolve, no route), `the agent closed the connection without answering`
    /// when it closed or reset it, else `the agent did not answer (CAUSE)`; `None` for an
    /// answer of the agent.
    pub fn no_answer(&self) -> Option<String> {
        let why = self.proxy_answered()?;
        Some(match self.connect_failure {
            // nothing listens at the address (breaker15b R18)
            Some(ConnectFailure::Refused) => {
                format!("the connection was refused, nothing listens there ({why})")
            }
            Some(ConnectFailure::NoConnection) => {
                format!("no connection to the agent came up ({why})")
            }
            None => Self::reached_no_answer(&why.to_ascii_lowercase(), why),
        })
    }

    /// [`Self::no_answer`] for a request whose connection came up: the agent closed or reset
    /// it (`lower`, the cause in lower case, says so), or another failure `why`.
    fn reached_no_answer(lower: &str, why: String) -> String {
        if lower.contains("closed") || lower.contains("reset") || lower.contains("incomplete") {
            "the agent closed the connection without answering".to_string()
        } else {
            format!("the agent did not answer ({why})")
        }
    }

    /// The `Content-Type` essence, lowercase, without parameters (`""` when absent).
    pub fn content_type(&self) -> String {
        self.headers
            .get(http::header::CONTENT_TYPE)
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.split(';').next())
            .map(|v| v.trim().to_ascii_lowercase())
            .unwrap_or_default()
    }

    /// The body parsed as JSON, when it is JSON.
    pub fn json(&self) -> Option<serde_json::Value> {
        serde_json::from_slice(&self.body).ok()
    }
}

/// The words that end a skip for [`SendError::Budget`]: how `probe` and `interop` count
/// the tests the request budget left out (newcomer44).
pub const BUDGET_USED_UP: &str = "requests used up (--max-requests)";

/// Why a request was not answered.
#[derive(Debug, thiserror::Error)]
pub enum SendError {
    /// `--max-requests` reached; the request was not sent. Its text ends with
    /// [`BUDGET_USED_UP`].
    #[error("request budget of {0} requests used up (--max-requests)")]
    Budget(u32),
    /// The SSRF guard refused the URL.
    #[error("{0}")]
    Blocked(String),
    /// No response head before the deadline.
    #[error("no response within {0} ms (--timeout)")]
    Timeout(u128),
    /// Connection refused, reset, bad URL, ...
    #[error("{0}")]
    Transport(String),
    /// Not sent: the agent left the last [`Transport::max_unanswered`] requests in a row
    /// unanswered (see [`Transport::gone`]), so the probe stops instead of waiting out
    /// every remaining test; or the run was interrupted ([`Transport::interrupt`]: not
    /// sent, or its answer no longer awaited).
    #[error("not sent: {0}")]
    Gone(String),
    /// Sent, but the run was interrupted ([`Transport::interrupt`]) while its answer was
    /// awaited or read: the text says how long it waited and what had come, so a skipped
    /// test does not read "not sent" for the request the user saw hang (newcomer21 N4).
    #[error("{0}")]
    Interrupted(String),
    /// The server refused the request for now twice (HTTP 429, or 503 with `Retry-After`;
    /// RFC 6585 §4, RFC 9110 §10.2.3), or asked for a wait longer than `--timeout`: no A2A
    /// answer, so no verdict on the agent (breaker15b R4). The text names the statuses and
    /// the wait, e.g. `the agent answered HTTP 429 Too Many Requests (Retry-After: 1), ...`.
    #[error("rate-limited: {0}")]
    RateLimited(String),
}

/// The delay a rate-limited answer asks for: `Some` for HTTP 429 (1 s when it has no
/// usable `Retry-After`) and for 503 with a `Retry-After` (delay-seconds or an HTTP-date,
/// RFC 9110 §10.2.3); `None` for any other answer. Capped at one hour.
pub fn rate_limit_delay(resp: &ProbeResponse) -> Option<Duration> {
    let retry_after = resp
        .headers
        .get(http::header::RETRY_AFTER)
        .and_then(|v| v.to_str().ok())
        .map(str::trim);
    if resp.status != 429 && !(resp.status == 503 && retry_after.is_some()) {
        return None;
    }
    let secs = retry_after
        .and_then(|v| {
            v.parse::<u64>().ok().or_else(|| {
                chrono::DateTime::parse_from_rfc2822(v)
                    .ok()
                    .map(|t| (t.timestamp() - chrono::Utc::now().timestamp()).max(0) as u64)
            })
        })
        .unwrap_or(1);
    Some(Duration::from_secs(secs.min(3600)))
}

/// `the agent answered HTTP 429 Too Many Requests (Retry-After: 1)`: a rate-limited
/// answer in the wire's words, for [`SendError::RateLimited`].
fn rate_limit_words(resp: &ProbeResponse) -> String {
    let reason = http::StatusCode::from_u16(resp.status)
        .ok()
        .and_then(|s| s.canonical_reason())
        .map(|r| format!(" {r}"))
        .unwrap_or_default();
    let ra = match resp
        .headers
        .get(http::header::RETRY_AFTER)
        .map(|v| String::from_utf8_lossy(v.as_bytes()).into_owned())
    {
        Some(v) => format!(" (Retry-After: {})", v.trim()),
        None => " (no Retry-After)".to_string(),
    };
    format!("the agent answered HTTP {}{reason}{ra}", resp.status)
}

/// Header naming the probe test a request belongs to (`lifecycle.send [1.0]`), so that
/// the verifier's findings on the recorded exchange can be tied back to the test's verdict
/// (`probe::merge_findings`). Sent only while a test runs. The one definition is
/// [`crate::model::PROBE_TEST_HEADER`] (the verifier reads it too).
pub const PROBE_TEST_HEADER: &str = crate::model::PROBE_TEST_HEADER;

/// Default of [`Transport::max_unanswered`] (`probe --max-unanswered`).
pub const DEFAULT_MAX_UNANSWERED: u32 = 3;

/// How often a request still waiting for its answer is reported on stderr (10 s).
pub const HEARTBEAT: Duration = Duration::from_secs(10);

/// Why the agent is considered gone: the test that was running, the last request and
/// its error.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Gone {
    /// Scoped name of the test that was running (`lifecycle.send [1.0]`), or none between
    /// tests.
    pub test: Option<String>,
    /// `METHOD url` of the last unanswered request.
    pub request: String,
    /// The connection error or timeout of that request.
    pub error: String,
    /// Requests left unanswered in a row.
    pub unanswered: u32,
    /// Why no connection to the agent came up for that request, when none did: the
    /// recording's `exchange_end.connect_failure` of the proxy's own 502
    /// ([`ProbeResponse::connect_failure`]), or a refused connection of the prober's own
    /// (an `ECONNREFUSED` in the error's causes). `Some(Refused)`: nothing listens there
    /// any more, the agent exited or was stopped (no longer timeout would help).
    pub connect_failure: Option<ConnectFailure>,
    /// The origin of the last request (`http://127.0.0.1:8080`) when it is not the probed
    /// URL's and nothing there has answered during the run: a card advertising an address
    /// where no agent listens (a proxy or front that is down, a wrong public URL), not an
    /// agent that stopped answering (newcomer28 N3).
    pub never_answered_origin: Option<String>,
    /// The last request's `http://` port completed a TLS handshake after it reset or
    /// closed the plain request unanswered (OpenSSL and Python `ssl` servers do that,
    /// with no TLS alert to read): the agent speaks TLS there. Set by the probe once the
    /// run stopped ([`crate::app::probe_cmd::note_tls_port`]); `false` until then.
    pub tls_port: bool,
}

/// Transport settings.
#[derive(Clone, Debug)]
pub struct TransportConfig {
    /// The probed agent's base URL; its host is always allowed.
    pub base: Url,
    /// Recording proxy address that stands in for the base URL's origin.
    pub via: Option<SocketAddr>,
    /// Extra hosts card URLs may point at (`--allow-host`: exact, `*.suffix` or `*`).
    pub allow_hosts: Vec<String>,
    /// Most requests the run may send (`--max-requests`).
    pub max_requests: u32,
}

/// Recording listeners for the origins a card advertises besides the probed one (see the
/// module docs): one reverse listener per origin (`scheme://host:port`) on 127.0.0.1, route
/// `/` to that origin, card rewrite off, recording into the pipeline's [`EventSink`] with
/// the run's leg. Started on first use; [`Relays::shutdown`] before the pipeline finishes.
pub struct Relays {
    sink: Mutex<Option<EventSink>>,
    leg: Option<String>,
    upstream_tls: crate::proxy::tls::UpstreamTrust,
    listeners: tokio::sync::Mutex<HashMap<String, ProxyHandle>>,
}

impl std::fmt::Debug for Relays {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Relays").field("leg", &self.leg).finish()
    }
}

impl Relays {
    /// Relays recording into `sink`, every event stamped with `leg` (`None` for `probe`,
    /// `A->B` / `B->A` for `interop`); `https://` origins are trusted per `upstream_tls`
    /// (`--ca`).
    pub fn new(
        sink: EventSink,
        leg: Option<String>,
        upstream_tls: crate::proxy::tls::UpstreamTrust,
    ) -> Arc<Relays> {
        Arc::new(Relays {
            sink: Mutex::new(Some(sink)),
            leg,
            upstream_tls,
            listeners: tokio::sync::Mutex::new(HashMap::new()),
        })
    }

    /// The listener that records and forwards to `url`'s origin, started on first use.
    ///
    /// # Errors
    /// The relays were shut down, no loopback port could be bound, or the origin is not a
    /// valid route upstream (the message says which).
    pub async fn via(&self, url: &Url) -> Result<SocketAddr, String> {
        let origin = url.origin().ascii_serialization();
        let mut map = self.listeners.lock().await;
        if let Some(h) = map.get(&origin) {
            return Ok(h.local_addr());
        }
        let sink = self
            .sink
            .lock()
            .ok()
            .and_then(|s| s.clone())
            .ok_or_else(|| format!("{origin}: the recording pipeline is finishing"))?;
        let listener = tokio::net::TcpListener::bind(SocketAddr::from(([127, 0, 0, 1], 0)))
            .await
            .map_err(|e| format!("no loopback port for recording {origin}: {e}"))?;
        let listen = listener
            .local_addr()
            .map_err(|e| format!("no loopback port for recording {origin}: {e}"))?;
        let cfg = ProxyConfig {
            listen,
            routes: vec![Route {
                prefix: "/".into(),
                upstream: origin.clone(),
                leg: None,
            }],
            rewrite_card: false,
            capture_cap: DEFAULT_CAPTURE_CAP,
            leg: self.leg.clone(),
        };
        let ext = ProxyExtras {
            upstream_tls: self.upstream_tls.clone(),
            // the recording names the URL the card gave, `https://` too, though the prober
            // reaches this listener in plain HTTP
            client_scheme: Some(if url.scheme() == "https" {
                "https"
            } else {
                "http"
            }),
            quiet: true,
            ..ProxyExtras::default()
        };
        let h = crate::proxy::start_ext_on(listener, cfg, ext, sink)
            .await
            .map_err(|e| format!("cannot record calls to {origin}: {e}"))?;
        let addr = h.local_addr();
        map.insert(origin, h);
        Ok(addr)
    }

    /// Origins relayed so far (`http://127.0.0.1:9000`), sorted.
    pub async fn origins(&self) -> Vec<String> {
        let mut v: Vec<String> = self.listeners.lock().await.keys().cloned().collect();
        v.sort();
        v
    }

    /// Stops every listener (their open exchanges end) and lets go of the sink; later
    /// [`Relays::via`] calls fail.
    pub async fn shutdown(&self) {
        if let Ok(mut s) = self.sink.lock() {
            *s = None;
        }
        let handles: Vec<ProxyHandle> = self
            .listeners
            .lock()
            .await
            .drain()
            .map(|(_, h)| h)
            .collect();
        for h in handles {
            h.shutdown().await;
        }
    }
}

/// The prober's HTTP client. See the module docs.
pub struct Transport {
    cfg: TransportConfig,
    conns: Conns,
    sent: AtomicU32,
    /// Requests the agent answered ([`Transport::answered`]).
    answered: AtomicU32,
    server_errors: Mutex<Vec<String>>,
    unanswered: Mutex<Vec<String>>,
    /// Requests unanswered in a row (timeouts, connection errors, the proxy's own 502).
    in_a_row: AtomicU32,
    max_unanswered: u32,
    /// The last unanswered request (test, `METHOD url`, error), while `in_a_row > 0`.
    last_unanswered: Mutex<Option<Gone>>,
    /// Origins (`scheme://host:port`) that answered at least one request.
    answered_origins: Mutex<std::collections::BTreeSet<String>>,
    gone: Mutex<Option<Gone>>,
    /// Scoped name of the running test, sent as [`PROBE_TEST_HEADER`].
    current: Mutex<Option<String>>,
    progress: bool,
    /// What progress lines start with: `probe`, or `interop A->B` for one direction.
    who: String,
    /// Recording listeners for origins other than the probed one.
    relays: Option<Arc<Relays>>,
    /// Set by [`Transport::interrupt`] (Ctrl-C): nothing more is sent.
    interrupted: std::sync::atomic::AtomicBool,
    /// Wakes requests waiting for their answer when the run is interrupted.
    stop: tokio::sync::Notify,
}

impl Transport {
    /// A client for `cfg`; sends nothing yet.
    pub fn new(cfg: TransportConfig) -> Transport {
        Transport {
            cfg,
            conns: Conns::default(),
            sent: AtomicU32::new(0),
            answered: AtomicU32::new(0),
            server_errors: Mutex::new(Vec::new()),
            unanswered: Mutex::new(Vec::new()),
            in_a_row: AtomicU32::new(0),
            max_unanswered: DEFAULT_MAX_UNANSWERED,
            last_unanswered: Mutex::new(None),
            answered_origins: Mutex::new(std::collections::BTreeSet::new()),
            gone: Mutex::new(None),
            current: Mutex::new(None),
            progress: false,
            who: "probe".into(),
            relays: None,
            interrupted: std::sync::atomic::AtomicBool::new(false),
            stop: tokio::sync::Notify::new(),
        }
    }

    /// Sends requests to origins other than the probed agent's through `relays`, so they
    /// are recorded and verified too (see the module docs). Without it they go directly.
    pub fn with_relays(mut self, relays: Arc<Relays>) -> Transport {
        self.relays = Some(relays);
        self
    }

    /// Stops sending ([`SendError::Gone`]) once `n` requests in a row got no answer from the
    /// agent (timeout, connection error, or the recording proxy's own 502); at least 1.
    pub fn with_max_unanswered(mut self, n: u32) -> Transport {
        self.max_unanswered = n.max(1);
        self
    }

    /// Prints progress on stderr: each test as it starts ([`Transport::begin_test`]) and,
    /// every [`HEARTBEAT`], a request still waiting for its answer.
    pub fn with_progress(mut self, on: bool) -> Transport {
        self.progress = on;
        self
    }

    /// [`Transport::with_progress`] with lines starting `who: ` instead of `probe: ` (the
    /// `interop` command runs two directions, `interop A->B` and `interop B->A`).
    pub fn with_progress_as(mut self, on: bool, who: &str) -> Transport {
        self.progress = on;
        self.who = who.to_string();
        self
    }

    /// Requests in a row after which the probe stops (see [`Transport::with_max_unanswered`]).
    pub fn max_unanswered(&self) -> u32 {
        self.max_unanswered
    }

    /// Marks the start of test `label` (scoped: `lifecycle.send [1.0]`): the requests from
    /// now until the next test carry [`PROBE_TEST_HEADER`], and with progress on,
    /// `probe: <label> ...` goes to stderr (not once the run stopped or was interrupted).
    /// `None`: requests go untagged.
    pub fn begin_test(&self, label: Option<String>) {
        if self.progress && label != self.current_test() {
            if let Some(l) = &label {
                // after a stop (the agent gone, Ctrl-C) the tests left are skipped, not
                // started: no progress line for them (newcomer21 N12)
                if self.gone().is_none() && !self.interrupted() {
                    crate::errln!("{}: {l} ...", self.who);
                }
            }
        }
        if let Ok(mut c) = self.current.lock() {
            *c = label;
        }
    }

    /// The scoped name of the test begun last ([`Transport::begin_test`]).
    pub fn current_test(&self) -> Option<String> {
        self.current.lock().ok().and_then(|c| c.clone())
    }

    /// Set once the agent left [`Transport::max_unanswered`] requests in a row unanswered:
    /// what was running and the last error. Every later send fails with
    /// [`SendError::Gone`] without being sent.
    pub fn gone(&self) -> Option<Gone> {
        self.gone.lock().ok().and_then(|g| g.clone())
    }

    /// Stops the run early (Ctrl-C / SIGTERM in `probe` and `interop`): a request waiting
    /// for its answer or body ends at once, and every later send fails with
    /// [`SendError::Gone`] without being sent, so the remaining tests are skipped and the
    /// results so far can still be reported.
    pub fn interrupt(&self) {
        self.interrupted.store(true, Ordering::SeqCst);
        self.stop.notify_waiters();
    }

    /// Whether [`Transport::interrupt`] was called.
    pub fn interrupted(&self) -> bool {
        self.interrupted.load(Ordering::SeqCst)
    }

    /// The last request, when it got no answer from the agent (test, request, error, and
    /// how many in a row); `None` when the last request was answered.
    pub fn last_unanswered(&self) -> Option<Gone> {
        self.last_unanswered.lock().ok().and_then(|g| g.clone())
    }

    /// Counts an unanswered request; trips [`Transport::gone`] at the limit.
    fn note_unanswered(
        &self,
        req: &ProbeRequest,
        error: String,
        connect_failure: Option<ConnectFailure>,
    ) {
        let n = self.in_a_row.fetch_add(1, Ordering::Relaxed) + 1;
        let origin = req.url.origin().ascii_serialization();
        let never_answered_origin = (origin != self.cfg.base.origin().ascii_serialization()
            && !self
                .answered_origins
                .lock()
                .map(|a| a.contains(&origin))
                .unwrap_or(true))
        .then_some(origin);
        let g = Gone {
            test: self.current_test(),
            request: format!("{} {}", req.method, req.url),
            error,
            unanswered: n,
            never_answered_origin,
            connect_failure,
            tls_port: false,
        };
        if let Ok(mut l) = self.last_unanswered.lock() {
            *l = Some(g.clone());
        }
        if n >= self.max_unanswered {
            if let Ok(mut gone) = self.gone.lock() {
                if gone.is_none() {
                    if self.progress {
                        crate::errln!(
                            "{}: stopping: the agent did not answer {n} {} in a row (last: {}: {})",
                            self.who,
                            if n == 1 { "request" } else { "requests" },
                            g.request,
                            g.error
                        );
                    }
                    *gone = Some(g);
                }
            }
        }
    }

    fn note_answered(&self, req: &ProbeRequest) {
        self.answered.fetch_add(1, Ordering::Relaxed);
        if let Ok(mut a) = self.answered_origins.lock() {
            a.insert(req.url.origin().ascii_serialization());
        }
        self.in_a_row.store(0, Ordering::Relaxed);
        if let Ok(mut l) = self.last_unanswered.lock() {
            *l = None;
        }
    }

    /// The probed base URL.
    pub fn base(&self) -> &Url {
        &self.cfg.base
    }

    /// Requests sent so far.
    pub fn sent(&self) -> u32 {
        self.sent.load(Ordering::Relaxed)
    }

    /// Requests the agent answered so far (a response head from the agent, any status; not
    /// the recording proxy's own 502, not a timeout or connection error).
    pub fn answered(&self) -> u32 {
        self.answered.load(Ordering::Relaxed)
    }

    /// `"METHOD url -> status"` of every 5xx answer so far.
    pub fn server_errors(&self) -> Vec<String> {
        self.server_errors
            .lock()
            .map(|v| v.clone())
            .unwrap_or_default()
    }

    /// `"METHOD url -> 502"` of every request the agent did not answer at all (the
    /// recording proxy answered 502 itself: agent refused the connection or went away).
    pub fn unanswered(&self) -> Vec<String> {
        self.unanswered
            .lock()
            .map(|v| v.clone())
            .unwrap_or_default()
    }

    /// SSRF guard: `Ok` when `url` may be called: `http`/`https` on the probed host, on the
    /// recording proxy, or on an `--allow-host` match.
    pub fn check_url(&self, url: &Url) -> Result<(), SendError> {
        if !matches!(url.scheme(), "http" | "https") {
            return Err(SendError::Blocked(format!(
                "refused {url}: scheme {} is not http or https",
                url.scheme()
            )));
        }
        let host = url.host_str().unwrap_or("");
        let base_host = self.cfg.base.host_str().unwrap_or("");
        if host.eq_ignore_ascii_case(base_host) || self.is_via(url) {
            return Ok(());
        }
        // `probe http://localhost:9999` of an agent whose card names 127.0.0.1 (or the
        // other way round, or ::1): one machine, the one probed (newcomer50 N8)
        if is_loopback_host(host) && is_loopback_host(base_host) {
            return Ok(());
        }
        if self.cfg.allow_hosts.iter().any(|p| host_matches(p, host)) {
            return Ok(());
        }
        Err(SendError::Blocked(format!(
            "refused {url}: host {host} is not the probed host {base_host} (add --allow-host {host} to allow it)"
        )))
    }

    /// `url` with the recording proxy's origin replaced by the probed agent's origin (a card
    /// rewritten by the proxy advertises the proxy); other URLs unchanged.
    pub fn unproxied(&self, url: &Url) -> Url {
        let mut u = url.clone();
        if self.is_via(url) {
            let b = &self.cfg.base;
            let _ = u.set_scheme(b.scheme());
            let _ = u.set_host(b.host_str());
            let _ = u.set_port(b.port());
        }
        u
    }

    /// Whether `url` points at the recording proxy.
    pub fn is_via(&self, url: &Url) -> bool {
        let Some(via) = self.cfg.via else {
            return false;
        };
        url.port_or_known_default() == Some(via.port())
            && url
                .host_str()
                .map(|h| h.trim_matches(['[', ']']) == via.ip().to_string())
                .unwrap_or(false)
    }

    /// Sends `req` and reads the whole response body until it ends or `timeout` passes
    /// (then `complete: false`). Counts against the budget; 5xx answers are remembered.
    ///
    /// A rate-limited answer (HTTP 429, or 503 with `Retry-After`: the server saying "not
    /// now", RFC 6585 §4, RFC 9110 §15.6.4 and §10.2.3) is no A2A answer to judge: the
    /// request is sent once more after the `Retry-After` delay (1 s when absent), when that
    /// delay fits in `timeout`; an answer still rate-limited is [`SendError::RateLimited`]
    /// (breaker15b R4).
    ///
    /// # Errors
    /// [`SendError`]: budget used up, URL refused, no response head in time, transport,
    /// rate-limited twice.
    pub async fn send(
        &self,
        req: ProbeRequest,
        timeout: Duration,
    ) -> Result<ProbeResponse, SendError> {
        let first = self.send_once(req.clone(), timeout).await?;
        let Some(wait) = rate_limit_delay(&first) else {
            return Ok(first);
        };
        let said = rate_limit_words(&first);
        if wait > timeout {
            return Err(SendError::RateLimited(format!(
                "{said}, asking to wait {} s, longer than --timeout {} s; not retried",
                wait.as_secs_f64().ceil(),
                timeout.as_secs_f64().ceil()
            )));
        }
        let stopped = self.stop.notified();
        tokio::pin!(stopped);
        if self.progress {
            crate::errln!(
                "{}: {} {} was rate-limited ({said}); retrying once in {} ms",
                self.who,
                req.method,
                req.url,
                wait.as_millis()
            );
        }
        tokio::select! {
            _ = tokio::time::sleep(wait) => {}
            _ = &mut stopped => {
                return Err(SendError::Gone(format!("the run was interrupted ({})", crate::report::model::stop_cause())));
            }
        }
        let second = self.send_once(req, timeout).await?;
        if rate_limit_delay(&second).is_some() {
            return Err(SendError::RateLimited(format!(
                "{said}, and again {} after waiting {} ms as asked",
                rate_limit_words(&second),
                wait.as_millis()
            )));
        }
        Ok(second)
    }

    /// Sends `req` as one HTTP/2 request with prior knowledge (h2c; a gRPC call, GRPC-001:
    /// `req` carries `content-type: application/grpc`, `te: trailers` and the framed
    /// message) through the recording pipeline exactly as [`Transport::send`] sends an
    /// HTTP/1.1 one: the same budget, host guard, relays, deadline, heartbeat, interrupt
    /// and unanswered count. The answer's body is read to its end and its trailers kept
    /// ([`ProbeResponse::trailers`]). Each call opens its own connection (closed when the
    /// answer ended). No rate-limit retry: a gRPC server says "not now" with
    /// `RESOURCE_EXHAUSTED` / `UNAVAILABLE`, which the caller reads.
    ///
    /// # Errors
    /// As [`Transport::send`].
    pub async fn send_h2(
        &self,
        req: ProbeRequest,
        timeout: Duration,
    ) -> Result<ProbeResponse, SendError> {
        self.send_once_with(req, timeout, true, true).await
    }

    /// After the run, when its last request went unanswered ([`Transport::last_unanswered`]):
    /// is the agent still there? One `GET` of the probed agent's Agent Card
    /// (`/.well-known/agent-card.json` under the base URL) through the recording proxy, so
    /// the check is recorded and verified as every call of the run is (open48: a bare TCP
    /// connect outside the recording left the verifier to blame a gateway, the run's own
    /// proxy, with GW-RESP-006 for the call the agent closed as it died; its refusal now
    /// ends `connect_failure: refused` in the recording). Not counted against
    /// `--max-requests` nor in [`Transport::sent`] / [`Transport::answered`], sent after a
    /// stop ([`Transport::gone`]) too, without the test header, and without touching
    /// [`Transport::last_unanswered`].
    ///
    /// `Ok` with the response of the agent or of the proxy (its own 502 names the connect
    /// failure in [`ProbeResponse::connect_failure`]); `Err` when the request could not be
    /// sent through the proxy, or no answer came within `timeout`.
    ///
    /// # Errors
    /// [`SendError::Transport`], [`SendError::Timeout`], [`SendError::Interrupted`].
    pub async fn liveness_check(&self, timeout: Duration) -> Result<ProbeResponse, SendError> {
        let url = crate::probe::plan::card_url(&self.cfg.base, crate::probe::plan::CARD_PATHS[0])
            .map_err(|e| SendError::Transport(format!("card URL: {e}")))?;
        let req = ProbeRequest {
            method: Method::GET,
            url,
            headers: vec![("accept".into(), "application/json".into())],
            body: None,
        };
        let saved = self.current_test();
        self.begin_test_quietly(None);
        let r = self.send_once_as(req, timeout, false).await;
        self.begin_test_quietly(saved);
        r
    }

    /// Sets the running test's label without a progress line ([`Transport::begin_test`]).
    fn begin_test_quietly(&self, label: Option<String>) {
        if let Ok(mut c) = self.current.lock() {
            *c = label;
        }
    }

    async fn send_once(
        &self,
        req: ProbeRequest,
        timeout: Duration,
    ) -> Result<ProbeResponse, SendError> {
        self.send_once_as(req, timeout, true).await
    }

    /// [`Transport::send_once`]; `tally` false for [`Transport::liveness_check`]: sent
    /// after a stop, outside the budget, the counts and the unanswered row.
    async fn send_once_as(
        &self,
        req: ProbeRequest,
        timeout: Duration,
        tally: bool,
    ) -> Result<ProbeResponse, SendError> {
        self.send_once_with(req, timeout, tally, false).await
    }

    /// [`Transport::send_once_as`] over HTTP/1.1, or over HTTP/2 with prior knowledge
    /// when `h2` ([`Transport::send_h2`]).
    async fn send_once_with(
        &self,
        req: ProbeRequest,
        timeout: Duration,
        tally: bool,
        h2: bool,
    ) -> Result<ProbeResponse, SendError> {
        self.check_url(&req.url)?;
        // registered before the flag is read: an interrupt in between still wakes it
        let stopped = self.stop.notified();
        tokio::pin!(stopped);
        // the liveness check (`tally` false): none of the run's guards or counts
        if tally && self.interrupted() {
            return Err(SendError::Gone(format!(
                "the run was interrupted ({})",
                crate::report::model::stop_cause()
            )));
        }
        if let Some(g) = self.gone().filter(|_| tally) {
            return Err(SendError::Gone(format!(
                "the agent did not answer {} {} in a row",
                g.unanswered,
                if g.unanswered == 1 {
                    "request"
                } else {
                    "requests"
                }
            )));
        }
        if tally {
            let n = self.sent.fetch_add(1, Ordering::Relaxed);
            if n >= self.cfg.max_requests {
                self.sent.fetch_sub(1, Ordering::Relaxed);
                return Err(SendError::Budget(self.cfg.max_requests));
            }
        }
        let (target, host) = match self.relay_of(&req.url).await? {
            Some(addr) => (relayed_uri(&req.url, addr)?, Some(authority(&req.url))),
            None => (self.target_uri(&req.url)?, None),
        };
        let mut builder = Request::builder().method(req.method.clone()).uri(target);
        if h2 {
            builder = builder.version(http::Version::HTTP_2);
        }
        if let Some(h) = host {
            // the recording names the URL the card advertised (the proxy records `Host`)
            builder = builder.header(http::header::HOST, h);
        }
        for (k, v) in &req.headers {
            let value = HeaderValue::from_str(v)
                .map_err(|_| SendError::Transport(format!("header {k} has an invalid value")))?;
            builder = builder.header(k.as_str(), value);
        }
        if let Some(label) = self.current_test() {
            if let Ok(v) = HeaderValue::from_str(&label) {
                builder = builder.header(PROBE_TEST_HEADER, v);
            }
        }
        // a gRPC call's compression is its own (grpc-accept-encoding), not HTTP's
        if !h2
            && !req
                .headers
                .iter()
                .any(|(k, _)| k.eq_ignore_ascii_case("accept-encoding"))
        {
            builder = builder.header(
                http::header::ACCEPT_ENCODING,
                HeaderValue::from_static(ACCEPT_ENCODING),
            );
        }
        let request = builder
            .body(Full::new(req.body.clone().unwrap_or_default()))
            .map_err(|e| SendError::Transport(format!("bad request: {e}")))?;
        let started = Instant::now();
        let deadline = started + timeout;
        let fut = async {
            if h2 {
                Conns::request_h2(request).await.map(|r| (r, None))
            } else {
                self.conns.request(request).await.map(|(r, l)| (r, Some(l)))
            }
        };
        tokio::pin!(fut);
        let mut tick = started + HEARTBEAT;
        let answered = loop {
            let waited = tokio::select! {
                r = tokio::time::timeout_at(deadline.min(tick), &mut fut) => r,
                _ = &mut stopped => {
                    return Err(SendError::Interrupted(format!(
                        "sent {} {}, but the run was interrupted ({}) after {} ms without an answer",
                        req.method,
                        req.url,
                        crate::report::model::stop_cause(),
                        started.elapsed().as_millis()
                    )));
                }
            };
            match waited {
                Ok(r) => break Some(r),
                Err(_) if Instant::now() >= deadline => break None,
                Err(_) => {
                    if self.progress {
                        crate::errln!(
                            "{}: still waiting for the agent's answer to {} {} ({} s of --timeout {} s)",
                            self.who,
                            req.method,
                            req.url,
                            started.elapsed().as_secs(),
                            timeout.as_secs()
                        );
                    }
                    tick += HEARTBEAT;
                }
            }
        };
        let resp = match answered {
            None => {
                let e = SendError::Timeout(timeout.as_millis());
                if tally {
                    self.note_unanswered(&req, e.to_string(), None);
                }
                return Err(e);
            }
            Some(Err(e)) => {
                let refused = ConnectFailure::refused_in(&*e).then_some(ConnectFailure::Refused);
                let e = error_chain(&*e);
                if tally {
                    self.note_unanswered(&req, e.clone(), refused);
                }
                return Err(SendError::Transport(e));
            }
            Some(Ok(r)) => r,
        };
        let (resp, conn) = resp;
        let status = resp.status().as_u16();
        let headers = resp.headers().clone();
        let mut body = resp.into_body();
        let mut buf = BytesMut::new();
        let mut complete = true;
        let mut cut: Option<String> = None;
        let mut trailers = HeaderMap::new();
        // an event stream or a gRPC answer: read past the deadline up to STREAM_LINGER
        // after its last bytes, once (streams59 item 4)
        let streamed = headers
            .get(http::header::CONTENT_TYPE)
            .and_then(|v| v.to_str().ok())
            .map(|v| v.trim_start().to_ascii_lowercase())
            .is_some_and(|v| {
                v.starts_with("text/event-stream") || v.starts_with("application/grpc")
            });
        let mut deadline = deadline;
        let mut lingered = false;
        let mut last_bytes: Option<Instant> = None;
        let mut quiet_ms: Option<u64> = None;
        let mut at_deadline: Option<Option<Instant>> = None;
        loop {
            let frame = tokio::select! {
                f = tokio::time::timeout_at(deadline, body.frame()) => f,
                // a test cut off mid-answer is not run, not failed
                _ = &mut stopped => {
                    return Err(SendError::Interrupted(format!(
                        "sent {} {} and its answer (HTTP {status}) had begun, but the run was interrupted ({}) after {} ms, before the answer ended",
                        req.method,
                        req.url,
                        crate::report::model::stop_cause(),
                        started.elapsed().as_millis()
                    )));
                }
            };
            match frame {
                Err(_) => {
                    let now = Instant::now();
                    // the last bytes before the first deadline: a terminal event came no
                    // later, so the probe leaves the stream at least this long after it
                    let before = *at_deadline.get_or_insert(last_bytes);
                    let linger_to = before.map(|t| t + STREAM_LINGER);
                    if let Some(to) = linger_to.filter(|to| streamed && !lingered && *to > now) {
                        lingered = true;
                        deadline = to;
                        continue;
                    }
                    // the deadline: `cut` stays `None` (the messages say "before the deadline")
                    quiet_ms = streamed
                        .then(|| before.map(|t| now.duration_since(t).as_millis() as u64))
                        .flatten();
                    complete = false;
                    break;
                }
                Ok(None) => break,
                Ok(Some(Err(e))) => {
                    complete = false;
                    cut = Some(format!(
                        "the connection broke after {} ms, before the answer ended ({}): the agent (or what fronts it) died, restarted or reset the connection",
                        started.elapsed().as_millis(),
                        error_chain(&e)
                    ));
                    break;
                }
                Ok(Some(Ok(frame))) => {
                    if frame.is_trailers() {
                        if let Ok(t) = frame.into_trailers() {
                            trailers.extend(t);
                        }
                        continue;
                    }
                    if let Some(d) = frame.data_ref() {
                        if !d.is_empty() {
                            last_bytes = Some(Instant::now());
                        }
                        let room = MAX_BODY_BYTES.saturating_sub(buf.len());
                        buf.extend_from_slice(&d[..d.len().min(room)]);
                        if d.len() > room {
                            complete = false;
                            cut = Some(format!(
                                "the answer passed the probe's limit of {MAX_BODY_BYTES} bytes and was not read further"
                            ));
                            break;
                        }
                    }
                }
            }
        }
        // the next request goes on this connection: a single-threaded server serves it
        // (a body cut short closed it)
        if let (true, Some(conn)) = (complete, conn) {
            drop(body);
            self.conns.put_back(conn).await;
        }
        // The recording proxy's own answer when the agent did not answer at all (refused,
        // reset before the head): not an agent 5xx.
        let by_proxy = status == 502 && buf.starts_with(PROXY_ANSWER_PREFIX);
        // why no connection came up, as the recording says it (not read from the text)
        let connect_failure = by_proxy
            .then(|| headers.get(crate::model::CONNECT_FAILURE_HEADER))
            .flatten()
            .and_then(|v| v.to_str().ok())
            .and_then(ConnectFailure::parse);
        if status >= 500 && tally {
            if by_proxy {
                let why = String::from_utf8_lossy(&buf[PROXY_ANSWER_PREFIX.len()..])
                    .trim()
                    .to_string();
                self.note_unanswered(&req, why, connect_failure);
            } else {
                self.note_answered(&req);
            }
            let list = if by_proxy {
                Some(&self.unanswered)
            } else if headers.contains_key(http::header::RETRY_AFTER) {
                // 503 + Retry-After: "unavailable for now" (RFC 9110 §15.6.4), retried by
                // `send`, not a server fault (errors.no-5xx)
                None
            } else {
                Some(&self.server_errors)
            };
            if let Some(Ok(mut v)) = list.map(|l| l.lock()) {
                v.push(format!("{} {} -> {status}", req.method, req.url));
            }
        }
        if status < 500 && tally {
            self.note_answered(&req);
        }
        let (body, content_coding, undecodable) = decoded(&headers, buf.freeze(), complete);
        Ok(ProbeResponse {
            status,
            headers,
            body,
            complete,
            cut,
            content_coding,
            undecodable,
            connect_failure,
            trailers,
            quiet_ms,
        })
    }

    /// The relay listener for `url` when it is neither on the probed origin nor on the
    /// recording proxy and relays are set; `None` otherwise.
    async fn relay_of(&self, url: &Url) -> Result<Option<SocketAddr>, SendError> {
        let Some(relays) = &self.relays else {
            return Ok(None);
        };
        if self.cfg.via.is_none() || url.origin() == self.cfg.base.origin() || self.is_via(url) {
            return Ok(None);
        }
        relays
            .via(url)
            .await
            .map(Some)
            .map_err(SendError::Transport)
    }

    fn target_uri(&self, url: &Url) -> Result<http::Uri, SendError> {
        let mut u = url.clone();
        if let Some(via) = self.cfg.via {
            if u.origin() == self.cfg.base.origin() {
                let _ = u.set_scheme("http");
                let _ = u.set_ip_host(via.ip());
                let _ = u.set_port(Some(via.port()));
            }
        }
        if u.scheme() != "http" {
            return Err(SendError::Transport(format!(
                "{url}: an https:// URL outside the probed agent's origin cannot be called (only that origin goes through the recording proxy, which opens TLS)"
            )));
        }
        u.as_str()
            .parse()
            .map_err(|e| SendError::Transport(format!("{url}: {e}")))
    }
}

/// The prober's HTTP/1.1 connections, the idle ones by `host:port` (ux40b).
///
/// hyper-util's pooled client raced every request that found no idle connection against a
/// new connection: a connection whose answer had just ended was put back into its pool by
/// a task of its own, so the next request often found none and opened a second connection,
/// kept idle beside the first. A single-threaded HTTP/1.1 server (Python's
/// `http.server.HTTPServer`) serves one connection at a time, and waits on the idle one
/// for its next request: a request sent on the other went unanswered for the whole
/// `--timeout` (the recording proxy ties each of its client connections to one upstream
/// connection). Here a connection whose answer was read to its end is put back before the
/// next request starts ([`Conns::put_back`]), so sequential requests share one connection;
/// a second one is opened only while the first is busy (an SSE stream open beside a send).
#[derive(Default)]
struct Conns {
    idle: Mutex<HashMap<String, Vec<SendRequest<Full<Bytes>>>>>,
}

/// At most this many idle connections are kept per origin; more are closed.
const MAX_IDLE_PER_ORIGIN: usize = 4;

/// Longest wait for a connection whose answer ended to be ready for the next request
/// (hyper readies it at once; a server's `Connection: close` closes it instead).
const READY_WAIT: Duration = Duration::from_secs(1);

/// A connection in use by one request, with the `host:port` it goes to.
struct Lease {
    key: String,
    sender: SendRequest<Full<Bytes>>,
}

/// A TCP connection that could not be opened: `cannot connect to HOST:PORT`, the OS error
/// as its source (read by [`ConnectFailure::refused_in`]).
#[derive(Debug)]
struct ConnectError {
    addr: String,
    source: std::io::Error,
}

impl std::fmt::Display for ConnectError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "cannot connect to {}", self.addr)
    }
}

impl std::error::Error for ConnectError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        Some(&self.source)
    }
}

impl ConnectError {
    /// Opens a TCP connection to `host` (brackets of an IPv6 literal dropped) and `port`,
    /// with Nagle off (the prober's requests are small and waited for); `key` is the
    /// `host:port` the error names.
    async fn connect(host: &str, port: u16, key: &str) -> Result<tokio::net::TcpStream, Self> {
        let tcp = tokio::net::TcpStream::connect((
            host.trim_start_matches('[').trim_end_matches(']'),
            port,
        ))
        .await
        .map_err(|source| ConnectError {
            addr: key.to_string(),
            source,
        })?;
        let _ = tcp.set_nodelay(true);
        Ok(tcp)
    }
}

type BoxError = Box<dyn std::error::Error + Send + Sync>;

impl Conns {
    /// Sends `req` (an absolute `http://` URI) on an idle connection to its origin, or on a
    /// new one; an idle connection the server closed meanwhile is replaced before the
    /// request is written. The request goes in origin form with `Host` set from the URI
    /// when it has none, as hyper-util's client sends it. The answer's head and the
    /// connection, to [`Self::put_back`] once the body was read to its end.
    async fn request(
        &self,
        mut req: Request<Full<Bytes>>,
    ) -> Result<(hyper::Response<Incoming>, Lease), BoxError> {
        let uri = req.uri().clone();
        let host = uri.host().ok_or("request URI without a host")?;
        let port = uri.port_u16().unwrap_or(80);
        let key = format!("{host}:{port}");
        if !req.headers().contains_key(http::header::HOST) {
            let value = match uri.port_u16() {
                Some(p) if p != 80 => format!("{host}:{p}"),
                _ => host.to_string(),
            };
            req.headers_mut()
                .insert(http::header::HOST, HeaderValue::from_str(&value)?);
        }
        *req.uri_mut() = uri.path_and_query().map_or("/", |p| p.as_str()).parse()?;
        let idle = {
            let mut map = self.idle.lock().unwrap_or_else(|p| p.into_inner());
            let list = map.entry(key.clone()).or_default();
            let mut found = None;
            while let Some(s) = list.pop() {
                if s.is_ready() {
                    found = Some(s);
                    break;
                }
            }
            found
        };
        if let Some(mut sender) = idle {
            match sender.try_send_request(req).await {
                Ok(resp) => return Ok((resp, Lease { key, sender })),
                // not written: the connection closed while idle; a new one takes it
                Err(mut e) => match e.take_message() {
                    Some(r) => req = r,
                    None => return Err(Box::new(e.into_error())),
                },
            }
        }
        let tcp = ConnectError::connect(host, port, &key).await?;
        let (mut sender, conn) = hyper::client::conn::http1::handshake(TokioIo::new(tcp)).await?;
        tokio::spawn(async move {
            // ends when the connection closes or every handle to it is dropped
            let _ = conn.await;
        });
        let resp = sender.send_request(req).await?;
        Ok((resp, Lease { key, sender }))
    }

    /// Sends `req` (an absolute `http://` URI; a `Host` field, when set, becomes the
    /// `:authority`, so the recording names the URL the card advertised) on a new HTTP/2
    /// connection with prior knowledge (h2c), closed once the answer and every handle to
    /// it are dropped. gRPC's transport (GRPC-001): the recording proxy speaks h2c to the
    /// prober and HTTP/2 (h2c, or TLS with ALPN `h2`) to the agent.
    async fn request_h2(
        mut req: Request<Full<Bytes>>,
    ) -> Result<hyper::Response<Incoming>, BoxError> {
        let uri = req.uri().clone();
        let host = uri.host().ok_or("request URI without a host")?;
        let port = uri.port_u16().unwrap_or(80);
        let key = format!("{host}:{port}");
        if let Some(h) = req.headers_mut().remove(http::header::HOST) {
            let pq = uri.path_and_query().map_or("/", |p| p.as_str());
            let shown = format!("http://{}{pq}", h.to_str().unwrap_or(&key));
            *req.uri_mut() = shown.parse().unwrap_or(uri.clone());
        }
        let tcp = ConnectError::connect(host, port, &key).await?;
        let (mut sender, conn) = hyper::client::conn::http2::handshake(
            hyper_util::rt::TokioExecutor::new(),
            TokioIo::new(tcp),
        )
        .await?;
        tokio::spawn(async move {
            let _ = conn.await;
        });
        Ok(sender.send_request(req).await?)
    }

    /// Keeps `lease`'s connection for the next request to its origin once it is ready for
    /// one (its answer read to the end); a connection the server closed, or one not ready
    /// within [`READY_WAIT`], is dropped.
    async fn put_back(&self, lease: Lease) {
        let Lease { key, mut sender } = lease;
        if !matches!(
            tokio::time::timeout(READY_WAIT, sender.ready()).await,
            Ok(Ok(()))
        ) {
            return;
        }
        let mut map = self.idle.lock().unwrap_or_else(|p| p.into_inner());
        let list = map.entry(key).or_default();
        if list.len() < MAX_IDLE_PER_ORIGIN {
            list.push(sender);
        }
    }
}

/// The body with its `Content-Encoding` undone (RFC 9110 §8.4), the coding, and why it did
/// not decode. A body cut short (`complete` false: deadline, broken connection, size limit)
/// keeps what decodes of it; the decoded body is limited to [`MAX_BODY_BYTES`]. As the
/// verifier reads them (breaker44): an empty body is the empty answer (a 204 or a HEAD
/// under `Content-Encoding: gzip` has no content to code), and an event stream whose bytes
/// all decode but whose coding never ended is the events it decoded to.
fn decoded(
    headers: &HeaderMap,
    raw: Bytes,
    complete: bool,
) -> (Bytes, Option<String>, Option<String>) {
    use crate::model::coding;
    let Some(ce) = coding::content_coding(
        headers
            .get_all(http::header::CONTENT_ENCODING)
            .iter()
            .filter_map(|v| v.to_str().ok()),
    ) else {
        return (raw, None, None);
    };
    if raw.is_empty() {
        return (raw, Some(ce), None);
    }
    match coding::decode(Some(&ce), &raw, MAX_BODY_BYTES) {
        Ok(b) => (Bytes::from(b.into_owned()), Some(ce), None),
        Err(e) => {
            let stream = headers
                .get(http::header::CONTENT_TYPE)
                .and_then(|v| v.to_str().ok())
                .is_some_and(|t| {
                    t.trim_start()
                        .to_ascii_lowercase()
                        .starts_with("text/event-stream")
                });
            if let Some(b) = stream.then(|| unfinished_coding(&ce, &raw)).flatten() {
                return (Bytes::from(b), Some(ce), None);
            }
            if !complete && !matches!(e, coding::CodingError::Unsupported(_)) {
                if let Some(p) = coding::decode_prefix(Some(&ce), &raw, MAX_BODY_BYTES) {
                    return (Bytes::from(p.into_owned()), Some(ce), None);
                }
            }
            let why = format!("{e} (Content-Encoding: {ce})");
            (raw, Some(ce), Some(why))
        }
    }
}

/// What `raw`, in the codings `ce`, decodes to when every byte decodes and only the
/// coding's end is missing (a gzip member with no final block or trailer: an agent that
/// stopped writing its stream); `None` when the bytes are corrupt before their end, over
/// [`MAX_BODY_BYTES`], or in a coding this tool lacks. The verifier's reading of such a
/// stream (`verify::engine` exchange_end), piece by piece as it arrived.
fn unfinished_coding(ce: &str, raw: &[u8]) -> Option<Vec<u8>> {
    use crate::model::coding::{CodingError, StreamDecoder};
    let mut d = StreamDecoder::new(Some(ce), MAX_BODY_BYTES).ok()??;
    let mut out = Vec::new();
    for piece in raw.chunks(64 * 1024) {
        out.extend(d.push(piece).ok()?);
    }
    match d.finish() {
        Ok(rest) => out.extend(rest),
        Err(CodingError::Corrupt(_)) => {}
        Err(_) => return None,
    }
    Some(out)
}

/// `url` sent to the relay listener at `addr` (plain HTTP, same path and query).
fn relayed_uri(url: &Url, addr: SocketAddr) -> Result<http::Uri, SendError> {
    let mut u = url.clone();
    let _ = u.set_scheme("http");
    let _ = u.set_ip_host(addr.ip());
    let _ = u.set_port(Some(addr.port()));
    u.as_str()
        .parse()
        .map_err(|e| SendError::Transport(format!("{url}: {e}")))
}

/// `host[:port]` of `url` as a `Host` field value (the port only when not the scheme's
/// default, RFC 9110 §7.2).
fn authority(url: &Url) -> String {
    let host = url.host_str().unwrap_or("");
    match url.port() {
        Some(p) => format!("{host}:{p}"),
        None => host.to_string(),
    }
}

/// Whether `host` (a URL's host: a name, an IPv4 address or a bracketed IPv6 address)
/// names this machine's loopback interface: `localhost` and names under `.localhost`
/// (RFC 6761 §6.3), `127.0.0.0/8` and `::1`.
pub fn is_loopback_host(host: &str) -> bool {
    let h = host.trim_matches(['[', ']']).to_ascii_lowercase();
    let h = h.strip_suffix('.').unwrap_or(&h);
    h == "localhost"
        || h.ends_with(".localhost")
        || h.parse::<std::net::IpAddr>()
            .is_ok_and(|ip| ip.is_loopback())
}

/// `--allow-host` pattern match: `*` (any), `*.example.com` (subdomains), or exact.
pub fn host_matches(pattern: &str, host: &str) -> bool {
    let p = pattern.trim().to_ascii_lowercase();
    let h = host.to_ascii_lowercase();
    if p == "*" {
        return true;
    }
    if let Some(suffix) = p.strip_prefix("*.") {
        return h.ends_with(&format!(".{suffix}"));
    }
    p == h
}

fn error_chain(e: &dyn std::error::Error) -> String {
    let mut s = e.to_string();
    let mut src = e.source();
    while let Some(c) = src {
        s.push_str(": ");
        s.push_str(&c.to_string());
        src = c.source();
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    fn transport(allow: &[&str]) -> Transport {
        Transport::new(TransportConfig {
            base: Url::parse("http://127.0.0.1:9000/").unwrap(),
            via: Some("127.0.0.1:7000".parse().unwrap()),
            allow_hosts: allow.iter().map(|s| s.to_string()).collect(),
            max_requests: 1,
        })
    }

    /// breaker44: the probe reads coded bodies as the verifier does. An empty body under
    /// `Content-Encoding: gzip` (a 204 to a call) is the empty answer, not "the body is not
    /// valid gzip data"; an event stream gzip'd per event whose gzip member never ended
    /// gives its events (it gave none: "stream carried no event"); the same bytes as a JSON
    /// body, or a stream corrupt before its end, still do not decode.
    #[test]
    fn coded_bodies_read_as_the_verifier_reads_them() {
        use std::io::Write;
        let mut h = HeaderMap::new();
        h.insert(http::header::CONTENT_ENCODING, "gzip".parse().unwrap());
        let (b, ce, why) = decoded(&h, Bytes::new(), true);
        assert!(b.is_empty() && ce.as_deref() == Some("gzip") && why.is_none());
        let mut z = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
        z.write_all(b"data: {\"task\":{}}\n\n").unwrap();
        z.flush().unwrap();
        let unfinished = Bytes::from(z.get_ref().clone());
        let mut json = h.clone();
        json.insert(
            http::header::CONTENT_TYPE,
            "application/json".parse().unwrap(),
        );
        assert!(decoded(&json, unfinished.clone(), true).2.is_some());
        h.insert(
            http::header::CONTENT_TYPE,
            "text/event-stream".parse().unwrap(),
        );
        let (b, _, why) = decoded(&h, unfinished.clone(), true);
        assert_eq!((&b[..], why), (&b"data: {\"task\":{}}\n\n"[..], None));
        let mut corrupt = unfinished.to_vec();
        corrupt.extend_from_slice(b"\x00\xffnot deflate data");
        assert!(decoded(&h, Bytes::from(corrupt), true).2.is_some());
    }

    #[test]
    fn ssrf_guard_allows_probed_host_proxy_and_patterns_only() {
        let t = transport(&["*.example.test"]);
        let ok = |u: &str| t.check_url(&Url::parse(u).unwrap()).is_ok();
        assert!(ok("http://127.0.0.1:9000/a2a"));
        assert!(ok("http://127.0.0.1:7000/"));
        assert!(ok("http://agent.example.test/"));
        assert!(!ok("http://169.254.169.254/latest/meta-data"));
        assert!(!ok("http://example.test/"));
        assert!(!ok("file:///etc/passwd"));
    }

    #[test]
    fn probed_origin_is_sent_to_the_proxy() {
        let t = transport(&[]);
        let back = t.unproxied(&Url::parse("http://127.0.0.1:7000/rpc").unwrap());
        assert_eq!(back.as_str(), "http://127.0.0.1:9000/rpc");
        let uri = t
            .target_uri(&Url::parse("http://127.0.0.1:9000/x?y=1").unwrap())
            .unwrap();
        assert_eq!(uri.to_string(), "http://127.0.0.1:7000/x?y=1");
    }

    #[tokio::test]
    async fn budget_stops_requests() {
        let t = transport(&[]);
        let req = ProbeRequest {
            method: Method::GET,
            url: Url::parse("http://127.0.0.1:1/").unwrap(),
            headers: vec![],
            body: None,
        };
        // the first one is sent (and fails to connect), the second is refused unsent
        let _ = t.send(req.clone(), Duration::from_secs(2)).await;
        assert!(matches!(
            t.send(req, Duration::from_secs(2)).await,
            Err(SendError::Budget(1))
        ));
        assert_eq!(t.sent(), 1);
    }

    /// `probe` and `interop` count the budget's skips by these closing words.
    #[test]
    fn a_budget_refusal_ends_with_the_words_the_runs_count() {
        let e = SendError::Budget(7).to_string();
        assert_eq!(e, "request budget of 7 requests used up (--max-requests)");
        assert!(e.ends_with(BUDGET_USED_UP), "{e}");
    }
}

/*!
The recording proxy, reverse mode: listeners, routing, the tee, card rewrite.

```text
 client ──h1/h2c──► listener ─► handle() ─► route ─► legacy client ──h1 / h2c──► agent
                        │           │ request_head, TeeBody(request) ─┐
                   conn_open        └ response_head, TeeBody(response)┴─► EventSink ─► recorder
```

- hyper 1 server (HTTP/1.1 and h2c prior knowledge on one listener: a plain-TCP client's
  first bytes are peeked at, HTTP/1.x goes to hyper's `http1` server, the h2 preface and TLS
  to hyper-util's `auto`; see `speaks_http1`), hyper-util
  legacy client to the upstream: HTTP/1.1, or h2c (prior knowledge) when the client spoke
  HTTP/2; an `https://` upstream gets TLS (rustls, SNI = the upstream's host, ALPN `h2` then
  `http/1.1`, trust from [`tls::UpstreamTrust`]: the OS roots plus `--upstream-ca`) whatever
  the client spoke. No idle timeouts anywhere (A2A streams may be silent for minutes).
- Every body frame passes unchanged and at once ([`tee::TeeBody`]); exactly one
  `exchange_end` per exchange (`complete | client_abort | upstream_abort | upstream_error`,
  `open` when the proxy shut down under it).
- HTTP/1.1 field names keep the sender's case both ways (hyper's `preserve_header_case`
  on the server and the upstream clients; breaker18b X12); their order is hyper's (fields
  grouped by name, repeated fields in the order received, RFC 9110 §5.3), the fields
  left after the hop-by-hop ones are taken out keep the sender's order when those came
  last (or there were none), both ways, and always in a request forwarded with
  `--no-via`; otherwise the last field takes a removed one's place (attack60: keeping the
  order there costs ~2k instructions per message), and the recording holds them
  lower-cased, in the order received.
- Hop-by-hop headers (RFC 9110 §7.6.1) are stripped both ways; `Host` is rewritten to the
  upstream's authority. `request_head.url` is the URL as the client addressed it,
  `request_head.upstream` the URL forwarded to.
- Transfer codings other than `chunked` (`Transfer-Encoding: gzip, chunked`, `xchunked`)
  stay declared on the forwarded HTTP/1.1 message (RFC 9112 §7; hyper undoes and redoes
  only `chunked`): an HTTP/2 or HTTP/1.0 client gets the agent's `gzip` / `deflate` body
  decoded, an unknown coding for such a client is a `502`; a request's codings that the
  upstream leg cannot carry (h2c, TLS) get `501` (RFC 9112 §6.1) (breaker18b X3, X4).
- A message with both `Transfer-Encoding` and `Content-Length` loses the `Content-Length`
  (RFC 9112 §6.3 item 3: the body is framed by its Transfer-Encoding; hyper's server
  already drops it from requests); the recorded `response_head` keeps both, and `proxy`
  prints one WARNING line per run naming the agent (RFC 9112 §6.2: a sender MUST NOT send
  both).
- Interim `1xx` responses from the agent (`103 Early Hints`, RFC 8297) are not forwarded:
  hyper's client consumes them and its server has no way to send one, so the client gets
  only the final response (RFC 9110 §15.2 asks a proxy to forward them; clients may ignore
  them, and A2A defines none); each is recorded as a `response_interim` event (open45;
  HTTP/1.1 upstreams, plain or TLS through [`early::OverTls`] (open46); not HTTP/2, whose
  interim HEADERS hyper's client skips). More than [`early::MAX_INTERIMS`] (64) before the
  final response end the exchange: the client gets a `502`, the recording the first 64 and
  an `upstream_error` naming the limit (attack58: an endless run of `103`s grew memory
  without bound). An HTTP/2 agent's are cut at the same count, from the frame headers
  ([`h2_frames`], attack59: none is recorded, the whole agent connection ends).
- Bytes an agent sends past the end its `Content-Length` frames are not forwarded (the
  message ends there, RFC 9112 §6.3); their count is recorded as `response_excess`
  (HTTP/1.1 upstreams, plain or TLS, counted by [`early::EarlyAnswerIo`] without a copy;
  open45), also when they come after the exchange ended (`late`, open46). An HTTP/1.1 client's `Expect: 100-continue` is forwarded, and
  its body is read (hyper then sends the client `100 Continue`) only once the agent sent its
  `100`, or after [`EXPECT_CONTINUE_WAIT`] without an answer; an agent's final answer first
  reaches the client first, its body unsent ([`ContinueGate`], RFC 9110 §10.1.1; breaker18b
  X8). An agent's `101` is answered `502` (the proxy forwards no `Upgrade`).
- An unreachable upstream gets the client a `502` with a plain-text cause and the recording
  a synthetic `response_head` plus `exchange_end{upstream_error}`.
- Bad input (malformed requests, resets, garbage bodies) ends at most that connection.
*/

pub mod attribution;
pub mod card;
pub mod early;
pub mod forward;
pub mod h2_frames;
pub mod h2c;
pub mod plain_on_tls;
pub mod rapid_reset;
pub mod refusal;
pub mod route;
pub mod self_loop;
pub mod sequential;
pub mod tee;
pub mod tls;

use std::convert::Infallible;
use std::net::SocketAddr;
use std::pin::Pin;
use std::sync::atomic::{AtomicBool, AtomicU16, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Duration;

use bytes::Bytes;
use http::header::{self, HeaderMap, HeaderName, HeaderValue};
use http::{Method, Request, Response, StatusCode, Uri, Version};
use http_body::Body as _;
use http_body_util::combinators::UnsyncBoxBody;
use http_body_util::{BodyExt, Full};
use hyper::body::Incoming;
use hyper_util::client::legacy::connect::HttpConnector;
use hyper_util::client::legacy::Client;
use hyper_util::rt::{TokioExecutor, TokioIo};
use tokio::net::TcpListener;
use tokio::sync::watch;
use tokio::task::JoinSet;

use crate::record::writer::EventSink;
use crate::record::{Body, ConnectFailure, EventKind, Outcome, Route};

pub use route::{parse_route, RouteTable};
use tee::{error_chain, headers_of, BoxError, Direction, ExchangeCtx, TeeBody};

/// Body type of everything the proxy sends (both legs).
pub type ProxyBody = UnsyncBoxBody<Bytes, BoxError>;

/// Time open connections get to finish after [`ProxyHandle::shutdown`] by default (2 s;
/// `proxy --shutdown-grace SECS`, [`ProxyExtras::shutdown_grace`], sets another).
pub const SHUTDOWN_GRACE: Duration = Duration::from_secs(2);

/// Longest wait at shutdown, once the client connections are closed, for their exchanges
/// to send their `exchange_end` when the shutdown grace is already over (250 ms).
const EXCHANGE_END_WAIT: Duration = Duration::from_millis(250);

/// Reverse-proxy configuration.
#[derive(Clone, Debug)]
pub struct ProxyConfig {
    /// Client-facing listen address; port 0 picks a free port ([`ProxyHandle::local_addr`]).
    pub listen: SocketAddr,
    /// Routes (prefix to upstream base URL); `--upstream URL` is the route `/`.
    pub routes: Vec<Route>,
    /// Rewrite Agent Card URLs that point at an upstream to the proxy ([`card`]).
    pub rewrite_card: bool,
    /// Bytes recorded per exchange and direction; past it the body is forwarded but marked
    /// `truncated` in the recording.
    pub capture_cap: usize,
    /// Leg name stamped on every event (`Event::leg`) unless a route names its own.
    pub leg: Option<String>,
}

/// A running proxy. Dropping it without [`ProxyHandle::shutdown`] stops accepting too.
pub struct ProxyHandle {
    local_addr: SocketAddr,
    stop: watch::Sender<bool>,
    /// [`ProxyHandle::stop_now`]: cuts the shutdown grace short.
    now: StopNow,
    live: Arc<tee::LiveExchanges>,
    task: Option<tokio::task::JoinHandle<()>>,
}

/// Cuts a proxy's shutdown grace ([`ProxyExtras::shutdown_grace`]) short: a second Ctrl-C. The
/// connections still open are closed at once and their exchanges end with outcome `open`
/// (every event recorded so far stays in the recording). Cheap to clone; triggering it
/// before [`ProxyHandle::shutdown`] makes that shutdown skip the grace.
#[derive(Clone, Debug)]
pub struct StopNow(Arc<watch::Sender<bool>>);

impl StopNow {
    fn new() -> StopNow {
        StopNow(Arc::new(watch::channel(false).0))
    }

    /// Ends the grace now (idempotent).
    pub fn trigger(&self) {
        self.0.send_replace(true);
    }

    fn is_triggered(&self) -> bool {
        *self.0.borrow()
    }

    /// Completes once [`Self::trigger`] was called.
    async fn triggered(&self) {
        let mut rx = self.0.subscribe();
        let _ = rx.wait_for(|now| *now).await;
    }
}

impl ProxyHandle {
    /// The address the listener is bound to.
    pub fn local_addr(&self) -> SocketAddr {
        self.local_addr
    }

    /// Exchanges whose `exchange_end` is not recorded yet (an open SSE stream is one): what
    /// [`Self::shutdown`] waits for, up to its grace ([`ProxyExtras::shutdown_grace`]).
    pub fn open_exchanges(&self) -> usize {
        self.live.open_count()
    }

    /// A handle that cuts this proxy's shutdown grace short ([`StopNow`]).
    pub fn stop_now(&self) -> StopNow {
        self.now.clone()
    }

    /// Stops accepting, asks open connections to close, and ends those still open after
    /// the grace ([`ProxyExtras::shutdown_grace`], default [`SHUTDOWN_GRACE`]; their
    /// exchanges end with outcome `open`).
    pub async fn shutdown(mut self) {
        let _ = self.stop.send(true);
        if let Some(t) = self.task.take() {
            let _ = t.await;
        }
    }
}

impl Drop for ProxyHandle {
    fn drop(&mut self) {
        let _ = self.stop.send(true);
    }
}

struct State {
    sink: Option<EventSink>,
    routes: Vec<Route>,
    table: RouteTable,
    rewrite_card: bool,
    /// [`ProxyExtras::rewrite_signed_cards`].
    rewrite_signed_cards: bool,
    /// `--rewrite-card`: client-side paths an Agent Card path redirected to (a GET of one
    /// is served as a card, rewritten), at most [`MAX_CARD_REDIRECTS`]; and the foreign
    /// redirect targets already warned about (breaker10n N12).
    card_redirects: std::sync::Mutex<CardRedirects>,
    /// Print card-rewrite warnings on stderr (`proxy`); off when the proxy serves a tool
    /// run (`probe`, `interop`), whose report has the same fact as a finding.
    console_warnings: bool,
    /// [`ProxyExtras::findings_printed`]: a refusal's warning goes to the debug log.
    findings_printed: bool,
    /// The WARNING about an agent framing a response with both `Transfer-Encoding` and
    /// `Content-Length` was printed (once per run: such an agent does it every time).
    framing_warned: AtomicBool,
    /// The WARNING about a card rewritten to the listener's own origin for a request whose
    /// `Forwarded` / `X-Forwarded-*` fields name another public origin was printed (once
    /// per run; breaker16b T10).
    forwarded_warned: AtomicBool,
    capture_cap: usize,
    leg: Option<String>,
    /// The plain-HTTP upstream connector; each client connection builds its own clients
    /// on it ([`Upstreams`]).
    plain: early::EarlyAnswer<HttpConnector>,
    /// Which plain-HTTP upstreams speak h2c (asked once each, see [`h2c`]).
    h2c: h2c::H2cSupport,
    /// `--public-url` ([`ProxyExtras::public_url`]).
    public_url: Option<String>,
    /// `--trust-forwarded` ([`ProxyExtras::trust_forwarded`]).
    trust_forwarded: bool,
    /// `--half-close` ([`ProxyExtras::half_close`]).
    pub(crate) half_close: bool,
    /// How long open connections get at shutdown ([`ProxyExtras::shutdown_grace`]).
    pub(crate) shutdown_grace: Duration,
    /// TLS to the upstream: `https://` routes and `--intercept-tls`; `None` when neither.
    /// Each client connection builds its connector from it ([`Upstreams::https`]).
    https: Option<HttpsParts>,
    /// Exchanges whose `exchange_end` is not sent yet; shutdown ends them all.
    live: Arc<tee::LiveExchanges>,
    /// Forward mode (`--forward`), else reverse only.
    forward: Option<forward::ForwardState>,
    /// Turns `true` on shutdown (CONNECT tunnels watch it).
    stop_rx: watch::Receiver<bool>,
    /// `--tls-cert/--tls-key`: the client-facing listener speaks TLS (ALPN h2, http/1.1).
    listener_tls: Option<tokio_rustls::TlsAcceptor>,
    /// Plaintext HTTP requests refused on the TLS listener, for the rate-limited stderr
    /// line ([`plain_on_tls`]).
    plain_on_tls: plain_on_tls::Said,
    /// Failed `accept`s (out of file descriptors): one stderr line at once, then one a
    /// minute with the count, the rest said at the stop (ux42: a `tracing` WARN line every
    /// 50 ms, 20 a second, while the limit was reached).
    accept_failed: plain_on_tls::Said,
    /// Client TLS handshakes that failed on the `--tls-cert` listener, for the rate-limited
    /// stderr line ([`plain_on_tls::HandshakeFailures`]).
    tls_failed: plain_on_tls::HandshakeFailures,
    /// The `--tls-cert` file, named in that line.
    tls_cert: Option<std::path::PathBuf>,
    /// [`ProxyExtras::tls_ports`].
    tls_ports: tls::TlsPorts,
    /// [`ProxyExtras::client_scheme`].
    client_scheme: Option<&'static str>,
    /// [`ProxyExtras::preserve_host`].
    preserve_host: bool,
    /// Each open tunnel holds a clone; shutdown waits until all are dropped.
    tunnels: std::sync::Mutex<Option<tokio::sync::mpsc::Sender<()>>>,
    /// This listener's `Via` pseudonym ([`via_pseudonym`]): appended to every request it
    /// forwards, and a request arriving with it is a loop ([`came_back`]).
    via_name: String,
    /// The `Via` values this listener appends for a request received over HTTP/1.1 and over
    /// HTTP/2 (`1.1 NAME`, `2 NAME`), made once: a clone is a reference count, where a
    /// `format!` and a header-value check per request were not free on the forwarding path.
    /// Both `None` with `--no-via` ([`ProxyExtras::no_via`]): no `Via` is appended.
    via_h1: Option<HeaderValue>,
    via_h2: Option<HeaderValue>,
    /// Caller / callee of each exchange (two or more routes, or `--caller`).
    attrib: Option<Arc<attribution::Attributor>>,
    /// `--no-via`: the run's open upstream connections ([`self_loop`]); `None` otherwise.
    own: Option<Arc<self_loop::OwnConnections>>,
}

impl State {
    /// A guard an open tunnel holds until it has recorded its `tunnel` event.
    fn tunnel_guard(&self) -> Option<tokio::sync::mpsc::Sender<()>> {
        self.tunnels.lock().ok().and_then(|g| g.clone())
    }
}

/// Longest wait for a TCP connection to an upstream (10 s); after it the client gets a 502
/// and the recording an `upstream_error`.
pub const UPSTREAM_CONNECT_TIMEOUT: std::time::Duration = std::time::Duration::from_secs(10);

/// Starts the proxy: binds `cfg.listen` and serves until shut down; every exchange is
/// recorded through `sink`.
///
/// Errors: the address cannot be bound (in use, not permitted), or a route's upstream is
/// not a valid `http://` / `https://` URL (`InvalidInput`).
pub async fn start(cfg: ProxyConfig, sink: EventSink) -> std::io::Result<ProxyHandle> {
    start_inner(cfg, Some(sink)).await
}

/// The same proxy with the tee and recorder off: a bare hyper forwarder, for the benchmark
/// baseline (`benches/proxy.rs`). Not for use otherwise.
#[doc(hidden)]
pub async fn start_bare(cfg: ProxyConfig) -> std::io::Result<ProxyHandle> {
    start_inner(cfg, None).await
}

/// [`start`] on a listener the caller already bound (`cfg.listen` is ignored): the caller
/// knows the address before the proxy runs, with no window for another socket to take it.
///
/// Errors: a route is invalid (`InvalidInput`).
pub async fn start_on(
    listener: TcpListener,
    cfg: ProxyConfig,
    sink: EventSink,
) -> std::io::Result<ProxyHandle> {
    serve(listener, cfg, Some(sink), ProxyExtras::default()).await
}

/// Forward mode ([`forward`]) on a listener the caller already bound: absolute-form
/// requests and CONNECT tunnels; origin-form requests still go through `cfg.routes` (none
/// = 400 with a hint to use the proxy as `HTTP_PROXY`).
///
/// Errors: a route is invalid (`InvalidInput`).
pub async fn start_forward_on(
    listener: TcpListener,
    cfg: ProxyConfig,
    fwd: forward::ForwardConfig,
    sink: EventSink,
) -> std::io::Result<ProxyHandle> {
    start_ext_on(
        listener,
        cfg,
        ProxyExtras {
            forward: Some(fwd),
            ..ProxyExtras::default()
        },
        sink,
    )
    .await
}

/// Listener options beyond [`ProxyConfig`] (kept apart so existing configurations stay
/// valid): forward mode and a TLS client-facing listener.
#[derive(Clone, Debug, Default)]
pub struct ProxyExtras {
    /// Forward mode ([`forward`]).
    pub forward: Option<forward::ForwardConfig>,
    /// `http://` upstreams found to speak TLS at start-up: a failed request to one names
    /// `https://` ([`tls::TlsPorts`], review22 R8).
    pub tls_ports: tls::TlsPorts,
    /// TLS on the client-facing listener (`--tls-cert FILE --tls-key FILE`, PEM).
    pub tls: Option<tls::ListenerTls>,
    /// Further reverse listeners recorded into the same file, each with its own routes and
    /// `leg` (gateway verification: the client leg in front of a gateway, the `upstream` leg
    /// between gateway and agent). Used by the pipeline ([`crate::app::pipeline`]).
    pub more: Vec<ProxyConfig>,
    /// `--caller NAME=SUBSTRING` (repeatable): names the caller of a request by its
    /// `User-Agent` when the proxy cannot find it by process ([`attribution`]).
    pub callers: Vec<attribution::CallerName>,
    /// Trust for `https://` upstreams (`--upstream-ca`, `--insecure-upstream`); with
    /// `--intercept-tls` the CAs of [`forward::InterceptConfig`] are added to it.
    pub upstream_tls: tls::UpstreamTrust,
    /// The proxy serves a tool run (`probe`, `interop`): no WARNING lines of its own on
    /// stderr (what they say is in the recording and the verifier's findings).
    pub quiet: bool,
    /// Header names that carry credentials in this run beyond the redactor's built-in list
    /// (`probe --auth-header NAME: ...`, `interop --auth-header-a/-b`): the recorder redacts
    /// them (read by the pipeline, [`crate::record::writer::RecorderConfig`]).
    pub secret_headers: Vec<String>,
    /// The scheme clients addressed when it is not the listener's own: a plain loopback
    /// listener standing in for an `https://` origin (the prober's relay for a card URL on
    /// another origin, [`crate::probe::transport::Relays`]) records `request_head.url` as
    /// `https://...`, the URL the card gave and the client used. `None`: `https` with
    /// `--tls-cert`, else `http`.
    pub client_scheme: Option<&'static str>,
    /// `--preserve-host`: send the agent the `Host` the client sent (an HTTP/2 client's
    /// `:authority`) instead of the upstream URL's authority, for an upstream that routes
    /// by `Host` (a Kubernetes ingress, virtual hosts: nginx `proxy_set_header Host $host`,
    /// RFC 9110 §7.2); the connection still goes to the upstream URL's address (and TLS
    /// name). Plain HTTP upstreams get it over HTTP/1.1 (no h2c upgrade).
    pub preserve_host: bool,
    /// `--public-url URL`: the base (`https://agents.example.com/agents/x`, no trailing
    /// slash) the cards `--rewrite-card` serves advertise, instead of the scheme and
    /// `Host` the proxy's own listener saw; a route's prefix is added after it. For a proxy
    /// behind a TLS or path-prefix front (CARD-005: the interface URL is where clients
    /// reach the agent). Checked by [`card::public_url`].
    pub public_url: Option<String>,
    /// The command driving the proxy with its own requests (`probe`, `interop`), written
    /// to the recording header ([`crate::record::RecordingHeader::driver`]); `None` for
    /// `proxy`.
    pub driver: Option<String>,
    /// `--trust-forwarded`: build the rewritten card's base from the request's
    /// `Forwarded` (RFC 7239 `proto`, `host`) or `X-Forwarded-Proto` / `X-Forwarded-Host` /
    /// `X-Forwarded-Prefix` ([`card::forwarded_origin`]). Off by default: any client can
    /// send these headers, so trusting them is for a proxy reachable only through a front
    /// that sets them.
    pub trust_forwarded: bool,
    /// `--half-close`: an HTTP/1.1 client that shuts its sending side after its request
    /// (`shutdown(SHUT_WR)`, `printf ... | nc -N`) still gets its answer (hyper's
    /// `half_close(true)`; RFC 9112 §9.6 lets a client close its side first). Off by
    /// default (breaker18b X2): with it, a client that gave up while its request waits
    /// for the agent looks the same as one that only shut its sending side until the answer
    /// is written, so its exchange is not ended `client_abort` at once, the agent's request
    /// is not cancelled, and a gateway that gives up on a stream is seen late or not at all
    /// (GW-SSE-002). No per-request cost either way (one server option per connection).
    pub half_close: bool,
    /// With `rewrite_card`: rewrite JWS-signed cards too. Off for `proxy`, which serves a
    /// signed card (`signatures[]`) untouched because a rewrite invalidates its signatures
    /// (CARD-010, breaker17b V4); on for a tool run (`probe`, `interop`) whose only card
    /// clients are the tool's own, which check no signatures and must stay on the recorder.
    pub rewrite_signed_cards: bool,
    /// `--upstream-sni NAME`: for the `https://` upstreams of the routes, the TLS server
    /// name the proxy sends (SNI, RFC 6066 §3) and checks the agent's certificate against
    /// (RFC 9110 §4.3.4), instead of the upstream URL's host; the TCP connection still goes
    /// to the upstream URL's address. For a front that routes TLS by SNI (an ingress with
    /// TLS passthrough, nginx `ssl_preread`) reached by IP or an internal name. A DNS name
    /// ([`sni_name`]); intercepted `CONNECT` targets keep their own names.
    pub upstream_sni: Option<String>,
    /// The pipeline prints every finding live (`proxy` without `-q`): a refused request is
    /// then said once, by its HTTP-FRAME-003 line, not also by the proxy's own warning
    /// (newcomer19 N11: README promises one line per refused request).
    pub findings_printed: bool,
    /// `--shutdown-grace SECS`: how long [`ProxyHandle::shutdown`] lets open connections
    /// finish (an SSE stream still sending) before it closes them and ends their exchanges
    /// with outcome `open`; a [`StopNow`] cuts it short. `None`: [`SHUTDOWN_GRACE`] (2 s).
    pub shutdown_grace: Option<Duration>,
    /// `--listen localhost:PORT`: besides 127.0.0.1:PORT, listen on `[::1]:PORT` too, the
    /// other address `localhost` resolves to, so a client that tries `::1` first and does
    /// not fall back (Node.js before 20, Go with `tcp6`) reaches the proxy (uxb38). Used by
    /// the pipeline ([`crate::app::pipeline`]); a `::1` that cannot be bound is said, not
    /// fatal.
    pub also_ipv6_loopback: bool,
    /// The same for the further listeners: `more_also_ipv6_loopback[i]` set when `more[i]`
    /// was given as `--listener LEG@localhost:PORT=URL`, so it listens on `[::1]:PORT` too
    /// (ux39); missing entries are `false`. Used by the pipeline like
    /// [`Self::also_ipv6_loopback`].
    pub more_also_ipv6_loopback: Vec<bool>,
    /// `--no-via`: forward requests without this listener's `Via` entry (RFC 9110 §7.6.3;
    /// for an agent that signs or allow-lists its request headers, attack58). The loop
    /// defence that remains is the start-up check of the upstreams against the listen
    /// addresses ([`forward::listener_reaches`]), in forward mode the per-request check
    /// of the target, and the check of each client connection against the proxy's own
    /// upstream connections ([`self_loop`], attack59: a request that comes back over one
    /// of them, through a name whose address changed after start-up, is refused `508`).
    /// A loop through a hop that opens its own connection (a second proxy, a TCP
    /// forwarder) is forwarded again: only a `Via` check sees it.
    pub no_via: bool,
    /// With [`Self::no_via`]: the upstream connections of the whole run, shared by its
    /// listeners (`--listen`, its `[::1]` twin, each `--listener`), so a request that one
    /// listener forwards to another of the run's listeners is refused too ([`self_loop`]).
    /// `None`: the listener keeps its own.
    pub own_connections: Option<Arc<self_loop::OwnConnections>>,
    /// Other addresses this listener serves as one with its own: the `[::1]:PORT` twin of
    /// a `localhost:PORT` listener, and `127.0.0.1:PORT` for that twin (uxb38). Forward
    /// mode refuses a target that reaches any of them as its own address (attack59: a
    /// target `[::1]:PORT` was forwarded once to the twin, whose `400` "not an absolute
    /// URL" came back as the answer).
    pub same_listener: Vec<SocketAddr>,
}

/// `--upstream-sni` text as a TLS server name: a DNS name (`agents.example.com`); an IP
/// address is refused (RFC 6066 §3: SNI carries host names only), as is anything that is
/// no DNS name. Errors: one lowercase line saying why.
pub fn sni_name(s: &str) -> Result<rustls::pki_types::ServerName<'static>, String> {
    let s = s.trim().trim_end_matches('.');
    match rustls::pki_types::ServerName::try_from(s.to_string()) {
        Ok(n @ rustls::pki_types::ServerName::DnsName(_)) => Ok(n),
        Ok(_) => Err(format!(
            "{s:?} is an IP address: SNI carries host names only (RFC 6066 §3)"
        )),
        Err(_) => Err(format!("{s:?} is not a DNS name")),
    }
}

/// [`start_on`] with [`ProxyExtras`].
///
/// Errors: a route is invalid, the CA or a certificate / key file cannot be loaded
/// (`InvalidInput` / the IO error).
pub async fn start_ext_on(
    listener: TcpListener,
    cfg: ProxyConfig,
    ext: ProxyExtras,
    sink: EventSink,
) -> std::io::Result<ProxyHandle> {
    serve(listener, cfg, Some(sink), ext).await
}

async fn start_inner(cfg: ProxyConfig, sink: Option<EventSink>) -> std::io::Result<ProxyHandle> {
    let listener = TcpListener::bind(cfg.listen).await?;
    serve(listener, cfg, sink, ProxyExtras::default()).await
}

async fn serve(
    listener: TcpListener,
    cfg: ProxyConfig,
    sink: Option<EventSink>,
    ext: ProxyExtras,
) -> std::io::Result<ProxyHandle> {
    let listener_tls = match &ext.tls {
        Some(t) => Some(tokio_rustls::TlsAcceptor::from(Arc::new(
            t.server_config()?,
        ))),
        None => None,
    };
    let table = RouteTable::new(&cfg.routes)
        .map_err(|e| std::io::Error::new(std::io::ErrorKind::InvalidInput, e))?;
    let local_addr = listener.local_addr()?;
    // `--no-via`: the run's upstream connections, to refuse a client connection that is
    // one of them ([`self_loop`]); nothing kept otherwise
    let own = ext
        .no_via
        .then(|| ext.own_connections.clone().unwrap_or_default());
    let plain = early::EarlyAnswer {
        inner: http_connector(),
        heads: true,
        sequential: None,
        own: own.clone(),
        h2_frames: false,
    };
    let intercept = ext.forward.as_ref().and_then(|f| f.intercept.as_ref());
    let https = if intercept.is_some() || table.has_https() {
        let mut trust = ext.upstream_tls.clone();
        if let Some(ic) = intercept {
            for c in &ic.upstream_ca {
                if !trust.ca.contains(c) {
                    trust.ca.push(c.clone());
                }
            }
            trust.insecure |= ic.insecure_upstream;
        }
        // `--upstream-sni`: for the routes' https upstreams (host:port) only
        let sni = match &ext.upstream_sni {
            Some(n) => {
                let name = sni_name(n)
                    .map_err(|e| std::io::Error::new(std::io::ErrorKind::InvalidInput, e))?;
                let authorities = cfg
                    .routes
                    .iter()
                    .filter_map(|r| r.upstream.parse::<Uri>().ok())
                    .filter(|u| u.scheme() == Some(&http::uri::Scheme::HTTPS))
                    .filter_map(|u| {
                        u.host().map(|h| {
                            format!("{}:{}", h.to_ascii_lowercase(), u.port_u16().unwrap_or(443))
                        })
                    })
                    .collect();
                Some(SniOverride { name, authorities })
            }
            None => None,
        };
        Some(HttpsParts {
            cfg: tls::client_config(&trust.ca, trust.insecure)?,
            sni: sni.map(Arc::new),
        })
    } else {
        None
    };
    let (stop, stop_rx) = watch::channel(false);
    let now = StopNow::new();
    let live = tee::LiveExchanges::new();
    let (tunnel_tx, tunnel_rx) = tokio::sync::mpsc::channel::<()>(1);
    let attrib = attribution::Attributor::new(&cfg.routes, cfg.leg.clone(), ext.callers.clone());
    let via_name = via_pseudonym(local_addr);
    let no_via = ext.no_via;
    let state = Arc::new(State {
        attrib,
        sink,
        routes: cfg.routes,
        table,
        rewrite_card: cfg.rewrite_card,
        rewrite_signed_cards: ext.rewrite_signed_cards,
        card_redirects: std::sync::Mutex::new(CardRedirects::default()),
        console_warnings: !ext.quiet,
        findings_printed: ext.findings_printed,
        framing_warned: AtomicBool::new(false),
        forwarded_warned: AtomicBool::new(false),
        capture_cap: cfg.capture_cap,
        leg: cfg.leg,
        plain,
        h2c: h2c::H2cSupport::default(),
        https,
        live: live.clone(),
        listener_tls,
        plain_on_tls: plain_on_tls::Said::default(),
        accept_failed: plain_on_tls::Said::default(),
        tls_failed: plain_on_tls::HandshakeFailures::default(),
        tls_cert: ext.tls.as_ref().map(|t| t.cert.clone()),
        tls_ports: ext.tls_ports.clone(),
        client_scheme: ext.client_scheme,
        preserve_host: ext.preserve_host,
        public_url: ext.public_url,
        trust_forwarded: ext.trust_forwarded,
        half_close: ext.half_close,
        shutdown_grace: ext.shutdown_grace.unwrap_or(SHUTDOWN_GRACE),
        forward: match ext.forward {
            Some(cfg) => {
                let mut listens = vec![local_addr];
                listens.extend(ext.same_listener.iter().copied());
                Some(forward::ForwardState::new(cfg, listens)?)
            }
            None => None,
        },
        stop_rx: stop_rx.clone(),
        tunnels: std::sync::Mutex::new(Some(tunnel_tx)),
        via_h1: HeaderValue::from_str(&format!("1.1 {via_name}"))
            .ok()
            .filter(|_| !no_via),
        via_h2: HeaderValue::from_str(&format!("2 {via_name}"))
            .ok()
            .filter(|_| !no_via),
        via_name,
        own,
    });
    let task = tokio::spawn(accept_loop(
        listener,
        state,
        stop_rx,
        tunnel_rx,
        now.clone(),
    ));
    Ok(ProxyHandle {
        local_addr,
        stop,
        now,
        live,
        task: Some(task),
    })
}

/// Upstream connector over TLS ([`https_connector_of`]).
pub(crate) type HttpsConnector = early::OverTls<
    tls::HandshakeTimeout<
        hyper_rustls::HttpsConnector<tls::SignalTcp<early::EarlyAnswer<HttpConnector>>>,
    >,
>;

/// Upstream client over TLS ([`https_connector_of`]).
pub(crate) type HttpsClient = Client<HttpsConnector, ProxyBody>;

/// Plain-HTTP upstream client (HTTP/1.1, or h2c prior knowledge).
type PlainClient = Client<early::EarlyAnswer<HttpConnector>, ProxyBody>;

/// The upstream clients of one client connection (breaker16b T5), each built on first use.
///
/// Each client connection has its own upstream connection pool, so the proxy changes no
/// connection semantics (a transparent intermediary, RFC 9110 §7.6; RFC 9112 §9.3.1.1
/// forbids retrying a POST on another connection): an HTTP/1.1 client's keep-alive
/// connection maps to one upstream connection at a time, reused for its next requests,
/// and a client's fresh connection gets a fresh upstream one. A shared pool would send a
/// client's first request on a connection kept from another client's, which the upstream
/// may close as the request arrives (the keep-alive timeout race of nginx, Node, Envoy):
/// a `502` the client would never have seen talking to the agent directly. An h2 client's
/// streams share one upstream h2 connection (HTTP/2 multiplexing kept); its HTTP/1.1
/// upstream requests use as many pooled connections as are open at once. The pool goes
/// when the client connection does, closing the idle upstream connections with it.
/// Per request: one `Arc` clone; per client connection: one allocation plus the clients
/// it uses.
pub(crate) struct Upstreams {
    h1: std::sync::OnceLock<PlainClient>,
    h2: std::sync::OnceLock<PlainClient>,
    https: std::sync::OnceLock<HttpsClient>,
    /// The h1 client's one-connection-per-agent limit, when the client connection speaks
    /// HTTP/1.x ([`sequential`], ux40b); closed with the client connection.
    sequential: Arc<sequential::Sequential>,
}

impl Drop for Upstreams {
    fn drop(&mut self) {
        self.sequential.close();
    }
}

impl Upstreams {
    /// A client connection's empty set (no client built yet).
    pub(crate) fn new() -> Arc<Upstreams> {
        Arc::new(Upstreams {
            h1: std::sync::OnceLock::new(),
            h2: std::sync::OnceLock::new(),
            https: std::sync::OnceLock::new(),
            sequential: Arc::default(),
        })
    }

    /// The HTTP/1.1 client (h1 upstreams; the response heads' bytes kept, [`early`]).
    /// `client_version`: the client connection's, read on first use: an HTTP/1.x client
    /// connection's requests come one after another, so its client keeps one connection
    /// per agent ([`sequential`]: a single-threaded agent serves the next request on the
    /// connection it waits on); an HTTP/2 client's concurrent streams get as many as they
    /// need.
    fn h1(&self, st: &State, client_version: http::Version) -> &PlainClient {
        self.h1.get_or_init(|| {
            let mut conn = st.plain.clone();
            if client_version < http::Version::HTTP_2 {
                conn.sequential = Some(self.sequential.clone());
            }
            Client::builder(TokioExecutor::new())
                .http1_preserve_header_case(true)
                .build(conn)
        })
    }

    /// The h2c prior-knowledge client.
    fn h2(&self, st: &State) -> &PlainClient {
        self.h2.get_or_init(|| {
            let mut conn = st.plain.clone();
            conn.heads = false;
            // an interim flood is cut as over HTTP/1.1 ([`h2_frames`], attack59)
            conn.h2_frames = true;
            Client::builder(TokioExecutor::new())
                .http2_only(true)
                .http2_max_header_list_size(H2_MAX_HEADER_LIST_BYTES)
                .build(conn)
        })
    }

    /// The TLS client, when the proxy has TLS upstreams. `client_version`: as for
    /// [`Self::h1`]: an HTTP/1.x client connection keeps one connection per agent
    /// ([`sequential`]) over TLS too (left41: a single-threaded HTTP/1.1 agent behind TLS,
    /// Python's `HTTPServer` with its socket wrapped in `ssl`, took the pool's racing second
    /// connection once the first closed and held it, so the next client connection's first
    /// request waited for the TLS handshake time limit, 10 s).
    fn https(&self, st: &State, client_version: http::Version) -> Option<&HttpsClient> {
        let parts = st.https.as_ref()?;
        Some(self.https.get_or_init(|| {
            let gate = (client_version < http::Version::HTTP_2).then(|| self.sequential.clone());
            Client::builder(TokioExecutor::new())
                .http1_preserve_header_case(true)
                .http2_max_header_list_size(H2_MAX_HEADER_LIST_BYTES)
                .build(https_connector_of(parts, gate, st.own.clone()))
        }))
    }
}

/// The TCP connector of every upstream client: `TCP_NODELAY`, connecting bounded by
/// [`UPSTREAM_CONNECT_TIMEOUT`] (not streaming: A2A streams may be silent for minutes), so a
/// black-holed upstream answers the client with a 502 instead of hanging it.
fn http_connector() -> HttpConnector {
    let mut conn = HttpConnector::new();
    conn.set_nodelay(true);
    conn.set_connect_timeout(Some(UPSTREAM_CONNECT_TIMEOUT));
    conn
}

/// What every upstream TLS connector is built from: the rustls client configuration
/// ([`tls::client_config`]) and the `--upstream-sni` override.
pub(crate) struct HttpsParts {
    cfg: rustls::ClientConfig,
    sni: Option<Arc<SniOverride>>,
}

/// The upstream client over TLS (RFC 8446 via rustls): `https://` URLs only, SNI = the URL's
/// host (none for an IP address, whose certificate must then name the IP), ALPN `h2` then
/// `http/1.1` (the agent picks; the request goes as HTTP/2 or HTTP/1.1 accordingly), agents'
/// certificates checked against `trust` ([`tls::client_config`]). TCP is bounded by
/// [`UPSTREAM_CONNECT_TIMEOUT`], the TLS handshake after it by
/// [`tls::UPSTREAM_TLS_HANDSHAKE_TIMEOUT`]: a silent TLS agent is a `502`, not a hang.
///
/// Built from `parts` per client connection ([`Upstreams::https`]); `gate`: the
/// one-connection-per-agent limit of an HTTP/1.x client connection ([`sequential`]),
/// claimed before the TCP connect and held by the connection (TLS included) until it
/// closes. `own`: `--no-via`'s set of the run's upstream connections ([`self_loop`]).
pub(crate) fn https_connector_of(
    parts: &HttpsParts,
    gate: Option<Arc<sequential::Sequential>>,
    own: Option<Arc<self_loop::OwnConnections>>,
) -> HttpsConnector {
    let mut tcp = http_connector();
    tcp.enforce_http(false);
    let sni = parts.sni.clone();
    let conn = hyper_rustls::HttpsConnectorBuilder::new()
        .with_tls_config(parts.cfg.clone())
        .https_only()
        .with_server_name_resolver(move |uri: &Uri| server_name_of(uri, sni.as_deref()))
        .enable_all_versions()
        .wrap_connector(tls::SignalTcp(early::EarlyAnswer {
            inner: tcp,
            heads: false,
            sequential: gate,
            own,
            h2_frames: false,
        }));
    // open46: heads kept and bytes counted in the plaintext, as on a plain upstream
    early::OverTls {
        inner: tls::HandshakeTimeout::new(conn),
    }
}

/// `--upstream-sni` ([`ProxyExtras::upstream_sni`]): the server name for connections to
/// `authorities` (`host:port` of the routes' https upstreams, host lowercase).
pub(crate) struct SniOverride {
    name: rustls::pki_types::ServerName<'static>,
    authorities: Vec<String>,
}

/// The TLS server name of a connection to `uri`: `sni`'s name when `uri` is one of its
/// authorities, else the URI's host (an IP address: no SNI, the certificate must name the
/// IP), as hyper-rustls does by default.
fn server_name_of(
    uri: &Uri,
    sni: Option<&SniOverride>,
) -> Result<rustls::pki_types::ServerName<'static>, BoxError> {
    let host = uri.host().unwrap_or_default();
    if let Some(o) = sni {
        let authority = format!(
            "{}:{}",
            host.to_ascii_lowercase(),
            uri.port_u16().unwrap_or(443)
        );
        if o.authorities.contains(&authority) {
            return Ok(o.name.clone());
        }
    }
    let host = host
        .strip_prefix('[')
        .and_then(|h| h.strip_suffix(']'))
        .unwrap_or(host);
    rustls::pki_types::ServerName::try_from(host.to_string()).map_err(|e| Box::new(e) as BoxError)
}

/// Concurrent HTTP/2 streams the proxy accepts per client connection (1,024; hyper's
/// default is 200). An h2 client such as a gateway multiplexes many A2A streams on one
/// connection; the agent's own limit still applies on the upstream leg.
pub const H2_MAX_CONCURRENT_STREAMS: u32 = 1024;

/// Header fields the proxy reads in one HTTP/1.1 message head, request or response: hyper's
/// default (100), named in the proxy's own 502 and GW-RESP-006 when an answer has more
/// (breaker18b X5). Not raised: with any `max_headers` set, hyper allocates and fills a
/// header array of that many slots for every head on both legs (500 cost ~19k instructions
/// per request, about 20% of the bare forwarder, by callgrind in session 16), where its
/// default parses into an uninitialised stack array; answers with more than 100 fields are
/// rare, every request pays for the array.
pub const MAX_HEADER_FIELDS: usize = 100;

/// hyper's read buffer limit, which bounds an HTTP/1.1 message head (bytes; hyper's
/// `DEFAULT_MAX_BUFFER_SIZE`, 8192 + 4096 × 100): named in the 502 for a head over it.
pub const MAX_HEAD_BYTES: usize = 8192 + 4096 * 100;

/// The header list an HTTP/2 answer of an agent may carry (SETTINGS_MAX_HEADER_LIST_SIZE
/// the proxy's upstream HTTP/2 clients advertise, RFC 9113 §6.5.2; bytes, HPACK-decoded
/// size with 32 bytes per field): [`MAX_HEAD_BYTES`], what the proxy reads of an HTTP/1.1
/// answer's head, so an agent's head passes or not whatever HTTP version it speaks
/// (attack56: hyper's 16 KiB default made a 20 KiB head from an h2c agent the proxy's 502,
/// told as the agent's fault). The agent's answers are to the proxy's own requests, at
/// most as many at once as the clients' streams. The proxy's HTTP/2 server advertises it
/// too, and the proxy itself refuses a client request over [`REQUEST_HEADER_LIST_BYTES`]
/// (a client may open 1,024 streams at once).
pub const H2_MAX_HEADER_LIST_BYTES: u32 = MAX_HEAD_BYTES as u32;

/// The most bytes of header fields a client request may carry, counted as RFC 9113
/// §6.5.2 counts a header list (name + value + 32 per field, the pseudo-header fields of
/// the request line included): 64 KiB, for HTTP/1.1 and for each HTTP/2 stream alike, so
/// a client's request passes or not whatever version it speaks (attack57: the HTTP/2
/// server kept hyper's 16 KiB, and a 20 KiB JWT that passed over HTTP/1.1 got a bare 431
/// over HTTP/2). 64 KiB is above the limits of the common agent servers (Node and h11
/// 16 KiB, Tomcat and Jetty 8 KiB), and bounds what one HTTP/2 connection's
/// [`H2_MAX_CONCURRENT_STREAMS`] streams hold to 64 MiB. A request over it is answered 431
/// by the proxy, naming this limit, and recorded. The HTTP/2 server reads header lists up
/// to [`H2_MAX_HEADER_LIST_BYTES`] (one at a time per connection) so that the proxy, not
/// the h2 library's bare 431, answers those between the two.
pub const REQUEST_HEADER_LIST_BYTES: usize = 64 * 1024;

/// A request's header list size as RFC 9113 §6.5.2 counts it (bytes): each field's name
/// and value plus 32, the request line as the pseudo-header fields `:method`, `:scheme`,
/// `:authority`, `:path` (HTTP/1.1 requests counted the same way).
fn request_header_list_size<B>(req: &Request<B>) -> usize {
    let u = req.uri();
    let pseudo = req.method().as_str().len()
        + u.scheme_str().map_or(0, str::len)
        + u.authority().map_or(0, |a| a.as_str().len())
        + u.path_and_query().map_or(1, |p| p.as_str().len())
        + 4 * 32
        + ":method:scheme:authority:path".len();
    pseudo
        + req
            .headers()
            .iter()
            .map(|(n, v)| n.as_str().len() + v.len() + 32)
            .sum::<usize>()
}

/// The HTTP/1.1 + HTTP/2 server builder of every listener (reverse, forward, TLS-intercepted);
/// `half_close`: [`ProxyExtras::half_close`].
pub(crate) fn server_builder(
    half_close: bool,
) -> hyper_util::server::conn::auto::Builder<TokioExecutor> {
    let mut b = hyper_util::server::conn::auto::Builder::new(TokioExecutor::new());
    b.http1().preserve_header_case(true);
    b.http2()
        .max_concurrent_streams(H2_MAX_CONCURRENT_STREAMS)
        .max_header_list_size(H2_MAX_HEADER_LIST_BYTES);
    http1_options(&mut b.http1(), half_close);
    b
}

/// The HTTP/1.1 server options of the `auto` builder (TLS listeners, and plain connections
/// that do not start with an HTTP/1.x request line) (breaker18b X7, X2): a time limit on a
/// request head, [`refusal::HEAD_TIMEOUT`] (RFC 9112 §9.5), with tokio's timer (hyper
/// applies its limit only with a timer; this builder is shared by the listener's
/// connections, so [`refusal::HeadTimer`], which is one connection's, does not fit here);
/// and half-close only when asked (`--half-close`, [`ProxyExtras::half_close`]). A plain
/// HTTP/1.x connection ([`serve_http1`]) gets the same limit from its own
/// [`refusal::HeadTimer`]. By default a client's EOF while its request waits for the agent
/// ends the exchange (`client_abort`, the agent's request cancelled), because a client that
/// gave up and one that only shut its sending side look alike until the answer is written,
/// and a gateway that gives up must be seen at once (GW-SSE-002).
fn http1_options(
    b: &mut hyper_util::server::conn::auto::Http1Builder<'_, TokioExecutor>,
    half_close: bool,
) {
    b.half_close(half_close)
        .timer(hyper_util::rt::TokioTimer::new())
        .header_read_timeout(refusal::HEAD_TIMEOUT);
}

/// The stderr line for a failed `accept` on the listener at `at` with `e`: `n` failures
/// since the last line (1: the first of the run). Out of file descriptors (EMFILE,
/// ENFILE) names the limit to raise; the proxy keeps serving the connections it has and
/// accepts again once descriptors are free.
pub fn accept_failed_line(n: u64, at: &str, e: &std::io::Error) -> String {
    let head = if n <= 1 {
        format!("cannot accept a client connection on {at}: {e}")
    } else {
        format!(
            "accepting client connections on {at} failed {n} more times since the last such line (retried every 50 ms while the limit holds: a client left waiting is counted at each retry): {e}"
        )
    };
    let hint = match e.raw_os_error() {
        Some(libc::EMFILE) => {
            "the proxy is out of file descriptors (each client connection takes one, each upstream connection another): raise its open-file limit (ulimit -n, systemd LimitNOFILE=) or lower the clients' concurrency"
        }
        Some(libc::ENFILE) => {
            "the system is out of file descriptors (fs.file-max): close other programs' files or raise the system limit"
        }
        _ => "see the cause",
    };
    format!(
        "a2a-interop proxy: WARNING: {head}; hint: {hint}; the proxy keeps serving the connections it has and accepts again as soon as it can (more such failures: one line a minute, with the count)"
    )
}

async fn accept_loop(
    listener: TcpListener,
    state: Arc<State>,
    mut stop: watch::Receiver<bool>,
    mut tunnels: tokio::sync::mpsc::Receiver<()>,
    now: StopNow,
) {
    let builder = Arc::new(server_builder(state.half_close));
    let mut conns = JoinSet::new();
    loop {
        while conns.try_join_next().is_some() {}
        let accepted = tokio::select! {
            _ = stop.changed() => break,
            r = listener.accept() => r,
        };
        let (stream, peer) = match accepted {
            Ok(x) => x,
            Err(e) => {
                // Out of file descriptors and the like: wait a little, keep serving.
                let at = listener
                    .local_addr()
                    .map(|a| a.to_string())
                    .unwrap_or_default();
                match state.accept_failed.note(std::time::Instant::now()) {
                    Some(n) if state.console_warnings => {
                        crate::errln!("{}", accept_failed_line(n, &at, &e));
                    }
                    _ => tracing::debug!(error = %e, "accept failed"),
                }
                tokio::time::sleep(Duration::from_millis(50)).await;
                continue;
            }
        };
        let _ = stream.set_nodelay(true);
        let local_addr = stream.local_addr().ok();
        let local = local_addr.map(|a| a.to_string()).unwrap_or_default();
        let local_for_url: Arc<str> = Arc::from(local.as_str());
        let conn_no = match &state.sink {
            Some(sink) => {
                let n = sink.next_conn();
                if let (Some(a), Ok(l)) = (&state.attrib, stream.local_addr()) {
                    a.on_accept(n, peer, l);
                }
                sink.try_send(
                    None,
                    state.leg.clone(),
                    EventKind::ConnOpen {
                        conn: n,
                        peer: peer.to_string(),
                        local: local.clone(),
                        tls: state.listener_tls.is_some(),
                    },
                );
                n
            }
            None => 0,
        };
        let st = state.clone();
        let builder = builder.clone();
        let stop_conn = stop.clone();
        conns.spawn(async move {
            let attrib = st.attrib.clone();
            match st.listener_tls.clone() {
                // Boxed: the TLS state (handshake, rustls connection) is large and would
                // otherwise size every plain connection's task too.
                Some(acceptor) => Box::pin(async move {
                    // A client that never completes its handshake holds no task for longer
                    // than a request head may take (breaker18b X7).
                    let deadline = tokio::time::Instant::now() + refusal::HEAD_TIMEOUT;
                    // A plaintext request (http:// to this https:// listener) gets an HTTP
                    // 400 naming https://, not a TLS alert (q22 Q2).
                    // A stop ends the wait for a client that sent nothing yet, as on the
                    // plain listener (review22: Ctrl-C waited the whole grace for it).
                    let mut stop_sniff = stop_conn.clone();
                    let sniffed = tokio::select! {
                        r = tokio::time::timeout_at(deadline, plain_on_tls::sniff(&stream)) => r,
                        _ = stop_sniff.changed() => return,
                    };
                    match sniffed {
                        Ok(false) => {}
                        Ok(true) => {
                            let local = stream.local_addr().unwrap_or(peer);
                            let console = st.console_warnings;
                            plain_on_tls::refuse(stream, local, peer, &st.plain_on_tls, |line| {
                                if console {
                                    crate::errln!("{line}");
                                } else {
                                    tracing::warn!("{line}");
                                }
                            })
                            .await;
                            return;
                        }
                        Err(_) => {
                            tracing::debug!(conn = conn_no, "no bytes from the client within the head time limit");
                            return;
                        }
                    }
                    // the ClientHello came: an upstream connection of this proxy that sent
                    // it is kept by now ([`self_loop`])
                    let own = is_own_connection(&st, peer, local_addr);
                    match tokio::time::timeout_at(deadline, acceptor.accept(stream)).await {
                        Ok(Ok(tls)) if own => {
                            refuse_own_connection(builder, tls, st, conn_no, peer, local_for_url, stop_conn)
                                .await
                        }
                        Ok(Ok(tls)) => {
                            serve_conn(builder, tls, st, conn_no, peer, local_for_url, stop_conn)
                                .await
                        }
                        Ok(Err(e)) => {
                            tracing::debug!(conn = conn_no, error = %e, "TLS handshake with the client failed");
                            // Said on stderr (newcomer48), but not a connection closed
                            // before its handshake ended (a TCP health check, a client
                            // that gave up): no client refused anything there.
                            let line = (e.kind() != std::io::ErrorKind::UnexpectedEof)
                                .then(|| {
                                    st.tls_cert.as_deref().and_then(|cert| {
                                        st.tls_failed.note(&peer.to_string(), &e.to_string(), cert)
                                    })
                                })
                                .flatten();
                            if let Some(line) = line {
                                if st.console_warnings {
                                    crate::errln!("{line}");
                                } else {
                                    tracing::warn!("{line}");
                                }
                            }
                        }
                        Err(_) => {
                            tracing::debug!(conn = conn_no, "TLS handshake with the client not complete in time");
                        }
                    }
                })
                .await,
                None => {
                    // HTTP/1.x or the h2 preface, peeked at without consuming a byte: an
                    // HTTP/1.1 connection then starts with hyper's own read of the whole
                    // request head (see `speaks_http1`).
                    let mut stop_sniff = stop_conn.clone();
                    // A client that connects and sends nothing is closed after the head
                    // time limit too (breaker18b X7); nothing of a request arrived, so
                    // nothing is recorded but its `conn_open`.
                    let h1 = tokio::select! {
                        h1 = tokio::time::timeout(refusal::HEAD_TIMEOUT, speaks_http1(&stream)) => match h1 {
                            Ok(h1) => h1,
                            Err(_) => {
                                tracing::debug!(conn = conn_no, "no request bytes within the head time limit");
                                return;
                            }
                        },
                        _ = stop_sniff.changed() => return,
                    };
                    if is_own_connection(&st, peer, local_addr) {
                        // the proxy's own upstream connection (`--no-via`): a loop
                        Box::pin(refuse_own_connection(builder, stream, st, conn_no, peer, local_for_url, stop_conn))
                            .await
                    } else if let Speaks::Http1 { tls_hello } = h1 {
                        serve_http1(stream, st, conn_no, peer, local_for_url, stop_conn, tls_hello)
                            .await
                    } else {
                        // Boxed: the `auto` server's connection (h2 state) is ~3x the size of
                        // the HTTP/1.1 one and would size every HTTP/1.1 connection's task
                        // too (1,976 → ~1,000 bytes per task; an h2 connection carries many
                        // streams and pays its box once).
                        Box::pin(serve_conn(builder, stream, st, conn_no, peer, local_for_url, stop_conn))
                            .await
                    }
                }
            }
            if let Some(a) = attrib {
                a.on_close(conn_no);
            }
        });
    }
    drop(listener);
    let deadline = tokio::time::Instant::now() + state.shutdown_grace;
    // A second Ctrl-C ([`StopNow`]) ends the grace as if it had run out.
    let finished = tokio::select! {
        r = tokio::time::timeout_at(deadline, async {
            while conns.join_next().await.is_some() {}
        }) => r.is_ok(),
        _ = now.triggered() => false,
    };
    if !finished {
        state.live.set_shutting_down();
        conns.abort_all();
        while conns.join_next().await.is_some() {}
    }
    // Plain http:// requests on the TLS listener counted since the last one-a-minute
    // line: said now, or the stop would lose them (review22 R4).
    if let Some(line) = state.plain_on_tls.unsaid_line(std::time::Instant::now()) {
        if state.console_warnings {
            crate::errln!("{line}");
        } else {
            tracing::warn!("{line}");
        }
    }
    // Client TLS handshakes that failed on the listener since the last line: said now.
    if let Some(line) = state
        .tls_cert
        .as_deref()
        .and_then(|cert| state.tls_failed.unsaid_line(cert))
    {
        if state.console_warnings {
            crate::errln!("{line}");
        } else {
            tracing::warn!("{line}");
        }
    }
    if let Some((n, since)) = state.accept_failed.unsaid(std::time::Instant::now()) {
        let line = format!(
            "a2a-interop proxy: WARNING: {n} more failed accepts of client connections in the {since} s since the last such line (retried every 50 ms while the limit held: a client left waiting is counted at each retry); those clients waited or gave up unserved"
        );
        if state.console_warnings {
            crate::errln!("{line}");
        } else {
            tracing::debug!("{line}");
        }
    }
    // Client TLS handshakes that failed on intercepted CONNECTs since the last line: said
    // now too.
    let unsaid = state
        .forward
        .as_ref()
        .and_then(|f| f.intercept.as_ref())
        .map(forward::Intercept::unsaid_failed_lines)
        .unwrap_or_default();
    for line in unsaid {
        if state.console_warnings {
            crate::errln!("{line}");
        } else {
            tracing::debug!("{line}");
        }
    }
    // An HTTP/2 stream's handler runs in its own task and ends a moment after its
    // connection's (it sees the reset or the closed connection then): every exchange's
    // `exchange_end` reaches the recorder before it closes. What is still open when the
    // grace is over (a request body stuck on an agent that stopped reading) ends `open`.
    let rest = if now.is_triggered() {
        EXCHANGE_END_WAIT
    } else {
        deadline
            .saturating_duration_since(tokio::time::Instant::now())
            .max(EXCHANGE_END_WAIT)
    };
    if !state.live.wait_idle(rest).await {
        state.live.set_shutting_down();
        let n = state
            .live
            .end_all_open("proxy shut down with the exchange open");
        tracing::debug!(exchanges = n, "ended at shutdown with the exchange open");
    }
    // Attributions still waiting for a process lookup go into the recording before it
    // closes ([`attribution::Attributor::flush`]).
    if let Some(a) = &state.attrib {
        a.flush(SHUTDOWN_GRACE).await;
    }
    // Tunnels saw the stop signal; wait until each has recorded its `tunnel` event.
    if let Ok(mut g) = state.tunnels.lock() {
        g.take();
    }
    let _ = tokio::time::timeout(SHUTDOWN_GRACE, tunnels.recv()).await;
}

/// One exchange's handler future ([`handle`]), boxed. hyper keeps a slot of the service
/// future's size per HTTP/1.1 connection (and per h2 stream task) for the connection's whole
/// life; boxed, that slot is one pointer and the state machine exists only while the request
/// is being forwarded, not while a response streams (an idle SSE stream).
type HandleFuture = std::pin::Pin<
    Box<dyn std::future::Future<Output = Result<Response<ProxyBody>, Infallible>> + Send>,
>;

/// The service of client connection `conn_no`: each request goes to [`handle`] (one boxed
/// future per request, [`HandleFuture`]). Shared by the `auto` and the HTTP/1.1 servers.
fn conn_service(
    st: Arc<State>,
    conn_no: u64,
    local: Arc<str>,
    client_eof: Arc<AtomicBool>,
    handled: Arc<AtomicU64>,
    resets: Option<Arc<rapid_reset::Watch>>,
) -> impl hyper::service::Service<
    Request<Incoming>,
    Response = Response<ProxyBody>,
    Error = Infallible,
    Future = HandleFuture,
> + Clone {
    let up = Upstreams::new();
    hyper::service::service_fn(move |req| -> HandleFuture {
        // counted for [`refusal::HeadWatch`]: an answer with no request handed is hyper's own
        handled.fetch_add(1, Ordering::Relaxed);
        let st = st.clone();
        let local = local.clone();
        let up = up.clone();
        let eof = client_eof.clone();
        // an HTTP/2 stream's handler, counted for the rapid-reset check (attack56)
        let mut opened = resets
            .as_ref()
            .filter(|_| req.version() == Version::HTTP_2)
            .map(|w| w.opened());
        Box::pin(async move {
            let resp = handle(st, &up, conn_no, &local, None, &eof, req).await;
            if let Some(o) = opened.as_mut() {
                o.finished();
            }
            Ok(resp)
        })
    })
}

/// Whether the client connection from `peer` accepted on `local` is one of this run's own
/// upstream connections (`--no-via`, [`self_loop`]): the proxy connected to itself. Asked
/// once the connection's first bytes came (the upstream connection that sent them was
/// kept before it sent them). Always `false` without `--no-via` (the `Via` check cuts
/// such a loop at the same hop).
fn is_own_connection(st: &State, peer: SocketAddr, local: Option<SocketAddr>) -> bool {
    match (&st.own, local) {
        (Some(own), Some(local)) => own.is_own(peer, local),
        _ => false,
    }
}

/// Serves a client connection that is this proxy's own upstream connection
/// ([`is_own_connection`]): every request on it is answered `508 Loop Detected`
/// (RFC 5842 §7.2, the status the `Via` check answers a loop with), recorded like the
/// proxy's other refusals, with `Connection: close`; nothing is forwarded. HTTP/1.1 or
/// h2c, as the upstream connection spoke.
async fn refuse_own_connection<IO>(
    builder: Arc<hyper_util::server::conn::auto::Builder<TokioExecutor>>,
    io: IO,
    st: Arc<State>,
    conn_no: u64,
    peer: SocketAddr,
    local: Arc<str>,
    mut stop: watch::Receiver<bool>,
) where
    IO: tokio::io::AsyncRead + tokio::io::AsyncWrite + Unpin + Send + 'static,
{
    let svc = hyper::service::service_fn(move |req: Request<Incoming>| {
        let text = self_loop::refusal_text(peer, &local);
        let why = self_loop::refusal_why(peer, &local);
        let mut resp = forward::refuse(&st, conn_no, &req, StatusCode::LOOP_DETECTED, text, why);
        resp.headers_mut()
            .insert(header::CONNECTION, HeaderValue::from_static("close"));
        std::future::ready(Ok::<_, Infallible>(resp))
    });
    let conn = builder.serve_connection(TokioIo::new(io), svc);
    tokio::pin!(conn);
    tokio::select! {
        r = conn.as_mut() => {
            if let Err(e) = r {
                tracing::debug!(conn = conn_no, error = %e, "the proxy's own connection ended with an error");
            }
        }
        _ = stop.changed() => {
            conn.as_mut().graceful_shutdown();
            let _ = conn.await;
        }
    }
}

/// Serves one client connection (plain or TLS) from `peer` until it ends or the proxy
/// stops. A request the server refuses itself is recorded ([`refusal::record`]).
async fn serve_conn<IO>(
    builder: Arc<hyper_util::server::conn::auto::Builder<TokioExecutor>>,
    io: IO,
    st: Arc<State>,
    conn_no: u64,
    peer: SocketAddr,
    local: Arc<str>,
    mut stop: watch::Receiver<bool>,
) where
    IO: tokio::io::AsyncRead + tokio::io::AsyncWrite + Unpin + Send + 'static,
{
    let (io, fresh) = refusal::HeadWatch::new(io);
    let resets = rapid_reset::Watch::new();
    let svc = conn_service(
        st.clone(),
        conn_no,
        local,
        io.eof(),
        io.handled(),
        Some(resets.clone()),
    );
    let answered = io.answered();
    // With upgrades: CONNECT (forward mode) hands the connection to a tunnel.
    let conn = builder.serve_connection_with_upgrades(TokioIo::new(io), svc);
    tokio::pin!(conn);
    tokio::select! {
        r = conn.as_mut() => {
            if let Err(e) = r {
                connection_error(&st, conn_no, &peer.to_string(), &*e, &fresh, false, &answered);
            }
        }
        _ = stop.changed() => {
            conn.as_mut().graceful_shutdown();
            let _ = conn.await;
        }
        // HTTP/2 rapid reset (CVE-2023-44487): GOAWAY, the open streams still answered
        () = resets.tripped() => {
            let (premature, streams) = resets.counts();
            refusal::record(
                &st,
                conn_no,
                &peer.to_string(),
                None,
                rapid_reset::refusal_text(premature, streams),
            );
            conn.as_mut().graceful_shutdown();
            let _ = conn.await;
        }
    }
}

/// The HTTP/2 connection preface (RFC 9113 §3.4): what an h2c prior-knowledge client sends
/// first (24 bytes).
const H2_PREFACE: &[u8; 24] = b"PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n";

/// Longest time a client's first bytes may keep matching [`H2_PREFACE`] without completing
/// it (10 s); then the connection goes to the HTTP/1.1 server, which refuses it.
const PREFACE_WAIT: Duration = Duration::from_secs(10);

/// Whether a plain-TCP client speaks HTTP/1.x (`true`) or opens with the HTTP/2 preface
/// (`false`), decided by peeking (`MSG_PEEK`) at its first bytes: nothing is consumed.
///
/// Why not hyper-util's `auto` server for HTTP/1.1: it reads the first bytes itself and
/// hands them to hyper in front of the socket, so hyper's first read returns only those
/// (up to 24 bytes) and its second read, behind them, grows the connection's 8 KiB read
/// buffer to 16 KiB for the connection's whole life (`bytes` doubles a buffer that cannot
/// take 8 KiB more). Peeked, the request head arrives in hyper's first read.
/// End of stream or a read error: `true` (the HTTP/1.1 server sees it and ends).
async fn speaks_http1(stream: &tokio::net::TcpStream) -> Speaks {
    let mut first = [0u8; 24];
    let deadline = tokio::time::Instant::now() + PREFACE_WAIT;
    let h1 = |first: &[u8]| Speaks::Http1 {
        tls_hello: looks_like_tls(first),
    };
    loop {
        let n = match stream.peek(&mut first).await {
            Ok(n) => n,
            Err(_) => return h1(&[]),
        };
        if n == 0 || first[..n] != H2_PREFACE[..n] {
            return h1(&first[..n]);
        }
        if n == H2_PREFACE.len() {
            return Speaks::H2;
        }
        // A prefix of the preface so far: peeking again would return at once; wait a
        // little for the rest.
        if tokio::time::Instant::now() >= deadline {
            return h1(&first[..n]);
        }
        tokio::time::sleep(Duration::from_millis(2)).await;
    }
}

/// What a plain-TCP client's first bytes say ([`speaks_http1`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Speaks {
    /// HTTP/1.x, or anything else the HTTP/1.1 server then judges. `tls_hello`: the bytes
    /// open a TLS handshake record ([`looks_like_tls`]): a client that used `https://` on
    /// this plain listener, which the server refuses 400.
    Http1 { tls_hello: bool },
    /// The HTTP/2 prior-knowledge preface.
    H2,
}

impl Speaks {
    #[cfg(test)]
    fn is_http1(self) -> bool {
        matches!(self, Speaks::Http1 { .. })
    }
}

/// Whether `first` opens a TLS record of the handshake type (content type 22, then
/// protocol version major 3: SSL 3.0 to TLS 1.3, RFC 8446 §5.1): a ClientHello. No HTTP
/// method starts with byte 22 (RFC 9110 §9: a token).
fn looks_like_tls(first: &[u8]) -> bool {
    first.len() >= 2 && first[0] == 0x16 && first[1] == 0x03
}

/// The hint a refusal of a TLS ClientHello on the plain listener gets (newcomer19 N11).
const TLS_ON_PLAIN_HINT: &str =
    "looks like TLS: the client used https:// on a plain http listener (use http://, or --tls-cert)";

/// Serves one plain HTTP/1.x client connection (hyper's HTTP/1.1 server with upgrades, for
/// CONNECT), as [`serve_conn`] does through the `auto` server.
async fn serve_http1<IO>(
    io: IO,
    st: Arc<State>,
    conn_no: u64,
    peer: SocketAddr,
    local: Arc<str>,
    mut stop: watch::Receiver<bool>,
    tls_hello: bool,
) where
    IO: tokio::io::AsyncRead + tokio::io::AsyncWrite + Unpin + Send + 'static,
{
    let (io, fresh) = refusal::HeadWatch::new(io);
    let svc = conn_service(st.clone(), conn_no, local, io.eof(), io.handled(), None);
    let answered = io.answered();
    // the head time limit as on every listener ([`http1_options`]), on this connection's
    // own timer: cheaper per request than tokio's ([`refusal::HeadTimer`])
    let conn = hyper::server::conn::http1::Builder::new()
        .half_close(st.half_close)
        .timer(refusal::HeadTimer::default())
        .header_read_timeout(refusal::HEAD_TIMEOUT)
        .preserve_header_case(true)
        .serve_connection(TokioIo::new(io), svc)
        .with_upgrades();
    tokio::pin!(conn);
    tokio::select! {
        r = conn.as_mut() => {
            if let Err(e) = r {
                connection_error(&st, conn_no, &peer.to_string(), &e, &fresh, tls_hello, &answered);
            }
        }
        _ = stop.changed() => {
            conn.as_mut().graceful_shutdown();
            let _ = conn.await;
        }
    }
}

/// A client connection of `peer` (its address, or what names it) ended with error `e`: a refusal by the proxy's own server
/// is recorded and reported ([`refusal::refusal_of`]); anything else (the client reset or
/// closed it) only goes to the debug log. `fresh`: request bytes arrived since the last
/// answer ([`refusal::HeadWatch`]). `tls_hello`: the connection opened with a TLS
/// ClientHello on a plain listener ([`Speaks::Http1`]): its refusal says so, with what to do.
/// `answered`: the status hyper's own refusal was sent with a body ([`refusal::HeadWatch::answered`]):
/// the recorded refusal adds what that body told the client.
fn connection_error(
    st: &State,
    conn_no: u64,
    peer: &str,
    e: &(dyn std::error::Error + 'static),
    fresh: &AtomicBool,
    tls_hello: bool,
    answered: &AtomicU16,
) {
    match refusal::refusal_of(e, fresh.load(Ordering::Relaxed)) {
        Some((status, why)) => {
            // what the answer's body told the client, as it was sent ([`refusal::HeadWatch`])
            let told = answered.load(Ordering::Relaxed);
            let why = match refusal::refusal_text(told).filter(|_| status == Some(told)) {
                Some(text) => format!("{why}; the proxy told the client: {text}"),
                None => why,
            };
            let why = if tls_hello {
                format!("{why}; {TLS_ON_PLAIN_HINT}")
            } else {
                why
            };
            refusal::record(st, conn_no, peer, status, why)
        }
        None => {
            tracing::debug!(conn = conn_no, error = %e, "client connection ended with an error")
        }
    }
}

/// Whether `name` (lower case, as `HeaderName::as_str` gives it) is a hop-by-hop field
/// (RFC 9110 §7.6.1), never forwarded: `Connection`, `Keep-Alive`, `Proxy-Connection`,
/// `Proxy-Authenticate`, `Proxy-Authorization`, `TE`, `Transfer-Encoding`, `Upgrade`.
/// `Trailer` is not among them: it declares end-to-end trailer fields, and hyper sends
/// only the trailers a response declares. A match on the text, so that a name of another length costs one comparison (the scan
/// of [`strip_hop_by_hop`] asks it of every field name of every message).
fn is_hop_by_hop(name: &str) -> bool {
    matches!(
        name,
        "connection"
            | "keep-alive"
            | "proxy-connection"
            | "proxy-authenticate"
            | "proxy-authorization"
            | "te"
            | "transfer-encoding"
            | "upgrade"
    )
}

/// The fields a message's `Connection` names besides [`is_hop_by_hop`]'s that the message has
/// (RFC 9110 §7.6.1: those go too). A token naming no field of the message (`close`,
/// mostly) or one of [`is_hop_by_hop`]'s (`keep-alive`, `upgrade`, `te`) adds nothing, and is
/// looked up without making a `HeaderName` (no allocation for the `Connection: keep-alive`
/// nearly every HTTP/1.1 client sends).
fn connection_listed(h: &HeaderMap) -> Vec<HeaderName> {
    let mut listed = Vec::new();
    for v in h.get_all(header::CONNECTION) {
        let Ok(v) = v.to_str() else { continue };
        for t in v.split(',').map(str::trim) {
            // `&str` keys are looked up as they are (no `HeaderName` made)
            if t.is_empty() || t.eq_ignore_ascii_case("keep-alive") || !h.contains_key(t) {
                continue;
            }
            if let Ok(n) = HeaderName::from_bytes(t.as_bytes()) {
                if !is_hop_by_hop(n.as_str()) && !listed.contains(&n) {
                    listed.push(n);
                }
            }
        }
    }
    listed
}

/// Removes the hop-by-hop fields of a message about to be forwarded (RFC 9110 §7.6.1:
/// [`is_hop_by_hop`]'s and the fields its `Connection` names), in place. A message with
/// both `Transfer-Encoding` and `Content-Length` also loses its `Content-Length`:
/// Transfer-Encoding overrides it, and an intermediary MUST remove the received
/// Content-Length before forwarding (RFC 9112 §6.3 item 3). The body was decoded by its
/// Transfer-Encoding, so the stale length would cut it short for the next hop (hyper then
/// frames it itself: chunked, or the length it counts). A `TE` that asks for `trailers` is
/// forwarded as `TE: trailers` (RFC 9110 §10.1.4). The recording keeps the fields as
/// received (`request_head` / `response_head` are sent before this runs).
///
/// The order of the fields that stay (RFC 9110 §5.3 gives the order of fields of
/// different names no meaning): one pass over the names decides. No hop-by-hop field (the
/// bench's client and agent, uvicorn's answers): nothing is done. Hop-by-hop fields that
/// come last (Node's `Connection: keep-alive`, `Keep-Alive: timeout=5` answers): removed,
/// the others keep their order at no cost. One before a field that stays (httpx,
/// `requests` and Node's fetch send `Connection: keep-alive` mid-list or second):
/// `HeaderMap::remove` moves the last field into its place, so the sender's order is
/// kept only with `keep_order` (a `--no-via` request, attack58: the map is rebuilt in
/// order, ~2k instructions more on a nine-field head, attack60's callgrind in
/// docs/performance.md), otherwise the last field takes the removed one's place.
fn strip_hop_by_hop(h: &mut HeaderMap, keep_order: bool) {
    let framed_by_te = h.contains_key(header::TRANSFER_ENCODING);
    let listed = if h.contains_key(header::CONNECTION) {
        connection_listed(h)
    } else {
        Vec::new()
    };
    let goes = |n: &HeaderName| {
        is_hop_by_hop(n.as_str())
            || (framed_by_te && n == header::CONTENT_LENGTH)
            || (!listed.is_empty() && listed.contains(n))
    };
    // `keys` walks the map's entries, one per distinct name, in order
    let Some(first) = h.keys().position(&goes) else {
        return;
    };
    let keep_te_trailers = h
        .get(header::TE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| {
            v.split(',')
                .any(|t| t.trim().eq_ignore_ascii_case("trailers"))
        });
    let last_only = h.keys().skip(first).all(&goes);
    if keep_order && !last_only {
        let old = std::mem::replace(h, HeaderMap::with_capacity(h.len()));
        let mut name: Option<HeaderName> = None;
        for (n, v) in old {
            if n.is_some() {
                name = n;
            }
            let Some(n) = &name else { continue };
            if n == header::TE && keep_te_trailers {
                // `TE: trailers` only, where the sender's TE was
                if !h.contains_key(header::TE) {
                    h.insert(header::TE, HeaderValue::from_static("trailers"));
                }
                continue;
            }
            if !goes(n) {
                h.append(n, v);
            }
        }
        return;
    }
    let gone: Vec<HeaderName> = h.keys().skip(first).filter(|n| goes(n)).cloned().collect();
    for n in gone {
        h.remove(n);
    }
    if keep_te_trailers {
        h.insert(header::TE, HeaderValue::from_static("trailers"));
    }
}

/// What to do about a TLS failure towards an `https://` agent, read from the error chain
/// (rustls's wording, RFC 8446 alerts); `None` when the cause is not a TLS failure this
/// knows. For the 2 a.m. reader of a 502: the flag or fix, not only rustls's enum name.
/// The `proxy` start-up check says the same ([`crate::app::proxy_cmd::upstream_tls_failed`]).
pub fn tls_hint(cause: &str) -> Option<&'static str> {
    use tls::TlsFailure as F;
    Some(match tls::tls_failure(cause)? {
        F::UnknownIssuer => "the agent's certificate does not chain to a CA the proxy trusts: pass that CA (or the self-signed certificate itself) with --upstream-ca FILE (probe and interop: --ca FILE), or --insecure-upstream for a test agent",
        F::NotValidForName => "the agent's certificate does not name the server name it was checked against (the upstream URL's host, or --upstream-sni NAME when given; both names are above): use a name its certificate lists, with --upstream-sni NAME when the URL must keep an IP address or an internal name",
        F::OutsideValidity => "the agent's certificate is outside its validity period (or this machine's clock is wrong)",
        F::NotTls => "the agent does not speak TLS on that port: use an http:// upstream",
        F::NoSharedParameters => "the agent and the proxy share no TLS version or cipher suite (the proxy offers TLS 1.2 and 1.3)",
        F::BadSignature | F::CertificateRefused => "the agent's certificate was refused: check it with `openssl s_client -connect HOST:PORT`, or pass its CA with --upstream-ca FILE (probe and interop: --ca FILE)",
    })
}

/// [`tls_hint`] with an expired (or not yet valid) certificate said in dates, as the
/// `proxy` start-up check says it ([`tls::validity_dates`]): `the agent's certificate
/// expired on 2020-02-01 00:00:00 UTC, 2499 days before this machine's clock (...): renew
/// the agent's certificate (or set this machine's clock right if it is wrong)`. For the
/// start-up warning and for the 502 line of a certificate that expired mid-run (ux40b: that
/// line kept the static "outside its validity period").
pub fn tls_hint_dated(cause: &str) -> Option<String> {
    match tls::validity_dates(cause) {
        Some(dates) => Some(format!(
            "{dates}: renew the agent's certificate (or set this machine's clock right if it is wrong)"
        )),
        None => tls_hint(cause).map(str::to_string),
    }
}

/// `https://HOST:PORT` of an `http://` URL (the port kept, 80 when none is given); `None`
/// for another scheme or no host.
fn https_origin(url: &str) -> Option<String> {
    let u = url::Url::parse(url).ok()?;
    if u.scheme() != "http" {
        return None;
    }
    Some(format!("https://{}", crate::model::net::authority_of(&u)?))
}

/// True when a failed upstream request failed because hyper could not parse the agent's
/// response head (`hyper::Error::is_parse`, anywhere in the error's causes).
fn hyper_parse_error(e: &(dyn std::error::Error + 'static)) -> bool {
    hyper_error_is(e, hyper::Error::is_parse)
}

/// The words every one of the proxy's own 502s for an open-file limit carries, in the
/// answer's body and the recording's `exchange_end.error` (attack56): the upstream
/// connection could not be opened because the proxy (or the system) is out of file
/// descriptors, so the agent was never asked. Readers (the console's `upstream-error`
/// lines) tell this from an agent that did not answer by these words.
pub const OUT_OF_FILES: &str = "limit of open files is reached";

/// Whether an I/O error in `e`'s source chain is `EMFILE` (the process's open-file limit,
/// `ulimit -n`) or `ENFILE` (the system's, `fs.file-max`): `Some((what, hint))`, what
/// happened (with [`OUT_OF_FILES`]) and the limit to raise, for the proxy's 502; `None`
/// for any other failure. An upstream connect that failed so never left the proxy
/// (attack56: told as "unreachable ... check the host name and port of --upstream" and
/// counted as the agent not answering before).
fn out_of_files_in(e: &(dyn std::error::Error + 'static)) -> Option<(&'static str, &'static str)> {
    let mut cur: Option<&(dyn std::error::Error + 'static)> = Some(e);
    while let Some(c) = cur {
        match c
            .downcast_ref::<std::io::Error>()
            .and_then(std::io::Error::raw_os_error)
        {
            Some(libc::EMFILE) => return Some((
                "was not asked: the proxy's own limit of open files is reached",
                "raise the proxy's open-file limit (ulimit -n, systemd LimitNOFILE=; each client connection takes one file descriptor, each upstream connection another) or lower the clients' concurrency; the agent was not asked",
            )),
            Some(libc::ENFILE) => return Some((
                "was not asked: the system's limit of open files is reached",
                "the system is out of file descriptors (fs.file-max): close other programs' files or raise the system limit; the agent was not asked",
            )),
            _ => {}
        }
        cur = c.source();
    }
    None
}

/// The kind of a connect failure `e` (hyper's `is_connect`): [`ConnectFailure::Refused`]
/// when an I/O error in its source chain is `ECONNREFUSED` (nothing listens at the
/// address), else [`ConnectFailure::NoConnection`] (a name that does not resolve, no
/// route, a connect timeout).
fn connect_failure_of(e: &(dyn std::error::Error + 'static)) -> ConnectFailure {
    if ConnectFailure::refused_in(e) {
        ConnectFailure::Refused
    } else {
        ConnectFailure::NoConnection
    }
}

/// True when hyper refused the agent's response head for the proxy's own limits
/// ([`MAX_HEADER_FIELDS`], [`MAX_HEAD_BYTES`]; `hyper::Error::is_parse_too_large`), not for
/// its syntax (breaker18b X5).
fn hyper_head_too_large(e: &(dyn std::error::Error + 'static)) -> bool {
    hyper_error_is(e, hyper::Error::is_parse_too_large)
}

/// Whether `e` holds an HTTP/2 stream reset the proxy's own h2 client made with
/// PROTOCOL_ERROR (`h2::Error`: a reset, by the library, not the peer): the agent's
/// response head was over the header-list limit ([`H2_MAX_HEADER_LIST_BYTES`]) or
/// malformed for HTTP/2; the agent answered, it did not crash (attack56 left it told as
/// "look at the agent's log (a crash in its handler ...)").
fn h2_own_protocol_reset(e: &(dyn std::error::Error + 'static)) -> bool {
    let mut cur = Some(e);
    while let Some(c) = cur {
        if let Some(h) = c.downcast_ref::<h2::Error>() {
            return h.is_reset()
                && h.is_library()
                && h.reason() == Some(h2::Reason::PROTOCOL_ERROR);
        }
        cur = c.source();
    }
    false
}

/// `test` holds for a `hyper::Error` anywhere in `e`'s causes.
fn hyper_error_is(e: &(dyn std::error::Error + 'static), test: fn(&hyper::Error) -> bool) -> bool {
    let mut cur = Some(e);
    while let Some(c) = cur {
        if c.downcast_ref::<hyper::Error>().is_some_and(test) {
            return true;
        }
        cur = c.source();
    }
    false
}

/// RFC 9110 §9.2.2: GET, HEAD, OPTIONS, TRACE, PUT and DELETE are idempotent (a request
/// of them may be sent again after a connection failure; POST and PATCH may not).
fn is_idempotent(m: &Method) -> bool {
    [
        Method::GET,
        Method::HEAD,
        Method::OPTIONS,
        Method::TRACE,
        Method::PUT,
        Method::DELETE,
    ]
    .contains(m)
}

/// The upstream request failed because the connection was closed or reset after it was
/// set up and before any complete answer (hyper's "connection closed before message
/// completed", or `ECONNRESET`): what an upstream closing an idle kept connection as a
/// request arrives produces (breaker16b T5). Not a connect or TLS failure.
/// How long an upstream request may stay unanswered after the connection hyper put it on
/// ended, before [`unless_lost`] counts it lost (the error hyper gives for a request on a
/// connection that ends comes within microseconds of the end).
const LOST_GRACE: Duration = Duration::from_secs(5);

/// `sent` (a request hyper-util's client is sending), or `None` when hyper lost it: the
/// connection it was queued on ([`early::EarlyState::gone`]) ended and, [`LOST_GRACE`]
/// later, the request is neither answered nor failed nor moved to another connection.
///
/// hyper 1.x's HTTP/1.1 dispatch can lose a request this way: queued on a connection whose
/// task ended at that instant (an h2c-only agent's SETTINGS frame read before the request
/// was written, an agent closing an idle keep-alive connection as a request arrives), it
/// stays in the closed queue, never written, answered or failed, and the client waited
/// forever (tests/proxy_h2c_upstream.rs: 1 run in ~500 to ~2,000; session 27). Costs one
/// watch channel per request (hyper-util's `capture_connection`).
async fn unless_lost<F: std::future::Future>(
    sent: F,
    captured: &mut hyper_util::client::legacy::connect::CaptureConnection,
) -> Option<F::Output> {
    fn state_of(
        c: &hyper_util::client::legacy::connect::CaptureConnection,
    ) -> Option<Arc<early::EarlyState>> {
        let meta = c.connection_metadata();
        let mut ext = http::Extensions::new();
        meta.as_ref()?.get_extras(&mut ext);
        early::state_of(&ext)
    }
    tokio::pin!(sent);
    // the connection hyper picks (none yet while it connects)
    let mut watched = tokio::select! {
        biased;
        r = &mut sent => return Some(r),
        meta = captured.wait_for_connection_metadata() => {
            let mut ext = http::Extensions::new();
            if let Some(c) = meta.as_ref() {
                c.get_extras(&mut ext);
            }
            early::state_of(&ext)
        }
    };
    loop {
        let Some(state) = watched else {
            // a connection without the early layer: nothing to watch
            return Some(sent.await);
        };
        tokio::select! {
            biased;
            r = &mut sent => return Some(r),
            () = state.gone() => {}
        }
        if let Ok(r) = tokio::time::timeout(LOST_GRACE, &mut sent).await {
            return Some(r);
        }
        // hyper-util moves a request that a reused connection dropped unsent to another
        // connection: then that one is watched
        match state_of(captured) {
            Some(now) if !Arc::ptr_eq(&now, &state) => watched = Some(now),
            _ => return None,
        }
    }
}

fn closed_before_answer(e: &hyper_util::client::legacy::Error) -> bool {
    if e.is_connect() {
        return false;
    }
    let mut cur: Option<&(dyn std::error::Error + 'static)> = Some(e);
    while let Some(c) = cur {
        if c.downcast_ref::<hyper::Error>()
            .is_some_and(|h| h.is_incomplete_message())
        {
            return true;
        }
        if c.downcast_ref::<std::io::Error>()
            .is_some_and(|io| io.kind() == std::io::ErrorKind::ConnectionReset)
        {
            return true;
        }
        cur = c.source();
    }
    false
}

fn version_str(v: Version) -> &'static str {
    match v {
        Version::HTTP_09 => "HTTP/0.9",
        Version::HTTP_10 => "HTTP/1.0",
        Version::HTTP_11 => "HTTP/1.1",
        Version::HTTP_2 => "HTTP/2.0",
        Version::HTTP_3 => "HTTP/3.0",
        _ => "HTTP/?",
    }
}

/// True when the plain-HTTP upstream of `uri` refused HTTP/1.1 before ([`h2c`]): it gets
/// h2c even under `--preserve-host`.
fn h2c_only_upstream(h2c: &h2c::H2cSupport, uri: &Uri) -> bool {
    h2c.has_h2c_only()
        && uri.authority().is_some_and(|a| {
            h2c.is_h2c_only(&format!("{}:{}", a.host(), a.port_u16().unwrap_or(80)))
        })
}

/// Scheme + authority as the client addressed the proxy (h2 `:authority`, absolute-form,
/// else `Host`), falling back to the listener address.
fn client_origin(req: &Request<Incoming>, fallback: &str, scheme: &str) -> String {
    let auth = req
        .uri()
        .authority()
        .map(|a| a.as_str())
        .or_else(|| {
            req.headers()
                .get(header::HOST)
                .and_then(|h| h.to_str().ok())
        })
        .unwrap_or(fallback);
    // what `format!("{scheme}://{auth}")` writes, in one allocation of its final size
    // (per request on the forwarding path: a copy of the authority and the formatting
    // machinery before)
    let mut origin = String::with_capacity(scheme.len() + 3 + auth.len());
    origin.push_str(scheme);
    origin.push_str("://");
    origin.push_str(auth);
    origin
}

/// An upstream URL as the proxy's own messages show it (the 502 text sent to the client, the
/// `upstream-error` finding, stderr): the query values and userinfo password that are
/// credentials by name redacted ([`crate::record::redact::redact_url`]), whatever
/// `--no-redact` says, since the client reading a 502 is not the operator (CARD-011).
fn shown_url(url: &str) -> std::borrow::Cow<'_, str> {
    crate::record::redact::redact_url(url)
}

/// An empty body (the 200 answering CONNECT).
fn empty_body() -> ProxyBody {
    http_body_util::Empty::new()
        .map_err(|never| match never {})
        .boxed_unsync()
}

fn text_response(status: StatusCode, text: String) -> Response<ProxyBody> {
    let mut resp = Response::new(
        Full::new(Bytes::from(text))
            .map_err(|never| match never {})
            .boxed_unsync(),
    );
    *resp.status_mut() = status;
    resp.headers_mut().insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("text/plain; charset=utf-8"),
    );
    resp
}

/// The proxy's own answer (no route, upstream unreachable), recorded as a synthetic
/// response head and `exchange_end{upstream_error}`.
fn synthetic(
    ctx: Option<&ExchangeCtx>,
    status: StatusCode,
    text: String,
    error: String,
) -> Response<ProxyBody> {
    let len = text.len();
    let mut resp = text_response(status, text.clone());
    // no connection came up: the kind the recording's exchange_end carries, for the client
    if let Some(kind) = ctx.and_then(ExchangeCtx::connect_failure) {
        resp.headers_mut().insert(
            crate::model::CONNECT_FAILURE_HEADER,
            HeaderValue::from_static(kind.as_str()),
        );
    }
    if let Some(ctx) = ctx {
        let mut h = headers_of(resp.headers());
        h.push("content-length", &len.to_string());
        ctx.send(EventKind::ResponseHead {
            status: status.as_u16(),
            version: None,
            headers: h,
            synthetic: true,
            reason: None,
        });
        ctx.send(EventKind::ResponseChunk {
            body: Body::new(text),
        });
        ctx.add_response_bytes(len as u64);
        ctx.end(Outcome::UpstreamError, Some(error));
    }
    resp
}

/// The `User-Agent` of an a2a-interop proxy's start-up check of an `http://` upstream: one
/// `OPTIONS * HTTP/1.1` (RFC 9110 §9.3.7) asking whether the port speaks TLS
/// (`app::proxy_cmd::upstream_speaks_tls`).
pub const STARTUP_CHECK_USER_AGENT: &str = "a2a-interop proxy (start-up check)";

/// Whether `headers` carry [`STARTUP_CHECK_USER_AGENT`]: the request is another a2a-interop
/// proxy's start-up check, not traffic.
fn is_startup_check(headers: &HeaderMap) -> bool {
    headers
        .get(header::USER_AGENT)
        .is_some_and(|v| v.as_bytes() == STARTUP_CHECK_USER_AGENT.as_bytes())
}

/// A `Via` pseudonym (RFC 9110 §7.6.3 `received-by`) for one listener of this process:
/// `a2a-interop-` and 12 hex digits, random per listener, so two proxies in a chain (or
/// two listeners of one run, a gateway's legs) never share one; `listen` only seeds it.
fn via_pseudonym(listen: SocketAddr) -> String {
    use std::hash::{BuildHasher, Hash, Hasher};
    let mut h = std::collections::hash_map::RandomState::new().build_hasher();
    listen.hash(&mut h);
    std::process::id().hash(&mut h);
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_nanos())
        .unwrap_or(0)
        .hash(&mut h);
    format!("a2a-interop-{:012x}", h.finish() & 0xffff_ffff_ffff)
}

/// The `received-protocol` of a `Via` entry for a message received as `v` (RFC 9110
/// §7.6.3: the protocol name is omitted for HTTP): `1.0`, `1.1`, `2`, `3`.
fn via_version(v: Version) -> &'static str {
    match v {
        Version::HTTP_09 => "0.9",
        Version::HTTP_10 => "1.0",
        Version::HTTP_2 => "2",
        Version::HTTP_3 => "3",
        _ => "1.1",
    }
}

/// Whether a request's `Via` fields (each a comma-separated list of `protocol received-by
/// [comment]`, RFC 9110 §7.6.3) name `me` as a `received-by`: the request was forwarded by
/// this listener before and came back (a loop).
fn came_back(headers: &HeaderMap, me: &str) -> bool {
    headers.get_all(header::VIA).iter().any(|v| {
        v.to_str().is_ok_and(|v| {
            v.split(',')
                .any(|entry| entry.split_whitespace().nth(1) == Some(me))
        })
    })
}

/// One exchange. `tunnel_origin`: the request arrived inside an intercepted CONNECT
/// (forward mode, `--intercept-tls`) to that `https://host:port` (it goes upstream over
/// TLS) or, for a client that sent plain HTTP in its tunnel, `http://host:port`.
async fn handle(
    st: Arc<State>,
    up: &Upstreams,
    conn: u64,
    local: &str,
    tunnel_origin: Option<&str>,
    client_eof: &Arc<AtomicBool>,
    req: Request<Incoming>,
) -> Response<ProxyBody> {
    // `tunnel_origin`: the `https://host:port` (or, for plain HTTP sent in the tunnel,
    // `http://host:port`) of an intercepted CONNECT, whose requests are in origin-form.
    let tls_authority = tunnel_origin;
    // A request head the upstream could read differently, or that names no single host,
    // is refused before anything is forwarded (breaker18b X1, X9).
    if matches!(req.version(), Version::HTTP_10 | Version::HTTP_11) {
        if let Some(why) = http1_head_refusal(&req) {
            let text = format!("a2a-interop proxy: bad request: {why}\n");
            let mut resp = forward::refuse(
                &st,
                conn,
                &req,
                StatusCode::BAD_REQUEST,
                text,
                format!("client request refused: {why}"),
            );
            // the rest of the connection cannot be trusted to be framed as the client meant
            resp.headers_mut()
                .insert(header::CONNECTION, HeaderValue::from_static("close"));
            return resp;
        }
    }
    // One limit on a request's header fields whichever HTTP version carried it (attack57:
    // the HTTP/2 server refused a 20 KiB JWT with a bare 431, HTTP/1.1 passed 400 KiB).
    let list = request_header_list_size(&req);
    if list > REQUEST_HEADER_LIST_BYTES {
        let text = format!(
            "a2a-interop proxy: request header fields too large: {list} bytes (counted as RFC 9113 §6.5.2 counts them: name + value + 32 per field) over the proxy's own limit of {} KiB per request, the same for HTTP/1.1 and each HTTP/2 stream (RFC 6585 §5); not forwarded to the agent (hint: a token or cookie this large is refused by most agent servers too: send less in headers)\n",
            REQUEST_HEADER_LIST_BYTES / 1024
        );
        let why = format!(
            "client request refused: header fields of {list} bytes over the proxy's limit of {} KiB per request (HTTP/1.1 and HTTP/2 alike: 1,024 HTTP/2 streams of one connection hold at most {} MiB)",
            REQUEST_HEADER_LIST_BYTES / 1024,
            REQUEST_HEADER_LIST_BYTES * H2_MAX_CONCURRENT_STREAMS as usize / (1024 * 1024)
        );
        return forward::refuse(
            &st,
            conn,
            &req,
            StatusCode::REQUEST_HEADER_FIELDS_TOO_LARGE,
            text,
            why,
        );
    }
    // A request that already passed this listener: forwarding it again would bring it
    // back again, once per hop, until file descriptors run out (a loop through an address
    // spelling the start-up check cannot see, a second proxy, a NAT or DNS alias).
    if came_back(req.headers(), &st.via_name) {
        let text = format!(
            "a2a-interop proxy: request loop: this request already passed this proxy (its Via header names {}), so it was forwarded back to the proxy itself; not forwarded again (hint: point --upstream / --route, or the proxy a client or gateway uses, at the agent, not at this proxy's listen address {local})\n",
            st.via_name
        );
        let why = format!(
            "request loop: the request came back to this proxy (its Via names {}, RFC 9110 §7.6.3): an upstream, route or next proxy points back at this proxy's listener {local}; refused 508 instead of forwarding it again",
            st.via_name
        );
        let mut resp = forward::refuse(&st, conn, &req, StatusCode::LOOP_DETECTED, text, why);
        resp.headers_mut()
            .insert(header::CONNECTION, HeaderValue::from_static("close"));
        return resp;
    }
    // Forward mode: CONNECT is a tunnel; absolute-form targets the URL it names.
    let mut absolute: Option<String> = None;
    if let Some(tunnel) = tls_authority {
        absolute = Some(format!(
            "{tunnel}{}",
            req.uri()
                .path_and_query()
                .map(|p| p.as_str())
                .unwrap_or("/")
        ));
    } else if let Some(fw) = &st.forward {
        if req.method() == Method::CONNECT {
            return forward::connect(st.clone(), fw, conn, req).await;
        }
        if let Some(scheme) = req.uri().scheme_str() {
            if scheme != "http" {
                return text_response(
                    StatusCode::BAD_REQUEST,
                    format!("a2a-interop proxy: absolute-form {scheme}:// requests are not supported; use CONNECT (HTTPS_PROXY) for https\n"),
                );
            }
            let host = req.uri().host().unwrap_or("");
            let port = req.uri().port_u16().unwrap_or(80);
            if let Err(msg) = fw.check(host, port).await {
                // Recorded like a refused CONNECT: the client's request and the 403.
                let why = format!(
                    "request refused: {}",
                    msg.trim_end().trim_start_matches("a2a-interop proxy: ")
                );
                return forward::refuse(&st, conn, &req, StatusCode::FORBIDDEN, msg, why);
            }
            absolute = Some(req.uri().to_string());
        }
    }
    // HTTP/1.0 without Host: the listener's address is what the client connected to.
    let origin = match (&absolute, tls_authority) {
        (_, Some(tunnel)) => tunnel.to_string(),
        (Some(_), None) => format!(
            "http://{}",
            req.uri().authority().map(|a| a.as_str()).unwrap_or(local)
        ),
        (None, None) => client_origin(
            &req,
            local,
            st.client_scheme.unwrap_or(if st.listener_tls.is_some() {
                "https"
            } else {
                "http"
            }),
        ),
    };
    // The public origin (and path prefix) the card rewrite names instead of `origin`:
    // `--public-url`, else with `--trust-forwarded` the front's `Forwarded` /
    // `X-Forwarded-*` fields (breaker16b T10). Computed only when a card may be rewritten.
    let public_origin: Option<String> = if !st.rewrite_card {
        None
    } else if let Some(u) = &st.public_url {
        Some(u.clone())
    } else if st.trust_forwarded && tls_authority.is_none() && absolute.is_none() {
        card::forwarded_origin(req.headers(), &origin)
    } else {
        None
    };
    // Without the opt-in, the public origin a front names (said once, with the flags).
    let front_says: Option<String> = (st.rewrite_card
        && public_origin.is_none()
        && st.console_warnings
        && !st.forwarded_warned.load(Ordering::Relaxed)
        && (card::is_card_path(req.uri().path()) || card::is_extended_card_path(req.uri().path())))
    .then(|| card::forwarded_origin(req.headers(), &origin))
    .flatten();
    let card_base = |prefix: &str| match &public_origin {
        Some(p) => card::public_base(p, prefix),
        None => card::client_base(&origin, prefix),
    };
    let path = req.uri().path().to_string();
    let query = req.uri().query().map(str::to_string);
    let client_url = {
        let pq = req
            .uri()
            .path_and_query()
            .map(|p| p.as_str())
            .unwrap_or("/");
        let mut u = String::with_capacity(origin.len() + pq.len());
        u.push_str(&origin);
        u.push_str(pq);
        u
    };
    let target = match &absolute {
        Some(url) => Some(route::Target {
            index: usize::MAX,
            prefix: "/".into(),
            url: url.clone(),
            uri: None,
        }),
        None => st.table.resolve(&path, query.as_deref()),
    };
    let leg = target
        .as_ref()
        .and_then(|t| st.routes.get(t.index))
        .and_then(|r| r.leg.clone())
        .or_else(|| st.leg.clone());
    // The start-up check of an a2a-interop proxy whose upstream is this one (the client
    // leg of a gateway chain, `proxy_cmd::upstream_speaks_tls`): the tool's own question,
    // not traffic between agents. Answered as any `OPTIONS *` is, but neither recorded nor
    // reported (ci46: every gateway run's report and live lines began with an
    // `upstream-error` for it). Another sender's `OPTIONS *` stays recorded (below).
    if target.is_none() && path == "*" && is_startup_check(req.headers()) {
        return text_response(
            StatusCode::NOT_IMPLEMENTED,
            "a2a-interop proxy: asterisk-form requests (OPTIONS *) are not forwarded\n".into(),
        );
    }
    let ctx_leg = leg.clone();
    let ctx = st.sink.as_ref().map(|sink| {
        ExchangeCtx::new(
            sink.clone(),
            sink.next_exchange_id(),
            leg,
            st.capture_cap,
            &st.live,
        )
    });
    if let Some(ctx) = &ctx {
        if matches!(req.version(), Version::HTTP_10 | Version::HTTP_11) {
            ctx.watch_client_eof(client_eof.clone(), st.half_close, !st.console_warnings);
        }
        ctx.send(EventKind::RequestHead {
            conn: Some(conn),
            method: req.method().as_str().to_owned(),
            url: client_url,
            version: Some(version_str(req.version()).into()),
            headers: headers_of(req.headers()),
            upstream: target.as_ref().map(|t| t.url.clone()),
        });
    }
    // Several agents behind one proxy: which one was called, and by whom ([`attribution`]).
    let mut pending = match (&ctx, &st.attrib, target.as_ref()) {
        (Some(ctx), Some(a), Some(t)) if t.index != usize::MAX => {
            a.on_request(conn, t.index, req.headers(), ctx, ctx_leg)
        }
        _ => None,
    };
    let method_is_connect = req.method() == Method::CONNECT;
    let Some(mut target) = target else {
        if st.forward.is_some() {
            let text = format!("a2a-interop proxy: forward mode: {path} is not an absolute URL (hint: use this proxy as HTTP_PROXY, or give --route)\n");
            return synthetic(
                ctx.as_deref(),
                StatusCode::BAD_REQUEST,
                text,
                // what to do, as the client's 400 says it (ux36: the live line and the
                // recording said only what was missing): a client given this forward
                // proxy's address as the agent's URL
                format!(
                    "no absolute URL and no route for path {path}: the client called this forward proxy as if it were the agent (hint: give the client the agent's URL and this proxy as its HTTP_PROXY, or run a reverse proxy with --upstream / --route)"
                ),
            );
        }
        if method_is_connect {
            // HTTPS_PROXY pointed at a reverse proxy (breaker9a B13): say so, not "no route".
            let authority = req.uri().authority().map(|a| a.as_str()).unwrap_or("");
            return synthetic(
                ctx.as_deref(),
                StatusCode::METHOD_NOT_ALLOWED,
                format!("a2a-interop proxy: CONNECT {authority}: this proxy runs in reverse mode and forwards only to its --upstream / --route targets; to use it as HTTP_PROXY / HTTPS_PROXY start it with --forward (and --intercept-tls to see inside HTTPS), or send the requests to http://{local}/ itself\n"),
                format!("CONNECT {authority} sent to a reverse-mode proxy (no --forward)"),
            );
        }
        if path == "*" {
            return synthetic(
                ctx.as_deref(),
                StatusCode::NOT_IMPLEMENTED,
                "a2a-interop proxy: asterisk-form requests (OPTIONS *) are not forwarded\n".into(),
                // ux42: a second a2a-interop proxy in front of this one (a gateway leg)
                // sends one at start-up; the line said nothing of who or what to do
                "asterisk-form request (OPTIONS *) not forwarded (hint: the proxy answers a server-wide OPTIONS * itself, 501: a health check, or the start-up check of an a2a-interop proxy whose upstream is this one, User-Agent 'a2a-interop proxy (start-up check)'; nothing to do)".into(),
            );
        }
        // Which prefixes there are, and for a card fetched at the root, the usual cause:
        // a client given `http://HOST/py` whose card resolver dropped the last path
        // segment (the JS SDK's does unless the URL ends in `/`; newcomer25 N7).
        let prefixes = st.table.prefixes();
        let mut why = format!(" (routes: {})", prefixes.join(", "));
        if card::is_card_path(&path) && path.matches('/').count() == 2 {
            if let Some(p) = prefixes.iter().find(|p| **p != "/") {
                why.push_str(&format!(
                    "; a card fetched at the root, not under a route: a client given a route's URL without a final '/' ({origin}{p}) drops that segment when it resolves the card (the JS SDK's resolver does), so end the URL with '/' ({origin}{p}/)"
                ));
            }
        }
        return synthetic(
            ctx.as_deref(),
            StatusCode::NOT_FOUND,
            format!("a2a-interop proxy: no route for path {path}{why}\n"),
            format!("no route for path {path}{why}"),
        );
    };
    let upstream_base = st.table.upstream(target.index).cloned();
    let mut h2 = req.version() == Version::HTTP_2;
    let method = req.method().clone();
    let client_version = req.version();
    let (mut parts, body) = req.into_parts();
    // Held from here: an exchange dropped while it waits (hyper drops it when the proxy's h2
    // server resets the stream as malformed) learns why ([`Reclaim`], breaker18b X13).
    let mut held = Held {
        inner: Some(body),
        ctx: ctx.clone(),
        expects_continue: parts
            .headers
            .get(header::EXPECT)
            .is_some_and(|v| v.as_bytes().eq_ignore_ascii_case(b"100-continue")),
    };
    // nothing of a bodyless request is consumed by a failed attempt (see `h2c`)
    let bodyless = held.is_end_stream();
    // made by the route table from parts parsed once (forward mode: parsed here)
    let uri: Uri = match target.uri.take().map_or_else(|| target.url.parse(), Ok) {
        Ok(u) => u,
        Err(e) => {
            if let Some(p) = pending.take() {
                p.send_now();
            }
            return synthetic(
                ctx.as_deref(),
                StatusCode::BAD_GATEWAY,
                format!(
                    "a2a-interop proxy: cannot forward to {}: {e}\n",
                    shown_url(&target.url)
                ),
                format!("bad upstream URL {}: {e}", shown_url(&target.url)),
            );
        }
    };
    // `Transfer-Encoding: gzip, chunked` (breaker18b X4): hyper undid `chunked` only
    let req_codings = other_transfer_codings(&parts.headers);
    // hop-by-hop fields out: the rest keep the client's order when that is free (none, or
    // only last ones), and always with `--no-via` (no Via value made), for agents that
    // check the header list as sent (attack58, attack60)
    strip_hop_by_hop(&mut parts.headers, st.via_h1.is_none());
    // RFC 9110 §7.6.3: a proxy sends Via in each request it forwards; with this listener's
    // pseudonym in it, a request that comes back is told from a new one ([`came_back`]).
    // `--no-via` ([`ProxyExtras::no_via`]): neither value is made, nothing is appended.
    let via = match client_version {
        Version::HTTP_11 => st.via_h1.clone(),
        Version::HTTP_2 => st.via_h2.clone(),
        _ if st.via_h1.is_none() => None,
        v => HeaderValue::from_str(&format!("{} {}", via_version(v), st.via_name)).ok(),
    };
    if let Some(v) = via {
        parts.headers.append(header::VIA, v);
    }
    // `--preserve-host`: the Host the client chose (an h2 client's `:authority`), for an
    // ingress that routes by it (breaker16b T6)
    let client_host = if st.preserve_host {
        parts
            .uri
            .authority()
            .and_then(|a| HeaderValue::from_str(a.as_str()).ok())
            .or_else(|| parts.headers.get(header::HOST).cloned())
    } else {
        None
    };
    // Over TLS (intercepted CONNECT, `https://` route) the connector's ALPN picks h1 or h2;
    // the client sets Host / :authority.
    let tls_up = uri.scheme() == Some(&http::uri::Scheme::HTTPS);
    // An HTTP/1.1 client's requests go over h2c to an agent that refused HTTP/1.1 before
    // (`h2c::refused_http1`).
    if !h2 && !tls_up && st.h2c.has_h2c_only() {
        if let Some(a) = uri.authority() {
            let authority = format!("{}:{}", a.host(), a.port_u16().unwrap_or(80));
            if st.h2c.is_h2c_only(&authority) {
                h2 = true;
            }
        }
    }
    // The authority of a plain HTTP/1.1 attempt, to remember the agent if it refuses it.
    let h1_authority = (!h2 && !tls_up).then(|| uri.authority().cloned()).flatten();
    // An h2c client's requests go upstream over h2c only if the agent speaks it; most
    // agents speak HTTP/1.1 only.
    if h2 && !tls_up && client_host.is_some() && !h2c_only_upstream(&st.h2c, &uri) {
        // h2c would carry the upstream's `:authority`: the client's Host goes over HTTP/1.1
        h2 = false;
    }
    if h2 && !tls_up {
        if let Some(a) = uri.authority() {
            let port = a.port_u16().unwrap_or(80);
            let authority = format!("{}:{port}", a.host());
            if st.h2c.speaks_h2c(&authority).await == Some(false) {
                h2 = false;
            }
        }
    }
    // HTTP/1.1 (plain or TLS): hyper keeps a Host that is there. Replaced where the client
    // put it (`insert` keeps a field's place; a remove and insert moved Host last and the
    // client's last field into its place, attack58); over h2c and TLS there is none.
    let host = match client_host {
        Some(h) => Some(h),
        None if !h2 && !tls_up => uri
            .authority()
            .and_then(|a| HeaderValue::from_str(a.as_str()).ok()),
        None => None,
    };
    match host {
        Some(h) => {
            parts.headers.insert(header::HOST, h);
        }
        None => {
            parts.headers.remove(header::HOST);
        }
    }
    parts.uri = uri;
    parts.version = if h2 && !tls_up {
        Version::HTTP_2
    } else {
        Version::HTTP_11
    };
    if let Some(codings) = req_codings {
        // RFC 9112 §7: the codings other than `chunked` stay declared (hyper appends
        // `chunked` to a `Transfer-Encoding` it is given). Only plain HTTP/1.1 can carry
        // them (HTTP/2 has no Transfer-Encoding, RFC 9113 §8.2.2; TLS may pick h2): there
        // the proxy answers 501 as a server that does not decode them does (RFC 9112 §6.1).
        if !h2 && !tls_up {
            parts.headers.insert(header::TRANSFER_ENCODING, codings);
        } else {
            if let Some(p) = pending.take() {
                p.send_now();
            }
            let shown = codings.to_str().unwrap_or("?").to_string();
            let mut resp = synthetic(
                ctx.as_deref(),
                StatusCode::NOT_IMPLEMENTED,
                format!("a2a-interop proxy: the request's Transfer-Encoding {shown} (other than chunked) cannot be forwarded to {} over HTTP/2 or TLS, and the proxy does not decode transfer codings in requests (RFC 9112 §6.1, RFC 9113 §8.2.2); send the body with Content-Encoding instead\n", shown_url(&target.url)),
                format!("client request with Transfer-Encoding {shown} (other than chunked) refused: the upstream leg cannot carry it (RFC 9112 §6.1)"),
            );
            resp.headers_mut()
                .insert(header::CONNECTION, HeaderValue::from_static("close"));
            return resp;
        }
    }
    // A request body the agent never got (unreachable: the upstream request is dropped
    // before any of it is read) comes back here to be recorded (breaker9a B2); one the
    // agent stopped reading (it answered early) is read to its end for the recording.
    // a client that waits for `100 Continue` sends no body the agent did not ask for
    let expects_continue = parts
        .headers
        .get(header::EXPECT)
        .is_some_and(|v| v.as_bytes().eq_ignore_ascii_case(b"100-continue"));
    let (back, mut unsent) = match &ctx {
        Some(ctx) if !bodyless => {
            let (tx, rx) = tokio::sync::oneshot::channel();
            (
                Some(tx),
                Some(Unsent {
                    rx: Some(rx),
                    ctx: ctx.clone(),
                    expects_continue,
                }),
            )
        }
        _ => (None, None),
    };
    let Some(body) = held.take() else {
        return synthetic(
            ctx.as_deref(),
            StatusCode::INTERNAL_SERVER_ERROR,
            "a2a-interop proxy: request body already taken\n".to_string(),
            "request body already taken (a proxy bug)".to_string(),
        );
    };
    let body: ProxyBody = match &ctx {
        Some(ctx) => {
            let tee = TeeBody::new(body, ctx.clone(), Direction::Request, true);
            // plain HTTP/1.1 upstream: which request trailers hyper's chunked encoder sends
            // is known (declared in `Trailer`, allowed in trailers); over h2 / TLS it is not
            let tee = if h2 || tls_up {
                tee
            } else {
                let declared = parts
                    .headers
                    .get_all(header::TRAILER)
                    .iter()
                    .filter_map(|v| v.to_str().ok())
                    .flat_map(|v| v.split(','))
                    .map(|n| n.trim().to_ascii_lowercase())
                    .filter(|n| !n.is_empty())
                    .collect();
                tee.over_h1(declared)
            };
            Reclaim {
                ended: tee.is_end_stream(),
                inner: Some(tee),
                polled: false,
                expects_continue,
                back,
                ctx: ctx.clone(),
            }
            .boxed_unsync()
        }
        None => body.map_err(BoxError::from).boxed_unsync(),
    };
    // `--rewrite-card`: a JSON-RPC call for the extended card is answered with a card in
    // `result`; the request body is watched for the method name as it passes.
    let extended_rpc = (st.rewrite_card && method == Method::POST && upstream_base.is_some())
        .then(|| Arc::new(std::sync::atomic::AtomicBool::new(false)));
    let body = match &extended_rpc {
        Some(seen) => MethodSniff {
            inner: body,
            seen: seen.clone(),
            tail: Vec::new(),
        }
        .boxed_unsync(),
        None => body,
    };
    // A bodyless HTTP/1.1 request, ready to go again over h2c should the agent refuse
    // HTTP/1.1 (`h2c`).
    let mut retry = (h1_authority.is_some() && bodyless).then(|| {
        let mut r = Request::new(empty_body());
        *r.method_mut() = parts.method.clone();
        *r.uri_mut() = parts.uri.clone();
        *r.version_mut() = Version::HTTP_2;
        *r.headers_mut() = parts.headers.clone();
        r.headers_mut().remove(header::HOST);
        r
    });
    // A bodyless request of an idempotent method over HTTP/1.1 (plain or TLS), ready to go
    // again on a new connection should the upstream close the connection before any
    // answer (breaker16b T5: the keep-alive race, see [`closed_before_answer`]).
    let mut again = (bodyless && (tls_up || !h2) && is_idempotent(&parts.method)).then(|| {
        let mut r = Request::new(empty_body());
        *r.method_mut() = parts.method.clone();
        *r.uri_mut() = parts.uri.clone();
        *r.version_mut() = parts.version;
        *r.headers_mut() = parts.headers.clone();
        r
    });
    // `Expect: 100-continue` from an HTTP/1.1 client (breaker18b X8): the client's body is
    // not read (so hyper sends no `100 Continue`) until the agent sent its `100`, or
    // [`EXPECT_CONTINUE_WAIT`] passed without an answer; an agent's final answer first
    // leaves the body unsent, as the client asked.
    let expects = client_version == Version::HTTP_11
        && !bodyless
        && parts
            .headers
            .get_all(header::EXPECT)
            .iter()
            .any(|v| v.as_bytes().eq_ignore_ascii_case(b"100-continue"));
    let (body, answered) = if expects {
        let (tx, rx) = watch::channel(Expecting::Waiting);
        let tx = Arc::new(tx);
        (
            ContinueGate::new(body, rx).boxed_unsync(),
            Some(AnsweredGuard(tx)),
        )
    } else {
        (body, None)
    };
    // A bodyless request `again` does not cover (a POST without a body, an h2c one), ready
    // to go on a new connection should hyper lose it on a connection that ended before
    // taking it ([`unless_lost`]): it was never written, so sending it is no retry.
    let mut lost_copy = (bodyless && again.is_none()).then(|| {
        let mut r = Request::new(empty_body());
        *r.method_mut() = parts.method.clone();
        *r.uri_mut() = parts.uri.clone();
        *r.version_mut() = parts.version;
        *r.headers_mut() = parts.headers.clone();
        r
    });
    let mut up_req = Request::from_parts(parts, body);
    let mut captured = hyper_util::client::legacy::connect::capture_connection(&mut up_req);
    if let Some(AnsweredGuard(tx)) = &answered {
        let tx = tx.clone();
        hyper::ext::on_informational(&mut up_req, move |res| {
            if res.status() == StatusCode::CONTINUE {
                tx.send_replace(Expecting::Continue);
            }
        });
    }
    let https = if tls_up {
        up.https(&st, client_version)
    } else {
        None
    };
    let sent = match https {
        Some(https) => https.request(up_req),
        None if h2 => up.h2(&st).request(up_req),
        None => up.h1(&st, client_version).request(up_req),
    };
    // The request hyper lost on a connection that ended as it was queued ([`unless_lost`])
    // was never written: a bodyless one goes on a new connection (recorded as resent), one
    // with a body (held in the lost request) is answered 502 to be sent again.
    let mut resent = None;
    let mut sent = match unless_lost(sent, &mut captured).await {
        Some(r) => r,
        None => {
            let first = "the upstream connection ended as the request was queued on it, before the request was written (not sent)".to_string();
            let Some(r) = again.take().or_else(|| lost_copy.take()) else {
                if let Some(p) = pending.take() {
                    p.send_now();
                }
                return synthetic(
                    ctx.as_deref(),
                    StatusCode::BAD_GATEWAY,
                    format!("a2a-interop proxy: the connection to {} ended as this request was queued on it, before the request was written: it did not reach the agent; send it again\n", shown_url(&target.url)),
                    format!("request not forwarded: {first}"),
                );
            };
            if let Some(ctx) = &ctx {
                ctx.mark_resent(first.clone());
            }
            resent = Some(first);
            match https {
                Some(https) => https.request(r).await,
                None if h2 => up.h2(&st).request(r).await,
                None => up.h1(&st, client_version).request(r).await,
            }
        }
    };
    // An agent that speaks h2c only answered HTTP/2 to HTTP/1.1: remembered, and the request
    // sent again over h2c when it had no body; else the 502 below says so.
    let mut h1_refused = false;
    if let (Err(e), Some(a)) = (&sent, &h1_authority) {
        let authority = format!("{}:{}", a.host(), a.port_u16().unwrap_or(80));
        if h2c::refused_http1(&error_chain(e)) && st.h2c.speaks_h2c(&authority).await == Some(true)
        {
            st.h2c.mark_h2c_only(&authority);
            match retry.take() {
                Some(r) => sent = up.h2(&st).request(r).await,
                None => h1_refused = true,
            }
        }
    }
    // The upstream closed (or reset) the connection before any answer, typically a kept
    // connection it timed out as the request arrived: an idempotent request is sent once
    // more on a new connection, as a client talking to the agent directly may do (RFC 9112
    // §9.3.1.1, RFC 9110 §9.2.2). Never a POST: the 502 below says why it was not answered.
    // The resend is recorded (`exchange_end.resent`: the first attempt's failure) and named
    // in the 502 should the new connection fail too.
    if let (Err(e), Some(r)) = (&sent, again.take()) {
        if !h1_refused && closed_before_answer(e) {
            let first = error_chain(e);
            if let Some(ctx) = &ctx {
                ctx.mark_resent(first.clone());
            }
            resent = Some(first);
            sent = match https {
                Some(https) => https.request(r).await,
                None => up.h1(&st, client_version).request(r).await,
            };
        }
    }
    // The attribution event goes before the response head when the connection's process
    // lookup is done within [`attribution::PROCESS_WAIT`], else it is sent late.
    if let Some(p) = pending.take() {
        match &sent {
            Ok(_) => p.finish().await,
            Err(_) => p.send_now(),
        }
    }
    let resp = match sent {
        Ok(r) => r,
        Err(e) => {
            let cause = error_chain(&e);
            // the interim (1xx) heads read before the failure (an agent past
            // [`early::MAX_INTERIMS`]): recorded as for an answered request
            if let (Some(ctx), Some(s)) = (&ctx, early::state_of_error(&e)) {
                for head in s.take_interims() {
                    ctx.send(early::interim_event(&head));
                }
            }
            if let Some(req_err) = ctx.as_ref().and_then(|c| c.request_error()) {
                if let Some(ctx) = &ctx {
                    if ctx.request_malformed() {
                        ctx.end(
                            Outcome::Refused,
                            Some(format!("client request refused as malformed: {req_err}")),
                        );
                    } else {
                        // how far it got (RFC 9112 §6.3: a body cut before its length is
                        // incomplete)
                        let of = ctx
                            .request_announced()
                            .map(|n| format!(" of {n}"))
                            .unwrap_or_default();
                        ctx.end(
                            Outcome::ClientAbort,
                            Some(format!(
                                "client request body failed after {}{of} bytes: {req_err}",
                                ctx.request_bytes()
                            )),
                        );
                    }
                }
                return text_response(
                    StatusCode::BAD_REQUEST,
                    format!("request body failed: {req_err}\n"),
                );
            }
            // "unreachable" only when no connection came up; an agent that closed the
            // connection or answered something that is not HTTP was reached
            // The proxy's own open-file limit (EMFILE, ENFILE): the agent was not asked.
            let out_of_files = out_of_files_in(&e);
            let hint = if let Some((_, h)) = out_of_files {
                Some(h.to_string())
            } else if h1_refused {
                Some("the proxy talks h2c to this agent from now on: send the request again (its body was already sent and cannot be sent twice)".to_string())
            } else {
                tls_hint_dated(&cause)
            };
            // The agent closed its end while the request body was being sent and left no
            // answer in the connection (breaker15b R3): not "unreachable", not "no valid
            // HTTP response".
            let early = early::state_of_error(&e).filter(|s| s.closed_while_sending());
            let early_what = early.as_ref().map(|s| {
                let sent = match &ctx {
                    Some(c) => {
                        let read = c.request_bytes();
                        let got = read.saturating_sub(s.discarded());
                        match c.request_announced() {
                            Some(len) => format!(" after about {got} of {len} request body bytes (content-length {len})"),
                            None => format!(" after about {got} request body bytes"),
                        }
                    }
                    None => format!(" after {} bytes of the request", s.accepted()),
                };
                format!(
                    "closed the connection while the request body was being sent{sent} ({}) and left no answer",
                    s.cause()
                )
            });
            let hint = hint.or(early.as_ref().map(|_| {
                "the agent stopped reading the request: check its request size limit (an early 413 must be written before it closes) and that it reads chunked request bodies (RFC 9112 §6.1, §7.1)".to_string()
            }));
            // A response head hyper refused (obs-fold, a bad field name, ...): which line,
            // in words, from the head bytes the connection kept (breaker15b R16).
            // An h2c-only agent answers an HTTP/1.1 request with HTTP/2 frames: hyper calls
            // that a parse error, but the h2c explanation above is the one that helps.
            let parse = hyper_parse_error(&e) && !h1_refused;
            let parse_state = parse.then(|| early::state_of_error(&e)).flatten();
            let head_fault = parse_state.as_ref().and_then(|s| {
                let head = s.last_head();
                let fault = early::head_fault(&head)?;
                // open46: bytes that are no status line right after an answer framed by
                // its Content-Length on this connection may be the rest of that answer
                match s.prior_framed().filter(|_| !head.starts_with(b"HTTP/")) {
                    Some(prior) => Some(format!(
                        "{fault}; these bytes came on the connection where the answer to {prior}, framed by its Content-Length, had just ended: they may be the rest of that answer, sent past its Content-Length after this request went out (RFC 9112 §6.3), which no HTTP/1.1 client can tell from an answer to this request"
                    )),
                    None => Some(fault),
                }
            });
            let too_large = parse && hyper_head_too_large(&e);
            let h2_refused = !too_large && h2_own_protocol_reset(&e);
            let cause = match &head_fault {
                _ if h2_refused => format!("{cause}: the proxy's own HTTP/2 client reset this stream (PROTOCOL_ERROR, RFC 9113 §5.4.2) on the agent's response head: a header list that decodes past the proxy's own limit of {} KiB (SETTINGS_MAX_HEADER_LIST_SIZE, RFC 9113 §6.5.2; an HPACK bomb, a few KiB of header block that expand to more, ends here), or a head HTTP/2 forbids (uppercase or connection-specific field names, RFC 9113 §8.2); the agent answered and its process did not fail (hint: look at the response headers the agent sets, e.g. with curl --http2-prior-knowledge -v)", H2_MAX_HEADER_LIST_BYTES / 1024),
                _ if too_large => format!("{cause}: the response head is over the proxy's own limit of {MAX_HEADER_FIELDS} header fields or {} KiB of head (hyper's; RFC 9110 §5.4), not an HTTP syntax error of the agent: the agent's answer may be valid, but this proxy cannot pass it on", MAX_HEAD_BYTES / 1024),
                Some(f) => format!("{f} (hyper: {cause})"),
                None if parse => format!("{cause}: the response head breaks the HTTP/1.1 syntax (RFC 9112 §4, §5): check it with `curl -v`"),
                None => cause,
            };
            // no connection came up at all (refused, no route, a name that does not
            // resolve): recorded as a kind too (`exchange_end.connect_failure`), so a reader
            // tells a dead agent from one that broke a connection without the text
            let unconnected = early_what.is_none()
                && out_of_files.is_none()
                && !too_large
                && !h2_refused
                && !parse
                && !h1_refused
                && hint.is_none()
                && e.is_connect();
            if let (true, Some(ctx)) = (unconnected, &ctx) {
                ctx.mark_connect_failure(connect_failure_of(&e));
            }
            let what = if let Some((w, _)) = out_of_files {
                w
            } else if let Some(w) = &early_what {
                w.as_str()
            } else if too_large {
                "sent a response head larger than the proxy's limits"
            } else if h2_refused {
                "sent an HTTP/2 response head the proxy's HTTP/2 client refused"
            } else if parse {
                "sent a response head the proxy cannot parse"
            } else if h1_refused {
                "speaks HTTP/2 only (h2c prior knowledge) and refused this HTTP/1.1 request"
            } else if hint.is_some() {
                "failed the TLS handshake"
            } else if unconnected {
                "unreachable"
            } else {
                "answered no valid HTTP response"
            };
            // An http:// upstream whose port speaks TLS closes, or answers an alert
            // (review22 R8): said as the start-up check says it.
            let tls_head = parse
                && early::state_of_error(&e)
                    .is_some_and(|s| matches!(s.last_head().as_slice(), [0x15 | 0x16, 0x03, ..]));
            let tls_port = if tls_head {
                https_origin(&target.url)
            } else if head_fault.is_none()
                && !too_large
                && early_what.is_none()
                && !h1_refused
                && hint.is_none()
                && !e.is_connect()
            {
                https_origin(&target.url).filter(|o| {
                    st.tls_ports
                        .contains(o.strip_prefix("https://").unwrap_or(o))
                })
            } else {
                None
            };
            // (a TLS alert is already named by the head's fault above)
            let what = if tls_port.is_some() && !tls_head {
                "speaks TLS (https) on that port, not plain HTTP"
            } else {
                what
            };
            let hint = match tls_port {
                Some(https) => format!(" (hint: use {https} as the upstream: --upstream https://... or https:// in --route)"),
                None => hint.map(|h| format!(" (hint: {h})")).unwrap_or_default(),
            };
            // both attempts of a resent request failed: the client is told it went twice
            // (before the hint: the live line reads a cause's last ` (hint: ...)` as its
            // hint, and a note after it left `--route) (the request was sent twice: ...`
            // there, newcomer47 N10)
            let twice = resent
                .map(|first| format!(" (the request was sent twice: its kept connection closed before any answer ({first}), and the new connection it was sent on again failed as said; RFC 9112 §9.3.1.1)"))
                .unwrap_or_default();
            if let (Some(ctx), Some(b)) = (&ctx, unsent.as_mut().and_then(Unsent::try_recv)) {
                record_unsent(ctx, b).await;
            }
            return synthetic(
                ctx.as_deref(),
                StatusCode::BAD_GATEWAY,
                format!(
                    "a2a-interop proxy: upstream {} {what}: {cause}{twice}{hint}\n",
                    shown_url(&target.url)
                ),
                format!(
                    "upstream {} {what}: {cause}{twice}{hint}",
                    shown_url(&target.url)
                ),
            );
        }
    };
    // A body the upstream request dropped unread (the agent answered before it asked for
    // any of it) came back here: read for the recording like any body the agent stopped
    // reading. Closed first, so a body dropped later is read where it is dropped.
    if let Some(u) = unsent.take() {
        u.finish();
    }
    if resp.status() == StatusCode::SWITCHING_PROTOCOLS {
        // The proxy forwards no `Upgrade` (hop-by-hop), so no request through it asked to
        // switch: a server MUST NOT switch to a protocol the client did not ask for
        // (RFC 9110 §15.2.2, §7.8). Passing the 101 on, without the `Upgrade` it would
        // need, leaves the client with a connection neither side can speak on.
        let upgrade = resp
            .headers()
            .get(header::UPGRADE)
            .and_then(|v| v.to_str().ok())
            .unwrap_or("(none)")
            .to_string();
        return synthetic(
            ctx.as_deref(),
            StatusCode::BAD_GATEWAY,
            format!(
                "a2a-interop proxy: upstream {} answered 101 Switching Protocols (Upgrade: {upgrade}) to a request that asked for no upgrade; the proxy does not tunnel upgraded connections\n",
                shown_url(&target.url)
            ),
            format!(
                "upstream {} answered 101 Switching Protocols (Upgrade: {upgrade}) to a request that asked for no upgrade",
                shown_url(&target.url)
            ),
        );
    }
    let up_state = early::state_of(resp.extensions());
    let (mut parts, body) = resp.into_parts();
    if let (Some(ctx), Some(up)) = (&ctx, up_state) {
        // open45: the interim (1xx) heads the agent sent first, and the body length its
        // Content-Length declared (hyper's exact size hint; none for chunked or
        // close-delimited bodies), to count bytes past it at the exchange's end
        for head in up.take_interims() {
            ctx.send(early::interim_event(&head));
        }
        ctx.watch_upstream(up, http_body::Body::size_hint(&body).exact());
    }
    if st.console_warnings
        && parts.headers.contains_key(header::TRANSFER_ENCODING)
        && parts.headers.contains_key(header::CONTENT_LENGTH)
        && !st.framing_warned.swap(true, Ordering::Relaxed)
    {
        // RFC 9112 §6.2: a sender MUST NOT send both; clients reading the agent directly
        // may trust the Content-Length and get a cut body. Once per run.
        crate::errln!(
            "a2a-interop proxy: WARNING: agent {} answered {} with both Transfer-Encoding and Content-Length (RFC 9112 §6.2 forbids it); forwarded without the Content-Length, framed by Transfer-Encoding (RFC 9112 §6.3); not repeated for later responses",
            shown_url(&target.url),
            ctx.as_ref().map_or("a request", |c| &*c.id)
        );
    }
    // `Transfer-Encoding: gzip, chunked` / `xchunked` from the agent (breaker18b X3)
    let resp_codings = other_transfer_codings(&parts.headers);
    let Some(ctx) = ctx else {
        strip_hop_by_hop(&mut parts.headers, false);
        own_version(&mut parts, client_version);
        let body = body.map_err(BoxError::from).boxed_unsync();
        let body = match &resp_codings {
            Some(c) => match te_for_client(c, client_version) {
                Ok(dec) => {
                    if client_version == Version::HTTP_11 {
                        parts.headers.insert(header::TRANSFER_ENCODING, c.clone());
                    }
                    te_wrap(body, dec)
                }
                Err(e) => return te_refused(None, &target.url, c, e),
            },
            None => body,
        };
        let body = match answered {
            Some(guard) => WithGuard {
                inner: body,
                _guard: guard,
            }
            .boxed_unsync(),
            None => body,
        };
        return Response::from_parts(parts, body);
    };
    ctx.send(EventKind::ResponseHead {
        status: parts.status.as_u16(),
        version: Some(version_str(parts.version).into()),
        headers: headers_of(&parts.headers),
        synthetic: false,
        // hyper keeps an HTTP/1.x reason phrase only when it is not the canonical one
        // (and passes it on to the client with the response's extensions)
        reason: parts
            .extensions
            .get::<hyper::ext::ReasonPhrase>()
            .map(|r| String::from_utf8_lossy(r.as_bytes()).into_owned()),
    });
    strip_hop_by_hop(&mut parts.headers, false);
    own_version(&mut parts, client_version);
    if st.rewrite_card
        && parts.status.is_redirection()
        && (card::is_card_path(&path) || card::is_extended_card_path(&path))
    {
        if let Some(up) = upstream_base.as_ref() {
            let client_base = card_base(&target.prefix);
            card_redirect(&st, &mut parts, &target.url, up, &client_base);
        }
    }
    if st.rewrite_card
        && method == Method::HEAD
        && parts.status.is_success()
        && (card::is_card_path(&path) || card::is_extended_card_path(&path))
        && upstream_base.is_some()
    {
        // A GET of this card would be served rewritten, with another length and ETag; the
        // agent's describe the agent's bytes. RFC 9110 §9.3.2 wants HEAD's fields to be
        // GET's, and both may be omitted (§8.6, §8.8.3): omitted, not left wrong.
        for h in [
            header::ETAG,
            header::CONTENT_LENGTH,
            HeaderName::from_static("content-md5"),
            HeaderName::from_static("digest"),
        ] {
            parts.headers.remove(h);
        }
    }
    // The JSON-RPC extended card: a JSON answer (not a stream) to a call that named it.
    let rpc_card = extended_rpc
        .as_ref()
        .is_some_and(|seen| seen.load(std::sync::atomic::Ordering::Relaxed))
        && parts
            .headers
            .get(header::CONTENT_TYPE)
            .and_then(|v| v.to_str().ok())
            .is_some_and(|v| v.to_ascii_lowercase().contains("json"));
    let rest_card = method == Method::GET
        && (card::is_card_path(&path)
            || card::is_extended_card_path(&path)
            || (st.rewrite_card && parts.status.is_success() && st.card_redirected_to(&path)));
    if st.rewrite_card && parts.status.is_success() && (rest_card || rpc_card) {
        if let Some(up) = upstream_base {
            let client_base = card_base(&target.prefix);
            if let Some(front) = &front_says {
                let public = card::public_base(front, &target.prefix);
                if public != client_base && !st.forwarded_warned.swap(true, Ordering::Relaxed) {
                    crate::errln!(
                        "a2a-interop proxy: WARNING: the card for {path} is rewritten to {client_base}, but the request came through a front that names {public} (Forwarded / X-Forwarded-*): clients outside may not reach the rewritten URL (CARD-005); hint: --public-url URL, or --trust-forwarded when only that front can reach this proxy; not repeated"
                    );
                }
            }
            let member = (!rest_card).then_some("result");
            return card_response(ctx, parts, body, &up, &client_base, &st, member).await;
        }
    }
    let dec = match &resp_codings {
        Some(c) => match te_for_client(c, client_version) {
            Ok(dec) => {
                if client_version == Version::HTTP_11 {
                    parts.headers.insert(header::TRANSFER_ENCODING, c.clone());
                }
                dec
            }
            // before the tee exists: its drop would end the exchange as a client abort
            Err(e) => return te_refused(Some(ctx.as_ref()), &target.url, c, e),
        },
        None => None,
    };
    let body = TeeBody::new(body, ctx, Direction::Response, true).boxed_unsync();
    let body = te_wrap(body, dec);
    let body = match answered {
        Some(guard) => WithGuard {
            inner: body,
            _guard: guard,
        }
        .boxed_unsync(),
        None => body,
    };
    Response::from_parts(parts, body)
}

/// The response head goes to an HTTP/1.x client in the proxy's own HTTP version, not the
/// agent's (RFC 9110 §2.5: an intermediary MUST send its own HTTP-version in forwarded
/// messages): an HTTP/1.0 agent's `HTTP/1.0 200 OK` was passed to HTTP/1.1 clients as it
/// came, and their connection closed after it (ux40). hyper answers an HTTP/1.0 client in
/// HTTP/1.0 whatever this says; an h2 client's response has no version line. The
/// recording keeps the agent's version (`response_head.version`).
fn own_version(parts: &mut http::response::Parts, client_version: Version) {
    if matches!(client_version, Version::HTTP_10 | Version::HTTP_11)
        && parts.version != Version::HTTP_11
    {
        parts.version = Version::HTTP_11;
    }
}

/// The proxy's 502 for an agent answer whose transfer codings (`codings`, other than
/// `chunked`) the client cannot receive (HTTP/2, HTTP/1.0) and the proxy cannot decode:
/// passing the coded bytes on without their coding would hand the client a body it cannot
/// read (RFC 9112 §7). The recording already holds the agent's `response_head`; it gets
/// the end of the exchange with the cause.
fn te_refused(
    ctx: Option<&ExchangeCtx>,
    url: &str,
    codings: &HeaderValue,
    e: crate::model::coding::CodingError,
) -> Response<ProxyBody> {
    let shown = codings.to_str().unwrap_or("?");
    let why = format!(
        "upstream {} answered with Transfer-Encoding {shown}, which this client's HTTP version cannot receive and the proxy cannot decode ({e}; RFC 9112 §6.1, §7)",
        shown_url(url)
    );
    if let Some(ctx) = ctx {
        ctx.end(Outcome::UpstreamError, Some(why.clone()));
    }
    text_response(
        StatusCode::BAD_GATEWAY,
        format!("a2a-interop proxy: {why}\n"),
    )
}

/// How many card redirect targets [`State::card_redirects`] keeps.
const MAX_CARD_REDIRECTS: usize = 64;

/// Redirects of Agent Card paths seen with `--rewrite-card` ([`card_redirect`]).
#[derive(Default)]
struct CardRedirects {
    /// Client-side paths a card path redirected to.
    paths: std::collections::HashSet<String>,
    /// Redirect targets off the upstream, warned about once each.
    warned: std::collections::HashSet<String>,
}

impl State {
    /// True when an Agent Card path of this proxy redirected to client-side `path`.
    fn card_redirected_to(&self, path: &str) -> bool {
        self.card_redirects
            .lock()
            .is_ok_and(|r| r.paths.contains(path))
    }
}

/// `--rewrite-card` and an Agent Card path answered with a redirect (CARD-001: clients
/// follow it): the `Location` is resolved against the upstream request URL `request_url`;
/// a target at the upstream is remembered by its client-side path, so the GET that follows
/// is served as a card, rewritten; an absolute `Location` at the upstream is rewritten to
/// the proxy (else the client leaves the proxy at the card; the recording keeps the
/// agent's header). A target elsewhere is warned about once on stderr: clients that follow
/// it bypass the proxy (breaker10n N12).
fn card_redirect(
    st: &State,
    parts: &mut http::response::Parts,
    request_url: &str,
    upstream: &url::Url,
    client_base: &str,
) {
    let Some(loc) = parts
        .headers
        .get(header::LOCATION)
        .and_then(|v| v.to_str().ok())
        .map(str::to_string)
    else {
        return;
    };
    let Some(abs) = url::Url::parse(request_url)
        .ok()
        .and_then(|base| base.join(&loc).ok())
    else {
        return;
    };
    match card::rewrite_url(abs.as_str(), upstream, client_base) {
        Some(client_url) => {
            let client_path = url::Url::parse(&client_url)
                .map(|u| u.path().to_string())
                .unwrap_or_else(|_| {
                    // a client base without a scheme: the path after the authority
                    let rest = client_url
                        .split_once("://")
                        .map_or(&*client_url, |(_, r)| r);
                    rest.find('/').map_or("/".into(), |i| {
                        rest[i..]
                            .split(['?', '#'])
                            .next()
                            .unwrap_or("/")
                            .to_string()
                    })
                });
            if let Ok(mut r) = st.card_redirects.lock() {
                if r.paths.len() < MAX_CARD_REDIRECTS {
                    r.paths.insert(client_path);
                }
            }
            let absolute = url::Url::parse(&loc).is_ok();
            if absolute {
                if let Ok(v) = HeaderValue::from_str(&client_url) {
                    parts.headers.insert(header::LOCATION, v);
                }
            }
        }
        None => {
            let first = st.card_redirects.lock().is_ok_and(|mut r| {
                r.warned.len() < MAX_CARD_REDIRECTS && r.warned.insert(abs.to_string())
            });
            if first && st.console_warnings {
                crate::errln!(
                    "a2a-interop proxy: WARNING: the Agent Card at {} redirects to {}, which is not behind this proxy: --rewrite-card cannot rewrite it, and clients that follow it talk to that address directly (not recorded)",
                    shown_url(request_url),
                    shown_url(abs.as_str())
                );
            }
        }
    }
}

/// Buffers an Agent Card response (≤ [`card::CARD_CAP`]) and serves it rewritten; anything
/// else (too big, not JSON, nothing to rewrite, undecodable encoding) passes unchanged. Too
/// big and undecodable are recorded as `card_rewrite_skipped` and printed on stderr, and so
/// is a JWS-signed card (`signatures[]`), served untouched because a rewrite would
/// invalidate its signatures (CARD-010, breaker17b V4) unless `st.rewrite_signed_cards`.
/// `member`: the card is that top-level member of the body (`result` of a JSON-RPC
/// `GetExtendedAgentCard` answer), not the body itself.
async fn card_response(
    ctx: Arc<ExchangeCtx>,
    mut parts: http::response::Parts,
    mut body: Incoming,
    upstream: &url::Url,
    client_base: &str,
    st: &State,
    member: Option<&str>,
) -> Response<ProxyBody> {
    let st_warn = st.console_warnings;
    let rewrite_signed = st.rewrite_signed_cards;
    let mut frames: Vec<Bytes> = Vec::new();
    let mut total = 0usize;
    let announced = body.size_hint().exact();
    let mut ended = body.is_end_stream();
    while !ended && total <= card::CARD_CAP {
        match body.frame().await {
            Some(Ok(f)) => {
                // An empty DATA frame (h2's END_STREAM sent on its own, after a chunked
                // agent's last chunk) is not kept: left in the prefix it made the served
                // body look unfinished once its exact length was written, and the client
                // leg dropped it unpolled (recorded as client_abort; session 32).
                if let Ok(d) = f.into_data() {
                    if !d.is_empty() {
                        total += d.len();
                        frames.push(d);
                    }
                }
                ended = body.is_end_stream();
            }
            Some(Err(e)) => {
                for d in frames {
                    ctx.send(EventKind::ResponseChunk { body: Body::new(d) });
                }
                let cause = tee::cut_short("card", total as u64, announced, &error_chain(&e));
                ctx.end(Outcome::UpstreamAbort, Some(cause.clone()));
                return text_response(
                    StatusCode::BAD_GATEWAY,
                    format!("a2a-interop proxy: {cause}\n"),
                );
            }
            None => ended = true,
        }
    }
    let whole: Vec<u8> = frames.iter().flat_map(|b| b.iter().copied()).collect();
    let encoding = parts
        .headers
        .get_all(header::CONTENT_ENCODING)
        .iter()
        .map(|v| v.to_str().unwrap_or("(not ASCII)"))
        .collect::<Vec<_>>();
    // Several field lines form one list (RFC 9110 §5.3): `gzip` then `gzip` = stacked.
    let encoding = (!encoding.is_empty()).then(|| encoding.join(", "));
    // Over the cap or undecodable: the client gets the agent's own URLs. Say so loudly (the
    // recording gets a `card_rewrite_skipped`, stderr a line) instead of passing it silently.
    // what to do about card URLs the rewrite cannot map (set with `why` below)
    let mut bypass_hint = String::new();
    let (rewritten, skipped) = if !ended || total > card::CARD_CAP {
        (
            None,
            Some(format!(
                "card body over the {}-byte rewrite cap",
                card::CARD_CAP
            )),
        )
    } else {
        match card::decode(&whole, encoding.as_deref()) {
            Ok(plain) if !rewrite_signed && card::signature_count_in(&plain, member) > 0 => {
                // A JWS signature covers the card's URLs (CARD-010: JCS of the card minus
                // `signatures`); a rewritten card would fail every client that checks it,
                // and the proxy cannot re-sign it. Served as the agent signed it.
                let n = card::signature_count_in(&plain, member);
                let would = card::rewrite_in(&plain, member, upstream, client_base)
                    .map(|(_, p)| p.join(", "))
                    .unwrap_or_default();
                if would.is_empty() {
                    // Nothing pointed at the upstream: nothing would have changed.
                    (None, None)
                } else {
                    (
                        None,
                        Some(format!(
                            "the card is signed ({n} JWS signature{} in signatures[]) and a rewrite of {would} would invalidate them (CARD-010: a signature covers the card's URLs), so clients that check card signatures would reject it; to keep clients on the proxy, let the agent advertise the proxy's URL (its public URL setting, e.g. A2A_PUBLIC_URL) and sign that card",
                            if n == 1 { "" } else { "s" }
                        )),
                    )
                }
            }
            Ok(plain) => {
                // URLs on another authority (an internal name, a gateway's public host) are
                // not the upstream's: left as they are, and said so.
                let foreign = card::unrewritable_urls_in(&plain, member, upstream, client_base);
                // ux37: a TLS front (`--upstream https://front`) before an agent whose card
                // names its own port said only "clients ... bypass the proxy"
                if let Some(origin) = foreign
                    .first()
                    .and_then(|u| url::Url::parse(u).ok())
                    .map(|u| u.origin().ascii_serialization())
                {
                    bypass_hint = format!(
                        "; hint: put the proxy in front of the address the card names (--upstream {origin}), or make the agent advertise the upstream's URL ({}, its public URL setting, e.g. A2A_PUBLIC_URL) so that --rewrite-card maps it to the proxy",
                        shown_url(upstream.as_str())
                    );
                }
                let why = (!foreign.is_empty()).then(|| {
                    format!(
                        "advertised url {} points neither at the upstream {} nor at the proxy, and the card rewrite maps only the upstream's URLs",
                        foreign.join(", "),
                        shown_url(upstream.as_str())
                    )
                });
                let rewritten = card::rewrite_in(&plain, member, upstream, client_base);
                match (rewritten, why) {
                    // Partly rewritten: the recording has the `card_rewrite`; say the rest.
                    (Some(r), Some(why)) => {
                        if st_warn {
                            crate::errln!(
                            "a2a-interop proxy: WARNING: agent card {} partly rewritten: {}; clients that follow those URLs bypass the proxy{}",
                            ctx.id,
                            // the card's own URLs, on one line, their controls not obeyed
                            crate::report::show_controls_line(&why),
                            crate::report::show_controls_line(&bypass_hint)
                        );
                        }
                        (Some(r), None)
                    }
                    (r, why) => (r, why),
                }
            }
            Err(e) => (
                None,
                Some(match e {
                    crate::model::coding::CodingError::OverLimit(_) => format!(
                        "card body with content-encoding {} decodes to more than the {}-byte rewrite cap",
                        encoding.as_deref().unwrap_or("identity"),
                        card::CARD_CAP
                    ),
                    e => format!(
                        "card body with content-encoding {} could not be decoded: {e}",
                        encoding.as_deref().unwrap_or("identity"),
                    ),
                }),
            ),
        }
    };
    if let Some(reason) = skipped {
        if st_warn {
            crate::errln!(
                "a2a-interop proxy: WARNING: agent card {} NOT rewritten: {}; clients that follow its URLs bypass the proxy{}",
                ctx.id,
                crate::report::show_controls_line(&reason),
                crate::report::show_controls_line(&bypass_hint)
            );
        }
        ctx.send(EventKind::CardRewriteSkipped { reason });
    }
    let Some((new_body, pointers)) = rewritten else {
        // Unchanged: the buffered frames go first (recorded as they pass), then the rest.
        let joined = PrefixBody {
            prefix: frames.into(),
            rest: (!ended).then_some(body),
        };
        return Response::from_parts(
            parts,
            TeeBody::new(joined, ctx, Direction::Response, true).boxed_unsync(),
        );
    };
    ctx.send(EventKind::CardRewrite {
        body: Body::new(new_body.clone()),
        pointers,
    });
    let mut recorded = 0usize;
    for d in frames {
        let n = d.len();
        let room = ctx.cap.saturating_sub(recorded);
        recorded += n.min(room);
        if room == 0 {
            ctx.mark_truncated();
            // filled exactly by earlier frames: say once that the cap cut it (newcomer19
            // N10), as the tee does
            if recorded == ctx.cap {
                recorded = ctx.cap.saturating_add(1);
                ctx.send(EventKind::ResponseChunk {
                    body: Body {
                        data: Bytes::new(),
                        truncated: true,
                    },
                });
            }
            continue;
        }
        let body = if n > room {
            ctx.mark_truncated();
            // this event says the cap cut the body: no second one
            recorded = ctx.cap.saturating_add(1);
            Body {
                data: d.slice(..room),
                truncated: true,
            }
        } else {
            Body::new(d)
        };
        ctx.send(EventKind::ResponseChunk { body });
    }
    // The agent's ETag names the agent's bytes; the client gets a new one for the new
    // bytes so caching (CARD-009) keeps working.
    let had_etag = parts.headers.contains_key(header::ETAG);
    for h in [
        header::CONTENT_ENCODING,
        header::ETAG,
        header::CONTENT_LENGTH,
        HeaderName::from_static("content-md5"),
        HeaderName::from_static("digest"),
    ] {
        parts.headers.remove(h);
    }
    parts
        .headers
        .insert(header::CONTENT_LENGTH, HeaderValue::from(new_body.len()));
    if had_etag {
        use sha2::Digest as _;
        let digest = sha2::Sha256::digest(&new_body);
        let tag = format!("\"a2a-interop-{}\"", hex::encode(&digest[..12]));
        if let Ok(v) = HeaderValue::from_str(&tag) {
            parts.headers.insert(header::ETAG, v);
        }
    }
    let body = Full::new(Bytes::from(new_body))
        .map_err(|never: Infallible| -> BoxError { match never {} });
    Response::from_parts(
        parts,
        TeeBody::new(body, ctx, Direction::Response, false).boxed_unsync(),
    )
}

/// The client's request body, recorded ([`TeeBody`]), on its way to the agent. Dropped by
/// the upstream request before its end, it is not lost to the recording:
///
/// - never polled (the upstream request failed before it sent any of it: agent
///   unreachable), it is handed back through `back` so [`record_unsent`] records what the
///   client sent before the proxy's own `502` (breaker9a B2);
/// - polled in part (the agent answered before it read all of it: an early `401`, `413`,
///   `400`, over HTTP/1.1, h2c or TLS alike), the rest is read from the client for the
///   recording only, in a task of its own ([`drain_for_recording`]): the client's answer is
///   not held up, and nothing more goes to the agent. The `exchange_end` then says how many
///   bytes reached the agent and whether the recording holds the whole body.
///
/// Dropped unfinished with nobody to read it (the handler was dropped: hyper's h2 server
/// does so when it resets the client's stream), it first reads what the body already holds,
/// without waiting ([`settle_dropped_body`]), so that a stream the proxy's server reset as
/// malformed ends `refused`, not `client_abort` (breaker18b X13).
struct Reclaim {
    inner: Option<TeeBody<Incoming>>,
    polled: bool,
    ended: bool,
    /// The request asked for `100 Continue`: a body the agent never asked for is not read.
    expects_continue: bool,
    back: Option<tokio::sync::oneshot::Sender<TeeBody<Incoming>>>,
    ctx: Arc<ExchangeCtx>,
}

/// The handler's end of [`Reclaim`]'s `back` channel: a request body the upstream request
/// dropped unread. The handler reads it for the recording before its `502`
/// ([`record_unsent`]), or after the agent's answer ([`Unsent::finish`]). Dropped with a body
/// in it (the handler itself was dropped: the client's connection ended while the request
/// waited for the agent, proxy20 P1), it closes the channel and reads the body for the
/// recording, first what it already holds ([`settle_dropped_body`]), the rest in a task of
/// its own ([`spawn_drain`]). A body whose client waits for `100 Continue` is not read.
struct Unsent {
    rx: Option<tokio::sync::oneshot::Receiver<TeeBody<Incoming>>>,
    ctx: Arc<ExchangeCtx>,
    expects_continue: bool,
}

impl Unsent {
    /// The body the upstream request dropped unread, if it came back (`None` while the
    /// upstream request may still take it).
    fn try_recv(&mut self) -> Option<TeeBody<Incoming>> {
        self.rx.as_mut().and_then(|rx| rx.try_recv().ok())
    }

    /// The agent answered: the channel is closed (a body dropped later is read where it is
    /// dropped), and a body already back is read for the recording in its own task, as
    /// its client sends it.
    fn finish(mut self) {
        if let Some(mut rx) = self.rx.take() {
            rx.close();
            if let (Ok(tee), false) = (rx.try_recv(), self.expects_continue) {
                spawn_drain(&self.ctx, tee);
            }
        }
    }
}

impl Drop for Unsent {
    fn drop(&mut self) {
        let Some(mut rx) = self.rx.take() else {
            return;
        };
        rx.close();
        if let (Ok(mut tee), false) = (rx.try_recv(), self.expects_continue) {
            // none of it reached the agent
            self.ctx.drain_started();
            settle_dropped_body(&mut tee, &self.ctx);
            if !tee.is_end_stream() {
                spawn_drain(&self.ctx, tee);
            }
        }
    }
}

/// The client's request body from the start of the handler until it is wrapped for the
/// upstream ([`Reclaim`]): an exchange dropped while it waits (hyper drops it when the
/// proxy's h2 server resets the stream as malformed) still learns why (breaker18b X13).
struct Held {
    inner: Option<Incoming>,
    ctx: Option<Arc<ExchangeCtx>>,
    /// The request asked for `100 Continue`: a body nobody asked for is not read.
    expects_continue: bool,
}

impl Held {
    /// True when the body has no frames left (none: already taken).
    fn is_end_stream(&self) -> bool {
        self.inner.as_ref().is_none_or(|b| b.is_end_stream())
    }

    /// The body, for the upstream request (none: taken before; `handle` takes it once).
    fn take(&mut self) -> Option<Incoming> {
        self.inner.take()
    }
}

impl Drop for Held {
    fn drop(&mut self) {
        let (Some(b), Some(ctx)) = (self.inner.take(), &self.ctx) else {
            return;
        };
        if b.is_end_stream() {
            return;
        }
        if self.expects_continue {
            // not read (no `100 Continue` asked for it); an error it already holds is kept
            let mut b = b;
            settle_dropped_body(&mut b, ctx);
            return;
        }
        // The handler was dropped before the body went upstream (the client's connection
        // ended while the request waited: proxy20 P1): what the client sent is recorded.
        let mut tee = TeeBody::new(b, ctx.clone(), Direction::Request, true);
        ctx.drain_started();
        settle_dropped_body(&mut tee, ctx);
        if !tee.is_end_stream() {
            spawn_drain(ctx, tee);
        }
    }
}

/// Polls `body` without waiting (a no-op waker, at most 64 frames) until it errs, ends or
/// has nothing ready, and tells `ctx` the error: how a dropped exchange learns that its
/// request stream was reset as malformed.
fn settle_dropped_body<B>(body: &mut B, ctx: &ExchangeCtx)
where
    B: http_body::Body + Unpin,
    B::Error: Into<BoxError>,
{
    if body.is_end_stream() {
        return;
    }
    let mut cx = std::task::Context::from_waker(std::task::Waker::noop());
    for _ in 0..64 {
        let r = std::pin::Pin::new(&mut *body).poll_frame(&mut cx);
        match r {
            std::task::Poll::Ready(Some(Ok(_))) => continue,
            std::task::Poll::Ready(Some(Err(e))) => {
                let e: BoxError = e.into();
                ctx.note_request_error(&*e);
                return;
            }
            _ => return,
        }
    }
}

impl http_body::Body for Reclaim {
    type Data = Bytes;
    type Error = BoxError;

    fn poll_frame(
        mut self: Pin<&mut Self>,
        cx: &mut std::task::Context<'_>,
    ) -> std::task::Poll<Option<Result<http_body::Frame<Bytes>, BoxError>>> {
        self.polled = true;
        let polled = match self.inner.as_mut() {
            Some(b) => Pin::new(b).poll_frame(cx),
            None => std::task::Poll::Ready(None),
        };
        match &polled {
            std::task::Poll::Ready(None) | std::task::Poll::Ready(Some(Err(_))) => {
                self.ended = true
            }
            std::task::Poll::Ready(Some(Ok(_))) => {
                self.ended = self.inner.as_ref().is_none_or(|b| b.is_end_stream())
            }
            std::task::Poll::Pending => {}
        }
        polled
    }

    fn is_end_stream(&self) -> bool {
        self.inner.as_ref().is_none_or(|b| b.is_end_stream())
    }

    fn size_hint(&self) -> http_body::SizeHint {
        self.inner
            .as_ref()
            .map(|b| b.size_hint())
            .unwrap_or_else(|| http_body::SizeHint::with_exact(0))
    }
}

impl Drop for Reclaim {
    fn drop(&mut self) {
        let Some(tee) = self.inner.take() else {
            return;
        };
        if self.ended || tee.is_end_stream() {
            return;
        }
        if tee.announced_passed() {
            // The upstream took every byte the head announced: an HTTP/1.1 upstream writes
            // exactly `Content-Length` bytes and drops the body, whose end (an h2 client's
            // END_STREAM in an empty DATA frame of its own) it never polls. The agent got
            // the whole body (session 33: recorded "request body not all delivered"
            // before); what the client already sent after it (that end, trailers) is read
            // for the recording, and the tee's drop finishes the body.
            let mut tee = tee;
            settle_dropped_body(&mut tee, &self.ctx);
            return;
        }
        if !self.polled {
            if let Some(tx) = self.back.take() {
                match tx.send(tee) {
                    Ok(()) => return,
                    // the handler is gone: read it here (first what it already holds, so
                    // a stream reset as malformed ends `refused`: breaker18b X13)
                    Err(mut tee) => {
                        if !self.expects_continue {
                            self.ctx.drain_started();
                            settle_dropped_body(&mut tee, &self.ctx);
                            if !tee.is_end_stream() {
                                spawn_drain(&self.ctx, tee);
                            }
                        }
                    }
                }
            }
            return;
        }
        let mut tee = tee;
        // what the upstream took so far reached the agent; what is read from here on did not
        self.ctx.drain_started();
        settle_dropped_body(&mut tee, &self.ctx);
        if !tee.is_end_stream() {
            spawn_drain(&self.ctx, tee);
        }
    }
}

/// Starts [`drain_for_recording`] of `tee` on the current Tokio runtime (none: the body is
/// dropped and the `exchange_end` says it was cut).
fn spawn_drain(ctx: &Arc<ExchangeCtx>, tee: TeeBody<Incoming>) {
    ctx.drain_started();
    if let Ok(rt) = tokio::runtime::Handle::try_current() {
        let ctx = ctx.clone();
        rt.spawn(async move { drain_for_recording(&ctx, tee, DRAIN_WAIT_MS).await });
    }
}

/// Longest wait for a request body the agent never got, before the proxy's 502 (ms).
const UNSENT_BODY_WAIT_MS: u64 = 2_000;

/// Longest time the proxy reads the rest of a request body the agent stopped reading, for
/// the recording (ms): nobody waits for it (the agent's answer is already on its way), it
/// only bounds what a client that trickles its body can hold.
const DRAIN_WAIT_MS: u64 = 10_000;

/// Most bytes of a request body the agent never got that the proxy reads to record (16 MiB).
const UNSENT_BODY_MAX: usize = 16 << 20;

/// Reads and records (`request_body` events, capture cap and redaction as for any body) a
/// request body the agent never got, so a recording of an unreachable agent still shows what
/// the client sent. Reads at most the capture cap or [`UNSENT_BODY_MAX`], whichever is less,
/// and waits at most [`UNSENT_BODY_WAIT_MS`]; a longer or slower body is left unread (the
/// client's connection is then not reused) and the exchange marked truncated.
async fn record_unsent(ctx: &Arc<ExchangeCtx>, tee: TeeBody<Incoming>) {
    drain_for_recording(ctx, tee, UNSENT_BODY_WAIT_MS).await;
}

/// Reads the rest of a request body the agent did not read (see [`Reclaim`]) to record it,
/// for at most `wait_ms` milliseconds and until the proxy has read the capture cap or
/// [`UNSENT_BODY_MAX`] bytes of the body, whichever is less; stopped short, the exchange
/// says why ([`ExchangeCtx::drain_stopped`]) and is marked truncated. Dropping `tee` ends
/// the request side of the exchange.
async fn drain_for_recording(ctx: &Arc<ExchangeCtx>, mut tee: TeeBody<Incoming>, wait_ms: u64) {
    let budget = ctx.cap.min(UNSENT_BODY_MAX) as u64;
    let read = async {
        loop {
            if ctx.request_bytes() > budget {
                return Some(format!(
                    "it stopped reading at the {budget}-byte capture limit"
                ));
            }
            match tee.frame().await {
                Some(Ok(_)) => {}
                // the end, or the client's body failed (recorded as the client's error)
                _ => return None,
            }
        }
    };
    let stop = match tokio::time::timeout(Duration::from_millis(wait_ms), read).await {
        Ok(stop) => stop,
        Err(_) => Some(format!(
            "the client was still sending {wait_ms} ms later, when the proxy stopped reading"
        )),
    };
    if let Some(why) = stop {
        ctx.drain_stopped(why);
    }
}

pin_project_lite::pin_project! {
    /// A request body passed on unchanged while its frames are searched for the quoted name
    /// of a JSON-RPC method answered by an Agent Card ([`card::EXTENDED_CARD_METHODS`]);
    /// `seen` is set when one occurs (also across a frame edge).
    struct MethodSniff {
        #[pin]
        inner: ProxyBody,
        seen: Arc<std::sync::atomic::AtomicBool>,
        tail: Vec<u8>,
    }
}

impl http_body::Body for MethodSniff {
    type Data = Bytes;
    type Error = BoxError;

    fn poll_frame(
        self: std::pin::Pin<&mut Self>,
        cx: &mut std::task::Context<'_>,
    ) -> std::task::Poll<Option<Result<http_body::Frame<Bytes>, BoxError>>> {
        let this = self.project();
        let polled = this.inner.poll_frame(cx);
        if let std::task::Poll::Ready(Some(Ok(f))) = &polled {
            if let Some(d) = f.data_ref() {
                if !this.seen.load(std::sync::atomic::Ordering::Relaxed) {
                    // the end of the last frame and the start of this one, then this one
                    let keep = card::EXTENDED_CARD_METHODS
                        .iter()
                        .map(|m| m.len())
                        .max()
                        .unwrap_or(0);
                    this.tail.extend_from_slice(&d[..d.len().min(keep)]);
                    // one searcher per method name for the process (a one-shot
                    // `memmem::find` builds one per call: four per frame)
                    static FINDERS: std::sync::OnceLock<Vec<memchr::memmem::Finder<'static>>> =
                        std::sync::OnceLock::new();
                    let hit = FINDERS
                        .get_or_init(|| {
                            card::EXTENDED_CARD_METHODS
                                .iter()
                                .map(|m| memchr::memmem::Finder::new(*m))
                                .collect()
                        })
                        .iter()
                        .any(|f| f.find(this.tail).is_some() || f.find(d).is_some());
                    if hit {
                        this.seen.store(true, std::sync::atomic::Ordering::Relaxed);
                    }
                    this.tail.clear();
                    this.tail
                        .extend_from_slice(&d[d.len().saturating_sub(keep)..]);
                }
            }
        }
        polled
    }

    fn is_end_stream(&self) -> bool {
        self.inner.is_end_stream()
    }

    fn size_hint(&self) -> http_body::SizeHint {
        self.inner.size_hint()
    }
}

pin_project_lite::pin_project! {
    /// Frames already read from the agent, then the rest of its body. Reports its end and
    /// size exactly, so the server knows when a `Content-Length` body is complete.
    struct PrefixBody {
        prefix: std::collections::VecDeque<Bytes>,
        #[pin]
        rest: Option<Incoming>,
    }
}

impl http_body::Body for PrefixBody {
    type Data = Bytes;
    type Error = BoxError;

    fn poll_frame(
        self: std::pin::Pin<&mut Self>,
        cx: &mut std::task::Context<'_>,
    ) -> std::task::Poll<Option<Result<http_body::Frame<Bytes>, BoxError>>> {
        let this = self.project();
        if let Some(d) = this.prefix.pop_front() {
            return std::task::Poll::Ready(Some(Ok(http_body::Frame::data(d))));
        }
        match this.rest.as_pin_mut() {
            Some(rest) => rest.poll_frame(cx).map_err(BoxError::from),
            None => std::task::Poll::Ready(None),
        }
    }

    fn is_end_stream(&self) -> bool {
        self.prefix.is_empty() && self.rest.as_ref().is_none_or(|r| r.is_end_stream())
    }

    fn size_hint(&self) -> http_body::SizeHint {
        let buffered: u64 = self.prefix.iter().map(|b| b.len() as u64).sum();
        let rest = match &self.rest {
            Some(r) => r.size_hint(),
            None => http_body::SizeHint::with_exact(0),
        };
        // Upper first: set_lower asserts lower <= upper.
        let mut hint = http_body::SizeHint::new();
        if let Some(u) = rest.upper() {
            hint.set_upper(u.saturating_add(buffered));
        }
        hint.set_lower(rest.lower().saturating_add(buffered));
        hint
    }
}

/// True for a `Host` value of the everyday form, a name or IPv4 address of ASCII letters,
/// digits, `.` and `-`, with at most one `:` after it (`127.0.0.1:8080`, `agent.example`):
/// every such value is one [`http1_head_refusal`] accepts (`http`'s authority parser takes
/// it whole, no `@`, a host before the `:`), decided without that parser's copy of the
/// value into a new allocation (by callgrind in session 17: -543 instructions per request
/// on the bare forwarder, -1,047 in the recording proxy's workers). Any other value
/// (brackets, `%`, `@`, `_`, ...) goes through the parser.
fn plain_host(v: &[u8]) -> bool {
    let mut colon = false;
    !v.is_empty()
        && v[0] != b':'
        && v.iter().all(|&b| {
            if b == b':' {
                !std::mem::replace(&mut colon, true)
            } else {
                b.is_ascii_alphanumeric() || b == b'.' || b == b'-'
            }
        })
}

/// Why an HTTP/1.x request head must be answered 400 (Bad Request) and not forwarded, or
/// `None` for a request to forward. Checked (hyper's server checks neither):
/// - `Host` (RFC 9112 §3.2: "A server MUST respond with a 400 (Bad Request) status code to
///   any HTTP/1.1 request message that lacks a Host header field and to any request message
///   that contains more than one Host header field line or a Host header field with an
///   invalid field value"): two or more lines; a value that is not `uri-host [":" port]`
///   (RFC 9110 §7.2; an empty value is legal); none on HTTP/1.1 (CONNECT excepted: its
///   target is the authority, and tunnelling clients omit `Host` in the field).
/// - `chunked` applied more than once (RFC 9112 §7: "A sender MUST NOT apply the chunked
///   transfer coding more than once"), on one line or several: a front and the upstream
///   may frame it differently (breaker18b X9).
///
/// Cost per request: one lookup of each field; parsing only when it is there.
fn http1_head_refusal<B>(req: &Request<B>) -> Option<String> {
    let h = req.headers();
    let mut hosts = h.get_all(header::HOST).iter();
    match (hosts.next(), hosts.next()) {
        (Some(_), Some(_)) => {
            let n = h.get_all(header::HOST).iter().count();
            return Some(format!(
                "{n} Host header field lines (RFC 9112 §3.2 allows one)"
            ));
        }
        (Some(v), None) => {
            let ok = v.is_empty()
                || plain_host(v.as_bytes())
                || v.to_str()
                    .ok()
                    .and_then(|s| s.parse::<http::uri::Authority>().ok())
                    .is_some_and(|a| !a.as_str().contains('@') && !a.host().is_empty());
            if !ok {
                return Some(format!(
                    "invalid Host field value {:?} (RFC 9112 §3.2, RFC 9110 §7.2: uri-host [\":\" port])",
                    String::from_utf8_lossy(v.as_bytes())
                ));
            }
        }
        (None, _) => {
            if req.version() == Version::HTTP_11 && req.method() != Method::CONNECT {
                return Some(
                    "an HTTP/1.1 request without a Host header field (RFC 9112 §3.2)".into(),
                );
            }
        }
    }
    let mut te = h.get_all(header::TRANSFER_ENCODING).iter().peekable();
    if te.peek().is_some() {
        let chunked = te
            .flat_map(|v| v.as_bytes().split(|b| *b == b','))
            .filter(|c| c.trim_ascii().eq_ignore_ascii_case(b"chunked"))
            .count();
        if chunked > 1 {
            return Some(format!(
                "Transfer-Encoding applies chunked {chunked} times (RFC 9112 §7: at most once)"
            ));
        }
    }
    None
}

/// The transfer codings of a message's `Transfer-Encoding` other than the final `chunked`
/// that hyper already undid (RFC 9112 §6.1, §7), as one field value (`"gzip"`,
/// `"gzip, deflate"`, `"xchunked"`): `None` when `chunked` is the only coding (most
/// messages) or there is no `Transfer-Encoding`. `identity` (no longer registered) and
/// empty list members are skipped. Transfer codings are hop-by-hop, but a recipient that
/// removes `chunked` must keep the other codings it did not decode (RFC 9112 §7): the
/// forwarded message carries this value, or its body is decoded ([`TeDecode`]).
fn other_transfer_codings(h: &HeaderMap) -> Option<HeaderValue> {
    let mut values = h.get_all(header::TRANSFER_ENCODING).iter().peekable();
    values.peek()?;
    let mut list: Vec<String> = values
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .map(|c| c.trim().to_ascii_lowercase())
        .filter(|c| !c.is_empty() && c != "identity")
        .collect();
    if list.last().is_some_and(|c| c == "chunked") {
        list.pop();
    }
    if list.is_empty() {
        return None;
    }
    HeaderValue::from_str(&list.join(", ")).ok()
}

pin_project_lite::pin_project! {
    /// A response body whose transfer codings (`gzip`, `deflate`: [`other_transfer_codings`])
    /// are undone on the way to a client that cannot receive them: an HTTP/2 client (RFC
    /// 9113 §8.2.2: no `Transfer-Encoding` in HTTP/2) or an HTTP/1.0 one (RFC 9112 §6.1: no
    /// `Transfer-Encoding` to a 1.0 recipient). Data frames pass decoded, trailers as they
    /// are; a body that does not decode ends with an error (the client sees a cut body, as
    /// from the agent). The recording keeps the agent's coded bytes (the tee is inside).
    struct TeDecode<B> {
        #[pin]
        inner: B,
        dec: crate::model::coding::StreamDecoder,
        done: bool,
    }
}

impl<B> http_body::Body for TeDecode<B>
where
    B: http_body::Body<Data = Bytes, Error = BoxError>,
{
    type Data = Bytes;
    type Error = BoxError;

    fn poll_frame(
        self: std::pin::Pin<&mut Self>,
        cx: &mut std::task::Context<'_>,
    ) -> std::task::Poll<Option<Result<http_body::Frame<Bytes>, BoxError>>> {
        use std::task::Poll;
        let mut this = self.project();
        loop {
            if *this.done {
                return Poll::Ready(None);
            }
            match this.inner.as_mut().poll_frame(cx) {
                Poll::Pending => return Poll::Pending,
                Poll::Ready(Some(Err(e))) => return Poll::Ready(Some(Err(e))),
                Poll::Ready(Some(Ok(frame))) => match frame.into_data() {
                    Ok(data) => match this.dec.push(&data) {
                        Ok(out) if out.is_empty() => continue,
                        Ok(out) => {
                            return Poll::Ready(Some(Ok(http_body::Frame::data(Bytes::from(out)))))
                        }
                        Err(e) => {
                            *this.done = true;
                            return Poll::Ready(Some(Err(Box::new(e))));
                        }
                    },
                    Err(trailers) => return Poll::Ready(Some(Ok(trailers))),
                },
                Poll::Ready(None) => {
                    *this.done = true;
                    return match this.dec.finish() {
                        Ok(out) if out.is_empty() => Poll::Ready(None),
                        Ok(out) => Poll::Ready(Some(Ok(http_body::Frame::data(Bytes::from(out))))),
                        Err(e) => Poll::Ready(Some(Err(Box::new(e)))),
                    };
                }
            }
        }
    }
}

/// How the agent's transfer codings `codings` (other than `chunked`) reach a client of
/// HTTP version `client`: `Ok(None)` for HTTP/1.1 (the caller puts them back in
/// `Transfer-Encoding`, and the body passes as it is), `Ok(Some(decoder))` for HTTP/2 and
/// HTTP/1.0 (the body is decoded, [`TeDecode`]). `Err` names a coding the proxy cannot
/// decode (the caller answers 502 rather than pass bytes the client cannot read).
fn te_for_client(
    codings: &HeaderValue,
    client: Version,
) -> Result<Option<crate::model::coding::StreamDecoder>, crate::model::coding::CodingError> {
    if client == Version::HTTP_11 {
        return Ok(None);
    }
    crate::model::coding::StreamDecoder::new(codings.to_str().ok(), usize::MAX)
}

/// `body` for the client after [`te_for_client`]: as it is, or decoded by `dec`.
fn te_wrap(body: ProxyBody, dec: Option<crate::model::coding::StreamDecoder>) -> ProxyBody {
    match dec {
        Some(dec) => TeDecode {
            inner: body,
            dec,
            done: false,
        }
        .boxed_unsync(),
        None => body,
    }
}

/// Longest wait for an agent's `100 Continue` (or final answer) before a client's body that
/// it sent with `Expect: 100-continue` is read anyway (1 s, curl's wait): an agent that does
/// not implement the expectation waits for the body (RFC 9110 §10.1.1 lets a client send it
/// without waiting, and lets a client wait as long as it likes).
pub const EXPECT_CONTINUE_WAIT: Duration = Duration::from_secs(1);

/// Where a forwarded `Expect: 100-continue` request stands ([`ContinueGate`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Expecting {
    /// Neither a `100` nor the final answer yet.
    Waiting,
    /// The agent sent `100 Continue`: read the client's body (hyper then sends the client
    /// its `100`: the agent's, passed on, RFC 9110 §15.2).
    Continue,
    /// The agent's final answer went to the client without a `100`: the body stays unread.
    Answered,
}

/// Signals [`Expecting::Answered`] when dropped: held by the response body the client gets,
/// which hyper drops once it has sent it (or the client left).
struct AnsweredGuard(Arc<watch::Sender<Expecting>>);

impl Drop for AnsweredGuard {
    fn drop(&mut self) {
        self.0.send_if_modified(|s| {
            if *s == Expecting::Waiting {
                *s = Expecting::Answered;
                true
            } else {
                false
            }
        });
    }
}

pin_project_lite::pin_project! {
    /// A body that also holds a value until it is dropped ([`AnsweredGuard`]).
    struct WithGuard<B, G> {
        #[pin]
        inner: B,
        _guard: G,
    }
}

impl<B: http_body::Body, G> http_body::Body for WithGuard<B, G> {
    type Data = B::Data;
    type Error = B::Error;

    fn poll_frame(
        self: std::pin::Pin<&mut Self>,
        cx: &mut std::task::Context<'_>,
    ) -> std::task::Poll<Option<Result<http_body::Frame<B::Data>, B::Error>>> {
        self.project().inner.poll_frame(cx)
    }

    fn is_end_stream(&self) -> bool {
        self.inner.is_end_stream()
    }

    fn size_hint(&self) -> http_body::SizeHint {
        self.inner.size_hint()
    }
}

/// The request body of an `Expect: 100-continue` request on its way to the agent (breaker18b
/// X8, RFC 9110 §10.1.1): not polled, so hyper's server sends the client no `100 Continue`
/// of its own, until the agent sent its `100` ([`Expecting::Continue`], seen through
/// `hyper::ext::on_informational`) or [`EXPECT_CONTINUE_WAIT`] passed. When the agent's final
/// answer (a 417, a 401) reached the client first, the body ends with an error instead: the
/// client was told not to send it, and the upstream connection, whose request is unfinished,
/// is closed (RFC 9110 §10.1.1: a server that answers before reading the content closes or
/// reads it).
struct ContinueGate {
    inner: ProxyBody,
    wait: Option<std::pin::Pin<Box<dyn std::future::Future<Output = Expecting> + Send>>>,
}

impl ContinueGate {
    fn new(inner: ProxyBody, mut rx: watch::Receiver<Expecting>) -> Self {
        let wait = Box::pin(async move {
            let decided = rx.wait_for(|s| *s != Expecting::Waiting);
            match tokio::time::timeout(EXPECT_CONTINUE_WAIT, decided).await {
                Ok(Ok(s)) => *s,
                // the guard is gone without a decision, or no answer in time: read it
                Ok(Err(_)) | Err(_) => Expecting::Continue,
            }
        });
        ContinueGate {
            inner,
            wait: Some(wait),
        }
    }
}

impl http_body::Body for ContinueGate {
    type Data = Bytes;
    type Error = BoxError;

    fn poll_frame(
        mut self: std::pin::Pin<&mut Self>,
        cx: &mut std::task::Context<'_>,
    ) -> std::task::Poll<Option<Result<http_body::Frame<Bytes>, BoxError>>> {
        use std::task::Poll;
        if let Some(wait) = self.wait.as_mut() {
            match wait.as_mut().poll(cx) {
                Poll::Pending => return Poll::Pending,
                Poll::Ready(Expecting::Answered) => {
                    return Poll::Ready(Some(Err(
                        "the agent answered before asking for the request body (Expect: 100-continue); the body was not sent".into(),
                    )))
                }
                Poll::Ready(_) => self.wait = None,
            }
        }
        std::pin::Pin::new(&mut self.inner).poll_frame(cx)
    }

    fn is_end_stream(&self) -> bool {
        self.wait.is_none() && self.inner.is_end_stream()
    }

    fn size_hint(&self) -> http_body::SizeHint {
        self.inner.size_hint()
    }
}

#[cfg(test)]
mod tests {
    /// The `Host` fast path accepts only values the authority parser accepts too (and
    /// the everyday ones all).
    #[test]
    fn plain_host_values_are_ones_the_authority_parser_accepts() {
        let parsed = |v: &str| {
            v.parse::<http::uri::Authority>()
                .is_ok_and(|a| !a.as_str().contains('@') && !a.host().is_empty())
        };
        for v in [
            "127.0.0.1:8080",
            "agent.example",
            "a-b.c:",
            "x:abc",
            "LOCALHOST:1",
        ] {
            assert!(super::plain_host(v.as_bytes()), "{v}");
            assert!(parsed(v), "{v}");
        }
        for v in [
            "", ":80", "a::1", "[::1]:80", "u@h", "h%20", "a b", "a_b", "a/b",
        ] {
            assert!(!super::plain_host(v.as_bytes()), "{v}");
        }
        use proptest::prelude::*;
        proptest!(ProptestConfig::with_cases(3000), |(v in "[a-zA-Z0-9.:@%_/?#\\[\\] -]{0,12}")| {
            if super::plain_host(v.as_bytes()) {
                prop_assert!(parsed(&v), "{}", v);
            }
        });
    }

    #[test]
    fn tls_failures_get_a_hint() {
        use rustls::{AlertDescription, CertificateError, Error, PeerIncompatible};
        let cases: Vec<(Error, &str)> = vec![
            (
                Error::InvalidCertificate(CertificateError::UnknownIssuer),
                "--upstream-ca",
            ),
            (
                Error::InvalidCertificate(CertificateError::NotValidForName),
                "does not name the server name it was checked against",
            ),
            (
                Error::InvalidCertificate(CertificateError::Expired),
                "validity period",
            ),
            (
                Error::InvalidCertificate(CertificateError::BadSignature),
                "openssl s_client",
            ),
            (
                Error::InvalidMessage(rustls::InvalidMessage::InvalidContentType),
                "http:// upstream",
            ),
            (
                Error::AlertReceived(AlertDescription::HandshakeFailure),
                "TLS version",
            ),
            (
                Error::PeerIncompatible(PeerIncompatible::Tls12NotOffered),
                "TLS version",
            ),
        ];
        for (e, want) in cases {
            let cause = format!("client error (Connect): {e}");
            let hint = tls_hint(&cause).unwrap_or_else(|| panic!("no hint for {cause}"));
            assert!(hint.contains(want), "{cause} -> {hint}");
        }
        assert_eq!(
            tls_hint("client error (Connect): Connection refused (os error 111)"),
            None
        );
    }

    use super::*;
    use tokio::io::{AsyncReadExt as _, AsyncWriteExt as _};

    /// [`unless_lost`] over a real loopback connection that an agent closes after reading
    /// the request, without answering: the request itself fails as usual (`Some(Err)`);
    /// a request hyper had left queued on that ended connection (stood in for by a future
    /// that never completes: the lost request of hyper's race never does) is reported lost
    /// [`LOST_GRACE`] after the end instead of being waited for forever (session 27, the
    /// hang of tests/proxy_h2c_upstream.rs).
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_request_left_on_an_ended_connection_is_lost_not_waited_for() {
        let l = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = l.local_addr().unwrap();
        tokio::spawn(async move {
            if let Ok((mut s, _)) = l.accept().await {
                let mut buf = [0u8; 1024];
                let _ = s.read(&mut buf).await;
            }
        });
        let conn = early::EarlyAnswer {
            inner: http_connector(),
            heads: true,
            sequential: None,
            own: None,
            h2_frames: false,
        };
        let client: Client<_, http_body_util::Empty<Bytes>> =
            Client::builder(TokioExecutor::new()).build(conn);
        let mut req = Request::get(format!("http://{addr}/"))
            .body(http_body_util::Empty::new())
            .unwrap();
        let mut captured = hyper_util::client::legacy::connect::capture_connection(&mut req);
        let answered = unless_lost(client.request(req), &mut captured).await;
        assert!(matches!(answered, Some(Err(_))), "{answered:?}");
        let lost = unless_lost(std::future::pending::<()>(), &mut captured).await;
        assert_eq!(lost, None);
    }

    /// A loopback connection: (the client's end, the accepted end).
    async fn pair() -> (tokio::net::TcpStream, tokio::net::TcpStream) {
        let l = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let c = tokio::net::TcpStream::connect(l.local_addr().unwrap())
            .await
            .unwrap();
        let (s, _) = l.accept().await.unwrap();
        (c, s)
    }

    #[tokio::test]
    async fn the_first_bytes_are_peeked_not_consumed() {
        // HTTP/1.1: decided at once, and the whole head is still there for hyper.
        let (mut c, mut s) = pair().await;
        let head = b"GET /idle HTTP/1.1\r\nhost: a\r\n\r\n";
        c.write_all(head).await.unwrap();
        assert!(speaks_http1(&s).await.is_http1());
        let mut got = vec![0u8; head.len()];
        s.read_exact(&mut got).await.unwrap();
        assert_eq!(&got, head);

        // The h2 preface, even when it arrives in pieces.
        let (mut c, s) = pair().await;
        c.write_all(&H2_PREFACE[..7]).await.unwrap();
        let sniff = tokio::spawn(async move {
            let h1 = speaks_http1(&s).await.is_http1();
            (h1, s)
        });
        tokio::time::sleep(Duration::from_millis(30)).await;
        c.write_all(&H2_PREFACE[7..]).await.unwrap();
        let (h1, mut s) = sniff.await.unwrap();
        assert!(!h1);
        let mut got = [0u8; 24];
        s.read_exact(&mut got).await.unwrap();
        assert_eq!(&got, H2_PREFACE);

        // Something starting like the preface but not it; a client gone at once.
        let (mut c, s) = pair().await;
        c.write_all(b"PRIVATE / HTTP/1.1\r\n\r\n").await.unwrap();
        assert!(speaks_http1(&s).await.is_http1());
        let (c, s) = pair().await;
        drop(c);
        assert!(speaks_http1(&s).await.is_http1());
    }
}

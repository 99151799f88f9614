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
- Hop-by-hop headers (RFC 9110 §7.6.1) are stripped both ways; `Host` is rewritten to the
  upstream's authority. `request_head.url` is the URL as the client addressed it,
  `request_head.upstream` the URL forwarded to.
- A message with both `Transfer-Encoding` and `Content-Length` loses the `Content-Length`
  (RFC 9112 §6.3 item 3: the body is framed by its Transfer-Encoding; hyper's server
  already drops it from requests); the recorded `response_head` keeps both, and `proxy`
  prints one WARNING line per run naming the agent (RFC 9112 §6.2: a sender MUST NOT send
  both).
- Interim `1xx` responses from the agent (`103 Early Hints`, RFC 8297) are not forwarded:
  hyper's client consumes them and its server has no way to send one, so the client gets
  only the final response (RFC 9110 §15.2 asks a proxy to forward them; clients may ignore
  them, and A2A defines none). `100 Continue` is sent by the proxy's own server when the
  client expects it; an agent's `101` is answered `502` (the proxy forwards no `Upgrade`).
- An unreachable upstream gets the client a `502` with a plain-text cause and the recording
  a synthetic `response_head` plus `exchange_end{upstream_error}`.
- Bad input (malformed requests, resets, garbage bodies) ends at most that connection.
*/

pub mod attribution;
pub mod card;
pub mod early;
pub mod forward;
pub mod h2c;
pub mod refusal;
pub mod route;
pub mod tee;
pub mod tls;

use std::convert::Infallible;
use std::net::SocketAddr;
use std::sync::atomic::{AtomicBool, Ordering};
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
use crate::record::{Body, EventKind, Outcome, Route};

pub use route::{parse_route, RouteTable};
use tee::{error_chain, headers_of, BoxError, Direction, ExchangeCtx, TeeBody};

/// Body type of everything the proxy sends (both legs).
pub type ProxyBody = UnsyncBoxBody<Bytes, BoxError>;

/// Time open connections get to finish after [`ProxyHandle::shutdown`] (2 s).
pub const SHUTDOWN_GRACE: Duration = Duration::from_secs(2);

/// Longest wait at shutdown, once the client connections are closed, for their exchanges
/// to send their `exchange_end` when [`SHUTDOWN_GRACE`] is already over (250 ms).
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
    task: Option<tokio::task::JoinHandle<()>>,
}

impl ProxyHandle {
    /// The address the listener is bound to.
    pub fn local_addr(&self) -> SocketAddr {
        self.local_addr
    }

    /// Stops accepting, asks open connections to close, and ends those still open after
    /// [`SHUTDOWN_GRACE`] (their exchanges end with outcome `open`).
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
    /// TLS to the upstream: `https://` routes and `--intercept-tls`; `None` when neither.
    https: Option<HttpsConnector>,
    /// Exchanges whose `exchange_end` is not sent yet; shutdown ends them all.
    live: Arc<tee::LiveExchanges>,
    /// Forward mode (`--forward`), else reverse only.
    forward: Option<forward::ForwardState>,
    /// Turns `true` on shutdown (CONNECT tunnels watch it).
    stop_rx: watch::Receiver<bool>,
    /// `--tls-cert/--tls-key`: the client-facing listener speaks TLS (ALPN h2, http/1.1).
    listener_tls: Option<tokio_rustls::TlsAcceptor>,
    /// [`ProxyExtras::client_scheme`].
    client_scheme: Option<&'static str>,
    /// [`ProxyExtras::preserve_host`].
    preserve_host: bool,
    /// Each open tunnel holds a clone; shutdown waits until all are dropped.
    tunnels: std::sync::Mutex<Option<tokio::sync::mpsc::Sender<()>>>,
    /// Caller / callee of each exchange (two or more routes, or `--caller`).
    attrib: Option<Arc<attribution::Attributor>>,
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
    /// `--trust-forwarded`: build the rewritten card's base from the request's
    /// `Forwarded` (RFC 7239 `proto`, `host`) or `X-Forwarded-Proto` / `X-Forwarded-Host` /
    /// `X-Forwarded-Prefix` ([`card::forwarded_origin`]). Off by default: any client can
    /// send these headers, so trusting them is for a proxy reachable only through a front
    /// that sets them.
    pub trust_forwarded: bool,
    /// With `rewrite_card`: rewrite JWS-signed cards too. Off for `proxy`, which serves a
    /// signed card (`signatures[]`) untouched because a rewrite invalidates its signatures
    /// (CARD-010, breaker17b V4); on for a tool run (`probe`, `interop`) whose only card
    /// clients are the tool's own, which check no signatures and must stay on the recorder.
    pub rewrite_signed_cards: bool,
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
    let plain = early::EarlyAnswer {
        inner: http_connector(),
        heads: true,
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
        Some(https_connector(&trust)?)
    } else {
        None
    };
    let (stop, stop_rx) = watch::channel(false);
    let (tunnel_tx, tunnel_rx) = tokio::sync::mpsc::channel::<()>(1);
    let attrib = attribution::Attributor::new(&cfg.routes, cfg.leg.clone(), ext.callers.clone());
    let state = Arc::new(State {
        attrib,
        sink,
        routes: cfg.routes,
        table,
        rewrite_card: cfg.rewrite_card,
        rewrite_signed_cards: ext.rewrite_signed_cards,
        card_redirects: std::sync::Mutex::new(CardRedirects::default()),
        console_warnings: !ext.quiet,
        framing_warned: AtomicBool::new(false),
        forwarded_warned: AtomicBool::new(false),
        capture_cap: cfg.capture_cap,
        leg: cfg.leg,
        plain,
        h2c: h2c::H2cSupport::default(),
        https,
        live: tee::LiveExchanges::new(),
        listener_tls,
        client_scheme: ext.client_scheme,
        preserve_host: ext.preserve_host,
        public_url: ext.public_url,
        trust_forwarded: ext.trust_forwarded,
        forward: match ext.forward {
            Some(cfg) => Some(forward::ForwardState::new(cfg, local_addr)?),
            None => None,
        },
        stop_rx: stop_rx.clone(),
        tunnels: std::sync::Mutex::new(Some(tunnel_tx)),
    });
    let task = tokio::spawn(accept_loop(listener, state, stop_rx, tunnel_rx));
    Ok(ProxyHandle {
        local_addr,
        stop,
        task: Some(task),
    })
}

/// Upstream connector over TLS ([`https_connector`]).
pub(crate) type HttpsConnector = tls::HandshakeTimeout<
    hyper_rustls::HttpsConnector<tls::SignalTcp<early::EarlyAnswer<HttpConnector>>>,
>;

/// Upstream client over TLS ([`https_connector`]).
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
}

impl Upstreams {
    /// A client connection's empty set (no client built yet).
    pub(crate) fn new() -> Arc<Upstreams> {
        Arc::new(Upstreams {
            h1: std::sync::OnceLock::new(),
            h2: std::sync::OnceLock::new(),
            https: std::sync::OnceLock::new(),
        })
    }

    /// The HTTP/1.1 client (h1 upstreams; the response heads' bytes kept, [`early`]).
    fn h1(&self, st: &State) -> &PlainClient {
        self.h1
            .get_or_init(|| Client::builder(TokioExecutor::new()).build(st.plain.clone()))
    }

    /// The h2c prior-knowledge client.
    fn h2(&self, st: &State) -> &PlainClient {
        self.h2.get_or_init(|| {
            let mut conn = st.plain.clone();
            conn.heads = false;
            Client::builder(TokioExecutor::new())
                .http2_only(true)
                .build(conn)
        })
    }

    /// The TLS client, when the proxy has TLS upstreams.
    fn https(&self, st: &State) -> Option<&HttpsClient> {
        let conn = st.https.as_ref()?;
        Some(
            self.https
                .get_or_init(|| Client::builder(TokioExecutor::new()).build(conn.clone())),
        )
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

/// The upstream client over TLS (RFC 8446 via rustls): `https://` URLs only, SNI = the URL's
/// host (none for an IP address, whose certificate must then name the IP), ALPN `h2` then
/// `http/1.1` (the agent picks; the request goes as HTTP/2 or HTTP/1.1 accordingly), agents'
/// certificates checked against `trust` ([`tls::client_config`]). TCP is bounded by
/// [`UPSTREAM_CONNECT_TIMEOUT`], the TLS handshake after it by
/// [`tls::UPSTREAM_TLS_HANDSHAKE_TIMEOUT`]: a silent TLS agent is a `502`, not a hang.
///
/// Errors: a `trust.ca` file cannot be read or holds no usable certificate.
pub(crate) fn https_connector(trust: &tls::UpstreamTrust) -> std::io::Result<HttpsConnector> {
    let cfg = tls::client_config(&trust.ca, trust.insecure)?;
    let mut tcp = http_connector();
    tcp.enforce_http(false);
    let conn = hyper_rustls::HttpsConnectorBuilder::new()
        .with_tls_config(cfg)
        .https_only()
        .enable_all_versions()
        .wrap_connector(tls::SignalTcp(early::EarlyAnswer {
            inner: tcp,
            heads: false,
        }));
    Ok(tls::HandshakeTimeout::new(conn))
}

/// Concurrent HTTP/2 streams the proxy accepts per client connection (1,024; hyper's
/// default is 200). An h2 client such as a gateway multiplexes many A2A streams on one
/// connection; the agent's own limit still applies on the upstream leg.
pub const H2_MAX_CONCURRENT_STREAMS: u32 = 1024;

/// The HTTP/1.1 + HTTP/2 server builder of every listener (reverse, forward, TLS-intercepted).
pub(crate) fn server_builder() -> hyper_util::server::conn::auto::Builder<TokioExecutor> {
    let mut b = hyper_util::server::conn::auto::Builder::new(TokioExecutor::new());
    b.http2().max_concurrent_streams(H2_MAX_CONCURRENT_STREAMS);
    http1_options(&mut b.http1());
    b
}

/// The HTTP/1.1 server options of every listener (breaker18b X7), on hyper's own builder
/// or hyper-util's `auto` one: a time limit on a request head, [`refusal::HEAD_TIMEOUT`]
/// (RFC 9112 §9.5), with tokio's timer (hyper applies its limit only with a timer).
/// Not `half_close(true)` (breaker18b X2): a client's EOF while its request waits for the
/// agent still ends the exchange (`client_abort`, the agent's request cancelled), because a
/// client that gave up and one that only shut its sending side look alike until the answer
/// is written, and a gateway that gives up must be seen at once (GW-SSE-002).
macro_rules! http1_opts {
    ($b:expr) => {
        $b.timer(hyper_util::rt::TokioTimer::new())
            .header_read_timeout(refusal::HEAD_TIMEOUT)
    };
}

fn http1_options(b: &mut hyper_util::server::conn::auto::Http1Builder<'_, TokioExecutor>) {
    http1_opts!(b);
}

async fn accept_loop(
    listener: TcpListener,
    state: Arc<State>,
    mut stop: watch::Receiver<bool>,
    mut tunnels: tokio::sync::mpsc::Receiver<()>,
) {
    let builder = Arc::new(server_builder());
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
                tracing::warn!(error = %e, "accept failed");
                tokio::time::sleep(Duration::from_millis(50)).await;
                continue;
            }
        };
        let _ = stream.set_nodelay(true);
        let local = stream
            .local_addr()
            .map(|a| a.to_string())
            .unwrap_or_default();
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
                    match tokio::time::timeout(refusal::HEAD_TIMEOUT, acceptor.accept(stream)).await {
                        Ok(Ok(tls)) => {
                            serve_conn(builder, tls, st, conn_no, peer, local_for_url, stop_conn)
                                .await
                        }
                        Ok(Err(e)) => {
                            tracing::debug!(conn = conn_no, error = %e, "TLS handshake with the client failed");
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
                    if h1 {
                        serve_http1(stream, st, conn_no, peer, local_for_url, stop_conn)
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
    let deadline = tokio::time::Instant::now() + SHUTDOWN_GRACE;
    let grace = tokio::time::timeout_at(deadline, async {
        while conns.join_next().await.is_some() {}
    })
    .await;
    if grace.is_err() {
        state.live.set_shutting_down();
        conns.abort_all();
        while conns.join_next().await.is_some() {}
    }
    // An HTTP/2 stream's handler runs in its own task and ends a moment after its
    // connection's (it sees the reset or the closed connection then): every exchange's
    // `exchange_end` reaches the recorder before it closes. What is still open when the
    // grace is over (a request body stuck on an agent that stopped reading) ends `open`.
    let rest = deadline
        .saturating_duration_since(tokio::time::Instant::now())
        .max(EXCHANGE_END_WAIT);
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
) -> impl hyper::service::Service<
    Request<Incoming>,
    Response = Response<ProxyBody>,
    Error = Infallible,
    Future = HandleFuture,
> + Clone {
    let up = Upstreams::new();
    hyper::service::service_fn(move |req| -> HandleFuture {
        let st = st.clone();
        let local = local.clone();
        let up = up.clone();
        Box::pin(async move { Ok(handle(st, &up, conn_no, &local, None, req).await) })
    })
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
    let svc = conn_service(st.clone(), conn_no, local);
    // With upgrades: CONNECT (forward mode) hands the connection to a tunnel.
    let conn = builder.serve_connection_with_upgrades(TokioIo::new(io), svc);
    tokio::pin!(conn);
    tokio::select! {
        r = conn.as_mut() => {
            if let Err(e) = r {
                connection_error(&st, conn_no, &peer.to_string(), &*e, &fresh);
            }
        }
        _ = stop.changed() => {
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
async fn speaks_http1(stream: &tokio::net::TcpStream) -> bool {
    let mut first = [0u8; 24];
    let deadline = tokio::time::Instant::now() + PREFACE_WAIT;
    loop {
        let n = match stream.peek(&mut first).await {
            Ok(n) => n,
            Err(_) => return true,
        };
        if n == 0 || first[..n] != H2_PREFACE[..n] {
            return true;
        }
        if n == H2_PREFACE.len() {
            return false;
        }
        // A prefix of the preface so far: peeking again would return at once; wait a
        // little for the rest.
        if tokio::time::Instant::now() >= deadline {
            return true;
        }
        tokio::time::sleep(Duration::from_millis(2)).await;
    }
}

/// Serves one plain HTTP/1.x client connection (hyper's HTTP/1.1 server with upgrades, for
/// CONNECT), as [`serve_conn`] does through the `auto` server.
async fn serve_http1<IO>(
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
    let svc = conn_service(st.clone(), conn_no, local);
    let conn = http1_opts!(hyper::server::conn::http1::Builder::new())
        .serve_connection(TokioIo::new(io), svc)
        .with_upgrades();
    tokio::pin!(conn);
    tokio::select! {
        r = conn.as_mut() => {
            if let Err(e) = r {
                connection_error(&st, conn_no, &peer.to_string(), &e, &fresh);
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
/// answer ([`refusal::HeadWatch`]).
fn connection_error(
    st: &State,
    conn_no: u64,
    peer: &str,
    e: &(dyn std::error::Error + 'static),
    fresh: &AtomicBool,
) {
    match refusal::refusal_of(e, fresh.load(Ordering::Relaxed)) {
        Some((status, why)) => refusal::record(st, conn_no, peer, status, why),
        None => {
            tracing::debug!(conn = conn_no, error = %e, "client connection ended with an error")
        }
    }
}

/// Hop-by-hop header fields (RFC 9110 §7.6.1), never forwarded.
/// Names as `HeaderName`s, so removing them needs no parsing per request.
/// Not forwarded (RFC 9110 §7.6.1). `Trailer` is not among them: it declares end-to-end
/// trailer fields, and hyper sends only the trailers a response declares.
static HOP_BY_HOP: [HeaderName; 8] = [
    header::CONNECTION,
    HeaderName::from_static("keep-alive"),
    HeaderName::from_static("proxy-connection"),
    header::PROXY_AUTHENTICATE,
    header::PROXY_AUTHORIZATION,
    header::TE,
    header::TRANSFER_ENCODING,
    header::UPGRADE,
];

/// Removes the hop-by-hop fields of a message about to be forwarded, in place. A message
/// with both `Transfer-Encoding` and `Content-Length` also loses its `Content-Length`:
/// Transfer-Encoding overrides it, and an intermediary MUST remove the received
/// Content-Length before forwarding (RFC 9112 §6.3 item 3). The body was decoded by its
/// Transfer-Encoding, so the stale length would cut it short for the next hop (hyper then
/// frames it itself: chunked, or the length it counts). The recording keeps the fields as
/// received (`request_head` / `response_head` are sent before this runs).
fn strip_hop_by_hop(h: &mut HeaderMap) {
    if h.contains_key(header::TRANSFER_ENCODING) {
        h.remove(header::CONTENT_LENGTH);
    }
    let listed: Vec<HeaderName> = h
        .get_all(header::CONNECTION)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .filter_map(|n| HeaderName::from_bytes(n.trim().as_bytes()).ok())
        .collect();
    let keep_te_trailers = h
        .get(header::TE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| {
            v.split(',')
                .any(|t| t.trim().eq_ignore_ascii_case("trailers"))
        });
    for n in HOP_BY_HOP.iter() {
        h.remove(n);
    }
    for n in listed {
        h.remove(n);
    }
    if keep_te_trailers {
        h.insert(header::TE, HeaderValue::from_static("trailers"));
    }
}

/// What to do about a TLS failure towards an `https://` agent, read from the error chain
/// (rustls's wording, RFC 8446 alerts); `None` when the cause is not a TLS failure this
/// knows. For the 2 a.m. reader of a 502: the flag or fix, not only rustls's enum name.
fn tls_hint(cause: &str) -> Option<&'static str> {
    let c = cause.to_ascii_lowercase();
    let has = |words: &[&str]| words.iter().any(|w| c.contains(w));
    if has(&["unknownissuer", "unknown issuer", "unknown ca", "unknownca"]) {
        Some("the agent's certificate does not chain to a CA the proxy trusts: pass that CA (or the self-signed certificate itself) with --upstream-ca FILE (probe and interop: --ca FILE), or --insecure-upstream for a test agent")
    } else if has(&["notvalidforname", "not valid for name"]) {
        Some("the agent's certificate does not name the host in the upstream URL: use a host name its certificate lists")
    } else if has(&["expired", "notvalidyet", "not valid yet"]) {
        Some("the agent's certificate is outside its validity period (or this machine's clock is wrong)")
    } else if has(&[
        "corrupt message",
        "invalidcontenttype",
        "invalid content type",
    ]) {
        Some("the agent does not speak TLS on that port: use an http:// upstream")
    } else if has(&[
        "handshakefailure",
        "handshake failure",
        "peer is incompatible",
        "protocolversion",
        "protocol version",
    ]) {
        Some("the agent and the proxy share no TLS version or cipher suite (the proxy offers TLS 1.2 and 1.3)")
    } else if has(&["invalid peer certificate", "badsignature", "bad signature"]) {
        Some("the agent's certificate was refused: check it with `openssl s_client -connect HOST:PORT`, or pass its CA with --upstream-ca FILE (probe and interop: --ca FILE)")
    } else {
        None
    }
}

/// True when a failed upstream request failed because hyper could not parse the agent's
/// response head (`hyper::Error::is_parse`, anywhere in the error's causes).
fn hyper_parse_error(e: &(dyn std::error::Error + 'static)) -> bool {
    let mut cur = Some(e);
    while let Some(c) = cur {
        if c.downcast_ref::<hyper::Error>()
            .is_some_and(|h| h.is_parse())
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
        .map(|a| a.as_str().to_string())
        .or_else(|| {
            req.headers()
                .get(header::HOST)
                .and_then(|h| h.to_str().ok())
                .map(str::to_string)
        })
        .unwrap_or_else(|| fallback.to_string());
    format!("{scheme}://{auth}")
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
    let resp = text_response(status, text.clone());
    if let Some(ctx) = ctx {
        let mut h = headers_of(resp.headers());
        h.0.push(("content-length".into(), len.to_string()));
        ctx.send(EventKind::ResponseHead {
            status: status.as_u16(),
            version: None,
            headers: h,
            synthetic: true,
        });
        ctx.send(EventKind::ResponseChunk {
            body: Body::new(text),
        });
        ctx.add_response_bytes(len as u64);
        ctx.end(Outcome::UpstreamError, Some(error));
    }
    resp
}

/// One exchange. `tls_authority`: the request arrived inside an intercepted CONNECT to
/// that `host[:port]` (forward mode, `--intercept-tls`); it goes upstream over TLS.
async fn handle(
    st: Arc<State>,
    up: &Upstreams,
    conn: u64,
    local: &str,
    tls_authority: Option<&str>,
    req: Request<Incoming>,
) -> Response<ProxyBody> {
    // Forward mode: CONNECT is a tunnel; absolute-form targets the URL it names.
    let mut absolute: Option<String> = None;
    if let Some(auth) = tls_authority {
        absolute = Some(format!(
            "https://{auth}{}",
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
        (_, Some(auth)) => format!("https://{auth}"),
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
    let client_url = format!(
        "{origin}{}",
        req.uri()
            .path_and_query()
            .map(|p| p.as_str())
            .unwrap_or("/")
    );
    let target = match &absolute {
        Some(url) => Some(route::Target {
            index: usize::MAX,
            prefix: "/".into(),
            url: url.clone(),
        }),
        None => st.table.resolve(&path, query.as_deref()),
    };
    let leg = target
        .as_ref()
        .and_then(|t| st.routes.get(t.index))
        .and_then(|r| r.leg.clone())
        .or_else(|| st.leg.clone());
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
        ctx.send(EventKind::RequestHead {
            conn: Some(conn),
            method: req.method().to_string(),
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
    let Some(target) = target else {
        if st.forward.is_some() {
            let text = format!("a2a-interop proxy: forward mode: {path} is not an absolute URL (hint: use this proxy as HTTP_PROXY, or give --route)\n");
            return synthetic(
                ctx.as_deref(),
                StatusCode::BAD_REQUEST,
                text,
                format!("no absolute URL and no route for path {path}"),
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
                "asterisk-form request (OPTIONS *) not forwarded".into(),
            );
        }
        return synthetic(
            ctx.as_deref(),
            StatusCode::NOT_FOUND,
            format!("a2a-interop proxy: no route for path {path}\n"),
            format!("no route for path {path}"),
        );
    };
    let upstream_base = st.table.upstream(target.index).cloned();
    let mut h2 = req.version() == Version::HTTP_2;
    let method = req.method().clone();
    let (mut parts, body) = req.into_parts();
    // Held from here: an exchange dropped while it waits (hyper drops it when the proxy's h2
    // server resets the stream as malformed) learns why ([`Reclaim`], breaker18b X13).
    let mut body = Reclaim {
        inner: Some(body),
        polled: false,
        back: None,
        ctx: ctx.clone(),
    };
    // nothing of a bodyless request is consumed by a failed attempt (see `h2c`)
    let bodyless = body.is_end_stream();
    let uri: Uri = match target.url.parse() {
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
    strip_hop_by_hop(&mut parts.headers);
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
    parts.headers.remove(header::HOST);
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
    if let Some(h) = client_host {
        // HTTP/1.1 (plain or TLS): hyper keeps a Host that is there
        parts.headers.insert(header::HOST, h);
    } else if !h2 && !tls_up {
        if let Some(a) = uri
            .authority()
            .and_then(|a| HeaderValue::from_str(a.as_str()).ok())
        {
            parts.headers.insert(header::HOST, a);
        }
    }
    parts.uri = uri;
    parts.version = if h2 && !tls_up {
        Version::HTTP_2
    } else {
        Version::HTTP_11
    };
    // A request body the agent never got (unreachable: the upstream request is dropped
    // before any of it is read) comes back here to be recorded (breaker9a B2).
    let (back, mut unsent) = if ctx.is_some() && !bodyless {
        let (tx, rx) = tokio::sync::oneshot::channel();
        (Some(tx), Some(rx))
    } else {
        (None, None)
    };
    body.back = back;
    let body: ProxyBody = match &ctx {
        Some(ctx) => {
            let tee = TeeBody::new(body, ctx.clone(), Direction::Request, true);
            // plain HTTP/1.1 upstream: which request trailers hyper's chunked encoder sends
            // is known (declared in `Trailer`, allowed in trailers); over h2 / TLS it is not
            if h2 || tls_up {
                tee.boxed_unsync()
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
                tee.over_h1(declared).boxed_unsync()
            }
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
    let up_req = Request::from_parts(parts, body);
    let https = if tls_up { up.https(&st) } else { None };
    let sent = match https {
        Some(https) => https.request(up_req),
        None if h2 => up.h2(&st).request(up_req),
        None => up.h1(&st).request(up_req),
    };
    let mut sent = sent.await;
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
            if let Some(req_err) = ctx.as_ref().and_then(|c| c.request_error()) {
                if let Some(ctx) = &ctx {
                    if ctx.request_malformed() {
                        ctx.end(
                            Outcome::Refused,
                            Some(format!("client request refused as malformed: {req_err}")),
                        );
                    } else {
                        ctx.end(
                            Outcome::ClientAbort,
                            Some(format!("client request body failed: {req_err}")),
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
            let hint = if h1_refused {
                Some("the proxy talks h2c to this agent from now on: send the request again (its body was already sent and cannot be sent twice)")
            } else {
                tls_hint(&cause)
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
                "the agent stopped reading the request: check its request size limit (an early 413 must be written before it closes) and that it reads chunked request bodies (RFC 9112 §6.1, §7.1)"
            }));
            // A response head hyper refused (obs-fold, a bad field name, ...): which line,
            // in words, from the head bytes the connection kept (breaker15b R16).
            // An h2c-only agent answers an HTTP/1.1 request with HTTP/2 frames: hyper calls
            // that a parse error, but the h2c explanation above is the one that helps.
            let parse = hyper_parse_error(&e) && !h1_refused;
            let head_fault = parse
                .then(|| early::state_of_error(&e))
                .flatten()
                .and_then(|s| early::head_fault(&s.last_head()));
            let cause = match &head_fault {
                Some(f) => format!("{f} (hyper: {cause})"),
                None if parse => format!("{cause}: the response head breaks the HTTP/1.1 syntax (RFC 9112 §4, §5): check it with `curl -v`"),
                None => cause,
            };
            let what = if let Some(w) = &early_what {
                w.as_str()
            } else if parse {
                "sent a response head the proxy cannot parse"
            } else if h1_refused {
                "speaks HTTP/2 only (h2c prior knowledge) and refused this HTTP/1.1 request"
            } else if hint.is_some() {
                "failed the TLS handshake"
            } else if e.is_connect() {
                "unreachable"
            } else {
                "answered no valid HTTP response"
            };
            let hint = hint.map(|h| format!(" (hint: {h})")).unwrap_or_default();
            if let (Some(ctx), Some(Ok(b))) = (&ctx, unsent.as_mut().map(|rx| rx.try_recv())) {
                record_unsent(ctx, b).await;
            }
            return synthetic(
                ctx.as_deref(),
                StatusCode::BAD_GATEWAY,
                format!(
                    "a2a-interop proxy: upstream {} {what}: {cause}{hint}\n",
                    shown_url(&target.url)
                ),
                format!("upstream {} {what}: {cause}{hint}", shown_url(&target.url)),
            );
        }
    };
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
    if let (Some(ctx), Some(up)) = (&ctx, early::state_of(resp.extensions())) {
        ctx.watch_upstream(up);
    }
    let (mut parts, body) = resp.into_parts();
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
            ctx.as_ref().map_or("a request", |c| c.id.as_str())
        );
    }
    let Some(ctx) = ctx else {
        strip_hop_by_hop(&mut parts.headers);
        return Response::from_parts(parts, body.map_err(BoxError::from).boxed_unsync());
    };
    ctx.send(EventKind::ResponseHead {
        status: parts.status.as_u16(),
        version: Some(version_str(parts.version).into()),
        headers: headers_of(&parts.headers),
        synthetic: false,
    });
    strip_hop_by_hop(&mut parts.headers);
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
    Response::from_parts(
        parts,
        TeeBody::new(body, ctx, Direction::Response, true).boxed_unsync(),
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
                if let Ok(d) = f.into_data() {
                    total += d.len();
                    frames.push(d);
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
                let why = (!foreign.is_empty()).then(|| {
                    format!(
                        "advertised url {} points neither at the upstream {} nor at the proxy; --rewrite-card maps only the upstream's URLs",
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
                            "a2a-interop proxy: WARNING: agent card {} partly rewritten: {why}; clients that follow those URLs bypass the proxy",
                            ctx.id
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
                "a2a-interop proxy: WARNING: agent card {} NOT rewritten: {reason}; clients that follow its URLs bypass the proxy",
                ctx.id
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
            continue;
        }
        let body = if n > room {
            ctx.mark_truncated();
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

/// The client's request body as the proxy received it, handed back through `back` when it
/// is dropped before its first frame was read: the upstream request failed before sending
/// any of it (agent unreachable), so [`record_unsent`] can still record what the client sent.
///
/// Dropped unfinished (the handler was dropped: hyper's h2 server does so when it resets the
/// client's stream), it reads what the body already holds, without waiting, so that a
/// stream the proxy's server reset as malformed ends `refused`, not `client_abort`
/// ([`ExchangeCtx::note_request_error`], breaker18b X13).
struct Reclaim {
    inner: Option<Incoming>,
    polled: bool,
    back: Option<tokio::sync::oneshot::Sender<Incoming>>,
    ctx: Option<Arc<ExchangeCtx>>,
}

/// Polls `body` without waiting (a no-op waker, at most 64 frames) until it errs, ends or
/// has nothing ready, and tells `ctx` the error: how a dropped exchange learns that its
/// request stream was reset as malformed.
fn settle_dropped_body(body: &mut Incoming, ctx: &ExchangeCtx) {
    if body.is_end_stream() {
        return;
    }
    let mut cx = std::task::Context::from_waker(std::task::Waker::noop());
    for _ in 0..64 {
        let r = std::pin::Pin::new(&mut *body).poll_frame(&mut cx);
        match r {
            std::task::Poll::Ready(Some(Ok(_))) => continue,
            std::task::Poll::Ready(Some(Err(e))) => {
                ctx.note_request_error(&e);
                return;
            }
            _ => return,
        }
    }
}

impl http_body::Body for Reclaim {
    type Data = Bytes;
    type Error = hyper::Error;

    fn poll_frame(
        mut self: std::pin::Pin<&mut Self>,
        cx: &mut std::task::Context<'_>,
    ) -> std::task::Poll<Option<Result<http_body::Frame<Bytes>, hyper::Error>>> {
        self.polled = true;
        match self.inner.as_mut() {
            Some(b) => std::pin::Pin::new(b).poll_frame(cx),
            None => std::task::Poll::Ready(None),
        }
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
        if !self.polled && self.back.is_some() {
            if let (Some(b), Some(tx)) = (self.inner.take(), self.back.take()) {
                // Nobody waits for it any more (the handler is gone): settled here.
                if let (Err(mut b), Some(ctx)) = (tx.send(b), &self.ctx) {
                    settle_dropped_body(&mut b, ctx);
                }
                return;
            }
        }
        if let (Some(b), Some(ctx)) = (self.inner.as_mut(), &self.ctx) {
            settle_dropped_body(b, ctx);
        }
    }
}

/// Longest wait for a request body the agent never got, before the proxy's 502 (ms).
const UNSENT_BODY_WAIT_MS: u64 = 2_000;

/// Most bytes of a request body the agent never got that the proxy reads to record (16 MiB).
const UNSENT_BODY_MAX: usize = 16 << 20;

/// Reads and records (`request_body` events, capture cap and redaction as for any body) a
/// request body the agent never got, so a recording of an unreachable agent still shows what
/// the client sent. Reads at most the capture cap or [`UNSENT_BODY_MAX`], whichever is less,
/// and waits at most [`UNSENT_BODY_WAIT_MS`]; a longer or slower body is left unread (the
/// client's connection is then not reused) and the exchange marked truncated.
async fn record_unsent(ctx: &Arc<ExchangeCtx>, body: Incoming) {
    let budget = ctx.cap.min(UNSENT_BODY_MAX);
    let mut tee = TeeBody::new(body, ctx.clone(), Direction::Request, true);
    let read = async {
        let mut n = 0usize;
        while n <= budget {
            match tee.frame().await {
                Some(Ok(f)) => n += f.data_ref().map_or(0, |d| d.len()),
                _ => return true,
            }
        }
        false
    };
    let whole = tokio::time::timeout(Duration::from_millis(UNSENT_BODY_WAIT_MS), read)
        .await
        .unwrap_or(false);
    if !whole {
        ctx.mark_truncated();
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
                    let hit = card::EXTENDED_CARD_METHODS.iter().any(|m| {
                        memchr::memmem::find(this.tail, m).is_some()
                            || memchr::memmem::find(d, m).is_some()
                    });
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

#[cfg(test)]
mod tests {
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
                "does not name the host",
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
        assert!(speaks_http1(&s).await);
        let mut got = vec![0u8; head.len()];
        s.read_exact(&mut got).await.unwrap();
        assert_eq!(&got, head);

        // The h2 preface, even when it arrives in pieces.
        let (mut c, s) = pair().await;
        c.write_all(&H2_PREFACE[..7]).await.unwrap();
        let sniff = tokio::spawn(async move {
            let h1 = speaks_http1(&s).await;
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
        assert!(speaks_http1(&s).await);
        let (c, s) = pair().await;
        drop(c);
        assert!(speaks_http1(&s).await);
    }
}

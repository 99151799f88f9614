/*!
Forward mode (`proxy --forward`): the proxy a client reaches through `HTTP_PROXY` /
`HTTPS_PROXY`.

```text
 client ──GET http://agent/p (absolute-form)──► listener ─► handle() (same tee as reverse mode)
 client ──CONNECT agent:443──► listener ─► 200 ─► upgrade ⇄ copy_bidirectional ⇄ agent
                                                   └─► one `tunnel` event (bytes each way, µs)
```

- Absolute-form requests (RFC 9112 §3.2.2) are forwarded and recorded exactly like reverse
  mode: same [`super::tee::TeeBody`], `request_head.url` = `request_head.upstream` = the
  absolute URL. Only `http://` targets; an `https://` absolute-form request is answered 400.
- `CONNECT host:port` (RFC 9110 §9.3.6) without interception is an opaque tunnel: the bytes
  pass untouched and are not recorded, only counted (`tunnel` event).
- Safety: `--allow-host PATTERN` (exact host, `*.suffix`, or `*`) restricts targets when
  given; a target that is the proxy's own listener (same port on a loopback / the listen
  address) is refused with 403 so a misconfigured client cannot make the proxy call itself.
- A CONNECT the proxy answers itself (refused: 403; no target: 400; connect failed: 502),
  and a refused absolute-form request, is recorded as an exchange: `request_head`, a
  synthetic `response_head`, the text, `exchange_end{upstream_error}` with the cause
  (`refuse`).
*/

use std::net::{IpAddr, SocketAddr};
use std::pin::Pin;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::task::{Context, Poll};
use std::time::Instant;

use http::{Request, Response, StatusCode};
use hyper::body::Incoming;
use std::path::{Path, PathBuf};

use hyper_util::rt::TokioIo;
use tokio::io::{AsyncRead, AsyncReadExt as _, AsyncWrite, ReadBuf};
use tokio::net::TcpStream;

use super::{text_response, ProxyBody, State};
use crate::record::EventKind;

/// Forward-mode settings (`--forward`).
#[derive(Clone, Debug, Default)]
pub struct ForwardConfig {
    /// Target host patterns (`--allow-host`, repeatable): exact host name or IP, `*.suffix`
    /// (any subdomain of `suffix`), or `*`. Empty = any host.
    pub allow_hosts: Vec<String>,
    /// `--intercept-tls`: terminate TLS on CONNECT and record the decrypted exchanges.
    pub intercept: Option<InterceptConfig>,
    /// Opaque CONNECT tunnels opened so far (no `--intercept-tls`: their bytes pass
    /// unrecorded); the caller keeps a clone to tell at shutdown.
    pub untapped: Arc<AtomicU64>,
}

/// `--intercept-tls` settings ([`super::tls`]).
#[derive(Clone, Debug)]
pub struct InterceptConfig {
    /// Directory of the local CA (`ca-cert.pem`, `ca-key.pem`; `a2a-interop ca init`).
    pub ca_dir: PathBuf,
    /// PEM files of extra CAs the agents' certificates may chain to (`--upstream-ca`).
    pub upstream_ca: Vec<PathBuf>,
    /// Do not verify agents' certificates (`--insecure-upstream`, explicit flag only).
    pub insecure_upstream: bool,
}

/// One intercepted CONNECT, handed to the dispatcher task (spawning it from inside
/// `handle` would make `handle`'s future type recursive).
struct Job {
    st: Arc<State>,
    conn: u64,
    tls: Arc<rustls::ServerConfig>,
    authority: String,
    req: Request<Incoming>,
}

/// TLS interception, loaded. The upstream leg goes through the proxy's TLS client
/// ([`super::https_connector_of`], built with this configuration's `--upstream-ca` files).
pub(super) struct Intercept {
    ca: super::tls::Ca,
    jobs: tokio::sync::mpsc::UnboundedSender<Job>,
    /// The CA certificate clients must trust (`ca-cert.pem` of `--ca-dir`), named in the
    /// handshake warning.
    ca_cert: PathBuf,
    /// Client TLS handshakes that failed on intercepted CONNECTs, one count per
    /// [`HandshakeEnd`] kind: one stderr line at once, then one a minute with the count, the
    /// rest said at the stop (ux42: a `tracing` WARN line per connection, timestamped and
    /// without the `a2a-interop proxy` prefix; attack58: one count per kind, each line
    /// saying its own cause).
    failed: [FailedHandshakes; HandshakeEnd::KINDS],
    /// ClientHellos whose SNI named another host than their CONNECT ([`sni_differs`]).
    sni_differs: super::plain_on_tls::Said,
}

/// The client handshakes of one [`HandshakeEnd`] kind that failed: the one-a-minute
/// counter and the last failure not said yet (`(authority, cause)`), for the stop's line.
#[derive(Default)]
struct FailedHandshakes {
    said: super::plain_on_tls::Said,
    last: std::sync::Mutex<Option<(String, String)>>,
}

/// How a client's side of an intercepted CONNECT ended before its TLS handshake was
/// complete (attack58: every one of them was told as "the client does not trust the local
/// CA"). Each has its own stderr line ([`handshake_line`]) saying what to do.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HandshakeEnd {
    /// The client sent a TLS alert that rejects the proxy's certificate (`unknown_ca`,
    /// `bad_certificate`, `certificate_unknown`; RFC 8446 §6.2): it does not trust the
    /// local CA.
    Untrusted,
    /// The client sent another TLS alert (`protocol_version`, `handshake_failure`,
    /// `no_application_protocol`, ...), or the proxy found nothing in common with its
    /// ClientHello: no version, cipher suite or ALPN protocol in common; not a CA problem.
    OtherAlert,
    /// The connection was reset or closed (EOF) before the handshake was complete and
    /// without any alert: the client gave up on its own, or dropped the connection on a
    /// certificate it rejected without saying why.
    Closed,
    /// The first bytes were neither a TLS record (RFC 8446 §5.1: a handshake record starts
    /// with byte 22) nor an HTTP request line (that is served as plain HTTP).
    NotTls,
    /// Nothing, or an incomplete handshake, within [`super::refusal::HEAD_TIMEOUT`].
    Stalled,
    /// The handshake bytes could not be read (a malformed ClientHello and the like).
    Malformed,
}

impl HandshakeEnd {
    /// The number of kinds.
    const KINDS: usize = 6;

    fn index(self) -> usize {
        self as usize
    }

    /// How a TLS accept that failed with `e` ended, its cause for the line: the alert's
    /// name, the rustls error, the IO error.
    pub fn of_error(e: &std::io::Error) -> (Self, String) {
        use rustls::AlertDescription as A;
        if let Some(tls) = e.get_ref().and_then(|i| i.downcast_ref::<rustls::Error>()) {
            return match tls {
                rustls::Error::AlertReceived(
                    a @ (A::UnknownCA | A::BadCertificate | A::CertificateUnknown),
                ) => (
                    Self::Untrusted,
                    format!("the client sent the TLS alert {a:?}"),
                ),
                rustls::Error::AlertReceived(a) => (
                    Self::OtherAlert,
                    format!("the client sent the TLS alert {a:?}"),
                ),
                // nothing in common: told as the client's alert would be
                e @ (rustls::Error::NoApplicationProtocol | rustls::Error::PeerIncompatible(_)) => {
                    (Self::OtherAlert, e.to_string())
                }
                other => (Self::Malformed, other.to_string()),
            };
        }
        match e.kind() {
            std::io::ErrorKind::UnexpectedEof => (
                Self::Closed,
                "the client closed the connection (EOF)".into(),
            ),
            std::io::ErrorKind::ConnectionReset
            | std::io::ErrorKind::ConnectionAborted
            | std::io::ErrorKind::BrokenPipe => {
                (Self::Closed, "the client reset the connection".into())
            }
            _ => (Self::Malformed, e.to_string()),
        }
    }
}

impl Intercept {
    /// Notes a client TLS handshake on `CONNECT authority` that ended as `kind` with
    /// `cause`; the stderr line when one is due ([`handshake_line`]).
    fn note_failed(&self, kind: HandshakeEnd, authority: &str, cause: &str) -> Option<String> {
        let f = &self.failed[kind.index()];
        let n = f.said.note(std::time::Instant::now());
        if n.is_none() {
            *f.last
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner) =
                Some((authority.to_string(), cause.to_string()));
        }
        n.map(|n| handshake_line(kind, n, authority, cause, &self.ca_cert))
    }

    /// Notes a ClientHello on `CONNECT authority` whose SNI named `sni`
    /// ([`sni_differs`]); the stderr line when one is due ([`sni_line`]).
    fn note_sni(&self, authority: &str, sni: &str) -> Option<String> {
        self.sni_differs
            .note(std::time::Instant::now())
            .map(|n| sni_line(n, authority, sni))
    }

    /// The stop's lines for the failed client handshakes counted since the last line of
    /// their kind and not said yet (one line per kind; empty when every one was said).
    pub(super) fn unsaid_failed_lines(&self) -> Vec<String> {
        let now = std::time::Instant::now();
        let mut out = Vec::new();
        for (i, f) in self.failed.iter().enumerate() {
            let Some((n, since)) = f.said.unsaid(now) else {
                continue;
            };
            let (authority, cause) = f
                .last
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner)
                .clone()
                .unwrap_or_default();
            let what = if i == HandshakeEnd::Untrusted.index() {
                format!(
                    "the clients must trust the CA certificate {}",
                    self.ca_cert.display()
                )
            } else {
                "the first such line said what to do".to_string()
            };
            out.push(format!(
                "a2a-interop proxy: WARNING: {n} more client TLS {} failed on intercepted CONNECTs in the {since} s since the last such line (the last: CONNECT {authority}: {cause}); {what}",
                if n == 1 { "handshake" } else { "handshakes" },
            ));
        }
        out
    }
}

/// The stderr line for client TLS handshakes on intercepted CONNECTs that ended as `kind`:
/// `n` of them since the last line of that kind (1: the first of the run), the last on
/// `authority` with `cause`; `ca_cert` the CA certificate the clients must trust. Only
/// [`HandshakeEnd::Untrusted`] is told as a CA trust problem ([`untrusted_line`]); the
/// others say their own cause and what to do (attack58).
pub fn handshake_line(
    kind: HandshakeEnd,
    n: u64,
    authority: &str,
    cause: &str,
    ca_cert: &Path,
) -> String {
    let ca = ca_cert.display();
    let head = if n <= 1 {
        format!("a client's TLS handshake failed on its CONNECT {authority} ({cause})")
    } else {
        format!("{n} client TLS handshakes failed on intercepted CONNECTs since the last such line (the last: CONNECT {authority}: {cause})")
    };
    let more = "(more such failures: one line a minute, with the count)";
    match kind {
        HandshakeEnd::Untrusted => untrusted_line(n, authority, cause, ca_cert),
        HandshakeEnd::OtherAlert => format!(
            "a2a-interop proxy: WARNING: {head}: the client refused the handshake for another reason than the certificate: no TLS version (the proxy speaks TLS 1.2 and 1.3), cipher suite or ALPN protocol (h2, http/1.1) in common with the proxy; hint: update or configure the client's TLS settings (openssl s_client -connect through the proxy shows what it offers) {more}"
        ),
        HandshakeEnd::Closed => format!(
            "a2a-interop proxy: WARNING: {head}: the client closed the connection during the handshake without a TLS alert: it gave up on its own (a timeout, a cancelled request, a health check that only opens the tunnel) or dropped the proxy's certificate without saying why; nothing reached the proxy; hint: run the client with its TLS errors shown (curl -v); if it rejects the certificate, it must trust the CA certificate {ca} {more}"
        ),
        HandshakeEnd::NotTls => format!(
            "a2a-interop proxy: WARNING: {head}: the client sent bytes that are neither TLS nor an HTTP request inside its CONNECT tunnel, so nothing was served or recorded; with --intercept-tls a tunnel must carry HTTPS (a TLS ClientHello) or plain HTTP/1.1 or h2c; hint: a client speaking another protocol through the proxy (SSH, a database, WebSocket over a raw tunnel) needs the proxy without --intercept-tls {more}"
        ),
        HandshakeEnd::Stalled => format!(
            "a2a-interop proxy: WARNING: {head}: the tunnel was closed after {} s: a client that waits for the server to speak first (SMTP, SSH: not HTTPS) or one that stalled mid-handshake; nothing reached the proxy; hint: check that the client speaks HTTPS to {authority} and is not blocked on something else {more}",
            super::refusal::HEAD_TIMEOUT.as_secs()
        ),
        HandshakeEnd::Malformed => format!(
            "a2a-interop proxy: WARNING: {head}: the client's handshake could not be read as TLS 1.2 or 1.3 (a malformed or truncated ClientHello; not a certificate problem); nothing reached the proxy; hint: check the client's TLS library and version {more}"
        ),
    }
}

/// The stderr line for client TLS handshakes that failed on intercepted CONNECTs: `n` of
/// them since the last line (1: the first of the run), the last on `authority` with
/// `cause`; `ca_cert` the CA certificate the clients must trust. It starts with the
/// `a2a-interop proxy:` prefix of every line the proxy prints about its own doings
/// (docs/usage.md "Messages on stderr") and names how each common client is told to
/// trust the CA.
pub fn untrusted_line(n: u64, authority: &str, cause: &str, ca_cert: &Path) -> String {
    let head = if n <= 1 {
        format!("a client's TLS handshake failed on its CONNECT {authority} ({cause})")
    } else {
        format!("{n} client TLS handshakes failed on intercepted CONNECTs since the last such line (the last: CONNECT {authority}: {cause})")
    };
    format!(
        "a2a-interop proxy: WARNING: {head}: most often the client does not trust the local CA that signed the proxy's certificate for the host, so its requests never reached the proxy; hint: give the client the CA certificate {ca}: curl --cacert {ca}, Python httpx (the A2A SDK's client) SSL_CERT_FILE={ca}, requests REQUESTS_CA_BUNDLE={ca}, Node NODE_EXTRA_CA_CERTS={ca} (more such failures: one line a minute, with the count)",
        ca = ca_cert.display()
    )
}

/// Whether `host` matches an `--allow-host` pattern: exact (ASCII case-insensitive),
/// `*.example.com` (a subdomain of example.com, not example.com itself) or `*`.
pub fn host_allowed(pattern: &str, host: &str) -> bool {
    let p = pattern.trim().trim_end_matches('.').to_ascii_lowercase();
    let h = host
        .trim_start_matches('[')
        .trim_end_matches(']')
        .trim_end_matches('.')
        .to_ascii_lowercase();
    if p == "*" {
        return true;
    }
    match p.strip_prefix("*.") {
        Some(suffix) => h.len() > suffix.len() + 1 && h.ends_with(&format!(".{suffix}")),
        None => p.trim_start_matches('[').trim_end_matches(']') == h,
    }
}

/// The forward-mode state the listener keeps.
pub(super) struct ForwardState {
    pub(super) cfg: ForwardConfig,
    /// The proxy's own listener and the addresses it serves as one with it (the `[::1]`
    /// twin of a `localhost:PORT` listener, [`super::ProxyExtras::same_listener`]), for
    /// loop refusal.
    pub(super) listens: Vec<SocketAddr>,
    pub(super) intercept: Option<Intercept>,
}

impl ForwardState {
    /// Loads the CA when interception is on.
    ///
    /// Errors: CA missing or unreadable.
    pub(super) fn new(cfg: ForwardConfig, listens: Vec<SocketAddr>) -> std::io::Result<Self> {
        let intercept = match &cfg.intercept {
            Some(ic) => {
                let ca = super::tls::Ca::load(&ic.ca_dir)?;
                let (jobs, mut rx) = tokio::sync::mpsc::unbounded_channel::<Job>();
                // Ends when the proxy's state (holding the sender) is dropped.
                tokio::spawn(async move {
                    while let Some(j) = rx.recv().await {
                        tokio::spawn(intercept(j.st, j.conn, j.tls, j.authority, j.req));
                    }
                });
                Some(Intercept {
                    ca,
                    jobs,
                    ca_cert: ic.ca_dir.join(super::tls::CA_CERT_FILE),
                    failed: Default::default(),
                    sni_differs: super::plain_on_tls::Said::default(),
                })
            }
            None => None,
        };
        Ok(ForwardState {
            cfg,
            listens,
            intercept,
        })
    }

    /// `Err(message)` when the proxy must not connect to `host:port`: not allowed by
    /// `--allow-host`, or the proxy's own address (a loop).
    pub(super) async fn check(&self, host: &str, port: u16) -> Result<(), String> {
        if !self.cfg.allow_hosts.is_empty()
            && !self.cfg.allow_hosts.iter().any(|p| host_allowed(p, host))
        {
            return Err(format!(
                "a2a-interop proxy: host {host} is not allowed (hint: add --allow-host {host})\n"
            ));
        }
        if self.is_self(host, port).await {
            return Err(format!(
                "a2a-interop proxy: refused {host}:{port}: that is this proxy's own address (a request loop); point the client at the agent, not at the proxy\n"
            ));
        }
        Ok(())
    }

    async fn is_self(&self, host: &str, port: u16) -> bool {
        if !self.listens.iter().any(|l| l.port() == port) {
            return false;
        }
        let bare = host.trim_start_matches('[').trim_end_matches(']');
        let ips: Vec<IpAddr> = match bare.parse::<IpAddr>() {
            Ok(ip) => vec![ip],
            Err(_) => match tokio::net::lookup_host((bare, port)).await {
                Ok(it) => it.map(|a| a.ip()).collect(),
                // Unresolvable: the connect fails later with a 502, no loop possible.
                Err(_) => Vec::new(),
            },
        };
        ips.iter()
            .any(|ip| self.listens.iter().any(|l| listener_reaches(*l, *ip, port)))
    }
}

/// Whether a connection to `ip:port` reaches the listener bound to `listen` (a request
/// sent there would come back to this proxy: a loop). Exact, as the kernel delivers a
/// connection (attack58: a `127.0.0.1:P` listener refused `--upstream http://[::1]:P`, which
/// cannot reach it):
///
/// - the same port, and `ip` is the listen address; a target spelled as the unspecified
///   address (`0.0.0.0`, `[::]`: a connect there lands on the loopback address of its
///   family, `127.0.0.1` / `::1`) or as an IPv4-mapped IPv6 address (`[::ffff:127.0.0.1]`,
///   carried as IPv4) counts as the address it reaches (attack57: both passed the check,
///   and `--upstream http://0.0.0.0:PORT` in front of `--listen 127.0.0.1:PORT` forwarded
///   one request to itself until 9,792 descriptors were open);
/// - a listener on `0.0.0.0` is reached through any IPv4 address of this machine (loopback,
///   or one a socket can be bound to here), not through IPv6;
/// - a listener on `[::]` through any IPv6 address of this machine, and through its IPv4
///   addresses too unless the system's sockets are IPv6-only (Linux
///   `net.ipv6.bindv6only = 1`; a dual-stack socket is the default, and the proxy does
///   not set `IPV6_V6ONLY`);
/// - another loopback address of the same family (`127.0.0.2` for a `127.0.0.1`
///   listener) or the other family's loopback (`[::1]` for `127.0.0.1`) does not reach a
///   listener bound to one address.
///
/// Port 0 (an ephemeral listener) matches nothing. Used per request in forward mode and
/// at start-up for reverse-mode upstreams (breaker10n N1).
pub fn listener_reaches(listen: SocketAddr, ip: IpAddr, port: u16) -> bool {
    if port == 0 || port != listen.port() {
        return false;
    }
    let me = listen.ip().to_canonical();
    let ip = match ip.to_canonical() {
        IpAddr::V4(v4) if v4.is_unspecified() => IpAddr::V4(std::net::Ipv4Addr::LOCALHOST),
        IpAddr::V6(v6) if v6.is_unspecified() => IpAddr::V6(std::net::Ipv6Addr::LOCALHOST),
        other => other,
    };
    if ip == me {
        return true;
    }
    let family_reaches = match me {
        IpAddr::V4(v4) => v4.is_unspecified() && ip.is_ipv4(),
        IpAddr::V6(v6) => v6.is_unspecified() && (ip.is_ipv6() || !ipv6_only()),
    };
    family_reaches
        && (ip.is_loopback() || std::net::UdpSocket::bind(SocketAddr::new(ip, 0)).is_ok())
}

/// Whether IPv6 sockets are IPv6-only by default here (Linux `net.ipv6.bindv6only`; read
/// at each call, start-up and forward-mode targets only). Unreadable: `false`, the
/// default on Linux and the cautious answer (a `[::]` listener then counts as reached over
/// IPv4 too).
fn ipv6_only() -> bool {
    std::fs::read_to_string("/proc/sys/net/ipv6/bindv6only").is_ok_and(|v| v.trim() == "1")
}

/// Host without IPv6 brackets, for connecting.
fn connect_host(host: &str) -> &str {
    host.trim_start_matches('[').trim_end_matches(']')
}

/// Answers `CONNECT host:port`: checks the target, connects, answers 200, then relays bytes
/// both ways until either side closes; records one `tunnel` event at the end.
///
/// Client answers: 400 (no authority), 403 (not allowed, loop), 502 (connect failed).
pub(super) async fn connect(
    st: Arc<State>,
    fw: &ForwardState,
    conn: u64,
    req: Request<Incoming>,
) -> Response<ProxyBody> {
    let Some(auth) = req.uri().authority().cloned() else {
        return refuse(
            &st,
            conn,
            &req,
            StatusCode::BAD_REQUEST,
            "a2a-interop proxy: CONNECT needs a host:port target\n".into(),
            "CONNECT without a host:port target".into(),
        );
    };
    let host = auth.host().to_string();
    let port = auth.port_u16().unwrap_or(443);
    if let Err(msg) = fw.check(&host, port).await {
        let why = format!(
            "CONNECT refused: {}",
            msg.trim_end().trim_start_matches("a2a-interop proxy: ")
        );
        return refuse(&st, conn, &req, StatusCode::FORBIDDEN, msg, why);
    }
    if let Some(ic) = &fw.intercept {
        let tls = match ic.ca.server_config(&host) {
            Ok(c) => c,
            Err(e) => {
                return text_response(
                    StatusCode::BAD_GATEWAY,
                    format!("a2a-interop proxy: cannot make a certificate for {host}: {e}\n"),
                )
            }
        };
        let authority = if port == 443 {
            host.clone()
        } else {
            format!("{host}:{port}")
        };
        let job = Job {
            st: st.clone(),
            conn,
            tls,
            authority,
            req,
        };
        if ic.jobs.send(job).is_err() {
            return text_response(
                StatusCode::SERVICE_UNAVAILABLE,
                "a2a-interop proxy: shutting down\n".into(),
            );
        }
        return Response::new(super::empty_body());
    }
    let upstream = match TcpStream::connect((connect_host(&host), port)).await {
        Ok(s) => s,
        Err(e) => {
            return refuse(
                &st,
                conn,
                &req,
                StatusCode::BAD_GATEWAY,
                format!("a2a-interop proxy: cannot connect to {host}:{port}: {e}\n"),
                format!("CONNECT {host}:{port} failed: {e}"),
            )
        }
    };
    let _ = upstream.set_nodelay(true);
    let authority = format!("{host}:{port}");
    let guard = st.tunnel_guard();
    fw.cfg.untapped.fetch_add(1, Ordering::Relaxed);
    let mut stop = st.stop_rx.clone();
    tokio::spawn(async move {
        let _guard = guard;
        let started = Instant::now();
        let up_bytes = Arc::new(AtomicU64::new(0));
        let down_bytes = Arc::new(AtomicU64::new(0));
        match hyper::upgrade::on(req).await {
            Ok(upgraded) => {
                let mut client = Counting {
                    inner: TokioIo::new(upgraded),
                    read: up_bytes.clone(),
                };
                let mut agent = Counting {
                    inner: upstream,
                    read: down_bytes.clone(),
                };
                tokio::select! {
                    r = tokio::io::copy_bidirectional(&mut client, &mut agent) => {
                        if let Err(e) = r {
                            tracing::debug!(authority = %authority, error = %e, "tunnel ended with an error");
                        }
                    }
                    _ = stop.changed() => {}
                }
            }
            Err(e) => {
                tracing::debug!(authority = %authority, error = %e, "CONNECT upgrade failed");
            }
        }
        if let Some(sink) = &st.sink {
            sink.try_send(
                None,
                st.leg.clone(),
                EventKind::Tunnel {
                    authority,
                    bytes_up: up_bytes.load(Ordering::Relaxed),
                    bytes_down: down_bytes.load(Ordering::Relaxed),
                    duration_us: started.elapsed().as_micros() as u64,
                },
            );
        }
    });
    Response::new(super::empty_body())
}

/// A CONNECT the proxy answers itself (400, 403 refused by `--allow-host` or as a loop, 502
/// connect failed), or an absolute-form request it refuses (403), recorded as an exchange
/// like the proxy's other own answers:
/// `request_head` (`url` = the request target: authority-form `host:port` for CONNECT,
/// RFC 9112 §3.2.3; the absolute URL otherwise; the request body is not read),
/// synthetic `response_head`, the text as `response_chunk`, `exchange_end{upstream_error}`
/// with `error` = the cause. No tunnel was opened, so there is no `tunnel` event: that event
/// counts relayed bytes, and an exchange keeps the status and cause where every reader
/// (reports, HAR export, repro) already shows them.
pub(super) fn refuse(
    st: &State,
    conn: u64,
    req: &Request<Incoming>,
    status: StatusCode,
    text: String,
    error: String,
) -> Response<ProxyBody> {
    let Some(sink) = &st.sink else {
        return text_response(status, text);
    };
    let ctx = super::tee::ExchangeCtx::new(
        sink.clone(),
        sink.next_exchange_id(),
        st.leg.clone(),
        st.capture_cap,
        &st.live,
    );
    ctx.send(EventKind::RequestHead {
        conn: Some(conn),
        method: req.method().to_string(),
        url: req.uri().to_string(),
        version: Some(super::version_str(req.version()).into()),
        headers: super::tee::headers_of(req.headers()),
        upstream: None,
    });
    super::synthetic(Some(&ctx), status, text, error)
}

/// A stream whose first bytes were read already (to tell TLS from plain HTTP): `first`
/// is read again before the rest of `inner`; writes go to `inner`.
struct Replay<T> {
    first: Vec<u8>,
    at: usize,
    inner: T,
}

impl<T: AsyncRead + Unpin> AsyncRead for Replay<T> {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<std::io::Result<()>> {
        if self.at < self.first.len() {
            let n = (self.first.len() - self.at).min(buf.remaining());
            let at = self.at;
            buf.put_slice(&self.first[at..at + n]);
            self.at += n;
            return Poll::Ready(Ok(()));
        }
        Pin::new(&mut self.inner).poll_read(cx, buf)
    }
}

impl<T: AsyncWrite + Unpin> AsyncWrite for Replay<T> {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<std::io::Result<usize>> {
        Pin::new(&mut self.inner).poll_write(cx, buf)
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        Pin::new(&mut self.inner).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        Pin::new(&mut self.inner).poll_shutdown(cx)
    }
}

pin_project_lite::pin_project! {
    /// A stream that counts the bytes read from it.
    struct Counting<T> {
        #[pin]
        inner: T,
        read: Arc<AtomicU64>,
    }
}

impl<T: AsyncRead> AsyncRead for Counting<T> {
    fn poll_read(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<std::io::Result<()>> {
        let this = self.project();
        let before = buf.filled().len();
        let r = this.inner.poll_read(cx, buf);
        let n = buf.filled().len().saturating_sub(before);
        this.read.fetch_add(n as u64, Ordering::Relaxed);
        r
    }
}

impl<T: AsyncWrite> AsyncWrite for Counting<T> {
    fn poll_write(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<std::io::Result<usize>> {
        self.project().inner.poll_write(cx, buf)
    }

    fn poll_flush(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        self.project().inner.poll_flush(cx)
    }

    fn poll_shutdown(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        self.project().inner.poll_shutdown(cx)
    }
}

/// Serves one intercepted CONNECT: TLS handshake with the client (leaf for the host), then
/// HTTP/1.1 or h2 (ALPN) through [`super::handle`] with the `https://authority` origin.
async fn intercept(
    st: Arc<State>,
    conn: u64,
    tls: Arc<rustls::ServerConfig>,
    authority: String,
    req: Request<Incoming>,
) {
    let upgraded = match hyper::upgrade::on(req).await {
        Ok(u) => u,
        Err(e) => {
            tracing::debug!(authority = %authority, error = %e, "CONNECT upgrade failed");
            return;
        }
    };
    // What the client sends first in its tunnel: a TLS ClientHello, or (curl
    // --proxytunnel with an http:// URL, an HTTP client that tunnels every request) a plain
    // HTTP request, served and recorded as one to `http://authority` (attack57: it was
    // taken for a failed handshake, "the client does not trust the local CA", and nothing
    // of the request was recorded). Read, not peeked (an upgraded connection cannot
    // peek): the bytes are handed back in front of the rest ([`Replay`]).
    let deadline = tokio::time::Instant::now() + super::refusal::HEAD_TIMEOUT;
    let mut io = TokioIo::new(upgraded);
    let mut first = Vec::new();
    let plain = loop {
        let mut buf = [0u8; 16];
        let said = if first.is_empty() {
            "nothing"
        } else {
            "the start of an HTTP request line only"
        };
        let (kind, cause) = match tokio::time::timeout_at(deadline, io.read(&mut buf)).await {
            Ok(Ok(n)) if n > 0 => {
                first.extend_from_slice(&buf[..n]);
                match super::plain_on_tls::classify(&first) {
                    super::plain_on_tls::First::PlainHttp => break true,
                    super::plain_on_tls::First::Other => break false,
                    super::plain_on_tls::First::Undecided => continue,
                }
            }
            Ok(Ok(_)) => (
                HandshakeEnd::Closed,
                format!("the client closed the tunnel (EOF) after sending {said}"),
            ),
            Ok(Err(e)) => (
                HandshakeEnd::Closed,
                format!("the client reset the tunnel after sending {said}: {e}"),
            ),
            Err(_) => (
                HandshakeEnd::Stalled,
                format!(
                    "the client sent {said} within {} s",
                    super::refusal::HEAD_TIMEOUT.as_secs()
                ),
            ),
        };
        handshake_failed(&st, kind, &authority, &cause);
        return;
    };
    // Neither TLS (a handshake record starts with byte 22, RFC 8446 §5.1) nor HTTP: said
    // as such, not handed to rustls (whose "corrupt message" read as a CA problem).
    if !plain {
        let lead = first
            .iter()
            .take_while(|b| matches!(b, b'\r' | b'\n'))
            .count();
        if first.get(lead) != Some(&22) || lead > 0 {
            let shown: String = first
                .iter()
                .take(16)
                .flat_map(|b| std::ascii::escape_default(*b))
                .map(char::from)
                .collect();
            let cause = format!("its first bytes: \"{shown}\"");
            handshake_failed(&st, HandshakeEnd::NotTls, &authority, &cause);
            return;
        }
    }
    let replayed = Replay {
        first,
        at: 0,
        inner: io,
    };
    if plain {
        let origin = plain_origin(&authority);
        return serve_tunnel(st, conn, replayed, origin, authority).await;
    }
    // The ClientHello is read first to learn its SNI (RFC 6066 §3); the certificate is the
    // CONNECT host's whatever it names ([`sni_differs`]).
    let mut sni: Option<String> = None;
    let lazy = tokio_rustls::LazyConfigAcceptor::new(rustls::server::Acceptor::default(), replayed);
    let accepted = tokio::time::timeout_at(deadline, async {
        let start = lazy.await?;
        sni = start.client_hello().server_name().map(str::to_string);
        start.into_stream(tls).await
    })
    .await;
    let fronted = sni.filter(|s| sni_differs(s, &authority));
    if let Some(name) = &fronted {
        let line = st
            .forward
            .as_ref()
            .and_then(|f| f.intercept.as_ref())
            .and_then(|ic| ic.note_sni(&authority, name));
        match line {
            Some(line) if st.console_warnings => crate::errln!("{line}"),
            _ => {
                tracing::debug!(authority = %authority, sni = %name, "SNI differs from the CONNECT host")
            }
        }
    }
    let sni_note = fronted
        .map(|n| format!("; its SNI named {n}, not the CONNECT host"))
        .unwrap_or_default();
    let stream = match accepted {
        Ok(Ok(s)) => s,
        Err(_) => {
            let cause = format!(
                "the client's handshake was not complete within {} s{sni_note}",
                super::refusal::HEAD_TIMEOUT.as_secs()
            );
            handshake_failed(&st, HandshakeEnd::Stalled, &authority, &cause);
            return;
        }
        Ok(Err(e)) => {
            let (kind, cause) = HandshakeEnd::of_error(&e);
            handshake_failed(&st, kind, &authority, &format!("{cause}{sni_note}"));
            return;
        }
    };
    serve_tunnel(st, conn, stream, format!("https://{authority}"), authority).await;
}

/// Whether a ClientHello's SNI `sni` names another host than `CONNECT authority` (ASCII
/// case and a trailing dot aside; RFC 6066 §3, RFC 9110 §4.2.3). The proxy then still
/// answers with a certificate for the CONNECT host and forwards to it (attack58): the
/// CONNECT is what the client asked the proxy for, `--allow-host` and the loop check were
/// made on it, and forwarding to the SNI name instead would let a client reach a host
/// never checked (domain fronting). A client that means the SNI name fails its
/// certificate check; one that does not has a bug. Said on stderr ([`sni_line`]).
pub fn sni_differs(sni: &str, authority: &str) -> bool {
    let host = authority
        .parse::<http::uri::Authority>()
        .map(|a| a.host().to_string())
        .unwrap_or_else(|_| authority.to_string());
    let norm = |h: &str| {
        h.trim_start_matches('[')
            .trim_end_matches(']')
            .trim_end_matches('.')
            .to_ascii_lowercase()
    };
    norm(sni) != norm(&host)
}

/// The stderr line for ClientHellos whose SNI named another host than their CONNECT
/// ([`sni_differs`]): `n` since the last such line, the last on `authority` naming `sni`.
pub fn sni_line(n: u64, authority: &str, sni: &str) -> String {
    let head = if n <= 1 {
        format!("a client sent CONNECT {authority} and then named {sni} in its TLS SNI")
    } else {
        format!("{n} clients named another host in their TLS SNI than in their CONNECT since the last such line (the last: CONNECT {authority}, SNI {sni})")
    };
    format!(
        "a2a-interop proxy: WARNING: {head}: the proxy answers with a certificate for the CONNECT host and forwards the requests to {authority}, as the CONNECT asked (--allow-host and the loop check were made on it; the SNI name is never connected to); a client that means {sni} (domain fronting) fails its certificate check, otherwise the client has a bug; hint: CONNECT to the host the client's URL names (more such: one line a minute, with the count)"
    )
}

/// Says a client handshake on `CONNECT authority` that ended as `kind` (`cause`): its
/// stderr line when one is due and the console has warnings, else a debug trace.
fn handshake_failed(st: &State, kind: HandshakeEnd, authority: &str, cause: &str) {
    let line = st
        .forward
        .as_ref()
        .and_then(|f| f.intercept.as_ref())
        .and_then(|ic| ic.note_failed(kind, authority, cause));
    match line {
        Some(line) if st.console_warnings => crate::errln!("{line}"),
        _ => tracing::debug!(authority = %authority, ?kind, cause, "client TLS handshake failed"),
    }
}

/// The `http://` origin of plain HTTP sent in an intercepted CONNECT tunnel to `authority`
/// (`host` for port 443, which the CONNECT's authority leaves out for its `https://`
/// origin, else `host:port`): the port the client tunnelled to is kept, also 443
/// (`http://host:443`, not `http://host`, which is port 80).
fn plain_origin(authority: &str) -> String {
    match authority
        .parse::<http::uri::Authority>()
        .ok()
        .and_then(|a| a.port_u16())
    {
        Some(_) => format!("http://{authority}"),
        None => format!("http://{authority}:443"),
    }
}

/// Serves the HTTP/1.1 or h2 requests that come through one intercepted CONNECT tunnel
/// (`stream`: TLS-decrypted, or plain) through [`super::handle`] with `origin`
/// (`https://authority` or `http://authority`).
async fn serve_tunnel<S>(st: Arc<State>, conn: u64, stream: S, origin: String, authority: String)
where
    S: AsyncRead + AsyncWrite + Unpin + Send + 'static,
{
    let client = format!("conn {conn} (CONNECT {authority})");
    let authority: Arc<str> = Arc::from(origin.as_str());
    let mut stop = st.stop_rx.clone();
    let (stream, fresh) = super::refusal::HeadWatch::new(stream);
    let client_eof = stream.eof();
    let handled = stream.handled();
    let answered = stream.answered();
    let svc = {
        let st = st.clone();
        let up = super::Upstreams::new();
        hyper::service::service_fn(move |req| -> super::HandleFuture {
            // counted for [`super::refusal::HeadWatch`]: an answer with no request handed
            // is hyper's own
            handled.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            let st = st.clone();
            let authority = authority.clone();
            let up = up.clone();
            let eof = client_eof.clone();
            Box::pin(async move {
                Ok(super::handle(st, &up, conn, "", Some(&authority), &eof, req).await)
            })
        })
    };
    let builder = super::server_builder(st.half_close);
    let served = builder.serve_connection(TokioIo::new(stream), svc);
    tokio::pin!(served);
    tokio::select! {
        r = served.as_mut() => {
            if let Err(e) = r {
                super::connection_error(&st, conn, &client, &*e, &fresh, false, &answered);
            }
        }
        _ = stop.changed() => {
            served.as_mut().graceful_shutdown();
            let _ = tokio::time::timeout(st.shutdown_grace, served).await;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn allow_host_patterns() {
        assert!(host_allowed("*", "anything.test"));
        assert!(host_allowed("agent.example.com", "Agent.Example.com"));
        assert!(!host_allowed("agent.example.com", "evil.example.com"));
        assert!(host_allowed("*.example.com", "a.example.com"));
        assert!(host_allowed("*.example.com", "a.b.example.com"));
        assert!(!host_allowed("*.example.com", "example.com"));
        assert!(!host_allowed("*.example.com", "badexample.com"));
        assert!(host_allowed("127.0.0.1", "127.0.0.1"));
        assert!(host_allowed("::1", "[::1]"));
    }

    #[tokio::test]
    async fn own_address_is_a_loop() {
        let fw = ForwardState {
            cfg: ForwardConfig::default(),
            listens: vec!["127.0.0.1:3128".parse().unwrap()],
            intercept: None,
        };
        assert!(fw.check("127.0.0.1", 3128).await.is_err());
        assert!(fw.check("localhost", 3128).await.is_err());
        assert!(fw.check("127.0.0.1", 3129).await.is_ok());
        let fw = ForwardState {
            cfg: ForwardConfig {
                allow_hosts: vec!["*.example.test".into()],
                ..ForwardConfig::default()
            },
            listens: vec!["127.0.0.1:3128".parse().unwrap()],
            intercept: None,
        };
        let e = fw.check("127.0.0.1", 9).await.unwrap_err();
        assert!(e.contains("--allow-host 127.0.0.1"), "{e}");
        // `--listen localhost:3128` listens on `[::1]:3128` too: either spelling is itself
        // (attack59: `[::1]:3128` went one hop to the twin listener, whose 400 came back)
        let fw = ForwardState {
            cfg: ForwardConfig::default(),
            listens: vec![
                "127.0.0.1:3128".parse().unwrap(),
                "[::1]:3128".parse().unwrap(),
            ],
            intercept: None,
        };
        assert!(fw.check("[::1]", 3128).await.is_err());
        assert!(fw.check("::1", 3128).await.is_err());
        assert!(fw.check("127.0.0.1", 3128).await.is_err());
        assert!(fw.check("[::1]", 3129).await.is_ok());
    }

    #[test]
    fn a_wildcard_listener_is_reached_through_local_addresses_only() {
        let any: SocketAddr = "0.0.0.0:3128".parse().unwrap();
        assert!(listener_reaches(any, "127.0.0.1".parse().unwrap(), 3128));
        assert!(listener_reaches(any, "0.0.0.0".parse().unwrap(), 3128));
        assert!(!listener_reaches(any, "127.0.0.1".parse().unwrap(), 3129));
        // TEST-NET-3 (RFC 5737) is never an address of this machine
        assert!(!listener_reaches(any, "203.0.113.7".parse().unwrap(), 3128));
        let one: SocketAddr = "127.0.0.1:0".parse().unwrap();
        assert!(!listener_reaches(one, "127.0.0.1".parse().unwrap(), 0));
        // attack58: 0.0.0.0 is IPv4 only; [::] is dual-stack unless bindv6only is set
        assert!(!listener_reaches(any, "::1".parse().unwrap(), 3128));
        assert!(listener_reaches(any, "127.0.0.2".parse().unwrap(), 3128));
        let any6: SocketAddr = "[::]:3128".parse().unwrap();
        assert!(listener_reaches(any6, "::1".parse().unwrap(), 3128));
        assert!(listener_reaches(any6, "::".parse().unwrap(), 3128));
        assert_eq!(
            listener_reaches(any6, "127.0.0.1".parse().unwrap(), 3128),
            !ipv6_only()
        );
        assert!(!listener_reaches(
            any6,
            "203.0.113.7".parse().unwrap(),
            3128
        ));
    }

    /// attack57: plain HTTP in a CONNECT tunnel goes to the port tunnelled to, 443 too.
    #[test]
    fn plain_http_in_a_tunnel_keeps_the_tunnelled_port() {
        assert_eq!(plain_origin("agent.test"), "http://agent.test:443");
        assert_eq!(plain_origin("agent.test:8080"), "http://agent.test:8080");
        assert_eq!(plain_origin("[::1]:80"), "http://[::1]:80");
        assert_eq!(plain_origin("[::1]"), "http://[::1]:443");
    }

    /// attack57: the unspecified address and an IPv4-mapped IPv6 address, as a target,
    /// reach a loopback listener (a connect to `0.0.0.0:PORT` lands on `127.0.0.1:PORT`);
    /// before, both passed and the proxy forwarded to itself.
    #[test]
    fn every_spelling_of_a_loopback_listener_reaches_it() {
        let one: SocketAddr = "127.0.0.1:3128".parse().unwrap();
        for t in ["0.0.0.0", "::ffff:127.0.0.1", "127.0.0.1"] {
            assert!(listener_reaches(one, t.parse().unwrap(), 3128), "{t}");
        }
        // attack58: the other family's loopback (`[::]` lands on `::1`) and another
        // loopback address never reach a listener bound to 127.0.0.1
        for t in ["::", "::1", "127.0.0.2"] {
            assert!(!listener_reaches(one, t.parse().unwrap(), 3128), "{t}");
        }
        let six: SocketAddr = "[::1]:3128".parse().unwrap();
        for t in ["::1", "::"] {
            assert!(listener_reaches(six, t.parse().unwrap(), 3128), "{t}");
        }
        for t in ["127.0.0.1", "0.0.0.0", "::ffff:127.0.0.1"] {
            assert!(!listener_reaches(six, t.parse().unwrap(), 3128), "{t}");
        }
        assert!(!listener_reaches(one, "0.0.0.0".parse().unwrap(), 3129));
        assert!(!listener_reaches(
            one,
            "::ffff:203.0.113.7".parse().unwrap(),
            3128
        ));
    }
}

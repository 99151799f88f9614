/*!
An agent that answers before it has read the whole request body, then closes.

An HTTP server may answer early: a `413 Content Too Large` as soon as it reads a large
`Content-Length` (RFC 9110 §15.5.14), a `401`, or any answer from a server that does not
read a chunked body at all (RFC 9112 §9.6: a server that closes must expect the client to
keep sending). It then closes its end; the proxy's next write of the request body fails
with `EPIPE` / `ECONNRESET` while the agent's answer already sits in the proxy's socket.
A plain HTTP client (curl, nginx as a proxy) stops sending and reads that answer. hyper's
client instead fails the whole request on the write error when it comes before the read,
so the client got the proxy's `502` and the recording said the agent was not reached
(breaker15b R3): a race lost about half the time.

[`EarlyAnswer`] wraps the proxy's upstream TCP connector. Its stream ([`EarlyAnswerIo`])
turns the first `EPIPE` / `ECONNRESET` on a write into "written, discarded", so hyper goes
on to read the agent's answer; later writes are discarded too until the agent's end of the
connection is read to its end (or [`DISCARD_MAX`] bytes were discarded), then they fail
with the original error, which ends the request body. What happened is kept in
[`EarlyState`], handed to the proxy through the response's (or the error's) connection
extras: the proxy marks the exchange (the request body the recording holds is not what the
agent read) and words its `502` when no answer came ("closed the connection while the
request body was being sent").

Cost per write: one branch on a plain field; nothing is buffered or copied.
*/

use std::io;
use std::pin::Pin;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::task::{Context, Poll};

use hyper::rt::{Read, ReadBufCursor, Write};
use hyper_util::client::legacy::connect::{Connected, Connection};

/// Most bytes of request body discarded after the agent closed its end, before the write
/// error is passed on (16 MiB): the agent's answer is read long before that; a client still
/// uploading past it gets its request body ended.
pub const DISCARD_MAX: u64 = 16 << 20;

/// What one upstream connection saw of an agent that stopped reading (see the module
/// docs). Shared between the stream and the proxy's handler (via connection extras).
#[derive(Debug, Default)]
pub struct EarlyState {
    /// A write failed because the agent closed or reset its end of the connection.
    closed_while_sending: AtomicBool,
    /// Bytes accepted by the agent's TCP stack before that write failed (request heads and
    /// bodies of every request on this connection, HTTP framing included).
    accepted: AtomicU64,
    /// Bytes the proxy discarded after it (request body and framing the agent never got).
    discarded: AtomicU64,
    /// The `io::Error` text of the failed write (`Broken pipe (os error 32)`).
    cause: std::sync::Mutex<Option<String>>,
    /// The first bytes (at most [`HEAD_KEEP`]) of the last HTTP/1.1 response head read on
    /// this connection, to say which line hyper refused to parse (breaker15b R16).
    head: std::sync::Mutex<Vec<u8>>,
    /// The connection's stream was dropped: hyper's connection task ended, nothing more
    /// will be read or written on it ([`EarlyState::gone`]).
    gone: AtomicBool,
    /// Wakes [`EarlyState::gone`]'s waiters when the stream is dropped.
    gone_notify: tokio::sync::Notify,
    /// Bytes read since the current request went out (its response's heads, body and
    /// anything after), for [`EarlyState::excess`] (open45).
    resp_read: AtomicU64,
    /// Where the current response's final head ends, plus one, in bytes from its first
    /// head byte (interim heads included); 0 until that head is read (and when heads are
    /// not kept: TLS, h2c).
    head_end: AtomicU64,
    /// The interim (`1xx`) heads read before the current response's final head, as sent
    /// (open45), taken by the exchange ([`EarlyState::take_interims`]); `has_interim` says
    /// there are some without taking the lock.
    interims: std::sync::Mutex<Vec<Vec<u8>>>,
    has_interim: AtomicBool,
    /// Requests that went out on this connection so far (each counted as its first bytes
    /// are written): which response a later read belongs to (open46).
    requests: AtomicU64,
    /// The exchange whose response last ended on this connection, framed by its
    /// `Content-Length`, for bytes that arrive after it ended ([`EarlyState::arm_late`]);
    /// `late_armed` says there is one without taking the lock.
    late: std::sync::Mutex<Option<LateExcess>>,
    late_armed: AtomicBool,
}

/// Where bytes past a response's framed end go when they arrive after its exchange ended
/// (open46, [`EarlyState::arm_late`]): the exchange's recorder, as a `response_excess`
/// event with `late: true`.
#[derive(Debug)]
pub struct LateExcess {
    /// [`EarlyState::request_no`] of the request the response answered.
    request: u64,
    /// Bytes of the response read so far that are already accounted for (its heads, its
    /// framed body, excess already recorded), from its first head byte.
    counted: u64,
    /// The exchange's recorder, id and leg.
    sink: crate::record::writer::EventSink,
    id: crate::record::ExchangeId,
    leg: Option<String>,
}

impl EarlyState {
    /// Resolves once the connection's stream was dropped (hyper's connection task for it
    /// ended: closed by either side, failed, or idle and evicted); at once if it already
    /// was. A request still unanswered then never gets an answer from this connection.
    pub async fn gone(&self) {
        crate::record::writer::until_set(&self.gone, &self.gone_notify).await;
    }

    /// True when the agent closed or reset the connection while the proxy was still
    /// sending a request on it.
    pub fn closed_while_sending(&self) -> bool {
        self.closed_while_sending.load(Ordering::Relaxed)
    }

    /// Bytes the proxy had to discard after the agent closed (never reached the agent).
    pub fn discarded(&self) -> u64 {
        self.discarded.load(Ordering::Relaxed)
    }

    /// Bytes the agent sent past the end of the response just read, given `body`, the body
    /// length its `Content-Length` declared (a `Content-Length` shorter than what the agent
    /// wrote, RFC 9112 §6.3): the bytes read since the request went out, past its heads and
    /// that body. The proxy's HTTP client neither hands them on nor reads them as the next
    /// response (it closes the connection on them), so the exchange records only that they
    /// came (`response_excess`). HTTP/1.1 upstreams, plain or TLS (where heads are kept), and only
    /// bytes read by the time the response ended (the usual case: they come in the read that
    /// ends the body); 0 otherwise. Nothing is parsed: the head's end is where
    /// [`EarlyAnswerIo`] found its blank line, the body's length hyper's.
    pub fn excess(&self, body: u64) -> u64 {
        let end = self.head_end.load(Ordering::Relaxed);
        if end == 0 {
            return 0;
        }
        self.resp_read
            .load(Ordering::Relaxed)
            .saturating_sub((end - 1).saturating_add(body))
    }

    /// The interim (`1xx`) heads the agent sent before the current response's final head,
    /// as sent (status line and fields, up to the blank line), taken once; none on most
    /// responses (one flag read).
    pub fn take_interims(&self) -> Vec<Vec<u8>> {
        if !self.has_interim.swap(false, Ordering::Relaxed) {
            return Vec::new();
        }
        self.interims
            .lock()
            .map(|mut g| std::mem::take(&mut *g))
            .unwrap_or_default()
    }

    /// The number of the request whose response is being read (requests sent on this
    /// connection so far, counting it): taken at the response head, handed back to
    /// [`EarlyState::arm_late`].
    pub fn request_no(&self) -> u64 {
        self.requests.load(Ordering::Relaxed)
    }

    /// The response to request `request` ([`EarlyState::request_no`]) ended complete, its
    /// body `body` bytes by its `Content-Length`: bytes the agent sends past it on this
    /// connection before the next request goes out are recorded for the exchange (`sink`,
    /// its `id` and `leg`: a `response_excess` with `late: true`) as they are read (open46). They arrive after the exchange ended when the agent wrote them in a
    /// later segment than the body's end; the proxy's HTTP client reads them on the idle
    /// connection and closes it (RFC 9112 §6.3: a client MUST NOT take them for a response),
    /// so they are never handed to the next request. Does nothing when another request went
    /// out already (the answer's bytes are no longer told apart) or heads are not kept
    /// (TLS, h2c). One lock per response framed by its `Content-Length`.
    pub fn arm_late(
        &self,
        request: u64,
        body: u64,
        (sink, id, leg): (
            crate::record::writer::EventSink,
            crate::record::ExchangeId,
            Option<String>,
        ),
    ) {
        let end = self.head_end.load(Ordering::Relaxed);
        if end == 0 {
            return;
        }
        let Ok(mut g) = self.late.lock() else {
            return;
        };
        if self.requests.load(Ordering::Relaxed) != request {
            return;
        }
        let framed = (end - 1).saturating_add(body);
        let counted = framed.max(self.resp_read.load(Ordering::Relaxed));
        *g = Some(LateExcess {
            request,
            counted,
            sink,
            id,
            leg,
        });
        self.late_armed.store(true, Ordering::Relaxed);
    }

    /// The exchange whose answer, framed by its `Content-Length`, ended on this connection
    /// just before the current request went out ([`EarlyState::arm_late`]): bytes the
    /// current response head starts with that are no status line may be the rest of that
    /// answer, sent past its length after the current request was written, which no
    /// HTTP/1.1 client can tell from this answer (RFC 9112 §6.3). Named in the proxy's 502
    /// for such a head (open46).
    pub fn prior_framed(&self) -> Option<crate::record::ExchangeId> {
        let g = self.late.lock().ok()?;
        let l = g.as_ref()?;
        (l.request + 1 == self.requests.load(Ordering::Relaxed)).then(|| l.id.clone())
    }

    /// `read` bytes of the current response were read so far: what passed an armed late
    /// watch's end is reported ([`EarlyState::arm_late`]).
    fn late_read(&self, read: u64) {
        let Ok(mut g) = self.late.lock() else {
            return;
        };
        let now = self.requests.load(Ordering::Relaxed);
        if let Some(l) = g.as_mut().filter(|l| l.request == now && read > l.counted) {
            let bytes = read - l.counted;
            l.counted = read;
            let _ = l.sink.try_send(
                Some(l.id.clone()),
                l.leg.clone(),
                crate::record::EventKind::ResponseExcess { bytes, late: true },
            );
        }
    }

    /// Bytes of this connection the agent's TCP stack accepted before it closed.
    pub fn accepted(&self) -> u64 {
        self.accepted.load(Ordering::Relaxed)
    }

    /// The failed write's error text, e.g. `Broken pipe (os error 32)`.
    pub fn cause(&self) -> String {
        self.cause
            .lock()
            .ok()
            .and_then(|g| g.clone())
            .unwrap_or_else(|| "connection closed by the agent".into())
    }
}

impl EarlyState {
    /// The first bytes of the last response head read on this connection (HTTP/1.1 over
    /// plain TCP only; empty otherwise).
    pub fn last_head(&self) -> Vec<u8> {
        self.head.lock().map(|g| g.clone()).unwrap_or_default()
    }
}

/// Most bytes of a response head kept for [`EarlyState::last_head`] (8 KiB).
pub const HEAD_KEEP: usize = 8 * 1024;

/// Most interim (`1xx`) responses an agent may send before its final response to one
/// request (64): past them the proxy stops reading the connection and the client gets a
/// `502` ([`INTERIM_FLOOD`]). RFC 9110 §15.2 sets no number; an agent sends one or two
/// (`103 Early Hints`), and each is kept for the recording until the final head comes:
/// without a bound, one request answered by an endless run of `103`s took the proxy to
/// 1.37 GB of memory and 2 million queued events in 90 s (attack58; hyper's client skips
/// any number of them).
pub const MAX_INTERIMS: u32 = 64;

/// The error an upstream read ends with once an agent sent more than [`MAX_INTERIMS`]
/// interim responses before a final one: the cause the client's `502` and the recording's
/// `upstream_error` name.
pub const INTERIM_FLOOD: &str = "the agent sent more than 64 interim (1xx) responses before its final response (RFC 9110 §15.2); the proxy stopped reading the connection (its limit, against an agent flooding it with 103 Early Hints)";

/// Bytes read at a time while a response head is being kept (1 KiB): a small head and body
/// arrive in one read; a longer head takes a few. The read buffer lives only while a head is
/// read (no memory on an idle connection) and is zeroed once per response, not per read
/// (an 8 KiB buffer allocated and zeroed per read cost ~10k instructions per proxied
/// request: docs/performance.md, "Session 13").
const HEAD_READ: usize = 1024;

/// The [`EarlyState`] of the connection a response or error came from, if any.
pub fn state_of(ext: &http::Extensions) -> Option<Arc<EarlyState>> {
    ext.get::<Arc<EarlyState>>().cloned()
}

/// The [`EarlyState`] of the connection a failed upstream request used, if one came up.
pub fn state_of_error(e: &hyper_util::client::legacy::Error) -> Option<Arc<EarlyState>> {
    let mut ext = http::Extensions::new();
    e.connect_info()?.get_extras(&mut ext);
    state_of(&ext)
}

/// Connector wrapper: every stream `C` connects becomes an [`EarlyAnswerIo`]; `heads`:
/// keep each response head's first bytes ([`EarlyState::last_head`]; for plain HTTP/1.1,
/// where the bytes on the wire are the head's text).
#[derive(Clone, Debug)]
pub struct EarlyAnswer<C> {
    /// The TCP connector.
    pub inner: C,
    /// Keep response heads (HTTP/1.1 over plain TCP).
    pub heads: bool,
    /// One connection at a time per agent (an HTTP/1.1 client connection's upstream
    /// client, [`super::sequential`]); `None`: no limit.
    pub sequential: Option<Arc<super::sequential::Sequential>>,
    /// `--no-via`: each connection is kept here by its addresses while it is open, so a
    /// client connection that is one of them is refused as a loop
    /// ([`super::self_loop`]); `None`: not kept.
    pub own: Option<Arc<super::self_loop::OwnConnections>>,
    /// The connection speaks HTTP/2 (h2c prior knowledge): its frames are watched for an
    /// interim flood ([`super::h2_frames`]).
    pub h2_frames: bool,
}

/// A connect error of [`EarlyAnswer`]: the inner connector's, or why
/// [`super::sequential::Sequential::claim`] gave up.
pub type ConnectError = Box<dyn std::error::Error + Send + Sync>;

impl<C> tower_service::Service<http::Uri> for EarlyAnswer<C>
where
    C: tower_service::Service<http::Uri> + Clone + Send + 'static,
    C::Future: Send + 'static,
    C::Response: Connection + Send + 'static,
    C::Error: Into<ConnectError> + Send + 'static,
{
    type Response = EarlyAnswerIo<C::Response>;
    type Error = ConnectError;
    type Future = Pin<
        Box<
            dyn std::future::Future<Output = Result<EarlyAnswerIo<C::Response>, ConnectError>>
                + Send,
        >,
    >;

    fn poll_ready(&mut self, cx: &mut Context<'_>) -> Poll<Result<(), ConnectError>> {
        self.inner.poll_ready(cx).map_err(Into::into)
    }

    fn call(&mut self, uri: http::Uri) -> Self::Future {
        let heads = self.heads;
        let own = self.own.clone();
        let h2 = self.h2_frames;
        let Some(seq) = self.sequential.clone() else {
            let connecting = self.inner.call(uri);
            return Box::pin(async move {
                let inner = connecting.await.map_err(Into::into)?;
                let kept = kept_by(own.as_ref(), &inner);
                Ok(EarlyAnswerIo::new(inner, heads, None)
                    .keeping(kept)
                    .watching_h2(h2))
            });
        };
        // the inner connector was readied for this call: it connects once the claim is
        // granted (tower's contract: the readied service is the one called)
        let replacement = self.inner.clone();
        let mut inner = std::mem::replace(&mut self.inner, replacement);
        let default_port = if uri.scheme_str() == Some("https") {
            443
        } else {
            80
        };
        let key = format!(
            "{}:{}",
            uri.host().unwrap_or_default(),
            uri.port_u16().unwrap_or(default_port)
        );
        Box::pin(async move {
            // dropped on a failed (or cancelled) connect: the count is given back
            let claimed = seq.claim(&key).await?;
            let io = inner.call(uri).await.map_err(Into::into)?;
            let kept = kept_by(own.as_ref(), &io);
            Ok(EarlyAnswerIo::new(io, heads, Some(claimed))
                .keeping(kept)
                .watching_h2(h2))
        })
    }
}

/// `io`, a TCP connection just made, kept in `own` by its addresses (hyper-util's
/// [`HttpInfo`](hyper_util::client::legacy::connect::HttpInfo)) until the guard drops;
/// `None` when there is no `own` (no `--no-via`) or the addresses are not known.
fn kept_by<T: Connection>(
    own: Option<&Arc<super::self_loop::OwnConnections>>,
    io: &T,
) -> Option<super::self_loop::Kept> {
    let own = own?;
    let mut ext = http::Extensions::new();
    io.connected().get_extras(&mut ext);
    let info = ext.get::<hyper_util::client::legacy::connect::HttpInfo>()?;
    Some(own.keep(info.local_addr(), info.remote_addr()))
}

/// Connector wrapper above TLS (open46): the stream `C` connects (a TLS stream over an
/// [`EarlyAnswer`] TCP stream) becomes an [`EarlyAnswerIo`] that keeps HTTP/1.1 response
/// heads and counts bytes read in the plaintext, sharing the TCP stream's [`EarlyState`]
/// (one state per connection, as `state_of` reads it): interim heads
/// ([`EarlyState::take_interims`]), bytes past a `Content-Length` ([`EarlyState::excess`],
/// [`EarlyState::arm_late`]) and the head a parse error names ([`EarlyState::last_head`])
/// over `https://` upstreams too. Write errors pass through (the TCP stream below handles an
/// agent that closed early). Nothing is kept for a connection that negotiated `h2` by ALPN
/// (its bytes are HTTP/2 frames).
#[derive(Clone, Debug)]
pub struct OverTls<C> {
    /// The TLS connector.
    pub inner: C,
}

impl<C> tower_service::Service<http::Uri> for OverTls<C>
where
    C: tower_service::Service<http::Uri, Error = ConnectError>,
    C::Future: Send + 'static,
    C::Response: Connection + Send + 'static,
{
    type Response = EarlyAnswerIo<C::Response>;
    type Error = ConnectError;
    type Future = Pin<
        Box<
            dyn std::future::Future<Output = Result<EarlyAnswerIo<C::Response>, ConnectError>>
                + Send,
        >,
    >;

    fn poll_ready(&mut self, cx: &mut Context<'_>) -> Poll<Result<(), ConnectError>> {
        self.inner.poll_ready(cx)
    }

    fn call(&mut self, uri: http::Uri) -> Self::Future {
        let connecting = self.inner.call(uri);
        Box::pin(async move {
            let io = connecting.await?;
            let connected = io.connected();
            let h2 = connected.is_negotiated_h2();
            let mut ext = http::Extensions::new();
            connected.get_extras(&mut ext);
            let mut out = EarlyAnswerIo::new(io, !h2, None).watching_h2(h2);
            if let Some(state) = state_of(&ext) {
                out.state = state;
            }
            out.above = true;
            Ok(out)
        })
    }
}

impl<T> EarlyAnswerIo<T> {
    /// `inner` wrapped; `claimed`: the [`super::sequential::Sequential`] count it holds,
    /// released when it is dropped.
    fn new(inner: T, heads: bool, claimed: Option<super::sequential::Claimed>) -> Self {
        EarlyAnswerIo {
            above: false,
            inner,
            state: Arc::new(EarlyState::default()),
            written: 0,
            broken: None,
            read_done: false,
            heads,
            head: None,
            scratch: Vec::new(),
            claimed,
            read: 0,
            heads_len: 0,
            interims: 0,
            kept: None,
            h2: None,
        }
    }

    /// This stream's bytes read as HTTP/2 frames when `h2` ([`super::h2_frames`]).
    fn watching_h2(mut self, h2: bool) -> Self {
        if h2 {
            self.h2 = Some(Box::default());
        }
        self
    }

    /// This stream holding `kept` ([`super::self_loop`]) for as long as it lives.
    fn keeping(mut self, kept: Option<super::self_loop::Kept>) -> Self {
        self.kept = kept;
        self
    }
}

/// An upstream stream that survives the agent closing its end while a request is being
/// sent (module docs). Reads pass through unchanged.
#[derive(Debug)]
pub struct EarlyAnswerIo<T> {
    /// Above TLS ([`OverTls`]): heads kept and bytes counted only; write errors pass
    /// through.
    above: bool,
    inner: T,
    state: Arc<EarlyState>,
    /// Bytes written so far (before any failure).
    written: u64,
    /// The kind of the write error being held back.
    broken: Option<io::ErrorKind>,
    /// The agent's end was read to its end (or failed): nothing more to wait for.
    read_done: bool,
    /// Keep response heads ([`EarlyAnswer::heads`]).
    heads: bool,
    /// The response head being read after a write (`None`: not reading one).
    head: Option<Vec<u8>>,
    /// Read buffer while a head is read ([`HEAD_READ`] bytes; empty otherwise).
    scratch: Vec<u8>,
    /// The [`super::sequential::Sequential`] count this connection holds: given back when
    /// this stream is dropped.
    claimed: Option<super::sequential::Claimed>,
    /// Bytes read since the current request went out (heads, body and anything after),
    /// published to [`EarlyState`]'s `resp_read` (open45).
    read: u64,
    /// Bytes of the interim (`1xx`) heads read before the final head of this response.
    heads_len: u64,
    /// Interim (`1xx`) heads read before the final head of this response; past
    /// [`MAX_INTERIMS`] the read fails with [`INTERIM_FLOOD`].
    interims: u32,
    /// This TCP connection kept among the proxy's own ([`EarlyAnswer::own`]), until the
    /// stream is dropped.
    kept: Option<super::self_loop::Kept>,
    /// An HTTP/2 connection's frame headers, read for an interim flood
    /// ([`super::h2_frames`]); `None` for HTTP/1.1 and below TLS.
    h2: Option<Box<super::h2_frames::H2Frames>>,
}

/// The `response_interim` event of an interim head `h` as the agent sent it (status line
/// and fields up to the blank line; [`EarlyState::take_interims`]): status, version and
/// the fields, names lowercased as every recorded head's, values as sent (bytes outside
/// UTF-8 replaced). Rare (a `103 Early Hints`), so parsed here, once.
pub fn interim_event(h: &[u8]) -> crate::record::EventKind {
    let text = String::from_utf8_lossy(h);
    let mut lines = text.split("\r\n");
    let status_line = lines.next().unwrap_or_default();
    let version = status_line
        .split(' ')
        .next()
        .filter(|v| v.starts_with("HTTP/"));
    let status = status_line
        .split(' ')
        .nth(1)
        .and_then(|c| c.parse().ok())
        .unwrap_or(0);
    let fields: Vec<(String, String)> = lines
        .filter_map(|l| {
            let (name, value) = l.split_once(':')?;
            Some((name.trim().to_ascii_lowercase(), value.trim().to_string()))
        })
        .collect();
    crate::record::EventKind::ResponseInterim {
        status,
        version: version.map(str::to_string),
        headers: crate::record::Headers::from_pairs(fields),
    }
}

/// Whether head `h` (from its first byte) is an interim response's: `HTTP/1.x 1xx`, not
/// `101 Switching Protocols` (which ends the HTTP exchange).
fn is_interim(h: &[u8]) -> bool {
    h.get(9) == Some(&b'1') && h.get(9..12) != Some(&b"101"[..])
}

impl<T> EarlyAnswerIo<T> {
    /// A request went out: the next bytes read start its response head.
    fn wrote(&mut self, n: usize) {
        self.written += n as u64;
        if self.heads && self.head.is_none() && n > 0 {
            self.head = Some(Vec::new());
            self.read = 0;
            self.heads_len = 0;
            self.interims = 0;
            self.state.resp_read.store(0, Ordering::Relaxed);
            self.state.head_end.store(0, Ordering::Relaxed);
            // the last response's late watch ends here: what comes now answers this one
            self.state.requests.fetch_add(1, Ordering::Relaxed);
            self.state.late_armed.store(false, Ordering::Relaxed);
        }
    }

    /// `n` more bytes of the current response were read ([`EarlyState::excess`], and
    /// [`EarlyState::arm_late`] once its exchange ended).
    fn count(&mut self, n: usize) {
        self.read += n as u64;
        self.state.resp_read.store(self.read, Ordering::Relaxed);
        if n > 0 && self.state.late_armed.load(Ordering::Relaxed) {
            self.state.late_read(self.read);
        }
    }

    /// Keeps `got` as part of the response head being read; at its blank line (or
    /// [`HEAD_KEEP`] bytes, or the end of the connection) the head is published to the
    /// state and keeping stops.
    fn keep_head(&mut self, got: &[u8]) {
        let Some(h) = self.head.as_mut() else {
            return;
        };
        let from = h.len().saturating_sub(3);
        let take = got.len().min(HEAD_KEEP - h.len());
        h.extend_from_slice(&got[..take]);
        // bytes that cannot start an HTTP/1.x status line (a TLS alert from an https-only
        // port) are published at once: hyper refuses them before any blank line or EOF
        let not_http = !h.is_empty() && !b"HTTP/".starts_with(&h[..h.len().min(5)]);
        let mut blank = memchr::memmem::find(&h[from..], b"\r\n\r\n").map(|i| from + i + 4);
        // An interim head (`103 Early Hints`; not `101`) comes before the final one: its
        // bytes are counted before the response's framing (open45).
        while let Some(end) = blank.filter(|_| !not_http && is_interim(h)) {
            self.interims += 1;
            if self.interims > MAX_INTERIMS {
                // [`INTERIM_FLOOD`]: nothing more is kept; the read fails
                return;
            }
            let rest = h.split_off(end);
            self.heads_len += end as u64;
            let interim = std::mem::replace(h, rest);
            if let Ok(mut g) = self.state.interims.lock() {
                g.push(interim);
                self.state.has_interim.store(true, Ordering::Relaxed);
            }
            blank = memchr::memmem::find(h, b"\r\n\r\n").map(|i| i + 4);
        }
        if let Some(end) = blank.filter(|_| !not_http) {
            self.state
                .head_end
                .store(self.heads_len + end as u64 + 1, Ordering::Relaxed);
        }
        let done = got.is_empty() || not_http || h.len() >= HEAD_KEEP || blank.is_some();
        if done {
            if let Some(h) = self.head.take().filter(|h| !h.is_empty()) {
                if let Ok(mut g) = self.state.head.lock() {
                    *g = h;
                }
            }
        }
    }

    /// The agent closed its end: `n` bytes written now are discarded, or the held-back
    /// error once the answer was read (or too much was discarded).
    fn discard(&mut self, n: usize) -> Poll<io::Result<usize>> {
        let kind = self.broken.unwrap_or(io::ErrorKind::BrokenPipe);
        let before = self.state.discarded.load(Ordering::Relaxed);
        if self.read_done || before >= DISCARD_MAX {
            return Poll::Ready(Err(io::Error::new(
                kind,
                format!("{} (the agent closed the connection)", self.state.cause()),
            )));
        }
        self.state
            .discarded
            .store(before + n as u64, Ordering::Relaxed);
        Poll::Ready(Ok(n))
    }

    /// A write failed with `e`: held back (and the bytes discarded) when the agent closed
    /// or reset its end after accepting part of the request, else passed on.
    fn on_write_error(&mut self, e: io::Error, n: usize) -> Poll<io::Result<usize>> {
        let closed = matches!(
            e.kind(),
            io::ErrorKind::BrokenPipe
                | io::ErrorKind::ConnectionReset
                | io::ErrorKind::ConnectionAborted
        );
        if !closed || self.written == 0 || self.read_done || self.above {
            return Poll::Ready(Err(e));
        }
        self.broken = Some(e.kind());
        if let Ok(mut g) = self.state.cause.lock() {
            *g = Some(e.to_string());
        }
        self.state.accepted.store(self.written, Ordering::Relaxed);
        self.state
            .closed_while_sending
            .store(true, Ordering::Relaxed);
        self.discard(n)
    }
}

impl<T: Read + Unpin> EarlyAnswerIo<T> {
    /// A read of an HTTP/2 connection: straight into the cursor, its frame headers then
    /// read for an interim flood ([`super::h2_frames`]); one fails the read with
    /// [`INTERIM_FLOOD`] (and every read after it).
    fn poll_read_h2(
        &mut self,
        cx: &mut Context<'_>,
        mut buf: ReadBufCursor<'_>,
    ) -> Poll<io::Result<()>> {
        if self.read_done {
            return Poll::Ready(Err(io::Error::new(
                io::ErrorKind::InvalidData,
                INTERIM_FLOOD,
            )));
        }
        // SAFETY: as in `poll_read`: the slice is the cursor's unfilled memory, the inner
        // read initializes the first `n` bytes, and exactly those are marked filled.
        let mut rb = hyper::rt::ReadBuf::uninit(unsafe { buf.as_mut() });
        let polled = Pin::new(&mut self.inner).poll_read(cx, rb.unfilled());
        if let Poll::Ready(Ok(())) = polled {
            let n = rb.filled().len();
            let flooded = self.h2.as_mut().is_some_and(|f| f.flooded(rb.filled()));
            if flooded {
                self.read_done = true;
                return Poll::Ready(Err(io::Error::new(
                    io::ErrorKind::InvalidData,
                    INTERIM_FLOOD,
                )));
            }
            // SAFETY: see above; `n` bytes were initialized by the read.
            unsafe { buf.advance(n) };
        }
        polled
    }
}

impl<T: Read + Unpin> Read for EarlyAnswerIo<T> {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        mut buf: ReadBufCursor<'_>,
    ) -> Poll<io::Result<()>> {
        if self.broken.is_none() && self.head.is_none() {
            if self.h2.is_some() {
                return self.poll_read_h2(cx, buf);
            }
            if !self.heads {
                return Pin::new(&mut self.inner).poll_read(cx, buf);
            }
            // Count what is read after the response head, to see bytes past the response's
            // end (open45, [`EarlyState::excess`]), without a copy: the inner stream reads
            // straight into the cursor's memory, as hyper's own `TokioIo` does.
            let this = &mut *self;
            // SAFETY: the slice is the cursor's unfilled memory; `ReadBuf::uninit` never
            // de-initializes it, the inner read initializes the first `n` bytes (its
            // `filled()`), and exactly those are marked filled with `advance(n)`.
            let mut rb = hyper::rt::ReadBuf::uninit(unsafe { buf.as_mut() });
            let polled = Pin::new(&mut this.inner).poll_read(cx, rb.unfilled());
            if let Poll::Ready(Ok(())) = polled {
                let n = rb.filled().len();
                // SAFETY: see above; `n` bytes were initialized by the read.
                unsafe { buf.advance(n) };
                this.count(n);
            }
            return polled;
        }
        if self.broken.is_none() {
            // A response head is being read: its bytes are kept until its blank line.
            let room = buf.remaining().min(HEAD_READ);
            if room == 0 {
                return Poll::Ready(Ok(()));
            }
            let this = &mut *self;
            if this.scratch.len() < HEAD_READ {
                this.scratch = vec![0u8; HEAD_READ];
            }
            let mut rb = hyper::rt::ReadBuf::new(&mut this.scratch[..room]);
            let polled = Pin::new(&mut this.inner).poll_read(cx, rb.unfilled());
            if let Poll::Ready(Ok(())) = polled {
                let n = rb.filled().len();
                buf.put_slice(&this.scratch[..n]);
                let mut scratch = std::mem::take(&mut this.scratch);
                this.keep_head(&scratch[..n]);
                if this.interims > MAX_INTERIMS {
                    // the head stays unread: a further read fails the same way
                    this.read_done = true;
                    return Poll::Ready(Err(io::Error::new(
                        io::ErrorKind::InvalidData,
                        INTERIM_FLOOD,
                    )));
                }
                this.count(n);
                if this.head.is_some() {
                    // still reading the head: keep the buffer for the next read
                    std::mem::swap(&mut this.scratch, &mut scratch);
                }
            }
            return polled;
        }
        // The rare path after the agent closed: read through a small buffer of its own to
        // see the end of the connection (a read of 0 bytes).
        let room = buf.remaining().min(16 * 1024);
        if room == 0 {
            return Poll::Ready(Ok(()));
        }
        let mut tmp = vec![0u8; room];
        let mut rb = hyper::rt::ReadBuf::new(&mut tmp);
        match Pin::new(&mut self.inner).poll_read(cx, rb.unfilled()) {
            Poll::Ready(Ok(())) => {
                let got = rb.filled();
                if got.is_empty() {
                    self.read_done = true;
                }
                buf.put_slice(got);
                Poll::Ready(Ok(()))
            }
            Poll::Ready(Err(e)) => {
                self.read_done = true;
                Poll::Ready(Err(e))
            }
            Poll::Pending => Poll::Pending,
        }
    }
}

impl<T: Write + Unpin> Write for EarlyAnswerIo<T> {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        if self.broken.is_some() {
            return self.discard(buf.len());
        }
        match Pin::new(&mut self.inner).poll_write(cx, buf) {
            Poll::Ready(Ok(n)) => {
                self.wrote(n);
                Poll::Ready(Ok(n))
            }
            Poll::Ready(Err(e)) => self.on_write_error(e, buf.len()),
            Poll::Pending => Poll::Pending,
        }
    }

    fn poll_write_vectored(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        let total: usize = bufs.iter().map(|b| b.len()).sum();
        if self.broken.is_some() {
            return self.discard(total);
        }
        match Pin::new(&mut self.inner).poll_write_vectored(cx, bufs) {
            Poll::Ready(Ok(n)) => {
                self.wrote(n);
                Poll::Ready(Ok(n))
            }
            Poll::Ready(Err(e)) => self.on_write_error(e, total),
            Poll::Pending => Poll::Pending,
        }
    }

    fn is_write_vectored(&self) -> bool {
        self.inner.is_write_vectored()
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        if self.broken.is_some() {
            return Poll::Ready(Ok(()));
        }
        match Pin::new(&mut self.inner).poll_flush(cx) {
            Poll::Ready(Err(e)) => self.on_write_error(e, 0).map_ok(|_| ()),
            other => other,
        }
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        if self.broken.is_some() {
            return Poll::Ready(Ok(()));
        }
        Pin::new(&mut self.inner).poll_shutdown(cx)
    }
}

impl<T: Connection> Connection for EarlyAnswerIo<T> {
    fn connected(&self) -> Connected {
        self.inner.connected().extra(self.state.clone())
    }
}

impl<T> Drop for EarlyAnswerIo<T> {
    fn drop(&mut self) {
        drop(self.claimed.take());
        // forgotten before the socket closes: a new connection may get its addresses then
        drop(self.kept.take());
        if self.above {
            // the TCP stream below says when the connection is gone (dropped with this one)
            return;
        }
        self.state.gone.store(true, Ordering::Release);
        self.state.gone_notify.notify_waiters();
    }
}

/// `line` for a message: at most 80 characters, bytes outside printable ASCII as `\xNN`.
fn shown(line: &[u8]) -> String {
    let mut out = String::new();
    for &b in line.iter().take(80) {
        if (0x20..0x7f).contains(&b) {
            out.push(b as char);
        } else {
            out.push_str(&format!("\\x{b:02X}"));
        }
    }
    if line.len() > 80 {
        out.push_str("...");
    }
    out
}

/// What is wrong with an HTTP/1.1 response `head` (its bytes as read, up to the blank line)
/// that hyper refused to parse, in plain words naming the line and byte and the rule:
/// obs-fold (RFC 9112 §5.2), a bad status line (RFC 9112 §4), a field line without a colon
/// or with whitespace before it (RFC 9112 §5.1), a field name that is not a token (RFC 9110
/// §5.1, §5.6.2), a field value holding NUL, CR or another control byte (RFC 9110 §5.5).
/// `None` when none of these is found (an incomplete or too-large head).
pub fn head_fault(head: &[u8]) -> Option<String> {
    let end = memchr::memmem::find(head, b"\r\n\r\n").map_or(head.len(), |e| e + 2);
    let mut lines = head[..end].split(|&b| b == b'\n').map(|l| match l {
        [rest @ .., b'\r'] => rest,
        l => l,
    });
    // A TLS record (content type 21 alert or 22 handshake, then version 3.x; RFC 8446
    // §5.1): the agent speaks TLS on that port and answered the plain request with an alert.
    if let [0x15 | 0x16, 0x03, ..] = head {
        return Some(format!(
            "it answered with TLS record bytes (`{}`: a TLS {}), not HTTP: the agent speaks TLS (https) on that port, not plain HTTP (RFC 8446 §5.1); use an https:// URL for it",
            shown(&head[..head.len().min(7)]),
            if head[0] == 0x15 { "alert" } else { "handshake" }
        ));
    }
    let status = lines.next()?;
    let ok_status = status.len() >= 12
        && status.starts_with(b"HTTP/1.")
        && status[7].is_ascii_digit()
        && status[8] == b' '
        && status[9..12].iter().all(u8::is_ascii_digit)
        && status.get(12).is_none_or(|&b| b == b' ');
    if !ok_status {
        return Some(format!(
            "its status line `{}` is not `HTTP/1.1 <3-digit status> <reason>` (RFC 9112 §4)",
            shown(status)
        ));
    }
    let mut prev_name = String::new();
    // RFC 9112 §6.1: no Transfer-Encoding in an HTTP/1.0 message (breaker44 http10-chunked)
    let http10 = status.starts_with(b"HTTP/1.0");
    for (i, line) in lines.enumerate() {
        let n = i + 2;
        if line.is_empty() {
            break;
        }
        if http10
            && line
                .get(..18)
                .is_some_and(|l| l.eq_ignore_ascii_case(b"transfer-encoding:"))
        {
            return Some(format!(
                "line {n} `{}` puts a transfer coding on an HTTP/1.0 response, which a server must not send (RFC 9112 §6.1: Transfer-Encoding only answers an HTTP/1.1 request; a recipient treats such framing as faulty); the proxy does not forward it (a 502): answer HTTP/1.1, or frame the HTTP/1.0 body by Content-Length or by closing the connection",
                shown(line)
            ));
        }
        if line[0] == b' ' || line[0] == b'\t' {
            return Some(format!(
                "line {n} `{}` starts with whitespace: an obsolete folded header line (obs-fold) continuing `{prev_name}`, which a server must not send (RFC 9112 §5.2); the proxy does not forward it (a 502, as §5.2 allows): make the agent write each header field on one line",
                shown(line)
            ));
        }
        let Some(colon) = line.iter().position(|&b| b == b':') else {
            return Some(format!(
                "line {n} `{}` is no header field: it has no colon (RFC 9112 §5.1: `name: value`)",
                shown(line)
            ));
        };
        let name = &line[..colon];
        prev_name = String::from_utf8_lossy(name).into_owned();
        if name.last().is_some_and(|b| *b == b' ' || *b == b'\t') {
            return Some(format!(
                "line {n} `{}` has whitespace between the field name and the colon, which RFC 9112 §5.1 forbids: write `{}:`",
                shown(line),
                shown(name.trim_ascii_end())
            ));
        }
        let tchar = |b: u8| b.is_ascii_alphanumeric() || b"!#$%&'*+-.^_`|~".contains(&b);
        if let Some(&bad) = name.iter().find(|&&b| !tchar(b)) {
            return Some(format!(
                "line {n}: the field name `{}` holds byte 0x{bad:02X}, not allowed in a field name (RFC 9110 §5.1: a token)",
                shown(name)
            ));
        }
        if name.is_empty() {
            return Some(format!(
                "line {n} `{}` has an empty field name (RFC 9110 §5.1)",
                shown(line)
            ));
        }
        let value = &line[colon + 1..];
        if let Some(&bad) = value
            .iter()
            .find(|&&b| (b < 0x20 && b != b'\t') || b == 0x7f)
        {
            return Some(format!(
                "line {n}: the value of `{}` holds control byte 0x{bad:02X}, not allowed in a field value (RFC 9110 §5.5)",
                shown(name)
            ));
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::head_fault;

    /// RFC 9112 §6.1: Transfer-Encoding on an HTTP/1.0 response is named as such (hyper
    /// refuses it as "unexpected transfer-encoding parsed"; the proxy's 502 said the head
    /// broke the HTTP/1.1 syntax, breaker44 http10-chunked); the same field on HTTP/1.1, or
    /// an HTTP/1.0 head framed by Content-Length, is no fault.
    #[test]
    fn transfer_encoding_on_http_1_0_is_named() {
        let f = head_fault(
            b"HTTP/1.0 200 OK\r\nContent-Type: text/event-stream\r\ntransfer-encoding: chunked\r\n\r\n",
        )
        .unwrap();
        assert!(
            f.starts_with("line 3 `transfer-encoding: chunked` puts a transfer coding on an HTTP/1.0 response")
                && f.contains("RFC 9112 §6.1"),
            "{f}"
        );
        assert_eq!(
            head_fault(b"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n"),
            None
        );
        assert_eq!(
            head_fault(b"HTTP/1.0 200 OK\r\nContent-Length: 2\r\nConnection: keep-alive\r\n\r\n"),
            None
        );
    }
}

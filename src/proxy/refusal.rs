//! Requests the proxy's own HTTP server refuses before they reach [`super::handle`], and the
//! time limit on a request head (breaker18b X6, X7, X14).
//!
//! hyper's HTTP/1.1 server answers a request head it cannot parse itself (400, 414, 431)
//! and ends the connection with a parse error; it closes a connection whose request head
//! is not complete within [`HEAD_TIMEOUT`]; the `h2` server closes a connection with
//! GOAWAY on a protocol error of the client's. None of these reaches the proxy's handler,
//! so nothing but `conn_open` would be recorded: [`refusal_of`] reads the connection's
//! error and [`record`] writes one `request_refused` event (HTTP-FRAME-003) and one
//! warning line on stderr naming the client.
//!
//! ```text
//! client ──bytes──► HeadWatch (notes: request bytes since the last answer?) ──► hyper
//!                                          │ connection error
//!                                          ▼
//!                         refusal_of(error) ──► request_refused{conn, status, error}
//! ```

use std::future::Future;
use std::io;
use std::pin::Pin;
use std::sync::atomic::{AtomicBool, AtomicU16, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll};
use std::time::{Duration, Instant};

use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};

use super::State;
use crate::record::EventKind;

/// Longest time the proxy waits for a client's complete request head, from the moment it
/// starts reading one (30 s, hyper's own default once a timer is set). Then the connection
/// is closed (RFC 9112 §9.5; RFC 9110 §15.5.9 names the condition). It bounds a slowloris
/// client (a partial head, then silence), and also ends an HTTP/1.1 keep-alive connection
/// idle between requests for this long, which RFC 9112 §9.5 allows at any time (an idle close
/// is not recorded as a refusal). It is not a limit on a request or response body: an A2A
/// stream may be silent for minutes. The same limit applies to the first bytes of a plain
/// connection and to a client's TLS handshake.
pub const HEAD_TIMEOUT: Duration = Duration::from_secs(30);

/// A client connection's IO that notes whether request bytes arrived since the proxy last
/// wrote to the client: at a head time-out, `true` means a partial request head (a
/// refusal), `false` an idle keep-alive connection (nothing to record). It also notes the
/// client's EOF ([`HeadWatch::eof`]) and hands the first one on one wake-up late, so that the
/// request read with it reaches the proxy's handler. One relaxed atomic store per read or
/// write call.
///
/// It also gives hyper's own answer to a request head it cannot parse (400, 414, 431 with
/// an empty body) a short `text/plain` body saying what was wrong ([`refusal_text`]; ux34:
/// the client saw a bare 400). That answer is told apart from a forwarded one by
/// [`HeadWatch::handled`]: the service counts the requests it was handed, and hyper writes
/// its own answer when no request reached the service since the proxy's last write, in its
/// own form ([`own_refusal`]: its fields alone, in its order and case; the proxy forwards an
/// agent's fields first, in the agent's case). The status it answered is kept for the
/// recording ([`HeadWatch::answered`]).
pub struct HeadWatch<IO> {
    inner: IO,
    fresh: Arc<AtomicBool>,
    eof: Arc<AtomicBool>,
    /// Requests the connection's service was handed (it adds 1 for each).
    handled: Arc<AtomicU64>,
    /// [`Self::handled`] at the last write.
    seen: u64,
    /// hyper's own refusal being written with a body: the bytes, how many went out, and
    /// the length of hyper's buffer (reported written once all went out).
    swap: Option<(Vec<u8>, usize, usize)>,
    /// The status of hyper's own refusal given a body (0: none).
    answered: Arc<AtomicU16>,
}

impl<IO> HeadWatch<IO> {
    /// Wraps `inner`; the returned flag is `true` while request bytes arrived after the
    /// proxy's last write to the client.
    pub fn new(inner: IO) -> (Self, Arc<AtomicBool>) {
        let fresh = Arc::new(AtomicBool::new(false));
        (
            HeadWatch {
                inner,
                fresh: fresh.clone(),
                eof: Arc::new(AtomicBool::new(false)),
                handled: Arc::new(AtomicU64::new(0)),
                seen: 0,
                swap: None,
                answered: Arc::new(AtomicU16::new(0)),
            },
            fresh,
        )
    }

    /// A flag set once a read from the client returned end of file (the client closed the
    /// connection, or only shut its sending side, `shutdown(SHUT_WR)`, RFC 9112 §9.6): the
    /// exchange a client's EOF ends says so ([`super::tee::ExchangeCtx::watch_client_eof`]).
    /// The first EOF reaches hyper one wake-up late (see `poll_read`).
    pub fn eof(&self) -> Arc<AtomicBool> {
        self.eof.clone()
    }

    /// The count the connection's service adds 1 to for each request it is handed (one
    /// relaxed atomic add per request): a write with no request handed since the last one,
    /// after request bytes arrived, is hyper's own answer.
    pub fn handled(&self) -> Arc<AtomicU64> {
        self.handled.clone()
    }

    /// The status (400, 414, 431) of hyper's own refusal that was given a `text/plain`
    /// body ([`refusal_text`]), 0 while none was: read when the connection ends, for the
    /// recording.
    pub fn answered(&self) -> Arc<AtomicU16> {
        self.answered.clone()
    }
}

/// What the proxy tells a client whose request head its HTTP/1.1 server refused, by the
/// status hyper answered (RFC 9112 §2.2, §3; RFC 9110 §15.5.15; RFC 6585 §5): the body of
/// that answer (after `a2a-interop proxy: `) and the recorded refusal's words. `None` for
/// another status.
pub fn refusal_text(status: u16) -> Option<&'static str> {
    match status {
        400 => Some("the request is not valid HTTP/1.1 (its request line or a header field cannot be parsed, RFC 9112), so it was not forwarded to the agent"),
        414 => Some("the request target (URL) is longer than the proxy reads (RFC 9112 §3), so it was not forwarded to the agent"),
        // hyper says "message head is too large" for both of its limits: more fields than
        // it parses, or more bytes than it buffers (breaker42 many-headers: 120 short fields,
        // 2 KiB in all, were told as a section too large, and the agent behind took them);
        // a request line past the bytes it buffers is told so too (attack60: a 500 KB URL
        // got 431, not 414, and was told as a header section)
        431 => Some("the request's head (its request line and header section) is larger than the proxy reads: more than 100 header fields, or more than 417792 bytes (RFC 6585 §5), so it was not forwarded to the agent"),
        _ => None,
    }
}

/// The status of `buf` when it is hyper's own answer to a request head it could not parse,
/// byte for byte as hyper writes it: `HTTP/1.1 400 Bad Request` (or 414, 431), then its
/// own fields into an empty header map, `connection: close`, `content-length: 0` and an
/// IMF-fixdate `date` (29 bytes), and no body. An agent's answer the proxy forwards keeps
/// the agent's fields first, in the agent's case.
fn own_refusal(buf: &[u8]) -> Option<u16> {
    const FIELDS: &[u8] = b"connection: close\r\ncontent-length: 0\r\ndate: ";
    let (status, rest) = [
        (&b"HTTP/1.1 400 Bad Request\r\n"[..], 400),
        (&b"HTTP/1.1 414 URI Too Long\r\n"[..], 414),
        (
            &b"HTTP/1.1 431 Request Header Fields Too Large\r\n"[..],
            431,
        ),
    ]
    .into_iter()
    .find_map(|(line, s)| buf.strip_prefix(line).map(|rest| (s, rest)))?;
    let date = rest.strip_prefix(FIELDS)?.strip_suffix(b"\r\n\r\n")?;
    (date.len() == 29 && !date.contains(&b'\r')).then_some(status)
}

/// hyper's own `Content-Length` field of an empty answer.
const CL0: &[u8] = b"\r\ncontent-length: 0\r\n";

/// `head` (hyper's own refusal, [`own_refusal`]) with a `text/plain` body of `text`.
fn with_body(head: &[u8], text: &str) -> Vec<u8> {
    let body = format!("a2a-interop proxy: {text}\n");
    let at = head
        .windows(CL0.len())
        .position(|w| w == CL0)
        .unwrap_or(head.len().saturating_sub(2));
    let mut out = Vec::with_capacity(head.len() + body.len() + 64);
    out.extend_from_slice(&head[..at]);
    out.extend_from_slice(
        format!(
            "\r\ncontent-type: text/plain; charset=utf-8\r\ncontent-length: {}\r\n",
            body.len()
        )
        .as_bytes(),
    );
    out.extend_from_slice(&head[(at + CL0.len()).min(head.len())..]);
    out.extend_from_slice(body.as_bytes());
    out
}

impl<IO: AsyncWrite + Unpin> HeadWatch<IO> {
    /// Writes `buf` as hyper asked, unless it is hyper's own refusal of a head it could
    /// not parse (no request handed to the service since the last write, and hyper's own
    /// bytes, [`own_refusal`]): then that answer with a body ([`with_body`]), all of it,
    /// before `buf`'s length is reported written.
    fn write_checked(&mut self, cx: &mut Context<'_>, buf: &[u8]) -> Poll<io::Result<usize>> {
        if self.swap.is_none() {
            // a request handed to the service since the last write: this is its answer
            let handled = self.handled.load(Ordering::Relaxed);
            let own = handled == self.seen;
            self.seen = handled;
            if let Some((status, text)) = own
                .then(|| own_refusal(buf))
                .flatten()
                .and_then(|s| refusal_text(s).map(|t| (s, t)))
            {
                self.swap = Some((with_body(buf, text), 0, buf.len()));
                self.answered.store(status, Ordering::Relaxed);
            } else {
                return Pin::new(&mut self.inner).poll_write(cx, buf);
            }
        }
        loop {
            let Some((bytes, done, len)) = self.swap.as_mut() else {
                return Poll::Ready(Ok(buf.len()));
            };
            if *done >= bytes.len() {
                let len = *len;
                self.swap = None;
                return Poll::Ready(Ok(len));
            }
            match Pin::new(&mut self.inner).poll_write(cx, &bytes[*done..]) {
                Poll::Ready(Ok(0)) => {
                    self.swap = None;
                    return Poll::Ready(Err(io::ErrorKind::WriteZero.into()));
                }
                Poll::Ready(Ok(n)) => {
                    if let Some(s) = self.swap.as_mut() {
                        s.1 += n;
                    }
                }
                Poll::Ready(Err(e)) => {
                    self.swap = None;
                    return Poll::Ready(Err(e));
                }
                Poll::Pending => return Poll::Pending,
            }
        }
    }
}

impl<IO: AsyncRead + Unpin> AsyncRead for HeadWatch<IO> {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        let before = buf.filled().len();
        let room = buf.remaining() > 0;
        let r = Pin::new(&mut self.inner).poll_read(cx, buf);
        if matches!(r, Poll::Ready(Ok(()))) {
            if buf.filled().len() > before {
                self.fresh.store(true, Ordering::Relaxed);
            } else if room && !self.eof.swap(true, Ordering::Relaxed) {
                // Nothing read into a buffer with room: end of file. The first time, it is
                // held back for one wake-up: when a request's head, body and EOF arrive
                // together, hyper's HTTP/1.1 server (without half-close) reads them in one go
                // and ends the connection on the EOF before it polled the request's handler
                // once, and the request would not be recorded at all (proxy20 P1). Its next
                // turn polls the handler first (which records the request head and, when
                // dropped, the body); the EOF, sticky, is read on the turn after.
                cx.waker().wake_by_ref();
                return Poll::Pending;
            }
        }
        r
    }
}

impl<IO: AsyncWrite + Unpin> AsyncWrite for HeadWatch<IO> {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        let r = self.write_checked(cx, buf);
        if matches!(r, Poll::Ready(Ok(n)) if n > 0) {
            self.fresh.store(false, Ordering::Relaxed);
        }
        r
    }

    fn poll_write_vectored(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        // hyper's own refusal is one buffer (a head, no body): checked as one write
        let mut filled = bufs.iter().filter(|b| !b.is_empty());
        if let (Some(only), None) = (filled.next(), filled.next()) {
            if self.swap.is_some() || only.starts_with(b"HTTP/1.1 4") {
                let r = self.write_checked(cx, only);
                if matches!(r, Poll::Ready(Ok(n)) if n > 0) {
                    self.fresh.store(false, Ordering::Relaxed);
                }
                return r;
            }
        }
        self.seen = self.handled.load(Ordering::Relaxed);
        let r = Pin::new(&mut self.inner).poll_write_vectored(cx, bufs);
        if matches!(r, Poll::Ready(Ok(n)) if n > 0) {
            self.fresh.store(false, Ordering::Relaxed);
        }
        r
    }

    fn is_write_vectored(&self) -> bool {
        self.inner.is_write_vectored()
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.inner).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.inner).poll_shutdown(cx)
    }
}

/// hyper's [`Timer`](hyper::rt::Timer) for the request-head time limit ([`HEAD_TIMEOUT`])
/// of one HTTP/1.1 client connection: the limit as hyper's own timer applies it, at a fraction
/// of its cost per request.
///
/// hyper starts a new sleep for every request head it waits for and drops it once the head
/// is parsed: with tokio's timer each one registers a timer entry in tokio's timer wheel and
/// removes it again (a lock of the time driver each way), for every request of a keep-alive
/// connection. Here the connection keeps one tokio sleep: each head's sleep
/// ([`HeadSleep`]) waits on it, and when it fires for an earlier head's deadline, it is moved
/// on to the current one (one re-registration per [`HEAD_TIMEOUT`], not one per request).
/// It fires at each head's own deadline, so hyper's error and the proxy's refusal record are
/// what they were with tokio's timer. One timer per connection: it must not be shared, as the
/// sleep wakes only the task that polled it last.
#[derive(Clone, Default)]
pub struct HeadTimer {
    shared: Arc<Mutex<Option<Pin<Box<tokio::time::Sleep>>>>>,
}

impl hyper::rt::Timer for HeadTimer {
    fn sleep(&self, duration: Duration) -> Pin<Box<dyn hyper::rt::Sleep>> {
        self.sleep_until(Instant::now() + duration)
    }

    fn sleep_until(&self, deadline: Instant) -> Pin<Box<dyn hyper::rt::Sleep>> {
        Box::pin(HeadSleep {
            deadline: tokio::time::Instant::from_std(deadline),
            shared: self.shared.clone(),
        })
    }
}

/// One request head's deadline on its connection's [`HeadTimer`].
struct HeadSleep {
    deadline: tokio::time::Instant,
    shared: Arc<Mutex<Option<Pin<Box<tokio::time::Sleep>>>>>,
}

impl Future for HeadSleep {
    type Output = ();

    fn poll(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<()> {
        let deadline = self.deadline;
        // only this connection's task locks it; a poisoned lock still holds a valid sleep
        let mut slot = self.shared.lock().unwrap_or_else(|e| e.into_inner());
        let sleep = slot.get_or_insert_with(|| Box::pin(tokio::time::sleep_until(deadline)));
        if sleep.deadline() > deadline {
            sleep.as_mut().reset(deadline);
        }
        loop {
            match sleep.as_mut().poll(cx) {
                Poll::Pending => return Poll::Pending,
                Poll::Ready(()) if sleep.deadline() >= deadline => return Poll::Ready(()),
                // fired for an earlier head: on to this one's deadline
                Poll::Ready(()) => sleep.as_mut().reset(deadline),
            }
        }
    }
}

impl hyper::rt::Sleep for HeadSleep {}

/// What a client connection's error says the proxy's server refused, as `(status, why)`:
/// `status` is the answer hyper's HTTP/1.1 server sent itself (400, 414, 431; `None` when it
/// closed without one), `why` one lowercase line. `None` for an error that is no refusal
/// (the client reset or closed the connection, a write failed, an idle keep-alive
/// connection timed out: `partial_head` is `false`).
///
/// - HTTP/1.x parse error (RFC 9112 §2.2, §3, §5; RFC 9110 §5.5): `invalid request head:
///   invalid HTTP header parsed` with 400, `message head is too large` with 431.
/// - Head time limit ([`HEAD_TIMEOUT`]) with request bytes received: no status.
/// - HTTP/2: a GOAWAY the proxy's `h2` server sent on the client's protocol error (RFC 9113
///   §5.4.1), e.g. a field name with upper-case letters (§8.2.1), which the `h2` crate
///   treats as a connection error (RFC 9113 §8.1.1 asks for a stream error; not settable).
pub fn refusal_of(
    e: &(dyn std::error::Error + 'static),
    partial_head: bool,
) -> Option<(Option<u16>, String)> {
    let mut cur = Some(e);
    while let Some(c) = cur {
        if let Some(h) = c.downcast_ref::<hyper::Error>() {
            if h.is_timeout() {
                return partial_head.then(|| {
                    (
                        None,
                        format!(
                            "request head not complete within {} s: connection closed",
                            HEAD_TIMEOUT.as_secs()
                        ),
                    )
                });
            }
            if h.is_parse() {
                let what = h.to_string();
                let status = if h.is_parse_too_large() {
                    if what.to_ascii_lowercase().contains("uri") {
                        414
                    } else {
                        431
                    }
                } else {
                    400
                };
                return Some((Some(status), format!("invalid request head: {what}")));
            }
        }
        if let Some(h) = c.downcast_ref::<h2::Error>() {
            if h.is_go_away()
                && !h.is_remote()
                && !h.is_io()
                && h.reason() != Some(h2::Reason::NO_ERROR)
            {
                let reason = h.reason().map(|r| format!("{r:?}")).unwrap_or_default();
                return Some((
                    None,
                    format!("HTTP/2 connection closed with GOAWAY({reason}) on the client's protocol error: {h}"),
                ));
            }
            return None;
        }
        cur = c.source();
    }
    None
}

/// The stderr line of a refusal that no finding line says (`-q`, or no verifier), e.g.
/// `a2a-interop proxy: WARNING: refused a request of client 127.0.0.1:5555 (connection 3,
/// answered 400): invalid request head: ...` (HTTP-FRAME-003). `status`: the HTTP status the
/// proxy's server answered, `None` when it closed the connection without one.
/// A connection closed by the rapid-reset check ([`super::rapid_reset`]) is no refused
/// request (its streams were forwarded): `closed the HTTP/2 connection of client ...`.
pub(crate) fn warning_line(peer: &str, conn: u64, status: Option<u16>, error: &str) -> String {
    let answered = status
        .map(|s| format!(", answered {s}"))
        .unwrap_or_default();
    let what = if error.starts_with(crate::record::event::RAPID_RESET_REFUSAL_HEAD) {
        "closed the HTTP/2 connection of"
    } else {
        "refused a request of"
    };
    format!(
        "a2a-interop proxy: WARNING: {what} client {peer} (connection {conn}{answered}): {error}"
    )
}

/// Records a refusal of client connection `conn` from `peer` (`request_refused`, when the
/// proxy records) and prints one warning line naming the client and the reason.
///
/// When the pipeline prints every finding live ([`super::ProxyExtras::findings_printed`]),
/// the HTTP-FRAME-003 line it prints is that one line and the warning goes to the debug log
/// (newcomer19 N11: two lines per refusal).
pub(super) fn record(st: &State, conn: u64, peer: &str, status: Option<u16>, error: String) {
    if st.findings_printed && st.sink.is_some() {
        tracing::debug!(client = %peer, conn, ?status, "refused a request: {error}");
    } else {
        // one of the proxy's own lines (docs/usage.md "Messages on stderr"), not a tracing
        // line: `-q` printed `2026-...Z WARN a2a_interop::proxy::refusal: ...` (ux40b)
        crate::errln!("{}", warning_line(peer, conn, status, &error));
    }
    if let Some(sink) = &st.sink {
        sink.try_send(
            None,
            st.leg.clone(),
            EventKind::RequestRefused {
                conn: Some(conn),
                status,
                error,
            },
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tokio::io::{AsyncReadExt, AsyncWriteExt};

    /// attack56 left it: the rapid-reset check's close read "refused a request of client".
    #[test]
    fn a_rapid_reset_close_is_told_as_a_closed_connection() {
        let reset = crate::proxy::rapid_reset::refusal_text(480, 500);
        let line = warning_line("127.0.0.1:5555", 3, None, &reset);
        assert!(
            line.starts_with(
                "a2a-interop proxy: WARNING: closed the HTTP/2 connection of client 127.0.0.1:5555 (connection 3): HTTP/2 connection closed"
            ),
            "{line}"
        );
        let bad = warning_line("127.0.0.1:5555", 4, Some(400), "invalid request head: x");
        assert!(
            bad.starts_with(
                "a2a-interop proxy: WARNING: refused a request of client 127.0.0.1:5555 (connection 4, answered 400)"
            ),
            "{bad}"
        );
    }

    const OWN: &[u8] = b"HTTP/1.1 400 Bad Request\r\nconnection: close\r\ncontent-length: 0\r\ndate: Sat, 05 Dec 2026 00:25:22 GMT\r\n\r\n";

    /// The 431 text names both limits hyper refuses a head for, with the proxy's values
    /// (breaker42: a head of 120 short fields read as one too large in bytes).
    #[test]
    fn the_431_text_names_both_head_limits() {
        let t = refusal_text(431).unwrap_or_default();
        assert!(
            t.contains(&format!(
                "more than {} header fields",
                super::super::MAX_HEADER_FIELDS
            )),
            "{t}"
        );
        assert!(
            t.contains(&format!("more than {} bytes", super::super::MAX_HEAD_BYTES)),
            "{t}"
        );
    }

    /// hyper's own refusal, byte for byte, is told apart from an agent's answer of the same
    /// status: fields in the agent's case or order, another field, a body.
    #[test]
    fn own_refusal_is_hypers_bytes_only() {
        assert_eq!(own_refusal(OWN), Some(400));
        let uri = String::from_utf8_lossy(OWN).replace("400 Bad Request", "414 URI Too Long");
        assert_eq!(own_refusal(uri.as_bytes()), Some(414));
        for other in [
            "HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\nDate: Sat, 05 Dec 2026 00:25:22 GMT\r\n\r\n",
            "HTTP/1.1 400 Bad Request\r\ncontent-length: 0\r\ndate: Sat, 05 Dec 2026 00:25:22 GMT\r\nconnection: close\r\n\r\n",
            "HTTP/1.1 400 Bad Request\r\nconnection: close\r\ncontent-length: 0\r\ndate: Sat, 05 Dec 2026 00:25:22 GMT\r\nserver: x\r\n\r\n",
            "HTTP/1.1 404 Not Found\r\nconnection: close\r\ncontent-length: 0\r\ndate: Sat, 05 Dec 2026 00:25:22 GMT\r\n\r\n",
            "HTTP/1.1 400 Bad Request\r\nconnection: close\r\ncontent-length: 0\r\ndate: Sat, 05 Dec 2026 00:25:22 GMT\r\n\r\nx",
        ] {
            assert_eq!(own_refusal(other.as_bytes()), None, "{other}");
        }
    }

    /// The refusal gets a text/plain body and a Content-Length that counts it; the other
    /// fields stay as hyper wrote them.
    #[test]
    fn with_body_frames_the_text() {
        let out = String::from_utf8(with_body(OWN, "what was wrong")).unwrap();
        assert_eq!(
            out,
            "HTTP/1.1 400 Bad Request\r\nconnection: close\r\ncontent-type: text/plain; charset=utf-8\r\ncontent-length: 34\r\ndate: Sat, 05 Dec 2026 00:25:22 GMT\r\n\r\na2a-interop proxy: what was wrong\n"
        );
        assert_eq!("a2a-interop proxy: what was wrong\n".len(), 34);
    }

    /// Through the IO: a write with no request handed since the last one that is hyper's
    /// refusal goes out with its body, and is reported as hyper's length; once a request is
    /// handed, the same bytes (an agent's answer) go out as they are.
    #[tokio::test]
    async fn head_watch_gives_hypers_refusal_a_body_and_leaves_answers_alone() {
        let (a, mut b) = tokio::io::duplex(4096);
        let (mut w, _fresh) = HeadWatch::new(a);
        let handled = w.handled();
        let answered = w.answered();
        let n = futures_write(&mut w, OWN).await;
        assert_eq!(n, OWN.len());
        assert_eq!(answered.load(Ordering::Relaxed), 400);
        handled.fetch_add(1, Ordering::Relaxed);
        assert_eq!(futures_write(&mut w, OWN).await, OWN.len());
        drop(w);
        let mut got = Vec::new();
        b.read_to_end(&mut got).await.unwrap();
        let got = String::from_utf8(got).unwrap();
        let first = String::from_utf8(with_body(OWN, refusal_text(400).unwrap())).unwrap();
        assert_eq!(got, format!("{first}{}", String::from_utf8_lossy(OWN)));
    }

    /// One `poll_write` call's result, as hyper makes it.
    async fn futures_write<W: AsyncWrite + Unpin>(w: &mut W, buf: &[u8]) -> usize {
        std::future::poll_fn(|cx| Pin::new(&mut *w).poll_write(cx, buf))
            .await
            .unwrap()
    }

    #[tokio::test]
    async fn head_watch_is_fresh_after_a_read_and_not_after_a_write() {
        let (a, mut b) = tokio::io::duplex(64);
        let (mut w, fresh) = HeadWatch::new(a);
        assert!(!fresh.load(Ordering::Relaxed));
        b.write_all(b"POST / HT").await.unwrap();
        let mut buf = [0u8; 16];
        let n = w.read(&mut buf).await.unwrap();
        assert_eq!(&buf[..n], b"POST / HT");
        assert!(fresh.load(Ordering::Relaxed));
        w.write_all(b"HTTP/1.1 200 OK\r\n").await.unwrap();
        assert!(!fresh.load(Ordering::Relaxed));
    }

    /// EOF is noted only when a read with room returns nothing (the client shut its
    /// sending side), not after a read of bytes.
    #[tokio::test]
    async fn head_watch_notes_the_clients_eof() {
        let (a, mut b) = tokio::io::duplex(64);
        let (mut w, _fresh) = HeadWatch::new(a);
        let eof = w.eof();
        b.write_all(b"POST / HTTP/1.1\r\n").await.unwrap();
        let mut buf = [0u8; 64];
        let n = w.read(&mut buf).await.unwrap();
        assert_eq!(n, 17);
        assert!(!eof.load(Ordering::Relaxed));
        b.shutdown().await.unwrap();
        // the first EOF is held back one wake-up (the task is woken at once)
        let mut rb = ReadBuf::new(&mut buf);
        let waker = std::task::Waker::noop();
        let r = Pin::new(&mut w).poll_read(&mut Context::from_waker(waker), &mut rb);
        assert!(r.is_pending());
        assert!(eof.load(Ordering::Relaxed));
        assert_eq!(w.read(&mut buf).await.unwrap(), 0);
        assert_eq!(w.read(&mut buf).await.unwrap(), 0);
    }

    /// Each head's sleep fires at its own deadline, not at an earlier head's, and not
    /// before it; the one tokio sleep is moved on when it fired for an earlier deadline.
    #[tokio::test]
    async fn head_timer_fires_at_each_heads_own_deadline() {
        use hyper::rt::Timer as _;
        let timer = HeadTimer::default();
        let start = Instant::now();
        let ms = |n: u64| Duration::from_millis(n);
        // a first head, parsed in time: its sleep is polled once, then dropped
        let mut first = timer.sleep_until(start + ms(150));
        assert!(first
            .as_mut()
            .poll(&mut Context::from_waker(std::task::Waker::noop()))
            .is_pending());
        drop(first);
        // the next head's deadline is later: the earlier one must not end it
        tokio::time::sleep(ms(50)).await;
        let second = timer.sleep_until(Instant::now() + ms(300));
        let due = Instant::now() + ms(300);
        second.await;
        let now = Instant::now();
        assert!(now >= due, "fired {:?} early", due - now);
        assert!(now < due + ms(1000), "fired {:?} late", now - due);
        // after it fired, a new head waits its whole time again
        let third_due = Instant::now() + ms(100);
        timer.sleep_until(third_due).await;
        assert!(Instant::now() >= third_due);
        // an earlier deadline than the kept sleep's is honoured too
        let mut far = timer.sleep_until(Instant::now() + ms(5_000));
        assert!(far
            .as_mut()
            .poll(&mut Context::from_waker(std::task::Waker::noop()))
            .is_pending());
        let near_due = Instant::now() + ms(50);
        let t = HeadTimer {
            shared: timer.shared.clone(),
        };
        t.sleep_until(near_due).await;
        let now = Instant::now();
        assert!(now >= near_due && now < near_due + ms(1000));
    }
}

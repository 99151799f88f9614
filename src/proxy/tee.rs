/*!
`TeeBody`: the transparent body wrapper that records while it forwards, and the
per-exchange state that guarantees exactly one `exchange_end`.

```text
 upstream body ──poll_frame──► TeeBody ──frame (unchanged, at once)──► client
                                  │ data:     request_body / response_chunk (Bytes clone)
                                  │ trailers: kept for exchange_end.trailers
                                  │ end:      exchange_end{complete}        (response side)
                                  │ error:    exchange_end{upstream_abort}  (response side)
                                  └ Drop before the end: exchange_end{client_abort}
```

The exchange ends when both directions are done: an agent may answer before it has read
the whole request body (an early 401), and the rest of the body may still cross after the
response ended. The response side's end is then kept pending until the request body ends,
fails or is dropped, so every `request_body` event comes before the one `exchange_end`,
`request_bytes` counts every forwarded byte, and the recorder's redactor sees the whole body
of the exchange (docs/recording-format.md, "Ordering guarantees").

Nothing is buffered: every frame is returned from `poll_frame` as soon as the inner body
yields it. Recording is a `try_send` of a refcounted clone; when the recorder queue is full
the event is dropped and the exchange marked `truncated` (with `--lossless` the tee waits
for room before reading the next frame instead). Past the capture cap (bytes per exchange
and direction) frames are forwarded but no longer recorded.
*/

use std::collections::HashMap;
use std::future::Future;
use std::hash::BuildHasherDefault;
use std::pin::Pin;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, Weak};
use std::task::{ready, Context, Poll};

use bytes::Bytes;
use http_body::{Body as HttpBody, Frame, SizeHint};

use crate::record::writer::EventSink;
use crate::record::{Body, EventKind, ExchangeId, Headers, Outcome};

/// Boxed error used on every body the proxy forwards.
pub type BoxError = Box<dyn std::error::Error + Send + Sync>;

/// The exchanges of one proxy whose `exchange_end` is not sent yet, so that the proxy's
/// shutdown ends each one before the recording closes (an HTTP/2 stream's handler runs in
/// its own task, which can outlive its connection's task by a moment; a request body piped
/// to an agent that stopped reading can outlive it for good). Cost per exchange: one
/// uncontended mutex and a map insert and remove.
#[derive(Default)]
pub struct LiveExchanges {
    /// Set when the shutdown grace ran out: exchanges ended from then on end `open`.
    shutting_down: AtomicBool,
    next: AtomicU64,
    open:
        Mutex<HashMap<u64, Weak<ExchangeCtx>, BuildHasherDefault<crate::record::redact::IdHasher>>>,
    /// Wakes [`Self::wait_idle`] when the last open exchange ends.
    idle: tokio::sync::Notify,
}

impl LiveExchanges {
    /// An empty set, shared by every exchange of one proxy.
    pub fn new() -> Arc<LiveExchanges> {
        Arc::new(LiveExchanges::default())
    }

    /// From now on an exchange that ends by being dropped ends `open` ("proxy shut down
    /// with the exchange open"), not `client_abort`.
    pub fn set_shutting_down(&self) {
        self.shutting_down.store(true, Ordering::Relaxed);
    }

    /// How many exchanges have not sent their `exchange_end`.
    pub fn open_count(&self) -> usize {
        self.open.lock().map(|g| g.len()).unwrap_or(0)
    }

    /// Waits until every exchange has sent its `exchange_end`, at most `limit`; `true` when
    /// none is open.
    pub async fn wait_idle(&self, limit: std::time::Duration) -> bool {
        let deadline = tokio::time::Instant::now() + limit;
        loop {
            let notified = self.idle.notified();
            tokio::pin!(notified);
            notified.as_mut().enable();
            if self.open_count() == 0 {
                return true;
            }
            if tokio::time::timeout_at(deadline, notified).await.is_err() {
                return self.open_count() == 0;
            }
        }
    }

    /// Ends every exchange still open with outcome `open` and `error` (the proxy is
    /// shutting down and will not wait for them); their later events are not recorded.
    /// Returns how many were ended.
    pub fn end_all_open(&self, error: &str) -> usize {
        let open: Vec<Arc<ExchangeCtx>> = match self.open.lock() {
            Ok(g) => g.values().filter_map(Weak::upgrade).collect(),
            Err(_) => Vec::new(),
        };
        for ctx in &open {
            ctx.send_end(Outcome::Open, Some(error.to_string()));
        }
        open.len()
    }

    fn register(&self, ctx: &Arc<ExchangeCtx>) {
        if let Ok(mut g) = self.open.lock() {
            g.insert(ctx.live_key, Arc::downgrade(ctx));
        }
    }

    fn ended(&self, key: u64) {
        let now_idle = match self.open.lock() {
            Ok(mut g) => g.remove(&key).is_some() && g.is_empty(),
            Err(_) => false,
        };
        if now_idle {
            self.idle.notify_waiters();
        }
    }
}

/// State of one exchange shared by its request tee, its response tee and the handler.
/// Dropping the last reference without an end emits `exchange_end{client_abort}` (or
/// `open` while the proxy shuts down): exactly one `exchange_end` per exchange.
pub struct ExchangeCtx {
    sink: EventSink,
    /// Exchange id (`e12`).
    pub id: ExchangeId,
    leg: Option<String>,
    /// Capture cap per direction, bytes.
    pub cap: usize,
    ended: AtomicBool,
    truncated: AtomicBool,
    request_bytes: AtomicU64,
    response_bytes: AtomicU64,
    request_error: Mutex<Option<String>>,
    /// The request body failed because the proxy's own server found it malformed
    /// ([`malformed_request`]), not because the client went away.
    request_malformed: AtomicBool,
    trailers: Mutex<Option<Headers>>,
    /// The proxy's open exchanges (this one until its end is sent), and its key there.
    live: Arc<LiveExchanges>,
    live_key: u64,
    /// Whether the request body is still crossing, and the end the response side asked
    /// for meanwhile (sent once the request body is done).
    end_gate: Mutex<EndGate>,
    /// The upstream connection's record of an agent that closed it while the request was
    /// being sent ([`super::early`]), set when the response head arrives.
    upstream: std::sync::OnceLock<Arc<super::early::EarlyState>>,
    /// The request body length its head announced (`Content-Length`), bytes; `u64::MAX`
    /// when none.
    request_announced: AtomicU64,
    /// The request body was dropped before its end (the agent answered, or its connection
    /// closed, before the proxy had sent all of it, and the proxy did not read the rest for
    /// the recording either).
    request_cut: AtomicBool,
    /// Request body bytes read from the client when the upstream stopped reading the body
    /// before its end (the agent answered early); the proxy then reads the rest for the
    /// recording only ([`ExchangeCtx::drain_started`]). `u64::MAX` while the upstream reads.
    request_forwarded: AtomicU64,
    /// Why the proxy stopped reading the rest of a request body for the recording before
    /// its end (time or byte limit), if it did.
    drain_stop: Mutex<Option<String>>,
    /// The request went to the upstream a second time, and why the first attempt failed
    /// ([`ExchangeCtx::mark_resent`]); recorded as `exchange_end.resent`.
    resent: std::sync::OnceLock<String>,
    /// No connection to the upstream came up, and why ([`ExchangeCtx::mark_connect_failure`]);
    /// recorded as `exchange_end.connect_failure`.
    connect_failure: std::sync::OnceLock<crate::record::ConnectFailure>,
    /// An HTTP/1.x client connection's EOF flag and whether the proxy runs with
    /// `--half-close`, and whether the client is the tool itself
    /// ([`ExchangeCtx::watch_client_eof`]).
    client_eof: std::sync::OnceLock<(Arc<AtomicBool>, bool, bool)>,
    /// The request body was read from the client to its end (every byte the client sent
    /// for it crossed the tee).
    request_whole: AtomicBool,
    /// The response body's length by its `Content-Length` ([`ExchangeCtx::watch_upstream`]);
    /// `u64::MAX` when not framed so (chunked, close-delimited) or not known.
    response_framed: AtomicU64,
    /// [`super::early::EarlyState::request_no`] of this exchange's request on its upstream
    /// connection, taken at the response head (open46: bytes past the response that come
    /// after the exchange ended are still its own).
    upstream_request: AtomicU64,
}

/// The `exchange_end.error` of an exchange whose client went away before the response
/// ended, when nothing more is known.
pub const CLIENT_GONE: &str = "client went away before the response ended";

/// See [`ExchangeCtx::end`]: `request_open` while a recorded request body has not ended,
/// `pending` the `exchange_end` waiting for it.
#[derive(Default)]
struct EndGate {
    request_open: bool,
    pending: Option<(Outcome, Option<String>)>,
}

impl ExchangeCtx {
    /// A new exchange recorded through `sink`, open in `live` until its `exchange_end` is
    /// sent.
    pub fn new(
        sink: EventSink,
        id: ExchangeId,
        leg: Option<String>,
        cap: usize,
        live: &Arc<LiveExchanges>,
    ) -> Arc<Self> {
        let ctx = Arc::new(ExchangeCtx {
            sink,
            id,
            leg,
            cap,
            ended: AtomicBool::new(false),
            truncated: AtomicBool::new(false),
            request_bytes: AtomicU64::new(0),
            response_bytes: AtomicU64::new(0),
            request_error: Mutex::new(None),
            request_malformed: AtomicBool::new(false),
            trailers: Mutex::new(None),
            live: live.clone(),
            live_key: live.next.fetch_add(1, Ordering::Relaxed),
            end_gate: Mutex::new(EndGate::default()),
            upstream: std::sync::OnceLock::new(),
            request_announced: AtomicU64::new(u64::MAX),
            request_cut: AtomicBool::new(false),
            request_forwarded: AtomicU64::new(u64::MAX),
            drain_stop: Mutex::new(None),
            resent: std::sync::OnceLock::new(),
            connect_failure: std::sync::OnceLock::new(),
            client_eof: std::sync::OnceLock::new(),
            request_whole: AtomicBool::new(false),
            response_framed: AtomicU64::new(u64::MAX),
            upstream_request: AtomicU64::new(0),
        });
        live.register(&ctx);
        ctx
    }

    /// The proxy sends the request to the upstream once more, on a new connection, because
    /// the first attempt's connection closed or reset before any answer (`first`: that
    /// failure, e.g. `connection closed before message completed`; RFC 9112 §9.3.1.1,
    /// breaker16b T5). Recorded as `exchange_end.resent`; only the first call counts.
    pub fn mark_resent(&self, first: String) {
        let _ = self.resent.set(first);
    }

    /// No connection to the upstream came up for this request (`kind`: refused, or another
    /// connect failure); recorded as `exchange_end.connect_failure` on the proxy's own
    /// answer, so readers need not parse the `error` text. Only the first call counts.
    pub fn mark_connect_failure(&self, kind: crate::record::ConnectFailure) {
        let _ = self.connect_failure.set(kind);
    }

    /// Why no connection to the upstream came up ([`ExchangeCtx::mark_connect_failure`]),
    /// if none did.
    pub fn connect_failure(&self) -> Option<crate::record::ConnectFailure> {
        self.connect_failure.get().copied()
    }

    /// Why the request was sent a second time ([`ExchangeCtx::mark_resent`]), if it was.
    pub fn resent(&self) -> Option<&str> {
        self.resent.get().map(String::as_str)
    }

    /// Watches the HTTP/1.x client connection's EOF flag ([`super::refusal::HeadWatch::eof`]);
    /// `half_close`: the proxy runs with `--half-close`. Should the exchange end
    /// `client_abort` after the client's EOF, its `exchange_end.error` says so, how the
    /// proxy took it, and what became of the request body (proxy20 P1; RFC 9112 §9.6).
    /// `tool_client`: the proxy serves a tool run (`probe`, `interop`: its client is the
    /// tool itself), so a client EOF is the tool giving up on the request (Ctrl-C, its
    /// `--timeout`), and the `--half-close` advice does not apply (newcomer21 N4).
    pub fn watch_client_eof(&self, eof: Arc<AtomicBool>, half_close: bool, tool_client: bool) {
        let _ = self.client_eof.set((eof, half_close, tool_client));
    }

    /// The `exchange_end.error` of a `client_abort` after the client's EOF, if the client's
    /// connection reached EOF ([`ExchangeCtx::watch_client_eof`]); `read`: request body
    /// bytes read from the client.
    fn client_eof_text(&self, read: u64) -> Option<String> {
        let (eof, half_close, tool_client) = self.client_eof.get()?;
        if !eof.load(Ordering::Relaxed) {
            return None;
        }
        let how = if *tool_client {
            "the client's connection reached EOF before the response ended: the client is \
             a2a-interop's own (probe, interop), which gave up on the request: the run was \
             interrupted (Ctrl-C, SIGTERM), or the request's --timeout passed"
                .to_string()
        } else if *half_close {
            "the client's connection reached EOF before the response ended: the client closed it"
                .to_string()
        } else {
            "the client's connection reached EOF before the response ended (the client closed it, \
             or only shut its sending side after its request as `printf ... | nc -N` does): \
             without --half-close the proxy takes an EOF as the client going away and cancels \
             the agent's request (run the proxy with --half-close to answer a client that \
             half-closes, RFC 9112 §9.6)"
                .to_string()
        };
        let stop = self.drain_stop.lock().ok().and_then(|g| g.clone());
        let body = if let Some(e) = self.request_error() {
            format!("; its request body failed after {read} bytes: {e}")
        } else if let Some(why) = stop {
            format!("; {read} bytes of its request body were recorded, then {why}")
        } else if self.request_whole.load(Ordering::Relaxed) {
            if read > 0 {
                format!("; its whole request body ({read} bytes) was received and is recorded")
            } else {
                String::new()
            }
        } else if self.request_cut.load(Ordering::Relaxed) {
            format!("; its request body was cut after {read} bytes")
        } else {
            String::new()
        };
        Some(format!("{how}{body}"))
    }

    /// The recorder sink.
    pub fn sink(&self) -> &EventSink {
        &self.sink
    }

    /// Records one event of this exchange; a dropped event marks the exchange truncated.
    /// After the `exchange_end` (the proxy's shutdown ended the exchange, see
    /// [`LiveExchanges::end_all_open`]) nothing more is recorded: `false`.
    #[inline]
    pub fn send(&self, kind: EventKind) -> bool {
        if self.ended.load(Ordering::Relaxed) {
            return false;
        }
        let ok = self
            .sink
            .try_send(Some(self.id.clone()), self.leg.clone(), kind);
        if !ok {
            self.mark_truncated();
        }
        ok
    }

    /// Some events or bytes of this exchange are not in the recording.
    pub fn mark_truncated(&self) {
        self.truncated.store(true, Ordering::Relaxed);
    }

    /// Watches the upstream connection this exchange's response came over: should the
    /// agent close it before the request body was all sent (it answered early, breaker15b
    /// R2/R3), the `exchange_end` says so, counts only the bytes the agent got in
    /// `request_bytes` and is marked `truncated` (the recorded body is not what the agent
    /// read, so it is not judged).
    /// `framed`: the response body's length by its `Content-Length` (hyper's exact size
    /// hint), for the bytes the agent sent past it ([`super::early::EarlyState::excess`],
    /// recorded as `response_excess`; open45).
    pub fn watch_upstream(&self, state: Arc<super::early::EarlyState>, framed: Option<u64>) {
        self.upstream_request
            .store(state.request_no(), Ordering::Relaxed);
        let _ = self.upstream.set(state);
        if let Some(n) = framed {
            self.response_framed.store(n, Ordering::Relaxed);
        }
    }

    /// Request body bytes read from the client so far.
    pub fn request_bytes(&self) -> u64 {
        self.request_bytes.load(Ordering::Relaxed)
    }

    /// The request body length the client's head announced (`Content-Length`), bytes.
    pub fn request_announced(&self) -> Option<u64> {
        Some(self.request_announced.load(Ordering::Relaxed)).filter(|&n| n != u64::MAX)
    }

    /// The upstream stopped reading the request body before its end (the agent answered
    /// before it read it all): from here on the proxy reads the rest from the client for
    /// the recording only, and the `exchange_end` counts in `request_bytes` only the bytes
    /// read before this call (those the upstream took). Later calls do nothing.
    pub fn drain_started(&self) {
        let _ = self.request_forwarded.compare_exchange(
            u64::MAX,
            self.request_bytes.load(Ordering::Relaxed),
            Ordering::Relaxed,
            Ordering::Relaxed,
        );
    }

    /// The proxy stopped reading the rest of the request body for the recording before its
    /// end: `why` (`"2 s limit"`, `"16777216-byte capture cap"`) goes into the
    /// `exchange_end.error`, and the exchange is marked `truncated`.
    pub fn drain_stopped(&self, why: String) {
        if let Ok(mut g) = self.drain_stop.lock() {
            g.get_or_insert(why);
        }
        self.mark_truncated();
    }

    /// Adds forwarded response body bytes (used where the proxy writes the body itself).
    pub fn add_response_bytes(&self, n: u64) {
        self.response_bytes.fetch_add(n, Ordering::Relaxed);
    }

    /// The client's request body failed (client gone mid-upload), if it did.
    pub fn request_error(&self) -> Option<String> {
        self.request_error.lock().ok().and_then(|g| g.clone())
    }

    /// The client's request body failed because the proxy's server refused it as malformed
    /// (an h2 stream it reset with PROTOCOL_ERROR, a bad HTTP/1.1 chunk): the outcome is
    /// [`Outcome::Refused`], not `client_abort` (breaker18b X13).
    pub fn request_malformed(&self) -> bool {
        self.request_malformed.load(Ordering::Relaxed)
    }

    /// The client's request body failed with `e` where no [`TeeBody`] saw it (the exchange
    /// was dropped first): kept as the request's error, and as a refusal when the proxy's
    /// server found the request malformed ([`malformed_request`]). A body that already
    /// failed keeps its first error.
    pub fn note_request_error(&self, e: &(dyn std::error::Error + 'static)) {
        let Ok(mut g) = self.request_error.lock() else {
            return;
        };
        if g.is_some() {
            return;
        }
        let msg = error_chain(e);
        match malformed_request(e) {
            Some(why) => {
                self.request_malformed.store(true, Ordering::Relaxed);
                *g = Some(format!("{why} ({msg})"));
            }
            None => *g = Some(msg),
        }
    }

    /// True once `exchange_end` was sent.
    pub fn is_ended(&self) -> bool {
        self.ended.load(Ordering::Relaxed)
    }

    /// Sends the one `exchange_end`; later calls do nothing. While the request body is
    /// still crossing (the agent answered before reading all of it) the end waits for it:
    /// it is sent when the request body ends, fails or is dropped, with the first outcome
    /// asked for.
    pub fn end(&self, outcome: Outcome, error: Option<String>) {
        if let Ok(mut g) = self.end_gate.lock() {
            if g.request_open {
                if g.pending.is_none() {
                    g.pending = Some((outcome, error));
                }
                return;
            }
        }
        self.send_end(outcome, error);
    }

    /// A recorded request body is crossing: the exchange does not end before it does.
    fn request_started(&self) {
        if let Ok(mut g) = self.end_gate.lock() {
            g.request_open = true;
        }
    }

    /// The request body ended, failed or was dropped: sends the end that waited for it.
    fn request_finished(&self) {
        let pending = match self.end_gate.lock() {
            Ok(mut g) => {
                g.request_open = false;
                g.pending.take()
            }
            Err(_) => None,
        };
        if let Some((outcome, error)) = pending {
            self.send_end(outcome, error);
        }
    }

    fn send_end(&self, outcome: Outcome, error: Option<String>) {
        if self.ended.swap(true, Ordering::AcqRel) {
            return;
        }
        let trailers = self.trailers.lock().ok().and_then(|mut g| g.take());
        let mut request_bytes = self.request_bytes.load(Ordering::Relaxed);
        let mut truncated = self.truncated.load(Ordering::Relaxed);
        let mut error = error;
        let closed = self.upstream.get().filter(|u| u.closed_while_sending());
        let forwarded =
            Some(self.request_forwarded.load(Ordering::Relaxed)).filter(|&n| n != u64::MAX);
        // whether it failed, not its text (a clone of it under the lock)
        let client_error = self.request_error.lock().is_ok_and(|g| g.is_some());
        let cut = self.request_cut.load(Ordering::Relaxed) && !client_error;
        if (closed.is_some() && request_bytes > 0)
            || (cut && outcome == Outcome::Complete)
            || (forwarded.is_some() && !client_error)
        {
            // The agent answered before it had the whole request body (and closed its end,
            // or the upstream stopped reading on its answer): bytes read from the client
            // after that (discarded on a closed connection, or read for the recording only)
            // never reached it.
            let read = request_bytes;
            request_bytes = forwarded
                .unwrap_or(read)
                .saturating_sub(closed.map_or(0, |u| u.discarded()));
            let stop = self.drain_stop.lock().ok().and_then(|g| g.clone());
            // Read whole but past the capture cap: the recording holds only the cap's bytes.
            let capped = (read > self.cap as u64).then_some(self.cap);
            // The recording holds all the client sent unless the body was dropped unread
            // or cut at the capture cap.
            let whole = !cut && stop.is_none() && capped.is_none();
            truncated |= !whole;
            if error.is_none() {
                error = Some(early_close_text(
                    request_bytes,
                    read,
                    self.request_announced(),
                    closed.map(|u| u.cause()).as_deref(),
                    if !cut && stop.is_none() {
                        None
                    } else {
                        Some(
                            stop.as_deref()
                                .unwrap_or("the client's body was dropped unread"),
                        )
                    },
                    capped,
                ));
            }
        }
        if outcome == Outcome::ClientAbort && error.as_deref().is_none_or(|e| e == CLIENT_GONE) {
            if let Some(text) = self.client_eof_text(self.request_bytes.load(Ordering::Relaxed)) {
                error = Some(text);
            }
        }
        // open45: bytes the agent sent past the end its Content-Length framed (not
        // forwarded); a response the client or the agent cut short is not measured
        let framed = self.response_framed.load(Ordering::Relaxed);
        if let Some(up) = self
            .upstream
            .get()
            .filter(|_| framed != u64::MAX && outcome == Outcome::Complete)
        {
            let bytes = up.excess(framed);
            if bytes > 0 {
                let _ = self.sink.try_send(
                    Some(self.id.clone()),
                    self.leg.clone(),
                    EventKind::ResponseExcess { bytes, late: false },
                );
            }
            // open46: those that come later, on the idle connection, are still this
            // exchange's (recorded after its exchange_end, `late: true`)
            up.arm_late(
                self.upstream_request.load(Ordering::Relaxed),
                framed,
                (self.sink.clone(), self.id.clone(), self.leg.clone()),
            );
        }
        let kind = EventKind::ExchangeEnd {
            outcome,
            error,
            trailers,
            request_bytes,
            response_bytes: self.response_bytes.load(Ordering::Relaxed),
            truncated,
            resent: self.resent.get().cloned(),
            connect_failure: self.connect_failure.get().copied(),
        };
        // Control events are never dropped by the sink (only refused after finish).
        let _ = self
            .sink
            .try_send(Some(self.id.clone()), self.leg.clone(), kind);
        self.live.ended(self.live_key);
    }

    fn end_dropped(&self) {
        if self.live.shutting_down.load(Ordering::Relaxed) {
            self.end(
                Outcome::Open,
                Some("proxy shut down with the exchange open".into()),
            );
        } else if self.request_malformed() {
            let why = self.request_error().unwrap_or_default();
            self.end(
                Outcome::Refused,
                Some(format!("client request refused as malformed: {why}")),
            );
        } else {
            self.end(Outcome::ClientAbort, Some(CLIENT_GONE.into()));
        }
    }
}

impl Drop for ExchangeCtx {
    fn drop(&mut self) {
        // Already ended (every exchange that completed): nothing is left to send. An end
        // kept pending after that would be refused by `send_end` all the same, and
        // `end_dropped` built its `client_abort` text (an allocation) and took the end gate's
        // lock twice per exchange only to be refused (docs/performance.md, "Session 58").
        if self.ended.load(Ordering::Acquire) {
            return;
        }
        // Both bodies are gone: an end still waiting for the request goes out now.
        self.request_finished();
        self.end_dropped();
    }
}

/// Which body a [`TeeBody`] wraps.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Direction {
    /// Client to agent: `request_body` events.
    Request,
    /// Agent to client: `response_chunk` events, and the exchange's end.
    Response,
}

pin_project_lite::pin_project! {
    /// Forwards every frame of `inner` unchanged and immediately, recording it (see the
    /// module docs). `Data = Bytes`, `Error = BoxError`.
    pub struct TeeBody<B> {
        #[pin]
        inner: B,
        ctx: Arc<ExchangeCtx>,
        dir: Direction,
        recorded: usize,
        record_data: bool,
        done: bool,
        started_empty: bool,
        // Body length the head announced (`Content-Length`, via the body's exact size
        // hint), bytes; for the cause of a body cut short.
        announced: Option<u64>,
        // Data bytes this tee passed on, bytes (all of them, recorded or past the cap).
        passed: u64,
        wait: Option<Pin<Box<dyn Future<Output = ()> + Send>>>,
        // Request side over HTTP/1.1 upstream: the field names the request's `Trailer`
        // header declares (lowercase); `None` when the upstream connection is not known to
        // be HTTP/1.1 (h2, TLS with ALPN) or on the response side.
        h1_declared: Option<Box<[String]>>,
    }

    impl<B> PinnedDrop for TeeBody<B> {
        fn drop(this: Pin<&mut Self>) {
            let this = this.project();
            // Every byte the head announced (`Content-Length`) went through: the body is
            // whole though its end was never polled. An HTTP/1.1 leg writes exactly the
            // announced length and drops the body; an HTTP/2 peer that sends END_STREAM in
            // an empty DATA frame of its own (after the last byte) leaves that frame unread
            // (session 33: recorded `client_abort`, or the request body as cut).
            let whole = this.announced.is_some_and(|n| *this.passed >= n);
            if *this.dir == Direction::Request && !*this.done {
                if whole {
                    this.ctx.request_whole.store(true, Ordering::Relaxed);
                } else {
                    // dropped unfinished (the agent's connection closed, the client went away)
                    this.ctx.request_cut.store(true, Ordering::Relaxed);
                }
                this.ctx.request_finished();
            }
            if *this.dir == Direction::Response && !*this.done {
                if *this.started_empty || whole {
                    this.ctx.end(Outcome::Complete, None);
                } else {
                    this.ctx.end_dropped();
                }
            }
        }
    }
}

impl<B: HttpBody> TeeBody<B> {
    /// Wraps `inner`; `record_data: false` forwards data without recording it (the card
    /// rewrite records the agent's bytes itself) but still ends the exchange.
    pub fn new(inner: B, ctx: Arc<ExchangeCtx>, dir: Direction, record_data: bool) -> Self {
        let started_empty = inner.is_end_stream();
        let announced = inner.size_hint().exact();
        if dir == Direction::Request && !started_empty {
            ctx.request_started();
            if let Some(n) = announced {
                ctx.request_announced.store(n, Ordering::Relaxed);
            }
        }
        TeeBody {
            inner,
            ctx,
            dir,
            recorded: 0,
            record_data,
            started_empty,
            announced,
            passed: 0,
            wait: None,
            h1_declared: None,
            // an empty request body has nothing to wait for
            done: dir == Direction::Request && started_empty,
        }
    }
}

impl<B> TeeBody<B> {
    /// True once every byte the head announced (`Content-Length`) went through this tee:
    /// the body is whole even if its end (an HTTP/2 END_STREAM in an empty DATA frame of its
    /// own) was not polled yet. `false` without an announced length.
    pub fn announced_passed(&self) -> bool {
        self.announced.is_some_and(|n| self.passed >= n)
    }

    /// A request body going upstream over HTTP/1.1, whose head declares `declared` trailer
    /// field names (its `Trailer` header, lowercase): the `request_trailers` event then
    /// says which trailer fields HTTP/1.1 cannot carry to the agent
    /// ([`h1_trailers_not_sent`]).
    pub fn over_h1(mut self, declared: Vec<String>) -> Self {
        self.h1_declared = Some(declared.into_boxed_slice());
        self
    }
}

/// Fields RFC 9110 §6.5.1 names as not allowed in trailers (framing, routing,
/// authentication, request modifiers, content metadata) that an HTTP/1.1 sender does not
/// send in a trailer section: hyper's chunked encoder leaves exactly these out.
const H1_NOT_TRAILER_FIELDS: &[&str] = &[
    "authorization",
    "cache-control",
    "content-encoding",
    "content-length",
    "content-range",
    "content-type",
    "host",
    "max-forwards",
    "set-cookie",
    "trailer",
    "transfer-encoding",
    "te",
];

/// The `reason` of a `request_trailers` event for an HTTP/1.1 upstream: which of
/// `trailers` the chunked encoding to the agent leaves out (a field not allowed in trailers,
/// RFC 9110 §6.5.1; a field the request's `Trailer` header did not declare, RFC 9110
/// §6.6.2), one lowercase line; `None` when every field goes through.
pub fn h1_trailers_not_sent(trailers: &Headers, declared: &[String]) -> Option<String> {
    let mut not_allowed: Vec<&str> = Vec::new();
    let mut undeclared: Vec<&str> = Vec::new();
    for (n, _) in trailers {
        if H1_NOT_TRAILER_FIELDS
            .iter()
            .any(|f| n.eq_ignore_ascii_case(f))
        {
            if !not_allowed.iter().any(|x| x.eq_ignore_ascii_case(n)) {
                not_allowed.push(n);
            }
        } else if !declared.iter().any(|d| d.eq_ignore_ascii_case(n))
            && !undeclared.iter().any(|x| x.eq_ignore_ascii_case(n))
        {
            undeclared.push(n);
        }
    }
    let mut why = Vec::new();
    if !not_allowed.is_empty() {
        why.push(format!(
            "{} (not allowed in a trailer section, RFC 9110 §6.5.1: send it in the request header section)",
            not_allowed.join(", ")
        ));
    }
    if !undeclared.is_empty() {
        why.push(format!(
            "{} (not declared in the request's Trailer header, RFC 9110 §6.6.2)",
            undeclared.join(", ")
        ));
    }
    (!why.is_empty()).then(|| {
        format!(
            "not forwarded to the agent over HTTP/1.1: {}",
            why.join("; ")
        )
    })
}

impl<B> HttpBody for TeeBody<B>
where
    B: HttpBody<Data = Bytes>,
    B::Error: Into<BoxError>,
{
    type Data = Bytes;
    type Error = BoxError;

    fn poll_frame(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<Frame<Bytes>, BoxError>>> {
        let mut this = self.project();
        if let Some(w) = this.wait.as_mut() {
            ready!(w.as_mut().poll(cx));
            *this.wait = None;
        }
        let polled = ready!(this.inner.as_mut().poll_frame(cx));
        match polled {
            Some(Ok(frame)) => {
                if let Some(data) = frame.data_ref() {
                    let len = data.len();
                    *this.passed += len as u64;
                    let ctx = &**this.ctx;
                    match this.dir {
                        Direction::Request => &ctx.request_bytes,
                        Direction::Response => &ctx.response_bytes,
                    }
                    .fetch_add(len as u64, Ordering::Relaxed);
                    if *this.record_data && len > 0 {
                        let room = ctx.cap.saturating_sub(*this.recorded);
                        if room == 0 {
                            ctx.mark_truncated();
                            // The cap was filled exactly by earlier frames: one empty body
                            // event marked `truncated` says in the recording that the cap
                            // cut it, not a full recorder queue (newcomer19 N10); `recorded`
                            // then passes the cap so it is said once.
                            if *this.recorded == ctx.cap {
                                *this.recorded = ctx.cap.saturating_add(1);
                                let body = Body {
                                    data: Bytes::new(),
                                    truncated: true,
                                };
                                ctx.send(match this.dir {
                                    Direction::Request => EventKind::RequestBody { body },
                                    Direction::Response => EventKind::ResponseChunk { body },
                                });
                            }
                        } else {
                            let take = room.min(len);
                            let body = Body {
                                data: recorded_bytes(data, take),
                                truncated: take < len,
                            };
                            if body.truncated {
                                ctx.mark_truncated();
                            }
                            *this.recorded += take;
                            if take < len {
                                // this event says the cap cut the body: no second one
                                *this.recorded = ctx.cap.saturating_add(1);
                            }
                            let kind = match this.dir {
                                Direction::Request => EventKind::RequestBody { body },
                                Direction::Response => EventKind::ResponseChunk { body },
                            };
                            ctx.send(kind);
                            let sink = ctx.sink();
                            if sink.is_lossless() && sink.over_capacity() {
                                *this.wait = Some(Box::pin(sink.wait_capacity()));
                            }
                        }
                    }
                } else if let Some(t) = frame.trailers_ref() {
                    if *this.dir == Direction::Response {
                        if let Ok(mut g) = this.ctx.trailers.lock() {
                            *g = Some(headers_of(t));
                        }
                    } else {
                        // request trailers: recorded (the redactor treats them as headers),
                        // with the fields HTTP/1.1 cannot carry to the agent named
                        // (breaker16b T15)
                        let trailers = headers_of(t);
                        let reason = this
                            .h1_declared
                            .as_deref()
                            .and_then(|d| h1_trailers_not_sent(&trailers, d));
                        this.ctx
                            .send(EventKind::RequestTrailers { trailers, reason });
                    }
                }
                // Trailers are a body's last frame: the response is complete even when the
                // server drops the body without polling it to its end.
                let last = frame.is_trailers() || this.inner.is_end_stream();
                if last && !*this.done {
                    *this.done = true;
                    match this.dir {
                        Direction::Response => this.ctx.end(Outcome::Complete, None),
                        Direction::Request => {
                            this.ctx.request_whole.store(true, Ordering::Relaxed);
                            this.ctx.request_finished()
                        }
                    }
                }
                Poll::Ready(Some(Ok(frame)))
            }
            Some(Err(e)) => {
                let e: BoxError = e.into();
                let msg = error_chain(&*e);
                match this.dir {
                    Direction::Response => {
                        *this.done = true;
                        let got = this.ctx.response_bytes.load(Ordering::Relaxed);
                        this.ctx.end(
                            Outcome::UpstreamAbort,
                            Some(cut_short("response", got, *this.announced, &msg)),
                        );
                    }
                    Direction::Request => {
                        if let Some(why) = malformed_request(&*e) {
                            this.ctx.request_malformed.store(true, Ordering::Relaxed);
                            if let Ok(mut g) = this.ctx.request_error.lock() {
                                *g = Some(format!("{why} ({msg})"));
                            }
                        } else if let Ok(mut g) = this.ctx.request_error.lock() {
                            *g = Some(msg);
                        }
                        *this.done = true;
                        this.ctx.request_finished();
                    }
                }
                Poll::Ready(Some(Err(e)))
            }
            None => {
                if !*this.done {
                    *this.done = true;
                    match this.dir {
                        Direction::Response => this.ctx.end(Outcome::Complete, None),
                        Direction::Request => {
                            this.ctx.request_whole.store(true, Ordering::Relaxed);
                            this.ctx.request_finished()
                        }
                    }
                }
                Poll::Ready(None)
            }
        }
    }

    fn is_end_stream(&self) -> bool {
        self.inner.is_end_stream()
    }

    fn size_hint(&self) -> SizeHint {
        self.inner.size_hint()
    }
}

/// The `exchange_end.error` of a response body (`what`: `response`, or `card` where the
/// proxy reads an Agent Card to rewrite it) that failed after `got` bytes: how much of the
/// announced length arrived (`announced` = the head's `Content-Length`, bytes; RFC 9112
/// §6.3: a message whose connection closes before that many octets is incomplete), then
/// the transport's cause. `upstream response body failed after 40 of 125 bytes (content-length
/// 125): error reading a body from connection: end of file before message length reached`;
/// without a length: `upstream response body failed after 40 bytes: ...`.
pub fn cut_short(what: &str, got: u64, announced: Option<u64>, cause: &str) -> String {
    match announced {
        Some(len) => format!(
            "upstream {what} body failed after {got} of {len} bytes (content-length {len}): {cause}"
        ),
        None => format!("upstream {what} body failed after {got} bytes: {cause}"),
    }
}

/// The `exchange_end.error` of an exchange whose agent answered before it had the whole
/// request body: `got` bytes reached the agent (about: HTTP chunk framing is not told
/// apart), `read` were read from the client, `announced` is the client's `Content-Length`,
/// `closed` the failed write when the agent closed the connection (`Broken pipe (os error
/// 32)`), `cut` why the recording does not hold the whole body the client sent (`None`
/// when it does: the proxy read the rest from the client for the recording). RFC 9110
/// §15.5.14 (413) and RFC 9112 §9.6 (a server closing before it read the request) allow the
/// early answer. A whole recorded body is judged as the client's request; a cut one is not.
pub fn early_close_text(
    got: u64,
    read: u64,
    announced: Option<u64>,
    closed: Option<&str>,
    cut: Option<&str>,
    capped: Option<usize>,
) -> String {
    let of = match announced {
        Some(len) => format!("{len} request body bytes (content-length {len})"),
        None => format!("{read} request body bytes the client sent"),
    };
    let how = match closed {
        Some(cause) => format!(
            "the agent answered, then closed the connection while the request body was being sent ({cause})"
        ),
        None => "the agent answered before it had read the whole request body".to_string(),
    };
    // every byte went out but the body's end did not (an h2 agent that reset its stream
    // after the last DATA frame, before END_STREAM): "about 130 of the 130" would read as
    // a contradiction
    let reached = if got >= announced.unwrap_or(read) && got > 0 {
        format!("all {of} reached it, but not the end of the body")
    } else {
        format!("about {got} of the {of} reached it")
    };
    match (cut, capped) {
        (None, None) => format!(
            "request body not all delivered: {how}; {reached}; the recording holds the whole request body the client sent ({read} bytes)"
        ),
        // read whole, but past the capture cap: the recorded body is cut all the same
        (None, Some(cap)) => format!(
            "request body not all delivered: {how}; {reached}; the recording keeps only the first {cap} of the {read} bytes the client sent (the {cap}-byte capture limit), so the recorded request body is cut and is not judged"
        ),
        (Some(why), _) => format!(
            "request body not all delivered: {how}; {reached}; the proxy read only {read} bytes of it from the client ({why}), so the recorded request body is cut and is not judged"
        ),
    }
}

/// Chunks up to this many bytes (4 KiB) are copied for the recording instead of shared.
pub const COPY_MAX: usize = 4096;

/// The copy threshold in use, bytes ([`COPY_MAX`]). Benchmarks only: `benches/proxy.rs`
/// sets it to 0 (share every chunk, the behaviour before the copy) to measure both ways in
/// one binary.
#[doc(hidden)]
pub static COPY_MAX_IN_USE: std::sync::atomic::AtomicUsize =
    std::sync::atomic::AtomicUsize::new(COPY_MAX);

/// The first `take` bytes of a forwarded chunk, for the recording. A small chunk is copied:
/// hyper hands out body chunks as slices of its connection read buffer, and a slice kept
/// alive in the recorder queue and the verifier makes hyper allocate a fresh read buffer
/// (8 KiB and up) for the next read instead of reusing its own; copying 100 bytes is far
/// cheaper. Large chunks fill most of their buffer and are shared (no copy).
fn recorded_bytes(data: &Bytes, take: usize) -> Bytes {
    if take <= COPY_MAX_IN_USE.load(Ordering::Relaxed) {
        Bytes::copy_from_slice(&data[..take])
    } else {
        data.slice(..take)
    }
}

/// `http` header map as recorded [`Headers`] (values that are not UTF-8 are decoded
/// lossily).
pub fn headers_of(map: &http::HeaderMap) -> Headers {
    // One buffer for the whole head, sized once: two allocations per head instead of two
    // per field (perfh34).
    let text = map.iter().map(|(k, v)| k.as_str().len() + v.len()).sum();
    // Every name and value copied into the buffer as bytes, then the whole head validated
    // as UTF-8 once (`Headers::with_text`; a `from_utf8` per value cost ~130 instructions
    // each on the bench's short values, twice per exchange on the forwarding path). Names
    // are ASCII (`http` lowercases and checks them), so every field's ends are char
    // boundaries when the whole text is UTF-8.
    let mut buf: Vec<u8> = Vec::with_capacity(text);
    let mut h = Headers::with_capacity(map.len(), 0);
    for (k, v) in map {
        buf.extend_from_slice(k.as_str().as_bytes());
        let name_end = buf.len();
        buf.extend_from_slice(v.as_bytes());
        h.push_ends(name_end, buf.len());
    }
    if let Some(h) = h.with_text(buf) {
        return h;
    }
    // A value that is not UTF-8 (obs-text): each value decoded on its own, lossily.
    let mut h = Headers::with_capacity(map.len(), text);
    for (k, v) in map {
        // `from_utf8` first: its validation reads ASCII a word at a time, where
        // `from_utf8_lossy`'s chunk iterator goes byte by byte (every value, twice per
        // exchange on the forwarding path); the same text for valid UTF-8 (a lossy value
        // may grow: the buffer then grows once)
        match std::str::from_utf8(v.as_bytes()) {
            Ok(t) => h.push(k.as_str(), t),
            Err(_) => h.push(k.as_str(), &String::from_utf8_lossy(v.as_bytes())),
        }
    }
    h
}

/// Why the proxy's own server refused a request body as malformed, read from the body's
/// error; `None` when the client went away (reset, close, EOF) instead:
/// - HTTP/2: a stream reset by the `h2` server itself with PROTOCOL_ERROR, e.g. DATA longer
///   or shorter than the request's `content-length` (RFC 9113 §8.1.1: a stream error);
/// - HTTP/1.1: a chunked body hyper cannot decode (RFC 9112 §7.1), an `InvalidInput` or
///   `InvalidData` I/O error.
pub fn malformed_request(e: &(dyn std::error::Error + 'static)) -> Option<&'static str> {
    let mut cur = Some(e);
    while let Some(c) = cur {
        if let Some(h) = c.downcast_ref::<h2::Error>() {
            return (h.is_reset() && h.is_library() && h.reason() == Some(h2::Reason::PROTOCOL_ERROR))
                .then_some("the proxy's HTTP/2 server reset the stream as a malformed request (RST_STREAM PROTOCOL_ERROR, RFC 9113 §8.1.1), e.g. DATA longer or shorter than its content-length");
        }
        if let Some(io) = c.downcast_ref::<std::io::Error>() {
            return matches!(
                io.kind(),
                std::io::ErrorKind::InvalidInput | std::io::ErrorKind::InvalidData
            )
            .then_some("the proxy's HTTP/1.1 server could not decode the chunked request body (RFC 9112 §7.1)");
        }
        cur = c.source();
    }
    None
}

/// An error and its causes, joined by `: ` (`client error (Connect): tcp connect error:
/// Connection refused (os error 111)`).
pub fn error_chain(e: &(dyn std::error::Error + 'static)) -> String {
    let mut s = e.to_string();
    let mut cur = e.source();
    while let Some(c) = cur {
        let t = c.to_string();
        if !s.contains(&t) {
            s.push_str(": ");
            s.push_str(&t);
        }
        cur = c.source();
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// What `headers_of` wrote before the whole-head validation: each value decoded on its
    /// own, lossily when it is not UTF-8.
    fn headers_by_value(map: &http::HeaderMap) -> Headers {
        let mut h = Headers::new();
        for (k, v) in map {
            h.push(k.as_str(), &String::from_utf8_lossy(v.as_bytes()));
        }
        h
    }

    /// A recorder (no file, no redaction) keeping every event in memory.
    fn recorder() -> (
        EventSink,
        crate::record::writer::Recorder,
        Arc<Mutex<Vec<crate::record::Event>>>,
    ) {
        let seen = Arc::new(Mutex::new(Vec::new()));
        let keep = seen.clone();
        let (sink, rec) = crate::record::writer::spawn_recorder(
            crate::record::writer::RecorderConfig {
                path: None,
                overwrite: false,
                header: crate::record::RecordingHeader::new(crate::record::CaptureMode::Reverse),
                queue_bytes: 1 << 20,
                lossless: false,
                redact: false,
                secret_headers: Vec::new(),
            },
            Box::new(move |e: &crate::record::Event| keep.lock().unwrap().push(e.clone())),
        )
        .unwrap();
        (sink, rec, seen)
    }

    /// (exchange, outcome, error) of every `exchange_end` recorded.
    fn ends(evs: &[crate::record::Event]) -> Vec<(String, Outcome, Option<String>)> {
        evs.iter()
            .filter_map(|e| match &e.kind {
                EventKind::ExchangeEnd { outcome, error, .. } => Some((
                    e.exchange.as_deref().unwrap_or("").to_string(),
                    *outcome,
                    error.clone(),
                )),
                _ => None,
            })
            .collect()
    }

    /// Dropping an exchange sends its one `exchange_end` only when none was sent: an ended
    /// exchange's drop (the drop skips its work then, session 58) adds nothing, also when
    /// the shutdown ended it while its response side later asked for another end; one never
    /// ended ends `client_abort` (or `open` while shutting down) at its drop, as before.
    #[tokio::test]
    async fn an_exchange_ends_once_whether_ended_before_its_drop_or_by_it() {
        let (sink, rec, seen) = recorder();
        let live = LiveExchanges::new();
        // ended complete, then dropped
        let a = ExchangeCtx::new(sink.clone(), "e1".into(), None, 1024, &live);
        a.end(Outcome::Complete, None);
        drop(a);
        // ended by the shutdown; the response side asks again before the drop
        let b = ExchangeCtx::new(sink.clone(), "e2".into(), None, 1024, &live);
        b.request_started();
        assert_eq!(live.end_all_open("proxy stopped"), 1);
        b.end(Outcome::Complete, None);
        drop(b);
        // never ended: its drop ends it
        let c = ExchangeCtx::new(sink.clone(), "e3".into(), None, 1024, &live);
        drop(c);
        // never ended, the request body still open: the drop ends it all the same
        let d = ExchangeCtx::new(sink.clone(), "e4".into(), None, 1024, &live);
        d.request_started();
        drop(d);
        // while shutting down
        live.set_shutting_down();
        let e = ExchangeCtx::new(sink.clone(), "e5".into(), None, 1024, &live);
        drop(e);
        assert_eq!(live.open_count(), 0);
        rec.finish().await.unwrap();
        let got = ends(&seen.lock().unwrap());
        assert_eq!(
            got,
            vec![
                ("e1".to_string(), Outcome::Complete, None),
                ("e2".into(), Outcome::Open, Some("proxy stopped".into())),
                ("e3".into(), Outcome::ClientAbort, Some(CLIENT_GONE.into())),
                ("e4".into(), Outcome::ClientAbort, Some(CLIENT_GONE.into())),
                (
                    "e5".into(),
                    Outcome::Open,
                    Some("proxy shut down with the exchange open".into())
                ),
            ]
        );
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(2000))]
        /// The head validated once gives the fields a value-by-value decoding gives: names,
        /// values, order and duplicates; a value with bytes that are not UTF-8 (obs-text,
        /// RFC 9110 §5.5), anywhere in the head, decoded lossily as before.
        #[test]
        fn headers_of_reads_a_map_as_each_value_decoded_alone(
            fields in proptest::collection::vec(
                (
                    prop::sample::select(vec!["host", "content-type", "x-a", "content-length", "accept", "x-long-header-name-here"]),
                    proptest::collection::vec(
                        prop_oneof![
                            4 => 0x20u8..0x7f,
                            1 => Just(b'\t'),
                            1 => 0x80u8..=0xff,
                        ],
                        0..40,
                    ),
                ),
                0..8,
            ),
            utf8_value in "[a-z\u{e9}\u{6f22} ]{0,12}",
        ) {
            let mut map = http::HeaderMap::new();
            for (k, v) in &fields {
                if let Ok(v) = http::HeaderValue::from_bytes(v) {
                    map.append(http::HeaderName::from_static(k), v);
                }
            }
            if let Ok(v) = http::HeaderValue::from_bytes(utf8_value.as_bytes()) {
                map.append(http::HeaderName::from_static("x-utf8"), v);
            }
            let got = headers_of(&map);
            let want = headers_by_value(&map);
            prop_assert_eq!(got.len(), map.len());
            prop_assert_eq!(
                got.iter().collect::<Vec<_>>(),
                want.iter().collect::<Vec<_>>()
            );
            prop_assert!(got == want);
        }
    }
}

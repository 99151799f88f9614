/*!
The recorder: producers hold an [`EventSink`], one writer thread turns what they send into
the native JSONL recording (`docs/recording-format.md`).

```text
 proxy tee ─┐ try_send (Bytes clones, t_us)      ┌─► redact ─► seq ─► on_event(&Event)
 probe tee ─┼──────────── queue ────────────────►│                 └─► JSONL batch ─► file
 app       ─┘ bounded by bytes and by events      └─ gap event when something was dropped
```

- Forwarding never waits on recording: [`EventSink::try_send`] drops a body event when the
  queue holds more than `queue_bytes` bytes or [`MAX_QUEUED_EVENTS`] events and returns
  `false`; the producer then marks its exchange `truncated`, and the writer emits a `gap`
  event with the counts. Control events (`conn_open`, heads, `exchange_end`, ...) are never
  dropped: they are small and keep every exchange closed exactly once.
- With `lossless: true` nothing is dropped; producers await [`EventSink::wait_capacity`]
  (backpressure on the forwarded stream instead of loss).
- The writer is not woken per event: a producer wakes it only when it is parked; it then
  lingers [`BATCH_LINGER`] (1 ms) and takes everything queued as one round, and keeps
  taking a round per linger while events keep coming (see [`BATCH_LINGER`]).
- The writer assigns `seq` (file order), applies redaction ([`super::redact`]), calls
  `on_event` for every event (a batch consumer gets each round at once,
  [`spawn_recorder_batched`]), and writes in batches: the header line first, then a write
  when 64 KiB are pending, 25 ms after the first pending event while traffic flows, or when
  the queue runs dry before the writer parks; never a write per event.
- A write error mid-run (disk full, file size limit, file gone read-only) never stops
  forwarding by itself: it is reported once on stderr, counted, the file is cut back to the
  end of the last batch written whole (no half-written line when the file system allows the
  truncation), and the recording stops there; `on_event` keeps being called. Producers can
  ask [`EventSink::record_failed`] / await [`EventSink::record_error`] to stop instead
  (`proxy --on-record-error stop`).
- A file that cannot take even the header line (`/dev/full`, a full disk) is an error of
  [`spawn_recorder`], before anything is forwarded.
*/

use std::fs::File;
use std::io::{self, Write};
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Condvar, Mutex, MutexGuard, PoisonError};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use super::event::{Body, Event, EventKind, ExchangeId, Headers, Outcome, RecordingHeader};
use super::jsonl::{encode_event, encode_header_with};
use super::redact::Redactor;

/// Most events the queue holds before body events are dropped (or waited for).
pub const MAX_QUEUED_EVENTS: usize = 65_536;
/// Pending bytes that trigger a write (64 KiB).
pub const FLUSH_BYTES: usize = 64 * 1024;
/// Longest time an event waits in the batch before it is written while traffic flows
/// (25 ms); when the queue runs dry the writer writes what it has before it parks.
pub const FLUSH_INTERVAL: Duration = Duration::from_millis(25);
/// How long the writer lets events gather before it takes a round (1 ms).
///
/// The writer thread is not woken per event: a producer wakes it only when it is parked
/// (the empty → non-empty transition of an idle recorder); once awake it sleeps this long,
/// then takes everything queued as one round and hands the round to the batch consumer
/// (the verifier thread) at once. While events keep coming it keeps going, a round per
/// linger (none when [`LINGER_SKIP_EVENTS`] are already queued), with no producer wake-ups
/// at all; when a round leaves the queue empty it writes out what is pending (a `kill -9`
/// then loses nothing already processed) and parks. So a small exchange costs one producer
/// wake-up, one timer wake-up and one verifier wake-up when requests are sparse, and a busy
/// proxy at most one writer and one verifier wake-up per millisecond, not per event. Findings and the file lag the traffic by at most about this long (plus
/// [`FLUSH_INTERVAL`] for the file under load). Skipped when the queue is over its bounds
/// (lossless producers are waiting).
pub const BATCH_LINGER: Duration = Duration::from_millis(1);

/// The linger in use, µs ([`BATCH_LINGER`]); 0 = take every event as soon as the writer is
/// woken (a producer wake-up per event when requests are sparse: the behaviour before
/// batching). Benchmarks only (`benches/proxy.rs` measures both in one process); read on
/// every round, so it can change while a recorder runs.
#[doc(hidden)]
pub static BATCH_LINGER_US: AtomicU64 = AtomicU64::new(BATCH_LINGER.as_micros() as u64);

/// Shortest time between two of the writer's stderr lines about dropped body events (10 s):
/// the first drop is said at once, later ones at most this often, each line with the count
/// since the one before ([`drop_line`]); the stop's line gives the run's total.
pub const DROP_LINE_EVERY: Duration = Duration::from_secs(10);

/// Events the writer processes between two updates of the queue's counters (and wake-ups
/// of lossless producers waiting for room): the counters live on the producers' cache
/// line, so they are not touched per event.
const TAKEN_UPDATE_EVENTS: usize = 256;

/// A round that finds at least this many events queued is taken without the linger (64):
/// they are already a batch.
const LINGER_SKIP_EVENTS: usize = 64;

/// What the recorder needs to know.
#[derive(Clone, Debug)]
pub struct RecorderConfig {
    /// Recording file, created on start; `None` = no file, `on_event` only. An existing
    /// non-empty file is replaced only when it is an earlier recording and `overwrite` is
    /// set ([`check_overwrite`]).
    pub path: Option<PathBuf>,
    /// `--overwrite`: an earlier recording at `path` may be replaced (newcomer19 N1);
    /// without it a non-empty file at `path` is refused.
    pub overwrite: bool,
    /// Header line, written first.
    pub header: RecordingHeader,
    /// Bytes of body data the queue may hold before body events are dropped (or waited
    /// for with `lossless`).
    pub queue_bytes: usize,
    /// Wait for room instead of dropping.
    pub lossless: bool,
    /// Redact secrets on write ([`super::redact`]); `header.redacted` should say the same.
    pub redact: bool,
    /// Header names (any case) that carry credentials in this run beyond the built-in list
    /// (`probe --auth-header NAME: ...`): redacted like `Authorization` when `redact` is on.
    pub secret_headers: Vec<String>,
}

/// Totals of a recorder run, returned by [`Recorder::finish`].
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RecorderStats {
    /// Events passed to `on_event` (and written, unless the file failed).
    pub events: u64,
    /// Bytes written to the file, header included.
    pub bytes_written: u64,
    /// Body events dropped because the queue was full.
    pub dropped_events: u64,
    /// Body bytes in those dropped events.
    pub dropped_bytes: u64,
    /// Events not written because the file failed (they still reached `on_event`).
    pub unwritten_events: u64,
    /// The first write error, if any.
    pub write_error: Option<String>,
    /// Events written before another process last emptied the file (logrotate
    /// `copytruncate`): in its copy, not in the file (newcomer32 N1); 0 when never emptied.
    pub cut_away_events: u64,
}

/// An event before the writer numbers it (`seq` 0 until then). Queued as the `Event` it
/// becomes: the writer hands it to the redactor as it is, where rebuilding an `Event` from
/// the parts copied each ~200-byte event once more (docs/performance.md, "Session 39").
struct Pending {
    ev: Event,
    /// Body bytes accounted in the queue (0 for control events).
    bytes: usize,
}

/// The queue between producers and the writer thread: one vector producers push to under a
/// lock, which the writer swaps for its own (empty) one once per round. A round then reads
/// its events from one contiguous block in order, with no per-event allocation, atomic slot
/// state or lock on either side (a linked-block channel cost the writer ~30 % of its time
/// in cache misses on slot states and blocks written by the workers' cores).
struct Inbox {
    events: Vec<Pending>,
    /// [`Recorder::finish`] or the recorder's drop asked the writer to stop.
    close: bool,
    /// The writer waits on [`Queue::wake`]; the next push or close notifies it.
    parked: bool,
    /// The writer thread has ended (or unwound): pushes are refused.
    gone: bool,
}

/// The queue and its counters on one cache line of their own (64-byte aligned): a producer
/// takes the lock and bumps the counters with one line moved to its core, and nothing
/// else (the ids, the clock base, the flags producers read) shares the line.
#[repr(align(64))]
struct Queue {
    inbox: Mutex<Inbox>,
    wake: Condvar,
    /// Body bytes queued or in the writer's current round and not yet processed.
    queued_bytes: AtomicUsize,
    /// Events queued or in the writer's current round and not yet processed.
    queued_events: AtomicUsize,
}

/// Values written per exchange or connection by producers, on a line of their own (not
/// the queue's, not the read-mostly fields').
#[repr(align(64))]
struct Ids {
    next_exchange: AtomicU64,
    next_conn: AtomicU64,
}

impl Queue {
    /// The inbox, also after a panic elsewhere while it was held (the vector and the flags
    /// stay consistent: every critical section is a push, a swap or a flag store).
    fn lock(&self) -> MutexGuard<'_, Inbox> {
        self.inbox.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Queues `p`, waking the writer if it is parked; `false` (and `p` dropped) when the
    /// writer is gone.
    #[inline]
    fn push(&self, p: Pending) -> bool {
        let mut g = self.lock();
        if g.gone {
            return false;
        }
        g.events.push(p);
        let wake = std::mem::take(&mut g.parked);
        drop(g);
        if wake {
            self.wake.notify_one();
        }
        true
    }

    /// Asks the writer to write what is queued and stop.
    fn close(&self) {
        let mut g = self.lock();
        g.close = true;
        drop(g);
        self.wake.notify_one();
    }
}

/// Marks the queue gone when the writer thread ends, also by a panic (then producers get
/// `false` instead of filling a queue nobody reads).
struct GoneOnDrop(Arc<Shared>);

impl Drop for GoneOnDrop {
    fn drop(&mut self) {
        let mut g = self.0.queue.lock();
        g.gone = true;
        g.events = Vec::new();
    }
}

/// A round's vector larger than this many events is shrunk back after the round, so a burst
/// does not keep its peak memory.
const ROUND_KEEP_EVENTS: usize = 4096;

struct Shared {
    /// The capture clock's origin ([`CaptureClock`]).
    base: CaptureClock,
    queue_bytes: usize,
    lossless: bool,
    dropped_events: AtomicU64,
    dropped_bytes: AtomicU64,
    /// The last body event dropped found the queue over `queue_bytes` (else over
    /// [`MAX_QUEUED_EVENTS`]): which bound [`drop_line`] names.
    dropped_over_bytes: AtomicBool,
    ids: Ids,
    room: tokio::sync::Notify,
    closed: AtomicBool,
    /// Set once a write to the recording failed; `failed` is notified then.
    write_failed: AtomicBool,
    failed: tokio::sync::Notify,
    queue: Queue,
}

/// The capture clock: whole µs since the recorder started, read from `CLOCK_MONOTONIC` (the
/// clock `std::time::Instant` reads on Linux) with integer arithmetic. The same value as
/// `Instant::elapsed().as_micros()` from a start taken at the same moment (the count of
/// whole µs, rounded down), without `Instant`'s checked `Duration` subtraction and the
/// 128-bit `as_micros` (~200 instructions per event on the forwarding path, 5 events per
/// exchange; docs/performance.md, "Session 38").
#[derive(Clone, Copy, Debug)]
struct CaptureClock {
    /// `(seconds, nanoseconds)` of `CLOCK_MONOTONIC` at the start.
    start: (i64, i64),
}

impl CaptureClock {
    fn start() -> Self {
        CaptureClock {
            start: monotonic_now(),
        }
    }

    #[inline]
    fn now_us(&self) -> u64 {
        micros_between(self.start, monotonic_now())
    }
}

/// `CLOCK_MONOTONIC` now, as `(seconds, nanoseconds)`: the C library's `clock_gettime`,
/// the call `Instant::now` makes (the vDSO's clock read; rustix's own vDSO lookup crashes
/// under valgrind, which the callgrind measurements of docs/performance.md run in).
#[inline]
fn monotonic_now() -> (i64, i64) {
    let mut t = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `t` is a valid, writable `timespec`; CLOCK_MONOTONIC exists on every system
    // this builds for (std's `Instant` reads it), so the call cannot fail and `t` is set.
    unsafe { libc::clock_gettime(libc::CLOCK_MONOTONIC, &mut t) };
    (t.tv_sec, t.tv_nsec)
}

/// Whole µs from `start` to `now` (both `(seconds, nanoseconds)`, nanoseconds below 10^9),
/// rounded down; 0 when `now` is before `start`. A second is 10^6 µs exactly, so the µs of
/// the seconds and of the nanoseconds (rounded down, also when negative) add up to the
/// whole difference's.
#[inline]
fn micros_between(start: (i64, i64), now: (i64, i64)) -> u64 {
    let us = (now.0 - start.0)
        .saturating_mul(1_000_000)
        .saturating_add((now.1 - start.1).div_euclid(1_000));
    u64::try_from(us).unwrap_or(0)
}

/// What producers hold: cheap to clone, `Send`, never blocks.
///
/// Also hands out exchange ids (`e1`, `e2`, ...) and connection numbers, and the capture
/// clock (`t_us` since the recorder started, monotonic).
#[derive(Clone)]
pub struct EventSink {
    shared: Arc<Shared>,
}

impl std::fmt::Debug for EventSink {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("EventSink")
            .field("lossless", &self.shared.lossless)
            .field("queue_bytes", &self.shared.queue_bytes)
            .finish()
    }
}

impl EventSink {
    /// µs since the recorder started (monotonic; the `t_us` of events sent now).
    #[inline]
    pub fn now_us(&self) -> u64 {
        self.shared.base.now_us()
    }

    /// A fresh exchange id, `e1`, `e2`, ...
    pub fn next_exchange_id(&self) -> ExchangeId {
        let n = self
            .shared
            .ids
            .next_exchange
            .fetch_add(1, Ordering::Relaxed)
            + 1;
        // What `format!("e{n}")` writes, into one allocation of its final size, without the
        // formatting machinery (once per exchange on the forwarding path).
        let mut digits = itoa::Buffer::new();
        let digits = digits.format(n);
        let mut id = [0u8; 21];
        id[0] = b'e';
        id[1..1 + digits.len()].copy_from_slice(digits.as_bytes());
        // ASCII: `e` and the digits
        ExchangeId::from(std::str::from_utf8(&id[..1 + digits.len()]).unwrap_or("e"))
    }

    /// A fresh connection number, from 1.
    pub fn next_conn(&self) -> u64 {
        self.shared.ids.next_conn.fetch_add(1, Ordering::Relaxed) + 1
    }

    /// True with `lossless`: producers wait for room instead of losing events.
    pub fn is_lossless(&self) -> bool {
        self.shared.lossless
    }

    /// Sends one event stamped now. Body events (`request_body`, `response_chunk`,
    /// `card_rewrite`) are dropped when the queue is full (unless lossless); the return
    /// value is `false` then, and the caller marks its exchange `truncated`. Control events
    /// are always queued. Returns `false` too once the recorder has finished.
    ///
    /// Inlined with [`Self::send_at`] and the queue's push: an event is ~200 bytes, and
    /// each call it passed through by value copied it once more (5 events per exchange on
    /// the forwarding path).
    #[inline]
    pub fn try_send(
        &self,
        exchange: Option<ExchangeId>,
        leg: Option<String>,
        kind: EventKind,
    ) -> bool {
        self.send_at(self.now_us(), exchange, leg, kind)
    }

    /// [`Self::try_send`] with an explicit capture time (`t_us`).
    #[inline]
    pub fn send_at(
        &self,
        t_us: u64,
        exchange: Option<ExchangeId>,
        leg: Option<String>,
        kind: EventKind,
    ) -> bool {
        if self.shared.closed.load(Ordering::Relaxed) {
            return false;
        }
        let bytes = body_len(&kind);
        let droppable = bytes > 0 || is_body(&kind);
        if droppable && !self.shared.lossless && self.over_capacity() {
            self.shared.dropped_events.fetch_add(1, Ordering::Relaxed);
            self.shared
                .dropped_bytes
                .fetch_add(bytes as u64, Ordering::Relaxed);
            let q = &self.shared.queue;
            self.shared.dropped_over_bytes.store(
                q.queued_bytes.load(Ordering::Relaxed) > self.shared.queue_bytes,
                Ordering::Relaxed,
            );
            return false;
        }
        let q = &self.shared.queue;
        if bytes > 0 {
            q.queued_bytes.fetch_add(bytes, Ordering::Relaxed);
        }
        q.queued_events.fetch_add(1, Ordering::Relaxed);
        let msg = Pending {
            ev: Event {
                seq: 0,
                t_us,
                exchange,
                leg,
                kind,
            },
            bytes,
        };
        if !q.push(msg) {
            q.queued_bytes.fetch_sub(bytes, Ordering::Relaxed);
            q.queued_events.fetch_sub(1, Ordering::Relaxed);
            return false;
        }
        true
    }

    /// True once a write to the recording file failed (disk full, file size limit, I/O
    /// error): from then on events reach `on_event` but not the file.
    pub fn record_failed(&self) -> bool {
        self.shared.write_failed.load(Ordering::Acquire)
    }

    /// Resolves once a write to the recording file has failed (at once if it already has);
    /// never resolves when the recording stays writable or there is no file. The cause is in
    /// [`RecorderStats::write_error`] after [`Recorder::finish`].
    pub fn record_error(&self) -> impl std::future::Future<Output = ()> + Send + 'static {
        let shared = self.shared.clone();
        async move { until_set(&shared.write_failed, &shared.failed).await }
    }

    /// Events sent and not yet taken by the writer thread (the queue's length, events).
    /// Benchmarks wait for 0 to charge a phase with all the recording work it caused.
    pub fn queued_events(&self) -> usize {
        self.shared.queue.queued_events.load(Ordering::Relaxed)
    }

    /// Body events dropped so far because the queue was full (see [`Self::try_send`]);
    /// [`RecorderStats::dropped_events`] is the same count at the end of the run.
    pub fn dropped_events(&self) -> u64 {
        self.shared.dropped_events.load(Ordering::Relaxed)
    }

    /// True when the queue holds more than `queue_bytes` bytes or [`MAX_QUEUED_EVENTS`]
    /// events.
    pub fn over_capacity(&self) -> bool {
        self.shared.over_capacity()
    }

    /// Resolves once the queue is below its bounds (or the recorder is gone). Lossless
    /// producers await this before reading the next frame.
    pub fn wait_capacity(&self) -> impl std::future::Future<Output = ()> + Send + 'static {
        let shared = self.shared.clone();
        async move {
            loop {
                let notified = shared.room.notified();
                tokio::pin!(notified);
                notified.as_mut().enable();
                if !shared.over_capacity() || shared.closed.load(Ordering::Relaxed) {
                    return;
                }
                notified.await;
            }
        }
    }
}

impl Shared {
    /// See [`EventSink::over_capacity`].
    fn over_capacity(&self) -> bool {
        self.queue.queued_bytes.load(Ordering::Relaxed) > self.queue_bytes
            || self.queue.queued_events.load(Ordering::Relaxed) > MAX_QUEUED_EVENTS
    }
}

fn is_body(kind: &EventKind) -> bool {
    matches!(
        kind,
        EventKind::RequestBody { .. }
            | EventKind::ResponseChunk { .. }
            | EventKind::CardRewrite { .. }
    )
}

/// Bytes of the body an event carries (`request_body`, `response_chunk`, `card_rewrite`);
/// 0 for every other kind.
pub(crate) fn body_len(kind: &EventKind) -> usize {
    match kind {
        EventKind::RequestBody { body }
        | EventKind::ResponseChunk { body }
        | EventKind::CardRewrite { body, .. } => body.data.len(),
        _ => 0,
    }
}

/// The writer thread's handle; [`Recorder::finish`] flushes and closes the file.
pub struct Recorder {
    shared: Arc<Shared>,
    thread: Option<JoinHandle<RecorderStats>>,
    path: Option<PathBuf>,
}

impl Recorder {
    /// The recording file, if any.
    pub fn path(&self) -> Option<&PathBuf> {
        self.path.as_ref()
    }

    /// Writes every event queued so far, closes the file and returns the totals. Events
    /// sent after this are refused (`try_send` returns `false`).
    pub async fn finish(mut self) -> io::Result<RecorderStats> {
        self.shared.queue.close();
        let Some(thread) = self.thread.take() else {
            return Ok(RecorderStats::default());
        };
        let stats = tokio::task::spawn_blocking(move || thread.join())
            .await
            .map_err(io::Error::other)?
            .map_err(|_| io::Error::other("recorder thread panicked"))?;
        self.shared.closed.store(true, Ordering::Relaxed);
        self.shared.room.notify_waiters();
        Ok(stats)
    }
}

impl Drop for Recorder {
    fn drop(&mut self) {
        self.shared.queue.close();
    }
}

/// Starts the recorder: creates the file (and its parent directory), writes the header line,
/// and spawns the writer thread.
///
/// `on_event` is called on the writer thread for every event after `seq` and redaction,
/// in file order. Errors: the file cannot be created (missing permission, read-only file
/// system, a directory), or the header line cannot be written (disk full, `/dev/full`).
pub fn spawn_recorder(
    cfg: RecorderConfig,
    on_event: Box<dyn FnMut(&Event) + Send>,
) -> io::Result<(EventSink, Recorder)> {
    spawn_with(cfg, OnEvent::Borrowed(on_event))
}

/// [`spawn_recorder`] handing each event to `on_event` by value, after it is encoded: a
/// consumer on another thread (the pipeline's verifier) gets it without a deep copy of its
/// headers and strings. Same order, same errors.
pub fn spawn_recorder_owned(
    cfg: RecorderConfig,
    on_event: Box<dyn FnMut(Event) + Send>,
) -> io::Result<(EventSink, Recorder)> {
    spawn_with(cfg, OnEvent::Owned(on_event))
}

/// [`spawn_recorder`] handing the events over in batches, by value: `on_batch` gets every
/// event the writer took in one round (everything queued when it woke, at most
/// [`MAX_BATCH_EVENTS`]), in file order, after `seq`, redaction and encoding. A consumer on
/// another thread (the pipeline's verifier) then pays one channel send and at most one
/// thread wake-up per round instead of one per event, and needs no polling of its own.
/// Same order, same errors as [`spawn_recorder`].
pub fn spawn_recorder_batched(
    cfg: RecorderConfig,
    on_batch: Box<dyn FnMut(Vec<Event>) + Send>,
) -> io::Result<(EventSink, Recorder)> {
    spawn_recorder_batched_reusing(cfg, on_batch, BatchSpares::default())
}

/// [`spawn_recorder_batched`] taking each new batch's vector from `spares` when one is
/// there: a consumer that gives its emptied batches back ([`BatchSpares::give_back`]) spares
/// the writer an allocation per round and the growth of a vector sized for a short round
/// (each ~1,000-event doubling copied ~230 KB; ~0.8k instructions per request on the proxy
/// bench, docs/performance.md, "Session 39").
pub fn spawn_recorder_batched_reusing(
    cfg: RecorderConfig,
    on_batch: Box<dyn FnMut(Vec<Event>) + Send>,
    spares: BatchSpares,
) -> io::Result<(EventSink, Recorder)> {
    spawn_with(cfg, OnEvent::Batch(on_batch, Vec::new(), spares))
}

/// Emptied batch vectors a batch consumer hands back to the writer
/// ([`spawn_recorder_batched_reusing`]), kept with their capacity for the next rounds. At
/// most [`MAX_SPARE_BATCHES`] are kept, each of at most `MAX_BATCH_EVENTS` + 16 events'
/// room (~1,040 `Event`s); a larger one (grown by doubling) or one more is dropped, so an
/// idle proxy keeps a bounded few hundred KB here whatever the traffic was.
#[derive(Clone, Default)]
pub struct BatchSpares(Arc<Mutex<Vec<Vec<Event>>>>);

/// Most emptied batches [`BatchSpares`] keeps (the writer needs one per round; the
/// consumer holds the one it judges).
pub const MAX_SPARE_BATCHES: usize = 2;

impl std::fmt::Debug for BatchSpares {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("BatchSpares")
            .field("kept", &self.kept())
            .finish()
    }
}

impl BatchSpares {
    /// Takes `batch` back once its events are judged: they are dropped here (on the
    /// caller's thread, as dropping the batch would), the vector kept for the writer's next
    /// round unless [`MAX_SPARE_BATCHES`] are kept already or it grew past a full batch.
    pub fn give_back(&self, mut batch: Vec<Event>) {
        batch.clear();
        if batch.capacity() == 0 || batch.capacity() > MAX_BATCH_EVENTS + BATCH_HEADROOM {
            return;
        }
        let mut kept = self.0.lock().unwrap_or_else(PoisonError::into_inner);
        if kept.len() < MAX_SPARE_BATCHES {
            kept.push(batch);
        }
    }

    /// An empty vector for a new batch with room for `n` events: a kept one when there is
    /// one that large, else a new one. A kept vector too small is dropped, not grown:
    /// `realloc` would copy its whole old block (the allocator cannot know it is empty).
    fn take(&self, n: usize) -> Vec<Event> {
        let spare = self.0.lock().unwrap_or_else(PoisonError::into_inner).pop();
        match spare {
            Some(v) if v.capacity() >= n => v,
            _ => Vec::with_capacity(n),
        }
    }

    /// How many emptied batches are kept now (tests, `Debug`).
    pub fn kept(&self) -> usize {
        self.0.lock().unwrap_or_else(PoisonError::into_inner).len()
    }
}

/// Most events handed to a batch consumer at once ([`spawn_recorder_batched`]): bounds how
/// long the consumer waits for the first event of a long round (1,024).
pub const MAX_BATCH_EVENTS: usize = 1024;

/// Room kept in a batch beyond the round's events: the events the redactor held from earlier
/// rounds (a JSON body waits for its exchange's next event) are released into it too.
const BATCH_HEADROOM: usize = 16;

/// Where the writer hands each event after `seq`, redaction and encoding.
enum OnEvent {
    Borrowed(Box<dyn FnMut(&Event) + Send>),
    Owned(Box<dyn FnMut(Event) + Send>),
    /// The consumer, the events of the current round not yet handed over, and the emptied
    /// batches it gave back.
    Batch(Box<dyn FnMut(Vec<Event>) + Send>, Vec<Event>, BatchSpares),
}

impl OnEvent {
    /// Sizes the batch for a round of `n` events (at most [`MAX_BATCH_EVENTS`]) before it is
    /// filled: the batch leaves with the consumer every round, and growing a fresh vector
    /// of ~200-byte events by doubling copied it over and over.
    fn reserve(&mut self, n: usize) {
        if let OnEvent::Batch(_, batch, spares) = self {
            // Room for the held frames the redactor releases into this round too (one per
            // exchange whose JSON body waits for its next event): with only the headroom
            // beyond the round's events, a round that released one more event than it took
            // doubled the batch (~0.5k instructions per request on the proxy bench).
            let n = (n + 2 * BATCH_HEADROOM).min(MAX_BATCH_EVENTS + BATCH_HEADROOM);
            if batch.is_empty() && batch.capacity() < n {
                // the last batch left with the consumer: one it gave back keeps its room
                // (an empty vector is replaced, not grown: no copy of its old block)
                *batch = spares.take(n);
            } else {
                batch.reserve(n);
            }
        }
    }

    /// Hands over the events of the round so far (batch consumers only).
    fn flush(&mut self) {
        if let OnEvent::Batch(f, batch, _) = self {
            if !batch.is_empty() {
                f(std::mem::take(batch));
            }
        }
    }
}

/// Opens `p` for a new recording: locked for this process alone (an advisory exclusive
/// lock, `flock` on Unix), then emptied. A second proxy, probe or demo writing the same file
/// would interleave lines and leave neither recording readable.
///
/// An unredacted recording (`redact` false: `--no-redact`) keeps bearer tokens, cookies and
/// API keys, so its file is created `0600` (an existing regular file is set to `0600`): no
/// other local user may read it. A redacted one gets the usual `0666` less the umask.
///
/// # Errors
/// The file cannot be opened, or another process holds its lock (`WouldBlock`, with a
/// message naming the path).
fn open_exclusive(p: &std::path::Path, redact: bool, overwrite: bool) -> io::Result<File> {
    let mut o = std::fs::OpenOptions::new();
    // O_APPEND: every write lands at the file's end, so a file emptied under the running
    // writer (logrotate `copytruncate`) is not filled with NUL bytes up to the old length
    // (newcomer32 N1); the writer notices the cut and starts it again with a header line.
    o.write(true).append(true).create(true).truncate(false);
    #[cfg(unix)]
    if !redact {
        use std::os::unix::fs::OpenOptionsExt as _;
        o.mode(0o600);
    }
    let file = o.open(p)?;
    match file.try_lock() {
        Ok(()) => {}
        Err(std::fs::TryLockError::WouldBlock) => {
            return Err(io::Error::new(
                io::ErrorKind::WouldBlock,
                format!(
                    "{} is being written by another a2a-interop process; give this run another --record path",
                    p.display()
                ),
            ))
        }
        Err(std::fs::TryLockError::Error(e)) => return Err(e),
    }
    // Only a regular file is emptied (a device such as `/dev/full` takes no length).
    let regular = file.metadata().ok().filter(|m| m.is_file());
    #[cfg(unix)]
    if !redact && regular.is_some() {
        use std::os::unix::fs::PermissionsExt as _;
        file.set_permissions(std::fs::Permissions::from_mode(0o600))?;
    }
    if let Some(m) = regular {
        if m.len() > 0 {
            let started = earlier_recording(p)?;
            check_overwrite(p, overwrite)?;
            let none = if recorded_events(p) == Some(0) {
                " with no events"
            } else {
                ""
            };
            // two rows, the path last (newcomer58: one row of 130 characters and more,
            // the path mid-line, wrapped on an 80-column terminal)
            crate::errln!(
                "{}: note: overwriting an earlier recording{none}\n  ({} bytes{}): {}",
                crate::stderr_prefix(),
                m.len(),
                started
                    .map(|t| format!(", started {t}"))
                    .unwrap_or_default(),
                p.display()
            );
        }
        file.set_len(0)?;
    }
    Ok(file)
}

/// Refuses to replace an earlier recording at `p` unless `overwrite` (`--overwrite`) is
/// given (newcomer19 N1: up-arrow and Enter after a crash reran `proxy --record
/// again.jsonl` and erased the evidence of the crash). A missing, empty or non-regular
/// file (a device, a FIFO) passes; so does any earlier recording with `overwrite`, and
/// one with no events (its header alone: a run refused at start-up, a `--tls-cert` it
/// could not load, or one that saw no traffic, has no evidence to lose; newcomer26 N6:
/// the corrected command was refused as if it would erase one). A non-empty file that is
/// not a recording is refused either way ([`earlier_recording`]).
///
/// # Errors
/// `AlreadyExists` with one line naming the file, its size in bytes, what it holds (the
/// recording's start time and event count) and the two ways out (`--overwrite`, another
/// `--record` path); nothing was changed.
pub fn check_overwrite(p: &std::path::Path, overwrite: bool) -> io::Result<()> {
    let Some(m) = std::fs::metadata(p)
        .ok()
        .filter(|m| m.is_file() && m.len() > 0)
    else {
        return Ok(());
    };
    let started = earlier_recording(p)?;
    if overwrite {
        return Ok(());
    }
    // unreadable here (it was read a moment ago): refused as before, its count unknown
    let events = match recorded_events(p) {
        Some(0) => return Ok(()),
        Some(n) => n,
        None => 0,
    };
    Err(io::Error::new(
        io::ErrorKind::AlreadyExists,
        format!(
            "{} already holds an earlier a2a-interop recording ({} bytes{}, {events} event{}): recording there would erase it; hint: add --overwrite to replace it, or give --record another path",
            p.display(),
            m.len(),
            started.map(|t| format!(", started {t}")).unwrap_or_default(),
            if events == 1 { "" } else { "s" },
        ),
    ))
}

/// The events of the recording at `p`: its lines after the header, one event each; a torn
/// last line (bytes after the last newline: a run killed while writing an event) counts
/// too, so the recording of a crash in its first event is not taken for one with no
/// events and replaced (review26 R3). `None` when it cannot be opened or read to its end.
fn recorded_events(p: &std::path::Path) -> Option<u64> {
    use std::io::BufRead as _;
    let mut lines = 0u64;
    let mut last = b'\n';
    let mut r = io::BufReader::with_capacity(64 * 1024, File::open(p).ok()?);
    loop {
        let buf = r.fill_buf().ok()?;
        let Some(&b) = buf.last() else {
            break;
        };
        last = b;
        let n = buf.len();
        lines += buf.iter().filter(|&&b| b == b'\n').count() as u64;
        r.consume(n);
    }
    if last != b'\n' {
        // the torn last line (or a header written without its newline)
        lines += 1;
    }
    Some(lines.saturating_sub(1))
}

/// Checks an existing, non-empty `--record` file before it is emptied (breaker10n N4: a
/// typo such as `--record report.md` erased the file at start-up): only an earlier
/// a2a-interop recording, a file whose first line is a recording header
/// (`{"type":"recording",...}`, docs/recording-format.md), may be overwritten.
///
/// Returns `Ok(Some(startedAt))` of that earlier recording's header (`Ok(None)` when the
/// header has no `startedAt`).
///
/// # Errors
/// `AlreadyExists` with a message naming the file when it is not a recording (or cannot be
/// read to tell): nothing was changed.
pub fn earlier_recording(p: &std::path::Path) -> io::Result<Option<String>> {
    use std::io::Read as _;
    let refuse = |why: &str| {
        io::Error::new(
            io::ErrorKind::AlreadyExists,
            format!(
                "{} exists and is not an a2a-interop recording ({why}): recording there would erase it; hint: give --record another path, or remove the file first if it is not needed",
                p.display()
            ),
        )
    };
    let mut head = Vec::new();
    std::fs::File::open(p)
        .and_then(|f| f.take(64 * 1024).read_to_end(&mut head))
        .map_err(|e| refuse(&format!("it cannot be read to tell: {e}")))?;
    let first = match head.iter().position(|&b| b == b'\n') {
        Some(n) => &head[..n],
        None => &head[..],
    };
    let v: serde_json::Value = serde_json::from_slice(first)
        .map_err(|_| refuse("its first line is not a recording header"))?;
    if v.get("type").and_then(|t| t.as_str()) != Some("recording") {
        return Err(refuse("its first line is not a recording header"));
    }
    Ok(v.get("startedAt")
        .and_then(|t| t.as_str())
        .map(str::to_string))
}

fn spawn_with(cfg: RecorderConfig, on_event: OnEvent) -> io::Result<(EventSink, Recorder)> {
    let file = match &cfg.path {
        Some(p) => {
            if let Some(dir) = p.parent() {
                if !dir.as_os_str().is_empty() {
                    std::fs::create_dir_all(dir)?;
                }
            }
            Some(open_exclusive(p, cfg.redact, cfg.overwrite)?)
        }
        None => None,
    };
    let shared = Arc::new(Shared {
        base: CaptureClock::start(),
        queue_bytes: cfg.queue_bytes,
        lossless: cfg.lossless,
        dropped_events: AtomicU64::new(0),
        dropped_bytes: AtomicU64::new(0),
        dropped_over_bytes: AtomicBool::new(false),
        ids: Ids {
            next_exchange: AtomicU64::new(0),
            next_conn: AtomicU64::new(0),
        },
        room: tokio::sync::Notify::new(),
        closed: AtomicBool::new(false),
        write_failed: AtomicBool::new(false),
        failed: tokio::sync::Notify::new(),
        queue: Queue {
            inbox: Mutex::new(Inbox {
                events: Vec::new(),
                close: false,
                parked: false,
                gone: false,
            }),
            wake: Condvar::new(),
            queued_bytes: AtomicUsize::new(0),
            queued_events: AtomicUsize::new(0),
        },
    });
    let mut w = Writer {
        file,
        path: cfg.path.clone(),
        buf: Vec::with_capacity(FLUSH_BYTES * 2),
        redactor: Redactor::with_secret_headers(cfg.redact, &cfg.secret_headers),
        ready: Vec::new(),
        on_event,
        seq: 0,
        stats: RecorderStats::default(),
        shared: shared.clone(),
        seen_dropped: (0, 0),
        told_dropped: (0, 0),
        told_at: None,
        buf_events: 0,
        taken_bytes: 0,
        taken_events: 0,
        round_left: 0,
        header_line: Vec::new(),
        on_disk: None,
    };
    encode_header_with(&cfg.header, w.redactor.tagger(), &mut w.buf);
    w.header_line.clone_from(&w.buf);
    // Header line on disk before any producer can record: a reader that opens the file
    // at any moment (`tail -f`, a test, a crash) sees a well-formed recording. A file that
    // cannot take even this line is a start-up error, not a recording that silently stays
    // empty.
    if let Some(f) = w.file.as_mut() {
        f.write_all(&w.buf)?;
        w.stats.bytes_written += w.buf.len() as u64;
        if f.metadata().is_ok_and(|m| m.is_file()) {
            w.on_disk = Some(w.buf.len() as u64);
        }
        w.buf.clear();
    }
    let thread = std::thread::Builder::new()
        .name("a2a-recorder".into())
        .spawn(move || {
            keep_up_behind_forwarding();
            let _gone = GoneOnDrop(w.shared.clone());
            w.run()
        })?;
    Ok((
        EventSink {
            shared: shared.clone(),
        },
        Recorder {
            shared,
            thread: Some(thread),
            path: cfg.path,
        },
    ))
}

struct Writer {
    file: Option<File>,
    path: Option<PathBuf>,
    buf: Vec<u8>,
    redactor: Redactor,
    /// Events the redactor released, reused for every event (no allocation per event).
    ready: Vec<Event>,
    on_event: OnEvent,
    seq: u64,
    stats: RecorderStats,
    shared: Arc<Shared>,
    seen_dropped: (u64, u64),
    /// Dropped (events, bytes) already said on stderr, and when the last such line went out
    /// ([`DROP_LINE_EVERY`]).
    told_dropped: (u64, u64),
    told_at: Option<Instant>,
    buf_events: u64,
    /// Body bytes and events processed and not yet taken off the queue's counters.
    taken_bytes: usize,
    taken_events: usize,
    /// Events of the current round not yet taken: how large a batch opened mid-round is made.
    round_left: usize,
    /// The header line as first written, written again when the file is found emptied.
    header_line: Vec<u8>,
    /// Bytes this writer put in the file since it was last found empty (its expected length);
    /// `None` for a file that takes no length (a FIFO, a device).
    on_disk: Option<u64>,
}

impl Writer {
    fn run(mut self) -> RecorderStats {
        // Header line out at once: the file is a valid (empty) recording from the start.
        self.write_out();
        let mut first_pending: Option<Instant> = None;
        let mut round: Vec<Pending> = Vec::new();
        loop {
            let linger = Duration::from_micros(BATCH_LINGER_US.load(Ordering::Relaxed));
            let queued = self.shared.queue.lock().events.len();
            if queued == 0 {
                // Idle: what is pending goes to the file now, then park until a producer
                // queues an event (it wakes a parked writer only) or the recorder closes.
                self.write_out();
                first_pending = None;
                let queue = &self.shared.queue;
                let mut g = queue.lock();
                while g.events.is_empty() && !g.close {
                    g.parked = true;
                    g = queue.wake.wait(g).unwrap_or_else(PoisonError::into_inner);
                }
                g.parked = false;
            }
            // Let the rest of the exchange (or of this millisecond's traffic) arrive, so it
            // is one round and one hand-over ([`BATCH_LINGER`]); not when a backlog of a
            // round's size is already there (under load the previous round took that
            // long), when closing, or when lossless producers wait for room.
            if !linger.is_zero()
                && queued < LINGER_SKIP_EVENTS
                && !self.shared.over_capacity()
                && !self.shared.queue.lock().close
            {
                std::thread::sleep(linger);
            }
            // Take everything queued without waiting: one swap of vectors.
            let close = {
                let mut g = self.shared.queue.lock();
                std::mem::swap(&mut g.events, &mut round);
                g.close
            };
            self.on_event.reserve(round.len());
            let n = round.len();
            for (i, p) in round.drain(..).enumerate() {
                self.round_left = n - i - 1;
                self.take(p);
                if self.buf.len() >= FLUSH_BYTES {
                    self.check_gap();
                    self.write_out();
                    first_pending = None;
                }
            }
            self.settle_taken();
            if round.capacity() > ROUND_KEEP_EVENTS {
                round.shrink_to(ROUND_KEEP_EVENTS / 4);
            }
            if close {
                return self.close();
            }
            self.check_gap();
            self.on_event.flush();
            let now = Instant::now();
            if first_pending.is_none() && !self.buf.is_empty() {
                first_pending = Some(now);
            }
            if first_pending.is_some_and(|t0| now - t0 >= FLUSH_INTERVAL) {
                self.write_out();
                first_pending = None;
            }
        }
    }

    fn take(&mut self, p: Pending) {
        self.taken_bytes += p.bytes;
        self.taken_events += 1;
        if self.taken_events >= TAKEN_UPDATE_EVENTS {
            self.settle_taken();
        }
        let ev = p.ev;
        // A batch consumer (the pipeline's verifier): the redactor puts what it releases
        // straight into the batch, where each event is numbered and encoded in place. Going
        // through `ready` and `emit` by value moved every ~220-byte event four more times
        // (~140 instructions of `memcpy` per event; docs/performance.md, "Session 38").
        if let OnEvent::Batch(f, batch, spares) = &mut self.on_event {
            // Room for what the redactor may release with this event (frames it held for
            // the exchange) without growing the batch: a full batch's doubling copied ~1,000
            // events (~230 KB) at once.
            if batch.capacity() - batch.len() < BATCH_HEADROOM {
                if batch.len() + BATCH_HEADROOM > MAX_BATCH_EVENTS {
                    let next =
                        spares.take((self.round_left + 1 + BATCH_HEADROOM).min(MAX_BATCH_EVENTS));
                    f(std::mem::replace(batch, next));
                } else {
                    batch.reserve(BATCH_HEADROOM);
                }
            }
            let start = batch.len();
            self.redactor.process_into(ev, batch);
            self.number_batched(start);
            return;
        }
        let mut ready = std::mem::take(&mut self.ready);
        self.redactor.process_into(ev, &mut ready);
        for ev in ready.drain(..) {
            self.emit(ev);
        }
        self.ready = ready;
    }

    /// [`Self::emit`] for the events from `start` on that are already in the batch: numbered,
    /// encoded and counted in order; full batches go to the consumer (at most
    /// [`MAX_BATCH_EVENTS`] each), and the next one is sized for the rest of the round.
    fn number_batched(&mut self, start: usize) {
        let OnEvent::Batch(f, batch, spares) = &mut self.on_event else {
            return;
        };
        for ev in batch.iter_mut().skip(start) {
            self.seq += 1;
            ev.seq = self.seq;
            self.stats.events += 1;
            if self.file.is_some() {
                encode_fast(ev, &mut self.buf);
                self.buf_events += 1;
            } else {
                self.stats.unwritten_events += u64::from(self.path.is_some());
            }
        }
        while batch.len() >= MAX_BATCH_EVENTS {
            // the events past a full batch open the next one; a fresh vector grown by
            // doubling copied its events over and over (~1k instructions per exchange
            // when rounds are long)
            let rest = batch.split_off(MAX_BATCH_EVENTS);
            let mut next = spares.take((rest.len() + self.round_left).min(MAX_BATCH_EVENTS));
            next.extend(rest);
            f(std::mem::replace(batch, next));
        }
    }

    /// Takes the events processed since the last call off the queue's counters (one update
    /// per [`TAKEN_UPDATE_EVENTS`] events or round, not per event) and wakes lossless
    /// producers waiting for room.
    fn settle_taken(&mut self) {
        if self.taken_events == 0 {
            return;
        }
        let q = &self.shared.queue;
        q.queued_bytes
            .fetch_sub(std::mem::take(&mut self.taken_bytes), Ordering::Relaxed);
        q.queued_events
            .fetch_sub(std::mem::take(&mut self.taken_events), Ordering::Relaxed);
        if self.shared.lossless {
            self.shared.room.notify_waiters();
        }
    }

    fn emit(&mut self, mut ev: Event) {
        self.seq += 1;
        ev.seq = self.seq;
        self.stats.events += 1;
        if self.file.is_some() {
            encode_fast(&ev, &mut self.buf);
            self.buf_events += 1;
        } else {
            self.stats.unwritten_events += u64::from(self.path.is_some());
        }
        match &mut self.on_event {
            OnEvent::Borrowed(f) => f(&ev),
            OnEvent::Owned(f) => f(ev),
            OnEvent::Batch(f, batch, spares) => {
                batch.push(ev);
                if batch.len() >= MAX_BATCH_EVENTS {
                    // sized for the rest of the round (see `number_batched`)
                    let next = spares.take(self.round_left.min(MAX_BATCH_EVENTS));
                    f(std::mem::replace(batch, next));
                }
            }
        }
    }

    /// Emits a `gap` event when the sinks dropped events since the last check.
    fn check_gap(&mut self) {
        let de = self.shared.dropped_events.load(Ordering::Relaxed);
        let db = self.shared.dropped_bytes.load(Ordering::Relaxed);
        if (de, db) != self.seen_dropped {
            let ev = Event {
                seq: 0,
                t_us: self.shared.base.now_us(),
                exchange: None,
                leg: None,
                kind: EventKind::Gap {
                    dropped_events: de - self.seen_dropped.0,
                    dropped_bytes: db - self.seen_dropped.1,
                    reason: Some("recorder queue full".into()),
                },
            };
            self.seen_dropped = (de, db);
            self.emit(ev);
            self.tell_drops(de, db);
        }
    }

    /// Says on stderr that body events were dropped, while it happens: the first time at
    /// once, then at most once per [`DROP_LINE_EVERY`] with the count since the last line
    /// (a drop after the last line is counted by the stop's line).
    fn tell_drops(&mut self, de: u64, db: u64) {
        let now = Instant::now();
        if self
            .told_at
            .is_some_and(|t| now.duration_since(t) < DROP_LINE_EVERY)
        {
            return;
        }
        let line = drop_line(&DropReport {
            events: de - self.told_dropped.0,
            bytes: db - self.told_dropped.1,
            total_events: de,
            first: self.told_at.is_none(),
            by_bytes: self.shared.dropped_over_bytes.load(Ordering::Relaxed),
            queue_bytes: self.shared.queue_bytes,
        });
        self.told_dropped = (de, db);
        self.told_at = Some(now);
        crate::errln!("{}: {line}", crate::stderr_prefix());
    }

    fn write_out(&mut self) {
        if self.buf.is_empty() {
            return;
        }
        self.restart_if_emptied();
        if let Some(f) = self.file.as_mut() {
            match f.write_all(&self.buf) {
                Ok(()) => {
                    self.stats.bytes_written += self.buf.len() as u64;
                    if let Some(n) = self.on_disk.as_mut() {
                        *n += self.buf.len() as u64;
                    }
                }
                Err(e) => {
                    let path = self
                        .path
                        .as_ref()
                        .map(|p| p.display().to_string())
                        .unwrap_or_default();
                    // Part of the batch may be on disk: cut back to the last whole batch so
                    // the file ends on a whole line. Fails harmlessly on devices
                    // (`/dev/full`) and on file systems that refuse the truncation.
                    let cut = self.on_disk.is_some_and(|n| f.set_len(n).is_ok());
                    crate::errln!(
                        "{}: RECORDING STOPPED: cannot write {path}: {e}; {} events were recorded, none after this{}",
                        crate::stderr_prefix(),
                        self.stats.events - self.stats.unwritten_events - self.buf_events,
                        if cut { "" } else { " (the last line may be incomplete)" }
                    );
                    // The stderr line above is the user's message; this one is for logs.
                    tracing::debug!(%path, error = %e, "recording write failed");
                    self.stats.write_error = Some(e.to_string());
                    self.stats.unwritten_events += self.buf_events;
                    self.file = None;
                    self.shared.write_failed.store(true, Ordering::Release);
                    self.shared.failed.notify_waiters();
                }
            }
        }
        self.buf.clear();
        self.buf_events = 0;
    }

    /// A recording file found shorter than what this writer put in it was emptied (or cut)
    /// by another process: logrotate's `copytruncate`, `: > file`, `truncate -s 0`. With
    /// O_APPEND the next batch would land at its new end with no header line, and `verify`
    /// would refuse the file as "not a recording"; so the header line goes first again and
    /// stderr says so once per cut (newcomer32 N1). One `fstat` per write (a write carries
    /// up to 64 KiB or 25 ms of events), never per event.
    fn restart_if_emptied(&mut self) {
        let (Some(f), Some(expected)) = (self.file.as_mut(), self.on_disk) else {
            return;
        };
        let Ok(len) = f.metadata().map(|m| m.len()) else {
            return;
        };
        if len >= expected {
            return;
        }
        self.on_disk = Some(len);
        if len > 0 {
            // cut to a length of its own, not emptied: its first line is still the header
            return;
        }
        let path = self
            .path
            .as_ref()
            .map(|p| p.display().to_string())
            .unwrap_or_default();
        let before = self.stats.events - self.stats.unwritten_events - self.buf_events;
        self.stats.cut_away_events = before;
        crate::errln!(
            "{}: note: {path} was emptied by another process (logrotate copytruncate?) after {expected} bytes; the recording goes on in it from a header line again: the events before the cut ({before} so far) are only in the copy, and exchanges in flight at the cut are judged from what follows",
            crate::stderr_prefix(),
        );
        // an error here is the batch's own write's to report (it stops the recording)
        if f.write_all(&self.header_line).is_ok() {
            self.stats.bytes_written += self.header_line.len() as u64;
            self.on_disk = Some(self.header_line.len() as u64);
        }
    }

    fn close(mut self) -> RecorderStats {
        for ev in self.redactor.release_all() {
            self.emit(ev);
        }
        self.check_gap();
        self.on_event.flush();
        self.write_out();
        if let Some(f) = self.file.as_mut() {
            if let Err(e) = f.flush().and_then(|_| f.sync_data()) {
                self.stats.write_error.get_or_insert(e.to_string());
            }
        }
        self.stats.dropped_events = self.shared.dropped_events.load(Ordering::Relaxed);
        self.stats.dropped_bytes = self.shared.dropped_bytes.load(Ordering::Relaxed);
        self.shared.closed.store(true, Ordering::Relaxed);
        self.shared.room.notify_waiters();
        self.stats
    }
}

/// What [`drop_line`] says: body events dropped by a full recorder queue.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DropReport {
    /// Body events dropped since the last line (or the start).
    pub events: u64,
    /// Body bytes in them.
    pub bytes: u64,
    /// Body events dropped since the start.
    pub total_events: u64,
    /// No such line was printed before in this run.
    pub first: bool,
    /// The last drop found the queue over its byte bound (else over its
    /// [`MAX_QUEUED_EVENTS`]).
    pub by_bytes: bool,
    /// The queue's byte bound (`--queue-bytes`).
    pub queue_bytes: usize,
}

/// The stderr line (after the `a2a-interop proxy: ` prefix) that says, while it happens,
/// that the recorder's queue dropped body events (issue 7; attack58: a run at ~3,600 calls/s
/// on a loaded machine dropped 14,887 and the user heard of it only at the stop): how many
/// and how many bytes, what that does to the recording and the verdicts, which bound
/// was reached, and that `--lossless` avoids it. Forwarding is not slowed by it.
pub fn drop_line(r: &DropReport) -> String {
    let since = if r.first {
        String::new()
    } else {
        format!(" in the last {} s", DROP_LINE_EVERY.as_secs())
    };
    let total = if r.first || r.total_events == r.events {
        String::new()
    } else {
        format!(", {} in all", r.total_events)
    };
    let bound = if r.by_bytes {
        format!("--queue-bytes {}", r.queue_bytes)
    } else {
        format!("{MAX_QUEUED_EVENTS} events")
    };
    format!(
        "warning: the recording is losing data: {} body event{} ({} bytes) dropped{since}{total}: the recorder is behind the traffic and its queue is full ({bound}); their exchanges are recorded without those bodies (`truncated`, a `gap` event) and their content is not judged; forwarding is not slowed; hint: --lossless makes the proxy wait for the recorder instead (nothing lost)",
        r.events,
        if r.events == 1 { "" } else { "s" },
        r.bytes,
    )
}

/// Appends `ev` as one JSON line, byte for byte what [`encode_event`] writes, without going
/// through serde's `flatten` machinery for the five kinds every exchange has (`request_head`,
/// `request_body`, `response_head`, `response_chunk`, `exchange_end`); other kinds use
/// [`encode_event`]. Strings are escaped by serde_json itself (same escapes).
fn encode_fast(ev: &Event, out: &mut Vec<u8>) {
    let kind = match &ev.kind {
        EventKind::RequestHead { .. } => "request_head",
        EventKind::RequestBody { .. } => "request_body",
        EventKind::ResponseHead { .. } => "response_head",
        EventKind::ResponseChunk { .. } => "response_chunk",
        EventKind::ExchangeEnd { .. } => "exchange_end",
        _ => return encode_event(ev, out),
    };
    out.extend_from_slice(b"{\"seq\":");
    num(out, ev.seq);
    out.extend_from_slice(b",\"t_us\":");
    num(out, ev.t_us);
    opt_string(out, b",\"exchange\":", ev.exchange.as_deref());
    opt_string(out, b",\"leg\":", ev.leg.as_deref());
    out.extend_from_slice(b",\"type\":\"");
    out.extend_from_slice(kind.as_bytes());
    out.push(b'"');
    match &ev.kind {
        EventKind::RequestHead {
            conn,
            method,
            url,
            version,
            headers,
            upstream,
        } => {
            if let Some(c) = conn {
                out.extend_from_slice(b",\"conn\":");
                num(out, *c);
            }
            out.extend_from_slice(b",\"method\":");
            string(out, method);
            out.extend_from_slice(b",\"url\":");
            string(out, url);
            opt_string(out, b",\"version\":", version.as_deref());
            out.extend_from_slice(b",\"headers\":");
            header_list(out, headers);
            opt_string(out, b",\"upstream\":", upstream.as_deref());
        }
        EventKind::RequestBody { body } | EventKind::ResponseChunk { body } => {
            body_fields(out, body);
        }
        EventKind::ResponseHead {
            status,
            version,
            headers,
            synthetic,
            reason,
        } => {
            out.extend_from_slice(b",\"status\":");
            num(out, u64::from(*status));
            opt_string(out, b",\"version\":", version.as_deref());
            out.extend_from_slice(b",\"headers\":");
            header_list(out, headers);
            if *synthetic {
                out.extend_from_slice(b",\"synthetic\":true");
            }
            opt_string(out, b",\"reason\":", reason.as_deref());
        }
        EventKind::ExchangeEnd {
            outcome,
            error,
            trailers,
            request_bytes,
            response_bytes,
            truncated,
            resent,
            connect_failure,
        } => {
            out.extend_from_slice(b",\"outcome\":\"");
            out.extend_from_slice(match outcome {
                Outcome::Complete => b"complete".as_slice(),
                Outcome::ClientAbort => b"client_abort",
                Outcome::UpstreamAbort => b"upstream_abort",
                Outcome::UpstreamError => b"upstream_error",
                Outcome::Open => b"open",
                Outcome::Refused => b"refused",
            });
            out.push(b'"');
            opt_string(out, b",\"error\":", error.as_deref());
            if let Some(t) = trailers {
                out.extend_from_slice(b",\"trailers\":");
                header_list(out, t);
            }
            out.extend_from_slice(b",\"request_bytes\":");
            num(out, *request_bytes);
            out.extend_from_slice(b",\"response_bytes\":");
            num(out, *response_bytes);
            if *truncated {
                out.extend_from_slice(b",\"truncated\":true");
            }
            opt_string(out, b",\"resent\":", resent.as_deref());
            if let Some(c) = connect_failure {
                out.extend_from_slice(b",\"connect_failure\":\"");
                out.extend_from_slice(c.as_str().as_bytes());
                out.push(b'"');
            }
        }
        _ => {}
    }
    out.extend_from_slice(b"}\n");
}

/// `n` in decimal, as serde_json writes it (itoa's digit pairs: the digit loop it replaced
/// divided once per digit; docs/performance.md, session 20).
fn num(out: &mut Vec<u8>, n: u64) {
    out.extend_from_slice(itoa::Buffer::new().format(n).as_bytes());
}

/// `key` (`,"name":`) and a JSON string, only when there is a value (serde's
/// `skip_serializing_if = "Option::is_none"`).
fn opt_string(out: &mut Vec<u8>, key: &[u8], value: Option<&str>) {
    if let Some(v) = value {
        out.extend_from_slice(key);
        string(out, v);
    }
}

/// A JSON string (RFC 8259 §7) with serde_json's escapes, byte for byte: `\"`, `\\`,
/// `\b \f \n \r \t`, other control characters as `\u00xx` (lowercase hex); everything
/// else, DEL and non-ASCII included, as is. The bytes before the first one that needs an
/// escape are found 16 at a time ([`crate::model::json::next_string_stop`], the verifier's
/// own string scan): a string with no escape (most header names and values) is copied in
/// one run; from the first escape on, [`escape_rest`].
#[inline]
fn string(out: &mut Vec<u8>, s: &str) {
    string_bytes(out, s.as_bytes());
}

/// [`string`] of UTF-8 bytes (a header name or value sliced by its offsets). A string of
/// at most 16 bytes with nothing to escape (an exchange id, a method, a version: ~10 per
/// exchange) is tested by one or two word compares ([`short_needs_escape`]) and copied
/// here, inlined; the rest goes to [`string_bytes_scan`].
#[inline]
fn string_bytes(out: &mut Vec<u8>, b: &[u8]) {
    if b.len() <= 16 && !short_needs_escape(b) {
        out.reserve(b.len() + 2);
        out.push(b'"');
        out.extend_from_slice(b);
        out.push(b'"');
        return;
    }
    string_bytes_scan(out, b);
}

/// Whether one of the (at most 16) bytes of `b` needs an escape in a JSON string: the
/// zero test of [`escapes`] on one word holding every byte of `b` (two overlapping 8-byte
/// words from 8 bytes on; from 4, two overlapping 4-byte halves; below, the bytes padded
/// with spaces, which need none). Longer strings: `true` (the caller scans them).
#[inline]
fn short_needs_escape(b: &[u8]) -> bool {
    let n = b.len();
    let w = if n > 16 {
        return true;
    } else if n >= 8 {
        escapes(word_at(b)) | escapes(word_at(&b[n - 8..]))
    } else if n >= 4 {
        let lo = b.first_chunk::<4>().map_or(0, |c| u32::from_le_bytes(*c));
        let hi = b[n - 4..]
            .first_chunk::<4>()
            .map_or(0, |c| u32::from_le_bytes(*c));
        escapes(u64::from(lo) | (u64::from(hi) << 32))
    } else if n > 0 {
        // every byte of a 1-3 byte string is among the first, the middle and the last
        escapes(u64::from_le_bytes([
            b[0],
            b[n / 2],
            b[n - 1],
            b' ',
            b' ',
            b' ',
            b' ',
            b' ',
        ]))
    } else {
        0
    };
    w != 0
}

/// [`string_bytes`] by the 16-byte scan: copied in one run up to the first byte to escape,
/// then [`escape_rest`].
fn string_bytes_scan(out: &mut Vec<u8>, b: &[u8]) {
    out.reserve(b.len() + 2);
    out.push(b'"');
    match crate::model::json::next_string_stop(b, 0) {
        None => out.extend_from_slice(b),
        Some(i) => {
            out.extend_from_slice(&b[..i]);
            escape_rest(out, &b[i..]);
        }
    }
    out.push(b'"');
}

/// The first 8 bytes of `b` as a little-endian word; fewer are padded with spaces (which
/// need no escape).
fn word_at(b: &[u8]) -> u64 {
    match b.first_chunk::<8>() {
        Some(w) => u64::from_le_bytes(*w),
        None => {
            let mut w = [b' '; 8];
            for (d, s) in w.iter_mut().zip(b) {
                *d = *s;
            }
            u64::from_le_bytes(w)
        }
    }
}

/// Appends `b` escaped as [`string`] does. A JSON body recorded as a string has a `"` every
/// few bytes, so the runs between escapes are short: rather than a copy per run (sessions 6,
/// 7 and 14 measured that slower than a byte loop), fixed-size stores. While 16 bytes are
/// left, one SSE2 compare flags every byte of the next 16 to escape
/// ([`crate::model::json::string_stops16`]; session 33): the block is stored whole, and for
/// each flagged byte in turn its escape is written and the rest of the block stored again
/// right after it (16 bytes from a copy of the block padded to 32, so no store reads past
/// it); the block's flags are compared once, not once per escape. A block whose flagged
/// bytes are all `"` or `\` (no control byte: two word tests) is written the same way into
/// a fixed 48-byte window of the room, each flagged byte preceded by a `\`, with no
/// per-store bounds check and no table lookup (session 37). Then 8-byte words: the
/// word at the current byte is stored whole and, when it holds a byte to escape
/// ([`escapes`] flags the lowest exactly), the output moves on to that byte only, which is
/// written escaped, and the next word is loaded right after it (sessions 17 and 21). A
/// later store overwrites what an earlier one wrote past its end.
///
/// The output is written into zeroed room at the end of `out`, which always holds 2 bytes
/// per input byte left plus [`ESCAPE_ROOM`] (an escape of `"` or `\\` is 2 bytes, a store
/// at most 16 past the output's end); it is grown before a control byte's `\u00xx` (6
/// bytes) and cut to what was written at the end.
fn escape_rest(out: &mut Vec<u8>, b: &[u8]) {
    let base = out.len();
    out.resize(base + 2 * b.len() + ESCAPE_ROOM, 0);
    // `b[..i]` is escaped into `out[base..j]`; `out.len() >= j + 2 * (b.len() - i) + ESCAPE_ROOM`
    let mut j = base;
    let mut i = 0;
    while let Some(mut m) = crate::model::json::string_stops16(b, i) {
        if m == 0 {
            out[j..j + 16].copy_from_slice(&b[i..i + 16]);
            i += 16;
            j += 16;
            continue;
        }
        let mut block = [0u8; 32];
        block[..16].copy_from_slice(&b[i..i + 16]);
        let word = |k: usize| u64::from_le_bytes(*block[k..].first_chunk::<8>().unwrap_or(&[0; 8]));
        let control = |w: u64| w.wrapping_sub(LO_BYTES * 0x20) & !w & HI_BITS;
        if control(word(0)) | control(word(8)) == 0 {
            // Only `"` and `\` to escape (a JSON body's usual block): each is written after
            // a `\`, into a fixed 48-byte window of the room (16 bytes and at most 16
            // escapes, then the 16-byte store past the last): the indices are masked into
            // the window, so no store is bounds-checked on its own (session 37: ~55
            // instructions per escape by `escape_byte` and checked slices, ~25 this way).
            if let Some(dst) = out
                .get_mut(j..j + 48)
                .and_then(|w| <&mut [u8; 48]>::try_from(w).ok())
            {
                dst[..16].copy_from_slice(&block[..16]);
                let mut d = 0usize;
                while m != 0 {
                    let k = m.trailing_zeros() as usize & 15;
                    m &= m - 1;
                    let at = (k + d) & 31;
                    dst[at] = b'\\';
                    dst[at + 1..at + 17].copy_from_slice(&block[k..k + 16]);
                    d += 1;
                }
                i += 16;
                j += 16 + d;
                continue;
            }
        }
        out[j..j + 16].copy_from_slice(&block[..16]);
        // output index of block byte `k` is `j + k + d`: `d` bytes added by escapes so far
        let mut d = 0;
        while m != 0 {
            let k = (m.trailing_zeros() & 15) as usize;
            m &= m - 1;
            let at = j + k + d;
            let next = escape_byte(out, at, block[k], b.len() - i - k - 1);
            d = next - (j + k + 1);
            out[next..next + 16].copy_from_slice(&block[k + 1..k + 17]);
        }
        i += 16;
        j += 16 + d;
    }
    while i < b.len() {
        let w = word_at(&b[i..]);
        out[j..j + 8].copy_from_slice(&w.to_le_bytes());
        let m = escapes(w);
        if m == 0 {
            let n = (b.len() - i).min(8);
            i += n;
            j += n;
            continue;
        }
        // the padding of a short last word is spaces: the lowest flag is a byte of `b`
        let k = (m.trailing_zeros() / 8) as usize;
        i += k;
        let Some(&c) = b.get(i) else {
            // not reached (see above); the bytes before it are written
            j += k;
            break;
        };
        j = escape_byte(out, j + k, c, b.len() - i - 1);
        i += 1;
    }
    out.truncate(j);
}

/// Room [`escape_rest`] keeps past 2 bytes per input byte left: a 16-byte store may start
/// at the output's end, and 16 more for one started past an escape.
const ESCAPE_ROOM: usize = 32;

/// Writes the escape of `c` (a byte [`ESCAPE`] does not leave as is) at `out[j..]` and
/// returns the index after it; `left`: input bytes after `c`, for which [`escape_rest`]'s
/// room (2 per byte plus [`ESCAPE_ROOM`]) is kept when a `\u00xx` grows `out`.
#[inline(always)]
fn escape_byte(out: &mut Vec<u8>, j: usize, c: u8, left: usize) -> usize {
    const HEX: &[u8; 16] = b"0123456789abcdef";
    match ESCAPE[usize::from(c)] {
        b'u' => {
            let need = j + 6 + 2 * left + ESCAPE_ROOM;
            if out.len() < need {
                out.resize(need, 0);
            }
            out[j..j + 6].copy_from_slice(&[
                b'\\',
                b'u',
                b'0',
                b'0',
                HEX[usize::from(c >> 4)],
                HEX[usize::from(c & 0xf)],
            ]);
            j + 6
        }
        e => {
            out[j..j + 2].copy_from_slice(&[b'\\', e]);
            j + 2
        }
    }
}

const LO_BYTES: u64 = 0x0101_0101_0101_0101;
const HI_BITS: u64 = 0x8080_8080_8080_8080;

/// Bit 7 set in the lowest byte of `w` (little-endian: the first) that needs an escape in a
/// JSON string (`"`, `\\`, below 0x20), zero when no byte does. Above the lowest flagged
/// byte a byte that needs none may be flagged too (the borrow of the subtraction runs on
/// into the next byte), so only the lowest flag and the zero test are exact; below it no
/// borrow arises. Three subtract-and-mask tests: a byte less than 0x20, and a zero byte
/// of `w` xor `"` and of `w` xor `\\` (a byte of 0x80 or more never sets its flag: `!w`
/// clears bit 7).
fn escapes(w: u64) -> u64 {
    let q = w ^ (LO_BYTES * u64::from(b'"'));
    let s = w ^ (LO_BYTES * u64::from(b'\\'));
    ((w.wrapping_sub(LO_BYTES * 0x20) & !w)
        | (q.wrapping_sub(LO_BYTES) & !q)
        | (s.wrapping_sub(LO_BYTES) & !s))
        & HI_BITS
}

/// How serde_json writes each byte inside a string: 0 = as itself; `u` = `\u00xx`; any
/// other value `e` = the two bytes `\` `e` (`\"`, `\\`, `\b`, `\f`, `\n`, `\r`, `\t`).
static ESCAPE: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut c = 0;
    while c < 0x20 {
        t[c] = b'u';
        c += 1;
    }
    t[0x08] = b'b';
    t[0x0c] = b'f';
    t[b'\n' as usize] = b'n';
    t[b'\r' as usize] = b'r';
    t[b'\t' as usize] = b't';
    t[b'"' as usize] = b'"';
    t[b'\\' as usize] = b'\\';
    t
};

fn header_list(out: &mut Vec<u8>, h: &Headers) {
    let text = h.text_bytes();
    if crate::model::json::next_string_stop(text, 0).is_none() {
        // No name or value of the head needs an escape (one 16-byte scan of the head's
        // buffer, not one scan per name and value): each is copied as it is, into room
        // reserved once (`["`, `","`, `"]` and a `,` per field, and the brackets).
        out.reserve(text.len() + 8 * h.len() + 2);
        out.push(b'[');
        for (i, (k, v)) in h.raw_fields().enumerate() {
            if i > 0 {
                out.push(b',');
            }
            out.extend_from_slice(b"[\"");
            out.extend_from_slice(k);
            out.extend_from_slice(b"\",\"");
            out.extend_from_slice(v.as_bytes());
            out.extend_from_slice(b"\"]");
        }
        out.push(b']');
        return;
    }
    out.push(b'[');
    // names and values as bytes by their offsets (perfr35: no `&str` cut per field)
    for (i, (k, v)) in h.raw_fields().enumerate() {
        if i > 0 {
            out.push(b',');
        }
        out.push(b'[');
        string_bytes(out, k);
        out.push(b',');
        string_bytes(out, v.as_bytes());
        out.push(b']');
    }
    out.push(b']');
}

/// `"body":...` (text, or base64 with `"encoding":"base64"`) and `"truncated":true`.
fn body_fields(out: &mut Vec<u8>, body: &Body) {
    out.extend_from_slice(b",\"body\":");
    match std::str::from_utf8(&body.data) {
        Ok(text) => string(out, text),
        Err(_) => {
            use base64::Engine as _;
            out.push(b'"');
            let start = out.len();
            out.resize(start + body.data.len().div_ceil(3) * 4, 0);
            let n = base64::engine::general_purpose::STANDARD
                .encode_slice(&body.data, &mut out[start..])
                .unwrap_or(0);
            out.truncate(start + n);
            out.extend_from_slice(b"\",\"encoding\":\"base64\"");
        }
    }
    if body.truncated {
        out.extend_from_slice(b",\"truncated\":true");
    }
}

/// Schedules the calling thread (the recorder's writer, the pipeline's verifier) as
/// `SCHED_BATCH` at the process's own nice (Linux: `sched_setscheduler(0, SCHED_BATCH)` sets
/// the calling thread's policy, sched(7)): its wake-ups never preempt a running tokio worker
/// (the scheduler treats a batch thread as CPU-bound and lets the tick decide), yet over
/// time it gets the CPU share of a thread at the workers' priority, which is what a queue
/// it must keep up with needs.
///
/// Sessions 4-58 ran both threads 10 nice levels below the workers: a weight of 110
/// against 1024 per busy thread at the process's priority. On a loaded machine they fell
/// behind the traffic: the recorder's queue filled its 65,536 events and body events were
/// dropped (attack58: 14,887 at ~3,600 calls/s at load 22-31; perfproxy59: 252,823 at
/// ~9,300 calls/s at load 30-80, the writer runnable but waiting for a core 43 s of 95 s),
/// and the verifier's hand-over reached its bound and skipped rounds. Their own work is
/// small beside forwarding (~16k and ~34k instructions per exchange against the workers'
/// ~116k), so keeping up costs forwarding little (docs/performance.md, "Session 59
/// (perfproxy59)"). Elsewhere, or if the call is refused, the thread keeps its scheduling.
pub fn keep_up_behind_forwarding() {
    #[cfg(target_os = "linux")]
    {
        let param = libc::sched_param { sched_priority: 0 };
        // SAFETY: `param` is a valid `sched_param` for the call's duration; pid 0 names the
        // calling thread; SCHED_BATCH takes priority 0 and needs no privilege. A refusal
        // leaves the thread as it was (the result is not needed).
        let _ = unsafe { libc::sched_setscheduler(0, libc::SCHED_BATCH, &param) };
    }
}

/// Resolves once `flag` is true: at once if it already is, else at the first
/// `notify.notify_waiters()` after whoever sets it stored `true` (`Ordering::Release`). The
/// waiter registers before it reads the flag, so a set between the two still wakes it. Used
/// for the recorder's write failure ([`Recorder::record_error`]) and an upstream connection's
/// end (`proxy::early::EarlyState::gone`).
pub(crate) async fn until_set(flag: &AtomicBool, notify: &tokio::sync::Notify) {
    loop {
        let notified = notify.notified();
        tokio::pin!(notified);
        notified.as_mut().enable();
        if flag.load(Ordering::Acquire) {
            return;
        }
        notified.await;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::record::event::{Body, CaptureMode, Outcome};

    /// The capture clock's arithmetic (session 38) against `Duration`'s, which `t_us` was
    /// computed with before (`Instant::elapsed().as_micros()`): every borrow of the
    /// nanoseconds, whole and partial µs, seconds apart, and a clock read before the start.
    /// perfproxy59: the live line about a full queue says what was lost (events, bytes,
    /// since when, in all), which bound was reached, what it does to the recording and the
    /// verdicts, and the way out; the first line counts from the start.
    #[test]
    fn drop_line_says_what_was_lost_which_bound_and_the_way_out() {
        let first = drop_line(&DropReport {
            events: 3,
            bytes: 120,
            total_events: 3,
            first: true,
            by_bytes: false,
            queue_bytes: 64 << 20,
        });
        assert_eq!(
            first,
            "warning: the recording is losing data: 3 body events (120 bytes) dropped: the recorder is behind the traffic and its queue is full (65536 events); their exchanges are recorded without those bodies (`truncated`, a `gap` event) and their content is not judged; forwarding is not slowed; hint: --lossless makes the proxy wait for the recorder instead (nothing lost)"
        );
        let later = drop_line(&DropReport {
            events: 1,
            bytes: 7,
            total_events: 10,
            first: false,
            by_bytes: true,
            queue_bytes: 0,
        });
        assert!(
            later.contains(
                ": 1 body event (7 bytes) dropped in the last 10 s, 10 in all: the recorder is behind the traffic and its queue is full (--queue-bytes 0);"
            ),
            "{later}"
        );
    }

    /// The writer counts which bound a drop found exceeded: a queue over its byte bound
    /// (`queue_bytes` 0, a body event queued and not yet taken) drops the next body event and
    /// says `by_bytes`; control events are never dropped.
    #[test]
    fn a_drop_over_the_byte_bound_is_told_as_such() {
        let (sink, recorder) = spawn_recorder(
            RecorderConfig {
                path: None,
                overwrite: false,
                header: RecordingHeader::new(CaptureMode::Reverse),
                queue_bytes: 0,
                lossless: false,
                redact: false,
                secret_headers: Vec::new(),
            },
            Box::new(|_| std::thread::sleep(Duration::from_millis(50))),
        )
        .unwrap();
        let body = || EventKind::ResponseChunk {
            body: Body {
                data: bytes::Bytes::from_static(b"abc"),
                truncated: false,
            },
        };
        // the first is queued (the queue held no bytes), the next ones find it there
        assert!(sink.try_send(Some("e1".into()), None, body()));
        let mut dropped = 0;
        for _ in 0..10 {
            dropped += u64::from(!sink.try_send(Some("e1".into()), None, body()));
        }
        assert!(dropped > 0);
        assert_eq!(sink.dropped_events(), dropped);
        assert!(sink.shared.dropped_over_bytes.load(Ordering::Relaxed));
        assert!(sink.try_send(
            Some("e1".into()),
            None,
            EventKind::ExchangeEnd {
                outcome: Outcome::Complete,
                error: None,
                trailers: None,
                request_bytes: 0,
                response_bytes: 30,
                truncated: true,
                resent: None,
                connect_failure: None,
            }
        ));
        let rt = tokio::runtime::Builder::new_current_thread()
            .build()
            .unwrap();
        let stats = rt.block_on(recorder.finish()).unwrap();
        assert_eq!(stats.dropped_events, dropped);
        assert_eq!(stats.dropped_bytes, 3 * dropped);
    }

    #[test]
    fn capture_clock_counts_whole_micros_as_duration_does() {
        let nanos = [
            0i64,
            1,
            999,
            1_000,
            1_001,
            499_999,
            500_000,
            999_998_999,
            999_999_000,
            999_999_999,
        ];
        for s0 in [0i64, 7, 1_000_000] {
            for &n0 in &nanos {
                for ds in [0i64, 1, 2, 3_600] {
                    for &n1 in &nanos {
                        let (s1, start, now) = (s0 + ds, (s0, n0), (s0 + ds, n1));
                        let a = std::time::Duration::new(s0 as u64, n0 as u32);
                        let b = std::time::Duration::new(s1 as u64, n1 as u32);
                        let want = b.checked_sub(a).map_or(0, |d| d.as_micros() as u64);
                        assert_eq!(micros_between(start, now), want, "{start:?} -> {now:?}");
                    }
                }
            }
        }
    }

    /// The capture clock reads the clock `Instant` reads: with its start taken between two
    /// `Instant`s `s0` and `s1`, a stamp taken between two more, `r0` and `r1`, is at least
    /// `r0 - s1` and at most `r1 - s0` (whole µs rounded down on both sides), however long
    /// a loaded machine paused the thread between any two of them.
    #[test]
    fn capture_clock_runs_with_instant() {
        let s0 = Instant::now();
        let clock = CaptureClock::start();
        let s1 = Instant::now();
        let mut last = 0;
        for k in 0..300 {
            if k == 150 {
                std::thread::sleep(Duration::from_millis(3));
            }
            let r0 = Instant::now();
            let us = clock.now_us();
            let r1 = Instant::now();
            let (low, high) = (
                r0.saturating_duration_since(s1).as_micros() as u64,
                r1.duration_since(s0).as_micros() as u64,
            );
            assert!(low <= us && us <= high, "{low} <= {us} <= {high}");
            assert!(us >= last, "monotonic: {us} after {last}");
            last = us;
        }
        assert!(last >= 3_000, "{last} µs after a 3 ms sleep");
    }

    /// review26 R3: a recording whose first event line is torn (a run killed while
    /// writing it: bytes after the header's newline, none after them) holds evidence of the
    /// crash: it is refused like one with events, counted as 1 event; the header alone, with
    /// or without its newline, is replaced (newcomer26 N6).
    #[test]
    fn a_torn_first_event_is_an_event_to_keep() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("crash.jsonl");
        let header = r#"{"type":"recording","format":1,"tool":{"name":"a2a-interop","version":"0.1.0"},"startedAt":"2026-11-30T05:37:13.454Z","mode":"reverse"}"#;
        let torn = format!("{header}\n{{\"seq\":1,\"t_us\":502,\"type\":\"request_head\",\"exch");
        std::fs::write(&p, &torn).unwrap();
        let e = check_overwrite(&p, false).unwrap_err();
        assert_eq!(e.kind(), io::ErrorKind::AlreadyExists);
        assert!(
            e.to_string()
                .contains("started 2026-11-30T05:37:13.454Z, 1 event)"),
            "{e}"
        );
        assert_eq!(
            std::fs::read_to_string(&p).unwrap(),
            torn,
            "nothing changed"
        );
        assert!(check_overwrite(&p, true).is_ok(), "--overwrite replaces it");
        for alone in [format!("{header}\n"), header.to_string()] {
            std::fs::write(&p, &alone).unwrap();
            assert!(check_overwrite(&p, false).is_ok(), "{alone:?}");
            assert_eq!(recorded_events(&p), Some(0), "{alone:?}");
        }
        std::fs::write(&p, format!("{header}\n{{\"seq\":1}}\n{{\"se")).unwrap();
        assert_eq!(recorded_events(&p), Some(2));
    }
    use crate::record::jsonl::RecordingReader;
    use std::sync::Mutex;

    fn cfg(path: Option<PathBuf>, queue_bytes: usize, lossless: bool) -> RecorderConfig {
        RecorderConfig {
            path,
            overwrite: false,
            header: RecordingHeader::new(CaptureMode::Reverse),
            queue_bytes,
            lossless,
            redact: true,
            secret_headers: Vec::new(),
        }
    }

    fn end() -> EventKind {
        EventKind::ExchangeEnd {
            outcome: Outcome::Complete,
            error: None,
            trailers: None,
            request_bytes: 0,
            response_bytes: 3,
            truncated: false,
            resent: None,
            connect_failure: None,
        }
    }

    fn fast_matches_serde(ev: Event) {
        let mut a = Vec::new();
        let mut b = Vec::new();
        encode_event(&ev, &mut a);
        encode_fast(&ev, &mut b);
        assert_eq!(
            String::from_utf8_lossy(&b),
            String::from_utf8_lossy(&a),
            "{ev:?}"
        );
    }

    #[test]
    fn fast_encoder_writes_what_serde_writes() {
        let heads = Headers::from(vec![
            ("Content-Type".into(), "application/json".into()),
            (
                "x-odd".into(),
                "tab\there \"quoted\" \\ back \u{1} \u{7f} é 漢 \u{1F600}".into(),
            ),
        ]);
        let base = |exchange: Option<&str>, leg: Option<&str>, kind: EventKind| Event {
            seq: 18_446_744_073_709_551_615,
            t_us: 0,
            exchange: exchange.map(Into::into),
            leg: leg.map(str::to_string),
            kind,
        };
        let bodies = [
            Body::new(""),
            Body::new("{\"jsonrpc\":\"2.0\",\"id\":1}\r\n"),
            Body::new("data: {\"x\":\"\u{8}\u{c}\u{1f}\"}\n\n"),
            Body {
                data: bytes::Bytes::from_static(&[0xff, 0x00, 0x80, 1, 2]),
                truncated: true,
            },
            Body {
                data: bytes::Bytes::from_static(&[0xc3]),
                truncated: false,
            },
            Body {
                data: bytes::Bytes::from_static(b"cut"),
                truncated: true,
            },
        ];
        for (x, l) in [
            (Some("e1"), None),
            (None, Some("upstream")),
            (Some("e\"2"), Some("a b")),
        ] {
            for conn in [None, Some(0), Some(12345)] {
                for version in [None, Some("HTTP/1.1".to_string())] {
                    for upstream in [None, Some("http://127.0.0.1:9/a?b=c".to_string())] {
                        fast_matches_serde(base(
                            x,
                            l,
                            EventKind::RequestHead {
                                conn,
                                method: "POST".into(),
                                url: "http://127.0.0.1:8080/rpc?q=ü".into(),
                                version: version.clone(),
                                headers: heads.clone(),
                                upstream: upstream.clone(),
                            },
                        ));
                    }
                }
            }
            for b in &bodies {
                fast_matches_serde(base(x, l, EventKind::RequestBody { body: b.clone() }));
                fast_matches_serde(base(x, l, EventKind::ResponseChunk { body: b.clone() }));
            }
            for synthetic in [false, true] {
                for version in [None, Some("HTTP/2.0".to_string())] {
                    fast_matches_serde(base(
                        x,
                        l,
                        EventKind::ResponseHead {
                            status: 502,
                            version,
                            headers: Headers::default(),
                            synthetic,
                            reason: None,
                        },
                    ));
                }
            }
            for outcome in [
                Outcome::Complete,
                Outcome::ClientAbort,
                Outcome::UpstreamAbort,
                Outcome::UpstreamError,
                Outcome::Open,
                Outcome::Refused,
            ] {
                for (error, trailers, truncated) in [
                    (None, None, false),
                    (
                        Some("agent response body failed: \"reset\"\n".to_string()),
                        Some(heads.clone()),
                        true,
                    ),
                    (None, Some(Headers::default()), false),
                ] {
                    fast_matches_serde(base(
                        x,
                        l,
                        EventKind::ExchangeEnd {
                            outcome,
                            error: error.clone(),
                            trailers: trailers.clone(),
                            request_bytes: 0,
                            response_bytes: 1 << 40,
                            truncated,
                            resent: None,
                            connect_failure: None,
                        },
                    ));
                }
            }
            // Other kinds go through serde.
            fast_matches_serde(base(
                x,
                l,
                EventKind::Gap {
                    dropped_events: 1,
                    dropped_bytes: 2,
                    reason: None,
                },
            ));
        }
    }

    /// The block-at-a-time escaper writes what serde_json writes, on every byte class
    /// (controls, `"`, `\\`, DEL, ASCII, 2-4 byte UTF-8, U+2028 / U+2029, which JSON leaves
    /// as is) at every offset of two 16-byte blocks and of the 8-byte words after them, after
    /// text already in the buffer, in
    /// strings long enough to grow its room many times over (all controls: 6 bytes each).
    #[test]
    fn short_strings_escape_like_serde_json_at_every_length_and_offset() {
        // `string_bytes`' word test of strings up to 16 bytes (one or two words, two
        // overlapping halves, three bytes): every ASCII byte at every offset of every
        // length 0..=18, in a string of plain bytes and one of multi-byte characters.
        let check = |s: &str| {
            let mut ours = b"x".to_vec();
            string(&mut ours, s);
            let mut theirs = b"x".to_vec();
            theirs.extend_from_slice(&serde_json::to_vec(s).unwrap());
            assert_eq!(
                String::from_utf8_lossy(&ours),
                String::from_utf8_lossy(&theirs),
                "{s:?}"
            );
        };
        for len in 0..=18usize {
            check(&"a".repeat(len));
            for at in 0..len {
                for c in 0u8..=0x7f {
                    let mut t: Vec<u8> = vec![b'a'; len];
                    t[at] = c;
                    check(std::str::from_utf8(&t).unwrap());
                }
                // a two-byte character ending at `at`, the rest plain
                if at > 0 {
                    let mut t = "a".repeat(at - 1);
                    t.push('é');
                    t.push_str(&"a".repeat(len - at - 1));
                    check(&t);
                    t.push('"');
                    check(&t);
                }
            }
        }
    }

    #[test]
    fn header_lists_write_what_serde_writes_with_and_without_escapes() {
        // `header_list`'s one scan of the head's buffer: a head with nothing to escape is
        // copied field by field; one escape anywhere (first or last field, name or value)
        // sends it the field-by-field way.
        let plain = [
            ("host", "127.0.0.1:8080"),
            ("content-type", "application/json"),
            ("content-length", "151"),
            ("x-é", "漢字 value"),
        ];
        let mut heads: Vec<Vec<(String, String)>> = vec![vec![]];
        for n in 1..=plain.len() {
            let base: Vec<(String, String)> = plain[..n]
                .iter()
                .map(|(k, v)| (k.to_string(), v.to_string()))
                .collect();
            heads.push(base.clone());
            for i in 0..n {
                for bad in ["\"", "\\", "\n", "\u{1}", "\t"] {
                    let mut h = base.clone();
                    h[i].1.push_str(bad);
                    heads.push(h.clone());
                    let mut h = base.clone();
                    h[i].0.insert_str(0, bad);
                    heads.push(h);
                }
            }
        }
        for h in heads {
            let headers = Headers::from(h);
            fast_matches_serde(Event {
                seq: 3,
                t_us: 9,
                exchange: Some("e1".into()),
                leg: None,
                kind: EventKind::ResponseHead {
                    status: 200,
                    version: Some("HTTP/1.1".into()),
                    headers,
                    synthetic: false,
                    reason: None,
                },
            });
        }
    }

    #[test]
    fn string_escapes_like_serde_json() {
        let check = |s: &str| {
            for prefix in [&b""[..], b"{\"body\":", b"0123456789abcde"] {
                let mut ours = prefix.to_vec();
                string(&mut ours, s);
                let mut theirs = prefix.to_vec();
                theirs.extend_from_slice(&serde_json::to_vec(s).unwrap());
                assert_eq!(
                    String::from_utf8_lossy(&ours),
                    String::from_utf8_lossy(&theirs),
                    "{s:?}"
                );
            }
        };
        for c in 0u8..=0x7f {
            for pad in 0..41 {
                let mut t = "a".repeat(pad);
                t.push(char::from(c));
                t.push_str("é漢\u{1F600}xyz");
                check(&t);
                // the same byte twice, the second in the next word or the same one
                t.push(char::from(c));
                t.push_str(&"b".repeat(pad));
                t.push(char::from(c));
                check(&t);
            }
        }
        check("");
        check(r#"{"jsonrpc":"2.0","id":1,"result":{"kind":"message"}}"#);
        check("line\u{2028}separator\u{2029}paragraph\u{85}next");
        // Escapes back to back, across word edges, and one at every end position.
        check("\"\"\"\"\"\"\"\"\"\\\\\n\u{1}\u{1f}\t\"");
        for n in 0..40 {
            check(&format!("{}\"", "x".repeat(n)));
            check(&format!("\\{}\u{7}", "é".repeat(n)));
            check(&format!("{}{}", "\"".repeat(n), "\u{1}".repeat(n)));
        }
        // Long: a pretty-printed body, and nothing but controls (every word grows the room).
        let pretty = serde_json::to_string_pretty(&serde_json::json!({
            "jsonrpc": "2.0", "id": 7, "result": {"parts": [{"kind": "text", "text": "a \"b\" \\ c\n\td"}]}
        }))
        .unwrap();
        check(&pretty.repeat(50));
        check(&(0u8..0x20).map(char::from).collect::<String>().repeat(40));
        check(&format!("{}{}", "x".repeat(5000), "\u{0}".repeat(3000)));
        use proptest::prelude::*;
        proptest!(ProptestConfig::with_cases(2000), |(
            s in "(?s).{0,80}",
            t in "[\\x00-\\x7f]{0,40}",
            u in "[\\x00-\\x1f\"\\\\a\u{2028}é]{0,300}",
            long in "(?s).{200,2000}",
        )| {
            check(&s);
            check(&t);
            check(&u);
            check(&long);
            check(&format!("{s}{t}{s}{u}"));
        });
    }

    /// [`escapes`]: zero exactly when no byte of the word needs an escape, else its lowest
    /// flag is on the first byte that does (what [`escape_rest`] moves to).
    #[test]
    fn escape_mask_flags_the_first_byte_to_escape() {
        use proptest::prelude::*;
        let needs = |c: u8| c < 0x20 || c == b'"' || c == b'\\';
        let check = |w: [u8; 8]| {
            let m = escapes(u64::from_le_bytes(w));
            match w.iter().position(|&c| needs(c)) {
                None => assert_eq!(m, 0, "{w:?}"),
                Some(k) => assert_eq!(m.trailing_zeros() / 8, k as u32, "{w:?}"),
            }
        };
        // every byte value at every position, among bytes that just miss the tests
        for c in 0..=255u8 {
            for k in 0..8 {
                for fill in [b' ', b'!', b'#', b'[', b']', 0x7f, 0x80, 0xff] {
                    let mut w = [fill; 8];
                    w[k] = c;
                    check(w);
                }
            }
        }
        proptest!(ProptestConfig::with_cases(5000), |(w in any::<[u8; 8]>())| check(w));
    }

    /// Bodies of any bytes (UTF-8 or not, base64 then) are written as serde writes them.
    #[test]
    fn fast_encoder_writes_any_body_as_serde_does() {
        use proptest::prelude::*;
        proptest!(ProptestConfig::with_cases(1000), |(
            data in proptest::collection::vec(any::<u8>(), 0..400),
            text in "(?s).{0,400}",
            truncated in any::<bool>(),
        )| {
            for data in [data.clone(), text.clone().into_bytes()] {
                let body = Body { data: bytes::Bytes::from(data), truncated };
                fast_matches_serde(Event {
                    seq: 1,
                    t_us: 2,
                    exchange: Some("e1".into()),
                    leg: None,
                    kind: EventKind::RequestBody { body },
                });
            }
        });
    }

    /// Exchange ids count from `e1` in decimal, across digit counts.
    #[tokio::test]
    async fn exchange_ids_are_e_and_the_count() {
        let (sink, rec) = spawn_recorder(cfg(None, 1 << 20, false), Box::new(|_| {})).unwrap();
        for n in 1..=1001u64 {
            assert_eq!(*sink.next_exchange_id(), *format!("e{n}"));
        }
        rec.finish().await.unwrap();
    }

    #[tokio::test]
    async fn writes_header_then_events_in_seq_order_and_calls_on_event() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("sub/rec.jsonl");
        let seen = Arc::new(Mutex::new(Vec::new()));
        let seen2 = seen.clone();
        let (sink, rec) = spawn_recorder(
            cfg(Some(path.clone()), 1 << 20, false),
            Box::new(move |ev| seen2.lock().unwrap().push(ev.seq)),
        )
        .unwrap();
        let ex = sink.next_exchange_id();
        assert_eq!(&*ex, "e1");
        assert!(sink.try_send(
            Some(ex.clone()),
            None,
            EventKind::ResponseChunk {
                body: Body::new("abc")
            }
        ));
        assert!(sink.try_send(Some(ex), None, end()));
        let stats = rec.finish().await.unwrap();
        assert_eq!(stats.events, 2);
        assert_eq!(*seen.lock().unwrap(), vec![1, 2]);
        let f = std::io::BufReader::new(File::open(&path).unwrap());
        let r = RecordingReader::new(f).unwrap();
        let evs: Vec<Event> = r.collect::<Result<_, _>>().unwrap();
        assert_eq!(evs.len(), 2);
        assert_eq!(evs[0].seq, 1);
        assert!(matches!(evs[1].kind, EventKind::ExchangeEnd { .. }));
        assert_eq!(stats.bytes_written, std::fs::metadata(&path).unwrap().len());
    }

    /// Batched hand-over of JSON exchanges (session 38: the redactor releases a held body
    /// straight into the batch, a full batch is handed over before it must grow): 3,000
    /// exchanges of five events sent at once, so rounds run past [`MAX_BATCH_EVENTS`] and the
    /// held request and response bodies are released into nearly full batches. Every event
    /// reaches the consumer once, numbered 1.. in order, in batches of 1 to 1,024, and the
    /// file holds the same lines.
    #[tokio::test]
    async fn batches_take_released_bodies_in_order_past_a_full_batch() {
        released_bodies_in_order(None).await;
    }

    /// [`batches_take_released_bodies_in_order_past_a_full_batch`] with a consumer that gives
    /// every batch back with its events still in it ([`BatchSpares::give_back`], as the
    /// pipeline's verifier thread does, session 39): the writer's later batches are those
    /// vectors, emptied; every event still reaches the consumer once and in order (no event
    /// of an earlier batch comes again, none is lost), and at most [`MAX_SPARE_BATCHES`] are
    /// kept at the end.
    #[tokio::test]
    async fn batches_given_back_are_reused_empty_and_in_order() {
        let spares = BatchSpares::default();
        released_bodies_in_order(Some(spares.clone())).await;
        assert!(
            (1..=MAX_SPARE_BATCHES).contains(&spares.kept()),
            "{spares:?}"
        );
    }

    /// Emptied batches kept by [`BatchSpares`]: their events dropped, at most
    /// [`MAX_SPARE_BATCHES`], none that grew past a full batch or never had room; the next
    /// batch taken is a kept one, empty, with its room.
    #[test]
    fn batch_spares_keep_a_few_emptied_vectors() {
        let ev = |i: u64| Event {
            seq: i,
            t_us: 0,
            exchange: None,
            leg: None,
            kind: EventKind::ResponseChunk {
                body: Body::new(format!("{i}")),
            },
        };
        let spares = BatchSpares::default();
        spares.give_back(Vec::new());
        assert_eq!(spares.kept(), 0);
        let mut big = Vec::with_capacity(MAX_BATCH_EVENTS + BATCH_HEADROOM + 1);
        big.push(ev(1));
        spares.give_back(big);
        assert_eq!(spares.kept(), 0);
        for i in 0..MAX_SPARE_BATCHES + 1 {
            let mut b = Vec::with_capacity(100);
            b.extend((0..10).map(|k| ev(k + 10 * i as u64)));
            spares.give_back(b);
        }
        assert_eq!(spares.kept(), MAX_SPARE_BATCHES);
        let b = spares.take(50);
        assert!(b.is_empty() && b.capacity() >= 100, "{}", b.capacity());
        assert_eq!(spares.kept(), MAX_SPARE_BATCHES - 1);
        let _ = spares.take(1);
        let fresh = spares.take(7);
        assert!(fresh.is_empty() && fresh.capacity() >= 7);
        assert_eq!(spares.kept(), 0);
        // a kept vector with too little room is dropped for a new one (not grown)
        let mut small = Vec::with_capacity(10);
        small.push(ev(1));
        spares.give_back(small);
        assert_eq!(spares.kept(), 1);
        let b = spares.take(50);
        assert!(b.is_empty() && b.capacity() >= 50);
        assert_eq!(spares.kept(), 0);
    }

    /// The body of the two tests above: 3,000 JSON exchanges at once through a batch
    /// consumer, which gives each batch back to `spares` when there are some.
    async fn released_bodies_in_order(spares: Option<BatchSpares>) {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("rec.jsonl");
        let seen = Arc::new(Mutex::new(Vec::<Vec<Event>>::new()));
        let seen2 = seen.clone();
        let (sink, rec) = match spares {
            None => spawn_recorder_batched(
                cfg(Some(path.clone()), 1 << 30, true),
                Box::new(move |b| seen2.lock().unwrap().push(b)),
            ),
            Some(spares) => spawn_recorder_batched_reusing(
                cfg(Some(path.clone()), 1 << 30, true),
                Box::new({
                    let spares = spares.clone();
                    move |b: Vec<Event>| {
                        seen2.lock().unwrap().push(b.clone());
                        spares.give_back(b);
                    }
                }),
                spares,
            ),
        }
        .unwrap();
        const EXCHANGES: usize = 3_000;
        let json = || {
            Headers::from(vec![(
                "content-type".to_string(),
                "application/json".to_string(),
            )])
        };
        for i in 0..EXCHANGES {
            let x: ExchangeId = format!("e{i}").into();
            let kinds = [
                EventKind::RequestHead {
                    conn: None,
                    method: "POST".into(),
                    url: "http://a/rpc".into(),
                    version: None,
                    headers: json(),
                    upstream: None,
                },
                EventKind::RequestBody {
                    body: Body::new(format!("{{\"jsonrpc\":\"2.0\",\"id\":{i}}}")),
                },
                EventKind::ResponseHead {
                    status: 200,
                    version: None,
                    headers: json(),
                    synthetic: false,
                    reason: None,
                },
                EventKind::ResponseChunk {
                    body: Body::new(format!(
                        "{{\"jsonrpc\":\"2.0\",\"id\":{i},\"result\":{{}}}}"
                    )),
                },
                EventKind::ExchangeEnd {
                    outcome: Outcome::Complete,
                    error: None,
                    trailers: None,
                    request_bytes: 0,
                    response_bytes: 0,
                    truncated: false,
                    resent: None,
                    connect_failure: None,
                },
            ];
            for kind in kinds {
                assert!(sink.try_send(Some(x.clone()), None, kind));
            }
        }
        let stats = rec.finish().await.unwrap();
        let n = 5 * EXCHANGES;
        assert_eq!(stats.events, n as u64);
        let batches = seen.lock().unwrap();
        assert!(batches
            .iter()
            .all(|b| !b.is_empty() && b.len() <= MAX_BATCH_EVENTS));
        let seqs: Vec<u64> = batches.iter().flatten().map(|e| e.seq).collect();
        assert_eq!(seqs, (1..=n as u64).collect::<Vec<_>>());
        // each exchange's events in their order, bodies whole
        let mut next = std::collections::HashMap::<String, usize>::new();
        for e in batches.iter().flatten() {
            let k = next
                .entry(e.exchange.as_deref().unwrap_or("").to_string())
                .or_default();
            let want = [
                "request_head",
                "request_body",
                "response_head",
                "response_chunk",
                "exchange_end",
            ][*k];
            let got = serde_json::to_value(e).unwrap();
            assert_eq!(got["type"], want, "{got}");
            *k += 1;
        }
        let text = std::fs::read_to_string(&path).unwrap();
        assert_eq!(text.lines().count(), n + 1);
    }

    /// Batched hand-over under concurrent producers: every event reaches the batch consumer
    /// exactly once, in file (`seq`) order and in each producer's order, no batch is larger
    /// than [`MAX_BATCH_EVENTS`], the queue counters return to 0, and nothing is lost at
    /// finish (the last events are sent right before it).
    #[tokio::test]
    async fn batches_hold_every_event_once_in_order() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("rec.jsonl");
        let seen = Arc::new(Mutex::new(Vec::<Vec<Event>>::new()));
        let seen2 = seen.clone();
        let (sink, rec) = spawn_recorder_batched(
            cfg(Some(path.clone()), 1 << 30, true),
            Box::new(move |b| seen2.lock().unwrap().push(b)),
        )
        .unwrap();
        const PER: usize = 5_000;
        let producers: Vec<_> = (0..4)
            .map(|p| {
                let sink = sink.clone();
                std::thread::spawn(move || {
                    for i in 0..PER {
                        let body = Body::new(format!("{p}:{i}"));
                        assert!(sink.try_send(
                            Some(format!("p{p}").into()),
                            None,
                            EventKind::ResponseChunk { body },
                        ));
                        if i % 1000 == 0 {
                            std::thread::sleep(Duration::from_millis(3));
                        }
                    }
                })
            })
            .collect();
        for t in producers {
            t.join().unwrap();
        }
        let stats = rec.finish().await.unwrap();
        assert_eq!(stats.events, 4 * PER as u64);
        assert_eq!(sink.queued_events(), 0);
        let batches = std::mem::take(&mut *seen.lock().unwrap());
        assert!(batches
            .iter()
            .all(|b| !b.is_empty() && b.len() <= MAX_BATCH_EVENTS));
        let all: Vec<Event> = batches.into_iter().flatten().collect();
        assert_eq!(all.len(), 4 * PER);
        let mut next = [0usize; 4];
        for (k, ev) in all.iter().enumerate() {
            assert_eq!(ev.seq, k as u64 + 1);
            let EventKind::ResponseChunk { body } = &ev.kind else {
                panic!("{ev:?}")
            };
            let text = String::from_utf8(body.data.to_vec()).unwrap();
            let (p, i) = text.split_once(':').unwrap();
            let p: usize = p.parse().unwrap();
            assert_eq!(
                i.parse::<usize>().unwrap(),
                next[p],
                "producer {p} out of order"
            );
            next[p] += 1;
        }
        assert_eq!(next, [PER; 4]);
        let f = std::io::BufReader::new(File::open(&path).unwrap());
        let r = RecordingReader::new(f).unwrap();
        assert_eq!(r.count(), 4 * PER);
    }

    #[tokio::test]
    async fn full_queue_drops_body_events_keeps_control_events_and_writes_a_gap() {
        // queue_bytes 0: the first body event fits (queue empty), later ones are dropped
        // until the writer drains; control events always pass.
        let (sink, rec) = spawn_recorder(cfg(None, 0, false), Box::new(|_| {})).unwrap();
        let mut dropped = 0;
        for _ in 0..1000 {
            let ok = sink.try_send(
                Some("e1".into()),
                None,
                EventKind::ResponseChunk {
                    body: Body::new(vec![b'x'; 1000]),
                },
            );
            if !ok {
                dropped += 1;
            }
        }
        assert!(sink.try_send(Some("e1".into()), None, end()));
        let stats = rec.finish().await.unwrap();
        assert!(dropped > 0, "nothing dropped");
        assert_eq!(stats.dropped_events, dropped);
        assert_eq!(stats.dropped_bytes, dropped * 1000);
        // written = kept chunks + end + gap event(s)
        assert!(stats.events >= 1000 - dropped + 2);
    }

    #[tokio::test]
    async fn gap_event_carries_the_counts() {
        let seen = Arc::new(Mutex::new(Vec::new()));
        let seen2 = seen.clone();
        let (sink, rec) = spawn_recorder(
            cfg(None, 0, false),
            Box::new(move |ev| seen2.lock().unwrap().push(ev.clone())),
        )
        .unwrap();
        let mut dropped = 0u64;
        for _ in 0..200 {
            if !sink.try_send(
                None,
                None,
                EventKind::RequestBody {
                    body: Body::new("0123456789"),
                },
            ) {
                dropped += 1;
            }
        }
        rec.finish().await.unwrap();
        let (ge, gb) = seen
            .lock()
            .unwrap()
            .iter()
            .filter_map(|e| match e.kind {
                EventKind::Gap {
                    dropped_events,
                    dropped_bytes,
                    ..
                } => Some((dropped_events, dropped_bytes)),
                _ => None,
            })
            .fold((0, 0), |a, b| (a.0 + b.0, a.1 + b.1));
        assert!(dropped > 0);
        assert_eq!((ge, gb), (dropped, dropped * 10));
    }

    #[tokio::test]
    async fn lossless_never_drops() {
        let (sink, rec) = spawn_recorder(cfg(None, 0, true), Box::new(|_| {})).unwrap();
        for _ in 0..500 {
            sink.wait_capacity().await;
            assert!(sink.try_send(
                None,
                None,
                EventKind::ResponseChunk {
                    body: Body::new("x")
                }
            ));
        }
        let stats = rec.finish().await.unwrap();
        assert_eq!(stats.dropped_events, 0);
        assert_eq!(stats.events, 500);
    }

    #[tokio::test]
    async fn a_writer_that_panicked_refuses_events_instead_of_queueing_them() {
        let (sink, rec) = spawn_recorder(
            cfg(None, 1 << 20, false),
            Box::new(|_| panic!("on_event failed (test)")),
        )
        .unwrap();
        assert!(sink.try_send(None, None, end()));
        // The writer takes the event, its consumer panics, the thread unwinds: from then on
        // producers get `false` (nothing piles up in a queue nobody reads).
        // A hang guard, not a timing check: unwinding with a captured backtrace took over
        // 10 s on a loaded 2-core machine (a debug build symbolizing every frame).
        let t0 = Instant::now();
        while sink.try_send(None, None, end()) {
            assert!(
                t0.elapsed() < Duration::from_secs(120),
                "events still accepted"
            );
            tokio::time::sleep(Duration::from_millis(5)).await;
        }
        assert!(rec.finish().await.is_err());
    }

    #[tokio::test]
    async fn unwritable_path_is_an_error_at_start() {
        let dir = tempfile::tempdir().unwrap();
        // A directory cannot be opened as the recording file.
        let r = spawn_recorder(
            cfg(Some(dir.path().to_path_buf()), 1, false),
            Box::new(|_| {}),
        );
        assert!(r.is_err());
    }

    #[cfg(target_os = "linux")]
    #[tokio::test]
    async fn a_file_that_cannot_take_the_header_is_an_error_at_start() {
        // /dev/full accepts open and fails every write with ENOSPC (disk full).
        let r = spawn_recorder(
            cfg(Some(PathBuf::from("/dev/full")), 1 << 20, false),
            Box::new(|_| {}),
        );
        let e = r.err().expect("spawn must fail");
        assert_eq!(e.raw_os_error(), Some(28), "{e}"); // ENOSPC
    }

    /// A FIFO whose only reader takes the header line and goes away: every later write
    /// fails with EPIPE (Rust ignores SIGPIPE), a file that became unwritable mid-run.
    #[cfg(unix)]
    #[tokio::test]
    async fn write_error_mid_run_keeps_on_event_going_and_is_announced() {
        use std::io::Read;
        let dir = tempfile::tempdir().unwrap();
        let fifo = dir.path().join("rec.fifo");
        let st = std::process::Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .unwrap();
        assert!(st.success());
        let f2 = fifo.clone();
        // Reads the header line, then closes its end.
        let reader = std::thread::spawn(move || {
            let mut f = File::open(f2).unwrap();
            let mut got = Vec::new();
            let mut b = [0u8; 1];
            while f.read(&mut b).unwrap() == 1 {
                got.push(b[0]);
                if b[0] == b'\n' {
                    break;
                }
            }
            got
        });
        let n = Arc::new(AtomicU64::new(0));
        let n2 = n.clone();
        let (sink, rec) = spawn_recorder(
            cfg(Some(fifo), 1 << 20, false),
            Box::new(move |_| {
                n2.fetch_add(1, Ordering::Relaxed);
            }),
        )
        .unwrap();
        let header = reader.join().unwrap();
        assert!(header.starts_with(b"{"), "{header:?}");
        assert!(!sink.record_failed());
        for _ in 0..3 {
            assert!(sink.try_send(None, None, end()));
        }
        tokio::time::timeout(Duration::from_secs(10), sink.record_error())
            .await
            .expect("record_error resolves after the failed write");
        assert!(sink.record_failed());
        // Later events still reach on_event.
        for _ in 0..2 {
            assert!(sink.try_send(None, None, end()));
        }
        let stats = rec.finish().await.unwrap();
        assert_eq!(n.load(Ordering::Relaxed), 5);
        assert_eq!(stats.events, 5);
        assert_eq!(stats.unwritten_events, 5);
        assert_eq!(stats.bytes_written, header.len() as u64);
        let err = stats.write_error.unwrap_or_default();
        assert!(err.to_lowercase().contains("broken pipe"), "{err}");
    }
}

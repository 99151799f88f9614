/*!
A progress line on stderr while a large traffic file is read (`verify`, `report`, `export`;
uxb38: a 200 MB recording read for minutes with no output looked hung).

Shown only when stderr is a terminal, never on a pipe or a CI log, never on stdout (reports
go there): `a2a-interop: reading big.jsonl: 120 of 200 MB (60%), 45 MB/s`, redrawn in place
(`\r`, then erase to the end of the line, ECMA-48 EL) about twice a second and erased when
the file is read to its end (or the reader is dropped). A file over [`LARGE`] bytes shows
it from the first read; any other file once it has been read for [`AFTER`].

The clock is read once per `read` call of the wrapped file, that is per buffer fill (the
source reads through a 256 KiB buffer: thousands of lines per clock read), not per line.
While the line is up, [`crate::errln!`] erases it before its own line
([`crate::PROGRESS_LINE`]).
*/

use std::io::Read;
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

/// File size (bytes) above which the line is shown from the start: 64 MiB.
pub const LARGE: u64 = 64 * 1024 * 1024;

/// How long a smaller file is read before the line is shown: 2 s.
pub const AFTER: Duration = Duration::from_secs(2);

/// Time between redraws: 0.5 s.
const EVERY: Duration = Duration::from_millis(500);

/// `inner` (a file of `total` bytes, named `name` on the line) read as is, with the
/// progress line drawn on stderr when it is a terminal.
pub struct ProgressRead<R> {
    inner: R,
    /// Off: stderr is not a terminal (every call is a plain read then).
    on: bool,
    name: String,
    total: u64,
    read: u64,
    start: Instant,
    /// When the line is drawn next.
    next: Instant,
    shown: bool,
}

impl<R: Read> ProgressRead<R> {
    /// Wraps `inner`; the line is on only when stderr is a terminal.
    pub fn new(inner: R, name: String, total: u64) -> Self {
        use std::io::IsTerminal as _;
        Self::with_terminal(inner, name, total, std::io::stderr().is_terminal())
    }

    /// [`Self::new`] with the terminal test given (`on`).
    pub fn with_terminal(inner: R, name: String, total: u64, on: bool) -> Self {
        let start = Instant::now();
        ProgressRead {
            inner,
            on,
            name,
            total,
            read: 0,
            start,
            next: if total > LARGE { start } else { start + AFTER },
            shown: false,
        }
    }

    /// The line for `read` of `total` bytes after `secs` seconds:
    /// `reading F: 120 of 200 MB (60%), 45 MB/s` (MB = 10^6 bytes); the rate only after
    /// half a second (before it, one buffer over no time says nothing).
    pub fn line(name: &str, read: u64, total: u64, secs: f64) -> String {
        let mb = |b: u64| b as f64 / 1e6;
        let rate = if secs >= 0.5 {
            format!(", {:.0} MB/s", mb(read) / secs)
        } else {
            String::new()
        };
        let pct = (read.min(total) * 100).checked_div(total).unwrap_or(100);
        format!(
            "reading {name}: {:.0} of {:.0} MB ({pct}%){rate}",
            mb(read),
            mb(total)
        )
    }

    fn draw(&mut self, now: Instant) {
        use std::io::Write as _;
        let line = Self::line(
            &self.name,
            self.read,
            self.total,
            now.duration_since(self.start).as_secs_f64(),
        );
        let mut e = std::io::stderr().lock();
        let _ = write!(e, "\r{}: {line}\x1b[K", crate::stderr_prefix());
        let _ = e.flush();
        self.shown = true;
        crate::PROGRESS_LINE.store(true, Ordering::Relaxed);
        self.next = now + EVERY;
    }

    fn clear(&mut self) {
        if self.shown {
            self.shown = false;
            if crate::PROGRESS_LINE.swap(false, Ordering::Relaxed) {
                use std::io::Write as _;
                let mut e = std::io::stderr().lock();
                let _ = write!(e, "\r\x1b[K");
                let _ = e.flush();
            }
        }
    }
}

impl<R: Read> Read for ProgressRead<R> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = self.inner.read(buf)?;
        if self.on {
            self.read += n as u64;
            if n == 0 {
                self.clear();
            } else {
                let now = Instant::now();
                if now >= self.next {
                    self.draw(now);
                }
            }
        }
        Ok(n)
    }
}

impl<R> Drop for ProgressRead<R> {
    fn drop(&mut self) {
        if self.shown && crate::PROGRESS_LINE.swap(false, Ordering::Relaxed) {
            use std::io::Write as _;
            let mut e = std::io::stderr().lock();
            let _ = write!(e, "\r\x1b[K");
            let _ = e.flush();
        }
    }
}

/// The progress line of a traffic file read whole before its events are used: a
/// transcript or a HAR file is parsed in one piece, then its events are judged one by one
/// (newcomer50 N6: a 39 MB transcript read in under a second, then parsed and judged for
/// 44 s with nothing on the terminal; a 154 MB HAR for 90 s after its bytes line was
/// erased). A thread draws the line on a terminal's stderr once [`AFTER`] has passed, about
/// twice a second, as [`ProgressRead`] does: `reading F: parsing 39 MB (3 s)` while the
/// text is parsed, then `reading F: event 120000 of 500000 (24%)` while the caller takes
/// the events from [`Ticker::events`]; erased when the last event is taken or the ticker
/// is dropped. Off (no thread) when stderr is not a terminal.
pub struct Ticker {
    state: std::sync::Arc<TickState>,
    thread: Option<std::thread::JoinHandle<()>>,
}

/// What [`Ticker`]'s thread reads: events taken of how many (0 while parsing), and the
/// stop flag it waits on.
struct TickState {
    done: std::sync::atomic::AtomicU64,
    total: std::sync::atomic::AtomicU64,
    stop: std::sync::Mutex<bool>,
    wake: std::sync::Condvar,
}

impl Ticker {
    /// Starts the line for the file named `name` on the line, of `bytes` bytes, when
    /// stderr is a terminal.
    pub fn start(name: String, bytes: u64) -> Self {
        use std::io::IsTerminal as _;
        Self::with_terminal(name, bytes, std::io::stderr().is_terminal())
    }

    /// [`Self::start`] with the terminal test given (`on`).
    pub fn with_terminal(name: String, bytes: u64, on: bool) -> Self {
        let state = std::sync::Arc::new(TickState {
            done: std::sync::atomic::AtomicU64::new(0),
            total: std::sync::atomic::AtomicU64::new(0),
            stop: std::sync::Mutex::new(false),
            wake: std::sync::Condvar::new(),
        });
        let thread = on
            .then(|| {
                let st = state.clone();
                std::thread::Builder::new()
                    .name("progress".into())
                    .spawn(move || tick(&st, &name, bytes))
                    .ok()
            })
            .flatten();
        Ticker { state, thread }
    }

    /// The line while events are taken: `reading F: event 120000 of 500000 (24%)`; while
    /// parsing (`total` 0): `reading F: parsing 39 MB (3 s)` after `secs` seconds.
    pub fn line(name: &str, done: u64, total: u64, bytes: u64, secs: f64) -> String {
        if total == 0 {
            format!(
                "reading {name}: parsing {:.0} MB ({secs:.0} s)",
                bytes as f64 / 1e6
            )
        } else {
            let pct = (done.min(total) * 100).checked_div(total).unwrap_or(100);
            format!("reading {name}: event {done} of {total} ({pct}%)")
        }
    }

    /// `events` (the parsed file's, all of them) taken one by one with the line counting
    /// them; the line is erased after the last.
    pub fn events<T: Send + 'static>(
        self,
        events: Vec<T>,
    ) -> impl Iterator<Item = T> + Send + 'static {
        self.state
            .total
            .store(events.len() as u64, Ordering::Relaxed);
        let mut me = Some(self);
        let mut it = events.into_iter();
        std::iter::from_fn(move || match it.next() {
            Some(e) => {
                if let Some(t) = &me {
                    t.state.done.fetch_add(1, Ordering::Relaxed);
                }
                Some(e)
            }
            None => {
                // stops the thread and erases the line before the caller prints
                me.take();
                None
            }
        })
    }
}

/// [`Ticker`]'s thread: waits [`AFTER`], then draws the line every [`EVERY`] until
/// stopped; erases it at the stop when it drew one.
fn tick(st: &TickState, name: &str, bytes: u64) {
    use std::io::Write as _;
    let start = Instant::now();
    let mut next = start + AFTER;
    let mut shown = false;
    let Ok(mut stop) = st.stop.lock() else {
        return;
    };
    loop {
        let now = Instant::now();
        if *stop {
            break;
        }
        if now >= next {
            let line = Ticker::line(
                name,
                st.done.load(Ordering::Relaxed),
                st.total.load(Ordering::Relaxed),
                bytes,
                now.duration_since(start).as_secs_f64(),
            );
            let mut e = std::io::stderr().lock();
            let _ = write!(e, "\r{}: {line}\x1b[K", crate::stderr_prefix());
            let _ = e.flush();
            shown = true;
            crate::PROGRESS_LINE.store(true, Ordering::Relaxed);
            next = now + EVERY;
        }
        let wait = next.saturating_duration_since(Instant::now());
        stop = match st.wake.wait_timeout(stop, wait) {
            Ok((g, _)) => g,
            Err(_) => return,
        };
    }
    if shown && crate::PROGRESS_LINE.swap(false, Ordering::Relaxed) {
        let mut e = std::io::stderr().lock();
        let _ = write!(e, "\r\x1b[K");
        let _ = e.flush();
    }
}

impl Drop for Ticker {
    fn drop(&mut self) {
        if let Ok(mut s) = self.state.stop.lock() {
            *s = true;
        }
        self.state.wake.notify_all();
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_line_says_bytes_read_of_the_total_and_the_rate() {
        assert_eq!(
            ProgressRead::<&[u8]>::line("big.jsonl", 120_000_000, 200_000_000, 2.0),
            "reading big.jsonl: 120 of 200 MB (60%), 60 MB/s"
        );
        assert_eq!(
            ProgressRead::<&[u8]>::line("big.jsonl", 262_144, 200_000_000, 0.001),
            "reading big.jsonl: 0 of 200 MB (0%)"
        );
    }

    #[test]
    fn the_ticker_line_says_parsing_then_events_taken_of_all() {
        assert_eq!(
            Ticker::line("big.jsonl", 0, 0, 39_066_670, 3.2),
            "reading big.jsonl: parsing 39 MB (3 s)"
        );
        assert_eq!(
            Ticker::line("big.jsonl", 120_000, 500_000, 39_066_670, 9.0),
            "reading big.jsonl: event 120000 of 500000 (24%)"
        );
    }

    #[test]
    fn off_the_ticker_passes_every_event_in_order() {
        let t = Ticker::with_terminal("f".into(), 10, false);
        assert!(t.thread.is_none());
        let got: Vec<u32> = t.events(vec![1, 2, 3]).collect();
        assert_eq!(got, vec![1, 2, 3]);
    }

    #[test]
    fn off_it_reads_the_bytes_as_they_are() {
        let data = vec![b'x'; 1000];
        let mut r = ProgressRead::with_terminal(&data[..], "f".into(), LARGE + 1, false);
        let mut out = Vec::new();
        r.read_to_end(&mut out).unwrap();
        assert_eq!(out, data);
        assert!(!r.shown);
    }
}

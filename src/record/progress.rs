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
    fn off_it_reads_the_bytes_as_they_are() {
        let data = vec![b'x'; 1000];
        let mut r = ProgressRead::with_terminal(&data[..], "f".into(), LARGE + 1, false);
        let mut out = Vec::new();
        r.read_to_end(&mut out).unwrap();
        assert_eq!(out, data);
        assert!(!r.shown);
    }
}

/*!
a2a-interop: see and prove Agent2Agent (A2A) protocol interoperability.

Data flows one way (DESIGN.md):

```text
 wire ──► proxy (hyper tee) ──► Event stream ──┬──► recorder (JSONL writer)
                                               └──► verifier (sans-IO) ──► findings ──► report
 file (recording | transcript | HAR) ──► reader ──► Event stream ──► verifier (same code)
```
*/

/// `println!` that never panics: a closed stdout (the reader of a pipe went away) drops the
/// line instead of killing the process (`println!` panics on `EPIPE`, and Rust ignores
/// `SIGPIPE`). A proxy must keep forwarding and finish its recording and reports whoever
/// reads its console.
#[macro_export]
macro_rules! outln {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        let _ = writeln!(std::io::stdout().lock(), $($arg)*);
    }};
}

/// `print!` that never panics (see [`outln!`]).
#[macro_export]
macro_rules! out {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        let mut o = std::io::stdout().lock();
        let _ = write!(o, $($arg)*);
        let _ = o.flush();
    }};
}

/// `eprintln!` that never panics: a closed stderr drops the line (see [`outln!`]). On a
/// terminal each row fits its width, broken at words ([`app::stderr_columns`],
/// [`report::text::fit_message`]: a path, URL or quoted command stays whole); on a pipe or
/// a file the rows go out whole, as written.
#[macro_export]
macro_rules! errln {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        let text = format!($($arg)*);
        let text = $crate::app::fit_stderr(&text);
        let mut e = std::io::stderr().lock();
        // a progress line is up (a large file being read): erased first, so this line
        // starts at the left margin ([`record::progress`])
        if $crate::PROGRESS_LINE.swap(false, std::sync::atomic::Ordering::Relaxed) {
            let _ = write!(e, "\r\x1b[K");
        }
        let _ = writeln!(e, "{text}");
    }};
}

/// Set while [`record::progress::ProgressRead`] has its line on stderr (a terminal):
/// [`errln!`] erases it before writing.
#[doc(hidden)]
pub static PROGRESS_LINE: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

/// The prefix of every line this process prints on stderr about its own doings:
/// `a2a-interop proxy` in a `proxy` run (its banner, stop summary, warnings, and the
/// recorder's and verifier's notes alike), `a2a-interop` for every other command
/// (newcomer25 N15: a proxy run printed both `a2a-interop proxy: ...` and `a2a-interop:
/// note: ...` lines). Set once at start ([`set_stderr_prefix`]).
pub fn stderr_prefix() -> &'static str {
    STDERR_PREFIX.get().copied().unwrap_or("a2a-interop")
}

/// Sets [`stderr_prefix`] for the rest of the process (the first call wins).
pub fn set_stderr_prefix(prefix: &'static str) {
    let _ = STDERR_PREFIX.set(prefix);
}

static STDERR_PREFIX: std::sync::OnceLock<&'static str> = std::sync::OnceLock::new();

pub mod app;
pub mod cli;
#[doc(hidden)]
pub mod fuzz_targets;
pub mod model;
pub mod probe;
pub mod proxy;
pub mod record;
pub mod refagent;
pub mod report;
pub mod verify;

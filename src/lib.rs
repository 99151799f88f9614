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

/// `eprintln!` that never panics: a closed stderr drops the line (see [`outln!`]).
#[macro_export]
macro_rules! errln {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        let _ = writeln!(std::io::stderr().lock(), $($arg)*);
    }};
}

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

/*!
Wiring: turns the CLI into a run. The only module that sees every layer. One file per
command; each returns the process exit code (0 clean, 1 findings at or above --fail-on).
*/

use std::process::ExitCode;

use crate::cli::{Cli, Command};

pub mod ca_cmd;
pub mod demo;
pub mod export_cmd;
pub mod interop_cmd;
pub mod legwatch;
pub mod pipeline;
pub mod probe_cmd;
pub mod proxy_cmd;
pub mod repro_cmd;
pub mod verify_batch;
pub mod verify_cmd;

/// Runs one command. Errors are operational (exit 2): bad flag values, unreadable files,
/// ports in use.
pub fn run(cli: Cli) -> anyhow::Result<ExitCode> {
    init_tracing();
    match cli.command {
        Command::Proxy(a) => proxy_cmd::run(a),
        Command::Verify(a) => {
            remove_staged_on_signal();
            verify_cmd::verify(a)
        }
        Command::Report(a) => {
            remove_staged_on_signal();
            verify_cmd::report(a)
        }
        Command::Rules(a) => verify_cmd::rules(a),
        Command::Demo(a) => demo::run(a),
        Command::Probe(a) => probe_cmd::run(a),
        Command::Interop(a) => interop_cmd::run(a),
        Command::Export(a) => {
            remove_staged_on_signal();
            export_cmd::run(a)
        }
        Command::Repro(a) => {
            remove_staged_on_signal();
            repro_cmd::run(a)
        }
        Command::Ca(a) => ca_cmd::run(a),
    }
}

/// For `verify`, `report`, `export` and `repro`, which have no stop of their own: a
/// Ctrl-C, SIGTERM or SIGHUP removes the temporary file of an output being written
/// ([`crate::record::outfile::remove_staged`]; the `-o` / `--har` path keeps what it held)
/// and then ends the process by that signal, as it would have ended without this (exit
/// status 128 + the signal to a shell). ux39: a Ctrl-C during `export` of a large
/// recording left a hidden `.OUT.har.a2a-interop-tmp-PID-N` of megabytes beside the
/// output. A watcher thread (a one-thread tokio runtime); nothing is installed when
/// that thread cannot start.
fn remove_staged_on_signal() {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{signal, SignalKind};
        let rt = match tokio::runtime::Builder::new_current_thread()
            .enable_io()
            .build()
        {
            Ok(rt) => rt,
            Err(_) => return,
        };
        // registered here, before the command runs: a signal from now on is seen
        let registered = rt.block_on(async {
            Some((
                signal(SignalKind::interrupt()).ok()?,
                signal(SignalKind::terminate()).ok()?,
                signal(SignalKind::hangup()).ok()?,
            ))
        });
        let Some((mut int, mut term, mut hup)) = registered else {
            return;
        };
        let _ = std::thread::Builder::new()
            .name("a2a-signals".into())
            .spawn(move || {
                let signo = rt.block_on(async {
                    tokio::select! {
                        _ = int.recv() => libc::SIGINT,
                        _ = term.recv() => libc::SIGTERM,
                        _ = hup.recv() => libc::SIGHUP,
                    }
                });
                crate::record::outfile::remove_staged();
                // SAFETY: resetting a signal's disposition to the default and raising it
                // are async-signal-safe libc calls with no memory of ours involved; the
                // process then ends by that signal, as without this watcher.
                unsafe {
                    libc::signal(signo, libc::SIG_DFL);
                    libc::raise(signo);
                }
                std::process::exit(128 + signo);
            });
    }
}

/// `s` as one POSIX sh word, for a command line the tool prints for a user to paste (a
/// hint's `a2a-interop report REC -o REPORT`, a flag's example path): as is when it holds
/// only characters no shell treats specially (`A-Z a-z 0-9 _ @ % + = : , . / -`), else in
/// single quotes with each `'` written `'\''` (POSIX.1-2017 XCU §2.2.3). A relative path
/// that starts with `-` gets `./` in front, so that the command does not read it as a
/// flag; an empty string is `''`.
pub fn sh_word(s: &str) -> String {
    let s = if s.starts_with('-') {
        format!("./{s}")
    } else {
        s.to_string()
    };
    let plain = !s.is_empty()
        && s.chars().all(|c| {
            c.is_ascii_alphanumeric()
                || matches!(c, '_' | '@' | '%' | '+' | '=' | ':' | ',' | '.' | '/' | '-')
        });
    if plain {
        s
    } else {
        sh_quote(&s)
    }
}

/// `s` in single quotes, each `'` written `'\''` (POSIX.1-2017 XCU §2.2.3): one word, taken
/// literally, whatever it holds (repro's curl arguments; [`sh_word`] when it must quote).
pub fn sh_quote(s: &str) -> String {
    format!("'{}'", s.replace('\'', "'\\''"))
}

/// [`sh_word`] of a path (shown as [`std::path::Path::display`] shows it).
pub fn sh_path(p: &std::path::Path) -> String {
    sh_word(&p.display().to_string())
}

/// The advice for an output path that names a directory (`-o out/`, or an existing
/// directory): a file path in it, e.g. `-o out/report.md`, shell-quoted (newcomer25 N6,
/// newcomer31 N4). `None` when `path` is not a directory, so the caller keeps its own advice.
///
/// Shape: `"give a file path in it, e.g. -o out/<file_name>"`.
pub(crate) fn dir_output_hint(path: &std::path::Path, file_name: &str) -> Option<String> {
    let text = path.as_os_str().to_string_lossy();
    if !(path.is_dir() || text.ends_with('/')) {
        return None;
    }
    let dir = std::path::Path::new(text.trim_end_matches('/'));
    Some(format!(
        "give a file path in it, e.g. -o {}",
        sh_path(&dir.join(file_name))
    ))
}

/// The hint for an output the OS refused for want of room, from the error's text `cause`
/// (an `io::Error` shown, maybe inside a longer message): ENOSPC (`No space left on device`,
/// `os error 28`: the disk, or a device such as `/dev/full`, is full) or EDQUOT (`Disk quota
/// exceeded`, `os error 122`). `flag` is the output's flag as the user typed it (`-o`,
/// `--har`, `--curl`). `None` for any other cause, so the caller keeps its own hint (ux40b:
/// a full disk was told "check the -o path is a writable file").
///
/// Shape: `"the disk (or device) of the -o path is full (ENOSPC): free space on it, or give
/// -o a path on another disk"`.
pub(crate) fn full_disk_hint(cause: &str, flag: &str) -> Option<String> {
    if cause.contains("No space left on device") || cause.contains("os error 28)") {
        Some(format!(
            "the disk (or device) of the {flag} path is full (ENOSPC): free space on it, or give {flag} a path on another disk"
        ))
    } else if cause.contains("Disk quota exceeded") || cause.contains("os error 122)") {
        Some(format!(
            "your disk quota is used up (EDQUOT): free space under it, or give {flag} a path on another disk"
        ))
    } else {
        None
    }
}

/// Whether stdout is a terminal (a person reading it), not a pipe, a file or a CI log:
/// `probe` prints its text in brief there (session 48).
pub fn stdout_is_terminal() -> bool {
    use std::io::IsTerminal as _;
    std::io::stdout().is_terminal()
}

/// The width, in characters, that the brief text of `probe` and `interop` fits its lines
/// in: `COLUMNS` when it is a number of 40 or more (a user's choice, as `ls` reads it),
/// else the width of the terminal stdout is on (`TIOCGWINSZ`), else `None` (a pipe, a file,
/// a CI log: no width to keep to). newcomer55/56: on an 80-column terminal each failed-test
/// line of 200 characters wrapped over three rows.
pub fn stdout_columns() -> Option<usize> {
    if let Some(c) = std::env::var("COLUMNS")
        .ok()
        .and_then(|c| c.trim().parse::<usize>().ok())
        .filter(|c| *c >= 40)
    {
        return Some(c);
    }
    if !stdout_is_terminal() {
        return None;
    }
    let ws = rustix::termios::tcgetwinsize(std::io::stdout()).ok()?;
    (ws.ws_col >= 40).then_some(usize::from(ws.ws_col))
}

/// The width, in characters, that the lines a command prints on stderr fit in
/// ([`crate::errln!`], [`fit_stderr`]): when stderr is a terminal, `COLUMNS` when it is a
/// number of 40 or more, else that terminal's width (`TIOCGWINSZ`, read at each call: a
/// resized window is followed); `None` when stderr is a pipe, a file or a CI log (rows
/// whole, for `grep` and scripts, whatever `COLUMNS` says) or its width is unknown.
/// newcomer59: the proxy's stop lines (150 to 180 characters), its start-up warnings (250),
/// the card-bypass hint (300) were wrapped mid-word by an 80-column terminal.
pub fn stderr_columns() -> Option<usize> {
    use std::io::IsTerminal as _;
    static TTY: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    static COLUMNS: std::sync::OnceLock<Option<usize>> = std::sync::OnceLock::new();
    if !*TTY.get_or_init(|| std::io::stderr().is_terminal()) {
        return None;
    }
    let columns = COLUMNS.get_or_init(|| {
        std::env::var("COLUMNS")
            .ok()
            .and_then(|c| c.trim().parse::<usize>().ok())
            .filter(|c| *c >= 40)
    });
    if let Some(c) = columns {
        return Some(*c);
    }
    let ws = rustix::termios::tcgetwinsize(std::io::stderr()).ok()?;
    (ws.ws_col >= 40).then_some(usize::from(ws.ws_col))
}

/// `text` (one or more stderr rows) fit to [`stderr_columns`] by
/// [`crate::report::text::fit_message`]: rows broken at words, a path, URL or quoted
/// command whole; `text` itself on a pipe or a file.
pub fn fit_stderr(text: &str) -> std::borrow::Cow<'_, str> {
    match stderr_columns() {
        Some(w) => std::borrow::Cow::Owned(crate::report::text::fit_message(text, w)),
        None => std::borrow::Cow::Borrowed(text),
    }
}

/// The width a text report on stdout fits its `= help:` rows in
/// ([`crate::report::ReportInput::width`]): [`stdout_columns`] when stdout is a terminal,
/// else `None` (a pipe or a file gets the rows whole, for `grep`, whatever `COLUMNS` says).
pub fn report_width() -> Option<usize> {
    if stdout_is_terminal() {
        stdout_columns()
    } else {
        None
    }
}

/// The log filter when `A2A_INTEROP_LOG` is not set: warnings, but not h2's own. h2 warns
/// of what the proxy reports itself, as its own line (a client's reset flood:
/// `WARN h2::proto::streams::recv: ... pending-accept streams reached limit`, beside the
/// proxy's HTTP-FRAME-003 line for the same GOAWAY; attack56), and a timestamped tracing
/// line among the proxy's lines reads as a second, different event.
const DEFAULT_LOG: &str = "warn,h2=error";

fn init_tracing() {
    let filter = tracing_subscriber::EnvFilter::try_from_env("A2A_INTEROP_LOG")
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new(DEFAULT_LOG));
    use std::io::IsTerminal as _;
    let _ = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr)
        // No colour codes in a log file or a CI capture.
        .with_ansi(std::io::stderr().is_terminal())
        .try_init();
}

/// `--baseline FILE` read at the start of a command, before anything runs (a malformed
/// file costs no run: exit 2 at once). `--write-baseline FILE` may be the `--baseline` file
/// (rewriting it is how a baseline shrinks), but not a directory nor one of `inputs` (the
/// traffic file).
///
/// Errors: the one line `cause; hint: hint` to print after `a2a-interop: ` (exit 2).
pub fn load_baseline(
    b: &crate::cli::BaselineArgs,
    inputs: &[&std::path::Path],
) -> Result<Option<std::sync::Arc<crate::report::baseline::Baseline>>, String> {
    if let Some(w) = &b.write_baseline {
        if inputs.iter().any(|i| same_file(i, w)) {
            return Err(format!(
                "--write-baseline {} is an input of this run; hint: give the baseline its own file, e.g. a2a-baseline.json",
                w.display()
            ));
        }
        if w.is_dir() {
            return Err(format!(
                "--write-baseline {} is a directory; hint: give a file path in it, e.g. {}",
                w.display(),
                w.join("a2a-baseline.json").display()
            ));
        }
    }
    let Some(p) = &b.baseline else {
        return Ok(None);
    };
    crate::report::baseline::Baseline::load(p)
        .map(|b| Some(std::sync::Arc::new(b)))
        .map_err(|cause| {
            let hint = if !p.exists() {
                format!(
                    "write it first with --write-baseline {} (on a run whose findings are all known), then commit it",
                    sh_path(p)
                )
            } else {
                "a baseline is the JSON file --write-baseline writes (schema a2a-interop/baseline/v1, docs/usage.md#baselines-known-findings-in-ci): fix the entry named, or write it again".to_string()
            };
            format!("{cause}; hint: {hint}")
        })
}

fn same_file(a: &std::path::Path, b: &std::path::Path) -> bool {
    match (a.canonicalize(), b.canonicalize()) {
        (Ok(x), Ok(y)) => x == y,
        _ => a == b,
    }
}

/// Applies the run's baseline flags to its report input once the findings are known:
/// `--write-baseline` writes every finding (keeping the reasons and dates of `loaded`'s
/// entries) and says so on stderr (`a2a-interop: wrote baseline FILE: N entries ...`,
/// `prefix` being `a2a-interop` or `a2a-interop proxy`); the input then judges against
/// `loaded`, or against the file just written when there is no `--baseline`.
///
/// Errors: the file cannot be written; the one line `cause; hint: hint` (exit 2).
pub fn apply_baseline(
    b: &crate::cli::BaselineArgs,
    loaded: Option<std::sync::Arc<crate::report::baseline::Baseline>>,
    input: &mut crate::report::ReportInput,
    prefix: &str,
) -> Result<(), String> {
    let mut judge = loaded;
    if let Some(w) = &b.write_baseline {
        let n = crate::report::baseline::write(
            w,
            &input.outcome.findings,
            &input.index,
            judge.as_deref(),
        )
        .map_err(|e| {
            let cause = format!("cannot write baseline {}: {e}", w.display());
            let hint = full_disk_hint(&cause, "--write-baseline").unwrap_or_else(|| {
                "check the --write-baseline path is a writable file".to_string()
            });
            format!("{cause}; hint: {hint}")
        })?;
        crate::errln!(
            "{prefix}: wrote baseline {}: {n} {} (known findings); commit it and pass --baseline {} in CI: only findings not in it count for --fail-on",
            w.display(),
            crate::report::model::plural(n, "entry", "entries"),
            sh_path(w)
        );
        // the file judged is the one read, which this run just wrote over: its report says
        // what was written too (newcomer58)
        if let Some(read) = judge.as_mut().filter(|l| same_file(&l.path, w)) {
            std::sync::Arc::make_mut(read).rewritten = Some(n);
        }
        if judge.is_none() {
            judge = Some(std::sync::Arc::new(
                crate::report::baseline::Baseline::load(w)
                    .map_err(|e| format!("{e}; hint: the file was just written: report this"))?,
            ));
        }
    }
    input.baseline = judge;
    Ok(())
}

/// A driven run's (`probe`, `interop`) report input judged against its baseline flags
/// ([`apply_baseline`], prefix `a2a-interop`): the findings that still count for
/// `--fail-on` (those not known in the baseline), and the `a2a-interop: N known, M new ...`
/// line said on stderr.
///
/// Errors: as [`apply_baseline`] (the one line, exit 2; the caller removes its temporary
/// recording first).
pub fn judge_driven_run(
    b: &crate::cli::BaselineArgs,
    loaded: Option<std::sync::Arc<crate::report::baseline::Baseline>>,
    input: &mut crate::report::ReportInput,
) -> Result<Vec<crate::verify::Finding>, String> {
    apply_baseline(b, loaded, input, "a2a-interop")?;
    let counted = input.counted_findings().into_iter().cloned().collect();
    if let Some(line) = &crate::report::Report::build(input).baseline {
        crate::errln!("a2a-interop: {}", line.line());
    }
    Ok(counted)
}

#[cfg(test)]
mod tests {
    use super::sh_word;

    /// A plain word stays as it is; anything a shell reads specially is single-quoted, a
    /// `'` inside written `'\''`; a leading `-` gets `./` so it is not read as a flag.
    #[test]
    fn sh_word_quotes_only_what_a_shell_would_split_or_expand() {
        assert_eq!(sh_word("out/rec-1.jsonl"), "out/rec-1.jsonl");
        assert_eq!(sh_word("my dir/r.jsonl"), "'my dir/r.jsonl'");
        assert_eq!(sh_word("it's"), "'it'\\''s'");
        assert_eq!(sh_word("$HOME*"), "'$HOME*'");
        assert_eq!(sh_word("-x.md"), "./-x.md");
        assert_eq!(sh_word(""), "''");
    }
}

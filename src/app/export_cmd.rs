/*!
Command `export FILE --har OUT.har`: a HAR 1.2 view of a recording, transcript or HAR file
(`FILE` `-`: standard input, `--har -`: standard output)
(`record::har`: bodies decoded from their `Content-Encoding` as HAR 1.2 `content` says,
SSE events in `_sseEvents`, exact events and recorded bytes in `_a2a`), streamed: memory holds
only the exchanges still open. Exit 0 on success, 2 with a one-line cause and hint when the
input cannot be read or the output written; on success a line on stderr names the file
and its entry count (not for `--har -`). A regular `--har` file is written beside
itself and renamed when complete (`record::outfile`): a failed write leaves the old file; a
device, FIFO or symlink is written in place and never removed. A `--har` path that is the
input file itself is refused before anything is written, and so is one that holds an
a2a-interop recording (newcomer24 N1). The HAR of a `--no-redact`
recording keeps its secrets: it is created `0600` and a warning says so on stderr.
*/

use std::io::BufWriter;
use std::process::ExitCode;

use crate::app::verify_cmd::{still_recorded, Input};
use crate::cli::ExportArgs;
use crate::record::har::HarWriter;

fn fail(cause: impl std::fmt::Display, hint: &str) -> ExitCode {
    crate::errln!(
        "a2a-interop: {}; hint: {hint}",
        cause.to_string().replace(['\n', '\r'], " ")
    );
    ExitCode::from(2)
}

/// The hint for an output path that cannot be written: for a directory (`-o out/`), a
/// file path in it named after the input (`-o out/session.har`), as `report -o out/`
/// says (newcomer31 N4); else to check the path.
fn dir_hint(a: &ExportArgs, flag: &str, cause: &str) -> String {
    if let Some(h) = super::full_disk_hint(cause, flag) {
        return h;
    }
    let stem = a
        .file
        .file_stem()
        .filter(|s| a.file.as_os_str() != "-" && !s.is_empty())
        .map_or_else(|| "session".into(), |s| s.to_string_lossy().into_owned());
    super::dir_output_hint(&a.har, &format!("{stem}.har"))
        .map(|h| {
            let h = h.replace("e.g. -o ", &format!("e.g. {flag} "));
            format!("{flag} names a directory; {h}")
        })
        .unwrap_or_else(|| format!("check the {flag} path is a writable file"))
}

/// The flag that named the HAR output in `args` (the command line after the program's
/// name): `--har`, `-o` or `--output`, the last one typed (clap keeps the last value), so a
/// message names what the user typed (ux40b: `export X -o X` was told `--har X is the input
/// file`). `--har` when none is found (the arguments of a test harness).
fn har_flag_in(args: &[String]) -> &'static str {
    let mut flag = "--har";
    let mut it = args.iter().skip_while(|a| *a != "export").skip(1);
    while let Some(a) = it.next() {
        let named = match a.as_str() {
            "--" => break,
            "--har" | "--output" | "-o" => {
                // the value, which may itself start with `-` (`--har -`)
                it.next();
                Some(a.as_str())
            }
            x if x.starts_with("--har=") => Some("--har"),
            x if x.starts_with("--output=") => Some("--output"),
            x if x.starts_with("-o") => Some("-o"),
            _ => None,
        };
        flag = match named {
            Some("--output") => "--output",
            Some("-o") => "-o",
            Some(_) => "--har",
            None => flag,
        };
    }
    flag
}

/// Runs `export` (module docs).
pub fn run(a: ExportArgs) -> anyhow::Result<ExitCode> {
    let args: Vec<String> = std::env::args_os()
        .skip(1)
        .map(|a| a.to_string_lossy().into_owned())
        .collect();
    let flag = har_flag_in(&args);
    if crate::record::outfile::same_file(&a.file, &a.har) {
        return Ok(fail(
            format!(
                "{flag} {} is the input file itself: writing it would destroy the recording",
                a.har.display()
            ),
            &format!("give {flag} another path"),
        ));
    }
    // another run's recording (newcomer24 N1)
    if let Some(held) = crate::record::outfile::held_recording(&a.har) {
        return Ok(fail(
            crate::app::verify_cmd::over_recording(flag, &a.har, &held, "HAR"),
            &format!(
                "give {flag} another path (e.g. {flag} {}); move the recording away first if you mean to replace it",
                super::sh_path(&a.har.with_extension("har"))
            ),
        ));
    }
    // said before the input is read (issue 7; standard input is spooled first)
    if let Err(e) = crate::record::outfile::check_writable(&a.har) {
        return Ok(fail(
            format!("cannot write HAR to {}: {e}", a.har.display()),
            &dir_hint(&a, flag, &e.to_string()),
        ));
    }
    let input = match Input::new(&a.file).and_then(|i| i.open().map(|s| (i, s))) {
        Ok(s) => s,
        Err(e) => {
            let hint = crate::app::verify_cmd::report_given_hint(&e)
                .or_else(|| crate::app::verify_cmd::utf16_hint(&e))
                .unwrap_or_else(|| "export reads a native recording, a transcript or a HAR 1.2 file (`-` for standard input)".to_string());
            return Ok(fail(e, &hint));
        }
    };
    let (input, src) = input;
    // a recording a proxy (probe, demo) is still writing: the HAR holds what is written so
    // far, and its open exchanges are cut where the file ends now (ux39: said only as
    // "still being written, or cut short", and nothing when no exchange was open)
    let live = still_recorded(&a.file);
    // A `--no-redact` recording keeps bearer tokens, API keys and push tokens, and so does
    // its HAR: created 0600 like the recording, and said (breaker10n N5).
    let secrets =
        matches!(src.kind, crate::record::source::SourceKind::Recording) && !src.header.redacted;
    let created = if secrets {
        crate::record::outfile::OutFile::create_private(&a.har)
    } else {
        crate::record::outfile::OutFile::create(&a.har)
    };
    let out = match created {
        Ok(f) => f,
        Err(e) => {
            return Ok(fail(
                format!("cannot write HAR to {}: {e}", a.har.display()),
                &dir_hint(&a, flag, &e.to_string()),
            ))
        }
    };
    let mut w = match HarWriter::new(
        BufWriter::with_capacity(256 * 1024, out),
        // `_a2a.header` as a redacted recording's header should have been written
        &crate::record::redact::file_header(&src.header),
    ) {
        Ok(w) => w,
        Err(e) => {
            return Ok(fail(
                format!("cannot write HAR to {}: {e}", a.har.display()),
                &super::full_disk_hint(&e.to_string(), flag)
                    .unwrap_or_else(|| format!("check the {flag} path is a writable file")),
            ))
        }
    };
    // published once the events are read: lines missing from the recording (newcomer24 N10)
    let seq_breaks = src.seq_breaks.clone();
    // ... and a torn last line, which the HAR cannot hold (ux38: said by `verify`, not here)
    let torn_tail = src.torn_tail.clone();
    for ev in src.events {
        let res = match ev {
            Ok(ev) => w.push(&ev),
            Err(e) => {
                return Ok(fail(
                    format!("{}: {e}", input.shown),
                    crate::record::jsonl::line_error_hint(&e.to_string()),
                ))
            }
        };
        if let Err(e) = res {
            return Ok(write_failed(&a.har, flag, e));
        }
    }
    // A failed write drops the `OutFile`: a regular file's temporary sibling is removed and
    // the --har path keeps what it held; a device, FIFO or symlink is never removed.
    // the exchanges that never ended are written by `finish` too (newcomer24 N3: the
    // count said "0 HAR entries" for a recording still being written, whose HAR held one)
    let open = w.still_open();
    let entries = w.entries() + open.len() as u64;
    let done = w.finish().and_then(|buf| {
        buf.into_inner()
            .map_err(|e| e.into_error())
            .and_then(|f| f.commit())
    });
    if let Err(e) = done {
        return Ok(write_failed(&a.har, flag, e));
    }
    // Said like `repro` and `proxy` say what they wrote (ux20 N9); not for `--har -`,
    // whose reader gets the HAR itself.
    if a.har.as_os_str() != "-" {
        // a recording whose seq numbers skip lost lines, maybe an `exchange_end` deleted
        // by hand: said, rather than only "still being written, or cut short" (newcomer24
        // N10)
        let why = match seq_breaks.get().map(|b| b.missing).unwrap_or(0) {
            0 if live => "still open in the running recording".to_string(),
            0 => "still being written, or cut short".to_string(),
            1 => "the recording's seq numbers skip 1 event: an end line deleted or lost, or the recording cut short".to_string(),
            m => format!("the recording's seq numbers skip {m} events: end lines deleted or lost, or the recording cut short"),
        };
        let unended = match open.len() {
            0 => String::new(),
            n => format!(
                "; {n} of them ({}{}) never ended in the recording ({why}): written as far as recorded",
                open.iter().take(5).cloned().collect::<Vec<_>>().join(", "),
                if n > 5 { ", ..." } else { "" }
            ),
        };
        crate::errln!(
            "a2a-interop: wrote {} ({entries} HAR entr{}, one per exchange{unended}) from {}",
            a.har.display(),
            if entries == 1 { "y" } else { "ies" },
            input.shown
        );
    }
    if live {
        crate::errln!(
            "a2a-interop: note: {} is still being recorded by a running a2a-interop process: the HAR holds the events written so far{}; hint: export it again once that run has stopped",
            input.shown,
            if open.is_empty() { "" } else { ", its open exchanges as far as they went" }
        );
    }
    // a torn last line is not in the HAR: said as `verify` says it, also for `--har -`
    if let Some(&(line, bytes)) = torn_tail.get() {
        crate::errln!(
            "a2a-interop: note: {}: {}; the HAR holds what the lines before it hold",
            input.shown,
            crate::report::model::TornTail {
                line,
                bytes,
                writer_running: live,
            }
            .note()
        );
    }
    if secrets {
        let mode = if std::fs::metadata(&a.har).is_ok_and(|m| m.is_file()) {
            " (file mode 0600)"
        } else {
            ""
        };
        crate::errln!(
            "a2a-interop: warning: {}{mode} keeps secrets: the recording was made with --no-redact, so tokens, keys and push tokens are in clear; do not attach it to a bug report as is; hint: `a2a-interop repro` writes a redacted cut to share",
            if a.har.as_os_str() == "-" { "the HAR on standard output".to_string() } else { a.har.display().to_string() }
        );
    }
    Ok(ExitCode::SUCCESS)
}

/// A failed HAR write: a reader that went away (`export --har - | head`) ends the run
/// quietly (exit 0, as `report -o -` does); anything else is an error naming the path.
/// `flag`: the output's flag as typed ([`har_flag_in`]).
fn write_failed(har: &std::path::Path, flag: &str, e: std::io::Error) -> ExitCode {
    if e.kind() == std::io::ErrorKind::BrokenPipe && har == std::path::Path::new("-") {
        return ExitCode::SUCCESS;
    }
    fail(
        format!("cannot write HAR to {}: {e}", har.display()),
        &super::full_disk_hint(&e.to_string(), flag)
            .unwrap_or_else(|| format!("check the disk and the {flag} path")),
    )
}

#[cfg(test)]
mod tests {
    use super::har_flag_in;

    fn args(s: &str) -> Vec<String> {
        s.split(' ').map(str::to_string).collect()
    }

    /// The HAR output's flag as typed, the last one winning; a value that looks like a
    /// flag (`--har -o`) is a value, and so is anything after `--`.
    #[test]
    fn har_flag_is_the_one_typed() {
        assert_eq!(har_flag_in(&args("export r.jsonl -o r.har")), "-o");
        assert_eq!(har_flag_in(&args("export r.jsonl -or.har")), "-o");
        assert_eq!(
            har_flag_in(&args("export r.jsonl --output=r.har")),
            "--output"
        );
        assert_eq!(har_flag_in(&args("export --har r.har r.jsonl")), "--har");
        assert_eq!(
            har_flag_in(&args("export r.jsonl -o a.har --har=b.har")),
            "--har"
        );
        assert_eq!(har_flag_in(&args("export r.jsonl --har -o")), "--har");
        assert_eq!(har_flag_in(&args("export --har x -- -o")), "--har");
        assert_eq!(har_flag_in(&args("--nocapture")), "--har");
    }
}

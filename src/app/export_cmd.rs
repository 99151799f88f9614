/*!
Command `export FILE --har OUT.har`: a HAR 1.2 view of a recording, transcript or HAR file
(`FILE` `-`: standard input, `--har -`: standard output)
(`record::har`: bodies decoded from their `Content-Encoding` as HAR 1.2 `content` says,
SSE events in `_sseEvents`, exact events and recorded bytes in `_a2a`), streamed: memory holds
only the exchanges still open. Exit 0 on success, 2 with a one-line cause and hint when the
input cannot be read or the output written (a partly written file is removed).
*/

use std::io::{BufWriter, Write};
use std::process::ExitCode;

use crate::app::verify_cmd::Input;
use crate::cli::ExportArgs;
use crate::record::har::HarWriter;

fn fail(cause: impl std::fmt::Display, hint: &str) -> ExitCode {
    crate::errln!(
        "a2a-interop: {}; hint: {hint}",
        cause.to_string().replace(['\n', '\r'], " ")
    );
    ExitCode::from(2)
}

/// Runs `export` (module docs).
pub fn run(a: ExportArgs) -> anyhow::Result<ExitCode> {
    let input = match Input::new(&a.file).and_then(|i| i.open().map(|s| (i, s))) {
        Ok(s) => s,
        Err(e) => {
            return Ok(fail(
                e,
                "export reads a native recording, a transcript or a HAR 1.2 file (`-` for standard input)",
            ))
        }
    };
    let (input, src) = input;
    let to_stdout = a.har.as_os_str() == "-";
    let out: Box<dyn Write> = if to_stdout {
        Box::new(std::io::stdout().lock())
    } else {
        match std::fs::File::create(&a.har) {
            Ok(f) => Box::new(f),
            Err(e) => {
                return Ok(fail(
                    format!("cannot write HAR to {}: {e}", a.har.display()),
                    "check the --har path is a writable file",
                ))
            }
        }
    };
    let cleanup = |code: ExitCode| {
        if !to_stdout {
            let _ = std::fs::remove_file(&a.har);
        }
        code
    };
    let mut w = match HarWriter::new(
        BufWriter::with_capacity(256 * 1024, out),
        // `_a2a.header` as a redacted recording's header should have been written
        &crate::record::redact::file_header(&src.header),
    ) {
        Ok(w) => w,
        Err(e) => {
            return Ok(cleanup(fail(
                format!("cannot write HAR to {}: {e}", a.har.display()),
                "check the --har path is a writable file",
            )))
        }
    };
    for ev in src.events {
        let res = match ev {
            Ok(ev) => w.push(&ev),
            Err(e) => {
                return Ok(cleanup(fail(
                    format!("{}: {e}", input.shown),
                    crate::record::jsonl::line_error_hint(&e.to_string()),
                )))
            }
        };
        if let Err(e) = res {
            return Ok(write_failed(&a.har, e, cleanup));
        }
    }
    if let Err(e) = w.finish() {
        return Ok(write_failed(&a.har, e, cleanup));
    }
    Ok(ExitCode::SUCCESS)
}

/// A failed HAR write: a reader that went away (`export --har - | head`) ends the run
/// quietly (exit 0, as `report -o -` does); anything else is an error naming the path.
fn write_failed(
    har: &std::path::Path,
    e: std::io::Error,
    cleanup: impl FnOnce(ExitCode) -> ExitCode,
) -> ExitCode {
    if e.kind() == std::io::ErrorKind::BrokenPipe && har == std::path::Path::new("-") {
        return ExitCode::SUCCESS;
    }
    cleanup(fail(
        format!("cannot write HAR to {}: {e}", har.display()),
        "check the disk and the --har path",
    ))
}

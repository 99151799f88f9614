/*!
Command `export FILE --har OUT.har`: a HAR 1.2 view of a recording, transcript or HAR file
(`record::har`: SSE events in `_sseEvents`, exact events in `_a2a`). Exit 0 on success, 2
with a one-line cause and hint when the input cannot be read or the output written.
*/

use std::io::Write;
use std::process::ExitCode;

use crate::cli::ExportArgs;
use crate::record::{har, source};

/// Runs `export` (module docs).
pub fn run(a: ExportArgs) -> anyhow::Result<ExitCode> {
    let src = match source::open(&a.file) {
        Ok(s) => s,
        Err(e) => {
            eprintln!(
                "a2a-interop: {}; hint: export reads a native recording, a transcript or a HAR 1.2 file",
                format!("{e:#}").replace('\n', " ")
            );
            return Ok(ExitCode::from(2));
        }
    };
    let header = src.header.clone();
    let mut events = Vec::new();
    for ev in src.events {
        match ev {
            Ok(ev) => events.push(ev),
            Err(e) => {
                eprintln!(
                    "a2a-interop: {}: {e}; hint: the file is damaged at that line",
                    a.file.display()
                );
                return Ok(ExitCode::from(2));
            }
        }
    }
    let doc = har::export(&header, &events);
    let mut text = serde_json::to_string_pretty(&doc)?;
    text.push('\n');
    let res = if a.har.as_os_str() == "-" {
        let mut out = std::io::stdout().lock();
        out.write_all(text.as_bytes()).and_then(|_| out.flush())
    } else {
        std::fs::write(&a.har, text.as_bytes())
    };
    if let Err(e) = res {
        eprintln!(
            "a2a-interop: cannot write HAR to {}: {e}; hint: check the --har path is a writable file",
            a.har.display()
        );
        return Ok(ExitCode::from(2));
    }
    Ok(ExitCode::SUCCESS)
}

/*!
Reports: findings to text / json / markdown / junit / sarif / html. One model
([`Report`], DESIGN.md "JSON report", `docs/report-schema.json`), several renderers, no rule
logic: the verifier judges, this module only presents.

```text
events ──┬──► Verifier ──► VerifyOutcome ─┐
         └──► ExchangeIndex ──────────────┴─► ReportInput ─► Report::build ─► render(Format)
```

Entry points for commands: [`render`] (one format to a string) and [`write_reports`]
(several formats to files or stdout). The rule registry has its own renderers in [`rules`].
*/

pub mod baseline;
pub mod crosswalk;
pub mod html;
pub mod index;
pub mod junit;
pub mod markdown;
pub mod model;
pub mod rules;
pub mod sarif;
pub mod story;
pub mod text;

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

pub use index::{ExchangeIndex, ExchangeView, SourceFile, SseEventView};

/// Shows characters that act on a display instead of being shown as visible escapes
/// (`\u202e`, `\u001b`, JSON's spelling; a carriage return as `\r`, a line feed as `\n`): text from the traffic (a card's strings, an agent's error
/// message) could otherwise reorder what a terminal, a Markdown viewer or a browser shows
/// around it ("Trojan Source", CVE-2021-42574: U+061C, U+200E-U+200F, U+202A-U+202E,
/// U+2066-U+2069), or drive a terminal (ESC sequences, CR returning to the start of the
/// line, backspace: a hostile agent's message rewriting a `fail` line into `pass`; C0
/// controls but line feed and tab, DEL, C1 controls). Borrowed when there is none. For
/// multi-line text (excerpts); one-line fields use [`show_controls_line`].
pub fn show_controls(s: &str) -> std::borrow::Cow<'_, str> {
    escape_where(s, |c| {
        is_bidi(c) || (c.is_control() && c != '\n' && c != '\t')
    })
}

/// [`show_controls`] for text printed on one line (a finding's message, a test result):
/// a line feed is escaped too, so the text cannot start a line of its own.
pub fn show_controls_line(s: &str) -> std::borrow::Cow<'_, str> {
    escape_where(s, |c| is_bidi(c) || (c.is_control() && c != '\t'))
}

/// [`show_controls`] of an owned string: the same string back when there is nothing to
/// escape.
pub fn show_controls_owned(s: String) -> String {
    match show_controls(&s) {
        std::borrow::Cow::Borrowed(_) => s,
        std::borrow::Cow::Owned(o) => o,
    }
}

fn escape_where(s: &str, bad: impl Fn(char) -> bool) -> std::borrow::Cow<'_, str> {
    if !s.chars().any(&bad) {
        return std::borrow::Cow::Borrowed(s);
    }
    let mut out = String::with_capacity(s.len() + 16);
    for c in s.chars() {
        if c == '\r' && bad(c) {
            // the carriage return of CRLF line ends (sse-starlette, the Python SDK's SSE,
            // ends every line so): `\r` as any log or HTTP tool writes it, not the
            // `\u{d}` that read like a stray character (newcomer26 N4)
            out.push_str("\\r");
        } else if c == '\n' && bad(c) {
            out.push_str("\\n");
        } else if bad(c) {
            // JSON's spelling (`\u001b`, `\u202e`), as finding messages quote values
            // (review28b R3), not Rust's `\u{1b}`; every character escaped here is in
            // the Basic Multilingual Plane
            let _ = write!(out, "\\u{:04x}", c as u32);
        } else {
            out.push(c);
        }
    }
    std::borrow::Cow::Owned(out)
}

fn is_bidi(c: char) -> bool {
    matches!(c, '\u{061c}' | '\u{200e}' | '\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
}

pub use model::{
    fold_key, group_findings, message_key, ConformanceLevel, Counts, Coverage, FileFormat,
    ProxyAnswered, Report, ReportFinding, ReportInput, SourceInfo, SourceKind, Status, Summary,
    TestResult, TornTail, Unwritten, REPORT_SCHEMA,
};

/// Report formats.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Format {
    /// Terminal text, one STYLE.md §7 block per finding, then a summary line.
    Text,
    /// The JSON report, pretty-printed.
    Json,
    /// Markdown: summary, pass/fail table, failures with evidence, Mermaid diagram.
    Markdown,
    /// JUnit XML (Jenkins `junit-10.xsd`).
    Junit,
    /// SARIF 2.1.0.
    Sarif,
    /// One self-contained HTML file.
    Html,
}

impl Format {
    /// Lowercase name (`junit`).
    pub fn as_str(self) -> &'static str {
        match self {
            Format::Text => "text",
            Format::Json => "json",
            Format::Markdown => "markdown",
            Format::Junit => "junit",
            Format::Sarif => "sarif",
            Format::Html => "html",
        }
    }

    /// The usual file extension of a report in this format, without the dot (`md`,
    /// `xml` for JUnit): the one [`Format::from_extension`] reads back as this format.
    pub fn extension(self) -> &'static str {
        match self {
            Format::Text => "txt",
            Format::Json => "json",
            Format::Markdown => "md",
            Format::Junit => "xml",
            Format::Sarif => "sarif",
            Format::Html => "html",
        }
    }

    /// The format a file name suggests (`.json`, `.md`, `.xml` or `.junit`, `.sarif`,
    /// `.html`, `.txt`). `.junit` is the name docs/usage.md's sample exit line shows
    /// (`report: out/fo.junit`); it was "names no report format" (ux37).
    pub fn from_extension(path: &Path) -> Option<Format> {
        // lossy: a file name that is not UTF-8 (`r\xfe.md`, Latin-1) has its extension too
        // (review30b: it was "names no report format")
        let name = path.file_name()?.to_string_lossy().to_ascii_lowercase();
        let fmt = if name.ends_with(".sarif") || name.ends_with(".sarif.json") {
            Format::Sarif
        } else if name.ends_with(".json") {
            Format::Json
        } else if name.ends_with(".md") || name.ends_with(".markdown") {
            Format::Markdown
        } else if name.ends_with(".xml") || name.ends_with(".junit") {
            Format::Junit
        } else if name.ends_with(".html") || name.ends_with(".htm") {
            Format::Html
        } else if name.ends_with(".txt") {
            Format::Text
        } else {
            return None;
        };
        Some(fmt)
    }
}

/// A report that could not be rendered or written.
#[derive(Debug, thiserror::Error)]
pub enum ReportError {
    /// The output file could not be created or written.
    /// (`cause` is shown in the message and not chained again as a `source`: the OS error
    /// text appears once, breaker10n N10.)
    #[error("cannot write {format} report to {path}: {cause}")]
    Write {
        format: &'static str,
        path: PathBuf,
        cause: std::io::Error,
    },
    /// Rendering failed (XML writer or JSON serializer).
    #[error("cannot render {format} report: {message}")]
    Render {
        format: &'static str,
        message: String,
    },
}

/// Renders `input` as `format`.
///
/// Errors: [`ReportError::Render`] when the XML or JSON writer fails (not expected for
/// well-formed models).
pub fn render(format: Format, input: &ReportInput) -> Result<String, ReportError> {
    let report = Report::build(input);
    render_report(format, &report, input)
}

/// Renders an already built `report` (so several formats share one model and one
/// `generatedAt`).
pub fn render_report(
    format: Format,
    report: &Report,
    input: &ReportInput,
) -> Result<String, ReportError> {
    // `report --task` / `--context`: that story in place of the whole report (JSON carries
    // it as its `story` member beside the rest)
    if let Some(story) = &report.story {
        match format {
            Format::Text => return Ok(story::text(story, report, input)),
            Format::Markdown => return Ok(story::markdown(story, report, input)),
            Format::Html => return Ok(story::html(story, report, input)),
            _ => {}
        }
    }
    match format {
        Format::Text => Ok(text::render(report, input)),
        Format::Json => json(report),
        Format::Markdown => Ok(markdown::render(report, input)),
        Format::Junit => junit::render(report, input),
        Format::Sarif => sarif::render(report, input),
        Format::Html => Ok(html::render(report, input)),
    }
}

/// The JSON report, pretty-printed, with a final newline.
pub fn json(report: &Report) -> Result<String, ReportError> {
    serde_json::to_string_pretty(report)
        .map(|mut s| {
            s.push('\n');
            s
        })
        .map_err(|e| ReportError::Render {
            format: "json",
            message: e.to_string(),
        })
}

/// Renders every `(format, path)` pair and writes it; path `-` is stdout. All pairs are
/// tried even when one fails; the first failure is returned. A closed stdout (`EPIPE`:
/// the reader of `| head -1` left) is not a failure: nobody is left to read the rest, as
/// for any command-line tool.
///
/// Errors: the first [`ReportError`] met. The caller then still has the findings (the
/// verify command prints them as raw JSON on stdout: results are never lost to a report
/// error).
pub fn write_reports(
    outputs: &[(Format, PathBuf)],
    input: &ReportInput,
) -> Result<(), ReportError> {
    write_built_reports(outputs, &Report::build(input), input)
}

/// [`write_reports`] of an already built `report` (a caller that adjusts the model first,
/// e.g. [`Report::mark_interrupted`] for an interrupted `demo`).
///
/// Errors: as [`write_reports`].
pub fn write_built_reports(
    outputs: &[(Format, PathBuf)],
    report: &Report,
    input: &ReportInput,
) -> Result<(), ReportError> {
    let mut first_err = None;
    for (format, path) in outputs {
        let to_stdout = path.as_os_str() == "-";
        let rendered =
            if *format == Format::Text && to_stdout && input.color && report.story.is_none() {
                Ok(text::render_styled(
                    report,
                    input,
                    text::Style { color: true },
                ))
            } else {
                render_report(*format, report, input)
            };
        // on a terminal, the `= help:` rows broken to its width (newcomer58)
        let rendered = match (rendered, input.width) {
            (Ok(text), Some(w)) if *format == Format::Text && to_stdout => {
                Ok(text::fit_rows(&text, w))
            }
            (r, _) => r,
        };
        let res = rendered.and_then(|text| match write_to(path, text.as_bytes()) {
            Err(e) if to_stdout && e.kind() == std::io::ErrorKind::BrokenPipe => Ok(()),
            r => r.map_err(|cause| ReportError::Write {
                format: format.as_str(),
                path: path.clone(),
                cause,
            }),
        });
        if let Err(e) = res {
            first_err.get_or_insert(e);
        }
    }
    match first_err {
        Some(e) => Err(e),
        None => Ok(()),
    }
}

/// Writes `bytes` to `path` (its missing parent directories created first, as `proxy
/// --report` and `repro -o` do), or to stdout when `path` is `-`, through
/// [`crate::record::outfile`]: a regular file is replaced only once every byte is written
/// (a failed write leaves the old one), a device, FIFO or symlink is never removed.
///
/// Errors: a parent directory cannot be created, or the file cannot be written.
pub fn write_to(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    crate::record::outfile::write_file(path, bytes)
}

/// SHA-256 (lowercase hex) and size in bytes of a file, read in 64 KiB blocks.
///
/// Errors: the file cannot be opened or read.
pub fn sha256_file(path: &Path) -> std::io::Result<(String, u64)> {
    use sha2::{Digest, Sha256};
    use std::io::Read;
    let mut f = std::fs::File::open(path)?;
    let mut h = Sha256::new();
    let mut buf = vec![0u8; 64 * 1024];
    let mut total = 0u64;
    loop {
        let n = f.read(&mut buf)?;
        if n == 0 {
            break;
        }
        total += n as u64;
        h.update(&buf[..n]);
    }
    Ok((hex::encode(h.finalize()), total))
}

/// Report input for a finished live run (proxy, probe, demo): the verifier's `outcome`
/// plus an exchange index read back from `recording` (with its SHA-256 and size) when one
/// was written. Without a recording (`--no-record`) the index is empty: reports then show
/// findings and evidence `seq`s without method, path and excerpts.
///
/// Errors: none; an unreadable recording gives an empty index and no hash (the findings
/// are what matters and are kept).
pub fn live_input(
    header: crate::record::RecordingHeader,
    outcome: crate::verify::VerifyOutcome,
    recording: Option<&Path>,
    kind: SourceKind,
    target: Option<String>,
) -> ReportInput {
    let mut index = ExchangeIndex::new(if recording.is_some() {
        SourceFile::Recording
    } else {
        SourceFile::None
    })
    .with_origins(header.mode == crate::record::CaptureMode::Forward);
    let mut info = SourceInfo {
        kind,
        path: recording.map(|p| p.display().to_string()),
        target,
        format: recording.map(|_| FileFormat::Recording),
        sha256: None,
        bytes: None,
        torn_tail: None,
        seq_breaks: None,
        skipped_lines: None,
        unwritten: None,
        file_notes: Vec::new(),
    };
    if let Some(path) = recording {
        if let Ok(file) = std::fs::File::open(path) {
            let reader = std::io::BufReader::with_capacity(256 * 1024, file);
            if let Ok(events) = crate::record::jsonl::RecordingReader::new(reader) {
                // a `--no-redact` run's reports still hide its secrets
                let mut shown = index::ShownEvents::new(!header.redacted);
                for ev in events.flatten() {
                    shown.observe(&mut index, &ev);
                }
                shown.finish(&mut index);
            }
        }
        if let Ok((hash, bytes)) = sha256_file(path) {
            info.sha256 = Some(hash);
            info.bytes = Some(bytes);
        }
    }
    ReportInput::new(header, outcome, info, index)
}

/// A finding's JSON Pointer (RFC 6901, `/result/status/state`, `/1/id`) as the reports and
/// live lines show it: a JSONPath-style `$.result.status.state`, `$[1].id` (RFC 9535
/// shorthand; a member name that is no identifier as `$["a b"]`), so that no one reads it
/// as a URL path (review22 N9). The JSON report keeps the pointer itself. `""` (the whole
/// document) is `$`.
pub fn json_path(pointer: &str) -> String {
    let mut out = String::from("$");
    for seg in pointer.split('/').skip(1) {
        let seg = seg.replace("~1", "/").replace("~0", "~");
        let ident = seg
            .chars()
            .next()
            .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
            && seg.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
        if !seg.is_empty() && seg.bytes().all(|b| b.is_ascii_digit()) {
            out.push_str(&format!("[{seg}]"));
        } else if ident {
            out.push('.');
            out.push_str(&seg);
        } else {
            out.push_str(&format!("[{}]", serde_json::Value::String(seg)));
        }
    }
    out
}

/// An exchange named on a side line (`seen: ... in 3 exchanges: ...`, `not judged: ...`):
/// for a HAR file its `log.entries[i]`, the entry a HAR viewer shows, as findings cite it
/// (review22 R10); otherwise its id (`e12`).
pub(crate) fn cite(id: &str, index: &ExchangeIndex) -> String {
    match index.har_entry(id) {
        Some(i) if index.source() == SourceFile::Har => format!("log.entries[{i}]"),
        _ => id.to_string(),
    }
}

/// The short name of one piece of evidence, the head of [`locate`] without the exchange's
/// request line: `e26 #152` (exchange id and event number, the form of the proxy's live
/// finding line), `e2 line 8` for a transcript (the line a person edits), `log.entries[3]`
/// for a HAR file (the entry a HAR viewer shows), `#152` when no exchange is known. SARIF
/// names its logical locations with it (q25c: it cited the bare `#seq`).
pub(crate) fn cite_event(seq: u64, exchange: Option<&str>, index: &ExchangeIndex) -> String {
    let x = exchange
        .and_then(|id| index.exchange(id))
        .or_else(|| index.exchange_of_seq(seq));
    if index.source() == SourceFile::Har {
        if let Some(i) = x.and_then(|x| index.har_entry(&x.id)) {
            return format!("log.entries[{i}]");
        }
    }
    let at = match (index.source(), index.line_of_seq(seq)) {
        (SourceFile::Transcript, Some(line)) => format!("line {line}"),
        _ => format!("#{seq}"),
    };
    // `e26 #152`: the exchange beside the event, the form of the proxy's live finding line
    // (`pipeline::finding_line`) and of the sequence diagram, so a line seen live is found
    // in the report (newcomer24 N8)
    // (a live run without a recording has no index: the evidence's own exchange id)
    match x.map(|x| x.id.as_str()).or(exchange) {
        Some(id) => format!("{id} {at}"),
        None => at,
    }
}

/// Where a finding points, for renderers: `eN #seq (METHOD path -> status)`, the exchange id
/// and event number as the proxy's live finding line shows them (for a transcript
/// `eN line N (...)`, the line of the file a person edits; for a HAR file `log.entries[i]
/// (METHOD URL -> status)`, the entry a HAR viewer shows), followed by ` [caller -> callee]`
/// when the exchange carries an `attribution` event.
pub(crate) fn locate(seq: u64, exchange: Option<&str>, index: &ExchangeIndex) -> String {
    let x = exchange
        .and_then(|id| index.exchange(id))
        .or_else(|| index.exchange_of_seq(seq));
    // a HAR reader finds an exchange by its entry, not by the seq numbers given on import
    // (q22 Q4): `log.entries[3] (POST https://agent.example/rpc -> 200)`
    if index.source() == SourceFile::Har {
        if let Some((x, i)) = x.and_then(|x| index.har_entry(&x.id).map(|i| (x, i))) {
            let status = x
                .status
                .map(|s| s.to_string())
                .unwrap_or_else(|| "no response".into());
            return format!("log.entries[{i}] ({} {} -> {status})", x.method, x.url);
        }
    }
    let seq = cite_event(seq, exchange, index);
    match x {
        Some(x) => {
            let status = x
                .status
                .map(|s| s.to_string())
                .unwrap_or_else(|| "no response".into());
            // forward mode: the absolute URL names the agent (breaker10n N16)
            let target = if index.shows_origins() && x.url.contains("://") {
                &x.url
            } else {
                &x.path
            };
            match index.parties(x) {
                Some(who) => format!("{seq} ({} {target} -> {status}) [{who}]", x.method),
                None => format!("{seq} ({} {target} -> {status})", x.method),
            }
        }
        None => seq,
    }
}

/// A finding's `found` value as one line of text (JSON strings quoted, others compact).
pub(crate) fn found_text(v: &serde_json::Value) -> String {
    let s = v.to_string();
    show_controls_owned(index::excerpt_of(s.as_bytes(), 300))
}

#[cfg(test)]
mod json_path_tests {
    use super::json_path;

    /// review22 N9: a JSON Pointer is shown as a JSONPath, never as something that reads
    /// like a URL path.
    #[test]
    fn pointers_read_as_json_paths() {
        assert_eq!(json_path(""), "$");
        assert_eq!(json_path("/error"), "$.error");
        assert_eq!(json_path("/result/status/state"), "$.result.status.state");
        assert_eq!(json_path("/1/id"), "$[1].id");
        assert_eq!(
            json_path("/supportedInterfaces/1/url"),
            "$.supportedInterfaces[1].url"
        );
        assert_eq!(json_path("/a~1b/c d/~0x"), r#"$["a/b"]["c d"]["~x"]"#);
    }
}

#[cfg(test)]
mod tests {
    use super::Format;
    use std::path::Path;

    /// Each format's own extension reads back as it, `.junit` and `.sarif.json` too, in any
    /// letter case; other names name no format.
    #[test]
    fn report_names_read_back_as_their_format() {
        for f in [
            Format::Text,
            Format::Json,
            Format::Markdown,
            Format::Junit,
            Format::Sarif,
            Format::Html,
        ] {
            let p = format!("out/r.{}", f.extension());
            assert_eq!(Format::from_extension(Path::new(&p)), Some(f), "{p}");
        }
        for (p, f) in [
            ("out/fo.junit", Some(Format::Junit)),
            ("out/FO.JUNIT", Some(Format::Junit)),
            ("out/x.sarif.json", Some(Format::Sarif)),
            ("out/x.markdown", Some(Format::Markdown)),
            ("out/x.pdf", None),
            ("out/junit", None),
        ] {
            assert_eq!(Format::from_extension(Path::new(p)), f, "{p}");
        }
    }
}

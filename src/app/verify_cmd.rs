/*!
Commands `verify`, `report` and `rules`.

- `verify FILE [--format F [-o PATH]]... [--fail-on error|warning|note|never]`: opens FILE
  (native recording, transcript or HAR, detected from the content), feeds every event to
  the verifier and to the report's exchange index, renders. Without `--format`: `text` to
  stdout. `--format`/`-o` pair up in order; a lone `--format` with no `-o` at all goes to
  stdout (`-o -` also means stdout); an `-o` without its `--format` takes the format its
  extension names (`.json`, `.md`, `.xml`, `.sarif`, `.html`, `.txt`). Several formats
  need an `-o` each: `-f json -f html -o a.json` is refused (exit 2) rather than pouring the
  unpaired HTML onto the terminal.
- `report FILE --format ...`: the same run, for rendering. It exits 0 whatever was found
  unless `--fail-on` is given explicitly (a report is a rendering, not a gate); an
  operational error still exits 2.
- `rules [--format text|markdown|json]`: the rule registry.

Exit status: 0 no finding at or above `--fail-on` (verify default `error`); 1 findings;
2 operational error, printed as one line `a2a-interop: <cause>; hint: <hint>` on stderr.
When a report cannot be written, the JSON report (with every finding) goes to stdout and
the exit status is 2: results are never lost to a report error.
*/

use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use crate::cli::{
    FailOn, Format as CliFormat, OutputArgs, ReportArgs, RulesArgs, RulesFormat, VerifyArgs,
};
use crate::record::source::{self, SourceKind as FileKind};
use crate::report::model::{SkippedLines, SKIPPED_LINES_LISTED};
use crate::report::{
    self, ExchangeIndex, FileFormat, Format, ReportInput, SourceFile, SourceInfo, SourceKind,
    TornTail,
};
use crate::verify::{rules::RULES, Severity, Verifier};

/// The report format for a CLI format.
pub fn format_of(f: CliFormat) -> Format {
    match f {
        CliFormat::Text => Format::Text,
        CliFormat::Json => Format::Json,
        CliFormat::Markdown => Format::Markdown,
        CliFormat::Junit => Format::Junit,
        CliFormat::Sarif => Format::Sarif,
        CliFormat::Html => Format::Html,
    }
}

/// The lowest severity that fails the run, `None` for `never`.
pub fn threshold(f: FailOn) -> Option<Severity> {
    match f {
        FailOn::Error => Some(Severity::Error),
        FailOn::Warning => Some(Severity::Warning),
        FailOn::Note => Some(Severity::Note),
        FailOn::Never => None,
    }
}

/// Exit status for findings of `severities` under `fail_on`: 1 when one is at or above the
/// threshold, else 0.
pub fn exit_status(severities: impl IntoIterator<Item = Severity>, fail_on: FailOn) -> u8 {
    match threshold(fail_on) {
        Some(min) if severities.into_iter().any(|s| s >= min) => 1,
        _ => 0,
    }
}

/// Start-up check of the `-o` report paths of `probe`, `interop` and `demo`, before the
/// run: those reports are written only when the run ends, seconds to minutes later, and a
/// path that cannot take them then cost the whole run (ux38: `probe URL -o out`, `out` a
/// directory, ran every test and then exited 2 with no report). Each path other than `-`:
/// not a directory; its missing directories created now, said on stderr as
/// `a2a-interop: created directory out/ (it did not exist) for out/p.json` (docs/usage.md:
/// "stderr says so before anything runs"); a directory that takes a new file (reports
/// are written to a temporary file beside the path, then renamed). A device or FIFO is
/// left alone (written at the end as it is).
///
/// Errors: the one line to print, with its hint (exit 2).
pub fn check_run_outputs(pairs: &[(Format, PathBuf)]) -> anyhow::Result<()> {
    for (fmt, p) in pairs {
        if p.as_os_str() == "-" {
            continue;
        }
        let name = format!("report.{}", fmt.extension());
        if let Some(fix) = super::dir_output_hint(p, &name) {
            anyhow::bail!(
                "-o {} is a directory: the {} report could not be written there when the run ends; hint: {fix}",
                p.display(),
                fmt.as_str()
            );
        }
        let created = crate::record::outfile::create_dirs_for(p).map_err(|e| {
            anyhow::anyhow!(
                "cannot write -o {}: {e}; hint: pick a writable -o path",
                p.display()
            )
        })?;
        if let Some(top) = created {
            crate::errln!(
                "a2a-interop: {}",
                crate::record::outfile::created_dir_line(&top, p, &p.display().to_string())
            );
        }
        if std::fs::metadata(p).is_ok_and(|m| !m.is_file()) {
            continue;
        }
        let dir = p
            .parent()
            .filter(|d| !d.as_os_str().is_empty())
            .unwrap_or(Path::new("."));
        let check = dir.join(format!(".a2a-interop-output-check-{}", std::process::id()));
        match std::fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&check)
        {
            Ok(_) => {
                let _ = std::fs::remove_file(&check);
            }
            Err(e) => anyhow::bail!(
                "cannot write -o {}: directory {} does not accept new files (the report is written to a temporary file there, then renamed): {e}; hint: pick a writable -o path",
                p.display(),
                dir.display()
            ),
        }
    }
    Ok(())
}

/// Refuses a report path that is the `--record` file of `probe`, `interop` or `demo`
/// ([`crate::record::outfile::same_file`]): the report would replace the recording (B3);
/// and one that another process is recording to
/// ([`crate::record::outfile::refuse_live_recording`], breaker10n N2).
///
/// Errors: the one line to print, with its hint.
pub fn refuse_report_over_recording(
    record: Option<&Path>,
    pairs: &[(Format, PathBuf)],
) -> anyhow::Result<()> {
    // another process's live recording (breaker10n N2), refused before the run
    for (_, p) in pairs {
        if std::fs::metadata(p).is_ok_and(|m| m.is_file()) {
            crate::record::outfile::refuse_live_recording(p, p)
                .map_err(|e| anyhow::anyhow!("-o {}: {e}", p.display()))?;
        }
    }
    // another run's recording (newcomer24 N1)
    for (fmt, p) in pairs {
        if let Some(held) = crate::record::outfile::held_recording(p) {
            anyhow::bail!(
                "{}; hint: give -o another path (e.g. -o {}); move the recording away first if you mean to replace it",
                over_recording("-o", p, &held, "report"),
                super::sh_path(&p.with_extension(fmt.extension()))
            );
        }
    }
    let Some(rec) = record else { return Ok(()) };
    match pairs
        .iter()
        .find(|(_, p)| crate::record::outfile::same_file(rec, p))
    {
        Some((_, p)) => anyhow::bail!(
            "-o {} is the --record file: the report would replace the recording; hint: give -o another path",
            p.display()
        ),
        None => Ok(()),
    }
}

/// The cause line for an output path (`flag` `-o`, `--har`, `--report`) that holds an
/// a2a-interop recording (`held`: its size and start, from
/// [`crate::record::outfile::held_recording`]): the `what` (report, HAR) written there
/// would erase it (newcomer24 N1).
pub fn over_recording(flag: &str, p: &Path, held: &str, what: &str) -> String {
    format!(
        "{flag} {} holds an a2a-interop recording ({held}): writing the {what} there would erase it",
        p.display()
    )
}

/// Every report format with the extension a report path is read as: `text (.txt), json
/// (.json), markdown (.md), junit (.xml), sarif (.sarif), html (.html)`, for messages.
pub fn formats_with_extensions() -> String {
    [
        Format::Text,
        Format::Json,
        Format::Markdown,
        Format::Junit,
        Format::Sarif,
        Format::Html,
    ]
    .iter()
    .map(|f| format!("{} (.{})", f.as_str(), f.extension()))
    .collect::<Vec<_>>()
    .join(", ")
}

/// The extension of a report `path` that names no format this tool writes (`.pdf` of
/// `out.pdf`, `.docx`, `.jsonl`), with its dot; `None` when the path names a format
/// ([`Format::from_extension`]) or has no extension (newcomer24 N9: `--report out.pdf`
/// silently wrote Markdown into a file every PDF viewer then refused).
pub fn unknown_extension(path: &Path) -> Option<String> {
    let ext = path.extension()?;
    match Format::from_extension(path) {
        Some(_) => None,
        None => Some(format!(".{}", ext.to_string_lossy())),
    }
}

/// For an output path ending `.har` (any case) where a report was asked for: `; a HAR of
/// the traffic is export's: a2a-interop export FILE -o PATH` (newcomer59: the refusal named
/// the report formats, not the command that writes HAR); empty for another name.
pub fn har_hint(path: &Path) -> String {
    match path.extension().and_then(|e| e.to_str()) {
        Some(e) if e.eq_ignore_ascii_case("har") => format!(
            "; a HAR of the traffic is export's: a2a-interop export FILE -o {}",
            super::sh_path(path)
        ),
        _ => String::new(),
    }
}

/// The warning for a report in `fmt` written under a name whose extension names another
/// format (`-f json -o out.html`: a browser shows the JSON as a broken page, a CI step that
/// globs `*.xml` for JUnit reads SARIF), or `None`. `flag` is the path's flag as typed
/// (`-o`, `--report`). The explicit `--format` still wins (docs/reports.md "Outputs"); a
/// path without an extension, one whose extension names no format, and SARIF under `.json`
/// (SARIF is JSON, and code-scanning uploads take either name) get no warning (ux37).
pub fn format_clash(fmt: Format, path: &Path, flag: &str) -> Option<String> {
    let named = Format::from_extension(path)?;
    if named == fmt || (fmt == Format::Sarif && named == Format::Json) {
        return None;
    }
    let name = path.file_name()?.to_string_lossy();
    // `.sarif.json` is one extension (Format::from_extension): `x.sarif.json` -> `x.json`
    let stem_len = if name.to_ascii_lowercase().ends_with(".sarif.json") {
        name.len() - ".sarif.json".len()
    } else {
        name.rfind('.')?
    };
    let ext = &name[stem_len + 1..];
    let renamed = path.with_file_name(format!("{}.{}", &name[..stem_len], fmt.extension()));
    Some(format!(
        "warning: {flag} {} gets the {} report (--format {}), but its extension .{ext} names {}: a viewer or CI step that goes by the name will misread it; hint: name it {} (or drop --format {} to write {} there)",
        path.display(),
        fmt.as_str(),
        fmt.as_str(),
        named.as_str(),
        renamed.display(),
        fmt.as_str(),
        named.as_str(),
    ))
}

/// Pairs `--format` and `-o` values (module docs).
///
/// Errors: an `-o` without a `--format` whose extension names no format; a `--format`
/// without its `-o` when more than one report is asked for (only a single, lone
/// `--format` goes to stdout implicitly).
pub fn pair_outputs(o: &OutputArgs) -> Result<Vec<(Format, PathBuf)>, String> {
    let mut pairs = Vec::new();
    let n = o.formats.len().max(o.outputs.len());
    if n > 1 && o.formats.len() > o.outputs.len() {
        let unpaired: Vec<&str> = o.formats[o.outputs.len()..]
            .iter()
            .map(|f| format_of(*f).as_str())
            .collect();
        let verb = if unpaired.len() == 1 { "has" } else { "have" };
        return Err(format!(
            "--format {} {verb} no -o ({} formats, {} -o); hint: give -o PATH after each --format (-o - for stdout)",
            unpaired.join(", --format "),
            o.formats.len(),
            o.outputs.len()
        ));
    }
    for i in 0..n {
        let path = o
            .outputs
            .get(i)
            .cloned()
            .unwrap_or_else(|| PathBuf::from("-"));
        let fmt = match o.formats.get(i) {
            Some(f) => {
                let fmt = format_of(*f);
                if let Some(w) = format_clash(fmt, &path, "-o") {
                    crate::errln!("a2a-interop: {w}");
                }
                fmt
            }
            // `-o -` alone is standard output, whose format without --format is text, as
            // with no -o at all (newcomer29 N9: it was "no --format for -o -")
            None if n == 1 && path.as_os_str() == "-" => Format::Text,
            None => Format::from_extension(&path).ok_or_else(|| {
                // A directory has no extension to pick a format from, and no format would
                // make it a file: say what it is (newcomer25 N6).
                if let Some(hint) = super::dir_output_hint(&path, "report.md") {
                    return format!(
                        "-o {} is a directory, not a report file; hint: {hint} (its extension picks the format: .json .md .xml .sarif .html .txt)",
                        path.display()
                    );
                }
                match unknown_extension(&path) {
                    // newcomer24 N9: say that the extension names nothing this tool writes
                    Some(ext) => format!(
                        "no --format for -o {}, and {ext} names no report format a2a-interop writes, which are {}; hint: give --format F before the -o (the report is then written in F under that name), or use one of those extensions{}",
                        path.display(),
                        formats_with_extensions(),
                        har_hint(&path)
                    ),
                    None => format!(
                        "no --format for -o {}; hint: give --format F before each -o, or use an extension .json .md .xml .sarif .html .txt",
                        path.display()
                    ),
                }
            })?,
        };
        // two reports to standard output would run together: neither parses (breaker10n N20)
        if path.as_os_str() == "-"
            && pairs
                .iter()
                .any(|(_, q): &(Format, PathBuf)| q.as_os_str() == "-")
        {
            return Err(
                "-o - given twice: two reports to standard output would run together and neither would parse; hint: give all but one report a file path (-o FILE)"
                    .to_string(),
            );
        }
        // two reports to one file: the second would overwrite the first (breaker9c C9)
        if path.as_os_str() != "-"
            && pairs.iter().any(|(_, q): &(Format, PathBuf)| {
                *q == path || crate::record::outfile::same_file(q, &path)
            })
        {
            return Err(format!(
                "-o {} given twice: the second report would overwrite the first; hint: give each -o its own path",
                path.display()
            ));
        }
        pairs.push((fmt, path));
    }
    if pairs.is_empty() {
        pairs.push((Format::Text, PathBuf::from("-")));
    }
    Ok(pairs)
}

/// Prints the one-line operational error and returns exit status 2.
pub(crate) fn fail(cause: impl std::fmt::Display, hint: &str) -> ExitCode {
    let cause = cause.to_string().replace(['\n', '\r'], " ");
    crate::errln!("a2a-interop: {cause}; hint: {hint}");
    ExitCode::from(2)
}

/// Reads `path` whole through the verifier and the exchange index.
///
/// Errors: the one-line cause of an unreadable or malformed file.
pub fn verify_file(path: &Path) -> Result<ReportInput, String> {
    verify_file_as(path, &path.display().to_string())
}

/// [`verify_file`], naming the file `shown` in messages and in the report's `source.path`
/// (`-` for standard input spooled to a temporary file).
///
/// Errors: the one-line cause of an unreadable or malformed file.
pub fn verify_file_as(path: &Path, shown: &str) -> Result<ReportInput, String> {
    verify_file_skipping(path, shown, false)
}

/// [`verify_file_as`]; with `skip_bad_lines`, a native recording's lines that cannot be
/// read (not JSON, cut short, not a recording event) are skipped and listed in
/// `source.skippedLines` instead of ending the read (ux20 N4). An I/O error still ends it.
///
/// Errors: the one-line cause of an unreadable or malformed file.
pub fn verify_file_skipping(
    path: &Path,
    shown: &str,
    skip_bad_lines: bool,
) -> Result<ReportInput, String> {
    verify_file_story(path, shown, skip_bad_lines, false)
}

/// [`verify_file_skipping`]; with `story`, the index keeps every body that names a task or
/// context id (`report --task`, [`ExchangeIndex::with_story`]).
///
/// Errors: the one-line cause of an unreadable or malformed file.
pub fn verify_file_story(
    path: &Path,
    shown: &str,
    skip_bad_lines: bool,
    story: bool,
) -> Result<ReportInput, String> {
    let mut src = source::open_as(path, shown)
        .map_err(|e| format!("{e:#}").replace(&path.display().to_string(), shown))?;
    let (format, lines) = match src.kind {
        FileKind::Recording => (FileFormat::Recording, SourceFile::Recording),
        FileKind::Transcript => (FileFormat::Transcript, SourceFile::Transcript),
        FileKind::Har => (FileFormat::Har, SourceFile::Har),
    };
    let mut verifier = Verifier::new(&src.header);
    let mut index = ExchangeIndex::new(lines)
        .with_origins(src.header.mode == crate::record::CaptureMode::Forward)
        .with_har_entries(std::mem::take(&mut src.har_entries))
        .with_story(story);
    // Transcripts, HARs and `--no-redact` recordings are shown redacted in reports.
    let mut shown_events = crate::report::index::ShownEvents::new(
        !matches!(src.kind, FileKind::Recording) || !src.header.redacted,
    );
    let mut skipped: Option<SkippedLines> = None;
    // Each event used where the reader's answer lands: neither bound by value, nor its
    // `Ok` taken apart, nor moved into the verifier (~230 bytes a line each; perf45).
    let mut events = src.events;
    while let Some(ev) = events.next().as_mut() {
        let ev = match ev {
            Ok(ev) => ev,
            Err(e)
                if skip_bad_lines && !matches!(e, crate::record::jsonl::ReadError::Io { .. }) =>
            {
                let line = e.line().unwrap_or(0);
                let s = skipped.get_or_insert_with(|| {
                    let cause = e.to_string();
                    let prefix = format!("line {line}: ");
                    SkippedLines {
                        count: 0,
                        lines: Vec::new(),
                        first_cause: cause.strip_prefix(&prefix).unwrap_or(&cause).to_string(),
                    }
                });
                s.count += 1;
                verifier.line_skipped();
                if s.lines.len() < SKIPPED_LINES_LISTED {
                    s.lines.push(line);
                }
                continue;
            }
            Err(e) => return Err(format!("{shown}: {e}")),
        };
        shown_events.observe(&mut index, ev);
        // by reference: the parts the verifier keeps are taken out, the event is not moved
        // (~230 bytes a line; perf45)
        verifier.feed_taken(ev);
    }
    shown_events.finish(&mut index);
    let mut outcome = verifier.finish();
    if src.kind == FileKind::Recording {
        stopped_early(
            &mut outcome.incomplete,
            src.header.mode,
            src.torn_tail.get().is_some(),
            path,
        );
    }
    if src.header.mode == crate::record::CaptureMode::Transcript {
        transcript_unanswered(&mut outcome.incomplete);
    }
    let (sha256, bytes) = match report::sha256_file(path) {
        Ok((h, n)) => (Some(h), Some(n)),
        Err(e) => return Err(format!("cannot read {shown}: {e}")),
    };
    let info = SourceInfo {
        kind: SourceKind::Recording,
        path: Some(shown.to_string()),
        // a recording written before upstream URLs were redacted in its header
        target: src.header.routes.first().map(|r| {
            if src.header.redacted {
                crate::record::redact::redact_url(&r.upstream).into_owned()
            } else {
                r.upstream.clone()
            }
        }),
        format: Some(format),
        sha256,
        bytes,
        torn_tail: src.torn_tail.get().map(|&(line, bytes)| TornTail {
            line,
            bytes,
            // a line being written is no cut: its writer still holds the file (left40)
            writer_running: still_recorded(path),
        }),
        seq_breaks: src
            .seq_breaks
            .get()
            .map(|b| crate::report::model::SeqBreaks {
                missing: b.missing,
                repeated: b.repeated,
                out_of_order: b.out_of_order,
                duplicates: b.duplicates,
                first: [b.first.0, b.first.1],
            }),
        skipped_lines: skipped,
        unwritten: None,
        file_notes: src.notes.take(),
    };
    Ok(ReportInput::new(src.header, outcome, info, index))
}

/// The not-judged reason of an exchange a native recording leaves without its end
/// ([`crate::verify::NEVER_ENDED`], no `seq` skipped after it), with the likely cause: the
/// recording stopped early. A proxy (`probe`, `interop`, `demo`) that stops on Ctrl-C,
/// SIGTERM or SIGHUP writes an `exchange_end` for every exchange still open (outcome
/// `open`, docs/recording-format.md), so a file that ends with exchanges open was cut off:
/// its writer was killed (`kill -9`, out of memory, the machine went down) or its disk
/// filled (`--on-record-error continue` records nothing after that). `torn`: the last line
/// is torn, which says the same. Not for transcripts and HAR files (their exchanges end as
/// their own format says), nor for a file a running process still records (`verify` says
/// so on stderr). ux34: the reason said "exchange never ended in the recording" and nothing
/// of why. The verdicts do not change: these exchanges stay not judged.
fn stopped_early(
    incomplete: &mut [(String, String)],
    mode: crate::record::CaptureMode,
    torn: bool,
    path: &Path,
) {
    use crate::record::CaptureMode;
    if !matches!(
        mode,
        CaptureMode::Reverse | CaptureMode::Forward | CaptureMode::Probe
    ) {
        return;
    }
    let never = crate::verify::NEVER_ENDED;
    if !incomplete.iter().any(|(_, why)| why == never)
        || crate::record::outfile::refuse_live_recording(path, path).is_err()
    {
        return;
    }
    let why = if torn {
        format!(
            "{never}: the recording stopped while it was open (its last line is torn: the proxy was killed, or its disk filled, mid-write), so how it ended was not recorded"
        )
    } else {
        format!(
            "{never}: the recording stopped while it was open (the proxy was killed, e.g. kill -9 or out of memory, or its disk filled; a proxy stopped by Ctrl-C or SIGTERM records an end, outcome open, for every exchange still open), so how it ended was not recorded"
        )
    };
    for (_, w) in incomplete.iter_mut().filter(|(_, w)| w == never) {
        w.clone_from(&why);
    }
}

/// The not-judged reason of a transcript's request with no answer after it: said as the
/// line the transcript lacks, with the line to write (newcomer55 N4: it was "the recording
/// ended with the request still waiting for the agent's answer", and when nothing else was
/// judged the hint spoke of 16 MiB bodies and --capture-cap). The verdicts do not change.
fn transcript_unanswered(incomplete: &mut [(String, String)]) {
    let at_end = crate::verify::NOT_ANSWERED_AT_END;
    for (_, w) in incomplete.iter_mut().filter(|(_, w)| w == at_end) {
        *w = TRANSCRIPT_NO_RESP.to_string();
    }
}

/// [`transcript_unanswered`]'s words.
const TRANSCRIPT_NO_RESP: &str = "the transcript has no answer for this request: write the agent's answer after its {\"dir\":\"req\",...} line, {\"dir\":\"resp\",\"status\":200,\"headers\":{\"content-type\":\"application/json\"},\"body\":...} (docs/transcript-format.md); answer not judged";

/// Why nothing was verified, when nothing was: no exchange at all in the file, or none
/// that reached the agent (every one ended `upstream_error`: in a native recording the
/// recording proxy answered 502 itself; in a HAR file or transcript the entry has no
/// response, also a HAR `status: 0` entry read as `client_abort`). `None` when some exchange did reach it (or may have: still open).
pub fn nothing_verified(input: &ReportInput) -> Option<String> {
    let idx = &input.index;
    let seen = idx.exchanges_seen().max(input.outcome.exchanges);
    // A finding is a verdict: a recording of refused requests alone (HTTP-FRAME-003, no
    // exchange, as the proxy's server refused them before forwarding) was verified
    // (newcomer19 N11).
    if seen == 0 && !input.outcome.findings.is_empty() {
        return None;
    }
    if seen == 0 {
        let (tunnels, to) = &idx.tunnels;
        if *tunnels > 0 {
            // Forward mode: HTTPS clients sent CONNECT, and without interception the proxy
            // sees only encrypted bytes.
            return Some(format!(
                "the file holds no exchange, only {tunnels} opaque CONNECT tunnel{} (to {}): a forward proxy sees no HTTP inside TLS unless it runs with --intercept-tls",
                if *tunnels == 1 { "" } else { "s" },
                to.join(", ")
            ));
        }
        return Some("the file holds no exchange".into());
    }
    let indexed = idx.exchanges();
    if indexed.is_empty() || (indexed.len() as u64) < seen {
        // not every exchange was indexed: the index cannot vouch that none got through
        return None;
    }
    // only a native recording was made by the proxy; a HAR entry or transcript exchange
    // without a response simply has none in the file
    let by_proxy = matches!(
        input.source.format,
        None | Some(crate::report::FileFormat::Recording)
    );
    // a HAR entry or transcript request without a response was still read and judged:
    // a finding on it is a verdict, as on the native recording it was exported from
    // (newcomer50 N7: `verify` of a recording of one request the client gave up on
    // printed its VER-MIX-002 and exited 0, `verify` of its `export` HAR "nothing was
    // verified", exit 2)
    let judged_requests = !by_proxy && !input.outcome.findings.is_empty();
    let reached = judged_requests
        || indexed.iter().any(|x| match x.outcome {
            Some(crate::record::Outcome::UpstreamError) => false,
            // a HAR entry with status 0 that the client aborted (`record::har`): no response
            Some(crate::record::Outcome::ClientAbort) => by_proxy || x.status.is_some(),
            _ => true,
        });
    if reached {
        if let Some(why) = nothing_judged(&input.outcome, indexed.len()) {
            return Some(why);
        }
    }
    if reached {
        return None;
    }
    let n = indexed.len();
    let what = if n == 1 { "exchange" } else { "exchanges" };
    // The recorded cause (`exchange_end.error`: upstream refused, reset, unreachable), so a
    // reader of the message learns why without opening the file (q21: the cause was only in
    // the recording).
    let cause = indexed
        .iter()
        .find_map(|x| x.error.as_deref().filter(|e| !e.is_empty()))
        .map(|e| {
            let first = if n == 1 { "" } else { "the first: " };
            format!(": {first}{e}")
        })
        .unwrap_or_default();
    // the statuses the proxy answered with, as recorded (ux36: "its own 502" of a forward
    // proxy's 403 and 400 refusals)
    let mut statuses = Vec::new();
    for s in indexed.iter().filter_map(|x| x.status) {
        crate::app::pipeline::note_own_status(&mut statuses, s);
    }
    let own = crate::app::pipeline::own_answer_words(&statuses);
    Some(match (by_proxy, n) {
        (true, 1) => format!(
            "the one exchange did not reach the agent (the proxy answered it with {own}{cause})"
        ),
        (true, _) => format!(
            "none of the {n} {what} reached the agent (the proxy answered each with {own}{cause})"
        ),
        (false, 1) => "the one exchange has no response in the file".to_string(),
        (false, _) => format!("none of the {n} {what} has a response in the file"),
    })
}

/// Why nothing in `o` could be judged although its exchanges reached the agent: no dialect,
/// no area exercised and no finding, because the agent never answered before the client gave
/// up, the exchanges were not fully recorded, or none of them is A2A traffic. `exchanges`:
/// how many there are. `None` when something was judged. Shared by `verify` (through
/// [`nothing_verified`]) and the proxy's stop line, so the two say the same of one run
/// (newcomer44: the stop said `conformance: partial` of a run whose one request the agent
/// never answered, and `verify` of its recording "nothing was verified", exit 2).
pub fn nothing_judged(o: &crate::verify::VerifyOutcome, exchanges: usize) -> Option<String> {
    if !(o.dialects.is_empty() && o.areas_exercised.is_empty() && o.findings.is_empty()) {
        return None;
    }
    // A2A requests the agent never answered before the client gave up are A2A traffic
    // with nothing in it to judge (newcomer19 N6: an Agent Card request to an agent
    // that accepted and went silent read as "not A2A traffic").
    let never = crate::verify::NEVER_ANSWERED;
    let unanswered: Vec<(&String, &String)> = o
        .incomplete
        .iter()
        .filter(|(_, why)| why.starts_with(never))
        .map(|(id, why)| (id, why))
        .collect();
    if let Some((id, why)) = unanswered.first() {
        let more = match unanswered.len() {
            1 => String::new(),
            n => format!(
                " (and {} more request{} unanswered)",
                n - 1,
                if n == 2 { "" } else { "s" }
            ),
        };
        return Some(format!(
            "{never} {id}{}{more}",
            why.strip_prefix(never).unwrap_or(why)
        ));
    }
    // Exchanges not fully recorded cannot be told A2A or not (newcomer19 N10).
    if let Some((id, why)) = o.incomplete.first() {
        let n = o.incomplete.len() + o.incomplete_not_kept as usize;
        let more = if n > 1 {
            format!(" (and {} more not judged)", n - 1)
        } else {
            String::new()
        };
        return Some(format!("nothing could be judged: {id}: {why}{more}"));
    }
    // Answered traffic, none of it A2A (a HAR of the wrong browser tab, a health check
    // port): "partial, exit 0" would let a CI that captured the wrong thing go green.
    let n = exchanges;
    let which = if n == 1 {
        "the one exchange is not".to_string()
    } else {
        format!("none of the {n} exchanges is")
    };
    Some(format!(
        "{which} A2A traffic (no Agent Card, no JSON-RPC or HTTP+JSON A2A call, no push notification)"
    ))
}

/// Copies standard input to a temporary file (the readers sniff the format from the
/// content and stream from a file; memory stays flat). The file is created `0600` in the
/// temporary directory and, on Linux, unlinked at once and read back through
/// `/proc/self/fd/N`: standard input often holds secrets (a browser HAR, a `--no-redact`
/// recording), and nothing of it must outlive the process, even on Ctrl-C. Elsewhere the
/// caller deletes it ([`Input`]'s `Drop`).
///
/// Returns the path to read and the open file (kept open for `/proc/self/fd/N`).
///
/// Errors: stdin cannot be read or the temporary file written.
fn spool_stdin() -> Result<(PathBuf, std::fs::File, bool), String> {
    let path = std::env::temp_dir().join(format!("a2a-interop-stdin-{}", uuid::Uuid::new_v4()));
    let mut o = std::fs::OpenOptions::new();
    o.read(true).write(true).create_new(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt as _;
        o.mode(0o600);
    }
    let mut file = o
        .open(&path)
        .map_err(|e| format!("cannot spool standard input to {}: {e}", path.display()))?;
    #[cfg(target_os = "linux")]
    let (read_path, named) = {
        use std::os::fd::AsRawFd as _;
        let by_fd = PathBuf::from(format!("/proc/self/fd/{}", file.as_raw_fd()));
        if by_fd.exists() && std::fs::remove_file(&path).is_ok() {
            (by_fd, false)
        } else {
            (path.clone(), true)
        }
    };
    #[cfg(not(target_os = "linux"))]
    let (read_path, named) = (path.clone(), true);
    let copied = std::io::copy(&mut std::io::stdin().lock(), &mut file);
    if let Err(e) = copied {
        if named {
            let _ = std::fs::remove_file(&path);
        }
        return Err(format!("cannot read standard input: {e}"));
    }
    Ok((read_path, file, named))
}

/// A traffic file named on the command line, ready to open: a path, or standard input
/// (`-`) spooled to a temporary file that is deleted when this is dropped.
pub(crate) struct Input {
    /// The file to read.
    pub path: PathBuf,
    /// The name shown in messages and reports (`-` for standard input).
    pub shown: String,
    /// Standard input's spool file still has a name to delete on drop.
    spooled: bool,
    /// The spool file, open while this lives (its `/proc/self/fd/N` path needs it).
    _spool: Option<std::fs::File>,
}

impl Input {
    /// `file` as given; `-` reads standard input whole into a temporary file first.
    ///
    /// Errors: the one-line cause when standard input cannot be spooled.
    pub fn new(file: &Path) -> Result<Input, String> {
        if file.as_os_str() == "-" {
            // a terminal on stdin: nothing is piped in, and the command would wait for
            // typed input in silence (ux36: `verify -` typed by mistake looked hung)
            use std::io::IsTerminal as _;
            if std::io::stdin().is_terminal() {
                let command = std::env::args()
                    .nth(1)
                    .filter(|c| ["verify", "report", "export", "repro"].contains(&c.as_str()))
                    .unwrap_or_else(|| "verify".into());
                return Err(format!("the file - is standard input, and standard input is this terminal: nothing was piped in, so there is nothing to read (pipe the file in, `cat session.jsonl | a2a-interop {command} - ...`, or give its path instead of -)"));
            }
            let (path, spool, named) = spool_stdin()?;
            Ok(Input {
                path,
                shown: "-".into(),
                spooled: named,
                _spool: Some(spool),
            })
        } else {
            Ok(Input {
                path: file.to_path_buf(),
                shown: file.display().to_string(),
                spooled: false,
                _spool: None,
            })
        }
    }

    /// Opens the file (`record::source::open`), naming it [`Input::shown`] in the error.
    ///
    /// Errors: the one-line cause of an unreadable or unknown file.
    pub fn open(&self) -> Result<source::Source, String> {
        source::open_as(&self.path, &self.shown)
            .map_err(|e| format!("{e:#}").replace(&self.path.display().to_string(), &self.shown))
    }
}

impl Drop for Input {
    fn drop(&mut self) {
        if self.spooled {
            let _ = std::fs::remove_file(&self.path);
        }
    }
}

/// `file` (a path given on the command line; `-` never) is a recording that a running
/// a2a-interop process (`proxy`, `probe`, `demo`, `interop`) is still writing: its
/// recorder holds the file's lock ([`crate::record::outfile::refuse_live_recording`]).
/// `verify`, `report`, `export` and `repro` then say their output covers the events
/// written so far (newcomer24 N5; `export` and `repro` since ux39).
pub fn still_recorded(file: &std::path::Path) -> bool {
    file.as_os_str() != "-"
        && std::fs::metadata(file).is_ok_and(|m| m.is_file())
        && crate::record::outfile::refuse_live_recording(file, file).is_err()
}

/// The hint for a report a2a-interop wrote given where `verify`, `report`, `repro` or
/// `export` read their traffic (the cause says `... report a2a-interop wrote, made from
/// `FILE``, from [`crate::record::source::own_report`]): the file it was made from
/// (newcomer29 N2). `None` for any other cause.
pub(crate) fn report_given_hint(cause: &str) -> Option<String> {
    let (_, rest) = cause
        .split_once("not a recording, transcript or HAR file: it is a")?
        .1
        .split_once(" report a2a-interop wrote")?;
    let reads = "verify, report, repro and export read the traffic (a recording, a HAR or a transcript), not a report";
    if let Some(from) = rest
        .strip_prefix(", made from `")
        .and_then(|r| r.strip_suffix('`'))
    {
        return Some(format!(
            "give the file it was made from, {}: {reads}",
            crate::app::sh_word(from)
        ));
    }
    if rest.contains("not kept") {
        return Some(format!(
            "{reads}; run the probe, interop or demo again with --record FILE to keep its traffic"
        ));
    }
    Some(format!("{reads}; give the file the report was made from"))
}

/// The hint for a UTF-16 file (the cause says `FILE: ... it is UTF-16LE text ...`, from
/// [`crate::record::source::open`]): the `iconv` line that converts it (newcomer29 N6).
/// `None` for any other cause.
pub(crate) fn utf16_hint(cause: &str) -> Option<String> {
    let (file, rest) =
        cause.split_once(": not a recording, transcript or HAR file as it is: it is UTF-")?;
    let enc = match rest.get(..4) {
        Some("16BE") => "UTF-16BE",
        Some("16LE") => "UTF-16LE",
        Some("32BE") => "UTF-32BE",
        Some("32LE") => "UTF-32LE",
        _ => return None,
    };
    let (shown, out) = if file.is_empty() || file == "-" {
        ("FILE".to_string(), "FILE-utf8".to_string())
    } else {
        let p = std::path::Path::new(file);
        let stem = p.file_stem().and_then(|s| s.to_str()).unwrap_or("file");
        let ext = p
            .extension()
            .and_then(|s| s.to_str())
            .map(|e| format!(".{e}"))
            .unwrap_or_default();
        let out = p.with_file_name(format!("{stem}-utf8{ext}"));
        (
            crate::app::sh_word(file),
            crate::app::sh_word(&out.display().to_string()),
        )
    };
    Some(format!(
        "convert it to UTF-8 first: iconv -f {enc} -t UTF-8 {shown} > {out} (in PowerShell, write files with Out-File -Encoding utf8)"
    ))
}

/// A hint for a file that could not be read, from its one-line cause.
pub(crate) fn hint_for(cause: &str) -> String {
    if let Some(h) = report_given_hint(cause) {
        return h;
    }
    if let Some(h) = utf16_hint(cause) {
        return h;
    }
    let kind = hint_kind(cause);
    if let Some((file, _)) = cause.split_once(": a recording without its header line") {
        if !file.is_empty() && file != "-" && !file.contains('\'') {
            return kind.replace("cat FILE", &format!("cat '{file}'"));
        }
    }
    if kind == DAMAGED_LINE {
        if let Some(h) = damaged_line_hint(cause) {
            return h;
        }
    }
    kind.to_string()
}

/// [`hint_kind`]'s hint for a recording damaged at one line, without a way out.
const DAMAGED_LINE: &str =
    "the file is damaged at that line; a torn last line is skipped, other broken lines are not";

/// For a native recording damaged at one line in its middle (`FILE: line 41: ...`): the
/// way to read the rest, the line removed from a copy (newcomer19 N7: the hint said only
/// that other broken lines are not skipped). `None` for any other cause.
fn damaged_line_hint(cause: &str) -> Option<String> {
    let (file, rest) = cause.split_once(": line ")?;
    let n: u64 = rest
        .split(|c: char| !c.is_ascii_digit())
        .next()?
        .parse()
        .ok()?;
    let no_exchange = rest.contains("without its \"exchange\" member");
    let is_recording_line = rest.contains("not valid JSON")
        || rest.contains("cut short")
        || rest.contains("not a recording event")
        || no_exchange;
    let other_format =
        cause.contains("cannot read transcript") || cause.contains("cannot read HAR");
    (is_recording_line && !other_format && !file.is_empty() && file != "-").then(|| {
        let plain = file
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "_./-+@:".contains(c));
        let shown = if plain {
            file.to_string()
        } else {
            format!("'{}'", file.replace('\'', "'\\''"))
        };
        if no_exchange {
            // Removing the line would drop a part of its exchange (newcomer25 N1): the
            // way back is its id, which the other events of its request carry.
            return format!(
                "the file is damaged at that line; give line {n} its \"exchange\" back in a copy of {shown} (the id the other events of its request carry, \"e1\", \"e2\", ...), or add --skip-bad-lines to judge the rest (that exchange is then listed not judged)"
            );
        }
        format!(
            "the file is damaged at that line (a torn last line is skipped, other broken lines are not); to read the rest, add --skip-bad-lines (the report names the lines skipped), or remove line {n} in a copy: sed '{n}d' {shown} > fixed.jsonl"
        )
    })
}

/// What `verify` and `report` read, for the hint of a file that is none of it (ux38: `report
/// empty.jsonl` said "verify reads ...").
const READS: &str =
    "verify and report read a native recording (.jsonl), a transcript (.jsonl) or a HAR 1.2 file";

/// Whether `cause`, a `cannot open PATH: No such file ...` error, names a path with a shell
/// wildcard (`*`, `?`, `[`): a pattern quoted, or one that matched no file (newcomer45 N6: `verify
/// 'recordings/*.jsonl'` in a CI step, or `rec/nothing*.jsonl`, got "check the path and
/// that the file is readable").
fn names_unmatched_pattern(cause: &str) -> bool {
    let Some(rest) = cause.strip_prefix("cannot open ") else {
        return false;
    };
    let Some((path, why)) = rest.rsplit_once(": ") else {
        return false;
    };
    let why_missing = why.contains("No such file") || why.contains("os error 2");
    why_missing && path.contains(['*', '?', '['])
}

fn hint_kind(cause: &str) -> &'static str {
    if cause.contains("Is a directory") {
        "give the traffic file itself, not a directory"
    } else if cause.contains(" is not UTF-8 text: line ") {
        // newcomer49: the damaged-line hint (a torn last line ...) fit no encoding fault
        "a transcript or HAR file is UTF-8 text: convert a copy (iconv -f LATIN1 -t UTF-8 FILE > fixed.jsonl, or from the encoding it was saved in)"
    } else if cause.starts_with("cannot open") && names_unmatched_pattern(cause) {
        "a2a-interop does not expand wildcards itself: leave the pattern unquoted for the shell to expand, and check with ls that it matches a file (a shell passes a pattern that matches nothing on as it is)"
    } else if cause.starts_with("cannot open") {
        "check the path and that the file is readable"
    } else if cause.starts_with("cannot read HAR") {
        "the HAR file is not valid HAR 1.2 JSON at that place (a file cut short cannot be read)"
    } else if cause.starts_with("cannot read transcript") {
        "that line does not follow the transcript format (docs/transcript-format.md)"
    } else if cause.contains("newer than this build") {
        "read it with an a2a-interop that reads that format (the version that wrote it, or a newer one): in your a2a-interop checkout, git pull, then cargo install --path ."
    } else if cause.contains("unknown variant `recording`") {
        "that line is a second recording header: two recordings were concatenated; verify each on its own (split the file before that line)"
    } else if cause.contains("unknown event type `") {
        crate::record::jsonl::line_error_hint(cause)
    } else if cause.contains("-compressed (decompress it first") {
        "verify reads the uncompressed file"
    } else if cause.contains("what a file emptied under a running writer holds") {
        "verify the lines after the NUL bytes under the header of the copy logrotate made: (head -n 1 COPY.jsonl; tr -d '\\000' < FILE) | a2a-interop verify -"
    } else if cause.contains("a recording without its header line") {
        "put the first line of the original recording back on top, in a copy: (head -n 1 ORIGINAL.jsonl; cat FILE) > fixed.jsonl; the header names the proxy's listen address and upstreams, which card checks need"
    } else if cause.contains("not a recording, transcript or HAR") {
        READS
    } else if cause.contains("line ") {
        DAMAGED_LINE
    } else {
        READS
    }
}

/// The checks of the `-o` paths before any input is read (`verify`, `report`): not a
/// directory, not one of the input `files` (B3), not another run's recording (newcomer24
/// N1), writable (issue 7: a large recording read in full, then `cannot write`).
///
/// Errors: the exit status 2, its one line already printed.
pub(crate) fn check_outputs(files: &[&Path], pairs: &[(Format, PathBuf)]) -> Result<(), ExitCode> {
    // A directory takes no report: said before the file is read, with a file path in it
    // named for the report's format (ux39: `report big.jsonl -f json -o out` read the whole
    // file first, then hinted `-o out/report.html` whatever the directory and format)
    if let Some((fmt, p)) = pairs
        .iter()
        .find(|(_, p)| p.as_os_str() != "-" && p.is_dir())
    {
        let hint = super::dir_output_hint(p, &format!("report.{}", fmt.extension()))
            .map(|h| format!("-o names a directory; {h}"))
            .unwrap_or_else(|| "give -o a file path".to_string());
        return Err(fail(
            format!(
                "cannot write {} report to {}: it is a directory",
                fmt.as_str(),
                p.display()
            ),
            &hint,
        ));
    }
    // A report written over the file it reports on would destroy it (B3).
    if let Some((_, p)) = pairs.iter().find(|(_, p)| {
        files
            .iter()
            .any(|f| crate::record::outfile::same_file(f, p))
    }) {
        return Err(fail(
            format!(
                "-o {} is the input file itself: writing the report there would destroy it",
                p.display()
            ),
            "give -o another path",
        ));
    }
    // ... and so would one written over another run's recording (newcomer24 N1)
    if let Some((fmt, p, held)) = pairs
        .iter()
        .find_map(|(f, p)| crate::record::outfile::held_recording(p).map(|h| (*f, p, h)))
    {
        return Err(fail(
            over_recording("-o", p, &held, "report"),
            &format!(
                "give -o another path (e.g. -o {}); move the recording away first if you mean to replace it",
                super::sh_path(&p.with_extension(fmt.extension()))
            ),
        ));
    }
    // An output that cannot be written is said before the input is read (issue 7: a
    // large recording read in full, then `cannot write ... report`).
    for (fmt, p) in pairs {
        if let Err(e) = crate::record::outfile::check_writable(p) {
            return Err(fail(
                format!(
                    "cannot write {} report to {}: {e}",
                    fmt.as_str(),
                    p.display()
                ),
                &super::full_disk_hint(&e.to_string(), "-o")
                    .unwrap_or_else(|| "check the -o path is a writable file".to_string()),
            ));
        }
    }
    Ok(())
}

fn run(
    file: &Path,
    out: &OutputArgs,
    default_fail_on: FailOn,
    skip_bad_lines: bool,
    focus: Option<crate::report::story::Focus>,
) -> ExitCode {
    let pairs = match pair_outputs(out) {
        Ok(p) => p,
        Err(e) => {
            crate::errln!("a2a-interop: {e}");
            return ExitCode::from(2);
        }
    };
    // a task's story is no report of rules: JUnit and SARIF (CI views of rules and
    // findings) have no place for it (ux49)
    if let Some(f) = &focus {
        if let Some((fmt, _)) = pairs
            .iter()
            .find(|(f, _)| matches!(f, Format::Junit | Format::Sarif))
        {
            crate::errln!(
                "a2a-interop: --{} tells one {}'s story, which a {} report (rules and findings for a CI view) has no place for; hint: --format text, markdown or html (that story alone) or json (the whole report, the story as `story`)",
                f.noun(),
                f.noun(),
                fmt.as_str()
            );
            return ExitCode::from(2);
        }
    }
    if let Err(code) = check_outputs(&[file], &pairs) {
        return code;
    }
    let baseline = match super::load_baseline(&out.baseline, &[file]) {
        Ok(b) => b,
        Err(line) => {
            crate::errln!("a2a-interop: {line}");
            return ExitCode::from(2);
        }
    };
    let read = match Input::new(file) {
        Ok(input) => verify_file_story(&input.path, &input.shown, skip_bad_lines, focus.is_some()),
        Err(e) => {
            return fail(
                e,
                "pipe a recording, transcript or HAR file into `verify -`",
            )
        }
    };
    let mut input = match read {
        Ok(i) => i,
        Err(e) => {
            let hint = hint_for(&e);
            return fail(e, &hint);
        }
    };
    // a recording the proxy (probe, demo) is still writing: judged as far as written
    // (newcomer24 N5: its open stream read "exchange never ended in the recording", with
    // no word that the run was still going)
    // the text report on a terminal that is stderr's too starts with the file's torn line,
    // seq and skipped-line notes itself: said once there (newcomer55 N6: each note twice in
    // a row on the screen); a story (--task) does not carry them
    let text_out = pairs
        .iter()
        .any(|(f, p)| *f == Format::Text && p.as_os_str() == "-");
    let in_report = text_out
        && focus.is_none()
        && std::io::stdout().is_terminal()
        && std::io::stderr().is_terminal();
    let live = tell_read_notes(
        file,
        &file.display().to_string(),
        input.source.path.as_deref().unwrap_or("-"),
        &input,
        in_report,
    );
    if let Some(why) = nothing_verified(&input) {
        return fail(
            format!(
                "nothing was verified in {}: {why}; no conformance level",
                input.source.path.as_deref().unwrap_or("-")
            ),
            if live && why.starts_with("the file holds no exchange") {
                // a run that has recorded nothing yet: no client has called it (ux38: the
                // hint asked whether --upstream was right, of a proxy started a second ago)
                "the run writing it has recorded no exchange yet (no client has called it, or its first call has not ended): send the client's traffic through it, then verify again (or once the run has stopped)"
            } else if why.contains("A2A traffic") {
                "check the capture is of the A2A agent's traffic (the right port, browser tab or --upstream)"
            } else if why.starts_with(crate::verify::NEVER_ANSWERED) {
                "the agent took the connection but sent no response head: check that it is not hung or blocked (a worker stuck, a lock, a missing await) and that --upstream is the A2A agent's own port"
            } else if why.starts_with("nothing could be judged") && why.contains(TRANSCRIPT_NO_RESP)
            {
                // a hand-written transcript's `req` line with no `resp` after it (newcomer55
                // N4: the hint below spoke of 16 MiB bodies and --capture-cap)
                "a transcript's request is judged with its answer: add a `resp` line after each `req` line (docs/transcript-format.md)"
            } else if why.starts_with("nothing could be judged") {
                // the traffic reached the agent: --upstream is not what to check (ux37: a
                // 150 MB body read "is --upstream right and the agent up?")
                "the traffic is there, but every exchange was left unjudged for the reason named (a body over the verifier's 16 MiB, a body cut by --capture-cap, a client that left before the answer ended): record calls that end whole, under a --capture-cap above their bodies, or shorten such a body in a transcript to judge the rest"
            } else if input.source.format == Some(crate::report::model::FileFormat::Har) {
                // a browser's or an API tool's export, not the proxy's: no --upstream to
                // check (newcomer31 N3)
                "export the HAR again from the tab or tool that made the calls, after they were made (browser devtools: Network panel, 'Preserve log' on, 'Save all as HAR with content'), or record them with `a2a-interop proxy`"
            } else {
                "record traffic that reaches the agent (reverse mode: is --upstream right and the agent up? forward mode with HTTPS clients: --intercept-tls)"
            },
        );
    }
    input.color = std::io::stdout().is_terminal() && std::env::var_os("NO_COLOR").is_none();
    input.width = super::report_width();
    // JUnit fails what the exit status counts (--fail-on)
    input.failure_floor = out.fail_on.unwrap_or(default_fail_on).junit_floor();
    if let Err(line) = super::apply_baseline(&out.baseline, baseline, &mut input, "a2a-interop") {
        crate::errln!("a2a-interop: {line}");
        return ExitCode::from(2);
    }
    input.focus = focus;
    let built = report::Report::build(&input);
    // an id the recording does not hold: said, with those it holds (nearest first), exit 2
    if let Some(story) = built.story.as_ref().filter(|s| !s.found) {
        crate::errln!(
            "a2a-interop: {}; hint: give one of those ids (`report FILE --{} ID`), or run `report FILE` for the whole recording",
            crate::report::show_controls_line(&crate::report::story::not_found_line(
                story,
                input.source.path.as_deref().unwrap_or("-")
            )),
            story.of
        );
        return ExitCode::from(2);
    }
    if let Err(e) = report::write_built_reports(&pairs, &built, &input) {
        // One line with the cause and a hint, exit 2; no fallback dump in another format on
        // stdout, which a CI step may be capturing (breaker8 G20).
        let to_dir = pairs
            .iter()
            .any(|(_, p)| p.as_os_str() != "-" && p.is_dir());
        let hint = match pairs
            .iter()
            .find(|(_, p)| p.as_os_str() != "-" && p.is_dir())
            .and_then(|(f, p)| super::dir_output_hint(p, &format!("report.{}", f.extension())))
        {
            // made a directory while the file was read
            Some(h) if to_dir => format!("-o names a directory; {h}"),
            _ => super::full_disk_hint(&format!("{e:#}"), "-o")
                .unwrap_or_else(|| "check the -o path is a writable file".to_string()),
        };
        return fail(e, &hint);
    }
    // what went to files, said as export and the proxy say it (newcomer25 N13: `report -o
    // FILE` ended in silence); a report on stdout speaks for itself
    if let Some(line) = wrote_line(&pairs, &built) {
        crate::errln!("a2a-interop: {line}");
    }
    // the text report on stdout ends with this line itself
    if let (Some(b), false) = (&built.baseline, text_out) {
        crate::errln!("a2a-interop: {}", b.line());
    }
    let fail_on = out.fail_on.unwrap_or(default_fail_on);
    // a baseline's known findings are shown and not counted (docs/usage.md "Baselines")
    let code = exit_status(input.counted_findings().iter().map(|f| f.severity), fail_on);
    // A verdict on part of the file is never a clean one (ux20 N4): skipped lines make the
    // exit status at least 1, whatever --fail-on says about the findings.
    // So is a verdict on a recording whose `seq`s say events are missing, moved or reused
    // (lines deleted, reordered, files joined: newcomer24 N4, where a clean recording with
    // one line deleted exited 0); exact duplicate lines, read once, change nothing.
    let damaged = seq_damaged(&input);
    let raised = code == 0 && (damaged || input.source.skipped_lines.is_some());
    if raised && damaged && input.source.skipped_lines.is_none() {
        crate::errln!(
            "a2a-interop: exit 1: {} is not the recording as it was written (the seq note above), so this verdict covers part of the traffic and is not a clean one; hint: verify the recording as its writer left it (this copy was edited, cut or joined)",
            input.source.path.as_deref().unwrap_or("-")
        );
    }
    let code = if raised { 1 } else { code };
    ExitCode::from(code)
}

/// The notes on stderr before a verdict, for `verify` of one file and of several alike:
/// `file` still being recorded by a running a2a-interop (named `live_name`), then the
/// read's torn last line, seq breaks and skipped lines (named `shown`; not when
/// `in_report`: the text report, on the terminal stderr is on too, starts with them).
/// Returns whether the file is still being recorded.
pub(crate) fn tell_read_notes(
    file: &Path,
    live_name: &str,
    shown: &str,
    input: &ReportInput,
    in_report: bool,
) -> bool {
    let live = still_recorded(file);
    if live {
        crate::errln!(
            "a2a-interop: note: {live_name} is still being recorded by a running a2a-interop process: this verdict covers the events written so far (exchanges still open are not judged); hint: verify it again once that run has stopped"
        );
    }
    if let Some(t) = input.source.torn_tail.as_ref().filter(|_| !in_report) {
        crate::errln!("a2a-interop: note: {shown}: {}", t.note());
    }
    if let Some(b) = input.source.seq_breaks.as_ref().filter(|_| !in_report) {
        crate::errln!("a2a-interop: note: {shown}: {}", b.note());
    }
    for n in &input.source.file_notes {
        crate::errln!("a2a-interop: note: {shown}: {n}");
    }
    if let Some(s) = input.source.skipped_lines.as_ref().filter(|_| !in_report) {
        crate::errln!("a2a-interop: warning: {shown}: {}", s.note());
    }
    live
}

/// The recording's `seq`s say events are missing, moved or reused (lines deleted,
/// reordered, files joined: newcomer24 N4); exact duplicate lines, read once, change
/// nothing. Such a verdict covers part of the traffic: its exit status is at least 1.
pub(crate) fn seq_damaged(input: &ReportInput) -> bool {
    input
        .source
        .seq_breaks
        .as_ref()
        .is_some_and(|b| b.missing > 0 || b.repeated > 0 || b.out_of_order > 0)
}

/// The stderr line after `verify` / `report` wrote reports to files (`-o FILE`): each
/// file with its format, then the findings and the conformance level they hold, e.g.
/// `wrote out/r.md (markdown report): 0 errors, 1 warning, 2 notes in 12 exchanges;
/// conformance: partial`. `None` when every report went to standard output (`-o -`).
pub fn wrote_line(pairs: &[(Format, PathBuf)], built: &report::Report) -> Option<String> {
    let files: Vec<String> = pairs
        .iter()
        .filter(|(_, p)| p.as_os_str() != "-")
        .map(|(f, p)| format!("{} ({} report)", p.display(), f.as_str()))
        .collect();
    if files.is_empty() {
        return None;
    }
    let x = built.counts.exchanges as usize;
    Some(format!(
        "wrote {}: {} in {x} {}; conformance: {}",
        files.join(", "),
        report::model::severity_counts(&built.summary),
        report::model::plural(x, "exchange", "exchanges"),
        built.level_and_reason()
    ))
}

/// `a2a-interop verify` (module docs). Fails on `error` findings unless `--fail-on` says
/// otherwise.
/// Several FILEs go to [`super::verify_batch::run`]: each judged on its own, a line each and
/// a total; one FILE is judged as it always was.
pub fn verify(a: VerifyArgs) -> anyhow::Result<ExitCode> {
    match a.files.as_slice() {
        [one] => Ok(run(one, &a.output, FailOn::Error, a.skip_bad_lines, None)),
        many => Ok(super::verify_batch::run(
            many,
            &a.output,
            FailOn::Error,
            a.skip_bad_lines,
        )),
    }
}

/// `a2a-interop report` (module docs). Exits 0 whatever was found unless `--fail-on` is
/// given.
pub fn report(a: ReportArgs) -> anyhow::Result<ExitCode> {
    let focus = match (a.task, a.context) {
        (Some(id), _) => Some(crate::report::story::Focus { id, task: true }),
        (None, Some(id)) => Some(crate::report::story::Focus { id, task: false }),
        (None, None) => None,
    };
    Ok(run(
        &a.file,
        &a.output,
        FailOn::Never,
        a.skip_bad_lines,
        focus,
    ))
}

/// `a2a-interop rules` (module docs).
pub fn rules(a: RulesArgs) -> anyhow::Result<ExitCode> {
    let fmt = match a.format {
        RulesFormat::Text => Format::Text,
        RulesFormat::Markdown => Format::Markdown,
        RulesFormat::Json => Format::Json,
    };
    if !a.ids.is_empty() {
        // `rules ID...`: each rule in full (breaker10n N18); IDs or aliases, as `repro
        // --finding` takes them
        let mut picked: Vec<&crate::verify::Rule> = Vec::new();
        for key in &a.ids {
            match crate::verify::rules::lookup(key) {
                Some(r) => picked.push(r),
                None => {
                    let near = report::rules::near_rules(key, RULES);
                    let hint = if near.is_empty() {
                        "`a2a-interop rules` lists every rule".to_string()
                    } else {
                        format!("did you mean {}?", near.join(", "))
                    };
                    crate::errln!("a2a-interop: no rule {key:?}; hint: {hint}");
                    return Ok(ExitCode::from(2));
                }
            }
        }
        let text = match fmt {
            Format::Json => report::rules::rules_json(&picked, RULES),
            _ => picked
                .iter()
                .map(|r| report::rules::rule_section(r))
                .collect::<Vec<_>>()
                .join("\n"),
        };
        // on a terminal the text's paragraphs are wrapped at its width (newcomer57: the
        // help of STREAM-END-001, 272 characters, was cut mid-word by an 80-column
        // terminal); elsewhere, and with --format markdown, one line each as before
        let text = match (fmt, crate::app::stdout_columns()) {
            (Format::Text, Some(c)) if crate::app::stdout_is_terminal() => {
                wrap_paragraphs(&text, c)
            }
            _ => text,
        };
        let mut stdout = std::io::stdout().lock();
        let _ = stdout.write_all(text.as_bytes());
        let _ = stdout.flush();
        return Ok(ExitCode::SUCCESS);
    }
    let text = report::rules::render_rules(fmt, RULES);
    // on a terminal each rule's row broken at words to its width, the summary's rest
    // indented two spaces (newcomer58: 266 of 267 rows were longer than 80
    // columns, each wrapped mid-word from the first column); elsewhere one row per rule
    let text = match (fmt, super::report_width()) {
        (Format::Text, Some(c)) => report::text::fit_rows(&text, c),
        _ => text,
    };
    let mut stdout = std::io::stdout().lock();
    let _ = stdout.write_all(text.as_bytes());
    let _ = stdout.flush();
    Ok(ExitCode::SUCCESS)
}

/// `text` with each line longer than `width` characters broken at spaces into rows of at
/// most `width` (a word longer than that stays whole on its own row); shorter lines and
/// blank lines as they are. For prose read on a terminal (`rules ID`).
pub fn wrap_paragraphs(text: &str, width: usize) -> String {
    let mut out = String::with_capacity(text.len() + text.len() / width.max(1));
    for line in text.split_inclusive('\n') {
        let (body, nl) = match line.strip_suffix('\n') {
            Some(b) => (b, "\n"),
            None => (line, ""),
        };
        if body.chars().count() <= width {
            out.push_str(line);
            continue;
        }
        let mut len = 0usize;
        for word in body.split(' ') {
            let wl = word.chars().count();
            if len > 0 && len + 1 + wl > width {
                out.push('\n');
                len = 0;
            } else if len > 0 {
                out.push(' ');
                len += 1;
            }
            out.push_str(word);
            len += wl;
        }
        out.push_str(nl);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// newcomer57: a paragraph is wrapped at spaces within the width; no word is lost or
    /// cut, short lines and blank lines stay.
    #[test]
    fn paragraphs_wrap_at_spaces_within_the_width() {
        let text = "## A\n\nHelp: close the stream after the terminal status update\n";
        let w = wrap_paragraphs(text, 20);
        assert_eq!(
            w,
            "## A\n\nHelp: close the\nstream after the\nterminal status\nupdate\n"
        );
        assert_eq!(wrap_paragraphs(text, 200), text);
        assert_eq!(
            wrap_paragraphs("a_very_long_word x", 5),
            "a_very_long_word\nx"
        );
    }

    #[test]
    fn exit_status_follows_fail_on() {
        use Severity::*;
        let cases: &[(&[Severity], FailOn, u8)] = &[
            (&[], FailOn::Error, 0),
            (&[Warning, Note], FailOn::Error, 0),
            (&[Warning, Error], FailOn::Error, 1),
            (&[Warning], FailOn::Warning, 1),
            (&[Note], FailOn::Warning, 0),
            (&[Note], FailOn::Note, 1),
            (&[Error], FailOn::Never, 0),
        ];
        for (sev, f, want) in cases {
            assert_eq!(exit_status(sev.iter().copied(), *f), *want, "{sev:?} {f:?}");
        }
    }

    #[test]
    fn outputs_pair_in_order() {
        let o = OutputArgs {
            formats: vec![CliFormat::Json, CliFormat::Junit],
            outputs: vec!["a.json".into(), "-".into(), "c.sarif".into()],
            fail_on: None,
            baseline: Default::default(),
        };
        let p = pair_outputs(&o).unwrap();
        assert_eq!(
            p,
            vec![
                (Format::Json, PathBuf::from("a.json")),
                (Format::Junit, PathBuf::from("-")),
                (Format::Sarif, PathBuf::from("c.sarif")),
            ]
        );
        let o = OutputArgs {
            formats: vec![],
            outputs: vec!["report.bin".into()],
            fail_on: None,
            baseline: Default::default(),
        };
        assert!(pair_outputs(&o).unwrap_err().contains("no --format"));
        // A single lone --format goes to stdout.
        let o = OutputArgs {
            formats: vec![CliFormat::Html],
            outputs: vec![],
            fail_on: None,
            baseline: Default::default(),
        };
        assert_eq!(
            pair_outputs(&o).unwrap(),
            vec![(Format::Html, PathBuf::from("-"))]
        );
        let o = OutputArgs {
            formats: vec![],
            outputs: vec![],
            fail_on: None,
            baseline: Default::default(),
        };
        assert_eq!(
            pair_outputs(&o).unwrap(),
            vec![(Format::Text, PathBuf::from("-"))]
        );
    }

    #[test]
    fn two_reports_to_stdout_are_refused() {
        let o = OutputArgs {
            formats: vec![CliFormat::Json, CliFormat::Markdown],
            outputs: vec!["-".into(), "-".into()],
            fail_on: None,
            baseline: Default::default(),
        };
        let e = pair_outputs(&o).unwrap_err();
        assert!(
            e.starts_with("-o - given twice: two reports to standard output"),
            "{e}"
        );
        // one to stdout and one to a file is fine
        let o = OutputArgs {
            formats: vec![CliFormat::Json, CliFormat::Markdown],
            outputs: vec!["-".into(), "r.md".into()],
            fail_on: None,
            baseline: Default::default(),
        };
        assert_eq!(pair_outputs(&o).unwrap().len(), 2);
    }

    #[test]
    fn several_formats_need_an_output_each() {
        let o = OutputArgs {
            formats: vec![CliFormat::Json, CliFormat::Html],
            outputs: vec!["a.json".into()],
            fail_on: None,
            baseline: Default::default(),
        };
        let e = pair_outputs(&o).unwrap_err();
        assert_eq!(
            e,
            "--format html has no -o (2 formats, 1 -o); hint: give -o PATH after each --format (-o - for stdout)"
        );
        let o = OutputArgs {
            formats: vec![CliFormat::Json, CliFormat::Text],
            outputs: vec![],
            fail_on: None,
            baseline: Default::default(),
        };
        assert!(pair_outputs(&o)
            .unwrap_err()
            .starts_with("--format json, --format text have no -o (2 formats, 0 -o)"));
        // Explicit stdout keeps working.
        let o = OutputArgs {
            formats: vec![CliFormat::Json, CliFormat::Html],
            outputs: vec!["a.json".into(), "-".into()],
            fail_on: None,
            baseline: Default::default(),
        };
        assert_eq!(
            pair_outputs(&o).unwrap()[1],
            (Format::Html, PathBuf::from("-"))
        );
    }
}

//! `verify FILE FILE...`: several traffic files in one run (issue 7: a directory of captures,
//! CI over many recordings, verified once per file took 75 minutes of process start-ups over
//! 6,804 transcripts in session 39).
//!
//! Each file is judged on its own, exactly as `verify FILE` judges it (a new verifier and
//! exchange index per file; nothing is shared), and gets one line:
//!
//! ```text
//! ok    runs/a.jsonl: 1.0; conformance: full; 0 errors, 0 warnings, 1 note in 12 exchanges
//! FAIL  runs/b.har: 0.3; conformance: non-conformant; 2 errors, 0 warnings, 0 notes in 4 exchanges
//!         error[TASK-STATE-001]: ... (exchange e3)
//! ERROR runs/c.jsonl: cannot open runs/c.jsonl: No such file or directory (os error 2)
//! ```
//!
//! `ok` (exit status 0 on its own), `FAIL` (1: a finding at or above `--fail-on`, listed
//! under the line, or a damaged file: skipped lines, `seq` breaks), `ERROR` (2: the file could
//! not be read, or nothing in it was verified). A file that cannot be read is that file's
//! `ERROR`, and the run goes on. Then one total line; the exit status is the worst of the
//! files'.
//!
//! Formats (`--format`/`-o` pair as for one file):
//! - `text` (the default): the lines above, to stdout or the `-o` file;
//! - `json`: one document `{"tool", "files": [{"path", "status", "exitStatus", "report" |
//!   "error"}], "total"}`, each `report` the JSON report `verify -f json FILE` writes;
//! - `junit`: one `<testsuites>` holding each file's two suites (`a2a-interop.results` and
//!   `a2a-interop.rules`, named `FILE: a2a-interop.results`, ...), and for a file that could
//!   not be read a suite `FILE: a2a-interop.read` with one `<error>` case; the root carries
//!   the totals (`tests`, `failures`, `errors`, and `time`, the run's wall time) CI
//!   dashboards read there: the suites are spooled to an unlinked temporary file until the
//!   totals are known ([`Spool`]);
//! - `sarif`: one log with one run for all the files (GitHub code scanning takes at most 20
//!   runs a file, and not several runs of one tool), each result pointing at its own file,
//!   the rules listed those the results name, at most 25,000 results over all files (the
//!   most severe; [`report::sarif::BatchRun`]): the results wait in a temporary file
//!   ([`SarifSpool`]) until the cap can be applied;
//! - `markdown` and `html` are reports of one file, refused (exit 2) with a hint.
//!
//! Every output is streamed as the files are judged (memory stays flat over thousands of
//! files). The per-file lines go to stdout, or to stderr when a report goes to stdout.
//!
//! A directory is not walked: which of its files are traffic (and not reports, expectations,
//! scripts) is the user's choice, said with the shell (`DIR/*.jsonl DIR/*.har`, or `find DIR
//! -name '*.jsonl' -exec a2a-interop verify {} +`); a directory named is that entry's `ERROR`.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use crate::cli::{FailOn, OutputArgs};
use crate::record::outfile::OutFile;
use crate::report::{self, Format, ReportInput};

use super::verify_cmd::{
    check_outputs, exit_status, fail, hint_for, nothing_verified, pair_outputs, seq_damaged,
    tell_read_notes, verify_file_skipping, Input,
};

/// Report extensions that name no traffic file: a word after the first FILE with one of
/// them that does not exist is a report path meant for `-o` (what `verify a.jsonl
/// report.md` meant when `verify` took one file).
const REPORT_ONLY_EXTENSIONS: &[&str] = &["md", "markdown", "html", "htm", "xml", "sarif", "txt"];

/// What one file came to.
struct Judged {
    /// The file as named on the command line.
    shown: String,
    /// 0 ok, 1 findings at or above `--fail-on` (or a damaged file), 2 not read / nothing
    /// verified.
    code: u8,
    /// The report, when the file was read and something in it verified.
    built: Option<report::Report>,
    /// The read input (the exchange index the JUnit and SARIF renderers cite from).
    input: Option<ReportInput>,
    /// Why the file is an `ERROR` (code 2): the one-line cause.
    error: Option<String>,
}

impl Judged {
    /// A file that is an `ERROR` (code 2) for `error`, the one-line cause.
    fn error(shown: String, error: String) -> Self {
        Judged {
            shown,
            code: 2,
            built: None,
            input: None,
            error: Some(error),
        }
    }
}

/// `--write-baseline FILE` of several files: every finding of every file verified, in one
/// file (`a2a-interop: wrote baseline FILE: N entries of M files ...` on stderr). Not
/// written when a file could not be verified (its findings would be missing: the run
/// exits 2 for that file anyway, and says the baseline was not written). `Some(2)` when
/// the file cannot be written.
fn write_collected(
    w: &Path,
    c: &crate::report::baseline::Collected,
    unverified: &[String],
    carry: Option<&crate::report::baseline::Baseline>,
    files: usize,
) -> Option<ExitCode> {
    if !unverified.is_empty() {
        crate::errln!(
            "a2a-interop: baseline {} not written: {} could not be verified, and its findings would be missing from it; hint: fix or leave out that file and run again",
            w.display(),
            unverified.join(", ")
        );
        return None;
    }
    match c.write(w, carry) {
        Ok(n) => {
            crate::errln!(
                "a2a-interop: wrote baseline {}: {n} {} (known findings) of {files} files; commit it and pass --baseline {} in CI: only findings not in it count for --fail-on",
                w.display(),
                report::model::plural(n, "entry", "entries"),
                super::sh_path(w)
            );
            None
        }
        Err(e) => {
            let cause = format!("cannot write baseline {}: {e}", w.display());
            let hint = super::full_disk_hint(&cause, "--write-baseline").unwrap_or_else(|| {
                "check the --write-baseline path is a writable file".to_string()
            });
            Some(fail(cause, &hint))
        }
    }
}

/// Judges one file as `verify FILE` does (its stderr notes included) and returns what it
/// came to; never fails the run. `self_judged`: the `--write-baseline` path of a run with
/// no `--baseline`: the file is judged against a baseline of its own findings (all known,
/// as the file written holds them), named by that path.
fn judge(
    file: &Path,
    fail_on: FailOn,
    skip_bad_lines: bool,
    baseline: Option<&std::sync::Arc<crate::report::baseline::Baseline>>,
    self_judged: Option<&Path>,
) -> Judged {
    let shown = file.display().to_string();
    if file.is_dir() {
        let d = super::sh_word(&shown);
        return Judged::error(
            shown,
            format!(
                "is a directory, and verify does not walk directories; hint: name the traffic files in it: {d}/*.jsonl {d}/*.har, or find {d} -name '*.jsonl' -exec a2a-interop verify {{}} +"
            ),
        );
    }
    let read = match Input::new(file) {
        Ok(input) => verify_file_skipping(&input.path, &input.shown, skip_bad_lines),
        Err(e) => Err(e),
    };
    let mut input = match read {
        Ok(i) => i,
        Err(e) => {
            let hint = hint_for(&e);
            let e = e.replace(['\n', '\r'], " ");
            return Judged::error(shown, format!("{e}; hint: {hint}"));
        }
    };
    tell_read_notes(file, &shown, &shown, &input, false);
    if let Some(why) = nothing_verified(&input) {
        return Judged::error(
            shown,
            format!(
                "nothing was verified: {}; no conformance level",
                why.replace(['\n', '\r'], " ")
            ),
        );
    }
    input.failure_floor = fail_on.junit_floor();
    input.baseline = baseline.cloned();
    if let (None, Some(w)) = (baseline, self_judged) {
        let own = crate::report::baseline::render(&input.outcome.findings, &input.index, None);
        input.baseline = crate::report::baseline::Baseline::parse_on(
            w,
            own.as_bytes(),
            chrono::Utc::now().date_naive(),
        )
        .ok()
        .map(std::sync::Arc::new);
    }
    let built = report::Report::build(&input);
    if let Some(b) = &built.baseline {
        crate::errln!("a2a-interop: {shown}: {}", b.line());
    }
    let code = exit_status(input.counted_findings().iter().map(|f| f.severity), fail_on);
    let code = if code == 0 && (seq_damaged(&input) || input.source.skipped_lines.is_some()) {
        1
    } else {
        code
    };
    Judged {
        shown,
        code,
        built: Some(built),
        input: Some(input),
        error: None,
    }
}

/// The text lines of one judged file (its status line, then its findings at or above
/// `--fail-on`, indented), each ending in `\n`.
fn text_lines(j: &Judged, fail_on: FailOn) -> String {
    let status = match j.code {
        0 => "ok",
        1 => "FAIL",
        _ => "ERROR",
    };
    let shown = report::show_controls_line(&j.shown);
    let Some(built) = &j.built else {
        return format!(
            "{status:<5} {shown}: {}\n",
            j.error.as_deref().unwrap_or("not verified")
        );
    };
    let dialects = if built.dialects.is_empty() {
        "no A2A dialect".to_string()
    } else {
        built.dialects.join(", ")
    };
    let x = built.counts.exchanges as usize;
    let mut out = format!(
        "{status:<5} {shown}: {dialects}; conformance: {}; {} in {x} {}",
        built.conformance_level.as_str(),
        report::model::severity_counts(&built.summary),
        report::model::plural(x, "exchange", "exchanges"),
    );
    if let Some(s) = j
        .input
        .as_ref()
        .and_then(|i| i.source.skipped_lines.as_ref())
    {
        out.push_str(&format!("; {} lines skipped", s.count));
    }
    if j.input.as_ref().is_some_and(seq_damaged) {
        out.push_str("; seq breaks (not the recording as written)");
    }
    if let Some(b) = &built.baseline {
        out.push_str(&format!("; {} known, {} new", b.unchanged, b.new));
    }
    out.push('\n');
    if let Some(min) = super::verify_cmd::threshold(fail_on) {
        for f in built.findings.iter().filter(|f| f.severity >= min) {
            out.push_str("        ");
            let line = report::text::one_line(f, None);
            // a finding the --baseline knows is listed, marked: it did not fail the file
            match f.baseline_state {
                Some(report::baseline::BaselineState::Unchanged) => {
                    let at = line.find("]").map_or(0, |i| i + 1);
                    out.push_str(&line[..at]);
                    out.push_str(report::text::KNOWN_TAG);
                    out.push_str(&line[at..]);
                }
                _ => out.push_str(&line),
            }
            out.push('\n');
        }
    }
    out
}

/// Running totals over the files.
#[derive(Default)]
struct Totals {
    files: usize,
    by_code: [usize; 3],
    errors: u64,
    warnings: u64,
    notes: u64,
    /// Files per conformance level, in [`LEVELS`] order.
    levels: [usize; 4],
    exit: u8,
}

const LEVELS: [report::model::ConformanceLevel; 4] = [
    report::model::ConformanceLevel::Full,
    report::model::ConformanceLevel::Partial,
    report::model::ConformanceLevel::Minimal,
    report::model::ConformanceLevel::NonConformant,
];

impl Totals {
    fn add(&mut self, j: &Judged) {
        self.files += 1;
        self.by_code[usize::from(j.code.min(2))] += 1;
        self.exit = self.exit.max(j.code);
        if let Some(b) = &j.built {
            self.errors += b.summary.errors;
            self.warnings += b.summary.warnings;
            self.notes += b.summary.notes;
            if let Some(i) = LEVELS.iter().position(|l| *l == b.conformance_level) {
                self.levels[i] += 1;
            }
        }
    }

    /// `6804 files: 6700 ok, 90 FAIL, 14 ERROR; 120 errors, 40 warnings, 300 notes;
    /// conformance: 10 full, 6600 partial, 80 minimal, 100 non-conformant; exit 1 (--fail-on
    /// error)`.
    fn line(&self, fail_on: FailOn) -> String {
        let levels: Vec<String> = LEVELS
            .iter()
            .zip(self.levels)
            .map(|(l, n)| format!("{n} {}", l.as_str()))
            .collect();
        let s = |n: u64, one: &'static str, many: &'static str| {
            format!("{n} {}", report::model::plural(n as usize, one, many))
        };
        format!(
            "{} {}: {} ok, {} FAIL, {} ERROR (not read, or nothing verified); findings in them: {}, {}, {}; conformance: {}; exit {} (the worst file's, --fail-on {})",
            self.files,
            report::model::plural(self.files, "file", "files"),
            self.by_code[0],
            self.by_code[1],
            self.by_code[2],
            s(self.errors, "error", "errors"),
            s(self.warnings, "warning", "warnings"),
            s(self.notes, "note", "notes"),
            levels.join(", "),
            self.exit,
            fail_on_word(fail_on),
        )
    }

    fn json(&self) -> serde_json::Value {
        let mut levels = serde_json::Map::new();
        for (l, n) in LEVELS.iter().zip(self.levels) {
            levels.insert(l.as_str().to_string(), n.into());
        }
        serde_json::json!({
            "files": self.files,
            "ok": self.by_code[0],
            "failed": self.by_code[1],
            "notRead": self.by_code[2],
            "errors": self.errors,
            "warnings": self.warnings,
            "notes": self.notes,
            "conformanceLevels": levels,
            "exitStatus": self.exit,
        })
    }
}

fn fail_on_word(f: FailOn) -> &'static str {
    match f {
        FailOn::Error => "error",
        FailOn::Warning => "warning",
        FailOn::Note => "note",
        FailOn::Never => "never",
    }
}

/// One output being streamed: its format, path, file, and the first write error.
struct Out {
    format: Format,
    path: PathBuf,
    file: Option<OutFile>,
    error: Option<String>,
    /// Entries written so far (a `,` before the next JSON entry or SARIF run).
    entries: usize,
    /// JUnit: the suites held until the totals for `<testsuites>` are known (`None`: no
    /// temporary file could be made; the root is then written first, without totals).
    spool: Option<Spool>,
    /// SARIF: the one run being built (always `Some` for `-f sarif`).
    sarif: Option<SarifSpool>,
}

/// Where a several-file SARIF run's results wait: a temporary file (removed by the system
/// when closed), or memory when none can be made.
enum Held {
    File(std::io::BufWriter<std::fs::File>),
    Memory(Vec<u8>),
}

/// The several-file SARIF run (`report::sarif::BatchRun`: rules, one artifact per file,
/// notifications; small per file) and its results, one line each (`<severity rank><JSON>`),
/// held until every file is judged: GitHub's 25,000-results cap is the run's, and the
/// most severe over all files are the ones kept.
struct SarifSpool {
    run: report::sarif::BatchRun,
    held: Held,
}

impl SarifSpool {
    fn new() -> SarifSpool {
        let held = match tempfile::tempfile() {
            Ok(f) => Held::File(std::io::BufWriter::new(f)),
            Err(_) => Held::Memory(Vec::new()),
        };
        SarifSpool {
            run: report::sarif::BatchRun::new(),
            held,
        }
    }

    /// Adds one judged file: its artifact, and its results to the held lines.
    fn add(&mut self, j: &Judged) -> std::io::Result<()> {
        let results = match (&j.built, &j.input) {
            (Some(b), Some(i)) => self.run.add_file(&j.shown, b, i),
            _ => {
                self.run
                    .add_unread(&j.shown, j.error.as_deref().unwrap_or("not read"));
                Vec::new()
            }
        };
        for (level, json) in results {
            let line = format!("{level}{json}\n");
            match &mut self.held {
                Held::File(f) => f.write_all(line.as_bytes())?,
                Held::Memory(m) => m.extend_from_slice(line.as_bytes()),
            }
        }
        Ok(())
    }

    /// Writes the log to `o`: its head, the run's members, then the results the cap keeps
    /// (in first-seen order).
    fn drain_into(self, o: &mut Out) -> std::io::Result<()> {
        use std::io::{BufRead as _, Seek as _};
        let mut kept = self.run.keep();
        o.write(head(Format::Sarif).as_bytes());
        o.write(b"{\n");
        for (name, value) in self.run.members(kept.omitted) {
            let v = serde_json::to_string(&value).unwrap_or_else(|_| "null".into());
            o.write(format!("\"{name}\": {v},\n").as_bytes());
        }
        o.write(b"\"results\": [\n");
        let reader: Box<dyn std::io::BufRead> = match self.held {
            Held::File(f) => {
                let mut f = f.into_inner().map_err(|e| e.into_error())?;
                f.seek(std::io::SeekFrom::Start(0))?;
                Box::new(std::io::BufReader::with_capacity(64 * 1024, f))
            }
            Held::Memory(m) => Box::new(std::io::Cursor::new(m)),
        };
        let mut written = 0usize;
        for line in reader.split(b'\n') {
            let line = line?;
            let Some((&level, json)) = line.split_first() else {
                continue;
            };
            let keep = kept.admits(level.wrapping_sub(b'0'));
            if keep {
                if written > 0 {
                    o.write(b",\n");
                }
                o.write(json);
                written += 1;
            }
        }
        o.write(b"\n]\n}");
        Ok(())
    }
}

/// The JUnit suites of a several-file run, held in a temporary file (removed by the system
/// when closed, so nothing is left behind, even on a crash) while their `tests`, `failures`
/// and `errors` are summed: memory stays flat over thousands of files. Without a temporary
/// file the root is written first, without totals.
struct Spool {
    file: std::io::BufWriter<std::fs::File>,
    /// `tests`, `failures`, `errors` of the suites so far.
    counts: [u64; 3],
}

impl Spool {
    /// A new empty spool in the system's temporary directory (`tempfile::tempfile`: on Unix
    /// unlinked at once, on Windows deleted on close); `None` when none can be made.
    fn new() -> Option<Spool> {
        let f = tempfile::tempfile().ok()?;
        Some(Spool {
            file: std::io::BufWriter::new(f),
            counts: [0; 3],
        })
    }

    /// Adds one file's suites.
    fn add(&mut self, suites: &str) -> std::io::Result<()> {
        let c = report::junit::suite_counts(suites);
        for (t, n) in self.counts.iter_mut().zip(c) {
            *t += n;
        }
        self.file.write_all(suites.as_bytes())
    }

    /// Writes the `<testsuites>` root with the totals (and `time`, `secs` seconds), then
    /// every suite held, to `o`.
    fn drain_into(self, o: &mut Out, secs: f64) -> std::io::Result<()> {
        use std::io::{Read as _, Seek as _};
        let [tests, failures, errors] = self.counts;
        o.write(
            format!(
                "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"a2a-interop\" tests=\"{tests}\" failures=\"{failures}\" errors=\"{errors}\" time=\"{secs:.3}\">\n"
            )
            .as_bytes(),
        );
        let mut f = self.file.into_inner().map_err(|e| e.into_error())?;
        f.seek(std::io::SeekFrom::Start(0))?;
        let mut buf = vec![0u8; 64 * 1024];
        loop {
            let n = f.read(&mut buf)?;
            if n == 0 {
                break;
            }
            o.write(&buf[..n]);
        }
        Ok(())
    }
}

impl Out {
    fn write(&mut self, bytes: &[u8]) {
        if self.error.is_some() {
            return;
        }
        if let Some(f) = self.file.as_mut() {
            if let Err(e) = f.write_all(bytes) {
                // Standard output closed by its reader (`verify A B | head -1`): the rest
                // is not wanted, and no `-o` path is at fault; the run still ends by its
                // findings, as a one-file `verify` piped so does (newcomer47 N12).
                if e.kind() == std::io::ErrorKind::BrokenPipe && self.path.as_os_str() == "-" {
                    self.file = None;
                    return;
                }
                self.error = Some(format!(
                    "cannot write {} report to {}: {e}",
                    self.format.as_str(),
                    self.path.display()
                ));
                self.file = None;
            }
        }
    }
}

/// The header of a streamed output, before the first file.
fn head(format: Format) -> String {
    match format {
        Format::Json => format!(
            "{{\n\"tool\": {},\n\"files\": [\n",
            serde_json::to_string(&crate::record::ToolInfo::this()).unwrap_or_else(|_| "{}".into())
        ),
        Format::Junit => {
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"a2a-interop\">\n"
                .to_string()
        }
        Format::Sarif => {
            "{\n\"$schema\": \"https://json.schemastore.org/sarif-2.1.0.json\",\n\"version\": \"2.1.0\",\n\"runs\": [\n"
                .to_string()
        }
        _ => String::new(),
    }
}

/// The entry of one judged file in `format` (without the separator before it).
fn entry(format: Format, j: &Judged, fail_on: FailOn) -> String {
    match format {
        Format::Json => {
            let status = ["ok", "fail", "error"][usize::from(j.code.min(2))];
            let mut e = serde_json::json!({
                "path": j.shown,
                "status": status,
                "exitStatus": j.code,
            });
            match (&j.built, &j.error) {
                (Some(b), _) => {
                    e["report"] = serde_json::to_value(b).unwrap_or(serde_json::Value::Null)
                }
                (None, err) => e["error"] = err.clone().unwrap_or_default().into(),
            }
            serde_json::to_string(&e).unwrap_or_default()
        }
        Format::Junit => match (&j.built, &j.input) {
            (Some(b), Some(i)) => match report::junit::render(b, i) {
                Ok(x) => report::junit::suites_of(&x, &j.shown),
                Err(e) => report::junit::error_suite(&j.shown, &e.to_string()),
            },
            _ => report::junit::error_suite(&j.shown, j.error.as_deref().unwrap_or("not read")),
        },
        _ => text_lines(j, fail_on),
    }
}

/// The end of a streamed output, after the last file.
fn tail(format: Format, totals: &Totals, fail_on: FailOn) -> String {
    match format {
        Format::Json => format!(
            "\n],\n\"total\": {}\n}}\n",
            serde_json::to_string(&totals.json()).unwrap_or_else(|_| "{}".into())
        ),
        Format::Junit => "</testsuites>\n".to_string(),
        Format::Sarif => "\n]\n}\n".to_string(),
        _ => format!("{}\n", totals.line(fail_on)),
    }
}

/// `verify FILE FILE...` (module docs): exit status the worst file's, 2 when an output could
/// not be written.
pub fn run(files: &[PathBuf], out: &OutputArgs, default_fail_on: FailOn, skip: bool) -> ExitCode {
    let pairs = match pair_outputs(out) {
        Ok(p) => p,
        Err(e) => {
            crate::errln!("a2a-interop: {e}");
            return ExitCode::from(2);
        }
    };
    if let Some((f, _)) = pairs
        .iter()
        .find(|(f, _)| matches!(f, Format::Markdown | Format::Html))
    {
        return fail(
            format!(
                "--format {} is a report of one file, and verify was given {} files",
                f.as_str(),
                files.len()
            ),
            &format!(
                "for several files use --format text (a line per file), json (one document, a report per file), junit (suites per file) or sarif (one run, results pointing at their files); or verify each file on its own for its {} report",
                f.as_str()
            ),
        );
    }
    // `verify a.jsonl report.md`: the report path typed without its -o
    if let Some(p) = files.iter().skip(1).find(|p| {
        !p.exists()
            && p.extension()
                .and_then(|x| x.to_str())
                .is_some_and(|x| REPORT_ONLY_EXTENSIONS.contains(&x.to_ascii_lowercase().as_str()))
    }) {
        let quoted = super::sh_word(&p.display().to_string());
        return fail(
            format!(
                "{} does not exist, and its extension names a report, not traffic",
                p.display()
            ),
            &format!("to write the report to {quoted}, give it after -o: -o {quoted}"),
        );
    }
    if files.iter().filter(|f| f.as_os_str() == "-").count() > 1 {
        return fail(
            "- (standard input) given twice",
            "standard input is read once: name it once",
        );
    }
    let inputs: Vec<&Path> = files.iter().map(PathBuf::as_path).collect();
    if let Err(code) = check_outputs(&inputs, &pairs) {
        return code;
    }
    let baseline = match super::load_baseline(&out.baseline, &inputs) {
        Ok(b) => b,
        Err(line) => {
            crate::errln!("a2a-interop: {line}");
            return ExitCode::from(2);
        }
    };
    let fail_on = out.fail_on.unwrap_or(default_fail_on);
    let report_on_stdout = pairs
        .iter()
        .any(|(f, p)| *f != Format::Text && p.as_os_str() == "-");
    let text_on_stdout = pairs
        .iter()
        .any(|(f, p)| *f == Format::Text && p.as_os_str() == "-");
    let mut outs: Vec<Out> = Vec::new();
    for (format, path) in &pairs {
        match OutFile::create(path) {
            Ok(file) => outs.push(Out {
                format: *format,
                path: path.clone(),
                file: Some(file),
                error: None,
                entries: 0,
                spool: if *format == Format::Junit {
                    Spool::new()
                } else {
                    None
                },
                sarif: (*format == Format::Sarif).then(SarifSpool::new),
            }),
            Err(e) => {
                return fail(
                    format!(
                        "cannot write {} report to {}: {e}",
                        format.as_str(),
                        path.display()
                    ),
                    "check the -o path is a writable file",
                )
            }
        }
    }
    let started = std::time::Instant::now();
    for o in outs
        .iter_mut()
        .filter(|o| o.spool.is_none() && o.sarif.is_none())
    {
        let h = head(o.format);
        o.write(h.as_bytes());
    }
    let mut totals = Totals::default();
    // --write-baseline: one file of every finding of every file (open47), written after
    // the last; without --baseline each file is judged against its own findings, all of
    // which the file written holds (as `verify FILE --write-baseline` judges against it)
    let mut collected = out
        .baseline
        .write_baseline
        .as_ref()
        .map(|_| crate::report::baseline::Collected::default());
    let mut unverified: Vec<String> = Vec::new();
    for file in files {
        let self_judged = out
            .baseline
            .write_baseline
            .as_deref()
            .filter(|_| baseline.is_none());
        let j = judge(file, fail_on, skip, baseline.as_ref(), self_judged);
        if let Some(c) = collected.as_mut() {
            match &j.input {
                Some(input) if j.built.is_some() => c.add(&input.outcome.findings, &input.index),
                _ => unverified.push(j.shown.clone()),
            }
        }
        totals.add(&j);
        // the lines on the terminal, unless a text output already takes stdout
        if !text_on_stdout {
            let lines = text_lines(&j, fail_on);
            if report_on_stdout {
                crate::errln!("{}", lines.trim_end());
            } else {
                let mut so = std::io::stdout().lock();
                let _ = so.write_all(lines.as_bytes());
            }
        }
        for o in &mut outs {
            if let Some(s) = o.sarif.as_mut() {
                if let Err(err) = s.add(&j) {
                    o.error.get_or_insert(format!(
                        "cannot write {} report to {}: its temporary file: {err}",
                        o.format.as_str(),
                        o.path.display()
                    ));
                }
                o.entries += 1;
                continue;
            }
            let sep = if o.entries > 0 && o.format == Format::Json {
                ",\n"
            } else {
                ""
            };
            let e = entry(o.format, &j, fail_on);
            match o.spool.as_mut() {
                Some(s) => {
                    if let Err(err) = s.add(&e) {
                        o.error.get_or_insert(format!(
                            "cannot write {} report to {}: its temporary file: {err}",
                            o.format.as_str(),
                            o.path.display()
                        ));
                    }
                }
                None => o.write(format!("{sep}{e}").as_bytes()),
            }
            o.entries += 1;
        }
    }
    if !text_on_stdout {
        let line = totals.line(fail_on);
        if report_on_stdout {
            crate::errln!("{line}");
        } else {
            let mut so = std::io::stdout().lock();
            let _ = writeln!(so, "{line}");
            let _ = so.flush();
        }
    }
    if let (Some(w), Some(c)) = (&out.baseline.write_baseline, &collected) {
        if let Some(code) = write_collected(w, c, &unverified, baseline.as_deref(), files.len()) {
            return code;
        }
    }
    let mut write_error = None;
    let mut wrote = Vec::new();
    for mut o in outs {
        if let Some(s) = o.spool.take() {
            let secs = started.elapsed().as_secs_f64();
            if let Err(err) = s.drain_into(&mut o, secs) {
                o.error.get_or_insert(format!(
                    "cannot write {} report to {}: its temporary file: {err}",
                    o.format.as_str(),
                    o.path.display()
                ));
            }
        }
        if let Some(s) = o.sarif.take() {
            if let Err(err) = s.drain_into(&mut o) {
                o.error.get_or_insert(format!(
                    "cannot write {} report to {}: its temporary file: {err}",
                    o.format.as_str(),
                    o.path.display()
                ));
            }
        }
        let t = tail(o.format, &totals, fail_on);
        o.write(t.as_bytes());
        if let Some(e) = o.error.take() {
            write_error.get_or_insert(e);
            continue;
        }
        if let Some(f) = o.file.take() {
            match f.commit() {
                Ok(()) if o.path.as_os_str() != "-" => wrote.push(format!(
                    "{} ({} report)",
                    o.path.display(),
                    o.format.as_str()
                )),
                Ok(()) => {}
                Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => {}
                Err(e) => {
                    write_error.get_or_insert(format!(
                        "cannot write {} report to {}: {e}",
                        o.format.as_str(),
                        o.path.display()
                    ));
                }
            }
        }
    }
    if let Some(e) = write_error {
        return fail(e, "check the -o path is a writable file");
    }
    if !wrote.is_empty() {
        crate::errln!(
            "a2a-interop: wrote {}: {} files",
            wrote.join(", "),
            totals.files
        );
    }
    ExitCode::from(totals.exit)
}

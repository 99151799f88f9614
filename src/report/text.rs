/*!
Terminal text: one STYLE.md §7 block per finding, then a summary line.

```text
error[CARD-URL-001]: agent card interface url is not reachable through the origin it was fetched from
  --> session.jsonl e1 #3 (GET /.well-known/agent-card.json -> 200) at /supportedInterfaces/0/url
   = found: "https://agent.example.test/api/a2a/api/a2a/ns/agent"
   = spec: CARD-005
   = help: advertise the public base URL; the path is doubled
```
*/

use std::collections::BTreeSet;
use std::fmt::Write as _;

use super::index::ExchangeIndex;
use super::model::{plural, severity_counts, Report, ReportFinding, ReportInput};
use super::{found_text, locate};
use crate::verify::{Finding, Severity};

/// ANSI styling for a terminal; every method returns the text unchanged when off.
#[derive(Clone, Copy, Debug, Default)]
pub struct Style {
    /// Emit ANSI SGR escapes.
    pub color: bool,
}

impl Style {
    fn paint(self, code: &str, text: &str) -> String {
        if self.color {
            format!("\x1b[{code}m{text}\x1b[0m")
        } else {
            text.to_string()
        }
    }
    fn severity(self, sev: Severity) -> String {
        let code = match sev {
            Severity::Error => "1;31",
            Severity::Warning => "1;33",
            Severity::Note => "1;36",
        };
        self.paint(code, sev.as_str())
    }
    fn bold(self, t: &str) -> String {
        self.paint("1", t)
    }
    fn gutter(self, t: &str) -> String {
        self.paint("1;34", t)
    }
}

/// One finding as a §7 block (with trailing newline). `file` is the traffic file's display
/// name (`session.jsonl`), or `-` for live traffic; `index` locates the evidence (the proxy
/// passes its live index to print findings as they happen).
pub fn finding_block(f: &Finding, file: &str, index: &ExchangeIndex) -> String {
    finding_block_styled(f, file, index, Style::default())
}

/// [`finding_block`] with terminal colors when `style.color`.
pub fn finding_block_styled(
    f: &Finding,
    file: &str,
    index: &ExchangeIndex,
    style: Style,
) -> String {
    block(
        &super::model::shown_finding(f),
        1,
        file,
        index,
        style,
        false,
    )
}

/// Evidence lines shown in full for a finding seen more than once; the exchanges of the
/// rest are listed on the `seen:` line.
pub const SHOWN_EVIDENCE: usize = 3;

/// A report finding as a §7 block: like [`finding_block`], plus for a finding seen more
/// than once a line `= seen: N times, in 3 exchanges: e1, e4, e9` (every exchange of its
/// evidence, the first [`SEEN_EXCHANGES_LISTED`] named) and only the first
/// [`SHOWN_EVIDENCE`] evidence lines in full, the rest counted ([`more_evidence`]).
pub fn report_finding_block(
    f: &ReportFinding,
    file: &str,
    index: &ExchangeIndex,
    style: Style,
) -> String {
    let known = f.baseline_state == Some(super::baseline::BaselineState::Unchanged);
    block(&f.finding, f.seen, file, index, style, known)
}

/// `seen: 3 times, in 3 exchanges: e1, e4, e9` (no exchange list when the evidence names
/// none; `... e10 and 2990 more` past [`SEEN_EXCHANGES_LISTED`]).
pub fn seen_text(f: &ReportFinding) -> String {
    seen_of(&f.finding, f.seen, &|id| id.to_string())
}

/// [`seen_text`] with the exchanges cited as the report's input names them
/// ([`super::cite`]: `log.entries[i]` for a HAR file).
pub fn seen_text_in(f: &ReportFinding, index: &ExchangeIndex) -> String {
    seen_of(&f.finding, f.seen, &|id| super::cite(id, index))
}

/// One line for a grouped finding in a run summary on stderr (`probe`, `interop`):
/// `error[RULE] [leg]: message (seen: N times, in M exchanges: ...)`, or for a finding seen
/// once `... message (exchange e41)` (newcomer24 N6: a finding seen once named no exchange,
/// so the recording or report could not be searched for it); the leg part only when `leg`
/// is given, the message's control characters shown, not obeyed.
pub fn one_line(f: &ReportFinding, leg: Option<&str>) -> String {
    let leg = leg.map(|l| format!(" [{l}]")).unwrap_or_default();
    let seen = if f.seen > 1 {
        format!(" ({})", seen_text(f))
    } else {
        let xs = super::model::evidence_exchanges(&f.finding);
        match xs.len() {
            0 => String::new(),
            1 => format!(" (exchange {})", xs[0]),
            _ => format!(" (exchanges {})", xs.join(", ")),
        }
    };
    format!(
        "{}[{}]{leg}: {}{seen}",
        f.severity,
        f.rule,
        super::show_controls_line(&f.message)
    )
}

/// Exchanges named on a `seen:` line at most; the rest are counted (`and 2990 more`).
pub const SEEN_EXCHANGES_LISTED: usize = 10;

fn seen_of(f: &Finding, seen: u64, cite: &dyn Fn(&str) -> String) -> String {
    let xs: Vec<String> = super::model::evidence_exchanges(f)
        .iter()
        .map(|x| cite(x))
        .collect();
    let times = format!("seen: {seen} {}", plural(seen as usize, "time", "times"));
    if xs.is_empty() {
        return times;
    }
    // The number of exchanges is said, not left to be counted from the list: one
    // occurrence can span two exchanges (a request and its webhook delivery), so it need
    // not equal `seen` (breaker10n N21).
    let n = xs.len();
    let listed = if n > SEEN_EXCHANGES_LISTED {
        format!(
            "{} and {} more",
            xs[..SEEN_EXCHANGES_LISTED].join(", "),
            n - SEEN_EXCHANGES_LISTED
        )
    } else {
        xs.join(", ")
    };
    format!(
        "{times}, in {n} {}: {listed}",
        plural(n, "exchange", "exchanges")
    )
}

/// `1 more evidence line not shown` line for a finding whose evidence is cut at
/// [`SHOWN_EVIDENCE`] lines (`None` when every line is shown).
pub fn more_evidence(f: &Finding, seen: u64) -> Option<String> {
    let shown = if seen > 1 { SHOWN_EVIDENCE } else { usize::MAX };
    let more = f.evidence.len().saturating_sub(shown);
    (more > 0).then(|| {
        format!(
            "{more} more evidence {} not shown (all of them: --format json or html)",
            plural(more, "line", "lines")
        )
    })
}

/// The findings as text and Markdown list them: errors, then warnings, then notes; within a
/// severity the findings that name another as their root cause
/// ([`crate::verify::Finding::is_consequence`]) after the others, so the first line is
/// the root cause; by rule ID then; in order of first appearance within a rule (so the
/// blocks of one rule stand together; breaker10n N21). The JSON report keeps
/// first-appearance order.
pub fn reading_order(findings: &[ReportFinding]) -> Vec<&ReportFinding> {
    reading_order_indices(findings)
        .into_iter()
        .map(|i| &findings[i])
        .collect()
}

/// [`reading_order`] as positions in `findings` (the HTML report's anchors `f-N` are
/// those positions, the timeline links to them).
pub fn reading_order_indices(findings: &[ReportFinding]) -> Vec<usize> {
    let mut out: Vec<usize> = (0..findings.len()).collect();
    // stable: first appearance within a rule
    out.sort_by(|&a, &b| {
        let (a, b) = (&findings[a], &findings[b]);
        b.severity
            .cmp(&a.severity)
            .then_with(|| a.is_consequence().cmp(&b.is_consequence()))
            .then_with(|| a.rule.cmp(&b.rule))
    });
    out
}

/// One row of the per-rule summary: a rule at one severity, how many distinct findings
/// (grouped as in the JSON report) and how many occurrences (the sum of their `seen`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RuleTally {
    /// Severity of the findings.
    pub severity: Severity,
    /// Rule ID (`TASK-STATE-001`).
    pub rule: String,
    /// Distinct findings of this rule.
    pub findings: u64,
    /// Occurrences: the findings' `seen` summed.
    pub occurrences: u64,
}

/// The per-rule summary rows, in [`reading_order`].
pub fn rule_tally(findings: &[ReportFinding]) -> Vec<RuleTally> {
    let mut out: Vec<RuleTally> = Vec::new();
    // one row per severity and rule: a rule whose findings are partly consequences of
    // another's (listed apart by [`reading_order`]) is still one row
    let mut order: Vec<&ReportFinding> = findings.iter().collect();
    order.sort_by(|a, b| {
        b.severity
            .cmp(&a.severity)
            .then_with(|| a.rule.cmp(&b.rule))
    });
    for f in order {
        match out.last_mut() {
            Some(t) if t.rule == f.rule && t.severity == f.severity => {
                t.findings += 1;
                t.occurrences += f.seen;
            }
            _ => out.push(RuleTally {
                severity: f.severity,
                rule: f.rule.clone(),
                findings: 1,
                occurrences: f.seen,
            }),
        }
    }
    out
}

/// The text report's per-rule summary (header line, one line per [`RuleTally`], blank
/// line): `  error    TASK-STATE-001  2 findings, seen 16 times`. Empty when there are
/// fewer than two findings (the one block already says it all).
pub fn rule_summary(findings: &[ReportFinding], style: Style) -> String {
    if findings.len() < 2 {
        return String::new();
    }
    let rows = rule_tally(findings);
    let width = rows.iter().map(|r| r.rule.len()).max().unwrap_or(0);
    let mut s = String::from("findings by rule:\n");
    for r in rows {
        let sev = format!("{:<7}", r.severity.as_str());
        let sev = style.paint(
            match r.severity {
                Severity::Error => "1;31",
                Severity::Warning => "1;33",
                Severity::Note => "1;36",
            },
            &sev,
        );
        let _ = writeln!(
            s,
            "  {sev}  {:<width$}  {} {}, seen {} {}",
            r.rule,
            r.findings,
            plural(r.findings as usize, "finding", "findings"),
            r.occurrences,
            plural(r.occurrences as usize, "time", "times"),
        );
    }
    s.push('\n');
    s
}

/// `known`: the run's `--baseline` knows the finding: its first line says ` (known, in the
/// baseline)` after the rule, so a CI log tells the new findings from the accepted ones.
fn block(
    f: &Finding,
    seen: u64,
    file: &str,
    index: &ExchangeIndex,
    style: Style,
    known: bool,
) -> String {
    // Text from the traffic is escaped piece by piece (`show_controls_line`: ESC, CR, bidi
    // controls) before our own styling goes around it.
    let line = |t: &str| super::show_controls_line(t).into_owned();
    let mut s = String::new();
    let _ = writeln!(
        s,
        "{}{}{}: {}",
        style.severity(f.severity),
        style.bold(&format!("[{}]", f.rule)),
        if known { KNOWN_TAG } else { "" },
        style.bold(&line(&f.message))
    );
    let arrow = style.gutter("-->");
    let eq = style.gutter("=");
    if f.evidence.is_empty() {
        let _ = writeln!(s, "  {arrow} {file}");
    }
    let shown = if seen > 1 { SHOWN_EVIDENCE } else { usize::MAX };
    for (i, e) in f.evidence.iter().enumerate().take(shown) {
        let mut at = format!("{file} {}", locate(e.seq, e.exchange.as_deref(), index));
        match e.pointer.as_deref() {
            // "" is the JSON Pointer of the whole document (RFC 6901 §5).
            Some("") => at.push_str(" (the whole body)"),
            Some(p) => {
                let _ = write!(at, " at JSON {}", super::json_path(p));
            }
            None => {}
        }
        // Each piece of evidence names its own leg (a gateway finding points at both hops);
        // the finding's leg stands in when the index does not know the exchange.
        let leg = match index.leg_of(e.seq, e.exchange.as_deref()) {
            Some(l) => l,
            None => f.leg.as_deref().filter(|_| i == 0),
        };
        if let Some(leg) = leg {
            let _ = write!(at, " [leg {leg}]");
        }
        let _ = writeln!(s, "  {arrow} {}", line(&at));
        if let Some(v) = &e.found {
            let _ = writeln!(s, "   {eq} found: {}", found_text(v));
        }
    }
    if let Some(more) = more_evidence(f, seen) {
        let _ = writeln!(s, "   {eq} {more}");
    }
    if seen > 1 {
        let _ = writeln!(
            s,
            "   {eq} {}",
            line(&seen_of(f, seen, &|id| super::cite(id, index)))
        );
    }
    if !f.spec.is_empty() {
        let _ = writeln!(s, "   {eq} spec: {}", f.spec.join(", "));
    }
    if !f.help.is_empty() {
        let _ = writeln!(s, "   {eq} help: {}", f.help);
    }
    s
}

/// `text` (a rendered text report) with each row longer than `width` characters broken at
/// spaces into rows of at most `width`: the rows after the first indented under the text
/// of a `   = help: ` / `   = found: ` row, else two spaces more than the row's own indent;
/// a word longer than a row (a path, a URL, a JSON value without blanks) stays whole on its
/// own row. The colour codes of a styled report are not counted in the width. For a text
/// report read on a terminal of `width` columns (newcomer58: an 80-column terminal wrapped
/// `= help:` rows of 150 to 300 characters, the generations note of 340 and the summary
/// line at its edge, mid-word, from the first column).
pub fn fit_rows(text: &str, width: usize) -> String {
    let mut out = String::with_capacity(text.len() + text.len() / 16);
    for line in text.split_inclusive('\n') {
        let (body, nl) = match line.strip_suffix('\n') {
            Some(b) => (b, "\n"),
            None => (line, ""),
        };
        if visible_len(body) <= width {
            out.push_str(line);
            continue;
        }
        let lead = body.len() - body.trim_start_matches(' ').len();
        // `   = help: ` (its `=` maybe coloured): the label's own width
        let label = body[lead..]
            .strip_prefix('=')
            .or_else(|| body[lead..].strip_prefix("\x1b[1;34m=\x1b[0m"))
            .and_then(|r| r.strip_prefix(' '))
            .and_then(|r| {
                let colon = r.find(": ")?;
                r[..colon]
                    .bytes()
                    .all(|b| b.is_ascii_lowercase() || b == b' ')
                    .then(|| body.len() - r.len() + colon + 2)
            });
        let (head, rest, indent) = match label {
            Some(at) => (&body[..at], &body[at..], visible_len(&body[..at])),
            None => (&body[..lead], &body[lead..], lead + 2),
        };
        out.push_str(head);
        push_words(&mut out, rest, visible_len(head), width, indent);
        out.push_str(nl);
    }
    out
}

/// Characters of `s` a terminal shows: ANSI SGR escapes (`ESC [ ... m`) not counted.
fn visible_len(s: &str) -> usize {
    let mut n = 0;
    let mut chars = s.chars();
    while let Some(c) = chars.next() {
        if c == '\x1b' {
            for c in chars.by_ref() {
                if c == 'm' {
                    break;
                }
            }
        } else {
            n += 1;
        }
    }
    n
}

/// `row` (plain text, one line) broken at spaces into rows of at most `width` characters,
/// the rows after the first indented by `indent` spaces (a word longer than a row stays
/// whole on its own row); `row` itself when it fits. For a step or note line read on a
/// terminal (`demo`'s `STEP` lines).
pub fn break_row(row: &str, width: usize, indent: usize) -> String {
    if visible_len(row) <= width {
        return row.to_string();
    }
    let mut out = String::with_capacity(row.len() + 16);
    push_words(&mut out, row, 0, width, indent);
    out
}

/// `msg` (what a command prints on stderr about its own doings: one row, or several
/// separated by `\n`) with each row longer than `width` characters broken at spaces into
/// rows of at most `width`, the rows after the first indented two spaces more than the
/// row's own indent. A path or URL stays whole, and so does a command quoted in backticks
/// (`` `a2a-interop report rec.jsonl -o report.md` ``: a row break inside it would make
/// a copy of it two shell lines); either, when longer than a row, stands whole on a row of
/// its own, the last one it is on. A row that fits is left as it is. For stderr on a
/// terminal of `width` columns (newcomer59: the proxy's stop lines of 150 to 180
/// characters, its start-up warnings of 250, the card-bypass hint of 300, wrapped
/// mid-word from the first column of an 80-column terminal).
pub fn fit_message(msg: &str, width: usize) -> String {
    let mut out = String::with_capacity(msg.len() + msg.len() / 16);
    for (i, row) in msg.split('\n').enumerate() {
        if i > 0 {
            out.push('\n');
        }
        if visible_len(row) <= width {
            out.push_str(row);
            continue;
        }
        let lead = row.len() - row.trim_start_matches(' ').len();
        out.push_str(&row[..lead]);
        let indent = lead + 2;
        let mut len = lead;
        let mut first = true;
        for unit in units(&row[lead..]) {
            let ul = visible_len(unit);
            if !first && len + 1 + ul > width {
                out.push('\n');
                out.extend(std::iter::repeat_n(' ', indent));
                len = indent;
            } else if !first {
                out.push(' ');
                len += 1;
            }
            out.push_str(unit);
            len += ul;
            first = false;
        }
    }
    out
}

/// The units [`fit_message`] breaks a row between: its words (split at single spaces), a
/// span from a word with an odd number of backticks to the next such word taken as one
/// (a quoted command; an unclosed quote runs to the end of the row), and a command written
/// out without quotes (`a report of them: a2a-interop report rec.jsonl -o report.md`): from
/// the word `a2a-interop` or `(a2a-interop` (not the row's first: the tool's prefix) to
/// the first word ending in `;`, `,`, `:` or `)`, or to the end of the row.
fn units(text: &str) -> Vec<&str> {
    #[derive(PartialEq)]
    enum Span {
        Quote,
        Command,
    }
    let mut units = Vec::new();
    let mut open: Option<(usize, Span)> = None;
    let mut at = 0;
    for word in text.split(' ') {
        let odd = word.bytes().filter(|b| *b == b'`').count() % 2 == 1;
        let ends = word.ends_with([';', ',', ':', ')']);
        match &open {
            None if odd => open = Some((at, Span::Quote)),
            None if word.trim_start_matches('(') == "a2a-interop" && !units.is_empty() => {
                open = Some((at, Span::Command));
            }
            None => units.push(word),
            Some((s, Span::Quote)) if odd => {
                units.push(&text[*s..at + word.len()]);
                open = None;
            }
            Some((s, Span::Command)) if ends || odd => {
                units.push(&text[*s..at + word.len()]);
                open = None;
            }
            Some(_) => {}
        }
        at += word.len() + 1;
    }
    if let Some((s, _)) = open {
        units.push(&text[s..]);
    }
    units
}

/// Appends the words of `text` to `out`, whose last row already holds `len` characters,
/// starting a new row of `indent` spaces before a word that would pass `width`. A word
/// longer than a whole row that is a list (`kinds=task,statusUpdate,...`) starts where it
/// is and is broken after its commas; any other such word (a path, a URL) stays whole.
fn push_words(out: &mut String, text: &str, mut len: usize, width: usize, indent: usize) {
    let mut first = true;
    for word in text.split(' ') {
        let wl = visible_len(word);
        let list = wl > width.saturating_sub(indent) && word.contains(',');
        // what must fit on this row: the word, or a list's first item
        let lead = match word.split_inclusive(',').next() {
            Some(item) if list => visible_len(item),
            _ => wl,
        };
        if !first && len + 1 + lead > width {
            out.push('\n');
            out.extend(std::iter::repeat_n(' ', indent));
            len = indent;
        } else if !first {
            out.push(' ');
            len += 1;
        }
        first = false;
        if !list {
            out.push_str(word);
            len += wl;
            continue;
        }
        let mut row_start = true;
        for piece in word.split_inclusive(',') {
            let pl = visible_len(piece);
            if !row_start && len + pl > width {
                out.push('\n');
                out.extend(std::iter::repeat_n(' ', indent));
                len = indent;
            }
            out.push_str(piece);
            len += pl;
            row_start = false;
        }
    }
}

/// What the text report (and Markdown's findings list) writes after the rule of a finding
/// the run's `--baseline` knows.
pub const KNOWN_TAG: &str = " (known, in the baseline)";

/// The summary line: `2 errors, 1 warning, 0 notes in 12 exchanges (145 events); conformance: partial`
/// (`, N not fully judged` and `, N answered by the proxy itself` after the exchanges when
/// there are any).
pub fn summary_line(report: &Report) -> String {
    let s = &report.summary;
    let x = report.counts.exchanges as usize;
    let not_judged = match report.counts.not_judged {
        0 => String::new(),
        n => format!(", {n} not fully judged"),
    };
    let not_judged = match report.counts.proxy_answered {
        0 => not_judged,
        n => format!("{not_judged}, {n} answered by the proxy itself"),
    };
    let not_kept: u64 = report.findings_not_kept.iter().map(|n| n.count).sum();
    let counts = match not_kept {
        0 => severity_counts(s),
        n => format!("{} (and {n} more not kept)", severity_counts(s)),
    };
    format!(
        "{counts} in {} {}{not_judged} ({} events); conformance: {} ({})",
        x,
        plural(x, "exchange", "exchanges"),
        report.counts.events,
        report.conformance_level.as_str(),
        report.conformance_reason
    )
}

/// The display name of the traffic file: its file name, or `-` when there is none.
pub fn file_label(report: &Report) -> String {
    report
        .source
        .path
        .as_deref()
        .map(|p| {
            std::path::Path::new(p)
                .file_name()
                .and_then(|n| n.to_str())
                .unwrap_or(p)
                .to_string()
        })
        .unwrap_or_else(|| "-".into())
}

/// The whole text report: blocks separated by a blank line in [`reading_order`], the
/// per-rule summary ([`rule_summary`]), notes, then the summary line.
pub fn render(report: &Report, input: &ReportInput) -> String {
    render_styled(report, input, Style::default())
}

/// [`render`] with terminal colors when `style.color`.
pub fn render_styled(report: &Report, input: &ReportInput, style: Style) -> String {
    let file = file_label(report);
    let mut out = String::new();
    if let Some(t) = &report.source.torn_tail {
        let _ = writeln!(out, "note: {file}: {}\n", t.note());
    }
    if let Some(b) = &report.source.seq_breaks {
        let _ = writeln!(out, "note: {file}: {}\n", b.note());
    }
    if let Some(s) = &report.source.skipped_lines {
        let _ = writeln!(out, "warning: {file}: {}\n", s.note());
    }
    if let Some(u) = &report.source.unwritten {
        let _ = writeln!(out, "note: {file}: {}\n", u.note());
    }
    // The blocks of one rule stand together (reading order); its help, often several
    // hundred characters, is printed in full once and then pointed at (ux48: a recording
    // with one fault on four exchanges repeated the same paragraph four times, pushing the
    // other findings off the screen). JSON, Markdown, HTML and SARIF keep it per finding.
    let mut help_above: Option<(&str, &str)> = None;
    for f in reading_order(&report.findings) {
        let mut b = report_finding_block(f, &file, &input.index, style);
        let help = f.finding.help.as_str();
        if !help.is_empty() && help_above == Some((f.rule.as_str(), help)) {
            let full = format!("   {} help: {help}\n", style.gutter("="));
            if b.ends_with(&full) {
                b.truncate(b.len() - full.len());
                let _ = writeln!(b, "   {} help: as for {} above", style.gutter("="), f.rule);
            }
        }
        help_above = Some((f.rule.as_str(), help));
        out.push_str(&b);
        out.push('\n');
    }
    out.push_str(&rule_summary(&report.findings, style));
    if let Some(line) = report.not_kept_line() {
        let _ = writeln!(out, "note: {line}\n");
    }
    for n in &report.not_judged {
        let _ = writeln!(out, "note: not judged: {}", n.line_in(&input.index));
    }
    if !report.not_judged.is_empty() {
        out.push('\n');
    }
    // The proxy's own answers (target down, no route): no finding is about them, yet they
    // are the first thing to know when a callback or a reply never came (breaker10n N15).
    for p in &report.proxy_answered {
        let _ = writeln!(
            out,
            "note: not answered by the target: {}",
            super::show_controls_line(&p.line_in(&input.index))
        );
    }
    if !report.proxy_answered.is_empty() {
        out.push('\n');
    }
    // The binding is not in the summary line; gRPC traffic says it was read as gRPC
    // (GRPC-001), so a reader does not take its exchanges for unjudged HTTP/2.
    if report.dialects.iter().any(|d| d.ends_with(" gRPC")) {
        let _ = writeln!(
            out,
            "note: {file}: gRPC binding judged (dialects seen: {})\n",
            report.dialects.join(", ")
        );
    }
    if let Some(line) = generations_note(report, input, &file) {
        let _ = writeln!(out, "{line}\n");
    }
    if let Some(t) = push_unreached_text(&input.outcome.push_unreached, |x| {
        super::cite(x, &input.index)
    }) {
        let _ = writeln!(out, "note: {file}: {t}\n");
    }
    if let Some(b) = super::model::bindings_line(&report.bindings) {
        let _ = writeln!(out, "bindings per A2A version: {b}\n");
    }
    if let Some(b) = &report.baseline {
        let _ = writeln!(out, "{}\n", super::show_controls_line(&b.line()));
    }
    out.push_str(&style.bold(&summary_line(report)));
    out.push('\n');
    out
}

/// The note of a text report on traffic of more than one A2A generation (`1.0` and `0.3`,
/// or a binding such as `1.0 gRPC` beside them): how many exchanges each used and the first
/// of them, and that each is judged by its own generation's rules, e.g. `note: s.jsonl: 2
/// A2A generations in this traffic: 1.0 in 40 exchanges (e2 first), 0.3 in 31 exchanges
/// (e44 first); ...` (a HAR file's first exchanges as `log.entries[i]`). Counted over the first [`crate::verify::MAX_EXCHANGE_DIALECTS`]
/// exchanges that used one (said so when reached). `None` for one generation or none.
///
/// newcomer27 N6: a proxy in front of an SDK agent that serves 1.0 and its 0.3 compat side
/// wrote a text report (the terminal default) that never named a generation, and nothing
/// told a reader that the mix was judged side by side rather than as a client's mistake.
pub fn generations_note(report: &Report, input: &ReportInput, file: &str) -> Option<String> {
    generations_text(report, input).map(|t| format!("note: {file}: {t}"))
}

/// What a report and the proxy's stop say of webhooks that push configs named (accepted by
/// the agent) and no delivery in the recording reached ([`crate::verify::VerifyOutcome::
/// push_unreached`]: `(url, exchange of the first config)`, each exchange shown by `cite`):
/// the agent never called them, or called them around this recorder, and how a listener
/// of the proxy in front of the webhook records the deliveries. `None` for none.
///
/// newcomer48: "push notifications never arrive": a proxy in front of the agent alone
/// recorded the config, never a delivery, and its report said `area:push pass`.
pub fn push_unreached_text(
    list: &[(String, String)],
    cite: impl Fn(&str) -> String,
) -> Option<String> {
    let (first_url, _) = list.first()?;
    // shown without a query (a secret may ride in it) or userinfo
    let shown = |u: &str| u.split(['?', '#']).next().unwrap_or(u).to_string();
    let named: Vec<String> = list
        .iter()
        .map(|(u, x)| format!("{} ({})", shown(u), cite(x)))
        .collect();
    let origin = url::Url::parse(first_url)
        .ok()
        .map(|u| u.origin().ascii_serialization())
        .filter(|o| o != "null")
        .unwrap_or_else(|| "URL".into());
    Some(format!(
        "{} got no push notification in this recording: {}: the agent never called {}, or called {} around this recorder (an agent sends its notifications straight to the url of the config, not back through the proxy in front of it); to record the deliveries, run the proxy with --webhook {} (it prints the url to give the agent instead), or put a listener of the proxy in front of the webhook, --listener webhook@127.0.0.1:PORT={origin}, and give the agent that address as the url",
        if list.len() == 1 {
            "the webhook of an accepted push config".to_string()
        } else {
            format!("{} webhooks of accepted push configs", list.len())
        },
        named.join(", "),
        if list.len() == 1 { "it" } else { "them" },
        if list.len() == 1 { "it" } else { "them" },
        shown(first_url),
    ))
}

/// The text of [`generations_note`] after its `note: FILE: `: `2 A2A generations in this
/// traffic: ...`; the Markdown report's header says it too (newcomer28 N5: it said only
/// "dialects seen: 0.3, 1.0"). `None` for one generation or none.
pub fn generations_text(report: &Report, input: &ReportInput) -> Option<String> {
    // A generation is the label's version (`1.0 gRPC` is 1.0 in another binding): 1.0
    // JSON-RPC beside 1.0 gRPC is one generation, and no note (review27a).
    let generations: BTreeSet<&str> = report
        .dialects
        .iter()
        .map(|d| d.split(' ').next().unwrap_or(d))
        .collect();
    if generations.len() < 2 {
        return None;
    }
    let listed = &input.outcome.exchange_dialects;
    // in the order the traffic first used them (the report's `dialects` are sorted: a
    // recording that began in 1.0 read "0.3 ... (e20 first), 1.0 ... (e2 first)"; review27b)
    let mut parts: Vec<(usize, String)> = report
        .dialects
        .iter()
        .map(|d| {
            let at = listed.iter().position(|(_, l)| l == d);
            let text = match at {
                Some(i) => {
                    let n = listed[i..].iter().filter(|(_, l)| l == d).count();
                    // a HAR file's exchange as its `log.entries[i]`, as findings cite it
                    // (ux39: `verify x.har` said "(e1 first)", a name the HAR has not)
                    format!(
                        "{d} in {n} {} ({} first)",
                        super::model::plural(n, "exchange", "exchanges"),
                        super::cite(&listed[i].0, &input.index)
                    )
                }
                None => format!("{d} (after the exchanges counted)"),
            };
            (at.unwrap_or(usize::MAX), text)
        })
        .collect();
    parts.sort_by_key(|(at, _)| *at);
    let parts: Vec<String> = parts.into_iter().map(|(_, t)| t).collect();
    let capped = if listed.len() >= crate::verify::MAX_EXCHANGE_DIALECTS {
        format!(
            " (counted over the first {} exchanges that used one)",
            crate::verify::MAX_EXCHANGE_DIALECTS
        )
    } else {
        String::new()
    };
    Some(format!(
        "{} A2A generations in this traffic: {}{capped}{}; each exchange is judged by the rules of its own generation (clients of both, or one SDK agent serving 1.0 and its 0.3 compat side), and a request that mixes two is VER-MIX-002 (the client's), an answer that mixes two VER-MIX-001",
        generations.len(),
        parts.join(", "),
        generations_by_leg(input)
    ))
}

/// For a recording of a gateway's two legs (or more: `--listener LEG@...`), which
/// generation each leg spoke (breaker47: a version-bridging gateway speaks 0.3 to the
/// client and 1.0 to the agent): `; by leg: client leg 0.3 in 8, 1.0 in 8; upstream leg 1.0
/// in 8, 0.3 in 8` (the client-facing leg first; labels in the order each leg first used
/// them, counts of exchanges).
/// Empty when every exchange is on the client-facing hop.
fn generations_by_leg(input: &ReportInput) -> String {
    let listed = &input.outcome.exchange_dialects;
    let leg_of = |id: &str| {
        input
            .index
            .exchange(id)
            .and_then(|x| x.leg.clone())
            .unwrap_or_else(|| "client".to_string())
    };
    let mut legs: Vec<(String, Vec<(&str, usize)>)> = Vec::new();
    for (id, label) in listed {
        let leg = leg_of(&id[..]);
        let at = match legs.iter().position(|(l, _)| *l == leg) {
            Some(i) => i,
            None => {
                legs.push((leg, Vec::new()));
                legs.len() - 1
            }
        };
        let counts = &mut legs[at].1;
        match counts.iter_mut().find(|(l, _)| *l == label.as_str()) {
            Some(c) => c.1 += 1,
            None => counts.push((label.as_str(), 1)),
        }
    }
    if legs.len() < 2 {
        return String::new();
    }
    // the client-facing leg first, the rest in the order they first spoke
    legs.sort_by_key(|(l, _)| l != "client");
    let each: Vec<String> = legs
        .iter()
        .map(|(leg, counts)| {
            let c: Vec<String> = counts.iter().map(|(l, n)| format!("{l} in {n}")).collect();
            format!("{leg} leg {}", c.join(", "))
        })
        .collect();
    format!("; by leg: {}", each.join("; "))
}

#[cfg(test)]
mod tests {
    use super::{break_row, fit_rows};

    #[test]
    fn rows_fit_the_width_at_words_and_fitting_rows_stay() {
        let help = "   = help: advertise the public base URL of the agent in every interface, with the path it is served at";
        let text = format!(
            "error[X-001]: a headline of fifty characters, no more\n{help}\n   = spec: S-1\n"
        );
        let fit = fit_rows(&text, 56);
        let rows: Vec<&str> = fit.lines().collect();
        assert_eq!(
            rows[0],
            "error[X-001]: a headline of fifty characters, no more"
        );
        assert_eq!(rows.last(), Some(&"   = spec: S-1"));
        let help_rows = &rows[1..rows.len() - 1];
        assert!(help_rows.len() >= 2, "{fit}");
        assert!(help_rows[0].starts_with("   = help: advertise"), "{fit}");
        for r in help_rows {
            assert!(r.chars().count() <= 56, "{r:?}");
        }
        // under the help's first word
        for r in &help_rows[1..] {
            assert!(
                r.starts_with(&" ".repeat(11)) && !r.starts_with(&" ".repeat(12)),
                "{r:?}"
            );
        }
        let words: Vec<&str> = help_rows
            .iter()
            .flat_map(|r| r.split_whitespace())
            .collect();
        assert_eq!(words, help.split_whitespace().collect::<Vec<_>>());
        // wide enough: unchanged
        assert_eq!(fit_rows(&text, 200), text);
        // another row: two spaces under its own indent; a styled gutter is not counted
        assert_eq!(
            fit_rows("note: one two three four\n", 14),
            "note: one two\n  three four\n"
        );
        let styled = "   \x1b[1;34m=\x1b[0m help: one two three four five six\n";
        assert_eq!(
            fit_rows(styled, 24),
            "   \x1b[1;34m=\x1b[0m help: one two three\n           four five six\n"
        );
        // a word longer than a row stays whole, unless it is a list: broken after commas
        assert_eq!(
            break_row("  STEP x ok /a/very/long/path/name", 12, 7),
            "  STEP x ok\n       /a/very/long/path/name"
        );
        assert_eq!(
            break_row("  STEP x ok kinds=task,status,artifact,status", 25, 7),
            "  STEP x ok kinds=task,\n       status,artifact,\n       status"
        );
    }

    #[test]
    fn a_message_breaks_at_words_keeping_paths_and_quoted_commands_whole() {
        use super::fit_message;
        // fits: as it is
        assert_eq!(
            fit_message("a2a-interop: wrote r.md", 80),
            "a2a-interop: wrote r.md"
        );
        let msg = "a2a-interop proxy: writing the report to r.md... (Ctrl-C again skips it; the recording is complete: `a2a-interop report rec.jsonl -o r.md` writes it later)";
        assert_eq!(
            fit_message(msg, 48),
            "a2a-interop proxy: writing the report to r.md...\n  (Ctrl-C again skips it; the recording is\n  complete:\n  `a2a-interop report rec.jsonl -o r.md` writes\n  it later)"
        );
        // a path longer than a row: whole, on its own row
        let long = "/a/very/long/directory/of/the/night/shift/recording.jsonl";
        assert_eq!(
            fit_message(&format!("  recording to {long} now"), 30),
            format!("  recording to\n    {long}\n    now")
        );
        // a command written out without quotes: whole, up to its punctuation
        assert_eq!(
            fit_message(
                "a2a-interop proxy: findings: 1 error; a report of them: a2a-interop report r.jsonl -o report.md",
                60
            ),
            "a2a-interop proxy: findings: 1 error; a report of them:\n  a2a-interop report r.jsonl -o report.md"
        );
        assert_eq!(
            fit_message(
                "note: see it (a2a-interop verify r.jsonl: every finding), now",
                30
            ),
            "note: see it\n  (a2a-interop verify r.jsonl:\n  every finding), now"
        );
        // several rows: each by its own indent; an unclosed backtick runs to the end
        assert_eq!(
            fit_message("one two three\n  four five six `seven eight", 12),
            "one two\n  three\n  four five\n    six\n    `seven eight"
        );
        for w in [20, 40, 80] {
            let fit = fit_message(msg, w);
            assert_eq!(
                fit.split_whitespace().collect::<Vec<_>>(),
                msg.split_whitespace().collect::<Vec<_>>()
            );
        }
    }
}

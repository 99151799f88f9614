/*!
One self-contained HTML file: inline CSS, no script, no external asset. Sections: summary,
results table, findings (each linked to the event that proves it), and a timeline of the
exchanges and their SSE events grouped by task (exchanges naming no task go under "no
task"), each with its parties ("caller -> callee") when the recording attributes it. Every
text from the traffic is HTML-escaped.
*/

use std::collections::BTreeMap;
use std::fmt::Write as _;

use super::index::ExchangeView;
use super::model::{findings_clause, plural, Report, ReportInput, Status};
use super::{found_text, locate};

/// Exchanges shown in the timeline at most.
pub const HTML_MAX_EXCHANGES: usize = 2000;

/// Escapes `& < > " '`.
pub fn esc(s: &str) -> String {
    let s = super::show_controls(s);
    let mut o = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => o.push_str("&amp;"),
            '<' => o.push_str("&lt;"),
            '>' => o.push_str("&gt;"),
            '"' => o.push_str("&quot;"),
            '\'' => o.push_str("&#39;"),
            _ => o.push(c),
        }
    }
    o
}

const STYLE: &str = "body{font:14px/1.45 system-ui,sans-serif;margin:2em;color:#1b1b1b;max-width:80em}\
code,pre{font-family:ui-monospace,monospace;font-size:12px}pre{background:#f5f5f5;padding:.5em;overflow-x:auto;white-space:pre-wrap}\
table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:.2em .5em;text-align:left;vertical-align:top}\
.error{color:#b00020}.warning{color:#9a6700}.note{color:#0550ae}.pass{color:#116329}.fail{color:#b00020}.skip{color:#666}\
.finding{border-left:4px solid #b00020;padding-left:.8em;margin:1em 0}.finding.warning{border-color:#9a6700}.finding.note{border-color:#0550ae}\
.x{border:1px solid #ddd;margin:.5em 0;padding:.4em .8em}.x.hit{border-color:#b00020}.t{color:#666}li.hit{background:#fff0f0}\
.party{color:#6639ba}:target{outline:2px solid #0969da}";

/// The HTML report.
pub fn render(report: &Report, input: &ReportInput) -> String {
    let mut h = String::new();
    let s = &report.summary;
    let _ = write!(
        h,
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>A2A interoperability report</title><style>{STYLE}</style></head><body>\n"
    );
    let _ = writeln!(h, "<h1>A2A interoperability report</h1>");
    let _ = writeln!(h, "<ul>");
    let _ = writeln!(
        h,
        "<li>source: {}{}</li>",
        report
            .source
            .header_words()
            .split('`')
            .enumerate()
            .map(|(i, part)| if i % 2 == 1 {
                format!("<code>{}</code>", esc(part))
            } else {
                esc(part)
            })
            .collect::<String>(),
        report
            .source
            .sha256
            .as_deref()
            .map(|x| format!(" (sha-256 <code>{}</code>)", esc(x)))
            .unwrap_or_default()
    );
    if let Some(t) = &report.source.torn_tail {
        let _ = writeln!(h, "<li>note: {}</li>", esc(&t.note()));
    }
    if let Some(b) = &report.source.seq_breaks {
        let _ = writeln!(h, "<li>note: {}</li>", esc(&b.note()));
    }
    if let Some(s) = &report.source.skipped_lines {
        let _ = writeln!(h, "<li>warning: {}</li>", esc(&s.note()));
    }
    if let Some(u) = &report.source.unwritten {
        let _ = writeln!(h, "<li>note: {}</li>", esc(&u.note()));
    }
    let _ = writeln!(h, "<li>recorded {}</li>", esc(&report.recorded_span()));
    if let Some(b) = &report.baseline {
        let _ = writeln!(h, "<li>{}</li>", esc(&b.line()));
    }
    let _ = writeln!(
        h,
        "<li>conformance level: <strong>{}</strong> ({})</li>",
        report.conformance_level.as_str(),
        esc(&report.conformance_reason)
    );
    let _ = writeln!(
        h,
        "<li>findings: <span class=\"error\">{} {}</span>, <span class=\"warning\">{} {}</span>, <span class=\"note\">{} {}</span> in {} {} ({} {}, {} SSE {}){}</li>",
        s.errors,
        plural(s.errors as usize, "error", "errors"),
        s.warnings,
        plural(s.warnings as usize, "warning", "warnings"),
        s.notes,
        plural(s.notes as usize, "note", "notes"),
        report.counts.exchanges,
        plural(report.counts.exchanges as usize, "exchange", "exchanges"),
        report.counts.events,
        plural(report.counts.events as usize, "event", "events"),
        report.counts.sse_events,
        plural(report.counts.sse_events as usize, "event", "events"),
        findings_clause(&report.findings)
            .map(|c| format!("; {}", esc(&c)))
            .unwrap_or_default()
    );
    let _ = writeln!(
        h,
        "<li>dialects seen: {}{}</li><li>coverage: exercised {}; not exercised {}</li>",
        esc(&report.dialects.join(", ")),
        super::model::bindings_line(&report.bindings)
            .map(|b| format!("</li><li>bindings per A2A version: {}", esc(&b)))
            .unwrap_or_default(),
        esc(&report.coverage.exercised.join(", ")),
        esc(&report.coverage.not_exercised.join(", "))
    );
    let _ = writeln!(
        h,
        "<li>tool: {} {}, rules registry <code>{}</code></li></ul>",
        esc(&report.tool.name),
        esc(&report.tool.version),
        esc(&report.registry.sha256)
    );

    let _ = writeln!(h, "<h2>Results</h2><table><tr><th>status</th><th>test</th><th>category</th><th>message</th></tr>");
    for r in &report.results {
        let (class, label) = match r.status {
            Status::Pass => ("pass", "pass"),
            Status::Fail => ("fail", "fail"),
            Status::Skip => ("skip", "skip"),
        };
        let _ = writeln!(
            h,
            "<tr><td class=\"{class}\">{label}</td><td>{}</td><td>{}</td><td>{}</td></tr>",
            esc(&r.test),
            r.category.as_str(),
            esc(&r.message)
        );
    }
    let _ = writeln!(h, "</table>");

    // seq -> finding numbers, to mark timeline entries.
    let mut hits: BTreeMap<u64, Vec<usize>> = BTreeMap::new();
    let mut hit_exchanges: BTreeMap<String, Vec<usize>> = BTreeMap::new();
    for (i, f) in report.findings.iter().enumerate() {
        for e in &f.evidence {
            hits.entry(e.seq).or_default().push(i);
            let xid = e
                .exchange
                .clone()
                .or_else(|| input.index.exchange_of_seq(e.seq).map(|x| x.id.clone()));
            if let Some(xid) = xid {
                hit_exchanges.entry(xid).or_default().push(i);
            }
        }
    }

    if !report.not_judged.is_empty() {
        let _ = writeln!(h, "<h2>Not judged</h2><ul>");
        for n in &report.not_judged {
            let _ = writeln!(h, "<li>{}</li>", esc(&n.line_in(&input.index)));
        }
        let _ = writeln!(h, "</ul>");
    }
    if !report.proxy_answered.is_empty() {
        let _ = writeln!(h, "<h2>Not answered by the target</h2><ul>");
        for p in &report.proxy_answered {
            let _ = writeln!(h, "<li>{}</li>", esc(&p.line_in(&input.index)));
        }
        let _ = writeln!(h, "</ul>");
    }
    let _ = writeln!(h, "<h2>Findings</h2>");
    if report.findings.is_empty() {
        let _ = writeln!(h, "<p>No findings.</p>");
    }
    // in the text and Markdown reports' order: errors first (`text::reading_order`); the
    // anchors keep each finding's place in the report, which the timeline links to
    for i in super::text::reading_order_indices(&report.findings) {
        let f = &report.findings[i];
        let sev = f.severity.as_str();
        // a finding the run's --baseline knows says so, as the text report does
        let known = if f.baseline_state == Some(super::baseline::BaselineState::Unchanged) {
            super::text::KNOWN_TAG
        } else {
            ""
        };
        let _ = writeln!(
            h,
            "<div class=\"finding {sev}\" id=\"f-{i}\"><p><strong class=\"{sev}\">{sev}[{}]</strong>{known}: {}</p><ul>",
            esc(&f.rule),
            esc(&f.message)
        );
        if f.seen > 1 {
            let _ = writeln!(
                h,
                "<li>{}</li>",
                esc(&super::text::seen_text_in(f, &input.index))
            );
        }
        for e in &f.evidence {
            let mut line = format!(
                "<li><a href=\"#seq-{}\">{}</a>",
                e.seq,
                esc(&locate(e.seq, e.exchange.as_deref(), &input.index))
            );
            match e.pointer.as_deref() {
                // "" is the JSON Pointer of the whole document (RFC 6901 §5).
                Some("") => line.push_str(" (the whole body)"),
                Some(p) => {
                    let _ = write!(line, " at JSON <code>{}</code>", esc(&super::json_path(p)));
                }
                None => {}
            }
            if let Some(v) = &e.found {
                let _ = write!(line, ": found <code>{}</code>", esc(&found_text(v)));
            }
            let _ = writeln!(h, "{line}</li>");
        }
        if !f.spec.is_empty() {
            let _ = writeln!(h, "<li>spec: {}</li>", esc(&f.spec.join(", ")));
            if let Some(l) = super::crosswalk::line(&f.spec) {
                let _ = writeln!(h, "<li>conformance suites: {}</li>", esc(&l));
            }
        }
        let _ = writeln!(h, "</ul><p>help: {}</p>", esc(&f.help));
        if let Some(ex) = f.evidence.first().and_then(|e| input.index.excerpt(e.seq)) {
            let _ = writeln!(h, "<pre>{}</pre>", esc(ex));
        }
        let _ = writeln!(h, "</div>");
    }

    let _ = writeln!(h, "<h2>Timeline</h2>");
    let exchanges = input.index.exchanges();
    let shown = &exchanges[..exchanges.len().min(HTML_MAX_EXCHANGES)];
    if shown.len() < exchanges.len() {
        let _ = writeln!(
            h,
            "<p>first {} of {} exchanges shown</p>",
            shown.len(),
            exchanges.len()
        );
    }
    let mut by_task: BTreeMap<Option<&str>, Vec<&ExchangeView>> = BTreeMap::new();
    for x in shown {
        by_task.entry(x.task_id.as_deref()).or_default().push(x);
    }
    // Tasks in order of their first exchange; "no task" last.
    let mut groups: Vec<(Option<&str>, Vec<&ExchangeView>)> = by_task.into_iter().collect();
    groups.sort_by_key(|(t, xs)| (t.is_none(), xs.first().map(|x| x.first_seq).unwrap_or(0)));
    for (task, xs) in groups {
        let _ = writeln!(
            h,
            "<h3>{}</h3>",
            match task {
                Some(t) => format!("task <code>{}</code>", esc(t)),
                None => "no task".into(),
            }
        );
        for x in xs {
            let hit = hit_exchanges.get(&x.id);
            let _ = writeln!(
                h,
                "<div class=\"x{}\" id=\"x-{}\"><p><strong>{}</strong> <span class=\"t\">+{:.3} s</span> {} <code>{}</code>{} → {}{}{}{}</p><ul>",
                if hit.is_some() { " hit" } else { "" },
                esc(&x.id),
                esc(&x.id),
                x.start_us as f64 / 1e6,
                esc(&x.method),
                esc(&x.path),
                x.a2a_method
                    .as_deref()
                    .map(|m| format!(" <code>{}</code>", esc(m)))
                    .unwrap_or_default(),
                x.status
                    .map(|s| s.to_string())
                    .unwrap_or_else(|| "no response".into()),
                x.leg
                    .as_deref()
                    .map(|l| format!(" <span class=\"t\">[leg {}]</span>", esc(l)))
                    .unwrap_or_default(),
                input
                    .index
                    .parties(x)
                    .map(|who| format!(" <span class=\"party\">[{}]</span>", esc(&who)))
                    .unwrap_or_default(),
                x.outcome
                    .filter(|o| *o != crate::record::Outcome::Complete)
                    .map(|o| format!(" <span class=\"fail\">{o:?}</span>"))
                    .unwrap_or_default()
            );
            // Events that carry evidence, then the SSE events; each evidence seq once.
            let mut anchored = std::collections::BTreeSet::new();
            // Seqs may arrive out of order in a damaged file: never build an inverted range.
            let (lo, hi) = (x.first_seq.min(x.last_seq), x.first_seq.max(x.last_seq));
            for (seq, fs) in hits.range(lo..=hi) {
                let belongs = input
                    .index
                    .exchange_of_seq(*seq)
                    .map(|y| y.id == x.id)
                    .unwrap_or(false);
                if !belongs {
                    continue;
                }
                anchored.insert(*seq);
                let links: Vec<String> = fs
                    .iter()
                    .map(|i| {
                        let f = &report.findings[*i];
                        format!(
                            "<a class=\"{}\" href=\"#f-{i}\">{}[{}]</a>",
                            f.severity.as_str(),
                            f.severity.as_str(),
                            esc(&f.rule)
                        )
                    })
                    .collect();
                let _ = writeln!(
                    h,
                    "<li class=\"hit\" id=\"seq-{seq}\">#{seq} {} {}</li>",
                    links.join(" "),
                    input
                        .index
                        .excerpt(*seq)
                        .map(|e| format!("<code>{}</code>", esc(e)))
                        .unwrap_or_default()
                );
            }
            for ev in &x.sse_events {
                let _ = writeln!(
                    h,
                    "<li>{}<span class=\"t\">+{:.3} s</span> SSE {}{}<code>{}</code></li>",
                    if anchored.insert(ev.seq) {
                        format!("<span id=\"seq-{}\"></span>", ev.seq)
                    } else {
                        String::new()
                    },
                    ev.t_us as f64 / 1e6,
                    ev.event.as_deref().map(esc).unwrap_or_default(),
                    ev.state
                        .as_deref()
                        .map(|s| format!(" state <strong>{}</strong> ", esc(s)))
                        .unwrap_or_else(|| " ".into()),
                    esc(&ev.data)
                );
            }
            if x.sse_events_dropped > 0 {
                let _ = writeln!(
                    h,
                    "<li>{} more SSE events not shown</li>",
                    x.sse_events_dropped
                );
            }
            let _ = writeln!(h, "</ul></div>");
        }
    }
    // Evidence seqs outside every shown exchange still get an anchor target.
    let others: Vec<u64> = hits
        .keys()
        .copied()
        .filter(|seq| {
            !input
                .index
                .exchange_of_seq(*seq)
                .map(|x| shown.iter().any(|y| y.id == x.id))
                .unwrap_or(false)
        })
        .collect();
    if !others.is_empty() {
        let _ = writeln!(h, "<h2>Other evidence</h2><ul>");
        for seq in others {
            let _ = writeln!(
                h,
                "<li id=\"seq-{seq}\">#{seq} {}</li>",
                input
                    .index
                    .excerpt(seq)
                    .map(|e| format!("<code>{}</code>", esc(e)))
                    .unwrap_or_default()
            );
        }
        let _ = writeln!(h, "</ul>");
    }
    let _ = writeln!(h, "</body></html>");
    h
}

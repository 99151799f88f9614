/*!
Markdown report: summary, pass/fail table of results, each failure with its evidence
excerpt and a concrete recommendation (the rule's help), a Mermaid `sequenceDiagram` of the
exchanges with findings marked (capped at [`DIAGRAM_MAX_EXCHANGES`]), and a coverage line.

Deterministic for a given input (no clock), so it can be snapshot-tested.
*/

use std::collections::BTreeMap;
use std::fmt::Write as _;

use super::model::{findings_clause, severity_counts, Report, ReportInput, Status};
use super::{found_text, locate, ExchangeView};
use crate::verify::Severity;

/// Exchanges drawn in the sequence diagram at most; exchanges with findings come first
/// when the recording is larger.
pub const DIAGRAM_MAX_EXCHANGES: usize = 40;
/// Findings rendered in full at most (the rest are listed in the table only).
pub const MAX_DETAILED_FINDINGS: usize = 100;

/// Escapes prose so that Markdown renderers show it as text: `&` and `<` become entities
/// (no raw HTML from the traffic), backticks stay literal.
fn prose(s: &str) -> String {
    super::show_controls_line(s)
        .replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('`', "\\`")
}

/// Escapes a table cell: prose, plus `|` and line breaks.
/// [`super::text::KNOWN_TAG`] for a finding the run's `--baseline` knows, else nothing.
fn known(f: &super::ReportFinding) -> &'static str {
    if f.baseline_state == Some(super::baseline::BaselineState::Unchanged) {
        super::text::KNOWN_TAG
    } else {
        ""
    }
}

fn cell(s: &str) -> String {
    prose(s).replace('|', "\\|").replace(['\n', '\r'], " ")
}

/// Text safe inside a Mermaid message or note: only letters, digits and `/ . - _ : ( ) > =`
/// and spaces survive (Mermaid treats `;`, `#`, `<` and others specially).
fn mermaid_text(s: &str) -> String {
    let t: String = s
        .chars()
        .map(|c| {
            if c.is_alphanumeric() || " /.-_:()>=".contains(c) {
                c
            } else {
                ' '
            }
        })
        .collect();
    t.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The Markdown report.
pub fn render(report: &Report, input: &ReportInput) -> String {
    let mut out = String::new();
    let s = &report.summary;
    let _ = writeln!(out, "# A2A interoperability report\n");
    let src = &report.source;
    // The file's own kind (transcript, har) says more than `recording` when known.
    let _ = writeln!(out, "- **source:** {}", src.header_words());
    if let Some(h) = &src.sha256 {
        let _ = writeln!(out, "- **sha-256:** `{h}`");
    }
    if let Some(t) = &src.torn_tail {
        let _ = writeln!(out, "- **note:** {}", t.note());
    }
    if let Some(b) = &src.seq_breaks {
        let _ = writeln!(out, "- **note:** {}", b.note());
    }
    if let Some(s) = &src.skipped_lines {
        let _ = writeln!(out, "- **warning:** {}", cell(&s.note()));
    }
    if let Some(u) = &src.unwritten {
        let _ = writeln!(out, "- **note:** {}", u.note());
    }
    let _ = writeln!(out, "- **recorded:** {}", report.recorded_span());
    let dialects = if report.dialects.is_empty() {
        "none detected".to_string()
    } else {
        report.dialects.join(", ")
    };
    let _ = writeln!(out, "- **dialects seen:** {dialects}");
    if let Some(b) = super::model::bindings_line(&report.bindings) {
        let _ = writeln!(out, "- **bindings per A2A version:** {b}");
    }
    // more than one generation: how many exchanges each, and how the mix is judged
    if let Some(t) = super::text::generations_text(report, input) {
        let _ = writeln!(out, "- **note:** {}", prose(&t));
    }
    // push configs whose webhook no recorded delivery reached (newcomer48)
    if let Some(t) = super::text::push_unreached_text(&input.outcome.push_unreached, |x| {
        super::cite(x, &input.index)
    }) {
        let _ = writeln!(out, "- **note:** {}", prose(&t));
    }
    let _ = writeln!(
        out,
        "- **conformance level:** **{}** ({})",
        report.conformance_level.as_str(),
        report.conformance_reason
    );
    let _ = writeln!(
        out,
        "- **findings:** {} in {} {} ({} {}){}",
        severity_counts(s),
        report.counts.exchanges,
        super::model::plural(report.counts.exchanges as usize, "exchange", "exchanges"),
        report.counts.events,
        super::model::plural(report.counts.events as usize, "event", "events"),
        findings_clause(&report.findings)
            .map(|c| format!("; {c}"))
            .unwrap_or_default()
    );
    if let Some(b) = &report.baseline {
        let _ = writeln!(out, "- **baseline:** {}", prose(&b.line()));
    }
    let _ = writeln!(
        out,
        "- **results:** {} passed, {} failed, {}{} skipped of {}",
        s.passed,
        s.failed,
        crate::report::model::expectations_text(s.expectations),
        s.skipped,
        s.total
    );
    let exercised = if report.coverage.exercised.is_empty() {
        "none".to_string()
    } else {
        report.coverage.exercised.join(", ")
    };
    let not_ex = if report.coverage.not_exercised.is_empty() {
        "none".to_string()
    } else {
        report.coverage.not_exercised.join(", ")
    };
    let _ = writeln!(
        out,
        "- **coverage:** exercised: {exercised}; not exercised: {not_ex}"
    );
    let _ = writeln!(
        out,
        "- **tool:** {} {} (rules registry `{}`, {} rules)\n",
        report.tool.name,
        report.tool.version,
        &report.registry.sha256[..12.min(report.registry.sha256.len())],
        report.registry.rules
    );

    let _ = writeln!(out, "## Results\n");
    let _ = writeln!(out, "| status | test | category | message |");
    let _ = writeln!(out, "|---|---|---|---|");
    for r in &report.results {
        let mark = match r.status {
            Status::Pass => "✅ pass",
            Status::Fail => "❌ fail",
            Status::Skip => "⏭ skip",
        };
        let _ = writeln!(
            out,
            "| {mark} | {} | {} | {} |",
            cell(&r.test),
            r.category.as_str(),
            cell(&r.message)
        );
    }
    out.push('\n');

    if !report.not_judged.is_empty() {
        // Said before the findings: no finding can come from what was not judged.
        let _ = writeln!(out, "## Not judged\n");
        for n in &report.not_judged {
            let _ = writeln!(out, "- {}", cell(&n.line_in(&input.index)));
        }
        out.push('\n');
    }
    if !report.proxy_answered.is_empty() {
        // The proxy's own answers (target down, no route): the target never saw these.
        let _ = writeln!(out, "## Not answered by the target\n");
        for p in &report.proxy_answered {
            let _ = writeln!(out, "- {}", cell(&p.line_in(&input.index)));
        }
        out.push('\n');
    }

    let _ = writeln!(out, "## Findings\n");
    if let Some(line) = report.not_kept_line() {
        let _ = writeln!(out, "{}\n", cell(&line));
    }
    if report.findings.is_empty() {
        let _ = writeln!(out, "No findings.\n");
    } else {
        // errors first, grouped by rule (breaker10n N21), as the text report
        let ordered = super::text::reading_order(&report.findings);
        if report.findings.len() > 1 {
            let _ = writeln!(out, "| severity | rule | findings | occurrences (seen) |");
            let _ = writeln!(out, "|---|---|---|---|");
            for r in super::text::rule_tally(&report.findings) {
                let _ = writeln!(
                    out,
                    "| {} | `{}` | {} | {} |",
                    r.severity, r.rule, r.findings, r.occurrences
                );
            }
            out.push('\n');
        }
        let _ = writeln!(out, "| severity | rule | where | message |");
        let _ = writeln!(out, "|---|---|---|---|");
        for f in &ordered {
            let at = f
                .evidence
                .first()
                .map(|e| locate(e.seq, e.exchange.as_deref(), &input.index))
                .unwrap_or_default();
            let seen = if f.seen > 1 {
                format!(" (seen {} times)", f.seen)
            } else {
                String::new()
            };
            let _ = writeln!(
                out,
                "| {} | `{}`{} | {} | {}{seen} |",
                f.severity,
                f.rule,
                known(f),
                cell(&at),
                cell(&f.message)
            );
        }
        out.push('\n');
        for (i, f) in ordered.iter().enumerate() {
            if i == MAX_DETAILED_FINDINGS {
                let _ = writeln!(
                    out,
                    "_{} more findings are listed in the table above only._\n",
                    report.findings.len() - MAX_DETAILED_FINDINGS
                );
                break;
            }
            let _ = writeln!(
                out,
                "### {}[{}]{}: {}\n",
                f.severity,
                f.rule,
                known(f),
                prose(&f.message)
            );
            if !f.spec.is_empty() {
                let _ = writeln!(out, "- spec: {}", f.spec.join(", "));
                if let Some(l) = super::crosswalk::line(&f.spec) {
                    let _ = writeln!(out, "- conformance suites: {l}");
                }
            }
            if let Some(leg) = &f.leg {
                let _ = writeln!(out, "- leg: {leg}");
            }
            if f.seen > 1 {
                let _ = writeln!(out, "- {}", super::text::seen_text_in(f, &input.index));
            }
            let shown = if f.seen > 1 {
                super::text::SHOWN_EVIDENCE
            } else {
                usize::MAX
            };
            for e in f.evidence.iter().take(shown) {
                let mut line = format!(
                    "- at {}",
                    locate(e.seq, e.exchange.as_deref(), &input.index)
                );
                match e.pointer.as_deref() {
                    // "" is the JSON Pointer of the whole document (RFC 6901 §5).
                    Some("") => line.push_str(" (the whole body)"),
                    Some(p) => {
                        let _ = write!(line, " in JSON `{}`", super::json_path(p));
                    }
                    None => {}
                }
                if let Some(Some(leg)) = input.index.leg_of(e.seq, e.exchange.as_deref()) {
                    let _ = write!(line, " (leg {leg})");
                }
                if let Some(v) = &e.found {
                    let _ = write!(line, ": found `{}`", found_text(v).replace('`', "'"));
                }
                let _ = writeln!(out, "{line}");
            }
            if let Some(more) = super::text::more_evidence(f, f.seen) {
                let _ = writeln!(out, "- {more}");
            }
            if let Some(ex) = f.evidence.first().and_then(|e| input.index.excerpt(e.seq)) {
                let _ = writeln!(
                    out,
                    "\n```text\n{}\n```",
                    ex.trim_end().replace("```", "'''")
                );
            }
            if !f.help.is_empty() {
                let _ = writeln!(out, "\n**Recommendation:** {}", prose(&f.help));
            }
            out.push('\n');
        }
    }

    diagram(&mut out, report, input);
    out
}

/// The Mermaid sequence diagram, capped at [`DIAGRAM_MAX_EXCHANGES`] exchanges.
fn diagram(out: &mut String, report: &Report, input: &ReportInput) {
    let exchanges = input.index.exchanges();
    if exchanges.is_empty() {
        return;
    }
    // Findings by exchange id (via evidence exchange, else the seq's exchange).
    let mut marks: BTreeMap<&str, Vec<(Severity, &str)>> = BTreeMap::new();
    for f in &report.findings {
        if let Some(e) = f.evidence.first() {
            let xid = e
                .exchange
                .as_deref()
                .or_else(|| input.index.exchange_of_seq(e.seq).map(|x| x.id.as_str()));
            if let Some(xid) = xid {
                marks
                    .entry(xid)
                    .or_default()
                    .push((f.severity, f.rule.as_str()));
            }
        }
    }
    let drawn: Vec<usize> = if exchanges.len() <= DIAGRAM_MAX_EXCHANGES {
        (0..exchanges.len()).collect()
    } else {
        let mut pick: Vec<usize> = (0..exchanges.len())
            .filter(|&i| marks.contains_key(exchanges[i].id.as_str()))
            .take(DIAGRAM_MAX_EXCHANGES)
            .collect();
        let mut i = 0;
        while pick.len() < DIAGRAM_MAX_EXCHANGES && i < exchanges.len() {
            if !pick.contains(&i) {
                pick.push(i);
            }
            i += 1;
        }
        pick.sort_unstable();
        pick
    };
    let _ = writeln!(out, "## Sequence\n");
    if drawn.len() < exchanges.len() {
        let _ = writeln!(
            out,
            "_{} of {} exchanges drawn (those with findings first)._\n",
            drawn.len(),
            exchanges.len()
        );
    }
    let _ = writeln!(out, "```mermaid\nsequenceDiagram");
    let mut attributed = drawn.iter().any(|&i| exchanges[i].callee.is_some());
    // A forward-mode recording without attribution: one participant per origin the
    // requests went to, named with its card when one was fetched (breaker10n N16: three
    // agents behind one forward proxy were drawn as one `agent`).
    let by_origin = !attributed
        && input.index.shows_origins()
        && drawn.iter().any(|&i| exchanges[i].origin().is_some());
    attributed |= by_origin;
    // A webhook leg (the agent's push notifications) is drawn from the agent to a
    // `webhook` participant, not as a gateway's upstream copy (newcomer48: the demo's
    // deliveries were `gateway ->> agent`).
    let hook_leg = |x: &ExchangeView| {
        x.leg
            .as_deref()
            .is_some_and(crate::record::event::is_webhook_leg)
    };
    let has_legs = !attributed
        && drawn
            .iter()
            .any(|&i| exchanges[i].leg.is_some() && !hook_leg(&exchanges[i]));
    let has_hooks = !attributed && drawn.iter().any(|&i| hook_leg(&exchanges[i]));
    // With attribution events, one participant per party ("agent A -> agent B"), in order
    // of first appearance (no `client` declared that no exchange has: breaker9a B24).
    let mut parties: Vec<&str> = Vec::new();
    let party_ends = |x: &'_ ExchangeView| -> (String, String) {
        let callee = if by_origin {
            x.origin()
        } else {
            x.callee.clone()
        };
        (
            x.caller
                .as_deref()
                .map(|c| input.index.party_label(c))
                .unwrap_or_else(|| "client".into()),
            callee
                .as_deref()
                .map(|c| input.index.party_label(c))
                .unwrap_or_else(|| "agent".into()),
        )
    };
    let ends: Vec<(String, String)> = drawn.iter().map(|&i| party_ends(&exchanges[i])).collect();
    if attributed {
        for (a, b) in &ends {
            for name in [a.as_str(), b.as_str()] {
                if !parties.contains(&name) {
                    parties.push(name);
                }
            }
        }
        for (n, name) in parties.iter().enumerate() {
            let _ = writeln!(out, "    participant P{n} as {}", mermaid_text(name));
        }
    } else {
        let _ = writeln!(out, "    participant C as client");
        if has_legs {
            let _ = writeln!(out, "    participant G as gateway");
        }
        let _ = writeln!(out, "    participant A as agent");
        if has_hooks {
            let _ = writeln!(out, "    participant W as webhook");
        }
    }
    let id_of = |name: &str| -> String {
        let n = parties.iter().position(|p| *p == name).unwrap_or(0);
        format!("P{n}")
    };
    for (k, &i) in drawn.iter().enumerate() {
        let x = &exchanges[i];
        let (from, to) = if attributed {
            (id_of(&ends[k].0), id_of(&ends[k].1))
        } else {
            let (f, t) = match (has_legs, x.leg.is_some()) {
                _ if hook_leg(x) => ("A", "W"),
                (true, true) => ("G", "A"),
                (true, false) => ("C", "G"),
                _ => ("C", "A"),
            };
            (f.to_string(), t.to_string())
        };
        let what = match &x.a2a_method {
            Some(m) => format!("{} {} {}", x.method, x.path, m),
            None => format!("{} {}", x.method, x.path),
        };
        let _ = writeln!(out, "    {from}->>{to}: {} {}", x.id, mermaid_text(&what));
        let mut back = x
            .status
            .map(|s| s.to_string())
            .unwrap_or_else(|| "no response".into());
        if !x.sse_events.is_empty() || x.sse_events_dropped > 0 {
            let n = x.sse_events.len() as u64 + x.sse_events_dropped;
            let _ = write!(back, " stream {n} events");
        }
        if let Some(o) = x.outcome {
            if o != crate::record::Outcome::Complete {
                let _ = write!(back, " {o:?}");
            }
        }
        let _ = writeln!(out, "    {to}-->>{from}: {}", mermaid_text(&back));
        if let Some(ms) = marks.get(x.id.as_str()) {
            let text: Vec<String> = ms.iter().map(|(sev, r)| format!("{sev} {r}")).collect();
            let _ = writeln!(
                out,
                "    Note over {from},{to}: {}",
                mermaid_text(&text.join(" "))
            );
        }
    }
    let _ = writeln!(out, "```");
}

/*!
SARIF 2.1.0 (OASIS), valid against `sarif-schema-2.1.0.json` (a copy is in `tests/data/`).

- `tool.driver.rules`: every registry rule (retired ones left out) plus any rule that fired
  but is not in the registry, with `shortDescription` (summary), `help` (help text),
  `defaultConfiguration.level` and `properties` (`category`, `spec`);
- `results`: one per finding: `ruleId`, `ruleIndex`, `level` (error / warning / note),
  `message`, and one `location` per evidence pointing at the traffic file
  (`artifactLocation.uri`) with `region.startLine` = the evidence's file line (native
  recording: `seq + 1`; transcript: its line; HAR or live: no region), a `message` citing
  the evidence as the text and Markdown reports do (`e2 #10 (POST /rpc -> 200) at JSON
  $.result.id`; transcript `e2 line 8`; HAR `log.entries[1]`), and a logical location named
  by that citation and the JSON path (`e2 #10 $.result.id`); at most [`MAX_LOCATIONS`]
  (1,000, GitHub code scanning's limit), the rest counted in `properties.locationsOmitted`;
  at most [`MAX_RESULTS`] results (25,000, GitHub's limit per run), the most severe kept
  and the rest counted in the run's `properties.resultsOmitted`;
- `artifacts`: the traffic file with its SHA-256.

`verify A B C -f sarif` writes a run per file ([`run_of`] with [`RuleList::Reported`]): each
run lists only the rules its results name, since a `ruleIndex` resolves within its run
(SARIF 2.1.0 §3.27.6) and the full list repeated in every run was most of the file.
*/

use serde_json::{json, Map, Value};

use super::model::{Report, ReportInput};
use super::ReportError;

/// The most `locations` one result lists: GitHub code scanning rejects a whole SARIF file
/// with a result of more than 1,000 ("Analysis SARIF file rejected due to location limit";
/// it shows 100 of them), and a finding seen on every request of a long proxy run (a card
/// fetched before each call without caching, CARD-CACHE-001) has one evidence per
/// occurrence. The result's `properties.evidence` keeps every one, and
/// `properties.locationsOmitted` says how many are not listed as locations (ux40).
pub const MAX_LOCATIONS: usize = 1000;

/// The most `results` one run lists: GitHub code scanning rejects a SARIF file with a run of
/// more than 25,000 ("Analysis SARIF file rejected due to result limits"; it shows the 5,000
/// most severe). A long proxy run can pass that in distinct findings. The most severe are
/// kept (first-seen order among equals, and in the output), and the run's
/// `properties.resultsOmitted` says how many are left out; the JSON report keeps them all.
pub const MAX_RESULTS: usize = 25_000;

/// Which rules a run's `tool.driver.rules` lists.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RuleList {
    /// Every registry rule (retired ones left out) and any other rule that fired: the
    /// one-file report, a catalogue of what was checked.
    All,
    /// Only the rules the run's results name: a run of the several-file report.
    Reported,
}

/// Which of `findings` (in first-seen order) a run lists: all when at most `max`, else the
/// `max` most severe, first seen first among equals; returned in first-seen order.
fn kept_results(severities: &[crate::verify::Severity], max: usize) -> Vec<bool> {
    if severities.len() <= max {
        return vec![true; severities.len()];
    }
    let mut order: Vec<usize> = (0..severities.len()).collect();
    // stable: equal severities keep first-seen order
    order.sort_by(|a, b| severities[*b].cmp(&severities[*a]));
    let mut keep = vec![false; severities.len()];
    for i in order.into_iter().take(max) {
        keep[i] = true;
    }
    keep
}

/// A relative or absolute path as a URI reference (RFC 3986): `/` separators, and
/// characters outside the unreserved / path set percent-encoded.
fn path_uri(path: &str) -> String {
    let mut s = String::new();
    for b in path.replace('\\', "/").bytes() {
        if b.is_ascii_alphanumeric() || b"-._~/:@!$&'()*+,;=".contains(&b) {
            s.push(b as char);
        } else {
            s.push_str(&format!("%{b:02X}"));
        }
    }
    if path.starts_with('/') {
        format!("file://{s}")
    } else {
        s
    }
}

/// The SARIF log, pretty-printed: one run listing every rule ([`RuleList::All`]).
pub fn render(report: &Report, input: &ReportInput) -> Result<String, ReportError> {
    let log = json!({
        "$schema": "https://json.schemastore.org/sarif-2.1.0.json",
        "version": "2.1.0",
        "runs": [run_of(report, input, RuleList::All)],
    });
    serde_json::to_string_pretty(&log)
        .map(|mut s| {
            s.push('\n');
            s
        })
        .map_err(|e| ReportError::Render {
            format: "sarif",
            message: e.to_string(),
        })
}

/// One SARIF run (SARIF 2.1.0 §3.14) of `report`: tool and rules (`rules`), results, run
/// properties, invocations and the traffic file as its artifact.
pub fn run_of(report: &Report, input: &ReportInput, rules_listed: RuleList) -> Value {
    let severities: Vec<_> = report.findings.iter().map(|f| f.severity).collect();
    let keep = kept_results(&severities, MAX_RESULTS);
    let omitted = keep.iter().filter(|k| !**k).count();
    let reported: std::collections::HashSet<&str> = (report.findings.iter().zip(&keep))
        .filter(|(_, k)| **k)
        .map(|(f, _)| f.rule.as_str())
        .collect();
    let listed = |id: &str| rules_listed == RuleList::All || reported.contains(id);
    let mut rules: Vec<Value> = Vec::new();
    let mut ids: Vec<String> = Vec::new();
    for r in input.rules.iter().filter(|r| !r.retired) {
        if ids.iter().any(|i| i == r.id) || !listed(r.id) {
            continue;
        }
        ids.push(r.id.to_string());
        rules.push(json!({
            "id": r.id,
            "name": r.name,
            "shortDescription": {"text": r.summary},
            "help": {"text": r.help},
            "defaultConfiguration": {"level": r.severity.as_str()},
            "properties": {"category": r.category.as_str(), "spec": r.spec},
        }));
    }
    for (f, _) in report.findings.iter().zip(&keep).filter(|(_, k)| **k) {
        if ids.contains(&f.rule) {
            continue;
        }
        ids.push(f.rule.clone());
        rules.push(json!({
            "id": f.rule,
            "name": f.name,
            "shortDescription": {"text": super::show_controls_line(&f.message)},
            "help": {"text": f.help},
            "defaultConfiguration": {"level": f.severity.as_str()},
            "properties": {"category": f.category.as_str(), "spec": f.spec},
        }));
    }

    let uri = report.source.path.as_deref().map(path_uri);
    let mut results = Vec::new();
    for (f, _) in report.findings.iter().zip(&keep).filter(|(_, k)| **k) {
        let rule_index = ids.iter().position(|i| *i == f.rule).unwrap_or(0);
        let mut locations = Vec::new();
        if let Some(uri) = &uri {
            for e in f.evidence.iter().take(MAX_LOCATIONS) {
                let mut phys = Map::new();
                phys.insert("artifactLocation".into(), json!({"uri": uri, "index": 0}));
                if let Some(line) = input.index.line_of_seq(e.seq) {
                    phys.insert("region".into(), json!({"startLine": line}));
                }
                let mut loc = Map::new();
                loc.insert("physicalLocation".into(), Value::Object(phys));
                // the evidence in the words of the text, Markdown and HTML reports
                // (`report::locate`): `e2 #10 (POST /rpc -> 200) at JSON $.result.id`, so a
                // result in a code-scanning view is found in the other reports (q25c)
                let cite = super::cite_event(e.seq, e.exchange.as_deref(), &input.index);
                let mut text = super::locate(e.seq, e.exchange.as_deref(), &input.index);
                match e.pointer.as_deref() {
                    // "" is the JSON Pointer of the whole document (RFC 6901 §5).
                    Some("") => text.push_str(" (the whole body)"),
                    Some(p) => text.push_str(&format!(" at JSON {}", super::json_path(p))),
                    None => {}
                }
                loc.insert(
                    "message".into(),
                    json!({"text": super::show_controls_line(&text)}),
                );
                // a JSON member is a `member` (SARIF 2.1.0 §3.33.7); a whole event has no kind
                let logical = match e.pointer.as_deref() {
                    Some(p) if !p.is_empty() => json!({
                        "fullyQualifiedName": super::show_controls_line(&format!("{cite} {}", super::json_path(p))),
                        "kind": "member",
                    }),
                    _ => json!({"fullyQualifiedName": super::show_controls_line(&cite)}),
                };
                loc.insert("logicalLocations".into(), json!([logical]));
                locations.push(Value::Object(loc));
            }
        }
        let mut props = Map::new();
        props.insert("category".into(), json!(f.category.as_str()));
        props.insert("spec".into(), json!(f.spec));
        props.insert(
            "evidence".into(),
            serde_json::to_value(&f.evidence).unwrap_or(Value::Null),
        );
        if let Some(leg) = &f.leg {
            props.insert("leg".into(), json!(leg));
        }
        if f.seen > 1 {
            props.insert("seen".into(), json!(f.seen));
        }
        if uri.is_some() && f.evidence.len() > MAX_LOCATIONS {
            // the evidence past the first MAX_LOCATIONS is in `evidence` above only
            props.insert(
                "locationsOmitted".into(),
                json!(f.evidence.len() - MAX_LOCATIONS),
            );
        }
        let mut r = json!({
            "ruleId": f.rule,
            "ruleIndex": rule_index,
            "level": f.severity.as_str(),
            "message": {"text": super::show_controls_line(&f.message)},
            "properties": props,
        });
        if !locations.is_empty() {
            r["locations"] = Value::Array(locations);
        }
        results.push(r);
    }

    let mut run = json!({
        "tool": {"driver": {
            "name": report.tool.name,
            "version": report.tool.version,
            "semanticVersion": report.tool.version,
            "rules": rules,
        }},
        "results": results,
        "properties": {
            "conformanceLevel": report.conformance_level.as_str(),
            "dialects": report.dialects,
            "registrySha256": report.registry.sha256,
        },
    });
    if omitted > 0 {
        // the least severe findings past MAX_RESULTS (the JSON report lists every one)
        run["properties"]["resultsOmitted"] = json!(omitted);
    }
    if let Some(note) = &report.interrupted {
        // an interrupted run (Report::mark_interrupted): a run property, and an invocation
        // that did not complete (SARIF 2.1.0 §3.20.14 executionSuccessful) with the note as
        // its notification
        run["properties"]["interrupted"] = json!(note);
        run["invocations"] = json!([{
            "executionSuccessful": false,
            "toolExecutionNotifications": [{"level": "warning", "message": {"text": note}}],
        }]);
    }
    if !report.proxy_answered.is_empty() {
        // exchanges the proxy answered itself (target down, no route: breaker10n N15): a run
        // property with one line per kind, and a notification each (SARIF 2.1.0 §3.58)
        let lines: Vec<String> = report.proxy_answered.iter().map(|p| p.line()).collect();
        run["properties"]["proxyAnswered"] = json!(lines);
        let notes: Vec<Value> = lines
            .iter()
            .map(|l| json!({"level": "warning", "message": {"text": format!("not answered by the target: {l}")}}))
            .collect();
        match run.get_mut("invocations").and_then(|i| i.get_mut(0)) {
            Some(inv) => {
                if let Some(Value::Array(a)) = inv.get_mut("toolExecutionNotifications") {
                    a.extend(notes);
                }
            }
            None => {
                run["invocations"] = json!([{
                    "executionSuccessful": true,
                    "toolExecutionNotifications": notes,
                }]);
            }
        }
    }
    if let Some(uri) = &uri {
        let mut artifact = json!({"location": {"uri": uri}});
        if let Some(h) = &report.source.sha256 {
            artifact["hashes"] = json!({"sha-256": h});
        }
        if let Some(n) = report.source.bytes {
            artifact["length"] = json!(n);
        }
        run["artifacts"] = json!([artifact]);
    }
    run
}

#[cfg(test)]
mod tests {
    use super::path_uri;

    #[test]
    fn uris_are_encoded() {
        assert_eq!(path_uri("a b/c.jsonl"), "a%20b/c.jsonl");
        assert_eq!(path_uri("/tmp/x#1.jsonl"), "file:///tmp/x%231.jsonl");
    }
}

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

`verify A B C -f sarif` writes one run for all the files ([`BatchRun`]): GitHub code
scanning takes at most 20 runs a file and, since July 2025, not several runs of one tool;
each result points at its own file (`artifactLocation.uri` and `index` into the run's
`artifacts`, one per file), and the rules are those the results name.
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

/// The SARIF log of one file, pretty-printed: one run listing every rule.
pub fn render(report: &Report, input: &ReportInput) -> Result<String, ReportError> {
    let log = json!({
        "$schema": "https://json.schemastore.org/sarif-2.1.0.json",
        "version": "2.1.0",
        "runs": [run_of(report, input)],
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

/// One SARIF run (SARIF 2.1.0 §3.14) of `report`: tool and every rule, results (at most
/// [`MAX_RESULTS`]), run properties, invocations and the traffic file as its artifact.
fn run_of(report: &Report, input: &ReportInput) -> Value {
    let severities: Vec<_> = report.findings.iter().map(|f| f.severity).collect();
    let keep = kept_results(&severities, MAX_RESULTS);
    let omitted = keep.iter().filter(|k| !**k).count();
    let mut rules: Vec<Value> = Vec::new();
    let mut ids: Vec<String> = Vec::new();
    for r in input.rules.iter().filter(|r| !r.retired) {
        if ids.iter().any(|i| i == r.id) {
            continue;
        }
        ids.push(r.id.to_string());
        rules.push(registry_rule(r));
    }
    for (f, _) in report.findings.iter().zip(&keep).filter(|(_, k)| **k) {
        if ids.contains(&f.rule) {
            continue;
        }
        ids.push(f.rule.clone());
        rules.push(finding_rule(f));
    }

    let uri = report.source.path.as_deref().map(path_uri);
    let mut results = Vec::new();
    for (f, _) in report.findings.iter().zip(&keep).filter(|(_, k)| **k) {
        let rule_index = ids.iter().position(|i| *i == f.rule).unwrap_or(0);
        results.push(result_of(
            f,
            uri.as_deref().map(|u| (u, 0)),
            input,
            rule_index,
        ));
    }

    // a --baseline's entries that matched no finding: SARIF 2.1.0 §3.27.24 `absent`
    // results (kind `pass`, level `none`: the problem is gone), after the run's own
    if let Some(b) = &report.baseline {
        for e in &b.absent {
            let mut r = json!({
                "ruleId": e.rule,
                "kind": "pass",
                "level": "none",
                "baselineState": "absent",
                "message": {"text": super::show_controls_line(&format!(
                    "known finding not seen any more (fixed, or not exercised by this traffic): {}; shrink the baseline {} with --write-baseline",
                    e.label(), b.file
                ))},
                "properties": {"baselineEntry": e},
            });
            if let Some(i) = ids.iter().position(|i| *i == e.rule) {
                r["ruleIndex"] = json!(i);
            }
            results.push(r);
        }
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
    if let Some(b) = &report.baseline {
        // what the run's --baseline did (each result has its baselineState)
        run["properties"]["baseline"] = json!(b.line());
    }
    if let Some(note) = &report.interrupted {
        // an interrupted run (Report::mark_interrupted): a run property
        run["properties"]["interrupted"] = json!(note);
    }
    if !report.proxy_answered.is_empty() {
        // exchanges the proxy answered itself (target down, no route: breaker10n N15): a run
        // property with one line per kind
        let lines: Vec<String> = report.proxy_answered.iter().map(|p| p.line()).collect();
        run["properties"]["proxyAnswered"] = json!(lines);
    }
    let notes = notifications_of(report, None);
    if !notes.is_empty() {
        // an interrupted run did not complete (SARIF 2.1.0 §3.20.14 executionSuccessful);
        // the interruption and each proxy-answered kind are notifications (§3.58)
        run["invocations"] = json!([{
            "executionSuccessful": report.interrupted.is_none(),
            "toolExecutionNotifications": notes,
        }]);
    }
    if let Some(uri) = &uri {
        run["artifacts"] = json!([artifact_of(report, uri)]);
    }
    run
}

/// The `reportingDescriptor` (SARIF 2.1.0 §3.49) of registry rule `r`.
fn registry_rule(r: &crate::verify::Rule) -> Value {
    json!({
        "id": r.id,
        "name": r.name,
        "shortDescription": {"text": r.summary},
        "help": {"text": r.help},
        "defaultConfiguration": {"level": r.severity.as_str()},
        "properties": {"category": r.category.as_str(), "spec": r.spec},
    })
}

/// The `reportingDescriptor` of a rule that fired but is not in the registry, from its
/// finding `f`.
fn finding_rule(f: &super::model::ReportFinding) -> Value {
    json!({
        "id": f.rule,
        "name": f.name,
        "shortDescription": {"text": super::show_controls_line(&f.message)},
        "help": {"text": f.help},
        "defaultConfiguration": {"level": f.severity.as_str()},
        "properties": {"category": f.category.as_str(), "spec": f.spec},
    })
}

/// The `artifact` (SARIF 2.1.0 §3.24) of `report`'s traffic file at `uri`: its location,
/// SHA-256 and length in bytes when known.
fn artifact_of(report: &Report, uri: &str) -> Value {
    let mut artifact = json!({"location": {"uri": uri}});
    if let Some(h) = &report.source.sha256 {
        artifact["hashes"] = json!({"sha-256": h});
    }
    if let Some(n) = report.source.bytes {
        artifact["length"] = json!(n);
    }
    artifact
}

/// The tool execution notifications (SARIF 2.1.0 §3.58) of `report`: its interruption
/// (`Report::mark_interrupted`) and each kind of exchange the proxy answered itself, as
/// warnings; with `at` (the file's URI and artifact index) each points at its file.
fn notifications_of(report: &Report, at: Option<(&str, usize)>) -> Vec<Value> {
    let mut notes = Vec::new();
    let mut note = |text: String| {
        let mut n = json!({"level": "warning", "message": {"text": text}});
        if let Some((uri, index)) = at {
            n["locations"] = json!([{"physicalLocation": {
                "artifactLocation": {"uri": uri, "index": index}}}]);
        }
        notes.push(n);
    };
    if let Some(i) = &report.interrupted {
        note(i.clone());
    }
    for p in &report.proxy_answered {
        note(format!("not answered by the target: {}", p.line()));
    }
    notes
}

/// The one run of a several-file SARIF log (`verify A B ... -f sarif`), built file by file.
///
/// GitHub code scanning rejects a SARIF file of more than 20 runs ("Analysis SARIF file
/// rejected due to run limits") and, since July 2025, one with several runs of the same
/// tool (github/codeql-action#2959: runs are no longer combined); SARIF 2.1.0 §3.14 makes a
/// run one invocation of a tool, and a result names its file in its own
/// `artifactLocation` (§3.4, §3.28.3). So one `verify` of N files is one run: every file an
/// entry of `artifacts` (its `properties`: `path` as named, `conformanceLevel`, `dialects`,
/// `interrupted`, `proxyAnswered`, or `error` for a file not read), every finding a result
/// whose locations point at its file by URI and artifact index, the rules those results
/// name listed once, and one invocation whose notifications name each file not read (an
/// error), interrupted or partly answered by the proxy (warnings), each pointing at its
/// artifact.
///
/// Results are handed back per file ([`BatchRun::add_file`]) for the caller to hold (a
/// spool file: memory stays flat) until the [`MAX_RESULTS`] cap, which is the run's, is
/// applied over all files ([`BatchRun::keep`]).
#[derive(Debug, Default)]
pub struct BatchRun {
    /// `tool.driver.rules`, in first-named order.
    rules: Vec<Value>,
    /// Rule id -> its index in `rules`.
    rule_index: std::collections::HashMap<String, usize>,
    /// One per file, in command-line order.
    artifacts: Vec<Value>,
    /// The invocation's notifications.
    notifications: Vec<Value>,
    /// A file was not read, or its run was interrupted.
    unsuccessful: bool,
    /// The rule registry's SHA-256 (the same for every file of one binary).
    registry_sha256: Option<String>,
    /// Results per severity (note, warning, error), for [`BatchRun::keep`].
    counts: [usize; 3],
}

/// Where one several-file SARIF result ranks for the run's [`MAX_RESULTS`] cap: its
/// severity (0 note, 1 warning, 2 error), then first seen first.
fn rank(s: crate::verify::Severity) -> usize {
    match s {
        crate::verify::Severity::Note => 0,
        crate::verify::Severity::Warning => 1,
        crate::verify::Severity::Error => 2,
    }
}

/// Which results of a several-file run are listed: every result of a severity above
/// `severity`, and the first `first` of that severity (first-seen order); see
/// [`BatchRun::keep`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Kept {
    /// The least severe level listed at all (0 note, 1 warning, 2 error; 3: none).
    pub severity: usize,
    /// How many results of `severity` are listed (the first seen).
    pub first: usize,
    /// Results left out (the run's `properties.resultsOmitted`).
    pub omitted: usize,
    /// Results of `severity` met so far by [`Kept::admits`].
    seen: usize,
}

impl Kept {
    /// Whether the next result, in first-seen order over the whole run, of severity rank
    /// `level` (as [`BatchRun::add_file`] gave it) is listed.
    pub fn admits(&mut self, level: u8) -> bool {
        let level = usize::from(level);
        if level != self.severity {
            return level > self.severity;
        }
        self.seen += 1;
        self.seen <= self.first
    }
}

impl BatchRun {
    /// An empty run.
    pub fn new() -> Self {
        Self::default()
    }

    /// Adds one file's `report` (named `shown` on the command line): its artifact and
    /// notifications, and returns its results in first-seen order, each as its severity
    /// rank (0 note, 1 warning, 2 error) and its one-line JSON (no newline inside).
    pub fn add_file(
        &mut self,
        shown: &str,
        report: &Report,
        input: &ReportInput,
    ) -> Vec<(u8, String)> {
        let index = self.artifacts.len();
        let uri = path_uri(report.source.path.as_deref().unwrap_or(shown));
        let mut artifact = artifact_of(report, &uri);
        let mut props = json!({
            "path": shown,
            "conformanceLevel": report.conformance_level.as_str(),
            "dialects": report.dialects,
        });
        if let Some(note) = &report.interrupted {
            props["interrupted"] = json!(note);
            self.unsuccessful = true;
        }
        if !report.proxy_answered.is_empty() {
            let lines: Vec<String> = report.proxy_answered.iter().map(|p| p.line()).collect();
            props["proxyAnswered"] = json!(lines);
        }
        artifact["properties"] = props;
        self.artifacts.push(artifact);
        self.notifications
            .extend(notifications_of(report, Some((&uri, index))));
        self.registry_sha256
            .get_or_insert_with(|| report.registry.sha256.clone());
        let with_location = report.source.path.is_some();
        let mut out = Vec::with_capacity(report.findings.len());
        for f in &report.findings {
            let rule_index = match self.rule_index.get(&f.rule) {
                Some(i) => *i,
                None => {
                    let d = match input.rules.iter().find(|r| r.id == f.rule && !r.retired) {
                        Some(r) => registry_rule(r),
                        None => finding_rule(f),
                    };
                    self.rules.push(d);
                    self.rule_index.insert(f.rule.clone(), self.rules.len() - 1);
                    self.rules.len() - 1
                }
            };
            let at = with_location.then_some((uri.as_str(), index));
            let r = result_of(f, at, input, rule_index);
            let level = rank(f.severity);
            self.counts[level] += 1;
            out.push((level as u8, serde_json::to_string(&r).unwrap_or_default()));
        }
        out
    }

    /// Adds a file named `shown` that was not read or verified (`error`, its one-line
    /// cause): an artifact with `properties.error` and an error notification pointing at
    /// it; the invocation did not succeed.
    pub fn add_unread(&mut self, shown: &str, error: &str) {
        let index = self.artifacts.len();
        let uri = path_uri(shown);
        self.artifacts.push(json!({
            "location": {"uri": uri},
            "properties": {"path": shown, "error": error},
        }));
        self.notifications.push(json!({
            "level": "error",
            "message": {"text": format!("{shown}: {error}")},
            "locations": [{"physicalLocation": {"artifactLocation": {"uri": uri, "index": index}}}],
        }));
        self.unsuccessful = true;
    }

    /// Which results are listed, by the run's [`MAX_RESULTS`] cap over all files: the most
    /// severe, first seen first among equals (as one file's run keeps them).
    pub fn keep(&self) -> Kept {
        let mut room = MAX_RESULTS;
        let total: usize = self.counts.iter().sum();
        for level in (0..3).rev() {
            let n = self.counts[level];
            if n > room {
                return Kept {
                    severity: level,
                    first: room,
                    omitted: total - MAX_RESULTS,
                    seen: 0,
                };
            }
            room -= n;
        }
        Kept {
            severity: 0,
            first: self.counts[0],
            omitted: 0,
            seen: 0,
        }
    }

    /// The run's members other than `results` (`tool`, `artifacts`, `invocations`,
    /// `properties`), in that order, with `omitted` results left out by the cap.
    pub fn members(self, omitted: usize) -> Vec<(&'static str, Value)> {
        let tool = crate::record::ToolInfo::this();
        let mut props = json!({});
        if let Some(h) = &self.registry_sha256 {
            props["registrySha256"] = json!(h);
        }
        if omitted > 0 {
            // the least severe findings past MAX_RESULTS (the JSON report lists every one)
            props["resultsOmitted"] = json!(omitted);
        }
        vec![
            (
                "tool",
                json!({"driver": {
                    "name": tool.name,
                    "version": tool.version,
                    "semanticVersion": tool.version,
                    "rules": self.rules,
                }}),
            ),
            ("artifacts", Value::Array(self.artifacts)),
            (
                "invocations",
                json!([{
                    "executionSuccessful": !self.unsuccessful,
                    "toolExecutionNotifications": self.notifications,
                }]),
            ),
            ("properties", props),
        ]
    }
}

/// One SARIF result (§3.27) of finding `f`: `ruleId`, `ruleIndex` (`rule_index`, into its
/// run's `tool.driver.rules`), level, message, properties, and a location per evidence (at
/// most [`MAX_LOCATIONS`]) in the traffic file `artifact` (its URI and its index in the
/// run's `artifacts`; `None`: a live run without a file, no location).
fn result_of(
    f: &super::model::ReportFinding,
    artifact: Option<(&str, usize)>,
    input: &ReportInput,
    rule_index: usize,
) -> Value {
    let mut locations = Vec::new();
    if let Some((uri, index)) = artifact {
        for e in f.evidence.iter().take(MAX_LOCATIONS) {
            let mut phys = Map::new();
            phys.insert(
                "artifactLocation".into(),
                json!({"uri": uri, "index": index}),
            );
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
    if artifact.is_some() && f.evidence.len() > MAX_LOCATIONS {
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
    if let Some(state) = f.baseline_state {
        // SARIF 2.1.0 §3.27.24: `new` or `unchanged` against the run's --baseline
        r["baselineState"] = json!(state);
    }
    r
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

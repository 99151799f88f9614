//! Every report format rendered from a real recording (read through the `verify` path) and
//! hand-made findings: JSON against `docs/report-schema.json`, SARIF against the OASIS
//! 2.1.0 schema, JUnit against Jenkins' `junit-10.xsd` (xmllint), Markdown against a
//! snapshot (`BLESS=1` rewrites it), HTML and text by content.

use crate::report_support;

use std::path::{Path, PathBuf};
use std::process::Command;

use a2a_interop::report::{self, Format, ReportInput};
use serde_json::Value;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn load_json(p: &Path) -> Value {
    serde_json::from_str(&std::fs::read_to_string(p).unwrap()).unwrap()
}

fn schema_errors(schema: &Value, doc: &Value) -> Vec<String> {
    let v = jsonschema::validator_for(schema).expect("schema compiles");
    v.iter_errors(doc)
        .map(|e| format!("{} at {}", e, e.instance_path()))
        .collect()
}

fn fixture() -> (tempfile::TempDir, ReportInput) {
    let dir = tempfile::tempdir().unwrap();
    let input = report_support::input(dir.path());
    (dir, input)
}

#[test]
fn json_report_matches_schema_and_counts() {
    let (_d, input) = fixture();
    let text = report::render(Format::Json, &input).unwrap();
    let doc: Value = serde_json::from_str(&text).unwrap();
    let schema = load_json(&root().join("docs/report-schema.json"));
    let errs = schema_errors(&schema, &doc);
    assert!(errs.is_empty(), "{errs:#?}\n{text}");

    assert_eq!(doc["schema"], "a2a-interop/report/v1");
    assert_eq!(doc["source"]["kind"], "recording");
    assert_eq!(doc["source"]["format"], "recording");
    assert_eq!(doc["counts"]["exchanges"], 3);
    assert_eq!(doc["counts"]["sseEvents"], 2);
    assert_eq!(doc["summary"]["errors"], 1);
    assert_eq!(doc["summary"]["warnings"], 1);
    assert_eq!(doc["summary"]["notes"], 1);
    assert_eq!(doc["conformanceLevel"], "non-conformant");
    assert_eq!(doc["startedAt"], "2026-11-30T04:00:00.000Z");
    assert_eq!(doc["registry"]["rules"], 2);
    let status = |t: &str| {
        doc["results"]
            .as_array()
            .unwrap()
            .iter()
            .find(|r| r["test"] == t)
            .map(|r| r["status"].as_str().unwrap().to_string())
    };
    assert_eq!(status("area:card-url").as_deref(), Some("fail"));
    assert_eq!(
        status("area:stream").as_deref(),
        Some("pass"),
        "a warning (a SHOULD) alone does not fail its area"
    );
    assert_eq!(
        status("area:task").as_deref(),
        Some("pass"),
        "a note never fails"
    );
    assert_eq!(status("area:card").as_deref(), Some("pass"));
    assert_eq!(status("area:push").as_deref(), Some("skip"));
    let s = &doc["summary"];
    assert_eq!(
        s["total"].as_u64().unwrap(),
        s["passed"].as_u64().unwrap()
            + s["failed"].as_u64().unwrap()
            + s["skipped"].as_u64().unwrap()
    );
    // Findings keep DESIGN.md's field names and file order.
    let f0 = &doc["findings"][0];
    assert_eq!(f0["rule"], "CARD-URL-002");
    assert_eq!(f0["evidence"][0]["pointer"], "/url");
    assert_eq!(f0["spec"][0], "CARD-005");
}

#[test]
fn json_schema_rejects_drift() {
    // Negative control: the validator and the schema can say no.
    let (_d, input) = fixture();
    let doc: Value = serde_json::from_str(&report::render(Format::Json, &input).unwrap()).unwrap();
    let schema = load_json(&root().join("docs/report-schema.json"));
    let mut missing = doc.clone();
    missing.as_object_mut().unwrap().remove("summary");
    assert!(!schema_errors(&schema, &missing).is_empty());
    let mut bad_level = doc.clone();
    bad_level["conformanceLevel"] = Value::from("mostly");
    assert!(!schema_errors(&schema, &bad_level).is_empty());
    let mut extra = doc;
    extra["findings"][0]["severty"] = Value::from("error");
    assert!(!schema_errors(&schema, &extra).is_empty());
}

#[test]
fn clean_run_is_schema_valid_and_never_full_without_coverage() {
    let (_d, mut input) = fixture();
    input.outcome.findings.clear();
    let doc: Value = serde_json::from_str(&report::render(Format::Json, &input).unwrap()).unwrap();
    let schema = load_json(&root().join("docs/report-schema.json"));
    assert!(schema_errors(&schema, &doc).is_empty());
    // push was not exercised: a passive run cannot vouch for it.
    assert_eq!(doc["conformanceLevel"], "partial");
    input.outcome.areas_exercised.push("push".into());
    let doc: Value = serde_json::from_str(&report::render(Format::Json, &input).unwrap()).unwrap();
    assert_eq!(doc["conformanceLevel"], "full");
}

#[test]
fn sarif_matches_schema_with_line_numbers() {
    let (_d, input) = fixture();
    let text = report::render(Format::Sarif, &input).unwrap();
    let doc: Value = serde_json::from_str(&text).unwrap();
    let schema = load_json(&root().join("tests/data/sarif-schema-2.1.0.json"));
    let errs = schema_errors(&schema, &doc);
    assert!(errs.is_empty(), "{errs:#?}\n{text}");
    let run = &doc["runs"][0];
    let rules = run["tool"]["driver"]["rules"].as_array().unwrap();
    // Two registry rules plus the two fired rules not in the registry.
    assert_eq!(rules.len(), 4, "{rules:#?}");
    assert_eq!(rules[0]["id"], "CARD-URL-002");
    assert_eq!(
        rules[0]["help"]["text"],
        "advertise the public base URL; the path is doubled"
    );
    let results = run["results"].as_array().unwrap();
    assert_eq!(results.len(), 3);
    let (_, seqs) = report_support::events();
    let r0 = &results[0];
    assert_eq!(r0["ruleId"], "CARD-URL-002");
    assert_eq!(r0["level"], "error");
    assert_eq!(r0["ruleIndex"], 0);
    let loc = &r0["locations"][0]["physicalLocation"];
    assert_eq!(loc["artifactLocation"]["uri"], "session.jsonl");
    assert_eq!(loc["region"]["startLine"], seqs.card_body + 1);
    // File order: the note (#send) comes before the warning (#stream).
    assert_eq!(results[1]["level"], "note");
    assert_eq!(results[2]["level"], "warning");
    assert_eq!(run["artifacts"][0]["hashes"]["sha-256"], "0".repeat(64));
    // Negative control.
    let mut bad = doc.clone();
    bad["runs"][0]["results"][0]["level"] = Value::from("fatal");
    assert!(!schema_errors(&schema, &bad).is_empty());
}

/// Validates `xml` against the shipped JUnit XSD with xmllint. `None` when xmllint is
/// missing (the caller then says so loudly).
fn xmllint(xml: &str, dir: &Path, name: &str) -> Option<(bool, String)> {
    let file = dir.join(name);
    std::fs::write(&file, xml).unwrap();
    let out = Command::new("xmllint")
        .arg("--noout")
        .arg("--schema")
        .arg(root().join("tests/data/junit-10.xsd"))
        .arg(&file)
        .output()
        .ok()?;
    Some((
        out.status.success(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    ))
}

#[test]
fn junit_is_valid_against_jenkins_xsd() {
    let (d, input) = fixture();
    let xml = report::render(Format::Junit, &input).unwrap();
    // Structure and counts, checked whether or not xmllint is installed.
    assert!(xml.starts_with("<?xml version=\"1.0\" encoding=\"UTF-8\"?>"));
    assert!(xml.contains("<testsuite name=\"a2a-interop.results\""));
    assert!(xml.contains("<testcase name=\"area:card-url\" classname=\"a2a-interop.agent-card\""));
    // the fixture's traffic exercised no JSON-RPC: its rule is skipped, not passed
    // (newcomer27 N8)
    assert!(xml.contains("<testcase name=\"JSONRPC-ID-001\" classname=\"a2a-interop.rules.error-handling\" time=\"0\">\n      <skipped message=\"not exercised by this traffic (area jsonrpc)\"/>"), "{xml}");
    assert!(xml.contains("&lt;a2a&gt;"), "escaped message: {xml}");
    assert!(
        xml.contains("error[CARD-URL-002]"),
        "failure carries the evidence block"
    );
    assert!(xml.contains("<skipped message=\"not exercised by this traffic\"/>"));
    match xmllint(&xml, d.path(), "junit.xml") {
        None => eprintln!(
            "!!! SKIPPED: xmllint not found; JUnit XSD validation did not run (apt-get install libxml2-utils)"
        ),
        Some((ok, err)) => {
            assert!(ok, "xmllint: {err}\n{xml}");
            // Negative control: a testsuite without its required attributes is rejected.
            let (ok, _) = xmllint(
                "<testsuites><testsuite name=\"x\"><testcase name=\"a\"/></testsuite></testsuites>",
                d.path(),
                "bad.xml",
            )
            .unwrap();
            assert!(!ok, "xmllint accepted an invalid document");
        }
    }
}

#[test]
fn markdown_matches_snapshot() {
    let (_d, input) = fixture();
    let md = report::render(Format::Markdown, &input).unwrap();
    let snap = root().join("tests/snapshots/report_markdown.md");
    if std::env::var_os("BLESS").is_some() {
        std::fs::write(&snap, &md).unwrap();
    }
    let want = std::fs::read_to_string(&snap)
        .unwrap_or_else(|_| panic!("missing {}; run with BLESS=1", snap.display()));
    assert_eq!(md, want, "markdown changed; run with BLESS=1 to accept");
    assert!(md.contains("```mermaid\nsequenceDiagram"));
    assert!(md.contains("**Recommendation:** advertise the public base URL"));
}

#[test]
fn markdown_diagram_is_capped_for_big_recordings() {
    use a2a_interop::record::{Event, EventKind, Headers};
    let (_d, mut input) = fixture();
    let mut ix = report::ExchangeIndex::new(report::SourceFile::Recording);
    for i in 0..500u64 {
        ix.observe(&Event {
            seq: i + 1,
            t_us: i,
            exchange: Some(format!("e{i}").into()),
            leg: None,
            kind: EventKind::RequestHead {
                conn: None,
                method: "GET".into(),
                url: "/x".into(),
                version: None,
                headers: Headers::default(),
                upstream: None,
            },
        });
    }
    input.index = ix;
    input.outcome.findings[0].evidence[0].exchange = Some("e450".into());
    let md = report::render(Format::Markdown, &input).unwrap();
    let arrows = md
        .lines()
        .filter(|l| l.contains("->>") && !l.contains("-->>"))
        .count();
    assert_eq!(arrows, report::markdown::DIAGRAM_MAX_EXCHANGES);
    assert!(md.contains("40 of 500 exchanges drawn"));
    assert!(
        md.contains("C->>A: e450 GET /x"),
        "exchanges with findings are drawn first"
    );
}

#[test]
fn html_is_self_contained_escaped_and_linked() {
    let (_d, input) = fixture();
    let html = report::render(Format::Html, &input).unwrap();
    assert!(html.starts_with("<!DOCTYPE html>"));
    assert!(!html.contains("<script"), "no script");
    for attr in ["src=\"http", "href=\"http", "url(http", "@import"] {
        assert!(!html.contains(attr), "external asset via {attr}");
    }
    assert!(html.contains("&lt;a2a&gt; twice | gateway &amp; agent"));
    assert!(html.contains("Echo &lt;Agent&gt;"), "card excerpt escaped");
    assert!(!html.contains("<Agent>") && !html.contains("<a2a>"));
    // Every finding link has its target.
    let (_, seqs) = report_support::events();
    for seq in [seqs.card_body, seqs.stream_last, seqs.send_body] {
        assert!(
            html.contains(&format!("href=\"#seq-{seq}\"")),
            "link to #{seq}"
        );
        assert_eq!(
            html.matches(&format!("id=\"seq-{seq}\"")).count(),
            1,
            "one target for #{seq}"
        );
    }
    // Timeline grouped by task, SSE events with their states.
    assert!(html.contains("task <code>t-2</code>"));
    assert!(html.contains("state <strong>completed</strong>"));
}

#[test]
fn text_blocks_follow_style_section_7() {
    let (_d, input) = fixture();
    let text = report::render(Format::Text, &input).unwrap();
    let (_, seqs) = report_support::events();
    let want = format!(
        "error[CARD-URL-002]: agent card url repeats the path segment <a2a> twice | gateway & agent\n  --> session.jsonl e1 #{} (GET /.well-known/agent-card.json -> 200) at JSON $.url\n   = found: \"http://127.0.0.1:8080/a2a/a2a/\"\n   = spec: CARD-005\n   = help: advertise the public base URL; the path is doubled\n",
        seqs.card_body
    );
    assert!(text.starts_with(&want), "{text}");
    let last = text.lines().last().unwrap();
    assert!(
        last.starts_with("1 error, 1 warning, 1 note in 3 exchanges"),
        "{last}"
    );
    assert!(last.contains("conformance: non-conformant"));
}

#[test]
fn write_reports_writes_every_pair_and_reports_the_failing_one() {
    let (d, input) = fixture();
    let ok = vec![
        (Format::Json, d.path().join("r.json")),
        (Format::Sarif, d.path().join("r.sarif")),
    ];
    report::write_reports(&ok, &input).unwrap();
    assert!(std::fs::read_to_string(d.path().join("r.json"))
        .unwrap()
        .contains("\"conformanceLevel\""));
    assert!(std::fs::read_to_string(d.path().join("r.sarif"))
        .unwrap()
        .contains("\"2.1.0\""));
    // A path under a regular file cannot be created, even as root.
    let blocker = d.path().join("file");
    std::fs::write(&blocker, "x").unwrap();
    let bad = vec![
        (Format::Markdown, blocker.join("r.md")),
        (Format::Html, d.path().join("r.html")),
    ];
    let err = report::write_reports(&bad, &input).unwrap_err();
    assert!(
        err.to_string().contains("cannot write markdown report"),
        "{err}"
    );
    assert!(
        d.path().join("r.html").exists(),
        "later pairs still written"
    );
}

#[test]
fn probe_results_drive_summary_level_and_junit_times() {
    use a2a_interop::report::{Status, TestResult};
    use a2a_interop::verify::Category;
    let (d, mut input) = fixture();
    input.outcome.findings.clear();
    input.outcome.areas_exercised = ["card", "task", "stream", "push"]
        .map(String::from)
        .to_vec();
    let t = |test: &str, category, status, ms| TestResult {
        test: test.into(),
        category,
        status,
        message: format!("{test} done"),
        duration_ms: ms,
        rules: vec![],
        failed_by: None,
    };
    input.results = vec![
        t("card-fetch", Category::AgentCard, Status::Pass, 12),
        t("send-get", Category::Lifecycle, Status::Pass, 1234),
        t("cancel-terminal", Category::ErrorHandling, Status::Fail, 40),
        t("push", Category::Security, Status::Skip, 0),
    ];
    let doc: Value = serde_json::from_str(&report::render(Format::Json, &input).unwrap()).unwrap();
    let schema = load_json(&root().join("docs/report-schema.json"));
    assert!(schema_errors(&schema, &doc).is_empty());
    assert_eq!(doc["summary"]["total"], 4);
    assert_eq!(doc["summary"]["failed"], 1);
    assert_eq!(doc["summary"]["skipped"], 1);
    assert_eq!(doc["results"][1]["duration_ms"], 1234);
    assert_eq!(
        doc["conformanceLevel"], "minimal",
        "{}",
        doc["conformanceReason"]
    );
    let xml = report::render(Format::Junit, &input).unwrap();
    assert!(
        xml.contains(
            "<testcase name=\"send-get\" classname=\"a2a-interop.lifecycle\" time=\"1.234\"/>"
        ),
        "{xml}"
    );
    assert!(xml.contains("<testsuites name=\"a2a-interop\" tests=\"6\" failures=\"1\" errors=\"0\" time=\"1.286\">"), "{xml}");
    if let Some((ok, err)) = xmllint(&xml, d.path(), "probe.xml") {
        assert!(ok, "xmllint: {err}\n{xml}");
    } else {
        eprintln!("!!! SKIPPED: xmllint not found; JUnit XSD validation did not run");
    }
}

#[test]
fn text_colors_only_when_asked() {
    use a2a_interop::report::text::{render_styled, Style};
    let (_d, input) = fixture();
    let model = report::Report::build(&input);
    let plain = render_styled(&model, &input, Style::default());
    assert!(!plain.contains('\x1b'));
    assert_eq!(plain, report::render(Format::Text, &input).unwrap());
    let colored = render_styled(&model, &input, Style { color: true });
    assert!(
        colored.starts_with("\x1b[1;31merror\x1b[0m\x1b[1m[CARD-URL-002]\x1b[0m"),
        "{colored:?}"
    );
    assert!(colored.contains("\x1b[1;33mwarning\x1b[0m"));
    assert!(colored.contains("\x1b[1;36mnote\x1b[0m"));
    // Same text once the escapes are removed.
    let stripped = colored
        .split('\x1b')
        .enumerate()
        .map(|(i, part)| {
            if i == 0 {
                part
            } else {
                part.split_once('m').map(|(_, r)| r).unwrap_or("")
            }
        })
        .collect::<String>();
    assert_eq!(stripped, plain);
}

#[test]
fn transcript_reports_say_no_wall_clock_instead_of_an_epoch_date() {
    // A transcript has only relative times: no report may show 1970 as its start.
    let case = root().join("tests/cases/CASE-01.jsonl");
    let input = a2a_interop::app::verify_cmd::verify_file(&case).unwrap();
    let json = report::render(Format::Json, &input).unwrap();
    let doc: Value = serde_json::from_str(&json).unwrap();
    assert_eq!(doc["startedAt"], "no wall clock (transcript)");
    assert!(doc.get("endedAt").is_none(), "{json}");
    let errs = schema_errors(&load_json(&root().join("docs/report-schema.json")), &doc);
    assert!(errs.is_empty(), "{errs:#?}");
    let md = report::render(Format::Markdown, &input).unwrap();
    assert!(
        md.contains("- **recorded:** no wall clock (transcript)\n"),
        "{md}"
    );
    let html = report::render(Format::Html, &input).unwrap();
    assert!(html.contains("<li>recorded no wall clock (transcript)</li>"));
    let junit = report::render(Format::Junit, &input).unwrap();
    assert!(!junit.contains("timestamp="), "{junit}");
    for (name, text) in [
        ("json", &json),
        ("markdown", &md),
        ("html", &html),
        ("junit", &junit),
        ("sarif", &report::render(Format::Sarif, &input).unwrap()),
        ("text", &report::render(Format::Text, &input).unwrap()),
    ] {
        assert!(!text.contains("1970"), "{name} shows an epoch date");
    }
    let d = tempfile::tempdir().unwrap();
    if let Some((ok, err)) = xmllint(&junit, d.path(), "transcript.xml") {
        assert!(ok, "xmllint: {err}");
    }
    // A native recording keeps its real start and end.
    let (_d, input) = fixture();
    let md = report::render(Format::Markdown, &input).unwrap();
    assert!(
        md.contains("- **recorded:** 2026-11-30T04:00:00.000Z to 2026-"),
        "{md}"
    );
}

/// A task id carrying U+202E / U+200F (a fresh engineer's transcript): no report format
/// carries the raw bidi controls, also not JUnit's `message` attribute and SARIF's
/// `message.text`, which CI viewers render (CVE-2021-42574); they show as `\u{202e}`. The
/// JSON report is data and keeps the id as sent.
#[test]
fn no_format_carries_raw_bidi_controls_from_the_traffic() {
    let input = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/report/bidi-controls-in-ids.jsonl");
    for fmt in ["text", "markdown", "junit", "sarif", "html"] {
        let o = std::process::Command::new(env!("CARGO_BIN_EXE_a2a-interop"))
            .args(["report", input.to_str().unwrap(), "-f", fmt, "-o", "-"])
            .output()
            .unwrap();
        assert_eq!(o.status.code(), Some(0), "{fmt}");
        let out = String::from_utf8_lossy(&o.stdout);
        let raw: Vec<char> = out
            .chars()
            .filter(|c| matches!(c, '\u{202a}'..='\u{202e}' | '\u{200e}' | '\u{200f}' | '\u{2066}'..='\u{2069}'))
            .collect();
        assert!(raw.is_empty(), "{fmt}: raw {raw:?}");
        assert!(out.contains("202e"), "{fmt}: the control is shown:\n{out}");
    }
}

/// breaker48 (session 47's open item d): the JSON report of a gateway's recording of two
/// legs says which A2A version and binding each leg spoke (`legs`, the client-facing hop
/// first; text and Markdown say it as "by leg"), additive to `bindings` and valid against
/// `docs/report-schema.json`; a recording of one leg has no `legs`.
#[test]
fn json_report_names_each_legs_version_and_binding() {
    let report = |file: &str| -> Value {
        let o = Command::new(env!("CARGO_BIN_EXE_a2a-interop"))
            .args(["report", "--format", "json", "--fail-on", "never"])
            .arg(root().join(file))
            .output()
            .unwrap();
        serde_json::from_slice(&o.stdout)
            .unwrap_or_else(|e| panic!("{e}: {}", String::from_utf8_lossy(&o.stderr)))
    };
    let schema = load_json(&root().join("docs/report-schema.json"));
    let doc = report("tests/golden/GW-SSE-002-fail/input.jsonl");
    let errs = schema_errors(&schema, &doc);
    assert!(errs.is_empty(), "{errs:#?}");
    assert_eq!(
        doc["legs"],
        serde_json::json!([
            {"leg": "client", "bindings": [{"version": "1.0", "binding": "HTTP+JSON", "exchanges": 1}]},
            {"leg": "upstream", "bindings": [{"version": "1.0", "binding": "HTTP+JSON", "exchanges": 1}]}
        ]),
        "{doc:#}"
    );
    assert_eq!(
        doc["bindings"],
        serde_json::json!([{"version": "1.0", "binding": "HTTP+JSON", "exchanges": 2}])
    );
    // one leg: no `legs`
    let doc = report("tests/golden/AUTH-CHALLENGE-002-fail/input.jsonl");
    assert!(
        doc["bindings"].as_array().is_some_and(|b| !b.is_empty()),
        "{doc:#}"
    );
    assert!(doc.get("legs").is_none(), "{doc:#}");
}

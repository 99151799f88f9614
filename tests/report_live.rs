//! `report::live_input`: what the proxy, probe and demo commands hand to `write_reports`
//! after a live run.

use crate::report_support;

use a2a_interop::report::{self, Format, SourceKind};
use a2a_interop::verify::VerifyOutcome;
use serde_json::Value;

#[test]
fn live_input_indexes_the_recording_and_hashes_it() {
    let d = tempfile::tempdir().unwrap();
    let rec = report_support::write_recording(d.path());
    let (_, seqs) = report_support::events();
    let outcome = VerifyOutcome {
        findings: report_support::findings(&seqs),
        events: 15,
        exchanges: 3,
        ..Default::default()
    };
    let input = report::live_input(
        report_support::header(),
        outcome,
        Some(&rec),
        SourceKind::Proxy,
        Some("http://127.0.0.1:41241/".into()),
    );
    let out = d.path().join("r.json");
    let md = d.path().join("r.md");
    report::write_reports(
        &[(Format::Json, out.clone()), (Format::Markdown, md.clone())],
        &input,
    )
    .unwrap();
    let doc: Value = serde_json::from_str(&std::fs::read_to_string(&out).unwrap()).unwrap();
    assert_eq!(doc["source"]["kind"], "proxy");
    assert_eq!(doc["source"]["target"], "http://127.0.0.1:41241/");
    let (hash, _) = report::sha256_file(&rec).unwrap();
    assert_eq!(doc["source"]["sha256"], hash.as_str());
    assert_eq!(doc["counts"]["sseEvents"], 2);
    let md = std::fs::read_to_string(&md).unwrap();
    assert!(
        md.contains("(GET /.well-known/agent-card.json -> 200)"),
        "{md}"
    );
}

#[test]
fn live_input_without_recording_still_renders_every_finding() {
    let (_, seqs) = report_support::events();
    let outcome = VerifyOutcome {
        findings: report_support::findings(&seqs),
        ..Default::default()
    };
    let input = report::live_input(
        report_support::header(),
        outcome,
        None,
        SourceKind::Proxy,
        None,
    );
    let text = report::render(Format::Text, &input).unwrap();
    assert!(
        text.contains(&format!("  --> - e1 #{} at JSON $.url", seqs.card_body)),
        "{text}"
    );
    let sarif: Value =
        serde_json::from_str(&report::render(Format::Sarif, &input).unwrap()).unwrap();
    assert_eq!(sarif["runs"][0]["results"].as_array().unwrap().len(), 3);
    assert!(sarif["runs"][0]["results"][0].get("locations").is_none());
}

//! The registry renderers (`a2a-interop rules`) on test registries of any size.

use crate::report_support;

use a2a_interop::report::rules::render_rules;
use a2a_interop::report::Format;
use report_support::TEST_RULES;

#[test]
fn text_lists_every_rule_and_counts() {
    let t = render_rules(Format::Text, TEST_RULES);
    let lines: Vec<&str> = t.lines().collect();
    assert_eq!(lines.len(), 3, "{t}");
    assert!(
        lines[0].starts_with("CARD-URL-002    error    agent-card      CARD-005"),
        "{t}"
    );
    assert!(lines[0].ends_with("advertised interface url repeats a path segment"));
    assert_eq!(lines[2], "2 rules (2 active)");
    assert_eq!(render_rules(Format::Text, &[]), "0 rules (0 active)\n");
}

#[test]
fn markdown_has_table_and_sections() {
    let md = render_rules(Format::Markdown, TEST_RULES);
    assert!(md.starts_with("# Rules\n"));
    assert!(md.contains(
        "| [`JSONRPC-ID-001`](#jsonrpc-id-001) | jsonrpc-id-echo | error | error-handling | RPC-003 | response id echoes the request id \\| exactly |"
    ));
    assert!(md.contains("\n## CARD-URL-002\n"));
    assert!(md.contains("Help: copy the request id into the response"));
    let empty = render_rules(Format::Markdown, &[]);
    assert!(empty.contains("No rules are registered yet."));
}

#[test]
fn json_round_trips_every_field() {
    let doc: serde_json::Value =
        serde_json::from_str(&render_rules(Format::Json, TEST_RULES)).unwrap();
    let r = &doc["rules"][1];
    assert_eq!(r["id"], "JSONRPC-ID-001");
    assert_eq!(r["severity"], "error");
    assert_eq!(r["category"], "error-handling");
    assert_eq!(r["spec"][0], "RPC-003");
    assert_eq!(r["retired"], false);
    assert_eq!(doc["registrySha256"].as_str().unwrap().len(), 64);
}

//! Helper q29a (session 29): verifier leftovers of session 28, read where the expectation
//! files cannot look: the live findings `feed` returns (review28a R5), the text of a
//! finding (review28b R3, mine28a) and the report formats that show it.

use crate::common;

use std::path::Path;

use a2a_interop::verify::Finding;
use common::{bin, live_and_final, variant_finding, verify_variant};

fn rules(fs: &[Finding]) -> Vec<String> {
    let mut r: Vec<String> = fs
        .iter()
        .filter(|f| f.rule.starts_with("VER-MIX"))
        .map(|f| format!("{} {}", f.rule, f.leg.as_deref().unwrap_or("client")))
        .collect();
    r.sort();
    r
}

/// review28a R5: a gateway's own mix on its upstream leg is VER-MIX-001 live as in the
/// report (it was VER-MIX-002 live, the client rule, and VER-MIX-001 only in the final
/// report); a client's mix the gateway passed on is VER-MIX-002 live and in the report,
/// saying so; the live line is the report's finding, word for word.
#[test]
fn gateway_own_mix_live_line_names_the_report_side() {
    for (name, want) in [
        (
            "b29q-1-gw-v10-gateway-adds-kind-then-client-passes-kind",
            vec!["VER-MIX-001 upstream", "VER-MIX-002 upstream"],
        ),
        (
            "b28r-2-gw-v10-gateway-adds-kind-upstream",
            vec!["VER-MIX-001 upstream"],
        ),
        (
            "b28r-2-gw-v10-gateway-translates-method-keeps-1-0-header",
            vec!["VER-MIX-001 upstream"],
        ),
        (
            "b28r-2-gw-v10-client-kind-passed-on-upstream",
            vec!["VER-MIX-002 upstream"],
        ),
    ] {
        let (live, fin) = live_and_final(name);
        assert_eq!(rules(&fin), want, "{name}: report");
        assert_eq!(rules(&live), want, "{name}: live");
        for f in live.iter().filter(|f| f.rule.starts_with("VER-MIX")) {
            assert!(fin.contains(f), "{name}: live {f:?} not in the report");
        }
        for f in live.iter().filter(|f| f.rule == "VER-MIX-002") {
            assert!(
                f.message.contains("the client's request carried it first"),
                "{name}: {}",
                f.message
            );
        }
    }
}

/// review28b R3: a control character in a quoted value reads `\u0001` (JSON's spelling),
/// not Rust's `\u{1}`, in the finding and in the text, JSON and SARIF reports.
#[test]
fn control_characters_are_quoted_json_style_in_every_format() {
    let name = "b29q-4-v10-rpc-task-state-with-control-character";
    let f = variant_finding(name, "TASK-STATE-005");
    assert!(
        f.message.contains(r#""TASK_STATE_COMPLETED\u0001""#),
        "{}",
        f.message
    );
    assert!(!f.message.contains("\\u{"), "{}", f.message);
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/cases/variants")
        .join(format!("{name}.jsonl"));
    for format in ["text", "json", "sarif", "markdown", "junit", "html"] {
        let o = bin()
            .args(["verify", "--format", format])
            .arg(&path)
            .output()
            .unwrap();
        let out = String::from_utf8_lossy(&o.stdout);
        assert!(!out.contains("\\u{1}"), "{format}: {out}");
        assert!(
            out.contains("\\u0001") || out.contains("\\\\u0001"),
            "{format}: {out}"
        );
    }
}

/// mine28a: DATA-SHAPE-001 names every problem of the result task (three here), each with
/// its evidence, not only the first.
#[test]
fn result_shape_names_every_problem() {
    let f = variant_finding(
        "b29q-6-v10-rpc-send-result-task-three-problems",
        "DATA-SHAPE-001",
    );
    assert!(f.message.contains("3 problems: (1) "), "{}", f.message);
    for part in [
        "role \"agent\"",
        "message has no parts",
        "artifact has no artifactId",
    ] {
        assert!(f.message.contains(part), "{part}: {}", f.message);
    }
    let ptrs: Vec<&str> = f
        .evidence
        .iter()
        .filter_map(|e| e.pointer.as_deref())
        .collect();
    assert_eq!(
        ptrs,
        [
            "/result/task/status/message/role",
            "/result/task/history/0/parts",
            "/result/task/artifacts/0/artifactId"
        ]
    );
}

/// breaker28: duplicate skill ids name every repeated id and point at each repeat.
#[test]
fn duplicate_skill_ids_are_named() {
    let f = variant_finding(
        "b29q-5-v03-card-three-skills-two-ids-repeated",
        "CARD-SHAPE-010",
    );
    assert!(
        f.message
            .contains("\"a\" (skills[0], skills[2]); \"b\" (skills[1], skills[3])"),
        "{}",
        f.message
    );
    let ptrs: Vec<&str> = f
        .evidence
        .iter()
        .filter_map(|e| e.pointer.as_deref())
        .collect();
    assert_eq!(ptrs, ["/skills/2/id", "/skills/3/id"]);
    assert!(
        verify_variant("b29q-5-legal-v10-card-skill-ids-differ-in-case")
            .findings
            .iter()
            .all(|f| f.rule != "CARD-SHAPE-010")
    );
}

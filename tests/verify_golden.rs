//! Golden tests: `tests/golden/<RULE-ID>-fail/input.jsonl` must produce that rule,
//! `<RULE-ID>-pass/input.jsonl` must not (variants `<RULE-ID>-fail-<what>` and
//! `<RULE-ID>-pass-<what>` pin further situations the same way); each directory's `expected.json` holds the full
//! findings (rule, name, severity, message, evidence seq + pointer). `BLESS=1` rewrites the
//! expectations. Meta-tests (clippy's `lint_message_convention` and ripgrep's registry
//! checks): IDs unique and well-formed, aliases unique kebab-case, every rule has both
//! goldens and cites DIGEST IDs that exist, messages lowercase without a final period.

use crate::common;

use std::collections::HashSet;
use std::path::{Path, PathBuf};

use a2a_interop::verify::{rules::RULES, Finding};
use serde_json::{json, Value};

/// Requirement IDs of `A2A-DIGEST.md` §5 (copied: the project never reads ../shared).
const DIGEST_IDS: &[&str] = &[
    "CARD-001",
    "CARD-002",
    "CARD-003",
    "CARD-004",
    "CARD-005",
    "CARD-006",
    "CARD-007",
    "CARD-008",
    "CARD-009",
    "CARD-010",
    "CARD-011",
    "VER-001",
    "VER-002",
    "VER-003",
    "VER-004",
    "VER-005",
    "EXT-001",
    "EXT-002",
    "EXT-003",
    "EXT-004",
    "RPC-001",
    "RPC-002",
    "RPC-003",
    "RPC-004",
    "RPC-005",
    "REST-001",
    "REST-002",
    "REST-003",
    "GRPC-001",
    "BIND-001",
    "DATA-001",
    "DATA-002",
    "DATA-003",
    "DATA-004",
    "DATA-005",
    "DATA-006",
    "DATA-007",
    "TASK-001",
    "TASK-002",
    "TASK-003",
    "TASK-004",
    "TASK-005",
    "TASK-006",
    "TASK-007",
    "TASK-008",
    "TASK-009",
    "ID-001",
    "ID-002",
    "ID-003",
    "ID-004",
    "ID-005",
    "ID-006",
    "ID-007",
    "ID-008",
    "STREAM-001",
    "STREAM-002",
    "STREAM-003",
    "STREAM-004",
    "STREAM-005",
    "STREAM-006",
    "STREAM-007",
    "STREAM-008",
    "STREAM-009",
    "ERR-001",
    "ERR-002",
    "ERR-003",
    "ERR-004",
    "ERR-005",
    "ERR-006",
    "ERR-007",
    "PUSH-001",
    "PUSH-002",
    "PUSH-003",
    "PUSH-004",
    "PUSH-005",
    "PUSH-006",
    "AUTH-001",
    "AUTH-002",
    "AUTH-003",
    "AUTH-004",
    "AUTH-005",
    "AUTH-006",
    "AUTH-007",
];

fn golden_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden")
}

fn run(input: &Path) -> Vec<Finding> {
    common::verify_file(input).findings
}

fn to_json(findings: &[Finding]) -> Value {
    json!({ "findings": findings.iter().map(|f| json!({
        "rule": f.rule,
        "name": f.name,
        "severity": f.severity.as_str(),
        "message": f.message,
        "evidence": f.evidence.iter().map(|e| json!({"seq": e.seq, "pointer": e.pointer})).collect::<Vec<_>>(),
    })).collect::<Vec<_>>() })
}

/// `^[A-Z]+(-[A-Z]+)*-\d{3}$`
fn well_formed_id(id: &str) -> bool {
    let parts: Vec<&str> = id.split('-').collect();
    parts.len() >= 2
        && parts[..parts.len() - 1]
            .iter()
            .all(|p| !p.is_empty() && p.bytes().all(|b| b.is_ascii_uppercase()))
        && parts[parts.len() - 1].len() == 3
        && parts[parts.len() - 1].bytes().all(|b| b.is_ascii_digit())
}

fn kebab(s: &str) -> bool {
    !s.is_empty()
        && !s.starts_with('-')
        && !s.ends_with('-')
        && !s.contains("--")
        && s.bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
}

fn message_ok(m: &str) -> bool {
    let first_upper = m.chars().next().is_some_and(|c| c.is_uppercase());
    !m.is_empty() && !first_upper && !m.ends_with('.')
}

#[test]
fn registry_is_well_formed() {
    let mut ids = HashSet::new();
    let mut names = HashSet::new();
    for r in RULES {
        assert!(well_formed_id(r.id), "bad id {}", r.id);
        assert!(ids.insert(r.id), "duplicate id {}", r.id);
        assert!(kebab(r.name), "alias not kebab-case: {}", r.name);
        assert!(names.insert(r.name), "duplicate alias {}", r.name);
        assert!(!r.spec.is_empty(), "{} cites no DIGEST id", r.id);
        for s in r.spec {
            assert!(
                DIGEST_IDS.contains(s),
                "{} cites unknown DIGEST id {s}",
                r.id
            );
        }
        assert!(message_ok(r.summary), "{} summary style", r.id);
        assert!(!r.help.is_empty(), "{} has no help", r.id);
    }
    let sorted: Vec<&str> = {
        let mut v: Vec<&str> = RULES.iter().map(|r| r.id).collect();
        v.sort();
        v
    };
    assert_eq!(
        sorted,
        RULES.iter().map(|r| r.id).collect::<Vec<_>>(),
        "RULES not in ID order"
    );
}

/// The directory name of a golden (`CARD-URL-002-fail-rewrite-card`).
fn golden_name(d: &Path) -> String {
    d.file_name()
        .map(|n| n.to_string_lossy().to_string())
        .unwrap_or_default()
}

/// Variant golden directories under `dir` whose names start with `prefix`
/// (`CARD-URL-005-pass-`), sorted.
fn variants(dir: &Path, prefix: &str) -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .flatten()
        .filter(|e| {
            let n = e.file_name().to_string_lossy().to_string();
            n.len() > prefix.len() && n.starts_with(prefix)
        })
        .map(|e| e.path())
        .collect();
    v.sort();
    v
}

/// The rule ID a golden directory name is for: `CARD-URL-002-fail` and
/// `CARD-URL-002-fail-rewrite-card` → `CARD-URL-002`; `None` for other names.
fn golden_rule_id(name: &str) -> Option<&str> {
    for kind in ["-fail", "-pass"] {
        if let Some(i) = name.find(kind) {
            let rest = &name[i + kind.len()..];
            if rest.is_empty() || rest.starts_with('-') {
                return Some(&name[..i]);
            }
        }
    }
    None
}

#[test]
fn goldens() {
    let bless = std::env::var_os("BLESS").is_some();
    let dir = golden_dir();
    let mut failures = Vec::new();
    for r in RULES {
        for kind in ["fail", "pass"] {
            let main = dir.join(format!("{}-{kind}", r.id));
            assert!(
                main.join("input.jsonl").is_file(),
                "rule {} has no {kind} golden at {}",
                r.id,
                main.display()
            );
            // Variants (`<RULE-ID>-<kind>-<what>`) pin further situations of the same rule.
            let mut dirs = vec![main];
            dirs.extend(variants(&dir, &format!("{}-{kind}-", r.id)));
            for d in dirs {
                let input = d.join("input.jsonl");
                let findings = run(&input);
                for f in &findings {
                    assert!(
                        message_ok(&f.message),
                        "{}: message style: {:?}",
                        d.display(),
                        f.message
                    );
                    assert!(
                        !f.evidence.is_empty(),
                        "{}: finding without evidence",
                        d.display()
                    );
                }
                let has = findings.iter().any(|f| f.rule == r.id);
                if kind == "fail" && !has {
                    failures.push(format!("{} does not produce {}", golden_name(&d), r.id));
                }
                if kind == "pass" && has {
                    failures.push(format!("{} produces {}", golden_name(&d), r.id));
                }
                let got = to_json(&findings);
                let exp_path = d.join("expected.json");
                if bless {
                    std::fs::write(
                        &exp_path,
                        serde_json::to_string_pretty(&got).unwrap() + "\n",
                    )
                    .unwrap();
                } else {
                    let exp: Value =
                        serde_json::from_str(&std::fs::read_to_string(&exp_path).unwrap_or_else(
                            |_| panic!("{} missing (run with BLESS=1)", exp_path.display()),
                        ))
                        .unwrap();
                    if exp != got {
                        failures.push(format!(
                            "{}: findings differ from expected.json (BLESS=1 to accept)\n got: {}",
                            d.display(),
                            serde_json::to_string_pretty(&got).unwrap()
                        ));
                    }
                }
            }
        }
    }
    // No stray golden directories for rules that do not exist.
    for e in std::fs::read_dir(&dir).unwrap().flatten() {
        let name = e.file_name().to_string_lossy().to_string();
        if let Some(id) = golden_rule_id(&name) {
            assert!(
                RULES.iter().any(|r| r.id == id),
                "golden {name} names no rule"
            );
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn every_rule_has_an_area_the_verifier_reports() {
    use a2a_interop::verify::rules::area_of;
    let known = [
        "card",
        "card-url",
        "jsonrpc",
        "rest",
        "task",
        "id",
        "stream",
        "sse",
        "version",
        "capability",
        "auth",
        "push",
        "gateway",
        "http",
        "grpc",
    ];
    for r in RULES {
        assert!(
            known.contains(&area_of(r.id)),
            "{} -> {}",
            r.id,
            area_of(r.id)
        );
    }
    // Fail goldens exercise the area of their rule.
    for r in RULES {
        let input = golden_dir().join(format!("{}-fail/input.jsonl", r.id));
        let out = common::verify_file(&input);
        assert!(
            out.areas_exercised.iter().any(|a| a == area_of(r.id)),
            "{}: area {} not in {:?}",
            r.id,
            area_of(r.id),
            out.areas_exercised
        );
    }
}

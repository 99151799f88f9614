//! open49 item 6: every A2A spec section a rule or a finding cites names a section that
//! exists in that version of the specification. Session 48 read CARD-CACHE-001's "1.0
//! §8.6.1" against the digest's CARD-009 ("1.0:§8.6") as a wrong citation; the v1.0.1 text
//! has "8.6. Caching" with "8.6.1. Server Requirements" (the Cache-Control max-age and ETag
//! SHOULDs), so the citation is right and more precise than the digest's. Checked
//! mechanically here instead of by eye:
//! - each `1.0 §N`, `0.3 §N`, `0.2 §N`, `0.2.x §N` (also `1.0:§N`, and the `, §M` /
//!   `/§M` that follow one) in a rule's summary and help ([`a2a_interop::verify::rules::RULES`])
//!   and in every source file under src/ (finding messages, doc comments) is a heading of
//!   that version's docs/specification.md ([`HEADINGS`]: `1.0` = tag v1.0.1, `0.3` =
//!   v0.3.0, `0.2` = v0.2.6 as the digest reads them);
//! - each rule-table citation is also tied to the digest's requirement map: the section, a
//!   parent or a child of it, is one the digest cites for that version ([`DIGEST`]), or
//!   the rule names it among the sections it adds ([`BEYOND_DIGEST`]).
//!
//! The heading lists and the digest's sections are copied here (the project never reads
//! ../shared or the spec repository at run time), as tests/verify_golden.rs copies the
//! digest's requirement IDs.

use std::collections::{BTreeSet, HashMap};

/// Section numbers of the headings of docs/specification.md of a2aproject/A2A at each tag
/// (`git show TAG:docs/specification.md | grep -E '^#{2,6} +[0-9]'`, numbers only).
const HEADINGS: &[(&str, &str)] = &[
    ("1.0.1", "1 1.1 1.2 1.3 1.4 2 2.1 2.2 3 3.1 3.1.1 3.1.2 3.1.3 3.1.4 3.1.5 3.1.6 3.1.7 3.1.8 3.1.9 3.1.10 3.1.11 3.2 3.2.1 3.2.2 3.2.3 3.2.4 3.2.5 3.2.6 3.3 3.3.1 3.3.2 3.3.3 3.3.4 3.4 3.4.1 3.4.2 3.4.3 3.5 3.5.1 3.5.2 3.5.3 3.6 3.6.1 3.6.2 3.6.3 3.7 4 4.1 4.1.1 4.1.2 4.1.3 4.1.4 4.1.5 4.1.6 4.1.7 4.2 4.2.1 4.2.2 4.3 4.3.1 4.3.2 4.3.3 4.4 4.4.1 4.4.2 4.4.3 4.4.4 4.4.5 4.4.6 4.4.7 4.5 4.5.1 4.5.2 4.5.3 4.5.4 4.5.5 4.5.6 4.5.7 4.5.8 4.5.9 4.5.10 4.6 4.6.1 4.6.2 4.6.3 5 5.1 5.2 5.3 5.4 5.5 5.6 5.6.1 5.7 5.8 6 6.1 6.2 6.3 6.4 6.5 6.6 6.7 6.8 6.9 7 7.1 7.2 7.3 7.4 7.5 7.6 7.6.1 7.6.2 7.6.3 8 8.1 8.2 8.3 8.3.1 8.3.2 8.4 8.4.1 8.4.2 8.4.3 8.5 8.6 8.6.1 8.6.2 9 9.1 9.2 9.3 9.4 9.4.1 9.4.2 9.4.3 9.4.4 9.4.5 9.4.6 9.4.7 9.4.8 9.5 10 10.1 10.2 10.3 10.4 10.4.1 10.4.2 10.4.3 10.4.4 10.4.5 10.4.6 10.4.7 10.4.8 10.4.9 10.4.10 10.4.11 10.5 10.5.1 10.6 10.7 11 11.1 11.2 11.3 11.3.1 11.3.2 11.3.3 11.3.4 11.4 11.5 11.6 11.7 12 12.1 12.2 12.3 12.4 12.5 12.6 12.7 12.8 13 13.1 13.2 13.3 13.4 14 14.1 14.1.1 14.2 14.2.1 14.2.2 14.3"),
    ("0.3.0", "1 1.1 1.2 2 3 3.1 3.2 3.2.1 3.2.2 3.2.3 3.2.4 3.3 3.3.1 3.3.2 3.3.3 3.4 3.4.1 3.4.2 3.4.3 3.5 3.5.1 3.5.2 3.5.3 3.5.4 3.5.5 3.5.6 4 4.1 4.2 4.3 4.4 4.5 4.6 5 5.1 5.2 5.3 5.4 5.5 5.5.1 5.5.2 5.5.2.1 5.5.3 5.5.4 5.5.5 5.5.6 5.6 5.6.1 5.6.2 5.6.3 5.6.4 5.7 6 6.1 6.2 6.3 6.4 6.5 6.5.1 6.5.2 6.5.3 6.6 6.6.1 6.6.2 6.7 6.8 6.9 6.10 6.11 6.11.1 6.11.2 6.12 7 7.1 7.1.1 7.2 7.2.1 7.2.2 7.2.3 7.3 7.3.1 7.4 7.4.1 7.5 7.6 7.6.1 7.7 7.7.1 7.8 7.8.1 7.9 7.10 8 8.1 8.2 9 9.1 9.2 9.3 9.4 9.5 9.6 9.7 10 10.1 10.2 11 11.1 11.1.1 11.1.2 11.1.3 11.1.4 11.1.5 11.2 11.2.1 11.2.2 11.2.3 11.3"),
    ("0.2.6", "1 1.1 1.2 2 3 3.1 3.2 3.3 4 4.1 4.2 4.3 4.4 4.5 4.6 5 5.1 5.2 5.3 5.4 5.5 5.5.1 5.5.2 5.5.2.1 5.5.3 5.5.4 5.5.5 5.6 6 6.1 6.2 6.3 6.4 6.5 6.5.1 6.5.2 6.5.3 6.6 6.6.1 6.6.2 6.7 6.8 6.9 6.10 6.11 6.11.1 6.11.2 6.12 7 7.1 7.1.1 7.2 7.2.1 7.2.2 7.2.3 7.3 7.3.1 7.4 7.4.1 7.5 7.6 7.6.1 7.7 7.7.1 7.8 7.8.1 7.9 7.10 7.10.1 7.10.2 8 8.1 8.2 9 9.1 9.2 9.3 9.4 9.5 9.6 9.7 10 10.1 10.2"),
    ("0.2.5", "1 1.1 1.2 2 3 3.1 3.2 3.3 4 4.1 4.2 4.3 4.4 4.5 4.6 5 5.1 5.2 5.3 5.4 5.5 5.5.1 5.5.2 5.5.2.1 5.5.3 5.5.4 5.6 6 6.1 6.2 6.3 6.4 6.5 6.5.1 6.5.2 6.5.3 6.6.1 6.6.2 6.7 6.8 6.9 6.10 6.11 6.11.1 6.11.2 6.12 7 7.1 7.1.1 7.2 7.2.1 7.2.2 7.2.3 7.3 7.3.1 7.4 7.4.1 7.5 7.6 7.6.1 7.7 7.7.1 7.8 7.8.1 7.9 7.10 7.10.1 7.10.2 8 8.1 8.2 9 9.1 9.2 9.3 9.4 9.5 9.6 9.7 10 10.1 10.2"),
    ("0.2.0", "1 1.1 1.2 2 3 3.1 3.2 3.3 4 4.1 4.2 4.3 4.4 4.5 4.6 5 5.1 5.2 5.3 5.4 5.5 5.5.1 5.5.2 5.5.3 5.5.4 5.6 6 6.1 6.2 6.3 6.4 6.5 6.5.1 6.5.2 6.5.3 6.6.1 6.6.2 6.7 6.8 6.9 6.10 6.11 6.11.1 6.11.2 6.12 7 7.1 7.1.1 7.2 7.2.1 7.2.2 7.2.3 7.3 7.3.1 7.4 7.4.1 7.5 7.6 7.7 8 8.1 8.2 9 9.1 9.2 9.3 9.4 9.5 9.6 10 10.1 10.2"),
];

/// The sections /work/shared/spec/A2A-DIGEST.md cites per version (its `1.0:§x` keys and
/// the bare `§x` of its per-version sections), copied.
const DIGEST: &[(&str, &str)] = &[
    ("1.0", "3.1.1 3.1.2 3.1.4 3.1.5 3.1.6 3.1.7 3.1.8 3.1.9 3.1.10 3.1.11 3.2.2 3.2.4 3.2.6 3.3.1 3.3.2 3.3.3 3.3.4 3.4.1 3.4.2 3.4.3 3.5.1 3.5.2 3.6 3.6.1 3.6.2 4.3.3 4.6.3 5.1 5.3 5.4 5.5 5.6.1 5.7 5.8 6.2 7.1 7.3 7.4 7.6.1 8.1 8.2 8.3.1 8.3.2 8.4 8.6 9.1 9.2 9.4.2 9.4.6 9.5 10 10.1 10.6 11 11.2 11.3 11.5 11.6 11.7 13.1 13.2 13.3 14.2.1 14.3"),
    ("0.3", "3.2.1 3.2.2 3.2.3 3.3.1 3.4.1 3.5.6 4.1 4.3 4.4 5.1 5.3 5.4 5.6 5.6.1 6.1 6.11.2 7 7.1 7.4 7.9 7.10 8.1 8.2 10.2"),
    ("0.2", "3.2 5.1 5.3 5.4 7.1"),
    ("0.2.0", "6.3 6.8 7.2.2 7.2.3"),
    ("0.2.5", "7.10"),
];

/// Rule-table citations of sections the digest does not map (each a heading of its
/// version, checked with the rest), and why the rule cites them.
const BEYOND_DIGEST: &[(&str, &str, &str)] = &[
    (
        "0.3",
        "3.2.4",
        "Transport Extensions: custom transports (CARD-IFACE binding names)",
    ),
    (
        "0.3",
        "4.5",
        "In-Task Authentication: the auth-required status message (TASK-AUTH-002)",
    ),
    (
        "1.0",
        "14.1.1",
        "application/a2a+json, the HTTP+JSON binding's media type",
    ),
];

/// The heading list of the document version `v` cites (`1.0` -> v1.0.1, `0.3` -> v0.3.0,
/// `0.2` -> v0.2.6, `0.2.N` -> v0.2.N); `None` for a version not copied here.
fn headings(v: &str) -> Option<BTreeSet<&'static str>> {
    let tag = match v {
        "1.0" => "1.0.1",
        "0.3" => "0.3.0",
        "0.2" => "0.2.6",
        other => other,
    };
    HEADINGS
        .iter()
        .find(|(t, _)| *t == tag)
        .map(|(_, h)| h.split(' ').collect())
}

/// Versions a citation may name, longest first (`0.2.5` before `0.2`).
const VERSIONS: &[&str] = &["0.2.0", "0.2.5", "0.2.6", "1.0", "0.3", "0.2"];

/// Every spec citation in `text`: (version, section). A citation is a version token
/// ([`VERSIONS`], not part of a longer number: `SARIF 2.1.0 §3.14` and `RFC 9110 §8.6` are
/// no A2A citations) then ` §` or `:§` and the section number; a `§N` after `, `, `/` or
/// ` and ` right after a citation inherits its version (`1.0 §9, §11`).
fn citations(text: &str) -> Vec<(String, String)> {
    let mut out: Vec<(String, String)> = Vec::new();
    let mut last: Option<(String, usize)> = None;
    for (i, _) in text.match_indices('§') {
        let num: String = text[i + '§'.len_utf8()..]
            .chars()
            .take_while(|c| c.is_ascii_digit() || *c == '.')
            .collect();
        let num = num.trim_end_matches('.').to_string();
        if num.is_empty() {
            continue;
        }
        let end = i + '§'.len_utf8() + num.len();
        let before = &text[..i];
        let head = before
            .strip_suffix(' ')
            .or_else(|| before.strip_suffix(':'));
        let version = head.and_then(|h| {
            let start = h
                .rfind(|c: char| !(c.is_ascii_digit() || c == '.'))
                .map_or(0, |p| p + h[p..].chars().next().map_or(1, char::len_utf8));
            let tok = &h[start..];
            VERSIONS.iter().find(|v| **v == tok).map(|v| v.to_string())
        });
        let version = version.or_else(|| {
            let (v, at) = last.as_ref()?;
            let gap = text.get(*at..i)?;
            [", ", "/", " and ", ", and "]
                .contains(&gap)
                .then(|| v.clone())
        });
        match version {
            Some(v) => {
                out.push((v.clone(), num));
                last = Some((v, end));
            }
            None => last = None,
        }
    }
    out
}

/// `(version, section)` is a heading of that version's specification; `Err` says why not.
fn exists(v: &str, s: &str) -> Result<(), String> {
    match headings(v) {
        None => Err(format!("{v} §{s}: no heading list copied for version {v}")),
        Some(h) if h.contains(s) => Ok(()),
        Some(_) => Err(format!(
            "{v} §{s}: no such section in the {v} specification"
        )),
    }
}

/// The section is one the digest cites for `v`, a parent or a child of one.
fn tied_to_digest(v: &str, s: &str) -> bool {
    let d: HashMap<&str, &str> = DIGEST.iter().copied().collect();
    d.get(v).is_some_and(|secs| {
        secs.split(' ')
            .any(|x| s == x || s.starts_with(&format!("{x}.")) || x.starts_with(&format!("{s}.")))
    }) || BEYOND_DIGEST.iter().any(|(bv, bs, _)| *bv == v && *bs == s)
}

#[test]
fn the_parser_reads_citations_and_leaves_other_documents_alone() {
    let c = citations(
        "(1.0 §8.6.1 SHOULD); 1.0:§3.1.7–3.1.10; 1.0 §9, §11; 0.2.0:§7.2.2; SARIF 2.1.0 §3.14; RFC 9110 §8.6; §4 alone; 0.3 §4.5/§4.6",
    );
    let c: Vec<String> = c.iter().map(|(v, s)| format!("{v} {s}")).collect();
    assert_eq!(
        c,
        [
            "1.0 8.6.1",
            "1.0 3.1.7",
            "1.0 9",
            "1.0 11",
            "0.2.0 7.2.2",
            "0.3 4.5",
            "0.3 4.6"
        ]
    );
    assert!(
        exists("1.0", "8.6.1").is_ok(),
        "v1.0.1: 8.6.1. Server Requirements"
    );
    assert!(exists("1.0", "8.7").is_err());
    assert!(exists("0.3", "7.8").is_ok() && exists("0.3", "7.11").is_err());
    assert!(
        tied_to_digest("1.0", "8.6.1"),
        "a child of the digest's CARD-009 §8.6"
    );
    assert!(!tied_to_digest("1.0", "12.4"));
}

#[test]
fn every_rules_spec_citation_names_a_section_of_its_version_tied_to_the_digest() {
    let mut bad = Vec::new();
    let mut seen = 0;
    for r in a2a_interop::verify::rules::RULES {
        for text in [r.summary, r.help] {
            for (v, s) in citations(text) {
                seen += 1;
                if let Err(e) = exists(&v, &s) {
                    bad.push(format!("{}: {e}", r.id));
                } else if !tied_to_digest(&v, &s) {
                    bad.push(format!(
                        "{}: {v} §{s} is no section the digest cites (nor a parent or child of one): cite the digest's, or add it to BEYOND_DIGEST with the reason",
                        r.id
                    ));
                }
            }
        }
    }
    assert!(
        seen > 20,
        "the rule table's citations were not read ({seen})"
    );
    assert!(bad.is_empty(), "{bad:#?}");
}

#[test]
fn every_spec_citation_in_the_source_names_a_section_of_its_version() {
    fn walk(dir: &std::path::Path, out: &mut Vec<std::path::PathBuf>) {
        for e in std::fs::read_dir(dir).unwrap().flatten() {
            let p = e.path();
            if p.is_dir() {
                walk(&p, out);
            } else if p.extension().is_some_and(|x| x == "rs") {
                out.push(p);
            }
        }
    }
    let mut files = Vec::new();
    walk(
        &std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src"),
        &mut files,
    );
    let mut bad = Vec::new();
    let mut seen = 0;
    for f in &files {
        let text = std::fs::read_to_string(f).unwrap();
        for (n, line) in text.lines().enumerate() {
            for (v, s) in citations(line) {
                seen += 1;
                if let Err(e) = exists(&v, &s) {
                    bad.push(format!("{}:{}: {e}", f.display(), n + 1));
                }
            }
        }
    }
    assert!(seen > 100, "the source's citations were not read ({seen})");
    assert!(bad.is_empty(), "{bad:#?}");
}

//! `repro` on every failing golden case (issue: reports, evidence and minimal
//! reproductions): the cut re-verifies to the same rule, and it is minimal: removing any one
//! further exchange from the cut loses the finding (same rule, same first evidence line).

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::Command;

use a2a_interop::record::{source, Event};
use a2a_interop::verify::verify_all;

fn bin() -> Command {
    Command::new(env!("CARGO_BIN_EXE_a2a-interop"))
}

fn golden_fail_cases() -> Vec<(String, PathBuf)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden");
    let mut out = Vec::new();
    for entry in std::fs::read_dir(&root).expect("tests/golden") {
        let dir = entry.expect("dir entry").path();
        let name = dir.file_name().unwrap().to_string_lossy().into_owned();
        // `<RULE-ID>-fail` and variants `<RULE-ID>-fail-<what>`.
        let rule = name
            .find("-fail")
            .filter(|&i| name[i..] == *"-fail" || name[i..].starts_with("-fail-"))
            .map(|i| &name[..i]);
        if let Some(rule) = rule {
            let input = std::fs::read_dir(&dir)
                .expect("case dir")
                .map(|e| e.expect("entry").path())
                .find(|p| p.file_stem().is_some_and(|s| s == "input"))
                .unwrap_or_else(|| panic!("{name}: no input file"));
            out.push((rule.to_string(), input));
        }
    }
    out.sort();
    out
}

fn read_all(path: &Path) -> (a2a_interop::record::RecordingHeader, Vec<Event>) {
    let src = source::open(path).unwrap_or_else(|e| panic!("{}: {e:#}", path.display()));
    let header = src.header.clone();
    let events = src
        .events
        .collect::<Result<Vec<_>, _>>()
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    (header, events)
}

fn exchanges(events: &[Event]) -> Vec<String> {
    let mut seen = BTreeSet::new();
    events
        .iter()
        .filter_map(|e| e.exchange.as_deref().map(str::to_string))
        .filter(|x| seen.insert(x.clone()))
        .collect()
}

/// Rules whose findings rest on a secret's value (PUSH-CFG-008: the push config's token
/// holds CR or LF, mine42): a redacted reproduction cannot show them. AUTH-SCOPE-003 is not
/// one: a placeholder keeps a keyed tag of the credential's principal (auth31), so the cut
/// shows it; nor, since left54, CARD-SECRET-001: the card's published credential is tagged
/// and the verifier tells the tag in the card, so the cut shows it too.
const REST_ON_A_SECRET: &[&str] = &["PUSH-CFG-008"];

#[test]
fn every_golden_failure_cuts_to_a_minimal_reproduction_of_the_same_rule() {
    let cases = golden_fail_cases();
    assert!(cases.len() >= 40, "only {} failing goldens", cases.len());
    let dir = tempfile::tempdir().unwrap();
    let mut problems = Vec::new();
    for (rule, input) in &cases {
        let out = dir.path().join(format!("{rule}.min.jsonl"));
        let o = bin()
            .arg("repro")
            .arg(input)
            .args(["--finding", rule])
            .arg("-o")
            .arg(&out)
            .output()
            .unwrap();
        // A finding that rests on a secret's value itself (a credential published in a
        // card) cannot be shared redacted: repro refuses and says why, writing nothing.
        if REST_ON_A_SECRET.contains(&rule.as_str()) {
            let err = String::from_utf8_lossy(&o.stderr);
            if o.status.code() != Some(2)
                || !err.contains("disappears once secrets are redacted")
                || out.exists()
            {
                problems.push(format!(
                    "{rule}: repro should refuse (exit 2, nothing written), got {:?}: {}",
                    o.status.code(),
                    err.trim()
                ));
            }
            continue;
        }
        if o.status.code() != Some(0) {
            problems.push(format!(
                "{rule}: repro exited {:?}: {}",
                o.status.code(),
                String::from_utf8_lossy(&o.stderr).trim()
            ));
            continue;
        }
        let (header, cut) = read_all(&out);
        let found = verify_all(&header, &cut);
        // The finding is identified as repro identifies it: its rule and the recording line
        // its evidence starts at (the card it was judged against, its task, ...).
        let Some(anchor) = found
            .findings
            .iter()
            .find(|f| f.rule == *rule)
            .map(|f| f.first_seq())
        else {
            problems.push(format!("{rule}: the cut no longer shows the finding"));
            continue;
        };
        let (oheader, original) = read_all(input);
        // the rules the input breaks, its exchanges kept whole (what a cut keeps of it): a
        // cut adds none of its own (fix51, newcomer50 N2), so a smaller cut that would
        // add one (a task id nothing handed out, ID-TASK-004) is no smaller reproduction
        let in_exchanges: Vec<Event> = original
            .iter()
            .filter(|e| e.exchange.is_some())
            .cloned()
            .collect();
        let rules_in: std::collections::BTreeSet<String> = verify_all(&oheader, &original)
            .findings
            .iter()
            .chain(&verify_all(&oheader, &in_exchanges).findings)
            .map(|f| f.rule.clone())
            .collect();
        let adds: Vec<&String> = found
            .findings
            .iter()
            .map(|f| &f.rule)
            .filter(|r| !rules_in.contains(*r))
            .collect();
        if !adds.is_empty() {
            problems.push(format!(
                "{rule}: the cut adds findings of its own: {adds:?}"
            ));
        }
        let kept = exchanges(&cut);
        if kept.len() > exchanges(&original).len() {
            problems.push(format!("{rule}: the cut has more exchanges than the input"));
        }
        for drop in &kept {
            let fewer: Vec<Event> = cut
                .iter()
                .filter(|e| e.exchange.as_deref() != Some(drop.as_str()))
                .cloned()
                .collect();
            let smaller = verify_all(&header, &fewer).findings;
            if smaller
                .iter()
                .any(|f| f.rule == *rule && f.first_seq() == anchor)
                && smaller.iter().all(|f| rules_in.contains(&f.rule))
            {
                problems.push(format!(
                    "{rule}: not minimal, the finding survives without exchange {drop}"
                ));
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

//! `recordings/README.md` says what `a2a-interop verify` gives on each sample recording
//! ("0 findings, 13 exchanges"); this keeps that column true (breaker9a B23: it promised
//! notes the verifier no longer gives).

use crate::common;

use std::path::Path;

#[test]
fn the_readme_says_what_verify_gives_on_each_sample() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("recordings");
    let text = std::fs::read_to_string(dir.join("README.md")).unwrap();
    let mut checked = 0;
    for line in text.lines().filter(|l| l.starts_with("| `")) {
        let cells: Vec<&str> = line.trim_matches('|').split(" | ").collect();
        let file = cells[0].split('`').nth(1).unwrap();
        let said = cells.last().unwrap().trim();
        let (findings, rest) = said.split_once(" findings, ").unwrap_or_else(|| {
            panic!("{file}: the verify column says {said:?}, not 'N findings, M exchanges'")
        });
        let exchanges = rest.split(' ').next().unwrap();
        let out = common::verify_file(&dir.join(file));
        assert_eq!(
            out.findings.len().to_string(),
            findings,
            "{file}: {:?}",
            out.findings
                .iter()
                .map(|f| format!("{} {}", f.rule, f.message))
                .collect::<Vec<_>>()
        );
        assert_eq!(out.exchanges.to_string(), exchanges, "{file}");
        checked += 1;
    }
    assert_eq!(checked, 5, "every sample recording has a row");
}

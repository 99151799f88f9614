//! q25c (session 25 quality items): SARIF locations cite evidence as every other report does
//! (`e2 #10`, not the bare `#10`). Real files through the built binary.

#[path = "common/proxy_process.rs"]
mod proxy_process;

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use serde_json::Value;

const BIN: &str = env!("CARGO_BIN_EXE_a2a-interop");

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// The binary run with `args` in `cwd` to its end, stdin empty: its output.
fn run_in(cwd: &Path, args: &[&str]) -> Output {
    Command::new(BIN)
        .current_dir(cwd)
        .args(args)
        .stdin(std::process::Stdio::null())
        .env_remove("A2A_INTEROP_LOG")
        .env("NO_COLOR", "1")
        .output()
        .unwrap()
}

fn sarif_errors(doc: &Value) -> Vec<String> {
    let schema: Value = serde_json::from_str(
        &std::fs::read_to_string(root().join("tests/data/sarif-schema-2.1.0.json")).unwrap(),
    )
    .unwrap();
    let v = jsonschema::validator_for(&schema).expect("schema compiles");
    v.iter_errors(doc)
        .map(|e| format!("{} at {}", e, e.instance_path()))
        .collect()
}

/// Item 1: `verify FILE -f sarif` for a native recording, a transcript and a HAR file: each
/// location's message is the evidence line of the text report (`--> FILE e1 #3 (GET ... ->
/// 200)`, `e12 line 32 ... at JSON $.error`, `log.entries[2] (...)`), its logical location
/// is named by the same citation, no location names a bare `#seq`, and the log stays valid
/// SARIF 2.1.0. The old code gave no location message and a logical location `#33/error`
/// (a seq number beside a transcript line the other reports cite). Legal control: a clean
/// recording gives a valid log with no results.
#[test]
fn sarif_locations_cite_evidence_as_the_text_report_does() {
    let files = [
        "recordings/js-client-python-agent-jsonrpc-1.0.jsonl",
        "tests/captures/js-to-python-rest-v0.3.jsonl",
        "tests/cases/CASE-05.jsonl",
        "tests/data/har/b10-E13-v10-push-basic-credentials-sent-as-bearer.har",
    ];
    for f in files {
        let path = root().join(f);
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        let t = run_in(&root(), &["verify", f]);
        let arrows: Vec<String> = text(&t.stdout)
            .lines()
            .filter_map(|l| l.trim_start().strip_prefix("--> "))
            .map(|l| {
                l.strip_prefix(&format!("{name} "))
                    .unwrap_or_else(|| panic!("{f}: evidence line names the file: {l}"))
                    .to_string()
            })
            .collect();
        assert!(!arrows.is_empty(), "{f}: findings expected\n{}", text(&t.stdout));

        let o = run_in(&root(), &["verify", f, "-f", "sarif"]);
        let doc: Value = serde_json::from_slice(&o.stdout).unwrap();
        let errs = sarif_errors(&doc);
        assert!(errs.is_empty(), "{f}: {errs:#?}");
        let mut messages = Vec::new();
        for r in doc["runs"][0]["results"].as_array().unwrap() {
            for l in r["locations"].as_array().unwrap() {
                let m = l["message"]["text"].as_str().unwrap_or_else(|| {
                    panic!("{f}: a location without a message: {l:#}");
                });
                messages.push(m.to_string());
                let fq = l["logicalLocations"][0]["fullyQualifiedName"]
                    .as_str()
                    .unwrap();
                // the logical name is the citation the message starts with
                let head = fq.split(" $").next().unwrap();
                assert!(m.starts_with(head), "{f}: {fq:?} vs {m:?}");
                assert!(
                    head.starts_with('e') || head.starts_with("log.entries["),
                    "{f}: {fq:?} names no exchange"
                );
                if let Some(path) = fq.split_once(" $").map(|(_, p)| p) {
                    assert!(m.ends_with(&format!(" at JSON ${path}")), "{f}: {m:?}");
                    assert_eq!(l["logicalLocations"][0]["kind"], "member");
                }
            }
        }
        let mut want = arrows.clone();
        want.sort();
        messages.sort();
        assert_eq!(messages, want, "{f}: SARIF and text cite the same evidence");
    }

    // legal control: a clean recording, a valid log without results
    let clean = "recordings/refagent-v1.0-rewrite-card.jsonl";
    let o = run_in(&root(), &["verify", clean, "-f", "sarif"]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    let doc: Value = serde_json::from_slice(&o.stdout).unwrap();
    assert!(sarif_errors(&doc).is_empty());
    assert_eq!(doc["runs"][0]["results"].as_array().unwrap().len(), 0);
}

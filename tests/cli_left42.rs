//! left42 (issue 7, session 41's leftovers), with the built binary and the library's report
//! model:
//! - SARIF of several files (`verify A B ... -f sarif`) is one run: GitHub code scanning
//!   rejects a SARIF file of more than 20 runs ("Analysis SARIF file rejected due to run
//!   limits") and, since July 2025, one holding several runs of the same tool
//!   (github/codeql-action#2959). Each result points at its own file (its
//!   `artifactLocation` names the file's URI and its index in the run's `artifacts`), the
//!   rules the results name are listed once, a file not read is an error notification of
//!   the one invocation, and the 25,000-results cap (`resultsOmitted`) is the run's, the
//!   most severe over all files kept.

use crate::common;

use serde_json::Value;

use common::{repo_root as root, run_bin as run, stderr_text as err};

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

/// A transcript whose first finding is a note (CARD-SHAPE-008: a 0.3 card without
/// preferredTransport) and whose second is an error (RPC-ID-001: an answer with another id).
const NOTE_THEN_ERROR: &str = r#"{"dir":"req","method":"GET","url":"http://127.0.0.1:8080/.well-known/agent-card.json","headers":{}}
{"dir":"resp","status":200,"headers":{"content-type":"application/json"},"body":{"name":"x","description":"d","version":"1","protocolVersion":"0.3.0","url":"http://127.0.0.1:8080/","capabilities":{},"defaultInputModes":["text/plain"],"defaultOutputModes":["text/plain"],"skills":[{"id":"s","name":"s","description":"d","tags":["t"]}]}}
{"dir":"req","method":"POST","url":"http://127.0.0.1:8080/","headers":{"content-type":"application/json"},"body":{"jsonrpc":"2.0","id":1,"method":"tasks/get","params":{"id":"t1"}}}
{"dir":"resp","status":200,"headers":{"content-type":"application/json"},"body":{"jsonrpc":"2.0","id":2,"result":{"id":"t1","contextId":"c","kind":"task","status":{"state":"completed"}}}}
"#;

/// 21 files with findings, a clean one and one missing: one run (main wrote 23, which code
/// scanning rejects), valid SARIF 2.1.0; every result's location names its own file by URI
/// and artifact index; every rule named is listed once and `ruleIndex` resolves; the
/// missing file is an artifact with its error and an error notification pointing at it.
#[test]
fn batch_sarif_is_one_run_whose_results_point_at_their_files() {
    let dir = tempfile::tempdir().unwrap();
    let mut files: Vec<String> = Vec::new();
    for i in 0..21 {
        let p = dir.path().join(format!("t{i:02}.jsonl"));
        std::fs::write(&p, NOTE_THEN_ERROR).unwrap();
        files.push(p.display().to_string());
    }
    files.push(root().join("recordings/demo.jsonl").display().to_string());
    let missing = dir.path().join("gone.jsonl").display().to_string();
    files.push(missing.clone());
    let sarif = dir.path().join("all.sarif");
    let mut args: Vec<&str> = vec!["verify"];
    args.extend(files.iter().map(String::as_str));
    args.extend(["-f", "sarif", "-o", sarif.to_str().unwrap()]);
    let o = run(&args);
    assert_eq!(o.status.code(), Some(2), "{}", err(&o));
    let log: Value = serde_json::from_str(&std::fs::read_to_string(&sarif).unwrap()).unwrap();
    let errors = sarif_errors(&log);
    assert!(errors.is_empty(), "{errors:#?}");
    let runs = log["runs"].as_array().unwrap();
    assert_eq!(runs.len(), 1, "one run for 23 files");
    let run = &runs[0];
    let artifacts = run["artifacts"].as_array().unwrap();
    assert_eq!(artifacts.len(), files.len());
    for (a, f) in artifacts.iter().zip(&files) {
        assert_eq!(a["properties"]["path"], f.as_str());
    }
    let results = run["results"].as_array().unwrap();
    assert_eq!(
        results.len(),
        21 * 2,
        "a note and an error in each of 21 files"
    );
    let rules = run["tool"]["driver"]["rules"].as_array().unwrap();
    let listed: Vec<&str> = rules.iter().map(|r| r["id"].as_str().unwrap()).collect();
    assert_eq!(listed, ["CARD-SHAPE-008", "RPC-ID-001"]);
    let mut per_file = vec![0usize; files.len()];
    for r in results {
        let i = r["ruleIndex"].as_u64().unwrap() as usize;
        assert_eq!(rules[i]["id"], r["ruleId"]);
        let loc = &r["locations"][0]["physicalLocation"]["artifactLocation"];
        let a = loc["index"].as_u64().unwrap() as usize;
        assert_eq!(loc["uri"], artifacts[a]["location"]["uri"], "{r}");
        assert!(
            files[a].ends_with(loc["uri"].as_str().unwrap().trim_start_matches("file://")),
            "{} vs {}",
            files[a],
            loc["uri"]
        );
        per_file[a] += 1;
    }
    assert!(per_file[..21].iter().all(|n| *n == 2), "{per_file:?}");
    assert_eq!(per_file[21..], [0, 0]);
    assert_eq!(artifacts[21]["properties"]["conformanceLevel"], "partial");
    assert!(artifacts[22]["properties"]["error"]
        .as_str()
        .unwrap()
        .starts_with("cannot open "));
    let inv = &run["invocations"][0];
    assert_eq!(inv["executionSuccessful"], false);
    let notes = inv["toolExecutionNotifications"].as_array().unwrap();
    assert_eq!(notes.len(), 1, "{notes:?}");
    assert_eq!(notes[0]["level"], "error");
    assert_eq!(
        notes[0]["locations"][0]["physicalLocation"]["artifactLocation"]["index"],
        22
    );
    assert!(run["properties"].get("resultsOmitted").is_none());
}

/// The 25,000-results cap is the one run's: file A has 3 notes then 12,500 errors, file B
/// 12,503 errors; 25,000 errors are listed (every one of A's, then B's first 12,500) and 6
/// are counted as omitted (A's notes, B's last 3 errors). Under the cap every result is
/// listed and none is omitted.
#[test]
fn batch_sarif_cap_is_the_runs_the_most_severe_over_all_files() {
    use a2a_interop::report::sarif::BatchRun;
    let dir = tempfile::tempdir().unwrap();
    let t = dir.path().join("t.jsonl");
    std::fs::write(&t, NOTE_THEN_ERROR).unwrap();
    let input = a2a_interop::app::verify_cmd::verify_file(&t).unwrap();
    let base = a2a_interop::report::model::Report::build(&input);
    let note = base.findings.iter().find(|f| f.rule == "CARD-SHAPE-008");
    let error = base.findings.iter().find(|f| f.rule == "RPC-ID-001");
    let (note, error) = (note.cloned().unwrap(), error.cloned().unwrap());
    let report_of = |notes: usize, errors: usize| {
        let mut r = base.clone();
        r.findings.clear();
        r.source.path = None; // no locations: a smaller log
        for i in 0..notes + errors {
            let mut f = if i < notes {
                note.clone()
            } else {
                error.clone()
            };
            f.finding.message = format!("{} #{i}", f.finding.message);
            r.findings.push(f);
        }
        r
    };
    let mut run = BatchRun::new();
    let mut lines = run.add_file("a.jsonl", &report_of(3, 12_500), &input);
    lines.extend(run.add_file("b.jsonl", &report_of(0, 12_503), &input));
    let mut kept = run.keep();
    assert_eq!(kept.omitted, 6);
    let listed: Vec<&(u8, String)> = lines.iter().filter(|(l, _)| kept.admits(*l)).collect();
    assert_eq!(listed.len(), 25_000);
    assert!(listed
        .iter()
        .all(|(l, j)| *l == 2 && j.contains("\"level\":\"error\"")));
    assert!(listed[0].1.contains(" #3\""), "{}", listed[0].1);
    assert!(
        listed[24_999].1.contains(" #12499\""),
        "{}",
        listed[24_999].1
    );
    let members = run.members(kept.omitted);
    let props = &members.iter().find(|(n, _)| *n == "properties").unwrap().1;
    assert_eq!(props["resultsOmitted"], 6);

    let mut small = BatchRun::new();
    let mut lines = small.add_file("a.jsonl", &report_of(3, 10), &input);
    lines.extend(small.add_file("b.jsonl", &report_of(2, 0), &input));
    let mut kept = small.keep();
    assert_eq!(kept.omitted, 0);
    assert_eq!(lines.iter().filter(|(l, _)| kept.admits(*l)).count(), 15);
    let members = small.members(0);
    let props = &members.iter().find(|(n, _)| *n == "properties").unwrap().1;
    assert!(props.get("resultsOmitted").is_none());
}

/// Item 2 (breaker41): `repro` of HTTP-FRAME-005 (br to `Accept-Encoding: gzip, deflate`)
/// writes a transcript whose `resp` line keeps `content-encoding: br` and carries the wire
/// bytes (`"encoding": "base64"`); read back, it shows the finding. Main wrote a native
/// recording ("a body in the cut is not UTF-8"). HTTP-FRAME-004 rests on the redactor's
/// note on a body it left out: still a native recording, and repro says why.
#[test]
fn repro_of_a_coding_finding_is_a_transcript_with_the_wire_bytes() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("min.jsonl");
    let o = run(&[
        "repro",
        root()
            .join("tests/golden/HTTP-FRAME-005-fail/input.jsonl")
            .to_str()
            .unwrap(),
        "--finding",
        "HTTP-FRAME-005",
        "-o",
        out.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", err(&o));
    let text = std::fs::read_to_string(&out).unwrap();
    let resp: Value = text
        .lines()
        .map(|l| serde_json::from_str::<Value>(l).unwrap())
        .find(|v| v["dir"] == "resp")
        .unwrap_or_else(|| panic!("a transcript: {text}"));
    assert_eq!(resp["headers"]["content-encoding"], "br");
    assert_eq!(resp["encoding"], "base64");
    let v = run(&["verify", out.to_str().unwrap(), "-f", "json"]);
    let report: Value = serde_json::from_slice(&v.stdout).unwrap();
    let rules: Vec<&str> = report["findings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f["rule"].as_str().unwrap())
        .collect();
    assert_eq!(rules, ["HTTP-FRAME-005"], "{}", err(&v));

    let out4 = dir.path().join("min4.jsonl");
    let o = run(&[
        "repro",
        root()
            .join("tests/golden/HTTP-FRAME-004-fail/input.jsonl")
            .to_str()
            .unwrap(),
        "--finding",
        "HTTP-FRAME-004",
        "-o",
        out4.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", err(&o));
    assert!(
        err(&o).contains("rests on what the redaction noted on a body it left out"),
        "{}",
        err(&o)
    );
    let first = std::fs::read_to_string(&out4).unwrap();
    assert!(first.starts_with("{\"type\":\"recording\""), "{first}");
}

//! left40 item 1 (issue 7): `verify FILE FILE...` with the built binary. Each file judged on
//! its own (a per-file line, a total, the exit status the worst file's under `--fail-on`);
//! an unreadable file is that file's `ERROR` and the batch goes on; `-f json` is one
//! document with each file's own report, `-f junit` one `<testsuites>` with each file's
//! suites (valid against Jenkins' XSD), `-f sarif` one run (left42: results point at their files); markdown and html are
//! refused for several files; a directory is not walked. One FILE is judged as before (the
//! goldens of cli_verify, verify_golden and cli_ux keep that). Item 3: a live recording's
//! incomplete last line is not called a killed writer's (a real proxy holds the file).

use crate::common;
use crate::proxy_process;

use serde_json::Value;

use common::{
    card_without_tags_case as failing, demo_recording as clean, repo_root as root, run_bin as run,
    stderr_text as err, stdout_text as out,
};

/// `report` minus the member that differs between two runs (`generatedAt`).
fn stable(mut report: Value) -> Value {
    if let Some(o) = report.as_object_mut() {
        o.remove("generatedAt");
    }
    report
}

#[test]
fn each_file_gets_a_line_and_the_total_the_worst_exit_status() {
    let dir = tempfile::tempdir().unwrap();
    let missing = dir.path().join("gone.jsonl").display().to_string();
    let d = dir.path().display().to_string();
    // clean, failing, missing, a directory, and a file after them: still judged
    let o = run(&["verify", &clean(), &failing(), &missing, &d, &clean()]);
    let text = out(&o);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(o.status.code(), Some(2), "{text}\n{}", err(&o));
    assert!(
        lines[0].starts_with(&format!("ok    {}: 0.3, 1.0; conformance: partial; 0 errors, 0 warnings, 0 notes in 24 exchanges", clean())),
        "{text}"
    );
    assert!(
        lines[1].starts_with(&format!(
            "FAIL  {}: 0.3; conformance: non-conformant; 1 error, ",
            failing()
        )),
        "{text}"
    );
    // the finding at or above --fail-on under its file
    assert!(
        lines[2].starts_with("        error[CARD-SHAPE-001]: "),
        "{text}"
    );
    assert!(
        lines[3].starts_with(&format!("ERROR {missing}: cannot open {missing}: ")),
        "{text}"
    );
    assert!(
        lines[4].starts_with(&format!("ERROR {d}: is a directory, and verify does not walk directories; hint: name the traffic files in it: ")),
        "{text}"
    );
    assert!(lines[5].starts_with("ok    "), "{text}");
    assert_eq!(
        lines[6],
        "5 files: 2 ok, 1 FAIL, 2 ERROR (not read, or nothing verified); findings in them: 1 error, 0 warnings, 1 note; conformance: 0 full, 2 partial, 0 minimal, 1 non-conformant; exit 2 (the worst file's, --fail-on error)",
        "{text}"
    );
    assert_eq!(lines.len(), 7, "{text}");

    // without the unreadable ones: the failing file's 1; --fail-on never: 0
    let o = run(&["verify", &clean(), &failing()]);
    assert_eq!(o.status.code(), Some(1), "{}", out(&o));
    let o = run(&["verify", &clean(), &failing(), "--fail-on", "never"]);
    assert_eq!(o.status.code(), Some(0), "{}", out(&o));
    assert!(
        out(&o)
            .trim_end()
            .ends_with("exit 0 (the worst file's, --fail-on never)"),
        "{}",
        out(&o)
    );
    // --fail-on note: the failing case's note counts too, and is listed
    let o = run(&["verify", &failing(), &clean(), "--fail-on", "note"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(out(&o).contains("        note["), "{}", out(&o));
}

#[test]
fn json_is_one_document_with_each_files_own_report_and_no_state_shared() {
    let dir = tempfile::tempdir().unwrap();
    let a = dir.path().join("ab.json");
    let b = dir.path().join("ba.json");
    let missing = dir.path().join("gone.har").display().to_string();
    let o = run(&[
        "verify",
        &clean(),
        &failing(),
        &missing,
        "-f",
        "json",
        "-o",
        a.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(2), "{}", err(&o));
    // the lines go to stdout when the report goes to a file, and the file is said
    assert!(
        out(&o).contains("3 files: 1 ok, 1 FAIL, 1 ERROR"),
        "{}",
        out(&o)
    );
    assert!(
        err(&o).contains(&format!("wrote {} (json report): 3 files", a.display())),
        "{}",
        err(&o)
    );
    let doc: Value = serde_json::from_str(&std::fs::read_to_string(&a).unwrap()).unwrap();
    assert_eq!(doc["tool"]["name"], "a2a-interop");
    let files = doc["files"].as_array().unwrap();
    assert_eq!(files.len(), 3);
    assert_eq!(files[0]["status"], "ok");
    assert_eq!(files[1]["status"], "fail");
    assert_eq!(files[1]["exitStatus"], 1);
    assert_eq!(files[2]["status"], "error");
    assert!(files[2]["error"]
        .as_str()
        .unwrap()
        .starts_with(&format!("cannot open {missing}")));
    assert_eq!(doc["total"]["files"], 3);
    assert_eq!(doc["total"]["exitStatus"], 2);
    assert_eq!(doc["total"]["conformanceLevels"]["partial"], 1);
    // each report is the one `verify FILE -f json` writes for that file alone
    for (i, f) in [clean(), failing()].iter().enumerate() {
        let one = run(&["verify", f, "-f", "json"]);
        let alone: Value = serde_json::from_slice(&one.stdout).unwrap();
        assert_eq!(stable(files[i]["report"].clone()), stable(alone), "{f}");
    }
    // the other order: the same report per file (nothing carried from one to the next)
    let o = run(&[
        "verify",
        &failing(),
        &clean(),
        "-f",
        "json",
        "-o",
        b.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(1));
    let rev: Value = serde_json::from_str(&std::fs::read_to_string(&b).unwrap()).unwrap();
    assert_eq!(
        stable(rev["files"][0]["report"].clone()),
        stable(files[1]["report"].clone())
    );
    assert_eq!(
        stable(rev["files"][1]["report"].clone()),
        stable(files[0]["report"].clone())
    );
    // to stdout: the document alone there, the lines on stderr
    let o = run(&["verify", &clean(), &failing(), "-f", "json"]);
    let doc: Value = serde_json::from_slice(&o.stdout).expect("stdout is one JSON document");
    assert_eq!(doc["files"].as_array().unwrap().len(), 2);
    assert!(
        err(&o).contains("2 files: 1 ok, 1 FAIL, 0 ERROR"),
        "{}",
        err(&o)
    );
}

#[test]
fn junit_holds_each_files_suites_and_sarif_one_run_for_all() {
    let dir = tempfile::tempdir().unwrap();
    let x = dir.path().join("all.xml");
    let sarif = dir.path().join("all.sarif");
    let missing = dir.path().join("gone.jsonl").display().to_string();
    let o = run(&[
        "verify",
        &clean(),
        &failing(),
        &missing,
        "-f",
        "junit",
        "-o",
        x.to_str().unwrap(),
        "-f",
        "sarif",
        "-o",
        sarif.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(2), "{}", err(&o));
    let xml = std::fs::read_to_string(&x).unwrap();
    assert_eq!(xml.matches("<testsuites ").count(), 1, "{xml}");
    for f in [clean(), failing()] {
        for suite in ["a2a-interop.results", "a2a-interop.rules"] {
            assert!(
                xml.contains(&format!("<testsuite name=\"{f}: {suite}\"")),
                "{f} {suite}"
            );
        }
    }
    assert!(xml.contains(&format!("<testsuite name=\"{missing}: a2a-interop.read\"")));
    assert!(xml.contains("<error type=\"not-verified\" message=\"cannot open "));
    // the failing file's rule case fails, the clean file's do not
    assert!(xml.contains("<failure type=\"CARD-SHAPE-001\""), "{xml}");
    if let Ok(v) = std::process::Command::new("xmllint")
        .arg("--noout")
        .arg("--schema")
        .arg(root().join("tests/data/junit-10.xsd"))
        .arg(&x)
        .output()
    {
        assert!(v.status.success(), "{}", String::from_utf8_lossy(&v.stderr));
    }
    let log: Value = serde_json::from_str(&std::fs::read_to_string(&sarif).unwrap()).unwrap();
    assert_eq!(log["version"], "2.1.0");
    // one run (left42: GitHub takes one run per tool), a result's file by artifact index
    let runs = log["runs"].as_array().unwrap();
    assert_eq!(runs.len(), 1);
    let at = |r: &Value| r["locations"][0]["physicalLocation"]["artifactLocation"]["index"].clone();
    let results = runs[0]["results"].as_array().unwrap();
    assert!(
        results.iter().all(|r| at(r) == 1),
        "only the failing file has findings"
    );
    assert!(results.iter().any(|r| r["ruleId"] == "CARD-SHAPE-001"));
    assert_eq!(runs[0]["artifacts"].as_array().unwrap().len(), 3);
    assert_eq!(runs[0]["invocations"][0]["executionSuccessful"], false);
}

#[test]
fn one_file_formats_and_a_report_path_without_o_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    for f in ["markdown", "html"] {
        let o = run(&[
            "verify",
            &clean(),
            &failing(),
            "-f",
            f,
            "-o",
            dir.path().join("r").to_str().unwrap(),
        ]);
        assert_eq!(o.status.code(), Some(2));
        assert_eq!(
            err(&o).trim_end(),
            format!("a2a-interop: --format {f} is a report of one file, and verify was given 2 files; hint: for several files use --format text (a line per file), json (one document, a report per file), junit (suites per file) or sarif (one run, results pointing at their files); or verify each file on its own for its {f} report")
        );
        assert!(out(&o).is_empty(), "nothing judged: {}", out(&o));
    }
    // `verify rec.jsonl report.md`: the -o it was meant for
    let md = dir.path().join("report.md");
    let o = run(&["verify", &clean(), md.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        err(&o)
            .contains("its extension names a report, not traffic; hint: to write the report to "),
        "{}",
        err(&o)
    );
    assert!(!md.exists());
    // an -o that is one of the inputs is refused before anything is read
    let copy = dir.path().join("copy.jsonl");
    std::fs::copy(clean(), &copy).unwrap();
    let o = run(&[
        "verify",
        &failing(),
        copy.to_str().unwrap(),
        "-f",
        "json",
        "-o",
        copy.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert!(err(&o).contains("is the input file itself"), "{}", err(&o));
    assert_eq!(
        std::fs::read(&copy).unwrap(),
        std::fs::read(clean()).unwrap()
    );
}

#[test]
fn stdin_once_among_files() {
    use std::io::Write;
    use std::process::Stdio;
    let mut c = common::bin();
    c.args(["verify", "-", &failing()])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    let mut child = c.spawn().unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(&std::fs::read(clean()).unwrap())
        .unwrap();
    let o = child.wait_with_output().unwrap();
    assert_eq!(o.status.code(), Some(1), "{}", err(&o));
    assert!(
        out(&o).starts_with("ok    -: 0.3, 1.0; conformance: partial"),
        "{}",
        out(&o)
    );
    let o = run(&["verify", "-", "-"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        err(&o).contains("- (standard input) given twice"),
        "{}",
        err(&o)
    );
}

/// left40 item 3: a recording read while its proxy still writes it may end inside the line
/// being written. That line is said to be incomplete, with the writer maybe still writing
/// it (main said "the recording ended mid-write (the writer was killed, or its disk
/// filled)" of a proxy that was running); once the proxy is killed, the same file's torn
/// line is said to be a killed writer's. A real proxy holds the file; the test puts the
/// half-written line at the end of the file itself, so the verdict does not hang on
/// catching a write in flight.
#[test]
fn a_live_recordings_incomplete_last_line_is_not_called_a_killed_writer() {
    use proxy_process::{reference_agent, send_message, start_proxy};
    use std::io::Write;
    let dir = tempfile::tempdir().unwrap();
    let rec = dir.path().join("live.jsonl");
    let (_agent, url) = reference_agent();
    let (proxy, addr) = start_proxy(&[
        "--upstream",
        &url,
        "--record",
        rec.to_str().unwrap(),
        "--lossless",
    ]);
    assert!(send_message(addr, "l40", 1).starts_with("HTTP/1.1 200"));
    // the exchange's end is written within the writer's flush interval
    let end = std::time::Instant::now() + std::time::Duration::from_secs(20);
    while !std::fs::read_to_string(&rec)
        .unwrap_or_default()
        .contains("\"exchange_end\"")
    {
        assert!(std::time::Instant::now() < end, "no exchange_end written");
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    let half = r#"{"seq":90,"t_us":5000,"exchange":"e9","type":"request_head","method":"PO"#;
    std::fs::OpenOptions::new()
        .append(true)
        .open(&rec)
        .unwrap()
        .write_all(half.as_bytes())
        .unwrap();
    let lines = std::fs::read_to_string(&rec).unwrap().lines().count();
    let o = run_json(&rec);
    let torn = &o.0["source"]["tornTail"];
    assert_eq!(torn["line"], lines as u64, "{torn}");
    assert_eq!(torn["bytes"], half.len() as u64, "{torn}");
    assert_eq!(torn["writerRunning"], true, "{torn}");
    let want = format!(
        "last line {lines} is incomplete ({} bytes read of it): the writer may still be writing it (a running a2a-interop process records this file), so that line was skipped",
        half.len()
    );
    assert!(o.1.contains(&want), "{}", o.1);
    assert!(!o.1.contains("killed"), "{}", o.1);
    // the text report says the same
    let t = run(&["verify", rec.to_str().unwrap()]);
    assert!(out(&t).contains(&want), "{}", out(&t));
    // the writer gone (kill -9): now it is a cut
    proxy.child.signal("KILL");
    let end = std::time::Instant::now() + std::time::Duration::from_secs(20);
    loop {
        let o = run_json(&rec);
        if o.0["source"]["tornTail"].get("writerRunning").is_none() {
            assert!(
                o.1.contains(
                    "the recording ended mid-write (the writer was killed, or its disk filled)"
                ),
                "{}",
                o.1
            );
            break;
        }
        assert!(
            std::time::Instant::now() < end,
            "the killed proxy still holds the file"
        );
        std::thread::sleep(std::time::Duration::from_millis(100));
    }
}

/// `verify FILE -f json`: the report and stderr.
fn run_json(rec: &std::path::Path) -> (Value, String) {
    let o = run(&["verify", rec.to_str().unwrap(), "-f", "json"]);
    let v = serde_json::from_slice(&o.stdout).unwrap_or_else(|e| panic!("{e}: {}", err(&o)));
    (v, err(&o))
}

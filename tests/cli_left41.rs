//! left41 (issue 7, the reports' leftovers of sessions 39-40), with the built binary and the
//! library's report model:
//! - SARIF: a run lists at most 25,000 results (GitHub code scanning rejects a file with a
//!   run of more, "Analysis SARIF file rejected due to result limits"), the most severe
//!   kept and the rest counted in the run's `properties.resultsOmitted`; the several-file
//!   SARIF (`verify A B -f sarif`, one run since left42) lists only the rules it reports,
//!   every `ruleIndex` resolving within its run.
//! - HTML: findings in the text and Markdown reports' order (errors first), not first-seen.
//! - JUnit of several files: the `<testsuites>` root carries `tests`, `failures` and
//!   `errors`, the sums of its suites' (what Jenkins and GitLab dashboards read there).
//! - `proxy --report` on a full device says so (ENOSPC) in the hint other outputs give.
//! - The proxy keeps one upstream connection per agent for an HTTP/1.1 client connection
//!   over TLS too (ux40b's gate): a single-threaded agent behind TLS no longer stalls.

use crate::common;
use crate::proxy_process;
use crate::single_threaded_agent;

use serde_json::Value;

use common::{
    card_without_tags_case as failing, demo_recording as clean, repo_root as root, run_bin as run,
    stderr_text as err,
};

/// A transcript whose first finding is a note (CARD-SHAPE-008: a 0.3 card without
/// preferredTransport) and whose second is an error (RPC-ID-001: an answer with another id).
const NOTE_THEN_ERROR: &str = r#"{"dir":"req","method":"GET","url":"http://127.0.0.1:8080/.well-known/agent-card.json","headers":{}}
{"dir":"resp","status":200,"headers":{"content-type":"application/json"},"body":{"name":"x","description":"d","version":"1","protocolVersion":"0.3.0","url":"http://127.0.0.1:8080/","capabilities":{},"defaultInputModes":["text/plain"],"defaultOutputModes":["text/plain"],"skills":[{"id":"s","name":"s","description":"d","tags":["t"]}]}}
{"dir":"req","method":"POST","url":"http://127.0.0.1:8080/","headers":{"content-type":"application/json"},"body":{"jsonrpc":"2.0","id":1,"method":"tasks/get","params":{"id":"t1"}}}
{"dir":"resp","status":200,"headers":{"content-type":"application/json"},"body":{"jsonrpc":"2.0","id":2,"result":{"id":"t1","contextId":"c","kind":"task","status":{"state":"completed"}}}}
"#;

/// 25,003 findings, the 3 first-seen of them notes, the rest errors: the SARIF run lists
/// 25,000, drops the notes (the least severe) and counts them in `resultsOmitted`; the
/// results keep first-seen order.
#[test]
fn sarif_run_lists_at_most_25000_results_the_most_severe() {
    let dir = tempfile::tempdir().unwrap();
    let t = dir.path().join("t.jsonl");
    std::fs::write(&t, NOTE_THEN_ERROR).unwrap();
    let input = a2a_interop::app::verify_cmd::verify_file(&t).unwrap();
    let mut report = a2a_interop::report::model::Report::build(&input);
    let note = report
        .findings
        .iter()
        .find(|f| f.rule == "CARD-SHAPE-008")
        .cloned()
        .expect("a note");
    let error = report
        .findings
        .iter()
        .find(|f| f.rule == "RPC-ID-001")
        .cloned()
        .expect("an error");
    report.findings.clear();
    for i in 0..25_003 {
        let mut f = if i < 3 { note.clone() } else { error.clone() };
        f.finding.message = format!("{} #{i}", f.finding.message);
        report.findings.push(f);
    }
    // no file: no locations, a smaller log
    report.source.path = None;
    let log: Value =
        serde_json::from_str(&a2a_interop::report::sarif::render(&report, &input).unwrap())
            .unwrap();
    let run = &log["runs"][0];
    let results = run["results"].as_array().unwrap();
    assert_eq!(results.len(), 25_000);
    assert_eq!(
        run["properties"]["resultsOmitted"], 3,
        "{}",
        run["properties"]
    );
    assert!(results.iter().all(|r| r["level"] == "error"));
    let first = results[0]["message"]["text"].as_str().unwrap();
    let last = results[24_999]["message"]["text"].as_str().unwrap();
    assert!(first.ends_with(" #3"), "{first}");
    assert!(last.ends_with(" #25002"), "{last}");
}

/// Under the cap nothing is dropped and `resultsOmitted` is absent.
#[test]
fn sarif_run_under_the_cap_is_whole() {
    let dir = tempfile::tempdir().unwrap();
    let t = dir.path().join("t.jsonl");
    std::fs::write(&t, NOTE_THEN_ERROR).unwrap();
    let input = a2a_interop::app::verify_cmd::verify_file(&t).unwrap();
    let report = a2a_interop::report::model::Report::build(&input);
    let log: Value =
        serde_json::from_str(&a2a_interop::report::sarif::render(&report, &input).unwrap())
            .unwrap();
    let run = &log["runs"][0];
    assert_eq!(
        run["results"].as_array().unwrap().len(),
        report.findings.len()
    );
    assert!(run["properties"].get("resultsOmitted").is_none());
    // one file's log still lists every rule (a catalogue of what was checked)
    assert!(run["tool"]["driver"]["rules"].as_array().unwrap().len() > 100);
}

/// `verify A B -f sarif`: the run (one for all files since left42) lists only the rules its
/// results name, each once, and every result's `ruleIndex` points at its own rule.
#[test]
fn batch_sarif_runs_list_only_the_rules_they_report() {
    let dir = tempfile::tempdir().unwrap();
    let note_error = dir.path().join("ne.jsonl");
    std::fs::write(&note_error, NOTE_THEN_ERROR).unwrap();
    let sarif = dir.path().join("all.sarif");
    let o = run(&[
        "verify",
        &clean(),
        &failing(),
        note_error.to_str().unwrap(),
        "-f",
        "sarif",
        "-o",
        sarif.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(1), "{}", err(&o));
    let log: Value = serde_json::from_str(&std::fs::read_to_string(&sarif).unwrap()).unwrap();
    let runs = log["runs"].as_array().unwrap();
    assert_eq!(runs.len(), 1);
    for run in runs {
        let rules = run["tool"]["driver"]["rules"].as_array().unwrap();
        let results = run["results"].as_array().unwrap();
        let mut named: Vec<&str> = results
            .iter()
            .map(|r| r["ruleId"].as_str().unwrap())
            .collect();
        named.sort_unstable();
        named.dedup();
        let mut listed: Vec<&str> = rules.iter().map(|r| r["id"].as_str().unwrap()).collect();
        listed.sort_unstable();
        assert_eq!(listed, named);
        for r in results {
            let i = r["ruleIndex"].as_u64().unwrap() as usize;
            assert_eq!(rules[i]["id"], r["ruleId"]);
        }
    }
    // the failing file's CARD-SHAPE-001 and CARD-SHAPE-008, the third's RPC-ID-001
    assert_eq!(
        runs[0]["tool"]["driver"]["rules"].as_array().unwrap().len(),
        3,
        "{}",
        runs[0]["tool"]["driver"]["rules"]
    );
}

/// The HTML report lists the error before the note seen earlier, as the text report does;
/// each finding keeps its anchor (`f-N`, its place in the JSON report) that the timeline
/// links to.
#[test]
fn html_lists_findings_by_severity_as_text_does() {
    let dir = tempfile::tempdir().unwrap();
    let t = dir.path().join("t.jsonl");
    std::fs::write(&t, NOTE_THEN_ERROR).unwrap();
    let html = dir.path().join("r.html");
    let o = run(&[
        "report",
        t.to_str().unwrap(),
        "-f",
        "html",
        "-o",
        html.to_str().unwrap(),
    ]);
    // (`report` judges no finding: --fail-on never)
    assert_eq!(o.status.code(), Some(0), "{}", err(&o));
    let h = std::fs::read_to_string(&html).unwrap();
    let error = h
        .find("<div class=\"finding error\" id=\"f-1\">")
        .expect("the error keeps anchor f-1");
    let note = h
        .find("<div class=\"finding note\" id=\"f-0\">")
        .expect("the note keeps anchor f-0");
    assert!(error < note, "the note is listed before the error");
    assert!(h.contains("href=\"#f-1\""), "the timeline links the error");
    // the text report's order
    let text = run(&["verify", t.to_str().unwrap()]);
    let s = String::from_utf8_lossy(&text.stdout);
    assert!(s.find("error[RPC-ID-001]").unwrap() < s.find("note[CARD-SHAPE-008]").unwrap());
}

/// `verify A B C -f junit`: the `<testsuites>` root carries `tests`, `failures` and
/// `errors`, each the sum over its suites, and stays valid against Jenkins' XSD.
#[test]
fn batch_junit_root_carries_the_totals() {
    let dir = tempfile::tempdir().unwrap();
    let x = dir.path().join("all.xml");
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
    ]);
    assert_eq!(o.status.code(), Some(2), "{}", err(&o));
    let xml = std::fs::read_to_string(&x).unwrap();
    let attr = |tag: &str, name: &str| -> u64 {
        let key = format!(" {name}=\"");
        let at = tag.find(&key).unwrap_or_else(|| panic!("{name} on {tag}")) + key.len();
        tag[at..at + tag[at..].find('"').unwrap()].parse().unwrap()
    };
    let root_tag = &xml[xml.find("<testsuites ").unwrap()..];
    let root_tag = &root_tag[..root_tag.find('>').unwrap()];
    let suites: Vec<&str> = xml
        .match_indices("<testsuite name=")
        .map(|(i, _)| {
            let t = &xml[i..];
            &t[..t.find('>').unwrap()]
        })
        .collect();
    assert_eq!(suites.len(), 5);
    for name in ["tests", "failures", "errors"] {
        let sum: u64 = suites.iter().map(|s| attr(s, name)).sum();
        assert_eq!(attr(root_tag, name), sum, "{name}: {root_tag}");
    }
    assert!(attr(root_tag, "failures") >= 1);
    assert_eq!(attr(root_tag, "errors"), 1);
    assert!(root_tag.contains(" time=\""), "{root_tag}");
    if let Ok(v) = std::process::Command::new("xmllint")
        .arg("--noout")
        .arg("--schema")
        .arg(root().join("tests/data/junit-10.xsd"))
        .arg(&x)
        .output()
    {
        assert!(v.status.success(), "{}", String::from_utf8_lossy(&v.stderr));
    }
}

/// `proxy --report /dev/full`: the report cannot be written at the stop (ENOSPC); the hint
/// says the device is full, as every other output's does (`app::full_disk_hint`), not only
/// "free disk space or give --report another path next time".
#[cfg(target_os = "linux")]
#[test]
fn proxy_report_on_a_full_device_says_enospc() {
    let dir = tempfile::tempdir().unwrap();
    let mut run = proxy_process::spawn_until_listening(
        std::process::Command::new(env!("CARGO_BIN_EXE_a2a-interop"))
            .current_dir(dir.path())
            .args(["proxy", "--listen", "127.0.0.1:0", "-q"])
            .args(["--upstream", "http://127.0.0.1:9", "--no-record"])
            .args(["--report", "/dev/full", "--format", "json"])
            .env("NO_COLOR", "1"),
        std::time::Duration::from_secs(30),
    );
    run.child.signal("TERM");
    let code = run
        .child
        .wait_for(std::time::Duration::from_secs(60), "proxy after SIGTERM");
    let stderr = run.rx.iter().collect::<Vec<_>>().join("\n");
    assert_eq!(code.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("/dev/full: No space left on device")
            && stderr.contains("hint: the report was printed above instead; the disk (or device) of the --report path is full (ENOSPC)"),
        "{stderr}"
    );
}

/// Reads one HTTP/1.1 answer with a `content-length` off `s`: its status line.
fn read_answer(s: &mut std::net::TcpStream) -> String {
    use std::io::Read as _;
    let mut head = Vec::new();
    let mut b = [0u8; 1];
    while !head.ends_with(b"\r\n\r\n") {
        let n = s.read(&mut b).expect("answer within the read time limit");
        assert_eq!(
            n,
            1,
            "connection closed after {:?}",
            String::from_utf8_lossy(&head)
        );
        head.push(b[0]);
    }
    let head = String::from_utf8_lossy(&head).into_owned();
    let len: usize = head
        .lines()
        .find_map(|l| {
            let (k, v) = l.split_once(':')?;
            k.eq_ignore_ascii_case("content-length")
                .then(|| v.trim().parse().ok())?
        })
        .unwrap_or(0);
    let mut body = vec![0u8; len];
    s.read_exact(&mut body).unwrap();
    head.lines().next().unwrap_or_default().to_string()
}

/// ux40b's one-connection-per-agent limit over TLS: the proxy in front of a single-threaded
/// HTTP/1.1 agent behind TLS; three client connections one after another, each with three
/// keep-alive requests (the card, two tasks/get). On main the pool's racing second TLS
/// connection was accepted once the first closed and held the agent, so each later client
/// connection's first request waited for the TLS handshake limit (10 s); now every round is
/// quick.
#[test]
fn proxy_to_a_single_threaded_tls_agent_keeps_one_connection() {
    use std::io::Write as _;
    if std::process::Command::new("python3")
        .arg("--version")
        .output()
        .is_err()
    {
        panic!("python3 is needed for the single-threaded agent");
    }
    let dir = tempfile::tempdir().unwrap();
    let ck = rcgen::generate_simple_self_signed(vec!["127.0.0.1".to_string()]).unwrap();
    let (cert, key) = (dir.path().join("cert.pem"), dir.path().join("key.pem"));
    std::fs::write(&cert, ck.cert.pem()).unwrap();
    std::fs::write(&key, ck.key_pair.serialize_pem()).unwrap();
    let (_agent, url) = single_threaded_agent::single_threaded_agent(Some((&cert, &key)));
    let (run, proxy) = proxy_process::start_proxy(&[
        "--upstream",
        &url,
        "--upstream-ca",
        cert.to_str().unwrap(),
        "--no-record",
    ]);
    let body = r#"{"jsonrpc":"2.0","id":1,"method":"tasks/get","params":{"id":"t1"}}"#;
    for round in 0..3 {
        let started = std::time::Instant::now();
        let mut s = std::net::TcpStream::connect(proxy).unwrap();
        s.set_read_timeout(Some(std::time::Duration::from_secs(30)))
            .unwrap();
        s.write_all(b"GET /.well-known/agent-card.json HTTP/1.1\r\nhost: x\r\n\r\n")
            .unwrap();
        assert!(read_answer(&mut s).contains(" 200"), "round {round}: card");
        for _ in 0..2 {
            s.write_all(
                format!(
                    "POST / HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\ncontent-length: {}\r\n\r\n{body}",
                    body.len()
                )
                .as_bytes(),
            )
            .unwrap();
            assert!(read_answer(&mut s).contains(" 200"), "round {round}: call");
        }
        drop(s);
        let took = started.elapsed();
        assert!(
            took < std::time::Duration::from_secs(5),
            "round {round} took {took:?}"
        );
    }
    let _ = run.terminate();
}

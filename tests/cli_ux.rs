//! What a tired engineer hits first with `verify` / `report` through the real binary:
//! nothing to verify (empty recording, empty HAR, every exchange a proxy 502) is said
//! plainly with exit 2; a torn last line is noted (line, bytes) in the report and on stderr;
//! `verify -` reads standard input; `report -o dir/x.md` creates the directory; one
//! finding per (rule, message, JSON Pointer) with all its evidence ("seen N times") in
//! every format.

use crate::child_guard;
use crate::common;
use crate::report_support;

use crate::proxy_support as support;

use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::process::{Output, Stdio};

use serde_json::{json, Value};

fn run(args: &[&str]) -> Output {
    common::bin()
        .env_remove("A2A_INTEROP_LOG")
        .args(args)
        .output()
        .expect("binary runs")
}

fn run_stdin(args: &[&str], input: &[u8]) -> Output {
    let mut child = child_guard::ChildGuard::spawn(
        common::bin()
            .env_remove("A2A_INTEROP_LOG")
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped()),
    );
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(input)
        .expect("write stdin");
    child.output_within(
        std::time::Duration::from_secs(120),
        "a2a-interop with standard input",
    )
}

fn out(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn err(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

fn s(p: &Path) -> &str {
    p.to_str().expect("utf-8 path")
}

fn demo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("recordings/demo.jsonl")
}

#[test]
fn an_empty_recording_or_har_verifies_nothing_and_exits_2() {
    let d = tempfile::tempdir().unwrap();
    let rec = report_support::empty_recording(d.path());
    let har = d.path().join("empty.har");
    std::fs::write(
        &har,
        json!({"log": {"version": "1.2", "creator": {"name": "x", "version": "1"}, "entries": []}})
            .to_string(),
    )
    .unwrap();
    for (file, cmd) in [(&rec, "verify"), (&har, "verify"), (&har, "report")] {
        let o = run(&[cmd, s(file)]);
        assert_eq!(
            o.status.code(),
            Some(2),
            "{cmd} {}: {}",
            file.display(),
            err(&o)
        );
        // a HAR's hint is about exporting it again, a recording's about what the proxy
        // reached (newcomer31 N3: an empty HAR got the --upstream / --intercept-tls hint)
        let hint = if file == &har {
            "export the HAR again from the tab or tool that made the calls, after they were made (browser devtools: Network panel, 'Preserve log' on, 'Save all as HAR with content'), or record them with `a2a-interop proxy`"
        } else {
            "record traffic that reaches the agent (reverse mode: is --upstream right and the agent up? forward mode with HTTPS clients: --intercept-tls)"
        };
        assert_eq!(
            err(&o).trim_end(),
            format!(
                "a2a-interop: nothing was verified in {}: the file holds no exchange; no conformance level; hint: {hint}",
                file.display()
            )
        );
        assert!(!out(&o).contains("conformance"), "{}", out(&o));
    }
}

/// A forward-mode recording of HTTPS clients without `--intercept-tls` holds only opaque
/// CONNECT tunnels (a real one, `tests/data/forward-tunnel-only.jsonl`): verify says so,
/// not "is --upstream right" (forward mode has none).
#[test]
fn a_recording_of_tunnels_only_says_interception_was_off() {
    let f = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/forward-tunnel-only.jsonl");
    let o = run(&["verify", s(&f)]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        err(&o).contains("only 1 opaque CONNECT tunnel (to 127.0.0.1:46800): a forward proxy sees no HTTP inside TLS unless it runs with --intercept-tls"),
        "{}",
        err(&o)
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_recording_where_no_exchange_reached_the_agent_verifies_nothing() {
    // the real recording pipeline in front of a port nobody listens on: every request
    // gets the proxy's own 502
    let (_dir, rec, p, base) = support::start_recording_to(support::dead_port()).await;
    let c = support::client_h1();
    for _ in 0..2 {
        let (status, _, _) = support::fetch(
            &c,
            support::get(&format!("{base}/.well-known/agent-card.json")),
        )
        .await;
        assert_eq!(status, 502);
    }
    p.finish().await.unwrap();
    let rec2 = rec.clone();
    let o = tokio::task::spawn_blocking(move || run(&["verify", s(&rec2), "-f", "json"]))
        .await
        .unwrap();
    assert_eq!(o.status.code(), Some(2), "{}", err(&o));
    assert!(
        err(&o).contains("nothing was verified in")
            && err(&o).contains(": none of the 2 exchanges reached the agent (the proxy answered each with its own 502: the first: upstream http://127.0.0.1:")
            && err(&o).contains("unreachable")
            && err(&o).contains("); no conformance level"),
        "{}",
        err(&o)
    );
    assert_eq!(out(&o), "", "no report claims a level");
}

#[test]
fn a_torn_last_line_is_noted_with_line_and_bytes() {
    let d = tempfile::tempdir().unwrap();
    let whole = std::fs::read(demo()).unwrap();
    // cut inside the last line, as a kill -9 of the writer leaves it
    let last_start = whole[..whole.len() - 1]
        .iter()
        .rposition(|&b| b == b'\n')
        .unwrap()
        + 1;
    let lines = whole[..last_start].iter().filter(|&&b| b == b'\n').count() as u64;
    let cut = last_start + 17;
    let torn = d.path().join("torn.jsonl");
    std::fs::write(&torn, &whole[..cut]).unwrap();
    let note = format!(
        "last line {} is torn (17 bytes dropped): the recording ended mid-write (the writer was killed, or its disk filled); that line was skipped",
        lines + 1
    );

    let o = run(&["verify", s(&torn)]);
    assert_eq!(o.status.code(), Some(0), "{}", err(&o));
    assert_eq!(
        err(&o).trim_end(),
        format!("a2a-interop: note: {}: {note}", torn.display())
    );
    assert!(
        out(&o).starts_with(&format!("note: torn.jsonl: {note}\n")),
        "{}",
        out(&o)
    );

    let o = run(&["report", s(&torn), "-f", "json"]);
    let doc: Value = serde_json::from_str(&out(&o)).unwrap();
    assert_eq!(
        doc["source"]["tornTail"],
        json!({"line": lines + 1, "bytes": 17})
    );
    let o = run(&["report", s(&torn), "-f", "markdown"]);
    assert!(
        out(&o).contains(&format!("- **note:** {note}")),
        "{}",
        out(&o)
    );

    // an intact recording has no note
    let o = run(&["verify", s(&demo()), "-f", "json"]);
    assert_eq!(err(&o), "");
    let doc: Value = serde_json::from_str(&out(&o)).unwrap();
    assert!(doc["source"].get("tornTail").is_none());
}

#[test]
fn verify_dash_reads_stdin_like_a_file() {
    let bytes = std::fs::read(demo()).unwrap();
    let from_file = run(&["verify", s(&demo()), "-f", "json"]);
    let from_stdin = run_stdin(&["verify", "-", "-f", "json"], &bytes);
    assert_eq!(from_stdin.status.code(), Some(0), "{}", err(&from_stdin));
    let a: Value = serde_json::from_str(&out(&from_file)).unwrap();
    let b: Value = serde_json::from_str(&out(&from_stdin)).unwrap();
    assert_eq!(b["source"]["path"], "-");
    assert_eq!(a["source"]["sha256"], b["source"]["sha256"]);
    assert_eq!(a["counts"], b["counts"]);
    assert_eq!(a["findings"], b["findings"]);
    // a transcript is sniffed from the content too
    let case = std::fs::read_dir(Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/cases"))
        .unwrap()
        .filter_map(Result::ok)
        .map(|e| e.path())
        .find(|p| p.extension().is_some_and(|x| x == "jsonl"))
        .expect("a transcript case");
    let t = run_stdin(
        &["verify", "-", "-f", "json"],
        &std::fs::read(&case).unwrap(),
    );
    let doc: Value = serde_json::from_str(&out(&t)).unwrap_or_else(|e| panic!("{e}: {}", err(&t)));
    assert_eq!(doc["source"]["format"], "transcript");
    // empty stdin: nothing verified, exit 2
    let e = run_stdin(&["verify", "-"], b"");
    assert_eq!(e.status.code(), Some(2));
    assert!(
        err(&e).starts_with("a2a-interop: -: not a recording, transcript or HAR"),
        "{}",
        err(&e)
    );
}

#[test]
fn report_output_creates_missing_parent_directories() {
    let d = tempfile::tempdir().unwrap();
    let md = d.path().join("a/b/x.md");
    let json = d.path().join("c/x.json");
    let o = run(&["report", s(&demo()), "-o", s(&md), "-o", s(&json)]);
    assert_eq!(o.status.code(), Some(0), "{}", err(&o));
    assert!(std::fs::read_to_string(&md)
        .unwrap()
        .starts_with("# A2A interoperability report"));
    let doc: Value = serde_json::from_slice(&std::fs::read(&json).unwrap()).unwrap();
    assert_eq!(doc["counts"]["exchanges"], 24);
}

/// A card that breaks a MUST (no `supportedInterfaces`, no `version`).
const BAD_CARD: &str = r#"{"name":"card agent","description":"d","capabilities":{},"defaultInputModes":["text/plain"],"defaultOutputModes":["text/plain"],"skills":[]}"#;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_card_fetched_before_every_call_is_one_finding_seen_n_times() {
    use hyper::body::Incoming;
    use hyper::{Request, Response};
    use std::sync::Arc;
    // a real agent whose card breaks a rule; a client fetches it three times
    let agent = support::serve(Arc::new(|_req: Request<Incoming>| {
        Box::pin(async move {
            Response::builder()
                .status(200)
                .header("content-type", "application/json")
                .body(support::full(BAD_CARD))
                .unwrap()
        })
    }))
    .await;
    let (dir, rec, p, base) = support::start_recording_to(agent).await;
    let c = support::client_h1();
    for _ in 0..3 {
        let (status, _, _) = support::fetch(
            &c,
            support::get(&format!("{base}/.well-known/agent-card.json")),
        )
        .await;
        assert_eq!(status, 200);
    }
    let out_verify = p.finish().await.unwrap();
    let per_fetch: Vec<_> = out_verify
        .verify
        .findings
        .iter()
        .filter(|f| f.rule.starts_with("CARD"))
        .collect();
    assert!(
        per_fetch.len() >= 3,
        "the verifier finds it on each fetch: {per_fetch:#?}"
    );
    let d = dir.path().to_path_buf();
    let rec2 = rec.clone();
    let outs = tokio::task::spawn_blocking(move || {
        let args = |f: &str, o: &str| {
            run(&["report", s(&rec2), "-f", f, "-o", s(&d.join(o))]);
            std::fs::read_to_string(d.join(o)).unwrap()
        };
        (
            args("json", "r.json"),
            args("text", "r.txt"),
            args("markdown", "r.md"),
            args("junit", "r.xml"),
        )
    })
    .await
    .unwrap();
    let doc: Value = serde_json::from_str(&outs.0).unwrap();
    let findings = doc["findings"].as_array().unwrap();
    // one entry per (rule, message, pointer), each seen 3 times with 3 exchanges
    let mut keys: Vec<(String, String, String)> = findings
        .iter()
        .map(|f| {
            (
                f["rule"].as_str().unwrap().to_string(),
                f["message"].as_str().unwrap().to_string(),
                f["evidence"][0]["pointer"]
                    .as_str()
                    .unwrap_or("")
                    .to_string(),
            )
        })
        .collect();
    let n = keys.len();
    keys.sort();
    keys.dedup();
    assert_eq!(keys.len(), n, "no repeated finding: {findings:#?}");
    assert!(!findings.is_empty());
    let card: Vec<&Value> = findings
        .iter()
        .filter(|f| f["rule"].as_str().unwrap().starts_with("CARD"))
        .collect();
    assert!(!card.is_empty(), "{findings:#?}");
    for f in card {
        assert_eq!(f["seen"], 3, "{f:#}");
        let mut xs: Vec<&str> = f["evidence"]
            .as_array()
            .unwrap()
            .iter()
            .filter_map(|e| e["exchange"].as_str())
            .collect();
        xs.dedup();
        assert_eq!(xs, vec!["e1", "e2", "e3"], "{f:#}");
    }
    assert_eq!(
        doc["summary"]["errors"].as_u64().unwrap() as usize,
        findings.iter().filter(|f| f["severity"] == "error").count()
    );
    let first = &findings[0];
    let rule = first["rule"].as_str().unwrap();
    let seen = "seen: 3 times, in 3 exchanges: e1, e2, e3";
    assert_eq!(
        outs.1.matches(&format!("[{rule}]: ")).count(),
        1,
        "{}",
        outs.1
    );
    assert!(outs.1.contains(&format!("= {seen}")), "{}", outs.1);
    assert!(
        outs.2.contains("(seen 3 times)") && outs.2.contains(&format!("- {seen}")),
        "{}",
        outs.2
    );
    assert!(outs.3.contains(seen), "{}", outs.3);
    // validated against the schema like every JSON report
    let schema: Value = serde_json::from_str(
        &std::fs::read_to_string(
            Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/report-schema.json"),
        )
        .unwrap(),
    )
    .unwrap();
    let v = jsonschema::validator_for(&schema).unwrap();
    let errors: Vec<String> = v.iter_errors(&doc).map(|e| e.to_string()).collect();
    assert!(errors.is_empty(), "{errors:#?}");
}

/// A transcript's evidence names the line of the file a person edits (`line 8`), not the
/// event number the reader gave it: CASE-05's stream event is line 3, the agent's
/// "task not found" line 8.
#[test]
fn transcript_evidence_names_file_lines() {
    let case = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/cases/CASE-05.jsonl");
    let o = run(&["verify", s(&case)]);
    let text = out(&o);
    assert!(
        text.contains("CASE-05.jsonl e1 line 3 (POST /a2a -> 200)")
            && text.contains("CASE-05.jsonl e2 line 8 (POST /a2a -> 200) at JSON $.error.code"),
        "{text}"
    );
    let md = out(&run(&["report", s(&case), "-f", "markdown", "-o", "-"]));
    assert!(md.contains("line 8 (POST /a2a -> 200)"), "{md}");
}

/// Text from the traffic never drives the terminal or reorders a report: an Agent Card
/// whose strings carry ESC sequences, CR, backspace and a bidi override (a hostile agent
/// rewriting a `fail` line into `pass`) is reported with them as visible escapes in text,
/// Markdown and HTML; the finding itself stays.
#[test]
fn control_characters_from_the_traffic_are_shown_not_obeyed() {
    let dir = tempfile::tempdir().unwrap();
    let t = dir.path().join("nasty.jsonl");
    let card = json!({"name":"n","description":"d","version":"1","supportedInterfaces":[{"url":"https://a.example.test/a2a","protocolBinding":"JSONRPC","protocolVersion":"1.0.\u{1b}[2K\r\u{1b}[32mpass\u{8}\u{202e}x\nfake"}],"capabilities":{},"defaultInputModes":["text/plain"],"defaultOutputModes":["text/plain"],"skills":[]});
    let lines = [
        json!({"dir":"req","method":"GET","url":"https://a.example.test/.well-known/agent-card.json","headers":{}}),
        json!({"dir":"resp","status":200,"headers":{"content-type":"application/json"},"body":card.to_string()}),
    ];
    std::fs::write(
        &t,
        lines
            .iter()
            .map(|l| l.to_string() + "\n")
            .collect::<String>(),
    )
    .unwrap();
    let text = out(&run(&["verify", s(&t)]));
    for (fmt, shown) in [
        ("text", text),
        (
            "markdown",
            out(&run(&["report", s(&t), "-f", "markdown", "-o", "-"])),
        ),
        (
            "html",
            out(&run(&["report", s(&t), "-f", "html", "-o", "-"])),
        ),
    ] {
        assert!(shown.contains("CARD-SHAPE-005"), "{fmt}: {shown}");
        for bad in ['\u{1b}', '\r', '\u{8}', '\u{202e}'] {
            assert!(!shown.contains(bad), "{fmt} has {bad:?}: {shown:?}");
        }
        assert!(shown.contains("\\u001b[2K\\r"), "{fmt}: {shown}");
        // the message stays on its line (HTML flows text: a line feed there is a space)
        if fmt != "html" {
            assert!(
                !shown.lines().any(|l| l.starts_with("fake")),
                "{fmt}: {shown}"
            );
        }
    }
}

//! q25c (session 25 quality items): SARIF locations cite evidence as every other report does
//! (`e2 #10`, not the bare `#10`); the proxy's stop summary counts the SSE streams and
//! answers the stop cut open; a report path whose extension names no format (`out.pdf`) is
//! refused before anything runs; a recording whose `exchange_end` line was deleted says the
//! line is missing, not that the exchange never ended. Real files, the built binary, a real proxy over loopback in
//! front of the reference agent (`demo --agent-only`) or a small real server.

use crate::proxy_process;

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{SocketAddr, TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use proxy_process::{reference_agent, run_in, send_until, start_proxy};

use serde_json::Value;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
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
        assert!(
            !arrows.is_empty(),
            "{f}: findings expected\n{}",
            text(&t.stdout)
        );

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

/// A JSON-RPC 1.0 `SendStreamingMessage` with `text` sent to the proxy at `addr` over a raw
/// loopback connection, read until `needle` has arrived (at most 30 s): the open connection.
fn stream_until(addr: SocketAddr, id: u32, text: &str, needle: &str) -> (TcpStream, String) {
    let body = format!(
        r#"{{"jsonrpc":"2.0","id":{id},"method":"SendStreamingMessage","params":{{"message":{{"messageId":"m{id}","role":"ROLE_USER","parts":[{{"text":"{text}"}}]}}}}}}"#
    );
    send_until(addr, &body, needle)
}

/// The proxy's stderr line containing `needle`, if any.
fn line_of<'a>(stderr: &'a str, needle: &str) -> Option<&'a str> {
    stderr.lines().find(|l| l.contains(needle))
}

/// Item 2: SIGTERM while two SSE streams of the reference agent are open (its `cancel`
/// skill works until canceled): once the grace is over the stop summary says the two
/// streams were still open and cut by the stop, naming their exchanges, as `verify` of
/// the recording lists them as not judged. The old summary said only how many events were
/// recorded. Legal control: a stream read to its end before the stop (`slow` skill) is not
/// counted and the line is absent.
#[test]
fn the_stop_summary_counts_the_streams_it_cut_open() {
    let (_agent, url) = reference_agent();
    let dir = tempfile::tempdir().unwrap();
    let rec = dir.path().join("cut.jsonl");
    let (proxy, addr) = start_proxy(&[
        "--upstream",
        &url,
        "--record",
        rec.to_str().unwrap(),
        "--shutdown-grace",
        "1",
    ]);
    let (_a, _) = stream_until(addr, 1, "cancel first", "TASK_STATE_WORKING");
    let (_b, _) = stream_until(addr, 2, "cancel second", "TASK_STATE_WORKING");
    let stderr = proxy.terminate();
    let line = line_of(&stderr, "when the proxy stopped").unwrap_or_else(|| {
        panic!("no cut-open line in the stop summary:\n{stderr}");
    });
    assert_eq!(
        line,
        "a2a-interop proxy: 2 SSE streams were still open when the proxy stopped: closed by the stop (outcome `open`), their end not judged (`a2a-interop verify` and the report list them as not judged); hint: stop once the calls have ended, or give them longer with --shutdown-grace (now 1 s); a stream that should have ended and never does: `a2a-interop probe AGENT_URL` says whether the agent ends its streams (its streaming.terminal test)"
    );
    // the two streams named after it (q26a) in the order the stop ended them, as verify
    // lists them
    let named: Vec<&str> = stderr
        .lines()
        .filter_map(|l| l.strip_prefix("a2a-interop proxy:   not judged: "))
        .map(|l| l.split(' ').next().unwrap())
        .collect();
    let ids = named.join(", ");
    assert!(ids == "e1, e2" || ids == "e2, e1", "{stderr}");
    let v = run_in(dir.path(), &["verify", "cut.jsonl"]);
    let out = text(&v.stdout);
    assert!(
        out.contains(&format!(
            "not judged: 2 exchanges ({ids}): the recording ended with the stream open"
        )),
        "{out}"
    );

    // legal control: a stream that ended before the stop is not cut open
    let rec = dir.path().join("whole.jsonl");
    let (proxy, addr) = start_proxy(&["--upstream", &url, "--record", rec.to_str().unwrap()]);
    let (_c, got) = stream_until(addr, 3, "slow hello", "TASK_STATE_COMPLETED");
    assert!(got.contains("fox."), "{got}");
    let stderr = proxy.terminate();
    assert!(
        line_of(&stderr, "when the proxy stopped").is_none(),
        "{stderr}"
    );
    assert!(line_of(&stderr, "events recorded in").is_some(), "{stderr}");
}

/// Item 2, the same kind for a plain answer: a small real agent sends the head and part of a
/// JSON-RPC answer with a larger Content-Length and then holds the connection. SIGTERM while
/// the answer is still arriving: the stop summary counts it, as verify lists it.
#[test]
fn the_stop_summary_counts_an_answer_still_arriving() {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let agent = listener.local_addr().unwrap();
    let done = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    let held = done.clone();
    std::thread::spawn(move || {
        for s in listener.incoming() {
            let Ok(mut s) = s else { return };
            let held = held.clone();
            std::thread::spawn(move || {
                // the proxy's start-up checks (a bare connect, `OPTIONS *`) get a whole
                // answer; the A2A call gets the head and part of its body, then nothing
                let mut r = BufReader::new(s.try_clone().unwrap());
                let mut head = String::new();
                let mut len = 0usize;
                loop {
                    let mut l = String::new();
                    if r.read_line(&mut l).unwrap_or(0) == 0 {
                        return;
                    }
                    if let Some(v) = l.to_ascii_lowercase().strip_prefix("content-length:") {
                        len = v.trim().parse().unwrap();
                    }
                    head.push_str(&l);
                    if l == "\r\n" {
                        break;
                    }
                }
                if !head.starts_with("POST ") {
                    let _ = s.write_all(b"HTTP/1.1 204 No Content\r\nconnection: close\r\n\r\n");
                    return;
                }
                let mut body = vec![0u8; len];
                r.read_exact(&mut body).unwrap();
                let part = br#"{"jsonrpc":"2.0","id":7,"result":{"#;
                write!(
                    s,
                    "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 300\r\n\r\n"
                )
                .unwrap();
                s.write_all(part).unwrap();
                s.flush().unwrap();
                // hold the answer open until the test is over (at most 120 s)
                let end = Instant::now() + Duration::from_secs(120);
                while !held.load(std::sync::atomic::Ordering::Relaxed) && Instant::now() < end {
                    std::thread::sleep(Duration::from_millis(50));
                }
            });
        }
    });
    let dir = tempfile::tempdir().unwrap();
    let rec = dir.path().join("cut.jsonl");
    let (proxy, addr) = start_proxy(&[
        "--upstream",
        &format!("http://{agent}"),
        "--record",
        rec.to_str().unwrap(),
        "--shutdown-grace",
        "1",
    ]);
    let body = r#"{"jsonrpc":"2.0","id":7,"method":"SendMessage","params":{"message":{"messageId":"m7","role":"ROLE_USER","parts":[{"text":"hi"}]}}}"#;
    let (_c, _) = send_until(addr, body, r#""result":{"#);
    let stderr = proxy.terminate();
    done.store(true, std::sync::atomic::Ordering::Relaxed);
    let line = line_of(&stderr, "when the proxy stopped").unwrap_or_else(|| {
        panic!("no cut-open line in the stop summary:\n{stderr}");
    });
    assert!(
        line.contains("1 response was still arriving when the proxy stopped: closed by the stop (outcome `open`), its end not judged"),
        "{line}"
    );
    assert!(
        line_of(&stderr, "a2a-interop proxy:   not judged: e1 (POST / SendMessage, open ")
            .is_some_and(|l| l.ends_with(" s): the recording ended with the response still arriving (34 of its 300 Content-Length bytes): response body not judged")),
        "{stderr}"
    );
    let v = run_in(dir.path(), &["verify", "cut.jsonl"]);
    assert!(
        text(&v.stdout).contains("the recording ended with the response still arriving"),
        "{}",
        text(&v.stdout)
    );
}

/// A loopback port nothing listens on, held for the rest of the test process (no other
/// test can listen on it meanwhile: [`proxy_process::ReservedPort`]).
fn dead_port() -> u16 {
    proxy_process::ReservedPort::bind().hold().port()
}

/// Item 3 (newcomer24 N9): `proxy --report out.pdf` (also `.docx`, `.xlsx`, `.jsonl`) ran
/// the session and wrote Markdown under that name at the stop. Now refused at start-up
/// (exit 2, one line, nothing listens, no file), naming the extension, every format with its
/// extension and the --format flag; `verify`/`probe`/`demo -o out.pdf` say the same. Legal
/// controls: every documented extension, an extension-less path (Markdown) and `out.pdf
/// --format html` still run and write that format.
#[test]
fn a_report_path_naming_no_format_is_refused_before_anything_runs() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let upstream = format!("http://127.0.0.1:{}", dead_port());
    let formats = [
        "text (.txt)",
        "json (.json)",
        "markdown (.md)",
        "junit (.xml)",
        "sarif (.sarif)",
        "html (.html)",
    ];
    for name in ["out.pdf", "report.docx", "r.XLSX", "findings.jsonl"] {
        let o = run_in(
            d,
            &[
                "proxy",
                "--listen",
                "127.0.0.1:0",
                "--upstream",
                &upstream,
                "--no-record",
                "--report",
                name,
            ],
        );
        let err = text(&o.stderr);
        assert_eq!(o.status.code(), Some(2), "{name}: {err}");
        assert_eq!(
            err.lines().count(),
            1,
            "{name}: one line, nothing ran: {err}"
        );
        let ext = &name[name.rfind('.').unwrap()..];
        assert!(
            err.starts_with(&format!(
                "a2a-interop: --report {name}: {ext} names no report format a2a-interop writes"
            )),
            "{err}"
        );
        for f in formats {
            assert!(err.contains(f), "{name}: {f} not named: {err}");
        }
        assert!(err.contains("--format F"), "{err}");
        assert!(!d.join(name).exists(), "{name} was created");
    }
    // the -o of the other commands, refused before they run, in the same words
    let probe_url = format!("http://127.0.0.1:{}", dead_port());
    for args in [
        vec!["verify", "x.jsonl", "-o", "out.pdf"],
        vec!["probe", &probe_url, "-o", "out.pdf"],
        vec!["demo", "-o", "out.pdf"],
    ] {
        std::fs::copy(root().join("tests/cases/CASE-05.jsonl"), d.join("x.jsonl")).unwrap();
        let o = run_in(d, &args);
        let err = text(&o.stderr);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {err}");
        assert!(
            err.contains("-o out.pdf, and .pdf names no report format a2a-interop writes"),
            "{args:?}: {err}"
        );
        assert!(
            err.contains("html (.html)") && err.contains("--format F"),
            "{err}"
        );
        assert!(!d.join("out.pdf").exists());
    }

    // legal controls: each runs, and its report is in the format the path (or --format) names
    let cases: [(&str, Option<&str>, &str); 9] = [
        ("r.md", None, "# A2A interoperability report"),
        ("r.json", None, "{"),
        ("r.xml", None, "<?xml"),
        ("r.html", None, "<!DOCTYPE html>"),
        ("r.sarif", None, "{"),
        ("r.txt", None, "0 errors"),
        ("report", None, "# A2A interoperability report"),
        ("out.pdf", Some("html"), "<!DOCTYPE html>"),
        ("r.markdown", None, "# A2A interoperability report"),
    ];
    for (name, format, starts) in cases {
        let path = d.join(name);
        let p = path.to_str().unwrap();
        let mut args = vec!["--upstream", &upstream, "--no-record", "--report", p];
        if let Some(f) = format {
            args.extend(["--format", f]);
        }
        let (proxy, _) = start_proxy(&args);
        proxy.terminate();
        let body = std::fs::read_to_string(&path).unwrap();
        assert!(
            body.starts_with(starts),
            "{name}: {starts:?} expected:\n{body}"
        );
        if name == "r.sarif" {
            assert!(body.contains("\"version\": \"2.1.0\""), "{body}");
        }
        if name == "r.json" {
            assert!(body.contains("a2a-interop/report/v1"), "{body}");
        }
    }
}

/// The repository's reference-agent recording with the lines whose `seq` is in `drop`
/// deleted, written to `dir/name`.
fn edited_recording(dir: &Path, name: &str, drop: &[u64]) -> PathBuf {
    let full = std::fs::read_to_string(root().join("recordings/refagent-v1.0-rewrite-card.jsonl"))
        .unwrap();
    let mut out = String::new();
    for (i, l) in full.lines().enumerate() {
        // line 1 is the header; line n + 1 holds seq n (the recorder writes them so)
        let seq = i as u64;
        if i > 0 {
            let v: Value = serde_json::from_str(l).unwrap();
            assert_eq!(v["seq"], seq, "line {}", i + 1);
        }
        if !drop.contains(&seq) || i == 0 {
            out.push_str(l);
            out.push('\n');
        }
    }
    let p = dir.join(name);
    std::fs::write(&p, out).unwrap();
    p
}

const NO_END_LINE: &str = "its exchange_end line is missing from the file (the seq numbers skip after its last event: a line deleted or lost), so how it ended is unknown";

/// Item 4 (newcomer24 N10): a recording whose `exchange_end` line for e2 (seq 12, a unary
/// call) or e4 (seq 30, an SSE stream) was deleted by hand read "exchange never ended in
/// the recording". The seq numbers skip right there, so verify (text and JSON report) now
/// says that exchange's end line is missing from the file, and export says its seq numbers
/// skip. Legal controls: the untouched recording has no not-judged exchange; the last line
/// deleted (no seq evidence) keeps "never ended"; a gap before an open exchange's start
/// does not name that exchange; a deleted chunk of an exchange that then ends names none.
#[test]
fn a_deleted_exchange_end_line_is_named_as_missing_from_the_file() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    for (name, drop, id) in [("no-e2-end.jsonl", 12, "e2"), ("no-e4-end.jsonl", 30, "e4")] {
        edited_recording(d, name, &[drop]);
        let o = run_in(d, &["verify", name]);
        let out = text(&o.stdout);
        assert!(
            out.contains(&format!(
                "note: not judged: 1 exchange ({id}): {NO_END_LINE}"
            )),
            "{name}:\n{out}"
        );
        assert!(!out.contains("never ended"), "{name}:\n{out}");
        // the seq note (N4) still comes first
        assert!(
            text(&o.stderr).contains("1 event missing (lines deleted or lost)"),
            "{}",
            text(&o.stderr)
        );
        let j = run_in(d, &["verify", name, "-f", "json"]);
        let doc: Value = serde_json::from_slice(&j.stdout).unwrap();
        let why = doc.to_string();
        assert!(why.contains(NO_END_LINE), "{name}: {why}");
        let e = run_in(d, &["export", name, "--har", "out.har"]);
        let err = text(&e.stderr);
        assert_eq!(e.status.code(), Some(0), "{err}");
        assert!(
            err.contains(&format!("1 of them ({id}) never ended in the recording (the recording's seq numbers skip 1 event: an end line deleted or lost")),
            "{err}"
        );
    }

    // controls
    let o = run_in(
        &root(),
        &["verify", "recordings/refagent-v1.0-rewrite-card.jsonl"],
    );
    assert!(
        !text(&o.stdout).contains("not judged"),
        "{}",
        text(&o.stdout)
    );
    // the last line (e12's end, seq 70): nothing shows a line is missing
    edited_recording(d, "no-last.jsonl", &[70]);
    let out = text(&run_in(d, &["verify", "no-last.jsonl"]).stdout);
    assert!(
        out.contains("note: not judged: 1 exchange (e12): exchange never ended in the recording"),
        "{out}"
    );
    assert!(!out.contains("exchange_end line is missing"), "{out}");
    // a chunk of e4 (seq 25) gone as well: the gap lies before e12 began
    edited_recording(d, "gap-before.jsonl", &[25, 70]);
    let out = text(&run_in(d, &["verify", "gap-before.jsonl"]).stdout);
    assert!(
        out.contains("not judged: 1 exchange (e12): exchange never ended in the recording"),
        "{out}"
    );
    assert!(!out.contains("exchange_end line is missing"), "{out}");
    // only a chunk gone: e4 still ends, no exchange is said to miss its end
    edited_recording(d, "chunk-gone.jsonl", &[25]);
    let out = text(&run_in(d, &["verify", "chunk-gone.jsonl"]).stdout);
    assert!(!out.contains("exchange_end line is missing"), "{out}");
    assert!(!out.contains("never ended"), "{out}");
}

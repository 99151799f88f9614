//! newcomer24: what a newcomer hit running the proxy in front of the official Python SDK
//! agent at 2 a.m. and then handling its recordings: a report or HAR path that named the
//! last run's recording replaced it (N1), refused start-ups that left empty recordings
//! behind (N2), an export that counted its HAR entries wrong (N3), a clean exit for a
//! recording with a line deleted (N4), no word that a recording was still being written
//! (N5), and probe summary findings that named no exchange (N6). Real processes, real
//! loopback sockets, real files; the official Python SDK agent for N6.

use crate::proxy_process;

use crate::harness;

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

use proxy_process::{run_in, spawn_until_listening};

const BIN: &str = env!("CARGO_BIN_EXE_a2a-interop");

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// A real recording of the reference agent (the repository's sample), copied to
/// `dir/name`: the evidence of an earlier run. Returns its path and bytes.
fn earlier_recording(dir: &Path, name: &str) -> (PathBuf, Vec<u8>) {
    let sample =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("recordings/refagent-v1.0-rewrite-card.jsonl");
    let bytes = std::fs::read(sample).unwrap();
    let p = dir.join(name);
    std::fs::write(&p, &bytes).unwrap();
    (p, bytes)
}

/// A loopback port nothing listens on, held for the rest of the test process (no other
/// test can listen on it meanwhile: [`proxy_process::ReservedPort`]).
fn dead_port() -> u16 {
    proxy_process::ReservedPort::bind().hold().port()
}

/// The files in `dir/recordings` (none when the directory does not exist).
fn recordings_in(dir: &Path) -> Vec<(String, u64)> {
    let Ok(rd) = std::fs::read_dir(dir.join("recordings")) else {
        return Vec::new();
    };
    let mut v: Vec<(String, u64)> = rd
        .map(|e| e.unwrap())
        .map(|e| {
            (
                e.file_name().to_string_lossy().into_owned(),
                e.metadata().unwrap().len(),
            )
        })
        .collect();
    v.sort();
    v
}

/// N1: `proxy --report session.jsonl` (the last run's `--record` file typed in the wrong
/// flag) ran the whole session and then put the Markdown report over that recording at the
/// stop; `verify -o`, `report -o`, `export --har` and `probe -o` did the same at once. Each
/// is now refused before anything runs (exit 2), naming the recording and a path to use,
/// and the recording is left byte for byte; an earlier report is still replaced as before.
#[test]
fn n1_an_output_path_holding_a_recording_is_refused_and_the_recording_kept() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let (session, bytes) = earlier_recording(d, "session.jsonl");
    let (input, _) = earlier_recording(d, "other.jsonl");
    let port = dead_port().to_string();
    let upstream = format!("http://127.0.0.1:{port}");
    let probe_url = format!("http://127.0.0.1:{}", dead_port());
    let cases: Vec<(Vec<&str>, &str, &str)> = vec![
        (
            vec![
                "proxy",
                "--listen",
                "127.0.0.1:0",
                "--upstream",
                &upstream,
                "--report",
                "session.jsonl",
            ],
            "--report session.jsonl holds an a2a-interop recording",
            "--report session.md",
        ),
        (
            vec!["verify", "other.jsonl", "-f", "json", "-o", "session.jsonl"],
            "-o session.jsonl holds an a2a-interop recording",
            "-o session.json",
        ),
        (
            vec!["report", "other.jsonl", "-f", "html", "-o", "session.jsonl"],
            "-o session.jsonl holds an a2a-interop recording",
            "-o session.html",
        ),
        (
            vec!["export", "other.jsonl", "--har", "session.jsonl"],
            "--har session.jsonl holds an a2a-interop recording",
            "--har session.har",
        ),
        (
            vec!["probe", &probe_url, "-f", "junit", "-o", "session.jsonl"],
            "-o session.jsonl holds an a2a-interop recording",
            "-o session.xml",
        ),
    ];
    for (args, cause, suggested) in &cases {
        let out = run_in(d, args);
        let err = text(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(err.contains(cause), "{args:?}: {err}");
        assert!(
            err.contains(&format!("({} bytes, started ", bytes.len())),
            "{args:?}: {err}"
        );
        assert!(err.contains("would erase it; hint: "), "{args:?}: {err}");
        assert!(err.contains(suggested), "{args:?}: {err}");
        // refused before anything ran: no listener, no probe request, one line
        assert!(!err.contains("listening on"), "{args:?}: {err}");
        assert_eq!(err.trim_end().lines().count(), 1, "{args:?}: {err}");
        assert_eq!(
            std::fs::read(&session).unwrap(),
            bytes,
            "{args:?} changed the recording"
        );
    }
    // the recording still verifies as the recording it was
    let out = run_in(d, &["verify", "session.jsonl"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    // an earlier report (not a recording) is replaced as before
    std::fs::write(d.join("r.md"), "# an earlier report\n").unwrap();
    let out = run_in(d, &["verify", input.to_str().unwrap(), "-o", "r.md"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let report = std::fs::read_to_string(d.join("r.md")).unwrap();
    assert!(
        report.starts_with("# A2A interoperability report"),
        "{report}"
    );
}

/// N2: every `proxy` refused at start-up without `--record` (a `--report` it cannot write,
/// an `--upstream` that is its own `--listen`) left an empty
/// `recordings/proxy-<time>.jsonl` behind, which `verify` then calls "empty" and the next
/// refused start added another of. Now nothing is left; a proxy that started keeps its
/// recording (its header) as before.
#[test]
fn n2_a_proxy_refused_at_start_up_leaves_no_empty_recording() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    earlier_recording(d, "session.jsonl");
    let port = dead_port();
    let upstream = format!("http://127.0.0.1:{port}");
    let own = format!("127.0.0.1:{port}");
    let refused: Vec<Vec<&str>> = vec![
        vec![
            "proxy",
            "--listen",
            "127.0.0.1:0",
            "--upstream",
            &upstream,
            "--report",
            "session.jsonl",
        ],
        vec!["proxy", "--listen", &own, "--upstream", &upstream],
        vec![
            "proxy",
            "--listen",
            "127.0.0.1:0",
            "--upstream",
            &upstream,
            "--report",
            "/proc/self/no/r.md",
        ],
    ];
    for args in &refused {
        let out = run_in(d, args);
        assert_eq!(
            out.status.code(),
            Some(2),
            "{args:?}: {}",
            text(&out.stderr)
        );
        assert_eq!(recordings_in(d), vec![], "{args:?}: {}", text(&out.stderr));
    }
    // a proxy that starts keeps its default recording, header and all
    let mut run = spawn_until_listening(
        Command::new(BIN).current_dir(d).args([
            "proxy",
            "--listen",
            "127.0.0.1:0",
            "-q",
            "--upstream",
            &upstream,
        ]),
        Duration::from_secs(30),
    );
    run.child.signal("TERM");
    let code = run
        .child
        .wait_for(Duration::from_secs(60), "proxy after SIGTERM");
    assert_eq!(code.code(), Some(0));
    let left = recordings_in(d);
    assert_eq!(left.len(), 1, "{left:?}");
    assert!(left[0].0.starts_with("proxy-") && left[0].1 > 0, "{left:?}");
}

/// A recording of the proxy in front of an agent on loopback whose SSE stream stays open:
/// the proxy's recording while the stream is still open (as `export` reads it mid-run),
/// copied when its response head and first event are on disk. `during` is called with the
/// live recording's path while the proxy still runs and the stream is still open.
fn recording_with_an_open_stream(dir: &Path, during: &dyn Fn(&Path)) -> PathBuf {
    use std::io::{BufRead as _, BufReader, Read as _, Write as _};
    // the agent: answers one POST with an SSE head and one event, then holds the stream
    let agent = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let agent_addr = agent.local_addr().unwrap();
    let (hold_tx, hold_rx) = std::sync::mpsc::channel::<()>();
    std::thread::spawn(move || {
        // the proxy's start-up checks (a TCP connect, an `OPTIONS *`) come first: each
        // connection that is not the POST gets a 404 and is closed
        for conn in agent.incoming() {
            let Ok(mut s) = conn else { continue };
            let mut r = BufReader::new(s.try_clone().unwrap());
            let mut head = Vec::new();
            let mut len = 0usize;
            loop {
                let mut line = String::new();
                if r.read_line(&mut line).unwrap_or(0) == 0 {
                    break;
                }
                if let Some(v) = line.to_ascii_lowercase().strip_prefix("content-length:") {
                    len = v.trim().parse().unwrap();
                }
                let end = line == "\r\n";
                head.push(line);
                if end {
                    break;
                }
            }
            if !head.first().is_some_and(|l| l.starts_with("POST ")) {
                let _ = s.write_all(
                    b"HTTP/1.1 404 Not Found\r\ncontent-length: 0\r\nconnection: close\r\n\r\n",
                );
                continue;
            }
            let mut body = vec![0; len];
            r.read_exact(&mut body).unwrap();
            let event = r#"data: {"jsonrpc":"2.0","id":1,"result":{"task":{"id":"t1","contextId":"c1","status":{"state":"TASK_STATE_WORKING"}}}}"#;
            let chunk = format!("{event}\n\n");
            write!(
                s,
                "HTTP/1.1 200 OK\r\ncontent-type: text/event-stream\r\ntransfer-encoding: chunked\r\n\r\n{:x}\r\n{chunk}\r\n",
                chunk.len()
            )
            .unwrap();
            s.flush().unwrap();
            // the stream stays open until the test is done with the recording
            let _ = hold_rx.recv_timeout(Duration::from_secs(120));
            return;
        }
    });
    let rec = dir.join("live.jsonl");
    let mut run = spawn_until_listening(
        Command::new(BIN).current_dir(dir).args([
            "proxy",
            "--listen",
            "127.0.0.1:0",
            "-q",
            "--upstream",
            &format!("http://{agent_addr}"),
            "--record",
            rec.to_str().unwrap(),
        ]),
        Duration::from_secs(30),
    );
    let proxy = run.addr.trim_end_matches('/').to_string();
    // the client: sends a streaming request and reads until the first event came through
    let mut c = std::net::TcpStream::connect(&proxy).unwrap();
    let body = r#"{"jsonrpc":"2.0","id":1,"method":"SendStreamingMessage","params":{"message":{"role":"ROLE_USER","messageId":"m1","parts":[{"text":"long"}]}}}"#;
    write!(
        c,
        "POST / HTTP/1.1\r\nhost: {proxy}\r\ncontent-type: application/json\r\na2a-version: 1.0\r\ncontent-length: {}\r\n\r\n{body}",
        body.len()
    )
    .unwrap();
    c.set_read_timeout(Some(Duration::from_secs(30))).unwrap();
    let mut got = Vec::new();
    let mut buf = [0u8; 4096];
    while !text(&got).contains("TASK_STATE_WORKING") {
        let n = c.read(&mut buf).expect("the first event within 30 s");
        assert!(n > 0, "stream closed early: {}", text(&got));
        got.extend_from_slice(&buf[..n]);
    }
    // the recorder writes the event soon after it was forwarded: wait for it on disk
    let end = std::time::Instant::now() + Duration::from_secs(30);
    let copy = dir.join("mid-run.jsonl");
    loop {
        let now = std::fs::read_to_string(&rec).unwrap_or_default();
        if now.contains(r#""type":"response_chunk""#) && now.ends_with('\n') {
            std::fs::write(&copy, now).unwrap();
            break;
        }
        assert!(
            std::time::Instant::now() < end,
            "no response_chunk on disk: {now}"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
    during(&rec);
    run.child.signal("TERM");
    run.child
        .wait_for(Duration::from_secs(60), "proxy after SIGTERM");
    drop(hold_tx);
    copy
}

/// N3: `export` of a recording whose stream was still open (read while the proxy ran, or
/// cut short) said "wrote live.har (0 HAR entries, one per exchange)" while the HAR held
/// the open exchange's entry: the count was taken before the open exchanges were written.
/// The line now counts every entry written and names the exchanges that never ended.
#[test]
fn n3_export_counts_the_entries_of_exchanges_still_open() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let rec = recording_with_an_open_stream(d, &|_| {});
    let out = run_in(d, &["export", rec.to_str().unwrap(), "--har", "live.har"]);
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{err}");
    let har: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(d.join("live.har")).unwrap()).unwrap();
    let entries = har["log"]["entries"].as_array().unwrap();
    assert_eq!(entries.len(), 1, "{har}");
    assert!(
        err.contains("wrote live.har (1 HAR entry, one per exchange; 1 of them (e1) never ended in the recording (still being written, or cut short): written as far as recorded)"),
        "{err}"
    );
    // a whole recording has no such clause, and its count is its exchanges
    let (whole, _) = earlier_recording(d, "whole.jsonl");
    let out = run_in(
        d,
        &["export", whole.to_str().unwrap(), "--har", "whole.har"],
    );
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{err}");
    let har: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(d.join("whole.har")).unwrap()).unwrap();
    let n = har["log"]["entries"].as_array().unwrap().len();
    assert!(n > 1);
    assert!(
        err.contains(&format!(
            "wrote whole.har ({n} HAR entries, one per exchange) from "
        )),
        "{err}"
    );
}

/// N4: a clean recording with one line deleted by hand (or lost) verified with exit 0, a
/// clean verdict, while the note said "findings about the exchanges involved may be wrong
/// or missing"; `--skip-bad-lines` on a damaged line already exits at least 1 for the same
/// reason. Now events missing, moved or reused make the exit status at least 1 too (also
/// `report`, also `--fail-on never`), with a line saying why; an exact duplicate line, read
/// once, changes nothing.
#[test]
fn n4_a_recording_with_a_line_deleted_is_no_clean_verdict() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let (whole, bytes) = earlier_recording(d, "whole.jsonl");
    let out = run_in(d, &["verify", whole.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let lines: Vec<&str> = std::str::from_utf8(&bytes).unwrap().lines().collect();
    assert!(lines.len() > 20);
    // line 10 (seq 9) deleted; line 10 duplicated; lines 10 and 11 swapped
    let edit = |name: &str, f: &dyn Fn(usize, &str) -> Vec<String>| {
        let text: String = lines
            .iter()
            .enumerate()
            .flat_map(|(i, l)| f(i + 1, l))
            .map(|l| l + "\n")
            .collect();
        std::fs::write(d.join(name), text).unwrap();
    };
    edit("deleted.jsonl", &|n, l| {
        if n == 10 {
            vec![]
        } else {
            vec![l.to_string()]
        }
    });
    edit("doubled.jsonl", &|n, l| {
        if n == 10 {
            vec![l.to_string(), l.to_string()]
        } else {
            vec![l.to_string()]
        }
    });
    let (ten, eleven) = (lines[9], lines[10]);
    edit("moved.jsonl", &|n, l| match n {
        10 => vec![eleven.to_string()],
        11 => vec![ten.to_string()],
        _ => vec![l.to_string()],
    });
    for (file, args) in [
        ("deleted.jsonl", vec!["verify"]),
        ("deleted.jsonl", vec!["verify", "--fail-on", "never"]),
        ("deleted.jsonl", vec!["report"]),
        ("moved.jsonl", vec!["verify"]),
    ] {
        let mut all = args.clone();
        all.insert(1, file);
        let out = run_in(d, &all);
        let err = text(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{all:?}: {err}");
        assert!(
            err.contains("seq does not rise by 1 per line ("),
            "{all:?}: {err}"
        );
        assert!(
            err.contains(&format!(
                "a2a-interop: exit 1: {file} is not the recording as it was written (the seq note above), so this verdict covers part of the traffic and is not a clean one"
            )),
            "{all:?}: {err}"
        );
    }
    let out = run_in(d, &["verify", "doubled.jsonl"]);
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{err}");
    assert!(err.contains("1 exact duplicate line"), "{err}");
    assert!(!err.contains("exit 1"), "{err}");
}

/// N5: `verify` of the recording while the proxy was still writing it (a newcomer's first
/// look, mid-run) said only "not judged: 1 exchange (e1): exchange never ended in the
/// recording", as for a damaged file. It now says the file is still being recorded by a
/// running process and to verify it again once that run has stopped; a copy, or the file
/// after the run, gets no such note.
#[test]
fn n5_verify_of_a_recording_still_being_written_says_so() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let note = "is still being recorded by a running a2a-interop process: this verdict covers the events written so far (exchanges still open are not judged); hint: verify it again once that run has stopped";
    let seen = std::sync::Mutex::new(String::new());
    let copy = recording_with_an_open_stream(d, &|live| {
        let out = run_in(d, &["verify", live.to_str().unwrap()]);
        *seen.lock().unwrap() = text(&out.stderr);
        assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    });
    let err = seen.lock().unwrap().clone();
    assert!(err.contains(&format!("live.jsonl {note}")), "{err}");
    for f in [copy, d.join("live.jsonl")] {
        let out = run_in(d, &["verify", f.to_str().unwrap()]);
        let err = text(&out.stderr);
        assert!(!err.contains("still being recorded"), "{f:?}: {err}");
    }
}

/// N6: `probe`'s closing summary listed a finding seen once as `error[RPC-ERROR-001]: the
/// request is a valid JSON-RPC request, yet the agent answered -32600 ...` with no exchange,
/// so nothing told which request of 100 to look up in the recording (a finding seen
/// several times did list them). Each such line now ends `(exchange eN)`, the exchange of
/// its evidence; against the official Python SDK agent, whose known errors are seen once.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn n6_probe_summary_names_the_exchange_of_a_finding_seen_once() {
    if !harness::peers_available(
        "n6_probe_summary_names_the_exchange_of_a_finding_seen_once",
        &[harness::Sdk::Python],
    ) {
        return;
    }
    let agent = harness::SdkAgent::start(harness::Sdk::Python, None).await;
    let url = agent.base_url();
    let dir = tempfile::tempdir().unwrap();
    let rec = dir.path().join("probe.jsonl");
    let args: Vec<String> = vec![
        "probe".into(),
        url.clone(),
        "-q".into(),
        // the whole report on stdout (ux49: -q alone prints only failures and the verdict)
        "--verbose".into(),
        "--record".into(),
        rec.to_str().unwrap().into(),
    ];
    let out = tokio::task::spawn_blocking(move || {
        Command::new(BIN)
            .args(&args)
            .env_remove("A2A_INTEROP_LOG")
            .output()
            .unwrap()
    })
    .await
    .unwrap();
    agent.stop().await;
    let stdout = text(&out.stdout);
    let lines: Vec<&str> = stdout
        .lines()
        .filter(|l| {
            ["error[", "warning[", "note["]
                .iter()
                .any(|p| l.starts_with(p))
        })
        .collect();
    assert!(!lines.is_empty(), "{stdout}\n{}", text(&out.stderr));
    let recorded = std::fs::read_to_string(&rec).unwrap();
    let mut once = 0;
    for l in &lines {
        if l.contains("(seen: ") {
            continue;
        }
        once += 1;
        // one exchange, or a finding whose evidence spans several (a card and a call)
        let xs = l
            .rsplit_once(" (exchange ")
            .or_else(|| l.rsplit_once(" (exchanges "))
            .map(|(_, x)| x.trim_end_matches(')'))
            .unwrap_or_else(|| panic!("no exchange named: {l}"));
        for x in xs.split(", ") {
            assert!(x.starts_with('e') && x[1..].parse::<u64>().is_ok(), "{l}");
            // the exchange is one of the recording's
            assert!(
                recorded.contains(&format!(r#""exchange":"{x}","type":"request_head""#)),
                "{x} not in the recording: {l}"
            );
        }
    }
    assert!(once > 0, "no finding seen once: {stdout}");
}

/// N1, `repro`: `repro ... -o session.jsonl` (for `-o min.jsonl`) replaced a whole recording
/// with a cut of one exchange. It is refused like the other outputs; a cut an earlier
/// `repro` wrote at `-o` (a transcript, or a native recording whose header says `cut`) is
/// replaced as before.
#[test]
fn n1_repro_never_cuts_over_a_whole_recording_but_replaces_its_own_cut() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let sample = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("recordings/js-client-python-agent-jsonrpc-1.0.jsonl");
    let (session, bytes) = earlier_recording(d, "session.jsonl");
    let repro = |out: &str| {
        run_in(
            d,
            &[
                "repro",
                sample.to_str().unwrap(),
                "--finding",
                "CARD-CACHE-001",
                "-o",
                out,
            ],
        )
    };
    let out = repro("session.jsonl");
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(
        err.contains("-o session.jsonl holds an a2a-interop recording (")
            && err.contains("writing the cut there would erase it; hint: give -o another path (e.g. -o session.min.jsonl)"),
        "{err}"
    );
    assert_eq!(std::fs::read(&session).unwrap(), bytes);
    assert!(!d.join("session.sh").exists());
    // its own earlier cut, twice over: replaced
    for _ in 0..2 {
        let out = repro("min.jsonl");
        assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    }
    // a native cut (header `cut`) is repro's own output too
    let native = String::from_utf8(bytes.clone()).unwrap().replacen(
        r#"{"type":"recording","#,
        r#"{"type":"recording","cut":true,"#,
        1,
    );
    std::fs::write(d.join("min.jsonl"), &native).unwrap();
    let out = repro("min.jsonl");
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_ne!(
        std::fs::read_to_string(d.join("min.jsonl")).unwrap(),
        native
    );
}

/// N7: a stream still open when the proxy stopped is recorded with outcome `open` (its end
/// missing), yet `verify` and the report said nothing about it; only the sequence diagram
/// showed "Open". Its end is now listed where the report lists what it could not judge,
/// with no finding added.
#[test]
fn n7_a_stream_open_when_the_proxy_stopped_is_listed_as_not_judged() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    recording_with_an_open_stream(d, &|_| {});
    // the proxy's own recording, closed at SIGTERM with the stream ended `open`
    let rec = d.join("live.jsonl");
    let recorded = std::fs::read_to_string(&rec).unwrap();
    assert!(recorded.contains(r#""outcome":"open""#), "{recorded}");
    let out = run_in(d, &["verify", rec.to_str().unwrap()]);
    let stdout = text(&out.stdout);
    assert!(
        stdout.contains(
            "note: not judged: 1 exchange (e1): the recording ended with the stream open: end of stream not judged"
        ),
        "{stdout}"
    );
    assert!(stdout.contains(", 1 not fully judged ("), "{stdout}");
    // the JSON report lists it too, and no finding is about the stream's end
    let out = run_in(d, &["verify", rec.to_str().unwrap(), "--format", "json"]);
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(report["counts"]["notJudged"], 1, "{report}");
    assert_eq!(
        report["notJudged"][0]["reason"],
        "the recording ended with the stream open: end of stream not judged",
        "{report}"
    );
    assert_eq!(report["notJudged"][0]["examples"][0], "e1", "{report}");
    let findings = report["findings"].as_array().unwrap();
    assert!(
        !findings
            .iter()
            .any(|f| f["rule"].as_str().is_some_and(|r| r.starts_with("STREAM"))),
        "{report}"
    );
}

/// The transcript line a finding cites is the line of its event, also when the redactor
/// released the event's JSON body late: the request body of an upstream send never answered
/// was held until the send's end and counted as a line after the client's answer, so
/// GW-REQ-003 on it cited line 3 (the 504) for the request on line 2 (review24b R1).
#[test]
fn a_transcript_request_never_answered_is_cited_at_its_own_line() {
    let case = Path::new(env!("CARGO_MANIFEST_DIR")).join(
        "tests/cases/variants/b24c-R1-v03-gw-adds-context-id-upstream-never-answers-504.jsonl",
    );
    let dir = tempfile::tempdir().unwrap();
    let out = run_in(dir.path(), &["verify", case.to_str().unwrap()]);
    let stdout = text(&out.stdout);
    assert!(
        stdout.contains("never-answers-504.jsonl e1 line 1 (POST /a2a/research -> 504) at JSON $.params.message.contextId"),
        "{stdout}"
    );
    assert!(
        stdout.contains("never-answers-504.jsonl e2 line 2 (POST / -> no response) at JSON $.params.message.contextId [leg upstream]"),
        "{stdout}"
    );
}

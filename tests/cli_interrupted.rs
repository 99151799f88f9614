//! breaker9c C4, C5, C6: an interrupted run (Ctrl-C) judges only what ran, and every report
//! format says it was interrupted. `interop` and `probe` run against the reference agent
//! behind a small stalling relay (a real TCP relay on loopback that forwards every byte but
//! holds the first A2A 0.3 `tasks/get` request forever), so the signal lands at a known
//! point: every 1.0 test has run and passed, the 0.3 pass is waiting for its first answer.
//! Without the interruption cap such a run read `full`. `demo` is interrupted right after
//! it starts its client script. Real processes, real signals, real files.

use crate::child_guard;
use crate::common;

use std::io::{BufRead, BufReader, Read};
use std::net::SocketAddr;
use std::path::Path;
use std::process::Stdio;
use std::sync::mpsc::Receiver;
use std::time::{Duration, Instant};

use child_guard::ChildGuard;
use common::{bin, start_refagent};
use serde_json::Value;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};

/// The request bytes the relay holds: the A2A 0.3 JSON-RPC GetTask method name.
const STALL_ON: &[u8] = b"\"tasks/get\"";

/// The reference agent (in process) behind a relay on a free loopback port; the agent's
/// card advertises the relay, so every request of a client that follows the card crosses
/// it. Returns the relay's URL and a receiver that gets one `()` per request held.
async fn agent_behind_stalling_relay() -> (String, tokio::sync::mpsc::UnboundedReceiver<()>) {
    let relay = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("http://{}", relay.local_addr().unwrap());
    let agent = start_refagent(Some(url.clone())).await;
    let upstream = agent.local_addr();
    // the agent runs as long as the test's runtime
    std::mem::forget(agent);
    let (tx, rx) = tokio::sync::mpsc::unbounded_channel();
    tokio::spawn(async move {
        while let Ok((client, _)) = relay.accept().await {
            tokio::spawn(relay_one(client, upstream, tx.clone()));
        }
    });
    (url, rx)
}

/// Relays one connection byte for byte; once the client's bytes hold [`STALL_ON`], forwards
/// nothing more in either direction and keeps both connections open (a hung agent).
async fn relay_one(
    client: TcpStream,
    upstream: SocketAddr,
    held: tokio::sync::mpsc::UnboundedSender<()>,
) {
    let Ok(agent) = TcpStream::connect(upstream).await else {
        return;
    };
    let (mut cr, mut cw) = client.into_split();
    let (mut ar, mut aw) = agent.into_split();
    let (stop_tx, mut stop_rx) = tokio::sync::watch::channel(false);
    let back = tokio::spawn(async move {
        let mut buf = vec![0u8; 16384];
        loop {
            tokio::select! {
                n = ar.read(&mut buf) => match n {
                    Ok(0) | Err(_) => break,
                    Ok(n) => if cw.write_all(&buf[..n]).await.is_err() { break },
                },
                _ = stop_rx.changed() => std::future::pending::<()>().await,
            }
        }
        let _ = cw.shutdown().await;
    });
    let mut buf = vec![0u8; 16384];
    // the last bytes of the previous read: a marker split over two reads is still seen
    let mut tail: Vec<u8> = Vec::new();
    loop {
        let n = match cr.read(&mut buf).await {
            Ok(0) | Err(_) => break,
            Ok(n) => n,
        };
        tail.extend_from_slice(&buf[..n]);
        if tail.windows(STALL_ON.len()).any(|w| w == STALL_ON) {
            let _ = stop_tx.send(true);
            let _ = held.send(());
            // hold the request (and the connection) until the client goes away
            let _ = cr.read_to_end(&mut Vec::new()).await;
            std::future::pending::<()>().await;
        }
        let keep = tail.len().saturating_sub(STALL_ON.len());
        tail.drain(..keep);
        if aw.write_all(&buf[..n]).await.is_err() {
            break;
        }
    }
    let _ = aw.shutdown().await;
    let _ = back.await;
}

/// A running command: stdout read whole and stderr line by line on threads; killed and
/// reaped on every path out of the test.
struct Run {
    child: ChildGuard,
    lines: Receiver<String>,
    seen: Vec<String>,
    stdout: std::thread::JoinHandle<String>,
}

impl Run {
    fn start(args: &[&str], cwd: &Path) -> Run {
        let mut child = ChildGuard::spawn(
            bin()
                .current_dir(cwd)
                .env("TMPDIR", cwd)
                .args(args)
                .stdout(Stdio::piped())
                .stderr(Stdio::piped()),
        );
        let err = child.stderr.take().unwrap();
        let (tx, lines) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            for l in BufReader::new(err).lines().map_while(Result::ok) {
                let _ = tx.send(l);
            }
        });
        let mut out = child.stdout.take().unwrap();
        let stdout = std::thread::spawn(move || {
            let mut s = String::new();
            let _ = out.read_to_string(&mut s);
            s
        });
        Run {
            child,
            lines,
            seen: Vec::new(),
            stdout,
        }
    }

    /// Waits (at most 60 s) for a stderr line containing `what`.
    fn wait_line(&mut self, what: &str) {
        let deadline = Instant::now() + Duration::from_secs(60);
        while !self.seen.iter().any(|l| l.contains(what)) {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(l) => self.seen.push(l),
                Err(_) => panic!("no stderr line {what:?} in {:#?}", self.seen),
            }
        }
    }

    /// Ctrl-C (SIGINT), then waits (at most 60 s): exit code, stdout, stderr.
    fn interrupt(mut self) -> (Option<i32>, String, String) {
        self.child.signal("INT");
        let code = self
            .child
            .wait_for(Duration::from_secs(60), "run after Ctrl-C")
            .code();
        self.seen.extend(self.lines.iter());
        (code, self.stdout.join().unwrap(), self.seen.join("\n"))
    }
}

/// Waits (at most 120 s) until the relay holds `n` requests.
async fn held(rx: &mut tokio::sync::mpsc::UnboundedReceiver<()>, n: usize) {
    for _ in 0..n {
        tokio::time::timeout(Duration::from_secs(120), rx.recv())
            .await
            .expect("the run reached its A2A 0.3 GetTask")
            .unwrap();
    }
}

/// `-f F -o DIR/r.EXT` for every report format.
fn every_format(dir: &Path) -> Vec<String> {
    let mut a = Vec::new();
    for (f, ext) in [
        ("json", "json"),
        ("markdown", "md"),
        ("text", "txt"),
        ("junit", "xml"),
        ("sarif", "sarif"),
        ("html", "html"),
    ] {
        a.push("-f".into());
        a.push(f.into());
        a.push("-o".into());
        a.push(dir.join(format!("r.{ext}")).display().to_string());
    }
    a
}

/// Starts the binary (in `dir`) with `args` and a report in every format written to `dir`
/// ([`every_format`]).
fn start_in_every_format(mut args: Vec<String>, dir: &Path) -> Run {
    args.extend(every_format(dir));
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    Run::start(&args, dir)
}

fn read(dir: &Path, name: &str) -> String {
    std::fs::read_to_string(dir.join(name)).unwrap_or_else(|e| panic!("{name}: {e}"))
}

/// Validation errors of `doc` against the JSON schema in the file `schema` (under the
/// crate root).
fn schema_errors(schema: &str, doc: &Value) -> Vec<String> {
    let schema: Value = serde_json::from_str(
        &std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join(schema)).unwrap(),
    )
    .unwrap();
    let v = jsonschema::validator_for(&schema).expect("schema compiles");
    v.iter_errors(doc)
        .map(|e| format!("{} at {}", e, e.instance_path()))
        .collect()
}

/// Every report format of an interrupted run says `level` and that it was interrupted
/// (`Report::mark_interrupted`); the JSON report and the SARIF log stay valid against their
/// schemas.
fn assert_marked_in_every_format(dir: &Path, level: &str) {
    let v: Value = serde_json::from_str(&read(dir, "r.json")).unwrap();
    let errs = schema_errors("docs/report-schema.json", &v);
    assert!(errs.is_empty(), "{errs:#?}");
    assert_eq!(v["conformanceLevel"], level, "{v:#}");
    let note = v["interrupted"].as_str().expect("JSON field interrupted");
    assert!(
        note.starts_with("interrupted (Ctrl-C) before the end"),
        "{note}"
    );
    let reason = v["conformanceReason"].as_str().unwrap();
    assert!(reason.starts_with(note), "{reason}");
    let md = read(dir, "r.md");
    assert!(
        md.contains(&format!("- **conformance level:** **{level}** ({note}")),
        "{md}"
    );
    let txt = read(dir, "r.txt");
    assert!(
        txt.contains(&format!("conformance: {level} ({note}")),
        "{txt}"
    );
    let html = read(dir, "r.html");
    assert!(
        html.contains(&format!(
            "conformance level: <strong>{level}</strong> (interrupted (Ctrl-C)"
        )),
        "{html}"
    );
    let junit = read(dir, "r.xml");
    assert!(
        junit.contains(&format!(
            "<property name=\"conformanceLevel\" value=\"{level}\"/>"
        )),
        "{junit}"
    );
    assert!(
        junit
            .contains("<property name=\"interrupted\" value=\"interrupted (Ctrl-C) before the end"),
        "{junit}"
    );
    let sarif: Value = serde_json::from_str(&read(dir, "r.sarif")).unwrap();
    let errs = schema_errors("tests/data/sarif-schema-2.1.0.json", &sarif);
    assert!(errs.is_empty(), "{errs:#?}");
    let run = &sarif["runs"][0];
    assert_eq!(run["properties"]["conformanceLevel"], level);
    assert_eq!(run["properties"]["interrupted"], note);
    assert_eq!(run["invocations"][0]["executionSuccessful"], false);
    assert_eq!(
        run["invocations"][0]["toolExecutionNotifications"][0]["message"]["text"],
        note
    );
}

/// C4: `interop` interrupted once each direction has passed every 1.0 test and waits on its
/// first 0.3 answer: each direction and the whole run are `partial`, not `full`, in every
/// format, stdout included.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn c4_an_interrupted_interop_is_at_most_partial_per_direction_in_every_format() {
    let (url, mut rx) = agent_behind_stalling_relay().await;
    let dir = tempfile::tempdir().unwrap();
    let args = vec![
        "interop".to_string(),
        url.clone(),
        format!("{url}/"),
        "--timeout".into(),
        "120s".into(),
    ];
    let mut run = start_in_every_format(args, dir.path());
    run.wait_line("card.reachable ...");
    held(&mut rx, 2).await;
    let (code, out, err) = run.interrupt();
    assert_eq!(code, Some(130), "{err}");
    // what ran all passed, streaming included: only the interruption keeps it from `full`
    let v: Value = serde_json::from_str(&read(dir.path(), "r.json")).unwrap();
    assert_eq!(v["summary"]["failed"], 0, "{v:#}");
    assert_eq!(v["summary"]["errors"], 0, "{v:#}");
    let results = v["results"].as_array().unwrap();
    for d in ["A->B", "B->A"] {
        assert!(
            results.iter().any(|r| r["status"] == "pass"
                && r["category"] == "streaming"
                && r["test"].as_str().unwrap().contains(&format!("[{d} 1.0"))),
            "{d}: no streaming test passed: {results:#?}"
        );
    }
    assert!(
        results.iter().any(|r| r["status"] == "skip"
            && r["message"]
                .as_str()
                .unwrap()
                .contains("interrupted (Ctrl-C)")),
        "{results:#?}"
    );
    assert_marked_in_every_format(dir.path(), "partial");
    let reason = v["conformanceReason"].as_str().unwrap();
    // each direction's level and why, as `probe` words it (ux33): what ran passed
    assert!(
        reason.ends_with(
            "A->B: partial (every interop test that ran passed, streaming included); B->A: partial (every interop test that ran passed, streaming included)"
        ),
        "{reason}"
    );
    assert!(
        out.contains("[A->B] ") && out.contains("conformance level: partial\n"),
        "{out}"
    );
    assert!(
        out.contains("interop conformance level: partial (A->B: partial, B->A: partial)"),
        "{out}"
    );
    assert!(!out.contains("conformance level: full"), "{out}");
    assert!(
        out.contains("interop did not finish (interrupted)"),
        "{out}"
    );
}

/// C5 (and C4 for `probe`): a `probe` interrupted while its first 0.3 request waits for an
/// answer skips the rest of the 0.3 interface for the interruption, never for a
/// `--max-requests` budget that was not given; its level is `partial`, not `full`.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn c5_an_interrupted_probe_names_the_interruption_not_the_request_budget() {
    let (url, mut rx) = agent_behind_stalling_relay().await;
    let dir = tempfile::tempdir().unwrap();
    let args = vec![
        "probe".to_string(),
        url.clone(),
        "--timeout".into(),
        "120s".into(),
    ];
    let mut run = start_in_every_format(args, dir.path());
    run.wait_line("card.reachable ...");
    held(&mut rx, 1).await;
    let (code, out, err) = run.interrupt();
    assert_eq!(code, Some(130), "{err}");
    for name in ["r.json", "r.md", "r.txt", "r.xml", "r.sarif", "r.html"] {
        let text = read(dir.path(), name);
        assert!(!text.contains("max-requests"), "{name}: {text}");
    }
    assert!(!out.contains("max-requests"), "{out}");
    let v: Value = serde_json::from_str(&read(dir.path(), "r.json")).unwrap();
    let results = v["results"].as_array().unwrap();
    let of_03: Vec<&Value> = results
        .iter()
        .filter(|r| r["test"].as_str().unwrap().contains("[0.3"))
        .collect();
    assert!(!of_03.is_empty(), "{results:#?}");
    for r in &of_03 {
        assert_eq!(r["status"], "skip", "{r:#}");
        assert!(
            r["message"]
                .as_str()
                .unwrap()
                .contains("the run was interrupted (Ctrl-C)"),
            "{r:#}"
        );
    }
    // every 1.0 test that ran passed: only the interruption keeps the level from `full`
    assert_eq!(v["summary"]["failed"], 0, "{v:#}");
    assert!(
        results
            .iter()
            .any(|r| r["status"] == "pass" && r["category"] == "streaming"),
        "{results:#?}"
    );
    assert_marked_in_every_format(dir.path(), "partial");
    assert!(out.contains("conformance level: partial"), "{out}");
}

/// C6: `demo` interrupted as its client script starts: every `-o` report is marked
/// interrupted (the JSON one on stdout too), and the areas the traffic never reached say
/// the run was cut short.
#[test]
fn c6_an_interrupted_demo_marks_its_reports() {
    let dir = tempfile::tempdir().unwrap();
    let args = vec![
        "demo".to_string(),
        "--record".into(),
        dir.path().join("d.jsonl").display().to_string(),
        "-f".into(),
        "json".into(),
        "-o".into(),
        "-".into(),
    ];
    let mut run = start_in_every_format(args, dir.path());
    // the step log is on stderr (a JSON report is on stdout)
    run.wait_line("demo: reference agent on");
    let (code, out, err) = run.interrupt();
    assert_eq!(code, Some(130), "{err}");
    assert!(err.contains("a2a-interop: demo: interrupted"), "{err}");
    let v: Value = serde_json::from_str(&out).expect("stdout is the JSON report");
    assert_eq!(
        v,
        serde_json::from_str::<Value>(&read(dir.path(), "r.json")).unwrap()
    );
    let level = v["conformanceLevel"].as_str().unwrap();
    assert_ne!(level, "full");
    assert_marked_in_every_format(dir.path(), level);
    // the demo's client script is made of steps, not tests (left39b)
    let note = v["interrupted"].as_str().unwrap_or("");
    assert!(
        note.ends_with("the demo's client script did not finish; the level judges only what ran (at most partial) and the steps not run are skipped"),
        "{note}"
    );
    let results = v["results"].as_array().unwrap();
    assert!(
        results.iter().any(|r| {
            r["status"] == "skip"
            && r["message"]
                == "not exercised by this traffic (the run was interrupted (Ctrl-C) before the end)"
        }),
        "{results:#?}"
    );
    // the recording ends whole and reads back
    common::verify_file(&dir.path().join("d.jsonl"));
}

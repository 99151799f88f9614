//! ux39: a newcomer's first hour with README and docs/usage.md (demo, the proxy in front of
//! the reference agent with curl and the Python SDK client, verify, every report format,
//! repro, HAR and back, probe, interop, multi-leg listeners), then trying to break it. Real
//! processes (the binary, the reference agent), real sockets, real files.
//! - `--listener LEG@localhost:PORT=URL` and `demo --agent-only --listen localhost:PORT`
//!   listened on 127.0.0.1 only, while `--listen localhost:PORT` listens on [::1] too
//!   (uxb38): a client that resolves localhost to ::1 first got "connection refused".
//! - `export` and `repro` of a recording a proxy was still writing said nothing of it
//!   (`verify` and `report` do): a HAR or cut of half a run looked like one of the whole.

use crate::proxy_process;

use std::process::Command;
use std::time::{Duration, Instant};

use proxy_process::{get, reference_agent, run_in, spawn_until_listening};

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// Whether this machine can bind the IPv6 loopback (a container without IPv6 cannot).
fn ipv6_loopback_here() -> bool {
    std::net::TcpListener::bind("[::1]:0").is_ok()
}

/// Item 1: `--listener LEG@localhost:0=URL` listens on 127.0.0.1 and on [::1] with the
/// same port, as `--listen localhost:PORT` does: the banner names both, a client that
/// connects to [::1] is forwarded and recorded on that leg, and the recording header lists
/// the address. Where this machine has no IPv6 loopback, the banner says ::1 is not
/// listened on instead.
#[test]
fn listener_on_localhost_listens_on_both_loopbacks() {
    let (_agent, url) = reference_agent();
    let dir = tempfile::tempdir().unwrap();
    let rec = dir.path().join("legs.jsonl");
    let run = spawn_until_listening(
        Command::new(env!("CARGO_BIN_EXE_a2a-interop"))
            .args(["proxy", "--listen", "127.0.0.1:0", "--upstream", &url])
            .args(["--listener", &format!("upstream@localhost:0={url}")])
            .args(["--record", rec.to_str().unwrap()])
            .env("NO_COLOR", "1"),
        Duration::from_secs(30),
    );
    let line = {
        let end = Instant::now() + Duration::from_secs(30);
        loop {
            let l = run
                .rx
                .recv_timeout(end.saturating_duration_since(Instant::now()))
                .expect("a listener line in the banner");
            if l.contains("(leg upstream)") || l.contains("for leg upstream") {
                break l;
            }
        }
    };
    let v4: std::net::SocketAddr = line
        .trim_start()
        .strip_prefix("listener http://")
        .and_then(|r| r.split_whitespace().next())
        .unwrap_or_else(|| panic!("{line:?}"))
        .parse()
        .unwrap_or_else(|e| panic!("{line:?}: {e}"));
    assert!(v4.ip().is_loopback() && v4.is_ipv4(), "{line}");
    if !ipv6_loopback_here() {
        let stderr = run.terminate();
        assert!(
            stderr.contains("note: localhost's IPv6 address [::1]:")
                && stderr.contains("for leg upstream"),
            "{stderr}"
        );
        return;
    }
    let v6 = std::net::SocketAddr::from((std::net::Ipv6Addr::LOCALHOST, v4.port()));
    assert!(
        line.contains(&format!(
            "listener http://{v4} and http://{v6} (localhost) (leg upstream) -> "
        )),
        "{line:?}"
    );
    assert!(get(v6, "/.well-known/agent-card.json").starts_with("HTTP/1.1 200"));
    let stderr = run.terminate();
    let recording = std::fs::read_to_string(&rec).unwrap();
    let header: serde_json::Value =
        serde_json::from_str(recording.lines().next().unwrap()).unwrap();
    let listen = header["listen"].as_array().unwrap();
    assert!(
        listen.contains(&serde_json::json!(v4.to_string()))
            && listen.contains(&serde_json::json!(v6.to_string())),
        "{header}\n{stderr}"
    );
    // the request that came in on [::1] is recorded on the listener's leg
    let on_v6: Vec<serde_json::Value> = recording
        .lines()
        .skip(1)
        .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap())
        .filter(|e| e["local"] == serde_json::json!(v6.to_string()))
        .collect();
    assert!(!on_v6.is_empty(), "{recording}");
    assert!(on_v6.iter().all(|e| e["leg"] == "upstream"), "{on_v6:#?}");
}

/// Item 1: `demo --agent-only --listen localhost:0` answers on 127.0.0.1 and on [::1]
/// with the same port, one agent behind both (a task made through one is read through
/// the other); the banner names both addresses. Without an IPv6 loopback, it says so.
#[test]
fn agent_only_on_localhost_listens_on_both_loopbacks() {
    let (child, rx) = proxy_process::spawn_with_stderr_lines(
        Command::new(env!("CARGO_BIN_EXE_a2a-interop"))
            .args(["demo", "--agent-only", "--listen", "localhost:0"])
            .env("NO_COLOR", "1"),
    );
    let mut banner = Vec::new();
    let line = loop {
        let l = rx
            .recv_timeout(Duration::from_secs(30))
            .unwrap_or_else(|_| panic!("reference agent banner: {banner:#?}"));
        banner.push(l.clone());
        if l.contains("reference agent on http://") {
            break l;
        }
    };
    let v4: std::net::SocketAddr = line
        .split("reference agent on http://")
        .nth(1)
        .and_then(|r| r.split_whitespace().next())
        .unwrap()
        .parse()
        .unwrap_or_else(|e| panic!("{line:?}: {e}"));
    if !ipv6_loopback_here() {
        let next = rx.recv_timeout(Duration::from_secs(30)).unwrap();
        assert!(
            next.contains("note: localhost's IPv6 address [::1]:"),
            "{line}\n{next}"
        );
        drop(child);
        return;
    }
    let v6 = std::net::SocketAddr::from((std::net::Ipv6Addr::LOCALHOST, v4.port()));
    assert!(
        line.contains(&format!("http://{v4} and http://{v6} (localhost)")),
        "{line:?}"
    );
    // one agent: a task made on 127.0.0.1 is there on [::1]
    let send = r#"{"jsonrpc":"2.0","id":1,"method":"SendMessage","params":{"message":{"messageId":"ux39-1","role":"ROLE_USER","parts":[{"text":"task ux39"}]}}}"#;
    let (_c, made) = proxy_process::send_until(v4, send, "TASK_STATE_COMPLETED");
    let id = made
        .split("\"id\":\"")
        .nth(1)
        .and_then(|r| r.split('"').next())
        .unwrap_or_else(|| panic!("no task id in {made}"))
        .to_string();
    let body = format!(r#"{{"jsonrpc":"2.0","id":2,"method":"GetTask","params":{{"id":"{id}"}}}}"#);
    let (_conn, got) = proxy_process::send_until(v6, &body, "TASK_STATE_COMPLETED");
    assert!(got.starts_with("HTTP/1.1 200"), "{got}");
    assert!(got.contains(&id) && !got.contains("\"error\""), "{got}");
    let mut child = child;
    child.signal("TERM");
    let code = child.wait_for(Duration::from_secs(30), "agent after SIGTERM");
    assert_eq!(code.code(), Some(0));
}

/// Item 2: `export` and `repro` of a recording a running proxy still writes say so on
/// stderr, as `verify` does (the HAR and the cut hold the events written so far), and
/// still do their work (exit 0); once the proxy has stopped, they say nothing of it.
#[test]
fn export_and_repro_of_a_live_recording_say_so() {
    let (_agent, url) = reference_agent();
    let dir = tempfile::tempdir().unwrap();
    let rec = dir.path().join("live.jsonl");
    // no --rewrite-card: the card fetched through the proxy names the agent, a note
    // (CARD-URL-005) that repro can cut
    let run = spawn_until_listening(
        Command::new(env!("CARGO_BIN_EXE_a2a-interop"))
            .args(["proxy", "--listen", "127.0.0.1:0", "-q", "--upstream", &url])
            .args(["--record", rec.to_str().unwrap()])
            .env("NO_COLOR", "1"),
        Duration::from_secs(30),
    );
    let addr: std::net::SocketAddr = run.addr.trim_end_matches('/').parse().unwrap();
    assert!(get(addr, "/.well-known/agent-card.json").starts_with("HTTP/1.1 200"));
    // the exchange and its finding written
    let end = Instant::now() + Duration::from_secs(30);
    while !std::fs::read_to_string(&rec).is_ok_and(|r| r.contains("CARD-URL-005")) {
        assert!(Instant::now() < end, "no CARD-URL-005 in the recording");
        std::thread::sleep(Duration::from_millis(50));
    }
    let live = "live.jsonl is still being recorded by a running a2a-interop process";
    let runs: [&[&str]; 2] = [
        &["export", "live.jsonl", "-o", "live.har"],
        &[
            "repro",
            "live.jsonl",
            "--finding",
            "CARD-URL-005",
            "-o",
            "min.jsonl",
        ],
    ];
    for args in runs {
        let o = run_in(dir.path(), args);
        let err = text(&o.stderr);
        assert_eq!(o.status.code(), Some(0), "{args:?}: {err}");
        assert!(err.contains(live), "{args:?}: {err}");
        assert!(
            err.lines()
                .filter(|l| l.contains(live))
                .all(|l| l.starts_with("a2a-interop: note: ") && l.contains("; hint: ")),
            "{args:?}: {err}"
        );
    }
    assert!(dir.path().join("live.har").is_file());
    assert!(dir.path().join("min.jsonl").is_file());
    run.terminate();
    // the run over: nothing of it said
    for args in [
        &["export", "live.jsonl", "-o", "after.har"][..],
        &[
            "repro",
            "live.jsonl",
            "--finding",
            "CARD-URL-005",
            "-o",
            "min.jsonl",
        ],
    ] {
        let o = run_in(dir.path(), args);
        let err = text(&o.stderr);
        assert_eq!(o.status.code(), Some(0), "{args:?}: {err}");
        assert!(!err.contains("still being recorded"), "{args:?}: {err}");
    }
}

/// Item 3: a Ctrl-C (SIGTERM, SIGHUP) while `export` writes its HAR ends it by that
/// signal, as before, but no longer leaves the HAR's hidden temporary file
/// (`.NAME.har.a2a-interop-tmp-PID-N`, megabytes for a large recording) beside the
/// output; the output path is not created. The input is a FIFO whose writer holds it
/// open, so the export is caught mid-write every time.
#[cfg(unix)]
#[test]
fn a_signal_during_export_leaves_no_temporary_file() {
    use std::io::Write as _;
    use std::os::unix::process::ExitStatusExt as _;
    for (sig, signo) in [("INT", 2), ("TERM", 15), ("HUP", 1)] {
        let dir = tempfile::tempdir().unwrap();
        let fifo = dir.path().join("live.jsonl");
        assert!(Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .unwrap()
            .success());
        let demo = std::fs::read_to_string(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/recordings/demo.jsonl"
        ))
        .unwrap();
        let head: String = demo.lines().take(40).map(|l| format!("{l}\n")).collect();
        let (done_tx, done_rx) = std::sync::mpsc::channel::<()>();
        let writer = {
            let fifo = fifo.clone();
            std::thread::spawn(move || {
                // blocks until the export opens the FIFO for reading
                let mut w = std::fs::OpenOptions::new().write(true).open(&fifo).unwrap();
                let _ = w.write_all(head.as_bytes());
                let _ = w.flush();
                // held open (the export waits for more) until the test is done
                let _ = done_rx.recv_timeout(Duration::from_secs(60));
            })
        };
        let mut child = proxy_process::ChildGuard::spawn(
            Command::new(env!("CARGO_BIN_EXE_a2a-interop"))
                .current_dir(dir.path())
                .args(["export", "live.jsonl", "-o", "out.har"])
                .stdout(std::process::Stdio::null())
                .stderr(std::process::Stdio::null()),
        );
        let staged = || {
            std::fs::read_dir(dir.path())
                .unwrap()
                .filter_map(Result::ok)
                .map(|e| e.file_name().to_string_lossy().into_owned())
                .filter(|n| n.contains("a2a-interop-tmp"))
                .collect::<Vec<_>>()
        };
        let end = Instant::now() + Duration::from_secs(30);
        while staged().is_empty() {
            assert!(Instant::now() < end, "{sig}: no staged HAR file appeared");
            std::thread::sleep(Duration::from_millis(10));
        }
        child.signal(sig);
        let status = child.wait_for(Duration::from_secs(30), "export after the signal");
        let _ = done_tx.send(());
        writer.join().unwrap();
        assert_eq!(status.signal(), Some(signo), "{sig}: {status:?}");
        assert!(staged().is_empty(), "{sig}: left behind: {:?}", staged());
        assert!(!dir.path().join("out.har").exists(), "{sig}");
    }
}

/// Item 4: `report FILE -f json -o reports` (`reports` a directory) is refused before the
/// file is read, with a file path in that directory named for the format asked
/// (`reports/report.json`); it read the whole file first and then hinted `-o
/// out/report.html`, whatever the directory and the format. The input here is a FIFO no
/// one writes to: a command that read it first would wait forever.
#[cfg(unix)]
#[test]
fn a_directory_given_as_report_output_is_refused_first_with_its_own_path() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir(dir.path().join("reports")).unwrap();
    let fifo = dir.path().join("never.jsonl");
    assert!(Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .unwrap()
        .success());
    for (cmd, fmt, ext) in [("report", "json", "json"), ("verify", "sarif", "sarif")] {
        let o = proxy_process::ChildGuard::spawn(
            Command::new(env!("CARGO_BIN_EXE_a2a-interop"))
                .current_dir(dir.path())
                .args([cmd, "never.jsonl", "-f", fmt, "-o", "reports"])
                .env("NO_COLOR", "1")
                .stdout(std::process::Stdio::null())
                .stderr(std::process::Stdio::piped()),
        )
        .output_within(Duration::from_secs(20), "a run with -o a directory");
        let err = text(&o.stderr);
        assert_eq!(o.status.code(), Some(2), "{cmd}: {err}");
        assert_eq!(err.trim_end().lines().count(), 1, "{cmd}: {err}");
        assert!(
            err.contains(&format!("cannot write {fmt} report to reports: it is a directory"))
                && err.contains(&format!(
                    "; hint: -o names a directory; give a file path in it, e.g. -o reports/report.{ext}"
                )),
            "{cmd}: {err}"
        );
        assert_eq!(
            std::fs::read_dir(dir.path().join("reports"))
                .unwrap()
                .count(),
            0
        );
    }
}

/// Item 1, the note: when `[::1]:PORT` of a `localhost:PORT` is held by another program,
/// the note no longer says a client gets "connection refused": such a client reaches that
/// other program. For `--listen`, `--listener` and `demo --agent-only --listen` alike.
/// Skipped where this machine has no IPv6 loopback (nothing to hold).
#[test]
fn a_taken_ipv6_loopback_port_is_said_to_reach_the_other_program() {
    if !ipv6_loopback_here() {
        eprintln!("SKIPPED: no IPv6 loopback here");
        return;
    }
    // a port held on [::1] and free on 127.0.0.1 (a few tries)
    let (held, port) = (0..20)
        .find_map(|_| {
            let l6 = std::net::TcpListener::bind("[::1]:0").ok()?;
            let port = l6.local_addr().ok()?.port();
            std::net::TcpListener::bind(("127.0.0.1", port)).ok()?;
            Some((l6, port))
        })
        .expect("a port free on 127.0.0.1 and bindable on [::1]");
    let (_agent, url) = reference_agent();
    let spec = format!("localhost:{port}");
    let listener = format!("up@localhost:{port}={url}");
    let runs: [Vec<&str>; 3] = [
        vec![
            "proxy",
            "--no-record",
            "--upstream",
            &url,
            "--listen",
            &spec,
        ],
        vec![
            "proxy",
            "--no-record",
            "--upstream",
            &url,
            "--listen",
            "127.0.0.1:0",
            "--listener",
            &listener,
        ],
        vec!["demo", "--agent-only", "--listen", &spec],
    ];
    for args in runs {
        let (mut child, rx) = proxy_process::spawn_with_stderr_lines(
            Command::new(env!("CARGO_BIN_EXE_a2a-interop"))
                .args(&args)
                .env("NO_COLOR", "1"),
        );
        let mut seen = Vec::new();
        let note = loop {
            let l = rx
                .recv_timeout(Duration::from_secs(30))
                .unwrap_or_else(|_| panic!("{args:?}: no note in {seen:#?}"));
            seen.push(l.clone());
            if l.contains("localhost's IPv6 address") {
                break l;
            }
        };
        assert!(
            note.contains(&format!("[::1]:{port} is not listened on"))
                && note.contains("another program listens there")
                && !note.contains("connection refused"),
            "{args:?}: {note}"
        );
        child.signal("TERM");
        child.wait_for(Duration::from_secs(30), "after SIGTERM");
    }
    drop(held);
}

/// Item 5: `verify` of a HAR file names the first exchange of each A2A generation as the
/// HAR entry (`log.entries[0] first`), as its findings cite HAR exchanges, not by an
/// exchange id the HAR does not hold (`e1 first`); the recording itself keeps `e1`.
#[test]
fn a_har_files_generations_note_cites_its_entries() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::copy(
        concat!(env!("CARGO_MANIFEST_DIR"), "/recordings/demo.jsonl"),
        dir.path().join("demo.jsonl"),
    )
    .unwrap();
    let o = run_in(dir.path(), &["export", "demo.jsonl", "-o", "demo.har"]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    let note = |file: &str| {
        let o = run_in(dir.path(), &["verify", file]);
        text(&o.stdout)
            .lines()
            .find(|l| l.contains("A2A generations in this traffic"))
            .unwrap_or_else(|| panic!("{file}: no generations note: {}", text(&o.stdout)))
            .to_string()
    };
    let har = note("demo.har");
    assert!(har.contains("exchanges (log.entries["), "{har}");
    assert!(!har.contains(" (e"), "{har}");
    let rec = note("demo.jsonl");
    assert!(rec.contains("exchanges (e"), "{rec}");
}

//! newcomer50: a tired engineer's first night with the tool (README and what it links to):
//! the demo, the proxy in front of the Python and JS SDK agents with their SDK clients,
//! `probe`, `interop`, every report format, `repro`, `export`, `verify` of recordings and
//! of transcripts edited by hand; then hostile input. Real processes, real loopback
//! sockets, real files, a real pseudo-terminal.
//!
//! - N3: `repro FILE --finding R -o min.sh` wrote the cut to `min.sh`, then its curl script
//!   to the same `min.sh` (the default script path is `-o` with extension `.sh`): "wrote
//!   min.sh (1 of 132 exchanges) and min.sh", exit 0, the transcript lost.
//! - N4: an agent whose card body never ended (a chunked body of spaces after `{`) passed
//!   `card.reachable` ("not a JSON object (the verifier's CARD-SHAPE-004 judges it)"), but
//!   the verifier judges no body cut at the capture cap: 0 findings, 1 passed, level
//!   non-conformant, exit 0.
//! - N5: `probe` of an agent that accepted and never answered, interrupted by Ctrl-C after
//!   3 s of "still waiting", said `card.reachable: no agent card at
//!   /.well-known/agent-card.json (not sent: the run was interrupted (Ctrl-C))`: the request
//!   had been sent and awaited (the warm-up fetch's error was dropped, and the card test's
//!   own fetch came after the stop).
//! - N6: `verify` of a 39 MB transcript on a terminal: 44 s with nothing on stderr (the
//!   documented progress line follows the file's bytes, read in under a second; the parse
//!   and the judging of its events took the rest); a 154 MB HAR the same for 90 s.
//! - N7: a HAR of one request the client gave up on (status 0), a VER-MIX-002 fault in it:
//!   "nothing was verified ... has no response in the file", exit 2, its warning not shown;
//!   the native recording it was exported from gave the warning, exit 0.

use crate::proxy_process;

use std::process::Command;

const BIN: &str = env!("CARGO_BIN_EXE_a2a-interop");

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// A transcript of one 1.0 streaming call whose status update carries a state that is no
/// task state (TASK-STATE-005, an error).
const BAD_STATE: &str = concat!(
    r#"{"t":0.000,"dir":"req","method":"POST","url":"http://127.0.0.1:8080/","headers":{"content-type":"application/json","a2a-version":"1.0"},"body":"{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"SendStreamingMessage\",\"params\":{\"message\":{\"messageId\":\"m1\",\"role\":\"ROLE_USER\",\"parts\":[{\"text\":\"slow hello\"}]}}}"}"#,
    "\n",
    r#"{"t":0.004,"dir":"resp","status":200,"headers":{"content-type":"text/event-stream"},"body":""}"#,
    "\n",
    r#"{"t":0.005,"dir":"chunk","body":"data: {\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{\"task\":{\"id\":\"t1\",\"contextId\":\"c1\",\"status\":{\"state\":\"TASK_STATE_SUBMITTED\"}}}}\n\n"}"#,
    "\n",
    r#"{"t":0.910,"dir":"chunk","body":"data: {\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{\"statusUpdate\":{\"taskId\":\"t1\",\"contextId\":\"c1\",\"status\":{\"state\":\"TASK_STATE_BOGUS\"}}}}\n\n"}"#,
    "\n",
    r#"{"t":0.911,"dir":"chunk","body":"","close":"eof"}"#,
    "\n"
);

#[test]
fn n3_repro_to_a_dot_sh_path_is_refused_not_the_cut_replaced_by_its_script() {
    let dir = tempfile_dir("n3");
    std::fs::write(dir.join("bug.jsonl"), BAD_STATE).unwrap();
    let out = Command::new(BIN)
        .current_dir(&dir)
        .args([
            "repro",
            "bug.jsonl",
            "--finding",
            "TASK-STATE-005",
            "-o",
            "min.sh",
        ])
        .output()
        .unwrap();
    let err = text(&out.stderr);
    // before: exit 0, "wrote min.sh (1 of 1 exchanges) and min.sh", min.sh the script
    assert_eq!(out.status.code(), Some(2), "stderr: {err}");
    assert!(
        !dir.join("min.sh").exists(),
        "nothing written on a refused run"
    );
    assert!(
        err.contains("-o min.sh names the cut") && err.contains("e.g. -o min.jsonl"),
        "says why and the path to give: {err}"
    );
    // the path the hint gives works: the cut and its script, each its own file
    let out = Command::new(BIN)
        .current_dir(&dir)
        .args([
            "repro",
            "bug.jsonl",
            "--finding",
            "TASK-STATE-005",
            "-o",
            "min.jsonl",
        ])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let cut = std::fs::read_to_string(dir.join("min.jsonl")).unwrap();
    assert!(cut.starts_with('{') && cut.contains("TASK_STATE_BOGUS"));
    let script = std::fs::read_to_string(dir.join("min.sh")).unwrap();
    assert!(script.starts_with("#!/usr/bin/env bash\n"));
}

/// A fresh empty directory under the target's temporary directory.
fn tempfile_dir(tag: &str) -> std::path::PathBuf {
    let d = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("newcomer50-{tag}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// An "agent" on a free loopback port that answers every request `200` with a chunked
/// JSON body that never ends (`{` then spaces), until the client leaves.
fn endless_card_agent() -> std::net::SocketAddr {
    use std::io::{Read as _, Write as _};
    use std::net::TcpListener;
    let l = TcpListener::bind("127.0.0.1:0").unwrap();
    let addr = l.local_addr().unwrap();
    std::thread::spawn(move || {
        for c in l.incoming() {
            let Ok(mut c) = c else { continue };
            std::thread::spawn(move || {
                let mut head = [0u8; 8192];
                let _ = c.read(&mut head);
                let _ = c.write_all(
                    b"HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ntransfer-encoding: chunked\r\n\r\n1\r\n{\r\n",
                );
                let chunk = format!("400\r\n{}\r\n", " ".repeat(1024));
                while c.write_all(chunk.as_bytes()).is_ok() {}
            });
        }
    });
    addr
}

#[test]
fn n4_a_card_body_that_never_ends_fails_card_reachable_not_a_pass_and_exit_0() {
    use proxy_process::ChildGuard;
    use std::process::Stdio;
    use std::time::Duration;
    let addr = endless_card_agent();
    let url = format!("http://{addr}");
    let out = ChildGuard::spawn(
        Command::new(BIN)
            .args(["probe", &url, "--timeout", "20s", "--verbose", "-q"])
            .stdout(Stdio::piped())
            .stderr(Stdio::piped()),
    )
    .output_within(Duration::from_secs(240), "probe of an endless card");
    let so = text(&out.stdout);
    // before: "pass  card.reachable: no agent card at ... (HTTP 200, not a JSON object) ...
    // (the verifier's CARD-SHAPE-004 judges it)", "1 passed, 0 failed", exit 0
    assert_eq!(
        out.status.code(),
        Some(1),
        "stdout: {so}\nstderr: {}",
        text(&out.stderr)
    );
    let line = so
        .lines()
        .find(|l| l.contains("card.reachable:"))
        .unwrap_or_else(|| panic!("a card.reachable line: {so}"));
    assert!(line.starts_with("fail  card.reachable"), "{line}");
    assert!(
        line.contains("/.well-known/agent-card.json (HTTP 200, but the answer passed the probe's limit of 16777216 bytes and was not read further: no card could be read)"),
        "{line}"
    );
    assert!(!line.contains("CARD-SHAPE-004"), "{line}");
    assert!(so.contains("0 passed, 1 failed"), "{so}");
}

#[test]
fn n4_a_legal_card_still_passes_card_reachable() {
    use proxy_process::ChildGuard;
    use std::process::Stdio;
    use std::time::Duration;
    // the legal neighbour: a card served whole (the reference agent) passes as before
    let (_agent, url) = proxy_process::reference_agent();
    let out = ChildGuard::spawn(
        Command::new(BIN)
            .args(["probe", &url, "--verbose", "-q"])
            .stdout(Stdio::piped())
            .stderr(Stdio::piped()),
    )
    .output_within(Duration::from_secs(240), "probe of the reference agent");
    let so = text(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{so}");
    assert!(
        so.contains("pass  card.reachable: agent card fetched from /.well-known/agent-card.json"),
        "{so}"
    );
}

#[test]
fn n5_a_card_fetch_cut_by_ctrl_c_is_told_as_sent_and_awaited_not_as_not_sent() {
    use proxy_process::ChildGuard;
    use std::io::Read as _;
    use std::net::TcpListener;
    use std::process::Stdio;
    use std::time::{Duration, Instant};
    // accepts, reads each request head (said on `heads`), never answers
    let l = TcpListener::bind("127.0.0.1:0").unwrap();
    let addr = l.local_addr().unwrap();
    let (head_tx, heads) = std::sync::mpsc::channel::<()>();
    std::thread::spawn(move || {
        for mut c in l.incoming().flatten() {
            let head_tx = head_tx.clone();
            std::thread::spawn(move || {
                let mut got = Vec::new();
                let mut buf = [0u8; 1024];
                while let Ok(n @ 1..) = c.read(&mut buf) {
                    got.extend_from_slice(&buf[..n]);
                    if got.windows(4).any(|w| w == b"\r\n\r\n") {
                        let _ = head_tx.send(());
                        break;
                    }
                }
                // held open, unanswered, until the probe goes
                while let Ok(1..) = c.read(&mut buf) {}
            });
        }
    });
    let url = format!("http://{addr}");
    let (mut child, rx) = {
        let mut child = ChildGuard::spawn(
            Command::new(BIN)
                .args(["probe", &url, "--verbose"])
                .stdout(Stdio::piped())
                .stderr(Stdio::piped()),
        );
        let stderr = child.stderr.take().unwrap();
        let (tx, rx) = std::sync::mpsc::channel::<String>();
        std::thread::spawn(move || {
            use std::io::BufRead as _;
            for line in std::io::BufReader::new(stderr)
                .lines()
                .map_while(Result::ok)
            {
                let _ = tx.send(line);
            }
        });
        (child, rx)
    };
    let deadline = Instant::now() + Duration::from_secs(60);
    loop {
        let l = rx
            .recv_timeout(deadline.saturating_duration_since(Instant::now()))
            .expect("the probe's progress line");
        if l.contains("probe: card.reachable") {
            break;
        }
    }
    // the card request is out and awaited: the agent has its head (a fixed 1.5 s from the
    // progress line stood here; on a loaded machine the Ctrl-C could come before the
    // request went out), then awaited a second (the behaviour under test: the test's time
    // is the awaited fetch's, at least this second)
    heads
        .recv_timeout(Duration::from_secs(60))
        .expect("the card request reaches the agent");
    std::thread::sleep(Duration::from_millis(1000));
    child.signal("INT");
    let mut so = String::new();
    child
        .stdout
        .take()
        .unwrap()
        .read_to_string(&mut so)
        .unwrap();
    let st = child.wait_for(Duration::from_secs(60), "probe after Ctrl-C");
    assert_eq!(st.code(), Some(130), "{so}");
    let line = so
        .lines()
        .find(|l| l.contains("card.reachable:"))
        .unwrap_or_else(|| panic!("a card.reachable line: {so}"));
    // before: "/.well-known/agent-card.json (not sent: the run was interrupted (Ctrl-C))"
    assert!(
        line.contains(&format!(
            "/.well-known/agent-card.json (sent GET {url}/.well-known/agent-card.json, but the run was interrupted (Ctrl-C) after "
        )),
        "{line}"
    );
    assert!(
        !line.contains("agent-card.json (not sent"),
        "the awaited request is not 'not sent': {line}"
    );
    // the test's time is the awaited fetch's (before: "(0 ms)")
    let ms: u64 = line
        .rsplit(" (")
        .next()
        .and_then(|t| t.strip_suffix(" ms)"))
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("{line}"));
    assert!(ms >= 1000, "{line}");
}

/// Runs `args` with stderr on a new pseudo-terminal (stdout to a pipe): its exit code and
/// everything written on the terminal.
fn run_with_terminal_stderr(args: &[&str], limit: std::time::Duration) -> (Option<i32>, String) {
    use proxy_process::ChildGuard;
    use std::io::Read as _;
    use std::os::fd::FromRawFd as _;
    use std::process::Stdio;
    let (mut master, mut slave) = (0, 0);
    // SAFETY: openpty writes the two descriptors it opens; the name, termios and window
    // size arguments may be null.
    let rc = unsafe {
        libc::openpty(
            &mut master,
            &mut slave,
            std::ptr::null_mut(),
            std::ptr::null(),
            std::ptr::null(),
        )
    };
    assert_eq!(rc, 0, "openpty");
    // SAFETY: both descriptors were just opened by openpty and are owned here alone.
    let (master, slave) = unsafe {
        (
            std::fs::File::from_raw_fd(master),
            std::fs::File::from_raw_fd(slave),
        )
    };
    let mut child = ChildGuard::spawn(
        Command::new(BIN)
            .args(args)
            .stdout(Stdio::piped())
            .stderr(Stdio::from(slave)),
    );
    let mut stdout = child.stdout.take().unwrap();
    let out = std::thread::spawn(move || {
        let mut s = Vec::new();
        let _ = stdout.read_to_end(&mut s);
        s
    });
    let term = std::thread::spawn(move || {
        let mut master = master;
        let mut s = Vec::new();
        let mut buf = [0u8; 4096];
        // EIO once the last slave descriptor (the child's) is closed
        while let Ok(n) = master.read(&mut buf) {
            if n == 0 {
                break;
            }
            s.extend_from_slice(&buf[..n]);
        }
        s
    });
    let st = child.wait_for(limit, "the run with stderr on a terminal");
    let _ = out.join();
    (st.code(), text(&term.join().unwrap()))
}

#[test]
fn n6_a_large_transcript_on_a_terminal_says_how_far_its_events_are_judged() {
    use std::io::Write as _;
    use std::time::{Duration, Instant};
    let dir = tempfile_dir("n6");
    let path = dir.join("big.jsonl");
    let mut f = std::io::BufWriter::new(std::fs::File::create(&path).unwrap());
    // 15000 GetTask calls answered TaskNotFound: several seconds of judging in a debug build
    for i in 0..15_000 {
        writeln!(
            f,
            r#"{{"dir":"req","method":"POST","url":"http://h/","headers":{{"content-type":"application/json","a2a-version":"1.0"}},"body":{{"jsonrpc":"2.0","id":{i},"method":"GetTask","params":{{"id":"t{i}"}}}}}}"#
        )
        .unwrap();
        writeln!(
            f,
            r#"{{"dir":"resp","status":200,"headers":{{"content-type":"application/json"}},"body":{{"jsonrpc":"2.0","id":{i},"error":{{"code":-32001,"message":"Task not found"}}}}}}"#
        )
        .unwrap();
    }
    f.flush().unwrap();
    drop(f);
    let started = Instant::now();
    let (code, term) = run_with_terminal_stderr(
        &["verify", path.to_str().unwrap()],
        Duration::from_secs(600),
    );
    let took = started.elapsed();
    assert_eq!(code, Some(0), "{term}");
    assert!(
        took > Duration::from_secs(3),
        "the run must outlast the 2 s before the line shows for this test to judge it: {took:?}"
    );
    // before: nothing at all on the terminal (the file's bytes were read in well under 2 s)
    assert!(
        term.contains("a2a-interop: reading ")
            && term.contains("big.jsonl: event ")
            && term.contains(" of 75000 ("),
        "the line counts the events judged of all: {term:?}"
    );
    // erased at the end: the terminal is left on an empty line
    assert!(term.ends_with("\r\x1b[K"), "{term:?}");
}

#[test]
fn n6_on_a_pipe_the_transcript_s_stderr_stays_empty() {
    let dir = tempfile_dir("n6pipe");
    let path = dir.join("small.jsonl");
    std::fs::write(&path, BAD_STATE).unwrap();
    let out = Command::new(BIN)
        .args(["verify", path.to_str().unwrap()])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(text(&out.stderr), "", "no progress line on a pipe");
}

/// A HAR 1.2 file (as browser devtools write it) of one JSON-RPC `SendMessage` sent
/// without `A2A-Version` (VER-MIX-002, the client's) that got no response: status 0,
/// `net::ERR_ABORTED`.
const ABORTED_HAR: &str = r#"{"log":{"version":"1.2","creator":{"name":"devtools","version":"1"},"entries":[{"startedDateTime":"2026-12-06T10:00:00.000Z","time":3000,"request":{"method":"POST","url":"http://127.0.0.1:8080/","httpVersion":"HTTP/1.1","headers":[{"name":"content-type","value":"application/json"}],"queryString":[],"cookies":[],"headersSize":-1,"bodySize":120,"postData":{"mimeType":"application/json","text":"{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"SendMessage\",\"params\":{\"message\":{\"messageId\":\"m1\",\"role\":\"ROLE_USER\",\"parts\":[{\"text\":\"hi\"}]}}}"}},"response":{"status":0,"statusText":"","httpVersion":"","headers":[],"cookies":[],"content":{"size":0,"mimeType":"x-unknown"},"redirectURL":"","headersSize":-1,"bodySize":-1,"_error":"net::ERR_ABORTED"},"cache":{},"timings":{"send":0,"wait":3000,"receive":0}}]}}"#;

#[test]
fn n7_a_har_of_one_aborted_request_shows_its_finding_as_the_recording_does() {
    let dir = tempfile_dir("n7");
    let har = dir.join("one.har");
    std::fs::write(&har, ABORTED_HAR).unwrap();
    let out = Command::new(BIN)
        .args(["verify", har.to_str().unwrap()])
        .output()
        .unwrap();
    let so = text(&out.stdout);
    let se = text(&out.stderr);
    // before: exit 2, "nothing was verified in one.har: the one exchange has no response
    // in the file", the warning not shown
    assert_eq!(out.status.code(), Some(0), "stdout: {so}\nstderr: {se}");
    assert!(so.contains("warning[VER-MIX-002]"), "{so}");
    assert!(!se.contains("nothing was verified"), "{se}");
    assert!(
        so.contains("0 errors, 1 warning, 0 notes in 1 exchange, 1 not fully judged"),
        "{so}"
    );
}

#[test]
fn n7_a_har_of_one_aborted_request_without_a_finding_is_still_nothing_verified() {
    // the neighbour: no finding on the request, no response: nothing to judge, exit 2 as before
    let dir = tempfile_dir("n7b");
    let har = dir.join("one.har");
    std::fs::write(
        &har,
        ABORTED_HAR.replace(
            r#"[{"name":"content-type","value":"application/json"}]"#,
            r#"[{"name":"content-type","value":"application/json"},{"name":"a2a-version","value":"1.0"}]"#,
        ),
    )
    .unwrap();
    let out = Command::new(BIN)
        .args(["verify", har.to_str().unwrap()])
        .output()
        .unwrap();
    let se = text(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{se}");
    assert!(
        se.contains("nothing was verified in") && se.contains("has no response in the file"),
        "{se}"
    );
}

#[test]
fn n8_probe_of_localhost_follows_a_card_that_names_127_0_0_1() {
    use std::process::Stdio;
    use std::time::Duration;
    // the card (served on one port) names 127.0.0.1 on another port, whose calls are
    // closed unanswered (a crashing worker): the probe reaches them, and fails them,
    // instead of refusing the card's host (a card naming the probed port itself was
    // already followed: the run's recording proxy rewrites it)
    let worker = proxy_process::card_agent_closing_calls(|_| String::from("{}"));
    let agent = proxy_process::card_only_agent(proxy_process::echo_card(
        "loop",
        &format!("http://127.0.0.1:{}/", worker.port()),
    ));
    let out = proxy_process::ChildGuard::spawn(
        Command::new(BIN)
            .args([
                "probe",
                &format!("http://localhost:{}", agent.port()),
                "--verbose",
                "-q",
            ])
            .stdout(Stdio::piped())
            .stderr(Stdio::piped()),
    )
    .output_within(Duration::from_secs(240), "probe of localhost");
    let so = text(&out.stdout);
    let se = text(&out.stderr);
    // before: exit 2, "the probe does not call the hosts the card's interfaces name:
    // refused http://127.0.0.1:PORT/: host 127.0.0.1 is not the probed host localhost"
    assert!(!se.contains("is not the probed host"), "{se}");
    assert_eq!(out.status.code(), Some(1), "stdout: {so}\nstderr: {se}");
    let line = so
        .lines()
        .find(|l| l.contains("card.interface-url [1.0]:"))
        .unwrap_or_else(|| panic!("{so}"));
    assert!(
        line.starts_with(&format!(
            "fail  card.interface-url [1.0]: advertised url http://127.0.0.1:{}/ gave no answer",
            worker.port()
        )),
        "{line}"
    );
}

#[test]
fn n8_a_card_naming_another_host_is_still_refused() {
    use std::process::Stdio;
    use std::time::Duration;
    // the neighbour: a loopback probe does not follow a card to a host on the network
    let agent =
        proxy_process::card_only_agent(proxy_process::echo_card("far", "http://192.0.2.10:8080/"));
    let out = proxy_process::ChildGuard::spawn(
        Command::new(BIN)
            .args(["probe", &format!("http://localhost:{}", agent.port()), "-q"])
            .stdout(Stdio::piped())
            .stderr(Stdio::piped()),
    )
    .output_within(
        Duration::from_secs(240),
        "probe of a card naming another host",
    );
    let se = text(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{se}");
    assert!(
        se.contains("host 192.0.2.10 is not the probed host localhost (add --allow-host 192.0.2.10 to allow it)"),
        "{se}"
    );
}

#[test]
fn n10_two_upstreams_for_one_prefix_are_refused_before_a_port_with_what_to_do() {
    for args in [
        &[
            "--route",
            "/a=http://127.0.0.1:9",
            "--route",
            "/a/=http://127.0.0.1:10",
        ][..],
        &[
            "--upstream",
            "http://127.0.0.1:9",
            "--route",
            "/=http://127.0.0.1:10",
        ][..],
    ] {
        let out = Command::new(BIN)
            .args(["proxy", "--listen", "127.0.0.1:0", "--no-record"])
            .args(args)
            .output()
            .unwrap();
        let se = text(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{se}");
        // before: "a2a-interop: cannot start the proxy on 127.0.0.1:35251: two routes for
        // prefix /a: ...; hint: `a2a-interop proxy --help` lists the flags; ..."
        assert!(
            se.starts_with("a2a-interop: two routes for prefix /"),
            "{se}"
        );
        assert!(!se.contains("cannot start the proxy on"), "{se}");
        assert!(
            se.contains("hint: give each --route its own path prefix (--route /a=URL1 --route /b=URL2; --upstream URL is the route for /)"),
            "{se}"
        );
    }
}

#[test]
fn n1_a_piped_probe_says_where_its_recording_is_as_the_brief_text_does() {
    use std::process::Stdio;
    use std::time::Duration;
    let (_agent, url) = proxy_process::reference_agent();
    let dir = tempfile_dir("n1");
    let rec = dir.join("probe.jsonl");
    let run = |extra: &[&str]| {
        proxy_process::ChildGuard::spawn(
            Command::new(BIN)
                .args([
                    "probe",
                    &url,
                    "--record",
                    rec.to_str().unwrap(),
                    "--overwrite",
                ])
                .args(extra)
                .stdout(Stdio::piped())
                .stderr(Stdio::piped()),
        )
        .output_within(Duration::from_secs(240), "probe")
    };
    // stdout a pipe (a CI log): the whole text, which names no recording
    let out = run(&[]);
    let se = text(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{se}");
    // before: no line named the recording (only the progress lines)
    let want = format!(
        "a2a-interop: recording: {0} (a2a-interop verify {0}: every finding with its exchanges)",
        rec.display()
    );
    assert_eq!(se.lines().last(), Some(want.as_str()), "{se}");
    assert!(
        !text(&out.stdout).contains("recording: "),
        "stdout as before"
    );
    // -q keeps stderr quiet (the control)
    let out = run(&["-q"]);
    let se = text(&out.stderr);
    assert!(!se.contains("recording: "), "{se}");
}

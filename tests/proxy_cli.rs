//! `a2a-interop proxy` as a process: banner, SIGTERM ends it cleanly with the recording
//! complete and the report written, operational errors exit 2 with one line and a hint.

use crate::proxy_process;
use crate::proxy_support as support;

use std::process::Command;
use std::sync::Arc;
use std::time::Duration;

use a2a_interop::record::{EventKind, Outcome};
use proxy_process::{spawn_until_listening, Running};
use support::*;

const BIN: &str = env!("CARGO_BIN_EXE_a2a-interop");

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sigterm_ends_cleanly_with_recording_and_report() {
    let up = echo_server("a").await;
    let dir = tempfile::tempdir().unwrap();
    let rec = dir.path().join("rec.jsonl");
    let report = dir.path().join("report.json");
    let Running {
        mut child,
        rx,
        banner,
        addr,
    } = spawn_until_listening(
        Command::new(BIN)
            .args(["proxy", "--listen", "127.0.0.1:0", "--upstream"])
            .arg(format!("http://{up}"))
            .arg("--record")
            .arg(&rec)
            .arg("--report")
            .arg(&report)
            .args(["--format", "json"]),
        Duration::from_secs(20),
    );
    let c = client_h1();
    let (status, _, body) = fetch(&c, post(&format!("http://{addr}/rpc"), b"{\"a\":1}")).await;
    assert_eq!(status, 200);
    assert!(body.ends_with(b"{\"a\":1}}"));

    child.signal("TERM");
    let st = child.wait_for(Duration::from_secs(10), "proxy after SIGTERM");
    assert!(st.success(), "exit status {st:?}");
    let rest: Vec<String> = proxy_process::rest_of(&rx);
    let all = [banner, rest].concat().join("\n");
    assert!(all.contains("route / -> http://"), "{all}");
    assert!(
        all.contains(&format!("recording to {}", rec.display())),
        "{all}"
    );

    let evs = read_events(&rec);
    assert_eq!(exchanges(&evs), vec!["e1"]);
    assert_eq!(outcome(&evs, "e1").0, Outcome::Complete);
    assert!(evs
        .iter()
        .any(|e| matches!(e.kind, EventKind::ResponseChunk { .. })));
    let rep: serde_json::Value = serde_json::from_slice(&std::fs::read(&report).unwrap()).unwrap();
    assert_eq!(rep["tool"]["name"], "a2a-interop");
    assert!(rep["findings"].is_array());
}

fn run_fail(args: &[&str]) -> (i32, String) {
    let out = Command::new(BIN).args(args).output().unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn port_in_use_exits_2_with_a_hint() {
    let busy = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let addr = busy.local_addr().unwrap().to_string();
    let (code, err) = run_fail(&[
        "proxy",
        "--listen",
        &addr,
        "--upstream",
        "http://127.0.0.1:9",
        "--no-record",
    ]);
    assert_eq!(code, 2, "{err}");
    assert_eq!(err.trim().lines().count(), 1, "{err}");
    assert!(
        err.contains("address already in use") && err.contains("hint"),
        "{err}"
    );
    // the holder is this test process, named by pid with the way to stop it (lead55)
    let me = std::process::id();
    assert!(
        err.contains(&format!("address already in use by process {me} ("))
            && err.contains(&format!(
                "hint: stop it (kill {me}) or pick another --listen port"
            )),
        "{err}"
    );
}

/// A second proxy started on the port a first one listens on (two terminals, one
/// forgotten: newcomer55's "two proxies on one port") is told which process holds it,
/// as `a2a-interop proxy` with its pid, and how to stop it (lead55).
#[test]
fn a_port_held_by_another_proxy_names_that_proxy() {
    let (first, addr) =
        proxy_process::start_proxy(&["--upstream", "http://127.0.0.1:9", "--no-record"]);
    let (code, err) = run_fail(&[
        "proxy",
        "--listen",
        &addr.to_string(),
        "--upstream",
        "http://127.0.0.1:9",
        "--no-record",
    ]);
    assert_eq!(code, 2, "{err}");
    let pid = first.child.id();
    assert!(
        err.contains(&format!(
            "cannot listen on {addr}: address already in use by process {pid} (a2a-interop proxy); hint: stop it (kill {pid}) or pick another --listen port"
        )),
        "{err}"
    );
}

#[test]
fn non_loopback_listen_needs_allow_remote() {
    let (code, err) = run_fail(&[
        "proxy",
        "--listen",
        "0.0.0.0:0",
        "--upstream",
        "http://127.0.0.1:9",
    ]);
    assert_eq!(code, 2);
    assert!(err.contains("--allow-remote"), "{err}");
}

#[test]
fn bad_upstream_url_exits_2() {
    let (code, err) = run_fail(&[
        "proxy",
        "--listen",
        "127.0.0.1:0",
        "--upstream",
        "not a url",
    ]);
    assert_eq!(code, 2);
    assert!(err.contains("not a valid URL"), "{err}");
    let (code, err) = run_fail(&["proxy", "--listen", "127.0.0.1:0", "--route", "/a"]);
    assert_eq!(code, 2);
    assert!(err.contains("PREFIX=URL"), "{err}");
}

/// The console going away does not stop the proxy or lose its output files: stdout and
/// stderr are pipes whose reading ends are closed right after the banner (the terminal or
/// `| tee` died). Every later line the proxy prints (online findings, "stopping", the
/// recorded summary) meets `EPIPE`; the proxy keeps forwarding, and SIGTERM still ends it
/// with exit 0, the recording complete and the report written (`println!` would panic:
/// exit 101, no report).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_closed_console_loses_lines_not_the_recording_or_report() {
    use std::io::{BufRead, BufReader};
    use std::process::Stdio;
    let up = echo_server("a").await;
    let dir = tempfile::tempdir().unwrap();
    let rec = dir.path().join("rec.jsonl");
    let report = dir.path().join("report.json");
    let mut child = proxy_process::ChildGuard::spawn(
        Command::new(BIN)
            .args(["proxy", "--listen", "127.0.0.1:0", "--upstream"])
            .arg(format!("http://{up}"))
            .arg("--record")
            .arg(&rec)
            .arg("--report")
            .arg(&report)
            .args(["--format", "json"])
            .stdout(Stdio::piped())
            .stderr(Stdio::piped()),
    );
    let mut lines = BufReader::new(child.stderr.take().unwrap()).lines();
    let addr = loop {
        let line = lines.next().expect("banner").expect("stderr line");
        if let Some(a) = line.strip_prefix(proxy_process::LISTENING) {
            break a.trim_end_matches('/').to_string();
        }
    };
    drop(lines);
    drop(child.stdout.take());

    let c = client_h1();
    for body in [
        &b"{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"nope\"}"[..],
        b"{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"nope\"}",
        b"{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"nope\"}",
    ] {
        let (status, _, _) = fetch(&c, post(&format!("http://{addr}/rpc"), body)).await;
        assert_eq!(status, 200);
    }
    child.signal("TERM");
    let st = child.wait_for(Duration::from_secs(10), "proxy after SIGTERM");
    assert!(st.success(), "exit status {st:?}");
    let evs = read_events(&rec);
    assert_eq!(exchanges(&evs), vec!["e1", "e2", "e3"]);
    let rep: serde_json::Value = serde_json::from_slice(&std::fs::read(&report).unwrap()).unwrap();
    assert_eq!(rep["tool"]["name"], "a2a-interop");
}

/// An `--upstream` URL with `user:password@` or a `?query`: the proxy sends neither to the
/// agent (the URL is a base for each request's own path and query), and says so in its
/// banner instead of letting the user believe the agent gets them; the password is shown
/// redacted.
#[test]
fn upstream_userinfo_and_query_are_warned_about() {
    let mut run = spawn_until_listening(
        Command::new(BIN).args([
            "proxy",
            "--listen",
            "127.0.0.1:0",
            "--upstream",
            "http://user:hunter2@127.0.0.1:9/base?k=v",
            "--no-record",
        ]),
        Duration::from_secs(20),
    );
    let mut lines = Vec::new();
    while let Ok(l) = run.rx.recv_timeout(Duration::from_secs(30)) {
        let done = l.contains("Ctrl-C");
        lines.push(l);
        if done {
            break;
        }
    }
    let _ = run.child.kill();
    let _ = run.child.wait();
    let all = lines.join("\n");
    assert!(
        all.contains("warning: the upstream URL's user:password@ and ?query are not sent to the agent (each request's own path and query go to http://127.0.0.1:9/base)"),
        "{all}"
    );
    assert!(!all.contains("hunter2"), "{all}");
}

/// A port on 127.0.0.1 where nothing listens ([`support::dead_port`]).
fn dead_port() -> u16 {
    support::dead_port().port()
}

/// `proxy --upstream` naming a port where nothing listens (proxy20 P2): the proxy still
/// starts and serves (a request gets the proxy's 502), and stderr says at once which
/// upstream does not take connections, with the connect error; the warning does not hold
/// up the listening banner.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_upstream_where_nothing_listens_is_warned_about_at_start() {
    let port = dead_port();
    let upstream = format!("http://127.0.0.1:{port}");
    let t0 = std::time::Instant::now();
    let run = spawn_until_listening(
        Command::new(BIN).args([
            "proxy",
            "--listen",
            "127.0.0.1:0",
            "--no-record",
            "--upstream",
            &upstream,
        ]),
        Duration::from_secs(20),
    );
    let banner = run.banner.join("\n");
    assert!(!banner.contains("does not accept"), "{banner}");
    let mut seen = Vec::new();
    let warning = loop {
        let line = run
            .rx
            .recv_timeout(Duration::from_secs(10))
            .unwrap_or_else(|_| panic!("no warning; stderr so far: {seen:?}"));
        if line.contains("does not accept connections") {
            break line;
        }
        seen.push(line);
    };
    assert!(t0.elapsed() < Duration::from_secs(15));
    assert!(warning.contains("warning: upstream"), "{warning}");
    assert!(warning.contains(&upstream), "{warning}");
    assert!(
        warning.contains(&format!("TCP connect to 127.0.0.1:{port} failed")),
        "{warning}"
    );
    assert!(
        warning.to_ascii_lowercase().contains("refused"),
        "{warning}"
    );
    assert!(warning.contains("keeps running"), "{warning}");
    // and it does keep running: a request is answered by the proxy itself
    let c = client_h1();
    let addr = run.addr.trim_end_matches('/').to_string();
    let (status, _, _) = fetch(&c, post(&format!("http://{addr}/rpc"), b"{}")).await;
    assert_eq!(status, 502);
    // said once: the rest of stderr (the banner was checked above) does not repeat it
    let all = run.terminate();
    let after = all
        .split_once(&warning)
        .map(|(_, rest)| rest)
        .unwrap_or(&all);
    assert!(!after.contains("does not accept connections"), "{all}");
}

/// Control: an upstream that listens gets no warning (the check's connect succeeds).
#[tokio::test]
async fn an_upstream_that_listens_is_not_warned_about() {
    let up = echo_server("a").await;
    let url = format!("http://{up}");
    let got = a2a_interop::app::proxy_cmd::upstream_unreachable(
        &url,
        &url,
        a2a_interop::app::proxy_cmd::UPSTREAM_CHECK_TIMEOUT,
    )
    .await;
    assert_eq!(got, None);
    let dead = format!("http://127.0.0.1:{}", dead_port());
    let got =
        a2a_interop::app::proxy_cmd::upstream_unreachable(&dead, "shown", Duration::from_secs(2))
            .await
            .expect("a warning");
    assert!(
        got.starts_with("warning: upstream shown does not accept"),
        "{got}"
    );
    // a name that does not resolve is named as that (`.invalid` never resolves, RFC 6761
    // §6.4), not as an agent that is down (review22 R7)
    let got = a2a_interop::app::proxy_cmd::upstream_unreachable(
        "http://no-such-agent.invalid:9999/",
        "http://no-such-agent.invalid:9999/",
        a2a_interop::app::proxy_cmd::UPSTREAM_CHECK_TIMEOUT,
    )
    .await
    .expect("a warning");
    assert!(
        got.starts_with("warning: upstream http://no-such-agent.invalid:9999/: the host name no-such-agent.invalid does not resolve here (failed to lookup address information"),
        "{got}"
    );
    assert!(got.ends_with("check its spelling (--upstream / --route), or use the agent's IP address; the proxy keeps running and answers 502 meanwhile"), "{got}");
}

/// Starts the proxy (recording and JSON report in `dir`) in front of an agent whose SSE
/// stream runs for minutes, opens that stream through it and reads its first event: the
/// proxy then has one exchange open. Returns the running proxy, the open response (kept
/// so that the client holds the stream) and the recording's path. `grace`: the
/// `--shutdown-grace` seconds, `None` for the default (2 s).
async fn proxy_with_an_open_stream(
    dir: &std::path::Path,
    grace: Option<u64>,
) -> (
    Running,
    hyper::Response<hyper::body::Incoming>,
    std::path::PathBuf,
    std::path::PathBuf,
) {
    use http_body_util::BodyExt;
    let up = sse_server(10_000, Duration::from_millis(50)).await;
    let rec = dir.join("rec.jsonl");
    let report = dir.join("report.json");
    let mut cmd = Command::new(BIN);
    cmd.args(["proxy", "-q", "--listen", "127.0.0.1:0", "--upstream"])
        .arg(format!("http://{up}"))
        .arg("--record")
        .arg(&rec)
        .arg("--report")
        .arg(&report)
        .args(["--format", "json"]);
    if let Some(g) = grace {
        cmd.arg("--shutdown-grace").arg(g.to_string());
    }
    let run = spawn_until_listening(&mut cmd, Duration::from_secs(20));
    let addr = run.addr.trim_end_matches('/').to_string();
    let mut resp = client_h1()
        .request(get(&format!("http://{addr}/stream")))
        .await
        .expect("the stream through the proxy");
    assert_eq!(resp.status(), 200);
    let first = resp
        .body_mut()
        .frame()
        .await
        .expect("a first SSE event")
        .expect("body frame");
    assert!(first.is_data());
    (run, resp, rec, report)
}

/// Waits up to `limit` for a stderr line containing `needle`; the lines read so far.
fn wait_line(rx: &std::sync::mpsc::Receiver<String>, needle: &str, limit: Duration) -> Vec<String> {
    let t0 = std::time::Instant::now();
    let mut seen = Vec::new();
    while let Some(left) = limit.checked_sub(t0.elapsed()) {
        match rx.recv_timeout(left) {
            Ok(l) => {
                let hit = l.contains(needle);
                seen.push(l);
                if hit {
                    return seen;
                }
            }
            Err(_) => break,
        }
    }
    panic!("no stderr line with {needle:?} within {limit:?}; got {seen:#?}");
}

/// Reads the stderr of `child` (a proxy spawned with stderr piped and a TLS listener) line
/// by line on a thread, and waits (30 s) for its banner: the lines to come, and the
/// listener's `host:port` from "listening on https://HOST:PORT/".
fn https_banner(
    child: &mut proxy_process::ChildGuard,
) -> (std::sync::mpsc::Receiver<String>, String) {
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
    let seen = wait_line(
        &rx,
        "a2a-interop proxy listening on https://",
        Duration::from_secs(30),
    );
    let addr = seen
        .last()
        .unwrap()
        .strip_prefix("a2a-interop proxy listening on https://")
        .unwrap()
        .trim_end_matches('/')
        .to_string();
    (rx, addr)
}

/// Ctrl-C (SIGINT, `kill -INT`) with an SSE stream open: after "stopping" the proxy says
/// what the silence is for, how long it waits, for how many exchanges and that a second
/// Ctrl-C stops now; then that it writes the report, of how many events and where. With no
/// second Ctrl-C it waits the whole grace (2 s) and ends the exchange `open`, exit 0.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn ctrl_c_with_an_open_stream_says_what_it_waits_for() {
    let dir = tempfile::tempdir().unwrap();
    let (run, _resp, rec, report) = proxy_with_an_open_stream(dir.path(), None).await;
    let Running { mut child, rx, .. } = run;
    let t0 = std::time::Instant::now();
    child.signal("INT");
    let seen = wait_line(&rx, "waiting up to", Duration::from_secs(20));
    let waiting = seen.last().unwrap();
    assert_eq!(
        waiting,
        "a2a-interop proxy: waiting up to 2 s for 1 open exchange to end (Ctrl-C again to stop now: they are recorded as open)"
    );
    assert!(
        seen.iter()
            .any(|l| l == "a2a-interop proxy: stopping (Ctrl-C)"),
        "{seen:#?}"
    );
    let st = child.wait_for(Duration::from_secs(60), "proxy after SIGINT");
    let waited = t0.elapsed();
    assert!(st.success(), "exit status {st:?}");
    assert!(
        waited >= Duration::from_secs(2),
        "the grace was cut: {waited:?}"
    );
    let rest: Vec<String> = proxy_process::rest_of(&rx);
    let evs = read_events(&rec);
    let writing = format!(
        "a2a-interop proxy: writing the report of {} events to {}... (Ctrl-C again skips it; the recording is complete: `a2a-interop report {} -o {}` writes it later)",
        evs.len(),
        report.display(),
        rec.display(),
        report.display()
    );
    let at = rest.iter().position(|l| *l == writing);
    let done = rest.iter().position(|l| {
        l.starts_with(&format!(
            "a2a-interop proxy: report written to {} (",
            report.display()
        ))
    });
    assert!(
        matches!((at, done), (Some(a), Some(d)) if a < d),
        "{rest:#?}"
    );
    assert!(
        !rest.iter().any(|l| l.contains("stopping now")),
        "{rest:#?}"
    );
    assert_eq!(exchanges(&evs), vec!["e1"]);
    assert_eq!(outcome(&evs, "e1").0, Outcome::Open);
    let rep: serde_json::Value = serde_json::from_slice(&std::fs::read(&report).unwrap()).unwrap();
    assert_eq!(rep["tool"]["name"], "a2a-interop");
}

/// A second Ctrl-C while the proxy waits for an open SSE stream stops it now: it says so,
/// exits long before the grace (`--shutdown-grace 300`: the stream runs for minutes, so
/// only the Ctrl-C can end the wait early) would have run out, and still closes the
/// recording whole (every line parses, the last one ends with a newline, the stream's
/// exchange ends `open`) and writes the report.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_second_ctrl_c_stops_now_with_the_recording_whole() {
    let dir = tempfile::tempdir().unwrap();
    let (run, _resp, rec, report) = proxy_with_an_open_stream(dir.path(), Some(300)).await;
    let Running { mut child, rx, .. } = run;
    let t0 = std::time::Instant::now();
    child.signal("INT");
    wait_line(
        &rx,
        "waiting up to 300 s for 1 open exchange",
        Duration::from_secs(30),
    );
    child.signal("INT");
    let st = child.wait_for(Duration::from_secs(120), "proxy after a second SIGINT");
    let took = t0.elapsed();
    assert!(st.success(), "exit status {st:?}");
    assert!(
        took < Duration::from_secs(100),
        "the second Ctrl-C did not cut the 300 s grace: {took:?}"
    );
    let rest: Vec<String> = proxy_process::rest_of(&rx);
    assert!(
        rest.iter()
            .any(|l| l
                == "a2a-interop proxy: stopping now: exchanges still open are recorded as open"),
        "{rest:#?}"
    );
    let bytes = std::fs::read(&rec).unwrap();
    assert_eq!(
        bytes.last(),
        Some(&b'\n'),
        "the recording's last line is cut"
    );
    let evs = read_events(&rec);
    assert_eq!(exchanges(&evs), vec!["e1"]);
    let (out, err, _) = outcome(&evs, "e1");
    assert_eq!(out, Outcome::Open);
    assert_eq!(
        err.as_deref(),
        Some("proxy shut down with the exchange open")
    );
    assert!(evs
        .iter()
        .any(|e| matches!(e.kind, EventKind::ResponseChunk { .. })));
    let rep: serde_json::Value = serde_json::from_slice(&std::fs::read(&report).unwrap()).unwrap();
    assert_eq!(rep["tool"]["name"], "a2a-interop");
}

/// newcomer23 N3: the waiting line offers a second Ctrl-C to end the wait for open
/// exchanges; one that comes when that wait is over already (here: the stream's client
/// left, so the wait ended a moment before) while the online verifier still catches up
/// only ends that wait: the proxy says so, writes the `--report` and exits 0 (before, it
/// cut the verification short and exited 130 without the report). The second Ctrl-C is sent
/// when the proxy says the recording is closed; how much traffic leaves the verifier behind
/// then, yet lets the recording close before the first catch-up line (3 s after the stop),
/// depends on the machine: [`ctrl_c_after_the_wait_tuned`] searches for it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_second_ctrl_c_after_the_wait_for_open_exchanges_ended_still_writes_the_report() {
    ctrl_c_after_the_wait_tuned(false).await;
}

/// newcomer23 N3, the third Ctrl-C: after the second one ended the wait that was over
/// already, a third one while the online verifier still catches up cuts the stop short as
/// before: exit 130, no report, the line naming the commands for the complete recording.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_third_ctrl_c_after_the_wait_cuts_the_catch_up_short() {
    ctrl_c_after_the_wait_tuned(true).await;
}

/// Why one run of [`ctrl_c_after_the_wait`] did not show what it tests: the Ctrl-C it sent
/// answered another line than the one under test.
#[derive(Debug)]
enum Missed {
    /// Too much traffic: a catch-up or "being finished" line (3 s after the stop) came
    /// before the Ctrl-C did.
    Late,
    /// Too little traffic: the verifier had caught up and the report line came first.
    Early,
}

/// Runs [`ctrl_c_after_the_wait`] with calls of 256 KiB, searching (by halving in log2
/// space, between 1 and 1024 calls, up to 10 runs) for an amount of traffic that this
/// machine, at its present load, records within 3 s of the stop but verifies later than
/// that: CI on 2 loaded cores (session 24) closed 60 calls later than 3 s after the stop,
/// an idle machine verifies them before the Ctrl-C lands.
async fn ctrl_c_after_the_wait_tuned(third: bool) {
    const SIZE: usize = 256 * 1024;
    let (mut lo, mut hi, mut at) = (0.0f64, 10.0f64, 4.0f64);
    let mut tried = Vec::new();
    for _ in 0..10 {
        let calls = at.exp2().round().max(1.0) as usize;
        match ctrl_c_after_the_wait(calls, SIZE, third).await {
            Ok(done) => {
                eprintln!("{done} (after {tried:?})");
                return;
            }
            Err(missed) => {
                tried.push((calls, format!("{missed:?}")));
                match missed {
                    Missed::Late => hi = at,
                    Missed::Early => lo = at,
                }
                at = (lo + hi) / 2.0;
            }
        }
    }
    panic!(
        "the {} Ctrl-C never came while the online verifier was catching up: runs (calls, missed) {tried:?}",
        if third { "third" } else { "second" }
    );
}

/// The line that a Ctrl-C answered instead of the one under test, read as [`Missed`]: a
/// report line means the verifier had caught up ([`Missed::Early`]), anything else (the
/// catch-up or "being finished" lines) that the traffic was too much ([`Missed::Late`]).
fn missed_by(lines: &[String]) -> Missed {
    if lines
        .iter()
        .any(|l| l.contains("writing the report") || l.contains("report written to"))
    {
        Missed::Early
    } else {
        Missed::Late
    }
}

/// One run of [`ctrl_c_after_the_wait_tuned`] with `calls` calls of `size` bytes before the
/// stream opens: `Err` when a line after the waiting line (catch-up, report) had offered the
/// Ctrl-C something else first. `third`: a third Ctrl-C follows the line the second one
/// printed, and must cut the catch-up short (`Err(Early)` when the report was written
/// before it came).
async fn ctrl_c_after_the_wait(calls: usize, size: usize, third: bool) -> Result<String, Missed> {
    use http_body_util::BodyExt;
    let echo = echo_server("big").await;
    let sse = sse_server(10_000, Duration::from_millis(50)).await;
    let dir = tempfile::tempdir().unwrap();
    let rec = dir.path().join("rec.jsonl");
    let report = dir.path().join("report.json");
    let Running {
        mut child,
        rx,
        addr,
        ..
    } = spawn_until_listening(
        Command::new(BIN)
            .args(["proxy", "-q", "--listen", "127.0.0.1:0", "--upstream"])
            .arg(format!("http://{echo}"))
            .arg("--route")
            .arg(format!("/sse=http://{sse}"))
            .arg("--record")
            .arg(&rec)
            .arg("--report")
            .arg(&report)
            .args(["--format", "json"]),
        Duration::from_secs(20),
    );
    let addr = addr.trim_end_matches('/').to_string();
    grow_recording(&addr, calls, size).await;
    let mut resp = client_h1()
        .request(get(&format!("http://{addr}/sse/stream")))
        .await
        .expect("the stream through the proxy");
    assert_eq!(resp.status(), 200);
    let first = resp
        .body_mut()
        .frame()
        .await
        .expect("a first SSE event")
        .expect("body frame");
    assert!(first.is_data());

    child.signal("INT");
    let mut seen = wait_line(
        &rx,
        "waiting up to 2 s for 1 open exchange",
        Duration::from_secs(60),
    );
    // the client leaves: the wait ends by itself
    drop(resp);
    let recorded = format!("events recorded in {}", rec.display());
    seen.extend(wait_line(&rx, &recorded, Duration::from_secs(300)));
    child.signal("INT");
    let over = "a2a-interop proxy: the wait for open exchanges was over already (those still open then are recorded as open); the stop goes on (Ctrl-C again cuts it short)";
    if third {
        let lines = wait_line(&rx, "a2a-interop proxy: ", Duration::from_secs(300));
        if lines.last().map(String::as_str) != Some(over) {
            // the second Ctrl-C answered a later line; a product that cut the stop short
            // on it (review24a) printed none of them
            assert!(
                seen.iter().chain(&lines).any(|l| l.contains("catching up")
                    || l.contains("being finished")
                    || l.contains("writing the report")),
                "the second Ctrl-C did not end the wait only, and no catch-up or report line came before it (did it cut the stop short?): {seen:#?} {lines:#?}"
            );
            return Err(missed_by(&lines));
        }
        child.signal("INT");
        let st = child.wait_for(Duration::from_secs(300), "proxy after a third SIGINT");
        let rest: Vec<String> = proxy_process::rest_of(&rx);
        if rest
            .iter()
            .any(|l| l.starts_with("a2a-interop proxy: report written to"))
        {
            // the verifier had caught up and the report was written before it came
            return Err(Missed::Early);
        }
        assert_eq!(st.code(), Some(130), "{lines:#?} {rest:#?}");
        let cut = rest
            .iter()
            .find(|l| l.starts_with("a2a-interop proxy: stopped before"))
            .unwrap_or_else(|| panic!("no line saying the stop was cut short: {rest:#?}"));
        assert!(
            cut.contains(&format!(
                "`a2a-interop report {} -o {}`",
                rec.display(),
                report.display()
            )),
            "{cut}"
        );
        assert!(!report.exists(), "a report was written: {rest:#?}");
        let evs = read_events(&rec);
        assert_eq!(exchanges(&evs).len(), calls + 1);
        return Ok(format!(
            "{calls} calls of {size} bytes: the third Ctrl-C cut the stop short"
        ));
    }
    let st = child.wait_for(Duration::from_secs(300), "proxy after a second SIGINT");
    let rest: Vec<String> = proxy_process::rest_of(&rx);
    let Some(at) = rest.iter().position(|l| l == over) else {
        // a catch-up or report line came first and the Ctrl-C answered it
        assert!(
            seen.iter().chain(&rest).any(|l| l.contains("catching up")
                || l.contains("being finished")
                || l.contains("writing the report")),
            "the second Ctrl-C did not end the wait only, and no catch-up or report line came before it (did it cut the stop short?): {seen:#?} {rest:#?}"
        );
        return Err(missed_by(&rest));
    };
    assert!(
        st.success(),
        "exit status {st:?}; stderr: {seen:#?} {rest:#?}"
    );
    assert!(
        !seen
            .iter()
            .chain(&rest)
            .any(|l| l.contains("stopping now") || l.contains("stopped before")),
        "{seen:#?} {rest:#?}"
    );
    let written = format!(
        "a2a-interop proxy: report written to {} (",
        report.display()
    );
    let done = rest.iter().position(|l| l.starts_with(&written));
    assert!(
        matches!(done, Some(d) if d > at),
        "no report written after the second Ctrl-C: {rest:#?}"
    );
    let rep: serde_json::Value = serde_json::from_slice(&std::fs::read(&report).unwrap()).unwrap();
    assert_eq!(rep["tool"]["name"], "a2a-interop");
    let evs = read_events(&rec);
    let xs = exchanges(&evs);
    assert_eq!(xs.len(), calls + 1);
    // the report is of the whole recording
    let writing = format!(
        "a2a-interop proxy: writing the report of {} events to {}... (Ctrl-C again skips it; the recording is complete: `a2a-interop report {} -o {}` writes it later)",
        evs.len(),
        report.display(),
        rec.display(),
        report.display()
    );
    assert!(
        matches!(rest.iter().position(|l| *l == writing), Some(w) if w > at),
        "{rest:#?}"
    );
    Ok(format!(
        "{calls} calls of {size} bytes: the second Ctrl-C ended the wait only; the report of {} exchanges was written",
        xs.len()
    ))
}

/// Sends `n` JSON-RPC SendMessage calls, each with a text part of `size` bytes, through the
/// proxy at `addr` (the echo upstream answers each with the request inside its result): a
/// recording of about `2 * n * size` bytes, which the report re-reads and verifies at exit.
async fn grow_recording(addr: &str, n: usize, size: usize) {
    let c = client_h1();
    let text = "x".repeat(size);
    for i in 0..n {
        let body = format!(
            "{{\"jsonrpc\":\"2.0\",\"id\":{i},\"method\":\"SendMessage\",\"params\":{{\"message\":{{\"messageId\":\"m-{i}\",\"role\":\"ROLE_USER\",\"parts\":[{{\"text\":\"{text}\"}}]}}}}}}"
        );
        let req = hyper::Request::post(format!("http://{addr}/"))
            .header("content-type", "application/json")
            .header("a2a-version", "1.0")
            .body(full(bytes::Bytes::from(body)))
            .unwrap();
        let (status, _, _) = fetch(&c, req).await;
        assert_eq!(status, 200);
    }
}

/// q21 Q4: a second Ctrl-C while the report of a large recording is being written (the
/// report re-reads and re-verifies the whole recording, which takes seconds) stops the
/// proxy at once: exit 130 (128 + SIGINT), a line saying the report was not written and
/// how to write it, no report file and no staged temporary file left beside it, and the
/// recording whole: every line parses, the last ends with a newline, every exchange ends
/// `complete`, and `a2a-interop verify` reads it to its last line. That no report (and no
/// staged file) exists shows the write was abandoned, not waited out; the time the stop
/// took is printed, not asserted (a loaded CI machine makes any bound a guess).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_second_ctrl_c_during_the_report_write_exits_at_once_with_the_recording_whole() {
    // about 5 MB recorded: the debug build's report re-verifies it in seconds
    const CALLS: usize = 20;
    const SIZE: usize = 128 * 1024;
    let up = echo_server("big").await;
    let dir = tempfile::tempdir().unwrap();
    let rec = dir.path().join("rec.jsonl");
    let report = dir.path().join("report.json");
    let Running {
        mut child,
        rx,
        addr,
        ..
    } = quiet_proxy_with_report(&up, &rec, &report, false);
    let addr = addr.trim_end_matches('/').to_string();
    grow_recording(&addr, CALLS, SIZE).await;
    let recorded = std::fs::metadata(&rec).map(|m| m.len()).unwrap_or(0);

    child.signal("INT");
    // (the online verifier first works off what it has not judged yet: silent seconds)
    let seen = wait_line(&rx, "writing the report of", Duration::from_secs(120));
    let writing = seen.last().unwrap().clone();
    let t0 = std::time::Instant::now();
    child.signal("INT");
    let st = child.wait_for(Duration::from_secs(60), "proxy after a second SIGINT");
    let stopped_in = t0.elapsed();
    let rest: Vec<String> = proxy_process::rest_of(&rx);
    assert_eq!(
        st.code(),
        Some(130),
        "exit status {st:?}; stderr after: {rest:#?}"
    );
    assert!(
        writing.contains(&format!("to {}...", report.display())),
        "{writing}"
    );
    let stop = rest
        .iter()
        .find(|l| l.contains("stopped before the report was written"))
        .unwrap_or_else(|| panic!("no line saying the report was not written: {rest:#?}"));
    assert_eq!(
        stop,
        &format!(
            "a2a-interop proxy: stopped before the report was written; the recording {} is complete: `a2a-interop report {} -o {}` writes the report",
            rec.display(),
            rec.display(),
            report.display()
        )
    );
    assert!(
        !rest.iter().any(|l| l.contains("report written to")),
        "{rest:#?}"
    );
    // no report, and no half-written one under another name
    let left: Vec<String> = std::fs::read_dir(dir.path())
        .unwrap()
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(left, vec!["rec.jsonl".to_string()], "files left: {left:?}");

    // the recording: whole, to its last line
    let bytes = std::fs::read(&rec).unwrap();
    assert!(bytes.len() as u64 >= recorded, "the recording shrank");
    assert_eq!(
        bytes.last(),
        Some(&b'\n'),
        "the recording's last line is cut"
    );
    for (i, line) in bytes.split(|b| *b == b'\n').enumerate() {
        if !line.is_empty() {
            serde_json::from_slice::<serde_json::Value>(line)
                .unwrap_or_else(|e| panic!("recording line {} does not parse: {e}", i + 1));
        }
    }
    let evs = read_events(&rec);
    let xs = exchanges(&evs);
    assert_eq!(xs.len(), CALLS);
    for x in &xs {
        assert_eq!(outcome(&evs, x).0, Outcome::Complete, "{x}");
    }
    // re-verified offline: the same recording gives the report the proxy did not write
    let t1 = std::time::Instant::now();
    let out = Command::new(BIN)
        .arg("report")
        .arg(&rec)
        .arg("-o")
        .arg(&report)
        .output()
        .unwrap();
    let offline = t1.elapsed();
    assert!(
        matches!(out.status.code(), Some(0) | Some(1)),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let rep: serde_json::Value = serde_json::from_slice(&std::fs::read(&report).unwrap()).unwrap();
    assert_eq!(rep["tool"]["name"], "a2a-interop");
    eprintln!(
        "recording {} bytes, {} events: stopped {stopped_in:?} after the second Ctrl-C; the report written offline took {offline:?}",
        bytes.len(),
        evs.len()
    );
}

/// q22 Q1: a second Ctrl-C while the stop catches up with the traffic (the recording just
/// closed, the online verifier still behind 30 MB of bodies in the debug build) ends the
/// run without the online verdicts: exit 130 (128 + SIGINT), a line saying how many
/// recorded events were not verified live, that the recording is complete and the commands
/// that verify it offline and write the report; no report file and no staged temporary
/// file; the recording whole (`--lossless`: every line parses, every exchange `complete`), and
/// `a2a-interop verify` reads it. The second Ctrl-C is sent when the proxy says the
/// recording is closed; a machine fast enough to have verified everything by then is given
/// four times the traffic (the progress lines that offer the Ctrl-C are unit-tested). The
/// path taken is read from the lines (the count of events left unverified, no report
/// line), not from a clock; the time the stop took is printed.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_second_ctrl_c_while_the_stop_catches_up_exits_without_the_online_verdicts() {
    const SIZE: usize = 256 * 1024;
    for calls in [60, 240, 960] {
        if let Some(done) = cut_the_catch_up(calls, SIZE).await {
            eprintln!("{done}");
            return;
        }
    }
    panic!("the online verifier was never behind when the recording closed");
}

/// A quiet `proxy` in front of `up` recording to `rec`, with a JSON `--report` to `report`;
/// `--lossless` when `lossless` (the recorder waited for, never dropping an event).
fn quiet_proxy_with_report(
    up: &impl std::fmt::Display,
    rec: &std::path::Path,
    report: &std::path::Path,
    lossless: bool,
) -> Running {
    let mut cmd = Command::new(BIN);
    cmd.args(["proxy", "-q", "--listen", "127.0.0.1:0", "--upstream"])
        .arg(format!("http://{up}"))
        .arg("--record")
        .arg(rec)
        .arg("--report")
        .arg(report)
        .args(["--format", "json"]);
    if lossless {
        cmd.arg("--lossless");
    }
    spawn_until_listening(&mut cmd, Duration::from_secs(20))
}

/// One run of [`a_second_ctrl_c_while_the_stop_catches_up_exits_without_the_online_verdicts`]
/// with `calls` calls of `size` bytes: `None` when the verifier had caught up before the
/// second Ctrl-C (the report was being written), else a line of measurements.
async fn cut_the_catch_up(calls: usize, size: usize) -> Option<String> {
    let up = echo_server("big").await;
    let dir = tempfile::tempdir().unwrap();
    let rec = dir.path().join("rec.jsonl");
    let report = dir.path().join("report.json");
    let Running {
        mut child,
        rx,
        addr,
        ..
    // --lossless: the recording must stay whole at 960 calls of 256 KB on a loaded machine
    // (CI 182: the default mode's recorder dropped 276 events there, once attack60's 2 s
    // drain at the stop let the verifier catch up at 60 and 240 calls)
    } = quiet_proxy_with_report(&up, &rec, &report, true);
    let addr = addr.trim_end_matches('/').to_string();
    grow_recording(&addr, calls, size).await;

    child.signal("INT");
    let recorded = format!("events recorded in {}", rec.display());
    let seen = wait_line(&rx, &recorded, Duration::from_secs(300));
    let t0 = std::time::Instant::now();
    child.signal("INT");
    let st = child.wait_for(Duration::from_secs(120), "proxy after a second SIGINT");
    let stopped_in = t0.elapsed();
    let rest: Vec<String> = proxy_process::rest_of(&rx);
    assert_eq!(
        st.code(),
        Some(130),
        "exit status {st:?}; stderr: {seen:#?} {rest:#?}"
    );
    if rest.iter().any(|l| l.contains("writing the report")) {
        // the verifier had caught up already: the Ctrl-C skipped the report instead
        return None;
    }
    let stop = rest
        .iter()
        .find(|l| l.contains("stopped before the online verifier caught up"))
        .unwrap_or_else(|| panic!("no line saying the catch-up was cut: {rest:#?}"));
    let head = "a2a-interop proxy: stopped before the online verifier caught up (";
    let left: usize = stop
        .strip_prefix(head)
        .and_then(|s| s.split_once(" recorded event"))
        .and_then(|(n, _)| n.parse().ok())
        .unwrap_or_else(|| panic!("no count of unverified events: {stop}"));
    assert!(left > 0, "{stop}");
    assert!(
        stop.ends_with(&format!(
            " not verified live); the recording {} is complete: `a2a-interop verify {}` verifies it offline and `a2a-interop report {} -o {}` writes the report",
            rec.display(),
            rec.display(),
            rec.display(),
            report.display()
        )),
        "{stop}"
    );
    assert!(
        !rest
            .iter()
            .any(|l| l.contains("writing the report") || l.contains("report written to")),
        "{rest:#?}"
    );
    let left_files: Vec<String> = std::fs::read_dir(dir.path())
        .unwrap()
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(
        left_files,
        vec!["rec.jsonl".to_string()],
        "files left: {left_files:?}"
    );

    // the recording: whole, to its last line
    let bytes = std::fs::read(&rec).unwrap();
    assert_eq!(
        bytes.last(),
        Some(&b'\n'),
        "the recording's last line is cut"
    );
    for (i, line) in bytes.split(|b| *b == b'\n').enumerate() {
        if !line.is_empty() {
            serde_json::from_slice::<serde_json::Value>(line)
                .unwrap_or_else(|e| panic!("recording line {} does not parse: {e}", i + 1));
        }
    }
    let evs = read_events(&rec);
    let xs = exchanges(&evs);
    assert_eq!(xs.len(), calls);
    for x in &xs {
        assert_eq!(outcome(&evs, x).0, Outcome::Complete, "{x}");
    }
    // the command the line names verifies it offline, to its last exchange
    let out = Command::new(BIN)
        .arg("verify")
        .arg(&rec)
        .args(["--format", "json"])
        .output()
        .unwrap();
    assert!(
        matches!(out.status.code(), Some(0) | Some(1)),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["tool"]["name"], "a2a-interop");
    Some(format!(
        "{calls} calls: recording {} bytes, {} events: {left} not verified live when the second Ctrl-C came; stopped {stopped_in:?} after it",
        bytes.len(),
        evs.len()
    ))
}

/// Reads a raw HTTP/1.1 answer from `addr` to `request` sent on a new plain TCP
/// connection, until the proxy closes it.
fn send_plain(addr: &str, request: &[u8]) -> String {
    use std::io::{Read as _, Write as _};
    let mut c = std::net::TcpStream::connect(addr).unwrap();
    c.write_all(request).unwrap();
    c.set_read_timeout(Some(Duration::from_secs(20))).unwrap();
    let mut out = Vec::new();
    let _ = c.read_to_end(&mut out);
    String::from_utf8_lossy(&out).into_owned()
}

/// q22 Q2: a plain `http://` request to the proxy's TLS listener (`--tls-cert`) is answered
/// with an HTTP/1.1 400 naming the `https://` URL to use (as nginx's "plain HTTP request was
/// sent to HTTPS port"), not TLS alert bytes: the request's query (a credential) is not
/// echoed, three such requests give one stderr line (and the stop one for the two not said
/// yet, review22 R4), and nothing of them is recorded (no
/// request, no refusal: the recording holds the one TLS client's exchange, and `verify`
/// finds no refused request in it). Control: a TLS client on the same listener is served.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_plain_http_request_on_the_tls_listener_gets_a_400_naming_https() {
    use tokio::io::{AsyncReadExt as _, AsyncWriteExt as _};
    let up = echo_server("tls").await;
    let dir = tempfile::tempdir().unwrap();
    let ck = rcgen::generate_simple_self_signed(vec!["127.0.0.1".to_string()]).unwrap();
    let (cert, key) = (dir.path().join("c.pem"), dir.path().join("k.pem"));
    std::fs::write(&cert, ck.cert.pem()).unwrap();
    std::fs::write(&key, ck.key_pair.serialize_pem()).unwrap();
    let rec = dir.path().join("rec.jsonl");
    let mut child = proxy_process::ChildGuard::spawn(
        Command::new(BIN)
            .args(["proxy", "--listen", "127.0.0.1:0", "--upstream"])
            .arg(format!("http://{up}"))
            .arg("--tls-cert")
            .arg(&cert)
            .arg("--tls-key")
            .arg(&key)
            .arg("--record")
            .arg(&rec)
            .stderr(std::process::Stdio::piped())
            .stdout(std::process::Stdio::null()),
    );
    let (rx, addr) = https_banner(&mut child);

    let answer = send_plain(
        &addr,
        format!("POST /rpc?token=s3cret HTTP/1.1\r\nHost: {addr}\r\ncontent-type: application/json\r\ncontent-length: 2\r\n\r\n{{}}").as_bytes(),
    );
    let (head, body) = answer
        .split_once("\r\n\r\n")
        .unwrap_or_else(|| panic!("{answer:?}"));
    assert!(
        head.starts_with("HTTP/1.1 400 Bad Request\r\n"),
        "{answer:?}"
    );
    assert!(
        head.to_ascii_lowercase().contains("connection: close"),
        "{head}"
    );
    assert_eq!(
        body,
        format!("400 Bad Request: the plain HTTP request was sent to an HTTPS port; this a2a-interop proxy listener speaks TLS only: use https://{addr}/rpc\n")
    );
    assert!(!answer.contains("s3cret"), "{answer}");
    for _ in 0..2 {
        let again = send_plain(
            &addr,
            format!("GET /a HTTP/1.1\r\nHost: {addr}\r\n\r\n").as_bytes(),
        );
        assert!(
            again.starts_with("HTTP/1.1 400 Bad Request\r\n"),
            "{again:?}"
        );
    }

    // control: TLS on the same listener is served
    let mut roots = rustls::RootCertStore::empty();
    roots.add(ck.cert.der().clone()).unwrap();
    let cfg = rustls::ClientConfig::builder_with_provider(Arc::new(
        rustls::crypto::ring::default_provider(),
    ))
    .with_safe_default_protocol_versions()
    .unwrap()
    .with_root_certificates(roots)
    .with_no_client_auth();
    let tcp = tokio::net::TcpStream::connect(&addr).await.unwrap();
    let mut tls = tokio_rustls::TlsConnector::from(Arc::new(cfg))
        .connect(
            rustls::pki_types::ServerName::try_from("127.0.0.1").unwrap(),
            tcp,
        )
        .await
        .unwrap();
    tls.write_all(
        format!("POST / HTTP/1.1\r\nHost: {addr}\r\ncontent-type: application/json\r\ncontent-length: 7\r\nconnection: close\r\n\r\n{{\"a\":1}}").as_bytes(),
    )
    .await
    .unwrap();
    let mut got = Vec::new();
    let _ = tls.read_to_end(&mut got).await;
    let got = String::from_utf8_lossy(&got);
    assert!(got.starts_with("HTTP/1.1 200"), "{got}");
    assert!(got.ends_with("{\"a\":1}}"), "{got}");

    child.signal("TERM");
    let st = child.wait_for(Duration::from_secs(30), "proxy after SIGTERM");
    assert!(st.success(), "{st:?}");
    let lines: Vec<String> = proxy_process::rest_of(&rx);
    let said: Vec<&String> = lines
        .iter()
        .filter(|l| l.contains("plain http://"))
        .collect();
    assert_eq!(
        said.len(),
        2,
        "one line for three requests, and the stop's for the two not said: {lines:#?}"
    );
    assert!(
        said[0].starts_with("a2a-interop proxy: WARNING: a plain http:// request (POST /rpc from 127.0.0.1:")
            && said[0].ends_with(&format!(") came to this TLS listener (--tls-cert): answered 400 \"the plain HTTP request was sent to an HTTPS port\"; the client must use https://{addr}/rpc; later ones are counted, one line a minute at most; nothing of them is recorded")),
        "{}",
        said[0]
    );
    assert!(!said[0].contains("s3cret"), "{}", said[0]);
    // review22 R4: the two counted after the first line are said at the stop
    assert!(
        said[1].starts_with("a2a-interop proxy: WARNING: 2 more plain http:// requests came to this TLS listener (--tls-cert) in the ")
            && said[1].contains(" s since the last such line (the last: GET /a from 127.0.0.1:")
            && said[1].ends_with(&format!("); each was answered 400 and not recorded; the client must use https://{addr}/a")),
        "{}",
        said[1]
    );

    // the recording: the TLS client's one exchange, nothing of the plain requests
    let evs = read_events(&rec);
    assert_eq!(exchanges(&evs), vec!["e1"]);
    assert_eq!(outcome(&evs, "e1").0, Outcome::Complete);
    assert!(
        !evs.iter()
            .any(|e| matches!(e.kind, EventKind::RequestRefused { .. })),
        "{evs:#?}"
    );
    let conns = evs
        .iter()
        .filter(|e| matches!(e.kind, EventKind::ConnOpen { .. }))
        .count();
    assert_eq!(conns, 4);
    let out = Command::new(BIN).arg("verify").arg(&rec).output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(!text.contains("HTTP-FRAME-003"), "{text}");
    assert!(!std::fs::read_to_string(&rec).unwrap().contains("s3cret"));
}

/// A TLS acceptor with a fresh self-signed certificate for 127.0.0.1, and that
/// certificate in PEM.
fn loopback_tls_acceptor() -> (tokio_rustls::TlsAcceptor, String) {
    let ck = rcgen::generate_simple_self_signed(vec!["127.0.0.1".to_string()]).unwrap();
    let key = rustls::pki_types::PrivateKeyDer::Pkcs8(ck.key_pair.serialize_der().into());
    let cfg = rustls::ServerConfig::builder_with_provider(Arc::new(
        rustls::crypto::ring::default_provider(),
    ))
    .with_safe_default_protocol_versions()
    .unwrap()
    .with_no_client_auth()
    .with_single_cert(vec![ck.cert.der().clone()], key)
    .unwrap();
    let acceptor = tokio_rustls::TlsAcceptor::from(Arc::new(cfg));
    (acceptor, ck.cert.pem())
}

/// A fresh self-signed certificate for 127.0.0.1 and its key, written as PEM to
/// `dir/c.pem` and `dir/k.pem` (the proxy's `--tls-cert` / `--tls-key`).
fn loopback_cert_files(dir: &std::path::Path) -> (std::path::PathBuf, std::path::PathBuf) {
    let ck = rcgen::generate_simple_self_signed(vec!["127.0.0.1".to_string()]).unwrap();
    let (cert, key) = (dir.join("c.pem"), dir.join("k.pem"));
    std::fs::write(&cert, ck.cert.pem()).unwrap();
    std::fs::write(&key, ck.key_pair.serialize_pem()).unwrap();
    (cert, key)
}

/// A TLS server on a free loopback port with a self-signed certificate for 127.0.0.1
/// (written to `dir/agent.pem`): completes handshakes and then closes. Its address and the
/// certificate file.
async fn tls_server(dir: &std::path::Path) -> (std::net::SocketAddr, std::path::PathBuf) {
    let (acceptor, cert) = loopback_tls_acceptor();
    let pem = dir.join("agent.pem");
    std::fs::write(&pem, cert).unwrap();
    let l = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = l.local_addr().unwrap();
    tokio::spawn(async move {
        while let Ok((s, _)) = l.accept().await {
            let acceptor = acceptor.clone();
            tokio::spawn(async move {
                let _ = acceptor.accept(s).await;
            });
        }
    });
    (addr, pem)
}

/// q22 Q3: the proxy's start-up check of an `https://` upstream does one TLS handshake
/// with the trust the proxy will use, and names the fix the way probe/interop and the
/// proxy's 502 do: an untrusted certificate (`--upstream-ca`), a certificate for another
/// name than `--upstream-sni` (`--upstream-sni`), an agent that speaks plain HTTP on the
/// https:// port (an http:// upstream). Trusted (`--upstream-ca` the certificate itself),
/// or `--insecure-upstream`: no warning. An agent that is simply down gets no TLS line
/// (the TCP warning speaks, and the proxy starts and answers 502 as before).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_start_up_check_of_an_https_upstream_does_a_tls_handshake() {
    use a2a_interop::app::proxy_cmd::{upstream_tls_failed, UpstreamTlsCheck};
    let wait = Duration::from_secs(5);
    let dir = tempfile::tempdir().unwrap();
    let (agent, pem) = tls_server(dir.path()).await;
    let url = format!("https://{agent}");

    let w = upstream_tls_failed(&url, &url, &UpstreamTlsCheck::default(), wait)
        .await
        .expect("an untrusted certificate is warned about");
    assert!(
        w.starts_with(&format!("warning: upstream {url} failed the TLS handshake: "))
            && w.contains("every request will be answered 502 until it is fixed")
            && w.contains("hint: the agent's certificate does not chain to a CA the proxy trusts: pass that CA (or the self-signed certificate itself) with --upstream-ca FILE"),
        "{w}"
    );
    let trusted = UpstreamTlsCheck {
        ca: vec![pem.clone()],
        ..UpstreamTlsCheck::default()
    };
    assert_eq!(upstream_tls_failed(&url, &url, &trusted, wait).await, None);
    let insecure = UpstreamTlsCheck {
        insecure: true,
        ..UpstreamTlsCheck::default()
    };
    assert_eq!(upstream_tls_failed(&url, &url, &insecure, wait).await, None);
    let other_name = UpstreamTlsCheck {
        ca: vec![pem.clone()],
        sni: Some("agent.example.test".into()),
        ..UpstreamTlsCheck::default()
    };
    let w = upstream_tls_failed(&url, &url, &other_name, wait)
        .await
        .expect("a certificate for another name is warned about");
    assert!(
        w.contains("failed the TLS handshake (server name agent.example.test, --upstream-sni): ")
            && w.contains("with --upstream-sni NAME"),
        "{w}"
    );

    // plain HTTP on the https:// port
    let plain = echo_server("plain").await;
    let url = format!("https://{plain}");
    let w = upstream_tls_failed(&url, &url, &UpstreamTlsCheck::default(), wait)
        .await
        .expect("an agent that speaks no TLS is warned about");
    assert!(
        w.ends_with(&format!("hint: the agent does not speak TLS on that port: use an http:// upstream: --upstream http://{plain} (or http:// in --route)")),
        "{w}"
    );
    // http:// upstreams are not TLS-checked; a dead agent is the TCP check's to say
    assert_eq!(
        upstream_tls_failed(
            &format!("http://{plain}"),
            "x",
            &UpstreamTlsCheck::default(),
            wait
        )
        .await,
        None
    );
    let dead = format!("https://127.0.0.1:{}", dead_port());
    assert_eq!(
        upstream_tls_failed(&dead, &dead, &UpstreamTlsCheck::default(), wait).await,
        None
    );

    // the binary says it at start-up, and keeps running
    let run = spawn_until_listening(
        Command::new(BIN)
            .args([
                "proxy",
                "--listen",
                "127.0.0.1:0",
                "--no-record",
                "--upstream",
            ])
            .arg(&url),
        Duration::from_secs(20),
    );
    let line = proxy_process::line_with(&run, "failed the TLS handshake", Duration::from_secs(20));
    assert_eq!(
        line,
        format!("  warning: upstream {url} failed the TLS handshake: received corrupt message of type InvalidContentType; every request will be answered 502 until it is fixed; hint: the agent does not speak TLS on that port: use an http:// upstream: --upstream http://{plain} (or http:// in --route)")
    );
}

/// q22 Q7: the HAR exported from a real proxy run fills `response.statusText` (HAR 1.2)
/// with the canonical reason phrase of each code: `OK` for the agent's 200, `Bad Gateway`
/// for the proxy's own 502 to a dead agent (it was always ""). q24: an agent's own reason
/// phrase (`HTTP/1.1 404 Nope`) is recorded (`response_head.reason`, only when it is not
/// the canonical one), passed on to the client, and is the HAR's statusText.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_har_of_a_proxy_run_says_each_status_text() {
    let up = echo_server("a").await;
    let nope = raw_answer_server(
        b"HTTP/1.1 404 Nope\r\ncontent-type: application/json\r\ncontent-length: 2\r\nconnection: close\r\n\r\n{}",
    )
    .await;
    let dir = tempfile::tempdir().unwrap();
    let rec = dir.path().join("rec.jsonl");
    let Running {
        mut child, addr, ..
    } = spawn_until_listening(
        Command::new(BIN)
            .args(["proxy", "--listen", "127.0.0.1:0", "-q"])
            .arg("--route")
            .arg(format!("/dead=http://127.0.0.1:{}", dead_port()))
            .arg("--route")
            .arg(format!("/nope=http://{nope}"))
            .arg("--route")
            .arg(format!("/=http://{up}"))
            .arg("--record")
            .arg(&rec),
        Duration::from_secs(20),
    );
    let addr = addr.trim_end_matches('/').to_string();
    let c = client_h1();
    let (s, _, _) = fetch(&c, post(&format!("http://{addr}/rpc"), b"{}")).await;
    assert_eq!(s, 200);
    let (s, _, _) = fetch(&c, post(&format!("http://{addr}/dead/rpc"), b"{}")).await;
    assert_eq!(s, 502);
    // the client gets the agent's own status line
    let got = send_plain(
        &addr,
        b"POST /nope/rpc HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\ncontent-length: 2\r\nconnection: close\r\n\r\n{}",
    );
    assert!(got.starts_with("HTTP/1.1 404 Nope\r\n"), "{got}");
    child.signal("TERM");
    assert!(child
        .wait_for(Duration::from_secs(20), "proxy after SIGTERM")
        .success());
    let har = dir.path().join("rec.har");
    let o = Command::new(BIN)
        .args(["export", "--har"])
        .arg(&har)
        .arg(&rec)
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let doc: serde_json::Value = serde_json::from_slice(&std::fs::read(&har).unwrap()).unwrap();
    let got: Vec<(u64, String)> = doc["log"]["entries"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| {
            (
                e["response"]["status"].as_u64().unwrap(),
                e["response"]["statusText"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    assert_eq!(
        got,
        vec![
            (200, "OK".to_string()),
            (502, "Bad Gateway".to_string()),
            (404, "Nope".to_string())
        ]
    );
    // recorded only where it is not the canonical phrase
    let heads: Vec<serde_json::Value> = std::fs::read_to_string(&rec)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap())
        .filter(|v| v["type"] == "response_head")
        .collect();
    let reasons: Vec<(u64, Option<&str>)> = heads
        .iter()
        .map(|v| {
            (
                v["status"].as_u64().unwrap(),
                v.get("reason").map(|r| r.as_str().unwrap()),
            )
        })
        .collect();
    assert_eq!(reasons, vec![(200, None), (502, None), (404, Some("Nope"))]);
    let evs = read_events(&rec);
    assert!(evs.iter().any(|e| matches!(
        &e.kind,
        EventKind::ResponseHead { status: 404, reason: Some(r), .. } if r == "Nope"
    )));
}

/// review22: a client that connects to the TLS listener (`--tls-cert`) and sends nothing
/// (`nc host port`) does not hold up Ctrl-C: the stop ends the wait for its first bytes at
/// once, as on the plain listener (it used to wait the whole shutdown grace, with no line
/// saying why). The grace is 300 s here (`--shutdown-grace`), so a stop that waited for the
/// silent client would take minutes; it must end well before. Control: the same Ctrl-C
/// with the silent client on a plain listener.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn ctrl_c_does_not_wait_for_a_silent_client_on_the_tls_listener() {
    let up = echo_server("silent").await;
    let dir = tempfile::tempdir().unwrap();
    let (cert, key) = loopback_cert_files(dir.path());
    for tls in [true, false] {
        let mut cmd = Command::new(BIN);
        cmd.args([
            "proxy",
            "-q",
            "--no-record",
            "--shutdown-grace",
            "300",
            "--listen",
            "127.0.0.1:0",
            "--upstream",
        ])
        .arg(format!("http://{up}"));
        if tls {
            cmd.arg("--tls-cert").arg(&cert).arg("--tls-key").arg(&key);
        }
        // spawn_until_listening knows the http:// banner only
        let mut child = proxy_process::ChildGuard::spawn(
            cmd.stderr(std::process::Stdio::piped())
                .stdout(std::process::Stdio::null()),
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
        let hostport = loop {
            let line = rx.recv_timeout(Duration::from_secs(20)).expect("banner");
            if let Some((_, a)) = line.split_once("listening on ") {
                break a
                    .rsplit("://")
                    .next()
                    .unwrap()
                    .trim_end_matches('/')
                    .to_string();
            }
        };
        let silent = tokio::net::TcpStream::connect(&hostport).await.unwrap();
        tokio::time::sleep(Duration::from_millis(300)).await;
        let t0 = std::time::Instant::now();
        child.signal("INT");
        let st = child.wait_for(Duration::from_secs(200), "proxy after SIGINT");
        let took = t0.elapsed();
        drop(silent);
        assert_eq!(st.code(), Some(0), "tls={tls}: {st:?}");
        assert!(
            took < Duration::from_secs(100),
            "tls={tls}: Ctrl-C waited {took:?} of the 300 s grace for a client that sent nothing"
        );
    }
}

/// A raw TCP server on a free loopback port that answers every connection's first bytes
/// with `answer` and closes (a port that is not what it seems).
async fn raw_answer_server(answer: &'static [u8]) -> std::net::SocketAddr {
    use tokio::io::{AsyncReadExt as _, AsyncWriteExt as _};
    let l = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = l.local_addr().unwrap();
    tokio::spawn(async move {
        while let Ok((mut s, _)) = l.accept().await {
            tokio::spawn(async move {
                let mut buf = [0u8; 1024];
                let _ = s.read(&mut buf).await;
                let _ = s.write_all(answer).await;
                let _ = s.shutdown().await;
            });
        }
    });
    addr
}

/// A TLS server as OpenSSL's `s_server` behaves: a connection that does not open with a
/// TLS handshake record is closed without a word (no alert); a TLS client completes its
/// handshake (self-signed certificate for 127.0.0.1), then the connection closes.
async fn silent_tls_server() -> std::net::SocketAddr {
    let (acceptor, _) = loopback_tls_acceptor();
    let l = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = l.local_addr().unwrap();
    tokio::spawn(async move {
        while let Ok((s, _)) = l.accept().await {
            let acceptor = acceptor.clone();
            tokio::spawn(async move {
                let mut first = [0u8; 1];
                if matches!(s.peek(&mut first).await, Ok(1)) && first[0] == 22 {
                    let _ = acceptor.accept(s).await;
                }
            });
        }
    });
    addr
}

/// review22 R8: `--upstream http://` naming a port that speaks TLS is warned about at
/// start-up ("use --upstream https://..."), and a request through the proxy then gets a
/// 502 that says the same. Controls: a plain HTTP agent, a plain server whose 400 merely
/// mentions HTTPS, and one that closes without answer (neither completes a TLS handshake)
/// are not called TLS.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_http_upstream_on_a_tls_port_is_told_to_use_https() {
    use a2a_interop::app::proxy_cmd::upstream_speaks_tls;
    let wait = Duration::from_secs(5);
    let dir = tempfile::tempdir().unwrap();
    let (agent, _pem) = tls_server(dir.path()).await;
    let url = format!("http://{agent}");
    let w = upstream_speaks_tls(&url, &url, wait)
        .await
        .expect("a TLS port is warned about");
    assert!(
        w.starts_with(&format!("warning: upstream {url} speaks TLS (https) on that port: a plain HTTP request there got "))
            && w.contains(&format!("hint: use --upstream https://{agent} (or https:// in --route)")),
        "{w}"
    );
    let plain = echo_server("plain").await;
    assert_eq!(
        upstream_speaks_tls(&format!("http://{plain}"), "x", wait).await,
        None
    );
    let says_https = raw_answer_server(b"HTTP/1.1 400 Bad Request\r\ncontent-length: 24\r\nconnection: close\r\n\r\nsee https://example.test").await;
    assert_eq!(
        upstream_speaks_tls(&format!("http://{says_https}"), "x", wait).await,
        None
    );
    let closes = raw_answer_server(b"").await;
    assert_eq!(
        upstream_speaks_tls(&format!("http://{closes}"), "x", wait).await,
        None
    );
    // https:// upstreams are the TLS check's
    assert_eq!(
        upstream_speaks_tls(&format!("https://{agent}"), "x", wait).await,
        None
    );

    // a TLS server that closes on plaintext without an alert (OpenSSL): the same
    let silent = silent_tls_server().await;
    let url = format!("http://{silent}");
    let w = upstream_speaks_tls(&url, &url, wait)
        .await
        .expect("a silent TLS port is warned about");
    assert!(
        w.contains("speaks TLS (https) on that port: a plain HTTP request there got no answer, and a TLS handshake succeeded;")
            && w.contains(&format!("hint: use --upstream https://{silent} ")),
        "{w}"
    );
    // the running proxy in front of each: the warning at start-up, the 502 of a request
    for (tls_agent, said) in [
        (agent, "it answered with TLS record bytes"),
        (silent, "speaks TLS (https) on that port, not plain HTTP"),
    ] {
        let url = format!("http://{tls_agent}");
        let run = spawn_until_listening(
            Command::new(BIN).args([
                "proxy",
                "--listen",
                "127.0.0.1:0",
                "--no-record",
                "--upstream",
                &url,
            ]),
            Duration::from_secs(20),
        );
        let mut seen = Vec::new();
        let warning = loop {
            let line = run
                .rx
                .recv_timeout(Duration::from_secs(30))
                .unwrap_or_else(|_| panic!("no warning; stderr so far: {seen:?}"));
            if line.contains("speaks TLS") {
                break line;
            }
            seen.push(line);
        };
        assert!(
            warning.contains(&format!("use --upstream https://{tls_agent}")),
            "{warning}"
        );
        let c = client_h1();
        let addr = run.addr.trim_end_matches('/').to_string();
        let (status, _, body) = fetch(&c, post(&format!("http://{addr}/rpc"), b"{}")).await;
        assert_eq!(status, 502);
        let body = String::from_utf8_lossy(&body);
        assert!(
            body.contains(&format!("upstream http://{tls_agent}/rpc "))
                && body.contains(said)
                && body.contains(&format!("https://{tls_agent}")),
            "{body}"
        );
        run.terminate();
    }
}

/// review22 R5: a plain client on the TLS listener that sends an empty line (CRLF) before
/// its request line (RFC 9112 §2.2 lets a server ignore it), or its method a byte at a
/// time more slowly than the sniff's 200 ms wait for the next byte, gets the 400 naming
/// https://, not a TLS alert.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_plain_request_with_a_leading_crlf_or_sent_slowly_gets_the_400_too() {
    let up = echo_server("tls").await;
    let dir = tempfile::tempdir().unwrap();
    let (cert, key) = loopback_cert_files(dir.path());
    let mut child = proxy_process::ChildGuard::spawn(
        Command::new(BIN)
            .args([
                "proxy",
                "--listen",
                "127.0.0.1:0",
                "--no-record",
                "--upstream",
            ])
            .arg(format!("http://{up}"))
            .arg("--tls-cert")
            .arg(&cert)
            .arg("--tls-key")
            .arg(&key)
            .stderr(std::process::Stdio::piped())
            .stdout(std::process::Stdio::null()),
    );
    let (_rx, addr) = https_banner(&mut child);
    let want = format!("use https://{addr}/c\n");
    let answer = send_plain(
        &addr,
        format!("\r\nGET /c HTTP/1.1\r\nHost: {addr}\r\n\r\n").as_bytes(),
    );
    assert!(
        answer.starts_with("HTTP/1.1 400 Bad Request\r\n") && answer.ends_with(&want),
        "{answer:?}"
    );
    // a byte at a time, 300 ms apart, for the method and its space
    let slow = {
        let addr = addr.clone();
        tokio::task::spawn_blocking(move || {
            use std::io::{Read as _, Write as _};
            let mut c = std::net::TcpStream::connect(&addr).unwrap();
            c.set_nodelay(true).unwrap();
            for b in b"GET " {
                c.write_all(&[*b]).unwrap();
                std::thread::sleep(Duration::from_millis(300));
            }
            c.write_all(format!("/c HTTP/1.1\r\nHost: {addr}\r\n\r\n").as_bytes())
                .unwrap();
            c.set_read_timeout(Some(Duration::from_secs(20))).unwrap();
            let mut out = Vec::new();
            let _ = c.read_to_end(&mut out);
            String::from_utf8_lossy(&out).into_owned()
        })
        .await
        .unwrap()
    };
    assert!(
        slow.starts_with("HTTP/1.1 400 Bad Request\r\n") && slow.ends_with(&want),
        "{slow:?}"
    );
    child.signal("TERM");
    let st = child.wait_for(Duration::from_secs(30), "proxy after SIGTERM");
    assert!(st.success(), "{st:?}");
}

/// A raw HTTP/1.1 agent that answers every request with a chunked SSE stream of one 1.0
/// Task event in TASK_STATE_WORKING, then either ends the body cleanly (`clean`: the last
/// chunk) or closes its socket without it (an agent dying mid-stream).
async fn working_then_gone_agent(clean: bool) -> std::net::SocketAddr {
    use tokio::io::{AsyncReadExt as _, AsyncWriteExt as _};
    let l = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = l.local_addr().unwrap();
    tokio::spawn(async move {
        while let Ok((mut s, _)) = l.accept().await {
            tokio::spawn(async move {
                let mut got = Vec::new();
                let mut buf = [0u8; 4096];
                while !got.windows(4).any(|w| w == b"\r\n\r\n") {
                    match s.read(&mut buf).await {
                        Ok(0) | Err(_) => return,
                        Ok(n) => got.extend_from_slice(&buf[..n]),
                    }
                }
                let ev = "data: {\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{\"task\":{\"id\":\"t1\",\"contextId\":\"c1\",\"status\":{\"state\":\"TASK_STATE_WORKING\"}}}}\n\n";
                let head = format!(
                    "HTTP/1.1 200 OK\r\ncontent-type: text/event-stream\r\ntransfer-encoding: chunked\r\n\r\n{:x}\r\n{ev}\r\n",
                    ev.len()
                );
                let _ = s.write_all(head.as_bytes()).await;
                let _ = s.flush().await;
                tokio::time::sleep(Duration::from_millis(100)).await;
                if clean {
                    let _ = s.write_all(b"0\r\n\r\n").await;
                    let _ = s.flush().await;
                }
                // gone: the socket closes here
            });
        }
    });
    addr
}

/// newcomer23 N6: the live STREAM-END-002 line says who ended the stream, from the
/// recorded end: an agent whose connection broke mid-stream ("was reset by the agent's
/// side (its connection ended before the stream did: upstream response body failed ...)"),
/// as the upstream-error line before it does, and an agent that ended its response cleanly
/// ("closed by the agent's side (its response ended cleanly)"). Real sockets: a raw agent,
/// the proxy process, a hyper client.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_live_stream_end_002_line_says_the_agent_ended_the_stream() {
    for clean in [false, true] {
        let up = working_then_gone_agent(clean).await;
        let dir = tempfile::tempdir().unwrap();
        let run = spawn_until_listening(
            Command::new(BIN)
                .args(["proxy", "--listen", "127.0.0.1:0", "--upstream"])
                .arg(format!("http://{up}"))
                .arg("--record")
                .arg(dir.path().join("rec.jsonl")),
            Duration::from_secs(20),
        );
        let addr = run.addr.trim_end_matches('/').to_string();
        let req = hyper::Request::post(format!("http://{addr}/"))
            .header("content-type", "application/json")
            .header("a2a-version", "1.0")
            .header("accept", "text/event-stream")
            .body(full(bytes::Bytes::from_static(
                br#"{"jsonrpc":"2.0","id":1,"method":"SendStreamingMessage","params":{"message":{"messageId":"m1","role":"ROLE_USER","parts":[{"text":"hi"}]}}}"#,
            )))
            .unwrap();
        let resp = client_h1().request(req).await.expect("the stream's head");
        assert_eq!(resp.status(), 200);
        // read to its end (an error when the agent went away)
        let _ = http_body_util::BodyExt::collect(resp.into_body()).await;
        let line = proxy_process::line_with(&run, "STREAM-END-002", Duration::from_secs(60));
        // "error[STREAM-END-002] e1 #N: MESSAGE" (N: the exchange_end's seq)
        let msg = line
            .strip_prefix("error[STREAM-END-002] e1 #")
            .and_then(|r| r.split_once(": "))
            .map(|(_, m)| m)
            .unwrap_or_else(|| panic!("clean={clean}: {line}"));
        let want = if clean {
            "stream closed by the agent's side (its response ended cleanly) while the task was in TASK_STATE_WORKING"
        } else {
            "stream was reset by the agent's side (its connection ended before the stream did: upstream response body failed after "
        };
        assert!(msg.starts_with(want), "clean={clean}: {line}");
        assert!(
            line.ends_with("while the task was in TASK_STATE_WORKING"),
            "clean={clean}: {line}"
        );
    }
}

//! newcomer22: what an operator hit running the proxy for a day (an agent restarted
//! mid-run, a recording disk that filled up, the fault battery run as a newcomer would).
//! Real processes, real loopback sockets, real files.

use crate::proxy_process;
use crate::raw_http;

use std::net::SocketAddr;
use std::path::Path;
use std::process::Command;
use std::sync::mpsc::Receiver;
use std::time::{Duration, Instant};

use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};

use proxy_process::{spawn_until_listening, Running};

const BIN: &str = env!("CARGO_BIN_EXE_a2a-interop");
const RPC: &str = r#"{"jsonrpc":"2.0","id":1,"method":"message/send","params":{"message":{"kind":"message","messageId":"u1","role":"user","parts":[{"kind":"text","text":"hi"}]}}}"#;
const ANSWER: &str = r#"{"jsonrpc":"2.0","id":1,"result":{"kind":"message","messageId":"m1","role":"agent","parts":[{"kind":"text","text":"hi"}]}}"#;

/// An agent on `listener` answering every request with [`ANSWER`] (keep-alive) until the
/// returned task is aborted, which closes the listener: the agent is "down".
fn agent_on(l: TcpListener) -> tokio::task::JoinHandle<()> {
    tokio::spawn(async move {
        while let Ok((mut s, _)) = l.accept().await {
            tokio::spawn(async move {
                let mut got: Vec<u8> = Vec::new();
                while raw_http::read_message(&mut s, &mut got).await.is_some() {
                    let h = format!(
                        "HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: {}\r\n\r\n{ANSWER}",
                        ANSWER.len()
                    );
                    if s.write_all(h.as_bytes()).await.is_err() {
                        return;
                    }
                }
            });
        }
    })
}

/// Waits until nothing listens on `addr` any more: a connection there is refused. The
/// agent's listener is closed in this process at once, but a child process another test
/// forks at that moment holds a copy of the socket until it execs (CLOEXEC acts only then),
/// and a connection the proxy makes meanwhile is queued on it and then reset, not refused.
/// Panics after 30 s.
async fn wait_until_refused(addr: SocketAddr) {
    let t0 = Instant::now();
    while TcpStream::connect(addr).await.is_ok() {
        assert!(
            t0.elapsed() < Duration::from_secs(30),
            "{addr} still takes connections 30 s after its listener closed"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

/// POST `body` to `path` on a fresh connection (`connection: close`); the whole response.
async fn post(proxy: SocketAddr, path: &str, body: &str) -> String {
    let mut s = TcpStream::connect(proxy).await.unwrap();
    let req = format!(
        "POST {path} HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\ncontent-length: {}\r\nconnection: close\r\n\r\n{body}",
        body.len()
    );
    s.write_all(req.as_bytes()).await.unwrap();
    let mut out = Vec::new();
    tokio::time::timeout(Duration::from_secs(20), s.read_to_end(&mut out))
        .await
        .expect("answered in time")
        .unwrap();
    String::from_utf8_lossy(&out).into_owned()
}

/// stderr lines of `rx` until one contains `want` (within `wait`); all lines read.
fn read_until(rx: &Receiver<String>, want: &str, wait: Duration) -> Vec<String> {
    let t0 = Instant::now();
    let mut out = Vec::new();
    while t0.elapsed() < wait {
        match rx.recv_timeout(Duration::from_millis(100)) {
            Ok(l) => {
                let hit = l.contains(want);
                out.push(l);
                if hit {
                    return out;
                }
            }
            Err(std::sync::mpsc::RecvTimeoutError::Timeout) => {}
            Err(_) => break,
        }
    }
    panic!("no stderr line with {want:?} in {wait:?}; got {out:#?}");
}

/// N2: an agent restarted mid-run. Before, every request the proxy answered 502 printed an
/// `upstream-error` line (a flood on a busy proxy) and nothing said when the agent came
/// back, so the console's last line still read "unreachable". Now: the first three lines,
/// one line saying the rest are counted, one line when the agent answers again naming how
/// many requests it missed, and at the end a line for an agent still down.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_upstream_outage_prints_three_lines_then_counts_and_says_when_the_agent_is_back() {
    let l = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let agent_addr = l.local_addr().unwrap();
    let agent = agent_on(l);
    let dir = tempfile::tempdir().unwrap();
    let rec = dir.path().join("rec.jsonl");
    let Running {
        child, rx, addr, ..
    } = spawn_until_listening(
        Command::new(BIN)
            .args(["proxy", "--listen", "127.0.0.1:0", "--upstream"])
            .arg(format!("http://{agent_addr}"))
            .arg("--record")
            .arg(&rec),
        Duration::from_secs(30),
    );
    let mut child = child;
    let proxy: SocketAddr = addr.trim_end_matches('/').parse().unwrap();
    assert!(post(proxy, "/", RPC).await.ends_with(ANSWER)); // e1
    agent.abort();
    let _ = agent.await;
    wait_until_refused(agent_addr).await;
    // the port held while the agent is down, so that no other test listens on it meanwhile
    let down = proxy_process::ReservedPort::at(agent_addr);
    // e2..e7: the agent is down, the proxy answers each 502
    for _ in 0..6 {
        let r = post(proxy, "/", RPC).await;
        assert!(r.starts_with("HTTP/1.1 502"), "{r}");
    }
    // the agent restarts on its port
    let agent = agent_on(down.listen_tokio());
    assert!(post(proxy, "/", RPC).await.ends_with(ANSWER)); // e8
    let mut lines = read_until(&rx, "answers again", Duration::from_secs(30));
    // a second outage that lasts to the end of the run: e9..e13
    agent.abort();
    let _ = agent.await;
    wait_until_refused(agent_addr).await;
    for _ in 0..5 {
        let r = post(proxy, "/", RPC).await;
        assert!(r.starts_with("HTTP/1.1 502"), "{r}");
    }
    lines.extend(read_until(
        &rx,
        "did not answer 3 requests in a row",
        Duration::from_secs(30),
    ));
    child.signal("TERM");
    let st = child.wait_for(Duration::from_secs(30), "proxy after SIGTERM");
    lines.extend(rx.iter());
    let all = lines.join("\n");
    assert!(st.success(), "{st:?}\n{all}");
    let origin = format!("http://{agent_addr}");
    let errors: Vec<&String> = lines
        .iter()
        .filter(|l| l.starts_with("upstream-error "))
        .collect();
    // three per outage, the first three of each
    let named: Vec<&str> = errors
        .iter()
        .map(|l| l.split(':').next().unwrap_or(""))
        .collect();
    assert_eq!(
        named,
        [
            "upstream-error e2",
            "upstream-error e3",
            "upstream-error e4",
            "upstream-error e9",
            "upstream-error e10",
            "upstream-error e11"
        ],
        "{all}"
    );
    assert!(
        errors.iter().all(|l| l.contains("Connection refused")),
        "{all}"
    );
    assert_eq!(
        all.matches(&format!(
            "a2a-interop proxy: upstream {origin} did not answer 3 requests in a row; further ones are counted, not printed, until it answers again"
        ))
        .count(),
        2,
        "{all}"
    );
    assert!(
        all.contains(&format!(
            "a2a-interop proxy: upstream {origin} answers again (e8) after 6 requests it did not answer (e2 to e7; the proxy answered them with its own 502)"
        )),
        "{all}"
    );
    assert!(
        all.contains(&format!(
            "a2a-interop proxy: upstream {origin} still did not answer at the end: 5 requests in a row (e9 to e13; the proxy answered them with its own 502)"
        )),
        "{all}"
    );
    // the recording keeps every exchange: 13 requests, 11 answered by the proxy itself
    let text = std::fs::read_to_string(&rec).unwrap();
    assert_eq!(text.matches(r#""type":"exchange_end""#).count(), 13);
    assert_eq!(text.matches(r#""outcome":"upstream_error""#).count(), 11);
}

/// N2, the short case: an agent that misses one or two requests gets their lines and,
/// when it answers again, a line saying so (no "counted" line).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_short_outage_prints_each_line_and_the_recovery() {
    // the agent's port, refusing until it starts below (held: no other test takes it)
    let down = proxy_process::ReservedPort::bind();
    let agent_addr = down.addr();
    let Running {
        child, rx, addr, ..
    } = spawn_until_listening(
        Command::new(BIN)
            .args([
                "proxy",
                "--listen",
                "127.0.0.1:0",
                "--no-record",
                "--upstream",
            ])
            .arg(format!("http://{agent_addr}")),
        Duration::from_secs(30),
    );
    let mut child = child;
    let proxy: SocketAddr = addr.trim_end_matches('/').parse().unwrap();
    for _ in 0..2 {
        let r = post(proxy, "/", RPC).await;
        assert!(r.starts_with("HTTP/1.1 502"), "{r}");
    }
    let agent = agent_on(down.listen_tokio());
    assert!(post(proxy, "/", RPC).await.ends_with(ANSWER));
    let mut lines = read_until(&rx, "answers again", Duration::from_secs(30));
    child.signal("TERM");
    child.wait_for(Duration::from_secs(30), "proxy after SIGTERM");
    lines.extend(rx.iter());
    agent.abort();
    let all = lines.join("\n");
    assert_eq!(all.matches("upstream-error e").count(), 2, "{all}");
    assert!(!all.contains("counted, not printed"), "{all}");
    let back = format!("a2a-interop proxy: upstream http://{agent_addr} answers again (e3)");
    assert!(lines.contains(&back), "{all}");
    assert!(!all.contains("still did not answer"), "{all}");
}

/// N1: the recording could not be written to the end (a file size limit stands in for the
/// full disk). The line before the report said "the recording is complete: `a2a-interop
/// report FILE -o REPORT` writes it later", which is untrue: a report written later lacks
/// the events not written. It now says the recording is incomplete and how many events it
/// lacks; the closing count agrees.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_report_line_says_the_recording_is_incomplete_after_a_write_failure() {
    let l = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let agent_addr = l.local_addr().unwrap();
    let agent = agent_on(l);
    let dir = tempfile::tempdir().unwrap();
    let rec = dir.path().join("rec.jsonl");
    let report = dir.path().join("report.md");
    const LIMIT: u64 = 32 * 1024;
    let Running {
        child, rx, addr, ..
    } = spawn_until_listening(
        Command::new("prlimit")
            .arg(format!("--fsize={LIMIT}"))
            .arg("--")
            .arg(BIN)
            .args(["proxy", "--listen", "127.0.0.1:0", "--upstream"])
            .arg(format!("http://{agent_addr}"))
            .arg("--record")
            .arg(&rec)
            .arg("--report")
            .arg(&report),
        Duration::from_secs(30),
    );
    let mut child = child;
    let proxy: SocketAddr = addr.trim_end_matches('/').parse().unwrap();
    for _ in 0..5 {
        assert!(post(proxy, "/", RPC).await.ends_with(ANSWER));
    }
    // these 5 exchanges are on disk (25 ms batches) before the big one is sent: some events
    // are written, some not
    let t0 = Instant::now();
    while std::fs::read_to_string(&rec)
        .unwrap_or_default()
        .matches(r#""type":"exchange_end""#)
        .count()
        < 5
    {
        assert!(
            t0.elapsed() < Duration::from_secs(30),
            "the 5 exchanges are not on disk after 30 s"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    // 100 KiB of request body: its batch cannot be written (EFBIG)
    let big = RPC.replace(
        r#""text":"hi""#,
        &format!(r#""text":"{}""#, "x".repeat(100 * 1024)),
    );
    assert!(post(proxy, "/", &big).await.ends_with(ANSWER));
    let mut lines = read_until(&rx, "RECORDING STOPPED", Duration::from_secs(30));
    for _ in 0..3 {
        assert!(post(proxy, "/", RPC).await.ends_with(ANSWER));
    }
    child.signal("TERM");
    let st = child.wait_for(Duration::from_secs(30), "proxy after SIGTERM");
    lines.extend(rx.iter());
    agent.abort();
    let all = lines.join("\n");
    assert!(st.success(), "{st:?}\n{all}");
    let count = lines
        .iter()
        .find(|l| l.contains("events recorded in"))
        .unwrap_or_else(|| panic!("no closing count: {all}"));
    // "W of N events recorded in FILE; U not written: ..."
    let words: Vec<&str> = count.split_whitespace().collect();
    let total: u64 = words[4].parse().unwrap();
    let unwritten: u64 = words[9].parse().unwrap();
    assert!(unwritten > 0 && unwritten < total, "{count}");
    let writing = lines
        .iter()
        .find(|l| l.contains("writing the report of"))
        .unwrap_or_else(|| panic!("no report line: {all}"));
    assert!(!writing.contains("the recording is complete"), "{writing}");
    assert_eq!(
        *writing,
        format!(
            "a2a-interop proxy: writing the report of {total} events to {}... (a second SIGTERM or Ctrl-C skips it; the recording {} is incomplete, {unwritten} of {total} events not written: a report written from it later, `a2a-interop report {} -o {}`, lacks them)",
            report.display(),
            rec.display(),
            rec.display(),
            report.display()
        )
    );
    assert!(report_says_incomplete(&report), "{all}");
}

/// The report file itself names the events not written (it did before; checked so the
/// line and the report agree).
fn report_says_incomplete(report: &Path) -> bool {
    std::fs::read_to_string(report)
        .map(|t| t.contains("recording incomplete"))
        .unwrap_or(false)
}

/// N5: `scripts/fault-battery.sh --help` says what the battery does, how long it takes and
/// what passing means, without building anything (before, `--help` started a release
/// build of several minutes, then printed a one-line usage and exit 2). A `cargo` that
/// records being called stands first on PATH: it must not be called.
#[test]
fn fault_battery_help_says_time_and_exit_status_without_building() {
    let dir = tempfile::tempdir().unwrap();
    let marker = dir.path().join("cargo-was-called");
    let fake = dir.path().join("cargo");
    std::fs::write(
        &fake,
        format!("#!/bin/sh\ntouch '{}'\nexit 3\n", marker.display()),
    )
    .unwrap();
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(&fake, std::fs::Permissions::from_mode(0o755)).unwrap();
    let path = format!(
        "{}:{}",
        dir.path().display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("scripts/fault-battery.sh");
    for flag in ["--help", "-h"] {
        let out = Command::new(&script)
            .arg(flag)
            .env("PATH", &path)
            .output()
            .unwrap();
        let text = String::from_utf8_lossy(&out.stdout);
        assert_eq!(out.status.code(), Some(0), "{flag}: {out:?}");
        assert!(!marker.exists(), "{flag}: cargo was called");
        for want in [
            "usage: scripts/fault-battery.sh [--keep DIR]",
            "several\nminutes the first time",
            "about 1 to 2 minutes",
            "Exit: 0 when every check passed, 1 when one failed",
            "--keep DIR keeps the recordings",
        ] {
            assert!(text.contains(want), "{flag}: {want:?} not in {text}");
        }
    }
    // without --help it does build: the fake cargo is called and its failure is the exit
    let out = Command::new(&script)
        .args(["--keep", dir.path().join("k").to_str().unwrap()])
        .env("PATH", &path)
        .output()
        .unwrap();
    assert!(marker.exists(), "{out:?}");
    assert_eq!(out.status.code(), Some(3), "{out:?}");
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("fault-battery: building (release"),
        "{out:?}"
    );
}

/// An agent on `l` serving a 0.3 Agent Card that names its own address (as the SDK test
/// agents do without `A2A_PUBLIC_URL`), and [`ANSWER`] to anything else.
fn card_agent_on(l: TcpListener) -> tokio::task::JoinHandle<()> {
    let me = l.local_addr().unwrap();
    let card = format!(
        r#"{{"name":"t","description":"d","url":"http://{me}/","version":"1","protocolVersion":"0.3.0","preferredTransport":"JSONRPC","capabilities":{{}},"defaultInputModes":["text/plain"],"defaultOutputModes":["text/plain"],"skills":[{{"id":"echo","name":"echo","description":"echo","tags":["echo"]}}]}}"#
    );
    tokio::spawn(async move {
        while let Ok((mut s, _)) = l.accept().await {
            let card = card.clone();
            tokio::spawn(async move {
                let mut got: Vec<u8> = Vec::new();
                while let Some(m) = raw_http::read_message(&mut s, &mut got).await {
                    let body = if m
                        .head_lower()
                        .starts_with("get /.well-known/agent-card.json")
                    {
                        card.as_str()
                    } else {
                        ANSWER
                    };
                    let h = format!(
                        "HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncache-control: max-age=60\r\ncontent-length: {}\r\n\r\n{body}",
                        body.len()
                    );
                    if s.write_all(h.as_bytes()).await.is_err() {
                        return;
                    }
                }
            });
        }
    })
}

/// GET the Agent Card through `proxy` on a fresh connection; the whole response.
async fn get_card(proxy: SocketAddr) -> String {
    let mut s = TcpStream::connect(proxy).await.unwrap();
    let req = format!(
        "GET /.well-known/agent-card.json HTTP/1.1\r\nhost: {proxy}\r\nconnection: close\r\n\r\n"
    );
    s.write_all(req.as_bytes()).await.unwrap();
    let mut out = Vec::new();
    tokio::time::timeout(Duration::from_secs(20), s.read_to_end(&mut out))
        .await
        .expect("answered in time")
        .unwrap();
    String::from_utf8_lossy(&out).into_owned()
}

/// N3: a proxy started without `--rewrite-card` in front of an agent whose card names
/// itself: the client follows the card past the proxy and nothing after the card fetch is
/// recorded. The console said only `note[CARD-URL-005] ... bypass the recorder`; it now
/// also says, once, what to do (restart with --rewrite-card, or make the agent advertise
/// the proxy). With --rewrite-card there is no such note and no hint.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_card_that_sends_clients_past_the_proxy_gets_one_hint_naming_rewrite_card() {
    let l = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let agent_addr = l.local_addr().unwrap();
    let _agent = card_agent_on(l);
    for rewrite in [false, true] {
        let mut cmd = Command::new(BIN);
        cmd.args([
            "proxy",
            "--listen",
            "127.0.0.1:0",
            "--no-record",
            "--upstream",
        ])
        .arg(format!("http://{agent_addr}"));
        if rewrite {
            cmd.arg("--rewrite-card");
        }
        let Running {
            child, rx, addr, ..
        } = spawn_until_listening(&mut cmd, Duration::from_secs(30));
        let mut child = child;
        let proxy: SocketAddr = addr.trim_end_matches('/').parse().unwrap();
        for _ in 0..3 {
            let r = get_card(proxy).await;
            assert!(r.starts_with("HTTP/1.1 200"), "{r}");
            assert_eq!(
                r.contains(&format!("http://{proxy}/")),
                rewrite,
                "rewrite {rewrite}: {r}"
            );
        }
        // a call after the card fetches (the client did not follow the card here)
        assert!(post(proxy, "/", RPC).await.ends_with(ANSWER));
        let mut lines = Vec::new();
        if !rewrite {
            lines = read_until(&rx, "hint: the Agent Card", Duration::from_secs(30));
        }
        child.signal("TERM");
        child.wait_for(Duration::from_secs(30), "proxy after SIGTERM");
        lines.extend(rx.iter());
        let all = lines.join("\n");
        let hint = "a2a-interop proxy: hint: the Agent Card the client got names the agent's own address, so a client that follows it calls the agent directly and those calls are not recorded; restart with --rewrite-card (the proxy serves the card naming itself), or make the agent advertise the proxy's URL";
        if rewrite {
            assert!(!all.contains("CARD-URL-005"), "{all}");
            assert!(!all.contains("hint: the Agent Card"), "{all}");
        } else {
            assert!(all.contains("note[CARD-URL-005] e1 "), "{all}");
            assert_eq!(lines.iter().filter(|l| **l == hint).count(), 1, "{all}");
            // after the note it explains
            let note = lines.iter().position(|l| l.contains("CARD-URL-005"));
            let at = lines.iter().position(|l| *l == hint);
            assert!(note < at, "{all}");
        }
    }
}

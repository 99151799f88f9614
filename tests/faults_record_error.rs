//! A recording that cannot be written (issue 7): `proxy --on-record-error continue|stop`
//! through the real binary, with real files.
//!
//! - start-up: `/dev/full` (disk full from the first byte) and a path in a read-only
//!   directory are errors before the proxy serves (exit 2, no listening banner);
//! - mid-run, `continue` (default): a file size limit (`prlimit --fsize`, EFBIG) hits the
//!   recording mid-traffic; every request is still answered and still verified online
//!   (findings keep coming on stderr), one loud message, the count at the end, and the file
//!   ends on a whole line;
//! - mid-run, `stop`: a 64 KiB tmpfs fills up (ENOSPC; as root) or, where mounting is not
//!   allowed, the same file size limit; the proxy stops accepting, lets an in-flight slow
//!   exchange finish, and exits 2 with the cause; the file ends on a whole line.

use crate::proxy_process;
use crate::raw_http;

use std::io::BufRead;
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::mpsc::Receiver;
use std::time::{Duration, Instant};

use a2a_interop::record::{source, EventKind};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};

use proxy_process::{spawn_until_listening, Running, LISTENING};

const BIN: &str = env!("CARGO_BIN_EXE_a2a-interop");
const RPC: &str = r#"{"jsonrpc":"2.0","id":1,"method":"message/send","params":{"message":{"kind":"message","messageId":"u1","role":"user","parts":[{"kind":"text","text":"hi"}]}}}"#;
const ANSWER: &str = r#"{"jsonrpc":"2.0","id":1,"result":{"kind":"message","messageId":"m1","role":"agent","parts":[{"kind":"text","text":"hi"}]}}"#;
/// Answer with the wrong `id` (99 for 1): RPC-ID-001 (RPC-002), an online finding.
const BAD_ID: &str = r#"{"jsonrpc":"2.0","id":99,"result":{"kind":"message","messageId":"m1","role":"agent","parts":[{"kind":"text","text":"hi"}]}}"#;

/// An agent answering each request (keep-alive) with [`ANSWER`]; `/bad` gets [`BAD_ID`],
/// `/slow` gets [`ANSWER`] after 1.5 s.
async fn agent() -> SocketAddr {
    let l = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = l.local_addr().unwrap();
    tokio::spawn(async move {
        while let Ok((mut s, _)) = l.accept().await {
            let _ = s.set_nodelay(true);
            tokio::spawn(async move {
                let mut got: Vec<u8> = Vec::new();
                while let Some(m) = raw_http::read_message(&mut s, &mut got).await {
                    let head = m.head_lower();
                    if head.starts_with("post /slow ") {
                        tokio::time::sleep(Duration::from_millis(1500)).await;
                    }
                    let body = if head.starts_with("post /bad ") {
                        BAD_ID
                    } else {
                        ANSWER
                    };
                    let h = format!("HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: {}\r\n\r\n{body}", body.len());
                    if s.write_all(h.as_bytes()).await.is_err() {
                        return;
                    }
                }
            });
        }
    });
    addr
}

/// POST `body` to `path` on a fresh connection; the whole response.
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

/// A JSON-RPC request of about `n` bytes (a long text part).
fn big_rpc(n: usize) -> String {
    RPC.replace(r#""text":"hi""#, &format!(r#""text":"{}""#, "x".repeat(n)))
}

/// The recording ends on a whole line and every line parses (header and events).
fn assert_whole_lines(rec: &Path) -> usize {
    let bytes = std::fs::read(rec).unwrap();
    assert!(!bytes.is_empty(), "recording empty");
    assert_eq!(
        bytes.last(),
        Some(&b'\n'),
        "last line cut in {}",
        rec.display()
    );
    let src = source::open(rec).unwrap();
    let events: Vec<_> = src.events.map(|e| e.expect("every line parses")).collect();
    let lines = bytes.lines().count();
    assert_eq!(events.len() + 1, lines, "header + events = lines");
    events
        .iter()
        .filter(|e| matches!(e.kind, EventKind::ExchangeEnd { .. }))
        .count()
}

/// Polls the recording (as `tail -f` would) until it holds at least `ends` `exchange_end`
/// lines and, when given, a line containing `also`; panics after 30 s. The proxy writes
/// its recording in 25 ms batches: a test that needs earlier exchanges on disk before the
/// next request waits for them here, not for a fixed time.
async fn wait_on_disk(rec: &Path, ends: usize, also: Option<&str>) {
    let t0 = Instant::now();
    loop {
        let text = std::fs::read_to_string(rec).unwrap_or_default();
        let have = text.matches(r#""type":"exchange_end""#).count();
        if have >= ends && also.is_none_or(|a| text.contains(a)) {
            return;
        }
        assert!(
            t0.elapsed() < Duration::from_secs(30),
            "the recording holds {have} exchange_end (waiting for {ends}, and {also:?}) after 30 s"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
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

fn proxy_cmd(limit: Option<u64>, agent: SocketAddr, rec: &Path, extra: &[&str]) -> Command {
    let mut c = match limit {
        Some(n) => {
            let mut c = Command::new("prlimit");
            c.arg(format!("--fsize={n}")).arg("--").arg(BIN);
            c
        }
        None => Command::new(BIN),
    };
    c.args(["proxy", "--listen", "127.0.0.1:0", "--upstream"])
        .arg(format!("http://{agent}"))
        .arg("--record")
        .arg(rec)
        .args(extra);
    c
}

/// A 64 KiB tmpfs mounted on a fresh directory (needs root and mount rights), unmounted
/// on drop; `None` where mounting is not allowed.
struct SmallFs {
    dir: tempfile::TempDir,
}

impl SmallFs {
    fn mount(opts: &str) -> Option<SmallFs> {
        let dir = tempfile::tempdir().ok()?;
        let st = Command::new("mount")
            .args(["-t", "tmpfs", "-o", opts, "tmpfs"])
            .arg(dir.path())
            .stderr(std::process::Stdio::null())
            .status()
            .ok()?;
        st.success().then_some(SmallFs { dir })
    }

    fn path(&self) -> &Path {
        self.dir.path()
    }
}

impl Drop for SmallFs {
    fn drop(&mut self) {
        let _ = Command::new("umount").arg(self.dir.path()).status();
    }
}

#[test]
fn dev_full_at_start_up_is_an_error_before_listening() {
    let out = Command::new(BIN)
        .args([
            "proxy",
            "--listen",
            "127.0.0.1:0",
            "--upstream",
            "http://127.0.0.1:9",
            "--record",
            "/dev/full",
        ])
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("/dev/full"), "{err}");
    assert!(err.contains("No space left on device"), "{err}");
    assert!(err.contains("hint:"), "{err}");
    assert!(!err.contains(LISTENING), "{err}");
}

/// A directory this process cannot create files in: mode 0555 for a normal user; for root
/// (who ignores the mode) a read-only tmpfs.
fn read_only_dir() -> (tempfile::TempDir, Option<SmallFs>, PathBuf) {
    let d = tempfile::tempdir().unwrap();
    let ro = d.path().join("ro");
    std::fs::create_dir(&ro).unwrap();
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(&ro, std::fs::Permissions::from_mode(0o555)).unwrap();
    if std::fs::File::create(ro.join("probe")).is_err() {
        return (d, None, ro);
    }
    let fs = SmallFs::mount("ro,size=64k").expect(
        "running as a user who can write into a mode-0555 directory, and cannot mount a read-only tmpfs",
    );
    let p = fs.path().to_path_buf();
    (d, Some(fs), p)
}

#[test]
fn a_path_in_a_read_only_directory_is_an_error_before_listening() {
    let (_keep, _fs, ro) = read_only_dir();
    for rec in [ro.join("rec.jsonl"), ro.join("sub/rec.jsonl")] {
        let out = Command::new(BIN)
            .args([
                "proxy",
                "--listen",
                "127.0.0.1:0",
                "--upstream",
                "http://127.0.0.1:9",
                "--record",
            ])
            .arg(&rec)
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{err}");
        assert!(err.contains("cannot create recording"), "{err}");
        assert!(
            err.contains(&rec.display().to_string()) || err.contains("sub"),
            "{err}"
        );
        assert!(err.contains("hint:"), "{err}");
        assert!(!err.contains(LISTENING), "{err}");
        assert!(!rec.exists());
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn continue_keeps_forwarding_and_verifying_when_the_file_fills_up_mid_run() {
    const LIMIT: u64 = 32 * 1024;
    let agent = agent().await;
    let dir = tempfile::tempdir().unwrap();
    let rec = dir.path().join("rec.jsonl");
    let Running {
        child, rx, addr, ..
    } = spawn_until_listening(
        &mut proxy_cmd(Some(LIMIT), agent, &rec, &["--fail-on", "never"]),
        Duration::from_secs(30),
    );
    // a ChildGuard: killed (and reaped) if the test fails before it exits
    let mut child = child;
    let proxy: SocketAddr = addr.trim_end_matches('/').parse().unwrap();
    for _ in 0..10 {
        assert!(post(proxy, "/rpc", RPC).await.ends_with(ANSWER));
    }
    // These 10 exchanges are on disk (25 ms batches) before the big one is sent.
    wait_on_disk(&rec, 10, None).await;
    // 100 KiB of request body: the batch holding it cannot be written (EFBIG).
    let big = big_rpc(100 * 1024);
    assert!(post(proxy, "/rpc", &big).await.ends_with(ANSWER));
    let mut lines = read_until(&rx, "RECORDING STOPPED", Duration::from_secs(30));
    // Traffic after the failure: answered, and still verified online.
    for _ in 0..20 {
        assert!(post(proxy, "/rpc", RPC).await.ends_with(ANSWER));
    }
    for _ in 0..2 {
        assert!(post(proxy, "/bad", RPC).await.ends_with(BAD_ID));
    }
    // The first bad answer's line is printed live; the second, the same finding again
    // within 10 s, is folded (live lines fold repeats since session 29) and counted in
    // the closing summary below.
    lines.extend(read_until(&rx, "RPC-ID-001", Duration::from_secs(30)));
    child.signal("TERM");
    let code = child.wait_for(Duration::from_secs(30), "proxy");
    lines.extend(rx.iter());
    let all = lines.join("\n");
    assert_eq!(code.code(), Some(0), "{all}");
    assert_eq!(all.matches("RECORDING STOPPED").count(), 1, "{all}");
    assert!(all.contains("File too large"), "{all}");
    assert!(
        all.contains("1 repeated error line not printed again (RPC-ID-001 ×1)"),
        "{all}"
    );
    assert_eq!(
        all.matches("traffic is still forwarded and verified")
            .count(),
        1,
        "{all}"
    );
    // The count at the end: "W of N events recorded in FILE; U not written: ...".
    let last = lines
        .iter()
        .find(|l| l.contains("events recorded in"))
        .unwrap_or_else(|| panic!("no closing count in {all}"));
    let words: Vec<&str> = last.split_whitespace().collect();
    let written: u64 = words[2].parse().unwrap();
    let total: u64 = words[4].parse().unwrap();
    assert!(last.contains(" not written: File too large"), "{last}");
    assert!(written > 0 && written < total, "{last}");
    // 33 exchanges of 5+ events each reached the verifier.
    assert!(total >= 33 * 5, "{last}");
    let size = std::fs::metadata(&rec).unwrap().len();
    assert!(size <= LIMIT, "{size}");
    let ends = assert_whole_lines(&rec);
    // The 10 exchanges before the big one were flushed (25 ms batches) before it came.
    assert!(ends >= 10, "{ends} exchange_end in the file");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn stop_finishes_in_flight_exchanges_and_exits_2_when_the_disk_fills_up() {
    let agent = agent().await;
    // A real full disk where this process may mount a 64 KiB tmpfs, else a file size limit.
    let fs = SmallFs::mount("size=64k");
    let dir = tempfile::tempdir().unwrap();
    let (rec, limit, cause) = match &fs {
        Some(fs) => (fs.path().join("rec.jsonl"), None, "No space left on device"),
        None => {
            eprintln!(
                "cannot mount a tmpfs here: a 64 KiB file size limit stands in for the full disk"
            );
            (
                dir.path().join("rec.jsonl"),
                Some(64 * 1024),
                "File too large",
            )
        }
    };
    let Running {
        child, rx, addr, ..
    } = spawn_until_listening(
        &mut proxy_cmd(limit, agent, &rec, &["--on-record-error", "stop"]),
        Duration::from_secs(30),
    );
    // Killed on a failed assertion, before the tmpfs is unmounted.
    // a ChildGuard: killed (and reaped) if the test fails before it exits
    let mut child = child;
    let proxy: SocketAddr = addr.trim_end_matches('/').parse().unwrap();
    for _ in 0..5 {
        assert!(post(proxy, "/rpc", RPC).await.ends_with(ANSWER));
    }
    // In flight when the recording fails: must still get its whole answer. The big request
    // goes once the 5 exchanges and the slow one's request head are on disk (the proxy has
    // taken it), not after a fixed time.
    let slow = tokio::spawn(post(proxy, "/slow", RPC));
    wait_on_disk(&rec, 5, Some(r#"/slow""#)).await;
    let big = big_rpc(200 * 1024);
    let big_answer = post(proxy, "/rpc", &big).await;
    assert!(big_answer.starts_with("HTTP/1.1 200"), "{big_answer}");
    let slow_answer = slow.await.unwrap();
    assert!(slow_answer.starts_with("HTTP/1.1 200"), "{slow_answer}");
    assert!(slow_answer.ends_with(ANSWER), "{slow_answer}");
    let code = child.wait_for(Duration::from_secs(30), "proxy");
    let all = rx.iter().collect::<Vec<_>>().join("\n");
    assert!(
        all.contains("a failed recording write stops the proxy"),
        "{all}"
    );
    assert_eq!(code.code(), Some(2), "{all}");
    assert_eq!(all.matches("RECORDING STOPPED").count(), 1, "{all}");
    assert!(all.contains(cause), "{all}");
    assert!(
        all.contains("stopping: the recording cannot be written (--on-record-error stop)"),
        "{all}"
    );
    assert!(
        all.contains("the proxy stopped (--on-record-error stop)"),
        "{all}"
    );
    assert!(!all.contains("panicked"), "{all}");
    // Stopped accepting: nothing listens there any more.
    assert!(TcpStream::connect(proxy).await.is_err());
    let ends = assert_whole_lines(&rec);
    assert!(ends >= 5, "{ends} exchange_end in the file");
}

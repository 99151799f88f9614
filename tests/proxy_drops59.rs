//! perfproxy59 (issue 7, "safe to leave in front of production traffic"): the default
//! (not `--lossless`) proxy drops body events when its recorder's queue is full, and says
//! so on stderr **while it happens**, not only at the stop (attack58: 14,887 events dropped
//! and 10,475 calls without a finding in a run at ~3,600 calls/s on a loaded machine, and
//! the only word of it was the stop's `(14887 dropped: queue full)`).
//!
//! The real `a2a-interop proxy` with `--queue-bytes 0` (every body event that finds another
//! body still queued is dropped) in front of a loopback server answering each request with
//! a 4 MiB body, which reaches the proxy in many frames faster than the writer takes them.

use crate::proxy_process::{addr_of, proxy_with_warnings as proxy};

use std::io::{Read as _, Write as _};
use std::net::SocketAddr;
use std::time::{Duration, Instant};

/// Bytes of each answer's body.
const BODY: usize = 4 << 20;

/// A loopback server answering every request head with `200`, `text/plain` and [`BODY`]
/// bytes, then closing the connection.
fn big_answers() -> SocketAddr {
    let l = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let addr = l.local_addr().unwrap();
    std::thread::spawn(move || {
        for conn in l.incoming() {
            let Ok(mut s) = conn else { continue };
            std::thread::spawn(move || {
                let mut got = Vec::new();
                let mut buf = [0u8; 4096];
                while !got.windows(4).any(|w| w == b"\r\n\r\n") {
                    match s.read(&mut buf) {
                        Ok(0) | Err(_) => return,
                        Ok(n) => got.extend_from_slice(&buf[..n]),
                    }
                }
                let head = format!(
                    "HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: {BODY}\r\nConnection: close\r\n\r\n"
                );
                let _ = s.write_all(head.as_bytes());
                let _ = s.write_all(&vec![b'a'; BODY]);
            });
        }
    });
    addr
}

/// `GET /big` through the proxy at `addr`, read to its end: the body's length.
fn fetch_big(addr: SocketAddr) -> usize {
    let mut s = std::net::TcpStream::connect(addr).unwrap();
    s.set_read_timeout(Some(Duration::from_secs(30))).unwrap();
    write!(
        s,
        "GET /big HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n"
    )
    .unwrap();
    let mut out = Vec::new();
    s.read_to_end(&mut out).unwrap();
    let head_end = out
        .windows(4)
        .position(|w| w == b"\r\n\r\n")
        .map_or(out.len(), |p| p + 4);
    assert!(out.starts_with(b"HTTP/1.1 200"), "{:?}", &out[..head_end]);
    out.len() - head_end
}

#[test]
fn a_full_recorder_queue_is_said_while_it_drops_with_the_lossless_hint() {
    let up = big_answers();
    let dir = tempfile::tempdir().unwrap();
    let rec = dir.path().join("r.jsonl");
    let run = proxy(&[
        "--listen".into(),
        "127.0.0.1:0".into(),
        "--upstream".into(),
        format!("http://{up}"),
        "--record".into(),
        rec.display().to_string(),
        "--queue-bytes".into(),
        "0".into(),
    ]);
    let addr = addr_of(&run);
    // Requests until the warning comes (the first answer drops nearly always; a writer that
    // kept up with every frame of one gets more), each forwarded whole all the same.
    let mut seen = Vec::new();
    let mut warning = None;
    let end = Instant::now() + Duration::from_secs(60);
    for _ in 0..20 {
        assert_eq!(fetch_big(addr), BODY, "forwarding lost bytes");
        let wait = Instant::now() + Duration::from_secs(2);
        while let Some(left) = wait.checked_duration_since(Instant::now()) {
            match run.rx.recv_timeout(left) {
                Ok(l) if l.contains("the recording is losing data") => {
                    warning = Some(l);
                    break;
                }
                Ok(l) => seen.push(l),
                Err(_) => break,
            }
        }
        if warning.is_some() || Instant::now() > end {
            break;
        }
    }
    let warning =
        warning.unwrap_or_else(|| panic!("no drop warning while the proxy ran: {seen:#?}"));
    // what was lost, where it shows, which bound, and the way out
    assert!(
        warning.starts_with("a2a-interop proxy: warning: the recording is losing data: "),
        "{warning}"
    );
    assert!(warning.contains(" body event"), "{warning}");
    assert!(warning.contains(" bytes) dropped"), "{warning}");
    assert!(
        warning.contains("its queue is full (--queue-bytes 0)"),
        "{warning}"
    );
    assert!(warning.contains("`truncated`, a `gap` event"), "{warning}");
    assert!(warning.contains("forwarding is not slowed"), "{warning}");
    assert!(
        warning.contains("hint: --lossless makes the proxy wait for the recorder"),
        "{warning}"
    );
    // the first line counts from the start: its number is the gap events' first counts
    let n: u64 = warning
        .split("losing data: ")
        .nth(1)
        .and_then(|r| r.split(' ').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("no count in {warning}"));
    assert!(n > 0, "{warning}");
    let stderr = run.terminate();
    // the stop still gives the run's total
    assert!(stderr.contains("dropped: queue full)"), "{stderr}");
    // any later line (at most one per 10 s) says the same things
    for l in stderr
        .lines()
        .filter(|l| l.contains("the recording is losing data"))
    {
        assert!(l.contains(" in the last 10 s"), "{l}");
        assert!(l.contains("hint: --lossless"), "{l}");
    }
    let text = std::fs::read_to_string(&rec).unwrap();
    let gaps: u64 = text
        .lines()
        .filter_map(|l| serde_json::from_str::<serde_json::Value>(l).ok())
        .filter(|v| v["type"] == "gap")
        .filter_map(|v| v["dropped_events"].as_u64())
        .sum();
    assert!(gaps >= n, "gap events count {gaps}, the line said {n}");
}

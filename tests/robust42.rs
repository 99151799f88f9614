//! robust42 (issue 7: "impossible to knock over", "flat in memory"): decompression bombs
//! through the real `a2a-interop proxy` over loopback sockets, and recordings holding them
//! given to `verify`, `report`, `export` and `repro`. The bombs are built in the test (a
//! few KiB to a few MiB in memory, nothing on disk but the recordings): gzip of zeros, and
//! a gzip whose content is gzip (`Content-Encoding: gzip, gzip`) expanding to GiBs.
//!
//! Each process's memory is watched from `/proc/PID/status` (VmHWM, the peak resident set,
//! and VmRSS), and the process is killed at [`KILL_AT_KIB`] so that a binary without the
//! bounds (main's before robust42: the recorder's coded-body scan inflated a 16 KiB
//! `gzip, gzip` answer to 8.4 GB) fails the test instead of exhausting the machine.
//! `ROBUST42_BIN` runs the tests against another binary (e.g. `target/debug/a2a-interop.main`).

use crate::proxy_process;

use std::io::{Read, Write};
use std::net::{SocketAddr, TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use proxy_process::spawn_until_listening;

/// The binary under test: `ROBUST42_BIN`, else the one built for this test run.
fn bin() -> PathBuf {
    std::env::var_os("ROBUST42_BIN")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_BIN_EXE_a2a-interop")))
}

/// A watched process is killed when its resident set passes this (1.5 GiB, in KiB).
const KILL_AT_KIB: u64 = 1536 << 10;
/// The most a process may reach while a bomb goes through it or is read (400 MiB, in KiB):
/// the bounds are 64 MiB per decoded piece (plus decoder buffers, the verifier's 16 MiB
/// body cap and a debug build's overheads); without them the peaks were GiBs.
const PEAK_KIB: u64 = 400 << 10;
/// The most `export` may reach on a bomb (800 MiB, in KiB): it decodes a coded body up to
/// 256 MiB for the HAR's `content.text`, a bound, not a leak.
const EXPORT_PEAK_KIB: u64 = 800 << 10;

/// Gzip (RFC 1952) of `mib` MiB of zeros, valid to its CRC-32 and ISIZE, built without
/// compressing GiBs: one MiB compressed (window primed), then the same sync-flushed deflate
/// blocks repeated (each refers back one byte, to zeros), then an empty final stored block.
fn gzip_of_zeros(mib: usize) -> Vec<u8> {
    use flate2::{Compress, Compression, Crc, FlushCompress};
    let zeros = vec![0u8; 1 << 20];
    let mut c = Compress::new(Compression::best(), false);
    let mut first = Vec::with_capacity(1 << 16);
    c.compress_vec(&zeros, &mut first, FlushCompress::Sync)
        .unwrap();
    let mut rep = Vec::with_capacity(1 << 16);
    c.compress_vec(&zeros, &mut rep, FlushCompress::Sync)
        .unwrap();
    assert_eq!(c.total_in(), 2 << 20, "an output buffer was too small");
    let mut one = Crc::new();
    one.update(&zeros);
    let mut crc = Crc::new();
    let mut out = vec![0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff];
    out.extend_from_slice(&first);
    crc.combine(&one);
    for _ in 1..mib {
        out.extend_from_slice(&rep);
        crc.combine(&one);
    }
    out.extend_from_slice(&[0x01, 0x00, 0x00, 0xff, 0xff]);
    out.extend_from_slice(&crc.sum().to_le_bytes());
    out.extend_from_slice(&((mib as u64) << 20).to_le_bytes()[..4]);
    out
}

/// Gzip of `data` (flate2, best compression).
fn gzip(data: &[u8]) -> Vec<u8> {
    let mut e = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
    e.write_all(data).unwrap();
    e.finish().unwrap()
}

/// The bomb builder is right: a small one decodes to its zeros, CRC and size checked.
#[test]
fn the_test_bombs_are_valid_gzip() {
    let g = gzip_of_zeros(3);
    let mut d = flate2::read::GzDecoder::new(&g[..]);
    let mut out = Vec::new();
    d.read_to_end(&mut out).unwrap();
    assert_eq!(out.len(), 3 << 20);
    assert!(out.iter().all(|&b| b == 0));
    let big = gzip_of_zeros(1024);
    assert!(big.len() < 1_200_000, "1 GiB bomb is {} bytes", big.len());
}

/// Watches `pid`'s memory every 20 ms until it exits: the peak VmHWM seen (KiB); kills it
/// (SIGKILL) when its VmRSS passes [`KILL_AT_KIB`], and says so.
struct Watch {
    peak: Arc<AtomicU64>,
    killed: Arc<AtomicBool>,
}

impl Watch {
    fn start(pid: u32) -> Watch {
        let peak = Arc::new(AtomicU64::new(0));
        let killed = Arc::new(AtomicBool::new(false));
        let (p, k) = (peak.clone(), killed.clone());
        std::thread::spawn(move || loop {
            let Ok(s) = std::fs::read_to_string(format!("/proc/{pid}/status")) else {
                return;
            };
            let field = |name: &str| {
                s.lines()
                    .find_map(|l| l.strip_prefix(name))
                    .and_then(|v| v.trim().trim_end_matches("kB").trim().parse::<u64>().ok())
            };
            // a zombie has no VmHWM any more: it has exited
            let Some(hwm) = field("VmHWM:") else { return };
            p.fetch_max(hwm, Ordering::Relaxed);
            if field("VmRSS:").unwrap_or(0) > KILL_AT_KIB {
                k.store(true, Ordering::Relaxed);
                let _ = Command::new("kill")
                    .args(["-KILL", &pid.to_string()])
                    .status();
                return;
            }
            std::thread::sleep(Duration::from_millis(20));
        });
        Watch { peak, killed }
    }

    /// Peak VmHWM so far (KiB); panics when the process was killed for its memory.
    fn peak(&self, what: &str) -> u64 {
        assert!(
            !self.killed.load(Ordering::Relaxed),
            "{what}: killed, its resident set passed {} MiB",
            KILL_AT_KIB >> 10
        );
        self.peak.load(Ordering::Relaxed)
    }
}

/// An agent on a loopback socket answering every request (its body read to its
/// `Content-Length`) with `head` (status line and fields, `Content-Length` added) and
/// `body`, then closing. Its address.
fn agent(head: String, body: Arc<Vec<u8>>) -> SocketAddr {
    let l = TcpListener::bind("127.0.0.1:0").unwrap();
    let addr = l.local_addr().unwrap();
    std::thread::spawn(move || {
        for conn in l.incoming() {
            let Ok(mut s) = conn else { continue };
            let (head, body) = (head.clone(), body.clone());
            std::thread::spawn(move || {
                if read_request(&mut s).is_none() {
                    return;
                }
                let mut out = format!("{head}Content-Length: {}\r\n\r\n", body.len()).into_bytes();
                out.extend_from_slice(&body);
                let _ = s.write_all(&out);
            });
        }
    });
    addr
}

/// A request's head and body (read to its `Content-Length`), or `None` at end of stream.
fn read_request(s: &mut TcpStream) -> Option<(String, Vec<u8>)> {
    let mut got = Vec::new();
    let mut buf = [0u8; 65536];
    let end = loop {
        if let Some(i) = got.windows(4).position(|w| w == b"\r\n\r\n") {
            break i + 4;
        }
        match s.read(&mut buf) {
            Ok(0) | Err(_) => return None,
            Ok(n) => got.extend_from_slice(&buf[..n]),
        }
    };
    let head = String::from_utf8_lossy(&got[..end]).into_owned();
    let len: usize = head
        .lines()
        .find_map(|l| {
            let (k, v) = l.split_once(':')?;
            k.eq_ignore_ascii_case("content-length")
                .then(|| v.trim().parse().ok())?
        })
        .unwrap_or(0);
    let mut body = got[end..].to_vec();
    while body.len() < len {
        match s.read(&mut buf) {
            Ok(0) | Err(_) => break,
            Ok(n) => body.extend_from_slice(&buf[..n]),
        }
    }
    Some((head, body))
}

/// One HTTP/1.1 POST to `addr` with `fields` and `body` (`Connection: close`): the answer's
/// body bytes (after its head; the agents here send `Content-Length` bodies).
fn post(addr: SocketAddr, fields: &[&str], body: &[u8]) -> Vec<u8> {
    let mut s = TcpStream::connect(addr).unwrap();
    s.set_read_timeout(Some(Duration::from_secs(120))).unwrap();
    let mut head = format!(
        "POST / HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\nContent-Length: {}\r\n",
        body.len()
    );
    for f in fields {
        head.push_str(f);
        head.push_str("\r\n");
    }
    head.push_str("\r\n");
    s.write_all(head.as_bytes()).unwrap();
    s.write_all(body).unwrap();
    let mut out = Vec::new();
    let _ = s.read_to_end(&mut out);
    let end = out
        .windows(4)
        .position(|w| w == b"\r\n\r\n")
        .map_or(out.len(), |i| i + 4);
    out.split_off(end)
}

const SEND: &[u8] = br#"{"jsonrpc":"2.0","id":1,"method":"message/send","params":{"message":{"kind":"message","role":"user","messageId":"m-42","parts":[{"kind":"text","text":"hello"}]}}}"#;

/// The proxy (recording to `dir/rec.jsonl`, JSON report to `dir/report.json`, plus
/// `extra`) in front of `upstream`, memory watched; `drive` makes the calls; then SIGTERM:
/// the proxy must exit 0 within 120 s. Returns its peak VmHWM (KiB).
fn through_proxy(
    dir: &Path,
    upstream: SocketAddr,
    extra: &[&str],
    drive: impl FnOnce(SocketAddr),
) -> u64 {
    let rec = dir.join("rec.jsonl");
    let rep = dir.join("report.json");
    let run = spawn_until_listening(
        Command::new(bin())
            .args(["proxy", "--listen", "127.0.0.1:0", "-q", "--lossless"])
            .args(["--upstream", &format!("http://{upstream}")])
            .args(["--record", rec.to_str().unwrap()])
            .args(["--report", rep.to_str().unwrap(), "--format", "json"])
            .args(extra),
        Duration::from_secs(30),
    );
    let watch = Watch::start(run.child.id());
    let addr: SocketAddr = run.addr.trim_end_matches('/').parse().unwrap();
    drive(addr);
    let mut child = run.child;
    child.signal("TERM");
    let code = child.wait_for(Duration::from_secs(120), "proxy after SIGTERM");
    let peak = watch.peak("proxy");
    assert_eq!(code.code(), Some(0), "proxy exit");
    peak
}

/// The events of a native recording, one JSON value a line (the header first).
fn events(rec: &Path) -> Vec<serde_json::Value> {
    std::fs::read_to_string(rec)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

/// The rule ids of a JSON report's findings.
fn rules(report: &serde_json::Value) -> Vec<String> {
    report["findings"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|f| f["rule"].as_str().map(str::to_string))
        .collect()
}

/// `notJudged[].reason` of a JSON report, joined.
fn not_judged(report: &serde_json::Value) -> String {
    report["notJudged"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|n| n["reason"].as_str())
        .collect::<Vec<_>>()
        .join("\n")
}

/// A unary JSON-RPC answer and an event stream, each `Content-Encoding: gzip, gzip` over
/// 4 GiB of zeros (~9 KiB on the wire), through the proxy with redaction on (the default):
/// the client gets the agent's bytes untouched, the proxy stays under [`PEAK_KIB`] and
/// stops at once on SIGTERM, the recording says what it left out and why (the recorder's
/// decoded-size bound), and the report judges nothing on those bodies (no HTTP-FRAME-004:
/// the bytes are valid gzip). Before robust42 the recorder inflated the whole 4 GiB per
/// body in memory (8.4 GB peak for a 10 GiB one).
#[test]
fn stacked_gzip_bombs_pass_the_proxy_untouched_in_bounded_memory() {
    let bomb = Arc::new(gzip(&gzip_of_zeros(4096)));
    assert!(bomb.len() < 64 << 10, "{} bytes", bomb.len());
    let dir = tempfile::tempdir().unwrap();
    for (name, ct) in [("unary", "application/json"), ("sse", "text/event-stream")] {
        let sub = dir.path().join(name);
        std::fs::create_dir(&sub).unwrap();
        let up = agent(
            format!("HTTP/1.1 200 OK\r\nContent-Type: {ct}\r\nContent-Encoding: gzip, gzip\r\n"),
            bomb.clone(),
        );
        let t = Instant::now();
        let peak = through_proxy(&sub, up, &[], |addr| {
            let got = post(
                addr,
                &["Content-Type: application/json", "Accept-Encoding: gzip"],
                SEND,
            );
            assert!(
                got == *bomb,
                "{name}: the client got {} bytes, not the agent's {}",
                got.len(),
                bomb.len()
            );
        });
        assert!(peak < PEAK_KIB, "{name}: proxy peak {peak} KiB");
        assert!(
            t.elapsed() < Duration::from_secs(90),
            "{name}: {:?}",
            t.elapsed()
        );
        let evs = events(&sub.join("rec.jsonl"));
        let end = evs
            .iter()
            .find(|e| e["type"] == "exchange_end")
            .unwrap_or_else(|| panic!("{name}: no exchange_end in {evs:#?}"));
        let err = end["error"].as_str().unwrap_or_default();
        assert!(
            err.contains("decodes to more than") && end["truncated"] == true,
            "{name}: {end}"
        );
        let report: serde_json::Value =
            serde_json::from_slice(&std::fs::read(sub.join("report.json")).unwrap()).unwrap();
        let r = rules(&report);
        assert!(!r.iter().any(|x| x == "HTTP-FRAME-004"), "{name}: {r:?}");
        assert!(
            not_judged(&report).contains("decodes to more than"),
            "{name}: {report:#}"
        );
    }
}

/// `bin() ARGS` in `dir`, memory watched, within 120 s: its exit code, stdout and peak VmHWM
/// (KiB).
fn run_watched(dir: &Path, args: &[&str]) -> (Option<i32>, String, u64) {
    let out_path = dir.join("stdout.txt");
    let mut child = Command::new(bin())
        .current_dir(dir)
        .args(args)
        .env("NO_COLOR", "1")
        .stdin(std::process::Stdio::null())
        .stdout(std::fs::File::create(&out_path).unwrap())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let watch = Watch::start(child.id());
    let t = Instant::now();
    let status = loop {
        if let Some(s) = child.try_wait().unwrap() {
            break s;
        }
        if t.elapsed() > Duration::from_secs(120) {
            let _ = child.kill();
            let _ = child.wait();
            panic!("{args:?}: not done in 120 s");
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    let peak = watch.peak(&format!("{args:?}"));
    (
        status.code(),
        std::fs::read_to_string(out_path).unwrap_or_default(),
        peak,
    )
}

/// A recording that holds a `gzip, gzip` answer over 4 GiB of zeros (recorded by the proxy
/// with `--no-redact`: the wire bytes, ~9 KiB; the client asked `Accept-Encoding: br`, so
/// the answer is an HTTP-FRAME-005 finding) read by `verify`, `report`, `export` and
/// `repro`: each ends in bounded memory ([`PEAK_KIB`]) and time, the answer's content "not
/// judged" with the verifier's bound as the reason, HTTP-FRAME-005 still reported (from the
/// heads) and no HTTP-FRAME-004 (the bytes are valid gzip). Before robust42, `verify` and
/// `report` of it passed 3 GB (the verifier's stream decoder inflated each 4 KiB step of
/// the outer gzip to 4 MiB and that to 4 GiB at once).
#[test]
fn a_recorded_stacked_bomb_is_read_by_every_command_in_bounded_memory() {
    let bomb = Arc::new(gzip(&gzip_of_zeros(4096)));
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    for ct in ["application/json", "text/event-stream"] {
        let up = agent(
            format!("HTTP/1.1 200 OK\r\nContent-Type: {ct}\r\nContent-Encoding: gzip, gzip\r\n"),
            bomb.clone(),
        );
        let sub = d.join(ct.replace('/', "-"));
        std::fs::create_dir(&sub).unwrap();
        let peak = through_proxy(&sub, up, &["--no-redact"], |addr| {
            let got = post(
                addr,
                &["Content-Type: application/json", "Accept-Encoding: br"],
                SEND,
            );
            assert!(got == *bomb, "{ct}: the client got {} bytes", got.len());
        });
        assert!(peak < PEAK_KIB, "{ct}: proxy peak {peak} KiB");
        let rec = sub.join("rec.jsonl");
        let rec = rec.to_str().unwrap();
        let (code, out, peak) = run_watched(
            &sub,
            &["verify", rec, "--format", "json", "--fail-on", "never"],
        );
        assert_eq!(code, Some(0), "{ct}: verify");
        assert!(peak < PEAK_KIB, "{ct}: verify peak {peak} KiB");
        let report: serde_json::Value = serde_json::from_str(&out).unwrap();
        let r = rules(&report);
        assert!(r.iter().any(|x| x == "HTTP-FRAME-005"), "{ct}: {r:?}");
        assert!(!r.iter().any(|x| x == "HTTP-FRAME-004"), "{ct}: {r:?}");
        let why = not_judged(&report);
        assert!(why.contains("exceeds"), "{ct}: {report:#}");
        for args in [
            vec!["report", rec, "--format", "html", "-o", "r.html"],
            vec!["export", rec, "-o", "r.har"],
            vec![
                "repro",
                rec,
                "--finding",
                "HTTP-FRAME-005",
                "-o",
                "min.jsonl",
            ],
        ] {
            let (code, _, peak) = run_watched(&sub, &args);
            // repro redacts the cut, and the redactor leaves the bomb's body out (its
            // decoded-size bound): it may then refuse (exit 2) as the finding is gone from
            // the redacted cut; what is checked is that it ends, in bounded memory
            let ok = if args[0] == "repro" {
                matches!(code, Some(0 | 2))
            } else {
                code == Some(0)
            };
            assert!(ok, "{ct}: {args:?} exit {code:?}");
            // export decodes a coded body to at most 256 MiB for the HAR's content.text
            // (`record::har`'s EXPORT_DECODE_LIMIT; over it the body is written as recorded):
            // its outer and inner stages' buffers are its peak
            let bound = if args[0] == "export" {
                EXPORT_PEAK_KIB
            } else {
                PEAK_KIB
            };
            assert!(peak < bound, "{ct}: {args:?} peak {peak} KiB");
        }
    }
}

/// A request body that is a `gzip, gzip` bomb (a client's), and coded answers that are
/// cut short or corrupt (a gzip cut in its middle; `gzip, gzip` whose inner gzip is
/// damaged): the proxy forwards the bytes, stays bounded and stops cleanly, and each
/// exchange is a finding or "not judged" with its reason, never a crash or a hang.
/// Before robust42 the request bomb took main's proxy past 3 GB (the recorder's scan).
#[test]
fn request_bombs_and_cut_or_corrupt_coded_bodies_end_in_a_verdict() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    // the request
    let bomb = gzip(&gzip_of_zeros(4096));
    let plain = Arc::new(
        br#"{"jsonrpc":"2.0","id":1,"result":{"kind":"message","role":"agent","messageId":"a1","parts":[{"kind":"text","text":"ok"}]}}"#.to_vec(),
    );
    let up = agent(
        "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n".into(),
        plain.clone(),
    );
    let sub = d.join("request");
    std::fs::create_dir(&sub).unwrap();
    let peak = through_proxy(&sub, up, &[], |addr| {
        let got = post(
            addr,
            &[
                "Content-Type: application/json",
                "Content-Encoding: gzip, gzip",
            ],
            &bomb,
        );
        assert!(got == *plain, "the client got {got:?}");
    });
    assert!(peak < PEAK_KIB, "request bomb: proxy peak {peak} KiB");
    let report: serde_json::Value =
        serde_json::from_slice(&std::fs::read(sub.join("report.json")).unwrap()).unwrap();
    assert!(!not_judged(&report).is_empty(), "request bomb: {report:#}");

    // cut and corrupt answers
    let answer = br#"{"jsonrpc":"2.0","id":1,"result":{"kind":"message","role":"agent","messageId":"a1","parts":[{"kind":"text","text":"a longer answer, a longer answer, a longer answer"}]}}"#;
    let whole = gzip(answer);
    let cut = whole[..whole.len() / 2].to_vec();
    let mut inner = gzip(answer);
    let mid = inner.len() / 2;
    inner[mid] ^= 0xff;
    let corrupt_inner = gzip(&inner);
    for (name, ce, body) in [
        ("cut", "gzip", cut),
        ("corrupt-inner", "gzip, gzip", corrupt_inner),
    ] {
        let body = Arc::new(body);
        let up = agent(
            format!(
                "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Encoding: {ce}\r\n"
            ),
            body.clone(),
        );
        let sub = d.join(name);
        std::fs::create_dir(&sub).unwrap();
        let t = Instant::now();
        through_proxy(&sub, up, &[], |addr| {
            let got = post(
                addr,
                &["Content-Type: application/json", "Accept-Encoding: gzip"],
                SEND,
            );
            assert!(got == *body, "{name}: the client got {} bytes", got.len());
        });
        assert!(
            t.elapsed() < Duration::from_secs(60),
            "{name}: {:?}",
            t.elapsed()
        );
        let report: serde_json::Value =
            serde_json::from_slice(&std::fs::read(sub.join("report.json")).unwrap()).unwrap();
        let r = rules(&report);
        assert!(
            r.iter().any(|x| x == "HTTP-FRAME-004") || !not_judged(&report).is_empty(),
            "{name}: neither a finding nor not judged: {report:#}"
        );
    }
}

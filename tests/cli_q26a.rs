//! q26a (session 26 quality items, from newcomer25's notes N10-N15): the proxy's stop
//! summary names the exchanges it cut open; the words of the prober's CARD-URL-009 fit the
//! run that found it; `--record` into a directory that is not there; `report -o FILE` says
//! what it wrote; hints follow the findings they belong to, one message prefix. Real files,
//! the built binary, a real proxy over loopback in front of the reference agent
//! (`demo --agent-only`) or a small real server.

#[path = "common/proxy_process.rs"]
mod proxy_process;

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use proxy_process::{run_in, start_proxy, ChildGuard};

const BIN: &str = env!("CARGO_BIN_EXE_a2a-interop");

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// The reference agent (`demo --agent-only`) as a process on a free loopback port, and its
/// URL (from its banner, within 30 s).
fn reference_agent() -> (ChildGuard, String) {
    let mut child = ChildGuard::spawn(
        Command::new(BIN)
            .args(["demo", "--agent-only", "--listen", "127.0.0.1:0"])
            .stdout(Stdio::null())
            .stderr(Stdio::piped()),
    );
    let (tx, rx) = std::sync::mpsc::channel::<String>();
    let err = child.stderr.take().unwrap();
    std::thread::spawn(move || {
        for l in BufReader::new(err).lines().map_while(Result::ok) {
            let _ = tx.send(l);
        }
    });
    let url = loop {
        let l = rx
            .recv_timeout(Duration::from_secs(30))
            .expect("reference agent banner");
        if let Some(rest) = l.split("reference agent on ").nth(1) {
            break rest.split_whitespace().next().unwrap().to_string();
        }
    };
    (child, url)
}

/// A JSON-RPC 1.0 `SendStreamingMessage` with `text` sent to the proxy at `addr` over a raw
/// loopback connection, read until `needle` has arrived (at most 30 s, else the test fails
/// naming what did arrive): the open connection.
fn stream_until(addr: SocketAddr, id: u32, text_: &str, needle: &str) -> TcpStream {
    let body = format!(
        r#"{{"jsonrpc":"2.0","id":{id},"method":"SendStreamingMessage","params":{{"message":{{"messageId":"m{id}","role":"ROLE_USER","parts":[{{"text":"{text_}"}}]}}}}}}"#
    );
    let mut s = TcpStream::connect(addr).unwrap();
    write!(
        s,
        "POST / HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\nA2A-Version: 1.0\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    )
    .unwrap();
    s.set_read_timeout(Some(Duration::from_secs(1))).unwrap();
    let end = Instant::now() + Duration::from_secs(30);
    let mut got = Vec::new();
    let mut buf = [0u8; 4096];
    while !text(&got).contains(needle) {
        assert!(
            Instant::now() < end,
            "no {needle:?} within 30 s: {}",
            text(&got)
        );
        match s.read(&mut buf) {
            Ok(0) => panic!("closed before {needle:?}: {}", text(&got)),
            Ok(n) => got.extend_from_slice(&buf[..n]),
            Err(e)
                if matches!(
                    e.kind(),
                    std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut
                ) => {}
            Err(e) => panic!("{e}"),
        }
    }
    s
}

/// The stderr lines of a stopped proxy that name one exchange the stop cut open, without
/// their prefix.
fn named_open(stderr: &str) -> Vec<&str> {
    stderr
        .lines()
        .filter_map(|l| l.strip_prefix("a2a-interop proxy:   not judged: "))
        .collect()
}

/// Item 1 (newcomer25 N10): SIGTERM with six SSE streams of the reference agent open (its
/// `cancel` skill works until canceled): the stop summary counted them; it now names the
/// first five (exchange id, method and path, the A2A method, how long each was open) in the
/// words `verify` lists exchanges not judged with, then "and 1 more". Legal control: a
/// stream read to its end before the stop names nothing.
#[test]
fn the_stop_summary_names_the_streams_it_cut_open() {
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
    let _open: Vec<TcpStream> = (1..=6)
        .map(|i| stream_until(addr, i, "cancel me", "TASK_STATE_WORKING"))
        .collect();
    let stderr = proxy.terminate();
    assert!(
        stderr.contains("a2a-interop proxy: 6 SSE streams were still open when the proxy stopped: closed by the stop (outcome `open`)"),
        "{stderr}"
    );
    let named = named_open(&stderr);
    assert_eq!(named.len(), 5, "{stderr}");
    let mut ids = Vec::new();
    for l in &named {
        // e.g. `e3 (POST / SendStreamingMessage, open 2.4 s): the recording ended ...`
        let (id, rest) = l.split_once(' ').unwrap();
        let secs: f64 = rest
            .strip_prefix("(POST / SendStreamingMessage, open ")
            .and_then(|r| r.split_once(" s): "))
            .map(|(s, why)| {
                assert_eq!(
                    why,
                    "the recording ended with the stream open: end of stream not judged"
                );
                s.parse().unwrap()
            })
            .unwrap_or_else(|| panic!("{l}"));
        assert!(secs > 0.0, "{l}");
        ids.push(id.to_string());
    }
    assert!(
        stderr.contains("a2a-interop proxy:   and 1 more\n")
            || stderr.ends_with("a2a-interop proxy:   and 1 more"),
        "{stderr}"
    );
    // the same exchanges, in the same order, as verify lists them not judged
    let v = run_in(dir.path(), &["verify", "cut.jsonl"]);
    let out = text(&v.stdout);
    assert!(
        out.contains(&format!(
            "note: not judged: 6 exchanges ({}, ...): the recording ended with the stream open: end of stream not judged",
            ids.join(", ")
        )),
        "{out}\n{stderr}"
    );

    // legal control: a stream that ended before the stop is not named
    let rec = dir.path().join("whole.jsonl");
    let (proxy, addr) = start_proxy(&["--upstream", &url, "--record", rec.to_str().unwrap()]);
    let _c = stream_until(addr, 7, "slow hello", "TASK_STATE_COMPLETED");
    let stderr = proxy.terminate();
    assert!(named_open(&stderr).is_empty(), "{stderr}");
    assert!(!stderr.contains("when the proxy stopped"), "{stderr}");
    assert!(!stderr.contains("proxy:   and "), "{stderr}");
}

//! attack56 (issue 7, "impossible to knock over"): the real `a2a-interop proxy` attacked
//! as a hostile or broken peer would, over loopback sockets. The cases the proxy already
//! withstood (measured in session 56, not repeated here: HTTP/1.1 request smuggling by
//! `Content-Length` + `Transfer-Encoding`, two lengths, `chunked, identity`, obs-fold, bare
//! LF and CR, chunk sizes with junk; h2 CONTINUATION floods, an HPACK bomb, SETTINGS /
//! PING / WINDOW_UPDATE / PRIORITY floods, a zero flow-control window; thousands of idle
//! connections; an SSE reader that never reads) are in the round's report. Here:
//!
//! - the proxy at its open-file limit: the requests of the client connections it already
//!   holds get its own 502, and that 502, the recording and the console must say the
//!   proxy's own limit was reached (the agent was never asked), not that the agent is
//!   unreachable (before: "check the host name and port of --upstream ..., firewall, VPN,
//!   DNS", and "upstream ... answers again after N requests it did not answer").

use crate::proxy_process;

use std::io::{Read as _, Write as _};
use std::net::SocketAddr;
use std::process::Command;
use std::time::Duration;

/// What arrived on `s` within `wait` (until the proxy closes it or the time is up).
fn read_for(mut s: std::net::TcpStream, wait: Duration) -> String {
    let _ = s.set_read_timeout(Some(wait));
    let mut out = Vec::new();
    let _ = s.read_to_end(&mut out);
    String::from_utf8_lossy(&out).into_owned()
}

/// A proxy out of file descriptors (`ulimit -n 24`, 40 clients connected at once: the
/// connections it accepted take every descriptor) gets a request on each connection it
/// holds. It cannot open the upstream connection (EMFILE), so it answers 502 itself: the
/// 502 and the recording's `exchange_end.error` name the proxy's own open-file limit with
/// the limit to raise, the recording claims no connect failure of the agent
/// (`connect_failure` absent: the agent was not tried), and the console neither tells the
/// user to check the upstream's address nor says the agent "did not answer".
#[test]
fn a_proxy_out_of_file_descriptors_blames_its_own_limit_not_the_agent() {
    let dir = tempfile::tempdir().unwrap();
    let rec = dir.path().join("rec.jsonl");
    let (_agent, agent_url) = proxy_process::reference_agent();
    let run = proxy_process::spawn_until_listening(
        Command::new("sh")
            .args([
                "-c",
                "ulimit -n 24 && exec \"$0\" proxy --listen 127.0.0.1:0 --upstream \"$1\" --record \"$2\"",
                env!("CARGO_BIN_EXE_a2a-interop"),
                &agent_url,
                rec.to_str().unwrap(),
            ])
            .env_remove("A2A_INTEROP_LOG")
            .env("NO_COLOR", "1"),
        Duration::from_secs(30),
    );
    let addr: SocketAddr = run.addr.trim_end_matches('/').parse().unwrap();
    let held: Vec<std::net::TcpStream> = (0..40)
        .map(|_| std::net::TcpStream::connect(addr).unwrap())
        .collect();
    // the proxy has reached its limit once it says so
    proxy_process::line_with(
        &run,
        "cannot accept a client connection on 127.0.0.1:",
        Duration::from_secs(60),
    );
    // a request on every connection; those the proxy holds are answered, the rest wait
    // in the listen backlog
    let readers: Vec<_> = held
        .into_iter()
        .map(|mut s| {
            let _ = write!(
                s,
                "GET /.well-known/agent-card.json HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n"
            );
            std::thread::spawn(move || read_for(s, Duration::from_secs(3)))
        })
        .collect();
    let answers: Vec<String> = readers.into_iter().map(|r| r.join().unwrap()).collect();
    let own: Vec<&String> = answers
        .iter()
        .filter(|a| a.starts_with("HTTP/1.1 502"))
        .collect();
    assert!(!own.is_empty(), "no 502 among {answers:#?}");
    for a in &own {
        assert!(
            a.contains("the proxy's own limit of open files")
                && a.contains("ulimit -n")
                && !a.contains("unreachable"),
            "{a}"
        );
    }
    let stderr = run.terminate();
    assert!(
        !stderr.contains("check the host name and port"),
        "the agent's address blamed: {stderr}"
    );
    assert!(
        !stderr.contains("requests it did not answer") && !stderr.contains("still did not answer"),
        "the agent blamed for the proxy's limit: {stderr}"
    );
    assert!(
        stderr.contains("upstream-error") && stderr.contains("the proxy's own limit of open files"),
        "{stderr}"
    );
    // the recording: every line parses; the proxy's own answers say why, no connect
    // failure of the agent claimed
    let text = std::fs::read_to_string(&rec).unwrap();
    let mut ends = 0;
    for line in text.lines() {
        let v: serde_json::Value = serde_json::from_str(line).unwrap();
        if v["type"] == "exchange_end" && v["outcome"] == "upstream_error" {
            ends += 1;
            let err = v["error"].as_str().unwrap_or_default();
            assert!(err.contains("the proxy's own limit of open files"), "{err}");
            assert!(v.get("connect_failure").is_none(), "{line}");
        }
    }
    assert!(
        ends >= own.len(),
        "{ends} upstream_error ends for {} 502s: {text}",
        own.len()
    );
}

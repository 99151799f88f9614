//! ports53: a script starts the proxy on port 0 and learns every port it bound from the
//! banner's ready line, instead of picking a free port first (which another process can
//! take between the probe and the proxy's bind: CI 146, live_breaker49 read a recording
//! that never existed while its port wait saw another test's listener).

use crate::proxy_process;

use std::io::{Read as _, Write as _};
use std::process::Command;
use std::time::Duration;

use proxy_process::{parse_ready, reference_agent, spawn_until_listening};

/// The status line of a `GET PATH` sent to `addr` (connection closed after it).
fn get_status(addr: std::net::SocketAddr, path: &str) -> String {
    let mut s = std::net::TcpStream::connect(addr).unwrap();
    s.set_read_timeout(Some(Duration::from_secs(60))).unwrap();
    write!(
        s,
        "GET {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n"
    )
    .unwrap();
    let mut out = Vec::new();
    s.read_to_end(&mut out).unwrap();
    String::from_utf8_lossy(&out)
        .lines()
        .next()
        .unwrap_or_default()
        .to_string()
}

/// `--listen 127.0.0.1:0` and two `--listener LEG@127.0.0.1:0=URL`: the ready line names the
/// three ports bound (the `--listen` one the same as the listening line's), in command-line
/// order with their legs; a request to each is answered and recorded on its leg. Before:
/// no ready line, and a listener bound on port 0 was named only in a human line.
#[test]
fn the_ready_line_names_every_port_bound_on_port_0() {
    let (_agent, url) = reference_agent();
    let dir = tempfile::tempdir().unwrap();
    let rec = dir.path().join("ports.jsonl");
    let mut run = spawn_until_listening(
        Command::new(env!("CARGO_BIN_EXE_a2a-interop"))
            .args(["proxy", "--listen", "127.0.0.1:0", "--upstream", &url])
            .args(["--listener", &format!("upstream@127.0.0.1:0={url}")])
            .args(["--listener", &format!("delegate@127.0.0.1:0={url}")])
            .args(["--record", rec.to_str().unwrap(), "-q"])
            .env("NO_COLOR", "1"),
        Duration::from_secs(30),
    );
    let ready = run.ready(Duration::from_secs(30));
    let listening: std::net::SocketAddr = run.addr.trim_end_matches('/').parse().unwrap();
    assert_eq!(ready.listen, listening, "{:#?}", run.banner);
    let legs: Vec<&str> = ready.listeners.iter().map(|(l, _)| l.as_str()).collect();
    assert_eq!(legs, ["upstream", "delegate"], "{:#?}", run.banner);
    let mut ports: Vec<u16> = std::iter::once(ready.listen)
        .chain(ready.listeners.iter().map(|(_, a)| *a))
        .map(|a| a.port())
        .collect();
    assert!(ports.iter().all(|p| *p != 0), "{ports:?}");
    ports.dedup();
    assert_eq!(ports.len(), 3, "{:#?}", run.banner);
    // each listener named in the human banner with the same address
    for (leg, a) in &ready.listeners {
        let human = format!("  listener http://{a} (leg {leg}) -> {url}");
        assert!(
            run.banner.contains(&human),
            "{human:?} in {:#?}",
            run.banner
        );
    }
    for a in std::iter::once(ready.listen).chain(ready.listeners.iter().map(|(_, a)| *a)) {
        let st = get_status(a, "/.well-known/agent-card.json");
        assert!(st.starts_with("HTTP/1.1 200"), "{a}: {st}");
    }
    run.terminate();
    let legs: Vec<String> = std::fs::read_to_string(&rec)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap())
        .filter(|e| e["type"] == "request_head")
        .map(|e| e["leg"].as_str().unwrap_or("client").to_string())
        .collect();
    assert_eq!(legs, ["client", "upstream", "delegate"]);
}

/// The ready line's words are the contract a driver parses: listen first, then each
/// listener as LEG@ADDR, an IPv6 address in brackets; anything else is not a ready line.
#[test]
fn a_ready_line_is_parsed_as_documented() {
    let r = parse_ready(
        "  ready: listen=[::1]:8080 listener=upstream@127.0.0.1:9 listener=webhook@127.0.0.1:10",
    )
    .unwrap();
    assert_eq!(r.listen, "[::1]:8080".parse().unwrap());
    assert_eq!(
        r.listeners,
        [
            ("upstream".to_string(), "127.0.0.1:9".parse().unwrap()),
            ("webhook".to_string(), "127.0.0.1:10".parse().unwrap())
        ]
    );
    assert!(parse_ready("a2a-interop proxy listening on http://127.0.0.1:8080").is_none());
}

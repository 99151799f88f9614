//! attack59 (issue 7, "bad input never crashes the proxy", "safe in front of production
//! traffic"): the real `a2a-interop proxy` over loopback sockets.
//!
//! - `--no-via` has a loop check at run time again: a client connection that is one of the
//!   proxy's own upstream connections (its peer is the proxy's own end of one, its local
//!   end the address that one connected to) gets `508 Loop Detected` (before: without
//!   `Via`, a request whose upstream name came to point at the listener after start-up
//!   went round, a new connection per hop, until the descriptors ran out);
//! - forward mode on `--listen localhost:PORT` (which listens on `[::1]:PORT` too) refuses
//!   a target naming the twin address at the first hop (before: forwarded once to the
//!   twin listener, in origin-form, whose `400` "not an absolute URL" came back as the
//!   answer; measured with the session's start binary).

use crate::proxy_process::{
    self, addr_of, exchange, fds_back_to, open_fds as fds, proxy_with_warnings as proxy, Running,
};

use std::net::SocketAddr;
use std::path::Path;
use std::process::Command;
use std::time::Duration;

/// The recording at `path` as JSON values, one per line.
pub(crate) fn events(path: &Path) -> Vec<serde_json::Value> {
    std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

/// The events of type `kind`.
pub(crate) fn of_type<'a>(ev: &'a [serde_json::Value], kind: &str) -> Vec<&'a serde_json::Value> {
    ev.iter().filter(|e| e["type"] == kind).collect()
}

/// Whether this machine lets a process have its own mount namespace (`unshare -m`), where
/// a file bind-mounted over `/etc/hosts` is the proxy's hosts table and no one else's.
fn private_hosts_work() -> bool {
    Command::new("unshare")
        .args(["-m", "sh", "-c", "mount --bind /etc/hosts /etc/hosts"])
        .status()
        .is_ok_and(|s| s.success())
}

/// `a2a-interop proxy ARGS` in a mount namespace of its own whose `/etc/hosts` is `hosts`
/// (bind-mounted: rewriting `hosts` in place changes what the proxy's resolver reads at its
/// next lookup), running and listening within 30 s.
fn proxy_with_hosts(hosts: &Path, args: &[String]) -> Running {
    proxy_process::spawn_until_listening(
        Command::new("unshare")
            .args([
                "-m",
                "sh",
                "-c",
                "mount --bind \"$0\" /etc/hosts && exec \"$@\"",
            ])
            .arg(hosts)
            .arg(env!("CARGO_BIN_EXE_a2a-interop"))
            .arg("proxy")
            .args(args)
            .env_remove("A2A_INTEROP_LOG")
            .env("NO_COLOR", "1"),
        Duration::from_secs(30),
    )
}

/// A loopback agent that answers every request `200` with the body `agent`.
pub(crate) fn plain_agent() -> SocketAddr {
    proxy_process::answer_each_head(|_| {
        b"HTTP/1.1 200 OK\r\ncontent-type: text/plain\r\ncontent-length: 5\r\nconnection: close\r\n\r\nagent"
            .to_vec()
    })
}

/// `--no-via`: an upstream host name that pointed elsewhere at start-up (the start-up
/// check let it pass) and points at the proxy's own listener afterwards (a hosts entry
/// changed, DNS). The request goes out once, comes back over the proxy's own upstream
/// connection and is refused `508` there; the client gets that `508` saying the loop and
/// what to fix; the recording holds the forwarded exchange (its answer the `508`) and the
/// refused one, whose end names the loop; another route is still served; the descriptors
/// come back to their baseline. Before: without `Via`, nothing told the request from a
/// new one, and it went round, one new connection per hop, until the file descriptors ran
/// out.
#[test]
fn no_via_refuses_a_request_that_comes_back_over_its_own_upstream_connection() {
    if !private_hosts_work() {
        eprintln!("skipped: no mount namespace here (unshare -m), so no private /etc/hosts");
        return;
    }
    let agent = plain_agent();
    let dir = tempfile::tempdir().unwrap();
    let hosts = dir.path().join("hosts");
    // at start-up the name is an address that does not reach the listener
    std::fs::write(&hosts, "127.0.0.1 localhost\n127.0.0.9 loop-alias.test\n").unwrap();
    let rec = dir.path().join("loop.jsonl");
    let port = proxy_process::ReservedPort::bind();
    let p = port.port();
    drop(port);
    let run = proxy_with_hosts(
        &hosts,
        &[
            "--no-via".into(),
            "--listen".into(),
            format!("127.0.0.1:{p}"),
            "--upstream".into(),
            format!("http://loop-alias.test:{p}"),
            "--route".into(),
            format!("/ok=http://{agent}"),
            "--record".into(),
            rec.display().to_string(),
        ],
    );
    let me = addr_of(&run);
    let pid = run.child.id();
    // now the name is the listener's own address (rewritten in place: the same file)
    std::fs::write(&hosts, "127.0.0.1 localhost\n127.0.0.1 loop-alias.test\n").unwrap();
    let base = fds(pid);
    let answer = exchange(
        me,
        b"POST /rpc HTTP/1.1\r\nHost: a\r\nContent-Type: application/json\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}",
        Duration::from_secs(20),
    );
    assert!(answer.starts_with("HTTP/1.1 508"), "{answer}");
    assert!(
        answer.contains("came from this proxy's own upstream connection")
            && answer.contains("hint: point --upstream"),
        "{answer}"
    );
    // the other route still reaches its agent
    let ok = exchange(
        me,
        b"GET /ok/x HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n",
        Duration::from_secs(20),
    );
    assert!(
        ok.starts_with("HTTP/1.1 200") && ok.ends_with("agent"),
        "{ok}"
    );
    assert!(fds_back_to(pid, base) <= base, "descriptors");
    let _ = run.terminate();
    let ev = events(&rec);
    let heads = of_type(&ev, "request_head");
    assert_eq!(
        heads.len(),
        3,
        "the request, its one return, /ok: {heads:#?}"
    );
    let ends = of_type(&ev, "exchange_end");
    assert_eq!(ends.len(), 3, "{ends:#?}");
    let refused: Vec<_> = ends
        .iter()
        .filter(|e| {
            e["error"]
                .as_str()
                .is_some_and(|s| s.contains("is this proxy's own upstream connection"))
        })
        .collect();
    assert_eq!(refused.len(), 1, "{ends:#?}");
    // the forwarded exchange got the refusal as its answer
    let statuses: Vec<u64> = of_type(&ev, "response_head")
        .iter()
        .filter_map(|e| e["status"].as_u64())
        .collect();
    assert_eq!(
        statuses.iter().filter(|s| **s == 508).count(),
        2,
        "{statuses:?}"
    );
}

/// Whether this machine can listen on `[::1]` (IPv6 on loopback).
fn has_ipv6_loopback() -> bool {
    std::net::TcpListener::bind("[::1]:0").is_ok()
}

/// Forward mode on `--listen localhost:PORT`, which listens on `127.0.0.1:PORT` and
/// `[::1]:PORT`: a target naming either address (absolute-form or `CONNECT`), sent to
/// either listener, is refused `403` by the listener that got it: one exchange recorded
/// per request. Before: `127.0.0.1:PORT`'s check knew only its own address and forwarded a
/// target `[::1]:PORT` once to its twin, in origin-form; the twin's `400` ("/x is not an
/// absolute URL") came back as the answer (two exchanges, the first one forwarded to the
/// proxy itself).
#[test]
fn forward_mode_on_localhost_refuses_its_ipv6_twin_at_the_first_hop() {
    if !has_ipv6_loopback() {
        eprintln!("skipped: no IPv6 loopback here");
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let rec = dir.path().join("fw.jsonl");
    let run = proxy(&[
        "--forward".into(),
        "--listen".into(),
        "localhost:0".into(),
        "--record".into(),
        rec.display().to_string(),
    ]);
    // the banner names both: `127.0.0.1:P and http://[::1]:P (localhost)`
    let v4: SocketAddr = run
        .addr
        .split_whitespace()
        .next()
        .and_then(|a| a.trim_end_matches('/').parse().ok())
        .unwrap_or_else(|| panic!("{:?}", run.banner));
    let p = v4.port();
    let v6 = SocketAddr::from((std::net::Ipv6Addr::LOCALHOST, p));
    let requests = [
        (v4, format!("GET http://[::1]:{p}/x HTTP/1.1\r\nHost: [::1]:{p}\r\nConnection: close\r\n\r\n")),
        (v4, format!("CONNECT [::1]:{p} HTTP/1.1\r\nHost: [::1]:{p}\r\n\r\n")),
        (v6, format!("GET http://127.0.0.1:{p}/x HTTP/1.1\r\nHost: 127.0.0.1:{p}\r\nConnection: close\r\n\r\n")),
        (v6, format!("GET http://localhost:{p}/x HTTP/1.1\r\nHost: localhost:{p}\r\nConnection: close\r\n\r\n")),
    ];
    for (to, raw) in &requests {
        let answer = exchange(*to, raw.as_bytes(), Duration::from_secs(15));
        assert!(answer.starts_with("HTTP/1.1 403"), "{to} {raw}: {answer}");
        assert!(answer.contains("this proxy's own address"), "{answer}");
    }
    let _ = run.terminate();
    let ev = events(&rec);
    let heads = of_type(&ev, "request_head");
    assert_eq!(
        heads.len(),
        requests.len(),
        "one exchange per request, none forwarded to the proxy itself: {heads:#?}"
    );
}

/// One HTTP/2 frame (RFC 9113 §4.1): 24-bit length, type, flags, stream id, payload.
pub(crate) fn h2_frame(kind: u8, flags: u8, stream: u32, payload: &[u8]) -> Vec<u8> {
    let n = payload.len();
    let mut f = vec![(n >> 16) as u8, (n >> 8) as u8, n as u8, kind, flags];
    f.extend_from_slice(&(stream & 0x7fff_ffff).to_be_bytes());
    f.extend_from_slice(payload);
    f
}

/// A raw h2c (prior knowledge) agent: every request stream is answered with `interims`
/// `103` heads (each its own HEADERS frame, `:status 103` as an HPACK literal without
/// indexing, RFC 7541 §6.2.2), then `200` and the body `ok`. Written by hand because no
/// HTTP/2 server library sends interim heads without end.
fn h2c_interim_flood_agent(interims: usize) -> SocketAddr {
    use std::io::{Read as _, Write as _};
    let l = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let addr = l.local_addr().unwrap();
    std::thread::spawn(move || {
        for conn in l.incoming() {
            let Ok(mut s) = conn else { continue };
            std::thread::spawn(move || {
                let mut preface = [0u8; 24];
                if s.read_exact(&mut preface).is_err() {
                    return;
                }
                let w = std::sync::Arc::new(std::sync::Mutex::new(s.try_clone().unwrap()));
                let _ = w.lock().unwrap().write_all(&h2_frame(4, 0, 0, &[]));
                loop {
                    let mut h = [0u8; 9];
                    if s.read_exact(&mut h).is_err() {
                        return;
                    }
                    let len = ((h[0] as usize) << 16) | ((h[1] as usize) << 8) | h[2] as usize;
                    let mut payload = vec![0u8; len];
                    if s.read_exact(&mut payload).is_err() {
                        return;
                    }
                    let stream = u32::from_be_bytes([h[5], h[6], h[7], h[8]]) & 0x7fff_ffff;
                    match (h[3], h[4] & 1) {
                        // SETTINGS, not an ACK: acknowledged
                        (4, 0) => {
                            let _ = w.lock().unwrap().write_all(&h2_frame(4, 1, 0, &[]));
                        }
                        // a request's HEADERS: answered from another thread, so that this
                        // one keeps reading the proxy's frames
                        (1, _) => {
                            let w = w.clone();
                            std::thread::spawn(move || {
                                let one = h2_frame(1, 4, stream, &[0x08, 0x03, b'1', b'0', b'3']);
                                let batch = one.repeat(1000);
                                let mut left = interims;
                                while left > 0 {
                                    let k = left.min(1000);
                                    if w.lock()
                                        .unwrap()
                                        .write_all(&batch[..k * one.len()])
                                        .is_err()
                                    {
                                        return;
                                    }
                                    left -= k;
                                }
                                let mut last = h2_frame(1, 4, stream, &[0x88]);
                                last.extend(h2_frame(0, 1, stream, b"ok"));
                                let _ = w.lock().unwrap().write_all(&last);
                            });
                        }
                        _ => {}
                    }
                }
            });
        }
    });
    addr
}

/// The peak resident memory of process `pid` so far (`VmHWM`, KiB; 0 when unreadable).
pub(crate) fn peak_kib(pid: u32) -> u64 {
    std::fs::read_to_string(format!("/proc/{pid}/status"))
        .unwrap_or_default()
        .lines()
        .find_map(|l| l.strip_prefix("VmHWM:"))
        .and_then(|v| v.split_whitespace().next()?.parse().ok())
        .unwrap_or(0)
}

/// An h2c agent that sends 500,000 `103` heads (7 MB of HEADERS frames) before its `200`
/// (attack58 left it unmeasured: HTTP/1.1 agents are cut after 64, and hyper's HTTP/2
/// client skips interim HEADERS without showing them). Before: the h2 library queued each
/// one until the request's task polled for the answer, so the proxy's memory followed the
/// agent's speed (this agent: peak +52 MB; a slower one, 2,000,000 from Python: +7 MB).
/// Now the proxy reads the frame headers as they pass and cuts the agent's connection past
/// 64 interim heads on one stream, as over HTTP/1.1: the client gets a `502` naming the
/// limit, the recording an `upstream_error` saying it, the next request is answered, the
/// descriptors come back and the memory stays flat.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_h2c_agents_interim_flood_is_cut_after_64() {
    let agent = h2c_interim_flood_agent(500_000);
    let dir = tempfile::tempdir().unwrap();
    let rec = dir.path().join("h2flood.jsonl");
    let run = proxy(&[
        "--listen".into(),
        "127.0.0.1:0".into(),
        "--upstream".into(),
        format!("http://{agent}"),
        "--record".into(),
        rec.display().to_string(),
    ]);
    let me = addr_of(&run);
    let pid = run.child.id();
    let base = fds(pid);
    let before = peak_kib(pid);
    for _ in 0..2 {
        let client = crate::proxy_support::client_h2();
        let (status, _, body) = crate::proxy_support::fetch(
            &client,
            crate::proxy_support::post(&format!("http://{me}/rpc"), b"{}"),
        )
        .await;
        let body = String::from_utf8_lossy(&body).into_owned();
        assert_eq!(status, 502, "{body}");
        assert!(
            body.contains("more than 64 interim (1xx) responses"),
            "{body}"
        );
    }
    let grown = peak_kib(pid).saturating_sub(before);
    assert!(grown < 16 * 1024, "peak grew by {grown} KiB");
    assert!(fds_back_to(pid, base) <= base, "descriptors");
    let _ = run.terminate();
    let ev = events(&rec);
    let ends = of_type(&ev, "exchange_end");
    assert_eq!(ends.len(), 2, "{ends:#?}");
    for e in ends {
        assert_eq!(e["outcome"], "upstream_error", "{e:#?}");
        assert!(
            e["error"]
                .as_str()
                .is_some_and(|s| s.contains("more than 64 interim")),
            "{e:#?}"
        );
    }
}

/// A JSON-RPC call (1.0 `GetTask`).
const GET_TASK: &str = r#"{"jsonrpc":"2.0","id":1,"method":"GetTask","params":{"id":"t1"}}"#;

/// The answer to [`GET_TASK`]: the task, completed.
const TASK: &str = r#"{"jsonrpc":"2.0","id":1,"result":{"id":"t1","contextId":"c1","status":{"state":"TASK_STATE_COMPLETED"}}}"#;

/// A raw HTTP/1.1 agent on kept-alive connections: a request whose target is `/nocontent`
/// is answered `204 No Content` with `Content-Length: 5` and five bytes of content (which
/// a 204 cannot have), a `HEAD` is answered `200` with its JSON body (which an answer to
/// HEAD cannot have), anything else `200` with [`TASK`].
fn content_where_none_agent() -> SocketAddr {
    use std::io::{Read as _, Write as _};
    let l = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let addr = l.local_addr().unwrap();
    std::thread::spawn(move || {
        for conn in l.incoming() {
            let Ok(mut s) = conn else { continue };
            std::thread::spawn(move || {
                let mut got: Vec<u8> = Vec::new();
                loop {
                    let Some(end) = got.windows(4).position(|w| w == b"\r\n\r\n") else {
                        let mut buf = [0u8; 4096];
                        match s.read(&mut buf) {
                            Ok(0) | Err(_) => return,
                            Ok(n) => got.extend_from_slice(&buf[..n]),
                        }
                        continue;
                    };
                    let head = String::from_utf8_lossy(&got[..end]).to_ascii_lowercase();
                    let len: usize = head
                        .lines()
                        .find_map(|l| l.strip_prefix("content-length:"))
                        .and_then(|v| v.trim().parse().ok())
                        .unwrap_or(0);
                    while got.len() < end + 4 + len {
                        let mut buf = [0u8; 4096];
                        match s.read(&mut buf) {
                            Ok(0) | Err(_) => return,
                            Ok(n) => got.extend_from_slice(&buf[..n]),
                        }
                    }
                    got.drain(..end + 4 + len);
                    let answer = if head.starts_with("head ") {
                        format!("HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: {}\r\n\r\n{TASK}", TASK.len())
                    } else if head.contains(" /nocontent ") {
                        "HTTP/1.1 204 No Content\r\ncontent-length: 5\r\n\r\nhello".to_string()
                    } else {
                        format!("HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: {}\r\n\r\n{TASK}", TASK.len())
                    };
                    if s.write_all(answer.as_bytes()).is_err() {
                        return;
                    }
                }
            });
        }
    });
    addr
}

/// An agent that sends content where an answer has none: a `204` with five bytes after
/// its head, and a `HEAD` answered with its body (both after the head's `Content-Length`,
/// where a client that trusted it would read them as the start of the next answer on the
/// kept-alive connection: a response desync). Through the proxy the client gets the `204`
/// and the HEAD's head alone, and its next request on the same connection gets its own
/// `200` (the proxy dropped the bytes and the agent's connection); the recording holds the
/// bytes as `response_excess`, and HTTP-FRAME-006 says such an answer has no content
/// (before: it said the bytes were past the Content-Length and told the agent to make the
/// Content-Length count them, which a 204 cannot).
#[test]
fn content_after_a_204_or_a_head_answer_is_dropped_and_told_as_such() {
    use std::io::{Read as _, Write as _};
    let agent = content_where_none_agent();
    let dir = tempfile::tempdir().unwrap();
    let rec = dir.path().join("nc.jsonl");
    let run = proxy(&[
        "--listen".into(),
        "127.0.0.1:0".into(),
        "--upstream".into(),
        format!("http://{agent}"),
        "--record".into(),
        rec.display().to_string(),
    ]);
    let me = addr_of(&run);
    let pid = run.child.id();
    let base = fds(pid);
    let call = |path: &str, method: &str, close: bool| {
        format!(
            "{method} {path} HTTP/1.1\r\nHost: a\r\nContent-Type: application/json\r\nA2A-Version: 1.0\r\nContent-Length: {}\r\n{}\r\n{GET_TASK}",
            GET_TASK.len(),
            if close { "Connection: close\r\n" } else { "" }
        )
    };
    let mut s = std::net::TcpStream::connect(me).unwrap();
    s.set_read_timeout(Some(Duration::from_secs(20))).unwrap();
    // one connection: the 204 with content, then a plain call
    s.write_all(call("/nocontent", "POST", false).as_bytes())
        .unwrap();
    let mut first = Vec::new();
    while !first.ends_with(b"\r\n\r\n") {
        let mut b = [0u8; 1];
        s.read_exact(&mut b).unwrap();
        first.push(b[0]);
    }
    let first = String::from_utf8_lossy(&first).into_owned();
    assert!(first.starts_with("HTTP/1.1 204"), "{first}");
    s.write_all(call("/", "POST", true).as_bytes()).unwrap();
    let mut rest = Vec::new();
    let _ = s.read_to_end(&mut rest);
    let rest = String::from_utf8_lossy(&rest).into_owned();
    assert!(
        rest.starts_with("HTTP/1.1 200") && rest.ends_with(TASK),
        "the next answer on the connection is its own: {rest:?}"
    );
    // a HEAD answered with a body: the client gets the head alone
    let head = exchange(
        me,
        b"HEAD /tasks/t1 HTTP/1.1\r\nHost: a\r\nA2A-Version: 1.0\r\nConnection: close\r\n\r\n",
        Duration::from_secs(20),
    );
    assert!(
        head.starts_with("HTTP/1.1 200") && head.ends_with("\r\n\r\n"),
        "{head:?}"
    );
    assert!(fds_back_to(pid, base) <= base, "descriptors");
    // the findings as the run prints them (the recording may close before the verifier
    // has appended its last ones)
    let stderr = run.terminate();
    let ev = events(&rec);
    let excess: Vec<u64> = of_type(&ev, "response_excess")
        .iter()
        .filter_map(|e| e["bytes"].as_u64())
        .collect();
    assert!(excess.contains(&5), "{excess:?}");
    let told: Vec<&str> = stderr
        .lines()
        .filter(|l| l.contains("HTTP-FRAME-006"))
        .collect();
    assert!(
        told.iter()
            .any(|m| m.contains("a 204: such an answer has no content")),
        "{stderr}"
    );
    assert!(
        told.iter()
            .all(|m| !m.contains("make the Content-Length count")),
        "{told:#?}"
    );
}

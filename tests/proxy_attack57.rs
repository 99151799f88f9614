//! attack57 (issue 7, "safe to leave in front of production traffic for days"): the real
//! `a2a-interop proxy` over loopback sockets, pointed back at itself. What was already
//! refused (measured in session 57, not repeated here: `--forward` with an absolute-form
//! target or `CONNECT` naming its own listener as `127.0.0.1`, `localhost`, `[::1]`,
//! `127.1`, `2130706433`, `0127.0.0.1`-style ports; reverse mode with `--upstream` /
//! `--route` / `--listener` naming the listen address as `127.0.0.1`, `localhost`, `[::1]`)
//! is in the round's report. Here:
//!
//! - a request loop through two proxies (A's upstream is B, B's upstream is A): each
//!   listener appends its own `Via` pseudonym to what it forwards (RFC 9110 §7.6.3) and
//!   refuses, with `508 Loop Detected` and a line saying what to fix, a request that
//!   already carries it. Before, one request went round until both processes ran out of
//!   file descriptors (no `Via` was sent or read);
//! - a legal chain of two proxies in front of an agent still works, and the agent sees one
//!   `Via` entry per proxy;
//! - the unspecified address (`0.0.0.0`) and an IPv4-mapped address (`[::ffff:127.0.0.1]`)
//!   as spellings of a loopback listener: refused at start-up in reverse mode (before, the
//!   proxy started, and one request opened 9,792 descriptors and 252 MB in 5 s) and with
//!   403 in forward mode (before, forwarded once to the proxy itself, whose 400 said the
//!   client had called a forward proxy as an agent).

use crate::proxy_process::{self, addr_of, open_fds as fds, proxy_with_warnings as proxy};

use std::io::{Read as _, Write as _};
use std::net::SocketAddr;
use std::process::Command;
use std::time::{Duration, Instant};

/// Sends `raw` on a fresh connection to `addr` and reads until the peer closes or `wait`
/// passes; what arrived, and how long it took.
fn exchange(addr: SocketAddr, raw: &str, wait: Duration) -> (String, Duration) {
    let t = Instant::now();
    let mut s = std::net::TcpStream::connect(addr).unwrap();
    s.set_read_timeout(Some(wait)).unwrap();
    s.write_all(raw.as_bytes()).unwrap();
    let mut out = Vec::new();
    let _ = s.read_to_end(&mut out);
    (String::from_utf8_lossy(&out).into_owned(), t.elapsed())
}

/// Every line of the recording at `path` parses as JSON; the events, in order.
fn events(path: &std::path::Path) -> Vec<serde_json::Value> {
    std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}")))
        .collect()
}

/// A loop through two proxies (A forwards to B, B forwards back to A) is cut on its second
/// pass through A: the client gets `508 Loop Detected` at once, saying what to fix, A's
/// console says it, both recordings parse and A's says the request came back, and the
/// descriptors of both processes are back to their baseline. Before (no `Via`), the one
/// request went round A and B until the client's 5 s wait ran out.
#[test]
fn a_loop_through_two_proxies_is_cut_by_via() {
    let dir = tempfile::tempdir().unwrap();
    let (rec_a, rec_b) = (dir.path().join("a.jsonl"), dir.path().join("b.jsonl"));
    // A's port is picked first (held, refusing) so that B can name it
    let a_port = proxy_process::ReservedPort::bind();
    let a_addr = a_port.addr();
    let b = proxy(&[
        "--listen".into(),
        "127.0.0.1:0".into(),
        "--upstream".into(),
        format!("http://{a_addr}"),
        "--record".into(),
        rec_b.display().to_string(),
    ]);
    let b_addr = addr_of(&b);
    drop(a_port);
    let a = proxy(&[
        "--listen".into(),
        a_addr.to_string(),
        "--upstream".into(),
        format!("http://{b_addr}"),
        "--record".into(),
        rec_a.display().to_string(),
    ]);
    let (pa, pb) = (a.child.id(), b.child.id());
    let (fa, fb) = (fds(pa), fds(pb));
    let (answer, took) = exchange(
        a_addr,
        &format!("GET /.well-known/agent-card.json HTTP/1.1\r\nHost: {a_addr}\r\nConnection: close\r\n\r\n"),
        Duration::from_secs(5),
    );
    assert!(
        answer.starts_with("HTTP/1.1 508"),
        "{took:?}: {}",
        &answer[..answer.len().min(400)]
    );
    assert!(
        answer.contains("request loop") && answer.contains("not at this proxy's listen address"),
        "{answer}"
    );
    assert!(took < Duration::from_secs(3), "{took:?}");
    // back to the baseline (the upstream connections closed with the exchange)
    let end = Instant::now() + Duration::from_secs(5);
    while (fds(pa) > fa || fds(pb) > fb) && Instant::now() < end {
        std::thread::sleep(Duration::from_millis(50));
    }
    assert!(
        fds(pa) <= fa && fds(pb) <= fb,
        "fds A {fa} -> {}, B {fb} -> {}",
        fds(pa),
        fds(pb)
    );
    let stderr_a = a.terminate();
    let _ = b.terminate();
    assert!(
        stderr_a.contains("request loop: the request came back to this proxy"),
        "{stderr_a}"
    );
    let ev_a = events(&rec_a);
    let heads = ev_a.iter().filter(|e| e["type"] == "request_head").count();
    let ends: Vec<&serde_json::Value> = ev_a
        .iter()
        .filter(|e| e["type"] == "exchange_end")
        .collect();
    // the client's request and its return: two exchanges, no more
    assert_eq!((heads, ends.len()), (2, 2), "{ev_a:#?}");
    assert!(
        ends.iter().any(|e| e["error"]
            .as_str()
            .is_some_and(|m| m.contains("request loop"))),
        "{ends:#?}"
    );
    assert_eq!(
        events(&rec_b)
            .iter()
            .filter(|e| e["type"] == "request_head")
            .count(),
        1
    );
}

/// A legal chain (client, proxy A, proxy B, agent) is answered by the agent, which sees one
/// `Via` entry per proxy, each with its own pseudonym: two proxies never share one.
#[test]
fn a_chain_of_two_proxies_still_reaches_the_agent() {
    let agent = proxy_process::answer_each_head(|head| {
        let head = String::from_utf8_lossy(head).to_ascii_lowercase();
        let via: Vec<&str> = head
            .lines()
            .filter_map(|l| l.strip_prefix("via:"))
            .map(str::trim)
            .collect();
        let body = via.join(" | ");
        format!(
            "HTTP/1.1 200 OK\r\ncontent-type: text/plain\r\ncontent-length: {}\r\nconnection: close\r\n\r\n{body}",
            body.len()
        )
        .into_bytes()
    });
    let b = proxy(&[
        "--listen".into(),
        "127.0.0.1:0".into(),
        "--upstream".into(),
        format!("http://{agent}"),
        "--no-record".into(),
    ]);
    let a = proxy(&[
        "--listen".into(),
        "127.0.0.1:0".into(),
        "--upstream".into(),
        format!("http://{}", addr_of(&b)),
        "--no-record".into(),
    ]);
    let (answer, _) = exchange(
        addr_of(&a),
        "GET /x HTTP/1.1\r\nHost: a\r\nVia: 1.0 corp-gw\r\nConnection: close\r\n\r\n",
        Duration::from_secs(5),
    );
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
    let body = answer.split("\r\n\r\n").nth(1).unwrap_or("");
    let entries: Vec<&str> = body.split([',', '|']).map(str::trim).collect();
    assert_eq!(entries.len(), 3, "{body}");
    assert_eq!(entries[0], "1.0 corp-gw", "{body}");
    assert!(
        entries[1].starts_with("1.1 a2a-interop-")
            && entries[2].starts_with("1.1 a2a-interop-")
            && entries[1] != entries[2],
        "{body}"
    );
    let _ = a.terminate();
    let _ = b.terminate();
}

/// `--upstream http://0.0.0.0:PORT` and `http://[::ffff:127.0.0.1]:PORT` in front of
/// `--listen 127.0.0.1:PORT` are refused at start-up, exit 2, naming the loop and the fix.
#[test]
fn unspecified_and_mapped_spellings_of_the_listener_are_refused_at_start_up() {
    for host in ["0.0.0.0", "[::ffff:127.0.0.1]"] {
        let port = proxy_process::ReservedPort::bind();
        let listen = port.addr();
        drop(port);
        let mut child = Command::new(env!("CARGO_BIN_EXE_a2a-interop"))
            .args(["proxy", "--no-record", "--listen", &listen.to_string()])
            .args(["--upstream", &format!("http://{host}:{}", listen.port())])
            .stderr(std::process::Stdio::piped())
            .stdout(std::process::Stdio::null())
            .spawn()
            .unwrap();
        let end = Instant::now() + Duration::from_secs(10);
        let status = loop {
            if let Some(s) = child.try_wait().unwrap() {
                break Some(s);
            }
            if Instant::now() > end {
                let _ = child.kill();
                let _ = child.wait();
                break None;
            }
            std::thread::sleep(Duration::from_millis(50));
        };
        let mut err = String::new();
        let _ = child.stderr.take().unwrap().read_to_string(&mut err);
        assert_eq!(status.and_then(|s| s.code()), Some(2), "{host}: {err}");
        assert!(
            err.contains("a request loop") && err.contains("hint: point --upstream"),
            "{err}"
        );
    }
}

/// `--forward`: an absolute-form request to `http://0.0.0.0:PORT/` or
/// `http://[::ffff:127.0.0.1]:PORT/`, PORT the proxy's own, is refused 403 as a loop, and
/// the recording holds that one exchange (before: forwarded to the proxy itself, which
/// answered its own request 400, two exchanges).
#[test]
fn forward_mode_refuses_unspecified_and_mapped_spellings_of_itself() {
    let dir = tempfile::tempdir().unwrap();
    let rec = dir.path().join("f.jsonl");
    let run = proxy(&[
        "--forward".into(),
        "--listen".into(),
        "127.0.0.1:0".into(),
        "--record".into(),
        rec.display().to_string(),
    ]);
    let me = addr_of(&run);
    for host in ["0.0.0.0", "[::ffff:127.0.0.1]"] {
        let (answer, _) = exchange(
            me,
            &format!(
                "GET http://{host}:{}/ HTTP/1.1\r\nHost: {host}:{}\r\nConnection: close\r\n\r\n",
                me.port(),
                me.port()
            ),
            Duration::from_secs(5),
        );
        assert!(answer.starts_with("HTTP/1.1 403"), "{host}: {answer}");
        assert!(
            answer.contains("this proxy's own address (a request loop)"),
            "{answer}"
        );
    }
    let _ = run.terminate();
    let heads = events(&rec)
        .iter()
        .filter(|e| e["type"] == "request_head")
        .count();
    assert_eq!(heads, 2);
}

/// `--forward --intercept-tls`: a client that sends plain HTTP in its CONNECT tunnel (curl
/// `--proxytunnel` with an `http://` URL does) is served and recorded as a request to
/// `http://host:port`, not taken for a TLS handshake that failed. Before: no answer, no
/// request in the recording, and a WARNING that the client did not trust the local CA.
/// A TLS client in the same run still gets the CA's certificate (the handshake is tried).
#[test]
fn plain_http_in_an_intercepted_connect_tunnel_is_served_and_recorded() {
    let dir = tempfile::tempdir().unwrap();
    let ca = dir.path().join("ca");
    let out = Command::new(env!("CARGO_BIN_EXE_a2a-interop"))
        .args(["ca", "init", "--ca-dir", ca.to_str().unwrap()])
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
    let agent = proxy_process::answer_each_head(|_| {
        b"HTTP/1.1 200 OK\r\ncontent-type: text/plain\r\ncontent-length: 5\r\nconnection: close\r\n\r\nhello"
            .to_vec()
    });
    let rec = dir.path().join("t.jsonl");
    let run = proxy(&[
        "--forward".into(),
        "--intercept-tls".into(),
        "--ca-dir".into(),
        ca.display().to_string(),
        "--listen".into(),
        "127.0.0.1:0".into(),
        "--record".into(),
        rec.display().to_string(),
    ]);
    let me = addr_of(&run);
    let (answer, _) = exchange(
        me,
        &format!(
            "CONNECT {agent} HTTP/1.1\r\nHost: {agent}\r\n\r\nGET /x HTTP/1.1\r\nHost: {agent}\r\nConnection: close\r\n\r\n"
        ),
        Duration::from_secs(5),
    );
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
    assert!(
        answer.ends_with("\r\n\r\nhello"),
        "the agent's answer in the tunnel: {answer}"
    );
    // a TLS client's ClientHello still starts a handshake: the proxy answers with TLS
    // (a ServerHello record, content type 22), not with HTTP
    let mut s = std::net::TcpStream::connect(me).unwrap();
    s.set_read_timeout(Some(Duration::from_secs(5))).unwrap();
    s.write_all(format!("CONNECT {agent} HTTP/1.1\r\nHost: {agent}\r\n\r\n").as_bytes())
        .unwrap();
    let mut head = Vec::new();
    while !head.ends_with(b"\r\n\r\n") {
        let mut b = [0u8; 1];
        s.read_exact(&mut b).unwrap();
        head.push(b[0]);
    }
    assert!(
        head.starts_with(b"HTTP/1.1 200"),
        "{}",
        String::from_utf8_lossy(&head)
    );
    s.write_all(&tls13_client_hello()).unwrap();
    let mut record = [0u8; 1];
    s.read_exact(&mut record).unwrap();
    assert_eq!(record[0], 22, "a TLS handshake record");
    drop(s);
    let stderr = run.terminate();
    // the plain request was not taken for a failed handshake (the TLS client above,
    // dropped mid-handshake, may be)
    assert!(!stderr.contains("corrupt message"), "{stderr}");
    let ev = events(&rec);
    let head = ev
        .iter()
        .find(|e| e["type"] == "request_head" && e["method"] == "GET")
        .unwrap_or_else(|| panic!("{ev:#?}"));
    assert_eq!(head["url"], format!("http://{agent}/x"), "{head}");
    assert!(
        ev.iter()
            .any(|e| e["type"] == "exchange_end" && e["outcome"] == "complete"),
        "{ev:#?}"
    );
}

/// A minimal TLS 1.3 ClientHello (RFC 8446 §4.1.2) for `localhost`: x25519 key share (a
/// fixed public value), TLS_AES_128_GCM_SHA256, the extensions a rustls server needs.
fn tls13_client_hello() -> Vec<u8> {
    let ext = |ty: u16, body: &[u8]| -> Vec<u8> {
        let mut v = ty.to_be_bytes().to_vec();
        v.extend((body.len() as u16).to_be_bytes());
        v.extend(body);
        v
    };
    let host = b"localhost";
    let mut sni = ((host.len() + 3) as u16).to_be_bytes().to_vec();
    sni.push(0);
    sni.extend((host.len() as u16).to_be_bytes());
    sni.extend(host);
    let mut exts = Vec::new();
    exts.extend(ext(0x0000, &sni));
    exts.extend(ext(0x000a, &[0, 2, 0, 0x1d])); // supported_groups: x25519
    exts.extend(ext(0x000d, &[0, 4, 0x04, 0x03, 0x08, 0x04])); // signature_algorithms
    exts.extend(ext(0x002b, &[2, 0x03, 0x04])); // supported_versions: TLS 1.3
    let mut ks = vec![0, 36, 0, 0x1d, 0, 32];
    ks.extend([9u8; 32]);
    exts.extend(ext(0x0033, &ks)); // key_share
    let mut hello = vec![0x03, 0x03];
    hello.extend([7u8; 32]); // random
    hello.push(0); // session id
    hello.extend([0, 2, 0x13, 0x01]); // cipher suites
    hello.extend([1, 0]); // compression: null
    hello.extend((exts.len() as u16).to_be_bytes());
    hello.extend(exts);
    let mut hs = vec![1];
    hs.extend(&(hello.len() as u32).to_be_bytes()[1..]);
    hs.extend(hello);
    let mut rec = vec![22, 3, 1];
    rec.extend((hs.len() as u16).to_be_bytes());
    rec.extend(hs);
    rec
}

/// One request header limit whichever HTTP version the client speaks
/// ([`a2a_interop::proxy::REQUEST_HEADER_LIST_BYTES`], 64 KiB): an h2c client's 20 KiB
/// bearer token (a large JWT) is forwarded as over HTTP/1.1 (before: the proxy's HTTP/2
/// server kept hyper's 16 KiB and answered a bare 431, nothing recorded), and a 100 KiB
/// one is refused 431 by the proxy, saying which limit, over HTTP/2 and HTTP/1.1 alike,
/// recorded as refused; the other stream of the same h2 connection is answered.
#[tokio::test]
async fn request_headers_have_one_limit_over_http1_and_http2() {
    use crate::proxy_support as support;
    use std::sync::Arc;
    let handler: support::Handler = Arc::new(|req| {
        let auth = req.headers().get("authorization").map_or(0, |v| v.len());
        Box::pin(async move {
            hyper::Response::builder()
                .header("content-type", "text/plain")
                .body(support::full(format!("auth={auth}")))
                .unwrap()
        })
    });
    // an HTTP/1.1 agent (as uvicorn, Express): the h2c client's requests reach it over
    // HTTP/1.1, so only the proxy's limits are met (an h2c agent has its own)
    let up = support::serve_as(support::Speaks::Http1, handler).await;
    let (_dir, rec, pipeline, base) = support::start_recording_to(up).await;
    let h2 = hyper_util::client::legacy::Client::builder(hyper_util::rt::TokioExecutor::new())
        .http2_only(true)
        .build_http::<support::TBody>();
    let h1 = support::client_h1();
    let with_token = |n: usize| {
        let mut r = support::get(&format!("{base}/x"));
        r.headers_mut().insert(
            "authorization",
            format!("Bearer {}", "j".repeat(n)).parse().unwrap(),
        );
        r
    };
    for (name, client) in [("h2c", &h2), ("HTTP/1.1", &h1)] {
        let (status, _, body) = support::fetch(client, with_token(20 * 1024)).await;
        let body = String::from_utf8_lossy(&body).into_owned();
        assert_eq!(status, 200, "{name}: {body}");
        assert_eq!(body, format!("auth={}", 20 * 1024 + 7), "{name}");
        let (status, _, body) = support::fetch(client, with_token(100 * 1024)).await;
        let body = String::from_utf8_lossy(&body).into_owned();
        assert_eq!(status, 431, "{name}: {body}");
        assert!(
            body.contains("over the proxy's own limit of 64 KiB per request, the same for HTTP/1.1 and each HTTP/2 stream"),
            "{name}: {body}"
        );
        let (status, _, _) = support::fetch(client, support::get(&format!("{base}/y"))).await;
        assert_eq!(status, 200, "{name}: the connection still serves");
    }
    pipeline.finish().await.unwrap();
    let text = std::fs::read_to_string(&rec).unwrap();
    let refused: Vec<serde_json::Value> = text
        .lines()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap())
        .filter(|e| {
            e["type"] == "exchange_end"
                && e["error"]
                    .as_str()
                    .is_some_and(|m| m.contains("over the proxy's limit of 64 KiB per request"))
        })
        .collect();
    assert_eq!(refused.len(), 2, "{text}");
}

/// An h2c agent whose answer's header list decodes past the proxy's HTTP/2 client limit
/// ([`a2a_interop::proxy::H2_MAX_HEADER_LIST_BYTES`], 408 KiB: what an HPACK bomb runs
/// into; here five 100 KiB fields): the client's 502 and the recording say the proxy's own
/// HTTP/2 client refused the head, over its own limit, and that the agent did not fail;
/// the console gives no "crash in its handler" hint (before: "answered no valid HTTP
/// response: ... look at the agent's log for this request (a crash in its handler ...)").
#[tokio::test]
async fn an_h2c_agents_oversized_head_is_told_as_the_proxys_limit_not_a_crash() {
    use crate::proxy_support as support;
    use std::sync::Arc;
    let handler: support::Handler = Arc::new(|_req| {
        Box::pin(async move {
            let mut b = hyper::Response::builder().header("content-type", "application/json");
            for i in 0..5 {
                b = b.header(format!("x-big-{i}"), "b".repeat(100 * 1024));
            }
            b.body(support::full(&b"{}"[..])).unwrap()
        })
    });
    let up = support::serve_as(support::Speaks::H2c, handler).await;
    let (_dir, rec, pipeline, base) = support::start_recording_to(up).await;
    let h2 = hyper_util::client::legacy::Client::builder(hyper_util::rt::TokioExecutor::new())
        .http2_only(true)
        .build_http::<support::TBody>();
    let (status, _, body) = support::fetch(&h2, support::get(&format!("{base}/x"))).await;
    let body = String::from_utf8_lossy(&body).into_owned();
    assert_eq!(status, 502, "{body}");
    assert!(
        body.contains("the proxy's own HTTP/2 client reset this stream")
            && body.contains("own limit of 408 KiB")
            && !body.contains("crash"),
        "{body}"
    );
    pipeline.finish().await.unwrap();
    let text = std::fs::read_to_string(&rec).unwrap();
    assert!(
        text.lines().any(|l| l.contains("\"exchange_end\"")
            && l.contains("the agent answered and its process did not fail")),
        "{text}"
    );
}

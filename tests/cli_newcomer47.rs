//! newcomer47: an on-call engineer's first night with the tool (README, then `--help`,
//! docs/usage.md and tests/peers/README.md): `proxy` in front of the SDK agents for a 0.3
//! client, a gateway between two legs of one recording, `probe` as a CI gate, `repro`,
//! `export`, then bad input, closed pipes and signals. Real processes, real loopback
//! sockets, real files.
//!
//! - N4: the README's "the gateway breaks streaming" night: `tests/peers/misgateway45.py
//!   --mode sse-buffered` between the two legs (`proxy --listener upstream@...`) in front of
//!   the Python SDK agent, whose `slow` stream spreads its events over 0.75 to 1.0 s. The
//!   client got every event at once, 1 s late, with a Content-Length; the report said 0
//!   errors, 0 warnings: GW-SSE-001 needed the agent's events spread over 1 s or more.
//! - N9: `repro` of a HAR file cut short hinted "check the path" (`verify` says the file is
//!   not valid HAR 1.2 JSON at that place, cut short).
//! - N10: an `http://` upstream that speaks TLS, whose request went twice, got a live line
//!   whose hint ran into the resend note: `...; hint: use https://... or https:// in
//!   --route) (the request was sent twice: ...`, a stray `)`.
//! - N12: `verify A B | head -1`: exit 2, "cannot write text report to -: Broken pipe (os
//!   error 32); hint: check the -o path is a writable file", though no `-o` was given; one
//!   file piped so ends by its findings (exit 1), with no word.
//! - N15: `probe` and `interop` of an agent that serves 0.3 skipped two tests "(trap 6)" and
//!   "(digest §1: none in JSON-RPC ...)": the project's own notes on the spec, which no
//!   user has.
//! - N11: `--upstream-ca report.md` (a text file given by mistake): "no PEM certificate in
//!   the file (it is not PEM text: a binary DER file?)" and the `openssl -inform der` line.
//! - N16: `repro FILE --finding RULE -o - | head -1`: exit 2, "cannot write -: Broken pipe
//!   (os error 32); hint: check the -o path is a writable file" (`export -o -` ends quietly).
//! - N14: `proxy --listen ADDR --listener upstream@ADDR=URL` (the same port twice, a gateway
//!   set up in a hurry): "cannot listen on ADDR (--listener): address already in use; hint:
//!   stop the other process", the other process being this one.

use crate::harness;
use crate::proxy_process;
use crate::tls_agent;

use std::io::{BufRead, Read, Write};
use std::net::{SocketAddr, TcpListener, TcpStream};
use std::process::{Command, Stdio};
use std::time::Duration;

const BIN: &str = env!("CARGO_BIN_EXE_a2a-interop");

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// An A2A 1.0 agent on a loopback port whose every answer is a stream of five events
/// `gap` apart (a task, three working updates, completed), as the SDK agents' `slow` skill
/// streams: `gap` 200 ms spreads them over 0.8 s. Its address.
fn stream_agent(gap: Duration) -> SocketAddr {
    let l = TcpListener::bind("127.0.0.1:0").unwrap();
    let addr = l.local_addr().unwrap();
    std::thread::spawn(move || {
        for c in l.incoming() {
            let Ok(mut c) = c else { return };
            std::thread::spawn(move || {
                // the head, then the body its Content-Length names
                let mut buf = Vec::new();
                let mut b = [0u8; 4096];
                let need = loop {
                    let Ok(n) = c.read(&mut b) else { return };
                    if n == 0 {
                        return;
                    }
                    buf.extend_from_slice(&b[..n]);
                    if let Some(end) = buf.windows(4).position(|w| w == b"\r\n\r\n") {
                        let head = String::from_utf8_lossy(&buf[..end]).to_ascii_lowercase();
                        let len: usize = head
                            .lines()
                            .find_map(|l| l.strip_prefix("content-length:"))
                            .and_then(|v| v.trim().parse().ok())
                            .unwrap_or(0);
                        break end + 4 + len;
                    }
                };
                while buf.len() < need {
                    let Ok(n) = c.read(&mut b) else { return };
                    if n == 0 {
                        break;
                    }
                    buf.extend_from_slice(&b[..n]);
                }
                let task = r#"{"task":{"id":"t1","contextId":"c1","status":{"state":"TASK_STATE_SUBMITTED"}}}"#;
                let upd = |state: &str| {
                    format!(
                        r#"{{"statusUpdate":{{"taskId":"t1","contextId":"c1","status":{{"state":"{state}"}}}}}}"#
                    )
                };
                let events = [
                    task.to_string(),
                    upd("TASK_STATE_WORKING"),
                    upd("TASK_STATE_WORKING"),
                    upd("TASK_STATE_WORKING"),
                    upd("TASK_STATE_COMPLETED"),
                ];
                let _ = c.write_all(
                    b"HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n",
                );
                for (i, e) in events.iter().enumerate() {
                    if i > 0 {
                        std::thread::sleep(gap);
                    }
                    let _ = c.write_all(
                        format!("data: {{\"jsonrpc\":\"2.0\",\"id\":2,\"result\":{e}}}\n\n")
                            .as_bytes(),
                    );
                    let _ = c.flush();
                }
            });
        }
    });
    addr
}

/// N4: a gateway that reads the whole stream before it passes it on (misgateway45
/// `sse-buffered`), between the two legs of one recording, in front of an agent that
/// streams five events 200 ms apart (0.8 s, the SDK agents' `slow` skill's spread): the
/// client gets them all in one burst 0.8 s late, and the live GW-SSE-001 line says the
/// gateway held the stream back (it said nothing: the rule wanted 1 s of spread).
#[test]
fn a_gateway_that_buffers_a_stream_under_a_second_long_is_told() {
    if !harness::peers_available(
        "a_gateway_that_buffers_a_stream_under_a_second_long_is_told",
        &[harness::Sdk::Python],
    ) {
        return;
    }
    let agent = stream_agent(Duration::from_millis(200));
    let d = tempfile::tempdir().unwrap();
    let rec = d.path().join("gw.jsonl");
    // the gateway names the front and the listener: their ports are picked first, and
    // started again on others when one was taken before the proxy bound it
    let (mut gw, mut proxy, mut stderr, p1) = harness::gateway_and_proxy(
        "sse-buffered",
        &agent.to_string(),
        &["--record".as_ref(), rec.as_os_str()],
    );
    let body = r#"{"jsonrpc":"2.0","id":2,"method":"SendStreamingMessage","params":{"message":{"role":"ROLE_USER","messageId":"m2","parts":[{"text":"slow streamed"}]}}}"#;
    let mut c = TcpStream::connect(("127.0.0.1", p1)).unwrap();
    c.set_read_timeout(Some(Duration::from_secs(60))).unwrap();
    write!(
        c,
        "POST / HTTP/1.1\r\nHost: 127.0.0.1:{p1}\r\nContent-Type: application/json\r\nA2A-Version: 1.0\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    )
    .unwrap();
    let mut resp = String::new();
    c.read_to_string(&mut resp).unwrap();
    // the gateway's burst: the whole stream with a Content-Length, not chunked
    assert!(resp.starts_with("HTTP/1.1 200"), "{resp}");
    assert!(
        resp.to_ascii_lowercase().contains("content-length:"),
        "{resp}"
    );
    assert!(resp.contains("TASK_STATE_COMPLETED"), "{resp}");
    let _ = Command::new("kill")
        .args(["-TERM", &proxy.id().to_string()])
        .status();
    let mut rest = String::new();
    stderr.read_to_string(&mut rest).unwrap();
    proxy.wait().unwrap();
    let _ = gw.kill();
    let _ = gw.wait();
    let line = rest
        .lines()
        .find(|l| l.starts_with("warning[GW-SSE-001]"))
        .unwrap_or_else(|| panic!("no GW-SSE-001 line: {rest}"));
    assert!(
        line.contains("[legs upstream, client]: gateway held the stream back and passed it on in one burst: 5 events the agent sent over 0.8 s on the upstream leg"),
        "{line}"
    );
    // and the recording, judged offline, says the same
    let out = Command::new(BIN)
        .arg("verify")
        .arg(&rec)
        .env("NO_COLOR", "1")
        .output()
        .unwrap();
    let so = text(&out.stdout);
    assert!(so.contains("warning[GW-SSE-001]"), "{so}");
}

/// N12: `verify` of several files into a pipe its reader has closed (`| head -1`) ends as
/// one file does: by its findings (exit 1: both captures hold an error), with no word of
/// a broken pipe or of an `-o` path no one gave (it said exit 2, "cannot write text report
/// to -: Broken pipe (os error 32); hint: check the -o path is a writable file").
#[test]
fn verify_of_several_files_into_a_closed_pipe_ends_by_its_findings() {
    let root = env!("CARGO_MANIFEST_DIR");
    let files = [
        format!("{root}/tests/captures/js-to-python-rest-v0.3.jsonl"),
        format!("{root}/tests/captures/js-to-python-jsonrpc-v0.3.jsonl"),
    ];
    let run = |files: &[String]| {
        let mut child = Command::new(BIN)
            .arg("verify")
            .args(files)
            .env("NO_COLOR", "1")
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        // the reader goes away before the first line is written
        drop(child.stdout.take());
        let out = child.wait_with_output().unwrap();
        (out.status.code(), text(&out.stderr))
    };
    let (one, one_err) = run(&files[..1]);
    assert_eq!(one, Some(1), "{one_err}");
    let (two, err) = run(&files);
    assert_eq!(two, Some(1), "{err}");
    assert!(!err.contains("Broken pipe"), "{err}");
    assert!(!err.contains("-o path"), "{err}");
}

/// N16: `repro ... -o -` into a pipe its reader has closed ends quietly (exit 0), as
/// `export -o -` does, not exit 2 naming a broken pipe and an `-o` path to check.
#[test]
fn repro_to_a_closed_pipe_ends_quietly() {
    let root = env!("CARGO_MANIFEST_DIR");
    let run = |cmd: &[&str]| {
        let mut child = Command::new(BIN)
            .args(cmd)
            .env("NO_COLOR", "1")
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        drop(child.stdout.take());
        let out = child.wait_with_output().unwrap();
        (out.status.code(), text(&out.stderr))
    };
    let rec = format!("{root}/tests/captures/js-to-python-rest-v0.3.jsonl");
    let (code, err) = run(&["export", &rec, "-o", "-"]);
    assert_eq!(code, Some(0), "{err}");
    let (code, err) = run(&["repro", &rec, "--finding", "REST-ERROR-001", "-o", "-"]);
    assert_eq!(code, Some(0), "{err}");
    assert!(!err.contains("Broken pipe"), "{err}");
    assert!(!err.contains("-o path"), "{err}");
}

/// N14: a `--listener` on the `--listen` address (or on another `--listener`'s) is refused
/// before any bind, naming the flag that holds the port, not "address already in use;
/// hint: stop the other process" (the other process was this proxy).
#[test]
fn a_listener_on_the_listen_port_is_named_as_that() {
    let d = tempfile::tempdir().unwrap();
    let port = harness::free_port();
    let out = Command::new(BIN)
        .args(["proxy", "--listen", &format!("127.0.0.1:{port}")])
        .args(["--upstream", "http://127.0.0.1:9"])
        .args([
            "--listener",
            &format!("upstream@127.0.0.1:{port}=http://127.0.0.1:9"),
        ])
        .arg("--record")
        .arg(d.path().join("r.jsonl"))
        .env("NO_COLOR", "1")
        .output()
        .unwrap();
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(
        err.contains(&format!(
            "127.0.0.1:{port} is where --listen listens already"
        )),
        "{err}"
    );
    assert!(err.contains("each leg needs a port of its own"), "{err}");
    assert!(!err.contains("stop the other process"), "{err}");
    assert!(!d.path().join("r.jsonl").exists());
    // two --listener on one port: the second names the first
    let other = harness::free_port();
    let out = Command::new(BIN)
        .args(["proxy", "--listen", &format!("127.0.0.1:{port}")])
        .args(["--upstream", "http://127.0.0.1:9"])
        .args([
            "--listener",
            &format!("a@127.0.0.1:{other}=http://127.0.0.1:9"),
            "--listener",
            &format!("b@127.0.0.1:{other}=http://127.0.0.1:9"),
        ])
        .arg("--no-record")
        .env("NO_COLOR", "1")
        .output()
        .unwrap();
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(
        err.contains(&format!(
            "127.0.0.1:{other} is where --listener a@... listens already"
        )),
        "{err}"
    );
}

/// N9: `repro` of a HAR file cut short says what `verify` says of it (not valid HAR 1.2
/// JSON at that place, cut short), not "check the path".
#[test]
fn repro_of_a_har_cut_short_says_so() {
    let d = tempfile::tempdir().unwrap();
    let har = d.path().join("cut.har");
    std::fs::write(
        &har,
        r#"{"log":{"version":"1.2","creator":{"name":"x","version":"1"},"entries":[{"startedDateTime":"2026-12-06T11:00:00Z","request":{"method":"GET","url":"http://a/.well-k"#,
    )
    .unwrap();
    let out = Command::new(BIN)
        .args(["repro"])
        .arg(&har)
        .args(["--finding", "CARD-CACHE-001", "-o"])
        .arg(d.path().join("min.jsonl"))
        .env("NO_COLOR", "1")
        .output()
        .unwrap();
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("cannot read HAR"), "{err}");
    assert!(err.contains("a file cut short cannot be read"), "{err}");
    assert!(!err.contains("check the path"), "{err}");
}

/// A TLS server on a loopback port that closes a connection whose first byte is no TLS
/// handshake record without a word (OpenSSL's way, Python's `ssl` server's: no alert), and
/// completes the handshake of any other. Its address.
fn silent_tls_server(dir: &std::path::Path) -> SocketAddr {
    let acceptor = tls_agent::self_signed_acceptor(&["127.0.0.1"], &[], &dir.join("agent.pem"));
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let rt = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .unwrap();
        rt.block_on(async move {
            let l = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
            tx.send(l.local_addr().unwrap()).unwrap();
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
    });
    rx.recv().unwrap()
}

/// N10: the live line of a card fetch through an `http://` upstream that speaks TLS (and
/// closes plain connections without a word), which the proxy sent twice (its first
/// connection closed unanswered), keeps its hint last and whole: `; hint: use
/// https://HOST:PORT as the upstream: ... or https:// in --route`, with the resend note
/// before it, not a `)` and the note after it.
#[test]
fn the_tls_port_hint_is_the_end_of_its_line() {
    let d = tempfile::tempdir().unwrap();
    let agent = silent_tls_server(d.path());
    let mut proxy = Command::new(BIN)
        .args(["proxy", "--listen", "127.0.0.1:0"])
        .args(["--upstream", &format!("http://{agent}")])
        .arg("--no-record")
        .current_dir(d.path())
        .env("NO_COLOR", "1")
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stderr = std::io::BufReader::new(proxy.stderr.take().unwrap());
    let mut seen = Vec::new();
    let addr = loop {
        let mut l = String::new();
        assert!(stderr.read_line(&mut l).unwrap() > 0, "no banner: {seen:?}");
        if let Some(a) = l
            .trim()
            .strip_prefix("a2a-interop proxy listening on http://")
        {
            break a.to_string();
        }
        seen.push(l);
    };
    // the start-up check's warning comes before the first request
    loop {
        let mut l = String::new();
        assert!(
            stderr.read_line(&mut l).unwrap() > 0,
            "no warning: {seen:?}"
        );
        if l.contains("speaks TLS") {
            break;
        }
        seen.push(l);
    }
    let mut c = TcpStream::connect(&addr).unwrap();
    c.set_read_timeout(Some(Duration::from_secs(30))).unwrap();
    write!(
        c,
        "GET /.well-known/agent-card.json HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n"
    )
    .unwrap();
    let mut resp = String::new();
    c.read_to_string(&mut resp).unwrap();
    assert!(resp.starts_with("HTTP/1.1 502"), "{resp}");
    let _ = Command::new("kill")
        .args(["-TERM", &proxy.id().to_string()])
        .status();
    let mut rest = String::new();
    stderr.read_to_string(&mut rest).unwrap();
    proxy.wait().unwrap();
    let line = rest
        .lines()
        .find(|l| l.starts_with("upstream-error e1:"))
        .unwrap_or_else(|| panic!("no upstream-error line: {rest}"));
    let (cause, hint) = line
        .split_once("; hint: ")
        .unwrap_or_else(|| panic!("no hint: {line}"));
    assert!(
        hint.starts_with(&format!("use https://{agent} as the upstream")),
        "{line}"
    );
    assert!(hint.ends_with("or https:// in --route"), "{line}");
    // the resend, when it happened, is said in the cause, whole
    if line.contains("sent twice") {
        assert!(cause.contains("(the request was sent twice: "), "{line}");
        assert!(cause.ends_with("RFC 9112 §9.3.1.1)"), "{line}");
    }
}

/// N15: the skip reasons of `probe` on an agent that serves 0.3 (the reference agent) say
/// what 0.3 lacks in the spec's words, not in the project's notes ("trap 6", "digest §1").
#[test]
fn probe_skip_reasons_cite_no_private_notes() {
    let (_agent, url) = proxy_process::reference_agent();
    let out = Command::new(BIN)
        .args(["probe", &url])
        .env("NO_COLOR", "1")
        .output()
        .unwrap();
    let so = text(&out.stdout);
    let line = so
        .lines()
        .find(|l| l.starts_with("skip  errors.subscribe-terminal [0.3]"))
        .unwrap_or_else(|| panic!("no 0.3 subscribe-terminal skip: {so}"));
    assert!(
        line.contains("0.3 names no error for a resubscribe to a finished task"),
        "{line}"
    );
    let line = so
        .lines()
        .find(|l| l.starts_with("skip  lifecycle.list-tasks [0.3]"))
        .unwrap_or_else(|| panic!("no 0.3 list-tasks skip: {so}"));
    assert!(
        line.contains("0.3 has no ListTasks method (none among its JSON-RPC methods"),
        "{line}"
    );
    for l in so.lines() {
        assert!(!l.contains("trap ") && !l.contains("digest §"), "{l}");
    }
}

/// N11: a text file given as the CA (`--upstream-ca`, `probe --ca`) is said to be text with
/// no certificate in it, not asked whether it is "a binary DER file" with the `openssl
/// -inform der` conversion, which would fail on it.
#[test]
fn a_text_file_given_as_the_ca_is_said_to_be_text() {
    let d = tempfile::tempdir().unwrap();
    let md = d.path().join("report.md");
    std::fs::write(
        &md,
        "# A2A interoperability report\n\n- **source:** `a.jsonl`\n",
    )
    .unwrap();
    let md = md.to_str().unwrap();
    for args in [
        vec![
            "proxy",
            "--listen",
            "127.0.0.1:0",
            "--upstream",
            "https://127.0.0.1:9",
            "--no-record",
            "--upstream-ca",
            md,
        ],
        vec!["probe", "https://127.0.0.1:9/", "--ca", md],
    ] {
        let out = Command::new(BIN)
            .args(&args)
            .env("NO_COLOR", "1")
            .output()
            .unwrap();
        let err = text(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(
            err.contains(&format!(
                "{md}: no PEM certificate in the file (it is text with no -----BEGIN line: no certificate or key at all); hint: "
            )),
            "{args:?}: {err}"
        );
        assert!(!err.contains("DER"), "{args:?}: {err}");
    }
}

//! breaker9a items about what the binary says (B13, B14, B16, B19, B20, B24): a CONNECT
//! sent to a reverse proxy, the target of a forward-mode report, repeated live notes, the
//! address of a `--listener` in use, a `--ca` file that holds no certificate, a hint that
//! names the command typed. Real processes, real loopback sockets, real files.

use crate::proxy_process;
use crate::proxy_support as support;

use std::io::{Read, Write};
use std::net::SocketAddr;
use std::process::Command;
use std::sync::{Arc, OnceLock};
use std::time::Duration;

use proxy_process::spawn_until_listening;
use support::*;

const BIN: &str = env!("CARGO_BIN_EXE_a2a-interop");

fn stderr_of(o: &std::process::Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// `HTTPS_PROXY` pointed at a proxy without `--forward`: 405 and a sentence saying so,
/// not "no route for path " (B13).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn connect_to_a_reverse_proxy_says_it_is_not_a_forward_proxy() {
    let up = echo_server("agent").await;
    let dir = tempfile::tempdir().unwrap();
    let rec = dir.path().join("c.jsonl");
    let run = spawn_until_listening(
        Command::new(BIN)
            .args(["proxy", "--listen", "127.0.0.1:0", "--upstream"])
            .arg(format!("http://{up}"))
            .arg("--record")
            .arg(&rec),
        Duration::from_secs(20),
    );
    let addr = run.addr.trim_end_matches('/').to_string();
    let answer = tokio::task::spawn_blocking(move || {
        let mut s = std::net::TcpStream::connect(&addr).unwrap();
        s.write_all(b"CONNECT example.test:443 HTTP/1.1\r\nhost: example.test:443\r\n\r\n")
            .unwrap();
        s.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
        let mut buf = vec![0u8; 4096];
        let n = s.read(&mut buf).unwrap();
        String::from_utf8_lossy(&buf[..n]).into_owned()
    })
    .await
    .unwrap();
    let all = run.terminate();
    assert!(answer.starts_with("HTTP/1.1 405"), "{answer}");
    assert!(
        answer.contains("CONNECT example.test:443: this proxy runs in reverse mode")
            && answer.contains("start it with --forward"),
        "{answer}"
    );
    assert!(!all.contains("no route for path"), "{all}");
    let text = std::fs::read_to_string(&rec).unwrap();
    assert!(
        text.contains("CONNECT example.test:443 sent to a reverse-mode proxy (no --forward)"),
        "{text}"
    );
}

/// A forward-mode `--report` names the proxy, not an empty target (B14).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_forward_mode_report_names_its_target() {
    let up = echo_server("agent").await;
    let dir = tempfile::tempdir().unwrap();
    let report = dir.path().join("fwd.md");
    let rec = dir.path().join("fwd.jsonl");
    let run = spawn_until_listening(
        Command::new(BIN)
            .args([
                "proxy",
                "--forward",
                "--listen",
                "127.0.0.1:0",
                "--allow-host",
                "127.0.0.1",
                "--record",
            ])
            .arg(&rec)
            .arg("--report")
            .arg(&report),
        Duration::from_secs(20),
    );
    let proxy = run.addr.trim_end_matches('/').to_string();
    tokio::task::spawn_blocking(move || {
        let mut s = std::net::TcpStream::connect(&proxy).unwrap();
        s.write_all(
            format!("GET http://{up}/x HTTP/1.1\r\nhost: {up}\r\nconnection: close\r\n\r\n")
                .as_bytes(),
        )
        .unwrap();
        let mut out = Vec::new();
        s.read_to_end(&mut out).unwrap();
        assert!(
            out.starts_with(b"HTTP/1.1 200"),
            "{}",
            String::from_utf8_lossy(&out)
        );
    })
    .await
    .unwrap();
    run.terminate();
    let md = std::fs::read_to_string(&report).unwrap();
    assert!(
        md.contains(&format!("(target `forward proxy to http://{up}`)")),
        "{md}"
    );
}

/// The live stderr prints a note repeated on every Agent Card fetch once, then one line
/// counting the repeats (B16: an SDK client fetching the card before every call).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_note_repeated_on_every_card_fetch_prints_once() {
    // the card advertises the agent's own address: clients following it bypass the proxy
    let own: Arc<OnceLock<SocketAddr>> = Arc::new(OnceLock::new());
    let seen = own.clone();
    let up = serve(Arc::new(move |_req| {
        let at = *seen.get().unwrap();
        Box::pin(async move {
            let card = format!(r#"{{"name":"a","description":"d","version":"1","supportedInterfaces":[{{"url":"http://{at}/a2a","protocolBinding":"JSONRPC","protocolVersion":"1.0"}}],"capabilities":{{}},"defaultInputModes":["text/plain"],"defaultOutputModes":["text/plain"],"skills":[{{"id":"s","name":"s","description":"d","tags":["t"]}}]}}"#);
            hyper::Response::builder()
                .header("content-type", "application/json")
                // caching done right (CARD-009): the one note is the bypass
                .header("cache-control", "public, max-age=300")
                .header("etag", "\"card-v1\"")
                .body(full(card))
                .unwrap()
        })
    }))
    .await;
    own.set(up).unwrap();
    let run = spawn_until_listening(
        Command::new(BIN)
            .args([
                "proxy",
                "--listen",
                "127.0.0.1:0",
                "--no-record",
                "--upstream",
            ])
            .arg(format!("http://{up}")),
        Duration::from_secs(20),
    );
    let proxy = run.addr.trim_end_matches('/').to_string();
    tokio::task::spawn_blocking(move || {
        for _ in 0..5 {
            let mut s = std::net::TcpStream::connect(&proxy).unwrap();
            s.write_all(
                format!("GET /.well-known/agent-card.json HTTP/1.1\r\nhost: {proxy}\r\nconnection: close\r\n\r\n").as_bytes(),
            )
            .unwrap();
            let mut out = Vec::new();
            s.read_to_end(&mut out).unwrap();
            assert!(out.starts_with(b"HTTP/1.1 200"), "{}", String::from_utf8_lossy(&out));
        }
    })
    .await
    .unwrap();
    let all = run.terminate();
    let lines: Vec<&str> = all
        .lines()
        .filter(|l| l.starts_with("note[") || l.starts_with("warning["))
        .collect();
    assert_eq!(lines.len(), 1, "{all}");
    assert!(
        all.contains("a2a-interop proxy: 4 repeated note/warning lines not printed again ("),
        "{all}"
    );
}

/// A `--listener` whose port is taken is named as such, not as the free `--listen` (B19).
#[test]
fn a_listener_port_in_use_is_named() {
    let taken = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let taken_addr = taken.local_addr().unwrap();
    // The free --listen is port 0 (the proxy binds a port of its own: a port picked here
    // and released could be taken by another test before the proxy binds it); the upstream
    // and the listener's target are held, refusing ports, never the taken one.
    let (up, target) = (dead_port(), dead_port());
    let o = Command::new(BIN)
        .args(["proxy", "--listen", "127.0.0.1:0", "--upstream"])
        .arg(format!("http://{up}"))
        .arg("--listener")
        .arg(format!("up@{taken_addr}=http://{target}"))
        .arg("--no-record")
        .output()
        .unwrap();
    let err = stderr_of(&o);
    assert_eq!(o.status.code(), Some(2), "{err}");
    // the port is held by this test process: the message names it (lead55)
    let me = std::process::id();
    assert!(
        err.contains(&format!(
            "cannot listen on {taken_addr} (--listener): address already in use by process {me} ("
        )) && err.contains(&format!(
            "; hint: stop it (kill {me}) or pick another port for that --listener"
        )),
        "{err}"
    );
    assert!(!err.contains("pick another --listen port"), "{err}");
}

/// `probe --ca` / `interop --ca` with a file that is no certificate: the flag the user gave,
/// before anything starts (B20).
#[test]
fn a_ca_file_without_a_certificate_is_named_under_its_own_flag() {
    let dir = tempfile::tempdir().unwrap();
    let key = dir.path().join("key.pem");
    std::fs::write(
        &key,
        "-----BEGIN PRIVATE KEY-----\nMC4CAQAwBQYDK2VwBCIEIA==\n-----END PRIVATE KEY-----\n",
    )
    .unwrap();
    let port = dead_port();
    for args in [
        vec!["probe".to_string(), format!("https://{port}/")],
        vec![
            "interop".to_string(),
            format!("https://{port}/"),
            format!("https://{}/", dead_port()),
        ],
    ] {
        let o = Command::new(BIN)
            .args(&args)
            .arg("--ca")
            .arg(&key)
            .output()
            .unwrap();
        let err = stderr_of(&o);
        assert_eq!(o.status.code(), Some(2), "{err}");
        assert_eq!(
            err.trim_end(),
            format!(
                "a2a-interop: --ca {}: no PEM certificate in the file (it holds a private key); hint: give the agent's certificate or the CA that signed it, in PEM (-----BEGIN CERTIFICATE-----), never a private key",
                key.display()
            )
        );
    }
}

/// An error without a hint of its own names the command typed, not `<command>` (B24).
#[test]
fn the_generic_hint_names_the_command() {
    let o = Command::new(BIN)
        .args(["report", "/nonexistent/dir/x.jsonl"])
        .output()
        .unwrap();
    let err = stderr_of(&o);
    assert!(!err.contains("<command>"), "{err}");
    let o = Command::new(BIN)
        .args([
            "proxy",
            "--upstream",
            "http://127.0.0.1:1",
            "--insecure-upstream",
        ])
        .output()
        .unwrap();
    let err = stderr_of(&o);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(err.contains("there is neither; hint: "), "{err}");
}

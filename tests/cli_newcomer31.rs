//! newcomer31: what a newcomer hit putting the proxy in front of the SDK agents at 2 a.m.
//! An agent given to the proxy as `--upstream http://localhost:PORT` whose card names
//! `http://127.0.0.1:PORT` (every SDK agent of tests/peers does, by default) got a
//! CARD-URL-009 warning blaming the agent's card for going "around" the proxy, and no word
//! of `--rewrite-card`, while `--rewrite-card` treats the two names as one (N1); a
//! recording compressed with zstd, xz or bzip2 was "not a recording" with no word of the
//! compression, where gzip is named (N2); a HAR file with no entries got a hint about
//! `--upstream` and `--intercept-tls`, flags of a tool that did not write it (N3).
//! Real processes, small real agents on loopback sockets, real files.

use crate::proxy_process;

use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::path::Path;
use std::process::Command;
use std::time::Duration;

use proxy_process::{card_only_agent, run_in, spawn_until_listening};

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// A 1.0 Agent Card naming `base` for its JSON-RPC and HTTP+JSON interfaces, as the SDK
/// agents of tests/peers serve it (their own `http://127.0.0.1:PORT` by default).
fn card(base: &str) -> String {
    serde_json::json!({
        "name": "n31 agent",
        "description": "names its own address",
        "version": "1.0.0",
        "supportedInterfaces": [
            {"url": format!("{base}/"), "protocolBinding": "JSONRPC", "protocolVersion": "1.0"},
            {"url": format!("{base}/rest"), "protocolBinding": "HTTP+JSON", "protocolVersion": "1.0"}
        ],
        "capabilities": {"streaming": true, "pushNotifications": false},
        "defaultInputModes": ["text/plain"],
        "defaultOutputModes": ["text/plain"],
        "skills": [{"id": "echo", "name": "Echo", "description": "echo", "tags": ["echo"], "examples": ["echo hello"]}]
    })
    .to_string()
}

/// `GET /.well-known/agent-card.json` through the proxy at `addr`: the whole answer.
fn fetch_card(addr: SocketAddr) -> String {
    let mut s = TcpStream::connect(addr).unwrap();
    s.set_read_timeout(Some(Duration::from_secs(20))).unwrap();
    write!(
        s,
        "GET /.well-known/agent-card.json HTTP/1.1\r\nHost: {addr}\r\nAccept: application/json\r\nConnection: close\r\n\r\n"
    )
    .unwrap();
    let mut out = String::new();
    s.read_to_string(&mut out).unwrap();
    assert!(out.starts_with("HTTP/1.1 200"), "{out}");
    out
}

/// A small real HTTP/1.1 server on a free loopback port serving, on every request, a card
/// that names its own port under the host name `card_host`: its port.
fn self_naming_agent(card_host: &str) -> u16 {
    let l = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = l.local_addr().unwrap().port();
    let body = card(&format!("http://{card_host}:{port}"));
    std::thread::spawn(move || {
        for conn in l.incoming() {
            let Ok(mut s) = conn else { continue };
            let mut r = std::io::BufReader::new(s.try_clone().unwrap());
            loop {
                let mut h = String::new();
                if std::io::BufRead::read_line(&mut r, &mut h).unwrap_or(0) == 0 || h == "\r\n" {
                    break;
                }
            }
            let _ = write!(
                s,
                "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
                body.len()
            );
        }
    });
    port
}

/// The proxy in front of a [`self_naming_agent`] reached as `upstream_host`, its card
/// naming the same port under `card_host`; the card fetched once through it, the proxy
/// stopped. Returns the proxy's stderr (live lines, not `-q`) and `verify`'s output.
fn card_through_proxy(upstream_host: &str, card_host: &str) -> (String, String) {
    let agent = self_naming_agent(card_host);
    let dir = tempfile::tempdir().unwrap();
    let rec = dir.path().join("lh.jsonl");
    let run = spawn_until_listening(
        Command::new(env!("CARGO_BIN_EXE_a2a-interop"))
            .args(["proxy", "--listen", "127.0.0.1:0", "--upstream"])
            .arg(format!("http://{upstream_host}:{agent}"))
            .arg("--record")
            .arg(&rec)
            .env("NO_COLOR", "1"),
        Duration::from_secs(30),
    );
    let addr: SocketAddr = run.addr.trim_end_matches('/').parse().unwrap();
    fetch_card(addr);
    let stderr = run.terminate();
    let o = run_in(dir.path(), &["verify", "lh.jsonl"]);
    (stderr, format!("{}{}", text(&o.stdout), text(&o.stderr)))
}

/// N1: `--upstream http://localhost:PORT`, the agent's card naming
/// `http://127.0.0.1:PORT` (the SDK agents' default). That is the proxy's own upstream
/// under another loopback name: a client that follows the card calls the agent directly,
/// around the recorder, and `--rewrite-card` is the fix (CARD-URL-005 and its hint). It was
/// CARD-URL-009, a warning against the agent's card ("go around http://127.0.0.1:<proxy>
/// (its TLS, authentication, routing ...)"), and no word of `--rewrite-card`.
#[test]
fn n1_a_card_naming_the_upstream_as_127_0_0_1_behind_localhost_is_card_url_005() {
    let (stderr, out) = card_through_proxy("localhost", "127.0.0.1");
    assert!(!stderr.contains("CARD-URL-009"), "{stderr}");
    assert!(
        stderr
            .lines()
            .any(|l| l.starts_with("note[CARD-URL-005]") && l.contains("the proxy's upstream")),
        "{stderr}"
    );
    assert!(
        stderr.contains("restart with --rewrite-card"),
        "no hint naming --rewrite-card: {stderr}"
    );
    assert!(!out.contains("CARD-URL-009"), "{out}");
    assert!(out.contains("note[CARD-URL-005]"), "{out}");
    assert!(out.contains("0 errors, 0 warnings"), "{out}");
}

/// N1, the other way round: `--upstream http://127.0.0.1:PORT`, the card naming
/// `http://localhost:PORT`.
#[test]
fn n1_a_card_naming_the_upstream_as_localhost_behind_127_0_0_1_is_card_url_005() {
    let (stderr, out) = card_through_proxy("127.0.0.1", "localhost");
    assert!(!stderr.contains("CARD-URL-009"), "{stderr}");
    assert!(stderr.contains("note[CARD-URL-005]"), "{stderr}");
    assert!(!out.contains("CARD-URL-009"), "{out}");
    assert!(out.contains("0 errors, 0 warnings"), "{out}");
}

/// N1 control: a card naming another port of the loopback host (not the upstream's) is
/// still a way around the proxy the agent's card takes: CARD-URL-009 stays.
#[test]
fn n1_control_another_loopback_port_is_still_card_url_009() {
    let other = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let other_port = other.local_addr().unwrap().port();
    let agent = card_only_agent(card(&format!("http://127.0.0.1:{other_port}")));
    let dir = tempfile::tempdir().unwrap();
    let rec = dir.path().join("other.jsonl");
    let run = spawn_until_listening(
        Command::new(env!("CARGO_BIN_EXE_a2a-interop"))
            .args(["proxy", "--listen", "127.0.0.1:0", "--upstream"])
            .arg(format!("http://localhost:{}", agent.port()))
            .arg("--record")
            .arg(&rec)
            .env("NO_COLOR", "1"),
        Duration::from_secs(30),
    );
    let addr: SocketAddr = run.addr.trim_end_matches('/').parse().unwrap();
    fetch_card(addr);
    run.terminate();
    let o = run_in(dir.path(), &["verify", "other.jsonl"]);
    let out = format!("{}{}", text(&o.stdout), text(&o.stderr));
    assert!(out.contains("warning[CARD-URL-009]"), "{out}");
    drop(other);
}

/// `verify FILE` in `dir`: exit code and stderr.
fn verify_err(dir: &Path, file: &str) -> (Option<i32>, String) {
    let o = run_in(dir, &["verify", file]);
    (o.status.code(), text(&o.stderr))
}

/// N2: a recording compressed with zstd, xz or bzip2 (logrotate's `compresscmd`, log
/// shippers) is named as such, with the command that decompresses it to `verify -`, as
/// a gzip-compressed one is; it was "not a recording ... (first line is neither ...)".
#[test]
fn n2_a_zstd_xz_or_bzip2_recording_is_named_with_its_decompressor() {
    let dir = tempfile::tempdir().unwrap();
    let cases: [(&str, &[u8], &str); 3] = [
        (
            "r.jsonl.zst",
            &[0x28, 0xb5, 0x2f, 0xfd, 0x24, 0x10, 0x81, 0x00],
            "it is zstd-compressed (decompress it first: zstd -dc FILE | a2a-interop verify -)",
        ),
        (
            "r.jsonl.xz",
            &[0xfd, b'7', b'z', b'X', b'Z', 0x00, 0x00, 0x04],
            "it is xz-compressed (decompress it first: xz -dc FILE | a2a-interop verify -)",
        ),
        (
            "r.jsonl.bz2",
            b"BZh91AY&SY\x00\x01",
            "it is bzip2-compressed (decompress it first: bzip2 -dc FILE | a2a-interop verify -)",
        ),
    ];
    for (name, bytes, want) in cases {
        std::fs::write(dir.path().join(name), bytes).unwrap();
        let (code, err) = verify_err(dir.path(), name);
        assert_eq!(code, Some(2), "{name}: {err}");
        assert!(err.contains(want), "{name}: {err}");
        assert!(
            err.contains("hint: verify reads the uncompressed file"),
            "{name}: {err}"
        );
    }
    // a text file that starts "BZh" is not bzip2
    std::fs::write(dir.path().join("bzh.jsonl"), b"BZhello\n").unwrap();
    let (_, err) = verify_err(dir.path(), "bzh.jsonl");
    assert!(!err.contains("compressed"), "{err}");
}

/// N3: a HAR file with no entries (saved from the wrong browser tab, or before the calls)
/// got "hint: record traffic that reaches the agent (reverse mode: is --upstream right
/// ...? forward mode with HTTPS clients: --intercept-tls)", flags of the proxy, which did
/// not write it. Now the hint says how to export the HAR again.
#[test]
fn n3_an_empty_har_gets_a_hint_about_exporting_it_again() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("tab.har"),
        br#"{"log":{"version":"1.2","creator":{"name":"WebInspector","version":"537.36"},"pages":[],"entries":[]}}"#,
    )
    .unwrap();
    let (code, err) = verify_err(dir.path(), "tab.har");
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("nothing was verified in tab.har"), "{err}");
    assert!(!err.contains("--upstream"), "{err}");
    assert!(err.contains("export the HAR again"), "{err}");
}

/// N4: `export FILE -o out/` and `repro FILE ... -o out/` (a directory) said "check the
/// --har path is a writable file" (a flag not typed) and "check the -o path is a writable
/// file", where `report -o out/` names a file path in it. Now both do, after the input's
/// name for the HAR and `min.jsonl` for the cut.
#[test]
fn n4_export_and_repro_to_a_directory_name_a_file_in_it() {
    let dir = tempfile::tempdir().unwrap();
    let case = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/cases/variants/n30-N1-v10-card-http-interface-on-another-loopback-port.jsonl");
    std::fs::copy(&case, dir.path().join("card.jsonl")).unwrap();
    std::fs::create_dir(dir.path().join("out")).unwrap();
    let o = run_in(dir.path(), &["export", "card.jsonl", "-o", "out/"]);
    let err = text(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(
        err.contains("hint: -o names a directory; give a file path in it, e.g. -o out/card.har"),
        "{err}"
    );
    let o = run_in(
        dir.path(),
        &[
            "repro",
            "card.jsonl",
            "--finding",
            "CARD-URL-009",
            "-o",
            "out/",
        ],
    );
    let err = text(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(
        err.contains("hint: -o names a directory; give a file path in it, e.g. -o out/min.jsonl"),
        "{err}"
    );
    // the path the hint names works
    let o = run_in(dir.path(), &["export", "card.jsonl", "-o", "out/card.har"]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
}

/// N5: the SDK agents started with `A2A_HOST=0.0.0.0` advertise `http://0.0.0.0:PORT`, the
/// address they listen on. Through the proxy (`--upstream http://127.0.0.1:PORT`) nothing
/// was said, while the JS SDK client followed the card to 0.0.0.0 (on Linux this host) and
/// went around the recorder; `--rewrite-card` refused the card ("NOT rewritten"). Now the
/// card gets CARD-URL-011 (the agent's fault: a bind address is no destination) and
/// CARD-URL-005 with its `--rewrite-card` hint (the recorder is bypassed), and
/// `--rewrite-card` maps the bind-all URL at the upstream's port to the proxy.
#[test]
fn n5_a_card_naming_the_bind_all_address_is_said_and_rewritten() {
    let (stderr, out) = card_through_proxy("127.0.0.1", "0.0.0.0");
    assert!(
        stderr
            .lines()
            .any(|l| l.starts_with("warning[CARD-URL-011]") && l.contains("http://0.0.0.0:")),
        "{stderr}"
    );
    assert!(stderr.contains("note[CARD-URL-005]"), "{stderr}");
    assert!(stderr.contains("restart with --rewrite-card"), "{stderr}");
    assert!(!stderr.contains("CARD-URL-009"), "{stderr}");
    assert!(out.contains("warning[CARD-URL-011]"), "{out}");

    // with --rewrite-card the client gets the proxy's URL
    let agent = self_naming_agent("0.0.0.0");
    let dir = tempfile::tempdir().unwrap();
    let run = spawn_until_listening(
        Command::new(env!("CARGO_BIN_EXE_a2a-interop"))
            .args([
                "proxy",
                "--listen",
                "127.0.0.1:0",
                "--rewrite-card",
                "--upstream",
            ])
            .arg(format!("http://127.0.0.1:{agent}"))
            .arg("--record")
            .arg(dir.path().join("rw.jsonl"))
            .env("NO_COLOR", "1"),
        Duration::from_secs(30),
    );
    let addr: SocketAddr = run.addr.trim_end_matches('/').parse().unwrap();
    let got = fetch_card(addr);
    let stderr = run.terminate();
    assert!(
        got.contains(&format!("\"url\":\"http://{addr}/\"")),
        "{got}"
    );
    assert!(!got.contains("0.0.0.0"), "{got}");
    assert!(!stderr.contains("NOT rewritten"), "{stderr}");
}

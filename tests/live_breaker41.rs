//! breaker41, live: misbehaving real servers (`tests/peers/misbehave.py`, raw asyncio
//! sockets, one wire fault or legal bend per `--mode`) through the real `a2a-interop proxy`
//! and `a2a-interop probe`, over loopback. Each test fails on the behaviour before its fix:
//! - `wrong-encoding`: `Content-Encoding: gzip` on plain JSON; no client can read the
//!   answer, and no finding said so (the redactor withheld the undecodable body, the
//!   verifier only noted "not judged"): HTTP-FRAME-004, redacted or not;
//! - `br` to a client whose `Accept-Encoding` is `gzip, deflate` (the a2a-sdk client's
//!   httpx without brotli failed on the card): HTTP-FRAME-005, and none when br is asked;
//! - `card-404`: `probe` failed `card.interface-url` (its GetTask at the card's url got a
//!   router's `{"error": "no such route"}` 404) while the verifier of the same traffic took
//!   that page for a TaskNotFound answer: CARD-URL-002 from both;
//! - a representative set of modes through `tests/peers/misbehave_drive.py` (curl as the
//!   client): the findings are `tests/cases/live41-predictions.json`'s, online (the
//!   proxy's `--report`) equal offline (`verify` of the recording), the proxy stays up and
//!   the client gets the bytes the agent sent.

use crate::misbehaving_peer;
use crate::proxy_process;

use std::collections::BTreeSet;
use std::io::{Read, Write};
use std::net::SocketAddr;
use std::path::Path;
use std::process::Command;
use std::time::Duration;

use misbehaving_peer::{peers, rules};
use proxy_process::{run_in, start_proxy, ChildGuard};

const BIN: &str = env!("CARGO_BIN_EXE_a2a-interop");

/// `misbehave.py --mode MODE` on a free loopback port: the process and its URL.
fn agent(mode: &str) -> (ChildGuard, String) {
    misbehaving_peer::agent("misbehave.py", mode)
}

/// One HTTP/1.1 request to `addr` (`Connection: close`), the whole answer's bytes.
fn request(addr: SocketAddr, method: &str, path: &str, headers: &[&str], body: &str) -> Vec<u8> {
    let mut s = std::net::TcpStream::connect(addr).unwrap();
    s.set_read_timeout(Some(Duration::from_secs(20))).unwrap();
    let mut head = format!("{method} {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n");
    for h in headers {
        head.push_str(h);
        head.push_str("\r\n");
    }
    if !body.is_empty() {
        head.push_str(&format!(
            "Content-Type: application/json\r\nContent-Length: {}\r\n",
            body.len()
        ));
    }
    head.push_str("\r\n");
    s.write_all(head.as_bytes()).unwrap();
    s.write_all(body.as_bytes()).unwrap();
    let mut out = Vec::new();
    let _ = s.read_to_end(&mut out);
    out
}

const SEND: &str = r#"{"jsonrpc":"2.0","id":1,"method":"message/send","params":{"message":{"kind":"message","role":"user","messageId":"m-41","parts":[{"kind":"text","text":"task hello"}]}}}"#;

/// CARD-URL-005 (a note): the agent's card names its own address behind the proxy, so
/// clients following it bypass the recorder; how these tests run the agent, not judged.
const OWN_ADDRESS_NOTE: &str = "CARD-URL-005";

/// `verify FILE --format json` of a recording: its rule ids.
fn verify_rules(dir: &Path, rec: &Path) -> BTreeSet<String> {
    let o = run_in(
        dir,
        &[
            "verify",
            rec.to_str().unwrap(),
            "--format",
            "json",
            "--fail-on",
            "never",
        ],
    );
    rules(&serde_json::from_slice(&o.stdout).unwrap())
}

/// The proxy (recording to `dir/rec.jsonl`, report to `dir/report.json`, plus `extra`)
/// in front of `mode`'s agent; `drive` makes the client's calls; returns the online
/// report's rule ids and the offline `verify` ones.
fn through_proxy(
    dir: &Path,
    mode: &str,
    extra: &[&str],
    drive: impl FnOnce(SocketAddr),
) -> (BTreeSet<String>, BTreeSet<String>) {
    let (_agent, url) = agent(mode);
    let rec = dir.join("rec.jsonl");
    let rep = dir.join("report.json");
    let mut args = vec![
        "--upstream",
        &url,
        "--record",
        rec.to_str().unwrap(),
        "--report",
        rep.to_str().unwrap(),
        "--lossless",
    ];
    args.extend_from_slice(extra);
    let (run, addr) = start_proxy(&args);
    drive(addr);
    run.terminate();
    let mut online = rules(&serde_json::from_slice(&std::fs::read(&rep).unwrap()).unwrap());
    let mut offline = verify_rules(dir, &rec);
    for s in [&mut online, &mut offline] {
        s.remove(OWN_ADDRESS_NOTE);
    }
    (online, offline)
}

fn set(ids: &[&str]) -> BTreeSet<String> {
    ids.iter().map(|s| s.to_string()).collect()
}

/// HTTP-FRAME-004: every answer of the `wrong-encoding` agent (card, send) is plain JSON
/// under `Content-Encoding: gzip`; told with the recording redacted (the body withheld,
/// the redactor's note read) and unredacted (the body decoded and failing), the same
/// online and offline; the `gzip` agent's real gzip draws nothing.
#[test]
fn a_body_not_in_its_content_coding_is_told() {
    for extra in [&[][..], &["--no-redact"][..]] {
        let dir = tempfile::tempdir().unwrap();
        let (online, offline) = through_proxy(dir.path(), "wrong-encoding", extra, |a| {
            let card = request(a, "GET", "/.well-known/agent-card.json", &[], "");
            assert!(
                card.windows(22).any(|w| w == b"content-encoding: gzip")
                    || card.windows(22).any(|w| w == b"Content-Encoding: gzip"),
                "{}",
                String::from_utf8_lossy(&card)
            );
            request(a, "POST", "/", &[], SEND);
        });
        assert_eq!(online, set(&["HTTP-FRAME-004"]), "{extra:?}");
        assert_eq!(offline, online, "{extra:?}");
    }
    let dir = tempfile::tempdir().unwrap();
    let (online, offline) = through_proxy(dir.path(), "gzip", &[], |a| {
        request(
            a,
            "GET",
            "/.well-known/agent-card.json",
            &["Accept-Encoding: gzip"],
            "",
        );
        request(a, "POST", "/", &["Accept-Encoding: gzip"], SEND);
    });
    assert_eq!(online, set(&[]));
    assert_eq!(offline, online);
}

/// HTTP-FRAME-005: brotli answers to `Accept-Encoding: gzip, deflate` (httpx without the
/// brotli package) are told, once per answer's exchange, as a warning; the same answers to
/// a client that accepts br, or that sends no Accept-Encoding, are not.
#[test]
fn a_content_coding_the_client_did_not_accept_is_told() {
    let dir = tempfile::tempdir().unwrap();
    let (online, offline) = through_proxy(dir.path(), "br", &[], |a| {
        let h = ["Accept-Encoding: gzip, deflate"];
        request(a, "GET", "/.well-known/agent-card.json", &h, "");
        request(a, "POST", "/", &h, SEND);
    });
    assert_eq!(online, set(&["HTTP-FRAME-005"]));
    assert_eq!(offline, online);
    let report: serde_json::Value =
        serde_json::from_slice(&std::fs::read(dir.path().join("report.json")).unwrap()).unwrap();
    let f = report["findings"]
        .as_array()
        .unwrap()
        .iter()
        .find(|f| f["rule"] == "HTTP-FRAME-005")
        .unwrap();
    assert_eq!(f["severity"], "warning", "{f}");
    let msg = f["message"].as_str().unwrap();
    assert!(
        msg.contains("Content-Encoding: br") && msg.contains("gzip, deflate"),
        "{msg}"
    );
    for h in [&["Accept-Encoding: gzip, deflate, br"][..], &[][..]] {
        let dir = tempfile::tempdir().unwrap();
        let (online, offline) = through_proxy(dir.path(), "br", &[], |a| {
            request(a, "GET", "/.well-known/agent-card.json", h, "");
            request(a, "POST", "/", h, SEND);
        });
        assert_eq!(online, set(&[]), "{h:?}");
        assert_eq!(offline, online, "{h:?}");
    }
}

/// Active = passive: `probe` of the `card-404` agent (its card's url answers every POST
/// with a router's `{"error": "no such route"}` 404) fails `card.interface-url`, and the
/// verifier says why, CARD-URL-002, in the probe's report and in `verify` of its recording.
#[test]
fn the_probe_and_the_verifier_agree_on_a_card_url_answering_404() {
    let (_agent, url) = agent("card-404");
    let dir = tempfile::tempdir().unwrap();
    let o = run_in(
        dir.path(),
        &[
            "probe",
            &url,
            "--record",
            "probe.jsonl",
            "--format",
            "json",
            "-o",
            "probe.json",
            "--timeout",
            "8s",
            "-q",
        ],
    );
    let report: serde_json::Value =
        serde_json::from_slice(&std::fs::read(dir.path().join("probe.json")).unwrap())
            .unwrap_or_else(|e| panic!("{e}: {}", String::from_utf8_lossy(&o.stderr)));
    let failed: Vec<&str> = report["results"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|r| r["status"] == "fail")
        .filter_map(|r| r["test"].as_str())
        .collect();
    assert!(
        failed.iter().any(|t| t.starts_with("card.interface-url")),
        "{failed:?}"
    );
    let active = rules(&report);
    assert!(active.contains("CARD-URL-002"), "{active:?}");
    assert_eq!(
        verify_rules(dir.path(), &dir.path().join("probe.jsonl")),
        active
    );
}

/// Modes judged as `tests/cases/live41-predictions.json` predicts, through the proxy with
/// curl as the client (`misbehave_drive.py`, no probe round): legal bends (SSE events cut
/// mid-line and between CR and LF, a gzip event stream, HTTP/1.0 and close-delimited
/// answers, 7-byte chunks) draw nothing; faults draw exactly their rules. Online equals
/// offline, the proxy stays up and every answer's bytes reach the client as the agent
/// sent them.
#[test]
fn representative_modes_are_judged_as_predicted() {
    if Command::new("curl").arg("--version").output().is_err() {
        panic!("curl is needed by tests/peers/misbehave_drive.py");
    }
    let modes = [
        "sse-split-midline",
        "sse-crlf-split",
        "gzip-sse",
        "http10",
        "close-delimited",
        "chunked-tiny",
        "sse-rst",
        "sse-unterminated",
        "te-and-cl",
        "wrong-encoding",
        "br-unasked",
        "card-404",
        "terminal-reopened",
        "v10-no-task-first",
    ];
    let dir = tempfile::tempdir().unwrap();
    let o = Command::new("python3")
        .arg(peers().join("misbehave_drive.py"))
        .arg(BIN)
        .arg(dir.path())
        .args(modes)
        .env("MISBEHAVE_NO_PROBE", "1")
        .output()
        .unwrap();
    let table = String::from_utf8_lossy(&o.stdout);
    assert!(
        o.status.success(),
        "{table}\n{}",
        String::from_utf8_lossy(&o.stderr)
    );
    for m in modes {
        let r: serde_json::Value = serde_json::from_slice(
            &std::fs::read(dir.path().join(format!("{m}.json")))
                .unwrap_or_else(|e| panic!("{m}: {e}\n{table}")),
        )
        .unwrap();
        assert_eq!(r["online"], r["predicted"], "{m}: {table}");
        assert_eq!(r["offline"], r["online"], "{m}: online vs offline");
        assert_eq!(r["proxy_alive"], true, "{m}");
        assert!(matches!(r["proxy_rc"].as_i64(), Some(0 | 1)), "{m}: {r}");
        for step in r["untouched"].as_array().unwrap() {
            assert_eq!(step[1], "same", "{m}: {step} bytes differ");
        }
    }
}

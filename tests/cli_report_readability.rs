//! breaker10n N15, N21: what a report says beyond its findings. Exchanges the proxy answered
//! itself (its agent down) are named in every report format (N15); the text and Markdown
//! reports list findings errors first, grouped by rule, with a per-rule summary and counts
//! that agree with the lists they print (N21). Real processes, real loopback sockets, real
//! files.

#[path = "common/proxy_process.rs"]
mod proxy_process;

use std::io::{Read, Write};
use std::net::{TcpListener, TcpStream};
use std::path::Path;
use std::process::Command;
use std::time::Duration;

use proxy_process::spawn_until_listening;

const BIN: &str = env!("CARGO_BIN_EXE_a2a-interop");

/// A loopback port nobody listens on (bound, then released).
fn dead_port() -> u16 {
    let l = TcpListener::bind("127.0.0.1:0").unwrap();
    l.local_addr().unwrap().port()
}

/// One HTTP/1.1 GET through `addr`, the whole answer as text.
fn get(addr: &str, path: &str) -> String {
    let mut s = TcpStream::connect(addr.trim_end_matches('/')).unwrap();
    s.set_read_timeout(Some(Duration::from_secs(20))).unwrap();
    write!(
        s,
        "GET {path} HTTP/1.1\r\nHost: agent\r\nA2A-Version: 0.3\r\nConnection: close\r\n\r\n"
    )
    .unwrap();
    let mut out = String::new();
    s.read_to_string(&mut out).unwrap();
    out
}

/// A small real HTTP/1.1 server on loopback answering every request `200` with `{}`
/// (JSON), until the test process ends; its `host:port`.
fn tiny_agent() -> String {
    let l = TcpListener::bind("127.0.0.1:0").unwrap();
    let addr = l.local_addr().unwrap().to_string();
    std::thread::spawn(move || {
        for mut s in l.incoming().map_while(Result::ok) {
            let mut buf = [0u8; 4096];
            let mut head = Vec::new();
            while !head.windows(4).any(|w| w == b"\r\n\r\n") {
                match s.read(&mut buf) {
                    Ok(0) | Err(_) => break,
                    Ok(n) => head.extend_from_slice(&buf[..n]),
                }
            }
            let _ = s.write_all(
                b"HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: 2\r\nconnection: close\r\n\r\n{}",
            );
        }
    });
    addr
}

fn report(rec: &Path, format: &str) -> String {
    let o = Command::new(BIN)
        .arg("report")
        .arg(rec)
        .args(["--format", format])
        .output()
        .unwrap();
    assert!(
        o.status.code() == Some(0) || o.status.code() == Some(1),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    String::from_utf8(o.stdout).unwrap()
}

#[test]
fn exchanges_the_proxy_answered_itself_are_in_every_report_format() {
    let dir = tempfile::tempdir().unwrap();
    let rec = dir.path().join("down.jsonl");
    let port = dead_port();
    let running = spawn_until_listening(
        Command::new(BIN)
            .args(["proxy", "--listen", "127.0.0.1:0"])
            .args(["--route", &format!("/live=http://{}", tiny_agent())])
            .args(["--route", &format!("/dead=http://127.0.0.1:{port}")])
            .arg("--record")
            .arg(&rec),
        Duration::from_secs(20),
    );
    let addr = running.addr.clone();
    let answer = get(&addr, "/live/x");
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
    for path in [
        "/dead/rest/v1/tasks/one",
        "/dead/rest/v1/tasks/two",
        "/dead/x",
    ] {
        let answer = get(&addr, path);
        assert!(answer.starts_with("HTTP/1.1 502"), "{answer}");
    }
    running.terminate();

    // JSON: the count and one entry (one target, one cause: the paths do not split it)
    let json: serde_json::Value = serde_json::from_str(&report(&rec, "json")).unwrap();
    let schema: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(
            Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/report-schema.json"),
        )
        .unwrap(),
    )
    .unwrap();
    let v = jsonschema::validator_for(&schema).expect("schema compiles");
    let errs: Vec<String> = v.iter_errors(&json).map(|e| e.to_string()).collect();
    assert!(errs.is_empty(), "{errs:?}");
    assert_eq!(json["counts"]["proxyAnswered"], 3, "{json:#}");
    let pa = json["proxyAnswered"].as_array().expect("proxyAnswered");
    assert_eq!(pa.len(), 1, "{pa:?}");
    assert_eq!(pa[0]["status"], 502);
    assert_eq!(pa[0]["parties"], "client -> /dead");
    assert_eq!(pa[0]["exchanges"], 3);
    assert_eq!(pa[0]["examples"], serde_json::json!(["e2", "e3", "e4"]));
    let cause = pa[0]["cause"].as_str().unwrap();
    assert_eq!(
        cause.split(": ").next().unwrap(),
        format!("upstream http://127.0.0.1:{port} unreachable"),
        "{cause}"
    );

    let line = "3 exchanges (e2, e3, e4) [client -> /dead]: answered 502 by the proxy itself";
    let text = report(&rec, "text");
    assert!(
        text.contains(&format!("note: not answered by the target: {line}")),
        "{text}"
    );
    assert!(
        text.contains("in 4 exchanges, 3 answered by the proxy itself"),
        "{text}"
    );
    let md = report(&rec, "markdown");
    assert!(md.contains("## Not answered by the target"), "{md}");
    assert!(md.contains(line), "{md}");
    let html = report(&rec, "html");
    assert!(
        html.contains("<h2>Not answered by the target</h2>"),
        "{html}"
    );
    assert!(html.contains(&line.replace('>', "&gt;")), "{html}");
    let junit = report(&rec, "junit");
    assert!(junit.contains("name=\"proxyAnswered\""), "{junit}");
    assert!(junit.contains(&line.replace('>', "&gt;")), "{junit}");
    let sarif: serde_json::Value = serde_json::from_str(&report(&rec, "sarif")).unwrap();
    let run = &sarif["runs"][0];
    assert!(
        run["properties"]["proxyAnswered"][0]
            .as_str()
            .unwrap()
            .starts_with(line),
        "{run:#}"
    );
    let note = run["invocations"][0]["toolExecutionNotifications"][0]["message"]["text"]
        .as_str()
        .unwrap();
    assert!(note.starts_with("not answered by the target: "), "{note}");
    assert_eq!(run["invocations"][0]["executionSuccessful"], true);
}

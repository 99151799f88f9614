//! Secret layouts the recorder's redactor missed until session 7 (A2A-DIGEST PUSH-002,
//! PUSH-004), through the real binary over loopback sockets and real files:
//! - an SSE event whose JSON `data` is laid out over several `data:` lines (WHATWG SSE joins
//!   them with `"\n"`, JSON whitespace), with LF, CRLF or CR line ends, `data:` without its
//!   space, other fields and comments between the lines, keys spelled with `\u` escapes;
//! - a compressed body larger than the redactor's 1 MiB hold.
//!
//! Every secret is a distinct word so a leak names its layout.

use crate::proxy_process;

use std::net::SocketAddr;
use std::process::Command;
use std::time::Duration;

use serde_json::Value;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};

use proxy_process::spawn_until_listening;

const BIN: &str = env!("CARGO_BIN_EXE_a2a-interop");

/// An agent that answers every request with `head` (status line and fields, without the
/// blank line) and a chunked body written in `pieces`, 50 ms apart.
async fn agent(head: String, pieces: Vec<Vec<u8>>) -> SocketAddr {
    let l = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = l.local_addr().unwrap();
    tokio::spawn(async move {
        while let Ok((mut s, _)) = l.accept().await {
            let head = head.clone();
            let pieces = pieces.clone();
            tokio::spawn(async move {
                let mut got = Vec::new();
                let mut buf = [0u8; 4096];
                loop {
                    match s.read(&mut buf).await {
                        Ok(0) | Err(_) => return,
                        Ok(n) => got.extend_from_slice(&buf[..n]),
                    }
                    if let Some(h) = got.windows(4).position(|w| w == b"\r\n\r\n") {
                        let text = String::from_utf8_lossy(&got[..h]).to_ascii_lowercase();
                        let len: usize = text
                            .lines()
                            .find_map(|l| l.strip_prefix("content-length:"))
                            .and_then(|v| v.trim().parse().ok())
                            .unwrap_or(0);
                        if got.len() >= h + 4 + len {
                            break;
                        }
                    }
                }
                let _ = s
                    .write_all(
                        format!(
                            "{head}\r\ntransfer-encoding: chunked\r\nconnection: close\r\n\r\n"
                        )
                        .as_bytes(),
                    )
                    .await;
                for p in pieces {
                    let _ = s.write_all(format!("{:x}\r\n", p.len()).as_bytes()).await;
                    let _ = s.write_all(&p).await;
                    let _ = s.write_all(b"\r\n").await;
                    tokio::time::sleep(Duration::from_millis(50)).await;
                }
                let _ = s.write_all(b"0\r\n\r\n").await;
            });
        }
    });
    addr
}

/// Runs one POST through a recording proxy in front of `agent`; returns the bytes the
/// client got (head and body, chunked as sent) and the recording's text.
async fn through_proxy(agent: SocketAddr) -> (Vec<u8>, String) {
    let dir = tempfile::tempdir().unwrap();
    let rec = dir.path().join("rec.jsonl");
    let run = spawn_until_listening(
        Command::new(BIN).args([
            "proxy",
            "--listen",
            "127.0.0.1:0",
            "-q",
            "--upstream",
            &format!("http://{agent}"),
            "--record",
            rec.to_str().unwrap(),
        ]),
        Duration::from_secs(30),
    );
    let addr: SocketAddr = run.addr.trim_end_matches('/').parse().unwrap();
    let req = r#"{"jsonrpc":"2.0","id":1,"method":"SendStreamingMessage","params":{}}"#;
    let mut s = TcpStream::connect(addr).await.unwrap();
    s.write_all(
        format!(
            "POST / HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\na2a-version: 1.0\r\ncontent-length: {}\r\nconnection: close\r\n\r\n{req}",
            req.len()
        )
        .as_bytes(),
    )
    .await
    .unwrap();
    let mut got = Vec::new();
    tokio::time::timeout(Duration::from_secs(30), s.read_to_end(&mut got))
        .await
        .unwrap()
        .unwrap();
    run.terminate();
    let text = std::fs::read_to_string(&rec).unwrap();
    (got, text)
}

/// The event lines of a recording (header skipped).
fn events(text: &str) -> Vec<Value> {
    text.lines()
        .skip(1)
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

/// The recorded response body of exchange `e1`, its chunks joined.
fn response_body(text: &str) -> String {
    events(text)
        .iter()
        .filter(|e| e["exchange"] == "e1" && e["type"] == "response_chunk")
        .map(|e| e["body"].as_str().unwrap_or("").to_string())
        .collect()
}

/// fix7 item 1: SSE events whose push-config secrets sit on `data:` lines of their own,
/// every line-end style, with and without the space after `data:`, with a comment, an
/// `event:` and an `id:` line between the data lines, one key spelled with `\u` escapes,
/// frames cut in the middle: the recording holds none of the secrets and every other byte
/// as sent.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sse_data_split_over_lines_is_redacted() {
    let mut stream = String::new();
    let mut secrets = Vec::new();
    for (i, nl) in ["\n", "\r\n", "\r"].iter().enumerate() {
        let (tok, cred) = (format!("LINETOK{i}QX"), format!("LINECRED{i}QX"));
        stream.push_str(&format!(
            "event: message{nl}data: {{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{{\"url\":\"https://h/x\",\"token\":{nl}: between{nl}data:\"{tok}\",\"authentication\"{nl}id: 4{nl}data: :{{\"cr\\u0065dentials\"{nl}data{nl}data:  :  {nl}data: \"{cred}\"}}}}}}{nl}{nl}"
        ));
        secrets.push(tok);
        secrets.push(cred);
    }
    let mid = stream.find("LINETOK1").unwrap() + 3;
    let pieces = vec![
        stream.as_bytes()[..mid].to_vec(),
        stream.as_bytes()[mid..].to_vec(),
    ];
    let head = "HTTP/1.1 200 OK\r\ncontent-type: text/event-stream\r\ncache-control: no-cache";
    let a = agent(head.to_string(), pieces).await;
    let (got, text) = through_proxy(a).await;
    // the client got the secrets: the proxy forwards untouched
    assert!(String::from_utf8_lossy(&got).contains("LINECRED2QX"));
    for s in &secrets {
        assert!(!text.contains(s.as_str()), "{s} in the recording:\n{text}");
        assert!(
            !text.contains(&s[4..]),
            "part of {s} in the recording:\n{text}"
        );
    }
    let mut want = stream.clone();
    for s in &secrets {
        want = want.replace(s.as_str(), "[REDACTED]");
    }
    assert_eq!(
        a2a_interop::record::redact::strip_tags(&response_body(&text)),
        want
    );
}

/// Text that gzip hardly compresses (an LCG's bytes as hex), `n` bytes.
fn noise(n: usize, seed: u64) -> String {
    let mut x = seed;
    (0..n)
        .map(|_| {
            x = x
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            char::from(b"0123456789abcdef"[(x >> 60) as usize])
        })
        .collect()
}

fn gzip(data: &[u8]) -> Vec<u8> {
    use std::io::Write;
    let mut e = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    e.write_all(data).unwrap();
    e.finish().unwrap()
}

/// As much of a gzip stream as decodes (a cut stream errors at its end).
fn gunzip_prefix(data: &[u8]) -> Vec<u8> {
    use std::io::Read;
    let mut out = Vec::new();
    let _ = flate2::read::MultiGzDecoder::new(data).read_to_end(&mut out);
    out
}

/// The recorded response body bytes of `e1` (chunks joined, base64 decoded) and its
/// `exchange_end`.
fn recorded_response(text: &str) -> (Vec<u8>, Value) {
    use base64::Engine;
    let evs = events(text);
    let mut body = Vec::new();
    for e in evs
        .iter()
        .filter(|e| e["exchange"] == "e1" && e["type"] == "response_chunk")
    {
        let b = e["body"].as_str().unwrap();
        if e["encoding"] == "base64" {
            body.extend(base64::engine::general_purpose::STANDARD.decode(b).unwrap());
        } else {
            body.extend_from_slice(b.as_bytes());
        }
    }
    let end = evs
        .iter()
        .find(|e| e["exchange"] == "e1" && e["type"] == "exchange_end")
        .unwrap()
        .clone();
    (body, end)
}

/// fix7 item 2: a gzip JSON answer of about 1.6 MiB coded (over the redactor's 1 MiB hold)
/// carrying a push token: the client gets it whole; the recording keeps the wire bytes up to
/// the token's neighbourhood and nothing after, so no gunzip of the file shows the token; the
/// `exchange_end` says truncated and why. The same answer without the token is recorded byte
/// for byte.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_gzip_body_over_the_hold_keeps_no_secret() {
    for with_secret in [true, false] {
        let token = if with_secret {
            r#","token":"GZTOKEN_zq7x9w1k""#
        } else {
            ""
        };
        let body = format!(
            r#"{{"jsonrpc":"2.0","id":1,"result":{{"taskId":"t1","pad":"{}","url":"https://h/x"{token},"more":"{}"}}}}"#,
            noise(2_600_000, 5),
            noise(600_000, 6)
        );
        let coded = gzip(body.as_bytes());
        assert!(coded.len() > 1024 * 1024, "{} coded bytes", coded.len());
        let pieces: Vec<Vec<u8>> = coded.chunks(100_000).map(<[u8]>::to_vec).collect();
        let head = "HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-encoding: gzip";
        let a = agent(head.to_string(), pieces).await;
        let (got, text) = through_proxy(a).await;
        assert!(got.len() > coded.len(), "the client got the whole body");
        let (rec, end) = recorded_response(&text);
        if with_secret {
            assert!(!text.contains("GZTOKEN"), "token in the file as text");
            assert!(
                rec.len() > 500_000,
                "the start is kept ({} bytes)",
                rec.len()
            );
            assert_eq!(
                &coded[..rec.len()],
                &rec[..],
                "kept bytes are the wire bytes"
            );
            let plain = gunzip_prefix(&rec);
            assert!(
                !String::from_utf8_lossy(&plain).contains("GZTOKEN"),
                "token in the gunzipped recording"
            );
            assert_eq!(end["truncated"], true, "{end}");
            let error = end["error"].as_str().unwrap();
            assert!(
                error.starts_with("redaction: response body left out from coded byte ")
                    && error.contains("gzip-decoded text holds a push-notification secret"),
                "{error}"
            );
        } else {
            assert_eq!(rec, coded, "a clean body is recorded byte for byte");
            assert!(end.get("truncated").is_none(), "{end}");
            assert!(end.get("error").is_none(), "{end}");
        }
    }
}

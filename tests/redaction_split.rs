//! Secrets cut across the frames of a body (found by a fresh engineer in session 6; A2A-DIGEST
//! PUSH-002, PUSH-004, CARD-011), through the real binary over loopback sockets and real
//! files:
//! - an agent that answers before it has read the whole request body (an early 401): the
//!   rest of the body crossed after `exchange_end`, each piece redacted alone, so the tail of
//!   a cut `"token"` value and a `credentials` value whose key came in a later piece were in
//!   the file; `request_bytes` counted the first piece only;
//! - an SSE response whose frames cut a `"token"` value and a `"credentials"` key: redacted
//!   frame by frame, the rest of the token and the whole credentials value were recorded.
//!
//! Every secret is a distinct word so a leak names its path.

use crate::proxy_process;
use crate::raw_http;

use std::net::SocketAddr;
use std::process::Command;
use std::time::Duration;

use serde_json::Value;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

use proxy_process::{start_proxy, Running};
use raw_http::{read_message, serve_after_head, serve_connections};

const BIN: &str = env!("CARGO_BIN_EXE_a2a-interop");

/// A proxy process: where it listens.
struct Proxy {
    run: Running,
    addr: SocketAddr,
}

impl Proxy {
    fn start(args: &[&str]) -> Proxy {
        let (run, addr) = start_proxy(args);
        Proxy { run, addr }
    }

    /// SIGTERM, wait for exit 0.
    fn stop(self) {
        self.run.terminate();
    }
}

/// The event lines of a recording (header skipped).
fn events(path: &std::path::Path) -> Vec<Value> {
    std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .skip(1)
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

/// The events of exchange `x`, in file order.
fn of<'a>(evs: &'a [Value], x: &str) -> Vec<&'a Value> {
    evs.iter().filter(|e| e["exchange"] == x).collect()
}

/// The `body` texts of the events of type `kind`, joined.
fn joined(evs: &[&Value], kind: &str) -> String {
    evs.iter()
        .filter(|e| e["type"] == kind)
        .map(|e| e["body"].as_str().unwrap_or(""))
        .collect()
}

/// An agent that answers `401` as soon as it has a request head, before reading the body
/// (auth middleware does this), then reads the rest of the body until the client is done.
async fn early_agent() -> SocketAddr {
    serve_after_head(|mut s, _| async move {
        let body = br#"{"error":{"code":401,"status":"UNAUTHENTICATED","message":"no"}}"#;
        let head = format!(
            "HTTP/1.1 401 Unauthorized\r\ncontent-type: application/json\r\nwww-authenticate: Bearer\r\nconnection: close\r\ncontent-length: {}\r\n\r\n",
            body.len()
        );
        let _ = s.write_all(head.as_bytes()).await;
        let _ = s.write_all(body).await;
        let mut buf = [0u8; 4096];
        let _ = tokio::time::timeout(Duration::from_secs(5), async {
            while let Ok(n) = s.read(&mut buf).await {
                if n == 0 {
                    break;
                }
            }
        })
        .await;
    })
    .await
}

/// A push config whose token is cut inside its value and whose `credentials` key is cut in
/// two: the three pieces of the body.
fn split_push_config(token: &str, cred: &str) -> (String, [String; 3]) {
    let body = format!(
        r#"{{"url": "https://hook.example/x", "token": "{token}", "authentication": {{"scheme": "Bearer", "credentials": "{cred}"}}}}"#
    );
    let i = body.find(token).unwrap() + 6;
    let j = body.find("\"credentials\"").unwrap() + 5;
    let parts = [
        body[..i].to_string(),
        body[i..j].to_string(),
        body[j..].to_string(),
    ];
    (body, parts)
}

/// Sends a POST whose body goes in `parts`, 150 ms apart (`Content-Length` or chunked),
/// then reads the answer; the status line.
async fn send_in_pieces(addr: SocketAddr, body: &str, parts: &[String], chunked: bool) -> String {
    let mut s = TcpStream::connect(addr).await.unwrap();
    let framing = if chunked {
        "transfer-encoding: chunked".to_string()
    } else {
        format!("content-length: {}", body.len())
    };
    let head = format!(
        "POST /tasks/t1/pushNotificationConfigs HTTP/1.1\r\nhost: x\r\ncontent-type: application/a2a+json\r\na2a-version: 1.0\r\n{framing}\r\nconnection: close\r\n\r\n"
    );
    s.write_all(head.as_bytes()).await.unwrap();
    for p in parts {
        if chunked {
            s.write_all(format!("{:x}\r\n{p}\r\n", p.len()).as_bytes())
                .await
                .unwrap();
        } else {
            s.write_all(p.as_bytes()).await.unwrap();
        }
        tokio::time::sleep(Duration::from_millis(150)).await;
    }
    if chunked {
        s.write_all(b"0\r\n\r\n").await.unwrap();
    }
    let mut out = Vec::new();
    let _ = tokio::time::timeout(Duration::from_secs(10), s.read_to_end(&mut out)).await;
    let text = String::from_utf8_lossy(&out).into_owned();
    text.lines().next().unwrap_or("").to_string()
}

/// Breaker item 1: the rest of a request body that crosses after the agent answered is in
/// the recording before the exchange's one `exchange_end`, redacted with the first piece
/// (the tail of the cut token dropped, the credentials whose key was cut replaced), and
/// `request_bytes` counts every byte. Both `Content-Length` and chunked bodies.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn request_body_after_an_early_answer_is_redacted_and_ends_the_exchange() {
    let agent = early_agent().await;
    let dir = tempfile::tempdir().unwrap();
    let rec = dir.path().join("early.jsonl");
    let proxy = Proxy::start(&[
        "--upstream",
        &format!("http://{agent}"),
        "--record",
        rec.to_str().unwrap(),
    ]);
    let (body_cl, parts_cl) = split_push_config("SECRETCLTOKEN_ABCDEFGHIJ", "SECRETCLCRED_XYZ");
    let status = send_in_pieces(proxy.addr, &body_cl, &parts_cl, false).await;
    assert!(status.contains("401"), "{status}");
    let (body_ch, parts_ch) = split_push_config("SECRETCHTOKEN_ABCDEFGHIJ", "SECRETCHCRED_XYZ");
    let status = send_in_pieces(proxy.addr, &body_ch, &parts_ch, true).await;
    assert!(status.contains("401"), "{status}");
    proxy.stop();

    let text = std::fs::read_to_string(&rec).unwrap();
    for word in [
        "SECRETCL",
        "SECRETCH",
        "ABCDEFGHIJ",
        "BCDEFGHIJ",
        "CRED_XYZ",
    ] {
        assert!(!text.contains(word), "{word} in the recording:\n{text}");
    }
    let evs = events(&rec);
    for (x, body, token, cred) in [
        (
            "e1",
            &body_cl,
            "SECRETCLTOKEN_ABCDEFGHIJ",
            "SECRETCLCRED_XYZ",
        ),
        (
            "e2",
            &body_ch,
            "SECRETCHTOKEN_ABCDEFGHIJ",
            "SECRETCHCRED_XYZ",
        ),
    ] {
        let ex = of(&evs, x);
        let last = ex.last().unwrap();
        assert_eq!(last["type"], "exchange_end", "{x}: exchange_end is last");
        assert_eq!(
            ex.iter().filter(|e| e["type"] == "exchange_end").count(),
            1,
            "{x}"
        );
        assert_eq!(last["request_bytes"], body.len() as u64, "{x}");
        let got = joined(&ex, "request_body");
        assert_eq!(
            a2a_interop::record::redact::strip_tags(&got),
            body.replace(token, "[REDACTED]")
                .replace(cred, "[REDACTED]"),
            "{x}: the recorded body is the sent one with its two secrets replaced"
        );
        assert_eq!(distinct_tags(&got), 2, "{x}: two secrets, two tags: {got}");
    }
    // the recording reads and verifies as a whole
    let out = Command::new(BIN)
        .args(["verify", rec.to_str().unwrap()])
        .output()
        .unwrap();
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
}

/// An agent that answers every request with an SSE stream written in `pieces`, 100 ms
/// apart (chunked, as a streaming server does).
async fn sse_agent(pieces: Vec<String>) -> SocketAddr {
    serve_connections(move |mut s| {
        let pieces = pieces.clone();
        async move {
            // the request: head and a short Content-Length body
            if read_message(&mut s, &mut Vec::new()).await.is_none() {
                return;
            }
            let _ = s
                .write_all(b"HTTP/1.1 200 OK\r\ncontent-type: text/event-stream\r\ncache-control: no-cache\r\ntransfer-encoding: chunked\r\nconnection: close\r\n\r\n")
                .await;
            for p in pieces {
                let _ = s
                    .write_all(format!("{:x}\r\n{p}\r\n", p.len()).as_bytes())
                    .await;
                tokio::time::sleep(Duration::from_millis(100)).await;
            }
            let _ = s.write_all(b"0\r\n\r\n").await;
        }
    })
    .await
}

/// Breaker item 5: SSE frames that cut a token value (`"tok` | `en": "ABC` | `DEF"`) and a
/// `"cred` | `entials"` key are redacted as one text: no byte of either secret reaches the
/// file, and every other byte is recorded as sent.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sse_frames_that_cut_a_secret_are_redacted_as_one_text() {
    let event = r#"data: {"jsonrpc":"2.0","id":1,"result":{"taskId":"t1","url":"https://h/x","token":"SSETOKEN_ABCDEFGHIJ","authentication":{"scheme":"Bearer","credentials":"SSECRED_XYZ"}}}"#;
    let stream = format!(
        "{event}\n\n: keep-alive\n\n{}\n\n",
        event.replace("SSE", "TWO")
    );
    let cuts = [
        stream.find("\"token\"").unwrap() + 4,       // "tok | en"
        stream.find("SSETOKEN").unwrap() + 11,       // inside the value
        stream.find("\"credentials\"").unwrap() + 5, // "cred | entials"
        stream.find("TWOTOKEN").unwrap() - 1,        // right after the opening quote
        stream.find("TWOCRED").unwrap() + 3,
    ];
    let mut pieces = Vec::new();
    let mut from = 0;
    for c in cuts {
        pieces.push(stream[from..c].to_string());
        from = c;
    }
    pieces.push(stream[from..].to_string());
    let agent = sse_agent(pieces.clone()).await;
    let dir = tempfile::tempdir().unwrap();
    let rec = dir.path().join("sse.jsonl");
    let proxy = Proxy::start(&[
        "--upstream",
        &format!("http://{agent}"),
        "--record",
        rec.to_str().unwrap(),
    ]);
    let req = r#"{"jsonrpc":"2.0","id":1,"method":"SendStreamingMessage","params":{}}"#;
    let mut s = TcpStream::connect(proxy.addr).await.unwrap();
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
    tokio::time::timeout(Duration::from_secs(10), s.read_to_end(&mut got))
        .await
        .unwrap()
        .unwrap();
    // the client got the secrets (the proxy forwards untouched)
    assert!(String::from_utf8_lossy(&got).contains("CRED_XYZ"));
    proxy.stop();

    let text = std::fs::read_to_string(&rec).unwrap();
    for word in [
        "SSETOKEN",
        "ABCDEFGHIJ",
        "GHIJ",
        "SSECRED",
        "TWOTOKEN",
        "TWOCRED",
        "XYZ",
    ] {
        assert!(!text.contains(word), "{word} in the recording:\n{text}");
    }
    let evs = events(&rec);
    let ex = of(&evs, "e1");
    let chunks = ex.iter().filter(|e| e["type"] == "response_chunk").count();
    assert!(chunks >= 2, "the frames stay frames ({chunks})");
    let want = stream
        .replace("SSETOKEN_ABCDEFGHIJ", "[REDACTED]")
        .replace("SSECRED_XYZ", "[REDACTED]")
        .replace("TWOTOKEN_ABCDEFGHIJ", "[REDACTED]")
        .replace("TWOCRED_XYZ", "[REDACTED]");
    let got = joined(&ex, "response_chunk");
    assert_eq!(a2a_interop::record::redact::strip_tags(&got), want);
    // each secret tagged whole, whatever frame cut it: four secrets, four tags
    assert_eq!(distinct_tags(&got), 4, "{got}");
}

/// How many different tagged placeholders (`[REDACTED:…]`) `text` holds.
fn distinct_tags(text: &str) -> usize {
    text.split("[REDACTED:")
        .skip(1)
        .filter_map(|t| t.split_once(']').map(|(tag, _)| tag))
        .filter(|t| {
            a2a_interop::record::redact::placeholder_tag(&format!("[REDACTED:{t}]")).is_some()
        })
        .collect::<std::collections::BTreeSet<_>>()
        .len()
}

//! A deliberately broken A2A agent for the fault battery (`tests/faults.rs`,
//! `examples/fault_battery.rs`): a small raw-TCP HTTP/1.1 server on 127.0.0.1 whose
//! misbehaviour is chosen by the request path. Real sockets; what a real agent cannot be
//! made to do on purpose (cut a response short, answer with bytes that are not HTTP).
//! Needs `mod raw_http;` (tests/common/raw_http.rs) beside it.
#![allow(dead_code)]

use std::io::Write;
use std::net::SocketAddr;
use std::time::Duration;

use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};

use super::raw_http;

/// The JSON-RPC result every healthy answer carries (34 bytes).
pub const OK_BODY: &[u8] = br#"{"jsonrpc":"2.0","id":1,"result":{}}"#;

/// Size of the `/big` response body: 100 MiB.
pub const BIG_BYTES: usize = 100 << 20;

/// Paths the agent knows and what each does; anything else answers [`OK_BODY`] and closes.
pub const PATHS: &[(&str, &str)] = &[
    ("/ok", "200 with a JSON-RPC result, then closes the connection"),
    ("/ka", "keep-alive: 200 with a JSON-RPC result for every request on the connection, request bodies read whole and dropped"),
    ("/reset", "promises 100 bytes of body, sends 10, closes"),
    ("/garbage", "answers bytes that are not HTTP"),
    ("/sse-close", "an event stream that closes after one event, without the last chunk"),
    ("/sse-stall", "an event stream that sends one event, then nothing until the client leaves"),
    ("/sse-after-final", "an A2A 0.3 stream whose final status-update event is followed by another event"),
    ("/slow", "slow loris towards the proxy: the body one byte per 100 ms"),
    ("/wait-body", "waits for a body that never completes (until the proxy closes)"),
    ("/gz", "a gzip-encoded JSON-RPC result"),
    ("/br", "a brotli-encoded JSON-RPC result"),
    ("/latin1", "a JSON-RPC result whose body is not UTF-8 (ISO-8859-1 bytes)"),
    ("/big", "a 100 MiB response body"),
    ("/half-close", "200 with a JSON-RPC result 300 ms after the request: a client that half-closed after its request is seen gone before the answer (robust41: answered at once, the answer raced the client's FIN and the exchange ended complete 1 run in 3)"),
];

/// Starts the agent; every connection is served on its own task until the process ends.
pub async fn start() -> SocketAddr {
    let l = TcpListener::bind("127.0.0.1:0")
        .await
        .expect("bind 127.0.0.1");
    let addr = l.local_addr().expect("local address");
    tokio::spawn(async move {
        while let Ok((s, _)) = l.accept().await {
            let _ = s.set_nodelay(true);
            tokio::spawn(serve(s));
        }
    });
    addr
}

/// Starts a single-threaded HTTP/1.1 agent, as Python's `http.server.HTTPServer` is: it
/// accepts one connection, answers every request on it with [`OK_BODY`] (keep-alive, bodies
/// read whole) until the peer closes it, and only then accepts the next; a second
/// connection opened meanwhile waits in the listen backlog unanswered (the case of
/// `src/proxy/sequential.rs`, ux40b).
pub async fn start_single_threaded() -> SocketAddr {
    let l = TcpListener::bind("127.0.0.1:0")
        .await
        .expect("bind 127.0.0.1");
    let addr = l.local_addr().expect("local address");
    tokio::spawn(async move {
        while let Ok((mut s, _)) = l.accept().await {
            let _ = s.set_nodelay(true);
            let mut pending = Vec::new();
            while raw_http::read_message(&mut s, &mut pending).await.is_some() {
                if answer(&mut s, "application/json", None, OK_BODY, false)
                    .await
                    .is_err()
                {
                    break;
                }
            }
        }
    });
    addr
}

/// Serves one connection: every request is dispatched by its own path (a proxy may send
/// requests for different paths on one pooled connection); only `/ka` keeps it open.
async fn serve(mut s: TcpStream) {
    let mut pending = Vec::new();
    while let Some(m) = raw_http::read_message(&mut s, &mut pending).await {
        let path = m.head.split_whitespace().nth(1).unwrap_or("/").to_string();
        if path == "/ka" {
            if answer(&mut s, "application/json", None, OK_BODY, false)
                .await
                .is_err()
            {
                return;
            }
            continue;
        }
        misbehave(&mut s, &path).await;
        return;
    }
}

/// Answers one request for `path` (see [`PATHS`]); the connection closes afterwards.
async fn misbehave(s: &mut TcpStream, path: &str) {
    let mut buf = vec![0u8; 4096];
    match path {
        "/reset" => {
            let _ = s
                .write_all(b"HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: 100\r\n\r\n{\"jsonrpc\"")
                .await;
            let _ = s.flush().await;
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        "/garbage" => {
            let _ = s
                .write_all(b"SSH-2.0-OpenSSH_9.6\r\nnot http\r\n\r\n")
                .await;
        }
        "/sse-close" => {
            let _ = sse_head(s).await;
            let _ = chunk(s, b"data: {\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{}}\n\n").await;
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        "/sse-stall" => {
            let _ = sse_head(s).await;
            let _ = chunk(s, b"data: {}\n\n").await;
            // Hold until the proxy closes its side.
            let _ = s.read(&mut buf).await;
        }
        "/sse-after-final" => {
            let _ = sse_head(s).await;
            let ev = |state: &str, fin: bool| {
                format!("data: {{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{{\"kind\":\"status-update\",\"taskId\":\"t-1\",\"contextId\":\"c-1\",\"status\":{{\"state\":\"{state}\"}},\"final\":{fin}}}}}\n\n")
            };
            for (state, fin) in [("working", false), ("completed", true), ("working", false)] {
                if chunk(s, ev(state, fin).as_bytes()).await.is_err() {
                    return;
                }
            }
            let _ = s.write_all(b"0\r\n\r\n").await;
        }
        "/half-close" => {
            tokio::time::sleep(Duration::from_millis(300)).await;
            let _ = answer(s, "application/json", None, OK_BODY, true).await;
        }
        "/slow" => {
            let _ = s
                .write_all(b"HTTP/1.1 200 OK\r\ncontent-length: 1000\r\n\r\n")
                .await;
            for _ in 0..1000 {
                if s.write_all(b"x").await.is_err() {
                    return;
                }
                tokio::time::sleep(Duration::from_millis(100)).await;
            }
        }
        "/gz" | "/br" => {
            let enc = if path == "/gz" { "gzip" } else { "br" };
            let _ = answer(s, "application/json", Some(enc), &encoded(enc), true).await;
        }
        "/latin1" => {
            let body = b"{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{\"kind\":\"message\",\"messageId\":\"m\xe9\",\"role\":\"agent\",\"parts\":[{\"kind\":\"text\",\"text\":\"caf\xe9\"}]}}";
            let _ = answer(s, "application/json", None, body, true).await;
        }
        "/big" => {
            let h = format!("HTTP/1.1 200 OK\r\ncontent-type: application/octet-stream\r\ncontent-length: {BIG_BYTES}\r\nconnection: close\r\n\r\n");
            if s.write_all(h.as_bytes()).await.is_err() {
                return;
            }
            let block = vec![b'x'; 65536];
            let mut left = BIG_BYTES;
            while left > 0 {
                let n = left.min(block.len());
                if s.write_all(&block[..n]).await.is_err() {
                    return;
                }
                left -= n;
            }
        }
        _ => {
            let _ = answer(s, "application/json", None, OK_BODY, true).await;
        }
    }
}

/// Writes a whole `200 OK` with `content-length`; `close` adds `connection: close`.
async fn answer(
    s: &mut TcpStream,
    content_type: &str,
    encoding: Option<&str>,
    body: &[u8],
    close: bool,
) -> std::io::Result<()> {
    let enc = encoding.map_or(String::new(), |e| format!("content-encoding: {e}\r\n"));
    let conn = if close { "connection: close\r\n" } else { "" };
    let h = format!(
        "HTTP/1.1 200 OK\r\ncontent-type: {content_type}\r\n{enc}{conn}content-length: {}\r\n\r\n",
        body.len()
    );
    s.write_all(h.as_bytes()).await?;
    s.write_all(body).await
}

async fn sse_head(s: &mut TcpStream) -> std::io::Result<()> {
    s.write_all(
        b"HTTP/1.1 200 OK\r\ncontent-type: text/event-stream\r\ntransfer-encoding: chunked\r\n\r\n",
    )
    .await
}

/// One chunk of a chunked body (RFC 9112 §7.1), flushed.
async fn chunk(s: &mut TcpStream, data: &[u8]) -> std::io::Result<()> {
    s.write_all(format!("{:x}\r\n", data.len()).as_bytes())
        .await?;
    s.write_all(data).await?;
    s.write_all(b"\r\n").await?;
    s.flush().await
}

/// [`OK_BODY`]-like JSON-RPC result compressed with `gzip` or `br`.
pub fn encoded(enc: &str) -> Vec<u8> {
    let plain = br#"{"jsonrpc":"2.0","id":1,"result":{"kind":"message","messageId":"m1","role":"agent","parts":[{"kind":"text","text":"compressed"}]}}"#;
    if enc == "gzip" {
        let mut e = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
        e.write_all(plain).expect("gzip into memory");
        e.finish().expect("gzip into memory")
    } else {
        let mut out = Vec::new();
        {
            let mut w = brotli::CompressorWriter::new(&mut out, 4096, 5, 22);
            w.write_all(plain).expect("brotli into memory");
        }
        out
    }
}

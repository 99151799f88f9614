//! Trailer fields pass through the proxy untouched (RFC 9110 §6.5): an agent answers a
//! chunked body with declared trailers (`Trailer: X-Checksum, X-Auth-Token`); a client that
//! accepts trailers (`TE: trailers`) gets them through the proxy as it does directly, the
//! exchange is recorded `complete` (not `client_abort`), and the recorded trailers keep
//! `X-Checksum` and redact the token. Raw sockets on both sides, so nothing but the proxy
//! decides what is forwarded.

#[path = "common/proxy_support.rs"]
mod support;

use std::net::SocketAddr;
use std::time::Duration;

use a2a_interop::record::{EventKind, Outcome};
use support::*;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};

const ANSWER: &[u8] = b"HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ntransfer-encoding: chunked\r\ntrailer: X-Checksum, X-Auth-Token\r\nconnection: close\r\n\r\n2\r\n{}\r\n0\r\nX-Checksum: abc123\r\nX-Auth-Token: TRAILER-SECRET\r\n\r\n";

/// An agent that reads one request head and answers [`ANSWER`], once per connection.
async fn agent() -> SocketAddr {
    let l = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = l.local_addr().unwrap();
    tokio::spawn(async move {
        while let Ok((mut s, _)) = l.accept().await {
            tokio::spawn(async move {
                let mut got = Vec::new();
                let mut buf = [0u8; 4096];
                while !got.windows(4).any(|w| w == b"\r\n\r\n") {
                    match s.read(&mut buf).await {
                        Ok(0) | Err(_) => return,
                        Ok(n) => got.extend_from_slice(&buf[..n]),
                    }
                }
                let _ = s.write_all(ANSWER).await;
            });
        }
    });
    addr
}

/// `GET /t` with `TE: trailers` on a fresh connection to `addr`; the raw answer.
async fn get_with_trailers(addr: &str) -> String {
    let mut s = TcpStream::connect(addr).await.unwrap();
    s.write_all(
        b"GET /t HTTP/1.1\r\nhost: agent.test\r\nte: trailers\r\nconnection: close\r\n\r\n",
    )
    .await
    .unwrap();
    let mut out = Vec::new();
    tokio::time::timeout(Duration::from_secs(10), s.read_to_end(&mut out))
        .await
        .expect("answer within 10 s")
        .unwrap();
    String::from_utf8_lossy(&out).to_ascii_lowercase()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn trailers_pass_and_the_exchange_is_complete() {
    let up = agent().await;
    let direct = get_with_trailers(&up.to_string()).await;
    assert!(direct.contains("x-checksum: abc123"), "{direct}");

    let (_dir, rec, pipeline, base) = start_recording_to(up).await;
    let via = get_with_trailers(base.trim_start_matches("http://")).await;
    assert!(via.starts_with("http/1.1 200"), "{via}");
    assert!(via.contains("\r\n\r\n2\r\n{}\r\n0\r\n"), "{via}");
    assert!(via.contains("x-checksum: abc123"), "{via}");
    assert!(via.contains("x-auth-token: trailer-secret"), "{via}");

    let evs = wait_for_exchange_end(&rec).await;
    pipeline.finish().await.unwrap();
    let (outcome, error, _) = outcome(&evs, "e1");
    assert_eq!(outcome, Outcome::Complete, "{error:?}");
    let trailers = evs
        .iter()
        .find_map(|e| match &e.kind {
            EventKind::ExchangeEnd { trailers, .. } => trailers.clone(),
            _ => None,
        })
        .expect("trailers recorded");
    assert_eq!(trailers.get("x-checksum"), Some("abc123"));
    let token = trailers.get("x-auth-token").unwrap_or("");
    assert!(
        a2a_interop::record::redact::placeholder_tag(token).is_some(),
        "{token}"
    );
}

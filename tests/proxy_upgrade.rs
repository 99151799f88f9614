//! An agent that answers `101 Switching Protocols` (a WebSocket endpoint behind the same
//! route, say). The proxy forwards no `Upgrade` (hop-by-hop, RFC 9110 §7.6.1), so the agent
//! switched to a protocol nobody asked for (RFC 9110 §15.2.2): the client gets a `502` that
//! says so instead of a 101 without `Upgrade` on a dead connection, the proxy stays up, and
//! the recording ends the exchange `upstream_error` with the cause. Raw sockets both sides.

use crate::proxy_support as support;
use crate::raw_http;

use std::net::SocketAddr;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use a2a_interop::record::Outcome;
use raw_http::serve_after_head;
use support::*;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

/// An agent that answers every request head with a 101 to WebSocket and keeps the
/// connection open; the request heads it got go to `seen`.
async fn switching_agent(seen: Arc<Mutex<Vec<String>>>) -> SocketAddr {
    serve_after_head(move |mut s, got| {
        let seen = seen.clone();
        async move {
            seen.lock()
                .unwrap()
                .push(String::from_utf8_lossy(&got).to_ascii_lowercase());
            let _ = s
                .write_all(b"HTTP/1.1 101 Switching Protocols\r\nupgrade: websocket\r\nconnection: upgrade\r\n\r\n")
                .await;
            tokio::time::sleep(Duration::from_secs(30)).await;
        }
    })
    .await
}

/// `GET /ws` asking for a WebSocket upgrade; the raw answer until the proxy closes or 10 s.
async fn get_upgrade(addr: &str) -> String {
    let mut s = TcpStream::connect(addr).await.unwrap();
    s.write_all(b"GET /ws HTTP/1.1\r\nhost: agent.test\r\nupgrade: websocket\r\nconnection: upgrade\r\nsec-websocket-version: 13\r\nsec-websocket-key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n")
        .await
        .unwrap();
    let mut out = Vec::new();
    let mut buf = [0u8; 4096];
    // Read the whole head and the text body (a 502 with content-length), not to EOF.
    let _ = tokio::time::timeout(Duration::from_secs(10), async {
        loop {
            match s.read(&mut buf).await {
                Ok(0) | Err(_) => break,
                Ok(n) => out.extend_from_slice(&buf[..n]),
            }
            let text = String::from_utf8_lossy(&out);
            if let Some((head, body)) = text.split_once("\r\n\r\n") {
                let len = head
                    .lines()
                    .find_map(|l| {
                        l.to_ascii_lowercase()
                            .strip_prefix("content-length:")
                            .map(|v| v.trim().parse::<usize>().unwrap_or(0))
                    })
                    .unwrap_or(0);
                if body.len() >= len {
                    break;
                }
            }
        }
    })
    .await;
    String::from_utf8_lossy(&out).to_string()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_unasked_101_is_a_502_that_says_why() {
    let seen = Arc::new(Mutex::new(Vec::new()));
    let up = switching_agent(seen.clone()).await;
    let (_dir, rec, pipeline, base) = start_recording_to(up).await;
    let addr = base.trim_start_matches("http://").to_string();
    let answer = get_upgrade(&addr).await;
    assert!(answer.starts_with("HTTP/1.1 502"), "{answer}");
    assert!(
        answer.contains("answered 101 Switching Protocols (Upgrade: websocket)"),
        "{answer}"
    );
    // The Upgrade request fields are hop-by-hop: the agent never saw them.
    let heads = seen.lock().unwrap().clone();
    assert_eq!(heads.len(), 1, "{heads:?}");
    assert!(!heads[0].contains("upgrade: websocket"), "{}", heads[0]);

    let evs = wait_for_exchange_end(&rec).await;
    let (out, error, _) = outcome(&evs, "e1");
    assert_eq!(out, Outcome::UpstreamError);
    assert!(
        error
            .as_deref()
            .unwrap_or("")
            .contains("101 Switching Protocols"),
        "{error:?}"
    );
    // The proxy is still up for the next exchange.
    let again = get_upgrade(&addr).await;
    assert!(again.starts_with("HTTP/1.1 502"), "{again}");
    pipeline.finish().await.unwrap();
}

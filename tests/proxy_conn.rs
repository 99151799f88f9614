//! `conn` numbering (issue 7): one number per accepted client TCP connection, carried by its
//! `conn_open` and by every `request_head` that arrived on it, however slow the connection
//! and however many other connections open in between. Real loopback sockets, a slow agent
//! (each answer 40 ms late, as a Nagle + delayed-ACK stall makes it), raw HTTP/1.1 clients
//! whose local port identifies their socket.

use crate::proxy_support as support;
use crate::raw_http;

use std::collections::HashMap;
use std::time::Duration;

use a2a_interop::record::{Event, EventKind};
use bytes::Bytes;
use hyper::Response;
use support::*;
use tokio::io::AsyncWriteExt;
use tokio::net::TcpStream;

const BODY: &str = r#"{"jsonrpc":"2.0","id":1,"method":"message/send","params":{"message":{"kind":"message","messageId":"u1","role":"user","parts":[{"kind":"text","text":"hi"}]}}}"#;
const REPLY: &[u8] = br#"{"jsonrpc":"2.0","id":1,"result":{"kind":"message","messageId":"a1","role":"agent","parts":[{"kind":"text","text":"ok"}]}}"#;

/// Sends `n` keep-alive requests on one TCP connection, one after the other, each after the
/// previous answer; returns the connection's local `ip:port` (the proxy's `conn_open.peer`).
async fn client(base: String, n: usize) -> String {
    let addr = base.trim_start_matches("http://").to_string();
    let mut s = TcpStream::connect(&addr).await.unwrap();
    s.set_nodelay(true).unwrap();
    let me = s.local_addr().unwrap().to_string();
    let req = format!(
        "POST /rpc HTTP/1.1\r\nhost: {addr}\r\ncontent-type: application/json\r\ncontent-length: {}\r\n\r\n{BODY}",
        BODY.len()
    );
    let mut got: Vec<u8> = Vec::new();
    for i in 0..n {
        s.write_all(req.as_bytes()).await.unwrap();
        let m = tokio::time::timeout(
            Duration::from_secs(20),
            raw_http::read_message(&mut s, &mut got),
        )
        .await
        .expect("answer within 20 s")
        .unwrap_or_else(|| panic!("the proxy closed the connection after {i} requests"));
        let head = m.head_lower();
        assert!(head.starts_with("http/1.1 200"), "request {i}: {head}");
    }
    me
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_conn_number_per_client_connection_on_slow_keep_alive_connections() {
    // Every answer 40 ms late.
    let agent = serve(std::sync::Arc::new(
        |req: hyper::Request<hyper::body::Incoming>| {
            Box::pin(async move {
                let _ = http_body_util::BodyExt::collect(req.into_body()).await;
                tokio::time::sleep(Duration::from_millis(40)).await;
                Response::builder()
                    .header("content-type", "application/json")
                    .body(full(Bytes::from_static(REPLY)))
                    .unwrap()
            })
        },
    ))
    .await;
    let (_dir, rec, p, base) = start_recording_to(agent).await;
    // Two long, slow connections (50 requests each, ~2 s) while short connections open and
    // close around them, so the connection counter moves on during their lives.
    let long_a = tokio::spawn(client(base.clone(), 50));
    let long_b = tokio::spawn(client(base.clone(), 50));
    let mut short = Vec::new();
    for _ in 0..10 {
        short.push(client(base.clone(), 1).await);
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let a = long_a.await.unwrap();
    let b = long_b.await.unwrap();
    p.finish().await.unwrap();

    let evs: Vec<Event> = read_events(&rec);
    // conn_open: one per TCP connection, unique numbers, keyed by the client's address.
    let mut by_peer: HashMap<String, u64> = HashMap::new();
    for e in &evs {
        if let EventKind::ConnOpen { conn, peer, .. } = &e.kind {
            assert!(
                by_peer.insert(peer.clone(), *conn).is_none(),
                "two conn_open for {peer}"
            );
        }
    }
    assert_eq!(by_peer.len(), 12, "{by_peer:?}");
    let mut numbers: Vec<u64> = by_peer.values().copied().collect();
    numbers.sort_unstable();
    numbers.dedup();
    assert_eq!(numbers.len(), 12, "conn numbers not unique: {by_peer:?}");
    // request_head.conn: per connection, exactly its conn_open number, once per request.
    let mut per_conn: HashMap<u64, usize> = HashMap::new();
    for e in &evs {
        if let EventKind::RequestHead { conn, .. } = &e.kind {
            let c = conn.expect("request_head.conn is set by the proxy");
            *per_conn.entry(c).or_default() += 1;
        }
    }
    assert_eq!(per_conn.get(&by_peer[&a]), Some(&50), "{per_conn:?}");
    assert_eq!(per_conn.get(&by_peer[&b]), Some(&50), "{per_conn:?}");
    for s in &short {
        assert_eq!(per_conn.get(&by_peer[s]), Some(&1), "{s}: {per_conn:?}");
    }
    assert_eq!(per_conn.values().sum::<usize>(), 110);
}

//! Raw HTTP/1.1 for the hand-made agents and clients of the proxy tests, real sockets on
//! 127.0.0.1 so that nothing but the code under test decides what goes on the wire:
//! - [`read_message`]: one message (head, then `content-length` bytes of body, RFC 9112
//!   §6.3) off a keep-alive stream; no chunked bodies, no trailers;
//! - [`read_head`]: the bytes up to the end of a request head, body left unread;
//!   [`read_head_only`] / [`serve_after_head_only`]: not a byte past the head read, for
//!   agents that answer before they read the body;
//! - [`serve_connections`] / [`serve_after_head`]: a small TCP server whose answer (fixed
//!   bytes, or bytes made from the head) the test writes itself;
//! - [`send_and_read_to_end`]: a client that writes raw request bytes and reads the raw
//!   answer until the peer closes; [`exchange_raw`] the same for an answer that may be cut;
//! - [`read_request`] / [`raw_agent`]: one whole request (chunked or `content-length`
//!   body), and an agent that answers every request with fixed bytes;
//! - [`chunked`] / [`json_answer`]: message bytes to send.
#![allow(dead_code)]

use std::future::Future;
use std::net::SocketAddr;
use std::time::Duration;

use tokio::io::{AsyncRead, AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::mpsc;

/// Reads from `s` until a whole head has arrived (the blank line `\r\n\r\n` that ends the
/// header section, RFC 9112 §2.1); the bytes read, which may go on past the head into the
/// start of the body (reads of up to 4096 bytes). `None` when the stream ends or fails first.
pub async fn read_head<S: AsyncRead + Unpin>(s: &mut S) -> Option<Vec<u8>> {
    let mut got = Vec::new();
    let mut buf = [0u8; 4096];
    while !got.windows(4).any(|w| w == b"\r\n\r\n") {
        match s.read(&mut buf).await {
            Ok(0) | Err(_) => return None,
            Ok(n) => got.extend_from_slice(&buf[..n]),
        }
    }
    Some(got)
}

/// Starts a raw TCP server on 127.0.0.1 (a free port): every accepted connection is handed
/// to `on_connection` on its own task, until the runtime ends. The server's address.
pub async fn serve_connections<F, Fut>(on_connection: F) -> SocketAddr
where
    F: Fn(TcpStream) -> Fut + Send + 'static,
    Fut: Future<Output = ()> + Send + 'static,
{
    let l = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = l.local_addr().unwrap();
    tokio::spawn(async move {
        while let Ok((s, _)) = l.accept().await {
            tokio::spawn(on_connection(s));
        }
    });
    addr
}

/// [`serve_connections`] for an agent that answers once it has a request head: each
/// connection's stream and the bytes [`read_head`] got go to `on_head`, which writes the
/// answer (and may go on reading or hold the connection); a connection that closes before
/// a whole head is dropped. The server's address.
pub async fn serve_after_head<F, Fut>(on_head: F) -> SocketAddr
where
    F: Fn(TcpStream, Vec<u8>) -> Fut + Send + Sync + 'static,
    Fut: Future<Output = ()> + Send + 'static,
{
    let on_head = std::sync::Arc::new(on_head);
    serve_connections(move |mut s| {
        let on_head = on_head.clone();
        async move {
            if let Some(head) = read_head(&mut s).await {
                on_head(s, head).await;
            }
        }
    })
    .await
}

/// Connects to `addr` (`host:port`), writes `request` whole and reads the answer until the
/// peer closes; panics when that takes more than 10 s. The raw answer bytes.
pub async fn send_and_read_to_end(addr: &str, request: &[u8]) -> Vec<u8> {
    let mut s = TcpStream::connect(addr).await.unwrap();
    s.write_all(request).await.unwrap();
    let mut out = Vec::new();
    tokio::time::timeout(Duration::from_secs(10), s.read_to_end(&mut out))
        .await
        .expect("answer within 10 s")
        .unwrap();
    out
}

/// One HTTP/1.1 message off the wire.
pub struct Message {
    /// Start line and header fields as sent, with the blank line that ends them
    /// (`"POST /rpc HTTP/1.1\r\n...\r\n\r\n"`).
    pub head: String,
    /// `content-length` bytes of body (empty without the field).
    pub body: Vec<u8>,
}

impl Message {
    /// The head in ASCII lower case (`"post /rpc http/1.1\r\n..."`), for prefix checks.
    pub fn head_lower(&self) -> String {
        self.head.to_ascii_lowercase()
    }

    /// Head and body as sent, the body decoded lossily as UTF-8.
    pub fn text(&self) -> String {
        format!("{}{}", self.head, String::from_utf8_lossy(&self.body))
    }
}

/// Reads the next message from `s`. `pending` holds bytes read past the previous message
/// (pass the same buffer to every call on one connection). `None` when the stream ends
/// or fails before a whole message arrived.
pub async fn read_message<S: AsyncRead + Unpin>(
    s: &mut S,
    pending: &mut Vec<u8>,
) -> Option<Message> {
    let mut buf = vec![0u8; 65536];
    let end = loop {
        if let Some(i) = pending.windows(4).position(|w| w == b"\r\n\r\n") {
            break i + 4;
        }
        match s.read(&mut buf).await {
            Ok(0) | Err(_) => return None,
            Ok(n) => pending.extend_from_slice(&buf[..n]),
        }
    };
    let head = String::from_utf8_lossy(&pending[..end]).to_string();
    let len: usize = head
        .to_ascii_lowercase()
        .lines()
        .find_map(|l| l.strip_prefix("content-length:"))
        .and_then(|v| v.trim().parse().ok())
        .unwrap_or(0);
    while pending.len() < end + len {
        match s.read(&mut buf).await {
            Ok(0) | Err(_) => return None,
            Ok(n) => pending.extend_from_slice(&buf[..n]),
        }
    }
    let body = pending[end..end + len].to_vec();
    pending.drain(..end + len);
    Some(Message { head, body })
}

/// `data` as one chunk of a chunked body plus the last chunk (RFC 9112 §7.1).
pub fn chunked(data: &[u8]) -> Vec<u8> {
    let mut out = format!("{:x}\r\n", data.len()).into_bytes();
    out.extend_from_slice(data);
    out.extend_from_slice(b"\r\n0\r\n\r\n");
    out
}

/// A whole `200` answer with `content-type: application/json` and `body` framed by its
/// `content-length`.
pub fn json_answer(body: &[u8]) -> Vec<u8> {
    let mut raw = format!(
        "HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: {}\r\n\r\n",
        body.len()
    )
    .into_bytes();
    raw.extend_from_slice(body);
    raw
}

/// Reads one request (head, then a chunked body to its last chunk or `content-length`
/// bytes) off `s`: the bytes read, `None` when the client left first.
pub async fn read_request(s: &mut TcpStream) -> Option<Vec<u8>> {
    let mut got = Vec::new();
    let mut buf = [0u8; 8192];
    loop {
        if let Some(end) = got.windows(4).position(|w| w == b"\r\n\r\n") {
            let head = String::from_utf8_lossy(&got[..end]).to_ascii_lowercase();
            if head.contains("transfer-encoding:") {
                if got[end..].windows(5).any(|w| w == b"0\r\n\r\n") {
                    return Some(got);
                }
            } else {
                let len: usize = head
                    .lines()
                    .find_map(|l| l.strip_prefix("content-length:"))
                    .and_then(|v| v.trim().parse().ok())
                    .unwrap_or(0);
                if got.len() >= end + 4 + len {
                    return Some(got);
                }
            }
        }
        match s.read(&mut buf).await {
            Ok(0) | Err(_) => return None,
            Ok(n) => got.extend_from_slice(&buf[..n]),
        }
    }
}

/// An agent that answers every request ([`read_request`]) with `raw` (a whole HTTP/1.1
/// response as bytes) and closes the connection 50 ms later; each request it read goes to
/// the returned receiver, raw.
pub async fn raw_agent(raw: Vec<u8>) -> (SocketAddr, mpsc::UnboundedReceiver<Vec<u8>>) {
    let (tx, rx) = mpsc::unbounded_channel();
    let addr = serve_connections(move |mut s| {
        let raw = raw.clone();
        let tx = tx.clone();
        async move {
            if let Some(req) = read_request(&mut s).await {
                let _ = tx.send(req);
                let _ = s.write_all(&raw).await;
                let _ = s.flush().await;
                tokio::time::sleep(Duration::from_millis(50)).await;
            }
        }
    })
    .await;
    (addr, rx)
}

/// Connects to `addr` (`host:port`, or a base URL `http://host:port`), writes `request`
/// whole and reads what comes back until the peer closes, the read fails or 20 s pass (an
/// answer cut short is no error here).
pub async fn exchange_raw(addr: &str, request: &[u8]) -> Vec<u8> {
    let mut s = TcpStream::connect(addr.trim_start_matches("http://"))
        .await
        .unwrap();
    s.write_all(request).await.unwrap();
    let mut out = Vec::new();
    let _ = tokio::time::timeout(Duration::from_secs(20), s.read_to_end(&mut out)).await;
    out
}

/// Reads `s` one byte at a time up to the end of the request head (`\r\n\r\n`) and not a
/// byte more: the body stays unread in the socket. False when the stream ends or fails
/// first.
pub async fn read_head_only<S: AsyncRead + Unpin>(s: &mut S) -> bool {
    let mut got = Vec::new();
    let mut b = [0u8; 1];
    while !got.ends_with(b"\r\n\r\n") {
        match s.read(&mut b).await {
            Ok(1) => got.push(b[0]),
            _ => return false,
        }
    }
    true
}

/// [`serve_connections`] for an agent that answers before it reads the body: on every
/// connection it reads the request head and nothing more ([`read_head_only`]), then, when
/// the head came whole, hands the socket to `then`, which may answer and read more; the
/// connection is closed when `then` is done. The server's address.
pub async fn serve_after_head_only<F, Fut>(then: F) -> SocketAddr
where
    F: Fn(TcpStream) -> Fut + Send + Sync + 'static,
    Fut: Future<Output = ()> + Send + 'static,
{
    let then = std::sync::Arc::new(then);
    serve_connections(move |mut s| {
        let then = then.clone();
        async move {
            if read_head_only(&mut s).await {
                then(s).await;
            }
        }
    })
    .await
}

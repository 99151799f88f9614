//! Raw HTTP/1.1 framing for the hand-made agents and clients of the process-level tests:
//! read one message (head, then `content-length` bytes of body, RFC 9112 §6.3) off a
//! keep-alive stream. Only what those peers send: no chunked bodies, no trailers.
#![allow(dead_code)]

use tokio::io::{AsyncRead, AsyncReadExt};

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

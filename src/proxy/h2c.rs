/*!
Does a plain-HTTP upstream speak HTTP/2 with prior knowledge (h2c, RFC 9113 §3.3)?

An HTTP/2 client of the proxy (h2c) was forwarded to the agent over h2c too, so that its
streams share one connection as the client meant them to. Most A2A agents (uvicorn,
Express) speak HTTP/1.1 only, and every such request failed with a 502 ("frame with
invalid size"). The proxy now asks each upstream once: it sends the HTTP/2 connection
preface and an empty SETTINGS frame on a fresh connection and waits for the server's
SETTINGS frame (§3.4: the server's preface is a SETTINGS frame). An HTTP/1.1 server answers
`400 Bad Request` text or closes; then the client's requests go upstream over HTTP/1.1.
The answer is kept per upstream authority for the life of the proxy.

The other way round, an HTTP/1.1 client in front of an agent that speaks h2c only (Node's
`http2.createServer`, hyper's http2 server): the agent answers an HTTP/1.1 request with its
SETTINGS frame, which the HTTP/1.1 client reads as `invalid HTTP version parsed`, or, when
the frame comes before the request is written, as `received unexpected message from
connection`, or, when it closed the connection before the request was handed to it, as
`connection was not ready`, or, when it closed the connection on the HTTP/1.1 bytes before
hyper read its frame, as `operation was canceled: connection closed` ([`refused_http1`]). When the h2c probe above then confirms that the agent speaks
h2c, it is remembered as h2c-only ([`H2cSupport::mark_h2c_only`])
and every later request to it goes over h2c whatever the client spoke; the failed request is
sent again over h2c at once when it had no body (nothing of it was consumed), else it is
answered 502 saying so (its body was already sent and is not kept to be sent twice).
*/

use std::collections::{HashMap, HashSet};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Mutex;
use std::time::Duration;

use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

/// The client connection preface (RFC 9113 §3.4), then an empty SETTINGS frame (§6.5):
/// length 0, type 0x4, flags 0, stream 0.
const PREFACE: &[u8] = b"PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n\x00\x00\x00\x04\x00\x00\x00\x00\x00";

/// Longest wait for the server's first frame: 2 s.
pub const PROBE_TIMEOUT: Duration = Duration::from_secs(2);

/// Upstream authority (`host:port`) → speaks h2c. A probe that could not connect is not
/// kept (the upstream may come up later).
#[derive(Default)]
pub struct H2cSupport {
    known: Mutex<HashMap<String, bool>>,
    /// Upstream authorities that refused an HTTP/1.1 request ([`refused_http1`]).
    only: Mutex<HashSet<String>>,
    /// Set once `only` has an entry: HTTP/1.1 requests skip the lookup until then.
    any_only: AtomicBool,
}

/// The error chain of a failed HTTP/1.1 upstream request says the agent may have answered
/// in HTTP/2: its SETTINGS frame read by hyper's HTTP/1.1 parser as a bad version, or
/// received before the request was written, or the connection closed on that frame before
/// the pool handed it the request (`client error (Canceled): connection was not ready`,
/// seen under load), or closed it on the HTTP/1.1 bytes (not a valid connection preface)
/// before its frame was read (`client error (Canceled): operation was canceled: connection
/// closed`; 1 run in ~50 of proxy_h2c_upstream's test). The caller confirms with
/// [`H2cSupport::speaks_h2c`] (one probe per upstream, kept), so an agent that closed for
/// another reason is not taken for an h2c one.
pub fn refused_http1(cause: &str) -> bool {
    cause.contains("invalid HTTP version parsed")
        || cause.contains("received unexpected message from connection")
        || cause.contains("connection was not ready")
        || cause.contains("operation was canceled: connection closed")
}

impl H2cSupport {
    /// Remembers `authority` (`host:port`) as speaking h2c only: it answered an HTTP/1.1
    /// request with HTTP/2 ([`refused_http1`]). Bounded like the probe answers.
    pub fn mark_h2c_only(&self, authority: &str) {
        if let Ok(mut m) = self.known.lock() {
            if m.len() < 4096 || m.contains_key(authority) {
                m.insert(authority.to_string(), true);
            }
        }
        if let Ok(mut o) = self.only.lock() {
            if o.len() < 4096 {
                o.insert(authority.to_string());
                self.any_only.store(true, Ordering::Release);
            }
        }
    }

    /// Some upstream was marked h2c-only (one atomic load: the HTTP/1.1 fast path).
    pub fn has_h2c_only(&self) -> bool {
        self.any_only.load(Ordering::Acquire)
    }

    /// Whether `authority` was marked h2c-only ([`H2cSupport::mark_h2c_only`]); no lock
    /// taken until some upstream was.
    pub fn is_h2c_only(&self, authority: &str) -> bool {
        self.any_only.load(Ordering::Acquire)
            && self.only.lock().is_ok_and(|o| o.contains(authority))
    }

    /// Whether `authority` (`host:port` of an `http://` upstream) speaks h2c; probes on
    /// first use. `None` when the upstream could not be reached at all.
    pub async fn speaks_h2c(&self, authority: &str) -> Option<bool> {
        if let Some(k) = self
            .known
            .lock()
            .ok()
            .and_then(|m| m.get(authority).copied())
        {
            return Some(k);
        }
        let answer = probe(authority).await?;
        if let Ok(mut m) = self.known.lock() {
            // Bounded: one entry per upstream authority the routes or forward mode named.
            if m.len() < 4096 {
                m.insert(authority.to_string(), answer);
            }
        }
        Some(answer)
    }
}

/// One probe connection: `Some(true)` if the first frame back is SETTINGS, `Some(false)` on
/// anything else (HTTP/1.1 text, a close, silence for [`PROBE_TIMEOUT`]), `None` if the TCP
/// connection failed.
async fn probe(authority: &str) -> Option<bool> {
    let mut s = tokio::time::timeout(PROBE_TIMEOUT, TcpStream::connect(authority))
        .await
        .ok()?
        .ok()?;
    if s.write_all(PREFACE).await.is_err() {
        return Some(false);
    }
    let mut head = [0u8; 9];
    let got = tokio::time::timeout(PROBE_TIMEOUT, s.read_exact(&mut head)).await;
    // Frame header: 24-bit length, type, flags, 31-bit stream id; SETTINGS = type 0x4 on
    // stream 0 without the ACK flag.
    Some(matches!(got, Ok(Ok(_))) && head[3] == 0x4 && head[4] & 0x1 == 0 && head[5..9] == [0; 4])
}

#[cfg(test)]
mod tests {
    use super::*;
    use tokio::net::TcpListener;

    /// The error chains hyper's HTTP/1.1 client gives when an h2c-only agent answers or
    /// closes on an HTTP/1.1 request are the ones to confirm with a probe; an answered
    /// request's other failures (a reset, a timeout) are not.
    #[test]
    fn refused_http1_reads_each_way_an_h2c_agent_refuses() {
        for cause in [
            "client error (SendRequest): invalid HTTP version parsed",
            "client error (SendRequest): received unexpected message from connection",
            "client error (Canceled): connection was not ready",
            "client error (Canceled): operation was canceled: connection closed",
        ] {
            assert!(refused_http1(cause), "{cause}");
        }
        for cause in [
            "client error (SendRequest): connection error: Connection reset by peer (os error 104)",
            "client error (Connect): tcp connect error: Connection refused (os error 111)",
            "request timed out",
        ] {
            assert!(!refused_http1(cause), "{cause}");
        }
    }

    #[tokio::test]
    async fn an_http1_server_is_not_h2c_and_an_h2_server_is() {
        // HTTP/1.1 only: answers the preface with a 400 and closes.
        let l = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let h1 = l.local_addr().unwrap().to_string();
        tokio::spawn(async move {
            while let Ok((mut s, _)) = l.accept().await {
                let mut b = [0u8; 64];
                let _ = s.read(&mut b).await;
                let _ = s
                    .write_all(b"HTTP/1.1 400 Bad Request\r\ncontent-length: 0\r\n\r\n")
                    .await;
            }
        });
        // A real HTTP/2 server (hyper, prior knowledge).
        let l = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let h2 = l.local_addr().unwrap().to_string();
        tokio::spawn(async move {
            while let Ok((s, _)) = l.accept().await {
                tokio::spawn(
                    hyper::server::conn::http2::Builder::new(hyper_util::rt::TokioExecutor::new())
                        .serve_connection(
                            hyper_util::rt::TokioIo::new(s),
                            hyper::service::service_fn(|_r| async {
                                Ok::<_, std::convert::Infallible>(hyper::Response::new(
                                    http_body_util::Empty::<bytes::Bytes>::new(),
                                ))
                            }),
                        ),
                );
            }
        });
        let support = H2cSupport::default();
        assert_eq!(support.speaks_h2c(&h1).await, Some(false));
        assert_eq!(support.speaks_h2c(&h2).await, Some(true));
        // Kept: a second ask does not connect again (the answer is the same).
        assert_eq!(support.speaks_h2c(&h1).await, Some(false));
        assert_eq!(support.known.lock().unwrap().len(), 2);
        // Nothing listening: no answer, nothing kept.
        let dead = std::net::TcpListener::bind("127.0.0.1:0")
            .unwrap()
            .local_addr()
            .unwrap();
        assert_eq!(support.speaks_h2c(&dead.to_string()).await, None);
        assert_eq!(support.known.lock().unwrap().len(), 2);
    }
}

//! A plaintext HTTP/1.x request on the TLS listener (`proxy --tls-cert`): the client used
//! `http://` for an `https://` address (q22 Q2).
//!
//! rustls reads the request line as a broken TLS record and answers with a TLS alert: bytes
//! no HTTP client shows, and the proxy said nothing. As nginx does ("400 The plain HTTP
//! request was sent to HTTPS port"), the proxy now looks at the connection's first bytes
//! before the handshake ([`sniff`]: a TLS connection opens with a handshake record, content
//! type 22, RFC 8446 §5.1; an HTTP/1.x one with a method token and a space, RFC 9112 §3)
//! and answers a plaintext request with one short HTTP/1.1 400 that names the `https://`
//! URL to use, then closes the connection ([`refuse`]). It prints one stderr line, and
//! then at most one a minute with the count since, and the count not said yet at the stop
//! ([`Said`]): a client retrying in a loop
//! does not flood the terminal. Nothing is recorded past the connection's `conn_open`: no
//! request reached the agent, and the recording holds only what TLS clients sent.
//!
//! ```text
//! accept ──► sniff(first bytes, peeked) ──┬─ TLS / other ──► rustls handshake ──► serve
//!                                         └─ "GET /x HTTP/1.1" ──► 400, close, one line
//! ```

use std::net::SocketAddr;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use tokio::io::{AsyncReadExt as _, AsyncWriteExt as _};
use tokio::net::TcpStream;

/// Longest method token taken for an HTTP request line (`OPTIONS` is 7; registered methods
/// are shorter than this).
const MAX_METHOD: usize = 16;

/// How long [`refuse`] reads the request head before it answers, and then drains what the
/// client still sends (a request body) before it closes, so the kernel does not reset
/// the connection over unread bytes and cut the answer.
const LINGER: Duration = Duration::from_secs(1);

/// Most request bytes [`refuse`] reads (head and body together), then it closes.
const MAX_READ: usize = 64 * 1024;

/// Most empty-line bytes (CR, LF) taken before a request line: RFC 9112 §2.2 lets a server
/// ignore at least one empty line (CRLF) received before it (review22 R5).
const MAX_LEADING: usize = 16;

/// Least time between two stderr lines about plaintext requests ([`Said`]).
pub const SAY_EVERY: Duration = Duration::from_secs(60);

/// What a connection's first bytes say, as far as they go.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum First {
    /// A plaintext HTTP/1.x request line: a method token of uppercase letters, then a space.
    PlainHttp,
    /// Anything else: a TLS record (content type 22) or bytes no request line starts with;
    /// rustls judges them.
    Other,
    /// Too few bytes to tell (uppercase letters so far).
    Undecided,
}

/// Classifies the first bytes a client sent on the TLS listener ([`First`]). A TLS
/// ClientHello starts with byte 22 (RFC 8446 §5.1), never a letter; an HTTP/1.x request
/// line starts with its method, a token (RFC 9110 §9; every registered method is uppercase
/// letters), then SP (RFC 9112 §3).
pub fn classify(first: &[u8]) -> First {
    // empty lines before the request line (RFC 9112 §2.2); a TLS record never starts with
    // CR or LF
    let lead = first
        .iter()
        .take_while(|b| matches!(b, b'\r' | b'\n'))
        .count();
    if lead > MAX_LEADING {
        return First::Other;
    }
    let first = &first[lead..];
    for (i, b) in first.iter().enumerate() {
        match b {
            b' ' if i > 0 => return First::PlainHttp,
            b'A'..=b'Z' if i < MAX_METHOD => {}
            _ => return First::Other,
        }
    }
    First::Undecided
}

/// Peeks at the first bytes of `stream` (nothing consumed) until [`classify`] decides:
/// `true` for a plaintext HTTP request. End of stream or a read error: `false` (the
/// handshake then fails as it would have). Waits for bytes as long as the caller lets it
/// (its time limit on a request head): only an undecided start (empty lines, uppercase
/// letters) is waited on, and a TLS client's first byte decides at once, so a plain client
/// that sends its method a byte at a time, however slowly, still gets the 400 (review22
/// R5; a fixed 200 ms wait for the rest of the method answered it with a TLS alert).
pub async fn sniff(stream: &TcpStream) -> bool {
    let mut first = [0u8; MAX_LEADING + MAX_METHOD + 1];
    // peek returns at once while bytes are there: between peeks of an undecided start,
    // a pause that grows from 2 ms to 50 ms (a split over TCP segments decides within a
    // few ms; a slow client costs at most 20 wake-ups a second)
    let mut pause = Duration::from_millis(2);
    loop {
        let n = match stream.peek(&mut first).await {
            Ok(n) => n,
            Err(_) => return false,
        };
        match classify(&first[..n]) {
            First::PlainHttp => return true,
            First::Other => return false,
            First::Undecided if n == 0 => return false,
            First::Undecided => {
                tokio::time::sleep(pause).await;
                pause = (pause * 2).min(Duration::from_millis(50));
            }
        }
    }
}

/// The request line and `Host` of a request head, as far as `head` holds them:
/// `(method, request-target, host)`; empty strings for what is missing.
fn request_of(head: &[u8]) -> (String, String, String) {
    let lead = head
        .iter()
        .take_while(|b| matches!(b, b'\r' | b'\n'))
        .count();
    let text = String::from_utf8_lossy(&head[lead..]);
    let mut lines = text.split("\r\n").flat_map(|l| l.split('\n'));
    let line = lines.next().unwrap_or("");
    let mut parts = line.split(' ');
    let method = parts.next().unwrap_or("").to_string();
    let target = parts.next().unwrap_or("").to_string();
    let host = lines
        .take_while(|l| !l.is_empty())
        .find_map(|l| {
            let (name, value) = l.split_once(':')?;
            name.trim()
                .eq_ignore_ascii_case("host")
                .then(|| value.trim().to_string())
        })
        .unwrap_or_default();
    (method, target, host)
}

/// The `https://` URL the client should have used: its `Host` (when it is a plain
/// authority) or else the listener's address `local`, and the request's path, without
/// its query (`?...`, which may carry a credential, is not echoed).
pub fn https_url(host: &str, local: &str, target: &str) -> String {
    let authority_ok = !host.is_empty()
        && host
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b".-:[]_".contains(&b));
    let authority = if authority_ok { host } else { local };
    let path = if target.starts_with('/') {
        target.split(['?', '#']).next().unwrap_or("/")
    } else {
        "/"
    };
    let path: String = path
        .chars()
        .filter(|c| !c.is_control() && *c != '"' && *c != '<' && *c != '>')
        .collect();
    format!("https://{authority}{path}")
}

/// The whole HTTP/1.1 400 answer to a plaintext request on the TLS listener, naming `url`
/// (RFC 9110 §15.5.1; `Connection: close`, RFC 9112 §9.6: the proxy closes it after).
pub fn answer_400(url: &str) -> Vec<u8> {
    let body = format!(
        "400 Bad Request: the plain HTTP request was sent to an HTTPS port; this a2a-interop proxy listener speaks TLS only: use {url}\n"
    );
    format!(
        "HTTP/1.1 400 Bad Request\r\ncontent-type: text/plain; charset=utf-8\r\ncontent-length: {}\r\nconnection: close\r\n\r\n{body}",
        body.len()
    )
    .into_bytes()
}

/// Counts plaintext requests on a TLS listener and says when a stderr line is due: the
/// first at once, then at most one per [`SAY_EVERY`], carrying the count since the last.
#[derive(Debug, Default)]
pub struct Said {
    inner: Mutex<SaidInner>,
}

#[derive(Debug, Default)]
struct SaidInner {
    last: Option<Instant>,
    /// Requests since the last line, the current one included.
    unsaid: u64,
    /// The last request counted and not said yet: `(method, https URL, peer)`.
    last_unsaid: Option<(String, String, String)>,
}

impl Said {
    /// Notes one request at `now`; `Some(n)` when a line is due, `n` the requests it
    /// covers (1 for the first; those counted since the last line otherwise).
    pub fn note(&self, now: Instant) -> Option<u64> {
        let mut g = self
            .inner
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        g.unsaid += 1;
        let due = g
            .last
            .is_none_or(|t| now.saturating_duration_since(t) >= SAY_EVERY);
        if !due {
            return None;
        }
        g.last = Some(now);
        g.last_unsaid = None;
        Some(std::mem::take(&mut g.unsaid))
    }

    /// Notes one request as [`Self::note`] does, remembering `method`, `url` and `peer`
    /// for [`Self::unsaid_line`] when no line is due for it.
    pub fn note_request(&self, now: Instant, method: &str, url: &str, peer: &str) -> Option<u64> {
        let due = self.note(now);
        if due.is_none() {
            let mut g = self
                .inner
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner);
            g.last_unsaid = Some((method.to_string(), url.to_string(), peer.to_string()));
        }
        due
    }

    /// The count of what was noted since the last stderr line and not said yet, with the
    /// seconds since that line (`now` the stop); `None` when every one was said. For other
    /// one-a-minute warnings built on [`Self::note`] (the intercepting proxy's client TLS
    /// handshakes, [`super::forward`]).
    pub fn unsaid(&self, now: Instant) -> Option<(u64, u64)> {
        let g = self
            .inner
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if g.unsaid == 0 {
            return None;
        }
        let since = g
            .last
            .map(|t| now.saturating_duration_since(t).as_secs())
            .unwrap_or(0);
        Some((g.unsaid, since))
    }

    /// The stop's line for the requests counted since the last stderr line and not said
    /// (they came less than [`SAY_EVERY`] after it), `now` the stop; `None` when every
    /// request was said (review22 R4: a count between two one-a-minute lines was lost at
    /// the stop).
    pub fn unsaid_line(&self, now: Instant) -> Option<String> {
        let g = self
            .inner
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        let n = g.unsaid;
        if n == 0 {
            return None;
        }
        let since = g
            .last
            .map(|t| now.saturating_duration_since(t).as_secs())
            .unwrap_or(0);
        let (method, url, peer) = g.last_unsaid.clone().unwrap_or_default();
        let path = path_of(&url);
        Some(format!(
            "a2a-interop proxy: WARNING: {n} more plain http:// {} came to this TLS listener (--tls-cert) in the {since} s since the last such line (the last: {method} {path} from {peer}); each was answered 400 and not recorded; the client must use {url}",
            if n == 1 { "request" } else { "requests" }
        ))
    }
}

/// The path of an `https://` URL from [`https_url`] (`/` when it has none).
fn path_of(url: &str) -> &str {
    url.strip_prefix("https://")
        .and_then(|u| u.find('/').map(|i| &u[i..]))
        .unwrap_or("/")
}

/// The stderr line for `n` plaintext requests ([`Said::note`]), the last one `method
/// path` from `peer`, told to use `url`.
pub fn said_line(n: u64, method: &str, url: &str, peer: &str) -> String {
    let path = path_of(url);
    let what = if n == 1 {
        format!("a plain http:// request ({method} {path} from {peer})")
    } else {
        format!(
            "{n} plain http:// requests in the last {} s (the last: {method} {path} from {peer})",
            SAY_EVERY.as_secs()
        )
    };
    format!(
        "a2a-interop proxy: WARNING: {what} came to this TLS listener (--tls-cert): answered 400 \"the plain HTTP request was sent to an HTTPS port\"; the client must use {url}; later ones are counted, one line a minute at most; nothing of them is recorded"
    )
}

/// Client TLS handshakes that failed on the `--tls-cert` listener (newcomer48: a client
/// that did not trust the proxy's certificate left nothing but `conn_open` lines, no
/// stderr line, and `verify` then hinted at the upstream): one stderr line at once, then
/// one a minute with the count ([`Said`]), the rest said at the stop.
#[derive(Debug, Default)]
pub struct HandshakeFailures {
    said: Said,
    /// The last failure not said yet: `(peer, cause)`, for the stop's line.
    last: Mutex<Option<(String, String)>>,
}

impl HandshakeFailures {
    /// Notes a client handshake from `peer` that failed with `cause` (rustls's words); the
    /// stderr line when one is due ([`handshake_failed_line`], `cert` the `--tls-cert`
    /// file).
    pub fn note(&self, peer: &str, cause: &str, cert: &std::path::Path) -> Option<String> {
        let n = self.said.note(Instant::now());
        if n.is_none() {
            *self
                .last
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner) =
                Some((peer.to_string(), cause.to_string()));
        }
        n.map(|n| handshake_failed_line(n, peer, cause, cert, false))
    }

    /// The stop's line for the failures counted since the last line and not said yet;
    /// `None` when there are none.
    pub fn unsaid_line(&self, cert: &std::path::Path) -> Option<String> {
        let (n, _) = self.said.unsaid(Instant::now())?;
        let (peer, cause) = self
            .last
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .clone()
            .unwrap_or_default();
        Some(handshake_failed_line(n, &peer, &cause, cert, true))
    }
}

/// The stderr line for `n` client TLS handshakes that failed on the `--tls-cert` listener
/// (1 and not `at_stop`: the first of the run), the last from `peer` with `cause`; `cert`
/// the listener's certificate file. A cause that is an alert the client sent
/// (`received fatal alert: UnknownCA`, `BadCertificate`, `CertificateUnknown`: RFC 8446
/// §6.2) is a client that refused the certificate, told how to make each common client
/// trust it; any other cause (no shared TLS version, bytes that are no TLS) is said as
/// it is.
pub fn handshake_failed_line(
    n: u64,
    peer: &str,
    cause: &str,
    cert: &std::path::Path,
    at_stop: bool,
) -> String {
    let head = if n <= 1 && !at_stop {
        format!(
            "a client's TLS handshake with this https:// listener failed (client {peer}: {cause})"
        )
    } else {
        format!(
            "{n} {} with this https:// listener failed since the last such line (the last: client {peer}: {cause})",
            if n == 1 { "client TLS handshake" } else { "client TLS handshakes" },
        )
    };
    let refused = cause.contains("alert");
    let (why, hint) = if refused {
        (
            format!("the client refused the proxy's certificate (--tls-cert {}), so its requests never reached the proxy and nothing of them is recorded", cert.display()),
            format!("make the client trust that certificate, or the CA that signed it, and check it names the host the client dials: curl --cacert FILE, Python httpx (the A2A SDK's client) SSL_CERT_FILE=FILE, requests REQUESTS_CA_BUNDLE=FILE, Node NODE_EXTRA_CA_CERTS=FILE (FILE: {} or its CA)", cert.display()),
        )
    } else {
        (
            "no request of that connection reached the proxy and nothing of it is recorded"
                .to_string(),
            "the client must speak TLS 1.2 or 1.3 (https://) to this listener".to_string(),
        )
    };
    let more = if at_stop {
        ""
    } else {
        " (more such failures: one line a minute, with the count)"
    };
    format!("a2a-interop proxy: WARNING: {head}: {why}; hint: {hint}{more}")
}

/// Answers the plaintext HTTP request on `stream` (the TLS listener at `local`, client
/// `peer`) with [`answer_400`] and closes the connection: reads the request head (up to
/// [`LINGER`]), hands `say` the line to print when `said` says one is due ([`said_line`]),
/// then writes the answer, shuts the sending side and drains what follows (a request
/// body) for up to [`LINGER`]. The request is counted, and its line said, before the
/// client has its answer: a client that sends the next request on receiving the 400 is
/// counted after this one, and the line does not wait out the drain. IO errors end it
/// quietly: the client went away.
pub async fn refuse(
    mut stream: TcpStream,
    local: SocketAddr,
    peer: SocketAddr,
    said: &Said,
    say: impl FnOnce(String),
) {
    let mut head = Vec::with_capacity(1024);
    let mut buf = [0u8; 4096];
    let until = tokio::time::Instant::now() + LINGER;
    while !head.windows(4).any(|w| w == b"\r\n\r\n") && head.len() < MAX_READ {
        match tokio::time::timeout_at(until, stream.read(&mut buf)).await {
            Ok(Ok(n)) if n > 0 => head.extend_from_slice(&buf[..n]),
            _ => break,
        }
    }
    let (method, target, host) = request_of(&head);
    let url = https_url(&host, &local.to_string(), &target);
    let method: String = method.chars().take(MAX_METHOD).collect();
    if let Some(n) = said.note_request(Instant::now(), &method, &url, &peer.to_string()) {
        say(said_line(n, &method, &url, &peer.to_string()));
    }
    let _ = stream.write_all(&answer_400(&url)).await;
    let _ = stream.shutdown().await;
    let mut drained = head.len();
    let until = tokio::time::Instant::now() + LINGER;
    while drained < MAX_READ {
        match tokio::time::timeout_at(until, stream.read(&mut buf)).await {
            Ok(Ok(n)) if n > 0 => drained += n,
            _ => break,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn request_lines_are_told_from_tls_records() {
        assert_eq!(classify(b"GET / HTTP/1.1\r\n"), First::PlainHttp);
        assert_eq!(classify(b"POST "), First::PlainHttp);
        assert_eq!(classify(b"PRI * HTTP/2.0"), First::PlainHttp);
        assert_eq!(classify(b"OPTIO"), First::Undecided);
        assert_eq!(classify(b""), First::Undecided);
        // a TLS ClientHello record (content type 22, version 3.x)
        assert_eq!(classify(&[0x16, 0x03, 0x01, 0x00, 0x2e]), First::Other);
        assert_eq!(classify(b" GET"), First::Other);
        assert_eq!(classify(b"get / HTTP/1.1"), First::Other);
        assert_eq!(classify(b"AAAAAAAAAAAAAAAAAAAA "), First::Other);
        // empty lines before the request line are ignored (RFC 9112 §2.2, review22 R5)
        assert_eq!(classify(b"\r\nGET / HTTP/1.1"), First::PlainHttp);
        assert_eq!(classify(b"\r\n\r\n"), First::Undecided);
        assert_eq!(classify(b"\nPO"), First::Undecided);
        assert_eq!(classify(&[b'\n'; MAX_LEADING + 1]), First::Other);
        assert_eq!(
            request_of(b"\r\nGET /a HTTP/1.1\r\nHost: h:1\r\n\r\n"),
            ("GET".into(), "/a".into(), "h:1".into())
        );
    }

    #[test]
    fn the_answer_names_the_https_url_without_the_query() {
        let (m, t, h) = request_of(b"POST /rpc?token=s3cret HTTP/1.1\r\nHost: agent.local:8443\r\nContent-Length: 2\r\n\r\n{}");
        assert_eq!(
            (m.as_str(), t.as_str(), h.as_str()),
            ("POST", "/rpc?token=s3cret", "agent.local:8443")
        );
        assert_eq!(
            https_url(&h, "127.0.0.1:8443", &t),
            "https://agent.local:8443/rpc"
        );
        // no Host, or a Host that is no authority: the listener's address
        assert_eq!(
            https_url("", "127.0.0.1:8443", "/a"),
            "https://127.0.0.1:8443/a"
        );
        assert_eq!(
            https_url("a b<script>", "127.0.0.1:8443", "*"),
            "https://127.0.0.1:8443/"
        );
        let a = String::from_utf8(answer_400("https://127.0.0.1:8443/rpc")).unwrap();
        let (head, body) = a.split_once("\r\n\r\n").unwrap();
        assert!(head.starts_with("HTTP/1.1 400 Bad Request\r\n"), "{head}");
        assert!(
            head.contains(&format!("content-length: {}\r\n", body.len())),
            "{head}"
        );
        assert!(head.ends_with("connection: close"), "{head}");
        assert_eq!(
            body,
            "400 Bad Request: the plain HTTP request was sent to an HTTPS port; this a2a-interop proxy listener speaks TLS only: use https://127.0.0.1:8443/rpc\n"
        );
    }

    #[test]
    fn one_line_then_one_a_minute_with_the_count() {
        let s = Said::default();
        let t0 = Instant::now();
        assert_eq!(s.note(t0), Some(1));
        for i in 1..=9 {
            assert_eq!(s.note(t0 + Duration::from_secs(i)), None);
        }
        assert_eq!(s.note(t0 + SAY_EVERY), Some(10));
        assert_eq!(s.note(t0 + SAY_EVERY + Duration::from_secs(1)), None);
        assert_eq!(
            said_line(1, "GET", "https://127.0.0.1:8443/x", "127.0.0.1:5555"),
            "a2a-interop proxy: WARNING: a plain http:// request (GET /x from 127.0.0.1:5555) came to this TLS listener (--tls-cert): answered 400 \"the plain HTTP request was sent to an HTTPS port\"; the client must use https://127.0.0.1:8443/x; later ones are counted, one line a minute at most; nothing of them is recorded"
        );
        // counted since the 60 s line and not said: the stop says them (review22 R4)
        let t1 = t0 + SAY_EVERY;
        let _ = s.note_request(
            t1 + Duration::from_secs(2),
            "POST",
            "https://h:1/rpc",
            "127.0.0.1:7",
        );
        assert_eq!(
            s.unsaid_line(t1 + Duration::from_secs(30)).as_deref(),
            Some("a2a-interop proxy: WARNING: 2 more plain http:// requests came to this TLS listener (--tls-cert) in the 30 s since the last such line (the last: POST /rpc from 127.0.0.1:7); each was answered 400 and not recorded; the client must use https://h:1/rpc")
        );
        assert_eq!(s.note(t1 + 2 * SAY_EVERY), Some(3));
        assert_eq!(s.unsaid_line(t1 + 2 * SAY_EVERY), None);
        assert_eq!(Said::default().unsaid_line(t0), None);
        assert!(said_line(10, "POST", "https://h:1/rpc", "p").contains(
            ": 10 plain http:// requests in the last 60 s (the last: POST /rpc from p) came"
        ));
    }
}

//! Trailer fields pass through the proxy untouched (RFC 9110 §6.5): an agent answers a
//! chunked body with declared trailers (`Trailer: X-Checksum, X-Auth-Token`); a client that
//! accepts trailers (`TE: trailers`) gets them through the proxy as it does directly, the
//! exchange is recorded `complete` (not `client_abort`), and the recorded trailers keep
//! `X-Checksum` and redact the token. Raw sockets on both sides, so nothing but the proxy
//! decides what is forwarded.

use crate::proxy_support as support;
use crate::raw_http;

use std::net::SocketAddr;

use a2a_interop::record::{EventKind, Outcome};
use raw_http::{send_and_read_to_end, serve_after_head, serve_connections};
use support::*;
use tokio::io::{AsyncReadExt, AsyncWriteExt};

const ANSWER: &[u8] = b"HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ntransfer-encoding: chunked\r\ntrailer: X-Checksum, X-Auth-Token\r\nconnection: close\r\n\r\n2\r\n{}\r\n0\r\nX-Checksum: abc123\r\nX-Auth-Token: TRAILER-SECRET\r\n\r\n";

/// An agent that reads one request head and answers [`ANSWER`], once per connection.
async fn agent() -> SocketAddr {
    serve_after_head(|mut s, _| async move {
        let _ = s.write_all(ANSWER).await;
    })
    .await
}

/// `GET /t` with `TE: trailers` on a fresh connection to `addr`; the raw answer.
async fn get_with_trailers(addr: &str) -> String {
    let out = send_and_read_to_end(
        addr,
        b"GET /t HTTP/1.1\r\nhost: agent.test\r\nte: trailers\r\nconnection: close\r\n\r\n",
    )
    .await;
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

/// An agent that reads one chunked request to the end of its trailer section and answers
/// 200 with the trailer lines it got (lowercase, one per line) as its body.
async fn trailer_echo() -> SocketAddr {
    serve_connections(|mut s| async move {
        let mut got = Vec::new();
        let mut buf = [0u8; 4096];
        let trailer_lines = loop {
            let text = String::from_utf8_lossy(&got).into_owned();
            if let Some(head_end) = text.find("\r\n\r\n") {
                let body = &text[head_end + 4..];
                if let Some(last) = body.find("\r\n0\r\n") {
                    let rest = &body[last + 5..];
                    if rest.ends_with("\r\n")
                        && (rest == "\r\n" || rest.ends_with("\r\n\r\n"))
                    {
                        break rest.trim().to_ascii_lowercase();
                    }
                }
            }
            match s.read(&mut buf).await {
                Ok(0) | Err(_) => return,
                Ok(n) => got.extend_from_slice(&buf[..n]),
            }
        };
        let answer = format!(
            "HTTP/1.1 200 OK\r\ncontent-type: text/plain\r\ncontent-length: {}\r\nconnection: close\r\n\r\n{trailer_lines}",
            trailer_lines.len()
        );
        let _ = s.write_all(answer.as_bytes()).await;
    })
    .await
}

/// A chunked POST with `trailer: {declared}` and the trailer section `trailers` (lines
/// ending `\r\n`) on a fresh connection to `addr`; the answer's body.
async fn post_with_trailers(addr: &str, declared: &str, trailers: &str) -> String {
    let req = format!(
        "POST /t HTTP/1.1\r\nhost: agent.test\r\ncontent-type: application/json\r\ntransfer-encoding: chunked\r\ntrailer: {declared}\r\nconnection: close\r\n\r\n2\r\n{{}}\r\n0\r\n{trailers}\r\n"
    );
    let out = send_and_read_to_end(addr, req.as_bytes()).await;
    let text = String::from_utf8_lossy(&out).into_owned();
    text.split_once("\r\n\r\n")
        .map(|(_, b)| b.to_string())
        .unwrap_or_default()
}

/// One `request_trailers` event: exchange id, trailer fields, reason.
type Recorded = (String, Vec<(String, String)>, Option<String>);

/// breaker16b T15: request trailers are recorded (redacted like headers, after the request
/// body), and a field HTTP/1.1 cannot carry to the agent is named in the event's `reason`
/// with the RFC that says why: `Authorization` (not allowed in trailers, RFC 9110 §6.5.1)
/// and a field the request's `Trailer` header did not declare (§6.6.2). The agent gets the
/// declared, allowed one. Control: a request whose trailers all reach the agent has no
/// `reason`.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn request_trailers_are_recorded_and_the_ones_not_forwarded_are_named() {
    let up = trailer_echo().await;
    let (_dir, rec, pipeline, base) = start_recording_to(up).await;
    let addr = base
        .trim_start_matches("http://")
        .trim_end_matches('/')
        .to_string();
    let seen = post_with_trailers(
        &addr,
        "X-Checksum, Authorization",
        "X-Checksum: abc123\r\nAuthorization: Bearer TRAILERSECRET\r\nX-Undeclared: u1\r\n",
    )
    .await;
    assert_eq!(seen, "x-checksum: abc123", "what reached the agent");
    let seen = post_with_trailers(&addr, "X-Checksum", "X-Checksum: def456\r\n").await;
    assert_eq!(seen, "x-checksum: def456", "what reached the agent");
    let evs = wait_for(&rec, |evs| {
        evs.iter()
            .filter(|e| matches!(e.kind, EventKind::ExchangeEnd { .. }))
            .count()
            == 2
    })
    .await;
    pipeline.finish().await.unwrap();
    let text = std::fs::read_to_string(&rec).unwrap();
    assert!(!text.contains("TRAILERSECRET"), "{text}");
    let recorded: Vec<Recorded> = evs
        .iter()
        .filter_map(|e| match &e.kind {
            EventKind::RequestTrailers { trailers, reason } => Some((
                e.exchange.as_deref().unwrap_or_default().to_string(),
                trailers
                    .iter()
                    .map(|(k, v)| (k.to_owned(), v.to_owned()))
                    .collect(),
                reason.clone(),
            )),
            _ => None,
        })
        .collect();
    assert_eq!(recorded.len(), 2, "{recorded:?}");
    let (ex, fields, reason) = &recorded[0];
    assert_eq!(ex, "e1");
    let names: Vec<&str> = fields.iter().map(|(n, _)| n.as_str()).collect();
    assert_eq!(names, ["x-checksum", "authorization", "x-undeclared"]);
    assert_eq!(fields[0].1, "abc123");
    let auth = fields[1].1.strip_prefix("Bearer ").unwrap_or("");
    assert!(
        a2a_interop::record::redact::placeholder_tag(auth).is_some(),
        "{fields:?}"
    );
    assert_eq!(
        reason.as_deref(),
        Some(
            "not forwarded to the agent over HTTP/1.1: authorization (not allowed in a trailer section, RFC 9110 §6.5.1: send it in the request header section); x-undeclared (not declared in the request's Trailer header, RFC 9110 §6.6.2)"
        )
    );
    // the trailers come after the request body, before the exchange ends
    let pos = |f: &dyn Fn(&EventKind) -> bool| {
        evs.iter()
            .position(|e| e.exchange.as_deref() == Some("e1") && f(&e.kind))
            .unwrap()
    };
    let body = pos(&|k| matches!(k, EventKind::RequestBody { .. }));
    let tr = pos(&|k| matches!(k, EventKind::RequestTrailers { .. }));
    let end = pos(&|k| matches!(k, EventKind::ExchangeEnd { .. }));
    assert!(body < tr && tr < end, "{body} {tr} {end}");
    let (ex, fields, reason) = &recorded[1];
    assert_eq!(ex, "e2");
    assert_eq!(fields, &[("x-checksum".to_string(), "def456".to_string())]);
    assert_eq!(reason, &None);
}

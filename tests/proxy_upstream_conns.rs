//! One upstream connection pool per client connection (breaker16b T5): the proxy changes no
//! connection semantics. Real HTTP on loopback sockets:
//!
//! - a gateway that closes a kept-alive connection when a second request arrives on it (the
//!   keep-alive timeout race of nginx, Node, Envoy): a client that opens a fresh connection
//!   per call gets every answer through the proxy, as it does talking to the gateway
//!   directly (a shared upstream pool sent its second call on the first call's connection,
//!   which the gateway closed: a `502` the client would never have seen);
//! - a client that keeps its own connection alive meets the race as it would directly: the
//!   proxy cannot send the POST again (RFC 9112 §9.3.1.1), answers `502`, and the recording
//!   and `verify` say so (GW-RESP-006, the same finding online and offline); an idempotent
//!   bodyless request (a GET) is sent once more on a new connection instead, and the
//!   recording says so (`exchange_end.resent`), as does its HAR export (`_resent`, `comment`);
//!   when the new connection fails too, the 502, the recording, `verify` (GW-RESP-006) and
//!   `report` say the request went twice;
//! - HTTP/2 multiplexing is kept: an h2c client's concurrent calls share one upstream h2c
//!   connection.

use crate::proxy_support as support;
use crate::raw_http;

use std::collections::BTreeSet;
use std::net::SocketAddr;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

use a2a_interop::app::pipeline::RunOutcome;
use a2a_interop::record::{Event, EventKind, Outcome};
use bytes::Bytes;
use tokio::io::AsyncWriteExt;
use tokio::net::TcpListener;

use support::*;

const SEND: &[u8] = br#"{"jsonrpc":"2.0","id":1,"method":"SendMessage","params":{"message":{"messageId":"m1","role":"ROLE_USER","parts":[{"text":"hi"}]}}}"#;

const ANSWER: &str = r#"{"jsonrpc":"2.0","id":1,"result":{"task":{"id":"t1","contextId":"c1","status":{"state":"TASK_STATE_COMPLETED"}}}}"#;

/// A gateway that answers the first request of each connection (HTTP/1.1, keep-alive) and
/// closes the connection, unanswered, when a second request arrives on it. Returns its
/// address and the count of connections it accepted.
async fn ka_race_gateway() -> (SocketAddr, Arc<AtomicUsize>) {
    ka_race_gateway_ext(false).await
}

/// As [`ka_race_gateway`] on its first connection; every later connection reads a request
/// and closes unanswered (a gateway whose workers are gone).
async fn ka_race_then_dead_gateway() -> (SocketAddr, Arc<AtomicUsize>) {
    ka_race_gateway_ext(true).await
}

/// [`ka_race_gateway`], or with `dead_after` [`ka_race_then_dead_gateway`].
async fn ka_race_gateway_ext(dead_after: bool) -> (SocketAddr, Arc<AtomicUsize>) {
    let l = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = l.local_addr().unwrap();
    let accepted = Arc::new(AtomicUsize::new(0));
    let n = accepted.clone();
    tokio::spawn(async move {
        while let Ok((mut s, _)) = l.accept().await {
            let first = n.fetch_add(1, Ordering::SeqCst) == 0;
            tokio::spawn(async move {
                let mut pending = Vec::new();
                if raw_http::read_message(&mut s, &mut pending).await.is_none()
                    || (dead_after && !first)
                {
                    return;
                }
                let head = format!(
                    "HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: {}\r\n\r\n",
                    ANSWER.len()
                );
                let _ = s.write_all(head.as_bytes()).await;
                let _ = s.write_all(ANSWER.as_bytes()).await;
                let _ = s.flush().await;
                // the second request: closed as it arrives, no answer
                let _ = raw_http::read_message(&mut s, &mut pending).await;
            });
        }
    });
    (addr, accepted)
}

/// The agent answered every call: no answer of the proxy's own in the recording (a
/// synthetic `response_head`), and no GW-RESP-006 from the verifier.
fn assert_no_proxy_answer(evs: &[Event], run: &RunOutcome) {
    assert!(
        !evs.iter().any(|e| matches!(
            e.kind,
            EventKind::ResponseHead {
                synthetic: true,
                ..
            }
        )),
        "the proxy answered a call itself"
    );
    assert!(
        !run.verify.findings.iter().any(|f| f.rule == "GW-RESP-006"),
        "{:?}",
        run.verify.findings
    );
}

/// `exchange_end.resent` of exchange `ex`.
fn resent_of(evs: &[a2a_interop::record::Event], ex: &str) -> Option<String> {
    of_exchange(evs, ex)
        .into_iter()
        .find_map(|e| match &e.kind {
            EventKind::ExchangeEnd { resent, .. } => Some(resent.clone()),
            _ => None,
        })?
}

/// Fresh client connection per call: every call answered 200 by the gateway, each on its
/// own upstream connection (the shared pool made the second a 502), and the recording
/// holds no answer of the proxy's own.
#[tokio::test]
async fn fresh_client_connection_gets_fresh_upstream_connection() {
    let (gw, accepted) = ka_race_gateway().await;
    let (_dir, rec, pipeline, base) = start_recording_to(gw).await;
    for k in 0..3 {
        // a new client (pool) per call: a new client connection
        let (status, _, body) = fetch(&client_h1(), post(&format!("{base}/"), SEND)).await;
        assert_eq!(status, 200, "call {k}: {}", String::from_utf8_lossy(&body));
        assert_eq!(body, Bytes::from_static(ANSWER.as_bytes()), "call {k}");
    }
    let run = pipeline.finish().await.unwrap();
    assert_eq!(accepted.load(Ordering::SeqCst), 3);
    let evs = read_events(&rec);
    let ids = exchanges(&evs);
    assert_eq!(ids.len(), 3);
    for ex in &ids {
        assert_eq!(outcome(&evs, ex).0, Outcome::Complete, "{ex}");
    }
    assert_no_proxy_answer(&evs, &run);
}

/// The client's own keep-alive connection: its second call meets the gateway's close on
/// the upstream connection kept for it. The proxy does not send the POST again; its 502
/// is recorded as its own (`synthetic`, `upstream_error` with the cause) and reported as
/// GW-RESP-006, online and offline alike.
#[tokio::test]
async fn kept_alive_client_connection_keeps_its_upstream_connection() {
    let (gw, accepted) = ka_race_gateway().await;
    let (_dir, rec, pipeline, base) = start_recording_to(gw).await;
    let client = client_h1();
    let (first, _, _) = fetch(&client, post(&format!("{base}/"), SEND)).await;
    assert_eq!(first, 200);
    let (second, _, body) = fetch(&client, post(&format!("{base}/"), SEND)).await;
    let body = String::from_utf8_lossy(&body).to_string();
    assert_eq!(second, 502, "{body}");
    assert!(body.contains("answered no valid HTTP response"), "{body}");
    let run = pipeline.finish().await.unwrap();
    // the second call went on the first call's upstream connection, not a new one
    assert_eq!(accepted.load(Ordering::SeqCst), 1);
    let evs = read_events(&rec);
    let ids = exchanges(&evs);
    assert_eq!(ids.len(), 2);
    let (out, error, _) = outcome(&evs, &ids[1]);
    assert_eq!(out, Outcome::UpstreamError);
    assert!(
        error.as_deref().unwrap_or("").contains("closed"),
        "{error:?}"
    );
    let found: Vec<_> = run
        .verify
        .findings
        .iter()
        .filter(|f| f.rule == "GW-RESP-006")
        .collect();
    assert_eq!(found.len(), 1, "{:?}", run.verify.findings);
    assert!(
        found[0].message.contains("recording proxy's own HTTP 502")
            && found[0].message.contains("idle keep-alive timeout")
            && found[0]
                .message
                .contains("a POST is not idempotent, so the proxy does not send it again"),
        "{}",
        found[0].message
    );
    // sent once: nothing says otherwise
    assert_eq!(resent_of(&evs, &ids[1]), None);
    assert_offline_matches(&run.verify, &rec);
}

/// HTTP/2 multiplexing is kept: four concurrent calls of one h2c client connection reach
/// an h2c upstream on one connection.
#[tokio::test]
async fn h2_client_streams_share_one_upstream_connection() {
    let l = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let up = l.local_addr().unwrap();
    let conns_with_calls = Arc::new(Mutex::new(BTreeSet::new()));
    let seen = conns_with_calls.clone();
    tokio::spawn(async move {
        let mut n = 0usize;
        while let Ok((s, _)) = l.accept().await {
            n += 1;
            let conn = n;
            let seen = seen.clone();
            tokio::spawn(async move {
                let svc = hyper::service::service_fn(move |req: hyper::Request<_>| {
                    let seen = seen.clone();
                    async move {
                        if req.method() == hyper::Method::POST {
                            seen.lock().unwrap().insert(conn);
                        }
                        let mut r =
                            hyper::Response::new(full(Bytes::from_static(ANSWER.as_bytes())));
                        r.headers_mut().insert(
                            "content-type",
                            hyper::header::HeaderValue::from_static("application/json"),
                        );
                        Ok::<_, std::convert::Infallible>(r)
                    }
                });
                let _ = hyper_util::server::conn::auto::Builder::new(
                    hyper_util::rt::TokioExecutor::new(),
                )
                .serve_connection(hyper_util::rt::TokioIo::new(s), svc)
                .await;
            });
        }
    });
    let (_dir, _rec, pipeline, base) = start_recording_to(up).await;
    let client = client_h2();
    let calls = (0..4).map(|_| fetch(&client, post(&format!("{base}/"), SEND)));
    for (status, _, _) in futures_util::future::join_all(calls).await {
        assert_eq!(status, 200);
    }
    pipeline.finish().await.unwrap();
    assert_eq!(conns_with_calls.lock().unwrap().len(), 1);
}

/// The same race for an idempotent bodyless request (a REST GetTask, a card GET): the proxy
/// sends it once more on a new upstream connection (RFC 9112 §9.3.1.1 allows that for
/// idempotent methods, RFC 9110 §9.2.2), so the kept-alive client gets the gateway's
/// answer, as a client talking to the gateway directly gets it by retrying; the recording
/// holds the call once, answered, and nothing of the proxy's own.
#[tokio::test]
async fn kept_alive_idempotent_request_is_sent_again_on_a_new_connection() {
    let (gw, accepted) = ka_race_gateway().await;
    let (_dir, rec, pipeline, base) = start_recording_to(gw).await;
    let client = client_h1();
    for k in 0..2 {
        let (status, _, body) = fetch(&client, get(&format!("{base}/tasks/t1"))).await;
        assert_eq!(status, 200, "call {k}: {}", String::from_utf8_lossy(&body));
        assert_eq!(body, Bytes::from_static(ANSWER.as_bytes()), "call {k}");
    }
    let run = pipeline.finish().await.unwrap();
    // the second GET met the close on the kept connection, then went on a new one
    assert_eq!(accepted.load(Ordering::SeqCst), 2);
    let evs = read_events(&rec);
    let ids = exchanges(&evs);
    assert_eq!(ids.len(), 2);
    for ex in &ids {
        assert_eq!(outcome(&evs, ex), (Outcome::Complete, None, false), "{ex}");
    }
    assert_no_proxy_answer(&evs, &run);
    // the recording says the second GET went twice, and why; the first went once
    assert_eq!(resent_of(&evs, &ids[0]), None);
    let first = resent_of(&evs, &ids[1]).expect("the resend is recorded");
    assert!(
        first.contains("connection closed before message completed"),
        "{first}"
    );
    // the HAR export keeps it: a `comment` a viewer shows and `_resent`, read back
    let header = a2a_interop::record::jsonl::RecordingReader::new(std::io::BufReader::new(
        std::fs::File::open(&rec).unwrap(),
    ))
    .unwrap()
    .header()
    .clone();
    let har = a2a_interop::record::har::export(&header, &evs);
    let entries = har["log"]["entries"].as_array().unwrap();
    assert_eq!(entries.len(), 2);
    assert!(entries[0].get("_resent").is_none());
    assert_eq!(entries[1]["_resent"].as_str(), Some(first.as_str()));
    let comment = entries[1]["comment"].as_str().unwrap();
    assert!(
        comment.starts_with("sent twice by the recording proxy") && comment.contains(&first),
        "{comment}"
    );
    let (_, back) = a2a_interop::record::har::read(&har.to_string()).unwrap();
    assert_eq!(resent_of(&back, &ids[1]).as_deref(), Some(first.as_str()));
    // a HAR entry without the native events (re-saved by another tool) keeps it too
    let mut bare = har.clone();
    for e in bare["log"]["entries"].as_array_mut().unwrap() {
        e.as_object_mut().unwrap().remove("_a2a");
    }
    bare["log"].as_object_mut().unwrap().remove("_a2a");
    let (_, back) = a2a_interop::record::har::read(&bare.to_string()).unwrap();
    let ends: Vec<Option<String>> = back
        .iter()
        .filter_map(|e| match &e.kind {
            EventKind::ExchangeEnd { resent, .. } => Some(resent.clone()),
            _ => None,
        })
        .collect();
    assert_eq!(ends, [None, Some(first.clone())]);
}

/// The resend fails too (the gateway closes the new connection unanswered): the client gets
/// the proxy's 502 saying the request went twice, the recording holds both causes
/// (`resent` and `error`), GW-RESP-006 says the upstream fails fresh connections too (not
/// a keep-alive race), online and offline alike, and `report` names the second attempt.
#[tokio::test]
async fn a_resent_request_that_fails_again_says_it_went_twice() {
    let (gw, accepted) = ka_race_then_dead_gateway().await;
    let (_dir, rec, pipeline, base) = start_recording_to(gw).await;
    let client = client_h1();
    let (status, _, _) = fetch(&client, get(&format!("{base}/tasks/t1"))).await;
    assert_eq!(status, 200);
    let (status, _, body) = fetch(&client, get(&format!("{base}/tasks/t1"))).await;
    let body = String::from_utf8_lossy(&body).to_string();
    assert_eq!(status, 502, "{body}");
    assert!(body.contains("the request was sent twice"), "{body}");
    let run = pipeline.finish().await.unwrap();
    assert_eq!(accepted.load(Ordering::SeqCst), 2);
    let evs = read_events(&rec);
    let ids = exchanges(&evs);
    assert_eq!(ids.len(), 2);
    let (out, error, _) = outcome(&evs, &ids[1]);
    assert_eq!(out, Outcome::UpstreamError);
    let error = error.unwrap_or_default();
    assert!(error.contains("the request was sent twice"), "{error}");
    let first = resent_of(&evs, &ids[1]).expect("the resend is recorded");
    assert!(
        first.contains("connection closed before message completed"),
        "{first}"
    );
    let found: Vec<_> = run
        .verify
        .findings
        .iter()
        .filter(|f| f.rule == "GW-RESP-006")
        .collect();
    assert_eq!(found.len(), 1, "{:?}", run.verify.findings);
    let m = &found[0].message;
    assert!(
        m.contains("the proxy sent this GET twice") && m.contains("fails fresh connections too"),
        "{m}"
    );
    assert!(!m.contains("POST"), "{m}");
    assert_offline_matches(&run.verify, &rec);
    // `report` shows the call the proxy answered, with the second attempt named
    let o = std::process::Command::new(env!("CARGO_BIN_EXE_a2a-interop"))
        .args(["report", rec.to_str().unwrap(), "-f", "text"])
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&o.stdout);
    assert!(
        text.contains("the request was sent twice") && text.contains("GW-RESP-006"),
        "{text}"
    );
}

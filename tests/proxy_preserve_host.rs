//! breaker16b T6: behind a Host-routed ingress (Kubernetes ingress, virtual hosts) the
//! agent is reached only with the `Host` the client chose. `proxy --preserve-host` sends the
//! upstream the client's `Host` (an HTTP/2 client's `:authority`; RFC 9110 §7.2) while it
//! connects to the `--upstream` address; without the flag the upstream gets the `--upstream`
//! URL's `host:port` (the default, unchanged). The ingress here is a small real server that
//! routes `Host: a.local` to an answer and anything else to a `404 default backend`, as
//! ingress-nginx does; it answers with the `Host` it saw.

use crate::proxy_process;
use crate::raw_http;

use std::net::SocketAddr;
use std::time::Duration;

use bytes::Bytes;
use http_body_util::{BodyExt, Empty};
use hyper_util::rt::{TokioExecutor, TokioIo};
use tokio::io::AsyncWriteExt;
use tokio::net::TcpStream;

use proxy_process::start_proxy;
use raw_http::{send_and_read_to_end, serve_after_head};

/// A raw HTTP/1.1 ingress: `200 host=<Host>` for `Host: a.local`, else
/// `404 default backend - 404 (host=<Host>)`; one request per connection.
async fn ingress() -> SocketAddr {
    serve_after_head(|mut s, got| async move {
        let head = String::from_utf8_lossy(&got).into_owned();
        let hosts: Vec<&str> = head
            .lines()
            .filter_map(|l| l.split_once(':'))
            .filter(|(n, _)| n.trim().eq_ignore_ascii_case("host"))
            .map(|(_, v)| v.trim())
            .collect();
        let host = hosts.join(",");
        let (status, body) = if host == "a.local" {
            ("200 OK", format!("host={host}"))
        } else {
            (
                "404 Not Found",
                format!("default backend - 404 (host={host})"),
            )
        };
        let answer = format!(
            "HTTP/1.1 {status}\r\ncontent-type: text/plain\r\ncontent-length: {}\r\nconnection: close\r\n\r\n{body}",
            body.len()
        );
        let _ = s.write_all(answer.as_bytes()).await;
    })
    .await
}

/// `GET /.well-known/agent-card.json` with `Host: a.local` over HTTP/1.1; the raw answer.
async fn h1_get(addr: SocketAddr) -> String {
    let out = send_and_read_to_end(
        &addr.to_string(),
        b"GET /.well-known/agent-card.json HTTP/1.1\r\nhost: a.local\r\nconnection: close\r\n\r\n",
    )
    .await;
    String::from_utf8_lossy(&out).into_owned()
}

/// The same GET over h2c (prior knowledge) with `:authority` `a.local`; status and body.
async fn h2_get(addr: SocketAddr) -> (u16, String) {
    let s = TcpStream::connect(addr).await.unwrap();
    let (mut send, conn) =
        hyper::client::conn::http2::handshake(TokioExecutor::new(), TokioIo::new(s))
            .await
            .unwrap();
    tokio::spawn(async move {
        let _ = conn.await;
    });
    let req = hyper::Request::get("http://a.local/.well-known/agent-card.json")
        .body(Empty::<Bytes>::new())
        .unwrap();
    let resp = tokio::time::timeout(Duration::from_secs(10), send.send_request(req))
        .await
        .expect("answer within 10 s")
        .unwrap();
    let status = resp.status().as_u16();
    let body = resp.into_body().collect().await.unwrap().to_bytes();
    (status, String::from_utf8_lossy(&body).into_owned())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn preserve_host_sends_the_clients_host_to_a_host_routed_upstream() {
    let up = ingress().await;
    // the ingress itself: Host a.local reaches the agent
    assert!(h1_get(up).await.ends_with("\r\n\r\nhost=a.local"));

    // default: the upstream URL's host:port, so the ingress's default backend answers
    let (plain, paddr) = start_proxy(&["--upstream", &format!("http://{up}")]);
    let answer = h1_get(paddr).await;
    plain.terminate();
    assert!(answer.starts_with("HTTP/1.1 404"), "{answer}");
    assert!(
        answer.ends_with(&format!("default backend - 404 (host={up})")),
        "{answer}"
    );

    // --preserve-host: the client's Host, over HTTP/1.1 and from an h2c client's :authority
    let (kept, kaddr) = start_proxy(&["--upstream", &format!("http://{up}"), "--preserve-host"]);
    let answer = h1_get(kaddr).await;
    let (status, body) = h2_get(kaddr).await;
    kept.terminate();
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
    assert!(answer.ends_with("\r\n\r\nhost=a.local"), "{answer}");
    assert_eq!((status, body.as_str()), (200, "host=a.local"));
}

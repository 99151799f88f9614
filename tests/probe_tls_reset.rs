//! left39b: `probe http://HOST:PORT` against a TLS port whose server resets a plain HTTP
//! request without a TLS alert (OpenSSL's and Python's `ssl` servers do that) says the
//! agent answers in TLS, as docs/usage.md promises, not that its answers are not HTTP.
//! A real rustls server on a loopback port, with a self-signed certificate (rcgen).

use crate::common;

use crate::tls_agent;

use std::time::Duration;

use tokio::net::TcpListener;

/// A loopback TLS server that completes the handshake of a connection whose first byte is
/// a TLS handshake record (22, RFC 8446 §5.1), then closes; any other connection (plain
/// HTTP) is reset at once with its request unread, as OpenSSL does. `tls: false` resets
/// every connection (a server that speaks neither). Returns its port.
async fn resetting_server(pem: &std::path::Path, tls: bool) -> u16 {
    let acceptor = tls_agent::self_signed_acceptor(&["127.0.0.1"], &[b"http/1.1"], pem);
    let listener = TcpListener::bind("127.0.0.1:0")
        .await
        .expect("bind loopback");
    let port = listener.local_addr().expect("local addr").port();
    tokio::spawn(async move {
        while let Ok((tcp, _)) = listener.accept().await {
            let acceptor = acceptor.clone();
            tokio::spawn(async move {
                let mut first = [0u8; 1];
                let Ok(Ok(1)) =
                    tokio::time::timeout(Duration::from_secs(10), tcp.peek(&mut first)).await
                else {
                    return;
                };
                if tls && first[0] == 22 {
                    let _ = acceptor.accept(tcp).await;
                } else {
                    // an RST: linger 0, the plain request left unread (a zero linger
                    // does not block on drop, the deprecation's concern)
                    #[allow(deprecated)]
                    let _ = tcp.set_linger(Some(Duration::ZERO));
                    drop(tcp);
                }
            });
        }
    });
    port
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn http_url_on_a_tls_port_that_resets_plain_http_is_named_tls() {
    let dir = tempfile::tempdir().unwrap();
    let port = resetting_server(&dir.path().join("agent.pem"), true).await;
    let err = probe_http(port, dir.path()).await;
    let last = err.lines().last().unwrap_or("");
    assert!(
        last.starts_with("a2a-interop: the probe could not finish during card.reachable: the agent answers in TLS, not plain HTTP (it dropped the plain request, and a TLS handshake to its port succeeded): GET http://127.0.0.1:")
            && last.ends_with("hint: give the agent's https:// URL (add --ca FILE for a self-signed certificate)"),
        "{err}"
    );
    assert!(!err.contains("not HTTP the probe can read"), "{err}");
}

/// The neighbour: a port that resets the TLS handshake too is not called TLS.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn http_url_on_a_port_that_resets_everything_is_not_called_tls() {
    let dir = tempfile::tempdir().unwrap();
    let port = resetting_server(&dir.path().join("agent.pem"), false).await;
    let err = probe_http(port, dir.path()).await;
    assert!(
        err.contains("the agent's answers are not HTTP the probe can read")
            && !err.contains("answers in TLS"),
        "{err}"
    );
}

/// `probe http://127.0.0.1:PORT/` (exit 2 asserted); its stderr.
async fn probe_http(port: u16, dir: &std::path::Path) -> String {
    let report = dir.join("r.json");
    let o = common::run_off_runtime(
        [
            "probe",
            &format!("http://127.0.0.1:{port}/"),
            "-q",
            "--timeout",
            "5s",
            "-f",
            "json",
            "-o",
            report.to_str().unwrap(),
        ]
        .iter()
        .map(|s| s.to_string())
        .collect(),
    )
    .await;
    let err = String::from_utf8_lossy(&o.stderr).into_owned();
    assert_eq!(o.status.code(), Some(2), "{err}");
    err
}

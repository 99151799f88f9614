//! A TLS agent that accepts TCP and never answers the ClientHello (issue 7, "upstream
//! stalls"; session-3 closing note): the proxy's TLS handshake to the `https://` upstream is
//! bounded ([`UPSTREAM_TLS_HANDSHAKE_TIMEOUT`], 10 s; lowered here through its test knob so
//! the run stays short), the client gets a `502` naming the handshake, and the recording a
//! synthetic `502` plus `exchange_end{upstream_error}` with the cause. The knob is
//! process-wide, so this check has its own test binary.

use crate::proxy_support as support;

use std::sync::atomic::Ordering;
use std::time::Duration;

use a2a_interop::app::pipeline::Pipeline;
use a2a_interop::proxy::tls::{
    UpstreamTrust, UPSTREAM_TLS_HANDSHAKE_TIMEOUT, UPSTREAM_TLS_HANDSHAKE_TIMEOUT_MS,
};
use a2a_interop::proxy::ProxyExtras;
use a2a_interop::record::{EventKind, Outcome};
use support::*;

const RPC: &[u8] = br#"{"jsonrpc":"2.0","id":7,"method":"tasks/get","params":{"id":"t-1"}}"#;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_silent_tls_agent_is_a_recorded_502_not_a_hang() {
    assert_eq!(UPSTREAM_TLS_HANDSHAKE_TIMEOUT, Duration::from_secs(10));
    UPSTREAM_TLS_HANDSHAKE_TIMEOUT_MS.store(700, Ordering::Relaxed);

    // Accepts every connection, reads what comes (the ClientHello), answers nothing and
    // keeps the socket open.
    let silent = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let agent = silent.local_addr().unwrap();
    let (seen_tx, mut seen_rx) = tokio::sync::mpsc::unbounded_channel::<usize>();
    tokio::spawn(async move {
        while let Ok((mut tcp, _)) = silent.accept().await {
            let seen = seen_tx.clone();
            tokio::spawn(async move {
                use tokio::io::AsyncReadExt as _;
                let mut buf = vec![0u8; 4096];
                let mut got = 0;
                loop {
                    match tcp.read(&mut buf).await {
                        Ok(0) | Err(_) => break,
                        Ok(n) => {
                            if got == 0 {
                                let _ = seen.send(n);
                            }
                            got += n;
                        }
                    }
                }
            });
        }
    });

    let dir = tempfile::tempdir().unwrap();
    let rec = tmp_recording(&dir, "tls-silent.jsonl");
    let upstream = format!("https://127.0.0.1:{}", agent.port());
    let p = Pipeline::start_ext(
        pipeline_cfg(vec![("/", upstream.clone())], &rec),
        ProxyExtras {
            upstream_tls: UpstreamTrust {
                ca: Vec::new(),
                insecure: true,
            },
            ..ProxyExtras::default()
        },
    )
    .await
    .expect("pipeline");
    let base = format!("http://{}", p.proxy_addr());

    // Without the bound this request never ends; 60 s is a liveness guard, not a timing.
    let (s, _, b) = tokio::time::timeout(
        Duration::from_secs(60),
        fetch(&client_h1(), post(&format!("{base}/rpc"), RPC)),
    )
    .await
    .expect("the proxy answers instead of hanging on the handshake");
    let text = String::from_utf8_lossy(&b).to_string();
    assert_eq!(s, 502, "{text}");
    assert!(
        text.contains("TLS handshake with the agent did not finish within 700 ms"),
        "the client is told why: {text}"
    );
    // The agent did get a ClientHello (a TLS record: content type 22, handshake).
    let first = tokio::time::timeout(Duration::from_secs(10), seen_rx.recv())
        .await
        .ok()
        .flatten();
    assert!(
        first.is_some_and(|n| n > 0),
        "the agent saw the ClientHello"
    );
    p.finish().await.unwrap();

    let evs = read_events(&rec);
    let head = of_exchange(&evs, "e1")
        .into_iter()
        .find_map(|e| match &e.kind {
            EventKind::ResponseHead {
                status, synthetic, ..
            } => Some((*status, *synthetic)),
            _ => None,
        });
    assert_eq!(head, Some((502, true)));
    let (out, cause, _) = outcome(&evs, "e1");
    assert_eq!(out, Outcome::UpstreamError);
    let cause = cause.unwrap_or_default();
    assert!(
        cause.contains("TLS handshake") && cause.contains(&upstream),
        "cause recorded: {cause}"
    );
}

//! An HTTP/2 (h2c) client in front of an agent that speaks HTTP/1.1 only, the usual A2A
//! agent (uvicorn, Express): the proxy asks the agent once whether it speaks h2c
//! (`proxy::h2c`) and forwards over HTTP/1.1 when it does not. Before, every such request
//! was sent as h2c and answered 502 ("frame with invalid size"). An agent that does speak
//! h2c still gets the client's requests over HTTP/2. Real loopback sockets, hyper servers.

#[path = "common/proxy_support.rs"]
mod support;

use std::net::SocketAddr;
use std::sync::{Arc, Mutex};

use bytes::Bytes;
use http_body_util::{BodyExt, Full};
use hyper::Response;
use hyper_util::rt::TokioIo;

use support::*;

const ANSWER: &[u8] = br#"{"jsonrpc":"2.0","id":1,"result":{}}"#;

/// An HTTP/1.1-only agent (hyper's http1 server) that keeps the version of every request.
async fn h1_only_agent() -> (SocketAddr, Arc<Mutex<Vec<String>>>) {
    let l = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = l.local_addr().unwrap();
    let seen = Arc::new(Mutex::new(Vec::new()));
    let seen2 = seen.clone();
    tokio::spawn(async move {
        while let Ok((s, _)) = l.accept().await {
            let seen = seen2.clone();
            tokio::spawn(async move {
                let svc = hyper::service::service_fn(move |req: hyper::Request<_>| {
                    seen.lock().unwrap().push(format!("{:?}", req.version()));
                    async {
                        Ok::<_, std::convert::Infallible>(Response::new(Full::new(
                            Bytes::from_static(ANSWER),
                        )))
                    }
                });
                let _ = hyper::server::conn::http1::Builder::new()
                    .serve_connection(TokioIo::new(s), svc)
                    .await;
            });
        }
    });
    (addr, seen)
}

async fn many_h2c_requests(proxy: &str, n: usize) -> Vec<(u16, Bytes)> {
    let c = client_h2();
    let mut tasks = Vec::new();
    for _ in 0..n {
        let c = c.clone();
        let url = format!("{proxy}/rpc");
        tasks.push(tokio::spawn(async move {
            let (status, _, body) = fetch(&c, post(&url, br#"{"jsonrpc":"2.0","id":1}"#)).await;
            (status, body)
        }));
    }
    let mut out = Vec::new();
    for t in tasks {
        out.push(t.await.unwrap());
    }
    out
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn h2c_client_reaches_an_http1_only_agent_over_http1() {
    let (agent, seen) = h1_only_agent().await;
    let (_dir, _rec, p, base) = start_recording_to(agent).await;
    let answers = many_h2c_requests(&base, 50).await;
    for (status, body) in &answers {
        assert_eq!(*status, 200, "{}", String::from_utf8_lossy(body));
        assert_eq!(&body[..], ANSWER);
    }
    let versions = seen.lock().unwrap().clone();
    assert_eq!(versions.len(), 50, "{versions:?}");
    assert!(versions.iter().all(|v| v == "HTTP/1.1"), "{versions:?}");
    p.finish().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn h2c_client_reaches_an_h2c_agent_over_http2() {
    let seen = Arc::new(Mutex::new(Vec::new()));
    let seen2 = seen.clone();
    let agent = serve(Arc::new(
        move |req: hyper::Request<hyper::body::Incoming>| {
            seen2.lock().unwrap().push(format!("{:?}", req.version()));
            Box::pin(async move {
                let _ = req.into_body().collect().await;
                Response::new(full(Bytes::from_static(ANSWER)))
            })
        },
    ))
    .await;
    let (_dir, _rec, p, base) = start_recording_to(agent).await;
    let answers = many_h2c_requests(&base, 20).await;
    assert!(answers.iter().all(|(s, _)| *s == 200), "{answers:?}");
    let versions = seen.lock().unwrap().clone();
    assert_eq!(versions.len(), 20, "{versions:?}");
    assert!(versions.iter().all(|v| v == "HTTP/2.0"), "{versions:?}");
    p.finish().await.unwrap();
}

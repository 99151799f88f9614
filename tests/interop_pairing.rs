/*!
`interop` tests, in each direction, only the interfaces the calling agent's own card lists
(dialect and binding): that is how it would call the other (docs/usage.md "Two agents against each
other"; found by a fresh engineer: a 1.0-JSON-RPC-only caller had the callee's HTTP+JSON
and 0.3 interfaces driven and failed as a broken pairing). `interop.common-interface`
names what the two cards share, and fails when they share nothing.
*/

use crate::broken;
use crate::common;

use std::convert::Infallible;

use a2a_interop::probe::Status;
use broken::Break;
use bytes::Bytes;
use http_body_util::Full;
use hyper::{Request, Response};
use serde_json::json;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_direction_drives_only_what_the_caller_lists() {
    // A: JSON-RPC 1.0 only; B: JSON-RPC 1.0 and HTTP+JSON 1.0
    let a = broken::start(Break::Nothing, false).await;
    let b = broken::start_with(Break::Nothing, false, true).await;
    let dir = tempfile::tempdir().expect("temp dir");
    let (run, _rec) =
        common::interop_with(&a.url(), &b.url(), &["-q", "--timeout", "10s"], dir.path()).await;
    let [ab, ba] = &run.directions;

    let common_ab = ab
        .report
        .result("common-interface", None)
        .expect("A->B common");
    assert_eq!(common_ab.status, Status::Pass, "{}", common_ab.message);
    assert_eq!(common_ab.message, "A calls B over jsonrpc 1.0");
    // B's HTTP+JSON interface is not driven in A->B: one skip saying why, nothing else
    let rest: Vec<_> = ab
        .report
        .results
        .iter()
        .filter(|r| r.binding.as_deref() == Some("http+json"))
        .collect();
    assert_eq!(rest.len(), 1, "{rest:#?}");
    assert_eq!(rest[0].test, "card.interface-url");
    assert_eq!(rest[0].status, Status::Skip);
    assert!(
        rest[0]
            .message
            .starts_with("A's card does not list http+json 1.0, so A would not call B this way"),
        "{}",
        rest[0].message
    );
    let send = ab
        .report
        .result("lifecycle.send", Some("1.0"))
        .expect("send");
    assert_eq!(send.status, Status::Pass, "{}", send.message);
    // B->A: everything A lists, B lists too
    let common_ba = ba
        .report
        .result("common-interface", None)
        .expect("B->A common");
    assert_eq!(common_ba.status, Status::Pass, "{}", common_ba.message);
    assert!(
        ab.report.failures().is_empty(),
        "{:?}",
        ab.report.failures()
    );
    assert!(
        ba.report.failures().is_empty(),
        "{:?}",
        ba.report.failures()
    );
}

/// A real server on a free loopback port that serves only a 0.3 card (JSON-RPC 0.3 at its
/// own address); every other request is 404.
async fn card_only_0_3() -> (std::net::SocketAddr, tokio::task::JoinHandle<()>) {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("bind loopback");
    let addr = listener.local_addr().expect("local addr");
    let card = json!({
        "name": "old agent", "description": "speaks 0.3 only", "url": format!("http://{addr}/"),
        "preferredTransport": "JSONRPC", "protocolVersion": "0.3.0", "version": "1",
        "capabilities": {"streaming": false},
        "defaultInputModes": ["text/plain"], "defaultOutputModes": ["text/plain"],
        "skills": [{"id": "task", "name": "task", "description": "completes", "tags": ["task"], "examples": ["hello"]}],
    })
    .to_string();
    let join = tokio::spawn(async move {
        while let Ok((tcp, _)) = listener.accept().await {
            let card = card.clone();
            tokio::spawn(async move {
                let svc = hyper::service::service_fn(move |req: Request<hyper::body::Incoming>| {
                    let card = card.clone();
                    async move {
                        let (status, body) = if req.uri().path().starts_with("/.well-known/") {
                            (200, card)
                        } else {
                            (404, "{}".to_string())
                        };
                        Ok::<_, Infallible>(
                            Response::builder()
                                .status(status)
                                .header("content-type", "application/json")
                                .body(Full::new(Bytes::from(body)))
                                .expect("response"),
                        )
                    }
                });
                let _ = hyper::server::conn::http1::Builder::new()
                    .serve_connection(hyper_util::rt::TokioIo::new(tcp), svc)
                    .await;
            });
        }
    });
    (addr, join)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn cards_without_an_interface_in_common_fail_the_pairing_and_call_nothing() {
    let a = broken::start(Break::Nothing, false).await;
    let (addr, b) = card_only_0_3().await;
    let dir = tempfile::tempdir().expect("temp dir");
    let (run, _rec) = common::interop_with(
        &a.url(),
        &format!("http://{addr}/"),
        &["-q", "--timeout", "10s"],
        dir.path(),
    )
    .await;
    b.abort();
    let [ab, _ba] = &run.directions;
    let c = ab
        .report
        .result("common-interface", None)
        .expect("A->B common");
    assert_eq!(c.status, Status::Fail, "{}", c.message);
    assert_eq!(
        c.message,
        "A's card lists jsonrpc 1.0 and B's lists jsonrpc 0.3: no interface in common, A cannot call B"
    );
    // only the card was fetched: no task call in A->B
    assert!(
        ab.report.result("lifecycle.send", Some("0.3")).is_none(),
        "{:#?}",
        ab.report.results
    );
    assert!(ab.level < a2a_interop::probe::ConformanceLevel::Full);
}

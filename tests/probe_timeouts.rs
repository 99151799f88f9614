/*!
An agent that serves its card at once but never answers a task call (a hung or very slow
backend behind a healthy front): one unanswered request must not rule out the interface and
call the agent `non-conformant` (exit 1). The interface's tests go on, so the unanswered
requests count in a row towards `--max-unanswered`; at the limit the probe stops with exit
2 and a hint naming `--timeout` (docs/usage.md "Probing one agent"; found by a fresh engineer). The
same for `interop`: the direction whose agent hangs ends the run with exit 2.
*/

use crate::broken;
use crate::common;

use std::convert::Infallible;
use std::net::SocketAddr;

use bytes::Bytes;
use http_body_util::Full;
use hyper::{Request, Response};
use serde_json::{json, Value};

use common::run_off_runtime as run;

/// A real server on a free loopback port: `GET` of the well-known card answers the card
/// (JSON-RPC 1.0 at `/rpc`), any other request is read and never answered.
async fn hung_agent() -> (SocketAddr, tokio::task::JoinHandle<()>) {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("bind loopback");
    let addr = listener.local_addr().expect("local addr");
    let card = json!({
        "name": "hung agent", "description": "answers its card, never a task call",
        "supportedInterfaces": [{"url": format!("http://{addr}/rpc"), "protocolBinding": "JSONRPC", "protocolVersion": "1.0"}],
        "version": "1", "capabilities": {"streaming": false},
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
                        if req.method() == hyper::Method::GET
                            && req.uri().path().starts_with("/.well-known/")
                        {
                            let resp = Response::builder()
                                .header("content-type", "application/json")
                                .body(Full::new(Bytes::from(card)))
                                .expect("response");
                            return Ok::<_, Infallible>(resp);
                        }
                        std::future::pending::<()>().await;
                        unreachable!("never answered")
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
async fn a_hung_interface_is_tried_until_max_unanswered_then_exit_2_naming_timeout() {
    let (addr, agent) = hung_agent().await;
    let dir = tempfile::tempdir().expect("temp dir");
    let report = dir.path().join("probe.json");
    let o = run(vec![
        "probe".into(),
        format!("http://{addr}/"),
        "-q".into(),
        "--timeout".into(),
        "600ms".into(),
        "-f".into(),
        "json".into(),
        "-o".into(),
        report.display().to_string(),
    ])
    .await;
    agent.abort();
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "stderr: {err}");
    assert!(
        err.contains("(3 requests in a row unanswered)")
            && err.contains("no response within 600 ms (--timeout)")
            && err.contains("hint: the agent accepts connections but did not answer within --timeout: a slow agent needs a longer --timeout"),
        "{err}"
    );
    let doc: Value =
        serde_json::from_str(&std::fs::read_to_string(&report).expect("report written"))
            .expect("json report");
    let result = |name: &str| -> Value {
        doc["results"]
            .as_array()
            .expect("results")
            .iter()
            .find(|r| r["test"] == name)
            .cloned()
            .unwrap_or_else(|| panic!("no result {name}: {:#}", doc["results"]))
    };
    let url = result("card.interface-url [1.0]");
    assert_eq!(url["status"], "fail", "{url:#}");
    assert!(
        url["message"]
            .as_str()
            .is_some_and(|m| m.contains("hint: a slow agent needs a longer --timeout")),
        "{url:#}"
    );
    // the interface was not ruled out after one timeout: the send was tried too
    let send = result("lifecycle.send [1.0]");
    assert_eq!(send["status"], "fail", "{send:#}");
    assert!(
        send["message"]
            .as_str()
            .is_some_and(|m| m.contains("no response within 600 ms (--timeout)")),
        "{send:#}"
    );
    // after the third, nothing more is sent: the rest is skipped, not failed
    let parse = result("errors.parse-error [1.0]");
    assert_eq!(parse["status"], "skip", "{parse:#}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn interop_with_a_hung_callee_exits_2_naming_the_direction_and_timeout() {
    let a = broken::start(broken::Break::Nothing, false).await;
    let (addr, agent) = hung_agent().await;
    let o = run(vec![
        "interop".into(),
        a.url(),
        format!("http://{addr}/"),
        "-q".into(),
        "--timeout".into(),
        "600ms".into(),
    ])
    .await;
    agent.abort();
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "stderr: {err}");
    assert!(
        err.contains("a2a-interop: [A->B] the probe could not finish")
            && err.contains("a slow agent needs a longer --timeout"),
        "{err}"
    );
    assert!(!err.contains("[B->A] the probe could not finish"), "{err}");
}

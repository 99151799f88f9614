//! q29b: CLI, probe and report leftovers, each run through the built binary over real
//! loopback sockets: a probe of an agent whose advertised URLs refuse connections (review28b
//! R1), the proxy's live lines in front of a busy failing agent (newcomer28 N9), a proxy
//! run's JUnit times (N10), the report's "not judged" order (N11).

#[path = "common/proxy_support.rs"]
mod proxy_support;

use std::sync::Arc;

use hyper::body::Incoming;
use hyper::{Request, Response};
use proxy_support::{dead_port, full, serve};

const BIN: &str = env!("CARGO_BIN_EXE_a2a-interop");

/// Serves `card` (JSON) at every GET, on a loopback port; its base URL.
async fn card_server(card: serde_json::Value) -> String {
    let body = card.to_string();
    let addr = serve(Arc::new(move |_req: Request<Incoming>| {
        let body = body.clone();
        Box::pin(async move {
            Response::builder()
                .header("content-type", "application/json")
                .body(full(body))
                .unwrap()
        })
    }))
    .await;
    format!("http://{addr}/")
}

/// Runs the binary with `args` off the async runtime (the servers above go on serving).
async fn run(args: Vec<String>) -> std::process::Output {
    tokio::task::spawn_blocking(move || {
        std::process::Command::new(BIN)
            .env_remove("A2A_INTEROP_LOG")
            .args(&args)
            .output()
            .unwrap()
    })
    .await
    .unwrap()
}

fn skills() -> serde_json::Value {
    serde_json::json!([{"id": "s", "name": "s", "description": "d", "tags": ["t"]}])
}

/// review28b R1: a probe of an agent whose card's interface URLs refuse connections (0.3
/// JSON-RPC; 1.0 JSON-RPC and HTTP+JSON): the probe's own recording proxy answers each call
/// 502. CARD-URL-002 reports each URL with the proxy's cause; GW-RESP-006 does not report
/// the same proxy answers again as a client left without an answer (before: one
/// GW-RESP-006 warning per binding beside the CARD-URL-002 errors). Offline verification
/// of the probe's recording agrees.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn probe_of_refusing_interfaces_reports_card_url_002_only() {
    let dead = [dead_port(), dead_port()];
    let v03 = serde_json::json!({"name": "x", "description": "d", "version": "1",
        "url": format!("http://{}/a2a", dead[0]), "protocolVersion": "0.3.0",
        "preferredTransport": "JSONRPC", "capabilities": {"streaming": true},
        "defaultInputModes": ["text/plain"], "defaultOutputModes": ["text/plain"],
        "skills": skills()});
    let v10 = serde_json::json!({"name": "x", "description": "d", "version": "1",
        "supportedInterfaces": [
            {"url": format!("http://{}/a2a", dead[0]), "protocolBinding": "JSONRPC",
             "protocolVersion": "1.0"},
            {"url": format!("http://{}/rest", dead[1]), "protocolBinding": "HTTP+JSON",
             "protocolVersion": "1.0"}],
        "capabilities": {"streaming": true},
        "defaultInputModes": ["text/plain"], "defaultOutputModes": ["text/plain"],
        "skills": skills()});
    for (card, urls) in [(v03, 1), (v10, 2)] {
        let base = card_server(card).await;
        let dir = tempfile::tempdir().unwrap();
        let rec = dir.path().join("p.jsonl");
        let out = run(vec![
            "probe".into(),
            base,
            "--timeout".into(),
            "10s".into(),
            "--record".into(),
            rec.display().to_string(),
        ])
        .await;
        let text = String::from_utf8_lossy(&out.stdout).to_string();
        assert_eq!(
            text.matches("error[CARD-URL-002]").count(),
            urls,
            "{text}"
        );
        assert!(text.contains("refused the connection"), "{text}");
        assert!(!text.contains("GW-RESP-006"), "{text}");
        let again = run(vec![
            "verify".into(),
            rec.display().to_string(),
            "--format".into(),
            "json".into(),
        ])
        .await;
        let v: serde_json::Value = serde_json::from_slice(&again.stdout).unwrap_or_else(|e| {
            panic!("{e}: {}", String::from_utf8_lossy(&again.stdout))
        });
        let ids: Vec<&str> = v["findings"]
            .as_array()
            .unwrap()
            .iter()
            .filter_map(|f| f["rule"].as_str())
            .collect();
        assert_eq!(
            ids.iter().filter(|i| **i == "CARD-URL-002").count(),
            urls,
            "{ids:?}"
        );
        assert!(!ids.contains(&"GW-RESP-006"), "{ids:?}");
    }
}

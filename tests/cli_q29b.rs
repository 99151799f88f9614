//! q29b: CLI, probe and report leftovers, each run through the built binary over real
//! loopback sockets: a probe of an agent whose advertised URLs refuse connections (review28b
//! R1), the proxy's live lines in front of a busy failing agent (newcomer28 N9), a proxy
//! run's JUnit times (N10), the report's "not judged" order (N11).

use crate::proxy_support;

use std::sync::Arc;

use hyper::body::Incoming;
use hyper::{Request, Response};
use proxy_support::{full, held_refusing_port, serve};

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
    let dead = [held_refusing_port(), held_refusing_port()];
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
        // one finding per dead URL (the probe's own test line names the rule too, since
        // session 48 made CARD-URL-002 the verdict of card.interface-url for it)
        let findings = text
            .lines()
            .filter(|l| l.starts_with("error[CARD-URL-002]"))
            .count();
        assert_eq!(findings, urls, "{text}");
        assert!(text.contains("refused the connection"), "{text}");
        assert!(!text.contains("GW-RESP-006"), "{text}");
        let again = run(vec![
            "verify".into(),
            rec.display().to_string(),
            "--format".into(),
            "json".into(),
        ])
        .await;
        let v: serde_json::Value = serde_json::from_slice(&again.stdout)
            .unwrap_or_else(|e| panic!("{e}: {}", String::from_utf8_lossy(&again.stdout)));
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

use crate::proxy_process;

/// An agent answering every POST, 30 ms later, with the same 0.3 JSON-RPC task in a state
/// no version defines (an error per call).
async fn bad_state_agent() -> std::net::SocketAddr {
    serve(Arc::new(|_req: Request<Incoming>| {
        Box::pin(async move {
            tokio::time::sleep(std::time::Duration::from_millis(30)).await;
            let body = serde_json::json!({"jsonrpc": "2.0", "id": 1, "result": {
                "kind": "task", "id": "t1", "contextId": "c1",
                "status": {"state": "bogus"}}})
            .to_string();
            Response::builder()
                .header("content-type", "application/json")
                .body(full(body))
                .unwrap()
        })
    }))
    .await
}

/// One 0.3 JSON-RPC message/send to `proxy` (`host:port`); its answer's status line.
fn send(proxy: &str) -> String {
    use std::io::{Read, Write};
    let body = r#"{"jsonrpc":"2.0","id":1,"method":"message/send","params":{"message":{"kind":"message","messageId":"m1","role":"user","parts":[{"kind":"text","text":"hi"}]}}}"#;
    let mut s = std::net::TcpStream::connect(proxy).unwrap();
    s.write_all(
        format!(
            "POST /a2a HTTP/1.1\r\nhost: {proxy}\r\ncontent-type: application/json\r\ncontent-length: {}\r\nconnection: close\r\n\r\n{body}",
            body.len()
        )
        .as_bytes(),
    )
    .unwrap();
    let mut out = Vec::new();
    s.read_to_end(&mut out).unwrap();
    String::from_utf8_lossy(&out)
        .lines()
        .next()
        .unwrap_or("")
        .to_string()
}

/// newcomer28 N9 and N10: a proxy in front of an agent that gets every call wrong. Its live
/// lines print the error once, not once per request (before: 8 lines), and the end of the
/// run counts the 7 lines not printed again; the recording and the report keep all 8. The
/// run's JUnit report carries the recorded times: the suites the recording's span, the
/// failing area's and rule's testcases the time of the exchanges their findings cite, each
/// at least the agent's 30 ms delay (before: `time="0.000"` everywhere).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn proxy_folds_a_repeating_error_and_its_junit_has_the_recorded_times() {
    let up = bad_state_agent().await;
    let dir = tempfile::tempdir().unwrap();
    let rec = dir.path().join("rec.jsonl");
    let junit = dir.path().join("r.xml");
    let run = proxy_process::spawn_until_listening(
        std::process::Command::new(BIN)
            .args(["proxy", "--listen", "127.0.0.1:0", "--upstream"])
            .arg(format!("http://{up}"))
            .arg("--record")
            .arg(&rec)
            .arg("--report")
            .arg(&junit)
            .args(["--format", "junit"]),
        std::time::Duration::from_secs(20),
    );
    let proxy = run
        .addr
        .trim_start_matches("http://")
        .trim_end_matches('/')
        .to_string();
    tokio::task::spawn_blocking(move || {
        for _ in 0..8 {
            assert!(send(&proxy).starts_with("HTTP/1.1 200"));
        }
    })
    .await
    .unwrap();
    let all = run.terminate();
    let errors: Vec<&str> = all.lines().filter(|l| l.starts_with("error[")).collect();
    assert_eq!(errors.len(), 1, "{all}");
    let rule = errors[0]
        .trim_start_matches("error[")
        .split(']')
        .next()
        .unwrap()
        .to_string();
    assert!(
        all.contains(&format!(
            "7 repeated error lines not printed again ({rule} ×7)"
        )),
        "{all}"
    );
    // the report keeps every occurrence
    let out = std::process::Command::new(BIN)
        .args(["verify", "--format", "json"])
        .arg(&rec)
        .output()
        .unwrap();
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let seen: u64 = v["findings"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|f| f["rule"] == rule.as_str())
        .map(|f| f["seen"].as_u64().unwrap_or(1))
        .sum();
    assert_eq!(seen, 8, "{v}");
    // JUnit times
    let xml = std::fs::read_to_string(&junit).unwrap();
    let time = |line: &str| -> f64 {
        let i = line.find(" time=\"").unwrap() + 7;
        line[i..i + line[i..].find('"').unwrap()].parse().unwrap()
    };
    let root = xml.lines().find(|l| l.contains("<testsuites ")).unwrap();
    assert!(time(root) >= 8.0 * 0.03, "{xml}");
    let failing: Vec<f64> = xml
        .lines()
        .filter(|l| l.contains("<testcase ") && !l.contains("/>"))
        .filter(|l| l.contains(&format!("name=\"{rule}\"")) || l.contains("name=\"area:"))
        .map(time)
        .filter(|t| *t > 0.0)
        .collect();
    // the rule's testcase and its area's: the 8 exchanges, 30 ms each at least
    assert!(failing.len() >= 2, "{xml}");
    assert!(
        failing.iter().all(|t| *t >= 8.0 * 0.03),
        "{failing:?}\n{xml}"
    );
}

/// A transcript whose first exchange (e1, a stream cut in the middle of an event: area
/// `sse`) and second (e2, a JSON-RPC batch: area `jsonrpc`) are both not judged in part.
fn two_not_judged() -> String {
    let lines = [
        serde_json::json!({"t": 0.0, "dir": "req", "method": "POST",
            "url": "http://127.0.0.1:8080/",
            "headers": {"content-type": "application/json", "a2a-version": "1.0"},
            "body": serde_json::json!({"jsonrpc": "2.0", "id": 1,
                "method": "SendStreamingMessage", "params": {"message": {"messageId": "m1",
                "role": "ROLE_USER", "parts": [{"text": "hi"}]}}}).to_string()}),
        serde_json::json!({"t": 0.01, "dir": "resp", "status": 200,
            "headers": {"content-type": "text/event-stream"}, "body": ""}),
        serde_json::json!({"t": 0.02, "dir": "chunk",
            "body": "data: {\"jsonrpc\":\"2.0\",\"id\":1,\"res"}),
        serde_json::json!({"t": 0.03, "dir": "chunk", "body": "", "close": "reset"}),
        serde_json::json!({"t": 0.1, "dir": "req", "method": "POST",
            "url": "http://127.0.0.1:8080/",
            "headers": {"content-type": "application/json", "a2a-version": "1.0"},
            "body": serde_json::json!([
                {"jsonrpc": "2.0", "id": 2, "method": "GetTask", "params": {"id": "t1"}},
                {"jsonrpc": "2.0", "id": 3, "method": "GetTask", "params": {"id": "t2"}}])
                .to_string()}),
        serde_json::json!({"t": 0.11, "dir": "resp", "status": 200,
            "headers": {"content-type": "application/json"},
            "body": serde_json::json!([
                {"jsonrpc": "2.0", "id": 2, "error": {"code": -32001, "message": "Task not found"}},
                {"jsonrpc": "2.0", "id": 3, "error": {"code": -32001, "message": "Task not found"}}])
                .to_string()}),
    ];
    lines.iter().map(|l| format!("{l}\n")).collect()
}

/// newcomer28 N11: the report's "not judged" list is ordered by area in the report's area
/// order (`jsonrpc` before `sse`), then by exchange, in every format that lists it (text,
/// Markdown, HTML, JSON with each entry's `area`); before, it came in the verifier's order
/// (e1's `sse` entry first).
#[test]
fn not_judged_is_listed_by_area_in_every_format() {
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("t.jsonl");
    std::fs::write(&input, two_not_judged()).unwrap();
    for format in ["text", "markdown", "html"] {
        let out = std::process::Command::new(BIN)
            .args(["report", "-f", format])
            .arg(&input)
            .output()
            .unwrap();
        let text = String::from_utf8_lossy(&out.stdout);
        let batch = text.find("JSON-RPC batch of 2 calls").expect(format);
        let event = text
            .find("ended in the middle of an event")
            .unwrap_or_else(|| panic!("{format}: {text}"));
        assert!(batch < event, "{format}: {text}");
    }
    let out = std::process::Command::new(BIN)
        .args(["report", "-f", "json"])
        .arg(&input)
        .output()
        .unwrap();
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let got: Vec<(&str, &str)> = v["notJudged"]
        .as_array()
        .unwrap()
        .iter()
        .map(|n| {
            (
                n["area"].as_str().unwrap(),
                n["examples"][0].as_str().unwrap(),
            )
        })
        .collect();
    assert_eq!(got, vec![("jsonrpc", "e2"), ("sse", "e1")]);
}

/// review28b R1 in `interop` (q29b): agent B's card names an interface URL that refuses
/// every connection. Direction A->B reports CARD-URL-002 against agent B, live and in
/// `verify` of the recording, and no GW-RESP-006 for the recording proxy's own 502 (before:
/// the interop recording's direction legs kept CARD-URL-002 from being judged at all, and
/// GW-RESP-006 was the only finding).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn interop_with_an_agent_whose_card_url_refuses_reports_card_url_002() {
    let good = a2a_interop::refagent::start(a2a_interop::refagent::RefAgentConfig {
        listen: "127.0.0.1:0".parse().unwrap(),
        public_url: None,
    })
    .await
    .unwrap();
    let url_a = format!("http://{}/", good.local_addr());
    let dead = held_refusing_port();
    let url_b = card_server(serde_json::json!({"name": "x", "description": "d",
        "version": "1", "url": format!("http://{dead}/a2a"), "protocolVersion": "0.3.0",
        "preferredTransport": "JSONRPC", "capabilities": {"streaming": true},
        "defaultInputModes": ["text/plain"], "defaultOutputModes": ["text/plain"],
        "skills": skills()}))
    .await;
    let dir = tempfile::tempdir().unwrap();
    let rec = dir.path().join("i.jsonl");
    let out = run(vec![
        "interop".into(),
        url_a,
        url_b,
        "--timeout".into(),
        "10s".into(),
        "-q".into(),
        "--verbose".into(),
        "--record".into(),
        rec.display().to_string(),
    ])
    .await;
    let text = String::from_utf8_lossy(&out.stdout).to_string();
    assert_eq!(out.status.code(), Some(1), "{text}");
    assert_eq!(
        text.matches("error[CARD-URL-002] agent B").count(),
        1,
        "{text}"
    );
    assert!(!text.contains("GW-RESP-006"), "{text}");
    let again = run(vec![
        "verify".into(),
        rec.display().to_string(),
        "--format".into(),
        "json".into(),
    ])
    .await;
    let v: serde_json::Value = serde_json::from_slice(&again.stdout).unwrap();
    let ids: Vec<&str> = v["findings"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|f| f["rule"].as_str())
        .collect();
    assert!(ids.contains(&"CARD-URL-002"), "{ids:?}");
    assert!(!ids.contains(&"GW-RESP-006"), "{ids:?}");
}

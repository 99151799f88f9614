//! open48: loose ends of session 47. Real processes (the binary), small real servers and
//! the SDK agents of tests/peers on loopback sockets, real files.
//! - Item 1: the probe's post-run liveness check (is the agent still there, after its
//!   last call went unanswered?) was a bare TCP connect outside the recording, so a call
//!   the agent closed unanswered right before the probe stopped kept its GW-RESP-006 in
//!   the probe's report and in `verify` of the recording, while the probe said the agent
//!   had died. Now the check is a recorded request through the run's own proxy (GET of the
//!   Agent Card): its refusal is in the recording, and probe and verify agree.
//! - Item 4: `export` wrote HAR entries in the order their exchanges ended; now in the
//!   order they began (`startedDateTime`), a long stream begun first coming first.
//! - Item 6: a gateway's own fault, judged against both recorded legs, lowered the
//!   agent's conformance level; the level is the agent's.
//!
//! (Item 2 is in tests/cli_baseline47.rs, beside session 47's baseline tests; item 3 in
//! the o48 transcripts of tests/cases/variants, tests/cases/gen_o48.py.)

use crate::common;

use crate::proxy_process;

use std::path::Path;
use std::time::Duration;

use common::run_off_runtime as run;
use serde_json::Value;

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// The recording's events of `type` `kind`, parsed.
fn events(rec: &Path, kind: &str) -> Vec<Value> {
    std::fs::read_to_string(rec)
        .unwrap()
        .lines()
        .filter_map(|l| serde_json::from_str::<Value>(l).ok())
        .filter(|v| v["type"] == kind)
        .collect()
}

/// The rule ids of a JSON report's findings, sorted, repeats kept once.
fn rule_ids(report: &Value) -> Vec<String> {
    let mut ids: Vec<String> = report["findings"]
        .as_array()
        .unwrap_or_else(|| panic!("no findings array in {report:#}"))
        .iter()
        .filter_map(|f| f["rule"].as_str().map(str::to_string))
        .collect();
    ids.sort();
    ids.dedup();
    ids
}

/// `a2a-interop ARGS...` run off the async runtime (agents under test go on serving).
async fn a2a(args: &[&str]) -> std::process::Output {
    run(args.iter().map(|a| a.to_string()).collect()).await
}

/// `verify FILE -f json -o OUT` of `rec`: exit code, the JSON report, stderr.
async fn verify_json(rec: &Path, out: &Path) -> (Option<i32>, Value, String) {
    let (rec, out_s) = (rec.display().to_string(), out.display().to_string());
    let o = a2a(&["verify", &rec, "-f", "json", "-o", &out_s]).await;
    let err = text(&o.stderr);
    let v = serde_json::from_str(&std::fs::read_to_string(out).unwrap_or_default())
        .unwrap_or_else(|e| panic!("verify wrote no JSON report ({e}): {err}"));
    (o.status.code(), v, err)
}

/// Item 1. A small real server serves its Agent Card, reads the first A2A call (a POST)
/// whole, closes that connection without answering and stops listening. `--max-requests 3`
/// makes that call (after two card fetches) the probe's last one: no later call of the plan is refused, so only the
/// probe's own check after the run sees the agent dead. Before: that check was a TCP
/// connect outside the recording, the probe stopped (exit 2, "no longer accepts
/// connections") yet its report and `verify` of its recording kept GW-RESP-006 for the
/// closed call, blaming a gateway (the run's own proxy). Now the check is recorded (a GET
/// of the card, refused: `connect_failure: refused`), the held GW-RESP-006 is dropped by
/// that recorded refusal, and probe and verify name the same rules.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_probes_liveness_check_is_recorded_and_settles_the_last_closed_call() {
    let dir = tempfile::tempdir().unwrap();
    let (rec, report, verified) = (
        dir.path().join("probe.jsonl"),
        dir.path().join("probe.json"),
        dir.path().join("verify.json"),
    );
    let l = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let addr = l.local_addr().unwrap();
    let card = proxy_process::echo_card(
        "open48 agent that dies on its first call",
        &format!("http://{addr}/"),
    );
    let (closed_tx, closed_rx) = std::sync::mpsc::channel::<String>();
    std::thread::spawn(move || {
        use std::io::{BufRead, BufReader, Read, Write};
        'conns: for conn in l.incoming() {
            let Ok(mut s) = conn else { continue };
            let mut r = BufReader::new(s.try_clone().unwrap());
            loop {
                let mut first = String::new();
                if r.read_line(&mut first).unwrap_or(0) == 0 {
                    continue 'conns;
                }
                let mut len = 0usize;
                loop {
                    let mut h = String::new();
                    if r.read_line(&mut h).unwrap_or(0) == 0 || h == "\r\n" {
                        break;
                    }
                    if let Some(v) = h.to_ascii_lowercase().strip_prefix("content-length:") {
                        len = v.trim().parse().unwrap_or(0);
                    }
                }
                let mut body = vec![0u8; len];
                let _ = r.read_exact(&mut body);
                if first.starts_with("GET ") {
                    let _ = write!(
                        s,
                        "HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncache-control: max-age=60\r\netag: \"o48\"\r\ncontent-length: {}\r\n\r\n{card}",
                        card.len()
                    );
                    continue;
                }
                // the first call read whole, then the agent dies: the connection closed
                // unanswered, the listener gone (later connections refused)
                let _ = s.shutdown(std::net::Shutdown::Both);
                let _ = closed_tx.send(first.trim().to_string());
                break 'conns;
            }
        }
        drop(l);
    });
    let (rec_s, report_s) = (rec.display().to_string(), report.display().to_string());
    let o = a2a(&[
        "probe",
        &format!("http://{addr}"),
        "-q",
        "--timeout",
        "5s",
        "--max-requests",
        "3",
        "--record",
        &rec_s,
        "-f",
        "json",
        "-o",
        &report_s,
    ])
    .await;
    let err = text(&o.stderr);
    let closed = closed_rx
        .recv_timeout(Duration::from_secs(5))
        .unwrap_or_else(|_| panic!("the probe sent no A2A call: {err}"));
    assert!(closed.starts_with("POST "), "{closed}");
    // the probe's verdict: the agent died (its check refused)
    assert_eq!(o.status.code(), Some(2), "the probe stops: {err}");
    assert!(
        err.contains("the agent no longer accepts connections (connection refused)"),
        "{err}"
    );
    // the recording: the closed call (no connect failure), then the check, refused
    let ends = events(&rec, "exchange_end");
    let closed_end = ends
        .iter()
        .position(|e| e["outcome"] == "upstream_error" && e.get("connect_failure").is_none())
        .unwrap_or_else(|| panic!("the closed call: {ends:?}"));
    let refused_end = ends
        .iter()
        .position(|e| e["connect_failure"] == "refused")
        .unwrap_or_else(|| panic!("the recorded liveness check: {ends:?}"));
    assert!(closed_end < refused_end, "{ends:?}");
    let heads = events(&rec, "request_head");
    let check = heads
        .iter()
        .find(|h| h["exchange"] == ends[refused_end]["exchange"])
        .unwrap();
    assert_eq!(check["method"], "GET", "{check}");
    assert!(
        check["url"]
            .as_str()
            .unwrap()
            .ends_with("/.well-known/agent-card.json"),
        "{check}"
    );
    let probe: Value = serde_json::from_str(&std::fs::read_to_string(&report).unwrap()).unwrap();
    let probe_rules = rule_ids(&probe);
    assert!(
        !probe_rules.iter().any(|r| r == "GW-RESP-006"),
        "{probe_rules:?} {err}"
    );
    let (_, offline, verr) = verify_json(&rec, &verified).await;
    let verify_rules = rule_ids(&offline);
    assert_eq!(
        verify_rules, probe_rules,
        "probe and verify disagree: {verr}"
    );
}

/// Item 4. A recording where a stream (e1) begins first and ends last, and two calls (e2,
/// e3) begin and end while it runs: `export -o FILE.har` writes the entries in
/// `startedDateTime` order, e1 first (before: in the order the exchanges ended, e2, e3, e1),
/// the count line names all three, and the HAR reads back to the same events.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn har_entries_come_in_start_order_a_long_stream_first() {
    let dir = tempfile::tempdir().unwrap();
    let rec = dir.path().join("stream.jsonl");
    let har = dir.path().join("stream.har");
    let head = |seq: u32, t: u32, x: &str, method: &str, body: &str| {
        format!(
            r#"{{"seq":{seq},"t_us":{t},"exchange":"{x}","type":"request_head","conn":{seq},"method":"{method}","url":"http://127.0.0.1:8080/","version":"HTTP/1.1","headers":[["content-type","application/json"],["a2a-version","1.0"],["host","127.0.0.1:8080"]],"upstream":"http://127.0.0.1:9000/"}}
{{"seq":{},"t_us":{},"exchange":"{x}","type":"request_body","body":{}}}"#,
            seq + 1,
            t + 10,
            serde_json::to_string(body).unwrap()
        )
    };
    let get = |id: u32| {
        format!(r#"{{"jsonrpc":"2.0","id":{id},"method":"GetTask","params":{{"id":"t1"}}}}"#)
    };
    let task = |id: u32| {
        format!(
            r#"{{"jsonrpc":"2.0","id":{id},"result":{{"id":"t1","contextId":"c1","status":{{"state":"TASK_STATE_WORKING"}}}}}}"#
        )
    };
    let ev = |state: &str| {
        format!(
            "data: {{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{{\"statusUpdate\":{{\"taskId\":\"t1\",\"contextId\":\"c1\",\"status\":{{\"state\":\"TASK_STATE_{state}\"}}}}}}}}\n\n"
        )
    };
    let first = "data: {\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{\"task\":{\"id\":\"t1\",\"contextId\":\"c1\",\"status\":{\"state\":\"TASK_STATE_WORKING\"}}}}\n\n";
    let send = r#"{"jsonrpc":"2.0","id":1,"method":"SendStreamingMessage","params":{"message":{"messageId":"m1","role":"ROLE_USER","parts":[{"text":"slow"}]}}}"#;
    let mut lines = vec![
        r#"{"type":"recording","format":1,"tool":{"name":"a2a-interop","version":"0.1.0"},"startedAt":"2026-12-06T10:00:00.000Z","mode":"reverse","listen":["127.0.0.1:8080"],"routes":[{"prefix":"/","upstream":"http://127.0.0.1:9000"}],"redacted":true}"#.to_string(),
        head(1, 1000, "e1", "POST", send),
        r#"{"seq":3,"t_us":2000,"exchange":"e1","type":"response_head","status":200,"version":"HTTP/1.1","headers":[["content-type","text/event-stream"]]}"#.to_string(),
        format!(
            r#"{{"seq":4,"t_us":2100,"exchange":"e1","type":"response_chunk","body":{}}}"#,
            serde_json::to_string(first).unwrap()
        ),
        head(5, 100_000, "e2", "POST", &get(2)),
        r#"{"seq":7,"t_us":101000,"exchange":"e2","type":"response_head","status":200,"version":"HTTP/1.1","headers":[["content-type","application/json"]]}"#.to_string(),
        format!(
            r#"{{"seq":8,"t_us":101100,"exchange":"e2","type":"response_chunk","body":{}}}"#,
            serde_json::to_string(&task(2)).unwrap()
        ),
        r#"{"seq":9,"t_us":101200,"exchange":"e2","type":"exchange_end","outcome":"complete"}"#.to_string(),
        head(10, 200_000, "e3", "POST", &get(3)),
        r#"{"seq":12,"t_us":201000,"exchange":"e3","type":"response_head","status":200,"version":"HTTP/1.1","headers":[["content-type","application/json"]]}"#.to_string(),
        format!(
            r#"{{"seq":13,"t_us":201100,"exchange":"e3","type":"response_chunk","body":{}}}"#,
            serde_json::to_string(&task(3)).unwrap()
        ),
        r#"{"seq":14,"t_us":201200,"exchange":"e3","type":"exchange_end","outcome":"complete"}"#.to_string(),
        format!(
            r#"{{"seq":15,"t_us":3000000,"exchange":"e1","type":"response_chunk","body":{}}}"#,
            serde_json::to_string(&ev("COMPLETED")).unwrap()
        ),
        r#"{"seq":16,"t_us":3000100,"exchange":"e1","type":"exchange_end","outcome":"complete"}"#.to_string(),
    ];
    lines.push(String::new());
    std::fs::write(&rec, lines.join("\n")).unwrap();
    let (rec_s, har_s) = (rec.display().to_string(), har.display().to_string());
    let o = a2a(&["export", &rec_s, "-o", &har_s]).await;
    let err = text(&o.stderr);
    assert_eq!(o.status.code(), Some(0), "{err}");
    assert!(err.contains("3 HAR entries"), "{err}");
    let doc: Value = serde_json::from_str(&std::fs::read_to_string(&har).unwrap()).unwrap();
    let entries = doc["log"]["entries"].as_array().unwrap();
    let ids: Vec<&str> = entries
        .iter()
        .map(|e| e["_a2a"]["exchange"].as_str().unwrap())
        .collect();
    assert_eq!(ids, vec!["e1", "e2", "e3"], "start order");
    let started: Vec<&str> = entries
        .iter()
        .map(|e| e["startedDateTime"].as_str().unwrap())
        .collect();
    let mut sorted = started.clone();
    sorted.sort();
    assert_eq!(started, sorted);
    assert_eq!(entries[0]["_sseEvents"].as_array().map(Vec::len), Some(2));
    // read back: the same findings as the recording (verify of both)
    let a = a2a(&["verify", &rec_s, "-f", "json", "-o", "-"]).await;
    let b = a2a(&["verify", &har_s, "-f", "json", "-o", "-"]).await;
    let rules = |o: &std::process::Output| rule_ids(&serde_json::from_slice(&o.stdout).unwrap());
    assert_eq!(rules(&a), rules(&b), "{}", text(&b.stderr));
}

/// Item 6. `tests/data/gateway/tamper-stream.jsonl`: the Python SDK agent and the JS SDK
/// client through a broken gateway, both legs recorded; the gateway rewrote the stream's
/// terminal state (GW-SSE-002, an error judged against both legs) and held its events back (GW-SSE-001). The conformance level
/// is the agent's: the gateway's own fault no longer makes it `minimal` (before: `minimal
/// (error finding GW-SSE-002 (interop))`); the reason names it, the summary counts it and
/// the exit status is still 1.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_gateways_own_fault_does_not_lower_the_agents_level() {
    let rec = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/gateway/tamper-stream.jsonl");
    let o = a2a(&["verify", rec.to_str().unwrap(), "-f", "json", "-o", "-"]).await;
    assert_eq!(o.status.code(), Some(1), "{}", text(&o.stderr));
    let r: Value = serde_json::from_slice(&o.stdout).unwrap();
    assert!(rule_ids(&r).contains(&"GW-SSE-002".to_string()), "{r:#}");
    assert!(r["summary"]["errors"].as_u64().unwrap() >= 1, "{r:#}");
    let level = r["conformanceLevel"].as_str().unwrap();
    let reason = r["conformanceReason"].as_str().unwrap();
    assert!(
        level != "minimal" && level != "non-conformant",
        "{level}: {reason}"
    );
    // (GW-SSE-001 too: the buffering, seen against the upstream leg's timing)
    assert!(
        reason.contains(
            "the gateway's own faults (GW-SSE-002, GW-SSE-001) do not count against the agent"
        ),
        "{reason}"
    );
}

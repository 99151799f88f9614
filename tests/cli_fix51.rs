//! fix51: the problems newcomer50 and the last session's helpers left open, each on the
//! real code path (the probe through its recording pipeline, `verify`, `repro`).
//!
//! N4's general form: a probe test whose verdict is the verifier's ("the verifier's RULE
//! judges it", `probe::merge_findings`) must not pass on an exchange the verifier did not
//! judge whole. A small fault-injecting front (a tokio listener in this file) stands
//! between the probe and the reference agent and breaks every third to seventh POST's
//! answer in one of four ways: a body past the 16 MiB capture cap, an answer that never ends, a stream
//! (or body) cut in the middle, a connection reset mid-answer.

mod common;

use std::collections::HashMap;
use std::net::SocketAddr;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;

use a2a_interop::app::probe_cmd;
use a2a_interop::cli::{Cli, Command};
use a2a_interop::probe::Status;
use clap::Parser;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};

/// How the front breaks the answer of a faulted request.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Fault {
    /// The agent's answer padded (inside its JSON) past 16 MiB, the probe's read limit
    /// and the recording's capture cap: the body is recorded cut.
    Capped,
    /// The agent's answer sent whole, under a `Content-Length` 64 bytes longer (a unary
    /// answer) or with the stream left open after its events: the body never ends.
    Endless,
    /// Half the answer (a stream: its first event and half a second one), then FIN.
    CutMidway,
    /// As [`Fault::CutMidway`], then a TCP reset instead of FIN.
    Reset,
}

impl Fault {
    /// Every how many POSTs the front breaks one: the slow faults (a 17 MiB body, an
    /// answer the probe waits its `--timeout` for) less often, to keep the test short.
    fn period(self) -> usize {
        match self {
            Fault::Capped => 5,
            Fault::Endless => 7,
            Fault::CutMidway | Fault::Reset => 3,
        }
    }
}

/// Where the end of the HTTP head is in `buf` (the index after `\r\n\r\n`).
fn head_end(buf: &[u8]) -> Option<usize> {
    buf.windows(4).position(|w| w == b"\r\n\r\n").map(|i| i + 4)
}

/// The value of header `name` (lowercase) in head `head`.
fn header<'a>(head: &'a str, name: &str) -> Option<&'a str> {
    head.lines().skip(1).find_map(|l| {
        let (n, v) = l.split_once(':')?;
        (n.trim().eq_ignore_ascii_case(name)).then(|| v.trim())
    })
}

/// Reads one HTTP/1.1 head and its `Content-Length` body from `s`: `(head, body)`.
async fn read_message(s: &mut TcpStream) -> Option<(String, Vec<u8>)> {
    let mut buf = Vec::new();
    let mut chunk = [0u8; 16 * 1024];
    let end = loop {
        if let Some(e) = head_end(&buf) {
            break e;
        }
        let n = s.read(&mut chunk).await.ok()?;
        if n == 0 {
            return None;
        }
        buf.extend_from_slice(&chunk[..n]);
    };
    let head = String::from_utf8_lossy(&buf[..end]).to_string();
    let len: usize = header(&head, "content-length")
        .and_then(|v| v.parse().ok())
        .unwrap_or(0);
    let mut body = buf[end..].to_vec();
    while body.len() < len {
        let n = s.read(&mut chunk).await.ok()?;
        if n == 0 {
            break;
        }
        body.extend_from_slice(&chunk[..n]);
    }
    Some((head, body))
}

/// `head` with its first line's version set to `version` and its `Connection` header
/// replaced by `Connection: close` (the head ends `\r\n\r\n`).
fn rewrite_head(head: &str, version: &str, drop: &[&str]) -> String {
    let mut lines = head.trim_end().split("\r\n");
    let first = lines.next().unwrap_or_default();
    let first = if let Some(rest) = first.strip_prefix("HTTP/1.1 ") {
        format!("{version} {rest}")
    } else if let Some(rest) = first.strip_prefix("HTTP/1.0 ") {
        format!("{version} {rest}")
    } else {
        match first.rsplit_once(' ') {
            Some((a, _)) => format!("{a} {version}"),
            None => first.to_string(),
        }
    };
    let mut out = first;
    for l in lines {
        let name = l
            .split(':')
            .next()
            .unwrap_or_default()
            .trim()
            .to_ascii_lowercase();
        if name == "connection" || name == "keep-alive" || drop.contains(&name.as_str()) {
            continue;
        }
        out.push_str("\r\n");
        out.push_str(l);
    }
    out.push_str("\r\nConnection: close\r\n\r\n");
    out
}

/// Serves one request of the probe on `client`: forwards it to the agent at `agent` as
/// HTTP/1.0 (so its answer is close-delimited or sized, never chunked) and hands the answer
/// back, broken by `fault` when this is a POST whose number (from 1) is a multiple of
/// [`Fault::period`].
async fn serve_one(
    mut client: TcpStream,
    agent: SocketAddr,
    fault: Fault,
    posts: Arc<AtomicUsize>,
) {
    let Some((head, body)) = read_message(&mut client).await else {
        return;
    };
    let faulted = head.starts_with("POST ")
        && (posts.fetch_add(1, Ordering::SeqCst) + 1).is_multiple_of(fault.period());
    let Ok(mut up) = TcpStream::connect(agent).await else {
        return;
    };
    let req = rewrite_head(&head, "HTTP/1.0", &[]);
    if up.write_all(req.as_bytes()).await.is_err() || up.write_all(&body).await.is_err() {
        return;
    }
    // the agent's head, and whatever of its body came with it
    let mut buf = Vec::new();
    let mut chunk = [0u8; 16 * 1024];
    let end = loop {
        if let Some(e) = head_end(&buf) {
            break e;
        }
        match up.read(&mut chunk).await {
            Ok(0) | Err(_) => return,
            Ok(n) => buf.extend_from_slice(&chunk[..n]),
        }
    };
    let ahead = String::from_utf8_lossy(&buf[..end]).to_string();
    let mut abody = buf[end..].to_vec();
    let sse = header(&ahead, "content-type").is_some_and(|c| c.contains("event-stream"));
    if !faulted {
        let _ = client
            .write_all(rewrite_head(&ahead, "HTTP/1.1", &[]).as_bytes())
            .await;
        let _ = client.write_all(&abody).await;
        let _ = tokio::io::copy(&mut up, &mut client).await;
        let _ = client.shutdown().await;
        return;
    }
    if sse {
        // the stream as it comes, until its first event is whole
        while !abody.windows(2).any(|w| w == b"\n\n") {
            match up.read(&mut chunk).await {
                Ok(0) | Err(_) => break,
                Ok(n) => abody.extend_from_slice(&chunk[..n]),
            }
        }
        let first = abody
            .windows(2)
            .position(|w| w == b"\n\n")
            .map_or(abody.len(), |i| i + 2);
        let h = rewrite_head(&ahead, "HTTP/1.1", &[]);
        let _ = client.write_all(h.as_bytes()).await;
        match fault {
            Fault::Capped => {
                // one event whose data is past 16 MiB (spaces inside its JSON)
                let ev = String::from_utf8_lossy(&abody[..first]).to_string();
                let padded =
                    ev.replacen("data: {", &format!("data: {{{}", " ".repeat(17 << 20)), 1);
                let _ = client.write_all(padded.as_bytes()).await;
                let _ = tokio::io::copy(&mut up, &mut client).await;
            }
            Fault::Endless => {
                let _ = client.write_all(&abody).await;
                let _ = tokio::io::copy(&mut up, &mut client).await;
                // the agent ended its stream; the front keeps it open until the probe leaves
                let _ = client.read(&mut chunk).await;
            }
            Fault::CutMidway | Fault::Reset => {
                let _ = client.write_all(&abody[..first]).await;
                let _ = client.write_all(b"data: {\"jsonrpc\":\"2.0\",\"res").await;
                let _ = client.flush().await;
            }
        }
    } else {
        let _ = up.read_to_end(&mut abody).await;
        let h = rewrite_head(&ahead, "HTTP/1.1", &["content-length"]);
        let h = h.trim_end_matches("\r\n").to_string();
        match fault {
            Fault::Capped => {
                let pad = " ".repeat(17 << 20);
                let mut b = abody.clone();
                if let Some(i) = b.iter().position(|&c| c == b'{') {
                    b.splice(i + 1..i + 1, pad.bytes());
                }
                let h = format!("{h}\r\nContent-Length: {}\r\n\r\n", b.len());
                let _ = client.write_all(h.as_bytes()).await;
                let _ = client.write_all(&b).await;
            }
            Fault::Endless => {
                let h = format!("{h}\r\nContent-Length: {}\r\n\r\n", abody.len() + 64);
                let _ = client.write_all(h.as_bytes()).await;
                let _ = client.write_all(&abody).await;
                let _ = client.read(&mut chunk).await;
            }
            Fault::CutMidway | Fault::Reset => {
                let h = format!("{h}\r\nContent-Length: {}\r\n\r\n", abody.len());
                let _ = client.write_all(h.as_bytes()).await;
                let _ = client.write_all(&abody[..abody.len() / 2]).await;
                let _ = client.flush().await;
            }
        }
    }
    if fault == Fault::Reset {
        // SO_LINGER 0: the close is a reset
        // (a zero linger does not block on drop, the deprecation's concern)
        #[allow(deprecated)]
        let _ = client.set_linger(Some(std::time::Duration::ZERO));
        drop(client);
    } else {
        let _ = client.shutdown().await;
    }
}

/// The reference agent behind a front that breaks every [`Fault::period`]th POST's answer
/// by `fault`:
/// the front's URL (which the agent's card names) and the agent, kept alive.
async fn faulty_agent(fault: Fault) -> (String, a2a_interop::refagent::RefAgentHandle) {
    let front = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("http://{}", front.local_addr().unwrap());
    let agent = common::start_refagent(Some(url.clone())).await;
    let to = agent.local_addr();
    let posts = Arc::new(AtomicUsize::new(0));
    tokio::spawn(async move {
        while let Ok((c, _)) = front.accept().await {
            tokio::spawn(serve_one(c, to, fault, posts.clone()));
        }
    });
    (url, agent)
}

/// Probes the agent behind a `fault` front as `a2a-interop probe URL --timeout 2s` does:
/// each result's `(status, message, group)`, the exchanges the verifier did not judge whole
/// `(exchange, reason)`, and the test group of each exchange.
async fn probe_faulty(
    fault: Fault,
) -> (
    Vec<(Status, String, Option<String>, bool)>,
    Vec<(String, String)>,
    HashMap<String, String>,
) {
    let (url, _agent) = faulty_agent(fault).await;
    let argv = [
        "a2a-interop",
        "probe",
        url.as_str(),
        "--timeout",
        "2s",
        "--quiet",
    ];
    let Command::Probe(args) = Cli::parse_from(argv).command else {
        unreachable!("parsed a probe command")
    };
    let cfg = probe_cmd::config_from(&args).unwrap();
    let run = probe_cmd::probe_through_pipeline(&args, &cfg, url::Url::parse(&url).unwrap())
        .await
        .unwrap();
    let by_exchange = probe_cmd::tests_by_exchange(run.outcome.recording.as_deref());
    if let Some(tmp) = &run.temp_recording {
        let _ = std::fs::remove_file(tmp);
    }
    let results = run
        .report
        .results
        .iter()
        .map(|r| {
            (
                r.status,
                format!("{}: {}", r.scoped(), r.message),
                r.owner.clone(),
                r.failed_own_checks(),
            )
        })
        .collect();
    (results, run.outcome.verify.incomplete.clone(), by_exchange)
}

/// No probe test passes on an exchange the verifier did not judge whole, and the faults
/// did reach tests (at least one failed for it, as the probe's own failure: exit 1).
async fn no_pass_on_an_unjudged_exchange(fault: Fault) -> Vec<String> {
    let (results, incomplete, by_exchange) = probe_faulty(fault).await;
    let unjudged: Vec<(&str, &str)> = incomplete
        .iter()
        .filter_map(|(x, why)| by_exchange.get(x).map(|g| (g.as_str(), why.as_str())))
        .collect();
    assert!(
        !unjudged.is_empty(),
        "{fault:?}: no test's exchange went unjudged: the front broke nothing ({incomplete:?})"
    );
    let false_passes: Vec<String> = results
        .iter()
        .filter(|(s, _, owner, _)| {
            *s == Status::Pass && unjudged.iter().any(|(g, _)| owner.as_deref() == Some(*g))
        })
        .map(|(_, m, _, _)| m.clone())
        .collect();
    assert!(
        false_passes.is_empty(),
        "{fault:?}: tests passed on exchanges the verifier did not judge whole {unjudged:?}:\n{}",
        false_passes.join("\n")
    );
    // the faults reached tests: each failed (its own failure, exit 1, when no finding
    // made it the rule's)
    assert!(
        results.iter().any(|(s, _, owner, _)| *s == Status::Fail
            && unjudged.iter().any(|(g, _)| owner.as_deref() == Some(*g))),
        "{fault:?}: no test of an unjudged exchange failed"
    );
    results
        .into_iter()
        .filter(|(_, m, _, own)| {
            *own && m.contains("but the verifier could not judge its exchange")
        })
        .map(|(_, m, _, _)| m)
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn n4_no_probe_test_passes_on_a_body_past_the_capture_cap() {
    let told = no_pass_on_an_unjudged_exchange(Fault::Capped).await;
    assert!(
        !told.is_empty(),
        "no test failed naming the body the verifier could not judge"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn n4_no_probe_test_passes_on_an_answer_that_never_ends() {
    let told = no_pass_on_an_unjudged_exchange(Fault::Endless).await;
    assert!(
        !told.is_empty(),
        "no test failed naming the answer the verifier could not judge"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn n4_no_probe_test_passes_on_an_answer_cut_midway() {
    no_pass_on_an_unjudged_exchange(Fault::CutMidway).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn n4_no_probe_test_passes_on_a_reset_connection() {
    no_pass_on_an_unjudged_exchange(Fault::Reset).await;
}

/// A fresh empty directory under the target's temporary directory, unique to this test
/// (`tag`) and process.
fn temp_dir(tag: &str) -> std::path::PathBuf {
    let d = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("fix51-{tag}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// The rule IDs of the findings `verify` of `path` makes (every severity), sorted.
fn rules_of(path: &std::path::Path) -> std::collections::BTreeSet<String> {
    common::verify_file(path)
        .findings
        .iter()
        .map(|f| f.rule.clone())
        .collect()
}

/// A 1.0 JSON-RPC transcript of four exchanges on one task (newcomer50 N2's shape): a
/// send answered with the task `input-required`; a streaming follow-up whose first event
/// is a statusUpdate (STREAM-FIRST-001); a GetTask answering another contextId
/// (ID-CTX-002); a cancel of the completed task answered with success (TASK-STATE-003,
/// TASK-STATE-001). Every later exchange names the task the first one handed out.
fn four_findings_transcript() -> String {
    use serde_json::json;
    let h = json!({"content-type": "application/json", "a2a-version": "1.0"});
    let req = |t: f64, id: u64, method: &str, params: serde_json::Value| {
        json!({"t": t, "dir": "req", "method": "POST", "url": "http://127.0.0.1:9999/",
               "headers": h, "body": json!({"jsonrpc": "2.0", "id": id, "method": method,
               "params": params}).to_string()})
    };
    let resp = |t: f64, body: serde_json::Value| {
        json!({"t": t, "dir": "resp", "status": 200,
               "headers": {"content-type": "application/json"}, "body": body.to_string()})
    };
    let msg = |mid: &str, follow: bool| {
        let mut m =
            json!({"messageId": mid, "role": "ROLE_USER", "parts": [{"text": "input please"}]});
        if follow {
            m["taskId"] = json!("task-1");
            m["contextId"] = json!("ctx-1");
        }
        json!({"message": m})
    };
    let event = |state: &str| {
        let e = json!({"jsonrpc": "2.0", "id": 2, "result": {"statusUpdate": {
            "taskId": "task-1", "contextId": "ctx-1", "status": {"state": state}}}});
        format!("data: {e}\n\n")
    };
    let lines = [
        req(0.0, 1, "SendMessage", msg("m1", false)),
        resp(
            0.01,
            json!({"jsonrpc": "2.0", "id": 1, "result": {"task": {"id": "task-1",
            "contextId": "ctx-1", "status": {"state": "TASK_STATE_INPUT_REQUIRED"}}}}),
        ),
        req(0.1, 2, "SendStreamingMessage", msg("m2", true)),
        json!({"t": 0.11, "dir": "resp", "status": 200,
               "headers": {"content-type": "text/event-stream"}, "body": ""}),
        json!({"t": 0.12, "dir": "chunk", "body": event("TASK_STATE_WORKING")}),
        json!({"t": 0.13, "dir": "chunk", "body": event("TASK_STATE_COMPLETED")}),
        json!({"t": 0.14, "dir": "chunk", "body": "", "close": "eof"}),
        req(0.2, 3, "GetTask", json!({"id": "task-1"})),
        resp(
            0.21,
            json!({"jsonrpc": "2.0", "id": 3, "result": {"id": "task-1",
            "contextId": "ctx-other", "status": {"state": "TASK_STATE_COMPLETED"}}}),
        ),
        req(0.3, 4, "CancelTask", json!({"id": "task-1"})),
        resp(
            0.31,
            json!({"jsonrpc": "2.0", "id": 4, "result": {"id": "task-1",
            "contextId": "ctx-1", "status": {"state": "TASK_STATE_CANCELED"}}}),
        ),
    ];
    lines.iter().map(|l| format!("{l}\n")).collect()
}

/// N2: a cut (`repro`) adds no finding of its own. Each of the recording's four findings is
/// cut; `verify` of each cut finds the requested rule and no rule the whole recording does
/// not break. Before: the cuts of STREAM-FIRST-001 and ID-CTX-002 dropped the send that
/// handed out task-1, and showed note[ID-TASK-004] (a task id nothing handed out) besides.
#[test]
fn n2_a_cut_adds_no_finding_the_recording_lacks_whatever_the_rule() {
    let dir = temp_dir("n2");
    let rec = dir.join("four.jsonl");
    std::fs::write(&rec, four_findings_transcript()).unwrap();
    let original = rules_of(&rec);
    let cut_rules = [
        "STREAM-FIRST-001",
        "ID-CTX-002",
        "TASK-STATE-003",
        "TASK-STATE-001",
    ];
    for r in cut_rules {
        assert!(
            original.contains(r),
            "the recording breaks {r}: {original:?}"
        );
    }
    for r in cut_rules {
        let out = dir.join(format!("cut-{r}.jsonl"));
        let o = common::bin()
            .args(["repro", rec.to_str().unwrap(), "--finding", r, "-o"])
            .arg(&out)
            .output()
            .unwrap();
        assert_eq!(
            o.status.code(),
            Some(0),
            "{}",
            String::from_utf8_lossy(&o.stderr)
        );
        let cut = rules_of(&out);
        assert!(cut.contains(r), "the cut of {r} lost it: {cut:?}");
        let added: Vec<&String> = cut.difference(&original).collect();
        assert!(
            added.is_empty(),
            "the cut of {r} adds findings the recording lacks: {added:?} (cut {cut:?}, recording {original:?})"
        );
    }
}


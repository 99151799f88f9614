//! fix51: the problems newcomer50 and the last session's helpers left open, each on the
//! real code path (the probe through its recording pipeline, `verify`, `repro`).
//!
//! N4's general form: a probe test whose verdict is the verifier's ("the verifier's RULE
//! judges it", `probe::merge_findings`) must not pass on an exchange the verifier did not
//! judge whole. A small fault-injecting front (a tokio listener in this file) stands
//! between the probe and the reference agent and breaks every third to seventh POST's
//! answer in one of three ways: a body past the 16 MiB capture cap, an answer that never
//! ends, a body or stream (mid-event) cut by a connection reset.

use crate::common;

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
    /// Half the answer (a stream: its first event and half a second one), then a TCP
    /// reset. (The same cut closed with FIN already fails its tests through HTTP-FRAME-002
    /// and the stream's end, before this fix too: not run, to keep the test short.)
    Reset,
}

impl Fault {
    /// Every how many POSTs the front breaks one: the slow faults (a 17 MiB body, an
    /// answer the probe waits its `--timeout` for) less often, to keep the test short.
    fn period(self) -> usize {
        match self {
            Fault::Capped => 5,
            Fault::Endless => 11,
            Fault::Reset => 3,
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
            Fault::Reset => {
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
            Fault::Reset => {
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

/// Probes the agent behind a `fault` front as `a2a-interop probe URL --timeout 2s` does
/// (1s for [`Fault::Endless`], whose answers the probe waits that long for):
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
        if fault == Fault::Endless { "1s" } else { "2s" },
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
async fn n4_no_probe_test_passes_on_a_reset_connection() {
    no_pass_on_an_unjudged_exchange(Fault::Reset).await;
}

/// `interop` as `probe`: no test of the direction calling the faulty agent (A->B, B behind
/// a front whose every 5th POST answer passes the 16 MiB capture cap) passes on an exchange
/// of that direction the verifier did not judge whole. Before: the same false passes as
/// `probe`'s (interop's tests are the probe's plan).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn n4_no_interop_test_passes_on_an_exchange_the_verifier_did_not_judge_whole() {
    let a = common::start_refagent(None).await;
    let url_a = format!("http://{}", a.local_addr());
    let (url_b, _b) = faulty_agent(Fault::Capped).await;
    let dir = temp_dir("n4-interop");
    let (run, rec) = common::interop_with(&url_a, &url_b, &["--quiet"], &dir).await;
    let by_exchange = probe_cmd::tests_by_exchange(Some(&rec));
    let legs = a2a_interop::app::interop_cmd::legs_by_exchange(Some(&rec));
    let d = &run.directions[0];
    assert_eq!(d.name, a2a_interop::app::interop_cmd::A_TO_B);
    let groups: Vec<&str> = run
        .outcome
        .verify
        .incomplete
        .iter()
        .filter(|(x, _)| legs.get(x).map(String::as_str) == Some(d.name))
        .filter_map(|(x, _)| by_exchange.get(x).map(String::as_str))
        .collect();
    assert!(
        !groups.is_empty(),
        "the front broke no A->B test's exchange"
    );
    let false_passes: Vec<String> = d
        .report
        .results
        .iter()
        .filter(|r| r.status == Status::Pass && groups.contains(&r.owner.as_deref().unwrap_or("")))
        .map(|r| format!("{}: {}", r.scoped(), r.message))
        .collect();
    assert!(
        false_passes.is_empty(),
        "A->B tests passed on exchanges the verifier did not judge whole {groups:?}:\n{}",
        false_passes.join("\n")
    );
    assert!(
        d.report.results.iter().any(|r| r
            .message
            .contains("but the verifier could not judge its exchange")),
        "no A->B test failed naming the exchange"
    );
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

/// Runs the built binary with `args`: (exit code, stdout, stderr).
fn run(args: &[&str]) -> (Option<i32>, String, String) {
    let o = common::bin().args(args).output().unwrap();
    (
        o.status.code(),
        String::from_utf8_lossy(&o.stdout).into_owned(),
        String::from_utf8_lossy(&o.stderr).into_owned(),
    )
}

/// N15: a native recording's response status outside 100-599 is a note naming its line
/// (before: status 0 and 1042 were read in silence, 1042 judged as a status); the file is
/// still judged.
#[test]
fn n15_a_native_status_outside_100_to_599_is_a_note_naming_its_line() {
    let dir = temp_dir("n15-native");
    let demo = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("recordings/demo.jsonl"),
    )
    .unwrap();
    // line 10 is seq 9, e2's response head; line 15 is seq 14, e3's
    let edited: Vec<String> = demo
        .lines()
        .enumerate()
        .map(|(i, l)| match i + 1 {
            10 => l.replacen("\"status\":200", "\"status\":0", 1),
            15 => l.replacen("\"status\":200", "\"status\":1042", 1),
            _ => l.to_string(),
        })
        .collect();
    assert!(edited[9].contains("\"status\":0,") && edited[14].contains("\"status\":1042"));
    let rec = dir.join("s0.jsonl");
    std::fs::write(&rec, edited.join("\n") + "\n").unwrap();
    let (code, out, err) = run(&["verify", rec.to_str().unwrap()]);
    assert!(
        err.contains("line 10 (seq 9, exchange e2): response status 0 is no HTTP status (a number from 100 to 599"),
        "{err}"
    );
    assert!(
        err.contains("exchange_end without a response_head"),
        "{err}"
    );
    assert!(
        err.contains("line 15 (seq 14, exchange e3): response status 1042 is no HTTP status"),
        "{err}"
    );
    assert!(out.contains("in 24 exchanges"), "the file is judged: {out}");
    assert_ne!(code, Some(2), "{err}");
    // the recording as written: no note
    let (_, _, clean) = run(&[
        "verify",
        std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("recordings/demo.jsonl")
            .to_str()
            .unwrap(),
    ]);
    assert!(!clean.contains("is no HTTP status"), "{clean}");
}

/// A HAR 1.2 file of GetTask entries whose `response.status` values are `statuses` (JSON
/// text each), every response with a JSON-RPC result body.
fn har_with_statuses(statuses: &[&str]) -> String {
    let entries: Vec<String> = statuses
        .iter()
        .enumerate()
        .map(|(i, st)| {
            let req = serde_json::json!({"jsonrpc": "2.0", "id": i + 1, "method": "GetTask",
                "params": {"id": "t1"}})
            .to_string();
            let resp = serde_json::json!({"jsonrpc": "2.0", "id": i + 1, "result": {"id": "t1",
                "contextId": "c1", "status": {"state": "TASK_STATE_WORKING"}}})
            .to_string();
            format!(
                r#"{{"startedDateTime":"2026-01-01T00:00:0{i}.000Z","time":5,"request":{{"method":"POST","url":"http://127.0.0.1:9999/","httpVersion":"HTTP/1.1","headers":[{{"name":"content-type","value":"application/json"}},{{"name":"a2a-version","value":"1.0"}}],"postData":{{"mimeType":"application/json","text":{}}},"bodySize":{}}},"response":{{"status":{st},"statusText":"","httpVersion":"HTTP/1.1","headers":[{{"name":"content-type","value":"application/json"}}],"content":{{"size":{},"mimeType":"application/json","text":{}}}}},"timings":{{}}}}"#,
                serde_json::Value::String(req.clone()),
                req.len(),
                resp.len(),
                serde_json::Value::String(resp)
            )
        })
        .collect();
    format!(
        r#"{{"log":{{"version":"1.2","creator":{{"name":"t","version":"1"}},"entries":[{}]}}}}"#,
        entries.join(",")
    )
}

/// N15: HAR 1.2's "no response" (-1 as Chrome writes it, 0) is an exchange without a
/// response, said with the status written; a status outside 100-599 is a note naming its
/// entry; a whole number written as a float is that status. Before: -1 was named "HAR
/// status 0", 1042 and "x" were read in silence, and 200.0 read as no response at all.
#[test]
fn n15_har_no_response_sentinels_and_bad_statuses_are_said() {
    let dir = temp_dir("n15-har");
    let har = dir.join("s.har");
    std::fs::write(
        &har,
        har_with_statuses(&["-1", "0", "1042", "\"x\"", "200.0"]),
    )
    .unwrap();
    let src = a2a_interop::record::source::open(&har).unwrap();
    let notes = src.notes.clone();
    let events: Vec<_> = src.events.map(|e| e.unwrap()).collect();
    let ends: Vec<(String, Option<String>)> = events
        .iter()
        .filter_map(|e| match &e.kind {
            a2a_interop::record::EventKind::ExchangeEnd { error, .. } => Some((
                e.exchange.as_deref().unwrap_or("").to_string(),
                error.clone(),
            )),
            _ => None,
        })
        .collect();
    let heads: Vec<(String, u16)> = events
        .iter()
        .filter_map(|e| match &e.kind {
            a2a_interop::record::EventKind::ResponseHead { status, .. } => {
                Some((e.exchange.as_deref().unwrap_or("").to_string(), *status))
            }
            _ => None,
        })
        .collect();
    // -1 and 0: no response head, the end says which status the file wrote
    let err_of = |x: &str| {
        ends.iter()
            .find(|(e, _)| e == x)
            .and_then(|(_, m)| m.clone())
    };
    assert_eq!(
        err_of("e1").as_deref(),
        Some("no response (HAR status -1), client side")
    );
    assert_eq!(
        err_of("e2").as_deref(),
        Some("no response (HAR status 0), client side")
    );
    assert_eq!(
        heads,
        vec![("e3".to_string(), 1042), ("e5".to_string(), 200)]
    );
    let notes = notes.take();
    assert_eq!(notes.len(), 2, "{notes:?}");
    assert!(
        notes[0].starts_with("log.entries[2]: response.status 1042 is no HTTP status"),
        "{notes:?}"
    );
    assert!(
        notes[1].starts_with(
            "log.entries[3]: response.status \"x\" is no HTTP status: read as no response"
        ),
        "{notes:?}"
    );
    // on the command line too
    let (_, _, err) = run(&["verify", har.to_str().unwrap()]);
    assert!(
        err.contains("s.har: log.entries[2]: response.status 1042"),
        "{err}"
    );
}

/// N16: a transcript whose `t` runs backwards gets a note naming the line and both times,
/// and is still judged (before: nothing said). Times that only stay equal say nothing.
#[test]
fn n16_a_transcript_whose_t_runs_backwards_is_noted_not_refused() {
    let dir = temp_dir("n16");
    let line =
        |t: &str, dir: &str, extra: &str| format!("{{\"t\":{t},\"dir\":\"{dir}\",{extra}}}\n");
    let req = r#""method":"GET","url":"http://127.0.0.1:9999/.well-known/agent-card.json","headers":{},"body":"""#;
    let resp = r#""status":404,"headers":{"content-type":"text/plain"},"body":"no""#;
    let back = [
        line("0.0", "req", req),
        line("0.5", "resp", resp),
        line("0.2", "req", req),
        line("0.3", "resp", resp),
    ]
    .concat();
    let p = dir.join("back.jsonl");
    std::fs::write(&p, back).unwrap();
    let (code, out, err) = run(&["verify", p.to_str().unwrap()]);
    assert!(
        err.contains("back.jsonl: line 3: \"t\" is 0.2 s, earlier than line 2's 0.5 s"),
        "{err}"
    );
    assert!(out.contains("in 2 exchanges"), "still judged: {out}");
    assert_ne!(code, Some(2), "{err}");
    let equal = [
        line("0.0", "req", req),
        line("0.5", "resp", resp),
        line("0.5", "req", req),
        line("0.6", "resp", resp),
    ]
    .concat();
    let q = dir.join("equal.jsonl");
    std::fs::write(&q, equal).unwrap();
    let (_, _, err) = run(&["verify", q.to_str().unwrap()]);
    assert!(!err.contains("earlier than line"), "{err}");
}

/// A native recording of one SendMessage whose request carries a header `x-big` of
/// `size` bytes, which the agent's side closed without any response.
fn big_header_recording(size: usize) -> String {
    use serde_json::json;
    let body = r#"{"jsonrpc":"2.0","id":1,"method":"SendMessage","params":{"message":{"messageId":"m1","role":"ROLE_USER","parts":[{"text":"hi"}]}}}"#;
    let lines = [
        json!({"type":"recording","format":1,"tool":{"name":"a2a-interop","version":"0.1.0"},
               "startedAt":"2026-12-06T00:00:00.000Z","mode":"reverse","listen":["127.0.0.1:38049"],
               "routes":[{"prefix":"/","upstream":"http://127.0.0.1:40585"}],"redacted":true}),
        json!({"seq":1,"t_us":1000,"type":"conn_open","conn":1,"peer":"127.0.0.1:35458","local":"127.0.0.1:38049"}),
        json!({"seq":2,"t_us":1100,"exchange":"e1","type":"request_head","conn":1,"method":"POST",
               "url":"http://127.0.0.1:38049/","version":"HTTP/1.1",
               "headers":[["content-type","application/json"],["a2a-version","1.0"],["host","127.0.0.1:38049"],
                          ["x-big","a".repeat(size)],["content-length",body.len().to_string()]],
               "upstream":"http://127.0.0.1:40585/"}),
        json!({"seq":3,"t_us":1200,"exchange":"e1","type":"request_body","body":body}),
        json!({"seq":4,"t_us":1300,"exchange":"e1","type":"exchange_end","outcome":"upstream_error",
               "error":"upstream connection closed before message completed",
               "request_bytes":body.len(),"response_bytes":0}),
    ];
    lines.iter().map(|l| format!("{l}\n")).collect()
}

/// N11: a call whose 200 KB header the agent's side refused by closing the connection is
/// told with the header's name and size (before: HTTP-FRAME-002 with no word of it); an
/// ordinary header section gets no such words.
#[test]
fn n11_a_call_closed_without_answer_names_its_oversized_header() {
    let dir = temp_dir("n11");
    let big = dir.join("big.jsonl");
    std::fs::write(&big, big_header_recording(200 * 1024)).unwrap();
    let f = common::verify_file(&big);
    let cut: Vec<_> = f
        .findings
        .iter()
        .filter(|f| f.rule == "HTTP-FRAME-002")
        .collect();
    assert_eq!(cut.len(), 1, "{:?}", f.findings);
    assert!(
        cut[0]
            .message
            .contains("its largest field x-big 204807 bytes"),
        "{}",
        cut[0].message
    );
    assert!(
        cut[0]
            .message
            .contains("431 Request Header Fields Too Large"),
        "{}",
        cut[0].message
    );
    let small = dir.join("small.jsonl");
    std::fs::write(&small, big_header_recording(100)).unwrap();
    let f = common::verify_file(&small);
    let cut: Vec<_> = f
        .findings
        .iter()
        .filter(|f| f.rule == "HTTP-FRAME-002")
        .collect();
    assert_eq!(cut.len(), 1, "{:?}", f.findings);
    assert!(
        !cut[0].message.contains("header section"),
        "{}",
        cut[0].message
    );
}

/// newcomer50 N13 / N14: the baseline line says the file's entries beside the known
/// findings, and an entry names the side whose message breaks the rule, not the leg's bare
/// name `[client]`, which read as the client's fault.
#[test]
fn n13_n14_baseline_words_count_entries_and_name_the_side_that_breaks_the_rule() {
    use a2a_interop::report::baseline::{BaselineSummary, Entry};
    let entry = |rule: &str, leg: &str| Entry {
        rule: rule.into(),
        leg: leg.into(),
        host: String::new(),
        agent: String::new(),
        request: "GET /.well-known/agent-card.json".into(),
        pointer: String::new(),
        name: None,
        severity: None,
        reason: None,
        expires: None,
    };
    assert_eq!(
        entry("CARD-CACHE-001", "client").label(),
        "CARD-CACHE-001 (the agent's answer) GET /.well-known/agent-card.json"
    );
    assert_eq!(
        entry("VER-MIX-002", "client").label(),
        "VER-MIX-002 (the client's request) GET /.well-known/agent-card.json"
    );
    assert_eq!(
        entry("CARD-CACHE-001", "upstream").label(),
        "CARD-CACHE-001 (the agent's answer, leg upstream) GET /.well-known/agent-card.json"
    );
    let s = BaselineSummary {
        file: "b.json".into(),
        entries: 13,
        new: 0,
        unchanged: 11,
        ..Default::default()
    };
    assert!(
        s.line()
            .starts_with("baseline b.json (13 entries): 11 known findings, 0 new"),
        "{}",
        s.line()
    );
}

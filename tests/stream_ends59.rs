//! streams59: stream ends round fifty-eight left open, with real sockets (a small broken
//! agent, `tests/broken`, behind a real `a2a-interop proxy` or the probe's own recording
//! pipeline).
//!
//! Predictions, written before the runs:
//! - item 4, active: a stream whose events come 3 s after its head and which is then held
//!   open ([`Break::HeldOpenLate`]) puts its terminal event 1 s before a `--timeout 4s`
//!   probe's deadline. Before, the probe left at the deadline, 1 s after the terminal event
//!   (within the verifier's 2 s grace): `streaming.terminal` passed with "did not close (the
//!   verifier's STREAM-END-009 judges it)" and no rule fired. Now the probe reads on until
//!   2.5 s after the stream's last bytes, so `verify` of its recording finds STREAM-END-009
//!   and the check fails by it. The neighbour ([`Break::LateStream`]: the same late events,
//!   then the close) passes `streaming.terminal` and draws no STREAM-END-009.
//! - item 3, passive: a 1.0 SendStreamingMessage answered with one Message and then held
//!   open, the client closing 3 s after it: STREAM-END-009 ("after the Message that answered
//!   the call"); the client closing as soon as it read the Message: nothing.

use crate::broken;
use crate::proxy_process::start_proxy;
use crate::stream_held_open58::{findings, of, probe_record};

use std::time::Duration;

use a2a_interop::probe::Status;
use broken::Break;
use tokio::io::{AsyncReadExt, AsyncWriteExt};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn probe_waits_past_the_grace_for_a_stream_held_open_after_a_late_terminal_event() {
    let dir = tempfile::tempdir().unwrap();
    let agent = broken::start_with(Break::HeldOpenLate, false, false).await;
    let rec = dir.path().join("late-held.jsonl");
    let r = probe_record(&agent.url(), "4s", &rec).await;
    let terminal: Vec<_> = r
        .results
        .iter()
        .filter(|x| x.test == "streaming.terminal")
        .collect();
    assert_eq!(terminal.len(), 1, "{:#?}", r.results);
    let t = terminal[0];
    assert_eq!(t.status, Status::Fail, "{}", t.message);
    assert!(
        t.message.starts_with("stream reached completed at event 2 but did not close (the verifier's STREAM-END-009 judges it); but the verifier found error[STREAM-END-009] on its exchange"),
        "{}",
        t.message
    );
    assert_eq!(t.failed_by.as_deref(), Some("STREAM-END-009"));
    // the recording: the probe left the stream past the grace after its terminal event
    let fs = findings(&rec);
    let held = of(&fs, "STREAM-END-009");
    assert!(!held.is_empty(), "{fs:#?}");
    for f in held {
        let m = f["message"].as_str().unwrap();
        let secs: f64 = m
            .strip_prefix("stream stayed open ")
            .and_then(|r| r.split(' ').next())
            .and_then(|n| n.parse().ok())
            .unwrap_or_else(|| panic!("{m}"));
        assert!(secs >= 2.0, "{m}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn probe_passes_a_late_stream_that_closes_after_its_terminal_event() {
    let dir = tempfile::tempdir().unwrap();
    let agent = broken::start_with(Break::LateStream, false, false).await;
    let rec = dir.path().join("late.jsonl");
    let r = probe_record(&agent.url(), "4s", &rec).await;
    let terminal: Vec<_> = r
        .results
        .iter()
        .filter(|x| x.test == "streaming.terminal")
        .collect();
    assert_eq!(terminal.len(), 1, "{:#?}", r.results);
    assert_eq!(terminal[0].status, Status::Pass, "{}", terminal[0].message);
    assert!(
        terminal[0]
            .message
            .starts_with("stream reached completed at event 2 and closed"),
        "{}",
        terminal[0].message
    );
    let fs = findings(&rec);
    assert!(of(&fs, "STREAM-END-009").is_empty(), "{fs:#?}");
    assert!(of(&fs, "STREAM-END-003").is_empty(), "{fs:#?}");
}

/// One JSON-RPC SendStreamingMessage "reply hello" through the proxy at `proxy`, read until
/// its Message arrived; the connection is then held `hold` longer and dropped.
async fn reply_then_close(proxy: std::net::SocketAddr, hold: Duration) -> String {
    let body = format!(
        r#"{{"jsonrpc":"2.0","id":1,"method":"SendStreamingMessage","params":{{"message":{{"role":"ROLE_USER","messageId":"m-{}","parts":[{{"text":"reply hello"}}]}}}}}}"#,
        hold.as_millis()
    );
    let req = format!(
        "POST /rpc HTTP/1.1\r\nhost: {proxy}\r\ncontent-type: application/json\r\na2a-version: 1.0\r\naccept: text/event-stream\r\ncontent-length: {}\r\n\r\n{body}",
        body.len()
    );
    let mut s = tokio::net::TcpStream::connect(proxy).await.unwrap();
    s.write_all(req.as_bytes()).await.unwrap();
    let mut got = Vec::new();
    let mut buf = [0u8; 4096];
    let read = async {
        while !String::from_utf8_lossy(&got).contains("hello to you") {
            let n = s.read(&mut buf).await.unwrap();
            assert!(n > 0, "stream ended before its message");
            got.extend_from_slice(&buf[..n]);
        }
    };
    tokio::time::timeout(Duration::from_secs(20), read)
        .await
        .expect("message within 20 s");
    tokio::time::sleep(hold).await;
    drop(s);
    String::from_utf8_lossy(&got).into_owned()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_message_reply_stream_held_open_until_the_client_left_is_stream_end_009() {
    let dir = tempfile::tempdir().unwrap();
    let agent = broken::start_with(Break::HeldOpenAfterTerminal, false, false).await;
    let rec = dir.path().join("reply.jsonl");
    let up = format!("http://{}", agent.addr);
    let (p, addr) = start_proxy(&["--upstream", &up, "--record", rec.to_str().unwrap()]);
    // within the grace: read the Message, close at once
    let quick = reply_then_close(addr, Duration::ZERO).await;
    assert!(quick.contains("text/event-stream"), "{quick}");
    // past it: 3 s after the Message
    reply_then_close(addr, Duration::from_secs(3)).await;
    tokio::time::sleep(Duration::from_millis(300)).await;
    p.terminate();
    let fs = findings(&rec);
    let held = of(&fs, "STREAM-END-009");
    assert_eq!(held.len(), 1, "{fs:#?}");
    let m = held[0]["message"].as_str().unwrap();
    assert!(
        m.starts_with("stream stayed open 3.")
            && m.contains(" s after the Message that answered the call: the event stream's response never ended and the client closed it (a message reply stream is that one message, then the close; 2 s of grace allowed)"),
        "{m}"
    );
    assert_eq!(held[0]["severity"], "error");
    assert!(of(&fs, "STREAM-END-003").is_empty(), "{fs:#?}");
    assert!(of(&fs, "STREAM-END-001").is_empty(), "{fs:#?}");
    drop(agent);
}

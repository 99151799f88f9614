//! ux41: a newcomer's first hour with README and docs/usage.md (demo, the proxy in front of
//! the reference agent with curl and the Python and JS SDK clients, verify of one and
//! several files, every report format, repro of every finding of a probe run, HAR and back,
//! probe, interop, multi-leg listeners, `rules`), then trying to break it: recordings
//! edited by hand, browser and mitmproxy HAR files, hand-written transcripts, a 1.1 GB
//! recording. Real processes (the binary, the reference agent), real sockets, real files.
//! - A request still waiting for the agent's answer when the proxy stopped (a hung agent,
//!   Ctrl-C) was counted among the judged exchanges in silence: no stop-summary line, no
//!   "not judged" in `verify`; a transcript `req` without its `resp` the same.
//! - An answer that handed out a task, on an exchange not judged (its request body cut at
//!   `--capture-cap`, or left out of a HAR file), left the task unknown: the follow-up
//!   naming it got an invented ID-TASK-004 note ("never saw the agent hand out").
//! - A HAR entry whose body text the browser left out was listed not judged as "cut by the
//!   capture cap, or events dropped by the recorder".

use crate::proxy_process;

use std::io::{Read as _, Write as _};
use std::net::SocketAddr;
use std::process::Command;
use std::time::{Duration, Instant};

use proxy_process::{card_agent_holding_calls, echo_card, reference_agent, run_in};

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// `body` POSTed as a 1.0 JSON-RPC call to `/` of `addr` on a connection of its own
/// (`Connection: close`), read to its end: the response body (after the head).
fn post(addr: SocketAddr, body: &str) -> String {
    let mut s = std::net::TcpStream::connect(addr).unwrap();
    s.set_read_timeout(Some(Duration::from_secs(30))).unwrap();
    write!(
        s,
        "POST / HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\nA2A-Version: 1.0\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    )
    .unwrap();
    let mut out = String::new();
    s.read_to_string(&mut out).unwrap();
    out.split_once("\r\n\r\n")
        .map(|(_, b)| b.to_string())
        .unwrap_or(out)
}

/// Waits (at most 10 s) until the file at `path` holds `needle`.
fn wait_for_in_file(path: &std::path::Path, needle: &str) {
    let end = Instant::now() + Duration::from_secs(10);
    loop {
        let got = std::fs::read_to_string(path).unwrap_or_default();
        if got.contains(needle) {
            return;
        }
        assert!(Instant::now() < end, "no {needle:?} in {path:?}: {got}");
        std::thread::sleep(Duration::from_millis(50));
    }
}

/// Item 1: a proxy stopped while its agent had not answered a request (a hung agent)
/// says so in its stop summary, naming the exchange, and `verify` of the recording lists
/// it as not judged, not among the exchanges judged clean.
#[test]
fn a_request_still_waiting_when_the_proxy_stops_is_said_and_listed_not_judged() {
    let agent = card_agent_holding_calls(|a| echo_card("hung agent", &format!("http://{a}/")));
    let dir = tempfile::tempdir().unwrap();
    let rec = dir.path().join("hung.jsonl");
    let mut run = proxy_process::spawn_until_listening(
        Command::new(env!("CARGO_BIN_EXE_a2a-interop"))
            .args(["proxy", "--listen", "127.0.0.1:0"])
            .args(["--upstream", &format!("http://{agent}")])
            .args(["--record", rec.to_str().unwrap(), "--shutdown-grace", "0"])
            .env("NO_COLOR", "1"),
        Duration::from_secs(30),
    );
    let addr: SocketAddr = run.addr.trim_end_matches('/').parse().unwrap();
    let body = r#"{"jsonrpc":"2.0","id":1,"method":"SendMessage","params":{"message":{"role":"ROLE_USER","messageId":"m1","parts":[{"text":"hello"}]}}}"#;
    let mut client = std::net::TcpStream::connect(addr).unwrap();
    write!(
        client,
        "POST / HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\nA2A-Version: 1.0\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    )
    .unwrap();
    // the agent holds the request: the proxy waits for an answer that does not come; the
    // stop comes once the request's body (which names SendMessage) is recorded (a fixed
    // 300 ms after its head stood here)
    wait_for_in_file(&rec, "\"request_body\"");
    run.child.signal("TERM");
    let code = run.child.wait_for(Duration::from_secs(60), "proxy");
    let stderr = run.rx.iter().collect::<Vec<_>>().join("\n");
    assert_eq!(code.code(), Some(0), "{stderr}");
    assert!(
        stderr
            .contains("1 request was still waiting for the agent's answer when the proxy stopped"),
        "{stderr}"
    );
    assert!(
        stderr.contains("not judged: e1 (POST / SendMessage, open "),
        "{stderr}"
    );
    drop(client);

    let out = run_in(dir.path(), &["verify", "hung.jsonl"]);
    let stdout = text(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{stdout}{}", text(&out.stderr));
    assert!(
        stdout.contains("not judged: 1 exchange (e1): the recording ended with the request still waiting for the agent's answer (no response head)"),
        "{stdout}"
    );
    assert!(
        stdout.contains("in 1 exchange, 1 not fully judged"),
        "{stdout}"
    );
}

/// Item 2: a hand-written transcript whose `req` has no `resp` (forgotten, or the answer
/// never came): the exchange is listed not judged rather than passed as judged.
#[test]
fn a_transcript_request_without_its_response_is_listed_not_judged() {
    let dir = tempfile::tempdir().unwrap();
    let req = serde_json::json!({
        "dir": "req", "method": "POST", "url": "http://127.0.0.1:8080/",
        "headers": {"content-type": "application/json", "a2a-version": "1.0"},
        "body": r#"{"jsonrpc":"2.0","id":1,"method":"SendMessage","params":{"message":{"role":"ROLE_USER","messageId":"m1","parts":[{"text":"hi"}]}}}"#,
    });
    std::fs::write(dir.path().join("t.jsonl"), format!("{req}\n")).unwrap();
    let out = run_in(dir.path(), &["verify", "t.jsonl"]);
    let stdout = text(&out.stdout);
    assert!(
        // newcomer55 N4: said as the line the transcript lacks
        stdout.contains("not judged: 1 exchange (e1): the transcript has no answer for this request: write the agent's answer after its {\"dir\":\"req\",...} line"),
        "{stdout}"
    );
    assert!(stdout.contains("1 not fully judged"), "{stdout}");
}

/// Item 3: the reference agent behind a proxy whose `--capture-cap` cuts the first request
/// body (its metadata padded), not its answer, which hands out an input-required task;
/// the follow-up names that task. The first exchange is not judged, and the follow-up gets
/// no ID-TASK-004 ("never saw the agent hand out"): the recording holds the answer that
/// handed it out, which the verifier did not read.
#[test]
fn a_task_handed_out_by_an_exchange_not_judged_is_no_client_chosen_id() {
    let (_agent, url) = reference_agent();
    let dir = tempfile::tempdir().unwrap();
    let rec = dir.path().join("cap.jsonl");
    let run = proxy_process::spawn_until_listening(
        Command::new(env!("CARGO_BIN_EXE_a2a-interop"))
            .args(["proxy", "--listen", "127.0.0.1:0", "-q", "--upstream", &url])
            .args(["--record", rec.to_str().unwrap(), "--capture-cap", "1500"])
            .env("NO_COLOR", "1"),
        Duration::from_secs(30),
    );
    let addr: SocketAddr = run.addr.trim_end_matches('/').parse().unwrap();
    let pad = "x".repeat(2000);
    let first = post(
        addr,
        &format!(
            r#"{{"jsonrpc":"2.0","id":1,"method":"SendMessage","params":{{"metadata":{{"pad":"{pad}"}},"message":{{"role":"ROLE_USER","messageId":"m1","parts":[{{"text":"input hi"}}]}}}}}}"#
        ),
    );
    assert!(first.len() < 1500, "the answer must fit the cap: {first}");
    let v: serde_json::Value = serde_json::from_str(&first).unwrap();
    let tid = v["result"]["task"]["id"].as_str().unwrap().to_string();
    let second = post(
        addr,
        &format!(
            r#"{{"jsonrpc":"2.0","id":2,"method":"SendMessage","params":{{"message":{{"role":"ROLE_USER","messageId":"m2","taskId":"{tid}","parts":[{{"text":"ok"}}]}}}}}}"#
        ),
    );
    assert!(second.contains(&tid), "{second}");
    run.terminate();

    let out = run_in(dir.path(), &["verify", "cap.jsonl"]);
    let stdout = text(&out.stdout);
    assert!(
        stdout.contains(
            "not judged: 1 exchange (e1): body not fully recorded (cut at the proxy's capture cap"
        ),
        "{stdout}"
    );
    assert!(!stdout.contains("ID-TASK-004"), "{stdout}");
    assert_eq!(out.status.code(), Some(0), "{stdout}");
}

/// Item 4: a browser HAR (Firefox "Save All As HAR" leaves some bodies out: a `postData`
/// with `params` and no `text`) whose first entry hands out a task the second names. The
/// entry is listed not judged as a body the HAR file left out, not as the proxy's capture
/// cap; and no ID-TASK-004 is invented for the follow-up.
#[test]
fn a_har_entry_without_its_body_text_is_said_so_and_invents_no_finding() {
    let tid = "0b4c6a8e-3c2f-4f55-9a43-1f3d2b7e9a10";
    let ctx = "5d1e2f3a-4b5c-4d6e-8f70-8192a3b4c5d6";
    let task = |state: &str, msg: &str| {
        serde_json::json!({"jsonrpc":"2.0","id":1,"result":{"task":{"id":tid,"contextId":ctx,
            "status":{"state":state,"message":{"messageId":msg,"contextId":ctx,"taskId":tid,
            "role":"ROLE_AGENT","parts":[{"text":"more?"}]}}}}})
        .to_string()
    };
    let entry = |post: serde_json::Value, body: String| {
        serde_json::json!({
            "startedDateTime": "2026-12-05T10:00:00.000Z", "time": 5,
            "request": {"method": "POST", "url": "http://127.0.0.1:9999/", "httpVersion": "HTTP/1.1",
                "headers": [{"name": "Content-Type", "value": "application/json"},
                            {"name": "A2A-Version", "value": "1.0"}],
                "queryString": [], "cookies": [], "headersSize": -1, "bodySize": -1,
                "postData": post},
            "response": {"status": 200, "statusText": "OK", "httpVersion": "HTTP/1.1",
                "headers": [{"name": "Content-Type", "value": "application/json"}],
                "cookies": [], "content": {"size": -1, "mimeType": "application/json", "text": body},
                "redirectURL": "", "headersSize": -1, "bodySize": -1},
            "cache": {}, "timings": {"blocked": -1, "dns": 0, "connect": 0, "send": 0, "wait": 4, "receive": 1},
            "_securityState": "insecure"
        })
    };
    let follow_up = format!(
        r#"{{"jsonrpc":"2.0","id":1,"method":"SendMessage","params":{{"message":{{"role":"ROLE_USER","messageId":"m2","taskId":"{tid}","parts":[{{"text":"ok"}}]}}}}}}"#
    );
    let mut second = entry(
        serde_json::json!({"mimeType": "application/json", "params": [], "text": follow_up}),
        task("TASK_STATE_COMPLETED", "a2"),
    );
    second["startedDateTime"] = "2026-12-05T10:00:01.000Z".into();
    let har = serde_json::json!({"log": {"version": "1.2",
    "creator": {"name": "Firefox", "version": "128.0"},
    "entries": [
        entry(serde_json::json!({"mimeType": "application/json", "params": []}),
              task("TASK_STATE_INPUT_REQUIRED", "a1")),
        second,
    ]}});
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("ff.har"), har.to_string()).unwrap();
    let out = run_in(dir.path(), &["verify", "ff.har"]);
    let stdout = text(&out.stdout);
    assert!(
        stdout.contains("not judged: 1 exchange (log.entries[0]): body not in the HAR file"),
        "{stdout}"
    );
    assert!(!stdout.contains("capture cap"), "{stdout}");
    assert!(!stdout.contains("ID-TASK-004"), "{stdout}");
}

/// Item 5: a hand-edited file whose first line is a comment, the `[` of a JSON array or a
/// pretty-printed object's lone `{` is refused (exit 2) saying which, with the command
/// that undoes it, not "first line is neither ...".
#[test]
fn a_first_line_a_person_put_there_is_named_with_its_fix() {
    let dir = tempfile::tempdir().unwrap();
    let line =
        r#"{"dir":"req","method":"GET","url":"http://127.0.0.1:8080/.well-known/agent-card.json"}"#;
    let header = r#"{"type":"recording","format":1,"tool":{"name":"a2a-interop","version":"0.1.0"},"startedAt":"2026-12-05T10:00:00.000Z","mode":"reverse","listen":["127.0.0.1:8080"],"routes":[]}"#;
    let pretty =
        serde_json::to_string_pretty(&serde_json::from_str::<serde_json::Value>(header).unwrap())
            .unwrap();
    for (name, content, want) in [
        (
            "comment.jsonl",
            format!("// card fetch only\n{line}\n"),
            "line 1 is a comment (`// card fetch only`), and JSON Lines have none: remove the comment lines in a copy, grep -v '^//' comment.jsonl > fixed.jsonl",
        ),
        (
            "array.jsonl",
            format!("[\n{line}\n]\n"),
            "line 1 opens a JSON array, and a transcript or recording is one JSON object per line, not an array: jq -c '.[]' array.jsonl > fixed.jsonl",
        ),
        (
            "pretty.jsonl",
            format!("{pretty}\n{{\"seq\":1,\"t_us\":1,\"type\":\"conn_open\",\"conn\":1,\"peer\":\"127.0.0.1:1\",\"local\":\"127.0.0.1:8080\"}}\n"),
            "line 1 is a lone `{`: a JSON object spread over several lines (pretty-printed by an editor or jq .), where a recording or transcript has each event on one line: jq -c . pretty.jsonl > fixed.jsonl",
        ),
    ] {
        std::fs::write(dir.path().join(name), content).unwrap();
        let out = run_in(dir.path(), &["verify", name]);
        let stderr = text(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{name}: {stderr}");
        assert!(stderr.contains(want), "{name}: {stderr}");
        assert!(!stderr.contains("first line is neither"), "{name}: {stderr}");
    }
}

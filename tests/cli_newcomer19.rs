//! newcomer19: what a newcomer hit following README.md on a fresh clone (N3 `-q` hiding
//! the findings its last line points at, N4 the printed and the real exit status of a
//! SIGHUP, N6 an agent that never answers, N10 a body cut at `--capture-cap`, N11 a TLS
//! ClientHello on the plain-HTTP listener). Real processes, real loopback sockets, real
//! files, real signals.

use crate::proxy_process;

use std::io::{Read, Write};
use std::net::{TcpListener, TcpStream};
use std::process::Command;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use proxy_process::{line_with, spawn_until_listening, Running};

const BIN: &str = env!("CARGO_BIN_EXE_a2a-interop");

fn stderr_of(o: &std::process::Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// An "agent" that accepts every connection and never sends a byte (it holds them open
/// until the test ends): the process hung behind its listening socket.
fn silent_agent() -> String {
    let l = TcpListener::bind("127.0.0.1:0").unwrap();
    let addr = l.local_addr().unwrap();
    let held = Arc::new(Mutex::new(Vec::new()));
    std::thread::spawn(move || {
        for c in l.incoming().map_while(Result::ok) {
            held.lock().unwrap().push(c);
        }
    });
    format!("http://{addr}")
}

/// N6: an agent that accepts and never answers, while the client gives up after 1 s: the
/// proxy says so live (before: nothing), and `verify` of the recording names the request
/// the agent never answered (before: "the one exchange is not A2A traffic" for an Agent
/// Card request). The answered control is tests/verify_client_abort.rs.
#[test]
fn n6_an_agent_that_never_answers_is_named_live_and_offline() {
    let dir = tempfile::tempdir().unwrap();
    let rec = dir.path().join("hang.jsonl");
    let up = silent_agent();
    let run = spawn_until_listening(
        Command::new(BIN)
            .args(["proxy", "--listen", "127.0.0.1:0", "--upstream", &up])
            .arg("--record")
            .arg(&rec),
        Duration::from_secs(30),
    );
    let mut c = TcpStream::connect(run.addr.trim_end_matches('/')).unwrap();
    c.write_all(b"GET /.well-known/agent-card.json HTTP/1.1\r\nHost: agent\r\n\r\n")
        .unwrap();
    c.set_read_timeout(Some(Duration::from_secs(1))).unwrap();
    let mut b = [0u8; 1];
    assert!(c.read(&mut b).is_err(), "the silent agent answered");
    drop(c);
    let live = line_with(&run, "never answered", Duration::from_secs(20));
    // how long the client waited, as the proxy measured it: about 1 s, more when the
    // machine is loaded (the client's read timeout is a lower bound only for the client)
    let waited = live
        .strip_prefix(
            "a2a-interop proxy: note: the agent never answered e1 GET /.well-known/agent-card.json (GetAgentCard); the client gave up after ",
        )
        .and_then(|r| r.strip_suffix(" s (no response head: not judged)"))
        .unwrap_or_else(|| panic!("{live}"));
    let secs: f64 = waited.parse().unwrap_or_else(|_| panic!("{live}"));
    assert!(secs > 0.0 && waited.contains('.'), "{live}");
    run.terminate();
    let o = Command::new(BIN).arg("verify").arg(&rec).output().unwrap();
    let err = stderr_of(&o);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(
        err.contains(&format!(": the agent never answered e1 GET /.well-known/agent-card.json (GetAgentCard); the client gave up after {waited} s")),
        "{err}"
    );
    assert!(!err.contains("not A2A traffic"), "{err}");
    assert!(
        err.contains("hint: the agent took the connection but sent no response head"),
        "{err}"
    );
}

/// A one-route "agent": every request is answered 200 with `body` as JSON (HTTP/1.1,
/// Content-Length, then the connection closes). Serving `{"name":"x"}` as the Agent Card
/// breaks the card rules (CARD-004 ...): findings to count.
fn json_agent(body: &'static str) -> String {
    let l = TcpListener::bind("127.0.0.1:0").unwrap();
    let addr = l.local_addr().unwrap();
    std::thread::spawn(move || {
        for mut c in l.incoming().map_while(Result::ok) {
            std::thread::spawn(move || {
                let mut head = Vec::new();
                let mut b = [0u8; 1];
                while !head.ends_with(b"\r\n\r\n") {
                    match c.read(&mut b) {
                        Ok(1) => head.push(b[0]),
                        _ => return,
                    }
                }
                let _ = c.write_all(
                    format!(
                        "HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: {}\r\nconnection: close\r\n\r\n{body}",
                        body.len()
                    )
                    .as_bytes(),
                );
            });
        }
    });
    format!("http://{addr}")
}

/// GETs `path` through the proxy at `addr` (`host:port`) and reads the answer to its end.
fn get(addr: &str, path: &str) -> String {
    let mut c = TcpStream::connect(addr.trim_end_matches('/')).unwrap();
    c.write_all(
        format!("GET {path} HTTP/1.1\r\nHost: agent\r\nConnection: close\r\n\r\n").as_bytes(),
    )
    .unwrap();
    c.set_read_timeout(Some(Duration::from_secs(20))).unwrap();
    let mut out = String::new();
    let _ = c.read_to_string(&mut out);
    out
}

/// POSTs the JSON-RPC `body` to `/` through the proxy at `addr` and reads the answer to its
/// end.
fn post(addr: &str, body: &str) -> String {
    let mut c = TcpStream::connect(addr.trim_end_matches('/')).unwrap();
    c.write_all(
        format!(
            "POST / HTTP/1.1\r\nHost: agent\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
            body.len()
        )
        .as_bytes(),
    )
    .unwrap();
    c.set_read_timeout(Some(Duration::from_secs(20))).unwrap();
    let mut out = String::new();
    let _ = c.read_to_string(&mut out);
    out
}

/// Sends `sig` to the proxy and waits for it: (exit code, every stderr line).
fn stop(run: Running, sig: &str) -> (Option<i32>, String) {
    let Running {
        mut child,
        rx,
        banner,
        ..
    } = run;
    child.signal(sig);
    let code = child.wait_for(Duration::from_secs(60), "proxy after the signal");
    let err = banner
        .into_iter()
        .chain(rx.iter())
        .collect::<Vec<_>>()
        .join("\n");
    (code.code(), err)
}

/// Starts `proxy --no-record --fail-on error ARGS` in front of a card-breaking agent and
/// fetches the card once.
fn failing_run(args: &[&str]) -> Running {
    let up = json_agent(r#"{"name":"x"}"#);
    let run = spawn_until_listening(
        Command::new(BIN)
            .args(["proxy", "--listen", "127.0.0.1:0", "--upstream", &up])
            .args(["--no-record", "--fail-on", "error"])
            .args(args),
        Duration::from_secs(30),
    );
    let answer = get(&run.addr, "/.well-known/agent-card.json");
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
    run
}

/// N3: with `-q` and nothing recorded, the last line named no finding and said they "were
/// printed above", which `-q` had hidden: it names them (rule IDs and counts). Control:
/// without `-q` they were printed, and the line still says so.
#[test]
fn n3_quiet_run_names_its_findings_in_the_last_line() {
    let (code, err) = stop(failing_run(&["-q"]), "TERM");
    assert_eq!(code, Some(1), "{err}");
    let last = err.lines().last().unwrap_or_default();
    assert!(
        last.starts_with("a2a-interop proxy: exit 1: ")
            && last.contains(" at or above error (--fail-on error): CARD-")
            && last.ends_with(
                "; -q did not print them and nothing recorded them: rerun without -q, or with --report FILE"
            ),
        "{err}"
    );
    assert!(!err.contains("printed above"), "{err}");
    let (code, err) = stop(failing_run(&[]), "TERM");
    assert_eq!(code, Some(1), "{err}");
    let last = err.lines().last().unwrap_or_default();
    assert!(
        last.ends_with("(--fail-on error); they were printed above as they happened"),
        "{err}"
    );
    assert!(err.contains("error[CARD-"), "{err}");
}

/// N4: a SIGHUP ends the run with exit 129 (128 + SIGHUP); with `--fail-on` and findings
/// the last line said "exit 1": it says 129, and why it is not 1.
#[test]
fn n4_sighup_line_says_the_status_the_process_exits_with() {
    let (code, err) = stop(failing_run(&["-q"]), "HUP");
    assert_eq!(code, Some(129), "{err}");
    let last = err.lines().last().unwrap_or_default();
    assert!(
        last.starts_with(
            "a2a-interop proxy: exit 129 (SIGHUP ended the run; --fail-on alone would exit 1): "
        ),
        "{err}"
    );
    assert!(!err.contains("exit 1:"), "{err}");
}

/// N10: a response body cut at `--capture-cap` is announced live and at shutdown (before:
/// nothing), and `verify` says the cap cut it and which flag records it all (before: "cut
/// by the capture cap, or events dropped by the recorder", without telling which).
#[test]
fn n10_a_body_cut_at_the_capture_cap_is_said_live_at_shutdown_and_offline() {
    let dir = tempfile::tempdir().unwrap();
    let rec = dir.path().join("cap.jsonl");
    let up = json_agent(
        r#"{"jsonrpc":"2.0","id":1,"result":{"kind":"message","role":"agent","messageId":"m1","parts":[{"kind":"text","text":"a body longer than the capture cap of 160 bytes that this test gives the proxy, so that the cap cuts it"}]}}"#,
    );
    let run = spawn_until_listening(
        Command::new(BIN)
            .args(["proxy", "--listen", "127.0.0.1:0", "--upstream", &up])
            .args(["--capture-cap", "160", "--record"])
            .arg(&rec),
        Duration::from_secs(30),
    );
    let answer = post(
        &run.addr,
        r#"{"jsonrpc":"2.0","id":1,"method":"message/send","params":{"message":{"kind":"message","role":"user","messageId":"u1","parts":[{"kind":"text","text":"hi"}]}}}"#,
    );
    assert!(
        answer.ends_with("cap cuts it\"}]}}"),
        "forwarded whole: {answer}"
    );
    let live = line_with(&run, "capture-cap", Duration::from_secs(20));
    assert_eq!(
        live,
        "a2a-interop proxy: note: e1 response body cut at --capture-cap (160 bytes) in the recording only (not on its way to the client): recorded up to there and not judged; hint: a larger --capture-cap records it all"
    );
    let err = run.terminate();
    assert!(
        err.contains("a2a-interop proxy: 1 exchange (e1) had a body cut at --capture-cap (160 bytes) in the recording only (the proxy does not cut the bodies it forwards): recorded up to the cap, not judged; hint: a larger --capture-cap records it all"),
        "{err}"
    );
    let o = Command::new(BIN).arg("verify").arg(&rec).output().unwrap();
    let out = String::from_utf8_lossy(&o.stdout);
    assert_eq!(o.status.code(), Some(0), "{out}{}", stderr_of(&o));
    assert!(
        out.contains("(e1): body not fully recorded (cut at the proxy's capture cap (in the recording only, not on its way to the agent or client; a larger --capture-cap records it all)): its content not judged"),
        "{out}{}",
        stderr_of(&o)
    );
    assert!(!out.contains("events dropped"), "{out}");
}

/// newcomer23 N4: a request body cut at `--capture-cap` for an agent that is down was said
/// to be "forwarded whole" just before the line saying the agent was unreachable: the body
/// was never sent. The note and the stop line now say the cap cuts the recording only, and
/// nothing claims the body was forwarded.
#[test]
fn n23_a_capped_request_to_an_agent_that_is_down_is_not_called_forwarded() {
    let dir = tempfile::tempdir().unwrap();
    let rec = dir.path().join("down.jsonl");
    // refusing for the whole test (held: no other test can listen on it meanwhile)
    let down_port = proxy_process::ReservedPort::bind();
    let down = format!("http://{}", down_port.addr());
    let run = spawn_until_listening(
        Command::new(BIN)
            .args(["proxy", "--listen", "127.0.0.1:0", "--upstream", &down])
            .args(["--capture-cap", "160", "--record"])
            .arg(&rec),
        Duration::from_secs(30),
    );
    let text = "x".repeat(400);
    let answer = post(
        &run.addr,
        &format!(
            r#"{{"jsonrpc":"2.0","id":1,"method":"message/send","params":{{"message":{{"kind":"message","role":"user","messageId":"u1","parts":[{{"kind":"text","text":"{text}"}}]}}}}}}"#
        ),
    );
    assert!(answer.starts_with("HTTP/1.1 502"), "{answer}");
    let live = line_with(&run, "capture-cap", Duration::from_secs(20));
    assert_eq!(
        live,
        "a2a-interop proxy: note: e1 request body cut at --capture-cap (160 bytes) in the recording only (not on its way to the agent): recorded up to there and not judged; hint: a larger --capture-cap records it all"
    );
    let err = run.terminate();
    assert!(
        err.contains("unreachable") || err.contains("did not answer"),
        "{err}"
    );
    assert!(
        err.contains("a2a-interop proxy: 1 exchange (e1) had a body cut at --capture-cap (160 bytes) in the recording only (the proxy does not cut the bodies it forwards): recorded up to the cap, not judged; hint: a larger --capture-cap records it all"),
        "{err}"
    );
    assert!(!err.contains("forwarded whole"), "{err}");
}

/// N10, the other cause: a recorder `gap` (queue full) while the exchange was open is named
/// as such, with the flag that avoids it; a file whose `exchange_end` alone says
/// `truncated` (an older recording) says that it does not tell which.
#[test]
fn n10_events_dropped_by_the_recorder_are_told_apart_from_the_cap() {
    let dir = tempfile::tempdir().unwrap();
    let head = r#"{"type":"recording","format":1,"tool":{"name":"a2a-interop","version":"0.1.0"},"startedAt":"2026-12-02T07:00:00.000Z","mode":"reverse","listen":["127.0.0.1:8080"],"routes":[{"prefix":"/","upstream":"http://127.0.0.1:9999"}],"redacted":true}"#;
    let req = r#"{"seq":1,"t_us":10,"exchange":"e1","type":"request_head","method":"POST","url":"http://127.0.0.1:8080/","headers":[["content-type","application/json"]]}
{"seq":2,"t_us":20,"exchange":"e1","type":"request_body","body":"{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"GetTask\",\"params\":{\"id\":\"t1\"}}"}
{"seq":3,"t_us":30,"exchange":"e1","type":"response_head","status":200,"headers":[["content-type","application/json"]]}"#;
    let end = r#"{"seq":5,"t_us":50,"exchange":"e1","type":"exchange_end","outcome":"complete","request_bytes":60,"response_bytes":900,"truncated":true}"#;
    let gap = r#"{"seq":4,"t_us":40,"type":"gap","dropped_events":3,"dropped_bytes":900}"#;
    let other = r#"{"seq":4,"t_us":40,"type":"conn_open","conn":1,"peer":"127.0.0.1:1","local":"127.0.0.1:8080"}"#;
    for (name, mid, want) in [
        (
            "gap.jsonl",
            gap,
            "body not fully recorded (events dropped by the recorder, its queue full (--lossless waits instead of dropping)): its content not judged",
        ),
        (
            "old.jsonl",
            other,
            "body not fully recorded (cut by the capture cap, or events dropped by the recorder: the recording does not say which): its content not judged",
        ),
    ] {
        let p = dir.path().join(name);
        std::fs::write(&p, format!("{head}\n{req}\n{mid}\n{end}\n")).unwrap();
        let o = Command::new(BIN).arg("verify").arg(&p).output().unwrap();
        let out = String::from_utf8_lossy(&o.stdout);
        assert!(out.contains(want), "{name}: {out}{}", stderr_of(&o));
    }
}

/// The first bytes of a TLS 1.2/1.3 ClientHello record (`curl https://` to a plain port).
const CLIENT_HELLO: &[u8] = &[
    0x16, 0x03, 0x01, 0x00, 0x2e, 0x01, 0x00, 0x00, 0x2a, 0x03, 0x03, 0x00, 0x01, 0x02, 0x03, 0x04,
    0x05, 0x06, 0x07, 0x08, 0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x0e, 0x0f, 0x10, 0x11, 0x12, 0x13, 0x14,
    0x15, 0x16, 0x17, 0x18, 0x19, 0x1a, 0x1b, 0x1c, 0x1d, 0x1e, 0x1f, 0x00, 0x00, 0x02, 0x13, 0x01,
    0x01, 0x00,
];

/// Sends `bytes` on a new connection to `addr` and reads whatever comes back until the
/// proxy closes it.
fn send_raw(addr: &str, bytes: &[u8]) -> Vec<u8> {
    let mut c = TcpStream::connect(addr.trim_end_matches('/')).unwrap();
    c.write_all(bytes).unwrap();
    c.set_read_timeout(Some(Duration::from_secs(20))).unwrap();
    let mut out = Vec::new();
    let _ = c.read_to_end(&mut out);
    out
}

/// N11: a TLS ClientHello on the plain-HTTP listener is refused 400 with the hint that the
/// client used https:// (live, in the recording and offline), and each refusal is one
/// stderr line, not a warning and a finding line (README: one). With `-q` the one line is
/// the proxy's warning, with the hint too. Control: an HTTP/1.1 request with a bad method
/// gets no TLS hint.
#[test]
fn n11_a_tls_hello_on_the_plain_listener_is_one_line_with_the_https_hint() {
    const HINT: &str = "looks like TLS: the client used https:// on a plain http listener (use http://, or --tls-cert)";
    let dir = tempfile::tempdir().unwrap();
    let rec = dir.path().join("tls.jsonl");
    // An upstream that accepts connections (the kernel's backlog does), so the proxy's
    // start-up check gives no "does not accept connections ... refused" line (proxy20 P2):
    // the only refused lines are the ones read below.
    let up = TcpListener::bind("127.0.0.1:0").unwrap();
    let upstream = format!("http://{}", up.local_addr().unwrap());
    let run = spawn_until_listening(
        Command::new(BIN)
            .args(["proxy", "--listen", "127.0.0.1:0", "--upstream", &upstream])
            .arg("--record")
            .arg(&rec),
        Duration::from_secs(30),
    );
    let answer = send_raw(&run.addr, CLIENT_HELLO);
    assert!(answer.starts_with(b"HTTP/1.1 400"), "{answer:?}");
    let line = line_with(&run, "refused", Duration::from_secs(20));
    assert!(
        line.starts_with("error[HTTP-FRAME-003]") && line.ends_with(HINT),
        "{line}"
    );
    // the live line names the client's address beside its connection (review22 N8)
    assert!(line.contains(" (client 127.0.0.1:"), "{line}");
    // control: not TLS, no hint
    let answer = send_raw(&run.addr, b"G\x01T / HTTP/1.1\r\nHost: a\r\n\r\n");
    assert!(answer.starts_with(b"HTTP/1.1 400"), "{answer:?}");
    let control = line_with(&run, "refused", Duration::from_secs(20));
    assert!(!control.contains("TLS"), "{control}");
    // the two lines read above were all: no warning beside either
    let err = run.terminate();
    assert!(!err.contains("refused") && !err.contains("WARN"), "{err}");
    let o = Command::new(BIN).arg("verify").arg(&rec).output().unwrap();
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(out.contains(HINT), "{out}{}", stderr_of(&o));
    // -q: the proxy's own warning is the one line, hint included
    let run = spawn_until_listening(
        Command::new(BIN).args([
            "proxy",
            "--listen",
            "127.0.0.1:0",
            "--upstream",
            &upstream,
            "--no-record",
            "-q",
        ]),
        Duration::from_secs(30),
    );
    send_raw(&run.addr, CLIENT_HELLO);
    let line = line_with(&run, "refused", Duration::from_secs(20));
    assert!(line.contains(HINT), "{line}");
    let err = run.terminate();
    assert!(!err.contains("refused"), "{err}");
}

/// N8: `demo --agent-only` says what the reference agent serves, as its card advertises it:
/// JSON-RPC 1.0 and 0.3, no HTTP+JSON (the banner and `demo --help` claimed HTTP+JSON too,
/// and a newcomer's HTTP+JSON calls to it failed).
#[test]
fn n8_the_reference_agents_banner_and_help_say_the_bindings_its_card_advertises() {
    // the agent binds a port of its own and says which in its banner
    let mut child = proxy_process::ChildGuard::spawn(
        Command::new(BIN)
            .args(["demo", "--agent-only", "--listen", "127.0.0.1:0"])
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::piped()),
    );
    let stderr = child.stderr.take().unwrap();
    let mut lines = std::io::BufRead::lines(std::io::BufReader::new(stderr));
    let banner = lines.next().unwrap().unwrap();
    let serves = lines.next().unwrap().unwrap();
    let listen = banner
        .split("reference agent on http://")
        .nth(1)
        .and_then(|rest| rest.split_whitespace().next())
        .unwrap_or_else(|| panic!("no address in the banner: {banner}"))
        .to_string();
    let card: serde_json::Value = {
        let raw = get(&listen, "/.well-known/agent-card.json");
        let body = raw.split("\r\n\r\n").nth(1).unwrap_or_default();
        serde_json::from_str(body).unwrap_or_else(|e| panic!("{e}: {raw}"))
    };
    child.signal("TERM");
    child.wait_for(Duration::from_secs(30), "reference agent after SIGTERM");
    let bindings: std::collections::BTreeSet<&str> = card["supportedInterfaces"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|i| i["protocolBinding"].as_str())
        .collect();
    assert_eq!(bindings.into_iter().collect::<Vec<_>>(), vec!["JSONRPC"]);
    // newcomer58: the address ends its row, what it serves on the next
    assert_eq!(
        banner,
        format!("a2a-interop reference agent on http://{listen}")
    );
    assert_eq!(serves, "  A2A 1.0 and 0.3 over JSON-RPC only; no HTTP+JSON");
    let help = Command::new(BIN).args(["demo", "--help"]).output().unwrap();
    let help = String::from_utf8_lossy(&help.stdout);
    assert!(help.contains("JSON-RPC only: no HTTP+JSON"), "{help}");
    assert!(!help.contains("JSON-RPC and HTTP+JSON"), "{help}");
}

/// N7: a recording damaged at one line in its middle says how to read the rest (the line
/// removed from a copy, by number), and a line cut short inside a JSON string says "cut
/// short" instead of serde's "control character ... found while parsing a string".
#[test]
fn n7_a_damaged_middle_line_says_how_to_read_the_rest() {
    let dir = tempfile::tempdir().unwrap();
    let header = r#"{"type":"recording","format":1,"tool":{"name":"a2a-interop","version":"0.1.0"},"startedAt":"2026-11-30T18:56:33.125Z","mode":"reverse","listen":["127.0.0.1:46700"],"routes":[{"prefix":"/","upstream":"http://127.0.0.1:46200"}],"redacted":true}"#;
    let ok = r#"{"seq":1,"t_us":1,"exchange":"e1","type":"request_head","method":"GET","url":"http://h/","headers":[]}"#;
    let end = r#"{"seq":3,"t_us":3,"exchange":"e1","type":"exchange_end","outcome":"complete"}"#;
    for (name, bad, cause) in [
        (
            "garbage.jsonl",
            "garbage here",
            "line 3: not valid JSON at column 1",
        ),
        (
            "torn.jsonl",
            r#"{"seq":2,"t_us":2,"exchange":"e1","type":"request_body","body":"{\"id\":\"57c4"#,
            "line 3: cut short: the line ends inside a JSON string",
        ),
    ] {
        let rec = dir.path().join(name);
        std::fs::write(&rec, format!("{header}\n{ok}\n{bad}\n{end}\n")).unwrap();
        let o = Command::new(BIN).arg("verify").arg(&rec).output().unwrap();
        let err = stderr_of(&o);
        assert_eq!(o.status.code(), Some(2), "{err}");
        assert!(err.contains(cause), "{name}: {err}");
        assert!(!err.contains("control character"), "{name}: {err}");
        assert!(
            err.contains(&format!(
                "; to read the rest, add --skip-bad-lines (the report names the lines skipped), or remove line 3 in a copy: sed '3d' {} > fixed.jsonl",
                rec.display()
            )),
            "{name}: {err}"
        );
        // the command it gives works: the copy verifies
        let fixed = dir.path().join("fixed.jsonl");
        let text = std::fs::read_to_string(&rec).unwrap();
        let kept: Vec<&str> = text
            .lines()
            .enumerate()
            .filter(|(i, _)| *i != 2)
            .map(|(_, l)| l)
            .collect();
        std::fs::write(&fixed, kept.join("\n") + "\n").unwrap();
        let o = Command::new(BIN)
            .arg("verify")
            .arg(&fixed)
            .output()
            .unwrap();
        let err = stderr_of(&o);
        assert!(!err.contains("damaged") && !err.contains("line 3"), "{err}");
    }
}

/// N12: `probe --timeout -5s` is told the timeout is negative (clap's advice "to pass '-5'
/// as a value, use '-- -5'" was wrong), and `interop` alike.
#[test]
fn n12_a_negative_timeout_is_named_as_such() {
    for args in [
        &["probe", "http://127.0.0.1:9", "--timeout", "-5s"][..],
        &[
            "interop",
            "http://127.0.0.1:9",
            "http://127.0.0.1:10",
            "--timeout",
            "-5s",
        ][..],
    ] {
        let o = Command::new(BIN).args(args).output().unwrap();
        let err = stderr_of(&o);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {err}");
        assert!(
            err.contains("--timeout \"-5s\" is negative: it must be more than zero; hint: e.g. --timeout 60s"),
            "{args:?}: {err}"
        );
        assert!(!err.contains("'-- -5'"), "{args:?}: {err}");
    }
}

/// N12: a proxy stopped with Ctrl-C (SIGINT) says where its `--report` went.
#[test]
fn n12_the_proxy_says_where_the_report_was_written() {
    let dir = tempfile::tempdir().unwrap();
    let report = dir.path().join("r.md");
    let run = spawn_until_listening(
        Command::new(BIN)
            .args([
                "proxy",
                "--listen",
                "127.0.0.1:0",
                "--upstream",
                "http://127.0.0.1:9",
                "--no-record",
                "--report",
            ])
            .arg(&report),
        Duration::from_secs(30),
    );
    let (code, err) = stop(run, "INT");
    assert_eq!(code, Some(0), "{err}");
    assert!(
        err.contains(&format!(
            "a2a-interop proxy: report written to {}",
            report.display()
        )),
        "{err}"
    );
    assert!(report.exists());
}

//! ux34: a tired engineer at 2 a.m. debugging a broken deployment through `proxy`, and the
//! prober's leftovers of session 33. Real processes (the binary, the reference agent),
//! small real servers on loopback sockets, real files.
//! - A live `upstream-error` line said what happened and nothing else: it now ends with a
//!   `hint:` chosen by the recorded kind (a refused connection: nothing listens there; a
//!   connection that came up and got no answer; an answer broken off midway).
//! - The proxy's own 502 for a connection that never came up names the recorded kind in
//!   `A2A-Interop-Connect-Failure` (`refused`, `no_connection`), the value of the
//!   recording's `exchange_end.connect_failure`; `probe` acts on that kind, not on the word
//!   "refused" in the 502's text (an agent whose URL holds "refused" and that closes its
//!   calls unanswered read as a dead agent).
//! - GW-RESP-006 for a refused connection said "cannot tell whether the agent ran the call"
//!   with a help about keep-alive timeouts: the recording knows the agent never got it.
//! - An upstream that is no A2A agent (the wrong service or port) left the proxy silent while
//!   every client failed at its card fetch: one warning line now says so.
//! - `repro --finding NOPE` hinted "run `a2a-interop verify FILE`": it names the file's
//!   rule IDs to give, the file's own path, and says when the ID is no rule at all.
//! - A run of requests the proxy refused itself (HTTP-FRAME-003, no exchange) ended without
//!   its findings line; a recording that stopped mid-run (`--on-record-error continue`) did
//!   not say how to record again.

use crate::proxy_process;

use std::io::{Read, Write};
use std::net::{SocketAddr, TcpListener, TcpStream};
use std::path::Path;
use std::process::Command;
use std::time::Duration;

use proxy_process::{get, line_with, proxy_loud, spawn_until_listening, Running};
use serde_json::Value;

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// A loopback address where nothing listens (bound, then closed).
fn dead_addr() -> SocketAddr {
    let l = TcpListener::bind("127.0.0.1:0").unwrap();
    l.local_addr().unwrap()
}

/// A plain HTTP server that is no A2A agent (a static file server on the port the proxy
/// was pointed at, as Python's `http.server`): a GET gets a 404 HTML page, a POST `post`
/// (status line and headers after it, then the body).
fn not_an_agent(post: &'static str) -> SocketAddr {
    // the body of a POST is small and sent with its head (send_message): read, unused
    proxy_process::answer_each_head(move |head| static_server(head, post))
}

/// What the static file server of [`not_an_agent`] answers a request `head`: `post` to a
/// POST, a 404 HTML page to anything else.
fn static_server(head: &[u8], post: &str) -> Vec<u8> {
    if head.starts_with(b"POST ") {
        return post.as_bytes().to_vec();
    }
    let page = "<html><body><h1>404 File not found</h1></body></html>";
    format!(
        "HTTP/1.1 404 File not found\r\nContent-Type: text/html;charset=utf-8\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{page}",
        page.len()
    )
    .into_bytes()
}

/// The recording's events, parsed.
fn events(rec: &Path) -> Vec<Value> {
    std::fs::read_to_string(rec)
        .unwrap()
        .lines()
        .filter_map(|l| serde_json::from_str::<Value>(l).ok())
        .collect()
}

/// `verify REC -f json -o OUT` run in `dir`: the JSON report.
fn verify_json(dir: &Path, rec: &Path) -> Value {
    let out = dir.join("verify.json");
    let o = proxy_process::run_in(
        dir,
        &[
            "verify",
            rec.to_str().unwrap(),
            "-f",
            "json",
            "-o",
            out.to_str().unwrap(),
        ],
    );
    serde_json::from_str(&std::fs::read_to_string(&out).unwrap_or_default())
        .unwrap_or_else(|e| panic!("no JSON report ({e}): {}", text(&o.stderr)))
}

/// The first finding of `rule` in a JSON report (the test fails without one).
fn finding(v: &Value, rule: &str) -> Value {
    v["findings"]
        .as_array()
        .unwrap()
        .iter()
        .find(|f| f["rule"] == rule)
        .cloned()
        .unwrap_or_else(|| panic!("no {rule}: {v:#}"))
}

/// A dead upstream (nothing listens): the live line ends with what to do, the proxy's 502
/// names the recorded kind in a header (and the recording keeps it on its response head),
/// and GW-RESP-006 says the agent never got the call, with a help that fits a dead agent
/// (before: no hint; "cannot tell whether the agent ran the call"; keep-alive advice).
#[test]
fn a_dead_upstreams_lines_say_what_to_do_and_its_502_names_the_kind() {
    let dir = tempfile::tempdir().unwrap();
    let rec = dir.path().join("dead.jsonl");
    let (mut agent, url) = proxy_process::reference_agent();
    let upstream = url.trim_end_matches('/').to_string();
    let (run, addr) = proxy_loud(&["--upstream", &url, "--record", rec.to_str().unwrap()]);
    assert!(proxy_process::send_message(addr, "u34", 1).starts_with("HTTP/1.1 200"));
    agent.signal("KILL");
    agent.wait_for(Duration::from_secs(10), "reference agent after SIGKILL");
    let answer = proxy_process::send_message(addr, "u34", 2);
    assert!(answer.starts_with("HTTP/1.1 502"), "{answer}");
    assert!(
        answer
            .to_ascii_lowercase()
            .contains("\r\na2a-interop-connect-failure: refused\r\n"),
        "{answer}"
    );
    let line = line_with(&run, "upstream-error e2:", Duration::from_secs(30));
    assert!(
        line.contains(&format!(
            "; hint: nothing listens at {upstream} (the connection was refused: the agent is down, restarting, or listens on another port): start it there, or restart the proxy with --upstream (or --route) naming where it listens now"
        )),
        "{line}"
    );
    let _ = run.terminate();
    // the recording: the kind on the exchange's end, and on the proxy's own response head
    let evs = events(&rec);
    let end = evs
        .iter()
        .find(|e| e["type"] == "exchange_end" && e["exchange"] == "e2")
        .unwrap_or_else(|| panic!("no end of e2: {evs:?}"));
    assert_eq!(end["connect_failure"], "refused", "{end}");
    let head = evs
        .iter()
        .find(|e| e["type"] == "response_head" && e["exchange"] == "e2")
        .unwrap();
    assert_eq!(head["synthetic"], true, "{head}");
    assert!(
        head["headers"]
            .as_array()
            .unwrap()
            .iter()
            .any(|h| h[0] == "a2a-interop-connect-failure" && h[1] == "refused"),
        "{head}"
    );
    // offline, the same call: the agent never got it, and a help for a dead agent
    let v = verify_json(dir.path(), &rec);
    let f = finding(&v, "GW-RESP-006");
    let msg = f["message"].as_str().unwrap();
    assert!(
        msg.contains("; the connection was refused, so the agent never got the call (nothing listened at its address")
            && !msg.contains("cannot tell whether the agent ran the call"),
        "{msg}"
    );
    let help = f["help"].as_str().unwrap();
    assert!(
        help.starts_with("start the agent where the proxy sends its calls")
            && !help.contains("keep-alive"),
        "{help}"
    );
}

/// Control for the kind: a connection that came up and got no answer (an agent whose worker
/// dies on every call) is no refused connection: its 502 carries no connect-failure header,
/// its line says the agent accepted the connection, and its GW-RESP-006 keeps the words
/// "cannot tell whether the agent ran the call" (it may have).
#[test]
fn a_connection_closed_unanswered_gets_its_own_hint_and_no_kind() {
    let dir = tempfile::tempdir().unwrap();
    let rec = dir.path().join("closed.jsonl");
    let agent = proxy_process::card_agent_closing_calls(|_| "{}".to_string());
    let upstream = format!("http://{agent}");
    let (run, addr) = proxy_loud(&["--upstream", &upstream, "--record", rec.to_str().unwrap()]);
    // the card is served: the agent is reached
    assert!(get(addr, "/.well-known/agent-card.json").starts_with("HTTP/1.1 200"));
    let answer = proxy_process::send_message(addr, "u34", 2);
    assert!(answer.starts_with("HTTP/1.1 502"), "{answer}");
    assert!(
        !answer
            .to_ascii_lowercase()
            .contains("a2a-interop-connect-failure"),
        "{answer}"
    );
    let line = line_with(&run, "upstream-error e2:", Duration::from_secs(30));
    assert!(
        line.contains(&format!(
            "; hint: {upstream} accepted the connection but gave no answer the proxy could pass on: look at the agent's log for this request"
        )),
        "{line}"
    );
    let _ = run.terminate();
    let v = verify_json(dir.path(), &rec);
    let msg = finding(&v, "GW-RESP-006")["message"]
        .as_str()
        .unwrap()
        .to_string();
    assert!(
        msg.ends_with("cannot tell whether the agent ran the call"),
        "{msg}"
    );
}

/// An agent killed while it streams: the live line for the answer broken off midway says
/// where to look (before: the cause alone).
#[test]
fn a_stream_broken_off_by_a_killed_agent_says_where_to_look() {
    let dir = tempfile::tempdir().unwrap();
    let rec = dir.path().join("cut.jsonl");
    let (mut agent, url) = proxy_process::reference_agent();
    let (run, addr) = proxy_loud(&["--upstream", &url, "--record", rec.to_str().unwrap()]);
    let body = r#"{"jsonrpc":"2.0","id":1,"method":"SendStreamingMessage","params":{"message":{"messageId":"u34-s","role":"ROLE_USER","parts":[{"text":"cancel me"}]}}}"#;
    let (_conn, _) = proxy_process::send_until(addr, body, "TASK_STATE_WORKING");
    agent.signal("KILL");
    agent.wait_for(Duration::from_secs(10), "reference agent after SIGKILL");
    let line = line_with(&run, "upstream-error ", Duration::from_secs(30));
    let origin = url.trim_end_matches('/');
    assert!(
        line.contains(&format!(
            "; hint: {origin} broke off its answer midway: look at the agent's log at that moment"
        )),
        "{line}"
    );
    drop(_conn);
    let _ = run.terminate();
}

/// A static file server's answer to a POST: 501 and an HTML page.
const UNSUPPORTED_POST: &str = "HTTP/1.1 501 Unsupported method ('POST')\r\nContent-Type: text/html;charset=utf-8\r\nContent-Length: 49\r\nConnection: close\r\n\r\n<html><body>Unsupported method POST</body></html>";

/// A JSON-RPC error under HTTP 501: an A2A answer, whatever its status.
const JSONRPC_UNDER_501: &str = "HTTP/1.1 501 Not Implemented\r\nContent-Type: application/json\r\nContent-Length: 77\r\nConnection: close\r\n\r\n{\"jsonrpc\":\"2.0\",\"id\":1,\"error\":{\"code\":-32601,\"message\":\"Method not found\"}}";

/// `--upstream` naming a server that is no A2A agent: the clients' card fetches get 404 and
/// their calls a 501 page; the run was silent and `verify` found nothing. One warning line
/// now says so at the card fetch, with the command to check it, and the call's 501 page is
/// GW-RESP-003 (no A2A endpoint at that URL), as a 404/405 was. Controls: the reference
/// agent's card fetch prints no such line; a JSON-RPC error under 501 is no GW-RESP-003.
#[test]
fn an_upstream_that_is_no_agent_is_said_once_at_its_card_fetch() {
    let dir = tempfile::tempdir().unwrap();
    let other = not_an_agent(UNSUPPORTED_POST);
    let rec = dir.path().join("wrong.jsonl");
    let (run, addr) = proxy_loud(&[
        "--upstream",
        &format!("http://{other}"),
        "--record",
        rec.to_str().unwrap(),
    ]);
    for _ in 0..2 {
        assert!(get(addr, "/.well-known/agent-card.json").starts_with("HTTP/1.1 404"));
    }
    assert!(proxy_process::send_message(addr, "u34", 1).starts_with("HTTP/1.1 501"));
    let stderr = run.terminate();
    let v = verify_json(dir.path(), &rec);
    let f = finding(&v, "GW-RESP-003");
    assert!(
        f["message"]
            .as_str()
            .unwrap()
            .starts_with("the JSON-RPC call SendMessage to / got HTTP 501 (text/html"),
        "{f}"
    );
    // control: the same call answered with a JSON-RPC error under 501
    let odd = not_an_agent(JSONRPC_UNDER_501);
    let odd_rec = dir.path().join("odd.jsonl");
    let (odd_run, odd_addr) = proxy_process::start_proxy(&[
        "--upstream",
        &format!("http://{odd}"),
        "--record",
        odd_rec.to_str().unwrap(),
    ]);
    assert!(proxy_process::send_message(odd_addr, "u34", 1).starts_with("HTTP/1.1 501"));
    let _ = odd_run.terminate();
    let v = verify_json(dir.path(), &odd_rec);
    assert!(
        !v["findings"]
            .as_array()
            .unwrap()
            .iter()
            .any(|f| f["rule"] == "GW-RESP-003"),
        "{v:#}"
    );
    let warned: Vec<&str> = stderr
        .lines()
        .filter(|l| l.contains("has no Agent Card"))
        .collect();
    assert_eq!(warned.len(), 1, "{stderr}");
    assert!(
        warned[0].starts_with(&format!(
            "a2a-interop proxy: warning: upstream http://{other} has no Agent Card at /.well-known/agent-card.json: it answered the card fetch e1 with HTTP 404, text/html; hint: "
        )) && warned[0].contains(&format!("`curl -i http://{other}/.well-known/agent-card.json`")),
        "{stderr}"
    );
    // control: an agent that serves its card
    let (_agent, url) = proxy_process::reference_agent();
    let (run, addr) = proxy_loud(&[
        "--upstream",
        &url,
        "--record",
        dir.path().join("right.jsonl").to_str().unwrap(),
    ]);
    assert!(get(addr, "/.well-known/agent-card.json").starts_with("HTTP/1.1 200"));
    // a path no card lives at, answered 404 by the agent, is no card fetch either
    let _ = get(addr, "/nothing-here");
    let stderr = run.terminate();
    assert!(!stderr.contains("has no Agent Card"), "{stderr}");
}

/// `repro --finding` with an ID this file has no finding of: the hint names a rule ID the
/// file has and the file's own path (before: "run `a2a-interop verify FILE`"); an ID that is
/// no rule at all is said so; a file with no finding says there is nothing to cut.
#[test]
fn repro_of_a_finding_the_file_lacks_names_the_rules_to_give() {
    let dir = tempfile::tempdir().unwrap();
    let rec = dir.path().join("dead.jsonl");
    let (run, addr) = proxy_process::start_proxy(&[
        "--upstream",
        &format!("http://{}", dead_addr()),
        "--record",
        rec.to_str().unwrap(),
    ]);
    assert!(proxy_process::send_message(addr, "u34", 3).starts_with("HTTP/1.1 502"));
    // the stop's summary agrees with `verify` of the file: nothing reached the agent, no
    // level (before: "conformance: partial (warning finding GW-RESP-006 (interop))")
    let stderr = run.terminate();
    assert!(
        stderr.contains("a2a-interop proxy: findings: 0 errors, 1 warning, 0 notes in 1 exchange; conformance: none (nothing was verified: the one exchange did not reach the agent (the proxy answered it with its own 502)); a report of them: "),
        "{stderr}"
    );
    let o = proxy_process::run_in(dir.path(), &["verify", "dead.jsonl"]);
    assert_eq!(o.status.code(), Some(2), "{}", text(&o.stderr));
    assert!(
        text(&o.stderr).contains(
            "nothing was verified in dead.jsonl: the one exchange did not reach the agent (the proxy answered it with its own 502"
        ),
        "{}",
        text(&o.stderr)
    );
    let repro = |file: &str, finding: &str| {
        let o = proxy_process::run_in(
            dir.path(),
            &["repro", file, "--finding", finding, "-o", "min.jsonl"],
        );
        assert_eq!(o.status.code(), Some(2), "{}", text(&o.stderr));
        text(&o.stderr)
    };
    let err = repro("dead.jsonl", "NOPE");
    // `verify dead.jsonl` judges nothing (above), so the hint does not send the user to it
    // for the list of findings (newcomer51 N2: it said "`verify dead.jsonl` lists each
    // finding with its places")
    assert!(
        err.contains("a2a-interop: no finding NOPE in dead.jsonl (1 finding: GW-RESP-006), and NOPE is no rule ID or name `a2a-interop rules` lists; hint: give one of the rule IDs above, e.g. --finding GW-RESP-006 (RULE@SEQ picks one occurrence by its #seq; the list above is all of them: `a2a-interop verify dead.jsonl` judges nothing in it (the one exchange did not reach the agent (the proxy answered it with its own 502"),
        "{err}"
    );
    assert!(!err.contains("FILE"), "{err}");
    // a real rule this file has no finding of: the same hint, no word of an unknown ID
    let err = repro("dead.jsonl", "CARD-URL-002");
    assert!(
        err.contains("no finding CARD-URL-002 in dead.jsonl (1 finding: GW-RESP-006); hint: give one of the rule IDs above, e.g. --finding GW-RESP-006 ("),
        "{err}"
    );
    // a file with no finding at all
    let quiet = dir.path().join("quiet.jsonl");
    let (_agent, url) = proxy_process::reference_agent();
    let (run, addr) = proxy_process::start_proxy(&[
        "--upstream",
        &url,
        "--rewrite-card",
        "--record",
        quiet.to_str().unwrap(),
    ]);
    assert!(get(addr, "/.well-known/agent-card.json").starts_with("HTTP/1.1 200"));
    let _ = run.terminate();
    let err = repro("quiet.jsonl", "NOPE");
    assert!(
        err.contains("(it has no finding), and NOPE is no rule ID or name `a2a-interop rules` lists; hint: there is nothing to cut: the verifier finds nothing in this file (`a2a-interop verify quiet.jsonl` says the same)"),
        "{err}"
    );
}

/// `probe` tells a dead agent from one that closes its calls unanswered by the recorded kind,
/// not by the word "refused" in its proxy's 502 text: an agent whose interface URL holds
/// "refused" and whose worker dies on every call read as "the connection was refused,
/// nothing listens there" and stopped with "the agent no longer accepts connections".
#[test]
fn probe_reads_the_recorded_kind_not_the_word_refused() {
    let dir = tempfile::tempdir().unwrap();
    let agent = proxy_process::card_agent_closing_calls(|addr| {
        proxy_process::echo_card(
            "ux34 agent at /refused/ that closes every call",
            &format!("http://{addr}/refused/"),
        )
    });
    let (rec, report) = (dir.path().join("p.jsonl"), dir.path().join("p.json"));
    let o = proxy_process::run_in(
        dir.path(),
        &[
            "probe",
            &format!("http://{agent}"),
            "-q",
            "--timeout",
            "10s",
            "--record",
            rec.to_str().unwrap(),
            "-f",
            "json",
            "-o",
            report.to_str().unwrap(),
        ],
    );
    let err = text(&o.stderr);
    assert!(matches!(o.status.code(), Some(1 | 2)), "{err}");
    assert!(!err.contains("no longer accepts connections"), "{err}");
    let v: Value = serde_json::from_str(&std::fs::read_to_string(&report).unwrap()).unwrap();
    let messages: Vec<&str> = v["results"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|r| r["message"].as_str())
        .collect();
    assert!(
        messages
            .iter()
            .any(|m| m.contains("the agent closed the connection without answering")),
        "{messages:#?}"
    );
    assert!(
        !messages
            .iter()
            .any(|m| m.contains("the connection was refused")),
        "{messages:#?}"
    );
    // the recording agrees: a connection came up for each call
    let ends: Vec<Value> = events(&rec)
        .into_iter()
        .filter(|e| e["type"] == "exchange_end" && e["outcome"] == "upstream_error")
        .collect();
    assert!(!ends.is_empty(), "no proxy answer recorded");
    assert!(
        ends.iter().all(|e| e.get("connect_failure").is_none()),
        "{ends:?}"
    );
}

/// A run whose only traffic was requests the proxy refused itself (no exchange, HTTP-FRAME-003
/// errors) gets its findings line at the stop, as `verify` of the file counts them (before:
/// "N events recorded" and nothing of the errors). HTTP-FRAME-003 is the client's (the
/// request never reached the agent): it does not lower the agent's level (session 45).
#[test]
fn refused_requests_alone_get_the_stop_findings_line() {
    let dir = tempfile::tempdir().unwrap();
    let rec = dir.path().join("junk.jsonl");
    let (_agent, url) = proxy_process::reference_agent();
    let (run, addr) =
        proxy_process::start_proxy(&["--upstream", &url, "--record", rec.to_str().unwrap()]);
    let mut s = TcpStream::connect(addr).unwrap();
    s.set_read_timeout(Some(Duration::from_secs(30))).unwrap();
    s.write_all(b"GARBAGE\x00\x01\x02\r\n\r\n").unwrap();
    let mut answer = Vec::new();
    let _ = s.read_to_end(&mut answer);
    assert!(
        text(&answer).starts_with("HTTP/1.1 400"),
        "{}",
        text(&answer)
    );
    let stderr = run.terminate();
    assert!(
        stderr.contains(&format!(
            "a2a-interop proxy: findings: 1 error, 0 warnings, 0 notes in 0 exchanges; conformance: partial (not exercised: card, task, stream, push; the client's own faults (HTTP-FRAME-003) do not count against the agent); a report of them: a2a-interop report {} -o report.md",
            rec.display()
        )),
        "{stderr}"
    );
}

/// A recording that cannot be written any more mid-run (`--on-record-error continue`, a file
/// size limit standing in for a full disk): the line saying traffic is no longer recorded
/// says how to record again (before: only that it was not).
#[test]
fn a_recording_that_stops_mid_run_says_how_to_record_again() {
    let dir = tempfile::tempdir().unwrap();
    let rec = dir.path().join("full.jsonl");
    let (_agent, url) = proxy_process::reference_agent();
    let run = spawn_until_listening(
        Command::new("sh")
            .arg("-c")
            .arg("trap '' XFSZ; ulimit -f 8; exec \"$0\" \"$@\"")
            .arg(env!("CARGO_BIN_EXE_a2a-interop"))
            .args(["proxy", "--listen", "127.0.0.1:0", "-q", "--upstream", &url])
            .args(["--record", rec.to_str().unwrap()]),
        Duration::from_secs(30),
    );
    let addr: SocketAddr = run.addr.trim_end_matches('/').parse().unwrap();
    for n in 0..40 {
        assert!(proxy_process::send_message(addr, "u34-full", n).starts_with("HTTP/1.1 200"));
    }
    let stop = line_with(&run, "RECORDING STOPPED", Duration::from_secs(30));
    assert!(stop.contains("cannot write"), "{stop}");
    let line = line_with(&run, "no longer recorded", Duration::from_secs(30));
    assert!(
        line.ends_with("; hint: free space where the recording is (or lift the file size limit) and restart the proxy with a new --record path to record again; the stop's summary (and --report) still counts every finding seen live"),
        "{line}"
    );
    let Running { mut child, .. } = run;
    child.signal("TERM");
    let st = child.wait_for(Duration::from_secs(60), "proxy after SIGTERM");
    assert_eq!(st.code(), Some(0));
}

//! newcomer28: what a newcomer hit running the proxy in front of the official SDK agents
//! with many tasks, then handing a finding to the agent's team: an HTTP+JSON route that
//! answers every unknown task the same wrong way was counted as one finding per task id
//! ("25 errors" for one fault, and `exit 1: 25 findings` under it; N1), and `repro
//! --finding RULE` cut the rule's first occurrence even when that exchange's own request
//! was malformed, a cut the agent's team sends back as the client's fault (N2); a probe of
//! a card naming an address where nothing listens ended "the agent stopped answering ... a
//! longer --timeout" (N3); the Markdown report of 1.0 and 0.3 traffic said only "dialects
//! seen: 0.3, 1.0" (N5); the repro's curl script said what was found but not what a
//! right answer is (N6); the stop of a clean run said "conformance: partial" and not
//! why (N7); a 0.3 HTTP+JSON message in JSON-RPC spelling was told about its `kind` only,
//! and the help said "0.x: kind text/file/data" (N8). Real processes, small real agents on loopback sockets, real files.

use crate::proxy_process;

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{SocketAddr, TcpListener, TcpStream};
use std::path::Path;
use std::time::Duration;

use proxy_process::{card_only_agent, reference_agent, rest_of, run_in, start_proxy};

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// The 1.0 AIP-193 error envelope the SDK's 0.3 compat side answers on its `/v1` routes
/// (REST-ERROR-001: 0.3 clients expect `{code, message}`).
const AIP193_NOT_FOUND: &str = r#"{"error":{"code":404,"status":"NOT_FOUND","message":"Task not found","details":[{"@type":"type.googleapis.com/google.rpc.ErrorInfo","reason":"TASK_NOT_FOUND","domain":"a2a-protocol.org","metadata":{}}]}}"#;
const AIP193_INVALID: &str = r#"{"error":{"code":400,"status":"INVALID_ARGUMENT","message":"Validation failed","details":[{"@type":"type.googleapis.com/google.rpc.ErrorInfo","reason":"INVALID_PARAMS","domain":"a2a-protocol.org","metadata":{}}]}}"#;

/// A small real HTTP/1.1 agent on a free loopback port that answers as the SDK's 0.3
/// HTTP+JSON side did: every `GET` 404 and every `POST` 400, each with the 1.0 error
/// envelope, one request per connection (`Connection: close`). Runs until the test ends.
fn aip193_agent() -> SocketAddr {
    let l = TcpListener::bind("127.0.0.1:0").unwrap();
    let addr = l.local_addr().unwrap();
    std::thread::spawn(move || {
        for conn in l.incoming() {
            let Ok(mut s) = conn else { continue };
            std::thread::spawn(move || {
                let mut r = BufReader::new(s.try_clone().unwrap());
                let mut start = String::new();
                if r.read_line(&mut start).is_err() {
                    return;
                }
                let mut len = 0usize;
                loop {
                    let mut h = String::new();
                    if r.read_line(&mut h).unwrap_or(0) == 0 || h == "\r\n" {
                        break;
                    }
                    if let Some((k, v)) = h.split_once(':') {
                        if k.eq_ignore_ascii_case("content-length") {
                            len = v.trim().parse().unwrap_or(0);
                        }
                    }
                }
                let mut body = vec![0u8; len];
                let _ = r.read_exact(&mut body);
                let (status, answer) = if start.starts_with("GET ") {
                    ("404 Not Found", AIP193_NOT_FOUND)
                } else {
                    ("400 Bad Request", AIP193_INVALID)
                };
                let _ = write!(
                    s,
                    "HTTP/1.1 {status}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{answer}",
                    answer.len()
                );
            });
        }
    });
    addr
}

/// One request through the proxy at `proxy` (`Connection: close`), read to its end.
fn call(proxy: SocketAddr, method: &str, path: &str, body: &str) -> String {
    let mut s = TcpStream::connect(proxy).unwrap();
    s.set_read_timeout(Some(Duration::from_secs(30))).unwrap();
    let typed = if body.is_empty() {
        String::new()
    } else {
        format!(
            "Content-Type: application/json\r\nContent-Length: {}\r\n",
            body.len()
        )
    };
    write!(
        s,
        "{method} {path} HTTP/1.1\r\nHost: {proxy}\r\nA2A-Version: 0.3\r\n{typed}Connection: close\r\n\r\n{body}"
    )
    .unwrap();
    let mut got = Vec::new();
    s.read_to_end(&mut got).unwrap();
    text(&got)
}

/// `verify FILE -f json` of `rec`: its findings as (rule, seen).
fn findings_seen(dir: &Path, rec: &Path) -> Vec<(String, u64)> {
    let o = run_in(dir, &["verify", rec.to_str().unwrap(), "-f", "json"]);
    let v: serde_json::Value =
        serde_json::from_slice(&o.stdout).unwrap_or_else(|e| panic!("{e}: {}", text(&o.stderr)));
    v["findings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| {
            (
                f["rule"].as_str().unwrap().to_string(),
                // `seen` is left out when it is 1 (docs/report-schema.json)
                f["seen"].as_u64().unwrap_or(1),
            )
        })
        .collect()
}

/// N1: the proxy in front of a staging agent, clients asking after five task ids the agent
/// does not know, each answered with the wrong (1.0) error envelope on the 0.3 route. One
/// fault of the route, seen five times: the stop counted "5 errors" and `--fail-on` said
/// "exit 1: 5 findings", because each message names its URL with its task id and findings
/// were grouped by message. Now the task id in a message's URL does not split it: the
/// stop says 1 error, the exit line 1 finding seen 5 times, `verify` one finding `seen` 5.
#[test]
fn n1_one_route_fault_on_many_task_ids_is_one_finding_seen_each_time() {
    let agent = aip193_agent();
    let dir = tempfile::tempdir().unwrap();
    let rec = dir.path().join("staging.jsonl");
    let upstream = format!("http://{agent}");
    let (run, proxy) = start_proxy(&[
        "--upstream",
        &upstream,
        "--record",
        rec.to_str().unwrap(),
        "--fail-on",
        "warning",
    ]);
    for i in 0..5 {
        let answer = call(proxy, "GET", &format!("/rest/v1/tasks/task-{i}-7f3a"), "");
        assert!(answer.starts_with("HTTP/1.1 404"), "{answer}");
    }
    let mut child = run.child;
    child.signal("INT");
    let code = child.wait_for(Duration::from_secs(60), "proxy after SIGINT");
    let stderr = run
        .banner
        .into_iter()
        .chain(rest_of(&run.rx))
        .collect::<Vec<_>>()
        .join("\n");
    assert_eq!(code.code(), Some(1), "{stderr}");
    assert!(
        stderr.contains("findings: 1 error, 0 warnings, 0 notes in 5 exchanges"),
        "{stderr}"
    );
    assert!(
        stderr.contains("exit 1: 1 finding (seen 5 times) at or above warning (--fail-on warning)"),
        "{stderr}"
    );
    assert_eq!(
        findings_seen(dir.path(), &rec),
        vec![("REST-ERROR-001".to_string(), 5)]
    );
    // the report still names every occurrence's exchange
    let o = run_in(dir.path(), &["verify", rec.to_str().unwrap()]);
    let out = text(&o.stdout);
    assert!(
        out.contains("seen: 5 times, in 5 exchanges: e1, e2, e3, e4, e5"),
        "{out}"
    );
}

/// N2: the first REST-ERROR-001 of a session was on a request the client itself sent
/// malformed (a 0.3 HTTP+JSON message with the JSON-RPC `kind`: DATA-SHAPE-002), and
/// `repro --finding REST-ERROR-001` cut that one: the agent's team, given a cut whose
/// request is wrong, answers "fix your client". With no place given, `repro` now cuts the
/// first occurrence whose exchange has no other error, and says which one it passed over
/// and how to cut that one; `RULE@SEQ` still cuts exactly the occurrence named.
#[test]
fn n2_repro_cuts_an_occurrence_the_agents_team_cannot_blame_on_the_client() {
    let agent = aip193_agent();
    let dir = tempfile::tempdir().unwrap();
    let rec = dir.path().join("session.jsonl");
    let upstream = format!("http://{agent}");
    let (run, proxy) = start_proxy(&["--upstream", &upstream, "--record", rec.to_str().unwrap()]);
    let malformed = r#"{"message":{"role":"user","messageId":"m3","kind":"message","parts":[{"kind":"text","text":"task hello"}]}}"#;
    assert!(call(proxy, "POST", "/rest/v1/message:send", malformed).starts_with("HTTP/1.1 400"));
    assert!(call(proxy, "GET", "/rest/v1/tasks/does-not-exist", "").starts_with("HTTP/1.1 404"));
    run.terminate();
    let rules: Vec<String> = findings_seen(dir.path(), &rec)
        .into_iter()
        .map(|(r, _)| r)
        .collect();
    assert!(rules.contains(&"DATA-SHAPE-002".to_string()), "{rules:?}");

    let cut = dir.path().join("min.jsonl");
    let o = run_in(
        dir.path(),
        &[
            "repro",
            rec.to_str().unwrap(),
            "--finding",
            "REST-ERROR-001",
            "-o",
            cut.to_str().unwrap(),
        ],
    );
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    let (out, err) = (text(&o.stdout), text(&o.stderr));
    assert!(out.contains("error[REST-ERROR-001] at e2 #"), "{out}");
    let held = std::fs::read_to_string(&cut).unwrap();
    assert!(held.contains("/rest/v1/tasks/does-not-exist"), "{held}");
    assert!(!held.contains("message:send"), "{held}");
    assert_eq!(
        findings_seen(dir.path(), &cut),
        vec![("REST-ERROR-001".to_string(), 1)]
    );
    // the occurrence passed over, and the command that cuts it
    let note = err
        .lines()
        .find(|l| l.starts_with("a2a-interop: note: cut the first occurrence of REST-ERROR-001"))
        .unwrap_or_else(|| panic!("no note: {err}"));
    assert!(note.contains("its first occurrence, e1 #"), "{note}");
    assert!(
        note.contains("also has DATA-SHAPE-002 on that exchange"),
        "{note}"
    );
    let at = note
        .rsplit_once("--finding ")
        .map(|(_, k)| k.split_whitespace().next().unwrap().to_string())
        .unwrap();
    assert!(at.starts_with("REST-ERROR-001@"), "{note}");

    // that command cuts the malformed one, as named, with no note
    let named = dir.path().join("first.jsonl");
    let o = run_in(
        dir.path(),
        &[
            "repro",
            rec.to_str().unwrap(),
            "--finding",
            &at,
            "-o",
            named.to_str().unwrap(),
        ],
    );
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    assert!(text(&o.stdout).contains("error[REST-ERROR-001] at e1 #"));
    assert!(!text(&o.stderr).contains("note: cut the first occurrence"));
    assert!(std::fs::read_to_string(&named)
        .unwrap()
        .contains("message:send"));

    // N6: the script handed to the agent's team said what was found, not what a right
    // answer is; it now carries the finding's help and the requirements, under its title
    let script = std::fs::read_to_string(dir.path().join("min.sh")).unwrap();
    let lines: Vec<&str> = script.lines().collect();
    assert!(
        lines[1].starts_with("# reproduces REST-ERROR-001 ("),
        "{script}"
    );
    assert!(
        lines[2].starts_with("# What to change: answer an A2A error on a 0.3 /v1 HTTP+JSON route with an HTTP error status that matches it"),
        "{script}"
    );
    assert!(
        lines[2].ends_with(
            "(A2A requirements ERR-003, REST-003; rule REST-ERROR-001 in `a2a-interop rules`)"
        ),
        "{script}"
    );
    // still a script bash runs: the new line is a comment
    let o = std::process::Command::new("bash")
        .args(["-n", dir.path().join("min.sh").to_str().unwrap()])
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", text(&o.stderr));
}

/// N3: the SDK agent started with its public URL set to a proxy's port (as the README's
/// SDK section says to), probed directly while that proxy was down. The card came from the
/// agent; every A2A call went to the card's address, where nothing listened, and the run
/// ended "the agent stopped answering ... hint: is the agent up? a slow agent needs a
/// longer --timeout": the agent was up, and never reached at that address. Now the line
/// says nothing answered at the URL the card advertises, names that origin and the two
/// ways out.
#[test]
fn n3_a_card_naming_an_address_where_nothing_listens_is_not_an_agent_that_stopped() {
    let dead = {
        let l = TcpListener::bind("127.0.0.1:0").unwrap();
        l.local_addr().unwrap()
    };
    let card = serde_json::json!({
        "name": "n28 agent behind a proxy that is down",
        "description": "serves its card; its interfaces name another port",
        "version": "1.0.0",
        // the SDK agents' four interfaces: each is tried once, three refused in a row
        // end the run (--max-unanswered 3)
        "supportedInterfaces": [
            {"url": format!("http://{dead}/"), "protocolBinding": "JSONRPC", "protocolVersion": "1.0"},
            {"url": format!("http://{dead}/rest"), "protocolBinding": "HTTP+JSON", "protocolVersion": "1.0"},
            {"url": format!("http://{dead}/"), "protocolBinding": "JSONRPC", "protocolVersion": "0.3"},
            {"url": format!("http://{dead}/rest"), "protocolBinding": "HTTP+JSON", "protocolVersion": "0.3"}
        ],
        "capabilities": {"streaming": false, "pushNotifications": false},
        "defaultInputModes": ["text/plain"],
        "defaultOutputModes": ["text/plain"],
        "skills": [{"id": "echo", "name": "Echo", "description": "echo", "tags": ["echo"], "examples": ["echo hello"]}]
    })
    .to_string();
    let agent = card_only_agent(card);
    let dir = tempfile::tempdir().unwrap();
    let o = run_in(
        dir.path(),
        &[
            "probe",
            &format!("http://{agent}"),
            "--timeout",
            "20s",
            "-q",
        ],
    );
    let err = text(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{err}");
    let line = err
        .lines()
        .find(|l| l.starts_with("a2a-interop: the probe could not finish"))
        .unwrap_or_else(|| panic!("no closing line: {err}"));
    assert!(
        line.contains("nothing answered at the URL the agent's card advertises"),
        "{line}"
    );
    assert!(!line.contains("stopped answering"), "{line}");
    assert!(!line.contains("longer --timeout"), "{line}");
    assert!(
        line.contains(&format!(
            "the card names http://{dead} for its interfaces and nothing there answered"
        )),
        "{line}"
    );
}

/// N5: the proxy's `--report report.md` of one SDK agent's 1.0 and 0.3 compat traffic said
/// "dialects seen: 0.3, 1.0" and nothing more: not how much of each, nor that each exchange
/// is judged by its own generation's rules (the text report said so; newcomer27 N6). The
/// Markdown header now carries the same note.
#[test]
fn n5_a_markdown_report_of_two_generations_says_how_each_is_judged() {
    let (_agent, url) = reference_agent();
    let dir = tempfile::tempdir().unwrap();
    let rec = dir.path().join("mixed.jsonl");
    let (run, proxy) = start_proxy(&["--upstream", &url, "--record", rec.to_str().unwrap()]);
    let v10 = r#"{"jsonrpc":"2.0","id":1,"method":"SendMessage","params":{"message":{"role":"ROLE_USER","messageId":"n28-1","parts":[{"text":"task hello"}]}}}"#;
    let v03 = r#"{"jsonrpc":"2.0","id":2,"method":"message/send","params":{"message":{"kind":"message","role":"user","messageId":"n28-2","parts":[{"kind":"text","text":"task hello"}]}}}"#;
    for (version, body) in [("1.0", v10), ("0.3", v03)] {
        let mut s = TcpStream::connect(proxy).unwrap();
        s.set_read_timeout(Some(Duration::from_secs(30))).unwrap();
        write!(
            s,
            "POST / HTTP/1.1\r\nHost: {proxy}\r\nContent-Type: application/json\r\nA2A-Version: {version}\r\nConnection: close\r\nContent-Length: {}\r\n\r\n{body}",
            body.len()
        )
        .unwrap();
        let mut got = Vec::new();
        s.read_to_end(&mut got).unwrap();
        assert!(text(&got).starts_with("HTTP/1.1 200"), "{}", text(&got));
    }
    run.terminate();
    let o = run_in(
        dir.path(),
        &["report", rec.to_str().unwrap(), "-f", "markdown"],
    );
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    let md = text(&o.stdout);
    assert!(md.contains("- **dialects seen:** 0.3, 1.0"), "{md}");
    let note = md
        .lines()
        .find(|l| l.starts_with("- **note:** 2 A2A generations in this traffic: "))
        .unwrap_or_else(|| panic!("no generations note: {md}"));
    assert!(
        note.contains("1.0 in 1 exchange (e1 first), 0.3 in 1 exchange (e2 first)"),
        "{note}"
    );
    assert!(
        note.contains("each exchange is judged by the rules of its own generation"),
        "{note}"
    );
}

/// N7: the JS SDK agent driven by its own client in all four combinations through the
/// proxy, no finding at all, and the stop said "0 errors, 0 warnings, 0 notes in 48
/// exchanges; conformance: partial": partial why? The level is now followed by the reason
/// that decided it, as the text report's summary gives it, on the stop line with and
/// without `--report` and on the `wrote` line of `report -o`.
#[test]
fn n7_the_stop_says_why_a_clean_run_is_only_partial() {
    let (_agent, url) = reference_agent();
    let dir = tempfile::tempdir().unwrap();
    for with_report in [false, true] {
        let rec = dir.path().join(format!("clean-{with_report}.jsonl"));
        let rep = dir.path().join(format!("clean-{with_report}.md"));
        let mut args = vec!["--upstream", &url, "--record", rec.to_str().unwrap()];
        if with_report {
            args.extend(["--report", rep.to_str().unwrap()]);
        }
        let (run, proxy) = start_proxy(&args);
        // one clean 1.0 send: no push, no stream, so the run cannot be `full`
        let body = r#"{"jsonrpc":"2.0","id":1,"method":"SendMessage","params":{"message":{"role":"ROLE_USER","messageId":"n28-7","parts":[{"text":"task hello"}]}}}"#;
        let mut s = TcpStream::connect(proxy).unwrap();
        s.set_read_timeout(Some(Duration::from_secs(30))).unwrap();
        write!(
            s,
            "POST / HTTP/1.1\r\nHost: {proxy}\r\nContent-Type: application/json\r\nA2A-Version: 1.0\r\nConnection: close\r\nContent-Length: {}\r\n\r\n{body}",
            body.len()
        )
        .unwrap();
        let mut got = Vec::new();
        s.read_to_end(&mut got).unwrap();
        assert!(text(&got).starts_with("HTTP/1.1 200"), "{}", text(&got));
        let stderr = run.terminate();
        // the reason the text report gives for the same recording
        let o = run_in(dir.path(), &["verify", rec.to_str().unwrap()]);
        let summary = text(&o.stdout).lines().last().unwrap().to_string();
        let level = summary.split("; conformance: ").nth(1).unwrap().to_string();
        assert!(level.starts_with("partial (not exercised: "), "{summary}");
        let want = format!("; conformance: {level}");
        let stop = stderr
            .lines()
            .find(|l| l.contains("0 errors, 0 warnings, 0 notes in 1 exchange;"))
            .unwrap_or_else(|| panic!("no stop line: {stderr}"));
        assert!(stop.contains(&want), "{stop} lacks {want}");
    }
    // the `wrote` line of `report -o` says it the same way
    let rec = dir.path().join("clean-false.jsonl");
    let o = run_in(
        dir.path(),
        &["report", rec.to_str().unwrap(), "-o", "again.md"],
    );
    let err = text(&o.stderr);
    assert!(
        err.contains("in 1 exchange; conformance: partial (not exercised: "),
        "{err}"
    );
}

/// N8: a 0.3 HTTP+JSON send written in the JSON-RPC spelling (`kind`, role `user`, parts
/// under `parts`) was answered 400 "message.parts must contain at least one element" by
/// the SDK, and DATA-SHAPE-002 named only the `kind`, with a help saying "0.x: kind
/// text/file/data": drop `kind` as told and the 400 stays. The finding now names every
/// spelling the ProtoJSON server refuses, and the help says what 0.3 HTTP+JSON wants.
#[test]
fn n8_a_03_rest_message_in_json_rpc_spelling_is_told_every_fix_at_once() {
    let agent = aip193_agent();
    let dir = tempfile::tempdir().unwrap();
    let rec = dir.path().join("rest03.jsonl");
    let upstream = format!("http://{agent}");
    let (run, proxy) = start_proxy(&["--upstream", &upstream, "--record", rec.to_str().unwrap()]);
    let jsonrpc_spelled = r#"{"message":{"role":"user","messageId":"m3","kind":"message","parts":[{"kind":"text","text":"task hello"}]}}"#;
    assert!(
        call(proxy, "POST", "/rest/v1/message:send", jsonrpc_spelled).starts_with("HTTP/1.1 400")
    );
    run.terminate();
    let o = run_in(dir.path(), &["verify", rec.to_str().unwrap(), "-f", "json"]);
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    let f = v["findings"]
        .as_array()
        .unwrap()
        .iter()
        .find(|f| f["rule"] == "DATA-SHAPE-002")
        .unwrap_or_else(|| panic!("no DATA-SHAPE-002: {v}"));
    let msg = f["message"].as_str().unwrap();
    assert!(
        msg.starts_with("client message is malformed: 0.3 HTTP+JSON message carries the JSON-RPC discriminator kind; also: "),
        "{msg}"
    );
    assert!(
        msg.contains(r#"role is "user" instead of ROLE_USER or ROLE_AGENT"#),
        "{msg}"
    );
    assert!(msg.contains("instead of content"), "{msg}");
    assert!(
        msg.contains("part carries the JSON-RPC discriminator kind"),
        "{msg}"
    );
    assert_eq!(f["evidence"][0]["pointer"], "/message/kind");
    let help = f["help"].as_str().unwrap();
    assert!(
        help.contains(
            "0.3 HTTP+JSON: the proto's JSON, parts under content, no kind, role ROLE_USER"
        ),
        "{help}"
    );
    // a message spelled right for 0.3 HTTP+JSON gets no such finding (legal control)
    let rec2 = dir.path().join("rest03-ok.jsonl");
    let (run, proxy) = start_proxy(&["--upstream", &upstream, "--record", rec2.to_str().unwrap()]);
    let proto_spelled =
        r#"{"message":{"role":"ROLE_USER","messageId":"m4","content":[{"text":"task hello"}]}}"#;
    assert!(call(proxy, "POST", "/rest/v1/message:send", proto_spelled).starts_with("HTTP/1.1 400"));
    run.terminate();
    let rules: Vec<String> = findings_seen(dir.path(), &rec2)
        .into_iter()
        .map(|(r, _)| r)
        .collect();
    assert!(!rules.contains(&"DATA-SHAPE-002".to_string()), "{rules:?}");
}

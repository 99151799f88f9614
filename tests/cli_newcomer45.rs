//! newcomer45: an on-call engineer's hour with the tool (README and the docs it links to):
//! `proxy` in front of the SDK agents with a gateway between two legs of one recording
//! (`--listener upstream@...`), 0.3 and 1.0 clients, then the report, `repro`, CI use and a
//! tired user's mistakes. Real processes, real loopback sockets, real files.
//!
//! - N1: an agent behind the gateway whose card advertises the public URL (the proxy's own
//!   `--listen` address, the front of the whole chain, as `A2A_PUBLIC_URL` sets it) got
//!   CARD-URL-009 on the upstream leg: "clients that follow the card go around ...; their
//!   calls are not in this recording", while every call was in it.
//! - N2: GW-SSE-001 with both legs recorded read "7 events the agent sent over 1.0 s reached
//!   the client within 0 ms, the first 1.0 s late": no word of who held them (the gateway)
//!   nor on which leg the agent sent them on time.
//! - N3: one 0.3 REST error answer of the agent's, relayed unchanged by the gateway, was two
//!   REST-ERROR-001 errors (one per leg: their texts named each leg's own URL, so they were
//!   not folded into one as CARD-CACHE-001's twin was).
//! - N4: `repro --finding GW-SSE-01` (a typo) hinted "give one of the rule IDs above, e.g.
//!   --finding REST-ERROR-001": the file's most severe rule, another fault; `rules
//!   GW-SSE-01` says "did you mean GW-SSE-001".
//! - N5: `repro FILE GW-SSE-001 -o min.jsonl` (`--finding` forgotten) hinted "repro reads
//!   one file per run: run a2a-interop repro GW-SSE-001 for the next one".
//! - N6: a quoted wildcard (`verify 'recordings/*.jsonl'`, as a CI step writes it) or one
//!   that matched no file got "cannot open recordings/*.jsonl: No such file or directory;
//!   hint: check the path and that the file is readable".
//! - N7: `--help` of `verify`, `report`, `proxy` and `demo` explained `--format text` and
//!   listed json, markdown, junit, sarif and html bare (`rules --format` explains each).
//! - N8: `repro --finding REST-ERROR-001` of N3's agent fault cut the upstream leg's exchange
//!   (the agent's answer) and wrote a curl script that said "nothing to replay: its requests
//!   are all on legs that are not a client's calls" and exited 1: nothing to send the
//!   agent's owner but the transcript.
//! - N9: a transcript of one malformed client request ended "1 error, 1 warning, 0 notes in
//!   1 exchange ...; conformance: partial (not exercised: card, stream, push)": a level that
//!   seemed to ignore the error, with no word that the error was the client's (docs/reports.md
//!   says areas judge the agent; the line did not).

use crate::proxy_process;

use std::net::SocketAddr;
use std::path::Path;
use std::process::Command;
use std::time::Duration;

use proxy_process::{
    answer_each_head, card_only_agent, echo_card, get, run_in, spawn_until_listening, start_proxy,
    ReservedPort, Running,
};

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

fn bin() -> Command {
    Command::new(env!("CARGO_BIN_EXE_a2a-interop"))
}

/// A gateway topology in one recording, as docs/topologies.md draws it: the recording proxy's
/// main listener (the client leg, `front`), a gateway (another `a2a-interop proxy`, which
/// records nothing and changes nothing), the recording proxy's `--listener
/// upstream@...` and the agent at `agent`. `agent` gets the front's address first (for a
/// card that advertises it). Returns the recording proxy, the gateway and the front.
/// Ports picked for the front and the upstream listener may be taken by another process
/// before the proxy binds them: the chain is built again (at most 5 times).
fn gateway_chain(
    record: &Path,
    agent: impl Fn(SocketAddr) -> SocketAddr,
) -> (Running, Running, SocketAddr) {
    let mut failures = Vec::new();
    for _ in 0..5 {
        let (front, up) = (ReservedPort::bind(), ReservedPort::bind());
        let (front_addr, up_addr) = (front.addr(), up.addr());
        let agent_addr = agent(front_addr);
        let (gw, gw_addr) =
            start_proxy(&["--upstream", &format!("http://{up_addr}"), "--no-record"]);
        drop((front, up));
        let run = bin()
            .args(["proxy", "-q", "--listen", &front_addr.to_string()])
            .args(["--upstream", &format!("http://{gw_addr}")])
            .args([
                "--listener",
                &format!("upstream@{up_addr}=http://{agent_addr}"),
            ])
            .args(["--record", record.to_str().unwrap()])
            .env("NO_COLOR", "1")
            .spawn_until(Duration::from_secs(30));
        match run {
            Ok(run) => return (run, gw, front_addr),
            Err(lines) if lines.iter().any(|l| l.contains("already in use")) => {
                failures.push(lines)
            }
            Err(lines) => panic!("recording proxy did not start: {lines:#?}"),
        }
    }
    panic!("5 picked ports were taken before the proxy bound them: {failures:#?}")
}

trait SpawnUntil {
    fn spawn_until(&mut self, wait: Duration) -> Result<Running, Vec<String>>;
}

impl SpawnUntil for Command {
    /// [`spawn_until_listening`], or the stderr lines of a process that ended first.
    fn spawn_until(&mut self, wait: Duration) -> Result<Running, Vec<String>> {
        std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            spawn_until_listening(self, wait)
        }))
        .map_err(|e| {
            let msg = e
                .downcast_ref::<String>()
                .cloned()
                .unwrap_or_else(|| "no listening line".into());
            vec![msg]
        })
    }
}

/// `verify FILE` in `dir`: exit code and stdout + stderr.
fn verify(dir: &Path, file: &str) -> (Option<i32>, String) {
    let out = run_in(dir, &["verify", file]);
    (
        out.status.code(),
        format!("{}{}", text(&out.stdout), text(&out.stderr)),
    )
}

/// A 0.3 HTTP+JSON agent that answers every request 404 with the 1.0 AIP-193 error body.
fn aip193_answer(_head: &[u8]) -> Vec<u8> {
    let body = r#"{"error":{"code":404,"status":"NOT_FOUND","message":"Task not found","details":[{"@type":"type.googleapis.com/google.rpc.ErrorInfo","reason":"TASK_NOT_FOUND","domain":"a2a-protocol.org","metadata":{}}]}}"#;
    format!(
        "HTTP/1.1 404 Not Found\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    )
    .into_bytes()
}

#[test]
fn n1_a_card_behind_the_gateway_naming_the_proxys_front_is_no_way_around_it() {
    let dir = tempfile::tempdir().unwrap();
    let rec = dir.path().join("gw.jsonl");
    // the agent advertises the public URL: the front of the chain (A2A_PUBLIC_URL)
    let (run, gw, front) = gateway_chain(&rec, |front| {
        card_only_agent(echo_card("behind the gateway", &format!("http://{front}/")))
    });
    let card = get(front, "/.well-known/agent-card.json");
    assert!(card.starts_with("HTTP/1.1 200"), "{card}");
    assert!(card.contains("behind the gateway"), "{card}");
    run.terminate();
    drop(gw);
    let (code, out) = verify(dir.path(), "gw.jsonl");
    assert_eq!(code, Some(0), "{out}");
    assert!(!out.contains("CARD-URL-009"), "{out}");
    // both legs were recorded: the card went through the gateway to the agent
    assert!(out.contains("in 2 exchanges"), "{out}");

    // The same chain with a card naming another port of the agent's host (its own
    // listen address behind the front, say): that one still goes around the front.
    let rec2 = dir.path().join("gw2.jsonl");
    let other = ReservedPort::bind().hold();
    let (run, gw, front) = gateway_chain(&rec2, |_| {
        card_only_agent(echo_card("behind the gateway", &format!("http://{other}/")))
    });
    assert!(get(front, "/.well-known/agent-card.json").starts_with("HTTP/1.1 200"));
    run.terminate();
    drop(gw);
    let (_, out) = verify(dir.path(), "gw2.jsonl");
    assert!(out.contains("warning[CARD-URL-009]"), "{out}");
}

#[test]
fn n2_a_buffered_stream_between_two_legs_names_the_gateway_and_the_leg() {
    let golden = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden/GW-SSE-001-fail");
    let (code, out) = verify(&golden, "input.jsonl");
    assert_eq!(code, Some(0), "{out}");
    let line = out
        .lines()
        .find(|l| l.starts_with("warning[GW-SSE-001]"))
        .unwrap_or_else(|| panic!("{out}"));
    assert!(
        line.starts_with(
            "warning[GW-SSE-001]: gateway held the stream back and passed it on in one burst: "
        ),
        "{line}"
    );
    assert!(
        line.contains("on the upstream leg reached the client"),
        "{line}"
    );
}

#[test]
fn n3_one_agent_error_relayed_by_the_gateway_is_one_finding_naming_both_legs() {
    let dir = tempfile::tempdir().unwrap();
    let rec = dir.path().join("rest.jsonl");
    let (run, gw, front) = gateway_chain(&rec, |_| answer_each_head(aip193_answer));
    let got = get(front, "/rest/v1/tasks/does-not-exist-0000");
    assert!(got.starts_with("HTTP/1.1 404"), "{got}");
    run.terminate();
    drop(gw);
    let (code, out) = verify(dir.path(), "rest.jsonl");
    assert_eq!(code, Some(1), "{out}");
    let lines: Vec<&str> = out
        .lines()
        .filter(|l| l.starts_with("error[REST-ERROR-001]"))
        .collect();
    assert_eq!(lines.len(), 1, "{out}");
    assert!(
        lines[0].ends_with("; the gateway passed it on to the client unchanged (e1)"),
        "{out}"
    );
    // evidence on both legs, and one error in the count
    assert!(out.contains("[leg upstream]"), "{out}");
    assert!(out.contains("rest.jsonl e1 "), "{out}");
    assert!(out.contains("\n1 error, "), "{out}");
}

#[test]
fn n4_a_mistyped_finding_id_is_matched_to_the_files_own_rule() {
    let golden = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden/GW-SSE-001-fail");
    let dir = tempfile::tempdir().unwrap();
    let input = golden.join("input.jsonl");
    let out = run_in(
        dir.path(),
        &[
            "repro",
            input.to_str().unwrap(),
            "--finding",
            "GW-SSE-01",
            "-o",
            "min.jsonl",
        ],
    );
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(
        err.contains("hint: did you mean --finding GW-SSE-001?"),
        "{err}"
    );
    assert!(!dir.path().join("min.jsonl").exists());
    // the hint is true: that ID cuts the repro
    let out = run_in(
        dir.path(),
        &[
            "repro",
            input.to_str().unwrap(),
            "--finding",
            "GW-SSE-001",
            "-o",
            "min.jsonl",
        ],
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
}

#[test]
fn n5_a_rule_id_given_without_finding_is_said_to_be_its_value() {
    let golden = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden/GW-SSE-001-fail");
    let dir = tempfile::tempdir().unwrap();
    let input = golden.join("input.jsonl");
    let out = run_in(
        dir.path(),
        &[
            "repro",
            input.to_str().unwrap(),
            "GW-SSE-001",
            "-o",
            "min.jsonl",
        ],
    );
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(
        err.contains("hint: GW-SSE-001 is a rule: repro takes it as --finding GW-SSE-001"),
        "{err}"
    );
    assert!(!err.contains("for the next one"), "{err}");
    // a second file is still a second file
    let out = run_in(
        dir.path(),
        &[
            "repro",
            input.to_str().unwrap(),
            "other.jsonl",
            "-o",
            "min.jsonl",
        ],
    );
    assert!(
        text(&out.stderr).contains("repro reads one file per run"),
        "{}",
        text(&out.stderr)
    );
}

#[test]
fn n6_a_wildcard_the_shell_did_not_expand_is_told_as_such() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir(dir.path().join("recordings")).unwrap();
    let golden = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden/GW-SSE-001-fail");
    std::fs::copy(
        golden.join("input.jsonl"),
        dir.path().join("recordings/a.jsonl"),
    )
    .unwrap();
    for (cmd, pattern) in [
        ("verify", "recordings/*.jsonl"),
        ("report", "recordings/*.jsonl"),
        ("verify", "recordings/nothing-[0-9].jsonl"),
    ] {
        let out = run_in(dir.path(), &[cmd, pattern]);
        let err = text(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{err}");
        assert!(
            err.contains(&format!("a2a-interop: cannot open {pattern}: No such file")),
            "{err}"
        );
        assert!(
            err.contains(
                "hint: a2a-interop does not expand wildcards itself: leave the pattern unquoted"
            ),
            "{err}"
        );
    }
    // a plain missing file keeps its hint
    let out = run_in(dir.path(), &["verify", "recordings/b.jsonl"]);
    assert!(
        text(&out.stderr).contains("hint: check the path and that the file is readable"),
        "{}",
        text(&out.stderr)
    );
}

#[test]
fn n7_every_report_format_is_explained_in_help() {
    let dir = tempfile::tempdir().unwrap();
    for cmd in ["verify", "report", "proxy", "demo", "probe", "interop"] {
        let out = run_in(dir.path(), &[cmd, "--help"]);
        let help = text(&out.stdout);
        assert_eq!(out.status.code(), Some(0), "{help}");
        for f in ["text", "json", "markdown", "junit", "sarif", "html"] {
            let line = help
                .lines()
                .find(|l| l.trim_start().starts_with(&format!("- {f}")))
                .unwrap_or_else(|| panic!("{cmd} --help lists no {f}: {help}"));
            assert!(
                line.contains(':') && line.split_once(':').unwrap().1.trim().len() > 20,
                "{cmd} --help: {f} is not explained: {line:?}"
            );
        }
    }
}

#[test]
fn n8_the_repro_of_an_agent_fault_behind_a_gateway_replays_the_call_to_the_agent() {
    let dir = tempfile::tempdir().unwrap();
    let rec = dir.path().join("rest.jsonl");
    let agent = std::sync::OnceLock::new();
    let (run, gw, front) = gateway_chain(&rec, |_| {
        *agent.get_or_init(|| answer_each_head(aip193_answer))
    });
    let agent = *agent.get().unwrap();
    // a secret the client sent must not reach the cut
    let mut s = std::net::TcpStream::connect(front).unwrap();
    s.set_read_timeout(Some(Duration::from_secs(30))).unwrap();
    std::io::Write::write_all(
        &mut s,
        b"GET /rest/v1/tasks/does-not-exist-0000 HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer SEKRET-45\r\nConnection: close\r\n\r\n",
    )
    .unwrap();
    let mut got = String::new();
    std::io::Read::read_to_string(&mut s, &mut got).unwrap();
    assert!(got.starts_with("HTTP/1.1 404"), "{got}");
    run.terminate();
    drop(gw);
    let out = run_in(
        dir.path(),
        &[
            "repro",
            "rest.jsonl",
            "--finding",
            "REST-ERROR-001",
            "-o",
            "min.jsonl",
        ],
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let sh = std::fs::read_to_string(dir.path().join("min.sh")).unwrap();
    let min = std::fs::read_to_string(dir.path().join("min.jsonl")).unwrap();
    assert!(
        !sh.contains("SEKRET") && !min.contains("SEKRET"),
        "{sh}\n{min}"
    );
    assert!(!sh.contains("nothing to replay"), "{sh}");
    assert!(
        sh.contains(&format!(
            "curl -sS -N -X 'GET' 'http://{agent}/rest/v1/tasks/does-not-exist-0000'"
        )),
        "{sh}"
    );
    assert!(
        sh.contains(
            "(leg upstream): the request the gateway sent the agent, sent straight to the agent"
        ),
        "{sh}"
    );
    // and the script shows the agent's fault when run
    let ran = Command::new("bash")
        .arg(dir.path().join("min.sh"))
        .output()
        .unwrap();
    assert_eq!(ran.status.code(), Some(0), "{}", text(&ran.stderr));
    assert!(
        text(&ran.stdout).contains(r#"{"error":{"code":404,"status":"NOT_FOUND""#),
        "{}",
        text(&ran.stdout)
    );
}

#[test]
fn n9_a_level_beside_client_errors_says_they_judge_the_client() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("t.jsonl"),
        r#"{"t":0,"dir":"req","id":"e1","method":"POST","url":"http://a/","headers":{"content-type":"application/json"},"body":"{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"SendMessage\",\"params\":{}}"}
"#,
    )
    .unwrap();
    let (code, out) = verify(dir.path(), "t.jsonl");
    assert_eq!(code, Some(1), "{out}");
    assert!(out.contains("error[DATA-SHAPE-002]"), "{out}");
    assert!(
        out.contains("; conformance: partial (not exercised: card, stream, push; the client's own faults (DATA-SHAPE-002, VER-MIX-002) do not count against the agent)"),
        "{out}"
    );
    // the JSON report's reason says the same
    let out = run_in(dir.path(), &["report", "t.jsonl", "-f", "json"]);
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(
        v["conformanceReason"],
        "not exercised: card, stream, push; the client's own faults (DATA-SHAPE-002, VER-MIX-002) do not count against the agent"
    );
    // an agent's error is no client's: the reason is the finding's alone
    let (_, out) = verify(
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/golden/GW-SSE-001-fail")
            .as_path(),
        "input.jsonl",
    );
    assert!(!out.contains("client's own faults"), "{out}");
}

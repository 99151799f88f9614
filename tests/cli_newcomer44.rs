//! newcomer44: what a newcomer hit in a first hour with the tool (README and the docs it
//! links to), driving it by hand against the reference agent and the SDK test agents. Real
//! processes, real loopback sockets, real files.
//!
//! - N1: `rules CARD-URL` (or the report's area name `card-url`) suggested eight CARD-CACHE,
//!   CARD-PATH and CARD-SHAPE rules and none of the thirteen CARD-URL rules.
//! - N2: `probe --max-requests 5` ended `11 passed, 0 failed, 87 skipped; ... conformance
//!   level: partial`, exit 0, with nothing under the count saying that the budget, not the
//!   agent, left the tests out (`interop` alike, per direction).
//! - N3: an output path ending in `/` for a directory not made yet: `--record runs/` got
//!   "Is a directory (os error 21); hint: pick a writable --record path", `export -o out/`
//!   "Not a directory (os error 20); hint: check the disk and the -o path" after writing the
//!   whole HAR, `repro --curl out/` the same after the transcript was written.
//! - N4: `interop --help` described URL_A by the wrong direction and URL_B not at all.
//! - N5: a proxy in front of an agent that took the connection and never answered ended
//!   `findings: 0 errors, 0 warnings, 0 notes in 1 exchange; conformance: partial (not
//!   exercised: card, task, stream, push)`, while `verify` of its recording said "nothing was
//!   verified: the agent never answered e1 ...", no level, exit 2.
//! - N6: a 0.3 HTTP+JSON message with `parts` read "message names its parts parts (the
//!   JSON-RPC member) instead of content".
//! - N7: a negative number for a flag that counts: `--max-unanswered -1` got clap's tip "to
//!   pass '-1' as a value, use '-- -1'" (a positional then), `--shutdown-grace -1` the usage
//!   line, `--shutdown-grace=-1` "invalid digit found in string".
//! - N8: `interop http://127.0.0.1:9999 http://localhost:9999` ran one agent against itself
//!   without the warning `interop` gives for the same URL twice.
//! - N9: `proxy --upstream http://127.0.0.1:0` started and warned it would answer 502 "until
//!   the agent listens there" (no agent listens on port 0); `probe` and `interop` of a URL
//!   with port 0 said the connection was refused, "is the agent running?".

use crate::proxy_process;

use std::io::Write;
use std::time::Duration;

use proxy_process::{reference_agent, run_in, start_proxy, ReservedPort};

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// The binary run with `args` in `cwd`, killed if it has not ended within `wait`: its exit
/// code (`None` when killed) and its stderr.
fn run_at_most(cwd: &std::path::Path, args: &[&str], wait: Duration) -> (Option<i32>, String) {
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_a2a-interop"))
        .current_dir(cwd)
        .args(args)
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .env("NO_COLOR", "1")
        .spawn()
        .unwrap();
    let end = std::time::Instant::now() + wait;
    let code = loop {
        if let Some(st) = child.try_wait().unwrap() {
            break st.code();
        }
        if std::time::Instant::now() > end {
            let _ = child.kill();
            let _ = child.wait();
            break None;
        }
        std::thread::sleep(Duration::from_millis(50));
    };
    let mut err = String::new();
    std::io::Read::read_to_string(&mut child.stderr.take().unwrap(), &mut err).unwrap();
    (code, err)
}

/// A 1.0 JSON-RPC send and its answer, as a transcript (docs/transcript-format.md), with a
/// card fetch first whose answer has no Cache-Control: one CARD-CACHE-001 note to cut.
const TRANSCRIPT: &str = concat!(
    r#"{"dir":"req","method":"GET","url":"http://127.0.0.1:9/.well-known/agent-card.json","headers":{},"body":""}"#,
    "\n",
    r#"{"dir":"resp","status":200,"headers":{"content-type":"application/json"},"body":{"name":"a","description":"d","version":"1","supportedInterfaces":[{"url":"http://127.0.0.1:9/","protocolBinding":"JSONRPC","protocolVersion":"1.0"}],"capabilities":{},"defaultInputModes":["text/plain"],"defaultOutputModes":["text/plain"],"skills":[{"id":"echo","name":"echo","description":"e","tags":["t"]}]}}"#,
    "\n",
    r#"{"dir":"req","method":"POST","url":"http://127.0.0.1:9/","headers":{"content-type":"application/json","a2a-version":"1.0"},"body":{"jsonrpc":"2.0","id":1,"method":"SendMessage","params":{"message":{"messageId":"m1","role":"ROLE_USER","parts":[{"text":"echo hi"}]}}}}"#,
    "\n",
    r#"{"dir":"resp","status":200,"headers":{"content-type":"application/json"},"body":{"jsonrpc":"2.0","id":1,"result":{"message":{"messageId":"r1","role":"ROLE_AGENT","parts":[{"text":"echo: hi"}]}}}}"#,
    "\n",
);

/// N1: a rule family's prefix, as typed or as the report's area name, is answered with that
/// family's rules first.
#[test]
fn n1_rules_with_a_family_prefix_suggests_that_family() {
    let dir = tempfile::tempdir().unwrap();
    for key in ["CARD-URL", "card-url"] {
        let out = run_in(dir.path(), &["rules", key]);
        assert_eq!(out.status.code(), Some(2));
        let err = text(&out.stderr);
        let hint = err
            .split("did you mean ")
            .nth(1)
            .unwrap_or_else(|| panic!("{err}"));
        let ids: Vec<&str> = hint.trim_end().trim_end_matches('?').split(", ").collect();
        assert_eq!(ids.len(), 8, "{err}");
        assert!(
            ids.iter().all(|id| id.starts_with("CARD-URL-")),
            "`rules {key}`: {err}"
        );
        assert_eq!(ids[0], "CARD-URL-001", "{err}");
    }
    // an unknown number in a known family still lists that family
    let out = run_in(dir.path(), &["rules", "REST-ERROR-009"]);
    let err = text(&out.stderr);
    assert!(
        err.contains("did you mean REST-ERROR-001, REST-ERROR-002"),
        "{err}"
    );
}

/// N2: a probe cut short by its request budget says so under its count, with the flag to
/// raise; a run the budget did not cut has no such line.
#[test]
fn n2_a_probe_cut_by_max_requests_says_so_under_its_count() {
    let dir = tempfile::tempdir().unwrap();
    let (_agent, url) = reference_agent();
    // -q alone prints no skipped test (ux49): --verbose for each one's line
    let out = run_in(
        dir.path(),
        &["probe", &url, "-q", "--verbose", "--max-requests", "5"],
    );
    let stdout = text(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{stdout}{}", text(&out.stderr));
    let skipped = stdout
        .lines()
        .filter(|l| l.starts_with("skip") && l.contains("used up (--max-requests)"))
        .count();
    assert!(skipped > 10, "{stdout}");
    let line = stdout
        .lines()
        .find(|l| l.starts_with("the request budget ran out"))
        .unwrap_or_else(|| panic!("no budget line: {stdout}"));
    assert_eq!(
        line,
        format!(
            "the request budget ran out after 5 requests (--max-requests): {skipped} tests were skipped for it, not judged; hint: raise --max-requests to run them"
        )
    );
    // it comes right after the count
    let count = stdout
        .lines()
        .position(|l| l.contains(" passed, "))
        .unwrap();
    assert_eq!(stdout.lines().nth(count + 1), Some(line));

    let full = run_in(dir.path(), &["probe", &url, "-q"]);
    let stdout = text(&full.stdout);
    assert_eq!(full.status.code(), Some(0), "{stdout}");
    assert!(!stdout.contains("request budget"), "{stdout}");
}

/// N2 for `interop`: the line under each direction's count, named by the direction.
#[test]
fn n2_an_interop_direction_cut_by_max_requests_says_so() {
    let dir = tempfile::tempdir().unwrap();
    let (_a, url_a) = reference_agent();
    let (_b, url_b) = reference_agent();
    let out = run_in(
        dir.path(),
        &["interop", &url_a, &url_b, "-q", "--max-requests", "6"],
    );
    let stdout = text(&out.stdout);
    for d in ["A->B", "B->A"] {
        let prefix =
            format!("[{d}] the request budget ran out after 6 requests (--max-requests): ");
        let line = stdout
            .lines()
            .find(|l| l.starts_with(&prefix))
            .unwrap_or_else(|| panic!("no budget line for {d}: {stdout}"));
        assert!(
            line.ends_with("hint: raise --max-requests to run them"),
            "{line}"
        );
        let count = stdout
            .lines()
            .position(|l| l.starts_with(&format!("[{d}] ")) && l.contains(" passed, "))
            .unwrap();
        assert_eq!(stdout.lines().nth(count + 1), Some(line), "{stdout}");
    }
}

/// N3: `--record runs/` for a directory that does not exist says it names a directory and
/// what to type, for a run (`probe`) and for the `proxy`; nothing is created.
#[test]
fn n3_a_record_path_ending_in_a_slash_is_a_directory_said_so() {
    let dir = tempfile::tempdir().unwrap();
    for args in [
        &["probe", "http://127.0.0.1:9", "--record", "runs/"][..],
        &[
            "proxy",
            "--listen",
            "127.0.0.1:0",
            "--upstream",
            "http://127.0.0.1:9",
            "--record",
            "runs/",
        ][..],
    ] {
        let out = run_in(dir.path(), args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = text(&out.stderr);
        assert_eq!(
            err.trim_end(),
            "a2a-interop: cannot record to runs/: it ends in /, so it names a directory, not a file; hint: give a file path in it, e.g. --record runs/session.jsonl",
            "{args:?}"
        );
        assert!(!dir.path().join("runs").exists());
    }
}

/// N3 for `export -o out/` and `repro --curl out/`: said before anything is written, with a
/// file path in that directory to type.
#[test]
fn n3_export_and_repro_outputs_ending_in_a_slash_are_said_before_writing() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("t.jsonl"), TRANSCRIPT).unwrap();
    let out = run_in(dir.path(), &["export", "t.jsonl", "-o", "out/"]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        text(&out.stderr).trim_end(),
        "a2a-interop: cannot write HAR to out/: out/ ends in /, so it names a directory, not a file; hint: -o names a directory; give a file path in it, e.g. -o out/t.har"
    );
    assert!(!dir.path().join("out").exists());

    let out = run_in(
        dir.path(),
        &[
            "repro",
            "t.jsonl",
            "--finding",
            "CARD-CACHE-001",
            "-o",
            "min.jsonl",
            "--curl",
            "sh/",
        ],
    );
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        text(&out.stderr).trim_end(),
        "a2a-interop: cannot write sh/: sh/ ends in /, so it names a directory, not a file; hint: --curl names a directory; give a file path in it, e.g. --curl sh/min.sh"
    );
    // refused before the cut was written
    assert!(!dir.path().join("min.jsonl").exists());
    assert!(!dir.path().join("sh").exists());
}

/// N4: `interop --help` said of URL_A "its card is fetched as B would, and tasks are sent
/// A->B on B" (the tasks of A->B go to B, not A) and nothing of URL_B; each now says which
/// direction calls its agent, and that the tool makes the calls.
#[test]
fn n4_interop_help_says_which_direction_calls_each_agent() {
    let dir = tempfile::tempdir().unwrap();
    let out = run_in(dir.path(), &["interop", "--help"]);
    assert_eq!(out.status.code(), Some(0));
    let help = text(&out.stdout)
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ");
    assert!(
        help.contains("Base URL of agent A. Direction B->A calls A as B would (A's card, then tasks sent to A)"),
        "{help}"
    );
    assert!(
        help.contains("Base URL of agent B. Direction A->B calls B as A would (B's card, then tasks sent to B)"),
        "{help}"
    );
    assert!(!help.contains("tasks are sent A->B on B"), "{help}");
}

/// N5: the proxy's stop line gives the verdict `verify` gives its recording when the agent
/// took the connection and never answered: nothing verified, and why, not `partial`.
#[test]
fn n5_a_run_the_agent_never_answered_ends_nothing_verified_as_verify_says() {
    let dir = tempfile::tempdir().unwrap();
    let rec = dir.path().join("session.jsonl");
    // listening (the kernel queues the connection and the request), never accepting
    let hung = ReservedPort::bind();
    let url = format!("http://{}", hung.addr());
    let _hung = hung.listen();
    let (run, addr) = start_proxy(&["--upstream", &url, "--record", rec.to_str().unwrap()]);
    let mut c = std::net::TcpStream::connect(addr).unwrap();
    c.write_all(b"GET /.well-known/agent-card.json HTTP/1.1\r\nhost: x\r\n\r\n")
        .unwrap();
    // the proxy has the request (a fixed 1.5 s stood here, and 0.5 s for the abort below:
    // on a loaded machine the stop could come before the proxy saw the client go)
    proxy_process::wait_in_file(&rec, "the request", Duration::from_secs(60), |t| {
        t.contains("\"type\":\"request_head\"")
    });
    // the client gives up
    drop(c);
    proxy_process::wait_in_file(&rec, "the client's abort", Duration::from_secs(60), |t| {
        t.contains("\"outcome\":\"client_abort\"")
    });
    let stderr = run.terminate();
    let line = stderr
        .lines()
        .find(|l| l.contains("findings: "))
        .unwrap_or_else(|| panic!("no findings line: {stderr}"));
    let why = "nothing was verified: the agent never answered e1 GET /.well-known/agent-card.json (GetAgentCard); the client gave up after ";
    assert!(
        line.starts_with(&format!(
            "a2a-interop proxy: findings: 0 errors, 0 warnings, 0 notes in 1 exchange; conformance: none ({why}"
        )),
        "{line}"
    );
    let out = run_in(dir.path(), &["verify", "session.jsonl"]);
    assert_eq!(out.status.code(), Some(2));
    let err = text(&out.stderr);
    assert!(
        err.contains(&why.replace("verified:", "verified in session.jsonl:")),
        "{err}"
    );
}

/// N6: the 0.3 HTTP+JSON message that lists its parts under `parts` says so in words.
#[test]
fn n6_a_0_3_rest_message_with_parts_is_said_in_words() {
    let dir = tempfile::tempdir().unwrap();
    let t = concat!(
        r#"{"dir":"req","method":"POST","url":"http://127.0.0.1:9/v1/message:send","headers":{"content-type":"application/json"},"body":{"message":{"messageId":"m1","role":"ROLE_USER","parts":[{"text":"hi"}]}}}"#,
        "\n",
        r#"{"dir":"resp","status":200,"headers":{"content-type":"application/json"},"body":{"msg":{"messageId":"r1","role":"ROLE_AGENT","content":[{"text":"hi"}]}}}"#,
        "\n",
    );
    std::fs::write(dir.path().join("t.jsonl"), t).unwrap();
    let out = run_in(dir.path(), &["verify", "t.jsonl"]);
    let stdout = text(&out.stdout);
    assert!(
        stdout.contains("0.3 HTTP+JSON message lists its parts under the JSON-RPC member parts instead of content"),
        "{stdout}"
    );
    assert!(!stdout.contains("parts parts"), "{stdout}");
}

/// N7: a negative number for a counting flag, after a space or `=`, is one line naming the
/// flag and the value.
#[test]
fn n7_a_negative_number_for_a_counting_flag_is_named() {
    let dir = tempfile::tempdir().unwrap();
    for (args, flag) in [
        (
            &["probe", "http://127.0.0.1:9", "--max-unanswered", "-1"][..],
            "--max-unanswered",
        ),
        (
            &[
                "proxy",
                "--upstream",
                "http://127.0.0.1:9",
                "--shutdown-grace",
                "-1",
            ][..],
            "--shutdown-grace",
        ),
        (
            &[
                "proxy",
                "--upstream",
                "http://127.0.0.1:9",
                "--shutdown-grace=-1",
            ][..],
            "--shutdown-grace",
        ),
        (
            &[
                "interop",
                "http://127.0.0.1:9",
                "http://127.0.0.1:8",
                "--max-requests",
                "-5",
            ][..],
            "--max-requests",
        ),
    ] {
        let out = run_in(dir.path(), args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let value = args.last().unwrap().rsplit('=').next().unwrap().to_string();
        assert_eq!(
            text(&out.stderr).trim_end(),
            format!(
                "a2a-interop: {flag} takes no negative number (it got {value}); hint: `a2a-interop {} --help` says what it takes",
                args[0]
            ),
            "{args:?}"
        );
    }
    // a negative word where no flag takes it keeps clap's words
    let out = run_in(dir.path(), &["verify", "-1"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        !text(&out.stderr).contains("negative"),
        "{}",
        text(&out.stderr)
    );
}

/// N8: `localhost`, `127.0.0.1` and `[::1]` with one port are one agent to `interop`'s
/// same-agent warning; two ports are two agents.
#[test]
fn n8_interop_warns_of_one_agent_under_two_loopback_names() {
    let dir = tempfile::tempdir().unwrap();
    let warn = "a2a-interop: warning: URL_A and URL_B are the same agent";
    for (a, b) in [
        ("http://127.0.0.1:9", "http://localhost:9"),
        ("http://[::1]:9/", "http://127.0.0.1:9"),
    ] {
        let out = run_in(dir.path(), &["interop", a, b, "-q"]);
        let err = text(&out.stderr);
        // the agent is down: exit 2, after the warning
        assert_eq!(out.status.code(), Some(2), "{err}");
        assert!(
            err.lines().next().unwrap_or("").starts_with(warn),
            "{a} {b}: {err}"
        );
    }
    let out = run_in(
        dir.path(),
        &["interop", "http://127.0.0.1:9", "http://localhost:8", "-q"],
    );
    assert!(!text(&out.stderr).contains(warn), "{}", text(&out.stderr));
}

/// N9: port 0 in an agent's URL is refused at start-up, naming the flag or argument, for
/// `proxy` (`--upstream`, `--route`), `probe` and `interop`.
#[test]
fn n9_port_0_in_an_agent_url_is_refused_at_start_up() {
    let dir = tempfile::tempdir().unwrap();
    let why = "port 0 is out of range (1-65535): no agent listens on port 0 (0 picks a free port only in a listen address); hint: give the port the agent listens on";
    for (args, lead) in [
        (
            &[
                "proxy",
                "--listen",
                "127.0.0.1:0",
                "--upstream",
                "http://127.0.0.1:0",
            ][..],
            "a2a-interop: --upstream: upstream URL \"http://127.0.0.1:0\": ",
        ),
        (
            &[
                "proxy",
                "--listen",
                "127.0.0.1:0",
                "--route",
                "/a=http://127.0.0.1:0/x",
            ][..],
            "a2a-interop: --route: upstream URL \"http://127.0.0.1:0/x\": ",
        ),
        (
            &["probe", "http://127.0.0.1:0"][..],
            "a2a-interop: probe URL http://127.0.0.1:0: ",
        ),
        (
            &["interop", "http://127.0.0.1:9", "http://localhost:0"][..],
            "a2a-interop: URL_B http://localhost:0: ",
        ),
    ] {
        // a proxy that starts anyway runs until stopped: at most 20 s, then killed
        let (code, err) = run_at_most(dir.path(), args, Duration::from_secs(20));
        assert_eq!(code, Some(2), "{args:?}: {err}");
        assert!(err.contains(&format!("{lead}{why}")), "{args:?}: {err}");
    }
}

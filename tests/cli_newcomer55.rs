//! newcomer55: a newcomer's pass through README, the SDK peers behind the proxy, and a
//! 2 a.m. engineer's odd inputs.
//! - N1: `verify min.sh`, the curl script `repro` writes beside its cut (a tired user types
//!   the wrong one of the two files it names), was told "line 1 is a comment ... remove
//!   the comment lines in a copy, grep -v '^#' min.sh > fixed.jsonl": that copy is curl
//!   commands, which `verify` refuses again. The same for any script or commented file
//!   whose lines are no JSON.
//! - N2: `report FILE --task ID` (README: "what happened to one task, in order") left out
//!   every answer that was an error: a CancelTask refused, a message to a finished task
//!   refused, a GetTask answered TaskNotFoundError showed as requests alone, and the end
//!   line said "see the answers above: an error such as TaskNotFoundError" when no answer
//!   was above.

#[path = "common/proxy_process.rs"]
mod proxy_process;

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// The repository's sample recording of the JS SDK client against the Python SDK agent
/// (recordings/README.md): its `missing` step asks GetTask for `does-not-exist-0000`.
fn sample() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("recordings/js-client-python-agent-jsonrpc-1.0.jsonl")
}

/// N1: `verify` of the curl script `repro` wrote names it as that script and the cut to
/// verify instead; a script of any other kind is named a script; a commented file whose
/// lines are no JSON gets no advice that leaves a file `verify` refuses again; a commented
/// transcript (the legal neighbour) keeps the advice that works.
#[test]
fn verify_of_a_script_says_it_is_one_and_names_the_cut() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::copy(sample(), dir.path().join("session.jsonl")).unwrap();
    let o = proxy_process::run_in(
        dir.path(),
        &[
            "repro",
            "session.jsonl",
            "--finding",
            "CARD-CACHE-001",
            "-o",
            "min.jsonl",
        ],
    );
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    assert!(dir.path().join("min.sh").exists());

    let v = proxy_process::run_in(dir.path(), &["verify", "min.sh"]);
    let err = text(&v.stderr);
    assert_eq!(v.status.code(), Some(2), "{err}");
    assert!(
        err.contains("min.sh: not a recording, transcript or HAR file: it is the curl script `a2a-interop repro` writes beside its cut (`#!/usr/bin/env bash`), not traffic: verify the cut, a2a-interop verify min.jsonl"),
        "{err}"
    );
    assert!(!err.contains("grep -v"), "{err}");
    // and what it names is verified
    let v = proxy_process::run_in(dir.path(), &["verify", "min.jsonl"]);
    assert_eq!(v.status.code(), Some(0), "{}", text(&v.stderr));

    // the script without its cut beside it (moved, or --curl elsewhere): the cut is named
    // by what it is
    std::fs::rename(dir.path().join("min.sh"), dir.path().join("other.sh")).unwrap();
    let v = proxy_process::run_in(dir.path(), &["verify", "other.sh"]);
    let err = text(&v.stderr);
    assert_eq!(v.status.code(), Some(2), "{err}");
    assert!(
        err.contains("it is the curl script `a2a-interop repro` writes beside its cut (`#!/usr/bin/env bash`), not traffic: verify the cut, the transcript (.jsonl) given to repro -o"),
        "{err}"
    );

    // any other script
    std::fs::write(
        dir.path().join("run.sh"),
        "#!/bin/sh\nset -e\ncurl -s http://x/\n",
    )
    .unwrap();
    let v = proxy_process::run_in(dir.path(), &["verify", "run.sh"]);
    let err = text(&v.stderr);
    assert_eq!(v.status.code(), Some(2), "{err}");
    assert!(
        err.contains("run.sh: not a recording, transcript or HAR file: it is a script (`#!/bin/sh`), not traffic"),
        "{err}"
    );
    assert!(!err.contains("grep -v"), "{err}");

    // comments over lines that are no JSON (a config file): no grep advice
    std::fs::write(
        dir.path().join("conf.yaml"),
        "# settings\nlisten: 127.0.0.1:8080\nupstream: http://x/\n",
    )
    .unwrap();
    let v = proxy_process::run_in(dir.path(), &["verify", "conf.yaml"]);
    let err = text(&v.stderr);
    assert_eq!(v.status.code(), Some(2), "{err}");
    assert!(
        err.contains("line 1 is a comment (`# settings`), and line 2, the first that is not a comment, is no JSON object either (`listen: 127.0.0.1:8080`): the file is not JSON Lines"),
        "{err}"
    );
    assert!(!err.contains("grep -v"), "{err}");

    // the legal neighbour: a transcript with a comment line first keeps the advice, and
    // the advice works
    let transcript = std::fs::read_to_string(dir.path().join("min.jsonl")).unwrap();
    std::fs::write(
        dir.path().join("noted.jsonl"),
        format!("# the card fetch of the bug report\n{transcript}"),
    )
    .unwrap();
    let v = proxy_process::run_in(dir.path(), &["verify", "noted.jsonl"]);
    let err = text(&v.stderr);
    assert_eq!(v.status.code(), Some(2), "{err}");
    assert!(
        err.contains("line 1 is a comment (`# the card fetch of the bug report`), and JSON Lines have none: remove the comment lines in a copy, grep -v '^#' noted.jsonl > fixed.jsonl"),
        "{err}"
    );
}

/// A 1.0 JSON-RPC transcript: task t1 completes; its cancel is refused (-32002); a message
/// to it is refused (-32004); GetTask of `nope` is TaskNotFoundError; an HTTP+JSON GET of
/// `gone` is a 404 AIP-193 error.
const REFUSED: &str = concat!(
    r#"{"t":0.0,"dir":"req","method":"POST","url":"http://127.0.0.1:9999/","headers":{"content-type":"application/json","a2a-version":"1.0"},"body":{"jsonrpc":"2.0","id":1,"method":"SendMessage","params":{"message":{"messageId":"m1","role":"ROLE_USER","parts":[{"text":"task hi"}]}}}}"#,
    "\n",
    r#"{"t":0.01,"dir":"resp","status":200,"headers":{"content-type":"application/json"},"body":{"jsonrpc":"2.0","id":1,"result":{"task":{"id":"t1","contextId":"c1","status":{"state":"TASK_STATE_COMPLETED"}}}}}"#,
    "\n",
    r#"{"t":0.02,"dir":"req","method":"POST","url":"http://127.0.0.1:9999/","headers":{"content-type":"application/json","a2a-version":"1.0"},"body":{"jsonrpc":"2.0","id":2,"method":"CancelTask","params":{"id":"t1"}}}"#,
    "\n",
    r#"{"t":0.03,"dir":"resp","status":200,"headers":{"content-type":"application/json"},"body":{"jsonrpc":"2.0","id":2,"error":{"code":-32002,"message":"Task not cancelable: t1"}}}"#,
    "\n",
    r#"{"t":0.04,"dir":"req","method":"POST","url":"http://127.0.0.1:9999/","headers":{"content-type":"application/json","a2a-version":"1.0"},"body":{"jsonrpc":"2.0","id":3,"method":"SendMessage","params":{"message":{"messageId":"m2","taskId":"t1","contextId":"c1","role":"ROLE_USER","parts":[{"text":"more"}]}}}}"#,
    "\n",
    r#"{"t":0.05,"dir":"resp","status":200,"headers":{"content-type":"application/json"},"body":{"jsonrpc":"2.0","id":3,"error":{"code":-32004,"message":"Task t1 is in a terminal state"}}}"#,
    "\n",
    r#"{"t":0.06,"dir":"req","method":"POST","url":"http://127.0.0.1:9999/","headers":{"content-type":"application/json","a2a-version":"1.0"},"body":{"jsonrpc":"2.0","id":4,"method":"GetTask","params":{"id":"nope"}}}"#,
    "\n",
    r#"{"t":0.07,"dir":"resp","status":200,"headers":{"content-type":"application/json"},"body":{"jsonrpc":"2.0","id":4,"error":{"code":-32001,"message":"Task not found"}}}"#,
    "\n",
    r#"{"t":0.08,"dir":"req","method":"GET","url":"http://127.0.0.1:9999/rest/tasks/gone","headers":{"a2a-version":"1.0"},"body":""}"#,
    "\n",
    r#"{"t":0.09,"dir":"resp","status":404,"headers":{"content-type":"application/json"},"body":{"error":{"code":404,"status":"NOT_FOUND","message":"Task not found"}}}"#,
    "\n",
);

/// N2: a task's story shows the answers that were errors, with their code and message,
/// under the call that asked about the task; a task the agent never knew ends with the
/// error it was answered, in the text, Markdown and JSON reports; an answer that gives a
/// state (the legal neighbour) reads as before.
#[test]
fn a_task_story_shows_the_errors_its_calls_were_answered() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("refused.jsonl"), REFUSED).unwrap();
    let o = proxy_process::run_in(dir.path(), &["report", "refused.jsonl", "--task", "t1"]);
    let out = text(&o.stdout);
    assert_eq!(o.status.code(), Some(0), "{out}{}", text(&o.stderr));
    assert!(
        out.contains("e1 #5  answer 200 to POST / (SendMessage): state TASK_STATE_COMPLETED"),
        "{out}"
    );
    assert!(
        out.contains(
            "e2 #10  answer 200 to POST / (CancelTask): error -32002 Task not cancelable: t1"
        ),
        "{out}"
    );
    assert!(
        out.contains("e3 #15  answer 200 to POST / (SendMessage): error -32004 Task t1 is in a terminal state"),
        "{out}"
    );
    assert!(out.contains("steps (5):"), "{out}");
    assert!(
        out.contains("end: task t1: TASK_STATE_COMPLETED (final)"),
        "{out}"
    );

    let o = proxy_process::run_in(dir.path(), &["report", "refused.jsonl", "--task", "nope"]);
    let out = text(&o.stdout);
    assert_eq!(o.status.code(), Some(0), "{out}{}", text(&o.stderr));
    assert!(
        out.contains("e4 #20  answer 200 to POST / (GetTask): error -32001 Task not found"),
        "{out}"
    );
    assert!(
        out.contains("end: task nope: no state recorded: every answer about it was an error (e4: error -32001 Task not found)"),
        "{out}"
    );
    assert!(!out.contains("see the answers above"), "{out}");

    let o = proxy_process::run_in(dir.path(), &["report", "refused.jsonl", "--task", "gone"]);
    let out = text(&o.stdout);
    assert!(
        out.contains("e5 #24  answer 404 to GET /rest/tasks/gone (tasks:get): error NOT_FOUND Task not found"),
        "{out}"
    );

    let o = proxy_process::run_in(
        dir.path(),
        &["report", "refused.jsonl", "--task", "nope", "-f", "json"],
    );
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    let steps = v["story"]["steps"].as_array().unwrap();
    assert_eq!(steps.len(), 2, "{steps:?}");
    assert_eq!(steps[1]["part"], "answer");
    assert_eq!(steps[1]["error"], "-32001 Task not found");
    assert_eq!(steps[1]["taskIds"], serde_json::json!(["nope"]));

    let o = proxy_process::run_in(
        dir.path(),
        &["report", "refused.jsonl", "--task", "t1", "-f", "markdown"],
    );
    let md = text(&o.stdout);
    assert!(
        md.contains("| answer 200 to POST / (CancelTask): error -32002 Task not cancelable: t1 |"),
        "{md}"
    );

    // a real SDK run: the JS client's `missing` step against the Python agent
    let o = proxy_process::run_in(
        dir.path(),
        &[
            "report",
            sample().to_str().unwrap(),
            "--task",
            "does-not-exist-0000",
        ],
    );
    let out = text(&o.stdout);
    assert!(
        out.contains("answer 200 to POST / (GetTask): error -32001 Task not found"),
        "{out}"
    );
}

/// N3: `cat session.jsonl | a2a-interop verify` (no FILE: the traffic piped in) said the
/// usage line alone; the hint now says `-` reads standard input, with the command to run,
/// for each command that reads a traffic file, and that command works.
#[test]
fn a_command_without_its_file_says_dash_reads_standard_input() {
    use std::io::Write;
    let dir = tempfile::tempdir().unwrap();
    for (args, want) in [
        (
            &["verify"][..],
            "hint: give the recording, transcript or HAR file; `-` reads it from standard input: cat session.jsonl | a2a-interop verify -; usage: a2a-interop verify <FILE>...",
        ),
        (
            &["report"][..],
            "hint: give the recording, transcript or HAR file; `-` reads it from standard input: cat session.jsonl | a2a-interop report - -o report.md; usage: a2a-interop report <FILE>",
        ),
        (
            &["export", "-o", "x.har"][..],
            "`-` reads it from standard input: cat session.jsonl | a2a-interop export - -o session.har",
        ),
        (
            &["repro", "--finding", "CARD-CACHE-001", "-o", "m.jsonl"][..],
            "`-` reads it from standard input: cat session.jsonl | a2a-interop repro - --finding RULE-ID -o min.jsonl",
        ),
    ] {
        let o = proxy_process::run_in(dir.path(), args);
        let err = text(&o.stderr);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {err}");
        assert!(err.contains("required arguments were not provided: <FILE>"), "{args:?}: {err}");
        assert!(err.contains(want), "{args:?}: {err}");
    }
    // a missing flag other than the file keeps clap's words alone
    let o = proxy_process::run_in(dir.path(), &["repro", "x.jsonl", "-o", "m.jsonl"]);
    assert!(
        !text(&o.stderr).contains("standard input"),
        "{}",
        text(&o.stderr)
    );

    // and what the hint says works
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_a2a-interop"))
        .args(["verify", "-"])
        .current_dir(dir.path())
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(&std::fs::read(sample()).unwrap())
        .unwrap();
    let o = child.wait_with_output().unwrap();
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    assert!(
        text(&o.stdout).contains("0 errors, 0 warnings, 1 note in 13 exchanges"),
        "{}",
        text(&o.stdout)
    );
}

/// N4: a hand-written transcript of a request with no `resp` line after it said "the
/// recording ended with the request still waiting for the agent's answer", and when that
/// was all (a body that is no A2A call), the hint spoke of 16 MiB bodies and --capture-cap;
/// now the reason names the line the transcript lacks and the hint says to add it. A native
/// recording cut while a call was open (the neighbour) keeps its words.
#[test]
fn a_transcript_request_without_its_answer_is_told_to_add_the_resp_line() {
    let dir = tempfile::tempdir().unwrap();
    let req = |body: &str| {
        format!(
            r#"{{"dir":"req","method":"POST","url":"http://127.0.0.1:9999/","headers":{{"content-type":"application/json","a2a-version":"1.0"}},"body":{body}}}"#
        ) + "\n"
    };
    let words = "the transcript has no answer for this request: write the agent's answer after its {\"dir\":\"req\",...} line, {\"dir\":\"resp\",\"status\":200,\"headers\":{\"content-type\":\"application/json\"},\"body\":...} (docs/transcript-format.md); answer not judged";
    // an A2A call: judged as far as it goes, its answer named as missing
    std::fs::write(
        dir.path().join("ask.jsonl"),
        req(r#"{"jsonrpc":"2.0","id":1,"method":"GetTask","params":{"id":"t1"}}"#),
    )
    .unwrap();
    let o = proxy_process::run_in(dir.path(), &["verify", "ask.jsonl"]);
    let out = text(&o.stdout);
    assert_eq!(o.status.code(), Some(0), "{out}{}", text(&o.stderr));
    assert!(
        out.contains(&format!("not judged: 1 exchange (e1): {words}")),
        "{out}"
    );
    assert!(!out.contains("the recording ended"), "{out}");

    // a body that is no call: nothing judged, and the hint says what to add
    std::fs::write(
        dir.path().join("bare.jsonl"),
        "{\"dir\":\"req\",\"method\":\"POST\",\"url\":\"/\",\"body\":\"{}\"}\n",
    )
    .unwrap();
    let o = proxy_process::run_in(dir.path(), &["verify", "bare.jsonl"]);
    let err = text(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(
        err.contains(&format!(
            "nothing was verified in bare.jsonl: nothing could be judged: e1: {words}"
        )),
        "{err}"
    );
    assert!(
        err.contains("; hint: a transcript's request is judged with its answer: add a `resp` line after each `req` line (docs/transcript-format.md)"),
        "{err}"
    );
    assert!(!err.contains("--capture-cap"), "{err}");

    // a native recording that stopped with its one call open keeps the recording's words
    let rec: String = std::fs::read_to_string(sample())
        .unwrap()
        .lines()
        .take(3)
        .map(|l| format!("{l}\n"))
        .collect();
    std::fs::write(dir.path().join("cut.jsonl"), rec).unwrap();
    let o = proxy_process::run_in(dir.path(), &["verify", "cut.jsonl"]);
    let err = text(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(err.contains("nothing could be judged: e1: exchange never ended in the recording: the recording stopped while it was open"), "{err}");
    assert!(err.contains("record calls that end whole"), "{err}");
}

/// N5: `proxy --listen http://127.0.0.1:8080` (the URL the client is given) got "hint: give
/// IP:PORT", where a port alone got the address to give; now a URL gets the address in it,
/// and a URL with a path that the proxy forwards every path.
#[test]
fn listen_given_a_url_is_told_the_address_in_it() {
    let dir = tempfile::tempdir().unwrap();
    for (listen, want) in [
        (
            "http://127.0.0.1:0",
            "a2a-interop: --listen \"http://127.0.0.1:0\" is not an address like 127.0.0.1:8080; hint: --listen takes the address the proxy binds, not a URL: --listen 127.0.0.1:0",
        ),
        (
            "http://localhost:8080/a2a/v1",
            "hint: --listen takes the address the proxy binds, not a URL: --listen localhost:8080 (the proxy forwards every path it is sent, /a2a/v1 too, to --upstream)",
        ),
        (
            "http://[::1]/",
            "hint: --listen takes the address the proxy binds, not a URL: --listen [::1]:80",
        ),
    ] {
        let o = proxy_process::run_in(
            dir.path(),
            &[
                "proxy",
                "--listen",
                listen,
                "--upstream",
                "http://127.0.0.1:9",
                "--no-record",
            ],
        );
        let err = text(&o.stderr);
        assert_eq!(o.status.code(), Some(2), "{listen}: {err}");
        assert!(err.contains(want), "{listen}: {err}");
    }
    // a host name the proxy cannot bind is no address to suggest
    let o = proxy_process::run_in(
        dir.path(),
        &[
            "proxy",
            "--listen",
            "http://agent.example:8080",
            "--upstream",
            "http://127.0.0.1:9",
            "--no-record",
        ],
    );
    let err = text(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(err.contains("; hint: give IP:PORT"), "{err}");
}

/// Runs `args` in `dir` with stdout and stderr on one new pseudo-terminal (80 columns), as a
/// person's shell runs it: its exit code and everything written on the terminal
/// ([`crate::cli_newcomer56::run_on_terminal`]).
fn run_on_one_terminal(dir: &std::path::Path, args: &[&str]) -> (Option<i32>, String) {
    crate::cli_newcomer56::run_on_terminal(dir, args, 80)
}

/// N6: `verify` of a recording whose last line is torn (a proxy killed mid-write), run in
/// a terminal, printed the torn-line note twice in a row: once on stderr, once at the top
/// of the text report on stdout. Now once; with stdout to a pipe (a script reading the
/// report), stderr keeps the note, and the report keeps it too.
#[test]
fn a_torn_recording_s_note_is_said_once_on_a_terminal() {
    let dir = tempfile::tempdir().unwrap();
    let whole = std::fs::read(sample()).unwrap();
    // cut inside the last line
    std::fs::write(dir.path().join("torn.jsonl"), &whole[..whole.len() - 40]).unwrap();
    let (code, term) = run_on_one_terminal(dir.path(), &["verify", "torn.jsonl"]);
    assert_eq!(code, Some(0), "{term}");
    assert_eq!(term.matches("is torn (").count(), 1, "{term}");
    assert!(
        term.contains("note: torn.jsonl: last line 73 is torn ("),
        "{term}"
    );

    // not on a terminal: both streams carry it, each read on its own
    let o = proxy_process::run_in(dir.path(), &["verify", "torn.jsonl"]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    assert!(
        text(&o.stderr).contains("a2a-interop: note: torn.jsonl: last line 73 is torn ("),
        "{}",
        text(&o.stderr)
    );
    assert!(
        text(&o.stdout).contains("note: torn.jsonl: last line 73 is torn ("),
        "{}",
        text(&o.stdout)
    );
}

//! q28c: CLI, report and script items left by session 27's review and newcomer: min.sh's
//! `--cacert` anywhere (item 1), shell-quoted paths in printed commands (item 2), Ctrl-C
//! during `--wait-for-agent`'s hand-over (item 3), JUnit that follows `--fail-on` (item 4),
//! a JUnit from a `probe` that could not reach its agent (item 5), bindings per A2A version
//! in reports (item 6), the reference agent's 0.3 push notifications (item 7). Real
//! processes, real loopback sockets (TLS with a self-signed certificate), real files.

use crate::https_repro;
use crate::proxy_process;

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// `bash SCRIPT ARGS...` off the runtime (the agent serves on it), without the CA
/// variables of the environment.
async fn bash(sh: &std::path::Path, args: Vec<String>) -> std::process::Output {
    let sh = sh.to_path_buf();
    tokio::task::spawn_blocking(move || {
        std::process::Command::new("bash")
            .arg(&sh)
            .args(&args)
            .env_remove("A2A_CACERT")
            .env_remove("A2A_INSECURE")
            .output()
            .unwrap()
    })
    .await
    .unwrap()
}

/// Item 1: min.sh took `--cacert` only as its first argument (`--cacert=FILE` was ignored
/// and curl failed on the certificate), and `--cacert` with no file after it exited 1 from
/// bash's own `${2:?}`. It is now taken anywhere (`--cacert FILE`, `--cacert=FILE`), the
/// file is checked, and every usage error exits 2 with a message that says what to give.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn item1_min_sh_takes_cacert_anywhere_and_usage_errors_exit_2() {
    let dir = tempfile::tempdir().unwrap();
    let (_agent, pem, sh) = https_repro::https_min_sh(dir.path()).await;
    let pem_s = pem.display().to_string();
    // legal: the flag with its file, as two words or one: the agent's answer
    for args in [
        vec!["--cacert".to_string(), pem_s.clone()],
        vec![format!("--cacert={pem_s}")],
    ] {
        let o = bash(&sh, args.clone()).await;
        assert_eq!(
            o.status.code(),
            Some(0),
            "{args:?}\n{}\n{}",
            text(&o.stdout),
            text(&o.stderr)
        );
        assert!(text(&o.stdout).contains("\"code\":"), "{}", text(&o.stdout));
    }
    // usage errors: exit 2, named, before any curl runs
    for (args, says) in [
        (
            vec!["--cacert".to_string()],
            "--cacert needs a PEM file after it",
        ),
        (
            vec!["--cacert=".to_string()],
            "--cacert needs a PEM file after it",
        ),
        (
            vec!["--cacert".to_string(), dir.path().display().to_string()],
            "no readable PEM file there",
        ),
        (
            vec![
                "--verbose".to_string(),
                "--cacert".to_string(),
                pem_s.clone(),
            ],
            "unknown argument '--verbose'",
        ),
        (
            vec![
                format!("--cacert={pem_s}"),
                "--cacert".to_string(),
                "/nonexistent/ca.pem".to_string(),
            ],
            "A2A_CACERT=/nonexistent/ca.pem: no readable PEM file there",
        ),
    ] {
        let o = bash(&sh, args.clone()).await;
        let err = text(&o.stderr);
        assert_eq!(o.status.code(), Some(2), "{args:?}\n{err}");
        assert!(err.contains(says), "{args:?}\n{err}");
        assert!(o.stdout.is_empty(), "{args:?}: {}", text(&o.stdout));
    }
}

/// `command` (a line the tool printed, starting `a2a-interop `) run as pasted into `sh -c`
/// in `cwd`, with this test run's binary in place of `a2a-interop`: its output.
fn paste(cwd: &std::path::Path, command: &str) -> std::process::Output {
    let rest = command
        .strip_prefix("a2a-interop ")
        .unwrap_or_else(|| panic!("not an a2a-interop command: {command}"));
    let bin = env!("CARGO_BIN_EXE_a2a-interop").replace('\'', "'\\''");
    std::process::Command::new("sh")
        .current_dir(cwd)
        .arg("-c")
        .arg(format!("'{bin}' {rest}"))
        .env("NO_COLOR", "1")
        .env_remove("A2A_INTEROP_LOG")
        .output()
        .unwrap()
}

/// Item 2: the commands the tool prints for a user to paste put paths in bare: the proxy's
/// stop line `a2a-interop report REC -o report.md` and `verify -o DIR/`'s hint `-o
/// DIR/report.md` broke on a path with a space or a quote (sh split it, or waited for the
/// closing quote). They are now POSIX sh words; pasted into `sh -c`, each runs and does
/// what it says. Control: a plain path is printed as before, unquoted.
#[test]
fn item2_printed_commands_shell_quote_paths() {
    let tmp = tempfile::tempdir().unwrap();
    let (_agent, url) = proxy_process::reference_agent();
    for (dir, name, quoted) in [
        ("it's a dir", "rec $HOME x.jsonl", true),
        ("plain", "plain-rec.jsonl", false),
    ] {
        let dir = tmp.path().join(dir);
        std::fs::create_dir(&dir).unwrap();
        let rec = dir.join(name);
        let rec_s = rec.display().to_string();
        let (proxy, addr) = proxy_process::start_proxy(&["--upstream", &url, "--record", &rec_s]);
        // a SendMessage without a message: the agent's -32602, and a finding on the call
        let (_conn, _) = proxy_process::send_until(
            addr,
            r#"{"jsonrpc":"2.0","id":1,"method":"SendMessage","params":{}}"#,
            "-32602",
        );
        let stderr = proxy.terminate();
        let command = stderr
            .split("a report of them: ")
            .nth(1)
            .and_then(|r| r.lines().next())
            .unwrap_or_else(|| panic!("no report command in the stop lines:\n{stderr}"));
        assert_eq!(command.contains('\''), quoted, "{command}");
        let o = paste(tmp.path(), command);
        let report = tmp.path().join("report.md");
        assert!(
            o.status.code() == Some(0) || o.status.code() == Some(1),
            "{command}\n{}",
            text(&o.stderr)
        );
        let md = std::fs::read_to_string(&report)
            .unwrap_or_else(|e| panic!("{command}: no report.md ({e}): {}", text(&o.stderr)));
        assert!(md.contains("DATA-SHAPE-002"), "{md}");
        std::fs::remove_file(&report).unwrap();
        // `verify REC -o DIR/`: a directory, refused with a hint naming a file in it
        let o = proxy_process::run_in(
            tmp.path(),
            &["verify", &rec_s, "-o", &format!("{}/", dir.display())],
        );
        let err = text(&o.stderr);
        assert_eq!(o.status.code(), Some(2), "{err}");
        let example = err
            .split("e.g. -o ")
            .nth(1)
            .and_then(|r| r.split(" (its extension").next())
            .unwrap_or_else(|| panic!("{err}"));
        let o = paste(
            tmp.path(),
            &format!(
                "a2a-interop verify {} -o {example}",
                proxy_process_word(&rec_s)
            ),
        );
        assert!(
            o.status.code() == Some(0) || o.status.code() == Some(1),
            "{example}\n{}",
            text(&o.stderr)
        );
        let written = dir.join("report.md");
        assert!(written.is_file(), "{example}: {}", text(&o.stderr));
        std::fs::remove_file(&written).unwrap();
    }
}

/// `s` in single quotes for `sh` (the test's own quoting of the recording path it gives).
fn proxy_process_word(s: &str) -> String {
    format!("'{}'", s.replace('\'', "'\\''"))
}

/// Whether a thread of process `pid` is blocked opening a FIFO that has no reader yet
/// (Linux: the kernel's `wait_for_partner`, in `/proc/PID/task/TID/wchan`).
#[cfg(target_os = "linux")]
fn blocked_on_fifo_open(pid: u32) -> bool {
    std::fs::read_dir(format!("/proc/{pid}/task"))
        .map(|tasks| {
            tasks.flatten().any(|t| {
                std::fs::read_to_string(t.path().join("wchan"))
                    .is_ok_and(|w| w.trim() == "wait_for_partner")
            })
        })
        .unwrap_or(false)
}

/// Item 3: `--wait-for-agent`'s Ctrl-C handlers ended with the wait, and the run's own
/// were installed only once its pipeline had started: a Ctrl-C in between was swallowed
/// (the handlers replace the signal's default action for the whole process) and the run
/// went on to its end. The gap is held open here, deterministically: `--record` is a FIFO,
/// and the recorder's open of it blocks until a reader comes. A SIGINT sent while it
/// blocks now ends the run at once (exit 130, nothing sent, no report); before, the
/// process stayed blocked with the signal lost.
#[cfg(target_os = "linux")]
#[test]
fn item3_ctrl_c_between_the_wait_and_the_run_is_not_swallowed() {
    use std::io::Read as _;
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("rec.jsonl");
    assert!(std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .unwrap()
        .success());
    // the agent's port, refusing until the agent "starts" below (held: no other test can
    // take it in between)
    let agent = proxy_process::ReservedPort::bind();
    let port = agent.port();
    let (mut probe, rx) = proxy_process::spawn_with_stderr_lines(
        std::process::Command::new(env!("CARGO_BIN_EXE_a2a-interop"))
            .current_dir(dir.path())
            .args([
                "probe",
                &format!("http://127.0.0.1:{port}"),
                "--wait-for-agent",
                "10m",
                "--record",
                "rec.jsonl",
                "-o",
                "p.json",
            ])
            .env("NO_COLOR", "1")
            .env_remove("A2A_INTEROP_LOG"),
    );
    // the --record check before the wait opens the FIFO once: read that open to its end
    let mut check = std::fs::File::open(&fifo).unwrap();
    let mut none = Vec::new();
    check.read_to_end(&mut none).unwrap();
    drop(check);
    let line = rx.recv_timeout(std::time::Duration::from_secs(30)).unwrap();
    assert!(line.contains("waiting up to 10 min"), "{line}");
    // the agent's port accepts connections (the kernel's backlog; no answer needed)
    let _agent = agent.listen();
    let line = rx.recv_timeout(std::time::Duration::from_secs(60)).unwrap();
    assert!(line.contains("accepts connections (after"), "{line}");
    // the run's recorder opening the FIFO: the hand-over, held open
    let t0 = std::time::Instant::now();
    while !blocked_on_fifo_open(probe.id()) {
        assert!(
            t0.elapsed() < std::time::Duration::from_secs(60),
            "the probe never opened its recording"
        );
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    probe.signal("INT");
    let st = probe.wait_for(
        std::time::Duration::from_secs(60),
        "probe after a Ctrl-C while its run was starting",
    );
    let lines = proxy_process::rest_of(&rx);
    assert_eq!(st.code(), Some(130), "{lines:#?}");
    assert_eq!(
        lines,
        vec![format!(
            "a2a-interop: interrupted while the run was starting (the agent at 127.0.0.1:{port} accepts connections; --wait-for-agent): nothing was sent, no report written"
        )]
    );
    assert!(!dir.path().join("p.json").exists());
}

/// A SendMessage to the proxy at `addr` without the `A2A-Version` header (VER-MIX-001, a
/// warning: the agent answers it as 0.3 would), read to the end of the connection.
fn send_without_version(addr: std::net::SocketAddr) -> String {
    use std::io::{Read as _, Write as _};
    let body = r#"{"jsonrpc":"2.0","id":1,"method":"SendMessage","params":{"message":{"role":"ROLE_USER","messageId":"q28c-1","parts":[{"text":"task hello"}]}}}"#;
    let mut s = std::net::TcpStream::connect(addr).unwrap();
    s.set_read_timeout(Some(std::time::Duration::from_secs(30)))
        .unwrap();
    write!(
        s,
        "POST / HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\nConnection: close\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    )
    .unwrap();
    let mut got = Vec::new();
    s.read_to_end(&mut got).unwrap();
    text(&got)
}

/// The `<testcase>` of `rule` in `junit`, up to the next case.
fn case_of<'a>(junit: &'a str, rule: &str) -> &'a str {
    let at = junit
        .find(&format!("<testcase name=\"{rule}\""))
        .unwrap_or_else(|| panic!("no {rule} case: {junit}"));
    let rest = &junit[at..];
    let end = rest[1..].find("<testcase ").map_or(rest.len(), |e| e + 1);
    &rest[..end]
}

/// Item 4: a warning-only recording exits 0 under `--fail-on error` (the default of
/// `verify`), but its JUnit carried `<failure type="warning">` in the rules suite, which
/// Jenkins turns into an unstable build. JUnit now fails what the exit status counts: under
/// `--fail-on error` the warning is in the case's `<system-out>` (said to be below the
/// threshold) and the file has no failure; under `--fail-on warning` (exit 1) it is a
/// failure again. Each suite names the threshold in its `failOn` property.
#[test]
fn item4_junit_follows_fail_on() {
    let (_agent, url) = proxy_process::reference_agent();
    let dir = tempfile::tempdir().unwrap();
    let rec = dir.path().join("warn.jsonl");
    let (run, addr) =
        proxy_process::start_proxy(&["--upstream", &url, "--record", rec.to_str().unwrap()]);
    send_without_version(addr);
    run.terminate();
    let junit_of = |args: &[&str], code: i32| -> String {
        let xml = dir.path().join("v.xml");
        let mut all = vec![
            "verify",
            rec.to_str().unwrap(),
            "--format",
            "junit",
            "-o",
            xml.to_str().unwrap(),
        ];
        all.extend_from_slice(args);
        let o = proxy_process::run_in(dir.path(), &all);
        assert_eq!(o.status.code(), Some(code), "{args:?}: {}", text(&o.stderr));
        std::fs::read_to_string(&xml).unwrap()
    };
    // the default (--fail-on error) and said: exit 0, no failure anywhere
    for args in [&[][..], &["--fail-on", "error"][..]] {
        let junit = junit_of(args, 0);
        assert!(!junit.contains("<failure"), "{args:?}: {junit}");
        assert!(junit.contains("failures=\"0\""), "{junit}");
        assert!(
            junit.contains("<property name=\"failOn\" value=\"error\"/>"),
            "{junit}"
        );
        let case = case_of(&junit, "VER-MIX-002");
        assert!(
            case.contains("<system-out>not a failure: 1 warning occurrence below --fail-on error"),
            "{case}"
        );
        assert!(case.contains("VER-MIX-002"), "{case}");
    }
    // --fail-on warning: exit 1, and the warning is the failure it counts
    let junit = junit_of(&["--fail-on", "warning"], 1);
    let case = case_of(&junit, "VER-MIX-002");
    assert!(case.contains("<failure type=\"warning\""), "{case}");
    assert!(!case.contains("not a failure"), "{case}");
    assert!(
        junit.contains("<property name=\"failOn\" value=\"warning\"/>"),
        "{junit}"
    );
}

/// Item 5: `probe` (and `interop`) of an agent that is not there exits 2 at its start-up
/// check and wrote no report, so a CI job that asked for `-f junit -o FILE` had nothing to
/// show. It now writes a JUnit file with one failed testcase (`agent reachable`) that says
/// the agent was unreachable and why (valid against Jenkins' `junit-10.xsd` when xmllint is
/// here); the exit stays 2. Control: a run that asked only for JSON gets no file (there are
/// no results to put in it).
#[test]
fn item5_unreachable_agent_still_gets_its_junit_report() {
    let dir = tempfile::tempdir().unwrap();
    // refusing for the whole test (held: no other test can listen on it meanwhile)
    let dead = proxy_process::ReservedPort::bind();
    let url = format!("http://{}", dead.addr());
    let probe_args = [
        "probe",
        url.as_str(),
        "-f",
        "junit",
        "-o",
        "p.xml",
        "-f",
        "json",
        "-o",
        "p.json",
    ];
    let interop_args = [
        "interop",
        url.as_str(),
        "http://127.0.0.1:9",
        "-f",
        "junit",
        "-o",
        "i.xml",
    ];
    for (args, xml) in [(&probe_args[..], "p.xml"), (&interop_args[..], "i.xml")] {
        let o = proxy_process::run_in(dir.path(), args);
        let err = text(&o.stderr);
        assert_eq!(o.status.code(), Some(2), "{err}");
        assert!(
            err.contains(&format!(
                "a2a-interop: wrote {xml} (junit report: the agent at {url}/ was unreachable, nothing was tested)"
            )),
            "{err}"
        );
        let junit = std::fs::read_to_string(dir.path().join(xml)).unwrap();
        assert!(
            junit.contains("<testsuites name=\"a2a-interop\" tests=\"1\" failures=\"1\""),
            "{junit}"
        );
        let case = case_of(&junit, "agent reachable");
        assert!(
            case.contains(&format!(
                "<failure type=\"unreachable\" message=\"the agent at {url}/ was unreachable: nothing was tested\">"
            )),
            "{case}"
        );
        assert!(case.contains("Connection refused"), "{case}");
        if let Ok(v) = std::process::Command::new("xmllint")
            .arg("--noout")
            .arg("--schema")
            .arg(std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/junit-10.xsd"))
            .arg(dir.path().join(xml))
            .output()
        {
            assert!(v.status.success(), "{}", text(&v.stderr));
        }
    }
    assert!(!dir.path().join("p.json").exists());
    // interop names which agent it could not reach
    let junit = std::fs::read_to_string(dir.path().join("i.xml")).unwrap();
    assert!(junit.contains("agent A is not reachable"), "{junit}");
}

/// Item 6: reports listed the A2A versions seen (`dialects`) but not which bindings each
/// was spoken over. The text, Markdown and JSON reports now say it per version, with
/// counts: a proxy recording of the reference agent with two 1.0 JSON-RPC calls and one
/// 0.3 JSON-RPC call, and an SDK capture of 0.3 over HTTP+JSON.
#[test]
fn item6_reports_say_the_bindings_of_each_a2a_version_with_counts() {
    let (_agent, url) = proxy_process::reference_agent();
    let dir = tempfile::tempdir().unwrap();
    let rec = dir.path().join("mixed.jsonl");
    let (run, addr) =
        proxy_process::start_proxy(&["--upstream", &url, "--record", rec.to_str().unwrap()]);
    for id in ["q28c-6a", "q28c-6b"] {
        proxy_process::send_until(
            addr,
            &format!(
                r#"{{"jsonrpc":"2.0","id":1,"method":"SendMessage","params":{{"message":{{"role":"ROLE_USER","messageId":"{id}","parts":[{{"text":"hello"}}]}}}}}}"#
            ),
            "\"result\"",
        );
    }
    {
        use std::io::{Read as _, Write as _};
        let body = r#"{"jsonrpc":"2.0","id":2,"method":"message/send","params":{"message":{"kind":"message","role":"user","messageId":"q28c-6c","parts":[{"kind":"text","text":"hello"}]}}}"#;
        let mut s = std::net::TcpStream::connect(addr).unwrap();
        s.set_read_timeout(Some(std::time::Duration::from_secs(30)))
            .unwrap();
        write!(
            s,
            "POST / HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\nConnection: close\r\nContent-Length: {}\r\n\r\n{body}",
            body.len()
        )
        .unwrap();
        let mut got = String::new();
        s.read_to_string(&mut got).unwrap();
        assert!(got.contains("\"result\""), "{got}");
    }
    run.terminate();
    let capture = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/captures/js-to-js-rest-v0.3.jsonl");
    for (file, said, json) in [
        (
            rec.clone(),
            "1.0: JSON-RPC (2 exchanges); 0.3: JSON-RPC (1 exchange)",
            serde_json::json!([
                {"version": "0.3", "binding": "JSON-RPC", "exchanges": 1},
                {"version": "1.0", "binding": "JSON-RPC", "exchanges": 2}
            ]),
        ),
        (
            capture,
            "0.3: HTTP+JSON (11 exchanges)",
            serde_json::json!([{"version": "0.3", "binding": "HTTP+JSON", "exchanges": 11}]),
        ),
    ] {
        let f = file.to_str().unwrap();
        let o = proxy_process::run_in(dir.path(), &["report", f, "--format", "text", "-o", "-"]);
        assert!(
            text(&o.stdout)
                .lines()
                .any(|l| l == format!("bindings per A2A version: {said}")),
            "{}",
            text(&o.stdout)
        );
        let o = proxy_process::run_in(
            dir.path(),
            &["report", f, "--format", "markdown", "-o", "-"],
        );
        assert!(
            text(&o.stdout).contains(&format!("\n- **bindings per A2A version:** {said}\n")),
            "{}",
            text(&o.stdout)
        );
        let o = proxy_process::run_in(dir.path(), &["report", f, "--format", "json", "-o", "-"]);
        let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
        assert_eq!(v["bindings"], json, "{}", text(&o.stdout));
    }
}

/// Item 7: the reference agent's 0.3 push notifications posted the task as it was when the
/// POST went out, so a fast task (working, its artifact, completed, back to back) posted
/// `completed` three times. Each notification now carries the update it is for: the task
/// as of that change (working without the artifact, working with it, then completed).
#[test]
fn item7_reference_agent_0_3_push_posts_each_update_once() {
    use std::io::{Read as _, Write as _};
    let (_agent, url) = proxy_process::reference_agent();
    let (hook, rx) = proxy_process::webhook();
    let body = serde_json::json!({
        "jsonrpc": "2.0", "id": 1, "method": "message/send",
        "params": {
            "message": {"kind": "message", "role": "user", "messageId": "q28c-7",
                        "parts": [{"kind": "text", "text": "task hello"}]},
            "configuration": {"pushNotificationConfig": {"url": hook, "token": "q28c"}}
        }
    })
    .to_string();
    let addr = url.trim_start_matches("http://").trim_end_matches('/');
    let mut s = std::net::TcpStream::connect(addr).unwrap();
    s.set_read_timeout(Some(std::time::Duration::from_secs(30)))
        .unwrap();
    write!(
        s,
        "POST / HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\nConnection: close\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    )
    .unwrap();
    let mut answer = String::new();
    s.read_to_string(&mut answer).unwrap();
    assert!(answer.contains("\"kind\":\"task\""), "{answer}");
    let mut got = Vec::new();
    while got
        .last()
        .is_none_or(|t: &serde_json::Value| t["status"]["state"] != "completed")
    {
        let t = rx
            .recv_timeout(std::time::Duration::from_secs(30))
            .unwrap_or_else(|_| panic!("notifications so far: {got:#?}"));
        got.push(t);
    }
    let states: Vec<&str> = got
        .iter()
        .map(|t| t["status"]["state"].as_str().unwrap_or("?"))
        .collect();
    assert_eq!(states, ["working", "working", "completed"], "{got:#?}");
    let artifacts: Vec<usize> = got
        .iter()
        .map(|t| t["artifacts"].as_array().map_or(0, Vec::len))
        .collect();
    assert_eq!(artifacts, [0, 1, 1], "{got:#?}");
    assert!(got.iter().all(|t| t["kind"] == "task"), "{got:#?}");
}

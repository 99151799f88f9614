//! newcomer27: what a newcomer hit wiring the proxy and `probe` into a CI job in front of
//! the official SDK agents: the proxy's stop named the report file but not a count of what
//! it found (N1), `probe` run on the line after the job started the agent was exit 2 with
//! no report (N2), JUnit said "(1 occurrences)" (N3) and counted rules of areas the traffic
//! never reached as passed (N8), the curl script of a repro named only the recording
//! machine's address (N4), a probe warning had another prefix (N5), a text report never
//! named the A2A generations it judged (N6), and an area counted a finding seen twice as
//! two (N7). Real processes, real loopback sockets, real files.

use crate::proxy_process;

use std::io::{Read, Write};
use std::path::Path;
use std::process::Command;
use std::time::Duration;

use proxy_process::{reference_agent, run_in, spawn_with_stderr_lines, start_proxy};

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// `body` POSTed to `/` of the proxy at `addr` with the extra header lines `headers`
/// (each ending `\r\n`), read to its end (`Connection: close`).
fn post(addr: std::net::SocketAddr, headers: &str, body: &str) -> String {
    let mut s = std::net::TcpStream::connect(addr).unwrap();
    s.set_read_timeout(Some(Duration::from_secs(30))).unwrap();
    write!(
        s,
        "POST / HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\n{headers}Connection: close\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    )
    .unwrap();
    let mut got = Vec::new();
    s.read_to_end(&mut got).unwrap();
    text(&got)
}

/// A 1.0 `SendMessage` sent without `A2A-Version` (the client's VER-MIX-002 warning)
/// through the proxy at `addr`, read to its end (the proxy closes: `Connection: close`).
fn send_without_version(addr: std::net::SocketAddr) -> String {
    let body = r#"{"jsonrpc":"2.0","id":1,"method":"SendMessage","params":{"message":{"role":"ROLE_USER","messageId":"n27-1","parts":[{"text":"task hello"}]}}}"#;
    let mut s = std::net::TcpStream::connect(addr).unwrap();
    s.set_read_timeout(Some(Duration::from_secs(30))).unwrap();
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

/// What `a2a-interop report REC -o OUT` says it wrote, after "(markdown report): ": the
/// counts and the level of the offline report of the same recording.
fn offline_counts(dir: &Path, rec: &Path) -> String {
    let out = dir.join("offline.md");
    let o = run_in(
        dir,
        &["report", rec.to_str().unwrap(), "-o", out.to_str().unwrap()],
    );
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    let err = text(&o.stderr);
    let line = err
        .lines()
        .find(|l| l.starts_with("a2a-interop: wrote "))
        .unwrap_or_else(|| panic!("no wrote line: {err}"));
    line.split_once("(markdown report): ")
        .unwrap_or_else(|| panic!("{line}"))
        .1
        .to_string()
}

/// N1: a proxy left running for a while in front of the SDK agent and stopped with Ctrl-C
/// ended with "431 events recorded in session.jsonl" and "report written to report.md":
/// the findings of the run had scrolled away with the live lines, and the stop said nothing
/// of them. With `--report` the last line now says what the report holds, as `verify -o`
/// does; without it, one line counts the findings and names the command that writes the
/// report. Both counts equal those of `a2a-interop report` on the recording.
#[test]
fn n1_the_stop_counts_what_the_run_found() {
    let (_agent, url) = reference_agent();
    let dir = tempfile::tempdir().unwrap();
    for with_report in [true, false] {
        let rec = dir.path().join(format!("run-{with_report}.jsonl"));
        let rep = dir.path().join(format!("run-{with_report}.md"));
        let mut args = vec!["--upstream", &url, "--record", rec.to_str().unwrap()];
        if with_report {
            args.extend(["--report", rep.to_str().unwrap()]);
        }
        let (run, addr) = start_proxy(&args);
        let answer = send_without_version(addr);
        assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
        let stderr = run.terminate();
        let counts = offline_counts(dir.path(), &rec);
        // the run found something to count: the client's warning
        assert!(counts.contains("1 warning"), "{counts}");
        let want = if with_report {
            format!(
                "a2a-interop proxy: report written to {} (markdown report): {counts}",
                rep.display()
            )
        } else {
            format!(
                "a2a-interop proxy: findings: {counts}; a report of them: a2a-interop report {} -o report.md",
                rec.display()
            )
        };
        assert!(
            stderr.lines().any(|l| l == want),
            "no line {want:?} in:\n{stderr}"
        );
    }
    // a run that saw no exchange has nothing to count, nor a report to point at
    let idle = dir.path().join("idle.jsonl");
    let (run, _) = start_proxy(&["--upstream", &url, "--record", idle.to_str().unwrap()]);
    let stderr = run.terminate();
    assert!(stderr.contains("0 events recorded in"), "{stderr}");
    assert!(!stderr.contains("findings:"), "{stderr}");
}

/// N3: JUnit's rules suite said `(1 occurrences)` in a failure message a CI viewer shows
/// as the test's headline. N8: the same suite counted every rule without a finding as
/// passed, AUTH-* on a run without credentials and REST-* on an agent without HTTP+JSON
/// included, while the results suite said `area:auth` and `area:rest` were skipped.
#[test]
fn n3_junit_counts_one_occurrence_in_the_singular() {
    let (_agent, url) = reference_agent();
    let dir = tempfile::tempdir().unwrap();
    let rec = dir.path().join("once.jsonl");
    let (run, addr) = start_proxy(&["--upstream", &url, "--record", rec.to_str().unwrap()]);
    send_without_version(addr);
    run.terminate();
    let xml = dir.path().join("once.xml");
    let o = run_in(
        dir.path(),
        &[
            "report",
            rec.to_str().unwrap(),
            "--format",
            "junit",
            "-o",
            xml.to_str().unwrap(),
        ],
    );
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    let junit = std::fs::read_to_string(&xml).unwrap();
    let case = junit
        .split("<testcase ")
        .find(|c| c.starts_with("name=\"VER-MIX-002\""))
        .unwrap_or_else(|| panic!("no VER-MIX-002 case: {junit}"));
    assert!(case.contains("<failure type=\"warning\""), "{case}");
    assert!(case.contains("(1 occurrence)\">"), "{case}");
    assert!(!junit.contains("(1 occurrences)"), "{junit}");

    // N8: a rule of an area this traffic never reached (the reference agent serves no
    // HTTP+JSON, the client sent no credential) is skipped, not counted as a pass; a rule
    // of an area it did reach (JSON-RPC) passes
    let case_of = |rule: &str| -> String {
        let at = junit
            .find(&format!("<testcase name=\"{rule}\""))
            .unwrap_or_else(|| panic!("no {rule} case: {junit}"));
        let rest = &junit[at..];
        let end = rest
            .find("/>\n")
            .map(|e| e + 2)
            .filter(|&e| !rest[..e].contains("<skipped"))
            .or_else(|| rest.find("</testcase>").map(|e| e + "</testcase>".len()))
            .unwrap();
        rest[..end].to_string()
    };
    assert!(
        case_of("REST-ERROR-001")
            .contains("<skipped message=\"not exercised by this traffic (area rest)\"/>"),
        "{}",
        case_of("REST-ERROR-001")
    );
    assert!(
        case_of("AUTH-TLS-001")
            .contains("<skipped message=\"not exercised by this traffic (area auth)\"/>"),
        "{}",
        case_of("AUTH-TLS-001")
    );
    let rpc = case_of("RPC-ID-001");
    assert!(
        !rpc.contains("<skipped") && !rpc.contains("<failure"),
        "{rpc}"
    );
}

/// N2: a CI job started the SDK agent in the background and ran `probe` on the next line:
/// exit 2, "Connection refused ... is the agent running?", and no JUnit file for the CI
/// viewer. `--wait-for-agent DURATION` waits for the agent to accept connections (one line
/// says so, another when it does), and without it the refusal's hint names the flag.
#[test]
fn n2_probe_waits_for_an_agent_the_job_has_just_started() {
    let dir = tempfile::tempdir().unwrap();

    // without the flag: exit 2 at once, the hint names it (the port held, refusing, for
    // the whole test: no other test can listen on it meanwhile)
    let dead_port = proxy_process::ReservedPort::bind();
    let dead = dead_port.port();
    let o = run_in(
        dir.path(),
        &["probe", &format!("http://127.0.0.1:{dead}"), "-q"],
    );
    assert_eq!(o.status.code(), Some(2), "{}", text(&o.stderr));
    let err = text(&o.stderr);
    assert!(
        err.contains("Connection refused") && err.contains("--wait-for-agent 60s waits for it"),
        "{err}"
    );

    // a wait that runs out says how long it waited
    let o = run_in(
        dir.path(),
        &[
            "probe",
            &format!("http://127.0.0.1:{dead}"),
            "--wait-for-agent",
            "1s",
        ],
    );
    assert_eq!(o.status.code(), Some(2), "{}", text(&o.stderr));
    let err = text(&o.stderr);
    assert!(
        err.contains("waiting up to 1 s for the agent at 127.0.0.1:")
            && err.contains("(still, after waiting 1 s with --wait-for-agent)"),
        "{err}"
    );

    // a bad value names the flag, not --timeout
    let o = run_in(
        dir.path(),
        &[
            "probe",
            &format!("http://127.0.0.1:{dead}"),
            "--wait-for-agent",
            "2x",
        ],
    );
    assert_eq!(o.status.code(), Some(2));
    let err = text(&o.stderr);
    assert!(
        err.contains("--wait-for-agent \"2x\" has an unknown unit") && !err.contains("--timeout"),
        "{err}"
    );

    // Ctrl-C while it waits ends it at once, saying nothing was sent (exit 130)
    let (mut waiting, rx) = spawn_with_stderr_lines(
        Command::new(env!("CARGO_BIN_EXE_a2a-interop"))
            .current_dir(dir.path())
            .args([
                "probe",
                &format!("http://127.0.0.1:{dead}"),
                "--wait-for-agent",
                "10m",
            ])
            .env("NO_COLOR", "1"),
    );
    let first = rx.recv_timeout(Duration::from_secs(60)).expect("a line");
    assert!(first.contains("waiting up to 10 min"), "{first}");
    waiting.signal("INT");
    let st = waiting.wait_for(Duration::from_secs(60), "probe interrupted while waiting");
    let rest = proxy_process::rest_of(&rx);
    assert_eq!(st.code(), Some(130), "{rest:#?}");
    assert_eq!(
        rest,
        vec![format!(
            "a2a-interop: interrupted while waiting for the agent at 127.0.0.1:{dead} to accept connections (--wait-for-agent): nothing was sent, no report written"
        )]
    );

    // the agent starts once the probe waits for it: the probe runs and writes its JUnit.
    // The port is held, refusing, while the probe waits, and the same socket becomes the
    // late agent's listener (the reference agent served in this process, left37): no
    // moment in which another test's bind(0) could be handed the port
    let held = proxy_process::ReservedPort::bind();
    let port = held.port();
    let xml = dir.path().join("gate.xml");
    let (mut probe, rx) = spawn_with_stderr_lines(
        Command::new(env!("CARGO_BIN_EXE_a2a-interop"))
            .current_dir(dir.path())
            .args([
                "probe",
                &format!("http://127.0.0.1:{port}"),
                "--wait-for-agent",
                "2m",
                "--format",
                "junit",
                "-o",
                xml.to_str().unwrap(),
            ])
            .env("NO_COLOR", "1"),
    );
    let waiting = rx.recv_timeout(Duration::from_secs(60)).expect("a line");
    assert_eq!(
        waiting,
        format!(
            "a2a-interop: waiting up to 2 min for the agent at 127.0.0.1:{port} to accept connections (--wait-for-agent)"
        )
    );
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(1)
        .enable_all()
        .build()
        .unwrap();
    let agent = {
        let _in_rt = rt.enter();
        a2a_interop::refagent::start_on(
            held.listen_tokio(),
            a2a_interop::refagent::RefAgentConfig {
                listen: format!("127.0.0.1:{port}").parse().unwrap(),
                public_url: None,
            },
            a2a_interop::refagent::RefAgentOptions::default(),
        )
        .unwrap()
    };
    assert_eq!(agent.local_addr().port(), port);
    let st = probe.wait_for(Duration::from_secs(300), "probe of the agent started late");
    rt.block_on(agent.shutdown());
    let lines = proxy_process::rest_of(&rx);
    assert!(
        lines.iter().any(|l| l.starts_with(&format!(
            "a2a-interop: the agent at 127.0.0.1:{port} accepts connections (after "
        ))),
        "{lines:#?}"
    );
    // the reference agent passes its probe: a run, not the exit 2 of an absent agent
    assert_eq!(st.code(), Some(0), "{lines:#?}");
    let junit = std::fs::read_to_string(&xml).unwrap();
    assert!(
        junit.contains("<testcase name=\"card.reachable\""),
        "{junit}"
    );
}

/// N4: the curl script `repro` cut for "the agent's team" called the agent at the loopback
/// address it had on the recording machine, in every curl line, with no word on pointing it
/// elsewhere. Its header now names the address as recorded and the one `sed` command that
/// points it at another; followed as written, the script reaches the agent there.
#[test]
fn n4_the_repro_script_says_how_to_replay_against_another_address() {
    let dir = tempfile::tempdir().unwrap();
    let rec = dir.path().join("mix.jsonl");
    let first_url = {
        let (_first, url) = reference_agent();
        let (run, addr) = start_proxy(&["--upstream", &url, "--record", rec.to_str().unwrap()]);
        send_without_version(addr);
        run.terminate();
        url
        // the first agent is gone from here on: only a script pointed elsewhere gets answers
    };
    let cut = dir.path().join("min.jsonl");
    let o = run_in(
        dir.path(),
        &[
            "repro",
            rec.to_str().unwrap(),
            "--finding",
            "VER-MIX-002",
            "-o",
            cut.to_str().unwrap(),
        ],
    );
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    let sh = cut.with_extension("sh");
    let script = std::fs::read_to_string(&sh).unwrap();
    let origin = first_url.trim_end_matches('/');
    let line = script
        .lines()
        .find(|l| l.starts_with("# Sent to "))
        .unwrap_or_else(|| panic!("no line naming the address: {script}"));
    // a plain path stands bare, as any printed command's path (app::sh_path; review28b)
    let quoted = sh.display().to_string();
    assert_eq!(
        line,
        format!(
            "# Sent to {origin} as recorded; to replay against your agent elsewhere: sed -i.bak 's#{origin}#https://your-agent.example#g' {quoted}"
        )
    );
    // the team follows it, with their agent's address
    let (_second, second_url) = reference_agent();
    let command = line.split_once("elsewhere: ").unwrap().1.replace(
        "https://your-agent.example",
        second_url.trim_end_matches('/'),
    );
    let st = Command::new("sh")
        .args(["-c", &command])
        .current_dir(dir.path())
        .status()
        .unwrap();
    assert!(st.success());
    let out = Command::new("bash").arg(&sh).output().unwrap();
    let answer = text(&out.stdout);
    assert!(
        answer.contains("\"jsonrpc\":\"2.0\""),
        "no answer from the agent at {second_url}: {answer}{}",
        text(&out.stderr)
    );
}

/// N5: README promises that every line a command other than `proxy` prints about its own
/// doings starts `a2a-interop:`, and a CI log is grepped by it; `probe` through a front whose
/// card sends clients around it printed `a2a-interop probe: WARNING: the card advertises
/// ...`. It is now `a2a-interop: warning: ...`, as every other warning of the command.
#[test]
fn n5_the_probes_card_origin_warning_has_the_commands_prefix() {
    let (_agent, url) = reference_agent();
    // a proxy without --rewrite-card: its card names the agent's own address
    let (front, addr) = start_proxy(&["--upstream", &url, "--no-record"]);
    let dir = tempfile::tempdir().unwrap();
    let o = run_in(
        dir.path(),
        &[
            "probe",
            &format!("http://{addr}"),
            "-q",
            "--fail-on",
            "never",
        ],
    );
    let err = text(&o.stderr);
    assert!(o.status.code() != Some(2), "{err}");
    let agent = url.trim_end_matches('/');
    let want = format!("a2a-interop: warning: the card advertises {agent}");
    assert!(
        err.lines()
            .any(|l| l.starts_with(&want) && l.contains(&format!("not the probed http://{addr}"))),
        "no line starting {want:?}: {err}"
    );
    assert!(!err.contains("a2a-interop probe: WARNING"), "{err}");
    front.terminate();
}

/// N6: the text report (verify's default, the terminal's) of a proxy run in front of an SDK
/// agent serving 1.0 and its 0.3 compat side never named a generation: nothing said that two
/// were seen, how much of each, or that each exchange was judged by its own. A note before
/// the summary line now does, with the first exchange of each; one generation gets none.
#[test]
fn n6_a_text_report_of_two_generations_says_so() {
    let (_agent, url) = reference_agent();
    let dir = tempfile::tempdir().unwrap();
    let rec = dir.path().join("mixed.jsonl");
    let (run, addr) = start_proxy(&["--upstream", &url, "--record", rec.to_str().unwrap()]);
    let v10 = post(
        addr,
        "A2A-Version: 1.0\r\n",
        r#"{"jsonrpc":"2.0","id":1,"method":"SendMessage","params":{"message":{"role":"ROLE_USER","messageId":"n27-6a","parts":[{"text":"task hello"}]}}}"#,
    );
    assert!(v10.contains("TASK_STATE_COMPLETED"), "{v10}");
    let v03 = post(
        addr,
        "",
        r#"{"jsonrpc":"2.0","id":2,"method":"message/send","params":{"message":{"kind":"message","role":"user","messageId":"n27-6b","parts":[{"kind":"text","text":"task hello"}]}}}"#,
    );
    assert!(v03.contains("\"completed\""), "{v03}");
    run.terminate();
    let o = run_in(dir.path(), &["verify", rec.to_str().unwrap()]);
    let out = text(&o.stdout);
    let want = "note: mixed.jsonl: 2 A2A generations in this traffic: 1.0 in 1 exchange (e1 first), 0.3 in 1 exchange (e2 first); each exchange is judged by the rules of its own generation";
    let note = out
        .lines()
        .find(|l| l.starts_with("note: mixed.jsonl: 2 A2A generations"))
        .unwrap_or_else(|| panic!("no generations note: {out}{}", text(&o.stderr)));
    assert!(note.starts_with(want), "{note}");

    // one generation: no such note
    let one = dir.path().join("one.jsonl");
    let (run, addr) = start_proxy(&["--upstream", &url, "--record", one.to_str().unwrap()]);
    post(
        addr,
        "A2A-Version: 1.0\r\n",
        r#"{"jsonrpc":"2.0","id":1,"method":"SendMessage","params":{"message":{"role":"ROLE_USER","messageId":"n27-6c","parts":[{"text":"task hello"}]}}}"#,
    );
    run.terminate();
    let o = run_in(dir.path(), &["verify", one.to_str().unwrap()]);
    let out = text(&o.stdout);
    assert!(!out.contains("A2A generations"), "{out}");
}

/// N7: the per-area results of a passive run counted every occurrence (`area:rest`: "2
/// errors, 0 warnings", the JUnit failure message a CI viewer shows) beside a summary that
/// counts a finding seen again once ("1 error ... seen 2 times"). The area now counts as the
/// summary does.
#[test]
fn n7_an_area_counts_a_finding_seen_twice_once_as_the_summary_does() {
    let (_agent, url) = reference_agent();
    let dir = tempfile::tempdir().unwrap();
    let rec = dir.path().join("twice.jsonl");
    let (run, addr) = start_proxy(&["--upstream", &url, "--record", rec.to_str().unwrap()]);
    send_without_version(addr);
    send_without_version(addr);
    run.terminate();
    let o = run_in(
        dir.path(),
        &[
            "report",
            rec.to_str().unwrap(),
            "--format",
            "json",
            "-o",
            "-",
        ],
    );
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    let r: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    let mix: Vec<&serde_json::Value> = r["findings"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|f| f["rule"] == "VER-MIX-002")
        .collect();
    assert_eq!(mix.len(), 1, "{mix:#?}");
    assert_eq!(mix[0]["seen"], 2, "{:#?}", mix[0]);
    assert_eq!(r["summary"]["warnings"], 1, "{}", r["summary"]);
    let area = r["results"]
        .as_array()
        .unwrap()
        .iter()
        .find(|t| t["test"] == "area:version")
        .unwrap_or_else(|| panic!("{}", r["results"]));
    assert_eq!(
        area["message"],
        "no finding against the agent; the client's, not counted here: 1 warning (VER-MIX-002)",
        "{area}"
    );
}

//! ux36: a newcomer at 2 a.m. with README, docs/usage.md and `--help` alone, trying to break
//! the tool as a tired user does. Real processes (the binary, the reference agent), small
//! real servers on loopback sockets, real files.
//! - A finding that quotes the traffic (an agent's HTML error page in GW-RESP-003) was
//!   printed live with the traffic's line feeds and ESC sequences: one finding took several
//!   stderr lines and cleared the operator's terminal. Shown escaped now, as in `verify`.
//! - Requests no route took (or that a forward proxy refused) were counted as "upstream (no
//!   route) did not answer", "answered them 502", though the proxy answered them 404, 403,
//!   400 itself; the stop's and `verify`'s "nothing was verified" said "its own 502" too.
//! - `--upstream http://agent/rest` (an interface URL): the no-card warning named the root
//!   card path and a `curl` of it that answers 200.
//! - `demo` stopped by Ctrl-C printed none of the steps of the block it was in and said "0
//!   client steps done" of a run that had done three.
//! - `proxy URL`, `verify rec.jsonl report.md`, `probe URL URL`, `--upstream 9999`,
//!   `--record DIR` got the usage line or a wrong fix (`http://9999`).

use crate::proxy_process;

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::process::{Command, Stdio};
use std::time::Duration;

use proxy_process::{get, line_with, proxy_loud, ChildGuard};

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// A server that is no agent and whose error pages carry terminal controls: a GET gets a
/// 404 HTML page with an ESC colour sequence and a CRLF, a POST a 501 HTML page whose body
/// clears the screen (`ESC [2J`), sets the terminal title (`ESC ]0;...BEL`) and spans lines.
fn hostile_pages() -> SocketAddr {
    proxy_process::answer_each_head(|head| {
        let (status, body): (&str, &[u8]) = if head.starts_with(b"POST ") {
            (
                "501 Unsupported method",
                b"<html>\n<h1>oops\x1b[2J\x1b]0;PWNED\x07</h1>\r\n</html>",
            )
        } else {
            ("404 Not Found", b"<h1>no\x1b[31mRED\x1b[0m\r\nline2</h1>")
        };
        let mut out = format!(
            "HTTP/1.1 {status}\r\nContent-Type: text/html\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
            body.len()
        )
        .into_bytes();
        out.extend_from_slice(body);
        out
    })
}

/// Item 1: the live finding line of GW-RESP-003 quotes the agent's 501 page. Before, its
/// line feeds split the finding over three stderr lines (two of them starting with
/// neither a severity nor the proxy's prefix) and its ESC / BEL bytes reached the terminal.
/// Now: one line, the controls escaped as `verify`'s text report escapes them, and the same
/// words as that report. No byte below 0x20 but the line feed is on stderr at all.
#[test]
fn live_lines_show_the_traffics_control_characters_not_obey_them() {
    let dir = tempfile::tempdir().unwrap();
    let rec = dir.path().join("hostile.jsonl");
    let agent = hostile_pages();
    let (run, addr) = proxy_loud(&[
        "--upstream",
        &format!("http://{agent}"),
        "--record",
        rec.to_str().unwrap(),
    ]);
    assert!(get(addr, "/.well-known/agent-card.json").starts_with("HTTP/1.1 404"));
    assert!(proxy_process::send_message(addr, "u36", 1).starts_with("HTTP/1.1 501"));
    let live = line_with(&run, "note[GW-RESP-003]", Duration::from_secs(30));
    let stderr = run.terminate();
    assert!(
        live.contains(r"`<html>\n<h1>oops\u001b[2J\u001b]0;PWNED\u0007</h1>\r\n</html>`"),
        "{live}"
    );
    let bad: Vec<&str> = stderr
        .lines()
        .filter(|l| l.bytes().any(|b| b < 0x20 && b != b'\t'))
        .collect();
    assert!(bad.is_empty(), "control bytes on stderr: {bad:#?}");
    // every line is one the docs name: a finding, an upstream-error, or the proxy's own
    for l in stderr.lines() {
        assert!(
            l.starts_with("a2a-interop proxy")
                || l.starts_with("  ")
                || l.starts_with("note[")
                || l.starts_with("warning[")
                || l.starts_with("error[")
                || l.starts_with("upstream-error "),
            "a stderr line of no kind the docs name: {l:?}\n{stderr}"
        );
    }
    // the live line says what `verify` says of the same recording
    let o = proxy_process::run_in(dir.path(), &["verify", "hostile.jsonl"]);
    let out = text(&o.stdout);
    let message = live.split_once(": ").unwrap().1;
    assert!(out.contains(message), "live: {message}\nverify: {out}");
}

/// Item 2: requests no route takes. Before: `upstream (no route) did not answer 3 requests
/// in a row`, then `upstream (no route) still did not answer at the end: 4 requests in a
/// row (e1 to e4; the proxy answered them 502)` and `conformance: none (... its own 502)`,
/// of four 404s the proxy answered itself. Now they are counted as requests that went to
/// no upstream, with the status they got; `verify` of the file says 404 too.
#[test]
fn requests_no_route_took_are_not_an_upstream_that_stopped_answering() {
    let dir = tempfile::tempdir().unwrap();
    let rec = dir.path().join("noroute.jsonl");
    let (_agent, url) = proxy_process::reference_agent();
    let (run, addr) = proxy_loud(&[
        "--route",
        &format!("/a={url}"),
        "--record",
        rec.to_str().unwrap(),
    ]);
    for _ in 0..4 {
        assert!(get(addr, "/.well-known/agent-card.json").starts_with("HTTP/1.1 404"));
    }
    let counted = line_with(&run, "went to no upstream", Duration::from_secs(30));
    assert_eq!(
        counted,
        "a2a-interop proxy: 3 requests went to no upstream (no route took them, or the proxy refused them itself; it answered them with its own 404); further ones are counted, not printed"
    );
    let stderr = run.terminate();
    assert!(
        stderr.contains("a2a-interop proxy: 4 requests went to no upstream during the run (e1 to e4: no route took them, or the proxy refused them itself; it answered them with its own 404); their first upstream-error lines above say why"),
        "{stderr}"
    );
    assert!(
        stderr.contains("conformance: none (nothing was verified: none of the 4 exchanges reached the agent (the proxy answered each with its own 404))"),
        "{stderr}"
    );
    assert!(!stderr.contains("did not answer"), "{stderr}");
    assert!(!stderr.contains("502"), "{stderr}");
    let o = proxy_process::run_in(dir.path(), &["verify", "noroute.jsonl"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        text(&o.stderr).contains(
            "none of the 4 exchanges reached the agent (the proxy answered each with its own 404: the first: no route for path /.well-known/agent-card.json"
        ),
        "{}",
        text(&o.stderr)
    );
}

/// Item 2, forward mode: a request loop (403) and a request that is no absolute URL (400,
/// a client given the forward proxy's address as the agent's). The stop and `verify` name
/// both statuses; the 400's live line says what to do, as the client's answer does.
#[test]
fn a_forward_proxys_refusals_are_named_by_their_own_statuses() {
    let dir = tempfile::tempdir().unwrap();
    let rec = dir.path().join("fwd.jsonl");
    let (run, addr) = proxy_loud(&["--forward", "--record", rec.to_str().unwrap()]);
    // absolute-form to the proxy itself: a loop
    let mut s = TcpStream::connect(addr).unwrap();
    s.set_read_timeout(Some(Duration::from_secs(30))).unwrap();
    write!(
        s,
        "GET http://{addr}/x HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n"
    )
    .unwrap();
    let mut out = String::new();
    s.read_to_string(&mut out).unwrap();
    assert!(out.starts_with("HTTP/1.1 403"), "{out}");
    assert!(get(addr, "/.well-known/agent-card.json").starts_with("HTTP/1.1 400"));
    let live = line_with(&run, "no absolute URL", Duration::from_secs(30));
    assert!(
        live.ends_with("the client called this forward proxy as if it were the agent; hint: give the client the agent's URL and this proxy as its HTTP_PROXY, or run a reverse proxy with --upstream / --route"),
        "{live}"
    );
    let stderr = run.terminate();
    assert!(
        stderr.contains("none of the 2 exchanges reached the agent (the proxy answered each with its own 403 or 400)"),
        "{stderr}"
    );
    let o = proxy_process::run_in(dir.path(), &["verify", "fwd.jsonl"]);
    assert!(
        text(&o.stderr).contains("(the proxy answered each with its own 403 or 400: the first: "),
        "{}",
        text(&o.stderr)
    );
}

/// Item 3: `--upstream URL/rest`, an interface URL given as the base. The card was asked
/// for at `/rest/.well-known/agent-card.json`; the warning named `/.well-known/...` and a
/// `curl` of the root card, which the agent serves (200). Now it names the path sent, the
/// `curl` of it, and the `--upstream` without the path to try.
#[test]
fn a_card_404_under_an_upstream_path_names_the_path_sent_and_the_base_to_try() {
    let (_agent, url) = proxy_process::reference_agent();
    let url = url.trim_end_matches('/').to_string();
    let (run, addr) = proxy_loud(&["--upstream", &format!("{url}/rest"), "--no-record"]);
    assert!(get(addr, "/.well-known/agent-card.json").starts_with("HTTP/1.1 404"));
    let line = line_with(&run, "has no Agent Card", Duration::from_secs(30));
    assert!(
        line.starts_with(&format!(
            "a2a-interop proxy: warning: upstream {url} has no Agent Card at /rest/.well-known/agent-card.json: it answered the card fetch e1 with HTTP 404"
        )),
        "{line}"
    );
    assert!(
        line.contains(&format!(
            "(`curl -i {url}/rest/.well-known/agent-card.json`)"
        )),
        "{line}"
    );
    assert!(
        line.contains(&format!(
            "; the card path went under the upstream URL's path /rest: if that is an interface URL of the agent and its card is at {url}/.well-known/agent-card.json (`curl -i {url}/.well-known/agent-card.json`), give the base URL instead: --upstream {url}"
        )),
        "{line}"
    );
    // the card the line points at is there
    let base: SocketAddr = url.trim_start_matches("http://").parse().unwrap();
    assert!(get(base, "/.well-known/agent-card.json").starts_with("HTTP/1.1 200"));
    run.terminate();
}

/// `demo` in `dir` with stdout piped: the process, and its stdout lines as they come, each
/// with the instant it was read.
fn demo_lines(
    dir: &std::path::Path,
    record: &str,
) -> (
    ChildGuard,
    std::sync::mpsc::Receiver<(std::time::Instant, String)>,
) {
    let mut child = ChildGuard::spawn(
        Command::new(env!("CARGO_BIN_EXE_a2a-interop"))
            .current_dir(dir)
            .args(["demo", "--record", record])
            .env("NO_COLOR", "1")
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped()),
    );
    let stdout = child.stdout.take().unwrap();
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines().map_while(Result::ok) {
            let _ = tx.send((std::time::Instant::now(), line));
        }
    });
    (child, rx)
}

/// Item 4: `demo` stopped by Ctrl-C mid-block. Before: the block's steps were printed
/// when the whole block ended, so a stop during the 1.0 `stream` step printed none of the
/// three steps done, and the last line said "0 client steps done". Now each step is
/// printed as it completes (shown by time: the `stream` step spreads its chunks over about
/// 600 ms, so its line comes that long after `send-task`'s; printed with its block, the two
/// came together), and the count is the number of steps printed.
#[test]
fn a_demo_stopped_midway_printed_and_counts_the_steps_it_did() {
    let dir = tempfile::tempdir().unwrap();
    // a whole run: the lines come as the steps end
    let (mut child, rx) = demo_lines(dir.path(), "whole.jsonl");
    let st = child.wait_for(Duration::from_secs(120), "demo");
    assert_eq!(st.code(), Some(0));
    let lines: Vec<(std::time::Instant, String)> = rx.iter().collect();
    let at = |step: &str| {
        lines
            .iter()
            .find(|(_, l)| l.starts_with(&format!("  STEP {step} ")))
            .unwrap_or_else(|| panic!("no {step} step: {lines:#?}"))
            .0
    };
    let gap = at("stream").duration_since(at("send-task"));
    assert!(
        gap >= Duration::from_millis(300),
        "the stream step's line came {gap:?} after send-task's: printed with its block, not as it ended"
    );

    // stopped while the 1.0 stream step runs
    let (mut child, rx) = demo_lines(dir.path(), "stopped.jsonl");
    let mut seen = Vec::new();
    loop {
        let (_, l) = rx
            .recv_timeout(Duration::from_secs(60))
            .unwrap_or_else(|_| panic!("no send-task step: {seen:#?}"));
        let done = l.starts_with("  STEP send-task ");
        seen.push(l);
        if done {
            break;
        }
    }
    child.signal("INT");
    let st = child.wait_for(Duration::from_secs(60), "demo after Ctrl-C");
    assert_eq!(st.code(), Some(130));
    seen.extend(rx.iter().map(|(_, l)| l));
    let mut err = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut err)
        .unwrap();
    let steps = seen.iter().filter(|l| l.starts_with("  STEP ")).count();
    assert!(steps >= 3, "{seen:#?}");
    assert!(
        err.contains(&format!(
            "a2a-interop: demo: interrupted: the report covers the {steps} client steps done before the stop; recording stopped.jsonl is complete up to there"
        )),
        "{steps} steps printed: {seen:#?}\n{err}"
    );
    assert!(
        seen.iter()
            .any(|l| l.starts_with("  interrupted (Ctrl-C): stopping")),
        "{seen:#?}"
    );
}

/// Item 5: the command-line mistakes of a tired user get the fix, not the usage line.
#[test]
fn stray_words_and_a_port_alone_get_the_command_to_type() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    std::fs::create_dir(d.join("runs")).unwrap();
    let cases: &[(&[&str], &str)] = &[
        (
            &["proxy", "http://127.0.0.1:9999"],
            "a2a-interop: unexpected argument 'http://127.0.0.1:9999' found; hint: the proxy takes its agent's URL as a flag: a2a-interop proxy --upstream http://127.0.0.1:9999 (--route /PREFIX=URL for several agents; --forward for a forward proxy)",
        ),
        (
            &["proxy", "127.0.0.1:9999"],
            "hint: the proxy takes its agent's URL as a flag: a2a-interop proxy --upstream http://127.0.0.1:9999 (",
        ),
        // `verify` takes several files since left40 (tests/cli_batch40.rs); a missing
        // second word with a report's extension still gets the -o it was meant for
        (
            &["verify", "rec.jsonl", "report.md"],
            "a2a-interop: report.md does not exist, and its extension names a report, not traffic; hint: to write the report to report.md, give it after -o: -o report.md",
        ),
        (
            &["report", "a.jsonl", "b.jsonl"],
            "hint: report reads one file per run: run a2a-interop report b.jsonl for the next one",
        ),
        (
            &["export", "rec.jsonl", "out.har"],
            "hint: export reads one traffic file; to write to out.har, give it after -o: -o out.har",
        ),
        (
            &["probe", "http://127.0.0.1:1", "http://127.0.0.1:2"],
            "hint: probe takes one agent; to run two agents against each other: a2a-interop interop URL_A http://127.0.0.1:2",
        ),
        (
            &["proxy", "--upstream", "9999"],
            "hint: a port alone is no URL; on this machine: http://127.0.0.1:9999",
        ),
        (
            &["probe", "9900"],
            "hint: a port alone is no URL; on this machine: http://127.0.0.1:9900",
        ),
        (
            &["proxy", "--upstream", "http://127.0.0.1:9", "--record", "runs"],
            "a2a-interop: cannot record to runs: it is a directory; hint: give a file path in it, e.g. --record runs/session.jsonl",
        ),
        (
            &["proxy", "--upstream", "http://127.0.0.1:9", "--no-record", "--report", "runs/"],
            "a2a-interop: cannot write report runs/: it is a directory; hint: give a file path in it, e.g. --report runs/report.md",
        ),
    ];
    for (args, want) in cases {
        let o = proxy_process::run_in(d, args);
        let err = text(&o.stderr);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {err}");
        assert!(err.contains(want), "{args:?}:\n{err}\nwanted: {want}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
    }
    // a pasted URL with a blank after it: the banner and the recording header name the URL
    // without it (the URL parser drops it; the route kept it, `route / -> http://h:p `)
    let (_agent, url) = proxy_process::reference_agent();
    let rec = d.join("pasted.jsonl");
    let (run, addr) = proxy_loud(&[
        "--upstream",
        &format!("{url} "),
        "--record",
        rec.to_str().unwrap(),
    ]);
    assert_eq!(
        line_with(&run, "  route / ->", Duration::from_secs(30)),
        format!("  route / -> {url}")
    );
    assert!(get(addr, "/.well-known/agent-card.json").starts_with("HTTP/1.1 200"));
    run.terminate();
    let header = std::fs::read_to_string(&rec).unwrap();
    let header = header.lines().next().unwrap();
    assert!(
        header.contains(&format!("\"upstream\":\"{url}\"")),
        "{header}"
    );
    assert!(!header.contains(&format!("{url} ")), "{header}");
    // control: a host without a scheme keeps its fix
    let o = proxy_process::run_in(d, &["probe", "agent.example:9900"]);
    assert!(
        text(&o.stderr).contains("hint: add the scheme: http://agent.example:9900"),
        "{}",
        text(&o.stderr)
    );
}

/// Item 6: `verify -` (or `report -`, `export -`, `repro -`) with a terminal on stdin waited
/// for typed input in silence, a run that looked hung. It now says nothing was piped in
/// and exits 2 at once. The terminal is a real pseudo-terminal (util-linux `script`).
/// Control: the same file piped in is read.
#[test]
fn dash_with_a_terminal_on_stdin_says_nothing_was_piped_in() {
    let script = Command::new("script").arg("--version").output();
    assert!(
        script.is_ok_and(|o| o.status.success()),
        "util-linux `script` (a pseudo-terminal for this test) is not installed"
    );
    let bin = env!("CARGO_BIN_EXE_a2a-interop");
    for (cmd, rest) in [("verify", ""), ("export", " -o x.har")] {
        let t0 = std::time::Instant::now();
        let o = ChildGuard::spawn(
            Command::new("script")
                .args(["-qec", &format!("{bin} {cmd} -{rest}"), "/dev/null"])
                .env("NO_COLOR", "1")
                .stdin(Stdio::null())
                .stdout(Stdio::piped())
                .stderr(Stdio::piped()),
        )
        .output_within(
            Duration::from_secs(30),
            "a2a-interop with a terminal on stdin",
        );
        assert!(t0.elapsed() < Duration::from_secs(20), "{cmd} - waited");
        let out = text(&o.stdout);
        assert_eq!(o.status.code(), Some(2), "{cmd}: {out}");
        assert!(
            out.contains(&format!("a2a-interop: the file - is standard input, and standard input is this terminal: nothing was piped in, so there is nothing to read (pipe the file in, `cat session.jsonl | a2a-interop {cmd} - ...`, or give its path instead of -); hint: ")),
            "{cmd}: {out}"
        );
    }
    // control: a file piped in is read as before
    let dir = tempfile::tempdir().unwrap();
    let t = dir.path().join("t.jsonl");
    std::fs::write(
        &t,
        concat!(
            r#"{"t":0,"dir":"req","id":"e1","method":"GET","url":"http://a/.well-known/agent-card.json","headers":{}}"#,
            "\n",
            r#"{"t":0.1,"dir":"resp","id":"e1","status":404,"headers":{"content-type":"text/plain"},"body":"no"}"#,
            "\n"
        ),
    )
    .unwrap();
    let o = Command::new(bin)
        .args(["verify", "-"])
        .stdin(std::fs::File::open(&t).unwrap())
        .output()
        .unwrap();
    assert!(
        !text(&o.stderr).contains("nothing was piped in"),
        "{}",
        text(&o.stderr)
    );
    assert!(
        text(&o.stdout).contains("in 1 exchange"),
        "{}{}",
        text(&o.stdout),
        text(&o.stderr)
    );
}

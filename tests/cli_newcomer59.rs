//! newcomer59: a newcomer from README alone, and the stderr rows still longer than an
//! 80-column terminal after newcomer58.
//! - W2: on a terminal, every stderr row fits its width: the proxy's stop lines (`writing the
//!   report of N events to R...` 182 characters, `report written to R ...` 154), the
//!   `wrote PATH (fmt report): ...` line (~140), its start-up warnings (an upstream that
//!   accepts no connection, ~250), the live finding lines and the card-bypass `hint:`
//!   (300+), the error that ends a command. Broken at spaces, the rest two spaces under the
//!   row's indent; a path, URL or backticked command whole. On a pipe each stays one row.
//! - H1: `--record session.har` (proxy, demo, probe, interop) wrote a JSON Lines recording
//!   under the HAR name in silence, and so did `repro -o min.har` with its cut: refused now,
//!   exit 2, the `.jsonl` name and the `export` command that writes the HAR given; `report
//!   -o x.har` / `--report x.har` name `export` beside the report formats.
//! - Q1: `probe -q` (and `--verbose`) on an 80-column terminal printed its failed tests as
//!   rows of 300 to 600 characters, wrapped mid-word: broken at words now, whole on a pipe.
//! - S1: `sh min.sh` (the curl script of `repro`, a bash script) stopped at its 12th line,
//!   `Syntax error: "(" unexpected`: run by another shell it runs itself with bash.

#[path = "common/proxy_process.rs"]
mod proxy_process;

#[path = "common/misbehaving_peer.rs"]
mod misbehaving_peer;

use std::io::Read as _;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::mpsc::Receiver;
use std::time::{Duration, Instant};

use proxy_process::ChildGuard;

fn case(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/cases")
        .join(name)
}

/// A long directory under `dir` (made): the paths a night's runs write to.
fn long_dir(dir: &Path) -> String {
    let long = "runs/of/the/night/shift/in/a/rather/long/directory/tree";
    std::fs::create_dir_all(dir.join(long)).unwrap();
    long.to_string()
}

/// Every row of `out` fits `cols` characters, or holds one unit alone after its indent: a
/// path, a URL or a backticked command, which the tool keeps whole.
fn assert_rows_fit(out: &str, cols: usize) {
    for l in out.lines() {
        let n = l.chars().count();
        if n <= cols {
            continue;
        }
        let body = l.trim_start();
        let one = !body.contains(' ')
            || (body.starts_with('`') && body.matches('`').count() == 2 && {
                let end = body.rfind('`').unwrap();
                !body[end..].contains(' ')
            });
        assert!(one, "{n} > {cols}: {l:?}\n{out}");
    }
}

/// The words of `text` (split at blanks) with a run's own values masked: task and
/// context ids (`<id>`) and timings (`(N ms)`), for two runs of one probe.
fn stable_words(text: &str) -> Vec<String> {
    text.split_whitespace()
        .map(|w| {
            let id = w
                .chars()
                .filter(|c| c.is_ascii_hexdigit() || *c == '-')
                .count()
                >= 36;
            let ms = w
                .strip_prefix('(')
                .is_some_and(|n| n.parse::<u64>().is_ok());
            match (id, ms) {
                (true, _) => "<id>".to_string(),
                (_, true) => "(N".to_string(),
                _ => w.to_string(),
            }
        })
        .collect()
}

/// The words of `text` (split at blanks).
fn words(text: &str) -> Vec<&str> {
    text.split_whitespace().collect()
}

/// Whether the words of `line` come, in order and one after the other, in `out`.
fn holds_words(out: &str, line: &str) -> bool {
    let (o, l) = (words(out), words(line));
    !l.is_empty() && o.windows(l.len()).any(|w| w == l.as_slice())
}

/// A process whose stdout and stderr are one pseudo-terminal of `cols` columns (`COLUMNS`
/// unset, `NO_COLOR=1`), in `dir`, and everything it writes there, as it comes.
struct OnTerminal {
    child: ChildGuard,
    got: Receiver<Vec<u8>>,
    seen: String,
}

impl OnTerminal {
    fn spawn(dir: &Path, args: &[&str], cols: u16) -> OnTerminal {
        use std::os::fd::FromRawFd as _;
        let (mut master, mut slave) = (0, 0);
        let ws = libc::winsize {
            ws_row: 24,
            ws_col: cols,
            ws_xpixel: 0,
            ws_ypixel: 0,
        };
        // SAFETY: openpty writes the two descriptors it opens and reads the window size it
        // is given; the name and termios arguments may be null.
        let rc = unsafe {
            libc::openpty(
                &mut master,
                &mut slave,
                std::ptr::null_mut(),
                std::ptr::null(),
                &ws,
            )
        };
        assert_eq!(rc, 0, "openpty");
        // SAFETY: both descriptors were just opened by openpty and are owned here alone.
        let (master, slave) = unsafe {
            (
                std::fs::File::from_raw_fd(master),
                std::fs::File::from_raw_fd(slave),
            )
        };
        let slave2 = slave.try_clone().unwrap();
        let child = ChildGuard::spawn(
            Command::new(env!("CARGO_BIN_EXE_a2a-interop"))
                .args(args)
                .current_dir(dir)
                .env("NO_COLOR", "1")
                .env_remove("COLUMNS")
                .env_remove("A2A_INTEROP_LOG")
                .stdin(Stdio::null())
                .stdout(Stdio::from(slave))
                .stderr(Stdio::from(slave2)),
        );
        let (tx, got) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            let mut master = master;
            let mut buf = [0u8; 4096];
            // EIO once the last slave descriptor (the child's) is closed
            while let Ok(n) = master.read(&mut buf) {
                if n == 0 || tx.send(buf[..n].to_vec()).is_err() {
                    break;
                }
            }
        });
        OnTerminal {
            child,
            got,
            seen: String::new(),
        }
    }

    /// Reads until what was written holds `needle` (at most `wait`); panics naming what
    /// came otherwise.
    fn until(&mut self, needle: &str, wait: Duration) {
        let end = Instant::now() + wait;
        while !self.seen.contains(needle) {
            let left = end
                .checked_duration_since(Instant::now())
                .unwrap_or_else(|| panic!("no {needle:?} within {wait:?}:\n{}", self.seen));
            match self.got.recv_timeout(left) {
                Ok(b) => self
                    .seen
                    .push_str(&String::from_utf8_lossy(&b).replace('\r', "")),
                Err(_) => panic!("no {needle:?} within {wait:?}:\n{}", self.seen),
            }
        }
    }

    /// Waits (at most 60 s) for the process to end: its exit code and all it wrote.
    fn finish(mut self) -> (Option<i32>, String) {
        let st = self
            .child
            .wait_for(Duration::from_secs(60), "run on a terminal");
        while let Ok(b) = self.got.recv_timeout(Duration::from_secs(10)) {
            self.seen
                .push_str(&String::from_utf8_lossy(&b).replace('\r', ""));
        }
        (st.code(), self.seen)
    }
}

/// The same proxy run on a pipe: its stderr lines once stopped by SIGINT after `needle`.
fn piped_proxy_lines(dir: &Path, args: &[&str], needle: &str) -> Vec<String> {
    let (mut child, rx) = proxy_process::spawn_with_stderr_lines(
        Command::new(env!("CARGO_BIN_EXE_a2a-interop"))
            .args(args)
            .current_dir(dir)
            .env("NO_COLOR", "1")
            .env_remove("A2A_INTEROP_LOG"),
    );
    let mut lines = Vec::new();
    let end = Instant::now() + Duration::from_secs(30);
    while !lines.iter().any(|l: &String| l.contains(needle)) {
        let left = end
            .checked_duration_since(Instant::now())
            .unwrap_or_default();
        match rx.recv_timeout(left) {
            Ok(l) => lines.push(l),
            Err(_) => panic!("no {needle:?}: {lines:#?}"),
        }
    }
    child.signal("INT");
    child.wait_for(Duration::from_secs(60), "piped proxy");
    lines.extend(proxy_process::rest_of(&rx));
    lines
}

/// W2: a proxy in front of an agent that is not up, recording and reporting into a long
/// directory, on an 80-column terminal, stopped by Ctrl-C: its start-up warning (~250
/// characters), the `writing the report ...` line (~240, its command to write the report
/// later in backticks) and the `report written to ...` line (~150) each break at words,
/// every row within 80 columns or one path alone; the words of each are those the same run
/// prints on a pipe, where each is one row.
#[test]
fn proxy_warning_and_stop_lines_fit_80_columns() {
    let dir = tempfile::tempdir().unwrap();
    let long = long_dir(dir.path());
    let rec = format!("{long}/proxy-in-front-of-an-agent-not-up-yet.jsonl");
    let rep = format!("{long}/report-of-the-proxy-in-front-of-it.md");
    let args = [
        "proxy",
        "--listen",
        "127.0.0.1:0",
        "--upstream",
        "http://127.0.0.1:9",
        "--record",
        &rec,
        "--report",
        &rep,
    ];
    let mut run = OnTerminal::spawn(dir.path(), &args, 80);
    run.until("ready: listen=", Duration::from_secs(30));
    run.until("does not accept connections", Duration::from_secs(30));
    run.child.signal("INT");
    let (code, out) = run.finish();
    assert_eq!(code, Some(0), "{out}");
    assert_rows_fit(&out, 80);
    assert!(out.lines().any(|l| l.trim() == rec), "{out}");

    std::fs::remove_file(dir.path().join(&rec)).unwrap();
    std::fs::remove_file(dir.path().join(&rep)).unwrap();
    let piped = piped_proxy_lines(dir.path(), &args, "does not accept connections");
    for start in [
        "  warning: upstream http://127.0.0.1:9 does not accept connections now",
        "a2a-interop proxy: writing the report of ",
        "a2a-interop proxy: report written to ",
    ] {
        let line = piped
            .iter()
            .find(|l| l.starts_with(start))
            .unwrap_or_else(|| panic!("{start:?}: {piped:#?}"));
        assert!(line.chars().count() > 120, "{line}");
        assert!(holds_words(&out, line), "{line}\n{out}");
    }
    // the command to write the report later: whole on one row of the terminal
    let later = format!("`a2a-interop report {rec} -o {rep}`");
    assert!(out.lines().any(|l| l.trim() == later), "{later}\n{out}");
}

/// W2: a proxy without --rewrite-card in front of the reference agent, on an 80-column
/// terminal: the client's card fetch prints the live CARD-URL-005 line and the card-bypass
/// hint (300 characters), each broken at words within 80 columns, the hint's words whole
/// and in order.
#[test]
fn live_finding_and_card_bypass_hint_fit_80_columns() {
    let (_agent, url) = proxy_process::reference_agent();
    let dir = tempfile::tempdir().unwrap();
    let mut run = OnTerminal::spawn(
        dir.path(),
        &[
            "proxy",
            "--listen",
            "127.0.0.1:0",
            "--upstream",
            &url,
            "--no-record",
        ],
        80,
    );
    run.until("ready: listen=", Duration::from_secs(30));
    let addr = run
        .seen
        .split("ready: listen=")
        .nth(1)
        .and_then(|r| r.split_whitespace().next())
        .unwrap()
        .parse()
        .unwrap();
    let card = proxy_process::get(addr, "/.well-known/agent-card.json");
    assert!(card.starts_with("HTTP/1.1 200"), "{card}");
    run.until("or make the agent", Duration::from_secs(30));
    run.until("advertise the proxy's URL", Duration::from_secs(10));
    run.child.signal("INT");
    let (code, out) = run.finish();
    assert_eq!(code, Some(0), "{out}");
    assert_rows_fit(&out, 80);
    let finding = out
        .lines()
        .find(|l| l.starts_with("note[CARD-URL-005] e1 #"))
        .unwrap_or_else(|| panic!("{out}"));
    assert!(finding.chars().count() <= 80, "{finding}");
    assert!(
        holds_words(
            &out,
            &format!(
                "a2a-interop proxy: {}",
                a2a_interop::app::pipeline::CARD_BYPASS_HINT
            )
        ),
        "{out}"
    );
}

/// W2: `report -o` into a long directory and `verify` of a file that is not there, on an
/// 80-column terminal: the `wrote` line and the error line (exit 2) fit, broken at words;
/// on a pipe each is one row of the same words.
#[test]
fn wrote_line_and_error_line_fit_80_columns() {
    let dir = tempfile::tempdir().unwrap();
    let long = long_dir(dir.path());
    std::fs::copy(case("CASE-01.jsonl"), dir.path().join("c.jsonl")).unwrap();
    let out_file = format!("{long}/the-report-of-the-night.html");
    let args = ["report", "c.jsonl", "-f", "html", "-o", &out_file];
    let (code, out) = OnTerminal::spawn(dir.path(), &args, 80).finish();
    assert_eq!(code, Some(0), "{out}");
    assert_rows_fit(&out, 80);
    let piped = proxy_process::run_in(dir.path(), &args);
    let err = String::from_utf8_lossy(&piped.stderr);
    let wrote = err
        .lines()
        .find(|l| l.starts_with("a2a-interop: wrote "))
        .unwrap_or_else(|| panic!("{err}"));
    assert!(wrote.chars().count() > 100, "{wrote}");
    assert_eq!(words(&out), words(&err));

    let missing = format!("{long}/no-such-recording-of-the-night.jsonl");
    let (code, out) = OnTerminal::spawn(dir.path(), &["verify", &missing], 80).finish();
    assert_eq!(code, Some(2), "{out}");
    assert_rows_fit(&out, 80);
    assert!(out.lines().count() > 1, "{out}");
    let piped = proxy_process::run_in(dir.path(), &["verify", &missing]);
    let err = String::from_utf8_lossy(&piped.stderr);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.chars().count() > 80, "{err}");
    assert_eq!(words(&out), words(&err));
}

/// H1: a `.har` name where the tool writes JSON Lines is refused before anything runs (exit
/// 2, no file made), naming the `.jsonl` to give and the `export` that writes the HAR;
/// `report -o x.har` and `proxy --report x.har` name `export` too. The `.jsonl` the hint
/// gives is taken, and `export` of it writes a HAR.
#[test]
fn a_har_name_for_a_recording_is_refused_with_the_export_to_run() {
    let dir = tempfile::tempdir().unwrap();
    for args in [
        &[
            "proxy",
            "--upstream",
            "http://127.0.0.1:9",
            "--record",
            "night.har",
        ][..],
        &["demo", "--record", "night.HAR"][..],
        &["probe", "http://127.0.0.1:9", "--record", "night.har"][..],
        &[
            "interop",
            "http://127.0.0.1:9",
            "http://127.0.0.1:9",
            "--record",
            "night.har",
        ][..],
    ] {
        let o = proxy_process::run_in(dir.path(), args);
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {err}");
        assert!(
            err.contains("a2a-interop: --record night.")
                && err.contains(" names a HAR file, but the recording is written as JSON Lines, the a2a-interop recording format")
                && err.contains("; hint: give --record night.jsonl, then `a2a-interop export night.jsonl -o night."),
            "{args:?}: {err}"
        );
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(!dir.path().join("night.har").exists() && !dir.path().join("night.HAR").exists());
    }

    std::fs::copy(case("CASE-01.jsonl"), dir.path().join("c.jsonl")).unwrap();
    let v = proxy_process::run_in(dir.path(), &["verify", "c.jsonl", "-f", "json", "-o", "-"]);
    let report: serde_json::Value = serde_json::from_slice(&v.stdout).unwrap();
    let rule = report["findings"][0]["rule"].as_str().unwrap().to_string();
    let o = proxy_process::run_in(
        dir.path(),
        &["repro", "c.jsonl", "--finding", &rule, "-o", "min.har"],
    );
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(
        err.contains("a2a-interop: -o min.har names a HAR file, but the cut is written as JSON Lines")
            && err.contains("hint: give -o min.jsonl, then `a2a-interop export min.jsonl -o min.har` writes the HAR of it"),
        "{err}"
    );
    assert!(!dir.path().join("min.har").exists() && !dir.path().join("min.sh").exists());
    // what the hint says to do works
    let o = proxy_process::run_in(
        dir.path(),
        &["repro", "c.jsonl", "--finding", &rule, "-o", "min.jsonl"],
    );
    assert_eq!(
        o.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    let o = proxy_process::run_in(dir.path(), &["export", "min.jsonl", "-o", "min.har"]);
    assert_eq!(
        o.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    let har: serde_json::Value =
        serde_json::from_slice(&std::fs::read(dir.path().join("min.har")).unwrap()).unwrap();
    assert_eq!(har["log"]["version"], "1.2");

    let o = proxy_process::run_in(dir.path(), &["report", "c.jsonl", "-o", "x.har"]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(
        err.contains("names no report format")
            && err.contains("; a HAR of the traffic is export's: a2a-interop export FILE -o x.har"),
        "{err}"
    );
    let o = proxy_process::run_in(
        dir.path(),
        &[
            "proxy",
            "--upstream",
            "http://127.0.0.1:9",
            "--no-record",
            "--report",
            "x.har",
        ],
    );
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(err.contains("a2a-interop export FILE -o x.har"), "{err}");
    // a report under another unknown extension: no word of HAR
    let o = proxy_process::run_in(dir.path(), &["report", "c.jsonl", "-o", "x.pdf"]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(!err.contains("HAR"), "{err}");
}

/// Q1: `probe -q` of an agent whose streams go on after the terminal event (two failed
/// tests of several hundred characters each) on an 80-column terminal: every row fits,
/// broken at words; on a pipe each failed test is one row, the same words.
#[test]
fn probe_quiet_on_80_columns_breaks_rows_at_words() {
    let (_agent, url) = misbehaving_peer::agent("misbehave.py", "sse-after-final");
    let dir = tempfile::tempdir().unwrap();
    let args = ["probe", &url, "--timeout", "8s", "-q"];
    let (code, out) = OnTerminal::spawn(dir.path(), &args, 80).finish();
    assert_eq!(code, Some(1), "{out}");
    assert_rows_fit(&out, 80);
    let o = proxy_process::run_in(dir.path(), &args);
    assert_eq!(o.status.code(), Some(1));
    let piped = String::from_utf8_lossy(&o.stdout);
    let fails: Vec<&str> = piped.lines().filter(|l| l.starts_with("fail ")).collect();
    assert!(fails.len() >= 2, "{piped}");
    assert!(fails.iter().all(|l| l.chars().count() > 80), "{piped}");
    assert_eq!(stable_words(&out), stable_words(&piped));
}

/// S1: the curl script of `repro` run with `sh` (dash on Debian) runs with bash: it goes
/// past its arrays and sends its requests (to a port where nothing listens here: curl's
/// own failure, not the shell's syntax error).
#[test]
fn the_repro_script_run_by_sh_runs_with_bash() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::copy(case("CASE-01.jsonl"), dir.path().join("c.jsonl")).unwrap();
    let v = proxy_process::run_in(dir.path(), &["verify", "c.jsonl", "-f", "json", "-o", "-"]);
    let report: serde_json::Value = serde_json::from_slice(&v.stdout).unwrap();
    let rule = report["findings"][0]["rule"].as_str().unwrap().to_string();
    let o = proxy_process::run_in(
        dir.path(),
        &["repro", "c.jsonl", "--finding", &rule, "-o", "min.jsonl"],
    );
    assert_eq!(
        o.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    let script = std::fs::read_to_string(dir.path().join("min.sh")).unwrap();
    assert!(
        script.starts_with("#!/usr/bin/env bash\n# reproduces "),
        "{script}"
    );
    // pointed at a port where nothing listens, as the script's own comment says to do
    let origin = script
        .lines()
        .find_map(|l| l.strip_prefix("# Sent to "))
        .and_then(|r| r.split(' ').next())
        .unwrap_or_else(|| panic!("{script}"))
        .trim_end_matches(',')
        .to_string();
    let dead = proxy_process::ReservedPort::bind();
    std::fs::write(
        dir.path().join("min.sh"),
        script.replace(&origin, &format!("http://{}", dead.addr())),
    )
    .unwrap();
    let o = Command::new("sh")
        .arg("min.sh")
        .current_dir(dir.path())
        .stdin(Stdio::null())
        .output()
        .unwrap();
    let (out, err) = (
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr),
    );
    assert!(
        !err.contains("Syntax error") && !err.contains("syntax error"),
        "{err}"
    );
    // curl's own "Failed to connect", its exit status the script's
    assert_eq!(o.status.code(), Some(7), "out: {out}\nerr: {err}");
    assert!(err.contains("curl: (7)"), "out: {out}\nerr: {err}");
}

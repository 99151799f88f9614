//! Output files, signals and start-up checks of the commands, through the real binary
//! (breaker9a B1, B3-B7, B10-B12, B17, B18, B21, B22): a failed write never removes a
//! device, FIFO or symlink and leaves an old regular file as it was; an output path equal
//! to the input or recording is refused; Ctrl-C during `probe`/`interop` still reports;
//! standard input is spooled privately; default recording names never collide.

use crate::child_guard;
use crate::common;

use std::io::{BufRead, BufReader, Read, Write};
use std::os::unix::fs::{FileTypeExt, MetadataExt, PermissionsExt};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::mpsc::Receiver;
use std::time::{Duration, Instant};

use child_guard::ChildGuard;
use common::{assert_exit, bin};
use serde_json::Value;

/// A real recording (JS SDK client and agent, HTTP+JSON, A2A 1.0) copied into `dir`.
fn recording(dir: &Path) -> PathBuf {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/captures/js-to-js-rest-v1.0.jsonl");
    let p = dir.join("rec.jsonl");
    std::fs::copy(src, &p).unwrap();
    p
}

/// `export REC --har HAR`, run to its end.
fn export_har(rec: &Path, har: &Path) -> std::process::Output {
    bin()
        .args([
            "export",
            rec.to_str().unwrap(),
            "--har",
            har.to_str().unwrap(),
        ])
        .output()
        .unwrap()
}

fn stderr(o: &std::process::Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// Names in `dir`, sorted.
fn names(dir: &Path) -> Vec<String> {
    let mut v: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    v.sort();
    v
}

/// `bin args` run by `sh` with SIGXFSZ ignored and a 1 KiB file size limit: every write
/// past 1 KiB fails with EFBIG (a full disk, for a test).
fn with_tiny_fsize(args: &[&str], cwd: &Path) -> std::process::Output {
    Command::new("sh")
        .arg("-c")
        .arg("trap '' XFSZ; ulimit -f 1; exec \"$0\" \"$@\"")
        .arg(env!("CARGO_BIN_EXE_a2a-interop"))
        .args(args)
        .current_dir(cwd)
        .output()
        .unwrap()
}

#[test]
fn b1_a_failed_write_never_removes_a_symlink_or_device_and_keeps_an_old_file() {
    let dir = tempfile::tempdir().unwrap();
    let rec = recording(dir.path());
    // a symlink to /dev/full: the write fails (ENOSPC); link and device both stay
    let link = dir.path().join("full.har");
    std::os::unix::fs::symlink("/dev/full", &link).unwrap();
    let o = export_har(&rec, &link);
    assert_exit(&o, 2);
    assert!(
        stderr(&o).contains("No space left on device"),
        "{}",
        stderr(&o)
    );
    let m = std::fs::symlink_metadata(&link).unwrap();
    assert!(m.file_type().is_symlink(), "the symlink was removed");
    assert_eq!(std::fs::read_link(&link).unwrap(), Path::new("/dev/full"));
    assert!(std::fs::metadata("/dev/full")
        .unwrap()
        .file_type()
        .is_char_device());
    // the same through `report -o`
    let o = bin()
        .args([
            "report",
            rec.to_str().unwrap(),
            "-f",
            "json",
            "-o",
            link.to_str().unwrap(),
        ])
        .output()
        .unwrap();
    assert_exit(&o, 2);
    assert!(std::fs::symlink_metadata(&link)
        .unwrap()
        .file_type()
        .is_symlink());

    // an old regular file, and a write that fails past 1 KiB: the old bytes stay, and no
    // temporary file is left beside it
    let old = dir.path().join("out.har");
    std::fs::write(&old, b"old contents").unwrap();
    let o = with_tiny_fsize(&["export", "rec.jsonl", "--har", "out.har"], dir.path());
    assert_exit(&o, 2);
    assert!(
        stderr(&o).contains("cannot write HAR to out.har: File too large"),
        "{}",
        stderr(&o)
    );
    assert_eq!(std::fs::read(&old).unwrap(), b"old contents");
    let o = with_tiny_fsize(
        &["report", "rec.jsonl", "-f", "html", "-o", "out.har"],
        dir.path(),
    );
    assert_exit(&o, 2);
    assert_eq!(std::fs::read(&old).unwrap(), b"old contents");
    assert_eq!(names(dir.path()), ["full.har", "out.har", "rec.jsonl"]);

    // a symlink to a regular file: the link stays a link, its target gets the HAR
    let target = dir.path().join("real.har");
    std::fs::write(&target, b"x").unwrap();
    let to_real = dir.path().join("to-real.har");
    std::os::unix::fs::symlink(&target, &to_real).unwrap();
    let o = export_har(&rec, &to_real);
    assert_exit(&o, 0);
    assert!(std::fs::symlink_metadata(&to_real)
        .unwrap()
        .file_type()
        .is_symlink());
    let har: Value = serde_json::from_slice(&std::fs::read(&target).unwrap()).unwrap();
    assert_eq!(har["log"]["version"], "1.2");
}

#[test]
fn b1_a_fifo_output_is_written_in_place_and_stays_a_fifo() {
    let dir = tempfile::tempdir().unwrap();
    let rec = recording(dir.path());
    let fifo = dir.path().join("pipe.har");
    let st = Command::new("mkfifo").arg(&fifo).status().unwrap();
    assert!(st.success());
    let reader = {
        let fifo = fifo.clone();
        std::thread::spawn(move || std::fs::read(fifo).unwrap())
    };
    let o = export_har(&rec, &fifo);
    assert_exit(&o, 0);
    let got = reader.join().unwrap();
    let har: Value = serde_json::from_slice(&got).unwrap();
    assert!(!har["log"]["entries"].as_array().unwrap().is_empty());
    assert!(std::fs::symlink_metadata(&fifo)
        .unwrap()
        .file_type()
        .is_fifo());
}

#[test]
fn b3_an_output_that_is_the_input_is_refused_and_the_input_kept() {
    let dir = tempfile::tempdir().unwrap();
    let rec = recording(dir.path());
    let before = std::fs::read(&rec).unwrap();
    // the same file under another name: through a symlink and through `./`
    let link = dir.path().join("link.jsonl");
    std::os::unix::fs::symlink(&rec, &link).unwrap();
    let same = format!("{}/./rec.jsonl", dir.path().display());
    let r = rec.to_str().unwrap();
    let cases: Vec<(Vec<&str>, &str)> = vec![
        (
            vec!["verify", r, "-f", "json", "-o", link.to_str().unwrap()],
            "is the input file itself",
        ),
        (
            vec!["report", link.to_str().unwrap(), "-f", "json", "-o", r],
            "is the input file itself",
        ),
        (
            vec!["export", r, "--har", &same],
            "is the input file itself",
        ),
        (
            vec!["repro", r, "--finding", "REST-ERROR-001", "-o", &same],
            "is the input file itself",
        ),
        (
            vec![
                "proxy",
                "--listen",
                "127.0.0.1:0",
                "--upstream",
                "http://127.0.0.1:9",
                "--record",
                r,
                "--report",
                &same,
            ],
            "is the recording file",
        ),
        (
            vec![
                "probe",
                "http://127.0.0.1:9",
                "--record",
                r,
                "-f",
                "json",
                "-o",
                &same,
            ],
            "is the --record file",
        ),
        (
            vec![
                "interop",
                "http://127.0.0.1:9",
                "http://127.0.0.1:8",
                "--record",
                r,
                "-f",
                "json",
                "-o",
                &same,
            ],
            "is the --record file",
        ),
        (
            vec!["demo", "--record", r, "-f", "json", "-o", &same],
            "is the --record file",
        ),
    ];
    for (args, want) in cases {
        let o = bin().args(&args).output().unwrap();
        let err = stderr(&o);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {err}");
        assert!(err.contains(want), "{args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(err.contains("hint: give"), "{args:?}: {err}");
        assert_eq!(
            std::fs::read(&rec).unwrap(),
            before,
            "{args:?} changed the input"
        );
    }
}

#[test]
fn b6_standard_input_is_spooled_0600_and_unlinked_at_once() {
    let dir = tempfile::tempdir().unwrap();
    let rec = std::fs::read(recording(dir.path())).unwrap();
    let mut child = ChildGuard::spawn(
        bin()
            .args(["verify", "-", "-f", "json"])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped()),
    );
    let mut stdin = child.stdin.take().unwrap();
    stdin.write_all(&rec[..rec.len() / 2]).unwrap();
    stdin.flush().unwrap();
    // while the command still reads its input: the spool file is open, already deleted,
    // and readable by its owner only
    let fds = PathBuf::from(format!("/proc/{}/fd", child.id()));
    let deadline = Instant::now() + Duration::from_secs(20);
    let spool = loop {
        let found = std::fs::read_dir(&fds).ok().and_then(|d| {
            d.filter_map(Result::ok).find_map(|e| {
                let t = std::fs::read_link(e.path()).ok()?;
                t.to_string_lossy()
                    .contains("a2a-interop-stdin-")
                    .then_some((e.path(), t))
            })
        });
        // created, then unlinked a moment later (before a byte of input is read): a look
        // between the two sees the name still there, so wait for the unlink, not the file
        match found {
            Some(f) if f.1.to_string_lossy().ends_with(" (deleted)") => break f,
            Some(f) => assert!(
                Instant::now() < deadline,
                "spool file never unlinked: {f:?}"
            ),
            None => assert!(Instant::now() < deadline, "no spool file opened"),
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    let mode = std::fs::metadata(&spool.0).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode, 0o600);
    stdin.write_all(&rec[rec.len() / 2..]).unwrap();
    drop(stdin);
    let o = child.output_within(Duration::from_secs(60), "verify -");
    assert!(o.status.code().is_some_and(|c| c <= 1), "{}", stderr(&o));
    let v: Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["source"]["path"], "-");
}

/// A running process with its stderr read line by line on a thread; killed and reaped
/// on every path out of the test ([`ChildGuard`]).
struct Proc {
    child: ChildGuard,
    rx: Receiver<String>,
    lines: Vec<String>,
}

impl Proc {
    fn spawn(cmd: &mut Command) -> Proc {
        let mut child = ChildGuard::spawn(cmd.stdout(Stdio::piped()).stderr(Stdio::piped()));
        let err = child.stderr.take().unwrap();
        let (tx, rx) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            for l in BufReader::new(err).lines().map_while(Result::ok) {
                let _ = tx.send(l);
            }
        });
        Proc {
            child,
            rx,
            lines: Vec::new(),
        }
    }

    /// The base URL (no trailing `/`) a `proxy` process says it listens on, once it does.
    fn proxy_url(&mut self) -> String {
        let line = self.wait_line("a2a-interop proxy listening on http://");
        line.rsplit(' ')
            .next()
            .unwrap()
            .trim_end_matches('/')
            .to_string()
    }

    /// Waits (up to 30 s) for a stderr line containing `what`; returns it.
    fn wait_line(&mut self, what: &str) -> String {
        let deadline = Instant::now() + Duration::from_secs(30);
        loop {
            if let Some(l) = self.lines.iter().find(|l| l.contains(what)) {
                return l.clone();
            }
            let left = deadline.saturating_duration_since(Instant::now());
            match self.rx.recv_timeout(left) {
                Ok(l) => self.lines.push(l),
                Err(_) => panic!("no line {what:?} in {:?}", self.lines),
            }
        }
    }

    /// Sends `sig` (`INT`, `TERM`), waits (at most 60 s: a process that does not end
    /// fails the test and is killed); exit code, stdout and every stderr line.
    fn stop(mut self, sig: &str) -> (Option<i32>, String, String) {
        self.child.signal(sig);
        let mut stdout = self.child.stdout.take().unwrap();
        let out = std::thread::spawn(move || {
            let mut out = String::new();
            let _ = stdout.read_to_string(&mut out);
            out
        });
        let code = self
            .child
            .wait_for(Duration::from_secs(60), &format!("process after SIG{sig}"))
            .code();
        self.lines.extend(self.rx.iter());
        (code, out.join().unwrap(), self.lines.join("\n"))
    }
}

/// The reference agent on its own (`demo --agent-only`, B22) on a free loopback port, and
/// its URL.
fn reference_agent() -> (Proc, String) {
    let mut p = Proc::spawn(bin().args(["demo", "--agent-only", "--listen", "127.0.0.1:0"]));
    let line = p.wait_line("a2a-interop reference agent on http://");
    let url = line
        .split_whitespace()
        .find(|w| w.starts_with("http://"))
        .unwrap()
        .to_string();
    (p, url)
}

/// `GET path` over HTTP/1.1 with `connection: close`: status code and body.
fn http_get(url: &str, path: &str) -> (u16, String) {
    let authority = url.trim_start_matches("http://").trim_end_matches('/');
    let mut s = std::net::TcpStream::connect(authority).unwrap();
    write!(
        s,
        "GET {path} HTTP/1.1\r\nhost: {authority}\r\nconnection: close\r\n\r\n"
    )
    .unwrap();
    let mut resp = String::new();
    s.read_to_string(&mut resp).unwrap();
    let status = resp[9..12].parse().unwrap();
    let body = resp
        .split_once("\r\n\r\n")
        .map(|(_, b)| b.to_string())
        .unwrap_or_default();
    (status, body)
}

#[test]
fn b22_the_reference_agent_runs_on_its_own_until_sigterm() {
    let (agent, url) = reference_agent();
    let (status, body) = http_get(&url, "/.well-known/agent-card.json");
    assert_eq!(status, 200, "{body}");
    assert!(body.contains("supportedInterfaces"), "{body}");
    let (code, _, err) = agent.stop("TERM");
    assert_eq!(code, Some(0), "{err}");
    assert!(
        err.contains("a2a-interop reference agent: stopped"),
        "{err}"
    );
}

/// A proxy process in `cwd` with `args` after `proxy --listen 127.0.0.1:0`, once listening.
fn proxy(cwd: &Path, args: &[&str]) -> (Proc, String) {
    let mut p = Proc::spawn(
        bin()
            .current_dir(cwd)
            .args(["proxy", "--listen", "127.0.0.1:0"])
            .args(args),
    );
    let url = p.proxy_url();
    (p, url)
}

#[test]
fn b5_b7_b11_default_recordings_never_collide_no_redact_is_0600_report_format_from_extension() {
    let dir = tempfile::tempdir().unwrap();
    let (agent, agent_url) = reference_agent();
    // two proxies started together, then one restarted at once: three recordings
    let (a, url_a) = proxy(dir.path(), &["--upstream", &agent_url]);
    let (b, _) = proxy(dir.path(), &["--upstream", &agent_url]);
    assert_eq!(http_get(&url_a, "/.well-known/agent-card.json").0, 200);
    for p in [a, b] {
        let (code, _, err) = p.stop("TERM");
        assert_eq!(code, Some(0), "{err}");
        assert!(!err.contains("overwriting"), "{err}");
    }
    let (c, _) = proxy(dir.path(), &["--upstream", &agent_url]);
    let (code, _, err) = c.stop("INT");
    assert_eq!(code, Some(0), "{err}");
    let recs = names(&dir.path().join("recordings"));
    assert_eq!(recs.len(), 3, "{recs:?}");
    assert!(
        recs.iter()
            .all(|n| n.starts_with("proxy-") && n.ends_with(".jsonl")),
        "{recs:?}"
    );
    // the one that saw traffic still holds it
    assert!(recs
        .iter()
        .any(|n| std::fs::metadata(dir.path().join("recordings").join(n))
            .unwrap()
            .len()
            > 1000));

    // --no-redact: 0600 and said on the banner; --report out/p.json is JSON without --format
    let (p, url) = proxy(
        dir.path(),
        &[
            "--upstream",
            &agent_url,
            "--no-redact",
            "--record",
            "nr.jsonl",
            "--report",
            "out/p.json",
        ],
    );
    assert_eq!(http_get(&url, "/.well-known/agent-card.json").0, 200);
    let (code, _, err) = p.stop("TERM");
    assert_eq!(code, Some(0), "{err}");
    assert!(
        err.contains("recording to nr.jsonl (NOT redacted: secrets kept; file mode 0600)"),
        "{err}"
    );
    // a relative recording path is also given in full (newcomer22 N7)
    let full = std::fs::canonicalize(dir.path()).unwrap().join("nr.jsonl");
    assert!(
        err.contains(&format!("; full path {}", full.display())),
        "{err}"
    );
    assert!(err.contains("report on exit: out/p.json (json)"), "{err}");
    let mode = std::fs::metadata(dir.path().join("nr.jsonl"))
        .unwrap()
        .mode()
        & 0o777;
    assert_eq!(mode, 0o600);
    let v: Value =
        serde_json::from_slice(&std::fs::read(dir.path().join("out/p.json")).unwrap()).unwrap();
    assert_eq!(v["source"]["kind"], "proxy");
    // an explicit --format wins over the extension
    let (p, _) = proxy(
        dir.path(),
        &[
            "--upstream",
            &agent_url,
            "--no-record",
            "--report",
            "r.md",
            "--format",
            "json",
        ],
    );
    let (code, _, err) = p.stop("TERM");
    assert_eq!(code, Some(0), "{err}");
    let v: Value =
        serde_json::from_slice(&std::fs::read(dir.path().join("r.md")).unwrap()).unwrap();
    assert_eq!(v["source"]["kind"], "proxy");
    agent.stop("TERM");
}

/// review22 R9: `--record -` is refused with the alternative named (no file `-` is
/// written, for the proxy and for a run command), and the banner's full path of a
/// non-canonical recording path is the canonical one (`./sub/../r.jsonl` -> `<dir>/r.jsonl`).
#[test]
fn r9_record_dash_is_refused_and_the_full_path_is_canonical() {
    let dir = tempfile::tempdir().unwrap();
    for args in [
        &[
            "proxy",
            "--listen",
            "127.0.0.1:0",
            "--upstream",
            "http://127.0.0.1:9",
            "--record",
            "-",
        ][..],
        &["demo", "--record", "-"][..],
    ] {
        let out = bin().current_dir(dir.path()).args(args).output().unwrap();
        let err = stderr(&out);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(
            err.contains("--record - is not stdout") && err.contains("--record ./-"),
            "{args:?}: {err}"
        );
        assert!(
            !dir.path().join("-").exists(),
            "{args:?} wrote a file named -"
        );
    }

    let (agent, agent_url) = reference_agent();
    std::fs::create_dir(dir.path().join("sub")).unwrap();
    let (p, _) = proxy(
        dir.path(),
        &["--upstream", &agent_url, "--record", "./sub/../r.jsonl"],
    );
    let (code, _, err) = p.stop("INT");
    assert_eq!(code, Some(0), "{err}");
    let full = std::fs::canonicalize(dir.path()).unwrap().join("r.jsonl");
    assert!(
        err.contains(&format!(
            "recording to ./sub/../r.jsonl; full path {}\n",
            full.display()
        )),
        "{err}"
    );
    assert!(full.exists());
    // an absolute canonical path is not repeated
    let abs = full.with_file_name("abs.jsonl");
    let (p, _) = proxy(
        dir.path(),
        &["--upstream", &agent_url, "--record", abs.to_str().unwrap()],
    );
    let (code, _, err) = p.stop("INT");
    assert_eq!(code, Some(0), "{err}");
    assert!(
        err.contains(&format!("recording to {}\n", abs.display())),
        "{err}"
    );
    agent.stop("TERM");
}

#[test]
fn b12_b17_report_path_and_format_are_checked_before_serving() {
    let dir = tempfile::tempdir().unwrap();
    let base = [
        "proxy",
        "--listen",
        "127.0.0.1:0",
        "--upstream",
        "http://127.0.0.1:9",
        "--no-record",
    ];
    // a report directory that cannot be created: exit 2 before listening
    let o = bin()
        .args(base)
        .args(["--report", "/proc/nope/r.md"])
        .output()
        .unwrap();
    assert_exit(&o, 2);
    let err = stderr(&o);
    assert!(
        err.contains("cannot create report directory /proc/nope"),
        "{err}"
    );
    assert!(!err.contains("listening"), "{err}");
    // a report path that is a directory
    let o = bin()
        .args(base)
        .args(["--report", dir.path().to_str().unwrap()])
        .output()
        .unwrap();
    assert_exit(&o, 2);
    assert!(stderr(&o).contains("it is a directory"), "{}", stderr(&o));
    // the check leaves no empty report behind when the run then fails to start (port taken)
    let taken = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let addr = taken.local_addr().unwrap().to_string();
    let report = dir.path().join("new/r.json");
    let o = bin()
        .args([
            "proxy",
            "--listen",
            &addr,
            "--upstream",
            "http://127.0.0.1:9",
            "--no-record",
        ])
        .args(["--report", report.to_str().unwrap()])
        .output()
        .unwrap();
    assert_exit(&o, 2);
    assert!(
        stderr(&o).contains("address already in use"),
        "{}",
        stderr(&o)
    );
    assert!(!report.exists());
    // nor an empty default recording (B5 reserves the name before starting)
    let o = bin()
        .current_dir(dir.path())
        .args([
            "proxy",
            "--listen",
            &addr,
            "--upstream",
            "http://127.0.0.1:9",
        ])
        .output()
        .unwrap();
    assert_exit(&o, 2);
    assert_eq!(names(&dir.path().join("recordings")), Vec::<String>::new());
    // a FIFO as --report is not opened at start-up (that would block until a reader came);
    // it gets the report at exit
    let fifo = dir.path().join("report.fifo");
    assert!(Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .unwrap()
        .success());
    let (p, _) = proxy(
        dir.path(),
        &[
            "--upstream",
            "http://127.0.0.1:9",
            "--no-record",
            "--report",
            "report.fifo",
            "--format",
            "json",
        ],
    );
    let reader = std::thread::spawn(move || std::fs::read(fifo).unwrap());
    let (code, _, err) = p.stop("TERM");
    assert_eq!(code, Some(0), "{err}");
    let v: Value = serde_json::from_slice(&reader.join().unwrap()).unwrap();
    assert_eq!(v["source"]["kind"], "proxy");
    assert!(std::fs::symlink_metadata(dir.path().join("report.fifo"))
        .unwrap()
        .file_type()
        .is_fifo());
    // --format without --report
    let o = bin()
        .args(base)
        .args(["--format", "json"])
        .output()
        .unwrap();
    assert_exit(&o, 2);
    let err = stderr(&o);
    assert!(err.contains("--report"), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
}

#[test]
fn b21_demo_report_on_stdout_parses_the_step_log_goes_to_stderr() {
    let dir = tempfile::tempdir().unwrap();
    let rec = dir.path().join("d.jsonl");
    let o = bin()
        .args(["demo", "--record", rec.to_str().unwrap(), "-f", "json"])
        .output()
        .unwrap();
    assert_exit(&o, 0);
    let v: Value = serde_json::from_slice(&o.stdout).expect("stdout is the JSON report alone");
    assert_eq!(v["source"]["path"], rec.to_str().unwrap());
    assert!(
        stderr(&o).contains("A2A 1.0 (JSON-RPC) through the proxy:"),
        "{}",
        stderr(&o)
    );
    let o = bin()
        // the same file again: an earlier recording is replaced only with --overwrite
        // (newcomer19 N1)
        .args([
            "demo",
            "--overwrite",
            "--record",
            rec.to_str().unwrap(),
            "-f",
            "junit",
        ])
        .output()
        .unwrap();
    assert_exit(&o, 0);
    assert!(String::from_utf8_lossy(&o.stdout).starts_with("<?xml"));
}

/// An "agent" that accepts connections and reads requests but never answers.
fn silent_agent() -> (std::net::SocketAddr, std::thread::JoinHandle<()>) {
    let l = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let addr = l.local_addr().unwrap();
    let h = std::thread::spawn(move || {
        let mut held = Vec::new();
        for s in l.incoming().take(64) {
            match s {
                Ok(s) => held.push(s),
                Err(_) => return,
            }
        }
    });
    (addr, h)
}

#[test]
fn b4_ctrl_c_during_probe_reports_what_ran_and_exits_130() {
    let dir = tempfile::tempdir().unwrap();
    let (addr, _agent) = silent_agent();
    let report = dir.path().join("p.json");
    let rec = dir.path().join("p.jsonl");
    let mut p = Proc::spawn(bin().env("TMPDIR", dir.path()).args([
        "probe",
        &format!("http://{addr}/"),
        "--timeout",
        "60s",
        "--record",
        rec.to_str().unwrap(),
        "-f",
        "json",
        "-o",
        report.to_str().unwrap(),
    ]));
    p.wait_line("probe: card.reachable ...");
    std::thread::sleep(Duration::from_millis(300));
    let started = Instant::now();
    let (code, out, err) = p.stop("INT");
    assert_eq!(code, Some(130), "{err}");
    assert!(started.elapsed() < Duration::from_secs(15), "{err}");
    assert!(
        err.contains("a2a-interop: interrupted: the probe stopped early"),
        "{err}"
    );
    assert!(out.contains("conformance level:"), "{out}");
    let v: Value = serde_json::from_slice(&std::fs::read(&report).unwrap()).unwrap();
    let reason = v["conformanceReason"].as_str().unwrap();
    assert!(reason.contains("interrupted (Ctrl-C)"), "{reason}");
    // the recording ends on a whole line and reads back
    let text = std::fs::read_to_string(&rec).unwrap();
    assert!(text.ends_with('\n'));
    common::verify_file(&rec);
    // nothing left in the temporary directory
    assert_eq!(names(dir.path()), ["p.json", "p.jsonl"]);
}

#[test]
fn b4_b18_ctrl_c_during_interop_of_one_agent_twice_warns_reports_and_exits_130() {
    let dir = tempfile::tempdir().unwrap();
    let (addr, _agent) = silent_agent();
    let report = dir.path().join("i.json");
    let url = format!("http://{addr}");
    let mut p = Proc::spawn(bin().env("TMPDIR", dir.path()).args([
        "interop",
        &url,
        &format!("{url}/"),
        "--timeout",
        "60s",
        "-f",
        "json",
        "-o",
        report.to_str().unwrap(),
    ]));
    let warn = p.wait_line("warning: URL_A and URL_B are the same agent");
    assert!(warn.contains(&url), "{warn}");
    p.wait_line("card.reachable ...");
    std::thread::sleep(Duration::from_millis(300));
    let (code, _, err) = p.stop("INT");
    assert_eq!(code, Some(130), "{err}");
    assert!(
        err.contains("a2a-interop: interrupted: interop stopped early"),
        "{err}"
    );
    let v: Value = serde_json::from_slice(&std::fs::read(&report).unwrap()).unwrap();
    assert!(v["conformanceReason"]
        .as_str()
        .unwrap()
        .starts_with("interrupted (Ctrl-C)"));
    // the temporary recording is gone
    assert_eq!(names(dir.path()), ["i.json"]);
}

#[test]
fn b10_a_report_after_a_recording_write_failure_says_where_the_file_ends() {
    let dir = tempfile::tempdir().unwrap();
    let (agent, agent_url) = reference_agent();
    // 40 KiB file size limit: 60 card exchanges (~180 KB) stop fitting in the recording,
    // the report (~15 KB) still fits
    let mut p = Proc::spawn(
        Command::new("sh")
            .current_dir(dir.path())
            .arg("-c")
            .arg("ulimit -f 40; exec \"$0\" \"$@\"")
            .arg(env!("CARGO_BIN_EXE_a2a-interop"))
            .args(["proxy", "--listen", "127.0.0.1:0", "--upstream", &agent_url])
            .args(["--record", "fs.jsonl", "--report", "out/fs.json"]),
    );
    let url = p.proxy_url();
    for _ in 0..60 {
        assert_eq!(http_get(&url, "/.well-known/agent-card.json").0, 200);
    }
    p.wait_line("RECORDING STOPPED");
    let (code, _, err) = p.stop("TERM");
    assert_eq!(code, Some(0), "{err}");
    let events_in_file = std::fs::read_to_string(dir.path().join("fs.jsonl"))
        .unwrap()
        .lines()
        .count() as u64
        - 1;
    let v: Value =
        serde_json::from_slice(&std::fs::read(dir.path().join("out/fs.json")).unwrap()).unwrap();
    let u = &v["source"]["unwritten"];
    assert_eq!(u["firstSeq"], events_in_file + 1, "{v}");
    assert_eq!(
        u["total"].as_u64().unwrap() - u["events"].as_u64().unwrap(),
        events_in_file
    );
    assert!(
        u["error"].as_str().unwrap().contains("File too large"),
        "{u}"
    );
    agent.stop("TERM");
}

/// A plain HTTP server that answers every request `404` (a port with no A2A agent).
fn not_found_server() -> std::net::SocketAddr {
    let l = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let addr = l.local_addr().unwrap();
    std::thread::spawn(move || {
        for mut s in l.incoming().map_while(Result::ok) {
            let mut buf = [0u8; 4096];
            let _ = s.read(&mut buf);
            let _ = s.write_all(
                b"HTTP/1.1 404 Not Found\r\ncontent-length: 0\r\nconnection: close\r\n\r\n",
            );
        }
    });
    addr
}

#[test]
fn b8_a_url_that_is_no_agent_base_is_exit_2_with_a_hint() {
    // an interface URL of a good agent: the card is at the origin root
    let (agent, url) = reference_agent();
    let o = bin()
        .args(["probe", &format!("{url}/rest"), "--timeout", "10s"])
        .output()
        .unwrap();
    let err = stderr(&o);
    assert_exit(&o, 2);
    assert!(
        err.contains(&format!("no A2A Agent Card under {url}/rest")),
        "{err}"
    );
    assert!(
        err.contains(&format!(
            "the agent's Agent Card is at {url}/.well-known/agent-card.json; hint: probe {url}"
        )),
        "{err}"
    );
    assert!(!String::from_utf8_lossy(&o.stdout).contains("non-conformant"));
    agent.stop("TERM");
    // a port that serves HTTP but no A2A agent at all
    let addr = not_found_server();
    let o = bin()
        .args(["probe", &format!("http://{addr}/"), "--timeout", "10s"])
        .output()
        .unwrap();
    let err = stderr(&o);
    assert_exit(&o, 2);
    assert!(err.contains("(HTTP 404)"), "{err}");
    assert!(err.contains("hint: give the agent's base URL"), "{err}");
}

/// `verify -o X -o X` (breaker9c C9): the second report would silently overwrite the
/// first; a usage error (exit 2) naming the path, and nothing written. Also through a
/// second spelling of the same file (`./X`).
#[test]
fn same_output_twice_is_a_usage_error() {
    let dir = tempfile::tempdir().unwrap();
    let rec = recording(dir.path());
    let out = dir.path().join("dup.out");
    let again = dir.path().join(".").join("dup.out");
    for second in [&out, &again] {
        let o = bin()
            .arg("verify")
            .arg(&rec)
            .args(["-f", "markdown", "-o"])
            .arg(&out)
            .args(["-f", "json", "-o"])
            .arg(second)
            .output()
            .unwrap();
        let err = stderr(&o);
        assert_eq!(o.status.code(), Some(2), "{err}");
        assert!(err.contains("given twice"), "{err}");
        assert!(err.contains("dup.out"), "{err}");
        assert!(!out.exists(), "a report was written: {err}");
    }
}

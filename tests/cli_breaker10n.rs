//! breaker10n items about files, signals and loops (N1 a proxy forwarding to itself, N2 an
//! output path over another process's live recording, N3 the proxy's report read back by
//! path, N4 `--record` over a file that is no recording, N8 SIGHUP, N10 a `--report` that
//! cannot be written). Real processes, real loopback sockets, real files, real signals.

use crate::proxy_process;
use crate::proxy_support as support;

use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use proxy_process::{spawn_until_listening, Running};
use support::*;

const BIN: &str = env!("CARGO_BIN_EXE_a2a-interop");

fn stderr_of(o: &std::process::Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// A loopback port nothing listens on right now.
fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

/// Sends `sig` (`HUP`, `TERM`) to the process and waits for it: (exit code, stderr lines).
fn signal_and_wait(run: Running, sig: &str) -> (Option<i32>, String) {
    let Running {
        mut child,
        rx,
        banner,
        ..
    } = run;
    let st = Command::new("kill")
        .args([&format!("-{sig}"), &child.id().to_string()])
        .status()
        .unwrap();
    assert!(st.success());
    let code = child.wait().unwrap();
    let err = banner
        .into_iter()
        .chain(rx.iter())
        .collect::<Vec<_>>()
        .join("\n");
    (code.code(), err)
}

/// `a2a-interop proxy --listen 127.0.0.1:0 --upstream http://{up}` with `args` after it,
/// once it listens.
fn proxy_to(up: std::net::SocketAddr, args: &[&std::ffi::OsStr]) -> Running {
    spawn_until_listening(
        Command::new(BIN)
            .args(["proxy", "--listen", "127.0.0.1:0", "--upstream"])
            .arg(format!("http://{up}"))
            .args(args),
        Duration::from_secs(30),
    )
}

/// [`get_through`] the proxy `run`, from async code.
async fn get_via(run: &Running, path: &'static str) {
    let addr = run.addr.clone();
    tokio::task::spawn_blocking(move || get_through(&addr, path))
        .await
        .unwrap();
}

/// One GET through the proxy at `addr` (`host:port/`), answered by the echo agent.
fn get_through(addr: &str, path: &str) {
    let mut s = std::net::TcpStream::connect(addr.trim_end_matches('/')).unwrap();
    use std::io::{Read, Write};
    write!(
        s,
        "GET {path} HTTP/1.1\r\nhost: x\r\nconnection: close\r\n\r\n"
    )
    .unwrap();
    s.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
    let mut out = Vec::new();
    let _ = s.read_to_end(&mut out);
    assert!(
        out.starts_with(b"HTTP/1.1 200"),
        "{}",
        String::from_utf8_lossy(&out)
    );
}

/// The reference agent (`demo --agent-only`) as a process on a free port, and its URL.
fn reference_agent() -> (Child, String) {
    let mut child = Command::new(BIN)
        .args(["demo", "--agent-only", "--listen", "127.0.0.1:0"])
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut lines = BufReader::new(child.stderr.take().unwrap()).lines();
    let url = loop {
        let l = lines.next().expect("agent banner").unwrap();
        if let Some(rest) = l.split("reference agent on ").nth(1) {
            break rest.split_whitespace().next().unwrap().to_string();
        }
    };
    std::thread::spawn(move || for _ in lines {});
    (child, url)
}

/// N1: an `--upstream`, `--route` or `--listener` target that is the proxy's own listen
/// address (also through `localhost`, and a `0.0.0.0` listener reached on 127.0.0.1) is
/// refused at start-up, naming the flag, instead of looping until every fd is gone.
#[test]
fn a_proxy_that_would_forward_to_itself_is_refused_at_start_up() {
    let port = free_port();
    let other = free_port();
    let cases: Vec<(Vec<String>, &str)> = vec![
        (
            vec![
                "--listen".into(),
                format!("127.0.0.1:{port}"),
                "--upstream".into(),
                format!("http://127.0.0.1:{port}"),
            ],
            "--upstream",
        ),
        (
            vec![
                "--listen".into(),
                format!("127.0.0.1:{port}"),
                "--upstream".into(),
                format!("http://localhost:{port}/"),
            ],
            "--upstream",
        ),
        (
            vec![
                "--listen".into(),
                format!("0.0.0.0:{port}"),
                "--allow-remote".into(),
                "--upstream".into(),
                format!("http://127.0.0.1:{port}"),
            ],
            "--upstream",
        ),
        (
            vec![
                "--listen".into(),
                format!("127.0.0.1:{port}"),
                "--upstream".into(),
                "http://127.0.0.1:9".into(),
                "--route".into(),
                format!("/py=http://127.0.0.1:{port}"),
            ],
            "--route /py=",
        ),
        (
            vec![
                "--listen".into(),
                format!("127.0.0.1:{port}"),
                "--upstream".into(),
                "http://127.0.0.1:9".into(),
                "--listener".into(),
                format!("webhook@127.0.0.1:{other}=http://127.0.0.1:{other}"),
            ],
            "--listener webhook@",
        ),
    ];
    for (args, flag) in cases {
        let o = Command::new(BIN)
            .arg("proxy")
            .args(&args)
            .arg("--no-record")
            .output()
            .unwrap();
        let err = stderr_of(&o);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {err}");
        assert!(
            err.contains(flag) && err.contains("own listen address") && err.contains("loop"),
            "{args:?}: {err}"
        );
        assert!(!err.contains("listening on"), "{args:?}: {err}");
    }
}

/// N4: `--record` over a file whose first line is no recording header is refused (exit 2,
/// the file named and untouched) by `proxy` and `demo`; an earlier recording is refused too
/// unless `--overwrite` is given (newcomer19 N1), and then overwritten with a note that says
/// what it was.
#[test]
fn record_refuses_to_erase_a_file_that_is_not_a_recording() {
    let dir = tempfile::tempdir().unwrap();
    let precious = dir.path().join("IMPORTANT.md");
    let text = "# my notes\nnot a recording\n";
    std::fs::write(&precious, text).unwrap();
    for args in [
        &[
            "proxy",
            "--listen",
            "127.0.0.1:0",
            "--upstream",
            "http://127.0.0.1:9",
            "--record",
        ][..],
        &["demo", "--record"][..],
    ] {
        let o = Command::new(BIN)
            .args(args)
            .arg(&precious)
            .output()
            .unwrap();
        let err = stderr_of(&o);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {err}");
        assert!(
            err.contains("IMPORTANT.md exists and is not an a2a-interop recording")
                && err.contains("hint: give --record another path"),
            "{args:?}: {err}"
        );
        assert_eq!(err.matches("hint:").count(), 1, "{err}");
        assert_eq!(std::fs::read_to_string(&precious).unwrap(), text);
    }
    // an earlier recording: refused without --overwrite (newcomer19 N1: up-arrow + Enter
    // after a crash erased the evidence), by every command that records, the file untouched
    let earlier = dir.path().join("earlier.jsonl");
    let old = "{\"type\":\"recording\",\"format\":1,\"tool\":{\"name\":\"a2a-interop\",\"version\":\"0.1.0\"},\"startedAt\":\"2026-12-01T01:02:03.000Z\",\"mode\":\"reverse\"}\n{\"seq\":1,\"t_us\":5,\"type\":\"conn_open\",\"conn\":1,\"peer\":\"127.0.0.1:1\",\"local\":\"127.0.0.1:2\"}\n";
    std::fs::write(&earlier, old).unwrap();
    for args in [
        &[
            "proxy",
            "--listen",
            "127.0.0.1:0",
            "--upstream",
            "http://127.0.0.1:9",
            "--record",
        ][..],
        &["demo", "--record"][..],
        &["probe", "http://127.0.0.1:9", "--record"][..],
        &[
            "interop",
            "http://127.0.0.1:9",
            "http://127.0.0.1:10",
            "--record",
        ][..],
    ] {
        let o = Command::new(BIN).args(args).arg(&earlier).output().unwrap();
        let err = stderr_of(&o);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {err}");
        let want = format!(
            "earlier.jsonl already holds an earlier a2a-interop recording ({} bytes, started 2026-12-01T01:02:03.000Z, 1 event): recording there would erase it; hint: add --overwrite to replace it, or give --record another path",
            old.len()
        );
        assert!(err.contains(&want), "{args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(!err.contains("listening on"), "{args:?}: {err}");
        assert_eq!(std::fs::read_to_string(&earlier).unwrap(), old, "{args:?}");
    }
    // with --overwrite: overwritten, and the note says so truly
    let run = spawn_until_listening(
        Command::new(BIN)
            .args([
                "proxy",
                "--listen",
                "127.0.0.1:0",
                "--upstream",
                "http://127.0.0.1:9",
                "--overwrite",
                "--record",
            ])
            .arg(&earlier),
        Duration::from_secs(30),
    );
    let err = run.terminate();
    assert!(
        err.contains("overwriting") && err.contains(", started 2026-12-01T01:02:03.000Z): "),
        "{err}"
    );
    assert!(!std::fs::read_to_string(&earlier)
        .unwrap()
        .contains("01:02:03"));
    // --overwrite never erases a file that is not a recording
    let o = Command::new(BIN)
        .args(["demo", "--overwrite", "--record"])
        .arg(&precious)
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(2), "{}", stderr_of(&o));
    assert_eq!(std::fs::read_to_string(&precious).unwrap(), text);
}

/// N2: an output path (`report -o`, `export --har`, another proxy's `--report`) that is a
/// live recording of another process is refused (exit 2, the file named); the recording
/// stays the recorder's file and keeps growing.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn outputs_never_replace_another_processes_live_recording() {
    let up = echo_server("agent").await;
    let dir = tempfile::tempdir().unwrap();
    let live = dir.path().join("same.jsonl");
    let run = proxy_to(up, &[std::ffi::OsStr::new("--record"), live.as_os_str()]);
    get_via(&run, "/a").await;
    let input = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/cases/CASE-01.jsonl");
    #[cfg(unix)]
    let ino = || {
        use std::os::unix::fs::MetadataExt as _;
        std::fs::metadata(&live).unwrap().ino()
    };
    let before = ino();
    let attempts: Vec<Vec<std::ffi::OsString>> = vec![
        vec![
            "report".into(),
            input.clone().into(),
            "--format".into(),
            "json".into(),
            "-o".into(),
            live.clone().into(),
        ],
        vec![
            "export".into(),
            input.clone().into(),
            "--har".into(),
            live.clone().into(),
        ],
        vec![
            "proxy".into(),
            "--listen".into(),
            "127.0.0.1:0".into(),
            "--upstream".into(),
            "http://127.0.0.1:9".into(),
            "--no-record".into(),
            "--report".into(),
            live.clone().into(),
        ],
    ];
    for args in attempts {
        let o = Command::new(BIN).args(&args).output().unwrap();
        let err = stderr_of(&o);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {err}");
        assert!(
            err.contains("same.jsonl is being recorded by another a2a-interop process"),
            "{args:?}: {err}"
        );
        assert!(!err.contains("listening on"), "{err}");
    }
    assert_eq!(ino(), before, "the live recording was replaced");
    get_via(&run, "/b").await;
    run.terminate();
    let text = std::fs::read_to_string(&live).unwrap();
    assert!(text.starts_with("{\"type\":\"recording\""), "{text}");
    assert!(text.contains("/a") && text.contains("/b"), "{text}");
    // once the recorder has exited, its lock is gone: the file is no longer called live,
    // only a finished recording, which no report replaces either (newcomer24 N1)
    let o = Command::new(BIN)
        .arg("report")
        .arg(&input)
        .args(["--format", "json", "-o"])
        .arg(&live)
        .output()
        .unwrap();
    let err = stderr_of(&o);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(!err.contains("is being recorded by another"), "{err}");
    assert!(
        err.contains("same.jsonl holds an a2a-interop recording"),
        "{err}"
    );
    assert_eq!(ino(), before, "the finished recording was replaced");
}

fn sha256_hex(p: &Path) -> String {
    use sha2::Digest as _;
    let d = sha2::Sha256::digest(std::fs::read(p).unwrap());
    d.iter().map(|b| format!("{b:02x}")).collect()
}

/// N3: the proxy's `--report` describes its own recording even when the `--record` path was
/// deleted (the recording is put back there) or replaced (kept as a sibling) during the
/// run, and says so at exit.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_report_is_built_from_the_proxys_own_recording() {
    let up = echo_server("agent").await;
    let dir = tempfile::tempdir().unwrap();
    for replace in [false, true] {
        let rec = dir.path().join(format!("r{replace}.jsonl"));
        let rep = dir.path().join(format!("r{replace}.json"));
        let run = proxy_to(
            up,
            &[
                std::ffi::OsStr::new("--record"),
                rec.as_os_str(),
                std::ffi::OsStr::new("--report"),
                rep.as_os_str(),
            ],
        );
        get_via(&run, "/first").await;
        let other = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/cases/CASE-01.jsonl");
        if replace {
            let tmp = dir.path().join("new.jsonl");
            std::fs::copy(&other, &tmp).unwrap();
            std::fs::rename(&tmp, &rec).unwrap();
        } else {
            std::fs::remove_file(&rec).unwrap();
        }
        get_via(&run, "/second").await;
        let err = run.terminate();
        let kept = if replace {
            assert!(
                err.contains("was replaced by another file during the run"),
                "{err}"
            );
            // the file renamed over it is left alone
            assert_eq!(std::fs::read(&rec).unwrap(), std::fs::read(&other).unwrap());
            rec.with_extension("recovered-1.jsonl")
        } else {
            assert!(err.contains("was deleted during the run"), "{err}");
            rec.clone()
        };
        assert!(
            err.contains(&format!("kept as {}", kept.display())),
            "{err}"
        );
        let text = std::fs::read_to_string(&kept).unwrap();
        assert!(
            text.contains("/first") && text.contains("/second"),
            "{text}"
        );
        let report: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(&rep).unwrap()).unwrap();
        let shown = report.to_string();
        assert!(shown.contains(&sha256_hex(&kept)), "{shown}");
        assert!(!shown.contains(&sha256_hex(&other)), "{shown}");
    }
}

/// N8: SIGHUP (terminal or ssh session closed) ends `proxy` and `probe` like SIGTERM: the
/// report and `-o` files are written, exit 129.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sighup_ends_a_run_cleanly_with_its_reports() {
    let up = echo_server("agent").await;
    let dir = tempfile::tempdir().unwrap();
    let rep = dir.path().join("hup.md");
    let rec = dir.path().join("hup.jsonl");
    let run = proxy_to(
        up,
        &[
            std::ffi::OsStr::new("--record"),
            rec.as_os_str(),
            std::ffi::OsStr::new("--report"),
            rep.as_os_str(),
        ],
    );
    get_via(&run, "/x").await;
    let (code, err) = signal_and_wait(run, "HUP");
    assert_eq!(code, Some(129), "{err}");
    assert!(err.contains("stopping (SIGHUP"), "{err}");
    let md = std::fs::read_to_string(&rep).unwrap();
    assert!(md.contains("# A2A interoperability report"), "{md}");

    let (mut agent, url) = reference_agent();
    let out = dir.path().join("probe.json");
    let prec = dir.path().join("probe.jsonl");
    let probe = Command::new(BIN)
        .args(["probe", &url, "-q", "--format", "json", "-o"])
        .arg(&out)
        .arg("--record")
        .arg(&prec)
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // SIGHUP once the recording holds a few exchanges (the probe is under way)
    let deadline = std::time::Instant::now() + Duration::from_secs(30);
    while std::fs::read_to_string(&prec)
        .map(|t| t.matches("\"exchange_end\"").count() < 3)
        .unwrap_or(true)
    {
        assert!(
            std::time::Instant::now() < deadline,
            "probe made no progress"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
    Command::new("kill")
        .args(["-HUP", &probe.id().to_string()])
        .status()
        .unwrap();
    let o = probe.wait_with_output().unwrap();
    let _ = agent.kill();
    let _ = agent.wait();
    assert_eq!(o.status.code(), Some(129), "{}", stderr_of(&o));
    let json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&out).unwrap()).unwrap();
    assert!(json.is_object(), "{json}");
    // the report names the signal that cut it short, not Ctrl-C
    let why = json["interrupted"].as_str().unwrap_or_default();
    assert!(
        why.starts_with("interrupted (SIGHUP: the terminal or ssh session closed) before the end"),
        "{json}"
    );
}

/// N10: a `--report` that cannot be written (a full device) still leaves the findings: the
/// report is printed on stderr as text; the OS error is said once, and the hint is about
/// the report, not `--help`.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_unwritable_report_is_printed_on_stderr() {
    if !Path::new("/dev/full").exists() {
        return;
    }
    let up = echo_server("agent").await;
    let run = proxy_to(
        up,
        &[
            std::ffi::OsStr::new("--no-record"),
            std::ffi::OsStr::new("--format"),
            std::ffi::OsStr::new("text"),
            std::ffi::OsStr::new("--report"),
            std::ffi::OsStr::new("/dev/full"),
        ],
    );
    get_via(&run, "/x").await;
    let (code, err) = signal_and_wait(run, "TERM");
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("here it is as text"), "{err}");
    assert!(err.contains("conformance"), "{err}");
    assert_eq!(err.matches("No space left on device").count(), 1, "{err}");
    assert!(
        err.contains("hint: the report was printed above instead"),
        "{err}"
    );
    assert!(!err.contains("--help"), "{err}");
}

/// N6: `repro -o NAME.jsonl` does not replace an unrelated `NAME.sh` (a path the user never
/// typed), and `-o X --curl X` is refused; a script of an earlier repro is replaced.
#[test]
fn repro_keeps_an_unrelated_script_and_refuses_one_path_for_two_outputs() {
    let dir = tempfile::tempdir().unwrap();
    let case = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/cases/CASE-01.jsonl");
    let expect: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(case.with_extension("expect.json")).unwrap())
            .unwrap();
    // the case's first expected finding (a rule alias, which --finding accepts)
    let rule = expect["findings"][0]["rule"].as_str().unwrap().to_string();
    let deploy = dir.path().join("deploy.sh");
    std::fs::write(&deploy, "echo my precious deploy script\n").unwrap();
    let out = dir.path().join("deploy.jsonl");
    let o = Command::new(BIN)
        .arg("repro")
        .arg(&case)
        .args(["--finding", &rule, "-o"])
        .arg(&out)
        .output()
        .unwrap();
    let err = stderr_of(&o);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(
        err.contains("deploy.sh exists and is not a curl script written by repro")
            && err.contains("hint: give --curl PATH"),
        "{err}"
    );
    assert_eq!(
        std::fs::read_to_string(&deploy).unwrap(),
        "echo my precious deploy script\n"
    );
    assert!(!out.exists());
    let same = dir.path().join("same.jsonl");
    let o = Command::new(BIN)
        .arg("repro")
        .arg(&case)
        .args(["--finding", &rule, "-o"])
        .arg(&same)
        .arg("--curl")
        .arg(&same)
        .output()
        .unwrap();
    let err = stderr_of(&o);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(err.contains("name the same file"), "{err}");
    assert!(!same.exists());
    // twice to the same -o: the second run replaces its own earlier script
    let cut = dir.path().join("cut.jsonl");
    for _ in 0..2 {
        let o = Command::new(BIN)
            .arg("repro")
            .arg(&case)
            .args(["--finding", &rule, "-o"])
            .arg(&cut)
            .output()
            .unwrap();
        assert_eq!(o.status.code(), Some(0), "{}", stderr_of(&o));
    }
    assert!(std::fs::read_to_string(cut.with_extension("sh"))
        .unwrap()
        .starts_with("#!/usr/bin/env bash\n# reproduces "));
}

/// N20: two reports to standard output are refused (exit 2) instead of running together.
#[test]
fn two_reports_to_stdout_are_refused() {
    let case = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/cases/CASE-01.jsonl");
    let o = Command::new(BIN)
        .arg("verify")
        .arg(&case)
        .args(["-f", "json", "-o", "-", "-f", "markdown", "-o", "-"])
        .output()
        .unwrap();
    let err = stderr_of(&o);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(err.contains("-o - given twice"), "{err}");
    assert!(o.stdout.is_empty());
}

/// N5: the HAR of a `--no-redact` recording keeps its secrets, so it is created 0600 and a
/// warning says so; a redacted recording's HAR gets no warning.
#[cfg(unix)]
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_har_of_an_unredacted_recording_is_private_and_says_so() {
    use std::os::unix::fs::PermissionsExt as _;
    let up = echo_server("agent").await;
    let dir = tempfile::tempdir().unwrap();
    let rec = dir.path().join("nr.jsonl");
    let run = spawn_until_listening(
        Command::new(BIN)
            .args([
                "proxy",
                "--listen",
                "127.0.0.1:0",
                "--no-redact",
                "--upstream",
            ])
            .arg(format!("http://{up}"))
            .arg("--record")
            .arg(&rec),
        Duration::from_secs(30),
    );
    let addr = run.addr.trim_end_matches('/').to_string();
    tokio::task::spawn_blocking(move || {
        use std::io::{Read, Write};
        let mut s = std::net::TcpStream::connect(&addr).unwrap();
        s.write_all(b"GET /x HTTP/1.1\r\nhost: x\r\nauthorization: Bearer NOREDACTSECRET\r\nconnection: close\r\n\r\n")
            .unwrap();
        let mut out = Vec::new();
        let _ = s.read_to_end(&mut out);
    })
    .await
    .unwrap();
    run.terminate();
    let har = dir.path().join("nr.har");
    let o = Command::new(BIN)
        .arg("export")
        .arg(&rec)
        .arg("--har")
        .arg(&har)
        .output()
        .unwrap();
    let err = stderr_of(&o);
    assert_eq!(o.status.code(), Some(0), "{err}");
    assert!(
        err.contains("nr.har (file mode 0600) keeps secrets") && err.contains("--no-redact"),
        "{err}"
    );
    let mode = std::fs::metadata(&har).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode, 0o600);
    assert!(std::fs::read_to_string(&har)
        .unwrap()
        .contains("NOREDACTSECRET"));
    // a redacted input: no warning
    let case = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/cases/CASE-01.jsonl");
    let o = Command::new(BIN)
        .arg("export")
        .arg(&case)
        .arg("--har")
        .arg(dir.path().join("c.har"))
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(0));
    assert!(!stderr_of(&o).contains("keeps secrets"));
}

//! uxb38: three things a newcomer (ux38) tripped on, each with what stands next to it.
//! Real processes (the binary, the reference agent), real sockets, real files.
//! - `verify` (`report`, `export`) of a large recording printed nothing while it worked:
//!   minutes of silence that looked like a hang. A terminal's stderr now gets a progress
//!   line, erased at the end; a pipe gets nothing and stdout is the same.
//! - `--listen localhost:PORT` listened on 127.0.0.1 only: a client that resolves
//!   localhost to ::1 first and does not fall back got "connection refused".
//! - `--listen 127.0.0.1:99999` said "not an address"; the URL flags (`--upstream`,
//!   `--public-url`, probe and interop URLs) said the URL parser's "invalid port number".

use crate::proxy_process;

use std::path::Path;
use std::process::{Command, Stdio};
use std::time::Duration;

use proxy_process::{get, reference_agent, run_in, spawn_until_listening};

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// `recordings/demo.jsonl` with 65 MiB of blank lines after its header line, as `name`
/// in `dir`: larger than the 64 MiB from which the progress line shows at once, and
/// read in seconds (blank lines cost no parsing).
fn large_recording(dir: &Path, name: &str) -> std::path::PathBuf {
    let demo = std::fs::read(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/recordings/demo.jsonl"
    ))
    .unwrap();
    let nl = demo.iter().position(|&b| b == b'\n').unwrap();
    let mut big = demo[..=nl].to_vec();
    big.resize(big.len() + 65 * 1024 * 1024, b'\n');
    big.extend_from_slice(&demo[nl + 1..]);
    let p = dir.join(name);
    std::fs::write(&p, big).unwrap();
    p
}

/// Item 1, not a terminal: `verify` and `report` of a large recording print no progress
/// line on a piped stderr (CI logs), and stdout is the same as for the same events
/// without the padding (the progress never goes to stdout; the JSON report's file size,
/// digest and generation time aside).
#[test]
fn a_large_file_read_into_a_pipe_prints_no_progress() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir(dir.path().join("small")).unwrap();
    large_recording(dir.path(), "big.jsonl");
    std::fs::copy(
        concat!(env!("CARGO_MANIFEST_DIR"), "/recordings/demo.jsonl"),
        dir.path().join("small/big.jsonl"),
    )
    .unwrap();
    for args in [
        &["verify", "big.jsonl"][..],
        &["report", "big.jsonl", "-f", "json"],
    ] {
        let o = run_in(dir.path(), args);
        let small = run_in(&dir.path().join("small"), args);
        let err = text(&o.stderr);
        assert_eq!(o.status.code(), small.status.code(), "{args:?}: {err}");
        assert!(!err.contains("reading big.jsonl"), "{args:?}: {err}");
        assert!(
            !err.contains('\r') && !err.contains("\x1b[K"),
            "{args:?}: {err:?}"
        );
        if args[0] == "report" {
            let strip = |b: &[u8]| {
                let mut v: serde_json::Value = serde_json::from_slice(b).unwrap();
                for k in ["sha256", "bytes"] {
                    v["source"].as_object_mut().unwrap().remove(k);
                }
                v.as_object_mut().unwrap().remove("generatedAt");
                v
            };
            assert_eq!(strip(&o.stdout), strip(&small.stdout));
        } else {
            assert_eq!(text(&o.stdout), text(&small.stdout), "{args:?}");
        }
        assert_eq!(err, text(&small.stderr), "{args:?}");
    }
}

/// Item 1, a terminal: `verify` of a large recording under `script` (util-linux, a pty
/// for stdout and stderr) draws `a2a-interop: reading big.jsonl: N of 68 MB (P%)` in place
/// (`\r`, erase to end of line) and erases it before the report; `export -` of it piped
/// in names the file `-`. Needs `script`
/// (util-linux); without it the test says so and checks nothing.
#[test]
fn a_large_file_read_on_a_terminal_says_how_far_it_is() {
    if Command::new("script")
        .arg("--version")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_err()
    {
        eprintln!("uxb38: no `script` (util-linux) on this machine: the terminal case is not run");
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    large_recording(dir.path(), "big.jsonl");
    let cmd = format!("{} verify big.jsonl", env!("CARGO_BIN_EXE_a2a-interop"));
    let o = Command::new("script")
        .args(["-qec", &cmd, "/dev/null"])
        .current_dir(dir.path())
        .env("NO_COLOR", "1")
        .env_remove("A2A_INTEROP_LOG")
        .stdin(Stdio::null())
        .output()
        .unwrap();
    let tty = text(&o.stdout);
    assert_eq!(o.status.code(), Some(0), "{tty:?}");
    let first = tty
        .find("\ra2a-interop: reading big.jsonl: ")
        .unwrap_or_else(|| panic!("no progress line: {tty:?}"));
    assert!(tty.contains(" of 68 MB ("), "{tty:?}");
    // erased (`\r` then erase to end of line) before the report's first line
    let erased = tty.rfind("\r\x1b[K").unwrap_or_else(|| panic!("{tty:?}"));
    let report = tty.find("0 errors").unwrap_or_else(|| panic!("{tty:?}"));
    assert!(first < erased && erased < report, "{tty:?}");
    assert!(!tty[report..].contains("reading big.jsonl"), "{tty:?}");

    // `export -` of the same file piped in: the line names `-`, not the spool's fd path
    let cmd = format!(
        "{} export - -o x.har < big.jsonl",
        env!("CARGO_BIN_EXE_a2a-interop")
    );
    let o = Command::new("script")
        .args(["-qec", &cmd, "/dev/null"])
        .current_dir(dir.path())
        .env("NO_COLOR", "1")
        .stdin(Stdio::null())
        .output()
        .unwrap();
    let tty = text(&o.stdout);
    assert_eq!(o.status.code(), Some(0), "{tty:?}");
    assert!(tty.contains("\ra2a-interop: reading -: "), "{tty:?}");
    let wrote = tty
        .find("a2a-interop: wrote ")
        .unwrap_or_else(|| panic!("{tty:?}"));
    assert!(tty[..wrote].ends_with("\r\x1b[K"), "{tty:?}");
}

/// Item 3: a port out of range is said with its value and the range, for `--listen`,
/// `--listener`, `demo --agent-only --listen` and every URL flag; an IPv6 `--listen`
/// without brackets is said as such.
#[test]
fn a_port_out_of_range_is_said_with_the_value() {
    let dir = tempfile::tempdir().unwrap();
    let cases: &[(&[&str], &str)] = &[
        (
            &["proxy", "--listen", "127.0.0.1:99999", "--upstream", "http://127.0.0.1:9"],
            "--listen \"127.0.0.1:99999\": port 99999 is out of range (1-65535, or 0 for any free port); hint: ",
        ),
        (
            &["proxy", "--listen", "localhost:70000", "--upstream", "http://127.0.0.1:9"],
            "port 70000 is out of range (1-65535, or 0 for any free port)",
        ),
        (
            &["proxy", "--listen", "127.0.0.1:http", "--upstream", "http://127.0.0.1:9"],
            "port \"http\" is not a number (1-65535, or 0 for any free port)",
        ),
        (
            &["proxy", "--listen", "::1:8080", "--upstream", "http://127.0.0.1:9"],
            "an IPv6 address takes brackets before the port: [::1]:8080",
        ),
        (
            &[
                "proxy",
                "--listen",
                "127.0.0.1:0",
                "--upstream",
                "http://127.0.0.1:9",
                "--listener",
                "up@127.0.0.1:99999=http://127.0.0.1:9",
            ],
            "\"127.0.0.1:99999\": port 99999 is out of range",
        ),
        (
            &["demo", "--agent-only", "--listen", "127.0.0.1:99999"],
            "--listen \"127.0.0.1:99999\": port 99999 is out of range",
        ),
        (
            &["proxy", "--listen", "127.0.0.1:0", "--upstream", "http://127.0.0.1:99999"],
            "--upstream: upstream URL \"http://127.0.0.1:99999\" is not a valid URL: port 99999 is out of range (1-65535); hint: ",
        ),
        (
            &[
                "proxy",
                "--listen",
                "127.0.0.1:0",
                "--route",
                "/a=http://[::1]:65536/x",
            ],
            "port 65536 is out of range (1-65535)",
        ),
        (
            &[
                "proxy",
                "--listen",
                "127.0.0.1:0",
                "--upstream",
                "http://127.0.0.1:9",
                "--rewrite-card",
                "--public-url",
                "https://agents.example.com:70000/x",
            ],
            "port 70000 is out of range (1-65535)",
        ),
        (
            &["probe", "http://127.0.0.1:99999"],
            "probe URL \"http://127.0.0.1:99999\" is not a URL: port 99999 is out of range (1-65535)",
        ),
        (
            &["interop", "http://127.0.0.1:9", "http://user:pw@127.0.0.1:123456/"],
            "port 123456 is out of range (1-65535)",
        ),
    ];
    for (args, want) in cases {
        let o = run_in(dir.path(), args);
        let err = text(&o.stderr);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {err}");
        assert!(err.contains(want), "{args:?}: want {want:?} in {err}");
        assert!(
            !err.contains("invalid port number") && !err.contains("is not an address"),
            "{args:?}: {err}"
        );
    }
}

/// Item 2: `--listen localhost:0` listens on 127.0.0.1 and on [::1] with the same port
/// (the banner names both), and a client that connects to [::1] is forwarded and
/// recorded; the recording header lists both addresses. Where this machine has no IPv6
/// loopback, the banner says ::1 is not listened on instead.
#[test]
fn listen_localhost_listens_on_both_loopbacks() {
    let (_agent, url) = reference_agent();
    let dir = tempfile::tempdir().unwrap();
    let rec = dir.path().join("l.jsonl");
    let run = spawn_until_listening(
        Command::new(env!("CARGO_BIN_EXE_a2a-interop"))
            .args(["proxy", "--listen", "localhost:0", "--upstream", &url])
            .args(["--record", rec.to_str().unwrap()])
            .env("NO_COLOR", "1"),
        Duration::from_secs(30),
    );
    let v4: std::net::SocketAddr = run
        .addr
        .split_whitespace()
        .next()
        .unwrap()
        .parse()
        .unwrap_or_else(|e| panic!("{:?}: {e}", run.addr));
    let v6_here = std::net::TcpListener::bind("[::1]:0").is_ok();
    if !v6_here {
        let banner = run.banner.join("\n");
        let stderr = run.terminate();
        assert!(
            stderr.contains("note: localhost's IPv6 address [::1]:"),
            "{banner}\n{stderr}"
        );
        return;
    }
    let v6 = std::net::SocketAddr::from((std::net::Ipv6Addr::LOCALHOST, v4.port()));
    assert!(
        run.addr.ends_with(&format!(" and http://{v6} (localhost)")),
        "{:?}",
        run.addr
    );
    assert!(get(v6, "/.well-known/agent-card.json").starts_with("HTTP/1.1 200"));
    assert!(get(v4, "/.well-known/agent-card.json").starts_with("HTTP/1.1 200"));
    let stderr = run.terminate();
    let recording = std::fs::read_to_string(&rec).unwrap();
    let header: serde_json::Value =
        serde_json::from_str(recording.lines().next().unwrap()).unwrap();
    assert_eq!(
        header["listen"],
        serde_json::json!([v4.to_string(), v6.to_string()]),
        "{stderr}"
    );
    // both requests recorded, one per listener
    assert!(
        recording.contains(&format!("\"local\":\"{v6}\"")),
        "{recording}"
    );
    assert!(
        recording.contains(&format!("\"local\":\"{v4}\"")),
        "{recording}"
    );
}

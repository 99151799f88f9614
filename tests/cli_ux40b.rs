//! ux40b: leftovers of ux40's newcomer walk, each against the real binary:
//! - with `-q`, a request the proxy's server refused was said by a tracing line
//!   (`2026-...Z WARN a2a_interop::proxy::refusal: ...`), against docs/usage.md "Messages on
//!   stderr" (every line of a `proxy` run starts with `a2a-interop proxy`);
//! - `export X -o X` was told `--har X is the input file`: the flag the user typed is named;
//! - a report written to a full disk (`/dev/full`: ENOSPC) was told "check the -o path is a
//!   writable file": the disk (or device) is said to be full, by every writer;
//! - an expired agent certificate met by a request got the static "outside its validity
//!   period" on its 502 line: the dates, as the start-up warning says them;
//! - `probe` of a single-threaded HTTP/1.1 server (Python's `http.server.HTTPServer`)
//!   waited the full `--timeout` on one request.

use crate::proxy_process;
use crate::single_threaded_agent;
use crate::tls_agent;

use std::io::{Read as _, Write as _};
use std::process::Command;
use std::time::Duration;

use proxy_process::{line_with, reference_agent, run_in, spawn_until_listening, start_proxy};
use single_threaded_agent::single_threaded_agent;

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// Item 1: with `-q` a refused request head (not HTTP at all) is said by one line of the
/// proxy's own, `a2a-interop proxy: WARNING: refused a request of client ...`, and every
/// stderr line of the run starts with `a2a-interop proxy`.
#[test]
fn a_refused_request_under_q_is_said_by_a_proxy_line() {
    let (_agent, url) = reference_agent();
    let dir = tempfile::tempdir().unwrap();
    let rec = dir.path().join("refused.jsonl");
    let (run, addr) = start_proxy(&["--upstream", &url, "--record", rec.to_str().unwrap()]);
    let mut s = std::net::TcpStream::connect(addr).unwrap();
    s.write_all(b"NOT HTTP AT ALL\r\n\r\n").unwrap();
    s.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
    let mut answer = Vec::new();
    let _ = s.read_to_end(&mut answer);
    assert!(
        text(&answer).starts_with("HTTP/1.1 400"),
        "{}",
        text(&answer)
    );
    let line = line_with(&run, "refused a request", Duration::from_secs(10));
    assert!(
        line.starts_with("a2a-interop proxy: WARNING: refused a request of client 127.0.0.1:")
            && line.contains("answered 400"),
        "{line}"
    );
    let stderr = run.terminate();
    for l in stderr.lines().filter(|l| !l.starts_with("  ")) {
        assert!(l.starts_with("a2a-interop proxy"), "{l:?} in\n{stderr}");
    }
}

/// Item 2: `export X -o X` (or `--output X`) names the flag the user typed, in the cause
/// and in the hint.
#[test]
fn export_onto_its_input_names_the_flag_typed() {
    let dir = tempfile::tempdir().unwrap();
    let rec = dir.path().join("r.jsonl");
    std::fs::copy(
        "tests/cases/field/card03-http-scheme-without-scheme.jsonl",
        &rec,
    )
    .unwrap();
    for flag in ["-o", "--output", "--har"] {
        let o = run_in(dir.path(), &["export", "r.jsonl", flag, "r.jsonl"]);
        let err = text(&o.stderr);
        assert_eq!(o.status.code(), Some(2), "{err}");
        assert!(
            err.starts_with(&format!(
                "a2a-interop: {flag} r.jsonl is the input file itself"
            )) && err.contains(&format!("; hint: give {flag} another path")),
            "{flag}: {err}"
        );
    }
}

/// Item 3: every writer told a full disk (`/dev/full` fails each write with ENOSPC) says
/// the disk (or device) is full and names its flag, not "check the path is a writable
/// file": `verify`, `report`, `export`, `repro` (`-o` and `--curl`) and `demo`.
#[test]
fn a_full_disk_is_said_to_be_full_by_every_writer() {
    if !std::path::Path::new("/dev/full").exists() {
        return; // not Linux: no device that fails every write with ENOSPC
    }
    let dir = tempfile::tempdir().unwrap();
    std::fs::copy(
        "tests/cases/field/card03-http-scheme-without-scheme.jsonl",
        dir.path().join("r.jsonl"),
    )
    .unwrap();
    let runs: [(&[&str], &str); 6] = [
        (
            &["verify", "r.jsonl", "--format", "json", "-o", "/dev/full"],
            "-o",
        ),
        (
            &["report", "r.jsonl", "--format", "text", "-o", "/dev/full"],
            "-o",
        ),
        (&["export", "r.jsonl", "-o", "/dev/full"], "-o"),
        (
            &[
                "repro",
                "r.jsonl",
                "--finding",
                "CARD-SHAPE-006",
                "-o",
                "/dev/full",
            ],
            "-o",
        ),
        (
            &[
                "repro",
                "r.jsonl",
                "--finding",
                "CARD-SHAPE-006",
                "-o",
                "m.jsonl",
                "--curl",
                "/dev/full",
            ],
            "--curl",
        ),
        (&["demo", "--format", "text", "-o", "/dev/full"], "-o"),
    ];
    for (args, flag) in runs {
        let o = run_in(dir.path(), args);
        let err = text(&o.stderr);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {err}");
        assert!(
            err.contains(&format!(
                "hint: the disk (or device) of the {flag} path is full (ENOSPC): free space on it, or give {flag} a path on another disk"
            )) && !err.contains("writable file"),
            "{args:?}: {err}"
        );
    }
}

/// Item 4: a request that meets an expired agent certificate (the proxy running on, its
/// start-up warning ignored) gets a 502 line with the dates the start-up warning gives,
/// not the static "outside its validity period".
#[test]
fn an_expired_certificate_met_by_a_request_is_said_in_dates() {
    let dir = tempfile::tempdir().unwrap();
    let pem = dir.path().join("agent.pem");
    let addr = tls_agent::expired_tls_agent(&pem);
    let url = format!("https://{addr}");
    let run = spawn_until_listening(
        Command::new(env!("CARGO_BIN_EXE_a2a-interop"))
            .current_dir(dir.path())
            .args(["proxy", "--listen", "127.0.0.1:0", "--upstream", &url])
            .args(["--upstream-ca", pem.to_str().unwrap(), "--no-record"])
            .env("NO_COLOR", "1"),
        Duration::from_secs(30),
    );
    let proxy: std::net::SocketAddr = run.addr.trim_end_matches('/').parse().unwrap();
    let _ = line_with(&run, "failed the TLS handshake", Duration::from_secs(30));
    let answer = proxy_process::get(proxy, "/.well-known/agent-card.json");
    assert!(answer.starts_with("HTTP/1.1 502"), "{answer}");
    let line = line_with(&run, "upstream-error", Duration::from_secs(30));
    assert!(
        line.contains("the agent's certificate expired on 2020-02-01 00:00:00 UTC, ")
            && line.contains(" days before this machine's clock (")
            && line.contains("renew the agent's certificate")
            && !line.contains("outside its validity period"),
        "{line}"
    );
    let _ = run.terminate();
}

/// Item 5: `probe` of a single-threaded HTTP/1.1 agent runs at its normal speed: no
/// request waits for `--timeout` (each went on a second connection, held behind the idle
/// first one, in about 1 run of 2), five runs in a row, each well under the time limit.
#[test]
fn probe_of_a_single_threaded_agent_waits_for_no_timeout() {
    let (_agent, url) = single_threaded_agent(None);
    let dir = tempfile::tempdir().unwrap();
    for run in 0..5 {
        let started = std::time::Instant::now();
        let o = run_in(dir.path(), &["probe", &url, "--timeout", "10s"]);
        let took = started.elapsed();
        let out = text(&o.stdout);
        let err = text(&o.stderr);
        assert!(
            !out.contains("no response within") && !err.contains("no answer within"),
            "run {run}: {out}\n{err}"
        );
        assert!(out.contains("pass  lifecycle.get-task"), "run {run}: {out}");
        assert!(
            took < Duration::from_secs(8),
            "run {run} took {took:?}: {out}"
        );
    }
}

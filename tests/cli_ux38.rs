//! ux38: a newcomer's first hour with README and docs/usage.md (demo, the proxy in front of
//! the reference agent with curl and the Python SDK client, verify, every report format,
//! repro, HAR and back, probe, interop), then trying to break it. Real processes (the
//! binary, the reference agent), real sockets, real files.
//! - `probe URL -o out` (`out` a directory) or `-o afile/p.json` (`afile` a file) ran every
//!   test and only then exited 2 without a report, a hint-less line; `-o new/p.json`
//!   created `new/` after the run, though docs/usage.md says "before anything runs".
//! - `--record afile/x.jsonl` said "cannot create recording directory afile: File exists".
//! - `verify` of a recording a proxy had just started said "is --upstream right and the
//!   agent up?" when no client had called the proxy yet.
//! - `report empty.jsonl` answered "verify reads ...".
//! - The `upstream-error` line of an untrusted TLS agent ended `(hint: ...)`, not `; hint:`
//!   as every other line (README "Messages on stderr").
//! - `repro` of a HAR file: `verify` cites its findings as `log.entries[N]`, while
//!   `--finding` took only `#seq` numbers that no output of `verify` showed.

use crate::proxy_process;
use crate::tls_agent;

use std::time::Duration;

use proxy_process::{get, line_with, proxy_loud, reference_agent, run_in};

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// Item 1: a `probe` whose `-o` cannot take its report is refused before the run (exit 2,
/// no test run, the cause and a hint), for a directory and for a path under a file; a
/// missing directory is created before the run, its stderr line ahead of the first test's.
/// `interop` and `demo` check their `-o` the same way.
#[test]
fn a_run_refuses_an_output_it_could_not_write_before_it_runs() {
    let (_agent, url) = reference_agent();
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir(dir.path().join("out")).unwrap();
    std::fs::write(dir.path().join("afile"), "x").unwrap();

    let o = run_in(dir.path(), &["probe", &url, "-f", "json", "-o", "out"]);
    let err = text(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(
        err.contains("a2a-interop: -o out is a directory")
            && err.contains("; hint: give a file path in it, e.g. -o out/report.json"),
        "{err}"
    );
    // refused before any test ran
    assert!(!err.contains("probe: "), "{err}");
    assert!(
        !text(&o.stdout).contains("card.reachable"),
        "{}",
        text(&o.stdout)
    );

    let o = run_in(dir.path(), &["probe", &url, "-o", "afile/p.json"]);
    let err = text(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(
        err.contains("afile is a file, not a directory") && err.contains("; hint: "),
        "{err}"
    );
    assert!(
        !text(&o.stdout).contains("card.reachable"),
        "{}",
        text(&o.stdout)
    );

    // a directory made for -o is said before the run, not after it
    let o = run_in(dir.path(), &["probe", &url, "-o", "new/sub/p.json"]);
    let err = text(&o.stderr);
    assert_eq!(o.status.code(), Some(0), "{err}");
    let made = err
        .find("created directories new/ and new/sub/ (they did not exist) for new/sub/p.json")
        .unwrap_or_else(|| panic!("{err}"));
    let first_test = err.find("probe: ").unwrap_or_else(|| panic!("{err}"));
    assert!(made < first_test, "{err}");
    assert!(dir.path().join("new/sub/p.json").is_file());

    let o = run_in(
        dir.path(),
        &["interop", &url, &url, "-f", "json", "-o", "out"],
    );
    let err = text(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(err.contains("-o out is a directory"), "{err}");
    assert!(!err.contains("interop A->B:"), "{err}");

    let o = run_in(dir.path(), &["demo", "-o", "afile/x/d.json"]);
    let err = text(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(err.contains("afile is a file, not a directory"), "{err}");
    assert!(
        !text(&o.stdout).contains("STEP card"),
        "{}",
        text(&o.stdout)
    );
}

/// Item 2: a `--record` (or `--report`) path under a file names the file in the way, not
/// the OS's "File exists" of the directory it could not make.
#[test]
fn a_record_path_under_a_file_names_that_file() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("afile"), "x").unwrap();
    let o = run_in(
        dir.path(),
        &[
            "proxy",
            "--listen",
            "127.0.0.1:0",
            "--upstream",
            "http://127.0.0.1:9",
            "--record",
            "afile/x.jsonl",
        ],
    );
    let err = text(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(
        err.contains(
            "afile is a file, not a directory, so afile/x.jsonl cannot be created under it"
        ),
        "{err}"
    );
    assert!(!err.contains("File exists"), "{err}");
    let o = run_in(
        dir.path(),
        &[
            "proxy",
            "--listen",
            "127.0.0.1:0",
            "--upstream",
            "http://127.0.0.1:9",
            "--no-record",
            "--report",
            "afile/r.md",
        ],
    );
    let err = text(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(err.contains("afile is a file, not a directory"), "{err}");
}

/// Item 3: `verify` of the recording of a proxy no client has called yet says so, not
/// "is --upstream right and the agent up?" (the agent is up; nothing was sent). Item 4:
/// `report` of a file that is no traffic names `report` in its hint.
#[test]
fn verify_of_a_live_recording_with_no_exchange_says_nothing_was_sent_yet() {
    let (_agent, url) = reference_agent();
    let dir = tempfile::tempdir().unwrap();
    let rec = dir.path().join("live.jsonl");
    let (run, _addr) = proxy_loud(&["--upstream", &url, "--record", rec.to_str().unwrap()]);
    let o = run_in(dir.path(), &["verify", "live.jsonl"]);
    let err = text(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(
        err.contains("the file holds no exchange")
            && err.contains("hint: the run writing it has recorded no exchange yet"),
        "{err}"
    );
    assert!(!err.contains("is --upstream right"), "{err}");
    run.terminate();
    // once the run has stopped, a recording without exchanges keeps the old advice
    let o = run_in(dir.path(), &["verify", "live.jsonl"]);
    let err = text(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(!err.contains("recorded no exchange yet"), "{err}");

    std::fs::write(dir.path().join("empty.jsonl"), "").unwrap();
    let o = run_in(dir.path(), &["report", "empty.jsonl"]);
    let err = text(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(
        err.contains("; hint: verify and report read a native recording"),
        "{err}"
    );
}

/// Item 5: the `upstream-error` line of an agent whose certificate the proxy does not trust
/// ends `; hint: ...` like every other line that says what to do, so `grep '; hint:'` of a
/// CI log finds it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_untrusted_tls_agents_upstream_error_line_ends_with_its_hint() {
    let dir = tempfile::tempdir().unwrap();
    let acceptor =
        tls_agent::self_signed_acceptor(&["127.0.0.1"], &[b"http/1.1"], &dir.path().join("a.pem"));
    let l = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let port = l.local_addr().unwrap().port();
    tokio::spawn(async move {
        while let Ok((s, _)) = l.accept().await {
            let acceptor = acceptor.clone();
            tokio::spawn(async move {
                // the proxy refuses the certificate: the handshake fails on its side
                let _ = acceptor.accept(s).await;
            });
        }
    });
    let rec = dir.path().join("tls.jsonl");
    let upstream = format!("https://127.0.0.1:{port}");
    let (run, addr) = tokio::task::spawn_blocking(move || {
        proxy_loud(&["--upstream", &upstream, "--record", rec.to_str().unwrap()])
    })
    .await
    .unwrap();
    let (answer, line) = tokio::task::spawn_blocking(move || {
        let answer = get(addr, "/.well-known/agent-card.json");
        let line = line_with(&run, "upstream-error e1:", Duration::from_secs(30));
        run.terminate();
        (answer, line)
    })
    .await
    .unwrap();
    assert!(answer.starts_with("HTTP/1.1 502"), "{answer}");
    assert!(line.contains("failed the TLS handshake"), "{line}");
    assert!(
        line.contains("; hint: the agent's certificate does not chain to a CA the proxy trusts")
            && line.ends_with("or --insecure-upstream for a test agent"),
        "{line}"
    );
    assert!(!line.contains("(hint:"), "{line}");
}

/// Item 6: `repro` of a HAR file takes the place `verify` cites, `RULE@log.entries[N]`,
/// cuts the occurrence on that entry and names it; a place with no such finding lists the
/// places as entries, quoted for the shell; `log.entries[N]` of a recording is refused.
#[test]
fn repro_of_a_har_file_takes_the_entry_verify_cites() {
    let (_agent, url) = reference_agent();
    let dir = tempfile::tempdir().unwrap();
    let rec = dir.path().join("s.jsonl");
    // no --rewrite-card: every card fetched through the proxy names the agent's own port
    let (run, addr) = proxy_loud(&["--upstream", &url, "--record", rec.to_str().unwrap()]);
    for _ in 0..3 {
        assert!(get(addr, "/.well-known/agent-card.json").starts_with("HTTP/1.1 200"));
    }
    run.terminate();
    let o = run_in(dir.path(), &["export", "s.jsonl", "-o", "s.har"]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    let o = run_in(dir.path(), &["verify", "s.har"]);
    let out = text(&o.stdout);
    assert!(out.contains("warning[CARD-URL-009]"), "{out}");
    assert!(out.contains("--> s.har log.entries[1] (GET "), "{out}");

    let o = run_in(
        dir.path(),
        &[
            "repro",
            "s.har",
            "--finding",
            "CARD-URL-009@log.entries[1]",
            "-o",
            "min.jsonl",
        ],
    );
    let (out, err) = (text(&o.stdout), text(&o.stderr));
    assert_eq!(o.status.code(), Some(0), "{err}");
    assert!(
        out.contains("warning[CARD-URL-009] at e2 ")
            && out.trim_end().ends_with("(log.entries[1])"),
        "{out}"
    );

    let o = run_in(
        dir.path(),
        &[
            "repro",
            "s.har",
            "--finding",
            "CARD-URL-009@99",
            "-o",
            "min.jsonl",
        ],
    );
    let err = text(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(
        err.contains("CARD-URL-009 is found at CARD-URL-009@log.entries[0], CARD-URL-009@log.entries[1], CARD-URL-009@log.entries[2], not at #seq 99")
            && err.contains("e.g. --finding 'CARD-URL-009@log.entries[0]'"),
        "{err}"
    );

    let o = run_in(
        dir.path(),
        &[
            "repro",
            "s.har",
            "--finding",
            "CARD-URL-009@log.entries[7]",
            "-o",
            "min.jsonl",
        ],
    );
    let err = text(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(err.contains("s.har has no log.entries[7]"), "{err}");

    let o = run_in(
        dir.path(),
        &[
            "repro",
            "s.jsonl",
            "--finding",
            "CARD-URL-005@log.entries[1]",
            "-o",
            "min.jsonl",
        ],
    );
    let err = text(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(err.contains("s.jsonl is no HAR file"), "{err}");
}

/// Item 7: `export` of a recording whose last line is torn (its writer killed mid-write)
/// says so, as `verify` does; before, the HAR left that line out without a word.
#[test]
fn export_of_a_torn_recording_says_what_the_har_leaves_out() {
    let dir = tempfile::tempdir().unwrap();
    let whole = std::fs::read(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/recordings/demo.jsonl"
    ))
    .unwrap();
    let lines = whole.iter().filter(|&&b| b == b'\n').count();
    // cut 20 bytes into the last line
    let last_start = whole[..whole.len() - 1]
        .iter()
        .rposition(|&b| b == b'\n')
        .unwrap()
        + 1;
    std::fs::write(dir.path().join("torn.jsonl"), &whole[..last_start + 20]).unwrap();
    let o = run_in(dir.path(), &["export", "torn.jsonl", "-o", "torn.har"]);
    let err = text(&o.stderr);
    assert_eq!(o.status.code(), Some(0), "{err}");
    assert!(
        err.contains(&format!(
            "torn.jsonl: last line {lines} is torn (20 bytes dropped)"
        )),
        "{err}"
    );
    // the whole file: no such note
    std::fs::write(dir.path().join("whole.jsonl"), &whole).unwrap();
    let o = run_in(dir.path(), &["export", "whole.jsonl", "-o", "whole.har"]);
    assert_eq!(o.status.code(), Some(0));
    assert!(!text(&o.stderr).contains("torn"), "{}", text(&o.stderr));
}

/// Item 8: a `demo` whose report cannot be written at the end (a full disk: `/dev/full`)
/// says what to check and how to write the report from the complete recording, not the
/// generic "`a2a-interop demo --help` lists the flags".
#[test]
fn a_demo_report_that_cannot_be_written_names_the_way_to_write_it_again() {
    if !std::path::Path::new("/dev/full").exists() {
        eprintln!("SKIPPED: no /dev/full on this system");
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let o = run_in(
        dir.path(),
        &[
            "demo",
            "--record",
            "d.jsonl",
            "-f",
            "json",
            "-o",
            "/dev/full",
        ],
    );
    let err = text(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(
        err.contains("cannot write the report: ")
            && err.contains("; hint: the disk (or device) of the -o path is full (ENOSPC): free space on it, or give -o a path on another disk; the recording is complete: `a2a-interop report d.jsonl -o FILE`"),
        "{err}"
    );
    assert!(!err.contains("--help"), "{err}");
}

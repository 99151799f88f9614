//! newcomer32: what a newcomer hit running the proxy for hours in front of the SDK agents.
//! logrotate's `copytruncate` (or `: > session.jsonl`) emptied the recording under the
//! running proxy, which kept writing at its old offset: the file became tens of megabytes
//! of NUL bytes followed by events with no header line, `verify` called it "not a
//! recording", and the stop's `--report` failed with a hint to free disk space (N1, N3); a
//! recording replaced under the run was kept as `NAME.recovered-1.jsonl`, but the stop told
//! to run `report NAME.jsonl` later, the other file (N4). Real processes, the reference
//! agent on a loopback socket, real files. (N2, the wording of a JSON-RPC success without
//! `result`, is a unit test in src/model/jsonrpc.rs.)

use crate::proxy_process;

use std::net::SocketAddr;
use std::path::Path;
use std::time::Duration;

use proxy_process::{line_with, reference_agent, run_in, start_proxy};

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// One 1.0 JSON-RPC `SendMessage` through the proxy at `addr`, answered 200.
fn send(addr: SocketAddr, n: u32) {
    let out = proxy_process::send_message(addr, "n32", n);
    assert!(out.starts_with("HTTP/1.1 200"), "{out}");
}

/// Waits (at most 10 s) until the file at `p` holds `n` lines with `needle`: the recorder
/// writes 25 ms after the first pending event, or when its queue runs dry.
fn wait_for_lines(p: &Path, needle: &str, n: usize) {
    let end = std::time::Instant::now() + Duration::from_secs(10);
    while std::time::Instant::now() < end {
        if std::fs::read(p).is_ok_and(|b| text(&b).matches(needle).count() >= n) {
            return;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    panic!(
        "no {needle:?} in {} within 10 s: {}",
        p.display(),
        text(&std::fs::read(p).unwrap_or_default())
    );
}

/// N1: the recording emptied by another process mid-run (`copytruncate`) goes on as a
/// recording: no NUL bytes where the old events were, a header line first, the exchanges
/// after the cut in it (and verified by `verify`), and stderr says what happened.
#[test]
fn n1_a_recording_emptied_under_the_proxy_goes_on_from_a_header_line() {
    let dir = tempfile::tempdir().unwrap();
    let rec = dir.path().join("session.jsonl");
    let (_agent, url) = reference_agent();
    let (run, addr) = start_proxy(&["--upstream", &url, "--record", rec.to_str().unwrap()]);
    for n in 0..5 {
        send(addr, n);
    }
    wait_for_lines(&rec, "\"type\":\"exchange_end\"", 5);
    let before = std::fs::metadata(&rec).unwrap().len();
    assert!(before > 2000, "{before} bytes before the cut");
    // what `logrotate copytruncate` does after its copy
    std::fs::OpenOptions::new()
        .write(true)
        .open(&rec)
        .unwrap()
        .set_len(0)
        .unwrap();
    for n in 5..8 {
        send(addr, n);
    }
    let note = line_with(
        &run,
        "was emptied by another process",
        Duration::from_secs(20),
    );
    assert!(note.starts_with("a2a-interop proxy: note: "), "{note}");
    assert!(note.contains("copytruncate"), "{note}");
    assert!(note.contains(&format!("after {before} bytes")), "{note}");
    let stderr = run.terminate();
    let bytes = std::fs::read(&rec).unwrap();
    assert!(!bytes.contains(&0), "NUL bytes in the recording: {stderr}");
    let body = text(&bytes);
    let first = body.lines().next().unwrap_or_default();
    assert!(first.starts_with("{\"type\":\"recording\""), "{first}");
    assert!(body.contains("n32-7"), "{body}");
    assert!(!body.contains("n32-1"), "{body}");
    assert!((bytes.len() as u64) < before, "{} bytes after", bytes.len());
    // the stop counts what the file holds and what went with the copy
    let events_after = body.lines().count() - 1;
    let first_seq: u64 = serde_json::from_str::<serde_json::Value>(body.lines().nth(1).unwrap())
        .unwrap()["seq"]
        .as_u64()
        .unwrap();
    let recorded = stderr
        .lines()
        .find(|l| l.contains(" events recorded in "))
        .unwrap_or_else(|| panic!("{stderr}"));
    assert!(
        recorded.ends_with(&format!(
            "; the file holds the last {events_after}: the first {} went with the copy made before it was emptied",
            first_seq - 1
        )),
        "{recorded}"
    );
    let out = run_in(dir.path(), &["verify", "session.jsonl"]);
    let (stdout, err) = (text(&out.stdout), text(&out.stderr));
    assert_eq!(out.status.code(), Some(0), "{stdout}\n{err}");
    assert!(stdout.contains("in 3 exchanges"), "{stdout}\n{err}");
}

/// N1, the file an older build (or another tool) left: NUL bytes up to the old length,
/// then events with no header line. `verify` said only "not a recording"; it names the NUL
/// bytes, what made them, and the command that verifies the lines after them.
#[test]
fn n1_a_recording_that_starts_with_nul_bytes_is_named_with_the_fix() {
    let dir = tempfile::tempdir().unwrap();
    let mut bytes = vec![0u8; 100_000];
    bytes.extend_from_slice(
        br#"{"seq":9,"t_us":5,"exchange":"e2","type":"request_head","conn":1,"method":"GET","url":"/.well-known/agent-card.json","version":"HTTP/1.1","headers":[]}
"#,
    );
    std::fs::write(dir.path().join("rotated.jsonl"), &bytes).unwrap();
    let out = run_in(dir.path(), &["verify", "rotated.jsonl"]);
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(
        err.starts_with(
            "a2a-interop: rotated.jsonl: not a recording as it is: it starts with 100000 NUL bytes, what a file emptied under a running writer holds (logrotate copytruncate"
        ),
        "{err}"
    );
    assert!(
        err.contains("; hint: verify the lines after the NUL bytes under the header of the copy logrotate made: (head -n 1 COPY.jsonl; tr -d '\\000' < FILE) | a2a-interop verify -"),
        "{err}"
    );
    // UTF-16BE text starts with one NUL before each ASCII byte: still told as UTF-16
    let utf16: Vec<u8> = "{\"type\":\"recording\"}\n"
        .bytes()
        .flat_map(|b| [0, b])
        .collect();
    std::fs::write(dir.path().join("ps.jsonl"), utf16).unwrap();
    let out = run_in(dir.path(), &["verify", "ps.jsonl"]);
    let err = text(&out.stderr);
    assert!(err.contains("UTF-16BE"), "{err}");
}

/// N3: a recording overwritten in place under the running proxy (`echo junk > FILE`, a
/// cleanup job, another tool) cannot be read back for `--report` at the stop: the error says so, and its hint is not "free disk
/// space" (nothing was short of space); the report is still printed on stderr.
#[test]
fn n3_a_recording_replaced_under_the_proxy_is_not_called_a_full_disk() {
    let dir = tempfile::tempdir().unwrap();
    let rec = dir.path().join("session.jsonl");
    let report = dir.path().join("report.md");
    let (_agent, url) = reference_agent();
    let (run, addr) = start_proxy(&[
        "--upstream",
        &url,
        "--record",
        rec.to_str().unwrap(),
        "--report",
        report.to_str().unwrap(),
    ]);
    send(addr, 1);
    wait_for_lines(&rec, "\"type\":\"exchange_end\"", 1);
    // `echo junk > session.jsonl` from another shell: the same file, emptied and rewritten
    // (a file put in its place instead is noticed, and the run's own copy kept)
    std::fs::write(&rec, "not a recording\n").unwrap();
    let proxy_process::Running { mut child, rx, .. } = run;
    child.signal("TERM");
    let code = child.wait_for(Duration::from_secs(60), "proxy after SIGTERM");
    let stderr = proxy_process::rest_of(&rx).join("\n");
    assert_eq!(code.code(), Some(2), "{stderr}");
    let last = stderr.lines().last().unwrap_or_default();
    assert!(
        last.starts_with("a2a-interop: cannot read back the recording ")
            && last.contains("for the report: "),
        "{stderr}"
    );
    assert!(
        last.contains("emptied, replaced or removed while the proxy ran"),
        "{last}"
    );
    assert!(!last.contains("free disk space"), "{last}");
    assert!(stderr.contains("here it is as text"), "{stderr}");
}

/// N4: a recording replaced under the running proxy (removed, another file put at its
/// path) is kept as `NAME.recovered-1.jsonl` and the report built from it, but the stop's
/// "writing the report" line still told to run `a2a-interop report NAME.jsonl` later: the
/// path that now holds the other file. It names the recovered recording.
#[test]
fn n4_the_report_line_names_the_recovered_recording() {
    let dir = tempfile::tempdir().unwrap();
    let rec = dir.path().join("session.jsonl");
    let report = dir.path().join("report.md");
    let (_agent, url) = reference_agent();
    let (run, addr) = start_proxy(&[
        "--upstream",
        &url,
        "--record",
        rec.to_str().unwrap(),
        "--report",
        report.to_str().unwrap(),
    ]);
    send(addr, 1);
    wait_for_lines(&rec, "\"type\":\"exchange_end\"", 1);
    std::fs::remove_file(&rec).unwrap();
    std::fs::write(&rec, "not a recording\n").unwrap();
    let stderr = run.terminate();
    let writing = stderr
        .lines()
        .find(|l| l.contains("writing the report of "))
        .unwrap_or_else(|| panic!("{stderr}"));
    assert!(
        writing.contains("session.recovered-1.jsonl -o ") && !writing.contains("session.jsonl -o "),
        "{writing}"
    );
    assert!(dir.path().join("session.recovered-1.jsonl").exists());
}

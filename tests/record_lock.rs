//! One recording file, one writer (a fresh engineer's report: two proxies on one `--record`
//! file interleaved their lines mid-line and neither recording could be read; a rerun
//! silently erased the evidence of the last run). The recorder locks its file: a second
//! proxy or demo on it is refused before it serves (exit 2, one line naming the file and
//! what to do), the first one's recording stays whole; a rerun on an old recording with
//! `--overwrite` says that it overwrites it (without the flag it is refused, newcomer19 N1:
//! tests/cli_breaker10n.rs).

use crate::proxy_process;

use std::process::Command;
use std::time::Duration;

use proxy_process::spawn_until_listening;

const BIN: &str = env!("CARGO_BIN_EXE_a2a-interop");

#[test]
fn a_second_writer_of_a_recording_is_refused_and_a_rerun_says_it_overwrites() {
    let dir = tempfile::tempdir().unwrap();
    let rec = dir.path().join("same.jsonl");
    // an earlier recording (its first line a recording header): the only kind of file
    // `--record --overwrite` overwrites (breaker10n N4, newcomer19 N1)
    std::fs::write(&rec, "{\"type\":\"recording\",\"old\":\"run\"}\n").unwrap();
    let first = spawn_until_listening(
        Command::new(BIN)
            .args([
                "proxy",
                "--listen",
                "127.0.0.1:0",
                "--upstream",
                "http://127.0.0.1:9",
                "--overwrite",
            ])
            .arg("--record")
            .arg(&rec),
        Duration::from_secs(30),
    );
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
        let o = Command::new(BIN).args(args).arg(&rec).output().unwrap();
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {err}");
        assert!(
            err.contains("another a2a-interop process") && err.contains("same.jsonl"),
            "{args:?}: {err}"
        );
        assert!(
            err.contains("hint: give this run another --record path"),
            "{err}"
        );
        assert!(!err.contains("free disk space"), "{err}");
    }
    let stderr = first.terminate();
    assert!(
        stderr.contains("overwriting") && stderr.contains("note: overwriting an earlier recording"),
        "{stderr}"
    );
    // The first proxy's recording is whole: its header line, every line JSON, nothing of
    // the old run or of the refused writers.
    let text = std::fs::read_to_string(&rec).unwrap();
    assert!(text.starts_with("{\"type\":\"recording\""), "{text}");
    assert!(!text.contains("\"old\""), "{text}");
    for l in text.lines() {
        serde_json::from_str::<serde_json::Value>(l).unwrap_or_else(|e| panic!("{e}: {l}"));
    }
    assert_eq!(text.matches("\"type\":\"recording\"").count(), 1, "{text}");
}

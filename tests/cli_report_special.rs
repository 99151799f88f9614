//! breaker9c C2 and C3: `proxy --report` on a FIFO with no reader ends at Ctrl-C with a
//! clear line instead of hanging in `open(2)`, and a report whose directory takes no new
//! file (the report is written to a temporary file there and renamed) is refused at
//! start-up, before the proxy listens. Real processes, real loopback sockets, real files.

use crate::proxy_process;

use std::os::unix::fs::PermissionsExt;
use std::process::{Command, Stdio};
use std::time::Duration;

use proxy_process::{spawn_until_listening, ChildGuard, Running};

const BIN: &str = env!("CARGO_BIN_EXE_a2a-interop");

#[test]
fn report_fifo_without_reader_does_not_hang_shutdown() {
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("f.md");
    assert!(Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .unwrap()
        .success());
    let rec = dir.path().join("f.jsonl");
    let Running {
        mut child,
        rx,
        banner,
        ..
    } = spawn_until_listening(
        Command::new(BIN)
            .args(["proxy", "--listen", "127.0.0.1:0"])
            .args(["--upstream", "http://127.0.0.1:9"])
            .arg("--record")
            .arg(&rec)
            .arg("--report")
            .arg(&fifo),
        Duration::from_secs(20),
    );
    child.signal("INT");
    let st = child.wait_for(
        Duration::from_secs(15),
        "proxy with a reader-less --report FIFO",
    );
    let all = [banner, rx.iter().collect()].concat().join("\n");
    assert!(all.contains("no reader on FIFO"), "{st:?}\n{all}");
    assert!(all.contains("f.md"), "{all}");
}

#[test]
fn report_in_a_directory_without_new_files_is_refused_at_start() {
    // root writes anywhere: run the proxy as nobody (setpriv), when we are root
    let root = Command::new("id")
        .arg("-u")
        .output()
        .map(|o| String::from_utf8_lossy(&o.stdout).trim() == "0")
        .unwrap_or(false);
    let dir = tempfile::tempdir().unwrap();
    std::fs::set_permissions(dir.path(), std::fs::Permissions::from_mode(0o755)).unwrap();
    let ro = dir.path().join("ro");
    let w = dir.path().join("w");
    std::fs::create_dir(&ro).unwrap();
    std::fs::create_dir(&w).unwrap();
    let report = ro.join("r.md");
    std::fs::write(&report, b"").unwrap();
    std::fs::set_permissions(&report, std::fs::Permissions::from_mode(0o777)).unwrap();
    std::fs::set_permissions(&w, std::fs::Permissions::from_mode(0o777)).unwrap();
    std::fs::set_permissions(&ro, std::fs::Permissions::from_mode(0o555)).unwrap();
    let mut cmd = if root {
        let mut c = Command::new("setpriv");
        c.args(["--reuid=65534", "--regid=65534", "--clear-groups", BIN]);
        c
    } else {
        Command::new(BIN)
    };
    let child = ChildGuard::spawn(
        cmd.args(["proxy", "--listen", "127.0.0.1:0"])
            .args(["--upstream", "http://127.0.0.1:9"])
            .arg("--record")
            .arg(w.join("r.jsonl"))
            .arg("--report")
            .arg(&report)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped()),
    );
    let out = child.output_within(
        Duration::from_secs(15),
        "proxy with a read-only --report directory",
    );
    let err = String::from_utf8_lossy(&out.stderr).into_owned();
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("does not accept new files"), "{err}");
    assert!(err.contains("r.md"), "{err}");
    assert!(!err.contains("listening"), "{err}");
}

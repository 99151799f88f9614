//! breaker8 G20 items about what the binary says: the `--intercept-tls` banner names the CA
//! certificate it really uses, and `proxy -q --fail-on error` says why it exits 1. Real
//! processes, real loopback sockets, real files.

use crate::proxy_process;
use crate::proxy_support as support;

use std::process::Command;
use std::time::Duration;

use proxy_process::{spawn_until_listening, Running};
use support::*;

const BIN: &str = env!("CARGO_BIN_EXE_a2a-interop");

#[test]
fn intercept_tls_banner_names_the_ca_certificate_of_ca_dir() {
    let dir = tempfile::tempdir().unwrap();
    let ca = dir.path().join("myca");
    let init = Command::new(BIN)
        .args(["ca", "init", "--ca-dir"])
        .arg(&ca)
        .output()
        .unwrap();
    assert!(init.status.success(), "{init:?}");
    let run = spawn_until_listening(
        Command::new(BIN)
            .args([
                "proxy",
                "--forward",
                "--intercept-tls",
                "--listen",
                "127.0.0.1:0",
                "--quiet",
            ])
            .arg("--ca-dir")
            .arg(&ca),
        Duration::from_secs(20),
    );
    let all = run.terminate();
    let cert = ca.join("ca-cert.pem").display().to_string();
    assert!(
        all.contains(&format!("clients must trust the CA certificate {cert}")),
        "{all}"
    );
    assert!(!all.contains("`a2a-interop ca path`"), "{all}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn fail_on_exit_1_says_how_many_findings_and_where_the_report_is() {
    // a JSON-RPC call answered with a body that is not JSON: one error finding
    let up = bytes_server("application/json", b"this is not json").await;
    let dir = tempfile::tempdir().unwrap();
    let rec = dir.path().join("fo.jsonl");
    let report = dir.path().join("fo.junit");
    let Running {
        mut child,
        rx,
        banner,
        addr,
    } = spawn_until_listening(
        Command::new(BIN)
            .args([
                "proxy",
                "--listen",
                "127.0.0.1:0",
                "-q",
                "--fail-on",
                "error",
            ])
            .arg("--upstream")
            .arg(format!("http://{up}"))
            .arg("--record")
            .arg(&rec)
            .arg("--report")
            .arg(&report)
            .args(["--format", "junit"]),
        Duration::from_secs(20),
    );
    let url = format!("http://{}", addr.trim_end_matches('/'));
    let (status, _, _) = fetch(
        &client_h1(),
        post(
            &format!("{url}/"),
            br#"{"jsonrpc":"2.0","id":1,"method":"GetTask","params":{"id":"t1"}}"#,
        ),
    )
    .await;
    assert_eq!(status, 200);
    wait_for_exchange_end(&rec).await;
    child.signal("INT");
    let st = child.wait_for(Duration::from_secs(20), "proxy did not exit");
    let all = [banner, rx.iter().collect()].concat().join("\n");
    assert_eq!(st.code(), Some(1), "{all}");
    let want = format!(
        // -q hid the finding: the line names it (newcomer19 N3)
        "exit 1: 1 finding at or above error (--fail-on error): RPC-ENVELOPE-001 (1); report: {}",
        report.display()
    );
    assert!(all.contains(&want), "{all}");
}

/// `report -f html -o DIR/`: one line with the cause and a hint about the directory, exit
/// 2, and nothing on stdout (no JSON fallback a CI step would capture).
#[test]
fn report_to_a_directory_is_one_line_and_nothing_on_stdout() {
    let dir = tempfile::tempdir().unwrap();
    let rec = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/repro/enc-latin1-bom-utf16.jsonl");
    let out_dir = dir.path().join("out");
    std::fs::create_dir(&out_dir).unwrap();
    let o = Command::new(BIN)
        .arg("report")
        .arg(&rec)
        .args(["-f", "html", "-o"])
        .arg(format!("{}/", out_dir.display()))
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&o.stderr).into_owned();
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(
        o.stdout.is_empty(),
        "{}",
        String::from_utf8_lossy(&o.stdout)
    );
    assert_eq!(err.trim_end().lines().count(), 1, "{err}");
    assert!(err.contains("cannot write html report to"), "{err}");
    assert!(
        err.contains("; hint: -o names a directory; give a file path in it"),
        "{err}"
    );
    assert_eq!(std::fs::read_dir(&out_dir).unwrap().count(), 0);
}

/// `probe --dialect 0.2` says it is probed as 0.3, and `--help` lists 0.2; an unknown
/// dialect is still refused with the hint naming 0.2.
#[test]
fn probe_dialect_0_2_is_said_to_be_probed_as_0_3() {
    let port = dead_port();
    let o = Command::new(BIN)
        .args(["probe", &format!("http://{port}/"), "--dialect", "0.2"])
        .args(["--timeout", "2s", "-q"])
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&o.stderr).into_owned();
    assert!(
        err.contains("a2a-interop: note: --dialect 0.2: 0.2 is probed as 0.3"),
        "{err}"
    );
    assert_eq!(o.status.code(), Some(2), "nobody listens: {err}");
    let o = Command::new(BIN)
        .args(["probe", "--help"])
        .output()
        .unwrap();
    let help = String::from_utf8_lossy(&o.stdout).into_owned();
    assert!(help.contains("1.0, 0.3, or 0.2 (probed as 0.3"), "{help}");
    let o = Command::new(BIN)
        .args(["probe", &format!("http://{port}/"), "--dialect", "2.0"])
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&o.stderr).into_owned();
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(err.contains("(0.2 is probed as 0.3)"), "{err}");
    assert!(!err.contains("note:"), "{err}");
}

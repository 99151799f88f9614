//! `a2a-interop proxy --forward --intercept-tls` and `a2a-interop ca` as processes, with
//! real curl as the client: the banner tells how to use it, HTTPS through it is recorded
//! decrypted, SIGTERM ends it with a `mode: forward` recording.

use crate::proxy_process;
use crate::proxy_support as support;

use std::process::Command;
use std::time::Duration;

use a2a_interop::record::jsonl::RecordingReader;
use a2a_interop::record::{CaptureMode, EventKind};
use proxy_process::{spawn_until_listening, Running};
use support::*;

const BIN: &str = env!("CARGO_BIN_EXE_a2a-interop");

#[test]
fn ca_init_then_path_in_the_config_dir() {
    let dir = tempfile::tempdir().unwrap();
    let path = Command::new(BIN)
        .args(["ca", "path"])
        .env("XDG_CONFIG_HOME", dir.path())
        .output()
        .unwrap();
    assert_eq!(path.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&path.stderr).contains("a2a-interop ca init"));
    let init = Command::new(BIN)
        .args(["ca", "init"])
        .env("XDG_CONFIG_HOME", dir.path())
        .output()
        .unwrap();
    assert!(init.status.success());
    let expected = dir.path().join("a2a-interop").join("ca-cert.pem");
    assert_eq!(
        String::from_utf8_lossy(&init.stdout).trim(),
        expected.display().to_string()
    );
    let key = std::fs::read_to_string(dir.path().join("a2a-interop/ca-key.pem")).unwrap();
    let printed = format!(
        "{}{}",
        String::from_utf8_lossy(&init.stdout),
        String::from_utf8_lossy(&init.stderr)
    );
    assert!(
        !printed.contains(key.trim()),
        "the key must never be printed"
    );
    let path = Command::new(BIN)
        .args(["ca", "path"])
        .env("XDG_CONFIG_HOME", dir.path())
        .output()
        .unwrap();
    assert!(path.status.success());
    assert_eq!(
        String::from_utf8_lossy(&path.stdout).trim(),
        expected.display().to_string()
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn forward_cli_records_plain_http_and_ends_on_sigterm() {
    let up = echo_server("a").await;
    let dir = tempfile::tempdir().unwrap();
    let rec = dir.path().join("fwd.jsonl");
    let Running {
        mut child,
        rx,
        banner,
        addr,
    } = spawn_until_listening(
        Command::new(BIN)
            .args(["proxy", "--forward", "--listen", "127.0.0.1:0", "--quiet"])
            .arg("--record")
            .arg(&rec),
        Duration::from_secs(20),
    );
    let url = format!("http://{up}/rpc");
    let proxy = format!("http://{addr}");
    let out = tokio::task::spawn_blocking(move || {
        Command::new("curl")
            .args([
                "-sS",
                "--max-time",
                "20",
                "-x",
                &proxy,
                "--data-binary",
                "{\"a\":1}",
            ])
            .arg(&url)
            .env_remove("NO_PROXY")
            .env_remove("no_proxy")
            .output()
            .unwrap()
    })
    .await
    .unwrap();
    assert!(out.status.success());
    assert!(out.stdout.ends_with(b"{\"a\":1}}"));
    child.signal("TERM");
    let st = child.wait_for(Duration::from_secs(10), "proxy did not exit");
    assert!(st.success(), "{st:?}");
    let all = [banner, proxy_process::rest_of(&rx)].concat().join("\n");
    assert!(all.contains("forward mode: export HTTP_PROXY="), "{all}");
    assert!(!all.contains("passed through unrecorded"), "{all}");
    let reader =
        RecordingReader::new(std::io::BufReader::new(std::fs::File::open(&rec).unwrap())).unwrap();
    assert_eq!(reader.header().mode, CaptureMode::Forward);
    let evs = read_events(&rec);
    assert!(evs.iter().any(|e| matches!(&e.kind,
        EventKind::RequestHead { url, .. } if url == &format!("http://{up}/rpc"))));
}

/// A CONNECT tunnel's far end: accepts, and the connection closes at once.
async fn tunnel_far_end() -> std::net::SocketAddr {
    let far = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let far_addr = far.local_addr().unwrap();
    tokio::spawn(async move {
        while let Ok((s, _)) = far.accept().await {
            drop(s);
        }
    });
    far_addr
}

/// Opens `n` CONNECT tunnels to `far` through the forward proxy at `proxy`, each answered
/// `200` within 10 s.
async fn open_tunnels(proxy: std::net::SocketAddr, far: std::net::SocketAddr, n: usize) {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    for _ in 0..n {
        let mut s = tokio::net::TcpStream::connect(proxy).await.unwrap();
        s.write_all(format!("CONNECT {far} HTTP/1.1\r\nhost: {far}\r\n\r\n").as_bytes())
            .await
            .unwrap();
        let mut buf = [0u8; 64];
        let got = tokio::time::timeout(Duration::from_secs(10), s.read(&mut buf))
            .await
            .unwrap()
            .unwrap();
        assert!(buf[..got].starts_with(b"HTTP/1.1 200"), "{:?}", &buf[..got]);
    }
}

/// fix7: CONNECT tunnels forward mode passed through without `--intercept-tls` are not
/// recorded; at shutdown the proxy says how many and the flag that records them.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn untapped_connect_tunnels_are_counted_at_shutdown() {
    let far_addr = tunnel_far_end().await;
    let dir = tempfile::tempdir().unwrap();
    let rec = dir.path().join("tun.jsonl");
    let run = spawn_until_listening(
        Command::new(BIN)
            .args(["proxy", "--forward", "--listen", "127.0.0.1:0", "--quiet"])
            .arg("--record")
            .arg(&rec),
        Duration::from_secs(20),
    );
    let proxy: std::net::SocketAddr = run.addr.trim_end_matches('/').parse().unwrap();
    open_tunnels(proxy, far_addr, 2).await;
    let all = run.terminate();
    assert!(
        all.contains("a2a-interop proxy: 2 CONNECT tunnels passed through unrecorded")
            && all.contains("; hint: --intercept-tls records them"),
        "{all}"
    );
}

/// breaker16b T7: a forward proxy that saw only CONNECT tunnels writes a `--report` with the
/// verdict `verify` gives its recording: nothing verified (the tunnels named), level
/// `none`; not `partial` for a run that verified nothing.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn report_of_tunnels_only_says_what_verify_says() {
    let far_addr = tunnel_far_end().await;
    let dir = tempfile::tempdir().unwrap();
    let rec = dir.path().join("tun.jsonl");
    let report = dir.path().join("live.json");
    let run = spawn_until_listening(
        Command::new(BIN)
            .args(["proxy", "--forward", "--listen", "127.0.0.1:0", "--quiet"])
            .arg("--record")
            .arg(&rec)
            .arg("--report")
            .arg(&report),
        Duration::from_secs(20),
    );
    let proxy: std::net::SocketAddr = run.addr.trim_end_matches('/').parse().unwrap();
    open_tunnels(proxy, far_addr, 2).await;
    run.terminate();
    let verify = Command::new(BIN).arg("verify").arg(&rec).output().unwrap();
    assert_eq!(verify.status.code(), Some(2));
    let err = String::from_utf8_lossy(&verify.stderr).to_string();
    let why = err
        .split_once(": nothing was verified in ")
        .and_then(|(_, rest)| rest.split_once(": "))
        .and_then(|(_, rest)| rest.split_once("; no conformance level"))
        .map(|(why, _)| why.to_string())
        .unwrap_or_else(|| panic!("{err}"));
    assert!(why.contains("only 2 opaque CONNECT tunnels"), "{why}");
    let live: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&report).unwrap()).unwrap();
    assert_eq!(live["conformanceLevel"], "none", "{live:#}");
    assert_eq!(
        live["conformanceReason"],
        format!("nothing was verified: {why}").as_str()
    );
}

//! review27b: `probe --wait-for-agent` installs its own Ctrl-C / SIGTERM / SIGHUP handlers
//! for the wait, which replace the signals' default action for the rest of the process. The
//! check that follows the wait (a TCP connect and, for `https://`, a TLS handshake of up to
//! 10 s) ran without anyone listening to them: a SIGTERM there was swallowed, and the run
//! went on to exit 2 seconds later. Real process, real loopback socket.

use crate::proxy_process;

use std::io::Read;
use std::net::TcpListener;
use std::process::Command;
use std::time::Duration;

use proxy_process::spawn_with_stderr_lines;

/// A port that accepts connections and never answers (an `https://` agent whose TLS
/// handshake hangs): SIGTERM once the probe's check has sent its TLS ClientHello ends the
/// run at once (exit 130), with a line saying where it was, not the exit 2 of a handshake
/// that timed out.
#[test]
fn sigterm_during_the_check_after_the_wait_ends_the_probe() {
    let dir = tempfile::tempdir().unwrap();
    let mute = TcpListener::bind("127.0.0.1:0").unwrap();
    let port = mute.local_addr().unwrap().port();
    let (mut probe, rx) = spawn_with_stderr_lines(
        Command::new(env!("CARGO_BIN_EXE_a2a-interop"))
            .current_dir(dir.path())
            .args([
                "probe",
                &format!("https://127.0.0.1:{port}"),
                "--wait-for-agent",
                "10m",
                "-o",
                "p.json",
            ])
            .env("NO_COLOR", "1"),
    );
    // the wait's connect, then the check's: its first bytes are a TLS handshake record
    let mut held = Vec::new();
    let hello = loop {
        let (mut c, _) = mute.accept().unwrap();
        c.set_read_timeout(Some(Duration::from_secs(60))).unwrap();
        let mut first = [0u8; 1];
        let n = c.read(&mut first).unwrap_or(0);
        held.push(c);
        if n == 1 {
            break first[0];
        }
    };
    assert_eq!(hello, 0x16, "a TLS handshake record (RFC 8446 §5.1)");
    probe.signal("TERM");
    let st = probe.wait_for(Duration::from_secs(60), "probe stopped during its check");
    let lines = proxy_process::rest_of(&rx);
    assert_eq!(st.code(), Some(130), "{lines:#?}");
    assert_eq!(
        lines,
        vec![format!(
            "a2a-interop: interrupted while checking the agent at 127.0.0.1:{port} before the run (it accepts connections; --wait-for-agent): nothing was sent, no report written"
        )]
    );
    assert!(!dir.path().join("p.json").exists());
    drop(held);
}

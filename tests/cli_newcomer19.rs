//! newcomer19: what a newcomer hit following README.md on a fresh clone (N3 `-q` hiding
//! the findings its last line points at, N4 the printed and the real exit status of a
//! SIGHUP, N6 an agent that never answers, N10 a body cut at `--capture-cap`, N11 a TLS
//! ClientHello on the plain-HTTP listener). Real processes, real loopback sockets, real
//! files, real signals.

#[path = "common/proxy_process.rs"]
mod proxy_process;

use std::io::{Read, Write};
use std::net::{TcpListener, TcpStream};
use std::process::Command;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use proxy_process::{spawn_until_listening, Running};

const BIN: &str = env!("CARGO_BIN_EXE_a2a-interop");

fn stderr_of(o: &std::process::Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// An "agent" that accepts every connection and never sends a byte (it holds them open
/// until the test ends): the process hung behind its listening socket.
fn silent_agent() -> String {
    let l = TcpListener::bind("127.0.0.1:0").unwrap();
    let addr = l.local_addr().unwrap();
    let held = Arc::new(Mutex::new(Vec::new()));
    std::thread::spawn(move || {
        for c in l.incoming().map_while(Result::ok) {
            held.lock().unwrap().push(c);
        }
    });
    format!("http://{addr}")
}

/// The next stderr line of `run` that contains `needle`, within `wait`; panics naming the
/// lines seen otherwise.
fn line_with(run: &Running, needle: &str, wait: Duration) -> String {
    let end = Instant::now() + wait;
    let mut seen = Vec::new();
    while let Some(left) = end.checked_duration_since(Instant::now()) {
        match run.rx.recv_timeout(left) {
            Ok(l) if l.contains(needle) => return l,
            Ok(l) => seen.push(l),
            Err(_) => break,
        }
    }
    panic!("no line with {needle:?} within {wait:?}: {seen:#?}")
}

/// N6: an agent that accepts and never answers, while the client gives up after 1 s: the
/// proxy says so live (before: nothing), and `verify` of the recording names the request
/// the agent never answered (before: "the one exchange is not A2A traffic" for an Agent
/// Card request). The answered control is tests/verify_client_abort.rs.
#[test]
fn n6_an_agent_that_never_answers_is_named_live_and_offline() {
    let dir = tempfile::tempdir().unwrap();
    let rec = dir.path().join("hang.jsonl");
    let up = silent_agent();
    let run = spawn_until_listening(
        Command::new(BIN)
            .args(["proxy", "--listen", "127.0.0.1:0", "--upstream", &up])
            .arg("--record")
            .arg(&rec),
        Duration::from_secs(30),
    );
    let mut c = TcpStream::connect(run.addr.trim_end_matches('/')).unwrap();
    c.write_all(b"GET /.well-known/agent-card.json HTTP/1.1\r\nHost: agent\r\n\r\n")
        .unwrap();
    c.set_read_timeout(Some(Duration::from_secs(1))).unwrap();
    let mut b = [0u8; 1];
    assert!(c.read(&mut b).is_err(), "the silent agent answered");
    drop(c);
    let live = line_with(&run, "never answered", Duration::from_secs(20));
    assert!(
        live.starts_with(
            "a2a-interop: note: the agent never answered e1 GET /.well-known/agent-card.json (GetAgentCard); the client gave up after 1."
        ) && live.ends_with(" s (no response head: not judged)"),
        "{live}"
    );
    run.terminate();
    let o = Command::new(BIN).arg("verify").arg(&rec).output().unwrap();
    let err = stderr_of(&o);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(
        err.contains(": the agent never answered e1 GET /.well-known/agent-card.json (GetAgentCard); the client gave up after 1."),
        "{err}"
    );
    assert!(!err.contains("not A2A traffic"), "{err}");
    assert!(
        err.contains("hint: the agent took the connection but sent no response head"),
        "{err}"
    );
}

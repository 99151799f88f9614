//! Secrets that used to slip past redaction (issue 7, found by a fresh engineer in session 5;
//! A2A-DIGEST CARD-011, PUSH-002, PUSH-004), each through the real binary over loopback
//! sockets and real files:
//! - the userinfo of an absolute-form request line copied into the URLs of a card served
//!   with `--rewrite-card` (and into its `card_rewrite` event).
//!
//! Every secret here is a distinct word so a leak names its path.

#[path = "common/proxy_process.rs"]
mod proxy_process;
#[path = "common/raw_http.rs"]
mod raw_http;

use std::net::SocketAddr;
use std::process::Command;
use std::time::Duration;

use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};

use proxy_process::{spawn_until_listening, Running};

const BIN: &str = env!("CARGO_BIN_EXE_a2a-interop");

/// A raw HTTP/1.1 agent (one request per connection) answering every request with
/// `status`, `content-type: application/json`, extra head lines `extra` (each ending in
/// `\r\n`) and `body`, in which `{self}` is replaced by the agent's own `http://host:port`.
async fn agent(status: u16, extra: &'static str, body: Vec<u8>) -> SocketAddr {
    let l = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = l.local_addr().unwrap();
    let me = format!("http://{addr}");
    let body = replace_bytes(&body, b"{self}", me.as_bytes());
    tokio::spawn(async move {
        while let Ok((mut s, _)) = l.accept().await {
            let body = body.clone();
            tokio::spawn(async move {
                let mut pending = Vec::new();
                if raw_http::read_message(&mut s, &mut pending).await.is_none() {
                    return;
                }
                let mut resp = format!(
                    "HTTP/1.1 {status} X\r\ncontent-type: application/json\r\n{extra}content-length: {}\r\nconnection: close\r\n\r\n",
                    body.len()
                )
                .into_bytes();
                resp.extend_from_slice(&body);
                let _ = s.write_all(&resp).await;
            });
        }
    });
    addr
}

fn replace_bytes(hay: &[u8], from: &[u8], to: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < hay.len() {
        if hay[i..].starts_with(from) {
            out.extend_from_slice(to);
            i += from.len();
        } else {
            out.push(hay[i]);
            i += 1;
        }
    }
    out
}

/// Sends `raw` (a whole HTTP/1.1 request, `connection: close`) to `addr`; the whole answer.
async fn exchange(addr: SocketAddr, raw: &[u8]) -> String {
    let mut s = TcpStream::connect(addr).await.unwrap();
    s.write_all(raw).await.unwrap();
    let mut out = Vec::new();
    tokio::time::timeout(Duration::from_secs(10), s.read_to_end(&mut out))
        .await
        .unwrap()
        .unwrap();
    String::from_utf8_lossy(&out).into_owned()
}

/// A proxy process run by a test: where it listens, its recording path, and its stderr so far.
struct Proxy {
    run: Running,
    addr: SocketAddr,
}

impl Proxy {
    /// Spawns `a2a-interop proxy --listen 127.0.0.1:0 ARGS`.
    fn start(args: &[&str]) -> Proxy {
        let run = spawn_until_listening(
            Command::new(BIN)
                .args(["proxy", "--listen", "127.0.0.1:0"])
                .args(args),
            Duration::from_secs(30),
        );
        let addr = run.addr.trim_end_matches('/').parse().unwrap();
        Proxy { run, addr }
    }

    /// SIGTERM, wait for exit 0; every stderr line (banner included).
    fn stop(self) -> String {
        let Running {
            mut child,
            rx,
            banner,
            ..
        } = self.run;
        let st = Command::new("kill")
            .args(["-TERM", &child.id().to_string()])
            .status()
            .unwrap();
        assert!(st.success());
        let code = child.wait().unwrap();
        let stderr = banner
            .into_iter()
            .chain(rx.iter())
            .collect::<Vec<_>>()
            .join("\n");
        assert_eq!(code.code(), Some(0), "{stderr}");
        stderr
    }
}

/// A1: `GET http://user:SECRET@proxy/.well-known/agent-card.json` (absolute-form, RFC 9112
/// §3.2.2) with `--rewrite-card`: the card's URLs point at the proxy by scheme, host and
/// port only; neither the client's answer nor any event of the recording holds the password.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn card_rewrite_ignores_the_userinfo_of_an_absolute_form_request() {
    let card = br#"{"name":"a","description":"d","version":"1","url":"{self}/","protocolVersion":"0.3.0","capabilities":{},"defaultInputModes":["text/plain"],"defaultOutputModes":["text/plain"],"skills":[]}"#;
    let agent = agent(200, "", card.to_vec()).await;
    let dir = tempfile::tempdir().unwrap();
    let rec = dir.path().join("r1.jsonl");
    let proxy = Proxy::start(&[
        "--upstream",
        &format!("http://{agent}"),
        "--rewrite-card",
        "--record",
        rec.to_str().unwrap(),
        "-q",
    ]);
    let addr = proxy.addr;
    let answer = exchange(
        addr,
        format!(
            "GET http://user:SECRETABS@{addr}/.well-known/agent-card.json HTTP/1.1\r\nhost: {addr}\r\nconnection: close\r\n\r\n"
        )
        .as_bytes(),
    )
    .await;
    proxy.stop();
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
    assert!(
        answer.contains(&format!(r#""url":"http://{addr}/""#)),
        "card not rewritten to the proxy's bare origin: {answer}"
    );
    assert!(!answer.contains("SECRETABS"), "{answer}");
    let text = std::fs::read_to_string(&rec).unwrap();
    assert_eq!(
        text.matches(r#""type":"card_rewrite""#).count(),
        1,
        "{text}"
    );
    assert!(!text.contains("SECRETABS"), "{text}");
    // the request's own URL keeps its user name, the password redacted
    assert!(text.contains("user:[REDACTED]@"), "{text}");
}

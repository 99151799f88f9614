//! `--rewrite-card` and a card over the 1 MiB rewrite cap, with the proxy as a process: the
//! card passes byte for byte unrewritten, but not silently: a `WARNING` line on stderr, a
//! `card_rewrite_skipped` event in the recording, and a CARD-URL-005 note that puts the
//! fault on the proxy, not on the agent (CARD-005/006).

use crate::proxy_process;
use crate::proxy_support as support;

use std::process::Command;
use std::time::Duration;

use a2a_interop::proxy::card::CARD_CAP;
use a2a_interop::record::EventKind;
use a2a_interop::verify::Severity;
use http_body_util::BodyExt;
use proxy_process::{spawn_until_listening, Running};
use support::*;

const BIN: &str = env!("CARGO_BIN_EXE_a2a-interop");

/// An agent whose 1.0 card advertises its own address, padded to `size` bytes.
async fn card_agent(size: usize, host: &'static str) -> std::net::SocketAddr {
    let port = std::sync::Arc::new(std::sync::OnceLock::<u16>::new());
    let port2 = port.clone();
    let up = serve(std::sync::Arc::new(
        move |_req: hyper::Request<hyper::body::Incoming>| {
            let port = *port2.get().unwrap();
            Box::pin(async move {
                let head = format!(
                    r#"{{"name":"big","supportedInterfaces":[{{"url":"http://{host}:{port}/","protocolBinding":"JSONRPC","protocolVersion":"1.0"}}],"version":"1","capabilities":{{}},"defaultInputModes":["text/plain"],"defaultOutputModes":["text/plain"],"skills":[{{"id":"s","name":"s","description":"d","tags":["t"]}}],"description":""#
                );
                let pad = size.saturating_sub(head.len() + 2);
                let body = format!("{head}{}\"}}", "x".repeat(pad));
                hyper::Response::builder()
                    .header("content-type", "application/json")
                    .body(full(body))
                    .unwrap()
            })
        },
    ))
    .await;
    port.set(up.port()).unwrap();
    up
}

async fn run(
    size: usize,
    host: &'static str,
) -> (
    Vec<u8>,
    String,
    Vec<a2a_interop::record::Event>,
    std::path::PathBuf,
    tempfile::TempDir,
    std::net::SocketAddr,
) {
    let up = card_agent(size, host).await;
    let dir = tempfile::tempdir().unwrap();
    let rec = dir.path().join("card.jsonl");
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
                "--rewrite-card",
                "--quiet",
            ])
            .arg("--upstream")
            .arg(format!("http://{up}"))
            .arg("--record")
            .arg(&rec),
        Duration::from_secs(20),
    );
    let base = format!("http://{}", addr.trim_end_matches('/'));
    let c = client_h1();
    let resp = c
        .request(get(&format!("{base}/.well-known/agent-card.json")))
        .await
        .unwrap();
    assert_eq!(resp.status(), 200);
    let body = resp
        .into_body()
        .collect()
        .await
        .unwrap()
        .to_bytes()
        .to_vec();
    child.signal("TERM");
    let st = child.wait_for(Duration::from_secs(10), "proxy did not exit");
    assert!(st.success(), "{st:?}");
    let stderr = [banner, proxy_process::rest_of(&rx)].concat().join("\n");
    let evs = read_events(&rec);
    (body, stderr, evs, rec, dir, up)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn card_over_the_cap_passes_unrewritten_but_loudly() {
    let (body, stderr, evs, rec, _dir, up) = run(CARD_CAP + 4096, "127.0.0.1").await;
    // Served unchanged: the agent's own URL, every byte.
    assert_eq!(body.len(), CARD_CAP + 4096);
    let text = String::from_utf8(body).unwrap();
    assert!(text.contains(&format!("\"url\":\"http://127.0.0.1:{}/\"", up.port())));
    // Loud on stderr, even with --quiet.
    assert!(
        stderr.contains(
            "a2a-interop proxy: WARNING: agent card e1 NOT rewritten: card body over the 1048576-byte rewrite cap; clients that follow its URLs bypass the proxy"
        ),
        "{stderr}"
    );
    // Visible in the recording, right after the response head.
    let kinds: Vec<&EventKind> = of_exchange(&evs, "e1").iter().map(|e| &e.kind).collect();
    assert!(
        matches!(kinds[1], EventKind::ResponseHead { .. }),
        "{kinds:?}"
    );
    match kinds[2] {
        EventKind::CardRewriteSkipped { reason } => {
            assert_eq!(reason, "card body over the 1048576-byte rewrite cap")
        }
        other => panic!("third event of e1 is {other:?}"),
    }
    assert!(!kinds
        .iter()
        .any(|k| matches!(k, EventKind::CardRewrite { .. })));
    // The verifier names the proxy, not the agent: a note, no error, no warning.
    let out = a2a_interop::app::verify_cmd::verify_file(&rec)
        .unwrap()
        .outcome;
    let worse: Vec<_> = out
        .findings
        .iter()
        .filter(|f| f.severity > Severity::Note)
        .map(|f| format!("{} {}", f.rule, f.message))
        .collect();
    assert!(worse.is_empty(), "{worse:?}");
    let note = out
        .findings
        .iter()
        .find(|f| f.rule == "CARD-URL-005")
        .expect("CARD-URL-005 note");
    assert_eq!(
        note.message,
        format!(
            "card advertises the proxy's upstream http://127.0.0.1:{} and --rewrite-card could not rewrite it (card body over the 1048576-byte rewrite cap; not the agent's fault) so clients that follow it bypass the recorder",
            up.port()
        )
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn card_under_the_cap_is_rewritten_without_a_warning() {
    let (body, stderr, evs, rec, _dir, up) = run(64 * 1024, "127.0.0.1").await;
    let text = String::from_utf8(body).unwrap();
    assert!(
        !text.contains(&format!("127.0.0.1:{}/", up.port())),
        "not rewritten"
    );
    assert!(!stderr.contains("WARNING"), "{stderr}");
    assert!(!evs
        .iter()
        .any(|e| matches!(e.kind, EventKind::CardRewriteSkipped { .. })));
    assert!(evs
        .iter()
        .any(|e| matches!(e.kind, EventKind::CardRewrite { .. })));
    let out = a2a_interop::app::verify_cmd::verify_file(&rec)
        .unwrap()
        .outcome;
    assert!(!out.findings.iter().any(|f| f.rule == "CARD-URL-005"));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn card_advertising_another_host_is_not_rewritten_and_says_so() {
    // The agent advertises an internal name (behind a gateway, or A2A_PUBLIC_URL set wrong):
    // not the upstream, so --rewrite-card leaves it, and says clients will bypass the proxy.
    let (body, stderr, evs, _rec, _dir, up) = run(2048, "agent.internal").await;
    let text = String::from_utf8(body).unwrap();
    let url = format!("http://agent.internal:{}/", up.port());
    assert!(text.contains(&format!("\"url\":\"{url}\"")), "{text}");
    assert!(
        stderr.contains(&format!("WARNING: agent card e1 NOT rewritten: advertised url {url} points neither at the upstream")),
        "{stderr}"
    );
    assert!(
        of_exchange(&evs, "e1").iter().any(
            |e| matches!(&e.kind, EventKind::CardRewriteSkipped { reason } if reason.contains(&url))
        ),
        "{evs:?}"
    );
}

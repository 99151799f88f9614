//! review32: the verifier's leftovers of session 31 that live in the commands. Real
//! processes (the built binary), real loopback sockets.
//!
//! - `probe` of an agent whose card names the bind-all address (`http://0.0.0.0:PORT/rpc`,
//!   its listen address): on loopback the probe's recording proxy rewrote the card to itself
//!   and the report said nothing; now it carries CARD-URL-011 (CARD-005) for the card as the
//!   agent served it. (Probed at a routable address the run stopped with exit 2 and "add
//!   --allow-host"; it now calls the probed host: `bind_all_card_url_moves_to_the_probed_host`
//!   in src/probe/plan.rs, as a test cannot rely on a routable address.)
//! - `proxy --capture-cap 0`: said once at start what it means (no body recorded, no verdict
//!   that needs one), then a "body cut at --capture-cap (0 bytes)" note for every exchange;
//!   now the start line says it and the shutdown summary counts them, without a note per
//!   exchange.

use crate::broken;
use crate::common;

use crate::proxy_process;

use std::io::{Read, Write};
use std::process::Command;
use std::time::Duration;

use common::run_off_runtime as run;

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn probe_of_a_card_naming_the_bind_all_address_reports_it_and_goes_on() {
    let dir = tempfile::tempdir().unwrap();
    let agent = broken::start(broken::Break::BindAllHost, false).await;
    let port = agent.addr.port();
    let report = dir.path().join("r.json");
    let o = run(vec![
        "probe".into(),
        agent.url(),
        "--timeout".into(),
        "5s".into(),
        "-f".into(),
        "json".into(),
        "-o".into(),
        report.display().to_string(),
    ])
    .await;
    let err = text(&o.stderr);
    // the run went on (no usage error, exit 2); a warning alone fails nothing
    assert_eq!(o.status.code(), Some(0), "{err}");
    assert!(!err.contains("--allow-host"), "{err}");
    let r: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&report).unwrap()).unwrap();
    let findings = r["findings"].as_array().unwrap();
    // the probe's recording proxy rewrote the card to itself; the agent's card is judged
    let f = findings
        .iter()
        .find(|f| f["rule"] == "CARD-URL-011")
        .unwrap_or_else(|| panic!("{findings:#?}"));
    assert_eq!(f["severity"], "warning");
    let m = f["message"].as_str().unwrap();
    assert!(
        m.starts_with(&format!(
            "card interface url http://0.0.0.0:{port}/rpc names the bind-all address 0.0.0.0"
        )) && m.contains("(the recording proxy rewrote it to http://127.0.0.1:"),
        "{m}"
    );
    assert_eq!(
        f["evidence"][0]["found"],
        format!("http://0.0.0.0:{port}/rpc"),
        "{f:#}"
    );
    // the interface was tested: the lifecycle passed there
    let results = r["results"].as_array().unwrap();
    let passed = |name: &str| {
        results
            .iter()
            .any(|t| t["test"].as_str().is_some_and(|n| n.contains(name)) && t["status"] == "pass")
    };
    assert!(passed("card.interface-url"), "{results:#?}");
    assert!(passed("lifecycle."), "{results:#?}");
}

#[test]
fn capture_cap_zero_is_said_once_not_per_exchange() {
    let card = r#"{"name":"x"}"#.to_string();
    let up = proxy_process::card_only_agent(card);
    let dir = tempfile::tempdir().unwrap();
    let rec = dir.path().join("rec.jsonl");
    let running = proxy_process::spawn_until_listening(
        Command::new(env!("CARGO_BIN_EXE_a2a-interop")).args([
            "proxy",
            "--listen",
            "127.0.0.1:0",
            "--upstream",
            &format!("http://{up}"),
            "--capture-cap",
            "0",
            "--record",
            rec.to_str().unwrap(),
        ]),
        Duration::from_secs(30),
    );
    let addr = running.addr.trim_end_matches('/').to_string();
    for _ in 0..3 {
        let mut s = std::net::TcpStream::connect(&addr).unwrap();
        write!(
            s,
            "GET /.well-known/agent-card.json HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n"
        )
        .unwrap();
        let mut got = String::new();
        s.read_to_string(&mut got).unwrap();
        assert!(got.ends_with(r#"{"name":"x"}"#), "{got}");
    }
    // no wait before the stop (a 300 ms sleep stood here): the stop records and verifies
    // every event the proxy took in
    let err = running.terminate();
    assert!(
        err.contains("warning: --capture-cap 0 records no bodies"),
        "{err}"
    );
    assert!(!err.contains("note: e1 response body cut"), "{err}");
    assert!(
        err.contains("3 exchanges (e1, e2, e3) had a body cut at --capture-cap (0 bytes)"),
        "{err}"
    );
}

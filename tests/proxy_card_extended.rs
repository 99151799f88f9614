//! `--rewrite-card` and the authenticated extended card (CARD-007, CARD-005/006; found by a
//! fresh engineer in session 6): the 1.0 REST `GET /extendedAgentCard`, 0.3 REST
//! `GET /v1/card`, and the card in the `result` of a JSON-RPC `GetExtendedAgentCard` (1.0) or
//! `agent/getAuthenticatedExtendedCard` (0.3) answer passed with the agent's own URLs, so a
//! client that switched to the extended card left the proxy with no warning. Each is
//! rewritten like the public card, with a `card_rewrite` event; over the cap it passes with
//! a `card_rewrite_skipped` event and a `WARNING` line. The proxy runs as a process, the
//! agent is a small real server on loopback.

use crate::proxy_process;

use std::net::SocketAddr;
use std::process::Command;
use std::time::Duration;

use serde_json::Value;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};

use proxy_process::{spawn_until_listening, Running};

const BIN: &str = env!("CARGO_BIN_EXE_a2a-interop");

/// A 1.0 card whose two interfaces name `me` (`http://127.0.0.1:PORT`), padded with a
/// description of `pad` bytes.
/// With a `signatures` member holding `signatures` (a JSON array) when given.
fn card_signed(me: &str, pad: usize, signatures: Option<&str>) -> String {
    let sig = signatures
        .map(|s| format!(r#","signatures":{s}"#))
        .unwrap_or_default();
    format!(
        r#"{{"name":"C","description":"{}","version":"1","supportedInterfaces":[{{"url":"{me}/","protocolBinding":"JSONRPC","protocolVersion":"1.0"}},{{"url":"{me}/","protocolBinding":"HTTP+JSON","protocolVersion":"1.0"}}],"capabilities":{{"extendedAgentCard":true}},"defaultInputModes":["text/plain"],"defaultOutputModes":["text/plain"],"skills":[]{sig}}}"#,
        "d".repeat(pad)
    )
}

/// An agent serving the card on every GET and, for every POST, a JSON-RPC answer whose
/// `result` is the card (whatever the method: the proxy must tell by the request). The
/// card is padded by `pad` bytes.
async fn agent(pad: usize) -> SocketAddr {
    agent_signed(pad, None).await
}

/// [`agent`] serving [`card_signed`] with `signatures`.
async fn agent_signed(pad: usize, signatures: Option<&'static str>) -> SocketAddr {
    let l = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = l.local_addr().unwrap();
    let card = card_signed(&format!("http://{addr}"), pad, signatures);
    tokio::spawn(async move {
        while let Ok((mut s, _)) = l.accept().await {
            let card = card.clone();
            tokio::spawn(async move {
                let mut got = Vec::new();
                let mut buf = [0u8; 8192];
                let (head, body_start) = loop {
                    match s.read(&mut buf).await {
                        Ok(0) | Err(_) => return,
                        Ok(n) => got.extend_from_slice(&buf[..n]),
                    }
                    if let Some(h) = got.windows(4).position(|w| w == b"\r\n\r\n") {
                        break (String::from_utf8_lossy(&got[..h]).to_string(), h + 4);
                    }
                };
                let lower = head.to_ascii_lowercase();
                let chunked = lower.contains("transfer-encoding: chunked");
                let len: usize = lower
                    .lines()
                    .find_map(|l| l.strip_prefix("content-length:"))
                    .and_then(|v| v.trim().parse().ok())
                    .unwrap_or(0);
                // the whole request body first
                loop {
                    let body = &got[body_start..];
                    let done = if chunked {
                        body.ends_with(b"0\r\n\r\n")
                    } else {
                        body.len() >= len
                    };
                    if done {
                        break;
                    }
                    match s.read(&mut buf).await {
                        Ok(0) | Err(_) => return,
                        Ok(n) => got.extend_from_slice(&buf[..n]),
                    }
                }
                let body = if head.starts_with("POST") {
                    format!(r#"{{"jsonrpc":"2.0","id":1,"result":{card}}}"#)
                } else {
                    card
                };
                let resp = format!(
                    "HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: {}\r\nconnection: close\r\n\r\n{body}",
                    body.len()
                );
                let _ = s.write_all(resp.as_bytes()).await;
            });
        }
    });
    addr
}

/// POSTs the JSON `body` whole ([`call`]) and reads the answer as JSON.
async fn post_json(addr: SocketAddr, body: &str) -> Value {
    let answer = call(
        addr,
        "POST / HTTP/1.1\r\ncontent-type: application/json",
        &[body],
        false,
    )
    .await;
    serde_json::from_str(&answer).unwrap()
}

/// Sends the request head `head` (without the final blank line) and then `pieces` of its
/// body 50 ms apart (`chunked`: each as one chunk); the response body.
async fn call(addr: SocketAddr, head: &str, pieces: &[&str], chunked: bool) -> String {
    let mut s = TcpStream::connect(addr).await.unwrap();
    let total: usize = pieces.iter().map(|p| p.len()).sum();
    let framing = if chunked {
        "transfer-encoding: chunked\r\n".to_string()
    } else if pieces.is_empty() {
        String::new()
    } else {
        format!("content-length: {total}\r\n")
    };
    s.write_all(
        format!("{head}\r\nhost: {addr}\r\na2a-version: 1.0\r\n{framing}connection: close\r\n\r\n")
            .as_bytes(),
    )
    .await
    .unwrap();
    for p in pieces {
        if chunked {
            s.write_all(format!("{:x}\r\n{p}\r\n", p.len()).as_bytes())
                .await
                .unwrap();
        } else {
            s.write_all(p.as_bytes()).await.unwrap();
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    if chunked {
        s.write_all(b"0\r\n\r\n").await.unwrap();
    }
    let mut out = Vec::new();
    tokio::time::timeout(Duration::from_secs(10), s.read_to_end(&mut out))
        .await
        .unwrap()
        .unwrap();
    let text = String::from_utf8_lossy(&out).into_owned();
    text.split_once("\r\n\r\n")
        .map(|(_, b)| b.to_string())
        .unwrap_or_default()
}

/// `--rewrite-card --record FILE` in front of `agent`; the proxy and the recording path.
fn proxy(agent: SocketAddr, dir: &tempfile::TempDir) -> (Running, SocketAddr, std::path::PathBuf) {
    let rec = dir.path().join("rec.jsonl");
    let run = spawn_until_listening(
        Command::new(BIN).args([
            "proxy",
            "--listen",
            "127.0.0.1:0",
            "--upstream",
            &format!("http://{agent}"),
            "--rewrite-card",
            "--record",
            rec.to_str().unwrap(),
        ]),
        Duration::from_secs(30),
    );
    let addr = run.addr.trim_end_matches('/').parse().unwrap();
    (run, addr, rec)
}

fn events(path: &std::path::Path) -> Vec<Value> {
    std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .skip(1)
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

/// The interface URLs of a card (`card` = the card object).
fn interface_urls(card: &Value) -> Vec<String> {
    card["supportedInterfaces"]
        .as_array()
        .unwrap()
        .iter()
        .map(|i| i["url"].as_str().unwrap().to_string())
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn extended_cards_are_rewritten_like_the_public_card() {
    let agent = agent(0).await;
    let dir = tempfile::tempdir().unwrap();
    let (run, addr, rec) = proxy(agent, &dir);
    let me = format!("http://{addr}/");
    // REST: public, 1.0 extended (bare and under a tenant), 0.3 extended
    for path in [
        "/.well-known/agent-card.json",
        "/extendedAgentCard",
        "/t1/extendedAgentCard",
        "/v1/card",
    ] {
        let body = call(addr, &format!("GET {path} HTTP/1.1"), &[], false).await;
        let v: Value = serde_json::from_str(&body).unwrap();
        assert_eq!(interface_urls(&v), [me.clone(), me.clone()], "{path}");
    }
    // JSON-RPC, 1.0 and 0.3 method names; the 0.3 one cut across two chunks of the body
    let rpc10 = r#"{"jsonrpc":"2.0","id":1,"method":"GetExtendedAgentCard"}"#;
    let v = post_json(addr, rpc10).await;
    assert_eq!(interface_urls(&v["result"]), [me.clone(), me.clone()]);
    assert_eq!(v["jsonrpc"], "2.0");
    let rpc03 = r#"{"jsonrpc":"2.0","id":1,"method":"agent/getAuthenticatedExtendedCard"}"#;
    let cut = rpc03.find("Authenticated").unwrap();
    let body = call(
        addr,
        "POST / HTTP/1.1\r\ncontent-type: application/json",
        &[&rpc03[..cut], &rpc03[cut..]],
        true,
    )
    .await;
    let v: Value = serde_json::from_str(&body).unwrap();
    assert_eq!(interface_urls(&v["result"]), [me.clone(), me.clone()]);
    // any other method's answer passes as the agent sent it
    let other = r#"{"jsonrpc":"2.0","id":1,"method":"GetTask","params":{"id":"t"}}"#;
    let v = post_json(addr, other).await;
    let own = format!("http://{agent}/");
    assert_eq!(interface_urls(&v["result"]), [own.clone(), own.clone()]);
    let stderr = run.terminate();
    assert!(!stderr.contains("WARNING"), "{stderr}");

    let evs = events(&rec);
    let rewrites: Vec<&Value> = evs.iter().filter(|e| e["type"] == "card_rewrite").collect();
    assert_eq!(rewrites.len(), 6, "one card_rewrite per card served");
    let pointers: Vec<&Value> = rewrites.iter().map(|e| &e["pointers"]).collect();
    for p in &pointers[..4] {
        assert_eq!(
            **p,
            serde_json::json!(["/supportedInterfaces/0/url", "/supportedInterfaces/1/url"])
        );
    }
    for p in &pointers[4..] {
        assert_eq!(
            **p,
            serde_json::json!([
                "/result/supportedInterfaces/0/url",
                "/result/supportedInterfaces/1/url"
            ])
        );
    }
    // the agent's own bytes stay in the recording
    let agent_bytes = evs
        .iter()
        .filter(|e| e["exchange"] == "e5" && e["type"] == "response_chunk")
        .map(|e| e["body"].as_str().unwrap())
        .collect::<String>();
    assert!(agent_bytes.contains(&own), "{agent_bytes}");
}

/// An extended card over the 1 MiB cap passes unrewritten, loudly: `card_rewrite_skipped`
/// and a `WARNING` line, as for the public card.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_extended_card_over_the_cap_is_skipped_loudly() {
    let agent = agent(a2a_interop::proxy::card::CARD_CAP + 10).await;
    let dir = tempfile::tempdir().unwrap();
    let (run, addr, rec) = proxy(agent, &dir);
    let rpc = r#"{"jsonrpc":"2.0","id":1,"method":"GetExtendedAgentCard"}"#;
    let v = post_json(addr, rpc).await;
    let own = format!("http://{agent}/");
    assert_eq!(interface_urls(&v["result"]), [own.clone(), own]);
    let stderr = run.terminate();
    assert!(
        stderr.contains(
            "WARNING: agent card e1 NOT rewritten: card body over the 1048576-byte rewrite cap"
        ),
        "{stderr}"
    );
    let evs = events(&rec);
    assert_eq!(
        evs.iter()
            .filter(|e| e["type"] == "card_rewrite_skipped")
            .count(),
        1
    );
}

/// One ES256 JWS signature entry in the shape a2a-python's `create_agent_card_signer` gives
/// (protected = base64url `{"alg":"ES256","kid":"k1","typ":"JOSE"}`).
const SIGNATURES: &str = r#"[{"protected":"eyJhbGciOiJFUzI1NiIsImtpZCI6ImsxIiwidHlwIjoiSk9TRSJ9","signature":"c2lnbmF0dXJl"}]"#;

/// A JWS-signed card (public, 1.0 and 0.3 REST extended, JSON-RPC extended) is served as the
/// agent signed it, byte for byte: its signatures cover the URLs (CARD-010), so a rewrite
/// would make every client that checks them refuse the agent through the proxy (breaker17b
/// V4). Loudly: a `WARNING` line naming the cause and the fix, a `card_rewrite_skipped` per
/// card, and the verifier's CARD-URL-005 note on the proxy, not an error on the agent.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_signed_card_is_served_untouched_and_loudly() {
    let agent = agent_signed(0, Some(SIGNATURES)).await;
    let dir = tempfile::tempdir().unwrap();
    let (run, addr, rec) = proxy(agent, &dir);
    let signed = card_signed(&format!("http://{agent}"), 0, Some(SIGNATURES));
    for path in [
        "/.well-known/agent-card.json",
        "/extendedAgentCard",
        "/v1/card",
    ] {
        let body = call(addr, &format!("GET {path} HTTP/1.1"), &[], false).await;
        assert_eq!(body, signed, "{path}");
    }
    let rpc = r#"{"jsonrpc":"2.0","id":1,"method":"GetExtendedAgentCard"}"#;
    let body = call(
        addr,
        "POST / HTTP/1.1\r\ncontent-type: application/json",
        &[rpc],
        false,
    )
    .await;
    assert_eq!(
        body,
        format!(r#"{{"jsonrpc":"2.0","id":1,"result":{signed}}}"#)
    );
    let stderr = run.terminate();
    assert!(
        stderr.contains("a2a-interop proxy: WARNING: agent card e1 NOT rewritten: the card is signed (1 JWS signature in signatures[]) and a rewrite of /supportedInterfaces/0/url, /supportedInterfaces/1/url would invalidate them (CARD-010"),
        "{stderr}"
    );
    assert!(
        stderr.contains("WARNING: agent card e4 NOT rewritten: the card is signed (1 JWS signature in signatures[]) and a rewrite of /result/supportedInterfaces/0/url, /result/supportedInterfaces/1/url would invalidate them"),
        "{stderr}"
    );
    assert!(
        stderr.contains("let the agent advertise the proxy's URL"),
        "{stderr}"
    );
    let evs = events(&rec);
    assert_eq!(
        evs.iter().filter(|e| e["type"] == "card_rewrite").count(),
        0
    );
    let skipped: Vec<&str> = evs
        .iter()
        .filter(|e| e["type"] == "card_rewrite_skipped")
        .map(|e| e["reason"].as_str().unwrap())
        .collect();
    assert_eq!(skipped.len(), 4, "{skipped:?}");
    assert!(skipped.iter().all(|r| r.starts_with("the card is signed")));
    // The verifier puts it on the proxy: CARD-URL-005 notes, nothing worse about the card's
    // URLs or signatures (this small agent's empty skills and open extended card are its
    // own, other, faults).
    let out = a2a_interop::app::verify_cmd::verify_file(&rec)
        .unwrap()
        .outcome;
    let worse: Vec<String> = out
        .findings
        .iter()
        .filter(|f| f.rule.starts_with("CARD-URL") || f.rule.starts_with("CARD-SIG"))
        .filter(|f| f.severity > a2a_interop::verify::Severity::Note)
        .map(|f| format!("{} {}", f.rule, f.message))
        .collect();
    assert!(worse.is_empty(), "{worse:?}");
    let note = out
        .findings
        .iter()
        .find(|f| f.rule == "CARD-URL-005")
        .expect("CARD-URL-005 note");
    assert!(
        note.message
            .contains("--rewrite-card could not rewrite it (the card is signed")
            && note.message.contains("not the agent's fault"),
        "{}",
        note.message
    );
}

/// Near miss: an empty `signatures` array signs nothing, so the card is rewritten as usual
/// and nothing is said.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_card_with_no_signature_entries_is_rewritten() {
    let agent = agent_signed(0, Some("[]")).await;
    let dir = tempfile::tempdir().unwrap();
    let (run, addr, rec) = proxy(agent, &dir);
    let body = call(
        addr,
        "GET /.well-known/agent-card.json HTTP/1.1",
        &[],
        false,
    )
    .await;
    let v: Value = serde_json::from_str(&body).unwrap();
    let me = format!("http://{addr}/");
    assert_eq!(interface_urls(&v), [me.clone(), me]);
    let stderr = run.terminate();
    assert!(!stderr.contains("WARNING"), "{stderr}");
    let evs = events(&rec);
    assert_eq!(
        evs.iter().filter(|e| e["type"] == "card_rewrite").count(),
        1
    );
    assert_eq!(
        evs.iter()
            .filter(|e| e["type"] == "card_rewrite_skipped")
            .count(),
        0
    );
}

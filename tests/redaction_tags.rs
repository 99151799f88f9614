//! Equality-preserving redaction (`record::redact::Tagger`; A2A-DIGEST PUSH-004, PUSH-005,
//! CARD-011), through the real binary over loopback sockets and real files:
//! - within one recording, one secret gets one tag wherever it stands (a header after its
//!   scheme word, a header whole, a query parameter, a push config's `token` and
//!   `credentials`, a form value), different secrets different tags, and no secret byte
//!   reaches the file;
//! - two recordings of the same traffic share no tag (a key per recording, never written);
//! - PUSH-AUTH-002 (a delivery with another config's token) is found on the redacted
//!   recording of a forward proxy that saw the config (token A) and the delivery (token B),
//!   and not when the delivery carries A; `repro` cuts it keeping the recording's tags;
//! - a recording redacted the old way (`[REDACTED]` everywhere) verifies as before: the
//!   untagged values are unknown, PUSH-AUTH-002 is not judged on them.
//!
//! Every secret is a word with letters outside `0-9a-f`, so no tag can contain one.

use crate::proxy_process;
use crate::raw_http;

use std::collections::BTreeSet;
use std::net::SocketAddr;
use std::path::Path;
use std::process::Command;
use std::time::Duration;

use a2a_interop::record::redact::{placeholder_tag, strip_tags, REDACTED};
use a2a_interop::record::{source, Event, EventKind};
use a2a_interop::verify::verify_all;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};

use proxy_process::spawn_until_listening;

const BIN: &str = env!("CARGO_BIN_EXE_a2a-interop");

/// The push-notification token the client configures (PUSH-004).
const TOKEN_A: &str = "tok-Alpha-QWERTY";
/// Another config's token, which a faulty agent sends instead (PUSH-AUTH-002).
const TOKEN_B: &str = "tok-Bravo-ZXCVBN";
/// The webhook's Bearer credentials (PUSH-005) and the client's own Bearer token.
const HOOK_CRED: &str = "hookcred-Juliet-MNOP";
const CLIENT_BEARER: &str = "cbear-Kilo-UVWXYZ";
/// An API key sent as a header and as a query parameter, and a form password.
const API_KEY: &str = "key-Lima-GHJKL";
const FORM_PW: &str = "pw-Mike-RSTUV";

const SECRETS: [&str; 6] = [TOKEN_A, TOKEN_B, HOOK_CRED, CLIENT_BEARER, API_KEY, FORM_PW];

/// A raw HTTP/1.1 agent and webhook receiver in one (one request per connection): a 1.0
/// `SendMessage` gets a working task `task-1`, a `CreateTaskPushNotificationConfig` its
/// config back with id `cfg-1`, anything else (the webhook, the form) `200` with `{}`.
async fn agent() -> SocketAddr {
    let l = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = l.local_addr().unwrap();
    tokio::spawn(async move {
        while let Ok((mut s, _)) = l.accept().await {
            tokio::spawn(async move {
                let mut pending = Vec::new();
                let Some(m) = raw_http::read_message(&mut s, &mut pending).await else {
                    return;
                };
                let req: serde_json::Value =
                    serde_json::from_slice(&m.body).unwrap_or(serde_json::Value::Null);
                let body = match req["method"].as_str() {
                    Some("SendMessage") => serde_json::json!({
                        "jsonrpc": "2.0", "id": req["id"],
                        "result": {"task": {"id": "task-1", "contextId": "ctx-1",
                                            "status": {"state": "TASK_STATE_WORKING"}}}
                    }),
                    Some("CreateTaskPushNotificationConfig") => {
                        let mut cfg = req["params"].clone();
                        cfg["id"] = "cfg-1".into();
                        serde_json::json!({"jsonrpc": "2.0", "id": req["id"], "result": cfg})
                    }
                    _ => serde_json::json!({}),
                }
                .to_string();
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

/// Sends one absolute-form `POST url` through the forward proxy at `proxy` with the header
/// lines `extra` (each ending `\r\n`) and `body`; the raw answer.
async fn post(proxy: SocketAddr, url: &str, content_type: &str, extra: &str, body: &str) -> String {
    let mut s = TcpStream::connect(proxy).await.unwrap();
    let host = url
        .trim_start_matches("http://")
        .split('/')
        .next()
        .unwrap_or("");
    let raw = format!(
        "POST {url} HTTP/1.1\r\nhost: {host}\r\ncontent-type: {content_type}\r\n{extra}content-length: {}\r\nconnection: close\r\n\r\n{body}",
        body.len()
    );
    s.write_all(raw.as_bytes()).await.unwrap();
    let mut out = Vec::new();
    tokio::time::timeout(Duration::from_secs(10), s.read_to_end(&mut out))
        .await
        .unwrap()
        .unwrap();
    String::from_utf8_lossy(&out).into_owned()
}

/// Runs `proxy --forward --record FILE` over one client session and one push delivery
/// carrying `delivered_token`; returns the recording's text.
async fn record_session(dir: &Path, name: &str, delivered_token: &str) -> std::path::PathBuf {
    let agent = agent().await;
    let rec = dir.join(name);
    let run = spawn_until_listening(
        Command::new(BIN)
            .args(["proxy", "--forward", "--listen", "127.0.0.1:0", "--record"])
            .arg(&rec),
        Duration::from_secs(30),
    );
    let proxy: SocketAddr = run.addr.trim_end_matches('/').parse().unwrap();
    let a2a = format!("http://{agent}/a2a?api_key={API_KEY}");
    let hook = format!("http://{agent}/webhook");
    let client = format!(
        "a2a-version: 1.0\r\nauthorization: Bearer {CLIENT_BEARER}\r\nx-api-key: {API_KEY}\r\n"
    );
    let send = r#"{"jsonrpc":"2.0","id":1,"method":"SendMessage","params":{"message":{"messageId":"m1","role":"ROLE_USER","parts":[{"text":"long job"}]},"configuration":{"returnImmediately":true}}}"#;
    let ok = post(proxy, &a2a, "application/json", &client, send).await;
    assert!(ok.starts_with("HTTP/1.1 200"), "{ok}");
    let create = serde_json::json!({
        "jsonrpc": "2.0", "id": 2, "method": "CreateTaskPushNotificationConfig",
        "params": {"taskId": "task-1", "url": hook, "token": TOKEN_A,
                   "authentication": {"scheme": "Bearer", "credentials": HOOK_CRED}}
    })
    .to_string();
    // the same request again (a client's retry): the same Authorization, the same tags
    for _ in 0..2 {
        let ok = post(proxy, &a2a, "application/json", &client, &create).await;
        assert!(ok.starts_with("HTTP/1.1 200"), "{ok}");
    }
    // an OAuth-style form with the API key as its password field
    let form = format!("grant_type=password&username=u&password={FORM_PW}&client_secret={API_KEY}");
    let ok = post(
        proxy,
        &format!("http://{agent}/token"),
        "application/x-www-form-urlencoded",
        "",
        &form,
    )
    .await;
    assert!(ok.starts_with("HTTP/1.1 200"), "{ok}");
    // the agent's delivery to the webhook, through the same proxy
    let delivery = r#"{"statusUpdate":{"taskId":"task-1","contextId":"ctx-1","status":{"state":"TASK_STATE_COMPLETED"}}}"#;
    let ok = post(
        proxy,
        &hook,
        "application/a2a+json",
        &format!(
            "authorization: Bearer {HOOK_CRED}\r\nx-a2a-notification-token: {delivered_token}\r\n"
        ),
        delivery,
    )
    .await;
    assert!(ok.starts_with("HTTP/1.1 200"), "{ok}");
    run.terminate();
    rec
}

fn events(path: &Path) -> (a2a_interop::record::RecordingHeader, Vec<Event>) {
    let src = source::open(path).unwrap_or_else(|e| panic!("{}: {e:#}", path.display()));
    let header = src.header.clone();
    let evs = src.events.collect::<Result<Vec<_>, _>>().unwrap();
    (header, evs)
}

/// The request heads of a recording, in order: (url, headers).
fn heads(evs: &[Event]) -> Vec<(String, a2a_interop::record::Headers)> {
    evs.iter()
        .filter_map(|e| match &e.kind {
            EventKind::RequestHead { url, headers, .. } => Some((url.clone(), headers.clone())),
            _ => None,
        })
        .collect()
}

/// The request bodies of a recording, in order, as text.
fn request_bodies(evs: &[Event]) -> Vec<String> {
    evs.iter()
        .filter_map(|e| match &e.kind {
            EventKind::RequestBody { body } => Some(String::from_utf8_lossy(&body.data).into()),
            _ => None,
        })
        .collect()
}

/// The tag of a placeholder value, asserting it is one (`what` names it in the failure).
fn tag<'a>(v: Option<&'a str>, what: &str) -> &'a str {
    let v = v.unwrap_or_else(|| panic!("{what}: missing"));
    placeholder_tag(v).unwrap_or_else(|| panic!("{what}: {v:?} is not a tagged placeholder"))
}

/// The tag of the `name=` query parameter (or form field) in `text`.
fn param_tag<'a>(text: &'a str, name: &str) -> &'a str {
    let q = text.split_once('?').map_or(text, |(_, q)| q);
    let v = q
        .split('&')
        .find_map(|p| p.strip_prefix(&format!("{name}=")));
    tag(v, name)
}

/// The tag of a Bearer header value.
fn bearer_tag<'a>(h: &'a a2a_interop::record::Headers, name: &str) -> &'a str {
    tag(h.get(name).and_then(|v| v.strip_prefix("Bearer ")), name)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn equal_secrets_share_a_tag_within_a_recording_and_no_tag_across_recordings() {
    let dir = tempfile::tempdir().unwrap();
    let mut runs = Vec::new();
    for name in ["run1.jsonl", "run2.jsonl"] {
        let rec = record_session(dir.path(), name, TOKEN_A).await;
        let raw = std::fs::read_to_string(&rec).unwrap();
        for s in SECRETS {
            assert!(!raw.contains(s), "{s} reached {name}:\n{raw}");
            // nor any 8-byte piece of it
            for w in s.as_bytes().windows(8) {
                let w = std::str::from_utf8(w).unwrap();
                assert!(!raw.contains(w), "{w} (of {s}) reached {name}");
            }
        }
        let (header, evs) = events(&rec);
        assert!(header.redacted);
        let hs = heads(&evs);
        let bodies = request_bodies(&evs);
        assert_eq!(hs.len(), 5, "{hs:?}");
        // the client's Bearer token and API key: one tag each, in every request
        let bearer = bearer_tag(&hs[0].1, "authorization");
        let key = tag(hs[0].1.get("x-api-key"), "x-api-key");
        for (i, (url, h)) in hs.iter().enumerate().take(3) {
            assert_eq!(bearer_tag(h, "authorization"), bearer, "request {i}");
            assert_eq!(tag(h.get("x-api-key"), "x-api-key"), key, "request {i}");
            // the API key as a query parameter: the header's tag
            assert_eq!(param_tag(url, "api_key"), key, "request {i}: {url}");
        }
        // the push config (twice: the retry) and the delivery
        let create: Vec<serde_json::Value> = bodies[1..3]
            .iter()
            .map(|b| serde_json::from_str(b).unwrap())
            .collect();
        let token = tag(create[0]["params"]["token"].as_str(), "config token");
        let cred = tag(
            create[0]["params"]["authentication"]["credentials"].as_str(),
            "config credentials",
        );
        assert_eq!(
            create[0], create[1],
            "the retry is recorded as the first request"
        );
        let (_, delivery) = &hs[4];
        assert_eq!(
            tag(delivery.get("x-a2a-notification-token"), "delivered token"),
            token
        );
        assert_eq!(bearer_tag(delivery, "authorization"), cred);
        // the form: its password its own tag, its client_secret the API key's
        let form = &bodies[3];
        assert!(
            form.starts_with("grant_type=password&username=u&password="),
            "{form}"
        );
        let pw = param_tag(form, "password");
        assert_eq!(param_tag(form, "client_secret"), key, "{form}");
        // five different secrets, five different tags
        let all: BTreeSet<&str> = [bearer, key, token, cred, pw].into_iter().collect();
        assert_eq!(all.len(), 5, "{all:?}");
        runs.push([bearer, key, token, cred, pw].map(str::to_string).to_vec());
        // the same file untagged is what redaction wrote before tags
        assert!(strip_tags(&raw).contains(&format!(r#""authorization","Bearer {REDACTED}""#)));
    }
    // the same traffic recorded twice: no tag in common
    let first: BTreeSet<&String> = runs[0].iter().collect();
    assert!(
        runs[1].iter().all(|t| !first.contains(t)),
        "two recordings share a tag: {runs:?}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn push_delivery_with_another_configs_token_is_found_on_a_redacted_recording() {
    let dir = tempfile::tempdir().unwrap();
    // token B delivered where the config said A: PUSH-AUTH-002, on the redacted file
    let bad = record_session(dir.path(), "bad.jsonl", TOKEN_B).await;
    let (header, evs) = events(&bad);
    assert!(header.redacted);
    let raw = std::fs::read_to_string(&bad).unwrap();
    assert!(!raw.contains(TOKEN_A) && !raw.contains(TOKEN_B));
    let found = verify_all(&header, &evs);
    let f: Vec<_> = found
        .findings
        .iter()
        .filter(|f| f.rule == "PUSH-AUTH-002")
        .collect();
    assert_eq!(f.len(), 1, "{:#?}", found.findings);
    assert!(
        f[0].message.contains("a token other than"),
        "{}",
        f[0].message
    );
    assert!(
        !f[0].message.contains("Authorization"),
        "the credentials were right: {}",
        f[0].message
    );
    // the CLI says the same
    let out = Command::new(BIN)
        .args(["verify", "--format", "json"])
        .arg(&bad)
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("PUSH-AUTH-002"), "{text}");

    // token A delivered: nothing to find
    let good = record_session(dir.path(), "good.jsonl", TOKEN_A).await;
    let (header, evs) = events(&good);
    let found = verify_all(&header, &evs);
    assert!(
        found.findings.iter().all(|f| f.rule != "PUSH-AUTH-002"),
        "{:#?}",
        found.findings
    );

    // repro cuts the finding from the redacted recording, keeping its placeholders
    let cut = dir.path().join("cut.jsonl");
    let o = Command::new(BIN)
        .arg("repro")
        .arg(&bad)
        .args(["--finding", "PUSH-AUTH-002", "-o"])
        .arg(&cut)
        .output()
        .unwrap();
    assert_eq!(
        o.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    let (ch, cevs) = events(&cut);
    assert!(
        verify_all(&ch, &cevs)
            .findings
            .iter()
            .any(|f| f.rule == "PUSH-AUTH-002"),
        "the cut does not show the finding"
    );
    let cut_text = std::fs::read_to_string(&cut).unwrap();
    let tags_of = |t: &str| -> BTreeSet<String> {
        t.split("[REDACTED:")
            .skip(1)
            .filter_map(|r| r.split_once(']').map(|(t, _)| t.to_string()))
            .collect()
    };
    let cut_tags = tags_of(&cut_text);
    assert!(!cut_tags.is_empty(), "{cut_text}");
    // every tag in the cut is one of the recording's: nothing re-tagged, nothing un-redacted
    assert!(cut_tags.is_subset(&tags_of(&raw)), "{cut_tags:?}");
    for s in SECRETS {
        assert!(!cut_text.contains(s), "{s} in the cut");
    }
}

/// The golden PUSH-AUTH-002 case as three readers see it: raw values (the finding), the
/// values tagged by a recorder (the finding), and the values redacted the old way, untagged
/// (no finding: unknown, as every recording before tags verified).
#[test]
fn old_untagged_recordings_verify_as_before() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden/PUSH-AUTH-002-fail");
    let input = std::fs::read_to_string(root.join("input.jsonl")).unwrap();
    let rules = |text: &str| -> Vec<String> {
        let (h, evs) = a2a_interop::record::transcript::read(text).unwrap();
        verify_all(&h, &evs)
            .findings
            .iter()
            .map(|f| f.rule.to_string())
            .collect()
    };
    let raw = rules(&input);
    assert!(raw.contains(&"PUSH-AUTH-002".to_string()), "{raw:?}");
    let secrets = ["tok-of-another-config", "tok-1", "<webhook-credential>"];
    // tagged: distinct secrets distinct tags
    let mut tagged = input.clone();
    for (i, s) in secrets.iter().enumerate() {
        tagged = tagged.replace(s, &format!("[REDACTED:00000000000{i}]"));
    }
    assert_eq!(rules(&tagged), raw);
    // old form: every secret the same `[REDACTED]`
    let mut old = input.clone();
    for s in secrets {
        old = old.replace(s, REDACTED);
    }
    let old_rules = rules(&old);
    assert!(
        !old_rules.contains(&"PUSH-AUTH-002".to_string()),
        "{old_rules:?}"
    );
    // and nothing else changes: the other findings are the raw ones
    let others: Vec<&String> = raw.iter().filter(|r| *r != "PUSH-AUTH-002").collect();
    assert_eq!(old_rules.iter().collect::<Vec<_>>(), others);
    // a token redacted the old way next to a tagged one is unknown too
    let mixed = input
        .replace("tok-of-another-config", REDACTED)
        .replace("tok-1", "[REDACTED:0123456789ab]")
        .replace("<webhook-credential>", "[REDACTED:ba9876543210]");
    assert!(!rules(&mixed).contains(&"PUSH-AUTH-002".to_string()));
}

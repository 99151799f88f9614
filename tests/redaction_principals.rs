//! AUTH-SCOPE-003 (AUTH-006, TASK-009) on a redacted recording, through the real binary over
//! loopback sockets and real files: a faulty agent hands task `t1` out to one caller and
//! serves it to another. The recorder redacts `Authorization` but keeps, after the
//! credential's tag, a keyed tag of the principal the credential names (a JWT's normalised
//! `iss` + `sub`, a Basic user: `record::redact::Tagger::credential_placeholder`), so:
//! - two JWTs of different subjects (or two Basic users) give AUTH-SCOPE-003, whose
//!   message names the principals by their tags, and the file holds neither the tokens
//!   nor the subjects (e-mail addresses here) nor the Basic user names;
//! - a refreshed token of the same subject, its issuer written another way
//!   (`https://idp.example.test` then `idp.example.test/`), gives neither AUTH-SCOPE-003
//!   nor AUTH-SCOPE-004;
//! - a push config holding the client's JWT as `credentials` keeps the secret's tag the
//!   header has (PUSH-AUTH-002 compares the secret's part of the tag).

use crate::proxy_process;
use crate::raw_http;

use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

use a2a_interop::record::redact::{placeholder_principal, placeholder_secret_tag, placeholder_tag};
use base64::Engine as _;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};

use proxy_process::spawn_until_listening;

const BIN: &str = env!("CARGO_BIN_EXE_a2a-interop");

/// A JWT (unsigned for the test: the recorder reads the payload, never checks the
/// signature) with claims `iss`, `sub` and `iat`.
fn jwt(iss: &str, sub: &str, iat: u64) -> String {
    let b64 = |v: serde_json::Value| {
        base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(v.to_string())
    };
    format!(
        "{}.{}.c2lnbmF0dXJl",
        b64(serde_json::json!({"alg": "RS256", "typ": "JWT"})),
        b64(serde_json::json!({"iss": iss, "sub": sub, "iat": iat, "exp": iat + 3600}))
    )
}

/// `Basic` credentials of `user:password`.
fn basic(user: &str, password: &str) -> String {
    format!(
        "Basic {}",
        base64::engine::general_purpose::STANDARD.encode(format!("{user}:{password}"))
    )
}

/// A raw HTTP/1.1 A2A 1.0 JSON-RPC agent (one request per connection) that scopes nothing:
/// `SendMessage` makes the working task `t1`, `GetTask` answers `t1` to whoever asks,
/// `CreateTaskPushNotificationConfig` gives its config back.
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
                let task = serde_json::json!({"id": "t1", "contextId": "c1",
                    "status": {"state": "TASK_STATE_WORKING", "timestamp": "2026-03-02T10:15:00.000Z"}});
                let result = match req["method"].as_str() {
                    Some("SendMessage") => serde_json::json!({ "task": task }),
                    Some("CreateTaskPushNotificationConfig") => {
                        let mut cfg = req["params"].clone();
                        cfg["id"] = "cfg-1".into();
                        cfg
                    }
                    _ => task,
                };
                let body = serde_json::json!({"jsonrpc": "2.0", "id": req["id"], "result": result})
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

/// One JSON-RPC call through the reverse proxy at `proxy` with `Authorization: auth`.
async fn call(proxy: SocketAddr, auth: &str, body: &serde_json::Value) {
    let body = body.to_string();
    let mut s = TcpStream::connect(proxy).await.unwrap();
    let raw = format!(
        "POST /a2a HTTP/1.1\r\nhost: agent.test\r\ncontent-type: application/json\r\na2a-version: 1.0\r\nauthorization: {auth}\r\ncontent-length: {}\r\nconnection: close\r\n\r\n{body}",
        body.len()
    );
    s.write_all(raw.as_bytes()).await.unwrap();
    let mut out = Vec::new();
    tokio::time::timeout(Duration::from_secs(10), s.read_to_end(&mut out))
        .await
        .unwrap()
        .unwrap();
    let text = String::from_utf8_lossy(&out);
    assert!(text.starts_with("HTTP/1.1 200"), "{text}");
}

/// Records, through `proxy --upstream` (redacting, the default), caller `first` making
/// task `t1` and caller `second` reading it; then, when `push_cred` is given, `first`
/// creating a push config for `t1` whose `credentials` are that text. The recording.
async fn record(
    dir: &Path,
    name: &str,
    first: &str,
    second: &str,
    push_cred: Option<&str>,
) -> PathBuf {
    let agent = agent().await;
    let rec = dir.join(name);
    let run = spawn_until_listening(
        Command::new(BIN)
            .args(["proxy", "--listen", "127.0.0.1:0", "--upstream"])
            .arg(format!("http://{agent}"))
            .arg("--record")
            .arg(&rec),
        Duration::from_secs(30),
    );
    let proxy: SocketAddr = run.addr.trim_end_matches('/').parse().unwrap();
    let send = serde_json::json!({"jsonrpc": "2.0", "id": 1, "method": "SendMessage",
        "params": {"message": {"messageId": "m1", "role": "ROLE_USER", "parts": [{"text": "hi"}]},
                   "configuration": {"returnImmediately": true}}});
    call(proxy, first, &send).await;
    let get =
        serde_json::json!({"jsonrpc": "2.0", "id": 2, "method": "GetTask", "params": {"id": "t1"}});
    call(proxy, second, &get).await;
    if let Some(cred) = push_cred {
        let create = serde_json::json!({"jsonrpc": "2.0", "id": 3,
            "method": "CreateTaskPushNotificationConfig",
            "params": {"taskId": "t1", "url": "https://hooks.example.test/a2a",
                       "authentication": {"scheme": "Bearer", "credentials": cred}}});
        call(proxy, first, &create).await;
    }
    run.terminate();
    rec
}

/// `verify FILE --format json`: the findings `(rule, message)`.
fn verify(rec: &Path) -> Vec<(String, String)> {
    let out = Command::new(BIN)
        .args(["verify", "--format", "json", "--fail-on", "never"])
        .arg(rec)
        .output()
        .unwrap();
    let v: serde_json::Value = serde_json::from_slice(&out.stdout)
        .unwrap_or_else(|e| panic!("{e}: {}", String::from_utf8_lossy(&out.stdout)));
    v["findings"]
        .as_array()
        .unwrap_or_else(|| panic!("{v}"))
        .iter()
        .map(|f| {
            (
                f["rule"].as_str().unwrap_or("").to_string(),
                f["message"].as_str().unwrap_or("").to_string(),
            )
        })
        .collect()
}

/// The `Authorization` values of the recording's requests, in order.
fn authorizations(text: &str) -> Vec<String> {
    text.lines()
        .filter_map(|l| serde_json::from_str::<serde_json::Value>(l).ok())
        .filter(|v| v["type"] == "request_head")
        .filter_map(|v| {
            // headers are written as `[name, value]` pairs
            v["headers"].as_array()?.iter().find_map(|h| {
                (h[0].as_str()?.eq_ignore_ascii_case("authorization"))
                    .then(|| h[1].as_str().map(str::to_string))?
            })
        })
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn another_subjects_jwt_served_the_task_is_found_on_the_redacted_recording() {
    let dir = tempfile::tempdir().unwrap();
    let ana = jwt(
        "https://idp.example.test",
        "ana@example.test",
        1_764_000_001,
    );
    let bo = jwt("https://idp.example.test", "bo@example.test", 1_764_000_001);
    let rec = record(
        dir.path(),
        "two.jsonl",
        &format!("Bearer {ana}"),
        &format!("Bearer {bo}"),
        Some(&ana),
    )
    .await;
    let text = std::fs::read_to_string(&rec).unwrap();
    for leak in [
        ana.as_str(),
        bo.as_str(),
        ana.split('.').nth(1).unwrap(),
        bo.split('.').nth(1).unwrap(),
        "ana@example.test",
        "bo@example.test",
    ] {
        assert!(!text.contains(leak), "{leak} in the recording:\n{text}");
    }
    let auth = authorizations(&text);
    assert_eq!(auth.len(), 3, "{text}");
    let cred = |v: &str| {
        v.strip_prefix("Bearer ")
            .unwrap_or_else(|| panic!("{v}"))
            .to_string()
    };
    let (a1, b, a2) = (cred(&auth[0]), cred(&auth[1]), cred(&auth[2]));
    // one token, one placeholder; the two principals' tags differ
    assert_eq!(a1, a2);
    let (pa, pb) = (placeholder_principal(&a1), placeholder_principal(&b));
    assert!(pa.is_some() && pb.is_some() && pa != pb, "{a1} {b}");
    // the push config's credentials (the same token, in a body) share the secret's tag
    let cfg_cred = text
        .lines()
        .filter_map(|l| serde_json::from_str::<serde_json::Value>(l).ok())
        .filter(|v| v["type"] == "request_body")
        .filter_map(|v| {
            let body: serde_json::Value = serde_json::from_str(v["body"].as_str()?).ok()?;
            body["params"]["authentication"]["credentials"]
                .as_str()
                .map(str::to_string)
        })
        .next()
        .unwrap_or_else(|| panic!("no push config in {text}"));
    assert!(placeholder_tag(&cfg_cred).is_some(), "{cfg_cred}");
    assert_eq!(
        placeholder_secret_tag(&cfg_cred),
        placeholder_secret_tag(&a1)
    );

    let found = verify(&rec);
    let scope: Vec<_> = found
        .iter()
        .filter(|(r, _)| r == "AUTH-SCOPE-003")
        .collect();
    assert_eq!(scope.len(), 1, "{found:#?}");
    let msg = &scope[0].1;
    for p in [pa.unwrap(), pb.unwrap()] {
        assert!(
            msg.contains(&format!("the principal tagged {p} (redacted)")),
            "{msg}"
        );
    }
    assert!(!msg.contains("example.test"), "{msg}");
    assert!(
        found.iter().all(|(r, _)| r != "AUTH-SCOPE-004"),
        "{found:#?}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_refreshed_token_of_the_same_subject_is_no_other_caller() {
    let dir = tempfile::tempdir().unwrap();
    let first = jwt(
        "https://idp.example.test",
        "ana@example.test",
        1_764_000_001,
    );
    // an hour on, the issuer spelled without scheme and with a trailing slash
    let refreshed = jwt("idp.example.test/", "ana@example.test", 1_764_003_601);
    let rec = record(
        dir.path(),
        "refresh.jsonl",
        &format!("Bearer {first}"),
        &format!("Bearer {refreshed}"),
        None,
    )
    .await;
    let text = std::fs::read_to_string(&rec).unwrap();
    assert!(
        !text.contains("ana@example.test") && !text.contains(&first),
        "{text}"
    );
    let auth = authorizations(&text);
    assert_eq!(auth.len(), 2, "{text}");
    // two credentials, one principal
    assert_ne!(auth[0], auth[1]);
    let p =
        |v: &str| placeholder_principal(v.strip_prefix("Bearer ").unwrap_or(v)).map(str::to_string);
    assert!(p(&auth[0]).is_some());
    assert_eq!(p(&auth[0]), p(&auth[1]));
    let found = verify(&rec);
    assert!(
        found.iter().all(|(r, _)| !r.starts_with("AUTH-SCOPE-00")),
        "{found:#?}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn another_basic_user_served_the_task_is_found_and_no_user_name_is_written() {
    let dir = tempfile::tempdir().unwrap();
    let rec = record(
        dir.path(),
        "basic.jsonl",
        &basic("ana-basic-user", "pw-Quebec-1"),
        &basic("bo-basic-user", "pw-Romeo-2"),
        None,
    )
    .await;
    let text = std::fs::read_to_string(&rec).unwrap();
    for leak in [
        "ana-basic-user",
        "bo-basic-user",
        "pw-Quebec-1",
        "pw-Romeo-2",
    ] {
        assert!(!text.contains(leak), "{leak} in {text}");
    }
    let found = verify(&rec);
    assert_eq!(
        found.iter().filter(|(r, _)| r == "AUTH-SCOPE-003").count(),
        1,
        "{found:#?}"
    );
    // the same user with another password (a rotated one) is the same principal
    let rec = record(
        dir.path(),
        "basic-same.jsonl",
        &basic("ana-basic-user", "pw-Quebec-1"),
        &basic("ana-basic-user", "pw-Sierra-3"),
        None,
    )
    .await;
    let found = verify(&rec);
    assert!(
        found.iter().all(|(r, _)| !r.starts_with("AUTH-SCOPE-00")),
        "{found:#?}"
    );
}

/// The rules `verify_all` finds in the AUTH-SCOPE-001 golden input (a task handed out under
/// `Bearer alice`, refused with 403 to `Bearer mallory`) with the two credentials replaced
/// by `first` and `second`.
fn scope_rules_with(first: &str, second: &str) -> Vec<String> {
    scope_rules_in(
        "AUTH-SCOPE-001-fail",
        &[("Bearer alice", first), ("Bearer mallory", second)],
    )
}

/// The AUTH-SCOPE rules `verify_all` finds in golden input `golden` with each `(from, to)`
/// of `edits` applied to its text.
fn scope_rules_in(golden: &str, edits: &[(&str, &str)]) -> Vec<String> {
    let golden = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/golden")
        .join(golden)
        .join("input.jsonl");
    let mut text = std::fs::read_to_string(golden).unwrap();
    for (from, to) in edits {
        assert!(text.contains(from), "{from}");
        text = text.replace(from, to);
    }
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("t.jsonl");
    std::fs::write(&path, text).unwrap();
    let src = a2a_interop::record::source::open(&path).unwrap();
    let header = src.header.clone();
    let evs = src.events.collect::<Result<Vec<_>, _>>().unwrap();
    a2a_interop::verify::verify_all(&header, &evs)
        .findings
        .iter()
        .map(|f| f.rule.to_string())
        .filter(|r| r.starts_with("AUTH-SCOPE-"))
        .collect()
}

/// AUTH-SCOPE-001 (TASK-009): a 403 reveals the task to another caller; other credentials
/// of the principal the task was handed out to (a refreshed token, in the clear or
/// redacted with one principal tag) are no other caller.
#[test]
fn a_refusal_to_the_same_principal_under_a_refreshed_token_reveals_nothing() {
    // the golden itself: opaque tokens, another caller as far as the recording can tell
    assert_eq!(
        scope_rules_with("Bearer alice", "Bearer mallory"),
        ["AUTH-SCOPE-001"]
    );
    let ana1 = format!("Bearer {}", jwt("https://idp.example.test", "ana", 1));
    let ana2 = format!("Bearer {}", jwt("https://idp.example.test/", "ana", 2));
    let bo = format!("Bearer {}", jwt("https://idp.example.test", "bo", 1));
    assert!(scope_rules_with(&ana1, &ana2).is_empty());
    assert_eq!(scope_rules_with(&ana1, &bo), ["AUTH-SCOPE-001"]);
    let same = scope_rules_with(
        "Bearer [REDACTED:aaaaaaaaaaaa111111111111]",
        "Bearer [REDACTED:bbbbbbbbbbbb111111111111]",
    );
    assert!(same.is_empty(), "{same:?}");
    let other = scope_rules_with(
        "Bearer [REDACTED:aaaaaaaaaaaa111111111111]",
        "Bearer [REDACTED:bbbbbbbbbbbb222222222222]",
    );
    assert_eq!(other, ["AUTH-SCOPE-001"]);
    // a principal tag against a subject in the clear: not comparable, another caller
    assert_eq!(
        scope_rules_with("Bearer [REDACTED:aaaaaaaaaaaa111111111111]", &ana1),
        ["AUTH-SCOPE-001"]
    );
}

/// AUTH-SCOPE-003 / AUTH-SCOPE-004 on the AUTH-SCOPE-003 golden (JWTs of `user-ana` and
/// `user-bo`) with the tokens replaced by placeholders as the recorder writes them.
#[test]
fn principal_tags_decide_between_another_principal_and_unknown() {
    let golden = "AUTH-SCOPE-003-fail";
    let text = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/golden")
            .join(golden)
            .join("input.jsonl"),
    )
    .unwrap();
    let tokens: Vec<String> = text
        .split("\"authorization\": \"")
        .skip(1)
        .filter_map(|t| t.split('"').next().map(str::to_string))
        .collect();
    assert_eq!(tokens.len(), 2, "{tokens:?}");
    let (ana, bo) = (tokens[0].as_str(), tokens[1].as_str());
    assert_eq!(scope_rules_in(golden, &[]), ["AUTH-SCOPE-003"]);
    let a = "Bearer [REDACTED:aaaaaaaaaaaa111111111111]";
    let b_other = "Bearer [REDACTED:bbbbbbbbbbbb222222222222]";
    let b_same = "Bearer [REDACTED:bbbbbbbbbbbb111111111111]";
    assert_eq!(
        scope_rules_in(golden, &[(ana, a), (bo, b_other)]),
        ["AUTH-SCOPE-003"]
    );
    assert!(scope_rules_in(golden, &[(ana, a), (bo, b_same)]).is_empty());
    // one side redacted, the other in the clear; or a tag without a principal (an
    // older recording): the recording cannot tell, AUTH-SCOPE-004's note
    assert_eq!(scope_rules_in(golden, &[(bo, b_other)]), ["AUTH-SCOPE-004"]);
    assert_eq!(
        scope_rules_in(
            golden,
            &[(ana, "Bearer [REDACTED:aaaaaaaaaaaa]"), (bo, b_other)]
        ),
        ["AUTH-SCOPE-004"]
    );
}

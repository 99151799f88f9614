//! Secrets never reach the recording file unless `--no-redact` (issue 7; A2A-DIGEST CARD-011,
//! PUSH-002, PUSH-004), through the real binary: `Authorization`, `Proxy-Authorization`,
//! `Cookie`, `Set-Cookie`, `X-API-Key`, API-key headers and query parameters named by the
//! agent's card (1.0 `apiKeySecurityScheme` and 0.3 `type: apiKey`, with names no default
//! rule knows), and push-notification config `token` / `authentication.credentials` in
//! requests and in the agent's answers (0.3 `pushNotificationConfig`, 1.0 shaped configs).
//! Also: a header named by `--redact-header`, Azure API Management's
//! `Ocp-Apim-Subscription-Key`, `*-Key` headers no card names (`X-Auth-Key`,
//! `DD-APPLICATION-KEY`), an `access-token` query parameter, the password of an
//! absolute-form request URL, the secret query parameters of a push config's webhook `url`,
//! and a push token inside a JSON body too large to hold whole (2 MiB, both ways).
//! The same run with `--no-redact` is the control: every secret is then in the file, so the
//! first run's absence is redaction, not a missing event. The agent always gets the real
//! values.

use crate::proxy_process;
use crate::raw_http;

use std::net::SocketAddr;
use std::process::Command;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};

use proxy_process::spawn_until_listening;

const BIN: &str = env!("CARGO_BIN_EXE_a2a-interop");

/// Every secret value sent in the run; none may be in a redacted recording.
const SECRETS: [&str; 21] = [
    "AUTHZ-SECRET-1",
    "PROXYAUTH-SECRET-2",
    "COOKIE-SECRET-3",
    "SETCOOKIE-SECRET-4",
    "XAPIKEY-SECRET-5",
    "CARDHDR10-SECRET-6",
    "CARDQUERY10-SECRET-7",
    "CARDHDR03-SECRET-8",
    "PUSHTOKEN03-SECRET-9",
    "PUSHCRED03-SECRET-10",
    "PUSHTOKEN10-SECRET-11",
    "PUSHCRED10-SECRET-12",
    "TENANT-SECRET-13",
    "APIM-SECRET-14",
    "ACCESSTOKEN-SECRET-15",
    "HOOKQUERY-SECRET-16",
    "BIGBODY-SECRET-17",
    "USERINFO-SECRET-18",
    "AUTHKEY-SECRET-19",
    "DDAPPKEY-SECRET-20",
    "AGENTKEY-SECRET-21",
];

/// Flags of both runs (the second adds `--no-redact`). The trailing space is a copy-paste
/// slip a user makes: the header is still the one meant.
const FLAGS: [&str; 2] = ["--redact-header", "X-Tenant-Auth "];

const CARD_10: &str = r#"{"name":"k10","description":"d","version":"1","supportedInterfaces":[{"url":"http://agent.test/","protocolBinding":"JSONRPC","protocolVersion":"1.0"}],"capabilities":{"pushNotifications":true},"securitySchemes":{"hdr":{"apiKeySecurityScheme":{"location":"header","name":"X-Org-Credential"}},"qry":{"apiKeySecurityScheme":{"location":"query","name":"orgcred"}}},"defaultInputModes":["text/plain"],"defaultOutputModes":["text/plain"],"skills":[]}"#;
const CARD_03: &str = r#"{"name":"k03","description":"d","version":"1","url":"http://agent.test/v03/","protocolVersion":"0.3.0","capabilities":{"pushNotifications":true},"securitySchemes":{"legacy":{"type":"apiKey","in":"header","name":"X-Legacy-Credential"}},"defaultInputModes":["text/plain"],"defaultOutputModes":["text/plain"],"skills":[]}"#;

/// A raw HTTP/1.1 agent (one request per connection): serves the two cards; for any
/// other path echoes the request's JSON-RPC `params` back as the `result` (so push configs
/// come back in the answer) with a `Set-Cookie`. Keeps every request it received.
async fn agent() -> (SocketAddr, Arc<Mutex<Vec<String>>>) {
    let l = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = l.local_addr().unwrap();
    let seen = Arc::new(Mutex::new(Vec::new()));
    let seen2 = seen.clone();
    tokio::spawn(async move {
        while let Ok((mut s, _)) = l.accept().await {
            let seen = seen2.clone();
            tokio::spawn(async move {
                let mut got = Vec::new();
                let Some(m) = raw_http::read_message(&mut s, &mut got).await else {
                    return;
                };
                let head = m.head.clone();
                let text = m.text();
                seen.lock().unwrap().push(text.clone());
                let path = head.split_whitespace().nth(1).unwrap_or("/").to_string();
                let (body, extra) = if path == "/.well-known/agent-card.json" {
                    (CARD_10.to_string(), String::new())
                } else if path == "/v03/.well-known/agent-card.json" {
                    (CARD_03.to_string(), String::new())
                } else {
                    let req: serde_json::Value =
                        serde_json::from_slice(&m.body).unwrap_or_default();
                    let result = req.get("params").cloned().unwrap_or_default();
                    let id = req.get("id").cloned().unwrap_or_default();
                    (
                        serde_json::json!({"jsonrpc":"2.0","id":id,"result":result}).to_string(),
                        "set-cookie: sid=SETCOOKIE-SECRET-4; HttpOnly\r\n".to_string(),
                    )
                };
                let resp = format!(
                    "HTTP/1.1 200 OK\r\ncontent-type: application/json\r\n{extra}content-length: {}\r\nconnection: close\r\n\r\n{body}",
                    body.len()
                );
                let _ = s.write_all(resp.as_bytes()).await;
            });
        }
    });
    (addr, seen)
}

async fn send(proxy: SocketAddr, method: &str, path: &str, headers: &[(&str, &str)], body: &str) {
    let mut s = TcpStream::connect(proxy).await.unwrap();
    let mut req = format!("{method} {path} HTTP/1.1\r\nhost: agent.test\r\n");
    for (k, v) in headers {
        req.push_str(&format!("{k}: {v}\r\n"));
    }
    if !body.is_empty() {
        req.push_str("content-type: application/json\r\n");
    }
    req.push_str(&format!(
        "content-length: {}\r\nconnection: close\r\n\r\n{body}",
        body.len()
    ));
    s.write_all(req.as_bytes()).await.unwrap();
    let mut out = Vec::new();
    tokio::time::timeout(Duration::from_secs(10), s.read_to_end(&mut out))
        .await
        .unwrap()
        .unwrap();
    let text = String::from_utf8_lossy(&out);
    assert!(text.starts_with("HTTP/1.1 200"), "{path}: {text}");
}

/// The traffic: both cards, then calls carrying every kind of secret.
async fn traffic(proxy: SocketAddr) {
    send(proxy, "GET", "/.well-known/agent-card.json", &[], "").await;
    send(proxy, "GET", "/v03/.well-known/agent-card.json", &[], "").await;
    let send03 = r#"{"jsonrpc":"2.0","id":1,"method":"message/send","params":{"message":{"kind":"message","messageId":"m1","role":"user","parts":[{"kind":"text","text":"hi"}]},"configuration":{"blocking":true,"pushNotificationConfig":{"url":"http://127.0.0.1:9/hook","token":"PUSHTOKEN03-SECRET-9","authentication":{"schemes":["Bearer"],"credentials":"PUSHCRED03-SECRET-10"}}}}}"#;
    send(
        proxy,
        "POST",
        "/v03/",
        &[
            ("authorization", "Bearer AUTHZ-SECRET-1"),
            ("proxy-authorization", "Basic PROXYAUTH-SECRET-2"),
            ("cookie", "session=COOKIE-SECRET-3; theme=dark"),
            ("x-api-key", "XAPIKEY-SECRET-5"),
            ("x-legacy-credential", "CARDHDR03-SECRET-8"),
        ],
        send03,
    )
    .await;
    let create10 = r#"{"jsonrpc":"2.0","id":2,"method":"CreateTaskPushNotificationConfig","params":{"taskId":"t1","url":"http://127.0.0.1:9/hook","token":"PUSHTOKEN10-SECRET-11","authentication":{"scheme":"Bearer","credentials":"PUSHCRED10-SECRET-12"}}}"#;
    send(
        proxy,
        "POST",
        "/?orgcred=CARDQUERY10-SECRET-7&x=1",
        &[
            ("a2a-version", "1.0"),
            ("x-org-credential", "CARDHDR10-SECRET-6"),
        ],
        create10,
    )
    .await;
    let hook = r#"{"jsonrpc":"2.0","id":3,"method":"CreateTaskPushNotificationConfig","params":{"taskId":"t1","url":"https://hooks.test/a2a?token=HOOKQUERY-SECRET-16&v=1","token":"t"}}"#;
    send(
        proxy,
        "POST",
        "/?access-token=ACCESSTOKEN-SECRET-15",
        &[
            ("a2a-version", "1.0"),
            ("x-tenant-auth", "TENANT-SECRET-13"),
            ("ocp-apim-subscription-key", "APIM-SECRET-14"),
            // `*-Key` credential headers no card in the recording names (Cloudflare,
            // Datadog, an agent's own key sent from a cached card: breaker15b R1)
            ("X-Auth-Key", "AUTHKEY-SECRET-19"),
            ("DD-APPLICATION-KEY", "DDAPPKEY-SECRET-20"),
            ("X-Agent-Key", "AGENTKEY-SECRET-21"),
            ("Idempotency-Key", "idem-7f3a"),
        ],
        hook,
    )
    .await;
    // a 2 MiB inline file beside a push config: the body is past the redactor's hold cap
    let big = format!(
        r#"{{"jsonrpc":"2.0","id":4,"method":"SendMessage","params":{{"message":{{"messageId":"m2","role":"ROLE_USER","parts":[{{"raw":"{}","mediaType":"application/octet-stream"}}]}},"configuration":{{"taskPushNotificationConfig":{{"url":"http://127.0.0.1:9/hook","token":"BIGBODY-SECRET-17"}}}}}}}}"#,
        "QUJD".repeat(512 * 1024)
    );
    send(proxy, "POST", "/", &[("a2a-version", "1.0")], &big).await;
    send(
        proxy,
        "POST",
        "http://admin:USERINFO-SECRET-18@agent.test/",
        &[("a2a-version", "1.0")],
        r#"{"jsonrpc":"2.0","id":5,"method":"GetTask","params":{"id":"t1"}}"#,
    )
    .await;
}

/// Runs the proxy binary (with `extra` flags) over [`traffic`], stops it with SIGTERM;
/// returns the recording, the JSON report and the proxy's stderr.
async fn run(extra: &[&str]) -> (String, String, String, Vec<String>) {
    let (agent, seen) = agent().await;
    let dir = tempfile::tempdir().unwrap();
    let rec = dir.path().join("rec.jsonl");
    let report = dir.path().join("report.json");
    let running = spawn_until_listening(
        Command::new(BIN)
            .args(["proxy", "--listen", "127.0.0.1:0", "--upstream"])
            .arg(format!("http://{agent}"))
            .arg("--record")
            .arg(&rec)
            .arg("--report")
            .arg(&report)
            .args(["--format", "json", "--fail-on", "never"])
            .args(FLAGS)
            .args(extra),
        Duration::from_secs(30),
    );
    let proxy: SocketAddr = running.addr.trim_end_matches('/').parse().unwrap();
    traffic(proxy).await;
    let stderr = running.terminate();
    let seen = seen.lock().unwrap().clone();
    (
        std::fs::read_to_string(&rec).unwrap(),
        std::fs::read_to_string(&report).unwrap(),
        stderr,
        seen,
    )
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn no_secret_reaches_the_recording_unless_no_redact() {
    let (rec, report, stderr, seen) = run(&[]).await;
    // what is redacted, not the tags (tests/redaction_tags.rs)
    let rec = a2a_interop::record::redact::strip_tags(&rec).into_owned();
    let agent_got = seen.join("\n");
    for s in SECRETS {
        // The agent got every request secret untouched; Proxy-Authorization is for the
        // proxy (hop-by-hop, RFC 9110 §11.7.1) and Set-Cookie is the agent's own.
        // The userinfo of an absolute-form target is not sent on (the agent gets the path).
        let for_agent = !s.starts_with("PROXYAUTH")
            && !s.starts_with("SETCOOKIE")
            && !s.starts_with("USERINFO");
        assert!(!for_agent || agent_got.contains(s), "agent did not get {s}");
        assert!(!rec.contains(s), "{s} in the redacted recording:\n{rec}");
        assert!(!report.contains(s), "{s} in the report");
        assert!(!stderr.contains(s), "{s} on stderr");
    }
    assert!(rec.lines().next().unwrap().contains(r#""redacted":true"#));
    assert!(rec.contains("Bearer [REDACTED]"), "{rec}");
    // The exchanges themselves are there: 7 exchanges, each closed.
    assert_eq!(rec.matches(r#""type":"exchange_end""#).count(), 7, "{rec}");
    // Non-secret neighbours are kept as sent.
    assert!(rec.contains("x=1"), "{rec}");
    assert!(
        rec.contains("idem-7f3a"),
        "Idempotency-Key is no credential: {rec}"
    );
    assert!(rec.contains("a2a?token=[REDACTED]&v=1"), "{rec}");
    assert!(rec.contains("admin:[REDACTED]@agent.test"), "{rec}");
    assert!(rec.contains(r#"\"token\":\"[REDACTED]\""#), "{rec}");
    assert!(
        rec.contains(&"QUJD".repeat(1024)),
        "the big body is recorded"
    );

    let (rec, _, _, _) = run(&["--no-redact"]).await;
    assert!(rec.lines().next().unwrap().contains(r#""redacted":false"#));
    for s in SECRETS {
        assert!(rec.contains(s), "{s} missing with --no-redact:\n{rec}");
    }
}

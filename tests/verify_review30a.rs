//! review30a: faults found reviewing session 30's verifier work that a transcript's
//! verdict alone cannot show (what a finding prints, not only which rule fires).

use a2a_interop::record::source;
use a2a_interop::verify::{Severity, Verifier, VerifyOutcome};
use base64::Engine as _;
use serde_json::json;

const H: &str = "http://agent.example.test";

/// Verifies the transcript `lines` (one JSON object each) written to a temp file.
fn verify(lines: &[serde_json::Value]) -> VerifyOutcome {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("t.jsonl");
    let text: String = lines.iter().map(|l| format!("{l}\n")).collect();
    std::fs::write(&path, text).unwrap();
    let src = source::open(&path).unwrap();
    let mut v = Verifier::new(&src.header);
    for ev in src.events {
        v.feed_owned(ev.unwrap());
    }
    v.finish()
}

/// A 1.0 JSON-RPC agent's card, a task handed out under `auth1` (SendMessage answered a
/// working task t1) and read back under `auth2` (GetTask answered with the task).
fn task_read_under(auth1: &str, auth2: &str) -> Vec<serde_json::Value> {
    let card = json!({"name": "Demo", "description": "Demo agent",
        "supportedInterfaces": [{"url": format!("{H}/a2a"), "protocolBinding": "JSONRPC", "protocolVersion": "1.0"}],
        "version": "1.0.0", "capabilities": {"streaming": true, "pushNotifications": false},
        "defaultInputModes": ["text/plain"], "defaultOutputModes": ["text/plain"],
        "skills": [{"id": "s1", "name": "echo", "description": "Echo", "tags": ["echo"]}],
        "securitySchemes": {"basic": {"httpAuthSecurityScheme": {"scheme": "Basic"}}},
        "securityRequirements": [{"schemes": {"basic": {"list": []}}}]});
    let task = json!({"id": "t1", "contextId": "c-t1",
        "status": {"state": "TASK_STATE_WORKING", "timestamp": "2026-03-02T10:15:00.000Z"}});
    let hdr = |auth: &str| json!({"content-type": "application/json", "a2a-version": "1.0", "authorization": auth});
    vec![
        json!({"dir": "req", "method": "GET", "url": format!("{H}/.well-known/agent-card.json"), "headers": {"accept": "application/json"}, "body": "", "t": 0.01}),
        json!({"dir": "resp", "status": 200, "headers": {"content-type": "application/json", "cache-control": "public, max-age=300", "etag": "\"c1\""}, "body": card.to_string(), "t": 0.02}),
        json!({"dir": "req", "method": "POST", "url": format!("{H}/a2a"), "headers": hdr(auth1), "t": 0.03,
            "body": json!({"jsonrpc": "2.0", "id": 1, "method": "SendMessage", "params": {"message": {"messageId": "m1", "role": "ROLE_USER", "parts": [{"text": "hi"}]}, "configuration": {"returnImmediately": true}}}).to_string()}),
        json!({"dir": "resp", "status": 200, "headers": {"content-type": "application/json"}, "t": 0.04,
            "body": json!({"jsonrpc": "2.0", "id": 1, "result": {"task": task}}).to_string()}),
        json!({"dir": "req", "method": "POST", "url": format!("{H}/a2a"), "headers": hdr(auth2), "t": 5.0,
            "body": json!({"jsonrpc": "2.0", "id": 2, "method": "GetTask", "params": {"id": "t1"}}).to_string()}),
        json!({"dir": "resp", "status": 200, "headers": {"content-type": "application/json"}, "t": 5.01,
            "body": json!({"jsonrpc": "2.0", "id": 2, "result": task}).to_string()}),
    ]
}

fn basic(cred: &str) -> String {
    format!(
        "Basic {}",
        base64::engine::general_purpose::STANDARD.encode(cred)
    )
}

fn bearer_jwt(iss: &str, sub: &str) -> String {
    let b = |v: serde_json::Value| {
        base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(v.to_string())
    };
    format!(
        "Bearer {}.{}.c2lnbmF0dXJl",
        b(json!({"alg": "RS256", "typ": "JWT"})),
        b(json!({"iss": iss, "sub": sub}))
    )
}

fn scope_findings(o: &VerifyOutcome) -> Vec<(String, Severity, String)> {
    o.findings
        .iter()
        .filter(|f| f.rule.starts_with("AUTH-SCOPE-00"))
        .map(|f| {
            (
                f.rule.clone(),
                f.severity,
                format!("{} {:?}", f.message, f.evidence),
            )
        })
        .collect()
}

/// AUTH-SCOPE-003 read a Basic credential's user as the principal. With an API key given
/// as the Basic user and an empty password (Stripe's `sk_live_...:`, curl -u KEY:), the
/// "user" is the secret: the error printed both callers' keys in its message (and every
/// report: text, JSON, SARIF, HTML). Such a credential names no user: AUTH-SCOPE-004's
/// note, which prints no credential.
#[test]
fn a_basic_api_key_with_an_empty_password_is_never_printed() {
    let o = verify(&task_read_under(
        &basic("sk_live_AAAAsecretKEY1:"),
        &basic("sk_live_BBBBsecretKEY2:"),
    ));
    let f = scope_findings(&o);
    assert_eq!(f.len(), 1, "{f:#?}");
    assert_eq!(f[0].0, "AUTH-SCOPE-004", "{f:#?}");
    assert_eq!(f[0].1, Severity::Note);
    for (_, _, text) in &f {
        assert!(!text.contains("sk_live"), "a secret printed: {text}");
    }
    let all = format!("{:?}", o.findings);
    assert!(!all.contains("secretKEY"), "a secret printed: {all}");
    // the same with the key in the password half and no user
    let o = verify(&task_read_under(
        &basic(":keyAAAA1111"),
        &basic(":keyBBBB2222"),
    ));
    let f = scope_findings(&o);
    assert_eq!(f.len(), 1, "{f:#?}");
    assert_eq!(f[0].0, "AUTH-SCOPE-004", "{f:#?}");
}

/// A Basic credential with a user and a password still names its user (AUTH-SCOPE-003).
#[test]
fn basic_users_with_passwords_are_still_compared() {
    let o = verify(&task_read_under(&basic("ana:pw1"), &basic("bo:pw2")));
    let f = scope_findings(&o);
    assert_eq!(f.len(), 1, "{f:#?}");
    assert_eq!(f[0].0, "AUTH-SCOPE-003", "{f:#?}");
    assert!(
        f[0].2.contains("user \"bo\"") && f[0].2.contains("user \"ana\""),
        "{f:#?}"
    );
    assert!(!f[0].2.contains("pw1") && !f[0].2.contains("pw2"), "{f:#?}");
}

/// The JWT subject was `jwt <iss> <sub>` joined by a space: issuer "https://idp a" with
/// subject "x" and issuer "https://idp" with subject "a x" were one principal, and the
/// task served to the other went unreported. They are no one principal: a finding. Since
/// review31, subjects of two issuers are names in two namespaces (a `sub` is unique only
/// within its issuer; Keycloak's `iss` follows the host name it was reached at), which
/// the recording cannot compare: AUTH-SCOPE-004's note, not silence.
#[test]
fn jwt_issuer_and_subject_are_not_confused_by_a_space() {
    let o = verify(&task_read_under(
        &bearer_jwt("https://idp a", "x"),
        &bearer_jwt("https://idp", "a x"),
    ));
    let f = scope_findings(&o);
    assert_eq!(f.len(), 1, "{f:#?}");
    assert_eq!(f[0].0, "AUTH-SCOPE-004", "{f:#?}");
}

/// The same issuer written two ways (a trailing `/`) is one namespace: another subject
/// there is still another principal (AUTH-SCOPE-003), each shown with its issuer.
#[test]
fn jwt_subjects_of_one_issuer_written_two_ways_are_compared() {
    let o = verify(&task_read_under(
        &bearer_jwt("https://idp/", "a x"),
        &bearer_jwt("https://idp", "x"),
    ));
    let f = scope_findings(&o);
    assert_eq!(f.len(), 1, "{f:#?}");
    assert_eq!(f[0].0, "AUTH-SCOPE-003", "{f:#?}");
    assert!(
        f[0].2.contains("subject \"x\" (issuer \"https://idp\")")
            && f[0].2.contains("subject \"a x\" (issuer \"https://idp/\")"),
        "{f:#?}"
    );
}

/// Malformed bearer tokens (not base64, not JSON, a huge payload, a JWE's five parts,
/// non-UTF-8 Basic) never panic and name no subject: AUTH-SCOPE-004 at most.
#[test]
fn malformed_credentials_never_panic() {
    let big = "A".repeat(20_000);
    let bad = [
        "Bearer a.%%%.c".to_string(),
        "Bearer a..c".to_string(),
        format!("Bearer a.{big}.c"),
        "Bearer eyJ9.bm90IGpzb24.c".to_string(),
        "Bearer a.b.c.d.e".to_string(),
        "Basic %%%".to_string(),
        format!(
            "Basic {}",
            base64::engine::general_purpose::STANDARD.encode([0xff, 0xfe, b':', 0x80])
        ),
        "Bearer".to_string(),
        "".to_string(),
    ];
    for (i, a) in bad.iter().enumerate() {
        let b = format!("{a}x{i}");
        let o = verify(&task_read_under(a, &b));
        for (rule, _, text) in scope_findings(&o) {
            assert_eq!(rule, "AUTH-SCOPE-004", "{a}: {text}");
        }
    }
}

/// A native reverse-proxy recording: `proxy --listen 127.0.0.1:8080 --upstream
/// http://10.0.0.5:9000`, the card fetched through it listing two JSON-RPC 1.0
/// interfaces, `first` then the proxy's own `http://127.0.0.1:8080/a2a`, and a SendMessage
/// to the second.
fn reverse_recording_two_equal_interfaces(first: &str) -> Vec<serde_json::Value> {
    let card = json!({"name": "Demo", "description": "Demo agent",
        "supportedInterfaces": [
            {"url": first, "protocolBinding": "JSONRPC", "protocolVersion": "1.0"},
            {"url": "http://127.0.0.1:8080/a2a", "protocolBinding": "JSONRPC", "protocolVersion": "1.0"}],
        "version": "1.0.0", "capabilities": {"streaming": true, "pushNotifications": false},
        "defaultInputModes": ["text/plain"], "defaultOutputModes": ["text/plain"],
        "skills": [{"id": "s1", "name": "echo", "description": "Echo", "tags": ["echo"]}]});
    let send = json!({"jsonrpc": "2.0", "id": 1, "method": "SendMessage", "params": {"message": {"messageId": "m1", "role": "ROLE_USER", "parts": [{"text": "hi"}]}}});
    let answer = json!({"jsonrpc": "2.0", "id": 1, "result": {"task": {"id": "t1", "contextId": "c1", "status": {"state": "TASK_STATE_COMPLETED", "timestamp": "2026-03-02T10:15:00.000Z"}}}});
    let up = "http://10.0.0.5:9000";
    vec![
        json!({"type": "recording", "format": 1, "tool": {"name": "a2a-interop", "version": "0.1.0"}, "startedAt": "2026-03-02T10:15:00.000Z", "mode": "reverse", "listen": ["127.0.0.1:8080"], "routes": [{"prefix": "/", "upstream": up}], "redacted": true}),
        json!({"seq": 1, "t_us": 1000, "exchange": "e1", "type": "conn_open", "conn": 1, "peer": "127.0.0.1:50000", "local": "127.0.0.1:8080"}),
        json!({"seq": 2, "t_us": 1100, "exchange": "e1", "type": "request_head", "conn": 1, "method": "GET", "url": "http://127.0.0.1:8080/.well-known/agent-card.json", "version": "HTTP/1.1", "headers": [["host", "127.0.0.1:8080"], ["accept", "application/json"]], "upstream": format!("{up}/.well-known/agent-card.json")}),
        json!({"seq": 3, "t_us": 1200, "exchange": "e1", "type": "response_head", "status": 200, "version": "HTTP/1.1", "headers": [["content-type", "application/json"], ["cache-control", "public, max-age=300"]]}),
        json!({"seq": 4, "t_us": 1300, "exchange": "e1", "type": "response_chunk", "body": card.to_string()}),
        json!({"seq": 5, "t_us": 1400, "exchange": "e1", "type": "exchange_end", "outcome": "complete", "request_bytes": 0, "response_bytes": card.to_string().len()}),
        json!({"seq": 6, "t_us": 2000, "exchange": "e2", "type": "request_head", "conn": 1, "method": "POST", "url": "http://127.0.0.1:8080/a2a", "version": "HTTP/1.1", "headers": [["host", "127.0.0.1:8080"], ["content-type", "application/json"], ["a2a-version", "1.0"]], "upstream": format!("{up}/a2a")}),
        json!({"seq": 7, "t_us": 2100, "exchange": "e2", "type": "request_body", "body": send.to_string()}),
        json!({"seq": 8, "t_us": 2200, "exchange": "e2", "type": "response_head", "status": 200, "version": "HTTP/1.1", "headers": [["content-type", "application/json"]]}),
        json!({"seq": 9, "t_us": 2300, "exchange": "e2", "type": "response_chunk", "body": answer.to_string()}),
        json!({"seq": 10, "t_us": 2400, "exchange": "e2", "type": "exchange_end", "outcome": "complete", "request_bytes": send.to_string().len(), "response_bytes": answer.to_string().len()}),
    ]
}

/// BIND-USE-003 said the client "never tried" the card's first equal interface when that
/// entry is on another origin than this reverse proxy's listener: such calls go around
/// the proxy and are never in its recording (the client may well have tried it, or the
/// card names a public host the user put no proxy in front of). A reverse recording
/// judges an earlier entry only at the origin the client used; a same-origin one still is.
#[test]
fn bind_use_003_judges_no_interface_a_reverse_proxy_cannot_see() {
    let o = verify(&reverse_recording_two_equal_interfaces(
        "https://eu.agent.example.test/a2a",
    ));
    let b: Vec<_> = o
        .findings
        .iter()
        .filter(|f| f.rule == "BIND-USE-003")
        .collect();
    assert!(b.is_empty(), "{b:#?}");
    // control: the earlier entry at the proxy's own origin, on another path, is seen
    let o = verify(&reverse_recording_two_equal_interfaces(
        "http://127.0.0.1:8080/primary",
    ));
    let b: Vec<_> = o
        .findings
        .iter()
        .filter(|f| f.rule == "BIND-USE-003")
        .collect();
    assert_eq!(b.len(), 1, "{:#?}", o.findings);
}

/// One issuer written two ways (Google's ID tokens carry iss `https://accounts.google.com`
/// or `accounts.google.com` for the same user; a trailing slash) with the same sub is one
/// principal: a refreshed token, no AUTH-SCOPE-003 error (and no note: the subjects
/// compare).
#[test]
fn one_issuer_spelled_two_ways_is_one_principal() {
    for (a, b) in [
        ("https://accounts.google.com", "accounts.google.com"),
        ("https://idp.example.test/", "https://idp.example.test"),
    ] {
        let o = verify(&task_read_under(
            &bearer_jwt(a, "1099"),
            &bearer_jwt(b, "1099"),
        ));
        let f = scope_findings(&o);
        assert!(f.is_empty(), "{a} / {b}: {f:#?}");
    }
    // another sub at the same issuer is still another principal
    let o = verify(&task_read_under(
        &bearer_jwt("https://accounts.google.com", "1099"),
        &bearer_jwt("accounts.google.com", "2088"),
    ));
    let f = scope_findings(&o);
    assert_eq!(f.len(), 1, "{f:#?}");
    assert_eq!(f[0].0, "AUTH-SCOPE-003");
}

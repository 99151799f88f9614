//! Secrets that used to slip past redaction (issue 7, found by a fresh engineer in session 5;
//! A2A-DIGEST CARD-011, PUSH-002, PUSH-004), each through the real binary over loopback
//! sockets and real files:
//! - the userinfo of an absolute-form request line copied into the URLs of a card served
//!   with `--rewrite-card` (and into its `card_rewrite` event);
//! - credentials in configured URLs (`--upstream`, `--route`, the `probe` target): a userinfo
//!   password and `?token=`-like query values, in the recording header, every report, the HAR
//!   export, the banner, the 502 text and `upstream-error` lines, the probe's stdout;
//! - a push token given twice in one JSON object (only the last one was redacted);
//! - `repro` keeping a push config's webhook `?token=` (and then losing a webhook finding
//!   because the config's URL and the webhook request's URL no longer matched);
//! - push tokens inside `Content-Encoding: gzip` bodies, recorded as the raw gzip bytes;
//! - a malformed `--auth-header 'X-Key SECRET'` echoed in its error message;
//! - `application/x-www-form-urlencoded` bodies (`client_secret=`, `password=`);
//! - (breaker8 G11) credential query names of common services (`X-Goog-Signature`,
//!   `private_token`, `jwt`, `access_key`, ...) and header spellings (`Token`, `Auth`,
//!   `X-Passwd`, `X-Pass`), while A2A's own query parameters stay readable.
//!
//! Every secret here is a distinct word so a leak names its path.

use crate::broken;
use crate::proxy_process;
use crate::raw_http;

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

/// `text` with the tags of its placeholders taken off (`[REDACTED:1a2b3c4d5e6f]` ->
/// `[REDACTED]`, `record::redact::strip_tags`): these tests are about what is redacted;
/// `tests/redaction_tags.rs` is about the tags.
fn untag(text: &str) -> String {
    a2a_interop::record::redact::strip_tags(text).into_owned()
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

/// One `POST {target}` with `content-type`, `extra` header lines (each ending `\r\n`) and
/// `body` through the proxy at `addr`, connection closed after it; the raw answer.
async fn post(
    addr: SocketAddr,
    target: &str,
    content_type: &str,
    extra: &str,
    body: &str,
) -> String {
    exchange(
        addr,
        format!(
            "POST {target} HTTP/1.1\r\nhost: a\r\ncontent-type: {content_type}\r\n{extra}content-length: {}\r\nconnection: close\r\n\r\n{body}",
            body.len()
        )
        .as_bytes(),
    )
    .await
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

    /// A quiet (`-q`) proxy in front of the agent at `agent`, recording to `rec`.
    fn recording(agent: SocketAddr, rec: &std::path::Path) -> Proxy {
        Proxy::start(&[
            "--upstream",
            &format!("http://{agent}"),
            "--record",
            rec.to_str().unwrap(),
            "-q",
        ])
    }

    /// SIGTERM, wait for exit 0; every stderr line (banner included).
    fn stop(self) -> String {
        self.run.terminate()
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
    let text = untag(&std::fs::read_to_string(&rec).unwrap());
    assert_eq!(
        text.matches(r#""type":"card_rewrite""#).count(),
        1,
        "{text}"
    );
    assert!(!text.contains("SECRETABS"), "{text}");
    // the request's own URL keeps its user name, the password redacted
    assert!(text.contains("user:[REDACTED]@"), "{text}");
}

/// The recording at `rec` (tags undone), once asserted to hold no word that starts with
/// `SECRET` (each test's secrets do).
fn recording_without_secrets(rec: &std::path::Path) -> String {
    let text = untag(&std::fs::read_to_string(rec).unwrap());
    let leaked: Vec<&str> = text
        .split(|c: char| !c.is_ascii_alphanumeric())
        .filter(|w| w.starts_with("SECRET"))
        .collect();
    assert!(leaked.is_empty(), "{leaked:?} in\n{text}");
    text
}

/// Runs the binary to the end with `args`; (exit code, stdout, stderr).
fn cli(args: &[&str]) -> (Option<i32>, String, String) {
    let out = Command::new(BIN).args(args).output().unwrap();
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// One proxy run with a default route to a live agent and a `/down` route to a closed port,
/// both URLs carrying credentials; a request through each. Returns (recording, Markdown
/// report, stderr, the client's 502 text).
async fn upstream_creds_run(
    extra: &[&str],
    dir: &std::path::Path,
) -> (String, String, String, String) {
    let agent = agent(200, "", br#"{"jsonrpc":"2.0","id":1,"result":{}}"#.to_vec()).await;
    // a port nobody listens on: bound, then closed
    let dead = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap();
    let rec = dir.join("r2.jsonl");
    let report = dir.join("r2.md");
    let mut args = vec![
        "--upstream".to_string(),
        format!("http://admin:SECRETUPW@{agent}/?token=SECRETUPQ"),
        "--route".to_string(),
        format!("/down=http://u:SECRETRTW@{dead}/?api_key=SECRETRTQ"),
        "--record".to_string(),
        rec.to_string_lossy().into_owned(),
        "--report".to_string(),
        report.to_string_lossy().into_owned(),
        "--fail-on".to_string(),
        "never".to_string(),
    ];
    args.extend(extra.iter().map(|s| s.to_string()));
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let proxy = Proxy::start(&args);
    // an A2A call, so the file has something to verify (`report` exits 2 on no A2A traffic)
    let body = r#"{"jsonrpc":"2.0","id":1,"method":"message/send","params":{"message":{"kind":"message","role":"user","messageId":"m1","parts":[{"kind":"text","text":"hi"}]}}}"#;
    let ok = post(proxy.addr, "/x", "application/json", "", body).await;
    assert!(ok.starts_with("HTTP/1.1 200"), "{ok}");
    let bad = exchange(
        proxy.addr,
        b"GET /down/y?key=SECRETCLQ HTTP/1.1\r\nhost: a\r\nconnection: close\r\n\r\n",
    )
    .await;
    assert!(bad.starts_with("HTTP/1.1 502"), "{bad}");
    let stderr = proxy.stop();
    (
        untag(&std::fs::read_to_string(&rec).unwrap()),
        untag(&std::fs::read_to_string(&report).unwrap()),
        untag(&stderr),
        untag(&bad),
    )
}

/// A2: upstream and route URLs with `user:password@` and secret query parameters: redacted
/// in the recording header (which says `redacted: true`), the `--report` Markdown, the JSON
/// report and HAR export made from the file, the banner, the client's 502 text and the
/// `upstream-error` line (the request's own `?key=` too). `--no-redact` keeps them in the
/// header and banner (the control: the redacted run's absence is redaction).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn credentials_in_upstream_urls_are_redacted_everywhere_they_are_shown() {
    let dir = tempfile::tempdir().unwrap();
    let (rec, md, stderr, bad) = upstream_creds_run(&[], dir.path()).await;
    let rec_path = dir.path().join("r2.jsonl");
    let json = dir.path().join("r2.json");
    let har = dir.path().join("r2.har");
    let (code, _, err) = cli(&[
        "report",
        rec_path.to_str().unwrap(),
        "--format",
        "json",
        "-o",
        json.to_str().unwrap(),
    ]);
    assert_eq!(code, Some(0), "{err}");
    let (code, _, err) = cli(&[
        "export",
        rec_path.to_str().unwrap(),
        "--har",
        har.to_str().unwrap(),
    ]);
    assert_eq!(code, Some(0), "{err}");
    let json = untag(&std::fs::read_to_string(&json).unwrap());
    let har = untag(&std::fs::read_to_string(&har).unwrap());
    for (what, text) in [
        ("recording", &rec),
        ("markdown report", &md),
        ("json report", &json),
        ("har", &har),
        ("stderr", &stderr),
        ("502 text", &bad),
    ] {
        assert!(!text.contains("SECRET"), "a secret in the {what}:\n{text}");
    }
    let header = rec.lines().next().unwrap();
    assert!(header.contains(r#""redacted":true"#), "{header}");
    assert!(
        header.contains("admin:[REDACTED]@") && header.contains("?token=[REDACTED]"),
        "{header}"
    );
    assert!(
        stderr.contains("route / -> http://admin:[REDACTED]@")
            && stderr.contains("/?api_key=[REDACTED]"),
        "{stderr}"
    );
    assert!(
        stderr.contains("upstream-error") && stderr.contains("/y?key=[REDACTED] unreachable"),
        "{stderr}"
    );
    assert!(md.contains("admin:[REDACTED]@"), "{md}");

    let dir = tempfile::tempdir().unwrap();
    let (rec, _, stderr, _) = upstream_creds_run(&["--no-redact"], dir.path()).await;
    let header = rec.lines().next().unwrap();
    assert!(header.contains(r#""redacted":false"#), "{header}");
    for s in ["SECRETUPW", "SECRETUPQ", "SECRETRTW", "SECRETRTQ"] {
        assert!(
            header.contains(s),
            "{s} not in the --no-redact header: {header}"
        );
        assert!(
            stderr.contains(s),
            "{s} not in the --no-redact banner: {stderr}"
        );
    }
}

/// A2: `probe 'http://u:PASSWORD@host/?api_key=KEY'`: neither the stdout text, the Markdown
/// report nor the recording holds the password or the key.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn probe_target_credentials_are_redacted_in_its_outputs() {
    let good = broken::start(broken::Break::Nothing, false).await;
    let url = good
        .url()
        .replace("http://", "http://u:SECRETPR1@")
        .replace(
            &format!("{}/", good.addr),
            &format!("{}/?api_key=SECRETPR2", good.addr),
        );
    let dir = tempfile::tempdir().unwrap();
    let rec = dir.path().join("p.jsonl");
    let md = dir.path().join("p.md");
    let (code, out, err) = tokio::task::spawn_blocking({
        let (url, rec, md) = (url.clone(), rec.clone(), md.clone());
        move || {
            cli(&[
                "probe",
                &url,
                "--record",
                rec.to_str().unwrap(),
                "--format",
                "markdown",
                "-o",
                md.to_str().unwrap(),
                "--fail-on",
                "never",
            ])
        }
    })
    .await
    .unwrap();
    assert_eq!(code, Some(0), "{out}\n{err}");
    let md = untag(&std::fs::read_to_string(&md).unwrap());
    let rec = untag(&std::fs::read_to_string(&rec).unwrap());
    for (what, text) in [
        ("stdout", &out),
        ("stderr", &err),
        ("markdown report", &md),
        ("recording", &rec),
    ] {
        assert!(
            !text.contains("SECRETPR"),
            "a secret in the probe's {what}:\n{text}"
        );
    }
    assert!(
        md.contains("u:[REDACTED]@") && md.contains("api_key=[REDACTED]"),
        "{md}"
    );
}

/// A4: `{"token":"S1","token":"x"}` in a push config, in the client's request and in the
/// agent's answer: both occurrences are redacted in the recording (RFC 8259 §4 leaves the
/// winner to the parser; PUSH-002).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_push_token_given_twice_is_redacted_both_times() {
    let agent = agent(
        200,
        "",
        br#"{"jsonrpc":"2.0","id":17,"result":{"taskId":"t","pushNotificationConfig":{"url":"http://127.0.0.1:9/h","token":"SECRETDUPRESP","token":"y"}}}"#.to_vec(),
    )
    .await;
    let dir = tempfile::tempdir().unwrap();
    let rec = dir.path().join("r4.jsonl");
    let proxy = Proxy::recording(agent, &rec);
    let body = r#"{"jsonrpc":"2.0","id":17,"method":"tasks/pushNotificationConfig/set","params":{"taskId":"t","pushNotificationConfig":{"url":"http://127.0.0.1:9/h3","token":"SECRETDUPREQ","token":"x"}}}"#;
    let answer = post(proxy.addr, "/", "application/json", "", body).await;
    proxy.stop();
    assert!(
        answer.contains("SECRETDUPRESP"),
        "the client gets the real answer: {answer}"
    );
    let text = untag(&std::fs::read_to_string(&rec).unwrap());
    assert!(!text.contains("SECRETDUP"), "{text}");
    assert_eq!(
        text.matches(r#"\"token\":\"[REDACTED]\",\"token\":\"[REDACTED]\""#)
            .count(),
        2,
        "{text}"
    );
}

/// A5: `repro` on a transcript (`tests/data/redaction/pushsecret2.jsonl`, a fresh engineer's)
/// whose push config registers `http://127.0.0.1:9/hook?token=SECRETRP2` and whose webhook
/// call then goes there: the webhook URL inside the JSON bodies is redacted as the request
/// URL is, in the cut and in its curl script, and the webhook finding (TASK-STATE-005, a
/// bogus task state in the notification) survives the redaction.
#[test]
fn repro_redacts_webhook_urls_in_bodies_as_in_requests() {
    let input = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/redaction/pushsecret2.jsonl"
    );
    let dir = tempfile::tempdir().unwrap();
    for rule in ["PUSH-URL-001", "TASK-STATE-005"] {
        let out = dir.path().join(format!("{rule}.jsonl"));
        let (code, stdout, stderr) = cli(&[
            "repro",
            input,
            "--finding",
            rule,
            "-o",
            out.to_str().unwrap(),
        ]);
        assert_eq!(code, Some(0), "{rule}: {stdout}{stderr}");
        let cut = untag(&std::fs::read_to_string(&out).unwrap());
        let sh = untag(&std::fs::read_to_string(out.with_extension("sh")).unwrap());
        for (what, text) in [("cut", &cut), ("script", &sh)] {
            assert!(
                !text.contains("SECRETRP"),
                "{rule}: a secret in the {what}:\n{text}"
            );
        }
        assert!(cut.contains("hook?token=[REDACTED]"), "{cut}");
    }
    // the webhook call and the config that registered its URL are both in the second cut
    let cut = untag(&std::fs::read_to_string(dir.path().join("TASK-STATE-005.jsonl")).unwrap());
    assert!(
        cut.contains(r#""url":"http://127.0.0.1:9/hook?token=[REDACTED]","headers""#)
            // the body's own bytes are kept around the secret (`"url": "..."`)
            && cut.contains(r#"\"url\": \"http://127.0.0.1:9/hook?token=[REDACTED]\""#),
        "{cut}"
    );
}

fn gzip(data: &[u8]) -> Vec<u8> {
    use std::io::Write;
    let mut e = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
    e.write_all(data).unwrap();
    e.finish().unwrap()
}

fn gunzip(data: &[u8]) -> String {
    use std::io::Read;
    let mut s = String::new();
    flate2::read::GzDecoder::new(data)
        .read_to_string(&mut s)
        .unwrap();
    s
}

/// A3: a push config sent gzip-compressed by the client and answered gzip-compressed by the
/// agent: the recording holds gzip bodies (still consistent with their `content-encoding`
/// heads) whose decoded text has the tokens redacted; the verifier reads them; the client
/// and the agent got the real bytes.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn push_tokens_in_gzip_bodies_are_redacted() {
    let answer = br#"{"jsonrpc":"2.0","id":1,"result":{"configs":[{"id":"c1","taskId":"t1","url":"http://127.0.0.1:9/h","token":"SECRETGZRESP"}]}}"#;
    let agent = agent(200, "content-encoding: gzip\r\n", gzip(answer)).await;
    let dir = tempfile::tempdir().unwrap();
    let rec = dir.path().join("r3.jsonl");
    let proxy = Proxy::recording(agent, &rec);
    let body = gzip(br#"{"jsonrpc":"2.0","id":2,"method":"CreateTaskPushNotificationConfig","params":{"taskId":"t1","url":"http://10.0.0.9:9/h","token":"SECRETGZREQ"}}"#);
    let mut req = format!(
        "POST / HTTP/1.1\r\nhost: a\r\ncontent-type: application/json\r\ncontent-encoding: gzip\r\na2a-version: 1.0\r\ncontent-length: {}\r\nconnection: close\r\n\r\n",
        body.len()
    )
    .into_bytes();
    req.extend_from_slice(&body);
    let mut s = TcpStream::connect(proxy.addr).await.unwrap();
    s.write_all(&req).await.unwrap();
    let mut got = Vec::new();
    tokio::time::timeout(Duration::from_secs(10), s.read_to_end(&mut got))
        .await
        .unwrap()
        .unwrap();
    proxy.stop();
    let end = got.windows(4).position(|w| w == b"\r\n\r\n").unwrap() + 4;
    assert!(
        gunzip(&got[end..]).contains("SECRETGZRESP"),
        "the client gets the real answer"
    );
    let text = untag(&std::fs::read_to_string(&rec).unwrap());
    let mut bodies = Vec::new();
    for line in text.lines().skip(1) {
        let ev: serde_json::Value = serde_json::from_str(line).unwrap();
        if ev["type"] == "request_body" || ev["type"] == "response_chunk" {
            assert_eq!(ev["encoding"], "base64", "{line}");
            use base64::Engine as _;
            let raw = base64::engine::general_purpose::STANDARD
                .decode(ev["body"].as_str().unwrap())
                .unwrap();
            bodies.push(untag(&gunzip(&raw)));
        }
    }
    assert_eq!(bodies.len(), 2, "{text}");
    for b in &bodies {
        assert!(!b.contains("SECRETGZ"), "{b}");
        assert!(b.contains(r#""token":"[REDACTED]""#), "{b}");
    }
    // the verifier decodes the re-encoded bodies: no finding about an unreadable body
    let (_, out, err) = cli(&[
        "verify",
        rec.to_str().unwrap(),
        "-f",
        "json",
        "--fail-on",
        "never",
    ]);
    let report: serde_json::Value =
        serde_json::from_str(&out).unwrap_or_else(|_| panic!("{out}{err}"));
    let rules: Vec<&str> = report["findings"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|f| f["rule"].as_str())
        .collect();
    // a private-address webhook (a loopback one given by a loopback client to a loopback
    // agent is a local test run, breaker17b V18)
    assert!(
        rules.contains(&"PUSH-URL-001"),
        "the request body was read: {rules:?}"
    );
}

/// A7: `--auth-header` text that is not `Name: value` is refused (exit 2) without echoing
/// it: `'X-Key SECRET'` forgot its colon, `'Authorization Bearer a:b'` has one inside the
/// secret (`interop --auth-header-a/-b` go through the same parser).
#[test]
fn a_malformed_auth_header_is_refused_without_echoing_it() {
    for (flag, bad) in [
        ("--auth-header", "X-Key SECRETAH1"),
        ("--auth-header", "Authorization Bearer SECRETAH2:x"),
    ] {
        let (code, out, err) = cli(&["probe", "http://127.0.0.1:9/", flag, bad]);
        assert_eq!(code, Some(2), "{out}{err}");
        assert!(err.contains("--auth-header #1"), "{err}");
        assert!(
            !err.contains("SECRETAH") && !out.contains("SECRETAH"),
            "{err}"
        );
    }
}

/// A7: a form body (an OAuth token request through the proxy, RFC 6749 §4.3) loses the
/// values of the parameters that are redacted in query strings; the others stay.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn form_body_secrets_are_redacted() {
    let agent = agent(200, "", br#"{"ok":true}"#.to_vec()).await;
    let dir = tempfile::tempdir().unwrap();
    let rec = dir.path().join("r7.jsonl");
    let proxy = Proxy::recording(agent, &rec);
    let body = "grant_type=password&client_id=cli&client_secret=SECRETFORM1&username=u&password=SECRETFORM2";
    let answer = post(
        proxy.addr,
        "/oauth/token",
        "application/x-www-form-urlencoded",
        "",
        body,
    )
    .await;
    proxy.stop();
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
    let text = untag(&std::fs::read_to_string(&rec).unwrap());
    assert!(!text.contains("SECRETFORM"), "{text}");
    assert!(
        text.contains("grant_type=password&client_id=cli&client_secret=[REDACTED]&username=u&password=[REDACTED]"),
        "{text}"
    );
}

/// A transcript is written by hand or cut from raw traffic: never redacted on write. Its
/// reports (every format) show what a recording would: no header credential, no secret
/// query value, no push token, no password of a URL a card advertises; the verdicts are
/// the same as on the raw traffic (TASK-STATE-005, CARD-URL-003).
#[test]
fn reports_of_unredacted_inputs_show_no_secrets() {
    let dir = tempfile::tempdir().unwrap();
    let t = dir.path().join("raw.jsonl");
    let lines = [
        r#"{"dir":"req","t":0.0,"method":"GET","url":"https://gw.example.test/.well-known/agent-card.json","headers":{}}"#,
        r#"{"dir":"resp","t":0.001,"status":200,"headers":{"content-type":"application/json"},"body":"{\"name\":\"a\",\"description\":\"d\",\"version\":\"1\",\"protocolVersion\":\"0.3.0\",\"url\":\"http://admin:SECRETPW@10.0.0.5:8080/a2a?token=SECRETQ1\",\"capabilities\":{},\"defaultInputModes\":[\"text/plain\"],\"defaultOutputModes\":[\"text/plain\"],\"skills\":[]}"}"#,
        r#"{"dir":"req","t":0.002,"method":"POST","url":"https://gw.example.test/a2a?api_key=SECRETQ2","headers":{"content-type":"application/json","authorization":"Bearer SECRETHDR","cookie":"sid=SECRETCOOKIE"},"body":"{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"message/send\",\"params\":{\"message\":{\"kind\":\"message\",\"messageId\":\"m1\",\"role\":\"user\",\"parts\":[{\"kind\":\"text\",\"text\":\"hi\"}]},\"configuration\":{\"pushNotificationConfig\":{\"url\":\"https://hook.example.test/h?token=SECRETQ3\",\"token\":\"SECRETTOK\"}}}}"}"#,
        r#"{"dir":"resp","t":0.003,"status":200,"headers":{"content-type":"application/json","set-cookie":"sid=SECRETSET"},"body":"{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{\"kind\":\"task\",\"id\":\"t1\",\"contextId\":\"c1\",\"status\":{\"state\":\"bogus\"}}}"}"#,
    ];
    std::fs::write(&t, lines.join("\n") + "\n").unwrap();
    for fmt in ["text", "json", "markdown", "junit", "sarif", "html"] {
        let (code, out, err) = cli(&["report", t.to_str().unwrap(), "-f", fmt, "-o", "-"]);
        assert_eq!(code, Some(0), "{fmt}: {err}");
        // Every secret here starts with SECRET; so does the rule ID CARD-SECRET-001 (the
        // card carries the password), which is no secret.
        assert!(
            !out.replace("CARD-SECRET-001", "").contains("SECRET"),
            "{fmt} report shows a secret:\n{out}"
        );
        for rule in ["TASK-STATE-005", "CARD-URL-003"] {
            assert!(out.contains(rule), "{fmt} report lost {rule}:\n{out}");
        }
    }
    let (_, text, _) = cli(&["report", t.to_str().unwrap()]);
    let text = untag(&text);
    assert!(
        text.contains("http://admin:[REDACTED]@10.0.0.5:8080/a2a?token=[REDACTED]"),
        "{text}"
    );
}

/// A8 (session 7, a fresh engineer's report): an OAuth token endpoint on the agent's
/// origin. The JSON token request (`password`, `client_secret`: Auth0, Okta and Keycloak
/// accept JSON) and the token response (RFC 6749 §5.1 `access_token`, `refresh_token`,
/// OIDC `id_token`) lose their values; the other members stay. The credential headers cloud
/// gateways forward (Google API Gateway, Cloud Run, AWS ALB OIDC, IAP) are redacted like
/// `Authorization`, keeping the scheme word where they have one.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn oauth_token_bodies_and_gateway_credential_headers_are_redacted() {
    let agent = agent(
        200,
        "",
        br#"{"access_token":"SECRETACCESS","token_type":"Bearer","expires_in":3600,"refresh_token":"SECRETREFRESH","id_token":"SECRETIDTOKEN","scope":"a2a"}"#.to_vec(),
    )
    .await;
    let dir = tempfile::tempdir().unwrap();
    let rec = dir.path().join("r8.jsonl");
    let proxy = Proxy::recording(agent, &rec);
    let body = r#"{"grant_type":"password","username":"u","password":"SECRETJSONPW","client_id":"cli","client_secret":"SECRETJSONCS","code_verifier":"SECRETVERIFIER"}"#;
    let headers = concat!(
        "x-forwarded-authorization: Bearer SECRETFWDAUTH\r\n",
        "x-serverless-authorization: Bearer SECRETCLOUDRUN\r\n",
        "x-amzn-oidc-accesstoken: SECRETALBACCESS\r\n",
        "x-amzn-oidc-data: SECRETALBDATA\r\n",
        "x-goog-iap-jwt-assertion: SECRETIAPJWT\r\n",
        "authentication: Bearer SECRETAUTHN\r\n",
    );
    let answer = post(
        proxy.addr,
        "/oauth/token",
        "application/json",
        headers,
        body,
    )
    .await;
    proxy.stop();
    assert!(
        answer.contains("SECRETACCESS"),
        "the client gets the real answer: {answer}"
    );
    let text = recording_without_secrets(&rec);
    for kept in [
        r#"\"token_type\":\"Bearer\",\"expires_in\":3600"#,
        r#"\"access_token\":\"[REDACTED]\""#,
        r#"\"grant_type\":\"password\",\"username\":\"u\",\"password\":\"[REDACTED]\""#,
        r#"["x-forwarded-authorization","Bearer [REDACTED]"]"#,
        r#"["authentication","Bearer [REDACTED]"]"#,
        r#"["x-amzn-oidc-data","[REDACTED]"]"#,
        r#"["content-type","application/json"]"#,
    ] {
        assert!(text.contains(kept), "{kept} not in\n{text}");
    }
}

/// A9 (session 7): a JSON body in a content coding the redactor cannot decode (`zstd`, RFC
/// 8878) cannot be checked for secrets, so its bytes stay out of the recording:
/// `exchange_end.truncated`, and its `error` says what was left out and why. The client
/// still gets every byte. (The
/// body here is plain JSON labelled zstd: the recorder must not trust or read it either way.)
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_body_in_a_coding_the_redactor_cannot_read_is_left_out() {
    let agent = agent(
        200,
        "content-encoding: zstd\r\n",
        br#"{"jsonrpc":"2.0","id":3,"result":{"taskId":"t1","pushNotificationConfig":{"url":"http://127.0.0.1:9/h","token":"SECRETZSTDTOKEN","authentication":{"scheme":"Bearer","credentials":"SECRETZSTDCRED"}}}}"#.to_vec(),
    )
    .await;
    let dir = tempfile::tempdir().unwrap();
    let rec = dir.path().join("r9.jsonl");
    let proxy = Proxy::recording(agent, &rec);
    let body = r#"{"jsonrpc":"2.0","id":3,"method":"tasks/pushNotificationConfig/get","params":{"id":"t1"}}"#;
    let answer = post(proxy.addr, "/", "application/json", "", body).await;
    proxy.stop();
    assert!(answer.contains("SECRETZSTDTOKEN"), "{answer}");
    let text = untag(&std::fs::read_to_string(&rec).unwrap());
    assert!(!text.contains("SECRETZSTD"), "{text}");
    let events: Vec<serde_json::Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let chunks: Vec<_> = events
        .iter()
        .filter(|e| e["type"] == "response_chunk")
        .collect();
    assert!(chunks.is_empty(), "{text}");
    let end = events.iter().find(|e| e["type"] == "exchange_end").unwrap();
    assert_eq!(end["truncated"], true, "{text}");
    assert_eq!(end["response_bytes"], 199, "{text}");
    let why = end["error"].as_str().unwrap_or_default();
    assert!(
        why.starts_with("redaction: response body left out") && why.contains("\"zstd\""),
        "{why}"
    );
    // The request, in no coding, is recorded whole.
    assert!(text.contains("tasks/pushNotificationConfig/get"), "{text}");
}

/// breaker8 G11: query parameter names are matched like header names (a credential part
/// anywhere in the name, `_` read as `-`) plus the names of common services, and a few more
/// header spellings are secrets; A2A's own query parameters (`pageToken`, `historyLength`,
/// `contextId`, `taskId`, `tenant`, `page_token`) keep their values.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn common_credential_query_names_and_header_spellings_are_redacted() {
    let agent = agent(200, "", br#"{"jsonrpc":"2.0","id":1,"result":{}}"#.to_vec()).await;
    let dir = tempfile::tempdir().unwrap();
    let rec = dir.path().join("g11.jsonl");
    let proxy = Proxy::recording(agent, &rec);
    let query = [
        "X-Goog-Signature=SECRETGOOGSIG",
        "X-Goog-Credential=SECRETGOOGCRED",
        "private_token=SECRETGITLAB",
        "jwt=SECRETJWT",
        "x-api-key=SECRETXAPIKEY",
        "access_key=SECRETACCESSKEY",
        "passwd=SECRETPASSWD",
        "pwd=SECRETPWD",
        "pass=SECRETPASS",
        "credential=SECRETCRED",
        "session=SECRETSESSION",
        "ticket=SECRETTICKET",
        "pageToken=keep1",
        "historyLength=2",
        "contextId=keep2",
        "taskId=keep3",
        "tenant=keep4",
        "page_token=keep5",
    ]
    .join("&");
    let headers = concat!(
        "token: SECRETBARETOKEN\r\n",
        "auth: SECRETBAREAUTH\r\n",
        "x-auth: SECRETXAUTH\r\n",
        "x-passwd: SECRETXPASSWD\r\n",
        "x-pass: SECRETXPASS\r\n",
        "x-passthrough: keep-header\r\n",
    );
    let body = r#"{"jsonrpc":"2.0","id":1,"method":"GetTask","params":{"id":"t1"}}"#;
    let answer = post(
        proxy.addr,
        &format!("/rpc?{query}"),
        "application/json",
        headers,
        body,
    )
    .await;
    proxy.stop();
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
    let text = recording_without_secrets(&rec);
    for kept in [
        "X-Goog-Signature=[REDACTED]",
        "private_token=[REDACTED]",
        "pageToken=keep1&historyLength=2&contextId=keep2&taskId=keep3&tenant=keep4&page_token=keep5",
        r#"["token","[REDACTED]"]"#,
        r#"["x-pass","[REDACTED]"]"#,
        r#"["x-passthrough","keep-header"]"#,
    ] {
        assert!(text.contains(kept), "{kept} not in\n{text}");
    }
}

/// breaker16b T1: credentials in URL-valued headers get the request URL's rules, in the
/// recording and everything made from it. An auth front answers a SendMessage posted to
/// `/?api_key=` with `302 Location: https://sso/authorize?client_secret=...&next=/?api_key=...`
/// (the SSO pattern that echoes the caller's key in a return URL), a percent-encoded
/// `redirect_uri` holding an OAuth `code`, a `Content-Location`, `Link` and `Refresh` with
/// tokens and userinfo passwords; the client sends a browser's `Referer` after an OAuth
/// redirect. None of the secrets is in the recording, the live stderr lines, the `--report`,
/// the reports, `repro` or the HAR; the client still gets every header as sent (forwarded
/// untouched), and the parameters that are no credentials (`state`, `historyLength`, a
/// `Location` with no secret) stay readable.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn credentials_in_url_valued_headers_are_redacted_everywhere() {
    let location = "https://sso.example.com/authorize?client_secret=SECRETSSOCS&state=keepstate&next=/?api_key=SECRETCLIENTKEY";
    let extra: &'static str = Box::leak(
        format!(
            "location: {location}\r\n\
             content-location: /tasks/1?historyLength=2&token=SECRETCLOC\r\n\
             link: <https://h.example/p?sig=SECRETLINKSIG>; rel=\"next\", <https://admin:SECRETLINKPW@h.example/>; rel=\"alt\"\r\n\
             refresh: 0; url=https://h.example/?access_token=SECRETREFRESHTOK\r\n\
             x-original-url: /cb?redirect_uri=https%3A%2F%2Fapp.example%2Fcb%3Fcode%3DSECRETNESTEDCODE%26x%3D1\r\n\
             x-plain-location: https://h.example/tasks?historyLength=3\r\n"
        )
        .into_boxed_str(),
    );
    let agent = agent(302, extra, b"{}".to_vec()).await;
    let dir = tempfile::tempdir().unwrap();
    let rec = dir.path().join("t1.jsonl");
    let live = dir.path().join("t1-live.json");
    let proxy = Proxy::start(&[
        "--upstream",
        &format!("http://{agent}"),
        "--record",
        rec.to_str().unwrap(),
        "--report",
        live.to_str().unwrap(),
        "--fail-on",
        "never",
    ]);
    let body = r#"{"jsonrpc":"2.0","id":1,"method":"SendMessage","params":{"message":{"messageId":"m1","role":"ROLE_USER","parts":[{"text":"hi"}]}}}"#;
    let answer = post(
        proxy.addr,
        "/?api_key=SECRETCLIENTKEY",
        "application/json",
        "a2a-version: 1.0\r\nreferer: https://app.example/cb?code=SECRETOAUTHCODE&access_token=SECRETREFERERTOK&state=keepref\r\n",
        body,
    )
    .await;
    let stderr = proxy.stop();
    assert!(answer.starts_with("HTTP/1.1 302"), "{answer}");
    assert!(
        answer.contains(&format!("location: {location}\r\n")),
        "the client gets the Location as sent: {answer}"
    );
    let md = dir.path().join("t1.md");
    let har = dir.path().join("t1.har");
    let min = dir.path().join("t1-min.jsonl");
    let (code, _, err) = cli(&["report", rec.to_str().unwrap(), "-o", md.to_str().unwrap()]);
    assert!(code.is_some(), "{err}");
    let (code, _, err) = cli(&[
        "export",
        rec.to_str().unwrap(),
        "--har",
        har.to_str().unwrap(),
    ]);
    assert_eq!(code, Some(0), "{err}");
    let (code, _, err) = cli(&[
        "repro",
        rec.to_str().unwrap(),
        "--finding",
        "AUTH-CHALLENGE-001",
        "-o",
        min.to_str().unwrap(),
    ]);
    assert_eq!(code, Some(0), "{err}");
    let min_sh = dir.path().join("t1-min.sh");
    let text = untag(&std::fs::read_to_string(&rec).unwrap());
    for (what, shown) in [
        ("recording", text.clone()),
        ("stderr", untag(&stderr)),
        ("--report", std::fs::read_to_string(&live).unwrap()),
        ("report", std::fs::read_to_string(&md).unwrap()),
        ("HAR", std::fs::read_to_string(&har).unwrap()),
        ("repro", std::fs::read_to_string(&min).unwrap()),
        ("repro script", std::fs::read_to_string(&min_sh).unwrap()),
    ] {
        for secret in [
            "SECRETSSOCS",
            "SECRETCLIENTKEY",
            "SECRETCLOC",
            "SECRETLINKSIG",
            "SECRETLINKPW",
            "SECRETREFRESHTOK",
            "SECRETNESTEDCODE",
            "SECRETOAUTHCODE",
            "SECRETREFERERTOK",
        ] {
            assert!(!shown.contains(secret), "{secret} in the {what}:\n{shown}");
        }
    }
    assert!(
        stderr.contains("warning[AUTH-CHALLENGE-001]"),
        "the live line is still printed: {stderr}"
    );
    for kept in [
        r#"["location","https://sso.example.com/authorize?client_secret=[REDACTED]&state=keepstate&next=/?api_key=[REDACTED]"]"#,
        r#"["content-location","/tasks/1?historyLength=2&token=[REDACTED]"]"#,
        r#"["link","<https://h.example/p?sig=[REDACTED]>; rel=\"next\", <https://admin:[REDACTED]@h.example/>; rel=\"alt\""]"#,
        r#"["refresh","0; url=https://h.example/?access_token=[REDACTED]"]"#,
        r#"["x-plain-location","https://h.example/tasks?historyLength=3"]"#,
        r#"["referer","https://app.example/cb?code=[REDACTED]&access_token=[REDACTED]&state=keepref"]"#,
        r#"["x-original-url","/cb?redirect_uri=https://app.example/cb%3Fcode%3D[REDACTED]%26x%3D1"]"#,
    ] {
        assert!(text.contains(kept), "{kept} not in\n{text}");
    }
}

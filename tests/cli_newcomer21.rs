//! newcomer21: what a newcomer hit driving `probe`, `interop` and the proxy against TLS
//! agents, non-A2A servers and slow agents, and reading the reports. Real processes, real
//! loopback sockets (TLS with a self-signed certificate), real files.

use crate::broken;
use crate::common;

use crate::proxy_process;

use std::io::{Read, Write};
use std::net::TcpStream;
use std::time::Duration;

use common::run_off_runtime as run;

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// `probe URL -q -f json -o REPORT EXTRA...` as strings.
fn probe_args(url: &str, report: &std::path::Path, extra: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = ["probe", url, "-q", "--timeout", "5s", "-f", "json", "-o"]
        .iter()
        .map(|s| s.to_string())
        .collect();
    v.push(report.display().to_string());
    v.extend(extra.iter().map(|s| s.to_string()));
    v
}

/// N1: an `https://` agent whose certificate the run does not trust, an `https://` URL on
/// a plain-HTTP port, and an `http://` URL on a TLS port were each reported as "the agent
/// stopped answering" (3 requests in a row unanswered) with a card.reachable failure "(HTTP
/// 502)", a non-conformant level, hints naming the proxy's `--upstream-ca` /
/// `--insecure-upstream` and "a slow agent needs a longer --timeout". Now the first two are
/// refused by a TLS handshake at start-up (exit 2, nothing sent, no report written) with the
/// probe's own fix, and the third names the TLS bytes the agent answered with and the
/// https:// URL to use.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn n1_tls_mismatches_are_named_not_taken_for_an_agent_that_stopped_answering() {
    let dir = tempfile::tempdir().unwrap();
    let pem = dir.path().join("agent.pem");
    let tls_agent = broken::start_tls(&pem).await;
    let plain_agent = broken::start(broken::Break::Nothing, false).await;
    let report = dir.path().join("r.json");
    let port = tls_agent.addr.port();

    // untrusted certificate (no --ca): refused before anything runs
    let o = run(probe_args(&tls_agent.https_url(), &report, &[])).await;
    let err = text(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert_eq!(
        err.trim_end(),
        format!("a2a-interop: the TLS handshake with the agent at 127.0.0.1:{port} failed: invalid peer certificate: UnknownIssuer; hint: the agent's certificate chains to no CA this run trusts (the OS roots; no --ca given): pass that CA, or the self-signed certificate itself, with --ca FILE (PEM)")
    );
    assert!(text(&o.stdout).is_empty(), "{}", text(&o.stdout));
    assert!(!report.exists(), "no report for a run that never started");

    // a --ca that is not the agent's: the same, saying the --ca files do not vouch for it
    let other = dir.path().join("other.pem");
    let _other_agent = broken::start_tls(&other).await;
    let o = run(probe_args(
        &tls_agent.https_url(),
        &report,
        &["--ca", other.to_str().unwrap()],
    ))
    .await;
    let err = text(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{err}");
    // rcgen names every self-signed certificate alike: the issuer matches, the key does not
    assert!(
        err.contains("invalid peer certificate: BadSignature; hint: the agent's certificate names a trusted CA as its issuer but that CA's key did not sign it")
            && err.contains("with --ca FILE (PEM)"),
        "{err}"
    );

    // the right --ca: the probe runs (the pre-check trusts what the run trusts)
    let o = run(probe_args(
        &tls_agent.https_url(),
        &report,
        &["--ca", pem.to_str().unwrap()],
    ))
    .await;
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    assert!(report.exists());
    std::fs::remove_file(&report).unwrap();

    // https:// on a plain-HTTP port
    let plain_port = plain_agent.addr.port();
    let o = run(probe_args(
        &format!("https://127.0.0.1:{plain_port}/"),
        &report,
        &[],
    ))
    .await;
    let err = text(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(
        err.trim_end().ends_with(&format!(
            "hint: the agent does not speak TLS on that port: give http://127.0.0.1:{plain_port}"
        )) && err.contains("the TLS handshake with the agent at"),
        "{err}"
    );
    assert!(!report.exists());

    // http:// on a TLS port: the agent answers the plain request with a TLS alert
    let o = run(probe_args(&tls_agent.url(), &report, &[])).await;
    let err = text(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{err}");
    let last = err.lines().last().unwrap_or("");
    assert!(
        last.starts_with("a2a-interop: the probe could not finish during card.reachable: the agent answers in TLS, not plain HTTP: GET http://")
            && last.contains("it answered with TLS record bytes (`\\x15\\x03")
            && last.ends_with("hint: give the agent's https:// URL (add --ca FILE for a self-signed certificate)"),
        "{err}"
    );
    for wrong in [
        "stopped answering",
        "--upstream-ca",
        "--insecure-upstream",
        "longer --timeout",
    ] {
        assert!(!err.contains(wrong), "{wrong:?} in {err}");
    }

    // interop says which agent, with the same cause
    let o = run(vec![
        "interop".into(),
        plain_agent.url(),
        tls_agent.https_url(),
        "-q".into(),
    ])
    .await;
    let err = text(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(
        err.contains("agent B is not reachable: the TLS handshake with the agent at")
            && err.contains("--ca FILE"),
        "{err}"
    );
}

/// N1 (proxy side): `proxy --upstream http://` in front of a TLS-only agent answered 502
/// "its status line `` is not `HTTP/1.1 ...`" (the TLS alert the agent sent was never shown).
/// The 502 now says the agent answered with TLS record bytes and to use an https:// URL.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn n1_proxy_to_a_tls_port_over_http_names_the_tls_answer() {
    let dir = tempfile::tempdir().unwrap();
    let pem = dir.path().join("agent.pem");
    let tls_agent = broken::start_tls(&pem).await;
    let rec = dir.path().join("rec.jsonl");
    let upstream = tls_agent.url();
    let rec_s = rec.display().to_string();
    let body = tokio::task::spawn_blocking(move || {
        let (proxy, addr) =
            proxy_process::start_proxy(&["--upstream", &upstream, "--record", &rec_s]);
        let mut c = TcpStream::connect(addr).unwrap();
        c.set_read_timeout(Some(Duration::from_secs(20))).unwrap();
        write!(
            c,
            "GET /.well-known/agent-card.json HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n"
        )
        .unwrap();
        let mut got = String::new();
        let _ = c.read_to_string(&mut got);
        proxy.terminate();
        got
    })
    .await
    .unwrap();
    assert!(body.starts_with("HTTP/1.1 502"), "{body}");
    assert!(
        body.contains("sent a response head the proxy cannot parse: it answered with TLS record bytes (`\\x15\\x03")
            && body.contains("a TLS alert), not HTTP: the agent speaks TLS (https) on that port, not plain HTTP (RFC 8446 §5.1); use an https:// URL for it"),
        "{body}"
    );
}

/// A plain HTTP server that is no A2A agent: every request gets `404 Not Found` (as
/// `python3 -m http.server` does for the well-known card paths). Serves until the test ends.
fn not_an_agent() -> std::net::SocketAddr {
    let l = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let addr = l.local_addr().unwrap();
    std::thread::spawn(move || {
        for c in l.incoming() {
            let Ok(mut c) = c else { continue };
            std::thread::spawn(move || {
                let mut buf = [0u8; 4096];
                let _ = c.set_read_timeout(Some(Duration::from_secs(5)));
                let _ = c.read(&mut buf);
                let _ = c.write_all(
                    b"HTTP/1.1 404 Not Found\r\nContent-Type: text/html\r\nContent-Length: 9\r\nConnection: close\r\n\r\nnot here\n",
                );
            });
        }
    });
    addr
}

/// N2: `interop` with one URL that is no A2A agent (another service on a mistyped port)
/// exited 1 calling that side "non-conformant" (and the other side "full"), where `probe`
/// of the same URL exits 2 naming the card paths tried. Now `interop` does as `probe`:
/// exit 2, one line naming the URL (`URL_A` / `URL_B`), the paths tried and the hint, no
/// verdict on stdout.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn n2_interop_with_a_url_that_is_no_agent_is_exit_2_like_probe() {
    let agent = broken::start(broken::Break::Nothing, false).await;
    let other = not_an_agent();
    for (a, b, who) in [
        (format!("http://{other}/"), agent.url(), "URL_A"),
        (agent.url(), format!("http://{other}/"), "URL_B"),
    ] {
        let o = run(vec!["interop".into(), a, b, "-q".into()]).await;
        let err = text(&o.stderr);
        assert_eq!(o.status.code(), Some(2), "{err}\n{}", text(&o.stdout));
        assert_eq!(
            err.trim_end(),
            format!("a2a-interop: {who}: no A2A Agent Card under http://{other}/: /.well-known/agent-card.json (HTTP 404), /.well-known/agent.json (HTTP 404); hint: give agent {}'s base URL (where /.well-known/agent-card.json is served), not an interface URL or another service", &who[4..])
        );
        assert!(text(&o.stdout).is_empty(), "{}", text(&o.stdout));
    }
    // probe says the same of that URL
    let o = run(vec![
        "probe".into(),
        format!("http://{other}/"),
        "-q".into(),
    ])
    .await;
    assert_eq!(o.status.code(), Some(2));
    assert!(text(&o.stderr).contains(&format!(
        "no A2A Agent Card under http://{other}/: /.well-known/agent-card.json (HTTP 404)"
    )));
}

/// N3: `probe --bearer T --auth-header 'Authorization: Bearer U'` sent both: every request
/// carried two `Authorization` fields (the agent takes either), with no word. Now it is
/// exit 2 before anything is sent, naming both flags (never the values); the same for one
/// header name given twice, and for `interop`'s per-agent flags, the environment variable
/// included.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn n3_two_authorization_sources_are_refused_naming_the_flags() {
    let agent = broken::start(broken::Break::Nothing, false).await;
    let o = run(vec![
        "probe".into(),
        agent.url(),
        "-q".into(),
        "--auth-header".into(),
        "Authorization: Bearer secret-one".into(),
        "--bearer".into(),
        "secret-two".into(),
    ])
    .await;
    let err = text(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert_eq!(
        err.trim_end(),
        "a2a-interop: --bearer and --auth-header #1 both give Authorization: every request would carry two Authorization fields and the agent would take either (RFC 9110 §5.3, §11.6.2); hint: give one of them (--bearer may come from the environment: A2A_INTEROP_BEARER)"
    );
    assert!(text(&o.stdout).is_empty());

    let o = run(vec![
        "probe".into(),
        agent.url(),
        "-q".into(),
        "--auth-header".into(),
        "X-Api-Key: secret-one".into(),
        "--auth-header".into(),
        "x-api-key: secret-two".into(),
    ])
    .await;
    let err = text(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(
        err.contains("--auth-header #1 and #2 both give x-api-key: every request would carry two x-api-key fields")
            && !err.contains("secret"),
        "{err}"
    );

    // interop: the bearer from the environment meets --auth-header-b
    let out = tokio::task::spawn_blocking({
        let url = agent.url();
        move || {
            common::bin()
                .env("A2A_INTEROP_BEARER_B", "secret-three")
                .args([
                    "interop",
                    &url,
                    &url,
                    "-q",
                    "--auth-header-b",
                    "authorization: Basic c2VjcmV0",
                ])
                .output()
                .unwrap()
        }
    })
    .await
    .unwrap();
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(
        err.contains("--bearer-b and --auth-header-b #1 both give Authorization")
            && err.contains("A2A_INTEROP_BEARER_B")
            && !err.contains("secret"),
        "{err}"
    );
    // one of them alone still runs
    let o = run(vec![
        "probe".into(),
        agent.url(),
        "-q".into(),
        "--auth-header".into(),
        "Authorization: Bearer secret-one".into(),
    ])
    .await;
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
}

/// An agent whose card is served at once and whose JSON-RPC endpoint never answers (reads
/// the request, then holds the connection): a hung agent. Serves until the test ends. The
/// receiver gets one message per request it holds (the request has reached it).
fn hung_agent() -> (std::net::SocketAddr, std::sync::mpsc::Receiver<()>) {
    let (held_tx, held_rx) = std::sync::mpsc::channel();
    let l = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let addr = l.local_addr().unwrap();
    let card = serde_json::json!({
        "name": "hung", "description": "answers its card only", "version": "1",
        "supportedInterfaces": [{"url": format!("http://{addr}/"), "protocolBinding": "JSONRPC", "protocolVersion": "1.0"}],
        "capabilities": {}, "defaultInputModes": ["text/plain"], "defaultOutputModes": ["text/plain"],
        "skills": [{"id": "echo", "name": "echo", "description": "echo", "tags": ["echo"]}]
    })
    .to_string();
    std::thread::spawn(move || {
        for c in l.incoming() {
            let Ok(mut c) = c else { continue };
            let card = card.clone();
            let held_tx = held_tx.clone();
            std::thread::spawn(move || {
                let mut buf = [0u8; 8192];
                let n = c.read(&mut buf).unwrap_or(0);
                if buf[..n].starts_with(b"GET ") {
                    let _ = write!(
                        c,
                        "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{card}",
                        card.len()
                    );
                } else {
                    let _ = held_tx.send(());
                    std::thread::sleep(Duration::from_secs(120));
                }
            });
        }
    });
    (addr, held_rx)
}

/// N4: Ctrl-C while the probe waited on a hung agent: the test whose request was in flight
/// said "not sent: the run was interrupted" though the request had gone out and waited
/// seconds, and the recording's `exchange_end` blamed a half-closing client and advised
/// `proxy --half-close`. Now the test says it was sent, what, and how long it waited; the
/// recording says the client was the tool's own, which gave up on the request; the tests
/// after it still say "not sent". N12: after the interruption stderr announced tests as
/// starting ("probe: card.interface-url [0.3] ...") though they were skipped; no longer.
#[test]
fn n4_ctrl_c_names_the_request_in_flight_as_sent_and_the_recording_blames_no_client() {
    let (agent, held) = hung_agent();
    let dir = tempfile::tempdir().unwrap();
    let rec = dir.path().join("rec.jsonl");
    let mut child = proxy_process::ChildGuard::spawn(
        common::bin()
            .args(["probe", &format!("http://{agent}/"), "--timeout", "60s"])
            .arg("--record")
            .arg(&rec)
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped()),
    );
    // wait for the interface call to be under way, then give it a second in flight
    let err = child.stderr.take().unwrap();
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        use std::io::BufRead;
        for line in std::io::BufReader::new(err).lines().map_while(Result::ok) {
            let _ = tx.send(line);
        }
    });
    let mut seen = Vec::new();
    loop {
        let l = rx
            .recv_timeout(Duration::from_secs(30))
            .unwrap_or_else(|_| panic!("no interface-url progress line: {seen:?}"));
        let hit = l.contains("probe: card.interface-url [1.0] ...");
        seen.push(l);
        if hit {
            break;
        }
    }
    // the POST has reached the agent (the probe's wait began before that): a second more
    held.recv_timeout(Duration::from_secs(30))
        .expect("the interface-url POST reaches the agent");
    std::thread::sleep(Duration::from_millis(1000));
    child.signal("INT");
    let o = child.output_within(Duration::from_secs(30), "probe after Ctrl-C");
    let out = text(&o.stdout);
    assert_eq!(o.status.code(), Some(130), "{out}");
    // N12: after the interruption no test is announced as starting (they are skipped)
    // every line to its end (the reader thread may not have passed the last ones on yet)
    let after: Vec<String> = rx
        .iter()
        .skip_while(|l| !l.contains("interrupted: stopping the probe"))
        .collect();
    assert!(!after.is_empty(), "no interruption line: {seen:?}");
    assert!(
        !after
            .iter()
            .any(|l| l.starts_with("probe: ") && l.ends_with(" ...")),
        "{after:?}"
    );
    let line = out
        .lines()
        .find(|l| l.contains("card.interface-url [1.0]"))
        .unwrap_or_else(|| panic!("{out}"));
    let want = format!(
        "skip  card.interface-url [1.0]: advertised url http://{agent}/: sent POST http://{agent}/, but the run was interrupted (Ctrl-C) after "
    );
    assert!(line.starts_with(&want), "{line}");
    let waited: u64 = line[want.len()..]
        .split(' ')
        .next()
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("{line}"));
    assert!(waited >= 900, "waited {waited} ms: {line}");
    assert!(line.contains(" ms without an answer"), "{line}");
    // the tests after it were not sent
    let after = out
        .lines()
        .find(|l| l.starts_with("skip  errors.unknown-task [1.0]"))
        .unwrap_or_else(|| panic!("{out}"));
    assert!(
        after.contains("not sent: the run was interrupted (Ctrl-C)"),
        "{after}"
    );
    // the recording: the POST ended client_abort, and says whose client gave up
    let recording = std::fs::read_to_string(&rec).unwrap();
    let end: serde_json::Value = recording
        .lines()
        .filter_map(|l| serde_json::from_str::<serde_json::Value>(l).ok())
        .find(|e| e["type"] == "exchange_end" && e["outcome"] == "client_abort")
        .unwrap_or_else(|| panic!("{recording}"));
    let e = end["error"].as_str().unwrap();
    assert!(
        e.starts_with("the client's connection reached EOF before the response ended: the client is a2a-interop's own (probe, interop), which gave up on the request: the run was interrupted (Ctrl-C, SIGTERM), or the request's --timeout passed"),
        "{e}"
    );
    assert!(!e.contains("--half-close"), "{e}");
}

/// N5: the HTML report of a `probe` or `interop` said `source: -` (no agent named), the
/// Markdown one `probe `-` (target ...)`. Both now name the agents driven and the recording,
/// or that the traffic was not kept; a report of a recording file reads as before.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn n5_probe_and_interop_reports_name_the_agents_not_a_dash() {
    let agent = broken::start(broken::Break::Nothing, false).await;
    let dir = tempfile::tempdir().unwrap();
    let md = dir.path().join("r.md");
    let html = dir.path().join("r.html");
    let rec = dir.path().join("rec.jsonl");
    let url = agent.url();
    let base = vec![
        "probe".to_string(),
        url.clone(),
        "-q".into(),
        "-f".into(),
        "markdown".into(),
        "-o".into(),
        md.display().to_string(),
        "-f".into(),
        "html".into(),
        "-o".into(),
        html.display().to_string(),
    ];
    let o = run(base.clone()).await;
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    let m = std::fs::read_to_string(&md).unwrap();
    assert!(
        m.contains(&format!(
            "- **source:** probe of `{url}` (traffic not kept: add --record FILE to keep it)\n"
        )),
        "{m}"
    );
    let h = std::fs::read_to_string(&html).unwrap();
    assert!(
        h.contains(&format!("<li>source: probe of <code>{url}</code> (traffic not kept: add --record FILE to keep it)</li>")),
        "{h}"
    );
    assert!(!h.contains("source: <code>-</code>"), "{h}");

    let mut with_rec = base.clone();
    with_rec.extend(["--record".into(), rec.display().to_string()]);
    let o = run(with_rec).await;
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    let m = std::fs::read_to_string(&md).unwrap();
    assert!(
        m.contains(&format!(
            "- **source:** probe of `{url}`, recording `{}`\n",
            rec.display()
        )),
        "{m}"
    );

    // interop names both agents
    let agent_b = broken::start(broken::Break::Nothing, false).await;
    let o = run(vec![
        "interop".into(),
        url.clone(),
        agent_b.url(),
        "-q".into(),
        "-f".into(),
        "html".into(),
        "-o".into(),
        html.display().to_string(),
    ])
    .await;
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    let h = std::fs::read_to_string(&html).unwrap();
    assert!(
        h.contains(&format!(
            "<li>source: interop of <code>A={url} B={}</code> (traffic not kept",
            agent_b.url()
        )),
        "{h}"
    );

    // a report of the recording file: kind, path and upstream as before
    let o = run(vec![
        "report".into(),
        rec.display().to_string(),
        "-f".into(),
        "markdown".into(),
        "-o".into(),
        md.display().to_string(),
    ])
    .await;
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    let m = std::fs::read_to_string(&md).unwrap();
    assert!(
        m.contains(&format!(
            "- **source:** recording `{}` (target `",
            rec.display()
        )),
        "{m}"
    );
}

/// Drops every `_`-prefixed member (HAR custom fields), as a tool that re-saves a HAR may.
fn without_custom_fields(v: &serde_json::Value) -> serde_json::Value {
    match v {
        serde_json::Value::Object(m) => serde_json::Value::Object(
            m.iter()
                .filter(|(k, _)| !k.starts_with('_'))
                .map(|(k, v)| (k.clone(), without_custom_fields(v)))
                .collect(),
        ),
        serde_json::Value::Array(a) => {
            serde_json::Value::Array(a.iter().map(without_custom_fields).collect())
        }
        other => other.clone(),
    }
}

/// N8: the HAR export of a recording whose cards the proxy rewrote (`probe`, `interop`,
/// `proxy --rewrite-card`) put the agent's own card in `response.content.text` at the
/// proxy's URL, a card the client never received; the same HAR without its `_` fields
/// (re-saved by another tool) verified with a false CARD-URL-009. Now a card entry's URL
/// and `content` agree: a client's card through `proxy --rewrite-card` is the card the
/// client received at the proxy's URL (with a comment; the agent's own goes to
/// `_a2a.agentBody`), and a prober's is the agent's own card at the agent's URL (q27b: the
/// URL a user can call; the copy the prober read goes to `_a2a.clientBody`). `verify` of
/// the HAR still matches `verify` of the recording, and the plain HAR has no CARD-URL-009.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn n8_har_export_of_a_rewritten_card_holds_what_the_client_received() {
    let agent = broken::start(broken::Break::Nothing, false).await;
    let dir = tempfile::tempdir().unwrap();
    let rec = dir.path().join("rec.jsonl");
    let o = run(vec![
        "probe".into(),
        agent.url(),
        "-q".into(),
        "--record".into(),
        rec.display().to_string(),
    ])
    .await;
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    let agent_origin = format!("http://{}", agent.addr);
    let listener = {
        let first = std::fs::read_to_string(&rec).unwrap();
        let header: serde_json::Value =
            serde_json::from_str(first.lines().next().unwrap()).unwrap();
        format!("http://{}", header["listen"][0].as_str().unwrap())
    };
    // the same traffic as a client's through `proxy --rewrite-card`: the requests without
    // the prober's test header (a real file, edited line by line)
    let client_rec = dir.path().join("client.jsonl");
    let edited: String = std::fs::read_to_string(&rec)
        .unwrap()
        .lines()
        .map(|l| {
            let mut v: serde_json::Value = serde_json::from_str(l).unwrap();
            if v["type"] == "request_head" {
                v["headers"].as_array_mut().unwrap().retain(|h| {
                    !h[0]
                        .as_str()
                        .unwrap()
                        .eq_ignore_ascii_case("a2a-interop-probe-test")
                });
            }
            v.to_string() + "\n"
        })
        .collect();
    std::fs::write(&client_rec, edited).unwrap();

    for (rec, prober) in [(&rec, true), (&client_rec, false)] {
        let har = rec.with_extension("har");
        let o = run(vec![
            "export".into(),
            rec.display().to_string(),
            "--har".into(),
            har.display().to_string(),
        ])
        .await;
        assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
        let doc: serde_json::Value = serde_json::from_slice(&std::fs::read(&har).unwrap()).unwrap();
        let card = doc["log"]["entries"]
            .as_array()
            .unwrap()
            .iter()
            .find(|e| {
                e["request"]["url"]
                    .as_str()
                    .unwrap()
                    .ends_with("/.well-known/agent-card.json")
                    && e["response"]["status"] == 200
            })
            .expect("a card entry");
        let at = {
            let u = url::Url::parse(card["request"]["url"].as_str().unwrap()).unwrap();
            u.origin().ascii_serialization()
        };
        let content = &card["response"]["content"];
        let got = content["text"].as_str().unwrap();
        assert_eq!(content["size"].as_u64().unwrap() as usize, got.len());
        let comment = content["comment"].as_str().unwrap();
        if prober {
            assert_eq!(at, agent_origin);
            assert!(got.contains(&format!("{agent_origin}/rpc")), "{got}");
            assert!(!got.contains(&listener), "{got}");
            assert!(
                comment.starts_with("the Agent Card as the agent served it at this URL; the prober read it through its own recording listener, which rewrote 1 URL to itself"),
                "{content}"
            );
            let read = card["_a2a"]["clientBody"].as_str().unwrap();
            assert!(read.contains(&format!("{listener}/rpc")), "{read}");
        } else {
            assert_eq!(at, listener);
            assert!(got.contains(&format!("{listener}/rpc")), "{got}");
            assert!(!got.contains(&agent_origin), "{got}");
            assert!(
                comment.starts_with("the Agent Card as the client received it: the proxy rewrote 1 URL pointing at the agent to its own address (--rewrite-card)"),
                "{content}"
            );
            let own = card["_a2a"]["agentBody"].as_str().unwrap();
            assert!(own.contains(&format!("{agent_origin}/rpc")), "{own}");
        }

        // the HAR verifies as the recording does
        let summary = |p: &std::path::Path| {
            let o = common::bin().arg("verify").arg(p).output().unwrap();
            let out = text(&o.stdout);
            (
                o.status.code(),
                out.lines().last().unwrap_or("").to_string(),
            )
        };
        let (code_rec, last_rec) = summary(rec);
        let (code_har, last_har) = summary(&har);
        assert_eq!(code_rec, code_har);
        assert_eq!(last_rec, last_har);
        // re-saved without the custom fields: no card-URL finding about a card the client
        // never got
        let plain = dir.path().join("plain.har");
        std::fs::write(&plain, without_custom_fields(&doc).to_string()).unwrap();
        let o = common::bin().arg("verify").arg(&plain).output().unwrap();
        let out = text(&o.stdout);
        assert!(!out.contains("CARD-URL-009"), "{out}");
        assert!(out.contains(" in "), "{out}");
    }
}

/// N11: counts read "1 findings" (interop's per-direction summary) and "1 security schemes
/// well-formed" (card.security-schemes); one is singular now, other counts plural.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn n11_counts_of_one_are_singular() {
    let secured = broken::start(broken::Break::Nothing, true).await;
    let o = run(vec![
        "probe".into(),
        secured.url(),
        "-q".into(),
        // -q alone prints the failed tests only (ux49): --verbose for every test
        "--verbose".into(),
        "--bearer".into(),
        broken::TOKEN.into(),
    ])
    .await;
    let out = text(&o.stdout);
    assert!(
        out.contains("pass  card.security-schemes: 1 security scheme well-formed ("),
        "{out}"
    );
    let plain = broken::start(broken::Break::Nothing, false).await;
    let o = run(vec![
        "interop".into(),
        plain.url(),
        secured.url(),
        "-q".into(),
        "--bearer-b".into(),
        broken::TOKEN.into(),
    ])
    .await;
    let out = text(&o.stdout);
    let summaries: Vec<&str> = out
        .lines()
        .filter(|l| l.starts_with("[A->B] ") || l.starts_with("[B->A] "))
        .collect();
    assert_eq!(summaries.len(), 2, "{out}");
    for l in summaries {
        let n: usize = l
            .split("; ")
            .nth(1)
            .and_then(|f| f.split(' ').next())
            .and_then(|n| n.parse().ok())
            .unwrap_or_else(|| panic!("{l}"));
        let word = if n == 1 { "finding" } else { "findings" };
        assert!(l.contains(&format!("; {n} {word}; ")), "{l}");
    }
}

/// N10: a host name that does not resolve got "is the agent running, and is the URL's port
/// right?"; it now says the name does not resolve (`.invalid` never does, RFC 6761 §6.4).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn n10_a_name_that_does_not_resolve_says_so() {
    let o = run(vec![
        "probe".into(),
        "http://no-such-agent.invalid:9999/".into(),
        "-q".into(),
    ])
    .await;
    let err = text(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(
        err.starts_with("a2a-interop: cannot connect to the agent at no-such-agent.invalid:9999: failed to lookup address information")
            && err.trim_end().ends_with("hint: the host name no-such-agent.invalid does not resolve here: check its spelling, or use the agent's IP address"),
        "{err}"
    );
}

/// N13: `explain RULE` (another tool's habit) names `rules RULE`; N15: a probe or interop
/// URL without a scheme (`localhost:9900`, which parses as scheme `localhost`) names the
/// URL with `http://` added. Both exit 2 before any request.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn n13_n15_a_command_or_url_from_habit_names_the_one_to_type() {
    let o = run(vec!["explain".into(), "VER-HDR-001".into()]).await;
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(
        text(&o.stderr).trim_end(),
        "a2a-interop: unrecognized subcommand 'explain'; hint: `a2a-interop rules RULE` explains a rule (its requirement, what it checks, how to fix it); `a2a-interop rules` lists them all"
    );
    let o = run(vec!["probe".into(), "localhost:9900".into(), "-q".into()]).await;
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(
        text(&o.stderr).trim_end(),
        "a2a-interop: probe URL localhost:9900 must be http(s)://host[:port][/path]; hint: add the scheme: http://localhost:9900"
    );
    let o = run(vec![
        "interop".into(),
        "http://127.0.0.1:9/".into(),
        "localhost:9900".into(),
    ])
    .await;
    assert_eq!(o.status.code(), Some(2));
    assert!(
        text(&o.stderr).contains("localhost:9900 must be http(s)://host[:port][/path]; hint: add the scheme: http://localhost:9900"),
        "{}",
        text(&o.stderr)
    );
}

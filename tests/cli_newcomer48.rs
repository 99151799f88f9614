//! newcomer48: an on-call engineer's first night with the tool (README, then `--help`,
//! docs/usage.md and tests/peers/README.md): push notifications that "never arrive", a
//! REST agent, two agents relaying, TLS on both sides of the proxy, a forward proxy with two
//! agents, one task's story from a recording; then wrong input. Real processes, real
//! loopback sockets, real files.
//!
//! - N1: the demo's report (and `probe`'s, and a `proxy --listener webhook@...` recording's)
//!   listed a `gateway` area as exercised and drew the agent's push deliveries as
//!   `gateway ->> agent`, the client talking to a "gateway": a webhook leg was read as a
//!   gateway's upstream leg. The HTML timeline put every push delivery under "no task",
//!   though each names its task.
//! - N2: a client that did not trust the `--tls-cert` listener's certificate (curl without
//!   `--cacert`) got nothing through and the proxy said nothing at all; `verify` of the
//!   recording then hinted "is --upstream right and the agent up?".
//! - N3: `probe session.jsonl` (a recording given where the agent's URL goes) hinted "add
//!   the scheme: http://session.jsonl", and `probe /abs/path/session.jsonl` a `socat` line
//!   to reach a Unix socket at the recording's path.
//! - N4: "push notifications never arrive": a proxy in front of an agent with push, the
//!   webhook the client's own. The agent delivered straight to the webhook (as agents do),
//!   the recording held the config call only, and nothing said that no delivery was seen:
//!   the report said `area:push pass`.

use crate::proxy_process;

use std::io::Write;
use std::net::TcpStream;
use std::process::Command;
use std::sync::Arc;
use std::time::Duration;

const BIN: &str = env!("CARGO_BIN_EXE_a2a-interop");

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// N1: `demo` (the built-in reference agent, the recording proxy and a client, push
/// included: a webhook listener of leg `agent->webhook` in front of an in-process
/// receiver) writes a Markdown report whose diagram draws the deliveries from the agent to
/// a webhook, with no gateway, whose coverage lists no gateway as exercised, and an HTML
/// report whose timeline puts the deliveries under the task they name.
#[test]
fn the_demo_report_draws_push_deliveries_to_a_webhook_not_a_gateway() {
    let d = tempfile::tempdir().unwrap();
    let out = proxy_process::run_in(
        d.path(),
        &[
            "demo", "--record", "d.jsonl", "-f", "markdown", "-o", "d.md", "-f", "html", "-o",
            "d.html",
        ],
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let md = std::fs::read_to_string(d.path().join("d.md")).unwrap();
    let coverage = md
        .lines()
        .find(|l| l.starts_with("- **coverage:**"))
        .unwrap_or_else(|| panic!("no coverage line in {md}"));
    let exercised = coverage.split("not exercised").next().unwrap();
    assert!(
        !exercised.contains("gateway") && coverage.contains("gateway"),
        "the demo has no gateway: {coverage}"
    );
    assert!(
        !md.contains("participant G as gateway"),
        "no gateway drawn: {md}"
    );
    assert!(md.contains("participant W as webhook"), "{md}");
    let delivery = md
        .lines()
        .find(|l| l.contains("POST /demo-push/1.0"))
        .unwrap_or_else(|| panic!("no delivery drawn in {md}"));
    assert!(
        delivery.trim_start().starts_with("A->>W: e"),
        "a delivery goes from the agent to the webhook: {delivery}"
    );
    assert!(
        md.contains("C->>A: e1 GET /.well-known/agent-card.json"),
        "{md}"
    );
    let html = std::fs::read_to_string(d.path().join("d.html")).unwrap();
    let (tasks, no_task) = html
        .split_once("<h3>no task</h3>")
        .unwrap_or_else(|| panic!("no \"no task\" group (the card fetches): {html}"));
    assert!(
        !no_task.contains("/demo-push/"),
        "push deliveries name their task: {no_task}"
    );
    let task_group = tasks
        .rsplit("<h3>task <code>")
        .find(|g| g.contains("/demo-push/1.0"))
        .unwrap_or_else(|| panic!("no task group holds a 1.0 delivery: {tasks}"));
    assert!(
        task_group.contains("CreateTaskPushNotificationConfig"),
        "the deliveries sit with the config call of their task: {task_group}"
    );
}

/// A certificate for 127.0.0.1 and its key, written as PEM into `dir`: their paths.
fn listener_cert(dir: &std::path::Path) -> (String, String) {
    let ck = rcgen::generate_simple_self_signed(vec!["127.0.0.1".to_string()]).unwrap();
    let cert = dir.join("listener.pem");
    let key = dir.join("listener.key");
    std::fs::write(&cert, ck.cert.pem()).unwrap();
    std::fs::write(&key, ck.key_pair.serialize_pem()).unwrap();
    (
        cert.to_string_lossy().into_owned(),
        key.to_string_lossy().into_owned(),
    )
}

/// N2: `proxy --tls-cert`: a connection closed before its handshake (a TCP health check)
/// is no failure to tell; a client that does not trust the certificate (rustls with no
/// roots: alert `unknown_ca`, as curl without `--cacert` sends) gets one WARNING line
/// naming the cause, the `--tls-cert` file and how clients are told to trust it; a second
/// one within the minute is counted and said at the stop.
#[test]
fn a_client_that_refuses_the_listener_certificate_is_told() {
    let d = tempfile::tempdir().unwrap();
    let (cert, key) = listener_cert(d.path());
    let (child, rx) = proxy_process::spawn_with_stderr_lines(Command::new(BIN).args([
        "proxy",
        "--listen",
        "127.0.0.1:0",
        "--tls-cert",
        &cert,
        "--tls-key",
        &key,
        "--upstream",
        "http://127.0.0.1:9",
        "--no-record",
    ]));
    let addr = loop {
        let l = rx
            .recv_timeout(Duration::from_secs(30))
            .expect("listening banner");
        if let Some(a) = l.strip_prefix("a2a-interop proxy listening on https://") {
            break a.trim_end_matches('/').to_string();
        }
    };
    // a TCP health check: connect, close
    drop(TcpStream::connect(&addr).unwrap());
    let refuse = || {
        let cfg = rustls::ClientConfig::builder_with_provider(a2a_interop::proxy::tls::provider())
            .with_safe_default_protocol_versions()
            .unwrap()
            .with_root_certificates(rustls::RootCertStore::empty())
            .with_no_client_auth();
        let name = rustls::pki_types::ServerName::try_from("127.0.0.1").unwrap();
        let conn = rustls::ClientConnection::new(Arc::new(cfg), name).unwrap();
        let mut tls = rustls::StreamOwned::new(conn, TcpStream::connect(&addr).unwrap());
        let sent = tls.write_all(b"GET /.well-known/agent-card.json HTTP/1.1\r\nHost: x\r\n\r\n");
        assert!(sent.is_err(), "the client trusts no certificate");
    };
    refuse();
    // the first line after the banner's own (routes, recording, how to stop)
    let line = loop {
        let l = rx
            .recv_timeout(Duration::from_secs(20))
            .expect("a line about the failed handshake");
        if !l.starts_with("  ") {
            break l;
        }
    };
    assert!(
        line.starts_with(
            "a2a-interop proxy: WARNING: a client's TLS handshake with this https:// listener failed (client 127.0.0.1:"
        ),
        "{line}"
    );
    assert!(line.contains("received fatal alert: UnknownCA"), "{line}");
    assert!(
        line.contains(&format!(
            "the client refused the proxy's certificate (--tls-cert {cert})"
        )),
        "{line}"
    );
    assert!(line.contains("curl --cacert FILE"), "{line}");
    refuse();
    // no wait before the stop (a 300 ms sleep stood here): the proxy accepted this
    // connection (its certificate was refused), and its stop waits for every accepted
    // connection's task, the handshake's failure counted in it, before it says the count
    child.signal("TERM");
    let rest = proxy_process::rest_of(&rx);
    let counted = rest
        .iter()
        .find(|l| l.contains("1 client TLS handshake with this https:// listener failed since the last such line"))
        .unwrap_or_else(|| panic!("the second failure is said at the stop: {rest:#?}"));
    assert!(counted.contains("UnknownCA"), "{counted}");
}

/// N3: a recording given to `probe` (relative and absolute) or `interop` where the agent's
/// URL goes is named as a file for `verify`, with neither `http://FILE` nor a Unix-socket
/// front suggested.
#[test]
fn a_recording_given_as_the_agent_url_is_named_a_file_for_verify() {
    let d = tempfile::tempdir().unwrap();
    std::fs::write(
        d.path().join("session.jsonl"),
        "{\"type\":\"recording\",\"format\":1}\n",
    )
    .unwrap();
    let abs = d
        .path()
        .join("session.jsonl")
        .to_string_lossy()
        .into_owned();
    for args in [
        vec!["probe", "session.jsonl"],
        vec!["probe", abs.as_str()],
        vec!["interop", "session.jsonl", "http://127.0.0.1:9"],
    ] {
        let out = proxy_process::run_in(d.path(), &args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = text(&out.stderr);
        let file = args[1];
        assert!(
            err.contains(&format!(
                "hint: \"{file}\" is a file here, not an agent's URL: a recording, HAR file or transcript is read by `a2a-interop verify {file}`"
            )),
            "{args:?}: {err}"
        );
        assert!(
            !err.contains("socat") && !err.contains("http://session"),
            "{args:?}: {err}"
        );
    }
}

/// One 1.0 JSON-RPC call `method(params)` POSTed to `/` of `addr` on a connection of its
/// own (`Connection: close`, at most 30 s): the response body parsed.
fn rpc(addr: std::net::SocketAddr, method: &str, params: serde_json::Value) -> serde_json::Value {
    use std::io::Read as _;
    let body = serde_json::json!({"jsonrpc": "2.0", "id": 1, "method": method, "params": params})
        .to_string();
    let mut s = TcpStream::connect(addr).unwrap();
    s.set_read_timeout(Some(Duration::from_secs(30))).unwrap();
    write!(
        s,
        "POST / HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\nA2A-Version: 1.0\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    )
    .unwrap();
    let mut out = String::new();
    s.read_to_string(&mut out).unwrap();
    let (_, json) = out.split_once("\r\n\r\n").unwrap();
    serde_json::from_str(json).unwrap_or_else(|e| panic!("{e}: {out}"))
}

/// N4: the reference agent behind the proxy, a push config (accepted) whose webhook is
/// the client's own receiver, not a listener of the proxy: the agent delivers there (the
/// receiver gets the notifications), the recording holds none, and the proxy's stop and
/// `verify` say that the webhook got no notification in this recording, and how a
/// `--listener webhook@...` in front of it records them. With the config's url at such a
/// listener the deliveries are recorded and nothing is said.
#[test]
fn a_webhook_no_recorded_delivery_reached_is_named_with_the_listener_to_add() {
    let d = tempfile::tempdir().unwrap();
    let (_agent, agent_url) = proxy_process::reference_agent();
    let (hook_url, deliveries) = proxy_process::webhook();
    let hook_origin = hook_url.trim_end_matches("/hook").to_string();
    let rec = d.path().join("push.jsonl");
    let rec_s = rec.to_string_lossy().into_owned();
    let (run, addr) = proxy_process::proxy_loud(&["--upstream", &agent_url, "--record", &rec_s]);
    let push_once = |url: &str| {
        let t = rpc(
            addr,
            "SendMessage",
            serde_json::json!({"message": {"messageId": "m1", "role": "ROLE_USER", "parts": [{"text": "input please"}]}}),
        );
        let id = t["result"]["task"]["id"]
            .as_str()
            .unwrap_or_else(|| panic!("{t}"))
            .to_string();
        let c = rpc(
            addr,
            "CreateTaskPushNotificationConfig",
            serde_json::json!({"taskId": id, "url": url, "token": "tok"}),
        );
        assert!(c["result"]["id"].is_string(), "config accepted: {c}");
        let done = rpc(
            addr,
            "SendMessage",
            serde_json::json!({"message": {"messageId": "m2", "taskId": id, "role": "ROLE_USER", "parts": [{"text": "more"}]}}),
        );
        assert!(done["result"]["task"].is_object(), "{done}");
    };
    push_once(&hook_url);
    let n = deliveries
        .recv_timeout(Duration::from_secs(20))
        .expect("the agent delivered to the webhook, around the proxy");
    assert!(n.is_object(), "{n}");
    let stderr = run.terminate();
    let expected = format!(
        "the webhook of an accepted push config got no push notification in this recording: {hook_url} (e2): the agent never called it, or called it around this recorder"
    );
    assert!(
        stderr.contains(&format!("a2a-interop proxy: note: {expected}")),
        "{stderr}"
    );
    assert!(
        stderr.contains(&format!("--listener webhook@127.0.0.1:PORT={hook_origin}, and give the agent that address as the url")),
        "{stderr}"
    );
    let v = proxy_process::run_in(d.path(), &["verify", "push.jsonl"]);
    assert_eq!(v.status.code(), Some(0), "{}", text(&v.stderr));
    let md = proxy_process::run_in(d.path(), &["report", "push.jsonl", "-f", "markdown"]);
    assert!(
        text(&md.stdout).contains("- **note:** the webhook of an accepted push config got no push notification in this recording: "),
        "{}",
        text(&md.stdout)
    );
    assert!(
        text(&v.stdout).contains(&format!("note: push.jsonl: {expected}")),
        "{}",
        text(&v.stdout)
    );

    // the same through a webhook listener of the proxy: recorded, nothing said (the
    // delivery waited for below names this part's task: one of the first part's, late,
    // is not it; a 500 ms sleep and a drain of the receiver stood here)
    let rec2 = d.path().join("push2.jsonl");
    let rec2_s = rec2.to_string_lossy().into_owned();
    let (run, addr_2, hook_port) = proxy_process::start_proxy_on_picked_port(|port| {
        vec![
            "--upstream".into(),
            agent_url.clone(),
            "--record".into(),
            rec2_s.clone(),
            "--listener".into(),
            format!("webhook@{port}={hook_origin}"),
        ]
    });
    let addr = addr_2;
    let push_twice = |url: &str| {
        let t = rpc(
            addr,
            "SendMessage",
            serde_json::json!({"message": {"messageId": "m3", "role": "ROLE_USER", "parts": [{"text": "input please"}]}}),
        );
        let id = t["result"]["task"]["id"].as_str().unwrap().to_string();
        let c = rpc(
            addr,
            "CreateTaskPushNotificationConfig",
            serde_json::json!({"taskId": id, "url": url, "token": "tok"}),
        );
        assert!(c["result"]["id"].is_string(), "{c}");
        rpc(
            addr,
            "SendMessage",
            serde_json::json!({"message": {"messageId": "m4", "taskId": id, "role": "ROLE_USER", "parts": [{"text": "more"}]}}),
        );
        id
    };
    let id = push_twice(&format!("http://{hook_port}/hook"));
    // the proxy's stop verifies every event it has taken in (the delivery's request went
    // through its webhook listener before the receiver had it; a 500 ms sleep stood here)
    let end = std::time::Instant::now() + Duration::from_secs(20);
    loop {
        let n = deliveries
            .recv_timeout(end.saturating_duration_since(std::time::Instant::now()))
            .expect("delivered through the webhook listener");
        if n.to_string().contains(&id) {
            break;
        }
    }
    let stderr = run.terminate();
    assert!(!stderr.contains("got no push notification"), "{stderr}");
    let v = proxy_process::run_in(d.path(), &["verify", "push2.jsonl"]);
    let out = text(&v.stdout);
    assert!(!out.contains("got no push notification"), "{out}");
    let recorded = std::fs::read_to_string(&rec2).unwrap();
    assert!(
        recorded.contains("\"leg\":\"webhook\""),
        "deliveries recorded"
    );

    // a webhook listener in front of a receiver that is down: the agent did call (each
    // delivery got the proxy's 502), the live line names the receiver, nothing is said of
    // a webhook never called
    let down = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let down_origin = format!("http://{}", down.local_addr().unwrap());
    drop(down);
    let hook = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let hook_addr = hook.local_addr().unwrap();
    drop(hook);
    let rec3 = d.path().join("push3.jsonl");
    let run = proxy_process::spawn_until_listening(
        Command::new(BIN)
            .args([
                "proxy",
                "--listen",
                "127.0.0.1:0",
                "--upstream",
                &agent_url,
                "--record",
            ])
            .arg(&rec3)
            .arg("--listener")
            .arg(format!("webhook@{hook_addr}={down_origin}"))
            .env("NO_COLOR", "1"),
        Duration::from_secs(30),
    );
    let addr = run.addr.trim_end_matches('/').parse().unwrap();
    let t = rpc(
        addr,
        "SendMessage",
        serde_json::json!({"message": {"messageId": "m5", "role": "ROLE_USER", "parts": [{"text": "input please"}]}}),
    );
    let id = t["result"]["task"]["id"].as_str().unwrap().to_string();
    rpc(
        addr,
        "CreateTaskPushNotificationConfig",
        serde_json::json!({"taskId": id, "url": format!("http://{hook_addr}/hook"), "token": "tok"}),
    );
    rpc(
        addr,
        "SendMessage",
        serde_json::json!({"message": {"messageId": "m6", "taskId": id, "role": "ROLE_USER", "parts": [{"text": "more"}]}}),
    );
    let line = proxy_process::line_with(&run, "upstream-error", Duration::from_secs(20));
    assert!(
        line.contains("(the connection was refused: the webhook receiver is down, restarting"),
        "{line}"
    );
    let stderr = run.terminate();
    assert!(!stderr.contains("got no push notification"), "{stderr}");
}

/// N4, the order of a blocking send: `proxy` in front of the Python SDK agent (a2a-sdk
/// 1.3.0), a `SendMessage` "task hello" with its push config inline, a `--listener
/// webhook@...` in front of a receiver that was down. The agent delivered (e2, e3, e4, each
/// answered 502 by the proxy) before it answered the send (e1's response head, where the
/// config is read): the webhook was called, and `verify` says only that the target did
/// not answer, not that the webhook got no notification.
#[test]
fn deliveries_before_the_answer_of_an_inline_config_count_as_calls() {
    let data = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/newcomer48/push-inline-receiver-down.jsonl"
    );
    let d = tempfile::tempdir().unwrap();
    let out = proxy_process::run_in(d.path(), &["verify", data]);
    let stdout = text(&out.stdout);
    assert!(
        stdout.contains("note: not answered by the target: 3 exchanges (e2, e3, e4) [leg webhook]"),
        "{stdout}"
    );
    assert!(!stdout.contains("got no push notification"), "{stdout}");
}

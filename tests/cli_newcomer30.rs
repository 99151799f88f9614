//! newcomer30: what a newcomer hit following README.md at 2 a.m. with the SDK agents (the
//! Python gRPC agent among them) and the reference agent. The documented way to record a
//! gRPC agent (docs/usage.md: a proxy listener in front of its gRPC port, the agent
//! advertising the proxy's `host:port`) got a CARD-URL-009 warning saying the gRPC calls
//! "are not in this recording" while they were; probing the SDK gRPC agent, whose gRPC
//! server has a port of its own, got the same warning; and a card naming the proxy's own
//! gRPC upstream as a target (`127.0.0.1:50051`) got no CARD-URL-005 at all (N1).
//! Real processes, small real agents on loopback sockets, real files.

use crate::proxy_process;
use crate::proxy_support;

use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::path::Path;
use std::time::Duration;

use proxy_process::{card_only_agent, line_with, run_in, start_proxy_on_picked_port};

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// A loopback port nothing listens on, held for the rest of the test process (named by a
/// card or as an upstream that is never called: [`proxy_process::ReservedPort::hold`]).
fn dead_port() -> SocketAddr {
    proxy_process::ReservedPort::bind().hold()
}

/// `a` as owned arguments ([`start_proxy_on_picked_port`]).
fn args(a: &[&str]) -> Vec<String> {
    a.iter().map(|s| s.to_string()).collect()
}

/// A 1.0 Agent Card as the Python SDK's gRPC agent serves it from its HTTP port: its gRPC
/// interfaces (1.0 and 0.3) at the target `grpc` (`host:port`, no scheme).
fn grpc_agent_card(grpc: &str) -> String {
    serde_json::json!({
        "name": "n30 gRPC agent",
        "description": "card on one port, gRPC on another",
        "version": "1.0.0",
        "supportedInterfaces": [
            {"url": grpc, "protocolBinding": "GRPC", "protocolVersion": "1.0"},
            {"url": grpc, "protocolBinding": "GRPC", "protocolVersion": "0.3"}
        ],
        "capabilities": {"streaming": true, "pushNotifications": false},
        "defaultInputModes": ["text/plain"],
        "defaultOutputModes": ["text/plain"],
        "skills": [{"id": "echo", "name": "Echo", "description": "echo", "tags": ["echo"], "examples": ["echo hello"]}]
    })
    .to_string()
}

/// `GET /.well-known/agent-card.json` sent to `addr` over a plain socket; the answer read
/// to its end (the card-only agent closes the connection).
fn fetch_card(addr: SocketAddr) -> String {
    let mut s = TcpStream::connect(addr).unwrap();
    s.set_read_timeout(Some(Duration::from_secs(20))).unwrap();
    write!(
        s,
        "GET /.well-known/agent-card.json HTTP/1.1\r\nHost: {addr}\r\nAccept: application/json\r\nConnection: close\r\n\r\n"
    )
    .unwrap();
    let mut out = String::new();
    s.read_to_string(&mut out).unwrap();
    assert!(out.starts_with("HTTP/1.1 200"), "{out}");
    out
}

/// `verify FILE` in `dir`: stdout and stderr together.
fn verify(dir: &Path, file: &str) -> String {
    let o = run_in(dir, &["verify", file]);
    format!("{}{}", text(&o.stdout), text(&o.stderr))
}

/// N1: the proxy in front of a gRPC agent as docs/usage.md says: `--upstream` for its
/// HTTP port (card, JSON-RPC) and `--listener client@ADDR=URL` in front of its gRPC
/// port, the agent advertising ADDR for gRPC. The card was judged CARD-URL-009 "advertises
/// https://127.0.0.1:<ADDR's port>: ... clients that follow the card go around ... this
/// recorder; their calls are not in this recording": ADDR is this proxy's own listener,
/// where the gRPC calls are recorded. Now no CARD-URL-009, live or offline.
#[test]
fn n1_a_grpc_interface_on_the_proxys_own_listener_is_no_way_around_it() {
    let dir = tempfile::tempdir().unwrap();
    let rec = dir.path().join("grpc.jsonl");
    // the gRPC listener's port, named by the card before the proxy binds it
    let (run, addr, _) = start_proxy_on_picked_port(|grpc_listener| {
        // the agent's HTTP port serves the card; its gRPC port is some other (never called)
        let agent = card_only_agent(grpc_agent_card(&grpc_listener.to_string()));
        args(&[
            "--upstream",
            &format!("http://{agent}"),
            "--listener",
            &format!("client@{grpc_listener}=http://{}", dead_port()),
            "--record",
            rec.to_str().unwrap(),
        ])
    });
    fetch_card(addr);
    let stderr = run.terminate();
    assert!(!stderr.contains("CARD-URL-009"), "{stderr}");
    let out = verify(dir.path(), "grpc.jsonl");
    assert!(!out.contains("CARD-URL-009"), "{out}");
    assert!(out.contains("0 warnings"), "{out}");
}

/// N1: a card whose gRPC interface is the target `127.0.0.1:PORT` of the very gRPC port
/// the proxy forwards to (its `--listener` upstream, an h2c `http://` URL): gRPC clients
/// that follow the card call the agent directly, around the recorder. Nothing was said
/// (the target was read as `https://`, another origin than the `http://` upstream, and the
/// same port as it); now CARD-URL-005 names the target as the card wrote it.
#[test]
fn n1_a_grpc_target_naming_the_proxys_upstream_bypasses_the_recorder() {
    let agent_grpc = dead_port();
    let agent = card_only_agent(grpc_agent_card(&agent_grpc.to_string()));
    let dir = tempfile::tempdir().unwrap();
    let rec = dir.path().join("up.jsonl");
    let (run, addr, _) = start_proxy_on_picked_port(|listener| {
        args(&[
            "--upstream",
            &format!("http://{agent}"),
            "--listener",
            &format!("client@{listener}=http://{agent_grpc}"),
            "--record",
            rec.to_str().unwrap(),
        ])
    });
    fetch_card(addr);
    run.terminate();
    let out = verify(dir.path(), "up.jsonl");
    let line = out
        .lines()
        .find(|l| l.starts_with("note[CARD-URL-005]") && l.contains(&agent_grpc.to_string()))
        .unwrap_or_else(|| panic!("no CARD-URL-005 naming {agent_grpc}: {out}"));
    assert!(
        line.contains(&format!("the proxy's upstream {agent_grpc} so")),
        "{line}"
    );
    assert!(!out.contains("CARD-URL-009"), "{out}");
}

/// N1: `probe` of an agent whose card names its gRPC server on a port of its own (the
/// Python SDK's gRPC agent: card and JSON-RPC on A2A_PORT, gRPC on A2A_GRPC_PORT). The
/// probe calls no gRPC and no front is in its path, yet it warned CARD-URL-009 "clients
/// that follow the card go around http://127.0.0.1:<A2A_PORT> (its TLS, authentication and
/// routing)", the agent's own HTTP listener. Now no CARD-URL-009.
#[test]
fn n1_probe_of_an_agent_with_its_grpc_server_on_its_own_port_warns_no_front() {
    let agent_grpc = dead_port();
    let agent = card_only_agent(grpc_agent_card(&agent_grpc.to_string()));
    let dir = tempfile::tempdir().unwrap();
    let o = run_in(
        dir.path(),
        &[
            "probe",
            &format!("http://{agent}"),
            "--timeout",
            "10s",
            "--record",
            "probe.jsonl",
            "-q",
        ],
    );
    let out = format!("{}{}", text(&o.stdout), text(&o.stderr));
    assert!(dir.path().join("probe.jsonl").exists(), "{out}");
    assert!(
        !out.lines()
            .any(|l| l.starts_with("warning[CARD-URL-009]") && l.contains(&agent_grpc.to_string())),
        "{out}"
    );
    let off = verify(dir.path(), "probe.jsonl");
    assert!(
        !off.lines()
            .any(|l| l.starts_with("warning[CARD-URL-009]") && l.contains(&agent_grpc.to_string())),
        "{off}"
    );
}

/// N2: `demo --agent-only --listen 9900` (a port alone, as `python -m http.server 9900`
/// takes it) said "--listen "9900" is not a loopback address ...; hint: the reference agent
/// listens on loopback only": a port is no remote address, and the hint did not say what
/// to type. Now it names the address to give, as `proxy --listen 9900` does; a real
/// non-loopback address keeps the loopback line. Exit 2 both ways.
#[test]
fn n2_demo_agent_only_with_a_port_alone_names_the_address_to_give() {
    let dir = tempfile::tempdir().unwrap();
    for given in ["9900", ":9900"] {
        let o = run_in(dir.path(), &["demo", "--agent-only", "--listen", given]);
        assert_eq!(o.status.code(), Some(2), "{}", text(&o.stderr));
        let err = text(&o.stderr);
        assert!(
            err.contains("is not an address like 127.0.0.1:9900")
                && err.contains("hint: give IP:PORT, e.g. --listen 127.0.0.1:9900"),
            "{err}"
        );
        assert!(!err.contains("loopback only"), "{err}");
    }
    let o = run_in(
        dir.path(),
        &["demo", "--agent-only", "--listen", "0.0.0.0:9900"],
    );
    assert_eq!(o.status.code(), Some(2));
    assert!(
        text(&o.stderr).contains("is not a loopback address"),
        "{}",
        text(&o.stderr)
    );
}

/// N3: a transcript written by hand from docs/transcript-format.md, a JSON-RPC call and its
/// answer with each `body` written as the JSON object itself and the status copied as
/// `"200"`: `verify` refused it, `line 1: "body" is not a string; hint: the transcript is
/// damaged at that line`. A JSON body written as JSON is now that body (its compact text),
/// `"200"` is status 200, and a line that truly does not fit says what to write.
#[test]
fn n3_a_hand_written_transcript_takes_json_bodies_and_a_quoted_status() {
    let dir = tempfile::tempdir().unwrap();
    let call = serde_json::json!({"jsonrpc": "2.0", "id": 1, "method": "SendMessage",
        "params": {"message": {"messageId": "m1", "role": "ROLE_USER", "parts": [{"text": "hi"}]}}});
    // the answer's message has no contextId: the verifier must read this body to say so
    let answer = serde_json::json!({"jsonrpc": "2.0", "id": 1,
        "result": {"message": {"messageId": "m2", "role": "ROLE_AGENT", "parts": [{"text": "hi"}]}}});
    let lines = [
        serde_json::json!({"dir": "req", "method": "POST", "url": "http://127.0.0.1:9900/",
            "headers": {"content-type": "application/json", "a2a-version": "1.0"}, "body": call}),
        serde_json::json!({"dir": "resp", "status": "200",
            "headers": {"content-type": "application/json"}, "body": answer}),
    ];
    let text_of =
        |ls: &[serde_json::Value]| ls.iter().map(|l| l.to_string() + "\n").collect::<String>();
    std::fs::write(dir.path().join("hand.jsonl"), text_of(&lines)).unwrap();
    let o = run_in(dir.path(), &["verify", "hand.jsonl"]);
    let out = format!("{}{}", text(&o.stdout), text(&o.stderr));
    assert_eq!(o.status.code(), Some(0), "{out}");
    assert!(
        out.contains(
            "note[ID-MSG-001]: 1.0 agent message m2 answering SendMessage has no contextId"
        ),
        "{out}"
    );
    assert!(out.contains("in 1 exchange"), "{out}");
    // a number where text belongs is still refused, with what to write
    let mut bad = lines.clone();
    bad[0]["body"] = serde_json::json!(42);
    std::fs::write(dir.path().join("bad.jsonl"), text_of(&bad)).unwrap();
    let o = run_in(dir.path(), &["verify", "bad.jsonl"]);
    assert_eq!(o.status.code(), Some(2));
    let err = text(&o.stderr);
    assert!(
        err.contains("line 1: \"body\" is a number, not text: write the body as a string")
            && err.contains("hint: that line does not follow the transcript format"),
        "{err}"
    );
}

/// N4: `--listen localhost:8080` works, but the gRPC listener beside it, `--listener
/// client@localhost:50052=URL`, was "\"localhost:50052\" is not IP:PORT", and `--listener
/// client@50052=URL` got an example with another leg, address and URL than the user's.
/// Now `localhost:PORT` listens on 127.0.0.1 (and [::1], ux39) as `--listen` does, and a port alone is told
/// the user's own spec with the address in.
#[test]
fn n4_listener_takes_localhost_and_a_port_alone_is_told_the_spec_to_type() {
    let agent = card_only_agent(grpc_agent_card("127.0.0.1:1"));
    let (run, _addr, picked) = start_proxy_on_picked_port(|p| {
        let port = p.port();
        args(&[
            "--upstream",
            &format!("http://{agent}"),
            "--listener",
            &format!("client@localhost:{port}=http://{agent}"),
            "--no-record",
        ])
    });
    let port = picked.port();
    // ux39: `localhost:PORT` listens on [::1] too, named on the same line (`... and
    // http://[::1]:PORT (localhost) (leg client)`)
    let line = line_with(
        &run,
        &format!("listener http://127.0.0.1:{port} "),
        Duration::from_secs(10),
    );
    assert!(line.contains(" (leg client) -> "), "{line}");
    // the listener answers: the card through it
    fetch_card(SocketAddr::from(([127, 0, 0, 1], port)));
    run.terminate();
    let dir = tempfile::tempdir().unwrap();
    let o = run_in(
        dir.path(),
        &[
            "proxy",
            "--upstream",
            &format!("http://{agent}"),
            "--listener",
            &format!("client@{port}=http://{agent}"),
            "--no-record",
        ],
    );
    assert_eq!(o.status.code(), Some(2));
    let err = text(&o.stderr);
    assert!(
        err.contains(&format!(
            "hint: give the address too: --listener client@127.0.0.1:{port}=http://{agent}"
        )),
        "{err}"
    );
}

/// N5: the gRPC listener of N1 given the agent's HTTP port by mistake (`--listener
/// client@ADDR=http://HOST:A2A_PORT` instead of A2A_GRPC_PORT). Every gRPC call of the SDK
/// client failed ("UNIMPLEMENTED: Received http2 header with status: 404") and the proxy
/// said nothing but notes; `verify` listed the calls as "not judged": the card's gRPC
/// target `ADDR` was read as `https://ADDR`, so h2c calls at `http://ADDR` were no use of
/// it. Now the calls are its use: CARD-URL-002 (error), naming ADDR as this proxy's own
/// listener and the HTTP port behind it that answered without gRPC, with the fix.
/// The N5 run: a proxy whose gRPC `--listener` (the card's gRPC target) was given a web
/// server that answers 404 to everything (the agent's HTTP port, not its gRPC one), the
/// card fetched and one h2c gRPC SendMessage sent through it, recorded in
/// `DIR/wrong-port.jsonl`. Returns the directory, the listener and the web server.
async fn grpc_listener_on_the_http_port() -> (tempfile::TempDir, SocketAddr, SocketAddr) {
    use std::sync::Arc;
    // the agent's HTTP port: a web server that knows no gRPC method
    let http_port = proxy_support::serve(Arc::new(|_req| {
        Box::pin(async {
            hyper::Response::builder()
                .status(404)
                .header("content-type", "text/plain; charset=utf-8")
                .body(proxy_support::full("Not Found"))
                .unwrap()
        })
    }))
    .await;
    let dir = tempfile::tempdir().unwrap();
    let rec = dir.path().join("wrong-port.jsonl");
    // the gRPC listener's port, named by the card before the proxy binds it
    let (run, addr, listener) = start_proxy_on_picked_port(|listener| {
        // its card names its JSON-RPC interface at that HTTP port too, as the SDK agent's does
        let mut card: serde_json::Value =
            serde_json::from_str(&grpc_agent_card(&listener.to_string())).unwrap();
        card["supportedInterfaces"]
            .as_array_mut()
            .unwrap()
            .push(serde_json::json!({"url": format!("http://{http_port}/"), "protocolBinding": "JSONRPC", "protocolVersion": "1.0"}));
        let card_agent = card_only_agent(card.to_string());
        args(&[
            "--upstream",
            &format!("http://{card_agent}"),
            "--listener",
            &format!("client@{listener}=http://{http_port}"),
            "--record",
            rec.to_str().unwrap(),
        ])
    });
    tokio::task::spawn_blocking(move || fetch_card(addr))
        .await
        .unwrap();
    // a gRPC SendMessage over h2c to the card's gRPC target, as the SDK client sends it
    let req = hyper::Request::post(format!(
        "http://{listener}/lf.a2a.v1.A2AService/SendMessage"
    ))
    .header("content-type", "application/grpc")
    .header("te", "trailers")
    .header("a2a-version", "1.0")
    .body(proxy_support::full(vec![0u8, 0, 0, 0, 0]))
    .unwrap();
    let (status, _, _) = proxy_support::fetch(&proxy_support::client_h2(), req).await;
    assert_eq!(status, 404);
    tokio::task::spawn_blocking(move || run.terminate())
        .await
        .unwrap();
    (dir, listener, http_port)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn n5_grpc_calls_the_listeners_upstream_answers_404_are_card_url_002_with_the_cause() {
    let (dir, listener, http_port) = grpc_listener_on_the_http_port().await;
    let out = verify(dir.path(), "wrong-port.jsonl");
    let line = out
        .lines()
        .find(|l| l.starts_with("error[CARD-URL-002]"))
        .unwrap_or_else(|| panic!("no CARD-URL-002: {out}"));
    assert!(
        line.contains(&format!("advertised interface url {listener} answered HTTP 404"))
            && line.contains(&format!(
                "{listener} is this proxy's own listener, and what it forwards to, http://{http_port}, answered the gRPC call without gRPC (HTTP 404, text/plain"
            )),
        "{line}"
    );
    assert!(
        out.contains(&format!(
            "help: point the proxy's listener for {listener} at the agent's gRPC port"
        )),
        "{out}"
    );
}

/// N6: `repro --finding CARD-URL-002` on the N5 recording wrote a transcript cut (no
/// recording header), whose `verify` showed a CARD-URL-009 warning the recording did not
/// have (the card naming the proxy's upstream reads, without the header, as naming another
/// port of the card's host) and lost the listener's cause. A transcript cut may not show an
/// error or warning the native cut lacks: the cut is now a native recording (told on
/// stderr), and its verify shows CARD-URL-002 with the cause and no other warning.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn n6_a_repro_cut_shows_no_warning_the_recording_did_not_have() {
    let (dir, listener, _) = grpc_listener_on_the_http_port().await;
    let d = dir.path().to_path_buf();
    let o = tokio::task::spawn_blocking(move || {
        run_in(
            &d,
            &[
                "repro",
                "wrong-port.jsonl",
                "--finding",
                "CARD-URL-002",
                "-o",
                "min.jsonl",
            ],
        )
    })
    .await
    .unwrap();
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    let cut = verify(dir.path(), "min.jsonl");
    assert!(cut.contains("error[CARD-URL-002]"), "{cut}");
    assert!(
        cut.contains(&format!("{listener} is this proxy's own listener")),
        "{cut}"
    );
    assert!(!cut.contains("warning["), "{cut}");
    assert!(!verify(dir.path(), "wrong-port.jsonl").contains("warning["));
}

//! grpcprobe57: `a2a-interop probe` drives the gRPC binding (GRPC-001; 1.0
//! `lf.a2a.v1.A2AService`, 0.3 `a2a.v1.A2AService`) through the same in-process recording
//! pipeline and verifier as JSON-RPC and HTTP+JSON. Before, a card advertising GRPC got
//! `card.interfaces` "only bindings this probe does not drive: nothing to test" and
//! `--binding grpc` exit 2 "probe does not call gRPC interfaces".
//!
//! 1. The real Python SDK gRPC agent (`tests/peers/python/grpc_agent.py`, a2a-sdk 1.3.0
//!    `GrpcHandler` + `CompatGrpcHandler` on grpcio, h2c): every test that runs on the
//!    binding, its concrete verdicts (two findings of the SDK's: its follow-up stream opens
//!    with a status update, STREAM-FIRST-001, as over JSON-RPC; its gRPC handler serves a
//!    call with `a2a-version: 99.0`, VER-HDR-001, which its JSON-RPC handler refuses), and
//!    the recording: every A2A call is a gRPC call of the probe's tests whose request
//!    decodes as its method's message, judged offline as online.
//! 2. A broken real gRPC server (`tests/peers/misbehave56.py`, grpcio): a TaskNotFound
//!    under INTERNAL fails `errors.unknown-task` by GRPC-ERROR-001, an event after the
//!    terminal one fails `streaming.nothing-after-terminal` by STREAM-END-001, a cancel of
//!    a completed task served OK fails `errors.cancel-completed` by TASK-STATE-003, and a
//!    stream held open after its terminal event fails `streaming.terminal` (grpc58: by the
//!    verifier's STREAM-END-009; the probe's own "did not close" before) while the
//!    stream's other checks keep the verifier's verdict on its messages
//!    (before, the verifier left a gRPC stream the client left "not judged" whole, so they
//!    failed "no rule's verdict stands behind this pass").

use crate::harness::{peers_available, peers_dir, Sdk};
use crate::sdk_grpc::{grpcio_missing, start_grpc_agent};

use std::collections::BTreeMap;
use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Output, Stdio};

use a2a_interop::model::grpc::{decode_message, grpc_route, Frame, Side};
use a2a_interop::record::{source, Event, EventKind};
use serde_json::Value;

fn probe(args: Vec<String>) -> Output {
    Command::new(env!("CARGO_BIN_EXE_a2a-interop"))
        .args(args)
        .output()
        .expect("run a2a-interop")
}

/// Whether the peers' venv with grpcio is there; a skip is said on stderr (a failure under
/// `A2A_INTEROP_REQUIRE_PEERS=1`).
pub(crate) fn grpc_peers(test: &str) -> bool {
    if !peers_available(test, &[Sdk::Python]) {
        return false;
    }
    if let Some(why) = grpcio_missing() {
        if std::env::var("A2A_INTEROP_REQUIRE_PEERS").as_deref() == Ok("1") {
            panic!("{test}: {why} (A2A_INTEROP_REQUIRE_PEERS=1)");
        }
        eprintln!("\n!!!!!!!! SKIPPED !!!!!!!! {test}: {why}\n");
        return false;
    }
    true
}

/// `(status, message)` of each result of the JSON report, by its scoped name.
pub(crate) fn results(report: &Value) -> BTreeMap<String, (String, String)> {
    report["results"]
        .as_array()
        .expect("results")
        .iter()
        .map(|r| {
            (
                r["test"].as_str().unwrap_or_default().to_string(),
                (
                    r["status"].as_str().unwrap_or_default().to_string(),
                    r["message"].as_str().unwrap_or_default().to_string(),
                ),
            )
        })
        .collect()
}

/// One recorded exchange: its URL, request headers and body.
#[derive(Default)]
struct Call {
    url: String,
    version: Option<String>,
    headers: Vec<(String, String)>,
    request: Vec<u8>,
}

fn recorded_calls(path: &std::path::Path) -> Vec<Call> {
    let src = source::open(path).expect("open the recording");
    let mut by: BTreeMap<String, Call> = BTreeMap::new();
    for ev in src.events {
        let ev: Event = ev.expect("every recorded line parses");
        let Some(x) = ev.exchange.clone() else {
            continue;
        };
        let c = by.entry(x.to_string()).or_default();
        match ev.kind {
            EventKind::RequestHead {
                url,
                headers,
                version,
                ..
            } => {
                c.url = url;
                c.version = version;
                c.headers = headers
                    .iter()
                    .map(|(k, v)| (k.to_ascii_lowercase(), v.to_string()))
                    .collect();
            }
            EventKind::RequestBody { body } => c.request.extend_from_slice(&body.data),
            _ => {}
        }
    }
    by.into_values().collect()
}

#[test]
fn probe_drives_the_python_sdk_grpc_agent_through_the_recording_pipeline() {
    let test = "probe_drives_the_python_sdk_grpc_agent_through_the_recording_pipeline";
    if !grpc_peers(test) {
        return;
    }
    let rt = tokio::runtime::Runtime::new().expect("runtime");
    let agent = rt.block_on(start_grpc_agent(None));
    let dir = tempfile::tempdir().expect("temp dir");
    let (rec, report) = (dir.path().join("rec.jsonl"), dir.path().join("r.json"));
    let out = probe(vec![
        "probe".into(),
        format!("http://127.0.0.1:{}", agent.http_port),
        "--binding".into(),
        "grpc".into(),
        "--timeout".into(),
        "20s".into(),
        "--record".into(),
        rec.to_string_lossy().into(),
        "--format".into(),
        "json".into(),
        "-o".into(),
        report.to_string_lossy().into(),
        "-q".into(),
    ]);
    drop(agent);
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    // two findings of the SDK's fail their tests: exit 1
    assert_eq!(out.status.code(), Some(1), "{stdout}\n{stderr}");
    let v: Value = serde_json::from_slice(&std::fs::read(&report).expect("report")).unwrap();
    let rs = results(&v);
    assert!(
        rs["card.interfaces"]
            .1
            .starts_with("advertises gRPC 1.0 at http://127.0.0.1:")
            && rs["card.interfaces"]
                .1
                .contains(", gRPC 0.3 at http://127.0.0.1:"),
        "{:?}",
        rs["card.interfaces"]
    );
    let pass = |t: &str| {
        let r = rs.get(t).unwrap_or_else(|| panic!("{t} not in {rs:#?}"));
        assert_eq!(r.0, "pass", "{t}: {}", r.1);
        r.1.clone()
    };
    for d in ["1.0", "0.3"] {
        let s = |t: &str| format!("{t} [{d} grpc]");
        assert!(pass(&s("card.interface-url")).ends_with("answers gRPC"));
        for t in [
            "lifecycle.send",
            "lifecycle.get-task",
            "lifecycle.poll-terminal",
            "lifecycle.history-length",
            "lifecycle.cancel",
            "lifecycle.input-required",
            "lifecycle.context-continuation",
            "streaming.envelope",
            "streaming.first-event",
            "streaming.same-ids",
            "streaming.nothing-after-terminal",
            "streaming.last-chunk",
            "streaming.resubscribe",
            "errors.cancel-completed",
            "errors.message-to-terminal",
            "errors.invalid-params",
        ] {
            pass(&s(t));
        }
        assert_eq!(
            pass(&s("streaming.content-type")),
            "HTTP 200 application/grpc, a stream of messages"
        );
        assert!(pass(&s("streaming.terminal")).starts_with("stream reached completed at event"));
        assert!(pass(&s("errors.unknown-method")).starts_with("answered gRPC UNIMPLEMENTED"));
        for t in ["errors.parse-error", "errors.invalid-request"] {
            assert_eq!(rs[&s(t)].0, "skip", "{t}");
        }
    }
    // ErrorInfo reasons read back from grpc-status-details-bin (1.0; the SDK's 0.3 side
    // sends none)
    assert_eq!(
        pass("errors.unknown-task [1.0 grpc]"),
        "answered error -32001 gRPC NOT_FOUND TASK_NOT_FOUND"
    );
    assert!(pass("errors.subscribe-terminal [1.0 grpc]")
        .contains("answered error -32004 gRPC FAILED_PRECONDITION UNSUPPORTED_OPERATION"));
    assert!(pass("errors.push-not-supported [1.0 grpc]")
        .contains("gRPC FAILED_PRECONDITION PUSH_NOTIFICATION_NOT_SUPPORTED"));
    assert!(pass("lifecycle.list-tasks [1.0 grpc]").starts_with("ListTasks contextId "));
    assert_eq!(rs["lifecycle.list-tasks [0.3 grpc]"].0, "skip");
    assert_eq!(
        rs["errors.push-not-supported [0.3 grpc]"].1,
        "push over 0.3 gRPC is not probed by this build"
    );
    // the failures are the verifier's rules on the probe's own gRPC exchanges
    let failed: Vec<(&str, &str)> = rs
        .iter()
        .filter(|(_, r)| r.0 == "fail")
        .map(|(t, r)| (t.as_str(), r.1.as_str()))
        .collect();
    assert_eq!(
        failed.iter().map(|f| f.0).collect::<Vec<_>>(),
        [
            "errors.unsupported-version [1.0 grpc]",
            "streaming.follow-up [1.0 grpc]"
        ],
        "{failed:#?}"
    );
    assert!(
        failed[0]
            .1
            .contains("but the verifier found error[VER-HDR-001]")
            && failed[0]
                .1
                .contains("with a2a-version metadata 99.0 was processed"),
        "{}",
        failed[0].1
    );
    assert!(
        failed[1]
            .1
            .contains("but the verifier found error[STREAM-FIRST-001]"),
        "{}",
        failed[1].1
    );
    let rules: Vec<&str> = v["findings"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|f| f["severity"] == "error")
        .filter_map(|f| f["rule"].as_str())
        .collect();
    assert_eq!(
        rules,
        ["STREAM-FIRST-001", "VER-HDR-001"],
        "{}",
        v["findings"]
    );

    // The recording: past the card fetches, every exchange is one of the probe's gRPC
    // calls, tagged with its test, over HTTP/2, whose request decodes as its method's message.
    let calls = recorded_calls(&rec);
    let grpc: Vec<&Call> = calls
        .iter()
        .filter(|c| !c.url.contains("/.well-known/"))
        .collect();
    assert_eq!(
        calls.len() as u64,
        v["counts"]["exchanges"].as_u64().unwrap()
    );
    let by_binding: u64 = v["bindings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| {
            assert_eq!(b["binding"], "gRPC", "{b}");
            b["exchanges"].as_u64().unwrap()
        })
        .sum();
    assert_eq!(grpc.len() as u64, by_binding, "{}", v["bindings"]);
    let mut services = std::collections::BTreeSet::new();
    for c in &grpc {
        let path = c.url.split_once("://").map_or("", |(_, r)| r);
        let path = &path[path.find('/').unwrap_or(0)..];
        let route = grpc_route(path).unwrap_or_else(|| panic!("{}: no gRPC route", c.url));
        services.insert(route.service);
        assert_eq!(c.version.as_deref(), Some("HTTP/2.0"), "{}", c.url);
        let h = |n: &str| {
            c.headers
                .iter()
                .find(|(k, _)| k == n)
                .map(|(_, v)| v.as_str())
        };
        assert_eq!(h("content-type"), Some("application/grpc"), "{}", c.url);
        assert_eq!(h("te"), Some("trailers"), "{}", c.url);
        let tag = h("a2a-interop-probe-test").unwrap_or_else(|| panic!("{}: untagged", c.url));
        assert!(tag.ends_with(" grpc]"), "{}: {tag}", c.url);
        if route.op.is_none() {
            // errors.unknown-method's call of a method the service lacks
            assert!(c.url.ends_with("/NoSuchMethod"), "{}", c.url);
            continue;
        }
        assert!(c.request.len() >= 5, "{}: no framed message", c.url);
        let frame = Frame {
            compressed: c.request[0] == 1,
            data: c.request[5..].to_vec(),
        };
        decode_message(&route, Side::Request, &frame, None)
            .unwrap_or_else(|e| panic!("{}: {e}", c.url));
    }
    assert_eq!(
        services.into_iter().collect::<Vec<_>>(),
        ["a2a.v1.A2AService", "lf.a2a.v1.A2AService"]
    );
    // offline verify of the recording says what the probe's run said
    let off = probe(vec!["verify".into(), rec.to_string_lossy().into()]);
    let text = String::from_utf8_lossy(&off.stdout);
    assert!(
        text.contains("error[STREAM-FIRST-001]") && text.contains("error[VER-HDR-001]"),
        "{text}"
    );
    assert!(
        text.contains("bindings per A2A version: 1.0: gRPC") && text.contains("0.3: gRPC"),
        "{text}"
    );
}

/// misbehave56.py serving `modes`: the process and each mode's gRPC port, and the card port.
pub(crate) struct Misbehave {
    child: Child,
    pub(crate) ports: BTreeMap<String, u16>,
    pub(crate) http: u16,
}

impl Drop for Misbehave {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

pub(crate) fn misbehave(modes: &[&str]) -> Misbehave {
    let mut child = Command::new(peers_dir().join(".venv/bin/python"))
        .arg(peers_dir().join("misbehave56.py"))
        .args(modes)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .expect("spawn misbehave56.py");
    let mut lines = BufReader::new(child.stdout.take().expect("stdout")).lines();
    let mut ports = BTreeMap::new();
    let mut http = 0;
    for line in lines.by_ref() {
        let line = line.expect("a line");
        if line == "ready" {
            break;
        }
        let (name, port) = line.rsplit_once(' ').expect("MODE PORT");
        let port: u16 = port.parse().expect("a port");
        if name == "http" {
            http = port;
        } else {
            ports.insert(name.to_string(), port);
        }
    }
    assert!(http > 0 && ports.len() == modes.len(), "{ports:?}");
    Misbehave { child, ports, http }
}

/// Tells misbehave56 the address its card advertises for `mode` (its own gRPC port: the
/// probe relays it through a recording listener of its own).
pub(crate) fn advertise(http: u16, mode: &str, port: u16) {
    use std::io::{Read, Write};
    let mut s = std::net::TcpStream::connect(("127.0.0.1", http)).expect("card port");
    let body = format!("127.0.0.1:{port}");
    write!(
        s,
        "POST /__public/{mode} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    )
    .expect("write");
    let mut answer = String::new();
    let _ = s.read_to_string(&mut answer);
    assert!(
        answer.starts_with("HTTP/1.0 204") || answer.starts_with("HTTP/1.1 204"),
        "{answer}"
    );
}

#[test]
fn probe_fails_a_broken_grpc_agents_tests_by_the_verifiers_grpc_rules() {
    let test = "probe_fails_a_broken_grpc_agents_tests_by_the_verifiers_grpc_rules";
    if !grpc_peers(test) {
        return;
    }
    // mode, the test that fails, the rule that fails it (None: the probe's own check)
    let cases: [(&str, &str, Option<&str>); 4] = [
        (
            "g10-notfound-internal",
            "errors.unknown-task [1.0 grpc]",
            Some("GRPC-ERROR-001"),
        ),
        (
            "g10-stream-event-after-terminal",
            "streaming.nothing-after-terminal [1.0 grpc]",
            Some("STREAM-END-001"),
        ),
        (
            "g10-cancel-completed-ok",
            "errors.cancel-completed [1.0 grpc]",
            Some("TASK-STATE-003"),
        ),
        (
            "g10-stream-held-open",
            "streaming.terminal [1.0 grpc]",
            Some("STREAM-END-009"),
        ),
    ];
    let modes: Vec<&str> = cases.iter().map(|c| c.0).collect();
    let mb = misbehave(&modes);
    let dir = tempfile::tempdir().expect("temp dir");
    let runs: Vec<(usize, Output, Value)> = std::thread::scope(|s| {
        let handles: Vec<_> = cases
            .iter()
            .enumerate()
            .map(|(i, (mode, _, _))| {
                advertise(mb.http, mode, mb.ports[*mode]);
                let report = dir.path().join(format!("{mode}.json"));
                let base = format!("http://127.0.0.1:{}/{mode}", mb.http);
                s.spawn(move || {
                    let out = probe(vec![
                        "probe".into(),
                        base,
                        "--timeout".into(),
                        "3s".into(),
                        "--format".into(),
                        "json".into(),
                        "-o".into(),
                        report.to_string_lossy().into(),
                        "-q".into(),
                    ]);
                    let v: Value =
                        serde_json::from_slice(&std::fs::read(&report).unwrap_or_else(|e| {
                            panic!("{mode}: {e}: {}", String::from_utf8_lossy(&out.stderr))
                        }))
                        .expect("JSON report");
                    (i, out, v)
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().expect("probe run"))
            .collect()
    });
    drop(mb);
    for (i, out, v) in runs {
        let (mode, name, rule) = cases[i];
        let rs = results(&v);
        let stdout = String::from_utf8_lossy(&out.stdout);
        assert_eq!(out.status.code(), Some(1), "{mode}: {stdout}");
        // the interface was driven: a gRPC call answered at the advertised address
        let (st, msg) = &rs["card.interface-url [1.0 grpc]"];
        assert_eq!(st, "pass", "{mode}: {msg}");
        assert!(msg.ends_with("answers gRPC"), "{mode}: {msg}");
        let (st, msg) = rs
            .get(name)
            .unwrap_or_else(|| panic!("{mode}: no {name} in {rs:#?}"));
        assert_eq!(st, "fail", "{mode}: {name}: {msg}");
        match rule {
            Some(rule) => assert!(
                msg.contains(&format!(
                    "but the verifier found error[{rule}] on its exchange"
                )),
                "{mode}: {name}: {msg}"
            ),
            None => assert!(
                msg.starts_with("stream reached completed at event")
                    && msg.ends_with("but did not close"),
                "{mode}: {name}: {msg}"
            ),
        }
        if mode == "g10-stream-held-open" {
            // the stream's messages are judged though the probe left it open: its other
            // checks pass on the verifier's verdict (before: "could not judge its exchange
            // whole ... so no rule's verdict stands behind this pass")
            for t in [
                "streaming.content-type",
                "streaming.envelope",
                "streaming.first-event",
                "streaming.same-ids",
                "streaming.nothing-after-terminal",
            ] {
                let (st, msg) = &rs[&format!("{t} [1.0 grpc]")];
                assert_eq!(st, "pass", "{mode}: {t}: {msg}");
            }
        }
        if mode == "g10-notfound-internal" {
            assert!(
                rs[name]
                    .1
                    .starts_with("answered error -32001 gRPC INTERNAL TASK_NOT_FOUND"),
                "{}",
                rs[name].1
            );
        }
    }
}

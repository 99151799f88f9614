//! grpc58 items 2-4: the probe's gRPC leftovers of round 57.
//!
//! 2. A card whose gRPC interface url is served by an HTTP server that knows no gRPC service
//!    (a router in front answering every path `404 page not found`, text/plain, no
//!    grpc-status): `probe` failed `card.interface-url [1.0 grpc]` by its own words while
//!    the same answer on a JSON-RPC interface is the verifier's CARD-URL-002 (CARD-005).
//!    Predictions: both bindings' `card.interface-url` fail by CARD-URL-002 ("advertised
//!    interface url ... answered HTTP 404 when used"; the card's own url named, never the
//!    probe's relay listener since newcomer60), and `verify` of the probe's recording says the same
//!    for both.
//! 3. `probe --binding grpc` over the real Python SDK gRPC agent with push, a bearer scheme
//!    and an extended card (`tests/peers/python/grpc_agent58.py`): see the test's docs.
//! 4. misbehave56's "legal" modes under `probe`: see the test's docs.

use crate::probe_grpc57::results;
use crate::proxy_support::{full, serve, TBody};

use std::path::Path;
use std::process::{Command, Output};
use std::sync::{Arc, OnceLock};

use hyper::body::Incoming;
use hyper::{Request, Response};
use serde_json::{json, Value};

const BIN: &str = env!("CARGO_BIN_EXE_a2a-interop");

/// The binary run with `args` to its end (off the test's runtime).
async fn run(args: Vec<String>) -> Output {
    tokio::task::spawn_blocking(move || {
        Command::new(BIN)
            .args(args)
            .env_remove("A2A_INTEROP_LOG")
            .output()
            .expect("run a2a-interop")
    })
    .await
    .unwrap()
}

/// `verify -f json --fail-on never FILE`: the findings.
async fn findings(file: &Path) -> Vec<Value> {
    let o = run(vec![
        "verify".into(),
        "-f".into(),
        "json".into(),
        "--fail-on".into(),
        "never".into(),
        file.to_string_lossy().into(),
    ])
    .await;
    let v: Value = serde_json::from_slice(&o.stdout).unwrap_or_else(|e| {
        panic!(
            "{e}: {}\n{}",
            String::from_utf8_lossy(&o.stdout),
            String::from_utf8_lossy(&o.stderr)
        )
    });
    v["findings"].as_array().cloned().unwrap_or_default()
}

/// A router that knows no A2A service: serves an agent card at
/// `/.well-known/agent-card.json` advertising one 1.0 interface of `binding` at `path` of its
/// own address, and answers every other request `404 page not found` (text/plain; no
/// grpc-status), over HTTP/1.1 and h2c as a Go or Envoy front does. Its address.
async fn router_404(binding: &'static str, path: &'static str) -> std::net::SocketAddr {
    let me: Arc<OnceLock<std::net::SocketAddr>> = Arc::new(OnceLock::new());
    let at = me.clone();
    let addr = serve(Arc::new(move |req: Request<Incoming>| {
        let at = at.clone();
        Box::pin(async move {
            let addr = at
                .get()
                .copied()
                .expect("address set before the first request");
            if req.uri().path() == "/.well-known/agent-card.json" {
                let card = json!({
                    "name": "router-404",
                    "description": "a card whose interface url a router answers 404",
                    "version": "1.0.0",
                    "supportedInterfaces": [{
                        "url": format!("http://{addr}{path}"),
                        "protocolBinding": binding,
                        "protocolVersion": "1.0"
                    }],
                    "capabilities": {"streaming": true, "pushNotifications": false},
                    "defaultInputModes": ["text/plain"],
                    "defaultOutputModes": ["text/plain"],
                    "skills": [{"id": "s", "name": "S", "description": "a skill", "tags": ["t"]}]
                });
                return Response::builder()
                    .header("content-type", "application/json")
                    .body(full(card.to_string()))
                    .unwrap();
            }
            Response::builder()
                .status(404)
                .header("content-type", "text/plain; charset=utf-8")
                .body::<TBody>(full("404 page not found\n"))
                .unwrap()
        })
    }))
    .await;
    me.set(addr).unwrap();
    addr
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_grpc_interface_a_router_answers_404_is_card_url_002_as_json_rpc_is() {
    let dir = tempfile::tempdir().unwrap();
    for (binding, path, scope) in [("JSONRPC", "/rpc", "1.0"), ("GRPC", "", "1.0 grpc")] {
        let addr = router_404(binding, path).await;
        let rec = dir.path().join(format!("{binding}.jsonl"));
        let report = dir.path().join(format!("{binding}.json"));
        let out = run(vec![
            "probe".into(),
            format!("http://{addr}"),
            "--timeout".into(),
            "5s".into(),
            "--record".into(),
            rec.to_string_lossy().into(),
            "--format".into(),
            "json".into(),
            "-o".into(),
            report.to_string_lossy().into(),
            "-q".into(),
        ])
        .await;
        assert_eq!(
            out.status.code(),
            Some(1),
            "{binding}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        let v: Value = serde_json::from_slice(&std::fs::read(&report).unwrap()).unwrap();
        let rs = results(&v);
        let name = format!("card.interface-url [{scope}]");
        let (st, msg) = rs
            .get(&name)
            .or_else(|| rs.get("card.interface-url"))
            .unwrap_or_else(|| panic!("{binding}: no {name} in {rs:#?}"));
        assert_eq!(st, "fail", "{binding}: {msg}");
        let url = format!("http://{addr}{path}");
        // the probe relays the interface through a listener of its own, which its findings
        // never name: the verifier names the card's url
        let said = |m: &str| {
            m.contains(&format!(
                "(rewritten from {url}) answered HTTP 404 when used"
            )) || m.contains(&format!(
                "advertised interface url {url} answered HTTP 404 when used"
            ))
        };
        assert!(
            msg.contains("but the verifier found error[CARD-URL-002] on its exchange e")
                && said(msg),
            "{binding}: {msg}"
        );
        // offline: the same rule from the recording
        let fs = findings(&rec).await;
        let card_url: Vec<&Value> = fs.iter().filter(|f| f["rule"] == "CARD-URL-002").collect();
        assert_eq!(card_url.len(), 1, "{binding}: {fs:#?}");
        assert!(
            said(card_url[0]["message"].as_str().unwrap()),
            "{binding}: {}",
            card_url[0]
        );
    }
}

/// `probe URL --binding grpc --timeout 20s --format json -o REPORT -q [ARGS]` against
/// `http_port`'s card (blocking): the exit status and the JSON report.
fn probe_grpc_blocking(http_port: u16, report: &Path, args: &[&str]) -> (Option<i32>, Value) {
    let out = Command::new(BIN)
        .args(["probe", &format!("http://127.0.0.1:{http_port}")])
        .args([
            "--binding",
            "grpc",
            "--timeout",
            "20s",
            "--format",
            "json",
            "-q",
        ])
        .args(args)
        .arg("-o")
        .arg(report)
        .env_remove("A2A_INTEROP_LOG")
        .output()
        .expect("run probe");
    let v: Value = serde_json::from_slice(
        &std::fs::read(report)
            .unwrap_or_else(|e| panic!("{e}: {}", String::from_utf8_lossy(&out.stderr))),
    )
    .expect("JSON report");
    (out.status.code(), v)
}

/// Item 3: the probe's push, auth and extended-card tests over gRPC, against the real Python SDK
/// gRPC agent (`tests/peers/python/grpc_agent58.py`: a2a-sdk 1.3.0 GrpcHandler with the
/// SDK's push config store and sender, its extended card, and a grpcio interceptor that
/// answers a call without the bearer token UNAUTHENTICATED).
///
/// Agent A (push, bearer, extended card), `--bearer` given; read from a first run, then
/// asserted: every push test of 1.0 passes (the SDK stores, lists, reads, deletes the
/// config and POSTs the task's updates with the config's credentials in Authorization); the
/// 0.3 push tests skip naming why (this build drives push over JSON-RPC only for 0.3);
/// `auth.rejects-anonymous` passes on UNAUTHENTICATED (gRPC's 401) for the send, GetTask and
/// CancelTask; `auth.accepts-credentials` passes; `card.extended` passes (anonymous call
/// refused UNAUTHENTICATED, the card with the token). The run's two failures are the SDK's,
/// as in probe_grpc57 (STREAM-FIRST-001 on the follow-up stream, VER-HDR-001).
///
/// Agent B (bearer, extended card, the interceptor exempting the extended-card calls; no
/// push), predicted before its first run: `card.extended` fails by the verifier's
/// AUTH-EXT-001 (the extended card served to a call without credentials, AUTH-005), the
/// push tests skip ("card does not advertise capabilities.pushNotifications") and
/// `errors.push-not-supported [1.0 grpc]` passes on PUSH_NOTIFICATION_NOT_SUPPORTED.
#[test]
fn probe_drives_push_auth_and_the_extended_card_over_the_python_sdks_grpc_agent() {
    let test = "probe_drives_push_auth_and_the_extended_card_over_the_python_sdks_grpc_agent";
    if !crate::probe_grpc57::grpc_peers(test) {
        return;
    }
    let rt = tokio::runtime::Runtime::new().expect("runtime");
    let env_a = [
        ("A2A_PUSH", "1"),
        ("A2A_BEARER", "tok-58"),
        ("A2A_EXTENDED", "1"),
    ];
    let env_b = [
        ("A2A_BEARER", "tok-58"),
        ("A2A_EXTENDED", "1"),
        ("A2A_OPEN_EXTENDED", "1"),
    ];
    let (a, b) = rt.block_on(async {
        tokio::join!(
            crate::sdk_grpc::start_grpc_script("grpc_agent58.py", &env_a, None),
            crate::sdk_grpc::start_grpc_script("grpc_agent58.py", &env_b, None)
        )
    });
    let dir = tempfile::tempdir().unwrap();
    let (ra, rb) = (dir.path().join("a.json"), dir.path().join("b.json"));
    let ((code_a, va), (code_b, vb)) = std::thread::scope(|s| {
        let ja = s.spawn(|| probe_grpc_blocking(a.http_port, &ra, &["--bearer", "tok-58"]));
        let jb = s.spawn(|| probe_grpc_blocking(b.http_port, &rb, &["--bearer", "tok-58"]));
        (ja.join().unwrap(), jb.join().unwrap())
    });
    drop((a, b));

    // ---- A: push, bearer, extended card -------------------------------------------------
    let rs = results(&va);
    let get = |rs: &std::collections::BTreeMap<String, (String, String)>, t: &str| {
        rs.get(t)
            .cloned()
            .unwrap_or_else(|| panic!("{t} not in {rs:#?}"))
    };
    assert_eq!(code_a, Some(1), "{rs:#?}");
    let failed: Vec<&str> = rs
        .iter()
        .filter(|(_, r)| r.0 == "fail")
        .map(|(t, _)| t.as_str())
        .collect();
    assert_eq!(
        failed,
        [
            "errors.unsupported-version [1.0 grpc]",
            "streaming.follow-up [1.0 grpc]"
        ],
        "{rs:#?}"
    );
    for t in [
        "push.create-config",
        "push.get-config",
        "push.list-configs",
        "push.notifications",
        "push.token",
        "push.delete-config",
        "push.get-after-delete",
    ] {
        let (st, msg) = get(&rs, &format!("{t} [1.0 grpc]"));
        assert_eq!(st, "pass", "{t}: {msg}");
        let (st, msg) = get(&rs, &format!("{t} [0.3 grpc]"));
        assert_eq!(
            (st.as_str(), msg.as_str()),
            ("skip", "push over 0.3 gRPC is not probed by this build"),
            "{t}"
        );
    }
    let (_, m) = get(&rs, "push.notifications [1.0 grpc]");
    assert!(
        m.contains(" notifications for task ") && m.ends_with("-> completed"),
        "{m}"
    );
    let (_, m) = get(&rs, "push.token [1.0 grpc]");
    assert!(
        m.contains(
            "carried the configured authentication credentials (1.0 PUSH-004) in Authorization"
        ),
        "{m}"
    );
    let (_, m) = get(&rs, "push.get-after-delete [1.0 grpc]");
    assert!(m.ends_with("answered error -32001"), "{m}");
    let (st, m) = get(&rs, "auth.rejects-anonymous");
    assert_eq!(st, "pass", "{m}");
    assert!(
        m.starts_with("task call without credentials answered HTTP 401; on task ")
            && m.ends_with(
                "without credentials: GetTask answered HTTP 401, CancelTask answered HTTP 401"
            ),
        "{m}"
    );
    assert_eq!(
        get(&rs, "auth.accepts-credentials"),
        (
            "pass".to_string(),
            "task calls with credentials work".to_string()
        )
    );
    assert_eq!(
        get(&rs, "card.extended [grpc]"),
        (
            "pass".to_string(),
            "anonymous GetExtendedAgentCard refused: gRPC UNAUTHENTICATED: bearer token required; with credentials it answered the card \"a2a-interop Python test agent\"".to_string()
        )
    );

    // ---- B: the extended card leaks to anonymous callers ---------------------------------
    let rs = results(&vb);
    assert_eq!(code_b, Some(1), "{rs:#?}");
    let (st, m) = get(&rs, "card.extended [grpc]");
    assert_eq!(st, "fail", "{m}");
    assert!(
        m.starts_with("anonymous GetExtendedAgentCard answered a card (\"a2a-interop Python test agent\"; whether it may go to anonymous clients is AUTH-EXT-001's verdict)")
            && m.contains("but the verifier found error[AUTH-EXT-001] on its exchange"),
        "{m}"
    );
    let (st, m) = get(&rs, "push.create-config [1.0 grpc]");
    assert_eq!(
        (st.as_str(), m.as_str()),
        (
            "skip",
            "card does not advertise capabilities.pushNotifications"
        )
    );
    let (st, m) = get(&rs, "errors.push-not-supported [1.0 grpc]");
    assert_eq!(st, "pass", "{m}");
    assert!(m.contains("PUSH_NOTIFICATION_NOT_SUPPORTED"), "{m}");
    let (st, m) = get(&rs, "auth.rejects-anonymous");
    assert_eq!(st, "pass", "{m}");
}

/// Item 4: misbehave56's `legal` modes (the verifier must stay silent on each bent answer) under
/// `probe`. Before, every one failed two tests: `lifecycle.history-length [1.0 grpc]` by
/// DATA-HISTORY-001 (the mock's GetTask ignored historyLength 0 and returned the history)
/// and `errors.invalid-params` by DATA-SHAPE-001 (the mock stored a SendMessage without a
/// message as a completed task whose history held the empty message). Per mode the probe
/// was right and the fault the mock's base, not any mode's bent answer: the mock now
/// honours historyLength and refuses a send without a message (INVALID_ARGUMENT,
/// INVALID_PARAMS, as a2a-python does), so the labels stand and every legal mode is silent
/// under the probe: exit 0, no failed test, no error or warning finding, and the two tests
/// pass with the agent's own answers.
#[test]
fn misbehave56s_legal_modes_are_silent_under_the_probe() {
    let test = "misbehave56s_legal_modes_are_silent_under_the_probe";
    if !crate::probe_grpc57::grpc_peers(test) {
        return;
    }
    let list = Command::new(crate::harness::peers_dir().join(".venv/bin/python"))
        .arg(crate::harness::peers_dir().join("misbehave56.py"))
        .arg("--list")
        .output()
        .expect("misbehave56.py --list");
    let modes: Vec<String> = String::from_utf8_lossy(&list.stdout)
        .lines()
        .filter_map(|l| {
            let mut w = l.split_whitespace();
            let (m, kind) = (w.next()?, w.next()?);
            (kind == "legal").then(|| m.to_string())
        })
        .collect();
    assert!(
        modes.len() >= 13,
        "{}",
        String::from_utf8_lossy(&list.stdout)
    );
    let names: Vec<&str> = modes.iter().map(String::as_str).collect();
    let mb = crate::probe_grpc57::misbehave(&names);
    let dir = tempfile::tempdir().expect("temp dir");
    let runs: Vec<(&str, Option<i32>, Value)> = std::thread::scope(|s| {
        let handles: Vec<_> = names
            .iter()
            .map(|mode| {
                crate::probe_grpc57::advertise(mb.http, mode, mb.ports[*mode]);
                let report = dir.path().join(format!("{mode}.json"));
                let base = format!("http://127.0.0.1:{}/{mode}", mb.http);
                s.spawn(move || {
                    let out = Command::new(BIN)
                        .args(["probe", &base, "--timeout", "10s", "--format", "json", "-q"])
                        .arg("-o")
                        .arg(&report)
                        .output()
                        .expect("run probe");
                    let v: Value =
                        serde_json::from_slice(&std::fs::read(&report).unwrap_or_else(|e| {
                            panic!("{mode}: {e}: {}", String::from_utf8_lossy(&out.stderr))
                        }))
                        .expect("JSON report");
                    (*mode, out.status.code(), v)
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().unwrap()).collect()
    });
    drop(mb);
    for (mode, code, v) in runs {
        let rs = results(&v);
        let failed: Vec<(&String, &String)> = rs
            .iter()
            .filter(|(_, r)| r.0 == "fail")
            .map(|(t, r)| (t, &r.1))
            .collect();
        assert!(failed.is_empty(), "{mode}: {failed:#?}");
        let serious: Vec<&Value> = v["findings"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|f| f["severity"] == "error" || f["severity"] == "warning")
            .collect();
        assert!(serious.is_empty(), "{mode}: {serious:#?}");
        assert_eq!(code, Some(0), "{mode}");
        let d = if mode.starts_with("g10") {
            "1.0"
        } else {
            "0.3"
        };
        let (st, m) = &rs[&format!("lifecycle.history-length [{d} grpc]")];
        assert_eq!(st, "pass", "{mode}: {m}");
        if d == "1.0" {
            assert_eq!(m, "historyLength honoured (0 -> 0, 1 -> 1)", "{mode}");
        }
        let (st, m) = &rs[&format!("errors.invalid-params [{d} grpc]")];
        assert_eq!(st, "pass", "{mode}: {m}");
        assert!(
            m.starts_with("answered error -32602 gRPC INVALID_ARGUMENT INVALID_PARAMS"),
            "{mode}: {m}"
        );
    }
}

//! The verifier on the gRPC binding (GRPC-001): a deliberately broken gRPC A2A agent (a
//! small real h2c server on loopback, hyper) answers raw gRPC calls sent through the
//! recording proxy. Each call picks its fault with the `x-fault` request metadata; the
//! messages are real protobuf of the vendored A2A protos (`model::grpc::encode_json`).
//!
//! The engine must run the HTTP+JSON task and stream rules on the decoded messages (a
//! state after a terminal state, also inside a gzip-compressed stream), judge errors from
//! `grpc-status` + the ErrorInfo of `grpc-status-details-bin` (ERR-002's gRPC column,
//! ERR-005), report malformed frames and protobuf as GRPC-FRAME-001 (never a panic), say
//! "1.0 gRPC" / "0.3 gRPC", and stay silent on the clean calls. Online verdicts equal the
//! offline ones.

use crate::proxy_support as support;

use std::collections::BTreeMap;
use std::io::Write as _;
use std::sync::Arc;

use a2a_interop::model::grpc::{encode_json, frame};
use a2a_interop::verify::Finding;
use bytes::Bytes;
use http_body_util::{BodyExt, Full, StreamBody};
use hyper::body::{Frame, Incoming};
use hyper::{Request, Response};
use serde_json::{json, Value};
use support::*;

/// One 1.0 `StreamResponse` message, framed.
fn sr(v: Value) -> Vec<u8> {
    frame(&encode_json("lf.a2a.v1.StreamResponse", &v).expect("a StreamResponse"))
}

fn task(id: &str, state: &str) -> Value {
    json!({"task": {"id": id, "contextId": "c1", "status": {"state": state}}})
}

fn status(id: &str, state: &str) -> Value {
    json!({"statusUpdate": {"taskId": id, "contextId": "c1", "status": {"state": state}}})
}

fn gzip(b: &[u8]) -> Vec<u8> {
    let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    gz.write_all(b).unwrap();
    gz.finish().unwrap()
}

/// `msg` framed with the compressed flag, gzip-compressed.
fn gz_frame(msg: &[u8]) -> Vec<u8> {
    let z = gzip(msg);
    let mut out = vec![1u8];
    out.extend_from_slice(&(z.len() as u32).to_be_bytes());
    out.extend_from_slice(&z);
    out
}

/// `google.rpc.Status{code, message, details: [ErrorInfo{reason, domain}]}` as the base64
/// of `grpc-status-details-bin` (no padding, as grpc sends it).
fn details(code: i32, message: &str, reason: Option<&str>) -> String {
    use base64::Engine as _;
    let mut st = json!({"code": code, "message": message});
    if let Some(r) = reason {
        st["details"] = json!([{"@type": "type.googleapis.com/google.rpc.ErrorInfo",
                                "reason": r, "domain": "a2a-protocol.org"}]);
    }
    let b = encode_json("google.rpc.Status", &st).expect("a google.rpc.Status");
    base64::engine::general_purpose::STANDARD_NO_PAD.encode(b)
}

/// An answer: extra response headers, body bytes, trailers (`None`: no trailers at all).
struct Answer {
    headers: Vec<(&'static str, String)>,
    body: Vec<u8>,
    trailers: Option<Vec<(&'static str, String)>>,
}

fn ok(body: Vec<u8>) -> Answer {
    Answer {
        headers: vec![],
        body,
        trailers: Some(vec![("grpc-status", "0".into())]),
    }
}

/// Trailers-Only error: the status in the response headers, no body.
fn error_only(code: u32, msg: &str, det: Option<String>) -> Answer {
    let mut headers = vec![
        ("grpc-status", code.to_string()),
        ("grpc-message", msg.into()),
    ];
    if let Some(d) = det {
        headers.push(("grpc-status-details-bin", d));
    }
    Answer {
        headers,
        body: vec![],
        trailers: None,
    }
}

fn answer(fault: &str) -> Answer {
    match fault {
        // A clean task stream, every message gzip-compressed.
        "gzip-clean" => {
            let mut body = Vec::new();
            for v in [
                task("t-gz", "TASK_STATE_SUBMITTED"),
                status("t-gz", "TASK_STATE_WORKING"),
                status("t-gz", "TASK_STATE_COMPLETED"),
            ] {
                body.extend(gz_frame(
                    &encode_json("lf.a2a.v1.StreamResponse", &v).unwrap(),
                ));
            }
            let mut a = ok(body);
            a.headers.push(("grpc-encoding", "gzip".into()));
            a
        }
        // TASK-STATE-001: working after completed, plain and gzip.
        "after-terminal" | "gzip-after-terminal" => {
            let gz = fault.starts_with("gzip");
            let id = if gz { "t-gz-known" } else { "t-known" };
            let msgs = [
                task(id, "TASK_STATE_WORKING"),
                status(id, "TASK_STATE_COMPLETED"),
                status(id, "TASK_STATE_WORKING"),
            ];
            let mut body = Vec::new();
            for v in msgs {
                let m = encode_json("lf.a2a.v1.StreamResponse", &v).unwrap();
                body.extend(if gz { gz_frame(&m) } else { sr(v) });
            }
            let mut a = ok(body);
            if gz {
                a.headers.push(("grpc-encoding", "gzip".into()));
            }
            a
        }
        // GRPC-ERROR-001: TASK_NOT_CANCELABLE sent as NOT_FOUND.
        "code-mismatch" => error_only(
            5,
            "cannot cancel",
            Some(details(5, "cannot cancel", Some("TASK_NOT_CANCELABLE"))),
        ),
        // GRPC-ERROR-001 on a GetTask: a reason only a cancel can have (breaker9d D10).
        "reason-wrong" => error_only(
            5,
            "Task not found",
            Some(details(5, "Task not found", Some("TASK_NOT_CANCELABLE"))),
        ),
        // GRPC-ERROR-001 (VER-002, breaker10 E10): A2A-Version 2.0 refused with INTERNAL
        // and no ErrorInfo instead of VersionNotSupportedError.
        "version-internal" => error_only(13, "unsupported version 2.0", None),
        // Clean: the same request refused FAILED_PRECONDITION + VERSION_NOT_SUPPORTED.
        "version-refused" => error_only(
            9,
            "version 2.0 not supported",
            Some(details(
                9,
                "version 2.0 not supported",
                Some("VERSION_NOT_SUPPORTED"),
            )),
        ),
        // GRPC-ERROR-002 (+ ID-TASK-001 for a task handed out earlier): no ErrorInfo.
        "no-info" => error_only(5, "no such task", None),
        // Clean error: TASK_NOT_FOUND as NOT_FOUND with ErrorInfo, on an unknown task.
        "clean-not-found" => error_only(
            5,
            "Task not found",
            Some(details(5, "Task not found", Some("TASK_NOT_FOUND"))),
        ),
        // GRPC-FRAME-001: bytes that are no SendMessageResponse (a length past the end).
        "bad-proto" => ok(frame(&[0x0a, 0x7f, b'x'])),
        // GRPC-FRAME-001: the prefix announces 100 bytes, 3 come.
        "cut-frame" => ok(vec![0, 0, 0, 0, 100, 1, 2, 3]),
        // GRPC-FRAME-001: no grpc-status anywhere.
        "no-status" => Answer {
            headers: vec![],
            body: frame(
                &encode_json(
                    "lf.a2a.v1.SendMessageResponse",
                    &json!({"message": {"messageId": "m9", "contextId": "c1", "role": "ROLE_AGENT",
                                        "parts": [{"text": "hi"}]}}),
                )
                .unwrap(),
            ),
            trailers: Some(vec![]),
        },
        // GRPC-FRAME-001: a unary method answered with two messages.
        "two-messages" => {
            let m = encode_json(
                "lf.a2a.v1.SendMessageResponse",
                &json!({"message": {"messageId": "m8", "contextId": "c1", "role": "ROLE_AGENT",
                                    "parts": [{"text": "hi"}]}}),
            )
            .unwrap();
            let mut body = frame(&m);
            body.extend(frame(&m));
            ok(body)
        }
        // Not judged: a coding this tool does not read.
        "snappy" => {
            let mut body = vec![1u8, 0, 0, 0, 4];
            body.extend_from_slice(b"zzzz");
            let mut a = ok(body);
            a.headers.push(("grpc-encoding", "snappy".into()));
            a
        }
        // GRPC-FRAME-001: the status details are not base64 of a google.rpc.Status.
        "bad-details" => error_only(9, "nope", Some("%%%".into())),
        // A clean 0.3 stream (a2a.v1.StreamResponse, `final` on the last status).
        "v03-clean" => {
            let mut body = Vec::new();
            for v in [
                json!({"task": {"id": "t03", "contextId": "c3",
                                "status": {"state": "TASK_STATE_SUBMITTED"}}}),
                json!({"statusUpdate": {"taskId": "t03", "contextId": "c3",
                                        "status": {"state": "TASK_STATE_COMPLETED"},
                                        "final": true}}),
            ] {
                body.extend(frame(&encode_json("a2a.v1.StreamResponse", &v).unwrap()));
            }
            ok(body)
        }
        // ID-TASK-001: a stream carries task t-s1, then ends with NOT_FOUND for it in real
        // trailers (after the DATA frames, details included).
        "stream-then-not-found" => Answer {
            headers: vec![],
            body: sr(task("t-s1", "TASK_STATE_WORKING")),
            trailers: Some(vec![
                ("grpc-status", "5".into()),
                ("grpc-message", "Task not found".into()),
                (
                    "grpc-status-details-bin",
                    details(5, "Task not found", Some("TASK_NOT_FOUND")),
                ),
            ]),
        },
        // A clean unary answer.
        _ => ok(frame(
            &encode_json(
                "lf.a2a.v1.SendMessageResponse",
                &json!({"message": {"messageId": "m1", "contextId": "c1", "role": "ROLE_AGENT",
                                    "parts": [{"text": "echo"}]}}),
            )
            .unwrap(),
        )),
    }
}

/// The broken agent: reads the whole request, answers [`answer`] of its `x-fault`.
async fn broken_grpc_agent() -> std::net::SocketAddr {
    serve(Arc::new(|req: Request<Incoming>| {
        Box::pin(async move {
            let fault = req
                .headers()
                .get("x-fault")
                .and_then(|v| v.to_str().ok())
                .unwrap_or("")
                .to_string();
            let _ = req.into_body().collect().await;
            if fault == "hang" {
                // Waits for a message that never comes (a gRPC server whose framing
                // expects the rest of a cut request message): the client gives up first.
                tokio::time::sleep(std::time::Duration::from_secs(30)).await;
            }
            let a = answer(&fault);
            let mut frames: Vec<Result<Frame<Bytes>, BoxError>> = Vec::new();
            if !a.body.is_empty() {
                frames.push(Ok(Frame::data(Bytes::from(a.body))));
            }
            if let Some(t) = a.trailers {
                let mut hm = http::HeaderMap::new();
                for (k, v) in t {
                    hm.insert(k, v.parse().unwrap());
                }
                frames.push(Ok(Frame::trailers(hm)));
            }
            let mut b = Response::builder().header("content-type", "application/grpc");
            for (k, v) in a.headers {
                b = b.header(k, v);
            }
            let body = StreamBody::new(futures_util::stream::iter(frames)).boxed_unsync();
            b.body(body).unwrap()
        })
    }))
    .await
}

/// A gRPC call through the proxy: `path`, request `msg` (already framed), fault.
async fn call(base: &str, path: &str, msg: Vec<u8>, fault: &str) {
    let client: hyper_util::client::legacy::Client<_, Full<Bytes>> =
        hyper_util::client::legacy::Client::builder(hyper_util::rt::TokioExecutor::new())
            .http2_only(true)
            .build_http();
    let req = http::Request::post(format!("{base}{path}"))
        .header("content-type", "application/grpc")
        .header("te", "trailers")
        .header(
            "a2a-version",
            if path.starts_with("/a2a.v1.") {
                "0.3"
            } else if fault.starts_with("version-") {
                "2.0"
            } else {
                "1.0"
            },
        )
        .header("x-fault", fault)
        .body(Full::new(Bytes::from(msg)))
        .unwrap();
    let resp = client.request(req).await.expect("the proxy answers");
    let _ = resp.into_body().collect().await;
}

fn send_req() -> Vec<u8> {
    frame(
        &encode_json(
            "lf.a2a.v1.SendMessageRequest",
            &json!({"message": {"messageId": "u1", "role": "ROLE_USER",
                                "parts": [{"text": "hello"}]}}),
        )
        .unwrap(),
    )
}

fn id_req(name: &str, id: &str) -> Vec<u8> {
    frame(&encode_json(name, &json!({"id": id})).unwrap())
}

/// Rule IDs found per exchange, in order of appearance.
fn by_exchange(fs: &[Finding]) -> BTreeMap<String, Vec<String>> {
    let mut out: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for f in fs {
        // Most rules cite the failing exchange last; ID-TASK-001 cites it first (the
        // hand-out second) so live lines name the failing call (breaker16b T14).
        let ex = if f.rule == "ID-TASK-001" {
            f.evidence.iter().find_map(|e| e.exchange.clone())
        } else {
            f.evidence.iter().rev().find_map(|e| e.exchange.clone())
        }
        .unwrap_or_default();
        out.entry(ex).or_default().push(f.rule.clone());
    }
    for v in out.values_mut() {
        v.sort();
    }
    out
}

const V1: &str = "/lf.a2a.v1.A2AService";

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn grpc_calls_are_judged_by_the_task_stream_and_error_rules() {
    let up = broken_grpc_agent().await;
    let (_dir, rec, pipeline, base) = start_recording_to(up).await;
    let stream = format!("{V1}/SendStreamingMessage");
    let send = format!("{V1}/SendMessage");
    // In order; the exchange ids are e1, e2, ... in this order.
    let calls: Vec<(&str, String, Vec<u8>)> = vec![
        ("clean", send.clone(), send_req()),                 // e1
        ("gzip-clean", stream.clone(), send_req()),          // e2
        ("after-terminal", stream.clone(), send_req()),      // e3
        ("gzip-after-terminal", stream.clone(), send_req()), // e4
        (
            "code-mismatch",
            format!("{V1}/CancelTask"),
            id_req("lf.a2a.v1.CancelTaskRequest", "t-other"),
        ), // e5
        (
            "no-info",
            format!("{V1}/GetTask"),
            id_req("lf.a2a.v1.GetTaskRequest", "t-known"),
        ), // e6
        (
            "clean-not-found",
            format!("{V1}/GetTask"),
            id_req("lf.a2a.v1.GetTaskRequest", "never-seen"),
        ), // e7
        ("bad-proto", send.clone(), send_req()),             // e8
        ("cut-frame", send.clone(), send_req()),             // e9
        ("no-status", send.clone(), send_req()),             // e10
        ("two-messages", send.clone(), send_req()),          // e11
        ("snappy", send.clone(), send_req()),                // e12
        (
            "bad-details",
            format!("{V1}/CancelTask"),
            id_req("lf.a2a.v1.CancelTaskRequest", "t9"),
        ), // e13
        ("clean", send.clone(), frame(&[0x12, 0x7f])),       // e14: broken request
        (
            "v03-clean",
            "/a2a.v1.A2AService/SendStreamingMessage".into(),
            frame(
                &encode_json(
                    "a2a.v1.SendMessageRequest",
                    &json!({"message": {"messageId": "u3", "role": "ROLE_USER",
                                    "content": [{"text": "hi"}]}}),
                )
                .unwrap(),
            ),
        ), // e15
        ("stream-then-not-found", stream.clone(), send_req()), // e16
        (
            "reason-wrong",
            format!("{V1}/GetTask"),
            id_req("lf.a2a.v1.GetTaskRequest", "never-seen"),
        ), // e17
        ("version-internal", send.clone(), send_req()),      // e18
        ("version-refused", send.clone(), send_req()),       // e19
    ];
    for (fault, path, msg) in calls {
        call(&base, &path, msg, fault).await;
    }
    let online = pipeline.finish().await.expect("finish").verify;
    let offline = {
        let src = a2a_interop::record::source::open(&rec).expect("open the recording");
        let mut v = a2a_interop::verify::Verifier::new(&src.header);
        for ev in src.events {
            v.feed(&ev.expect("every recorded line parses"));
        }
        v.finish()
    };
    let got = by_exchange(&offline.findings);
    let want: BTreeMap<String, Vec<String>> = [
        // A state after the terminal one: the stream rule and the task rule.
        ("e3", vec!["STREAM-END-001", "TASK-STATE-001"]),
        ("e4", vec!["STREAM-END-001", "TASK-STATE-001"]),
        ("e5", vec!["GRPC-ERROR-001"]),
        ("e6", vec!["GRPC-ERROR-002", "ID-TASK-001"]),
        ("e8", vec!["GRPC-FRAME-001"]),
        ("e9", vec!["GRPC-FRAME-001"]),
        ("e10", vec!["GRPC-FRAME-001"]),
        ("e11", vec!["GRPC-FRAME-001"]),
        ("e13", vec!["GRPC-FRAME-001"]),
        // The client's broken request: the client's rule (breaker9c C8).
        ("e14", vec!["GRPC-FRAME-002"]),
        ("e16", vec!["ID-TASK-001"]),
        ("e17", vec!["GRPC-ERROR-001"]),
        ("e18", vec!["GRPC-ERROR-001"]),
    ]
    .into_iter()
    .map(|(k, v)| (k.to_string(), v.into_iter().map(String::from).collect()))
    .collect();
    let all: Vec<String> = offline
        .findings
        .iter()
        .map(|f| {
            format!(
                "{} {} {:?}",
                f.rule,
                f.message,
                f.evidence.first().and_then(|e| e.exchange.clone())
            )
        })
        .collect();
    assert_eq!(got, want, "findings:\n{}", all.join("\n"));
    // The same verdicts online (the proxy's verifier) as offline.
    let online_rules: Vec<(String, String)> = online
        .findings
        .iter()
        .map(|f| (f.rule.clone(), f.message.clone()))
        .collect();
    let offline_rules: Vec<(String, String)> = offline
        .findings
        .iter()
        .map(|f| (f.rule.clone(), f.message.clone()))
        .collect();
    assert_eq!(online_rules, offline_rules);
    // Each message names what was wrong.
    let msg = |ex: &str, rule: &str| -> String {
        offline
            .findings
            .iter()
            .find(|f| {
                f.rule == rule && f.evidence.iter().any(|e| e.exchange.as_deref() == Some(ex))
            })
            .map(|f| f.message.clone())
            .unwrap_or_default()
    };
    assert!(
        // A cancel of a task the recording never saw: either part may be wrong (breaker9d
        // D10), so the message blames neither.
        msg("e5", "GRPC-ERROR-001").contains(
            "status NOT_FOUND (5) with ErrorInfo reason TASK_NOT_CANCELABLE, which disagree: ERR-002 gives TASK_NOT_CANCELABLE the status FAILED_PRECONDITION and NOT_FOUND to TASK_NOT_FOUND; this call does not tell which"
        ),
        "{}",
        msg("e5", "GRPC-ERROR-001")
    );
    assert!(
        msg("e17", "GRPC-ERROR-001").contains(
            "with ErrorInfo reason TASK_NOT_CANCELABLE, which does not fit this call: GetTask is no cancel"
        ) && msg("e17", "GRPC-ERROR-001").contains("it should be TASK_NOT_FOUND"),
        "{}",
        msg("e17", "GRPC-ERROR-001")
    );
    assert!(
        msg("e18", "GRPC-ERROR-001").contains(
            "A2A-Version 2.0, a version A2A does not have, and the agent answered gRPC SendMessage with status INTERNAL (13) without ErrorInfo instead of VersionNotSupportedError"
        ),
        "{}",
        msg("e18", "GRPC-ERROR-001")
    );
    assert!(msg("e6", "GRPC-ERROR-002").contains("no grpc-status-details-bin"));
    assert!(
        msg("e9", "GRPC-FRAME-001").contains("ends inside a gRPC message: 3 of 100 bytes"),
        "{}",
        msg("e9", "GRPC-FRAME-001")
    );
    assert!(msg("e10", "GRPC-FRAME-001").contains("without grpc-status"));
    assert!(msg("e11", "GRPC-FRAME-001").contains("2 response messages"));
    assert!(
        msg("e14", "GRPC-FRAME-002").starts_with("client's gRPC SendMessage request message"),
        "{}",
        msg("e14", "GRPC-FRAME-002")
    );
    assert!(
        msg("e16", "ID-TASK-001")
            .contains("task t-s1 not found although the same stream carried that task id"),
        "{}",
        msg("e16", "ID-TASK-001")
    );
    // The snappy message is listed as not judged, not as a finding.
    assert!(
        offline
            .incomplete
            .iter()
            .any(|(x, why)| x == "e12" && why.contains("snappy")),
        "{:?}",
        offline.incomplete
    );
    assert_eq!(
        offline.dialects,
        vec!["0.3 gRPC".to_string(), "1.0 gRPC".to_string()]
    );
    assert!(offline.areas_exercised.contains(&"grpc".to_string()));
    assert!(offline.areas_exercised.contains(&"stream".to_string()));
}

/// A message announcing more than this tool's 16 MiB decode cap (breaker9c C7) is listed as
/// not judged, not as GRPC-FRAME-001: gRPC sets no protocol maximum, so the bytes may be a
/// valid message. The clean call before it stays silent; online equals offline.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_message_over_the_decode_cap_is_not_judged_not_malformed() {
    let up = broken_grpc_agent().await;
    let (_dir, rec, pipeline, base) = start_recording_to(up).await;
    let send = format!("{V1}/SendMessage");
    call(&base, &send, send_req(), "clean").await; // e1
                                                   // e2: the prefix announces 17 000 000 bytes (over 16 MiB); a few bytes follow
    let mut big = vec![0u8];
    big.extend_from_slice(&17_000_000u32.to_be_bytes());
    big.extend_from_slice(&[0x0a, 0x03, b'a', b'b', b'c']);
    call(&base, &send, big, "clean").await;
    let online = pipeline.finish().await.expect("finish").verify;
    let offline = {
        let src = a2a_interop::record::source::open(&rec).expect("open the recording");
        let mut v = a2a_interop::verify::Verifier::new(&src.header);
        for ev in src.events {
            v.feed(&ev.expect("every recorded line parses"));
        }
        v.finish()
    };
    for r in [&online, &offline] {
        assert!(
            !r.findings.iter().any(|f| f.rule == "GRPC-FRAME-001"),
            "{:?}",
            r.findings
        );
        assert!(
            r.incomplete
                .iter()
                .any(|(x, why)| x == "e2" && why.contains("decode cap")),
            "{:?}",
            r.incomplete
        );
    }
}

#[test]
fn the_report_names_the_grpc_binding() {
    // A golden gRPC recording (hand-encoded protobuf, tests/golden/gen_inputs.py).
    let input = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/golden/GRPC-ERROR-002-fail/input.jsonl");
    let text = std::process::Command::new(env!("CARGO_BIN_EXE_a2a-interop"))
        .arg("report")
        .arg(&input)
        .output()
        .expect("run report");
    let out = String::from_utf8_lossy(&text.stdout);
    assert!(
        out.contains("note: input.jsonl: gRPC binding judged (dialects seen: 1.0 gRPC)"),
        "{out}"
    );
    assert!(out.contains("error[GRPC-ERROR-002]"), "{out}");
    let md = std::process::Command::new(env!("CARGO_BIN_EXE_a2a-interop"))
        .args(["report", "--format", "markdown"])
        .arg(&input)
        .output()
        .expect("run report");
    let md = String::from_utf8_lossy(&md.stdout);
    assert!(md.contains("- **dialects seen:** 1.0 gRPC"), "{md}");
    assert!(md.contains("area:grpc"), "{md}");
}

/// A request message that announces 100 bytes, carries 3 and ends the stream (breaker9c
/// C8's `trunc.bin`), sent through the proxy with its Content-Length; `hang` makes the agent
/// wait for the rest so that the client gives up, as the SDK agent did.
async fn cut_request_call(base: &str, fault: &str) {
    let client: hyper_util::client::legacy::Client<_, Full<Bytes>> =
        hyper_util::client::legacy::Client::builder(hyper_util::rt::TokioExecutor::new())
            .http2_only(true)
            .build_http();
    let mut body = vec![0u8, 0, 0, 0, 100];
    body.extend_from_slice(b"abc");
    let req = http::Request::post(format!("{base}{V1}/SendMessage"))
        .header("content-type", "application/grpc")
        .header("te", "trailers")
        .header("a2a-version", "1.0")
        .header("content-length", body.len().to_string())
        .header("x-fault", fault)
        .body(Full::new(Bytes::from(body)))
        .unwrap();
    let call = async {
        if let Ok(resp) = client.request(req).await {
            let _ = resp.into_body().collect().await;
        }
    };
    let _ = tokio::time::timeout(std::time::Duration::from_millis(800), call).await;
}

/// breaker9c C8: malformed gRPC frames the *client* sends are the client's finding
/// (GRPC-FRAME-002, a client rule), not the agent's GRPC-FRAME-001, and do not lower the
/// agent's conformance level; a request cut mid-message whose stream ended (its whole
/// Content-Length arrived) is reported, whether the agent answered or waited until the
/// client gave up. Online verdicts equal the offline ones.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn client_side_grpc_frame_faults_are_the_clients_and_do_not_grade_the_agent() {
    let up = broken_grpc_agent().await;
    let (_dir, rec, pipeline, base) = start_recording_to(up).await;
    let send = format!("{V1}/SendMessage");
    call(&base, &send, send_req(), "clean").await; // e1
    let mut flag7 = send_req();
    flag7[0] = 7;
    call(&base, &send, flag7, "clean").await; // e2: compressed flag 7
    let mut gz_no_enc = send_req();
    gz_no_enc[0] = 1;
    call(&base, &send, gz_no_enc, "clean").await; // e3: compressed flag, no grpc-encoding
    cut_request_call(&base, "clean").await; // e4: cut, answered
    cut_request_call(&base, "hang").await; // e5: cut, the client gives up
    let online = pipeline.finish().await.expect("finish").verify;
    let offline = {
        let src = a2a_interop::record::source::open(&rec).expect("open the recording");
        let mut v = a2a_interop::verify::Verifier::new(&src.header);
        for ev in src.events {
            v.feed(&ev.expect("every recorded line parses"));
        }
        v.finish()
    };
    let want: BTreeMap<String, Vec<String>> = ["e2", "e3", "e4", "e5"]
        .into_iter()
        .map(|x| (x.to_string(), vec!["GRPC-FRAME-002".to_string()]))
        .collect();
    assert_eq!(
        by_exchange(&offline.findings),
        want,
        "{:?}",
        offline.findings
    );
    let pairs = |o: &a2a_interop::verify::VerifyOutcome| -> Vec<(String, String)> {
        o.findings
            .iter()
            .map(|f| (f.rule.clone(), f.message.clone()))
            .collect()
    };
    assert_eq!(pairs(&online), pairs(&offline));
    for f in &offline.findings {
        assert!(
            f.message.starts_with("client's gRPC SendMessage request"),
            "{f:?}"
        );
    }
    let cut: Vec<&Finding> = offline
        .findings
        .iter()
        .filter(|f| {
            f.message
                .contains("ends inside a gRPC message: 3 of 100 bytes")
        })
        .collect();
    assert_eq!(cut.len(), 2, "{:?}", offline.findings);
    assert!(a2a_interop::verify::rules::judges_client("GRPC-FRAME-002"));
    // The agent's level ignores the client's faults: every answer was fine.
    use a2a_interop::report::model::ConformanceLevel;
    let all_areas: Vec<String> = ["card", "task", "stream", "push"]
        .iter()
        .map(|a| a.to_string())
        .collect();
    let (level, why) = ConformanceLevel::derive(&offline.findings, &[], &all_areas, false);
    assert_eq!(level, ConformanceLevel::Full, "{why}");
}

/// The recording of one 1.0 `SendMessage` call whose request body is the cut message
/// `[0,0,0,0,100] abc`, with or without its Content-Length, that the client left before
/// any answer (`client_abort`).
fn cut_request_recording(content_length: bool) -> String {
    use base64::Engine as _;
    let mut headers = vec![
        json!(["content-type", "application/grpc"]),
        json!(["te", "trailers"]),
    ];
    if content_length {
        headers.push(json!(["content-length", "8"]));
    }
    let url = "http://127.0.0.1:8080/lf.a2a.v1.A2AService/SendMessage";
    let body = base64::engine::general_purpose::STANDARD.encode(b"\x00\x00\x00\x00\x64abc");
    [
        json!({"type": "recording", "format": 1, "tool": {"name": "a2a-interop", "version": "0.1.0"},
               "startedAt": "2026-01-01T00:00:00.000Z", "mode": "reverse", "listen": ["127.0.0.1:8080"],
               "routes": [{"prefix": "/", "upstream": "http://127.0.0.1:9001"}]}),
        json!({"seq": 1, "t_us": 0, "exchange": "e1", "type": "request_head", "method": "POST",
               "url": url, "version": "HTTP/2.0", "headers": headers,
               "upstream": "http://127.0.0.1:9001/lf.a2a.v1.A2AService/SendMessage"}),
        json!({"seq": 2, "t_us": 100, "exchange": "e1", "type": "request_body", "body": body,
               "encoding": "base64"}),
        json!({"seq": 3, "t_us": 9_000_000, "exchange": "e1", "type": "exchange_end",
               "outcome": "client_abort", "error": "client went away before the response ended",
               "request_bytes": 8, "response_bytes": 0}),
    ]
    .iter()
    .map(|v| format!("{v}\n"))
    .collect()
}

/// breaker9c C8, the other side of the line: a request that ends inside a message is the
/// client's fault only when it is known whole. Without a Content-Length, a client that
/// went away may have been cut off mid-body: not judged (and never the agent's finding).
#[test]
fn a_cut_request_is_the_clients_finding_only_when_known_whole() {
    let dir = tempfile::tempdir().unwrap();
    for (cl, want_finding) in [(true, true), (false, false)] {
        let path = dir.path().join(format!("cut-{cl}.jsonl"));
        std::fs::write(&path, cut_request_recording(cl)).unwrap();
        let src = a2a_interop::record::source::open(&path).expect("open");
        let mut v = a2a_interop::verify::Verifier::new(&src.header);
        for ev in src.events {
            v.feed(&ev.expect("parses"));
        }
        let out = v.finish();
        let rules: Vec<&str> = out.findings.iter().map(|f| f.rule.as_str()).collect();
        if want_finding {
            assert_eq!(rules, vec!["GRPC-FRAME-002"], "{:?}", out.findings);
            assert!(
                out.findings[0]
                    .message
                    .contains("3 of 100 bytes (the client ended its request there)"),
                "{}",
                out.findings[0].message
            );
        } else {
            assert!(rules.is_empty(), "{:?}", out.findings);
            assert!(
                out.incomplete
                    .iter()
                    .any(|(x, why)| x == "e1" && why.contains("3 of 100 bytes")),
                "{:?}",
                out.incomplete
            );
        }
    }
}

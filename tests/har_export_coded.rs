/*!
`export --har` of a recording of an agent that answers with `Content-Encoding: gzip`, made
through the real proxy over loopback: `content.text` / `postData.text` hold the decoded
bodies (HAR 1.2 `content`: "the HTTP response is decoded"), `size` the decoded length,
`compression` the bytes saved, the agent's `Content-Encoding` stays in the headers (as
browsers write it); the recorded bytes ride in `_a2a.responseBody` / `_a2a.requestBody`, so
`verify` of the HAR gives the recording's findings and import gives back its exact events;
the redacted push token stays redacted after decoding.
*/

use crate::common;
use crate::proxy_support as support;

use std::io::Write;
use std::path::Path;
use std::sync::{Arc, OnceLock};

use bytes::Bytes;
use common::{assert_exit, bin, verify_file};
use http_body_util::BodyExt;
use hyper::{Request, Response};
use serde_json::{json, Value};

const SECRET: &str = "SECRET_GZ_PUSH_TOKEN_7";

fn gzip(b: &[u8]) -> Vec<u8> {
    let mut z = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    z.write_all(b).expect("gzip into memory");
    z.finish().expect("gzip into memory")
}

fn gz_response(content_type: &str, plain: &[u8]) -> Response<support::TBody> {
    Response::builder()
        .header("content-type", content_type)
        .header("content-encoding", "gzip")
        .body(support::full(gzip(plain)))
        .expect("response")
}

/// A 1.0 JSON-RPC agent that gzips every answer: its card advertises the proxy's URL,
/// `SendMessage` answers without `jsonrpc` (RPC-ENVELOPE-001), `SendStreamingMessage`
/// answers a gzip event stream, `GetTaskPushNotificationConfig` a config with a token.
async fn gzip_agent(public: Arc<OnceLock<String>>) -> std::net::SocketAddr {
    support::serve(Arc::new(move |req: Request<hyper::body::Incoming>| {
        let public = public.clone();
        Box::pin(async move {
            let (parts, body) = req.into_parts();
            let raw = body.collect().await.map(|b| b.to_bytes()).unwrap_or_default();
            if parts.method == hyper::Method::GET {
                let card = json!({
                    "name": "gz", "description": "gzip agent", "version": "1",
                    "supportedInterfaces": [{"url": format!("{}/", public.get().map(String::as_str).unwrap_or("")),
                        "protocolBinding": "JSONRPC", "protocolVersion": "1.0"}],
                    "capabilities": {"streaming": true, "pushNotifications": true},
                    "defaultInputModes": ["text/plain"], "defaultOutputModes": ["text/plain"],
                    "skills": [{"id": "s", "name": "s", "description": "d", "tags": ["t"]}]
                });
                return gz_response("application/json", card.to_string().as_bytes());
            }
            let plain = if parts
                .headers
                .get("content-encoding")
                .is_some_and(|v| v == "gzip")
            {
                let mut out = Vec::new();
                let _ = std::io::Read::read_to_end(
                    &mut flate2::read::GzDecoder::new(&raw[..]),
                    &mut out,
                );
                Bytes::from(out)
            } else {
                raw
            };
            let rpc: Value = serde_json::from_slice(&plain).unwrap_or(Value::Null);
            let id = rpc["id"].clone();
            let task = |state: &str| {
                json!({"id": "t1", "contextId": "c1", "status": {"state": state}})
            };
            match rpc["method"].as_str().unwrap_or("") {
                "SendStreamingMessage" => {
                    let events = [
                        json!({"jsonrpc": "2.0", "id": id, "result": {"task": task("TASK_STATE_WORKING")}}),
                        json!({"jsonrpc": "2.0", "id": id, "result": {"statusUpdate": {"taskId": "t1", "contextId": "c1", "status": {"state": "TASK_STATE_COMPLETED"}}}}),
                    ];
                    let sse: String = events.iter().map(|e| format!("data: {e}\n\n")).collect();
                    gz_response("text/event-stream", sse.as_bytes())
                }
                "ListTaskPushNotificationConfigs" => {
                    // over the recorder's 1 MiB hold for coded bodies: pseudo-random padding
                    // that gzip cannot shrink much
                    let mut x: u64 = 0x9E37_79B9_7F4A_7C15;
                    let pad: String = (0..2_000_000)
                        .map(|_| {
                            x ^= x << 13;
                            x ^= x >> 7;
                            x ^= x << 17;
                            char::from(b'a' + (x % 26) as u8)
                        })
                        .collect();
                    let cfg = json!({"jsonrpc": "2.0", "id": id, "result": {"configs": [{
                        "id": "cfg1", "taskId": "t1", "url": "https://client.example.com/hook",
                        "token": SECRET, "_pad": pad}]}});
                    gz_response("application/json", cfg.to_string().as_bytes())
                }
                "GetTaskPushNotificationConfig" => {
                    let cfg = json!({"jsonrpc": "2.0", "id": id, "result": {
                        "id": "cfg1", "taskId": "t1", "url": "https://client.example.com/hook",
                        "token": SECRET}});
                    gz_response("application/json", cfg.to_string().as_bytes())
                }
                // broken on purpose: no "jsonrpc" member
                _ => gz_response(
                    "application/json",
                    json!({"id": id, "result": {"task": task("TASK_STATE_COMPLETED")}})
                        .to_string()
                        .as_bytes(),
                ),
            }
        })
    }))
    .await
}

fn rpc(id: u32, method: &str, params: Value) -> Vec<u8> {
    json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params})
        .to_string()
        .into_bytes()
}

fn error_list(out: &a2a_interop::verify::VerifyOutcome) -> Vec<String> {
    out.findings
        .iter()
        .map(|f| format!("{} {}", f.rule, f.message))
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn exported_har_of_a_gzip_agent_is_decoded_and_verifies_like_the_recording() {
    let public = Arc::new(OnceLock::new());
    let up = gzip_agent(public.clone()).await;
    let (dir, rec, p, base) = support::start_recording_to(up).await;
    let _ = public.set(base.clone());
    let client = support::client_h1();
    let msg =
        json!({"message": {"messageId": "m1", "role": "ROLE_USER", "parts": [{"text": "hi"}]}});
    let (status, _, _) = support::fetch(
        &client,
        support::get(&format!("{base}/.well-known/agent-card.json")),
    )
    .await;
    assert_eq!(status, 200);
    // a gzip request body too (RFC 9110 §8.4 allows it on requests)
    let send = Request::post(format!("{base}/"))
        .header("content-type", "application/json")
        .header("a2a-version", "1.0")
        .header("content-encoding", "gzip")
        .body(support::full(gzip(&rpc(1, "SendMessage", msg.clone()))))
        .unwrap();
    assert_eq!(support::fetch(&client, send).await.0, 200);
    for (id, method, params) in [
        (2, "SendStreamingMessage", msg.clone()),
        (
            3,
            "GetTaskPushNotificationConfig",
            json!({"taskId": "t1", "id": "cfg1"}),
        ),
    ] {
        let req = Request::post(format!("{base}/"))
            .header("content-type", "application/json")
            .header("a2a-version", "1.0")
            .body(support::full(rpc(id, method, params)))
            .unwrap();
        assert_eq!(support::fetch(&client, req).await.0, 200);
    }
    p.finish().await.expect("pipeline finish");

    let recording = std::fs::read(&rec).unwrap();
    assert!(
        !String::from_utf8_lossy(&recording).contains(SECRET),
        "the recording holds the push token"
    );
    let har_path = dir.path().join("gz.har");
    let o = bin()
        .args(["export", rec.to_str().unwrap(), "--har"])
        .arg(&har_path)
        .output()
        .unwrap();
    assert_exit(&o, 0);
    let text = std::fs::read_to_string(&har_path).unwrap();
    assert!(
        !text.contains(SECRET),
        "a decoded body brought the push token back"
    );
    let doc: Value = serde_json::from_str(&text).unwrap();
    let entries = doc["log"]["entries"].as_array().unwrap();
    assert_eq!(entries.len(), 4, "{text}");
    for e in entries {
        let c = &e["response"]["content"];
        let shown = c["text"].as_str().unwrap();
        assert!(c.get("encoding").is_none(), "decoded text, not base64: {c}");
        assert_eq!(c["size"], shown.len(), "{c}");
        let wire = e["response"]["bodySize"].as_u64().unwrap();
        assert!(wire > 0 && wire != shown.len() as u64, "{e}");
        // bytes saved; left out when gzip made a small body longer
        assert_eq!(
            c["compression"].as_u64(),
            (shown.len() as u64).checked_sub(wire),
            "{c}"
        );
        assert!(
            e["response"]["headers"]
                .as_array()
                .unwrap()
                .iter()
                .any(|h| h["name"] == "content-encoding" && h["value"] == "gzip"),
            "{e}"
        );
    }
    assert!(entries[0]["response"]["content"]["text"]
        .as_str()
        .unwrap()
        .contains("\"supportedInterfaces\""));
    assert!(entries[1]["request"]["postData"]["text"]
        .as_str()
        .unwrap()
        .contains("\"SendMessage\""));
    assert!(entries[1]["response"]["content"]["text"]
        .as_str()
        .unwrap()
        .starts_with("{\"id\":1,"));
    let sse = entries[2]["_sseEvents"].as_array().expect("_sseEvents");
    assert_eq!(sse.len(), 2, "{sse:?}");
    assert!(sse[1]["data"]
        .as_str()
        .unwrap()
        .contains("TASK_STATE_COMPLETED"));
    let push = entries[3]["response"]["content"]["text"].as_str().unwrap();
    // tagged with the export's own key: the recording's was never written
    assert!(
        a2a_interop::record::redact::strip_tags(push).contains("\"token\":\"[REDACTED]\""),
        "{push}"
    );

    // The exact events come back, and verify finds what it finds in the recording.
    let (_, back) = a2a_interop::record::har::read(&text).unwrap();
    assert_eq!(back, support::read_events(&rec));
    let from_recording = verify_file(&rec);
    let from_har = verify_file(&har_path);
    assert_eq!(error_list(&from_har), error_list(&from_recording));
    assert_eq!(from_har.incomplete, from_recording.incomplete);
    assert!(
        error_list(&from_recording)
            .iter()
            .any(|f| f.starts_with("RPC-ENVELOPE-001 ")),
        "{:?}",
        error_list(&from_recording)
    );

    // The same HAR as another tool re-saves it (no private fields) is judged too.
    let mut foreign = doc.clone();
    foreign["log"].as_object_mut().unwrap().remove("_a2a");
    for e in foreign["log"]["entries"].as_array_mut().unwrap() {
        let m = e.as_object_mut().unwrap();
        m.remove("_a2a");
        m.remove("_sseEvents");
    }
    let foreign_path = dir.path().join("foreign.har");
    std::fs::write(&foreign_path, foreign.to_string()).unwrap();
    let out = verify_file(Path::new(&foreign_path));
    assert!(out.incomplete.is_empty(), "{:?}", out.incomplete);
    assert!(
        error_list(&out)
            .iter()
            .any(|f| f.starts_with("RPC-ENVELOPE-001 ")),
        "{:?}",
        error_list(&out)
    );
}

/// A coded body over the recorder's hold (1 MiB of gzip) is recorded as it came; its
/// decoded text in the HAR is redacted all the same (the recording is `redacted: true`), so
/// exporting never shows a push token in clear text.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_large_coded_body_is_redacted_when_exported_decoded() {
    let public = Arc::new(OnceLock::new());
    let up = gzip_agent(public.clone()).await;
    let (dir, rec, p, base) = support::start_recording_to(up).await;
    let _ = public.set(base.clone());
    let client = support::client_h1();
    let req = Request::post(format!("{base}/"))
        .header("content-type", "application/json")
        .header("a2a-version", "1.0")
        .body(support::full(rpc(
            1,
            "ListTaskPushNotificationConfigs",
            json!({"taskId": "t1"}),
        )))
        .unwrap();
    let (status, _, body) = support::fetch(&client, req).await;
    assert_eq!(status, 200);
    assert!(body.len() > 1 << 20, "{} bytes", body.len());
    p.finish().await.expect("pipeline finish");
    let har_path = dir.path().join("big.har");
    let o = bin()
        .args(["export", rec.to_str().unwrap(), "--har"])
        .arg(&har_path)
        .output()
        .unwrap();
    assert_exit(&o, 0);
    let doc: Value = serde_json::from_slice(&std::fs::read(&har_path).unwrap()).unwrap();
    let text = doc["log"]["entries"][0]["response"]["content"]["text"]
        .as_str()
        .unwrap();
    // (main's recorder may now keep such a body out of the recording: then nothing shows)
    assert!(
        !text.contains(SECRET),
        "the decoded body shows the push token"
    );
    assert!(
        text.is_empty()
            || a2a_interop::record::redact::strip_tags(text).contains("\"token\":\"[REDACTED]\"")
    );
    assert!(!String::from_utf8_lossy(&std::fs::read(&har_path).unwrap()).contains(SECRET));
}

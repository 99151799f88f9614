/*!
The A2A gRPC binding (GRPC-001) through the recording proxy, with the official Python
`a2a-sdk` 1.3.0 on both ends (`tests/peers/python/grpc_agent.py`: the SDK's `GrpcHandler`
for `lf.a2a.v1.A2AService` and `CompatGrpcHandler` for the 0.3 `a2a.v1.A2AService`, on
grpcio; `client.py --binding GRPC`).

The agent's card advertises the proxy's address as its GRPC interfaces, so the SDK client
reaches it through the proxy (h2c on loopback). Every client step (unary `SendMessage`,
`GetTask`, `CancelTask`, server-streaming `SendStreamingMessage`, the `NOT_FOUND` error whose
`TaskNotFoundError` the client can only build from the `ErrorInfo` in
`grpc-status-details-bin`, ERR-005) must give the same verdict through the proxy as direct,
for A2A 1.0 and 0.3. A raw h2c unary call and a raw server-streaming call through the proxy
must reach the client with the exact bytes and trailers (`grpc-status`, `grpc-message`)
that the recording holds; an error call's `grpc-status` / `grpc-message` /
`grpc-status-details-bin` must be recorded.
*/

use crate::harness;
use crate::proxy_support;

use std::net::SocketAddr;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use a2a_interop::app::pipeline::Pipeline;
use a2a_interop::record::{source, Event, EventKind, Outcome};
use bytes::Bytes;
use harness::{free_port, peers_available, peers_dir, run_client, Sdk};
use http_body_util::{BodyExt, Full};

/// The gRPC SDK agent process (`grpc_agent.py`); killed on drop.
pub(crate) struct GrpcAgent {
    pub(crate) http_port: u16,
    pub(crate) grpc_port: u16,
    child: Child,
}

impl Drop for GrpcAgent {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Whether the venv has grpcio (`tests/peers/python/requirements.lock.txt` pins it).
pub(crate) fn grpcio_missing() -> Option<String> {
    let py = peers_dir().join(".venv/bin/python");
    let ok = Command::new(&py)
        .args([
            "-c",
            "import grpc, a2a.server.request_handlers.grpc_handler",
        ])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success());
    (!ok).then(|| {
        format!(
            "{} cannot import grpcio (tests/peers/.venv/bin/pip install -r tests/peers/python/requirements.lock.txt)",
            py.display()
        )
    })
}

/// Starts `grpc_agent.py` on free ports, advertising `grpc_public` (host:port) as its GRPC
/// interfaces, and waits (20 s at most) until its card answers and its gRPC port accepts.
pub(crate) async fn start_grpc_agent(grpc_public: Option<&str>) -> GrpcAgent {
    start_grpc_script("grpc_agent.py", &[], grpc_public).await
}

/// As [`start_grpc_agent`], running `script` (a file of `tests/peers/python/`, e.g. grpc58's
/// `grpc_agent58.py`) with the environment `env` added.
pub(crate) async fn start_grpc_script(
    script: &str,
    env: &[(&str, &str)],
    grpc_public: Option<&str>,
) -> GrpcAgent {
    for attempt in 1..=3 {
        let (http_port, grpc_port) = (free_port(), free_port());
        let mut cmd = Command::new(peers_dir().join(".venv/bin/python"));
        cmd.arg(script)
            .current_dir(peers_dir().join("python"))
            .env("A2A_HOST", "127.0.0.1")
            .env("A2A_PORT", http_port.to_string())
            .env("A2A_GRPC_PORT", grpc_port.to_string())
            .envs(env.iter().copied())
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::inherit());
        match grpc_public {
            Some(p) => cmd.env("A2A_GRPC_PUBLIC", p),
            None => cmd.env_remove("A2A_GRPC_PUBLIC"),
        };
        let mut agent = GrpcAgent {
            http_port,
            grpc_port,
            child: cmd
                .spawn()
                .unwrap_or_else(|e| panic!("spawn {script}: {e}")),
        };
        // a Python SDK agent takes 10 s and more to import and bind on 2 loaded cores
        let deadline = Instant::now() + Duration::from_secs(60);
        loop {
            if let Ok(Some(st)) = agent.child.try_wait() {
                eprintln!("{script} exited at start-up ({st}), attempt {attempt}");
                break;
            }
            let card = format!("http://127.0.0.1:{http_port}/.well-known/agent-card.json");
            let grpc_up = tokio::net::TcpStream::connect(("127.0.0.1", grpc_port))
                .await
                .is_ok();
            if grpc_up && get_ok(&card).await {
                return agent;
            }
            assert!(
                Instant::now() < deadline,
                "{script} did not come up within 60 s"
            );
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    }
    panic!("{script} could not start in 3 attempts");
}

async fn get_ok(url: &str) -> bool {
    let c = proxy_support::client_h1();
    let Ok(uri) = url.parse::<http::Uri>() else {
        return false;
    };
    let req = http::Request::get(uri)
        .body(proxy_support::full(Bytes::new()))
        .expect("request");
    matches!(c.request(req).await, Ok(r) if r.status() == 200)
}

/// One gRPC message: the 5-byte prefix (flag 0, big-endian length) and `msg`.
fn grpc_frame(msg: &[u8]) -> Vec<u8> {
    let mut out = vec![0u8];
    out.extend_from_slice(&(msg.len() as u32).to_be_bytes());
    out.extend_from_slice(msg);
    out
}

/// A protobuf length-delimited field (`field` number, wire type 2) holding `bytes`.
fn pb_bytes(field: u8, bytes: &[u8]) -> Vec<u8> {
    assert!(bytes.len() < 128, "one-byte length only");
    let mut out = vec![(field << 3) | 2, bytes.len() as u8];
    out.extend_from_slice(bytes);
    out
}

/// A protobuf varint field (`field` number, wire type 0) holding a small `v`.
fn pb_varint(field: u8, v: u8) -> Vec<u8> {
    assert!(v < 128);
    vec![field << 3, v]
}

/// `lf.a2a.v1.SendMessageRequest{message: Message{message_id, role: ROLE_USER, parts:[{text}]}}`
/// (a2a.proto v1.0.1 field numbers: SendMessageRequest.message = 2; Message.message_id = 1,
/// role = 4, parts = 5; Part.text = 1).
fn send_message_request(message_id: &str, text: &str) -> Vec<u8> {
    let part = pb_bytes(1, text.as_bytes());
    let mut msg = pb_bytes(1, message_id.as_bytes());
    msg.extend(pb_varint(4, 1));
    msg.extend(pb_bytes(5, &part));
    pb_bytes(2, &msg)
}

/// What a raw gRPC call received: HTTP status, response headers, body bytes, trailers,
/// and the arrival time (ms since the request) of each DATA frame.
struct RawCall {
    status: u16,
    headers: http::HeaderMap,
    body: Vec<u8>,
    trailers: http::HeaderMap,
    data_ms: Vec<f64>,
}

/// A raw h2c gRPC call `POST {base}/{path}` with body `frame` (already framed).
async fn raw_grpc(base: &str, path: &str, frame: Vec<u8>) -> RawCall {
    let client: hyper_util::client::legacy::Client<_, Full<Bytes>> =
        hyper_util::client::legacy::Client::builder(hyper_util::rt::TokioExecutor::new())
            .http2_only(true)
            .build_http();
    let req = http::Request::post(format!("{base}{path}"))
        .header("content-type", "application/grpc")
        .header("te", "trailers")
        .header("a2a-version", "1.0")
        .body(Full::new(Bytes::from(frame)))
        .expect("request");
    let started = Instant::now();
    let resp = client.request(req).await.expect("the proxy answers");
    let status = resp.status().as_u16();
    let (parts, mut body) = resp.into_parts();
    let mut out = RawCall {
        status,
        headers: parts.headers,
        body: Vec::new(),
        trailers: http::HeaderMap::new(),
        data_ms: Vec::new(),
    };
    while let Some(f) = body.frame().await {
        let f = f.expect("frame");
        if let Some(d) = f.data_ref() {
            out.body.extend_from_slice(d);
            out.data_ms.push(started.elapsed().as_secs_f64() * 1000.0);
        } else if let Ok(t) = f.into_trailers() {
            out.trailers.extend(t);
        }
    }
    out
}

/// What the recording holds for one exchange.
#[derive(Default, Debug)]
struct Recorded {
    url: String,
    request: Vec<u8>,
    response: Vec<u8>,
    response_headers: Vec<(String, String)>,
    trailers: Vec<(String, String)>,
    ends: Vec<Outcome>,
}

fn read_recording(path: &std::path::Path) -> Vec<Recorded> {
    let src = source::open(path).expect("open the recording");
    let mut by_ex: std::collections::BTreeMap<String, Recorded> = Default::default();
    for ev in src.events {
        let ev: Event = ev.expect("every recorded line parses");
        let Some(ex) = ev.exchange.as_deref().map(str::to_string) else {
            continue;
        };
        let r = by_ex.entry(ex).or_default();
        match ev.kind {
            EventKind::RequestHead { url, .. } => r.url = url,
            EventKind::RequestBody { body } => r.request.extend_from_slice(&body.data),
            EventKind::ResponseHead { headers, .. } => {
                r.response_headers = headers
                    .iter()
                    .map(|(k, v)| (k.to_ascii_lowercase(), v.to_string()))
                    .collect()
            }
            EventKind::ResponseChunk { body } => r.response.extend_from_slice(&body.data),
            EventKind::ExchangeEnd {
                outcome, trailers, ..
            } => {
                r.ends.push(outcome);
                if let Some(t) = trailers {
                    r.trailers = t
                        .iter()
                        .map(|(k, v)| (k.to_ascii_lowercase(), v.to_string()))
                        .collect();
                }
            }
            _ => {}
        }
    }
    by_ex.into_values().collect()
}

fn get<'a>(pairs: &'a [(String, String)], name: &str) -> Option<&'a str> {
    pairs
        .iter()
        .find(|(k, _)| k == name)
        .map(|(_, v)| v.as_str())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn grpc_sdk_traffic_passes_through_the_proxy_intact_with_its_trailers() {
    let test = "grpc_sdk_traffic_passes_through_the_proxy_intact_with_its_trailers";
    if !peers_available(test, &[Sdk::Python]) {
        return;
    }
    if let Some(why) = grpcio_missing() {
        if std::env::var("A2A_INTEROP_REQUIRE_PEERS").as_deref() == Ok("1") {
            panic!("{test}: {why} (A2A_INTEROP_REQUIRE_PEERS=1)");
        }
        use std::io::Write as _;
        let _ = writeln!(
            std::io::stderr(),
            "\n!!!!!!!! SKIPPED !!!!!!!! {test}: {why}\n"
        );
        return;
    }
    let dir = tempfile::tempdir().expect("temp dir");
    let recording = dir.path().join("grpc.jsonl");
    let direct = start_grpc_agent(None).await;
    // The agent must advertise the proxy's port before the proxy binds it.
    let mut attempt = 0;
    let (proxy_url, behind, pipeline) = loop {
        attempt += 1;
        let proxy_port = free_port();
        let public = format!("127.0.0.1:{proxy_port}");
        let behind = start_grpc_agent(Some(&public)).await;
        let mut cfg = proxy_support::pipeline_cfg(
            vec![("/", format!("http://127.0.0.1:{}", behind.grpc_port))],
            &recording,
        );
        cfg.proxy.listen = SocketAddr::from(([127, 0, 0, 1], proxy_port));
        match Pipeline::start(cfg).await {
            Ok(p) => break (format!("http://{public}"), behind, p),
            Err(e) if attempt < 3 => eprintln!("{e:#}; trying another port"),
            Err(e) => panic!("start the pipeline: {e:#}"),
        }
    };

    let mut problems = Vec::new();
    for version in ["1.0", "0.3"] {
        let direct_card = format!("http://127.0.0.1:{}", direct.http_port);
        let behind_card = format!("http://127.0.0.1:{}", behind.http_port);
        let (d, p) = tokio::join!(
            run_client(Sdk::Python, &direct_card, "GRPC", version),
            run_client(Sdk::Python, &behind_card, "GRPC", version)
        );
        if !d.pass || d.steps.len() != 9 {
            problems.push(format!("{version}: direct run did not pass\n{}", d.stdout));
        }
        if d.steps != p.steps || !p.pass {
            problems.push(format!(
                "{version}: through the proxy {:?} but direct {:?}\n--- proxied ---\n{}",
                p.steps, d.steps, p.stdout
            ));
        }
    }

    // Raw calls: unary, server-streaming (four chunks 250 ms apart), unary error.
    let marker = format!("raw-{}", uuid::Uuid::new_v4());
    let unary = raw_grpc(
        &proxy_url,
        "/lf.a2a.v1.A2AService/SendMessage",
        grpc_frame(&send_message_request(&marker, "task raw unary")),
    )
    .await;
    let stream_marker = format!("raw-stream-{}", uuid::Uuid::new_v4());
    let stream = raw_grpc(
        &proxy_url,
        "/lf.a2a.v1.A2AService/SendStreamingMessage",
        grpc_frame(&send_message_request(&stream_marker, "slow raw stream")),
    )
    .await;
    let missing = raw_grpc(
        &proxy_url,
        "/lf.a2a.v1.A2AService/GetTask",
        // GetTaskRequest.id = 2 (tenant = 1).
        grpc_frame(&pb_bytes(2, b"raw-missing-task")),
    )
    .await;

    let online = pipeline.finish().await.expect("finish the pipeline").verify;
    drop(direct);
    drop(behind);
    assert!(problems.is_empty(), "{}", problems.join("\n\n"));

    for (name, call) in [("unary", &unary), ("stream", &stream)] {
        assert_eq!(call.status, 200, "{name}");
        assert_eq!(
            call.trailers.get("grpc-status").map(|v| v.as_bytes()),
            Some(&b"0"[..]),
            "{name}: trailers {:?}",
            call.trailers
        );
    }
    assert!(
        stream.data_ms.len() >= 4,
        "stream: {} DATA frames",
        stream.data_ms.len()
    );
    let spread = stream.data_ms.last().unwrap() - stream.data_ms.first().unwrap();
    assert!(
        spread >= 600.0,
        "the stream's messages reached the client together ({:?} ms)",
        stream.data_ms
    );
    // The agent answers the unknown task with Trailers-Only: grpc-status in the headers.
    assert_eq!(
        missing.headers.get("grpc-status").map(|v| v.as_bytes()),
        Some(&b"5"[..]),
        "missing: {:?}",
        missing.headers
    );
    assert!(missing.headers.contains_key("grpc-status-details-bin"));

    let recorded = read_recording(&recording);
    assert!(
        recorded.len() >= 20,
        "only {} exchanges recorded",
        recorded.len()
    );
    for r in &recorded {
        assert_eq!(r.ends, [Outcome::Complete], "{}", r.url);
        assert!(
            r.url.contains("/lf.a2a.v1.A2AService/") || r.url.contains("/a2a.v1.A2AService/"),
            "{}",
            r.url
        );
    }
    let find = |needle: &str| {
        recorded
            .iter()
            .find(|r| {
                r.request
                    .windows(needle.len())
                    .any(|w| w == needle.as_bytes())
            })
            .unwrap_or_else(|| panic!("{needle} not recorded"))
    };
    for (needle, call) in [(&marker, &unary), (&stream_marker, &stream)] {
        let r = find(needle);
        assert_eq!(r.response, call.body, "{needle}: recorded response bytes");
        assert_eq!(
            get(&r.trailers, "grpc-status"),
            Some("0"),
            "{:?}",
            r.trailers
        );
        assert!(
            get(&r.trailers, "grpc-message").is_some(),
            "{:?}",
            r.trailers
        );
    }
    let r = find("raw-missing-task");
    assert_eq!(get(&r.response_headers, "grpc-status"), Some("5"));
    assert_eq!(
        get(&r.response_headers, "grpc-message"),
        missing
            .headers
            .get("grpc-message")
            .and_then(|v| v.to_str().ok())
    );
    assert_eq!(
        get(&r.response_headers, "grpc-status-details-bin"),
        missing
            .headers
            .get("grpc-status-details-bin")
            .and_then(|v| v.to_str().ok())
    );
    // The verifier reads the calls as gRPC of both versions and finds nothing wrong with
    // the SDK's traffic (the raw calls are clean too), online as offline.
    assert_eq!(
        online.dialects,
        vec!["0.3 gRPC".to_string(), "1.0 gRPC".to_string()]
    );
    let errors = proxy_support::error_findings(&online);
    assert!(errors.is_empty(), "{}", errors.join("\n"));
    assert!(online.findings.is_empty(), "{:?}", online.findings);
    proxy_support::assert_offline_matches(&online, &recording);
    for area in ["grpc", "task", "stream"] {
        assert!(
            online.areas_exercised.contains(&area.to_string()),
            "{area}: {:?}",
            online.areas_exercised
        );
    }
    // Both versions' services were exercised.
    assert!(recorded
        .iter()
        .any(|r| r.url.contains("/a2a.v1.A2AService/SendStreamingMessage")));
    assert!(recorded
        .iter()
        .any(|r| r.url.contains("/lf.a2a.v1.A2AService/SendStreamingMessage")));
}

/// Secrets inside gRPC message bodies (breaker9c C1, PUSH-SEC-001): a
/// `CreateTaskPushNotificationConfig` request's `token`, `authentication.credentials` and
/// webhook URL `?token=`, and `access_token` / `password` in a `SendMessage`'s
/// `message.metadata`, sent through the real proxy to the SDK's gRPC agent, reach the
/// recording only as placeholders: no secret byte, plain or in a base64 body, is in the
/// file, and the recorded messages still decode with the placeholders in the secret fields.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn grpc_body_secrets_are_redacted_in_the_recording() {
    use a2a_interop::model::grpc::{decode_message, encode_json, grpc_route, Frame, Side};
    let test = "grpc_body_secrets_are_redacted_in_the_recording";
    if !peers_available(test, &[Sdk::Python]) {
        return;
    }
    if let Some(why) = grpcio_missing() {
        if std::env::var("A2A_INTEROP_REQUIRE_PEERS").as_deref() == Ok("1") {
            panic!("{test}: {why} (A2A_INTEROP_REQUIRE_PEERS=1)");
        }
        eprintln!("\n!!!!!!!! SKIPPED !!!!!!!! {test}: {why}\n");
        return;
    }
    let dir = tempfile::tempdir().expect("temp dir");
    let recording = dir.path().join("grpc-secrets.jsonl");
    let agent = start_grpc_agent(None).await;
    let mut cfg = proxy_support::pipeline_cfg(
        vec![("/", format!("http://127.0.0.1:{}", agent.grpc_port))],
        &recording,
    );
    // port 0: nothing needs the proxy's port before it binds (no free_port() to lose)
    cfg.proxy.listen = SocketAddr::from(([127, 0, 0, 1], 0));
    let pipeline = Pipeline::start(cfg).await.expect("start the pipeline");
    let port = pipeline.proxy_addr().port();
    let base = format!("http://127.0.0.1:{port}");

    let push_path = "/lf.a2a.v1.A2AService/CreateTaskPushNotificationConfig";
    let push = serde_json::json!({
        "taskId": "task-secret-1",
        "id": "cfg-1",
        "url": "https://hooks.example/cb?token=SEKRIT-URLTOKEN&x=1",
        "token": "SEKRIT-PUSHTOKEN-AAA",
        "authentication": {"scheme": "Bearer", "credentials": "SEKRIT-PUSHCRED-BBB"}
    });
    let push_msg =
        encode_json("lf.a2a.v1.TaskPushNotificationConfig", &push).expect("encode push config");
    let send_path = "/lf.a2a.v1.A2AService/SendMessage";
    let send = serde_json::json!({
        "message": {
            "messageId": "m-secret-1",
            "role": "ROLE_USER",
            "parts": [{"text": "hello"}],
            "metadata": {"access_token": "SEKRIT-ACCESS-CCC", "password": "SEKRIT-PASS-DDD"}
        },
        "configuration": {"taskPushNotificationConfig": push}
    });
    let send_msg = encode_json("lf.a2a.v1.SendMessageRequest", &send).expect("encode send");
    let c1 = raw_grpc(&base, push_path, grpc_frame(&push_msg)).await;
    let c2 = raw_grpc(&base, send_path, grpc_frame(&send_msg)).await;
    assert_eq!((c1.status, c2.status), (200, 200));
    pipeline.finish().await.expect("finish the pipeline");
    drop(agent);

    let file = std::fs::read(&recording).expect("read the recording");
    assert!(
        !file.windows(6).any(|w| w == b"SEKRIT"),
        "a secret in clear in the recording"
    );
    let recorded = read_recording(&recording);
    for r in &recorded {
        for body in [&r.request, &r.response] {
            assert!(
                !body.windows(6).any(|w| w == b"SEKRIT"),
                "{}: a secret in a recorded body (base64 in the file)",
                r.url
            );
        }
    }
    // The recorded requests are still the method's messages, with placeholders.
    for (path, field) in [(push_path, "token"), (send_path, "metadata")] {
        let r = recorded
            .iter()
            .find(|r| r.url.ends_with(path))
            .unwrap_or_else(|| panic!("{path} not recorded"));
        assert!(r.request.len() > 5, "{path}: request body recorded");
        let frame = Frame {
            compressed: false,
            data: r.request[5..].to_vec(),
        };
        let route = grpc_route(path).expect("route");
        let json = decode_message(&route, Side::Request, &frame, None).expect("decodes");
        let text = json.to_string();
        assert!(
            text.contains("[REDACTED"),
            "{path}: no placeholder in {text}"
        );
        assert!(text.contains(field), "{path}: {text}");
        if path == push_path {
            assert!(text.contains("hooks.example/cb"), "{text}");
            assert_eq!(json["taskId"], "task-secret-1", "{text}");
        } else {
            assert_eq!(json["message"]["messageId"], "m-secret-1", "{text}");
        }
    }
}

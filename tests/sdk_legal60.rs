/*!
left60: legal traffic of the official SDKs, feature by feature, must draw no false finding.

`tests/peers/python/agent60.py` (a2a-sdk 1.3.0: agent.py's agent plus file / data / several
artifacts, interleaved artifact chunks, an extension, bearer authentication, an extended
card, push on) runs behind the recording proxy (`crate::app::pipeline`), its card naming
the proxy. The feature clients `tests/peers/python/features60.py` (a2a-sdk 1.3.0) and
`tests/peers/js/features60.mjs` (@a2a-js/sdk 1.3.0) run against it in JSON-RPC and HTTP+JSON,
A2A 1.0 and 0.3: the extended card, file parts (bytes and uri) and data parts both ways, two
artifacts' append / lastChunk chunks interleaved, GetTask with historyLength after an
input-required turn, SubscribeToTask to a running task canceled while subscribed, push
config create / get / list / delete, ListTasks with page tokens and filters (1.0), and the
`A2A-Extensions` header. Every step must pass, and every finding at warning or above on the
recording must be one of the SDK faults named here, each with the SDK source line that makes
it (a false finding on legal SDK traffic is a rule to fix, not a line to add here).
*/

use crate::harness;
use crate::proxy_support;

use std::net::SocketAddr;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use a2a_interop::app::pipeline::Pipeline;
use a2a_interop::verify::{Finding, Severity};
use harness::{free_port, parse_client_output, peers_available, peers_dir, ClientRun, Sdk};

/// The bearer token agent60.py requires and the feature clients send.
const TOKEN: &str = "left60-token";

/// agent60.py, killed on drop.
struct Agent60 {
    port: u16,
    child: Child,
}

impl Drop for Agent60 {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Agent60 {
    /// Starts agent60.py on a free port advertising `public_url`, and waits (60 s at most)
    /// until its card answers with its own name.
    async fn start(public_url: &str) -> Agent60 {
        for _ in 0..3 {
            let port = free_port();
            let child = Command::new(peers_dir().join(".venv/bin/python"))
                .arg("agent60.py")
                .current_dir(peers_dir().join("python"))
                .env("A2A_HOST", "127.0.0.1")
                .env("A2A_PORT", port.to_string())
                .env("A2A_PUBLIC_URL", public_url)
                .env("A2A_TOKEN", TOKEN)
                .stdin(Stdio::null())
                .stdout(Stdio::null())
                .stderr(Stdio::inherit())
                .spawn()
                .expect("spawn agent60.py");
            let mut agent = Agent60 { port, child };
            let deadline = Instant::now() + Duration::from_secs(60);
            loop {
                if let Ok(Some(_)) = agent.child.try_wait() {
                    break; // the port was taken: another one
                }
                let card = format!("http://127.0.0.1:{port}/.well-known/agent-card.json");
                if card_names(&card, "Python feature agent (left60)").await {
                    return agent;
                }
                assert!(
                    Instant::now() < deadline,
                    "agent60.py did not start in 60 s"
                );
                tokio::time::sleep(Duration::from_millis(100)).await;
            }
        }
        panic!("agent60.py exited at start-up three times")
    }

    fn base_url(&self) -> String {
        format!("http://127.0.0.1:{}", self.port)
    }
}

/// `url` answers 200 with a body holding `name`.
async fn card_names(url: &str, name: &str) -> bool {
    use http_body_util::{BodyExt, Full};
    let client: hyper_util::client::legacy::Client<_, Full<bytes::Bytes>> =
        hyper_util::client::legacy::Client::builder(hyper_util::rt::TokioExecutor::new())
            .build_http();
    let Ok(uri) = url.parse::<http::Uri>() else {
        return false;
    };
    match client.get(uri).await {
        Ok(r) if r.status() == 200 => r
            .into_body()
            .collect()
            .await
            .is_ok_and(|b| String::from_utf8_lossy(&b.to_bytes()).contains(name)),
        _ => false,
    }
}

/// Runs a feature client (`features60.py` / `features60.mjs`) against `base` (120 s at most).
async fn run_features(sdk: Sdk, base: &str, binding: &str, version: &str) -> ClientRun {
    let (prog, dir, script) = match sdk {
        Sdk::Python => (
            peers_dir().join(".venv/bin/python"),
            peers_dir().join("python"),
            "features60.py",
        ),
        Sdk::Js => ("node".into(), peers_dir().join("js"), "features60.mjs"),
    };
    let child = Command::new(prog)
        .arg(script)
        .args([base, "--binding", binding, "--protocol-version", version])
        .current_dir(dir)
        .env("A2A_TOKEN", TOKEN)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn the feature client");
    let id = child.id();
    let waited = tokio::time::timeout(
        Duration::from_secs(120),
        tokio::task::spawn_blocking(move || {
            let out = child.wait_with_output();
            out.expect("the feature client's output")
        }),
    )
    .await;
    let Ok(out) = waited else {
        // our own child, by its id
        let _ = Command::new("kill").arg(id.to_string()).status();
        panic!("{} feature client ran over 120 s", sdk.name());
    };
    let out = out.expect("join the waiting thread");
    let mut run = parse_client_output(&String::from_utf8_lossy(&out.stdout), out.status.success());
    run.stdout.push_str(&format!(
        "\n--- stderr ---\n{}",
        String::from_utf8_lossy(&out.stderr)
    ));
    run
}

/// agent60.py behind the recording pipeline (a new proxy port when another process took
/// the one picked): the agent, the proxy's base URL, the pipeline.
async fn agent_behind_proxy(recording: &Path) -> (Agent60, String, Pipeline) {
    let mut attempt = 0;
    loop {
        attempt += 1;
        let port = free_port();
        let url = format!("http://127.0.0.1:{port}");
        let agent = Agent60::start(&url).await;
        let mut cfg = proxy_support::pipeline_cfg(vec![("/", agent.base_url())], recording);
        cfg.proxy.listen = SocketAddr::from(([127, 0, 0, 1], port));
        match Pipeline::start(cfg).await {
            Ok(p) => return (agent, url, p),
            Err(e) if attempt < 3 => eprintln!("{e:#}; trying another port"),
            Err(e) => panic!("start the pipeline: {e:#}"),
        }
    }
}

/// A finding as one line: rule, severity, message.
fn line(f: &Finding) -> String {
    format!("{} [{}] {}", f.rule, f.severity.as_str(), f.message)
}

/// The steps each feature client fails against agent60.py, by (client, binding, version):
/// real SDK faults, each with the source line that makes it (a2a-sdk 1.3.0 under
/// `site-packages/a2a/`, @a2a-js/sdk 1.3.0 under `dist/`). Every other run passes.
fn failing_steps(client: Sdk, binding: &str, version: &str) -> &'static [&'static str] {
    match (client, binding, version) {
        // a2a-python's 0.3 REST client has no ListTaskPushNotificationConfig
        // (compat/v0_3/rest_transport.py:264 raises NotImplementedError)
        (Sdk::Python, "HTTP+JSON", "0.3") => &["push"],
        // against a2a-python's 0.3 REST compat layer: file-in, its to_core_part base64-decodes
        // the bytes ProtoJSON already decoded (compat/v0_3/conversions.py:57: HTTP 500);
        // push, it parses the body as the whole CreateTaskPushNotificationConfigRequest, not
        // the `config` the 0.3 proto maps (compat/v0_3/rest_handler.py:213-214,
        // proto_utils.py:840-842: 400 "No task for "); extended-card, a2a-js's 0.3 REST client
        // reads GET /v1/card as 0.3 ProtoJSON and throws on the JSON-schema scheme
        // {"type": "http"} a2a-python serves there (client/index.js:4402)
        (Sdk::Js, "HTTP+JSON", "0.3") => &["file-in", "push", "extended-card"],
        _ => &[],
    }
}

/// The kinds of findings at warning or above the feature traffic draws, as (rule, severity,
/// words the message starts with), each a real SDK fault.
const FEATURE_FINDINGS: [(&str, &str, &str); 5] = [
    // a2a-python's 0.3 HTTP+JSON client sends the whole request message {parent, config} as
    // the body of CreateTaskPushNotificationConfig, where the 0.3 proto maps body: "config"
    // (compat/v0_3/rest_transport.py:213-224)
    (
        "PUSH-CFG-007",
        "error",
        "client's 0.3 HTTP+JSON CreateTaskPushNotificationConfig",
    ),
    // ... and its agent refuses the right body, a2a-js's (rest_handler.py:213-214)
    (
        "PUSH-CFG-007",
        "error",
        "agent refused a valid 0.3 HTTP+JSON CreateTaskPushNotificationConfig",
    ),
    // a2a-python's 0.3 REST errors are the 1.0 google.rpc.Status body (tests/sdk_proxy.rs
    // knows it): the refusals of a2a-js's file-in (500) and push (400)
    ("REST-ERROR-001", "error", "0.3 HTTP+JSON route POST"),
    // a2a-python's 0.3 JSON-RPC delete answers without result: result=None dropped by
    // model_dump(exclude_none=True) (compat/v0_3/jsonrpc_adapter.py:226-229, 244-245)
    (
        "RPC-ENVELOPE-001",
        "error",
        "response carries neither result nor error",
    ),
    // a2a-python's 1.0 JSON-RPC DeleteTaskPushNotificationConfig answers "result": null, not
    // Empty {} (server/routes/jsonrpc_dispatcher.py:550-554)
    (
        "VER-MIX-001",
        "warning",
        "1.0 DeleteTaskPushNotificationConfig answered \"result\": null",
    ),
];

/// Whether findings `got` (at warning or above) are of exactly the kinds `want`: each
/// finding has the rule and severity of an entry and its message starts with the entry's
/// words, and each entry has a finding (the online verifier tells a fault once per
/// exchange, so counts follow the traffic's repetitions and are not compared).
fn exactly(got: &[&Finding], want: &[(&str, &str, &str)]) -> bool {
    let fits = |f: &Finding, (rule, sev, words): &(&str, &str, &str)| {
        f.rule == *rule && f.severity.as_str() == *sev && f.message.starts_with(words)
    };
    got.iter().all(|f| want.iter().any(|w| fits(f, w)))
        && want.iter().all(|w| got.iter().any(|f| fits(f, w)))
}

/// Both SDKs' feature clients, every binding and version, against the Python SDK agent
/// through the proxy: every step passes but the SDK faults of [`failing_steps`], and the
/// recording draws exactly the kinds of SDK faults of [`FEATURE_FINDINGS`] at warning or
/// above. Before left60 also DATA-LIST-004 ("the client cannot fetch the other 1"): a2a-js's
/// ListTasks paging ran while the task a2a-python's 0.3 REST client had left working (its
/// push step fails before the cancel) changed status and moved before the cursor, legal in
/// newest-status-first order (DATA-007; variant l60-5). (CAP-MODE-001, told while the
/// clients' acceptedOutputModes named text/plain only, was right: they name every mode now.)
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sdk_feature_traffic_through_the_proxy_draws_no_false_finding() {
    if !peers_available(
        "sdk_feature_traffic_through_the_proxy_draws_no_false_finding",
        &[Sdk::Python, Sdk::Js],
    ) {
        return;
    }
    let dir = tempfile::tempdir().expect("temp dir");
    let recording = dir.path().join("features60.jsonl");
    let (agent, proxy_url, pipeline) = agent_behind_proxy(&recording).await;
    let mut problems = Vec::new();
    for client in [Sdk::Python, Sdk::Js] {
        for binding in ["JSONRPC", "HTTP+JSON"] {
            for version in ["1.0", "0.3"] {
                let run = run_features(client, &proxy_url, binding, version).await;
                let want = failing_steps(client, binding, version);
                if run.steps.len() != 10 || run.failed() != want {
                    problems.push(format!(
                        "{} client, {binding} {version}: failed {:?}, expected {want:?}\n{}",
                        client.name(),
                        run.failed(),
                        run.stdout
                    ));
                }
            }
        }
    }
    let outcome = pipeline.finish().await.expect("finish the pipeline");
    drop(agent);
    let loud: Vec<&Finding> = outcome
        .verify
        .findings
        .iter()
        .filter(|f| f.severity >= Severity::Warning)
        .collect();
    if !exactly(&loud, &FEATURE_FINDINGS) {
        let lines: Vec<String> = loud.iter().map(|f| line(f)).collect();
        problems.push(format!(
            "findings on the SDK feature traffic: {lines:#?}, expected {FEATURE_FINDINGS:#?}"
        ));
    }
    assert!(problems.is_empty(), "{}", problems.join("\n\n"));
}

/// `probe --bearer` against agent60.py (push on, an extension, an extended card behind
/// bearer authentication), through the recording pipeline: the probe's results that fail
/// and its recording's findings at warning or above, as lines.
async fn probe_agent60() -> (Vec<String>, Vec<Finding>) {
    use a2a_interop::app::probe_cmd;
    use a2a_interop::cli::{Cli, Command as Cmd};
    use a2a_interop::probe::Status;
    use clap::Parser;
    let agent = Agent60::start("").await;
    let url = agent.base_url();
    let argv = [
        "a2a-interop",
        "probe",
        &url,
        "--timeout",
        "20s",
        "--bearer",
        TOKEN,
    ];
    let Cmd::Probe(args) = Cli::parse_from(argv).command else {
        unreachable!("parsed a probe command")
    };
    let cfg = probe_cmd::config_from(&args).expect("config");
    let run = probe_cmd::probe_through_pipeline(&args, &cfg, url::Url::parse(&url).expect("url"))
        .await
        .expect("probe run");
    drop(agent);
    if let Some(tmp) = &run.temp_recording {
        let _ = std::fs::remove_file(tmp);
    }
    let failed = run
        .report
        .results
        .iter()
        .filter(|r| r.status == Status::Fail)
        .map(|r| {
            let at = match (r.dialect.as_deref(), r.binding.as_deref()) {
                (Some(d), None | Some("jsonrpc")) => d.to_string(),
                (Some(d), Some(b)) => format!("{d} {b}"),
                (None, b) => b.unwrap_or("-").to_string(),
            };
            format!("{} [{at}]: {}", r.test, r.message)
        })
        .collect();
    let loud = run
        .outcome
        .verify
        .findings
        .into_iter()
        .filter(|f| f.severity >= Severity::Warning)
        .collect();
    (failed, loud)
}

/// The prober's tests that fail against agent60.py: a2a-python 1.3.0's known deviations
/// (tests/probe_grpc57.rs, tests/probe_sdk_push.rs, tests/sdk_proxy.rs, tests/peers/README.md).
const PROBE_FAILS: [&str; 11] = [
    // 0.3 HTTP+JSON errors in the 1.0 google.rpc.Status body
    "errors.cancel-completed [0.3 http+json]",
    // ErrorInfo.metadata {"errors": [...]}, no map<string, string>
    // (utils/error_handlers.py:62); 0.3 as -32600 (JSON-RPC) or the 1.0 body (HTTP+JSON)
    "errors.invalid-params [0.3 http+json]",
    "errors.invalid-params [0.3]",
    "errors.invalid-params [1.0 http+json]",
    "errors.invalid-params [1.0]",
    "errors.message-to-terminal [0.3 http+json]",
    "errors.parse-error [0.3 http+json]",
    "errors.unknown-task [0.3 http+json]",
    // 0.3 delete without result (compat/v0_3/jsonrpc_adapter.py:226-229, 244-245)
    "push.delete-config [0.3]",
    // a follow-up stream opened with a status update (STREAM-003; probe_grpc57)
    "streaming.follow-up [1.0 http+json]",
    "streaming.follow-up [1.0]",
];

/// The kinds of findings at warning or above of the probe's recording, each one of
/// a2a-python's deviations behind [`PROBE_FAILS`] or the push webhooks' 1.0 bodies
/// (probe_sdk_push).
const PROBE_FINDINGS: [(&str, &str, &str); 9] = [
    ("REST-ERROR-001", "error", "0.3 HTTP+JSON route "),
    (
        "REST-ERROR-001",
        "error",
        "1.0 HTTP+JSON error body of SendMessage",
    ),
    ("RPC-ENVELOPE-001", "error", "response carries neither"),
    (
        "RPC-ERROR-001",
        "error",
        "the request is a valid JSON-RPC request",
    ),
    (
        "RPC-ERROR-002",
        "error",
        "1.0 error data: ErrorInfo INVALID_PARAMS",
    ),
    (
        "STREAM-FIRST-001",
        "error",
        "first event of the follow-up stream",
    ),
    (
        "VER-MIX-001",
        "warning",
        "1.0 DeleteTaskPushNotificationConfig answered",
    ),
    ("VER-MIX-001", "warning", "push notification for a webhook"),
    // (RPC-ERROR-003 is not among them: see below)
    ("REST-ERROR-001", "error", "0.3 HTTP+JSON route POST"),
];

/// The prober against agent60.py: exactly a2a-python's known deviations fail, and its
/// recording draws exactly their findings. Before left60 the probe's marked malformed send
/// over HTTP+JSON (`{"message": "not a message"}`, refused 400 INVALID_ARGUMENT whose
/// ErrorInfo says `"message": "Field is required."`) also drew RPC-ERROR-003's warning
/// "agent refused the client's valid SendMessage ... it requires Field, a member no A2A
/// request of this version defines" (1.0 and 0.3): a JSON string's opening quote made the
/// English word read as a quoted member name (messages.rs demanded_names).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn probe_of_the_sdk_feature_agent_finds_only_the_sdks_faults() {
    if !peers_available(
        "probe_of_the_sdk_feature_agent_finds_only_the_sdks_faults",
        &[Sdk::Python],
    ) {
        return;
    }
    let (failed, loud) = probe_agent60().await;
    let mut tests: Vec<String> = failed
        .iter()
        .map(|l| l.split("]: ").next().unwrap_or("").to_string() + "]")
        .collect();
    tests.sort();
    assert_eq!(tests, PROBE_FAILS, "{failed:#?}");
    let refs: Vec<&Finding> = loud.iter().collect();
    assert!(
        exactly(&refs, &PROBE_FINDINGS),
        "{:#?}",
        loud.iter().map(line).collect::<Vec<_>>()
    );
    assert!(!loud.iter().any(|f| f.rule == "RPC-ERROR-003"), "{loud:#?}");
}

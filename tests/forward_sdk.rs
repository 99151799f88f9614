//! A real SDK pair through the forward proxy: the Python `a2a-sdk` client reaches the Python
//! SDK agent with `HTTP_PROXY` pointing at `proxy --forward`; every step passes as direct,
//! the exchanges are recorded with absolute URLs, and the verifier finds no error.
//! Skips loudly when the SDK peers are not installed (tests/peers/README.md).

use crate::harness;

use crate::proxy_support as support;

use a2a_interop::app::pipeline::Pipeline;
use a2a_interop::proxy::forward::ForwardConfig;
use harness::{peers_available, run_client, run_client_env, Sdk, SdkAgent};
use support::*;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn python_sdk_client_through_forward_proxy_to_python_sdk_agent() {
    if !peers_available("python_sdk_client_through_forward_proxy", &[Sdk::Python]) {
        return;
    }
    let agent = SdkAgent::start(Sdk::Python, None).await;
    let base = agent.base_url();
    let direct = run_client(Sdk::Python, &agent.base_url(), "JSONRPC", "1.0").await;
    assert!(direct.pass, "direct run failed: {:?}", direct.failed());

    let dir = tempfile::tempdir().unwrap();
    let rec = tmp_recording(&dir, "sdk-fwd.jsonl");
    let p = Pipeline::start_forward(pipeline_cfg(vec![], &rec), ForwardConfig::default())
        .await
        .unwrap();
    // The client process alone gets the proxy settings (httpx honours HTTP_PROXY); the
    // test process's environment is shared with every other test and stays as it is.
    let proxy_url = format!("http://{}", p.proxy_addr());
    let proxied = run_client_env(
        Sdk::Python,
        &agent.base_url(),
        "JSONRPC",
        "1.0",
        &[("HTTP_PROXY", &proxy_url), ("http_proxy", &proxy_url)],
        &["NO_PROXY", "no_proxy"],
    )
    .await;
    let out = p.finish().await.unwrap();
    agent.stop().await;

    assert_eq!(proxied.steps, direct.steps, "{}", proxied.stdout);
    let evs = read_events(&rec);
    let urls = request_urls(&evs);
    assert!(urls.len() >= 2, "too few exchanges recorded: {urls:?}");
    assert!(urls.iter().all(|u| u.starts_with(&base)), "{urls:?}");
    let errors = error_findings(&out.verify);
    assert!(errors.is_empty(), "{errors:?}");
    assert_offline_matches(&out.verify, &rec);
}

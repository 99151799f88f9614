/*!
Cross-checks between the Rust reference agent / client and the official SDK peers, direct
(no proxy): the Python and JS SDK clients pass every step against the Rust agent over
JSON-RPC 1.0 and 0.3 (the agent is correct enough for real clients), and the Rust client
passes every step against both SDK agents (the client is correct enough for real agents).
*/

use crate::common;
use crate::harness;

use a2a_interop::refagent::client;
use a2a_interop::refagent::wire::ProtocolVersion;
use harness::{peers_available, run_client, Sdk, SdkAgent};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sdk_clients_pass_against_the_rust_agent() {
    if !peers_available(
        "sdk_clients_pass_against_the_rust_agent",
        &[Sdk::Python, Sdk::Js],
    ) {
        return;
    }
    let agent = common::start_refagent(None).await;
    let base = format!("http://{}", agent.local_addr());
    let mut problems = Vec::new();
    for sdk in [Sdk::Python, Sdk::Js] {
        for version in ["1.0", "0.3"] {
            let run = run_client(sdk, &base, "JSONRPC", version).await;
            let names: Vec<&str> = run.steps.iter().map(|(n, _)| n.as_str()).collect();
            assert_eq!(names, common::CLIENT_STEPS, "{}", run.stdout);
            if !(run.pass && run.exit_ok) {
                problems.push(format!(
                    "{} client, JSONRPC {version}: failed {:?}\n{}",
                    sdk.name(),
                    run.failed(),
                    run.stdout
                ));
            }
        }
    }
    agent.shutdown().await;
    assert!(problems.is_empty(), "{}", problems.join("\n\n"));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn rust_client_passes_against_the_sdk_agents() {
    if !peers_available(
        "rust_client_passes_against_the_sdk_agents",
        &[Sdk::Python, Sdk::Js],
    ) {
        return;
    }
    let mut problems = Vec::new();
    for sdk in [Sdk::Python, Sdk::Js] {
        let agent = SdkAgent::start(sdk, None).await;
        for version in [ProtocolVersion::V1_0, ProtocolVersion::V0_3] {
            let steps = client::run(&agent.base_url(), version).await;
            assert_eq!(steps.len(), 9, "{steps:#?}");
            for s in steps.iter().filter(|s| !s.ok) {
                problems.push(format!("{} agent, {}: {s}", sdk.name(), version.as_str()));
            }
        }
        agent.stop().await;
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

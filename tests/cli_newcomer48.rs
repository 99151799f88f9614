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

#[path = "common/proxy_process.rs"]
mod proxy_process;

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

//! ux49: the wishes of session 48's newcomer (push, REST, A calls B, TLS, forward mode and
//! "what happened to task X"), each the way a user at 2 a.m. expects it. Real binary, real
//! loopback sockets, the reference agent as a process, recordings of the official SDKs.
//!
//! - W1: `report FILE --task ID` (and `--context ID`): every request, answer, stream event
//!   and push delivery that names the task, its states with timestamps and the exchange that
//!   moved each, artifacts, findings, and how it ended; an unknown id lists the ids held,
//!   nearest first; text, JSON (`story`), Markdown and HTML; JUnit and SARIF refused.
//! - W2: `proxy --webhook URL`: one flag records push deliveries and prints the url to put
//!   in the push config; a push area whose webhook got no recorded delivery is no `pass`.
//! - W3: live finding lines name the agent when several sit behind one proxy.
//! - W4: `probe -q` without `-o` prints no skip lines; `interop --brief` / `--verbose`.

use crate::proxy_process;

use std::io::{Read as _, Write as _};
use std::net::{SocketAddr, TcpStream};
use std::time::Duration;

use proxy_process::{reference_agent, run_in};

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

fn root() -> std::path::PathBuf {
    std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// One 1.0 JSON-RPC call `method(params)` POSTed to `/` of `addr` (`Connection: close`, at
/// most 30 s): the response body parsed.
fn rpc(addr: SocketAddr, method: &str, params: serde_json::Value) -> serde_json::Value {
    let body = serde_json::json!({"jsonrpc": "2.0", "id": 1, "method": method, "params": params})
        .to_string();
    let mut s = TcpStream::connect(addr).unwrap();
    s.set_read_timeout(Some(Duration::from_secs(30))).unwrap();
    write!(
        s,
        "POST / HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\nA2A-Version: 1.0\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    )
    .unwrap();
    let mut out = String::new();
    s.read_to_string(&mut out).unwrap();
    let (_, json) = out.split_once("\r\n\r\n").unwrap();
    serde_json::from_str(json).unwrap_or_else(|e| panic!("{e}: {out}"))
}

/// A streaming 1.0 call (`SendStreamingMessage`): the raw SSE body.
fn stream(addr: SocketAddr, params: serde_json::Value) -> String {
    let body = serde_json::json!({"jsonrpc": "2.0", "id": 2, "method": "SendStreamingMessage", "params": params})
        .to_string();
    let mut s = TcpStream::connect(addr).unwrap();
    s.set_read_timeout(Some(Duration::from_secs(30))).unwrap();
    write!(
        s,
        "POST / HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\nAccept: text/event-stream\r\nA2A-Version: 1.0\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    )
    .unwrap();
    let mut out = String::new();
    let _ = s.read_to_string(&mut out);
    out
}

fn schema_errors(doc: &serde_json::Value) -> Vec<String> {
    let schema: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(root().join("docs/report-schema.json")).unwrap(),
    )
    .unwrap();
    let v = jsonschema::validator_for(&schema).expect("schema compiles");
    v.iter_errors(doc)
        .map(|e| format!("{e} at {}", e.instance_path()))
        .collect()
}

/// The stderr line of `run` (banner first, then as they come) that contains `needle`.
fn banner_line(run: &proxy_process::Running, needle: &str) -> String {
    if let Some(l) = run.banner.iter().find(|l| l.contains(needle)) {
        return l.clone();
    }
    proxy_process::line_with(run, needle, Duration::from_secs(10))
}

/// W2 and W1: `proxy --webhook URL` in front of the reference agent prints the url to put
/// in the push config; with it there, the agent's deliveries are recorded (leg `webhook`)
/// and reach the client's receiver. `report --task` then tells that task's story: the send
/// that made it, its push config call, the deliveries, its states in order with the
/// exchange that moved each and a timestamp, the artifact, and "(final)"; a second task
/// left waiting for input is "still open at the end of the recording"; a streamed task's
/// events are there. The same story in JSON (schema-valid), Markdown and HTML; JUnit is
/// refused; an id given wrong is named with the ids held, nearest first.
#[test]
fn w1_w2_a_webhook_flag_records_deliveries_and_a_task_tells_its_story() {
    let d = tempfile::tempdir().unwrap();
    let (_agent, agent_url) = reference_agent();
    let (hook_url, deliveries) = proxy_process::webhook();
    let rec = d.path().join("push.jsonl");
    let rec_s = rec.to_string_lossy().into_owned();
    let (run, addr) = proxy_process::proxy_loud(&[
        "--upstream",
        &agent_url,
        "--record",
        &rec_s,
        "--webhook",
        &hook_url,
    ]);
    let line = banner_line(&run, "push set-up: put ");
    let give = line
        .split("push set-up: put ")
        .nth(1)
        .and_then(|r| r.split(' ').next())
        .unwrap_or_else(|| panic!("{line}"))
        .to_string();
    assert!(
        give.starts_with("http://127.0.0.1:") && give.ends_with("/hook") && give != hook_url,
        "{line}"
    );
    assert!(
        line.contains(&format!(
            "in the push config (the url the client sends in its send or set call), not {hook_url}"
        )),
        "{line}"
    );
    assert!(!run.banner.iter().any(|l| l.contains("gateway set-up")));

    // task 1: input required, push config at the url printed, then completed
    let t = rpc(
        addr,
        "SendMessage",
        serde_json::json!({"message": {"messageId": "m1", "role": "ROLE_USER", "parts": [{"text": "input please"}]}}),
    );
    let id = t["result"]["task"]["id"].as_str().unwrap().to_string();
    let c = rpc(
        addr,
        "CreateTaskPushNotificationConfig",
        serde_json::json!({"taskId": id, "url": give, "token": "tok"}),
    );
    assert!(c["result"]["id"].is_string(), "{c}");
    let done = rpc(
        addr,
        "SendMessage",
        serde_json::json!({"message": {"messageId": "m2", "taskId": id, "role": "ROLE_USER", "parts": [{"text": "more"}]}}),
    );
    assert!(done["result"]["task"].is_object(), "{done}");
    deliveries
        .recv_timeout(Duration::from_secs(20))
        .expect("delivered through the --webhook listener to the client's receiver");
    // task 2: left waiting for input
    let t2 = rpc(
        addr,
        "SendMessage",
        serde_json::json!({"message": {"messageId": "m3", "role": "ROLE_USER", "parts": [{"text": "input please"}]}}),
    );
    let open_id = t2["result"]["task"]["id"].as_str().unwrap().to_string();
    // task 3: streamed
    let sse = stream(
        addr,
        serde_json::json!({"message": {"messageId": "m4", "role": "ROLE_USER", "parts": [{"text": "slow hello"}]}}),
    );
    let streamed = sse
        .split("\"taskId\":\"")
        .nth(1)
        .and_then(|r| r.split('"').next())
        .or_else(|| {
            sse.split("\"id\":\"")
                .nth(1)
                .and_then(|r| r.split('"').next())
        })
        .unwrap_or_else(|| panic!("{sse}"))
        .to_string();
    // no wait before the stop (a 500 ms sleep stood here): every call above has its
    // answer, the delivery awaited went through the proxy's webhook listener before the
    // receiver had it, and the stop records and verifies every event the proxy took in
    // (open exchanges get the shutdown grace)
    let stderr = run.terminate();
    assert!(!stderr.contains("got no push notification"), "{stderr}");
    let recorded = std::fs::read_to_string(&rec).unwrap();
    assert!(
        recorded.contains("\"leg\":\"webhook\""),
        "deliveries recorded"
    );

    // the story of task 1
    let out = run_in(d.path(), &["report", "push.jsonl", "--task", &id]);
    let story = text(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{story}{}", text(&out.stderr));
    assert!(
        story.starts_with(&format!("task {id} in push.jsonl\n")),
        "{story}"
    );
    let step = |needle: &str| {
        story
            .lines()
            .position(|l| l.contains(needle))
            .unwrap_or_else(|| panic!("no step {needle:?} in {story}"))
    };
    let made = step("answer 200 to POST / (SendMessage): state TASK_STATE_INPUT_REQUIRED");
    let config = step("request POST / (CreateTaskPushNotificationConfig)");
    let delivery = step("push delivery POST /hook");
    assert!(made < config && config < delivery, "{story}");
    assert!(
        story.contains("[leg webhook]  push delivery POST /hook"),
        "{story}"
    );
    let states: Vec<&str> = story
        .lines()
        .skip_while(|l| *l != "states:")
        .skip(1)
        .take_while(|l| !l.is_empty())
        .collect();
    let client_states: Vec<&str> = states
        .iter()
        .filter(|l| !l.contains("[leg "))
        .copied()
        .collect();
    assert!(
        client_states[0].contains("TASK_STATE_INPUT_REQUIRED  by e")
            && client_states
                .last()
                .unwrap()
                .contains("TASK_STATE_COMPLETED  by e"),
        "{states:#?}"
    );
    // a wall-clock time and the offset, then the exchange and event that moved it
    let first = client_states[0].trim_start();
    assert!(
        first.len() > 24 && first.as_bytes()[4] == b'-' && first.contains("Z (+"),
        "{first}"
    );
    assert!(story.contains("push deliveries recorded: "), "{story}");
    let n: u32 = story
        .split("push deliveries recorded: ")
        .nth(1)
        .and_then(|r| r.lines().next())
        .and_then(|n| n.parse().ok())
        .unwrap();
    assert!(n >= 1, "{story}");
    assert!(story.contains("\nartifacts: "), "{story}");
    assert!(
        story
            .trim_end()
            .ends_with(&format!("end: task {id}: TASK_STATE_COMPLETED (final)")),
        "{story}"
    );

    // task 2: still open
    let out = run_in(d.path(), &["report", "push.jsonl", "--task", &open_id]);
    let s2 = text(&out.stdout);
    assert!(
        s2.trim_end().ends_with(&format!(
            "end: task {open_id}: still open at the end of the recording (last state: TASK_STATE_INPUT_REQUIRED)"
        )),
        "{s2}"
    );
    // task 3: its stream events
    let out = run_in(d.path(), &["report", "push.jsonl", "--task", &streamed]);
    let s3 = text(&out.stdout);
    assert!(s3.contains("stream event"), "{s3}");

    // JSON: the whole report with the story, schema-valid
    let out = run_in(
        d.path(),
        &[
            "report",
            "push.jsonl",
            "--task",
            &id,
            "-f",
            "json",
            "-o",
            "-",
        ],
    );
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(schema_errors(&v), Vec::<String>::new());
    assert_eq!(v["story"]["id"], id.as_str());
    assert_eq!(v["story"]["found"], true);
    assert_eq!(v["story"]["ends"][0]["terminal"], true);
    assert!(v["story"]["pushDeliveries"].as_u64().unwrap() >= 1);
    assert!(v["results"].as_array().is_some_and(|r| !r.is_empty()));
    // the push area was judged on recorded deliveries: a pass
    let push = v["results"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["test"] == "area:push")
        .unwrap();
    assert_eq!(push["status"], "pass", "{push}");
    // Markdown and HTML
    let out = run_in(
        d.path(),
        &["report", "push.jsonl", "--task", &id, "-f", "md", "-o", "-"],
    );
    let md = text(&out.stdout);
    assert!(md.starts_with(&format!("# task `{id}`")), "{md}");
    assert!(md.contains("| TASK_STATE_COMPLETED |"), "{md}");
    let out = run_in(
        d.path(),
        &[
            "report",
            "push.jsonl",
            "--task",
            &id,
            "-f",
            "html",
            "-o",
            "-",
        ],
    );
    let html = text(&out.stdout);
    assert!(
        html.contains(&format!("<h1>task <code>{id}</code></h1>"))
            && html.contains("push delivery"),
        "{html}"
    );
    // JUnit: no place for a story
    let out = run_in(
        d.path(),
        &[
            "report",
            "push.jsonl",
            "--task",
            &id,
            "-f",
            "junit",
            "-o",
            "-",
        ],
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("--task tells one task's story, which a junit report"),
        "{}",
        text(&out.stderr)
    );
    // an id with a typo: exit 2, the ids held nearest first, the right one first
    let typo = format!("{}x", &id[..id.len() - 1]);
    let out = run_in(d.path(), &["report", "push.jsonl", "--task", &typo]);
    assert_eq!(out.status.code(), Some(2));
    let err = text(&out.stderr);
    assert!(
        err.starts_with(&format!(
            "a2a-interop: no task \"{typo}\" in push.jsonl; the task ids it holds, nearest first: {id}, "
        )),
        "{err}"
    );
    assert!(out.stdout.is_empty());
    // the start of an id alone is that id
    let out = run_in(d.path(), &["report", "push.jsonl", "--task", &id[..8]]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(
        text(&out.stdout).contains(&format!("task {id} in push.jsonl")),
        "{}",
        text(&out.stdout)
    );
}

/// W2: the webhook of an accepted push config got no recorded delivery (the agent
/// delivered straight to it, around the proxy): the push area is not `pass` (it was, as
/// newcomer48 found), and the note names `--webhook`.
#[test]
fn w2_a_push_area_with_no_recorded_delivery_is_not_a_pass() {
    let d = tempfile::tempdir().unwrap();
    let (_agent, agent_url) = reference_agent();
    let (hook_url, deliveries) = proxy_process::webhook();
    let rec = d.path().join("p.jsonl");
    let rec_s = rec.to_string_lossy().into_owned();
    let (run, addr) = proxy_process::start_proxy(&["--upstream", &agent_url, "--record", &rec_s]);
    let t = rpc(
        addr,
        "SendMessage",
        serde_json::json!({"message": {"messageId": "m1", "role": "ROLE_USER", "parts": [{"text": "input please"}]}}),
    );
    let id = t["result"]["task"]["id"].as_str().unwrap().to_string();
    rpc(
        addr,
        "CreateTaskPushNotificationConfig",
        serde_json::json!({"taskId": id, "url": hook_url, "token": "tok"}),
    );
    rpc(
        addr,
        "SendMessage",
        serde_json::json!({"message": {"messageId": "m2", "taskId": id, "role": "ROLE_USER", "parts": [{"text": "more"}]}}),
    );
    deliveries
        .recv_timeout(Duration::from_secs(20))
        .expect("the agent delivered around the proxy");
    run.terminate();
    let out = run_in(d.path(), &["report", "p.jsonl", "-f", "json", "-o", "-"]);
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let push = v["results"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["test"] == "area:push")
        .unwrap();
    assert_eq!(push["status"], "skip", "{push}");
    assert!(
        push["message"]
            .as_str()
            .unwrap()
            .contains("1 webhook of accepted push configs got no recorded delivery, so the agent's push notifications were not judged (record them: `proxy --webhook URL`"),
        "{push}"
    );
    let out = run_in(d.path(), &["verify", "p.jsonl"]);
    assert!(
        text(&out.stdout).contains(&format!(
            "run the proxy with --webhook {hook_url} (it prints the url to give the agent instead)"
        )),
        "{}",
        text(&out.stdout)
    );
}

/// W3: two agents behind one proxy (`--route /a=...`, `--route /b=...`), each serving a
/// card that names its own address (CARD-URL-005 through a proxy without --rewrite-card):
/// each live line names its agent, by its card's name or its host:port, and the same fault
/// of the two agents is two lines, not one folded.
#[test]
fn w3_live_lines_name_the_agent_behind_a_shared_proxy() {
    let a = proxy_process::card_agent_closing_calls(|addr| {
        proxy_process::echo_card("Alpha agent", &format!("http://{addr}/"))
    });
    let b = proxy_process::card_agent_closing_calls(|addr| {
        proxy_process::echo_card("Beta agent", &format!("http://{addr}/"))
    });
    let (run, addr) = proxy_process::proxy_loud(&[
        "--route",
        &format!("/a=http://{a}"),
        "--route",
        &format!("/b=http://{b}"),
        "--no-record",
    ]);
    let ga = proxy_process::get(addr, "/a/.well-known/agent-card.json");
    assert!(ga.contains("Alpha agent"), "{ga}");
    let la = proxy_process::line_with(&run, "[CARD-URL-005]", Duration::from_secs(20));
    let gb = proxy_process::get(addr, "/b/.well-known/agent-card.json");
    assert!(gb.contains("Beta agent"), "{gb}");
    let lb = proxy_process::line_with(&run, "[CARD-URL-005]", Duration::from_secs(20));
    for (line, name, at) in [(&la, "Alpha agent", a), (&lb, "Beta agent", b)] {
        assert!(
            line.contains(&format!(" [agent \"{name}\" ({at})]: "))
                || line.contains(&format!(" [agent {at}]: ")),
            "{line}"
        );
    }
    run.terminate();
}

/// W4: `probe -q` without `-o` prints no pass or skip line, only the failed tests and the
/// count line (it printed every skip); `-q --verbose` the whole text. `interop --brief`
/// (the terminal default) gives each direction's verdict first and no test lines;
/// `--verbose` every test; `-q` the counts only.
#[test]
fn w4_quiet_probe_and_brief_interop() {
    let d = tempfile::tempdir().unwrap();
    let (_a, url_a) = reference_agent();
    let (_b, url_b) = reference_agent();
    let out = run_in(d.path(), &["probe", &url_a, "-q", "--max-requests", "5"]);
    let q = text(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{q}");
    assert!(
        q.lines()
            .all(|l| !l.starts_with("pass ") && !l.starts_with("skip ")),
        "{q}"
    );
    assert!(q.lines().next().unwrap_or("").contains(" passed, "), "{q}");
    assert!(
        q.contains("the request budget ran out after 5 requests"),
        "{q}"
    );
    assert!(out.stderr.is_empty(), "{}", text(&out.stderr));
    let out = run_in(
        d.path(),
        &["probe", &url_a, "-q", "--verbose", "--max-requests", "5"],
    );
    assert!(
        text(&out.stdout).lines().any(|l| l.starts_with("skip ")),
        "{}",
        text(&out.stdout)
    );

    let base = [
        "interop",
        url_a.as_str(),
        url_b.as_str(),
        "--max-requests",
        "30",
    ];
    let out = run_in(d.path(), &[&base[..], &["--brief"]].concat());
    let brief = text(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{brief}");
    for dir in ["A->B", "B->A"] {
        assert!(
            brief.contains(&format!("interop [{dir}] agent ")),
            "{brief}"
        );
        assert!(
            brief
                .lines()
                .any(|l| l.starts_with(&format!("[{dir}] conformance level: "))),
            "{brief}"
        );
    }
    assert!(
        brief
            .lines()
            .all(|l| !l.starts_with("pass ") && !l.starts_with("skip ")),
        "{brief}"
    );
    assert!(brief.contains("interop conformance level: "), "{brief}");
    assert!(
        brief.trim_end().ends_with(
            "every test's verdict and every finding in full: --verbose (or -o FILE reports)"
        ),
        "{brief}"
    );
    let out = run_in(d.path(), &[&base[..], &["--verbose"]].concat());
    assert!(
        text(&out.stdout)
            .lines()
            .any(|l| l.starts_with("pass  interop.")),
        "{}",
        text(&out.stdout)
    );
    let out = run_in(d.path(), &[&base[..], &["-q"]].concat());
    let q = text(&out.stdout);
    assert!(
        q.lines().all(|l| !l.starts_with("pass ")
            && !l.starts_with("skip ")
            && !l.starts_with("interop [")),
        "{q}"
    );
    assert!(q.contains("interop conformance level: "), "{q}");
    let out = run_in(d.path(), &[&base[..], &["--brief", "--verbose"]].concat());
    assert_eq!(out.status.code(), Some(2));
}

/// W1 on a gateway's recording (tests/data/gateway/tamper-stream.jsonl: a JS SDK client, a
/// gateway, the Python SDK agent, both legs recorded): the task's story holds both legs'
/// calls, each upstream one marked with its leg.
#[test]
fn w1_a_gateway_recording_tells_both_legs_of_a_task() {
    let data = root().join("tests/data/gateway/tamper-stream.jsonl");
    let d = tempfile::tempdir().unwrap();
    let out = run_in(
        d.path(),
        &[
            "report",
            data.to_str().unwrap(),
            "--task",
            "6f675b44-9ef2-46ca-9abf-ef9e0b27a360",
        ],
    );
    let s = text(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{s}{}", text(&out.stderr));
    let upstream = s
        .lines()
        .filter(|l| l.contains("[leg upstream]  answer 200 to POST / (SendMessage)"))
        .count();
    let client = s
        .lines()
        .filter(|l| l.contains(" answer 200 to POST / (SendMessage)") && !l.contains("[leg "))
        .count();
    assert!(upstream >= 2 && client >= 2, "{s}");
    assert!(
        s.trim_end().ends_with(
            "end: task 6f675b44-9ef2-46ca-9abf-ef9e0b27a360: TASK_STATE_COMPLETED (final)"
        ),
        "{s}"
    );
    // --context: the context's tasks
    let v: serde_json::Value = serde_json::from_slice(
        &run_in(
            d.path(),
            &[
                "report",
                data.to_str().unwrap(),
                "--task",
                "6f675b44-9ef2-46ca-9abf-ef9e0b27a360",
                "-f",
                "json",
                "-o",
                "-",
            ],
        )
        .stdout,
    )
    .unwrap();
    let ctx = v["story"]["steps"][0]["contextIds"][0]
        .as_str()
        .unwrap()
        .to_string();
    let out = run_in(
        d.path(),
        &["report", data.to_str().unwrap(), "--context", &ctx],
    );
    let c = text(&out.stdout);
    assert!(c.starts_with(&format!("context {ctx} in ")), "{c}");
    assert!(
        c.contains("tasks: ") && c.contains("6f675b44-9ef2-46ca-9abf-ef9e0b27a360"),
        "{c}"
    );
}

/// W1 on a gateway that hands the client ids of its own (tests/data/ux49/
/// gateway-own-ids.jsonl, a hand-written transcript of both legs: the agent's task
/// `agent-task-1` is `gw-task-1` to the client): asked by either id, the story holds both
/// legs' steps, names the other id as the one the gateway paired with it, and ends at the
/// client leg's final state.
#[test]
fn w1_a_gateway_with_its_own_ids_is_followed_by_either_id() {
    let data = root().join("tests/data/ux49/gateway-own-ids.jsonl");
    let d = tempfile::tempdir().unwrap();
    for (asked, other) in [("gw-task-1", "agent-task-1"), ("agent-task-1", "gw-task-1")] {
        let out = run_in(
            d.path(),
            &["report", data.to_str().unwrap(), "--task", asked],
        );
        let s = text(&out.stdout);
        assert_eq!(out.status.code(), Some(0), "{s}{}", text(&out.stderr));
        assert!(
            s.starts_with(&format!(
                "task {asked} in gateway-own-ids.jsonl (also {other}: the other leg's id the gateway paired with it)"
            )),
            "{s}"
        );
        assert!(s.contains("steps (6):"), "{s}");
        assert!(
            s.contains("[leg upstream]  request POST / (GetTask) [task agent-task-1]")
                && s.contains("  request POST / (GetTask) [task gw-task-1]"),
            "{s}"
        );
        assert!(
            s.trim_end()
                .ends_with(&format!("end: task {asked}: TASK_STATE_COMPLETED (final)")),
            "{s}"
        );
    }
}

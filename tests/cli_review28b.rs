//! review28b: what users run, over real processes and files: the commands `repro` prints
//! into its curl script run as printed on a script whose name starts with `-` or holds a
//! quote.

use std::process::Command;

const BIN: &str = env!("CARGO_BIN_EXE_a2a-interop");

/// A 1.0 JSON-RPC SendMessage whose task state is no task state (TASK-STATE-005), sent to
/// `http://127.0.0.1:9`.
fn bad_state_transcript() -> String {
    let req = serde_json::json!({
        "dir": "req", "method": "POST", "url": "http://127.0.0.1:9/a2a",
        "headers": {"content-type": "application/json", "a2a-version": "1.0"},
        "body": serde_json::json!({"jsonrpc": "2.0", "id": 1, "method": "SendMessage",
            "params": {"message": {"messageId": "m1", "role": "ROLE_USER",
                "parts": [{"text": "hi"}]}}}).to_string(),
        "t": 0.01
    });
    let resp = serde_json::json!({
        "dir": "resp", "status": 200,
        "headers": {"content-type": "application/json"},
        "body": serde_json::json!({"jsonrpc": "2.0", "id": 1, "result": {"task": {
            "id": "t1", "contextId": "c1", "status": {"state": "TASK_STATE_BOGUS"}}}})
            .to_string(),
        "t": 0.02
    });
    format!("{req}\n{resp}\n")
}

/// The `sed -i.bak ...` line in the script `repro` wrote for `-o NAME` (NAME starting
/// with `-`, with a quote and a space), pasted into sh in the script's directory, rewrites
/// the script's agent address: the script's name is `./-...` there, not read as sed's
/// options, and quoted.
#[test]
fn repro_sed_line_runs_on_a_script_named_with_a_leading_dash_and_a_quote() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("in.jsonl"), bad_state_transcript()).unwrap();
    for name in ["-x.jsonl", "-it's here.jsonl"] {
        let out = Command::new(BIN)
            .current_dir(dir.path())
            .args(["repro", "in.jsonl", "--finding", "TASK-STATE-005"])
            .arg(format!("--output={name}"))
            .output()
            .unwrap();
        assert_eq!(
            out.status.code(),
            Some(0),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let sh_name = name.replace(".jsonl", ".sh");
        let script = std::fs::read_to_string(dir.path().join(&sh_name)).unwrap();
        let line = script
            .lines()
            .find(|l| l.contains("sed -i.bak"))
            .unwrap_or_else(|| panic!("no sed line in {script}"));
        let command = line.split_once("elsewhere: ").unwrap().1.replace(
            "https://your-agent.example",
            "http://agent.example.test:9000",
        );
        assert!(
            command.contains(" './-") || command.contains(" ./-"),
            "{command}"
        );
        let st = Command::new("sh")
            .current_dir(dir.path())
            .args(["-c", &command])
            .output()
            .unwrap();
        assert!(
            st.status.success(),
            "{command}: {}",
            String::from_utf8_lossy(&st.stderr)
        );
        let after = std::fs::read_to_string(dir.path().join(&sh_name)).unwrap();
        assert!(
            after.contains("curl -sS -N -X 'POST' 'http://agent.example.test:9000/a2a'"),
            "{after}"
        );
        assert!(!after.contains("127.0.0.1:9/a2a"), "{after}");
    }
}

use crate::https_repro;
use crate::proxy_process;

/// `bash MIN.sh --cacert <(cat ca.pem)`: a pipe, which the first curl call would use up
/// (the script makes more than one), is refused with exit 2 before any curl runs and a
/// message that says it is a pipe and what to give instead, not "no readable PEM file
/// there" about a file that is there. Control: the same PEM as a file is taken.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn min_sh_names_a_pipe_given_as_cacert() {
    let dir = tempfile::tempdir().unwrap();
    let (_agent, pem, sh) = https_repro::https_min_sh(dir.path()).await;
    let sh_s = sh.display().to_string();
    let pem_s = pem.display().to_string();
    let (pipe, file) = tokio::task::spawn_blocking(move || {
        let go = |script: &str| {
            Command::new("bash")
                .args(["-c", script, "x", &sh_s, &pem_s])
                .env_remove("A2A_CACERT")
                .env_remove("A2A_INSECURE")
                .output()
                .unwrap()
        };
        (
            go(r#"bash "$1" --cacert <(cat "$2")"#),
            go(r#"bash "$1" --cacert "$2""#),
        )
    })
    .await
    .unwrap();
    let err = String::from_utf8_lossy(&pipe.stderr);
    assert_eq!(pipe.status.code(), Some(2), "{err}");
    assert!(
        pipe.stdout.is_empty(),
        "{}",
        String::from_utf8_lossy(&pipe.stdout)
    );
    assert!(
        err.contains(": not a regular file (a pipe such as <(...) is used up by the first of this script's curl calls): save the CA's PEM to a file"),
        "{err}"
    );
    assert_eq!(
        file.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&file.stderr)
    );
    assert!(String::from_utf8_lossy(&file.stdout).contains("\"code\":"));
}

/// A card with one JSON-RPC interface on a port where nothing listens: the probe runs to
/// its end (one refused call is not three in a row), and its `errors.no-5xx` skip said
/// "agent stopped answering: 1 of 3 requests got no answer from it": the agent was never
/// reached there. It now names the card's address and says so.
#[test]
fn no_5xx_skip_names_the_card_address_where_nothing_answered() {
    let dead = {
        let l = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        l.local_addr().unwrap()
    };
    let card = serde_json::json!({
        "name": "r28b card-only agent",
        "description": "serves its card; its interface names a port where nothing listens",
        "version": "1.0.0",
        "supportedInterfaces": [
            {"url": format!("http://{dead}/a2a"), "protocolBinding": "JSONRPC", "protocolVersion": "1.0"}
        ],
        "capabilities": {"streaming": false, "pushNotifications": false},
        "defaultInputModes": ["text/plain"],
        "defaultOutputModes": ["text/plain"],
        "skills": [{"id": "echo", "name": "Echo", "description": "echo", "tags": ["echo"]}]
    })
    .to_string();
    let agent = proxy_process::card_only_agent(card);
    let dir = tempfile::tempdir().unwrap();
    let o = Command::new(BIN)
        .current_dir(dir.path())
        .args(["probe", &format!("http://{agent}"), "--timeout", "20s"])
        .env("NO_COLOR", "1")
        .env_remove("A2A_INTEROP_LOG")
        .output()
        .unwrap();
    let out = String::from_utf8_lossy(&o.stdout);
    assert_eq!(
        o.status.code(),
        Some(1),
        "{out}\n{}",
        String::from_utf8_lossy(&o.stderr)
    );
    let line = out
        .lines()
        .find(|l| l.contains("errors.no-5xx"))
        .unwrap_or_else(|| panic!("no errors.no-5xx line: {out}"));
    assert!(line.starts_with("skip"), "{line}");
    assert!(
        line.contains(&format!(
            "nothing answered at http://{dead}, the address the agent's card advertises: 1 of "
        )),
        "{line}"
    );
    assert!(!line.contains("stopped answering"), "{line}");
}

/// `body` POSTed as JSON-RPC to the agent at `addr` (`127.0.0.1:PORT`): its JSON answer.
fn rpc(addr: &str, body: serde_json::Value) -> serde_json::Value {
    use std::io::{Read as _, Write as _};
    let body = body.to_string();
    let mut s = std::net::TcpStream::connect(addr).unwrap();
    s.set_read_timeout(Some(std::time::Duration::from_secs(30)))
        .unwrap();
    write!(
        s,
        "POST / HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\nConnection: close\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    )
    .unwrap();
    let mut answer = String::new();
    s.read_to_string(&mut answer).unwrap();
    let (_, json) = answer.split_once("\r\n\r\n").unwrap();
    serde_json::from_str(json).unwrap_or_else(|e| panic!("{e}: {answer}"))
}

/// The texts of a 0.3 task's history, each with its role (`user: input please`).
fn history(t: &serde_json::Value) -> Vec<String> {
    t["history"]
        .as_array()
        .map(|h| {
            h.iter()
                .map(|m| {
                    format!(
                        "{}: {}",
                        m["role"].as_str().unwrap_or("?"),
                        m["parts"][0]["text"].as_str().unwrap_or("?")
                    )
                })
                .collect()
        })
        .unwrap_or_default()
}

/// The reference agent's 0.3 push notifications after a follow-up: an input-required
/// task gets a push config, then the client's second message (taskId only) resumes and
/// completes it. The notifications (the sender's own copy of the task since q28c item 7)
/// lacked that second user message, which `tasks/get` shows: the completed task posted
/// had a history the agent's own task never had. Now each notification's history is the
/// task's as of its update, the follow-up included, and the last equals `tasks/get`'s.
#[test]
fn reference_agent_0_3_push_after_a_follow_up_carries_the_follow_up() {
    let (_agent, url) = proxy_process::reference_agent();
    let addr = url
        .trim_start_matches("http://")
        .trim_end_matches('/')
        .to_string();
    let (hook, rx) = proxy_process::webhook();
    let first = rpc(
        &addr,
        serde_json::json!({"jsonrpc": "2.0", "id": 1, "method": "message/send", "params": {
            "message": {"kind": "message", "role": "user", "messageId": "r28b-1",
                        "parts": [{"kind": "text", "text": "input please"}]}}}),
    );
    assert_eq!(
        first["result"]["status"]["state"], "input-required",
        "{first}"
    );
    let id = first["result"]["id"].as_str().unwrap().to_string();
    let set = rpc(
        &addr,
        serde_json::json!({"jsonrpc": "2.0", "id": 2, "method": "tasks/pushNotificationConfig/set",
            "params": {"taskId": id, "pushNotificationConfig": {"url": hook}}}),
    );
    assert!(set.get("result").is_some(), "{set}");
    let second = rpc(
        &addr,
        serde_json::json!({"jsonrpc": "2.0", "id": 3, "method": "message/send", "params": {
            "message": {"kind": "message", "role": "user", "messageId": "r28b-2", "taskId": id,
                        "parts": [{"kind": "text", "text": "here you go"}]}}}),
    );
    assert!(second.get("result").is_some(), "{second}");
    let mut got = Vec::new();
    while got
        .last()
        .is_none_or(|t: &serde_json::Value| t["status"]["state"] != "completed")
    {
        let t = rx
            .recv_timeout(std::time::Duration::from_secs(30))
            .unwrap_or_else(|_| panic!("notifications so far: {got:#?}"));
        got.push(t);
    }
    let got_task = rpc(
        &addr,
        serde_json::json!({"jsonrpc": "2.0", "id": 4, "method": "tasks/get", "params": {"id": id}}),
    );
    let done = history(&got_task["result"]);
    assert_eq!(
        done,
        [
            "user: input please",
            "agent: please send more input on this task",
            "user: here you go",
            "agent: thanks, done"
        ],
        "{got_task}"
    );
    assert_eq!(history(got.last().unwrap()), done, "{got:#?}");
    for t in &got[..got.len() - 1] {
        assert_eq!(t["status"]["state"], "working", "{got:#?}");
        assert_eq!(history(t), done[..3], "{got:#?}");
    }
}

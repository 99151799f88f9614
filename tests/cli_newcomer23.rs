//! newcomer23: what a newcomer hit putting the proxy in front of the official Python SDK
//! agent at 2 a.m.: a curl call that mixed versions blamed on the agent's card (N1), and a
//! damaged recording line read past with `--skip-bad-lines` turned into an "empty body"
//! error against the agent (N2). Real recordings on disk, the real binary.

use std::path::Path;
use std::process::Command;

const BIN: &str = env!("CARGO_BIN_EXE_a2a-interop");

const HEADER: &str = r#"{"type":"recording","format":1,"tool":{"name":"a2a-interop","version":"0.1.0"},"startedAt":"2026-12-03T05:46:56.659Z","mode":"reverse","listen":["127.0.0.1:18080"],"routes":[{"prefix":"/","upstream":"http://127.0.0.1:19999"}],"redacted":true}"#;

/// A card fetch (e1) whose card declares JSON-RPC 1.0 and 0.3 on `/`, as the Python SDK
/// agent's does.
const CARD: &str = r#"{"name":"Py","description":"d","version":"1","supportedInterfaces":[{"url":"http://127.0.0.1:18080/","protocolBinding":"JSONRPC","protocolVersion":"1.0"},{"url":"http://127.0.0.1:18080/","protocolBinding":"JSONRPC","protocolVersion":"0.3"}],"capabilities":{"streaming":true},"defaultInputModes":["text/plain"],"defaultOutputModes":["text/plain"],"skills":[{"id":"echo","name":"echo","description":"e","tags":["echo"]}]}"#;

/// One JSON-RPC exchange `id` at `seq`..`seq+4` (request head, body, response head, body,
/// end); `version` is the request's A2A-Version header, if any.
fn rpc_exchange(seq: u64, id: &str, version: Option<&str>, req: &str, resp: &str) -> Vec<String> {
    let mut headers = vec![
        r#"["host","127.0.0.1:18080"]"#.to_string(),
        r#"["content-type","application/json"]"#.to_string(),
    ];
    if let Some(v) = version {
        headers.push(format!(r#"["a2a-version","{v}"]"#));
    }
    let q = |s: &str| serde_json::to_string(s).unwrap();
    vec![
        format!(
            r#"{{"seq":{seq},"t_us":{},"exchange":"{id}","type":"request_head","conn":1,"method":"POST","url":"http://127.0.0.1:18080/","version":"HTTP/1.1","headers":[{}]}}"#,
            seq * 1000,
            headers.join(",")
        ),
        format!(
            r#"{{"seq":{},"t_us":{},"exchange":"{id}","type":"request_body","body":{}}}"#,
            seq + 1,
            seq * 1000 + 100,
            q(req)
        ),
        format!(
            r#"{{"seq":{},"t_us":{},"exchange":"{id}","type":"response_head","status":200,"version":"HTTP/1.1","headers":[["content-type","application/json"],["content-length","{}"]]}}"#,
            seq + 2,
            seq * 1000 + 200,
            resp.len()
        ),
        format!(
            r#"{{"seq":{},"t_us":{},"exchange":"{id}","type":"response_chunk","body":{}}}"#,
            seq + 3,
            seq * 1000 + 300,
            q(resp)
        ),
        format!(
            r#"{{"seq":{},"t_us":{},"exchange":"{id}","type":"exchange_end","outcome":"complete","request_bytes":{},"response_bytes":{}}}"#,
            seq + 4,
            seq * 1000 + 400,
            req.len(),
            resp.len()
        ),
    ]
}

/// The header, a connection and the card fetch e1 (seq 1 to 5).
fn card_lines() -> Vec<String> {
    let q = serde_json::to_string(CARD).unwrap();
    vec![
        HEADER.to_string(),
        r#"{"seq":1,"t_us":100,"type":"conn_open","conn":1,"peer":"127.0.0.1:35336","local":"127.0.0.1:18080"}"#.to_string(),
        r#"{"seq":2,"t_us":200,"exchange":"e1","type":"request_head","conn":1,"method":"GET","url":"http://127.0.0.1:18080/.well-known/agent-card.json","version":"HTTP/1.1","headers":[["host","127.0.0.1:18080"]]}"#.to_string(),
        format!(
            r#"{{"seq":3,"t_us":300,"exchange":"e1","type":"response_head","status":200,"version":"HTTP/1.1","headers":[["content-type","application/json"],["cache-control","public, max-age=300"],["content-length","{}"]]}}"#,
            CARD.len()
        ),
        format!(r#"{{"seq":4,"t_us":400,"exchange":"e1","type":"response_chunk","body":{q}}}"#),
        format!(
            r#"{{"seq":5,"t_us":500,"exchange":"e1","type":"exchange_end","outcome":"complete","request_bytes":0,"response_bytes":{}}}"#,
            CARD.len()
        ),
    ]
}

fn write(path: &Path, lines: &[String]) {
    std::fs::write(path, lines.join("\n") + "\n").unwrap();
}

/// `verify FILE ARGS...`: (exit code, stdout, stderr).
fn verify(file: &Path, args: &[&str]) -> (i32, String, String) {
    let out = Command::new(BIN)
        .arg("verify")
        .arg(file)
        .args(args)
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

const VNS: &str = r#"{"error":{"code":-32009,"message":"A2A version '0.3' is not supported by this handler. Expected version '1.0'."},"id":1,"jsonrpc":"2.0"}"#;

/// N1: `curl ... -d '{"method":"SendMessage",...}'` without `A2A-Version: 1.0` asks for 0.3
/// (VER-003), where SendMessage does not exist; the Python SDK agent refuses it -32009.
/// That is the client's mix (VER-MIX-002), not a card that declares a version the agent
/// does not serve: no VER-CARD-001 error telling the operator to change the card. The
/// same refusal of a real 0.3 call (`message/send`) still is VER-CARD-001, and it cites
/// that call first, the card second (N5: the live line named the card fetch).
#[test]
fn a_10_method_sent_without_a2a_version_refused_is_the_clients_mix_not_the_cards() {
    let dir = tempfile::tempdir().unwrap();
    let mixed = dir.path().join("mixed.jsonl");
    let mut lines = card_lines();
    lines.extend(rpc_exchange(
        6,
        "e2",
        None,
        r#"{"jsonrpc":"2.0","id":1,"method":"SendMessage","params":{"message":{"role":"ROLE_USER","messageId":"m1","parts":[{"text":"hi"}]}}}"#,
        VNS,
    ));
    write(&mixed, &lines);
    let (_, out, err) = verify(&mixed, &[]);
    assert!(out.contains("warning[VER-MIX-002]"), "{out}{err}");
    assert!(!out.contains("VER-CARD-001"), "{out}{err}");

    // control: a 0.3 call refused although the card declares 0.3 there
    let real = dir.path().join("real03.jsonl");
    let mut lines = card_lines();
    lines.extend(rpc_exchange(
        6,
        "e2",
        None,
        r#"{"jsonrpc":"2.0","id":1,"method":"message/send","params":{"message":{"kind":"message","role":"user","messageId":"m1","parts":[{"kind":"text","text":"hi"}]}}}"#,
        VNS,
    ));
    write(&real, &lines);
    let (code, out, err) = verify(&real, &[]);
    assert!(out.contains("error[VER-CARD-001]"), "{out}{err}");
    assert!(
        out.contains("no A2A-Version header, which means 0.3,"),
        "{out}"
    );
    assert_eq!(code, 1, "{out}{err}");
    // N5: the finding leads with the refused call (the POST), not the card fetch (a GET)
    let first = out
        .lines()
        .skip_while(|l| !l.starts_with("error[VER-CARD-001]"))
        .find(|l| l.trim_start().starts_with("-->"))
        .unwrap_or_default();
    assert!(first.contains("(POST / -> 200)"), "{first}\n{out}");
}

/// N2: a recording whose response-body line was damaged, read with `--skip-bad-lines`:
/// the exchange that line belonged to is "not fully judged", naming the skipped line as
/// the cause, instead of an RPC-ENVELOPE-001 error saying the agent answered an empty
/// body. The same recording undamaged is clean, and its other exchanges are still judged.
#[test]
fn a_skipped_damaged_line_leaves_its_exchange_not_judged_rather_than_empty() {
    let dir = tempfile::tempdir().unwrap();
    let get = r#"{"jsonrpc":"2.0","id":7,"method":"GetTask","params":{"id":"t1"}}"#;
    let answer = r#"{"jsonrpc":"2.0","id":7,"result":{"id":"t1","contextId":"c1","status":{"state":"TASK_STATE_COMPLETED","timestamp":"2026-12-03T05:47:00Z"}}}"#;
    let mut lines = card_lines();
    lines.extend(rpc_exchange(6, "e2", Some("1.0"), get, answer));
    // a later exchange: a 1.0 method without A2A-Version, still judged
    lines.extend(rpc_exchange(
        11,
        "e3",
        None,
        r#"{"jsonrpc":"2.0","id":1,"method":"SendMessage","params":{"message":{"role":"ROLE_USER","messageId":"m1","parts":[{"text":"hi"}]}}}"#,
        VNS,
    ));
    let whole = dir.path().join("whole.jsonl");
    write(&whole, &lines);
    let (_, out, err) = verify(&whole, &[]);
    assert!(!out.contains("RPC-ENVELOPE-001"), "{out}{err}");
    assert!(!out.contains("not judged"), "{out}{err}");

    // damage e2's response body line (seq 9, line 10 of the file): cut mid-object
    let body_line = lines
        .iter()
        .position(|l| l.starts_with(r#"{"seq":9,"#))
        .unwrap();
    lines[body_line] = lines[body_line][..40].to_string();
    let damaged = dir.path().join("damaged.jsonl");
    write(&damaged, &lines);
    let (code, out, err) = verify(&damaged, &["--skip-bad-lines"]);
    assert!(!out.contains("RPC-ENVELOPE-001"), "{out}{err}");
    assert!(
        out.contains("not judged: 1 exchange (e2)")
            && out.contains("a damaged line of the recording, read past with --skip-bad-lines"),
        "{out}{err}"
    );
    // e3, after the damage, is judged as before
    assert!(out.contains("warning[VER-MIX-002]"), "{out}{err}");
    assert!(
        code >= 1,
        "a verdict on part of a file is not clean: {code}"
    );
}

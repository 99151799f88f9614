//! newcomer25: what a newcomer hit putting the proxy in front of the official Python SDK
//! agent at 2 a.m. and then handling its recordings by hand: a line whose `exchange` was
//! deleted was dropped in silence (N1), an agent killed mid-stream got the advice for an
//! executor that returned early (N2), a card's foreign URLs were listed up to three times
//! (N3), a recording without its header line was "not a recording" (N5), and `-o DIR`
//! asked for a `--format` (N6). Real processes, real loopback sockets, real files.

use crate::proxy_process;
use crate::raw_http;

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use proxy_process::start_proxy;

const BIN: &str = env!("CARGO_BIN_EXE_a2a-interop");

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// The binary run with `args` to its end, stdin empty: its output.
fn run(args: &[&str]) -> Output {
    Command::new(BIN)
        .args(args)
        .stdin(std::process::Stdio::null())
        .env_remove("A2A_INTEROP_LOG")
        .output()
        .unwrap()
}

/// A real recording of the reference agent (the repository's sample), copied to
/// `dir/name`.
fn sample_recording(dir: &Path, name: &str) -> PathBuf {
    let sample =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("recordings/refagent-v1.0-rewrite-card.jsonl");
    let p = dir.join(name);
    std::fs::copy(sample, &p).unwrap();
    p
}

/// The findings of rule `rule` in `verify -f json FILE`'s report, with the exit status.
fn findings_of(file: &Path, rule: &str) -> (i32, Vec<serde_json::Value>) {
    let o = run(&[
        "verify",
        "-f",
        "json",
        "--fail-on",
        "never",
        file.to_str().unwrap(),
    ]);
    let v: serde_json::Value = serde_json::from_slice(&o.stdout)
        .unwrap_or_else(|e| panic!("{e}: {}\n{}", text(&o.stdout), text(&o.stderr)));
    let fs = v["findings"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|f| f["rule"] == rule)
        .cloned()
        .collect();
    (o.status.code().unwrap_or(-1), fs)
}

/// N1: a `response_head` whose `"exchange":"eN",` was deleted by hand used to be dropped
/// in silence: verify judged its exchange without a response and exited 0, `export` wrote
/// a HAR entry with status 0. It is a damaged line now: named with the way back, read past
/// with `--skip-bad-lines` (its exchange then not judged, exit 1), and no HAR is written.
#[test]
fn n1_an_event_whose_exchange_was_deleted_is_a_damaged_line_not_dropped() {
    let dir = tempfile::tempdir().unwrap();
    let rec = sample_recording(dir.path(), "rec.jsonl");
    let lines: Vec<String> = std::fs::read_to_string(&rec)
        .unwrap()
        .lines()
        .map(str::to_string)
        .collect();
    let (at, ex) = lines
        .iter()
        .enumerate()
        .find_map(|(i, l)| {
            let v: serde_json::Value = serde_json::from_str(l).ok()?;
            (v["type"] == "response_head").then(|| (i, v["exchange"].as_str().unwrap().to_string()))
        })
        .expect("a response_head in the sample");
    let cut = format!("\"exchange\":\"{ex}\",");
    assert!(lines[at].contains(&cut), "{}", lines[at]);
    let mut damaged = lines.clone();
    damaged[at] = lines[at].replacen(&cut, "", 1);
    let bad = dir.path().join("bad.jsonl");
    std::fs::write(&bad, damaged.join("\n") + "\n").unwrap();
    let line = at + 1;

    let o = run(&["verify", bad.to_str().unwrap()]);
    let err = text(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(
        err.contains(&format!(
            "line {line}: a `response_head` event without its \"exchange\" member"
        )),
        "{err}"
    );
    assert!(
        err.contains(&format!(
            "give line {line} its \"exchange\" back in a copy of"
        )),
        "{err}"
    );
    assert!(err.contains("--skip-bad-lines"), "{err}");

    let o = run(&["verify", "--skip-bad-lines", bad.to_str().unwrap()]);
    let (out, err) = (text(&o.stdout), text(&o.stderr));
    assert_eq!(o.status.code(), Some(1), "{out}\n{err}");
    assert!(err.contains(&format!("line {line}")), "{err}");
    assert!(
        out.contains(&format!("not judged: 1 exchange ({ex})")),
        "{out}"
    );

    let har = dir.path().join("bad.har");
    let o = run(&[
        "export",
        bad.to_str().unwrap(),
        "--har",
        har.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(2), "{}", text(&o.stderr));
    assert!(
        text(&o.stderr).contains("without its \"exchange\" member"),
        "{}",
        text(&o.stderr)
    );
    assert!(!har.exists());

    // the intact sample still reads
    let o = run(&["verify", "--fail-on", "never", rec.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
}

/// One 1.0 `SendStreamingMessage` through the proxy at `proxy`; the raw answer.
async fn stream_call(proxy: std::net::SocketAddr) -> Vec<u8> {
    let body = r#"{"jsonrpc":"2.0","id":1,"method":"SendStreamingMessage","params":{"message":{"role":"ROLE_USER","messageId":"m1","parts":[{"text":"cancel hello"}]}}}"#;
    let req = format!(
        "POST / HTTP/1.1\r\nhost: {proxy}\r\ncontent-type: application/json\r\na2a-version: 1.0\r\naccept: text/event-stream\r\nconnection: close\r\ncontent-length: {}\r\n\r\n{body}",
        body.len()
    );
    raw_http::exchange_raw(&proxy.to_string(), req.as_bytes()).await
}

/// The STREAM-END-002 finding of a recording of one stream from an agent that sends
/// `answer` (then closes its connection).
async fn stream_end_finding(answer: Vec<u8>, dir: &Path, name: &str) -> serde_json::Value {
    let (agent, _reqs) = raw_http::raw_agent(answer).await;
    let rec = dir.join(name);
    let up = format!("http://{agent}");
    let (p, addr) = start_proxy(&["--upstream", &up, "--record", rec.to_str().unwrap()]);
    let got = stream_call(addr).await;
    assert!(text(&got).contains("TASK_STATE_WORKING"), "{}", text(&got));
    p.terminate();
    let (_, fs) = findings_of(&rec, "STREAM-END-002");
    assert_eq!(fs.len(), 1, "{fs:#?}");
    fs[0].clone()
}

const WORKING: &str = "data: {\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{\"task\":{\"id\":\"t1\",\"contextId\":\"c1\",\"status\":{\"state\":\"TASK_STATE_WORKING\"}}}}\n\n";
const SSE_HEAD: &str =
    "HTTP/1.1 200 OK\r\ncontent-type: text/event-stream\r\ntransfer-encoding: chunked\r\n\r\n";

/// N2: the Python SDK agent killed mid-stream (`kill PID` while a `cancel` task streamed)
/// got STREAM-END-002 with help about an executor that returned before its final status,
/// which ends a response cleanly. A stream whose connection the agent's side broke gets
/// help that names what breaks one; a stream the agent ended cleanly keeps the rule's.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn n2_a_stream_the_agent_broke_gets_help_about_a_broken_connection() {
    let dir = tempfile::tempdir().unwrap();
    // one event, then the connection closes inside the chunked body (no last chunk)
    let mut broken = SSE_HEAD.as_bytes().to_vec();
    broken.extend_from_slice(format!("{:x}\r\n{WORKING}\r\n", WORKING.len()).as_bytes());
    let f = stream_end_finding(broken, dir.path(), "broken.jsonl").await;
    let (msg, help) = (f["message"].as_str().unwrap(), f["help"].as_str().unwrap());
    assert!(msg.contains("reset by the agent's side"), "{msg}");
    assert!(
        help.starts_with("find out why the agent's side broke the connection mid-stream"),
        "{help}"
    );
    assert!(
        help.contains("a process that exited or restarted"),
        "{help}"
    );
    assert!(!help.contains("executor returned"), "{help}");

    // control: the same event, then the chunked body's end: the agent ended the stream
    let mut clean = SSE_HEAD.as_bytes().to_vec();
    clean.extend_from_slice(&raw_http::chunked(WORKING.as_bytes()));
    let f = stream_end_finding(clean, dir.path(), "clean.jsonl").await;
    let (msg, help) = (f["message"].as_str().unwrap(), f["help"].as_str().unwrap());
    assert!(msg.contains("closed by the agent's side"), "{msg}");
    assert!(help.contains("the executor returned"), "{help}");
}

/// N3: `probe` through a proxy in front of the JS SDK agent printed CARD-URL-009 with
/// "advertised url P/, P/rest, P/, P/rest, P/, P/rest": the hybrid card names each URL in
/// `url`, `additionalInterfaces` and `supportedInterfaces`. Each is named once now, in the
/// recording's `card_rewrite_skipped` and in the finding.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn n3_urls_the_card_rewrite_left_are_each_named_once() {
    let dir = tempfile::tempdir().unwrap();
    // another port of the same host: where the agent really listens, behind this "front"
    let other = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = other.local_addr().unwrap().port();
    let (a, r) = (
        format!("http://127.0.0.1:{port}/"),
        format!("http://127.0.0.1:{port}/rest"),
    );
    let card = format!(
        r#"{{"name":"far","description":"d","version":"1","protocolVersion":"0.3","url":"{a}","preferredTransport":"JSONRPC","additionalInterfaces":[{{"url":"{r}","transport":"HTTP+JSON"}}],"supportedInterfaces":[{{"url":"{a}","protocolBinding":"JSONRPC","protocolVersion":"1.0"}},{{"url":"{r}","protocolBinding":"HTTP+JSON","protocolVersion":"1.0"}}],"capabilities":{{}},"defaultInputModes":["text/plain"],"defaultOutputModes":["text/plain"],"skills":[]}}"#
    );
    let (agent, _reqs) = raw_http::raw_agent(raw_http::json_answer(card.as_bytes())).await;
    let rec = dir.path().join("card.jsonl");
    let (p, _addr, got) = card_through_rewriting_proxy(agent, &rec).await;
    assert!(text(&got).contains(&r), "{}", text(&got));
    p.terminate();
    let recorded = std::fs::read_to_string(&rec).unwrap();
    let reason = recorded
        .lines()
        .filter_map(|l| serde_json::from_str::<serde_json::Value>(l).ok())
        .find(|v| v["type"] == "card_rewrite_skipped")
        .unwrap_or_else(|| panic!("no card_rewrite_skipped: {recorded}"))["reason"]
        .as_str()
        .unwrap()
        .to_string();
    assert!(
        reason.starts_with(&format!("advertised url {a}, {r} points neither")),
        "{reason}"
    );
    let (_, fs) = findings_of(&rec, "CARD-URL-009");
    assert_eq!(fs.len(), 1, "{fs:#?}");
    let msg = fs[0]["message"].as_str().unwrap();
    assert_eq!(msg.matches(&r).count(), 1, "{msg}");
    assert_eq!(msg.matches(&format!("{a},")).count(), 1, "{msg}");
}

/// N5: a recording cut with `tail -n +2` (its header line gone) was "not a recording,
/// transcript or HAR file"; it is named as a recording without its header, with the way
/// back (the first line of the original, put on top).
#[test]
fn n5_a_recording_without_its_header_line_is_named_so_with_the_way_back() {
    let dir = tempfile::tempdir().unwrap();
    let rec = sample_recording(dir.path(), "rec.jsonl");
    let all = std::fs::read_to_string(&rec).unwrap();
    let (header, rest) = all.split_once('\n').unwrap();
    let cut = dir.path().join("cut.jsonl");
    std::fs::write(&cut, rest).unwrap();
    let o = run(&["verify", cut.to_str().unwrap()]);
    let err = text(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(
        err.contains(
            "cut.jsonl: a recording without its header line: line 1 is a `conn_open` event (seq 1)"
        ),
        "{err}"
    );
    assert!(
        err.contains(&format!(
            "(head -n 1 ORIGINAL.jsonl; cat '{}') > fixed.jsonl",
            cut.display()
        )),
        "{err}"
    );
    // the way back works: the header put back on top reads as the original did
    let fixed = dir.path().join("fixed.jsonl");
    std::fs::write(&fixed, format!("{header}\n{rest}")).unwrap();
    let o = run(&["verify", "--fail-on", "never", fixed.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    // a file that is no recording at all keeps its own words
    let other = dir.path().join("notes.jsonl");
    std::fs::write(&other, "{\"hello\":1}\n").unwrap();
    let o = run(&["verify", other.to_str().unwrap()]);
    // (newcomer49 named what the first line holds: "line 1 is a JSON object with none of
    // the members that mark a line of one")
    let err = text(&o.stderr);
    assert!(
        err.contains("notes.jsonl: not a recording, transcript or HAR file")
            && err.contains("line 1 is a JSON object with none of the members")
            && !err.contains("without its header line"),
        "{err}"
    );
}

/// N6: `report FILE -o out/` (a directory) said "no --format for -o out/", as if a format
/// would make a directory a file. It names the directory and a file path in it.
#[test]
fn n6_o_naming_a_directory_says_so() {
    let dir = tempfile::tempdir().unwrap();
    let rec = sample_recording(dir.path(), "rec.jsonl");
    let out = dir.path().join("out");
    std::fs::create_dir(&out).unwrap();
    for given in [out.display().to_string(), format!("{}/", out.display())] {
        let o = run(&["report", rec.to_str().unwrap(), "-o", &given]);
        let err = text(&o.stderr);
        assert_eq!(o.status.code(), Some(2), "{err}");
        assert!(
            err.contains(&format!("-o {given} is a directory, not a report file")),
            "{err}"
        );
        assert!(
            err.contains(&format!("e.g. -o {}/report.md", out.display())),
            "{err}"
        );
        assert!(!err.contains("no --format"), "{err}");
    }
    assert_eq!(std::fs::read_dir(&out).unwrap().count(), 0);
    // a file path without a known extension still asks for --format
    let o = run(&["report", rec.to_str().unwrap(), "-o", "report.pdf"]);
    assert!(text(&o.stderr).contains("no --format for -o report.pdf"));
}

/// N7: the JS SDK client given `http://PROXY/py` (two agents behind `--route /py=...
/// --route /js=...`) fetched the card at the root and failed with a 404; the proxy's line
/// said only "no route for path /.well-known/agent-card.json". The answer and the recorded
/// cause name the routes and, for a card fetched at the root, the URL to give instead.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn n7_no_route_names_the_routes_and_a_card_fetched_at_the_root_names_the_fix() {
    let dir = tempfile::tempdir().unwrap();
    let (py, _r1) = raw_http::raw_agent(raw_http::json_answer(b"{}")).await;
    let (js, _r2) = raw_http::raw_agent(raw_http::json_answer(b"{}")).await;
    let rec = dir.path().join("routes.jsonl");
    let (p, addr) = start_proxy(&[
        "--route",
        &format!("/py=http://{py}"),
        "--route",
        &format!("/js=http://{js}"),
        "--record",
        rec.to_str().unwrap(),
    ]);
    let get = |path: &str| {
        format!("GET {path} HTTP/1.1\r\nhost: {addr}\r\nconnection: close\r\n\r\n").into_bytes()
    };
    let card = text(
        &raw_http::exchange_raw(&addr.to_string(), &get("/.well-known/agent-card.json")).await,
    );
    let other = text(&raw_http::exchange_raw(&addr.to_string(), &get("/nope/x")).await);
    p.terminate();
    assert!(card.starts_with("HTTP/1.1 404"), "{card}");
    let fix = format!(
        "(routes: /py, /js); a card fetched at the root, not under a route: a client given a route's URL without a final '/' (http://{addr}/py) drops that segment when it resolves the card (the JS SDK's resolver does), so end the URL with '/' (http://{addr}/py/)"
    );
    assert!(card.contains(&fix), "{card}");
    assert!(other.starts_with("HTTP/1.1 404"), "{other}");
    assert!(
        other.contains("no route for path /nope/x (routes: /py, /js)\n"),
        "{other}"
    );
    // the recording keeps the same cause for the report
    let recorded = std::fs::read_to_string(&rec).unwrap();
    let errors: Vec<String> = recorded
        .lines()
        .filter_map(|l| serde_json::from_str::<serde_json::Value>(l).ok())
        .filter(|v| v["type"] == "exchange_end")
        .filter_map(|v| v["error"].as_str().map(str::to_string))
        .collect();
    assert_eq!(errors.len(), 2, "{errors:?}");
    assert!(errors[0].ends_with(&fix), "{errors:?}");
    assert_eq!(errors[1], "no route for path /nope/x (routes: /py, /js)");
}

/// Starts `proxy --upstream http://{agent} --rewrite-card --record rec` and fetches the
/// well-known Agent Card through it: the proxy, its address, and the raw answer's bytes.
async fn card_through_rewriting_proxy(
    agent: std::net::SocketAddr,
    rec: &Path,
) -> (proxy_process::Running, std::net::SocketAddr, Vec<u8>) {
    let up = format!("http://{agent}");
    let (p, addr) = start_proxy(&[
        "--upstream",
        &up,
        "--rewrite-card",
        "--record",
        rec.to_str().unwrap(),
    ]);
    let got = raw_http::exchange_raw(
        &addr.to_string(),
        format!("GET /.well-known/agent-card.json HTTP/1.1\r\nhost: {addr}\r\nconnection: close\r\n\r\n").as_bytes(),
    )
    .await;
    (p, addr, got)
}

/// A recording of one card fetch through `proxy --rewrite-card` in front of a loopback
/// agent whose card names its own address (as the SDK agents' cards do) and is served
/// without `Cache-Control` (CARD-CACHE-001): `dir/card.jsonl`.
async fn rewritten_card_recording(dir: &Path) -> PathBuf {
    // the agent's address is known only once it listens: its card is made per request
    let agent = raw_http::serve_connections(move |mut s| async move {
        use tokio::io::AsyncWriteExt;
        if raw_http::read_request(&mut s).await.is_some() {
            let own = s.local_addr().unwrap();
            let card = format!(
                r#"{{"name":"own","description":"d","version":"1","supportedInterfaces":[{{"url":"http://{own}/","protocolBinding":"JSONRPC","protocolVersion":"1.0"}}],"capabilities":{{}},"defaultInputModes":["text/plain"],"defaultOutputModes":["text/plain"],"skills":[]}}"#
            );
            let _ = s.write_all(&raw_http::json_answer(card.as_bytes())).await;
        }
    })
    .await;
    let rec = dir.join("card.jsonl");
    let (p, addr, got) = card_through_rewriting_proxy(agent, &rec).await;
    assert!(
        text(&got).contains(&format!("http://{addr}/")),
        "{}",
        text(&got)
    );
    p.terminate();
    rec
}

/// N9: `repro --finding CARD-CACHE-001` on a `--rewrite-card` recording wrote the agent's
/// own card at the proxy's URL, and `verify` of that cut found a CARD-URL-009 the
/// recording did not have (a transcript names no upstream). The cut holds the card the
/// client received, as a HAR export does, and shows the one finding.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn n9_a_cut_of_a_rewritten_card_holds_the_card_the_client_received() {
    let dir = tempfile::tempdir().unwrap();
    let rec = rewritten_card_recording(dir.path()).await;
    let (_, fs) = findings_of(&rec, "CARD-CACHE-001");
    assert_eq!(fs.len(), 1, "{fs:#?}");
    assert!(findings_of(&rec, "CARD-URL-009").1.is_empty());
    let cut = dir.path().join("cut.jsonl");
    let o = run(&[
        "repro",
        rec.to_str().unwrap(),
        "--finding",
        "CARD-CACHE-001",
        "-o",
        cut.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    let rules = |f: &Path| -> Vec<String> {
        let o = run(&[
            "verify",
            "-f",
            "json",
            "--fail-on",
            "never",
            f.to_str().unwrap(),
        ]);
        let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
        let mut r: Vec<String> = v["findings"]
            .as_array()
            .unwrap()
            .iter()
            .map(|f| f["rule"].as_str().unwrap().to_string())
            .collect();
        r.sort();
        r
    };
    // the cut shows what the recording showed on that exchange, nothing more
    let (whole, part) = (rules(&rec), rules(&cut));
    assert!(part.contains(&"CARD-CACHE-001".to_string()), "{part:?}");
    assert!(!part.contains(&"CARD-URL-009".to_string()), "{part:?}");
    assert_eq!(part, whole);
    // the resp line: the rewritten card, framed by its own length
    let resp: serde_json::Value = std::fs::read_to_string(&cut)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap())
        .find(|l| l["dir"] == "resp")
        .unwrap();
    let req_url = std::fs::read_to_string(&cut).unwrap();
    let body = resp["body"].as_str().unwrap();
    let proxy_origin = req_url
        .split("\"url\":\"")
        .nth(1)
        .and_then(|u| u.split("/.well-known").next())
        .unwrap()
        .to_string();
    assert!(
        body.contains(&format!("\"url\":\"{proxy_origin}/\"")),
        "{body}"
    );
    assert_eq!(
        resp["headers"]["content-length"].as_str().unwrap(),
        body.len().to_string()
    );
}

/// N8: `repro --finding CARD-CACHE-001@22` (a #seq one off) said only "no finding
/// CARD-CACHE-001@22 (1 finding: CARD-CACHE-001)" and to run verify; it names where that
/// rule's findings are, to copy.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn n8_a_rule_at_the_wrong_seq_names_where_its_findings_are() {
    let dir = tempfile::tempdir().unwrap();
    let rec = rewritten_card_recording(dir.path()).await;
    let (_, fs) = findings_of(&rec, "CARD-CACHE-001");
    let seq = fs[0]["evidence"][0]["seq"].as_u64().unwrap();
    let cut = dir.path().join("cut.jsonl");
    let o = run(&[
        "repro",
        rec.to_str().unwrap(),
        "--finding",
        &format!("CARD-CACHE-001@{}", seq + 1),
        "-o",
        cut.to_str().unwrap(),
    ]);
    let err = text(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(
        err.contains(&format!(
            "hint: CARD-CACHE-001 is found at CARD-CACHE-001@{seq}, not at #seq {}: give one of those, e.g. --finding CARD-CACHE-001@{seq}",
            seq + 1
        )),
        "{err}"
    );
    assert!(!cut.exists());
    // a rule with no finding at all gets the plain hint: a rule the file has (ux34: it said
    // "run `a2a-interop verify FILE`", nothing to copy)
    let o = run(&[
        "repro",
        rec.to_str().unwrap(),
        "--finding",
        "STREAM-END-002@3",
        "-o",
        cut.to_str().unwrap(),
    ]);
    assert!(
        text(&o.stderr)
            .contains("hint: give one of the rule IDs above, e.g. --finding CARD-SHAPE-001 ("),
        "{}",
        text(&o.stderr)
    );
}

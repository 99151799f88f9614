//! newcomer20 (ux20): what a newcomer hit driving the proxy with curl in front of the
//! built-in reference agent, and reading its reports. Real processes, real loopback
//! sockets, real files.

use crate::proxy_process;

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::Duration;

use proxy_process::{line_with, spawn_until_listening, ChildGuard};

const BIN: &str = env!("CARGO_BIN_EXE_a2a-interop");

/// `a2a-interop demo --agent-only --listen 127.0.0.1:0`: the reference agent (a hybrid
/// card: 1.0 and 0.3 JSON-RPC at `/`) as a process, and its base URL from its banner (stderr).
fn reference_agent() -> (ChildGuard, String) {
    let mut child = ChildGuard::spawn(
        Command::new(BIN)
            .args(["demo", "--agent-only", "--listen", "127.0.0.1:0"])
            .stdout(Stdio::null())
            .stderr(Stdio::piped()),
    );
    let out = child.stderr.take().unwrap();
    let mut first = String::new();
    BufReader::new(out).read_line(&mut first).unwrap();
    let url = first
        .split_whitespace()
        .find(|w| w.starts_with("http://"))
        .unwrap_or_else(|| panic!("agent banner {first:?}"))
        .to_string();
    (child, url)
}

/// One HTTP/1.1 request on a new connection (`Connection: close`), read to the end.
fn http(addr: &str, method: &str, path: &str, headers: &str, body: &str) -> String {
    let mut c = TcpStream::connect(addr).unwrap();
    c.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
    write!(
        c,
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n{headers}Content-Length: {}\r\n\r\n{body}",
        body.len()
    )
    .unwrap();
    let mut got = Vec::new();
    let _ = c.read_to_end(&mut got);
    String::from_utf8_lossy(&got).into_owned()
}

fn verify_text(path: &Path, extra: &[&str]) -> (Option<i32>, String, String) {
    let o = Command::new(BIN)
        .arg("verify")
        .arg(path)
        .args(extra)
        .output()
        .unwrap();
    (
        o.status.code(),
        String::from_utf8_lossy(&o.stdout).into_owned(),
        String::from_utf8_lossy(&o.stderr).into_owned(),
    )
}

/// N1 (old N9): a client that calls the reference agent's JSON-RPC-only card URL in
/// HTTP+JSON (BIND-USE-001) and one that posts to a URL the card does not advertise
/// (BIND-USE-002): the live line names the client's call (its exchange and event), not the
/// card fetch e1 it should have followed; `verify` and the Markdown report lead with the
/// call too, the card's interface second. N2 (old N9): the list of the card's interfaces
/// in BIND-USE-002 names each interface once (the hybrid card declares its 0.3 JSON-RPC
/// interface three times: supportedInterfaces "0.3", url and additionalInterfaces "0.3.0").
#[test]
fn n1_n2_live_binding_findings_cite_the_call_and_list_each_interface_once() {
    let dir = tempfile::tempdir().unwrap();
    let rec = dir.path().join("s.jsonl");
    let (_agent, agent_url) = reference_agent();
    let run = spawn_until_listening(
        Command::new(BIN)
            .args(["proxy", "--listen", "127.0.0.1:0", "--rewrite-card"])
            .args(["--upstream", &agent_url])
            .arg("--record")
            .arg(&rec),
        Duration::from_secs(30),
    );
    let addr = run.addr.trim_end_matches('/').to_string();
    let card = http(&addr, "GET", "/.well-known/agent-card.json", "", "");
    assert!(card.starts_with("HTTP/1.1 200"), "{card}");
    let ext = http(&addr, "GET", "/extendedAgentCard", "", "");
    assert!(ext.starts_with("HTTP/1.1 404"), "{ext}");
    let live1 = line_with(&run, "[BIND-USE-001]", Duration::from_secs(20));
    assert!(
        live1.starts_with("warning[BIND-USE-001] e2 #"),
        "the live line names the call e2, not the card fetch e1: {live1}"
    );
    assert!(!live1.contains(" at JSON $.supportedInterfaces"), "{live1}");
    let body = r#"{"jsonrpc":"2.0","id":2,"method":"message/send","params":{"message":{"kind":"message","role":"user","messageId":"m2","parts":[{"kind":"text","text":"echo hi"}]}}}"#;
    let a2a = http(
        &addr,
        "POST",
        "/a2a",
        "Content-Type: application/json\r\n",
        body,
    );
    assert!(a2a.starts_with("HTTP/1.1 404"), "{a2a}");
    let live2 = line_with(&run, "[BIND-USE-002]", Duration::from_secs(20));
    assert!(
        live2.starts_with("warning[BIND-USE-002] e3 #"),
        "the live line names the call e3: {live2}"
    );
    let base = format!("http://{addr}/");
    let listed = format!(
        "(its interfaces: {base} (JSONRPC 1.0), {base} (JSONRPC 0.3)); the agent answered HTTP 404"
    );
    assert!(live2.contains(&listed), "want {listed:?} in {live2}");
    assert!(!live2.contains("0.3.0"), "{live2}");
    run.terminate();

    // newcomer24 N8: `e2 #9`, the live line's exchange and event, cited the same way by
    // `verify`, the Markdown report and `repro` (they dropped the exchange id)
    let cited = |live: &str| {
        let w: Vec<&str> = live.split_whitespace().collect();
        format!("{} {}", w[1], w[2].trim_end_matches(':'))
    };
    let (at1, at2) = (cited(&live1), cited(&live2));
    assert!(at1.starts_with('e') && at1.contains(" #"), "{live1}");
    // offline: the first `-->` of each is the call, the card's interface after it
    let (code, out, _) = verify_text(&rec, &["--fail-on", "never"]);
    assert_eq!(code, Some(0), "{out}");
    for (rule, path, at) in [
        ("BIND-USE-001", "GET /extendedAgentCard -> 404", &at1),
        ("BIND-USE-002", "POST /a2a -> 404", &at2),
    ] {
        let block = out
            .split("\n\n")
            .find(|b| b.starts_with(&format!("warning[{rule}]")))
            .unwrap_or_else(|| panic!("no {rule} block in {out}"));
        let arrows: Vec<&str> = block.lines().filter(|l| l.contains("-->")).collect();
        assert_eq!(arrows.len(), 2, "{block}");
        assert!(arrows[0].contains(path), "{rule}: first evidence {block}");
        assert!(
            arrows[0].contains(&format!(".jsonl {at} ({path})")),
            "{rule}: the live line's {at} in {block}"
        );
        assert!(
            arrows[1].contains("GET /.well-known/agent-card.json -> 200"),
            "{rule}: the card second {block}"
        );
    }
    let md = dir.path().join("r.md");
    let o = Command::new(BIN)
        .arg("report")
        .arg(&rec)
        .args(["--format", "markdown", "-o"])
        .arg(&md)
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(0));
    let md = std::fs::read_to_string(&md).unwrap();
    let row = md
        .lines()
        .find(|l| l.starts_with("| warning | `BIND-USE-001` | ") && l.contains(" -> "))
        .unwrap_or_else(|| panic!("{md}"));
    assert!(
        row.starts_with(&format!("| warning | `BIND-USE-001` | {at1} (")),
        "the live line's {at1} in {row}"
    );
    assert!(row.contains("(GET /extendedAgentCard -> 404)"), "{row}");
    // repro names the call's event as the place, and its cut keeps the card's exchange
    let min = dir.path().join("min.jsonl");
    let o = Command::new(BIN)
        .arg("repro")
        .arg(&rec)
        .args(["--finding", "BIND-USE-001", "-o"])
        .arg(&min)
        .output()
        .unwrap();
    let said = String::from_utf8_lossy(&o.stdout);
    assert_eq!(o.status.code(), Some(0), "{said}");
    assert!(
        said.contains(&format!("warning[BIND-USE-001] at {at1}")),
        "{said} (live: {live1})"
    );
    // The cut shows the finding again. It is a transcript: its card exchange holds the card
    // the client got through `--rewrite-card` (newcomer25 N9), so no recording header is
    // needed (a native cut's seqs and `cut` mark, N5, are tested in cli_repro's
    // header_dependent_finding_is_cut_as_a_native_recording).
    let text = std::fs::read_to_string(&min).unwrap();
    assert!(
        text.lines().next().unwrap().contains(r#""dir":"req""#),
        "{text}"
    );
    let (code, out, _) = verify_text(&min, &["--fail-on", "never"]);
    assert_eq!(code, Some(0), "{out}");
    assert!(out.contains("warning[BIND-USE-001]"), "{out}");
}

/// A copy of the clean sample recording `recordings/refagent-v1.0-rewrite-card.jsonl`
/// (verify: exit 0, no finding) with its lines `bad` (1 = the header) replaced by `with`.
fn damaged_sample(dir: &Path, bad: &[usize], with: &str) -> std::path::PathBuf {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let text =
        std::fs::read_to_string(root.join("recordings/refagent-v1.0-rewrite-card.jsonl")).unwrap();
    let out: Vec<String> = text
        .lines()
        .enumerate()
        .map(|(i, l)| {
            if bad.contains(&(i + 1)) {
                with.to_string()
            } else {
                l.to_string()
            }
        })
        .collect();
    let p = dir.join("damaged.jsonl");
    std::fs::write(&p, out.join("\n") + "\n").unwrap();
    p
}

/// N4: a recording damaged at middle lines is read past them with `--skip-bad-lines`:
/// stderr, the text, JSON and Markdown reports name the lines skipped, the other
/// exchanges are judged, and the exit status is 1 although the rest has no finding (and
/// with --fail-on never), never the clean 0; without the flag the file is refused (exit
/// 2) with a hint naming the flag.
#[test]
fn n4_skip_bad_lines_reads_the_rest_and_never_exits_clean() {
    let dir = tempfile::tempdir().unwrap();
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let clean = root.join("recordings/refagent-v1.0-rewrite-card.jsonl");
    let (code, out, _) = verify_text(&clean, &[]);
    assert_eq!(code, Some(0), "the control is clean: {out}");
    assert!(
        out.contains("0 errors, 0 warnings, 0 notes in 12 exchanges"),
        "{out}"
    );

    let rec = damaged_sample(dir.path(), &[20, 41], r#"{"seq":19, garbage"#);
    let (code, _, err) = verify_text(&rec, &[]);
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("line 20: not valid JSON"), "{err}");
    assert!(err.contains("add --skip-bad-lines"), "{err}");

    let (code, out, err) = verify_text(&rec, &["--skip-bad-lines"]);
    assert_eq!(code, Some(1), "{out}\n{err}");
    let want = "2 unreadable lines skipped (--skip-bad-lines: lines 20, 41; the first: not valid JSON at column 12: key must be a string)";
    assert!(
        err.contains(&format!("a2a-interop: warning: {}: {want}", rec.display())),
        "{err}"
    );
    assert!(
        out.contains(&format!("warning: damaged.jsonl: {want}")),
        "{out}"
    );
    // the exchanges around the damage are read and judged
    assert!(out.contains(" in 12 exchanges"), "{out}");

    let (code, out, _) = verify_text(&rec, &["--skip-bad-lines", "--fail-on", "never"]);
    assert_eq!(
        code,
        Some(1),
        "skipped lines are not clean under --fail-on never: {out}"
    );

    let json = dir.path().join("r.json");
    let md = dir.path().join("r.md");
    let o = Command::new(BIN)
        .arg("report")
        .arg(&rec)
        .arg("--skip-bad-lines")
        .args(["-f", "json", "-o"])
        .arg(&json)
        .args(["-f", "markdown", "-o"])
        .arg(&md)
        .output()
        .unwrap();
    assert_eq!(
        o.status.code(),
        Some(1),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    let j: serde_json::Value = serde_json::from_slice(&std::fs::read(&json).unwrap()).unwrap();
    assert_eq!(
        j["source"]["skippedLines"],
        serde_json::json!({"count": 2, "lines": [20, 41], "firstCause": "not valid JSON at column 12: key must be a string"})
    );
    // and the JSON report still meets docs/report-schema.json
    let schema: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(root.join("docs/report-schema.json")).unwrap(),
    )
    .unwrap();
    let v = jsonschema::validator_for(&schema).expect("schema compiles");
    let errs: Vec<String> = v.iter_errors(&j).map(|e| e.to_string()).collect();
    assert!(errs.is_empty(), "{errs:?}");
    let md = std::fs::read_to_string(&md).unwrap();
    assert!(md.contains(&format!("- **warning:** {want}")), "{md}");

    // a clean file with the flag stays clean: the flag alone changes nothing
    let (code, _, err) = verify_text(&clean, &["--skip-bad-lines"]);
    assert_eq!(code, Some(0), "{err}");
    assert!(!err.contains("skipped"), "{err}");
}

/// N6: a value a flag does not take names the values it does (clap's own multi-line error
/// listed them; the one-line error had dropped them); a near miss keeps clap's "similar
/// value" tip.
#[test]
fn n6_a_wrong_flag_value_names_the_values() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let clean = root.join("recordings/refagent-v1.0-rewrite-card.jsonl");
    let (code, out, err) = verify_text(&clean, &["--format", "yaml"]);
    assert_eq!(code, Some(2), "{out}");
    assert_eq!(
        err.trim_end(),
        "a2a-interop: invalid value 'yaml' for '--format <FORMAT>'; hint: possible values: text, json, markdown, junit, sarif, html"
    );
    // (`warnings` is taken since review30b, as `warn` is: a misspelling still is not)
    let (code, _, err) = verify_text(&clean, &["--fail-on", "warnign"]);
    assert_eq!(code, Some(2));
    assert_eq!(
        err.trim_end(),
        "a2a-interop: invalid value 'warnign' for '--fail-on <LEVEL>'; hint: possible values: error, warning, note, never (a similar value exists: 'warning')"
    );
    // clap guesses by spelling alone ('html' for xml): JUnit XML is named (newcomer21 N14)
    let (code, _, err) = verify_text(&clean, &["--format", "xml"]);
    assert_eq!(code, Some(2));
    assert_eq!(
        err.trim_end(),
        "a2a-interop: invalid value 'xml' for '--format <FORMAT>'; hint: possible values: text, json, markdown, junit, sarif, html (JUnit XML is `junit`)"
    );
}

/// N8: `proxy --listen 8081` (a port alone) names the address to give; another bad value
/// keeps the general hint. Exit 2 before listening.
#[test]
fn n8_a_port_alone_for_listen_names_the_address() {
    for (given, hint) in [
        ("8081", "give IP:PORT, e.g. --listen 127.0.0.1:8081"),
        (":8081", "give IP:PORT, e.g. --listen 127.0.0.1:8081"),
        ("here", "give IP:PORT"),
    ] {
        let o = Command::new(BIN)
            .args([
                "proxy",
                "--listen",
                given,
                "--upstream",
                "http://127.0.0.1:9",
            ])
            .args(["--no-record"])
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(2), "{err}");
        assert_eq!(
            err.trim_end(),
            format!(
                "a2a-interop: --listen {given:?} is not an address like 127.0.0.1:8080; hint: {hint}"
            )
        );
    }
}

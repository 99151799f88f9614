//! open47: the loose ends of session 46's baselines, on the real binary, real sockets and
//! the real Python SDK agent (`tests/peers/python/agent.py`, a2a-sdk 1.3.0; a missing peer
//! prints `SKIPPED`, or fails under `A2A_INTEROP_REQUIRE_PEERS=1`):
//! - two agents behind one forward proxy keep their own entries: a finding's identity
//!   names the agent's host when the request named one (its port left out on a loopback
//!   host), so a known finding of agent A no longer hides the same new finding of agent B
//!   on the same path, while a session-46 entry without `host` still matches both;
//! - `verify A.jsonl B.jsonl --write-baseline F` writes one file of every finding of every
//!   recording (it was refused, exit 2);
//! - known findings are marked where they are read live: the proxy's finding lines on
//!   stderr and its stop line (`N known, M new`), and `interop`'s stdout.

use crate::harness;

use std::io::{BufRead, Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};
use std::time::{Duration, Instant};

use serde_json::Value;

use harness::{free_port, peers_available, peers_dir, SdkAgent};

const BIN: &str = env!("CARGO_BIN_EXE_a2a-interop");

/// The Python SDK agent over 0.3 HTTP+JSON (JS SDK client): REST-ERROR-001 and
/// CARD-CACHE-001.
const REST03: &str = "tests/captures/js-to-python-rest-v0.3.jsonl";
/// The same agent over 0.3 JSON-RPC: CARD-CACHE-001 alone.
const RPC03: &str = "tests/captures/js-to-python-jsonrpc-v0.3.jsonl";

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn run(args: &[&str]) -> Output {
    Command::new(BIN)
        .current_dir(root())
        .args(args)
        .env_remove("A2A_INTEROP_LOG")
        .env("NO_COLOR", "1")
        .output()
        .expect("binary runs")
}

fn err(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

fn out(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn code(o: &Output) -> i32 {
    o.status.code().unwrap_or(-1)
}

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

fn json(p: &Path) -> Value {
    serde_json::from_slice(&std::fs::read(p).unwrap()).unwrap()
}

/// (rule, leg, host, request, pointer) of each entry of a baseline file, in file order.
fn entries(p: &Path) -> Vec<[String; 5]> {
    json(p)["findings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| {
            let f = |k: &str| e[k].as_str().unwrap_or("").to_string();
            [f("rule"), f("leg"), f("host"), f("request"), f("pointer")]
        })
        .collect()
}

/// The Python SDK agent bound to `host` (a loopback address other than 127.0.0.1 gives a
/// second agent another host on one machine) on a free port, killed on drop.
struct HostAgent {
    child: Child,
    base: String,
}

impl Drop for HostAgent {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn python_agent_on(host: &str) -> HostAgent {
    python_agent_named(host, None)
}

/// [`python_agent_on`] with its card's `name` set (`A2A_NAME`): two agents on one host
/// that a baseline tells apart by it (open48).
fn python_agent_named(host: &str, name: Option<&str>) -> HostAgent {
    let shown = name.unwrap_or("a2a-interop Python test agent");
    for _ in 0..3 {
        let port = free_port();
        let base = format!("http://{host}:{port}");
        let mut child = Command::new(peers_dir().join(".venv/bin/python"))
            .arg("agent.py")
            .current_dir(peers_dir().join("python"))
            .env("A2A_HOST", host)
            .env("A2A_PORT", port.to_string())
            .env_remove("A2A_PUBLIC_URL")
            .env("A2A_NAME", name.unwrap_or(""))
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("spawn the Python SDK agent");
        let deadline = Instant::now() + Duration::from_secs(60);
        loop {
            if let Ok(Some(_)) = child.try_wait() {
                break; // exited at start-up (port taken): another port
            }
            if let Some(r) = get_via(None, &format!("{base}/.well-known/agent-card.json")) {
                if r.starts_with("HTTP/1.1 200") && r.contains(shown) {
                    return HostAgent { child, base };
                }
            }
            if Instant::now() > deadline {
                let _ = child.kill();
                panic!("the Python SDK agent on {base} served no card within 60 s");
            }
            std::thread::sleep(Duration::from_millis(100));
        }
    }
    panic!("the Python SDK agent did not start on {host}");
}

/// A GET of `url`, straight (`proxy` None) or through a forward proxy at `proxy` (the
/// absolute-form request line a client with HTTP_PROXY sends); the whole answer as text.
fn get_via(proxy: Option<&str>, url: &str) -> Option<String> {
    let rest = url.strip_prefix("http://")?;
    let (authority, path) = rest.split_at(rest.find('/').unwrap_or(rest.len()));
    let target = match proxy {
        Some(_) => url.to_string(),
        None => path.to_string(),
    };
    let mut c = std::net::TcpStream::connect(proxy.unwrap_or(authority)).ok()?;
    c.set_read_timeout(Some(Duration::from_secs(20))).ok()?;
    write!(
        c,
        "GET {target} HTTP/1.1\r\nHost: {authority}\r\nConnection: close\r\n\r\n"
    )
    .ok()?;
    let mut resp = String::new();
    c.read_to_string(&mut resp).ok()?;
    Some(resp)
}

/// Runs `proxy --forward` with `extra` flags, fetches each card of `cards` through it, stops
/// it by SIGTERM; its exit status and stderr.
fn forward_proxy_run(rec: &Path, rep: &Path, extra: &[&str], cards: &[&str]) -> (i32, String) {
    let mut child = Command::new(BIN)
        .args(["proxy", "--forward", "--listen", "127.0.0.1:0"])
        .args(["--record", s(rec), "--report", s(rep), "--fail-on", "note"])
        .args(extra)
        .env("NO_COLOR", "1")
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stderr = std::io::BufReader::new(child.stderr.take().unwrap());
    let mut head = String::new();
    let addr = loop {
        let mut l = String::new();
        assert!(stderr.read_line(&mut l).unwrap() > 0, "banner: {head}");
        if let Some(a) = l.split("listening on http://").nth(1) {
            break a
                .trim()
                .trim_end_matches('/')
                .split_whitespace()
                .next()
                .unwrap()
                .to_string();
        }
        head.push_str(&l);
    };
    for base in cards {
        let r = get_via(Some(&addr), &format!("{base}/.well-known/agent-card.json")).unwrap();
        assert!(r.starts_with("HTTP/1.1 200"), "{r}");
    }
    // the live lines are printed by the verifier thread: let it catch up
    std::thread::sleep(Duration::from_millis(500));
    let _ = Command::new("kill")
        .args(["-TERM", &child.id().to_string()])
        .status();
    let mut rest = String::new();
    stderr.read_to_string(&mut rest).unwrap();
    let status = child.wait().unwrap();
    (status.code().unwrap_or(-1), head + &rest)
}

/// Item 1 (and 3 for the proxy): agent A on 127.0.0.1 and agent B on 127.0.0.2, both the
/// Python SDK agent (CARD-CACHE-001: its card has no Cache-Control) behind one forward
/// proxy. Run 1 fetches A's card and writes the baseline: its entry names A's host without
/// its port. Run 2, both agents started again on other ports, fetches both cards with that
/// baseline: A's finding is known (its port changed: still matched), B's is new and fails
/// the run (session 46: both known, exit 0, B's fault hidden). The live line of A's
/// finding says `(known, in the baseline)` and B's does not; the stop line says `1 known,
/// 1 new`. A session-46 file (no `host`) still knows both, as it did, and a rewrite from it
/// keeps its reason on both hosts' entries.
#[test]
fn two_agents_behind_one_forward_proxy_keep_their_own_entries() {
    if !peers_available(
        "two_agents_behind_one_forward_proxy_keep_their_own_entries",
        &[harness::Sdk::Python],
    ) {
        return;
    }
    let d = tempfile::tempdir().unwrap();
    let b = d.path().join("b.json");
    let (rec1, rep1) = (d.path().join("r1.jsonl"), d.path().join("r1.json"));
    let a1 = python_agent_on("127.0.0.1");
    let (c1, e1) = forward_proxy_run(&rec1, &rep1, &["--write-baseline", s(&b)], &[&a1.base]);
    drop(a1);
    assert_eq!(c1, 0, "{e1}");
    let cache: Vec<_> = entries(&b)
        .into_iter()
        .filter(|e| e[0] == "CARD-CACHE-001")
        .collect();
    assert_eq!(
        cache,
        vec![[
            "CARD-CACHE-001".to_string(),
            "client".into(),
            "127.0.0.1".into(),
            "GET /.well-known/agent-card.json".into(),
            String::new()
        ]],
        "{}",
        std::fs::read_to_string(&b).unwrap()
    );

    let (a2, b2) = (python_agent_on("127.0.0.1"), python_agent_on("127.0.0.2"));
    let (rec2, rep2) = (d.path().join("r2.jsonl"), d.path().join("r2.json"));
    let (c2, e2) = forward_proxy_run(&rec2, &rep2, &["--baseline", s(&b)], &[&a2.base, &b2.base]);
    drop((a2, b2));
    assert_eq!(c2, 1, "B's finding is new: {e2}");
    let report = json(&rep2);
    let cache: Vec<(String, String)> = report["findings"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|f| f["rule"] == "CARD-CACHE-001")
        .map(|f| {
            (
                f["evidence"][0]["exchange"]
                    .as_str()
                    .unwrap_or("")
                    .to_string(),
                f["baselineState"].as_str().unwrap_or("-").to_string(),
            )
        })
        .collect();
    assert_eq!(cache.len(), 2, "{report}");
    let states: Vec<&str> = cache.iter().map(|(_, st)| st.as_str()).collect();
    assert!(
        states.contains(&"unchanged") && states.contains(&"new"),
        "A's known, B's new: {cache:?}"
    );
    // the live lines: A's (fetched first, e1) marked, B's not
    let live: Vec<&str> = e2
        .lines()
        .filter(|l| l.starts_with("note[CARD-CACHE-001]"))
        .collect();
    assert_eq!(live.len(), 2, "{e2}");
    assert!(
        live[0].starts_with("note[CARD-CACHE-001] (known, in the baseline) "),
        "{live:?}"
    );
    assert!(!live[1].contains("(known, in the baseline)"), "{live:?}");
    // the stop's count line says it, as verify's line does
    let stop = e2
        .lines()
        .find(|l| l.contains("report written to"))
        .unwrap_or_else(|| panic!("{e2}"));
    assert!(stop.contains("known, ") && stop.contains(" new;"), "{stop}");
    let known = report["baseline"]["unchanged"].as_u64().unwrap();
    let new = report["baseline"]["new"].as_u64().unwrap();
    assert!(
        stop.contains(&format!("; {known} known, {new} new; ")),
        "{stop}"
    );
    assert!(new >= 1, "{report}");

    // a session-46 file: no host, so any host's finding matches it, as it did
    let old = d.path().join("old.json");
    std::fs::write(
        &old,
        r#"{"schema":"a2a-interop/baseline/v1","findings":[{"rule":"CARD-CACHE-001","leg":"client","request":"GET /.well-known/agent-card.json","reason":"a2a-sdk sends no Cache-Control"}]}"#,
    )
    .unwrap();
    let o = run(&[
        "verify",
        s(&rec2),
        "--baseline",
        s(&old),
        "--fail-on",
        "note",
    ]);
    let st = |o: &Output| -> Vec<String> {
        let rep: Value = serde_json::from_str(&out(o)).unwrap();
        rep["findings"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|f| f["rule"] == "CARD-CACHE-001")
            .map(|f| f["baselineState"].as_str().unwrap().to_string())
            .collect()
    };
    let j = run(&[
        "verify",
        s(&rec2),
        "--baseline",
        s(&old),
        "-f",
        "json",
        "-o",
        "-",
    ]);
    let got = st(&j);
    assert!(
        !got.is_empty() && got.iter().all(|s| s == "unchanged"),
        "{got:?} {}",
        err(&j)
    );
    assert!(
        !err(&o).contains("CARD-CACHE-001 (note)"),
        "the old entry knows both: {}",
        err(&o)
    );
    // the new file knows A's only, offline as live
    let j = run(&[
        "verify",
        s(&rec2),
        "--baseline",
        s(&b),
        "-f",
        "json",
        "-o",
        "-",
    ]);
    let mut got = st(&j);
    got.sort();
    assert_eq!(got, vec!["new", "unchanged"], "{}", err(&j));
    // a rewrite from the old file: one entry per host, each with the old reason
    let w = d.path().join("w.json");
    let o = run(&[
        "verify",
        s(&rec2),
        "--baseline",
        s(&old),
        "--write-baseline",
        s(&w),
    ]);
    assert!(code(&o) < 2, "{}", err(&o));
    let doc = json(&w);
    let hosts: Vec<(String, String)> = doc["findings"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|e| e["rule"] == "CARD-CACHE-001")
        .map(|e| {
            (
                e["host"].as_str().unwrap_or("").to_string(),
                e["reason"].as_str().unwrap_or("").to_string(),
            )
        })
        .collect();
    assert_eq!(
        hosts,
        vec![
            ("127.0.0.1".into(), "a2a-sdk sends no Cache-Control".into()),
            ("127.0.0.2".into(), "a2a-sdk sends no Cache-Control".into())
        ]
    );
}

/// A reverse proxy's (and a probe's) requests are origin-form: no host enters the key, so a
/// baseline of the captures is the bytes session 46 wrote (no `host` member at all).
#[test]
fn origin_form_traffic_writes_no_host() {
    let d = tempfile::tempdir().unwrap();
    let b = d.path().join("b.json");
    let o = run(&["verify", REST03, "--write-baseline", s(&b)]);
    assert_eq!(code(&o), 0, "{}", err(&o));
    let text = std::fs::read_to_string(&b).unwrap();
    assert!(!text.contains("\"host\""), "{text}");
    assert!(
        entries(&b).iter().any(|e| e[0] == "REST-ERROR-001"),
        "{text}"
    );
}

/// Item 2: `verify A B --write-baseline F` writes one file holding every finding of both
/// recordings (session 46 refused it, exit 2), sorted and deduplicated (CARD-CACHE-001 of
/// both once), the same bytes whatever the order of the files, and the union of what each
/// file alone writes; judged against what it wrote, the run exits 0 and each file's line
/// says its findings are known; `--baseline` of it then passes both files.
#[test]
fn verify_of_several_recordings_writes_one_baseline_of_all() {
    let d = tempfile::tempdir().unwrap();
    let (ab, ba, a, b) = (
        d.path().join("ab.json"),
        d.path().join("ba.json"),
        d.path().join("a.json"),
        d.path().join("b.json"),
    );
    let o = run(&["verify", REST03, RPC03, "--write-baseline", s(&ab)]);
    assert_eq!(code(&o), 0, "{}{}", out(&o), err(&o));
    assert!(
        err(&o).contains(&format!("wrote baseline {}: ", s(&ab))) && err(&o).contains("of 2 files"),
        "{}",
        err(&o)
    );
    // each file's line: all its findings known (judged against what was written)
    let text = out(&o);
    let lines: Vec<&str> = text.lines().filter(|l| l.starts_with("ok ")).collect();
    assert_eq!(lines.len(), 2, "{text}");
    assert!(lines.iter().all(|l| l.ends_with(" 0 new")), "{lines:?}");
    let o = run(&["verify", RPC03, REST03, "--write-baseline", s(&ba)]);
    assert_eq!(code(&o), 0, "{}", err(&o));
    assert_eq!(
        std::fs::read(&ab).unwrap(),
        std::fs::read(&ba).unwrap(),
        "the order of the files changes nothing"
    );
    assert_eq!(
        code(&run(&["verify", REST03, "--write-baseline", s(&a)])),
        0
    );
    assert_eq!(code(&run(&["verify", RPC03, "--write-baseline", s(&b)])), 0);
    let mut union = entries(&a);
    union.extend(entries(&b));
    union.sort();
    union.dedup();
    assert_eq!(entries(&ab), union, "sorted, each key once");
    assert!(
        entries(&a).len() > entries(&b).len() && entries(&b).iter().all(|e| union.contains(e)),
        "the REST recording adds entries of its own"
    );
    let o = run(&[
        "verify",
        REST03,
        RPC03,
        "--baseline",
        s(&ab),
        "--fail-on",
        "note",
    ]);
    assert_eq!(code(&o), 0, "{}{}", out(&o), err(&o));
    // a file that cannot be verified: no baseline written (its findings would be missing)
    let partial = d.path().join("partial.json");
    let o = run(&[
        "verify",
        REST03,
        "no-such-file.jsonl",
        "--write-baseline",
        s(&partial),
    ]);
    assert_eq!(code(&o), 2, "{}", err(&o));
    assert!(!partial.exists(), "{}", err(&o));
    assert!(
        err(&o).contains("not written: no-such-file.jsonl could not be verified"),
        "{}",
        err(&o)
    );
}

/// Item 3 (interop): two Python SDK agents, a baseline written by one interop run, then
/// judged by a second: interop's stdout marks each known finding `(known, in the
/// baseline)` (it did not), and each direction's count line says `N known, M new`.
#[test]
fn interop_stdout_marks_the_known_findings() {
    if !peers_available(
        "interop_stdout_marks_the_known_findings",
        &[harness::Sdk::Python],
    ) {
        return;
    }
    let rt = tokio::runtime::Runtime::new().unwrap();
    let a = rt.block_on(SdkAgent::start(harness::Sdk::Python, None));
    let b = rt.block_on(SdkAgent::start(harness::Sdk::Python, None));
    let d = tempfile::tempdir().unwrap();
    let bl = d.path().join("b.json");
    let o = run(&[
        "interop",
        &a.base_url(),
        &b.base_url(),
        "--write-baseline",
        s(&bl),
    ]);
    assert!(code(&o) < 2, "{}{}", out(&o), err(&o));
    assert!(!entries(&bl).is_empty(), "{}", err(&o));
    let o = run(&[
        "interop",
        &a.base_url(),
        &b.base_url(),
        "--baseline",
        s(&bl),
    ]);
    assert!(code(&o) < 2, "{}{}", out(&o), err(&o));
    let text = out(&o);
    let findings: Vec<&str> = text
        .lines()
        .filter(|l| l.starts_with("note[") || l.starts_with("warning[") || l.starts_with("error["))
        .collect();
    assert!(!findings.is_empty(), "{text}");
    let known = findings
        .iter()
        .filter(|l| l.contains("] (known, in the baseline) "))
        .count();
    assert!(known >= 1, "{text}");
    // each direction's count line
    let counts: Vec<&str> = text.lines().filter(|l| l.contains(" known, ")).collect();
    assert_eq!(counts.len(), 2, "{text}");
    assert!(counts.iter().all(|l| l.contains(" new); ")), "{counts:?}");
    // and without a baseline nothing is marked
    let o = run(&["interop", &a.base_url(), &b.base_url()]);
    assert!(!out(&o).contains("(known, in the baseline)"), "{}", out(&o));
}

/// open48 item 2: two Python SDK agents on the same loopback host, 127.0.0.1, behind one
/// forward proxy. Session 47 left a loopback finding's port out of its `host` (a test
/// agent's port changes each run), so the two shared every entry: agent A's known
/// CARD-CACHE-001 hid agent B's. What tells them apart and stays the same run after run is
/// the Agent Card's `name`, which the recording holds (each client fetches the card it
/// talks to); the path does not (both serve `/`), nor the port. Run 1 (agent A) writes an
/// entry naming `agent: open48 agent A`; run 2 (A and B, both on new ports) with it: A's
/// finding is known, live and in the report, B's is new and fails the run (before: both
/// known, exit 0). A session-47 entry (`host` 127.0.0.1, no `agent`) still knows both.
#[test]
fn two_agents_on_one_loopback_host_keep_their_own_entries_by_card_name() {
    if !peers_available(
        "two_agents_on_one_loopback_host_keep_their_own_entries_by_card_name",
        &[harness::Sdk::Python],
    ) {
        return;
    }
    let (name_a, name_b) = ("open48 agent A", "open48 agent B");
    let d = tempfile::tempdir().unwrap();
    let b = d.path().join("b.json");
    let (rec1, rep1) = (d.path().join("r1.jsonl"), d.path().join("r1.json"));
    let a1 = python_agent_named("127.0.0.1", Some(name_a));
    let (c1, e1) = forward_proxy_run(&rec1, &rep1, &["--write-baseline", s(&b)], &[&a1.base]);
    drop(a1);
    assert_eq!(c1, 0, "{e1}");
    let doc = json(&b);
    let cache: Vec<&Value> = doc["findings"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|e| e["rule"] == "CARD-CACHE-001")
        .collect();
    assert_eq!(cache.len(), 1, "{doc:#}");
    assert_eq!(cache[0]["host"], "127.0.0.1", "{doc:#}");
    assert_eq!(cache[0]["agent"], name_a, "{doc:#}");

    let (a2, b2) = (
        python_agent_named("127.0.0.1", Some(name_a)),
        python_agent_named("127.0.0.1", Some(name_b)),
    );
    let (rec2, rep2) = (d.path().join("r2.jsonl"), d.path().join("r2.json"));
    let (c2, e2) = forward_proxy_run(&rec2, &rep2, &["--baseline", s(&b)], &[&a2.base, &b2.base]);
    drop((a2, b2));
    assert_eq!(c2, 1, "B's finding is new: {e2}");
    let report = json(&rep2);
    // by exchange: A's card was fetched first
    let mut states: Vec<(u64, String)> = report["findings"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|f| f["rule"] == "CARD-CACHE-001")
        .map(|f| {
            (
                f["evidence"][0]["exchange"]
                    .as_str()
                    .and_then(|x| x.trim_start_matches('e').parse().ok())
                    .unwrap_or(0),
                f["baselineState"].as_str().unwrap_or("-").to_string(),
            )
        })
        .collect();
    states.sort();
    let states: Vec<&str> = states.iter().map(|(_, st)| st.as_str()).collect();
    assert_eq!(states, vec!["unchanged", "new"], "{report}");
    // the live lines: A's (fetched first) marked, B's not
    let live: Vec<&str> = e2
        .lines()
        .filter(|l| l.starts_with("note[CARD-CACHE-001]"))
        .collect();
    assert_eq!(live.len(), 2, "{e2}");
    assert!(
        live[0].starts_with("note[CARD-CACHE-001] (known, in the baseline) "),
        "{live:?}"
    );
    assert!(!live[1].contains("(known, in the baseline)"), "{live:?}");
    assert_eq!(report["baseline"]["new"], 1, "{report}");
    assert_eq!(report["baseline"]["unchanged"], 1, "{report}");
    // offline, the same
    let st = |o: &Output| -> Vec<String> {
        let rep: Value = serde_json::from_str(&out(o)).unwrap();
        let mut v: Vec<String> = rep["findings"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|f| f["rule"] == "CARD-CACHE-001")
            .map(|f| f["baselineState"].as_str().unwrap().to_string())
            .collect();
        v.sort();
        v
    };
    let j = run(&[
        "verify",
        s(&rec2),
        "--baseline",
        s(&b),
        "-f",
        "json",
        "-o",
        "-",
    ]);
    assert_eq!(st(&j), vec!["new", "unchanged"], "{}", err(&j));
    // a session-47 entry: host without agent, any agent on that host, as it did
    let old = d.path().join("old47.json");
    std::fs::write(
        &old,
        r#"{"schema":"a2a-interop/baseline/v1","findings":[{"rule":"CARD-CACHE-001","leg":"client","host":"127.0.0.1","request":"GET /.well-known/agent-card.json"}]}"#,
    )
    .unwrap();
    let j = run(&[
        "verify",
        s(&rec2),
        "--baseline",
        s(&old),
        "-f",
        "json",
        "-o",
        "-",
    ]);
    // (both agents' findings known: the report may list them as one, seen twice)
    let got = st(&j);
    assert!(
        !got.is_empty() && got.iter().all(|s| s == "unchanged"),
        "{got:?} {}",
        err(&j)
    );
}

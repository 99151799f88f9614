//! breaker10n N15, N21: what a report says beyond its findings. Exchanges the proxy answered
//! itself (its agent down) are named in every report format (N15); the text and Markdown
//! reports list findings errors first, grouped by rule, with a per-rule summary and counts
//! that agree with the lists they print (N21). Real processes, real loopback sockets, real
//! files.

use crate::proxy_process;

use std::io::{Read, Write};
use std::net::{TcpListener, TcpStream};
use std::path::Path;
use std::process::Command;
use std::time::Duration;

use proxy_process::spawn_until_listening;

const BIN: &str = env!("CARGO_BIN_EXE_a2a-interop");

/// One HTTP/1.1 GET through `addr`, the whole answer as text.
fn get(addr: &str, path: &str) -> String {
    let mut s = TcpStream::connect(addr.trim_end_matches('/')).unwrap();
    s.set_read_timeout(Some(Duration::from_secs(20))).unwrap();
    write!(
        s,
        "GET {path} HTTP/1.1\r\nHost: agent\r\nA2A-Version: 0.3\r\nConnection: close\r\n\r\n"
    )
    .unwrap();
    let mut out = String::new();
    s.read_to_string(&mut out).unwrap();
    out
}

/// A small real HTTP/1.1 server on loopback answering every request `200` with `{}`
/// (JSON), until the test process ends; its `host:port`.
fn tiny_agent() -> String {
    let l = TcpListener::bind("127.0.0.1:0").unwrap();
    let addr = l.local_addr().unwrap().to_string();
    std::thread::spawn(move || {
        for mut s in l.incoming().map_while(Result::ok) {
            let mut buf = [0u8; 4096];
            let mut head = Vec::new();
            while !head.windows(4).any(|w| w == b"\r\n\r\n") {
                match s.read(&mut buf) {
                    Ok(0) | Err(_) => break,
                    Ok(n) => head.extend_from_slice(&buf[..n]),
                }
            }
            let _ = s.write_all(
                b"HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: 2\r\nconnection: close\r\n\r\n{}",
            );
        }
    });
    addr
}

fn report(rec: &Path, format: &str) -> String {
    let o = Command::new(BIN)
        .arg("report")
        .arg(rec)
        .args(["--format", format])
        .output()
        .unwrap();
    assert!(
        o.status.code() == Some(0) || o.status.code() == Some(1),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    String::from_utf8(o.stdout).unwrap()
}

#[test]
fn exchanges_the_proxy_answered_itself_are_in_every_report_format() {
    let dir = tempfile::tempdir().unwrap();
    let rec = dir.path().join("down.jsonl");
    // refusing for the whole test (held: no other test can listen on it meanwhile)
    let dead = proxy_process::ReservedPort::bind();
    let port = dead.port();
    let running = spawn_until_listening(
        Command::new(BIN)
            .args(["proxy", "--listen", "127.0.0.1:0"])
            .args(["--route", &format!("/live=http://{}", tiny_agent())])
            .args(["--route", &format!("/dead=http://127.0.0.1:{port}")])
            .arg("--record")
            .arg(&rec),
        Duration::from_secs(20),
    );
    let addr = running.addr.clone();
    let answer = get(&addr, "/live/x");
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
    for path in [
        "/dead/rest/v1/tasks/one",
        "/dead/rest/v1/tasks/two",
        "/dead/x",
    ] {
        let answer = get(&addr, path);
        assert!(answer.starts_with("HTTP/1.1 502"), "{answer}");
    }
    running.terminate();

    // JSON: the count and one entry (one target, one cause: the paths do not split it)
    let json: serde_json::Value = serde_json::from_str(&report(&rec, "json")).unwrap();
    let schema: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(
            Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/report-schema.json"),
        )
        .unwrap(),
    )
    .unwrap();
    let v = jsonschema::validator_for(&schema).expect("schema compiles");
    let errs: Vec<String> = v.iter_errors(&json).map(|e| e.to_string()).collect();
    assert!(errs.is_empty(), "{errs:?}");
    assert_eq!(json["counts"]["proxyAnswered"], 3, "{json:#}");
    let pa = json["proxyAnswered"].as_array().expect("proxyAnswered");
    assert_eq!(pa.len(), 1, "{pa:?}");
    assert_eq!(pa[0]["status"], 502);
    assert_eq!(pa[0]["parties"], "client -> /dead");
    assert_eq!(pa[0]["exchanges"], 3);
    assert_eq!(pa[0]["examples"], serde_json::json!(["e2", "e3", "e4"]));
    let cause = pa[0]["cause"].as_str().unwrap();
    assert_eq!(
        cause.split(": ").next().unwrap(),
        format!("upstream http://127.0.0.1:{port} unreachable"),
        "{cause}"
    );

    let line = "3 exchanges (e2, e3, e4) [client -> /dead]: answered 502 by the proxy itself";
    let text = report(&rec, "text");
    assert!(
        text.contains(&format!("note: not answered by the target: {line}")),
        "{text}"
    );
    assert!(
        text.contains("in 4 exchanges, 3 answered by the proxy itself"),
        "{text}"
    );
    let md = report(&rec, "markdown");
    assert!(md.contains("## Not answered by the target"), "{md}");
    assert!(md.contains(line), "{md}");
    let html = report(&rec, "html");
    assert!(
        html.contains("<h2>Not answered by the target</h2>"),
        "{html}"
    );
    assert!(html.contains(&line.replace('>', "&gt;")), "{html}");
    let junit = report(&rec, "junit");
    assert!(junit.contains("name=\"proxyAnswered\""), "{junit}");
    assert!(junit.contains(&line.replace('>', "&gt;")), "{junit}");
    let sarif: serde_json::Value = serde_json::from_str(&report(&rec, "sarif")).unwrap();
    let run = &sarif["runs"][0];
    assert!(
        run["properties"]["proxyAnswered"][0]
            .as_str()
            .unwrap()
            .starts_with(line),
        "{run:#}"
    );
    let note = run["invocations"][0]["toolExecutionNotifications"][0]["message"]["text"]
        .as_str()
        .unwrap();
    assert!(note.starts_with("not answered by the target: "), "{note}");
    assert_eq!(run["invocations"][0]["executionSuccessful"], true);
}

/// The shared field cases (`tests/cases/CASE-*.jsonl`) six times over as one transcript
/// (ids made unique per round, times rising): many findings, most seen six times, of
/// every severity, first seen in mixed order (breaker10n's `mkmany.py`).
fn many_findings(dir: &Path) -> std::path::PathBuf {
    let cases = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/cases");
    let mut files: Vec<_> = std::fs::read_dir(&cases)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| {
            let n = p.file_name().unwrap().to_str().unwrap();
            n.starts_with("CASE-") && n.ends_with(".jsonl")
        })
        .collect();
    files.sort();
    assert!(files.len() >= 20, "{files:?}");
    let mut out = String::new();
    let mut t = 0.0f64;
    for round in 0..6 {
        for f in &files {
            let case = f.file_stem().unwrap().to_str().unwrap();
            for line in std::fs::read_to_string(f).unwrap().lines() {
                if line.trim().is_empty() {
                    continue;
                }
                let mut v: serde_json::Value = serde_json::from_str(line).unwrap();
                if let Some(id) = v.get("id").and_then(|i| i.as_str()).map(str::to_string) {
                    v["id"] = format!("{round}-{case}-{id}").into();
                }
                t += 0.01;
                v["t"] = serde_json::json!((t * 1000.0).round() / 1000.0);
                out.push_str(&v.to_string());
                out.push('\n');
            }
        }
    }
    let path = dir.join("many.jsonl");
    std::fs::write(&path, out).unwrap();
    path
}

fn rank(sev: &str) -> u8 {
    match sev {
        "error" => 0,
        "warning" => 1,
        "note" => 2,
        other => panic!("severity {other}"),
    }
}

#[test]
fn many_findings_read_errors_first_by_rule_with_counts_that_agree() {
    let dir = tempfile::tempdir().unwrap();
    let file = many_findings(dir.path());
    let json: serde_json::Value = serde_json::from_str(&report(&file, "json")).unwrap();
    let findings = json["findings"].as_array().unwrap();
    // the input is what the test needs: several severities, out of order in the JSON
    let sevs: Vec<u8> = findings
        .iter()
        .map(|f| rank(f["severity"].as_str().unwrap()))
        .collect();
    assert!(sevs.windows(2).any(|w| w[0] > w[1]), "{sevs:?}");
    assert!(sevs.contains(&0) && sevs.contains(&1), "{sevs:?}");
    let by_key = |rule: &str, msg: &str| {
        findings
            .iter()
            .find(|f| f["rule"] == rule && f["message"] == msg)
            .unwrap_or_else(|| panic!("{rule}: {msg} not in the JSON report"))
    };

    let text = report(&file, "text");
    // blocks: errors, then warnings, then notes; by rule within a severity
    let heads: Vec<(u8, String, String)> = text
        .lines()
        .filter_map(|l| {
            let (sev, rest) = l.split_once('[')?;
            let (rule, msg) = rest.split_once("]: ")?;
            ["error", "warning", "note"]
                .contains(&sev)
                .then(|| (rank(sev), rule.to_string(), msg.to_string()))
        })
        .collect();
    assert_eq!(heads.len(), findings.len(), "{text}");
    // (a finding naming another as its root cause, " (caused by RULE: ...)", comes after
    // the others of its severity: `report::text::reading_order`)
    let key = |h: &(u8, String, String)| (h.0, h.2.contains(" (caused by "), h.1.clone());
    for w in heads.windows(2) {
        assert!(key(&w[0]) <= key(&w[1]), "{:?} before {:?}", w[0], w[1]);
    }
    // every block's counts agree with the JSON report's evidence
    let blocks: Vec<&str> = text.split("\n\n").collect();
    let mut checked_cut = false;
    for (sev, rule, msg) in &heads {
        let f = by_key(rule, msg);
        let block = blocks
            .iter()
            .find(|b| {
                b.starts_with(&format!(
                    "{}[{rule}]: {msg}\n",
                    ["error", "warning", "note"][*sev as usize]
                ))
            })
            .unwrap();
        let seen = f["seen"].as_u64().unwrap_or(1);
        let evidence = f["evidence"].as_array().unwrap();
        let mut xs: Vec<&str> = Vec::new();
        for x in evidence.iter().filter_map(|e| e["exchange"].as_str()) {
            if !xs.contains(&x) {
                xs.push(x);
            }
        }
        let arrows = block.lines().filter(|l| l.starts_with("  --> ")).count();
        let more = block
            .lines()
            .find_map(|l| l.strip_prefix("   = ")?.split_once(" more evidence line"))
            .map(|(n, _)| n.parse::<usize>().unwrap())
            .unwrap_or(0);
        assert_eq!(arrows + more, evidence.len(), "{block}");
        if seen > 1 {
            let line = block
                .lines()
                .find_map(|l| l.strip_prefix("   = seen: "))
                .unwrap_or_else(|| panic!("{block}"));
            let want = format!(
                "{seen} times, in {} exchange{}: ",
                xs.len(),
                if xs.len() == 1 { "" } else { "s" }
            );
            assert!(line.starts_with(&want), "{line} / {want}");
            let listed = &line[want.len()..];
            let (names, rest) = match listed.split_once(" and ") {
                Some((n, r)) => (
                    n,
                    r.strip_suffix(" more").unwrap().parse::<usize>().unwrap(),
                ),
                None => (listed, 0),
            };
            let names: Vec<&str> = names.split(", ").collect();
            assert_eq!(names.len() + rest, xs.len(), "{line}");
            assert_eq!(names, xs[..names.len()], "{line}");
            checked_cut |= rest > 0 && more > 0;
        }
    }
    assert!(checked_cut, "no finding long enough to be cut:\n{text}");

    // the per-rule summary: one row per rule, counts = the JSON report's
    let summary = text
        .split("findings by rule:\n")
        .nth(1)
        .unwrap_or_else(|| panic!("{text}"));
    let rows: Vec<&str> = summary.lines().take_while(|l| !l.is_empty()).collect();
    let mut rules: Vec<(u8, &str)> = findings
        .iter()
        .map(|f| {
            (
                rank(f["severity"].as_str().unwrap()),
                f["rule"].as_str().unwrap(),
            )
        })
        .collect();
    rules.sort();
    rules.dedup();
    assert_eq!(rows.len(), rules.len(), "{summary}");
    for (row, (sev, rule)) in rows.iter().zip(&rules) {
        let of_rule: Vec<_> = findings.iter().filter(|f| f["rule"] == *rule).collect();
        let times: u64 = of_rule
            .iter()
            .map(|f| f["seen"].as_u64().unwrap_or(1))
            .sum();
        let words: Vec<&str> = row.split_whitespace().collect();
        assert_eq!(
            words[0],
            ["error", "warning", "note"][*sev as usize],
            "{row}"
        );
        assert_eq!(words[1], *rule, "{row}");
        assert_eq!(words[2].parse::<usize>().unwrap(), of_rule.len(), "{row}");
        assert_eq!(words[5].parse::<u64>().unwrap(), times, "{row}");
    }

    // Markdown: the same order in its table, and the per-rule table
    let md = report(&file, "markdown");
    let table_rules: Vec<(u8, String)> = md
        .lines()
        .filter_map(|l| {
            let cells: Vec<&str> = l.split(" | ").collect();
            (cells.len() == 4 && l.starts_with("| ") && cells[1].starts_with('`'))
                .then(|| {
                    let sev = cells[0].trim_start_matches("| ");
                    ["error", "warning", "note"]
                        .contains(&sev)
                        .then(|| (rank(sev), cells[1].trim_matches('`').to_string()))
                })
                .flatten()
        })
        .collect();
    // the per-rule table first, then the findings table
    assert_eq!(table_rules.len(), rules.len() + findings.len(), "{md}");
    let (tally, list) = table_rules.split_at(rules.len());
    assert!(tally.windows(2).all(|w| w[0] < w[1]), "{tally:?}");
    // the findings in the text report's order: by severity, a finding naming another as its
    // root cause (" (caused by RULE: ...)") after the others, by rule
    let mut want: Vec<(u8, bool, String)> = findings
        .iter()
        .map(|f| {
            (
                rank(f["severity"].as_str().unwrap()),
                f["message"].as_str().unwrap().contains(" (caused by "),
                f["rule"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    want.sort();
    let want: Vec<(u8, String)> = want.into_iter().map(|(s, _, r)| (s, r)).collect();
    assert_eq!(list, &want[..], "{list:?}");
    assert!(
        md.contains("| severity | rule | findings | occurrences (seen) |"),
        "{md}"
    );
    // ux20 N3: the header's counts say they count findings, and how many occurrences
    // those are, from the JSON report's own numbers
    let n_rules: std::collections::BTreeSet<&str> = findings
        .iter()
        .map(|f| f["rule"].as_str().unwrap())
        .collect();
    let seen: u64 = findings
        .iter()
        .map(|f| f["seen"].as_u64().unwrap_or(1))
        .sum();
    assert!(
        seen > findings.len() as u64,
        "the input repeats a finding: {seen}"
    );
    let want = format!(
        "; {} findings of {} rules, seen {seen} times (a finding seen again is counted once)",
        findings.len(),
        n_rules.len()
    );
    let line = md
        .lines()
        .find(|l| l.starts_with("- **findings:** "))
        .unwrap_or_else(|| panic!("{md}"));
    assert!(
        line.ends_with(&want),
        "want {want:?} at the end of {line:?}"
    );
}

/// `verify FILE -f json`: exit code, the JSON report, stderr.
fn verify_json(file: &Path) -> (Option<i32>, serde_json::Value, String) {
    let o = Command::new(BIN)
        .arg("verify")
        .arg(file)
        .args(["--format", "json"])
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&o.stderr).into_owned();
    let v = serde_json::from_slice(&o.stdout).unwrap_or_else(|e| panic!("{e}: {stderr}"));
    (o.status.code(), v, stderr)
}

fn rule_messages(v: &serde_json::Value) -> Vec<(String, String)> {
    let mut out: Vec<(String, String)> = v["findings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| {
            (
                f["rule"].as_str().unwrap().to_string(),
                f["message"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    out.sort();
    out
}

/// breaker10n N13: a hand-edited recording. Lines copied verbatim are read once (the agent
/// is not blamed for doubled bodies) and said to be duplicates; lines moved are said to be
/// out of order, not missing.
#[test]
fn duplicate_and_moved_recording_lines_are_named_as_such() {
    let dir = tempfile::tempdir().unwrap();
    let orig = Path::new(env!("CARGO_MANIFEST_DIR")).join("recordings/demo.jsonl");
    let text = std::fs::read_to_string(&orig).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    let (code, want, _) = verify_json(&orig);
    assert!(want["source"].get("seqBreaks").is_none(), "{want:#}");

    // every response chunk twice, verbatim
    let mut dup = String::new();
    let mut copies = 0;
    for l in &lines {
        dup.push_str(l);
        dup.push('\n');
        if l.contains("\"type\":\"response_chunk\"") {
            dup.push_str(l);
            dup.push('\n');
            copies += 1;
        }
    }
    assert!(copies > 3, "{copies}");
    let dup_file = dir.path().join("dup.jsonl");
    std::fs::write(&dup_file, dup).unwrap();
    let (dcode, got, stderr) = verify_json(&dup_file);
    assert_eq!(dcode, code, "{stderr}");
    assert_eq!(rule_messages(&got), rule_messages(&want), "{stderr}");
    assert_eq!(got["source"]["seqBreaks"]["duplicates"], copies, "{got:#}");
    assert_eq!(got["source"]["seqBreaks"]["missing"], 0);
    assert!(
        stderr.contains(&format!(
            "{copies} exact duplicate lines (same seq, same content) skipped"
        )),
        "{stderr}"
    );

    // every exchange_end moved up, right after the header: nothing is missing
    let (ends, rest): (Vec<&str>, Vec<&str>) = lines[1..]
        .iter()
        .partition(|l| l.contains("\"type\":\"exchange_end\""));
    assert!(ends.len() > 1);
    let moved: String = std::iter::once(lines[0])
        .chain(ends.iter().copied())
        .chain(rest.iter().copied())
        .map(|l| format!("{l}\n"))
        .collect();
    let moved_file = dir.path().join("moved.jsonl");
    std::fs::write(&moved_file, moved).unwrap();
    let (_, got, stderr) = verify_json(&moved_file);
    let b = &got["source"]["seqBreaks"];
    assert_eq!(b["missing"], 0, "{got:#}");
    assert!(b.get("duplicates").is_none(), "{b}");
    assert!(
        b["outOfOrder"].as_u64().unwrap() >= rest.len() as u64 - 1,
        "{b}"
    );
    assert!(stderr.contains("lines out of seq order"), "{stderr}");
    assert!(!stderr.contains("events missing"), "{stderr}");
}

/// breaker10n N19: a `--route` prefix in UTF-8 routes the requests clients send for it
/// (percent-encoded, hex digits in either case).
#[test]
fn unicode_route_prefix_routes_encoded_paths() {
    let dir = tempfile::tempdir().unwrap();
    let running = spawn_until_listening(
        Command::new(BIN)
            .args(["proxy", "--listen", "127.0.0.1:0"])
            .args([
                "--route",
                &format!("/日本={}", format_args!("http://{}", tiny_agent())),
            ])
            .arg("--record")
            .arg(dir.path().join("uni.jsonl")),
        Duration::from_secs(20),
    );
    let addr = running.addr.clone();
    for path in ["/%E6%97%A5%E6%9C%AC/x", "/%e6%97%a5%e6%9c%ac/x"] {
        let answer = get(&addr, path);
        assert!(answer.starts_with("HTTP/1.1 200"), "{path}: {answer}");
    }
    let answer = get(&addr, "/other");
    assert!(answer.starts_with("HTTP/1.1 404"), "{answer}");
    running.terminate();
}

/// breaker10n N22: `demo --listen` without `--agent-only` is refused, not ignored, and
/// `verify --help` / `report --help` say that FILE may be `-`.
#[test]
fn demo_listen_without_agent_only_is_refused_and_help_names_stdin() {
    let dir = tempfile::tempdir().unwrap();
    let rec = dir.path().join("demo.jsonl");
    let o = Command::new(BIN)
        .args(["demo", "--listen", "127.0.0.1:1"])
        .arg("--record")
        .arg(&rec)
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("--agent-only"), "{err}");
    assert!(!rec.exists());
    for cmd in ["verify", "report"] {
        let o = Command::new(BIN).args([cmd, "--help"]).output().unwrap();
        let help = String::from_utf8_lossy(&o.stdout);
        assert!(help.contains("(\"-\" = stdin)"), "{cmd}: {help}");
    }
}

/// breaker10n N17: a damaged CA is not "the existing CA": `ca init` checks the pair and
/// names the bad file and the fix (exit 2), and so does the proxy that would use it.
#[test]
fn damaged_ca_is_named_with_its_fix() {
    let dir = tempfile::tempdir().unwrap();
    let (a, b) = (dir.path().join("a"), dir.path().join("b"));
    let ca = |d: &Path| {
        Command::new(BIN)
            .args(["ca", "init", "--ca-dir"])
            .arg(d)
            .output()
            .unwrap()
    };
    for d in [&a, &b] {
        assert_eq!(ca(d).status.code(), Some(0));
    }
    let o = ca(&a);
    assert_eq!(o.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&o.stderr).contains("using the existing CA"));

    // another CA's key next to this certificate
    std::fs::copy(b.join("ca-key.pem"), a.join("ca-key.pem")).unwrap();
    let o = ca(&a);
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(
        err.contains("does not belong to the CA certificate"),
        "{err}"
    );

    // an emptied key
    std::fs::write(a.join("ca-key.pem"), b"").unwrap();
    let o = ca(&a);
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{err}");
    let key = a.join("ca-key.pem").display().to_string();
    assert!(
        err.contains(&format!("the CA key {key} is not a usable PEM private key")),
        "{err}"
    );
    assert!(err.contains("a2a-interop ca init --ca-dir"), "{err}");
    assert!(!err.contains("using the existing CA"), "{err}");
    let o = Command::new(BIN)
        .args(["proxy", "--forward", "--intercept-tls", "--ca-dir"])
        .arg(&a)
        .args(["--listen", "127.0.0.1:0", "--no-record"])
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(err.contains(&key) && err.contains("ca init"), "{err}");
}

/// breaker10n N18: `rules ID...` prints each rule in full (its docs/rules.md section), by
/// ID or alias; an unknown ID exits 2 naming the near ones.
#[test]
fn rules_with_ids_print_those_rules_in_full() {
    let run = |args: &[&str]| Command::new(BIN).arg("rules").args(args).output().unwrap();
    let o = run(&["REST-ERROR-001", "push-body-002"]);
    assert_eq!(o.status.code(), Some(0));
    let out = String::from_utf8(o.stdout).unwrap();
    let docs = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/rules.md"))
        .unwrap();
    let section = |id: &str| {
        let start = docs.find(&format!("\n## {id}\n")).unwrap() + 1;
        let end = docs[start + 3..]
            .find("\n## ")
            .map_or(docs.len(), |e| start + 3 + e + 1);
        docs[start..end].trim_end().to_string()
    };
    let heads: Vec<&str> = out.lines().filter(|l| l.starts_with("## ")).collect();
    assert_eq!(heads, ["## REST-ERROR-001", "## PUSH-BODY-002"], "{out}");
    assert!(out.contains(&section("REST-ERROR-001")), "{out}");
    assert!(out.contains(&section("PUSH-BODY-002")), "{out}");

    let o = run(&["--format", "json", "rest-error-001"]);
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["rules"].as_array().unwrap().len(), 1);
    assert_eq!(v["rules"][0]["id"], "REST-ERROR-001");

    let o = run(&["PUSH-BODY-09"]);
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("no rule \"PUSH-BODY-09\""), "{err}");
    assert!(err.contains("did you mean PUSH-BODY-001"), "{err}");
}

/// breaker10n N14: `probe` of an agent whose card path redirects says where to, and why
/// that is no card for clients that do not follow redirects.
#[test]
fn probe_names_where_a_card_path_redirects() {
    let l = TcpListener::bind("127.0.0.1:0").unwrap();
    let addr = l.local_addr().unwrap().to_string();
    std::thread::spawn(move || {
        for mut s in l.incoming().map_while(Result::ok) {
            let mut head = Vec::new();
            let mut buf = [0u8; 4096];
            while !head.windows(4).any(|w| w == b"\r\n\r\n") {
                match s.read(&mut buf) {
                    Ok(0) | Err(_) => break,
                    Ok(n) => head.extend_from_slice(&buf[..n]),
                }
            }
            let text = String::from_utf8_lossy(&head);
            let answer: &[u8] = if text.starts_with("GET /.well-known/agent-card.json ") {
                b"HTTP/1.1 302 Found\r\nlocation: /real/agent-card.json\r\ncontent-length: 0\r\nconnection: close\r\n\r\n"
            } else {
                b"HTTP/1.1 404 Not Found\r\ncontent-length: 0\r\nconnection: close\r\n\r\n"
            };
            let _ = s.write_all(answer);
        }
    });
    let dir = tempfile::tempdir().unwrap();
    let o = Command::new(BIN)
        .args(["probe", &format!("http://{addr}"), "--timeout", "5s"])
        .arg("--record")
        .arg(dir.path().join("p.jsonl"))
        .output()
        .unwrap();
    let all = format!(
        "{}{}",
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    );
    assert_eq!(o.status.code(), Some(1), "{all}");
    assert!(
        all.contains(
            "/.well-known/agent-card.json (HTTP 302 redirect to /real/agent-card.json: not followed"
        ),
        "{all}"
    );
    // The same verdict as the passive verifier of the same traffic (one code path):
    // CARD-PATH-002, in the probe's report and in `verify` of its recording.
    assert!(all.contains("warning[CARD-PATH-002]"), "{all}");
    let v = Command::new(BIN)
        .args(["verify", "--fail-on", "never"])
        .arg(dir.path().join("p.jsonl"))
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&v.stdout);
    assert!(
        text.contains("warning[CARD-PATH-002]: agent answered GET /.well-known/agent-card.json with 302 and Location /real/agent-card.json"),
        "{text}"
    );
}

/// A small real agent answering every request 404 with a body that is no A2A error;
/// returns its `host:port`.
fn agent_answering_404() -> String {
    let l = TcpListener::bind("127.0.0.1:0").unwrap();
    let agent = l.local_addr().unwrap().to_string();
    std::thread::spawn(move || {
        for mut s in l.incoming().map_while(Result::ok) {
            let mut head = Vec::new();
            let mut buf = [0u8; 4096];
            while !head.windows(4).any(|w| w == b"\r\n\r\n") {
                match s.read(&mut buf) {
                    Ok(0) | Err(_) => break,
                    Ok(n) => head.extend_from_slice(&buf[..n]),
                }
            }
            let _ = s.write_all(b"HTTP/1.1 404 Not Found\r\ncontent-type: application/json\r\ncontent-length: 2\r\nconnection: close\r\n\r\n{}");
        }
    });
    agent
}

/// breaker10n N16: in forward mode (one proxy, several agents) evidence names the agent by
/// the absolute URL of the exchange, and the Markdown sequence diagram has one participant
/// per agent (origin), not one `agent` for all.
#[test]
fn forward_mode_evidence_names_the_agent() {
    let agent = agent_answering_404();
    let other = agent_answering_404();
    let dir = tempfile::tempdir().unwrap();
    let rec = dir.path().join("fwd.jsonl");
    let running = spawn_until_listening(
        Command::new(BIN)
            .args(["proxy", "--forward", "--listen", "127.0.0.1:0"])
            .args(["--allow-host", "127.0.0.1"])
            .arg("--record")
            .arg(&rec),
        Duration::from_secs(20),
    );
    for a in [&agent, &other, &agent] {
        let answer = get(&running.addr, &format!("http://{a}/rest/v1/tasks/nope"));
        assert!(answer.starts_with("HTTP/1.1 404"), "{answer}");
    }
    running.terminate();
    let text = report(&rec, "text");
    assert!(
        text.contains(&format!("(GET http://{agent}/rest/v1/tasks/nope -> 404)")),
        "{text}"
    );
    let md = report(&rec, "markdown");
    let diagram = md
        .split("```mermaid")
        .nth(1)
        .and_then(|d| d.split("```").next())
        .unwrap_or_default();
    let participants: Vec<&str> = diagram
        .lines()
        .filter(|l| l.trim_start().starts_with("participant"))
        .map(str::trim)
        .collect();
    assert_eq!(
        participants,
        vec![
            "participant P0 as client".to_string(),
            format!("participant P1 as http://{agent}"),
            format!("participant P2 as http://{other}"),
        ],
        "{diagram}"
    );
    assert!(
        diagram.contains("P0->>P2: e2 GET /rest/v1/tasks/nope"),
        "{diagram}"
    );
    assert!(diagram.contains("P1-->>P0: 404"), "{diagram}");
}

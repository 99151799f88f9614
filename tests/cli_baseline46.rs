//! ci46: known findings in CI, a baseline. The real binary on real SDK recordings
//! (`tests/captures`: the official Python SDK agent, a2a-sdk 1.3.0, called by the JS and
//! Python SDK clients) and on live runs in front of the real Python SDK agent
//! (`tests/peers/python/agent.py`; a missing peer prints `SKIPPED`, or fails under
//! `A2A_INTEROP_REQUIRE_PEERS=1`):
//! - `--write-baseline FILE` writes one entry per rule, leg and normalised location, the
//!   same bytes for the same traffic (two probe runs of two agent processes on two ports);
//! - `--baseline FILE` shows known findings marked (`baselineState` `unchanged` in JSON and
//!   SARIF, `(known, in the baseline)` in text) and counts only new ones for the exit status
//!   and `--fail-on`; a baseline entry no finding matched is reported as not seen any more
//!   (SARIF `absent`); an entry past its `expires` date counts no more;
//! - a baseline that is not one is exit 2 with one line naming the fault, before any run;
//! - JUnit through a CI viewer's eyes: a run that exits 0 by its baseline has no failing
//!   testcase (probe tests failed only by a known verifier finding included), and the
//!   testcase names are the same from run to run.

use crate::harness;

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use serde_json::Value;

use harness::{peers_available, SdkAgent};

const BIN: &str = env!("CARGO_BIN_EXE_a2a-interop");

/// The Python SDK agent called over 0.3 HTTP+JSON by the JS SDK client: REST-ERROR-001 (an
/// error: the 1.0 AIP-193 envelope on a 0.3 route, on the unknown-task step) and
/// CARD-CACHE-001 (a note: no Cache-Control on the card).
const REST03: &str = "tests/captures/js-to-python-rest-v0.3.jsonl";
/// The same agent and client over 0.3 JSON-RPC: CARD-CACHE-001 alone.
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

/// (rule, leg, request, pointer) of each entry of a baseline file, in file order.
fn entries(p: &Path) -> Vec<(String, String, String, String)> {
    json(p)["findings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| {
            let f = |k: &str| e[k].as_str().unwrap_or("").to_string();
            (f("rule"), f("leg"), f("request"), f("pointer"))
        })
        .collect()
}

/// (rule, baselineState) of each finding of a JSON report.
fn states(report: &Value) -> Vec<(String, String)> {
    report["findings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| {
            (
                f["rule"].as_str().unwrap().to_string(),
                f["baselineState"].as_str().unwrap_or("-").to_string(),
            )
        })
        .collect()
}

fn schema_errors(doc: &Value, schema: &str) -> Vec<String> {
    let schema: Value =
        serde_json::from_str(&std::fs::read_to_string(root().join(schema)).unwrap()).unwrap();
    let v = jsonschema::validator_for(&schema).expect("schema compiles");
    v.iter_errors(doc)
        .map(|e| format!("{} at {}", e, e.instance_path()))
        .collect()
}

/// `failures="N"` of the JUnit suite `name`.
fn suite_failures(xml: &str, name: &str) -> u32 {
    let at = xml
        .find(&format!("<testsuite name=\"{name}\""))
        .unwrap_or_else(|| panic!("no suite {name} in {xml}"));
    let rest = &xml[at..];
    let f = rest.find("failures=\"").unwrap() + "failures=\"".len();
    rest[f..f + rest[f..].find('"').unwrap()].parse().unwrap()
}

/// Names of the `<testcase>`s of a JUnit file, in order.
fn case_names(xml: &str) -> Vec<String> {
    xml.split("<testcase name=\"")
        .skip(1)
        .map(|c| c[..c.find('"').unwrap()].to_string())
        .collect()
}

/// The error on the capture fails `verify` without a baseline; `--write-baseline` writes
/// its two findings, keyed without port, seq or ids (the unknown task's id read as `{id}`),
/// and that run judges against the file it wrote (exit 0); the same traffic with
/// `--baseline` passes, every finding shown and marked `unchanged`, the JSON report valid
/// against its schema.
#[test]
fn a_baseline_written_once_lets_the_same_traffic_pass_with_its_findings_shown() {
    let d = tempfile::tempdir().unwrap();
    let b = d.path().join("a2a-baseline.json");
    assert_eq!(
        code(&run(&["verify", REST03])),
        1,
        "the error fails it alone"
    );

    let w = run(&["verify", REST03, "--write-baseline", s(&b)]);
    assert_eq!(code(&w), 0, "{}", err(&w));
    assert!(
        err(&w).contains(&format!(
            "a2a-interop: wrote baseline {}: 2 entries (known findings)",
            b.display()
        )),
        "{}",
        err(&w)
    );
    assert_eq!(
        entries(&b),
        vec![
            (
                "CARD-CACHE-001".into(),
                "client".into(),
                "GET /.well-known/agent-card.json".into(),
                String::new()
            ),
            (
                "REST-ERROR-001".into(),
                "client".into(),
                "GET /rest/v1/tasks/{id} tasks:get".into(),
                "/error".into()
            ),
        ]
    );
    let text = std::fs::read_to_string(&b).unwrap();
    assert!(
        !text.contains("127.0.0.1") && !text.contains("does-not-exist"),
        "{text}"
    );

    let rep = d.path().join("r.json");
    let o = run(&[
        "verify",
        REST03,
        "--baseline",
        s(&b),
        "-f",
        "json",
        "-o",
        s(&rep),
    ]);
    assert_eq!(code(&o), 0, "{}", err(&o));
    let r = json(&rep);
    assert_eq!(
        states(&r),
        vec![
            ("CARD-CACHE-001".into(), "unchanged".into()),
            ("REST-ERROR-001".into(), "unchanged".into())
        ]
    );
    assert_eq!(
        r["summary"]["errors"], 1,
        "known findings are still counted and shown"
    );
    assert_eq!(r["baseline"]["unchanged"], 2);
    assert_eq!(r["baseline"]["new"], 0);
    assert_eq!(
        schema_errors(&r, "docs/report-schema.json"),
        Vec::<String>::new()
    );
    assert!(
        err(&o).contains(&format!(
            "baseline {} (2 entries): 2 known findings, 0 new",
            b.display()
        )),
        "{}",
        err(&o)
    );
    // the text report marks them and ends with the baseline's line
    let t = run(&["verify", REST03, "--baseline", s(&b)]);
    assert_eq!(code(&t), 0);
    assert!(
        out(&t).contains("error[REST-ERROR-001] (known, in the baseline): 0.3 HTTP+JSON route"),
        "{}",
        out(&t)
    );
    assert!(out(&t).contains("baseline "), "{}", out(&t));
}

/// A baseline of the JSON-RPC run (the card's CARD-CACHE-001) on the HTTP+JSON run, whose
/// REST-ERROR-001 is new: exit 1, the new finding alone counted and named, the known one
/// marked; SARIF `baselineState` `new` / `unchanged` (valid SARIF 2.1.0); JUnit fails the
/// new rule's case only. Under `--fail-on note` the known note does not fail a run alone.
#[test]
fn a_new_fault_fails_with_only_the_new_finding_counted() {
    let d = tempfile::tempdir().unwrap();
    let b = d.path().join("b.json");
    assert_eq!(code(&run(&["verify", RPC03, "--write-baseline", s(&b)])), 0);
    assert_eq!(entries(&b).len(), 1);

    let (rj, rs, rx) = (
        d.path().join("r.json"),
        d.path().join("r.sarif"),
        d.path().join("r.xml"),
    );
    let o = run(&[
        "verify",
        REST03,
        "--baseline",
        s(&b),
        "-f",
        "json",
        "-o",
        s(&rj),
        "-f",
        "sarif",
        "-o",
        s(&rs),
        "-f",
        "junit",
        "-o",
        s(&rx),
    ]);
    assert_eq!(code(&o), 1, "{}", err(&o));
    assert!(
        err(&o).contains("1 known finding, 1 new (REST-ERROR-001 (error))"),
        "{}",
        err(&o)
    );
    assert_eq!(
        states(&json(&rj)),
        vec![
            ("CARD-CACHE-001".into(), "unchanged".into()),
            ("REST-ERROR-001".into(), "new".into())
        ]
    );
    let sarif = json(&rs);
    assert_eq!(
        schema_errors(&sarif, "tests/data/sarif-schema-2.1.0.json"),
        Vec::<String>::new()
    );
    let by_rule: Vec<(String, String)> = sarif["runs"][0]["results"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            (
                r["ruleId"].as_str().unwrap().to_string(),
                r["baselineState"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    assert_eq!(
        by_rule,
        vec![
            ("CARD-CACHE-001".into(), "unchanged".into()),
            ("REST-ERROR-001".into(), "new".into())
        ]
    );
    let xml = std::fs::read_to_string(&rx).unwrap();
    assert_eq!(suite_failures(&xml, "a2a-interop.rules"), 1, "{xml}");
    assert!(xml.contains("<testcase name=\"REST-ERROR-001\""));

    // several files: each judged against it, its line counting known and new, the known
    // finding listed marked
    let o = run(&[
        "verify",
        REST03,
        RPC03,
        "--baseline",
        s(&b),
        "--fail-on",
        "note",
    ]);
    assert_eq!(code(&o), 1, "{}", err(&o));
    let text = out(&o);
    let lines: Vec<&str> = text.lines().collect();
    assert!(
        lines.iter().any(
            |l| l.starts_with("FAIL  tests/captures/js-to-python-rest-v0.3.jsonl: ")
                && l.ends_with("; 1 known, 1 new")
        ),
        "{lines:#?}"
    );
    assert!(
        lines.iter().any(|l| l
            .starts_with("ok    tests/captures/js-to-python-jsonrpc-v0.3.jsonl: ")
            && l.ends_with("; 1 known, 0 new")),
        "{lines:#?}"
    );
    assert!(
        lines.iter().any(|l| l
            .trim_start()
            .starts_with("note[CARD-CACHE-001] (known, in the baseline): ")),
        "{lines:#?}"
    );
    // HTML marks it too
    let rh = d.path().join("r.html");
    assert_eq!(
        code(&run(&[
            "verify",
            REST03,
            "--baseline",
            s(&b),
            "-f",
            "html",
            "-o",
            s(&rh)
        ])),
        1
    );
    let html = std::fs::read_to_string(&rh).unwrap();
    assert!(
        html.contains("note[CARD-CACHE-001]</strong> (known, in the baseline): "),
        "{html}"
    );

    // --fail-on note: the known note alone does not fail; without the baseline it does
    assert_eq!(code(&run(&["verify", RPC03, "--fail-on", "note"])), 1);
    let o = run(&["verify", RPC03, "--fail-on", "note", "--baseline", s(&b)]);
    assert_eq!(code(&o), 0, "{}", err(&o));
}

/// A baseline of the HTTP+JSON run on the JSON-RPC run, where REST-ERROR-001 is gone: exit
/// 0, one line naming the entry not seen any more and how to shrink the file, the JSON
/// report's `baseline.absent`, and a SARIF result `baselineState: absent` (kind `pass`, level
/// `none`: no problem now). A rewrite from that run drops the entry.
#[test]
fn a_fixed_finding_is_reported_as_gone_and_a_rewrite_shrinks_the_baseline() {
    let d = tempfile::tempdir().unwrap();
    let b = d.path().join("b.json");
    assert_eq!(
        code(&run(&["verify", REST03, "--write-baseline", s(&b)])),
        0
    );
    let (rj, rs) = (d.path().join("g.json"), d.path().join("g.sarif"));
    let o = run(&[
        "verify",
        RPC03,
        "--baseline",
        s(&b),
        "-f",
        "json",
        "-o",
        s(&rj),
        "-f",
        "sarif",
        "-o",
        s(&rs),
    ]);
    assert_eq!(code(&o), 0, "{}", err(&o));
    assert!(
        err(&o).contains(
            "1 known finding, 0 new; 1 entry not seen any more (fixed, or not exercised by this traffic: shrink the baseline with --write-baseline): REST-ERROR-001 (the agent's answer) GET /rest/v1/tasks/{id} tasks:get at /error"
        ),
        "{}",
        err(&o)
    );
    let r = json(&rj);
    assert_eq!(r["baseline"]["absent"][0]["rule"], "REST-ERROR-001");
    assert_eq!(r["baseline"]["absent"].as_array().unwrap().len(), 1);
    assert_eq!(
        schema_errors(&r, "docs/report-schema.json"),
        Vec::<String>::new()
    );
    let sarif = json(&rs);
    assert_eq!(
        schema_errors(&sarif, "tests/data/sarif-schema-2.1.0.json"),
        Vec::<String>::new()
    );
    let absent: Vec<&Value> = sarif["runs"][0]["results"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|r| r["baselineState"] == "absent")
        .collect();
    assert_eq!(absent.len(), 1, "{sarif:#}");
    assert_eq!(absent[0]["ruleId"], "REST-ERROR-001");
    assert_eq!(absent[0]["kind"], "pass");
    assert_eq!(absent[0]["level"], "none");

    // shrink: the same file judged and rewritten
    let o = run(&[
        "verify",
        RPC03,
        "--baseline",
        s(&b),
        "--write-baseline",
        s(&b),
    ]);
    assert_eq!(code(&o), 0, "{}", err(&o));
    assert_eq!(
        entries(&b).iter().map(|e| e.0.as_str()).collect::<Vec<_>>(),
        vec!["CARD-CACHE-001"]
    );
}

/// The file is stable: `verify` of one recording twice gives the same bytes; a hand-added
/// `reason` and `expires` survive a rewrite of the entries still seen; an entry past its
/// `expires` date no longer counts (its finding is new again, the line says it expired).
#[test]
fn reasons_and_dates_survive_a_rewrite_and_an_expired_entry_counts_no_more() {
    let d = tempfile::tempdir().unwrap();
    let (b1, b2) = (d.path().join("b1.json"), d.path().join("b2.json"));
    assert_eq!(
        code(&run(&["verify", REST03, "--write-baseline", s(&b1)])),
        0
    );
    assert_eq!(
        code(&run(&["verify", REST03, "--write-baseline", s(&b2)])),
        0
    );
    assert_eq!(std::fs::read(&b1).unwrap(), std::fs::read(&b2).unwrap());

    let mut v = json(&b1);
    v["findings"][1]["reason"] = "a2a-sdk 1.3.0 serves 1.0 errors on 0.3 routes".into();
    v["findings"][1]["expires"] = "2999-12-31".into();
    std::fs::write(&b1, serde_json::to_string_pretty(&v).unwrap()).unwrap();
    let o = run(&[
        "verify",
        REST03,
        "--baseline",
        s(&b1),
        "--write-baseline",
        s(&b1),
    ]);
    assert_eq!(code(&o), 0, "{}", err(&o));
    let kept = json(&b1);
    assert_eq!(kept["findings"][1]["rule"], "REST-ERROR-001");
    assert_eq!(
        kept["findings"][1]["reason"],
        "a2a-sdk 1.3.0 serves 1.0 errors on 0.3 routes"
    );
    assert_eq!(kept["findings"][1]["expires"], "2999-12-31");

    let mut v = kept;
    v["findings"][1]["expires"] = "2001-01-01".into();
    std::fs::write(&b1, serde_json::to_string_pretty(&v).unwrap()).unwrap();
    let o = run(&["verify", REST03, "--baseline", s(&b1)]);
    assert_eq!(code(&o), 1, "an expired entry knows nothing: {}", err(&o));
    // the text report on stdout ends with the baseline's line (not said twice on stderr)
    assert!(
        out(&o).contains("1 entry past its expiry date, its findings counted as new: REST-ERROR-001 (the agent's answer) GET /rest/v1/tasks/{id} tasks:get at /error (expired 2001-01-01)"),
        "{}",
        out(&o)
    );
    assert!(!err(&o).contains("expiry"), "{}", err(&o));
}

/// A baseline that is not one is exit 2 with one line `a2a-interop: <cause>; hint: ...`
/// naming the fault, never a panic and never a run judged without it: not JSON (its line
/// and column), another schema, a misspelt field, a date that is none, a missing file (the
/// hint says how to write it). `probe` reads it before it calls the agent (here an address
/// where nothing listens: the baseline is what it names).
#[test]
fn a_malformed_baseline_is_exit_2_with_one_line_naming_the_fault() {
    let d = tempfile::tempdir().unwrap();
    let cases: [(&str, &str, &str); 5] = [
        (
            "notjson.json",
            "{\"schema\": \"a2a-interop/baseline/v1\",\n  \"findings\": [",
            "is not a baseline file: EOF while parsing a list at line 2 column",
        ),
        (
            "schema.json",
            r#"{"schema":"detekt","findings":[]}"#,
            "has schema \"detekt\", this version reads \"a2a-interop/baseline/v1\"",
        ),
        (
            "field.json",
            r#"{"schema":"a2a-interop/baseline/v1","findings":[{"rule":"CARD-CACHE-001","expire":"2027-01-01"}]}"#,
            "unknown field `expire`",
        ),
        (
            "date.json",
            r#"{"schema":"a2a-interop/baseline/v1","findings":[{"rule":"CARD-CACHE-001","expires":"next year"}]}"#,
            "entry 1 (CARD-CACHE-001) has \"expires\": \"next year\", not a date YYYY-MM-DD",
        ),
        (
            "rule.json",
            r#"{"schema":"a2a-interop/baseline/v1","findings":[{"rule":""}]}"#,
            "entry 1 has an empty \"rule\"",
        ),
    ];
    for (name, body, says) in cases {
        let p = d.path().join(name);
        std::fs::write(&p, body).unwrap();
        let o = run(&["verify", REST03, "--baseline", s(&p)]);
        assert_eq!(code(&o), 2, "{name}: {}", err(&o));
        let e = err(&o);
        assert_eq!(e.lines().count(), 1, "{name}: one line: {e}");
        assert!(
            e.starts_with("a2a-interop: ") && e.contains(says),
            "{name}: {e}"
        );
        assert!(e.contains("; hint: "), "{name}: {e}");
        assert!(out(&o).is_empty(), "{name}: no report: {}", out(&o));
    }
    let missing = d.path().join("none.json");
    let o = run(&["verify", REST03, "--baseline", s(&missing)]);
    assert_eq!(code(&o), 2);
    assert!(
        err(&o).contains("cannot read baseline")
            && err(&o).contains("write it first with --write-baseline"),
        "{}",
        err(&o)
    );
    let p = d.path().join("field.json");
    let o = run(&["probe", "http://127.0.0.1:9", "--baseline", s(&p)]);
    assert_eq!(code(&o), 2, "{}", err(&o));
    assert!(err(&o).contains("unknown field `expire`"), "{}", err(&o));
    assert!(
        !err(&o).contains("reach"),
        "read before the agent is called: {}",
        err(&o)
    );
    // --write-baseline onto the traffic file itself is refused, the file untouched
    let before = std::fs::read(root().join(REST03)).unwrap();
    let o = run(&["verify", REST03, "--write-baseline", REST03]);
    assert_eq!(code(&o), 2, "{}", err(&o));
    assert!(err(&o).contains("is an input of this run"), "{}", err(&o));
    assert_eq!(std::fs::read(root().join(REST03)).unwrap(), before);
}

/// `probe` of the real Python SDK agent, twice, each time a new agent process on another
/// port: the two baselines written are the same bytes (no port, id or time in them); the
/// second run judged against the first exits 0 and its JUnit has no failing testcase,
/// though the agent's REST-ERROR-001, RPC-ERROR-001/-002 and STREAM-FIRST-001 fail probe
/// tests (each test failed only by a verifier finding, which the baseline knows); the
/// testcase names are the same in both runs. With one entry taken out, that rule's
/// findings are new again: exit 1, and only the cases they fail are failures.
#[test]
fn probe_baselines_of_two_runs_are_the_same_bytes_and_junit_agrees_with_the_exit() {
    if !peers_available(
        "probe_baselines_of_two_runs_are_the_same_bytes_and_junit_agrees_with_the_exit",
        &[harness::Sdk::Python],
    ) {
        return;
    }
    let rt = tokio::runtime::Runtime::new().unwrap();
    let d = tempfile::tempdir().unwrap();
    let probe = |extra: &[&str], junit: &Path| -> Output {
        let agent = rt.block_on(SdkAgent::start(harness::Sdk::Python, None));
        let url = agent.base_url();
        // not `-q`: with `-o` it keeps only the failed tests on stdout (probe46), and the
        // finding lines' baseline marks are read below
        let mut args = vec!["probe", url.as_str(), "-f", "junit", "-o", s(junit)];
        args.extend_from_slice(extra);
        let o = run(&args);
        drop(agent);
        o
    };
    let (b1, b2) = (d.path().join("b1.json"), d.path().join("b2.json"));
    let (x1, x2) = (d.path().join("p1.xml"), d.path().join("p2.xml"));
    let o = probe(&["--write-baseline", s(&b1)], &x1);
    assert_eq!(code(&o), 0, "{}", err(&o));
    let rules: Vec<String> = entries(&b1).into_iter().map(|e| e.0).collect();
    for r in [
        "CARD-CACHE-001",
        "REST-ERROR-001",
        "RPC-ERROR-002",
        "STREAM-FIRST-001",
    ] {
        assert!(rules.iter().any(|x| x == r), "{r} in {rules:?}");
    }
    let o = probe(&["--baseline", s(&b1), "--write-baseline", s(&b2)], &x2);
    assert_eq!(code(&o), 0, "{}", err(&o));
    assert_eq!(
        std::fs::read_to_string(&b1).unwrap(),
        std::fs::read_to_string(&b2).unwrap(),
        "two runs of the same probe, two agent ports"
    );
    let (j1, j2) = (
        std::fs::read_to_string(&x1).unwrap(),
        std::fs::read_to_string(&x2).unwrap(),
    );
    // the results on stdout say which failed tests the baseline's findings failed
    assert!(
        out(&o).contains("fail (by a finding known in the baseline)  streaming.follow-up [1.0]: "),
        "{}",
        out(&o)
    );
    assert!(
        out(&o).contains("error[STREAM-FIRST-001] (known, in the baseline): "),
        "{}",
        out(&o)
    );
    assert_eq!(suite_failures(&j2, "a2a-interop.results"), 0, "{j2}");
    assert_eq!(suite_failures(&j2, "a2a-interop.rules"), 0, "{j2}");
    assert!(j2.contains("known in the baseline"), "{j2}");
    assert_eq!(
        case_names(&j1),
        case_names(&j2),
        "testcase names are stable"
    );
    // valid against Jenkins' junit-10.xsd, its passing cases with <system-out> included
    // (xmllint: installed by .ci/run)
    if let Ok(v) = Command::new("xmllint")
        .arg("--noout")
        .arg("--schema")
        .arg(root().join("tests/data/junit-10.xsd"))
        .arg(&x2)
        .output()
    {
        assert!(v.status.success(), "{}", String::from_utf8_lossy(&v.stderr));
    }

    // STREAM-FIRST-001 taken out of the baseline: new again
    let mut v = json(&b1);
    v["findings"]
        .as_array_mut()
        .unwrap()
        .retain(|e| e["rule"] != "STREAM-FIRST-001");
    let b3 = d.path().join("b3.json");
    std::fs::write(&b3, serde_json::to_string_pretty(&v).unwrap()).unwrap();
    let x3 = d.path().join("p3.xml");
    let o = probe(&["--baseline", s(&b3)], &x3);
    assert_eq!(code(&o), 1, "{}", err(&o));
    assert!(err(&o).contains("STREAM-FIRST-001 (error)"), "{}", err(&o));
    assert!(
        out(&o).contains("\nfail  streaming.follow-up [1.0]: "),
        "{}",
        out(&o)
    );
    let j3 = std::fs::read_to_string(&x3).unwrap();
    assert_eq!(suite_failures(&j3, "a2a-interop.rules"), 1, "{j3}");
    let failed: Vec<&str> = j3
        .split("<testcase ")
        .filter(|c| c.split("</testcase>").next().unwrap().contains("<failure"))
        .map(|c| c.split('"').nth(1).unwrap())
        .collect();
    assert!(
        !failed.is_empty()
            && failed
                .iter()
                .all(|n| n.starts_with("streaming.") || *n == "STREAM-FIRST-001"),
        "only the new rule's cases fail: {failed:?}"
    );
}

/// `proxy --baseline` in front of the real Python SDK agent: a card fetch gets
/// CARD-CACHE-001 (a note: no Cache-Control) and CARD-URL-005 (a note: without
/// `--rewrite-card` the card names the agent's own address, its port in the message). Run 1
/// writes the baseline (`--fail-on note`, exit 0: judged against the file it wrote); run 2,
/// a new agent on another port, with it: exit 0, the report marks both `unchanged` (the
/// port is no part of a finding's identity); run 3 with an empty baseline: exit 1, the
/// closing line counting the two new findings.
#[test]
fn proxy_judges_its_recording_against_the_baseline_at_the_stop() {
    if !peers_available(
        "proxy_judges_its_recording_against_the_baseline_at_the_stop",
        &[harness::Sdk::Python],
    ) {
        return;
    }
    let rt = tokio::runtime::Runtime::new().unwrap();
    let d = tempfile::tempdir().unwrap();
    let b = d.path().join("b.json");
    let proxy = |n: u32, extra: &[&str]| -> (i32, String, PathBuf) {
        let agent = rt.block_on(SdkAgent::start(harness::Sdk::Python, None));
        let rec = d.path().join(format!("rec{n}.jsonl"));
        let rep = d.path().join(format!("rep{n}.json"));
        let mut child = Command::new(BIN)
            .args(["proxy", "--listen", "127.0.0.1:0", "-q", "--upstream"])
            .arg(agent.base_url())
            .args([
                "--record",
                s(&rec),
                "--report",
                s(&rep),
                "--fail-on",
                "note",
            ])
            .args(extra)
            .env("NO_COLOR", "1")
            .stderr(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        let mut stderr = std::io::BufReader::new(child.stderr.take().unwrap());
        let mut lines = Vec::new();
        let addr = loop {
            let mut l = String::new();
            use std::io::BufRead;
            assert!(stderr.read_line(&mut l).unwrap() > 0, "banner: {lines:?}");
            if let Some(a) = l.split("listening on http://").nth(1) {
                break a
                    .trim()
                    .trim_end_matches('/')
                    .split_whitespace()
                    .next()
                    .unwrap()
                    .to_string();
            }
            lines.push(l);
        };
        let mut c = std::net::TcpStream::connect(&addr).unwrap();
        use std::io::{Read, Write};
        write!(
            c,
            "GET /.well-known/agent-card.json HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n"
        )
        .unwrap();
        let mut resp = String::new();
        c.read_to_string(&mut resp).unwrap();
        assert!(resp.starts_with("HTTP/1.1 200"), "{resp}");
        let _ = Command::new("kill")
            .args(["-TERM", &child.id().to_string()])
            .status();
        let mut rest = String::new();
        stderr.read_to_string(&mut rest).unwrap();
        let status = child.wait().unwrap();
        drop(agent);
        (status.code().unwrap_or(-1), rest, rep)
    };
    let (c1, e1, _) = proxy(1, &["--write-baseline", s(&b)]);
    assert_eq!(c1, 0, "{e1}");
    assert!(e1.contains("wrote baseline"), "{e1}");
    assert_eq!(
        entries(&b),
        vec![
            (
                "CARD-CACHE-001".into(),
                "client".into(),
                "GET /.well-known/agent-card.json".into(),
                String::new()
            ),
            (
                "CARD-URL-005".into(),
                "client".into(),
                "GET /.well-known/agent-card.json".into(),
                "/supportedInterfaces/*/url".into()
            )
        ]
    );
    let (c2, e2, rep2) = proxy(2, &["--baseline", s(&b)]);
    assert_eq!(c2, 0, "{e2}");
    let mut st = states(&json(&rep2));
    st.sort();
    assert_eq!(
        st,
        vec![
            ("CARD-CACHE-001".into(), "unchanged".into()),
            ("CARD-URL-005".into(), "unchanged".into())
        ]
    );
    assert!(e2.contains("2 known findings, 0 new"), "{e2}");
    let empty = d.path().join("empty.json");
    std::fs::write(
        &empty,
        r#"{"schema":"a2a-interop/baseline/v1","findings":[]}"#,
    )
    .unwrap();
    let (c3, e3, _) = proxy(3, &["--baseline", s(&empty)]);
    assert_eq!(c3, 1, "{e3}");
    assert!(
        e3.contains("exit 1: 2 findings (seen 3 times) at or above note (--fail-on note)"),
        "{e3}"
    );
}

/// An A2A 1.0 agent on a loopback port whose every answer is a stream of five events 400 ms
/// apart (a task, three working updates, completed): the agent's stream well spread out
/// over 1.6 s, so a gateway that holds it back is told (GW-SSE-001 needs 0.5 s since
/// newcomer47; the SDK agents' `slow` skill spreads its events over 0.75-1.0 s). Its address.
fn spread_stream_agent() -> std::net::SocketAddr {
    use std::io::{Read, Write};
    let l = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let addr = l.local_addr().unwrap();
    std::thread::spawn(move || {
        for c in l.incoming() {
            let Ok(mut c) = c else { return };
            std::thread::spawn(move || {
                // the head, then the body its Content-Length names
                let mut buf = Vec::new();
                let mut b = [0u8; 4096];
                let need = loop {
                    let Ok(n) = c.read(&mut b) else { return };
                    if n == 0 {
                        return;
                    }
                    buf.extend_from_slice(&b[..n]);
                    if let Some(end) = buf.windows(4).position(|w| w == b"\r\n\r\n") {
                        let head = String::from_utf8_lossy(&buf[..end]).to_ascii_lowercase();
                        let len: usize = head
                            .lines()
                            .find_map(|l| l.strip_prefix("content-length:"))
                            .and_then(|v| v.trim().parse().ok())
                            .unwrap_or(0);
                        break end + 4 + len;
                    }
                };
                while buf.len() < need {
                    let Ok(n) = c.read(&mut b) else { return };
                    if n == 0 {
                        break;
                    }
                    buf.extend_from_slice(&b[..n]);
                }
                let task = r#"{"task":{"id":"t1","contextId":"c1","status":{"state":"TASK_STATE_SUBMITTED"}}}"#;
                let upd = |state: &str, last: bool| {
                    format!(
                        r#"{{"statusUpdate":{{"taskId":"t1","contextId":"c1","status":{{"state":"{state}"}}{}}}}}"#,
                        if last { r#","final":true"# } else { "" }
                    )
                };
                let events = [
                    task.to_string(),
                    upd("TASK_STATE_WORKING", false),
                    upd("TASK_STATE_WORKING", false),
                    upd("TASK_STATE_WORKING", false),
                    upd("TASK_STATE_COMPLETED", true),
                ];
                let _ = c.write_all(
                    b"HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n",
                );
                for (i, e) in events.iter().enumerate() {
                    if i > 0 {
                        std::thread::sleep(std::time::Duration::from_millis(400));
                    }
                    let _ = c.write_all(
                        format!("data: {{\"jsonrpc\":\"2.0\",\"id\":2,\"result\":{e}}}\n\n")
                            .as_bytes(),
                    );
                    let _ = c.flush();
                }
            });
        }
    });
    addr
}

/// A finding spanning both legs of a gateway recording names both on its live line: a
/// stream behind `tests/peers/misgateway45.py --mode sse-buffered` (breaker45's gateway,
/// which reads the whole answer before it passes it on), recorded on two legs (`proxy
/// --listener upstream@...`); GW-SSE-001 cites the agent's events on the upstream leg first,
/// then their late arrival on the client's, and its stderr line said `e3 #13:` with no leg
/// at all (newcomer45), though every other line of another hop says `[leg upstream]`. Now
/// `[legs upstream, client]`, as the text report names each evidence line's leg.
#[test]
fn a_gateway_finding_on_both_legs_names_both_on_its_live_line() {
    if !peers_available(
        "a_gateway_finding_on_both_legs_names_both_on_its_live_line",
        &[harness::Sdk::Python],
    ) {
        return;
    }
    let agent = spread_stream_agent();
    let d = tempfile::tempdir().unwrap();
    let rec = d.path().join("gw.jsonl");
    // the gateway names the front and the listener: their ports are picked first, and
    // started again on others when one was taken before the proxy bound it
    let (mut gw, mut proxy, mut stderr, p1) = harness::gateway_and_proxy(
        "sse-buffered",
        &agent.to_string(),
        &["--record".as_ref(), rec.as_os_str()],
    );
    let body = r#"{"jsonrpc":"2.0","id":2,"method":"SendStreamingMessage","params":{"message":{"role":"ROLE_USER","messageId":"m2","parts":[{"text":"slow streamed"}]}}}"#;
    let mut c = std::net::TcpStream::connect(("127.0.0.1", p1)).unwrap();
    c.set_read_timeout(Some(std::time::Duration::from_secs(60)))
        .unwrap();
    {
        use std::io::{Read, Write};
        write!(
            c,
            "POST / HTTP/1.1\r\nHost: 127.0.0.1:{p1}\r\nContent-Type: application/json\r\nA2A-Version: 1.0\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
            body.len()
        )
        .unwrap();
        let mut resp = String::new();
        c.read_to_string(&mut resp).unwrap();
        assert!(resp.starts_with("HTTP/1.1 200"), "{resp}");
        assert!(resp.contains("TASK_STATE_COMPLETED"), "{resp}");
    }
    let _ = Command::new("kill")
        .args(["-TERM", &proxy.id().to_string()])
        .status();
    let mut rest = String::new();
    {
        use std::io::Read;
        stderr.read_to_string(&mut rest).unwrap();
    }
    proxy.wait().unwrap();
    let _ = gw.kill();
    let _ = gw.wait();
    let line = rest
        .lines()
        .find(|l| l.starts_with("warning[GW-SSE-001]"))
        .unwrap_or_else(|| panic!("no GW-SSE-001 line: {rest}"));
    assert!(
        line.contains(" [legs upstream, client]: gateway held the stream back"),
        "{line}"
    );
}

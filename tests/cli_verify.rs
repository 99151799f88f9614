//! The built binary: `verify`, `report`, `rules`: exit codes 0/1/2, `--fail-on`, several
//! `--format`/`-o` pairs, an unwritable `-o` (raw JSON on stdout, exit 2), unreadable
//! input (exit 2, one line), and `docs/rules.md` in sync with the registry.

use crate::common;
use crate::report_support;

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use serde_json::Value;

fn bin() -> Command {
    let mut c = common::bin();
    c.env_remove("A2A_INTEROP_LOG");
    c
}

fn run(args: &[&str]) -> Output {
    bin().args(args).output().expect("binary runs")
}

fn code(o: &Output) -> i32 {
    o.status.code().expect("exited normally")
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

/// A clean recording with exchanges (the reference agent's demo run, no finding).
fn clean_recording() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("recordings/demo.jsonl")
}

#[test]
fn verify_clean_recording_exits_0_with_text_summary() {
    let rec = clean_recording();
    let o = run(&["verify", s(&rec)]);
    assert_eq!(code(&o), 0, "stderr: {}", stderr(&o));
    let out = stdout(&o);
    // the demo speaks 1.0 and 0.3: one note says so (newcomer27 N6), then the summary
    assert!(
        out.starts_with("note: demo.jsonl: 2 A2A generations in this traffic: 1.0 in "),
        "{out}"
    );
    assert!(
        out.trim_end().lines().last().is_some_and(
            |l| l.starts_with("0 errors, 0 warnings, 0 notes in 24 exchanges (135 events)")
        ),
        "{out}"
    );
}

#[test]
fn verify_exit_1_on_findings_and_fail_on_never_exits_0() {
    let d = tempfile::tempdir().unwrap();
    let rec = report_support::broken_recording(d.path());
    let o = run(&["verify", s(&rec), "--format", "json"]);
    let doc: Value = serde_json::from_str(&stdout(&o)).expect("json on stdout");
    let errors = doc["summary"]["errors"].as_u64().unwrap();
    if a2a_interop::verify::rules::RULES.is_empty() {
        // No rule is registered in this build: nothing can be found, exit 0.
        assert_eq!(errors, 0);
        assert_eq!(code(&o), 0);
    } else {
        assert!(errors > 0, "the verifier missed every broken MUST: {doc:#}");
        assert_eq!(code(&o), 1);
    }
    let o = run(&["verify", s(&rec), "--fail-on", "never", "-f", "json"]);
    assert_eq!(code(&o), 0);
    // `report` is a rendering: 0 unless --fail-on is given.
    let o = run(&["report", s(&rec), "--format", "markdown"]);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    assert!(stdout(&o).starts_with("# A2A interoperability report"));
}

#[test]
fn fail_on_is_parsed_and_checked() {
    let rec = clean_recording();
    for level in ["error", "warning", "note", "never"] {
        let o = run(&["verify", s(&rec), "--fail-on", level]);
        assert_eq!(code(&o), 0, "{level}: {}", stderr(&o));
        let o = run(&["report", s(&rec), "--fail-on", level, "-f", "json"]);
        assert_eq!(code(&o), 0, "{level}: {}", stderr(&o));
    }
    let o = run(&["verify", s(&rec), "--fail-on", "sometimes"]);
    assert_eq!(code(&o), 2, "a bad flag value is an operational error");
}

#[test]
fn several_format_output_pairs() {
    let d = tempfile::tempdir().unwrap();
    let rec = report_support::write_recording(d.path());
    let json = d.path().join("r.json");
    let sarif = d.path().join("r.sarif");
    let junit = d.path().join("r.xml");
    let html = d.path().join("out.html");
    let o = run(&[
        "verify",
        s(&rec),
        "--fail-on",
        "never",
        "--format",
        "json",
        "-o",
        s(&json),
        "--format",
        "sarif",
        "-o",
        s(&sarif),
        "-f",
        "junit",
        "-o",
        s(&junit),
        "-f",
        "markdown",
        "-o",
        "-",
        // An -o without its --format takes the format of its extension.
        "-o",
        s(&html),
    ]);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    let doc: Value = serde_json::from_str(&std::fs::read_to_string(&json).unwrap()).unwrap();
    assert_eq!(doc["schema"], "a2a-interop/report/v1");
    assert_eq!(doc["counts"]["exchanges"], 3);
    assert_eq!(doc["source"]["path"], s(&rec));
    let (hash, bytes) = a2a_interop::report::sha256_file(&rec).unwrap();
    assert_eq!(doc["source"]["sha256"], hash.as_str());
    assert_eq!(doc["source"]["bytes"], bytes);
    let sarif: Value = serde_json::from_str(&std::fs::read_to_string(&sarif).unwrap()).unwrap();
    assert_eq!(sarif["version"], "2.1.0");
    assert!(std::fs::read_to_string(&junit)
        .unwrap()
        .contains("<testsuites name=\"a2a-interop\""));
    assert!(std::fs::read_to_string(&html)
        .unwrap()
        .starts_with("<!DOCTYPE html>"));
    assert!(stdout(&o).starts_with("# A2A interoperability report"));
}

#[test]
fn unwritable_output_is_one_line_and_exits_2() {
    let d = tempfile::tempdir().unwrap();
    let rec = report_support::write_recording(d.path());
    let blocker = d.path().join("plain-file");
    std::fs::write(&blocker, "x").unwrap();
    let target = blocker.join("report.md");
    let o = run(&["verify", s(&rec), "-f", "markdown", "-o", s(&target)]);
    assert_eq!(code(&o), 2);
    // no fallback dump in another format on stdout (breaker8 G20)
    assert_eq!(stdout(&o), "", "nothing on stdout");
    let err = stderr(&o);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.starts_with("a2a-interop: cannot write markdown report to "),
        "{err}"
    );
    assert!(err.contains("hint:"), "{err}");
}

#[test]
fn unreadable_input_exits_2_with_one_line() {
    let d = tempfile::tempdir().unwrap();
    let missing = d.path().join("nope.jsonl");
    let o = run(&["verify", s(&missing)]);
    assert_eq!(code(&o), 2);
    let err = stderr(&o);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.starts_with("a2a-interop: cannot open "), "{err}");
    assert!(err.contains("hint:"), "{err}");
    assert!(stdout(&o).is_empty());

    let junk = d.path().join("junk.txt");
    std::fs::write(&junk, "hello\nworld\n").unwrap();
    let o = run(&["report", s(&junk), "-f", "json"]);
    assert_eq!(code(&o), 2);
    let err = stderr(&o);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.contains("not a recording, transcript or HAR file"),
        "{err}"
    );

    // A malformed line in the middle of a recording names its line.
    let rec = report_support::write_recording(d.path());
    let mut text = std::fs::read_to_string(&rec).unwrap();
    text.push_str("{\"seq\":99,\"t_us\":1,\"type\":\"no_such_kind\"}\n");
    std::fs::write(&rec, text).unwrap();
    let o = run(&["verify", s(&rec)]);
    assert_eq!(code(&o), 2);
    let err = stderr(&o);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("line 17"), "{err}");
}

#[test]
fn output_without_format_and_unknown_extension_exits_2() {
    let d = tempfile::tempdir().unwrap();
    let rec = report_support::empty_recording(d.path());
    let o = run(&["verify", s(&rec), "-o", s(&d.path().join("r.bin"))]);
    assert_eq!(code(&o), 2);
    assert!(stderr(&o).contains("no --format for -o"), "{}", stderr(&o));
}

#[test]
fn rules_command_formats() {
    let o = run(&["rules"]);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    let n = a2a_interop::verify::rules::RULES.len();
    assert!(
        stdout(&o).ends_with(&format!(
            "{n} rules ({} active)\n",
            a2a_interop::verify::rules::RULES
                .iter()
                .filter(|r| !r.retired)
                .count()
        )),
        "{}",
        stdout(&o)
    );
    let o = run(&["rules", "--format", "json"]);
    assert_eq!(code(&o), 0);
    let doc: Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(doc["rules"].as_array().unwrap().len(), n);
    // breaker7 F22: `-f` as for every other command, and only the formats that work
    let o = run(&["rules", "-f", "json"]);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    let doc: Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(doc["rules"].as_array().unwrap().len(), n);
    for f in ["junit", "sarif", "html"] {
        let o = run(&["rules", "--format", f]);
        assert_eq!(code(&o), 2);
        assert_eq!(stderr(&o).lines().count(), 1);
        assert!(
            stderr(&o).contains(&format!("invalid value '{f}' for '--format <FORMAT>'")),
            "{}",
            stderr(&o)
        );
    }
    let o = run(&["rules", "--help"]);
    let help = stdout(&o);
    let values = &help[help.find("-f, --format").expect("-f in help")..];
    let values = &values[..values.find("-h, --help").unwrap_or(values.len())];
    for f in ["text", "markdown", "json"] {
        assert!(values.contains(&format!("- {f}:")), "{values}");
    }
    for f in ["junit", "sarif", "html", "one block per finding"] {
        assert!(!values.contains(f), "{values}");
    }
}

#[test]
fn docs_rules_md_is_in_sync_with_the_registry() {
    let o = run(&["rules", "--format", "markdown"]);
    assert_eq!(code(&o), 0);
    let doc = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("docs/rules.md");
    if std::env::var_os("BLESS").is_some() {
        std::fs::write(&doc, &o.stdout).unwrap();
    }
    let want = std::fs::read_to_string(&doc).expect("docs/rules.md exists (BLESS=1 writes it)");
    assert_eq!(
        stdout(&o),
        want,
        "docs/rules.md is stale: run `a2a-interop rules --format markdown > docs/rules.md` or BLESS=1"
    );
}

#[test]
fn sarif_of_a_transcript_points_at_transcript_lines() {
    // CASE-05: a stream hands out a task id (line 3, first chunk) that tasks/get later
    // reports as not found (line 8, the resp).
    let case = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/cases/CASE-05.jsonl");
    let o = run(&["verify", s(&case), "-f", "sarif"]);
    assert_eq!(code(&o), 1, "{}", stderr(&o));
    let doc: Value = serde_json::from_str(&stdout(&o)).unwrap();
    let results = doc["runs"][0]["results"].as_array().unwrap();
    let r = results
        .iter()
        .find(|r| r["ruleId"] == "ID-TASK-001")
        .expect("ID-TASK-001 found");
    let lines: Vec<u64> = r["locations"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| {
            l["physicalLocation"]["region"]["startLine"]
                .as_u64()
                .unwrap()
        })
        .collect();
    // The failing call first (live lines cite it, breaker16b T14), then the hand-out.
    assert_eq!(lines, [8, 3]);
}

#[test]
fn unpaired_format_among_several_is_refused_with_exit_2() {
    let d = tempfile::tempdir().unwrap();
    let rec = report_support::empty_recording(d.path());
    let json = d.path().join("a.json");
    let o = run(&[
        "report",
        s(&rec),
        "-f",
        "json",
        "-f",
        "html",
        "-o",
        s(&json),
    ]);
    assert_eq!(code(&o), 2, "stdout: {}", stdout(&o));
    assert!(stdout(&o).is_empty(), "nothing on stdout: {}", stdout(&o));
    assert_eq!(
        stderr(&o).trim_end(),
        "a2a-interop: --format html has no -o (2 formats, 1 -o); hint: give -o PATH after each --format (-o - for stdout)"
    );
    assert!(!json.exists(), "no partial output");
}

#[test]
fn report_to_a_closed_stdout_exits_quietly() {
    let d = tempfile::tempdir().unwrap();
    let rec = report_support::broken_recording(d.path());
    // A pipe whose reader is already gone (`| head -1` after its line): every write to
    // stdout fails with EPIPE.
    let (reader, writer) = std::io::pipe().unwrap();
    drop(reader);
    let o = bin()
        .args(["report", rec.to_str().unwrap(), "-f", "html", "-o", "-"])
        .stdout(writer)
        .stderr(std::process::Stdio::piped())
        .output()
        .unwrap();
    let err = stderr(&o);
    assert!(!err.contains("on stdout as JSON"), "{err}");
    assert_eq!(err, "", "nothing to say about a reader that left");
    assert_eq!(code(&o), 0, "report exits 0 whatever was found");
}

#[test]
fn offline_reader_messages_name_the_file_and_the_real_cause() {
    let d = tempfile::tempdir().unwrap();
    // A directory: its path and a hint about it.
    let dir = d.path().join("adir");
    std::fs::create_dir(&dir).unwrap();
    let o = run(&["verify", dir.to_str().unwrap()]);
    assert_eq!(code(&o), 2);
    let err = stderr(&o);
    assert!(
        err.contains(&format!("cannot read {}", dir.display())),
        "{err}"
    );
    assert!(err.contains("not a directory"), "{err}");
    // A bad header line: said once, as a header.
    let bad = d.path().join("bad.jsonl");
    std::fs::write(&bad, "{\"type\":\"recording\",\"format\":1}\n").unwrap();
    let err = stderr(&run(&["verify", bad.to_str().unwrap()]));
    assert_eq!(err.matches("missing field `tool`").count(), 1, "{err}");
    assert!(err.contains("not a recording header"), "{err}");
    // HAR and transcript errors get no hint about a torn last line.
    let har = d.path().join("x.har");
    std::fs::write(
        &har,
        "{\"log\":{\"version\":\"1.2\",\"entries\":[{\"request\":7}]}}",
    )
    .unwrap();
    let tr = d.path().join("t.jsonl");
    std::fs::write(&tr, "{\"dir\":\"sideways\"}\n").unwrap();
    for f in [&har, &tr] {
        let o = run(&["verify", f.to_str().unwrap()]);
        assert_eq!(code(&o), 2, "{}", stderr(&o));
        let err = stderr(&o);
        assert!(!err.contains("torn"), "{err}");
        assert_eq!(err.lines().count(), 1, "{err}");
    }
    // A recording that starts with a UTF-8 byte order mark reads like the same file without.
    let rec = report_support::write_recording(d.path());
    let mut bytes = b"\xEF\xBB\xBF".to_vec();
    bytes.extend(std::fs::read(&rec).unwrap());
    let bom = d.path().join("bom.jsonl");
    std::fs::write(&bom, bytes).unwrap();
    let plain = run(&["report", rec.to_str().unwrap(), "-f", "json"]);
    let with_bom = run(&["report", bom.to_str().unwrap(), "-f", "json"]);
    assert_eq!(code(&with_bom), 0, "{}", stderr(&with_bom));
    let a: Value = serde_json::from_str(&stdout(&plain)).unwrap();
    let b: Value = serde_json::from_str(&stdout(&with_bom)).unwrap();
    assert_eq!(a["counts"], b["counts"]);
    assert_eq!(a["findings"], b["findings"]);
}

/// A real recording (Python SDK client and agent through `proxy --capture-cap 100`): every
/// body is cut at 100 bytes, so nothing could be judged. The reports must say so instead of
/// a clean "0 errors": text (a note per reason, and in the summary line), Markdown and
/// HTML ("Not judged"), JSON (`notJudged`, `counts.notJudged`, valid against the schema).
#[test]
fn bodies_cut_by_the_capture_cap_are_reported_as_not_judged() {
    let rec = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/capture-cap-100.jsonl");
    let text = run(&["verify", s(&rec)]);
    assert_eq!(code(&text), 0, "{}", stderr(&text));
    let out = stdout(&text);
    assert!(
        out.contains("note: not judged: 12 exchanges (e1, e2, e3, e4, e5, ...): body not fully recorded (cut at the proxy's capture cap (in the recording only, not on its way to the agent or client; a larger --capture-cap records it all)): its content not judged"),
        "{out}"
    );
    assert!(
        out.contains("in 12 exchanges, 12 not fully judged (63 events)"),
        "{out}"
    );
    let md = stdout(&run(&["report", s(&rec), "--format", "markdown"]));
    assert!(md.contains("## Not judged\n\n- 12 exchanges (e1,"), "{md}");
    let html = stdout(&run(&["report", s(&rec), "--format", "html"]));
    assert!(
        html.contains("<h2>Not judged</h2><ul>\n<li>12 exchanges (e1,"),
        "{html}"
    );
    let json: Value =
        serde_json::from_str(&stdout(&run(&["report", s(&rec), "--format", "json"]))).unwrap();
    assert_eq!(json["counts"]["notJudged"], 12, "{}", json["counts"]);
    assert_eq!(
        json["notJudged"][0]["exchanges"], 12,
        "{}",
        json["notJudged"]
    );
    assert_eq!(
        json["notJudged"][0]["examples"],
        serde_json::json!(["e1", "e2", "e3", "e4", "e5"])
    );
    let schema: Value = serde_json::from_str(
        &std::fs::read_to_string(
            Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/report-schema.json"),
        )
        .unwrap(),
    )
    .unwrap();
    let v = jsonschema::validator_for(&schema).unwrap();
    let errors: Vec<String> = v.iter_errors(&json).map(|e| e.to_string()).collect();
    assert!(errors.is_empty(), "{errors:#?}");
}

/// Lines deleted from a real recording (every `exchange_end`): `seq` no longer rises by 1,
/// and the reports say so (stderr note, text note, `source.seqBreaks` in JSON, valid
/// against the schema) instead of verifying the rest as if it were whole.
#[test]
fn deleted_lines_are_noticed_by_their_seq() {
    let whole = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/capture-cap-100.jsonl"),
    )
    .unwrap();
    let cut: String = whole
        .lines()
        .filter(|l| !l.contains(r#""type":"exchange_end""#))
        .map(|l| format!("{l}\n"))
        .collect();
    let dropped = whole.lines().count() - cut.lines().count();
    assert_eq!(dropped, 12);
    let dir = tempfile::tempdir().unwrap();
    let rec = dir.path().join("cut.jsonl");
    std::fs::write(&rec, cut).unwrap();
    let out = run(&["verify", s(&rec)]);
    // 11, not 12: the file's last line was one of them, and a deleted last line leaves no hole.
    assert!(
        stderr(&out)
            .contains("seq does not rise by 1 per line (11 events missing (lines deleted or lost); first after seq"),
        "{}",
        stderr(&out)
    );
    assert!(
        stdout(&out).contains("note: cut.jsonl: seq does not rise by 1 per line"),
        "{}",
        stdout(&out)
    );
    let json: Value =
        serde_json::from_str(&stdout(&run(&["report", s(&rec), "--format", "json"]))).unwrap();
    assert_eq!(
        json["source"]["seqBreaks"]["missing"], 11,
        "{}",
        json["source"]
    );
    assert_eq!(json["source"]["seqBreaks"]["repeated"], 0);
    let schema: Value = serde_json::from_str(
        &std::fs::read_to_string(
            Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/report-schema.json"),
        )
        .unwrap(),
    )
    .unwrap();
    let v = jsonschema::validator_for(&schema).unwrap();
    let errors: Vec<String> = v.iter_errors(&json).map(|e| e.to_string()).collect();
    assert!(errors.is_empty(), "{errors:#?}");
    // The whole recording has no such note.
    let whole_rec = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/capture-cap-100.jsonl");
    assert!(!stderr(&run(&["verify", s(&whole_rec)])).contains("seq does not rise"));
}

/// Unicode bidi controls from the traffic (an agent's card) are shown as `\u{202e}`, never
/// written raw, in the text, Markdown and HTML reports: a raw U+202E reorders what a
/// terminal or browser shows around it (CVE-2021-42574, "Trojan Source").
#[test]
fn bidi_controls_from_the_traffic_are_shown_not_obeyed() {
    let dir = tempfile::tempdir().unwrap();
    let t = dir.path().join("bidi.jsonl");
    let card = serde_json::json!({
        "name": "a", "description": "d", "version": "1",
        "supportedInterfaces": [{"url": "http://127.0.0.1:8080/", "protocolBinding": "JSONRPC", "protocolVersion": "1.0"}],
        "capabilities": {"streaming": "\u{202e}eurt"},
        "defaultInputModes": ["text/plain"], "defaultOutputModes": ["text/plain"],
        "skills": [{"id": "s", "name": "s", "description": "s", "tags": ["t"]}]
    });
    let lines = [
        serde_json::json!({"dir": "req", "method": "GET", "url": "http://127.0.0.1:8080/.well-known/agent-card.json", "body": ""}),
        serde_json::json!({"dir": "resp", "status": 200, "headers": {"content-type": "application/json"}, "body": card.to_string()}),
    ];
    std::fs::write(
        &t,
        lines.iter().map(|l| format!("{l}\n")).collect::<String>(),
    )
    .unwrap();
    for format in ["text", "markdown", "html"] {
        let out = stdout(&run(&["report", s(&t), "--format", format]));
        assert!(out.contains("CARD-SHAPE-002"), "{format}: {out}");
        assert!(!out.contains('\u{202e}'), "{format}: raw U+202E in {out}");
        assert!(out.contains("\\u202eeurt"), "{format}: {out}");
    }
}

/// Files that are not traffic in ways people actually hit: empty, gzip-compressed, two
/// recordings concatenated. Each is exit 2 with a cause and a hint that name the real
/// problem (not "damaged" or "unknown variant" alone).
#[test]
fn empty_compressed_and_concatenated_files_say_what_they_are() {
    use std::io::Write;
    let dir = tempfile::tempdir().unwrap();
    let rec = std::fs::read(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/capture-cap-100.jsonl"),
    )
    .unwrap();
    let empty = dir.path().join("empty.jsonl");
    std::fs::write(&empty, b"").unwrap();
    let gz = dir.path().join("rec.jsonl.gz");
    let mut e = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
    e.write_all(&rec).unwrap();
    std::fs::write(&gz, e.finish().unwrap()).unwrap();
    let twice = dir.path().join("twice.jsonl");
    std::fs::write(&twice, [rec.clone(), rec].concat()).unwrap();
    for (file, want) in [
        (&empty, "the file is empty (0 bytes)"),
        (
            &gz,
            "it is gzip-compressed (decompress it first: gunzip -c FILE | a2a-interop verify -)",
        ),
        (
            &twice,
            "hint: that line is a second recording header: two recordings were concatenated",
        ),
    ] {
        let out = run(&["verify", s(file)]);
        assert_eq!(code(&out), 2, "{}", stderr(&out));
        assert!(stderr(&out).contains(want), "{}", stderr(&out));
    }
}

/// q22 Q5: the Agent Card evidence of the extension rules (CAP-EXT-001 required extension
/// not enforced, CAP-EXT-003 extension activated but not declared) carries the card's own
/// exchange, so the reports label that line `(GET /.well-known/agent-card.json -> 200) at
/// /capabilities/extensions`, not the call's `(POST /a2a -> 200)`; the call's evidence
/// keeps the call's exchange.
#[test]
fn extension_findings_cite_the_card_on_the_cards_exchange() {
    for (case, rule) in [
        ("CAP-EXT-001-fail", "CAP-EXT-001"),
        ("CAP-EXT-003-fail", "CAP-EXT-003"),
    ] {
        let input = format!("tests/golden/{case}/input.jsonl");
        let o = bin()
            .args(["verify", &input, "-f", "json", "-o", "-"])
            .output()
            .unwrap();
        let v: Value = serde_json::from_slice(&o.stdout).unwrap();
        let f = v["findings"]
            .as_array()
            .unwrap()
            .iter()
            .find(|f| f["rule"] == rule)
            .unwrap_or_else(|| panic!("{case}: no {rule}: {v}"));
        let ev = f["evidence"].as_array().unwrap();
        let card = ev
            .iter()
            .find(|e| e["pointer"] == "/capabilities/extensions")
            .unwrap_or_else(|| panic!("{case}: no card evidence: {f}"));
        assert_eq!(card["exchange"], "e1", "{case}: {f}");
        assert!(
            ev.iter()
                .filter(|e| e["pointer"] != "/capabilities/extensions")
                .all(|e| e["exchange"] != "e1"),
            "{case}: {f}"
        );
        let o = bin().args(["verify", &input]).output().unwrap();
        let text = String::from_utf8_lossy(&o.stdout);
        assert!(
            text.contains(
                "(GET /.well-known/agent-card.json -> 200) at JSON $.capabilities.extensions"
            ),
            "{case}: {text}"
        );
        assert!(
            !text.contains("(POST /a2a -> 200) at JSON $.capabilities.extensions"),
            "{case}: {text}"
        );
    }
}

/// review27a: the text report's generations note (newcomer27 N6) counts generations, not
/// wire forms: a 1.0 card beside 1.0 gRPC calls is one generation and gets no note (every
/// gRPC recording was told "2 A2A generations ... 1.0, 1.0 gRPC"), while 0.3 gRPC beside
/// a 1.0 card is two (listed in the order the traffic first used them, review27b).
#[test]
fn generations_note_counts_versions_not_bindings() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/cases/variants");
    let one = dir.join("b12-L11-grpc-v10-errorinfo-wrong-domain.jsonl");
    let out = stdout(&run(&["verify", s(&one)]));
    assert!(out.contains("1.0 gRPC"), "{out}");
    assert!(!out.contains("A2A generations"), "{out}");
    let two = dir.join("b13-M10-grpc-header-1.0-calls-0.3-service.jsonl");
    let out = stdout(&run(&["verify", s(&two)]));
    assert!(
        out.contains("note: b13-M10-grpc-header-1.0-calls-0.3-service.jsonl: 2 A2A generations in this traffic: 1.0 in 1 exchange (e1 first), 0.3 gRPC in 1 exchange (e2 first); "),
        "{out}"
    );
}

/// left39b (issue 7): an output path that cannot be written (`-o FILE/x.json` under a
/// regular file; `/proc/x.json`) is said before the input is read, as `probe` does: each
/// of verify, report, export and repro reads standard input that never ends here, and
/// still exits 2 at once naming the output (before: it waited for the whole input, then
/// said it could not write).
#[test]
fn unwritable_output_is_said_before_the_input_is_read() {
    use std::io::Read as _;
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("plain.txt");
    std::fs::write(&file, "not a directory").unwrap();
    let under_file = file.join("x.json");
    let mut outs = vec![under_file];
    if Path::new("/proc/self").exists() {
        outs.push(PathBuf::from("/proc/x.json"));
    }
    for out in &outs {
        let o = s(out);
        for args in [
            vec!["verify", "-", "-f", "json", "-o", o],
            vec!["report", "-", "-f", "json", "-o", o],
            vec!["export", "-", "-o", o],
            vec!["repro", "-", "--finding", "GW-REQ-001", "-o", o],
        ] {
            // stdin stays open and empty: reading it would block until the deadline
            let mut child = bin()
                .args(&args)
                .stdin(std::process::Stdio::piped())
                .stdout(std::process::Stdio::piped())
                .stderr(std::process::Stdio::piped())
                .spawn()
                .expect("binary runs");
            let t0 = std::time::Instant::now();
            let status = loop {
                if let Some(st) = child.try_wait().expect("wait") {
                    break Some(st);
                }
                if t0.elapsed() > std::time::Duration::from_secs(20) {
                    let _ = child.kill();
                    let _ = child.wait();
                    break None;
                }
                std::thread::sleep(std::time::Duration::from_millis(20));
            };
            let mut err = String::new();
            if let Some(mut e) = child.stderr.take() {
                let _ = e.read_to_string(&mut err);
            }
            let status = status
                .unwrap_or_else(|| panic!("{args:?}: still reading its input after 20 s: {err}"));
            assert_eq!(status.code(), Some(2), "{args:?}: {err}");
            assert!(
                err.contains("cannot write ") && err.contains(o),
                "{args:?}: {err}"
            );
            drop(child.stdin.take());
        }
    }
}

//! newcomer58: a newcomer on a fresh machine, README alone, and what an 80-column terminal
//! showed of the CLI at 2 a.m.
//! - W1: rows longer than 80 characters, wrapped mid-word by the terminal: `--help`
//!   paragraphs (up to 407 characters), 266 of the 267 rows of `rules`, the text report
//!   of `verify` / `report` / `demo` (`= help:` rows of 150 to 550, the generations note
//!   of 340, the summary line), demo's `STEP` rows (up to 171), the reference agent's
//!   banner (103, 110), the proxy's
//!   `gateway set-up:` row (130 and more) and the `note: overwriting PATH (...)` row (124
//!   and more, the path mid-line). On a terminal each now fits, or ends with the one path
//!   or URL it names; on a pipe the report and `--help` keep their rows whole.
//! - C1: `--fail-on Note` was refused (the hint suggested `note`); so were `--on-record-
//!   error Stop`, `rules -f JSON` and `probe --dialect AUTO`: every value taken from a
//!   list is now taken in any case.
//! - B1: `report --baseline B --write-baseline B` said "baseline B (0 entries)" right after
//!   "wrote baseline B: 1 entry": it now says both counts.
//! - O1: `--record` over an earlier recording with no events replaced it with a note (by
//!   design since newcomer26 N6: nothing to lose) where `--help` said every existing file
//!   without --overwrite is refused: the help now says what is done.

#[path = "common/proxy_process.rs"]
mod proxy_process;

use std::path::{Path, PathBuf};
use std::time::Duration;

fn case(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/cases")
        .join(name)
}

/// Every row of `out` fits in `cols` characters, or ends with one of `names` (a path or
/// URL) and its words before it fit: a wrap then falls inside that name alone.
fn assert_rows_fit(out: &str, cols: usize, names: &[&str]) {
    for l in out.lines() {
        let n = l.chars().count();
        if n <= cols {
            continue;
        }
        let Some(last) = names.iter().find(|s| l.ends_with(*s)) else {
            panic!("{n} > {cols}: {l:?}\n{out}");
        };
        assert!(n - last.chars().count() <= cols, "{l:?}\n{out}");
    }
}

/// The words of `text` (split at blanks), for "the same text, rows broken otherwise".
fn words(text: &str) -> Vec<&str> {
    text.split_whitespace().collect()
}

/// W1: `verify` of a recording with three findings on an 80-column terminal: every row
/// fits (their `= help:` rows of 117 to 550 characters broken under the help's first
/// word); the words are those of the report on a pipe, which keeps its long rows.
#[test]
fn verify_on_80_columns_breaks_rows_at_words() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::copy(case("CASE-01.jsonl"), dir.path().join("c.jsonl")).unwrap();
    let (code, out) =
        crate::cli_newcomer56::run_on_terminal(dir.path(), &["verify", "c.jsonl"], 80);
    assert_eq!(code, Some(1), "{out}");
    assert_rows_fit(&out, 80, &[]);
    let help = out
        .lines()
        .position(|l| l.starts_with("   = help: send the public Agent Card with Cache-Control"))
        .unwrap_or_else(|| panic!("{out}"));
    let next = out.lines().nth(help + 1).unwrap();
    assert!(
        next.starts_with(&" ".repeat(11)) && !next.starts_with(&" ".repeat(12)),
        "{next:?}"
    );
    let piped = proxy_process::run_in(dir.path(), &["verify", "c.jsonl"]);
    assert_eq!(piped.status.code(), Some(1));
    let piped = String::from_utf8_lossy(&piped.stdout);
    assert!(piped.lines().any(|l| l.chars().count() > 200), "{piped}");
    assert_eq!(words(&out), words(&piped));
}

/// W1: `proxy --help` and the `rules` list on an 80-column terminal fit (broken at words);
/// on a pipe each paragraph, each rule, stays one row, as scripts and tests read it.
#[test]
fn help_on_80_columns_fits_and_a_pipe_keeps_paragraphs() {
    let dir = tempfile::tempdir().unwrap();
    let (code, out) = crate::cli_newcomer56::run_on_terminal(dir.path(), &["proxy", "--help"], 80);
    assert_eq!(code, Some(0), "{out}");
    assert_rows_fit(&out, 80, &[]);
    let piped = proxy_process::run_in(dir.path(), &["proxy", "--help"]);
    let piped = String::from_utf8_lossy(&piped.stdout);
    assert!(piped.lines().any(|l| l.chars().count() > 300), "{piped}");
    assert_eq!(words(&out), words(&piped));

    // `rules`: 266 rows of up to ~330 characters; on the terminal each rule starts a row
    // with its ID, the rest of it indented
    let (code, out) = crate::cli_newcomer56::run_on_terminal(dir.path(), &["rules"], 80);
    assert_eq!(code, Some(0), "{out}");
    assert_rows_fit(&out, 80, &[]);
    let piped = proxy_process::run_in(dir.path(), &["rules"]);
    let piped = String::from_utf8_lossy(&piped.stdout);
    assert_eq!(words(&out), words(&piped));
    let ids = |t: &str| t.lines().filter(|l| !l.starts_with(' ')).count();
    assert_eq!(ids(&out), ids(&piped));
}

/// W1 and O1: `demo --record` over an earlier recording with no events, on an 80-column
/// terminal, from a long directory: the note says so on two rows, the path last; the STEP
/// rows and the report fit; the run exits 0. Run again without --overwrite over the
/// recording it wrote (which has events): refused, exit 2, the flag named. `--help` of
/// each command with `--record` says both.
#[test]
fn demo_over_an_empty_recording_on_80_columns() {
    let dir = tempfile::tempdir().unwrap();
    let long = "runs/of/the/night/shift/in/a/rather/long/directory";
    let rec = format!("{long}/demo-of-the-reference-agent-at-two.jsonl");
    std::fs::create_dir_all(dir.path().join(long)).unwrap();
    let sample =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("recordings/refagent-v1.0-rewrite-card.jsonl");
    let header = std::fs::read_to_string(sample)
        .unwrap()
        .lines()
        .next()
        .unwrap()
        .to_string();
    std::fs::write(dir.path().join(&rec), format!("{header}\n")).unwrap();
    let (code, out) =
        crate::cli_newcomer56::run_on_terminal(dir.path(), &["demo", "--record", &rec], 80);
    assert_eq!(code, Some(0), "{out}");
    assert_rows_fit(&out, 80, &[&rec]);
    let note = out
        .lines()
        .position(|l| l == "a2a-interop: note: overwriting an earlier recording with no events")
        .unwrap_or_else(|| panic!("{out}"));
    let second = out.lines().nth(note + 1).unwrap();
    // newcomer59: on a terminal every stderr row is broken at words, so a path that does
    // not fit after the words before it starts a row of its own, whole
    let third = out.lines().nth(note + 2).unwrap();
    assert!(
        second.starts_with("  (")
            && second.contains(" bytes, started ")
            && (second.ends_with(&format!("): {rec}"))
                || (second.ends_with("):") && third == format!("    {rec}"))),
        "{second:?} {third:?}"
    );
    // a STEP row of more than 80 characters, broken under the step's name (its list of
    // 96 characters after its commas)
    let stream = out
        .lines()
        .position(|l| l.starts_with("  STEP stream ok kinds=task,statusUpdate,"))
        .unwrap_or_else(|| panic!("{out}"));
    assert!(
        out.lines().nth(stream + 1).unwrap().starts_with("       "),
        "{out}"
    );
    assert!(out.contains("conformance: full"), "{out}");

    let o = proxy_process::run_in(dir.path(), &["demo", "--record", &rec]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(err.contains("add --overwrite"), "{err}");

    for cmd in ["proxy", "demo", "probe", "interop"] {
        let o = proxy_process::run_in(dir.path(), &[cmd, "--help"]);
        let help = String::from_utf8_lossy(&o.stdout);
        assert!(
            help.contains(
                "or an earlier recording with no events (nothing to lose: replaced with a note)"
            ),
            "{cmd}: {help}"
        );
        assert!(
            help.contains("one with no events, its header alone, is replaced with a note"),
            "{cmd}: {help}"
        );
    }
}

/// C1: values taken from a list are taken in any case: `--fail-on Note` judges the note
/// (exit 1), `--fail-on NEVER` not; `--format HTML` writes HTML; `rules -f JSON` prints
/// JSON; `probe --dialect AUTO --binding GRPC` gets as far as the agent (unreachable here,
/// exit 2, not a refused flag); `proxy --on-record-error Stop --fail-on Warning` starts.
#[test]
fn listed_values_are_taken_in_any_case() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::copy(case("CASE-23.jsonl"), dir.path().join("c.jsonl")).unwrap();
    let o = proxy_process::run_in(dir.path(), &["verify", "c.jsonl", "--fail-on", "Note"]);
    assert_eq!(
        o.status.code(),
        Some(1),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    let o = proxy_process::run_in(dir.path(), &["verify", "c.jsonl", "--fail-on", "NEVER"]);
    assert_eq!(
        o.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    let o = proxy_process::run_in(
        dir.path(),
        &["report", "c.jsonl", "--format", "HTML", "-o", "r.html"],
    );
    assert_eq!(
        o.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    let html = std::fs::read_to_string(dir.path().join("r.html")).unwrap();
    assert!(html.starts_with("<!DOCTYPE html>"), "{}", &html[..80]);
    let o = proxy_process::run_in(dir.path(), &["rules", "-f", "JSON"]);
    assert_eq!(o.status.code(), Some(0));
    let rules: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert!(rules["rules"].as_array().is_some_and(|r| r.len() > 200));

    let o = proxy_process::run_in(
        dir.path(),
        &[
            "probe",
            "http://127.0.0.1:9",
            "--dialect",
            "AUTO",
            "--binding",
            "GRPC",
            "--timeout",
            "2s",
        ],
    );
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(
        !err.contains("--dialect") && !err.contains("--binding"),
        "{err}"
    );

    let (run, _) = proxy_process::start_proxy(&[
        "--upstream",
        "http://127.0.0.1:9",
        "--no-record",
        "--on-record-error",
        "Stop",
        "--fail-on",
        "Warning",
    ]);
    run.terminate();
}

/// B1: `report --baseline b.json --write-baseline b.json` (how a baseline shrinks or
/// grows) judges the file as read and says what it wrote over it: the count as read, then
/// the count written; run again, both are the same and the finding is known.
#[test]
fn a_baseline_rewritten_in_place_says_what_was_written() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::copy(case("CASE-23.jsonl"), dir.path().join("c.jsonl")).unwrap();
    std::fs::write(
        dir.path().join("b.json"),
        r#"{"schema": "a2a-interop/baseline/v1", "findings": []}"#,
    )
    .unwrap();
    let args = [
        "report",
        "c.jsonl",
        "--baseline",
        "b.json",
        "--write-baseline",
        "b.json",
    ];
    let o = proxy_process::run_in(dir.path(), &args);
    let (out, err) = (
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr),
    );
    assert_eq!(o.status.code(), Some(0), "{err}");
    assert!(
        err.contains("a2a-interop: wrote baseline b.json: 1 entry "),
        "{err}"
    );
    assert!(
        out.contains("baseline b.json (0 entries as read; now 1 entry, written by --write-baseline): 0 known findings, 1 new (RPC-ERROR-004 (note))"),
        "{out}"
    );
    let o = proxy_process::run_in(dir.path(), &args);
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(
        out.contains("baseline b.json (1 entry as read; now 1 entry, written by --write-baseline): 1 known finding, 0 new"),
        "{out}"
    );
    // without --write-baseline: the file's count alone, as before
    let o = proxy_process::run_in(dir.path(), &args[..4]);
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(
        out.contains("baseline b.json (1 entry): 1 known finding, 0 new"),
        "{out}"
    );
}

/// W1: the reference agent's banner and a gateway proxy's `gateway set-up:` rows fit 80
/// columns or end with the URL they name.
#[test]
fn agent_and_gateway_banners_end_their_rows_with_the_url() {
    let (child, rx) = proxy_process::spawn_with_stderr_lines(
        std::process::Command::new(env!("CARGO_BIN_EXE_a2a-interop")).args([
            "demo",
            "--agent-only",
            "--listen",
            "127.0.0.1:0",
        ]),
    );
    let mut banner = Vec::new();
    while let Ok(l) = rx.recv_timeout(Duration::from_secs(30)) {
        let end = l.starts_with("  Ctrl-C");
        banner.push(l);
        if end {
            break;
        }
    }
    drop(child);
    let first = &banner[0];
    let url = first
        .strip_prefix("a2a-interop reference agent on ")
        .unwrap_or_else(|| panic!("{banner:#?}"))
        .to_string();
    assert_eq!(
        banner[1],
        "  A2A 1.0 and 0.3 over JSON-RPC only; no HTTP+JSON"
    );
    assert!(
        banner.contains(&format!("  try: a2a-interop probe {url}")),
        "{banner:#?}"
    );
    assert!(
        banner.contains(&format!("  or:  a2a-interop interop YOUR_AGENT_URL {url}")),
        "{banner:#?}"
    );
    let text = banner.join("\n");
    assert_rows_fit(
        &text,
        80,
        &[&url, &format!("{url}/.well-known/agent-card.json")],
    );

    let agent = "http://127.0.0.1:9/a/rather/long/path/to/the/agent/behind/the/gateway";
    let (run, addr) = proxy_process::start_proxy(&[
        "--upstream",
        agent,
        "--listener",
        &format!("upstream@127.0.0.1:0={agent}"),
        "--no-record",
    ]);
    let setup = proxy_process::line_with(&run, "gateway set-up:", Duration::from_secs(10));
    let next = run.rx.recv_timeout(Duration::from_secs(10)).unwrap();
    assert_eq!(
        setup,
        format!("  gateway set-up: clients call http://{addr};")
    );
    assert!(
        next.starts_with("    the gateway must call http://127.0.0.1:")
            && next.ends_with(&format!(" (leg upstream), not {agent}")),
        "{next}"
    );
    assert_rows_fit(&format!("{setup}\n{next}"), 80, &[agent]);
    run.terminate();
}

/*!
Helpers shared by several integration tests (`mod common;`): the built binary, offline
verification of a recording file, the reference agent on a loopback port, and the step names
of the A2A client scripts (Rust `refagent::client` and the SDK test clients alike).
*/
#![allow(dead_code)]

use std::path::Path;
use std::process::Command;

use a2a_interop::record::source;
use a2a_interop::refagent::{self, RefAgentConfig, RefAgentHandle};
use a2a_interop::verify::{Verifier, VerifyOutcome};

/// Steps of a client script run, in order (see `refagent::client`, `tests/peers/`).
pub const CLIENT_STEPS: [&str; 9] = [
    "card",
    "send",
    "send-task",
    "stream",
    "get",
    "cancel",
    "input",
    "fail",
    "missing",
];

/// The `a2a-interop` binary built for this test run.
pub fn bin() -> Command {
    Command::new(env!("CARGO_BIN_EXE_a2a-interop"))
}

/// Runs the binary with `args` (`A2A_INTEROP_LOG` unset) to its end: its output (the
/// several-file `verify` tests, cli_batch40, cli_left41, cli_left42: session 41's
/// duplicates D1).
pub fn run_bin(args: &[&str]) -> std::process::Output {
    bin()
        .env_remove("A2A_INTEROP_LOG")
        .args(args)
        .output()
        .expect("binary runs")
}

/// Standard output of `o` as text (lossy UTF-8).
pub fn stdout_text(o: &std::process::Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

/// Standard error of `o` as text (lossy UTF-8).
pub fn stderr_text(o: &std::process::Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// The repository root (`CARGO_MANIFEST_DIR`).
pub fn repo_root() -> std::path::PathBuf {
    std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// `recordings/demo.jsonl`, a clean recording (the demo run: no error, no warning, no note;
/// push not exercised, so `partial`), as an argument.
pub fn demo_recording() -> String {
    repo_root()
        .join("recordings/demo.jsonl")
        .display()
        .to_string()
}

/// `tests/cases/field/card03-skill-without-tags.jsonl`, a field case with one error finding
/// (CARD-SHAPE-001: a skill without tags) and a note, as an argument.
pub fn card_without_tags_case() -> String {
    repo_root()
        .join("tests/cases/field/card03-skill-without-tags.jsonl")
        .display()
        .to_string()
}

/// Runs the binary with `args` (`A2A_INTEROP_LOG` unset) off the async runtime, so that
/// agents under test on that runtime go on serving; its output once it exited.
pub async fn run_off_runtime(args: Vec<String>) -> std::process::Output {
    tokio::task::spawn_blocking(move || {
        bin()
            .env_remove("A2A_INTEROP_LOG")
            .args(&args)
            .output()
            .expect("binary runs")
    })
    .await
    .expect("join")
}

/// Asserts that interop direction `d` probed both dialects (1.0, 0.3) and that its card
/// tests (reachable, required fields, interfaces) passed.
pub fn assert_both_dialects_and_card_pass(d: &a2a_interop::app::interop_cmd::Direction) {
    assert_eq!(
        d.report.dialects,
        vec!["1.0".to_string(), "0.3".to_string()]
    );
    for t in ["card.reachable", "card.required-fields", "card.interfaces"] {
        let got = d.report.result(t, None).expect(t);
        assert_eq!(
            got.status,
            a2a_interop::probe::Status::Pass,
            "{t} [{}]: {}",
            d.name,
            got.message
        );
    }
}

/// Asserts that a finished `a2a-interop` run exited with `code`, showing its stderr if not.
pub fn assert_exit(o: &std::process::Output, code: i32) {
    assert_eq!(
        o.status.code(),
        Some(code),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
}

/// Verifies a traffic file (any format `record::source` opens) offline, every event fed
/// in order; panics naming the file when it cannot be opened or an event cannot be read.
pub fn verify_file(path: &Path) -> VerifyOutcome {
    let src = source::open(path).unwrap_or_else(|e| panic!("{}: {e:#}", path.display()));
    let mut v = Verifier::new(&src.header);
    for ev in src.events {
        v.feed(&ev.unwrap_or_else(|e| panic!("{}: event: {e:#}", path.display())));
    }
    v.finish()
}

/// The offline verdict ([`verify_file`]) of variant case `name`
/// (`tests/cases/variants/NAME.jsonl`).
pub fn verify_variant(name: &str) -> VerifyOutcome {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/cases/variants")
        .join(format!("{name}.jsonl"));
    verify_file(&path)
}

/// The offline verdict ([`verify_file`]) of field case `name`
/// (`tests/cases/field/NAME.jsonl`).
pub fn verify_field(name: &str) -> VerifyOutcome {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/cases/field")
        .join(format!("{name}.jsonl"));
    verify_file(&path)
}

/// Every finding of variant case `name` (`tests/cases/variants/NAME.jsonl`), verified
/// offline ([`verify_file`]).
pub fn variant_findings(name: &str) -> Vec<a2a_interop::verify::Finding> {
    verify_variant(name).findings
}

/// The message of the one finding of rule `id` (e.g. "GW-SSE-002") in `out`; panics when
/// there is none or more than one.
pub fn only_message(out: &VerifyOutcome, id: &str) -> String {
    let hits: Vec<&str> = out
        .findings
        .iter()
        .filter(|f| f.rule == id)
        .map(|f| f.message.as_str())
        .collect();
    assert_eq!(hits.len(), 1, "{id}: {hits:?}");
    hits[0].to_string()
}

/// `(rule, message)` of every finding of variant case `name` (`tests/cases/variants/NAME.jsonl`).
pub fn variant_messages(name: &str) -> Vec<(String, String)> {
    variant_findings(name)
        .into_iter()
        .map(|f| (f.rule, f.message))
        .collect()
}

/// The message of the one finding of `rule` in variant case `name`; panics when the case
/// has none or several.
pub fn variant_message(name: &str, rule: &str) -> String {
    variant_finding(name, rule).message
}

/// The one finding of `rule` in variant case `name` (`tests/cases/variants/NAME.jsonl`),
/// verified offline; panics, naming the case and listing all its findings, when it has
/// none or several.
pub fn variant_finding(name: &str, rule: &str) -> a2a_interop::verify::Finding {
    let all = variant_findings(name);
    let hits: Vec<_> = all.iter().filter(|f| f.rule == rule).collect();
    assert_eq!(
        hits.len(),
        1,
        "{name}: {rule}: {:?}",
        all.iter()
            .map(|f| (&f.rule, &f.message))
            .collect::<Vec<_>>()
    );
    hits[0].clone()
}

/// The reference agent on 127.0.0.1 with a free port; `public_url` is the URL its card
/// advertises (default: its own address).
pub async fn start_refagent(public_url: Option<String>) -> RefAgentHandle {
    refagent::start(RefAgentConfig {
        listen: "127.0.0.1:0".parse().expect("literal address"),
        public_url,
    })
    .await
    .expect("bind a loopback port")
}

/// Probe tests every target (dialect × binding) runs and a conformant agent passes, in run
/// order, JSON-RPC-only and 1.0-only tests left out (see [`JSONRPC_ONLY_TESTS`]).
pub const TARGET_TESTS: [&str; 20] = [
    "card.interface-url",
    "errors.unknown-task",
    "lifecycle.send",
    "lifecycle.get-task",
    "lifecycle.poll-terminal",
    "lifecycle.history-length",
    "lifecycle.cancel",
    "lifecycle.input-required",
    "streaming.content-type",
    "streaming.envelope",
    "streaming.first-event",
    "streaming.same-ids",
    "streaming.terminal",
    "streaming.nothing-after-terminal",
    "streaming.last-chunk",
    "streaming.follow-up",
    "errors.cancel-completed",
    "errors.message-to-terminal",
    "errors.parse-error",
    "errors.invalid-params",
];

/// Probe tests only a JSON-RPC target runs (skipped on HTTP+JSON).
pub const JSONRPC_ONLY_TESTS: [&str; 2] = ["errors.unknown-method", "errors.invalid-request"];

/// Runs `a2a-interop interop URL_A URL_B --record DIR/interop.jsonl EXTRA...` through the
/// recording pipeline in this process, as the command does (20 s per request): the finished
/// run and the recording path.
pub async fn interop_with(
    url_a: &str,
    url_b: &str,
    extra: &[&str],
    dir: &Path,
) -> (
    a2a_interop::app::interop_cmd::InteropRun,
    std::path::PathBuf,
) {
    use a2a_interop::cli::{Cli, Command};
    use clap::Parser;
    let rec = dir.join("interop.jsonl");
    let mut argv = vec![
        "a2a-interop",
        "interop",
        url_a,
        url_b,
        "--record",
        rec.to_str().expect("utf-8 path"),
    ];
    argv.extend_from_slice(extra);
    let Command::Interop(args) = Cli::parse_from(argv).command else {
        unreachable!("parsed an interop command")
    };
    let cfg = a2a_interop::probe::ProbeConfig::with_timeout(std::time::Duration::from_secs(20));
    let run = a2a_interop::app::interop_cmd::interop_through_pipeline(
        &args,
        &cfg,
        url::Url::parse(url_a).expect("url"),
        url::Url::parse(url_b).expect("url"),
    )
    .await
    .expect("interop run");
    (run, rec)
}

/// Names (no `.jsonl`) of the variants in tests/cases/variants whose file name starts with
/// `prefix` (`b31x-`) and contains `kind`, sorted.
pub fn variant_names(prefix: &str, kind: &str) -> Vec<String> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/cases/variants");
    let mut v: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .flatten()
        .map(|e| e.file_name().to_string_lossy().to_string())
        .filter(|n| n.starts_with(prefix) && n.ends_with(".jsonl") && n.contains(kind))
        .map(|n| n.trim_end_matches(".jsonl").to_string())
        .collect();
    v.sort();
    v
}

/// Every variant of `prefix` (`b33q-`) whose name holds `kind` (`-X`), with the rules of its
/// errors and warnings ([`variant_errors_and_warnings`]), sorted by name.
pub fn variant_kind(prefix: &str, kind: &str) -> Vec<(String, Vec<String>)> {
    variant_names(prefix, kind)
        .into_iter()
        .map(|n| {
            let r = variant_errors_and_warnings(&n);
            (n, r)
        })
        .collect()
}

/// Feeds variant `name` event by event as the proxy does: the findings `feed` returned
/// (the live lines), and the final report's findings.
pub fn live_and_final(
    name: &str,
) -> (
    Vec<a2a_interop::verify::Finding>,
    Vec<a2a_interop::verify::Finding>,
) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/cases/variants")
        .join(format!("{name}.jsonl"));
    let src = source::open(&path).unwrap();
    let mut v = Verifier::new(&src.header);
    let mut live = Vec::new();
    for ev in src.events {
        live.extend(v.feed(&ev.unwrap()));
    }
    (live, v.finish().findings)
}

/// The rules of a variant's error and warning findings (notes left out), in report order.
pub fn variant_errors_and_warnings(name: &str) -> Vec<String> {
    variant_findings(name)
        .into_iter()
        .filter(|f| !matches!(f.severity, a2a_interop::verify::Severity::Note))
        .map(|f| f.rule)
        .collect()
}

/// Panics, naming the variant and its findings, unless each named variant gets no error
/// and no warning (notes allowed): the legal controls of a kind.
pub fn assert_variants_quiet(names: &[&str]) {
    for name in names {
        let found = variant_errors_and_warnings(name);
        assert!(found.is_empty(), "{name}: {found:?}");
    }
}

/// The rule IDs of every finding of variant `name` (notes included), in report order.
pub fn variant_rules(name: &str) -> Vec<String> {
    variant_findings(name).into_iter().map(|f| f.rule).collect()
}

/// The one variant whose name starts with `prefix` (`b34x-A01-`); panics, listing them,
/// when there is none or several.
pub fn one_variant(prefix: &str) -> String {
    let n = variant_names(prefix, "");
    assert_eq!(n.len(), 1, "{prefix}: {n:?}");
    n[0].clone()
}

/// A blind round's counts and controls: at least `min_all` variants start with `prefix`,
/// at least `min_legal` of them are `-legal-` controls, and every control gives notes at
/// most (no error, no warning).
pub fn assert_blind_round(prefix: &str, min_all: usize, min_legal: usize) {
    let all = variant_names(prefix, "");
    let legal = variant_names(prefix, "-legal-");
    assert!(all.len() >= min_all, "{} {prefix} cases", all.len());
    assert!(
        legal.len() >= min_legal,
        "{} {prefix} legal controls",
        legal.len()
    );
    for n in &legal {
        let loud = variant_errors_and_warnings(n);
        assert!(loud.is_empty(), "{n}: legal control not silent: {loud:?}");
    }
}

/// Each variant starting with one of `prefixes` (each names one variant, [`one_variant`])
/// has no finding whose rule ID starts with `rule` (`"DATA-HISTORY-"` for a family); the
/// blind rounds' legal controls of a kind they fixed.
pub fn variants_without(prefixes: &[&str], rule: &str) {
    for p in prefixes {
        let n = one_variant(p);
        let r = variant_rules(&n);
        assert!(!r.iter().any(|x| x.starts_with(rule)), "{n}: {r:?}");
    }
}

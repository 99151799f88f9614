//! newcomer60: a newcomer from README alone (a plain clone), then an on-call engineer's
//! night with three symptoms and only README, docs/ and `--help`.
//! - S2: `sh < min.sh` (the curl script of `repro` fed to sh on its standard input) ran
//!   `bash sh`, which found /usr/bin/sh and stopped: "cannot execute binary file", exit 126.
//!   It runs itself with bash now; fed through a pipe (`cat min.sh | sh`), which cannot be
//!   handed on, it says to run it with bash (exit 2).
//! - I1: README's `interop http://127.0.0.1:9999 http://127.0.0.1:9998` needed a second agent
//!   no line said how to start: README names it now, and `probe` / `interop` of a loopback
//!   port where nothing listens name the command that serves the reference agent there.
//! - G1: a gateway whose card names its own address (the front's `--upstream`), behind a
//!   front with `--rewrite-card`, drew "WARNING: the Agent Card the client got through the
//!   front names http://GATEWAY/...: ... the client's next calls go there, around the proxy;
//!   hint: run with --rewrite-card" though the client got the card rewritten to the front
//!   and every call was recorded (the 2 a.m. hunt of a 404 behind a gateway met it first).
//! - G2: a gateway run whose gateway was not up yet was told "until the agent listens there
//!   (start the agent, ...)" for the front's upstream, the gateway.

#[path = "common/proxy_process.rs"]
mod proxy_process;

use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

fn case(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/cases")
        .join(name)
}

/// A repro cut of CASE-01's first finding in `dir` (`min.jsonl`, `min.sh`), its script
/// pointed at a port where nothing listens, as the script's own `sed` line says to do.
fn repro_script_to_dead_port(dir: &Path) -> String {
    std::fs::copy(case("CASE-01.jsonl"), dir.join("c.jsonl")).unwrap();
    let v = proxy_process::run_in(dir, &["verify", "c.jsonl", "-f", "json", "-o", "-"]);
    let report: serde_json::Value = serde_json::from_slice(&v.stdout).unwrap();
    let rule = report["findings"][0]["rule"].as_str().unwrap().to_string();
    let o = proxy_process::run_in(
        dir,
        &["repro", "c.jsonl", "--finding", &rule, "-o", "min.jsonl"],
    );
    assert_eq!(
        o.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    let script = std::fs::read_to_string(dir.join("min.sh")).unwrap();
    let origin = script
        .lines()
        .find_map(|l| l.strip_prefix("# Sent to "))
        .and_then(|r| r.split(' ').next())
        .unwrap_or_else(|| panic!("{script}"))
        .trim_end_matches(',')
        .to_string();
    let dead = proxy_process::ReservedPort::bind().hold();
    let script = script.replace(&origin, &format!("http://{dead}"));
    std::fs::write(dir.join("min.sh"), &script).unwrap();
    script
}

/// `sh ARGS` (dash on Debian) run in `dir` with `stdin`, `feed` written to it when it is a
/// pipe: exit code, stdout, stderr.
fn sh(
    dir: &Path,
    args: &[&str],
    stdin: Stdio,
    feed: Option<&[u8]>,
) -> (Option<i32>, String, String) {
    let mut child = Command::new("sh")
        .args(args)
        .current_dir(dir)
        .stdin(stdin)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    if let Some(bytes) = feed {
        let mut input = child.stdin.take().unwrap();
        input.write_all(bytes).unwrap();
    }
    let o = child.wait_with_output().unwrap();
    (
        o.status.code(),
        String::from_utf8_lossy(&o.stdout).into_owned(),
        String::from_utf8_lossy(&o.stderr).into_owned(),
    )
}

/// S2: `sh < min.sh` runs the script with bash (its arrays pass, its curl calls are made:
/// curl's own "Failed to connect" to the dead port, exit 7), as `sh min.sh` and `bash <
/// min.sh` do; `cat min.sh | sh` says in one line to run it with bash and exits 2 (it was
/// exit 126, "/usr/bin/sh: cannot execute binary file", for both).
#[test]
fn the_repro_script_fed_to_sh_runs_with_bash_or_says_to() {
    let dir = tempfile::tempdir().unwrap();
    let script = repro_script_to_dead_port(dir.path());
    let file = || Stdio::from(std::fs::File::open(dir.path().join("min.sh")).unwrap());
    for (how, args, stdin) in [
        ("sh < min.sh", vec![], file()),
        ("sh min.sh", vec!["min.sh"], Stdio::null()),
        ("sh -s < min.sh", vec!["-s"], file()),
    ] {
        let (code, out, err) = sh(dir.path(), &args, stdin, None);
        assert!(
            !err.contains("cannot execute") && !err.to_lowercase().contains("syntax error"),
            "{how}: {err}"
        );
        assert_eq!(code, Some(7), "{how}: out: {out}\nerr: {err}");
        assert!(err.contains("curl: (7)"), "{how}: out: {out}\nerr: {err}");
    }
    let o = Command::new("bash")
        .current_dir(dir.path())
        .stdin(file())
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(7), "bash < min.sh: {o:?}");
    // a pipe: what sh read of it is gone, so the script cannot be handed on whole
    let (code, out, err) = sh(dir.path(), &[], Stdio::piped(), Some(script.as_bytes()));
    assert_eq!(code, Some(2), "out: {out}\nerr: {err}");
    assert_eq!(
        err.trim_end(),
        "this script needs bash and was read from a pipe, which cannot be handed on: run it with bash: bash min.sh",
        "{out}"
    );
    assert!(!err.contains("curl"), "{err}");
}

/// I1: `probe` of a loopback port where nothing listens (README's agent at :9999 not
/// started) ends exit 2 naming the command that serves the reference agent at that very
/// address; run as named, the same probe passes.
#[test]
fn a_probe_of_an_empty_loopback_port_names_the_reference_agent_there() {
    let dir = tempfile::tempdir().unwrap();
    let port = proxy_process::ReservedPort::bind();
    let addr = port.addr();
    let url = format!("http://{addr}");
    let o = proxy_process::run_in(dir.path(), &["probe", &url, "-q", "--record", "p.jsonl"]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{err}");
    let command = format!("a2a-interop demo --agent-only --listen {addr}");
    assert!(
        err.contains(&format!(
            "no agent of your own to try it on? `{command}` runs the reference agent there"
        )),
        "{err}"
    );
    assert_eq!(err.lines().count(), 1, "{err}");
    // the command as the line names it, on the port the test held till now
    drop(port);
    let listen = addr.to_string();
    let (agent, rx) = proxy_process::spawn_with_stderr_lines(
        Command::new(env!("CARGO_BIN_EXE_a2a-interop")).args([
            "demo",
            "--agent-only",
            "--listen",
            &listen,
        ]),
    );
    while !rx
        .recv_timeout(std::time::Duration::from_secs(30))
        .expect("the reference agent's banner")
        .contains("reference agent on ")
    {}
    let o = proxy_process::run_in(dir.path(), &["probe", &url, "-q", "--record", "p2.jsonl"]);
    assert_eq!(
        o.status.code(),
        Some(0),
        "{}\n{}",
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    );
    drop(agent);
}

/// I1: README's `interop` with two reference agents, as its new lines say to start them:
/// both directions run and pass (exit 0), a recording of both legs written.
#[test]
fn interop_of_two_reference_agents_as_readme_says_passes() {
    let dir = tempfile::tempdir().unwrap();
    let (_a, url_a) = proxy_process::reference_agent();
    let (_b, url_b) = proxy_process::reference_agent();
    let o = proxy_process::run_in(
        dir.path(),
        &["interop", &url_a, &url_b, "--record", "pair.jsonl", "-q"],
    );
    let (out, err) = (
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr),
    );
    assert_eq!(o.status.code(), Some(0), "out: {out}\nerr: {err}");
    let rec = std::fs::read_to_string(dir.path().join("pair.jsonl")).unwrap();
    assert!(
        rec.contains("\"A->B\"") && rec.contains("\"B->A\""),
        "{err}"
    );
}

/// G1: a faithful gateway naming itself in the card it passes on, the front with
/// `--rewrite-card`: the client gets the card naming the front, its calls are recorded on
/// both legs, and no line says the card sends the client around the proxy.
#[test]
fn a_gateway_naming_itself_behind_a_rewriting_front_gets_no_card_warning() {
    let lines = crate::cli_ux48::run_public(
        "pass",
        false,
        true,
        &["--rewrite-card"],
        |front, _, gw| {
            let card = crate::cli_ux48::card(front);
            assert!(card.contains(front) && !card.contains(gw), "{card}");
            for id in 1..=3 {
                let a = crate::cli_ux48::send(front, id);
                assert!(a.contains("\"result\""), "send {id}: {a}");
            }
        },
        None,
    );
    let said: Vec<&String> = lines
        .iter()
        .filter(|l| l.contains("the Agent Card the client got"))
        .collect();
    assert!(said.is_empty(), "{said:#?}\n{lines:#?}");
    // both legs carried the calls: no silent-leg line either
    assert!(
        !lines.iter().any(|l| l.contains("has had no request")),
        "{lines:#?}"
    );
}

/// G2: a gateway run (front + `--listener upstream@...`) whose gateway is not up yet: the
/// start-up warning for the front's upstream names the gateway ("until the gateway listens
/// there (start the gateway, ..."), the listener's upstream still the agent (it said
/// "start the agent" for both, the hunt's gateway started a moment after the proxy).
#[test]
fn a_gateway_not_up_yet_is_told_as_the_gateway() {
    let gateway = proxy_process::ReservedPort::bind().hold();
    let agent = proxy_process::ReservedPort::bind().hold();
    let dir = tempfile::tempdir().unwrap();
    let (_proxy, rx) = proxy_process::spawn_with_stderr_lines(
        Command::new(env!("CARGO_BIN_EXE_a2a-interop"))
            .current_dir(dir.path())
            .args(["proxy", "--listen", "127.0.0.1:0"])
            .args(["--upstream", &format!("http://{gateway}")])
            .args([
                "--listener",
                &format!("upstream@127.0.0.1:0=http://{agent}"),
            ])
            .args(["--record", "gw.jsonl"])
            .env("NO_COLOR", "1")
            .stdin(Stdio::null()),
    );
    let mut warned = Vec::new();
    let mut seen = Vec::new();
    while warned.len() < 2 {
        let l = rx
            .recv_timeout(std::time::Duration::from_secs(30))
            .unwrap_or_else(|_| panic!("two start-up warnings: {seen:#?}"));
        if l.contains("does not accept connections now") {
            warned.push(l.clone());
        }
        seen.push(l);
    }
    let of = |addr: std::net::SocketAddr| {
        warned
            .iter()
            .find(|l| l.contains(&format!("upstream http://{addr} ")))
            .unwrap_or_else(|| panic!("{addr}: {warned:#?}"))
            .clone()
    };
    assert!(
        of(gateway).ends_with(
            "until the gateway listens there (start the gateway, or check --upstream / --route)"
        ),
        "{warned:#?}"
    );
    assert!(
        of(agent).ends_with(
            "until the agent listens there (start the agent, or check --upstream / --route)"
        ),
        "{warned:#?}"
    );
}

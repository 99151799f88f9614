//! ux48: gateway set-up help. Both legs of a gateway in one recording take a front
//! (`--listen` / `--upstream GATEWAY`) and a `--listener upstream@ADDR=AGENT`, and the
//! gateway pointed at that listener; before this session a gateway still calling the agent
//! directly left the upstream leg silently empty (0 findings, no word), and a card that sent
//! the client around the tool was said only as a note on the upstream leg. The real binary,
//! the built-in reference agent (`demo --agent-only`), `tests/peers/misgateway45.py` as the
//! gateway, curl as the client, all on loopback.

use crate::proxy_process;

use std::io::Write as _;
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::time::Duration;

use proxy_process::{parse_ready, rest_of, spawn_with_stderr_lines, ChildGuard};

/// `python3 tests/peers/misgateway45.py --mode MODE --upstream -` on a port of its own
/// (port 0): the process and its URL. It serves once it is told where it goes
/// ([`route_gateway`]): its upstream and public URL are the proxy's listeners, which are
/// known only once the proxy, started after it, has bound them.
fn gateway(mode: &str) -> (ChildGuard, String) {
    use std::io::BufRead;
    let mut child = ChildGuard::spawn(
        Command::new("python3")
            .arg("-u")
            .arg(PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/peers/misgateway45.py"))
            .args(["--mode", mode, "--upstream", "-"])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null()),
    );
    let mut port = String::new();
    std::io::BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut port)
        .unwrap();
    assert!(!port.trim().is_empty(), "the gateway printed no port");
    (child, format!("http://127.0.0.1:{}", port.trim()))
}

/// Tells a [`gateway`] its upstream and public URL (its stdin line); it serves from then on.
fn route_gateway(gw: &mut ChildGuard, upstream: &str, public: &str) {
    let mut stdin = gw.stdin.take().expect("the gateway's stdin");
    writeln!(stdin, "{upstream} {public}").unwrap();
}

/// The reference agent on a free port: the process and its URL.
fn agent() -> (ChildGuard, String) {
    // port 0: the port bound is in its first line (a free_port() can be taken first)
    let (child, rx) =
        spawn_with_stderr_lines(Command::new(env!("CARGO_BIN_EXE_a2a-interop")).args([
            "demo",
            "--agent-only",
            "--listen",
            "127.0.0.1:0",
        ]));
    let line = rx
        .recv_timeout(Duration::from_secs(30))
        .expect("agent line");
    assert!(line.contains("reference agent on http://"), "{line}");
    let url = line
        .split("reference agent on ")
        .nth(1)
        .and_then(|r| r.split_whitespace().next())
        .unwrap()
        .trim_end_matches('/')
        .to_string();
    std::thread::spawn(move || for _ in rx {});
    (child, url)
}

fn curl(args: &[&str]) -> String {
    let o = Command::new("curl")
        .args(["-s", "--max-time", "20"])
        .args(args)
        .output()
        .expect("curl");
    String::from_utf8_lossy(&o.stdout).into_owned()
}

pub(crate) fn card(base: &str) -> String {
    curl(&[&format!("{base}/.well-known/agent-card.json")])
}

pub(crate) fn send(base: &str, id: u32) -> String {
    curl(&[
        "-X",
        "POST",
        &format!("{base}/"),
        "-H",
        "Content-Type: application/json",
        "-H",
        "A2A-Version: 1.0",
        "-d",
        &format!(
            r#"{{"jsonrpc":"2.0","id":{id},"method":"SendMessage","params":{{"message":{{"messageId":"m-{id}","role":"ROLE_USER","parts":[{{"text":"echo hi"}}]}}}}}}"#
        ),
    ])
}

/// A gateway set-up: the agent, the gateway (`mode`, calling the listener, or the agent
/// itself when `bypass`), and `proxy --listen FRONT --upstream GATEWAY --listener
/// upstream@LISTENER=AGENT EXTRA...` started, FRONT and LISTENER on port 0 (the ready line
/// names them; the gateway is told them then: no port picked free first, which another
/// process could take); `traffic` gets (front URL, listener URL, gateway URL); then, when
/// `said` names a line the run must print before the stop, that line is waited for (not a
/// time: a 1.5 s sleep stood here); the proxy's stderr lines after Ctrl-C.
fn run(
    mode: &str,
    bypass: bool,
    extra: &[&str],
    traffic: impl FnOnce(&str, &str, &str),
    said: Option<&str>,
) -> Vec<String> {
    run_public(mode, bypass, false, extra, traffic, said)
}

/// [`run`], the gateway's public URL its own address when `own_public` (a gateway that
/// names itself in the card it passes on, from the `Host` it was called with, say; the
/// front's `--rewrite-card` maps that, its `--upstream`, to the front), else the front's.
pub(crate) fn run_public(
    mode: &str,
    bypass: bool,
    own_public: bool,
    extra: &[&str],
    traffic: impl FnOnce(&str, &str, &str),
    said: Option<&str>,
) -> Vec<String> {
    let (_agent, agent_url) = agent();
    let (mut gw, gw_url) = gateway(mode);
    let dir = tempfile::tempdir().unwrap();
    let (mut proxy, rx) = spawn_with_stderr_lines(
        Command::new(env!("CARGO_BIN_EXE_a2a-interop"))
            .current_dir(dir.path())
            .args(["proxy", "--listen", "127.0.0.1:0", "--upstream", &gw_url])
            .args(["--listener", &format!("upstream@127.0.0.1:0={agent_url}")])
            .args(["--record", "gw.jsonl"])
            .args(extra)
            .env("NO_COLOR", "1")
            .stdin(Stdio::null()),
    );
    let mut lines = Vec::new();
    let ready = loop {
        let l = rx
            .recv_timeout(Duration::from_secs(30))
            .unwrap_or_else(|_| panic!("no ready line: {lines:#?}"));
        let ready = parse_ready(&l);
        lines.push(l);
        if let Some(r) = ready {
            break r;
        }
    };
    let front = ready.listen.to_string();
    let listener = ready.listeners[0].1.to_string();
    let to = if bypass {
        agent_url.clone()
    } else {
        format!("http://{listener}")
    };
    let public = if own_public {
        gw_url.clone()
    } else {
        format!("http://{front}")
    };
    route_gateway(&mut gw, &to, &public);
    traffic(
        &format!("http://{front}"),
        &format!("http://{listener}"),
        &gw_url,
    );
    if let Some(needle) = said {
        // liveness bound only: the line comes as soon as the verifier reads the traffic
        let end = std::time::Instant::now() + Duration::from_secs(60);
        loop {
            let left = end
                .checked_duration_since(std::time::Instant::now())
                .unwrap_or_else(|| panic!("no {needle:?} within 60 s: {lines:#?}"));
            let l = rx
                .recv_timeout(left)
                .unwrap_or_else(|_| panic!("no {needle:?} within 60 s: {lines:#?}"));
            let found = l.contains(needle);
            lines.push(l);
            if found {
                break;
            }
        }
    }
    proxy.signal("INT");
    let st = proxy.wait_for(Duration::from_secs(60), "proxy");
    lines.extend(rest_of(&rx));
    assert_eq!(st.code(), Some(0), "{lines:#?}");
    // the start line says where to point the gateway and the client
    // (newcomer58: on two rows, each ending with the URL it names)
    let at = lines
        .iter()
        .position(|l| l.contains("gateway set-up:"))
        .unwrap_or_else(|| panic!("no set-up line: {lines:#?}"));
    let (setup, gateway) = (&lines[at], &lines[at + 1]);
    assert!(
        setup.ends_with(&format!("clients call http://{front};"))
            && *gateway
                == format!(
                    "    the gateway must call http://{listener} (leg upstream), not {agent_url}"
                ),
        "{setup}\n{gateway}"
    );
    lines
}

fn with<'a>(lines: &'a [String], needle: &str) -> Vec<&'a String> {
    lines.iter().filter(|l| l.contains(needle)).collect()
}

#[test]
fn a_gateway_that_still_calls_the_agent_gets_one_warning_naming_the_listener() {
    let lines = run(
        "pass",
        true,
        &["--rewrite-card"],
        |front, _, _| {
            assert!(card(front).contains("\"name\""));
            for id in 1..=5 {
                assert!(send(front, id).contains("\"result\""), "send {id}");
            }
        },
        Some("has had no request"),
    );
    let w = with(&lines, "has had no request");
    assert_eq!(w.len(), 1, "one line per run: {lines:#?}");
    assert!(
        w[0].starts_with("a2a-interop proxy: WARNING: leg upstream (http://127.0.0.1:")
            && w[0].contains("while leg client has finished 3")
            && w[0].contains("still calls http://127.0.0.1:")
            && w[0].contains("(the listener of leg upstream) instead"),
        "{}",
        w[0]
    );
    // said during the run, before the stop
    let at = lines
        .iter()
        .position(|l| l.contains("has had no request"))
        .unwrap();
    let stop = lines
        .iter()
        .position(|l| l.contains("stopping (Ctrl-C)"))
        .unwrap();
    assert!(at < stop, "{lines:#?}");
}

#[test]
fn a_gateway_pointed_at_the_listener_gets_no_leg_warning() {
    let lines = run(
        "pass",
        false,
        &["--rewrite-card"],
        |front, _, _| {
            assert!(card(front).contains("\"name\""));
            for id in 1..=5 {
                assert!(send(front, id).contains("\"result\""), "send {id}");
            }
        },
        None,
    );
    assert!(with(&lines, "WARNING").is_empty(), "{lines:#?}");
}

#[test]
fn a_client_calling_the_gateway_around_the_front_is_said() {
    let lines = run(
        "pass",
        false,
        &["--rewrite-card"],
        |_, _, gw| {
            for id in 1..=3 {
                assert!(send(gw, id).contains("\"result\""), "send {id}");
            }
        },
        None,
    );
    let w = with(&lines, "has had no request");
    assert_eq!(w.len(), 1, "{lines:#?}");
    assert!(
        w[0].contains("WARNING: leg client (http://127.0.0.1:")
            && w[0].contains("while leg upstream has finished 3")
            && w[0].contains("the client calls around the front"),
        "{}",
        w[0]
    );
}

#[test]
fn a_run_stopped_early_with_one_leg_silent_says_it_at_the_stop() {
    let lines = run(
        "pass",
        true,
        &["--rewrite-card"],
        |front, _, _| {
            assert!(send(front, 1).contains("\"result\""));
        },
        None,
    );
    let w = with(&lines, "has had no request");
    assert_eq!(w.len(), 1, "{lines:#?}");
    assert!(w[0].contains("while leg client has finished 1"), "{}", w[0]);
    let at = lines
        .iter()
        .position(|l| l.contains("has had no request"))
        .unwrap();
    let stop = lines
        .iter()
        .position(|l| l.contains("stopping (Ctrl-C)"))
        .unwrap();
    assert!(at > stop, "at the stop: {lines:#?}");
}

#[test]
fn a_card_passed_on_with_the_agents_address_is_a_warning_before_the_next_call() {
    let lines = run(
        "card-upstream-port",
        false,
        &[],
        |front, _, _| {
            assert!(card(front).contains("\"name\""));
        },
        None,
    );
    let w = with(&lines, "the Agent Card the client got through the front");
    assert_eq!(w.len(), 1, "{lines:#?}");
    assert!(
        w[0].starts_with(
            "a2a-interop proxy: WARNING: the Agent Card the client got through the front (e"
        ) && w[0].contains("the address of the agent behind leg upstream")
            && w[0].contains("neither the front (http://127.0.0.1:")
            && w[0].contains("hint: run with --rewrite-card"),
        "{}",
        w[0]
    );
}

#[test]
fn a_card_naming_the_listener_says_the_client_skips_the_gateway() {
    // --rewrite-card: the upstream listener serves the card naming itself, and this gateway
    // passes it on unrewritten: the client would call the listener directly
    let lines = run(
        "card-upstream-port",
        false,
        &["--rewrite-card"],
        |front, listener, _| {
            assert!(
                card(front).contains(listener),
                "the card names the listener"
            );
        },
        None,
    );
    let w = with(&lines, "the Agent Card the client got through the front");
    assert_eq!(w.len(), 1, "{lines:#?}");
    assert!(
        w[0].contains("the listener of leg upstream: the client will call that leg directly, around the gateway and the front"),
        "{}",
        w[0]
    );
}

#[test]
fn a_card_the_gateway_rewrote_to_the_front_gets_no_warning() {
    let lines = run(
        "pass",
        false,
        &["--rewrite-card"],
        |front, _, _| {
            assert!(card(front).contains(front), "the card names the front");
        },
        None,
    );
    assert!(
        with(&lines, "the Agent Card the client got").is_empty(),
        "{lines:#?}"
    );
}

/// ux48 item 3: `verify`'s text report printed the same help paragraph (often several
/// hundred characters) for every finding of one rule; the blocks of a rule stand together,
/// so the second one points at the first. The JSON report keeps the help on each finding.
#[test]
fn the_text_report_prints_a_rules_help_once_and_json_keeps_it_on_each() {
    let rec = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/cases/variants/b10-E8-v10-push-config-still-returned-after-delete.jsonl");
    let o = Command::new(env!("CARGO_BIN_EXE_a2a-interop"))
        .arg("verify")
        .arg(&rec)
        .env("NO_COLOR", "1")
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(1));
    let text = String::from_utf8_lossy(&o.stdout);
    let blocks: Vec<&str> = text.split("\n\n").collect();
    let push: Vec<&&str> = blocks
        .iter()
        .filter(|b| b.starts_with("error[PUSH-CFG-004]"))
        .collect();
    assert_eq!(push.len(), 2, "{text}");
    assert!(
        push[0].contains("   = help: remove the config when DeleteTaskPushNotificationConfig"),
        "{}",
        push[0]
    );
    assert!(
        push[1].ends_with("   = help: as for PUSH-CFG-004 above"),
        "{}",
        push[1]
    );
    // another rule's block has its own help in full
    let note = blocks
        .iter()
        .find(|b| b.starts_with("note[CARD-CACHE-001]"))
        .unwrap();
    assert!(
        note.contains("   = help: send the public Agent Card"),
        "{note}"
    );

    let o = Command::new(env!("CARGO_BIN_EXE_a2a-interop"))
        .arg("report")
        .arg(&rec)
        .args(["--format", "json", "-o", "-"])
        .output()
        .unwrap();
    let json: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    let helps: Vec<&str> = json["findings"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|f| f["rule"] == "PUSH-CFG-004")
        .map(|f| f["help"].as_str().unwrap_or(""))
        .collect();
    assert_eq!(helps.len(), 2, "{json}");
    assert!(
        helps.iter().all(|h| h.starts_with("remove the config")),
        "{helps:?}"
    );
}

/// demo's pipeline has a second listener too, its push receiver (`agent->webhook`), quiet
/// until the push step and never a gateway hop: no leg line, no card line (the demo's card
/// names the agent, unrewritten, by design).
#[test]
fn the_demo_with_its_webhook_leg_gets_no_gateway_warning() {
    let dir = tempfile::tempdir().unwrap();
    let o = Command::new(env!("CARGO_BIN_EXE_a2a-interop"))
        .current_dir(dir.path())
        .args(["demo", "--record", "demo.jsonl"])
        .env("NO_COLOR", "1")
        .stdin(Stdio::null())
        .output()
        .unwrap();
    let all = format!(
        "{}{}",
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    );
    assert_eq!(o.status.code(), Some(0), "{all}");
    assert!(all.contains("conformance: full"), "{all}");
    assert!(!all.contains("has had no request"), "{all}");
    assert!(
        !all.contains("the Agent Card the client got through the front"),
        "{all}"
    );
}

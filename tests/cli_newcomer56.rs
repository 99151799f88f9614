//! newcomer56: a newcomer's pass through README, probe's first screen on an 80-column
//! terminal, and a 2 a.m. engineer's odd inputs.
//! - N1: `probe`'s failed-test lines (200 characters and more) wrapped over three rows of
//!   an 80-column terminal, cut at 150 characters of message whatever the width.
//! - N2: the fix of a finding that failed a test (its `help`) was on no line of probe's
//!   brief text: only in `--verbose`, the `-o` reports or `verify` of the recording.
//! - N3: `proxy --upstream http://agent/.well-known/agent-card.json` (the agent's card URL)
//!   forwarded `POST /` to `/.well-known/agent-card.json/`; the fix came after the first
//!   client's card fetch, at the end of a 700-character warning.
//! - N4: two recordings given to `repro`, `export` or `report` were told to run the
//!   command on the second file without the flags typed: `repro` and `export` refused it.
//! - N5: a recording from a newer tool said "update a2a-interop" in cause and hint, and
//!   named neither the writer's version nor this build's.
//! - N6: `repro`'s curl script replayed a follow-up with the recorded task and context ids,
//!   which a live agent never made: TaskNotFound (or a terminal task), not the finding.
//! - N7: `interop`'s level lines, `[A->B] ` in front, ran 7 characters past the width.

#[path = "common/proxy_process.rs"]
mod proxy_process;

#[path = "common/misbehaving_peer.rs"]
mod misbehaving_peer;

use std::time::Duration;

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// Runs `args` in `dir` with stdout and stderr on one new pseudo-terminal of `cols`
/// columns and 24 rows, `COLUMNS` unset (the width is the terminal's own, as a person's
/// shell that does not export it gives): its exit code and everything written on it.
pub(crate) fn run_on_terminal(
    dir: &std::path::Path,
    args: &[&str],
    cols: u16,
) -> (Option<i32>, String) {
    use std::io::Read as _;
    use std::os::fd::FromRawFd as _;
    use std::process::Stdio;
    let (mut master, mut slave) = (0, 0);
    let ws = libc::winsize {
        ws_row: 24,
        ws_col: cols,
        ws_xpixel: 0,
        ws_ypixel: 0,
    };
    // SAFETY: openpty writes the two descriptors it opens and reads the window size it is
    // given; the name and termios arguments may be null.
    let rc = unsafe {
        libc::openpty(
            &mut master,
            &mut slave,
            std::ptr::null_mut(),
            std::ptr::null(),
            &ws,
        )
    };
    assert_eq!(rc, 0, "openpty");
    // SAFETY: both descriptors were just opened by openpty and are owned here alone.
    let (master, slave) = unsafe {
        (
            std::fs::File::from_raw_fd(master),
            std::fs::File::from_raw_fd(slave),
        )
    };
    let slave2 = slave.try_clone().unwrap();
    let mut child = proxy_process::ChildGuard::spawn(
        std::process::Command::new(env!("CARGO_BIN_EXE_a2a-interop"))
            .args(args)
            .current_dir(dir)
            .env("NO_COLOR", "1")
            .env_remove("COLUMNS")
            .stdin(Stdio::null())
            .stdout(Stdio::from(slave))
            .stderr(Stdio::from(slave2)),
    );
    let term = std::thread::spawn(move || {
        let mut master = master;
        let mut s = Vec::new();
        let mut buf = [0u8; 4096];
        // EIO once the last slave descriptor (the child's) is closed
        while let Ok(n) = master.read(&mut buf) {
            if n == 0 {
                break;
            }
            s.extend_from_slice(&buf[..n]);
        }
        s
    });
    let st = child.wait_for(Duration::from_secs(120), "probe on a terminal");
    (st.code(), text(&term.join().unwrap()).replace('\r', ""))
}

/// The brief text's failed-test lines and its `to fix:` block, asserted to fit `cols`.
fn assert_fits(out: &str, cols: usize) {
    let failed: Vec<&str> = out
        .lines()
        .skip_while(|l| !l.starts_with("failed ("))
        .skip(1)
        .take_while(|l| l.starts_with("  "))
        .collect();
    assert_eq!(failed.len(), 2, "{out}");
    for l in &failed {
        assert!(l.chars().count() <= cols, "{} > {cols}: {l:?}", l.len());
        assert!(l.contains(" STREAM-END-001 (e"), "{l}");
    }
    let fix: Vec<&str> = out
        .lines()
        .skip_while(|l| *l != "to fix:")
        .skip(1)
        .take_while(|l| l.starts_with("  "))
        .collect();
    assert!(!fix.is_empty() && fix.len() <= 3, "{out}");
    assert!(fix[0].starts_with("  STREAM-END-001 (e"), "{out}");
    // the help of the finding, its first words on the first row
    assert!(
        fix[0].contains("): close the stream after the terminal status update"),
        "{out}"
    );
    for l in &fix {
        assert!(l.chars().count() <= cols, "{l:?}");
    }
    // the block comes before the count line, on the last screen of the run
    let at_fix = out.find("to fix:").unwrap();
    let at_count = out.find(" passed, ").unwrap();
    assert!(at_fix < at_count, "{out}");
}

/// N1, N2: `probe` of an agent whose streams send an event after the terminal one
/// (STREAM-END-001 fails two tests), on an 80-column terminal and with `COLUMNS=80` on a
/// pipe (`--brief`): each failed test on one line of at most 80 characters, and the fix of
/// the finding under `to fix:`, named by its rule and the exchanges of the failed tests,
/// wrapped within 80 columns. Off a terminal without `COLUMNS` the fix is there too.
#[test]
fn probe_brief_fits_the_terminal_and_says_the_fix() {
    let (_agent, url) = misbehaving_peer::agent("misbehave.py", "sse-after-final");
    let dir = tempfile::tempdir().unwrap();

    let (code, out) = run_on_terminal(dir.path(), &["probe", &url, "--timeout", "8s"], 80);
    assert_eq!(code, Some(1), "{out}");
    assert_fits(&out, 80);

    let o = std::process::Command::new(env!("CARGO_BIN_EXE_a2a-interop"))
        .args(["probe", &url, "--timeout", "8s", "--brief"])
        .current_dir(dir.path())
        .env("NO_COLOR", "1")
        .env("COLUMNS", "80")
        .stdin(std::process::Stdio::null())
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(1), "{}", text(&o.stderr));
    assert_fits(&text(&o.stdout), 80);

    // a pipe without COLUMNS: no width to keep to, the fix said all the same
    let o = std::process::Command::new(env!("CARGO_BIN_EXE_a2a-interop"))
        .args(["probe", &url, "--timeout", "8s", "--brief"])
        .current_dir(dir.path())
        .env("NO_COLOR", "1")
        .env_remove("COLUMNS")
        .stdin(std::process::Stdio::null())
        .output()
        .unwrap();
    let out = text(&o.stdout);
    assert!(
        out.lines().any(|l| l.starts_with("  STREAM-END-001 (e")
            && l.contains("): close the stream after the terminal status update")),
        "{out}"
    );
}

/// N3: `proxy --upstream` given the agent's card URL says so before the banner and
/// forwards to the agent's base URL: the card and a `SendMessage` through the proxy reach
/// the agent (they got 404 from `/.well-known/agent-card.json/.well-known/agent-card.json`
/// and `/.well-known/agent-card.json/`). The same for `--route` and 0.2's `agent.json`; a
/// base URL with a path (the legal neighbour) is forwarded to as given, with no note.
#[test]
fn upstream_given_the_card_url_forwards_to_the_agent() {
    let (_agent, url) = proxy_process::reference_agent();
    let url = url.trim_end_matches('/').to_string();
    let card_url = format!("{url}/.well-known/agent-card.json");
    let (run, addr) = proxy_process::start_proxy(&["--upstream", &card_url, "--no-record"]);
    let note = format!(
        "a2a-interop proxy: note: --upstream {card_url} is the Agent Card URL; forwarding to the agent at {url}"
    );
    assert_eq!(run.banner.first(), Some(&note), "{:#?}", run.banner);
    let route = proxy_process::line_with(&run, "  route / -> ", Duration::from_secs(10));
    assert_eq!(route, format!("  route / -> {url}"));
    let card = proxy_process::get(addr, "/.well-known/agent-card.json");
    assert!(card.starts_with("HTTP/1.1 200"), "{card}");
    let answer = proxy_process::send_message(addr, "n56", 1);
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
    assert!(answer.contains("\"result\""), "{answer}");
    let stderr = run.terminate();
    assert!(!stderr.contains("has no Agent Card at"), "{stderr}");

    // --route with 0.2's card path under a prefix path of the agent
    let (run, addr) = proxy_process::start_proxy(&[
        "--route",
        &format!("/a={url}/.well-known/agent.json"),
        "--no-record",
    ]);
    assert!(
        run.banner.iter().any(|l| l
            == &format!(
                "a2a-interop proxy: note: --route {url}/.well-known/agent.json is the Agent Card URL; forwarding to the agent at {url}"
            )),
        "{:#?}",
        run.banner
    );
    let card = proxy_process::get(addr, "/a/.well-known/agent-card.json");
    assert!(card.starts_with("HTTP/1.1 200"), "{card}");
    run.terminate();

    // a base URL with a path: as given, no note
    let (run, _) =
        proxy_process::start_proxy(&["--upstream", &format!("{url}/rest"), "--no-record"]);
    assert!(
        !run.banner.iter().any(|l| l.contains("Agent Card URL")),
        "{:#?}",
        run.banner
    );
    let route = proxy_process::line_with(&run, "  route / -> ", Duration::from_secs(10));
    assert_eq!(route, format!("  route / -> {url}/rest"));
    run.terminate();
}

/// The repository's sample recording of the JS SDK client against the Python SDK agent
/// (recordings/README.md).
fn sample() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("recordings/js-client-python-agent-jsonrpc-1.0.jsonl")
}

/// N4: two recordings given to `repro`, `export` or `report` (which read one) got "run
/// a2a-interop repro b.jsonl for the next one": the flags the user typed were dropped, so
/// `repro` and `export` refused that command (their `--finding` and `-o` are required) and
/// `report` wrote its default text instead of the JUnit asked for. Now the next run keeps
/// the flags, its output renamed for the second file (not over the first run's), and the
/// command given works as given.
#[test]
fn a_second_file_is_told_the_whole_next_command() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::copy(sample(), dir.path().join("a.jsonl")).unwrap();
    std::fs::copy(sample(), dir.path().join("b.jsonl")).unwrap();
    let cases: &[(&[&str], &str)] = &[
        (
            &[
                "repro",
                "a.jsonl",
                "b.jsonl",
                "--finding",
                "CARD-CACHE-001",
                "-o",
                "min.jsonl",
            ],
            "a2a-interop repro b.jsonl --finding CARD-CACHE-001 -o min-b.jsonl",
        ),
        (
            &["export", "a.jsonl", "b.jsonl", "-o", "out/a.har"],
            "a2a-interop export b.jsonl -o out/a-b.har",
        ),
        (
            &[
                "report",
                "a.jsonl",
                "b.jsonl",
                "--format",
                "junit",
                "--output=r.xml",
            ],
            "a2a-interop report b.jsonl --format junit --output=r-b.xml",
        ),
    ];
    std::fs::create_dir(dir.path().join("out")).unwrap();
    for (args, next) in cases {
        let o = proxy_process::run_in(dir.path(), args);
        let err = text(&o.stderr);
        assert_eq!(o.status.code(), Some(2), "{err}");
        let hint = format!(
            "reads one file per run: run {next} for the next one (its own -o: the first run writes "
        );
        assert!(err.contains(&hint), "{args:?}: {err}");
        // the command works as given
        let words: Vec<&str> = next.split(' ').skip(1).collect();
        let o = proxy_process::run_in(dir.path(), &words);
        assert!(
            matches!(o.status.code(), Some(0 | 1)),
            "{next}: {}",
            text(&o.stderr)
        );
        let written = words.last().unwrap().trim_start_matches("--output=");
        assert!(dir.path().join(written).exists(), "{next}");
    }
    // without other flags the hint is as it was
    let o = proxy_process::run_in(dir.path(), &["report", "a.jsonl", "b.jsonl"]);
    assert!(
        text(&o.stderr).contains(
            "hint: report reads one file per run: run a2a-interop report b.jsonl for the next one"
        ),
        "{}",
        text(&o.stderr)
    );
}

/// N5: a recording from a newer tool was refused with "recording format 2 is newer than
/// this build reads (format 1); update a2a-interop; hint: update a2a-interop to read this
/// recording": the same advice twice, neither the writer's version nor this build's, nor
/// how to update. Now the cause names both and the hint how.
#[test]
fn a_recording_from_a_newer_tool_names_the_writer_and_how_to_update() {
    let dir = tempfile::tempdir().unwrap();
    let body = std::fs::read_to_string(sample()).unwrap();
    let (head, rest) = body.split_once('\n').unwrap();
    let mut h: serde_json::Value = serde_json::from_str(head).unwrap();
    h["format"] = 2.into();
    h["tool"] = serde_json::json!({"name": "a2a-interop", "version": "0.9.0"});
    std::fs::write(dir.path().join("new.jsonl"), format!("{h}\n{rest}")).unwrap();
    for cmd in ["verify", "report"] {
        let o = proxy_process::run_in(dir.path(), &[cmd, "new.jsonl"]);
        let err = text(&o.stderr);
        assert_eq!(o.status.code(), Some(2), "{err}");
        assert!(
            err.contains(&format!(
                "new.jsonl: line 1: recording format 2, written by a2a-interop 0.9.0, is newer than this build reads (a2a-interop {} reads format 1); hint: read it with an a2a-interop that reads that format (the version that wrote it, or a newer one): in your a2a-interop checkout, git pull, then cargo install --path .",
                env!("CARGO_PKG_VERSION")
            )),
            "{err}"
        );
        assert_eq!(err.matches("update a2a-interop").count(), 0, "{err}");
    }
    // a header that names no tool: the cause without the writer
    h.as_object_mut().unwrap().remove("tool");
    std::fs::write(dir.path().join("new.jsonl"), format!("{h}\n{rest}")).unwrap();
    let o = proxy_process::run_in(dir.path(), &["verify", "new.jsonl"]);
    assert!(
        text(&o.stderr)
            .contains("line 1: recording format 2 is newer than this build reads (a2a-interop "),
        "{}",
        text(&o.stderr)
    );
}

/// N6: the curl script `repro` writes replayed a follow-up with the task and context ids
/// recorded, which an agent run again never made: against the Python SDK agent the cut of
/// STREAM-FIRST-001 (a follow-up stream to an input-required task) got "-32004 Task ... is
/// in terminal state" or TaskNotFound, not the finding. Now the answer that hands the ids
/// out is kept and the later requests carry the agent's own: replayed against the
/// reference agent, the follow-up of a cut is answered on the task the replay made.
#[test]
fn repro_script_carries_the_agent_s_own_ids_to_the_follow_up() {
    let (_agent, url) = proxy_process::reference_agent();
    let base = url.trim_end_matches('/');
    let dir = tempfile::tempdir().unwrap();
    let (task, ctx) = (
        "3f6e2b1c-0d4a-4e8f-9b2a-5c7d8e9f0a11",
        "7a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c44",
    );
    // a continuation answered in another context (ID-CTX-002): the cut needs both calls
    let lines = [
        serde_json::json!({"dir":"req","method":"POST","url":format!("{base}/"),"headers":{"content-type":"application/json","a2a-version":"1.0"},"body":{"jsonrpc":"2.0","id":1,"method":"SendMessage","params":{"message":{"messageId":"8d0c4a2e-1b7f-4c31-9a57-6f2b1d3c4e01","role":"ROLE_USER","parts":[{"text":"input hello"}]}}}}),
        serde_json::json!({"dir":"resp","status":200,"headers":{"content-type":"application/json"},"body":{"jsonrpc":"2.0","id":1,"result":{"task":{"id":task,"contextId":ctx,"status":{"state":"TASK_STATE_INPUT_REQUIRED"}}}}}),
        serde_json::json!({"dir":"req","method":"POST","url":format!("{base}/"),"headers":{"content-type":"application/json","a2a-version":"1.0"},"body":{"jsonrpc":"2.0","id":2,"method":"SendMessage","params":{"message":{"messageId":"8d0c4a2e-1b7f-4c31-9a57-6f2b1d3c4e02","role":"ROLE_USER","taskId":task,"contextId":ctx,"parts":[{"text":"more"}]}}}}),
        serde_json::json!({"dir":"resp","status":200,"headers":{"content-type":"application/json"},"body":{"jsonrpc":"2.0","id":2,"result":{"task":{"id":task,"contextId":"0b0b0b0b-4e5f-4a6b-8c7d-9e0f1a2b3c99","status":{"state":"TASK_STATE_COMPLETED"}}}}}),
    ];
    let t: String = lines.iter().map(|l| format!("{l}\n")).collect();
    std::fs::write(dir.path().join("t.jsonl"), t).unwrap();
    let o = proxy_process::run_in(
        dir.path(),
        &[
            "repro",
            "t.jsonl",
            "--finding",
            "ID-CTX-002",
            "-o",
            "min.jsonl",
        ],
    );
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    let script = std::fs::read_to_string(dir.path().join("min.sh")).unwrap();
    assert!(script.contains("A2A_OUT_e1=$(curl "), "{script}");

    let run = std::process::Command::new("bash")
        .arg("min.sh")
        .current_dir(dir.path())
        .stdin(std::process::Stdio::null())
        .output()
        .unwrap();
    let out = text(&run.stdout);
    let err = text(&run.stderr);
    assert!(run.status.success(), "{out}\n{err}");
    let answers: Vec<serde_json::Value> = serde_json::Deserializer::from_str(&out)
        .into_iter::<serde_json::Value>()
        .map(Result::unwrap)
        .collect();
    assert_eq!(answers.len(), 2, "{out}");
    let made = answers[0]["result"]["task"]["id"].as_str().unwrap();
    assert_ne!(made, task);
    // the follow-up was answered on the task the replay made, not TaskNotFound
    assert!(answers[1].get("error").is_none(), "{out}");
    assert_eq!(answers[1]["result"]["task"]["id"], made, "{out}");
    assert_eq!(
        answers[1]["result"]["task"]["contextId"], answers[0]["result"]["task"]["contextId"],
        "{out}"
    );
    assert!(!err.contains("no task id"), "{err}");
}

/// N7: `interop`'s brief text puts `[A->B] ` before each direction's level line, which
/// `probe`'s width did not leave room for: 87 characters on an 80-column terminal. Now the
/// level line fits, and the direction that failed has its `to fix:` block.
#[test]
fn interop_brief_level_lines_fit_the_terminal() {
    let (_bad, bad) = misbehaving_peer::agent("misbehave.py", "sse-after-final");
    let (_good, good) = proxy_process::reference_agent();
    let dir = tempfile::tempdir().unwrap();
    let o = std::process::Command::new(env!("CARGO_BIN_EXE_a2a-interop"))
        .args(["interop", &good, &bad, "--timeout", "8s", "--brief"])
        .current_dir(dir.path())
        .env("NO_COLOR", "1")
        .env("COLUMNS", "80")
        .stdin(std::process::Stdio::null())
        .output()
        .unwrap();
    let out = text(&o.stdout);
    assert_eq!(o.status.code(), Some(1), "{out}\n{}", text(&o.stderr));
    let levels: Vec<&str> = out
        .lines()
        .filter(|l| l.starts_with('[') && l.contains("] conformance level: "))
        .collect();
    // each direction's level line (with its reason), and the level row of its count line,
    // which newcomer57 put on a row of its own when the count line does not fit
    assert_eq!(
        levels.iter().filter(|l| l.contains(" (")).count(),
        2,
        "{out}"
    );
    assert_eq!(levels.len(), 4, "{out}");
    for l in levels {
        assert!(l.chars().count() <= 80, "{} > 80: {l:?}", l.chars().count());
    }
    assert!(
        out.lines().any(|l| l.starts_with("  STREAM-END-001 (e")),
        "{out}"
    );
}

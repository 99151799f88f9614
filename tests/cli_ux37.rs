//! ux37: a newcomer proving interop to someone else (probe, interop, the reports, a repro
//! cut) and running the proxy where it is deployed, with README, docs/usage.md and `--help`
//! alone. Real processes (the binary, the reference agent, the Python SDK agent), real
//! sockets, real files.
//! - The conformance reason named the first failed test, not the one that set the level:
//!   `conformance: minimal (failed streaming.follow-up (streaming))`, though a streaming
//!   failure makes a run `partial` at worst; the test that made it `minimal`
//!   (`errors.invalid-params [1.0]`, error-handling) was not named, and a probe's test was
//!   named without the dialect and binding its JUnit testcase carries.
//! - `verify -f json -o out.html` wrote JSON into `out.html` without a word (session 36's
//!   leftover): warned now, the explicit `--format` still winning.
//! - An ELF binary, a pcap or random bytes given to `verify` read "first line is neither
//!   ...": now named as what they are, not text.
//! - `--on-record-error stop` under a file size limit (EFBIG) said "free disk space".
//! - A transcript whose one body is over the verifier's 16 MiB: "nothing was verified"
//!   with the hint "is --upstream right and the agent up?"; and its reading peaked at three
//!   times the line (serde_json's scratch buffer, then two copies of the body).

use crate::proxy_process;

use crate::harness;

use std::process::{Command, Stdio};
use std::time::Duration;

use proxy_process::{line_with, proxy_loud, reference_agent, run_in};
use serde_json::Value;

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// The categories whose failure holds a probe to `minimal` (docs/reports.md "Conformance
/// level", `probe::conformance_level`), plus the core lifecycle tests.
const MINIMAL_CATEGORIES: &[&str] = &["error-handling", "transport", "security", "interop"];

/// `failed NAME (CATEGORY)` of a reason: the name and the category.
fn failed_test(reason: &str) -> (String, String) {
    let rest = reason
        .split("failed ")
        .nth(1)
        .unwrap_or_else(|| panic!("no failed test in {reason:?}"));
    let (name, cat) = rest
        .rsplit_once(" (")
        .unwrap_or_else(|| panic!("no category in {reason:?}"));
    let cat = cat.trim_end_matches(')').trim_end_matches(')');
    (name.to_string(), cat.to_string())
}

/// Item 1: the Python SDK agent (a2a-sdk 1.3.0) fails `streaming.follow-up [1.0]` first
/// (STREAM-FIRST-001) and `errors.invalid-params [1.0]` later (RPC-ERROR-002). Before: the
/// level `minimal` with the reason `failed streaming.follow-up (streaming)`, a failure that
/// alone makes a run `partial`. Now the reason names the first failed test whose category
/// sets `minimal`, scoped as its result and JUnit testcase are named, and the stderr line
/// says the same. `interop` of the SDK agent with the reference agent words each direction
/// so: the SDK agent's direction names an error-handling test, the reference agent's
/// direction (a good agent) stays `full` (control).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_conformance_reason_names_the_test_that_set_the_level() {
    if !harness::peers_available(
        "the_conformance_reason_names_the_test_that_set_the_level",
        &[harness::Sdk::Python],
    ) {
        return;
    }
    let agent = harness::SdkAgent::start(harness::Sdk::Python, None).await;
    let url = agent.base_url();
    let dir = tempfile::tempdir().unwrap();
    let out = run_in(
        dir.path(),
        &[
            "probe",
            &url,
            "--timeout",
            "20s",
            "-f",
            "json",
            "-o",
            "p.json",
            "-f",
            "junit",
            "-o",
            "p.xml",
        ],
    );
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    let v: Value =
        serde_json::from_slice(&std::fs::read(dir.path().join("p.json")).unwrap()).unwrap();
    assert_eq!(
        v["conformanceLevel"], "minimal",
        "{}",
        v["conformanceReason"]
    );
    let reason = v["conformanceReason"].as_str().unwrap();
    let results = v["results"].as_array().unwrap();
    let failed: Vec<(&str, &str)> = results
        .iter()
        .filter(|r| r["status"] == "fail")
        .map(|r| (r["test"].as_str().unwrap(), r["category"].as_str().unwrap()))
        .collect();
    // the case that misled: a streaming failure listed before the level's own
    assert_eq!(failed[0].1, "streaming", "{failed:?}");
    let (name, cat) = failed_test(reason);
    assert!(
        MINIMAL_CATEGORIES.contains(&cat.as_str()),
        "the reason names a test that cannot set minimal: {reason}"
    );
    // the first such failure, named as its result is (with its scope)
    let first = failed
        .iter()
        .find(|(_, c)| MINIMAL_CATEGORIES.contains(c))
        .unwrap();
    assert_eq!((name.as_str(), cat.as_str()), *first, "{reason}");
    assert!(
        name.contains(" ["),
        "scoped as the results name it: {reason}"
    );
    let junit = std::fs::read_to_string(dir.path().join("p.xml")).unwrap();
    assert!(
        junit.contains(&format!("<testcase name=\"{name}\"")),
        "the JUnit testcase of {name}"
    );
    assert!(
        err.contains(&format!("conformance: minimal ({reason})")),
        "{err}"
    );

    let (_ref_agent, ref_url) = reference_agent();
    let out = run_in(
        dir.path(),
        &[
            "interop",
            &url,
            &ref_url,
            "-q",
            "--timeout",
            "20s",
            "-f",
            "json",
            "-o",
            "pair.json",
        ],
    );
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    let v: Value =
        serde_json::from_slice(&std::fs::read(dir.path().join("pair.json")).unwrap()).unwrap();
    let reason = v["conformanceReason"].as_str().unwrap();
    let (ab, ba) = reason
        .split_once("; B->A: ")
        .unwrap_or_else(|| panic!("{reason}"));
    // A->B: A (the SDK agent) calls B, the reference agent: nothing fails
    assert!(ab.starts_with("A->B: full ("), "{reason}");
    // B->A: the SDK agent is called
    assert!(ba.starts_with("minimal ("), "{reason}");
    let (name, cat) = failed_test(ba);
    assert!(
        MINIMAL_CATEGORIES.contains(&cat.as_str()) && name.contains("[B->A"),
        "{reason}"
    );
    agent.stop().await;
}

/// A small transcript the verifier judges (one 0.3 `message/send` answered by a Message).
const TRANSCRIPT: &str = concat!(
    r#"{"t":0.0,"dir":"req","method":"POST","url":"http://127.0.0.1:9/","headers":{"content-type":"application/json"},"body":{"jsonrpc":"2.0","id":1,"method":"message/send","params":{"message":{"kind":"message","role":"user","messageId":"m1","parts":[{"kind":"text","text":"hi"}]}}}}"#,
    "\n",
    r#"{"t":0.1,"dir":"resp","status":200,"headers":{"content-type":"application/json"},"body":{"jsonrpc":"2.0","id":1,"result":{"kind":"message","role":"agent","messageId":"m2","parts":[{"kind":"text","text":"ok"}]}}}"#,
    "\n"
);

/// Item 2 (session 36's leftover): `verify -f json -o out.html` wrote JSON into `out.html`
/// and said only `wrote out.html (json report)`. The explicit `--format` still wins (the
/// documented rule), but a name whose extension names another format gets one warning
/// line before the write, with the name to use. Controls, quiet: `-o out.html` alone (the
/// extension picks html), `-f sarif -o x.json` (SARIF is JSON), `-f json -o r` (no
/// extension), `-f json -o /dev/stdout`. `proxy --format json --report out.html` says the
/// same at start-up.
#[test]
fn a_format_clashing_with_the_extension_is_said_before_the_write() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("t.jsonl"), TRANSCRIPT).unwrap();
    let out = run_in(
        dir.path(),
        &["verify", "t.jsonl", "-f", "json", "-o", "out.html"],
    );
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{err}");
    assert!(
        err.contains(
            "a2a-interop: warning: -o out.html gets the json report (--format json), but its extension .html names html"
        ) && err.contains("hint: name it out.json (or drop --format json to write html there)"),
        "{err}"
    );
    let written: Value =
        serde_json::from_slice(&std::fs::read(dir.path().join("out.html")).unwrap()).unwrap();
    assert_eq!(written["schema"], "a2a-interop/report/v1");
    // `.sarif.json` is SARIF's name: the hint strips the whole of it
    let out = run_in(
        dir.path(),
        &["report", "t.jsonl", "-f", "markdown", "-o", "x.sarif.json"],
    );
    assert!(
        text(&out.stderr)
            .contains("hint: name it x.md (or drop --format markdown to write sarif there)"),
        "{}",
        text(&out.stderr)
    );
    for args in [
        &["verify", "t.jsonl", "-o", "plain.html"][..],
        &["verify", "t.jsonl", "-f", "sarif", "-o", "x.json"],
        &["verify", "t.jsonl", "-f", "json", "-o", "report"],
        &["verify", "t.jsonl", "-f", "json", "-o", "/dev/stdout"],
        &["verify", "t.jsonl", "-f", "junit", "-o", "j.xml"],
    ] {
        let out = run_in(dir.path(), args);
        assert_eq!(out.status.code(), Some(0), "{args:?}");
        assert!(
            !text(&out.stderr).contains("a2a-interop: warning"),
            "{args:?}: {}",
            text(&out.stderr)
        );
    }

    let (run, _addr) = proxy_loud(&[
        "--upstream",
        "http://127.0.0.1:9",
        "--record",
        dir.path().join("p.jsonl").to_str().unwrap(),
        "--format",
        "json",
        "--report",
        dir.path().join("out2.html").to_str().unwrap(),
    ]);
    let banner = run.banner.join("\n");
    let stderr = run.terminate();
    assert!(
        banner.contains("a2a-interop proxy: warning: --report ")
            && banner.contains("out2.html gets the json report (--format json)"),
        "said before the listening line: {stderr}"
    );
}

/// Item 3 (session 36's leftover): an ELF binary (this test's own executable), a pcap and
/// random bytes given to `verify` (and `report`, `export`) read "first line is neither
/// {"type":"recording"} ...", as if a line of them were almost one. Now each is named as
/// what it is, not text (a pcap with the way to get traffic the tool reads). Control: a
/// text file that is no traffic keeps its words.
#[test]
fn a_binary_file_is_named_as_such() {
    let dir = tempfile::tempdir().unwrap();
    let elf = std::env::current_exe().unwrap();
    let out = run_in(dir.path(), &["verify", elf.to_str().unwrap()]);
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(
        err.contains(": not a recording, transcript or HAR file: it is an ELF executable or library (a program, not its output), not text; hint: "),
        "{err}"
    );
    std::fs::write(
        dir.path().join("cap.pcap"),
        [0xd4, 0xc3, 0xb2, 0xa1, 2, 0, 4, 0, 0, 0, 0, 0, 0, 0, 0, 0],
    )
    .unwrap();
    let mut noise = vec![0x8fu8, 0x00, 0xff, 0x10];
    noise.extend((0u32..4000).map(|i| (i.wrapping_mul(2654435761) >> 13) as u8));
    std::fs::write(dir.path().join("noise.bin"), &noise).unwrap();
    std::fs::write(dir.path().join("notes.txt"), "these are my notes\n").unwrap();
    for (cmd, file, words) in [
        ("verify", "cap.pcap", "it is a packet capture (pcap or pcapng), not text (a2a-interop reads the HTTP it recorded itself"),
        ("report", "cap.pcap", "it is a packet capture (pcap or pcapng), not text"),
        ("export", "noise.bin", "noise.bin: not a recording, transcript or HAR file: it is binary data, not text"),
        ("verify", "notes.txt", "notes.txt: not a recording, transcript or HAR file (first line is neither"),
    ] {
        let mut args = vec![cmd, file];
        if cmd == "export" {
            args.extend(["-o", "x.har"]);
        }
        let out = run_in(dir.path(), &args);
        let err = text(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{cmd} {file}: {err}");
        assert!(err.contains(words), "{cmd} {file}: {err}");
    }
}

/// Item 4: a proxy under a file size limit (`ulimit -f 20`: 20 KiB, EFBIG at the write
/// past it) with `--on-record-error stop`. Before, its last line said "hint: free disk
/// space or pick another --record path" of a disk with room. Now it names the limit.
#[test]
fn a_recording_stopped_by_a_file_size_limit_names_the_limit() {
    let dir = tempfile::tempdir().unwrap();
    let (_agent, url) = reference_agent();
    let rec = dir.path().join("limited.jsonl");
    let mut run = proxy_process::spawn_until_listening(
        Command::new("sh")
            .arg("-c")
            .arg(format!(
                "ulimit -f 20 && exec '{}' proxy --listen 127.0.0.1:0 --upstream {url} --record '{}' --on-record-error stop",
                env!("CARGO_BIN_EXE_a2a-interop"),
                rec.display()
            ))
            .env("NO_COLOR", "1")
            .stdin(Stdio::null()),
        Duration::from_secs(30),
    );
    let addr: std::net::SocketAddr = run.addr.trim_end_matches('/').parse().unwrap();
    // 1.0 SendMessage calls until the proxy stops taking them (each one's events grow the
    // file by about 1.4 KB)
    for n in 0..200 {
        if !send_quietly(addr, n) || run.child.try_wait().is_ok_and(|s| s.is_some()) {
            break;
        }
    }
    let stop = line_with(
        &run,
        "the proxy stopped (--on-record-error stop)",
        Duration::from_secs(60),
    );
    let code = run
        .child
        .wait_for(Duration::from_secs(60), "proxy after its recording failed");
    assert_eq!(code.code(), Some(2), "{stop}");
    assert!(
        stop.contains("File too large")
            && stop.contains("hint: lift the file size limit the proxy runs under (`ulimit -f`, systemd LimitFSIZE=) or pick another --record path"),
        "{stop}"
    );
    assert!(!stop.contains("free disk space"), "{stop}");
    // the file ends on a whole line, under the limit
    let kept = std::fs::read(&rec).unwrap();
    assert!(
        kept.len() <= 20 * 1024 && kept.ends_with(b"\n"),
        "{}",
        kept.len()
    );
}

/// One 1.0 `SendMessage` to the proxy at `addr`, read to its end: false when the proxy no
/// longer takes or answers it (it stopped).
fn send_quietly(addr: std::net::SocketAddr, n: u32) -> bool {
    use std::io::{Read, Write};
    let body = format!(
        r#"{{"jsonrpc":"2.0","id":{n},"method":"SendMessage","params":{{"message":{{"messageId":"u37-{n}","role":"ROLE_USER","parts":[{{"text":"hello {n}"}}]}}}}}}"#
    );
    let Ok(mut s) = std::net::TcpStream::connect(addr) else {
        return false;
    };
    let _ = s.set_read_timeout(Some(Duration::from_secs(30)));
    let sent = write!(
        s,
        "POST / HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\nA2A-Version: 1.0\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    let mut out = String::new();
    sent.is_ok() && s.read_to_string(&mut out).is_ok() && out.starts_with("HTTP/1.1 200")
}

/// Item 5: a transcript whose one request body (48 MB, escapes and non-ASCII text in it) is
/// over the verifier's 16 MiB. Before: "nothing was verified ... body not fully recorded
/// (larger than the 16 MiB ...); hint: record traffic that reaches the agent (reverse mode:
/// is --upstream right and the agent up? ...)", of a call the agent answered; and the read
/// peaked at 3 times the file (serde_json unescapes a string into a scratch buffer, then
/// copies it; the body was cloned again into the line and into its event). Now the hint
/// names the body limit and not `--upstream`, and the peak (VmHWM) stays under twice the
/// file plus 64 MB (the binary's own).
#[test]
fn a_body_over_the_verifiers_limit_is_not_blamed_on_the_upstream() {
    let dir = tempfile::tempdir().unwrap();
    let chunk = "a \\\"quoted\\\" caf\u{e9} \u{4e2d}\\n ";
    let reps = 48_000_000 / chunk.len();
    let mut body = String::with_capacity(48_000_100);
    body.push_str(r#"{"jsonrpc":"2.0","id":1,"method":"message/send","params":{"message":{"kind":"message","role":"user","messageId":"m1","parts":[{"kind":"text","text":""#);
    for _ in 0..reps {
        body.push_str(chunk);
    }
    body.push_str(r#""}]}}}"#);
    let line = serde_json::json!({
        "t": 0.0, "dir": "req", "method": "POST", "url": "http://127.0.0.1:9/",
        "headers": {"content-type": "application/json"}, "body": body,
    });
    let mut file = line.to_string();
    drop(body);
    file.push('\n');
    file.push_str(r#"{"t":0.1,"dir":"resp","status":200,"headers":{"content-type":"application/json"},"body":{"jsonrpc":"2.0","id":1,"result":{"kind":"message","role":"agent","messageId":"m2","parts":[{"kind":"text","text":"ok"}]}}}"#);
    file.push('\n');
    let size = file.len() as u64;
    std::fs::write(dir.path().join("big.jsonl"), &file).unwrap();
    drop(file);

    let mut child = proxy_process::ChildGuard::spawn(
        Command::new(env!("CARGO_BIN_EXE_a2a-interop"))
            .current_dir(dir.path())
            .args(["verify", "big.jsonl"])
            .env("NO_COLOR", "1")
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped()),
    );
    let pid = child.id();
    // VmHWM (peak resident KiB) read until the process ends: the last read is its peak
    // up to a few ms before the end
    let mut peak_kib = 0u64;
    while child.try_wait().is_ok_and(|s| s.is_none()) {
        if let Ok(status) = std::fs::read_to_string(format!("/proc/{pid}/status")) {
            if let Some(kib) = status
                .lines()
                .find_map(|l| l.strip_prefix("VmHWM:"))
                .and_then(|v| v.trim().trim_end_matches("kB").trim().parse::<u64>().ok())
            {
                peak_kib = peak_kib.max(kib);
            }
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    let out = child.output_within(Duration::from_secs(300), "verify of a 48 MB line");
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(
        err.contains("nothing was verified in big.jsonl: nothing could be judged: e1: body not fully recorded (larger than the 16 MiB")
            && err.contains("hint: the traffic is there, but every exchange was left unjudged for the reason named (a body over the verifier's 16 MiB"),
        "{err}"
    );
    assert!(!err.contains("--upstream"), "{err}");
    let peak = peak_kib * 1024;
    assert!(peak > 0, "no VmHWM read");
    assert!(
        peak < 2 * size + 64 * 1024 * 1024,
        "peak {peak} bytes for a {size}-byte file"
    );
}

/// Item 6: a `repro` cut of an exchange whose URL carried a secret in its query
/// (`?api_key=...`, redacted to `[REDACTED:…]` in the cut, as docs/reports.md says). Before,
/// the script stopped at its first curl with `curl: (3) bad range in URL` (curl reads `[...]`
/// as a glob) and the agent's owner got nothing to run. Now that curl gets `-g` and the
/// request reaches the agent with the placeholder as its value; a URL without brackets keeps
/// its curl line as it was (control, the cut's other goldens).
#[test]
fn a_repro_script_with_a_redacted_query_runs() {
    // an agent that answers every request 404 with its request line as the body
    let agent = proxy_process::answer_each_head(|head| {
        let line = head
            .split(|&b| b == b'\r')
            .next()
            .unwrap_or_default()
            .to_vec();
        let mut out = format!(
            "HTTP/1.1 404 Not Found\r\nContent-Type: text/plain\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
            line.len()
        )
        .into_bytes();
        out.extend_from_slice(&line);
        out
    });
    let dir = tempfile::tempdir().unwrap();
    let aip = r#"{\"error\":{\"code\":404,\"status\":\"NOT_FOUND\",\"message\":\"Task not found\",\"details\":[{\"@type\":\"type.googleapis.com/google.rpc.ErrorInfo\",\"reason\":\"TASK_NOT_FOUND\",\"domain\":\"a2a-protocol.org\",\"metadata\":{}}]}}"#;
    let t = format!(
        "{{\"t\":0.0,\"dir\":\"req\",\"method\":\"GET\",\"url\":\"http://{agent}/rest/v1/tasks/nope?api_key=s3cret-k3y\",\"headers\":{{}},\"body\":\"\"}}\n{{\"t\":0.1,\"dir\":\"resp\",\"status\":404,\"headers\":{{\"content-type\":\"application/json\"}},\"body\":\"{aip}\"}}\n"
    );
    std::fs::write(dir.path().join("t.jsonl"), t).unwrap();
    let out = run_in(
        dir.path(),
        &[
            "repro",
            "t.jsonl",
            "--finding",
            "REST-ERROR-001",
            "-o",
            "min.jsonl",
        ],
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let script = std::fs::read_to_string(dir.path().join("min.sh")).unwrap();
    assert!(!script.contains("s3cret-k3y"), "{script}");
    assert!(
        script.contains(&format!(
            "curl -sS -N -g -X 'GET' 'http://{agent}/rest/v1/tasks/nope?api_key=[REDACTED:"
        )),
        "{script}"
    );
    let ran = Command::new("bash")
        .arg("min.sh")
        .current_dir(dir.path())
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert_eq!(ran.status.code(), Some(0), "{}", text(&ran.stderr));
    assert!(
        text(&ran.stdout).starts_with("GET /rest/v1/tasks/nope?api_key=[REDACTED:"),
        "{}",
        text(&ran.stdout)
    );
}

/// Item 7: the proxy before a TLS front (`--upstream https://front`, or any upstream) of an
/// agent whose card names the agent's own port: `--rewrite-card` cannot map that URL, and
/// the WARNING said only "clients that follow its URLs bypass the proxy". Now it says what
/// to do: put the proxy in front of the address the card names, or make the agent advertise
/// the upstream's URL.
#[test]
fn a_card_the_rewrite_cannot_map_says_what_to_do() {
    let agent = proxy_process::card_only_agent(proxy_process::echo_card(
        "behind a front",
        "http://127.0.0.1:1/a2a",
    ));
    let dir = tempfile::tempdir().unwrap();
    let rec = dir.path().join("front.jsonl");
    let (run, addr) = proxy_loud(&[
        "--upstream",
        &format!("http://{agent}"),
        "--rewrite-card",
        "--record",
        rec.to_str().unwrap(),
    ]);
    assert!(proxy_process::get(addr, "/.well-known/agent-card.json").starts_with("HTTP/1.1 200"));
    let line = line_with(&run, "NOT rewritten", Duration::from_secs(30));
    drop(run);
    assert!(
        line.contains("clients that follow its URLs bypass the proxy; hint: put the proxy in front of the address the card names (--upstream http://127.0.0.1:1), or make the agent advertise the upstream's URL (")
            && line.contains("so that --rewrite-card maps it to the proxy"),
        "{line}"
    );
}

//! Helper review30b (session 30): what users run and read, after this session's merges, each
//! through the built binary with real files.
//!
//! 1. JUnit (the lead's decision on q30b): every suite's time is the run's real time, the
//!    recording's span, not the sum of its overlapping cases; a case's time counts two
//!    exchanges that ran at once once, so no case is longer than the run;
//! 2. `report -o deep/x/r.html` names every directory it made (it said `deep/` only);
//! 3. `--fail-on warn` (and `warnings`, `errors`, `notes`, `none`, `off`) is taken;
//! 4. CARD-URL-009 on a transcript or HAR names no recorder (there was none);
//! 5. `-o ~notes.md` (a file named so, no user `notes.md`) is written, not refused.

use crate::proxy_process;

use std::path::Path;

use proxy_process::run_in;

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// A native recording of two JSON-RPC calls that ran at once on two connections: e1 from
/// 0.100 s to 1.000 s, e2 from 0.200 s to 0.900 s (span 1.000 s).
fn overlapping_recording(dir: &Path) {
    use serde_json::json;
    let mut lines = vec![json!({"type":"recording","format":1,
        "tool":{"name":"a2a-interop","version":"0.1.0"},"startedAt":"2026-12-04T04:45:41.673Z",
        "mode":"reverse","listen":["127.0.0.1:9000"],
        "routes":[{"prefix":"/","upstream":"http://127.0.0.1:9001"}],"redacted":true})];
    let mut seq = 0;
    let mut ev = |t: u64, mut v: serde_json::Value| {
        seq += 1;
        v["seq"] = json!(seq);
        v["t_us"] = json!(t);
        lines.push(v);
    };
    let body = |id: u64| {
        json!({"jsonrpc":"2.0","id":id,"method":"SendMessage","params":{"message":{
            "messageId":format!("m{id}"),"role":"ROLE_USER","parts":[{"text":"hi"}]}}})
        .to_string()
    };
    let answer = |id: u64| {
        json!({"jsonrpc":"2.0","id":id,"result":{"message":{
            "messageId":format!("r{id}"),"role":"ROLE_AGENT","parts":[{"text":"hello"}]}}})
        .to_string()
    };
    let head = |x: &str, conn: u64, b: &str| {
        json!({"exchange":x,"type":"request_head","conn":conn,"method":"POST",
            "url":"http://127.0.0.1:9000/","version":"HTTP/1.1",
            "headers":[["content-type","application/json"],["a2a-version","1.0"],
                ["host","127.0.0.1:9000"],["content-length",b.len().to_string()]],
            "upstream":"http://127.0.0.1:9001/"})
    };
    ev(
        50_000,
        json!({"type":"conn_open","conn":1,"peer":"127.0.0.1:5000","local":"127.0.0.1:9000"}),
    );
    ev(100_000, head("e1", 1, &body(1)));
    ev(
        100_010,
        json!({"exchange":"e1","type":"request_body","body":body(1)}),
    );
    ev(
        150_000,
        json!({"type":"conn_open","conn":2,"peer":"127.0.0.1:5001","local":"127.0.0.1:9000"}),
    );
    ev(200_000, head("e2", 2, &body(2)));
    ev(
        200_010,
        json!({"exchange":"e2","type":"request_body","body":body(2)}),
    );
    for (t, x, id) in [(899_980, "e2", 2), (999_980, "e1", 1)] {
        let a = answer(id);
        ev(
            t,
            json!({"exchange":x,"type":"response_head","status":200,"version":"HTTP/1.1",
            "headers":[["content-type","application/json"],["content-length",a.len().to_string()]]}),
        );
        ev(
            t + 10,
            json!({"exchange":x,"type":"response_chunk","body":a}),
        );
        ev(
            t + 20,
            json!({"exchange":x,"type":"exchange_end","outcome":"complete",
            "request_bytes":0,"response_bytes":a.len()}),
        );
    }
    let s: String = lines.iter().map(|l| format!("{l}\n")).collect();
    std::fs::write(dir.join("ov.jsonl"), s).unwrap();
}

/// The value of attribute `name` in the first start tag at or after `from` in `xml`.
fn attr_after(xml: &str, from: &str, name: &str) -> String {
    let at = xml.find(from).unwrap_or_else(|| panic!("{from} in {xml}"));
    let tag = &xml[at..at + xml[at..].find('>').unwrap()];
    let key = format!(" {name}=\"");
    let i = tag.find(&key).unwrap_or_else(|| panic!("{name} in {tag}")) + key.len();
    tag[i..i + tag[i..].find('"').unwrap()].to_string()
}

/// Item 1: two calls that ran at once (0.1-1.0 s and 0.2-0.9 s). Before: area `jsonrpc`
/// said 1.600 (0.9 + 0.7, longer than the run) and the results suite 1.600 or more (q30b
/// raised it to its cases' sum). Now the area says 0.900 (the time either call was open),
/// `<testsuites>` and both suites the run's 1.000; the file is valid JUnit.
#[test]
fn junit_suites_take_the_runs_time_and_overlapping_calls_count_once() {
    let dir = tempfile::tempdir().unwrap();
    overlapping_recording(dir.path());
    let o = run_in(
        dir.path(),
        &["report", "ov.jsonl", "-f", "junit", "-o", "o.xml"],
    );
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    let xml = std::fs::read_to_string(dir.path().join("o.xml")).unwrap();
    assert_eq!(attr_after(&xml, "<testsuites ", "time"), "1.000", "{xml}");
    assert_eq!(
        attr_after(&xml, "<testsuite name=\"a2a-interop.results\"", "time"),
        "1.000",
        "{xml}"
    );
    assert_eq!(
        attr_after(&xml, "<testsuite name=\"a2a-interop.rules\"", "time"),
        "1.000",
        "{xml}"
    );
    assert_eq!(
        attr_after(&xml, "<testcase name=\"area:jsonrpc\"", "time"),
        "0.900",
        "{xml}"
    );
    if let Ok(v) = std::process::Command::new("xmllint")
        .arg("--noout")
        .arg("--schema")
        .arg(Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/junit-10.xsd"))
        .arg(dir.path().join("o.xml"))
        .output()
    {
        assert!(v.status.success(), "{}", text(&v.stderr));
    }
}

/// Item 2 (newcomer30): `report -o deep/x/r.html` made `deep/` and `deep/x/` but said
/// "created directory deep/ (it did not exist)". Each directory made is named now; one made
/// keeps the old words.
#[test]
fn every_directory_made_for_an_output_is_named() {
    let dir = tempfile::tempdir().unwrap();
    overlapping_recording(dir.path());
    let o = run_in(dir.path(), &["report", "ov.jsonl", "-o", "deep/x/r.html"]);
    let err = text(&o.stderr);
    assert_eq!(o.status.code(), Some(0), "{err}");
    assert!(
        err.contains(
            "a2a-interop: created directories deep/ and deep/x/ (they did not exist) for deep/x/r.html"
        ),
        "{err}"
    );
    let o = run_in(dir.path(), &["report", "ov.jsonl", "-o", "a/b/c/r.md"]);
    let err = text(&o.stderr);
    assert!(
        err.contains("created directories a/, a/b/ and a/b/c/ (they did not exist) for a/b/c/r.md"),
        "{err}"
    );
    // deep/ is there now: only deep/y/ is made
    let o = run_in(dir.path(), &["report", "ov.jsonl", "-o", "deep/y/r.md"]);
    let err = text(&o.stderr);
    assert!(
        err.contains("created directory deep/y/ (it did not exist) for deep/y/r.md"),
        "{err}"
    );
    assert!(dir.path().join("deep/y/r.md").is_file());
}

/// Item 3 (newcomer30): `--fail-on warn` was refused ("invalid value 'warn'"). The
/// spellings other tools use are taken: a warning-only recording exits 1 for `warn`,
/// `warnings`; 0 for `errors`, `none`, `off`; a misspelling is still refused (exit 2).
#[test]
fn fail_on_takes_the_usual_spellings() {
    let dir = tempfile::tempdir().unwrap();
    let warned =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden/CARD-URL-009-fail/input.jsonl");
    let warned = warned.to_str().unwrap();
    for (level, code) in [
        ("warn", 1),
        ("warnings", 1),
        ("notes", 1),
        ("errors", 0),
        ("none", 0),
        ("off", 0),
        ("warming", 2),
    ] {
        let o = run_in(dir.path(), &["verify", warned, "--fail-on", level]);
        assert_eq!(o.status.code(), Some(code), "{level}: {}", text(&o.stderr));
    }
}

/// Item 4 (newcomer30): CARD-URL-009 on a transcript (and the HAR made of it) said "go
/// around ... (its TLS, authentication, routing and this recorder); their calls are not in
/// this recording", though no recorder stood in front of the agent.
#[test]
fn card_url_009_on_a_transcript_or_har_names_no_recorder() {
    let dir = tempfile::tempdir().unwrap();
    let t =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden/CARD-URL-009-fail/input.jsonl");
    let t = t.to_str().unwrap();
    let o = run_in(dir.path(), &["export", t, "-o", "c.har"]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    for input in [t, "c.har"] {
        let o = run_in(dir.path(), &["verify", input]);
        let out = text(&o.stdout);
        assert!(
            out.contains("so clients that follow the card go around http://127.0.0.1:8080 (its TLS, authentication and routing)\n"),
            "{input}: {out}"
        );
        assert!(!out.contains("recorder"), "{input}: {out}");
    }
}

/// Item 5: `-o ~notes.md` on a machine with no user `notes.md`: the shell passes it as
/// typed too, and a file of that name here is all it can mean (no directory is made); it
/// was refused as "the home directory of user notes.md". `~nosuchuser/x` stays refused,
/// naming the `./` spelling.
#[test]
fn a_tilde_file_name_of_no_user_is_written() {
    let dir = tempfile::tempdir().unwrap();
    overlapping_recording(dir.path());
    let o = run_in(dir.path(), &["report", "ov.jsonl", "-o", "~notes.md"]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    assert!(dir.path().join("~notes.md").is_file());
    let o = run_in(
        dir.path(),
        &["report", "ov.jsonl", "-o", "~nosuchuser30r/r.md"],
    );
    let err = text(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(
        err.contains("or write ./~nosuchuser30r/r.md for a directory named `~nosuchuser30r` here"),
        "{err}"
    );
    assert!(!dir.path().join("~nosuchuser30r").exists());
}

/// Item 6: q30b's placeholders left the field names of five flags: `-o <OUTPUTS>`,
/// `-f <FORMATS>`, `--fail-on <FAIL_ON>`, `--listen <LISTEN>`, `--on-record-error
/// <ON_RECORD_ERROR>`. Each says what to type now, in every command's help.
#[test]
fn help_placeholders_say_what_to_type() {
    let dir = tempfile::tempdir().unwrap();
    for cmd in ["proxy", "verify", "report", "demo", "probe", "interop"] {
        let o = run_in(dir.path(), &[cmd, "--help"]);
        let help = text(&o.stdout);
        for field in [
            "<OUTPUTS>",
            "<FORMATS>",
            "<FAIL_ON>",
            "<LISTEN>",
            "<ON_RECORD_ERROR>",
        ] {
            assert!(!help.contains(field), "{cmd} --help shows {field}:\n{help}");
        }
        assert!(help.contains("--fail-on <LEVEL>"), "{cmd}:\n{help}");
    }
    let o = run_in(dir.path(), &["verify", "--help"]);
    assert!(
        text(&o.stdout).contains("-o, --output <FILE>"),
        "{}",
        text(&o.stdout)
    );
    let o = run_in(dir.path(), &["proxy", "--help"]);
    let help = text(&o.stdout);
    assert!(
        help.contains("--listen <ADDR>") && help.contains("--on-record-error <ACTION>"),
        "{help}"
    );
}

/// Item 7: `probe --timeout 18446744073709551615s` (u64 seconds: q30b refused only a minute
/// count that overflowed `n * 60`) passed the parser and panicked at the first request
/// (`Instant + Duration` overflowed, std/src/time.rs); `--timeout 1.5s` said "has an unknown
/// unit". Both are refused in one line before anything is sent, `--wait-for-agent` too.
#[test]
fn a_timeout_too_long_or_not_whole_is_refused_before_any_request() {
    let dir = tempfile::tempdir().unwrap();
    for (flag, value, want) in [
        (
            "--timeout",
            "18446744073709551615s",
            "--timeout \"18446744073709551615s\" is too long: at most a day (24h)",
        ),
        (
            "--wait-for-agent",
            "99999999999s",
            "--wait-for-agent \"99999999999s\" is too long: at most a day",
        ),
        (
            "--timeout",
            "1.5s",
            "--timeout \"1.5s\" is not a whole number; hint: write it in a smaller unit",
        ),
    ] {
        let o = run_in(dir.path(), &["probe", "http://127.0.0.1:1/", flag, value]);
        let err = text(&o.stderr);
        assert_eq!(o.status.code(), Some(2), "{err}");
        assert!(err.contains(want), "{flag} {value}: {err}");
        assert!(
            !err.contains("panicked") && !err.contains("connect"),
            "{err}"
        );
    }
}

/// Item 4, forward mode: a forward proxy (`HTTP_PROXY`) records a client's calls to every
/// host and port, so a card naming another port of its host is no way around the recorder:
/// CARD-URL-009 said "this recorder; their calls are not in this recording" there too.
#[test]
fn card_url_009_in_a_forward_recording_names_no_recorder() {
    use serde_json::json;
    let dir = tempfile::tempdir().unwrap();
    let card = json!({"name":"a","description":"d","version":"1",
        "supportedInterfaces":[{"url":"http://10.0.0.5:9001/a2a","protocolBinding":"JSONRPC",
            "protocolVersion":"1.0"}],
        "capabilities":{},"defaultInputModes":["text/plain"],"defaultOutputModes":["text/plain"],
        "skills":[{"id":"s","name":"s","description":"s","tags":["t"]}]})
    .to_string();
    let lines = [
        json!({"type":"recording","format":1,"tool":{"name":"a2a-interop","version":"0.1.0"},
            "startedAt":"2026-12-04T04:45:41.673Z","mode":"forward","listen":["127.0.0.1:3128"],
            "routes":[],"redacted":true}),
        json!({"seq":1,"t_us":1000,"type":"conn_open","conn":1,"peer":"127.0.0.1:5000",
            "local":"127.0.0.1:3128"}),
        json!({"seq":2,"t_us":2000,"exchange":"e1","type":"request_head","conn":1,"method":"GET",
            "url":"http://10.0.0.5:8080/.well-known/agent-card.json","version":"HTTP/1.1",
            "headers":[["host","10.0.0.5:8080"]],
            "upstream":"http://10.0.0.5:8080/.well-known/agent-card.json"}),
        json!({"seq":3,"t_us":3000,"exchange":"e1","type":"response_head","status":200,
            "version":"HTTP/1.1","headers":[["content-type","application/json"],
            ["cache-control","max-age=60"],["etag","\"x\""],
            ["content-length",card.len().to_string()]]}),
        json!({"seq":4,"t_us":3100,"exchange":"e1","type":"response_chunk","body":card}),
        json!({"seq":5,"t_us":3200,"exchange":"e1","type":"exchange_end","outcome":"complete",
            "request_bytes":0,"response_bytes":card.len()}),
    ];
    let s: String = lines.iter().map(|l| format!("{l}\n")).collect();
    std::fs::write(dir.path().join("fw.jsonl"), s).unwrap();
    let o = run_in(dir.path(), &["verify", "fw.jsonl"]);
    let out = text(&o.stdout);
    assert!(
        out.contains("warning[CARD-URL-009]: card served by http://10.0.0.5:8080 advertises http://10.0.0.5:9001: the same host on another port or scheme, so clients that follow the card go around http://10.0.0.5:8080 (its TLS, authentication and routing)\n"),
        "{out}"
    );
    assert!(!out.contains("recorder"), "{out}");
}

/// Item 8: an argument that is not UTF-8 (a Latin-1 file name, `r\xfe.md`) panicked
/// (`std::env::args` in main, for the subcommand hint and the `~` check: "called
/// `Result::unwrap()` on an `Err` value", exit 101), and `-o r\xfe.md` said ".md names no
/// report format". Both run now: the report is written, a missing input is a one-line
/// error (exit 2).
#[test]
#[cfg(unix)]
fn a_file_name_that_is_not_utf8_is_read_and_written() {
    use std::ffi::OsStr;
    use std::os::unix::ffi::OsStrExt;
    let dir = tempfile::tempdir().unwrap();
    overlapping_recording(dir.path());
    let input = OsStr::from_bytes(b"in\xfe.jsonl");
    std::fs::copy(dir.path().join("ov.jsonl"), dir.path().join(input)).unwrap();
    let run = |args: &[&OsStr]| {
        std::process::Command::new(env!("CARGO_BIN_EXE_a2a-interop"))
            .current_dir(dir.path())
            .args(args)
            .stdin(std::process::Stdio::null())
            .env("NO_COLOR", "1")
            .output()
            .unwrap()
    };
    let out = OsStr::from_bytes(b"r\xfe.md");
    let o = run(&[OsStr::new("report"), input, OsStr::new("-o"), out]);
    let err = text(&o.stderr);
    assert_eq!(o.status.code(), Some(0), "{err}");
    assert!(!err.contains("panicked"), "{err}");
    let md = std::fs::read_to_string(dir.path().join(out)).unwrap();
    assert!(md.starts_with('#'), "{md}");
    let o = run(&[OsStr::new("verify"), OsStr::from_bytes(b"none\xff.jsonl")]);
    let err = text(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(err.starts_with("a2a-interop: cannot open none"), "{err}");
}

//! newcomer49: an on-call engineer's night with the tool (README, `--help`, docs/symptoms.md,
//! tests/peers/README.md): an agent behind a bearer token and clients that get 401, cancel
//! on both bindings, an input-required task answered wrongly, a long proxy run, the report
//! read by CI consumers, a transcript written by hand from a bug report; then broken input.
//! Real processes, real loopback sockets, real files.
//!
//! - N1: a client that sent its token bare (`Authorization: tok`, no `Bearer `) to an agent
//!   whose card asks for a Bearer token was told it sent "the credential in the
//!   Authorization header, which no security scheme of the agent card names; the card asks
//!   for the Authorization header as Bearer": the card does name that header; what was
//!   missing is the scheme word.
//! - N2: a recording whose `t_us` was edited past what a date holds (2^63 µs) made `verify`,
//!   `report` and `export` panic (`DateTime + TimeDelta overflowed`, exit 101); one whose
//!   `seq` was edited to 2^64 - 1 panicked them on its line number (`attempt to add with
//!   overflow`).
//! - N3: a transcript line with `"t": 1e300` panicked `verify` (`attempt to add with
//!   overflow` at the next untimed line); a Unix time in milliseconds is the likely slip.
//! - N4: a transcript copied from a bug report's Markdown with its code fences, and one
//!   written with `"direction"` for `"dir"`, were both "first line is neither ..."; a body
//!   in Latin-1 was "stream did not contain valid UTF-8" with no place, and its hint spoke
//!   of a torn last line. An Agent Card saved to a file and given to `verify` was "first
//!   line is neither ...", or, pretty-printed, told to be put on one line with `jq -c .`.

use crate::proxy_process;

use std::io::{Read, Write};
use std::net::TcpStream;
use std::process::Command;
use std::time::Duration;

const BIN: &str = env!("CARGO_BIN_EXE_a2a-interop");

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// The reference agent (`demo --agent-only --bearer TOKEN`) on a free loopback port: the
/// process and its URL.
fn bearer_agent(token: &str) -> (proxy_process::ChildGuard, String) {
    let (child, rx) = proxy_process::spawn_with_stderr_lines(Command::new(BIN).args([
        "demo",
        "--agent-only",
        "--listen",
        "127.0.0.1:0",
        "--bearer",
        token,
    ]));
    let url = loop {
        let l = rx
            .recv_timeout(Duration::from_secs(30))
            .expect("reference agent banner");
        if let Some(rest) = l.split("reference agent on ").nth(1) {
            break rest.split_whitespace().next().unwrap().to_string();
        }
    };
    (child, url)
}

/// One HTTP/1.1 request to `addr` on its own connection (`Connection: close`): the whole
/// answer as text.
fn call(addr: std::net::SocketAddr, method: &str, path: &str, headers: &str, body: &str) -> String {
    let mut s = TcpStream::connect(addr).unwrap();
    s.set_read_timeout(Some(Duration::from_secs(30))).unwrap();
    write!(
        s,
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n{headers}Content-Length: {}\r\n\r\n{body}",
        body.len()
    )
    .unwrap();
    let mut got = Vec::new();
    s.read_to_end(&mut got).unwrap();
    text(&got)
}

/// N1: the proxy in front of an agent whose card asks for `Authorization: Bearer <token>`;
/// the client sends the right token without `Bearer `. The live line and `verify` name a
/// value with no authentication scheme and show the form the card wants; they no longer
/// say the card names no such header. The token is in neither.
#[test]
fn a_bare_token_in_authorization_is_told_as_missing_its_scheme_word() {
    let token = "tok-n49-secret";
    let (_agent, url) = bearer_agent(token);
    let d = tempfile::tempdir().unwrap();
    let rec = d.path().join("auth.jsonl");
    let rec_s = rec.to_string_lossy().into_owned();
    let (run, addr) =
        proxy_process::proxy_loud(&["--upstream", &url, "--rewrite-card", "--record", &rec_s]);
    let card = call(addr, "GET", "/.well-known/agent-card.json", "", "");
    assert!(card.contains("httpAuthSecurityScheme"), "{card}");
    let body = r#"{"jsonrpc":"2.0","id":1,"method":"SendMessage","params":{"message":{"role":"ROLE_USER","messageId":"m1","parts":[{"text":"echo hi"}]}}}"#;
    let answer = call(
        addr,
        "POST",
        "/",
        &format!(
            "Content-Type: application/json\r\nA2A-Version: 1.0\r\nAuthorization: {token}\r\n"
        ),
        body,
    );
    assert!(answer.starts_with("HTTP/1.1 401"), "{answer}");
    let live = proxy_process::line_with(&run, "AUTH-SCHEME-003", Duration::from_secs(30));
    let stderr = run.terminate();
    let out = proxy_process::run_in(d.path(), &["verify", &rec_s]);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    let verdict = text(&out.stdout);
    for said in [&live, &verdict] {
        assert!(
            said.contains("Authorization header with no authentication scheme before the value"),
            "{said}"
        );
        assert!(
            said.contains("`Bearer <token>`, not the token alone"),
            "{said}"
        );
        assert!(
            !said.contains("in the Authorization header, which no security scheme"),
            "the card does name the Authorization header: {said}"
        );
    }
    assert!(
        !stderr.contains(token) && !verdict.contains(token),
        "{stderr}\n{verdict}"
    );
    assert!(!std::fs::read_to_string(&rec).unwrap().contains(token));
}

/// The sample recording `recordings/js-client-python-agent-jsonrpc-1.0.jsonl` (its card
/// answer has a finding, CARD-CACHE-001) with the `member` (`t_us`, `seq`) of that answer's
/// `response_head` set to `value`, written as `edited.jsonl` in `dir`.
fn sample_with(dir: &std::path::Path, member: &str, value: &str) -> String {
    let sample = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/recordings/js-client-python-agent-jsonrpc-1.0.jsonl"
    ))
    .unwrap();
    let mut lines: Vec<String> = sample.lines().map(str::to_string).collect();
    let at = lines
        .iter()
        .position(|l| l.contains("\"type\":\"response_head\""))
        .unwrap();
    let v: serde_json::Value = serde_json::from_str(&lines[at]).unwrap();
    let old = format!("\"{member}\":{}", v[member]);
    assert!(lines[at].contains(&old), "{}", lines[at]);
    lines[at] = lines[at].replacen(&old, &format!("\"{member}\":{value}"), 1);
    let p = dir.join("edited.jsonl");
    std::fs::write(&p, lines.join("\n") + "\n").unwrap();
    p.to_string_lossy().into_owned()
}

/// N2: a recording edited to a `t_us` of 2^63 µs, or to a `seq` of 2^64 - 1, is judged,
/// reported (JSON, HTML) and exported, exit 0 (the sample has no finding at `error`; an
/// edited seq is said, and `verify` and `report` then exit 1: not a clean verdict): the
/// report's end time is left out, the HAR entry keeps the start time, the event's line is
/// unknown; no panic.
#[test]
fn a_recording_with_a_time_past_any_date_is_read_not_a_panic() {
    for (member, value) in [
        ("t_us", "9223372036854775808"),
        ("seq", "18446744073709551615"),
    ] {
        let d = tempfile::tempdir().unwrap();
        let rec = sample_with(d.path(), member, value);
        let runs = [
            ("verify", proxy_process::run_in(d.path(), &["verify", &rec])),
            (
                "json",
                proxy_process::run_in(d.path(), &["report", &rec, "--format", "json"]),
            ),
            (
                "html",
                proxy_process::run_in(d.path(), &["report", &rec, "-f", "html", "-o", "r.html"]),
            ),
            (
                "export",
                proxy_process::run_in(d.path(), &["export", &rec, "-o", "e.har"]),
            ),
        ];
        for (what, out) in &runs {
            let err = text(&out.stderr);
            assert!(!err.contains("panicked"), "{member} {what}: {err}");
            // an edited seq makes the verdict of `verify` and `report` not a clean one (exit
            // 1, the seq note); `export` judges nothing
            let edited = member == "seq" && *what != "export";
            assert_eq!(
                out.status.code(),
                Some(i32::from(edited)),
                "{member} {what}: {err}"
            );
            assert_eq!(
                err.contains("seq does not rise by 1 per line"),
                edited,
                "{what}: {err}"
            );
        }
        let json: serde_json::Value = serde_json::from_slice(&runs[1].1.stdout).unwrap();
        assert!(json["findings"].is_array(), "{json}");
        let har = std::fs::read_to_string(d.path().join("e.har")).unwrap();
        let har: serde_json::Value = serde_json::from_str(&har).unwrap();
        assert!(!har["log"]["entries"].as_array().unwrap().is_empty());
    }
}

/// A transcript of one 0.3 streaming call whose status update says `final: true` in state
/// working (STREAM-FINAL-001), its request line starting with `first`.
const BUG: &str = r#"{"dir":"req","method":"POST","url":"http://agent.example.com/a2a","headers":{"content-type":"application/json"},"body":{"jsonrpc":"2.0","id":7,"method":"message/stream","params":{"message":{"kind":"message","messageId":"m1","role":"user","parts":[{"kind":"text","text":"summarise"}]}}}}
{"dir":"resp","status":200,"headers":{"content-type":"text/event-stream"},"body":""}
{"dir":"chunk","body":"data: {\"jsonrpc\":\"2.0\",\"id\":7,\"result\":{\"kind\":\"status-update\",\"taskId\":\"t1\",\"contextId\":\"c1\",\"status\":{\"state\":\"working\"},\"final\":true}}\n\n"}
{"dir":"chunk","body":"","close":"eof"}
"#;

/// N3: `"t": 1e300` (and a Unix time in milliseconds) is refused with exit 2, naming the
/// line, what `t` is and the likely slip; a Unix time in seconds is read.
#[test]
fn a_transcript_time_past_317_years_is_refused_kindly_not_a_panic() {
    let d = tempfile::tempdir().unwrap();
    for t in ["1e300", "1796577246123"] {
        std::fs::write(
            d.path().join("t.jsonl"),
            BUG.replacen("{\"dir\"", &format!("{{\"t\":{t},\"dir\""), 1),
        )
        .unwrap();
        let out = proxy_process::run_in(d.path(), &["verify", "t.jsonl"]);
        let err = text(&out.stderr);
        assert!(!err.contains("panicked"), "{t}: {err}");
        assert_eq!(out.status.code(), Some(2), "{t}: {err}");
        assert!(
            err.contains("line 1: \"t\" is ")
                && err.contains("seconds since the start of the transcript")
                && err.contains("a Unix time in milliseconds?"),
            "{t}: {err}"
        );
    }
    std::fs::write(
        d.path().join("t.jsonl"),
        BUG.replacen("{\"dir\"", "{\"t\":1796577246.5,\"dir\"", 1),
    )
    .unwrap();
    let out = proxy_process::run_in(d.path(), &["verify", "t.jsonl"]);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    assert!(
        text(&out.stdout).contains("STREAM-FINAL-001"),
        "{}",
        text(&out.stdout)
    );
}

/// N4: the mistakes of a transcript written from a bug report are each said with the fix:
/// Markdown fences left in, `"direction"` for `"dir"`, a Latin-1 byte in a body.
#[test]
fn a_hand_written_transcript_s_mistakes_are_named_with_their_fix() {
    let d = tempfile::tempdir().unwrap();
    let cases: [(&str, Vec<u8>, &[&str]); 3] = [
        (
            "fenced.jsonl",
            format!("```json\n{BUG}```\n").into_bytes(),
            &[
                "line 1 is a Markdown code fence (```json)",
                "grep -v '^```' fenced.jsonl > fixed.jsonl",
            ],
        ),
        (
            "direction.jsonl",
            BUG.replace("\"dir\"", "\"direction\"").into_bytes(),
            &[
                "line 1 is a JSON object with none of the members",
                "(its members: direction, method, url, headers, body)",
                "a transcript line needs \"dir\"",
            ],
        ),
        (
            "latin1.jsonl",
            BUG.replacen("summarise", "r\u{e9}sum\u{e9}", 1)
                .replace('\u{e9}', "\u{1}")
                .into_bytes()
                .into_iter()
                .map(|b| if b == 1 { 0xe9 } else { b })
                .collect(),
            &[
                "latin1.jsonl is not UTF-8 text: line 1, byte ",
                " is 0xe9, which starts no UTF-8 character",
                "hint: a transcript or HAR file is UTF-8 text: convert a copy (iconv",
            ],
        ),
    ];
    for (name, bytes, wanted) in cases {
        std::fs::write(d.path().join(name), bytes).unwrap();
        let out = proxy_process::run_in(d.path(), &["verify", name]);
        let err = text(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{name}: {err}");
        for w in wanted {
            assert!(err.contains(w), "{name}: {w:?} not in {err}");
        }
        assert!(!err.contains("first line is neither"), "{name}: {err}");
        assert!(!err.contains("a torn last line"), "{name}: {err}");
    }
    // An Agent Card saved from the agent, on one line or pretty-printed, is named as a card
    // with the ways to check it (before: the pretty one was told to go through `jq -c .`,
    // which leaves a card).
    let card = proxy_process::echo_card("saved card", "http://127.0.0.1:9/");
    let pretty =
        serde_json::to_string_pretty(&serde_json::from_str::<serde_json::Value>(&card).unwrap())
            .unwrap();
    for (name, body) in [("card.json", card), ("pretty.json", pretty)] {
        std::fs::write(d.path().join(name), body).unwrap();
        let out = proxy_process::run_in(d.path(), &["verify", name]);
        let err = text(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{name}: {err}");
        assert!(
            err.contains("it is an Agent Card (name \"saved card\"), not traffic")
                && err.contains("a2a-interop probe AGENT_URL")
                && err.contains("write its fetch as a two-line transcript"),
            "{name}: {err}"
        );
        assert!(!err.contains("jq -c"), "{name}: {err}");
    }
}

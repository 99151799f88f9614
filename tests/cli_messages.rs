//! Error messages of the real binary on real files, in the one shape README promises
//! (`a2a-interop: <cause>; hint: <hint>`, exit 2), in the user's terms (fix7):
//! a transcript that reuses an `id`, a recording with a damaged line, a TLS key that is not
//! the certificate's.

use crate::common;

/// Runs the binary; exit code and stderr.
fn run(args: &[&str]) -> (Option<i32>, String) {
    let o = common::bin()
        .env_remove("A2A_INTEROP_LOG")
        .args(args)
        .output()
        .expect("binary runs");
    (
        o.status.code(),
        String::from_utf8_lossy(&o.stderr).into_owned(),
    )
}

/// The last stderr line, checked for the one shape.
fn error_line(err: &str) -> &str {
    let last = err.trim_end().lines().last().unwrap_or("");
    assert!(
        last.starts_with("a2a-interop: ") && last.matches("; hint: ").count() == 1,
        "{err}"
    );
    last
}

#[test]
fn a_reused_transcript_id_names_the_users_id_and_lines() {
    let dir = tempfile::tempdir().unwrap();
    let tx = dir.path().join("dup.jsonl");
    let req = r#"{"dir":"req","method":"POST","url":"http://127.0.0.1:9999/","headers":{"content-type":"application/json"},"body":"{}","id":"a1"}"#;
    let resp = r#"{"dir":"resp","status":200,"headers":{"content-type":"application/json"},"body":"{}","id":"a1"}"#;
    std::fs::write(&tx, [req, req, resp, resp].join("\n")).unwrap();
    let (code, err) = run(&["verify", tx.to_str().unwrap()]);
    assert_eq!(code, Some(2), "{err}");
    let line = error_line(&err);
    assert!(
        line.contains("line 2: id a1 is already used by the req on line 1, which has no resp yet; give each req its own id"),
        "{line}"
    );
    assert!(!line.contains(" e2"), "{line}");
}

#[test]
fn a_damaged_recording_line_says_what_is_wrong_with_it() {
    let dir = tempfile::tempdir().unwrap();
    let rec = dir.path().join("cut.jsonl");
    let header = r#"{"type":"recording","format":1,"tool":{"name":"a2a-interop","version":"0.1.0"},"startedAt":"2026-11-30T18:56:33.125Z","mode":"reverse","listen":["127.0.0.1:46700"],"routes":[{"prefix":"/","upstream":"http://127.0.0.1:46200"}],"redacted":true}"#;
    let ok = r#"{"seq":1,"t_us":1,"exchange":"e1","type":"request_head","method":"GET","url":"http://h/","headers":[]}"#;
    let cut = r#"{"seq":2,"t_us":2,"exchange":"e1""#;
    let end = r#"{"seq":3,"t_us":3,"exchange":"e1","type":"exchange_end","outcome":"complete"}"#;
    std::fs::write(&rec, format!("{header}\n{ok}\n{cut}\n{end}\n")).unwrap();
    let (code, err) = run(&["verify", rec.to_str().unwrap()]);
    assert_eq!(code, Some(2), "{err}");
    let line = error_line(&err);
    assert!(
        line.contains("line 3: cut short: its JSON ends before the event's object closes"),
        "{line}"
    );
    assert!(!line.contains("EOF while parsing"), "{line}");
    assert!(!line.contains("line 2 column"), "{line}");
}

/// breaker7 F22: a line whose `type` this build does not know is damage or a newer writer;
/// `verify`, `export` and `repro` say both, with the header's format and this build's.
#[test]
fn an_unknown_event_type_names_a_newer_writer_too() {
    let dir = tempfile::tempdir().unwrap();
    let rec = dir.path().join("future.jsonl");
    let header = r#"{"type":"recording","format":1,"tool":{"name":"a2a-interop","version":"0.1.0"},"startedAt":"2026-11-30T18:56:33.125Z","mode":"reverse","listen":["127.0.0.1:46700"],"routes":[{"prefix":"/","upstream":"http://127.0.0.1:46200"}],"redacted":true}"#;
    let ok = r#"{"seq":1,"t_us":1,"exchange":"e1","type":"request_head","method":"GET","url":"http://h/","headers":[]}"#;
    let future = r#"{"seq":2,"t_us":2,"type":"future_event"}"#;
    std::fs::write(&rec, format!("{header}\n{ok}\n{future}\n")).unwrap();
    let har = dir.path().join("out.har");
    let cut = dir.path().join("cut.jsonl");
    for args in [
        vec!["verify", rec.to_str().unwrap()],
        vec![
            "export",
            rec.to_str().unwrap(),
            "--har",
            har.to_str().unwrap(),
        ],
        vec![
            "repro",
            rec.to_str().unwrap(),
            "--finding",
            "X",
            "-o",
            cut.to_str().unwrap(),
        ],
    ] {
        let (code, err) = run(&args);
        assert_eq!(code, Some(2), "{args:?}: {err}");
        let line = error_line(&err);
        assert!(
            line.contains("line 3: unknown event type `future_event` (the header says recording format 1; this build reads format 1 and knows no such type); hint: the file is damaged at that line, or it was written by a newer a2a-interop (update this one to read it)"),
            "{args:?}: {line}"
        );
    }
}

#[test]
fn a_tls_key_of_another_certificate_is_named_with_a_hint() {
    let dir = tempfile::tempdir().unwrap();
    let a = rcgen::generate_simple_self_signed(vec!["127.0.0.1".to_string()]).unwrap();
    let b = rcgen::generate_simple_self_signed(vec!["127.0.0.1".to_string()]).unwrap();
    let (cert, key) = (dir.path().join("a.pem"), dir.path().join("b.key"));
    std::fs::write(&cert, a.cert.pem()).unwrap();
    std::fs::write(&key, b.key_pair.serialize_pem()).unwrap();
    let (code, err) = run(&[
        "proxy",
        "--listen",
        "127.0.0.1:0",
        "--upstream",
        "http://127.0.0.1:9",
        "--no-record",
        "--tls-cert",
        cert.to_str().unwrap(),
        "--tls-key",
        key.to_str().unwrap(),
    ]);
    assert_eq!(code, Some(2), "{err}");
    let line = error_line(&err);
    assert!(
        line.contains("b.key is not the private key of the certificate in --tls-cert")
            && line.contains("; hint: give the key made with that certificate"),
        "{line}"
    );
    assert!(!line.contains("KeyMismatch"), "{line}");
}

#[test]
fn flag_mistakes_are_one_cause_and_one_hint() {
    for args in [
        &[
            "proxy",
            "--upstream",
            "http://127.0.0.1:9",
            "--upstream-ca",
            "/nonexistent.pem",
            "--no-record",
        ][..],
        &[
            "proxy",
            "--listener",
            "bad",
            "--upstream",
            "http://127.0.0.1:9",
            "--no-record",
        ][..],
        &["probe", "http://127.0.0.1:9/", "--binding", "grpc"][..],
        &["probe", "http://127.0.0.1:9/", "--timeout", "0s"][..],
    ] {
        let (code, err) = run(args);
        assert_eq!(code, Some(2), "{args:?}: {err}");
        let line = error_line(&err);
        assert!(!line.contains("(hint:"), "{args:?}: {line}");
    }
}

/// Command-line mistakes clap finds are the same one line, not clap's usage block.
#[test]
fn usage_mistakes_are_one_line_with_a_hint() {
    for (args, cause, hint) in [
        (
            &["probe"][..],
            "the following required arguments were not provided: <URL>",
            "usage: a2a-interop probe <URL>",
        ),
        (
            &["verify", "--formatt", "x"][..],
            "unexpected argument '--formatt' found",
            "a similar argument exists: '--format'",
        ),
        (
            &["proxy", "--listen"][..],
            "a value is required for '--listen <ADDR>'",
            "`a2a-interop proxy --help` lists the flags",
        ),
        // breaker8 G20: not clap's "use '-- --dialect'", which makes the flag a URL
        (
            &[
                "interop",
                "http://127.0.0.1:9/",
                "http://127.0.0.1:8/",
                "--dialect",
                "1.0",
            ][..],
            "unexpected argument '--dialect' found",
            "`interop` has no --dialect (probe has it); see `a2a-interop interop --help`",
        ),
        (
            &["report", "x.jsonl", "--live"][..],
            "unexpected argument '--live' found",
            "`report` has no --live; see `a2a-interop report --help`",
        ),
    ] {
        let (code, err) = run(args);
        assert_eq!(code, Some(2), "{args:?}: {err}");
        assert_eq!(err.trim_end().lines().count(), 1, "{args:?}: {err}");
        let line = error_line(&err);
        assert!(
            line.contains(cause) && line.contains(&format!("; hint: {hint}")),
            "{args:?}: {line}"
        );
    }
}

/// `demo --record` under a directory that cannot be made: the cause names the directory,
/// the hint the flag.
#[test]
fn demo_with_an_uncreatable_recording_directory_names_it_with_a_hint() {
    let dir = tempfile::tempdir().unwrap();
    // a file where the directory would have to be
    let file = dir.path().join("f");
    std::fs::write(&file, "x").unwrap();
    let rec = file.join("sub/x.jsonl");
    let (code, err) = run(&["demo", "--record", rec.to_str().unwrap()]);
    assert_eq!(code, Some(2), "{err}");
    let line = error_line(&err);
    assert!(
        line.contains("cannot create recording directory")
            && line.ends_with("; hint: pick a writable --record path"),
        "{line}"
    );
}

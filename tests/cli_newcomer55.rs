//! newcomer55: a newcomer's pass through README, the SDK peers behind the proxy, and a
//! 2 a.m. engineer's odd inputs.
//! - N1: `verify min.sh`, the curl script `repro` writes beside its cut (a tired user types
//!   the wrong one of the two files it names), was told "line 1 is a comment ... remove
//!   the comment lines in a copy, grep -v '^#' min.sh > fixed.jsonl": that copy is curl
//!   commands, which `verify` refuses again. The same for any script or commented file
//!   whose lines are no JSON.

#[path = "common/proxy_process.rs"]
mod proxy_process;

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// The repository's sample recording of the JS SDK client against the Python SDK agent
/// (recordings/README.md): its `missing` step asks GetTask for `does-not-exist-0000`.
fn sample() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("recordings/js-client-python-agent-jsonrpc-1.0.jsonl")
}

/// N1: `verify` of the curl script `repro` wrote names it as that script and the cut to
/// verify instead; a script of any other kind is named a script; a commented file whose
/// lines are no JSON gets no advice that leaves a file `verify` refuses again; a commented
/// transcript (the legal neighbour) keeps the advice that works.
#[test]
fn verify_of_a_script_says_it_is_one_and_names_the_cut() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::copy(sample(), dir.path().join("session.jsonl")).unwrap();
    let o = proxy_process::run_in(
        dir.path(),
        &[
            "repro",
            "session.jsonl",
            "--finding",
            "CARD-CACHE-001",
            "-o",
            "min.jsonl",
        ],
    );
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    assert!(dir.path().join("min.sh").exists());

    let v = proxy_process::run_in(dir.path(), &["verify", "min.sh"]);
    let err = text(&v.stderr);
    assert_eq!(v.status.code(), Some(2), "{err}");
    assert!(
        err.contains("min.sh: not a recording, transcript or HAR file: it is the curl script `a2a-interop repro` writes beside its cut (`#!/usr/bin/env bash`), not traffic: verify the cut, a2a-interop verify min.jsonl"),
        "{err}"
    );
    assert!(!err.contains("grep -v"), "{err}");
    // and what it names is verified
    let v = proxy_process::run_in(dir.path(), &["verify", "min.jsonl"]);
    assert_eq!(v.status.code(), Some(0), "{}", text(&v.stderr));

    // the script without its cut beside it (moved, or --curl elsewhere): the cut is named
    // by what it is
    std::fs::rename(dir.path().join("min.sh"), dir.path().join("other.sh")).unwrap();
    let v = proxy_process::run_in(dir.path(), &["verify", "other.sh"]);
    let err = text(&v.stderr);
    assert_eq!(v.status.code(), Some(2), "{err}");
    assert!(
        err.contains("it is the curl script `a2a-interop repro` writes beside its cut (`#!/usr/bin/env bash`), not traffic: verify the cut, the transcript (.jsonl) given to repro -o"),
        "{err}"
    );

    // any other script
    std::fs::write(
        dir.path().join("run.sh"),
        "#!/bin/sh\nset -e\ncurl -s http://x/\n",
    )
    .unwrap();
    let v = proxy_process::run_in(dir.path(), &["verify", "run.sh"]);
    let err = text(&v.stderr);
    assert_eq!(v.status.code(), Some(2), "{err}");
    assert!(
        err.contains("run.sh: not a recording, transcript or HAR file: it is a script (`#!/bin/sh`), not traffic"),
        "{err}"
    );
    assert!(!err.contains("grep -v"), "{err}");

    // comments over lines that are no JSON (a config file): no grep advice
    std::fs::write(
        dir.path().join("conf.yaml"),
        "# settings\nlisten: 127.0.0.1:8080\nupstream: http://x/\n",
    )
    .unwrap();
    let v = proxy_process::run_in(dir.path(), &["verify", "conf.yaml"]);
    let err = text(&v.stderr);
    assert_eq!(v.status.code(), Some(2), "{err}");
    assert!(
        err.contains("line 1 is a comment (`# settings`), and line 2, the first that is not a comment, is no JSON object either (`listen: 127.0.0.1:8080`): the file is not JSON Lines"),
        "{err}"
    );
    assert!(!err.contains("grep -v"), "{err}");

    // the legal neighbour: a transcript with a comment line first keeps the advice, and
    // the advice works
    let transcript = std::fs::read_to_string(dir.path().join("min.jsonl")).unwrap();
    std::fs::write(
        dir.path().join("noted.jsonl"),
        format!("# the card fetch of the bug report\n{transcript}"),
    )
    .unwrap();
    let v = proxy_process::run_in(dir.path(), &["verify", "noted.jsonl"]);
    let err = text(&v.stderr);
    assert_eq!(v.status.code(), Some(2), "{err}");
    assert!(
        err.contains("line 1 is a comment (`# the card fetch of the bug report`), and JSON Lines have none: remove the comment lines in a copy, grep -v '^#' noted.jsonl > fixed.jsonl"),
        "{err}"
    );
}

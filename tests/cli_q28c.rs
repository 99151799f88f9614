//! q28c: CLI, report and script items left by session 27's review and newcomer: min.sh's
//! `--cacert` anywhere (item 1), shell-quoted paths in printed commands (item 2), Ctrl-C
//! during `--wait-for-agent`'s hand-over (item 3), JUnit that follows `--fail-on` (item 4),
//! a JUnit from a `probe` that could not reach its agent (item 5), bindings per A2A version
//! in reports (item 6), the reference agent's 0.3 push notifications (item 7). Real
//! processes, real loopback sockets (TLS with a self-signed certificate), real files.

mod broken;
mod common;

use common::run_off_runtime as run;

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// `probe BASE --ca PEM --record REC` of a broken https agent (its HTTP+JSON parse error
/// answered in the JSON-RPC form: REST-ERROR-001), run to its end (exit 1), then `repro`
/// of that finding: the agent (kept serving), its PEM file and the min.sh path.
async fn https_min_sh(
    dir: &std::path::Path,
) -> (broken::Agent, std::path::PathBuf, std::path::PathBuf) {
    let pem = dir.join("agent.pem");
    let agent = broken::start_tls_with(broken::Break::RestParseErrorAsJsonRpc, true, &pem).await;
    let rec = dir.join("probe.jsonl");
    let o = run(vec![
        "probe".into(),
        agent.https_url(),
        "-q".into(),
        "--timeout".into(),
        "20s".into(),
        "--ca".into(),
        pem.display().to_string(),
        "--record".into(),
        rec.display().to_string(),
    ])
    .await;
    assert_eq!(o.status.code(), Some(1), "{}", text(&o.stderr));
    let min = dir.join("min.jsonl");
    let o = run(vec![
        "repro".into(),
        rec.display().to_string(),
        "--finding".into(),
        "REST-ERROR-001".into(),
        "-o".into(),
        min.display().to_string(),
    ])
    .await;
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    (agent, pem, min.with_extension("sh"))
}

/// `bash SCRIPT ARGS...` off the runtime (the agent serves on it), without the CA
/// variables of the environment.
async fn bash(sh: &std::path::Path, args: Vec<String>) -> std::process::Output {
    let sh = sh.to_path_buf();
    tokio::task::spawn_blocking(move || {
        std::process::Command::new("bash")
            .arg(&sh)
            .args(&args)
            .env_remove("A2A_CACERT")
            .env_remove("A2A_INSECURE")
            .output()
            .unwrap()
    })
    .await
    .unwrap()
}

/// Item 1: min.sh took `--cacert` only as its first argument (`--cacert=FILE` was ignored
/// and curl failed on the certificate), and `--cacert` with no file after it exited 1 from
/// bash's own `${2:?}`. It is now taken anywhere (`--cacert FILE`, `--cacert=FILE`), the
/// file is checked, and every usage error exits 2 with a message that says what to give.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn item1_min_sh_takes_cacert_anywhere_and_usage_errors_exit_2() {
    let dir = tempfile::tempdir().unwrap();
    let (_agent, pem, sh) = https_min_sh(dir.path()).await;
    let pem_s = pem.display().to_string();
    // legal: the flag with its file, as two words or one: the agent's answer
    for args in [
        vec!["--cacert".to_string(), pem_s.clone()],
        vec![format!("--cacert={pem_s}")],
    ] {
        let o = bash(&sh, args.clone()).await;
        assert_eq!(
            o.status.code(),
            Some(0),
            "{args:?}\n{}\n{}",
            text(&o.stdout),
            text(&o.stderr)
        );
        assert!(text(&o.stdout).contains("\"code\":"), "{}", text(&o.stdout));
    }
    // usage errors: exit 2, named, before any curl runs
    for (args, says) in [
        (vec!["--cacert".to_string()], "--cacert needs a PEM file after it"),
        (vec!["--cacert=".to_string()], "--cacert needs a PEM file after it"),
        (
            vec!["--cacert".to_string(), dir.path().display().to_string()],
            "no readable PEM file there",
        ),
        (
            vec!["--verbose".to_string(), "--cacert".to_string(), pem_s.clone()],
            "unknown argument '--verbose'",
        ),
        (
            vec![
                format!("--cacert={pem_s}"),
                "--cacert".to_string(),
                "/nonexistent/ca.pem".to_string(),
            ],
            "A2A_CACERT=/nonexistent/ca.pem: no readable PEM file there",
        ),
    ] {
        let o = bash(&sh, args.clone()).await;
        let err = text(&o.stderr);
        assert_eq!(o.status.code(), Some(2), "{args:?}\n{err}");
        assert!(err.contains(says), "{args:?}\n{err}");
        assert!(o.stdout.is_empty(), "{args:?}: {}", text(&o.stdout));
    }
}

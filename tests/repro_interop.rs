/*!
`repro` on an `interop` recording: the direction legs `A->B` / `B->A` are the tool's calls
as one agent's client of the other, so the companion curl script replays them (it held no
curl command at all; found by a fresh engineer). The script is run against the live agent:
its replayed calls reach it and get the same kind of answer.
*/

use crate::broken;
use crate::common;

use broken::Break;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_finding_of_an_interop_recording_gets_a_curl_script_that_calls_the_agent() {
    // A's card lists HTTP+JSON too: a direction tests only what its caller's card lists
    let a = broken::start_with(Break::Nothing, false, true).await;
    // B breaks REST-ERROR-001 on its HTTP+JSON parse error: a finding on leg A->B
    let b = broken::start_with(Break::RestParseErrorAsJsonRpc, false, true).await;
    let dir = tempfile::tempdir().expect("temp dir");
    let (run, rec) =
        common::interop_with(&a.url(), &b.url(), &["-q", "--timeout", "10s"], dir.path()).await;
    assert!(
        run.findings_of("A->B")
            .iter()
            .any(|f| f.rule == "REST-ERROR-001"),
        "{:#?}",
        run.outcome.verify.findings
    );
    let min = dir.path().join("min.jsonl");
    let o = tokio::task::spawn_blocking({
        let (rec, min) = (rec.clone(), min.clone());
        move || {
            common::bin()
                .args(["repro"])
                .arg(&rec)
                .args(["--finding", "REST-ERROR-001", "-o"])
                .arg(&min)
                .output()
                .expect("binary runs")
        }
    })
    .await
    .expect("join");
    common::assert_exit(&o, 0);
    let script = std::fs::read_to_string(dir.path().join("min.sh")).expect("companion script");
    let curls: Vec<&str> = script.lines().filter(|l| l.starts_with("curl ")).collect();
    assert!(!curls.is_empty(), "{script}");
    // the calls go to B itself (the recording listener is gone when the script runs)
    let b_rest = format!("'http://{}/rest", b.addr);
    assert!(curls.iter().all(|c| c.contains(&b_rest)), "{script}");
    assert!(script.contains("(leg A->B)"), "{script}");

    // replayed against the live agent: B answers the malformed body with its 400 again
    let out = tokio::task::spawn_blocking({
        let path = dir.path().join("min.sh");
        move || {
            std::process::Command::new("bash")
                .arg(path)
                .output()
                .expect("bash runs")
        }
    })
    .await
    .expect("join");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        stdout.contains("-32602"),
        "{stdout}{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

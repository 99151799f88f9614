//! breaker8 G20: JUnit `time` of a probe run through the built binary against the reference
//! agent (both dialects, real loopback sockets). The `<testsuites>` / results `<testsuite>`
//! time is the run's own wall time, not the sum of checks that share one stream, and the
//! testcases' times (each its own share) add up to no more than it.

use crate::common;

use std::time::Instant;

fn attr(tag: &str, name: &str) -> f64 {
    let key = format!(" {name}=\"");
    let start = tag.find(&key).expect("attribute") + key.len();
    let end = start + tag[start..].find('"').expect("closing quote");
    tag[start..end].parse().expect("a number")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn probe_junit_times_are_the_run_and_each_checks_own_share() {
    let agent = common::start_refagent(None).await;
    let url = format!("http://{}/", agent.local_addr());
    let dir = tempfile::tempdir().unwrap();
    let junit = dir.path().join("p.junit");
    let junit2 = junit.clone();
    let t0 = Instant::now();
    let out = tokio::task::spawn_blocking(move || {
        std::process::Command::new(env!("CARGO_BIN_EXE_a2a-interop"))
            .args(["probe", &url, "--timeout", "20s", "-q", "-f", "junit", "-o"])
            .arg(&junit2)
            .output()
            .unwrap()
    })
    .await
    .unwrap();
    let run_s = t0.elapsed().as_secs_f64();
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let xml = std::fs::read_to_string(&junit).unwrap();
    let root = xml
        .lines()
        .find(|l| l.trim_start().starts_with("<testsuites "))
        .unwrap();
    let suite = xml
        .lines()
        .find(|l| l.contains("<testsuite name=\"a2a-interop.results\""))
        .unwrap();
    let total = attr(root, "time");
    assert_eq!(total, attr(suite, "time"), "{xml}");
    // the reported run time is never more than the process took
    assert!(
        total > 0.0 && total <= run_s,
        "{total} s reported, {run_s} s run\n{xml}"
    );
    let results =
        &xml[xml.find("a2a-interop.results").unwrap()..xml.find("a2a-interop.rules").unwrap()];
    let cases: Vec<f64> = results
        .lines()
        .filter(|l| l.trim_start().starts_with("<testcase "))
        .map(|l| attr(l, "time"))
        .collect();
    assert!(cases.len() > 20, "{xml}");
    let sum: f64 = cases.iter().sum();
    assert!(
        sum <= total + 0.001 * cases.len() as f64,
        "testcases add up to {sum} s, more than the run's {total} s\n{xml}"
    );
}

//! The recorder and verifier threads run 10 nice levels below the proxy's tokio workers
//! (`record::writer::yield_to_forwarding`): on busy cores forwarding goes first. Read back
//! from `/proc/self/task/*/stat` (field 19, nice) of a running pipeline.

#[path = "common/proxy_support.rs"]
mod support;

use a2a_interop::record::writer::BACKGROUND_NICE;

/// (thread name, nice) of every thread of this process.
fn threads() -> Vec<(String, i32)> {
    let mut out = Vec::new();
    for t in std::fs::read_dir("/proc/self/task").unwrap().flatten() {
        let comm = std::fs::read_to_string(t.path().join("comm")).unwrap_or_default();
        let stat = std::fs::read_to_string(t.path().join("stat")).unwrap_or_default();
        // After the `(comm)` field: state is field 3, nice field 19.
        let rest = stat.rsplit_once(')').map(|(_, r)| r).unwrap_or("");
        let nice = rest.split_whitespace().nth(16).and_then(|n| n.parse().ok());
        if let Some(nice) = nice {
            out.push((comm.trim().to_string(), nice));
        }
    }
    out
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn recorder_and_verifier_threads_yield_to_forwarding() {
    let up = support::echo_server("a").await;
    let (_dir, _rec, p, _base) = support::start_recording_to(up).await;
    // Each thread names itself and lowers its priority as it starts, which on a loaded
    // machine may be a little after the pipeline is up: wait for both (at most 30 s).
    let t0 = std::time::Instant::now();
    let mut all = threads();
    while t0.elapsed() < std::time::Duration::from_secs(30)
        && ["a2a-recorder", "a2a-verifier"]
            .iter()
            .any(|name| !all.iter().any(|(n, nice)| n == name && *nice != 0))
    {
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
        all = threads();
    }
    let base = all
        .iter()
        .find(|(n, _)| n.starts_with("tokio-r"))
        .map(|(_, n)| *n)
        .unwrap_or_else(|| panic!("no tokio worker in {all:?}"));
    for name in ["a2a-recorder", "a2a-verifier"] {
        let (_, nice) = all
            .iter()
            .find(|(n, _)| n == name)
            .unwrap_or_else(|| panic!("no {name} thread in {all:?}"));
        assert_eq!(*nice, (base + BACKGROUND_NICE).min(19), "{name}: {all:?}");
    }
    p.finish().await.unwrap();
}

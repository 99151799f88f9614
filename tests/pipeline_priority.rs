//! The recorder's writer and the verifier thread run `SCHED_BATCH` at the proxy's own nice
//! (`record::writer::keep_up_behind_forwarding`, perfproxy59): their wake-ups do not preempt
//! a tokio worker, and on a loaded machine they still get the share their queues need.
//! Sessions 4-58 ran them 10 nice levels below the workers, where they fell behind: the
//! recorder's queue dropped body events and the verifier skipped rounds (attack58,
//! docs/performance.md "Session 59 (perfproxy59)"). Read back from `/proc/self/task/*/stat`
//! (field 19, nice; field 41, policy) of a running pipeline.

#[path = "common/proxy_support.rs"]
mod support;

/// `SCHED_OTHER` and `SCHED_BATCH` as `/proc/*/stat` field 41 gives them (sched(7)).
const SCHED_OTHER: u32 = 0;
const SCHED_BATCH: u32 = 3;

/// (thread name, nice, scheduling policy) of every thread of this process.
fn threads() -> Vec<(String, i32, u32)> {
    let mut out = Vec::new();
    for t in std::fs::read_dir("/proc/self/task").unwrap().flatten() {
        let comm = std::fs::read_to_string(t.path().join("comm")).unwrap_or_default();
        let stat = std::fs::read_to_string(t.path().join("stat")).unwrap_or_default();
        // After the `(comm)` field: field 3 (state) is index 0, so field 19 (nice) is index
        // 16 and field 41 (policy) index 38.
        let rest = stat.rsplit_once(')').map(|(_, r)| r).unwrap_or("");
        let field = |n: usize| {
            rest.split_whitespace()
                .nth(n)
                .and_then(|v| v.parse::<i64>().ok())
        };
        if let (Some(nice), Some(policy)) = (field(16), field(38)) {
            out.push((comm.trim().to_string(), nice as i32, policy as u32));
        }
    }
    out
}

/// (nice, policy) of the thread named `name` in `all`.
fn of(all: &[(String, i32, u32)], name: &str) -> Option<(i32, u32)> {
    all.iter()
        .find(|(n, ..)| n == name)
        .map(|(_, nice, policy)| (*nice, *policy))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn recorder_and_verifier_run_as_batch_threads_at_the_workers_nice() {
    let up = support::echo_server("a").await;
    let (_dir, _rec, p, _base) = support::start_recording_to(up).await;
    let mut all = threads();
    let (base, base_policy) = all
        .iter()
        .find(|(n, ..)| n.starts_with("tokio-r"))
        .map(|(_, n, p)| (*n, *p))
        .unwrap_or_else(|| panic!("no tokio worker in {all:?}"));
    // the workers as the process started
    assert_eq!(base_policy, SCHED_OTHER, "{all:?}");
    let want = Some((base, SCHED_BATCH));
    // Each thread names itself and sets its scheduling as it starts, which on a loaded
    // machine may be a little after the pipeline is up: wait for both (at most 30 s).
    let t0 = std::time::Instant::now();
    while t0.elapsed() < std::time::Duration::from_secs(30)
        && (of(&all, "a2a-verifier") != want || of(&all, "a2a-recorder") != want)
    {
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
        all = threads();
    }
    assert_eq!(of(&all, "a2a-recorder"), want, "{all:?}");
    assert_eq!(of(&all, "a2a-verifier"), want, "{all:?}");
    // no other thread of the pipeline was changed
    for (n, nice, policy) in &all {
        if n.starts_with("tokio-r") {
            assert_eq!((*nice, *policy), (base, SCHED_OTHER), "{all:?}");
        }
    }
    p.finish().await.unwrap();
}

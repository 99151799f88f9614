/*!
`interop`'s per-direction summaries on stdout: a finding on the called agent's webhook leg
(`B->webhook` in `A->B`) counts for that direction (docs/usage.md "Two agents against each other")
and is listed in its block with its own leg; a finding repeated on several exchanges is one
line "seen N times" and counted once, as every report groups it (`report::group_findings`;
found by a fresh engineer: the webhook finding was counted but not listed, a repeat was
listed and counted N times).
*/

use crate::broken;
use crate::common;

use broken::Break;

/// The lines of `out` from the heading `interop [dir]` to its summary line `[dir] ...`.
fn block<'a>(out: &'a str, dir: &str) -> Vec<&'a str> {
    let start = format!("interop [{dir}] agent ");
    let end = format!("[{dir}] ");
    let mut lines = out.lines().skip_while(|l| !l.starts_with(&start));
    let mut v: Vec<&str> = Vec::new();
    for l in lines.by_ref() {
        v.push(l);
        if l.starts_with(&end) {
            break;
        }
    }
    v
}

/// The `N findings` count of a block's summary line.
fn counted(block: &[&str]) -> usize {
    let last = block.last().expect("summary line");
    let (_, rest) = last.split_once(" skipped; ").expect("summary shape");
    rest.split(' ')
        .next()
        .expect("count")
        .parse()
        .expect("number")
}

fn finding_lines<'a>(block: &[&'a str]) -> Vec<&'a str> {
    block
        .iter()
        .copied()
        .filter(|l| l.starts_with("error[") || l.starts_with("warning[") || l.starts_with("note["))
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn webhook_findings_are_listed_and_repeats_grouped_per_direction() {
    // A's card lacks `version` (one card finding on each fetch of it, in B->A); B sends its
    // notifications without the configured token (PUSH-AUTH-001 on B->webhook, in A->B)
    let a = broken::start(Break::CardWithoutVersion, false).await;
    let b = broken::start(Break::PushWithoutToken, false).await;
    let o = tokio::task::spawn_blocking({
        let (ua, ub) = (a.url(), b.url());
        move || {
            common::bin()
                .env_remove("A2A_INTEROP_LOG")
                .args(["interop", &ua, &ub, "-q", "--verbose", "--timeout", "10s"])
                .output()
                .expect("binary runs")
        }
    })
    .await
    .expect("join");
    let out = String::from_utf8_lossy(&o.stdout);
    assert_eq!(o.status.code(), Some(1), "{out}");

    let ab = block(&out, "A->B");
    let ab_findings = finding_lines(&ab);
    // each line names the agent at fault, not the direction (breaker17b V16): B sent the
    // notifications without the token
    let b_named = format!("agent B {:?} ({})", "broken agent", b.url());
    assert!(
        ab_findings.iter().any(|l| l.starts_with(&format!(
            "error[PUSH-AUTH-001] {b_named}, notifying the webhook: "
        ))),
        "{out}"
    );
    assert!(!out.contains("[B->webhook]"), "{out}");
    assert_eq!(counted(&ab), ab_findings.len(), "{out}");

    let ba = block(&out, "B->A");
    let ba_findings = finding_lines(&ba);
    let card: Vec<&&str> = ba_findings
        .iter()
        .filter(|l| {
            l.contains(&format!("] agent A {:?} ({}): ", "broken agent", a.url()))
                && l.contains("version")
        })
        .collect();
    assert_eq!(card.len(), 1, "{out}");
    assert!(card[0].contains("(seen: "), "{out}");
    assert_eq!(counted(&ba), ba_findings.len(), "{out}");
    // the webhook finding belongs to A->B only
    assert!(
        !ba_findings.iter().any(|l| l.contains("PUSH-AUTH-001")),
        "{out}"
    );
}

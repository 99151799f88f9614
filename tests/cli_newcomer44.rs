//! newcomer44: what a newcomer hit in a first hour with the tool (README and the docs it
//! links to), driving it by hand against the reference agent and the SDK test agents. Real
//! processes, real loopback sockets, real files.
//!
//! - N1: `rules CARD-URL` (or the report's area name `card-url`) suggested eight CARD-CACHE,
//!   CARD-PATH and CARD-SHAPE rules and none of the thirteen CARD-URL rules.
//! - N2: `probe --max-requests 5` ended `11 passed, 0 failed, 87 skipped; ... conformance
//!   level: partial`, exit 0, with nothing under the count saying that the budget, not the
//!   agent, left the tests out (`interop` alike, per direction).
//! - N3: an output path ending in `/` for a directory not made yet: `--record runs/` got
//!   "Is a directory (os error 21); hint: pick a writable --record path", `export -o out/`
//!   "Not a directory (os error 20); hint: check the disk and the -o path" after writing the
//!   whole HAR, `repro --curl out/` the same after the transcript was written.

#[path = "common/proxy_process.rs"]
mod proxy_process;

use proxy_process::{reference_agent, run_in};

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// N1: a rule family's prefix, as typed or as the report's area name, is answered with that
/// family's rules first.
#[test]
fn n1_rules_with_a_family_prefix_suggests_that_family() {
    let dir = tempfile::tempdir().unwrap();
    for key in ["CARD-URL", "card-url"] {
        let out = run_in(dir.path(), &["rules", key]);
        assert_eq!(out.status.code(), Some(2));
        let err = text(&out.stderr);
        let hint = err
            .split("did you mean ")
            .nth(1)
            .unwrap_or_else(|| panic!("{err}"));
        let ids: Vec<&str> = hint.trim_end().trim_end_matches('?').split(", ").collect();
        assert_eq!(ids.len(), 8, "{err}");
        assert!(
            ids.iter().all(|id| id.starts_with("CARD-URL-")),
            "`rules {key}`: {err}"
        );
        assert_eq!(ids[0], "CARD-URL-001", "{err}");
    }
    // an unknown number in a known family still lists that family
    let out = run_in(dir.path(), &["rules", "REST-ERROR-009"]);
    let err = text(&out.stderr);
    assert!(
        err.contains("did you mean REST-ERROR-001, REST-ERROR-002"),
        "{err}"
    );
}

/// N2: a probe cut short by its request budget says so under its count, with the flag to
/// raise; a run the budget did not cut has no such line.
#[test]
fn n2_a_probe_cut_by_max_requests_says_so_under_its_count() {
    let dir = tempfile::tempdir().unwrap();
    let (_agent, url) = reference_agent();
    let out = run_in(dir.path(), &["probe", &url, "-q", "--max-requests", "5"]);
    let stdout = text(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{stdout}{}", text(&out.stderr));
    let skipped = stdout
        .lines()
        .filter(|l| l.starts_with("skip") && l.contains("used up (--max-requests)"))
        .count();
    assert!(skipped > 10, "{stdout}");
    let line = stdout
        .lines()
        .find(|l| l.starts_with("the request budget ran out"))
        .unwrap_or_else(|| panic!("no budget line: {stdout}"));
    assert_eq!(
        line,
        format!(
            "the request budget ran out after 5 requests (--max-requests): {skipped} tests were skipped for it, not judged; hint: raise --max-requests to run them"
        )
    );
    // it comes right after the count
    let count = stdout
        .lines()
        .position(|l| l.contains(" passed, "))
        .unwrap();
    assert_eq!(stdout.lines().nth(count + 1), Some(line));

    let full = run_in(dir.path(), &["probe", &url, "-q"]);
    let stdout = text(&full.stdout);
    assert_eq!(full.status.code(), Some(0), "{stdout}");
    assert!(!stdout.contains("request budget"), "{stdout}");
}

/// N2 for `interop`: the line under each direction's count, named by the direction.
#[test]
fn n2_an_interop_direction_cut_by_max_requests_says_so() {
    let dir = tempfile::tempdir().unwrap();
    let (_a, url_a) = reference_agent();
    let (_b, url_b) = reference_agent();
    let out = run_in(
        dir.path(),
        &["interop", &url_a, &url_b, "-q", "--max-requests", "6"],
    );
    let stdout = text(&out.stdout);
    for d in ["A->B", "B->A"] {
        let prefix =
            format!("[{d}] the request budget ran out after 6 requests (--max-requests): ");
        let line = stdout
            .lines()
            .find(|l| l.starts_with(&prefix))
            .unwrap_or_else(|| panic!("no budget line for {d}: {stdout}"));
        assert!(
            line.ends_with("hint: raise --max-requests to run them"),
            "{line}"
        );
        let count = stdout
            .lines()
            .position(|l| l.starts_with(&format!("[{d}] ")) && l.contains(" passed, "))
            .unwrap();
        assert_eq!(stdout.lines().nth(count + 1), Some(line), "{stdout}");
    }
}


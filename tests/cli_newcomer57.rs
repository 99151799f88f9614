//! newcomer57: a newcomer's pass through README, what probe and interop leave on an
//! 80-column terminal, and a 2 a.m. engineer's odd inputs.
//! - W1: on an 80-column terminal `probe`'s count line (83 characters), its recording line
//!   (the path twice, mid-line) and the stderr `wrote` line (220 characters, the report
//!   path mid-line, after the brief text's `reports:` line had named it), and `interop`'s
//!   headings (`interop [B->A] agent A "name" (URL) (dialects: ...)`, 94) and count lines
//!   (90), wrapped: now each fits, or ends with the one path or URL it names.
//! - R1: `proxy --route "/a = URL"` (blanks around `=`) made the prefix `/a%20`, so no
//!   request reached the agent (404 from the proxy), the banner's `route /a%20 -> URL` the
//!   only sign; a URL in quotes the shell passed on (`--upstream "'URL'"`, `probe '"URL"'`)
//!   got "give http(s)://host[:port][/path]", which it looked like; a route without `=`
//!   got the generic "--help lists the flags".
//! - E1: `rules STREAM-END-001`, the rule a probe finding names, printed its summary (184
//!   characters) and help (272) as one line each: an 80-column terminal cut them mid-word.
//! - D1: `demo`'s first line (README's Run) named both addresses and the recording's path
//!   on one line of 122 characters; the path now has its own row.

#[path = "common/proxy_process.rs"]
mod proxy_process;

#[path = "common/misbehaving_peer.rs"]
mod misbehaving_peer;

use std::time::Duration;

/// Every row of `out` fits in `cols` characters, or is one that names a path or URL last
/// (`names`), whose words before it fit: a wrap then falls inside that path alone.
fn assert_rows_fit(out: &str, cols: usize, names: &[&str]) {
    for l in out.lines() {
        if l.chars().count() <= cols {
            continue;
        }
        let last = names.iter().find(|n| l.ends_with(*n));
        let Some(last) = last else {
            panic!("{} > {cols}: {l:?}\n{out}", l.chars().count());
        };
        let before = l.chars().count() - last.chars().count();
        assert!(before <= cols, "{l:?}\n{out}");
    }
}

/// W1: `probe` of an agent that fails two tests (STREAM-END-001), `--record` and `-o` in a
/// long directory, on an 80-column terminal: every row fits or ends with the recording's
/// or the report's path; the count line's level on a row of its own; the recording on its
/// own row, the `verify` command to read it on the next; no stderr `wrote` line repeating
/// the brief text's `reports:` line.
#[test]
fn probe_on_80_columns_leaves_no_row_wrapped_but_at_a_path() {
    let (_agent, url) = misbehaving_peer::agent("misbehave.py", "sse-after-final");
    let dir = tempfile::tempdir().unwrap();
    let long = "runs/of/the/night/shift/in/a/rather/long/directory";
    let rec = format!("{long}/probe-of-the-streaming-agent.jsonl");
    let md = format!("{long}/probe-of-the-streaming-agent.md");
    let (code, out) = crate::cli_newcomer56::run_on_terminal(
        dir.path(),
        &[
            "probe",
            &url,
            "--timeout",
            "8s",
            "--record",
            &rec,
            "-o",
            &md,
        ],
        80,
    );
    assert_eq!(code, Some(1), "{out}");
    assert_rows_fit(&out, 80, &[&rec, &md, &format!("{url}/")]);
    assert!(
        out.contains("\n30 passed, 2 failed, 15 skipped; 1 finding; 24 requests;\nconformance level: partial\n"),
        "{out}"
    );
    assert!(
        out.contains(&format!(
            "\nrecording: {rec}\n  every finding with its exchanges: a2a-interop verify {rec}\n"
        )),
        "{out}"
    );
    assert!(out.contains(&format!("\nreports: {md}\n")), "{out}");
    assert!(!out.contains("a2a-interop: wrote "), "{out}");
    assert!(dir.path().join(&md).exists());

    // a pipe with no width: the lines as they always were
    let o = proxy_process::run_in(
        dir.path(),
        &[
            "probe",
            &url,
            "--timeout",
            "8s",
            "--brief",
            "--record",
            &rec,
            "--overwrite",
        ],
    );
    let text = String::from_utf8_lossy(&o.stdout);
    assert!(
        text.contains("\n30 passed, 2 failed, 15 skipped; 1 finding; 24 requests; conformance level: partial\n"),
        "{text}"
    );
    assert!(
        text.contains(&format!(
            "\nrecording: {rec} (a2a-interop verify {rec}: every finding with its exchanges)\n"
        )),
        "{text}"
    );
}

/// W1: `interop` of the reference agent (A) and the streaming-fault agent (B) on an
/// 80-column terminal: each direction's heading fits or has the agent's URL alone on the
/// next row; each count line and level line carries its `[A->B] ` and fits.
#[test]
fn interop_on_80_columns_leaves_no_row_wrapped_but_at_a_path() {
    let (_bad, bad) = misbehaving_peer::agent("misbehave.py", "sse-after-final");
    let (_good, good) = proxy_process::reference_agent();
    let dir = tempfile::tempdir().unwrap();
    let rec = "interop-of-the-reference-agent-and-the-streaming-agent.jsonl";
    let (code, out) = crate::cli_newcomer56::run_on_terminal(
        dir.path(),
        &[
            "interop",
            &good,
            &bad,
            "--timeout",
            "8s",
            "--record",
            rec,
            "-o",
            "pair.md",
        ],
        80,
    );
    assert_eq!(code, Some(1), "{out}");
    let good_url = format!("{}/", good.trim_end_matches('/'));
    assert_rows_fit(&out, 80, &[rec, &good_url, &format!("{bad}/")]);
    assert!(
        out.contains(&format!(
            "\ninterop [B->A] agent A \"a2a-interop reference agent\" (dialects: 0.3) at\n  {good_url}\n"
        )),
        "{out}"
    );
    for d in ["A->B", "B->A"] {
        let counts = out
            .lines()
            .filter(|l| l.starts_with(&format!("[{d}] ")) && l.contains(" skipped; "))
            .count();
        assert_eq!(counts, 1, "{out}");
        // the level's row follows the counts, named by its direction
        assert!(
            out.lines()
                .any(|l| l.starts_with(&format!("[{d}] conformance level: ")) && !l.contains('(')),
            "{out}"
        );
    }
    assert!(!out.contains("a2a-interop: wrote "), "{out}");
}

/// R1: blanks around a route's `=` are dropped: the card is served at `/a/...` through
/// the proxy, and the banner names the route `/a`; a URL in quotes, and a route without
/// `=`, are refused (exit 2) with the value to give instead.
#[test]
fn a_route_or_url_typed_at_two_in_the_morning_gets_the_one_meant() {
    let (_agent, url) = proxy_process::reference_agent();
    let url = url.trim_end_matches('/').to_string();
    let (run, addr) =
        proxy_process::start_proxy(&["--route", &format!("/a = {url}"), "--no-record"]);
    let route = proxy_process::line_with(&run, "  route /a", Duration::from_secs(10));
    assert_eq!(route, format!("  route /a -> {url}"));
    let card = proxy_process::get(addr, "/a/.well-known/agent-card.json");
    assert!(card.starts_with("HTTP/1.1 200"), "{card}");
    run.terminate();

    let dir = tempfile::tempdir().unwrap();
    let quoted = format!("'{url}'");
    for args in [
        vec!["proxy", "--upstream", &quoted, "--no-record"],
        vec!["probe", &quoted],
    ] {
        let o = proxy_process::run_in(dir.path(), &args);
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(2), "{err}");
        assert!(
            err.trim_end().ends_with(&format!(
                "hint: remove the quotes around it, which the shell passed on as part of the value (quoted twice, or read from a file that quotes it): {url}"
            )),
            "{args:?}: {err}"
        );
    }
    let o = proxy_process::run_in(dir.path(), &["proxy", "--route", &format!("/a:{url}")]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(
        err.trim_end().ends_with(&format!("hint: --route /a={url}")),
        "{err}"
    );
}

/// E1: `rules RULE` on an 80-column terminal: every row fits, broken at spaces, and the
/// whole help is there; on a pipe each paragraph stays one line (scripts read `Help: `).
#[test]
fn a_rule_explained_on_80_columns_wraps_at_words() {
    let dir = tempfile::tempdir().unwrap();
    let (code, out) =
        crate::cli_newcomer56::run_on_terminal(dir.path(), &["rules", "STREAM-END-001"], 80);
    assert_eq!(code, Some(0), "{out}");
    assert_rows_fit(&out, 80, &[]);
    let o = proxy_process::run_in(dir.path(), &["rules", "STREAM-END-001"]);
    let piped = String::from_utf8_lossy(&o.stdout);
    let help = piped
        .lines()
        .find(|l| l.starts_with("Help: "))
        .unwrap_or_else(|| panic!("{piped}"));
    assert!(help.chars().count() > 80, "{help}");
    // the same words, rows joined
    let joined = out
        .split("\n\n")
        .map(|p| p.replace('\n', " "))
        .collect::<Vec<_>>();
    assert!(joined.iter().any(|p| p.trim_end() == help), "{out}");
}

/// D1: `demo` (README's first command) on an 80-column terminal: its first line names the
/// agent's and the proxy's addresses within the width, the next the recording, which
/// exists.
#[test]
fn demo_s_first_line_fits_and_names_the_recording_on_the_next() {
    let dir = tempfile::tempdir().unwrap();
    let (code, out) = crate::cli_newcomer56::run_on_terminal(dir.path(), &["demo"], 80);
    assert_eq!(code, Some(0), "{out}");
    let mut lines = out
        .lines()
        .skip_while(|l| !l.starts_with("demo: reference agent on "));
    let first = lines.next().unwrap_or_else(|| panic!("{out}"));
    assert!(first.chars().count() <= 80, "{first:?}");
    assert!(first.contains(", recording proxy on 127.0.0.1:"), "{first}");
    let rec = lines
        .next()
        .and_then(|l| l.strip_prefix("  recording to "))
        .unwrap_or_else(|| panic!("{out}"));
    assert!(
        rec.starts_with("recordings/demo-") && rec.ends_with(".jsonl"),
        "{rec}"
    );
    assert!(dir.path().join(rec).is_file(), "{rec}");
}

//! q27a item 7 (review26 R9): an output path under a file (`-o afile/x/r.json` where
//! `afile` is a regular file) names the file in the way, for every command that writes
//! files: verify, report, export, repro, demo (its report and its recording), probe and
//! proxy (their recordings). Real files, the built binary; the file in the way is kept.

use crate::proxy_process;

use proxy_process::run_in;

/// The one line every command says for `afile/x/NAME`, after its own prefix.
fn named(name: &str) -> String {
    format!(
        "afile is a file, not a directory, so afile/x/{name} cannot be created under it (Not a directory); pick a path whose directories are directories, or move afile away"
    )
}

#[test]
fn a_file_in_the_output_path_is_named() {
    let dir = tempfile::tempdir().unwrap();
    let cwd = dir.path();
    std::fs::write(cwd.join("afile"), b"keep me").unwrap();
    let case = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/cases/CASE-12.jsonl");
    let runs: Vec<(Vec<&str>, &str, &str)> = vec![
        (
            vec!["verify", case, "-o", "afile/x/r.json"],
            "r.json",
            "a2a-interop: cannot write json report to afile/x/r.json: ",
        ),
        (
            vec!["report", case, "-o", "afile/x/r.md"],
            "r.md",
            "a2a-interop: cannot write markdown report to afile/x/r.md: ",
        ),
        (
            vec!["export", case, "--har", "afile/x/r.har"],
            "r.har",
            "a2a-interop: cannot write HAR to afile/x/r.har: ",
        ),
        (
            vec![
                "repro",
                case,
                "--finding",
                "TASK-STATE-003",
                "-o",
                "afile/x/min.jsonl",
            ],
            "min.jsonl",
            "a2a-interop: cannot write afile/x/min.jsonl: ",
        ),
        (
            vec!["demo", "--record", "afile/x/rec.jsonl"],
            "rec.jsonl",
            "a2a-interop: cannot create recording directory afile/x: ",
        ),
        (
            vec![
                "probe",
                "http://127.0.0.1:9",
                "--record",
                "afile/x/rec.jsonl",
            ],
            "rec.jsonl",
            "a2a-interop: cannot create recording directory afile/x: ",
        ),
        (
            vec![
                "proxy",
                "--upstream",
                "http://127.0.0.1:9",
                "--record",
                "afile/x/rec.jsonl",
            ],
            "rec.jsonl",
            "a2a-interop: cannot create recording directory afile/x: ",
        ),
        (
            vec!["demo", "-o", "afile/x/r.json", "--record", "demo.jsonl"],
            "r.json",
            // refused before the run since ux38 (demo writes its -o report at the end)
            "a2a-interop: cannot write -o afile/x/r.json: ",
        ),
    ];
    for (args, name, prefix) in runs {
        let out = run_in(cwd, &args);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        let line = err
            .lines()
            .find(|l| l.contains("Not a directory"))
            .unwrap_or_else(|| panic!("{args:?}: no line names the fault:\n{err}"));
        assert!(
            line.starts_with(&format!("{prefix}{}", named(name))),
            "{args:?}: {line}"
        );
        assert_eq!(
            std::fs::read(cwd.join("afile")).unwrap(),
            b"keep me",
            "{args:?}"
        );
    }
}

//! review29b: the session's new CLI input handling tried as a tired engineer would.
//! A SARIF report of a recording given by absolute path (or with a space in its name)
//! named it as a `file://` URI with `%20`s, and the hint said to give that URI back, which
//! no command reads (R1); the text report, the default format of `report -o r.txt`, was
//! "not a recording ... first line is neither" when given back as input (R2). Real
//! processes, real files.

use crate::proxy_process;

use proxy_process::run_in;

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// A field transcript copied to `dir/name` (one error finding, CARD-SHAPE-006).
fn transcript_in(dir: &std::path::Path, name: &str) -> std::path::PathBuf {
    let src = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/cases/field/card03-http-scheme-without-scheme.jsonl");
    let to = dir.join(name);
    std::fs::copy(src, &to).unwrap();
    to
}

/// R1: `verify /abs/dir/run x.jsonl -o r.sarif`, then `verify r.sarif`: the hint names
/// the path to give back (`'/abs/dir/run x.jsonl'`), not `file:///abs/dir/run%20x.jsonl`;
/// a relative name with a space is decoded too. The path it names reads as a recording.
#[test]
fn r1_a_sarif_report_given_as_input_names_a_path_not_a_file_uri() {
    let dir = tempfile::tempdir().unwrap();
    let rec = transcript_in(dir.path(), "run x.jsonl");
    let abs = rec.display().to_string();
    for (input, named) in [(abs.as_str(), abs.as_str()), ("run x.jsonl", "run x.jsonl")] {
        let o = run_in(dir.path(), &["verify", input, "-o", "r.sarif"]);
        assert_eq!(o.status.code(), Some(1), "{}", text(&o.stderr));
        let o = run_in(dir.path(), &["verify", "r.sarif"]);
        let err = text(&o.stderr);
        assert_eq!(o.status.code(), Some(2), "{err}");
        assert!(
            err.contains(&format!(
                "r.sarif: not a recording, transcript or HAR file: it is a SARIF report a2a-interop wrote, made from `{named}`"
            )),
            "{err}"
        );
        assert!(
            err.contains(&format!(
                "hint: give the file it was made from, '{named}': "
            )),
            "{err}"
        );
        assert!(!err.contains("file://") && !err.contains("%20"), "{err}");
        // and what it names is the recording
        let o = run_in(dir.path(), &["verify", named]);
        assert_eq!(o.status.code(), Some(1), "{}", text(&o.stderr));
    }
}

/// R2: the text report (`report rec -o r.txt`, or `verify rec > r.txt`) given back is
/// named as a text report, with or without findings, under verify, report, repro and
/// export; a transcript is still read.
#[test]
fn r2_a_text_report_given_as_input_is_named_as_a_report() {
    let dir = tempfile::tempdir().unwrap();
    transcript_in(dir.path(), "run.jsonl");
    let o = run_in(dir.path(), &["report", "run.jsonl", "-o", "r.txt"]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    // a clean recording's text report is its summary line alone
    let clean = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/golden/CARD-SHAPE-006-pass/input.jsonl");
    let o = run_in(
        dir.path(),
        &["report", clean.to_str().unwrap(), "-o", "clean.txt"],
    );
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    for file in ["r.txt", "clean.txt"] {
        for cmd in ["verify", "report", "repro", "export"] {
            let args: Vec<&str> = match cmd {
                "repro" => vec![cmd, file, "--finding", "CARD-SHAPE-006", "-o", "cut.jsonl"],
                "export" => vec![cmd, file, "--har", "out.har"],
                _ => vec![cmd, file],
            };
            let o = run_in(dir.path(), &args);
            let err = text(&o.stderr);
            assert_eq!(o.status.code(), Some(2), "{args:?}: {err}");
            assert!(
                err.contains(&format!(
                    "{file}: not a recording, transcript or HAR file: it is a text report a2a-interop wrote"
                )),
                "{args:?}: {err}"
            );
            assert!(
                err.contains("verify, report, repro and export read the traffic"),
                "{args:?}: {err}"
            );
            assert!(!err.contains("first line is neither"), "{args:?}: {err}");
        }
    }
}

/// R4: the proxy's live lines folded a finding on another hop as a repeat: the same rule,
/// pointer and words first seen on the client hop, then on `[leg upstream]` (the agent
/// behind a gateway) or another `--leg`, was never printed for that hop, though the
/// line says which hop and the reports keep the hops apart. Now each hop's first
/// occurrence is printed; a repeat on one hop still folds.
#[test]
fn r4_live_lines_print_each_hops_first_occurrence() {
    use a2a_interop::app::pipeline::LiveFold;
    use a2a_interop::verify::{Category, Evidence, Finding, Severity};
    let f = |sev: Severity, leg: Option<&str>, ex: &str| Finding {
        rule: "STREAM-END-002".into(),
        name: "stream-end".into(),
        severity: sev,
        category: Category::Streaming,
        message: "the stream ended without a final event".into(),
        help: String::new(),
        spec: vec![],
        evidence: vec![Evidence {
            seq: 7,
            exchange: Some(ex.into()),
            pointer: None,
            found: None,
        }],
        leg: leg.map(str::to_string),
    };
    for sev in [Severity::Warning, Severity::Error] {
        let mut fold = LiveFold::default();
        let t0 = std::time::Instant::now();
        assert!(fold.line_at(&f(sev, None, "e1"), t0).is_some());
        let up = fold.line_at(&f(sev, Some("upstream"), "e2"), t0);
        assert!(
            up.as_deref().is_some_and(|l| l.contains("[leg upstream]")),
            "{sev:?}: {up:?}"
        );
        // repeats on each hop fold
        assert_eq!(fold.line_at(&f(sev, None, "e3"), t0), None);
        assert_eq!(fold.line_at(&f(sev, Some("upstream"), "e4"), t0), None);
    }
}

/// R5: a UTF-32 file (`Out-File -Encoding utf32`) starts with UTF-16LE's byte order mark
/// and was named UTF-16LE, its iconv line (`-f UTF-16LE`) making garbage. Now named
/// UTF-32LE / UTF-32BE with the iconv line for that; UTF-16 stays as it was.
#[test]
fn r5_a_utf32_file_is_named_utf32_with_its_iconv_line() {
    let dir = tempfile::tempdir().unwrap();
    let rec = transcript_in(dir.path(), "run.jsonl");
    let body = std::fs::read_to_string(&rec).unwrap();
    let enc = |be: bool, wide: usize| -> Vec<u8> {
        let mut out = Vec::new();
        let bom: u32 = 0xFEFF;
        for c in std::iter::once(bom).chain(body.chars().map(|c| c as u32)) {
            let b: Vec<u8> = if wide == 4 {
                if be {
                    c.to_be_bytes().to_vec()
                } else {
                    c.to_le_bytes().to_vec()
                }
            } else {
                let c = c as u16;
                if be {
                    c.to_be_bytes().to_vec()
                } else {
                    c.to_le_bytes().to_vec()
                }
            };
            out.extend(b);
        }
        out
    };
    for (name, be, wide, enc_name) in [
        ("u32le.jsonl", false, 4, "UTF-32LE"),
        ("u32be.jsonl", true, 4, "UTF-32BE"),
        ("u16le.jsonl", false, 2, "UTF-16LE"),
    ] {
        std::fs::write(dir.path().join(name), enc(be, wide)).unwrap();
        let o = run_in(dir.path(), &["verify", name]);
        let err = text(&o.stderr);
        assert_eq!(o.status.code(), Some(2), "{err}");
        assert!(err.contains(&format!("it is {enc_name} text")), "{err}");
        assert!(
            err.contains(&format!(
                "hint: convert it to UTF-8 first: iconv -f {enc_name} -t UTF-8 {name} > "
            )),
            "{err}"
        );
    }
}

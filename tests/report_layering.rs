//! DESIGN.md module table: `report/` imports only `verify`, `record` (and `model`), and
//! neither `report/` nor `verify/` uses `proxy`, `probe`, `hyper` or `tokio::net`.

use std::path::{Path, PathBuf};

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let p = entry.unwrap().path();
        if p.is_dir() {
            rust_files(&p, out);
        } else if p.extension().is_some_and(|e| e == "rs") {
            out.push(p);
        }
    }
}

fn sources(module: &str) -> Vec<(PathBuf, String)> {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("src")
        .join(module);
    let mut files = Vec::new();
    rust_files(&root, &mut files);
    assert!(!files.is_empty(), "no sources under {}", root.display());
    files
        .into_iter()
        .map(|p| {
            let text = std::fs::read_to_string(&p).unwrap();
            (p, text)
        })
        .collect()
}

const BANNED: &[&str] = &[
    "crate::proxy",
    "crate::probe",
    "hyper::",
    "tokio::net",
    "crate::app",
];

fn banned_in(text: &str) -> Option<&'static str> {
    BANNED.iter().copied().find(|b| text.contains(b))
}

/// Modules of `crate::x` paths in `text` outside verify, record, model, report.
fn foreign_imports(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut rest = text;
    while let Some(pos) = rest.find("crate::") {
        let after = &rest[pos + "crate::".len()..];
        let module: String = after
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
            .collect();
        if !["verify", "record", "model", "report"].contains(&module.as_str()) {
            out.push(module);
        }
        rest = after;
    }
    out
}

#[test]
fn the_scanners_catch_violations() {
    assert_eq!(
        banned_in("use crate::proxy::TeeBody;"),
        Some("crate::proxy")
    );
    assert_eq!(
        banned_in("let s = tokio::net::TcpStream::connect(a);"),
        Some("tokio::net")
    );
    assert_eq!(banned_in("use crate::record::Event;"), None);
    assert_eq!(
        foreign_imports("use crate::probe::Plan; use crate::verify::Finding;"),
        ["probe"]
    );
}

#[test]
fn report_and_verify_stay_off_the_network_layers() {
    for module in ["report", "verify"] {
        for (path, text) in sources(module) {
            if let Some(b) = banned_in(&text) {
                panic!("{} uses {b} (DESIGN.md module table)", path.display());
            }
        }
    }
}

#[test]
fn report_imports_only_verify_record_model() {
    for (path, text) in sources("report") {
        let bad = foreign_imports(&text);
        assert!(bad.is_empty(), "{} imports crate::{bad:?}", path.display());
    }
}

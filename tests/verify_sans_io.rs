//! The verifier and the A2A model are sans-IO (DESIGN.md module table): no tokio, hyper,
//! sockets, files, clock, nor the proxy / probe modules, under `src/verify` and `src/model`.

use std::path::Path;

#[test]
fn verify_and_model_are_sans_io() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let forbidden = [
        "tokio",
        "hyper",
        "std::net::TcpStream",
        "std::fs",
        "std::time::Instant",
        "SystemTime",
        "chrono::Utc::now",
        "crate::proxy",
        "crate::probe",
        "crate::app",
    ];
    let mut files = Vec::new();
    let mut dirs = vec![root.join("verify"), root.join("model")];
    // every `.rs` file below both folders: the verifier's rules live in child modules
    // (src/verify/engine/*.rs) since session 37
    while let Some(dir) = dirs.pop() {
        for e in std::fs::read_dir(&dir).unwrap().flatten() {
            let path = e.path();
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_some_and(|x| x == "rs") {
                files.push(path);
            }
        }
    }
    assert!(
        files
            .iter()
            .any(|p| p.ends_with("verify/engine/streams.rs")),
        "the walk reaches the engine's child modules"
    );
    for path in &files {
        let text = std::fs::read_to_string(path).unwrap();
        // Code only: drop the module doc block and comment lines.
        let code = match text.find("*/") {
            Some(i) if text.trim_start().starts_with("/*!") => &text[i + 2..],
            _ => &text[..],
        };
        let text: String = code
            .lines()
            .filter(|l| !l.trim_start().starts_with("//"))
            .collect::<Vec<_>>()
            .join("\n");
        for f in forbidden {
            assert!(!text.contains(f), "{} uses {f}", path.display());
        }
    }
}

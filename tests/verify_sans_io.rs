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
    for dir in ["verify", "model"] {
        for e in std::fs::read_dir(root.join(dir)).unwrap().flatten() {
            let text = std::fs::read_to_string(e.path()).unwrap();
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
                assert!(!text.contains(f), "{} uses {f}", e.path().display());
            }
        }
    }
}

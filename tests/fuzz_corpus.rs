//! Fuzz smoke run in plain `cargo test` (issue 7): every committed corpus file under
//! `fuzz/corpus/<target>/` and every crash input kept under `fuzz/regressions/<target>/`
//! goes through the same target body the cargo-fuzz target runs
//! (`a2a_interop::fuzz_targets`). A panic here is a fuzz finding that came back.

use std::path::{Path, PathBuf};

use a2a_interop::fuzz_targets::{self, TARGETS};

fn files(dir: &Path) -> Vec<PathBuf> {
    let Ok(rd) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut out: Vec<PathBuf> = rd
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.is_file())
        .collect();
    out.sort();
    out
}

fn replay(kind: &str) -> usize {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("fuzz")
        .join(kind);
    let mut n = 0;
    for t in TARGETS {
        for f in files(&root.join(t)) {
            let data = std::fs::read(&f).unwrap();
            let r = std::panic::catch_unwind(|| fuzz_targets::run(t, &data));
            assert!(
                matches!(r, Ok(true)),
                "fuzz target {t} panicked on {}",
                f.display()
            );
            n += 1;
        }
    }
    n
}

#[test]
fn every_committed_corpus_file_runs_through_its_target() {
    // Every target has a corpus: an empty directory would make this test pass vacuously.
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("fuzz/corpus");
    for t in TARGETS {
        let n = files(&root.join(t)).len();
        assert!(n > 0, "fuzz/corpus/{t} is empty");
    }
    let n = replay("corpus");
    eprintln!("{n} corpus files replayed");
}

#[test]
fn every_kept_crash_input_runs_through_its_target() {
    replay("regressions");
}

#[test]
fn the_targets_are_the_ones_fuzz_cargo_toml_declares() {
    let toml =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("fuzz/Cargo.toml"))
            .unwrap();
    for t in TARGETS {
        assert!(
            toml.contains(&format!("name = \"{t}\"")),
            "{t} not in fuzz/Cargo.toml"
        );
        assert!(fuzz_targets::run(t, b""));
    }
    assert!(!fuzz_targets::run("no-such-target", b""));
}

#[test]
fn the_sse_target_decodes_a_stream_cut_inside_a_crlf_pair_alike() {
    // A stream with two events (so the equality the target asserts compares something),
    // cut inside the first CRLF pair and inside the second event.
    let stream = b"data: {\"a\":1}\r\n\r\ndata: x\r\n\r\n";
    let mut whole = a2a_interop::model::sse::SseDecoder::new();
    let mut items = whole.push(stream);
    items.extend(whole.finish());
    assert_eq!(items.len(), 2, "{items:?}");
    let mut input = vec![2u8, 120, 200];
    input.extend_from_slice(stream);
    fuzz_targets::sse_decoder(&input);
}

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

/// The other way round (fuzz40): every `[[bin]]` of `fuzz/Cargo.toml` (what the CI fuzz
/// smoke runs, via `cargo fuzz list`) and every file in `fuzz/fuzz_targets/` is one of
/// [`TARGETS`], and every directory under `fuzz/corpus/` and `fuzz/regressions/` is named
/// for one: the replay above walks [`TARGETS`], so a target or a kept crash input outside
/// it would not be replayed, silently.
#[test]
fn every_declared_target_and_input_directory_is_replayed() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("fuzz");
    let toml = std::fs::read_to_string(root.join("Cargo.toml")).unwrap();
    let mut section = "";
    let mut bins = Vec::new();
    for line in toml.lines().map(str::trim) {
        if line.starts_with('[') {
            section = line;
        } else if let Some(v) = line.strip_prefix("name = ") {
            if section == "[[bin]]" {
                bins.push(v.trim_matches('"').to_string());
            }
        }
    }
    assert_eq!(
        bins.len(),
        TARGETS.len(),
        "fuzz/Cargo.toml [[bin]]s: {bins:?}"
    );
    for b in &bins {
        assert!(
            TARGETS.contains(&b.as_str()),
            "fuzz/Cargo.toml declares {b}, not in TARGETS"
        );
    }
    for f in files(&root.join("fuzz_targets")) {
        let stem = f.file_stem().and_then(|s| s.to_str()).unwrap_or_default();
        assert!(
            TARGETS.contains(&stem),
            "{} is not one of TARGETS",
            f.display()
        );
    }
    for kind in ["corpus", "regressions"] {
        for e in std::fs::read_dir(root.join(kind)).unwrap() {
            let p = e.unwrap().path();
            let name = p.file_name().and_then(|s| s.to_str()).unwrap_or_default();
            assert!(
                p.is_dir() && TARGETS.contains(&name),
                "fuzz/{kind}/{name} is not a target's directory: never replayed"
            );
        }
    }
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

/// Mutation smoke run (issue 7: "keep a short fuzz smoke run in CI"): plain `cargo test` has
/// no libFuzzer, so each committed corpus file is mutated a few times with libFuzzer's
/// simplest moves (bit flip, byte set to an interesting value, insert, erase, truncate,
/// splice with another file of the same target, duplicate a slice) from a fixed seed, and
/// every mutant goes through its target body. Not coverage-guided; it catches a panic on
/// inputs near the corpus that the last `cargo fuzz` run did not keep. Deterministic: a
/// failure names the file and mutant number, reproducible with the same seed.
#[test]
fn mutated_corpus_files_run_through_their_targets() {
    use proptest::prelude::Rng;
    use proptest::test_runner::{RngAlgorithm, TestRng};

    const MUTANTS_PER_FILE: usize = 3;
    const INTERESTING: &[u8] = b"\0\n\r\"\\{}[]:,-0 \xff\x7f";
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("fuzz/corpus");
    let mut rng = TestRng::from_seed(RngAlgorithm::ChaCha, &[7u8; 32]);
    let mut runs = 0usize;
    for t in TARGETS {
        let paths = files(&root.join(t));
        let inputs: Vec<Vec<u8>> = paths.iter().map(|p| std::fs::read(p).unwrap()).collect();
        for (i, base) in inputs.iter().enumerate() {
            for m in 0..MUTANTS_PER_FILE {
                let mut d = base.clone();
                // One to four moves per mutant.
                for _ in 0..=(rng.next_u32() % 4) {
                    let at = |len: usize, r: u32| if len == 0 { 0 } else { r as usize % len };
                    match rng.next_u32() % 7 {
                        0 if !d.is_empty() => {
                            let k = at(d.len(), rng.next_u32());
                            d[k] ^= 1 << (rng.next_u32() % 8);
                        }
                        1 if !d.is_empty() => {
                            let k = at(d.len(), rng.next_u32());
                            d[k] = INTERESTING[rng.next_u32() as usize % INTERESTING.len()];
                        }
                        2 => {
                            let k = at(d.len() + 1, rng.next_u32());
                            let b = INTERESTING[rng.next_u32() as usize % INTERESTING.len()];
                            d.insert(k.min(d.len()), b);
                        }
                        3 if !d.is_empty() => {
                            let k = at(d.len(), rng.next_u32());
                            let n = (1 + rng.next_u32() as usize % 16).min(d.len() - k);
                            d.drain(k..k + n);
                        }
                        4 => {
                            let k = at(d.len() + 1, rng.next_u32());
                            d.truncate(k);
                        }
                        5 => {
                            // Splice: our head, another file's tail.
                            let other = &inputs[rng.next_u32() as usize % inputs.len()];
                            let k = at(d.len() + 1, rng.next_u32()).min(d.len());
                            let j = at(other.len() + 1, rng.next_u32()).min(other.len());
                            d.truncate(k);
                            d.extend_from_slice(&other[j..]);
                        }
                        _ if !d.is_empty() => {
                            let k = at(d.len(), rng.next_u32());
                            let n = (1 + rng.next_u32() as usize % 64).min(d.len() - k);
                            let slice = d[k..k + n].to_vec();
                            let to = at(d.len() + 1, rng.next_u32()).min(d.len());
                            d.splice(to..to, slice);
                        }
                        _ => d.push(b'{'),
                    }
                }
                let r = std::panic::catch_unwind(|| fuzz_targets::run(t, &d));
                assert!(
                    matches!(r, Ok(true)),
                    "fuzz target {t} panicked on mutant {m} of {} ({} bytes): {:?}",
                    paths[i].display(),
                    d.len(),
                    String::from_utf8_lossy(&d[..d.len().min(400)])
                );
                runs += 1;
            }
        }
    }
    assert!(
        runs >= 3 * 1000,
        "only {runs} mutants ran: corpus too small"
    );
    eprintln!("{runs} mutants ran");
}

mod grpc_mutations {
    //! The `grpc` target on random mutations of its committed seeds (real SDK gRPC calls and
    //! the gRPC goldens): flipped bytes, cut bodies and spliced prefixes must never panic the
    //! decoders or the verifier (GRPC-001: bad input is a finding, not a crash).
    use super::*;
    use proptest::prelude::*;

    fn seeds() -> Vec<Vec<u8>> {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("fuzz/corpus/grpc");
        files(&dir)
            .into_iter()
            .map(|p| std::fs::read(p).unwrap())
            .collect()
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(400))]
        #[test]
        fn mutated_grpc_calls_never_panic(
            pick in any::<usize>(),
            flips in proptest::collection::vec((any::<usize>(), any::<u8>()), 0..8),
            cut in any::<usize>(),
        ) {
            let seeds = seeds();
            prop_assume!(!seeds.is_empty());
            let mut data = seeds[pick % seeds.len()].clone();
            for (at, b) in flips {
                if !data.is_empty() {
                    let n = data.len();
                    data[at % n] ^= b;
                }
            }
            let n = data.len();
            data.truncate(n - cut % (n / 4 + 1));
            prop_assert!(fuzz_targets::run("grpc", &data));
        }
    }
}

/// The differential targets stay quiet on legal and on refused input of every kind they
/// compare (session 37): a recording with a blank line, CRLF, escaped bodies, an event
/// without its `exchange`, an unknown event type and a torn last line (the reader, the
/// reader through a small buffer and serde_json alone stop at the same line with the same
/// words); JSON texts with a repeated member, a lone surrogate escape, nesting past the fast
/// parser's depth and serde_json's, numbers at the integer edges, and broken texts.
#[test]
fn the_differential_targets_accept_what_both_readers_agree_on() {
    use a2a_interop::record::jsonl::{encode_header, RecordingReader};
    use a2a_interop::record::{CaptureMode, RecordingHeader};
    let mut header = Vec::new();
    encode_header(&RecordingHeader::new(CaptureMode::Reverse), &mut header);
    let header = String::from_utf8(header).unwrap();
    let head = r#"{"seq":1,"t_us":2,"exchange":"e1","type":"request_head","method":"POST","url":"http://a/","headers":[["content-type","application/json"]]}"#;
    let body = r#"{"seq":2,"t_us":3,"exchange":"e1","type":"request_body","body":"{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"x\\u00e9\"}"}"#;
    let crlf = "{\"seq\":3,\"t_us\":4,\"exchange\":\"e1\",\"type\":\"response_head\",\"status\":200,\"headers\":[]}\r";
    for tail in [
        "",
        "\n   \n",
        r#"{"seq":4,"t_us":5,"type":"response_chunk","body":"x"}"#,
        r#"{"seq":4,"t_us":5,"exchange":"e1","type":"no_such_kind"}"#,
        r#"{"seq":4,"t_us":5,"exchange":"e1","type":"response_chunk","body":"\ud800"}"#,
        r#"{"seq":4,"t_us":5,"exchange":"e1","type":"response_chunk","body":"cut"#,
    ] {
        let rec = format!("{header}{head}\n{body}\n\n{crlf}\n{tail}\n{head}");
        // the header reads and the three legal events come first: the comparison ran
        let read = RecordingReader::new(rec.as_bytes()).unwrap();
        assert!(read.take(3).all(|e| e.is_ok()), "{rec}");
        assert!(
            fuzz_targets::run("native_recording", rec.as_bytes()),
            "{rec}"
        );
    }
    let deep = |n: usize| "[".repeat(n) + &"]".repeat(n);
    for text in [
        r#"{"a":1,"b":{"c":[true,null]},"a":2}"#.to_string(),
        r#"{"error":null,"error":{"code":-32600},"id":"\u0031"}"#.into(),
        r#"{"text":"\ud83d","kind":"\ud83d\ude00"}"#.into(),
        r#"[18446744073709551615,18446744073709551616,-9223372036854775808,-9223372036854775809,-0,1e400]"#.into(),
        r#"{"id":1,}"#.into(),
        "\"\u{e9}\\/\\n\"".into(),
        deep(100),
        deep(101),
        deep(129),
        String::new(),
    ] {
        assert!(fuzz_targets::run("json_model", text.as_bytes()), "{text}");
    }
    assert!(fuzz_targets::run("json_model", b"{\"a\":\"\xff\"}"));
}

//! Fuzz-style property tests for the three traffic readers (issue 7, item 5; cargo-fuzz
//! needs nightly): the native recording reader (`record::jsonl`), the transcript reader
//! (`record::transcript`) and the HAR reader (`record::har`). Random bytes and mutated valid
//! files (real SDK captures from `tests/captures/`) must give events or an error, never a
//! panic; whatever events come out must feed the verifier without a panic either.

use std::path::Path;

use a2a_interop::record::jsonl::{encode_event, encode_header, RecordingReader};
use a2a_interop::record::{har, source, transcript};
use a2a_interop::verify::Verifier;
use proptest::prelude::*;

fn capture(name: &str) -> Vec<u8> {
    std::fs::read(
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/captures")
            .join(name),
    )
    .unwrap()
}

/// The capture's events (`tests/captures/` holds transcripts), as native recording lines.
fn native() -> Vec<u8> {
    let p =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/captures/js-to-js-jsonrpc-v0.3.jsonl");
    let src = source::open(&p).unwrap();
    let mut out = Vec::new();
    encode_header(&src.header, &mut out);
    for e in src.events {
        encode_event(&e.unwrap(), &mut out);
    }
    out
}

/// A real SDK-to-SDK capture in the transcript format (`TRANSCRIPT.md`).
fn transcript_text() -> Vec<u8> {
    capture("js-to-js-jsonrpc-v0.3.jsonl")
}

fn har_text() -> Vec<u8> {
    let p =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/captures/js-to-js-jsonrpc-v0.3.jsonl");
    let src = source::open(&p).unwrap();
    let header = src.header.clone();
    let events: Vec<_> = src.events.map(|e| e.unwrap()).collect();
    serde_json::to_vec(&har::export(&header, events.iter())).unwrap()
}

/// Applies `edits` (position fraction, new byte, op) to `base`: overwrite, insert, delete.
fn mutate(base: &[u8], edits: &[(f64, u8, u8)]) -> Vec<u8> {
    let mut out = base.to_vec();
    for &(pos, byte, op) in edits {
        let i = ((out.len() as f64) * pos) as usize;
        match op % 3 {
            0 if i < out.len() => out[i] = byte,
            1 => out.insert(i.min(out.len()), byte),
            _ if i < out.len() => {
                out.remove(i);
            }
            _ => {}
        }
    }
    out
}

fn run_native(bytes: &[u8]) {
    if let Ok(r) = RecordingReader::new(bytes) {
        let mut v = Verifier::new(r.header());
        for ev in r {
            match ev {
                Ok(ev) => {
                    v.feed(&ev);
                }
                Err(_) => break,
            }
        }
        let _ = v.finish();
    }
}

/// A text reader: transcript or HAR, whole file to header and events.
type TextReader = fn(
    &str,
) -> anyhow::Result<(
    a2a_interop::record::RecordingHeader,
    Vec<a2a_interop::record::Event>,
)>;

fn run_text(bytes: &[u8], read: TextReader) {
    let text = String::from_utf8_lossy(bytes);
    if let Ok((h, events)) = read(&text) {
        let mut v = Verifier::new(&h);
        for ev in &events {
            v.feed(ev);
        }
        let _ = v.finish();
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, .. ProptestConfig::default() })]

    #[test]
    fn random_bytes_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..2048)) {
        run_native(&bytes);
        run_text(&bytes, transcript::read);
        run_text(&bytes, har::read);
    }

    #[test]
    fn mutated_native_recordings_never_panic(edits in proptest::collection::vec((0.0f64..1.0, any::<u8>(), any::<u8>()), 1..24)) {
        run_native(&mutate(&native(), &edits));
    }

    #[test]
    fn mutated_transcripts_never_panic(edits in proptest::collection::vec((0.0f64..1.0, any::<u8>(), any::<u8>()), 1..24)) {
        run_text(&mutate(&transcript_text(), &edits), transcript::read);
    }

    #[test]
    fn mutated_har_files_never_panic(edits in proptest::collection::vec((0.0f64..1.0, any::<u8>(), any::<u8>()), 1..24)) {
        run_text(&mutate(&har_text(), &edits), har::read);
    }
}

#[test]
fn the_valid_inputs_used_above_do_parse() {
    // The mutations start from files that parse: otherwise the tests above only ever
    // exercise the first error path.
    let n = native();
    let r = RecordingReader::new(&n[..]).unwrap();
    assert!(r.count() > 5);
    let (_, ev) = transcript::read(&String::from_utf8(transcript_text()).unwrap()).unwrap();
    assert!(ev.len() > 5);
    let (_, ev) = har::read(&String::from_utf8(har_text()).unwrap()).unwrap();
    assert!(ev.len() > 5);
}

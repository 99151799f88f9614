//! `a2a-interop export FILE --har OUT`: HAR 1.2 with `_sseEvents`, and HAR import that
//! gives back exactly the recorded events (round trip), also through `verify`.

use crate::child_guard;
use crate::common;
use crate::report_support;

use common::{assert_exit, bin};

use a2a_interop::record::jsonl::{encode_event, encode_header, RecordingReader};
use a2a_interop::record::{har, Body, CaptureMode, Event, EventKind};
use bytes::Bytes;
use serde_json::Value;

/// The shared recording plus events outside exchanges and a binary, truncated chunk.
fn rich_recording(dir: &std::path::Path) -> (std::path::PathBuf, Vec<Event>) {
    let (mut evs, _) = report_support::events();
    let n = evs.len() as u64;
    evs.insert(
        0,
        Event {
            seq: 0,
            t_us: 0,
            exchange: None,
            leg: None,
            kind: EventKind::ConnOpen {
                conn: 1,
                peer: "127.0.0.1:50000".into(),
                local: "127.0.0.1:8080".into(),
                tls: false,
            },
        },
    );
    for (i, e) in evs.iter_mut().enumerate() {
        e.seq = i as u64 + 1;
    }
    // e3's second chunk becomes binary and truncated; a gap at the end.
    if let Some(e) = evs
        .iter_mut()
        .rfind(|e| matches!(e.kind, EventKind::ResponseChunk { .. }))
    {
        e.kind = EventKind::ResponseChunk {
            body: Body {
                data: Bytes::from_static(&[0xff, 0xfe, b'\n', b'\n']),
                truncated: true,
            },
        };
    }
    evs.push(Event {
        seq: n + 2,
        t_us: 999_999,
        exchange: None,
        leg: None,
        kind: EventKind::Gap {
            dropped_events: 3,
            dropped_bytes: 120,
            reason: Some("queue full".into()),
        },
    });
    let mut out = Vec::new();
    encode_header(&report_support::header(), &mut out);
    for e in &evs {
        encode_event(e, &mut out);
    }
    let p = dir.join("rich.jsonl");
    std::fs::write(&p, out).unwrap();
    (p, evs)
}

/// `a2a-interop export RECORDING --har OUT`.
fn export_har(rec: &std::path::Path, out: &std::path::Path) -> std::process::Output {
    bin()
        .args([
            "export",
            rec.to_str().unwrap(),
            "--har",
            out.to_str().unwrap(),
        ])
        .output()
        .unwrap()
}

#[test]
fn export_then_import_gives_back_the_same_events() {
    let d = tempfile::tempdir().unwrap();
    let (rec, evs) = rich_recording(d.path());
    let out = d.path().join("out.har");
    let o = export_har(&rec, &out);
    assert_exit(&o, 0);
    let text = std::fs::read_to_string(&out).unwrap();
    let doc: Value = serde_json::from_str(&text).unwrap();
    assert_eq!(doc["log"]["version"], "1.2");
    let entries = doc["log"]["entries"].as_array().unwrap();
    assert_eq!(entries.len(), 3);
    // Success is said on stderr, naming the file and its entry count (ux20 N9).
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(
        err.trim_end(),
        format!(
            "a2a-interop: wrote {} (3 HAR entries, one per exchange) from {}",
            out.display(),
            rec.display()
        ),
        "{err}"
    );
    assert_eq!(entries[0]["request"]["method"], "GET");
    assert_eq!(entries[0]["response"]["status"], 200);
    assert_eq!(entries[0]["startedDateTime"], "2026-11-30T04:00:00.001500Z");
    assert_eq!(
        entries[1]["request"]["postData"]["mimeType"],
        "application/json"
    );
    // The stream: the first SSE event is decoded; the binary chunk is base64 content.
    let sse = entries[2]["_sseEvents"].as_array().unwrap();
    assert_eq!(sse.len(), 1, "{sse:#?}");
    assert!(sse[0]["data"].as_str().unwrap().contains("\"working\""));
    assert!(sse[0]["time"].as_f64().unwrap() > 1.7e9);
    assert_eq!(entries[2]["response"]["content"]["encoding"], "base64");

    let (header, back) = har::read(&text).unwrap();
    assert_eq!(header.mode, CaptureMode::Har);
    assert_eq!(header.started_at, report_support::header().started_at);
    assert_eq!(back, evs, "HAR round trip changed the events");

    // The original recording reads the same, for comparison.
    let f = std::fs::File::open(&rec).unwrap();
    let orig: Vec<Event> = RecordingReader::new(std::io::BufReader::new(f))
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap();
    assert_eq!(orig, evs);
}

#[test]
fn verify_reads_an_exported_har() {
    let d = tempfile::tempdir().unwrap();
    let rec = report_support::write_recording(d.path());
    let out = d.path().join("out.har");
    let o = export_har(&rec, &out);
    assert_eq!(o.status.code(), Some(0));
    let o = bin()
        .args(["report", out.to_str().unwrap(), "-f", "json"])
        .output()
        .unwrap();
    assert_exit(&o, 0);
    let doc: Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(doc["source"]["format"], "har");
    assert_eq!(doc["counts"]["exchanges"], 3);
    assert_eq!(doc["counts"]["sseEvents"], 2);
}

#[test]
fn export_errors_exit_2_with_one_line() {
    let d = tempfile::tempdir().unwrap();
    let o = bin()
        .args(["export", "/nonexistent/x.jsonl", "--har", "-"])
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr).into_owned();
    assert_eq!(err.lines().count(), 1, "{err}");
    let rec = report_support::write_recording(d.path());
    let blocker = d.path().join("f");
    std::fs::write(&blocker, "x").unwrap();
    let o = export_har(&rec, &blocker.join("o.har"));
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("cannot write HAR"));
}

mod har_robust {
    use super::*;
    use proptest::prelude::*;

    /// Every JSON Pointer to a value inside `v`.
    fn pointers(v: &Value, at: String, out: &mut Vec<String>) {
        out.push(at.clone());
        match v {
            Value::Object(m) => {
                for (k, x) in m {
                    pointers(
                        x,
                        format!("{at}/{}", k.replace('~', "~0").replace('/', "~1")),
                        out,
                    );
                }
            }
            Value::Array(a) => {
                for (i, x) in a.iter().enumerate() {
                    pointers(x, format!("{at}/{i}"), out);
                }
            }
            _ => {}
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(200))]
        /// A HAR written by export, with any one value replaced by junk, is read or refused
        /// with an error; never a panic.
        #[test]
        fn damaged_har_never_panics(pick in any::<prop::sample::Index>(), junk in prop_oneof![
            Just(Value::Null),
            Just(serde_json::json!(-1)),
            Just(serde_json::json!(1e300)),
            Just(serde_json::json!("")),
            Just(serde_json::json!("not base64 ~~")),
            Just(serde_json::json!([])),
            Just(serde_json::json!({})),
            Just(serde_json::json!(18446744073709551615u64)),
        ]) {
            let (evs, _) = report_support::events();
            let mut doc = har::export(&report_support::header(), &evs);
            let mut ptrs = Vec::new();
            pointers(&doc, String::new(), &mut ptrs);
            let p = &ptrs[pick.index(ptrs.len())];
            if p.is_empty() {
                doc = junk;
            } else if let Some(slot) = doc.pointer_mut(p) {
                *slot = junk;
            }
            let _ = har::read(&doc.to_string());
        }

        #[test]
        fn any_text_never_panics(s in ".{0,200}") {
            let _ = har::read(&s);
        }
    }
}

#[test]
fn export_reads_standard_input_like_verify() {
    use std::io::Write;
    let d = tempfile::tempdir().unwrap();
    let rec = report_support::write_recording(d.path());
    let mut child = child_guard::ChildGuard::spawn(
        bin()
            .args(["export", "-", "--har", "-"])
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped()),
    );
    child
        .stdin
        .take()
        .unwrap()
        .write_all(&std::fs::read(&rec).unwrap())
        .unwrap();
    let o = child.output_within(std::time::Duration::from_secs(60), "export -");
    assert_exit(&o, 0);
    let doc: Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(doc["log"]["entries"].as_array().unwrap().len(), 3);
    // Not a traffic file on stdin: one line naming `-`.
    let mut child = child_guard::ChildGuard::spawn(
        bin()
            .args(["export", "-", "--har", "-"])
            .stdin(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped()),
    );
    child.stdin.take().unwrap().write_all(b"hello\n").unwrap();
    let o = child.output_within(std::time::Duration::from_secs(60), "export -");
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.starts_with("a2a-interop: -: not a recording"), "{err}");
}

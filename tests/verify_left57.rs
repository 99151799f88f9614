//! left57: last session's known misses in the verifier, in the order the lead gave them.
//! The variants `l57-*` (tests/cases/variants) hold the transcripts; verify_cases judges
//! their rules, these tests their words.

use crate::common;

// Item 1 (STREAM-003, DATA-001, DATA-005; f1174, nexent PR #3576): STREAM-SHAPE-001 named
// the distinct problems of the first malformed event of a stream only; a later event's
// other problems were dropped (the rule fires once per stream).

/// f1174's stream with three later events: one STREAM-SHAPE-001 names the second event's
/// two problems, then the fourth event's empty artifact and the fifth's timestamp, each
/// with its event, and the third event's repeat of the missing messageId not again; its
/// evidence points at the three events. Fails before left57 (the finding ended at the
/// second event's role, one evidence).
#[test]
fn a_stream_shape_finding_names_the_problems_of_later_events() {
    let f = common::variant_finding(
        "l57-1-v10-stream-shape-problems-in-later-events",
        "STREAM-SHAPE-001",
    );
    let m = &f.message;
    assert!(
        m.starts_with("stream update event is malformed: message has no messageId; message role \"agent\" is not ROLE_USER or ROLE_AGENT")
            && m.contains("(event 2 of the stream); also: stream update event is malformed: artifact has no parts (1.0 requires at least one) (event 4); stream update event is malformed: status timestamp \"2026-03-02 10:15:03\" is not an RFC 3339 date-time with a zone")
            && m.ends_with("(event 5)"),
        "{m}"
    );
    assert_eq!(m.matches("has no messageId").count(), 1, "{m}");
    assert_eq!(f.evidence.len(), 3, "{:?}", f.evidence);
}

/// A stream whose later events repeat the first's fault (with another value) keeps the
/// first event's words alone: the same fault is not a new problem.
#[test]
fn a_stream_shape_fault_repeated_by_later_events_is_named_once() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/cases/field/f1174-v10-stream-status-message-without-message-id.jsonl");
    let text = std::fs::read_to_string(&path).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    // the status event again, with another role spelling and text: the same two faults
    let again = lines[5]
        .replace("\\\"agent\\\"", "\\\"assistant\\\"")
        .replace("Which day suits you?", "Tuesday?");
    let mut out = lines[..6].join("\n");
    out.push('\n');
    out.push_str(&again);
    out.push('\n');
    out.push_str(lines[6]);
    out.push('\n');
    let file = std::env::temp_dir().join(format!(
        "left57-repeat-{}-{:?}.jsonl",
        std::process::id(),
        std::thread::current().id()
    ));
    std::fs::write(&file, out).unwrap();
    let v = common::verify_file(&file);
    let _ = std::fs::remove_file(&file);
    let m = common::only_message(&v, "STREAM-SHAPE-001");
    assert!(!m.contains("also:") && !m.contains("(event"), "{m}");
}

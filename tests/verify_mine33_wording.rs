//! mine33 (round thirty-two: artifacts over time): what TASK-STATE-010 (stored-artifact-lost)
//! and the task shape finding say when a stored task is read back after a chunked stream.
//! A task listing one artifactId per chunk (trpc-a2a-go PR #125) is told how often the id
//! repeats and what the store should have done, and is not also read as an artifact that
//! lost its appended chunks; an empty text part (the closing chunk's `{"text": ""}`,
//! strands-agents PR #1643) is no content a store must keep, on either side of the
//! comparison. Rules and severities are checked by `verify_cases`.

use crate::common;

use a2a_interop::verify::Severity;
use common::{only_message as message, variant_errors_and_warnings, variant_message};

#[test]
fn chunks_stored_as_fragments_are_the_shape_error_only() {
    let out = common::verify_field("f740-v10-get-task-artifact-chunks-as-fragments");
    let m = message(&out, "DATA-SHAPE-001");
    assert!(
        m.contains("artifactId \"a-125\" appears 3 times in the task (artifact ids are unique per task: a chunk with append true adds its parts to the artifact of its artifactId, it is not listed as another artifact)"),
        "{m}"
    );
    assert!(
        out.findings.iter().all(|f| f.rule != "TASK-STATE-010"),
        "f740: the first fragment was read as the whole artifact"
    );
    for name in [
        "b33a-B1-v10-rest-get-task-chunks-as-fragments",
        "b33a-B2-v03-tasks-get-chunks-as-fragments",
    ] {
        let m = variant_message(name, "DATA-SHAPE-001");
        assert!(
            m.contains("artifactId \"a-1\" appears twice in the task"),
            "{name}: {m}"
        );
        assert_eq!(
            variant_errors_and_warnings(name),
            vec!["DATA-SHAPE-001".to_string()],
            "{name}"
        );
    }
}

#[test]
fn a_store_without_the_empty_closing_part_lost_nothing() {
    let out = common::verify_field("f758-legal-v10-get-task-without-empty-closing-part");
    let loud: Vec<&str> = out
        .findings
        .iter()
        .filter(|f| f.severity != Severity::Note)
        .map(|f| f.rule.as_str())
        .collect();
    assert!(loud.is_empty(), "f758: {loud:?}");
    for name in [
        "b33a-A1-legal-v03-tasks-get-without-empty-closing-part",
        "b33a-A2-legal-v10-rest-get-task-keeps-empty-closing-part",
        "b33a-A5-legal-v10-get-task-without-empty-parts-mid-stream",
        "b33a-B3-legal-v10-get-task-chunks-reassembled",
    ] {
        assert_eq!(
            variant_errors_and_warnings(name),
            Vec::<String>::new(),
            "{name}"
        );
    }
}

#[test]
fn a_lost_chunk_with_text_is_counted_without_the_empty_parts() {
    // The kept empty closing part no longer hides the lost "timed out." (went unjudged),
    // and neither side counts it.
    for name in [
        "b33a-A3-v10-get-task-loses-chunk-keeps-empty-part",
        "b33a-A4-v10-get-task-loses-chunk-before-empty-close",
    ] {
        let m = variant_message(name, "TASK-STATE-010");
        assert!(
            m.contains("with artifact a-1 holding 1 part, but its stream delivered 2 parts of it, the later ones in chunks with append true: the stored artifact lost the appended chunks"),
            "{name}: {m}"
        );
    }
}

#[test]
fn a_snapshot_before_the_end_that_lost_appended_chunks_says_where_the_gap_goes() {
    for name in [
        "b33a-C1-v10-subscribe-snapshot-loses-appended-chunk",
        "b33a-C2-v10-rest-get-task-while-working-loses-appended-chunk",
        "b33a-C3-v03-resubscribe-snapshot-loses-appended-chunk",
    ] {
        let m = variant_message(name, "TASK-STATE-010");
        assert!(
            m.contains("with artifact a-1 holding 1 part, but its stream delivered 2 parts of it before this request, the later ones in chunks with append true: the stored artifact lost the appended chunks, so a client that resumes from this snapshot (a subscription's first Task is the task as it stands) appends the next chunks after the gap"),
            "{name}: {m}"
        );
    }
    // A snapshot asked for before the chunk, a send stream's own partial Task event and a
    // snapshot holding every chunk stay quiet.
    for name in [
        "b33a-C5-legal-v10-get-task-asked-before-chunk-arrived",
        "b33a-C6-legal-v10-send-stream-task-event-with-first-chunk-only",
    ] {
        assert_eq!(
            variant_errors_and_warnings(name),
            Vec::<String>::new(),
            "{name}"
        );
    }
    assert_eq!(
        variant_errors_and_warnings("b33a-C4-legal-v10-subscribe-snapshot-holds-appended-chunk"),
        vec!["STREAM-END-006".to_string()]
    );
}

//! streams59: stream ends round fifty-eight left open, told from transcripts. The variants
//! `s59-*` (tests/cases/variants, written by tests/cases/gen_s59.py with their predictions
//! before the fixes) hold the transcripts; verify_cases judges their rules, these tests their
//! words and their neighbours.
//!
//! Predictions (main's binary measured before the change: every fault variant below was
//! silent on its rule, and s59-5 listed the note twice):
//! - item 1: a 0.x stream still open when the capture stopped 2 s or more after its terminal
//!   event is STREAM-END-010's warning (STREAM-003 a should in 0.3, STREAM-008), the
//!   capture's stop being the close; within the grace it is listed as not judged; open before
//!   any terminal event, listed as before.
//! - item 2: a 0.x `final: true` at input-required held open (until the client left, or the
//!   capture stopped) is STREAM-END-010 too; closed at once, or on 1.0 (no final), silent.
//! - item 3: a 1.0 message reply stream held open after its Message is STREAM-END-009 (client
//!   close past the grace) or STREAM-END-003 (capture stop), as the task case (cards60:
//!   STREAM-END-003 an error past the same grace).
//! - item 5: a gRPC call answered 404 at an advertised gRPC interface gets CARD-URL-002 and no
//!   "no gRPC status to judge" note beside it.
//! - item 6: kind-less 0.x status and artifact updates are told by STREAM-SHAPE-001 (no kind)
//!   and read by their shape, so the stream's order and end are judged.

use crate::common;

use a2a_interop::verify::VerifyOutcome;

/// The findings of `out` of rule `id`, as (severity, message).
pub(crate) fn of_rule(out: &VerifyOutcome, id: &str) -> Vec<(String, String)> {
    out.findings
        .iter()
        .filter(|f| f.rule == id)
        .map(|f| (f.severity.as_str().to_string(), f.message.clone()))
        .collect()
}

/// The ids of the findings of `out` whose rule starts with `prefix`.
pub(crate) fn rules_like(out: &VerifyOutcome, prefix: &str) -> Vec<String> {
    out.findings
        .iter()
        .filter(|f| f.rule.starts_with(prefix))
        .map(|f| f.rule.clone())
        .collect()
}

/// The one finding of `id` in variant `name`, as (severity, message); panics otherwise.
pub(crate) fn only(name: &str, id: &str) -> (String, String) {
    let out = common::verify_variant(name);
    let told = of_rule(&out, id);
    assert_eq!(told.len(), 1, "{name}: {:#?}", out.findings);
    told.into_iter().next().unwrap()
}

// Item 1 (STREAM-003, STREAM-008): a 0.x stream still open at the capture's end after its
// terminal event was not judged (STREAM-END-003 is 1.0's).

#[test]
fn a_0x_stream_open_at_the_capture_end_after_its_terminal_event_is_stream_end_010() {
    for (name, held, state) in [
        (
            "s59-1-v03-open-at-capture-end-after-completed",
            "5.0",
            "completed",
        ),
        (
            "s59-1-v025-open-at-capture-end-after-failed",
            "3.5",
            "failed",
        ),
    ] {
        let (sev, m) = only(name, "STREAM-END-010");
        assert_eq!(sev, "warning", "{name}");
        assert_eq!(
            m,
            format!("stream stayed open {held} s after the terminal state {state}: the event stream's response had still not ended when the capture stopped (a task stream closes once its terminal event is sent; 2 s of grace allowed)"),
            "{name}"
        );
        let out = common::verify_variant(name);
        assert_eq!(
            rules_like(&out, "STREAM-END"),
            ["STREAM-END-010"],
            "{name}: {:#?}",
            out.findings
        );
        // judged: no longer among the streams left open without a verdict
        assert!(out.open_at_end.is_empty(), "{name}: {:#?}", out.open_at_end);
    }
}

#[test]
fn a_0x_capture_end_within_the_grace_or_before_the_terminal_event_is_not_judged() {
    let out = common::verify_variant("s59-1-legal-v03-open-at-capture-end-within-grace");
    assert!(
        rules_like(&out, "STREAM-END").is_empty(),
        "{:#?}",
        out.findings
    );
    assert_eq!(out.open_at_end.len(), 1, "{:#?}", out.open_at_end);
    let why = &out.open_at_end[0].reason;
    assert!(
        why == "the recording ended 500 ms after the event that ended the stream's cycle, with the stream still open: within the 2 s an agent is allowed to close it, end of stream not judged",
        "{why}"
    );
    let out = common::verify_variant("s59-1-legal-v03-open-at-capture-end-while-working");
    assert!(
        rules_like(&out, "STREAM-END").is_empty(),
        "{:#?}",
        out.findings
    );
    assert_eq!(out.open_at_end.len(), 1, "{:#?}", out.open_at_end);
    assert_eq!(
        out.open_at_end[0].reason,
        "the recording ended with the stream open: end of stream not judged"
    );
}

// Item 2 (STREAM-008): final: true at input-required ends a 0.x stream as a terminal state
// does; held open after it, the stream is STREAM-END-010's.

#[test]
fn a_0x_final_at_input_required_held_open_is_stream_end_010() {
    for (name, how) in [
        (
            "s59-2-v03-final-input-required-held-until-client-left",
            "the event stream's response never ended and the client closed it",
        ),
        (
            "s59-2-v03-final-input-required-open-at-capture-end",
            "the event stream's response had still not ended when the capture stopped",
        ),
    ] {
        let (sev, m) = only(name, "STREAM-END-010");
        assert_eq!(sev, "warning", "{name}");
        assert!(
            m.starts_with(&format!("stream stayed open 5.0 s after the status update with final: true in state input-required: {how} (0.x's final: true marks the last event of the stream, in an input-required or auth-required state too")),
            "{name}: {m}"
        );
        let out = common::verify_variant(name);
        assert_eq!(rules_like(&out, "STREAM-"), ["STREAM-END-010"], "{name}");
    }
    for name in [
        "s59-2-legal-v03-final-input-required-closed",
        "s59-2-legal-v10-input-required-held-until-client-left",
    ] {
        let out = common::verify_variant(name);
        assert!(
            rules_like(&out, "STREAM-").is_empty(),
            "{name}: {:#?}",
            out.findings
        );
    }
}

// Item 3 (STREAM-002): a 1.0 message reply stream is one Message, then the close.

#[test]
fn a_1_0_message_reply_stream_held_open_is_told_as_the_task_case() {
    let (sev, m) = only(
        "s59-3-v10-message-reply-held-until-client-left",
        "STREAM-END-009",
    );
    assert_eq!(sev, "error");
    assert_eq!(
        m,
        "stream stayed open 4.0 s after the Message that answered the call: the event stream's response never ended and the client closed it (a message reply stream is that one message, then the close; 2 s of grace allowed)"
    );
    // cards60: an error past the same 2 s grace (1.0 STREAM-002 is a MUST)
    let (sev, m) = only(
        "s59-3-v10-message-reply-open-at-capture-end",
        "STREAM-END-003",
    );
    assert_eq!(sev, "error");
    assert_eq!(
        m,
        "stream stayed open 4.0 s after the Message that answered the call: the event stream's response had still not ended when the capture stopped (a message reply stream is that one message, then the close; 2 s of grace allowed)"
    );
    let out = common::verify_variant("s59-3-v10-message-reply-open-at-capture-end");
    assert!(out.open_at_end.is_empty(), "{:#?}", out.open_at_end);
    for name in [
        "s59-3-legal-v10-message-reply-closed",
        "s59-3-legal-v10-message-reply-client-left-within-grace",
    ] {
        let out = common::verify_variant(name);
        assert!(
            rules_like(&out, "STREAM-").is_empty(),
            "{name}: {:#?}",
            out.findings
        );
    }
}

// Item 5: a gRPC 404 is CARD-URL-002's; the note "no gRPC status to judge" said it twice.

#[test]
fn a_grpc_404_told_by_card_url_002_gets_no_grpc_status_note() {
    let out = common::verify_variant("s59-5-v10-grpc-interface-answers-404");
    let told = of_rule(&out, "CARD-URL-002");
    assert_eq!(told.len(), 1, "{:#?}", out.findings);
    assert!(told[0].1.contains("answered HTTP 404"), "{}", told[0].1);
    let notes: Vec<&(String, String)> = out
        .incomplete
        .iter()
        .filter(|(_, why)| why.contains("no gRPC status to judge"))
        .collect();
    assert!(notes.is_empty(), "{notes:#?}");
}

// Item 6 (STREAM-003, DATA-001): kind-less 0.x stream events, read by their shape.

#[test]
fn kindless_0x_stream_events_are_told_and_judged_by_their_shape() {
    let name = "s59-6-v03-kindless-events-after-completed";
    let (sev, m) = only(name, "STREAM-SHAPE-001");
    assert_eq!(sev, "error");
    assert!(
        m.contains("payload is a bare TaskStatusUpdateEvent (taskId, status) without its oneof wrapper and without the 0.x kind"),
        "{m}"
    );
    let (sev, m) = only(name, "STREAM-END-001");
    assert_eq!(sev, "error");
    assert!(m.contains("after the terminal state completed"), "{m}");

    let name = "s59-6-v03-kindless-stream-closed-while-working";
    let (sev, _) = only(name, "STREAM-END-007");
    assert_eq!(sev, "warning");

    // PraisonAI's own form: bare events, no envelope, no Task, held open after completed
    let name = "s59-6-v03-kindless-bare-events-held-open";
    let out = common::verify_variant(name);
    let mut told = rules_like(&out, "STREAM-");
    told.sort();
    assert_eq!(
        told,
        ["STREAM-END-010", "STREAM-SHAPE-001", "STREAM-SHAPE-002"],
        "{:#?}",
        out.findings
    );
    let (_, m) = only(name, "STREAM-END-010");
    assert!(
        m.starts_with("stream stayed open 5.0 s after the terminal state completed"),
        "{m}"
    );

    let out = common::verify_variant("s59-6-legal-v03-events-with-kind");
    assert!(
        out.findings.iter().all(|f| !f.rule.starts_with("STREAM-")),
        "{:#?}",
        out.findings
    );
}

/// mine58's f1304 (PraisonAI's stream, closed after `event: done`): the kind-less events are
/// now read, so its stream is judged beyond its shape; the missing kind stays told.
#[test]
fn praisonai_f1304_stream_is_read_by_its_events_shape() {
    let out = common::verify_field("f1304-v0x-stream-named-events-without-jsonrpc-envelope");
    let shape = of_rule(&out, "STREAM-SHAPE-001");
    assert_eq!(shape.len(), 1, "{:#?}", out.findings);
    assert!(
        shape[0].1.contains("payload is a bare TaskStatusUpdateEvent (taskId, status) without its oneof wrapper and without the 0.x kind"),
        "{}",
        shape[0].1
    );
    assert_eq!(
        of_rule(&out, "STREAM-SHAPE-002").len(),
        1,
        "{:#?}",
        out.findings
    );
}

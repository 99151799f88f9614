//! breaker35 (blind adversary, round fifteen; `tests/cases/gen_b35x.py`): what the case
//! table cannot say. The rule and severity of each `b35x-*` case are checked by
//! `verify_cases` (`variants`); this checks the counts of the round, that its legal controls
//! stay silent, and what the round's fixes say:
//! - F01 (0.2, 0.3), F06, M01-M03: a 0.x follow-up naming its task with another contextId,
//!   answered in the task's own context, is no fault (ID-003, "MUST be rejected", is 1.0
//!   §3.4.3; no 0.x text asks for it); F07, M04, M05 (1.0) keep ID-CTX-002 "instead of
//!   rejecting it", and F02, F05, M06 (the task moved into the client's context) keep it in
//!   every version (ID-006).
//! - S45, M10-M13: an error event (JSON-RPC error, HTTP+JSON google.rpc.Status event) after
//!   the terminal event, or after a 0.x `final: true`, is STREAM-END-001; M14, M15 (an error
//!   as a stream's only event) stay silent.
//! - U04, M20-M22: a 1.0 SubscribeToTask stream that opens with a message is
//!   STREAM-FIRST-001 (STREAM-004), not a message reply followed by more events
//!   (STREAM-END-001); M23 (a message after the Task) stays STREAM-SHAPE-003, M24 (a send
//!   stream's one message) silent.
//! - N06, M30, M31: a last ListTasks page whose totalSize counts only its own tasks, below
//!   the earlier page's, although the pages listed every task, is DATA-LIST-004 (proto
//!   `total_size`: before pagination); M32 (a task purged between the pages) stays silent.
//! - M33-M35: a totalSize that grew while the client paged (tasks created meanwhile sort
//!   before the cursor) is no DATA-LIST-004 when the listing reached every task it started
//!   with; M36 (it did not) keeps it, naming both counts.

use crate::common;

use a2a_interop::verify::Severity;
use common::{
    one_variant as one, variant_finding as finding, variant_rules as rules, variants_without,
};

#[test]
fn the_round_has_its_cases_and_its_controls_stay_silent() {
    common::assert_blind_round("b35x-", 268, 124);
}

#[test]
fn a_0x_follow_up_with_another_context_answered_in_the_tasks_own_is_no_fault() {
    variants_without(
        &[
            "b35x-F01-legal-v02-",
            "b35x-F01-legal-v03-",
            "b35x-F06-",
            "b35x-M01-",
            "b35x-M02-",
            "b35x-M03-",
        ],
        "ID-CTX-",
    );
    // 1.0: ID-003 MUST reject, in every binding
    for p in ["b35x-F07-", "b35x-M04-", "b35x-M05-"] {
        let n = one(p);
        let f = finding(&n, "ID-CTX-002");
        assert_eq!(f.severity, Severity::Error, "{n}");
        assert!(
            f.message.contains(
                "message named task t1 with contextId c2, but the task belongs to context c1"
            ) && f.message.contains("instead of rejecting it with an error")
                && f.message.contains("ID-003"),
            "{n}: {}",
            f.message
        );
    }
    // moving the task into the client's context is ID-006 in every version
    for p in ["b35x-F02-v02-", "b35x-F02-v03-", "b35x-F05-", "b35x-M06-"] {
        let n = one(p);
        assert_eq!(finding(&n, "ID-CTX-002").severity, Severity::Error, "{n}");
    }
}

#[test]
fn an_error_event_after_the_terminal_event_is_an_event_after_the_end() {
    for (p, what, end) in [
        (
            "b35x-S45-",
            "a JSON-RPC error (-32603)",
            "TASK_STATE_COMPLETED",
        ),
        (
            "b35x-M10-",
            "an HTTP+JSON error event",
            "TASK_STATE_COMPLETED",
        ),
        ("b35x-M11-", "a JSON-RPC error (-32603)", "completed"),
        (
            "b35x-M12-",
            "a JSON-RPC error (-32001)",
            "TASK_STATE_COMPLETED",
        ),
        (
            "b35x-M13-",
            "a JSON-RPC error (-32603)",
            "input-required (final: true)",
        ),
    ] {
        let n = one(p);
        let f = finding(&n, "STREAM-END-001");
        assert!(
            f.message.contains(&format!(
                "stream sent {what} after the terminal state {end}"
            )) && f
                .message
                .contains("makes the client report the finished call as failed"),
            "{n}: {}",
            f.message
        );
        assert_eq!(f.evidence.len(), 2, "{n}: the terminal event and the error");
    }
    variants_without(&["b35x-M14-", "b35x-M15-"], "STREAM-END-");
}

#[test]
fn a_subscription_that_opens_with_a_message_does_not_start_with_the_task() {
    for p in ["b35x-U04-", "b35x-M20-", "b35x-M21-", "b35x-M22-"] {
        let n = one(p);
        let f = finding(&n, "STREAM-FIRST-001");
        assert!(
            f.message
                .contains("first event of the SubscribeToTask stream is a message, not the task")
                && f.message.contains("(STREAM-004)"),
            "{n}: {}",
            f.message
        );
        // the message is no reply that ended the stream
        assert!(!rules(&n).contains(&"STREAM-END-001".to_string()), "{n}");
    }
    let m23 = one("b35x-M23-");
    assert!(
        rules(&m23).contains(&"STREAM-SHAPE-003".to_string()),
        "{m23}"
    );
    assert!(
        !rules(&m23).contains(&"STREAM-FIRST-001".to_string()),
        "{m23}"
    );
    variants_without(&["b35x-M24-"], "STREAM-");
}

#[test]
fn a_last_page_that_counts_only_itself_is_broken_paging() {
    for (p, tok) in [
        ("b35x-N06-", "p2"),
        ("b35x-M30-", "p2"),
        ("b35x-M31-", "p3"),
    ] {
        let n = one(p);
        let f = finding(&n, "DATA-LIST-004");
        assert!(
            f.message.contains(&format!("the agent's ListTasks last page (pageToken \"{tok}\") says totalSize 1, the tasks on that page alone, where the earlier page of the same listing said 3 and the pages together listed 3"))
                && f.message.contains("before paging (proto ListTasksResponse.total_size)"),
            "{n}: {}",
            f.message
        );
    }
    variants_without(&["b35x-M32-"], "DATA-LIST-");
}

#[test]
fn tasks_added_while_the_client_pages_are_not_owed_by_the_last_page() {
    variants_without(&["b35x-M33-", "b35x-M34-", "b35x-M35-"], "DATA-LIST-");
    let n = one("b35x-M36-");
    let f = finding(&n, "DATA-LIST-004");
    assert!(
        f.message.contains("although totalSize 3 (when the client started paging; this page says 4, counting tasks added since, which sort before the cursor) counts more tasks than the 2 listed so far"),
        "{n}: {}",
        f.message
    );
}

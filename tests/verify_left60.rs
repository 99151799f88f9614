//! left60: round fifty-nine's verifier leftovers, in the order the lead gave them. The
//! variants `l60-*` (tests/cases/variants, written by tests/cases/gen_l60.py with their
//! predictions before the fixes) hold the transcripts; verify_cases judges their rules and
//! that every evidence pointer lands in the body it cites, these tests their words and their
//! neighbours.

use crate::common;

use super::verify_left55::errors;
use a2a_interop::verify::VerifyOutcome;

/// The findings of `out` of rule `id`, as (severity, message).
fn of_rule(out: &VerifyOutcome, id: &str) -> Vec<(String, String)> {
    out.findings
        .iter()
        .filter(|f| f.rule == id)
        .map(|f| (f.severity.as_str().to_string(), f.message.clone()))
        .collect()
}

// Item 1 (TASK-003, PUSH-001, ERR-002, ERR-003, REST-003): left59 made a 501 text page to an
// HTTP+JSON call on a task the agent handed out REST-ERROR-001 naming the A2A error owed. A
// framework's JSON page (`{"detail":"Not Implemented"}`, FastAPI's default) to the same call
// got the generic words ("error body is not {"error":{code,status,message,details}}" / "has
// no integer code and message"), which name no error. Now both forms name it.

/// The 1.0 and 0.3 cancels and the 1.0 push config list: one REST-ERROR-001 each, saying
/// why the route is there and naming the error owed in the version's shape (for the push
/// call of an agent whose card declares no push, PushNotificationNotSupportedError). Fails
/// before left60 (the generic words).
#[test]
fn a_json_501_page_to_a_handed_out_tasks_call_names_the_error_owed() {
    for (name, shape) in [
        (
            "l60-1-v10-rest-cancel-working-task-501-json-page",
            "TaskNotCancelableError (HTTP 400 FAILED_PRECONDITION with ErrorInfo reason TASK_NOT_CANCELABLE)",
        ),
        (
            "l60-1-v03-rest-cancel-working-task-501-json-page",
            "TaskNotCancelableError as the 0.3 A2A error object {\"code\": -32002",
        ),
        (
            "l60-1-v10-rest-list-push-configs-501-json-page",
            "PushNotificationNotSupportedError (HTTP 400 FAILED_PRECONDITION with ErrorInfo reason PUSH_NOTIFICATION_NOT_SUPPORTED)",
        ),
    ] {
        let out = common::verify_variant(name);
        let errs = errors(&out);
        assert_eq!(errs.len(), 1, "{name}: {errs:#?}");
        let (r, m) = &errs[0];
        assert_eq!(r, "REST-ERROR-001", "{name}: {m}");
        assert!(
            m.contains("task t1 is one the agent handed out in this recording, so the route is there and answered HTTP 501 without the A2A error")
                && m.contains(shape),
            "{name}: {m}"
        );
    }
}

/// The legal neighbour (the cancel refused 400 FAILED_PRECONDITION UNSUPPORTED_OPERATION)
/// stays silent; left59's text-page forms keep their words.
#[test]
fn the_cancel_refused_in_shape_is_silent_and_the_text_page_keeps_its_words() {
    let out = common::verify_variant("l60-1-legal-v10-rest-cancel-unsupported-operation");
    assert!(errors(&out).is_empty(), "{:#?}", out.findings);
    let f = common::variant_finding("l59-1-v10-rest-cancel-working-task-501", "REST-ERROR-001");
    assert!(
        f.message.contains("is not the AIP-193 shape: the HTTP 501 body is not JSON (text/plain); task t1 is one the agent handed out in this recording, so the route is there"),
        "{}",
        f.message
    );
}

// Item 2 (RPC-002, evidence words): left59 put every evidence pointer of a batch member under
// its element, across batches too, but the words' suffix named only the batch being judged
// ("(JSON-RPC batch: call element 0, answer element 0)") while the evidence spanned the
// member of an earlier batch as well. Now the suffix names each batch's member.

/// Two batches: the suffix names the first batch's call element 2 / answer element 2 and
/// the second's call element 1 / answer element 0 (the agent answered out of order), and
/// the evidence points into both. Fails before left60 (the second batch's member alone).
#[test]
fn a_finding_over_two_batches_names_both_members() {
    let f = common::variant_finding(
        "l60-2-v10-two-batches-internal-then-task-not-found",
        "RPC-ERROR-001",
    );
    assert!(
        f.message.ends_with(" (JSON-RPC batches: exchange e2's call element 2, answer element 2; exchange e3's call element 1, answer element 0)"),
        "{}",
        f.message
    );
    let ptrs: Vec<&str> = f
        .evidence
        .iter()
        .filter_map(|e| e.pointer.as_deref())
        .collect();
    assert!(
        ptrs.contains(&"/2/error/code") && ptrs.contains(&"/0/error/code"),
        "{ptrs:?}"
    );
    // left59's two-batch variant likewise
    let f = common::variant_finding(
        "l59-6-v10-batch-member-internal-then-batch-task-not-found",
        "RPC-ERROR-001",
    );
    assert!(
        f.message.ends_with(" (JSON-RPC batches: exchange e2's call element 1, answer element 1; exchange e3's call element 0, answer element 0)"),
        "{}",
        f.message
    );
}

/// A batch and then a single call: told at the single call, no "batches" suffix (the
/// evidence points under the batch's element, as left59 made it).
#[test]
fn a_finding_over_one_batch_keeps_its_one_member_suffix() {
    let out = common::verify_variant("l60-2-v10-batch-internal-then-single-task-not-found");
    let f = of_rule(&out, "RPC-ERROR-001");
    assert_eq!(f.len(), 1, "{:#?}", out.findings);
    assert!(!f[0].1.contains("JSON-RPC batches"), "{}", f[0].1);
}

// Item 3 (TASK-004, ID-001; field case f1322): agos's tasks/get reads taskId / task_id where
// 0.3 names the task `id`, and answers "Task not found: " (an empty id). ID-TASK-001 told the
// lost task with guesses (a task stored only once it finishes, a load balancer without task
// affinity) the recording contradicts: the agent's own words show it looked up no id.

/// f1322 and both variants: ID-TASK-001 says the agent's words name no task id where the call
/// sent it in params.id, quoting them, and none of the wrong guesses. Fails before left60.
#[test]
fn a_not_found_naming_no_id_says_the_agent_read_another_member() {
    for (name, out) in [
        (
            "f1322",
            common::verify_field("f1322-v03-tasks-get-by-id-answered-32000-not-found"),
        ),
        (
            "l60-3 v03",
            common::verify_variant("l60-3-v03-get-answered-not-found-naming-no-id"),
        ),
        (
            "l60-3 v10",
            common::verify_variant("l60-3-v10-get-answered-not-found-naming-none"),
        ),
    ] {
        let f = of_rule(&out, "ID-TASK-001");
        assert_eq!(f.len(), 1, "{name}: {:#?}", out.findings);
        let m = &f[0].1;
        assert!(
            m.contains("name no task id where the call sent")
                && m.contains(
                    "in params.id: the agent looked the task up by another member than params.id"
                )
                && !m.contains("load balancer")
                && !m.contains("only once it finishes"),
            "{name}: {m}"
        );
    }
}

/// The neighbour: not-found words that name the id sent keep the lost task's words.
#[test]
fn a_not_found_naming_the_id_keeps_the_lost_tasks_words() {
    let f = common::variant_finding(
        "l60-3-v10-get-answered-not-found-naming-the-id",
        "ID-TASK-001",
    );
    assert!(
        !f.message.contains("another member") && f.message.contains("handed out that task id"),
        "{}",
        f.message
    );
}

// Part 1's false positives on legal SDK traffic (tests/sdk_legal60.rs), as transcripts.

/// a2a-python's 400 INVALID_ARGUMENT to the probe's malformed HTTP+JSON send, whose
/// violations say "Field is required.": RPC-ERROR-003 read "Field" (after the JSON string's
/// opening quote) as a quoted member name no A2A request defines. Silent now; fails before
/// left60 (RPC-ERROR-003's warning, main's CLI measured).
#[test]
fn field_is_required_names_no_member_field() {
    let out = common::verify_variant("l60-4-legal-v10-rest-malformed-send-field-is-required");
    assert!(
        of_rule(&out, "RPC-ERROR-003").is_empty(),
        "{:#?}",
        out.findings
    );
}

/// ListTasks paging while a task is still working: the task's status change moves it before
/// the cursor (newest status first, DATA-007), so the pages list fewer than totalSize; not
/// DATA-LIST-004 (fails before left60). With every task finished before the paging, nothing
/// can move, and DATA-LIST-004 stays.
#[test]
fn list_paging_while_a_task_runs_is_legal_and_a_lost_finished_task_is_not() {
    let out = common::verify_variant("l60-5-legal-v10-list-paging-while-a-task-runs");
    assert!(
        of_rule(&out, "DATA-LIST-004").is_empty(),
        "{:#?}",
        out.findings
    );
    let out = common::verify_variant("l60-5-v10-list-paging-loses-a-finished-task");
    assert_eq!(
        of_rule(&out, "DATA-LIST-004").len(),
        1,
        "{:#?}",
        out.findings
    );
}

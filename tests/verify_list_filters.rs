//! DATA-LIST-003 (DATA-007, 1.0 §3.1.4): a ListTasks page that ignores the request's
//! `contextId` or `status` filter or lists more tasks than its `pageSize` (breaker8 G19,
//! transcripts from its mk_list.py: one JSON-RPC ListTasks and its answer each).

use crate::common;

use std::path::Path;

use common::verify_file as verify;

fn findings(name: &str) -> Vec<(String, String)> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/list-tasks")
        .join(name);
    verify(&path)
        .findings
        .into_iter()
        .filter(|f| f.severity != a2a_interop::verify::Severity::Note)
        .map(|f| (f.rule, f.message))
        .collect()
}

fn one(rule: &str, msg: &str) -> Vec<(String, String)> {
    vec![(rule.to_string(), msg.to_string())]
}

#[test]
fn more_tasks_than_page_size_is_data_list_003() {
    assert_eq!(
        findings("l-over-pagesize.jsonl"),
        one(
            "DATA-LIST-003",
            "page lists 4 tasks although the ListTasks request's pageSize is 2"
        )
    );
}

#[test]
fn a_task_of_another_context_is_data_list_003() {
    assert_eq!(
        findings("l-ctx-filter-ignored.jsonl"),
        one(
            "DATA-LIST-003",
            "listed tasks[1] (t2) has contextId \"OTHER\" although the request filters contextId \"c1\""
        )
    );
}

#[test]
fn a_task_in_another_state_is_data_list_003() {
    assert_eq!(
        findings("l-status-filter-ignored.jsonl"),
        one(
            "DATA-LIST-003",
            "listed tasks[0] (t3) is TASK_STATE_COMPLETED although the request filters status TASK_STATE_WORKING"
        )
    );
}

#[test]
fn a_page_within_its_filters_is_silent() {
    // pageSize 2, two tasks, a next page token
    assert_eq!(findings("l-ok.jsonl"), []);
}

/// DATA-LIST-002 (breaker24): `l-ok.jsonl` with its two tasks swapped, the older status first.
/// The message names both tasks by list place and id with the timestamps compared (it gave
/// only "task 1" and "task 0"); `verify`'s text shows it as written.
#[test]
fn an_older_status_listed_first_names_both_tasks_and_timestamps() {
    let want = "listed tasks[1] (t3, status.timestamp 2026-12-01T10:00:03Z) has a newer status than tasks[0] (t2, status.timestamp 2026-12-01T10:00:02Z) before it: ListTasks lists tasks newest status first";
    assert_eq!(
        findings("l-order-oldest-first.jsonl"),
        one("DATA-LIST-002", want)
    );
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/list-tasks/l-order-oldest-first.jsonl");
    let o = std::process::Command::new(env!("CARGO_BIN_EXE_a2a-interop"))
        .arg("verify")
        .arg(&path)
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&o.stdout);
    assert_eq!(o.status.code(), Some(1), "{text}");
    assert!(
        text.contains(&format!("error[DATA-LIST-002]: {want}\n")),
        "{text}"
    );
}

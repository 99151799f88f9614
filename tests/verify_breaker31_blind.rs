//! breaker31 (blind adversary, round eleven; `tests/cases/gen_b31x.py`): what the case table
//! cannot say. The rule and severity of each `b31x-*` case are checked by `verify_cases`
//! (`variants`); this checks the counts of the round, that its legal controls stay silent,
//! and what the round's fixes say:
//! - F10, F23-F26: an SSE field name one letter off `data` (`date:`, `dat:`, `daat:`,
//!   `dtaa:`, `dara:`) in front of a JSON document is SSE-FRAME-003 (RPC-005, REST-002: the
//!   parser ignores the unknown field, the event is lost), naming the field as sent; the
//!   same names with no JSON behind them (F27) or names farther off (F28) are custom fields.
//! - G09-G12: another task's event on a stream (ID-EVENT-002, ID-006) does not end the
//!   stream's own task: no STREAM-END-001 for the stream's own later events (and no
//!   STREAM-END-002 when the stream closes after it with no terminal event of its own).
//! - R07, R21-R23: `POST|PUT /tasks/{id}` and `POST /tasks` are GetTask and ListTasks under a
//!   wrong verb: REST-VERB-001 for the client, and REST-VERB-002 when the agent served it
//!   (REST-001); a push delivery to a receiver at such a path is not (this file's last
//!   test, on a transcript it writes).

use crate::common;

use a2a_interop::verify::Severity;
use common::{variant_finding as finding, variant_findings as findings};

fn names(kind: &str) -> Vec<String> {
    common::variant_names("b31x-", kind)
}

fn errors_and_warnings(name: &str) -> Vec<String> {
    common::variant_errors_and_warnings(name)
}

fn rules(name: &str) -> Vec<String> {
    findings(name).into_iter().map(|f| f.rule).collect()
}

#[test]
fn the_round_has_its_cases_and_its_controls_stay_silent() {
    let all = names("");
    let legal = names("-legal-");
    assert!(all.len() >= 153, "{} b31x cases", all.len());
    assert!(legal.len() >= 80, "{} b31x legal controls", legal.len());
    for n in &legal {
        let loud = errors_and_warnings(n);
        assert!(loud.is_empty(), "{n}: legal control not silent: {loud:?}");
    }
}

#[test]
fn an_sse_field_one_letter_off_data_in_front_of_json_loses_the_event() {
    for (n, name) in [
        ("b31x-F10-v10-sse-field-misspelled", "date"),
        ("b31x-F23-v10-sse-field-dat", "dat"),
        ("b31x-F24-v10-sse-field-daat", "daat"),
        ("b31x-F25-v10-rest-sse-field-dtaa", "dtaa"),
        ("b31x-F26-v03-sse-field-dara", "dara"),
    ] {
        let f = finding(n, "SSE-FRAME-003");
        assert_eq!(f.severity, Severity::Error, "{n}");
        assert!(
            f.message
                .contains(&format!("field name \"{name}\" is one letter off data"))
                && f.message.contains("the event's data is lost")
                && f.message.contains("write `data:`"),
            "{n}: {}",
            f.message
        );
    }
    // A custom field: a timestamp under `date:`, JSON under `meta:` (two letters off).
    for n in [
        "b31x-F27-legal-v10-sse-custom-date-field",
        "b31x-F28-legal-v10-sse-custom-json-field-far-from-data",
    ] {
        assert!(
            !rules(n).iter().any(|r| r.starts_with("SSE-")),
            "{n}: {:?}",
            rules(n)
        );
    }
}

#[test]
fn another_tasks_terminal_event_on_a_stream_does_not_end_it() {
    for n in [
        "b31x-G09-v10-interleaved-streams-crossed-event",
        "b31x-G10-v10-crossed-failed-event-then-own-working",
        "b31x-G11-v10-crossed-artifact-and-status-then-own",
        "b31x-G12-v03-crossed-final-event",
    ] {
        let all = rules(n);
        assert!(all.contains(&"ID-EVENT-002".to_string()), "{n}: {all:?}");
        assert!(
            !all.iter().any(|r| r.starts_with("STREAM-END-")),
            "{n}: the stream's own task went on to its own terminal state: {all:?}"
        );
    }
    let f = finding(
        "b31x-G10-v10-crossed-failed-event-then-own-working",
        "ID-EVENT-002",
    );
    assert!(
        f.message
            .contains("names task t2 but the stream's task is t1"),
        "{}",
        f.message
    );
}

#[test]
fn a_get_route_requested_with_post_or_put_is_judged_for_its_verb() {
    for (n, served, what) in [
        (
            "b31x-R07-v10-rest-get-route-posted",
            true,
            "GetTask as POST /tasks/t1",
        ),
        (
            "b31x-R21-v10-rest-get-route-put-refused",
            false,
            "GetTask as PUT /tasks/t1",
        ),
        (
            "b31x-R22-v03-rest-get-route-posted",
            true,
            "as POST /v1/tasks/t1",
        ),
        (
            "b31x-R23-v10-rest-list-posted",
            true,
            "ListTasks as POST /tasks",
        ),
    ] {
        let f = finding(n, "REST-VERB-001");
        assert!(
            f.message.contains(what) && f.message.contains("defined with GET only"),
            "{n}: {}",
            f.message
        );
        let agent = rules(n).contains(&"REST-VERB-002".to_string());
        assert_eq!(
            agent, served,
            "{n}: REST-VERB-002 only when the agent served it"
        );
    }
    let f = finding("b31x-R21-v10-rest-get-route-put-refused", "REST-VERB-001");
    assert!(
        f.message
            .contains("refused it (HTTP 405): send GET /tasks/t1"),
        "{}",
        f.message
    );
    assert!(rules("b31x-R24-legal-v10-rest-get-route-get").is_empty());
    assert!(!rules("b31x-R25-legal-v10-rest-cancel-colon-encoded")
        .iter()
        .any(|r| r.starts_with("REST-VERB-")));
}

/// A push delivery POSTed to a receiver at `.../tasks/{id}` whose config the recording does
/// not hold is no GetTask under a wrong verb (its body is a stream event or a task).
#[test]
fn a_delivery_to_a_receiver_at_a_tasks_path_is_no_wrong_verb() {
    let dir = std::env::temp_dir().join(format!("b31-hook-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let body = |b: &serde_json::Value| serde_json::to_string(b).unwrap();
    let lines = [
        serde_json::json!({"dir": "req", "method": "POST", "url": "https://client.example.test/hooks/tasks/t1",
            "headers": {"content-type": "application/a2a+json"},
            "body": body(&serde_json::json!({"statusUpdate": {"taskId": "t1", "contextId": "c1",
                "status": {"state": "TASK_STATE_COMPLETED", "timestamp": "2026-12-02T10:00:01.000Z"}}}))}),
        serde_json::json!({"dir": "resp", "status": 200, "headers": {}, "body": ""}),
        serde_json::json!({"dir": "req", "method": "POST", "url": "https://client.example.test/hooks/tasks",
            "headers": {"content-type": "application/json"},
            "body": body(&serde_json::json!({"kind": "task", "id": "t2", "contextId": "c2",
                "status": {"state": "completed"}}))}),
        serde_json::json!({"dir": "resp", "status": 200, "headers": {}, "body": ""}),
    ];
    let path = dir.join("hook.jsonl");
    std::fs::write(
        &path,
        lines.iter().map(|l| format!("{l}\n")).collect::<String>(),
    )
    .unwrap();
    let out = common::verify_file(&path);
    let verbs: Vec<_> = out
        .findings
        .iter()
        .filter(|f| f.rule.starts_with("REST-VERB-"))
        .map(|f| &f.message)
        .collect();
    assert!(verbs.is_empty(), "{verbs:?}");
    std::fs::remove_dir_all(&dir).ok();
}

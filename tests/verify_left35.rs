//! left35 (session 34's leftovers on the verifier): what the changed findings say and how
//! many there are. Rules and severities of every `b35l-*` variant are checked by
//! `verify_cases` (which holds these variants to "no unexpected warning" too); this file
//! holds the wording, the counts per kind against `tests/cases/variants/gen_b35l.py`, and
//! the live lines against the report's.

use crate::common;

use common::{
    live_and_final, variant_errors_and_warnings as rules_of, variant_finding, variant_kind,
    variant_names,
};

#[test]
fn each_kind_has_faults_and_a_legal_control() {
    for (k, faults_want, legal_want) in [("-M", 4, 1), ("-L", 6, 2)] {
        let all = variant_kind("b35l-", k);
        let legal = all.iter().filter(|(n, _)| n.contains("-legal-")).count();
        let faults = all.len() - legal;
        assert_eq!((faults, legal), (faults_want, legal_want), "{k}");
        for (n, r) in all.iter().filter(|(n, _)| n.contains("-legal-")) {
            assert!(r.is_empty(), "{n}: {r:?}");
        }
    }
    assert_eq!(variant_names("b35l-", "").len(), 13);
}

/// Item 3 (ux34): a send whose message member is no object named "send request has no
/// message"; it now names what the member holds, in JSON-RPC params and the HTTP+JSON body
/// alike, and the live line is the report's. `null` is the unset field and keeps "has no
/// message".
#[test]
fn a_message_of_another_type_is_named_with_what_it_holds() {
    for (name, holds, at) in [
        (
            "b35l-M1-v10-rest-send-message-a-number",
            "the number 5",
            "/message",
        ),
        (
            "b35l-M2-v10-jsonrpc-send-message-a-string",
            "the string \"hello\"",
            "/params/message",
        ),
        (
            "b35l-M3-v03-jsonrpc-send-message-a-list",
            "a list",
            "/params/message",
        ),
    ] {
        assert_eq!(rules_of(name), ["DATA-SHAPE-002"], "{name}");
        let f = variant_finding(name, "DATA-SHAPE-002");
        assert_eq!(
            f.message,
            format!("client message is malformed: send request's message is not a Message object: it is {holds}"),
            "{name}"
        );
        assert_eq!(f.evidence[0].pointer.as_deref(), Some(at), "{name}");
        assert!(
            f.spec.iter().any(|s| s == "DATA-005"),
            "{name}: {:?}",
            f.spec
        );
        let (live, fin) = live_and_final(name);
        let told: Vec<_> = live.iter().filter(|l| l.rule == "DATA-SHAPE-002").collect();
        assert_eq!(told.len(), 1, "{name}");
        assert_eq!(told[0].message, f.message, "{name}");
        assert_eq!(fin.iter().filter(|l| l.rule == "DATA-SHAPE-002").count(), 1);
    }
    let f = variant_finding("b35l-M4-v10-jsonrpc-send-message-null", "DATA-SHAPE-002");
    assert_eq!(
        f.message,
        "client message is malformed: send request has no message"
    );
}

/// Item 8 (review34): DATA-LIST-006 read an explicit `pageSize: 0` as the default 50 when
/// deciding whether a page is the whole listing. 0 is no page size (review34's decision):
/// a page under it is whole only where its totalSize equals the tasks listed.
#[test]
fn list_misses_known_task_takes_no_page_size_from_zero() {
    // 3 tasks, no totalSize: nothing shows the page whole (before: -006 from 0 read as 50)
    for name in [
        "b35l-L1-v10-list-page-size-zero-no-total",
        "b35l-L3-v10-rest-list-page-size-zero-no-total",
    ] {
        let r = rules_of(name);
        assert!(!r.iter().any(|r| r == "DATA-LIST-006"), "{name}: {r:?}");
        assert!(r.iter().any(|r| r == "DATA-PARAM-001"), "{name}: {r:?}");
    }
    // the answer says it is whole: a full page of 50 too (before: silent, a full page of 50)
    for (name, id, n) in [
        (
            "b35l-L2-v10-list-page-size-zero-total-says-whole",
            "t-L2",
            3,
        ),
        (
            "b35l-L4-v10-list-page-size-zero-full-page-total-says-whole",
            "t-L4",
            50,
        ),
    ] {
        let f = variant_finding(name, "DATA-LIST-006");
        assert!(
            f.message.starts_with(&format!(
                "the agent's ListTasks without filters lists {n} tasks (totalSize {n}, no further page) but leaves out task {id}, which this agent handed out"
            )),
            "{name}: {}",
            f.message
        );
    }
    // controls keep their findings: no pageSize (default 50) and pageSize 10
    for name in [
        "b35l-L5-v10-list-no-page-size-no-total",
        "b35l-L6-v10-list-page-size-ten-no-total",
    ] {
        let f = variant_finding(name, "DATA-LIST-006");
        assert!(
            f.message
                .contains("lists 3 tasks (totalSize absent, no further page)"),
            "{name}: {}",
            f.message
        );
    }
}

//! review34 (the verifier's leftovers of session 33): what the new and changed findings say
//! and how many there are. Rules and severities of every `b34q-*` variant are checked by
//! `verify_cases`; this file holds the wording (what happened, the spec ID, what to do),
//! the counts per kind against `tests/cases/variants/gen_b34q.py`, and the live lines
//! `feed` returns where they must equal the report's.

use crate::common;

use a2a_interop::verify::Finding;
use common::{
    live_and_final, variant_errors_and_warnings as rules_of, variant_finding, variant_kind,
    variant_names,
};

/// Every `b34q-` variant whose name holds `kind`, with its errors and warnings.
fn kind(k: &str) -> Vec<(String, Vec<String>)> {
    variant_kind("b34q-", k)
}

#[test]
fn each_kind_has_faults_and_a_legal_control() {
    for (k, faults_want, legal_want) in [("-P", 4, 2), ("-R", 5, 1), ("-A", 4, 3)] {
        let all = kind(k);
        let legal = all.iter().filter(|(n, _)| n.contains("-legal-")).count();
        let faults = all.len() - legal;
        assert_eq!((faults, legal), (faults_want, legal_want), "{k}");
        for (n, r) in all.iter().filter(|(n, _)| n.contains("-legal-")) {
            assert!(r.is_empty(), "{n}: {r:?}");
        }
    }
    assert_eq!(variant_names("b34q-", "").len(), 19);
}

/// Item 1: an explicit `pageSize: 0` is a value below page_size's minimum, not the unset
/// field (1.0 proto `optional int32 page_size`; a2a-python, a2a-js, a2a-java refuse it):
/// DATA-PARAM-001 says so and what to send; DATA-LIST-003 no longer reads it as 50.
#[test]
fn page_size_zero_is_below_the_minimum_not_the_default() {
    assert_eq!(
        rules_of("b34q-P1-v10-list-tasks-page-size-zero-served-51"),
        ["DATA-PARAM-001"]
    );
    assert_eq!(
        variant_finding("b34q-P1-v10-list-tasks-page-size-zero-served-51", "DATA-PARAM-001").message,
        "agent accepted pageSize the JSON number 0, which is not an integer from 1 to 100 (ListTasksRequest.page_size is optional, so a 0 sent is a value below its minimum of 1, not the unset field: leave pageSize out for the default page of 50), instead of refusing it"
    );
    assert_eq!(
        variant_finding("b34q-P2-v10-rest-list-tasks-page-size-zero-served", "DATA-PARAM-001").message,
        "agent accepted pageSize \"0\", which is not an integer from 1 to 100 (ListTasksRequest.page_size is optional, so a 0 sent is a value below its minimum of 1, not the unset field: leave pageSize out for the default page of 50), instead of refusing it"
    );
    // the default still holds for a request that leaves pageSize out
    assert_eq!(
        variant_finding(
            "b34q-P4-v10-list-tasks-no-page-size-lists-51",
            "DATA-LIST-003"
        )
        .message,
        "page lists 51 tasks although the ListTasks request sets no pageSize, which defaults to 50"
    );
    // a pageSize from 1 to 100 keeps its own wording (no "optional" aside)
    let m = variant_finding(
        "b34q-P5-legal-v10-rest-list-tasks-page-size-zero-refused",
        "DATA-PARAM-005",
    )
    .message;
    assert!(
        m.contains("not the unset field") && m.contains("HTTP 400"),
        "{m}"
    );
}

/// Item 2: a verb the route does not have, refused 404 with a google.rpc.Status body, is
/// the route's problem (REST-VERB-001) only: no TaskNotFoundError of a task (ID-TASK-001),
/// no AIP-193 shape of GetTask's error (REST-ERROR-001).
#[test]
fn wrong_verb_404_is_the_route_not_the_task() {
    for n in [
        "b34q-R1-v10-rest-put-task-refused-404-status",
        "b34q-R2-v10-rest-post-task-refused-404-task-not-found",
        "b34q-R3-v10-rest-patch-task-refused-404-status",
        "b34q-R4-v10-rest-get-cancel-refused-404-status",
    ] {
        assert_eq!(rules_of(n), ["REST-VERB-001"], "{n}");
    }
    assert_eq!(
        variant_finding("b34q-R1-v10-rest-put-task-refused-404-status", "REST-VERB-001").message,
        "client called GetTask as PUT /tasks/t1; the route is defined with GET only, so the agent refused it (HTTP 404): send GET /tasks/t1"
    );
    assert_eq!(
        variant_finding("b34q-R4-v10-rest-get-cancel-refused-404-status", "REST-VERB-001").message,
        "client called CancelTask as GET /tasks/t1:cancel; the route is defined with POST only, so the agent refused it (HTTP 404): send POST /tasks/t1:cancel"
    );
    // the right verb's 404 for a task the agent handed out stays the agent's
    assert_eq!(
        rules_of("b34q-R5-v10-rest-get-handed-out-task-404"),
        ["ID-TASK-001"]
    );
}

/// Item 5: an Authorization header under another registered scheme than the card's, served
/// 200, is one finding: AUTH-OPEN-001 (breaker34's wording), not also AUTH-SCHEME-003,
/// which stays the refused call's (the lead's decision when both branches judged it).
#[test]
fn other_authorization_scheme_served_is_one_finding() {
    for name in [
        "b34q-A1-v10-basic-card-bearer-served",
        "b34q-A2-v10-bearer-card-basic-served",
        "b34q-A3-v03-basic-card-bearer-served",
    ] {
        assert_eq!(rules_of(name), ["AUTH-OPEN-001"], "{name}");
    }
    assert!(variant_finding("b34q-A2-v10-bearer-card-basic-served", "AUTH-OPEN-001")
        .message
        .contains("only the Authorization header as Basic, which no security scheme of the agent card names; the card asks for the Authorization header as Bearer"));
}

/// review33 Q26b: the VER-MIX-002 of a 0.x method sent under `A2A-Version: 1.0` grows
/// once the answer shows which form the agent answered in; the live line must be the
/// report's finding, word for word.
#[test]
fn version_mix_live_line_is_the_report_finding() {
    for name in [
        "b26q-5-v10-message-send-header-1-0-answered-1-0",
        "b33q-M1-v10-v01-tasks-send-under-1-0-header-served-1-0-form",
        "b33q-M2-v10-v03-message-send-under-1-0-header-served-0-3-form",
        "b33q-M3-v10-v03-tasks-get-under-1-0-header-served",
    ] {
        let (live, fin) = live_and_final(name);
        let l: Vec<&Finding> = live.iter().filter(|f| f.rule == "VER-MIX-002").collect();
        let f: Vec<&Finding> = fin.iter().filter(|f| f.rule == "VER-MIX-002").collect();
        assert_eq!(l.len(), 1, "{name}: live {l:?}");
        assert_eq!(l, f, "{name}");
    }
}

//! left59: verifier faults round fifty-eight left open, in the order the lead gave them.
//! The variants `l59-*` (tests/cases/variants, written by tests/cases/gen_l59.py with their
//! predictions before the fixes) hold the transcripts; verify_cases judges their rules and
//! that every evidence pointer lands in the body it cites, these tests their words, their
//! blamed side and their neighbours.

use crate::common;

use super::verify_left55::{errors, judge};
use a2a_interop::verify::VerifyOutcome;
use serde_json::{json, Value};

/// The findings of `out` of rule `id`, as (severity, message).
fn of_rule(out: &VerifyOutcome, id: &str) -> Vec<(String, String)> {
    out.findings
        .iter()
        .filter(|f| f.rule == id)
        .map(|f| (f.severity.as_str().to_string(), f.message.clone()))
        .collect()
}

/// The lines of variant `name` as JSON values.
fn variant_lines(name: &str) -> Vec<Value> {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/cases/variants")
        .join(format!("{name}.jsonl"));
    std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

// Item 1 (TASK-003, ERR-002, ERR-003, REST-003; CARD-005): left58 made a 404 / 501 page to a
// call at a JSON-RPC url that answered other calls RPC-ENVELOPE-001. The HTTP+JSON form: a 501
// page to `POST {url}/tasks/t1:cancel` (1.0) or `{url}/v1/tasks/t1:cancel` (0.3) of a task the
// recording shows live. When the task went live over JSON-RPC (no HTTP+JSON route answered
// before) it drew CARD-URL-002's "the agent does not serve that operation at the route"
// words; when the routes had answered, REST-ERROR-001 said only that the body was no JSON.
// The route is there (only the agent knows the task), and an agent that cannot cancel owes
// TaskNotCancelableError or UnsupportedOperationError in the binding's error shape:
// REST-ERROR-001, whose words now say so.

/// Every form: exactly one error, REST-ERROR-001, saying why the route is there and naming
/// both errors in the version's error shape; no CARD-URL-002. Fails before left59 (the
/// JSON-RPC-send forms drew CARD-URL-002; the others REST-ERROR-001 without the owed errors;
/// main's CLI measured).
#[test]
fn a_501_to_a_live_tasks_rest_cancel_is_the_missing_a2a_error() {
    for (name, why, shape) in [
        (
            "l59-1-v10-rest-cancel-working-task-501",
            "task t1 is one the agent handed out in this recording",
            "HTTP 400 FAILED_PRECONDITION with ErrorInfo reason TASK_NOT_CANCELABLE",
        ),
        (
            "l59-1-v03-rest-cancel-working-task-501",
            "task t1 is one the agent handed out in this recording",
            "the 0.3 A2A error object {\"code\": -32002",
        ),
        (
            "l59-1-v10-rest-cancel-501-after-jsonrpc-send",
            "task t1 is one the agent handed out in this recording",
            "HTTP 400 FAILED_PRECONDITION with ErrorInfo reason TASK_NOT_CANCELABLE",
        ),
        (
            "l59-1-v03-rest-cancel-501-after-jsonrpc-send",
            "task t1 is one the agent handed out in this recording",
            "the 0.3 A2A error object {\"code\": -32002",
        ),
    ] {
        let out = common::verify_variant(name);
        let errs = errors(&out);
        assert_eq!(errs.len(), 1, "{name}: {errs:#?}");
        let (r, m) = &errs[0];
        assert_eq!(r, "REST-ERROR-001", "{name}: {m}");
        assert!(
            m.contains(&format!(
                "{why}, so the route is there and answered HTTP 501 without the A2A error"
            )) && m.contains("TaskNotCancelableError")
                && m.contains("UnsupportedOperationError")
                && m.contains(shape),
            "{name}: {m}"
        );
        assert!(of_rule(&out, "CARD-URL-002").is_empty(), "{name}");
    }
}

/// The neighbours: the legal refusal (400 FAILED_PRECONDITION TASK_NOT_CANCELABLE) stays
/// silent; a 501 page to a cancel of a task the recording never saw, on an interface none
/// of whose routes answered, keeps CARD-URL-002 (nothing shows the route is served); a 404
/// page to the live task's cancel there too (a 404 says no route).
#[test]
fn a_rest_cancel_refused_in_shape_is_silent_and_an_unproven_route_keeps_card_url_002() {
    let out = common::verify_variant("l59-1-legal-v10-rest-cancel-working-task-not-cancelable");
    assert!(errors(&out).is_empty(), "{:#?}", out.findings);
    let lines = variant_lines("l59-1-v10-rest-cancel-501-after-jsonrpc-send");
    let mut unseen = lines.clone();
    unseen[4]["url"] = json!("https://agent.example.test/a2a/tasks/t-other:cancel");
    let mut not_found = lines;
    not_found[5]["status"] = json!(404);
    not_found[5]["body"] = json!("Not Found");
    for (case, lines) in [("unseen task", unseen), ("404", not_found)] {
        let out = judge(&lines);
        assert_eq!(
            of_rule(&out, "CARD-URL-002").len(),
            1,
            "{case}: {:#?}",
            out.findings
        );
        assert!(
            of_rule(&out, "REST-ERROR-001").is_empty(),
            "{case}: {:#?}",
            out.findings
        );
    }
}

// Item 2 (AUTH-001, AUTH-002; field case f1318): a client's credential in the URL query
// (veadk-python's `?token=`), where the card's scheme does not put it, was told
// (AUTH-SCHEME-003) only when the agent refused it; an agent that took it was blamed alone
// (AUTH-OPEN-001). A credential in the query is the client's fault whatever the agent
// answers (AUTH-001: headers, a query only for an apiKey scheme naming it; the URL is
// logged): both sides are told. A header of another name the agent took stays the agent's
// alone (the card or the client may be stale; no URL leak).

/// f1318 and its two variants: AUTH-SCHEME-003 naming the query parameter, the card's
/// scheme and the log leak, beside the agent's AUTH-OPEN-001. Fails before left59 (the
/// agent's finding alone).
#[test]
fn a_credential_in_the_query_the_agent_took_is_the_clients_fault_too() {
    let outs = [
        (
            "f1318",
            common::verify_field("f1318-v03-client-bearer-token-in-query"),
            "token query parameter",
        ),
        (
            "l59-2 v10",
            common::verify_variant("l59-2-v10-client-bearer-token-in-query-accepted"),
            "access_token query parameter",
        ),
        (
            "l59-2 v03",
            common::verify_variant("l59-2-v03-rest-client-key-in-query-accepted"),
            "api_key query parameter",
        ),
    ];
    for (name, out, param) in outs {
        let told = of_rule(&out, "AUTH-SCHEME-003");
        assert_eq!(told.len(), 1, "{name}: {:#?}", out.findings);
        let (sev, m) = &told[0];
        assert_eq!(sev, "error", "{name}");
        assert!(
            m.contains(&format!("with the credential in the {param}, which no security scheme of the agent card names"))
                && m.contains("recorded wherever the URL goes")
                && m.contains("the agent took the call")
                && m.contains("AUTH-OPEN-001"),
            "{name}: {m}"
        );
        assert_eq!(
            of_rule(&out, "AUTH-OPEN-001").len(),
            1,
            "{name}: {:#?}",
            out.findings
        );
    }
}

/// The neighbours: the query parameter the card's apiKey scheme names is silent; an
/// undeclared header the agent took is the agent's AUTH-OPEN-001 alone.
#[test]
fn a_declared_query_key_is_silent_and_a_taken_header_blames_the_agent_alone() {
    let out = common::verify_variant("l59-2-legal-v03-rest-key-in-declared-query");
    assert!(errors(&out).is_empty(), "{:#?}", out.findings);
    let out = common::verify_variant("l59-2-v10-header-key-for-bearer-card-accepted");
    assert_eq!(
        of_rule(&out, "AUTH-OPEN-001").len(),
        1,
        "{:#?}",
        out.findings
    );
    assert!(
        of_rule(&out, "AUTH-SCHEME-003").is_empty(),
        "{:#?}",
        out.findings
    );
}

// Item 3 (CARD-005, CARD-006; field case f1314): a client's 405 at the url the gateway's card
// rewrite cut short drew GW-RESP-004 but no CARD-URL-002 once the gateway's forwarded copy of
// the call was recorded (a recording of the client leg alone tells CARD-URL-002). The url the
// client's card advertises does not answer whichever hop refused it: CARD-URL-002 is owed on
// every recording of it, as the consequence of GW-RESP-004, which it names.

/// f1314 (and its l59-3 copy, and mine58's HTTP+JSON form b58a-C2): GW-RESP-004 first, then
/// CARD-URL-002 naming it as its cause. Fails before left59 (GW-RESP-004 alone).
#[test]
fn a_gateways_cut_url_that_does_not_answer_is_card_url_002_caused_by_gw_resp_004() {
    for (out, url, status) in [
        (
            common::verify_field("f1314-v03-gw-card-url-loses-agent-path"),
            "https://agents.example.test/weather-agent",
            "405",
        ),
        (
            common::verify_variant("l59-3-v03-gw-card-url-loses-agent-path-forwarded"),
            "https://agents.example.test/weather-agent",
            "405",
        ),
        // mine58's 1.0 HTTP+JSON form: the route below the cut url answered 404
        (
            common::verify_variant("b58a-C2-v10-gw-rest-url-loses-agent-path"),
            "https://gw58.example.test/billing",
            "404",
        ),
    ] {
        let ids: Vec<&str> = out
            .findings
            .iter()
            .filter(|f| f.severity.as_str() == "error")
            .map(|f| f.rule.as_str())
            .collect();
        let gw = ids.iter().position(|r| *r == "GW-RESP-004");
        let at = ids.iter().position(|r| *r == "CARD-URL-002");
        assert!(gw.is_some() && at.is_some() && gw < at, "{ids:?}");
        let told = of_rule(&out, "CARD-URL-002");
        assert_eq!(told.len(), 1, "{told:#?}");
        assert!(
            told[0].1.contains(url)
                && told[0].1.contains(&format!("answered HTTP {status}"))
                && told[0].1.contains("(caused by GW-RESP-004"),
            "{}",
            told[0].1
        );
    }
}

// Item 4 (DATA-003, PUSH-003; DATA-PARAM-003): protobuf writes no empty string, so a gRPC
// GetTaskPushNotificationConfig with `id: ""` carries task_id only. The verifier reads it as
// absent: DATA-PARAM-003 in words that say so, and, where the agent's own Create gave the
// config no id (f87's kind), the id the client was given, not the client's fault.

/// l59-4: one DATA-PARAM-003 saying the id is absent on the gRPC wire; its neighbour after an
/// id-less Create draws none (the Create's own DATA-SHAPE-001 instead). Fails before left59
/// (the neighbour blamed the client; the words did not say why an empty id reads absent).
#[test]
fn a_grpc_blank_push_config_id_reads_as_absent() {
    let f = common::variant_finding("l59-4-v10-grpc-get-push-config-blank-id", "DATA-PARAM-003");
    assert!(
        f.message
            .contains("params lack id (an empty string is absent on the gRPC wire")
            && f.message.contains("the config it is about (id)"),
        "{}",
        f.message
    );
    let out = common::verify_variant("l59-4-v10-grpc-get-push-config-id-the-create-gave");
    assert!(
        of_rule(&out, "DATA-PARAM-003").is_empty(),
        "{:#?}",
        out.findings
    );
    assert_eq!(
        of_rule(&out, "DATA-SHAPE-001").len(),
        1,
        "{:#?}",
        out.findings
    );
}

// Item 5 (ERR-002, ERR-005; ID-TASK-007 / -008): the prober's marked read of its random task
// id (A2A-Interop-Probe: unknown-task) was judged on JSON-RPC and HTTP+JSON only; over gRPC
// an INTERNAL or UNKNOWN answer was silent. Same path now (probe_unknown_task_told).

/// 1.0 gRPC INTERNAL / UNKNOWN: ID-TASK-007 naming the status and NOT_FOUND TASK_NOT_FOUND;
/// 0.3 gRPC INTERNAL: ID-TASK-008's warning with the 0.3 words; NOT_FOUND TASK_NOT_FOUND:
/// silent. Fails before left59 (no ID-TASK-007 / -008 over gRPC).
#[test]
fn the_probers_unknown_task_read_is_judged_over_grpc() {
    for (name, rule, status) in [
        (
            "l59-5-v10-grpc-marked-get-unknown-task-internal",
            "ID-TASK-007",
            "INTERNAL (13)",
        ),
        (
            "l59-5-v10-grpc-marked-get-unknown-task-unknown",
            "ID-TASK-007",
            "UNKNOWN (2)",
        ),
        (
            "l59-5-v03-grpc-marked-get-unknown-task-internal",
            "ID-TASK-008",
            "INTERNAL (13)",
        ),
    ] {
        let f = common::variant_finding(name, rule);
        assert!(
            f.message.contains("a random id the prober minted")
                && f.message.contains(&format!(
                    "with {status} instead of NOT_FOUND with ErrorInfo reason TASK_NOT_FOUND"
                )),
            "{name}: {}",
            f.message
        );
        if rule == "ID-TASK-008" {
            assert!(
                f.message.contains("(0.3 gRPC: the 0.3 spec asks for"),
                "{}",
                f.message
            );
        }
        let out = common::verify_variant(name);
        assert!(
            of_rule(&out, "ID-TASK-010").is_empty(),
            "{name}: {:#?}",
            out.findings
        );
    }
    let out = common::verify_variant("l59-5-legal-v10-grpc-marked-get-unknown-task-not-found");
    assert!(
        of_rule(&out, "ID-TASK-007").is_empty() && errors(&out).is_empty(),
        "{:#?}",
        out.findings
    );
}

// Item 6 (RPC-002; evidence pointers): a JSON-RPC batch member's wrong answer held by the
// code-rule pairing (Engine::id_error_codes) and told after the batch was judged pointed at
// `/error/code`, a member of no element of the batch's answer. A batch member's exchange now
// puts every pointer into a call or an answer under its element (`/N/...`) when the
// evidence is made, so a held finding points right too; left58's ID-TASK-010 note, left off
// batch members for want of that pointer, is told for them.

/// The pointer of the paired RPC-ERROR-001 is `/1/error/code` of the batch's answer; the
/// unpaired member's note points at `/0/error/code`. Fails before left59 (`/error/code`;
/// no note).
#[test]
fn a_batch_members_held_evidence_points_into_its_element() {
    let out = common::verify_variant("l59-6-v10-batch-member-internal-then-task-not-found");
    let f: Vec<_> = out
        .findings
        .iter()
        .filter(|f| f.rule == "RPC-ERROR-001")
        .collect();
    assert_eq!(f.len(), 1, "{:#?}", out.findings);
    // (the batch's answer under member 1, then the single call's own answer)
    let ptrs: Vec<&str> = f[0]
        .evidence
        .iter()
        .filter_map(|e| e.pointer.as_deref())
        .collect();
    assert_eq!(ptrs, ["/1/error/code", "/error/code"]);
    // across two batches: each pointer under its own element of its own answer
    let out = common::verify_variant("l59-6-v10-batch-member-internal-then-batch-task-not-found");
    let f: Vec<_> = out
        .findings
        .iter()
        .filter(|f| f.rule == "RPC-ERROR-001")
        .collect();
    assert_eq!(f.len(), 1, "{:#?}", out.findings);
    let ptrs: Vec<(u64, &str)> = f[0]
        .evidence
        .iter()
        .filter_map(|e| Some((e.seq, e.pointer.as_deref()?)))
        .collect();
    assert!(
        ptrs.iter().any(|p| p.1 == "/1/error/code")
            && ptrs.iter().any(|p| p.1 == "/0/error/code")
            && !ptrs.iter().any(|p| p.1 == "/error/code"),
        "{ptrs:?}"
    );
    let out = common::verify_variant("l59-6-v10-batch-member-unknown-task-internal");
    let f: Vec<_> = out
        .findings
        .iter()
        .filter(|f| f.rule == "ID-TASK-010")
        .collect();
    assert_eq!(f.len(), 1, "{:#?}", out.findings);
    let ptrs: Vec<&str> = f[0]
        .evidence
        .iter()
        .filter_map(|e| e.pointer.as_deref())
        .collect();
    assert!(ptrs.contains(&"/0/error/code"), "{ptrs:?}");
}

// Item 7 (ERR-002, TASK-009; ID-TASK-010): the 0.x note said "instead of -32001: the 0.3 spec
// recommends -32001 TaskNotFoundError here (...): a task the agent does not hold is
// TaskNotFoundError (...)", two clauses after one colon each. One sentence now.

/// l58's 0.3 variant: the note names the answer, then where the 0.3 spec recommends -32001,
/// with one colon-free clause each; the 1.0 form keeps its words.
#[test]
fn the_0x_unknown_task_note_is_one_sentence() {
    let f = common::variant_finding(
        "l58-1-v03-cancel-unknown-task-internal-error",
        "ID-TASK-010",
    );
    assert_eq!(
        f.message,
        "agent answered tasks/cancel of task t-gone-78, an id this recording never saw the agent hand out, with -32603 Internal error, where the 0.3 spec recommends -32001 TaskNotFoundError for a task the agent does not hold (ERR-002: a SHOULD in 0.3, a MUST from 1.0, TASK-009), since a client reads a generic internal error as a fault worth retrying (if the task predates the recording and the failure is real, this does not apply)"
    );
    let f = common::variant_finding("l58-1-v10-get-unknown-task-internal-error", "ID-TASK-010");
    assert!(
        f.message.contains("with -32603 Internal error instead of -32001: a task the agent does not hold is TaskNotFoundError (TASK-009, ERR-002)"),
        "{}",
        f.message
    );
}

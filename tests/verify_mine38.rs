//! mine38 (round thirty-eight: 1.0 wire details): what DATA-PARAM-007
//! (client-request-unknown-member) says of a 1.0 request that names a member in another API's
//! vocabulary (A2A #2162: ListTasks paged with `cursor` / `limit`): which member, where
//! (params, body, the query of which route), the member meant and whether it was sent, and
//! the request message's members; what DATA-SHAPE-001 says of a ListTasks result whose next
//! page hides under `nextCursor`; and what RPC-ENVELOPE-001 says of a JSON-RPC answer served
//! as `application/problem+json` (a2a-java #719). Rules and severities are checked by
//! `verify_cases`.

use crate::common;

use common::{assert_variants_quiet as assert_quiet, only_message, variant_message};

#[test]
fn a_paging_alias_names_the_member_meant_the_place_and_the_request_message() {
    let out = common::verify_field("f867-v10-list-tasks-cursor-limit-names");
    let hits: Vec<&str> = out
        .findings
        .iter()
        .filter(|f| f.rule == "DATA-PARAM-007")
        .map(|f| f.message.as_str())
        .collect();
    // One finding per request: both ListTasks calls carry limit.
    assert_eq!(hits.len(), 2, "{hits:?}");
    assert_eq!(
        hits[0],
        "client's 1.0 ListTasks request carries limit in its params, which ListTasksRequest does not define and the member for what it asks is pageSize, which it does not send: the agent ignores an unknown member (DATA-003) and answers as if it were not sent, or a strict ProtoJSON agent refuses the call (ListTasksRequest's members: contextId, status, pageSize, pageToken, historyLength, statusTimestampAfter, includeArtifacts, tenant)"
    );
    let f = out
        .findings
        .iter()
        .find(|f| f.rule == "DATA-PARAM-007")
        .unwrap();
    assert_eq!(f.evidence[0].pointer.as_deref(), Some("/params/limit"));
}

#[test]
fn a_query_alias_names_the_route_and_a_sent_member_is_said_sent() {
    let m = variant_message("b38a-U1-v10-rest-list-tasks-query-offset", "DATA-PARAM-007");
    assert!(
        m.starts_with("client's 1.0 ListTasks request carries offset as a query parameter of GET /tasks, which ListTasksRequest does not define and the member for what it asks is pageToken, which it does not send:"),
        "{m}"
    );
    let m = variant_message(
        "b38a-U3-v10-jsonrpc-delete-push-config-id",
        "DATA-PARAM-007",
    );
    assert!(
        m.contains("carries configId in its params, which DeleteTaskPushNotificationConfigRequest does not define (the member for what it asks is id):"),
        "{m}"
    );
}

#[test]
fn a_newer_clients_field_and_the_proto_names_stay_quiet() {
    assert_quiet(&[
        "b38a-U4-legal-v10-rest-send-body-newer-member",
        "b38a-U5-legal-v10-rest-list-tasks-proto-names",
        "b38a-U6-legal-v03-get-task-metadata",
        "b38a-N2-legal-v10-list-result-empty-next-cursor",
        "b38a-P3-legal-v10-jsonrpc-json-charset",
    ]);
}

#[test]
fn a_cursor_under_another_name_is_named_with_its_value_once() {
    let out = common::verify_field("f879-v10-list-tasks-result-next-cursor");
    let shape: Vec<&str> = out
        .findings
        .iter()
        .filter(|f| f.rule == "DATA-SHAPE-001")
        .map(|f| f.message.as_str())
        .collect();
    assert_eq!(
        shape,
        ["result of ListTasks is malformed: ListTasks result names its next page as nextCursor \"t-2162-1\", a member ListTasksResponse does not define, and has no nextPageToken: a 1.0 client reads nextPageToken, finds none, takes this page for the last and never fetches the rest (send the cursor as nextPageToken)"]
    );
    // The symptom (totalSize counts more than was listed) is not told a second time.
    assert!(
        out.findings.iter().all(|f| f.rule != "DATA-LIST-004"),
        "{:?}",
        out.findings
    );
}

#[test]
fn a_problem_json_answer_says_what_the_type_is_and_what_a_client_loses() {
    let m = variant_message("b38a-P2-v03-jsonrpc-error-problem-json", "RPC-ENVELOPE-001");
    assert!(
        m.starts_with("agent's JSON-RPC response to tasks/cancel is served as application/problem+json, RFC 9457's problem-details type"),
        "{m}"
    );
    assert!(
        m.ends_with("reads the body as a problem document {type, title, status, detail} and loses the JSON-RPC id, code and result; send Content-Type: application/json"),
        "{m}"
    );
}

/// The same aliased member sent by a gateway to its agent (every line of b38a-U2 on the
/// upstream leg) is the gateway's request, not the client's (`State::sender`, left37/left38).
#[test]
fn an_alias_on_the_upstream_leg_is_the_gateways_request() {
    let src = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/cases/variants/b38a-U2-v10-jsonrpc-get-task-history-limit.jsonl");
    let text = std::fs::read_to_string(&src).unwrap();
    let mut upstream = String::new();
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let mut v: serde_json::Value = serde_json::from_str(line).unwrap();
        v["leg"] = serde_json::Value::from("upstream");
        upstream.push_str(&v.to_string());
        upstream.push('\n');
    }
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("u2-upstream.jsonl");
    std::fs::write(&path, upstream).unwrap();
    let out = common::verify_file(&path);
    let m = only_message(&out, "DATA-PARAM-007");
    assert!(
        m.starts_with("gateway's 1.0 GetTask request carries historyLimit in its params"),
        "{m}"
    );
}

//! bool32 (session 32): what the findings say when a 0.x boolean member (a status update's
//! `final`, an artifact update's `append` / `lastChunk`, a send configuration's `blocking`)
//! is a string or a number. The 0.2 / 0.3 JSON Schema types them `boolean` (the 0.3 proto
//! `bool` on HTTP+JSON); a JavaScript client takes `"false"` as true. The message names the
//! member, what it holds and what to write. Rules and severities are checked by
//! `verify_cases` (variants `b32s-*`).

use crate::common;

use common::{variant_errors_and_warnings, variant_message};

#[test]
fn a_string_append_names_the_member_the_string_and_the_boolean_to_write() {
    let m = variant_message(
        "b32s-K1-v03-rpc-stream-append-string-false",
        "STREAM-SHAPE-001",
    );
    assert_eq!(
        m,
        "stream update event is malformed: artifact update event append is the string \"false\", not a JSON boolean as the 0.3 JSON Schema types it: typed readers (Go, Java, zod, strict pydantic) refuse the object, and a JavaScript reader takes any non-empty string as true (\"false\" too); write \"append\": false, without quotes"
    );
    let m = variant_message(
        "b32s-K1-v03-rest-stream-append-string-false",
        "STREAM-SHAPE-001",
    );
    assert!(
        m.contains("append is the string \"false\", not a JSON boolean as the 0.3 proto types it (HTTP+JSON carries its ProtoJSON): a ProtoJSON parser refuses the whole object"),
        "{m}"
    );
}

#[test]
fn a_number_last_chunk_in_0_2_says_the_number_and_true() {
    let m = variant_message(
        "b32s-K1-v02-rpc-stream-last-chunk-number",
        "STREAM-SHAPE-001",
    );
    assert!(
        m.contains("lastChunk is the number 1, not a JSON boolean as the 0.2 JSON Schema types it"),
        "{m}"
    );
    assert!(
        m.ends_with("write \"lastChunk\": true, without quotes"),
        "{m}"
    );
}

#[test]
fn a_string_final_is_named_in_the_shape_error_and_in_the_final_flag_finding() {
    for name in [
        "b32s-K1-v03-rpc-stream-final-string-true",
        "b32s-K1-v02-rpc-stream-final-string-true",
    ] {
        let m = variant_message(name, "STREAM-SHAPE-001");
        assert!(
            m.contains("status update event final is the string \"true\", not a JSON boolean"),
            "{name}: {m}"
        );
        assert!(
            m.ends_with("write \"final\": true, without quotes"),
            "{name}: {m}"
        );
        let m = variant_message(name, "STREAM-FINAL-001");
        assert!(
            m.ends_with("does not set final to true (final is the string \"true\", not the JSON boolean true: write \"final\": true, without quotes)"),
            "{name}: {m}"
        );
    }
    // "false" on a working update: no stream-end verdict, only the shape.
    let m = variant_message(
        "b32s-K1-v03-rpc-stream-final-string-false",
        "STREAM-SHAPE-001",
    );
    assert!(
        m.contains("final is the string \"false\"") && m.contains("write \"final\": false"),
        "{m}"
    );
}

#[test]
fn a_string_or_number_blocking_is_the_clients_request_shape_error() {
    let m = variant_message(
        "b32s-K2-v03-rpc-send-blocking-string-false",
        "DATA-SHAPE-002",
    );
    assert!(
        m.starts_with("client's send configuration blocking is the string \"false\", not a JSON boolean as the 0.3 JSON Schema types it"),
        "{m}"
    );
    assert!(
        m.ends_with("write \"blocking\": false, without quotes"),
        "{m}"
    );
    let m = variant_message("b32s-K2-v02-rpc-send-blocking-number", "DATA-SHAPE-002");
    assert!(
        m.contains("blocking is the number 0, not a JSON boolean as the 0.2 JSON Schema")
            && m.contains("any number but 0 as true")
            && m.ends_with("write \"blocking\": false, without quotes"),
        "{m}"
    );
    let m = variant_message("b32s-K2-v03-rest-send-blocking-string", "DATA-SHAPE-002");
    assert!(m.contains("as the 0.3 proto types it"), "{m}");
}

#[test]
fn real_booleans_absent_and_null_members_stay_quiet() {
    for name in [
        "b32s-K1-legal-v03-rpc-stream-real-booleans",
        "b32s-K1-legal-v03-rpc-stream-optional-members-absent-or-null",
        "b32s-K1-legal-v02-rpc-stream-real-booleans",
        "b32s-K1-legal-v03-rest-stream-real-booleans-and-defaults",
        "b32s-K2-legal-v03-rpc-send-real-types",
        "b32s-K2-legal-v02-rpc-send-members-null-or-absent",
        "b32s-K2-legal-v03-rest-send-history-length-numeric-string",
    ] {
        let got = variant_errors_and_warnings(name);
        assert!(got.is_empty(), "{name}: {got:?}");
    }
}

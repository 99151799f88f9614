//! breaker30 (blind adversary, round ten; `tests/cases/gen_b30x.py`): what the case table
//! cannot say. The rule and severity of each `b30x-*` case are checked by `verify_cases`
//! (`variants`); this checks the counts of the round, that its legal controls stay silent,
//! and what the round's fixes say:
//! - I11, I12, I17, I18: a JSON-RPC id wider than 64 bits (a Python client's `uuid4().int`) is an
//!   integer id (RPC-002): no RPC-REQ-001; an echo rounded through a double is RPC-ID-001,
//!   (STREAM-SHAPE-002 on a stream's events), and the message shows both ids digit for
//!   digit, not as two equal doubles.
//! - M05: a credential in a part's metadata (or an object nested in metadata) is
//!   AUTH-PAYLOAD-001 (AUTH-001), with the pointer to it.
//! - T14: an epoch status stamp is DATA-TIME-002 alone, not also STREAM-ORDER-001.
//! - U05: an answer with a lone surrogate escape (`\ud83d`, an emoji cut in half) is read,
//!   not called "not JSON" (RFC 8259 §8.2).
//! - A02-A04: artifacts across a reconnection: a resumed stream's append to an artifact the
//!   earlier stream delivered has its base; one no stream and no Task carried is
//!   STREAM-ARTIFACT-001; one finished (lastChunk) on the earlier stream is
//!   STREAM-ARTIFACT-002, naming the earlier stream's exchange.
//! - C09: a ListTasks `status` filter written as the enum's number (`2`, which ProtoJSON
//!   parsers read as TASK_STATE_WORKING) is judged as that state, and the message says both.

use crate::common;

use common::{variant_finding as finding, variant_findings as findings};

fn names(kind: &str) -> Vec<String> {
    common::variant_names("b30x-", kind)
}

fn errors_and_warnings(name: &str) -> Vec<String> {
    common::variant_errors_and_warnings(name)
}

#[test]
fn the_round_has_its_cases_and_its_controls_stay_silent() {
    let all = names("");
    let legal = names("-legal-");
    assert!(all.len() >= 159, "{} b30x cases", all.len());
    assert!(legal.len() >= 93, "{} b30x legal controls", legal.len());
    for n in &legal {
        let loud = errors_and_warnings(n);
        assert!(loud.is_empty(), "{n}: legal control not silent: {loud:?}");
    }
}

#[test]
fn an_id_wider_than_64_bits_is_an_integer_id_compared_by_its_digits() {
    for n in [
        "b30x-I11-legal-v10-id-beyond-u64",
        "b30x-I10-legal-v10-id-i64-max",
        "b30x-I16-legal-v10-id-i64-min",
    ] {
        let all = findings(n);
        assert!(
            all.iter().all(|f| !f.rule.starts_with("RPC-")),
            "{n}: {:?}",
            all.iter().map(|f| &f.message).collect::<Vec<_>>()
        );
    }
    let f = finding("b30x-I12-v10-id-beyond-u64-rounded", "RPC-ID-001");
    assert!(
        f.message.contains("response id 18446744073709551616")
            && f.message.contains("request id 18446744073709551617"),
        "{}",
        f.message
    );
    assert!(!f.message.contains("e+19"), "{}", f.message);
    assert!(
        findings("b30x-I12-v10-id-beyond-u64-rounded")
            .iter()
            .all(|f| f.rule != "RPC-REQ-001"),
        "the client's wide integer id is an id"
    );
    // A fractional id is still none (RPC-002: string or integer).
    finding("b30x-I05-v10-id-float", "RPC-REQ-001");
    // The same on every event of a stream (RPC-005), a 128-bit id (uuid4().int) echoed
    // exactly is silent and one rounded to 2^128 is named by its digits.
    assert!(errors_and_warnings("b30x-I17-legal-v10-stream-wide-id-echoed").is_empty());
    let f = finding("b30x-I18-v10-stream-wide-id-rounded", "STREAM-SHAPE-002");
    assert!(
        f.message.contains("id 340282366920938463463374607431768211456 instead of the request id 340282366920938463463374607431768211455"),
        "{}",
        f.message
    );
}

#[test]
fn a_credential_in_a_parts_metadata_is_named_where_it_is() {
    let f = finding(
        "b30x-M05-v10-credential-in-part-metadata",
        "AUTH-PAYLOAD-001",
    );
    assert!(
        f.message
            .contains("/params/message/parts/0/metadata/authorization"),
        "{}",
        f.message
    );
    // Not the token itself (it is a secret).
    assert!(!f.message.contains("eyJhbGci"), "{}", f.message);
}

#[test]
fn an_epoch_stamp_is_one_finding_not_also_a_reorder() {
    let rules = errors_and_warnings("b30x-T14-v10-stream-status-epoch");
    assert_eq!(rules, ["DATA-TIME-002"], "{rules:?}");
    // A real step back in time is still told, across offsets too.
    let f = finding(
        "b30x-T12-v10-stream-ts-backwards-across-offsets",
        "STREAM-ORDER-001",
    );
    assert!(f.message.contains("11:00:03.000+01:00"), "{}", f.message);
}

#[test]
fn a_lone_surrogate_escape_is_read_not_called_not_json() {
    let all = findings("b30x-U05-legal-v10-lone-surrogate-in-text");
    assert!(
        all.iter().all(|f| f.rule != "RPC-ENVELOPE-001"),
        "{:?}",
        all.iter().map(|f| &f.message).collect::<Vec<_>>()
    );
    // The answer is read as a task: a fault inside it is still judged.
    let j = a2a_interop::model::json::Json::parse(
        br#"{"id":"t1","status":{"state":"TASK_STATE_COMPLETED"},"x":"cut \ud83d here \udc00 and \ud83d\ude00"}"#,
    )
    .unwrap();
    assert_eq!(
        j.get("x").and_then(|v| v.as_str()),
        Some("cut \u{fffd} here \u{fffd} and \u{1f600}")
    );
}

#[test]
fn artifacts_across_a_reconnection() {
    // A02: the subscribe's Task lost a1 (TASK-STATE-010), but the append continues what
    // the first stream delivered: no STREAM-ARTIFACT-001.
    let a02 = errors_and_warnings("b30x-A02-v10-reset-then-subscribe-snapshot-lost-artifact");
    assert!(
        a02.contains(&"TASK-STATE-010".to_string())
            && !a02.contains(&"STREAM-ARTIFACT-001".to_string()),
        "{a02:?}"
    );
    let a03 = finding(
        "b30x-A03-v10-artifact-append-unknown-after-reconnect",
        "STREAM-ARTIFACT-001",
    );
    assert!(a03.message.contains("artifact a9"), "{}", a03.message);
    let a04 = finding(
        "b30x-A04-v10-artifact-chunk-after-last-across-reconnect",
        "STREAM-ARTIFACT-002",
    );
    assert!(a04.message.contains("earlier stream"), "{}", a04.message);
    // The earlier stream's lastChunk is shown in its own exchange, then the late chunk.
    assert_eq!(
        a04.evidence[0].exchange.as_deref(),
        Some("e2"),
        "{:?}",
        a04.evidence
    );
    assert_eq!(
        a04.evidence[1].exchange.as_deref(),
        Some("e3"),
        "{:?}",
        a04.evidence
    );
}

#[test]
fn a_list_status_filter_given_as_the_enum_number_is_judged_as_its_state() {
    let f = finding(
        "b30x-C09-v10-jsonrpc-list-status-number-filter-ignored",
        "DATA-LIST-003",
    );
    assert!(
        f.message.contains(
            "is TASK_STATE_COMPLETED although the request filters status 2 (TASK_STATE_WORKING)"
        ),
        "{}",
        f.message
    );
    assert!(
        errors_and_warnings("b30x-C08-legal-v10-jsonrpc-list-status-as-enum-number").is_empty()
    );
}

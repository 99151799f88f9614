//! breaker38 (blind adversary, round eighteen; `tests/cases/gen_b38x.py`): what the case
//! table cannot say. The rule and severity of each `b38x-*` case are checked by
//! `verify_cases` (`variants`); this checks the counts of the round, that its legal controls
//! stay silent, and what the round's fix says:
//! - K01-K07 (issue 7, robustness): a body that is valid JSON nested deeper than the
//!   parser's 128 levels (RFC 8259 §9 lets a parser limit nesting) is no fault of its
//!   sender. Main said nothing of a too-deep JSON-RPC request, HTTP+JSON answer or push
//!   notification (the exchange was silently left unjudged) and failed the agent of a
//!   too-deep HTTP+JSON request with REST-ERROR-001 ("not valid JSON"); now each such
//!   exchange is listed as not fully judged, naming the body, as a too-deep JSON-RPC answer
//!   already was, and the transcript's other calls are still judged (K07).
//! - K08-K12 (the same, found next): a number beyond a 64-bit float's range (`1e400`; RFC
//!   8259 §6 lets a parser limit range) in a JSON-RPC request or answer, an HTTP+JSON
//!   request, a stream event or a push notification. Main called each body no JSON
//!   (DATA-SHAPE-005, REST-ERROR-001, RPC-ENVELOPE-001, SSE-FRAME-002); now it is listed as
//!   not judged, naming the limit.
//! - K13-K15 (the same, found next): an Agent Card (public, or the HTTP+JSON extended one)
//!   whose extension params nest past 128 levels or hold 1e400 was CARD-SHAPE-004 ("not a
//!   JSON object") on main; now it is listed as not judged.
//! - K16, K17 (the same, found next): error answers whose details nest past 128 levels, a
//!   JSON-RPC error under HTTP 500 (main: RPC-ENVELOPE-001) and a 404 google.rpc.Status
//!   (main: CARD-URL-002, the 404 read as a missing route), are listed as not judged.

use crate::common;

use a2a_interop::model::jsonrpc::{NUMBER_OUT_OF_RANGE, TOO_DEEP};
use common::{one_variant as one, verify_variant};

#[test]
fn the_round_has_its_cases_and_its_controls_stay_silent() {
    common::assert_blind_round("b38x-", 300, 150);
}

#[test]
fn a_body_nested_too_deep_is_listed_as_not_judged_naming_it() {
    for (p, body) in [
        ("b38x-K01-", "request body"),
        ("b38x-K02-", "request body"),
        ("b38x-K03-", "request body"),
        ("b38x-K04-", "push notification body"),
        ("b38x-K05-", "response body"),
        ("b38x-K06-", "request body"),
        ("b38x-K07-", "request body"),
        ("b38x-K13-", "agent card"),
        ("b38x-K15-", "agent card"),
        ("b38x-K16-", "response body"),
        ("b38x-K17-", "response body"),
    ] {
        assert_not_judged_only(p, &format!("{body} {TOO_DEEP}"));
    }
}

#[test]
fn a_number_beyond_a_float_is_listed_as_not_judged_naming_it() {
    for (p, body) in [
        ("b38x-K08-", "request body"),
        ("b38x-K09-", "request body"),
        ("b38x-K10-", "response body"),
        ("b38x-K11-", "sse event data"),
        ("b38x-K12-", "push notification body"),
        ("b38x-K14-", "agent card"),
    ] {
        assert_not_judged_only(p, &format!("{body} {NUMBER_OUT_OF_RANGE}"));
    }
}

/// The one variant starting with `p` lists exactly one exchange as not judged for `want`
/// and has no finding that calls a body "not JSON".
fn assert_not_judged_only(p: &str, want: &str) {
    let n = one(p);
    let out = verify_variant(&n);
    let hits: Vec<_> = out.incomplete.iter().filter(|(_, w)| w == want).collect();
    assert_eq!(hits.len(), 1, "{n}: {:?}", out.incomplete);
    assert!(
        !out.findings
            .iter()
            .any(|f| f.message.contains("not valid JSON") || f.message.contains("not JSON")),
        "{n}: {:?}",
        out.findings
            .iter()
            .map(|f| (&f.rule, &f.message))
            .collect::<Vec<_>>()
    );
}

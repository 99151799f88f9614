//! breaker39 (blind adversary, round nineteen; `tests/cases/gen_b39x.py`,
//! `tests/cases/variants/gen_b39g.py`): what the case table cannot say. The rule and
//! severity of each `b39x-*` / `b39g-*` case are checked by `verify_cases` (`variants`);
//! this checks the counts of the round, that its legal controls stay silent, and what
//! "not judged" listing the round's robustness fix (issue 7) gives:
//! - b39g (the gRPC form of breaker38's K01-K17): a gRPC message that is valid protobuf
//!   beyond the decoder, metadata (a google.protobuf.Struct, three message levels a level)
//!   nested past prost's 100 message levels, or a google.protobuf.Value number that is NaN
//!   or an infinity (no ProtoJSON form), was GRPC-FRAME-002 (request) / GRPC-FRAME-001
//!   (answer, stream message) on main: "not a lf.a2a.v1.SendMessageRequest: recursion limit
//!   reached", "has no ProtoJSON form". Now the call is listed as not judged, naming why.
//! - HAR input (`tests/data/har/b39-*.har`, b38x K01 / K05 / K11 / K12 exported and the
//!   recorder's `_` fields removed, as a browser writes it): a body nested past 128 levels
//!   or holding 1e400 is listed as not judged, as in transcripts. This held on main already
//!   (the HAR reader hands bodies to the same parsers): a guard, not a fix.

use crate::common;

use std::path::Path;

use a2a_interop::model::jsonrpc::{NUMBER_OUT_OF_RANGE, TOO_DEEP};
use common::{one_variant as one, verify_file, verify_variant};

#[test]
fn the_round_has_its_cases_and_its_controls_stay_silent() {
    common::assert_blind_round("b39x-", 200, 110);
    common::assert_blind_round("b39g-", 11, 9);
}

#[test]
fn grpc_messages_beyond_the_decoder_are_listed_as_not_judged() {
    for (p, why) in [
        ("b39g-1-legal-v10-grpc-request-metadata-nested-40", "request message: lf.a2a.v1.SendMessageRequest nests messages deeper than the decoder reads"),
        ("b39g-1-legal-v10-grpc-request-metadata-nested-150", "request message: lf.a2a.v1.SendMessageRequest nests messages deeper than the decoder reads"),
        ("b39g-1-legal-v10-grpc-answer-task-metadata-nested-40", "response message: lf.a2a.v1.SendMessageResponse nests messages deeper than the decoder reads"),
        ("b39g-1-legal-v10-grpc-answer-task-metadata-nested-150", "response message: lf.a2a.v1.SendMessageResponse nests messages deeper than the decoder reads"),
        ("b39g-1-legal-v10-grpc-stream-event-nested-70", "response message: lf.a2a.v1.StreamResponse nests messages deeper than the decoder reads"),
        ("b39g-1-legal-v10-grpc-request-value-infinity", "request message: lf.a2a.v1.SendMessageRequest holds a google.protobuf.Value number that is NaN or an infinity"),
        ("b39g-1-legal-v10-grpc-request-value-nan", "request message: lf.a2a.v1.SendMessageRequest holds a google.protobuf.Value number that is NaN or an infinity"),
        ("b39g-1-v10-grpc-nested-request-then-get-other-task", "request message: lf.a2a.v1.SendMessageRequest nests messages deeper than the decoder reads"),
    ] {
        let n = one(p);
        let out = verify_variant(&n);
        let hits: Vec<_> = out.incomplete.iter().filter(|(_, w)| w.starts_with(why)).collect();
        assert_eq!(hits.len(), 1, "{n}: {:?}", out.incomplete);
        assert!(
            !out.findings.iter().any(|f| f.rule.starts_with("GRPC-FRAME-")),
            "{n}: {:?}",
            out.findings.iter().map(|f| (&f.rule, &f.message)).collect::<Vec<_>>()
        );
    }
    // within the decoder: judged, nothing listed
    for p in [
        "b39g-1-legal-v10-grpc-request-metadata-nested-30",
        "b39g-1-legal-v10-grpc-request-value-1e308",
    ] {
        let out = verify_variant(&one(p));
        assert!(out.incomplete.is_empty(), "{p}: {:?}", out.incomplete);
    }
}

#[test]
fn har_bodies_beyond_the_parser_are_listed_as_not_judged() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/har");
    for (n, why) in [
        (
            "b39-K01-legal-har-v10-jsonrpc-request-too-deep",
            format!("request body {TOO_DEEP}"),
        ),
        (
            "b39-K05-legal-har-v10-rest-response-too-deep",
            format!("response body {TOO_DEEP}"),
        ),
        (
            "b39-K11-legal-har-v10-stream-event-number-1e400",
            format!("sse event data {NUMBER_OUT_OF_RANGE}"),
        ),
        (
            "b39-K12-legal-har-v10-push-body-number-1e400",
            format!("push notification body {NUMBER_OUT_OF_RANGE}"),
        ),
    ] {
        let out = verify_file(&dir.join(format!("{n}.har")));
        let hits: Vec<_> = out.incomplete.iter().filter(|(_, w)| *w == why).collect();
        assert_eq!(hits.len(), 1, "{n}: {:?}", out.incomplete);
        let loud: Vec<_> = out
            .findings
            .iter()
            .filter(|f| f.severity.as_str() != "note")
            .map(|f| (&f.rule, &f.message))
            .collect();
        assert!(loud.is_empty(), "{n}: {loud:?}");
    }
}

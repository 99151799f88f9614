//! breaker36 (blind adversary, round sixteen; `tests/cases/gen_b36x.py`): what the case
//! table cannot say. The rule and severity of each `b36x-*` case are checked by
//! `verify_cases` (`variants`); this checks the counts of the round, that its legal controls
//! stay silent, and what the round's fixes say:
//! - M04, M05, M07, N22, N25, M21-M23: an agent's status message (a send or GetTask result,
//!   a stream's status update, a ListTasks row, 0.3 HTTP+JSON `status.update`) under a
//!   messageId an earlier agent message (a reply or another status message) used for other
//!   parts is ID-MSG-003 (ID-007), once per messageId; M08, M09, L05, L07, L09, L10, N23,
//!   N24, M24, M25 (the same message again, own ids, the client's message echoed) stay
//!   silent. N10: two replies in one batch answer (one body) are compared too.
//! - N04-N06, M16, M26-M30: the calls of a JSON-RPC batch are judged as calls: an element
//!   without `"jsonrpc": "2.0"` (RPC-REQ-002), with an id that is no string or integer
//!   (RPC-REQ-001), a send whose message is malformed (DATA-SHAPE-002) or reuses a messageId
//!   (ID-MSG-002); an element that is no valid request keeps the id its answer echoes (N04,
//!   M33: no RPC-ID-001), and an answer with id null to a call with id null pairs (M27).
//! - Z03, Z04, N18, M34-M36: 0.1 parts that carry 0.2's `kind` instead of `type`, and a 0.1
//!   client's role other than user / agent, are DATA-SHAPE-001 / DATA-SHAPE-002 (the lift to
//!   the 0.2 shape hid them); M37, M38 stay silent.

use crate::common;

use a2a_interop::verify::Severity;
use common::{one_variant as one, variant_finding as finding, variants_without};

#[test]
fn the_round_has_its_cases_and_its_controls_stay_silent() {
    common::assert_blind_round("b36x-", 251, 125);
}

#[test]
fn an_agent_status_message_under_a_used_message_id_is_a_reused_id() {
    // the earlier message is named as what it was: a reply or a status message (the lead,
    // session 36: the words said "a reply or a status message" of every earlier one)
    for (p, task, what, earlier) in [
        (
            "b36x-M04-",
            "t2",
            "result task of SendMessage",
            "status message",
        ),
        ("b36x-M05-", "t1", "stream status update", "status message"),
        ("b36x-M07-", "t1", "stream status update", "status message"),
        ("b36x-N22-", "t2", "stream status update", "status message"),
        ("b36x-N25-", "t1", "result task of SendMessage", "reply"),
        (
            "b36x-M21-",
            "t2",
            "listed task of ListTasks",
            "status message",
        ),
        ("b36x-M22-", "t1", "result task of message/send", "reply"),
    ] {
        let n = one(p);
        let f = finding(&n, "ID-MSG-003");
        assert_eq!(f.severity, Severity::Warning, "{n}");
        assert!(
            f.message.starts_with(&format!(
                "agent's status message of task {task} ({what}) carries messageId"
            )) && f.message.contains(&format!(
                "which an earlier {earlier} of the agent used for other parts"
            )) && f.message.contains("(ID-007)")
                && f.message
                    .contains("a new one for each status update with new content"),
            "{n}: {}",
            f.message
        );
        assert_eq!(f.evidence.len(), 2, "{n}: the earlier message and this one");
    }
    // b36m-R1 (the lead): the other order, a reply under the id of an earlier status
    // message, names what the earlier message was
    let n = one("b36m-R1-");
    let f = finding(&n, "ID-MSG-003");
    assert!(
        f.message.starts_with(
            "agent's reply message to SendMessage carries messageId r1, which an earlier status message of the agent used for a message with other parts"
        ),
        "{n}: {}",
        f.message
    );
    // M23: 0.3 HTTP+JSON names the status message `update`
    finding(&one("b36x-M23-"), "ID-MSG-003");
    // N10: two replies of one batch answer (one body event)
    let n = one("b36x-N10-");
    assert!(
        finding(&n, "ID-MSG-003")
            .message
            .contains("agent's reply message to SendMessage carries messageId r1"),
        "{n}"
    );
    variants_without(
        &[
            "b36x-M08-",
            "b36x-M09-",
            "b36x-L05-",
            "b36x-L07-",
            "b36x-L09-",
            "b36x-L10-",
            "b36x-N23-",
            "b36x-N24-",
            "b36x-M24-",
            "b36x-M25-",
        ],
        "ID-MSG-",
    );
}

#[test]
fn a_stream_that_keeps_one_id_for_its_progress_messages_is_told_once() {
    let n = one("b36x-M05-");
    let hits = common::variant_findings(&n)
        .into_iter()
        .filter(|f| f.rule == "ID-MSG-003")
        .count();
    assert_eq!(hits, 1, "{n}");
}

#[test]
fn the_calls_of_a_batch_are_judged_as_calls() {
    for (p, rule, words) in [
        ("b36x-N04-", "RPC-REQ-002", "client's JSON-RPC batch element 1 calls tasks/get and has no jsonrpc member: it is no JSON-RPC 2.0 request, so a strict agent answers it -32600 Invalid Request"),
        ("b36x-M26-", "RPC-REQ-002", "client's JSON-RPC batch element 1 calls tasks/get and has jsonrpc \"1.0\" instead of \"2.0\""),
        ("b36x-N05-", "RPC-REQ-001", "client's JSON-RPC batch element 1 calls GetTask with an id that is a number with a fraction: the A2A schemas allow a string or an integer (RPC-002)"),
        ("b36x-M27-", "RPC-REQ-001", "client's JSON-RPC batch element 1 calls tasks/get with an id that is null"),
        ("b36x-N06-", "DATA-SHAPE-002", "client's JSON-RPC batch element 1 calls SendMessage with a malformed message: message has no parts"),
        ("b36x-M28-", "DATA-SHAPE-002", "client's JSON-RPC batch element 0 calls message/send with a malformed message"),
        ("b36x-M16-", "ID-MSG-002", "client sent messageId m7 again (JSON-RPC batch element 1, SendMessage) with other parts"),
        ("b36x-M29-", "ID-MSG-002", "client sent messageId m5 again (JSON-RPC batch element 1, message/send)"),
        ("b36x-M30-", "ID-MSG-002", "client sent messageId m1 again (JSON-RPC batch element 0, SendMessage)"),
    ] {
        let n = one(p);
        let f = finding(&n, rule);
        assert!(f.message.contains(words), "{n}: {}", f.message);
    }
    // an element that is no valid request keeps its id; an id null answer echoes a null id
    variants_without(&["b36x-N04-", "b36x-M33-", "b36x-M27-"], "RPC-ID-");
    variants_without(&["b36x-M31-", "b36x-M32-", "b36x-M33-"], "RPC-REQ-");
    variants_without(&["b36x-M32-", "b36x-L03-"], "ID-MSG-");
}

#[test]
fn a_0_1_part_with_kind_instead_of_type_is_malformed() {
    for (p, rule, words) in [
        (
            "b36x-Z03-",
            "DATA-SHAPE-001",
            "0.1 result of tasks/send is malformed: 0.1 part has kind \"text\" but no type",
        ),
        (
            "b36x-M35-",
            "DATA-SHAPE-001",
            "0.1 part has kind \"text\" but no type",
        ),
        (
            "b36x-Z04-",
            "DATA-SHAPE-002",
            "0.1 part has kind \"text\" but no type: 0.1 names a part's kind in type",
        ),
        (
            "b36x-M36-",
            "DATA-SHAPE-002",
            "0.1 part has kind \"file\" but no type",
        ),
        (
            "b36x-N18-",
            "DATA-SHAPE-002",
            "0.1 message role \"ROLE_USER\" is neither user nor agent (the 0.1 Role enum)",
        ),
        (
            "b36x-M34-",
            "DATA-SHAPE-001",
            "0.1 result of tasks/send is malformed: 0.1 part has kind \"text\" but no type",
        ),
    ] {
        let n = one(p);
        let f = finding(&n, rule);
        assert!(f.message.contains(words), "{n}: {}", f.message);
    }
    variants_without(
        &["b36x-M37-", "b36x-M38-", "b36x-Z01-", "b36x-Z02-"],
        "DATA-SHAPE-",
    );
}

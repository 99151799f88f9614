//! breaker34 (blind adversary, round fourteen; `tests/cases/gen_b34x.py`): what the case
//! table cannot say. The rule and severity of each `b34x-*` case are checked by
//! `verify_cases` (`variants`); this checks the counts of the round, that its legal controls
//! stay silent, and what the round's fixes say:
//! - A01-A05, A10-A16, M01-M04, M06, M07, M54, M56: a call served with only a credential
//!   no scheme of the card names (a Bearer token, Digest or a custom scheme for a Basic
//!   card, Basic for a Bearer card, an Authorization header or an X-API-Key for a card that
//!   names neither) is AUTH-OPEN-001 naming what was sent and what the card asks for;
//!   A21-A34, M10-M16, M53, M55, M57 (letter case, DPoP for OAuth, optional security, mTLS,
//!   an extra header beside the declared one) stay silent.
//! - M05: Basic AND an API key required, the key and a Bearer token sent: the Bearer token
//!   is no Basic credential, so half of the requirement was missing (AUTH-007).
//! - C52, C53, M20-M22: a send naming a task id the agent had answered TaskNotFoundError
//!   for (on a send, streamed or not, JSON-RPC or HTTP+JSON), then a message naming that
//!   id answered with a new task of it, is ID-TASK-002; M24-M27 stay silent.
//! - H29, M30, M31, M52: a streamed send's `configuration.historyLength` binds the
//!   stream's Task as it binds SendMessage's (DATA-HISTORY-001 / -003); M32-M35, M50, M51
//!   (within the limit, none asked, a later SubscribeToTask) stay silent.

use crate::common;

use a2a_interop::verify::Severity;
use common::{
    one_variant as one, variant_finding as finding, variant_rules as rules, variants_without,
};

#[test]
fn the_round_has_its_cases_and_its_controls_stay_silent() {
    common::assert_blind_round("b34x-", 200, 98);
}

#[test]
fn a_call_served_under_a_credential_the_card_does_not_name_is_an_open_endpoint() {
    for (p, sent, wanted) in [
        (
            "b34x-A01-",
            "with only the Authorization header as Bearer",
            "the Authorization header as Basic (scheme basic)",
        ),
        (
            "b34x-A02-",
            "with only the Authorization header as Basic",
            "the Authorization header as Bearer (scheme bearer)",
        ),
        (
            "b34x-A05-",
            "with only the Authorization header as Bearer",
            "the X-API-Key header (scheme key)",
        ),
        (
            "b34x-A10-",
            "with only the Authorization header as Bearer",
            "the Authorization header as Basic (scheme basic), or the X-API-Key header (scheme key)",
        ),
        (
            "b34x-M01-",
            "with only the Authorization header as Digest",
            "the Authorization header as Basic (scheme basic)",
        ),
        (
            "b34x-M54-",
            "with only the x-api-key header",
            "the Authorization header (scheme oidc)",
        ),
    ] {
        let n = one(p);
        let f = finding(&n, "AUTH-OPEN-001");
        assert_eq!(f.severity, Severity::Error, "{n}");
        assert!(
            f.message.contains(sent)
                && f.message.contains(&format!("the card asks for {wanted}"))
                && f.message.contains("which no security scheme of the agent card names")
                && f.message.contains("refuse such a call with 401")
                && f.message.contains("(AUTH-002)"),
            "{n}: {}",
            f.message
        );
    }
    // every binding and generation: HTTP+JSON, a stream, 0.3, 0.2, other operations
    for p in [
        "b34x-A03-",
        "b34x-A04-",
        "b34x-A11-",
        "b34x-A12-",
        "b34x-A13-",
        "b34x-A14-",
        "b34x-A15-",
        "b34x-A16-",
        "b34x-M02-",
        "b34x-M03-",
        "b34x-M04-",
        "b34x-M06-",
        "b34x-M07-",
        "b34x-M56-",
    ] {
        let n = one(p);
        assert!(
            finding(&n, "AUTH-OPEN-001")
                .message
                .contains("which no security scheme of the agent card names"),
            "{n}"
        );
    }
    // Basic AND key: the key and a Bearer token are half of the requirement
    let m05 = finding(&one("b34x-M05-"), "AUTH-OPEN-001");
    assert!(
        m05.message
            .contains("without the Authorization header as Basic of scheme basic that the card's security requirement also needs"),
        "{}",
        m05.message
    );
    // the declared credential under another letter case, or beside an extra header, is fine
    variants_without(
        &[
            "b34x-A22-",
            "b34x-A21-",
            "b34x-A24-",
            "b34x-A23-",
            "b34x-A26-",
            "b34x-A32-",
            "b34x-A28-",
            "b34x-A29-",
            "b34x-A30-",
            "b34x-M11-",
            "b34x-M12-",
            "b34x-M14-",
            "b34x-M53-",
            "b34x-M55-",
        ],
        "AUTH-OPEN-001",
    );
}

#[test]
fn a_task_the_agent_said_it_did_not_know_is_not_created_for_the_client() {
    for p in [
        "b34x-C52-",
        "b34x-C53-",
        "b34x-M20-",
        "b34x-M21-",
        "b34x-M22-",
        "b34x-M23-",
    ] {
        let n = one(p);
        let f = finding(&n, "ID-TASK-002");
        assert!(
            f.message.contains("message naming task t-mine, for which the agent had answered TaskNotFoundError earlier in this recording, was answered with a new task of that id"),
            "{n}: {}",
            f.message
        );
        assert!(!rules(&n).contains(&"ID-TASK-004".to_string()), "{n}");
    }
    variants_without(
        &["b34x-M24-", "b34x-M25-", "b34x-M26-", "b34x-M27-"],
        "ID-TASK-002",
    );
}

#[test]
fn a_streamed_sends_history_length_binds_the_streams_task() {
    for (p, rule, words) in [
        (
            "b34x-H29-",
            "DATA-HISTORY-001",
            "task carries 3 history messages although SendStreamingMessage asked for historyLength 1",
        ),
        (
            "b34x-M30-",
            "DATA-HISTORY-001",
            "task carries 2 history messages although SendStreamingMessage asked for historyLength 0, which asks for none",
        ),
        (
            "b34x-M31-",
            "DATA-HISTORY-001",
            "task carries 4 history messages although SendStreamingMessage asked for historyLength 2",
        ),
        (
            "b34x-M52-",
            "DATA-HISTORY-003",
            "agent answered SendStreamingMessage with historyLength 2 for task t1 with history [h0, h1]",
        ),
    ] {
        let n = one(p);
        let f = finding(&n, rule);
        assert!(f.message.contains(words), "{n}: {}", f.message);
    }
    variants_without(
        &[
            "b34x-M32-",
            "b34x-M33-",
            "b34x-M34-",
            "b34x-M35-",
            "b34x-M50-",
            "b34x-M51-",
        ],
        "DATA-HISTORY-",
    );
}

//! mine36 (round thirty-six: interrupted states, mixed 0.3 / 1.0 fleets, orchestrators and
//! their sub-agents): what TASK-STATE-015 (message-to-interrupted-task-refused) says when an
//! agent refuses the follow-up to an INPUT_REQUIRED or AUTH_REQUIRED task as if the task had
//! ended (ggcode #1107), and what VER-HDR-003 (client-version-not-major-minor) says of an
//! A2A-Version with no version in it (spring-ai-alibaba PR #4822); and that both stay quiet
//! where they must. Rules and severities are checked by `verify_cases`.

use crate::common;

use common::{assert_variants_quiet as assert_quiet, only_message as message, variant_message};

#[test]
fn a_follow_up_to_an_auth_required_task_refused_as_terminal_names_the_state_and_the_refusal() {
    let out = common::verify_field("f825-v10-auth-required-task-refused-as-terminal");
    assert_eq!(
        message(&out, "TASK-STATE-015"),
        "agent refused SendMessage continuing task t-1107 with -32004 UnsupportedOperationError, although it last showed the task in TASK_STATE_AUTH_REQUIRED, which is interrupted, not terminal: UnsupportedOperationError is the answer for a task in a terminal state (TASK-002); an interrupted task waits for its client, and a message naming it is how the client answers (TASK-006, TASK-007), so the task is stuck; a later read of the task (e4) still shows it TASK_STATE_AUTH_REQUIRED, so it had not ended"
    );
    // The finding points at the state the task was last seen in, the follow-up, the
    // refusal's code and (left37) the later GetTask that still shows the task waiting.
    let f = out
        .findings
        .iter()
        .find(|f| f.rule == "TASK-STATE-015")
        .unwrap();
    assert_eq!(f.evidence.len(), 4, "{:?}", f.evidence);
    assert_eq!(f.evidence[2].pointer.as_deref(), Some("/error/code"));
    assert_eq!(f.evidence[3].exchange.as_deref(), Some("e4"));
}

#[test]
fn the_refusal_is_told_in_the_wires_own_words_on_each_binding() {
    let m = variant_message(
        "b36a-I2-v10-rest-input-required-follow-up-refused",
        "TASK-STATE-015",
    );
    assert!(
        m.starts_with("agent refused SendMessage continuing task t-i2 with HTTP 400 UNSUPPORTED_OPERATION, although it last showed the task in TASK_STATE_INPUT_REQUIRED"),
        "{m}"
    );
    let m = variant_message(
        "b36a-I1-v10-stream-input-required-follow-up-refused",
        "TASK-STATE-015",
    );
    assert!(
        m.starts_with("agent refused SendStreamingMessage continuing task t-i1 with -32004 UnsupportedOperationError"),
        "{m}"
    );
}

#[test]
fn refusals_of_finished_running_or_canceled_tasks_and_accepted_follow_ups_stay_quiet() {
    assert_quiet(&[
        "b36a-I4-legal-v10-completed-task-follow-up-refused",
        "b36a-I5-legal-v10-working-task-follow-up-refused",
        "b36a-I6-legal-v10-input-required-canceled-then-follow-up-refused",
        "b36a-I7-legal-v10-auth-required-follow-up-accepted",
    ]);
}

#[test]
fn a_version_header_without_a_version_says_the_setting_is_unset() {
    let out = common::verify_field("f822-v10-client-version-header-null");
    assert_eq!(
        message(&out, "VER-HDR-003"),
        "client sent A2A-Version \"null\", which is no version but an unset setting written out as text: the client has no protocol version configured for this agent (take it from the card's supportedInterfaces[].protocolVersion, or default to the version the client speaks, \"1.0\")"
    );
    // A word that is no unset value is told as no version at all.
    assert_eq!(
        variant_message("b36a-V3-v10-version-latest-refused", "VER-HDR-003"),
        "client sent A2A-Version \"latest\", which is no version at all: A2A-Version carries the Major.Minor the client speaks (\"1.0\")"
    );
}

#[test]
fn an_empty_or_major_minor_version_header_stays_quiet() {
    assert_quiet(&[
        "b36a-V4-legal-v03-version-header-empty",
        "b36a-V5-legal-v10-version-major-minor",
    ]);
}

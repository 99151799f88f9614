//! mine26a: what the round's kind fixes say. The rule and severity of each case are checked
//! by `verify_cases`; this checks that the messages name the cause and the evidence.
//! - AUTH-SCHEME-004 (opencode-a2a #4, google/adk-java #1258, molecule-core PR #401): the
//!   refused calls, what the card asks for, and, when the client has the credential, that
//!   it sent it on its other calls.
//! - AUTH-CHALLENGE-001 (nexent PR #3636): a 403 to a call without the card's credentials
//!   names the 403, the credentials the card asks for and the 401 that should have come.
//! - AUTH-SCHEME-003 (nexent PR #3636): the refusal's status as it was (403, not 401); a
//!   client rule (session 27): the agent that refused a misplaced credential is not graded
//!   down for the client's fault.

use crate::common;

use common::{only_message as message, verify_field as field, verify_variant as run};

#[test]
fn missing_credential_names_calls_and_card_scheme() {
    let m = message(
        &field("f427-v03-rest-client-sends-no-credentials"),
        "AUTH-SCHEME-004",
    );
    assert!(
        m.contains("without any credential in 2 calls")
            && m.contains("POST /v1/message:send (exchange e2, HTTP 401)")
            && m.contains("the Authorization header (scheme bearer)")
            && !m.contains("though it sent one"),
        "{m}"
    );
    // A client that has the credential and leaves it off one operation: said so.
    let m = message(
        &run("b26a-K1-v10-get-task-without-credential-send-with"),
        "AUTH-SCHEME-004",
    );
    assert!(
        m.contains("GetTask (exchange e3, HTTP 401)")
            && m.contains("though it sent one on its other calls to that agent"),
        "{m}"
    );
    // A challenge the client answered is no finding.
    let out = run("b26a-K1-legal-v03-challenge-answered-by-retry");
    assert!(
        out.findings.iter().all(|f| f.rule != "AUTH-SCHEME-004"),
        "{:?}",
        out.findings
    );
}

#[test]
fn forbidden_without_credentials_names_403_and_the_401() {
    let out = field("f429-v10-declared-key-headers-missing-answered-403");
    let m = message(&out, "AUTH-CHALLENGE-001");
    assert!(
        m.contains("with 403 although the request carried none of the credentials")
            && m.contains(
                "the X-HW-ID header (scheme hwId) and the X-HW-APPKEY header (scheme hwAppKey)"
            )
            && m.contains("answered 401 with a WWW-Authenticate challenge"),
        "{m}"
    );
    let m = message(&out, "AUTH-SCHEME-003");
    assert!(m.contains("refused the call with 403"), "{m}");
}

/// AUTH-SCHEME-003 blames the client (its advice is all about what the client sends) and
/// the agent did what its card says by refusing: the finding is reported, and the agent's
/// conformance level ignores it, as for every client rule (`verify::rules::CLIENT_RULES`).
/// Before session 27 the golden fail case, a correct refusal, graded the agent "minimal".
#[test]
fn misplaced_credential_does_not_grade_the_agent_that_refused_it() {
    use a2a_interop::report::model::ConformanceLevel;
    assert!(a2a_interop::verify::rules::judges_client("AUTH-SCHEME-003"));
    let out = common::verify_file(
        &std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/golden/AUTH-SCHEME-003-fail/input.jsonl"),
    );
    let rules: Vec<&str> = out.findings.iter().map(|f| f.rule.as_str()).collect();
    assert_eq!(rules, ["AUTH-SCHEME-003"]);
    let all_areas: Vec<String> = ["card", "task", "stream", "push"]
        .iter()
        .map(|a| a.to_string())
        .collect();
    let (level, why) = ConformanceLevel::derive(&out.findings, &[], &all_areas, false);
    assert_eq!(level, ConformanceLevel::Full, "{why}");
    // An agent fault beside it still grades the agent (f429: the 403 that should have been
    // a 401 challenge, AUTH-CHALLENGE-001).
    let out = field("f429-v10-declared-key-headers-missing-answered-403");
    let (level, why) = ConformanceLevel::derive(&out.findings, &[], &all_areas, false);
    assert_ne!(level, ConformanceLevel::Full, "{why}");
    assert!(why.contains("AUTH-CHALLENGE-001"), "{why}");
}

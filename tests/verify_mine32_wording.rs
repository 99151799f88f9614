//! mine32 (round thirty-one: the data model at its edges): what the widened findings say
//! when a member has the wrong JSON type. A card's required string or list that is `null`
//! or a number, and a message's messageId / parts, a Task's contextId / status, an
//! artifact's parts of the wrong type are named for what they are (null, the number 12),
//! with what a ProtoJSON reader makes of it, instead of "is not a list" or "has no
//! messageId". Rules and severities are checked by `verify_cases`.

use crate::common;

use common::{only_message as message, variant_errors_and_warnings, variant_message};

#[test]
fn null_required_card_lists_say_null_and_what_protojson_reads() {
    let out = common::verify_field("f720-v10-card-required-lists-null");
    let m = message(&out, "CARD-SHAPE-001");
    for key in ["defaultInputModes", "defaultOutputModes", "skills"] {
        assert!(
            m.contains(&format!("agent card {key} is null, not a list: ProtoJSON reads null as the empty list, and this REQUIRED list must not be empty")),
            "{key}: {m}"
        );
    }
    assert!(!m.contains("is not a list;"), "{m}");
    let m = variant_message("b32a-K1-v10-skill-tags-null", "CARD-SHAPE-001");
    assert!(m.starts_with("skill tags is null, not a list"), "{m}");
}

#[test]
fn card_strings_of_the_wrong_type_are_named_with_the_string_to_write() {
    let m = variant_message("b32a-K1-v10-card-version-null", "CARD-SHAPE-001");
    assert_eq!(
        m,
        "agent card version is null, not a string: ProtoJSON reads null as unset, so the REQUIRED version is missing"
    );
    let m = variant_message("b32a-K1-v03-card-protocol-version-number", "CARD-SHAPE-001");
    assert_eq!(
        m,
        "agent card protocolVersion is the number 0.3, not a string: write it as the string \"0.3\""
    );
    let m = variant_message("b32a-K1-v03-card-version-number", "CARD-SHAPE-001");
    assert!(
        m.starts_with("agent card version is the number 1.0, not a string"),
        "{m}"
    );
    let m = variant_message("b32a-K1-v10-skill-id-number", "CARD-SHAPE-001");
    assert_eq!(
        m,
        "skill id is the number 7, not a string: write it as the string \"7\""
    );
    let m = variant_message(
        "b32a-K1-v10-interface-protocol-version-number",
        "CARD-SHAPE-003",
    );
    assert!(
        m.contains("interface protocolVersion is the number 1.0, not a string: write it as the string \"1.0\""),
        "{m}"
    );
}

#[test]
fn null_optional_members_and_a_02_null_protocol_version_stay_quiet() {
    for name in [
        "b32a-K1-legal-v02-card-protocol-version-null",
        "b32a-K1-legal-v10-card-optional-members-null",
        "b32a-K1-legal-v03-card-version-numeric-string",
        "b32a-K2-legal-v10-message-optional-members-null",
    ] {
        assert_eq!(
            variant_errors_and_warnings(name),
            Vec::<String>::new(),
            "{name}"
        );
    }
}

#[test]
fn message_and_task_members_of_the_wrong_type_are_not_told_as_absent() {
    let m = variant_message("b32a-K2-v10-agent-message-id-number", "DATA-SHAPE-001");
    assert!(
        m.contains("message messageId is not a string but the number 12345")
            && m.contains("(write it as \"12345\")")
            && !m.contains("has no messageId"),
        "{m}"
    );
    let m = variant_message("b32a-K2-v03-client-message-id-number", "DATA-SHAPE-002");
    assert!(
        m.starts_with(
            "client message is malformed: message messageId is not a string but the number 7"
        ),
        "{m}"
    );
    let m = variant_message("b32a-K2-v03-task-context-id-number", "DATA-SHAPE-001");
    assert!(
        m.ends_with("task contextId is the number 12, not a string (send \"12\")"),
        "{m}"
    );
    let m = variant_message("b32a-K2-v10-stream-artifact-parts-null", "STREAM-SHAPE-001");
    assert!(m.ends_with("artifact parts is not a list but null"), "{m}");
}

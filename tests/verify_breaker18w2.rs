//! Wording and report header for breaker18a's items W4, W6, W7, W10, W13: the rules are
//! pinned by `tests/cases/variants/b18-W*`; these tests pin that the message names the
//! member as sent and the generation it belongs to.

use crate::common;

use common::variant_message as one;

/// W4: the 0.3 proto member `content` is named, and the generation that wants `parts`.
#[test]
fn w4_content_member_named_as_the_0_3_member() {
    let m = one("b18-W4-v10-task-history-content-member", "DATA-SHAPE-001");
    assert!(m.contains("under content, the 0.3 proto"), "{m}");
    assert!(m.contains("a 1.0 message carries it as parts"), "{m}");
    let m = one(
        "b18-W4-v03-jsonrpc-message-reply-content-member",
        "DATA-SHAPE-001",
    );
    assert!(
        m.contains("0.x JSON-RPC message carries it as parts"),
        "{m}"
    );
}

/// W6: status.update is named as the 0.3 proto's TaskStatus field, not as a part member.
#[test]
fn w6_status_update_named() {
    let m = one("b18-W6-v10-stream-status-update-member", "VER-MIX-001");
    assert!(m.starts_with("the agent's stream event"), "{m}");
    assert!(
        m.contains("under update, the 0.3 proto's TaskStatus field name"),
        "{m}"
    );
    assert!(!m.contains("part's"), "{m}");
}

/// W7: both members are named, with the strict parser's failure.
#[test]
fn w7_task_members_named() {
    let m = one(
        "b18-W7-v10-task-with-createdAt-lastModified",
        "DATA-SHAPE-008",
    );
    assert!(m.contains("carries createdAt, lastModified"), "{m}");
    assert!(m.contains("has no field named createdAt"), "{m}");
}

/// W10: a 1.0 card is not asked for the 0.x url; its stray protocolVersion is named.
#[test]
fn w10_no_url_demanded_of_a_1_0_card() {
    let name = "b18-W10-v10-card-stray-protocolversion-lowercase-binding";
    let m = one(name, "CARD-SHAPE-001");
    assert!(!m.contains("no url"), "{m}");
    let m = one(name, "VER-MIX-001");
    assert!(m.contains("0.x-only member protocolVersion"), "{m}");
}

/// W13: a card-only capture of a 1.0 card reports dialect 1.0; a 0.3 card-only capture
/// still reports 0.3.
#[test]
fn w13_card_only_capture_reports_its_dialect() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/cases/variants");
    let out = common::verify_file(&dir.join("b18-W13-legal-v10-card-only.jsonl"));
    assert_eq!(out.dialects, vec!["1.0".to_string()]);
    let out = common::verify_file(&dir.join("b18-W8-legal-v03-card-version-empty-string.jsonl"));
    assert_eq!(out.dialects, vec!["0.3".to_string()]);
}

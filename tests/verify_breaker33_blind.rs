//! breaker33 (blind adversary, round thirteen; `tests/cases/gen_b33x.py`): what the case
//! table cannot say. The rule and severity of each `b33x-*` case are checked by
//! `verify_cases` (`variants`); this checks the counts of the round, that its legal controls
//! stay silent, and what the round's fixes say:
//! - K46, M01, M02: `oauth2MetadataUrl` over plain http is AUTH-TLS-001 like the flows'
//!   endpoints (the proto: "TLS is required"; RFC 8414); M03 (loopback), M04 stay silent.
//! - S04, M05-M07: a JWS `typ` of `jose`, `Jose`, `application/jose` is the media type
//!   JOSE (RFC 7515 §4.1.9): no CARD-SIG-002; M08 (`application/jwt`) keeps it.
//! - M09-M11: `=` padding in `protected` or `signature` stays tolerated (breaker9d D5; the
//!   round's padded faults were the generator's), M12 (unpadded lengths) silent too.
//! - K37, K48, Q18, M13-M16: `securitySchemes` that is no object, `securityRequirements` /
//!   `security` that is no list, a 0.x requirement whose scopes are no list of strings:
//!   CARD-SHAPE-006; M17 (null), M18 (`[]`) stay silent.
//! - G14, M19-M21: a gateway that decodes an escaped `/` (`%2F`) of a task id or tenant
//!   into a separator is GW-REQ-002, saying so; M22 (kept) stays silent.
//! - G13, G17, M23, M24: a gateway that changed the task id upstream is GW-REQ-002 alone,
//!   no ID-TASK-003 for the agent that answered the id it was sent; M25 (no gateway) keeps
//!   ID-TASK-003.
//! - A21, A22, M26-M28: a credential refused 401 that is a cookie or query key sent as a
//!   header of its name, or an Authorization header under another authentication scheme
//!   than the card's http scheme (Bearer for Basic and the reverse), is AUTH-SCHEME-003;
//!   M29-M31 (lower-case bearer, OAuth under DPoP, Basic for Basic, refused for their
//!   values) stay silent.

use crate::common;

use a2a_interop::verify::Severity;
use common::{variant_finding as finding, variant_findings as findings};

fn names(kind: &str) -> Vec<String> {
    common::variant_names("b33x-", kind)
}

fn rules(name: &str) -> Vec<String> {
    findings(name).into_iter().map(|f| f.rule).collect()
}

fn one(prefix: &str) -> String {
    let n = names(prefix);
    assert_eq!(n.len(), 1, "{prefix}: {n:?}");
    n[0].clone()
}

#[test]
fn the_round_has_its_cases_and_its_controls_stay_silent() {
    let all = names("");
    let legal = names("-legal-");
    assert!(all.len() >= 281, "{} b33x cases", all.len());
    // 147 until session 46: breaker46 made G02 (a gateway's %3A for the verb's ':') a fault
    assert!(legal.len() >= 146, "{} b33x legal controls", legal.len());
    for n in &legal {
        let loud = common::variant_errors_and_warnings(n);
        assert!(loud.is_empty(), "{n}: legal control not silent: {loud:?}");
    }
}

#[test]
fn an_oauth2_metadata_url_over_plain_http_is_an_auth_endpoint_without_tls() {
    for p in ["b33x-K46-", "b33x-M01-", "b33x-M02-"] {
        let n = one(p);
        let f = finding(&n, "AUTH-TLS-001");
        assert_eq!(f.severity, Severity::Warning, "{n}");
        assert!(
            f.message.contains("http://")
                && f.message
                    .contains("/.well-known/oauth-authorization-server is plain http"),
            "{n}: {}",
            f.message
        );
        assert!(
            f.evidence.iter().any(|e| e
                .pointer
                .as_deref()
                .is_some_and(|p| p.ends_with("/oauth2MetadataUrl"))),
            "{n}: {:?}",
            f.evidence
        );
    }
    for p in ["b33x-M03-", "b33x-M04-", "b33x-K15-"] {
        let n = one(p);
        assert!(!rules(&n).contains(&"AUTH-TLS-001".to_string()), "{n}");
    }
}

#[test]
fn a_jws_typ_is_compared_as_a_media_type() {
    for p in ["b33x-S04-", "b33x-M05-", "b33x-M06-", "b33x-M07-"] {
        let n = one(p);
        assert!(rules(&n).is_empty(), "{n}: {:?}", rules(&n));
    }
    let f = finding(&one("b33x-M08-"), "CARD-SIG-002");
    assert!(
        f.message
            .contains("typ \"application/jwt\" instead of \"JOSE\""),
        "{}",
        f.message
    );
    assert!(rules(&one("b33x-S08-")).contains(&"CARD-SIG-002".to_string()));
}

#[test]
fn base64url_padding_in_a_card_signature_stays_tolerated() {
    for p in ["b33x-M09-", "b33x-M10-", "b33x-M11-", "b33x-M12-"] {
        let n = one(p);
        assert!(rules(&n).is_empty(), "{n}: {:?}", rules(&n));
    }
}

#[test]
fn security_containers_of_the_wrong_json_type_are_malformed() {
    for (p, at, words) in [
        (
            "b33x-K37-",
            "/securityRequirements",
            "securityRequirements is an object, not a list of security requirements",
        ),
        (
            "b33x-K48-",
            "/securitySchemes",
            "securitySchemes is a list, not an object mapping each scheme name",
        ),
        (
            "b33x-Q18-",
            "/security/0/oauth",
            "scopes of scheme \"oauth\" are the string \"a2a\", not a list of scope strings",
        ),
        (
            "b33x-M13-",
            "/security",
            "security is an object, not a list of security requirements",
        ),
        (
            "b33x-M14-",
            "/securitySchemes",
            "securitySchemes is the string \"bearer\"",
        ),
        (
            "b33x-M15-",
            "/security/0",
            "security requirement is not an object",
        ),
        (
            "b33x-M16-",
            "/security/0/bearer",
            "scopes of scheme \"bearer\" are null",
        ),
    ] {
        let n = one(p);
        let f = finding(&n, "CARD-SHAPE-006");
        assert!(f.message.contains(words), "{n}: {}", f.message);
        assert!(
            f.evidence.iter().any(|e| e.pointer.as_deref() == Some(at)),
            "{n}: {:?}",
            f.evidence
        );
    }
    for p in ["b33x-M17-", "b33x-M18-"] {
        let n = one(p);
        assert!(rules(&n).is_empty(), "{n}: {:?}", rules(&n));
    }
}

#[test]
fn a_gateway_that_decodes_an_escaped_slash_rewrites_the_route() {
    for (p, up) in [
        ("b33x-G14-", "GET /tasks/a/b`"),
        ("b33x-M19-", "POST /tasks/a/b:cancel`"),
        ("b33x-M20-", "GET /tasks/a/b/pushNotificationConfigs`"),
        ("b33x-M21-", "GET /org/team/tasks/t1`"),
    ] {
        let n = one(p);
        let f = finding(&n, "GW-REQ-002");
        assert!(
            f.message.contains(&format!("upstream as `{up}"))
                && f.message
                    .contains("decoded the escaped / (%2F) in a path value into a path separator"),
            "{n}: {}",
            f.message
        );
    }
    assert!(rules(&one("b33x-M22-")).is_empty());
    // A rewrite that decodes nothing says nothing about %2F.
    let f = finding(&one("b33x-G09-"), "GW-REQ-002");
    assert!(!f.message.contains("%2F"), "{}", f.message);
}

#[test]
fn a_task_id_the_gateway_changed_is_the_gateways_fault_alone() {
    for (p, words) in [
        (
            "b33x-G13-",
            "with task id t1-ab in the path instead of the client's T1-Ab",
        ),
        (
            "b33x-G17-",
            "with params.id \"t1\" instead of the client's \"T1\"",
        ),
        (
            "b33x-M23-",
            "with task id t1 in the path instead of the client's T1",
        ),
        (
            "b33x-M24-",
            "with params.id \"taska\" instead of the client's \"TaskA\"",
        ),
    ] {
        let n = one(p);
        assert_eq!(rules(&n), vec!["GW-REQ-002".to_string()], "{n}");
        let m = finding(&n, "GW-REQ-002").message;
        assert!(m.contains(words), "{n}: {m}");
    }
    let f = finding(&one("b33x-M25-"), "ID-TASK-003");
    assert!(
        f.message
            .contains("answered GetTask for task T1 with a different task t1"),
        "{}",
        f.message
    );
}

#[test]
fn a_credential_in_another_place_or_scheme_than_the_card_names_is_misplaced() {
    for (p, sent, wanted) in [
        ("b33x-A21-", "in the sid header", "the sid cookie"),
        (
            "b33x-A22-",
            "in the Authorization header as Bearer",
            "the Authorization header as Basic",
        ),
        (
            "b33x-M26-",
            "in the Authorization header as Basic",
            "the Authorization header as Bearer",
        ),
        ("b33x-M27-", "in the key header", "the key query parameter"),
        ("b33x-M28-", "in the session header", "the session cookie"),
    ] {
        let n = one(p);
        let f = finding(&n, "AUTH-SCHEME-003");
        assert_eq!(f.severity, Severity::Error, "{n}");
        assert!(
            f.message.contains(sent) && f.message.contains(&format!("the card asks for {wanted}")),
            "{n}: {}",
            f.message
        );
    }
    let m = finding(&one("b33x-A22-"), "AUTH-SCHEME-003").message;
    assert!(
        m.contains("must be the one the card's http scheme names"),
        "{m}"
    );
    for p in ["b33x-M29-", "b33x-M30-", "b33x-M31-"] {
        let n = one(p);
        assert!(rules(&n).is_empty(), "{n}: {:?}", rules(&n));
    }
}

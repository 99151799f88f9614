/*!
Agent Card checks of the prober (pure functions on the card JSON): required fields per
dialect (CARD-003 for 1.0, CARD-004 for 0.3), skills, capability flags, security schemes, and
the interfaces the card advertises (CARD-005, CARD-006). Each check returns `Ok(message)` for
a pass and `Err(message)` for a failure, messages lowercase without a final period.
*/

use serde_json::Value;

use super::Dialect;

/// Protocol binding of an interface (digest §2 `AgentInterface.protocolBinding`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Binding {
    JsonRpc,
    HttpJson,
    Grpc,
    Other,
}

impl Binding {
    fn parse(s: &str) -> Binding {
        match s.to_ascii_uppercase().as_str() {
            "JSONRPC" => Binding::JsonRpc,
            "HTTP+JSON" | "REST" => Binding::HttpJson,
            "GRPC" => Binding::Grpc,
            _ => Binding::Other,
        }
    }
}

/// One interface the card advertises.
#[derive(Clone, Debug, PartialEq)]
pub struct Interface {
    /// Dialect from `protocolVersion` (Major.Minor).
    pub dialect: Dialect,
    /// `protocolBinding` (1.0) or `transport` / `preferredTransport` (0.x).
    pub binding: Binding,
    /// The advertised URL, as written.
    pub url: String,
    /// 1.0 `AgentInterface.tenant`, put into every request (CARD-008).
    pub tenant: Option<String>,
    /// JSON Pointer of the URL in the card.
    pub pointer: String,
}

/// Interfaces in card order: 1.0 `supportedInterfaces[]` when present, else the 0.x `url`
/// with `preferredTransport` (default JSONRPC) and `additionalInterfaces[]`. Entries with an
/// unknown version are left out.
pub fn interfaces(card: &Value) -> Vec<Interface> {
    let mut out: Vec<Interface> = Vec::new();
    let mut push = |i: Interface| {
        if !out
            .iter()
            .any(|o| o.dialect == i.dialect && o.binding == i.binding && o.url == i.url)
        {
            out.push(i);
        }
    };
    if let Some(list) = card.get("supportedInterfaces").and_then(Value::as_array) {
        for (n, i) in list.iter().enumerate() {
            let (Some(url), Some(b), Some(v)) = (
                i.get("url").and_then(Value::as_str),
                i.get("protocolBinding").and_then(Value::as_str),
                i.get("protocolVersion").and_then(Value::as_str),
            ) else {
                continue;
            };
            if let Some(d) = Dialect::from_version(v) {
                push(Interface {
                    dialect: d,
                    binding: Binding::parse(b),
                    url: url.to_string(),
                    tenant: i
                        .get("tenant")
                        .and_then(Value::as_str)
                        .filter(|t| !t.is_empty())
                        .map(str::to_string),
                    pointer: format!("/supportedInterfaces/{n}/url"),
                });
            }
        }
        return out;
    }
    // 0.x card (CARD-006)
    let version = card
        .get("protocolVersion")
        .and_then(Value::as_str)
        .unwrap_or("0.3.0");
    let Some(d) = Dialect::from_version(version) else {
        return out;
    };
    if let Some(url) = card.get("url").and_then(Value::as_str) {
        let t = card
            .get("preferredTransport")
            .and_then(Value::as_str)
            .unwrap_or("JSONRPC");
        push(Interface {
            dialect: d,
            binding: Binding::parse(t),
            url: url.to_string(),
            tenant: None,
            pointer: "/url".into(),
        });
    }
    if let Some(list) = card.get("additionalInterfaces").and_then(Value::as_array) {
        for (n, i) in list.iter().enumerate() {
            if let (Some(url), Some(t)) = (
                i.get("url").and_then(Value::as_str),
                i.get("transport").and_then(Value::as_str),
            ) {
                push(Interface {
                    dialect: d,
                    binding: Binding::parse(t),
                    url: url.to_string(),
                    tenant: None,
                    pointer: format!("/additionalInterfaces/{n}/url"),
                });
            }
        }
    }
    out
}

/// The verifier's reading of `card` ([`crate::model::card::card_view`], the view its
/// CARD-SHAPE rules judge), `served_v02` when it was fetched from the 0.2 path
/// `/.well-known/agent.json`: the probe's card checks say what the verifier's rules say, and
/// the verifier's finding on the card fetch decides them (session 46; active and passive
/// verdicts are one code path).
fn verifier_view(card: &Value, served_v02: bool) -> crate::model::card::AgentCardView {
    crate::model::card::card_view(&crate::model::json::Json::from_value(card), served_v02)
}

/// Which card check owns a CARD-SHAPE-001 problem at JSON Pointer `ptr` (of the card
/// document, or under the body member an extended card answer holds it in): a skill's
/// members (`…/skills/N/…`) `card.skills`, the capabilities object (`…/capabilities`,
/// `…/capabilities/…`) `card.capabilities`, anything else (a missing or mistyped required
/// member, the skill list itself) `card.required-fields`. [`super::owning_checks`] reads the
/// verifier's finding by the same function, so the check whose words name a problem fails
/// by it.
pub fn shape_problem_check(ptr: &str) -> &'static str {
    if ptr.contains("/skills/") {
        "card.skills"
    } else if ptr.ends_with("/capabilities") || ptr.contains("/capabilities/") {
        "card.capabilities"
    } else {
        "card.required-fields"
    }
}

fn problems_of(list: &[(String, String)], keep: impl Fn(&str) -> bool) -> Vec<String> {
    list.iter()
        .filter(|(p, _)| keep(p))
        .map(|(p, m)| {
            if p.is_empty() {
                m.clone()
            } else {
                format!("{m} (at {p})")
            }
        })
        .collect()
}

/// Required members and interface entries (1.0 CARD-003 when the card has
/// `supportedInterfaces`, 0.x CARD-004 when it has `url` or `protocolVersion`, both for a
/// hybrid card) as the verifier reads them: its CARD-SHAPE-001 problems that are not a
/// skill's or the capabilities' ([`shape_problem_check`]) and its CARD-SHAPE-003 problems
/// (a malformed interface entry or card link). `Err` names each, with its JSON Pointer.
pub fn check_required(card: &Value, served_v02: bool) -> Result<String, String> {
    if !card.is_object() {
        return Err("agent card is not a JSON object".into());
    }
    let view = verifier_view(card, served_v02);
    let mut bad = problems_of(&view.problems, |p| {
        shape_problem_check(p) == "card.required-fields"
    });
    bad.extend(problems_of(&view.bad_interfaces, |_| true));
    if bad.is_empty() {
        let mut shapes = Vec::new();
        if view.has_v1_fields {
            shapes.push("1.0");
        }
        if view.has_v0_fields {
            shapes.push("0.x");
        }
        if shapes.is_empty() {
            shapes.push("1.0");
        }
        Ok(format!(
            "required fields present ({} shape)",
            shapes.join(" + ")
        ))
    } else {
        Err(format!("agent card fields broken: {}", bad.join("; ")))
    }
}

/// Each skill's required members as the verifier reads them (CARD-SHAPE-001 under
/// `/skills/N/`: 1.0 non-empty `id`, `name`, `description` and a non-empty `tags` list; 0.x
/// the members present with their types, an empty `tags` list allowed; the 0.1.0 schema
/// only `id` and `name`). `Ok(None)` when the card has no skill list (the required-fields
/// check judges that).
pub fn check_skills(card: &Value, served_v02: bool) -> Result<Option<String>, String> {
    let Some(skills) = card.get("skills").and_then(Value::as_array) else {
        return Ok(None);
    };
    let view = verifier_view(card, served_v02);
    let bad = problems_of(&view.problems, |p| shape_problem_check(p) == "card.skills");
    if bad.is_empty() {
        Ok(Some(format!("{} skills well-formed", skills.len())))
    } else {
        Err(format!(
            "skill fields missing or malformed: {}",
            bad.join("; ")
        ))
    }
}

/// The capabilities object and its flags as the verifier reads them: CARD-SHAPE-002 for a
/// flag that is not a boolean, CARD-SHAPE-001 for a `capabilities` that is missing or no
/// object.
pub fn check_capabilities(card: &Value, served_v02: bool) -> Result<String, String> {
    let view = verifier_view(card, served_v02);
    let mut bad = problems_of(&view.problems, |p| {
        shape_problem_check(p) == "card.capabilities"
    });
    bad.extend(view.non_boolean_flags.iter().map(|(p, v)| {
        format!(
            "capability flag {} = {v}, not a boolean",
            p.trim_start_matches('/')
        )
    }));
    if bad.is_empty() {
        Ok("capability flags are booleans".into())
    } else {
        Err(format!("capabilities malformed: {}", bad.join("; ")))
    }
}

/// Whether the card declares security requirements (1.0 `securityRequirements`, 0.x
/// `security`; trap 9: either name is read).
pub fn declares_security(card: &Value) -> bool {
    ["securityRequirements", "security"].iter().any(|f| {
        card.get(*f)
            .and_then(Value::as_array)
            .is_some_and(|a| !a.is_empty())
    })
}

/// Whether `capabilities.pushNotifications` is true (PUSH-001).
pub fn push_notifications(card: &Value) -> bool {
    card.pointer("/capabilities/pushNotifications")
        .and_then(Value::as_bool)
        == Some(true)
}

/// URIs of the extensions the card marks `required: true` in `capabilities.extensions[]`
/// (EXT-002: a request that does not activate them is refused), in card order; entries
/// without a `uri` string are left out.
pub fn required_extensions(card: &Value) -> Vec<String> {
    card.pointer("/capabilities/extensions")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .filter(|e| e.get("required").and_then(Value::as_bool) == Some(true))
        .filter_map(|e| e.get("uri").and_then(Value::as_str))
        .filter(|u| !u.trim().is_empty())
        .map(str::to_string)
        .collect()
}

/// Whether `capabilities.streaming` is true.
pub fn streaming(card: &Value) -> bool {
    card.pointer("/capabilities/streaming")
        .and_then(Value::as_bool)
        == Some(true)
}

/// Security schemes well-formed (1.0 oneof wrappers or 0.x `type`), and every requirement
/// names a declared scheme (AUTH-007). `Ok(None)` when the card declares none.
pub fn check_security_schemes(card: &Value) -> Result<Option<String>, String> {
    let schemes = card.get("securitySchemes");
    if schemes.is_none() && !declares_security(card) {
        return Ok(None);
    }
    let Some(schemes) = schemes.and_then(Value::as_object) else {
        return Err(
            "security requirements declared but securitySchemes is missing or not an object".into(),
        );
    };
    let mut bad = Vec::new();
    for (name, s) in schemes {
        if let Some(problem) = scheme_problem(name, s) {
            bad.push(format!("{name}: {problem}"));
        }
    }
    let mut names: Vec<String> = Vec::new();
    if let Some(reqs) = card.get("securityRequirements").and_then(Value::as_array) {
        for r in reqs {
            if let Some(m) = r.get("schemes").and_then(Value::as_object) {
                names.extend(m.keys().cloned());
            } else {
                bad.push("securityRequirements entry without schemes".into());
            }
        }
    }
    if let Some(reqs) = card.get("security").and_then(Value::as_array) {
        for r in reqs {
            if let Some(m) = r.as_object() {
                names.extend(m.keys().cloned());
            }
        }
    }
    for n in names {
        if !schemes.contains_key(&n) {
            bad.push(format!("requirement names undeclared scheme {n}"));
        }
    }
    if bad.is_empty() {
        Ok(Some(format!(
            "{} security scheme{} well-formed",
            schemes.len(),
            if schemes.len() == 1 { "" } else { "s" }
        )))
    } else {
        Err(format!("security schemes malformed: {}", bad.join(", ")))
    }
}

/// The shape problem of one `securitySchemes` entry, as the verifier judges it
/// ([`crate::model::card::security_scheme_problem`]: CARD-003 / CARD-004, AUTH-002; 1.0
/// oneof wrapper or 0.x `type`, told apart by the entry's `type` member, so a hybrid card
/// is judged per entry): `"<message> (at <JSON Pointer>)"`.
fn scheme_problem(name: &str, s: &Value) -> Option<String> {
    let ptr = format!(
        "/securitySchemes/{}",
        name.replace('~', "~0").replace('/', "~1")
    );
    crate::model::card::security_scheme_problem(
        &crate::model::json::Json::from_value(s),
        &ptr,
        None,
    )
    .map(|(at, msg)| format!("{msg} (at {at})"))
}

/// A skill as the prober uses it: id, first example text, and lowercase words to match on.
#[derive(Clone, Debug)]
pub struct Skill {
    /// `AgentSkill.id`.
    pub id: String,
    /// First of `examples`, used as the message text.
    pub example: Option<String>,
    /// id, name, tags and description, lowercase.
    pub words: String,
}

/// The card's skills (malformed entries are skipped; `card.skills` reports them).
pub fn skills(card: &Value) -> Vec<Skill> {
    let Some(list) = card.get("skills").and_then(Value::as_array) else {
        return Vec::new();
    };
    list.iter()
        .filter_map(|s| {
            let id = s.get("id")?.as_str()?.to_string();
            let example = s
                .get("examples")
                .and_then(Value::as_array)
                .and_then(|e| e.iter().find_map(Value::as_str))
                .map(str::to_string);
            let mut words = id.clone();
            for f in ["name", "description"] {
                if let Some(t) = s.get(f).and_then(Value::as_str) {
                    words.push(' ');
                    words.push_str(t);
                }
            }
            for t in s
                .get("tags")
                .and_then(Value::as_array)
                .into_iter()
                .flatten()
            {
                if let Some(t) = t.as_str() {
                    words.push(' ');
                    words.push_str(t);
                }
            }
            Some(Skill {
                id,
                example,
                words: words.to_ascii_lowercase(),
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    /// EXT-002: only `required: true` entries with a `uri` string, in card order.
    #[test]
    fn required_extensions_are_the_required_uris_only() {
        let card = json!({"capabilities": {"extensions": [
            {"uri": "https://x.test/a", "required": true},
            {"uri": "https://x.test/b", "required": false},
            {"uri": "https://x.test/c"},
            {"required": true},
            {"uri": " ", "required": true},
            {"uri": "https://x.test/d", "required": true},
        ]}});
        assert_eq!(
            required_extensions(&card),
            vec![
                "https://x.test/a".to_string(),
                "https://x.test/d".to_string()
            ]
        );
        assert!(required_extensions(&json!({"capabilities": {}})).is_empty());
        assert!(required_extensions(&json!({"capabilities": {"extensions": "x"}})).is_empty());
    }

    #[test]
    fn interfaces_of_1_0_and_0_3_cards() {
        let v1 = json!({"supportedInterfaces": [
            {"url": "http://a/rpc", "protocolBinding": "JSONRPC", "protocolVersion": "1.0"},
            {"url": "http://a/v1", "protocolBinding": "HTTP+JSON", "protocolVersion": "1.0"},
            {"url": "http://a/rpc", "protocolBinding": "JSONRPC", "protocolVersion": "0.3"}]});
        let i = interfaces(&v1);
        assert_eq!(i.len(), 3);
        assert_eq!(
            (i[0].dialect, i[0].binding),
            (Dialect::V1_0, Binding::JsonRpc)
        );
        assert_eq!(
            (i[2].dialect, i[2].pointer.as_str()),
            (Dialect::V0_3, "/supportedInterfaces/2/url")
        );
        let v0 = json!({"url": "http://a/", "protocolVersion": "0.3.0"});
        assert_eq!(interfaces(&v0)[0].binding, Binding::JsonRpc);
    }

    /// Session 46: the card checks say what the verifier's CARD-SHAPE rules say, each
    /// problem under the check that owns it (a 0.3 skill's empty tags list is legal there).
    #[test]
    fn card_checks_name_the_verifiers_problems_each_under_its_check() {
        let card = json!({"supportedInterfaces": [], "name": "a"});
        let e = check_required(&card, false).unwrap_err();
        assert!(e.contains("supportedInterfaces is empty"), "{e}");
        assert!(
            e.contains("agent card has no description (at /description)"),
            "{e}"
        );
        let v1 = json!({"name": "a", "description": "d", "version": "1",
            "supportedInterfaces": [{"url": "http://a/", "protocolBinding": "JSONRPC", "protocolVersion": "1.0"}],
            "capabilities": {"streaming": "yes"}, "defaultInputModes": ["text/plain"],
            "defaultOutputModes": ["text/plain"],
            "skills": [{"id": "s", "name": "s", "description": "d", "tags": []}]});
        assert!(
            check_required(&v1, false).is_ok(),
            "{:?}",
            check_required(&v1, false)
        );
        let e = check_skills(&v1, false).unwrap_err();
        assert!(e.contains("(at /skills/0/tags)"), "{e}");
        let e = check_capabilities(&v1, false).unwrap_err();
        assert!(e.contains("capabilities/streaming"), "{e}");
        let v03 = json!({"protocolVersion": "0.3.0", "name": "a", "description": "d",
            "url": "http://a/", "version": "1", "capabilities": {},
            "defaultInputModes": [], "defaultOutputModes": [],
            "skills": [{"id": "s", "name": "s", "description": "d", "tags": []}]});
        assert!(
            check_required(&v03, false).is_ok(),
            "{:?}",
            check_required(&v03, false)
        );
        assert!(check_skills(&v03, false).is_ok());
        assert_eq!(shape_problem_check("/skills/0/tags"), "card.skills");
        assert_eq!(shape_problem_check("/skills"), "card.required-fields");
        assert_eq!(shape_problem_check("/capabilities"), "card.capabilities");
        assert_eq!(shape_problem_check("/name"), "card.required-fields");
    }

    /// fix7: the probe judges a scheme as the verifier does (one validator): each kind's
    /// required members in 1.0 and 0.x shapes, a hybrid card per entry.
    #[test]
    fn scheme_verdicts_are_the_verifiers() {
        let card = |schemes: Value| json!({"securitySchemes": schemes});
        let good = card(json!({
            "a": {"apiKeySecurityScheme": {"location": "header", "name": "X-Key"}},
            "b": {"httpAuthSecurityScheme": {"scheme": "Bearer"}},
            "c": {"oauth2SecurityScheme": {"flows": {"clientCredentials": {"tokenUrl": "https://i/token"}}}},
            "d": {"openIdConnectSecurityScheme": {"openIdConnectUrl": "https://i/.well-known/openid-configuration"}},
            "e": {"mtlsSecurityScheme": {}},
            "f": {"type": "apiKey", "in": "query", "name": "key"},
            "g": {"type": "http", "scheme": "basic"},
            "h": {"type": "mutualTLS"},
        }));
        assert_eq!(
            check_security_schemes(&good).unwrap().as_deref(),
            Some("8 security schemes well-formed")
        );
        for (bad, want) in [
            (
                json!({"httpAuthSecurityScheme": {}}),
                "security scheme (HTTP auth) has no scheme member",
            ),
            (
                json!({"type": "http"}),
                "security scheme (HTTP auth) has no scheme member",
            ),
            (
                json!({"oauth2SecurityScheme": {"flows": {"clientCredentials": {}}}}),
                "oauth2 clientCredentials flow has no tokenUrl",
            ),
            (
                json!({"type": "oauth"}),
                "unknown security scheme type \"oauth\"",
            ),
            (
                json!({}),
                "security scheme sets none of apiKeySecurityScheme",
            ),
            (
                json!({"httpAuthSecurityScheme": {"scheme": "Bearer"}, "mtlsSecurityScheme": {}}),
                "security scheme sets more than one scheme kind",
            ),
        ] {
            let e = check_security_schemes(&card(json!({ "s": bad }))).unwrap_err();
            assert!(e.contains(&format!("s: {want}")), "{e}");
        }
    }

    #[test]
    fn schemes_and_requirements_must_agree() {
        let ok = json!({"securitySchemes": {"bearer": {"httpAuthSecurityScheme": {"scheme": "Bearer"}}},
                        "securityRequirements": [{"schemes": {"bearer": {"list": []}}}]});
        assert!(check_security_schemes(&ok).unwrap().is_some());
        let bad = json!({"securitySchemes": {"k": {"type": "apiKey", "in": "header"}},
                         "security": [{"other": []}]});
        let e = check_security_schemes(&bad).unwrap_err();
        assert!(
            e.contains("k: security scheme has no name (at /securitySchemes/k/name)")
                && e.contains("undeclared scheme other"),
            "{e}"
        );
    }
}

/*!
Lenient Agent Card view for both card dialects (CARD-003, CARD-004, CARD-005, CARD-006):
1.0 (`supportedInterfaces[]`, `capabilities.extendedAgentCard`, `securityRequirements`) and
0.2/0.3 (`url` + `preferredTransport` + `additionalInterfaces[]`, `protocolVersion`,
`supportsAuthenticatedExtendedCard`, `security`). Hybrid cards (both field sets, as the
Python SDK serves) are read as both. A 0.1 card ([`is_v01_card`]) is judged by the 0.1.0
schema where it differs (fewer required members). Every URL-valued member (interfaces,
`iconUrl`, `documentationUrl`, `provider.url`, OAuth 2.0 / OpenID Connect URLs) must be an
absolute `http(s)` URL ([`AgentCardView::bad_interfaces`]).
*/

use super::json::{kind_words, list_kind_words, push_pointer_token, Json, Obj};

use super::a2a::Dialect;

/// One advertised endpoint.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CardInterface {
    /// The URL as written in the card.
    pub url: String,
    /// `JSONRPC`, `HTTP+JSON`, `GRPC`, or a custom URI (0.x `transport`).
    pub binding: String,
    /// Declared protocol version (`1.0`, `0.3`, ...), when any.
    pub version: Option<String>,
    /// 1.0 `AgentInterface.tenant`, when set and non-empty: clients put it into every
    /// request to this interface (CARD-008).
    pub tenant: Option<String>,
    /// JSON Pointer of the URL inside the card.
    pointer: String,
    /// [`super::net::parse_url`] of `url`, parsed once when the view is built: the
    /// verifier compares the card's interfaces with every call (CARD-005, CARD-008,
    /// AUTH-TLS-002, ...) and a view is shared by every fetch of the same card bytes, so
    /// no call parses a card URL again (perf32).
    parts: Option<super::net::UrlParts>,
}

impl CardInterface {
    /// An interface entry: `url` as written in the card (parsed here, once: [`Self::parts`]),
    /// its binding, declared version, tenant and the JSON Pointer of the URL.
    fn new(
        url: String,
        binding: String,
        version: Option<String>,
        tenant: Option<String>,
        pointer: String,
    ) -> CardInterface {
        let parts = super::net::parse_url(&url);
        CardInterface {
            url,
            binding,
            version,
            tenant,
            pointer,
            parts,
        }
    }

    /// JSON Pointer of the URL inside the card (`/supportedInterfaces/0/url`, `/url`).
    pub fn pointer(&self) -> &str {
        &self.pointer
    }

    /// The interface URL parsed ([`super::net::parse_url`] of [`Self::url`], an absolute
    /// http(s) URL's scheme, host, port and path); `None` for anything else (a gRPC
    /// `host:port` target, a relative or broken URL).
    pub fn parts(&self) -> Option<&super::net::UrlParts> {
        self.parts.as_ref()
    }
}

/// One `capabilities.extensions[]` entry (1.0 proto `AgentExtension`; 0.3 schema
/// `AgentExtension`): the extension's `uri` and whether the card marks it `required`
/// (EXT-002: a request that does not activate it gets ExtensionSupportRequiredError).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CardExtension {
    /// The extension URI as written in the card.
    pub uri: String,
    /// `required: true` in the card.
    pub required: bool,
}

/// A shape problem: JSON Pointer, message, and which requirement (`CARD-003` / `CARD-004`).
pub type CardProblem = (String, String);

/// The typed view of a card. Keeps only what rules read; the raw value stays with the
/// caller.
#[derive(Clone, Debug, Default)]
pub struct AgentCardView {
    /// Has `supportedInterfaces` (1.0 shape).
    pub has_v1_fields: bool,
    /// Has `url`, or `protocolVersion` without `supportedInterfaces` (0.x shape).
    pub has_v0_fields: bool,
    /// `protocolVersion` (0.x), when the card has the 0.x field set ([`Self::has_v0_fields`]).
    pub protocol_version: Option<String>,
    /// The card has the 0.x shape (`url`, no `supportedInterfaces`) but its top-level
    /// `protocolVersion` names 1.0 or later, which only a 1.0 interface entry can declare
    /// (CARD-003, DIGEST §0.1; breaker10 E4): reported as a card shape problem, and the card
    /// is read as the 0.3 card its shape is (its interfaces and dialects are 0.3).
    pub v0_shape_claims_v1: bool,
    pub interfaces: Vec<CardInterface>,
    /// `capabilities.streaming` when a boolean.
    pub streaming: Option<bool>,
    /// `capabilities.pushNotifications` when a boolean.
    pub push_notifications: Option<bool>,
    /// `capabilities.extendedAgentCard` (1.0) or `supportsAuthenticatedExtendedCard` (0.x).
    pub extended_card: bool,
    /// The 0.2.1+ top-level `supportsAuthenticatedExtendedCard` flag as declared (`None`
    /// when absent: 0.2.0 cards have no such member).
    pub extended_card_flag_0x: Option<bool>,
    /// `capabilities.extensions[]` entries with a string `uri`, in card order (EXT-002,
    /// EXT-004): what a client may activate and what it must activate (`required`).
    pub extensions: Vec<CardExtension>,
    /// Security requirement entries (card and skills) naming a scheme that
    /// `securitySchemes` does not define, as (`pointer` of the name, scheme name)
    /// (AUTH-002, AUTH-007: no client can satisfy them).
    pub undefined_security_refs: Vec<(String, String)>,
    /// OAuth 2.0 / OpenID Connect endpoint URLs over plain `http://` on a host that is not
    /// loopback, as (`pointer`, url) (RFC 6749 §3.1/§3.2: TLS required; AUTH-004).
    pub insecure_auth_urls: Vec<(String, String)>,
    /// Declares at least one security requirement (`security` / `securityRequirements`).
    pub requires_auth: bool,
    /// `securitySchemes` is a non-empty object: the card names at least one way to
    /// authenticate (AUTH-002), even without a requirement.
    pub declares_schemes: bool,
    /// Header names that carry credentials per the declared schemes (`authorization`, an
    /// apiKey header name), lowercased.
    pub credential_headers: Vec<String>,
    /// Query parameter names that carry credentials (apiKey `in: query`).
    pub credential_query: Vec<String>,
    /// The card's security requirements as alternatives (AUTH-007: an OR of ANDs), each
    /// the list of credentials its schemes need; empty when the card declares none or a
    /// requirement names a scheme this reader cannot place (then only "some credential is
    /// present" is judged).
    pub security_alternatives: Vec<Vec<Credential>>,
    /// A declared scheme authenticates outside HTTP messages (mutual TLS): credentials
    /// cannot be seen in a recording, so "no credentials" cannot be judged.
    pub invisible_auth: bool,
    /// Every security requirement (AUTH-007: each alternative) names a mutual TLS scheme
    /// (1.0 `mtlsSecurityScheme`, 0.3 `type: mutualTLS`): a client authenticates only with
    /// a TLS client certificate, which a plain-http interface cannot carry (AUTH-TLS-005).
    pub mtls_required: bool,
    /// Shape problems (`pointer`, `message`) for CARD-003/CARD-004.
    pub problems: Vec<CardProblem>,
    /// Capability flags that are not booleans (`pointer`, `found`).
    pub non_boolean_flags: Vec<(String, serde_json::Value)>,
    /// Interface entries that are malformed, then card links (`iconUrl`, `documentationUrl`,
    /// `provider.url`, security scheme URLs) that are not absolute `http(s)` URLs, such as
    /// `javascript:` (`pointer`, `message`) (CARD-005/CARD-006; [`link_problems`]).
    pub bad_interfaces: Vec<CardProblem>,
    /// The card is judged by the 0.1.0 schema ([`is_v01_card`]): `description`,
    /// `defaultInputModes`, `defaultOutputModes` and a skill's `description` and `tags` are
    /// optional there.
    pub v01_shape: bool,
    /// A card read by the 0.1.0 schema only because it names no member 0.2 added (no
    /// `protocolVersion`, served at `/.well-known/agent.json`; [`is_v01_card`]): what the
    /// 0.2 schema finds missing or wrong in it beyond [`Self::problems`] (`pointer`,
    /// `message`). Empty otherwise. An agent that answers 0.2 / 0.3 methods at the card's
    /// url shows the card is a 0.2 card after all (CARD-004; mine48 f1039, f1047).
    pub v02_problems: Vec<CardProblem>,
    /// 1.0 interface versions carrying a patch number (`pointer`, `found`) (CARD-007).
    pub patch_versions: Vec<(String, String)>,
    /// Protocol versions in the Major.Minor[.Patch] form that no A2A release has
    /// (`pointer`, `found`): an interface's `protocolVersion`, or a 0.x card's top-level one
    /// below 1 ("0.4"; a 0.x-shaped card claiming 1 or more is [`Self::problems`]'). Known:
    /// 0.1, 0.2, 0.3, 1.0 ([`known_release`]; CARD-005, VER-002; mutate49).
    pub unknown_versions: Vec<(String, String)>,
    /// Binding names (1.0 `protocolBinding`, 0.3 `preferredTransport` /
    /// `additionalInterfaces[].transport`) that are neither a core name in any letter case
    /// (`JSONRPC`, `GRPC`, `HTTP+JSON`; a case variant is a [`Self::bad_interfaces`]
    /// problem) nor a URI (`REST`, `SSE`): `(pointer, name)`. CARD-005 (1.0 §5.8: custom
    /// bindings SHOULD be URIs), 0.3 §3.2.4 (transport extensions MUST use clear namespace
    /// identifiers); SDK clients match only the core names, so such an interface is never
    /// selected (breaker19a Y6).
    pub unknown_bindings: Vec<(String, String)>,
    /// A 0.3 card (0.x shape with `url`, `protocolVersion` 0.3) that has no
    /// `preferredTransport`: 0.3 §5.6.1 and §5.6.4 make it REQUIRED, the 0.3 schema gives it
    /// the default `JSONRPC` (DIGEST CARD-006; breaker19a Y10).
    pub preferred_transport_missing: bool,
    /// Security schemes not in the card's version shape (`pointer`, `message`)
    /// ([`security_scheme_problem`]; CARD-003, CARD-004, AUTH-002).
    pub bad_security_schemes: Vec<CardProblem>,
    /// 0.x-only members (`security`, `supportsAuthenticatedExtendedCard`, `preferredTransport`,
    /// `additionalInterfaces`, `capabilities.stateTransitionHistory`, `skills[].security`) in
    /// a card that has only the 1.0 field set (`supportedInterfaces`, no `url` nor
    /// `protocolVersion`), as JSON Pointers: a 1.0 reader ignores them (DATA-001, DATA-003),
    /// so what they declare is lost (A2A #2044: `security` instead of `securityRequirements`
    /// makes the agent look open; breaker10 E24: `stateTransitionHistory` is gone in 1.0).
    pub v0_members_in_v1: Vec<String>,
    /// The reverse: 1.0-only members (`securityRequirements`,
    /// `capabilities.extendedAgentCard`, `skills[].securityRequirements`) in a card that has
    /// only the 0.x field set (`url` or `protocolVersion`, no `supportedInterfaces`), as JSON
    /// Pointers: a 0.x reader ignores them (0.3 names them `security` and
    /// `supportsAuthenticatedExtendedCard`).
    pub v1_members_in_v0: Vec<String>,
    /// Members of a 0.x card spelt otherwise than the schema names them (snake_case,
    /// kebab-case, other letter case: `capabilities.push_notifications`, `URL`) where the
    /// object has no member of the schema's name, and no required member is lost by it (a
    /// lost required member is a [`Self::problems`] entry, as every misspelling of a 1.0
    /// card is: DATA-001): cards60, mine59 f1321. The 0.x schemas allow unknown members, so
    /// the card is valid, yet a client reads the member as absent ([`card_misspelt_members`]).
    pub misspelt_members: Vec<MisspeltMember>,
    /// URIs of `capabilities.extensions[]` entries marked `required: true` (EXT-002): a 1.0
    /// request that does not name each of them in `A2A-Extensions` must be refused.
    pub required_extensions: Vec<String>,
    /// `text/plain` input is accepted by every input mode list the card declares: a
    /// non-empty `defaultInputModes` and each skill's `inputModes` (where a skill sets
    /// them) list `text/plain`, `text/*` or `*/*` (ERR-002 -32005: a part's media type the
    /// agent or the invoked skill does not support).
    pub text_input_accepted: bool,
    /// `defaultOutputModes` and every skill's `outputModes`, lowercased media types.
    pub output_modes: Vec<String>,
    /// `defaultInputModes` and every skill's `inputModes`, lowercased media types (ERR-002
    /// -32005: a part of a media type none of them lists is content the agent does not take).
    pub input_modes: Vec<String>,
}

impl AgentCardView {
    /// The 0.x `protocolVersion` as the card's shape allows it: `"0.3"` for a 0.x-shaped
    /// card that claims 1.0 or later ([`Self::v0_shape_claims_v1`]), else the value.
    pub fn effective_v0_version(&self) -> Option<String> {
        if self.v0_shape_claims_v1 {
            Some("0.3".into())
        } else {
            self.protocol_version.clone()
        }
    }

    /// Dialects the card declares (from interface versions and `protocolVersion`).
    pub fn declared_dialects(&self) -> Vec<Dialect> {
        let mut out: Vec<Dialect> = self
            .interfaces
            .iter()
            .filter_map(|i| i.version.as_deref().and_then(Dialect::from_version))
            .collect();
        if let Some(d) = self
            .effective_v0_version()
            .as_deref()
            .and_then(Dialect::from_version)
        {
            out.push(d);
        }
        out.sort();
        out.dedup();
        out
    }
}

/// Members the 0.2.0 and later card schemas added to the 0.1.0 `AgentCard` (0.2.0:
/// `security`, `securitySchemes`; 0.2.5: `protocolVersion`, `preferredTransport`,
/// `additionalInterfaces`, `iconUrl`, `supportsAuthenticatedExtendedCard`; 0.3: `signatures`).
const V02_CARD_MEMBERS: [&str; 8] = [
    "security",
    "securitySchemes",
    "protocolVersion",
    "preferredTransport",
    "additionalInterfaces",
    "iconUrl",
    "supportsAuthenticatedExtendedCard",
    "signatures",
];

/// The well-known Agent Card paths under an agent's base URL, newest first: 1.0 / 0.3's
/// `/.well-known/agent-card.json` (CARD-002) and 0.2's `/.well-known/agent.json`.
pub const CARD_PATHS: [&str; 2] = ["/.well-known/agent-card.json", "/.well-known/agent.json"];

/// The agent's base URL when `url` is an Agent Card URL itself (its path ends in one of
/// [`CARD_PATHS`], or that and a `/`, as registries and READMEs list agents):
/// `http://h/py/.well-known/agent-card.json` gives `Some(http://h/py/)`, always with a
/// trailing `/`; query and fragment dropped. `None` for any other URL (CARD-001: the card is
/// found under the base URL, so the base is what `probe` and `proxy --upstream` take).
pub fn base_of_card_url(url: &url::Url) -> Option<url::Url> {
    let path = url.path();
    let prefix = CARD_PATHS.iter().find_map(|p| {
        path.strip_suffix(p)
            .or_else(|| path.strip_suffix('/').and_then(|q| q.strip_suffix(p)))
    })?;
    let mut u = url.clone();
    u.set_query(None);
    u.set_fragment(None);
    u.set_path(&format!("{prefix}/"));
    Some(u)
}

/// Whether a card is judged by the 0.1.0 schema (`a2a-v0.1.0.schema.json`): a 0.x card
/// (`url`, no `supportedInterfaces`) that declares `protocolVersion` 0.1, or one served at
/// `/.well-known/agent.json` (`served_as_v02`) that carries no member 0.2.0 or later added
/// (`security`, `securitySchemes`, `protocolVersion`, `iconUrl`, ...; a 0.1 card may carry
/// the 0.1-only `authentication`). Such a card passes both schemas when it has every 0.2 member, so judging it by 0.1 changes only
/// what 0.1 leaves optional (description, default modes, skill description and tags).
pub fn is_v01_card(v: &Json, served_as_v02: bool) -> bool {
    let Some(o) = v.as_object() else {
        return false;
    };
    if o.contains_key("supportedInterfaces") || !o.contains_key("url") {
        return false;
    }
    let declared = o
        .get("protocolVersion")
        .and_then(Json::as_str)
        .and_then(Dialect::from_version);
    if declared == Some(Dialect::V0_1) {
        return true;
    }
    served_as_v02 && !V02_CARD_MEMBERS.iter().any(|k| o.contains_key(k))
}

/// Agent card members (1.0 proto `AgentCard` and its messages; the 0.3 gRPC proto's
/// card) whose proto field name differs from the JSON name, as `(proto name, JSON name)`.
/// The JSON card uses the lowerCamelCase JSON names (DATA-001; 0.3 JSON schema); a
/// ProtoJSON marshaller that keeps proto names (`preserving_proto_field_name`,
/// `UseProtoNames`, a hand-written snake_case serialiser) writes the first, which a JSON
/// client does not read.
pub const CARD_PROTO_NAMES: &[(&str, &str)] = &[
    ("supported_interfaces", "supportedInterfaces"),
    ("protocol_binding", "protocolBinding"),
    ("protocol_version", "protocolVersion"),
    ("default_input_modes", "defaultInputModes"),
    ("default_output_modes", "defaultOutputModes"),
    ("security_schemes", "securitySchemes"),
    ("security_requirements", "securityRequirements"),
    ("push_notifications", "pushNotifications"),
    ("extended_agent_card", "extendedAgentCard"),
    ("state_transition_history", "stateTransitionHistory"),
    ("input_modes", "inputModes"),
    ("output_modes", "outputModes"),
    ("documentation_url", "documentationUrl"),
    ("icon_url", "iconUrl"),
    ("preferred_transport", "preferredTransport"),
    ("additional_interfaces", "additionalInterfaces"),
    (
        "supports_authenticated_extended_card",
        "supportsAuthenticatedExtendedCard",
    ),
    ("api_key_security_scheme", "apiKeySecurityScheme"),
    ("http_auth_security_scheme", "httpAuthSecurityScheme"),
    ("oauth2_security_scheme", "oauth2SecurityScheme"),
    (
        "open_id_connect_security_scheme",
        "openIdConnectSecurityScheme",
    ),
    ("mtls_security_scheme", "mtlsSecurityScheme"),
    ("bearer_format", "bearerFormat"),
    ("open_id_connect_url", "openIdConnectUrl"),
    ("oauth2_metadata_url", "oauth2MetadataUrl"),
    ("authorization_code", "authorizationCode"),
    ("client_credentials", "clientCredentials"),
    ("device_code", "deviceCode"),
    ("authorization_url", "authorizationUrl"),
    ("token_url", "tokenUrl"),
    ("refresh_url", "refreshUrl"),
    ("device_authorization_url", "deviceAuthorizationUrl"),
    ("pkce_required", "pkceRequired"),
];

/// DATA-001: members of card object `o` (at JSON Pointer `base`) spelled with their proto
/// field name ([`CARD_PROTO_NAMES`]) where the object has no member of the JSON name, as
/// `(pointer, proto name, JSON name)`, in document order, at most 16. Free-form values
/// (`metadata`, an extension's `params`, OAuth `scopes`) are not walked; depth is bounded
/// (8 levels). A card with no `_` in any member name costs one pass over its keys.
pub fn card_proto_names(o: &Obj, base: &str) -> Vec<(String, &'static str, &'static str)> {
    /// Walks `o` with `ptr` its pointer, grown and cut back in place: pointer text is
    /// copied out for a hit only.
    fn walk(
        o: &Obj,
        ptr: &mut String,
        depth: u8,
        out: &mut Vec<(String, &'static str, &'static str)>,
    ) {
        if depth > 8 || out.len() >= 16 {
            return;
        }
        for (k, v) in o.iter() {
            // Every proto name has a `_` (`proto_names_all_have_an_underscore`): the table
            // is searched only for such a member.
            if k.contains('_') {
                if let Some((snake, camel)) = CARD_PROTO_NAMES.iter().find(|(sn, _)| *sn == k) {
                    if !o.contains_key(camel) && out.len() < 16 {
                        let at = ptr.len();
                        push_pointer_token(ptr, k);
                        out.push((ptr.clone(), snake, camel));
                        ptr.truncate(at);
                    }
                }
            }
            if matches!(k, "metadata" | "params" | "scopes") {
                continue;
            }
            let at = ptr.len();
            match v {
                Json::Object(inner) => {
                    push_pointer_token(ptr, k);
                    walk(inner, ptr, depth + 1, out);
                }
                Json::Array(a) => {
                    push_pointer_token(ptr, k);
                    for (i, it) in a.iter().enumerate().take(64) {
                        if let Some(inner) = it.as_object() {
                            let at_i = ptr.len();
                            ptr.push('/');
                            ptr.push_str(itoa::Buffer::new().format(i));
                            walk(inner, ptr, depth + 1, out);
                            ptr.truncate(at_i);
                        }
                    }
                }
                _ => {}
            }
            ptr.truncate(at);
        }
    }
    let mut out = Vec::new();
    walk(o, &mut base.to_string(), 0, &mut out);
    out
}

/// A card member spelt otherwise than its JSON name ([`card_misspelt_members`]): where it
/// is (JSON Pointer), the name as sent, the JSON name it stands for, and whether the name
/// as sent is that member's proto field name ([`CARD_PROTO_NAMES`]: 1.0 ProtoJSON parsers
/// accept it on input).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MisspeltMember {
    /// JSON Pointer of the member as sent (`/capabilities/push_notifications`).
    pub pointer: String,
    /// The member's name as sent (`push_notifications`, `URL`, `default-input-modes`).
    pub sent: String,
    /// The JSON name (1.0 proto `json_name`, 0.x schema property) it stands for.
    pub json_name: &'static str,
    /// `sent` is the proto field name of `json_name` (snake_case, as a ProtoJSON printer
    /// set to keep proto names writes it).
    pub proto_name: bool,
}

/// The members each object of an Agent Card defines, by the object's place: the union of
/// the 1.0 proto's JSON names and the 0.1-0.3 schemas' properties (`AgentCard`,
/// `AgentCapabilities`, `AgentSkill`, `AgentInterface`, `AgentProvider`,
/// `AgentExtension`). Security scheme members are matched by [`CARD_PROTO_NAMES`] alone.
const CARD_MEMBERS: &[&str] = &[
    "name",
    "description",
    "url",
    "version",
    "protocolVersion",
    "provider",
    "capabilities",
    "skills",
    "defaultInputModes",
    "defaultOutputModes",
    "documentationUrl",
    "iconUrl",
    "preferredTransport",
    "additionalInterfaces",
    "security",
    "securitySchemes",
    "securityRequirements",
    "signatures",
    "supportsAuthenticatedExtendedCard",
    "supportedInterfaces",
    "authentication",
];
/// `AgentCapabilities` members (1.0 and 0.x).
const CAPABILITY_MEMBERS: &[&str] = &[
    "streaming",
    "pushNotifications",
    "stateTransitionHistory",
    "extensions",
    "extendedAgentCard",
];
/// `AgentSkill` members (1.0 and 0.x).
const SKILL_MEMBERS: &[&str] = &[
    "id",
    "name",
    "description",
    "tags",
    "examples",
    "inputModes",
    "outputModes",
    "security",
    "securityRequirements",
];
/// 1.0 `AgentInterface` members (`supportedInterfaces[]`).
const INTERFACE_MEMBERS: &[&str] = &["url", "protocolBinding", "protocolVersion", "tenant"];
/// 0.3 `AgentInterface` members (`additionalInterfaces[]`).
const INTERFACE_0X_MEMBERS: &[&str] = &["url", "transport"];
/// `AgentProvider` members.
const PROVIDER_MEMBERS: &[&str] = &["organization", "url"];
/// `AgentExtension` members (`capabilities.extensions[]`).
const EXTENSION_MEMBERS: &[&str] = &["uri", "description", "required", "params"];

/// The JSON name of `known` that member name `k` spells otherwise: the same letters once
/// case, `_`, `-` and spaces are set aside (`push_notifications`, `Push-Notifications`,
/// `PUSHNOTIFICATIONS` for `pushNotifications`, `URL` for `url`). `None` for a known name
/// as written, an `x-` extension member, or a name that is no spelling of one of them.
fn spelling_of(k: &str, known: &[&'static str]) -> Option<&'static str> {
    if known.contains(&k)
        || k.len() > 64
        || k.get(..2).is_some_and(|p| p.eq_ignore_ascii_case("x-"))
    {
        return None;
    }
    let mut folded = [0u8; 64];
    let mut n = 0;
    for b in k.bytes() {
        if !matches!(b, b'_' | b'-' | b' ') {
            folded[n] = b.to_ascii_lowercase();
            n += 1;
        }
    }
    let folded = &folded[..n];
    known
        .iter()
        .find(|m| {
            m.len() == n
                && m.bytes()
                    .map(|b| b.to_ascii_lowercase())
                    .eq(folded.iter().copied())
        })
        .copied()
}

/// DATA-001 (1.0), CARD-004 (0.x schemas): members of card `o` spelt otherwise than their
/// JSON name, where their object has no member of that name, in the card's own objects
/// (the card, `capabilities`, its `extensions[]`, `provider`, `skills[]`,
/// `supportedInterfaces[]`, `additionalInterfaces[]`: [`spelling_of`]) and, by the proto
/// field name ([`card_proto_names`]), in `securitySchemes` (schemes, OAuth flows); at most
/// 16, the card's own members first, then each object's in the order above. An unknown member that is no spelling of a known one, and an `x-` member, is
/// not one (DATA-003: readers ignore unknown members).
pub fn card_misspelt_members(o: &Obj) -> Vec<MisspeltMember> {
    let mut out: Vec<MisspeltMember> = Vec::new();
    let look = |obj: &Obj, at: &str, known: &[&'static str], out: &mut Vec<MisspeltMember>| {
        for k in obj.keys() {
            if out.len() >= 16 {
                return;
            }
            if let Some(m) = spelling_of(k, known).filter(|m| !obj.contains_key(m)) {
                let mut ptr = at.to_string();
                push_pointer_token(&mut ptr, k);
                out.push(MisspeltMember {
                    pointer: ptr,
                    sent: k.to_string(),
                    json_name: m,
                    proto_name: CARD_PROTO_NAMES.iter().any(|(sn, ca)| *sn == k && *ca == m),
                });
            }
        }
    };
    look(o, "", CARD_MEMBERS, &mut out);
    // each place's object under its JSON name, or under the misspelling found above
    let member = |name: &str| -> Option<(&Json, String)> {
        if let Some(v) = o.get(name) {
            return Some((v, format!("/{name}")));
        }
        o.iter()
            .find(|(k, _)| spelling_of(k, CARD_MEMBERS) == Some(name))
            .map(|(k, v)| {
                let mut p = String::new();
                push_pointer_token(&mut p, k);
                (v, p)
            })
    };
    if let Some((Json::Object(caps), at)) = member("capabilities") {
        look(caps, &at, CAPABILITY_MEMBERS, &mut out);
        if let Some(Json::Array(exts)) = caps.get("extensions") {
            for (i, e) in exts.iter().enumerate().take(64) {
                if let Some(eo) = e.as_object() {
                    look(
                        eo,
                        &format!("{at}/extensions/{i}"),
                        EXTENSION_MEMBERS,
                        &mut out,
                    );
                }
            }
        }
    }
    if let Some((Json::Object(p), at)) = member("provider") {
        look(p, &at, PROVIDER_MEMBERS, &mut out);
    }
    for (list, known) in [
        ("skills", SKILL_MEMBERS),
        ("supportedInterfaces", INTERFACE_MEMBERS),
        ("additionalInterfaces", INTERFACE_0X_MEMBERS),
    ] {
        if let Some((Json::Array(items), at)) = member(list) {
            for (i, it) in items.iter().enumerate().take(64) {
                if let Some(io) = it.as_object() {
                    look(io, &format!("{at}/{i}"), known, &mut out);
                }
            }
        }
    }
    // the security schemes' members by their proto field names (apiKeySecurityScheme's,
    // an OAuth flow's); every other place is the walk's above, and an unknown member's
    // value is no card object (its members are not judged)
    for (ptr, snake, camel) in card_proto_names(o, "") {
        if out.len() >= 16 {
            break;
        }
        let top = ptr.split('/').nth(1).unwrap_or_default();
        let schemes =
            top == "securitySchemes" || spelling_of(top, CARD_MEMBERS) == Some("securitySchemes");
        if schemes && !out.iter().any(|m| m.pointer == ptr) {
            out.push(MisspeltMember {
                pointer: ptr,
                sent: snake.to_string(),
                json_name: camel,
                proto_name: true,
            });
        }
    }
    out
}

/// What a client loses when card member `json_name` reads as absent
/// ([`card_misspelt_members`]): " (no push notifications)", or "" for members whose
/// absence says nothing more than that.
pub fn misspelt_member_loss(json_name: &str) -> &'static str {
    match json_name {
        "pushNotifications" => " (the agent reads as not supporting push notifications)",
        "streaming" => " (the agent reads as not streaming)",
        "stateTransitionHistory" => " (no state transition history)",
        "extendedAgentCard" | "supportsAuthenticatedExtendedCard" => " (no extended card)",
        "defaultInputModes" | "defaultOutputModes" => " (no declared modes)",
        "inputModes" | "outputModes" => " (the skill reads as taking the card's default modes)",
        "security" | "securityRequirements" => " (the agent reads as requiring no authentication)",
        "securitySchemes" => " (no security schemes)",
        "preferredTransport" => " (the schema's default JSONRPC is taken)",
        "additionalInterfaces" | "supportedInterfaces" => " (no interfaces)",
        "skills" => " (no skills)",
        "url" => " (no endpoint)",
        "protocolVersion" => " (the schema's default version is taken)",
        _ => "",
    }
}

/// How CARD-SHAPE-001 names a card's misspelt members `m` (DATA-001) and the required
/// members `unread` that are lost by them. A card whose misspellings are all proto field
/// names keeps round 17's words ("agent card uses proto field names ..."): ProtoJSON
/// parsers accept a proto field name on input, but DATA-001 has the card written with the
/// JSON names, and a client that reads the card as plain JSON finds none of them; any
/// other spelling no reader takes.
fn misspelt_words(m: &[MisspeltMember], unread: &[&str], v1: bool) -> String {
    let names = m
        .iter()
        .take(8)
        .map(|x| format!("{} for {}", x.sent, x.json_name))
        .collect::<Vec<_>>()
        .join(", ");
    let more = if m.len() > 8 { ", ..." } else { "" };
    let lost = if unread.is_empty() {
        "a JSON client reads none of them".to_string()
    } else {
        format!(
            "a JSON client reads none of them and finds no {}",
            unread.join(", ")
        )
    };
    if m.iter().all(|x| x.proto_name) {
        format!("agent card uses proto field names where the JSON members are lowerCamelCase (DATA-001): {names}{more}; {lost} (a ProtoJSON parser accepts a proto field name on input, but the card's sender writes the JSON names: serialise the card with them, turn off preserving_proto_field_name / UseProtoNames)")
    } else {
        let whose = if v1 {
            "their JSON names, which are lowerCamelCase and case-sensitive (DATA-001)"
        } else {
            "the names its schema gives them, lowerCamelCase and case-sensitive (CARD-004)"
        };
        format!("agent card spells members otherwise than {whose}: {names}{more}; {lost} (no JSON or ProtoJSON reader takes another spelling: write each member as the spec names it)")
    }
}

/// The core binding names (1.0 `protocolBinding`, 0.3 `TransportProtocol`).
const CORE_BINDINGS: [&str; 3] = ["JSONRPC", "GRPC", "HTTP+JSON"];

/// CARD-005 / CARD-006: judges one declared binding name `b` at `ptr`: a core name in other
/// letter case is a malformed interface (SDK clients match names exactly, so `jsonrpc` is
/// never selected), a name that is neither a core name nor a URI an unknown binding.
fn judge_binding_name(c: &mut AgentCardView, ptr: String, member: &str, b: &str) {
    if CORE_BINDINGS.contains(&b) {
        return;
    }
    if let Some(want) = CORE_BINDINGS
        .into_iter()
        .find(|k| b.trim().eq_ignore_ascii_case(k))
    {
        c.bad_interfaces.push((
            ptr,
            format!("{member} {b:?} is not {want:?} (binding names are matched exactly)"),
        ));
    } else if !b.trim().is_empty() && !is_uri(b) {
        c.unknown_bindings.push((ptr, b.to_string()));
    }
}

/// An absolute URI by its scheme (RFC 3986 §3.1: a letter, then letters, digits, `+`, `-`,
/// `.`, then `:`), as custom bindings are named (`https://example.com/bindings/ws`,
/// `urn:example:ws`).
fn is_uri(s: &str) -> bool {
    let Some((scheme, rest)) = s.split_once(':') else {
        return false;
    };
    !rest.is_empty()
        && scheme
            .as_bytes()
            .first()
            .is_some_and(u8::is_ascii_alphabetic)
        && scheme
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'+' | b'-' | b'.'))
}

fn is_nonempty_str(v: Option<&Json>) -> bool {
    v.and_then(Json::as_str).is_some_and(|s| !s.is_empty())
}

/// The problem of a card member `what` (like `agent card version`, `skill id`) present as
/// `v` where a JSON string belongs (CARD-003, CARD-004, DATA-001): null is the proto3
/// unset value in 1.0 ProtoJSON and no string in the 0.x schemas, so the card lacks the
/// member either way; a number or boolean is refused by every typed reader.
fn not_a_string(what: &str, v: &Json, v1: bool) -> String {
    match v {
        Json::Null if v1 => format!(
            "{what} is null, not a string: ProtoJSON reads null as unset, so the REQUIRED {} is missing",
            what.rsplit(' ').next().unwrap_or(what)
        ),
        Json::Null => format!(
            "{what} is null, not a string (the card schema types it as a string, so typed readers refuse the card)"
        ),
        Json::Number(n) => format!(
            "{what} is {}, not a string: write it as the string \"{n}\"",
            kind_words(v)
        ),
        _ => format!("{what} is {}, not a string", kind_words(v)),
    }
}

/// The problem of a required card list `what` present as `v`, which is no JSON array
/// (CARD-003, CARD-004): 1.0 ProtoJSON reads `null` in a repeated field as the empty list,
/// which a REQUIRED list must not be (a2a-go #369's generated card).
fn not_a_list(what: &str, v: &Json, v1: bool) -> String {
    match v {
        Json::Null if v1 => format!(
            "{what} is null, not a list: ProtoJSON reads null as the empty list, and this REQUIRED list must not be empty (an uninitialised list, such as a Go nil slice, is written as null)"
        ),
        _ => format!("{what} is {}, not a list", list_kind_words(v)),
    }
}

/// `v` has the form of a protocol version: Major.Minor or Major.Minor.Patch, digits only.
pub fn release_form(v: &str) -> bool {
    let parts: Vec<&str> = v.split('.').collect();
    (2..=3).contains(&parts.len())
        && parts
            .iter()
            .all(|p| !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit()))
}

/// `v` (Major.Minor[.Patch]) names an A2A release: 0.1, 0.2, 0.3 or 1.0, any patch.
pub fn known_release(v: &str) -> bool {
    let mut it = v.split('.').map(|p| p.parse::<u32>().ok());
    matches!(
        (it.next().flatten(), it.next().flatten()),
        (Some(0), Some(1..=3)) | (Some(1), Some(0))
    )
}

/// Reads a card. `served_as_v02` = fetched from `/.well-known/agent.json` (0.2 rules:
/// `protocolVersion` optional).
pub fn card_view(v: &Json, served_as_v02: bool) -> AgentCardView {
    let mut c = AgentCardView::default();
    let Some(o) = v.as_object() else {
        c.problems
            .push(("".into(), "agent card is not a JSON object".into()));
        return c;
    };
    c.has_v1_fields = o.contains_key("supportedInterfaces");
    // A card with supportedInterfaces and a top-level protocolVersion but no url is a 1.0
    // card carrying the 0.x member (kairos `ProtocolVersion: "v1"`, breaker18a W10): no 0.x
    // client can call it without url, so it is read as 1.0 and the member named as 0.x-only
    // (VER-MIX-001), not as a hybrid card missing its url.
    // A `url: null` beside the 1.0 field set is no url (ProtoJSON reads null as the field's
    // default; a serializer that writes every unset field, a2a-java #945's Jackson card,
    // gives a 1.0 card one); without it, the 0.x card's required url is missing (f180).
    c.has_v0_fields = o
        .get("url")
        .is_some_and(|u| !u.is_null() || !c.has_v1_fields)
        || (o.contains_key("protocolVersion") && !c.has_v1_fields);
    c.protocol_version = o
        .get("protocolVersion")
        .filter(|_| c.has_v0_fields)
        .and_then(Json::as_str)
        .map(str::to_string);
    let v1 = c.has_v1_fields || !c.has_v0_fields;
    if let Some(pv) = c
        .protocol_version
        .as_deref()
        .filter(|pv| release_form(pv) && pv.starts_with("0.") && !known_release(pv))
    {
        c.unknown_versions
            .push(("/protocolVersion".into(), pv.to_string()));
    }
    c.v01_shape = is_v01_card(v, served_as_v02);
    if !c.has_v1_fields && o.contains_key("url") {
        if let Some(pv) = c.protocol_version.as_deref() {
            let major = pv
                .trim()
                .split('.')
                .next()
                .and_then(|m| m.parse::<u32>().ok());
            if major.is_some_and(|m| m >= 1) {
                c.v0_shape_claims_v1 = true;
                c.problems.push((
                    "/protocolVersion".into(),
                    format!(
                        "agent card declares protocolVersion {pv:?} in the 0.x card shape (url/preferredTransport, no supportedInterfaces): a 1.0 card lists its interfaces in supportedInterfaces, each with its protocolVersion, and the top-level protocolVersion is the 0.2/0.3 member; 1.0 clients find no interface, 0.3 clients read a version the agent does not name (either add supportedInterfaces or declare the 0.x version the agent speaks, like \"0.3.0\")"
                    ),
                ));
            }
        }
    }
    // Required members (CARD-003 for 1.0, CARD-004 for 0.x; 0.1.0 schema `AgentCard`:
    // name, url, version, capabilities, skills).
    let mut required: Vec<&str> = if c.v01_shape {
        vec!["name", "version", "capabilities", "skills"]
    } else {
        vec![
            "name",
            "description",
            "version",
            "capabilities",
            "defaultInputModes",
            "defaultOutputModes",
            "skills",
        ]
    };
    if v1 {
        required.push("supportedInterfaces");
    }
    // A 1.0 card that also carries 0.3's url / preferredTransport (the union card the 1.0
    // SDKs serve for 0.3 clients, a2a-python #742; spring-ai-ascend #259 without the 0.3
    // protocolVersion) is read from its supportedInterfaces (CARD-003): its 0.x members are
    // extras, and a 0.3 reader takes the schema default "0.3.0" for a missing
    // protocolVersion, so the member is not demanded (mine31b f710).
    let v1_interfaces_listed = o
        .get("supportedInterfaces")
        .and_then(Json::as_array)
        .is_some_and(|a| !a.is_empty());
    if c.has_v0_fields {
        required.push("url");
        if !served_as_v02 && !v1_interfaces_listed {
            required.push("protocolVersion");
        }
    }
    // DATA-001: members under their proto field names (vellum-assistant #30911:
    // `supported_interfaces`, `protocol_binding`, `default_input_modes`), or in another
    // spelling (kebab-case, other letter case: `URL`, `Skills`; cards60): said as such, not
    // as missing members.
    let misspelt = card_misspelt_members(o);
    let mut unread: Vec<&str> = Vec::new();
    for key in required {
        if !o.contains_key(key) {
            if misspelt
                .iter()
                .any(|m| m.json_name == key && m.pointer.matches('/').count() == 1)
            {
                unread.push(key);
            } else {
                c.problems
                    .push((format!("/{key}"), format!("agent card has no {key}")));
            }
        }
    }
    // 1.0 names every JSON member in camelCase (DATA-001, MUST); a 0.x card so spelt is
    // judged here where a required member is lost (CARD-004), else its misspellings are
    // kept for CARD-SHAPE-012's warning (its schema allows unknown members).
    if let Some(first) = misspelt.first().filter(|_| v1 || !unread.is_empty()) {
        let msg = misspelt_words(&misspelt, &unread, v1);
        c.problems.insert(0, (first.pointer.clone(), msg));
    } else if !misspelt.is_empty() {
        c.misspelt_members = misspelt;
    }
    // CARD-003 / CARD-004: the required strings typed as strings; a member present as
    // null or a number is no name, description or version (mine32: `version: null`,
    // `version: 1.0` went unjudged), and so is a 0.2.5-0.3 protocolVersion.
    let mut strings = vec!["name", "description", "version"];
    if c.has_v0_fields {
        strings.push("protocolVersion");
    }
    for key in strings {
        // 0.2.0-0.2.4 cards have no protocolVersion (0.2 rules: optional), so a null there
        // is a Python SDK's unset Optional, not a wrong type.
        let optional_null = served_as_v02 && key == "protocolVersion";
        if let Some(x) = o
            .get(key)
            .filter(|x| !x.is_string() && (!optional_null || !x.is_null()))
        {
            c.problems.push((
                format!("/{key}"),
                not_a_string(&format!("agent card {key}"), x, v1),
            ));
        }
    }
    // CARD-003: a REQUIRED proto3 string that is "" is unset (the proto3 default is not
    // written), so a 1.0 card with `version: ""` lacks its version (agentgateway #2981:
    // a Go server's zero value); the 0.x schemas only require the member.
    if v1 {
        for key in ["name", "description", "version"] {
            if o.get(key).and_then(Json::as_str) == Some("") {
                c.problems.push((
                    format!("/{key}"),
                    format!("agent card {key} is \"\" (the unset proto3 string; {key} is REQUIRED in 1.0)"),
                ));
            }
        }
    }
    for key in ["defaultInputModes", "defaultOutputModes", "skills"] {
        match o.get(key) {
            Some(Json::Array(a)) if a.is_empty() && v1 => c.problems.push((
                format!("/{key}"),
                format!("agent card {key} is empty (a required list must not be empty)"),
            )),
            Some(Json::Array(_)) | None => {}
            Some(x) => c.problems.push((
                format!("/{key}"),
                not_a_list(&format!("agent card {key}"), x, v1),
            )),
        }
    }
    if let Some(Json::Array(skills)) = o.get("skills") {
        for (i, s) in skills.iter().enumerate() {
            let Some(so) = s.as_object() else {
                c.problems
                    .push((format!("/skills/{i}"), "skill is not an object".into()));
                continue;
            };
            // 0.1.0 schema `AgentSkill` requires only id and name
            let need: &[&str] = if c.v01_shape {
                &["id", "name"]
            } else {
                &["id", "name", "description"]
            };
            for key in need {
                match so.get(key).map(|x| (x, x.as_str())) {
                    None => c
                        .problems
                        .push((format!("/skills/{i}/{key}"), format!("skill has no {key}"))),
                    Some((x, None)) => c.problems.push((
                        format!("/skills/{i}/{key}"),
                        not_a_string(&format!("skill {key}"), x, v1),
                    )),
                    // CARD-003: "" is the unset proto3 string of a REQUIRED member.
                    Some((_, Some(""))) if v1 => c.problems.push((
                        format!("/skills/{i}/{key}"),
                        format!("skill {key} is \"\" (the unset proto3 string; {key} is REQUIRED in 1.0)"),
                    )),
                    Some(_) => {}
                }
            }
            if let Some(d) = so
                .get("description")
                .filter(|d| c.v01_shape && !d.is_string())
            {
                c.problems.push((
                    format!("/skills/{i}/description"),
                    not_a_string("skill description", d, false),
                ));
            }
            match so.get("tags") {
                None if c.v01_shape => {}
                Some(Json::Array(t)) if t.is_empty() && v1 => c.problems.push((
                    format!("/skills/{i}/tags"),
                    "skill tags list is empty".into(),
                )),
                Some(Json::Array(_)) => {}
                None => c
                    .problems
                    .push((format!("/skills/{i}/tags"), "skill has no tags list".into())),
                Some(x) => c
                    .problems
                    .push((format!("/skills/{i}/tags"), not_a_list("skill tags", x, v1))),
            }
            // CARD-003, CARD-004 (mine60 f1356, traylinx/a2a-ruby's AgentSkill takes only
            // objects {input, output}): examples are example prompts, a list of strings
            // (0.3 AgentSkill.examples: string[]; 1.0 repeated string examples).
            if let Some(Json::Array(ex)) = so.get("examples") {
                if let Some((j, x)) = ex.iter().enumerate().find(|(_, x)| !x.is_string()) {
                    c.problems.push((
                        format!("/skills/{i}/examples/{j}"),
                        format!(
                            "skill example {j} is {}, not a string: a skill's examples are example prompts, a list of strings (0.3 AgentSkill.examples string[], 1.0 repeated string), so a typed card reader refuses the card",
                            kind_words(x)
                        ),
                    ));
                }
            }
        }
    }
    // CARD-003 / CARD-004 (breaker19b Z9): AgentProvider requires `organization` and `url`
    // (1.0 proto REQUIRED; 0.2-0.3 schemas; the 0.1.0 schema only `organization`), and a
    // 0.2.5-0.3 AgentExtension requires `uri` (the 1.0 proto marks none of its members
    // REQUIRED). A card that is not 0.x-shaped or 1.0-shaped is not judged so.
    if let Some(p) = o.get("provider").filter(|p| !p.is_null()) {
        match p.as_object() {
            Some(po) => {
                let need: &[&str] = if c.v01_shape {
                    &["organization"]
                } else {
                    &["organization", "url"]
                };
                for key in need {
                    match po.get(key).and_then(Json::as_str) {
                        None => c.problems.push((
                            format!("/provider/{key}"),
                            format!("agent card provider has no {key} (AgentProvider requires organization and url)"),
                        )),
                        Some("") if v1 => c.problems.push((
                            format!("/provider/{key}"),
                            format!("agent card provider {key} is \"\" (the unset proto3 string; {key} is REQUIRED in 1.0)"),
                        )),
                        Some(_) => {}
                    }
                }
            }
            None => c.problems.push((
                "/provider".into(),
                "agent card provider is not an object".into(),
            )),
        }
    }
    if !v1 && !c.v01_shape {
        if let Some(Json::Array(exts)) = o.get("capabilities").and_then(|k| k.get("extensions")) {
            for (i, e) in exts.iter().enumerate() {
                if e.is_object() && !e.get("uri").is_some_and(Json::is_string) {
                    c.problems.push((
                        format!("/capabilities/extensions/{i}/uri"),
                        "agent extension has no uri (the 0.x schema's AgentExtension requires it: clients activate an extension by its uri)".into(),
                    ));
                }
            }
        }
    }
    // Input and output modes (ERR-002 -32005; breaker12 L10).
    let modes = |v: Option<&Json>| -> Option<Vec<String>> {
        v.and_then(Json::as_array).map(|a| {
            a.iter()
                .filter_map(Json::as_str)
                .map(|m| m.trim().to_ascii_lowercase())
                .collect()
        })
    };
    let text_ok = |ms: &[String]| {
        ms.iter()
            .any(|m| matches!(m.as_str(), "text/plain" | "text/*" | "*/*" | "*"))
    };
    let skills = o.get("skills").and_then(Json::as_array);
    let default_in = modes(o.get("defaultInputModes")).unwrap_or_default();
    c.text_input_accepted = text_ok(&default_in)
        && skills.is_none_or(|ss| {
            ss.iter()
                .all(|s| modes(s.get("inputModes")).is_none_or(|m| m.is_empty() || text_ok(&m)))
        });
    c.input_modes = default_in.clone();
    for s in skills.into_iter().flatten() {
        c.input_modes
            .extend(modes(s.get("inputModes")).unwrap_or_default());
    }
    c.output_modes = modes(o.get("defaultOutputModes")).unwrap_or_default();
    for s in skills.into_iter().flatten() {
        c.output_modes
            .extend(modes(s.get("outputModes")).unwrap_or_default());
    }
    // Capabilities.
    match o.get("capabilities") {
        Some(Json::Object(caps)) => {
            for key in [
                "streaming",
                "pushNotifications",
                "stateTransitionHistory",
                "extendedAgentCard",
            ] {
                match caps.get(key) {
                    Some(Json::Bool(_)) | Some(Json::Null) | None => {}
                    Some(other) => c
                        .non_boolean_flags
                        .push((format!("/capabilities/{key}"), other.to_value())),
                }
            }
            if let Some(Json::Array(exts)) = caps.get("extensions") {
                // proto AgentExtension.required is a bool: `"false"` is truthy to a JS client.
                for (i, e) in exts.iter().enumerate() {
                    match e.get("required") {
                        Some(Json::Bool(_)) | Some(Json::Null) | None => {}
                        Some(other) => c.non_boolean_flags.push((
                            format!("/capabilities/extensions/{i}/required"),
                            other.to_value(),
                        )),
                    }
                }
                c.required_extensions = exts
                    .iter()
                    .filter(|e| e.get("required").and_then(Json::as_bool) == Some(true))
                    .filter_map(|e| e.get("uri").and_then(Json::as_str))
                    .filter(|u| !u.is_empty())
                    .map(str::to_string)
                    .collect();
            }
            c.streaming = caps.get("streaming").and_then(Json::as_bool);
            c.push_notifications = caps.get("pushNotifications").and_then(Json::as_bool);
            if caps.get("extendedAgentCard").and_then(Json::as_bool) == Some(true) {
                c.extended_card = true;
            }
            if let Some(Json::Array(exts)) = caps.get("extensions") {
                c.extensions = exts
                    .iter()
                    .filter_map(|e| {
                        Some(CardExtension {
                            uri: e.get("uri")?.as_str()?.trim().to_string(),
                            required: e.get("required").and_then(Json::as_bool) == Some(true),
                        })
                    })
                    .collect();
            }
        }
        Some(x) => c.problems.push((
            "/capabilities".into(),
            match x {
                Json::Null => "capabilities is null, not an object: the card declares no capabilities (write {} when the agent has none to declare)".into(),
                _ => format!("capabilities is {}, not an object", kind_words(x)),
            },
        )),
        None => {}
    }
    match o.get("supportsAuthenticatedExtendedCard") {
        Some(Json::Bool(b)) => {
            c.extended_card |= *b;
            c.extended_card_flag_0x = Some(*b);
        }
        Some(Json::Null) | None => {}
        Some(other) => c.non_boolean_flags.push((
            "/supportsAuthenticatedExtendedCard".into(),
            other.to_value(),
        )),
    }
    read_interfaces(o, &mut c);
    read_security(o, &mut c);
    read_security_refs(o, &mut c);
    let links = link_problems(v);
    c.bad_interfaces.extend(links);
    // 0.1.0 or 0.2.0-0.2.4: a card with no member 0.2 added reads as either; judged by the
    // 0.2 schema too, kept for the calls that tell which (CARD-004).
    if c.v01_shape && served_as_v02 && !o.contains_key("protocolVersion") {
        let v02 = card_view(v, false);
        c.v02_problems = v02
            .problems
            .into_iter()
            .filter(|p| p.0 != "/protocolVersion" && !c.problems.iter().any(|q| q.0 == p.0))
            .collect();
    }
    c
}

/// Members of a flow object (0.x schema `*OAuthFlow`, 1.0 proto `*OAuthFlow`) that hold URLs.
const FLOW_URLS: [&str; 4] = [
    "authorizationUrl",
    "tokenUrl",
    "refreshUrl",
    "deviceAuthorizationUrl",
];

/// Card links besides the interfaces that are not absolute `http(s)` URLs, as (`pointer`,
/// message), in card order (CARD-005/CARD-006 judge interface URLs so; a `javascript:` or
/// `data:` link in a card is shown and followed by clients and registries). The URL-valued
/// members of the 0.1–0.3 schemas and the 1.0 proto: `iconUrl`, `documentationUrl`,
/// `provider.url`, and in each security scheme `openIdConnectUrl`, `oauth2MetadataUrl` and
/// the flows' `authorizationUrl`, `tokenUrl`, `refreshUrl`, `deviceAuthorizationUrl` (0.x
/// `{type, ...}` and 1.0 `oauth2SecurityScheme` / `openIdConnectSecurityScheme` shapes).
/// Absent, `null` and empty links are not judged (the JS SDK writes `""` for unset ones);
/// extension `uri`s are identifiers, not links, and are not judged either.
pub fn link_problems(card: &Json) -> Vec<CardProblem> {
    let mut out = Vec::new();
    let Some(o) = card.as_object() else {
        return out;
    };
    let mut check = |ptr: String, v: Option<&Json>| {
        let Some(v) = v.filter(|v| !v.is_null()) else {
            return;
        };
        let name = ptr.trim_start_matches('/').replace('/', ".");
        match v.as_str() {
            Some("") => {}
            Some(u) if is_http_url(u) => {}
            Some(u) => out.push((
                ptr,
                format!("card link {name} {u:?} is not an absolute http(s) url"),
            )),
            None => out.push((ptr, format!("card link {name} is not a string"))),
        }
    };
    check("/iconUrl".into(), o.get("iconUrl"));
    check("/documentationUrl".into(), o.get("documentationUrl"));
    if let Some(p) = o.get("provider").and_then(Json::as_object) {
        check("/provider/url".into(), p.get("url"));
    }
    let Some(Json::Object(schemes)) = o.get("securitySchemes") else {
        return out;
    };
    for (name, s) in schemes.iter() {
        let at = super::json::ptr("/securitySchemes", &[super::json::Seg::Key(name)]);
        // 0.x: the scheme itself; 1.0: the one oneof member that is set
        let mut parts: Vec<(String, &Json)> = vec![(at.clone(), s)];
        for k in ["oauth2SecurityScheme", "openIdConnectSecurityScheme"] {
            if let Some(inner) = s.get(k) {
                parts.push((format!("{at}/{k}"), inner));
            }
        }
        for (p, part) in parts {
            for k in ["openIdConnectUrl", "oauth2MetadataUrl"] {
                check(format!("{p}/{k}"), part.get(k));
            }
            if let Some(Json::Object(flows)) = part.get("flows") {
                for (flow, f) in flows.iter() {
                    let fp =
                        super::json::ptr(&format!("{p}/flows"), &[super::json::Seg::Key(flow)]);
                    for k in FLOW_URLS {
                        check(format!("{fp}/{k}"), f.get(k));
                    }
                }
            }
        }
    }
    out
}

/// `u` is an absolute `http://` or `https://` URL with a host (WHATWG URL parsing).
fn is_http_url(u: &str) -> bool {
    url::Url::parse(u.trim()).is_ok_and(|p| {
        matches!(p.scheme(), "http" | "https") && p.host_str().is_some_and(|h| !h.is_empty())
    })
}

fn read_interfaces(o: &Obj, c: &mut AgentCardView) {
    match o.get("supportedInterfaces") {
        // CARD-003/CARD-005: a client has no URL to call
        Some(Json::Array(list)) if list.is_empty() => c.problems.push((
            "/supportedInterfaces".into(),
            "agent card supportedInterfaces is empty (a required list must not be empty; a client has no interface to call)".into(),
        )),
        Some(Json::Array(list)) => {
            for (i, it) in list.iter().enumerate() {
                let p = super::json::ptr("/supportedInterfaces", &[super::json::Seg::Index(i)]);
                let Some(io) = it.as_object() else {
                    c.bad_interfaces
                        .push((p, "interface is not an object".into()));
                    continue;
                };
                let url = io.get("url").and_then(Json::as_str);
                let binding = io.get("protocolBinding").and_then(Json::as_str);
                let version = io.get("protocolVersion").and_then(Json::as_str);
                for (key, present) in [
                    ("url", is_nonempty_str(io.get("url"))),
                    (
                        "protocolBinding",
                        is_nonempty_str(io.get("protocolBinding")),
                    ),
                    (
                        "protocolVersion",
                        is_nonempty_str(io.get("protocolVersion")),
                    ),
                ] {
                    if !present {
                        // DATA-001: present under its proto field name.
                        // cards60: or in another spelling (protocol-binding, URL)
                        let other = io
                            .keys()
                            .find(|k| spelling_of(k, INTERFACE_MEMBERS) == Some(key));
                        let msg = match CARD_PROTO_NAMES
                            .iter()
                            .find(|(sn, camel)| *camel == key && io.contains_key(sn))
                        {
                            Some((snake, _)) => format!("interface has {snake}, the proto field name, but no {key} (DATA-001: JSON members are lowerCamelCase; a JSON client finds no {key})"),
                            None if other.is_some() => format!(
                                "interface has {}, not {key} (DATA-001: JSON member names are lowerCamelCase and case-sensitive; a client finds no {key})",
                                other.unwrap_or_default()
                            ),
                            // mine32: present, but null or a number (`protocolVersion: 1.0`)
                            None => match io.get(key).filter(|x| !x.is_string()) {
                                Some(x) => not_a_string(&format!("interface {key}"), x, true),
                                None => format!("interface has no {key}"),
                            },
                        };
                        c.bad_interfaces.push((format!("{p}/{key}"), msg));
                    }
                }
                if let (Some(u), Some(b)) = (url, binding) {
                    if !b.eq_ignore_ascii_case("GRPC")
                        && !custom_binding_uri(b, u)
                        && super::net::parse_url(u).is_none()
                    {
                        c.bad_interfaces.push((
                            format!("{p}/url"),
                            format!(
                                "interface url {u:?} {}",
                                super::net::unparsable_url_why(u)
                            ),
                        ));
                    } else if let Some(why) = http_binding_off_http(b, u) {
                        c.bad_interfaces.push((format!("{p}/url"), format!("interface url {why}")));
                    }
                }
                if let Some(b) = binding {
                    // CARD-005: the binding names are exact strings; SDK clients match them
                    // case-sensitively, so `jsonrpc` is never selected
                    judge_binding_name(
                        c,
                        format!("{p}/protocolBinding"),
                        "interface protocolBinding",
                        b,
                    );
                }
                if let Some(ver) = version.filter(|v| !v.is_empty()) {
                    // CARD-007: Major.Minor ("1.0", "0.3"); a client comparing "1.0" never
                    // matches "1" or "v1"
                    let numeric = |p: &str| !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit());
                    let parts: Vec<&str> = ver.split('.').collect();
                    if parts.len() < 2 || !parts.iter().all(|p| numeric(p)) {
                        c.bad_interfaces.push((
                            format!("{p}/protocolVersion"),
                            format!("interface protocolVersion {ver:?} is not Major.Minor (like \"1.0\")"),
                        ));
                    }
                }
                if let Some(ver) = version.filter(|v| release_form(v) && !known_release(v)) {
                    c.unknown_versions
                        .push((format!("{p}/protocolVersion"), ver.to_string()));
                }
                if let Some(ver) = version {
                    if ver.starts_with("1.") && ver.split('.').count() > 2 {
                        c.patch_versions
                            .push((format!("{p}/protocolVersion"), ver.to_string()));
                    }
                }
                if let Some(u) = url {
                    c.interfaces.push(CardInterface::new(
                        u.to_string(),
                        binding.unwrap_or("").to_string(),
                        version.map(str::to_string),
                        io.get("tenant")
                            .and_then(Json::as_str)
                            .filter(|t| !t.is_empty())
                            .map(str::to_string),
                        super::json::ptr(&p, &[super::json::Seg::Key("url")]),
                    ));
                }
            }
        }
        Some(x) => c.bad_interfaces.push((
            "/supportedInterfaces".into(),
            not_a_list("supportedInterfaces", x, true),
        )),
        None => {}
    }
    // A gRPC `url` is a channel target (`host:port`), as on the GRPC interfaces above and
    // in `additionalInterfaces` below: only other transports need an http(s) URL.
    let preferred_grpc = o
        .get("preferredTransport")
        .and_then(Json::as_str)
        .is_some_and(|t| t.eq_ignore_ascii_case("GRPC"));
    // CARD-006 (0.3 §5.6.1, §5.6.4; breaker19a Y6, Y10): the 0.3 transport names are the
    // same exact strings as the 1.0 binding names, and preferredTransport is REQUIRED.
    if c.has_v0_fields && o.contains_key("url") {
        match o.get("preferredTransport") {
            Some(Json::String(t)) => judge_binding_name(
                c,
                "/preferredTransport".into(),
                "card preferredTransport",
                t,
            ),
            None => {
                c.preferred_transport_missing = c
                    .protocol_version
                    .as_deref()
                    .and_then(Dialect::from_version)
                    == Some(Dialect::V0_3)
            }
            Some(_) => {}
        }
    }
    // A 1.0 card's `url: null` is an unset member 1.0 does not define (a2a-java #945), not
    // a url; a 0.x card's is its required url missing, told below.
    if let Some(u) = o.get("url").filter(|u| !u.is_null() || c.has_v0_fields) {
        match u.as_str() {
            Some(s)
                if preferred_grpc && !s.trim().is_empty() || super::net::parse_url(s).is_some() =>
            {
                let declared = o.get("preferredTransport").and_then(Json::as_str);
                if let Some(why) = http_binding_off_http(declared.unwrap_or("JSONRPC"), s) {
                    let default = if declared.is_none() {
                        " (the transport of a card without preferredTransport)"
                    } else {
                        ""
                    };
                    c.bad_interfaces
                        .push(("/url".into(), format!("card url {why}{default}")));
                }
                c.interfaces.push(CardInterface::new(
                    s.to_string(),
                    o.get("preferredTransport")
                        .and_then(Json::as_str)
                        .unwrap_or("JSONRPC")
                        .to_string(),
                    c.effective_v0_version(),
                    None,
                    "/url".into(),
                ));
            }
            _ => c.bad_interfaces.push((
                "/url".into(),
                format!(
                    "card url {u} {}",
                    super::net::unparsable_url_why(u.as_str().unwrap_or(""))
                ),
            )),
        }
    }
    if let Some(Json::Array(list)) = o.get("additionalInterfaces") {
        for (i, it) in list.iter().enumerate() {
            let p = super::json::ptr("/additionalInterfaces", &[super::json::Seg::Index(i)]);
            let url = it.get("url").and_then(Json::as_str);
            let transport = it.get("transport").and_then(Json::as_str);
            match (url, transport) {
                (Some(u), Some(t)) => {
                    judge_binding_name(c, format!("{p}/transport"), "interface transport", t);
                    if !t.eq_ignore_ascii_case("GRPC")
                        && !custom_binding_uri(t, u)
                        && super::net::parse_url(u).is_none()
                    {
                        c.bad_interfaces.push((
                            format!("{p}/url"),
                            format!("interface url {u:?} {}", super::net::unparsable_url_why(u)),
                        ));
                    } else if let Some(why) = http_binding_off_http(t, u) {
                        c.bad_interfaces
                            .push((format!("{p}/url"), format!("interface url {why}")));
                    }
                    c.interfaces.push(CardInterface::new(
                        u.to_string(),
                        t.to_string(),
                        c.effective_v0_version(),
                        None,
                        super::json::ptr(&p, &[super::json::Seg::Key("url")]),
                    ));
                }
                _ => c
                    .bad_interfaces
                    .push((p, "additional interface needs url and transport".into())),
            }
        }
    }
    // CARD-006 (0.3 §5.6): one URL never declares conflicting transports (`url` with
    // `preferredTransport`, and `additionalInterfaces`): a client cannot tell which to speak.
    // 0.x entries only: a 1.0 card may serve JSON-RPC (POST on the URL) and HTTP+JSON
    // (routes below it) from one base.
    let v0: Vec<&CardInterface> = c
        .interfaces
        .iter()
        .filter(|i| i.pointer == "/url" || i.pointer.starts_with("/additionalInterfaces/"))
        .collect();
    for (i, it) in v0.iter().enumerate() {
        let first = v0[..i].iter().find(|o| {
            o.url.trim_end_matches('/') == it.url.trim_end_matches('/')
                && !o.binding.eq_ignore_ascii_case(&it.binding)
        });
        if let Some(o) = first {
            let problem = (
                it.pointer.replace("/url", "/transport"),
                format!(
                    "interface url {} declares conflicting transports {} and {} (one URL serves one transport)",
                    it.url, o.binding, it.binding
                ),
            );
            if !c.bad_interfaces.contains(&problem) {
                c.bad_interfaces.push(problem);
            }
        }
    }
}

/// Whether card `o` may declare security the 0.1.0 way (`authentication.schemes`): a 0.x
/// card (no `supportedInterfaces`) that names no protocolVersion (0.1.0 had none; 0.2.5
/// added it) or names 0.1. A 0.2.5+ or 1.0 card defines no `authentication` member, so one
/// it carries declares nothing there (review29a: an error AUTH-OPEN-001 on a 0.3 card's
/// leftover member).
fn reads_as_v01_auth(o: &Obj, has_v1_fields: bool) -> bool {
    if has_v1_fields {
        return false;
    }
    match o.get("protocolVersion") {
        None => true,
        Some(v) => v.as_str().and_then(Dialect::from_version) == Some(Dialect::V0_1),
    }
}

fn read_security(o: &Obj, c: &mut AgentCardView) {
    if c.has_v1_fields && !c.has_v0_fields {
        for k in [
            "security",
            "supportsAuthenticatedExtendedCard",
            "preferredTransport",
            "additionalInterfaces",
            "protocolVersion",
        ] {
            // A member written null is unset (ProtoJSON; a2a-java #945's Jackson card writes
            // every unset field so): nothing a reader loses.
            if o.get(k).is_some_and(|v| !v.is_null()) {
                c.v0_members_in_v1.push(format!("/{k}"));
            }
        }
        if o.get("capabilities")
            .and_then(|caps| caps.get("stateTransitionHistory"))
            .is_some_and(|v| !v.is_null())
        {
            c.v0_members_in_v1
                .push("/capabilities/stateTransitionHistory".into());
        }
        if let Some(Json::Array(skills)) = o.get("skills") {
            for (i, sk) in skills.iter().enumerate() {
                if sk.get("security").is_some_and(|v| !v.is_null()) {
                    c.v0_members_in_v1.push(format!("/skills/{i}/security"));
                }
            }
        }
    }
    if c.has_v0_fields && !c.has_v1_fields {
        if o.contains_key("securityRequirements") {
            c.v1_members_in_v0.push("/securityRequirements".into());
        }
        if o.get("capabilities")
            .and_then(Json::as_object)
            .is_some_and(|caps| caps.contains_key("extendedAgentCard"))
        {
            c.v1_members_in_v0
                .push("/capabilities/extendedAgentCard".into());
        }
        if let Some(Json::Array(skills)) = o.get("skills") {
            for (i, sk) in skills.iter().enumerate() {
                if sk.get("securityRequirements").is_some() {
                    c.v1_members_in_v0
                        .push(format!("/skills/{i}/securityRequirements"));
                }
            }
        }
    }
    if let Some(Json::Array(list)) = o.get("securityRequirements") {
        if let Some(p) = security_requirements_problem(list, "/securityRequirements") {
            c.bad_security_schemes.push(p);
        }
    }
    if let Some(p) = security_container_problem(o) {
        c.bad_security_schemes.push(p);
    }
    let reqs = o.get("securityRequirements").or_else(|| o.get("security"));
    if let Some(Json::Array(list)) = reqs {
        // An empty requirement object `{}` means "no auth" is one of the alternatives.
        let any_empty = list.iter().any(|r| {
            r.as_object().is_some_and(|m| {
                m.is_empty()
                    || m.get("schemes")
                        .and_then(Json::as_object)
                        .is_some_and(|s| s.is_empty())
            })
        });
        c.requires_auth = !list.is_empty() && !any_empty;
        let schemes = o.get("securitySchemes").and_then(Json::as_object);
        let is_mtls = |n: &str| {
            schemes.and_then(|sc| sc.get(n)).is_some_and(|s| {
                s.get("mtlsSecurityScheme").is_some()
                    || s.get("type").and_then(Json::as_str) == Some("mutualTLS")
            })
        };
        c.mtls_required = c.requires_auth
            && list.iter().all(|r| {
                r.as_object().is_some_and(|m| match m.get("schemes") {
                    Some(Json::Object(sm)) => sm.keys().any(&is_mtls),
                    Some(_) => false,
                    None => m.keys().any(&is_mtls),
                })
            });
    } else if reqs.is_none()
        && o.get("securitySchemes").is_none()
        && reads_as_v01_auth(o, c.has_v1_fields)
    {
        // 0.1.0 declares security as `authentication: {schemes: [...], credentials?}` (0.1
        // schema AgentAuthentication; 0.2 replaced it by securitySchemes / security):
        // a scheme other than the samples' "public" (or none) asks every call for
        // credentials (AUTH-002; breaker29 A25).
        let open = |s: &str| {
            ["public", "none", "anonymous"]
                .iter()
                .any(|p| s.trim().eq_ignore_ascii_case(p))
        };
        let schemes = o
            .get("authentication")
            .and_then(|a| a.get("schemes"))
            .and_then(Json::as_array);
        if let Some(list) = schemes {
            let named: Vec<&str> = list.iter().filter_map(Json::as_str).collect();
            if !named.is_empty() && named.len() == list.len() && !named.iter().any(|s| open(s)) {
                c.requires_auth = true;
                c.declares_schemes = true;
            }
        }
    }
    c.credential_headers = vec!["authorization".into(), "cookie".into()];
    c.security_alternatives = read_security_alternatives(o);
    if let Some(Json::Object(schemes)) = o.get("securitySchemes") {
        c.declares_schemes = schemes.iter().next().is_some();
        // A hybrid card (both field sets) may use either shape.
        let shape = match (c.has_v1_fields, c.has_v0_fields) {
            (true, true) => None,
            (false, true) => Some(false),
            _ => Some(true),
        };
        for (name, s) in schemes.iter() {
            let p = super::json::ptr("/securitySchemes", &[super::json::Seg::Key(name)]);
            if let Some((at, msg)) = security_scheme_problem(s, &p, shape) {
                // The scheme's name in the card's securitySchemes map, beside the words
                // "security scheme" (ggcode #1089: `bearer` is the name, not the scheme).
                let msg = match msg.find("security scheme ") {
                    Some(i) => format!(
                        "{}security scheme {name:?} {}",
                        &msg[..i],
                        &msg[i + "security scheme ".len()..]
                    ),
                    None => format!("{msg} (security scheme {name:?})"),
                };
                c.bad_security_schemes.push((at, msg));
            }
        }
        for s in schemes.values() {
            // 0.x {type:"apiKey", in:"header", name}; 1.0 {apiKeySecurityScheme:{location,name}}
            let api = s.get("apiKeySecurityScheme").unwrap_or(s);
            let name = api.get("name").and_then(Json::as_str);
            let loc = api
                .get("in")
                .or_else(|| api.get("location"))
                .and_then(Json::as_str);
            if let (Some(n), Some(l)) = (name, loc) {
                if l.eq_ignore_ascii_case("header") {
                    c.credential_headers.push(n.to_ascii_lowercase());
                } else if l.eq_ignore_ascii_case("query") {
                    c.credential_query.push(n.to_string());
                }
            }
            let mtls = s.get("mtlsSecurityScheme").is_some()
                || s.get("type").and_then(Json::as_str) == Some("mutualTLS");
            c.invisible_auth |= mtls;
        }
    }
}

/// Where one security scheme's credential travels in a request (AUTH-001: HTTP headers;
/// 0.x / 1.0 apiKey `in` / `location` header, query or cookie).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Credential {
    /// `Authorization` header (http bearer / basic, OAuth 2.0, OpenID Connect). `auth` is
    /// the HTTP authentication scheme an http scheme names (`Basic`, `Bearer`, `Digest`,
    /// as the card spells it; RFC 9110 §11.1 compares it case-insensitively), `None` for
    /// OAuth 2.0 and OpenID Connect (Bearer, or DPoP, RFC 9449) or an http scheme without one.
    Authorization {
        scheme: String,
        auth: Option<String>,
    },
    /// apiKey in a header of this name (as the card spells it; header names compare
    /// case-insensitively).
    Header { scheme: String, name: String },
    /// apiKey in a query parameter of this name.
    Query { scheme: String, name: String },
    /// apiKey in a cookie of this name.
    Cookie { scheme: String, name: String },
}

impl Credential {
    /// The name of the security scheme the credential is for.
    pub fn scheme(&self) -> &str {
        match self {
            Credential::Authorization { scheme, .. }
            | Credential::Header { scheme, .. }
            | Credential::Query { scheme, .. }
            | Credential::Cookie { scheme, .. } => scheme,
        }
    }

    /// The credential as a request carries it, for messages: `Authorization header`,
    /// `X-API-Key header`, `api_key query parameter`, `session cookie`.
    pub fn describe(&self) -> String {
        match self {
            Credential::Authorization { .. } => "Authorization header".into(),
            Credential::Header { name, .. } => format!("{name} header"),
            Credential::Query { name, .. } => format!("{name} query parameter"),
            Credential::Cookie { name, .. } => format!("{name} cookie"),
        }
    }
}

/// The credential a security scheme object `s` (named `name`) needs, `None` for a scheme
/// that authenticates outside HTTP messages (mutual TLS) or an unknown shape.
fn scheme_credential(name: &str, s: &Json) -> Option<Credential> {
    let scheme = name.to_string();
    if let Some(api) = s
        .get("apiKeySecurityScheme")
        .or_else(|| (s.get("type").and_then(Json::as_str) == Some("apiKey")).then_some(s))
    {
        let n = api.get("name").and_then(Json::as_str)?.to_string();
        let loc = api
            .get("in")
            .or_else(|| api.get("location"))
            .and_then(Json::as_str)?;
        return match loc.to_ascii_lowercase().as_str() {
            "header" => Some(Credential::Header { scheme, name: n }),
            "query" => Some(Credential::Query { scheme, name: n }),
            "cookie" => Some(Credential::Cookie { scheme, name: n }),
            _ => None,
        };
    }
    let ty = s.get("type").and_then(Json::as_str).unwrap_or("");
    let auth_header = s.get("httpAuthSecurityScheme").is_some()
        || s.get("oauth2SecurityScheme").is_some()
        || s.get("openIdConnectSecurityScheme").is_some()
        || matches!(ty, "http" | "oauth2" | "openIdConnect");
    let auth = s
        .get("httpAuthSecurityScheme")
        .or_else(|| (ty == "http").then_some(s))
        .and_then(|h| h.get("scheme"))
        .and_then(Json::as_str)
        .map(str::trim)
        .filter(|a| !a.is_empty())
        .map(str::to_string);
    auth_header.then_some(Credential::Authorization { scheme, auth })
}

/// [`AgentCardView::security_alternatives`] from the card's requirements (1.0
/// `securityRequirements[].schemes`, 0.x `security[]`) and `securitySchemes`.
fn read_security_alternatives(o: &Obj) -> Vec<Vec<Credential>> {
    let Some(Json::Array(list)) = o.get("securityRequirements").or_else(|| o.get("security"))
    else {
        return Vec::new();
    };
    let schemes = o.get("securitySchemes").and_then(Json::as_object);
    let mut out = Vec::new();
    for r in list.iter().take(32) {
        let Some(m) = r.as_object() else {
            return Vec::new();
        };
        let names: Vec<&str> = match m.get("schemes").and_then(Json::as_object) {
            Some(sm) => sm.keys().collect(),
            None => m.keys().collect(),
        };
        if names.is_empty() {
            return Vec::new(); // `{}`: no auth is an alternative
        }
        let mut need = Vec::new();
        for n in names {
            let Some(s) = schemes.and_then(|sc| sc.get(n)) else {
                return Vec::new();
            };
            match scheme_credential(n, s) {
                Some(cr) => need.push(cr),
                None => return Vec::new(),
            }
        }
        out.push(need);
    }
    out
}

/// The first shape problem of a 1.0 `securityRequirements` list at `ptr` (1.0 proto
/// `SecurityRequirement { map<string, StringList> schemes }`, `StringList { repeated string
/// list }`; DATA-001, CARD-003, AUTH-007): each entry is `{"schemes": {NAME: {"list":
/// [SCOPE, ...]}}}`. The 0.x shape `{NAME: [SCOPE]}` and a bare scope array in place of the
/// StringList (A2A #2044 vs PR #2046) do not parse in strict ProtoJSON readers. Returns
/// `(pointer, message)`.
pub fn security_requirements_problem(list: &[Json], ptr: &str) -> Option<CardProblem> {
    use super::json::{ptr as jptr, Seg};
    for (i, r) in list.iter().enumerate() {
        let at = jptr(ptr, &[Seg::Index(i)]);
        let Some(o) = r.as_object() else {
            return Some((at, "security requirement is not an object".into()));
        };
        let Some(schemes) = o.get("schemes") else {
            if o.is_empty() {
                continue;
            }
            return Some((
                at,
                "1.0 security requirement uses the 0.x shape {NAME: [scopes]} instead of {\"schemes\": {NAME: {\"list\": [scopes]}}}".into(),
            ));
        };
        let Some(schemes) = schemes.as_object() else {
            return Some((
                jptr(&at, &[Seg::Key("schemes")]),
                "security requirement schemes is not an object".into(),
            ));
        };
        for (name, scopes) in schemes.iter() {
            let sp = jptr(&at, &[Seg::Key("schemes"), Seg::Key(name)]);
            let ok = scopes.as_object().is_some_and(|l| {
                l.get("list").is_none_or(|a| {
                    a.as_array()
                        .is_some_and(|a| a.iter().all(|s| s.as_str().is_some()))
                })
            });
            if !ok {
                return Some((
                    sp,
                    format!("scopes of scheme {name:?} are not a StringList {{\"list\": [...]}}"),
                ));
            }
        }
    }
    None
}

/// The first problem of the card's security containers by their JSON type (breaker33 K37,
/// K48, Q18; CARD-003, CARD-004): `securitySchemes` is a map (an object) from scheme name to
/// scheme, `securityRequirements` (1.0) and `security` (0.x) are lists, and a 0.x
/// requirement maps each scheme name to a list of scope strings (0.3 schema
/// `security: {[name]: string[]}[]`). A reader that meets another type drops the whole
/// declaration (or the card): the schemes and requirements inside are never seen, and
/// nothing else judges them. `null` is the unset member. Returns `(pointer, message)`.
pub fn security_container_problem(o: &Obj) -> Option<CardProblem> {
    use super::json::{ptr as jptr, Seg};
    let kind = |v: &Json| super::json::value_words(v);
    match o.get("securitySchemes") {
        None | Some(Json::Null | Json::Object(_)) => {}
        Some(v) => {
            return Some((
                "/securitySchemes".into(),
                format!(
                    "securitySchemes is {}, not an object mapping each scheme name to its security scheme",
                    kind(v)
                ),
            ))
        }
    }
    for key in ["securityRequirements", "security"] {
        match o.get(key) {
            None | Some(Json::Null | Json::Array(_)) => {}
            Some(v) => {
                return Some((
                    format!("/{key}"),
                    format!(
                        "{key} is {}, not a list of security requirements (alternatives, any one of which suffices: wrap the requirement in [...])",
                        kind(v)
                    ),
                ))
            }
        }
    }
    let Some(Json::Array(list)) = o.get("security") else {
        return None;
    };
    for (i, r) in list.iter().enumerate() {
        let at = jptr("/security", &[Seg::Index(i)]);
        let Some(r) = r.as_object() else {
            return Some((at, "security requirement is not an object".into()));
        };
        for (name, scopes) in r.iter() {
            // 1.0's {schemes: {NAME: {list}}} under the 0.x member name (trap 9: 1.0 prose
            // says `security`): its shape is judged by the 1.0 requirement check.
            if name == "schemes" && scopes.is_object() {
                continue;
            }
            let ok = scopes
                .as_array()
                .is_some_and(|a| a.iter().all(Json::is_string));
            if !ok {
                return Some((
                    jptr(&at, &[Seg::Key(name)]),
                    format!(
                        "scopes of scheme {name:?} are {}, not a list of scope strings ({{{name:?}: []}} when none)",
                        kind(scopes)
                    ),
                ));
            }
        }
    }
    None
}

/// Fills [`AgentCardView::undefined_security_refs`] and
/// [`AgentCardView::insecure_auth_urls`] (AUTH-002, AUTH-007, AUTH-004).
fn read_security_refs(o: &Obj, c: &mut AgentCardView) {
    use super::json::{ptr as jptr, Seg};
    let schemes = o.get("securitySchemes").and_then(Json::as_object);
    let defined = |n: &str| schemes.is_some_and(|s| s.contains_key(n));
    // 1.0 `[{schemes: {NAME: {list}}}]`, 0.x `[{NAME: [scopes]}]`.
    let mut refs = |list: &Json, at: &str| {
        let Some(list) = list.as_array() else { return };
        for (i, r) in list.iter().enumerate() {
            let Some(r) = r.as_object() else { continue };
            let (names, base) = match r.get("schemes").and_then(Json::as_object) {
                Some(m) => (m, jptr(at, &[Seg::Index(i), Seg::Key("schemes")])),
                None => (r, jptr(at, &[Seg::Index(i)])),
            };
            for name in names.keys() {
                if !defined(name) {
                    c.undefined_security_refs
                        .push((jptr(&base, &[Seg::Key(name)]), name.to_string()));
                }
            }
        }
    };
    for key in ["securityRequirements", "security"] {
        if let Some(l) = o.get(key) {
            refs(l, &format!("/{key}"));
        }
    }
    if let Some(Json::Array(skills)) = o.get("skills") {
        for (i, sk) in skills.iter().enumerate() {
            for key in ["securityRequirements", "security"] {
                if let Some(l) = sk.get(key) {
                    refs(l, &jptr("/skills", &[Seg::Index(i), Seg::Key(key)]));
                }
            }
        }
    }
    let Some(schemes) = schemes else { return };
    for (name, s) in schemes.iter() {
        let at = jptr("/securitySchemes", &[Seg::Key(name)]);
        let (inner, at) = match s.get("oauth2SecurityScheme") {
            Some(i) => (i, jptr(&at, &[Seg::Key("oauth2SecurityScheme")])),
            None => match s.get("openIdConnectSecurityScheme") {
                Some(i) => (i, jptr(&at, &[Seg::Key("openIdConnectSecurityScheme")])),
                None => (s, at),
            },
        };
        let mut urls: Vec<(String, &str)> = Vec::new();
        // breaker33 K46: the proto's oauth2_metadata_url (RFC 8414 metadata) says "TLS is
        // required", as the flows' endpoints do: a client reads the token endpoint from it.
        for k in ["openIdConnectUrl", "oauth2MetadataUrl"] {
            if let Some(u) = inner.get(k).and_then(Json::as_str) {
                urls.push((jptr(&at, &[Seg::Key(k)]), u));
            }
        }
        if let Some(flows) = inner.get("flows").and_then(Json::as_object) {
            for (flow, f) in flows.iter() {
                let Some(f) = f.as_object() else { continue };
                for (k, v) in f.iter() {
                    if k.ends_with("Url") {
                        if let Some(u) = v.as_str() {
                            urls.push((
                                jptr(&at, &[Seg::Key("flows"), Seg::Key(flow), Seg::Key(k)]),
                                u,
                            ));
                        }
                    }
                }
            }
        }
        for (p, u) in urls {
            if plain_http_off_loopback(u) {
                c.insecure_auth_urls.push((p, u.to_string()));
            }
        }
    }
}

/// The first problem of an OAuth2 `flows` object at `at` (CARD-003, CARD-004): 1.0 proto
/// `OAuthFlows` is a oneof (exactly one of `authorizationCode`, `clientCredentials`,
/// `deviceCode`, `implicit`, `password`; ProtoJSON parsers reject a card with two) whose
/// REQUIRED URLs are `authorizationUrl`+`tokenUrl` (authorization code),
/// `tokenUrl` (client credentials), `deviceAuthorizationUrl`+`tokenUrl` (device code);
/// 0.x (OpenAPI, several flows allowed; 0.3 schema): `authorizationUrl`+`tokenUrl`,
/// `tokenUrl`, `authorizationUrl` (implicit), `tokenUrl` (password).
fn oauth_flows_problem(flows: &Json, at: &str, v1: bool) -> Option<CardProblem> {
    const V1: [(&str, &[&str]); 5] = [
        ("authorizationCode", &["authorizationUrl", "tokenUrl"]),
        ("clientCredentials", &["tokenUrl"]),
        ("deviceCode", &["deviceAuthorizationUrl", "tokenUrl"]),
        ("implicit", &[]),
        ("password", &[]),
    ];
    const V0: [(&str, &[&str]); 4] = [
        ("authorizationCode", &["authorizationUrl", "tokenUrl"]),
        ("clientCredentials", &["tokenUrl"]),
        ("implicit", &["authorizationUrl"]),
        ("password", &["tokenUrl"]),
    ];
    let Some(o) = flows.as_object() else {
        return Some((at.to_string(), "oauth2 flows is not an object".into()));
    };
    let table: &[(&str, &[&str])] = if v1 { &V1 } else { &V0 };
    let set: Vec<&(&str, &[&str])> = table
        .iter()
        .filter(|(k, _)| o.get(k).is_some_and(|v| !v.is_null()))
        .collect();
    if v1 && set.len() > 1 {
        return Some((
            at.to_string(),
            format!(
                "oauth2 flows sets more than one flow ({}); 1.0 OAuthFlows is a oneof, so ProtoJSON parsers reject the card",
                set.iter().map(|(k, _)| *k).collect::<Vec<_>>().join(", ")
            ),
        ));
    }
    if set.is_empty() && !o.is_empty() {
        return None; // an unknown flow name: not this check's call
    }
    if set.is_empty() {
        return Some((at.to_string(), "oauth2 flows sets no flow".into()));
    }
    for (k, need) in set {
        let f = o.get(k).and_then(Json::as_object);
        for n in need.iter() {
            if !f.is_some_and(|f| {
                f.get(n)
                    .and_then(Json::as_str)
                    .is_some_and(|u| !u.is_empty())
            }) {
                return Some((
                    format!("{at}/{k}/{n}"),
                    format!("oauth2 {k} flow has no {n}"),
                ));
            }
        }
    }
    None
}

/// The shape problem of one `securitySchemes` entry at `ptr`, if any (CARD-003 / CARD-004,
/// AUTH-002). `v1`: `Some(true)` = 1.0 (proto oneof: exactly one of `apiKeySecurityScheme
/// {location, name}`, `httpAuthSecurityScheme {scheme}`, `oauth2SecurityScheme {flows}`,
/// `openIdConnectSecurityScheme {openIdConnectUrl}`, `mtlsSecurityScheme`), `Some(false)` =
/// 0.x (OpenAPI-style `{type, ...}` with the 0.3 schema's required members: apiKey `in` +
/// `name`, http `scheme`, oauth2 `flows`, openIdConnect `openIdConnectUrl`), `None` = either
/// (hybrid card). Returns `(pointer, message)`.
pub fn security_scheme_problem(s: &Json, ptr: &str, v1: Option<bool>) -> Option<CardProblem> {
    const V1: [(&str, &[&str]); 5] = [
        ("apiKeySecurityScheme", &["location", "name"]),
        ("httpAuthSecurityScheme", &["scheme"]),
        ("oauth2SecurityScheme", &["flows"]),
        ("openIdConnectSecurityScheme", &["openIdConnectUrl"]),
        ("mtlsSecurityScheme", &[]),
    ];
    const V0: [(&str, &[&str]); 5] = [
        ("apiKey", &["in", "name"]),
        ("http", &["scheme"]),
        ("oauth2", &["flows"]),
        ("openIdConnect", &["openIdConnectUrl"]),
        ("mutualTLS", &[]),
    ];
    let Some(o) = s.as_object() else {
        return Some((ptr.to_string(), "security scheme is not an object".into()));
    };
    let missing = |inner: &Obj, need: &[&str], at: String| {
        need.iter()
            .find(|k| {
                !inner
                    .get(k)
                    .is_some_and(|v| !v.is_null() && v.as_str() != Some(""))
            })
            .map(|k| {
                let msg = if *k == "scheme" {
                    // OpenAPI HTTPAuthSecurityScheme (0.x) / 1.0 HTTPAuthSecurityScheme.
                    "security scheme (HTTP auth) has no scheme member: the HTTP authentication scheme, e.g. \"Bearer\", is required".to_string()
                } else {
                    format!("security scheme has no {k}")
                };
                (format!("{at}/{k}"), msg)
            })
    };
    // breaker19b Z3: the API key's place is one of three (1.0 proto comment "Valid values
    // are \"query\", \"header\", or \"cookie\""; 0.2-0.3 schema enum): a client cannot send
    // a key `in: body`, and the card's credential checks (AUTH-OPEN-001, CARD-SECRET-001)
    // read this member
    let bad_key_place = |inner: &Obj, key: &str, at: String| -> Option<CardProblem> {
        let place = inner.get(key)?;
        match place.as_str() {
            Some("query" | "header" | "cookie") => None,
            _ => Some((
                format!("{at}/{key}"),
                format!(
                    "API key security scheme has {key} {place}: the key's place must be \"query\", \"header\" or \"cookie\" (lower case), else a client cannot tell where to send it"
                ),
            )),
        }
    };
    let v1_check = || -> Option<CardProblem> {
        let present: Vec<&(&str, &[&str])> = V1.iter().filter(|(k, _)| o.contains_key(k)).collect();
        match present.as_slice() {
            [(k, need)] => match o.get(k).and_then(Json::as_object) {
                Some(inner) => missing(inner, need, format!("{ptr}/{k}"))
                    .or_else(|| {
                        (*k == "apiKeySecurityScheme")
                            .then(|| bad_key_place(inner, "location", format!("{ptr}/{k}")))
                            .flatten()
                    })
                    .or_else(|| {
                        let flows = inner
                            .get("flows")
                            .filter(|_| *k == "oauth2SecurityScheme")?;
                        oauth_flows_problem(flows, &format!("{ptr}/{k}/flows"), true)
                    }),
                None => Some((format!("{ptr}/{k}"), format!("{k} is not an object"))),
            },
            [] => Some((
                ptr.to_string(),
                if o.contains_key("type") {
                    "1.0 security scheme uses the 0.x OpenAPI shape {type, ...} instead of one of apiKeySecurityScheme, httpAuthSecurityScheme, oauth2SecurityScheme, openIdConnectSecurityScheme, mtlsSecurityScheme".into()
                } else {
                    "security scheme sets none of apiKeySecurityScheme, httpAuthSecurityScheme, oauth2SecurityScheme, openIdConnectSecurityScheme, mtlsSecurityScheme".into()
                },
            )),
            _ => Some((
                ptr.to_string(),
                "security scheme sets more than one scheme kind".into(),
            )),
        }
    };
    let v0_check = || -> Option<CardProblem> {
        let Some(t) = o.get("type").and_then(Json::as_str) else {
            return Some((
                format!("{ptr}/type"),
                "0.x security scheme has no type".into(),
            ));
        };
        match V0.iter().find(|(k, _)| *k == t) {
            Some((_, need)) => missing(o, need, ptr.to_string())
                .or_else(|| {
                    (t == "apiKey")
                        .then(|| bad_key_place(o, "in", ptr.to_string()))
                        .flatten()
                })
                .or_else(|| {
                    let flows = o.get("flows").filter(|_| t == "oauth2")?;
                    oauth_flows_problem(flows, &format!("{ptr}/flows"), false)
                }),
            None => Some((
                format!("{ptr}/type"),
                format!("unknown security scheme type {t:?}"),
            )),
        }
    };
    match v1 {
        Some(true) => v1_check(),
        Some(false) => v0_check(),
        None => {
            if o.contains_key("type") {
                v0_check()
            } else {
                v1_check()
            }
        }
    }
}

/// One problem of a card's JWS signature ([`signature_problems`]): its JSON Pointer inside
/// the card, the message, and whether a MUST (`true`) or a SHOULD (`false`) is broken.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SignatureProblem {
    pub pointer: String,
    pub message: String,
    pub must: bool,
}

/// Problems of the card's `signatures[]` (CARD-010, 1.0 §8.4.2; 0.3 schema
/// `AgentCardSignature`, CARD-004), first MUST then SHOULD problems, each entry at most once:
/// an entry that is not an object or lacks the string `protected` / `signature`; a
/// `protected` that is not base64url of a JSON object (RFC 7515 §7.2.1); and on a 1.0 card
/// (`v1`) a protected header without a string `alg` or `kid` (MUST: a verifier picks the
/// key by `kid`; a `kid` only in the unprotected `header` is not integrity-protected), or
/// with a `typ` that is not the media type `JOSE` (SHOULD; [`is_jose_typ`]). 0.3 names no header members, so they are not
/// judged there. A card without `signatures` has none.
pub fn signature_problems(card: &Json, v1: bool) -> Vec<SignatureProblem> {
    let mut must = Vec::new();
    let mut should = Vec::new();
    let list = match card.get("signatures") {
        None | Some(Json::Null) => return must,
        Some(Json::Array(list)) => list,
        // A single AgentCardSignature object (or any other value) where the card's
        // `repeated AgentCardSignature signatures` belongs (breaker24 K02): a verifier
        // iterating the list finds no signature, and a ProtoJSON parser rejects the card.
        Some(other) => {
            let what = match other {
                Json::Object(_) => "one object",
                Json::String(_) => "a string",
                Json::Bool(_) => "a boolean",
                _ => "a number",
            };
            must.push(SignatureProblem {
                pointer: "/signatures".into(),
                message: format!(
                    "signatures is {what}, not a list of AgentCardSignature objects (wrap the entry in [...])"
                ),
                must: true,
            });
            return must;
        }
    };
    for (i, sig) in list.iter().enumerate() {
        let at = |m: &str| format!("/signatures/{i}{m}");
        let Some(o) = sig.as_object() else {
            must.push(SignatureProblem {
                pointer: at(""),
                message: format!("signatures[{i}] is not an object"),
                must: true,
            });
            continue;
        };
        let missing: Vec<&str> = ["protected", "signature"]
            .into_iter()
            .filter(|k| !o.get(k).is_some_and(Json::is_string))
            .collect();
        if !missing.is_empty() {
            must.push(SignatureProblem {
                pointer: at(""),
                message: format!(
                    "signatures[{i}] has no string {} (the JWS protected header and signature are required, base64url)",
                    missing.join(" nor ")
                ),
                must: true,
            });
            continue;
        }
        // breaker19b Z4: the signature value is base64url too (RFC 7515 §7.2.1), and not
        // empty; the unprotected `header` is a JSON object
        let value = o.get("signature").and_then(Json::as_str).unwrap_or("");
        let b64url = |t: &str| {
            t.bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
        };
        if value.is_empty() || !b64url(value.trim_end_matches('=')) {
            must.push(SignatureProblem {
                pointer: at("/signature"),
                message: if value.is_empty() {
                    format!("signatures[{i}].signature is empty: the card is not signed")
                } else {
                    // name the first character outside the alphabet: a trailing `=` is
                    // tolerated here (breaker9d D5), so "no padding" would mislead
                    let bad = value
                        .trim_end_matches('=')
                        .chars()
                        .find(|c| !(c.is_ascii_alphanumeric() || *c == '-' || *c == '_'))
                        .unwrap_or('=');
                    format!(
                        "signatures[{i}].signature is not base64url: it holds {bad:?} (RFC 7515 §2: base64url uses only A-Z a-z 0-9 - and _; standard base64's + and / become - and _)"
                    )
                },
                must: true,
            });
            continue;
        }
        if o.get("header")
            .is_some_and(|h| !h.is_object() && !h.is_null())
        {
            must.push(SignatureProblem {
                pointer: at("/header"),
                message: format!(
                    "signatures[{i}].header is not a JSON object (the JWS unprotected header, RFC 7515 §7.2.1)"
                ),
                must: true,
            });
            continue;
        }
        let prot = o.get("protected").and_then(Json::as_str).unwrap_or("");
        let Some(header) = jws_protected_header(prot) else {
            must.push(SignatureProblem {
                pointer: at("/protected"),
                message: format!(
                    "signatures[{i}].protected is not the base64url encoding of a JSON object (the JWS protected header, RFC 7515)"
                ),
                must: true,
            });
            continue;
        };
        // RFC 7518 §3.6: "none" is an unsecured JWS, nothing is signed; a client that checks
        // card signatures must reject it, and one that accepts it takes any forged card
        if header
            .get("alg")
            .and_then(serde_json::Value::as_str)
            .map(str::to_ascii_lowercase)
            == Some("none".into())
        {
            must.push(SignatureProblem {
                pointer: at("/protected"),
                message: format!(
                    "signatures[{i}] protected header has alg \"none\" (an unsecured JWS, RFC 7518 §3.6): nothing is signed, and a client that checks signatures rejects the card"
                ),
                must: true,
            });
            continue;
        }
        if !v1 {
            continue;
        }
        let has = |k: &str| {
            header
                .get(k)
                .is_some_and(|v| v.as_str().is_some_and(|s| !s.is_empty()))
        };
        let lacking: Vec<&str> = ["alg", "kid"].into_iter().filter(|k| !has(k)).collect();
        if !lacking.is_empty() {
            let in_unprotected = lacking
                .iter()
                .any(|k| o.get("header").and_then(|h| h.get(k)).is_some());
            must.push(SignatureProblem {
                pointer: at("/protected"),
                message: format!(
                    "signatures[{i}] protected header {} has no {}{}",
                    header,
                    lacking.join(" nor "),
                    if in_unprotected {
                        " (the unprotected header has it, but 1.0 requires it in the protected header, where the signature covers it)"
                    } else if lacking.contains(&"kid") {
                        ": a verifier cannot tell which key to check the signature with"
                    } else {
                        ""
                    }
                ),
                must: true,
            });
        } else if !header
            .get("typ")
            .and_then(serde_json::Value::as_str)
            .is_some_and(is_jose_typ)
        {
            should.push(SignatureProblem {
                pointer: at("/protected"),
                message: match header.get("typ") {
                    Some(t) => {
                        format!("signatures[{i}] protected header has typ {t} instead of \"JOSE\"")
                    }
                    None => format!("signatures[{i}] protected header has no typ \"JOSE\""),
                },
                must: false,
            });
        }
    }
    must.extend(should);
    must
}

/// The JWS protected header a card signature's `protected` member encodes: base64url
/// (a trailing `=` tolerated) of a JSON object (RFC 7515 §7.2.1); `None` otherwise.
fn jws_protected_header(protected: &str) -> Option<serde_json::Value> {
    use base64::Engine as _;
    base64::engine::general_purpose::URL_SAFE_NO_PAD
        .decode(protected.trim_end_matches('='))
        .ok()
        .and_then(|b| serde_json::from_slice::<serde_json::Value>(&b).ok())
        .filter(serde_json::Value::is_object)
}

/// Whether `u` is a plain `http://` URL whose host is not a loopback address (a test
/// set-up on one machine is no finding): an endpoint RFCs require TLS for (OAuth
/// endpoints, RFC 6749 §3.1; JWS key URLs, RFC 7515 §4.1.2).
pub fn plain_http_off_loopback(u: &str) -> bool {
    u.get(..7)
        .is_some_and(|h| h.eq_ignore_ascii_case("http://"))
        && !super::net::parse_url(u)
            .is_some_and(|x| super::net::host_class(&x.host) == super::net::HostClass::Loopback)
}

/// The first JWS key URL of the card's `signatures[]` that is plain http on a non-loopback
/// host (CARD-010, 1.0 §8.4.2 `jku`; RFC 7515 §4.1.2 / §4.1.5: the JWK Set at `jku` and
/// the certificate at `x5u` MUST be fetched over TLS), in the protected header or the
/// unprotected `header`, as (JSON Pointer inside the card, member name, url). A verifier
/// that follows the RFC refuses to fetch the key (the card cannot be verified); one that
/// fetches it takes whatever key the network serves. Malformed entries are
/// [`signature_problems`]'.
pub fn signature_key_url_not_tls(card: &Json) -> Option<(String, &'static str, String)> {
    let list = card.get("signatures")?.as_array()?;
    list.iter().enumerate().find_map(|(i, sig)| {
        let protected = sig
            .get("protected")
            .and_then(Json::as_str)
            .and_then(jws_protected_header);
        let unprotected = sig.get("header").filter(|h| h.is_object());
        ["jku", "x5u"].into_iter().find_map(|k| {
            if let Some(u) = protected
                .as_ref()
                .and_then(|h| h.get(k))
                .and_then(serde_json::Value::as_str)
                .filter(|u| plain_http_off_loopback(u))
            {
                return Some((format!("/signatures/{i}/protected"), k, u.to_string()));
            }
            let u = unprotected?
                .get(k)
                .and_then(Json::as_str)
                .filter(|u| plain_http_off_loopback(u))?;
            Some((format!("/signatures/{i}/header/{k}"), k, u.to_string()))
        })
    })
}

/// Whether a JWS `typ` value names the media type `application/jose` (1.0 §8.4.2 SHOULD
/// "JOSE"): RFC 7515 §4.1.9 reads a value without `/` as if `application/` were prepended,
/// and media type names compare case-insensitively (RFC 2045), so `jose`, `Jose` and
/// `application/jose` are that type too (breaker33 S04).
fn is_jose_typ(t: &str) -> bool {
    let t = t.trim();
    let sub = match t.split_once('/') {
        Some((top, sub)) if top.eq_ignore_ascii_case("application") => sub,
        Some(_) => return false,
        None => t,
    };
    sub.eq_ignore_ascii_case("jose")
}

/// Query parameter names that carry a credential in a URL (CARD-011, AUTH-001), compared
/// case-insensitively with `-` read as `_`; the card's own query API-key scheme names
/// ([`AgentCardView::credential_query`]) count as well.
const CREDENTIAL_PARAMS: &[&str] = &[
    "api_key",
    "apikey",
    "x_api_key",
    "key",
    "token",
    "access_token",
    "accesstoken",
    "auth",
    "auth_token",
    "authtoken",
    "id_token",
    "refresh_token",
    "secret",
    "client_secret",
    "password",
    "passwd",
    "pwd",
];

/// True when `v` looks like a live credential rather than a placeholder: at least 8
/// characters, letters and digits, and none of the placeholder marks (`{`, `<`, `$`,
/// `your`, `example`, `xxx`, `changeme`, `redacted`, `***`, `...`).
pub fn looks_like_secret(v: &str) -> bool {
    let v = v.trim();
    if v.chars().count() < 8 {
        return false;
    }
    let l = v.to_ascii_lowercase();
    const PLACEHOLDER: [&str; 12] = [
        "{",
        "<",
        "$",
        "your",
        "example",
        "xxx",
        "placeholder",
        "changeme",
        "redacted",
        "***",
        "...",
        "%7b",
    ];
    if PLACEHOLDER.iter().any(|p| l.contains(p)) {
        return false;
    }
    v.bytes().any(|b| b.is_ascii_digit()) && v.bytes().any(|b| b.is_ascii_alphabetic())
}

/// Credentials written into the URLs of a card `v` (CARD-011 "no secrets in cards",
/// AUTH-001 "credentials obtained out of band"; breaker10 E21): every string member that
/// is an absolute `http(s)` URL (interfaces, `url`, `iconUrl`, `documentationUrl`,
/// `provider.url`, OAuth 2.0 URLs, ...) whose user info has a password, or whose query has
/// a credential parameter ([`CREDENTIAL_PARAMS`] or a name in `query_names`, the card's
/// query API-key schemes) with a value that [`looks_like_secret`]. `signatures` are not
/// read. Returns `(JSON Pointer of the URL, where: "query parameter api_key" or "the user
/// info password", the credential)`, at most 8.
pub fn credentials_in_urls(v: &Json, query_names: &[String]) -> Vec<(String, String, String)> {
    let mut out = Vec::new();
    card_string_members(v, &mut String::new(), 0, &mut |ptr, s| {
        if let Some((what, secret)) = url_credential(s, query_names) {
            out.push((ptr.to_string(), what, secret));
        }
        out.len() < 8
    });
    out
}

/// The credential a URL string `s` carries ([`credentials_in_urls`]), if any: `(where,
/// value)`; `names` are query parameter names that carry one besides [`CREDENTIAL_PARAMS`].
pub fn url_credential(s: &str, names: &[String]) -> Option<(String, String)> {
    let t = s.trim();
    // Compared in place: most card strings are no URL, and a lowercased copy of each cost
    // an allocation per string member (session 25).
    let b = t.as_bytes();
    let scheme = |p: &[u8]| b.get(..p.len()).is_some_and(|h| h.eq_ignore_ascii_case(p));
    if !(scheme(b"http://") || scheme(b"https://")) {
        return None;
    }
    let u = url::Url::parse(t).ok()?;
    if let Some(p) = u.password().filter(|p| !p.is_empty()) {
        return Some(("the user info password".into(), p.to_string()));
    }
    for (k, val) in u.query_pairs() {
        let norm = k.to_ascii_lowercase().replace('-', "_");
        let named = CREDENTIAL_PARAMS.contains(&norm.as_str())
            || names.iter().any(|n| n.eq_ignore_ascii_case(&k));
        // a placeholder there (`[REDACTED:1a2b…]`): the recorder tagged the credential
        if named && (looks_like_secret(&val) || is_tagged_placeholder(&val)) {
            return Some((format!("query parameter {k}"), val.into_owned()));
        }
    }
    None
}

/// Whether `v` is a tagged redaction placeholder (`[REDACTED:` hex digits `]`): the tag of
/// a credential the recorder took out (left54).
fn is_tagged_placeholder(v: &str) -> bool {
    v.strip_prefix("[REDACTED:")
        .and_then(|r| r.strip_suffix(']'))
        .is_some_and(|h| !h.is_empty() && h.bytes().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f')))
}

/// Every string member value of a card `v` with its JSON Pointer, in document order,
/// `signatures` left out, until `cap` bytes of text are collected: what a credential a
/// client sends later is looked up in (CARD-011; breaker10 E21).
pub fn card_strings(v: &Json, cap: usize) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let mut left = cap;
    card_string_members(v, &mut String::new(), 0, &mut |ptr, s| {
        if s.len() > left {
            return false;
        }
        left -= s.len();
        out.push((ptr.to_string(), s.to_string()));
        true
    });
    out
}

/// Calls `f(JSON Pointer, value)` for every string member of card `v` (at `ptr`, nesting
/// `depth`), in document order, up to 16 levels deep, the top-level `signatures` left
/// out, until `f` returns `false`. Returns `false` once stopped.
fn card_string_members(
    v: &Json,
    ptr: &mut String,
    depth: usize,
    f: &mut dyn FnMut(&str, &str) -> bool,
) -> bool {
    if depth > 16 {
        return true;
    }
    match v {
        Json::String(s) => f(ptr, s),
        Json::Array(a) => a.iter().enumerate().all(|(i, e)| {
            let at = ptr.len();
            ptr.push('/');
            ptr.push_str(itoa::Buffer::new().format(i));
            let go_on = card_string_members(e, ptr, depth + 1, f);
            ptr.truncate(at);
            go_on
        }),
        Json::Object(o) => o.iter().all(|(k, e)| {
            if depth == 0 && k == "signatures" {
                return true;
            }
            let at = ptr.len();
            push_pointer_token(ptr, k);
            let go_on = card_string_members(e, ptr, depth + 1, f);
            ptr.truncate(at);
            go_on
        }),
        _ => true,
    }
}

/// What a client learns from card `v`, independent of the 0.x / 1.0 shape it is written
/// in, as one comparable string: `name`, `description`, `version`, each skill's `id`,
/// `name`, `description`, `tags` and `examples`, the `securitySchemes` names, and the
/// interface URLs of `view` (sorted, trailing `/` ignored). Two cards with the same key
/// disclose the same things: an extended-card answer (AUTH-005) equal to the public card
/// discloses nothing more (breaker17b V2). Shape-only members (`tenant: ""`,
/// `documentationUrl: ""`, `supportsAuthenticatedExtendedCard` vs
/// `capabilities.extendedAgentCard`, `security` vs `securityRequirements`) are left out.
pub fn card_content_key(v: &Json, view: &AgentCardView) -> String {
    let text = |j: Option<&Json>| j.map(|j| j.to_value().to_string()).unwrap_or_default();
    let mut key = String::new();
    for k in ["name", "description", "version"] {
        key.push_str(&text(v.get(k)));
        key.push('\u{1}');
    }
    for s in v
        .get("skills")
        .and_then(Json::as_array)
        .into_iter()
        .flatten()
    {
        for k in ["id", "name", "description", "tags", "examples"] {
            key.push_str(&text(s.get(k)));
            key.push('\u{1}');
        }
        key.push('\u{2}');
    }
    let mut schemes: Vec<&str> = v
        .get("securitySchemes")
        .and_then(Json::as_object)
        .map(|o| o.keys().collect())
        .unwrap_or_default();
    schemes.sort_unstable();
    key.push_str(&schemes.join("\u{1}"));
    key.push('\u{2}');
    let mut urls: Vec<&str> = view
        .interfaces
        .iter()
        .map(|i| i.url.trim().trim_end_matches('/'))
        .collect();
    urls.sort_unstable();
    urls.dedup();
    key.push_str(&urls.join("\u{1}"));
    key
}

/// CARD-005 / CARD-006 (mine30c, agntcy/coffeeAgntcy #636): the JSON-RPC and HTTP+JSON
/// bindings run over HTTP (1.0 §9, §11; 0.3 §3.1), so their interface url is an http(s)
/// URL. For `binding` JSONRPC or HTTP+JSON (any letter case) and a `url` that parses with
/// another scheme (`slim://host:46357/...`, `nats://...`, `ws://...`), the reason, worded
/// to follow "interface url"; `None` for every other binding (a custom transport names
/// its own scheme) and for http(s) URLs.
/// Whether `url` of an interface whose binding (0.3 transport) `binding` is no core name
/// (JSONRPC, GRPC, HTTP+JSON) is an absolute URI of its own scheme (RFC 3986 §3.1:
/// `slim://host/topic`, `nats://host:4222/agent`): a custom binding (CARD-005: named by a
/// URI) runs over its own transport, so its endpoint need not be an http(s) URL
/// (breaker37 I29). A relative path is no endpoint in any binding.
fn custom_binding_uri(binding: &str, url: &str) -> bool {
    let b = binding.trim();
    if ["JSONRPC", "GRPC", "HTTP+JSON"]
        .iter()
        .any(|core| b.eq_ignore_ascii_case(core))
    {
        return false;
    }
    let Some((scheme, rest)) = url.split_once(':') else {
        return false;
    };
    let mut cs = scheme.chars();
    cs.next().is_some_and(|c| c.is_ascii_alphabetic())
        && cs.all(|c| c.is_ascii_alphanumeric() || matches!(c, '+' | '-' | '.'))
        && !rest.is_empty()
}

fn http_binding_off_http(binding: &str, url: &str) -> Option<String> {
    let b = binding.trim();
    if !(b.eq_ignore_ascii_case("JSONRPC") || b.eq_ignore_ascii_case("HTTP+JSON")) {
        return None;
    }
    let scheme = super::net::parse_url(url)?.scheme;
    if scheme == "http" || scheme == "https" {
        return None;
    }
    Some(format!(
        "{url:?} is a {scheme}: URL, but {b} runs over HTTP: no {b} client can call it (an endpoint of another transport belongs in an interface of that binding)"
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// breaker37 I29: a custom binding's url of its own scheme is an endpoint (with or
    /// without a port); a relative path, a core binding and a scheme-less host are not.
    #[test]
    fn custom_binding_urls_keep_their_own_scheme() {
        for (b, u, want) in [
            (
                "https://slim.example/binding/v1",
                "slim://slim.example/agents/x",
                true,
            ),
            ("urn:example:nats", "nats://bus.example:4222/a", true),
            ("https://slim.example/binding/v1", "/slim/agents/x", false),
            ("https://slim.example/binding/v1", "agents/x", false),
            ("JSONRPC", "nats://bus.example/a", false),
            ("http+json", "slim://slim.example/a", false),
            ("urn:example:nats", "1nats://bus.example/a", false),
            ("urn:example:nats", "nats:", false),
        ] {
            assert_eq!(custom_binding_uri(b, u), want, "{b} {u}");
        }
    }

    /// Each interface of a card view carries its URL parsed as `parse_url` parses it (the
    /// verifier reads `parts()` instead of parsing the URL per call): http(s) URLs of
    /// 1.0 `supportedInterfaces`, the 0.x `url` and `additionalInterfaces`, and `None`
    /// for a gRPC `host:port` target or a relative URL.
    #[test]
    fn interfaces_carry_their_url_parsed() {
        let card = Json::parse(
            br#"{"name":"a","url":"https://A.example:8443/rpc/","preferredTransport":"JSONRPC","protocolVersion":"0.3.0",
               "additionalInterfaces":[{"url":"http://a.example/rest","transport":"HTTP+JSON"},{"url":"a.example:50051","transport":"GRPC"}],
               "supportedInterfaces":[{"url":"https://a.example/v1","protocolBinding":"HTTP+JSON","protocolVersion":"1.0","tenant":"t"},
                                      {"url":"/relative","protocolBinding":"JSONRPC","protocolVersion":"1.0"},
                                      {"url":"http://[::1]:9/x?q=1","protocolBinding":"JSONRPC","protocolVersion":"1.0"}]}"#,
        )
        .unwrap();
        let view = card_view(&card, false);
        assert!(view.interfaces.len() >= 5, "{:?}", view.interfaces);
        let mut parsed = 0;
        for i in &view.interfaces {
            assert_eq!(
                i.parts(),
                crate::model::net::parse_url(&i.url).as_ref(),
                "{}",
                i.url
            );
            parsed += usize::from(i.parts().is_some());
        }
        assert!(parsed >= 3, "{:?}", view.interfaces);
        assert!(view
            .interfaces
            .iter()
            .any(|i| i.url == "a.example:50051" && i.parts().is_none()));
    }

    /// cards60: a member name is a spelling of a known one when the letters agree once
    /// case, `_`, `-` and spaces are set aside; the known name itself, `x-` members and
    /// other words are not.
    #[test]
    fn spellings_of_known_members() {
        for (k, want) in [
            ("push_notifications", Some("pushNotifications")),
            ("Push-Notifications", Some("pushNotifications")),
            ("PUSHNOTIFICATIONS", Some("pushNotifications")),
            ("pushnotifications", Some("pushNotifications")),
            ("pushNotifications", None),
            ("x-push-notifications", None),
            ("X-Streaming", None),
            ("push_notification", None),
            ("supports_push", None),
            ("", None),
        ] {
            assert_eq!(spelling_of(k, CAPABILITY_MEMBERS), want, "{k}");
        }
        assert_eq!(spelling_of("URL", CARD_MEMBERS), Some("url"));
        assert_eq!(spelling_of(&"a".repeat(80), CARD_MEMBERS), None);
    }

    /// cards60: the misspelt members of a card, in each of its objects, flagged as proto
    /// field names or not; a member sent under both names, free-form values and unknown
    /// words are left alone.
    #[test]
    fn misspelt_members_of_a_card() {
        let v = Json::parse(
            br#"{"Name":"a","url":"u","Capabilities":{"push_notifications":true,"streaming":true},
                "skills":[{"id":"s","Input-Modes":["text/plain"]}],
                "provider":{"Organization":"o","url":"u"},
                "supportedInterfaces":[{"url":"u","protocol_binding":"JSONRPC","ProtocolVersion":"1.0"}],
                "securitySchemes":{"b":{"httpAuthSecurityScheme":{"scheme":"bearer","bearer_format":"JWT"}}},
                "defaultInputModes":["text/plain"],"default_input_modes":["x"],
                "owner_email":"e","x-Skills":[],
                "capabilitiesExtra":{"push_notifications":true}}"#,
        )
        .unwrap();
        let got: Vec<(String, String, &str, bool)> = card_misspelt_members(v.as_object().unwrap())
            .into_iter()
            .map(|m| (m.pointer, m.sent, m.json_name, m.proto_name))
            .collect();
        let want = [
            ("/Name", "Name", "name", false),
            ("/Capabilities", "Capabilities", "capabilities", false),
            (
                "/Capabilities/push_notifications",
                "push_notifications",
                "pushNotifications",
                true,
            ),
            (
                "/provider/Organization",
                "Organization",
                "organization",
                false,
            ),
            ("/skills/0/Input-Modes", "Input-Modes", "inputModes", false),
            (
                "/supportedInterfaces/0/protocol_binding",
                "protocol_binding",
                "protocolBinding",
                true,
            ),
            (
                "/supportedInterfaces/0/ProtocolVersion",
                "ProtocolVersion",
                "protocolVersion",
                false,
            ),
            (
                "/securitySchemes/b/httpAuthSecurityScheme/bearer_format",
                "bearer_format",
                "bearerFormat",
                true,
            ),
        ];
        let want: Vec<(String, String, &str, bool)> = want
            .iter()
            .map(|(p, s, j, pn)| (p.to_string(), s.to_string(), *j, *pn))
            .collect();
        assert_eq!(got, want);
    }

    /// `card_proto_names` searches its table only for a member with a `_` in its name.
    #[test]
    fn proto_names_all_have_an_underscore() {
        for (snake, camel) in CARD_PROTO_NAMES {
            assert!(snake.contains('_'), "{snake}");
            assert!(!camel.contains('_'), "{camel}");
        }
    }

    /// The walks that grow one pointer in place give the pointers the old
    /// copy-per-member walks built with `format!` (RFC 6901 escapes, array indexes,
    /// `signatures` left out at the top only, the 16-level bound, stopping early).
    #[test]
    fn in_place_pointers_agree_with_a_copy_per_member() {
        fn old(v: &Json, ptr: &str, depth: usize, out: &mut Vec<(String, String)>) {
            if depth > 16 {
                return;
            }
            match v {
                Json::String(s) => out.push((ptr.to_string(), s.to_string())),
                Json::Array(a) => {
                    for (i, e) in a.iter().enumerate() {
                        old(e, &format!("{ptr}/{i}"), depth + 1, out);
                    }
                }
                Json::Object(o) => {
                    for (k, e) in o.iter() {
                        if depth == 0 && k == "signatures" {
                            continue;
                        }
                        let k = k.replace('~', "~0").replace('/', "~1");
                        old(e, &format!("{ptr}/{k}"), depth + 1, out);
                    }
                }
                _ => {}
            }
        }
        let mut deep = String::from(r#""x""#);
        for i in 0..20 {
            deep = if i % 2 == 0 {
                format!(r#"{{"d/~{i}":{deep}}}"#)
            } else {
                format!("[1,{deep}]")
            };
        }
        let cards = [
            r#"{"name":"a","url":"https://a.test/?api_key=sk-live-0123456789abcdef","skills":[{"id":"s","tags":["x","y"]}],"signatures":[{"protected":"p"}]}"#.to_string(),
            r#"{"a/b":{"c~d":["e",{"~/":"f"}]},"n":1,"t":true,"z":null,"inner":{"signatures":"kept"}}"#.to_string(),
            format!(r#"{{"deep":{deep},"after":"y"}}"#),
        ];
        for text in &cards {
            let v = Json::parse(text.as_bytes()).unwrap();
            let mut want = Vec::new();
            old(&v, "", 0, &mut want);
            assert!(!want.is_empty(), "{text}");
            assert_eq!(card_strings(&v, 1 << 20), want, "{text}");
            // Stopping early: the first string only.
            assert_eq!(
                card_strings(&v, want[0].1.len()),
                want[..1].to_vec(),
                "{text}"
            );
        }
        let v = Json::parse(cards[0].as_bytes()).unwrap();
        let found = credentials_in_urls(&v, &[]);
        assert_eq!(found.len(), 1);
        assert_eq!(found[0].0, "/url");
        let o = Json::parse(
            br#"{"supported_interfaces":[{"url":"u","protocol_binding":"JSONRPC"}],"security_schemes":{"k/~":{"api_key_security_scheme":{"name":"x"}}},"metadata":{"icon_url":"i"}}"#,
        )
        .unwrap();
        let names: Vec<_> = card_proto_names(o.as_object().unwrap(), "/b")
            .into_iter()
            .map(|(p, s, _)| (p, s))
            .collect();
        assert_eq!(
            names,
            vec![
                (
                    "/b/supported_interfaces".to_string(),
                    "supported_interfaces"
                ),
                (
                    "/b/supported_interfaces/0/protocol_binding".to_string(),
                    "protocol_binding"
                ),
                ("/b/security_schemes".to_string(), "security_schemes"),
                (
                    "/b/security_schemes/k~1~0/api_key_security_scheme".to_string(),
                    "api_key_security_scheme"
                ),
            ]
        );
    }

    /// breaker10 E4: the 0.x shape with a 1.0 top-level protocolVersion is a card problem,
    /// and the card reads as the 0.3 card its shape is; a 0.3.0 value or a 1.0 card with
    /// supportedInterfaces is no problem.
    #[test]
    fn v0_shape_claiming_v1_is_reported_and_read_as_0_3() {
        let card = |pv: &str| {
            format!(
                r#"{{"name":"a","description":"d","url":"https://a.test/a2a","preferredTransport":"JSONRPC","protocolVersion":"{pv}","version":"1","capabilities":{{}},"defaultInputModes":["text/plain"],"defaultOutputModes":["text/plain"],"skills":[{{"id":"s","name":"s","description":"d","tags":[]}}]}}"#
            )
        };
        let bad = card("1.0");
        let v = card_view(&Json::parse(bad.as_bytes()).unwrap(), false);
        assert!(v.v0_shape_claims_v1);
        assert!(
            v.problems.iter().any(|p| p.0 == "/protocolVersion"),
            "{:?}",
            v.problems
        );
        assert_eq!(v.declared_dialects(), vec![Dialect::V0_3]);
        let ok = card("0.3.0");
        let v = card_view(&Json::parse(ok.as_bytes()).unwrap(), false);
        assert!(
            !v.v0_shape_claims_v1 && v.problems.is_empty(),
            "{:?}",
            v.problems
        );
    }
    use crate::model::json::test_json as json;

    #[test]
    fn security_requirements_shape() {
        fn list(v: Json<'static>) -> Vec<Json<'static>> {
            v.as_array().unwrap().to_vec()
        }
        let good =
            json!([{"schemes": {"google": {"list": ["openid"]}}}, {"schemes": {"k": {}}}, {}]);
        assert!(security_requirements_problem(&list(good), "/r").is_none());
        let bare = json!([{"schemes": {"google": ["openid", "email"]}}]);
        let p = security_requirements_problem(&list(bare), "/r").unwrap();
        assert_eq!(p.0, "/r/0/schemes/google");
        let v0 = json!([{"google": ["openid"]}]);
        let p = security_requirements_problem(&list(v0), "/r").unwrap();
        assert_eq!(p.0, "/r/0");
        assert!(p.1.contains("0.x shape"));
        let not_obj = json!([{"schemes": {"k": {}}}, "k"]);
        assert_eq!(
            security_requirements_problem(&list(not_obj), "/r")
                .unwrap()
                .0,
            "/r/1"
        );
    }

    #[test]
    fn a_grpc_url_is_a_channel_target() {
        // a2a-sdk 1.3.0's hybrid card for a gRPC agent: `url` is the first (GRPC)
        // interface's `host:port`, `preferredTransport` GRPC (GRPC-001, DIGEST note 15).
        let grpc = json!({"name":"a","url":"127.0.0.1:50051","preferredTransport":"GRPC",
            "supportedInterfaces":[{"url":"127.0.0.1:50051","protocolBinding":"GRPC","protocolVersion":"1.0"}]});
        let v = card_view(&grpc, false);
        assert!(v.bad_interfaces.is_empty(), "{:?}", v.bad_interfaces);
        // Any other transport still needs an http(s) URL there.
        let rpc = json!({"name":"a","url":"127.0.0.1:50051","preferredTransport":"JSONRPC"});
        assert_eq!(card_view(&rpc, false).bad_interfaces[0].0, "/url");
    }

    #[test]
    fn one_transport_per_url_in_a_v03_card() {
        let two = json!({"protocolVersion":"0.3.0","name":"a","url":"https://a.test/a2a","preferredTransport":"JSONRPC",
            "additionalInterfaces":[{"url":"https://a.test/a2a","transport":"JSONRPC"},{"url":"https://a.test/a2a/","transport":"GRPC"}]});
        let bad = card_view(&two, false).bad_interfaces;
        assert_eq!(bad.len(), 1, "{bad:?}");
        assert_eq!(bad[0].0, "/additionalInterfaces/1/transport");
        assert!(bad[0].1.contains("JSONRPC and GRPC"), "{}", bad[0].1);
        let repeated = json!({"protocolVersion":"0.3.0","name":"a","url":"https://a.test/a2a","preferredTransport":"JSONRPC",
            "additionalInterfaces":[{"url":"https://a.test/a2a","transport":"jsonrpc"},{"url":"https://a.test/rest","transport":"HTTP+JSON"}]});
        // one transport repeated in other letter case is no conflict, only a misspelling
        let bad = card_view(&repeated, false).bad_interfaces;
        assert_eq!(bad.len(), 1, "{bad:?}");
        assert_eq!(bad[0].0, "/additionalInterfaces/0/transport");
        assert!(bad[0].1.contains("is not \"JSONRPC\""), "{}", bad[0].1);
    }

    #[test]
    fn v03_transport_names_are_exact_core_names_or_uris() {
        let card = |pt: Option<&str>, extra: &str| {
            let c = match pt {
                Some(pt) => json!({"protocolVersion":"0.3.0","name":"a","url":"https://a.test/a2a",
                    "preferredTransport":pt,
                    "additionalInterfaces":[{"url":"https://a.test/x","transport":extra}]}),
                None => json!({"protocolVersion":"0.3.0","name":"a","url":"https://a.test/a2a",
                    "additionalInterfaces":[{"url":"https://a.test/x","transport":extra}]}),
            };
            card_view(&c, false)
        };
        // letter case: CARD-SHAPE-003, at the member that has it
        let v = card(Some("jsonrpc"), "HTTP+JSON");
        assert_eq!(v.bad_interfaces.len(), 1, "{:?}", v.bad_interfaces);
        assert_eq!(v.bad_interfaces[0].0, "/preferredTransport");
        let v = card(Some("JSONRPC"), "Grpc");
        assert_eq!(v.bad_interfaces[0].0, "/additionalInterfaces/0/transport");
        assert!(v.unknown_bindings.is_empty());
        // neither a core name nor a URI: unknown; a URI (custom transport) is fine
        let v = card(Some("JSONRPC"), "REST");
        assert!(v.bad_interfaces.is_empty(), "{:?}", v.bad_interfaces);
        assert_eq!(
            v.unknown_bindings,
            vec![(
                "/additionalInterfaces/0/transport".to_string(),
                "REST".to_string()
            )]
        );
        let v = card(Some("JSONRPC"), "https://example.test/bindings/ws");
        assert!(v.unknown_bindings.is_empty() && v.bad_interfaces.is_empty());
        assert!(!v.preferred_transport_missing);
        // no preferredTransport: 0.3 prose REQUIRED (the schema's default JSONRPC); 0.2.5
        // cards are not judged
        assert!(card(None, "JSONRPC").preferred_transport_missing);
        let old = json!({"protocolVersion":"0.2.5","name":"a","url":"https://a.test/a2a"});
        assert!(!card_view(&old, false).preferred_transport_missing);
        // 1.0: protocolBinding "REST" is unknown too
        let v1 = json!({"name":"a","supportedInterfaces":[{"url":"https://a.test/a2a","protocolBinding":"REST","protocolVersion":"1.0"}]});
        assert_eq!(card_view(&v1, false).unknown_bindings.len(), 1);
    }

    #[test]
    fn credentials_in_card_urls_and_placeholders() {
        let card = json!({"name":"a",
            "supportedInterfaces":[{"url":"https://a.test/a2a?api_key=sk-live-51HkQ2f9d8c7b6a5","protocolBinding":"JSONRPC","protocolVersion":"1.0"}],
            "documentationUrl":"https://user:hunter2pass@docs.a.test/",
            "iconUrl":"https://cdn.a.test/i.png?key=YOUR_API_KEY&v=2",
            "provider":{"url":"https://a.test/?Access-Token=abc","organization":"o"},
            "skills":[{"id":"s","description":"see https://a.test/x?sig=AbCd1234EfGh5678"}]});
        // The scheme in any letter case is a URL; a string shorter than a scheme, or one
        // with a multi-byte character where the scheme would end, is none.
        for (text, n) in [
            ("HTTPS://a.test/?api_key=sk-live-51HkQ2f9d8c7b6a5", 1),
            ("Http://u:hunter2pass@a.test/", 1),
            ("http:/", 0),
            ("https:/\u{e9}?api_key=sk-live-51HkQ2f9d8c7b6a5", 0),
        ] {
            let v = json!({ "documentationUrl": text });
            assert_eq!(credentials_in_urls(&v, &[]).len(), n, "{text}");
        }
        assert_eq!(
            credentials_in_urls(&card, &[]),
            vec![
                (
                    "/supportedInterfaces/0/url".to_string(),
                    "query parameter api_key".to_string(),
                    "sk-live-51HkQ2f9d8c7b6a5".to_string()
                ),
                (
                    "/documentationUrl".to_string(),
                    "the user info password".to_string(),
                    "hunter2pass".to_string()
                ),
            ]
        );
        // the card's own query API-key scheme name counts
        let named = json!({"url":"https://a.test/a2a?tenantKey=q1w2e3r4t5y6"});
        assert!(credentials_in_urls(&named, &[]).is_empty());
        assert_eq!(
            credentials_in_urls(&named, &["tenantKey".to_string()]).len(),
            1
        );
        assert!(!looks_like_secret("YOUR_API_KEY_HERE1"));
        assert!(!looks_like_secret("abc123"));
        assert!(looks_like_secret("sk-live-51HkQ2f9d8c7b6a5"));
        let strings = card_strings(&card, 1 << 16);
        assert!(strings
            .iter()
            .any(|(p, s)| p == "/skills/0/description" && s.contains("sig=")));
        assert!(card_strings(&card, 10).len() <= 1);
    }

    /// a2a-java #945 (mine54b): a serializer that writes every unset member as null gives a
    /// 1.0 card `url: null` and null 0.x-only members; ProtoJSON reads null as unset, so the
    /// card is 1.0 only, with no url judged and no 0.x member named. A 0.3 card's null url is
    /// its required url missing.
    #[test]
    fn null_members_are_unset() {
        let v1 = json!({"name":"a","url":null,"preferredTransport":null,"additionalInterfaces":null,
            "capabilities":{"stateTransitionHistory":null},
            "supportedInterfaces":[{"url":"https://a.test/","protocolBinding":"JSONRPC","protocolVersion":"1.0","tenant":null}],
            "skills":[{"id":"s","name":"s","description":"d","tags":[],"security":null}]});
        let c = card_view(&v1, false);
        assert!(!c.has_v0_fields);
        assert!(c.bad_interfaces.is_empty(), "{:?}", c.bad_interfaces);
        assert!(c.v0_members_in_v1.is_empty(), "{:?}", c.v0_members_in_v1);
        let v1 = json!({"name":"a","url":null,"preferredTransport":"JSONRPC",
            "supportedInterfaces":[{"url":"https://a.test/","protocolBinding":"JSONRPC","protocolVersion":"1.0"}]});
        assert_eq!(
            card_view(&v1, false).v0_members_in_v1,
            vec!["/preferredTransport".to_string()]
        );
        let v03 =
            json!({"name":"a","url":null,"protocolVersion":"0.3.0","preferredTransport":"JSONRPC"});
        let c = card_view(&v03, false);
        assert!(c.has_v0_fields);
        assert!(
            c.bad_interfaces
                .iter()
                .any(|(p, m)| p == "/url" && m.starts_with("card url null")),
            "{:?}",
            c.bad_interfaces
        );
    }

    #[test]
    fn v0_members_in_a_v1_only_card() {
        let v1 = json!({"name":"a","supportedInterfaces":[{"url":"https://a.test/","protocolBinding":"JSONRPC","protocolVersion":"1.0"}],
            "security":[{"k":[]}],"supportsAuthenticatedExtendedCard":true});
        assert_eq!(
            card_view(&v1, false).v0_members_in_v1,
            vec![
                "/security".to_string(),
                "/supportsAuthenticatedExtendedCard".to_string()
            ]
        );
        // breaker10 E24: 0.3-only nested members too, and the reverse on a 0.3 card.
        let v1 = json!({"name":"a","supportedInterfaces":[{"url":"https://a.test/","protocolBinding":"JSONRPC","protocolVersion":"1.0"}],
            "capabilities":{"streaming":true,"stateTransitionHistory":true},
            "skills":[{"id":"s","name":"s","description":"d","tags":[],"security":[{"k":[]}]}]});
        assert_eq!(
            card_view(&v1, false).v0_members_in_v1,
            vec![
                "/capabilities/stateTransitionHistory".to_string(),
                "/skills/0/security".to_string()
            ]
        );
        let v03 = json!({"name":"a","url":"https://a.test/","protocolVersion":"0.3.0",
            "capabilities":{"extendedAgentCard":true},"securityRequirements":[]});
        assert_eq!(
            card_view(&v03, false).v1_members_in_v0,
            vec![
                "/securityRequirements".to_string(),
                "/capabilities/extendedAgentCard".to_string()
            ]
        );
        assert!(card_view(&v03, false).v0_members_in_v1.is_empty());
        // A hybrid card (both field sets, as the Python SDK serves) is read as both.
        let hybrid = json!({"name":"a","url":"https://a.test/","protocolVersion":"0.3.0",
            "supportedInterfaces":[{"url":"https://a.test/","protocolBinding":"JSONRPC","protocolVersion":"1.0"}],
            "security":[{"k":[]}]});
        assert!(card_view(&hybrid, false).v0_members_in_v1.is_empty());
        assert!(card_view(&hybrid, false).v1_members_in_v0.is_empty());
        // breaker18a W10: supportedInterfaces with a stray top-level protocolVersion and no
        // url is a 1.0 card (no url demanded), the protocolVersion named as 0.x-only.
        let v1 = json!({"name":"a","protocolVersion":"v1",
            "supportedInterfaces":[{"url":"https://a.test/","protocolBinding":"JSONRPC","protocolVersion":"1.0"}]});
        let c = card_view(&v1, false);
        assert!(!c.has_v0_fields);
        assert_eq!(c.v0_members_in_v1, vec!["/protocolVersion".to_string()]);
        assert!(
            !c.problems.iter().any(|p| p.0 == "/url"),
            "{:?}",
            c.problems
        );
    }

    #[test]
    fn security_schemes_per_version() {
        let ok1 = json!({"httpAuthSecurityScheme": {"scheme": "Bearer", "bearerFormat": "JWT"}});
        assert!(security_scheme_problem(&ok1, "/s", Some(true)).is_none());
        let openapi = json!({"type": "http", "scheme": "bearer"});
        assert!(security_scheme_problem(&openapi, "/s", Some(false)).is_none());
        assert!(security_scheme_problem(&openapi, "/s", None).is_none());
        let p = security_scheme_problem(&openapi, "/s", Some(true)).unwrap();
        assert!(p.1.contains("0.x OpenAPI shape"), "{p:?}");
        // a2a-java #590: the inner members without the oneof wrapper.
        let bare = json!({"openIdConnectUrl": "https://accounts.example/.well-known/openid-configuration"});
        assert_eq!(
            security_scheme_problem(&bare, "/s", Some(true)).unwrap().0,
            "/s"
        );
        // ggcode #1089: 0.3 http scheme without `scheme`.
        let p = security_scheme_problem(&json!({"type": "http"}), "/s", Some(false)).unwrap();
        assert_eq!(p.0, "/s/scheme");
        let p = security_scheme_problem(
            &json!({"apiKeySecurityScheme": {"name": "X-Key"}}),
            "/s",
            Some(true),
        )
        .unwrap();
        assert_eq!(p.0, "/s/apiKeySecurityScheme/location");
        assert!(
            security_scheme_problem(&json!({"mtlsSecurityScheme": {}}), "/s", Some(true)).is_none()
        );
        let two = json!({"mtlsSecurityScheme": {}, "httpAuthSecurityScheme": {"scheme": "Basic"}});
        assert!(security_scheme_problem(&two, "/s", Some(true)).is_some());
    }

    #[test]
    fn oauth_flows_oneof_urls_refs_and_tls() {
        let two = json!({"oauth2SecurityScheme": {"flows": {
            "authorizationCode": {"authorizationUrl": "https://a/x", "tokenUrl": "https://a/t"},
            "clientCredentials": {"tokenUrl": "https://a/t"}}}});
        let p = security_scheme_problem(&two, "/s", Some(true)).unwrap();
        assert_eq!(p.0, "/s/oauth2SecurityScheme/flows");
        assert!(p.1.contains("more than one flow"), "{p:?}");
        // 0.x (OpenAPI) allows several flows.
        let two0 = json!({"type": "oauth2", "flows": {
            "authorizationCode": {"authorizationUrl": "https://a/x", "tokenUrl": "https://a/t", "scopes": {}},
            "clientCredentials": {"tokenUrl": "https://a/t", "scopes": {}}}});
        assert!(security_scheme_problem(&two0, "/s", Some(false)).is_none());
        let no_token = json!({"oauth2SecurityScheme": {"flows": {"deviceCode": {"deviceAuthorizationUrl": "https://a/d"}}}});
        assert_eq!(
            security_scheme_problem(&no_token, "/s", Some(true))
                .unwrap()
                .0,
            "/s/oauth2SecurityScheme/flows/deviceCode/tokenUrl"
        );
        let implicit0 = json!({"type": "oauth2", "flows": {"implicit": {"scopes": {}}}});
        assert_eq!(
            security_scheme_problem(&implicit0, "/s", Some(false))
                .unwrap()
                .0,
            "/s/flows/implicit/authorizationUrl"
        );
        let card = json!({"name":"a","description":"d","supportedInterfaces":[{"url":"https://h/","protocolBinding":"JSONRPC","protocolVersion":"1.0"}],
            "version":"1","capabilities":{},"defaultInputModes":["t"],"defaultOutputModes":["t"],
            "skills":[{"id":"s","name":"n","description":"d","tags":["t"],"securityRequirements":[{"schemes":{"gone":{"list":[]}}}]}],
            "securitySchemes":{"o":{"oauth2SecurityScheme":{"flows":{"clientCredentials":{"tokenUrl":"http://idp.example.com/t"}}}},
                               "l":{"openIdConnectSecurityScheme":{"openIdConnectUrl":"http://127.0.0.1:9/.well-known/openid-configuration"}}},
            "securityRequirements":[{"schemes":{"o":{"list":[]}}}]});
        let c = card_view(&card, false);
        assert_eq!(
            c.undefined_security_refs,
            vec![(
                "/skills/0/securityRequirements/0/schemes/gone".to_string(),
                "gone".to_string()
            )]
        );
        // Plain http to a loopback IdP is a test set-up, not a finding.
        assert_eq!(
            c.insecure_auth_urls,
            vec![(
                "/securitySchemes/o/oauth2SecurityScheme/flows/clientCredentials/tokenUrl"
                    .to_string(),
                "http://idp.example.com/t".to_string()
            )]
        );
        let v0 = json!({"name":"a","description":"d","url":"https://h/","protocolVersion":"0.3.0","version":"1","capabilities":{},
            "defaultInputModes":["t"],"defaultOutputModes":["t"],"skills":[],
            "securitySchemes":{"k":{"type":"apiKey","in":"header","name":"X-Key"}},"security":[{"k":[]},{"other":[]}]});
        let c = card_view(&v0, false);
        assert_eq!(c.undefined_security_refs[0].0, "/security/1/other");
    }

    #[test]
    fn v1_and_v0_shapes() {
        let v1 = json!({"name":"a","description":"d","supportedInterfaces":[{"url":"http://h/","protocolBinding":"JSONRPC","protocolVersion":"1.0.1"}],
            "version":"1","capabilities":{"streaming":"yes"},"defaultInputModes":["text/plain"],"defaultOutputModes":[],"skills":[{"id":"s","name":"n","description":"d","tags":["t"]}]});
        let c = card_view(&v1, false);
        assert!(c.problems.iter().any(|p| p.0 == "/defaultOutputModes"));
        assert_eq!(c.non_boolean_flags[0].0, "/capabilities/streaming");
        assert_eq!(c.patch_versions.len(), 1);
        assert_eq!(c.interfaces[0].pointer(), "/supportedInterfaces/0/url");
        let v0 = json!({"name":"a","description":"d","url":"http://127.0.0.1:8083/x/","version":"","capabilities":{},
            "defaultInputModes":["text"],"defaultOutputModes":["text"],"skills":[{"id":"s","name":"n","description":"d","tags":["k"]}],
            "supportsAuthenticatedExtendedCard":true,"securitySchemes":{"k":{"type":"apiKey","in":"header","name":"X-Key"}},"security":[{"k":[]}]});
        let c = card_view(&v0, true);
        assert!(c.problems.is_empty(), "{:?}", c.problems);
        assert!(c.extended_card && c.requires_auth);
        assert!(c.credential_headers.contains(&"x-key".to_string()));
        let c = card_view(&v0, false);
        assert_eq!(c.problems[0].0, "/protocolVersion");
    }

    /// breaker7 F22: a 0.1 card (served at agent.json, no 0.2+ member) is judged by the
    /// 0.1.0 schema: skills need only id and name, description and default modes are
    /// optional; the same card with a 0.2 member is judged by 0.2 and loses them.
    /// mine48 f1039 / f1047: a card at agent.json with no 0.2 member reads as 0.1.0, and
    /// what the 0.2 schema finds missing is kept aside (never the protocolVersion 0.2.5
    /// added); a card that declares its version, or is not at the 0.2 path, keeps none.
    #[test]
    fn card_read_as_v01_keeps_its_v02_problems() {
        let card = Json::from_value(&serde_json::json!({
            "name": "OmniRoute", "description": "gateway", "url": "http://o.example.test/a2a",
            "version": "1.0.0", "capabilities": {"streaming": true},
            "provider": {"organization": "A2A Samples"},
            "skills": [{"id": "s", "name": "S", "description": "d", "tags": ["t"]}]
        }))
        .into_owned();
        let c = card_view(&card, true);
        assert!(c.v01_shape && c.problems.is_empty(), "{:?}", c.problems);
        let ptrs: Vec<&str> = c.v02_problems.iter().map(|p| p.0.as_str()).collect();
        assert_eq!(
            ptrs,
            ["/defaultInputModes", "/defaultOutputModes", "/provider/url"],
            "{:?}",
            c.v02_problems
        );
        assert!(card_view(&card, false).v02_problems.is_empty());
    }

    #[test]
    fn v01_cards_are_judged_by_the_v01_schema() {
        let v01 = json!({"name":"old","url":"http://127.0.0.1:9000/","version":"1.0.0",
            "capabilities":{"streaming":true},"authentication":{"schemes":["public"]},
            "skills":[{"id":"echo","name":"echo"}]});
        let c = card_view(&v01, true);
        assert!(c.v01_shape);
        assert!(c.problems.is_empty(), "{:?}", c.problems);
        // declared 0.1, fetched from anywhere
        let declared = json!({"name":"old","url":"http://127.0.0.1:9000/","version":"1.0.0",
            "protocolVersion":"0.1","capabilities":{},"skills":[{"id":"echo","name":"echo"}]});
        assert!(is_v01_card(&declared, false));
        assert!(card_view(&declared, false).problems.is_empty());
        // still judged: id and name, and the types of what is there
        let bad = json!({"name":"old","url":"http://h/","version":"1","capabilities":{},
            "skills":[{"id":"e","description":7,"tags":"x"}]});
        let msgs: Vec<String> = card_view(&bad, true)
            .problems
            .into_iter()
            .map(|p| p.1)
            .collect();
        assert_eq!(
            msgs,
            vec![
                "skill has no name",
                "skill description is the number 7, not a string: write it as the string \"7\"",
                "skill tags is a string, not a list"
            ]
        );
        // a 0.2 member (securitySchemes since 0.2.0, protocolVersion since 0.2.5) makes it 0.2
        let with_schemes = json!({"name":"old","url":"http://127.0.0.1:9000/","version":"1.0.0",
            "capabilities":{},"securitySchemes":{},"skills":[{"id":"echo","name":"echo"}]});
        let with_version = json!({"name":"old","url":"http://127.0.0.1:9000/","version":"1.0.0",
            "capabilities":{},"protocolVersion":"0.2.5","skills":[{"id":"echo","name":"echo"}]});
        for (k, v02) in [
            ("securitySchemes", with_schemes),
            ("protocolVersion", with_version),
        ] {
            let c = card_view(&v02, true);
            assert!(!c.v01_shape, "{k}");
            let ptrs: Vec<&str> = c.problems.iter().map(|p| p.0.as_str()).collect();
            assert_eq!(
                ptrs,
                vec![
                    "/description",
                    "/defaultInputModes",
                    "/defaultOutputModes",
                    "/skills/0/description",
                    "/skills/0/tags"
                ],
                "{k}"
            );
        }
        // at the 0.3/1.0 path a card is never read as 0.1 unless it says so
        assert!(!is_v01_card(&v01, false));
    }

    /// breaker7 F22: every URL-valued card member besides the interfaces is an absolute
    /// http(s) URL or none, in 0.x and 1.0 scheme shapes; empty and null are not judged.
    #[test]
    fn card_links_must_be_http_urls() {
        let v0 = json!({"name":"a","url":"http://h/","iconUrl":"","documentationUrl":null,
            "provider":{"organization":"o","url":"https://o.test/"},
            "securitySchemes":{"o":{"type":"oauth2","flows":{"implicit":{"authorizationUrl":"javascript:x()","scopes":{}}}},
                               "i":{"type":"openIdConnect","openIdConnectUrl":"file:///etc/passwd"},
                               "m":{"type":"oauth2","oauth2MetadataUrl":7,"flows":{}}}});
        let got = link_problems(&v0);
        assert_eq!(
            got,
            vec![
                (
                    "/securitySchemes/o/flows/implicit/authorizationUrl".to_string(),
                    "card link securitySchemes.o.flows.implicit.authorizationUrl \"javascript:x()\" is not an absolute http(s) url".to_string()
                ),
                (
                    "/securitySchemes/i/openIdConnectUrl".to_string(),
                    "card link securitySchemes.i.openIdConnectUrl \"file:///etc/passwd\" is not an absolute http(s) url".to_string()
                ),
                (
                    "/securitySchemes/m/oauth2MetadataUrl".to_string(),
                    "card link securitySchemes.m.oauth2MetadataUrl is not a string".to_string()
                ),
            ]
        );
        // they end up with the interface problems (CARD-SHAPE-003), after them
        let v1 = json!({"supportedInterfaces":[{"url":"javascript:y()","protocolBinding":"JSONRPC","protocolVersion":"1.0"}],
            "iconUrl":"HTTPS://Icons.Example.test/a.png","documentationUrl":"/docs",
            "securitySchemes":{"d":{"openIdConnectSecurityScheme":{"openIdConnectUrl":"https://id.test/"}}}});
        let ptrs: Vec<String> = card_view(&v1, false)
            .bad_interfaces
            .into_iter()
            .map(|p| p.0)
            .collect();
        assert_eq!(
            ptrs,
            vec!["/supportedInterfaces/0/url", "/documentationUrl"]
        );
    }

    /// breaker8 G10: binding names are exact (`JSONRPC`, `GRPC`, `HTTP+JSON`), versions
    /// Major.Minor, and an empty interface list is a required list left empty.
    #[test]
    fn interface_binding_case_version_form_and_empty_list() {
        let card = |ifaces: serde_json::Value| {
            let v =
                json!({"name":"a","description":"d","version":"1","supportedInterfaces": ifaces});
            let view = card_view(&v, false);
            let mut msgs: Vec<String> = view.bad_interfaces.into_iter().map(|p| p.1).collect();
            msgs.extend(view.problems.into_iter().map(|p| p.1));
            msgs
        };
        let iface = |b: &str, v: &str| serde_json::json!([{"url":"https://a.test/","protocolBinding":b,"protocolVersion":v}]);
        for (b, v) in [
            ("JSONRPC", "1.0"),
            ("HTTP+JSON", "0.3"),
            ("GRPC", "0.3.0"),
            ("https://x.test/binding", "1.0"),
        ] {
            let m = card(iface(b, v));
            assert!(
                !m.iter()
                    .any(|m| m.contains("protocolBinding") || m.contains("Major.Minor")),
                "{b} {v}: {m:?}"
            );
        }
        let m = card(iface("jsonrpc", "1.0"));
        assert!(m.iter().any(|m| m == "interface protocolBinding \"jsonrpc\" is not \"JSONRPC\" (binding names are matched exactly)"), "{m:?}");
        let m = card(iface("Http+Json", "1.0"));
        assert!(
            m.iter().any(|m| m.contains("is not \"HTTP+JSON\"")),
            "{m:?}"
        );
        for v in ["1", "v1.0", "1.x"] {
            let m = card(iface("JSONRPC", v));
            assert!(
                m.iter().any(|m| m.contains("is not Major.Minor")),
                "{v}: {m:?}"
            );
        }
        let m = card(serde_json::json!([]));
        assert!(
            m.iter()
                .any(|m| m.starts_with("agent card supportedInterfaces is empty")),
            "{m:?}"
        );
    }
    #[test]
    fn signature_key_urls_over_plain_http_off_loopback_are_found() {
        use base64::Engine as _;
        let prot = |h: serde_json::Value| {
            base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(h.to_string())
        };
        let card = |sigs: serde_json::Value| {
            let text = serde_json::json!({"name": "a", "signatures": sigs}).to_string();
            Json::parse_owned(text.as_bytes()).unwrap()
        };
        let ok = prot(
            serde_json::json!({"alg": "ES256", "kid": "k", "jku": "https://a.test/jwks.json"}),
        );
        let local = prot(
            serde_json::json!({"alg": "ES256", "kid": "k", "jku": "http://127.0.0.1:8000/jwks.json"}),
        );
        let plain =
            prot(serde_json::json!({"alg": "ES256", "kid": "k", "x5u": "HTTP://a.test/c.pem"}));
        assert_eq!(
            signature_key_url_not_tls(&card(
                serde_json::json!([{"protected": ok, "signature": "c2ln"}])
            )),
            None
        );
        assert_eq!(
            signature_key_url_not_tls(&card(
                serde_json::json!([{"protected": local, "signature": "c2ln"}])
            )),
            None
        );
        assert_eq!(
            signature_key_url_not_tls(&card(serde_json::json!([
                {"protected": ok, "signature": "c2ln"},
                {"protected": plain, "signature": "c2ln"}
            ]))),
            Some((
                "/signatures/1/protected".into(),
                "x5u",
                "HTTP://a.test/c.pem".into()
            ))
        );
        // the unprotected header counts too; a malformed entry is signature_problems'
        assert_eq!(
            signature_key_url_not_tls(&card(serde_json::json!([
                {"protected": "%%", "signature": "c2ln"},
                {"protected": ok, "signature": "c2ln", "header": {"jku": "http://a.test/k"}}
            ]))),
            Some((
                "/signatures/1/header/jku".into(),
                "jku",
                "http://a.test/k".into()
            ))
        );
        assert_eq!(
            signature_key_url_not_tls(&card(serde_json::json!({"protected": plain}))),
            None
        );
    }

    #[test]
    fn signature_problems_judge_the_protected_header() {
        use base64::Engine as _;
        let b64 = |h: &str| base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(h);
        let card = |prot: String, extra: &str| {
            let text =
                format!(r#"{{"signatures":[{{"protected":"{prot}","signature":"c2ln"{extra}}}]}}"#);
            Json::parse_owned(text.as_bytes()).unwrap()
        };
        let ok = card(b64(r#"{"alg":"ES256","typ":"JOSE","kid":"k1"}"#), "");
        assert!(signature_problems(&ok, true).is_empty());
        let no_kid = card(b64(r#"{"alg":"ES256","typ":"JOSE"}"#), "");
        let p = signature_problems(&no_kid, true);
        assert_eq!(p.len(), 1);
        assert!(p[0].must && p[0].message.contains("has no kid"), "{p:?}");
        assert_eq!(p[0].pointer, "/signatures/0/protected");
        // 0.3 names no header members: only the encoding is judged.
        assert!(signature_problems(&no_kid, false).is_empty());
        let no_typ = card(b64(r#"{"alg":"ES256","kid":"k1"}"#), "");
        let p = signature_problems(&no_typ, true);
        assert_eq!(p.len(), 1);
        assert!(!p[0].must, "{p:?}");
        let jwt = card(b64(r#"{"alg":"ES256","kid":"k1","typ":"JWT"}"#), "");
        assert!(signature_problems(&jwt, true)[0]
            .message
            .contains(r#"typ "JWT""#));
        let garbage = card("%%%".into(), "");
        assert!(signature_problems(&garbage, false)[0].must);
        let padded = card(
            format!("{}==", b64(r#"{"alg":"ES256","typ":"JOSE","kid":"k"}"#)),
            "",
        );
        assert!(signature_problems(&padded, true).is_empty());
        let unprotected = card(
            b64(r#"{"alg":"ES256","typ":"JOSE"}"#),
            r#","header":{"kid":"k1"}"#,
        );
        assert!(signature_problems(&unprotected, true)[0]
            .message
            .contains("unprotected header has it"));
        let no_sig = Json::parse_owned(br#"{"signatures":[{"protected":"eyJ9"}]}"#).unwrap();
        assert!(signature_problems(&no_sig, true)[0]
            .message
            .contains("no string signature"));
        // The signature value: a standard-base64 `+` is named, trailing `=` tolerated.
        let prot = b64(r#"{"alg":"ES256","typ":"JOSE","kid":"k1"}"#);
        let signed = |sig: &str| {
            let text =
                format!(r#"{{"signatures":[{{"protected":"{prot}","signature":"{sig}"}}]}}"#);
            Json::parse_owned(text.as_bytes()).unwrap()
        };
        let p = signature_problems(&signed("c2l+ZA=="), true);
        assert!(p[0].must && p[0].message.contains("it holds '+'"), "{p:?}");
        assert!(signature_problems(&signed("c2lnZA=="), true).is_empty());
        let p = signature_problems(&signed("c2=lnZA"), true);
        assert!(p[0].message.contains("it holds '='"), "{p:?}");
    }

    /// breaker29 A25: a 0.1 card's `authentication.schemes` (0.1's security declaration)
    /// asks for credentials unless it names only the samples' "public"; 0.2+ members win.
    #[test]
    fn v01_authentication_schemes_require_credentials() {
        let bearer = json!({"name":"old","url":"https://h/a2a","version":"1.0.0",
            "capabilities":{"streaming":true},"authentication":{"schemes":["Bearer"]},
            "skills":[{"id":"echo","name":"echo"}]});
        let c = card_view(&bearer, true);
        assert!(c.requires_auth && c.declares_schemes);
        for open in [
            json!({"name":"old","url":"https://h/a2a","version":"1.0.0","capabilities":{},
                "authentication":{"schemes":["public"]},"skills":[{"id":"e","name":"e"}]}),
            json!({"name":"old","url":"https://h/a2a","version":"1.0.0","capabilities":{},
                "authentication":{"schemes":[]},"skills":[{"id":"e","name":"e"}]}),
            json!({"name":"old","url":"https://h/a2a","version":"1.0.0","capabilities":{},
                "authentication":{"schemes":"Bearer"},"skills":[{"id":"e","name":"e"}]}),
        ] {
            let c = card_view(&open, true);
            assert!(!c.requires_auth && !c.declares_schemes);
        }
        // A card that declares security the 0.2+ way is read that way only.
        let v02 = json!({"name":"old","url":"https://h/a2a","version":"1.0.0","capabilities":{},
            "authentication":{"schemes":["Bearer"]},"security":[{}],"skills":[{"id":"e","name":"e"}]});
        assert!(!card_view(&v02, true).requires_auth);
    }
}

#[cfg(test)]
mod mine30c_tests {
    use super::*;
    use crate::model::json::test_json as json;

    #[test]
    fn http_bindings_need_an_http_url() {
        let slim = "slim://slim.example.test:46357/agents/a";
        let why = http_binding_off_http("JSONRPC", slim).expect("JSONRPC over slim://");
        assert!(
            why.contains("is a slim: URL, but JSONRPC runs over HTTP"),
            "{why}"
        );
        assert!(http_binding_off_http("http+json", "wss://a.test/a2a").is_some());
        // http(s), other bindings and unparsable urls are not this check's
        assert!(http_binding_off_http("JSONRPC", "https://a.test/a2a").is_none());
        assert!(http_binding_off_http("JSONRPC", "HTTP://a.test/a2a").is_none());
        assert!(http_binding_off_http("GRPC", "dns:///a.test:443").is_none());
        assert!(http_binding_off_http("https://x.test/slimrpc", slim).is_none());
        assert!(http_binding_off_http("JSONRPC", "not a url").is_none());
    }

    #[test]
    fn a_v03_card_without_preferred_transport_is_read_as_jsonrpc() {
        let card = json!({"protocolVersion":"0.3.0","name":"a","url":"slim://s.test:46357/a"});
        let bad = card_view(&card, false).bad_interfaces;
        assert_eq!(bad.len(), 1, "{bad:?}");
        assert_eq!(bad[0].0, "/url");
        assert!(
            bad[0].1.contains("without preferredTransport"),
            "{}",
            bad[0].1
        );
        let nats = json!({"protocolVersion":"0.3.0","name":"a","url":"https://a.test/a2a","preferredTransport":"JSONRPC",
            "additionalInterfaces":[{"url":"nats://n.test:4222/a","transport":"HTTP+JSON"}]});
        let bad = card_view(&nats, false).bad_interfaces;
        assert_eq!(bad[0].0, "/additionalInterfaces/0/url", "{bad:?}");
        let v1 = json!({"name":"a","supportedInterfaces":[{"url":"ws://a.test/a2a","protocolBinding":"JSONRPC","protocolVersion":"1.0"}]});
        let bad = card_view(&v1, false).bad_interfaces;
        assert_eq!(bad[0].0, "/supportedInterfaces/0/url", "{bad:?}");
    }
}

//! Secrets in payloads and push configs, and the fingerprints that compare them without keeping them.

use super::*;

/// A credential in the `metadata` of a request's params or message, or in a member of the
/// params themselves that no A2A request defines (AUTH-001: never in A2A payloads):
/// `(JSON Pointer, what)`. In metadata, a member named like a credential (`authorization`,
/// `access_token`, `api_key`, `password`, ...) with a non-empty string value, or any string
/// value that is an HTTP `Bearer` / `Basic` credential. Among the params' own members
/// (openclaw PR #99612's `params.auth`; `push_config_op` false, since a push config's
/// `token` and `authentication` are the webhook's, PUSH-004), the same test over the names
/// a request member is given for a credential (`auth`, `token`, `credentials`, `apiKey`,
/// `authToken`, `secret`, ..., compared without case, `-` and `_`), on a string or inside
/// an object under such a name; the members A2A defines (`message`, `configuration`,
/// `metadata`, `id`, `pageToken`, ...) are not read as credentials. The value is never
/// returned (it is a secret).
pub(super) fn payload_credential(
    params: &Json,
    base: &str,
    push_config_op: bool,
) -> Option<(String, String)> {
    const NAMES: &[&str] = &[
        "authorization",
        "access_token",
        "accesstoken",
        "id_token",
        "refresh_token",
        "bearer_token",
        "auth_token",
        "api_key",
        "apikey",
        "x-api-key",
        "password",
        "client_secret",
    ];
    // A credential member of metadata object `m` at pointer `at`, or of an object nested
    // in it (metadata {"headers": {"Authorization": "Bearer ..."}} forwards a request's
    // headers; breaker30 M05), a few levels deep.
    fn scan(m: &Obj, at: &str, depth: u8) -> Option<(String, String)> {
        m.iter().find_map(|(k, v)| {
            if let Some(inner) = v.as_object() {
                return if depth < 4 {
                    scan(inner, &jptr(at, &[Key(k)]), depth + 1)
                } else {
                    None
                };
            }
            let s = v.as_str()?.trim();
            let lower = s.to_ascii_lowercase();
            let scheme =
                (lower.starts_with("bearer ") || lower.starts_with("basic ")) && s.len() > 12;
            let named = NAMES.iter().any(|n| k.eq_ignore_ascii_case(n)) && !s.is_empty();
            (scheme || named).then(|| {
                (
                    jptr(at, &[Key(k)]),
                    if scheme {
                        format!("an HTTP {} credential", s.split(' ').next().unwrap_or(""))
                    } else {
                        format!("member {k}")
                    },
                )
            })
        })
    }
    let top = params.as_object()?;
    if let Some(m) = top.get("metadata").and_then(Json::as_object) {
        if let Some(h) = scan(m, &format!("{base}/metadata"), 0) {
            return Some(h);
        }
    }
    if !push_config_op {
        if let Some(h) = own_member_credential(top, base, &scan) {
            return Some(h);
        }
    }
    // AUTH-001: never in A2A payloads, so the message's own metadata and each of its
    // parts' metadata (1.0 Part.metadata, 0.x Part.metadata) too.
    ["message", "request"].iter().find_map(|key| {
        let msg = top.get(key)?;
        if let Some(h) = msg
            .get("metadata")
            .and_then(Json::as_object)
            .and_then(|m| scan(m, &format!("{base}/{key}/metadata"), 0))
        {
            return Some(h);
        }
        let parts = msg
            .get("parts")
            .or_else(|| msg.get("content"))?
            .as_array()?;
        let pk = if msg.get("parts").is_some() {
            "parts"
        } else {
            "content"
        };
        parts.iter().enumerate().find_map(|(i, p)| {
            let m = p.get("metadata")?.as_object()?;
            scan(m, &format!("{base}/{key}/{pk}/{i}/metadata"), 0)
        })
    })
}

/// A scan of a metadata object for a credential member ([`payload_credential`]'s): object,
/// JSON Pointer of the object, depth; `(JSON Pointer, what)` of the first credential.
type CredentialScan = dyn Fn(&Obj, &str, u8) -> Option<(String, String)>;

/// AUTH-001 among a request's own params members (f1102, openclaw PR #99612): the first
/// member that no A2A request defines and that holds a credential, as `(JSON Pointer, what)`:
/// a member named like a credential ([`CREDENTIAL_MEMBER_NAMES`]) with a non-empty string,
/// any string that is an HTTP `Bearer` / `Basic` credential, or a credential `scan` finds
/// inside an object member (`credentials: {"password": ...}`); an object under a credential
/// name counts when it holds any non-empty string (`auth: {"token": ...}`). Numbers and
/// booleans (`maxTokens: 512`) are never credentials.
fn own_member_credential(top: &Obj, base: &str, scan: &CredentialScan) -> Option<(String, String)> {
    // The members the A2A requests define (1.0 proto request messages, 0.x params
    // schemas): none of them carries a credential of the caller.
    const DEFINED: &[&str] = &[
        "message",
        "request",
        "configuration",
        "metadata",
        "id",
        "name",
        "taskid",
        "contextid",
        "historylength",
        "pagesize",
        "pagetoken",
        "status",
        "statustimestampafter",
        "includeartifacts",
        "tenant",
        "pushnotificationconfigid",
        "configid",
    ];
    top.iter().find_map(|(k, v)| {
        let mut buf = [0u8; 32];
        let norm = normalized_member_name(k, &mut buf);
        if norm.is_some_and(|n| DEFINED.contains(&n)) {
            return None;
        }
        let named = norm.is_some_and(|n| CREDENTIAL_MEMBER_NAMES.contains(&n));
        let at = jptr(base, &[Key(k)]);
        match v {
            Json::String(s) => {
                let s = s.trim();
                let lower = s.to_ascii_lowercase();
                let scheme =
                    (lower.starts_with("bearer ") || lower.starts_with("basic ")) && s.len() > 12;
                (scheme || (named && !s.is_empty())).then(|| {
                    (
                        at,
                        if scheme {
                            format!("an HTTP {} credential", s.split(' ').next().unwrap_or(""))
                        } else {
                            format!("member {k}")
                        },
                    )
                })
            }
            Json::Object(inner) => scan(inner, &at, 1).or_else(|| {
                (named
                    && inner
                        .values()
                        .any(|x| x.as_str().is_some_and(|s| !s.trim().is_empty())))
                .then(|| (at, format!("member {k}")))
            }),
            _ => None,
        }
    })
}

/// The names (lower case, without `-` and `_`) a client gives a request member that carries
/// its credential (AUTH-001): `auth`, `token`, `apiKey`, `authToken`, `credentials`, ...
const CREDENTIAL_MEMBER_NAMES: &[&str] = &[
    "auth",
    "authorization",
    "authentication",
    "token",
    "accesstoken",
    "idtoken",
    "refreshtoken",
    "bearer",
    "bearertoken",
    "authtoken",
    "sessiontoken",
    "apikey",
    "xapikey",
    "accesskey",
    "secret",
    "clientsecret",
    "password",
    "credential",
    "credentials",
    "privatekey",
];

/// A JSON member name lower-cased without `-` and `_` (`api_key`, `apiKey`, `X-API-Key`
/// → `apikey`, `xapikey`), for comparing credential names across spellings, written into
/// `buf` (no allocation per member of every request, perf52). `None` when the name holds
/// a non-ASCII character or is longer than `buf` (32 bytes): no name of the ASCII lists
/// above, the longest 24 bytes, is then its spelling.
fn normalized_member_name<'b>(k: &str, buf: &'b mut [u8; 32]) -> Option<&'b str> {
    let mut n = 0;
    for &b in k.as_bytes() {
        if b == b'-' || b == b'_' {
            continue;
        }
        if !b.is_ascii() || n == buf.len() {
            return None;
        }
        buf[n] = b.to_ascii_lowercase();
        n += 1;
    }
    std::str::from_utf8(&buf[..n]).ok()
}

/// Whether HTTP `method` is a verb of HTTP+JSON operation `op` ([`a2a::rest_verbs`];
/// REST-001: the routes and verbs of 1.0 §11 / 0.3 §3.2.3; `:subscribe` fits GET and POST,
/// DIGEST trap 1). Every operation is judged, so a 405 to `PUT|PATCH
/// .../pushNotificationConfigs` or `POST /extendedAgentCard` is the router refusing the
/// client's verb, no missing route (review27a).
pub(super) fn rest_verb_fits(op: Op, method: &str) -> bool {
    a2a::rest_verbs(op)
        .iter()
        .any(|v| method.eq_ignore_ascii_case(v))
}

/// A lowercased header name as written on the wire (`authorization` → `Authorization`,
/// `x-api-key` → `X-Api-Key`) for messages.
pub(super) fn wire_header_name(n: &str) -> String {
    n.split('-')
        .map(|w| {
            let mut c = w.chars();
            c.next()
                .map(|f| f.to_ascii_uppercase().to_string() + c.as_str())
                .unwrap_or_default()
        })
        .collect::<Vec<_>>()
        .join("-")
}

/// AUTH-002 / AUTH-007: the credentials request `x` lacks for the card's security
/// requirements (`view`), or `None` when it satisfies one of them. The requirements are an
/// OR of ANDs: an alternative is satisfied when every scheme's credential is present
/// (header, query parameter, named cookie). `Some(list)` names what the alternative the
/// request came closest to still needs; `Some(vec![])` means the request carries no
/// credential of the card at all (an `Authorization` header under another authentication
/// scheme than an http scheme names counts as none, [`credential_as_declared`]). Without
/// structured alternatives (an undefined scheme, mutual TLS)
/// any credential header or query parameter the card names counts, as does
/// `Authorization` / `X-API-Key` whatever the card says; a `Cookie` header counts only
/// when no scheme is an apiKey cookie (then its cookie must be there by name).
pub(super) fn credentials_missing(
    view: &crate::model::card::AgentCardView,
    x: &Exch,
) -> Option<Vec<String>> {
    let present = |cr: &crate::model::card::Credential| credential_as_declared(x, cr);
    let mut best: Option<(usize, Vec<String>)> = None;
    for alt in &view.security_alternatives {
        let have = alt.iter().filter(|c| present(c)).count();
        if have == alt.len() {
            return None;
        }
        if have > 0 && best.as_ref().is_none_or(|(b, _)| have > *b) {
            let miss = alt
                .iter()
                .filter(|c| !present(c))
                .map(|c| match c {
                    // breaker34 M05: the header was there, under another authentication scheme
                    crate::model::card::Credential::Authorization { auth: Some(a), .. } => {
                        format!("{} as {a} of scheme {}", c.describe(), c.scheme())
                    }
                    _ => format!("{} of scheme {}", c.describe(), c.scheme()),
                })
                .collect();
            best = Some((have, miss));
        }
    }
    if let Some((_, miss)) = best {
        return Some(miss);
    }
    let cookie_scheme = view
        .security_alternatives
        .iter()
        .flatten()
        .any(|c| matches!(c, crate::model::card::Credential::Cookie { .. }));
    // breaker34 A01-A05: with the requirements spelled out, an `Authorization` header that
    // met none of them (a Bearer token for a Basic card, anything for an apiKey card) is no
    // credential of the card; the fallback below is for what the alternatives cannot place.
    let structured = !view.security_alternatives.is_empty();
    let names: Vec<String> = view
        .credential_headers
        .iter()
        .filter(|n| !(cookie_scheme && n.as_str() == "cookie"))
        .filter(|n| !(structured && n.as_str() == "authorization"))
        .cloned()
        .collect();
    // with structured alternatives, only the names left count (has_credentials adds
    // Authorization and X-API-Key whatever the card says)
    let any = if structured {
        names
            .iter()
            .any(|n| x.req_headers.get(n).is_some_and(|v| credential_value(n, v)))
    } else {
        has_credentials(&x.req_headers, &names)
    } || view
        .credential_query
        .iter()
        .any(|q| query_param(&x.url, q).is_some());
    (!any).then(Vec::new)
}

/// True when request `x` carries credential `cr` of a card's security scheme (AUTH-005):
/// the `Authorization` header with a token, the apiKey header / query parameter / named
/// cookie with a value.
pub(super) fn credential_present(x: &Exch, cr: &crate::model::card::Credential) -> bool {
    use crate::model::card::Credential;
    let header = |n: &str| x.req_headers.get(n).is_some_and(|v| credential_value(n, v));
    match cr {
        Credential::Authorization { .. } => header("authorization"),
        Credential::Header { name, .. } => header(&name.to_ascii_lowercase()),
        Credential::Query { name, .. } => query_param(&x.url, name).is_some(),
        // A Cookie redacted whole (a recording made before breaker53, which tags each
        // cookie's value and keeps its name) may hold the named cookie: taken as sent, so
        // such a recording draws no AUTH-OPEN-001 / AUTH-EXT-001 for a credential it hides.
        Credential::Cookie { name, .. } => x.req_headers.get("cookie").is_some_and(|v| {
            crate::record::redact::is_placeholder(v.trim())
                || v.split(';').any(|kv| {
                    kv.trim()
                        .split_once('=')
                        .is_some_and(|(k, val)| k.trim() == name && !val.trim().is_empty())
                })
        }),
    }
}

/// AUTH-SCHEME-003: the credentials request `x` carries where none of the card's
/// credentials `declared` goes, as [`Credential::describe`] words them (`X-API-Key header`,
/// `Authorization header`, `key query parameter`): a header whose name says it holds a
/// credential (`Authorization`, `*api-key*` / `*apikey*` / `*api_key*`, `*-token` except
/// CSRF and A2A's own headers) or is the name of a declared query or cookie API key, with
/// a value; an `Authorization` header under an authentication scheme no declared http
/// scheme names (`Authorization header (Bearer)` for a Basic card); or a query parameter
/// named `api_key`, `apikey`, `key`, `access_token`, `token`, `auth`, or as a declared header
/// or cookie API key, or whose value the recorder redacted (a tagged placeholder).
pub(super) fn stray_credentials(
    x: &Exch,
    declared: Vec<&crate::model::card::Credential>,
) -> Vec<String> {
    use crate::model::card::Credential;
    // breaker33 A22: an Authorization header is in its declared place only under an
    // authentication scheme the card names there (any, for OAuth 2.0 / OpenID Connect)
    let authorization = x.req_headers.get("authorization").unwrap_or("");
    let header_declared = |n: &str| {
        declared.iter().any(|cr| match cr {
            Credential::Authorization { auth, .. } => {
                n == "authorization"
                    && auth
                        .as_deref()
                        .is_none_or(|a| auth_scheme_is(authorization, a))
            }
            Credential::Header { name, .. } => name.eq_ignore_ascii_case(n),
            Credential::Cookie { .. } => n == "cookie",
            Credential::Query { .. } => false,
        })
    };
    // breaker33 A21: a header named as the card's query parameter or cookie is that
    // credential sent in the wrong place
    let named_elsewhere = |n: &str| {
        declared.iter().any(|cr| match cr {
            Credential::Query { name, .. } | Credential::Cookie { name, .. } => {
                name.eq_ignore_ascii_case(n)
            }
            _ => false,
        })
    };
    let query_declared = |n: &str| {
        declared
            .iter()
            .any(|cr| matches!(cr, Credential::Query { name, .. } if name == n))
    };
    let mut out: Vec<String> = Vec::new();
    for (name, value) in &x.req_headers {
        let n = name.to_ascii_lowercase();
        let looks = n == "authorization"
            || n.contains("api-key")
            || n.contains("apikey")
            || n.contains("api_key")
            || (n.ends_with("-token")
                && !n.contains("csrf")
                && !n.contains("xsrf")
                && !n.starts_with("a2a-")
                && !n.starts_with("x-a2a-"))
            || named_elsewhere(&n);
        if looks && !header_declared(&n) && credential_value(&n, value) {
            let shown = if n == "authorization" {
                match value.split_whitespace().next() {
                    Some(a) if value.trim().contains(' ') => format!("Authorization header as {a}"),
                    // newcomer49: a bare token (no scheme word) was worded as if the card
                    // named no Authorization header at all
                    Some(_) => {
                        "Authorization header with no authentication scheme before the value"
                            .to_string()
                    }
                    None => "Authorization header".to_string(),
                }
            } else {
                format!("{name} header")
            };
            if !out.contains(&shown) {
                out.push(shown);
            }
        }
    }
    let query = x.url.split_once('?').map(|(_, q)| q).unwrap_or("");
    for kv in query.split('&') {
        let (k, val) = kv.split_once('=').unwrap_or((kv, ""));
        // breaker53 (v03-client-key-in-query): a query parameter named as the card's header
        // or cookie API key is that credential sent in the wrong place, as a header named
        // as its query key is (A21); so is any parameter the recorder redacted as a secret
        let named_as_header_or_cookie = declared.iter().any(|cr| match cr {
            Credential::Header { name, .. } | Credential::Cookie { name, .. } => {
                name.eq_ignore_ascii_case(k)
            }
            _ => false,
        });
        let looks = matches!(
            k.to_ascii_lowercase().as_str(),
            "api_key" | "apikey" | "api-key" | "key" | "access_token" | "token" | "auth"
        ) || named_as_header_or_cookie
            || crate::record::redact::placeholder_tag(val).is_some();
        if looks && !val.is_empty() && !query_declared(k) {
            let shown = format!("{k} query parameter");
            if !out.contains(&shown) {
                out.push(shown);
            }
        }
    }
    out
}

/// Whether the `Authorization` value `v` is a credential of HTTP authentication scheme
/// `auth` (its first token; RFC 9110 §11.1: scheme names compare case-insensitively).
pub(super) fn auth_scheme_is(v: &str, auth: &str) -> bool {
    v.split_whitespace()
        .next()
        .is_some_and(|t| t.eq_ignore_ascii_case(auth))
}

/// [`credential_present`], and for an http scheme's `Authorization` credential also under
/// the authentication scheme it names (RFC 9110 §11.4: the first word of the header; a
/// Bearer token is no Basic credential; breaker33 A22, breaker34 A01). OAuth 2.0 and
/// OpenID Connect name none, so any `Authorization` value counts for them (DPoP).
pub(super) fn credential_as_declared(x: &Exch, cr: &crate::model::card::Credential) -> bool {
    use crate::model::card::Credential;
    credential_present(x, cr)
        && match cr {
            Credential::Authorization { auth: Some(a), .. } => x
                .req_headers
                .get("authorization")
                .is_some_and(|v| auth_scheme_is(v, a)),
            _ => true,
        }
}

/// The card's security requirements `v` as words for messages, one entry per alternative
/// (AUTH-007: an OR of ANDs), each credential as `the Authorization header as Basic (scheme
/// basic)` / `the X-API-Key header (scheme key)`, the schemes of one alternative joined by
/// " and ".
pub(super) fn declared_credential_words(v: &crate::model::card::AgentCardView) -> Vec<String> {
    use crate::model::card::Credential;
    v.security_alternatives
        .iter()
        .map(|alt| {
            alt.iter()
                .map(|cr| match cr {
                    // breaker33 A22: which authentication scheme the header takes
                    Credential::Authorization { auth: Some(a), .. } => {
                        format!("the {} as {a} (scheme {})", cr.describe(), cr.scheme())
                    }
                    _ => format!("the {} (scheme {})", cr.describe(), cr.scheme()),
                })
                .collect::<Vec<_>>()
                .join(" and ")
        })
        .collect()
}

/// The origins (`scheme://host:port`) an authenticated extended card `view` served in
/// exchange `x` speaks for: the origin it was served on, its interfaces' and those of
/// `public`, the public card of the agent it was fetched from (1.0 §3.1.11: the client
/// reads the extended card in the public card's place for the whole agent, whichever of
/// its interfaces it calls; review33 Q2). Each once, at most 16.
pub(super) fn extended_card_origins(
    x: &Exch,
    view: &AgentCardView,
    public: Option<&CardRec>,
) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let mut add = |o: String| {
        if out.len() < 16 && !out.contains(&o) {
            out.push(o);
        }
    };
    if let Some(o) = &x.origin {
        add(o.clone());
    }
    for i in &view.interfaces {
        if let Some(u) = i.parts() {
            add(u.origin());
        }
    }
    if let Some(p) = public {
        for (o, _) in p.iface_at.iter() {
            add(o.clone());
        }
    }
    out
}

/// Evidence pointing at `capabilities.extensions` of the card served in event `seq` of
/// exchange `exchange` (CAP-EXT-001 / -003 / -007): the card's own exchange, so the report
/// labels the card's line (GET /.well-known/agent-card.json), not the call's (q22 Q5).
/// `base` is the card's JSON Pointer in that body (`""`, or `/result` for a JSON-RPC
/// extended card answer: [`ExtendedGrant::base`]).
pub(super) fn extensions_evidence(seq: u64, exchange: &str, base: &str) -> Evidence {
    Evidence {
        seq,
        exchange: Some(exchange.to_string()),
        pointer: Some(format!("{base}/capabilities/extensions")),
        found: None,
    }
}

/// Whether the call `x` carries one of the credentials `view`'s card names: a credential
/// header ([`has_credentials`]) or an API-key query parameter (AUTH-005).
pub(super) fn carries_card_credentials(x: &Exch, view: &AgentCardView) -> bool {
    has_credentials(&x.req_headers, &view.credential_headers)
        || view
            .credential_query
            .iter()
            .any(|q| query_param(&x.url, q).is_some())
}

pub(super) fn has_credentials(h: &Headers, names: &[String]) -> bool {
    let present = |n: &str| h.get(n).is_some_and(|v| credential_value(n, v));
    names.iter().any(|n| present(n)) || present("authorization") || present("x-api-key")
}

/// True when header `name`'s value `v` carries a credential (AUTH-005: "authentication
/// with a scheme from the public card"): not blank, and for `Authorization` not an
/// auth-scheme keyword alone (`Bearer`, `Bearer `, `Basic`: RFC 9110 §11.4 credentials are
/// the scheme *and* its token; breaker14 P6).
pub(super) fn credential_value(name: &str, v: &str) -> bool {
    let v = v.trim();
    if v.is_empty() {
        return false;
    }
    if !name.eq_ignore_ascii_case("authorization") {
        return true;
    }
    let mut words = v.split_whitespace();
    let first = words.next().unwrap_or_default();
    if words.next().is_some() {
        return true;
    }
    !matches!(
        first.to_ascii_lowercase().as_str(),
        "bearer" | "basic" | "digest" | "token" | "dpop" | "negotiate" | "apikey" | "api-key"
    )
}

/// Push-notification URL of a request (PUSH-002): `(JSON Pointer, url)`. Only send,
/// stream and create-config requests carry one. The candidates are walked by member name
/// (no pointer text parsed per call: docs/performance.md "Session 7 (pperf7)").
pub(super) fn push_url_of(c: &Call) -> Option<(String, String)> {
    const CANDIDATES: [(&str, &[&str]); 6] = [
        (
            "/configuration/taskPushNotificationConfig/url",
            &["configuration", "taskPushNotificationConfig", "url"],
        ),
        // 0.1 `tasks/send` / `tasks/sendSubscribe`: `params.pushNotification`.
        ("/pushNotification/url", &["pushNotification", "url"]),
        (
            "/configuration/pushNotificationConfig/url",
            &["configuration", "pushNotificationConfig", "url"],
        ),
        (
            "/configuration/pushNotification/url",
            &["configuration", "pushNotification", "url"],
        ),
        (
            "/pushNotificationConfig/url",
            &["pushNotificationConfig", "url"],
        ),
        ("/url", &["url"]),
    ];
    let create = match c.op {
        Some(Op::CreatePushConfig) => true,
        Some(Op::SendMessage) | Some(Op::SendStreamingMessage) => false,
        _ => return None,
    };
    // The cheap condition first (perfr35): but for a create's bare `url`, every candidate
    // starts at one of three members, which most sends do not have (one pass over the
    // params' member names instead of a lookup per candidate).
    if !create
        && !c.params.as_object().is_some_and(|o| {
            o.keys().any(|k| {
                matches!(
                    k,
                    "configuration" | "pushNotification" | "pushNotificationConfig"
                )
            })
        })
    {
        return None;
    }
    let pre = c.params_base();
    for (ptr, path) in CANDIDATES {
        if !create && path.len() == 1 {
            continue; // a bare `url` is a push config's only
        }
        let mut cur = Some(c.params.json());
        for k in path {
            cur = cur.and_then(|v| v.get(k));
        }
        if let Some(u) = cur.and_then(Json::as_str) {
            return Some((format!("{pre}{ptr}"), u.to_string()));
        }
    }
    None
}

/// `v.pointer(ptr)` (RFC 6901) for a pointer of plain object member names, without the
/// copy per token `Json::pointer` makes for escaped tokens; other pointers go to
/// `Json::pointer`.
pub(super) fn member_path<'a, 'b>(v: &'a Json<'b>, ptr: &str) -> Option<&'a Json<'b>> {
    // Byte searches, not `str::split`/`contains` with a `char` pattern: those cost ~1,000
    // instructions per pointer (docs/performance.md, "Session 6").
    if ptr.as_bytes().contains(&b'~') {
        return v.pointer(ptr);
    }
    let slash = |t: &str| t.bytes().position(|c| c == b'/');
    // The text before the first `/` is not a token (`split('/').skip(1)`).
    let Some(first) = slash(ptr) else {
        return Some(v);
    };
    let mut rest = &ptr[first + 1..];
    let mut cur = v;
    loop {
        let (tok, next) = match slash(rest) {
            Some(k) => (&rest[..k], Some(&rest[k + 1..])),
            None => (rest, None),
        };
        cur = match cur {
            Json::Object(o) => o.get(tok)?,
            _ => return v.pointer(ptr),
        };
        match next {
            Some(r) => rest = r,
            None => return Some(cur),
        }
    }
}

/// The task a push delivery body (a StreamResponse-shaped payload) is about: a Task's `id`,
/// an update's `taskId`; for a 0.1 / 0.2.0-0.2.4 body, which has no `kind` (PUSH-005: the
/// examples POST the Task `{id, sessionId, status}`; a 0.1 status event is `{id, status,
/// final}`), the `id` beside an object `status`. `None` when the body is no such payload.
/// `v`: the body parsed.
pub(super) fn delivered_task_id_in(v: &Json) -> Option<String> {
    match classify_payload(v, "") {
        Ok(p) => {
            let member = if p.kind == PayloadKind::Task {
                "id"
            } else {
                "taskId"
            };
            p.inner.get(member)?.as_str().map(str::to_string)
        }
        Err(_) => v
            .get("status")
            .filter(|s| s.is_object())
            .and(v.get("id"))
            .and_then(Json::as_str)
            .map(str::to_string),
    }
}

/// A list call's parameter `name` (ListTasks, ListTaskPushNotificationConfigs): the params
/// member (a string, or an integer as its digits), else the HTTP+JSON query parameter.
pub(super) fn list_param(x: &Exch, c: &Call, name: &str) -> Option<String> {
    match c.params.get(name) {
        Some(v) => v
            .as_str()
            .map(str::to_string)
            .or_else(|| v.as_i64().map(|n| n.to_string())),
        None => query_param(&x.url, name),
    }
}

/// The push config object whose `url` is at `url_ptr` (a `.../url` pointer into the
/// request body) in the call's params; `None` when there is none.
pub(super) fn push_config_at<'c>(c: &'c Call, url_ptr: &str) -> Option<&'c Json<'c>> {
    let rest = c.bare_params();
    let local = if rest {
        url_ptr
    } else {
        url_ptr.strip_prefix("/params").unwrap_or(url_ptr)
    };
    let base = local.strip_suffix("/url").unwrap_or(local);
    c.params.pointer(base)
}

/// The push config at `url_ptr` (a `.../url` pointer) carries credentials or a token. A
/// blank value (empty, or white space only) carries nothing: no header can hold it as a
/// credential (RFC 9110 §5.5 trims the white space around a field value, leaving an
/// `Authorization: Bearer` without credentials), so an agent that sends no header for it
/// leaves out nothing the client gave (a2a-js PR #634, field case f1012).
pub(super) fn push_config_has_credentials(c: &Call, url_ptr: &str) -> u8 {
    let Some(cfg) = push_config_at(c, url_ptr) else {
        return 0;
    };
    let given = |v: Option<&Json>| {
        v.and_then(Json::as_str)
            .is_some_and(|t| !t.trim().is_empty())
    };
    let token = given(cfg.get("token"));
    let auth = cfg
        .get("authentication")
        .filter(|a| given(a.get("credentials")));
    let auth_bits = match auth {
        None => 0,
        Some(a) if http_auth_schemes(a) => PUSH_HTTP_AUTH,
        Some(_) => PUSH_OTHER_AUTH,
    };
    (if token { PUSH_TOKEN } else { 0 }) | auth_bits
}

/// A push config's `authentication` names only HTTP schemes (Bearer, Basic, Digest: the
/// credentials go in `Authorization`, PUSH-005): 1.0 `scheme`, 0.x `schemes[]`; none named
/// is false.
pub(super) fn http_auth_schemes(a: &Json) -> bool {
    let mut schemes = a.get("scheme").and_then(Json::as_str).into_iter().chain(
        a.get("schemes")
            .and_then(Json::as_array)
            .into_iter()
            .flatten()
            .filter_map(Json::as_str),
    );
    let http = |s: &str| {
        ["bearer", "basic", "digest"]
            .iter()
            .any(|h| s.eq_ignore_ascii_case(h))
    };
    match schemes.next() {
        None => false,
        Some(first) => http(first) && schemes.all(http),
    }
}

/// A JSON value as a finding shows it: its JSON text, cut after 120 characters.
pub(super) fn shown_json(v: &Value) -> String {
    let t = v.to_string();
    match t.char_indices().nth(120) {
        Some((i, _)) => format!("{}…", &t[..i]),
        None => t,
    }
}

/// Feeds JSON value `v` into hasher `h` as data: object members in key order (so key
/// order and whitespace do not change the digest), numbers by their JSON text. Below
/// nesting depth 64 only the depth is fed (a card is shallow; CARD-CACHE-002).
pub(super) fn json_digest(v: &Value, h: &mut impl std::hash::Hasher, depth: usize) {
    use std::hash::Hash;
    if depth > 64 {
        depth.hash(h);
        return;
    }
    match v {
        Value::Null => 0u8.hash(h),
        Value::Bool(b) => (1u8, *b).hash(h),
        Value::Number(n) => (2u8, n.to_string()).hash(h),
        Value::String(s) => (3u8, s).hash(h),
        Value::Array(a) => {
            (4u8, a.len()).hash(h);
            for e in a {
                json_digest(e, h, depth + 1);
            }
        }
        Value::Object(o) => {
            (5u8, o.len()).hash(h);
            let mut keys: Vec<&String> = o.keys().collect();
            keys.sort();
            for k in keys {
                k.hash(h);
                json_digest(&o[k], h, depth + 1);
            }
        }
    }
}

/// A 64-bit SipHash of a secret value: equal values compare equal, the value is not kept.
/// A redacted recording's tagged placeholder (`[REDACTED:1a2b3c4d5e6f]`,
/// [`crate::record::redact::Tagger`]) is a value like any other: the recorder gave equal
/// secrets equal tags. `None` for the untagged `[REDACTED]` (a recording written before
/// tags, a value cut off): unknown, equal to nothing, so no finding rests on it.
pub(super) fn fingerprint(v: &str) -> Option<u64> {
    use std::hash::{Hash, Hasher};
    if v == crate::record::redact::REDACTED {
        return None;
    }
    // A header's credential that names a principal carries the principal's tag after its
    // own (`[REDACTED:<12 hex><12 hex>]`); the same token in a body has its own tag only:
    // the secret's tag is what is compared.
    let mut h = std::collections::hash_map::DefaultHasher::new();
    match crate::record::redact::placeholder_secret_tag(v) {
        Some(t) => (0u8, t).hash(&mut h),
        None => (1u8, v).hash(&mut h),
    }
    Some(h.finish())
}

/// Who is calling (AUTH-006 / TASK-009: tasks are scoped to the caller): a 64-bit hash of
/// the credentials request `x` carries, i.e. `Authorization`, `X-API-Key`, the card's
/// credential `headers` (lowercased names) and credential `query` parameters; `Cookie`
/// only when none of those is there. Tagged redaction placeholders compare like the
/// secrets they stand for. `None` when the request carries no credential, or one redacted
/// without a tag (`[REDACTED]`), which is then compared with nothing.
pub(super) fn caller_fingerprint(x: &Exch, headers: &[String], query: &[String]) -> Option<u64> {
    use std::hash::{Hash, Hasher};
    let mut parts: Vec<(&str, String)> = Vec::new();
    for n in ["authorization", "x-api-key"]
        .into_iter()
        .chain(headers.iter().map(String::as_str))
        .filter(|n| *n != "cookie")
    {
        if parts.iter().any(|(k, _)| *k == n) {
            continue;
        }
        if let Some(v) = x
            .req_headers
            .get(n)
            .map(str::trim)
            .filter(|v| !v.is_empty())
        {
            parts.push((n, v.to_string()));
        }
    }
    for q in query {
        if let Some(v) = query_param(&x.url, q) {
            parts.push((q.as_str(), v.to_string()));
        }
    }
    if parts.is_empty() {
        if let Some(v) = x
            .req_headers
            .get("cookie")
            .map(str::trim)
            .filter(|v| !v.is_empty())
        {
            parts.push(("cookie", v.to_string()));
        }
    }
    if parts.is_empty()
        || parts
            .iter()
            .any(|(_, v)| v.contains(crate::record::redact::REDACTED))
    {
        return None;
    }
    let mut h = std::collections::hash_map::DefaultHasher::new();
    parts.hash(&mut h);
    Some(h.finish())
}

/// The [`PushSecret`] of the push config whose `url` is at `url_ptr` in the call's params.
pub(super) fn push_config_secret(c: &Call, url_ptr: &str) -> PushSecret {
    let Some(cfg) = push_config_at(c, url_ptr) else {
        return PushSecret::default();
    };
    let nonempty = |v: Option<&Json>| {
        v.and_then(Json::as_str)
            .map(str::trim)
            .filter(|t| !t.is_empty())
            .and_then(fingerprint)
    };
    let http_cred = cfg.get("authentication").and_then(|a| {
        if http_auth_schemes(a) {
            nonempty(a.get("credentials"))
        } else {
            None
        }
    });
    let http_cred_b64 = cfg.get("authentication").and_then(|a| {
        let basic = a
            .get("scheme")
            .and_then(Json::as_str)
            .is_some_and(|s| s.eq_ignore_ascii_case("basic"));
        let cred = a.get("credentials")?.as_str()?.trim();
        // a placeholder's encoding is nothing an agent sends (the recorder tags Basic
        // `user:password` credentials as their encoding already)
        if !basic || cred.is_empty() || crate::record::redact::is_placeholder(cred) {
            return None;
        }
        use base64::Engine as _;
        fingerprint(&base64::engine::general_purpose::STANDARD.encode(cred))
    });
    // The task: a Create call names it (params `taskId`; 0.1/0.2 `tasks/pushNotification/set`
    // names it `id` beside the nested `pushNotificationConfig`; REST: the route's `{id}`); a
    // send creates its task, so its config's task is not known from the request.
    let task = if c.op == Some(Op::CreatePushConfig) {
        c.route_task.clone().or_else(|| {
            member_path(c.params.json(), "/taskId")
                .or_else(|| {
                    c.params
                        .get("pushNotificationConfig")
                        .filter(|p| p.is_object())
                        .and(c.params.get("id"))
                })
                .and_then(Json::as_str)
                .map(str::to_string)
        })
    } else {
        None
    };
    let schemes = cfg
        .get("authentication")
        .filter(|a| http_auth_schemes(a))
        .map(|a| {
            a.get("scheme")
                .and_then(Json::as_str)
                .into_iter()
                .chain(
                    a.get("schemes")
                        .and_then(Json::as_array)
                        .into_iter()
                        .flatten()
                        .filter_map(Json::as_str),
                )
                .map(|s| s.trim().to_string())
                .filter(|s| !s.is_empty())
                .take(8)
                .collect()
        })
        .unwrap_or_default();
    PushSecret {
        task,
        token: nonempty(cfg.get("token")),
        http_cred,
        http_cred_b64,
        schemes,
        ..PushSecret::default()
    }
}

#[cfg(test)]
mod tests {
    use super::normalized_member_name;

    #[test]
    fn member_names_are_compared_without_case_dashes_and_underscores() {
        let mut buf = [0u8; 32];
        assert_eq!(
            normalized_member_name("X-API_Key", &mut buf),
            Some("xapikey")
        );
        assert_eq!(
            normalized_member_name("access_token", &mut buf),
            Some("accesstoken")
        );
        assert_eq!(normalized_member_name("", &mut buf), Some(""));
        // 32 letters fit, 33 do not; dashes and underscores do not count
        let long = "a".repeat(32);
        assert_eq!(normalized_member_name(&long, &mut buf), Some(long.as_str()));
        assert_eq!(normalized_member_name(&"a".repeat(33), &mut buf), None);
        assert_eq!(
            normalized_member_name(&format!("{long}__--"), &mut buf),
            Some(long.as_str())
        );
        // a non-ASCII name is no name of the lists
        assert_eq!(normalized_member_name("tökén", &mut buf), None);
    }
}

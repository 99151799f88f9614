/*!
`--rewrite-card`: make an Agent Card served through the proxy advertise the proxy.

An agent behind a reverse proxy advertises its own address (CARD-005 1.0
`supportedInterfaces[].url`; CARD-006 0.3 `url`, `additionalInterfaces[].url`); a client
that follows it bypasses the proxy. For responses to `GET …/.well-known/agent-card.json`
(1.0, 0.3) or `GET …/.well-known/agent.json` (0.2, CARD-002) the proxy buffers the body (at
most [`CARD_CAP`] bytes), rewrites the URLs that point at the route's upstream to the
client-facing base, keeps key order, and serves the new body. The agent's original bytes
stay in the recording (`response_chunk`); the served body is a `card_rewrite` event with
the JSON Pointers it changed. A card that carries JWS `signatures` is served untouched
and recorded as `card_rewrite_skipped` ([`signature_count_in`]): a signature covers the
card's URLs (CARD-010), and a rewritten card would be refused by every client that checks it.

The authenticated extended card (CARD-007, AUTH-005) is rewritten the same way, with the
same cap, skip and warning rules: the 1.0 REST `GET …/extendedAgentCard` and 0.3 REST
`GET …/v1/card` bodies ([`is_extended_card_path`]), and the card inside the `result` of a
JSON-RPC `GetExtendedAgentCard` (1.0) or `agent/getAuthenticatedExtendedCard` (0.3) answer
([`EXTENDED_CARD_METHODS`]; pointers then start with `/result`). A client that switches to
the extended card would otherwise leave the proxy.
*/

use serde_json::Value;
use url::Url;

/// Largest card body buffered for rewriting (1 MiB); bigger ones pass unchanged.
pub const CARD_CAP: usize = 1024 * 1024;

/// True for a client path naming an Agent Card (`/.well-known/agent-card.json` or
/// `/.well-known/agent.json`, under any prefix).
pub fn is_card_path(path: &str) -> bool {
    path.ends_with("/.well-known/agent-card.json") || path.ends_with("/.well-known/agent.json")
}

/// True for a client path naming the authenticated extended card over REST: 1.0
/// `…/extendedAgentCard` (with or without a tenant segment) and 0.3 `…/v1/card` (CARD-007).
pub fn is_extended_card_path(path: &str) -> bool {
    path.ends_with("/extendedAgentCard") || path.ends_with("/v1/card")
}

/// JSON-RPC methods whose `result` is an Agent Card, as they appear quoted in a request
/// body: 1.0 `GetExtendedAgentCard`, 0.3 `agent/getAuthenticatedExtendedCard` (CARD-007).
pub const EXTENDED_CARD_METHODS: [&[u8]; 2] = [
    b"\"GetExtendedAgentCard\"",
    b"\"agent/getAuthenticatedExtendedCard\"",
];

/// Decodes a card body by its `Content-Encoding` (a list, undone last first: RFC 9110 §8.4;
/// see [`crate::model::coding`]).
///
/// # Errors
/// The coding is unknown, the bytes do not decode, or the decoded card exceeds [`CARD_CAP`]
/// bytes.
pub fn decode(
    body: &[u8],
    content_encoding: Option<&str>,
) -> Result<Vec<u8>, crate::model::coding::CodingError> {
    crate::model::coding::decode(content_encoding, body, CARD_CAP).map(|b| b.into_owned())
}

/// The client-facing base the card's URLs are rewritten to: `origin` (`scheme://authority`
/// as the client addressed the proxy) without any userinfo, then the route's `prefix`
/// (`/` adds nothing). An absolute-form request line may carry `user:password@` (RFC 3986
/// §3.2.1); it names the client's credentials, not the proxy, so it never goes into the
/// card served back nor into the recorded `card_rewrite` event (CARD-011).
pub fn client_base(origin: &str, prefix: &str) -> String {
    let (scheme, authority) = match origin.split_once("://") {
        Some((s, a)) => (Some(s), a),
        None => (None, origin),
    };
    // The authority ends at the first `/`, `?` or `#`; userinfo is what precedes its last `@`.
    let end = authority.find(['/', '?', '#']).unwrap_or(authority.len());
    let host_port = match authority[..end].rfind('@') {
        Some(at) => &authority[at + 1..end],
        None => &authority[..end],
    };
    let mut out = match scheme {
        Some(s) => format!("{s}://{host_port}"),
        None => host_port.to_string(),
    };
    if prefix != "/" {
        out.push_str(prefix);
    }
    out
}

/// `public` (a `--public-url` or [`forwarded_origin`] base: `scheme://authority[/path]`, no
/// trailing slash) followed by the route's `prefix` (`/` adds nothing): the base a card
/// rewritten behind a TLS or path-prefix front advertises (CARD-005, breaker16b T10).
pub fn public_base(public: &str, prefix: &str) -> String {
    let mut out = public.trim_end_matches('/').to_string();
    if prefix != "/" {
        out.push_str(prefix);
    }
    out
}

/// `--public-url URL` checked and normalised: an absolute `http` or `https` URL with a host,
/// no userinfo, query or fragment; returned without a trailing slash
/// (`https://agents.example.com/agents/x/` -> `https://agents.example.com/agents/x`).
///
/// Errors: a one-line cause naming what is wrong.
pub fn public_url(s: &str) -> Result<String, String> {
    let u = Url::parse(s.trim()).map_err(|e| {
        format!(
            "{s:?} is not an absolute URL ({})",
            crate::model::net::url_parse_why(s, e)
        )
    })?;
    if !matches!(u.scheme(), "http" | "https") {
        return Err(format!("{s:?}: the scheme must be http or https"));
    }
    if u.host_str().is_none_or(str::is_empty) {
        return Err(format!("{s:?} names no host"));
    }
    if !u.username().is_empty() || u.password().is_some() {
        return Err(format!(
            "{s:?} carries credentials (user:password@): a card must not (CARD-011)"
        ));
    }
    if u.query().is_some() || u.fragment().is_some() {
        return Err(format!("{s:?}: a base URL has no query or fragment"));
    }
    Ok(u.as_str().trim_end_matches('/').to_string())
}

/// [`crate::model::net::forwarded_origin`] of a request's header fields: the public
/// origin (`scheme://host[/prefix]`) a front reports, for `--trust-forwarded`.
pub fn forwarded_origin(headers: &http::HeaderMap, origin: &str) -> Option<String> {
    crate::model::net::forwarded_origin(|n| headers.get(n).and_then(|v| v.to_str().ok()), origin)
}

/// Rewrites the advertised URLs of card `body` that point at `upstream` (same scheme, same
/// host, or both loopback, same port, path under the upstream's base path) to
/// `client_base` (`http://host:port/prefix`, no trailing slash) + the rest of the path.
///
/// Returns the new body (compact JSON, keys in the original order) and the JSON Pointers
/// changed; `None` when the body is not a JSON object or nothing pointed at the upstream.
pub fn rewrite(body: &[u8], upstream: &Url, client_base: &str) -> Option<(Vec<u8>, Vec<String>)> {
    rewrite_in(body, None, upstream, client_base)
}

/// [`rewrite`] of the card at top-level member `member` of `body` (`result` of a JSON-RPC
/// answer) when given; the pointers then start with `/member`. `None` also when `body` has
/// no object there (a JSON-RPC error).
pub fn rewrite_in(
    body: &[u8],
    member: Option<&str>,
    upstream: &Url,
    client_base: &str,
) -> Option<(Vec<u8>, Vec<String>)> {
    let mut doc: Value = serde_json::from_slice(body).ok()?;
    let card = match member {
        Some(m) => doc.get_mut(m)?,
        None => &mut doc,
    };
    let obj = card.as_object_mut()?;
    let at = member.map(|m| format!("/{m}")).unwrap_or_default();
    let mut pointers = Vec::new();
    // Walk the keys in document order so the pointers come out in that order too.
    for (key, val) in obj.iter_mut() {
        if key == "url" {
            // 0.3 / 0.2: top-level `url`.
            if rewrite_value(val, upstream, client_base) {
                pointers.push(format!("{at}/url"));
            }
        } else if key == "additionalInterfaces" || key == "supportedInterfaces" {
            // 0.3: `additionalInterfaces[].url`; 1.0: `supportedInterfaces[].url`.
            let Value::Array(items) = val else { continue };
            for (i, it) in items.iter_mut().enumerate() {
                if let Some(v) = it.get_mut("url") {
                    if rewrite_value(v, upstream, client_base) {
                        pointers.push(format!("{at}/{key}/{i}/url"));
                    }
                }
            }
        }
    }
    if pointers.is_empty() {
        return None;
    }
    let out = serde_json::to_vec(&doc).ok()?;
    Some((out, pointers))
}

/// Number of JWS signatures the card carries: the length of its `signatures` array (1.0
/// `AgentCard.signatures`, 0.3 `signatures`; CARD-010), at top-level member `member` of
/// `body` when given (`result` of a JSON-RPC answer). A signature covers the JCS of the
/// whole card minus `signatures`, URLs included, so a card with one or more cannot be
/// rewritten without invalidating them. 0 when the body is not JSON or has no such array.
pub fn signature_count_in(body: &[u8], member: Option<&str>) -> usize {
    let Ok(doc) = serde_json::from_slice::<Value>(body) else {
        return 0;
    };
    let card = match member {
        Some(m) => doc.get(m),
        None => Some(&doc),
    };
    card.and_then(|c| c.get("signatures"))
        .and_then(Value::as_array)
        .map_or(0, Vec::len)
}

/// The advertised URLs of card `body` (0.2/0.3 `url`, `additionalInterfaces[].url`, 1.0
/// `supportedInterfaces[].url`) that `--rewrite-card` leaves alone although they do not
/// point at the proxy: neither under `upstream` nor already under `client_base`. A client
/// that follows them bypasses the recorder (CARD-005). Each URL once, in card order; empty
/// when the body is not a JSON object.
pub fn unrewritable_urls(body: &[u8], upstream: &Url, client_base: &str) -> Vec<String> {
    unrewritable_urls_in(body, None, upstream, client_base)
}

/// [`unrewritable_urls`] of the card at top-level member `member` of `body` when given.
pub fn unrewritable_urls_in(
    body: &[u8],
    member: Option<&str>,
    upstream: &Url,
    client_base: &str,
) -> Vec<String> {
    let Ok(doc) = serde_json::from_slice::<Value>(body) else {
        return Vec::new();
    };
    let Some(Value::Object(card)) = (match member {
        Some(m) => doc.get(m),
        None => Some(&doc),
    }) else {
        return Vec::new();
    };
    let mut urls: Vec<&str> = Vec::new();
    if let Some(u) = card.get("url").and_then(Value::as_str) {
        urls.push(u);
    }
    for key in ["additionalInterfaces", "supportedInterfaces"] {
        if let Some(Value::Array(items)) = card.get(key) {
            urls.extend(items.iter().filter_map(|i| i.get("url")?.as_str()));
        }
    }
    let base = client_base.trim_end_matches('/');
    let mut out: Vec<String> = urls
        .into_iter()
        .filter(|u| {
            let http = u.starts_with("http://") || u.starts_with("https://");
            http && !u.starts_with(base) && rewrite_url(u, upstream, client_base).is_none()
        })
        .map(str::to_string)
        .collect();
    // A card names one URL in several places (0.3 `url` and `additionalInterfaces`, 1.0
    // `supportedInterfaces` once per protocol version): each is said once, in card order
    // (newcomer25 N3: the hybrid SDK card listed each URL three times).
    let mut seen = std::collections::HashSet::new();
    out.retain(|u| seen.insert(u.clone()));
    out
}

fn rewrite_value(v: &mut Value, upstream: &Url, client_base: &str) -> bool {
    let Some(s) = v.as_str() else {
        return false;
    };
    match rewrite_url(s, upstream, client_base) {
        Some(new) if new != s => {
            *v = Value::String(new);
            true
        }
        _ => false,
    }
}

/// One advertised URL mapped to the client-facing base, if it points at `upstream`.
pub fn rewrite_url(advertised: &str, upstream: &Url, client_base: &str) -> Option<String> {
    let u = Url::parse(advertised).ok()?;
    if u.scheme() != upstream.scheme()
        || u.port_or_known_default() != upstream.port_or_known_default()
    {
        return None;
    }
    let (h1, h2) = (u.host_str()?, upstream.host_str()?);
    // loopback names and the bind-all address (an agent advertising the 0.0.0.0 it listens
    // on, reached here at 127.0.0.1) are this host: one listener (newcomer31 N5)
    let same_host = h1.eq_ignore_ascii_case(h2) || (is_local(h1) && is_local(h2));
    if !same_host {
        return None;
    }
    let base = upstream.path().trim_end_matches('/');
    let path = u.path();
    let rest = if base.is_empty() {
        path
    } else if path == base {
        ""
    } else if path.starts_with(base) && path[base.len()..].starts_with('/') {
        &path[base.len()..]
    } else {
        return None;
    };
    let mut out = format!("{}{}", client_base.trim_end_matches('/'), rest);
    if out.ends_with("//") {
        out.pop();
    }
    if let Some(q) = u.query() {
        out.push('?');
        out.push_str(q);
    }
    if let Some(f) = u.fragment() {
        out.push('#');
        out.push_str(f);
    }
    Some(out)
}

/// A loopback name or address, or the bind-all address (`0.0.0.0`, `[::]`), which a
/// connect on this host reaches this host by.
fn is_local(host: &str) -> bool {
    is_loopback(host)
        || host
            .trim_start_matches('[')
            .trim_end_matches(']')
            .parse::<std::net::IpAddr>()
            .is_ok_and(|ip| ip.is_unspecified())
}

fn is_loopback(host: &str) -> bool {
    let h = host.trim_start_matches('[').trim_end_matches(']');
    h.eq_ignore_ascii_case("localhost")
        || h.parse::<std::net::IpAddr>()
            .map(|ip| ip.is_loopback())
            .unwrap_or(false)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn up(s: &str) -> Url {
        Url::parse(s).unwrap()
    }

    #[test]
    fn rewrites_urls_under_the_upstream_keeping_order() {
        let body = br#"{"name":"a","url":"http://127.0.0.1:9000/api/rpc","zeta":1,"additionalInterfaces":[{"url":"http://localhost:9000/api/rest","transport":"HTTP+JSON"},{"url":"https://elsewhere/x","transport":"GRPC"}],"alpha":2}"#;
        let (out, ptrs) = rewrite(
            body,
            &up("http://127.0.0.1:9000/api"),
            "http://proxy:8080/a",
        )
        .unwrap();
        let s = String::from_utf8(out).unwrap();
        assert_eq!(
            s,
            r#"{"name":"a","url":"http://proxy:8080/a/rpc","zeta":1,"additionalInterfaces":[{"url":"http://proxy:8080/a/rest","transport":"HTTP+JSON"},{"url":"https://elsewhere/x","transport":"GRPC"}],"alpha":2}"#
        );
        assert_eq!(ptrs, ["/url", "/additionalInterfaces/0/url"]);
    }

    #[test]
    fn v1_supported_interfaces_and_root_prefix() {
        let body = br#"{"supportedInterfaces":[{"url":"http://127.0.0.1:9000/","protocolBinding":"JSONRPC"}]}"#;
        let (out, ptrs) =
            rewrite(body, &up("http://127.0.0.1:9000"), "http://127.0.0.1:8080").unwrap();
        assert_eq!(
            String::from_utf8(out).unwrap(),
            r#"{"supportedInterfaces":[{"url":"http://127.0.0.1:8080/","protocolBinding":"JSONRPC"}]}"#
        );
        assert_eq!(ptrs, ["/supportedInterfaces/0/url"]);
    }

    #[test]
    fn pointers_follow_document_order() {
        let body = br#"{"supportedInterfaces":[{"url":"http://h:1/"}],"url":"http://h:1/"}"#;
        let (_, ptrs) = rewrite(body, &up("http://h:1"), "http://p:2").unwrap();
        assert_eq!(ptrs, ["/supportedInterfaces/0/url", "/url"]);
    }

    #[test]
    fn other_port_path_or_non_json_is_left_alone() {
        let u = up("http://127.0.0.1:9000/api");
        assert!(rewrite_url("http://127.0.0.1:9001/api", &u, "http://p").is_none());
        assert!(rewrite_url("http://127.0.0.1:9000/apix", &u, "http://p").is_none());
        assert!(rewrite(b"not json", &u, "http://p").is_none());
        assert!(rewrite(br#"{"url":"http://other/"}"#, &u, "http://p").is_none());
        assert_eq!(
            rewrite_url("http://127.0.0.1:9000/api?x=1", &u, "http://p/a").as_deref(),
            Some("http://p/a?x=1")
        );
    }

    #[test]
    fn decodes_gzip_and_refuses_unknown_encodings() {
        use std::io::Write;
        let mut enc = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
        enc.write_all(b"{\"a\":1}").unwrap();
        let gz = enc.finish().unwrap();
        assert_eq!(decode(&gz, Some("gzip")).unwrap(), b"{\"a\":1}");
        assert!(decode(b"x", Some("zstd")).is_err());
        assert!(decode(b"\x00garbage", Some("gzip")).is_err());
    }

    #[test]
    fn client_base_drops_userinfo_and_keeps_prefix() {
        assert_eq!(
            client_base("http://user:SECRET@127.0.0.1:8080", "/"),
            "http://127.0.0.1:8080"
        );
        assert_eq!(client_base("http://tok@h", "/a2a"), "http://h/a2a");
        assert_eq!(
            client_base("https://[::1]:8443", "/p"),
            "https://[::1]:8443/p"
        );
        assert_eq!(client_base("http://a:b@c@h:1", "/"), "http://h:1");
    }

    #[test]
    fn extended_card_in_a_json_rpc_result_is_rewritten_with_result_pointers() {
        let body = br#"{"jsonrpc":"2.0","id":7,"result":{"supportedInterfaces":[{"url":"http://127.0.0.1:9999/a2a","protocolBinding":"JSONRPC"}],"name":"n"}}"#;
        let (out, ptrs) = rewrite_in(
            body,
            Some("result"),
            &up("http://127.0.0.1:9999"),
            "http://127.0.0.1:8080",
        )
        .unwrap();
        assert_eq!(ptrs, ["/result/supportedInterfaces/0/url"]);
        assert_eq!(
            std::str::from_utf8(&out).unwrap(),
            r#"{"jsonrpc":"2.0","id":7,"result":{"supportedInterfaces":[{"url":"http://127.0.0.1:8080/a2a","protocolBinding":"JSONRPC"}],"name":"n"}}"#
        );
        // a JSON-RPC error has no card
        let err = br#"{"jsonrpc":"2.0","id":7,"error":{"code":-32007,"message":"no"}}"#;
        assert!(rewrite_in(
            err,
            Some("result"),
            &up("http://127.0.0.1:9999"),
            "http://p"
        )
        .is_none());
        let foreign = br#"{"result":{"supportedInterfaces":[{"url":"http://10.1.1.1:9999/"}]}}"#;
        assert_eq!(
            unrewritable_urls_in(
                foreign,
                Some("result"),
                &up("http://127.0.0.1:9999"),
                "http://p"
            ),
            ["http://10.1.1.1:9999/"]
        );
        assert!(is_extended_card_path("/extendedAgentCard"));
        assert!(is_extended_card_path("/tenant/extendedAgentCard"));
        assert!(is_extended_card_path("/v1/card"));
        assert!(!is_extended_card_path("/v1/cards"));
    }

    #[test]
    fn signatures_are_counted_on_the_card_or_its_result_member() {
        let card = br#"{"name":"a","signatures":[{"protected":"e30","signature":"AA"}]}"#;
        assert_eq!(signature_count_in(card, None), 1);
        let rpc = br#"{"jsonrpc":"2.0","id":1,"result":{"signatures":[{},{}]}}"#;
        assert_eq!(signature_count_in(rpc, Some("result")), 2);
        assert_eq!(signature_count_in(rpc, None), 0);
        assert_eq!(signature_count_in(br#"{"signatures":[]}"#, None), 0);
        assert_eq!(signature_count_in(br#"{"signatures":"x"}"#, None), 0);
        assert_eq!(signature_count_in(b"not json", None), 0);
    }

    #[test]
    fn card_paths() {
        assert!(is_card_path("/.well-known/agent-card.json"));
        assert!(is_card_path("/a/b/.well-known/agent.json"));
        assert!(!is_card_path("/.well-known/agent-card.jsonx"));
    }

    #[test]
    fn urls_on_another_host_are_reported_as_unrewritable() {
        let up = Url::parse("http://127.0.0.1:9993").unwrap();
        let card = br#"{"url":"http://agent.internal:9993/","additionalInterfaces":[{"url":"http://127.0.0.1:9993/v1","transport":"HTTP+JSON"},{"url":"http://127.0.0.1:8080/x","transport":"GRPC"}]}"#;
        assert_eq!(
            unrewritable_urls(card, &up, "http://127.0.0.1:8080"),
            vec!["http://agent.internal:9993/".to_string()]
        );
        assert!(unrewritable_urls(b"[1]", &up, "http://127.0.0.1:8080").is_empty());
    }
}

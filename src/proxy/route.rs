/*!
Reverse-proxy routing: `--upstream URL` is the route `/`; `--route /prefix=URL` adds one.
The longest prefix that matches whole path segments wins; the prefix is stripped and the
rest of the path is appended to the upstream's base path (query kept).
*/

use url::Url;

use crate::record::Route;

/// Parses `--route` text `/prefix=URL`. Errors name what is wrong, for a one-line exit 2.
///
/// Blanks around the prefix and the URL are dropped (newcomer57: `--route "/a =
/// http://h:9999"` made the prefix `/a%20`, which no request path matches, and the banner
/// said `route /a%20 -> ...` with no word of it). A value in quotes (the shell passed
/// them on) and a value without `=` are refused with the `--route` to give instead.
pub fn parse_route(s: &str) -> Result<Route, String> {
    let t = s.trim();
    if let Some(inner) = quoted(t) {
        return Err(format!(
            "route {s:?} is in quotes, which the shell passed on as part of the value (quoted twice, or read from a file that quotes it); hint: remove them: --route {}",
            inner.trim()
        ));
    }
    let Some((prefix, url)) = t.split_once('=') else {
        return Err(format!(
            "route {s:?} is not PREFIX=URL (e.g. /agent=http://127.0.0.1:9999); hint: {}",
            route_hint(t)
        ));
    };
    let prefix = prefix.trim();
    if !prefix.starts_with('/') {
        return Err(format!(
            "route prefix {prefix:?} must start with '/'; hint: --route /{}={url}",
            prefix.trim_start_matches('/')
        ));
    }
    // blanks around a pasted URL are dropped by the URL parser: the route drops them too
    let url = url.trim();
    check_upstream(url)?;
    Ok(Route {
        prefix: normalize_prefix(prefix),
        upstream: url.to_string(),
        leg: None,
    })
}

/// The `--route` to give for a value `t` without `=`: a URL alone (`http://h:9999`) is
/// `--upstream` (every path) or needs a prefix; a prefix and URL with another separator
/// (`/a:http://h`, `/a http://h`, `/a->http://h`) is `/a=http://h`; a prefix alone
/// needs the agent's URL after `=`.
fn route_hint(t: &str) -> String {
    let at = ["http://", "https://"]
        .iter()
        .filter_map(|scheme| t.to_ascii_lowercase().find(scheme))
        .min();
    match at {
        Some(0) => format!(
            "--upstream {t} sends every path to it; --route /agent={t} only the paths under /agent"
        ),
        Some(i) if t.starts_with('/') => {
            let prefix = t[..i].trim_end_matches([' ', ':', '-', '>', ',', '\t']);
            format!("--route {}={}", prefix, &t[i..])
        }
        _ if t.starts_with('/') => {
            format!("put the agent's URL after '=': --route {t}=http://127.0.0.1:9999")
        }
        _ => "--route /PREFIX=URL, e.g. --route /agent=http://127.0.0.1:9999".into(),
    }
}

/// The text inside one pair of quotes around all of `t` (`"..."`, `'...'`, `` `...` ``,
/// `“...”`, `‘...’`): quotes the shell passed on as part of a value (it was quoted twice,
/// or read from a file or an env file that quotes it). `None` when `t` is not so quoted.
pub fn quoted(t: &str) -> Option<&str> {
    let first = t.chars().next()?;
    let close = match first {
        '"' | '\'' | '`' => first,
        '“' => '”',
        '‘' => '’',
        _ => return None,
    };
    let inner = t.strip_prefix(first)?.strip_suffix(close)?;
    (!inner.is_empty()).then_some(inner)
}

/// What to do about a URL that does not parse: add the scheme when there is none
/// (`127.0.0.1:9999` -> `http://127.0.0.1:9999`), else show the shape.
pub fn url_hint(url: &str) -> String {
    let t = url.trim();
    // newcomer57: `--upstream "'http://h:9999'"` got "give http(s)://host[:port][/path]",
    // which it looks like, quotes aside
    if let Some(inner) = quoted(t) {
        return format!(
            "remove the quotes around it, which the shell passed on as part of the value (quoted twice, or read from a file that quotes it): {}",
            inner.trim()
        );
    }
    if let Some(h) = file_hint(t) {
        return h;
    }
    if let Some(h) = unix_socket_hint(t) {
        return h;
    }
    // a port alone (`9999`, `:9999`) is no host: `http://9999` would name host 9999
    // (ux36: the hint said just that)
    let port = t.strip_prefix(':').unwrap_or(t);
    if !port.is_empty() && port.len() <= 5 && port.bytes().all(|b| b.is_ascii_digit()) {
        format!("a port alone is no URL; on this machine: http://127.0.0.1:{port}")
    } else if !url.contains("://") && !t.is_empty() {
        format!("add the scheme: http://{t}")
    } else {
        "give http(s)://host[:port][/path], e.g. http://127.0.0.1:9999/".into()
    }
}

/// The hint for a regular file given where an agent's URL goes (`probe session.jsonl`,
/// `probe /tmp/run/probe.jsonl`: a recording meant for `verify`). newcomer48: the hint
/// was "add the scheme: http://session.jsonl", or, for an absolute path, a `socat` line
/// to reach a Unix socket at the recording's path. `None` when `path` names no regular
/// file.
pub fn file_hint(path: &str) -> Option<String> {
    if path.is_empty() || !std::fs::metadata(path).is_ok_and(|m| m.is_file()) {
        return None;
    }
    Some(format!(
        "{path:?} is a file here, not an agent's URL: a recording, HAR file or transcript is read by `a2a-interop verify {path}` (and report, export, repro); probe, interop and --upstream take the agent's base URL, http://HOST:PORT"
    ))
}

/// The hint for a Unix-socket or file path given where a URL goes (`/run/agent.sock`,
/// `./agent.sock`, `unix:///run/agent.sock`, `http+unix://...`): the proxy, `probe` and
/// `interop` reach agents over TCP only, and `http://` put before a path (`http:///run/
/// agent.sock`) names host `run` (ux42: the hint said to do just that). `None` for
/// anything else.
pub fn unix_socket_hint(url: &str) -> Option<String> {
    let t = url.trim();
    let lower = t.to_ascii_lowercase();
    let path = ["unix://", "http+unix://", "https+unix://", "unix:"]
        .iter()
        .find_map(|p| lower.strip_prefix(p).map(|_| &t[p.len()..]))
        .or_else(|| {
            let pathlike = t.starts_with('/')
                || t.starts_with("./")
                || t.starts_with("../")
                || (!t.contains("://") && lower.ends_with(".sock"));
            pathlike.then_some(t)
        })?;
    Some(format!(
        "{path:?} is a file path (a Unix socket?): agents are reached over TCP only, http://HOST:PORT; for an agent that listens on a Unix socket, put a TCP front before it (socat TCP-LISTEN:9999,bind=127.0.0.1,reuseaddr,fork UNIX-CONNECT:{path}) and give http://127.0.0.1:9999"
    ))
}

/// `Some(why)` when `url` has an empty authority, `http:///run/agent.sock` (`http://` put
/// before a path): the URL parser takes the path's first segment as the host (`run`),
/// so the URL would name a host nobody meant.
pub fn empty_authority(url: &str) -> Option<String> {
    let t = url.trim();
    let (scheme, rest) = t.split_once("://")?;
    if !rest.starts_with('/') || !matches!(scheme.to_ascii_lowercase().as_str(), "http" | "https") {
        return None;
    }
    Some(format!(
        "{url:?} has no host between {scheme}:// and its path; hint: {}",
        unix_socket_hint(rest).unwrap_or_else(|| "give http(s)://host[:port][/path]".into())
    ))
}

/// The agent's base URL when `url` is its Agent Card URL: a path ending in
/// `/.well-known/agent-card.json` (1.0, CARD-002) or `/.well-known/agent.json` (0.2), as
/// registries and READMEs list agents. `http://h:9999/.well-known/agent-card.json` gives
/// `http://h:9999`, `http://h/py/.well-known/agent.json` gives `http://h/py`; query and
/// fragment dropped. `None` for any other URL, or text that is no URL. An upstream is a
/// base the proxy puts each request's path under (CARD-001: the card is found under the
/// base), so a card URL given as `--upstream` sends `POST /` to
/// `/.well-known/agent-card.json/`, which no agent serves (newcomer56).
pub fn base_of_card_url(url: &str) -> Option<String> {
    let base = crate::model::card::base_of_card_url(&Url::parse(url.trim()).ok()?)?;
    Some(base.as_str().trim_end_matches('/').to_string())
}

/// Checks an upstream base URL: absolute `http://host[:port][/base]` or
/// `https://host[:port][/base]` (the proxy opens TLS to it, [`super::tls::UpstreamTrust`]).
/// Returns the parsed URL.
pub fn check_upstream(url: &str) -> Result<Url, String> {
    if let Some(why) = empty_authority(url) {
        return Err(format!("upstream URL {why}"));
    }
    let u = Url::parse(url).map_err(|e| {
        format!(
            "upstream URL {url:?} is not a valid URL: {}; hint: {}",
            crate::model::net::url_parse_why(url, e),
            url_hint(url)
        )
    })?;
    match u.scheme() {
        "http" | "https" => {}
        other => {
            let hint = unix_socket_hint(url).unwrap_or_else(|| {
                // `localhost:9999` reads as scheme `localhost`, path `9999`
                if u.cannot_be_a_base()
                    && !u.path().is_empty()
                    && u.path().bytes().all(|b| b.is_ascii_digit())
                {
                    format!("add the scheme: http://{}", url.trim())
                } else {
                    "A2A runs over HTTP: give http://host:port or https://host:port".into()
                }
            });
            return Err(format!(
                "upstream URL {url:?}: scheme {other:?} is not http or https; hint: {hint}"
            ));
        }
    }
    if u.host_str().is_none_or(str::is_empty) {
        return Err(format!("upstream URL {url:?} has no host"));
    }
    if let Some(why) = crate::model::net::zero_port(&u) {
        return Err(format!(
            "upstream URL {url:?}: {why}; hint: give the port the agent listens on"
        ));
    }
    Ok(u)
}

/// The prefix as request paths arrive (breaker10n N19): trailing `/` dropped, every byte a
/// path may not carry raw (non-ASCII, controls, space, `"<>\\^`{|}`) percent-encoded
/// (RFC 3986 §2.1; `/日本` is `/%E6%97%A5%E6%9C%AC`), and every escape's hex digits in
/// uppercase ([`upper_escapes`]), so a UTF-8 prefix matches its encoded request path.
fn normalize_prefix(p: &str) -> String {
    let t = p.trim_end_matches('/');
    if t.is_empty() {
        return "/".into();
    }
    let mut out = String::with_capacity(t.len());
    for &b in t.as_bytes() {
        if b.is_ascii_graphic() && !b"\"<>\\^`{|}".contains(&b) {
            out.push(b as char);
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    upper_escapes(&out).into_owned()
}

/// `s` with the hex digits of every `%XX` escape in uppercase (RFC 3986 §6.2.2.1: `%e6` and
/// `%E6` are the same byte); the same length as `s`, so offsets carry over. Borrowed when
/// there is nothing to change.
fn upper_escapes(s: &str) -> std::borrow::Cow<'_, str> {
    let b = s.as_bytes();
    // no escape at all (nearly every request path): one SIMD search, not a test per byte
    if memchr::memchr(b'%', b).is_none() {
        return std::borrow::Cow::Borrowed(s);
    }
    let lower_escape =
        |i: usize| b[i] == b'%' && b[i + 1..].iter().take(2).any(|c| c.is_ascii_lowercase());
    if !(0..b.len()).any(lower_escape) {
        return std::borrow::Cow::Borrowed(s);
    }
    let mut out = b.to_vec();
    let mut i = 0;
    while i < out.len() {
        if out[i] == b'%'
            && i + 2 < out.len()
            && out[i + 1].is_ascii_hexdigit()
            && out[i + 2].is_ascii_hexdigit()
        {
            out[i + 1].make_ascii_uppercase();
            out[i + 2].make_ascii_uppercase();
            i += 3;
        } else {
            i += 1;
        }
    }
    std::borrow::Cow::Owned(String::from_utf8(out).unwrap_or_else(|_| s.to_string()))
}

/// A resolved route: which one, and the URL to forward to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Target {
    /// Index into the route table given to [`RouteTable::new`].
    pub index: usize,
    /// Client-side prefix (normalized, `/` for the default route).
    pub prefix: String,
    /// Absolute upstream URL: upstream base + rest of the path + query.
    pub url: String,
    /// `url` as the `http::Uri` the request goes upstream with, put together from the
    /// route's scheme and authority (parsed once, when the table was made) and the path and
    /// query ([`RouteTable::resolve`]); `None` when not made so (forward mode): parse `url`.
    /// A whole parse of `url` per request was ~0.7k instructions more on the forwarding
    /// path, bare forwarder included (docs/performance.md, "Session 60").
    pub uri: Option<http::Uri>,
}

/// Routes with their parsed upstreams, matched longest prefix first.
#[derive(Clone, Debug)]
pub struct RouteTable {
    /// (index in the config, normalized prefix, upstream)
    entries: Vec<(usize, String, Url)>,
    /// Each entry's upstream `scheme://authority` ([`authority`]), in `entries`' order:
    /// made once, not with three `format!`s per request ([`RouteTable::resolve`]).
    origins: Vec<String>,
    /// Each origin's scheme and authority as `http::Uri` parts, in `entries`' order (`None`
    /// for one `http` does not parse: [`Target::uri`] is then `None`).
    origin_parts: Vec<Option<(http::uri::Scheme, http::uri::Authority)>>,
}

impl RouteTable {
    /// Builds the table. Errors: an upstream that is not a valid http or https URL.
    pub fn new(routes: &[Route]) -> Result<Self, String> {
        let mut entries = Vec::new();
        for (i, r) in routes.iter().enumerate() {
            let prefix = normalize_prefix(&r.prefix);
            // Two routes for one prefix: the second could never be reached.
            if let Some(&(j, _, _)) = entries
                .iter()
                .find(|e: &&(usize, String, Url)| e.1 == prefix)
            {
                return Err(format!(
                    "two routes for prefix {prefix}: {} and {} (each prefix routes to one upstream)",
                    routes[j].upstream, r.upstream
                ));
            }
            entries.push((i, prefix, check_upstream(&r.upstream)?));
        }
        entries.sort_by_key(|e| std::cmp::Reverse(e.1.len()));
        let origins: Vec<String> = entries
            .iter()
            .map(|(_, _, up)| format!("{}://{}", up.scheme(), authority(up)))
            .collect();
        let origin_parts = origins
            .iter()
            .map(|o| {
                let u: http::Uri = o.parse().ok()?;
                let p = u.into_parts();
                Some((p.scheme?, p.authority?))
            })
            .collect();
        Ok(RouteTable {
            entries,
            origins,
            origin_parts,
        })
    }

    /// Whether a route's upstream is `https://` (the proxy then needs its TLS client).
    pub fn has_https(&self) -> bool {
        self.entries.iter().any(|(_, _, u)| u.scheme() == "https")
    }

    /// The route prefixes (normalized, `/` for the default route), in the order given.
    pub fn prefixes(&self) -> Vec<&str> {
        let mut e: Vec<&(usize, String, Url)> = self.entries.iter().collect();
        e.sort_by_key(|e| e.0);
        e.into_iter().map(|e| e.1.as_str()).collect()
    }

    /// The upstream base URL of route `index`.
    pub fn upstream(&self, index: usize) -> Option<&Url> {
        self.entries.iter().find(|e| e.0 == index).map(|e| &e.2)
    }

    /// Resolves a request's `path` and optional `query`.
    pub fn resolve(&self, path: &str, query: Option<&str>) -> Option<Target> {
        // only origin-form paths route: `OPTIONS *` (asterisk-form, RFC 9112 §3.2.4) would
        // otherwise become `http://host:port*`, another port
        if !path.starts_with('/') {
            return None;
        }
        // escapes compared whatever the case of their hex digits (prefixes are stored in
        // uppercase); `upper_escapes` keeps lengths, so the rest is cut from `path` itself
        let cmp = upper_escapes(path);
        let entries = self
            .entries
            .iter()
            .zip(&self.origins)
            .zip(&self.origin_parts);
        for (((index, prefix, up), origin), parts) in entries {
            let rest = if prefix == "/" {
                path
            } else if cmp == prefix.as_str() {
                ""
            } else if cmp.starts_with(prefix.as_str()) && cmp[prefix.len()..].starts_with('/') {
                &path[prefix.len()..]
            } else {
                continue;
            };
            // `scheme://authority` + the upstream's base path + the rest of the path (the
            // base path alone when there is no rest, `/` when both are empty) + `?query`,
            // into one allocation of its final size (once per request on the forwarding
            // path, bare forwarder included: three `format!`s and four allocations before)
            let base = up.path().trim_end_matches('/');
            let path_len = if rest.is_empty() {
                up.path().len().max(1)
            } else {
                base.len() + rest.len()
            };
            let mut url =
                String::with_capacity(origin.len() + path_len + query.map_or(0, |q| q.len() + 1));
            url.push_str(origin);
            if rest.is_empty() {
                url.push_str(if up.path().is_empty() { "/" } else { up.path() });
            } else {
                url.push_str(base);
                url.push_str(rest);
            }
            if let Some(q) = query {
                url.push('?');
                url.push_str(q);
            }
            // the same `Uri` as `url.parse()`: the scheme and authority parsed once, the
            // path and query (what follows the origin in `url`) parsed here
            let uri = parts.as_ref().and_then(|(scheme, authority)| {
                let mut p = http::uri::Parts::default();
                p.scheme = Some(scheme.clone());
                p.authority = Some(authority.clone());
                p.path_and_query = http::uri::PathAndQuery::try_from(&url[origin.len()..]).ok();
                http::Uri::from_parts(p).ok()
            });
            return Some(Target {
                index: *index,
                prefix: prefix.clone(),
                url,
                uri,
            });
        }
        None
    }
}

/// `host[:port]` of an URL as it goes into a Host header.
pub fn authority(u: &Url) -> String {
    let host = u.host_str().unwrap_or("");
    match u.port() {
        Some(p) => format!("{host}:{p}"),
        None => host.to_string(),
    }
}

#[cfg(test)]
mod tests {

    /// newcomer57: blanks around `=` are dropped, quotes and a missing `=` get the
    /// `--route` to give; a legal route is as it was.
    #[test]
    fn routes_typed_at_two_in_the_morning_get_the_route_meant() {
        let r = parse_route("/a = http://127.0.0.1:9999 ").unwrap();
        assert_eq!(
            (r.prefix.as_str(), r.upstream.as_str()),
            ("/a", "http://127.0.0.1:9999")
        );
        let r = parse_route("/a=http://127.0.0.1:9999").unwrap();
        assert_eq!(
            (r.prefix.as_str(), r.upstream.as_str()),
            ("/a", "http://127.0.0.1:9999")
        );
        for (given, hint) in [
            ("/a", "hint: put the agent's URL after '=': --route /a=http://127.0.0.1:9999"),
            ("/a:http://h:9", "hint: --route /a=http://h:9"),
            ("/a http://h:9", "hint: --route /a=http://h:9"),
            ("/a->https://h", "hint: --route /a=https://h"),
            (
                "http://h:9",
                "hint: --upstream http://h:9 sends every path to it; --route /agent=http://h:9 only the paths under /agent",
            ),
            ("'/a=http://h:9'", "hint: remove them: --route /a=http://h:9"),
            ("\"/a=http://h:9\"", "hint: remove them: --route /a=http://h:9"),
        ] {
            let e = parse_route(given).unwrap_err();
            assert!(e.ends_with(hint), "{given}: {e}");
        }
        // the URL in quotes after `=`
        let e = parse_route("/a='http://h:9'").unwrap_err();
        assert!(e.ends_with("hint: remove the quotes around it, which the shell passed on as part of the value (quoted twice, or read from a file that quotes it): http://h:9"), "{e}");
        assert_eq!(quoted("“http://h”"), Some("http://h"));
        assert_eq!(quoted("'http://h"), None);
        assert_eq!(quoted("http://h/'a'"), None);
    }

    #[test]
    fn unparsable_urls_get_a_fix_and_localhost_listens() {
        assert_eq!(
            url_hint("127.0.0.1:9999"),
            "add the scheme: http://127.0.0.1:9999"
        );
        assert!(url_hint("http://[::1").starts_with("give http(s)://"));
        // a port alone names no host (ux36: the hint was `http://9999`)
        assert_eq!(
            url_hint("9999"),
            "a port alone is no URL; on this machine: http://127.0.0.1:9999"
        );
        assert_eq!(
            url_hint(":9999"),
            "a port alone is no URL; on this machine: http://127.0.0.1:9999"
        );
        assert_eq!(url_hint("agent"), "add the scheme: http://agent");
        // a Unix-socket path is no URL, and `http://` before it names host `run` (ux42)
        for path in ["/run/agent.sock", "./agent.sock", "agent.sock"] {
            let h = url_hint(path);
            assert!(h.contains("agents are reached over TCP only"), "{h}");
            assert!(!h.contains("http:///"), "{h}");
        }
        let e = check_upstream("http:///run/agent.sock").unwrap_err();
        assert!(
            e.contains("has no host between http:// and its path"),
            "{e}"
        );
        assert!(e.contains("UNIX-CONNECT:/run/agent.sock"), "{e}");
        let e = check_upstream("unix:///run/agent.sock").unwrap_err();
        assert!(e.contains("UNIX-CONNECT:/run/agent.sock"), "{e}");
        assert!(check_upstream("http://agent.sock:80/").is_ok());
        let e = check_upstream("localhost:9999").unwrap_err();
        assert!(
            e.ends_with("hint: add the scheme: http://localhost:9999"),
            "{e}"
        );
        // a pasted URL's blanks are not kept in the route
        assert_eq!(
            parse_route("/a=http://127.0.0.1:1 \n").unwrap().upstream,
            "http://127.0.0.1:1"
        );
        let e = check_upstream("127.0.0.1:9999").unwrap_err();
        assert!(
            e.ends_with("; hint: add the scheme: http://127.0.0.1:9999"),
            "{e}"
        );
        let e = parse_route("api=http://127.0.0.1:1").unwrap_err();
        assert!(
            e.ends_with("; hint: --route /api=http://127.0.0.1:1"),
            "{e}"
        );
        use crate::app::proxy_cmd::parse_listen;
        assert_eq!(
            parse_listen("localhost:8080"),
            Some("127.0.0.1:8080".parse().unwrap())
        );
        assert_eq!(
            parse_listen("[::1]:8080"),
            Some("[::1]:8080".parse().unwrap())
        );
        assert_eq!(parse_listen("localhost"), None);
        assert_eq!(parse_listen("example.test:80"), None);
    }

    use super::*;

    fn table(rs: &[(&str, &str)]) -> RouteTable {
        let routes: Vec<Route> = rs
            .iter()
            .map(|(p, u)| Route {
                prefix: p.to_string(),
                upstream: u.to_string(),
                leg: None,
            })
            .collect();
        RouteTable::new(&routes).unwrap()
    }

    /// breaker10n N19: a UTF-8 prefix matches the request path as clients send it
    /// (percent-encoded, hex digits in either case); the rest keeps its own escapes.
    #[test]
    fn unicode_prefixes_match_their_encoded_paths() {
        let t = table(&[
            ("/日本", "http://127.0.0.1:2/"),
            ("/a%2fb", "http://127.0.0.1:3"),
        ]);
        for path in [
            "/%E6%97%A5%E6%9C%AC/x%c3%a9",
            "/%e6%97%a5%e6%9c%ac/x%c3%a9",
            "/%E6%97%a5%E6%9C%Ac/x%c3%a9",
        ] {
            let r = t.resolve(path, None).unwrap_or_else(|| panic!("{path}"));
            assert_eq!((r.index, r.url.as_str()), (0, "http://127.0.0.1:2/x%c3%a9"));
            assert_eq!(r.prefix, "/%E6%97%A5%E6%9C%AC");
        }
        assert!(t.resolve("/%E6%97%A5x", None).is_none());
        assert_eq!(t.resolve("/a%2Fb/c", None).unwrap().index, 1);
        assert_eq!(parse_route("/a b=http://h:1").unwrap().prefix, "/a%20b");
        assert_eq!(upper_escapes("/%zz%4"), "/%zz%4");
    }

    /// Session 60: the target URL is put together without `format!` and its `Uri` from
    /// parts parsed once; both are what the old way made: `scheme://host[:port]` + base
    /// path + rest + `?query` (the text `format!` wrote), and `url.parse()` (the `Uri` the
    /// request went upstream with), for base paths with and without a final `/`, the
    /// default route, a bare prefix, queries, IPv6 hosts, https and default ports.
    #[test]
    fn targets_are_the_urls_and_uris_format_and_parse_made() {
        let t = table(&[
            ("/", "http://127.0.0.1:9000"),
            ("/a", "http://127.0.0.1:9001/base/"),
            ("/b", "https://agent.example.com/v1"),
            ("/c", "http://[::1]:9002/x"),
            ("/d", "http://h.example:80/"),
        ]);
        for (path, query) in [
            ("/", None),
            ("/rpc", Some("x=1&y=%41")),
            ("/a", None),
            ("/a/", Some("q")),
            ("/a/m/n", None),
            ("/b", None),
            ("/b/tasks/1", Some("historyLength=2")),
            ("/c/z", None),
            ("/d", Some("")),
            ("/d/%7Eu", None),
        ] {
            let r = t.resolve(path, query).unwrap_or_else(|| panic!("{path}"));
            let (_, prefix, up) = t.entries.iter().find(|e| e.0 == r.index).unwrap();
            let rest = if prefix == "/" {
                path
            } else {
                &path[prefix.len()..]
            };
            let new_path = if rest.is_empty() {
                up.path().to_string()
            } else {
                format!("{}{rest}", up.path().trim_end_matches('/'))
            };
            let mut want = format!("{}://{}", up.scheme(), authority(up));
            want.push_str(if new_path.is_empty() { "/" } else { &new_path });
            if let Some(q) = query {
                want.push('?');
                want.push_str(q);
            }
            assert_eq!(r.url, want, "{path} {query:?}");
            let parsed: http::Uri = want.parse().unwrap();
            assert_eq!(r.uri.as_ref(), Some(&parsed), "{path} {query:?}");
            assert_eq!(r.uri.unwrap().to_string(), parsed.to_string());
        }
    }

    #[test]
    fn duplicate_prefixes_are_refused() {
        let r = |p: &str, u: &str| Route {
            prefix: p.into(),
            upstream: u.into(),
            leg: None,
        };
        let e = RouteTable::new(&[
            r("/a", "http://127.0.0.1:1"),
            r("/a/", "http://127.0.0.1:2"),
        ])
        .err()
        .unwrap_or_default();
        assert!(e.contains("two routes for prefix /a"), "{e}");
        assert!(
            RouteTable::new(&[r("/a", "http://127.0.0.1:1"), r("/b", "http://127.0.0.1:2")])
                .is_ok()
        );
    }

    #[test]
    fn longest_prefix_wins_and_is_stripped() {
        let t = table(&[
            ("/", "http://127.0.0.1:1"),
            ("/a", "http://127.0.0.1:2/base"),
            ("/a/b", "http://127.0.0.1:3/"),
        ]);
        assert_eq!(
            t.resolve("/x", Some("q=1")).unwrap().url,
            "http://127.0.0.1:1/x?q=1"
        );
        let r = t.resolve("/a/rpc", None).unwrap();
        assert_eq!(
            (r.index, r.url.as_str()),
            (1, "http://127.0.0.1:2/base/rpc")
        );
        assert_eq!(
            t.resolve("/a", None).unwrap().url,
            "http://127.0.0.1:2/base"
        );
        assert_eq!(
            t.resolve("/a/b/c", None).unwrap().url,
            "http://127.0.0.1:3/c"
        );
        // Not a segment boundary: falls back to the root route.
        assert_eq!(t.resolve("/ab", None).unwrap().index, 0);
    }

    #[test]
    fn no_route_without_root() {
        let t = table(&[("/a/", "http://h:1")]);
        assert!(t.resolve("/b", None).is_none());
        assert_eq!(t.resolve("/a/", None).unwrap().url, "http://h:1/");
    }

    #[test]
    fn parse_errors_are_clear() {
        assert!(parse_route("noequals").unwrap_err().contains("PREFIX=URL"));
        assert!(parse_route("a=http://h")
            .unwrap_err()
            .contains("start with '/'"));
        assert!(parse_route("/a=ftp://h").unwrap_err().contains("not http"));
        assert_eq!(
            parse_route("/a=https://h:8443/x").unwrap().upstream,
            "https://h:8443/x"
        );
        assert!(!table(&[("/a", "http://h:1")]).has_https());
        assert!(table(&[("/a", "http://h:1"), ("/b", "https://h:2")]).has_https());
        assert_eq!(parse_route("/a/=http://h:1/x").unwrap().prefix, "/a");
    }

    #[test]
    fn only_origin_form_paths_route() {
        let t = table(&[("/", "http://127.0.0.1:19999")]);
        assert!(t.resolve("*", None).is_none());
        assert!(t.resolve("", None).is_none());
        assert_eq!(
            t.resolve("/x", None).map(|x| x.url),
            Some("http://127.0.0.1:19999/x".to_string())
        );
    }
}

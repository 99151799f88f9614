/*!
URL and host vocabulary for card-URL judgement (CARD-005, CARD-006) and webhook SSRF checks
(PUSH-006): origins, path segments, and host classes (loopback, bind-all, private,
link-local, cloud metadata, cluster-internal names).
*/

use std::net::IpAddr;

/// Where a host name or address points, from the point of view of a remote client.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HostClass {
    /// 127.0.0.0/8, ::1, `localhost`.
    Loopback,
    /// 0.0.0.0 or `::`: a bind address, never a destination.
    BindAll,
    /// 169.254.169.254 / fd00:ec2::254 / `metadata.google.internal`: cloud metadata.
    Metadata,
    /// 169.254.0.0/16, fe80::/10.
    LinkLocal,
    /// RFC 1918, 100.64/10 (CGNAT), fc00::/7.
    Private,
    /// `*.svc`, `*.svc.cluster.local`, `*.cluster.local`, `*.internal`, `*.local`,
    /// `*.localdomain`, single-label names: resolvable only inside one network.
    InternalName,
    /// Anything else.
    Public,
}

impl HostClass {
    /// True for classes a remote client cannot reach.
    pub fn is_internal(self) -> bool {
        self != HostClass::Public
    }

    /// Short words for messages (`loopback address`, ...).
    pub fn describe(self) -> &'static str {
        match self {
            HostClass::Loopback => "a loopback address",
            HostClass::BindAll => "a bind-all address",
            HostClass::Metadata => "a cloud metadata address",
            HostClass::LinkLocal => "a link-local address",
            HostClass::Private => "a private address",
            HostClass::InternalName => "a cluster-internal host name",
            HostClass::Public => "a public host",
        }
    }
}

/// Classifies a host (name or IP literal, brackets allowed).
pub fn host_class(host: &str) -> HostClass {
    let h = host
        .trim_start_matches('[')
        .trim_end_matches(']')
        .trim_end_matches('.');
    // An IP literal first, before lowering (the parser reads hex digits in either case): the
    // verifier asks for the client's host on every answer with a result, most often an
    // address, and the lowered copy was an allocation per exchange.
    if let Ok(ip) = h.parse::<IpAddr>() {
        return ip_class(ip);
    }
    let h = h.to_ascii_lowercase();
    if h == "localhost" || h.ends_with(".localhost") {
        return HostClass::Loopback;
    }
    if h == "metadata.google.internal" || h == "metadata" {
        return HostClass::Metadata;
    }
    const SUFFIXES: [&str; 6] = [
        ".svc",
        ".svc.cluster.local",
        ".cluster.local",
        ".internal",
        ".local",
        ".localdomain",
    ];
    if SUFFIXES.iter().any(|s| h.ends_with(s)) || !h.contains('.') {
        return HostClass::InternalName;
    }
    HostClass::Public
}

fn ip_class(ip: IpAddr) -> HostClass {
    match ip {
        IpAddr::V4(v4) => {
            let o = v4.octets();
            if v4.is_unspecified() {
                HostClass::BindAll
            } else if v4.is_loopback() {
                HostClass::Loopback
            } else if o == [169, 254, 169, 254] || o == [100, 100, 100, 200] {
                HostClass::Metadata
            } else if v4.is_link_local() {
                HostClass::LinkLocal
            } else if v4.is_private() || (o[0] == 100 && (64..128).contains(&o[1])) {
                HostClass::Private
            } else {
                HostClass::Public
            }
        }
        IpAddr::V6(v6) => {
            let s = v6.segments();
            if let Some(v4) = v6.to_ipv4_mapped() {
                return ip_class(IpAddr::V4(v4));
            }
            if v6.is_unspecified() {
                HostClass::BindAll
            } else if v6.is_loopback() {
                HostClass::Loopback
            } else if s[0] == 0xfd00 && s[1] == 0x0ec2 {
                HostClass::Metadata
            } else if (s[0] & 0xffc0) == 0xfe80 {
                HostClass::LinkLocal
            } else if (s[0] & 0xfe00) == 0xfc00 {
                HostClass::Private
            } else {
                HostClass::Public
            }
        }
    }
}

/// A parsed absolute URL: scheme, host, effective port, path (no query).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UrlParts {
    pub scheme: String,
    pub host: String,
    pub port: u16,
    pub path: String,
}

impl UrlParts {
    /// `scheme://host:port`.
    pub fn origin(&self) -> String {
        // Built by hand: the verifier makes one per exchange (`format!` was ~1,250
        // instructions here, most of them the formatting machinery).
        let mut o = String::with_capacity(self.scheme.len() + self.host.len() + 9);
        o.push_str(&self.scheme);
        o.push_str("://");
        o.push_str(&self.host);
        o.push(':');
        super::json::push_decimal(&mut o, u64::from(self.port));
        o
    }

    /// Whether `self` and `other` have one origin: `self.origin() == other.origin()`
    /// without building either string (scheme, host and port equal as parsed; a scheme
    /// has no `:`, so the two strings are equal exactly when the three parts are).
    pub fn same_origin(&self, other: &UrlParts) -> bool {
        self.port == other.port && self.scheme == other.scheme && self.host == other.host
    }

    /// Whether `self` and `other` name one listener: the same origin, or the same scheme
    /// and port on two names of this machine (`localhost`, `127.0.0.1`, `[::1]`, and the
    /// bind-all `0.0.0.0` / `[::]` a connect on this host reaches it by), as the proxy's
    /// `--rewrite-card` takes them (`proxy::card::rewrite_url`). A proxy given `--upstream
    /// http://localhost:9999` in front of an agent whose card names `http://127.0.0.1:9999`
    /// or `http://0.0.0.0:9999` forwards to that very agent (newcomer31 N1, N5).
    pub fn same_listener(&self, other: &UrlParts) -> bool {
        if self.port != other.port || !self.scheme.eq_ignore_ascii_case(&other.scheme) {
            return false;
        }
        let local = |h: &str| matches!(host_class(h), HostClass::Loopback | HostClass::BindAll);
        self.host.eq_ignore_ascii_case(&other.host) || (local(&self.host) && local(&other.host))
    }
}

/// An origin `scheme://host:port` ([`UrlParts::origin`]) as a person writes it: without
/// the scheme's default port (`https://a.test:443` -> `https://a.test`, `http://a.test:80`
/// -> `http://a.test`; RFC 6454 §6.1 serialises an origin so); any other origin as it is.
pub fn origin_shown(origin: &str) -> &str {
    origin
        .strip_suffix(":443")
        .filter(|o| o.starts_with("https://"))
        .or_else(|| {
            origin
                .strip_suffix(":80")
                .filter(|o| o.starts_with("http://"))
        })
        .unwrap_or(origin)
}

/// Parses an absolute http(s) URL; `None` for relative or unparseable ones.
///
/// The plain shape `http(s)://host[:port][/path][?query][#fragment]` (ASCII, lowercase
/// domain or canonical dotted IPv4, no userinfo, no dot segments, no percent escapes) is
/// read directly; everything else goes through `url::Url` (WHATWG URL Standard). Both give
/// the same parts (checked by the `fast_path_agrees_with_url` test).
pub fn parse_url(s: &str) -> Option<UrlParts> {
    let s = s.trim();
    if let Some(p) = parse_plain_url(s) {
        return Some(p);
    }
    parse_url_slow(s)
}

/// The host of an http(s) URL whose authority is an IPv6 literal with a zone identifier
/// (RFC 6874: `http://[fe80::1%25eth0]/`), which the WHATWG URL Standard, and so
/// [`parse_url`], refuses: the address without its zone (`fe80::1`); `None` for any other
/// URL. Used by the webhook SSRF check (PUSH-006), where such a URL still reaches a
/// link-local host.
pub fn zoned_ipv6_host(s: &str) -> Option<String> {
    let s = s.trim();
    let rest = s
        .get(..8)
        .filter(|p| p.eq_ignore_ascii_case("https://"))
        .map(|_| &s[8..])
        .or_else(|| {
            s.get(..7)
                .filter(|p| p.eq_ignore_ascii_case("http://"))
                .map(|_| &s[7..])
        })?;
    let inner = rest.strip_prefix('[')?;
    let (literal, _) = inner.split_once(']')?;
    // RFC 6874 writes the `%` before the zone as `%25`; browsers and curl also take a bare `%`.
    let (addr, zone) = literal
        .split_once("%25")
        .or_else(|| literal.split_once('%'))?;
    if zone.is_empty() {
        return None;
    }
    addr.parse::<std::net::Ipv6Addr>()
        .ok()
        .map(|a| a.to_string())
}

/// Why [`parse_url`] refused `s`, for a card-URL message after the URL: `is not an absolute
/// http(s) url`, or, for an IPv6 literal with a zone identifier ([`zoned_ipv6_host`]), that
/// WHATWG URL parsers refuse it and that a zone names one host's own network interface
/// (CARD-005, CARD-006; breaker23 W03).
pub fn unparsable_url_why(s: &str) -> &'static str {
    if zoned_ipv6_host(s).is_some() {
        "names an IPv6 address with a zone identifier (RFC 6874), which WHATWG URL parsers (browsers, most HTTP clients) refuse; a zone is a network interface of one host, so no remote client reaches it either"
    } else {
        "is not an absolute http(s) url"
    }
}

/// The `url::Url` reading of [`parse_url`].
fn parse_url_slow(s: &str) -> Option<UrlParts> {
    let u = url::Url::parse(s).ok()?;
    let host = u.host_str()?.to_ascii_lowercase();
    let port = u.port_or_known_default()?;
    Some(UrlParts {
        scheme: u.scheme().to_ascii_lowercase(),
        host,
        port,
        path: u.path().to_string(),
    })
}

/// The host of `u` as a socket connect takes it (an IPv6 address without its brackets, a
/// name or IPv4 address as written) with its port (the scheme's when none is given);
/// `None` for a URL with no host or no known port.
pub fn connect_target(u: &url::Url) -> Option<(String, u16)> {
    let host = match u.host()? {
        url::Host::Ipv6(a) => a.to_string(),
        h => h.to_string(),
    };
    Some((host, u.port_or_known_default()?))
}

/// `HOST:PORT` of `u` (RFC 3986 §3.2: an IPv6 host in brackets; the scheme's port when
/// none is given); `None` as [`connect_target`].
pub fn authority_of(u: &url::Url) -> Option<String> {
    let (host, port) = connect_target(u)?;
    Some(if host.contains(':') {
        format!("[{host}]:{port}")
    } else {
        format!("{host}:{port}")
    })
}

/// What is wrong with the port text `port` (the digits after a host's `:`) of a flag's
/// value, or `None` when it is a port number: `port 99999 is out of range (1-65535)`,
/// `port "http" is not a number (1-65535)`. `zero_ok`: 0 is accepted (a listen address,
/// where the OS picks a free port) and the range says so (uxb38: `--listen
/// 127.0.0.1:99999` was "not an address").
pub fn port_problem(port: &str, zero_ok: bool) -> Option<String> {
    let range = if zero_ok {
        "1-65535, or 0 for any free port"
    } else {
        "1-65535"
    };
    if port.is_empty() {
        return Some(format!("the port after ':' is missing ({range})"));
    }
    if !port.bytes().all(|b| b.is_ascii_digit()) {
        return Some(format!("port {port:?} is not a number ({range})"));
    }
    match port.parse::<u32>() {
        Ok(0) if !zero_ok => Some(format!("port 0 is out of range ({range})")),
        Ok(n) if n <= 65535 => None,
        _ => Some(format!("port {port} is out of range ({range})")),
    }
}

/// What is wrong with URL `u` naming port 0, or `None` for another port or none: `port 0
/// is out of range (1-65535): no agent listens on port 0 (0 picks a free port only in a
/// listen address)`. The URL parser takes `:0`, and a connect to it is refused, so an
/// `--upstream http://127.0.0.1:0` was a proxy answering 502 "until the agent listens
/// there" (newcomer44).
pub fn zero_port(u: &url::Url) -> Option<String> {
    (u.port() == Some(0)).then(|| {
        "port 0 is out of range (1-65535): no agent listens on port 0 (0 picks a free port only in a listen address)".to_string()
    })
}

/// The port text of absolute URL text `s` (`http://h:99999/x` -> `99999`): after the
/// authority's last `:` (past an IPv6 literal's `]` and any userinfo); `None` when the
/// authority names no port.
fn url_port_text(s: &str) -> Option<&str> {
    let (_, rest) = s.trim().split_once("://")?;
    let end = rest.find(['/', '?', '#']).unwrap_or(rest.len());
    let auth = &rest[..end];
    let hostport = auth.rsplit_once('@').map_or(auth, |(_, h)| h);
    let after_host = match hostport.strip_prefix('[') {
        Some(v6) => v6.split_once(']')?.1,
        None => hostport.find(':').map_or("", |i| &hostport[i..]),
    };
    after_host.strip_prefix(':')
}

/// Why `url::Url::parse(s)` failed with `e`, for a flag's error line: for an invalid port
/// the port and the range ([`port_problem`]: `port 99999 is out of range (1-65535)`),
/// else the parser's own words (`relative URL without a base`).
pub fn url_parse_why(s: &str, e: url::ParseError) -> String {
    if e == url::ParseError::InvalidPort {
        if let Some(why) = url_port_text(s).and_then(|p| port_problem(p, false)) {
            return why;
        }
    }
    e.to_string()
}

/// The `Host` field value (RFC 9110 §7.2) of a request to absolute URL `url`: its host (an
/// IPv6 host in brackets) and its port when the URL names one other than the scheme's
/// default. `None` when `url` does not parse or has no host.
pub fn host_field_of(url: &str) -> Option<String> {
    let u = url::Url::parse(url).ok()?;
    let host = u.host_str().filter(|h| !h.is_empty())?;
    Some(match u.port() {
        Some(p) => format!("{host}:{p}"),
        None => host.to_string(),
    })
}

/// The fast path of [`parse_url`]: `None` = not the plain shape (not: invalid).
fn parse_plain_url(s: &str) -> Option<UrlParts> {
    let (scheme, rest, default_port) = if let Some(r) = s.strip_prefix("http://") {
        ("http", r, 80u16)
    } else if let Some(r) = s.strip_prefix("https://") {
        ("https", r, 443u16)
    } else {
        return None;
    };
    // One pass per part, byte by byte (this runs once per request and per card URL: the
    // `str` searchers and splits it replaced cost ~3,000 instructions per URL).
    let b = rest.as_bytes();
    let mut auth_end = b.len();
    let mut colon = None;
    for (i, &c) in b.iter().enumerate() {
        match c {
            b'/' | b'?' | b'#' => {
                auth_end = i;
                break;
            }
            b':' => colon = Some(i),
            _ => {}
        }
    }
    let (authority, tail) = rest.split_at(auth_end);
    let (host, port) = match colon {
        Some(i) => {
            let digits = &authority.as_bytes()[i + 1..];
            if digits.is_empty()
                || digits.len() > 5
                || !digits.iter().all(u8::is_ascii_digit)
                || (digits.len() > 1 && digits[0] == b'0')
            {
                return None;
            }
            let port = digits
                .iter()
                .fold(0u32, |n, &d| n * 10 + u32::from(d - b'0'));
            if port > u32::from(u16::MAX) {
                return None;
            }
            (&authority[..i], port as u16)
        }
        None => (authority, default_port),
    };
    if !plain_host(host) {
        return None;
    }
    // Path: up to `?` or `#`, plain bytes, no `.` or `..` segment; the query and fragment
    // are not kept but must be plain too.
    let t = tail.as_bytes();
    let mut path_end = t.len();
    let mut seg_start = 0;
    for (i, &c) in t.iter().enumerate() {
        if c == b'?' || c == b'#' {
            path_end = i;
            break;
        }
        if !PLAIN_PATH[usize::from(c)] {
            return None;
        }
        if c == b'/' {
            if is_dot_segment(&t[seg_start..i]) {
                return None;
            }
            seg_start = i + 1;
        }
    }
    if is_dot_segment(&t[seg_start..path_end]) {
        return None;
    }
    if !t[path_end..].iter().all(|c| (0x21..0x7f).contains(c)) {
        return None;
    }
    let path = &tail[..path_end];
    Some(UrlParts {
        scheme: scheme.to_string(),
        host: host.to_string(),
        port,
        path: if path.is_empty() {
            "/".to_string()
        } else {
            path.to_string()
        },
    })
}

fn is_dot_segment(seg: &[u8]) -> bool {
    seg == b"." || seg == b".."
}

/// Bytes the URL Standard keeps as they are in the path of an http(s) URL (no `%`: escapes
/// of dots change the reading; no `\`: a path separator in special URLs), by byte value.
const PLAIN_PATH: [bool; 256] = {
    let mut t = [false; 256];
    let mut c = 0;
    while c < 256 {
        let b = c as u8;
        t[c] = b.is_ascii_alphanumeric();
        c += 1;
    }
    let extra = b"/-._~!$&'()*+,;=:@";
    let mut i = 0;
    while i < extra.len() {
        t[extra[i] as usize] = true;
        i += 1;
    }
    t
};

/// A lowercase ASCII domain whose last label is not numeric, or a canonical dotted IPv4.
/// Labels: 1 to 63 bytes of `a-z`, `0-9`, `-`, not starting `xn--` (IDNA goes to
/// `url::Url`); a host ending in a numeric label must be four decimal labels 0..=255
/// without leading zeros; a last label starting `0x` is not plain.
fn plain_host(h: &str) -> bool {
    let b = h.as_bytes();
    if b.is_empty() || b.len() > 253 {
        return false;
    }
    let mut labels = 0;
    let mut dotted_quad = true;
    let mut last_numeric = false;
    let mut start = 0;
    for i in 0..=b.len() {
        if i < b.len() && b[i] != b'.' {
            let c = b[i];
            if !(c.is_ascii_lowercase() || c.is_ascii_digit() || c == b'-') {
                return false;
            }
            continue;
        }
        let l = &b[start..i];
        if l.is_empty() || l.len() > 63 || l.starts_with(b"xn--") {
            return false;
        }
        let numeric = l.iter().all(u8::is_ascii_digit);
        dotted_quad &= numeric
            && l.len() <= 3
            && (l.len() == 1 || l[0] != b'0')
            && l.iter().fold(0u32, |n, &d| n * 10 + u32::from(d - b'0')) <= 255;
        labels += 1;
        last_numeric = numeric;
        if i < b.len() {
            start = i + 1;
        }
    }
    if last_numeric {
        return labels == 4 && dotted_quad;
    }
    !b[start..].starts_with(b"0x")
}

/// Path without a trailing `/` (root stays empty): for comparing interface base paths.
pub fn norm_path(p: &str) -> &str {
    p.trim_end_matches('/')
}

/// Non-empty path segments.
pub fn segments(p: &str) -> Vec<&str> {
    p.split('/').filter(|s| !s.is_empty()).collect()
}

/// Finds a run of ≥ 1 segments immediately repeated (`/api/a2a/api/a2a/x` → `["api","a2a"]`),
/// or the doubled-prefix shape `/a2a/tick/a2a/tock` (a run whose first segment repeats with
/// ≥ 2 segments each): returns the start index and the run length in segments.
pub fn doubled_run(path: &str) -> Option<(usize, usize)> {
    let segs = segments(path);
    let n = segs.len();
    // Exact immediate repetition of a run of length >= 1 (only runs of >= 2 segments, or a
    // single segment that is not a generic word, to avoid ids like /tasks/tasks).
    for len in (1..=n / 2).rev() {
        for start in 0..=(n - 2 * len) {
            if segs[start..start + len] == segs[start + len..start + 2 * len]
                && (len >= 2 || segs[start].len() > 2)
            {
                return Some((start, len));
            }
        }
    }
    // Glued prefixes: the same leading segment opens two consecutive 2-segment runs
    // (`/a2a/tick/a2a/tock`): a gateway's public prefix glued to the backend prefix.
    for start in 0..n.saturating_sub(3) {
        if segs[start] == segs[start + 2] && segs[start + 1] != segs[start + 3] {
            return Some((start, 2));
        }
    }
    None
}

/// The public origin a front (TLS terminator, path-prefix gateway) reports in the request's
/// fields, for the proxy's `--trust-forwarded` (`proxy::card`) and the verifier's CARD-URL-009 (a
/// card naming the origin the front says clients used goes around nothing): `scheme://host[/prefix]`, each part from the first
/// element of `Forwarded` (RFC 7239 §4, `proto=` and `host=`: the front nearest the client
/// adds the first element), else the first value of `X-Forwarded-Proto` /
/// `X-Forwarded-Host`; the path prefix from `X-Forwarded-Prefix`; what none gives comes from
/// `origin` (`scheme://authority` as the proxy saw it: a front that sends no host leaves
/// the `Host` it sent, often the proxy's own address; `--public-url` is then the way). Values that are not a scheme
/// `http`/`https`, a valid `host[:port]` (no userinfo) or a `/`-rooted path (no `?`, `#`,
/// whitespace, `..`) are ignored. `None` when no field is present or usable.
pub fn forwarded_origin<'a>(
    headers: impl Fn(&str) -> Option<&'a str>,
    origin: &str,
) -> Option<String> {
    let first = |name: &str| -> Option<String> {
        let v = headers(name)?;
        let f = v.split(',').next()?.trim();
        (!f.is_empty()).then(|| f.to_string())
    };
    let mut proto: Option<String> = None;
    let mut host: Option<String> = None;
    if let Some(elem) = first("forwarded") {
        for pair in elem.split(';') {
            let Some((k, v)) = pair.split_once('=') else {
                continue;
            };
            let v = v.trim().trim_matches('"').to_string();
            match k.trim().to_ascii_lowercase().as_str() {
                "proto" => proto = Some(v),
                "host" => host = Some(v),
                _ => {}
            }
        }
    }
    let proto = proto
        .or_else(|| first("x-forwarded-proto"))
        .map(|p| p.to_ascii_lowercase())
        .filter(|p| p == "http" || p == "https");
    let host = host
        .or_else(|| first("x-forwarded-host"))
        .filter(|h| !h.contains('@') && h.parse::<http::uri::Authority>().is_ok());
    let prefix = first("x-forwarded-prefix")
        .map(|p| p.trim_end_matches('/').to_string())
        .filter(|p| {
            p.starts_with('/')
                && !p.split('/').any(|seg| seg == "..")
                && !p.contains(['?', '#', '\\'])
                && !p.chars().any(|c| c.is_whitespace() || c.is_control())
        });
    if proto.is_none() && host.is_none() && prefix.is_none() {
        return None;
    }
    let (seen_scheme, seen_auth) = origin.split_once("://").unwrap_or(("http", origin));
    let seen_auth = seen_auth.rsplit('@').next().unwrap_or(seen_auth);
    let scheme = proto.as_deref().unwrap_or(seen_scheme);
    let host = host.unwrap_or_else(|| seen_auth.to_string());
    Some(format!("{scheme}://{host}{}", prefix.unwrap_or_default()))
}

/// The first unexpanded placeholder in an advertised `url`, as written there: an RFC 6570
/// URI-template expression (`{companyId}`, `{+base}`, the mustache form `{{tenant}}`), a
/// shell or environment reference (`${AGENT_HOST}`, `${PORT:-8080}`), or the
/// percent-encoded `%7BcompanyId%7D` a URL library makes of a template expression.
/// The name inside is 1-64 characters of letters, digits and `_ . - : + # / ?` (a
/// template's operators and a default's `:-`); `None` for a URL without one. RFC 3986
/// has no `{` or `}` in a URI, so a brace in a card's URL is a template or a variable
/// nobody filled in, never a path a server routes (inite-brain-service #483).
pub fn url_placeholder(url: &str) -> Option<&str> {
    /// The longest name judged: a closing brace further away ends no placeholder.
    const MAX_NAME: usize = 64;
    fn name_ok(n: &[u8]) -> bool {
        (1..=MAX_NAME).contains(&n.len())
            && n.iter().any(u8::is_ascii_alphabetic)
            && n.iter().all(|c| {
                c.is_ascii_alphanumeric()
                    || matches!(c, b'_' | b'.' | b'-' | b':' | b'+' | b'#' | b'/' | b'?')
            })
    }
    // Each opening looks at most MAX_NAME + 1 bytes ahead, so a card URL of many braces
    // costs linear time (issue 7: a hostile card is input); bytes, not str slices, so no
    // index can cut a multi-byte character.
    let b = url.as_bytes();
    let ahead = |from: usize, want: &[u8]| -> Option<usize> {
        let stop = b.len().min(from + MAX_NAME + want.len());
        b.get(from..stop)?
            .windows(want.len())
            .position(|w| w.eq_ignore_ascii_case(want))
            .map(|p| from + p)
    };
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'{' {
            let open = if i > 0 && b[i - 1] == b'$' { i - 1 } else { i };
            let doubled = b.get(i + 1) == Some(&b'{');
            let inner = if doubled { i + 2 } else { i + 1 };
            if let Some(end) = ahead(inner, b"}") {
                let close = if doubled && b.get(end + 1) == Some(&b'}') {
                    end + 2
                } else {
                    end + 1
                };
                if name_ok(&b[inner..end]) {
                    return url.get(open..close);
                }
            }
        }
        if b[i] == b'%'
            && b.get(i + 1..i + 3)
                .is_some_and(|w| w.eq_ignore_ascii_case(b"7b"))
        {
            let inner = i + 3;
            if let Some(end) = ahead(inner, b"%7d") {
                if name_ok(&b[inner..end]) {
                    return url.get(i..end + 3);
                }
            }
        }
        i += 1;
    }
    None
}

#[cfg(test)]
mod tests {

    #[test]
    fn a_port_beyond_65535_is_said_with_its_value_and_the_range() {
        assert_eq!(
            port_problem("99999", true).as_deref(),
            Some("port 99999 is out of range (1-65535, or 0 for any free port)")
        );
        assert_eq!(port_problem("0", true), None);
        assert_eq!(port_problem("65535", false), None);
        assert!(port_problem("0", false).is_some_and(|w| w.contains("out of range")));
        assert!(port_problem("http", false).is_some_and(|w| w.contains("not a number")));
        assert!(port_problem("", true).is_some_and(|w| w.contains("missing")));
        assert_eq!(
            url_parse_why("http://u:p@[::1]:70000/x", url::ParseError::InvalidPort),
            "port 70000 is out of range (1-65535)"
        );
        assert_eq!(
            url_parse_why("http://h:12x/", url::ParseError::InvalidPort),
            "port \"12x\" is not a number (1-65535)"
        );
        assert_eq!(
            url_parse_why("x", url::ParseError::RelativeUrlWithoutBase),
            url::ParseError::RelativeUrlWithoutBase.to_string()
        );
    }
    #[test]
    fn origin_is_scheme_host_port() {
        for (url, want) in [
            ("http://127.0.0.1:9999/a", "http://127.0.0.1:9999"),
            ("https://agent.example/x?y", "https://agent.example:443"),
            ("http://[::1]:80/", "http://[::1]:80"),
            ("http://h:0/", "http://h:0"),
        ] {
            let p = super::parse_url(url).unwrap();
            assert_eq!(p.origin(), want, "{url}");
            assert_eq!(p.origin(), format!("{}://{}:{}", p.scheme, p.host, p.port));
        }
    }

    use super::*;

    /// `same_origin` answers what comparing the two `origin()` strings answers, for every
    /// pair of a set of URLs that differ in scheme, host, port, letter case, IPv6 and path.
    #[test]
    fn same_origin_agrees_with_the_origin_strings() {
        let urls = [
            "http://a.test/x",
            "http://a.test:80/y",
            "https://a.test/x",
            "http://a.test:8080/x",
            "http://A.TEST/x",
            "HTTP://a.test/z",
            "http://b.test/x",
            "http://[::1]:80/",
            "http://[::1]/q",
            "https://[::1]:80/",
            "http://127.0.0.1:9999/a",
            "http://localhost:9999/a",
            "http://user:pw@a.test/x",
        ];
        let parsed: Vec<UrlParts> = urls.iter().map(|u| parse_url(u).unwrap()).collect();
        for (i, a) in parsed.iter().enumerate() {
            for (j, b) in parsed.iter().enumerate() {
                assert_eq!(
                    a.same_origin(b),
                    a.origin() == b.origin(),
                    "{} vs {}",
                    urls[i],
                    urls[j]
                );
            }
        }
    }

    /// The default port goes (RFC 6454 §6.1), another port or scheme stays.
    #[test]
    fn origin_shown_drops_only_the_schemes_default_port() {
        assert_eq!(origin_shown("https://a.test:443"), "https://a.test");
        assert_eq!(origin_shown("http://a.test:80"), "http://a.test");
        assert_eq!(origin_shown("http://a.test:443"), "http://a.test:443");
        assert_eq!(origin_shown("https://a.test:80"), "https://a.test:80");
        assert_eq!(origin_shown("https://a.test:8443"), "https://a.test:8443");
    }

    #[test]
    fn connect_targets_and_authorities_bracket_ipv6_only() {
        let u = |s: &str| url::Url::parse(s).unwrap();
        assert_eq!(
            connect_target(&u("http://[::1]:8080/a")),
            Some(("::1".into(), 8080))
        );
        assert_eq!(
            authority_of(&u("http://[::1]:8080/a")).as_deref(),
            Some("[::1]:8080")
        );
        assert_eq!(
            authority_of(&u("https://Agent.Example/a")).as_deref(),
            Some("agent.example:443")
        );
        assert_eq!(
            authority_of(&u("http://10.0.0.1/")).as_deref(),
            Some("10.0.0.1:80")
        );
        assert_eq!(connect_target(&u("file:///x")), None);
    }

    #[test]
    fn classes() {
        assert_eq!(host_class("127.0.0.1"), HostClass::Loopback);
        // an IP literal is read before the host is lowered: hex digits in either case
        assert_eq!(host_class("[FE80::1]"), HostClass::LinkLocal);
        assert_eq!(host_class("[fe80::1]"), HostClass::LinkLocal);
        assert_eq!(host_class("[::FFFF:7F00:1]"), host_class("[::ffff:7f00:1]"));
        assert_eq!(host_class("LOCALHOST."), HostClass::Loopback);
        assert_eq!(host_class("Metadata.Google.Internal"), HostClass::Metadata);
        assert_eq!(host_class("[::1]"), HostClass::Loopback);
        assert_eq!(host_class("0.0.0.0"), HostClass::BindAll);
        assert_eq!(host_class("169.254.169.254"), HostClass::Metadata);
        assert_eq!(host_class("10.2.3.4"), HostClass::Private);
        assert_eq!(
            host_class("agent.ns.svc.cluster.local"),
            HostClass::InternalName
        );
        assert_eq!(host_class("backend"), HostClass::InternalName);
        assert_eq!(host_class("agent.example.test"), HostClass::Public);
    }

    /// A zoned IPv6 literal (RFC 6874) is no WHATWG URL; its address still classifies
    /// (breaker23 P12).
    #[test]
    fn zoned_ipv6_literal() {
        assert!(parse_url("http://[fe80::1%25eth0]/hook").is_none());
        let h = zoned_ipv6_host("http://[fe80::1%25eth0]/hook").unwrap();
        assert_eq!(h, "fe80::1");
        assert_eq!(host_class(&h), HostClass::LinkLocal);
        assert_eq!(
            zoned_ipv6_host("HTTPS://[fd00::5%eth1]:8443/"),
            Some("fd00::5".into())
        );
        for u in [
            "http://[fe80::1]/",
            "http://[fe80::1%25]/",
            "http://host%25x/",
            "ftp://[fe80::1%25a]/",
        ] {
            assert_eq!(zoned_ipv6_host(u), None, "{u}");
        }
    }

    /// Every URL the fast path reads, `url::Url` reads the same way (and the fast path
    /// really takes the common shapes).
    #[test]
    fn fast_path_takes_plain_urls() {
        for u in [
            "http://127.0.0.1:9999/a2a/v1?x=1",
            "https://agent.example.test/",
            "http://localhost:8080",
            "https://a-b.c9.example:443/api/a2a/tasks/abc-123:cancel#frag",
        ] {
            assert!(parse_plain_url(u).is_some(), "{u}");
            assert_eq!(parse_url(u), parse_url_slow(u), "{u}");
        }
        for u in [
            "HTTP://Host/",
            "http://host/a/../b",
            "http://host/%2e/b",
            "http://user@host/",
            "http://127.1/",
            "http://0x7f.0.0.1/",
            "http://host:080/",
            "http://host:99999/",
            "http://xn--nxasmq6b.example/",
            "http://host/a b",
            "http://host./",
        ] {
            assert!(parse_plain_url(u).is_none(), "{u}");
        }
    }

    // The session-3 fast path (str searches and splits), kept as the reference for the
    // byte-loop rewrite: both must accept the same URLs with the same parts.
    fn old_parse_plain_url(s: &str) -> Option<UrlParts> {
        let (scheme, rest, default_port) = if let Some(r) = s.strip_prefix("http://") {
            ("http", r, 80u16)
        } else if let Some(r) = s.strip_prefix("https://") {
            ("https", r, 443u16)
        } else {
            return None;
        };
        let b = rest.as_bytes();
        let auth_end = b
            .iter()
            .position(|&c| c == b'/' || c == b'?' || c == b'#')
            .unwrap_or(b.len());
        let (authority, tail) = rest.split_at(auth_end);
        let (host, port) = match authority.rfind(':') {
            Some(i) => {
                let digits = &authority[i + 1..];
                if digits.is_empty()
                    || digits.len() > 5
                    || !digits.bytes().all(|c| c.is_ascii_digit())
                    || (digits.len() > 1 && digits.starts_with('0'))
                {
                    return None;
                }
                let port: u32 = digits.parse().ok()?;
                if port > u16::MAX as u32 {
                    return None;
                }
                (&authority[..i], port as u16)
            }
            None => (authority, default_port),
        };
        if !old_plain_host(host) {
            return None;
        }
        // Path: up to `?` or `#`; the query and fragment are not kept but must be plain too.
        let path_end = tail.find(['?', '#']).unwrap_or(tail.len());
        let (path, after) = tail.split_at(path_end);
        if !after.bytes().all(|c| (0x21..0x7f).contains(&c)) {
            return None;
        }
        if !path.bytes().all(old_plain_path_byte) {
            return None;
        }
        if path.split('/').any(|seg| seg == "." || seg == "..") {
            return None;
        }
        Some(UrlParts {
            scheme: scheme.to_string(),
            host: host.to_string(),
            port,
            path: if path.is_empty() {
                "/".to_string()
            } else {
                path.to_string()
            },
        })
    }
    fn old_plain_path_byte(c: u8) -> bool {
        c.is_ascii_alphanumeric() || b"/-._~!$&'()*+,;=:@".contains(&c)
    }
    fn old_plain_host(h: &str) -> bool {
        if h.is_empty() || h.len() > 253 {
            return false;
        }
        let labels = h.split('.');
        let mut last = "";
        for l in labels {
            if l.is_empty()
                || l.len() > 63
                || !l
                    .bytes()
                    .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == b'-')
                || l.starts_with("xn--")
            {
                return false;
            }
            last = l;
        }
        if last.bytes().all(|c| c.is_ascii_digit()) {
            // Ends in a number: only the canonical dotted-quad form is plain.
            let parts: Vec<&str> = h.split('.').collect();
            return parts.len() == 4
                && parts.iter().all(|p| {
                    !p.is_empty()
                        && p.len() <= 3
                        && p.bytes().all(|c| c.is_ascii_digit())
                        && (p.len() == 1 || !p.starts_with('0'))
                        && p.parse::<u16>().is_ok_and(|n| n <= 255)
                });
        }
        !last.starts_with("0x")
    }

    /// `scheme://host[:port]path`, the start of a generated URL.
    fn url_of(scheme: &str, host: &str, port: Option<String>, path: &str) -> String {
        let mut u = format!("{scheme}://{host}");
        if let Some(p) = port {
            u.push(':');
            u.push_str(&p);
        }
        u.push_str(path);
        u
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(4000))]
        /// The byte-loop fast path reads exactly what the session-3 fast path read.
        #[test]
        fn fast_path_reads_what_the_old_fast_path_read(
            scheme in "(http|https|HTTP)",
            host in "[a-z0-9.\\-]{0,12}|[0-9]{1,4}(\\.[0-9]{1,4}){0,4}|0x[0-9a-f]{1,3}(\\.[0-9]{1,3}){0,3}|xn--[a-z]{1,3}\\.[a-z]{1,3}|[a-zA-Z]{1,4}",
            port in proptest::option::of("[0-9]{0,6}"),
            path in "(/[a-zA-Z0-9.%~:@!$&'()*+,;= _\\\\\\-]{0,6}){0,4}",
            rest in proptest::option::of("[?#][a-z0-9=&%/.?# \\x7f]{0,8}"),
        ) {
            let mut u = url_of(&scheme, &host, port, &path);
            if let Some(r) = rest {
                u.push_str(&r);
            }
            proptest::prop_assert_eq!(parse_plain_url(&u), old_parse_plain_url(&u), "{}", u);
        }
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(4000))]
        /// The fast path never disagrees with `url::Url` (the WHATWG reading).
        #[test]
        fn fast_path_agrees_with_url(
            scheme in "(http|https|HTTP|ftp)",
            host in "[a-zA-Z0-9.\\-]{0,12}|[0-9]{1,4}(\\.[0-9]{1,4}){0,4}|0x[0-9a-f]{1,3}(\\.[0-9]{1,3}){0,3}",
            port in proptest::option::of("[0-9]{0,6}"),
            path in "(/[a-zA-Z0-9.%~:@!$&'()*+,;= _\\\\\\-]{0,6}){0,4}",
            query in proptest::option::of("[a-z0-9=&%/.?# ]{0,8}"),
        ) {
            let mut u = url_of(&scheme, &host, port, &path);
            if let Some(q) = query {
                u.push('?');
                u.push_str(&q);
            }
            if let Some(fast) = parse_plain_url(&u) {
                proptest::prop_assert_eq!(Some(fast), parse_url_slow(&u), "{}", u);
            }
        }
    }

    #[test]
    fn doubled() {
        assert_eq!(doubled_run("/api/a2a/api/a2a/lab/demo"), Some((0, 2)));
        assert_eq!(doubled_run("/a2a/tick/a2a/tock/"), Some((0, 2)));
        assert_eq!(doubled_run("/api/a2a/lab/demo-agent"), None);
        assert_eq!(doubled_run("/"), None);
        assert_eq!(doubled_run("/rest"), None);
    }

    #[test]
    fn url_placeholder_finds_unexpanded_templates_and_variables() {
        assert_eq!(
            url_placeholder("https://brain.example.test/companies/{companyId}/mcp"),
            Some("{companyId}")
        );
        assert_eq!(
            url_placeholder("http://${AGENT_HOST}:8000/"),
            Some("${AGENT_HOST}")
        );
        assert_eq!(
            url_placeholder("http://h:${PORT:-8080}/a2a"),
            Some("${PORT:-8080}")
        );
        assert_eq!(
            url_placeholder("https://h/{{tenant}}/a2a"),
            Some("{{tenant}}")
        );
        assert_eq!(
            url_placeholder("https://h/t/%7Btenant%7D/a2a"),
            Some("%7Btenant%7D")
        );
        assert_eq!(
            url_placeholder("https://h/t/%7btenant%7d"),
            Some("%7btenant%7d")
        );
        // no placeholder: plain URLs, a dollar sign in a path, empty or odd braces
        assert_eq!(url_placeholder("https://agent.example.test/a2a"), None);
        assert_eq!(url_placeholder("https://h/price$/a2a"), None);
        assert_eq!(url_placeholder("https://h/a/{}/b"), None);
        assert_eq!(url_placeholder("https://h/a/{123}/b"), None);
        assert_eq!(url_placeholder("https://h/a/{ x }/b"), None);
        assert_eq!(url_placeholder("https://h/a/%7B%7D"), None);
        assert_eq!(url_placeholder("https://h/a/{unclosed"), None);
        // input-driven: a `%` before a multi-byte character, braces around one
        assert_eq!(url_placeholder("https://h/%aé/b"), None);
        assert_eq!(url_placeholder("https://h/%é{é}"), None);
        assert_eq!(url_placeholder("https://h/{ünïcode}%7Bñ%7D{"), None);
        // a closing brace past the longest name ends nothing; many openings stay linear
        let far = format!("https://h/{{{}}}", "a".repeat(65));
        assert_eq!(url_placeholder(&far), None);
        let many = format!("https://h/{}", "{%7B".repeat(200_000));
        assert_eq!(url_placeholder(&many), None);
    }
}

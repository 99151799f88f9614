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
        .trim_end_matches('.')
        .to_ascii_lowercase();
    if let Ok(ip) = h.parse::<IpAddr>() {
        return ip_class(ip);
    }
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
        format!("{}://{}:{}", self.scheme, self.host, self.port)
    }
}

/// Parses an absolute http(s) URL; `None` for relative or unparseable ones.
pub fn parse_url(s: &str) -> Option<UrlParts> {
    let u = url::Url::parse(s.trim()).ok()?;
    let host = u.host_str()?.to_ascii_lowercase();
    let port = u.port_or_known_default()?;
    Some(UrlParts {
        scheme: u.scheme().to_ascii_lowercase(),
        host,
        port,
        path: u.path().to_string(),
    })
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn classes() {
        assert_eq!(host_class("127.0.0.1"), HostClass::Loopback);
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

    #[test]
    fn doubled() {
        assert_eq!(doubled_run("/api/a2a/api/a2a/lab/demo"), Some((0, 2)));
        assert_eq!(doubled_run("/a2a/tick/a2a/tock/"), Some((0, 2)));
        assert_eq!(doubled_run("/api/a2a/lab/demo-agent"), None);
        assert_eq!(doubled_run("/"), None);
        assert_eq!(doubled_run("/rest"), None);
    }
}

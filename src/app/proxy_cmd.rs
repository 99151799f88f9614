/*!
`a2a-interop proxy`: the recording reverse proxy with online verification.

```text
a2a-interop proxy --listen 127.0.0.1:8080 --upstream URL [--route /p=URL]... [--record FILE]
    [--rewrite-card] [--lossless] [--no-redact] [--on-record-error continue|stop]
    [--report FILE [--format F]] [--quiet]
a2a-interop proxy --forward [--listen 127.0.0.1:3128] [--allow-host PATTERN]... [--record FILE]
    [--intercept-tls [--ca-dir DIR] [--upstream-ca FILE]... [--insecure-upstream]]
a2a-interop proxy ... [--tls-cert FILE --tls-key FILE]     (TLS on the client-facing listener)
a2a-interop proxy --upstream https://agent:443 [--upstream-ca FILE]... [--insecure-upstream]
```

An `https://` upstream (or route, or `--listener` URL) gets TLS from the proxy, with the same
trust as `--intercept-tls`: the OS roots plus `--upstream-ca`; `--upstream-ca` and
`--insecure-upstream` without any TLS upstream are refused (they would do nothing).

Prints a banner on stderr, findings as they happen, and on Ctrl-C / SIGTERM / SIGHUP stops
within 2 s (`--shutdown-grace SECS`), flushes the recording and writes the report (after SIGHUP the exit is 129); it
says what it waits for (`waiting up to 2 s for K open exchanges...`, `writing the report of
M events to FILE...`, and while the recorder or the online verifier catch up, how many
events they still have), and a second signal cuts the wait for open exchanges short (they
end `open`, the recording is closed whole; that is all it does, even when it comes just
after the wait ran out: the report is still written, newcomer23 N3); after a later line
that offers more, while the recorder and the verifier catch up,
it stops the verifier and exits 128 + the signal as soon as the recording is closed, naming
the `verify` command that judges it offline (q22 Q1); during the report write, it exits
128 + the signal at once with the recording complete and no report. The
report is built from the recording file this run created, held open from the start: a
`--record` path deleted or replaced during the run is said at exit and the recording is
copied back out (to the path, or beside it). A report that cannot be written (disk full) is
printed on stderr as text instead. Operational errors (port in use, bad URL,
non-loopback listen without `--allow-remote`, a recording or `--report` path that cannot be
created or written at start-up, a `--report` path that is the recording itself) exit 2 with a
one-line cause and a hint, before anything is served. The `--report` format is `--format`, else
the one its extension names (as for `verify -o`), Markdown for a path without one (an
extension naming no format, `out.pdf`, is refused at start-up). A `--no-redact` recording is
created `0600` and the banner says it keeps secrets.

A recording that fails mid-run (disk full, file size limit, I/O error) follows
`--on-record-error`: `continue` (default) keeps forwarding and verifying, says so once on
stderr and counts the events not written at the end; `stop` stops accepting, lets in-flight
exchanges finish (up to `--shutdown-grace`, [`crate::proxy::SHUTDOWN_GRACE`] by default), writes the report and exits 2.
*/

use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;

use anyhow::{bail, Context as _};

use crate::app::pipeline::{Pipeline, PipelineConfig, RunOutcome};
use crate::cli::{FailOn, Format, OnRecordError, ProxyArgs};
use crate::proxy::attribution::parse_caller;
use crate::proxy::forward::{ForwardConfig, InterceptConfig};
use crate::proxy::tls::ListenerTls;
use crate::proxy::{parse_route, route::check_upstream, ProxyConfig, ProxyExtras};
use crate::record::writer::RecorderStats;
use crate::record::Route;
use crate::report::{self, ExchangeIndex, ReportInput, SourceFile, SourceInfo, SourceKind};
use crate::verify::Severity;

/// Runs the command until Ctrl-C / SIGTERM. Exit: 0, or 1 with `--fail-on` and findings at
/// or above it; errors are exit 2.
pub fn run(mut a: ProxyArgs) -> anyhow::Result<ExitCode> {
    // every line of the run, the recorder's and the verifier's notes too (newcomer25 N15)
    crate::set_stderr_prefix("a2a-interop proxy");
    if let Some(url) = &a.webhook {
        let origin = webhook_origin(url)?;
        a.listeners.push(format!("webhook@127.0.0.1:0={origin}"));
    }
    let cfg = config_from_args(&a)?;
    // Without --record, `config_from_args` reserved `recordings/proxy-<time>.jsonl` by
    // creating it empty; a run refused at start-up (a bad --report, a request loop, a port
    // in use) leaves no empty recording behind (newcomer24 N2). A run that started has
    // written the recording's header, so its file is never empty.
    let reserved = if a.record.is_none() {
        cfg.record.clone()
    } else {
        None
    };
    let res = run_configured(a, cfg);
    if res.is_err() {
        if let Some(p) = reserved {
            remove_if_empty(&p);
        }
    }
    res
}

/// The origin (`http://host:port`) of `proxy --webhook URL`, the client's webhook: the
/// webhook listener forwards each delivery there, its path kept.
///
/// Errors: a URL that is not http:// or https:// with a host.
pub fn webhook_origin(url: &str) -> anyhow::Result<String> {
    let u = url::Url::parse(url.trim()).map_err(|e| {
        anyhow::anyhow!("--webhook {url:?} is not a URL ({e}); hint: give the webhook's URL as the client would put it in its push config, e.g. --webhook http://127.0.0.1:9000/hook")
    })?;
    if !matches!(u.scheme(), "http" | "https") || u.host_str().is_none() {
        bail!("--webhook {url:?} is not an http:// or https:// URL; hint: e.g. --webhook http://127.0.0.1:9000/hook");
    }
    Ok(u.origin().ascii_serialization())
}

/// The url to give the agent in place of the webhook `url` when a `webhook` listener
/// listens at `addr`: the same path and query at the listener.
pub fn webhook_url_at(url: &str, addr: &str) -> String {
    match url::Url::parse(url.trim()) {
        Ok(u) => format!(
            "http://{addr}{}{}",
            u.path(),
            u.query().map(|q| format!("?{q}")).unwrap_or_default()
        ),
        Err(_) => format!("http://{addr}/"),
    }
}

/// Removes `p` when it is an empty regular file (a reserved default recording name that
/// no run wrote to).
fn remove_if_empty(p: &Path) {
    if std::fs::metadata(p).is_ok_and(|m| m.is_file() && m.len() == 0) {
        let _ = std::fs::remove_file(p);
    }
}

/// [`run`] once the pipeline configuration is parsed.
fn run_configured(a: ProxyArgs, cfg: PipelineConfig) -> anyhow::Result<ExitCode> {
    let intercept = if a.intercept_tls {
        let ca_dir = match a.ca_dir.clone().or_else(crate::proxy::tls::default_ca_dir) {
            Some(d) => d,
            None => bail!(
                "no CA directory: neither XDG_CONFIG_HOME nor HOME is set; hint: --ca-dir DIR"
            ),
        };
        Some(InterceptConfig {
            ca_dir,
            upstream_ca: a.upstream_ca.clone(),
            insecure_upstream: a.insecure_upstream,
        })
    } else {
        None
    };
    let fwd = a.forward.then(|| ForwardConfig {
        allow_hosts: a.allow_hosts.clone(),
        intercept,
        ..ForwardConfig::default()
    });
    let rt = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .context("cannot start the async runtime")?;
    let tls = match (&a.tls_cert, &a.tls_key) {
        (Some(cert), Some(key)) => Some(ListenerTls {
            cert: cert.clone(),
            key: key.clone(),
        }),
        _ => None,
    };
    let more = extra_listeners(&a, &cfg)?;
    refuse_own_address(&a, &cfg.proxy, &more)?;
    let upstream_tls = upstream_trust(&a, &cfg, &more)?;
    let callers = a
        .callers
        .iter()
        .map(|c| parse_caller(c))
        .collect::<Result<Vec<_>, _>>()
        .map_err(|e| anyhow::anyhow!(e))?;
    // A copy-pasted `'X-Other '` names the header without its spaces; a name that is no
    // header name (RFC 9110 §5.1 token) redacts nothing and is refused.
    let secret_headers = a
        .redact_headers
        .iter()
        .map(|n| {
            let n = n.trim();
            http::HeaderName::from_bytes(n.as_bytes())
                .map(|_| n.to_string())
                .map_err(|_| {
                    anyhow::anyhow!(
                        "--redact-header {n:?} is not a header name; hint: give the name only, e.g. --redact-header X-Tenant-Auth"
                    )
                })
        })
        .collect::<Result<Vec<_>, _>>()?;
    let preserve_host = a.preserve_host;
    let upstream_sni = upstream_sni(&a, &cfg, &more)?;
    let trust_forwarded = a.trust_forwarded;
    let half_close = a.half_close;
    let no_via = a.no_via;
    let also_ipv6_loopback = listens_on_localhost(&a.listen);
    // `--listener LEG@localhost:PORT=URL` as `--listen localhost:PORT` (ux39)
    let more_also_ipv6_loopback = a
        .listeners
        .iter()
        .map(|spec| listener_on_localhost(spec))
        .collect();
    let shutdown_grace = Some(std::time::Duration::from_secs(a.shutdown_grace));
    let public_url = match &a.public_url {
        Some(u) => Some(crate::proxy::card::public_url(u).map_err(|e| {
            anyhow::anyhow!(
                "--public-url {e}; hint: give the base URL clients use, e.g. --public-url https://agents.example.com/agents/x"
            )
        })?),
        None => None,
    };
    rt.block_on(run_async(
        a,
        cfg,
        ProxyExtras {
            forward: fwd,
            tls,
            more,
            callers,
            upstream_tls,
            quiet: false,
            secret_headers,
            client_scheme: None,
            preserve_host,
            public_url,
            trust_forwarded,
            half_close,
            rewrite_signed_cards: false,
            upstream_sni,
            // set by the pipeline from `print_findings` (`Pipeline::start_ext`)
            findings_printed: false,
            tls_ports: crate::proxy::tls::TlsPorts::default(),
            shutdown_grace,
            driver: None,
            also_ipv6_loopback,
            more_also_ipv6_loopback,
            no_via,
            // both set by the pipeline (`Pipeline::start_judged`), which knows the listeners
            own_connections: None,
            same_listener: Vec::new(),
        },
    ))
}

/// `--upstream-ca` / `--insecure-upstream` as the trust of `https://` upstreams.
///
/// Errors: either flag given while no upstream is `https://` and TLS is not intercepted
/// (the flag would silently do nothing).
pub fn upstream_trust(
    a: &ProxyArgs,
    main: &PipelineConfig,
    more: &[ProxyConfig],
) -> anyhow::Result<crate::proxy::tls::UpstreamTrust> {
    let any_https = main
        .proxy
        .routes
        .iter()
        .chain(more.iter().flat_map(|m| m.routes.iter()))
        .any(|r| r.upstream.starts_with("https:"));
    let flag = if !a.upstream_ca.is_empty() {
        Some("--upstream-ca")
    } else if a.insecure_upstream {
        Some("--insecure-upstream")
    } else {
        None
    };
    if let Some(flag) = flag {
        if !any_https && !a.intercept_tls {
            bail!("{flag} applies to https:// upstreams and --intercept-tls, and there is neither; hint: give an https:// upstream (--upstream https://HOST:PORT) or leave {flag} out");
        }
    }
    Ok(crate::proxy::tls::UpstreamTrust {
        ca: a.upstream_ca.clone(),
        insecure: a.insecure_upstream,
    })
}

/// `--upstream-sni NAME`, checked: a DNS name ([`crate::proxy::sni_name`]) for at least one
/// `https://` upstream. Errors: a name that is no DNS name, or no https upstream (the flag
/// would silently do nothing; intercepted CONNECT targets keep their own names).
pub fn upstream_sni(
    a: &ProxyArgs,
    main: &PipelineConfig,
    more: &[ProxyConfig],
) -> anyhow::Result<Option<String>> {
    let Some(n) = &a.upstream_sni else {
        return Ok(None);
    };
    let any_https = main
        .proxy
        .routes
        .iter()
        .chain(more.iter().flat_map(|m| m.routes.iter()))
        .any(|r| r.upstream.starts_with("https:"));
    if !any_https {
        bail!("--upstream-sni applies to https:// upstreams, and there is none; hint: give the agent's front as --upstream https://ADDRESS:PORT");
    }
    crate::proxy::sni_name(n).map_err(|e| {
        anyhow::anyhow!("--upstream-sni {e}; hint: give the host name the front routes by, e.g. --upstream-sni agents.example.com")
    })?;
    Ok(Some(n.trim().trim_end_matches('.').to_string()))
}

/// How long the start-up check of an upstream ([`upstream_unreachable`]) waits for its TCP
/// connection (2 s).
pub const UPSTREAM_CHECK_TIMEOUT: std::time::Duration = std::time::Duration::from_secs(2);

/// The start-up warning for an upstream that takes no TCP connection (proxy20 P2), or `None`
/// when one comes up within `wait` (or the URL names no host to try). `url`: the route's
/// upstream (`http://127.0.0.1:9999`, `https://agent.example`: the scheme's default port when
/// none is given); `shown`: the URL as the banner prints it (credentials redacted). One
/// connect, closed at once; nothing is sent. The proxy keeps running either way: the agent
/// may come up later, and each request then tries again.
///
/// `warning: upstream http://127.0.0.1:9 does not accept connections now: TCP connect to
/// 127.0.0.1:9 failed: Connection refused (os error 111); the proxy keeps running and
/// answers 502 until the agent listens there (start the agent, or check --upstream / --route)`;
/// a host name that does not resolve is named as that (`warning: upstream URL: the host name
/// HOST does not resolve here (...); check its spelling ...`).
pub async fn upstream_unreachable(
    url: &str,
    shown: &str,
    wait: std::time::Duration,
) -> Option<String> {
    upstream_unreachable_as(url, shown, "agent", wait).await
}

/// [`upstream_unreachable`], the hop behind the URL named `what`: `agent`, or `gateway` for
/// the front's upstream of a run with gateway legs (newcomer60: a gateway not up yet was
/// told "until the agent listens there (start the agent, ...)").
pub async fn upstream_unreachable_as(
    url: &str,
    shown: &str,
    what: &str,
    wait: std::time::Duration,
) -> Option<String> {
    let u = url::Url::parse(url).ok()?;
    let (host, port) = crate::model::net::connect_target(&u)?;
    let target = crate::model::net::authority_of(&u)?;
    let why = match tokio::time::timeout(
        wait,
        tokio::net::TcpStream::connect((host.as_str(), port)),
    )
    .await
    {
        Ok(Ok(_)) => return None,
        // a name that does not resolve is a typo, not an agent that is down (review22 R7)
        Ok(Err(e)) if crate::app::probe_cmd::resolve_failed(&e) => {
            return Some(format!(
                    "warning: upstream {shown}: the host name {host} does not resolve here ({e}); check its spelling (--upstream / --route), or use the {what}'s IP address; the proxy keeps running and answers 502 meanwhile"
                ));
        }
        Ok(Err(e)) => format!("TCP connect to {target} failed: {e}"),
        Err(_) => format!(
            "TCP connect to {target} got no answer within {} s",
            wait.as_secs_f32()
        ),
    };
    Some(format!(
        "warning: upstream {shown} does not accept connections now: {why}; the proxy keeps running and answers 502 until the {what} listens there (start the {what}, or check --upstream / --route)"
    ))
}

/// The TLS trust of the proxy's `https://` upstreams, for [`upstream_tls_failed`]:
/// `--upstream-ca` files, `--insecure-upstream`, `--upstream-sni`.
#[derive(Clone, Debug, Default)]
pub struct UpstreamTlsCheck {
    /// `--upstream-ca` PEM files (beside the OS roots).
    pub ca: Vec<PathBuf>,
    /// `--insecure-upstream`: any certificate is accepted (the check then finds only an
    /// upstream that speaks no TLS, or shares no TLS version).
    pub insecure: bool,
    /// `--upstream-sni NAME`: the server name sent and checked instead of the URL's host.
    pub sni: Option<String>,
}

/// The start-up TLS check of an `https://` upstream `url` (shown as `shown`, credentials
/// redacted) whose TCP connect succeeded ([`upstream_unreachable`]): one TLS handshake
/// with the trust the proxy will use (`tls`: the OS roots plus `--upstream-ca`,
/// `--insecure-upstream`, `--upstream-sni`), as `probe` and `interop` check their agent
/// before the first call. `None` when it succeeds, when `url` is not `https://`, or when the
/// agent cannot be reached now (then the TCP warning speaks; the proxy keeps running and
/// answers 502 until the agent is up, as before). Otherwise a warning naming the failure
/// and the fix the proxy's 502 would name ([`crate::proxy::tls_hint`]: `--upstream-ca`,
/// `--upstream-sni`, an `http://` upstream for an agent that speaks no TLS), e.g.
/// `warning: upstream https://127.0.0.1:8443 failed the TLS handshake: invalid peer
/// certificate: UnknownIssuer; every request will be answered 502 until it is fixed; hint:
/// ...`. Within `wait` for the connect and again for the handshake.
pub async fn upstream_tls_failed(
    url: &str,
    shown: &str,
    tls: &UpstreamTlsCheck,
    wait: std::time::Duration,
) -> Option<String> {
    let u = url::Url::parse(url).ok()?;
    if u.scheme() != "https" {
        return None;
    }
    let host = u.host()?;
    let (addr, port) = crate::model::net::connect_target(&u)?;
    let name = match &tls.sni {
        Some(n) => rustls::pki_types::ServerName::try_from(n.clone()).ok()?,
        None => crate::proxy::tls::server_name_of_host(&host)?,
    };
    let tcp = tokio::time::timeout(wait, tokio::net::TcpStream::connect((addr.as_str(), port)))
        .await
        .ok()?
        .ok()?;
    // a bad --upstream-ca file is refused before this runs (config_from_args)
    let cfg = crate::proxy::tls::client_config(&tls.ca, tls.insecure).ok()?;
    let connector = tokio_rustls::TlsConnector::from(Arc::new(cfg));
    let checked = match &tls.sni {
        Some(n) => format!(" (server name {n}, --upstream-sni)"),
        None => String::new(),
    };
    let cause = match tokio::time::timeout(wait, connector.connect(name, tcp)).await {
        Ok(Ok(_)) => return None,
        Ok(Err(e)) => e.to_string(),
        Err(_) => {
            return Some(format!(
                "warning: upstream {shown} accepts connections but did not complete a TLS handshake within {} s; every request will be answered 502 until it does; hint: is that port https? for plain HTTP give an http:// upstream",
                wait.as_secs_f32()
            ))
        }
    };
    // an expired (or not yet valid) certificate: its dates, not only "outside its
    // validity period" (ux40)
    let hint = crate::proxy::tls_hint_dated(&cause).unwrap_or_else(|| {
        "check the agent's TLS with `openssl s_client -connect HOST:PORT`; --upstream-ca FILE trusts a private CA".to_string()
    });
    // plain HTTP on that port: the upstream to give, written out (newcomer56: "use an
    // http:// upstream" left the user to retype the URL; `probe` gives the URL itself)
    let hint = match (
        crate::proxy::tls::tls_failure(&cause),
        shown.strip_prefix("https://"),
    ) {
        (Some(crate::proxy::tls::TlsFailure::NotTls), Some(rest)) => {
            format!("{hint}: --upstream http://{rest} (or http:// in --route)")
        }
        _ => hint,
    };
    // (an expired certificate's times are the hint's, in dates: said once)
    let cause = crate::proxy::tls::without_validity_times(&cause);
    Some(format!(
        "warning: upstream {shown} failed the TLS handshake{checked}: {cause}; every request will be answered 502 until it is fixed; hint: {hint}"
    ))
}

/// The start-up check of an `http://` upstream `url` (shown as `shown`) whose TCP connect
/// succeeded ([`upstream_unreachable`]): is that port TLS? One plaintext `OPTIONS *
/// HTTP/1.1` (RFC 9110 §9.3.7: asks the server, acts on nothing) and its answer, read for
/// up to `wait`: a TLS record, or a 400 "plain HTTP request to an HTTPS port" confirmed by
/// a TLS handshake, or a close without answer confirmed the same way
/// ([`crate::proxy::tls::plain_answer_says_tls`], [`crate::proxy::tls::speaks_tls`]). Then
/// the warning `warning: upstream http://H:P speaks TLS (https) on that port: ...; use
/// --upstream https://H:P` (review22 R8); `None` for an HTTP answer, another scheme, or
/// an agent that cannot be reached (the TCP warning speaks).
pub async fn upstream_speaks_tls(
    url: &str,
    shown: &str,
    wait: std::time::Duration,
) -> Option<String> {
    use tokio::io::{AsyncReadExt as _, AsyncWriteExt as _};
    let u = url::Url::parse(url).ok()?;
    if u.scheme() != "http" {
        return None;
    }
    let (addr, port) = crate::model::net::connect_target(&u)?;
    let authority = crate::model::net::authority_of(&u)?;
    let mut tcp = tokio::time::timeout(wait, tokio::net::TcpStream::connect((addr.as_str(), port)))
        .await
        .ok()?
        .ok()?;
    let request = format!(
        "OPTIONS * HTTP/1.1\r\nhost: {authority}\r\nconnection: close\r\nuser-agent: {}\r\n\r\n",
        crate::proxy::STARTUP_CHECK_USER_AGENT
    );
    tcp.write_all(request.as_bytes()).await.ok()?;
    let mut answer = Vec::new();
    let mut buf = [0u8; 1024];
    let until = tokio::time::Instant::now() + wait;
    while answer.len() < 4096 {
        match tokio::time::timeout_at(until, tcp.read(&mut buf)).await {
            Ok(Ok(n)) if n > 0 => answer.extend_from_slice(&buf[..n]),
            // closed (or reset): what came is the answer
            Ok(_) => break,
            // no (more) answer in time: an HTTP server slow to answer is not judged
            Err(_) if answer.is_empty() => return None,
            Err(_) => break,
        }
    }
    drop(tcp);
    let tls = match crate::proxy::tls::plain_answer_says_tls(&answer) {
        Some(true) if answer.first().is_some_and(|b| *b == 21 || *b == 22) => true,
        Some(false) => false,
        // a 400 naming https, or a close without answer: a handshake decides
        _ => crate::proxy::tls::speaks_tls(&u, wait).await,
    };
    if !tls {
        return None;
    }
    let https = match shown.strip_prefix("http://") {
        Some(rest) => format!("https://{rest}"),
        None => shown.to_string(),
    };
    Some(format!(
        "warning: upstream {shown} speaks TLS (https) on that port: a plain HTTP request there got {}; every request will be answered 502 (or the agent's 400) until it is fixed; hint: use --upstream {https} (or https:// in --route), with --upstream-ca FILE for a private CA",
        if answer.is_empty() {
            "no answer, and a TLS handshake succeeded".to_string()
        } else if answer.starts_with(b"HTTP/") {
            "a 400 saying plain HTTP was sent to an HTTPS port".to_string()
        } else {
            "a TLS alert".to_string()
        }
    ))
}

/// `--listen` text as a socket address: `IP:PORT`, `[IPv6]:PORT`, or `localhost:PORT`
/// (taken as 127.0.0.1, the loopback a local client reaches; no resolver involved).
pub fn parse_listen(s: &str) -> Option<SocketAddr> {
    if let Ok(a) = s.parse() {
        return Some(a);
    }
    let s = s.trim();
    if !listens_on_localhost(s) {
        return None;
    }
    let port = s[10..].parse::<u16>().ok()?;
    Some(SocketAddr::from(([127, 0, 0, 1], port)))
}

/// `--listen localhost:PORT` (any case): the proxy listens on `[::1]:PORT` as well as on
/// 127.0.0.1:PORT ([`ProxyExtras::also_ipv6_loopback`], uxb38).
pub fn listens_on_localhost(listen: &str) -> bool {
    listen
        .trim()
        .get(..10)
        .is_some_and(|h| h.eq_ignore_ascii_case("localhost:"))
}

/// `--listener LEG@ADDR=URL` whose ADDR is `localhost:PORT`: that listener listens on
/// `[::1]:PORT` too, as [`listens_on_localhost`] makes `--listen` do (ux39).
pub fn listener_on_localhost(spec: &str) -> bool {
    spec.split_once('@')
        .and_then(|(_, rest)| rest.split_once('='))
        .is_some_and(|(addr, _)| listens_on_localhost(addr))
}

/// Why `--listen` text that [`parse_listen`] refused is not an address, when its host part
/// is one: the port and its range (`port 99999 is out of range (1-65535, or 0 for any free
/// port)`, [`crate::model::net::port_problem`]), or an IPv6 address without brackets
/// (`::1:8080`). `None`: no such reading (a port alone, a host name), the caller's
/// general line applies (uxb38).
pub fn listen_why(s: &str) -> Option<String> {
    let (host, port) = s.rsplit_once(':')?;
    let v6 = host
        .strip_prefix('[')
        .and_then(|h| h.strip_suffix(']'))
        .is_some_and(|h| h.parse::<std::net::Ipv6Addr>().is_ok());
    if host == "localhost" || v6 || host.parse::<std::net::Ipv4Addr>().is_ok() {
        return crate::model::net::port_problem(port, true);
    }
    if host.parse::<std::net::Ipv6Addr>().is_ok()
        && crate::model::net::port_problem(port, true).is_none()
    {
        return Some(format!(
            "an IPv6 address takes brackets before the port: [{host}]:{port}"
        ));
    }
    None
}

/// The hint for `--listen` given a URL (`http://127.0.0.1:8080/a2a`, the form the client
/// is given): the address in it to give instead, `--listen 127.0.0.1:8080`, and that the
/// proxy serves every path when the URL has one. `None` when `s` is no URL or its
/// authority is no address [`parse_listen`] takes.
pub fn listen_of_url(s: &str) -> Option<String> {
    let u = url::Url::parse(s).ok()?;
    let host = match u.host()? {
        url::Host::Ipv6(ip) => format!("[{ip}]"),
        h => h.to_string(),
    };
    let addr = format!("{host}:{}", u.port_or_known_default()?);
    parse_listen(&addr)?;
    let path = u.path();
    Some(format!(
        "--listen takes the address the proxy binds, not a URL: --listen {addr}{}",
        if path.is_empty() || path == "/" {
            String::new()
        } else {
            format!(" (the proxy forwards every path it is sent, {path} too, to --upstream)")
        }
    ))
}

/// Checks the flags and builds the pipeline configuration (no IO but parsing).
pub fn config_from_args(a: &ProxyArgs) -> anyhow::Result<PipelineConfig> {
    let listen: SocketAddr = parse_listen(&a.listen).ok_or_else(|| {
        // a port out of range, IPv6 without brackets: say which (uxb38)
        if let Some(why) = listen_why(&a.listen) {
            return anyhow::anyhow!(
                "--listen {:?}: {why}; hint: give IP:PORT, e.g. --listen 127.0.0.1:8080",
                a.listen
            );
        }
        // a port alone (`--listen 8081`, `:8081`): name the address to give (ux20 N8)
        let hint = match a.listen.trim_start_matches(':').parse::<u16>() {
            Ok(port) => format!("give IP:PORT, e.g. --listen 127.0.0.1:{port}"),
            // a Unix-socket path (ux42): not served, and saying only IP:PORT left it open
            // whether some other spelling was
            Err(_) if crate::proxy::route::unix_socket_hint(&a.listen).is_some() => {
                "the proxy listens on TCP only (no Unix sockets): give IP:PORT, e.g. --listen 127.0.0.1:8080, and point the client there".to_string()
            }
            // a URL, as the client is given (newcomer55 N5: "give IP:PORT" alone, where
            // the address was in it)
            Err(_) if listen_of_url(&a.listen).is_some() => {
                listen_of_url(&a.listen).unwrap_or_default()
            }
            Err(_) => "give IP:PORT".to_string(),
        };
        anyhow::anyhow!(
            "--listen {:?} is not an address like 127.0.0.1:8080; hint: {hint}",
            a.listen
        )
    })?;
    if !listen.ip().is_loopback() && !a.allow_remote {
        bail!(
            "--listen {listen} is not a loopback address; the proxy records traffic, including secrets with --no-redact; hint: add --allow-remote to listen there"
        );
    }
    let mut routes: Vec<Route> = Vec::new();
    if let Some(u) = &a.upstream {
        // the URL parser drops a pasted value's surrounding blanks, so the route keeps the
        // URL without them too (ux36: `--upstream "http://h:9999 "` put the space in the
        // banner and the recording header's routes)
        let u = u.trim();
        check_upstream(u).map_err(|e| anyhow::anyhow!("--upstream: {e}"))?;
        routes.push(Route {
            prefix: "/".into(),
            upstream: card_url_to_base("--upstream", u, a.no_redact),
            leg: None,
        });
    }
    for r in &a.routes {
        let mut route = parse_route(r).map_err(|e| anyhow::anyhow!("--route: {e}"))?;
        route.upstream = card_url_to_base("--route", &route.upstream, a.no_redact);
        routes.push(route);
    }
    if routes.is_empty() && !a.forward {
        bail!("no upstream given; hint: --upstream http://127.0.0.1:9999 or --route /prefix=URL");
    }
    // two upstreams for one prefix (`--upstream U --route /=V`, `--route /a=U --route
    // /a=V`): said before any port is bound, with what to do (newcomer50 N10: "cannot
    // start the proxy on 127.0.0.1:35251" for --listen 127.0.0.1:0, and the generic
    // "--help lists the flags" hint)
    if let Err(e) = crate::proxy::route::RouteTable::new(&routes) {
        bail!(
            "{e}; hint: give each --route its own path prefix (--route /a=URL1 --route /b=URL2; --upstream URL is the route for /)"
        );
    }
    let record = if a.no_record {
        None
    } else {
        Some(a.record.clone().unwrap_or_else(default_record_path))
    };
    Ok(PipelineConfig {
        proxy: ProxyConfig {
            listen,
            routes,
            rewrite_card: a.rewrite_card,
            capture_cap: a.capture_cap,
            leg: a.leg.as_deref().and_then(leg_name),
        },
        record,
        overwrite: a.overwrite,
        redact: !a.no_redact,
        lossless: a.lossless,
        queue_bytes: a.queue_bytes,
        print_findings: !a.quiet,
    })
}

/// The upstream a route forwards to for `url`, given with `flag` (`--upstream`, `--route`,
/// `--listener`): the agent's base URL when `url` is its Agent Card URL
/// ([`crate::proxy::route::base_of_card_url`]), said in one line on stderr before the
/// banner, as `probe` and `interop` say it: `a2a-interop proxy: note: --upstream
/// http://h:9999/.well-known/agent-card.json is the Agent Card URL; forwarding to the agent
/// at http://h:9999`. Else `url` as given. newcomer55/56: the card URL was forwarded to as
/// a base (`POST /` went to `/.well-known/agent-card.json/`, 404), and the fix came at the
/// end of a 700-character warning after the first client's card fetch.
fn card_url_to_base(flag: &str, url: &str, no_redact: bool) -> String {
    match crate::proxy::route::base_of_card_url(url) {
        Some(base) => {
            crate::errln!(
                "a2a-interop proxy: note: {flag} {} is the Agent Card URL; forwarding to the agent at {}",
                shown_url(url, no_redact),
                shown_url(&base, no_redact)
            );
            base
        }
        None => url.to_string(),
    }
}

/// `--listener LEG@ADDR=URL` (repeatable): a further reverse listener on ADDR forwarding to
/// URL, its events stamped with leg LEG; same capture cap and card rewrite as the main one.
///
/// Errors: text not of that shape, a bad address or URL, a non-loopback address without
/// `--allow-remote`.
pub fn extra_listeners(a: &ProxyArgs, main: &PipelineConfig) -> anyhow::Result<Vec<ProxyConfig>> {
    let mut out = Vec::new();
    for spec in &a.listeners {
        let (leg, rest) = spec.split_once('@').ok_or_else(|| {
            anyhow::anyhow!("--listener {spec:?} is not LEG@ADDR=URL; hint: e.g. --listener upstream@127.0.0.1:8081=http://127.0.0.1:9999")
        })?;
        let (addr, url) = rest.split_once('=').ok_or_else(|| {
            anyhow::anyhow!("--listener {spec:?} is not LEG@ADDR=URL; hint: e.g. --listener upstream@127.0.0.1:8081=http://127.0.0.1:9999")
        })?;
        // `localhost:PORT` as `--listen` takes it; a port alone gets the spec to type
        // with the address in (newcomer30 N4)
        let listen: SocketAddr = parse_listen(addr).ok_or_else(|| {
            if let Some(why) = listen_why(addr) {
                return anyhow::anyhow!(
                    "--listener {spec:?}: {addr:?}: {why}; hint: e.g. --listener upstream@127.0.0.1:8081=http://127.0.0.1:9999"
                );
            }
            match addr.trim_start_matches(':').parse::<u16>() {
                Ok(port) => anyhow::anyhow!(
                    "--listener {spec:?}: {addr:?} is not IP:PORT; hint: give the address too: --listener {leg}@127.0.0.1:{port}={url}"
                ),
                Err(_) => anyhow::anyhow!("--listener {spec:?}: {addr:?} is not IP:PORT; hint: e.g. --listener upstream@127.0.0.1:8081=http://127.0.0.1:9999"),
            }
        })?;
        if !listen.ip().is_loopback() && !a.allow_remote {
            bail!("--listener {listen} is not a loopback address; hint: add --allow-remote");
        }
        let url = url.trim();
        check_upstream(url).map_err(|e| anyhow::anyhow!("--listener {spec:?}: {e}"))?;
        let url = &card_url_to_base("--listener", url, a.no_redact);
        // The address of another listener of this run (`--listen`, an earlier
        // `--listener`): its bind failed "address already in use" with the hint to stop
        // "the other process", which was this one (newcomer47 N14).
        let shares = |other: SocketAddr| {
            listen.port() != 0
                && other.port() == listen.port()
                && (other.ip() == listen.ip()
                    || other.ip().is_unspecified()
                    || listen.ip().is_unspecified())
        };
        let taken = std::iter::once((main.proxy.listen, "--listen".to_string()))
            .chain(out.iter().map(|o: &ProxyConfig| {
                let leg = o.leg.as_deref().unwrap_or("");
                (o.listen, format!("--listener {leg}@..."))
            }))
            .find(|(other, _)| shares(*other));
        if let Some((other, flag)) = taken {
            bail!(
                "--listener {spec:?}: {listen} is where {flag} listens already ({other}): each leg needs a port of its own; hint: give the {leg} leg another port, e.g. --listener {leg}@{}:{}={url}, and point that hop (the gateway's upstream) at it",
                listen.ip(),
                listen.port().checked_add(1).unwrap_or(1)
            );
        }
        out.push(ProxyConfig {
            listen,
            routes: vec![Route {
                prefix: "/".into(),
                upstream: url.to_string(),
                leg: None,
            }],
            rewrite_card: main.proxy.rewrite_card,
            capture_cap: main.proxy.capture_cap,
            leg: leg_name(leg),
        });
    }
    Ok(out)
}

/// Refuses (exit 2) an `--upstream`, `--route` or `--listener` target that is one of this
/// proxy's own listen addresses (`--listen`, a `--listener` ADDR): every request sent there
/// would come back to the proxy, which forwards it again, until every file descriptor is
/// used up (breaker10n N1). Host names (`localhost`) are resolved; a listener on `0.0.0.0`
/// / `[::]` is reached through any local address with its port
/// ([`crate::proxy::forward::listener_reaches`], the check forward mode makes per request).
/// A name that does not resolve is left to fail at connect time (502, no loop).
///
/// # Errors
/// One line naming the flag, the target and the listen address it reaches, with a hint.
pub fn refuse_own_address(
    a: &ProxyArgs,
    main: &ProxyConfig,
    more: &[ProxyConfig],
) -> anyhow::Result<()> {
    use std::net::ToSocketAddrs as _;
    let mut listens: Vec<(SocketAddr, String)> = vec![(main.listen, "--listen".to_string())];
    // `localhost:PORT` listens on `[::1]:PORT` too (uxb38): that twin is reached by
    // `http://[::1]:PORT` (attack58: the check is exact per address family now)
    let twin = |l: SocketAddr| SocketAddr::from((std::net::Ipv6Addr::LOCALHOST, l.port()));
    if listens_on_localhost(&a.listen) && main.listen.ip().is_loopback() {
        listens.push((twin(main.listen), format!("--listen {}", a.listen.trim())));
    }
    for (m, spec) in more.iter().zip(&a.listeners) {
        listens.push((m.listen, format!("--listener {spec}")));
        if listener_on_localhost(spec) && m.listen.ip().is_loopback() {
            listens.push((twin(m.listen), format!("--listener {spec}")));
        }
    }
    let mut targets: Vec<(String, String)> = Vec::new();
    for r in &main.routes {
        let given = a.upstream.as_deref().map(|u| {
            crate::proxy::route::base_of_card_url(u).unwrap_or_else(|| u.trim().to_string())
        });
        let flag = if r.prefix == "/" && given.as_deref() == Some(r.upstream.as_str()) {
            format!("--upstream {}", r.upstream)
        } else {
            format!("--route {}={}", r.prefix, r.upstream)
        };
        targets.push((r.upstream.clone(), flag));
    }
    for (m, spec) in more.iter().zip(&a.listeners) {
        for r in &m.routes {
            targets.push((r.upstream.clone(), format!("--listener {spec}")));
        }
    }
    for (url, flag) in &targets {
        let Ok(u) = url::Url::parse(url) else {
            continue;
        };
        let Some(port) = u.port_or_known_default() else {
            continue;
        };
        let ips: Vec<std::net::IpAddr> = match u.host() {
            Some(url::Host::Ipv4(ip)) => vec![ip.into()],
            Some(url::Host::Ipv6(ip)) => vec![ip.into()],
            Some(url::Host::Domain(d)) => (d, port)
                .to_socket_addrs()
                .map(|it| it.map(|sa| sa.ip()).collect())
                .unwrap_or_default(),
            None => continue,
        };
        for (listen, lflag) in &listens {
            if ips
                .iter()
                .any(|ip| crate::proxy::forward::listener_reaches(*listen, *ip, port))
            {
                let shown = shown_url(url, a.no_redact);
                let flag = flag.replace(url.as_str(), &shown);
                let lflag = if lflag == "--listen" {
                    format!("--listen {listen}")
                } else {
                    lflag.clone()
                };
                bail!(
                    "{flag} names this proxy's own listen address ({lflag}): every request would come back to the proxy and be forwarded again (a request loop); hint: point {} at the agent's address, not at the proxy's",
                    flag.split_whitespace().next().unwrap_or("the upstream")
                );
            }
        }
    }
    Ok(())
}

/// `--leg` text to the event's leg: `client` (the client-facing hop) is the absent leg.
fn leg_name(s: &str) -> Option<String> {
    match s.trim() {
        "" | "client" => None,
        other => Some(other.to_string()),
    }
}

/// The banner's last line, for scripts and test drivers that start the proxy on port 0
/// (`--listen 127.0.0.1:0`, `--listener LEG@127.0.0.1:0=URL`) and must learn the ports it
/// bound: `  ready: listen=IP:PORT` (indented as the banner's other lines) and then `listener=LEG@IP:PORT` for each
/// `--listener` in command-line order (`--webhook`'s last), LEG `client` when unnamed; an
/// IPv6 address in brackets. Every address is bound when it is printed, and its words do
/// not change with the human lines above it. `listen`: the `--listen` address bound;
/// `extra`: [`Pipeline::extra_addrs`] (its `[::1]` twins past `cfgs` are not named);
/// `cfgs`: the further listeners' configurations, in that order.
fn ready_line(listen: SocketAddr, extra: &[SocketAddr], cfgs: &[ProxyConfig]) -> String {
    let mut line = format!("{READY_PREFIX}listen={listen}");
    for (addr, pc) in extra.iter().zip(cfgs) {
        let leg = pc.leg.as_deref().unwrap_or("client");
        line.push_str(&format!(" listener={leg}@{addr}"));
    }
    line
}

/// What [`ready_line`] starts with.
pub const READY_PREFIX: &str = "  ready: ";

/// A configured upstream URL as the banner shows it: its userinfo password and secret query
/// values redacted ([`crate::record::redact::redact_url`]) unless `--no-redact`.
fn shown_url(url: &str, no_redact: bool) -> std::borrow::Cow<'_, str> {
    if no_redact {
        std::borrow::Cow::Borrowed(url)
    } else {
        crate::record::redact::redact_url(url)
    }
}

/// `recordings/proxy-<UTC time to the millisecond>.jsonl`, e.g.
/// `recordings/proxy-20261201T054725.123Z.jsonl` ([`unique_record_path`]).
pub fn default_record_path() -> PathBuf {
    unique_record_path("proxy")
}

/// A new recording path `recordings/<prefix>-<UTC time, ms>Z.jsonl` that no file holds yet:
/// the name is reserved by creating it empty and exclusively (`O_EXCL`), with `-2`, `-3`, ...
/// appended while the name is taken. A restart within the same second (or millisecond), or
/// two runs started together from one script, never overwrite or collide with each other's
/// recording. When `recordings/` cannot be created, the plain name is returned and the
/// start-up check reports the cause.
pub fn unique_record_path(prefix: &str) -> PathBuf {
    let dir = PathBuf::from("recordings");
    let t = chrono::Utc::now().format("%Y%m%dT%H%M%S%.3fZ");
    let first = dir.join(format!("{prefix}-{t}.jsonl"));
    if std::fs::create_dir_all(&dir).is_err() {
        return first;
    }
    for n in 1..1000u32 {
        let p = if n == 1 {
            first.clone()
        } else {
            dir.join(format!("{prefix}-{t}-{n}.jsonl"))
        };
        match std::fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&p)
        {
            Ok(_) => return p,
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => continue,
            Err(_) => return p,
        }
    }
    first
}

async fn run_async(
    a: ProxyArgs,
    cfg: PipelineConfig,
    ext: ProxyExtras,
) -> anyhow::Result<ExitCode> {
    let listen = cfg.proxy.listen;
    let routes = cfg.proxy.routes.clone();
    let record = cfg.record.clone();
    let untapped = ext.forward.as_ref().map(|f| f.untapped.clone());
    let tls_ports = ext.tls_ports.clone();
    if let (Some(rec), Some(rep)) = (&record, &a.report) {
        if crate::record::outfile::same_file(rec, rep) {
            bail!(
                "--report {} is the recording file: the report would replace the recording at shutdown; hint: give --report another path (e.g. {})",
                rep.display(),
                super::sh_path(&rec.with_extension("md"))
            );
        }
    }
    if let Some(p) = &record {
        check_record_path(p, a.overwrite)?;
    }
    // --baseline read now: a malformed one costs no run (exit 2 before the banner)
    let wants_baseline = a.baseline.baseline.is_some() || a.baseline.write_baseline.is_some();
    if wants_baseline && record.is_none() {
        bail!(
            "--baseline and --write-baseline judge the recording when the proxy stops, and --no-record keeps none; hint: drop --no-record (or give --record FILE)"
        );
    }
    let loaded_baseline = {
        let inputs: Vec<&Path> = record.iter().map(PathBuf::as_path).collect();
        super::load_baseline(&a.baseline, &inputs).map_err(anyhow::Error::msg)?
    };
    if let Some(p) = &a.report {
        check_report_path(p, a.format)?;
        // `--format json --report out.html`: said before the run, not found at its end (ux37)
        if let Some(w) = a.format.and_then(|f| {
            crate::app::verify_cmd::format_clash(
                crate::app::verify_cmd::format_of(f),
                p,
                "--report",
            )
        }) {
            crate::errln!("a2a-interop proxy: {w}");
        }
    }
    // Install the signal handlers before anything is announced: a SIGTERM that arrives
    // right after the banner must end the run cleanly, not kill the process.
    let signals = stop_signals()?;
    let stop = {
        let mut first = signals.clone();
        async move {
            let _ = first.wait_for(|n| *n >= 1).await;
        }
    };
    // A file size limit (RLIMIT_FSIZE, `ulimit -f`) must fail the write (EFBIG, handled by
    // --on-record-error), not kill the proxy with SIGXFSZ mid-traffic. SIGXFSZ is 25 on
    // Linux (x86, ARM, RISC-V) and macOS; a handler replaces the default action (core dump).
    #[cfg(any(target_os = "linux", target_os = "macos"))]
    let _xfsz = tokio::signal::unix::signal(tokio::signal::unix::SignalKind::from_raw(25))
        .context("cannot install SIGXFSZ handler")?;
    let more_cfgs = ext.more.clone();
    let forward = ext.forward.is_some();
    let intercept_ca = ext
        .forward
        .as_ref()
        .and_then(|f| f.intercept.as_ref())
        .map(|i| i.ca_dir.join(crate::proxy::tls::CA_CERT_FILE));
    let scheme = if ext.tls.is_some() { "https" } else { "http" };
    let allow = ext
        .forward
        .as_ref()
        .map(|f| f.allow_hosts.join(" "))
        .unwrap_or_default();
    let pipeline = match Pipeline::start_judged(cfg, ext, loaded_baseline.clone()).await {
        Ok(p) => p,
        Err(e) => {
            // the default name was reserved empty (`unique_record_path`): nothing to keep
            if let (None, Some(p)) = (&a.record, &record) {
                remove_if_empty(p);
            }
            return Err(explain_start_error(e, listen));
        }
    };
    // The recording as this process created it: the report is built from this handle, not
    // by reopening the path, which may by exit name another file or none (breaker10n N3).
    let held = record.as_deref().and_then(HeldRecording::open);
    match pipeline.ipv6_loopback() {
        // `--listen localhost:PORT`: both addresses localhost names (uxb38)
        Some(Ok(a6)) => crate::errln!(
            "a2a-interop proxy listening on {scheme}://{} and {scheme}://{a6} (localhost)",
            pipeline.proxy_addr()
        ),
        Some(Err(why)) => {
            crate::errln!(
                "a2a-interop proxy listening on {scheme}://{}",
                pipeline.proxy_addr()
            );
            crate::errln!(
                "  {}",
                crate::app::pipeline::localhost_v6_note(
                    pipeline.proxy_addr().port(),
                    "",
                    why,
                    &format!("{scheme}://{}", pipeline.proxy_addr())
                )
            );
        }
        None => crate::errln!(
            "a2a-interop proxy listening on {scheme}://{}",
            pipeline.proxy_addr()
        ),
    }
    if let Some(ca) = &intercept_ca {
        crate::errln!(
            "  intercepting TLS: clients must trust the CA certificate {}",
            ca.display()
        );
    }
    for (i, (addr, pc)) in pipeline.extra_addrs().iter().zip(&more_cfgs).enumerate() {
        let leg = pc.leg.as_deref().unwrap_or("client");
        let v6 = pipeline
            .more_ipv6_loopback()
            .get(i)
            .and_then(Option::as_ref);
        // `--listener LEG@localhost:PORT=URL`: both addresses localhost names (ux39)
        let also = match v6 {
            Some(Ok(a6)) => format!(" and http://{a6} (localhost)"),
            _ => String::new(),
        };
        for r in &pc.routes {
            crate::errln!(
                "  listener http://{addr}{also} (leg {leg}) -> {}",
                shown_url(&r.upstream, a.no_redact)
            );
        }
        if let Some(Err(why)) = v6 {
            crate::errln!(
                "  {}",
                crate::app::pipeline::localhost_v6_note(
                    addr.port(),
                    &format!(" for leg {leg}"),
                    why,
                    &format!("http://{addr}")
                )
            );
        }
    }
    if forward {
        crate::errln!(
            "  forward mode: export HTTP_PROXY=http://{0} HTTPS_PROXY=http://{0}",
            pipeline.proxy_addr()
        );
        if !allow.is_empty() {
            crate::errln!("  allowed hosts: {allow}");
        }
    }
    for r in &routes {
        crate::errln!(
            "  route {} -> {}",
            r.prefix,
            shown_url(&r.upstream, a.no_redact)
        );
        if let Ok(u) = url::Url::parse(&r.upstream) {
            // The upstream URL is a base: each request's own path and query are appended
            // to its scheme, host, port and path (docs/recording-format.md, redaction).
            if !u.username().is_empty() || u.password().is_some() || u.query().is_some() {
                crate::errln!(
                    "  warning: the upstream URL's user:password@ and ?query are not sent to the agent (each request's own path and query go to {}://{}{}); give credentials through the client",
                    u.scheme(),
                    u.host_str().unwrap_or(""),
                    u.port().map(|p| format!(":{p}{}", u.path())).unwrap_or_else(|| u.path().to_string())
                );
            }
        }
    }
    // A gateway's two legs (ux48): the one thing the command line cannot do, said where
    // the run starts: the gateway and the client must be pointed at the tool's listeners.
    if !forward {
        let calls: Vec<String> = pipeline
            .extra_addrs()
            .iter()
            .zip(&more_cfgs)
            .filter(|(_, pc)| pc.leg.as_deref() != Some("webhook"))
            .filter_map(|(addr, pc)| {
                let r = pc.routes.first()?;
                Some(format!(
                    "    the gateway must call http://{addr} (leg {}), not {}",
                    pc.leg.as_deref().unwrap_or("client"),
                    shown_url(&r.upstream, a.no_redact)
                ))
            })
            .collect();
        // a row per leg, each ending with the URL it names (newcomer58: one row of 130
        // characters, the front's URL mid-line, wrapped on an 80-column terminal)
        if !calls.is_empty() {
            crate::errln!(
                "  gateway set-up: clients call {scheme}://{};\n{}",
                pipeline.proxy_addr(),
                calls.join(", and\n")
            );
        }
    }
    // push deliveries (ux49): the agent delivers to the url of the push config, so that
    // url must be the webhook listener's, which forwards to the client's webhook
    for (addr, pc) in pipeline.extra_addrs().iter().zip(&more_cfgs) {
        if pc.leg.as_deref() != Some("webhook") {
            continue;
        }
        let Some(r) = pc.routes.first() else { continue };
        // the --webhook listener's (another `--listener webhook@...` has its own target)
        let mine = a
            .webhook
            .as_ref()
            .filter(|u| webhook_origin(u).is_ok_and(|o| o == r.upstream));
        let (give, real) = match mine {
            Some(u) => (
                webhook_url_at(u, &addr.to_string()),
                shown_url(u, a.no_redact).into_owned(),
            ),
            None => (
                format!("http://{addr}/PATH"),
                format!(
                    "{}/PATH",
                    shown_url(&r.upstream, a.no_redact).trim_end_matches('/')
                ),
            ),
        };
        crate::errln!(
            "  push set-up: put {give} in the push config (the url the client sends in its send or set call), not {real}: the agent delivers to that url, the proxy records each delivery and forwards it to {real}"
        );
    }
    // One TCP connect to each upstream, off the listener's path: a warning for an agent
    // that is not there (yet), so a run that will answer only 502s says why at once.
    let mut checked: Vec<&str> = Vec::new();
    // a run with a gateway leg beside the front (not a push receiver's): the front's
    // upstream is the gateway
    let gateway_legs = more_cfgs.iter().any(|pc| {
        pc.leg.as_deref().is_some_and(|l| {
            let l = l.to_ascii_lowercase();
            !l.contains("webhook") && !l.contains("push")
        })
    });
    let tls_check = UpstreamTlsCheck {
        ca: a.upstream_ca.clone(),
        insecure: a.insecure_upstream,
        sni: a.upstream_sni.clone(),
    };
    for (url, what) in routes
        .iter()
        .map(|r| {
            (
                r.upstream.as_str(),
                if gateway_legs { "gateway" } else { "agent" },
            )
        })
        .chain(
            more_cfgs
                .iter()
                .flat_map(|pc| pc.routes.iter())
                .map(|r| (r.upstream.as_str(), "agent")),
        )
    {
        if checked.contains(&url) {
            continue;
        }
        checked.push(url);
        let url = url.to_string();
        let shown = shown_url(&url, a.no_redact).into_owned();
        let tls = tls_check.clone();
        let tls_ports = tls_ports.clone();
        tokio::spawn(async move {
            if let Some(w) =
                upstream_unreachable_as(&url, &shown, what, UPSTREAM_CHECK_TIMEOUT).await
            {
                crate::errln!("  {w}");
            } else if let Some(w) =
                upstream_tls_failed(&url, &shown, &tls, UPSTREAM_CHECK_TIMEOUT).await
            {
                // an untrusted certificate or an agent that speaks no TLS, said now
                // rather than as the first call's 502 (q22 Q3)
                crate::errln!("  {w}");
            } else if let Some(w) = upstream_speaks_tls(&url, &shown, UPSTREAM_CHECK_TIMEOUT).await
            {
                // the other way round: http:// to a port that speaks TLS (review22 R8);
                // a request's 502 then says it too
                if let Some(o) = url::Url::parse(&url)
                    .ok()
                    .as_ref()
                    .and_then(crate::model::net::authority_of)
                {
                    tls_ports.mark(&o);
                }
                crate::errln!("  {w}");
            }
        });
    }
    match &record {
        Some(p) if a.no_redact => crate::errln!(
            "  recording to {} (NOT redacted: secrets kept; file mode 0600){}",
            p.display(),
            full_path_note(p)
        ),
        Some(p) => crate::errln!("  recording to {}{}", p.display(), full_path_note(p)),
        None => crate::errln!("  not recording (--no-record)"),
    }
    if a.capture_cap == 0 {
        crate::errln!(
            "  warning: --capture-cap 0 records no bodies: every verdict that needs a body (cards, JSON-RPC, streams) is skipped"
        );
    }
    if let Some(p) = &a.report {
        crate::errln!(
            "  report on exit: {} ({})",
            p.display(),
            crate::report::Format::as_str(report_format(p, a.format))
        );
    }
    if record.is_some() && a.on_record_error == OnRecordError::Stop {
        crate::errln!("  a failed recording write stops the proxy (--on-record-error stop)");
    }
    crate::errln!("  Ctrl-C, SIGTERM or SIGHUP ends the run");
    crate::errln!(
        "{}",
        ready_line(pipeline.proxy_addr(), &pipeline.extra_addrs(), &more_cfgs)
    );
    let failed = pipeline.sink().record_error();
    let stopped_by_record_error = match a.on_record_error {
        OnRecordError::Stop => tokio::select! {
            _ = stop => false,
            _ = failed => true,
        },
        OnRecordError::Continue => {
            let announce = tokio::spawn(async move {
                failed.await;
                crate::errln!(
                    "a2a-interop proxy: traffic is still forwarded and verified, but no longer recorded (--on-record-error continue; `stop` ends the run instead); hint: free space where the recording is (or lift the file size limit) and restart the proxy with a new --record path to record again; the stop's summary (and --report) still counts every finding seen live"
                );
            });
            stop.await;
            announce.abort();
            false
        }
    };
    if stopped_by_record_error {
        crate::errln!(
            "a2a-interop proxy: stopping: the recording cannot be written (--on-record-error stop); finishing in-flight exchanges"
        );
    } else if hung_up() {
        crate::errln!("a2a-interop proxy: stopping (SIGHUP: the terminal or ssh session closed)");
    } else {
        // which signal it was, so the lines below that offer a second one make sense to a
        // run stopped by `kill` or a service manager (ux34: "Ctrl-C again" after SIGTERM)
        crate::errln!(
            "a2a-interop proxy: stopping ({})",
            crate::report::model::stop_cause()
        );
    }
    // how the lines below name a further stop signal: "Ctrl-C again" after Ctrl-C, "a
    // second SIGTERM (or Ctrl-C)" after SIGTERM
    let again_words = crate::report::model::stop_again();
    // Say what the wait is for, and let a further Ctrl-C cut it short (ux: a silent
    // grace and a long report write looked like a hang).
    // the signals counted so far: any later one is a "Ctrl-C again", even one that comes
    // before the task below first runs
    let seen = *signals.borrow();
    let open = pipeline.open_exchanges();
    // Set while the waiting line is the last thing said about a Ctrl-C: the next one ends
    // that wait only, even when the wait ran out a moment before it came (newcomer23 N3).
    let wait_offer = Arc::new(std::sync::atomic::AtomicBool::new(false));
    if let Some(line) = waiting_line(open, a.shutdown_grace, again_words) {
        wait_offer.store(true, std::sync::atomic::Ordering::SeqCst);
        crate::errln!("a2a-interop proxy: {line}");
    }
    let phase = Arc::new(std::sync::atomic::AtomicU8::new(PHASE_DRAINING));
    let skipped = Arc::new(std::sync::Mutex::new(CutLines::default()));
    // The recorder and the online verifier may be behind the traffic (large bodies on a
    // loaded machine): say so while they catch up, rather than a silent minute after
    // "stopping" (q21), and let a further Ctrl-C cut the verification short (q22 Q1).
    let backlog = StopBacklog {
        to_write: pipeline.sink().clone(),
        to_verify: pipeline.verifier_backlog(),
        stop_verifying: pipeline.stop_verifying(),
    };
    let again = tokio::spawn(further_signals(
        signals,
        seen,
        pipeline.stop_now(),
        phase.clone(),
        wait_offer.clone(),
        skipped.clone(),
        backlog.clone(),
    ));
    let catching_up = {
        let phase = phase.clone();
        let wait_offer = wait_offer.clone();
        let recording = record.is_some();
        tokio::spawn(async move {
            let mut tick = tokio::time::interval_at(
                tokio::time::Instant::now() + CATCH_UP_FIRST,
                CATCH_UP_EVERY,
            );
            loop {
                tick.tick().await;
                let (w, v) = backlog.counts();
                let now_phase = phase.load(std::sync::atomic::Ordering::SeqCst);
                let line = match now_phase {
                    PHASE_CLOSING => finishing_line(w, v, false, again_words),
                    PHASE_CUT => finishing_line(w, v, true, again_words),
                    PHASE_VERIFYING => catching_up_line(v, recording, again_words),
                    _ => catching_up_line(v, false, again_words),
                };
                if let Some(line) = line {
                    if now_phase != PHASE_DRAINING {
                        // this line says what a Ctrl-C does now: the waiting line's offer
                        // is over
                        wait_offer.store(false, std::sync::atomic::Ordering::SeqCst);
                    }
                    crate::errln!("a2a-interop proxy: {line}");
                }
            }
        })
    };
    let recorded = pipeline
        .finish_recording(|| {
            let _ = phase.compare_exchange(
                PHASE_DRAINING,
                PHASE_CLOSING,
                std::sync::atomic::Ordering::SeqCst,
                std::sync::atomic::Ordering::SeqCst,
            );
        })
        .await;
    let recorded = match recorded {
        Ok(r) => r,
        Err(e) => {
            catching_up.abort();
            return Err(e);
        }
    };
    // The recording is closed whole here: said now, before the verifier's catch-up, and
    // copied back out if its path was deleted or replaced during the run.
    let mut kept = recorded.recording().map(Path::to_path_buf);
    if let Some(p) = recorded.recording() {
        crate::errln!(
            "a2a-interop proxy: {}",
            recorded_line(recorded.recorder(), p)
        );
    }
    let source = match (&held, recorded.recording()) {
        (Some(h), Some(rec)) => {
            if let Some((line, at)) = h.moved_line(rec) {
                crate::errln!("a2a-interop proxy: {line}");
                kept = at;
            }
            Some(h.read_path())
        }
        _ => None,
    };
    // A further Ctrl-C from here on exits at once; one while the recording was being
    // finished exits now that it is complete (q22 Q1).
    let cut_while_closing = {
        let mut cut = skipped
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        cut.recording.clone_from(&kept);
        cut.report = a.report.clone();
        cut.lost = recorded.recorder().dropped_events + recorded.recorder().unwritten_events;
        match phase.compare_exchange(
            PHASE_CLOSING,
            PHASE_VERIFYING,
            std::sync::atomic::Ordering::SeqCst,
            std::sync::atomic::Ordering::SeqCst,
        ) {
            Err(PHASE_CUT) => Some(catch_up_cut_line(
                cut.unverified,
                cut.recording.as_deref(),
                cut.report.as_deref(),
                cut.lost,
            )),
            _ => None,
        }
    };
    if let Some(line) = cut_while_closing {
        catching_up.abort();
        crate::errln!("a2a-interop proxy: {line}");
        std::process::exit(128 + i32::from(LAST_SIGNAL.load(std::sync::atomic::Ordering::Relaxed)));
    }
    let outcome = recorded.verified().await;
    catching_up.abort();
    phase.store(
        phase_after_verify(a.report.is_some()),
        std::sync::atomic::Ordering::SeqCst,
    );
    let outcome = outcome?;
    let s = &outcome.recorder;
    if let Some(line) = capped_line(&outcome.verify.incomplete, a.capture_cap) {
        crate::errln!("a2a-interop proxy: {line}");
    }
    if let Some(t) =
        crate::report::text::push_unreached_text(&outcome.verify.push_unreached, str::to_string)
    {
        crate::errln!("a2a-interop proxy: note: {t}");
    }
    for line in cut_open_lines(
        &outcome.verify.incomplete,
        &outcome.verify.open_at_end,
        a.shutdown_grace,
    ) {
        crate::errln!("a2a-interop proxy: {line}");
    }
    if let Some(line) =
        untapped.and_then(|n| untapped_line(n.load(std::sync::atomic::Ordering::Relaxed)))
    {
        crate::errln!("a2a-interop proxy: {line}");
    }
    // no client ever connected: the run ends with what to check, not "0 events recorded"
    // alone (ux34)
    if outcome.verify.events == 0 && s.events == 0 {
        crate::errln!(
            "a2a-interop proxy: {}",
            no_traffic_line(&outcome.header.listen, forward)
        );
    }
    // the run's baseline applied once, on the recording read back (a finding's location is
    // its exchange's request): `--write-baseline` written, known findings not counted
    let mut counted: Option<Vec<crate::verify::Finding>> = None;
    let mut judge_baseline = None;
    let mut summary = None;
    if wants_baseline {
        let mut input = report_input(&outcome, source.as_deref())?;
        super::apply_baseline(
            &a.baseline,
            loaded_baseline.clone(),
            &mut input,
            "a2a-interop proxy",
        )
        .map_err(anyhow::Error::msg)?;
        counted = Some(input.counted_findings().into_iter().cloned().collect());
        judge_baseline = input.baseline.clone();
        if a.report.is_none() {
            summary = report::Report::build(&input).baseline;
        }
    }
    if a.report.is_none() {
        // what the run found, said once at the stop (newcomer27 N1), with `N known, M new`
        // by a baseline as verify's line says it (open47)
        if let Some(line) = findings_line(&outcome, summary.as_ref()) {
            crate::errln!("a2a-interop proxy: {line}");
        }
        // said here; with --report the report's own line follows it
        if let Some(b) = &summary {
            crate::errln!("a2a-interop proxy: {}", b.line());
        }
    }
    if let Some(path) = &a.report {
        // the writing line says what a Ctrl-C does now; both name the recording as kept
        // (newcomer32 N4: a replaced one's `.recovered-N.jsonl`, not the path that now
        // holds another file)
        wait_offer.store(false, std::sync::atomic::Ordering::SeqCst);
        skipped
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .report_line = Some(report_skipped_line(
            path,
            kept.as_deref(),
            s.unwritten_events,
            s.dropped_events,
        ));
        crate::errln!(
            "a2a-interop proxy: {}",
            report_writing_line(
                path,
                s.events,
                kept.as_deref(),
                s.unwritten_events,
                s.dropped_events,
                again_words,
            )
        );
        let written = write_report(
            path,
            a.format,
            &outcome,
            source.as_deref(),
            a.fail_on,
            judge_baseline.clone(),
        );
        // where the report went, said (newcomer19 N12: a Ctrl-C'd run ended with the
        // recording line only), and what it holds (newcomer27 N1: a long run's findings
        // had scrolled away, and the stop said no count)
        if let Ok((format, built)) = &written {
            crate::errln!(
                "a2a-interop proxy: {}",
                report_written_line(path, *format, built)
            );
            if let Some(b) = &built.baseline {
                crate::errln!("a2a-interop proxy: {}", b.line());
            }
        }
        if let Err(e) = written {
            // The findings exist nowhere else (a full disk also cut the recording): print
            // the report on stderr rather than lose it (breaker10n N10).
            report_fallback(path, &outcome, source.as_deref());
            let cause = format!("{e:#}");
            if cause.starts_with(READ_BACK) {
                bail!(
                    "{cause}; hint: the report was printed above instead; the recording file was emptied, replaced or removed while the proxy ran (logrotate, a cleanup job, another run): keep other processes off it, and rotate by restarting the proxy with a fresh --record path"
                );
            }
            let cause = if cause.starts_with("cannot write") {
                cause
            } else {
                format!("cannot write report {}: {cause}", path.display())
            };
            let fix = super::full_disk_hint(&cause, "--report").unwrap_or_else(|| {
                "free disk space or give --report another path next time".to_string()
            });
            bail!("{cause}; hint: the report was printed above instead; {fix}");
        }
    }
    if stopped_by_record_error {
        let p = outcome
            .recording
            .as_deref()
            .map(|p| p.display().to_string())
            .unwrap_or_default();
        let cause = s.write_error.as_deref().unwrap_or("write error");
        bail!(
            "recording {p} failed: {cause}; the proxy stopped (--on-record-error stop); hint: {} or pick another --record path; --on-record-error continue keeps the traffic flowing",
            room_hint(cause)
        );
    }
    phase.store(PHASE_DONE, std::sync::atomic::Ordering::SeqCst);
    again.abort();
    // with a baseline, only the findings it does not know count
    let counted = counted.as_deref().unwrap_or(&outcome.verify.findings);
    let code = exit_code(counted, a.fail_on);
    if let Some(line) = fail_on_line(
        &outcome,
        counted,
        a.fail_on,
        a.report.as_deref(),
        !a.quiet,
        hung_up(),
    ) {
        crate::errln!("a2a-interop proxy: {line}");
    }
    Ok(code)
}

/// The closing line of a run that `--fail-on` makes exit 1, e.g.
/// `exit 1: 2 findings at or above error (reports: out/fo.junit)`: a CI log shows why the
/// step failed even with `-q`. `None` when the exit is 0.
///
/// `printed`: the findings were printed live (no `-q`); otherwise the line names them
/// (rule IDs and counts, most frequent first) instead of pointing "above" at nothing
/// (newcomer19 N3). `hung_up`: a SIGHUP ended the run, so the process exits 129 (128 +
/// SIGHUP) whatever the findings: the line says that status, and that `--fail-on` alone
/// would have made it 1 (newcomer19 N4: it said "exit 1" and the process exited 129).
pub fn fail_on_line(
    o: &RunOutcome,
    counted: &[crate::verify::Finding],
    fail_on: FailOn,
    report: Option<&Path>,
    printed: bool,
    hung_up: bool,
) -> Option<String> {
    let floor = severity_floor(fail_on)?;
    // counted as the summary line above it counts them: a finding seen again is one, with
    // how often it was seen (newcomer28 N1: "exit 1: 25 findings" under "findings: 1 error")
    let at_floor: Vec<_> = counted
        .iter()
        .filter(|f| f.severity >= floor)
        .cloned()
        .collect();
    let grouped = crate::report::group_findings(&at_floor);
    let mut by_rule: Vec<(String, usize)> = Vec::new();
    for f in &grouped {
        match by_rule.iter_mut().find(|(r, _)| *r == f.rule) {
            Some((_, n)) => *n += 1,
            None => by_rule.push((f.rule.clone(), 1)),
        }
    }
    let n = grouped.len();
    if n == 0 {
        return None;
    }
    let seen: u64 = grouped.iter().map(|g| g.seen).sum();
    let what = match (n, seen as usize > n) {
        (1, false) => "finding".to_string(),
        (_, false) => "findings".to_string(),
        (1, true) => format!("finding (seen {seen} times)"),
        (_, true) => format!("findings (seen {seen} times)"),
    };
    let level = floor.as_str();
    let place = match (report, &o.recording, printed) {
        (Some(r), ..) => format!("report: {}", r.display()),
        (None, Some(rec), _) => format!("`a2a-interop report {}` shows them", super::sh_path(rec)),
        (None, None, true) => "they were printed above as they happened".to_string(),
        (None, None, false) => {
            "-q did not print them and nothing recorded them: rerun without -q, or with --report FILE".to_string()
        }
    };
    let named = if printed {
        String::new()
    } else {
        by_rule.sort_by_key(|r| std::cmp::Reverse(r.1));
        let list: Vec<String> = by_rule.iter().map(|(r, k)| format!("{r} ({k})")).collect();
        format!(": {}", list.join(", "))
    };
    let status = if hung_up {
        "exit 129 (SIGHUP ended the run; --fail-on alone would exit 1)"
    } else {
        "exit 1"
    };
    Some(format!(
        "{status}: {n} {what} at or above {level} (--fail-on {level}){named}; {place}"
    ))
}

fn severity_floor(fail_on: FailOn) -> Option<Severity> {
    match fail_on {
        FailOn::Error => Some(Severity::Error),
        FailOn::Warning => Some(Severity::Warning),
        FailOn::Note => Some(Severity::Note),
        FailOn::Never => None,
    }
}

/// The closing line about the recording: events written, dropped (queue full) and not
/// written (file failed), e.g. `120 events recorded in rec.jsonl` or
/// `40 of 120 events recorded in rec.jsonl; 80 not written: No space left on device (os error 28)`.
pub fn recorded_line(s: &RecorderStats, path: &Path) -> String {
    let written = s.events.saturating_sub(s.unwritten_events);
    let mut line = if s.unwritten_events > 0 || s.write_error.is_some() {
        format!(
            "{written} of {} events recorded in {}; {} not written: {}",
            s.events,
            path.display(),
            s.unwritten_events,
            s.write_error.as_deref().unwrap_or("write error")
        )
    } else {
        format!("{written} events recorded in {}", path.display())
    };
    if s.dropped_events > 0 {
        line.push_str(&format!(" ({} dropped: queue full)", s.dropped_events));
    }
    // newcomer32 N1: the file was emptied by another process (logrotate copytruncate)
    if s.cut_away_events > 0 {
        line.push_str(&format!(
            "; the file holds the last {}: the first {} went with the copy made before it was emptied",
            written.saturating_sub(s.cut_away_events),
            s.cut_away_events
        ));
    }
    line
}

/// The shutdown line about bodies cut at `--capture-cap` (newcomer19 N10): how many
/// exchanges, the first few ids, the cap and the flag that raises it, from the verifier's
/// `incomplete` reasons; `None` when no body was cut.
pub fn capped_line(incomplete: &[(String, String)], cap: usize) -> Option<String> {
    let mut ids: Vec<&str> = Vec::new();
    for (id, why) in incomplete {
        if why.contains("capture cap (") && !ids.contains(&id.as_str()) {
            ids.push(id);
        }
    }
    let n = ids.len();
    (n > 0).then(|| {
        let shown = ids.iter().take(5).copied().collect::<Vec<_>>().join(", ");
        let more = if n > 5 { ", ..." } else { "" };
        format!(
            "{n} {} ({shown}{more}) had a body cut at --capture-cap ({cap} bytes) in the recording only (the proxy does not cut the bodies it forwards): recorded up to the cap, not judged; hint: a larger --capture-cap records it all",
            if n == 1 { "exchange" } else { "exchanges" }
        )
    })
}

/// The shutdown lines about exchanges the stop cut open (q25c): SSE streams still open,
/// answers still arriving and requests still waiting for the agent's answer (ux41) when
/// the proxy stopped (after the `--shutdown-grace` of
/// `grace_secs` seconds, or a second Ctrl-C), recorded with outcome `open`. Counted from the
/// verifier's `incomplete` reasons, the ones `verify` and the report list as not judged, so
/// the three agree, then each named (newcomer25 N10) from `named` (the verifier's
/// [`crate::verify::VerifyOutcome::open_at_end`]) in the words `verify` lists exchanges not
/// judged with, at most [`CUT_OPEN_NAMED`] and `and N more`: e.g.
/// `2 SSE streams were still open when the proxy stopped: closed by the stop (outcome
/// `open`), their end not judged (...); hint: ...`, then `  not judged: e2 (POST /
/// SendStreamingMessage, open 3.2 s): the recording ended with the stream open: end of
/// stream not judged`. Empty when the stop cut nothing.
pub fn cut_open_lines(
    incomplete: &[(String, String)],
    named: &[crate::verify::OpenAtEnd],
    grace_secs: u64,
) -> Vec<String> {
    let mut streams: Vec<&str> = Vec::new();
    let mut answers: Vec<&str> = Vec::new();
    let mut waiting: Vec<&str> = Vec::new();
    // in the order the verifier saw them end, as verify and the report list them
    let mut order: Vec<&str> = Vec::new();
    for (id, why) in incomplete {
        let list = if why.starts_with("the recording ended with the stream open") {
            &mut streams
        } else if why.starts_with("the recording ended with the response still arriving") {
            &mut answers
        } else if why == crate::verify::NOT_ANSWERED_AT_END {
            &mut waiting
        } else {
            continue;
        };
        if !list.contains(&id.as_str()) {
            list.push(id);
            order.push(id);
        }
    }
    let mut parts = Vec::new();
    match streams.len() {
        0 => {}
        1 => parts.push("1 SSE stream was".to_string()),
        n => parts.push(format!("{n} SSE streams were")),
    }
    match answers.len() {
        0 => {}
        1 => parts.push("1 response was still arriving".to_string()),
        n => parts.push(format!("{n} responses were still arriving")),
    }
    match waiting.len() {
        0 => {}
        1 => parts.push("1 request was still waiting for the agent's answer".to_string()),
        n => parts.push(format!(
            "{n} requests were still waiting for the agent's answer"
        )),
    }
    if parts.is_empty() {
        return Vec::new();
    }
    let n = order.len();
    let (them, their) = if n == 1 {
        ("it", "its")
    } else {
        ("them", "their")
    };
    // "N SSE streams were still open", then the answers still arriving and the requests
    // still waiting, joined by "and"
    let what = if streams.is_empty() {
        parts.join(" and ")
    } else {
        let rest = parts[1..].join(" and ");
        if rest.is_empty() {
            format!("{} still open", parts[0])
        } else {
            format!("{} still open and {rest}", parts[0])
        }
    };
    // a stream that never ends (newcomer60: an agent that never sent its final event, the
    // 2 a.m. "streaming hangs") cannot be waited out: the probe tells whether the agent
    // ends its streams at all
    let never = if streams.is_empty() {
        ""
    } else {
        "; a stream that should have ended and never does: `a2a-interop probe AGENT_URL` says whether the agent ends its streams (its streaming.terminal test)"
    };
    let mut lines = vec![format!(
        "{what} when the proxy stopped: closed by the stop (outcome `open`), {their} end not judged (`a2a-interop verify` and the report list {them} as not judged); hint: stop once the calls have ended, or give them longer with --shutdown-grace (now {grace_secs} s){never}"
    )];
    for id in order.iter().take(CUT_OPEN_NAMED) {
        let line = match named.iter().find(|o| o.exchange == *id) {
            Some(o) => o.line(),
            // past the verifier's few named ones: the id and reason alone
            None => incomplete
                .iter()
                .find(|(x, _)| x == id)
                .map(|(x, why)| format!("{x}: {why}"))
                .unwrap_or_else(|| id.to_string()),
        };
        lines.push(format!("  not judged: {line}"));
    }
    if n > CUT_OPEN_NAMED {
        lines.push(format!("  and {} more", n - CUT_OPEN_NAMED));
    }
    lines
}

/// The stop's line for a run no client connected to (no event at all): nothing was
/// forwarded, and what to check, naming the `listen` addresses (`host:port`, the
/// recording header's) the client should have called. `forward`: a forward proxy, which
/// clients reach through their proxy setting (`HTTP_PROXY` / `HTTPS_PROXY`), not a URL.
/// ux34: such a run ended on "0 events recorded" with no hint. newcomer57: the Python SDK
/// client (httpx) with only `HTTPS_PROXY` set went straight to an `http://` agent, and
/// the hint did not say which variable covers which agent.
pub fn no_traffic_line(listen: &[String], forward: bool) -> String {
    let at = if listen.is_empty() {
        "the address on the 'listening on' line".to_string()
    } else {
        format!("{} (the 'listening on' line)", listen.join(", "))
    };
    let wild = listen
        .iter()
        .any(|l| l.starts_with("0.0.0.0:") || l.starts_with("[::]:"));
    let reach = if wild {
        "; from another machine or container, use this machine's address with that port"
    } else {
        ""
    };
    if forward {
        format!(
            "no client connected during the run: nothing was forwarded, recorded or verified; hint: set the client's HTTP_PROXY / HTTPS_PROXY (or its proxy setting) to http://{at}{reach}, and check it is not in NO_PROXY (a client takes HTTP_PROXY for an http:// agent, HTTPS_PROXY for an https:// one: set both)"
        )
    } else {
        format!(
            "no client connected during the run: nothing was forwarded, recorded or verified; hint: point the client at the proxy's listen address {at}{reach}, not at the agent's own URL (check the URL or port the client is configured with)"
        )
    }
}

/// How many exchanges the stop cut open [`cut_open_lines`] names one by one.
pub const CUT_OPEN_NAMED: usize = 5;

/// The shutdown line about CONNECT tunnels forward mode passed through without recording
/// them (no `--intercept-tls`): how many, and the flag that records them; `None` for none.
pub fn untapped_line(n: u64) -> Option<String> {
    (n > 0).then(|| {
        format!(
            "{n} CONNECT {} passed through unrecorded (HTTPS seen only as opaque bytes: no exchange, nothing verified); hint: --intercept-tls records them (clients must trust the CA of `a2a-interop ca path`)",
            if n == 1 { "tunnel" } else { "tunnels" }
        )
    })
}

/// Creates the directory `p` goes in (and its parents) when it is not there, and says so
/// on stderr after `who` (`a2a-interop proxy`, `a2a-interop`) for `flag` (`--record`):
/// `created directories out/ and out/run1/ (they did not exist) for --record
/// out/run1/x.jsonl` (newcomer25 N12: a mistyped directory was created in silence).
///
/// # Errors
/// `cannot create {what} directory DIR: cause{hint}`.
fn create_parent(p: &Path, what: &str, hint: &str, who: &str, flag: &str) -> anyhow::Result<()> {
    let created = crate::record::outfile::create_dirs_for(p).map_err(|e| {
        anyhow::anyhow!(
            "cannot create {what} directory {}: {e}{}",
            p.parent().unwrap_or(p).display(),
            disk_hint(&e, hint, flag)
        )
    })?;
    if let Some(top) = created {
        crate::errln!(
            "{who}: {}",
            crate::record::outfile::created_dir_line(&top, p, &format!("{flag} {}", p.display()))
        );
    }
    Ok(())
}

/// Start-up check of `--record PATH`, before anything listens: its directory can be created
/// and the file opened for writing (an existing file is neither truncated nor written here);
/// an existing non-empty file is refused unless it is an earlier recording and `overwrite`
/// (`--overwrite`) is given ([`crate::record::writer::check_overwrite`], newcomer19 N1).
/// A file that cannot take the header line (`/dev/full`, a full disk) is caught when the
/// recorder starts, still before the proxy serves.
///
/// # Errors
/// A one-line cause with a hint (exit 2): read-only or missing permission, a directory,
/// `-` (which is not stdout here: a recording is a file).
pub fn check_record_path(p: &Path, overwrite: bool) -> anyhow::Result<()> {
    check_record_path_hinted(
        p,
        overwrite,
        "; hint: pick a writable --record path, or --no-record",
        "a2a-interop proxy",
    )
}

/// [`check_record_path`] for a command without `--no-record` (`demo`, `probe`,
/// `interop`): its hints name `--record` only.
///
/// # Errors
/// As [`check_record_path`].
pub fn check_record_path_for_run(p: &Path, overwrite: bool) -> anyhow::Result<()> {
    check_record_path_hinted(
        p,
        overwrite,
        "; hint: pick a writable --record path",
        "a2a-interop",
    )
}

fn check_record_path_hinted(
    p: &Path,
    overwrite: bool,
    hint: &str,
    who: &str,
) -> anyhow::Result<()> {
    // `-` means stdout or stdin elsewhere in this tool (`--report -`, `verify -`); a
    // recording is a file the run holds and builds its report from, so `--record -` would
    // silently write a file named `-` that `verify -` then does not read (review22 R9).
    if p.as_os_str() == "-" {
        bail!(
            "--record - is not stdout: a recording is a file (the run builds its report from it, and `verify -` reads stdin, not a file named -); hint: give a file path and follow it with `tail -f FILE` while the run goes on, or `--record ./-` for a file named -"
        );
    }
    // `--record session.har`: the recording is JSON Lines whatever its name, which a HAR
    // viewer cannot open (newcomer59: the run wrote it under that name in silence)
    if let Some(why) = har_named(p, "--record", "the recording") {
        bail!("{why}");
    }
    // `--record runs/` for a directory not made yet names a directory too: it was "cannot
    // create recording runs/: Is a directory (os error 21)" with no word of what to type
    // (newcomer44)
    let slash = p.as_os_str().to_string_lossy().ends_with('/');
    if p.is_dir() || slash {
        // a file in it, named as the run would name one (ux36: `--record runs/` got "pick
        // a writable --record path" and no word of what to type)
        let dir = std::path::Path::new(p.as_os_str().to_str().map_or(p.as_os_str(), |t| {
            std::ffi::OsStr::new(t.trim_end_matches('/'))
        }))
        .to_path_buf();
        bail!(
            "cannot record to {}: {}; hint: give a file path in it, e.g. --record {}",
            p.display(),
            if p.is_dir() {
                "it is a directory"
            } else {
                "it ends in /, so it names a directory, not a file"
            },
            crate::app::sh_path(&dir.join("session.jsonl"))
        );
    }
    create_parent(p, "recording", hint, who, "--record")?;
    let existed = p.exists();
    let file = std::fs::OpenOptions::new()
        .write(true)
        .create(true)
        .truncate(false)
        .open(p)
        .map_err(|e| {
            anyhow::anyhow!(
                "cannot create recording {}: {e}{}",
                p.display(),
                disk_hint(&e, hint, "--record")
            )
        })?;
    // Another proxy, probe or demo recording to this file holds its lock (the recorder's
    // `open_exclusive`): two writers would leave neither recording readable.
    if let Err(std::fs::TryLockError::WouldBlock) = file.try_lock() {
        bail!(
            "cannot record to {}: another a2a-interop process is writing it; hint: give this run another --record path (or stop the other run)",
            p.display()
        );
    }
    // Only an earlier recording, and only with --overwrite (newcomer19 N1).
    if existed && file.metadata().is_ok_and(|m| m.is_file() && m.len() > 0) {
        crate::record::writer::check_overwrite(p, overwrite).map_err(|e| anyhow::anyhow!("{e}"))?;
    }
    drop(file);
    if !existed {
        let _ = std::fs::remove_file(p);
    }
    Ok(())
}

/// The refusal of an output path `p` with the extension `.har` (any case) given to `flag`
/// (`--record`, repro's `-o`), which writes `what` (`the recording`, `the cut`) as JSON
/// Lines, the tool's own format, not as HAR 1.2: the cause and the hint, the HAR written
/// by `export` from a `.jsonl` of the same name (newcomer59). `None` for another name.
pub fn har_named(p: &Path, flag: &str, what: &str) -> Option<String> {
    let ext = p.extension()?.to_str()?;
    if !ext.eq_ignore_ascii_case("har") {
        return None;
    }
    let jsonl = p.with_extension("jsonl");
    Some(format!(
        "{flag} {} names a HAR file, but {what} is written as JSON Lines, the a2a-interop recording format (docs/recording-format.md), which a HAR viewer cannot open; hint: give {flag} {}, then `a2a-interop export {} -o {}` writes the HAR of it",
        p.display(),
        super::sh_path(&jsonl),
        super::sh_path(&jsonl),
        super::sh_path(p)
    ))
}

/// Start-up check of `--report PATH`, before anything listens (with `--no-record` the
/// report is the only place the session's findings end up): not a directory, its directory
/// can be created, and the file can be opened for writing. A file that did not exist is
/// removed again (no empty report is left behind when the run then fails to start); the
/// directories created stay, as for `--record`. A file that holds an earlier recording is
/// refused (newcomer24 N1); `format` (`--format`) names the extension the hint suggests.
/// Without `--format`, an extension that names no report format (`out.pdf`) is refused
/// (newcomer24 N9: it used to get Markdown); no extension means Markdown.
///
/// # Errors
/// A one-line cause with a hint (exit 2).
pub fn check_report_path(p: &Path, format: Option<Format>) -> anyhow::Result<()> {
    let hint = "; hint: pick a writable --report path";
    if p.is_dir() {
        let name = format!("report.{}", report_format(p, format).extension());
        let fix = crate::app::dir_output_hint(p, &name)
            .map(|h| h.replace(" -o ", " --report "))
            .unwrap_or_else(|| "pick a writable --report path".into());
        bail!(
            "cannot write report {}: it is a directory; hint: {fix}",
            p.display()
        );
    }
    create_parent(p, "report", hint, "a2a-interop proxy", "--report")?;
    // a device or FIFO (`/dev/stdout`, a pipe to another tool) is written at exit as it is;
    // opening a FIFO here would block until its reader comes
    if std::fs::metadata(p).is_ok_and(|m| !m.is_file()) {
        return Ok(());
    }
    // the real write creates a temporary file beside the report and renames it over
    // (`OutFile::create`): the directory must take a new file (breaker9c C3)
    let dir = p
        .parent()
        .filter(|d| !d.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let probe = dir.join(format!(".a2a-interop-report-check-{}", std::process::id()));
    match std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(&probe)
    {
        Ok(_) => {
            let _ = std::fs::remove_file(&probe);
        }
        Err(e) => bail!(
            "cannot write report {}: directory {} does not accept new files (the report is written to a temporary file there, then renamed): {e}{}",
            p.display(),
            dir.display(),
            disk_hint(&e, hint, "--report")
        ),
    }
    // another process's live recording (breaker10n N2)
    if std::fs::metadata(p).is_ok_and(|m| m.is_file()) {
        crate::record::outfile::refuse_live_recording(p, p)
            .map_err(|e| anyhow::anyhow!("cannot write report {}: {e}", p.display()))?;
    }
    // an earlier run's recording, named in --report for --record (newcomer24 N1): the
    // report would replace it at the stop
    if let Some(held) = crate::record::outfile::held_recording(p) {
        bail!(
            "{}; hint: give --report another path (e.g. --report {}); move the recording away first if you mean to replace it",
            crate::app::verify_cmd::over_recording("--report", p, &held, "report at the stop"),
            super::sh_path(&p.with_extension(report_format(p, format).extension()))
        );
    }
    // an extension that names no format (`--report out.pdf`) wrote Markdown under it at the
    // stop, found only when the file would not open (newcomer24 N9): refused here, as
    // `verify -o out.pdf` is; an explicit --format writes that format under any name
    if format.is_none() {
        if let Some(ext) = crate::app::verify_cmd::unknown_extension(p) {
            bail!(
                "--report {}: {ext} names no report format a2a-interop writes, which are {}; hint: use one of those extensions (e.g. --report {}), or pick the format with --format F (the report is then written in F under the name given); a path without an extension gets Markdown{}",
                p.display(),
                crate::app::verify_cmd::formats_with_extensions(),
                super::sh_path(&p.with_extension("html")),
                crate::app::verify_cmd::har_hint(p)
            );
        }
    }
    let existed = std::fs::symlink_metadata(p).is_ok();
    std::fs::OpenOptions::new()
        .write(true)
        .create(true)
        .truncate(false)
        .open(p)
        .map_err(|e| {
            anyhow::anyhow!(
                "cannot write report {}: {e}{}",
                p.display(),
                disk_hint(&e, hint, "--report")
            )
        })?;
    if !existed {
        let _ = std::fs::remove_file(p);
    }
    Ok(())
}

/// The start-up checks' hint for the OS's refusal `e` of the path of `flag` (`--report`,
/// `--record`): the full-disk one ([`super::full_disk_hint`]: ENOSPC, EDQUOT) when it is
/// that, else `otherwise` (a `; hint: ...` tail).
fn disk_hint(e: &std::io::Error, otherwise: &str, flag: &str) -> String {
    super::full_disk_hint(&e.to_string(), flag)
        .map(|h| format!("; hint: {h}"))
        .unwrap_or_else(|| otherwise.to_string())
}

/// The `--report` format: `--format` when given, else the one the path's extension names
/// (`.json .md .xml .sarif .html .txt`, as `verify -o`), else Markdown (a path whose
/// extension names no format never gets here: [`check_report_path`] refuses it).
pub fn report_format(path: &Path, format: Option<Format>) -> crate::report::Format {
    match format {
        Some(f) => crate::app::verify_cmd::format_of(f),
        None => {
            crate::report::Format::from_extension(path).unwrap_or(crate::report::Format::Markdown)
        }
    }
}

/// What to do about a recording write that failed with `cause` (the OS error's text): a
/// file size limit (EFBIG, `File too large`: `ulimit -f`, systemd `LimitFSIZE=`) is lifted,
/// not cured by freeing disk space (ux37: `--on-record-error stop` said "free disk space"
/// of a 17 KB file under `ulimit -f 20`); a quota (EDQUOT) is freed under the user's quota;
/// anything else frees disk space.
fn room_hint(cause: &str) -> &'static str {
    if cause.contains("File too large") || cause.contains("os error 27)") {
        "lift the file size limit the proxy runs under (`ulimit -f`, systemd LimitFSIZE=)"
    } else if cause.contains("quota") || cause.contains("os error 122)") {
        "free space under your disk quota"
    } else {
        "free disk space"
    }
}

/// For "address already in use" on `addr`: (`" by process PID (PROGRAM)"`, `"stop it (kill
/// PID)"`) from [`crate::proxy::attribution::port_holders`], or (`""`, `"stop the other
/// process"`) when `/proc` does not show the holder.
pub(crate) fn in_use_by(addr: SocketAddr) -> (String, String) {
    match crate::proxy::attribution::port_holders(addr).as_slice() {
        [] => (String::new(), "stop the other process".to_string()),
        [(pid, program)] => (
            format!(" by process {pid} ({program})"),
            format!("stop it (kill {pid})"),
        ),
        many => (
            format!(
                " by processes {}",
                many.iter()
                    .map(|(pid, program)| format!("{pid} ({program})"))
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
            "stop them".to_string(),
        ),
    }
}

fn explain_start_error(e: anyhow::Error, listen: SocketAddr) -> anyhow::Error {
    let in_use = e.chain().any(|c| {
        c.downcast_ref::<std::io::Error>()
            .is_some_and(|io| io.kind() == std::io::ErrorKind::AddrInUse)
    });
    // The address that failed: the main --listen, or a --listener's (breaker9a B19).
    let listener = e
        .chain()
        .filter_map(|c| {
            c.to_string()
                .strip_prefix("cannot listen on ")
                .map(str::to_string)
        })
        .find(|m| m.ends_with(" (--listener)"));
    if in_use {
        // who holds the port, when /proc shows it (newcomer55: two proxies on one port)
        let addr = listener
            .as_deref()
            .and_then(|l| l.strip_suffix(" (--listener)"))
            .and_then(|a| a.parse().ok())
            .unwrap_or(listen);
        let (by, stop) = in_use_by(addr);
        match listener {
            Some(l) => anyhow::anyhow!(
                "cannot listen on {l}: address already in use{by}; hint: {stop} or pick another port for that --listener"
            ),
            None => anyhow::anyhow!(
                "cannot listen on {listen}: address already in use{by}; hint: {stop} or pick another --listen port"
            ),
        }
    } else if e.to_string().starts_with("cannot create recording")
        && !e.to_string().contains("another a2a-interop process")
    {
        // The file opened but cannot take the header line (disk full, `/dev/full`).
        anyhow::anyhow!(
            "{e:#}; hint: {} or pick another --record path, or --no-record",
            room_hint(&format!("{e:#}"))
        )
    } else {
        e
    }
}

/// [`further_signals`]: the proxy waits for its open exchanges and closes the recording.
const PHASE_DRAINING: u8 = 0;
/// [`further_signals`]: the recording is closed; the report is being written.
const PHASE_REPORT: u8 = 1;
/// [`further_signals`]: the run is over; a signal changes nothing.
const PHASE_DONE: u8 = 2;

/// The stop's phase once the online verifier has caught up: writing the `--report`
/// ([`PHASE_REPORT`], which a further Ctrl-C skips with exit 130), or, with no report
/// asked, done: only the summary lines are left, which no signal cuts short (ux39: a
/// second SIGINT landing there, GNU `timeout -s INT` sends two, exited 130 with
/// "stopped before the report was written (the recording is complete)" for a run with
/// neither a report nor, with `--no-record`, a recording).
fn phase_after_verify(report_asked: bool) -> u8 {
    if report_asked {
        PHASE_REPORT
    } else {
        PHASE_DONE
    }
}
/// [`further_signals`]: the recording is closed; the online verifier catches up.
const PHASE_VERIFYING: u8 = 3;
/// [`further_signals`]: no exchange is open any more; the recorder writes what is still
/// queued and closes the recording.
const PHASE_CLOSING: u8 = 4;
/// [`further_signals`]: as [`PHASE_CLOSING`], after a further signal: the online verifier
/// was stopped and the proxy exits as soon as the recording is closed.
const PHASE_CUT: u8 = 5;

/// What is still behind the traffic at the stop, readable while [`Pipeline::finish_recording`]
/// holds the pipeline: the events queued for the recorder, those handed to the online
/// verifier and not verified yet, and the switch that stops the verifier.
#[derive(Clone)]
struct StopBacklog {
    to_write: crate::record::writer::EventSink,
    to_verify: Arc<std::sync::atomic::AtomicUsize>,
    stop_verifying: Arc<std::sync::atomic::AtomicBool>,
}

impl StopBacklog {
    /// (events still to write, recorded events still to verify), a snapshot.
    fn counts(&self) -> (usize, usize) {
        (
            self.to_write.queued_events(),
            self.to_verify.load(std::sync::atomic::Ordering::Relaxed),
        )
    }
}

/// What [`further_signals`] says when a further signal ends the run early, filled in as
/// the stop goes on.
#[derive(Debug, Default)]
struct CutLines {
    /// The closed recording (where it was kept, if its path was deleted or replaced).
    recording: Option<PathBuf>,
    /// The `--report` path.
    report: Option<PathBuf>,
    /// The line for a signal during the report write ([`report_skipped_line`]).
    report_line: Option<String>,
    /// Events not verified live when a signal cut the verification short while the
    /// recording was being finished ([`PHASE_CUT`]).
    unverified: usize,
    /// Events the closed recording lacks: dropped on a full recorder queue or not written
    /// (review22 R1: such a recording was called complete).
    lost: u64,
}

/// How long after "stopping" the first [`catching_up_line`] may come (a stop that ends
/// sooner prints none).
const CATCH_UP_FIRST: std::time::Duration = std::time::Duration::from_secs(3);
/// How often [`catching_up_line`] is repeated while the verifier catches up.
const CATCH_UP_EVERY: std::time::Duration = std::time::Duration::from_secs(10);

/// The line printed while the stop waits for the online verifier to verify events it was
/// handed before the stop (`backlog` events, [`crate::app::pipeline::Pipeline::verifier_backlog`]):
/// what is being waited for, so a long catch-up does not look like a hang. Once a
/// recording was written and `closed`, the line adds that a further Ctrl-C stops now
/// ([`catch_up_cut_line`]). `None` when the verifier has nothing left (the wait is then the
/// recorder's or the open exchanges').
pub fn catching_up_line(backlog: usize, closed: bool, again: &str) -> Option<String> {
    (backlog > 0).then(|| {
        format!(
            "the online verifier is catching up: {backlog} recorded event{} still to verify before the findings are final{}",
            if backlog == 1 { "" } else { "s" },
            if closed {
                format!(" ({again} stops now: the recording is closed and can be verified offline)")
            } else {
                String::new()
            }
        )
    })
}

/// The line printed while the stop waits for the recorder to write the `to_write` events
/// still queued for it (the proxy no longer forwards; `to_verify` recorded events are
/// waiting for the online verifier besides): the wait is for the recording, which a
/// further Ctrl-C does not cut (it would lose events) but after which it exits without the
/// online verdicts. `cut`: that Ctrl-C came; the line says the proxy exits once the
/// recording is complete. `None` when nothing is left to write.
pub fn finishing_line(to_write: usize, to_verify: usize, cut: bool, again: &str) -> Option<String> {
    if to_write == 0 {
        return None;
    }
    let events = |n: usize| format!("{n} event{}", if n == 1 { "" } else { "s" });
    Some(if cut {
        format!(
            "the recording is being finished: {} still to write; the proxy exits once it is complete",
            events(to_write)
        )
    } else {
        format!(
            "the recording is being finished: {} still to write and {} to verify before the findings are final ({again} exits once the recording is complete, without verifying the rest)",
            events(to_write),
            events(to_write + to_verify)
        )
    })
}

/// The line a further Ctrl-C prints while the online verifier catches up after the stop
/// (q22 Q1), before the proxy exits 128 + the signal: `backlog` recorded events were not
/// verified live, so no findings are final; with a `recording` (closed whole by then), that
/// it is complete and the `verify` command that judges it offline (the same verdicts,
/// DESIGN "online verdicts equal offline verdicts"), and with a `report` path, the
/// `report` command that writes it. `lost`: events the recording lacks (dropped on a full
/// recorder queue, or not written): then it is closed but not complete, and says so
/// (review22 R1).
pub fn catch_up_cut_line(
    backlog: usize,
    recording: Option<&Path>,
    report: Option<&Path>,
    lost: u64,
) -> String {
    let state = if lost == 0 {
        "is complete".to_string()
    } else {
        format!(
            "is closed but incomplete ({lost} event{} dropped or not written, see above)",
            if lost == 1 { "" } else { "s" }
        )
    };
    let left = if backlog == 0 {
        "the online verifier had not finished".to_string()
    } else {
        format!(
            "{backlog} {}event{} not verified live",
            if recording.is_some() { "recorded " } else { "" },
            if backlog == 1 { "" } else { "s" }
        )
    };
    match (recording, report) {
        (Some(rec), Some(rep)) => format!(
            "stopped before the online verifier caught up ({left}); the recording {} {state}: `a2a-interop verify {}` verifies it offline and `a2a-interop report {} -o {}` writes the report",
            rec.display(),
            super::sh_path(rec),
            super::sh_path(rec),
            super::sh_path(rep)
        ),
        (Some(rec), None) => format!(
            "stopped before the online verifier caught up ({left}); the recording {} {state}: `a2a-interop verify {}` verifies it offline",
            rec.display(),
            super::sh_path(rec)
        ),
        (None, Some(rep)) => format!(
            "stopped before the online verifier caught up ({left}); nothing was recorded (--no-record): no report at {}",
            rep.display()
        ),
        (None, None) => format!(
            "stopped before the online verifier caught up ({left}); nothing was recorded (--no-record)"
        ),
    }
}

/// The line after "stopping" when `open` exchanges (e.g. SSE streams) are still open:
/// how long the proxy waits for them (`grace_secs`, `--shutdown-grace`, default
/// [`crate::proxy::SHUTDOWN_GRACE`]) and that a second Ctrl-C stops now. `None` when none
/// is open, or the grace is 0 (the stop is then immediate).
pub fn waiting_line(open: usize, grace_secs: u64, again: &str) -> Option<String> {
    if open == 0 || grace_secs == 0 {
        return None;
    }
    let what = if open == 1 {
        "open exchange"
    } else {
        "open exchanges"
    };
    Some(format!(
        "waiting up to {grace_secs} s for {open} {what} to end ({again} to stop now: they are recorded as open)"
    ))
}

/// The line before the report is written: it re-reads the recording of `events` events,
/// which takes a while for a big one. A further Ctrl-C skips it ([`further_signals`]);
/// with a recording the line says how to write the report later. `unwritten` counts the
/// events the recorder could not write (disk full, `--on-record-error`): when it is not 0
/// the line says the recording is incomplete instead of complete (newcomer22 N1), since a
/// report written later from the file lacks those events.
pub fn report_writing_line(
    path: &Path,
    events: u64,
    recording: Option<&Path>,
    unwritten: u64,
    dropped: u64,
    again: &str,
) -> String {
    let what = if events == 1 { "event" } else { "events" };
    let lacks = |rec: &Path| {
        format!(
            "the recording {} lacks {dropped} event{} dropped on a full recorder queue",
            rec.display(),
            if dropped == 1 { "" } else { "s" }
        )
    };
    match recording {
        Some(rec) if unwritten > 0 => format!(
            "writing the report of {events} {what} to {}... ({again} skips it; the recording {} is incomplete, {unwritten} of {events} events not written: a report written from it later, `a2a-interop report {} -o {}`, lacks them)",
            path.display(),
            rec.display(),
            super::sh_path(rec),
            super::sh_path(path)
        ),
        Some(rec) if dropped > 0 => format!(
            "writing the report of {events} {what} to {}... ({again} skips it; {}: a report written from it later, `a2a-interop report {} -o {}`, lacks them)",
            path.display(),
            lacks(rec),
            super::sh_path(rec),
            super::sh_path(path)
        ),
        Some(rec) => format!(
            "writing the report of {events} {what} to {}... ({again} skips it; the recording is complete: `a2a-interop report {} -o {}` writes it later)",
            path.display(),
            super::sh_path(rec),
            super::sh_path(path)
        ),
        None => format!(
            "writing the report of {events} {what} to {}... ({again} skips it)",
            path.display()
        ),
    }
}

/// The line a further Ctrl-C during the report write prints before the proxy exits
/// ([`further_signals`]): the report at `path` was not written; with a recording, whether
/// it is complete (`unwritten` events not written, as for [`report_writing_line`]) and the
/// command that writes the report from it.
pub fn report_skipped_line(
    path: &Path,
    recording: Option<&Path>,
    unwritten: u64,
    dropped: u64,
) -> String {
    match recording {
        Some(rec) if unwritten > 0 => format!(
            "stopped before the report was written; the recording {} is incomplete ({unwritten} events not written): `a2a-interop report {} -o {}` writes a report of what it holds",
            rec.display(),
            super::sh_path(rec),
            super::sh_path(path)
        ),
        Some(rec) if dropped > 0 => format!(
            "stopped before the report was written; the recording {} lacks {dropped} event{} dropped on a full recorder queue: `a2a-interop report {} -o {}` writes a report of what it holds",
            rec.display(),
            if dropped == 1 { "" } else { "s" },
            super::sh_path(rec),
            super::sh_path(path)
        ),
        Some(rec) => format!(
            "stopped before the report was written; the recording {} is complete: `a2a-interop report {} -o {}` writes the report",
            rec.display(),
            super::sh_path(rec),
            super::sh_path(path)
        ),
        None => format!(
            "stopped before the report was written: no report at {}",
            path.display()
        ),
    }
}

/// After the first stop signal (`seen`: the count of [`stop_signals`] then): each further Ctrl-C / SIGTERM / SIGHUP while the proxy
/// waits for open exchanges ends that wait at once ([`crate::proxy::StopNow`]; the
/// exchanges end with outcome `open` and the recording is closed whole, last line
/// included); one while the online verifier catches up on the closed recording (`backlog`
/// events left) or while the report is being written exits at once with 128 + the signal
/// (130 for Ctrl-C), the recording already complete and no report written (a staged
/// report file is never renamed into place, and is removed: [`crate::record::outfile`]),
/// saying so from `skipped` ([`catch_up_cut_line`], [`report_skipped_line`]).
///
/// `wait_offer` is set while [`waiting_line`] is the last line that said what a Ctrl-C
/// does: the first further signal then only ends that wait, even if the wait ran out (or
/// its exchanges ended) a moment before it came, and the stop goes on to write the report;
/// only a signal after a line offering more (the catch-up or report lines) cuts the rest
/// short (newcomer23 N3: a Ctrl-C just as the 2 s grace ran out skipped `--report`).
async fn further_signals(
    mut signals: tokio::sync::watch::Receiver<u32>,
    mut seen: u32,
    now: Vec<crate::proxy::StopNow>,
    phase: Arc<std::sync::atomic::AtomicU8>,
    wait_offer: Arc<std::sync::atomic::AtomicBool>,
    skipped: Arc<std::sync::Mutex<CutLines>>,
    backlog: StopBacklog,
) {
    use std::sync::atomic::Ordering;
    loop {
        if signals.wait_for(|n| *n > seen).await.is_err() {
            return;
        }
        seen = *signals.borrow_and_update();
        let mut now_phase = phase.load(Ordering::SeqCst);
        if wait_offer.swap(false, Ordering::SeqCst) && now_phase != PHASE_DRAINING {
            // the wait this Ctrl-C was meant to end is over already; the stop goes on
            crate::errln!(
                "a2a-interop proxy: the wait for open exchanges was over already (those still open then are recorded as open); the stop goes on ({} cuts it short)",
                crate::report::model::stop_again()
            );
            continue;
        }
        if now_phase == PHASE_CLOSING {
            // the recorder still writes: the verifier stops, the proxy exits once the
            // recording is complete (`run` sees PHASE_CUT)
            let (w, v) = backlog.counts();
            skipped
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner)
                .unverified = w + v;
            match phase.compare_exchange(
                PHASE_CLOSING,
                PHASE_CUT,
                Ordering::SeqCst,
                Ordering::SeqCst,
            ) {
                Ok(_) => {
                    backlog.stop_verifying.store(true, Ordering::Relaxed);
                    crate::errln!(
                        "a2a-interop proxy: stopping now: the online verification is cut short; the proxy exits once the recording is complete ({} still to write)",
                        match w {
                            1 => "1 event".to_string(),
                            n => format!("{n} events"),
                        }
                    );
                    continue;
                }
                // the recording closed meanwhile
                Err(p) => now_phase = p,
            }
        }
        match now_phase {
            PHASE_CUT => {
                if let Some(line) = finishing_line(
                    backlog.to_write.queued_events(),
                    0,
                    true,
                    crate::report::model::stop_again(),
                ) {
                    crate::errln!("a2a-interop proxy: {line}");
                }
            }
            PHASE_DRAINING => {
                for h in &now {
                    h.trigger();
                }
                crate::errln!(
                    "a2a-interop proxy: stopping now: exchanges still open are recorded as open"
                );
            }
            PHASE_VERIFYING => {
                let line = {
                    let cut = skipped
                        .lock()
                        .unwrap_or_else(std::sync::PoisonError::into_inner);
                    catch_up_cut_line(
                        backlog.to_verify.load(Ordering::Relaxed),
                        cut.recording.as_deref(),
                        cut.report.as_deref(),
                        cut.lost,
                    )
                };
                crate::errln!("a2a-interop proxy: {line}");
                std::process::exit(128 + i32::from(LAST_SIGNAL.load(Ordering::Relaxed)));
            }
            PHASE_REPORT => {
                // a report half-written to its temporary file is removed, not left behind
                crate::record::outfile::remove_staged();
                let line = skipped
                    .lock()
                    .unwrap_or_else(std::sync::PoisonError::into_inner)
                    .report_line
                    .clone()
                    .unwrap_or_else(|| {
                        "stopped before the report was written (the recording is complete)"
                            .to_string()
                    });
                crate::errln!("a2a-interop proxy: {line}");
                std::process::exit(128 + i32::from(LAST_SIGNAL.load(Ordering::Relaxed)));
            }
            _ => return,
        }
    }
}

/// Notes `signo` as the run's stop signal (for the report,
/// [`crate::report::model::note_stop_signal`]) and, on Unix, marks its deliveries so far as
/// acted on ([`echo::fresh`]).
fn note_first_stop(signo: u8) {
    crate::report::model::note_stop_signal(signo);
    #[cfg(unix)]
    let _ = echo::fresh(i32::from(signo));
}

/// One stop signal delivered twice, told from a second stop. GNU `timeout` (the usual
/// bound on a CI step) sends its signal to the command and then to the command's process
/// group, so the command gets it twice at once, as it does from a wrapper that forwards a
/// signal to a group it is in (`tini -g`). Taken as a second stop, that cut the `proxy`'s
/// stop short (open streams recorded `open`, or the `--report` skipped with exit 143) and
/// ended a `probe` before it wrote its `-o` reports (ux40: 1 run in 6 under `timeout`).
///
/// A delivery is an echo when the same process (`siginfo_t.si_pid`, not 0) sent the same
/// signal less than [`echo::WINDOW_NS`] (100 ms) before. A Ctrl-C comes from the terminal
/// (pid 0) and is never one; `kill` run twice, a person or a service manager stopping again,
/// are two processes or seconds apart. A handler chained with tokio's (both through
/// `signal-hook-registry`) counts the deliveries and the echoes; the task that reads
/// tokio's stream acts on a wake-up only when a delivery that is no echo is new since the
/// last one it acted on ([`echo::fresh`]).
#[cfg(unix)]
mod echo {
    use std::sync::atomic::{AtomicI32, AtomicI64, AtomicU64, Ordering};

    /// How close two deliveries of one sender must be to count as one (100 ms: `timeout`'s
    /// two are microseconds apart).
    pub(super) const WINDOW_NS: i64 = 100_000_000;

    /// SIGHUP, SIGINT, SIGTERM: the stop signals, each with its own counters.
    const SIGNALS: [i32; 3] = [libc::SIGHUP, libc::SIGINT, libc::SIGTERM];

    /// Per stop signal: its last sender, when (CLOCK_MONOTONIC ns), its deliveries, the
    /// echoes among them, and the deliveries that were no echo acted on so far.
    static LAST_PID: [AtomicI32; 3] = [const { AtomicI32::new(0) }; 3];
    static LAST_AT: [AtomicI64; 3] = [const { AtomicI64::new(0) }; 3];
    static DELIVERED: [AtomicU64; 3] = [const { AtomicU64::new(0) }; 3];
    static ECHOES: [AtomicU64; 3] = [const { AtomicU64::new(0) }; 3];
    static ACTED: [AtomicU64; 3] = [const { AtomicU64::new(0) }; 3];

    fn slot(signo: i32) -> Option<usize> {
        SIGNALS.iter().position(|s| *s == signo)
    }

    /// Registers the counting handler for the three stop signals, once per process, before
    /// any of them can be acted on (called where tokio's are registered).
    pub(super) fn install() {
        static ONCE: std::sync::Once = std::sync::Once::new();
        ONCE.call_once(|| {
            for signo in SIGNALS {
                // SAFETY: the action only reads `siginfo_t` and the monotonic clock
                // (`clock_gettime` is async-signal-safe, POSIX.1-2008 §2.4.3) and does
                // atomic loads and stores: nothing that allocates or locks.
                let _ = unsafe {
                    signal_hook_registry::register_sigaction(signo, move |info| {
                        delivered(signo, info)
                    })
                };
            }
        });
    }

    /// The signal handler's part: counts the delivery, and the echo when it is one.
    fn delivered(signo: i32, info: &libc::siginfo_t) {
        let Some(i) = slot(signo) else { return };
        // SAFETY: `si_pid` is set for signals sent by kill(2) and by the kernel (0); the
        // field is read as the kernel wrote it
        let pid = unsafe { info.si_pid() };
        let mut t = libc::timespec {
            tv_sec: 0,
            tv_nsec: 0,
        };
        // SAFETY: a valid out pointer; async-signal-safe
        unsafe { libc::clock_gettime(libc::CLOCK_MONOTONIC, &mut t) };
        let now = t
            .tv_sec
            .saturating_mul(1_000_000_000)
            .saturating_add(t.tv_nsec);
        let last_pid = LAST_PID[i].swap(pid, Ordering::SeqCst);
        let last_at = LAST_AT[i].swap(now, Ordering::SeqCst);
        // the delivery first, then the echo: a reader that loads the echoes first never
        // takes an echo counted for a delivery it did not count
        DELIVERED[i].fetch_add(1, Ordering::SeqCst);
        if pid != 0 && pid == last_pid && now.saturating_sub(last_at) < WINDOW_NS {
            ECHOES[i].fetch_add(1, Ordering::SeqCst);
        }
    }

    /// Whether a wake-up for `signo` brings a delivery that is no echo and was not acted on
    /// yet; marks it acted on. True for a signal this module does not count.
    pub(super) fn fresh(signo: i32) -> bool {
        let Some(i) = slot(signo) else { return true };
        let echoes = ECHOES[i].load(Ordering::SeqCst);
        let real = DELIVERED[i].load(Ordering::SeqCst).saturating_sub(echoes);
        ACTED[i].fetch_max(real, Ordering::SeqCst) < real
    }
}

/// The number of the last stop signal [`stop_signals`] received (2 = SIGINT).
static LAST_SIGNAL: std::sync::atomic::AtomicU8 = std::sync::atomic::AtomicU8::new(2);

/// Like [`stop_signal`], but counts: the receiver's value is the number of Ctrl-C /
/// SIGTERM / SIGHUP received so far (0 until the first). The first one is the stop (noted
/// for the report, SIGHUP sets [`hung_up`]); `proxy` lets a second one cut its shutdown
/// short ([`further_signals`]). The handlers are registered when this returns; must be
/// called inside the tokio runtime (a task listens).
pub(crate) fn stop_signals() -> anyhow::Result<tokio::sync::watch::Receiver<u32>> {
    let (tx, rx) = tokio::sync::watch::channel(0u32);
    #[cfg(unix)]
    {
        use tokio::signal::unix::{signal, SignalKind};
        // before tokio's handlers: the echo count of a delivery is there when tokio wakes
        echo::install();
        let mut term = signal(SignalKind::terminate()).context("cannot install SIGTERM handler")?;
        let mut int = signal(SignalKind::interrupt()).context("cannot install SIGINT handler")?;
        let mut hup = signal(SignalKind::hangup()).context("cannot install SIGHUP handler")?;
        tokio::spawn(async move {
            loop {
                let signo = tokio::select! {
                    Some(()) = term.recv() => 15,
                    Some(()) = int.recv() => 2,
                    Some(()) = hup.recv() => 1,
                    else => return,
                };
                if !echo::fresh(i32::from(signo)) {
                    // a stop delivered twice (GNU `timeout`), not a second stop
                    continue;
                }
                let first = *tx.borrow() == 0;
                if first {
                    note_first_stop(signo);
                    if signo == 1 {
                        HUNG_UP.store(true, std::sync::atomic::Ordering::Relaxed);
                    }
                }
                LAST_SIGNAL.store(signo, std::sync::atomic::Ordering::Relaxed);
                tx.send_modify(|n| *n += 1);
            }
        });
    }
    #[cfg(not(unix))]
    {
        tokio::spawn(async move {
            while tokio::signal::ctrl_c().await.is_ok() {
                if *tx.borrow() == 0 {
                    note_first_stop(2);
                }
                tx.send_modify(|n| *n += 1);
            }
        });
    }
    Ok(rx)
}

/// After a run's first stop signal (`probe`, `interop`): a further Ctrl-C, SIGTERM or
/// SIGHUP ends the process at once with 128 + that signal (130 for Ctrl-C, 143 for
/// SIGTERM). Before ux35 only a second Ctrl-C did: a second SIGTERM (a service manager's,
/// `kill`) was swallowed by the handler the first one had installed. A failure to install
/// the handlers leaves the default action, which ends the process too. Must be called
/// inside the tokio runtime.
pub(crate) fn quit_on_a_further_signal() {
    if let Ok(mut further) = stop_signals() {
        tokio::spawn(async move {
            if further.wait_for(|n| *n >= 1).await.is_ok() {
                std::process::exit(
                    128 + i32::from(LAST_SIGNAL.load(std::sync::atomic::Ordering::Relaxed)),
                );
            }
        });
    }
}

/// Set once a SIGHUP stopped a run ([`stop_signal`]): the process then exits 129 (128 +
/// SIGHUP, as a shell reports a process the signal killed) after writing its reports.
static HUNG_UP: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

/// Whether a SIGHUP (the terminal or ssh session closed) stopped this run: `main` then
/// exits 129 instead of the run's own status (breaker10n N8).
pub fn hung_up() -> bool {
    HUNG_UP.load(std::sync::atomic::Ordering::Relaxed)
}

/// A future that completes on Ctrl-C or (Unix) SIGTERM or SIGHUP. The handlers are
/// registered when this function returns, not when the future is first polled. Used by
/// `proxy`, and by `probe`, `interop` and `demo` to stop a run early and still write its
/// reports. A SIGHUP (terminal or ssh session closed) used to kill the run with no report
/// (breaker10n N8); it now ends it like SIGTERM and [`hung_up`] tells `main` to exit 129.
pub(crate) fn stop_signal() -> anyhow::Result<impl std::future::Future<Output = ()>> {
    // before tokio's handlers: the echo count of a delivery is there when tokio wakes
    #[cfg(unix)]
    echo::install();
    let ctrl_c = tokio::signal::ctrl_c();
    let installed = install_stop_signal(ctrl_c);
    // the handlers of an earlier step (`--wait-for-agent`'s, [`hand_over`]) end only
    // now that these are registered: no instant without a listener
    end_hand_over();
    installed
}

/// The tasks [`hand_over`] started, ended by the next [`stop_signal`].
static HAND_OVER: std::sync::Mutex<Vec<tokio::task::AbortHandle>> =
    std::sync::Mutex::new(Vec::new());

/// Keeps a step's stop handling (`stop`: a [`stop_signal`] future and what it does when it
/// fires, e.g. exit 130 with a line) running as a task until the next [`stop_signal`] is
/// installed, which ends it: a Ctrl-C / SIGTERM / SIGHUP between the two steps (while the
/// run's pipeline starts) is acted on, not swallowed by handlers nobody listens to. Must be
/// called inside the tokio runtime.
pub(crate) fn hand_over(stop: impl std::future::Future<Output = ()> + Send + 'static) {
    let task = tokio::spawn(stop);
    if let Ok(mut tasks) = HAND_OVER.lock() {
        tasks.push(task.abort_handle());
    }
}

/// Ends every [`hand_over`] task (the new handlers are already registered).
fn end_hand_over() {
    if let Ok(mut tasks) = HAND_OVER.lock() {
        for t in tasks.drain(..) {
            t.abort();
        }
    }
}

fn install_stop_signal(
    ctrl_c: impl std::future::Future<Output = std::io::Result<()>> + Send + 'static,
) -> anyhow::Result<impl std::future::Future<Output = ()>> {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{signal, SignalKind};
        let mut term = signal(SignalKind::terminate()).context("cannot install SIGTERM handler")?;
        let mut int = signal(SignalKind::interrupt()).context("cannot install SIGINT handler")?;
        let mut hup = signal(SignalKind::hangup()).context("cannot install SIGHUP handler")?;
        Ok(async move {
            tokio::select! {
                _ = ctrl_c => note_first_stop(2),
                _ = term.recv() => note_first_stop(15),
                _ = int.recv() => note_first_stop(2),
                _ = hup.recv() => {
                    note_first_stop(1);
                    HUNG_UP.store(true, std::sync::atomic::Ordering::Relaxed)
                }
            }
        })
    }
    #[cfg(not(unix))]
    {
        Ok(async move {
            let _ = ctrl_c.await;
        })
    }
}

/// 1 when one of `counted` (the run's findings, or those its `--baseline` does not know) is
/// at or above `fail_on`, else 0.
fn exit_code(counted: &[crate::verify::Finding], fail_on: FailOn) -> ExitCode {
    let Some(floor) = severity_floor(fail_on) else {
        return ExitCode::SUCCESS;
    };
    if counted.iter().any(|f| f.severity >= floor) {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}

/// The recording file this proxy created, opened for reading right after the recorder
/// created it (breaker10n N3): the `--report` is built from this open file even when the
/// path was deleted or had another file renamed over it during the run.
struct HeldRecording {
    file: std::fs::File,
}

impl HeldRecording {
    /// `None` when the file cannot be opened for reading (the report then reads the path).
    fn open(p: &Path) -> Option<HeldRecording> {
        std::fs::File::open(p)
            .ok()
            .map(|file| HeldRecording { file })
    }

    /// A path that opens this very file (Linux: `/proc/self/fd/N`, which reopens even a
    /// deleted file); elsewhere the recording's own path.
    fn read_path(&self) -> PathBuf {
        #[cfg(target_os = "linux")]
        {
            use std::os::fd::AsRawFd as _;
            PathBuf::from(format!("/proc/self/fd/{}", self.file.as_raw_fd()))
        }
        #[cfg(not(target_os = "linux"))]
        {
            PathBuf::new()
        }
    }

    /// When `rec` no longer names this file (deleted, or another file renamed over it):
    /// copies the recording out of the open file to `rec` (deleted) or to a new sibling
    /// `NAME.recovered-N.jsonl` (replaced), and returns the line that says so with the path
    /// it was kept at (`None`: it could not be copied out). `None` when `rec` still names it.
    fn moved_line(&self, rec: &Path) -> Option<(String, Option<PathBuf>)> {
        #[cfg(unix)]
        {
            use std::os::unix::fs::MetadataExt as _;
            let mine = self.file.metadata().ok()?;
            let now = std::fs::metadata(rec);
            let what = match &now {
                Ok(m) if m.dev() == mine.dev() && m.ino() == mine.ino() => return None,
                Ok(_) => "replaced by another file",
                Err(_) => "deleted",
            };
            let kept = if now.is_err() {
                self.copy_to(rec).then(|| rec.to_path_buf())
            } else {
                (1..100u32)
                    .map(|n| rec.with_extension(format!("recovered-{n}.jsonl")))
                    .find(|p| !p.exists() && self.copy_to(p))
            };
            let line = match &kept {
                Some(k) => format!(
                    "{} was {what} during the run; this run's recording is kept as {} and the report is built from it",
                    rec.display(),
                    k.display()
                ),
                None => format!(
                    "{} was {what} during the run and this run's recording could not be copied out: it is lost at exit; the report is still built from it",
                    rec.display()
                ),
            };
            Some((line, kept))
        }
        #[cfg(not(unix))]
        {
            let _ = rec;
            None
        }
    }

    /// Copies the held file whole to a new file `to` (never over an existing one).
    fn copy_to(&self, to: &Path) -> bool {
        let mut from = match std::fs::File::open(self.read_path()) {
            Ok(f) => f,
            Err(_) => return false,
        };
        let mut o = std::fs::OpenOptions::new();
        o.write(true).create_new(true);
        #[cfg(unix)]
        {
            use std::os::unix::fs::{OpenOptionsExt as _, PermissionsExt as _};
            if let Ok(m) = self.file.metadata() {
                o.mode(m.permissions().mode() & 0o777);
            }
        }
        let Ok(mut out) = o.open(to) else {
            return false;
        };
        let ok = std::io::copy(&mut from, &mut out).is_ok() && out.sync_all().is_ok();
        if !ok {
            let _ = std::fs::remove_file(to);
        }
        ok
    }
}

/// The `--report` that could not be written (disk full), printed on stderr as text so the
/// session's findings survive (breaker10n N10), with a line saying whether the recording
/// holds every event (when it does not, `verify` on it will not reproduce them).
fn report_fallback(path: &Path, o: &RunOutcome, source: Option<&Path>) {
    crate::errln!(
        "a2a-interop proxy: the report {} could not be written (the cause follows below); here it is as text:",
        path.display()
    );
    let text = report_input(o, source)
        .ok()
        .and_then(|input| {
            let report = crate::report::Report::build(&input);
            crate::report::render_report(crate::report::Format::Text, &report, &input).ok()
        })
        .unwrap_or_else(|| {
            // not even the recording could be read back: the online findings, one a line
            o.verify
                .findings
                .iter()
                .map(|f| format!("{}[{}] {}\n", f.severity.as_str(), f.rule, f.message))
                .collect()
        });
    // on a terminal, its rows fit as the report's on stdout do (newcomer59)
    let text = match super::stderr_columns() {
        Some(w) => crate::report::text::fit_rows(&text, w),
        None => text,
    };
    eprint!("{text}");
    let s = &o.recorder;
    if o.recording.is_some() && (s.unwritten_events > 0 || s.write_error.is_some()) {
        crate::errln!(
            "a2a-interop proxy: the recording is incomplete ({} of {} events not written), so `a2a-interop verify` on it will not reproduce every finding above",
            s.unwritten_events,
            s.events
        );
    }
}

/// Writes the `--report` file in `format` ([`report_format`]) through the report module. With
/// a recording, the report's exchange index (and line numbers) come from reading it back
/// from `source` (a path that opens the recording this run wrote, [`HeldRecording`]; `None`:
/// the recording's path); the verdicts are the online ones (`o.verify`), which equal the
/// offline ones on the same file.
///
/// Returns the format written and the report model (for [`report_written_line`]).
///
/// # Errors
/// The recording cannot be read back, or the report cannot be rendered or written.
pub fn write_report(
    path: &Path,
    format: Option<Format>,
    o: &RunOutcome,
    source: Option<&Path>,
    fail_on: FailOn,
    baseline: Option<std::sync::Arc<crate::report::baseline::Baseline>>,
) -> anyhow::Result<(report::Format, report::Report)> {
    // JUnit fails what the exit status counts (--fail-on; its default `never`: warnings)
    // newcomer32 N3: a recording emptied, replaced or removed under the run cannot be read
    // back; said as such, not as a report that could not be written
    let input = report_input(o, source)
        .map_err(|e| {
            anyhow::anyhow!(
                "{READ_BACK} {} for the report: {e:#}",
                o.recording
                    .as_deref()
                    .map(|p| p.display().to_string())
                    .unwrap_or_default()
            )
        })?
        .with_failure_floor(fail_on.junit_floor());
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir)?;
    }
    let mut input = input;
    input.baseline = baseline;
    let format = report_format(path, format);
    let built = report::Report::build(&input);
    report::write_built_reports(&[(format, path.to_path_buf())], &built, &input)?;
    Ok((format, built))
}

/// How [`write_report`]'s error starts when the recording could not be read back (changed,
/// replaced or removed while the proxy ran), not written.
const READ_BACK: &str = "cannot read back the recording";

/// The stop's line of a run without `--report`: what the verifier found over the whole run,
/// counted as a report counts (a finding seen again is counted once), and the command that
/// writes the report, e.g. `findings: 1 error, 0 warnings, 1 note in 11 exchanges;
/// conformance: partial; a report of them: a2a-interop report down.jsonl -o report.md`
/// (newcomer27 N1: the stop said only how many events were recorded, so a long run whose
/// live lines had scrolled away ended without a word of what it found). `None` for a run
/// that saw no exchange and found nothing: nothing was judged, and `report` on it has
/// nothing to verify. A run whose only traffic was requests the proxy refused itself
/// (HTTP-FRAME-003: garbage, TLS on the plain port) has findings and no exchange: it gets
/// its line (ux34: it ended on "16 events recorded", the errors of the run unsaid).
pub fn findings_line(
    o: &RunOutcome,
    known: Option<&report::baseline::BaselineSummary>,
) -> Option<String> {
    if o.verify.exchanges == 0 && o.verify.findings.is_empty() {
        return None;
    }
    let header = crate::record::redact::file_header(&o.header).into_owned();
    let input = ReportInput::new(
        header,
        o.verify.clone(),
        SourceInfo::default(),
        ExchangeIndex::new(SourceFile::None),
    );
    let built = report::Report::build(&input);
    let x = built.counts.exchanges as usize;
    // every exchange answered by the proxy itself: `verify` of the file says nothing was
    // verified and gives no level, and so does this line (ux34: it said "partial (warning
    // finding GW-RESP-006)" of a run whose agent never answered once)
    let level = if x > 0 && !o.reached_upstream {
        // the statuses it did answer with (ux36: "its own 502" of a forward proxy's 403
        // and 400 refusals, or of the 404 for a path no route takes)
        let own = crate::app::pipeline::own_answer_words(&o.own_statuses);
        let none = if x == 1 {
            format!("the one exchange did not reach the agent (the proxy answered it with {own})")
        } else {
            format!(
                "none of the {x} exchanges reached the agent (the proxy answered each with {own})"
            )
        };
        format!("none (nothing was verified: {none})")
    } else if let Some(why) = crate::app::verify_cmd::nothing_judged(&o.verify, x) {
        // reached, and nothing to judge (the agent never answered, or no A2A traffic): the
        // words `verify` of the recording gives (newcomer44: it said "partial")
        format!("none (nothing was verified: {why})")
    } else {
        built.level_and_reason()
    };
    let mut line = format!(
        "findings: {} in {x} {}{}; conformance: {level}",
        report::model::severity_counts(&built.summary),
        report::model::plural(x, "exchange", "exchanges"),
        known_new(known),
    );
    if let Some(rec) = &o.recording {
        line.push_str(&format!(
            "; a report of them: a2a-interop report {} -o report.md",
            super::sh_path(rec)
        ));
    }
    Some(line)
}

/// `; N known, M new` of a run judged against a baseline (the findings as the reports
/// count them), as `verify` of several files ends each file's line; empty without one.
fn known_new(b: Option<&report::baseline::BaselineSummary>) -> String {
    b.map(|b| format!("; {} known, {} new", b.unchanged, b.new))
        .unwrap_or_default()
}

/// The stop's line once `--report` is written: the file, its format, and what it holds,
/// in the words of the `wrote` line of `verify -o` ([`crate::app::verify_cmd::wrote_line`]),
/// e.g. `report written to report.md (markdown report): 1 error, 1 warning, 1 note in 75
/// exchanges; conformance: minimal` (newcomer27 N1: the stop named the file only, so the
/// counts of a long run whose live lines had scrolled away were nowhere on the terminal).
pub fn report_written_line(path: &Path, format: report::Format, built: &report::Report) -> String {
    let x = built.counts.exchanges as usize;
    format!(
        "report written to {} ({} report): {} in {x} {}{}; conformance: {}",
        path.display(),
        format.as_str(),
        report::model::severity_counts(&built.summary),
        report::model::plural(x, "exchange", "exchanges"),
        known_new(built.baseline.as_ref()),
        built.level_and_reason()
    )
}

/// The report input of a run: the recording read back (from `source`, else its path) with
/// the online verdicts ([`write_report`]).
fn report_input(o: &RunOutcome, source: Option<&Path>) -> anyhow::Result<ReportInput> {
    // as in the recording: upstream credentials redacted unless `--no-redact`
    let header = crate::record::redact::file_header(&o.header);
    let mode = header.mode;
    let target = header
        .routes
        .iter()
        .map(|r| r.upstream.clone())
        .collect::<Vec<_>>()
        .join(" ");
    let mut input = match &o.recording {
        Some(rec) => {
            let from = source.filter(|p| !p.as_os_str().is_empty()).unwrap_or(rec);
            crate::app::verify_cmd::verify_file_as(from, &rec.display().to_string())
                .map_err(anyhow::Error::msg)?
        }
        None => ReportInput::new(
            header.into_owned(),
            o.verify.clone(),
            SourceInfo::default(),
            ExchangeIndex::new(SourceFile::None),
        ),
    };
    input.outcome = o.verify.clone();
    // The verdict `verify` gives the same recording: nothing verified, no level (breaker16b
    // T7: a forward proxy that saw only CONNECT tunnels).
    input.nothing_verified = crate::app::verify_cmd::nothing_verified(&input);
    // The verdicts are the online ones, over every event; after a write failure the file
    // holds only `seq` 1..=written (the writer stops at the first failed batch): say so.
    let s = &o.recorder;
    if o.recording.is_some() && (s.unwritten_events > 0 || s.write_error.is_some()) {
        let written = s.events.saturating_sub(s.unwritten_events);
        input.source.unwritten = Some(crate::report::Unwritten {
            events: s.unwritten_events,
            total: s.events,
            first_seq: written + 1,
            error: s
                .write_error
                .clone()
                .unwrap_or_else(|| "write error".into()),
        });
    }
    input.source.kind = SourceKind::Proxy;
    // Forward mode has no routes: the origins the clients named are the targets (breaker9a
    // B14: the report said "target ``").
    let target = if target.is_empty() {
        let mut origins: Vec<String> = Vec::new();
        for x in input.index.exchanges() {
            if let Some(o) = crate::model::net::parse_url(&x.url).map(|u| u.origin()) {
                if !origins.contains(&o) {
                    origins.push(o);
                }
            }
        }
        match (mode, origins.is_empty()) {
            (crate::record::CaptureMode::Forward, true) => "forward proxy".into(),
            (crate::record::CaptureMode::Forward, false) => {
                format!("forward proxy to {}", origins.join(" "))
            }
            _ => origins.join(" "),
        }
    } else {
        target
    };
    input.source.target = (!target.is_empty()).then_some(target);
    Ok(input)
}

/// `; full path /srv/a2a/recordings/x.jsonl` for a recording path that is relative or not
/// canonical (`./x/../rec.jsonl`, `/srv/./a2a/rec.jsonl`), so an operator who started the
/// proxy from another directory (a unit, another shell) finds the file: its directory is
/// resolved by [`std::fs::canonicalize`] (`.`, `..` and symbolic links), the file name kept
/// (review22 R9). Empty when the path is already its canonical self, or when the directory
/// cannot be resolved.
fn full_path_note(p: &std::path::Path) -> String {
    match canonical_record_path(p) {
        Some(full) if full != p => format!("; full path {}", full.display()),
        _ => String::new(),
    }
}

/// `p` with its directory canonicalised and its file name kept: the file itself need not
/// exist yet, its directory must. `None` when the directory cannot be resolved or `p` has
/// no file name.
fn canonical_record_path(p: &std::path::Path) -> Option<PathBuf> {
    let name = p.file_name()?;
    let dir = match p.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => std::path::Path::new("."),
    };
    std::fs::canonicalize(dir).ok().map(|d| d.join(name))
}

#[cfg(test)]
mod tests {
    /// newcomer57: the forward proxy's no-client hint says which proxy variable a client
    /// takes for which agent (HTTPS_PROXY alone leaves an http:// agent unrecorded).
    #[test]
    fn a_forward_run_without_clients_says_which_variable_covers_which_agent() {
        let l = super::no_traffic_line(&["127.0.0.1:3128".into()], true);
        assert!(
            l.ends_with("and check it is not in NO_PROXY (a client takes HTTP_PROXY for an http:// agent, HTTPS_PROXY for an https:// one: set both)"),
            "{l}"
        );
    }

    use super::*;

    /// ux39: a run without `--report` has nothing a further Ctrl-C could skip once the
    /// verifier caught up, so such a signal no longer exits 130 saying a report (and a
    /// recording, with `--no-record`) was cut short; with `--report` it still skips the
    /// write.
    #[test]
    fn a_signal_after_the_verify_cuts_only_a_report_write() {
        assert_eq!(phase_after_verify(false), PHASE_DONE);
        assert_eq!(phase_after_verify(true), PHASE_REPORT);
    }

    /// How the lines name a second Ctrl-C after a first one (SIGINT).
    const C: &str = "Ctrl-C again";

    /// The waiting line names the `--shutdown-grace` it waits (singular for one exchange);
    /// nothing is said when nothing is open or the grace is 0 (no wait).
    #[test]
    fn waiting_line_names_the_grace() {
        assert_eq!(
            waiting_line(1, 2, C).as_deref(),
            Some("waiting up to 2 s for 1 open exchange to end (Ctrl-C again to stop now: they are recorded as open)")
        );
        assert_eq!(
            waiting_line(3, 30, C).as_deref(),
            Some("waiting up to 30 s for 3 open exchanges to end (Ctrl-C again to stop now: they are recorded as open)")
        );
        assert_eq!(waiting_line(0, 2, C), None);
        assert_eq!(waiting_line(4, 0, C), None);
        // ux34: after SIGTERM (`kill`, `docker stop`, systemd) no terminal may be there to
        // press Ctrl-C in: the line names a second SIGTERM
        assert_eq!(
            waiting_line(1, 30, crate::report::model::again_words(15)).as_deref(),
            Some("waiting up to 30 s for 1 open exchange to end (a second SIGTERM or Ctrl-C to stop now: they are recorded as open)")
        );
        assert_eq!(crate::report::model::again_words(2), C);
        assert_eq!(crate::report::model::again_words(0), C);
        assert_eq!(
            crate::report::model::again_words(1),
            "a SIGTERM or another SIGHUP"
        );
    }

    /// q21: the stop names the verifier's catch-up with its count (singular for one), and
    /// says nothing when nothing is left to verify.
    #[test]
    fn the_catch_up_line_counts_what_is_left_and_is_silent_at_zero() {
        assert_eq!(catching_up_line(0, false, C), None);
        assert_eq!(catching_up_line(0, true, C), None);
        assert_eq!(
            catching_up_line(1, false, C).as_deref(),
            Some("the online verifier is catching up: 1 recorded event still to verify before the findings are final")
        );
        assert_eq!(
            catching_up_line(4096, false, C).as_deref(),
            Some("the online verifier is catching up: 4096 recorded events still to verify before the findings are final")
        );
        // q22 Q1: once the recording is closed, a further Ctrl-C cuts the catch-up
        assert_eq!(
            catching_up_line(2, true, C).as_deref(),
            Some("the online verifier is catching up: 2 recorded events still to verify before the findings are final (Ctrl-C again stops now: the recording is closed and can be verified offline)")
        );
        assert!(CATCH_UP_FIRST < CATCH_UP_EVERY);
    }

    /// q22 Q1: while the recorder writes what is still queued, the line counts what is
    /// left to write and to verify, and says what a further Ctrl-C does; after it, that
    /// the proxy exits once the recording is complete; nothing when nothing is left.
    #[test]
    fn the_finishing_line_counts_what_is_left_to_write() {
        assert_eq!(finishing_line(0, 5, false, C), None);
        assert_eq!(finishing_line(0, 5, true, C), None);
        assert_eq!(
            finishing_line(430, 12, false, C).as_deref(),
            Some("the recording is being finished: 430 events still to write and 442 events to verify before the findings are final (Ctrl-C again exits once the recording is complete, without verifying the rest)")
        );
        assert_eq!(
            finishing_line(1, 0, true, C).as_deref(),
            Some("the recording is being finished: 1 event still to write; the proxy exits once it is complete")
        );
    }

    /// q22 Q1: the line of a Ctrl-C that cuts the catch-up names what was left unverified,
    /// that the recording is complete, and the commands that verify it and write the
    /// report; without a recording it says nothing was recorded.
    #[test]
    fn the_catch_up_cut_line_names_the_offline_commands() {
        let rec = Path::new("out/rec.jsonl");
        let rep = Path::new("out/r.md");
        assert_eq!(
            catch_up_cut_line(563, Some(rec), Some(rep), 0),
            "stopped before the online verifier caught up (563 recorded events not verified live); the recording out/rec.jsonl is complete: `a2a-interop verify out/rec.jsonl` verifies it offline and `a2a-interop report out/rec.jsonl -o out/r.md` writes the report"
        );
        assert_eq!(
            catch_up_cut_line(1, Some(rec), None, 0),
            "stopped before the online verifier caught up (1 recorded event not verified live); the recording out/rec.jsonl is complete: `a2a-interop verify out/rec.jsonl` verifies it offline"
        );
        assert_eq!(
            catch_up_cut_line(0, None, Some(rep), 0),
            "stopped before the online verifier caught up (the online verifier had not finished); nothing was recorded (--no-record): no report at out/r.md"
        );
        assert_eq!(
            catch_up_cut_line(7, None, None, 0),
            "stopped before the online verifier caught up (7 events not verified live); nothing was recorded (--no-record)"
        );
        // review22 R1: a recording that lost events on a full recorder queue (or a full
        // disk) is closed whole but not complete: the line does not call it complete
        assert_eq!(
            catch_up_cut_line(626, Some(rec), None, 3544),
            "stopped before the online verifier caught up (626 recorded events not verified live); the recording out/rec.jsonl is closed but incomplete (3544 events dropped or not written, see above): `a2a-interop verify out/rec.jsonl` verifies it offline"
        );
        assert!(report_writing_line(rep, 2052, Some(rec), 0, 3544, C).contains(
            "the recording out/rec.jsonl lacks 3544 events dropped on a full recorder queue: a report written from it later"
        ));
        assert!(report_skipped_line(rep, Some(rec), 0, 1).contains(
            "the recording out/rec.jsonl lacks 1 event dropped on a full recorder queue: `a2a-interop report"
        ));
    }
}

/*!
TLS for the proxy: the local CA (`a2a-interop ca init|path`), per-host leaf certificates for
`--intercept-tls`, and the TLS client configuration of the upstream leg.

```text
 client ─CONNECT host:443─► proxy ─200─► TLS accept (leaf for host, signed by the local CA,
                                          ALPN h2 / http/1.1) ─► handle() ─► TLS ─► agent
```

- The CA lives in `$XDG_CONFIG_HOME/a2a-interop/` (else `~/.config/a2a-interop/`):
  `ca-cert.pem` (give it to clients, e.g. `curl --cacert`) and `ca-key.pem` (mode 0600,
  never printed). ECDSA P-256 (rcgen, ring provider).
- Leaf certificates are made on first use per host and cached for the process's life.
- The upstream leg verifies agents against the operating system's roots
  ([`upstream_roots`]: `rustls-native-certs`, which honours `SSL_CERT_FILE` /
  `SSL_CERT_DIR`; Mozilla's bundle from `webpki-roots` when the OS store is empty or
  unreadable) plus `--upstream-ca FILE`s (RFC 5280 path validation by rustls-webpki);
  `--insecure-upstream` turns verification off and is only ever set by that explicit flag.
*/

use std::collections::HashMap;
use std::future::Future;
use std::path::{Path, PathBuf};
use std::pin::Pin;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll};
use std::time::Duration;

use rcgen::{
    BasicConstraints, CertificateParams, DistinguishedName, DnType, ExtendedKeyUsagePurpose, IsCa,
    KeyPair, KeyUsagePurpose, SanType,
};
use rustls::pki_types::{CertificateDer, PrivateKeyDer, PrivatePkcs8KeyDer, ServerName, UnixTime};

/// File name of the CA certificate (PEM) in the CA directory.
pub const CA_CERT_FILE: &str = "ca-cert.pem";
/// File name of the CA private key (PEM, PKCS#8, mode 0600) in the CA directory.
pub const CA_KEY_FILE: &str = "ca-key.pem";

const CA_COMMON_NAME: &str = "a2a-interop local CA";

/// The default CA directory: `$XDG_CONFIG_HOME/a2a-interop`, else `$HOME/.config/a2a-interop`.
/// `None` when neither variable is set.
pub fn default_ca_dir() -> Option<PathBuf> {
    if let Some(x) = std::env::var_os("XDG_CONFIG_HOME").filter(|v| !v.is_empty()) {
        return Some(PathBuf::from(x).join("a2a-interop"));
    }
    std::env::var_os("HOME")
        .filter(|v| !v.is_empty())
        .map(|h| PathBuf::from(h).join(".config").join("a2a-interop"))
}

fn ca_params() -> CertificateParams {
    let mut p = CertificateParams::default();
    let mut dn = DistinguishedName::new();
    dn.push(DnType::CommonName, CA_COMMON_NAME);
    dn.push(DnType::OrganizationName, "a2a-interop");
    p.distinguished_name = dn;
    p.is_ca = IsCa::Ca(BasicConstraints::Constrained(0));
    p.key_usages = vec![
        KeyUsagePurpose::KeyCertSign,
        KeyUsagePurpose::CrlSign,
        KeyUsagePurpose::DigitalSignature,
    ];
    p.not_before = rcgen::date_time_ymd(2024, 1, 1);
    p.not_after = rcgen::date_time_ymd(2034, 1, 1);
    p
}

/// Creates the CA in `dir` unless one is there already. Returns the certificate's path.
/// The key file is created with mode 0600 (Unix) and its content is never printed.
///
/// Errors: the directory or files cannot be written; key generation fails.
pub fn init_ca(dir: &Path) -> std::io::Result<PathBuf> {
    let cert_path = dir.join(CA_CERT_FILE);
    let key_path = dir.join(CA_KEY_FILE);
    if cert_path.exists() && key_path.exists() {
        return Ok(cert_path);
    }
    std::fs::create_dir_all(dir)?;
    let key = KeyPair::generate().map_err(io_err)?;
    let cert = ca_params().self_signed(&key).map_err(io_err)?;
    write_private(&key_path, key.serialize_pem().as_bytes())?;
    std::fs::write(&cert_path, cert.pem())?;
    Ok(cert_path)
}

#[cfg(unix)]
fn write_private(path: &Path, data: &[u8]) -> std::io::Result<()> {
    use std::io::Write as _;
    use std::os::unix::fs::OpenOptionsExt as _;
    let mut f = std::fs::OpenOptions::new()
        .write(true)
        .create(true)
        .truncate(true)
        .mode(0o600)
        .open(path)?;
    f.write_all(data)
}

#[cfg(not(unix))]
fn write_private(path: &Path, data: &[u8]) -> std::io::Result<()> {
    std::fs::write(path, data)
}

fn io_err(e: impl std::fmt::Display) -> std::io::Error {
    std::io::Error::other(e.to_string())
}

/// The local CA, loaded, with its leaf-certificate cache.
pub struct Ca {
    key: KeyPair,
    /// The CA certificate as rcgen issuer (same name, key and key identifier as the file).
    issuer: rcgen::Certificate,
    cert_der: CertificateDer<'static>,
    leaves: Mutex<HashMap<String, Arc<rustls::ServerConfig>>>,
}

impl std::fmt::Debug for Ca {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Ca").finish_non_exhaustive()
    }
}

impl Ca {
    /// Loads the CA from `dir` ([`CA_CERT_FILE`], [`CA_KEY_FILE`]).
    ///
    /// Errors (each naming the file and the fix): files missing (hint: `a2a-interop ca
    /// init`), not PEM, a key rcgen cannot use, or a key that is not the certificate's.
    pub fn load(dir: &Path) -> std::io::Result<Ca> {
        let key_path = dir.join(CA_KEY_FILE);
        let cert_path = dir.join(CA_CERT_FILE);
        // Every error names the file and the way out: a damaged CA (a key emptied by a full
        // disk, a bad copy) is made again, and clients then trust the new certificate
        // (breaker10n N17).
        let redo = format!(
            "hint: remove {} and {}, run `a2a-interop ca init --ca-dir {}` and give clients the new certificate",
            key_path.display(),
            cert_path.display(),
            dir.display()
        );
        let key_pem = std::fs::read_to_string(&key_path).map_err(|e| {
            std::io::Error::new(
                e.kind(),
                format!(
                    "cannot read the CA key {}: {e}; hint: a2a-interop ca init --ca-dir {}",
                    key_path.display(),
                    dir.display()
                ),
            )
        })?;
        let cert_pem = std::fs::read(&cert_path).map_err(|e| {
            std::io::Error::new(
                e.kind(),
                format!(
                    "cannot read the CA certificate {}: {e}; {redo}",
                    cert_path.display()
                ),
            )
        })?;
        let key = KeyPair::from_pem(&key_pem).map_err(|e| {
            io_err(format!(
                "the CA key {} is not a usable PEM private key ({e}); {redo}",
                key_path.display()
            ))
        })?;
        let cert_der = match rustls_pemfile::certs(&mut cert_pem.as_slice()).next() {
            Some(Ok(c)) => c,
            Some(Err(e)) => {
                return Err(io_err(format!(
                    "the CA certificate {} is not valid PEM ({e}); {redo}",
                    cert_path.display()
                )))
            }
            None => {
                return Err(io_err(format!(
                    "no PEM certificate in the CA certificate file {}; {redo}",
                    cert_path.display()
                )))
            }
        };
        // The certificate carries its SubjectPublicKeyInfo verbatim (RFC 5280 §4.1): a key
        // from another CA would sign leaves that chain to nothing clients trust.
        let spki = key.public_key_der();
        if !cert_der.windows(spki.len()).any(|w| w == spki.as_slice()) {
            return Err(io_err(format!(
                "the CA key {} does not belong to the CA certificate {}; {redo}",
                key_path.display(),
                cert_path.display()
            )));
        }
        // Rebuilt with the same name and key: leaves name the file's subject as issuer and
        // carry its key identifier, so they chain to the file's certificate.
        let issuer = ca_params().self_signed(&key).map_err(io_err)?;
        Ok(Ca {
            key,
            issuer,
            cert_der,
            leaves: Mutex::new(HashMap::new()),
        })
    }

    /// The TLS server configuration presenting a leaf certificate for `host` (DNS name or
    /// IP), ALPN `h2` and `http/1.1`. Made once per host, then cached.
    ///
    /// Errors: certificate generation fails (e.g. a host that is not a valid DNS name).
    pub fn server_config(&self, host: &str) -> std::io::Result<Arc<rustls::ServerConfig>> {
        let host = host
            .trim_start_matches('[')
            .trim_end_matches(']')
            .to_ascii_lowercase();
        if let Some(c) = self.leaves.lock().ok().and_then(|m| m.get(&host).cloned()) {
            return Ok(c);
        }
        let mut p = CertificateParams::default();
        let mut dn = DistinguishedName::new();
        dn.push(DnType::CommonName, host.as_str());
        p.distinguished_name = dn;
        p.subject_alt_names = vec![match host.parse::<std::net::IpAddr>() {
            Ok(ip) => SanType::IpAddress(ip),
            Err(_) => SanType::DnsName(host.clone().try_into().map_err(io_err)?),
        }];
        p.extended_key_usages = vec![ExtendedKeyUsagePurpose::ServerAuth];
        p.key_usages = vec![KeyUsagePurpose::DigitalSignature];
        p.not_before = rcgen::date_time_ymd(2024, 1, 1);
        p.not_after = rcgen::date_time_ymd(2034, 1, 1);
        let leaf_key = KeyPair::generate().map_err(io_err)?;
        let leaf = p
            .signed_by(&leaf_key, &self.issuer, &self.key)
            .map_err(io_err)?;
        let chain = vec![leaf.der().clone(), self.cert_der.clone()];
        let key = PrivateKeyDer::Pkcs8(PrivatePkcs8KeyDer::from(leaf_key.serialize_der()));
        let mut cfg = rustls::ServerConfig::builder_with_provider(provider())
            .with_safe_default_protocol_versions()
            .map_err(io_err)?
            .with_no_client_auth()
            .with_single_cert(chain, key)
            .map_err(io_err)?;
        cfg.alpn_protocols = vec![b"h2".to_vec(), b"http/1.1".to_vec()];
        let cfg = Arc::new(cfg);
        if let Ok(mut m) = self.leaves.lock() {
            m.insert(host, cfg.clone());
        }
        Ok(cfg)
    }
}

/// `--tls-cert FILE --tls-key FILE`: TLS on the reverse listener.
#[derive(Clone, Debug)]
pub struct ListenerTls {
    /// PEM certificate chain, leaf first.
    pub cert: PathBuf,
    /// PEM private key (PKCS#8, PKCS#1 or SEC1).
    pub key: PathBuf,
}

impl ListenerTls {
    /// The server configuration: the files' chain and key, ALPN `h2` and `http/1.1`.
    ///
    /// Errors: a file cannot be read, holds no certificate / key, or they do not match.
    pub fn server_config(&self) -> std::io::Result<rustls::ServerConfig> {
        let cert_pem = std::fs::read(&self.cert).map_err(|e| {
            std::io::Error::new(e.kind(), format!("--tls-cert {}: {e}", self.cert.display()))
        })?;
        let key_pem = std::fs::read(&self.key).map_err(|e| {
            std::io::Error::new(e.kind(), format!("--tls-key {}: {e}", self.key.display()))
        })?;
        let chain: Vec<CertificateDer<'static>> =
            rustls_pemfile::certs(&mut cert_pem.as_slice()).collect::<Result<_, _>>()?;
        if chain.is_empty() {
            let swapped = if pem_holds(&cert_pem) == PemHolds::Key {
                " (are --tls-cert and --tls-key swapped?)"
            } else {
                ""
            };
            return Err(io_err(format!(
                "--tls-cert {}: no PEM certificate in the file{}; hint: --tls-cert takes the listener's certificate chain in PEM (-----BEGIN CERTIFICATE-----, the leaf first), --tls-key its private key{swapped}{}",
                self.cert.display(),
                pem_holds(&cert_pem).said(),
                der_hint(&cert_pem, &self.cert, "x509"),
            )));
        }
        let key = rustls_pemfile::private_key(&mut key_pem.as_slice())?.ok_or_else(|| {
            let swapped = if pem_holds(&key_pem) == PemHolds::Certificate {
                " (are --tls-cert and --tls-key swapped?)"
            } else {
                ""
            };
            io_err(format!(
                "--tls-key {}: no PEM private key in the file{}; hint: --tls-key takes the private key of the --tls-cert certificate in PEM (-----BEGIN PRIVATE KEY-----, RSA or EC PRIVATE KEY also){swapped}{}",
                self.key.display(),
                pem_holds(&key_pem).said(),
                der_hint(&key_pem, &self.key, "pkey"),
            ))
        })?;
        let mut cfg = rustls::ServerConfig::builder_with_provider(provider())
            .with_safe_default_protocol_versions()
            .map_err(io_err)?
            .with_no_client_auth()
            .with_single_cert(chain, key)
            .map_err(|e| io_err(self.pair_problem(&e)))?;
        cfg.alpn_protocols = vec![b"h2".to_vec(), b"http/1.1".to_vec()];
        Ok(cfg)
    }
}

impl ListenerTls {
    /// Why the certificate and key files cannot serve together, as one line
    /// `<cause>; hint: <hint>` (rustls only names the case: `KeyMismatch`).
    fn pair_problem(&self, e: &rustls::Error) -> String {
        let (cert, key) = (self.cert.display(), self.key.display());
        match e {
            rustls::Error::InconsistentKeys(rustls::InconsistentKeys::KeyMismatch) => format!(
                "--tls-key {key} is not the private key of the certificate in --tls-cert {cert}; hint: give the key made with that certificate (`openssl x509 -noout -pubkey -in CERT` and `openssl pkey -pubout -in KEY` print the same key)"
            ),
            rustls::Error::InconsistentKeys(_) => format!(
                "--tls-key {key} could not be checked against the certificate in --tls-cert {cert}; hint: give the key made with that certificate"
            ),
            other => format!(
                "--tls-cert {cert} / --tls-key {key} cannot be used: {other}; hint: --tls-cert takes the PEM certificate chain (leaf first), --tls-key its PEM private key (PKCS#8, PKCS#1 or SEC1)"
            ),
        }
    }
}

/// The ring crypto provider (no aws-lc in this build).
pub fn provider() -> Arc<rustls::crypto::CryptoProvider> {
    Arc::new(rustls::crypto::ring::default_provider())
}

/// Where the upstream leg's trust anchors came from ([`upstream_roots`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RootsSource {
    /// The operating system's store (or `SSL_CERT_FILE` / `SSL_CERT_DIR`): this many
    /// certificates were usable.
    Os(usize),
    /// The OS store was empty or unreadable: Mozilla's bundle (`webpki-roots`).
    Webpki,
}

/// The trust anchors for agents' certificates: the OS store through `rustls-native-certs`
/// (which reads `SSL_CERT_FILE` / `SSL_CERT_DIR` when set, else the platform's store), and
/// `webpki-roots` when that yields no usable certificate. Errors reading single OS store
/// entries are skipped (logged at debug level). Reads files: call once per proxy.
pub fn upstream_roots() -> (rustls::RootCertStore, RootsSource) {
    let native = rustls_native_certs::load_native_certs();
    for e in &native.errors {
        tracing::debug!(error = %e, "OS certificate store entry not loaded");
    }
    roots_from(native.certs)
}

/// [`upstream_roots`] from certificates already loaded from the OS store.
fn roots_from(os: Vec<CertificateDer<'static>>) -> (rustls::RootCertStore, RootsSource) {
    let mut roots = rustls::RootCertStore::empty();
    let (added, _ignored) = roots.add_parsable_certificates(os);
    if added > 0 {
        return (roots, RootsSource::Os(added));
    }
    roots.extend(webpki_roots::TLS_SERVER_ROOTS.iter().cloned());
    (roots, RootsSource::Webpki)
}

/// Trust settings of the upstream leg's TLS, shared by reverse mode (`--upstream https://...`,
/// `--route /p=https://...`) and `--intercept-tls`: the OS roots ([`upstream_roots`]) plus
/// `ca`, or no verification at all with `insecure`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct UpstreamTrust {
    /// PEM files of extra CAs the agents' certificates may chain to (`--upstream-ca FILE`,
    /// repeatable).
    pub ca: Vec<PathBuf>,
    /// Do not verify the agents' certificates (`--insecure-upstream`, explicit flag only).
    pub insecure: bool,
}

/// The certificates of PEM files given as trusted CAs under the command-line flag `flag`
/// (`--upstream-ca` of `proxy`, `--ca` of `probe` and `interop`), in file order.
///
/// Errors, each naming the flag and the file: a file cannot be read, is not PEM, or holds no
/// certificate (a private key, say).
pub fn ca_certs(files: &[PathBuf], flag: &str) -> std::io::Result<Vec<CertificateDer<'static>>> {
    let mut out = Vec::new();
    for f in files {
        let pem = std::fs::read(f)
            .map_err(|e| std::io::Error::new(e.kind(), format!("{flag} {}: {e}", f.display())))?;
        let before = out.len();
        for c in rustls_pemfile::certs(&mut pem.as_slice()) {
            out.push(c.map_err(|e| io_err(format!("{flag} {}: {e}", f.display())))?);
        }
        if out.len() == before {
            return Err(io_err(format!(
                "{flag} {}: no PEM certificate in the file{}; hint: give the agent's certificate or the CA that signed it, in PEM (-----BEGIN CERTIFICATE-----), never a private key{}",
                f.display(),
                pem_holds(&pem).said(),
                der_hint(&pem, f, "x509"),
            )));
        }
    }
    Ok(out)
}

/// What a PEM file given as a certificate or key holds instead (newcomer26 N5: a key
/// given to `--tls-cert` or `--upstream-ca`, the two files swapped, was told only "no PEM
/// certificate in the file" with the generic `--help` hint).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum PemHolds {
    /// Nothing at all (zero bytes, or only white space).
    Empty,
    /// A PEM private key (`PRIVATE KEY`, `RSA PRIVATE KEY`, `EC PRIVATE KEY`, ...) and no
    /// certificate.
    Key,
    /// A PEM certificate and no private key.
    Certificate,
    /// Bytes with no PEM `-----BEGIN` line: a binary (DER) file, most likely.
    NotPem,
    /// UTF-8 text with no PEM `-----BEGIN` line: another file given by mistake (a report,
    /// a config), not a DER file (newcomer47 N11: `--upstream-ca report.md` was asked
    /// whether it was "a binary DER file").
    Text,
    /// Other PEM blocks (a CSR, public key, parameters) or both kinds.
    Other,
}

impl PemHolds {
    /// The clause told after "no PEM ... in the file": ` (it holds a private key)`.
    fn said(self) -> &'static str {
        match self {
            PemHolds::Empty => " (the file is empty)",
            PemHolds::Key => " (it holds a private key)",
            PemHolds::Certificate => " (it holds a certificate)",
            PemHolds::NotPem => " (it is not PEM text: a binary DER file?)",
            PemHolds::Text => " (it is text with no -----BEGIN line: no certificate or key at all)",
            PemHolds::Other => "",
        }
    }
}

/// [`PemHolds`] of `pem` from its `-----BEGIN <label>-----` lines (RFC 7468 §2).
fn pem_holds(pem: &[u8]) -> PemHolds {
    if pem.iter().all(u8::is_ascii_whitespace) {
        return PemHolds::Empty;
    }
    let text = String::from_utf8_lossy(pem);
    let labels: Vec<&str> = text
        .lines()
        .filter_map(|l| l.trim().strip_prefix("-----BEGIN "))
        .filter_map(|l| l.strip_suffix("-----"))
        .collect();
    if labels.is_empty() {
        let text_only = std::str::from_utf8(pem)
            .is_ok_and(|t| !t.chars().any(|c| c.is_control() && !c.is_whitespace()));
        return if text_only {
            PemHolds::Text
        } else {
            PemHolds::NotPem
        };
    }
    let key = labels.iter().any(|l| l.ends_with("PRIVATE KEY"));
    let cert = labels
        .iter()
        .any(|l| *l == "CERTIFICATE" || *l == "X509 CERTIFICATE" || *l == "TRUSTED CERTIFICATE");
    match (key, cert) {
        (true, false) => PemHolds::Key,
        (false, true) => PemHolds::Certificate,
        _ => PemHolds::Other,
    }
}

/// For a file that is no PEM text: the `openssl` command that writes it as PEM (`what`:
/// `x509` for a certificate, `pkey` for a key), as a hint's last clause; empty otherwise.
fn der_hint(pem: &[u8], file: &std::path::Path, what: &str) -> String {
    if pem_holds(pem) != PemHolds::NotPem {
        return String::new();
    }
    let f = file.display();
    format!("; a DER file converts with `openssl {what} -inform der -in {f} -out {f}.pem`")
}

/// A TLS failure towards an agent, as read from rustls's error text and the TLS alert
/// names it carries (RFC 8446 §6.2): what the proxy's 502 hint and the prober's pre-check
/// and stop message each turn into their own flags and words.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TlsFailure {
    /// The certificate chains to no trusted CA (`UnknownIssuer`, alert `unknown_ca`).
    UnknownIssuer,
    /// The certificate does not name the server name checked (`NotValidForName`).
    NotValidForName,
    /// The certificate is expired or not valid yet (or the clock is wrong).
    OutsideValidity,
    /// The peer answered with bytes that are no TLS record: it speaks no TLS on that port.
    NotTls,
    /// No shared TLS version or cipher suite (alert `handshake_failure`, `protocol_version`).
    NoSharedParameters,
    /// The certificate's signature does not verify under the CA it names (`BadSignature`).
    BadSignature,
    /// A certificate refused for another reason (another `invalid peer certificate`).
    CertificateRefused,
}

/// The validity period a certificate failed, in dates, from rustls's error text (`cause`):
/// `certificate expired: verification time 1796484171 (UNIX), but certificate is not valid
/// after 1580515200 (215968971 seconds ago)` becomes `the agent's certificate expired on
/// 2020-02-01 00:00:00 UTC, 2499 days before this machine's clock (2026-12-05 15:22:51
/// UTC)`; a certificate not valid yet says from when. `None` when the text carries no such
/// times (ux40: the hint said only "outside its validity period", the cause Unix seconds).
pub fn validity_dates(cause: &str) -> Option<String> {
    /// The decimal number right after `key` in `text`.
    fn number_after(text: &str, key: &str) -> Option<i64> {
        let rest = &text[text.find(key)? + key.len()..];
        let end = rest
            .find(|c: char| !c.is_ascii_digit())
            .unwrap_or(rest.len());
        rest[..end].parse().ok()
    }
    /// A Unix time as `2020-02-01 00:00:00 UTC`.
    fn date(secs: i64) -> Option<String> {
        Some(
            chrono::DateTime::from_timestamp(secs, 0)?
                .format("%Y-%m-%d %H:%M:%S UTC")
                .to_string(),
        )
    }
    /// A span of seconds in the largest whole unit: `2499 days`, `5 hours`, `40 s`.
    fn span(secs: i64) -> String {
        let secs = secs.max(0);
        match secs {
            s if s >= 2 * 86_400 => format!("{} days", s / 86_400),
            s if s >= 2 * 3_600 => format!("{} hours", s / 3_600),
            s if s >= 2 * 60 => format!("{} min", s / 60),
            s => format!("{s} s"),
        }
    }
    let now = number_after(cause, "verification time ")?;
    if let Some(after) = number_after(cause, "is not valid after ") {
        return Some(format!(
            "the agent's certificate expired on {}, {} before this machine's clock ({})",
            date(after)?,
            span(now - after),
            date(now)?
        ));
    }
    let before = number_after(cause, "is not valid before ")?;
    Some(format!(
        "the agent's certificate is valid only from {}, {} after this machine's clock ({})",
        date(before)?,
        span(before - now),
        date(now)?
    ))
}

/// rustls's error text `cause` without the raw validity times when [`validity_dates`] can
/// say them in dates (the hint then says them once, plainly): `invalid peer certificate:
/// certificate expired: verification time 1796484171 (UNIX), but certificate is not valid
/// after 1580515200 (215968971 seconds ago)` becomes `invalid peer certificate: certificate
/// expired` (left41: the cause said the seconds, the hint the same in dates). `cause`
/// unchanged otherwise.
pub fn without_validity_times(cause: &str) -> std::borrow::Cow<'_, str> {
    if validity_dates(cause).is_none() {
        return std::borrow::Cow::Borrowed(cause);
    }
    let Some(from) = cause.find(": verification time ") else {
        return std::borrow::Cow::Borrowed(cause);
    };
    let rest = &cause[from..];
    // the end of `(N seconds ago)` / `(N seconds in the future)` after the second time
    let end = ["is not valid after ", "is not valid before "]
        .iter()
        .find_map(|k| rest.find(k))
        .and_then(|at| {
            let open = at + rest[at..].find('(')?;
            Some(open + rest[open..].find(')')? + 1)
        });
    match end {
        Some(end) => std::borrow::Cow::Owned(format!("{}{}", &cause[..from], &rest[end..])),
        None => std::borrow::Cow::Borrowed(cause),
    }
}

/// Classifies a TLS failure from its error text (`cause`, any letter case). `None` when
/// the text names no TLS failure this knows (a refused connection, a timeout).
pub fn tls_failure(cause: &str) -> Option<TlsFailure> {
    let c = cause.to_ascii_lowercase();
    let has = |words: &[&str]| words.iter().any(|w| c.contains(w));
    Some(
        if has(&["unknownissuer", "unknown issuer", "unknown ca", "unknownca"]) {
            TlsFailure::UnknownIssuer
        } else if has(&["notvalidforname", "not valid for name"]) {
            TlsFailure::NotValidForName
        } else if has(&["expired", "notvalidyet", "not valid yet"]) {
            TlsFailure::OutsideValidity
        } else if has(&[
            "corrupt message",
            "invalidcontenttype",
            "invalid content type",
        ]) {
            TlsFailure::NotTls
        } else if has(&[
            "handshakefailure",
            "handshake failure",
            "peer is incompatible",
            "protocolversion",
            "protocol version",
        ]) {
            TlsFailure::NoSharedParameters
        } else if has(&["badsignature", "bad signature"]) {
            TlsFailure::BadSignature
        } else if has(&["invalid peer certificate"]) {
            TlsFailure::CertificateRefused
        } else {
            return None;
        },
    )
}

/// The TLS server name a client checks the certificate of `host` against (RFC 6125): a
/// DNS name as given, an IP address as the address (no SNI is sent for it, RFC 6066 §3).
/// `None` for a DNS name rustls does not take as a server name.
pub fn server_name_of_host(host: &url::Host<&str>) -> Option<ServerName<'static>> {
    match host {
        url::Host::Domain(d) => ServerName::try_from(d.to_string()).ok(),
        url::Host::Ipv4(ip) => Some(std::net::IpAddr::V4(*ip).into()),
        url::Host::Ipv6(ip) => Some(std::net::IpAddr::V6(*ip).into()),
    }
}

/// `http://` upstream origins (`HOST:PORT`) found to speak TLS by the proxy's start-up
/// check (`upstream_speaks_tls` of `proxy`), so that a request to one that then fails
/// names `https://` as the start-up warning did (review22 R8). Cheap to clone (shared).
#[derive(Clone, Debug, Default)]
pub struct TlsPorts(Arc<Mutex<std::collections::HashSet<String>>>);

impl TlsPorts {
    /// Notes that `origin` (`HOST:PORT`, an IPv6 host in brackets) speaks TLS.
    pub fn mark(&self, origin: &str) {
        if let Ok(mut g) = self.0.lock() {
            g.insert(origin.to_string());
        }
    }

    /// True when [`Self::mark`] noted `origin`.
    pub fn contains(&self, origin: &str) -> bool {
        self.0.lock().is_ok_and(|g| g.contains(origin))
    }
}

/// True when the server at `u`'s host and port completes a TLS handshake (any certificate
/// accepted: this asks only whether the port speaks TLS, RFC 8446 §4.1) within `wait` for
/// the connect and again for the handshake. `false` for a plain HTTP server (it answers
/// the ClientHello with something that is no TLS record), one that cannot be reached, or
/// no answer in time. Used to tell an `http://` upstream that is in fact `https://`
/// (review22 R8).
pub async fn speaks_tls(u: &url::Url, wait: Duration) -> bool {
    let Some(name) = u.host().as_ref().and_then(server_name_of_host) else {
        return false;
    };
    let Some((addr, port)) = crate::model::net::connect_target(u) else {
        return false;
    };
    let Ok(Ok(tcp)) =
        tokio::time::timeout(wait, tokio::net::TcpStream::connect((addr.as_str(), port))).await
    else {
        return false;
    };
    let Ok(cfg) = client_config(&[], true) else {
        return false;
    };
    let connector = tokio_rustls::TlsConnector::from(Arc::new(cfg));
    matches!(
        tokio::time::timeout(wait, connector.connect(name, tcp)).await,
        Ok(Ok(_))
    )
}

/// What the first bytes a server sent in answer to a plaintext HTTP/1.1 request say about
/// its port (review22 R8): `Some(true)` for TLS (a TLS record: content type 21 alert or 22
/// handshake, then major version 3, RFC 8446 §5.1; or an HTTP 400 that says the request
/// was plain HTTP to an HTTPS port, as nginx, Go and this proxy's own TLS listener
/// answer), `Some(false)` for any other HTTP answer, `None` for nothing (the connection
/// closed unanswered: OpenSSL's servers do that; a TLS handshake then tells).
pub fn plain_answer_says_tls(answer: &[u8]) -> Option<bool> {
    match answer {
        [] => None,
        [21 | 22, 3, ..] => Some(true),
        a if a.starts_with(b"HTTP/") => {
            let text = String::from_utf8_lossy(a).to_ascii_lowercase();
            let status = text.split(' ').nth(1).unwrap_or("");
            Some(status == "400" && text.contains("https"))
        }
        _ => Some(false),
    }
}

/// TLS client configuration of the upstream leg: the OS roots ([`upstream_roots`]) plus
/// every certificate in the `extra_ca` PEM files; `insecure` accepts any certificate
/// (`--insecure-upstream` only).
/// ALPN is left to the connector (h2 and http/1.1).
///
/// Errors: an `extra_ca` file cannot be read or holds no usable certificate.
pub fn client_config(
    extra_ca: &[PathBuf],
    insecure: bool,
) -> std::io::Result<rustls::ClientConfig> {
    let (mut roots, source) = upstream_roots();
    tracing::debug!(?source, "upstream TLS roots");
    let mut given: Vec<CertificateDer<'static>> = Vec::new();
    for c in ca_certs(extra_ca, "--upstream-ca")? {
        roots.add(c.clone()).map_err(io_err)?;
        given.push(c);
    }
    let builder = rustls::ClientConfig::builder_with_provider(provider())
        .with_safe_default_protocol_versions()
        .map_err(io_err)?;
    let cfg = if insecure {
        builder
            .dangerous()
            .with_custom_certificate_verifier(Arc::new(NoVerify(provider())))
            .with_no_client_auth()
    } else {
        // Also without `--upstream-ca`: a self-signed CA:TRUE agent certificate (a plain
        // `openssl req -x509`) is then reported as the untrusted issuer it is, not as
        // webpki's `CaUsedAsEndEntity` (breaker15b R15). With no root at all webpki's
        // builder refuses; the plain configuration then refuses every certificate anyway.
        match rustls::client::WebPkiServerVerifier::builder_with_provider(
            Arc::new(roots.clone()),
            provider(),
        )
        .build()
        {
            Ok(webpki) => builder
                .dangerous()
                .with_custom_certificate_verifier(Arc::new(GivenCertificates { webpki, given }))
                .with_no_client_auth(),
            Err(e) if given.is_empty() => {
                tracing::debug!(%e, "no upstream TLS roots");
                builder.with_root_certificates(roots).with_no_client_auth()
            }
            Err(e) => return Err(io_err(e)),
        }
    };
    Ok(cfg)
}

/// The usual verification (webpki, the OS roots plus `--upstream-ca` / `--ca`), and one
/// more acceptance: an agent whose certificate *is* one of the certificates the user gave,
/// byte for byte, though it is marked as a CA (`CA:TRUE`, what a plain
/// `openssl req -x509` makes), which webpki refuses as an end entity
/// (`CaUsedAsEndEntity`) and `curl --cacert` accepts. The host name must still be one the
/// certificate names (RFC 6125 via webpki); signatures are checked as usual.
#[derive(Debug)]
struct GivenCertificates {
    webpki: Arc<rustls::client::WebPkiServerVerifier>,
    given: Vec<CertificateDer<'static>>,
}

impl rustls::client::danger::ServerCertVerifier for GivenCertificates {
    fn verify_server_cert(
        &self,
        end_entity: &CertificateDer<'_>,
        intermediates: &[CertificateDer<'_>],
        server_name: &ServerName<'_>,
        ocsp_response: &[u8],
        now: UnixTime,
    ) -> Result<rustls::client::danger::ServerCertVerified, rustls::Error> {
        match self.webpki.verify_server_cert(
            end_entity,
            intermediates,
            server_name,
            ocsp_response,
            now,
        ) {
            Err(rustls::Error::InvalidCertificate(rustls::CertificateError::Other(e)))
                if format!("{e:?}").contains("CaUsedAsEndEntity")
                    && self.given.iter().any(|g| g.as_ref() == end_entity.as_ref()) =>
            {
                let parsed = rustls::server::ParsedCertificate::try_from(end_entity)?;
                rustls::client::verify_server_name(&parsed, server_name)?;
                Ok(rustls::client::danger::ServerCertVerified::assertion())
            }
            // A CA certificate that is not one of those given: to the user that is an
            // issuer they did not trust (webpki's `CaUsedAsEndEntity` names the wrong cause).
            Err(rustls::Error::InvalidCertificate(rustls::CertificateError::Other(e)))
                if format!("{e:?}").contains("CaUsedAsEndEntity") =>
            {
                Err(rustls::Error::InvalidCertificate(
                    rustls::CertificateError::UnknownIssuer,
                ))
            }
            other => other,
        }
    }

    fn verify_tls12_signature(
        &self,
        message: &[u8],
        cert: &CertificateDer<'_>,
        dss: &rustls::DigitallySignedStruct,
    ) -> Result<rustls::client::danger::HandshakeSignatureValid, rustls::Error> {
        self.webpki.verify_tls12_signature(message, cert, dss)
    }

    fn verify_tls13_signature(
        &self,
        message: &[u8],
        cert: &CertificateDer<'_>,
        dss: &rustls::DigitallySignedStruct,
    ) -> Result<rustls::client::danger::HandshakeSignatureValid, rustls::Error> {
        self.webpki.verify_tls13_signature(message, cert, dss)
    }

    fn supported_verify_schemes(&self) -> Vec<rustls::SignatureScheme> {
        self.webpki.supported_verify_schemes()
    }
}

/// Longest time the TLS handshake with an `https://` upstream may take once its TCP
/// connection is up (10 s, the same as the TCP bound [`super::UPSTREAM_CONNECT_TIMEOUT`]).
/// Past it the client gets a `502` and the recording an `upstream_error` naming the
/// handshake: an agent that accepts TCP and never answers the ClientHello (RFC 8446 §4.1.2)
/// would otherwise hang the exchange for ever.
pub const UPSTREAM_TLS_HANDSHAKE_TIMEOUT: Duration = Duration::from_secs(10);

/// The handshake bound in use, ms ([`UPSTREAM_TLS_HANDSHAKE_TIMEOUT`]), read when a proxy
/// builds its upstream TLS client. Tests only: `tests/proxy_tls_timeout.rs` lowers it so a
/// silent agent costs a second, not ten.
#[doc(hidden)]
pub static UPSTREAM_TLS_HANDSHAKE_TIMEOUT_MS: AtomicU64 =
    AtomicU64::new(UPSTREAM_TLS_HANDSHAKE_TIMEOUT.as_millis() as u64);

tokio::task_local! {
    /// Set around one upstream connect by [`HandshakeTimeout`]; [`SignalTcp`] wakes it
    /// when the TCP connection is up, which starts the handshake clock.
    static TCP_UP: Arc<tokio::sync::Notify>;
}

/// Boxed error of the upstream connectors (hyper-rustls's).
type ConnectError = Box<dyn std::error::Error + Send + Sync>;

/// The TCP stage under the TLS connector: connects with `C` and tells the enclosing
/// [`HandshakeTimeout`] (if any) that TCP is up. Adds nothing else.
#[derive(Clone, Debug)]
pub(crate) struct SignalTcp<C>(pub C);

impl<C> tower_service::Service<http::Uri> for SignalTcp<C>
where
    C: tower_service::Service<http::Uri>,
    C::Future: Send + 'static,
    C::Response: Send + 'static,
    C::Error: Send + 'static,
{
    type Response = C::Response;
    type Error = C::Error;
    type Future = Pin<Box<dyn Future<Output = Result<C::Response, C::Error>> + Send>>;

    fn poll_ready(&mut self, cx: &mut Context<'_>) -> Poll<Result<(), C::Error>> {
        self.0.poll_ready(cx)
    }

    fn call(&mut self, uri: http::Uri) -> Self::Future {
        let connecting = self.0.call(uri);
        Box::pin(async move {
            let tcp = connecting.await;
            if tcp.is_ok() {
                // Outside a `HandshakeTimeout` (no task-local) there is no clock to start.
                let _ = TCP_UP.try_with(|up| up.notify_one());
            }
            tcp
        })
    }
}

/// Bounds the TLS handshake of an upstream connect (`C`: hyper-rustls over [`SignalTcp`])
/// by `limit`, counted from the moment TCP is up (the TCP connect has its own bound). A
/// handshake past it fails the connect with `TimedOut` ("TLS handshake with the agent did
/// not finish within N ms"), which the proxy answers with a recorded `502`.
#[derive(Clone, Debug)]
pub(crate) struct HandshakeTimeout<C> {
    inner: C,
    limit: Duration,
}

impl<C> HandshakeTimeout<C> {
    /// `inner` bounded by [`UPSTREAM_TLS_HANDSHAKE_TIMEOUT_MS`] as it is now.
    pub(crate) fn new(inner: C) -> Self {
        HandshakeTimeout {
            inner,
            limit: Duration::from_millis(UPSTREAM_TLS_HANDSHAKE_TIMEOUT_MS.load(Ordering::Relaxed)),
        }
    }
}

impl<C> tower_service::Service<http::Uri> for HandshakeTimeout<C>
where
    C: tower_service::Service<http::Uri, Error = ConnectError>,
    C::Future: Send + 'static,
    C::Response: Send + 'static,
{
    type Response = C::Response;
    type Error = ConnectError;
    type Future = Pin<Box<dyn Future<Output = Result<C::Response, ConnectError>> + Send>>;

    fn poll_ready(&mut self, cx: &mut Context<'_>) -> Poll<Result<(), ConnectError>> {
        self.inner.poll_ready(cx)
    }

    fn call(&mut self, uri: http::Uri) -> Self::Future {
        let up = Arc::new(tokio::sync::Notify::new());
        let connecting = TCP_UP.scope(up.clone(), self.inner.call(uri));
        let limit = self.limit;
        Box::pin(async move {
            tokio::pin!(connecting);
            // TCP first (bounded by the TCP connector itself), then the handshake clock.
            tokio::select! {
                done = connecting.as_mut() => return done,
                _ = up.notified() => {}
            }
            match tokio::time::timeout(limit, connecting).await {
                Ok(done) => done,
                Err(_) => Err(Box::new(std::io::Error::new(
                    std::io::ErrorKind::TimedOut,
                    format!(
                        "TLS handshake with the agent did not finish within {} ms",
                        limit.as_millis()
                    ),
                ))),
            }
        })
    }
}

/// `--insecure-upstream`: accepts any server certificate (signatures still checked).
#[derive(Debug)]
struct NoVerify(Arc<rustls::crypto::CryptoProvider>);

impl rustls::client::danger::ServerCertVerifier for NoVerify {
    fn verify_server_cert(
        &self,
        _end_entity: &CertificateDer<'_>,
        _intermediates: &[CertificateDer<'_>],
        _server_name: &ServerName<'_>,
        _ocsp_response: &[u8],
        _now: UnixTime,
    ) -> Result<rustls::client::danger::ServerCertVerified, rustls::Error> {
        Ok(rustls::client::danger::ServerCertVerified::assertion())
    }

    fn verify_tls12_signature(
        &self,
        message: &[u8],
        cert: &CertificateDer<'_>,
        dss: &rustls::DigitallySignedStruct,
    ) -> Result<rustls::client::danger::HandshakeSignatureValid, rustls::Error> {
        rustls::crypto::verify_tls12_signature(
            message,
            cert,
            dss,
            &self.0.signature_verification_algorithms,
        )
    }

    fn verify_tls13_signature(
        &self,
        message: &[u8],
        cert: &CertificateDer<'_>,
        dss: &rustls::DigitallySignedStruct,
    ) -> Result<rustls::client::danger::HandshakeSignatureValid, rustls::Error> {
        rustls::crypto::verify_tls13_signature(
            message,
            cert,
            dss,
            &self.0.signature_verification_algorithms,
        )
    }

    fn supported_verify_schemes(&self) -> Vec<rustls::SignatureScheme> {
        self.0.signature_verification_algorithms.supported_schemes()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// left41: the cause shown before such a hint loses the raw seconds; another cause is
    /// kept as it is.
    #[test]
    fn validity_times_are_cut_from_the_cause() {
        let expired = "invalid peer certificate: certificate expired: verification time 1796484171 (UNIX), but certificate is not valid after 1580515200 (215968971 seconds ago)";
        assert_eq!(
            without_validity_times(expired),
            "invalid peer certificate: certificate expired"
        );
        let other = "invalid peer certificate: UnknownIssuer";
        assert_eq!(without_validity_times(other), other);
    }

    /// ux40: an expired or not yet valid certificate is said in dates, not Unix seconds.
    #[test]
    fn validity_dates_read_rustls_times() {
        let expired = "invalid peer certificate: certificate expired: verification time 1796484171 (UNIX), but certificate is not valid after 1580515200 (215968971 seconds ago)";
        assert_eq!(
            validity_dates(expired).as_deref(),
            Some("the agent's certificate expired on 2020-02-01 00:00:00 UTC, 2499 days before this machine's clock (2026-12-05 15:22:51 UTC)")
        );
        let early = "invalid peer certificate: certificate not valid yet: verification time 1796484171 (UNIX), but certificate is not valid before 1796491371 (7200 seconds in future)";
        assert_eq!(
            validity_dates(early).as_deref(),
            Some("the agent's certificate is valid only from 2026-12-05 17:22:51 UTC, 2 hours after this machine's clock (2026-12-05 15:22:51 UTC)")
        );
        assert_eq!(
            validity_dates("invalid peer certificate: UnknownIssuer"),
            None
        );
    }

    #[test]
    fn a_plain_answer_tells_a_tls_port() {
        assert_eq!(plain_answer_says_tls(b""), None);
        assert_eq!(
            plain_answer_says_tls(&[0x15, 0x03, 0x03, 0x00, 0x02, 0x02, 0x32]),
            Some(true)
        );
        assert_eq!(
            plain_answer_says_tls(b"HTTP/1.0 400 Bad Request\r\n\r\nClient sent an HTTP request to an HTTPS server.\n"),
            Some(true)
        );
        assert_eq!(
            plain_answer_says_tls(b"HTTP/1.1 400 Bad Request\r\n\r\n<center>The plain HTTP request was sent to HTTPS port</center>"),
            Some(true)
        );
        assert_eq!(
            plain_answer_says_tls(b"HTTP/1.1 200 OK\r\nallow: GET\r\n\r\n"),
            Some(false)
        );
        assert_eq!(
            plain_answer_says_tls(b"HTTP/1.1 400 Bad Request\r\n\r\nbad"),
            Some(false)
        );
        assert_eq!(plain_answer_says_tls(b"SSH-2.0-OpenSSH"), Some(false));
    }

    /// The shared TLS failure classes read rustls's error texts and alert names, in any case.
    #[test]
    fn tls_failures_are_classed_from_rustls_wording() {
        for (cause, class) in [
            (
                "invalid peer certificate: UnknownIssuer",
                Some(TlsFailure::UnknownIssuer),
            ),
            (
                "received fatal alert: UnknownCA",
                Some(TlsFailure::UnknownIssuer),
            ),
            (
                "invalid peer certificate: NotValidForName",
                Some(TlsFailure::NotValidForName),
            ),
            (
                "invalid peer certificate: Expired",
                Some(TlsFailure::OutsideValidity),
            ),
            (
                "received corrupt message of type InvalidContentType",
                Some(TlsFailure::NotTls),
            ),
            (
                "received fatal alert: HandshakeFailure",
                Some(TlsFailure::NoSharedParameters),
            ),
            (
                "invalid peer certificate: BadSignature",
                Some(TlsFailure::BadSignature),
            ),
            (
                "invalid peer certificate: Other(..)",
                Some(TlsFailure::CertificateRefused),
            ),
            ("Connection refused (os error 111)", None),
        ] {
            assert_eq!(tls_failure(cause), class, "{cause}");
        }
    }

    #[test]
    fn os_roots_first_webpki_only_when_the_os_store_gives_nothing() {
        let (roots, src) = roots_from(Vec::new());
        assert_eq!(src, RootsSource::Webpki);
        assert_eq!(roots.len(), webpki_roots::TLS_SERVER_ROOTS.len());
        // Unparsable entries count as nothing.
        let (_, src) = roots_from(vec![CertificateDer::from(vec![1u8, 2, 3])]);
        assert_eq!(src, RootsSource::Webpki);
        let ck = rcgen::generate_simple_self_signed(vec!["localhost".to_string()]).unwrap();
        let (roots, src) = roots_from(vec![ck.cert.der().clone()]);
        assert_eq!(src, RootsSource::Os(1));
        assert_eq!(roots.len(), 1);
    }

    #[test]
    fn ca_init_is_idempotent_private_and_signs_leaves() {
        let dir = tempfile::tempdir().unwrap();
        let p = init_ca(dir.path()).unwrap();
        let first = std::fs::read(&p).unwrap();
        assert_eq!(init_ca(dir.path()).unwrap(), p);
        assert_eq!(
            std::fs::read(&p).unwrap(),
            first,
            "init must not replace a CA"
        );
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt as _;
            let mode = std::fs::metadata(dir.path().join(CA_KEY_FILE))
                .unwrap()
                .permissions()
                .mode();
            assert_eq!(mode & 0o777, 0o600);
        }
        let ca = Ca::load(dir.path()).unwrap();
        let a = ca.server_config("localhost").unwrap();
        let b = ca.server_config("LOCALHOST").unwrap();
        assert!(Arc::ptr_eq(&a, &b), "leaf configs are cached per host");
        assert_eq!(a.alpn_protocols, vec![b"h2".to_vec(), b"http/1.1".to_vec()]);
        assert!(ca.server_config("127.0.0.1").is_ok());
    }

    #[test]
    fn missing_ca_names_the_fix() {
        let dir = tempfile::tempdir().unwrap();
        let e = Ca::load(dir.path()).unwrap_err();
        assert!(e.to_string().contains("a2a-interop ca init"), "{e}");
    }
}

//! The TLS side of the loopback test agents: a self-signed certificate (rcgen) for the
//! given names, written as PEM for the proxy to trust, and a rustls acceptor offering the
//! given ALPN protocols (RFC 7301), with the proxy's own crypto provider.
#![allow(dead_code)]

use std::path::Path;
use std::sync::Arc;

/// A TLS acceptor for `names` (DNS names or IP addresses); the certificate's PEM goes to
/// `pem`. Panics (test set-up) if the certificate cannot be made or written.
pub fn self_signed_acceptor(
    names: &[&str],
    alpn: &[&[u8]],
    pem: &Path,
) -> tokio_rustls::TlsAcceptor {
    let ck =
        rcgen::generate_simple_self_signed(names.iter().map(|n| n.to_string()).collect::<Vec<_>>())
            .expect("self-signed certificate");
    std::fs::write(pem, ck.cert.pem()).expect("write the certificate");
    let key = rustls::pki_types::PrivateKeyDer::Pkcs8(rustls::pki_types::PrivatePkcs8KeyDer::from(
        ck.key_pair.serialize_der(),
    ));
    let mut cfg = rustls::ServerConfig::builder_with_provider(a2a_interop::proxy::tls::provider())
        .with_safe_default_protocol_versions()
        .expect("tls versions")
        .with_no_client_auth()
        .with_single_cert(vec![ck.cert.der().clone()], key)
        .expect("server certificate");
    cfg.alpn_protocols = alpn.iter().map(|p| p.to_vec()).collect();
    tokio_rustls::TlsAcceptor::from(Arc::new(cfg))
}

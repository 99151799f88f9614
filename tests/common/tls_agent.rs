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

/// [`self_signed_acceptor`] with a certificate marked as a CA (`basicConstraints CA:TRUE`),
/// what a plain `openssl req -x509` makes: a self-signed agent certificate many users have.
pub fn self_signed_ca_acceptor(names: &[&str], pem: &Path) -> tokio_rustls::TlsAcceptor {
    let mut params =
        rcgen::CertificateParams::new(names.iter().map(|n| n.to_string()).collect::<Vec<_>>())
            .expect("certificate parameters");
    params.is_ca = rcgen::IsCa::Ca(rcgen::BasicConstraints::Unconstrained);
    let key_pair = rcgen::KeyPair::generate().expect("key pair");
    let cert = params
        .self_signed(&key_pair)
        .expect("self-signed CA certificate");
    std::fs::write(pem, cert.pem()).expect("write the certificate");
    let key = rustls::pki_types::PrivateKeyDer::Pkcs8(rustls::pki_types::PrivatePkcs8KeyDer::from(
        key_pair.serialize_der(),
    ));
    let cfg = rustls::ServerConfig::builder_with_provider(a2a_interop::proxy::tls::provider())
        .with_safe_default_protocol_versions()
        .expect("tls versions")
        .with_no_client_auth()
        .with_single_cert(vec![cert.der().clone()], key)
        .expect("server certificate");
    tokio_rustls::TlsAcceptor::from(Arc::new(cfg))
}

/// A TLS agent on loopback whose self-signed certificate (for 127.0.0.1, written as PEM
/// to `pem`) was valid in January 2020 only: it completes no handshake a client checks.
/// Panics (test set-up) if the certificate or the listener cannot be made.
pub fn expired_tls_agent(pem: &std::path::Path) -> std::net::SocketAddr {
    let mut params = rcgen::CertificateParams::new(vec!["127.0.0.1".to_string()]).unwrap();
    params.is_ca = rcgen::IsCa::Ca(rcgen::BasicConstraints::Unconstrained);
    params.not_before = rcgen::date_time_ymd(2020, 1, 1);
    params.not_after = rcgen::date_time_ymd(2020, 2, 1);
    let key = rcgen::KeyPair::generate().unwrap();
    let cert = params.self_signed(&key).unwrap();
    std::fs::write(pem, cert.pem()).unwrap();
    let der = rustls::pki_types::PrivateKeyDer::Pkcs8(key.serialize_der().into());
    let cfg = rustls::ServerConfig::builder_with_provider(a2a_interop::proxy::tls::provider())
        .with_safe_default_protocol_versions()
        .unwrap()
        .with_no_client_auth()
        .with_single_cert(vec![cert.der().clone()], der)
        .unwrap();
    let cfg = std::sync::Arc::new(cfg);
    let l = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let addr = l.local_addr().unwrap();
    std::thread::spawn(move || {
        for s in l.incoming() {
            let Ok(mut s) = s else { continue };
            let cfg = cfg.clone();
            std::thread::spawn(move || {
                let _ = s.set_read_timeout(Some(std::time::Duration::from_secs(5)));
                let Ok(mut c) = rustls::ServerConnection::new(cfg) else {
                    return;
                };
                while c.is_handshaking() {
                    if c.complete_io(&mut s).is_err() {
                        break;
                    }
                }
            });
        }
    });
    addr
}

//! The pinned verifier over real QUIC on 127.0.0.1: the right certificate
//! connects; another certificate is refused and recognised as a mismatch;
//! the right certificate presented by a server without its key fails the
//! handshake-signature check.

use std::net::SocketAddr;
use std::sync::Arc;
use std::sync::atomic::Ordering;

use minuta_client::net::tls::{SERVER_NAME, fingerprint};
use minuta_client::shell::native::net::quic::{client_config, pinned_client_config};
use minuta_shared::wire::ALPN;
use rustls::pki_types::{CertificateDer, PrivateKeyDer, PrivatePkcs8KeyDer};
use rustls::server::{ClientHello, ResolvesServerCert};
use rustls::sign::CertifiedKey;

fn generate() -> rcgen::CertifiedKey<rcgen::KeyPair> {
    rcgen::generate_simple_self_signed(vec![SERVER_NAME.to_owned()]).unwrap()
}

/// Presents `cert` but signs with `key`, which may belong to another cert.
#[derive(Debug)]
struct Presents(Arc<CertifiedKey>);

impl ResolvesServerCert for Presents {
    fn resolve(&self, _hello: ClientHello<'_>) -> Option<Arc<CertifiedKey>> {
        Some(Arc::clone(&self.0))
    }
}

/// A QUIC server on 127.0.0.1 that presents `cert` and signs with `key`.
fn server(cert: CertificateDer<'static>, key_pkcs8: Vec<u8>) -> (quinn::Endpoint, SocketAddr) {
    let provider = Arc::new(rustls::crypto::ring::default_provider());
    let key = PrivateKeyDer::Pkcs8(PrivatePkcs8KeyDer::from(key_pkcs8));
    let signing = provider.key_provider.load_private_key(key).unwrap();
    let certified = Arc::new(CertifiedKey::new(vec![cert], signing));
    let mut tls = rustls::ServerConfig::builder_with_provider(provider)
        .with_protocol_versions(&[&rustls::version::TLS13])
        .unwrap()
        .with_no_client_auth()
        .with_cert_resolver(Arc::new(Presents(certified)));
    tls.alpn_protocols = vec![ALPN.to_vec()];
    let quic = quinn::crypto::rustls::QuicServerConfig::try_from(tls).unwrap();
    let config = quinn::ServerConfig::with_crypto(Arc::new(quic));
    let endpoint = quinn::Endpoint::server(config, "127.0.0.1:0".parse().unwrap()).unwrap();
    let addr = endpoint.local_addr().unwrap();
    let accepting = endpoint.clone();
    tokio::spawn(async move {
        while let Some(incoming) = accepting.accept().await {
            tokio::spawn(async move {
                if let Ok(connection) = incoming.await {
                    connection.closed().await;
                }
            });
        }
    });
    (endpoint, addr)
}

async fn connect(
    config: quinn::ClientConfig,
    addr: SocketAddr,
) -> Result<quinn::Connection, quinn::ConnectionError> {
    let endpoint = quinn::Endpoint::client("127.0.0.1:0".parse().unwrap()).unwrap();
    endpoint
        .connect_with(config, addr, SERVER_NAME)
        .unwrap()
        .await
}

#[tokio::test]
async fn the_pinned_server_is_reached() {
    let cert = generate();
    let der = cert.cert.der().clone();
    let (_server, addr) = server(der.clone(), cert.signing_key.serialize_der());
    let connection = connect(client_config(fingerprint(&der)).unwrap(), addr).await;
    assert!(connection.is_ok(), "{connection:?}");
}

#[tokio::test]
async fn a_server_with_another_certificate_is_refused_as_a_mismatch() {
    let real = generate();
    let impostor = generate();
    let (_server, addr) = server(
        impostor.cert.der().clone(),
        impostor.signing_key.serialize_der(),
    );
    let (config, mismatch) = pinned_client_config(fingerprint(real.cert.der())).unwrap();
    let connection = connect(config, addr).await;
    assert!(connection.is_err(), "an impostor must not be reached");
    assert!(
        mismatch.load(Ordering::SeqCst),
        "the failure must be recognised as a certificate mismatch"
    );
}

#[tokio::test]
async fn the_pinned_certificate_without_its_key_fails_the_signature_check() {
    // The certificate is public: an impostor can present it, but cannot sign
    // the handshake with its key.
    let real = generate();
    let impostor = generate();
    let (_server, addr) = server(
        real.cert.der().clone(),
        impostor.signing_key.serialize_der(),
    );
    let (config, mismatch) = pinned_client_config(fingerprint(real.cert.der())).unwrap();
    let connection = connect(config, addr).await;
    assert!(
        connection.is_err(),
        "a stolen certificate without its key must not be trusted"
    );
    // The fingerprint matched and the signature failed: whoever answers is
    // not the server the code names, so the terminal stops as for another
    // certificate rather than retrying an impostor.
    assert!(
        mismatch.load(Ordering::SeqCst),
        "a failed signature is told as the wrong server"
    );
}

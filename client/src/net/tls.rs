//! Certificate pinning. The server's certificate is self-signed; the join
//! code carries the SHA-256 fingerprint of it. [`PinnedServer`] accepts the
//! end-entity certificate only if its fingerprint matches, and still
//! verifies the handshake signatures with ring's algorithms: the certificate
//! is public, only the signature proves the server holds its key.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use minuta_shared::wire::ALPN;
use rustls::client::danger::{HandshakeSignatureValid, ServerCertVerified, ServerCertVerifier};
use rustls::crypto::{
    CryptoProvider, WebPkiSupportedAlgorithms, verify_tls12_signature, verify_tls13_signature,
};
use rustls::pki_types::{CertificateDer, ServerName, UnixTime};
use rustls::{CertificateError, DigitallySignedStruct, SignatureScheme};
use thiserror::Error;

/// The name the client asks for; the pinned fingerprint, not the name, is
/// what identifies the server.
pub const SERVER_NAME: &str = "minuta";

/// The ALPN of the browser's TLS inside the WebSocket (the brief's
/// contract), so that stream is never mistaken for the QUIC one.
pub const WS_ALPN: &[u8] = b"minuta-ws";

#[derive(Debug, Error)]
pub enum TlsError {
    #[error("TLS configuration: {0}")]
    Rustls(#[from] rustls::Error),
}

/// SHA-256 of a DER certificate, as join codes carry it.
pub fn fingerprint(cert_der: &[u8]) -> [u8; 32] {
    let digest = ring::digest::digest(&ring::digest::SHA256, cert_der);
    let mut out = [0u8; 32];
    out.copy_from_slice(digest.as_ref());
    out
}

/// A verifier that trusts exactly one certificate, by fingerprint.
#[derive(Debug)]
pub struct PinnedServer {
    fingerprint: [u8; 32],
    algorithms: WebPkiSupportedAlgorithms,
    /// Set when a server presented another certificate, so the connection
    /// code can tell the person why instead of "handshake failed".
    mismatch_seen: Arc<AtomicBool>,
}

impl PinnedServer {
    pub fn new(fingerprint: [u8; 32]) -> Self {
        PinnedServer {
            fingerprint,
            algorithms: provider().signature_verification_algorithms,
            mismatch_seen: Arc::new(AtomicBool::new(false)),
        }
    }

    /// A flag that turns true once a certificate failed the pin.
    pub fn mismatch_flag(&self) -> Arc<AtomicBool> {
        Arc::clone(&self.mismatch_seen)
    }
}

impl ServerCertVerifier for PinnedServer {
    fn verify_server_cert(
        &self,
        end_entity: &CertificateDer<'_>,
        _intermediates: &[CertificateDer<'_>],
        _server_name: &ServerName<'_>,
        _ocsp_response: &[u8],
        _now: UnixTime,
    ) -> Result<ServerCertVerified, rustls::Error> {
        // Constant-time comparison is not needed: the fingerprint is public.
        if fingerprint(end_entity.as_ref()) == self.fingerprint {
            Ok(ServerCertVerified::assertion())
        } else {
            self.mismatch_seen.store(true, Ordering::SeqCst);
            Err(rustls::Error::InvalidCertificate(
                CertificateError::ApplicationVerificationFailure,
            ))
        }
    }

    fn verify_tls12_signature(
        &self,
        message: &[u8],
        cert: &CertificateDer<'_>,
        dss: &DigitallySignedStruct,
    ) -> Result<HandshakeSignatureValid, rustls::Error> {
        verify_tls12_signature(message, cert, dss, &self.algorithms)
    }

    fn verify_tls13_signature(
        &self,
        message: &[u8],
        cert: &CertificateDer<'_>,
        dss: &DigitallySignedStruct,
    ) -> Result<HandshakeSignatureValid, rustls::Error> {
        let verdict = verify_tls13_signature(message, cert, dss, &self.algorithms);
        // The pinned certificate signed by another key: whoever answers is
        // not the server the code names, as surely as with another
        // certificate — so the terminal stops and says so, not retries.
        if verdict.is_err() {
            self.mismatch_seen.store(true, Ordering::SeqCst);
        }
        verdict
    }

    fn supported_verify_schemes(&self) -> Vec<SignatureScheme> {
        self.algorithms.supported_schemes()
    }
}

fn provider() -> CryptoProvider {
    rustls::crypto::ring::default_provider()
}

/// The rustls client configuration that pins `fingerprint`, for QUIC with
/// Minuta's ALPN.
pub fn rustls_config(verifier: Arc<PinnedServer>) -> Result<rustls::ClientConfig, TlsError> {
    let mut config = rustls::ClientConfig::builder_with_provider(Arc::new(provider()))
        .with_protocol_versions(&[&rustls::version::TLS13])?
        .dangerous()
        .with_custom_certificate_verifier(verifier)
        .with_no_client_auth();
    config.alpn_protocols = vec![ALPN.to_vec()];
    Ok(config)
}

/// The rustls configuration of the browser's link: the same pin and TLS
/// 1.3 only, with the WebSocket's ALPN.
pub fn ws_rustls_config(verifier: Arc<PinnedServer>) -> Result<rustls::ClientConfig, TlsError> {
    let mut config = rustls_config(verifier)?;
    config.alpn_protocols = vec![WS_ALPN.to_vec()];
    Ok(config)
}

/// QUIC's keep-alive, a backstop only: the app's pings (every 0.5 s in a
/// live button game, else every second: `super::heartbeat`) reset it
/// before it fires, so it sends nothing while they run, and a link whose
/// pings stalled still outlives [`IDLE_TIMEOUT`].
pub const KEEP_ALIVE: std::time::Duration = std::time::Duration::from_secs(2);
/// After this long without a packet QUIC closes the link and the terminal
/// starts reconnecting (a restarted server is found again this soon). The
/// smaller of the two sides' timeouts applies, so the server's 10 s needs
/// no change. Not shorter: a Wi-Fi hiccup should show the banner, not drop
/// the cards in flight.
pub const IDLE_TIMEOUT: std::time::Duration = std::time::Duration::from_secs(4);

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    fn self_signed() -> rcgen::CertifiedKey<rcgen::KeyPair> {
        rcgen::generate_simple_self_signed(vec![SERVER_NAME.to_owned()]).unwrap()
    }

    fn verify(
        verifier: &PinnedServer,
        der: &CertificateDer<'_>,
    ) -> Result<ServerCertVerified, rustls::Error> {
        let name = ServerName::try_from(SERVER_NAME).unwrap();
        verifier.verify_server_cert(der, &[], &name, &[], UnixTime::now())
    }

    #[test]
    fn the_pinned_certificate_is_accepted() {
        let cert = self_signed();
        let der = cert.cert.der().clone();
        let verifier = PinnedServer::new(fingerprint(&der));
        assert!(verify(&verifier, &der).is_ok());
        assert!(!verifier.mismatch_flag().load(Ordering::SeqCst));
    }

    #[test]
    fn a_certificate_with_another_fingerprint_is_refused() {
        let pinned = self_signed();
        let other = self_signed();
        let verifier = PinnedServer::new(fingerprint(pinned.cert.der()));
        let got = verify(&verifier, other.cert.der());
        assert!(
            matches!(
                got,
                Err(rustls::Error::InvalidCertificate(
                    CertificateError::ApplicationVerificationFailure
                ))
            ),
            "{got:?}"
        );
        assert!(verifier.mismatch_flag().load(Ordering::SeqCst));
    }

    #[test]
    fn the_client_config_speaks_minuta_alpn() {
        let verifier = Arc::new(PinnedServer::new([7; 32]));
        let config = rustls_config(verifier).unwrap();
        assert_eq!(config.alpn_protocols, vec![ALPN.to_vec()]);
    }
}

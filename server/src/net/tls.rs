//! The server's TLS identity: a self-signed certificate made by rcgen on
//! first start and reused afterwards, and its SHA-256 fingerprint, which
//! join codes carry so terminals can pin it instead of trusting any CA.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use rustls::pki_types::pem::PemObject;
use rustls::pki_types::{CertificateDer, PrivateKeyDer, PrivatePkcs8KeyDer};
use thiserror::Error;

pub const CERT_FILE: &str = "minuta-cert.pem";
pub const KEY_FILE: &str = "minuta-key.pem";

#[derive(Debug, Error)]
pub enum TlsError {
    #[error("cannot create the certificate directory {path}: {source}")]
    Dir {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("cannot write {path}: {source}")]
    Write {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error(
        "cannot read the certificate or key in {path}: {reason} (delete both files to make new ones; every join code will change)"
    )]
    Read { path: PathBuf, reason: String },
    #[error("cannot generate a certificate: {0}")]
    Generate(String),
    #[error("TLS configuration failed: {0}")]
    Config(String),
}

/// The certificate (DER), its private key and its fingerprint.
pub struct ServerIdentity {
    pub cert: CertificateDer<'static>,
    pub key: PrivateKeyDer<'static>,
    pub fingerprint: [u8; 32],
    /// Whether the certificate was made just now (first start).
    pub created: bool,
}

pub fn fingerprint(cert_der: &[u8]) -> [u8; 32] {
    let digest = ring::digest::digest(&ring::digest::SHA256, cert_der);
    let mut out = [0u8; 32];
    out.copy_from_slice(digest.as_ref());
    out
}

/// Loads the certificate from `dir`, or makes one there on first start.
pub fn load_or_create(dir: &Path) -> Result<ServerIdentity, TlsError> {
    let cert_path = dir.join(CERT_FILE);
    let key_path = dir.join(KEY_FILE);
    if cert_path.exists() || key_path.exists() {
        let read_err = |path: &Path, e: &dyn std::fmt::Display| TlsError::Read {
            path: path.to_owned(),
            reason: e.to_string(),
        };
        let cert =
            CertificateDer::from_pem_file(&cert_path).map_err(|e| read_err(&cert_path, &e))?;
        let key = PrivateKeyDer::from_pem_file(&key_path).map_err(|e| read_err(&key_path, &e))?;
        let fingerprint = fingerprint(&cert);
        return Ok(ServerIdentity {
            cert,
            key,
            fingerprint,
            created: false,
        });
    }
    std::fs::create_dir_all(dir).map_err(|source| TlsError::Dir {
        path: dir.to_owned(),
        source,
    })?;
    let names = vec!["minuta".to_owned(), "localhost".to_owned()];
    let certified =
        rcgen::generate_simple_self_signed(names).map_err(|e| TlsError::Generate(e.to_string()))?;
    let cert_pem = certified.cert.pem();
    let key_pem = certified.signing_key.serialize_pem();
    write_private(&key_path, key_pem.as_bytes())?;
    std::fs::write(&cert_path, cert_pem).map_err(|source| TlsError::Write {
        path: cert_path.clone(),
        source,
    })?;
    let cert = certified.cert.der().clone();
    let key = PrivateKeyDer::Pkcs8(PrivatePkcs8KeyDer::from(
        certified.signing_key.serialize_der(),
    ));
    Ok(ServerIdentity {
        fingerprint: fingerprint(&cert),
        cert,
        key,
        created: true,
    })
}

/// The key file is readable by its owner only.
fn write_private(path: &Path, bytes: &[u8]) -> Result<(), TlsError> {
    use std::io::Write;
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create(true).truncate(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.mode(0o600);
    }
    let mut file = options.open(path).map_err(|source| TlsError::Write {
        path: path.to_owned(),
        source,
    })?;
    file.write_all(bytes).map_err(|source| TlsError::Write {
        path: path.to_owned(),
        source,
    })
}

/// quinn's server configuration: TLS 1.3 only, our ALPN, 0-RTT off (so a
/// captured packet cannot be replayed), one stream per terminal and small
/// windows until login (see [`super::limits`]), and quinn's queue of
/// connection attempts bounded.
pub fn quinn_server_config(identity: &ServerIdentity) -> Result<quinn::ServerConfig, TlsError> {
    let provider = Arc::new(rustls::crypto::ring::default_provider());
    let mut tls = rustls::ServerConfig::builder_with_provider(provider)
        .with_protocol_versions(&[&rustls::version::TLS13])
        .map_err(|e| TlsError::Config(e.to_string()))?
        .with_no_client_auth()
        .with_single_cert(vec![identity.cert.clone()], identity.key.clone_key())
        .map_err(|e| TlsError::Config(e.to_string()))?;
    tls.alpn_protocols = vec![minuta_shared::wire::ALPN.to_vec()];
    tls.max_early_data_size = 0;
    let crypto = quinn::crypto::rustls::QuicServerConfig::try_from(tls)
        .map_err(|e| TlsError::Config(e.to_string()))?;
    let mut config = quinn::ServerConfig::with_crypto(Arc::new(crypto));
    config.transport_config(Arc::new(super::limits::transport_config()));
    config
        .max_incoming(super::limits::MAX_INCOMING)
        .incoming_buffer_size(super::limits::INCOMING_BUFFER_BYTES)
        .incoming_buffer_size_total(super::limits::INCOMING_BUFFER_TOTAL_BYTES);
    Ok(config)
}

/// The TLS a browser runs inside its WebSocket: the same certificate (so
/// the same fingerprint pins it), TLS 1.3 only, ALPN `minuta-ws`, no 0-RTT.
pub fn web_server_config(identity: &ServerIdentity) -> Result<Arc<rustls::ServerConfig>, TlsError> {
    let provider = Arc::new(rustls::crypto::ring::default_provider());
    let mut tls = rustls::ServerConfig::builder_with_provider(provider)
        .with_protocol_versions(&[&rustls::version::TLS13])
        .map_err(|e| TlsError::Config(e.to_string()))?
        .with_no_client_auth()
        .with_single_cert(vec![identity.cert.clone()], identity.key.clone_key())
        .map_err(|e| TlsError::Config(e.to_string()))?;
    tls.alpn_protocols = vec![super::web::ALPN.to_vec()];
    tls.max_early_data_size = 0;
    // No session tickets to keep per browser: a reconnect is a full
    // handshake, as a QUIC terminal's is.
    tls.session_storage = Arc::new(rustls::server::NoServerSessionStorage {});
    tls.send_tls13_tickets = 0;
    Ok(Arc::new(tls))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_certificate_is_made_once_and_reused() {
        let dir = tempfile::tempdir().unwrap();
        let first = load_or_create(dir.path()).unwrap();
        assert!(first.created);
        let second = load_or_create(dir.path()).unwrap();
        assert!(!second.created);
        assert_eq!(first.fingerprint, second.fingerprint);
        assert!(quinn_server_config(&second).is_ok());
        assert!(web_server_config(&second).is_ok());
    }

    #[test]
    fn a_damaged_certificate_is_a_clear_error() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join(CERT_FILE), "not a certificate").unwrap();
        std::fs::write(dir.path().join(KEY_FILE), "nor a key").unwrap();
        let err = load_or_create(dir.path()).err().unwrap().to_string();
        assert!(err.contains(CERT_FILE), "{err}");
    }
}

//! The browser's session against an in-memory rustls server with the
//! server's kind of certificate: the bytes go back and forth in pieces of
//! any size, as WebSocket messages would carry them.

#![allow(clippy::unwrap_used)]

use std::io::{Read, Write};

use minuta_shared::identity::Identity;
use minuta_shared::wire::close;
use minuta_shared::wire::handshake::{Credential, Refusal, Welcome};
use minuta_shared::wire::server::ServerMsg;
use rustls::ServerConnection;
use rustls::pki_types::{CertificateDer, PrivateKeyDer, PrivatePkcs8KeyDer};

use super::*;
use crate::net::tls::{WS_ALPN, fingerprint};

struct Server {
    tls: ServerConnection,
    frames: FrameReader,
    writer: FrameWriter,
    der: Vec<u8>,
}

fn server() -> Server {
    let cert = rcgen::generate_simple_self_signed(vec![SERVER_NAME.to_owned()]).unwrap();
    let der = cert.cert.der().to_vec();
    let key = PrivateKeyDer::Pkcs8(PrivatePkcs8KeyDer::from(cert.signing_key.serialize_der()));
    let mut config = rustls::ServerConfig::builder_with_provider(Arc::new(
        rustls::crypto::ring::default_provider(),
    ))
    .with_protocol_versions(&[&rustls::version::TLS13])
    .unwrap()
    .with_no_client_auth()
    .with_single_cert(vec![CertificateDer::from(der.clone())], key)
    .unwrap();
    config.alpn_protocols = vec![WS_ALPN.to_vec()];
    Server {
        tls: ServerConnection::new(Arc::new(config)).unwrap(),
        frames: FrameReader::default(),
        writer: FrameWriter::default(),
        der,
    }
}

fn code(fingerprint: [u8; 32]) -> JoinCode {
    JoinCode {
        addrs: vec!["127.0.0.1:4433".parse().unwrap()],
        fingerprint,
        credential: Credential::Display {
            secret: "display-secret".into(),
        },
    }
}

impl Server {
    /// Takes the client's bytes in 7-byte pieces; its frames wait in
    /// `frames`.
    fn take(&mut self, bytes: &[u8]) -> Result<(), rustls::Error> {
        let mut plain = Vec::new();
        for piece in bytes.chunks(7) {
            let mut piece = piece;
            while !piece.is_empty() {
                self.tls.read_tls(&mut piece).unwrap();
                self.tls.process_new_packets()?;
                // Read as it comes, as the server's stream does.
                let _ = self.tls.reader().read_to_end(&mut plain);
            }
        }
        self.frames.push(&plain);
        Ok(())
    }

    fn give(&mut self) -> Vec<u8> {
        let mut out = Vec::new();
        while self.tls.wants_write() {
            self.tls.write_tls(&mut out).unwrap();
        }
        out
    }

    fn send<T: Serialize>(&mut self, body: T) {
        let frame = self.writer.encode(body).unwrap();
        self.tls.writer().write_all(&frame).unwrap();
    }
}

/// Runs the handshake until the server has read the greeting.
fn handshake(client: &mut WsSession, server: &mut Server) -> Hello {
    let mut events = Vec::new();
    for _ in 0..4 {
        server.take(&client.outgoing()).unwrap();
        let back = server.give();
        for piece in back.chunks(5) {
            client.receive(piece, 10, &mut events).unwrap();
        }
        if let Some(hello) = server.frames.next_payload().unwrap() {
            assert!(events.is_empty());
            return decode_payload(&hello).unwrap();
        }
    }
    panic!("no greeting");
}

#[test]
fn the_pinned_server_greets_and_its_messages_become_events() {
    let mut server = server();
    let mut client = WsSession::new(&code(fingerprint(&server.der)), 1_000).unwrap();
    let hello = handshake(&mut client, &mut server);
    assert_eq!(hello.protocol, PROTOCOL_VERSION);
    assert!(matches!(hello.credential, Credential::Display { .. }));
    assert_eq!(server.tls.alpn_protocol(), Some(WS_ALPN));

    server.send(HelloReply::Welcome(Welcome {
        protocol: PROTOCOL_VERSION,
        identity: Identity::Display,
        server_now: minuta_shared::time::ServerTime(5_000),
    }));
    server.send(ServerMsg::StorageAlert { failing: None });
    let mut events = Vec::new();
    for piece in server.give().chunks(3) {
        client.receive(piece, 3_000, &mut events).unwrap();
    }
    assert!(client.greeted());
    assert!(
        matches!(
            events.as_slice(),
            [
                NetEvent::Connected {
                    identity: Identity::Display,
                    ..
                },
                NetEvent::StorageAlert(None)
            ]
        ),
        "{events:?}"
    );

    // A command goes out inside TLS and waits for its Ack.
    client.ping(4_000).unwrap();
    server.take(&client.outgoing()).unwrap();
    let ping: ClientMsg = decode_payload(&server.frames.next_payload().unwrap().unwrap()).unwrap();
    assert!(matches!(
        ping,
        ClientMsg::Ping {
            client_time_us: 4_000
        }
    ));
}

#[test]
fn another_certificate_stops_for_good_before_any_secret_leaves() {
    let mut server = server();
    let mut client = WsSession::new(&code([9; 32]), 0).unwrap();
    server.take(&client.outgoing()).unwrap();
    let mut events = Vec::new();
    let end = client.receive(&server.give(), 0, &mut events);
    assert_eq!(end, Err(End::Stop(Stopped::CertificateMismatch)));
    // What the client still sends is its alert: the server reads no greeting.
    let _ = server.take(&client.outgoing());
    assert!(server.frames.next_payload().unwrap().is_none());
}

#[test]
fn a_refusal_stops_with_its_reason() {
    let mut server = server();
    let mut client = WsSession::new(&code(fingerprint(&server.der)), 0).unwrap();
    handshake(&mut client, &mut server);
    server.send(HelloReply::Refused(Refusal::BadSecret));
    let mut events = Vec::new();
    let end = client.receive(&server.give(), 0, &mut events);
    assert_eq!(end, Err(End::Stop(Stopped::Refused(Refusal::BadSecret))));
}

#[test]
fn the_servers_close_notify_waits_for_the_websockets_close_code() {
    let mut server = server();
    let mut client = WsSession::new(&code(fingerprint(&server.der)), 0).unwrap();
    handshake(&mut client, &mut server);
    server.tls.send_close_notify();
    let mut events = Vec::new();
    assert_eq!(client.receive(&server.give(), 0, &mut events), Ok(()));
    assert!(events.is_empty());
}

#[test]
fn close_codes_map_as_the_native_ones() {
    let code = |c: u32| CLOSE_CODE_BASE + u16::try_from(c).unwrap();
    assert_eq!(
        closed(code(close::REPLACED), "другой терминал"),
        End::Stop(Stopped::Closed {
            code: close::REPLACED,
            reason: "другой терминал".into()
        })
    );
    assert_eq!(
        closed(code(close::STALLED), "slow"),
        End::Lost(LinkError::Closed {
            code: close::STALLED,
            reason: "slow".into()
        })
    );
    assert_eq!(closed(1006, ""), End::Lost(LinkError::StreamClosed));
}

#[test]
fn a_large_command_goes_in_pieces_through_tls_and_arrives_whole() {
    // Arrange: a greeted session.
    let mut server = server();
    let mut client = WsSession::new(&code(fingerprint(&server.der)), 1_000).unwrap();
    handshake(&mut client, &mut server);
    server.send(HelloReply::Welcome(Welcome {
        protocol: PROTOCOL_VERSION,
        identity: Identity::Host,
        server_now: minuta_shared::time::ServerTime(5_000),
    }));
    let mut events = Vec::new();
    client.receive(&server.give(), 2_000, &mut events).unwrap();
    let command = minuta_shared::wire::client::Command::AddJudge {
        name: "я".repeat(200_000),
    };

    // Act: the command, then its pieces as the page sends them.
    client
        .perform(
            NetCommand::Command {
                request: 5,
                command: Box::new(command.clone()),
            },
            &mut events,
        )
        .unwrap();
    let mut assembly = minuta_shared::wire::pieces::Assembly::default();
    let mut whole = None;
    while client.has_pieces() {
        client.send_piece(&mut events).unwrap();
        server.take(&client.outgoing()).unwrap();
        while let Some(payload) = server.frames.next_payload().unwrap() {
            let ClientMsg::Piece { total, bytes } = decode_payload(&payload).unwrap() else {
                panic!("a piece")
            };
            whole = assembly.take(total, bytes).unwrap().or(whole);
        }
    }

    // Assert: the server has the command; the page heard it go.
    assert_eq!(
        whole,
        Some(ClientMsg::Command {
            request: 5,
            command
        })
    );
    let gone: Vec<u64> = events
        .iter()
        .filter_map(|e| match e {
            NetEvent::Sending { sent, .. } => Some(*sent),
            _ => None,
        })
        .collect();
    assert!(
        gone.len() > 3 && gone.windows(2).all(|w| w[0] < w[1]),
        "{gone:?}"
    );
}

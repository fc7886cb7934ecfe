//! A browser terminal as the server sees one, spoken natively: TCP on
//! 127.0.0.1, the WebSocket upgrade at `/ws`, TLS 1.3 over the binary
//! messages' bytes pinned by the certificate's fingerprint with the
//! client's own verifier (`minuta_client::net::tls::PinnedServer`) and
//! ALPN `minuta-ws`, and inside it the envelope frames of the QUIC stream.
//! The byte stream over the WebSocket is the server's own adapter
//! (`minuta_server::net::web::socket::WsBytes`), as a client.
//!
//! [`WebLink`] is the raw layer (for hostile tests and the handshake);
//! [`crate::Terminal::connect_web`] turns a greeted one into the same
//! [`crate::Terminal`] a QUIC terminal is. [`RawSocket`] is a WebSocket
//! with no TLS (for garbage and text messages), and [`get`] a bare HTTP
//! request.

use std::net::SocketAddr;
use std::sync::Arc;

use anyhow::{Context, Result, anyhow, bail};
use futures_util::{SinkExt, StreamExt};
use serde::Serialize;
use serde::de::DeserializeOwned;
use tokio::io::{AsyncReadExt, AsyncWriteExt, ReadHalf, WriteHalf};
use tokio::net::TcpStream;
use tokio::sync::watch;
use tokio_rustls::client::TlsStream;
use tokio_tungstenite::WebSocketStream;
use tokio_tungstenite::tungstenite::Message;

use minuta_client::net::tls::{PinnedServer, SERVER_NAME, rustls_config};
use minuta_server::net::web::ALPN;
use minuta_server::net::web::socket::{CLOSE_CODE_BASE, Credit, Metered, WsBytes, ws_config};
use minuta_shared::join_code::JoinCode;
use minuta_shared::wire::PROTOCOL_VERSION;
use minuta_shared::wire::codec;
use minuta_shared::wire::envelope::Envelope;
use minuta_shared::wire::handshake::{Credential, Hello, HelloReply, Welcome};

use crate::terminal::{Closed, Peer, Terminal, read_payload, within};

/// The TLS stream of a browser terminal.
pub type WebTls = TlsStream<WsBytes<TcpStream>>;

/// How the server closed a WebSocket, as it was sent: (code, reason).
pub type CloseReport = watch::Receiver<Option<(u16, String)>>;

/// A client never meters what the server sends.
fn unmetered() -> Arc<Credit> {
    Credit::new(1 << 62)
}

/// The WebSocket at `addr`'s `/ws`, over a fresh TCP connection.
pub async fn websocket(addr: SocketAddr) -> Result<WebSocketStream<Metered<TcpStream>>> {
    websocket_from(None, addr).await
}

/// A TCP connection to `addr`, from the source address `from` if given (a
/// test inside a network namespace with many addresses of its own).
pub async fn tcp_from(from: Option<std::net::IpAddr>, addr: SocketAddr) -> Result<TcpStream> {
    let connect = async {
        match from {
            None => TcpStream::connect(addr).await,
            Some(ip) => {
                let socket = match ip {
                    std::net::IpAddr::V4(_) => tokio::net::TcpSocket::new_v4()?,
                    std::net::IpAddr::V6(_) => tokio::net::TcpSocket::new_v6()?,
                };
                socket.bind(SocketAddr::new(ip, 0))?;
                socket.connect(addr).await
            }
        }
    };
    let tcp = within("the TCP connection", connect)
        .await?
        .with_context(|| format!("connecting to {addr}"))?;
    tcp.set_nodelay(true)?;
    Ok(tcp)
}

/// The WebSocket at `addr`'s `/ws`, from the source address `from` if given.
pub async fn websocket_from(
    from: Option<std::net::IpAddr>,
    addr: SocketAddr,
) -> Result<WebSocketStream<Metered<TcpStream>>> {
    let tcp = tcp_from(from, addr).await?;
    let (ws, _) = within(
        "the WebSocket upgrade",
        tokio_tungstenite::client_async_with_config(
            format!("ws://{addr}/ws"),
            Metered::new(tcp, unmetered()),
            Some(ws_config()),
        ),
    )
    .await?
    .context("the WebSocket upgrade")?;
    Ok(ws)
}

/// The pinned TLS configuration a browser terminal uses.
pub fn tls_config(fingerprint: [u8; 32]) -> Result<Arc<rustls::ClientConfig>> {
    let mut config = rustls_config(Arc::new(PinnedServer::new(fingerprint)))
        .context("the pinned TLS configuration")?;
    config.alpn_protocols = vec![ALPN.to_vec()];
    Ok(Arc::new(config))
}

/// TLS over `ws`'s bytes, pinned by `fingerprint`; and how the server
/// closes the socket.
pub async fn tls_over(
    ws: WebSocketStream<Metered<TcpStream>>,
    fingerprint: [u8; 32],
) -> Result<(Result<WebTls, std::io::Error>, CloseReport)> {
    let (report, closes) = watch::channel(None);
    let bytes = WsBytes::new(ws, unmetered(), None).report_close(report);
    let name = rustls::pki_types::ServerName::try_from(SERVER_NAME)?;
    let connector = tokio_rustls::TlsConnector::from(tls_config(fingerprint)?);
    let tls = within("the TLS handshake", connector.connect(name, bytes)).await?;
    Ok((tls, closes))
}

/// Waits until the server's close of the WebSocket is known and says how
/// (the `wire::close` code: the WebSocket's less 4000).
pub async fn close_of(mut closes: CloseReport) -> Result<Closed> {
    let seen = within(
        "the server to close the WebSocket",
        closes.wait_for(Option::is_some),
    )
    .await?
    .map_err(|_| anyhow!("the socket's reader went away"))?
    .clone();
    let Some((code, reason)) = seen else {
        bail!("no close seen");
    };
    let code = code
        .checked_sub(CLOSE_CODE_BASE)
        .ok_or_else(|| anyhow!("the WebSocket closed with {code} ({reason}), not 4000+"))?;
    Ok(Closed {
        code: u32::from(code),
        reason,
    })
}

/// The raw layer: a pinned TLS stream inside a WebSocket, before or
/// instead of a proper greeting.
pub struct WebLink {
    pub recv: ReadHalf<WebTls>,
    pub send: WriteHalf<WebTls>,
    pub closes: CloseReport,
    pub seq: u64,
}

impl WebLink {
    /// Connects to the server's web address, pinning `fingerprint`.
    /// Nothing is sent inside TLS yet.
    pub async fn open(addr: SocketAddr, fingerprint: [u8; 32]) -> Result<WebLink> {
        Self::open_from(None, addr, fingerprint).await
    }

    /// As [`WebLink::open`], from the source address `from` if given.
    pub async fn open_from(
        from: Option<std::net::IpAddr>,
        addr: SocketAddr,
        fingerprint: [u8; 32],
    ) -> Result<WebLink> {
        let ws = websocket_from(from, addr).await?;
        let (tls, closes) = tls_over(ws, fingerprint).await?;
        let tls = tls.context("the TLS handshake inside the WebSocket")?;
        let (recv, send) = tokio::io::split(tls);
        Ok(WebLink {
            recv,
            send,
            closes,
            seq: 0,
        })
    }

    /// Writes bytes as they are, inside TLS: no framing.
    pub async fn send_bytes(&mut self, bytes: &[u8]) -> Result<()> {
        within("writing to the TLS stream", async {
            self.send.write_all(bytes).await?;
            self.send.flush().await
        })
        .await?
        .context("writing to the TLS stream")
    }

    /// Writes `body` in a proper envelope with this link's next `seq`.
    pub async fn send<T: Serialize>(&mut self, body: T) -> Result<()> {
        let envelope = Envelope::new(self.seq, body);
        self.seq += 1;
        let frame = codec::encode_frame(&envelope).context("encoding a frame")?;
        self.send_bytes(&frame).await
    }

    /// Reads one whole envelope from the server.
    pub async fn read<T: DeserializeOwned>(&mut self) -> Result<Envelope<T>> {
        let payload = within("a frame from the server", read_payload(&mut self.recv))
            .await?
            .map_err(|e| anyhow!(e))?;
        codec::decode(&payload).context("decoding the server's frame")
    }

    /// Greets with `credential` at this build's protocol version.
    pub async fn hello(&mut self, credential: Credential) -> Result<HelloReply> {
        self.send(Hello {
            protocol: PROTOCOL_VERSION,
            credential,
            client: "minuta-tests (web)".into(),
        })
        .await?;
        let reply = self.read::<HelloReply>().await?;
        if reply.version != PROTOCOL_VERSION {
            bail!(
                "the server answered with envelope version {}",
                reply.version
            );
        }
        Ok(reply.body)
    }

    /// Reads (and drops) whatever comes until the server closes the
    /// socket, and says how it did.
    pub async fn closed(mut self) -> Result<Closed> {
        let mut sink = vec![0u8; 64 * 1024];
        let _ = within("the server to end the stream", async {
            while let Ok(1..) = self.recv.read(&mut sink).await {}
        })
        .await;
        close_of(self.closes).await
    }
}

/// A WebSocket with nothing inside it yet: the tests send it what they like.
pub struct RawSocket {
    pub ws: WebSocketStream<Metered<TcpStream>>,
}

impl RawSocket {
    pub async fn open(addr: SocketAddr) -> Result<RawSocket> {
        Self::open_from(None, addr).await
    }

    /// As [`RawSocket::open`], from the source address `from` if given.
    pub async fn open_from(from: Option<std::net::IpAddr>, addr: SocketAddr) -> Result<RawSocket> {
        Ok(RawSocket {
            ws: websocket_from(from, addr).await?,
        })
    }

    pub async fn send(&mut self, message: Message) -> Result<()> {
        within("sending a WebSocket message", self.ws.send(message))
            .await?
            .context("sending a WebSocket message")
    }

    /// Reads until the server's close frame and says how it closed.
    pub async fn closed(mut self) -> Result<Closed> {
        let close = within("the server's close frame", async {
            while let Some(msg) = self.ws.next().await {
                if let Ok(Message::Close(frame)) = msg {
                    return Ok(frame);
                }
                msg?;
            }
            Ok::<_, anyhow::Error>(None)
        })
        .await??;
        let frame = close.ok_or_else(|| anyhow!("the socket ended with no close frame"))?;
        let code = u16::from(frame.code);
        let code = code
            .checked_sub(CLOSE_CODE_BASE)
            .ok_or_else(|| anyhow!("closed with {code} ({}), not 4000+", frame.reason))?;
        Ok(Closed {
            code: u32::from(code),
            reason: frame.reason.as_str().to_owned(),
        })
    }
}

/// An HTTP response as a test reads it.
#[derive(Debug)]
pub struct HttpResponse {
    pub status: u16,
    /// (lower-case name, value)
    pub headers: Vec<(String, String)>,
    pub body: Vec<u8>,
}

impl HttpResponse {
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }
}

/// `GET path` with these extra header lines, over a connection of its
/// own (`Connection: close`): the path goes exactly as given.
pub async fn get(addr: SocketAddr, path: &str, headers: &[&str]) -> Result<HttpResponse> {
    let mut tcp = within("the TCP connection", TcpStream::connect(addr)).await??;
    let mut request = format!("GET {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n");
    for h in headers {
        request.push_str(h);
        request.push_str("\r\n");
    }
    request.push_str("\r\n");
    tcp.write_all(request.as_bytes()).await?;
    let mut raw = Vec::new();
    within("the HTTP response", tcp.read_to_end(&mut raw)).await??;
    parse_response(&raw)
}

/// Parses a whole HTTP/1.1 response with a Content-Length body.
pub fn parse_response(raw: &[u8]) -> Result<HttpResponse> {
    let end = raw
        .windows(4)
        .position(|w| w == b"\r\n\r\n")
        .ok_or_else(|| anyhow!("no end of the header in {} bytes", raw.len()))?;
    let head = std::str::from_utf8(&raw[..end]).context("the header is not UTF-8")?;
    let mut lines = head.split("\r\n");
    let status = lines
        .next()
        .and_then(|l| l.split(' ').nth(1))
        .and_then(|s| s.parse().ok())
        .ok_or_else(|| anyhow!("no status line in «{head}»"))?;
    let headers = lines
        .filter_map(|l| l.split_once(':'))
        .map(|(n, v)| (n.trim().to_ascii_lowercase(), v.trim().to_owned()))
        .collect();
    Ok(HttpResponse {
        status,
        headers,
        body: raw[end + 4..].to_vec(),
    })
}

impl Terminal {
    /// Joins over the browser's path: the WebSocket at `web` (the
    /// server's web address), TLS pinned by `code`'s fingerprint inside.
    pub async fn connect_web(web: SocketAddr, code: &JoinCode, record: bool) -> Result<Terminal> {
        let mut link = WebLink::open(web, code.fingerprint).await?;
        match link.hello(code.credential.clone()).await? {
            HelloReply::Welcome(welcome) => Ok(Terminal::from_web(link, welcome, record)),
            HelloReply::Refused(refusal) => {
                bail!("the server refused {:?}: {refusal}", code.credential)
            }
        }
    }

    /// Turns a greeted browser link into a terminal; a task reads its frames.
    pub fn from_web(link: WebLink, welcome: Welcome, record: bool) -> Terminal {
        let WebLink {
            recv,
            send,
            closes,
            seq,
        } = link;
        let (reader, parts) = Self::spawn_reader(recv, record);
        Self::assemble(
            Peer::Web {
                closes,
                reader: reader.abort_handle(),
            },
            Box::new(send),
            seq,
            None,
            welcome,
            parts,
        )
    }
}

/// Strangers that upgrade to a WebSocket at the server's web address and
/// then stall in TLS, each opened again as soon as the server lets it go;
/// dropping it ends them all.
pub struct Strangers {
    tasks: Vec<tokio::task::JoinHandle<()>>,
}

impl Strangers {
    pub fn stall(web: SocketAddr, count: usize) -> Strangers {
        let tasks = (0..count)
            .map(|_| {
                tokio::spawn(async move {
                    loop {
                        match RawSocket::open(web).await {
                            // Silent until the server closes it.
                            Ok(raw) => {
                                let _ = raw.closed().await;
                            }
                            Err(_) => {
                                tokio::time::sleep(std::time::Duration::from_millis(200)).await
                            }
                        }
                    }
                })
            })
            .collect();
        Strangers { tasks }
    }
}

impl Drop for Strangers {
    fn drop(&mut self) {
        for task in &self.tasks {
            task.abort();
        }
    }
}

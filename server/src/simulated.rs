//! A server on a test's simulated network and paused clock
//! ([`start_simulated`]); what must not live here: anything a real server
//! runs (its sockets, its store's writer thread: [`crate::start`]).

use crate::clock::ServerClock;
use crate::{Running, ServerConfig, ServerError, net, serve, store};

/// A server on a simulated network, for tests on a paused tokio clock
/// (`tests/src/sim_net.rs`): its datagrams go through `socket`, its join
/// codes carry `socket`'s address alone, it serves no browsers, and its
/// store commits on the runtime's own thread ([`store::open_inline`]) so
/// the runtime never waits idle on another thread while virtual time could
/// leap ahead. Its time is `clock`'s: anchored once per test, it runs on
/// across restarts as virtual time does.
pub async fn start_simulated(
    mut config: ServerConfig,
    socket: std::sync::Arc<dyn quinn::AsyncUdpSocket>,
    clock: ServerClock,
) -> Result<Running, ServerError> {
    let identity = net::tls::load_or_create(&config.cert_dir)?;
    let server_config = net::tls::quinn_server_config(&identity)?;
    let bind_error = |source| ServerError::Bind {
        addr: config.listen,
        source,
    };
    let local_addr = socket.local_addr().map_err(bind_error)?;
    let endpoint = quinn::Endpoint::new_with_abstract_socket(
        quinn::EndpointConfig::default(),
        Some(server_config),
        socket,
        std::sync::Arc::new(quinn::TokioRuntime),
    )
    .map_err(bind_error)?;
    config.web_port = None;
    serve(
        config,
        identity,
        endpoint,
        vec![local_addr],
        clock,
        store::open_inline,
    )
    .await
}

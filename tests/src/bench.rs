//! What the benchmark binaries (`tests/benches/*.rs`) share besides their
//! percentiles ([`crate::stats`]): progress lines with the seconds since the
//! start, the end of `main` that runs the benchmark and prints its last
//! line (one JSON object) or its error, and a raw UDP round trip to compare
//! with ([`udp_rtt`]).

use std::future::Future;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use anyhow::{Context, anyhow, ensure};

use crate::stats::sorted;

/// A progress line on stdout: seconds since `$start` (an `Instant`), then
/// the text; flushed at once, so a long run shows where it is.
#[macro_export]
macro_rules! progress {
    ($start:expr, $($arg:tt)*) => {{
        println!("[{:7.2} s] {}", $start.elapsed().as_secs_f64(), format!($($arg)*));
        let _ = std::io::Write::flush(&mut std::io::stdout());
    }};
}

/// Runs the benchmark `run` on `runtime` and reports: its result line on
/// stdout (success), or `name: error` on stderr (failure).
pub fn finish(
    name: &str,
    runtime: std::io::Result<tokio::runtime::Runtime>,
    run: impl Future<Output = anyhow::Result<String>>,
) -> ExitCode {
    let runtime = match runtime {
        Ok(rt) => rt,
        Err(e) => {
            eprintln!("{name}: cannot start the runtime: {e}");
            return ExitCode::FAILURE;
        }
    };
    match runtime.block_on(run) {
        Ok(line) => {
            println!("{line}");
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("{name}: {e:#}");
            ExitCode::FAILURE
        }
    }
}

/// Raw UDP round trips of 32 bytes on loopback: an echo on a thread of its
/// own with its own single-threaded runtime, back to back after 500
/// unmeasured ones (the baseline `bid` compares with; `press` keeps its own,
/// which also measures after a quiet spell). Returns sorted µs.
pub async fn udp_rtt(samples: usize) -> anyhow::Result<Vec<f64>> {
    let echo = std::net::UdpSocket::bind("127.0.0.1:0").context("binding the echo socket")?;
    echo.set_nonblocking(true)?;
    let addr = echo.local_addr()?;
    let (stop_tx, stop_rx) = tokio::sync::oneshot::channel::<()>();
    let thread = std::thread::spawn(move || -> anyhow::Result<()> {
        tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()?
            .block_on(async move {
                let socket = tokio::net::UdpSocket::from_std(echo)?;
                let mut buf = [0u8; 64];
                let mut stop = stop_rx;
                loop {
                    tokio::select! {
                        _ = &mut stop => return Ok(()),
                        got = socket.recv_from(&mut buf) => {
                            let (n, from) = got?;
                            socket.send_to(&buf[..n], from).await?;
                        }
                    }
                }
            })
    });
    let client = tokio::net::UdpSocket::bind("127.0.0.1:0").await?;
    client.connect(addr).await?;
    let payload = [7u8; 32];
    let mut buf = [0u8; 64];
    let mut out = Vec::with_capacity(samples);
    for i in 0..samples + 500 {
        let t0 = Instant::now();
        client.send(&payload).await?;
        let n = tokio::time::timeout(Duration::from_secs(1), client.recv(&mut buf))
            .await
            .context("the echo answers")??;
        let rtt = t0.elapsed();
        ensure!(n == payload.len(), "the echo sent {n} bytes");
        if i >= 500 {
            out.push(rtt.as_secs_f64() * 1e6);
        }
    }
    let _ = stop_tx.send(());
    thread
        .join()
        .map_err(|_| anyhow!("the echo thread panicked"))??;
    Ok(sorted(out))
}

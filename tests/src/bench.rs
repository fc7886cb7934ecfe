//! What the benchmark binaries (`tests/benches/*.rs`) share besides their
//! percentiles ([`crate::stats`]): progress lines with the seconds since the
//! start, and the end of `main` that runs the benchmark and prints its last
//! line (one JSON object) or its error.

use std::future::Future;
use std::process::ExitCode;

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

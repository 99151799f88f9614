//! `a2a-interop` binary: parse the command line, run, print the error chain, exit 0/1/2.

use std::process::ExitCode;

use clap::Parser;

/// mimalloc instead of glibc malloc: allocation was 20-23 % of the proxy's and the
/// verifier's instructions (docs/performance.md, session 2 profiles).
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> ExitCode {
    let cli = a2a_interop::cli::Cli::parse();
    match a2a_interop::app::run(cli) {
        Ok(code) => code,
        Err(err) => {
            a2a_interop::errln!("{}", a2a_interop::cli::error_line(&err));
            ExitCode::from(2)
        }
    }
}

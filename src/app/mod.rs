/*!
Wiring: turns the CLI into a run. The only module that sees every layer. One file per
command; each returns the process exit code (0 clean, 1 findings at or above --fail-on).
*/

use std::process::ExitCode;

use crate::cli::{Cli, Command};

pub mod ca_cmd;
pub mod demo;
pub mod export_cmd;
pub mod interop_cmd;
pub mod pipeline;
pub mod probe_cmd;
pub mod proxy_cmd;
pub mod repro_cmd;
pub mod verify_cmd;

/// Runs one command. Errors are operational (exit 2): bad flag values, unreadable files,
/// ports in use.
pub fn run(cli: Cli) -> anyhow::Result<ExitCode> {
    init_tracing();
    match cli.command {
        Command::Proxy(a) => proxy_cmd::run(a),
        Command::Verify(a) => verify_cmd::verify(a),
        Command::Report(a) => verify_cmd::report(a),
        Command::Rules(a) => verify_cmd::rules(a),
        Command::Demo(a) => demo::run(a),
        Command::Probe(a) => probe_cmd::run(a),
        Command::Interop(a) => interop_cmd::run(a),
        Command::Export(a) => export_cmd::run(a),
        Command::Repro(a) => repro_cmd::run(a),
        Command::Ca(a) => ca_cmd::run(a),
    }
}

fn init_tracing() {
    let filter = tracing_subscriber::EnvFilter::try_from_env("A2A_INTEROP_LOG")
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("warn"));
    use std::io::IsTerminal as _;
    let _ = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr)
        // No colour codes in a log file or a CI capture.
        .with_ansi(std::io::stderr().is_terminal())
        .try_init();
}

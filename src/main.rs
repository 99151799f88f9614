//! `a2a-interop` binary: parse the command line, run, print the error chain, exit 0/1/2.

use std::process::ExitCode;

mod alloc;

/// mimalloc instead of glibc malloc: allocation was 20-23 % of the proxy's and the
/// verifier's instructions (docs/performance.md, session 2 profiles); called without the
/// alignment argument where every block has it ([`alloc::MiAlloc`], session 20).
#[global_allocator]
static GLOBAL: alloc::MiAlloc = alloc::MiAlloc;

fn main() -> ExitCode {
    // the subcommand typed, for the hints of error lines
    // (`args_os`: `std::env::args` panics on an argument that is not UTF-8, a file name in
    // Latin-1 such as `r\xfe.jsonl`; review30b)
    let command = std::env::args_os()
        .nth(1)
        .map(|a| a.to_string_lossy().into_owned())
        .filter(|a| !a.starts_with('-'));
    let cli = match a2a_interop::cli::try_parse_env() {
        Ok(cli) => cli,
        Err(e) => {
            use clap::error::ErrorKind;
            if matches!(
                e.kind(),
                ErrorKind::DisplayHelp
                    | ErrorKind::DisplayVersion
                    | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand
            ) {
                e.exit();
            }
            // one line `a2a-interop: <cause>; hint: <hint>`, exit 2 (docs/usage.md "Exit codes")
            a2a_interop::errln!(
                "{}",
                a2a_interop::cli::usage_error_line(&e, command.as_deref())
            );
            return ExitCode::from(2);
        }
    };
    // `--record=~/x`: a `~` the shell did not expand, refused before anything is written
    // (newcomer29 N7, review29b), naming the flag as typed
    let args: Vec<String> = std::env::args_os()
        .skip(1)
        .map(|a| a.to_string_lossy().into_owned())
        .collect();
    if let Some(why) = a2a_interop::cli::unexpanded_tilde(&args) {
        a2a_interop::errln!("a2a-interop: {why}");
        return ExitCode::from(2);
    }
    match a2a_interop::app::run(cli) {
        // stopped by SIGHUP, reports written: 128 + 1, as a shell reports the signal
        Ok(_) if a2a_interop::app::proxy_cmd::hung_up() => ExitCode::from(129),
        Ok(code) => code,
        Err(err) => {
            a2a_interop::errln!("{}", a2a_interop::cli::error_line(&err, command.as_deref()));
            ExitCode::from(2)
        }
    }
}

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

/// `s` as one POSIX sh word, for a command line the tool prints for a user to paste (a
/// hint's `a2a-interop report REC -o REPORT`, a flag's example path): as is when it holds
/// only characters no shell treats specially (`A-Z a-z 0-9 _ @ % + = : , . / -`), else in
/// single quotes with each `'` written `'\''` (POSIX.1-2017 XCU §2.2.3). A relative path
/// that starts with `-` gets `./` in front, so that the command does not read it as a
/// flag; an empty string is `''`.
pub fn sh_word(s: &str) -> String {
    let s = if s.starts_with('-') {
        format!("./{s}")
    } else {
        s.to_string()
    };
    let plain = !s.is_empty()
        && s.chars().all(|c| {
            c.is_ascii_alphanumeric()
                || matches!(c, '_' | '@' | '%' | '+' | '=' | ':' | ',' | '.' | '/' | '-')
        });
    if plain {
        s
    } else {
        sh_quote(&s)
    }
}

/// `s` in single quotes, each `'` written `'\''` (POSIX.1-2017 XCU §2.2.3): one word, taken
/// literally, whatever it holds (repro's curl arguments; [`sh_word`] when it must quote).
pub fn sh_quote(s: &str) -> String {
    format!("'{}'", s.replace('\'', "'\\''"))
}

/// [`sh_word`] of a path (shown as [`std::path::Path::display`] shows it).
pub fn sh_path(p: &std::path::Path) -> String {
    sh_word(&p.display().to_string())
}

/// The advice for an output path that names a directory (`-o out/`, or an existing
/// directory): a file path in it, e.g. `-o out/report.md`, shell-quoted (newcomer25 N6,
/// newcomer31 N4). `None` when `path` is not a directory, so the caller keeps its own advice.
///
/// Shape: `"give a file path in it, e.g. -o out/<file_name>"`.
pub(crate) fn dir_output_hint(path: &std::path::Path, file_name: &str) -> Option<String> {
    let text = path.as_os_str().to_string_lossy();
    if !(path.is_dir() || text.ends_with('/')) {
        return None;
    }
    let dir = std::path::Path::new(text.trim_end_matches('/'));
    Some(format!(
        "give a file path in it, e.g. -o {}",
        sh_path(&dir.join(file_name))
    ))
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

#[cfg(test)]
mod tests {
    use super::sh_word;

    /// A plain word stays as it is; anything a shell reads specially is single-quoted, a
    /// `'` inside written `'\''`; a leading `-` gets `./` so it is not read as a flag.
    #[test]
    fn sh_word_quotes_only_what_a_shell_would_split_or_expand() {
        assert_eq!(sh_word("out/rec-1.jsonl"), "out/rec-1.jsonl");
        assert_eq!(sh_word("my dir/r.jsonl"), "'my dir/r.jsonl'");
        assert_eq!(sh_word("it's"), "'it'\\''s'");
        assert_eq!(sh_word("$HOME*"), "'$HOME*'");
        assert_eq!(sh_word("-x.md"), "./-x.md");
        assert_eq!(sh_word(""), "''");
    }
}

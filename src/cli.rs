/*!
Command-line types (clap derive). No IO here: `app` turns these into a run.
*/

use std::path::PathBuf;

use clap::{Args, Parser, Subcommand, ValueEnum};

/// See and prove Agent2Agent (A2A) interoperability: record, verify, report.
///
/// Exit status: 0 no finding at or above --fail-on; 1 findings; 2 operational error.
#[derive(Debug, Parser)]
#[command(name = "a2a-interop", version, about, long_about = None)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

/// `export`'s usage line (`Usage: ...` in its help and its usage errors): the output flag in
/// each of its spellings, `-o`, `--har` and `--output`. The binary's name goes before it
/// ([`command_named`]), as clap puts it before the other subcommands' usage lines.
pub const EXPORT_USAGE: &str = "export <FILE> (-o | --har | --output) <OUT.har>";
/// `repro`'s usage line: `-o` beside `--output` (the binary's name goes before it, as for
/// [`EXPORT_USAGE`]).
pub const REPRO_USAGE: &str =
    "repro <FILE> --finding <RULE[@SEQ]> (-o | --output) <MIN.jsonl> [OPTIONS]";

/// The command line parser with `bin` (the binary's file name, as clap takes it from
/// `argv[0]`) before the hand-written usage lines of `export` and `repro`, so that their
/// help and usage errors name the program as every other subcommand does (newcomer32:
/// they said `a2a-interop` whatever the binary was called).
///
/// On a terminal `--help` is broken at words to its width, at most 100 columns
/// ([`crate::app::report_width`]; newcomer58: an 80-column terminal cut help paragraphs of up
/// to 407 characters mid-word); a pipe or a file gets each paragraph on one line, as always.
pub fn command_named(bin: &str) -> clap::Command {
    use clap::CommandFactory;
    let width = crate::app::report_width().map_or(0, |w| w.min(100));
    Cli::command()
        .term_width(width)
        .mut_subcommand("export", |c| {
            c.override_usage(format!("{bin} {EXPORT_USAGE}"))
        })
        .mut_subcommand("repro", |c| {
            c.override_usage(format!("{bin} {REPRO_USAGE}"))
        })
}

/// [`Cli`] from the process's arguments through [`command_named`] (what
/// `Cli::try_parse` does, with the binary's own name in every usage line).
pub fn try_parse_env() -> Result<Cli, clap::Error> {
    use clap::FromArgMatches;
    let bin = std::env::args_os()
        .next()
        .map(PathBuf::from)
        .and_then(|p| p.file_name().map(|n| n.to_string_lossy().into_owned()))
        .unwrap_or_else(|| "a2a-interop".to_string());
    let mut matches = command_named(&bin).try_get_matches()?;
    Cli::from_arg_matches_mut(&mut matches)
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Recording proxy with online verification (reverse mode: --upstream / --route)
    Proxy(ProxyArgs),
    /// Verify a recording, transcript or HAR file offline (several FILEs: a line each and a total)
    #[command(mut_arg("fail_on", |a| a.help(FAIL_ON_FINDINGS).default_value("error")))]
    Verify(VerifyArgs),
    /// Render the findings of a recording, transcript or HAR file
    #[command(mut_arg("fail_on", |a| a.help(FAIL_ON_FINDINGS).default_value("never")))]
    Report(ReportArgs),
    /// List every rule: ID, severity, spec requirement, summary
    Rules(RulesArgs),
    /// Built-in default run: reference agent + proxy + client, in process; prints the report
    #[command(mut_arg("fail_on", |a| a.help(FAIL_ON_STEPS).default_value("error")))]
    Demo(DemoArgs),
    /// Active conformance run against one agent: card, lifecycle, streaming, errors, auth
    #[command(mut_arg("fail_on", |a| a.help(FAIL_ON_TESTS).default_value("error")))]
    Probe(ProbeArgs),
    /// Two agents against each other, both directions at once, through one recording
    #[command(mut_arg("fail_on", |a| a.help(FAIL_ON_TESTS).default_value("error")))]
    Interop(InteropArgs),
    /// Convert a recording, transcript or HAR file to HAR 1.2 (SSE events in _sseEvents)
    // Every spelling of the output flag in the usage line (review29b: it named `--har`
    // alone, though `-o` and `--output` work; cli_q30b checks help, error and docs agree).
    // (the usage line itself is set with the binary's name by `command_named`)
    Export(ExportArgs),
    /// Cut the smallest redacted transcript that still shows one finding, plus a curl script
    Repro(ReproArgs),
    /// Local CA for `proxy --forward --intercept-tls`: `ca init`, `ca path`
    Ca(CaArgs),
}

/// `--fail-on` help of `verify` and `report` (each shows its own default).
const FAIL_ON_FINDINGS: &str = "Exit 1 when a finding at or above this severity exists";
/// `--fail-on` help of `probe` and `interop` (docs/usage.md "Exit codes").
const FAIL_ON_TESTS: &str = "Exit 1 when a finding at or above this severity exists; a failed \
test exits 1 whatever this says (a test failed only by a verifier finding on its exchange \
counts as that finding)";
/// `--fail-on` help of `demo`.
const FAIL_ON_STEPS: &str = "Exit 1 when a finding at or above this severity exists; a failed \
client step exits 1 whatever this says";

/// Report formats.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// Human-readable text, one block per finding (the terminal default)
    #[value(alias = "txt")]
    Text,
    /// One JSON document (docs/report-schema.json): findings with their evidence, results,
    /// coverage, counts
    Json,
    // the file extensions name the formats too (newcomer29 N8: `-f md`)
    /// Summary, results and findings tables, each finding with its evidence and
    /// recommendation, a Mermaid sequence diagram (for a pull request or an issue)
    #[value(alias = "md")]
    Markdown,
    /// JUnit XML for CI test views: a test case per area and per rule, a rule failed by a
    /// finding at or above --fail-on (warning where that is never)
    Junit,
    /// SARIF 2.1.0 for code-scanning views: a result per finding, located in the traffic file
    Sarif,
    /// One self-contained page: summary, results, findings linked to their events, a
    /// timeline per task
    #[value(alias = "htm")]
    Html,
}

/// Lowest severity that makes the exit status 1. The spellings other tools use are taken
/// too (newcomer30: `--fail-on warn` was refused): `warn`/`warnings`, `errors`, `notes`,
/// `none`/`off` for never.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum FailOn {
    #[value(alias = "errors")]
    Error,
    #[value(alias = "warn", alias = "warnings")]
    Warning,
    #[value(alias = "notes")]
    Note,
    /// Never exit 1 for findings
    #[value(alias = "none", alias = "off")]
    Never,
}

impl FailOn {
    /// The JUnit failure floor of `--fail-on` (`report::model::ReportInput::failure_floor`):
    /// `error`, `warning` and `note` are that severity; `never` (the exit status judges no
    /// finding: `report`'s and `proxy`'s default) keeps JUnit's own default, warning, so
    /// that its file still judges.
    pub fn junit_floor(self) -> crate::verify::Severity {
        use crate::verify::Severity;
        match self {
            FailOn::Error => Severity::Error,
            FailOn::Note => Severity::Note,
            FailOn::Warning | FailOn::Never => Severity::Warning,
        }
    }
}

/// `proxy --on-record-error`: the policy when a write to the recording fails mid-run.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, ValueEnum)]
pub enum OnRecordError {
    /// Keep forwarding and verifying; the recording ends with what could be written
    #[default]
    Continue,
    /// Stop accepting, finish in-flight exchanges, exit 2
    Stop,
}

/// Output selection shared by verify, report, demo.
#[derive(Debug, Clone, Args)]
pub struct OutputArgs {
    /// Report format; repeat together with -o for several reports
    #[arg(
        long = "format",
        short = 'f',
        value_name = "FORMAT",
        value_enum,
        ignore_case = true
    )]
    pub formats: Vec<Format>,
    /// Report file for the matching --format ("-" = stdout); repeat with --format. Without
    /// a --format its extension names the format (.txt .json .md .xml .sarif .html)
    #[arg(long = "output", short = 'o', value_name = "FILE")]
    pub outputs: Vec<PathBuf>,
    /// Exit 1 when a finding at or above this severity exists [default: error; for `report`:
    /// never]
    #[arg(long, value_name = "LEVEL", value_enum, ignore_case = true)]
    pub fail_on: Option<FailOn>,
    #[command(flatten)]
    pub baseline: BaselineArgs,
}

/// `--baseline` and `--write-baseline`: known findings in CI (docs/usage.md "Baselines").
#[derive(Debug, Clone, Default, Args)]
pub struct BaselineArgs {
    /// Known findings (a file --write-baseline wrote): they are shown, marked known, and do
    /// not count for --fail-on; only new findings do. A file that cannot be read or is not a
    /// baseline is an error (exit 2)
    #[arg(long, value_name = "FILE.json")]
    pub baseline: Option<PathBuf>,
    /// Write every finding of this run to FILE as the baseline (one entry per rule, leg,
    /// agent host (a forward proxy's), request and pointer; reasons and expiry dates of a
    /// --baseline's entries kept); `verify` of several files writes every file's findings
    /// into one; without --baseline, this run then judges against FILE (its findings all
    /// known)
    #[arg(long, value_name = "FILE.json")]
    pub write_baseline: Option<PathBuf>,
}

#[derive(Debug, Clone, Args)]
pub struct ProxyArgs {
    /// Client-facing address to listen on: IP:PORT, [IPv6]:PORT, or localhost:PORT
    /// (127.0.0.1 and [::1], same port); port 0 picks a free port. The banner's last line
    /// names every address bound, for scripts: `ready: listen=IP:PORT
    /// listener=LEG@IP:PORT ...` (indented two spaces; one `listener=` per --listener, in order)
    #[arg(long, value_name = "ADDR", default_value = "127.0.0.1:8080")]
    pub listen: String,
    /// Upstream agent base URL, http:// or https:// (same as --route /=URL)
    #[arg(long, value_name = "URL")]
    pub upstream: Option<String>,
    /// Route a path prefix to an upstream: /prefix=URL (repeatable; longest prefix wins)
    #[arg(long = "route", value_name = "PREFIX=URL")]
    pub routes: Vec<String>,
    /// Recording file (JSON Lines); default `recordings/proxy-<UTC time, ms>.jsonl`, never
    /// an existing file (`-2`, `-3`, ... appended). An existing file is refused (exit 2)
    /// unless it is an earlier recording and --overwrite is given, or an earlier recording
    /// with no events (nothing to lose: replaced with a note); `-` is refused (a recording
    /// is a file, not stdout)
    #[arg(long, value_name = "FILE.jsonl")]
    pub record: Option<PathBuf>,
    /// Replace the --record file when it holds an earlier recording (without this flag
    /// an existing recording with events is never erased: the run stops, exit 2; one with
    /// no events, its header alone, is replaced with a note)
    #[arg(long, requires = "record")]
    pub overwrite: bool,
    /// Do not write a recording (verify only)
    #[arg(long, conflicts_with = "record")]
    pub no_record: bool,
    /// Rewrite Agent Card URLs that point at an upstream to the proxy's own address (also
    /// the card a card path redirects to, and such a redirect's `Location`). A JWS-signed
    /// card (`signatures[]`) is served untouched, with a WARNING: a rewrite would invalidate
    /// its signatures (CARD-010)
    #[arg(long)]
    pub rewrite_card: bool,
    /// Wait for the recorder instead of dropping events when its queue is full
    #[arg(long)]
    pub lossless: bool,
    /// Keep secrets (Authorization, cookies, API keys, push tokens) in the recording
    #[arg(long)]
    pub no_redact: bool,
    /// Also redact this request/response header in the recording (repeatable), e.g. a
    /// gateway key with a name the built-in list does not know: `--redact-header X-Tenant-Auth`
    #[arg(long = "redact-header", value_name = "NAME")]
    pub redact_headers: Vec<String>,
    /// What to do when the recording cannot be written mid-run (disk full, file gone
    /// read-only): keep forwarding and verifying, or stop the proxy (exit 2)
    #[arg(
        long,
        value_name = "ACTION",
        value_enum,
        ignore_case = true,
        default_value_t = OnRecordError::Continue
    )]
    pub on_record_error: OnRecordError,
    /// Bytes recorded per exchange and direction before the body is marked truncated: a
    /// count or a size with a unit (64MiB, 64Mi, 64M, 1.5GiB; KB/MB/GB are powers of 1000);
    /// 0 records heads only, no body (nothing that needs a body is judged)
    // The default is written as a size (q30b: `[default: 16777216]`); parse_byte_size
    // makes it DEFAULT_CAPTURE_CAP (cli_q30b checks the two agree).
    #[arg(long, value_name = "SIZE", default_value = "16MiB", value_parser = parse_byte_size)]
    pub capture_cap: usize,
    /// Bytes the recorder queue may hold before events are dropped (or waited for): a count
    /// or a size with a unit, as --capture-cap
    #[arg(long, value_name = "SIZE", default_value = "64MiB", value_parser = parse_byte_size)]
    pub queue_bytes: usize,
    /// Report written on exit (Ctrl-C / SIGTERM)
    #[arg(long, value_name = "FILE")]
    pub report: Option<PathBuf>,
    /// Format of --report [default: from its extension (.json .md .xml .sarif .html .txt),
    /// markdown without an extension; another extension (.pdf) is refused]; needs --report
    #[arg(long, value_enum, ignore_case = true, requires = "report")]
    pub format: Option<Format>,
    /// Do not print findings on stderr as they happen, nor the lines that come with them
    /// per request: `upstream-error` (a request the agent did not answer), a body cut at
    /// --capture-cap, the card-bypass hint. The banner, WARNING lines and the stop summary
    /// stay; the recording and --report keep everything
    #[arg(long, short)]
    pub quiet: bool,
    /// Exit 1 on exit when a finding at or above this severity was seen
    #[arg(
        long,
        value_name = "LEVEL",
        value_enum,
        ignore_case = true,
        default_value = "never"
    )]
    pub fail_on: FailOn,
    /// Known findings (`--baseline`) and writing them (`--write-baseline`), judged on the
    /// recording when the proxy stops
    #[command(flatten)]
    pub baseline: BaselineArgs,
    /// Allow a non-loopback --listen address
    #[arg(long)]
    pub allow_remote: bool,
    /// Forward-proxy mode: clients use this proxy as HTTP_PROXY / HTTPS_PROXY
    /// (absolute-form requests recorded, CONNECT tunnelled and counted)
    #[arg(long)]
    pub forward: bool,
    /// Forward mode: hosts the proxy may connect to: exact, *.suffix or * (repeatable;
    /// default any)
    #[arg(long = "allow-host", value_name = "PATTERN", requires = "forward")]
    pub allow_hosts: Vec<String>,
    /// Forward mode: terminate TLS on CONNECT with certificates of the local CA (see
    /// `a2a-interop ca init`) and record the decrypted exchanges
    #[arg(long, requires = "forward")]
    pub intercept_tls: bool,
    /// Directory of the local CA [default: $XDG_CONFIG_HOME/a2a-interop or
    /// ~/.config/a2a-interop]
    #[arg(long, value_name = "DIR")]
    pub ca_dir: Option<PathBuf>,
    /// https:// upstreams and --intercept-tls: PEM file of a CA the agents' certificates
    /// may chain to, besides the OS roots (SSL_CERT_FILE / SSL_CERT_DIR honoured; Mozilla's
    /// bundle if the OS store is empty) (repeatable)
    #[arg(long = "upstream-ca", value_name = "FILE")]
    pub upstream_ca: Vec<PathBuf>,
    /// https:// upstreams and --intercept-tls: do not verify the agents' TLS certificates
    /// (never the default)
    #[arg(long)]
    pub insecure_upstream: bool,
    /// Send the upstream the client's Host header (as nginx `proxy_set_header Host $host`)
    /// instead of the --upstream URL's host:port: for an ingress or virtual-host front that
    /// routes by Host (else its default backend answers, often 404). The connection still
    /// goes to the --upstream address; plain http upstreams get HTTP/1.1
    #[arg(long)]
    pub preserve_host: bool,
    /// https:// upstreams: the TLS server name to send (SNI) and to check the agent's
    /// certificate against, instead of the --upstream URL's host; the connection still goes
    /// to the --upstream address. For a front that routes TLS by SNI reached by IP or an
    /// internal name: --upstream https://10.0.0.5:443 --upstream-sni agents.example.com
    /// (add --preserve-host when it also routes by Host)
    #[arg(long, value_name = "NAME")]
    pub upstream_sni: Option<String>,
    /// With --rewrite-card: the public base URL clients reach the proxy at, advertised in
    /// rewritten cards instead of the scheme and Host the proxy's listener saw (behind a
    /// TLS or path-prefix front: --public-url https://agents.example.com/agents/x); a
    /// --route prefix is added after it
    #[arg(long, value_name = "URL", requires = "rewrite_card")]
    pub public_url: Option<String>,
    /// With --rewrite-card: build the rewritten card's base from the request's Forwarded
    /// (RFC 7239 proto, host) or X-Forwarded-Proto / -Host / -Prefix. Any client can send
    /// them: only for a proxy reachable solely through a front that sets them
    #[arg(long, requires = "rewrite_card")]
    pub trust_forwarded: bool,
    /// HTTP/1.1 clients that shut their sending side after the request (printf ... | nc -N,
    /// shutdown(SHUT_WR)) still get the answer. Off by default: with it, a client that
    /// gives up while its request waits is not seen until the answer is written (its
    /// exchange is not ended client_abort at once, the agent's request is not cancelled,
    /// a gateway giving up on a stream, GW-SSE-002, is seen late or not at all)
    #[arg(long)]
    pub half_close: bool,
    /// Forward requests without the proxy's own `Via: 1.1 a2a-interop-<id>` entry (RFC 9110
    /// §7.6.3), for an agent that signs or allow-lists its request headers. Loops are then
    /// cut by the start-up check (an --upstream / --route / --listener naming this proxy's
    /// own listen address, in any spelling that resolves to it, is refused) and by a check
    /// of each client connection: one that is the proxy's own upstream connection (a name
    /// that came to point at the proxy after start-up) is answered 508 Loop Detected. A
    /// loop through a second proxy or a TCP forwarder runs until file descriptors run out
    #[arg(long)]
    pub no_via: bool,
    /// After Ctrl-C / SIGTERM / SIGHUP, wait up to SECS seconds for open exchanges (SSE
    /// streams still sending) to end before closing them and recording them as open; a
    /// second Ctrl-C ends the wait at once. 0: do not wait; at most 86400 (a day)
    #[arg(long, value_name = "SECS", default_value_t = 2,
          value_parser = clap::value_parser!(u64).range(0..=86_400))]
    pub shutdown_grace: u64,
    /// Serve the client-facing listener over TLS with this PEM certificate chain
    #[arg(long, value_name = "FILE", requires = "tls_key")]
    pub tls_cert: Option<PathBuf>,
    /// PEM private key of --tls-cert
    #[arg(long, value_name = "FILE", requires = "tls_cert")]
    pub tls_key: Option<PathBuf>,
    /// Leg name of the main listener's events: client (the default, client-facing hop),
    /// upstream (between a gateway and the agent), or any name
    #[arg(long, value_name = "NAME")]
    pub leg: Option<String>,
    /// A further listener in the same recording: LEG@ADDR=URL (ADDR as --listen takes it), e.g.
    /// upstream@127.0.0.1:8081=http://127.0.0.1:9999 (repeatable; gateway verification), or
    /// client@127.0.0.1:50052=http://127.0.0.1:50051 in front of an agent's gRPC port
    #[arg(long = "listener", value_name = "LEG@ADDR=URL")]
    pub listeners: Vec<String>,
    /// Record the agent's push notifications to the client's webhook URL (the url the
    /// client would put in its push config, e.g. http://127.0.0.1:9000/hook): a listener of
    /// leg `webhook` on a free loopback port forwards each delivery to it. The banner prints
    /// the url to put in the push config instead (the agent must deliver to the proxy); the
    /// same as --listener webhook@127.0.0.1:0=ORIGIN of that URL
    #[arg(long, value_name = "URL")]
    pub webhook: Option<String>,
    /// Name the caller of requests whose User-Agent contains SUBSTRING: NAME=SUBSTRING
    /// (repeatable; for agents the proxy cannot find by process, e.g. remote ones)
    #[arg(long = "caller", value_name = "NAME=SUBSTRING")]
    pub callers: Vec<String>,
}

/// `a2a-interop ca`: the local CA of `proxy --forward --intercept-tls`.
#[derive(Debug, Clone, Args)]
pub struct CaArgs {
    #[command(subcommand)]
    pub action: CaAction,
    /// CA directory [default: $XDG_CONFIG_HOME/a2a-interop or ~/.config/a2a-interop]
    #[arg(long, value_name = "DIR", global = true)]
    pub ca_dir: Option<PathBuf>,
}

#[derive(Debug, Clone, Subcommand)]
pub enum CaAction {
    /// Create the CA (kept if it exists); prints the certificate's path
    Init,
    /// Print the path of the CA certificate (give it to clients, e.g. curl --cacert)
    Path,
}

#[derive(Debug, Clone, Args)]
pub struct VerifyArgs {
    /// Recording (.jsonl), transcript (.jsonl) or HAR 1.2 (.har) file ("-" = stdin). Several
    /// FILEs: each is judged on its own, one line per file and a total (exit status the
    /// worst); --format text, json (one document, a report per file), junit (suites per
    /// file) or sarif (one run, each result naming its file), not markdown or html. A
    /// directory is not walked:
    /// name its files (DIR/*.jsonl, or find DIR -name '*.jsonl' -exec a2a-interop verify {} +)
    #[arg(value_name = "FILE", required = true, num_args = 1..)]
    pub files: Vec<PathBuf>,
    #[command(flatten)]
    pub output: OutputArgs,
    /// Skip the lines of a native recording that cannot be read (damaged in its middle:
    /// not JSON, cut short) and verify the rest; the lines are named on stderr and in the
    /// report (JSON source.skippedLines), and the exit status is at least 1
    #[arg(long)]
    pub skip_bad_lines: bool,
}

#[derive(Debug, Clone, Args)]
pub struct ReportArgs {
    /// Recording, transcript or HAR file ("-" = stdin)
    pub file: PathBuf,
    #[command(flatten)]
    pub output: OutputArgs,
    /// What happened to task ID: every request, answer, stream event and push delivery that
    /// names it (either leg of a gateway's recording, by the gateway's own id too), its
    /// states over time with the exchange that moved each, its artifacts, the findings that
    /// cite it, and how it ended ("still open at the end of the recording"). Text,
    /// Markdown and HTML show that story alone; JSON is the whole report with it as
    /// `story`; JUnit and SARIF have no place for it. An id the recording does not hold
    /// exits 2, listing those it holds, nearest first
    #[arg(long, value_name = "ID", conflicts_with = "context")]
    pub task: Option<String>,
    /// As --task, for every task of one context id (contextId)
    #[arg(long, value_name = "ID")]
    pub context: Option<String>,
    /// Skip the lines of a native recording that cannot be read (damaged in its middle:
    /// not JSON, cut short) and verify the rest; the lines are named on stderr and in the
    /// report (JSON source.skippedLines), and the exit status is at least 1
    #[arg(long)]
    pub skip_bad_lines: bool,
}

#[derive(Debug, Clone, Args)]
pub struct RulesArgs {
    /// Rules to print in full (ID such as PUSH-BODY-002, or alias); none = list every rule
    #[arg(value_name = "RULE")]
    pub ids: Vec<String>,
    /// How to list the rules
    #[arg(
        long,
        short = 'f',
        value_enum,
        ignore_case = true,
        default_value = "text"
    )]
    pub format: RulesFormat,
}

/// `rules --format`: the formats the rule registry is listed in (the report formats
/// junit, sarif and html are reports of findings, not of rules).
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum RulesFormat {
    /// One line per rule: ID, severity, category, spec requirements, summary
    Text,
    /// docs/rules.md: a table, then one section per rule with its help
    Markdown,
    /// {"registrySha256", "rules": [...]} with every field of each rule
    Json,
}

#[derive(Debug, Clone, Args)]
pub struct DemoArgs {
    /// Where to write the demo recording; default `recordings/demo-<time>.jsonl` (`-2`,
    /// `-3`, ... if taken). An existing file is refused (exit 2) unless it is an earlier
    /// recording and --overwrite is given, or an earlier recording with no events (nothing
    /// to lose: replaced with a note)
    #[arg(long, value_name = "FILE.jsonl")]
    pub record: Option<PathBuf>,
    /// Replace the --record file when it holds an earlier recording (without this flag
    /// an existing recording with events is never erased: the run stops, exit 2; one with
    /// no events, its header alone, is replaced with a note)
    #[arg(long, requires = "record")]
    pub overwrite: bool,
    /// Run only the built-in reference A2A agent (1.0 and 0.3, JSON-RPC only: no HTTP+JSON
    /// binding) until Ctrl-C: a known-good agent to `probe`, or an `interop` partner for
    /// your agent
    #[arg(long, conflicts_with_all = ["record", "overwrite", "formats", "outputs", "fail_on"])]
    pub agent_only: bool,
    /// Loopback address of --agent-only: IP:PORT or localhost:PORT (127.0.0.1 and [::1]
    /// both) [default: 127.0.0.1:9900]
    #[arg(long, value_name = "ADDR", requires = "agent_only")]
    pub listen: Option<String>,
    /// With --agent-only: the agent's card declares an HTTP Bearer scheme and every
    /// JSON-RPC call without `Authorization: Bearer TOKEN` gets HTTP 401 (AUTH-002; the card
    /// stays public, CARD-011): a known-good agent to try a client's credentials on
    #[arg(long, value_name = "TOKEN", requires = "agent_only")]
    pub bearer: Option<String>,
    #[command(flatten)]
    pub output: OutputArgs,
}

#[derive(Debug, Clone, Args)]
pub struct ProbeArgs {
    /// Base URL of the agent (http:// or https://); its Agent Card is fetched from the
    /// well-known paths under it
    pub url: String,
    /// Credentials sent on task calls, as a request header 'Name: value' (repeatable)
    #[arg(long = "auth-header", value_name = "'NAME: VALUE'")]
    pub auth_headers: Vec<String>,
    /// Bearer token sent on task calls (Authorization: Bearer TOKEN)
    #[arg(
        long,
        value_name = "TOKEN",
        env = "A2A_INTEROP_BEARER",
        hide_env_values = true
    )]
    pub bearer: Option<String>,
    /// Skill whose examples drive the basic send (default: the card's first plain skill)
    #[arg(long, value_name = "SKILL_ID")]
    pub skill: Option<String>,
    /// How long each request may take to be answered, and each wait (task polling, a
    /// stream) may last: 500ms, 10s, 2m, 1h (a bare number is seconds)
    #[arg(
        long,
        value_name = "DURATION",
        default_value = "60s",
        allow_hyphen_values = true
    )]
    pub timeout: String,
    /// Stop the probe (exit 2) once the agent left this many requests in a row unanswered
    /// (no answer within --timeout, or the connection failed)
    #[arg(long, value_name = "N", default_value_t = crate::probe::transport::DEFAULT_MAX_UNANSWERED,
          value_parser = clap::value_parser!(u32).range(1..))]
    pub max_unanswered: u32,
    /// Quiet: no progress on stderr (each test as it starts, requests still waiting), and
    /// stdout has only the failed tests and the count line with the conformance level, with
    /// or without -o FILE reports (whatever --format): not every test, skip and finding
    /// (the reports keep them; --verbose prints them)
    #[arg(long, short)]
    pub quiet: bool,
    /// The text on stdout in brief, the default when stdout is a terminal: the verdict
    /// first, then each failed test on one line with the rule that failed it, the tests
    /// that missed only the probe's expectation, the findings no failed test names (errors
    /// one line each, warnings and notes counted by rule), the count line and where the
    /// recording and reports are (session 48). Every test's verdict is in --verbose, the
    /// -o reports and the recording
    #[arg(long, conflicts_with = "verbose")]
    pub brief: bool,
    /// The whole text report on stdout, the default when stdout is not a terminal (a pipe,
    /// a file, a CI log): one line per test (pass, fail, skip) and every finding in full
    /// (with -q: stderr quiet, stdout whole)
    #[arg(long)]
    pub verbose: bool,
    /// Dialect(s) to probe: auto (every one the card lists, highest first), 1.0, 0.3, or 0.2
    /// (probed as 0.3, said in a note)
    #[arg(long, default_value = "auto")]
    pub dialect: String,
    /// Binding to probe: auto, jsonrpc, http+json (also: json-rpc, rest) or grpc
    #[arg(long, default_value = "auto")]
    pub binding: String,
    /// Most requests the run may send
    #[arg(long, value_name = "N", default_value_t = 200, value_parser = clap::value_parser!(u32).range(1..))]
    pub max_requests: u32,
    /// Host the card's URLs may point at besides the probed one: exact, *.suffix or *
    /// (repeatable; SSRF guard)
    #[arg(long = "allow-host", value_name = "PATTERN")]
    pub allow_hosts: Vec<String>,
    /// Recording file (JSON Lines) of the probe's own traffic; an existing file is refused
    /// (exit 2) unless it is an earlier recording and --overwrite is given, or an earlier
    /// recording with no events (nothing to lose: replaced with a note)
    #[arg(long, value_name = "FILE.jsonl")]
    pub record: Option<PathBuf>,
    /// Replace the --record file when it holds an earlier recording (without this flag
    /// an existing recording with events is never erased: the run stops, exit 2; one with
    /// no events, its header alone, is replaced with a note)
    #[arg(long, requires = "record")]
    pub overwrite: bool,
    /// PEM file of a CA an https:// agent's certificate may chain to, besides the OS roots
    /// (SSL_CERT_FILE / SSL_CERT_DIR honoured), e.g. a self-signed agent's own certificate
    /// (repeatable)
    #[arg(long = "ca", value_name = "FILE")]
    pub ca: Vec<PathBuf>,
    /// Wait up to this long for the agent to accept connections before the run starts
    /// (an agent a CI job has just started): 500ms, 30s, 2m; without it a port that
    /// refuses connections is exit 2 at once
    #[arg(
        long = "wait-for-agent",
        value_name = "DURATION",
        allow_hyphen_values = true
    )]
    pub wait_for_agent: Option<String>,
    #[command(flatten)]
    pub output: OutputArgs,
}

/// `a2a-interop interop URL_A URL_B`.
#[derive(Debug, Clone, Args)]
pub struct InteropArgs {
    /// Base URL of agent A. Direction B->A calls A as B would (A's card, then tasks sent to
    /// A); in A->B, A's card says which interfaces A can call B over
    pub url_a: String,
    /// Base URL of agent B. Direction A->B calls B as A would (B's card, then tasks sent to
    /// B); in B->A, B's card says which interfaces B can call A over
    pub url_b: String,
    /// How long each request may take to be answered, and each wait may last: 500ms, 60s,
    /// 2m
    #[arg(
        long,
        value_name = "DURATION",
        default_value = "60s",
        allow_hyphen_values = true
    )]
    pub timeout: String,
    /// Stop a direction (exit 2) once its agent left this many requests in a row
    /// unanswered
    #[arg(long, value_name = "N", default_value_t = crate::probe::transport::DEFAULT_MAX_UNANSWERED,
          value_parser = clap::value_parser!(u32).range(1..))]
    pub max_unanswered: u32,
    /// Most requests each direction may send
    #[arg(long, value_name = "N", default_value_t = 200, value_parser = clap::value_parser!(u32).range(1..))]
    pub max_requests: u32,
    /// Host the cards' URLs may point at besides the agents' own: exact, *.suffix or *
    /// (repeatable; SSRF guard)
    #[arg(long = "allow-host", value_name = "PATTERN")]
    pub allow_hosts: Vec<String>,
    /// Quiet: no progress on stderr (each test as it starts, per direction; requests still
    /// waiting), and stdout has only the failed tests and each direction's count line with
    /// its level, not every test and finding (-o reports keep them; --verbose prints them)
    #[arg(long, short)]
    pub quiet: bool,
    /// The text on stdout in brief, the default when stdout is a terminal, as `probe
    /// --brief`: per direction the verdict first, then each failed test on one line with
    /// the rule that failed it, the findings no failed test names, the count line; then
    /// the overall level and where the recording and reports are
    #[arg(long, conflicts_with = "verbose")]
    pub brief: bool,
    /// The whole text report on stdout, the default when stdout is not a terminal: one line
    /// per test (pass, fail, skip) and every finding in full, per direction (with -q: stderr
    /// quiet, stdout whole)
    #[arg(long)]
    pub verbose: bool,
    /// Recording file (JSON Lines) of both directions (legs `A->B` and `B->A`); an existing
    /// file is refused (exit 2) unless it is an earlier recording and --overwrite is given,
    /// or an earlier recording with no events (nothing to lose: replaced with a note)
    #[arg(long, value_name = "FILE.jsonl")]
    pub record: Option<PathBuf>,
    /// Replace the --record file when it holds an earlier recording (without this flag
    /// an existing recording with events is never erased: the run stops, exit 2; one with
    /// no events, its header alone, is replaced with a note)
    #[arg(long, requires = "record")]
    pub overwrite: bool,
    /// PEM file of a CA an https:// agent's certificate may chain to, besides the OS roots
    /// (repeatable)
    #[arg(long = "ca", value_name = "FILE")]
    pub ca: Vec<PathBuf>,
    /// Wait up to this long for both agents to accept connections before the run starts
    /// (agents a CI job has just started): 500ms, 30s, 2m; without it a port that refuses
    /// connections is exit 2 at once
    #[arg(
        long = "wait-for-agent",
        value_name = "DURATION",
        allow_hyphen_values = true
    )]
    pub wait_for_agent: Option<String>,
    /// Credentials for agent A, sent on every task call to A (direction B->A), as a request
    /// header 'Name: value' (repeatable)
    #[arg(long = "auth-header-a", value_name = "'NAME: VALUE'")]
    pub auth_headers_a: Vec<String>,
    /// Bearer token for agent A (Authorization: Bearer TOKEN on calls to A)
    #[arg(
        long = "bearer-a",
        value_name = "TOKEN",
        env = "A2A_INTEROP_BEARER_A",
        hide_env_values = true
    )]
    pub bearer_a: Option<String>,
    /// Credentials for agent B, sent on every task call to B (direction A->B), as a request
    /// header 'Name: value' (repeatable)
    #[arg(long = "auth-header-b", value_name = "'NAME: VALUE'")]
    pub auth_headers_b: Vec<String>,
    /// Bearer token for agent B (Authorization: Bearer TOKEN on calls to B)
    #[arg(
        long = "bearer-b",
        value_name = "TOKEN",
        env = "A2A_INTEROP_BEARER_B",
        hide_env_values = true
    )]
    pub bearer_b: Option<String>,
    #[command(flatten)]
    pub output: OutputArgs,
}

#[derive(Debug, Clone, Args)]
pub struct ExportArgs {
    /// Recording, transcript or HAR file ("-" = stdin)
    pub file: PathBuf,
    /// HAR 1.2 file to write ("-" = stdout)
    #[arg(long, short = 'o', visible_alias = "output", value_name = "OUT.har")]
    pub har: PathBuf,
}

#[derive(Debug, Clone, Args)]
pub struct ReproArgs {
    /// Recording, transcript or HAR file ("-" = stdin)
    pub file: PathBuf,
    /// The finding: rule ID or alias, optionally @SEQ of one of its evidence events (a
    /// transcript: @LINE; a HAR file: @log.entries[N], as verify cites it)
    #[arg(long, value_name = "RULE[@SEQ]")]
    pub finding: String,
    /// Transcript to write (JSON lines, docs/transcript-format.md; "-" = stdout, then no
    /// curl script unless --curl)
    #[arg(long = "output", short = 'o', value_name = "MIN.jsonl")]
    pub output: PathBuf,
    /// Replace non-loopback host names with host-N.example.test
    #[arg(long)]
    pub anonymize: bool,
    /// Curl script to write; default: the -o path with extension .sh when -o is a
    /// regular file (none for a device such as /dev/null)
    #[arg(long, value_name = "FILE.sh")]
    pub curl: Option<PathBuf>,
}

/// A byte size as `--capture-cap` and `--queue-bytes` take it (newcomer29 N3): a count of
/// bytes (`16777216`), or a number (a decimal fraction allowed: `1.5GiB`, `1.0MiB`) with a
/// unit, case-insensitive, `_` between digits ignored: `K`/`Ki`/`KiB` 1024, `M`/`Mi`/`MiB`
/// 1024², `G`/`Gi`/`GiB` 1024³, `T`/`Ti`/`TiB` 1024⁴ (q30b: `Ki`, `Mi`, `Gi` as Kubernetes
/// writes them were refused); `KB`, `MB`, `GB`, `TB` powers of 1000; `B` bytes. A decimal
/// count of bytes (`1.5`, `0.5B`) is refused: bytes are whole.
///
/// Errors: the words for a value that is none of these, naming the forms taken.
pub fn parse_byte_size(s: &str) -> Result<usize, String> {
    let t = s.trim().replace('_', "");
    let split = t
        .find(|c: char| !(c.is_ascii_digit() || c == '.'))
        .unwrap_or(t.len());
    let (num, unit) = t.split_at(split);
    let forms = "give a count of bytes (16777216) or a size with a unit: 64MiB (or 64Mi, 64M), 512KiB, 1.5GiB; KB, MB, GB and TB are powers of 1000";
    let mult: u64 = match unit.trim().to_ascii_lowercase().as_str() {
        "" | "b" => 1,
        "k" | "ki" | "kib" => 1 << 10,
        "m" | "mi" | "mib" => 1 << 20,
        "g" | "gi" | "gib" => 1 << 30,
        "t" | "ti" | "tib" => 1 << 40,
        "kb" => 1_000,
        "mb" => 1_000_000,
        "gb" => 1_000_000_000,
        "tb" => 1_000_000_000_000,
        other => return Err(format!("unknown unit \"{other}\"; {forms}")),
    };
    if num.is_empty() {
        return Err(format!("no number; {forms}"));
    }
    let bytes = if let Ok(n) = num.parse::<u64>() {
        n.checked_mul(mult)
    } else {
        match num.parse::<f64>() {
            Ok(f) if f.is_finite() && mult > 1 => {
                let b = (f * mult as f64).round();
                (b < u64::MAX as f64).then_some(b as u64)
            }
            Ok(f) if f.is_finite() => {
                return Err(format!("\"{num}\" is not a whole number of bytes; {forms}"))
            }
            _ => return Err(format!("\"{num}\" is not a number; {forms}")),
        }
    };
    bytes
        .and_then(|b| usize::try_from(b).ok())
        .ok_or_else(|| format!("too large for this machine; {forms}"))
}

/// Generic hint of [`error_line`] for an error that carries none of its own, naming the
/// subcommand the user typed (`command`; breaker9a B24: it said `<command>` literally).
pub fn generic_hint(command: Option<&str>) -> String {
    match command {
        Some(c) => format!(
            "`a2a-interop {c} --help` lists the flags; A2A_INTEROP_LOG=debug prints more detail"
        ),
        None => "`a2a-interop --help` lists the commands; A2A_INTEROP_LOG=debug prints more detail"
            .into(),
    }
}

/// The one line an operational error is printed as (exit 2, docs/usage.md "Exit codes"):
/// `a2a-interop: <cause>; hint: <hint>`. `err` is shown with its whole chain (`{:#}`); a
/// hint written `(hint: ...)` inside the cause becomes the line's `; hint: ...`, and an
/// error without a hint gets [`generic_hint`] for `command` (the subcommand typed).
pub fn error_line(err: &anyhow::Error, command: Option<&str>) -> String {
    let msg = format!("{err:#}");
    if msg.contains("; hint: ") {
        return format!("a2a-interop: {msg}");
    }
    if let Some(i) = msg.rfind(" (hint: ") {
        if let Some(hint) = msg[i + 8..].strip_suffix(')') {
            return format!("a2a-interop: {}; hint: {hint}", &msg[..i]);
        }
    }
    format!("a2a-interop: {msg}; hint: {}", generic_hint(command))
}

/// A command-line mistake clap found (unknown flag, missing argument, bad value) as the
/// same one line as [`error_line`]: ``a2a-interop: <clap's error>; hint: <clap's tip, or the
/// usage line, or `a2a-interop <command> --help`>``, instead of clap's several lines.
/// `command`: the subcommand the user typed, when any.
pub fn usage_error_line(e: &clap::Error, command: Option<&str>) -> String {
    let args: Vec<String> = std::env::args_os()
        .skip(1)
        .map(|a| a.to_string_lossy().into_owned())
        .collect();
    if let Some(line) = negative_value_line(e, command, &args) {
        return line;
    }
    let text = e.render().to_string();
    let lines: Vec<&str> = text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect();
    let mut cause = lines
        .first()
        .unwrap_or(&"bad command line")
        .trim_start_matches("error: ")
        .to_string();
    if cause.ends_with(':') {
        // "the following required arguments were not provided:" and the list below it
        let list: Vec<String> = lines
            .iter()
            .skip(1)
            .take_while(|l| !l.starts_with("Usage: ") && !l.starts_with("For more"))
            .map(|l| every_spelling(l, command))
            .collect();
        cause = format!("{} {}", cause, list.join(", "));
    }
    let tip = lines
        .iter()
        .find_map(|l| l.strip_prefix("tip: "))
        .map(str::to_string);
    let usage = lines
        .iter()
        .find_map(|l| l.strip_prefix("Usage: "))
        .map(|u| format!("usage: {u}; --help lists the flags"));
    // clap's "to pass '--x' as a value, use '-- --x'" for a flag the command does not have
    // turns the flag into a positional URL: say the command has no such flag instead
    // (breaker8 G20), and which command has it.
    let tip = match (unknown_flag_hint(e, command), tip) {
        (Some(h), t) if t.as_deref().is_none_or(|t| t.starts_with("to pass ")) => Some(h),
        (_, t) => t,
    };
    // A word where the command takes none, or one more than it takes: what it was likely
    // meant for (ux36: `proxy http://agent:9999` and `verify rec.jsonl report.md` got the
    // usage line alone).
    let tip = tip.or_else(|| stray_positional_hint(e, command, &args));
    let tip = tip.or_else(|| missing_file_hint(e, command, usage.as_deref()));
    // A value not among a flag's values (`--format yaml`): the values, which clap's
    // several-line error showed on a line of its own (ux20 N6).
    // clap's "a similar value exists" guesses by spelling alone: `--format xml` got
    // 'html', though JUnit XML is `junit` (newcomer21 N14); the values are listed with it.
    let xml = matches!(
        e.get(clap::error::ContextKind::InvalidValue),
        Some(clap::error::ContextValue::String(v)) if v.eq_ignore_ascii_case("xml")
    );
    let tip = match (possible_values(e), tip) {
        (Some(values), _) if xml && values.contains("junit") => {
            Some(format!("{values} (JUnit XML is `junit`)"))
        }
        (Some(values), Some(t)) => Some(format!("{values} ({t})")),
        (Some(values), None) => Some(values),
        (None, t) => t,
    };
    // A command other tools have and this one spells differently (newcomer21 N13).
    let tip = tip.or_else(|| subcommand_alias_hint(e));
    let hint = tip.or(usage).unwrap_or_else(|| match command {
        Some(c) => format!("`a2a-interop {c} --help` lists the flags"),
        None => "`a2a-interop --help` lists the commands".to_string(),
    });
    format!("a2a-interop: {cause}; hint: {hint}")
}

/// A negative number given to a flag that counts (`--max-unanswered -1`, `--shutdown-grace
/// -1`, `--shutdown-grace=-1`, as "no limit" or "forever" is written elsewhere): one line
/// naming the flag and its value, `a2a-interop: --shutdown-grace takes no negative number
/// (it got -1); hint: `a2a-interop proxy --help` says what it takes`. clap read `-1` after a space as a flag ("unexpected argument
/// '-1' found"; its tip, "to pass '-1' as a value, use '-- -1'", makes it a positional) and
/// after `=` said "invalid digit found in string" (newcomer44). `args`: the command line
/// after the program's name. `None` for any other error.
fn negative_value_line(e: &clap::Error, command: Option<&str>, args: &[String]) -> Option<String> {
    use clap::error::{ContextKind, ContextValue, ErrorKind};
    let negative = |v: &str| {
        v.strip_prefix('-')
            .is_some_and(|n| !n.is_empty() && n.parse::<f64>().is_ok())
    };
    let (flag, value) = match e.kind() {
        ErrorKind::InvalidValue | ErrorKind::ValueValidation => {
            let ContextValue::String(v) = e.get(ContextKind::InvalidValue)? else {
                return None;
            };
            let ContextValue::String(arg) = e.get(ContextKind::InvalidArg)? else {
                return None;
            };
            if !negative(v) || !arg.starts_with('-') {
                return None;
            }
            // `--shutdown-grace <SECS>`: the flag alone
            let flag = arg.split_whitespace().next()?.to_string();
            (flag, v.clone())
        }
        ErrorKind::UnknownArgument => {
            let ContextValue::String(v) = e.get(ContextKind::InvalidArg)? else {
                return None;
            };
            if !negative(v) {
                return None;
            }
            // the word before it, when that is a flag of this command that takes a value
            let at = args.iter().position(|a| a == v)?;
            let prev = args.get(at.checked_sub(1)?)?;
            let long = prev.strip_prefix("--")?;
            let cli = <Cli as clap::CommandFactory>::command();
            let sub = cli.find_subcommand(command?)?;
            let arg = sub.get_arguments().find(|a| a.get_long() == Some(long))?;
            if !arg.get_action().takes_values() {
                return None;
            }
            (prev.clone(), v.clone())
        }
        _ => return None,
    };
    let help = match command {
        Some(c) => format!("`a2a-interop {c} --help` says what it takes"),
        None => "`a2a-interop --help` lists the commands".to_string(),
    };
    Some(format!(
        "a2a-interop: {flag} takes no negative number (it got {value}); hint: {help}"
    ))
}

/// A required argument as clap lists it missing (`--har <OUT.har>`) with every spelling
/// the subcommand `command` takes for it: `-o/--har/--output <OUT.har>` (review29b: the error
/// named `--har` alone, though `-o` works). Anything else is returned as it is.
fn every_spelling(item: &str, command: Option<&str>) -> String {
    use clap::CommandFactory;
    let Some(rest) = item.strip_prefix("--") else {
        return item.to_string();
    };
    let (long, value) = rest.split_once(' ').unwrap_or((rest, ""));
    let root = Cli::command();
    let Some(arg) = command
        .and_then(|c| root.find_subcommand(c))
        .and_then(|sub| sub.get_arguments().find(|a| a.get_long() == Some(long)))
    else {
        return item.to_string();
    };
    let mut names: Vec<String> = arg
        .get_short()
        .map(|c| format!("-{c}"))
        .into_iter()
        .collect();
    names.push(format!("--{long}"));
    names.extend(
        arg.get_visible_aliases()
            .into_iter()
            .flatten()
            .map(|a| format!("--{a}")),
    );
    if value.is_empty() {
        names.join("/")
    } else {
        format!("{} {value}", names.join("/"))
    }
}

/// For an unknown subcommand another tool's habit suggests (`explain RULE`, `rule`,
/// `describe`): the command that does it here. `None` for other errors and names.
fn subcommand_alias_hint(e: &clap::Error) -> Option<String> {
    use clap::error::{ContextKind, ContextValue, ErrorKind};
    if e.kind() != ErrorKind::InvalidSubcommand {
        return None;
    }
    let ContextValue::String(name) = e.get(ContextKind::InvalidSubcommand)? else {
        return None;
    };
    match name.to_ascii_lowercase().as_str() {
        "explain" | "describe" | "rule" | "show" | "info" | "why" => Some(
            "`a2a-interop rules RULE` explains a rule (its requirement, what it checks, how to fix it); `a2a-interop rules` lists them all".into(),
        ),
        "check" | "validate" | "lint" | "test" => Some(
            "`a2a-interop verify FILE` checks a recording, HAR or transcript; `a2a-interop probe URL` tests a running agent".into(),
        ),
        _ => None,
    }
}

/// For a value a flag does not take (`--format yaml`): `possible values: text, json, ...`.
/// `None` for other errors and for flags with free values.
fn possible_values(e: &clap::Error) -> Option<String> {
    use clap::error::{ContextKind, ContextValue, ErrorKind};
    if e.kind() != ErrorKind::InvalidValue {
        return None;
    }
    match e.get(ContextKind::ValidValue)? {
        ContextValue::Strings(v) if !v.is_empty() => {
            Some(format!("possible values: {}", v.join(", ")))
        }
        _ => None,
    }
}

/// The hint for `verify`, `report`, `export` or `repro` run without its FILE, as when
/// traffic is piped in (`cat rec.jsonl | a2a-interop verify`): `-` reads standard input,
/// with the command as typed and `usage`, clap's usage line (newcomer55 N3: the usage line
/// alone did not say `-` exists). `None` for any other error.
fn missing_file_hint(
    e: &clap::Error,
    command: Option<&str>,
    usage: Option<&str>,
) -> Option<String> {
    use clap::error::{ContextKind, ContextValue, ErrorKind};
    if e.kind() != ErrorKind::MissingRequiredArgument {
        return None;
    }
    let missing = match e.get(ContextKind::InvalidArg)? {
        ContextValue::Strings(v) => v.clone(),
        ContextValue::String(s) => vec![s.clone()],
        _ => return None,
    };
    if !missing.iter().any(|m| m.starts_with("<FILE>")) {
        return None;
    }
    let rest = match command? {
        "verify" => "",
        "report" => " -o report.md",
        "export" => " -o session.har",
        "repro" => " --finding RULE-ID -o min.jsonl",
        _ => return None,
    };
    let c = command?;
    Some(format!(
        "give the recording, transcript or HAR file; `-` reads it from standard input: cat session.jsonl | a2a-interop {c} -{rest}{}",
        usage.map(|u| format!("; {u}")).unwrap_or_default()
    ))
}

/// For an unknown flag of `command`, long or short: "`interop` has no --dialect (probe has
/// it); see `a2a-interop interop --help`", "`verify` has no -q (proxy, probe, interop
/// have it); ..." (ux33: a short flag got clap's "to pass '-q' as a value, use '-- -q'").
/// `None` for other errors and no command.
/// The hint for a positional word a command does not take (clap's `unexpected argument
/// 'X' found` for a word that is no flag), by command: `proxy URL` names `--upstream URL`
/// (the proxy takes its agent by flag, `probe` by position); a second file to `report`,
/// `export` or `repro` (`verify` takes several: app/verify_batch.rs) is a report path meant for `-o` when its extension is a
/// report's, else a second input (one file per run), and a rule ID after `repro`'s file is
/// the value of its `--finding`; a second URL to `probe` points at `interop`. `None` for
/// anything else (clap's usage line then). `args`: the words after the program name, for
/// the next run's command ([`next_run`]).
fn stray_positional_hint(
    e: &clap::Error,
    command: Option<&str>,
    args: &[String],
) -> Option<String> {
    use clap::error::{ContextKind, ContextValue, ErrorKind};
    if e.kind() != ErrorKind::UnknownArgument {
        return None;
    }
    let arg = match e.get(ContextKind::InvalidArg)? {
        ContextValue::String(s) if !s.starts_with('-') && !s.is_empty() => s.clone(),
        _ => return None,
    };
    let url_like = arg.contains("://") || arg.parse::<std::net::SocketAddr>().is_ok();
    let quoted = crate::app::sh_word(&arg);
    match command? {
        "proxy" if url_like => {
            let url = if arg.contains("://") {
                quoted
            } else {
                crate::app::sh_word(&format!("http://{arg}"))
            };
            Some(format!(
                "the proxy takes its agent's URL as a flag: a2a-interop proxy --upstream {url} (--route /PREFIX=URL for several agents; --forward for a forward proxy)"
            ))
        }
        "probe" if url_like => Some(format!(
            "probe takes one agent; to run two agents against each other: a2a-interop interop URL_A {quoted}"
        )),
        // `repro FILE GW-SSE-001 -o min.jsonl`: the finding is a flag's value, not a second
        // file (newcomer45 N5: the hint said to run `repro GW-SSE-001` for "the next" file)
        "repro"
            if crate::verify::rules::lookup(arg.split('@').next().unwrap_or(&arg)).is_some() =>
        {
            Some(format!(
                "{quoted} is a rule: repro takes it as --finding {quoted} (a2a-interop repro FILE --finding {quoted} -o MIN.jsonl)"
            ))
        }
        c @ ("report" | "export" | "repro") => {
            let ext = std::path::Path::new(&arg)
                .extension()
                .and_then(|x| x.to_str())
                .map(str::to_ascii_lowercase);
            let report_ext = ext.as_deref().is_some_and(|x| {
                ["md", "markdown", "html", "htm", "json", "xml", "sarif", "txt", "har", "sh"]
                    .contains(&x)
            });
            if report_ext {
                Some(format!(
                    "{c} reads one traffic file; to write to {quoted}, give it after -o: -o {quoted}"
                ))
            } else {
                let (rest, out) = next_run(c, &arg, args);
                let own = out
                    .map(|o| format!(" (its own -o: the first run writes {})", crate::app::sh_word(&o)))
                    .unwrap_or_default();
                Some(format!(
                    "{c} reads one file per run: run a2a-interop {c} {quoted}{rest} for the next one{own}"
                ))
            }
        }
        _ => None,
    }
}

/// The flags of `command`'s run in `args` (the words after the program name) for its run
/// on the second file `second`: every word after the command but its files, each output
/// path (`-o`, `--output`, `--har`, `--curl`) renamed for the second file (`r.xml` and
/// `pair.jsonl` give `r-pair.xml`), so the next run neither fails for want of a required
/// flag (`repro`'s `--finding` and `-o`, `export`'s `-o`) nor writes over the first run's
/// output (newcomer56: `repro a.jsonl b.jsonl --finding X -o min.jsonl` was told to run
/// `a2a-interop repro b.jsonl`, which clap refuses). Returns the flags as one string, each
/// word after a space, and the first output path renamed, if any.
fn next_run(command: &str, second: &str, args: &[String]) -> (String, Option<String>) {
    let cli = <Cli as clap::CommandFactory>::command();
    let Some(sub) = cli.find_subcommand(command) else {
        return (String::new(), None);
    };
    let takes_value = |word: &str| -> bool {
        let found = if let Some(long) = word.strip_prefix("--") {
            sub.get_arguments().find(|a| {
                a.get_long() == Some(long)
                    || a.get_all_aliases().is_some_and(|al| al.contains(&long))
            })
        } else {
            let mut cs = word.chars().skip(1);
            match (cs.next(), cs.next()) {
                (Some(c), None) => sub.get_arguments().find(|a| a.get_short() == Some(c)),
                _ => None,
            }
        };
        found.is_some_and(|a| a.get_action().takes_values())
    };
    let is_output = |word: &str| {
        let name = word.split('=').next().unwrap_or(word);
        matches!(name, "-o" | "--output" | "--har" | "--curl")
    };
    let renamed = |path: &str| -> String {
        let p = std::path::Path::new(path);
        let stem = p.file_stem().and_then(|x| x.to_str()).unwrap_or("out");
        let tag = std::path::Path::new(second)
            .file_stem()
            .and_then(|x| x.to_str())
            .unwrap_or("next");
        let name = match p.extension().and_then(|x| x.to_str()) {
            Some(ext) => format!("{stem}-{tag}.{ext}"),
            None => format!("{stem}-{tag}"),
        };
        match p.parent().filter(|d| !d.as_os_str().is_empty()) {
            Some(d) => d.join(name).to_string_lossy().into_owned(),
            None => name,
        }
    };
    // a word as a shell reads it back (sh_word writes `./-x` for a path that starts with
    // `-`, right for a file, not for a flag or a value such as `-1`)
    let q = |w: &str| -> String {
        if w.starts_with('-') {
            w.to_string()
        } else {
            crate::app::sh_word(w)
        }
    };
    let start = args.iter().position(|a| a == command).map_or(0, |i| i + 1);
    let mut out: Vec<String> = Vec::new();
    let mut first_output: Option<String> = None;
    let mut words = args[start.min(args.len())..].iter();
    while let Some(w) = words.next() {
        if w == "--" {
            break;
        }
        if !w.starts_with('-') || w == "-" {
            continue; // a file: the first run's or the second
        }
        if let Some((flag, value)) = w.split_once('=').filter(|_| w.starts_with("--")) {
            if is_output(flag) {
                first_output.get_or_insert_with(|| value.to_string());
                out.push(format!("{flag}={}", crate::app::sh_word(&renamed(value))));
            } else {
                out.push(format!("{flag}={}", q(value)));
            }
            continue;
        }
        out.push(q(w));
        if takes_value(w) {
            if let Some(v) = words.next() {
                if is_output(w) {
                    first_output.get_or_insert_with(|| v.clone());
                    out.push(crate::app::sh_word(&renamed(v)));
                } else {
                    out.push(q(v));
                }
            }
        }
    }
    let rest: String = out.iter().map(|w| format!(" {w}")).collect();
    (rest, first_output)
}

fn unknown_flag_hint(e: &clap::Error, command: Option<&str>) -> Option<String> {
    use clap::error::{ContextKind, ContextValue, ErrorKind};
    if e.kind() != ErrorKind::UnknownArgument {
        return None;
    }
    let command = command?;
    let arg = match e.get(ContextKind::InvalidArg)? {
        ContextValue::String(s) => s.clone(),
        _ => return None,
    };
    let (long, short) = match arg.strip_prefix("--") {
        Some(l) => (Some(l.split_once('=').map_or(l, |(n, _)| n)), None),
        None => {
            let mut cs = arg.strip_prefix('-')?.chars();
            match (cs.next(), cs.next()) {
                // `-5` may be a value meant for a positional: clap's tip fits that
                (Some(c), None) if !c.is_ascii_digit() => (None, Some(c)),
                _ => return None,
            }
        }
    };
    if long.is_some_and(str::is_empty) {
        return None;
    }
    let cli = <Cli as clap::CommandFactory>::command();
    let has: Vec<String> = cli
        .get_subcommands()
        .filter(|c| c.get_name() != command)
        .filter(|c| {
            c.get_arguments().any(|a| match (long, short) {
                (Some(l), _) => a.get_long() == Some(l),
                (None, s) => s.is_some() && a.get_short() == s,
            })
        })
        .map(|c| c.get_name().to_string())
        .collect();
    let flag = match (long, short) {
        (Some(l), _) => format!("--{l}"),
        (None, Some(c)) => format!("-{c}"),
        (None, None) => return None,
    };
    let elsewhere = match has.as_slice() {
        [] => String::new(),
        [one] => format!(" ({one} has it)"),
        many => format!(" ({} have it)", many.join(", ")),
    };
    Some(format!(
        "`{command}` has no {flag}{elsewhere}; see `a2a-interop {command} --help`"
    ))
}

/// The refusal of a path the shell left with its `~` (exit 2 before the command runs), for
/// the arguments `args` as typed after the program name, or `None` when there is none.
///
/// A shell expands `~` and `~user` only at the start of a word and outside quotes: in
/// `--record=~/runs/x.jsonl` or `-o "~/r.md"` the tool gets the `~` itself, and a directory
/// named `~` would be made in the current directory (newcomer29 N7), where a later `rm -r ~`
/// takes the home directory instead. Every path-valued flag and positional (clap's value
/// hint: a `PathBuf` argument) whose value starts with `~/`, `~`, `~user/` or `~user` is
/// refused naming the flag exactly as typed (`--record=`, `-o`, `--output`; review29b: it
/// said `--flag`) and the path to type instead, expanded (`$HOME`, or the user's home
/// directory from /etc/passwd). A `~` or `~user` entry that exists in the current
/// directory is taken as the file the user means, and so is a `~name` without a `/` when
/// this machine has no user `name` (`-o ~notes.md`: the shell passes it as typed too, and
/// no directory is made).
pub fn unexpanded_tilde(args: &[String]) -> Option<String> {
    use clap::CommandFactory;
    let root = Cli::command();
    let mut cmd = &root;
    let mut i = 0;
    // the subcommand path (`ca init`)
    while let Some(sub) = args.get(i).and_then(|a| cmd.find_subcommand(a)) {
        cmd = sub;
        i += 1;
    }
    let is_path = |a: &clap::Arg| {
        matches!(
            a.get_value_hint(),
            clap::ValueHint::AnyPath | clap::ValueHint::FilePath | clap::ValueHint::DirPath
        )
    };
    let takes_value = |a: &clap::Arg| a.get_num_args().is_none_or(|n| n.takes_values());
    let positionals: Vec<&clap::Arg> = cmd.get_positionals().collect();
    let mut positional = 0;
    let mut only_positionals = false;
    while i < args.len() {
        let tok = &args[i];
        i += 1;
        // (the flag as typed, whether `=` joined it, whether the value was a word of its
        // own, the arg, the value)
        let (typed, joined, apart, arg, value): (String, bool, bool, Option<&clap::Arg>, &str) =
            if only_positionals || !tok.starts_with('-') || tok == "-" {
                let arg = positionals.get(positional).copied();
                // the last positional may take several values (`rules [RULE]...`)
                let many = |a: &clap::Arg| a.get_num_args().is_some_and(|n| n.max_values() > 1);
                if arg.is_some_and(|a| !many(a) || positional + 1 < positionals.len()) {
                    positional += 1;
                }
                (String::new(), false, false, arg, tok.as_str())
            } else if tok == "--" {
                only_positionals = true;
                continue;
            } else if let Some(long) = tok.strip_prefix("--") {
                let (name, value) = match long.split_once('=') {
                    Some((n, v)) => (n, Some(v)),
                    None => (long, None),
                };
                let arg = cmd.get_arguments().find(|a| {
                    a.get_long() == Some(name)
                        || a.get_all_aliases().into_iter().flatten().any(|x| x == name)
                });
                let Some(arg) = arg.filter(|a| takes_value(a)) else {
                    continue;
                };
                match value {
                    Some(v) => (format!("--{name}"), true, false, Some(arg), v),
                    None => match args.get(i) {
                        Some(v) => {
                            i += 1;
                            (format!("--{name}"), false, true, Some(arg), v.as_str())
                        }
                        None => continue,
                    },
                }
            } else {
                // `-o VALUE`, `-oVALUE`, `-o=VALUE`
                let mut chars = tok[1..].chars();
                let Some(c) = chars.next() else { continue };
                let Some(arg) = cmd
                    .get_arguments()
                    .find(|a| a.get_short() == Some(c))
                    .filter(|a| takes_value(a))
                else {
                    continue;
                };
                let rest = chars.as_str();
                if rest.is_empty() {
                    match args.get(i) {
                        Some(v) => {
                            i += 1;
                            (format!("-{c}"), false, true, Some(arg), v.as_str())
                        }
                        None => continue,
                    }
                } else if let Some(v) = rest.strip_prefix('=') {
                    (format!("-{c}"), true, false, Some(arg), v)
                } else {
                    (format!("-{c}"), false, false, Some(arg), rest)
                }
            };
        let Some(arg) = arg.filter(|a| is_path(a)) else {
            continue;
        };
        if let Some(msg) = tilde_refusal(&typed, joined, apart, arg, value) {
            return Some(msg);
        }
    }
    None
}

/// [`unexpanded_tilde`]'s words for one value, `None` when it has no `~` prefix or names
/// an entry of the current directory.
fn tilde_refusal(
    typed: &str,
    joined: bool,
    apart: bool,
    arg: &clap::Arg,
    value: &str,
) -> Option<String> {
    let rest = value.strip_prefix('~')?;
    let (user, tail) = match rest.split_once('/') {
        Some((u, t)) => (u, Some(t)),
        None => (rest, None),
    };
    if !user
        .chars()
        .all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '_' | '-'))
    {
        return None;
    }
    // a file or directory really named `~` (or `~bob`) here is what the user means
    if std::path::Path::new(&format!("~{user}"))
        .symlink_metadata()
        .is_ok()
    {
        return None;
    }
    let home = if user.is_empty() {
        std::env::var("HOME").ok().filter(|h| !h.is_empty())
    } else {
        home_of(user)
    };
    let join = |base: &str| match tail {
        Some(t) if !t.is_empty() => format!("{}/{t}", base.trim_end_matches('/')),
        _ => base.to_string(),
    };
    // `--record=~/x` (joined), `-o~/x` (attached): not at the start of a word
    let glued = joined || (!typed.is_empty() && !typed.starts_with("--") && !apart);
    let as_typed = match (typed.is_empty(), joined, glued) {
        (true, _, _) => format!("{} {value}", shown(typed, arg)),
        (false, true, _) => format!("{typed}={value}"),
        (false, false, true) => format!("{typed}{value}"),
        (false, false, false) => format!("{typed} {value}"),
    };
    let expanded = match (&home, user.is_empty()) {
        (Some(h), _) => join(h),
        (None, true) => join("$HOME"),
        // `-o ~notes.md`: no user of that name, so the shell too passes it as typed, and a
        // file of that name here is all it can mean (no directory `~notes.md` is made):
        // taken (review30b: refused as "the home directory of user notes.md")
        (None, false) if tail.is_none() => return None,
        (None, false) => {
            return Some(format!(
                "{as_typed}: `~{user}` would be the home directory of user {user}, whom this machine does not know (the shell left it as it is); give the path without `~{user}`, or write ./{value} for a directory named `~{user}` here"
            ))
        }
    };
    let (what, whose) = if user.is_empty() {
        ("`~`".to_string(), "your home directory".to_string())
    } else {
        (
            format!("`~{user}`"),
            format!("the home directory of {user}"),
        )
    };
    let lead = if typed.is_empty() {
        String::new()
    } else {
        format!("{typed} ")
    };
    let (why, instead) = if glued {
        (
            format!(
                "it expands one only at the start of a word: not after `{typed}{}`, nor inside quotes",
                if joined { "=" } else { "" }
            ),
            format!("`{lead}{value}` (the flag and the path apart)"),
        )
    } else {
        (
            "it expands one only outside quotes".to_string(),
            format!("`{lead}{value}` without quotes"),
        )
    };
    Some(format!(
        "{as_typed}: {value} starts with a {what} the shell did not expand ({why}), so it would name a directory {what} in the current directory, not {whose}; type {instead} or `{lead}{expanded}`"
    ))
}

/// How an argument is named in [`tilde_refusal`]: the flag as typed, or `<FILE>` for a
/// positional.
fn shown(typed: &str, arg: &clap::Arg) -> String {
    if !typed.is_empty() {
        return typed.to_string();
    }
    arg.get_value_names()
        .and_then(|n| n.first())
        .map(|n| format!("<{n}>"))
        .unwrap_or_else(|| format!("<{}>", arg.get_id().as_str().to_ascii_uppercase()))
}

/// The home directory of `user` from /etc/passwd (`name:x:uid:gid:gecos:home:shell`), as
/// the shell's `~user` would expand it; `None` when there is no such user or file.
fn home_of(user: &str) -> Option<String> {
    let passwd = std::fs::read_to_string("/etc/passwd").ok()?;
    passwd.lines().find_map(|l| {
        let f: Vec<&str> = l.split(':').collect();
        (f.len() >= 6 && f[0] == user && !f[5].is_empty()).then(|| f[5].to_string())
    })
}

#[cfg(test)]
mod byte_size_tests {
    use super::parse_byte_size;

    #[test]
    fn sizes_take_counts_and_units() {
        assert_eq!(parse_byte_size("16777216"), Ok(16_777_216));
        assert_eq!(parse_byte_size("64MiB"), Ok(64 << 20));
        assert_eq!(parse_byte_size("64m"), Ok(64 << 20));
        assert_eq!(parse_byte_size("64MB"), Ok(64_000_000));
        assert_eq!(parse_byte_size("1.5GiB"), Ok(3 << 29));
        assert_eq!(parse_byte_size("512 KiB"), Ok(512 << 10));
        assert_eq!(parse_byte_size("1_000"), Ok(1000));
        assert_eq!(parse_byte_size("100b"), Ok(100));
        assert!(parse_byte_size("10x")
            .unwrap_err()
            .contains("unknown unit \"x\""));
        assert!(parse_byte_size("MiB").unwrap_err().starts_with("no number"));
        assert!(parse_byte_size("1.5")
            .unwrap_err()
            .contains("not a whole number of bytes"));
        assert!(parse_byte_size("1.2.3M")
            .unwrap_err()
            .contains("is not a number"));
        assert!(parse_byte_size("99999999999GiB").is_err());
    }

    /// q30b (review29b): decimals (`1.0MiB`, `1.5M`) and the suffixes without a trailing B
    /// (`Ki`, `Mi`, `Gi`, as Kubernetes quantities write them) are taken; a decimal count of
    /// bytes is refused saying why.
    #[test]
    fn sizes_take_decimals_and_binary_suffixes_without_b() {
        assert_eq!(parse_byte_size("1.0MiB"), Ok(1 << 20));
        assert_eq!(parse_byte_size("1.5M"), Ok(3 << 19));
        assert_eq!(parse_byte_size("512Ki"), Ok(512 << 10));
        assert_eq!(parse_byte_size("64Mi"), Ok(64 << 20));
        assert_eq!(parse_byte_size("1Gi"), Ok(1 << 30));
        assert_eq!(parse_byte_size("0.5gi"), Ok(1 << 29));
        assert_eq!(
            parse_byte_size("16MiB"),
            Ok(crate::record::DEFAULT_CAPTURE_CAP)
        );
        let e = parse_byte_size("0.5B").unwrap_err();
        assert!(e.contains("\"0.5\" is not a whole number of bytes"), "{e}");
        assert!(e.contains("64Mi"), "{e}");
    }
}

#[cfg(test)]
mod error_line_tests {
    use super::*;

    #[test]
    fn every_error_line_has_one_cause_and_one_hint() {
        let e = anyhow::anyhow!("--timeout \"1h\" has an unknown unit; hint: use ms, s or m");
        assert_eq!(
            error_line(&e, Some("probe")),
            "a2a-interop: --timeout \"1h\" has an unknown unit; hint: use ms, s or m"
        );
        let e = anyhow::anyhow!("x applies to https:// upstreams (hint: --upstream https://H)");
        assert_eq!(
            error_line(&e, Some("proxy")),
            "a2a-interop: x applies to https:// upstreams; hint: --upstream https://H"
        );
        let e = anyhow::anyhow!("disk on fire").context("cannot write report r.json");
        assert_eq!(
            error_line(&e, Some("report")),
            "a2a-interop: cannot write report r.json: disk on fire; hint: `a2a-interop report --help` lists the flags; A2A_INTEROP_LOG=debug prints more detail"
        );
        assert_eq!(
            error_line(&e, None),
            "a2a-interop: cannot write report r.json: disk on fire; hint: `a2a-interop --help` lists the commands; A2A_INTEROP_LOG=debug prints more detail"
        );
    }
}

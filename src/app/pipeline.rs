/*!
In-process pipeline: proxy ─► recorder ─► verifier, wired together (the app is the only
module that sees every layer).

```text
 proxy (tokio) ──EventSink──► recorder thread ──on_event──► channel ──► verifier thread
                                    └─► JSONL file                         └─► stderr lines
```

Forwarding never waits on verification: the recorder hands the events of each of its
rounds, by value, as one batch to a verifier thread over an unbounded channel, so a slow
rule delays only the findings, never the traffic or the file. The verifier thread blocks
on that channel (no polling): it wakes at most once per recorder round, and the
recorder, not the proxy's tokio workers, pays that wake-up. A round is everything queued
after the recorder's 1 ms linger ([`crate::record::writer::BATCH_LINGER`]): a whole small
exchange when requests are sparse, about a millisecond of traffic under load, so neither
thread is woken per event and a finding reaches stderr about a millisecond after its
traffic. Each finding is printed (unless
quiet) and sent back to the recorder as a `finding` event, kept with the traffic; findings
made after the recorder closed (those of `Verifier::finish`) are only in the outcome.
*/

use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;
use std::sync::Arc;
use std::thread::JoinHandle;

use anyhow::Context as _;

use crate::proxy::{self, ProxyConfig, ProxyHandle};
use crate::record::writer::{
    spawn_recorder_batched_reusing, BatchSpares, EventSink, Recorder, RecorderConfig, RecorderStats,
};
use crate::record::{CaptureMode, Event, EventKind, ExchangeId, Headers, Outcome, RecordingHeader};
use crate::verify::{Finding, Severity, Verifier, VerifyOutcome};

/// What to run.
#[derive(Clone, Debug)]
pub struct PipelineConfig {
    /// The proxy (listen address, routes, card rewrite, capture cap, leg).
    pub proxy: ProxyConfig,
    /// Recording file; `None` = verify only.
    pub record: Option<PathBuf>,
    /// `--overwrite`: an earlier recording at `record` may be replaced
    /// ([`crate::record::writer::check_overwrite`]).
    pub overwrite: bool,
    /// Redact secrets in the recording (default on; `--no-redact` turns it off).
    pub redact: bool,
    /// Wait for the recorder instead of dropping events when its queue is full.
    pub lossless: bool,
    /// Recorder queue bound, bytes of body data.
    pub queue_bytes: usize,
    /// Print each finding on stderr as it happens (`error[RULE-ID] e12: message`).
    pub print_findings: bool,
}

/// What a finished run produced.
#[derive(Debug)]
pub struct RunOutcome {
    /// The recording header (also the first line of the file).
    pub header: RecordingHeader,
    /// The recording file, if one was written.
    pub recording: Option<PathBuf>,
    /// Everything the verifier concluded.
    pub verify: VerifyOutcome,
    /// Recorder totals (events, bytes, drops, write error).
    pub recorder: RecorderStats,
    /// Some exchange reached the upstream: it ended otherwise than `upstream_error` (the
    /// proxy's own answer for a request no upstream answered). `false` for a run whose
    /// every exchange the proxy answered itself, which `verify` of its recording calls
    /// "nothing was verified" (and for a run without exchanges).
    pub reached_upstream: bool,
    /// The statuses of the proxy's own answers (`synthetic` response heads) in the run,
    /// distinct, in the order first seen, at most 8: what the stop's line says the proxy
    /// answered a run that never reached its agent with (`502`; `404` for paths no route
    /// takes; a forward proxy's `403` / `400` refusals).
    pub own_statuses: Vec<u16>,
}

/// What the recorder thread hands the verifier thread after each round.
enum Handoff {
    /// The round's events (recorded), with their [`batch_bytes`].
    Batch(Vec<Event>, usize),
    /// A round recorded but not handed over: the verifier was `behind` bytes behind
    /// ([`verifier_backlog_limit`]); `started` the exchange ids whose `request_head` was in
    /// it ([`crate::verify::Verifier::events_not_fed`]).
    Skipped {
        events: usize,
        behind: usize,
        started: Vec<String>,
    },
}

/// Bytes counted per event in [`batch_bytes`] besides its body: the event itself, its
/// header list and ids (~200 bytes and more).
const EVENT_OVERHEAD: usize = 512;

/// The bytes a batch holds while it waits for the verifier: its bodies plus
/// [`EVENT_OVERHEAD`] per event.
fn batch_bytes(batch: &[Event]) -> usize {
    batch
        .iter()
        .map(|e| EVENT_OVERHEAD + crate::record::writer::body_len(&e.kind))
        .sum()
}

/// The default of [`verifier_backlog_limit`]: 256 MiB.
pub const VERIFIER_BACKLOG_BYTES: usize = 256 * 1024 * 1024;

/// How many bytes of recorded events ([`batch_bytes`]) may wait for the online verifier
/// before the pipeline skips whole rounds of them (issue 7: memory stays bounded when the
/// verifier thread cannot keep up): [`VERIFIER_BACKLOG_BYTES`], or the environment's
/// `A2A_INTEROP_VERIFIER_BACKLOG` (bytes; `0` skips every round the verifier is not done
/// with, which the tests use to make the verifier fall behind on purpose). A skipped
/// round is still recorded and forwarded: only the live verdicts on it are missing.
pub fn verifier_backlog_limit() -> usize {
    std::env::var("A2A_INTEROP_VERIFIER_BACKLOG")
        .ok()
        .and_then(|v| v.trim().parse().ok())
        .unwrap_or(VERIFIER_BACKLOG_BYTES)
}

/// A running pipeline.
pub struct Pipeline {
    proxy: ProxyHandle,
    /// Further listeners (`--listener`, gateway verification), same recording.
    extra: Vec<ProxyHandle>,
    recorder: Recorder,
    sink: EventSink,
    verifier: JoinHandle<(VerifyOutcome, bool, Vec<u16>)>,
    header: RecordingHeader,
    recording: Option<PathBuf>,
    /// Events handed to the verifier thread and not yet fed to it.
    verifier_backlog: Arc<AtomicUsize>,
    /// Set: the verifier thread drops what it has not verified yet ([`Self::stop_verifying`]).
    stop_verifying: Arc<AtomicBool>,
    /// [`proxy::ProxyExtras::also_ipv6_loopback`]: `Ok([::1]:PORT)` also listened on (its
    /// handle follows the further listeners' in `extra`), or why it could not be bound;
    /// `None`: not asked.
    ipv6_loopback: Option<Result<SocketAddr, String>>,
    /// The same per further listener, in the order of [`proxy::ProxyExtras::more`]
    /// (`--listener LEG@localhost:PORT=URL`, ux39); their handles follow the main one's
    /// `[::1]` twin in `extra`.
    more_ipv6_loopback: Vec<Option<Result<SocketAddr, String>>>,
}

/// Binds `addr`; with `also_ipv6_loopback` (the address was given as `localhost:PORT`,
/// [`crate::app::proxy_cmd::listens_on_localhost`]) and `addr` on loopback, binds
/// `[::1]` too, on the port `addr` got (the OS's pick when PORT is 0): both addresses
/// `localhost` names, so a client that resolves it to `::1` first and does not fall back
/// (Node.js before 20) connects. The one place `proxy --listen`, `proxy --listener` and
/// `demo --agent-only --listen` bind such an address (uxb38, ux39).
///
/// Returns the first listener and, when asked, the `[::1]` one or why it could not be
/// bound (IPv6 off, the port taken there): said by the caller, not fatal.
///
/// # Errors
/// `addr` itself cannot be bound.
pub async fn bind_localhost(
    addr: SocketAddr,
    also_ipv6_loopback: bool,
) -> std::io::Result<(
    tokio::net::TcpListener,
    Option<Result<tokio::net::TcpListener, String>>,
)> {
    let l = tokio::net::TcpListener::bind(addr).await?;
    let port = l.local_addr()?.port();
    if !(also_ipv6_loopback && addr.ip().is_loopback()) {
        return Ok((l, None));
    }
    let a6 = SocketAddr::from((std::net::Ipv6Addr::LOCALHOST, port));
    let l6 = tokio::net::TcpListener::bind(a6)
        .await
        .map_err(|e| e.to_string());
    Ok((l, Some(l6)))
}

/// The note for a `localhost:PORT` whose `[::1]:PORT` [`bind_localhost`] could not bind
/// (`why`, the bind error's text), after `  note: `: what a client that resolves
/// `localhost` to `::1` first meets there, and the URL to give clients (`give`).
/// `what` names the listener (`""`, ` for leg upstream`). Another program on that port
/// gets such a client (ux39: the note said "connection refused" then too); without IPv6
/// the connection is refused.
pub fn localhost_v6_note(port: u16, what: &str, why: &str, give: &str) -> String {
    let meets = if why.contains("in use") {
        "another program listens there, and a client that resolves localhost to ::1 first reaches it, not this one"
    } else {
        "a client that resolves localhost to ::1 first and does not fall back gets 'connection refused'"
    };
    format!(
        "note: localhost's IPv6 address [::1]:{port} is not listened on{what} ({why}): {meets}; hint: give clients {give}"
    )
}

/// [`bind_localhost`]'s `[::1]` outcome as the pipeline keeps it: the address (pushed on
/// the header's `listen`) or why not, and the listener to start.
fn split_v6(
    v6: Option<Result<tokio::net::TcpListener, String>>,
    listen: &mut Vec<String>,
) -> (
    Option<Result<SocketAddr, String>>,
    Option<tokio::net::TcpListener>,
) {
    match v6 {
        None => (None, None),
        Some(Err(why)) => (Some(Err(why)), None),
        Some(Ok(l)) => match l.local_addr() {
            Ok(a6) => {
                listen.push(a6.to_string());
                (Some(Ok(a6)), Some(l))
            }
            Err(e) => (Some(Err(e.to_string())), None),
        },
    }
}

/// One finding as a stderr line: `error[RULE-ID] e12 #3: message` (exchange and the seq of its
/// first evidence event, as the reports cite it; both omitted when the
/// finding has none), with ` [leg NAME]` before the colon for a finding on another hop.
pub fn finding_line(f: &Finding) -> String {
    finding_line_on(f, &[])
}

/// [`finding_line`] of a finding whose evidence lies on `legs` (each leg once, in evidence
/// order, `client` for the client-facing hop: [`ExchangeLegs::legs_of`]). A finding whose
/// evidence spans two legs or more (a gateway's GW-SSE-001: the agent's events on the
/// upstream leg, their late arrival on the client's) says so, ` [legs upstream, client]`, as
/// the text report names each evidence line's leg: its line cited the upstream exchange
/// with no leg at all (newcomer45, ci46). One leg or none known: the finding's own leg.
pub fn finding_line_on(f: &Finding, legs: &[String]) -> String {
    // The JSON Pointer tells apart two findings of one rule on one exchange (e.g. two card
    // URLs): `e1 at /supportedInterfaces/1/url`.
    let first = f.evidence.iter().find(|e| e.exchange.is_some());
    let at = first
        .and_then(|e| e.pointer.as_deref())
        .filter(|p| !p.is_empty())
        .map(|p| format!(" at JSON {}", crate::report::json_path(p)))
        .unwrap_or_default();
    // `e36 #209`: the exchange, and the event the reports cite (`report` / `verify` text
    // shows `rec.jsonl #209`), so a line seen live is found in the report.
    // a finding on another hop says which, as the reports do (`[leg webhook]`, breaker10n
    // N22)
    let leg = if legs.len() > 1 {
        format!(" [legs {}]", legs.join(", "))
    } else {
        f.leg
            .as_deref()
            .map(|l| format!(" [leg {l}]"))
            .unwrap_or_default()
    };
    // shown as the reports show it: a URL's query credential or password redacted
    // (a redirect `Location` quoted in the message, breaker16b T1; CARD-011)
    let message = crate::record::redact::redact_urls_in_text(&f.message);
    // and with the traffic's control characters shown, not obeyed, as the text report
    // shows them (ux36: an upstream's HTML error page quoted in GW-RESP-003 printed its
    // line feeds, so one finding took several stderr lines that did not start with its
    // severity, and its ESC sequences cleared the operator's terminal and set its title)
    let message = crate::report::show_controls_line(&message);
    match first.and_then(|e| e.exchange.as_deref().map(|ex| (ex, e.seq))) {
        Some((ex, seq)) => format!("{}[{}] {ex} #{seq}{at}{leg}: {message}", f.severity, f.rule),
        None => format!("{}[{}]{leg}: {message}", f.severity, f.rule),
    }
}

/// Printed once per run, after the first live CARD-URL-005 of a proxy without
/// `--rewrite-card` (newcomer22 N3): the note alone said clients "bypass the recorder" but
/// not what to do, and a run that records only card fetches looks like a quiet agent.
pub const CARD_BYPASS_HINT: &str = "hint: the Agent Card the client got names the agent's own address, so a client that follows it calls the agent directly and those calls are not recorded; restart with --rewrite-card (the proxy serves the card naming itself), or make the agent advertise the proxy's URL";

/// The console's `upstream-error` lines, one upstream at a time (newcomer22 N2: an agent
/// restarted mid-run got a line per request the proxy answered 502, the console kept
/// nothing but those lines, and said nothing once the agent answered again, so at the end
/// of a long outage the last line still read "unreachable").
///
/// Per upstream origin (`scheme://host:port` of the request head's `upstream`; `(no
/// route)` when none): the first [`UpstreamWatch::PRINTED`] requests it did not answer
/// (`exchange_end` outcome `upstream_error`) print their `upstream-error eN: ...` line as
/// before, the last of them followed by one line saying that further ones are counted, not
/// printed; the first answer of the agent after that (a `response_head` the proxy did not
/// make itself) prints `upstream ORIGIN answers again (eN) after K requests it did not
/// answer (eA to eB)`. An answer cut short (`upstream_abort`) is printed every time, as
/// before: the agent did answer.
///
/// An upstream that is no A2A agent at all (`--upstream` naming another service, or the
/// wrong port of the right host: ux34, every client failed at its card fetch and the proxy
/// printed nothing) gets one warning line, the first time it answers an Agent Card fetch
/// (`GET` of `/.well-known/agent-card.json` or the 0.2 `/.well-known/agent.json`) with
/// 404 before it served any card: `upstream ORIGIN has no Agent Card at PATH ...; hint:
/// ...`. Memory: one entry per exchange still open, one per upstream that is down and one
/// per upstream whose card was seen.
#[derive(Debug, Default)]
pub struct UpstreamWatch {
    /// Exchange id -> its upstream URL (empty: no route), from its `request_head` to its
    /// `exchange_end`. Keyed by the event's shared id and holding a shared URL (a reference
    /// count each, no copy of either text per exchange; foldhash, the ids are the proxy's
    /// own): read only in an outage or for a card fetch (perf45, ~1.1k instructions per
    /// proxied request with two `String`s and a SipHash entry).
    origin_of: foldhash::HashMap<ExchangeId, Arc<str>>,
    /// The upstream URL of the last `request_head` that had one, shared by the next ones
    /// naming the same URL ([`UpstreamWatch::origin_of`]'s values).
    last_upstream: Option<Arc<str>>,
    /// Exchange id -> its leg, for an exchange of a named listener (`--listener
    /// LEG@ADDR=URL`), from its `request_head` to its `exchange_end`: its hint names that
    /// flag, not `--upstream` (ux40).
    leg_of: std::collections::HashMap<String, String>,
    /// Upstream origin -> the requests it did not answer since it last answered.
    down: std::collections::HashMap<String, Down>,
    /// Exchanges that are an Agent Card fetch, from their `request_head` to their answer.
    card_fetches: std::collections::HashSet<String>,
    /// Upstream origins that served a card (2xx, 304) or were warned about: no more lines.
    /// At most [`CARD_TOLD_MAX`] origins (a forward proxy sees any number): past that, no
    /// card warning is printed at all.
    card_told: std::collections::HashSet<String>,
    /// Exchange id -> the status of the proxy's own answer to it (a `synthetic`
    /// `response_head`), from that head to its `exchange_end`.
    own_status: std::collections::HashMap<String, u16>,
    /// Requests the proxy answered itself because it (or the system) was out of file
    /// descriptors ([`crate::proxy::OUT_OF_FILES`], attack56): never sent, so not counted
    /// against their upstream; the first [`UpstreamWatch::PRINTED`] are printed.
    out_of_files: u64,
}

/// How many upstream origins [`UpstreamWatch`] remembers for its card warning (one line per
/// origin; ~1,024 short strings at most).
const CARD_TOLD_MAX: usize = 1024;

/// An upstream's run of unanswered requests ([`UpstreamWatch`]).
#[derive(Debug)]
struct Down {
    /// Requests the proxy answered itself since the upstream last answered.
    failed: u64,
    /// The first and the last of them (exchange ids).
    first: String,
    last: String,
    /// The statuses of the proxy's own answers to them, distinct, in the order first seen
    /// (at most [`OWN_STATUSES_MAX`]): `502`, or `404` for requests no route took (ux36:
    /// the lines said "the proxy answered them 502" of its own 404s).
    statuses: Vec<u16>,
}

/// Distinct statuses of the proxy's own answers kept per run of unanswered requests.
const OWN_STATUSES_MAX: usize = 8;

/// `status` added to `statuses` when new and there is room ([`OWN_STATUSES_MAX`]).
pub(crate) fn note_own_status(statuses: &mut Vec<u16>, status: u16) {
    if !statuses.contains(&status) && statuses.len() < OWN_STATUSES_MAX {
        statuses.push(status);
    }
}

/// The proxy's own answers in words, from their statuses: `its own 502`, `its own 403 or
/// 400`; `its own answer` when none was recorded. Used by the live lines, the stop's
/// findings line and `verify` alike (ux36: each said "its own 502" of a forward proxy's
/// 403 for a request loop and 400 for a request that was no absolute URL).
pub fn own_answer_words(statuses: &[u16]) -> String {
    match statuses {
        [] => "its own answer".to_string(),
        [one] => format!("its own {one}"),
        [rest @ .., last] => {
            let rest: Vec<String> = rest.iter().map(u16::to_string).collect();
            format!("its own {} or {last}", rest.join(", "))
        }
    }
}

/// [`UpstreamWatch`]'s key for the requests no upstream took.
const NO_ROUTE: &str = "(no route)";

/// The origin of an upstream URL for [`UpstreamWatch`]'s lines (`http://agent:9000`), or
/// `(no route)` for an empty one (a request no route took).
fn origin_or_no_route(url: &str) -> String {
    if url.is_empty() {
        NO_ROUTE.to_string()
    } else {
        origin_of_url(url)
    }
}

impl UpstreamWatch {
    /// `upstream-error` lines printed per outage and upstream before they are only counted.
    pub const PRINTED: u64 = 3;

    /// The stderr lines (none, one or two) the event `ev` calls for.
    pub fn lines(&mut self, ev: &Event) -> Vec<String> {
        let exchange = ev.exchange.as_deref().unwrap_or("-");
        match &ev.kind {
            EventKind::RequestHead {
                upstream, method, ..
            } => {
                let upstream = upstream.as_deref().unwrap_or_default();
                if method == "GET" && card_path(upstream).is_some() {
                    self.card_fetches.insert(exchange.to_string());
                }
                // the upstream URL as given (shared with the exchanges before it that named
                // the same one); its origin is read only when an outage needs it
                let url = match &self.last_upstream {
                    Some(last) if **last == *upstream => last.clone(),
                    _ => {
                        let url = Arc::<str>::from(upstream);
                        self.last_upstream = Some(url.clone());
                        url
                    }
                };
                let key = ev.exchange.clone().unwrap_or_else(|| ExchangeId::from("-"));
                self.origin_of.insert(key, url);
                if let Some(leg) = &ev.leg {
                    self.leg_of.insert(exchange.to_string(), leg.clone());
                }
                Vec::new()
            }
            EventKind::ResponseHead {
                synthetic: false,
                status,
                headers,
                ..
            } => {
                let mut out = Vec::new();
                if !self.card_fetches.is_empty() && self.card_fetches.remove(exchange) {
                    out.extend(self.card_answer(exchange, *status, headers));
                }
                if self.down.is_empty() {
                    return out;
                }
                let Some(url) = self.origin_of.get(exchange) else {
                    return out;
                };
                let origin = origin_or_no_route(url);
                out.extend(match self.down.remove(&origin) {
                    Some(d) if d.failed > Self::PRINTED => vec![format!(
                        "a2a-interop proxy: upstream {origin} answers again ({exchange}) after {} requests it did not answer ({} to {}; the proxy answered them with {})",
                        d.failed,
                        d.first,
                        d.last,
                        own_answer_words(&d.statuses)
                    )],
                    Some(_) => vec![format!(
                        "a2a-interop proxy: upstream {origin} answers again ({exchange})"
                    )],
                    None => Vec::new(),
                });
                out
            }
            EventKind::ResponseHead {
                synthetic: true,
                status,
                ..
            } => {
                if self.origin_of.contains_key(exchange) {
                    self.own_status.insert(exchange.to_string(), *status);
                }
                Vec::new()
            }
            EventKind::ExchangeEnd {
                outcome,
                error,
                connect_failure,
                ..
            } => {
                let url = self.origin_of.remove(exchange);
                let url = url.as_deref().unwrap_or_default();
                let leg = if self.leg_of.is_empty() {
                    None
                } else {
                    self.leg_of.remove(exchange)
                };
                let own = if self.own_status.is_empty() {
                    None
                } else {
                    self.own_status.remove(exchange)
                };
                if !self.card_fetches.is_empty() {
                    self.card_fetches.remove(exchange);
                }
                // built only for the two outcomes that print it (not once per exchange)
                let line = || {
                    let cause = error.as_deref().unwrap_or("upstream unreachable");
                    // the cause may quote the agent's bytes (a response head the proxy
                    // cannot parse): shown on one line, its controls not obeyed
                    let cause = crate::report::show_controls_line(cause);
                    let cause = cause.as_ref();
                    match upstream_error_hint(
                        *outcome,
                        *connect_failure,
                        cause,
                        url,
                        leg.as_deref(),
                    ) {
                        Some(hint) => format!("upstream-error {exchange}: {cause}; hint: {hint}"),
                        // the proxy's own cause ending `(hint: ...)` (an untrusted TLS
                        // upstream) ends its line `; hint: ...` as every other line does
                        // (ux38: a grep for "; hint:" missed it)
                        None => match trailing_hint(cause) {
                            Some((cause, hint)) => {
                                format!("upstream-error {exchange}: {cause}; hint: {hint}")
                            }
                            None => format!("upstream-error {exchange}: {cause}"),
                        },
                    }
                };
                match outcome {
                    Outcome::UpstreamAbort => vec![line()],
                    // the proxy's own open-file limit: the agent was not asked, so it is
                    // not said to have stopped answering (attack56)
                    Outcome::UpstreamError
                        if error
                            .as_deref()
                            .is_some_and(|e| e.contains(crate::proxy::OUT_OF_FILES)) =>
                    {
                        self.out_of_files += 1;
                        match self.out_of_files {
                            n if n < Self::PRINTED => vec![line()],
                            n if n == Self::PRINTED => vec![
                                line(),
                                format!(
                                    "a2a-interop proxy: {n} requests got the proxy's own 502 because it was out of file descriptors (the agent was not asked); further ones are counted, not printed"
                                ),
                            ],
                            _ => Vec::new(),
                        }
                    }
                    Outcome::UpstreamError => {
                        let origin = origin_or_no_route(url);
                        let d = self.down.entry(origin.clone()).or_insert_with(|| Down {
                            failed: 0,
                            first: exchange.to_string(),
                            last: String::new(),
                            statuses: Vec::new(),
                        });
                        d.failed += 1;
                        d.last = exchange.to_string();
                        if let Some(s) = own {
                            note_own_status(&mut d.statuses, s);
                        }
                        match d.failed {
                            n if n < Self::PRINTED => vec![line()],
                            // requests that went to no upstream are not an upstream that
                            // stopped answering (ux36: "upstream (no route) did not answer 3
                            // requests in a row" of a client calling a path no route takes,
                            // or a forward proxy's refusals): said as what they are
                            n if n == Self::PRINTED && url.is_empty() => vec![
                                line(),
                                format!(
                                    "a2a-interop proxy: {n} requests went to no upstream (no route took them, or the proxy refused them itself; it answered them with {}); further ones are counted, not printed",
                                    own_answer_words(&d.statuses)
                                ),
                            ],
                            n if n == Self::PRINTED => vec![
                                line(),
                                format!(
                                    "a2a-interop proxy: upstream {origin} did not answer {n} requests in a row; further ones are counted, not printed, until it answers again"
                                ),
                            ],
                            _ => Vec::new(),
                        }
                    }
                    _ => Vec::new(),
                }
            }
            _ => Vec::new(),
        }
    }

    /// The warning line (none or one) for the upstream's answer `status` to the Agent Card
    /// fetch `exchange`: one per upstream that answered 404 before it served any card.
    fn card_answer(&mut self, exchange: &str, status: u16, headers: &Headers) -> Vec<String> {
        let Some(url) = self.origin_of.get(exchange) else {
            return Vec::new();
        };
        if self.card_told.len() >= CARD_TOLD_MAX {
            return Vec::new();
        }
        let origin = origin_of_url(url);
        if self.card_told.contains(&origin) {
            return Vec::new();
        }
        if (200..300).contains(&status) || status == 304 {
            self.card_told.insert(origin);
            return Vec::new();
        }
        if status != 404 {
            return Vec::new();
        }
        // the path the card was asked for on the upstream, as sent: under the upstream
        // URL's own path when it has one (ux36: `--upstream http://agent:9999/rest`, an
        // interface URL, fetched `/rest/.well-known/agent-card.json`; the line named
        // `/.well-known/agent-card.json` and a `curl` of the root that answered 200)
        let card = card_path(url).unwrap_or("/.well-known/agent-card.json");
        let sent = url_path(url);
        let prefix = sent.strip_suffix(card).unwrap_or("");
        let what = headers
            .get("content-type")
            .map(|t| format!(", {}", t.split(';').next().unwrap_or(t).trim()))
            .unwrap_or_default();
        let under = if prefix.is_empty() || prefix == "/" {
            String::new()
        } else {
            format!(
                "; the card path went under the upstream URL's path {prefix}: if that is an interface URL of the agent and its card is at {origin}{card} (`curl -i {origin}{card}`), give the base URL instead: --upstream {origin}"
            )
        };
        let line = format!(
            "a2a-interop proxy: warning: upstream {origin} has no Agent Card at {sent}: it answered the card fetch {exchange} with HTTP 404{what}; hint: clients find an agent by its card, so none gets further through this proxy: check that --upstream (or --route) names the agent's base URL, where it serves /.well-known/agent-card.json (`curl -i {origin}{sent}`), not another service or port{under}; an agent that serves its card only at another path can ignore this"
        );
        self.card_told.insert(origin);
        vec![line]
    }

    /// One line per upstream still not answering at the end of the run whose failures were
    /// not all printed: `upstream ORIGIN still did not answer at the end: K requests (eA to
    /// eB)`. `quiet` (`proxy -q`, no `upstream-error` line printed): one for every such
    /// upstream, however few its failures.
    pub fn summary(&self, quiet: bool) -> Vec<String> {
        let why = if quiet {
            "their upstream-error lines, left out by -q, are in the report and the recording"
        } else {
            "their first upstream-error lines above say why"
        };
        let mut out: Vec<String> = self
            .down
            .iter()
            .filter(|(_, d)| d.failed > if quiet { 0 } else { Self::PRINTED })
            .map(|(o, d)| {
                if o == NO_ROUTE {
                    format!(
                        "a2a-interop proxy: {} requests went to no upstream during the run ({} to {}: no route took them, or the proxy refused them itself; it answered them with {}); {why}",
                        d.failed,
                        d.first,
                        d.last,
                        own_answer_words(&d.statuses)
                    )
                } else {
                    if d.failed == 1 {
                        format!(
                            "a2a-interop proxy: upstream {o} still did not answer at the end: 1 request ({}; the proxy answered it with {})",
                            d.first,
                            own_answer_words(&d.statuses)
                        )
                    } else {
                        format!(
                            "a2a-interop proxy: upstream {o} still did not answer at the end: {} requests in a row ({} to {}; the proxy answered them with {})",
                            d.failed,
                            d.first,
                            d.last,
                            own_answer_words(&d.statuses)
                        )
                    }
                }
            })
            .collect();
        out.sort();
        if self.out_of_files > if quiet { 0 } else { Self::PRINTED } {
            out.push(format!(
                "a2a-interop proxy: {} requests got the proxy's own 502 during the run because it was out of file descriptors (the agent was not asked); {why}",
                self.out_of_files
            ));
        }
        out
    }
}

/// What to do about a request the upstream did not answer, or answered only in part (the
/// `hint:` of an `upstream-error` line; ux34: the line said what happened and nothing
/// else, while every other live error line says what to do), from the recorded kind, not
/// the text: `exchange_end.connect_failure` for a connection that never came up, else the
/// outcome. `None` when the proxy's cause already carries a hint (a TLS upstream, an h2c-only
/// agent, a request body the agent stopped reading: `... (hint: ...)`), names its own
/// check (`curl -v` on a response head the proxy cannot parse) or is the proxy's own
/// limit, not the agent's doing. `url` is the exchange's
/// upstream URL (empty: no route took the request); `leg` the exchange's leg, for one of
/// a `--listener LEG@ADDR=URL` (the flag its hint names).
fn upstream_error_hint(
    outcome: Outcome,
    connect_failure: Option<crate::record::ConnectFailure>,
    cause: &str,
    url: &str,
    leg: Option<&str>,
) -> Option<String> {
    use crate::record::ConnectFailure;
    if url.is_empty()
        || ["hint:", "curl -v", "own limit of"]
            .iter()
            .any(|k| cause.contains(k))
    {
        return None;
    }
    let origin = origin_of_url(url);
    // the flag that named this upstream: a listener's leg is its own `--listener`
    // (ux40: a leg's agent down was told to fix `--upstream`, which names another agent)
    let flag = match leg {
        Some(leg) => format!("--listener {leg}@ADDR=URL"),
        None => "--upstream (or --route)".to_string(),
    };
    // a webhook leg's upstream is the webhook receiver, whose requests are the agent's
    // push notifications (newcomer48: "the agent is down" for a receiver that was)
    let party = if leg.is_some_and(crate::record::event::is_webhook_leg) {
        "the webhook receiver"
    } else {
        "the agent"
    };
    Some(match (outcome, connect_failure) {
        (Outcome::UpstreamError, Some(ConnectFailure::Refused)) => format!(
            "nothing listens at {origin} (the connection was refused: {party} is down, restarting, or listens on another port): start it there, or restart the proxy with {flag} naming where it listens now; until then every request gets the proxy's 502"
        ),
        (Outcome::UpstreamError, Some(ConnectFailure::NoConnection)) => format!(
            "no connection to {origin} came up (see the cause): check the host name and port of {flag}, and that this machine reaches it (firewall, VPN, DNS)"
        ),
        (Outcome::UpstreamError, None) => format!(
            "{origin} accepted the connection but gave no answer the proxy could pass on: look at the agent's log for this request (a crash in its handler, a worker killed, a keep-alive timeout racing the request); the client got the proxy's 502"
        ),
        (Outcome::UpstreamAbort, _) => format!(
            "{origin} broke off its answer midway: look at the agent's log at that moment (the process exited or restarted, an exception escaped its handler) or at a front in between that cuts long answers (its idle or request timeout)"
        ),
        _ => return None,
    })
}

/// `cause (hint: hint)`, a cause that ends with its own hint in parentheses, as the cause
/// and the hint: `("upstream ... failed the TLS handshake: ...", "the agent's certificate
/// ...")`; `None` for a cause that does not end so.
fn trailing_hint(cause: &str) -> Option<(&str, &str)> {
    let i = cause.rfind(" (hint: ")?;
    let hint = cause[i + " (hint: ".len()..].strip_suffix(')')?;
    Some((&cause[..i], hint))
}

/// The well-known Agent Card path a URL's path ends with (`/.well-known/agent-card.json`,
/// the 0.2 `/.well-known/agent.json`; CARD-002), query and fragment ignored; `None` for
/// any other URL.
fn card_path(url: &str) -> Option<&'static str> {
    let path = url.split(['?', '#']).next().unwrap_or(url);
    ["/.well-known/agent-card.json", "/.well-known/agent.json"]
        .into_iter()
        .find(|p| path.ends_with(p))
}

/// The path of an absolute URL (no query or fragment; `/` when it has none), or of a
/// path alone.
fn url_path(url: &str) -> &str {
    let rest = url
        .split_once("://")
        .map_or(url, |(_, r)| r.find('/').map_or("/", |i| &r[i..]));
    let p = rest.split(['?', '#']).next().unwrap_or(rest);
    if p.is_empty() {
        "/"
    } else {
        p
    }
}

/// `scheme://host:port` of an absolute URL (no user info, path or query); the URL itself
/// when it has no `://`.
fn origin_of_url(url: &str) -> String {
    let Some((scheme, rest)) = url.split_once("://") else {
        return url.to_string();
    };
    let authority = rest.split(['/', '?', '#']).next().unwrap_or("");
    let host = authority.rsplit('@').next().unwrap_or(authority);
    format!("{scheme}://{host}")
}

/// Live finding lines without repeats (breaker9a B16: an SDK client that fetches the Agent
/// Card before every call printed the same two notes per call, and hid the one error). A
/// finding whose rule, JSON Pointer and message (ids in URLs read as `{id}`,
/// [`crate::report::message_key`]) were printed before is counted, not printed again; the
/// first occurrence of each distinct finding is always printed. An error that keeps
/// repeating is printed again at most once per [`LiveFold::REMIND`] (10 s), with the count
/// since its last line: `error[GW-RESP-003] e40 #212: ... (again, 37 times in the last 10
/// s)` (newcomer28 N9: in front of a busy gateway, one line per request buried the rest;
/// before, errors were never folded). One rule at one place (JSON Pointer and leg) prints
/// at most [`LiveFold::PLACE_MAX`] distinct lines per [`LiveFold::REMIND`] (ux42: the same
/// fault with another value in each message, at 50 a second). At most
/// [`LiveFold::MAX_KEYS`] distinct lines are
/// remembered (bytes stay bounded on a long run); past that, lines print unfolded. The
/// recording's `finding` events and every report keep each occurrence.
/// The leg of each recent exchange, as its request head named it (`None`: the client-facing
/// hop), for the live line of a finding whose evidence spans legs ([`finding_line_on`]). At
/// most [`ExchangeLegs::MAX`] exchanges are kept, the oldest let go first (memory stays flat
/// however long the proxy runs, issue 7); only fed when the run has several legs.
#[derive(Debug, Default)]
pub struct ExchangeLegs {
    legs: std::collections::HashMap<ExchangeId, Option<String>>,
    order: std::collections::VecDeque<ExchangeId>,
}

impl ExchangeLegs {
    /// Exchanges remembered at most.
    pub const MAX: usize = 16_384;

    /// Remembers the leg of `ev`'s exchange when `ev` is a request head.
    pub fn observe(&mut self, ev: &Event) {
        let (EventKind::RequestHead { .. }, Some(x)) = (&ev.kind, &ev.exchange) else {
            return;
        };
        if self.legs.insert(x.clone(), ev.leg.clone()).is_none() {
            self.order.push_back(x.clone());
            if self.order.len() > Self::MAX {
                if let Some(old) = self.order.pop_front() {
                    self.legs.remove(&old);
                }
            }
        }
    }

    /// The legs of `f`'s evidence exchanges that are remembered, each once in evidence
    /// order, `client` for the client-facing hop.
    pub fn legs_of(&self, f: &Finding) -> Vec<String> {
        let mut out: Vec<String> = Vec::new();
        for x in f.evidence.iter().filter_map(|e| e.exchange.as_deref()) {
            if let Some(leg) = self.legs.get(x) {
                let leg = leg.as_deref().unwrap_or("client");
                if !out.iter().any(|l| l == leg) {
                    out.push(leg.to_string());
                }
            }
        }
        out
    }
}

/// The agent each recent exchange went to, for the live line of a run with several agents
/// behind one proxy (forward mode, `--route` prefixes, a gateway's legs; ux49, newcomer48:
/// a line did not say which agent a finding was about): the origin the proxy forwarded the
/// request to (the request head's `upstream`, or a forward proxy's absolute URL), named by
/// the Agent Card `name` fetched from that origin when one was. At most
/// [`LiveAgents::MAX`] exchanges and [`LiveAgents::MAX_CARDS`] origins are kept, a card's
/// body only until its exchange ends (its first 64 KiB): memory stays flat.
#[derive(Debug, Default)]
pub struct LiveAgents {
    origins: std::collections::HashMap<ExchangeId, String>,
    order: std::collections::VecDeque<ExchangeId>,
    /// Card bodies being read: exchange -> (first bytes, `Content-Encoding`).
    cards_open: std::collections::HashMap<ExchangeId, (Vec<u8>, Option<String>)>,
    /// Card `name` by origin.
    names: std::collections::HashMap<String, String>,
}

impl LiveAgents {
    /// Exchanges remembered at most.
    pub const MAX: usize = 16_384;
    /// Origins whose card name is remembered at most.
    pub const MAX_CARDS: usize = 1024;

    /// Notes `ev`: a request head's origin, a card fetch's answer and its `name`.
    pub fn observe(&mut self, ev: &Event) {
        let Some(x) = &ev.exchange else {
            return;
        };
        match &ev.kind {
            EventKind::RequestHead { url, upstream, .. } => {
                let origin = upstream
                    .as_deref()
                    .and_then(crate::report::baseline::origin_of)
                    .or_else(|| crate::report::baseline::origin_of(url));
                let Some(origin) = origin else {
                    return;
                };
                if self.origins.insert(x.clone(), origin).is_none() {
                    self.order.push_back(x.clone());
                    if self.order.len() > Self::MAX {
                        if let Some(old) = self.order.pop_front() {
                            self.origins.remove(&old);
                            self.cards_open.remove(&old);
                        }
                    }
                }
                if method_is_get(&ev.kind)
                    && crate::report::index::is_card_path(&crate::report::index::path_of_url(url))
                    && self.cards_open.len() < Self::MAX_CARDS
                {
                    self.cards_open.insert(x.clone(), (Vec::new(), None));
                }
            }
            EventKind::ResponseHead {
                status, headers, ..
            } => {
                if *status != 200 {
                    self.cards_open.remove(x);
                } else if let Some(c) = self.cards_open.get_mut(x) {
                    c.1 = crate::report::index::coding_of(headers);
                }
            }
            EventKind::ResponseChunk { body } => {
                if let Some((buf, _)) = self.cards_open.get_mut(x) {
                    let room = crate::report::index::REQUEST_PEEK_BYTES.saturating_sub(buf.len());
                    buf.extend_from_slice(&body.data[..body.data.len().min(room)]);
                }
            }
            EventKind::ExchangeEnd { .. } => {
                let Some((buf, coding)) = self.cards_open.remove(x) else {
                    return;
                };
                let (Some(origin), Some(name)) = (
                    self.origins.get(x).cloned(),
                    crate::report::index::card_name_of(&buf, coding.as_deref()),
                ) else {
                    return;
                };
                if self.names.len() < Self::MAX_CARDS || self.names.contains_key(&origin) {
                    self.names.insert(origin, name);
                }
            }
            _ => {}
        }
    }

    /// The agent `f` is about: its first evidence exchange's origin, as `"Card name"
    /// (host:port)` or `host:port`; `None` when that exchange is not remembered or is on a
    /// `webhook` leg (its target is the client's receiver, not an agent).
    pub fn agent_of(&self, f: &Finding) -> Option<String> {
        if f.leg.as_deref() == Some("webhook") {
            return None;
        }
        let x = f.evidence.iter().find_map(|e| e.exchange.as_deref())?;
        let origin = self.origins.get(x)?;
        let hostport = origin.split_once("://").map_or(origin.as_str(), |(_, h)| h);
        Some(match self.names.get(origin) {
            Some(n) => format!("\"{}\" ({hostport})", crate::report::show_controls_line(n)),
            None => hostport.to_string(),
        })
    }
}

fn method_is_get(k: &EventKind) -> bool {
    matches!(k, EventKind::RequestHead { method, .. } if method == "GET")
}

/// The requests of recent exchanges as a `--baseline` locates a finding (open47: the live
/// lines said no `(known, in the baseline)` where the reports did): method, URL and the
/// A2A method its body names ([`crate::report::baseline::Key`]). At most
/// [`LiveRequests::MAX`] exchanges are kept, the oldest let go first, and a request's body
/// (its first 64 KiB) only until its answer starts: memory stays flat however long the
/// proxy runs (issue 7). Fed only on a run with a `--baseline` whose lines are printed.
#[derive(Debug, Default)]
pub struct LiveRequests {
    reqs: std::collections::HashMap<ExchangeId, LiveRequest>,
    order: std::collections::VecDeque<ExchangeId>,
    /// A forward proxy's run: the key names the agent's host.
    forward: bool,
    /// Agent Card `name` by origin (`http://127.0.0.1:52101`) of the cards fetched so far
    /// on a forward proxy's run, for a loopback agent's key (open48); at most
    /// [`LiveRequests::MAX_CARDS`] origins.
    card_names: std::collections::HashMap<String, String>,
}

#[derive(Debug, Default)]
struct LiveRequest {
    method: String,
    url: String,
    coding: Option<String>,
    /// The body's first bytes, until the A2A method is read from them.
    body: Vec<u8>,
    /// Read once the answer starts (the request is whole then).
    a2a: Option<Option<String>>,
    /// A forward proxy's `GET` of an Agent Card answered 200: its body's first 64 KiB and
    /// `Content-Encoding`, until the exchange ends and its `name` is read.
    card: Option<(Vec<u8>, Option<String>)>,
}

impl LiveRequests {
    /// Exchanges remembered at most.
    pub const MAX: usize = 16_384;
    /// Origins whose card name is remembered at most (a forward proxy's agents).
    pub const MAX_CARDS: usize = 1024;

    /// Notes `ev` of an exchange: its request head, body, and the start of its answer.
    pub fn observe(&mut self, ev: &Event) {
        let Some(x) = &ev.exchange else {
            return;
        };
        match &ev.kind {
            EventKind::RequestHead {
                method,
                url,
                headers,
                ..
            } => {
                let r = LiveRequest {
                    method: method.clone(),
                    url: url.clone(),
                    coding: crate::report::index::coding_of(headers),
                    ..LiveRequest::default()
                };
                if self.reqs.insert(x.clone(), r).is_none() {
                    self.order.push_back(x.clone());
                    if self.order.len() > Self::MAX {
                        if let Some(old) = self.order.pop_front() {
                            self.reqs.remove(&old);
                        }
                    }
                }
            }
            EventKind::RequestBody { body } => {
                if let Some(r) = self.reqs.get_mut(x).filter(|r| r.a2a.is_none()) {
                    let room =
                        crate::report::index::REQUEST_PEEK_BYTES.saturating_sub(r.body.len());
                    r.body
                        .extend_from_slice(&body.data[..body.data.len().min(room)]);
                }
            }
            EventKind::ResponseHead {
                status, headers, ..
            } => {
                let forward = self.forward;
                if let Some(r) = self.reqs.get_mut(x).filter(|r| r.a2a.is_none()) {
                    r.a2a = Some(r.a2a_method());
                    r.body = Vec::new();
                    if forward
                        && *status == 200
                        && r.method == "GET"
                        && crate::report::index::is_card_path(&crate::report::index::path_of_url(
                            &r.url,
                        ))
                    {
                        r.card = Some((Vec::new(), crate::report::index::coding_of(headers)));
                    }
                }
            }
            EventKind::ResponseChunk { body } => {
                if let Some((buf, _)) = self.reqs.get_mut(x).and_then(|r| r.card.as_mut()) {
                    let room = crate::report::index::REQUEST_PEEK_BYTES.saturating_sub(buf.len());
                    buf.extend_from_slice(&body.data[..body.data.len().min(room)]);
                }
            }
            EventKind::ExchangeEnd { .. } => {
                let Some(r) = self.reqs.get_mut(x) else {
                    return;
                };
                let Some((buf, coding)) = r.card.take() else {
                    return;
                };
                let origin = crate::report::baseline::origin_of(&r.url);
                if let (Some(origin), Some(name)) = (
                    origin,
                    crate::report::index::card_name_of(&buf, coding.as_deref()),
                ) {
                    if self.card_names.len() < Self::MAX_CARDS
                        || self.card_names.contains_key(&origin)
                    {
                        self.card_names.insert(origin, name);
                    }
                }
            }
            _ => {}
        }
    }

    /// `f`'s key as the baseline reads it from the recording when the run stops
    /// ([`crate::report::baseline::key_of`]): its first evidence's exchange, if remembered.
    pub fn key_of(&self, f: &Finding) -> crate::report::baseline::Key {
        use crate::report::baseline as b;
        let first = f.evidence.first();
        let r = first
            .and_then(|e| e.exchange.as_deref())
            .and_then(|x| self.reqs.get(x));
        let forward = r.filter(|_| self.forward);
        let host = forward.map(|r| b::host_of(&r.url)).unwrap_or_default();
        b::Key {
            rule: f.rule.clone(),
            leg: f.leg.clone().unwrap_or_else(|| b::CLIENT_LEG.to_string()),
            // a loopback agent's card name, as the recording's index gives it
            agent: forward
                .filter(|_| b::is_loopback_host(&host))
                .and_then(|r| b::origin_of(&r.url))
                .and_then(|o| self.card_names.get(&o).cloned())
                .unwrap_or_default(),
            host,
            request: r
                .map(|r| {
                    let a2a = match &r.a2a {
                        Some(m) => m.clone(),
                        None => r.a2a_method(),
                    };
                    b::request_of_parts(
                        &r.method,
                        &crate::report::index::path_of_url(&r.url),
                        a2a.as_deref(),
                    )
                })
                .unwrap_or_default(),
            pointer: first
                .and_then(|e| e.pointer.as_deref())
                .map(b::normalise_pointer)
                .unwrap_or_default(),
        }
    }
}

impl LiveRequest {
    fn a2a_method(&self) -> Option<String> {
        crate::report::index::a2a_method_of(
            &self.method,
            &crate::report::index::path_of_url(&self.url),
            &self.body,
            self.coding.as_deref(),
        )
    }
}

#[derive(Debug, Default)]
pub struct LiveFold {
    seen: std::collections::HashMap<String, u64>,
    /// Per error key: when its line was last printed, and its repeats not printed since.
    errors: std::collections::HashMap<String, (std::time::Instant, u64)>,
    folded: u64,
    /// Rule -> lines not printed (nor told by a later line); of them, errors.
    hidden: std::collections::BTreeMap<String, u64>,
    hidden_errors: u64,
    /// Per place (rule, JSON Pointer, leg): the start of its current window, the distinct
    /// lines printed in it, and the distinct lines not printed since its last line
    /// ([`LiveFold::PLACE_MAX`]).
    places: std::collections::HashMap<String, (std::time::Instant, u32, u64)>,
    /// The legs of recent exchanges, for a line whose evidence spans legs
    /// ([`LiveFold::observe`]).
    legs: ExchangeLegs,
    /// The run's `--baseline` and the requests that place a finding against it
    /// ([`LiveFold::observe_requests`]): a known finding's line is marked.
    known: Option<(
        std::sync::Arc<crate::report::baseline::Baseline>,
        LiveRequests,
    )>,
    /// A run with several agents behind the proxy: each line names its agent
    /// ([`LiveFold::with_agents`]).
    agents: Option<LiveAgents>,
}

impl LiveFold {
    /// A fold whose lines mark the findings `baseline` knows: `error[RULE] (known, in the
    /// baseline) e3 #12: ...`, as the text report marks them (open47). Its requests are
    /// fed by [`LiveFold::observe_requests`].
    /// `forward`: a forward proxy's run, whose requests name their agent's host (the key's
    /// host, as for a `mode: forward` recording).
    pub fn with_baseline(
        baseline: std::sync::Arc<crate::report::baseline::Baseline>,
        forward: bool,
    ) -> Self {
        LiveFold {
            known: Some((
                baseline,
                LiveRequests {
                    forward,
                    ..LiveRequests::default()
                },
            )),
            ..LiveFold::default()
        }
    }

    /// Notes the leg of `ev`'s exchange (a request head), so that the line of a finding
    /// whose evidence spans legs names them ([`finding_line_on`]).
    pub fn observe(&mut self, ev: &Event) {
        self.legs.observe(ev);
    }

    /// This fold naming the agent of each line (`[agent "Name" (host:port)]`) when `on`: a
    /// run with several agents behind the proxy (ux49). Fed by [`LiveFold::observe_agents`].
    pub fn with_agents(mut self, on: bool) -> Self {
        self.agents = on.then(LiveAgents::default);
        self
    }

    /// Notes `ev` for the agent a later line names ([`LiveFold::with_agents`]; nothing
    /// otherwise).
    pub fn observe_agents(&mut self, ev: &Event) {
        if let Some(a) = self.agents.as_mut() {
            a.observe(ev);
        }
    }

    /// The agent `f` is about, when the fold names agents and knows it.
    fn agent_of(&self, f: &Finding) -> Option<String> {
        self.agents.as_ref().and_then(|a| a.agent_of(f))
    }

    /// Whether the fold marks known findings ([`LiveFold::with_baseline`]).
    pub fn judges(&self) -> bool {
        self.known.is_some()
    }

    /// Notes `ev`'s request parts for the baseline's key of a later finding (a fold
    /// [`LiveFold::with_baseline`]; nothing otherwise).
    pub fn observe_requests(&mut self, ev: &Event) {
        if let Some((_, reqs)) = self.known.as_mut() {
            reqs.observe(ev);
        }
    }

    /// Whether the run's baseline knows `f` (a fold [`LiveFold::with_baseline`]).
    fn is_known(&self, f: &Finding) -> bool {
        self.known
            .as_ref()
            .is_some_and(|(b, reqs)| b.knows(&reqs.key_of(f)))
    }

    /// [`finding_line_on`] with the legs of `f`'s evidence as far as they are known, and
    /// the known mark when the run's baseline knows `f` (`known`).
    fn line_of(&self, f: &Finding, known: bool) -> String {
        let legs = self.legs.legs_of(f);
        let mut line = finding_line_on(f, &legs);
        // `error[RULE] e3 #12 [agent "Echo" (127.0.0.1:9001)]: ...`: before the first
        // `: `, which ends the place (the rule, exchange, pointer and leg have none). A
        // finding whose evidence spans a gateway's legs (`[legs upstream, client]`) is
        // about the gateway between them: no one agent is named
        if let Some(agent) = self.agent_of(f).filter(|_| legs.len() <= 1) {
            if let Some(i) = line.find(": ") {
                line.insert_str(i, &format!(" [agent {agent}]"));
            }
        }
        if !known {
            return line;
        }
        let at = line.find(']').map_or(0, |i| i + 1);
        format!(
            "{}{}{}",
            &line[..at],
            crate::report::text::KNOWN_TAG,
            &line[at..]
        )
    }

    /// Distinct (rule, pointer, message) lines remembered for folding.
    pub const MAX_KEYS: usize = 10_000;
    /// The least time between two lines of one repeating error.
    pub const REMIND: std::time::Duration = std::time::Duration::from_secs(10);
    /// Distinct lines of one rule at one place (JSON Pointer and leg) printed per
    /// [`LiveFold::REMIND`]: the same fault with another value in its message
    /// (`historyLength the JSON number -7`, `-12`, ...; a task id in the text) is another
    /// finding, but at 50 a second one line each buried everything else (ux42). Past it
    /// they are counted, and the next line of that place, once the window is over, says
    /// how many were not printed.
    pub const PLACE_MAX: u32 = 3;

    /// Whether a distinct line of `place` may be printed at `now`: `Ok(n)`, `n` the
    /// distinct lines of it not printed since its last line (0: none); `Err(())` when
    /// [`LiveFold::PLACE_MAX`] lines of it were printed within [`LiveFold::REMIND`].
    fn place_allows(&mut self, place: String, now: std::time::Instant) -> Result<u64, ()> {
        let full = self.places.len() >= Self::MAX_KEYS;
        match self.places.get_mut(&place) {
            Some((start, printed, unsaid)) => {
                if now.saturating_duration_since(*start) >= Self::REMIND {
                    *start = now;
                    *printed = 1;
                    Ok(std::mem::take(unsaid))
                } else if *printed < Self::PLACE_MAX {
                    *printed += 1;
                    Ok(0)
                } else {
                    *unsaid += 1;
                    Err(())
                }
            }
            None => {
                if !full {
                    self.places.insert(place, (now, 1, 0));
                }
                Ok(0)
            }
        }
    }

    /// `line` with the count of distinct lines of its place not printed before it.
    fn with_unsaid(line: String, unsaid: u64, rule: &str) -> String {
        if unsaid == 0 {
            return line;
        }
        format!(
            "{line} (and {unsaid} other {rule} line{} at this place not printed before it: other values, over {} a {} s)",
            if unsaid == 1 { "" } else { "s" },
            Self::PLACE_MAX,
            Self::REMIND.as_secs()
        )
    }

    /// The line to print for `f` now ([`LiveFold::line_at`]).
    pub fn line(&mut self, f: &Finding) -> Option<String> {
        self.line_at(f, std::time::Instant::now())
    }

    /// The line to print for `f` ([`finding_line`]) at `now`, or `None` when it repeats a
    /// finding printed before: a note or warning always, an error within
    /// [`LiveFold::REMIND`] of its last line.
    pub fn line_at(&mut self, f: &Finding, now: std::time::Instant) -> Option<String> {
        let pointer = f
            .evidence
            .iter()
            .find(|e| e.exchange.is_some())
            .and_then(|e| e.pointer.as_deref())
            .unwrap_or("");
        // ids in the message's URLs read as `{id}` and UUIDs as `{uuid}`, as reports group
        // them (newcomer28 N1, newcomer47);
        // the hop too: the same words on another leg are another line (`[leg upstream]`:
        // the agent's own fault behind a gateway is not a repeat of the client hop's),
        // as the reports group by leg (review29b)
        // and whether the run's baseline knows it: a new finding is never folded into a
        // known one's line (open47: agent B's new fault behind A's known one), as the
        // reports never group them together
        let known = self.is_known(f);
        // and the agent: one fault of two agents is two lines (ux49)
        let agent = self.agent_of(f).unwrap_or_default();
        let key = format!(
            "{}\u{0}{pointer}\u{0}{}\u{0}{}\u{0}{known}\u{0}{agent}",
            f.rule,
            crate::report::fold_key(&f.message),
            f.leg.as_deref().unwrap_or("")
        );
        let place = format!(
            "{}\u{0}{pointer}\u{0}{}\u{0}{known}",
            f.rule,
            f.leg.as_deref().unwrap_or("")
        );
        if f.severity >= Severity::Error {
            match self.errors.get_mut(&key) {
                Some((at, since)) => {
                    *since += 1;
                    let gap = now.saturating_duration_since(*at);
                    if gap < Self::REMIND {
                        self.fold(&f.rule, true);
                        return None;
                    }
                    let n = *since;
                    *at = now;
                    *since = 0;
                    // this line is one of the n: it is printed, no longer hidden
                    if let Some(h) = self.hidden.get_mut(&f.rule) {
                        *h = h.saturating_sub(n - 1);
                    }
                    self.folded = self.folded.saturating_sub(n - 1);
                    self.hidden_errors = self.hidden_errors.saturating_sub(n - 1);
                    return Some(format!(
                        "{} (again, {n} time{} in the last {} s)",
                        self.line_of(f, known),
                        if n == 1 { "" } else { "s" },
                        gap.as_secs()
                    ));
                }
                None => {
                    let Ok(unsaid) = self.place_allows(place, now) else {
                        self.fold(&f.rule, true);
                        return None;
                    };
                    if self.errors.len() < Self::MAX_KEYS {
                        self.errors.insert(key, (now, 0));
                    }
                    return Some(Self::with_unsaid(self.line_of(f, known), unsaid, &f.rule));
                }
            }
        }
        if let Some(n) = self.seen.get_mut(&key) {
            *n += 1;
            self.fold(&f.rule, false);
            return None;
        }
        let Ok(unsaid) = self.place_allows(place, now) else {
            self.fold(&f.rule, false);
            return None;
        };
        if self.seen.len() < Self::MAX_KEYS {
            self.seen.insert(key, 1);
        }
        Some(Self::with_unsaid(self.line_of(f, known), unsaid, &f.rule))
    }

    fn fold(&mut self, rule: &str, error: bool) {
        self.folded += 1;
        *self.hidden.entry(rule.to_string()).or_insert(0) += 1;
        if error {
            self.hidden_errors += 1;
        }
    }

    /// One line for the end of the run when lines were folded and not all told by a later
    /// line: "14 repeated note/warning lines not printed again (CARD-URL-005 ×14); a
    /// report (--report, or a2a-interop report on the recording) lists each exchange".
    pub fn summary(&self) -> Option<String> {
        if self.folded == 0 {
            return None;
        }
        let list = self
            .hidden
            .iter()
            .filter(|(_, n)| **n > 0)
            .map(|(r, n)| format!("{r} ×{n}"))
            .collect::<Vec<_>>()
            .join(", ");
        let kinds = match (
            self.hidden_errors,
            self.folded - self.hidden_errors.min(self.folded),
        ) {
            (0, _) => "note/warning",
            (_, 0) => "error",
            _ => "error/note/warning",
        };
        Some(format!(
            "{} repeated {kinds} line{} not printed again ({list}); a report (--report, or `a2a-interop report` on the recording) lists each exchange",
            self.folded,
            if self.folded == 1 { "" } else { "s" }
        ))
    }
}

impl Pipeline {
    /// Starts recorder, verifier and proxy. Errors: the recording file cannot be created,
    /// the listen address cannot be bound, a route is invalid.
    pub async fn start(cfg: PipelineConfig) -> anyhow::Result<Pipeline> {
        Self::start_ext(cfg, proxy::ProxyExtras::default()).await
    }

    /// [`Pipeline::start`] in forward mode (`proxy --forward`, [`proxy::forward`]): the
    /// recording header says `mode: forward`. Same errors.
    pub async fn start_forward(
        cfg: PipelineConfig,
        fwd: proxy::forward::ForwardConfig,
    ) -> anyhow::Result<Pipeline> {
        let ext = proxy::ProxyExtras {
            forward: Some(fwd),
            ..proxy::ProxyExtras::default()
        };
        Self::start_ext(cfg, ext).await
    }

    /// [`Pipeline::start`] with listener extras (forward mode, TLS listener); the header's
    /// mode is `forward` when `ext.forward` is set. Same errors, plus certificate / CA files
    /// that cannot be loaded.
    pub async fn start_ext(
        cfg: PipelineConfig,
        ext: proxy::ProxyExtras,
    ) -> anyhow::Result<Pipeline> {
        Self::start_judged(cfg, ext, None).await
    }

    /// [`Pipeline::start_ext`] whose live finding lines mark the findings `live_baseline`
    /// knows (`proxy --baseline`: `error[RULE] (known, in the baseline) e3 #12: ...`); the
    /// baseline is applied to the recording again when the run stops, for the exit status
    /// and the reports. Same errors.
    pub async fn start_judged(
        cfg: PipelineConfig,
        mut ext: proxy::ProxyExtras,
        live_baseline: Option<std::sync::Arc<crate::report::baseline::Baseline>>,
    ) -> anyhow::Result<Pipeline> {
        // the verifier's live lines say each refused request (HTTP-FRAME-003)
        ext.findings_printed = cfg.print_findings;
        // `--no-via`: one set of upstream connections for every listener of the run, so a
        // request one listener forwards to another is refused as a loop too (attack59)
        if ext.no_via && ext.own_connections.is_none() {
            ext.own_connections = Some(proxy::self_loop::OwnConnections::new());
        }
        let mode = if ext.forward.is_some() {
            CaptureMode::Forward
        } else {
            CaptureMode::Reverse
        };
        let mut header = RecordingHeader::new(mode);
        let legged = |pc: &ProxyConfig| -> Vec<crate::record::Route> {
            pc.routes
                .iter()
                .cloned()
                .map(|mut r| {
                    if r.leg.is_none() {
                        r.leg = pc.leg.clone();
                    }
                    r
                })
                .collect()
        };
        header.routes = legged(&cfg.proxy);
        header.redacted = cfg.redact;
        // the public base the card rewrite names (breaker16b T10): judged live and offline
        if cfg.proxy.rewrite_card {
            header.public_url = ext.public_url.clone();
        }
        header.driver = ext.driver.clone();
        // Bind first so the header can name the real address (port 0 resolved).
        // tokio's bind sets SO_REUSEADDR: a restart on the same port works at once.
        // `--listen localhost:PORT`: `::1` too, same port (the OS's pick when PORT is 0)
        let (listener, v6) = bind_localhost(cfg.proxy.listen, ext.also_ipv6_loopback)
            .await
            .with_context(|| format!("cannot listen on {}", cfg.proxy.listen))?;
        let listen = listener.local_addr()?;
        header.listen = vec![listen.to_string()];
        let (ipv6_loopback, v6_listener) = split_v6(v6, &mut header.listen);
        let mut more = Vec::new();
        // `--listener LEG@localhost:PORT=URL` the same way (ux39): each one's `::1` twin
        // is started after the main one's, with the same configuration
        let mut more_v6 = Vec::new();
        let mut more_ipv6_loopback = Vec::new();
        for (i, pc) in ext.more.iter().enumerate() {
            let also = ext.more_also_ipv6_loopback.get(i).copied().unwrap_or(false);
            let (l, v6) = bind_localhost(pc.listen, also)
                .await
                .with_context(|| format!("cannot listen on {} (--listener)", pc.listen))?;
            let mut pc = pc.clone();
            pc.listen = l.local_addr()?;
            header.listen.push(pc.listen.to_string());
            let (outcome, l6) = split_v6(v6, &mut header.listen);
            if let Some(l6) = l6 {
                more_v6.push((l6, pc.clone()));
            }
            more_ipv6_loopback.push(outcome);
            header.routes.extend(legged(&pc));
            more.push((l, pc));
        }

        let (tx, rx) = mpsc::channel::<Handoff>();
        let verifier_backlog = Arc::new(AtomicUsize::new(0));
        let backlog_in = verifier_backlog.clone();
        let backlog_out = verifier_backlog.clone();
        // bytes of the batches handed over and not yet verified (bodies + EVENT_OVERHEAD)
        let backlog_bytes = Arc::new(AtomicUsize::new(0));
        let bytes_in = backlog_bytes.clone();
        let bytes_out = backlog_bytes.clone();
        let max_behind = verifier_backlog_limit();
        let stop_verifying = Arc::new(AtomicBool::new(false));
        let skip = stop_verifying.clone();
        // The verifier thread gives each judged batch's vector back to the writer
        // (docs/performance.md, "Session 39": no allocation and regrowth per round).
        let spares = BatchSpares::default();
        let spares_back = spares.clone();
        let (sink, recorder) = spawn_recorder_batched_reusing(
            RecorderConfig {
                path: cfg.record.clone(),
                overwrite: cfg.overwrite,
                header: header.clone(),
                queue_bytes: cfg.queue_bytes,
                lossless: cfg.lossless,
                redact: cfg.redact,
                secret_headers: ext.secret_headers.clone(),
            },
            // By value and in batches: the verifier thread gets the events without a copy,
            // one send per recorder round.
            Box::new(move |batch: Vec<Event>| {
                let bytes = batch_bytes(&batch);
                // Issue 7 (mem43): the verifier thread may fall behind the traffic (a burst
                // of large bodies, a slow machine); what it has not verified yet is held in
                // memory, so past `max_behind` bytes a batch is recorded but not handed over
                // (the verifier hears which exchanges it missed) instead of growing the
                // backlog without bound.
                let behind = bytes_in.load(Ordering::Relaxed);
                if (max_behind == 0 || behind > 0) && behind + bytes > max_behind {
                    let started = batch
                        .iter()
                        .filter(|e| matches!(e.kind, EventKind::RequestHead { .. }))
                        .filter_map(|e| e.exchange.as_deref().map(str::to_string))
                        .collect();
                    let _ = tx.send(Handoff::Skipped {
                        events: batch.len(),
                        behind,
                        started,
                    });
                    return;
                }
                bytes_in.fetch_add(bytes, Ordering::Relaxed);
                backlog_in.fetch_add(batch.len(), Ordering::Relaxed);
                let _ = tx.send(Handoff::Batch(batch, bytes));
            }),
            spares,
        )
        .with_context(|| match &cfg.record {
            Some(p) => format!("cannot create recording {}", p.display()),
            None => "cannot start the recorder".into(),
        })?;
        let vheader = header.clone();
        // A front with listeners beside it (a gateway's two legs): which leg is silent, and
        // whether the card the client got sends it around the tool (ux48).
        let mut legwatch = if ext.driver.is_none() && ext.forward.is_none() && !more.is_empty() {
            let first_upstream = |pc: &ProxyConfig| {
                pc.routes
                    .first()
                    .map(|r| r.upstream.clone())
                    .unwrap_or_default()
            };
            let scheme = if ext.tls.is_some() { "https" } else { "http" };
            let mut legs = vec![crate::app::legwatch::LegSpec {
                name: cfg.proxy.leg.clone().unwrap_or_else(|| "client".into()),
                listen: format!("{scheme}://{listen}"),
                upstream: first_upstream(&cfg.proxy),
            }];
            for (_, pc) in &more {
                legs.push(crate::app::legwatch::LegSpec {
                    name: pc.leg.clone().unwrap_or_else(|| "client".into()),
                    listen: format!("http://{}", pc.listen),
                    upstream: first_upstream(pc),
                });
            }
            crate::app::legwatch::LegWatch::new(legs, ext.public_url.as_deref())
                .map(|w| w.rewriting_cards(cfg.proxy.rewrite_card))
        } else {
            None
        };
        // No listener or route names a leg and no driver sends its own: every event is on
        // the client leg, and the verifier keeps nothing for pairing legs (perfp40).
        let one_leg = ext.driver.is_none()
            && cfg.proxy.leg.is_none()
            && cfg.proxy.routes.iter().all(|r| r.leg.is_none())
            && ext
                .more
                .iter()
                .all(|pc| pc.leg.is_none() && pc.routes.iter().all(|r| r.leg.is_none()));
        let vsink = sink.clone();
        let print = cfg.print_findings;
        let live_baseline = live_baseline.filter(|_| print);
        let forward_run = ext.forward.is_some();
        // several agents behind one proxy (forward mode, routes, a gateway's legs): each
        // live line names its agent (ux49)
        let several_agents = forward_run
            || cfg.proxy.routes.len() > 1
            || ext
                .more
                .iter()
                .any(|pc| pc.leg.as_deref() != Some("webhook"));
        // `proxy -q` still prints its own lines about the upstream (down, answering again,
        // no card there: ux42); a driver's pipeline (`probe`, `interop`) says those things
        // in its own words and prints none of them (cli_newcomer21 N2: interop's one-line
        // "no A2A Agent Card" error got the proxy's card warning above it)
        let watch_lines = print || ext.driver.is_none();
        let cap = cfg.proxy.capture_cap;
        // without --rewrite-card, the first CARD-URL-005 says what to do (newcomer22 N3)
        let mut bypass_hint = print && !cfg.proxy.rewrite_card;
        let verifier = std::thread::Builder::new()
            .name("a2a-verifier".into())
            .spawn(move || {
                crate::record::writer::keep_up_behind_forwarding();
                let mut v = Verifier::new(&vheader);
                if one_leg {
                    v.expect_one_leg();
                }
                let mut fold = match live_baseline {
                    Some(b) => LiveFold::with_baseline(b, forward_run),
                    None => LiveFold::default(),
                }
                .with_agents(print && several_agents);
                let mut watch = UpstreamWatch::default();
                // whether any exchange reached the upstream (RunOutcome::reached_upstream)
                let mut reached = false;
                let mut own_statuses: Vec<u16> = Vec::new();
                // The findings the live lines told (rule, first evidence seq): those `finish`
                // adds (rules that need the whole recording: CARD-URL-013's held verdict,
                // TASK-STATE-004's cancel that never took effect, ...) are told after the
                // traffic, so that the stderr lines hold every finding of the report
                // (breaker56: they were in the report only)
                let mut told: std::collections::HashSet<(String, u64)> =
                    std::collections::HashSet::new();
                // By reference into the batch (`Verifier::feed_taken`): no move of the
                // ~220-byte event per call (docs/performance.md, "Session 38").
                let mut feed = |v: &mut Verifier, ev: &mut Event| {
                    if !reached {
                        match &ev.kind {
                            EventKind::ExchangeEnd { outcome, .. } => {
                                reached = *outcome != Outcome::UpstreamError;
                            }
                            EventKind::ResponseHead {
                                synthetic: true,
                                status,
                                ..
                            } => note_own_status(&mut own_statuses, *status),
                            _ => {}
                        }
                    }
                    // A dead upstream gets a line of its own: the client only sees a 502.
                    // So does an answer the agent cut short (`upstream_abort`: closed or
                    // reset mid-body; the cause says after how many of how many bytes).
                    // An outage prints its first lines, then counts, and says when the
                    // agent answers again (newcomer22 N2).
                    // With -q the per-request `upstream-error eN` lines are left out, not
                    // the proxy's own lines about an upstream that is down (ux42: a `-q`
                    // run whose agent died mid-run ended with a clean-looking summary).
                    for line in watch.lines(ev) {
                        if print || (watch_lines && !line.starts_with("upstream-error ")) {
                            crate::errln!("{line}");
                        }
                    }
                    if let Some(w) = legwatch.as_mut() {
                        for line in w.lines(ev) {
                            crate::errln!("{line}");
                        }
                    }
                    // a body cut at --capture-cap (newcomer19 N10): the proxy's one
                    // truncated body event per exchange and direction says so
                    // With --capture-cap 0 every body is cut by choice: the start line said
                    // so and the shutdown line counts them, no note per exchange (review32).
                    if print && cap > 0 {
                        // not "forwarded whole": the cap cuts the recording only, and a
                        // body to an agent that is down is never sent (newcomer23 N4)
                        let cut = match &ev.kind {
                            EventKind::RequestBody { body } if body.truncated => {
                                Some(("request", "agent"))
                            }
                            EventKind::ResponseChunk { body } if body.truncated => {
                                Some(("response", "client"))
                            }
                            _ => None,
                        };
                        if let Some((which, to)) = cut {
                            crate::errln!(
                                "{}: note: {} {which} body cut at --capture-cap ({cap} bytes) in the recording only (not on its way to the {to}): recorded up to there and not judged; hint: a larger --capture-cap records it all",
                                crate::stderr_prefix(),
                                ev.exchange.as_deref().unwrap_or("-"),
                            );
                        }
                    }
                    let ended = matches!(ev.kind, EventKind::ExchangeEnd { .. });
                    // the legs of a run with several, for a finding line whose evidence
                    // spans them (a gateway recorded on two legs)
                    if print && !one_leg {
                        fold.observe(ev);
                    }
                    if fold.judges() {
                        fold.observe_requests(ev);
                    }
                    fold.observe_agents(ev);
                    let found = v.feed_taken(ev);
                    // a request the agent never answered before the client left
                    // (newcomer19 N6): said now, not only in the report
                    if ended {
                        for note in v.take_live_notes() {
                            if print {
                                crate::errln!(
                                    "{}: note: {}",
                                    crate::stderr_prefix(),
                                    crate::report::show_controls_line(&note)
                                );
                            }
                        }
                    }
                    // the hint follows every finding line of the event that called for it,
                    // not the first of them (newcomer25 N14: it stood between a card's two
                    // CARD-URL-005 lines); the lines go out in one write, so no line of
                    // another thread (`stopping`) lands between them
                    let mut hint = false;
                    let mut lines = String::new();
                    for f in found {
                        told.insert(told_key(&f));
                        if print {
                            if let Some(line) = fold.line(&f) {
                                lines.push_str(&line);
                                lines.push('\n');
                            }
                        }
                        if bypass_hint && f.rule == crate::verify::rules::CARD_URL_BYPASSES_PROXY.id {
                            bypass_hint = false;
                            hint = true;
                        }
                        // Kept with the traffic (a `finding` event); offline verification
                        // ignores these and recomputes.
                        vsink.try_send(
                            None,
                            f.leg.clone(),
                            EventKind::Finding {
                                rule: f.rule.clone(),
                                severity: f.severity.as_str().into(),
                                message: crate::record::redact::redact_urls_in_text(&f.message)
                                    .into_owned(),
                                seqs: f.evidence.iter().map(|e| e.seq).collect(),
                            },
                        );
                    }
                    if hint {
                        lines.push_str(&format!("{}: {CARD_BYPASS_HINT}\n", crate::stderr_prefix()));
                    }
                    if !lines.is_empty() {
                        use std::io::Write as _;
                        // on a terminal, each fits its width (newcomer59)
                        let lines = crate::app::fit_stderr(&lines);
                        let _ = std::io::stderr().lock().write_all(lines.as_bytes());
                    }
                };
                // One blocking receive per recorder round; ends when the recorder is done.
                let mut skipped_events = 0u64;
                while let Ok(handoff) = rx.recv() {
                    let (mut batch, bytes) = match handoff {
                        Handoff::Batch(batch, bytes) => (batch, bytes),
                        Handoff::Skipped {
                            events,
                            behind,
                            started,
                        } => {
                            if skipped_events == 0 {
                                crate::errln!(
                                    "{}: warning: the online verifier is {} MiB of events behind the traffic (more than {} MiB): it skips events until it catches up; every event is still recorded and forwarded, the exchanges it misses are listed as not judged, and `a2a-interop verify` of the recording judges them all",
                                    crate::stderr_prefix(),
                                    behind / (1024 * 1024),
                                    max_behind / (1024 * 1024)
                                );
                            }
                            skipped_events += events as u64;
                            v.events_not_fed(started);
                            continue;
                        }
                    };
                    let n = batch.len();
                    for ev in batch.iter_mut() {
                        // a process about to exit (a further Ctrl-C, q22 Q1): the rest is
                        // only counted off, the recording keeps it all
                        if !skip.load(Ordering::Relaxed) {
                            feed(&mut v, ev);
                        }
                    }
                    // the events dropped here, the vector back to the writer for a later
                    // round
                    spares_back.give_back(batch);
                    backlog_out.fetch_sub(n, Ordering::Relaxed);
                    bytes_out.fetch_sub(bytes, Ordering::Relaxed);
                }
                if skipped_events > 0 {
                    crate::errln!(
                        "{}: note: the online verifier skipped {skipped_events} events it fell behind on (recorded all the same): `a2a-interop verify` of the recording judges them",
                        crate::stderr_prefix()
                    );
                }
                let outcome = v.finish();
                if print {
                    let mut lines = String::new();
                    for f in &outcome.findings {
                        if !told.contains(&told_key(f)) {
                            if let Some(line) = fold.line(f) {
                                lines.push_str(&line);
                                lines.push('\n');
                            }
                        }
                    }
                    if !lines.is_empty() {
                        use std::io::Write as _;
                        // on a terminal, each fits its width (newcomer59)
                        let lines = crate::app::fit_stderr(&lines);
                        let _ = std::io::stderr().lock().write_all(lines.as_bytes());
                    }
                    if let Some(s) = fold.summary() {
                        crate::errln!("{}: {s}", crate::stderr_prefix());
                    }
                }
                if watch_lines {
                    for line in watch.summary(!print) {
                        crate::errln!("{line}");
                    }
                }
                if let Some(w) = &legwatch {
                    for line in w.summary() {
                        crate::errln!("{line}");
                    }
                }
                (outcome, reached, own_statuses)
            })?;
        let mut pcfg = cfg.proxy.clone();
        pcfg.listen = listen;
        // Same upstream TLS trust as the main listener (`https://` listener URLs).
        let more_ext = proxy::ProxyExtras {
            upstream_tls: ext.upstream_tls.clone(),
            preserve_host: ext.preserve_host,
            trust_forwarded: ext.trust_forwarded,
            half_close: ext.half_close,
            rewrite_signed_cards: ext.rewrite_signed_cards,
            upstream_sni: ext.upstream_sni.clone(),
            findings_printed: ext.findings_printed,
            tls_ports: ext.tls_ports.clone(),
            shutdown_grace: ext.shutdown_grace,
            no_via: ext.no_via,
            own_connections: ext.own_connections.clone(),
            ..proxy::ProxyExtras::default()
        };
        // In the order of `extra` ([`Self::extra_addrs`]): the further listeners, the main
        // listener's `[::1]` twin (same routes, leg, TLS, forward mode and extras), then
        // the further listeners' `[::1]` twins.
        let mut starts: Vec<(tokio::net::TcpListener, ProxyConfig, proxy::ProxyExtras)> =
            Vec::new();
        for (l, pc) in more {
            starts.push((l, pc, more_ext.clone()));
        }
        if let Some(l) = v6_listener {
            let mut pc6 = pcfg.clone();
            pc6.listen = l.local_addr()?;
            // the twins are one listener: forward mode refuses either as its own address
            // (attack59: a target `[::1]:PORT` took one hop to the twin, whose 400 came back)
            ext.same_listener.push(pc6.listen);
            let ext6 = proxy::ProxyExtras {
                more: Vec::new(),
                more_also_ipv6_loopback: Vec::new(),
                same_listener: vec![listen],
                ..ext.clone()
            };
            starts.push((l, pc6, ext6));
        }
        for (l, mut pc) in more_v6 {
            pc.listen = l.local_addr()?;
            starts.push((l, pc, more_ext.clone()));
        }
        let mut extra = Vec::new();
        for (l, pc, pext) in starts {
            match proxy::start_ext_on(l, pc.clone(), pext, sink.clone()).await {
                Ok(h) => extra.push(h),
                Err(e) => {
                    for h in extra {
                        h.shutdown().await;
                    }
                    let _ = recorder.finish().await;
                    return Err(anyhow::Error::new(e)
                        .context(format!("cannot start the proxy on {}", pc.listen)));
                }
            }
        }
        let proxy = match proxy::start_ext_on(listener, pcfg, ext, sink.clone()).await {
            Ok(p) => p,
            Err(e) => {
                let _ = recorder.finish().await;
                return Err(
                    anyhow::Error::new(e).context(format!("cannot start the proxy on {listen}"))
                );
            }
        };
        Ok(Pipeline {
            proxy,
            extra,
            recorder,
            sink,
            verifier,
            header,
            recording: cfg.record,
            verifier_backlog,
            stop_verifying,
            ipv6_loopback,
            more_ipv6_loopback,
        })
    }

    /// Events not yet fully processed behind the proxy, a snapshot: those queued for the
    /// recorder ([`EventSink::queued_events`]) plus those handed to the verifier thread and
    /// not yet verified. Events the recorder took in its current round (≤ 1 ms) or holds
    /// back for redaction (a JSON body until its exchange's next event) are in neither count.
    /// Benchmarks wait for 0 so that a load phase is charged all the CPU it caused.
    pub fn backlog(&self) -> usize {
        self.sink.queued_events() + self.verifier_backlog.load(Ordering::Relaxed)
    }

    /// The count of events handed to the online verifier and not yet verified, readable
    /// after [`Self::finish`] took the pipeline (a shared counter, no lock): what the stop
    /// waits for once the recording is closed, shown by the proxy while it catches up.
    pub fn verifier_backlog(&self) -> Arc<AtomicUsize> {
        self.verifier_backlog.clone()
    }

    /// A switch for a process about to exit before its findings are final (a further
    /// Ctrl-C while the recording is being finished, q22 Q1): once set, the online verifier
    /// verifies nothing more and counts what it is handed off at once, so the recorder has
    /// the machine to itself. The recording is not affected (every event is still written);
    /// the outcome [`Recorded::verified`] then returns judges only what came before.
    pub fn stop_verifying(&self) -> Arc<AtomicBool> {
        self.stop_verifying.clone()
    }

    /// Exchanges not ended yet on every listener (an open SSE stream is one): what
    /// [`Self::finish`] waits for, up to the shutdown grace ([`proxy::ProxyExtras::shutdown_grace`]).
    pub fn open_exchanges(&self) -> usize {
        self.proxy.open_exchanges()
            + self
                .extra
                .iter()
                .map(ProxyHandle::open_exchanges)
                .sum::<usize>()
    }

    /// Handles that cut [`Self::finish`]'s grace short on every listener (a second
    /// Ctrl-C): open exchanges then end with outcome `open` and the recording is closed
    /// whole ([`proxy::StopNow`]).
    pub fn stop_now(&self) -> Vec<proxy::StopNow> {
        std::iter::once(&self.proxy)
            .chain(&self.extra)
            .map(ProxyHandle::stop_now)
            .collect()
    }

    /// The proxy's client-facing address.
    pub fn proxy_addr(&self) -> SocketAddr {
        self.proxy.local_addr()
    }

    /// [`proxy::ProxyExtras::also_ipv6_loopback`]'s outcome: `Some(Ok([::1]:PORT))` also
    /// listened on, `Some(Err(why))` could not be bound, `None` not asked.
    pub fn ipv6_loopback(&self) -> Option<&Result<SocketAddr, String>> {
        self.ipv6_loopback.as_ref()
    }

    /// [`Self::ipv6_loopback`] for each further listener, in the order of
    /// [`proxy::ProxyExtras::more`]: `Some(Ok([::1]:PORT))` for a `--listener
    /// LEG@localhost:PORT=URL` also listening there (ux39).
    pub fn more_ipv6_loopback(&self) -> &[Option<Result<SocketAddr, String>>] {
        &self.more_ipv6_loopback
    }

    /// The addresses of the further listeners ([`proxy::ProxyExtras::more`]), in order
    /// (then `[::1]:PORT` when [`Self::ipv6_loopback`] is `Some(Ok(..))`, then the
    /// further listeners' `[::1]` twins, [`Self::more_ipv6_loopback`]).
    pub fn extra_addrs(&self) -> Vec<SocketAddr> {
        self.extra.iter().map(|h| h.local_addr()).collect()
    }

    /// The sink events go through (the prober sends its own traffic here).
    pub fn sink(&self) -> &EventSink {
        &self.sink
    }

    /// The recording header.
    pub fn header(&self) -> &RecordingHeader {
        &self.header
    }

    /// Stops the proxy (open connections get the shutdown grace ([`proxy::ProxyExtras::shutdown_grace`])), flushes the
    /// recording, and returns the verifier's outcome: [`Self::finish_recording`] then
    /// [`Recorded::verified`].
    pub async fn finish(self) -> anyhow::Result<RunOutcome> {
        self.finish_recording(|| {}).await?.verified().await
    }

    /// The first half of [`Self::finish`]: stops the proxy (open connections get
    /// the shutdown grace ([`proxy::ProxyExtras::shutdown_grace`])), calls `stopped` (no exchange is open any more), gives
    /// the online verifier up to [`VERIFIER_DRAIN`] to verify what it was handed, so that
    /// its `finding` events are recorded ([`drain_verifier_into_recording`]; recording runs
    /// only), writes every event still queued for the recorder and closes the recording
    /// file (flushed and synced). The online verifier may still be working off events it
    /// was handed ([`Self::verifier_backlog`]) when the drain gave up;
    /// [`Recorded::verified`] waits for it. A
    /// process that exits between the two leaves a complete recording that `verify`
    /// judges offline (only the live `finding` lines the verifier would still have added
    /// are missing, and offline verification recomputes those).
    ///
    /// # Errors
    /// The recorder thread failed (panicked or could not be joined).
    pub async fn finish_recording(self, stopped: impl FnOnce()) -> anyhow::Result<Recorded> {
        self.proxy.shutdown().await;
        for h in self.extra {
            h.shutdown().await;
        }
        stopped();
        if let Some(path) = &self.recording {
            drain_verifier_into_recording(
                &self.sink,
                &self.verifier_backlog,
                &self.stop_verifying,
                path,
            )
            .await;
        }
        drop(self.sink);
        let recorder = self
            .recorder
            .finish()
            .await
            .context("cannot finish the recording")?;
        Ok(Recorded {
            header: self.header,
            recording: self.recording,
            recorder,
            verifier: self.verifier,
        })
    }
}

/// How long the stop waits, once the traffic has stopped, for the online verifier to
/// verify what it was handed, so that its last `finding` events reach the recording before
/// it closes ([`drain_verifier_into_recording`]): 2 s.
pub const VERIFIER_DRAIN: std::time::Duration = std::time::Duration::from_secs(2);

/// Waits (at most [`VERIFIER_DRAIN`]) until the recorder has nothing queued and the online
/// verifier nothing handed and not verified, seen twice 2 ms apart (a recorder round
/// between taking its events and handing them over shows neither), so that the `finding`
/// events the verifier makes of the run's last exchanges are written before the recording
/// at `path` closes (attack59: under load the last ones were on stderr only, 3 of 16
/// parallel runs). Runs after the listeners stopped: no client waits on it. Gives up at
/// once when `stop_verifying` is set (a further Ctrl-C), and after [`VERIFIER_DRAIN`]
/// saying on stderr what the recording lacks and where the findings are whole.
async fn drain_verifier_into_recording(
    sink: &EventSink,
    verifier_backlog: &AtomicUsize,
    stop_verifying: &AtomicBool,
    path: &std::path::Path,
) {
    let end = tokio::time::Instant::now() + VERIFIER_DRAIN;
    let mut idle_once = false;
    loop {
        if stop_verifying.load(Ordering::Relaxed) {
            return;
        }
        let left = sink.queued_events() + verifier_backlog.load(Ordering::Relaxed);
        if left == 0 {
            if idle_once {
                return;
            }
            idle_once = true;
        } else {
            idle_once = false;
        }
        if tokio::time::Instant::now() >= end {
            crate::errln!(
                "{}: note: the online verifier still had {left} event{} to verify {} s after the traffic stopped: {} closes without the `finding` events it adds for them (its findings on stderr and `a2a-interop verify {}` are whole)",
                crate::stderr_prefix(),
                if left == 1 { "" } else { "s" },
                VERIFIER_DRAIN.as_secs(),
                path.display(),
                path.display()
            );
            return;
        }
        tokio::time::sleep(std::time::Duration::from_millis(2)).await;
    }
}

/// A pipeline whose recording is closed ([`Pipeline::finish_recording`]) and whose online
/// verifier may still be catching up.
pub struct Recorded {
    header: RecordingHeader,
    recording: Option<PathBuf>,
    recorder: RecorderStats,
    verifier: JoinHandle<(VerifyOutcome, bool, Vec<u16>)>,
}

impl Recorded {
    /// The recorder's totals (events, bytes, drops, write error), final.
    pub fn recorder(&self) -> &RecorderStats {
        &self.recorder
    }

    /// The recording file, if one was written (closed whole by now).
    pub fn recording(&self) -> Option<&std::path::Path> {
        self.recording.as_deref()
    }

    /// Waits for the online verifier to verify every event it was handed and returns the
    /// run's outcome.
    ///
    /// # Errors
    /// The verifier thread panicked.
    pub async fn verified(self) -> anyhow::Result<RunOutcome> {
        let verifier = self.verifier;
        let (verify, reached_upstream, own_statuses) =
            tokio::task::spawn_blocking(move || verifier.join())
                .await
                .context("verifier task")?
                .map_err(|_| anyhow::anyhow!("the verifier panicked"))?;
        Ok(RunOutcome {
            header: self.header,
            recording: self.recording,
            verify,
            recorder: self.recorder,
            reached_upstream,
            own_statuses,
        })
    }
}

/// The key of a finding as the live lines tell it (rule, first evidence seq): a finding
/// `finish` returns under a key no live line had is one `finish` added.
fn told_key(f: &Finding) -> (String, u64) {
    (
        f.rule.to_string(),
        f.evidence.first().map(|e| e.seq).unwrap_or(0),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::verify::{Category, Evidence, Severity};

    fn finding(exchange: Option<&str>) -> Finding {
        Finding {
            rule: "CARD-URL-001".into(),
            name: "card-url".into(),
            severity: Severity::Error,
            category: Category::AgentCard,
            message: "card url is not reachable".into(),
            help: String::new(),
            spec: vec![],
            evidence: vec![Evidence {
                seq: 3,
                exchange: exchange.map(str::to_string),
                pointer: None,
                found: None,
            }],
            leg: None,
        }
    }

    /// A request head of exchange `x` on `leg` (`None`: the client's hop), as the recorder
    /// writes it.
    fn head(x: &str, leg: Option<&str>) -> Event {
        Event {
            seq: 1,
            t_us: 0,
            exchange: Some(x.into()),
            leg: leg.map(str::to_string),
            kind: EventKind::RequestHead {
                conn: None,
                method: "GET".into(),
                url: "/".into(),
                version: None,
                headers: Headers::default(),
                upstream: None,
            },
        }
    }

    #[test]
    fn a_live_line_whose_evidence_spans_two_legs_names_both() {
        // GW-SSE-001 as the verifier makes it: the finding's own leg the client's, its
        // first evidence the agent's events on the upstream leg (e2), then the client's (e1)
        let mut f = finding(Some("e2"));
        f.rule = "GW-SSE-001".into();
        f.severity = Severity::Warning;
        f.message = "gateway held the stream back".into();
        f.evidence.push(Evidence {
            seq: 9,
            exchange: Some("e1".into()),
            pointer: None,
            found: None,
        });
        let mut fold = LiveFold::default();
        fold.observe(&head("e1", None));
        fold.observe(&head("e2", Some("upstream")));
        assert_eq!(
            fold.line(&f).as_deref(),
            Some("warning[GW-SSE-001] e2 #3 [legs upstream, client]: gateway held the stream back")
        );
        // one leg only: as before, the finding's own leg (none for the client's)
        let mut one = finding(Some("e1"));
        one.rule = "CARD-URL-002".into();
        assert_eq!(
            fold.line(&one).as_deref(),
            Some("error[CARD-URL-002] e1 #3: card url is not reachable")
        );
        // bounded: the oldest exchange is let go past MAX
        let mut legs = ExchangeLegs::default();
        for i in 0..=ExchangeLegs::MAX {
            legs.observe(&head(&format!("e{i}"), Some("upstream")));
        }
        assert_eq!(legs.legs.len(), ExchangeLegs::MAX);
        assert!(legs.legs_of(&finding(Some("e0"))).is_empty());
        assert_eq!(
            legs.legs_of(&finding(Some("e1"))),
            vec!["upstream".to_string()]
        );
    }

    #[test]
    fn live_lines_fold_repeated_notes() {
        let mut fold = LiveFold::default();
        let note = |x: &str, ptr: &str| {
            let mut f = finding(Some(x));
            f.rule = "CARD-URL-005".into();
            f.severity = Severity::Note;
            f.message = "the card advertises another origin".into();
            f.evidence[0].pointer = Some(ptr.into());
            f
        };
        assert_eq!(
            fold.line(&note("e1", "/supportedInterfaces/0/url")).as_deref(),
            Some("note[CARD-URL-005] e1 #3 at JSON $.supportedInterfaces[0].url: the card advertises another origin")
        );
        // another pointer is another line
        assert!(fold
            .line(&note("e1", "/supportedInterfaces/1/url"))
            .is_some());
        for x in ["e2", "e3", "e4"] {
            assert_eq!(fold.line(&note(x, "/supportedInterfaces/0/url")), None);
            assert_eq!(fold.line(&note(x, "/supportedInterfaces/1/url")), None);
        }
        assert_eq!(
            fold.summary().as_deref(),
            Some("6 repeated note/warning lines not printed again (CARD-URL-005 ×6); a report (--report, or `a2a-interop report` on the recording) lists each exchange")
        );
        assert_eq!(LiveFold::default().summary(), None);
    }

    /// newcomer28 N9: a repeating error is printed once, then at most once per REMIND with
    /// the count since its last line; another error's first line is never held back; the
    /// summary counts what no line told.
    #[test]
    fn live_lines_fold_a_repeating_error_and_remind_of_it() {
        let mut fold = LiveFold::default();
        let t0 = std::time::Instant::now();
        let at = |s: u64| t0 + std::time::Duration::from_secs(s);
        assert_eq!(
            fold.line_at(&finding(Some("e1")), at(0)).as_deref(),
            Some("error[CARD-URL-001] e1 #3: card url is not reachable")
        );
        for (i, x) in ["e2", "e3", "e4"].iter().enumerate() {
            assert_eq!(fold.line_at(&finding(Some(x)), at(1 + i as u64)), None);
        }
        // another error: its first line at once
        let mut other = finding(Some("e5"));
        other.message = "card url answered 404".into();
        assert!(fold.line_at(&other, at(4)).is_some());
        assert_eq!(
            fold.summary().as_deref(),
            Some("3 repeated error lines not printed again (CARD-URL-001 ×3); a report (--report, or `a2a-interop report` on the recording) lists each exchange")
        );
        assert_eq!(
            fold.line_at(&finding(Some("e6")), at(12)).as_deref(),
            Some("error[CARD-URL-001] e6 #3: card url is not reachable (again, 4 times in the last 12 s)")
        );
        assert_eq!(fold.summary(), None);
        assert_eq!(fold.line_at(&finding(Some("e7")), at(13)), None);
        assert_eq!(
            fold.line_at(&finding(Some("e8")), at(23)).as_deref(),
            Some("error[CARD-URL-001] e8 #3: card url is not reachable (again, 2 times in the last 11 s)")
        );
    }

    /// ux42: one rule at one place with another value in each message (a client sending
    /// `historyLength` -1, -2, -3, ... at 50 a second) prints PLACE_MAX lines per REMIND;
    /// the next line after the window names how many were not printed; another place, or
    /// another rule, is not held back.
    #[test]
    fn live_lines_cap_one_rule_at_one_place_with_other_values() {
        let mut fold = LiveFold::default();
        let t0 = std::time::Instant::now();
        let at = |ms: u64| t0 + std::time::Duration::from_millis(ms);
        let note = |i: u64, ptr: &str| {
            let mut f = finding(Some(&format!("e{i}")));
            f.rule = "DATA-PARAM-005".into();
            f.severity = Severity::Note;
            f.message = format!("historyLength the JSON number -{i}");
            f.evidence[0].pointer = Some(ptr.into());
            f
        };
        let printed: Vec<u64> = (1..=50)
            .filter(|&i| {
                fold.line_at(&note(i, "/params/historyLength"), at(i * 20))
                    .is_some()
            })
            .collect();
        assert_eq!(printed, [1, 2, 3]);
        // another place of the same rule: its own lines
        assert!(fold
            .line_at(&note(51, "/params/pageSize"), at(1100))
            .is_some());
        assert_eq!(
            fold.line_at(&note(52, "/params/historyLength"), at(10_100)).as_deref(),
            Some("note[DATA-PARAM-005] e52 #3 at JSON $.params.historyLength: historyLength the JSON number -52 (and 47 other DATA-PARAM-005 lines at this place not printed before it: other values, over 3 a 10 s)")
        );
        assert_eq!(
            fold.summary().as_deref(),
            Some("47 repeated note/warning lines not printed again (DATA-PARAM-005 ×47); a report (--report, or `a2a-interop report` on the recording) lists each exchange")
        );
    }

    #[test]
    fn finding_lines_name_rule_and_exchange() {
        assert_eq!(
            finding_line(&finding(Some("e12"))),
            "error[CARD-URL-001] e12 #3: card url is not reachable"
        );
        assert_eq!(
            finding_line(&finding(None)),
            "error[CARD-URL-001]: card url is not reachable"
        );
        let mut f = finding(Some("e1"));
        f.evidence[0].pointer = Some("/supportedInterfaces/1/url".into());
        assert_eq!(
            finding_line(&f),
            "error[CARD-URL-001] e1 #3 at JSON $.supportedInterfaces[1].url: card url is not reachable"
        );
        f.leg = Some("webhook".into());
        assert_eq!(
            finding_line(&f),
            "error[CARD-URL-001] e1 #3 at JSON $.supportedInterfaces[1].url [leg webhook]: card url is not reachable"
        );
    }
}

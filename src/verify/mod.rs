/*!
Verifier: events in, findings out. Sans-IO: no files, no sockets, no clock, no tokio.

The same [`Verifier`] runs online (fed by the proxy's recorder task as events arrive) and
offline (fed by a file reader), so verdicts are the same either way.

```text
Verifier::new(&RecordingHeader) ─► feed(&Event) / feed_owned(Event) -> Vec<Finding> (new ones, for live printing)
                                ─► finish() -> VerifyOutcome (all findings, dialects, coverage)
```

`feed` returns a finding as soon as it is certain (most at the end of an exchange, stream
rules at the SSE event that proves them). `finish` adds the few rules that need the whole
recording (a cancel that never took effect) and returns every finding, sorted by first
evidence `seq`. The rule logic lives in `engine` (private); the registry in [`rules`].
*/

mod areas;
mod engine;
pub mod finding;
pub mod rules;
mod wording;

pub use areas::AreaExchanges;
pub use engine::{
    stream_first_event_rule, HELD_OPEN_GRACE_US, KEPT_RECENT_FINDINGS, MAX_EXCHANGE_DIALECTS,
    MAX_KEPT_FINDINGS, MAX_KEPT_INCOMPLETE, NEVER_ANSWERED, NEVER_ENDED, NOT_ANSWERED_AT_END,
    NOT_FED,
};
pub use finding::{Category, Evidence, Finding, Rule, Severity};

use crate::record::{Event, ExchangeId, RecordingHeader};

/// Everything a verification run concluded.
#[derive(Clone, Debug, Default)]
pub struct VerifyOutcome {
    /// All findings, in order of their first evidence `seq`.
    pub findings: Vec<Finding>,
    /// Wire generations seen (`"0.1"`, `"0.2"`, `"0.3"`, `"1.0"`; gRPC calls as `"0.3 gRPC"`
    /// / `"1.0 gRPC"`, GRPC-001), sorted.
    pub dialects: Vec<String>,
    /// Call exchanges per A2A version and binding, sorted by version then binding name:
    /// which bindings (JSON-RPC, HTTP+JSON, gRPC) each version was spoken over. A batch
    /// counts once; card fetches are not counted.
    pub bindings: Vec<BindingUse>,
    /// [`Self::bindings`] per leg of a gateway's recording (`--listener LEG@...`: the
    /// client-facing hop as `client`, then each named leg), each leg's entries sorted by
    /// version then binding: which protocol version and binding each leg spoke (breaker48:
    /// a gateway bridging 0.3 to 1.0 or JSON-RPC to HTTP+JSON). Empty when every call is on
    /// one leg.
    pub leg_bindings: Vec<LegBindings>,
    /// Events fed.
    pub events: u64,
    /// Exchanges seen.
    pub exchanges: u64,
    /// Rule areas the traffic exercised (`card`, `card-url`, `jsonrpc`, `rest`, `task`,
    /// `stream`, `sse`, `version`, `auth`, `push`, `gateway`, `grpc`), sorted.
    pub areas_exercised: Vec<String>,
    /// For each area of [`VerifyOutcome::areas_exercised`] that exchanges exercised, the
    /// exchanges that did, at most [`areas::MAX_AREA_EXCHANGES`] per area (the JUnit
    /// report's time of a passing area: the time of its exchanges; q30b): kept as numbers,
    /// `(area, exchange ids)` sorted by [`AreaExchanges::lists`] when a report asks
    /// (perf42). The ids are the events' shared ones (no copy per area: perfp36).
    pub area_exchanges: AreaExchanges,
    /// Exchanges whose verdict is incomplete (truncated capture or a recorder `gap`):
    /// `(exchange id, reason)`. No finding is invented from missing data.
    pub incomplete: Vec<(String, String)>,
    /// Entries of `incomplete` dropped, oldest first, to keep at most
    /// [`MAX_KEPT_INCOMPLETE`] in memory (issue 7): exchanges not judged that are not
    /// listed. 0 on any recording with fewer.
    pub incomplete_not_kept: u64,
    /// Findings made but not kept in `findings` (issue 7, "flat in memory"): past
    /// [`MAX_KEPT_FINDINGS`] held at once, the verifier keeps the first of each rule,
    /// severity and leg and the latest [`KEPT_RECENT_FINDINGS`], and counts the others
    /// here by rule and severity, sorted. Empty unless a run made more than 10,000
    /// findings. Each was returned by [`Verifier::feed`] when made (the proxy writes it
    /// to the recording as a `finding` event).
    pub findings_not_kept: Vec<NotKept>,
    /// The first 16 exchanges the recording ended with still open, their answer unfinished
    /// (an SSE stream, or a response body still arriving: the proxy stopped mid-call, a
    /// transcript's `close: timeout`), each also an `incomplete` entry with the same
    /// reason: named with their request and how long they were open for the proxy's stop
    /// summary (newcomer25 N10). In the order their ends were read.
    pub open_at_end: Vec<OpenAtEnd>,
    /// Webhook URLs that push configs named (inline in a send, or a Create / set call) and
    /// that no push delivery in the recording reached, with the exchange of the first such
    /// config, at most 16, in the order configured: the agent never called the webhook, or
    /// called it around the recorder (an agent sends its notifications straight to the
    /// config's url; newcomer48: "push notifications never arrive" got no word of it).
    pub push_unreached: Vec<(String, String)>,
    /// Dialect of each exchange that used one: `(exchange id, "1.0" | "0.3" | "1.0 gRPC" | ...)`, for
    /// the first 10 000 such exchanges (memory stays flat on huge recordings). The ids are
    /// the events' shared ones (perfp36).
    pub exchange_dialects: Vec<(ExchangeId, String)>,
    /// A gateway's own task and context ids paired with the agent's (ux49, `report
    /// --task`): `(the id the client leg's answer named, the agent's id in the upstream
    /// leg's answer to the same send)`, as the verifier learnt them to pair the two legs
    /// (ID-001, ID-002: the client's server is the gateway, which may mint its own), at
    /// most 4096, sorted. Empty for a recording of one leg or a gateway that passes the
    /// agent's ids on.
    pub gateway_ids: Vec<(String, String)>,
}

/// Findings of one rule and severity made but not kept in memory
/// ([`VerifyOutcome::findings_not_kept`]).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct NotKept {
    /// Rule ID (`RPC-REQ-001`).
    pub rule: String,
    pub severity: Severity,
    /// Findings of it not kept.
    pub count: u64,
}

impl VerifyOutcome {
    /// Findings made in all: those kept plus [`VerifyOutcome::findings_not_kept`].
    pub fn findings_made(&self) -> u64 {
        self.findings.len() as u64 + self.findings_not_kept.iter().map(|n| n.count).sum::<u64>()
    }
}

/// How many call exchanges used one A2A version over one binding
/// ([`VerifyOutcome::bindings`]).
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct BindingUse {
    /// The A2A version (`"1.0"`, `"0.3"`, `"0.2"`).
    pub version: String,
    /// `"JSON-RPC"`, `"HTTP+JSON"` or `"gRPC"` (the spec's binding names).
    pub binding: String,
    /// Exchanges.
    pub exchanges: u64,
}

/// The calls of one leg of a gateway's recording by A2A version and binding
/// ([`VerifyOutcome::leg_bindings`]; the JSON report's `legs`).
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct LegBindings {
    /// The leg: `client` for the client-facing hop, else the name `--listener LEG@...`
    /// gave it (`upstream`).
    pub leg: String,
    /// Its call exchanges per A2A version and binding, sorted by version then binding.
    pub bindings: Vec<BindingUse>,
}

/// An exchange the recording ended with still open ([`VerifyOutcome::open_at_end`]).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct OpenAtEnd {
    /// Exchange id (`e3`).
    pub exchange: String,
    /// HTTP method of its request (`POST`).
    pub method: String,
    /// Request target path (and query) as recorded (`/`, `/v1/message:stream`).
    pub path: String,
    /// The JSON-RPC method as sent, else the A2A operation's name (`SendStreamingMessage`),
    /// when the request named one.
    pub operation: Option<String>,
    /// How long it was open: from its request head to its recorded end, microseconds.
    pub open_us: u64,
    /// Why it is not judged, the `incomplete` reason (`the recording ended with the stream
    /// open: end of stream not judged`).
    pub reason: String,
}

impl OpenAtEnd {
    /// The exchange as a stop summary names it, in the words `verify` lists exchanges not
    /// judged with: `e2 (POST / SendStreamingMessage, open 3.2 s): the recording ended with
    /// the stream open: end of stream not judged`.
    pub fn line(&self) -> String {
        let op = self
            .operation
            .as_deref()
            .map(|o| format!(" {o}"))
            .unwrap_or_default();
        format!(
            "{} ({} {}{op}, open {:.1} s): {}",
            self.exchange,
            self.method,
            self.path,
            self.open_us as f64 / 1e6,
            self.reason
        )
    }
}

/// The verification engine. See the module docs.
pub struct Verifier {
    header: RecordingHeader,
    state: engine::State,
}

impl Verifier {
    /// A verifier for traffic captured as `header` describes (mode, routes, listen addresses).
    pub fn new(header: &RecordingHeader) -> Self {
        Verifier {
            header: header.clone(),
            state: engine::State::new(header),
        }
    }

    /// Tells the verifier that the traffic it will be fed has one leg, the client-facing
    /// one (no event with a `leg`): the live proxy with no `--leg` and no legged route says
    /// so. It then keeps no client-leg request for pairing with an upstream-leg copy
    /// (VER-HDR-002, GW-REQ-001..003 compare the two legs; perfp40: ~1k instructions per
    /// request with nothing to pair). Findings are the same as without it: only an
    /// upstream-leg request reads those requests; should a legged request come anyway,
    /// the verifier keeps them from then on (an earlier client request is not paired).
    pub fn expect_one_leg(&mut self) {
        self.state.expect_one_leg();
    }

    /// The header this verifier judges against.
    pub fn header(&self) -> &RecordingHeader {
        &self.header
    }

    /// Feeds one event; returns the findings it completed (possibly none).
    pub fn feed(&mut self, ev: &Event) -> Vec<Finding> {
        self.state.shed_kept();
        self.state.feed(ev)
    }

    /// [`Verifier::feed`] for an event the caller no longer needs: its request method, URL,
    /// header lists and exchange id move into the verifier's state instead of being copied
    /// (the offline reader and the online pipeline hand over every event this way). Same
    /// findings as `feed(&ev)`.
    pub fn feed_owned(&mut self, ev: Event) -> Vec<Finding> {
        self.state.shed_kept();
        self.state.feed_owned(ev)
    }

    /// [`Verifier::feed_owned`] for an event the caller holds in place (an element of a
    /// batch it drops afterwards): the parts the verifier keeps are taken out of `ev` and
    /// left empty (a `request_head`'s method, URL, upstream URL, header list, exchange id
    /// and leg; a `response_head`'s header list); other events are not changed. No move of
    /// the whole event (the online pipeline's verifier thread). Same findings as
    /// `feed(&ev)` on the event as it was.
    pub fn feed_taken(&mut self, ev: &mut Event) -> Vec<Finding> {
        self.state.shed_kept();
        self.state.feed_taken(ev)
    }

    /// Lines worth printing live that arose from the events fed since the last call, oldest
    /// first: a request the agent never answered before the client gave up (`the agent
    /// never answered e1 GET /.well-known/agent-card.json; the client gave up after 5.0 s
    /// ...`, newcomer19 N6). Offline each is an entry of [`VerifyOutcome::incomplete`].
    pub fn take_live_notes(&mut self) -> Vec<String> {
        self.state.take_live_notes()
    }

    /// A line of the recording between the events fed so far and the next one could not
    /// be read and was skipped (`verify --skip-bad-lines`): the exchanges open now are
    /// judged as incomplete (their `incomplete` reason names the skipped line), since that
    /// line may have held one of their events.
    pub fn line_skipped(&mut self) {
        self.state.line_skipped()
    }

    /// Events of the traffic were not fed to this verifier (the online pipeline's verifier
    /// fell behind and skipped a batch: issue 7): the exchanges open now are judged as
    /// incomplete, and `started` (the ids of the exchanges whose `request_head` was among
    /// the skipped events) are listed in [`VerifyOutcome::incomplete`] with [`NOT_FED`].
    /// Later events of those exchanges are passed over. No finding is made from the gap.
    pub fn events_not_fed(&mut self, started: Vec<String>) {
        self.state.shed_kept();
        self.state.events_not_fed(started)
    }

    /// How many entries each collection of the verifier's state holds now, as
    /// `(field name, entries)`: what a long recording must keep bounded (every one is capped,
    /// so memory stays flat in file length; docs/performance.md, "Session 26 (mem26)").
    /// Entry counts, not bytes: for tests and `benches/verify.rs`'s trace.
    pub fn kept_counts(&self) -> Vec<(&'static str, usize)> {
        self.state.kept_counts()
    }

    /// Ends the run: rules that need the whole recording fire here. Returns every finding
    /// (those already returned by `feed` included), sorted by first evidence `seq`.
    pub fn finish(self) -> VerifyOutcome {
        self.state.finish()
    }
}

/// Verifies a whole event sequence at once (offline helper).
pub fn verify_all<'a>(
    header: &RecordingHeader,
    events: impl IntoIterator<Item = &'a Event>,
) -> VerifyOutcome {
    let mut v = Verifier::new(header);
    for ev in events {
        v.feed(ev);
    }
    v.finish()
}

/*!
Exchange index: a small, display-only view of the traffic that reports need for excerpts,
sequence diagrams and timelines (method, path, status, A2A method, SSE events, task ids).

It is built from the same [`Event`]s the verifier is fed, in one pass, with bounded memory,
and holds no rule logic: it never judges, it only remembers what was on the wire so a
renderer can show it next to a finding.

```text
ExchangeIndex::new(SourceFile) ─► observe(&Event)* ─► exchange(id) / exchange_of_seq(seq) /
                                                      excerpt(seq) / line_of_seq(seq)
```
*/

use std::collections::HashMap;

use crate::record::{CallerBy, Event, EventKind, ExchangeId, Outcome};

/// Bytes of a body kept per event as an excerpt (first bytes, cut on a char boundary).
pub const EXCERPT_BYTES: usize = 240;
/// Total excerpt bytes kept for one recording (8 MiB); later events get no excerpt.
pub const EXCERPT_BUDGET_BYTES: usize = 8 * 1024 * 1024;
/// SSE events remembered per exchange for timelines.
pub const SSE_EVENTS_PER_EXCHANGE: usize = 200;
/// SSE events remembered for the whole recording.
pub const SSE_EVENTS_TOTAL: usize = 20_000;
/// Bytes of an SSE event's `data` kept for display.
pub const SSE_DATA_BYTES: usize = 160;
/// Bytes of one unfinished SSE event kept for display (1 MiB); a larger event is counted
/// in `sse_events_dropped` instead of shown (keeps the scan linear).
pub const SSE_BUF_BYTES: usize = 1024 * 1024;
/// Exchanges indexed at most (memory stays bounded on huge recordings); later exchanges are
/// counted ([`ExchangeIndex::exchanges_seen`]) but not shown. [`INDEX_BUDGET_BYTES`] is
/// usually reached first (~40,000 exchanges of proxy traffic).
pub const MAX_EXCHANGES: usize = 200_000;
/// `seq` to exchange entries kept at most (16 bytes each, 16 MiB): also caps one exchange's
/// very long event stream, whose entries do not wait for [`INDEX_BUDGET_BYTES`].
pub const MAX_SEQ_ENTRIES: usize = 1_000_000;
/// Bytes the index may hold for its exchanges (32 MiB): the views' table as allocated, each
/// view's strings and SSE events, the id lookup, the `seq` entries and a transcript's line
/// entries. Past it a new exchange is counted ([`ExchangeIndex::exchanges_seen`]) but not
/// shown, and a transcript's later lines are not numbered. Issue 7 (mem41): the 200,000-entry
/// cap alone let the index reach ~270 MiB (about 1 KiB per exchange plus 16 bytes per event)
/// on a 1 GB recording, several times the verifier's own state. The excerpts have their own
/// [`EXCERPT_BUDGET_BYTES`].
pub const INDEX_BUDGET_BYTES: usize = 32 * 1024 * 1024;
/// Bytes counted for one entry of the id lookup besides its key (hash table slot, control
/// byte, spare capacity).
const BY_ID_ENTRY_BYTES: usize = 48;
/// How many card fetches waiting for their late attribution the index keeps
/// ([`ExchangeIndex::card_names_unclaimed`]).
const MAX_UNCLAIMED_CARDS: usize = 64;

/// Which kind of file the events came from: decides how a `seq` maps to a file line.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum SourceFile {
    /// Native recording: line = `seq + 1` (the header is line 1).
    #[default]
    Recording,
    /// Transcript (`docs/transcript-format.md`): line counted from the events (see
    /// [`ExchangeIndex::line_of_seq`]).
    Transcript,
    /// HAR 1.2 file: no line numbers; an exchange is cited by its `log.entries[]` index
    /// ([`ExchangeIndex::har_entry`]), its method and URL (q22 Q4).
    Har,
    /// No file (live proxy without recording): no line numbers.
    None,
}

/// Feeds an [`ExchangeIndex`] through the recorder's redactor
/// ([`crate::record::redact::Redactor`]) when its input was not redacted on write (a
/// transcript, a HAR, a `--no-redact` recording): what reports show (URLs, excerpts, SSE
/// data) then hides the same secrets a recording would. The verifier is still fed the events
/// as they are (a push token compared with the one configured, PUSH-AUTH-001). With
/// `redact == false` events go straight to the index.
pub struct ShownEvents {
    redactor: Option<crate::record::redact::Redactor>,
    out: Vec<Event>,
}

impl ShownEvents {
    /// A feeder; `redact`: pass events through the redactor first.
    pub fn new(redact: bool) -> Self {
        ShownEvents {
            redactor: redact.then(|| crate::record::redact::Redactor::new(true)),
            out: Vec::new(),
        }
    }

    /// Observes `ev` (redacted when asked) in `index`. A JSON body may be held back until
    /// the next event of its exchange, as on write.
    pub fn observe(&mut self, index: &mut ExchangeIndex, ev: &Event) {
        match &mut self.redactor {
            None => index.observe(ev),
            Some(r) => {
                index.count_line(ev);
                r.process_into(ev.clone(), &mut self.out);
                for e in self.out.drain(..) {
                    index.observe(&e);
                }
            }
        }
    }

    /// Observes what is still held back (end of the input).
    pub fn finish(&mut self, index: &mut ExchangeIndex) {
        if let Some(r) = &mut self.redactor {
            for e in r.release_all() {
                index.observe(&e);
            }
        }
    }
}

/// One SSE event seen in a `text/event-stream` response (display only).
#[derive(Clone, Debug, PartialEq)]
pub struct SseEventView {
    /// `seq` of the response chunk that completed the event (its blank line).
    pub seq: u64,
    /// Capture time in µs since the recording start.
    pub t_us: u64,
    /// `event:` field, when present.
    pub event: Option<String>,
    /// First [`SSE_DATA_BYTES`] bytes of the `data:` lines joined by `\n`.
    pub data: String,
    /// Task id found in the event's JSON (`result.id`, `result.taskId`, `result.task.id`,
    /// `result.statusUpdate.taskId`, ...), when any.
    pub task_id: Option<String>,
    /// Task state found in the event's JSON (`status.state`), when any.
    pub state: Option<String>,
}

/// What the index knows about one exchange (request plus response).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ExchangeView {
    /// Exchange id (`e3`).
    pub id: String,
    /// Leg (`upstream`, a `--leg` name); `None` = client-facing hop.
    pub leg: Option<String>,
    /// `seq` of the first event of this exchange.
    pub first_seq: u64,
    /// `seq` of the last event seen for this exchange.
    pub last_seq: u64,
    /// Capture time of the first event, µs since the recording start.
    pub start_us: u64,
    /// Capture time of the last event, µs since the recording start.
    pub end_us: u64,
    /// HTTP method of the request head.
    pub method: String,
    /// URL as the client addressed it.
    pub url: String,
    /// Path (and query) part of `url`.
    pub path: String,
    /// Response status, `None` while no response head was seen.
    pub status: Option<u16>,
    /// Media type of the response (`text/event-stream`), lowercased, no parameters.
    pub response_media_type: Option<String>,
    /// JSON-RPC `method` of the request body, or the HTTP+JSON operation path, when any.
    pub a2a_method: Option<String>,
    /// Task id named by the request or its response, when any (for grouping timelines).
    pub task_id: Option<String>,
    /// How the exchange ended, `None` while open.
    pub outcome: Option<Outcome>,
    /// The `exchange_end.error` text (why an abort or error happened: `upstream
    /// http://127.0.0.1:52120/hook unreachable: ...`), when recorded.
    pub error: Option<String>,
    /// SSE events of the response (capped at [`SSE_EVENTS_PER_EXCHANGE`]).
    pub sse_events: Vec<SseEventView>,
    /// SSE events seen beyond the cap.
    pub sse_events_dropped: u64,
    /// Some events were not recorded (`exchange_end.truncated`).
    pub truncated: bool,
    /// The called agent named by the exchange's `attribution` event (a route prefix such as
    /// `/js`, or a card name), when the proxy attributed it (DESIGN.md recording format).
    pub callee: Option<String>,
    /// The calling party named by the `attribution` event (a route prefix, a `--leg` or
    /// `--caller` name, or its `User-Agent`), when known.
    pub caller: Option<String>,
    /// How the caller was found (`attribution.caller_by`), when recorded.
    pub caller_by: Option<CallerBy>,
    // Display-only SSE reassembly buffer: text not yet ended by a blank line.
    sse_buf: String,
    // Request body bytes gathered for the A2A method (first 64 KiB, as recorded).
    req_buf: Vec<u8>,
    // Response body bytes gathered for the task id of plain JSON responses (first 64 KiB).
    resp_buf: Vec<u8>,
    // `Content-Encoding` of the request and of the response (several lines joined), if any.
    req_coding: Option<String>,
    resp_coding: Option<String>,
}

impl ExchangeView {
    /// Who called whom, for reports: `"<caller> -> <callee>"` (`client` when the caller is
    /// unknown); `None` when the exchange has no attribution.
    pub fn parties(&self) -> Option<String> {
        let callee = self.callee.as_deref()?;
        let caller = self.caller.as_deref().unwrap_or("client");
        Some(format!("{caller} -> {callee}"))
    }

    /// The origin the request went to, `scheme://host[:port]` as in its absolute URL (a
    /// forward-mode recording: one proxy, many agents), lowercased; `None` for an
    /// origin-form URL (`/rest/v1/tasks/x`, reverse mode).
    pub fn origin(&self) -> Option<String> {
        super::baseline::origin_of(&self.url)
    }
}

/// The `name` of the Agent Card whose first body bytes (`Content-Encoding` `coding`) are
/// `body`; `None` when they are no JSON object with a string `name` (a card cut at the
/// peek limit too).
pub fn card_name_of(body: &[u8], coding: Option<&str>) -> Option<String> {
    let v: serde_json::Value = serde_json::from_str(&body_text(body, coding)).ok()?;
    v["name"].as_str().map(str::to_string)
}

/// An Agent Card path (`/.well-known/agent-card.json`, or the 0.x `agent.json`), any prefix.
pub fn is_card_path(path: &str) -> bool {
    let p = path.split('?').next().unwrap_or("");
    p.ends_with("/.well-known/agent-card.json") || p.ends_with("/.well-known/agent.json")
}

/// Bytes of a request or plain response body gathered to find the A2A method and task id.
const PEEK_BYTES: usize = 64 * 1024;

/// The most bytes a coded event stream is decoded to for display (256 MiB: only a
/// decompression bomb reaches it; the events shown are capped apart from this).
const SSE_DECODED_BYTES: usize = 256 * 1024 * 1024;

/// The decoders of coded event streams still open (exchange position -> decoder). A clone
/// of the index starts without them (decoders hold zlib state that cannot be copied), so a
/// clone taken mid-stream shows no further events of a coded stream.
#[derive(Default)]
struct Inflaters(HashMap<usize, crate::model::coding::StreamDecoder>);

impl Clone for Inflaters {
    fn clone(&self) -> Self {
        Inflaters::default()
    }
}

impl std::fmt::Debug for Inflaters {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Inflaters({} open)", self.0.len())
    }
}

/// The index itself. See the module docs.
#[derive(Clone, Debug, Default)]
pub struct ExchangeIndex {
    source: SourceFile,
    /// A HAR file's `log.entries[]` index of each exchange ([`Self::with_har_entries`]).
    har_entries: HashMap<String, usize>,
    exchanges: Vec<ExchangeView>,
    by_id: HashMap<String, usize>,
    // (seq, exchange position) in seq order, for events that belong to an exchange.
    seq_exchange: Vec<(u64, u32)>,
    excerpts: HashMap<u64, String>,
    excerpt_bytes: usize,
    // (seq, line) for transcripts, in seq order.
    lines: Vec<(u64, u64)>,
    transcript_line: u64,
    // Evidence names each exchange's origin (forward mode: one proxy, many agents).
    origins: bool,
    // (exchange id, t_us, kind) of the previous event (transcript line counting).
    prev_event: Option<(ExchangeId, u64, PrevKind)>,
    // Transcript lines are counted by [`Self::count_line`] from the events as read, in seq
    // order (the redactor releases a held JSON body late, review24b R1's citation).
    lines_counted_apart: bool,
    sse_total: usize,
    // Bytes held by the exchanges' views, lookups and entries, as counted against
    // INDEX_BUDGET_BYTES (`kept_bytes`).
    heap_bytes: usize,
    // First `seq` whose transcript line was not kept (the budget was reached): lines from
    // there on are unknown rather than the last kept one.
    lines_cut_at: Option<u64>,
    // Decoders of the coded (`Content-Encoding`) event streams in progress, by position.
    inflaters: Inflaters,
    events: u64,
    request_heads: u64,
    last_t_us: u64,
    /// Event kinds that are not per exchange: `gap` events seen (seq, dropped events).
    pub gaps: Vec<(u64, u64)>,
    /// `tunnel` events seen (opaque CONNECT tunnels: forward mode without TLS
    /// interception), and the first few authorities (`host:port`) they went to.
    pub tunnels: (u64, Vec<String>),
    /// Agent Card `name` by route prefix, from successful card fetches attributed to a
    /// route, or by origin (`http://127.0.0.1:52101`) in a forward-mode recording (the last
    /// one seen wins).
    card_names: HashMap<String, String>,
    /// Agent Cards fetched by an exchange that ended before its `attribution` event came
    /// (a late attribution: the proxy's process lookup outlasted the exchange,
    /// src/proxy/attribution.rs `PROCESS_WAIT`, which happens on a busy machine): the
    /// exchange's position and the card's `name`, named in [`Self::card_names`] under the
    /// callee once the attribution comes. At most [`MAX_UNCLAIMED_CARDS`], the oldest
    /// dropped.
    card_names_unclaimed: Vec<(usize, String)>,
    /// Every body that names a task or context id, for `report --task` (ux49); `None`
    /// unless asked for ([`Self::with_story`]).
    story: Option<super::story::StoryLog>,
}

impl ExchangeIndex {
    /// An empty index for events from a `source` file.
    pub fn new(source: SourceFile) -> Self {
        ExchangeIndex {
            source,
            ..Default::default()
        }
    }

    /// This index for a forward-mode recording (`mode: forward`): reports then name each
    /// exchange by its absolute URL (`GET http://127.0.0.1:52101/rest/v1/tasks/x`), the
    /// agent it went to, where the path alone would not tell several agents apart
    /// (breaker10n N16).
    pub fn with_origins(mut self, on: bool) -> Self {
        self.origins = on;
        self
    }

    /// This index for a HAR file whose exchange `id` was read from `log.entries[i]` for
    /// each `(id, i)` ([`crate::record::har::read_with_entries`]): reports cite that entry.
    pub fn with_har_entries(mut self, entries: impl IntoIterator<Item = (String, usize)>) -> Self {
        self.har_entries = entries.into_iter().collect();
        self
    }

    /// The 0-based `log.entries[]` index of exchange `id` in the HAR file it was read from.
    pub fn har_entry(&self, id: &str) -> Option<usize> {
        self.har_entries.get(id).copied()
    }

    /// This index keeping the story of every task and context id (`report --task`, ux49):
    /// each request, answer, stream event and push delivery that names one, its state and
    /// artifacts ([`super::story::StoryLog`], at most [`super::story::MAX_STEPS`] steps).
    pub fn with_story(mut self, on: bool) -> Self {
        self.story = on.then(super::story::StoryLog::default);
        self
    }

    /// The story log, when [`Self::with_story`] asked for one.
    pub fn story(&self) -> Option<&super::story::StoryLog> {
        self.story.as_ref()
    }

    /// True when reports name each exchange by its absolute URL ([`Self::with_origins`]).
    pub fn shows_origins(&self) -> bool {
        self.origins
    }

    /// The kind of file the events came from.
    pub fn source(&self) -> SourceFile {
        self.source
    }

    /// Events observed.
    pub fn events(&self) -> u64 {
        self.events
    }

    /// Exchanges seen (request heads), indexed or not.
    pub fn exchanges_seen(&self) -> u64 {
        self.request_heads.max(self.exchanges.len() as u64)
    }

    /// Bytes the index holds for its exchanges as counted against [`INDEX_BUDGET_BYTES`]:
    /// the views' table, id lookup, `seq` and line entries as allocated (capacity), plus
    /// the strings of each view counted at its request head (method, URL, path) and at its
    /// end (the rest, SSE events included); excerpts apart ([`EXCERPT_BUDGET_BYTES`]).
    pub fn kept_bytes(&self) -> usize {
        self.exchanges.capacity() * std::mem::size_of::<ExchangeView>()
            + self.seq_exchange.capacity() * std::mem::size_of::<(u64, u32)>()
            + self.lines.capacity() * std::mem::size_of::<(u64, u64)>()
            + self.heap_bytes
    }

    /// Largest `t_us` observed (µs since the recording start).
    pub fn last_t_us(&self) -> u64 {
        self.last_t_us
    }

    /// All exchanges in order of their first event.
    pub fn exchanges(&self) -> &[ExchangeView] {
        &self.exchanges
    }

    /// The exchange with id `id`.
    pub fn exchange(&self, id: &str) -> Option<&ExchangeView> {
        self.by_id.get(id).map(|&i| &self.exchanges[i])
    }

    /// The exchange the event `seq` belongs to, when it belongs to one.
    pub fn exchange_of_seq(&self, seq: u64) -> Option<&ExchangeView> {
        let pos = self
            .seq_exchange
            .binary_search_by_key(&seq, |&(s, _)| s)
            .ok()?;
        self.exchanges.get(self.seq_exchange[pos].1 as usize)
    }

    /// The leg of the exchange a piece of evidence points at (its `exchange`, else the one
    /// its `seq` belongs to): `Some(None)` for the client-facing hop, `None` when the index
    /// does not know that exchange (a transcript's finding without one).
    pub fn leg_of(&self, seq: u64, exchange: Option<&str>) -> Option<Option<&str>> {
        exchange
            .and_then(|id| self.exchange(id))
            .or_else(|| self.exchange_of_seq(seq))
            .map(|x| x.leg.as_deref())
    }

    /// The first [`EXCERPT_BYTES`] of the body of event `seq` (request body, response chunk,
    /// card rewrite), when one was kept.
    pub fn excerpt(&self, seq: u64) -> Option<&str> {
        self.excerpts.get(&seq).map(|s| s.as_str())
    }

    /// 1-based line of event `seq` in the source file, when known.
    ///
    /// Native recording: `seq + 1` (line 1 is the header). Transcript: counted from the
    /// events the importer produced (`record::transcript` emits one line's events together,
    /// at that line's time): a request or response head starts a line; a body, chunk or
    /// `exchange_end` continues the line of the previous event when that event is of the same
    /// exchange, at the same time, and of a kind the same line can carry (`req` = head +
    /// body, `resp` = head + chunk + end, `chunk` = chunk + end). Two lines of one exchange
    /// with equal `t` may merge. HAR and live traffic: `None`.
    pub fn line_of_seq(&self, seq: u64) -> Option<u64> {
        match self.source {
            // newcomer49: an edited line's seq of u64::MAX overflowed here (a panic)
            SourceFile::Recording => seq.checked_add(1),
            SourceFile::None | SourceFile::Har => None,
            SourceFile::Transcript => {
                if self.lines_cut_at.is_some_and(|cut| seq >= cut) {
                    return None;
                }
                let pos = match self.lines.binary_search_by_key(&seq, |&(s, _)| s) {
                    Ok(p) => p,
                    Err(0) => return None,
                    Err(p) => p - 1,
                };
                Some(self.lines[pos].1)
            }
        }
    }

    /// The Agent Card `name` last seen for `party`: a route prefix, or an origin
    /// (`http://127.0.0.1:52101`) in a forward-mode recording; `None` when no card of it
    /// was recorded (a baseline key names a loopback agent by it, open48).
    pub fn card_name(&self, party: &str) -> Option<&str> {
        self.card_names.get(party).map(String::as_str)
    }

    /// A party as reports show it: a route prefix whose Agent Card was seen gets the card's
    /// name, `/py (Python Test Agent)`; anything else (a `User-Agent`, a leg) as it is.
    pub fn party_label(&self, party: &str) -> String {
        match self.card_names.get(party) {
            // A party already named with its card (`interop`'s `A (<card name>)`) stays.
            Some(name) if !party.ends_with(&format!("({name})")) => format!("{party} ({name})"),
            _ => party.to_string(),
        }
    }

    /// Who called whom in exchange `x`, for reports: `"<caller> -> <callee>"` with
    /// [`Self::party_label`]s (`client` when the caller is unknown); `None` without
    /// attribution.
    pub fn parties(&self, x: &ExchangeView) -> Option<String> {
        let callee = x.callee.as_deref()?;
        let caller = x.caller.as_deref().unwrap_or("client");
        Some(format!(
            "{} -> {}",
            self.party_label(caller),
            self.party_label(callee)
        ))
    }

    /// Takes one event into the index. Never fails: odd input is remembered as it is.
    pub fn observe(&mut self, ev: &Event) {
        self.events += 1;
        self.last_t_us = self.last_t_us.max(ev.t_us);
        if let EventKind::Gap { dropped_events, .. } = &ev.kind {
            self.gaps.push((ev.seq, *dropped_events));
        }
        if let EventKind::Tunnel { authority, .. } = &ev.kind {
            self.tunnels.0 += 1;
            if self.tunnels.1.len() < 3 && !self.tunnels.1.contains(authority) {
                self.tunnels.1.push(authority.clone());
            }
        }
        if matches!(ev.kind, EventKind::RequestHead { .. }) {
            self.request_heads += 1;
        }
        let Some(xid) = ev.exchange.as_deref() else {
            return;
        };
        // Every exchange's events, shown or not: a transcript's later lines are numbered
        // from all the lines before them.
        if !self.lines_counted_apart {
            self.count_transcript_line(ev);
        }
        let pos = match self.by_id.get(xid) {
            Some(&p) => p,
            None if self.exchanges.len() >= MAX_EXCHANGES
                || self.kept_bytes() >= INDEX_BUDGET_BYTES =>
            {
                return
            }
            None => {
                let p = self.exchanges.len();
                let free = INDEX_BUDGET_BYTES.saturating_sub(self.kept_bytes());
                reserve_within(&mut self.exchanges, free);
                self.heap_bytes +=
                    2 * xid.len() + ev.leg.as_ref().map_or(0, |l| l.len()) + BY_ID_ENTRY_BYTES;
                self.exchanges.push(ExchangeView {
                    id: xid.to_string(),
                    leg: ev.leg.clone(),
                    first_seq: ev.seq,
                    start_us: ev.t_us,
                    ..Default::default()
                });
                self.by_id.insert(xid.to_string(), p);
                p
            }
        };
        if self.seq_exchange.len() < MAX_SEQ_ENTRIES
            && self.seq_exchange.last().is_none_or(|&(s, _)| s < ev.seq)
        {
            let free = INDEX_BUDGET_BYTES.saturating_sub(self.kept_bytes());
            reserve_within(&mut self.seq_exchange, free);
            self.seq_exchange.push((ev.seq, pos as u32));
        }
        let x = &mut self.exchanges[pos];
        x.last_seq = ev.seq;
        x.end_us = x.end_us.max(ev.t_us);
        let mut excerpt: Option<(&[u8], Option<String>)> = None;
        match &ev.kind {
            EventKind::RequestHead {
                method,
                url,
                headers,
                ..
            } => {
                x.method = method.clone();
                x.url = url.clone();
                x.path = path_of(url);
                x.req_coding = content_coding(headers);
                self.heap_bytes += x.method.len() + x.url.len() + x.path.len();
            }
            EventKind::RequestBody { body } => {
                push_capped(&mut x.req_buf, &body.data);
                excerpt = Some((&body.data, x.req_coding.clone()));
            }
            EventKind::ResponseHead {
                status, headers, ..
            } => {
                x.status = Some(*status);
                x.response_media_type = headers.media_type().map(String::from);
                x.resp_coding = content_coding(headers);
                // A coded event stream (a gateway's gzip) is decoded chunk by chunk.
                if x.response_media_type.as_deref() == Some("text/event-stream") {
                    if let Ok(Some(d)) = crate::model::coding::StreamDecoder::new(
                        x.resp_coding.as_deref(),
                        SSE_DECODED_BYTES,
                    ) {
                        self.inflaters.0.insert(pos, d);
                    }
                }
                // The request is complete once the response starts: read what it names.
                let req = body_text(&std::mem::take(&mut x.req_buf), x.req_coding.as_deref());
                read_request(x, &req);
                if let Some(log) = self.story.as_mut() {
                    note_request(log, x, &req);
                }
            }
            EventKind::ResponseChunk { body } => {
                excerpt = Some((&body.data, x.resp_coding.clone()));
                let decoded = match self.inflaters.0.get_mut(&pos) {
                    Some(d) => d.push(&body.data).ok(),
                    None => None,
                };
                if x.response_media_type.as_deref() == Some("text/event-stream")
                    && (x.resp_coding.is_none() || decoded.is_some())
                {
                    let text = match &decoded {
                        Some(d) => String::from_utf8_lossy(d),
                        None => String::from_utf8_lossy(&body.data),
                    };
                    x.sse_buf.push_str(&text);
                    drain_sse(x, ev.seq, ev.t_us, &mut self.sse_total, self.story.as_mut());
                    if x.sse_buf.len() > SSE_BUF_BYTES {
                        // One event larger than the display budget: not shown, counted.
                        x.sse_buf.clear();
                        x.sse_events_dropped += 1;
                    }
                } else {
                    push_capped(&mut x.resp_buf, &body.data);
                }
            }
            EventKind::CardRewrite { body, .. } => excerpt = Some((&body.data, None)),
            EventKind::Attribution {
                callee,
                caller,
                caller_by,
            } => {
                x.callee.clone_from(callee);
                x.caller.clone_from(caller);
                x.caller_by = *caller_by;
                if let Some(callee) = callee {
                    if let Some(i) = self.card_names_unclaimed.iter().position(|c| c.0 == pos) {
                        let (_, name) = self.card_names_unclaimed.remove(i);
                        self.card_names.insert(callee.clone(), name);
                    }
                }
            }
            EventKind::ExchangeEnd {
                outcome,
                truncated,
                error,
                ..
            } => {
                x.outcome = Some(*outcome);
                x.error.clone_from(error);
                x.truncated = *truncated;
                if x.status.is_none() {
                    let req = body_text(&std::mem::take(&mut x.req_buf), x.req_coding.as_deref());
                    read_request(x, &req);
                    if let Some(log) = self.story.as_mut() {
                        note_request(log, x, &req);
                    }
                }
                if let Some(mut d) = self.inflaters.0.remove(&pos) {
                    if let Ok(rest) = d.finish() {
                        x.sse_buf.push_str(&String::from_utf8_lossy(&rest));
                    }
                }
                if !x.sse_buf.is_empty() {
                    // A last event without its blank line: show it anyway.
                    x.sse_buf.push_str("\n\n");
                    drain_sse(x, ev.seq, ev.t_us, &mut self.sse_total, self.story.as_mut());
                }
                // Its capacity too: an ended stream's buffer kept the size of its largest
                // chunk for the rest of the run (mem41).
                x.sse_buf = String::new();
                let resp = body_text(&std::mem::take(&mut x.resp_buf), x.resp_coding.as_deref());
                let card = x.status == Some(200) && x.method == "GET" && is_card_path(&x.path);
                if let Some(log) = self.story.as_mut() {
                    // an answer with no body (a 204) is a step too when its request named
                    // a task; a stream's events were its steps (newcomer55 N2)
                    let sse = x.response_media_type.as_deref() == Some("text/event-stream");
                    if !card && x.status.is_some() && (!resp.is_empty() || !sse) {
                        let v = serde_json::from_str::<serde_json::Value>(&resp).ok();
                        log.note(
                            x,
                            super::story::StepPart::Answer,
                            ev.seq,
                            ev.t_us,
                            v.as_ref(),
                            None,
                        );
                    }
                    log.forget(&x.id);
                }
                if x.task_id.is_none() || card {
                    if let Ok(v) = serde_json::from_str::<serde_json::Value>(&resp) {
                        if card {
                            // by route prefix; in a forward-mode recording without
                            // attribution, by the origin the card came from
                            let party = x
                                .callee
                                .clone()
                                .or_else(|| self.origins.then(|| x.origin()).flatten());
                            match (party, v["name"].as_str()) {
                                (Some(party), Some(name)) => {
                                    self.card_names.insert(party, name.to_string());
                                }
                                // its attribution may still come (late): named then
                                (None, Some(name)) => {
                                    if self.card_names_unclaimed.len() >= MAX_UNCLAIMED_CARDS {
                                        self.card_names_unclaimed.remove(0);
                                    }
                                    self.card_names_unclaimed.push((pos, name.to_string()));
                                }
                                _ => {}
                            }
                        } else {
                            x.task_id = task_id_in(&v);
                        }
                    }
                }
                x.sse_events.shrink_to_fit();
                self.heap_bytes += opt_len(&x.response_media_type)
                    + opt_len(&x.resp_coding)
                    + opt_len(&x.req_coding)
                    + opt_len(&x.a2a_method)
                    + opt_len(&x.error)
                    + opt_len(&x.task_id)
                    + opt_len(&x.callee)
                    + opt_len(&x.caller)
                    + x.sse_events.capacity() * std::mem::size_of::<SseEventView>()
                    + x.sse_events
                        .iter()
                        .map(|e| {
                            e.data.len()
                                + opt_len(&e.event)
                                + opt_len(&e.task_id)
                                + opt_len(&e.state)
                        })
                        .sum::<usize>();
            }
            _ => {}
        }
        if let Some((data, coding)) = excerpt {
            if self.excerpt_bytes < EXCERPT_BUDGET_BYTES && !data.is_empty() {
                let text = match coding {
                    None => shown_excerpt(data, EXCERPT_BYTES),
                    // A compressed body shown as text would be noise: decode what can be.
                    Some(c) => {
                        match crate::model::coding::decode_prefix(Some(&c), data, EXCERPT_BYTES + 4)
                        {
                            Some(plain) => format!(
                                "[{c}-encoded, {} bytes; decoded:] {}",
                                data.len(),
                                shown_excerpt(&plain, EXCERPT_BYTES)
                            ),
                            None => format!(
                                "[{c}-encoded, {} bytes; not decodable on its own]",
                                data.len()
                            ),
                        }
                    }
                };
                // Bidi controls shown, not obeyed, wherever the excerpt is displayed.
                let text = super::show_controls_owned(text);
                self.excerpt_bytes += text.len();
                self.excerpts.insert(ev.seq, text);
            }
        }
    }

    /// Counts the transcript line of `ev`, an event as read (before any redaction, so in
    /// seq order); from then on [`Self::observe`] leaves line counting to these calls. A
    /// redactor holds a JSON body back until the next event of its exchange, which can be
    /// lines later (a request never answered: at its end), so counting what it releases
    /// would give later events the wrong lines.
    pub fn count_line(&mut self, ev: &Event) {
        self.lines_counted_apart = true;
        if ev.exchange.is_some() {
            self.count_transcript_line(ev);
        }
    }

    fn count_transcript_line(&mut self, ev: &Event) {
        if self.source != SourceFile::Transcript {
            return;
        }
        let Some(xid) = ev.exchange.as_ref() else {
            return;
        };
        // The importer (record::transcript) emits each line's events together and with the
        // line's time: `req` = head [+ body]; `resp` = head [+ chunk] [+ end]; `chunk` =
        // [chunk] [+ end]. So an event continues the previous line when the previous event
        // belongs to the same exchange, has the same time and may be followed by it.
        let continues = match (&self.prev_event, &ev.kind) {
            (Some((x, t, kind)), k) if x == xid && *t == ev.t_us => matches!(
                (*kind, k),
                (PrevKind::ReqHead, EventKind::RequestBody { .. })
                    | (PrevKind::ReqBody, EventKind::RequestBody { .. })
                    | (PrevKind::RespHead, EventKind::ResponseChunk { .. })
                    | (PrevKind::RespHead, EventKind::ExchangeEnd { .. })
                    | (PrevKind::Chunk, EventKind::ExchangeEnd { .. })
                    // The end the importer adds for a request never answered.
                    | (PrevKind::ReqHead | PrevKind::ReqBody, EventKind::ExchangeEnd { .. })
            ),
            _ => false,
        };
        if !continues || self.transcript_line == 0 {
            self.transcript_line += 1;
        }
        let kind = match &ev.kind {
            EventKind::RequestHead { .. } => PrevKind::ReqHead,
            EventKind::RequestBody { .. } => PrevKind::ReqBody,
            EventKind::ResponseHead { .. } => PrevKind::RespHead,
            EventKind::ResponseChunk { .. } => PrevKind::Chunk,
            _ => PrevKind::Other,
        };
        self.prev_event = Some((xid.clone(), ev.t_us, kind));
        if self.lines_cut_at.is_some() {
            return;
        }
        if self.kept_bytes() >= INDEX_BUDGET_BYTES {
            self.lines_cut_at = Some(ev.seq);
            return;
        }
        let free = INDEX_BUDGET_BYTES.saturating_sub(self.kept_bytes());
        reserve_within(&mut self.lines, free);
        self.lines.push((ev.seq, self.transcript_line));
    }
}

/// Kind of the previous event, for transcript line counting.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum PrevKind {
    ReqHead,
    ReqBody,
    RespHead,
    Chunk,
    Other,
}

/// Makes room in a full `v` for one more element: its capacity doubles as usual, or grows
/// only by what `free` bytes hold when doubling would take more, so a table near
/// [`INDEX_BUDGET_BYTES`] does not take up to twice its size in spare capacity. It grows
/// by an eighth at least (the `seq` entries of exchanges already shown go on past the
/// budget, up to [`MAX_SEQ_ENTRIES`]): pushes stay amortized O(1).
fn reserve_within<T>(v: &mut Vec<T>, free: usize) {
    if v.len() < v.capacity() {
        return;
    }
    let room = free / std::mem::size_of::<T>().max(1);
    let cap = v.capacity().max(16);
    v.reserve_exact(cap.min(room.max(cap / 8)));
}

/// Bytes of an optional string's text (0 for `None`).
fn opt_len(s: &Option<String>) -> usize {
    s.as_ref().map_or(0, |s| s.len())
}

fn push_capped(buf: &mut Vec<u8>, data: &[u8]) {
    if buf.len() < PEEK_BYTES {
        let room = PEEK_BYTES - buf.len();
        buf.extend_from_slice(&data[..data.len().min(room)]);
    }
}

/// The `Content-Encoding` of a head (field lines joined), `None` for none or `identity`.
fn content_coding(headers: &crate::record::event::Headers) -> Option<String> {
    crate::model::coding::content_coding(headers.get_all("content-encoding"))
}

/// Gathered body bytes as text, decoded first when the body names a coding (what decodes of
/// the first 64 KiB; empty when nothing does).
fn body_text(buf: &[u8], coding: Option<&str>) -> String {
    match coding {
        None => String::from_utf8_lossy(buf).into_owned(),
        Some(c) => crate::model::coding::decode_prefix(Some(c), buf, 4 * PEEK_BYTES)
            .map(|b| String::from_utf8_lossy(&b).into_owned())
            .unwrap_or_default(),
    }
}

/// The path (and query) of an absolute URL, or the text itself when it is already a path.
fn path_of(url: &str) -> String {
    match url::Url::parse(url) {
        Ok(u) => match u.query() {
            Some(q) => format!("{}?{}", u.path(), q),
            None => u.path().to_string(),
        },
        Err(_) => url.to_string(),
    }
}

/// [`excerpt_of`] with the credentials of URLs in it redacted
/// ([`crate::record::redact::redact_urls_in_text`]: a card's `url` with `user:pw@`), judged
/// on up to 1 KiB past `max` so a URL is not cut before its secret is seen.
pub fn shown_excerpt(data: &[u8], max: usize) -> String {
    let window = &data[..data.len().min(max + 1024)];
    let text = String::from_utf8_lossy(window);
    let shown = crate::record::redact::redact_urls_in_text(&text);
    let out = excerpt_of(shown.as_bytes(), max);
    if window.len() < data.len() && !out.ends_with('…') {
        out + "…"
    } else {
        out
    }
}

/// First `max` bytes of `data` as text, cut on a char boundary, with `…` when cut.
pub fn excerpt_of(data: &[u8], max: usize) -> String {
    let text = String::from_utf8_lossy(data);
    if text.len() <= max {
        return text.into_owned();
    }
    let mut end = max;
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    format!("{}…", &text[..end])
}

/// The A2A method a request names, as [`ExchangeView::a2a_method`] reads it: the JSON-RPC
/// `method` of its body (the first 64 KiB, decoded by `coding`, its `Content-Encoding`),
/// else the HTTP+JSON operation of `method` and `path`. For the proxy's live lines, which
/// place a finding against a `--baseline` without an index ([`super::baseline::Key`]).
pub fn a2a_method_of(
    method: &str,
    path: &str,
    body: &[u8],
    coding: Option<&str>,
) -> Option<String> {
    let mut x = ExchangeView {
        method: method.to_string(),
        path: path.to_string(),
        ..Default::default()
    };
    read_request(&mut x, &body_text(body, coding));
    x.a2a_method
}

/// [`path_of`] for the live lines: the path and query of a request URL.
pub fn path_of_url(url: &str) -> String {
    path_of(url)
}

/// [`content_coding`] for the live lines: a head's `Content-Encoding`, `None` for none.
pub fn coding_of(headers: &crate::record::event::Headers) -> Option<String> {
    content_coding(headers)
}

/// Bytes of a request body [`a2a_method_of`] reads at most (64 KiB).
pub const REQUEST_PEEK_BYTES: usize = PEEK_BYTES;

/// Reads the JSON-RPC method (or HTTP+JSON operation) and a task id from the request.
fn read_request(x: &mut ExchangeView, body: &str) {
    let v = serde_json::from_str::<serde_json::Value>(body).ok();
    if let Some(v) = &v {
        if let Some(m) = v.get("method").and_then(|m| m.as_str()) {
            x.a2a_method = Some(m.to_string());
        }
        if let Some(params) = v.get("params") {
            x.task_id = params
                .get("id")
                .or_else(|| params.get("taskId"))
                .or_else(|| params.pointer("/message/taskId"))
                .and_then(|t| t.as_str())
                .map(str::to_string);
        } else if x.a2a_method.is_none() {
            // No JSON-RPC call: an agent's push notification (a StreamResponse, a 0.x Task
            // or update event) or an HTTP+JSON body names its task as an answer does
            // (newcomer48: the HTML timeline listed every push delivery under "no task").
            x.task_id = task_id_in(v);
        }
    }
    if x.a2a_method.is_none() {
        x.a2a_method = rest_operation(&x.method, &x.path);
    }
}

/// HTTP+JSON binding: the operation named by method and path, display only
/// (`POST /v1/message:send` → `message:send`, `POST /v1/tasks/{id}:cancel` →
/// `tasks:cancel`, `GET /v1/tasks/{id}` → `tasks:get`, `GET /v1/tasks` → `tasks:list`,
/// `.../pushNotificationConfigs...` → `pushNotificationConfigs`).
fn rest_operation(method: &str, path: &str) -> Option<String> {
    let p = path.split('?').next().unwrap_or("");
    let last = p.rsplit('/').next().unwrap_or(p);
    if p.contains("/pushNotificationConfigs") {
        return Some("pushNotificationConfigs".into());
    }
    if let Some(op) = last.strip_prefix("message:") {
        return Some(format!("message:{op}"));
    }
    let in_tasks = p.contains("/tasks/") || p.ends_with("/tasks");
    if !in_tasks {
        return None;
    }
    if let Some((_, verb)) = last.split_once(':') {
        return Some(format!("tasks:{verb}"));
    }
    match (method, p.ends_with("/tasks")) {
        ("GET", true) => Some("tasks:list".into()),
        ("GET", false) => Some("tasks:get".into()),
        _ => None,
    }
}

/// Task id in a JSON-RPC response or SSE payload, across 0.x and 1.0 shapes.
fn task_id_in(v: &serde_json::Value) -> Option<String> {
    let r = v.get("result").unwrap_or(v);
    // 1.0 wrappers: {"task":{id}}, {"statusUpdate":{taskId}}, {"artifactUpdate":{taskId}};
    // 0.x: flat {"kind":"task","id"} or {"kind":"status-update","taskId"}.
    let candidates = [
        r.pointer("/task/id"),
        r.pointer("/statusUpdate/taskId"),
        r.pointer("/artifactUpdate/taskId"),
        r.pointer("/message/taskId"),
        r.get("taskId"),
        if r.get("status").is_some() || r.get("kind").and_then(|k| k.as_str()) == Some("task") {
            r.get("id")
        } else {
            None
        },
    ];
    candidates
        .into_iter()
        .flatten()
        .find_map(|t| t.as_str().map(str::to_string))
}

/// The task state a JSON-RPC answer, an SSE payload or a push delivery gives
/// (`status.state`, `task.status.state`, `statusUpdate.status.state`), when any.
pub fn state_of(v: &serde_json::Value) -> Option<String> {
    state_in(v)
}

/// Notes exchange `x`'s request body `req` in the story log: a call, or a push delivery
/// (a request that is no A2A call, or one on a `webhook` leg).
fn note_request(log: &mut super::story::StoryLog, x: &ExchangeView, req: &str) {
    let v = serde_json::from_str::<serde_json::Value>(req).ok();
    let is_call = v.as_ref().is_some_and(|v| v.get("method").is_some())
        || (x.a2a_method.is_some() && !x.a2a_method.as_deref().is_some_and(|m| m.is_empty()));
    let part = if x.leg.as_deref() == Some("webhook") || (!is_call && v.is_some()) {
        super::story::StepPart::PushDelivery
    } else {
        super::story::StepPart::Request
    };
    log.note(x, part, x.first_seq, x.start_us, v.as_ref(), None);
}

fn state_in(v: &serde_json::Value) -> Option<String> {
    let r = v.get("result").unwrap_or(v);
    [
        r.pointer("/status/state"),
        r.pointer("/task/status/state"),
        r.pointer("/statusUpdate/status/state"),
    ]
    .into_iter()
    .flatten()
    .find_map(|s| s.as_str().map(str::to_string))
}

/// Splits complete SSE events (ended by a blank line, any of `\n`, `\r\n`, `\r`) off the
/// exchange's buffer.
fn drain_sse(
    x: &mut ExchangeView,
    seq: u64,
    t_us: u64,
    total: &mut usize,
    mut story: Option<&mut super::story::StoryLog>,
) {
    loop {
        let normalized_end = find_blank_line(&x.sse_buf);
        let Some((block_end, next_start)) = normalized_end else {
            break;
        };
        let block: String = x.sse_buf[..block_end].to_string();
        x.sse_buf.drain(..next_start);
        let mut event = None;
        let mut data_lines: Vec<&str> = Vec::new();
        for line in block.split(['\n', '\r']) {
            if line.is_empty() || line.starts_with(':') {
                continue;
            }
            let (field, value) = match line.split_once(':') {
                Some((f, v)) => (f, v.strip_prefix(' ').unwrap_or(v)),
                None => (line, ""),
            };
            match field {
                "event" => event = Some(value.to_string()),
                "data" => data_lines.push(value),
                _ => {}
            }
        }
        if data_lines.is_empty() && event.is_none() {
            continue; // keep-alive comment only
        }
        let data = data_lines.join("\n");
        let json = serde_json::from_str::<serde_json::Value>(&data).ok();
        let task_id = json.as_ref().and_then(task_id_in);
        let state = json.as_ref().and_then(state_in);
        if let Some(log) = story.as_deref_mut() {
            log.note(
                x,
                super::story::StepPart::StreamEvent,
                seq,
                t_us,
                json.as_ref(),
                json.as_ref().and_then(event_kind).or_else(|| event.clone()),
            );
        }
        if x.task_id.is_none() {
            x.task_id = task_id.clone();
        }
        if x.sse_events.len() >= SSE_EVENTS_PER_EXCHANGE || *total >= SSE_EVENTS_TOTAL {
            x.sse_events_dropped += 1;
            continue;
        }
        *total += 1;
        x.sse_events.push(SseEventView {
            seq,
            t_us,
            event,
            data: shown_excerpt(data.as_bytes(), SSE_DATA_BYTES),
            task_id,
            state,
        });
    }
}

/// The kind of a stream event's payload: `status-update`, `artifact-update`, `task`,
/// `message` (1.0's wrapper member, or 0.x's `kind`).
fn event_kind(v: &serde_json::Value) -> Option<String> {
    let r = v.get("result").unwrap_or(v);
    if let Some(k) = r.get("kind").and_then(|k| k.as_str()) {
        return Some(k.to_string());
    }
    [
        ("statusUpdate", "status-update"),
        ("artifactUpdate", "artifact-update"),
        ("task", "task"),
        ("message", "message"),
    ]
    .into_iter()
    .find(|(m, _)| r.get(*m).is_some())
    .map(|(_, k)| k.to_string())
}

/// Position of the first blank line: (end of the event block, start of what follows).
fn find_blank_line(s: &str) -> Option<(usize, usize)> {
    let b = s.as_bytes();
    let mut i = 0;
    // A line ending is \r\n, \n or \r; a blank line is two line endings in a row.
    let eol = |i: usize| -> Option<usize> {
        match b.get(i) {
            Some(b'\r') if b.get(i + 1) == Some(&b'\n') => Some(2),
            Some(b'\r') | Some(b'\n') => Some(1),
            _ => None,
        }
    };
    while i < b.len() {
        if let Some(n) = eol(i) {
            // A \r at the very end may be the first half of a \r\n split across chunks.
            if b[i] == b'\r' && i + 1 == b.len() {
                return None;
            }
            if let Some(m) = eol(i + n) {
                if b[i + n] == b'\r' && i + n + 1 == b.len() {
                    return None;
                }
                return Some((i, i + n + m));
            }
            i += n;
        } else {
            i += 1;
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::record::{Body, Headers};

    /// The head of a JSON-RPC POST to `http://127.0.0.1:9/rpc` with `headers`.
    fn post_rpc(headers: Headers) -> EventKind {
        EventKind::RequestHead {
            conn: None,
            method: "POST".into(),
            url: "http://127.0.0.1:9/rpc".into(),
            version: None,
            headers,
            upstream: None,
        }
    }

    /// The head of a `200` response with `headers`.
    fn ok_head(headers: Headers) -> EventKind {
        EventKind::ResponseHead {
            status: 200,
            version: None,
            headers,
            synthetic: false,
            reason: None,
        }
    }

    fn ev(seq: u64, kind: EventKind) -> Event {
        Event {
            seq,
            t_us: seq * 1000,
            exchange: Some("e1".into()),
            leg: None,
            kind,
        }
    }

    /// A card fetch whose `attribution` event comes after its `exchange_end` (the proxy's
    /// process lookup outlasted the exchange on a busy machine; the recording format allows
    /// it) still names its route with the card's name, as one attributed in time does.
    #[test]
    fn a_card_attributed_late_still_names_its_route() {
        for late in [false, true] {
            let mut ix = ExchangeIndex::new(SourceFile::Recording);
            let attribution = EventKind::Attribution {
                callee: Some("/js".into()),
                caller: Some("/py".into()),
                caller_by: None,
            };
            let mut seq = 0..;
            let mut put = |ix: &mut ExchangeIndex, kind| ix.observe(&ev(seq.next().unwrap(), kind));
            put(
                &mut ix,
                EventKind::RequestHead {
                    conn: None,
                    method: "GET".into(),
                    url: "http://127.0.0.1:9/js/.well-known/agent-card.json".into(),
                    version: None,
                    headers: Headers::default(),
                    upstream: None,
                },
            );
            if !late {
                put(&mut ix, attribution.clone());
            }
            put(
                &mut ix,
                ok_head(Headers::from(vec![(
                    "Content-Type".into(),
                    "application/json".into(),
                )])),
            );
            put(
                &mut ix,
                EventKind::ResponseChunk {
                    body: Body::new(r#"{"name":"JS agent","url":"http://127.0.0.1:9/js/"}"#),
                },
            );
            put(
                &mut ix,
                EventKind::ExchangeEnd {
                    outcome: Outcome::Complete,
                    error: None,
                    trailers: None,
                    request_bytes: 0,
                    response_bytes: 48,
                    truncated: false,
                    resent: None,
                    connect_failure: None,
                },
            );
            if late {
                put(&mut ix, attribution);
            }
            assert_eq!(ix.card_name("/js"), Some("JS agent"), "late: {late}");
            assert_eq!(ix.party_label("/js"), "/js (JS agent)", "late: {late}");
        }
    }

    #[test]
    fn gzip_event_stream_decoded_chunk_by_chunk() {
        use std::io::Write;
        let mut ix = ExchangeIndex::new(SourceFile::Recording);
        ix.observe(&ev(1, post_rpc(Headers::default())));
        ix.observe(&ev(
            2,
            ok_head(Headers::from(vec![
                ("Content-Type".into(), "text/event-stream".into()),
                ("Content-Encoding".into(), "gzip".into()),
            ])),
        ));
        // A gateway's gzip, flushed after each event: one chunk per event, then the trailer.
        let mut e = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
        let mut at = 0;
        for (seq, state) in (3..).zip(["working", "completed"]) {
            write!(
                e,
                "data: {{\"result\":{{\"id\":\"t1\",\"status\":{{\"state\":\"{state}\"}}}}}}\n\n"
            )
            .unwrap();
            e.flush().unwrap();
            let piece = e.get_ref()[at..].to_vec();
            at = e.get_ref().len();
            ix.observe(&ev(
                seq,
                EventKind::ResponseChunk {
                    body: Body::new(piece),
                },
            ));
        }
        let x = ix.exchange("e1").unwrap();
        assert_eq!(x.sse_events.len(), 2, "{:?}", x.sse_events);
        assert_eq!(x.sse_events[0].seq, 3);
        assert_eq!(x.sse_events[1].state.as_deref(), Some("completed"));
    }

    #[test]
    fn sse_events_split_across_chunks_and_line_endings() {
        let mut ix = ExchangeIndex::new(SourceFile::Recording);
        ix.observe(&ev(1, post_rpc(Headers::default())));
        ix.observe(&ev(
            2,
            EventKind::RequestBody {
                body: Body::new(
                    r#"{"jsonrpc":"2.0","id":1,"method":"message/stream","params":{}}"#,
                ),
            },
        ));
        ix.observe(&ev(
            3,
            ok_head(Headers::from(vec![(
                "Content-Type".into(),
                "text/event-stream; charset=utf-8".into(),
            )])),
        ));
        ix.observe(&ev(
            4,
            EventKind::ResponseChunk {
                body: Body::new(": keep-alive\r\n\r\ndata: {\"result\":{\"kind\":\"task\",\"id\":\"t1\",\"status\":{\"state\":\"working\"}}}\r"),
            },
        ));
        ix.observe(&ev(
            5,
            EventKind::ResponseChunk {
                body: Body::new("\n\r\ndata: {\"result\":{\"taskId\":\"t1\",\"status\":{\"state\":\"completed\"}}}\n\n"),
            },
        ));
        let x = ix.exchange("e1").unwrap();
        assert_eq!(x.a2a_method.as_deref(), Some("message/stream"));
        assert_eq!(x.path, "/rpc");
        assert_eq!(x.sse_events.len(), 2, "{:?}", x.sse_events);
        assert_eq!(x.sse_events[0].seq, 5);
        assert_eq!(x.sse_events[0].state.as_deref(), Some("working"));
        assert_eq!(x.sse_events[1].state.as_deref(), Some("completed"));
        assert_eq!(x.task_id.as_deref(), Some("t1"));
        assert_eq!(ix.exchange_of_seq(4).map(|x| x.id.as_str()), Some("e1"));
        assert_eq!(ix.exchange_of_seq(9), None);
        assert_eq!(ix.line_of_seq(4), Some(5));
        assert!(ix.excerpt(4).unwrap().starts_with(": keep-alive"));
    }

    #[test]
    fn compressed_bodies_are_shown_decoded_and_read() {
        use std::io::Write;
        let gz = |b: &[u8]| {
            let mut e = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
            e.write_all(b).unwrap();
            e.finish().unwrap()
        };
        let mut ix = ExchangeIndex::new(SourceFile::Recording);
        ix.observe(&ev(
            1,
            post_rpc(Headers::from(vec![(
                "Content-Encoding".into(),
                "gzip".into(),
            )])),
        ));
        let req = gz(br#"{"jsonrpc":"2.0","id":1,"method":"tasks/get","params":{"id":"t7"}}"#);
        ix.observe(&ev(
            2,
            EventKind::RequestBody {
                body: Body::new(req.clone()),
            },
        ));
        // Two field lines: gzip applied twice.
        ix.observe(&ev(
            3,
            ok_head(Headers::from(vec![
                ("content-type".into(), "application/json".into()),
                ("content-encoding".into(), "gzip".into()),
                ("content-encoding".into(), "gzip".into()),
            ])),
        ));
        let resp = gz(&gz(br#"{"jsonrpc":"2.0","id":1,"result":{"id":"t7"}}"#));
        ix.observe(&ev(
            4,
            EventKind::ResponseChunk {
                body: Body::new(resp.clone()),
            },
        ));
        let x = ix.exchange("e1").unwrap();
        assert_eq!(x.a2a_method.as_deref(), Some("tasks/get"));
        assert_eq!(
            ix.excerpt(2).unwrap(),
            format!(
                "[gzip-encoded, {} bytes; decoded:] {{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tasks/get\",\"params\":{{\"id\":\"t7\"}}}}",
                req.len()
            )
        );
        assert!(
            ix.excerpt(4).unwrap().starts_with(&format!(
                "[gzip, gzip-encoded, {} bytes; decoded:] {{\"jsonrpc\"",
                resp.len()
            )),
            "{:?}",
            ix.excerpt(4)
        );
    }

    #[test]
    fn transcript_lines_follow_the_importer_shape() {
        // Real importer output, line by line.
        let text = [
            r#"{"t":0.0,"dir":"req","method":"GET","url":"http://a.test/.well-known/agent-card.json","body":""}"#,
            r#"{"t":0.01,"dir":"resp","status":200,"headers":{"content-type":"application/json"},"body":"{}"}"#,
            r#"{"t":0.02,"dir":"req","method":"POST","url":"http://a.test/","body":"{\"id\":1}"}"#,
            r#"{"t":0.03,"dir":"resp","status":200,"headers":{"content-type":"text/event-stream"},"body":""}"#,
            r#"{"t":0.04,"dir":"chunk","body":"data: {}\n\n"}"#,
            r#"{"t":0.05,"dir":"chunk","body":"data: {}\n\n"}"#,
            r#"{"t":0.06,"dir":"chunk","body":"","close":"eof"}"#,
            r#"{"t":0.07,"dir":"req","method":"POST","url":"http://a.test/","body":"{\"id\":2}"}"#,
        ]
        .join("\n");
        let (_, events) = crate::record::transcript::read(&text).unwrap();
        let mut ix = ExchangeIndex::new(SourceFile::Transcript);
        let mut want = Vec::new();
        for e in &events {
            ix.observe(e);
            // Each event's line from its time: t = (line - 1) * 10 ms, except the synthetic
            // end of the last, unanswered request (at the last time).
            want.push((e.seq, e.t_us / 10_000 + 1));
        }
        for (seq, line) in want {
            assert_eq!(ix.line_of_seq(seq), Some(line), "seq {seq}: {events:#?}");
        }
    }

    #[test]
    fn rest_operations_are_named() {
        let op = |m, p| rest_operation(m, p);
        assert_eq!(
            op("POST", "/rest/v1/message:send").as_deref(),
            Some("message:send")
        );
        assert_eq!(
            op("POST", "/v1/tasks/3c9e:cancel").as_deref(),
            Some("tasks:cancel")
        );
        assert_eq!(
            op("GET", "/v1/tasks/3c9e?historyLength=10").as_deref(),
            Some("tasks:get")
        );
        assert_eq!(op("GET", "/v1/tasks").as_deref(), Some("tasks:list"));
        assert_eq!(
            op("POST", "/v1/tasks/3c9e/pushNotificationConfigs").as_deref(),
            Some("pushNotificationConfigs")
        );
        assert_eq!(op("GET", "/.well-known/agent-card.json"), None);
    }

    #[test]
    fn excerpt_cuts_on_char_boundary() {
        let s = "ééé".as_bytes();
        assert_eq!(excerpt_of(s, 3), "é…");
        assert_eq!(excerpt_of(s, 6), "ééé");
    }
}

//! Smaller checks added over time: 1.0 clients, follow-up refusals, cards at their own path, listeners.

use super::*;

// mine29b (round twenty-four, hosted platforms): a 1.0 HTTP+JSON client against a 0.3
// HTTP+JSON interface (Agent Engine, ADK: a2a-go #269) calls 1.0's routes, which sit
// directly below the url, where 0.3 serves them below `{url}/v1`; the agent's 404 is right.
impl State {
    /// Whether `x` is an HTTP+JSON operation call below a 0.x HTTP+JSON interface whose
    /// path after the interface url does not start with `/v1/` (0.3:§3.2.3 puts every
    /// route there, e.g. `{url}/v1/message:send`), answered without an A2A error: the
    /// client used 1.0's route form (`{url}/message:send`, 1.0:§11). Gives the key of
    /// that interface in [`State::advertised`].
    pub(super) fn client_dropped_v1(&self, x: &Exch, p: &UrlParts) -> Option<String> {
        let c = x.call.as_deref()?;
        // A card fetched below the url is discovery, no operation route of the binding.
        if c.binding != Some(Binding::Rest)
            || matches!(c.op, None | Some(Op::GetCard))
            || c.webhook
            || x.synthetic
        {
            return None;
        }
        let body = x.resp_decoded().unwrap_or_default();
        if let Ok(Json::Object(o)) = Json::parse(&body) {
            if a2a_error_answer(Some(c), &o) {
                return None;
            }
        }
        let origin = p.origin();
        let path = net::norm_path(&p.path);
        self.advertised.iter().find_map(|(k, a)| {
            let base = net::norm_path(&a.parts.path).trim_end_matches('/');
            (a.binding == Some(Binding::Rest)
                && !a.rest_1x
                && !a.grpc
                && a.parts.origin() == origin
                && !base.ends_with("/v1")
                && path
                    .strip_prefix(base)
                    .is_some_and(|rest| rest.starts_with('/') && !rest.starts_with("/v1/")))
            .then(|| k.clone())
        })
    }

    /// VER-CARD-002 / BIND-USE-002 (CARD-005, VER-005; mine29b, a2a-go #269): a client
    /// called 1.0's route form below a 0.x HTTP+JSON interface ([`Self::client_dropped_v1`],
    /// key `k`) and got 404/405 (or a 501 page). With `A2A-Version` naming a version the
    /// card does not declare, the client spoke another protocol version
    /// ([`Self::rest_client_version_not_offered`], note); without one, it left out the
    /// 0.3 route prefix (BIND-USE-002, warning). Either way the agent's 404 is right and
    /// the card's url is not what is wrong (no CARD-URL-002). Once per path.
    pub(super) fn client_v1_missing(&mut self, x: &Exch, p: &UrlParts, k: &str) {
        let Some(a) = self.advertised.get(k).cloned() else {
            return;
        };
        let path = net::norm_path(&p.path).to_string();
        if !self.unadvertised_reported.insert(path.clone()) {
            return;
        }
        let answer_ev = x.ev(if x.resp_seq > 0 {
            x.resp_seq
        } else {
            x.end_seq
        });
        let c = x.call.clone().unwrap_or_default();
        let other_version = c
            .header_version
            .as_deref()
            .and_then(Dialect::from_version)
            .is_some_and(|d| !d.is_0x());
        if other_version {
            let told = self.out.len();
            self.rest_client_version_not_offered(x, &c, answer_ev.clone());
            if self.out.len() > told {
                return;
            }
        }
        let base = net::norm_path(&a.parts.path)
            .trim_end_matches('/')
            .to_string();
        let route = path.strip_prefix(&base).unwrap_or(&path).to_string();
        let card_ev = Evidence {
            seq: a.card_seq,
            exchange: Some(a.card_exchange.clone()),
            pointer: Some(a.pointer.clone()),
            found: Some(Value::String(a.url.clone())),
        };
        let shown = a.shown.clone();
        self.find(
            &r::BIND_USE_URL_NOT_ADVERTISED,
            format!(
                "client sent {} {}, 1.0's route form, below 0.3 HTTP+JSON interface {shown}, whose routes sit below its url plus /v1 (call {} {base}/v1{route}); the agent answered HTTP {}: the client did not use the card's interface URL as 0.3 defines it",
                x.method.to_ascii_uppercase(),
                p.path,
                x.method.to_ascii_uppercase(),
                x.status.unwrap_or(0)
            ),
            vec![answer_ev, card_ev],
            &x.leg,
        );
    }
}

// mine29b (round twenty-four, hosted platforms): LiteLLM's bridge maps `stream=true` onto
// message/stream for every A2A agent, also a Pydantic AI (fasta2a) one whose card says
// streaming false (litellm #28577): the client's half of STREAM-001.
impl State {
    /// CAP-STREAM-003 (client, note; STREAM-001, CARD-005): the client made a streaming
    /// call (`c.op` SendStreamingMessage or SubscribeToTask, any version and binding but
    /// gRPC) to an agent whose card (the one [`Self::card_for`] finds for `x`) sets
    /// `capabilities.streaming` false or leaves it out, and the answer (HTTP `status`) is
    /// no event stream: the call was refused or failed (a JSON-RPC error or HTTP 4xx/5xx;
    /// not a success in one JSON body, nor a 401, 403, 407 or 429, which refuse for
    /// another reason: review29a). A2A gives streaming calls only to
    /// agents that declare it (0.3 §7.2; 1.0 §3.3.4), so the refusal is expected and the
    /// client should have sent and polled. Not for the prober's own requests (its tests of
    /// the refusal) nor synthetic exchanges. Once per exchange.
    pub(super) fn client_streaming_not_declared(&mut self, x: &Exch, c: &Call, status: u16) {
        if !c.op.is_some_and(Op::is_streaming)
            || !matches!(c.binding, Some(Binding::JsonRpc | Binding::Rest))
            || c.webhook
            || x.synthetic
            || x.probe_negative()
            || x.req_headers.get(crate::model::PROBE_TEST_HEADER).is_some()
        {
            return;
        }
        // The JSON-RPC error code of the answer, when it is one: what the client was told.
        let body = x.resp_decoded().unwrap_or_default();
        let code = Json::parse(&body).ok().and_then(|v| {
            v.get("error")
                .and_then(|e| e.get("code"))
                .and_then(Json::as_i64)
        });
        // review29a: only a refusal or failure of the call is the expected outcome this
        // note names: a success answered as one JSON body (STREAM-HTTP-001's) was no
        // refusal, and a refusal for credentials or rate (401, 403, 407, 429) is not about
        // streaming.
        if (code.is_none() && status < 400) || matches!(status, 401 | 403 | 407 | 429) {
            return;
        }
        // breaker32 E09: the authenticated extended card the client uses declares it.
        if self.extended_card_grants(x, true) {
            return;
        }
        let Some(card) = self.card_for(x) else {
            return;
        };
        let streaming = card.view.streaming;
        if streaming == Some(true) {
            return;
        }
        let among = self.card_among(x, card);
        let card_ev = Evidence {
            seq: card.seq,
            exchange: Some(card.exchange.clone()),
            pointer: Some("/capabilities/streaming".into()),
            found: streaming.map(Value::Bool),
        };
        let call = c
            .method
            .clone()
            .unwrap_or_else(|| format!("{} {}", x.method.to_ascii_uppercase(), x.path));
        let set = streaming
            .map(|b| format!("sets capabilities.streaming to {b}"))
            .unwrap_or_else(|| "does not declare capabilities.streaming".into());
        let answer = x.ev(if x.resp_seq > 0 {
            x.resp_seq
        } else {
            x.end_seq
        });
        let got = match code {
            Some(k) => format!("error {k} (HTTP {status})"),
            None => format!("HTTP {status}"),
        };
        self.find(
            &r::CAP_STREAMING_CLIENT,
            format!(
                "client called {call}, a streaming call, although the agent's card{among} {set}, and got {got} instead of an event stream: the agent's refusal is expected; send the message without streaming and follow the task instead"
            ),
            vec![x.ev(x.req_seq), answer, card_ev],
            &x.leg,
        );
    }
}

// mine29b (round twenty-four, hosted platforms): ADK's A2aAgentExecutor.cancel() raised
// NotImplementedError (adk-python #4127), so every tasks/cancel came back -32603.
impl State {
    /// TASK-003 / ERR-002 situation (RPC-ERROR-001; adk-python #4127): CancelTask (0.x
    /// `tasks/cancel`) of task `t`, which this recording shows the agent handed out and
    /// last saw in a non-terminal state before the call, answered with `got` -32603
    /// InternalError (on HTTP+JSON or gRPC the 500 / INTERNAL mapped to it): a framework
    /// whose executor cannot cancel throws, and the client learns only that the server
    /// broke while its task runs on. A task the agent will not cancel gets -32002
    /// TaskNotCancelableError (-32004 UnsupportedOperationError when it cancels no task).
    /// Not when the agent's own error texts (`said`) say it cannot find the task or its
    /// context ("not found", "missing", "unknown", "does not exist"): that is an agent
    /// that lost its own task, ID-TASK-001's finding when a read shows it (f333).
    /// Gives the why; `None` for every other call and code.
    pub(super) fn live_task_cancel_internal_error(
        &self,
        x: &Exch,
        c: &Call,
        got: i64,
        said: &[Option<&str>],
    ) -> Option<String> {
        if got != jsonrpc::INTERNAL_ERROR || c.op != Some(Op::CancelTask) || c.webhook {
            return None;
        }
        let lost = said.iter().flatten().any(|m| {
            let m = m.to_ascii_lowercase();
            [
                "not found",
                "missing",
                "unknown",
                "does not exist",
                "no such",
            ]
            .iter()
            .any(|w| m.contains(w))
        });
        if lost {
            return None;
        }
        let tid = c.task_id()?;
        let t = self.task_of(x, tid)?;
        let (aseq, _) = t.announced.as_ref()?;
        let (state, lseq) = t.last?;
        if *aseq >= x.req_seq || lseq >= x.req_seq || state.is_terminal() || t.terminal.is_some() {
            return None;
        }
        // review29a: what the recording shows of the agent around the cancel decides
        // between a cancel that is broken and an agent that is down.
        let around = self.answers_around(x);
        // the calls after the last one the agent answered: failing since then
        let failing_since = around.iter().rev().take_while(|a| a.failed).count();
        let seen = match around.last() {
            None => " (the recording holds no other call to this agent in the minute before, so it cannot tell a broken cancel from an agent that was down: the agent's log at the cancel tells)".to_string(),
            Some(last) if !last.failed => format!(
                " (the agent answered {} just before, its last call before the cancel, {}: it was up, so its cancel is what fails, as an executor whose cancel raises does, like ADK's A2aAgentExecutor.cancel() with NotImplementedError)",
                last.method,
                match (x.end_t.saturating_sub(last.end_t) + 500_000) / 1_000_000 {
                    0 => "under a second earlier".to_string(),
                    n => format!("{n} s earlier"),
                }
            ),
            // two or more calls before the cancel failed the same way: the agent as a whole
            // was failing (an outage), and -32603 is JSON-RPC's answer for a server that
            // broke; nothing shows that its cancel in particular is broken
            Some(_) if failing_since >= 2 => return None,
            Some(last) => format!(
                " (the call just before it, {}, failed too, so the recording cannot tell a broken cancel from an agent that was failing: the agent's log at the cancel tells)",
                last.method
            ),
        };
        Some(format!(
            "task {tid}, which the agent handed out and last showed {}, is live: a cancel the agent does not carry out is refused with TaskNotCancelableError (TASK-003; -32004 UnsupportedOperationError when the agent cancels no task), not an internal error that leaves the client guessing while the task runs on{seen}",
            x.state_term(state)
        ))
    }
}

/// `s` as a JSON string literal (`"search"`, control characters as `\u0001`): how findings
/// quote a value from the wire (review28b R3).
pub(super) fn json_quote(s: &str) -> String {
    serde_json::to_string(s).unwrap_or_default()
}

/// What the client sent on exchange `x`, for AUTH-LEAK-001 (review28a R6): the request
/// URL, then every string of the JSON request body (decoded: `\/` and `\\` read as the
/// characters they stand for), one a line; a body that is no JSON as text. At most
/// [`SENT_TEXT_CAP`] bytes of the body are read.
pub(super) fn client_sent_text(x: &Exch) -> String {
    fn strings(v: &Value, out: &mut String, depth: usize) {
        if depth > 64 || out.len() > SENT_TEXT_CAP {
            return;
        }
        match v {
            Value::String(s) => {
                out.push_str(s);
                out.push('\n');
            }
            Value::Array(a) => a.iter().for_each(|x| strings(x, out, depth + 1)),
            Value::Object(o) => o.values().for_each(|x| strings(x, out, depth + 1)),
            _ => {}
        }
    }
    let mut out = percent_decoded(&x.url);
    out.push('\n');
    let body = x.req_body.as_slice();
    let body = &body[..body.len().min(SENT_TEXT_CAP)];
    match serde_json::from_slice::<Value>(body) {
        Ok(v) => strings(&v, &mut out, 0),
        Err(_) => out.push_str(&String::from_utf8_lossy(body)),
    }
    out
}

/// `u` with `%XX` escapes decoded where they make UTF-8 (a path the client put in a URL);
/// `u` as it is otherwise.
pub(super) fn percent_decoded(u: &str) -> String {
    if !u.contains('%') {
        return u.to_string();
    }
    let b = u.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        let hex = b
            .get(i + 1..i + 3)
            .and_then(|h| std::str::from_utf8(h).ok())
            .and_then(|h| u8::from_str_radix(h, 16).ok());
        match (b[i], hex) {
            (b'%', Some(v)) => {
                out.push(v);
                i += 3;
            }
            (c, _) => {
                out.push(c);
                i += 1;
            }
        }
    }
    String::from_utf8(out).unwrap_or_else(|_| u.to_string())
}

/// Whether `word` occurs in `text` as a whole word: not inside a longer name (the
/// characters around it are no letter, digit, `_`, `-`, `.` or `/` before, and no letter,
/// digit or `_` after).
pub(super) fn has_word(text: &str, word: &str) -> bool {
    !word.is_empty()
        && text.match_indices(word).any(|(i, _)| {
            let before = text[..i].chars().next_back();
            let after = text[i + word.len()..].chars().next();
            !before.is_some_and(|c| c.is_alphanumeric() || "_-./\\".contains(c))
                && !after.is_some_and(|c| c.is_alphanumeric() || c == '_')
        })
}

/// AUTH-LEAK-001 (review28a R6): whether the source-looking path `tok` from an error text
/// is a file the client named in `sent`: the whole path, or its tail from a `/` or `\` on
/// (a folder and the file name at least: `notes/main.go`), occurs in what the client sent
/// as a whole word. An agent that resolved the user's `notes/main.go` to
/// `/srv/uploads/u42/notes/main.go` quotes the user's file, not its own code.
///
/// A bare file name is not enough (review29a): the client that asked about `report.py`
/// never sent the folder of `/srv/app/internal/report.py`, so the tail matched must hold a
/// folder too (`q3/report.py`), which the agent can only have resolved under its own root.
pub(super) fn client_named_path(tok: &str, sent: &str) -> bool {
    if sent.is_empty() {
        return false;
    }
    std::iter::once(0)
        .chain(tok.match_indices(['/', '\\']).map(|(i, _)| i + 1))
        .filter(|&k| k < tok.len())
        .filter(|&k| k == 0 || tok[k..].contains(['/', '\\']))
        .any(|k| has_word(sent, &tok[k..]))
}

/// AUTH-LEAK-001 (review28a R6): whether the SQL statement quoted on error line `l` is one
/// the client sent (`sent`): its first 24 characters from its keyword on (`SELECT id,
/// total FROM or`) occur in what the client sent. A statement the user asked to run,
/// quoted back in a refusal, is the user's text.
pub(super) fn client_sent_sql(l: &str, sent: &str) -> bool {
    if sent.is_empty() {
        return false;
    }
    ["SELECT ", "INSERT INTO ", "DELETE FROM ", "UPDATE "]
        .iter()
        .flat_map(|kw| l.match_indices(kw).map(|(i, _)| i))
        .any(|i| {
            let stmt: String = l[i..].chars().take(24).collect();
            sent.contains(stmt.as_str())
        })
}

/// DATA-SHAPE-001 (mine28a): the text naming every problem of `probs` (`(JSON Pointer,
/// problem)`, in the order found), at most [`SHAPE_PROBLEMS_NAMED`], so that one run tells
/// the engineer every fix: one problem as it is, several numbered (`3 problems: (1) ...;
/// (2) ...; (3) ...`) with `and N more` past the cap; and the pointers of those named.
pub(super) fn shape_problems_text(probs: &[(String, String)]) -> (String, Vec<String>) {
    let named = &probs[..probs.len().min(SHAPE_PROBLEMS_NAMED)];
    let ptrs = named.iter().map(|(p, _)| p.clone()).collect();
    if let [(_, one)] = probs {
        return (one.clone(), ptrs);
    }
    let list = named
        .iter()
        .enumerate()
        .map(|(i, (_, m))| format!("({}) {m}", i + 1))
        .collect::<Vec<_>>()
        .join("; ");
    let more = match probs.len().saturating_sub(SHAPE_PROBLEMS_NAMED) {
        0 => String::new(),
        n => format!("; and {n} more"),
    };
    (format!("{} problems: {list}{more}", probs.len()), ptrs)
}

impl State {
    /// DATA-SHAPE-001: the result task of operation `what` has the shape problems `probs`
    /// (`(JSON Pointer, problem)`, non-empty; body event `bseq`): one finding naming them
    /// all ([`shape_problems_text`]), with evidence at each one named (mine28a).
    pub(super) fn result_task_problems(
        &mut self,
        x: &Exch,
        what: &str,
        probs: &[(String, String)],
        bseq: u64,
    ) {
        let (msg, ptrs) = shape_problems_text(probs);
        self.find(
            &r::RESULT_SHAPE,
            format!("result task of {what} is malformed: {msg}"),
            ptrs.iter().map(|p| x.ev_at(bseq, p, None)).collect(),
            &x.leg,
        );
    }
}

/// The words of `text` that say what a call asks (review28a R7): lower-cased runs of
/// letters and digits of at least 3 characters, function words ([`ASK_STOP_WORDS`])
/// left out, each once, the first [`ASK_WORDS_KEPT`].
pub(super) fn ask_words(text: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for w in text.split(|c: char| !c.is_alphanumeric()) {
        if w.chars().count() < 3 {
            continue;
        }
        let w = w.to_lowercase();
        if ASK_STOP_WORDS.contains(&w.as_str()) || out.contains(&w) {
            continue;
        }
        out.push(w);
        if out.len() >= ASK_WORDS_KEPT {
            break;
        }
    }
    out
}

/// [`ask_words`] of call `x`'s message text ([`call_ask_text`]).
pub(super) fn call_ask_words(x: &Exch) -> Vec<String> {
    ask_words(&call_ask_text(x))
}

/// The text parts of call `x`'s message (`params.message`; empty for a call without one),
/// and the string and number values of its data parts (1.0 `{"data": ...}`, 0.x
/// `{"kind": "data", "data": {...}}`; review29a: an orchestrator that hands its client's
/// request on as structured data carries the same ticket, amount and currency, whatever
/// its member names), at most 64 levels deep, each followed by a space: what
/// [`ask_words`] reads the call's ask from.
pub(super) fn call_ask_text(x: &Exch) -> String {
    fn values(v: &Json, out: &mut String, depth: usize) {
        if depth > 64 || out.len() > SENT_TEXT_CAP {
            return;
        }
        if let Some(s) = v.as_str() {
            out.push_str(s);
            out.push(' ');
        } else if let Some(a) = v.as_array() {
            a.iter().for_each(|e| values(e, out, depth + 1));
        } else if let Some(o) = v.as_object() {
            o.values().for_each(|e| values(e, out, depth + 1));
        } else if !v.is_null() && v.as_bool().is_none() {
            out.push_str(&v.to_string());
            out.push(' ');
        }
    }
    let Some(m) = x
        .call
        .as_deref()
        .and_then(|c| a2a::params_message(c.params.json()))
    else {
        return String::new();
    };
    let mut text = String::new();
    for key in ["parts", "content"] {
        for p in m.get(key).and_then(Json::as_array).into_iter().flatten() {
            if let Some(t) = p.get("text").and_then(Json::as_str) {
                text.push_str(t);
                text.push(' ');
            }
            if let Some(d) = p.get("data") {
                values(d, &mut text, 0);
            }
        }
    }
    text
}

/// The W3C trace id (32 hex digits, lower-cased) of exchange `x`'s `traceparent` request
/// header (`00-<trace-id>-<parent-id>-<flags>`); `None` without one, or for the all-zero
/// id the W3C Trace Context spec makes invalid.
pub(super) fn trace_id(x: &Exch) -> Option<String> {
    let v = x.req_headers.get("traceparent")?;
    let id = v.trim().split('-').nth(1)?;
    (id.len() == 32 && id.bytes().all(|b| b.is_ascii_hexdigit()) && id.bytes().any(|b| b != b'0'))
        .then(|| id.to_ascii_lowercase())
}

/// TASK-STATE-014: the newest kept delegate outcome that orchestrator `x` (at `origin`)
/// relayed as its completed task's whole result `result` ([`State::delegate_outcome_relayed`]):
/// asked after `x` was and ended before it did, at another origin, in another exchange, its
/// status message `result` word for word (whitespace aside; an empty result matches none),
/// and its call tied to `x`'s ([`delegate_call_tied`]). `None` when there is none.
///
/// The times, origin and exchange are tested first; the result's squashed text and `x`'s
/// ask words and trace id are computed once, for the first outcome that passes those, and
/// not at all when none does (perfv37: computed for every completed answer, they were 8.4
/// M of the 8 MB bench, 3.8 M of it [`call_ask_words`], for no outcome that qualified).
pub(super) fn relayed_outcome<'d>(
    outcomes: &'d VecDeque<DelegateOutcome>,
    x: &Exch,
    origin: &str,
    result: &str,
) -> Option<&'d DelegateOutcome> {
    let x_end = if x.end_t > 0 { x.end_t } else { u64::MAX };
    let mut squashed: Option<String> = None;
    let mut tie: Option<(Vec<String>, Option<String>)> = None;
    outcomes.iter().rev().find(|d| {
        if !(d.req_t >= x.req_t && d.end_t <= x_end && d.origin != origin && *d.x_id != *x.id) {
            return false;
        }
        let r = squashed.get_or_insert_with(|| squash_ws(result));
        if r.is_empty() || *r != squash_ws(&d.text) {
            return false;
        }
        let (ask, trace) = tie.get_or_insert_with(|| (call_ask_words(x), trace_id(x)));
        delegate_call_tied(ask, trace.as_deref(), d)
    })
}

/// TASK-STATE-014 (review28a R7): whether the delegate outcome `d` came from a call the
/// orchestrator's call (its ask `ask`, its trace id `trace`) made, not from an unrelated
/// conversation that happened to run at the same time. With a trace id on both calls, the
/// ids decide (W3C Trace Context carries the orchestrator's trace into its outgoing
/// calls). Without, the asks decide: the delegate's ask shares at least two words with the
/// orchestrator's (one when either ask has a single word): an orchestrator hands its
/// client's request on, in its own words at most (`Move 500 EUR from Ana's account` ->
/// `Transfer 500 EUR from acct-ana`).
pub(super) fn delegate_call_tied(ask: &[String], trace: Option<&str>, d: &DelegateOutcome) -> bool {
    if let (Some(a), Some(b)) = (trace, d.trace.as_deref()) {
        return a == b;
    }
    let d_ask = d.ask();
    let shared = ask.iter().filter(|w| d_ask.contains(w)).count();
    let need = if ask.len() == 1 || d_ask.len() == 1 {
        1
    } else {
        2
    };
    shared >= need
}

impl State {
    /// The findings to print live after an event: those `out` gained from index `before`
    /// on, less the upstream VER-MIX-002 findings still held ([`State::held_mix`]), plus
    /// those held earlier that are settled now ([`Self::settle_held_mix`]), in `out`
    /// order (review28a R5: a live line names the side the report names).
    pub(super) fn live_since(&mut self, before: usize) -> Vec<Finding> {
        if self.held_mix.is_empty() {
            return self.out[before..].to_vec();
        }
        let settled = self.settle_held_mix();
        let mut idx: Vec<usize> = settled.into_iter().filter(|&i| i < before).collect();
        idx.extend((before..self.out.len()).filter(|i| !self.held_mix.contains(i)));
        idx.sort_unstable();
        idx.into_iter()
            .filter_map(|i| self.out.get(i).cloned())
            .collect()
    }

    /// Settles the held upstream VER-MIX-002 findings whose side is known, and returns
    /// their indexes in `out`: the client leg's finding was folded into it (the client's
    /// mix, passed on: stays VER-MIX-002), or the paired client call is judged (or its
    /// exchange ended) and no client-leg finding repeats it (the gateway's own mix:
    /// VER-MIX-001 now, as [`gateway_own_mix`] would make it at the end). An upstream call
    /// paired with no client call is settled as the gateway's own once its exchange ended.
    /// The oldest are settled past [`MAX_HELD_MIX`].
    pub(super) fn settle_held_mix(&mut self) -> Vec<usize> {
        let mut settled = Vec::new();
        let mut keep = Vec::new();
        let over = self.held_mix.len().saturating_sub(MAX_HELD_MIX);
        for (n, i) in std::mem::take(&mut self.held_mix).into_iter().enumerate() {
            let Some(g) = self.out.get(i) else {
                continue;
            };
            let up = g
                .evidence
                .first()
                .and_then(|e| e.exchange.clone())
                .unwrap_or_default();
            // review34: a client's 0.x method under the 1.0 header, told once its answer
            // was read (the call judged as 1.0, a stream event seen) or its exchange ended.
            if g.leg.as_deref() != Some("upstream") {
                let answered = self.open.get(up.as_str()).is_none_or(|o| {
                    !header_1_0_on_0x_method(o.call.as_deref())
                        || o.sse.as_ref().is_some_and(|s| s.events > 0)
                });
                if answered || n < over {
                    settled.push(i);
                } else {
                    keep.push(i);
                }
                continue;
            }
            let relayed = g.message.contains(RELAYED_REQUEST_NOTE);
            let pair = self.gw_pairs.iter().rev().find(|p| p.up == up);
            let known = relayed
                || n < over
                || match pair {
                    Some(p) => self
                        .open
                        .get(p.client.as_str())
                        .is_none_or(|c| c.call.is_some()),
                    None => !self.open.contains_key(up.as_str()),
                };
            if !known {
                keep.push(i);
                continue;
            }
            if !relayed {
                let lo = self.out.len().saturating_sub(RELAYED_LOOKBACK);
                let g = &self.out[i];
                let client_too = (lo..self.out.len()).any(|j| {
                    let f = &self.out[j];
                    f.leg.is_none() && same_relayed(g, &up, f, &self.gw_ids)
                });
                if !client_too {
                    own_mix(&mut self.out[i]);
                }
            }
            settled.push(i);
        }
        self.held_mix = keep;
        settled
    }
}

impl State {
    /// `x` is on a hop behind a gateway (a leg), not a client's own call to the agent: a
    /// check of the agent's answer to a client following its card skips it. In an
    /// `interop` recording every exchange is on a leg (`A->B`, `B->A`, the webhooks), yet
    /// the prober's own calls (named by their agent URL, [`Exch::named_url`]) are a
    /// client calling that agent directly, as in a `probe` recording: not behind any
    /// gateway (review29b: q29b made CARD-URL-002 see them; CARD-PATH-001, CARD-SIG-003,
    /// VER-HDR-001, VER-HDR-004 and the other checks that skipped every leg did not).
    pub(super) fn behind_hop(&self, x: &Exch) -> bool {
        x.leg.is_some() && !(self.driver.as_deref() == Some("interop") && x.named_url.is_some())
    }

    /// Who sent `x`'s request, as a finding about that request names it (left37): on a
    /// gateway's upstream leg (any `leg` of a recording that is not `interop`) the gateway
    /// called the agent, so "client sent" would blame the client leg's caller for what the
    /// gateway put on the wire; on the client leg, and on every leg of an `interop`
    /// recording (its legs are agents calling each other as clients, no gateway), the
    /// client did. Costs one comparison; called only when a finding is worded.
    pub(super) fn sender(&self, x: &Exch) -> Sender {
        if x.leg.is_some() && self.driver.as_deref() != Some("interop") {
            Sender::Gateway
        } else {
            Sender::Client
        }
    }
}

impl Sender {
    /// `"client"` or `"gateway"`.
    pub(super) fn noun(self) -> &'static str {
        match self {
            Sender::Client => "client",
            Sender::Gateway => "gateway",
        }
    }

    /// A finding's opening subject and verb: `"client sent"`, or on the upstream leg
    /// `"gateway sent the agent"` (VER-HDR-003's wording since breaker22 Z02).
    pub(super) fn sent(self) -> &'static str {
        match self {
            Sender::Client => "client sent",
            Sender::Gateway => "gateway sent the agent",
        }
    }
}

/// `up`, an upstream-leg finding's text, says what `client`, a client-leg finding's text,
/// says but for the sender ([`Sender`]) and the leg's own address: equal, or equal once
/// each place where `up` names the gateway as the sender ([`SENDER_SWAPS`]) and `client`
/// names the client is skipped, and each URL authority (`http://HOST:PORT`) where the two
/// differ: a request URL names the listener of its own leg (newcomer45 N3: REST-ERROR-001
/// on `GET http://127.0.0.1:8081/rest/v1/tasks/x` and on the same answer relayed to
/// `GET http://127.0.0.1:8080/...` were two errors for one fault of the agent's).
/// No allocation; linear in the texts.
pub(super) fn same_but_sender(up: &str, client: &str) -> bool {
    let (mut a, mut b) = (up.as_bytes(), client.as_bytes());
    let mut done = 0;
    loop {
        let n = a.iter().zip(b).take_while(|(p, q)| p == q).count();
        a = &a[n..];
        b = &b[n..];
        done += n;
        if a.is_empty() && b.is_empty() {
            return true;
        }
        if let Some((na, nb)) = authority_rest(&up.as_bytes()[..done], a, b) {
            a = &a[na..];
            b = &b[nb..];
            done += na;
            // breaker46 `prefix-strip`: the same route below another base path on each
            // leg (a gateway that publishes the agent under /a2a): one URL path ends with
            // the other, at a segment boundary (both start with `/`).
            let url_path = |s: &[u8]| {
                s.iter()
                    .take_while(|c| !c.is_ascii_whitespace() && !b",;)'\"".contains(c))
                    .count()
            };
            let (pa, pb) = (url_path(a), url_path(b));
            let (x, y) = (&a[..pa], &b[..pb]);
            if x != y
                && x.first() == Some(&b'/')
                && y.first() == Some(&b'/')
                && (y.ends_with(x) || x.ends_with(y))
            {
                a = &a[pa..];
                b = &b[pb..];
                done += pa;
            }
            continue;
        }
        let Some((g, c)) = SENDER_SWAPS
            .iter()
            .find(|(g, c)| a.starts_with(g.as_bytes()) && b.starts_with(c.as_bytes()))
        else {
            return false;
        };
        a = &a[g.len()..];
        b = &b[c.len()..];
        done += g.len();
    }
}

/// For [`same_but_sender`] (which also reads one URL path below another base path on the
/// other leg alike, after the authority): where two texts first differ after the common
/// text `before`,
/// the lengths of the rest of a URL authority in each (`a`, `b`) when `before` ends inside
/// one (`://` then host and port characters only); `None` elsewhere, or when neither has
/// authority characters left (nothing to skip).
fn authority_rest(before: &[u8], a: &[u8], b: &[u8]) -> Option<(usize, usize)> {
    let auth = |c: &u8| c.is_ascii_alphanumeric() || b".-:[]_".contains(c);
    let k = before.iter().rev().take_while(|c| auth(c)).count();
    if !before[..before.len() - k].ends_with(b"://") {
        return None;
    }
    let na = a.iter().take_while(|c| auth(c)).count();
    let nb = b.iter().take_while(|c| auth(c)).count();
    (na > 0 || nb > 0).then_some((na, nb))
}

impl State {
    /// Remembers (or forgets) follow-up `m` of exchange `x` for
    /// [`State::refused_message_stored`]: a refusal ([`State::answer_is_error`]) of a
    /// message naming a task the recording knows, in another context than the task's
    /// (ID-003) or after the task ended (TASK-002), is kept; a later successful send of the
    /// same messageId to the task (the client's corrected retry) drops it, since then the
    /// message is in the history lawfully.
    pub(super) fn note_followup_refusal(&mut self, x: &Exch, m: &Obj, success: bool) {
        let (Some(tid), Some(mid)) = (
            a2a::message_task_id(m),
            str_member(m, "messageId", "message_id").filter(|s| !s.is_empty()),
        ) else {
            return;
        };
        let task_key = x.tkey(tid);
        if success {
            self.refused_followups
                .retain(|r| !(r.task_key == task_key && r.mid == mid));
            return;
        }
        if !self.answer_is_error(x) {
            return;
        }
        let Some(rec) = self.tasks.get(&task_key) else {
            return;
        };
        let contexts = match (a2a::message_context_id(m), rec.context_id.as_deref()) {
            (Some(q), Some(k)) if q != k => Some((q.to_string(), k.to_string())),
            _ => None,
        };
        let terminal = rec
            .terminal
            .as_ref()
            .filter(|(_, s, _)| *s < x.req_seq)
            .map(|(st, _, _)| x.state_term(*st));
        if contexts.is_none() && terminal.is_none() {
            return;
        }
        let refusal = match x.status {
            Some(s) if s >= 400 => format!("HTTP {s}"),
            _ => "a JSON-RPC error".to_string(),
        };
        let base = if x
            .call
            .as_ref()
            .and_then(|c| c.binding)
            .is_some_and(Binding::bare_params)
        {
            "/message/messageId"
        } else {
            "/params/message/messageId"
        };
        if self.refused_followups.len() >= MAX_REFUSED_FOLLOWUPS {
            self.refused_followups.remove(0);
        }
        self.refused_followups.push(RefusedFollowUp {
            task_key,
            task: tid.to_string(),
            mid: mid.to_string(),
            contexts,
            terminal,
            refusal,
            evidence: vec![
                x.ev_at(x.req_ev_seq(), base, Some(Value::String(mid.to_string()))),
                x.ev(x.body_seq()),
            ],
            req_seq: x.req_seq,
            reported: false,
        });
    }

    /// Whether exchange `x` is a send whose message names task `tid` with a `contextId`
    /// other than the one the recording saw the task carry (ID-003, 1.0 §3.4.3: such a
    /// message must be rejected, with no error named): its TaskNotFoundError is that
    /// rejection, the task in the client's context does not exist (mine30a, b30a-N1).
    pub(super) fn followup_names_other_context(&self, x: &Exch, tid: &str) -> bool {
        let Some(c) = x.call.as_ref() else {
            return false;
        };
        if !matches!(c.op, Some(Op::SendMessage) | Some(Op::SendStreamingMessage)) {
            return false;
        }
        let Some(m) = params_message(c.params.json()) else {
            return false;
        };
        if a2a::message_task_id(m) != Some(tid) {
            return false;
        }
        let known = self.task_of(x, tid).and_then(|t| t.context_id.as_deref());
        matches!((a2a::message_context_id(m), known), (Some(q), Some(k)) if q != k)
    }

    /// ID-CTX-002 / TASK-STATE-002 (ID-003, TASK-002; mine30a f637): task `o` (at `ptr`
    /// of line `seq`, `what` names it) lists in its `history` a message (same messageId)
    /// that the agent refused as a follow-up of this task ([`State::note_followup_refusal`]):
    /// the agent stored the message it said it rejected, so the task's history (the
    /// conversation the agent goes on from) holds a turn the client was told was refused.
    /// Told once per refused message.
    pub(super) fn refused_message_stored(
        &mut self,
        x: &Exch,
        o: &Obj,
        ptr: &str,
        seq: u64,
        what: &dyn std::fmt::Display,
    ) {
        if self.refused_followups.is_empty() {
            return;
        }
        let Some(tid) = str_member(o, "id", "id").filter(|t| !t.is_empty()) else {
            return;
        };
        let Some(Json::Array(hist)) = o.get("history") else {
            return;
        };
        let key = x.tkey(tid);
        // This exchange's own message resent under the refused messageId (the client's
        // corrected retry, ID-007): its answer lists it lawfully, and the refusal is over.
        let own = x
            .call
            .as_ref()
            .filter(|c| matches!(c.op, Some(Op::SendMessage) | Some(Op::SendStreamingMessage)))
            .and_then(|c| params_message(c.params.json()))
            .filter(|m| a2a::message_task_id(m) == Some(tid))
            .and_then(|m| str_member(m, "messageId", "message_id"))
            .map(str::to_string);
        if let Some(own) = own {
            self.refused_followups
                .retain(|r| !(r.task_key == key && r.mid == own));
        }
        let hit = hist.iter().enumerate().find_map(|(i, m)| {
            let mid = m
                .as_object()
                .and_then(|m| str_member(m, "messageId", "message_id"))?;
            let k = self.refused_followups.iter().position(|r| {
                !r.reported && r.task_key == key && r.mid == mid && r.req_seq < seq
            })?;
            Some((i, k))
        });
        let Some((i, k)) = hit else {
            return;
        };
        let r = &mut self.refused_followups[k];
        r.reported = true;
        let r = r.clone();
        let at = jptr(ptr, &[Key("history"), Index(i), Key("messageId")]);
        let mut ev = r.evidence.clone();
        ev.push(x.ev_at(seq, &at, Some(Value::String(r.mid.clone()))));
        let (rule, msg) = match (&r.contexts, r.terminal) {
            (Some((q, kc)), _) => (
                &r::ID_CONTEXT_CHANGED,
                format!(
                    "agent refused message {} (contextId {q}, naming task {} of context {kc}) with {}, yet the {what} lists that message in its history: it stored the follow-up it rejected, so the task's conversation now holds a turn from another context (a contextId that differs from the task's must be rejected, ID-003, and a task keeps its own context, ID-006)",
                    r.mid, r.task, r.refusal
                ),
            ),
            (None, Some(st)) => (
                &r::TASK_MESSAGE_TO_TERMINAL,
                format!(
                    "agent refused message {} to task {} in {} with {}, yet the {what} lists that message in its history: the finished task took in the message it rejected (a terminal task accepts no further messages, TASK-002, TASK-001)",
                    r.mid, r.task, st, r.refusal
                ),
            ),
            (None, None) => return,
        };
        self.areas.insert("id");
        self.find(rule, msg, ev, &x.leg);
    }
}

/// mine30b (1.0 §8.3.2, VER-004; trpc-agent-go PR #2472): when every interface of `card`
/// at the url `x` went to (JSON-RPC: exactly that url; other bindings: it or below it)
/// names a protocol version and none of them is in `d`'s family (0.2 and 0.3 are one
/// JSON-RPC family; 0.1 stands alone), while another interface declares `d`: the versions
/// declared at the url (joined, e.g. `0.3`) and the url of the first interface that
/// declares `d`. `None` when no interface sits at the url, one there has no version, or
/// one there is of `d`'s family.
pub(super) fn version_declared_elsewhere(
    card: &CardRec,
    x: &Exch,
    d: Dialect,
) -> Option<(String, String)> {
    let p = x.parts.as_ref()?;
    let (origin, path) = (p.origin(), net::norm_path(&p.path));
    let family =
        |k: Dialect| k == d || (k.is_0x() && d.is_0x() && k != Dialect::V0_1 && d != Dialect::V0_1);
    let at_url = |i: &crate::model::card::CardInterface| {
        i.parts().is_some_and(|u| {
            let base = net::norm_path(&u.path);
            u.origin() == origin
                && (base == path
                    || (!i.binding.eq_ignore_ascii_case("JSONRPC")
                        && path.starts_with(&format!("{base}/"))))
        })
    };
    let here: Vec<_> = card.view.interfaces.iter().filter(|i| at_url(i)).collect();
    if here.is_empty() {
        return None;
    }
    let mut versions = Vec::new();
    for i in &here {
        let k = i.version.as_deref().and_then(Dialect::from_version)?;
        if family(k) {
            return None;
        }
        let v = i.version.clone().unwrap_or_default();
        if !versions.contains(&v) {
            versions.push(v);
        }
    }
    let there = card.view.interfaces.iter().find(|i| {
        !at_url(i)
            && i.version
                .as_deref()
                .and_then(Dialect::from_version)
                .is_some_and(family)
    })?;
    Some((versions.join(", "), there.url.clone()))
}

/// mine30b (a2a-js PR #520): whether a send request's message object `m` is itself only a
/// wrapper, `{"message": {...}}` with none of a Message's own members (messageId, role,
/// parts, content): the client nested the Message one level too deep.
pub(super) fn message_wrapped_twice(m: &Obj) -> bool {
    matches!(m.get("message"), Some(Json::Object(_)))
        && ["messageId", "message_id", "role", "parts", "content"]
            .iter()
            .all(|k| !m.contains_key(k))
}

impl State {
    /// CARD-001 / CARD-005 (mine30c): an Agent Card that a registry, directory or gateway
    /// serves at a path of its own (the AGNTCY directory's exported record, agentgateway's
    /// `/a2a/agents/{name}/agent-card.json`, a registry's `/v0/agents/{name}/card`) is the
    /// card its clients follow, judged like one fetched from `/.well-known/agent-card.json`.
    /// An exchange `x` no route or binding claimed is made a card fetch (`Op::GetCard`) when
    /// it is a GET answered 2xx whose JSON body has the card's core members
    /// ([`card_core_shape`]).
    pub(super) fn card_at_own_path(&mut self, x: &mut Exch) {
        if x.synthetic
            || x.grpc.is_some()
            || x.sse.is_some()
            || x.truncated
            || !x.method.eq_ignore_ascii_case("GET")
            || !x.status.is_some_and(|s| (200..300).contains(&s))
            || is_card_path(&x.path)
        {
            return;
        }
        if x.call
            .as_ref()
            .is_some_and(|c| c.op.is_some() || c.binding.is_some() || c.webhook)
        {
            return;
        }
        let Ok(body) = x.resp_decoded_coded() else {
            return;
        };
        let t = trim_ascii(&body);
        if !t.starts_with(b"{") || !contains(t, b"\"skills\"") || !contains(t, b"\"capabilities\"")
        {
            return;
        }
        let Ok(v) = Json::parse(&body) else {
            return;
        };
        if !card_core_shape(&v) {
            return;
        }
        let mut card_call = x.call.as_deref().cloned().unwrap_or_default();
        card_call.op = Some(Op::GetCard);
        x.call = Some(Arc::new(card_call));
    }
}

/// An Agent Card's core members (mine30c), in every version: a string `name`, an object
/// `capabilities`, an array `skills`, and where the agent is (a 1.0 `supportedInterfaces`
/// array, a 0.x string `url`). Body shape of a card served at a path of its own.
pub(super) fn card_core_shape(v: &Json) -> bool {
    v.get("name").is_some_and(|n| n.as_str().is_some())
        && v.get("capabilities")
            .is_some_and(|c| c.as_object().is_some())
        && v.get("skills").is_some_and(|s| s.as_array().is_some())
        && (v
            .get("supportedInterfaces")
            .is_some_and(|i| i.as_array().is_some())
            || v.get("url").is_some_and(|u| u.as_str().is_some()))
}

impl State {
    /// left57: the words of [`Self::terminal_refusal_without_a2a_error`] for well-formed
    /// JSON-RPC call `c` (a request with an id, a known A2A method, object params, one that
    /// expects a response) answered HTTP `status` in `x`: a call on a task this recording saw
    /// finished, refused without an A2A error (TASK-002, TASK-003, TASK-004; ERR-002).
    /// RPC-ENVELOPE-001 tells such an answer with these words at every judged status
    /// ([`Self::plain_refusal_of_valid_call`], [`Self::json_refusal_of_call`]); `None` when
    /// the call or the situation is not of that kind.
    pub(super) fn finished_task_refusal(&self, x: &Exch, c: &Call, status: u16) -> Option<String> {
        if x.synthetic
            || self.gw_own_answer.contains(&x.id)
            || !matches!(c.rpc, Some(RequestParse::Request { id: Some(_), .. }))
            || c.op.is_none()
            || c.params_not_object().is_some()
            || !expects_response(c)
        {
            return None;
        }
        self.terminal_refusal_without_a2a_error(x, c, status)
    }

    /// left57 (CARD-005, CARD-006 against RPC-001, RPC-002): whether `x`, an answer with a
    /// body and no JSON-RPC response (a 501 "Not Implemented" page) to a well-formed
    /// JSON-RPC call on a task this recording saw finished, is the refusal RPC-ENVELOPE-001
    /// tells ([`Self::finished_task_refusal`]). The agent answered at the card's URL, so
    /// CARD-URL-002 ("the url does not answer") stays silent on it: one finding per answer.
    pub(super) fn refusal_owns_unrouted_answer(&self, x: &Exch) -> bool {
        let (Some(c), Some(status)) = (x.call.as_deref(), x.status) else {
            return false;
        };
        c.binding == Some(Binding::JsonRpc)
            && x.resp_decoded().is_some_and(|b| !b.is_empty())
            && self.finished_task_refusal(x, c, status).is_some()
    }

    /// RPC-001 / RPC-002 (mine30c, envoyproxy/ai-gateway #1724): a well-formed JSON-RPC
    /// call (a request object with an id, a known A2A method, object params) answered
    /// HTTP 400 with a body that is no JSON (`failed to create MCP session to any backend`,
    /// text/plain): the client reads no id, no code and no A2A error from it. A body that
    /// is no valid request is [`Self::framework_rejection`]'s.
    ///
    /// left56: a call on a task this recording saw finished (TASK-002, TASK-003,
    /// TASK-004), refused so at any HTTP status [`Self::terminal_refusal_without_a2a_error`]
    /// judges (every 4xx / 5xx but an auth front's, a rate limiter's, a gateway's and the
    /// 404 / 405 of a purged task or a missing route), or answered 2xx with a text/plain
    /// body, is told with the same words as at 400 (before, only at 400; a 500 or a 200
    /// page got words that did not say the task was finished, a 409 or 422 none). Returns
    /// whether it reported, so the caller's generic 2xx / 500 words stay unsaid.
    pub(super) fn plain_refusal_of_valid_call(
        &mut self,
        x: &Exch,
        status: u16,
        c: &Call,
        body: &[u8],
    ) -> bool {
        if x.synthetic
            || body.is_empty()
            || !matches!(c.rpc, Some(RequestParse::Request { id: Some(_), .. }))
            || c.op.is_none()
            || c.params_not_object().is_some()
            || !expects_response(c)
        {
            return false;
        }
        let media = x
            .resp_media()
            .unwrap_or_else(|| "no content type".into())
            .into_owned();
        // A 2xx text/plain body is a refusal in words (an agent that writes "task already
        // completed" with 200) and is judged as one; the gate's status for it is 400.
        let plain_2xx = (200..300).contains(&status) && media.eq_ignore_ascii_case("text/plain");
        let gate = if plain_2xx { 400 } else { status };
        let told = if status >= 400 || plain_2xx {
            self.terminal_refusal_without_a2a_error(x, c, gate)
        } else {
            None
        };
        if status != 400 && told.is_none() {
            return false;
        }
        let text = String::from_utf8_lossy(&body[..body.len().min(4096)]);
        // left55: a call on a task seen finished, refused without an A2A error.
        let msg = match told {
            Some(told) => format!(
                "the JSON-RPC call {} was answered HTTP {status} with {media} ({}) instead of a JSON-RPC response; {told}",
                c.method.as_deref().unwrap_or(""),
                excerpt(&text)
            ),
            None => format!(
                "the JSON-RPC call {} was answered HTTP 400 with {media} ({}) instead of a JSON-RPC response: the call is well-formed, and the client reads no id, no error code and no A2A error from this answer; when a front answers for the agent (a gateway route, an MCP route, a WAF), the url reaches something other than the agent",
                c.method.as_deref().unwrap_or(""),
                excerpt(&text)
            ),
        };
        self.find(
            &r::RPC_ENVELOPE,
            msg,
            vec![
                x.ev(x.req_ev_seq()),
                x.ev_at(x.body_seq(), "", Some(excerpt(&text))),
            ],
            &x.leg,
        );
        true
    }
}

impl State {
    /// RPC-001 / RPC-002 (mine51, mastra #24156): a JSON-RPC call with an id, a known A2A
    /// method and object params answered HTTP 400 or 422 with a JSON body that is no
    /// JSON-RPC response (`{"error":"Invalid request body","issues":[...]}`, FastAPI's
    /// `{"detail":[...]}`): the server's request validator refused it before any A2A
    /// handler ran, so the client reads no id, no code and no A2A error. An OAuth error
    /// (RFC 6750 §3.1: 400 `invalid_request`, or any refusal with WWW-Authenticate) is an
    /// auth layer's and stays silent, as does a body in the HTTP+JSON binding's error shape
    /// (told by the caller) or on a REST route. `v` is the parsed body.
    pub(super) fn json_refusal_of_call(&mut self, x: &Exch, status: u16, c: &Call, v: &Json) {
        const OAUTH_ERRORS: &[&str] = &[
            "invalid_request",
            "invalid_token",
            "insufficient_scope",
            "invalid_client",
            "invalid_grant",
            "unauthorized_client",
        ];
        // left57: a call on a task seen finished is told at every status
        // [`Self::finished_task_refusal`] judges (a 501 JSON page too, which CARD-URL-002
        // leaves to this rule), a validator's refusal at 400 / 422 only.
        let finished = if matches!(status, 400 | 422) {
            None
        } else {
            self.finished_task_refusal(x, c, status)
        };
        if !(matches!(status, 400 | 422) || finished.is_some())
            || x.synthetic
            || self.gw_own_answer.contains(&x.id)
            || !matches!(c.rpc, Some(RequestParse::Request { id: Some(_), .. }))
            || c.op.is_none()
            || c.params_not_object().is_some()
            || !expects_response(c)
            || x.resp_headers.get("www-authenticate").is_some()
            || v
                .get("error")
                .and_then(Json::as_str)
                .is_some_and(|e| OAUTH_ERRORS.contains(&e))
            || self.jsonrpc_on_rest_route(x)
            // posted to an HTTP+JSON operation route or a card document (a card url that
            // is no endpoint, CARD-URL-004, agno #10165): that route's own refusal of a
            // body of the other binding is the consequence, told where it starts
            || x.parts.as_ref().is_some_and(|p| {
                a2a::rest_route("POST", &p.path).is_some() || is_card_path(&p.path)
            })
        {
            return;
        }
        let media = x
            .resp_media()
            .unwrap_or_else(|| "no content type".into())
            .into_owned();
        let method = c.method.as_deref().unwrap_or("");
        // The validator's list of allowed methods names 0.x's slash names only, and the
        // call is a 1.0 one (PascalCase): the endpoint does not serve 1.0's method names.
        let raw = v.to_value().to_string();
        let text = excerpt(&raw);
        let shown = text.as_str().unwrap_or_default().to_string();
        let old_names = c.dialect == Some(Dialect::V1_0)
            && !method.contains('/')
            && ["message/send", "message/stream", "tasks/get"]
                .iter()
                .any(|n| raw.contains(n));
        let why = if old_names {
            format!(
                "; the refusal lists 0.x method names (message/send, tasks/get, ...) only: the endpoint's request validator does not know 1.0's {method}, so a 1.0 client that follows the card reaches no A2A handler"
            )
        } else {
            String::new()
        };
        let well_formed = if self.request_faulted(x) {
            ""
        } else {
            " the call is well-formed, and"
        };
        // left55 (xagent #1171, f1128): the refusal of a call on a task seen finished says
        // which A2A error was due instead of "a request validator's refusal".
        let msg = match self.terminal_refusal_without_a2a_error(x, c, status) {
            Some(told) => format!(
                "the JSON-RPC call {method} was answered HTTP {status} with {media} ({shown}) and no JSON-RPC response; {told}"
            ),
            None => format!(
                "the JSON-RPC call {method} was answered HTTP {status} with {media} ({shown}), a request validator's refusal and no JSON-RPC response:{well_formed} the client reads no id, no error code and no A2A error from it (expected {{\"jsonrpc\":\"2.0\",\"id\":<request id>,\"result\":...}}, or an error object with the A2A code){why}"
            ),
        };
        self.find(
            &r::RPC_ENVELOPE,
            msg,
            vec![x.ev(x.req_ev_seq()), x.ev_at(x.body_seq(), "", Some(text))],
            &x.leg,
        );
    }
}

/// mine30c (IBM/mcp-context-forge #4589): two message sends, a client's `a` and a gateway's
/// upstream `b`, that are the same send but for the JSON-RPC id and the message's
/// `messageId` (a gateway that mints its own): same method, params and message otherwise.
/// JSON-RPC bodies (`params.message`) and HTTP+JSON ones (`message`) alike.
pub(super) fn same_send_but_message_id(a: &[u8], b: &[u8]) -> bool {
    if a.len().abs_diff(b.len()) > 128 || a.len().max(b.len()) > FORWARDED_PARSE_CAP {
        return false;
    }
    let strip = |x: &[u8]| -> Option<serde_json::Map<String, Value>> {
        let Ok(Value::Object(mut m)) = serde_json::from_slice::<Value>(x) else {
            return None;
        };
        m.remove("id");
        let holder = match m.get_mut("params") {
            Some(Value::Object(p)) => p,
            _ => &mut m,
        };
        holder
            .get_mut("message")
            .and_then(Value::as_object_mut)?
            .remove("messageId");
        Some(m)
    };
    matches!((strip(a), strip(b)), (Some(x), Some(y)) if x == y)
}

/// The capturing proxy's listeners from a reverse-mode recording header: `(host, port,
/// leg)` for each [`RecordingHeader::listen`] address (`IP:PORT`), the host without
/// brackets, the leg `None` for the client-facing one. The main listener (first) has the
/// first routes, each `--listener LEG@ADDR=URL` after it exactly one route, the last ones
/// in order: their legs come from those routes. Empty for other modes; a header whose
/// routes do not fit that shape gives the main listener only.
pub(super) fn own_listeners(h: &RecordingHeader) -> Vec<(String, u16, Option<String>)> {
    if h.mode != CaptureMode::Reverse {
        return Vec::new();
    }
    let n = h.listen.len();
    let extra_legs: Option<Vec<Option<String>>> = (n > 0 && h.routes.len() >= n).then(|| {
        h.routes[h.routes.len() - (n - 1)..]
            .iter()
            .map(|r| r.leg.clone())
            .collect()
    });
    let main_leg = h.routes.first().and_then(|r| r.leg.clone());
    h.listen
        .iter()
        .enumerate()
        .filter_map(|(i, a)| {
            let sa: std::net::SocketAddr = a.parse().ok()?;
            let leg = if i == 0 {
                main_leg.clone()
            } else {
                extra_legs.as_ref()?.get(i - 1)?.clone()
            };
            Some((sa.ip().to_string(), sa.port(), leg))
        })
        .collect()
}

impl State {
    /// Whether `u` (a card interface URL on a card fetched by exchange `x`) names one of
    /// the capturing proxy's own listeners on `x`'s leg ([`State::own_listeners`]), or,
    /// for a card on a named leg behind a gateway, the client-facing main listener: the
    /// same port and the same host, both loopback, or a bind-all listener reached by a
    /// loopback name or the host the client used. Calls there go through the recorder
    /// (newcomer45 N1: an agent behind `--listener upstream@...` whose public URL is the
    /// proxy's `--listen` address, the front of the whole chain, got CARD-URL-009 "their
    /// calls are not in this recording" while every call was).
    pub(super) fn names_own_listener(&self, x: &Exch, u: &UrlParts) -> bool {
        let uh = u.host.trim_start_matches('[').trim_end_matches(']');
        let front_host = x.parts.as_ref().map(|f| f.host.as_str()).unwrap_or("");
        self.own_listeners.iter().any(|(h, port, leg)| {
            *port == u.port
                && (*leg == x.leg || (leg.is_none() && x.leg.is_some()))
                && (h.eq_ignore_ascii_case(uh)
                    || (host_class(h) == HostClass::Loopback
                        && host_class(uh) == HostClass::Loopback)
                    || (host_class(h) == HostClass::BindAll
                        && (host_class(uh) == HostClass::Loopback
                            || front_host.eq_ignore_ascii_case(uh))))
        })
    }
}

impl State {
    /// The webhook leg ([`crate::record::event::is_webhook_leg`]) of the capturing proxy's
    /// own listener ([`State::own_listeners`]) that webhook URL `u` names: the same port,
    /// and the same host, both loopback, or a bind-all listener named by a loopback host.
    /// Deliveries to `u` then go through the recorder, so none recorded is none made
    /// (PUSH-DELIV-003). `None` for a URL elsewhere, or a header that names no webhook
    /// listener (a transcript, HAR, forward mode).
    pub(super) fn webhook_listener_of(&self, u: &str) -> Option<String> {
        let p = parse_url(u)?;
        let uh = p.host.trim_start_matches('[').trim_end_matches(']');
        self.own_listeners.iter().find_map(|(h, port, leg)| {
            let leg = leg
                .as_deref()
                .filter(|l| crate::record::event::is_webhook_leg(l))?;
            (*port == p.port
                && (h.eq_ignore_ascii_case(uh)
                    || (host_class(h) == HostClass::Loopback
                        && host_class(uh) == HostClass::Loopback)
                    || (host_class(h) == HostClass::BindAll
                        && host_class(uh) == HostClass::Loopback)))
                .then(|| leg.to_string())
        })
    }
}

/// A gRPC interface written as a gRPC target (`host:port`, `dns:///host:port`, read as
/// `https://host:port/` by [`grpc_target_url`]) names an address, not a scheme: it is the
/// upstream `up` when host and port agree, whatever `up`'s scheme (an h2c upstream is
/// `http://`). CARD-URL-005 (CARD-005).
pub(super) fn grpc_target_is(u: &UrlParts, up: &UrlParts) -> bool {
    u.host.eq_ignore_ascii_case(&up.host) && u.port == up.port
}

/// DATA-007 cursor paging (breaker35 M33-M35): how many tasks a listing that ends on a
/// page of `totalSize` `n` had to reach. On a page fetched with a pageToken, a `totalSize`
/// above the smallest one an earlier page of the chain said (`low`) counts tasks created
/// (or whose status changed) while the client paged: they sort newest first, before the
/// cursor, and a later page cannot hold them, so the listing owed only the `low` tasks
/// there all along. `paged`: the page was fetched with a pageToken.
pub(super) fn list_total_to_reach(n: i64, low: Option<i64>, paged: bool) -> i64 {
    match low {
        Some(low) if paged => n.min(low),
        _ => n,
    }
}

/// DATA-007 (proto `ListTasksResponse.total_size`: "before pagination"; breaker35 N06): a
/// last page (no `nextPageToken`) whose `totalSize` `n` is its own `rows`, below the
/// `top` an earlier page of the chain said, although the chain's pages together listed
/// exactly `top` (`seen`): nothing was added or purged between the pages, so the agent
/// counted after applying the pageToken. When the smaller count also hid tasks
/// (`top > seen`) the caller tells that worse fault instead.
pub(super) fn last_page_total_is_its_own_count(top: i64, n: i64, rows: usize, seen: usize) -> bool {
    top > n && n == rows as i64 && top == seen as i64
}

/// ID-003 (1.0 §3.4.3): a follow-up whose `contextId` differs from its task's MUST be
/// rejected. That is 1.0 text: 0.3 and 0.2 say only that a client "can include the same
/// contextId" with the taskId (0.3 topics/life-of-a-task.md) and name no rejection, so a 0.x
/// agent that answers such a follow-up in the task's own context breaks nothing (breaker35
/// F01, F06); moving the task into the client's context stays ID-006 in every version.
/// True for a 1.0 call and for one whose version the recording cannot tell.
pub(super) fn context_mismatch_must_be_rejected(x: &Exch) -> bool {
    x.call
        .as_ref()
        .and_then(|c| c.dialect)
        .is_none_or(|d| d == Dialect::V1_0)
}

/// DATA-005: a 0.x Task carries `contextId` (the 0.2/0.3 JSON schemas require it, and 0.3's
/// HTTP+JSON bodies are the same structure in ProtoJSON, REST-003); a 1.0 Task may leave it
/// out (a2a.proto `Task.context_id` has no REQUIRED behaviour). gRPC is not judged for it.
/// True for a 0.x call on JSON-RPC or HTTP+JSON.
pub(super) fn task_context_required(c: &Call) -> bool {
    c.dialect.is_some_and(|d| d.is_0x())
        && matches!(c.binding, Some(Binding::JsonRpc) | Some(Binding::Rest))
}

//! The end of a stream: how it ended, what a gateway held back or cut, card fetches that failed.

use super::*;

/// GW-SSE-001 with both legs recorded (STREAM-005, RPC-005): the least spread, in
/// microseconds, of the agent's events on the upstream leg for a stream the client got in
/// one burst to count as held back (0.5 s). The SDK agents' `slow` skill spreads its
/// events over 0.75 to 1.0 s; at 1 s a gateway that buffered the whole stream went
/// unreported more often than not (newcomer47 N4). The burst's own conditions (the client's
/// spread under a tenth of the agent's, its first event late by half the agent's spread)
/// keep a gateway that passes events on as they come clear of it.
const BURST_MIN_SPREAD_US: u64 = 500_000;

/// What ended a stream the agent held open ([`State::held_open_after_end`]): the client
/// closed it (outcome client abort), or the capture stopped with it open (outcome open).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum HeldUntil {
    Client,
    Capture,
}

/// A stream held open past its end ([`State::held_open_after_end`]): the rule, the words
/// and the evidence (the event that ended the stream, the exchange's end).
type HeldOpen = (&'static Rule, String, Vec<Evidence>);

impl State {
    /// STREAM-003 / STREAM-007 (1.0 §3.1.2, §3.1.6: a task stream closes when the task
    /// reaches a terminal state; closing at an interrupted state is allowed, DIGEST trap 4):
    /// a stream whose last state is interrupted (input-required, auth-required) that went
    /// on with events after another exchange (the client's follow-up on another connection,
    /// a GetTask) showed the task terminal, later than that interrupted state: the stream
    /// followed the task past its wait and closed without the terminal state (breaker55
    /// v10-sub-held-no-terminal: a subscription held across the follow-up sent the
    /// artifact, then closed). Gives the words to add after the last state and the
    /// evidence of the other exchange's terminal state; `None` otherwise.
    fn stream_went_past_interrupted(&self, x: &Exch) -> Option<(String, Evidence)> {
        let s = x.sse.as_ref()?;
        let tid = s.task_id.as_deref()?;
        let t = self.tasks.get(&x.tkey(tid))?;
        let (ts, tseq, txid) = t.terminal.as_ref()?;
        if **txid == *x.id || *tseq <= s.last_state_seq || s.last_event_seq <= *tseq {
            return None;
        }
        Some((
            format!(
                ", although exchange {txid} had shown the task {} before the stream's later events: the stream went on past that state and closed without the terminal state its task had reached",
                x.state_term(*ts)
            ),
            Evidence::event(*tseq, txid.to_string()),
        ))
    }

    /// STREAM-END-009 / STREAM-END-010 (STREAM-003, STREAM-007; 0.x STREAM-008; 1.0
    /// STREAM-002): a stream the agent held open [`HELD_OPEN_GRACE_US`] or more after the
    /// event that ended it, the agent having sent nothing that closed it (no close, no
    /// status), until `by` ended it: the client's close (outcome client abort: the SSE
    /// response or the gRPC call the client left) or the capture's stop (outcome open; 0.x
    /// only, streams59: 1.0 tells that as STREAM-END-003). The event that ends a stream is
    /// its own terminal state; on 0.x also a status update with `final: true` in an
    /// interrupted state (STREAM-008: final marks the last event whatever the state;
    /// streams59); on 1.0 (or an unknown version) the one Message of a message reply
    /// stream (STREAM-002; streams59). `Ok` with the rule, the words and the evidence (that
    /// event, the end); `Err` with the time held (µs) when it was within the grace (a
    /// client that stops reading at the terminal event; a capture that stopped right after
    /// it); `None` for a stream with no such event (a client leaving a running task is no
    /// fault of the agent's), when its time is not known, after an error or an unreadable
    /// event, and on a gateway's upstream leg ([`Self::behind_hop`]): the gateway closes
    /// that stream when its own client leaves, waiting on nothing (b40x-D30: a gateway that
    /// held the agent's events back until its client gave up; the client leg's stream is
    /// judged as any client's).
    fn held_open_after_end(&self, x: &Exch, by: HeldUntil) -> Option<Result<HeldOpen, u64>> {
        if self.behind_hop(x) {
            return None;
        }
        let s = x.sse.as_ref()?;
        if s.error_seen || s.undecodable {
            return None;
        }
        let dialect = x.call.as_ref().and_then(|c| c.dialect);
        let zero_x = dialect.is_some_and(|d| d.is_0x());
        let (end, closes, seq, t) = match (s.terminal, &s.final_interrupted) {
            (Some((st, tseq)), _) => (
                format!("the terminal state {}", x.state_term(st)),
                "a task stream closes once its terminal event is sent",
                tseq,
                s.terminal_t,
            ),
            (None, Some((fs, fseq))) if zero_x => (
                format!("the status update with final: true in state {fs}"),
                "0.x's final: true marks the last event of the stream, in an input-required or auth-required state too, and the server closes the stream after it; the next cycle is a new request",
                *fseq,
                s.final_interrupted_t,
            ),
            // cards60: a 0.2 / 0.3 message reply stream too (0.1 streams carry no Message):
            // 0.x clients stop reading at the Message (STREAM-END-004), so the stream is over
            (None, None)
                if s.message_reply
                    && s.crossed_terminal.is_none()
                    && dialect != Some(Dialect::V0_1) =>
            {
                (
                    "the Message that answered the call".to_string(),
                    if zero_x {
                        "a 0.x message reply stream is that one Message, then the close: 0.x clients stop reading at it"
                    } else {
                        "a message reply stream is that one message, then the close"
                    },
                    s.message_reply_seq,
                    s.message_reply_t,
                )
            }
            _ => return None,
        };
        if t == 0 {
            return None;
        }
        let held = x.end_t.checked_sub(t)?;
        if held < HELD_OPEN_GRACE_US {
            return Some(Err(held));
        }
        let grpc = x.call.as_ref().and_then(|c| c.binding) == Some(Binding::Grpc);
        let how = match (by, grpc) {
            (HeldUntil::Client, true) => "the gRPC server stream got no status (grpc-status trailers) and the client cancelled the call",
            (HeldUntil::Client, false) => "the event stream's response never ended and the client closed it",
            (HeldUntil::Capture, true) => "the gRPC server stream still had no status (grpc-status trailers) when the capture stopped",
            (HeldUntil::Capture, false) => "the event stream's response had still not ended when the capture stopped",
        };
        // cards60: one grace for every generation; the severity follows the requirement
        // (1.0 STREAM-003 / STREAM-007 / STREAM-002 MUST: STREAM-END-009 for the client's
        // close, STREAM-END-003 for the capture's stop, both errors; 0.3 "should": -010)
        let rule = match (zero_x, by) {
            (true, _) => &r::STREAM_HELD_OPEN_0X,
            (false, HeldUntil::Client) => &r::STREAM_HELD_OPEN,
            (false, HeldUntil::Capture) => &r::STREAM_OPEN_AFTER_TERMINAL,
        };
        Some(Ok((
            rule,
            format!(
                "stream stayed open {:.1} s after {end}: {how} ({closes}; {:.0} s of grace allowed)",
                held as f64 / 1e6,
                HELD_OPEN_GRACE_US as f64 / 1e6,
            ),
            vec![x.ev(seq), x.ev(x.end_seq)],
        )))
    }

    /// A stream the recording left open after the event that ended it
    /// ([`Self::held_open_after_end`] with the capture's stop as the close): past the grace
    /// its rule's finding (1.0 STREAM-END-003, 0.x STREAM-END-010), within it listed as not
    /// judged. Returns whether the open end was judged either way.
    fn judge_open_at_capture_end(&mut self, x: &mut Exch) -> bool {
        match self.held_open_after_end(x, HeldUntil::Capture) {
            Some(Ok((rule, msg, ev))) => {
                self.stream_once(x, rule, msg, ev);
                true
            }
            Some(Err(held)) => {
                self.open_at_end(
                    x,
                    format!(
                        "the recording ended {} ms after the event that ended the stream's cycle, with the stream still open: within the {:.0} s an agent is allowed to close it, end of stream not judged",
                        held / 1000,
                        HELD_OPEN_GRACE_US as f64 / 1e6
                    ),
                );
                true
            }
            None => false,
        }
    }

    pub(super) fn end_stream(&mut self, x: &mut Exch) {
        self.concurrent_streams(x);
        let c = x.call.clone().unwrap_or_default();
        let Some(s) = x.sse.as_ref() else { return };
        let outcome = x.outcome.unwrap_or(Outcome::Complete);
        let task_stream = matches!(
            s.first_kind,
            Some(PayloadKind::Task)
                | Some(PayloadKind::StatusUpdate)
                | Some(PayloadKind::ArtifactUpdate)
        );
        let (last, terminal, error_seen, events, opening) = (
            s.last_state,
            s.terminal.or(s.crossed_terminal),
            s.error_seen || s.undecodable,
            s.events,
            s.opening,
        );
        let message_reply = s.message_reply;
        let interrupted_not_final = s.interrupted_not_final.clone();
        // STREAM-003 / STREAM-007 (breaker17b V5): an error that cuts a task the stream
        // had started, before its terminal (or interrupted) state, leaves the client
        // without the task's outcome; the agent's store usually holds it FAILED.
        if task_stream
            && !s.undecodable
            && !s.final_early
            && s.final_interrupted.is_none()
            && terminal.is_none()
            && !last.is_some_and(|st| st.is_terminal() || st.is_interrupted())
            && x.is_success()
        {
            let cut = s.error_end.as_ref().map(|e| {
                let msg = stream_error_end_msg(x, &c, e, last, s.task_id.as_deref());
                (
                    msg,
                    vec![x.ev_at(e.seq, &e.ptr, e.found.clone())],
                    e.cut_by_agent(c.dialect),
                )
            });
            match (cut, s.task_id.clone()) {
                (Some((msg, ev, true)), _) => {
                    let rule = error_end_rule(c.dialect);
                    let msg = msg + &stream_end_0x_words(c.dialect);
                    self.stream_once(x, rule, msg, ev)
                }
                (Some((msg, ev, false)), Some(tid)) => {
                    let key = x.tkey(&tid);
                    if self.error_cuts.len() < MAX_TASKS || self.error_cuts.contains_key(&key) {
                        self.error_cuts
                            .insert(key, (msg, ev, str::to_string(&x.id), c.dialect));
                    }
                }
                _ => {}
            }
        }
        // Set when a finding judged the end of a stream the recording left open.
        let mut open_end_judged = false;
        if task_stream && !error_seen && x.is_success() {
            match outcome {
                Outcome::Complete | Outcome::UpstreamAbort => {
                    // STREAM-008: a 0.x stream that ends at input-required / auth-required
                    // ends the cycle there, and final:true marks that last event; clients
                    // that wait for it (a2a-python's 0.3 consumer) never see the cycle end.
                    if let (None, Some((st, seq, ptr, found))) = (terminal, interrupted_not_final) {
                        if last.is_some_and(TaskState::is_interrupted) {
                            let how = if outcome == Outcome::Complete {
                                "closed"
                            } else {
                                "was reset"
                            };
                            self.stream_once(
                                x,
                                &r::STREAM_FINAL_FLAG,
                                format!(
                                    "agent's stream {how} at state {st}, but that status update does not set final to true{}: final marks the last event of the cycle at a terminal or input-required state",
                                    if found.is_none() && c.binding != Some(Binding::JsonRpc) {
                                        FINAL_ABSENT_PROTO
                                    } else {
                                        ""
                                    }
                                ),
                                vec![x.ev_at(seq, &ptr, found), x.ev(x.end_seq)],
                            );
                        }
                    }
                    // A stream that reached a terminal state and then went on (STREAM-END-001,
                    // TASK-STATE-001 say so) did not end *before* one: no STREAM-END-002 on top.
                    // One whose last state is interrupted ended there (DIGEST trap 4), unless
                    // it went on past that state after another answer showed the task ended
                    // ([`Self::stream_went_past_interrupted`]): it then closed without the
                    // terminal state its task had reached.
                    let past = last
                        .is_some_and(TaskState::is_interrupted)
                        .then(|| self.stream_went_past_interrupted(x))
                        .flatten();
                    let ok = terminal.is_some()
                        || (last.is_some_and(|st| st.is_terminal() || st.is_interrupted())
                            && past.is_none());
                    // A close after the agent's own early `final: true` is that one fault,
                    // told by STREAM-FINAL-001 (breaker16a kagent1957). So is one after a 0.x
                    // `final: true` at input-required / auth-required (STREAM-008): the
                    // cycle ended there and the client stopped reading; what the agent sent
                    // after it is STREAM-END-001, not a second fault at the close
                    // (breaker32 R16-R19).
                    let final_early = x
                        .sse
                        .as_ref()
                        .is_some_and(|s| s.final_early || s.final_interrupted.is_some());
                    if !ok && !final_early {
                        // Who ended it, from the recorded end (newcomer23 N6): the client is
                        // still there (a client abort is no STREAM-END-002), the agent's side
                        // closed the response or its connection broke.
                        let mid = x
                            .sse
                            .as_ref()
                            .and_then(|s| s.cut_mid_event)
                            .map(|n| format!(" in the middle of an event ({n} byte(s) of it arrived, then the agent's connection ended)"))
                            .unwrap_or_default();
                        let how = if outcome == Outcome::Complete {
                            "closed by the agent's side (its response ended cleanly)".to_string()
                        } else if !mid.is_empty() {
                            "was reset by the agent's side".to_string()
                        } else {
                            match x.end_error.as_deref().map(str::trim).filter(|e| {
                                !e.is_empty() && !e.eq_ignore_ascii_case("reset")
                            }) {
                                Some(e) => format!(
                                    "was reset by the agent's side (its connection ended before the stream did: {e})"
                                ),
                                None => "was reset by the agent's side (its connection ended before the stream did)".to_string(),
                            }
                        };
                        let st = last.map(|s| x.state_term(s)).unwrap_or("no state");
                        let mut ev = vec![x.ev(x.end_seq)];
                        let st = match &past {
                            Some((words, at)) => {
                                ev.insert(0, at.clone());
                                format!("{st}{words}")
                            }
                            None => st.to_string(),
                        };
                        // RFC 9112 §6.3: a body framed by Content-Length ends after that
                        // many octets. A live event stream framed so (a CDN or buffering
                        // proxy that measured its first flush) ends at that byte count,
                        // whatever the agent sends next (breaker16b T13).
                        let framed = x
                            .resp_headers
                            .get("content-length")
                            .and_then(|v| v.trim().parse::<u64>().ok())
                            .filter(|n| *n > 0 && *n == x.resp_bytes && !x.resp_is_coded())
                            .map(|n| format!(": the event stream was framed by `Content-Length: {n}` and ended exactly at byte {n}, so a live stream was cut at a length fixed before its later events existed; an intermediary (a CDN or proxy that buffers the first flush and sets a length) does this far more often than an agent, which streams with chunked transfer coding (HTTP/1.1) or an open DATA stream (HTTP/2); check what sets the length before blaming the agent"))
                            .unwrap_or_default();
                        let idle = if framed.is_empty() && mid.is_empty() {
                            idle_cut_words(x)
                        } else {
                            String::new()
                        };
                        // A connection that broke is no executor that returned: the help
                        // names what breaks one (newcomer25 N2).
                        let help = (outcome != Outcome::Complete).then_some(STREAM_RESET_HELP);
                        self.no_terminal_or_gateway(
                            x,
                            format!("stream {how}{mid} while the task was in {st}{framed}{idle}"),
                            ev,
                            help,
                        );
                    }
                }
                // cards60: a 1.0 stream still open when the capture stopped after its
                // terminal event is judged as the 0.x one is (streams59), with the same 2 s
                // grace: STREAM-END-003, an error (1.0 STREAM-003 / STREAM-007 MUST);
                // within the grace listed as not judged. Without that event, hung well after
                // another answer showed the task ended: STREAM-END-003 as before.
                Outcome::Open if c.dialect == Some(Dialect::V1_0) => {
                    if terminal.is_some() && self.judge_open_at_capture_end(x) {
                        open_end_judged = true;
                    } else if let Some(f) = self.stream_hung_after_task_end(x, last) {
                        open_end_judged = true;
                        self.stream_once(x, &r::STREAM_OPEN_AFTER_TERMINAL, f.0, f.1);
                    }
                }
                // streams59 items 1 and 2: a 0.x stream still open when the capture stopped,
                // after its terminal event or a final: true at input-required /
                // auth-required (STREAM-008): the capture's stop is the close, judged as a
                // client's is (STREAM-END-010, a warning: STREAM-003 is a should in 0.3);
                // within the grace it is listed as not judged. Open before any such event:
                // listed below, as before.
                Outcome::Open if c.dialect.is_some_and(|d| d.is_0x()) => {
                    open_end_judged |= self.judge_open_at_capture_end(x);
                }
                Outcome::ClientAbort => {
                    if let Some(Ok((rule, msg, ev))) =
                        self.held_open_after_end(x, HeldUntil::Client)
                    {
                        self.stream_once(x, rule, msg, ev);
                    }
                }
                _ => {}
            }
        }
        // streams59 item 3 (STREAM-002): a 1.0 (or unknown version) message reply stream is
        // one Message, then the close; held open after it, it is judged as a task stream
        // held open after its terminal event: the client's close 2 s or more after it is
        // STREAM-END-009, the capture's stop on a 1.0 stream STREAM-END-003.
        if message_reply && !task_stream && !error_seen && x.is_success() {
            match outcome {
                Outcome::ClientAbort => {
                    if let Some(Ok((rule, msg, ev))) =
                        self.held_open_after_end(x, HeldUntil::Client)
                    {
                        self.stream_once(x, rule, msg, ev);
                    }
                }
                // cards60: the capture's stop judged past the grace, on 1.0 (STREAM-END-003)
                // and on 0.2 / 0.3 (STREAM-END-010) alike
                Outcome::Open
                    if c.dialect == Some(Dialect::V1_0)
                        || c.dialect.is_some_and(|d| d.is_0x() && d != Dialect::V0_1) =>
                {
                    open_end_judged |= self.judge_open_at_capture_end(x);
                }
                _ => {}
            }
        }
        // The recording ended with the stream open (a proxy stopped mid-stream, a
        // transcript's `close: timeout`) before any terminal state: whether and how it would
        // have ended (STREAM-003, STREAM-007) is unknown, so its end is listed as not judged
        // rather than passed over in silence (newcomer24 N7). Findings are unchanged.
        if outcome == Outcome::Open && terminal.is_none() && !open_end_judged {
            self.open_at_end(
                x,
                "the recording ended with the stream open: end of stream not judged".into(),
            );
        }
        // A streaming call answered 200 text/event-stream that closed without one event:
        // the client got no Task, no Message, no state (STREAM-002, STREAM-003). A browser's
        // HAR often stores no body for a stream read by fetch(): not judged there.
        if events == 0
            && !error_seen
            && !x.truncated
            && c.op.is_some_and(Op::is_streaming)
            && x.is_success()
            && matches!(outcome, Outcome::Complete | Outcome::UpstreamAbort)
            && !x.resp_is_coded()
        {
            if self.mode == CaptureMode::Har {
                self.incomplete.push((
                    str::to_string(&x.id),
                    "the HAR holds no body for this event stream".into(),
                ));
            } else if opening == Some(b'{') {
                // RPC-005: declared text/event-stream, sent one bare JSON document (typically
                // a JSON-RPC error) without `data:` framing; SSE clients read an empty stream
                // and lose it (a2a-rs #134, #197).
                self.stream_once(
                    x,
                    &r::STREAM_NOT_EVENT_STREAM,
                    "response declares text/event-stream but its body is a bare JSON document without SSE framing (no data: line): SSE clients read an empty stream and lose what the agent sent".into(),
                    vec![x.ev(x.resp_seq), x.ev(x.end_seq)],
                );
            } else {
                let how = if outcome == Outcome::Complete {
                    "closed"
                } else {
                    "was reset"
                };
                let ev = vec![x.ev(x.end_seq)];
                // A subscribe to a task the recording never showed: the likely cause is an
                // unknown task answered with a stream instead of TaskNotFoundError
                // (TASK-009; STREAM-004: a known task's stream opens with the task).
                let unknown = (c.op == Some(Op::SubscribeToTask))
                    .then(|| c.task_id())
                    .flatten()
                    .filter(|t| !self.knows_task(x, t));
                let msg = match unknown {
                    Some(t) => format!(
                        "{} for task {t}, which this recording never showed, got an event stream that {how} without any event: an unknown task is answered with TaskNotFoundError ({}) instead of a stream (TASK-009), a known one with its current Task as the first event (STREAM-004)",
                        c.method.as_deref().unwrap_or("SubscribeToTask"),
                        match c.binding {
                            Some(Binding::Rest) => "HTTP 404",
                            Some(Binding::Grpc) => "gRPC NOT_FOUND",
                            _ => "-32001",
                        }
                    ),
                    None => format!(
                        "stream {how} without any event: the client got no task, message or state"
                    ),
                };
                self.no_terminal_or_gateway(x, msg, ev, None);
            }
        }
        // Capability vs behaviour (STREAM-001).
        if c.op.is_some_and(Op::is_streaming) && x.is_success() && events > 0 {
            let card = self
                .card_for(x)
                .map(|c| (c.view.streaming, c.exchange.clone(), c.seq));
            let among = self
                .card_for(x)
                .map(|c| self.card_among(x, c))
                .unwrap_or_default();
            if let Some((streaming, cx, cseq)) = card {
                if streaming != Some(true) && !self.extended_card_grants(x, true) {
                    self.find(
                        &r::CAP_STREAMING,
                        format!(
                            "agent served a stream although its card{among} sets capabilities.streaming to {}",
                            streaming.map(|b| b.to_string()).unwrap_or_else(|| "nothing".into())
                        ),
                        vec![
                            Evidence { seq: cseq, exchange: Some(cx), pointer: Some("/capabilities/streaming".into()), found: streaming.map(Value::Bool) },
                            x.ev(x.resp_seq),
                        ],
                        &x.leg,
                    );
                }
            }
        }
        // Subscribe to a terminal task opened a stream (TASK-004, 1.0 only).
        if c.op == Some(Op::SubscribeToTask)
            && c.dialect == Some(Dialect::V1_0)
            && x.is_success()
            && events > 0
        {
            let tid = c.task_id().map(str::to_string);
            if let Some(tid) = tid {
                // Known terminal from an earlier exchange, else from the stream's own first
                // event (the current task, STREAM-004).
                let known = self
                    .task_of(x, &tid)
                    .and_then(|t| t.terminal.clone())
                    .filter(|(_, tseq, _)| *tseq < x.req_seq)
                    .or_else(|| {
                        x.sse
                            .as_ref()
                            .and_then(|s| s.first_terminal)
                            .map(|(st, seq)| (st, seq, str::to_string(&x.id)))
                    });
                if let Some((ts, tseq, txid)) = known {
                    let state = x.state_term(ts);
                    let seen = if *txid == *x.id {
                        format!("its first event shows it {state}")
                    } else {
                        format!("{state} since exchange {txid}")
                    };
                    let status = x.status.unwrap_or(200);
                    // The stream's only event is an error (a2a-dotnet #478: the refusal,
                    // UnsupportedOperationError, sent after 200 text/event-stream was
                    // committed): the right answer in the wrong place, told as such rather
                    // than as a stream of the task's events.
                    let only_error = x
                        .sse
                        .as_ref()
                        .filter(|s| s.events == 1 && s.first_kind.is_none())
                        .and_then(|s| s.error_end.as_ref())
                        .map(|e| (e.wire.clone(), e.seq, e.ptr.clone(), e.found.clone()));
                    let (msg, extra) = match only_error {
                        Some((wire, eseq, ptr, found)) => (
                            format!(
                                "agent answered SubscribeToTask on task {tid} ({seen}) with HTTP {status} text/event-stream whose only event is {wire}: TASK-004's refusal of a terminal task is UnsupportedOperationError as the call's own error response (JSON-RPC error object; HTTP+JSON HTTP 400 FAILED_PRECONDITION), not an event of a stream that a client or the TCK counts as accepted (a2a-dotnet #478)"
                            ),
                            Some(x.ev_at(eseq, &ptr, found)),
                        ),
                        None => (
                            format!(
                                "agent opened a stream for SubscribeToTask on task {tid} ({seen}) (HTTP {status} text/event-stream, {events} event{}) instead of answering UnsupportedOperationError: a terminal task takes no subscription (TASK-004, 1.0 §3.1.6)",
                                if events == 1 { "" } else { "s" }
                            ),
                            None,
                        ),
                    };
                    let mut ev = vec![Evidence::event(tseq, txid), x.ev(x.resp_seq)];
                    ev.extend(extra);
                    self.find(&r::TASK_SUBSCRIBE_TERMINAL, msg, ev, &x.leg);
                }
            }
        }
        self.check_buffering(x);
        self.flush_held_shapes(false);
        self.check_followup_stream(x);
    }

    /// GW-SSE-002 (STREAM-003, STREAM-005) for the client leg `x` of a gateway, a stream the
    /// client gave up on (`client_abort`): the agent's upstream twin had sent events at
    /// least [`HELD_BACK_US`] µs before the client went away that the client never got, so
    /// the gateway held them back (response buffering; nginx `proxy_buffering on`). Both
    /// legs ended cleanly are compared event by event instead
    /// ([`State::check_events_passed_on`]); an untimed recording is not judged.
    pub(super) fn gw_stream_held_back(&mut self, x: &Exch) {
        if x.leg.is_some()
            || x.outcome != Some(Outcome::ClientAbort)
            || !self.chunk_times
            || x.synthetic
            || !(x.status.is_none() || x.is_success() && x.sse.is_some())
            || !self.areas.contains("gateway")
        {
            return;
        }
        // No response head at all: the gateway held the head back with the events.
        let got = x.sse.as_ref().map_or(0, |s| s.events as usize);
        let Some(uid) = self
            .gw_pairs
            .iter()
            .rev()
            .find(|p| *p.client == *x.id)
            .map(|p| p.up.clone())
        else {
            return;
        };
        let up = match self.open.get(uid.as_str()) {
            Some(o) => Some(o),
            None => self.done_streams.iter().find(|o| *o.id == *uid),
        };
        let Some(us) = up.and_then(|u| u.sse.as_ref()) else {
            return;
        };
        let cutoff = x.end_t.saturating_sub(HELD_BACK_US);
        let sent = us.arrivals.iter().take_while(|a| a.0 <= cutoff).count();
        if got >= sent {
            return;
        }
        let (first_t, first_seq) = us.arrivals[got];
        let secs = |us: u64| us as f64 / 1e6;
        let sig = us
            .sigs
            .get(got)
            .map(|s| format!(" ({s})"))
            .unwrap_or_default();
        let received = if x.status.is_none() {
            "having received no response head".to_string()
        } else {
            format!("having received {got} event(s)")
        };
        let msg = format!(
            "gateway held back the agent's stream: the client gave up {:.1} s after its request {received}, while the agent had sent {sent} event(s) upstream at least {:.1} s before that (event {}{sig} reached the gateway {:.1} s before the client gave up): turn off response buffering for text/event-stream in the gateway (nginx: proxy_buffering off, or X-Accel-Buffering: no)",
            secs(x.end_t.saturating_sub(x.req_t)),
            secs(HELD_BACK_US),
            got + 1,
            secs(x.end_t.saturating_sub(first_t)),
        );
        let ev = vec![Evidence::event(first_seq, uid), x.ev(x.end_seq)];
        self.find(&r::GW_SSE_LOST, msg, ev, &None);
    }

    /// The upstream twin (exchange id) of client-leg exchange `x` behind a gateway, the
    /// latest paired; `None` on an upstream leg or without a pair.
    pub(super) fn upstream_twin(&self, x: &Exch) -> Option<String> {
        x.leg
            .is_none()
            .then(|| self.gw_pairs.iter().rev().find(|p| *p.client == *x.id))
            .flatten()
            .map(|p| p.up.clone())
    }

    /// STREAM-END-002 for a stream that ended without a terminal state, unless it is the
    /// client leg of a gateway that cut it while the agent's upstream leg went on: that is
    /// the gateway's fault (GW-SSE-002, STREAM-003/STREAM-005). With the upstream twin still
    /// open the verdict waits in [`State::held_ends`] for the twin's end.
    /// `help` replaces the rule's help when given ([`STREAM_RESET_HELP`]).
    pub(super) fn no_terminal_or_gateway(
        &mut self,
        x: &mut Exch,
        msg: String,
        ev: Vec<Evidence>,
        help: Option<&'static str>,
    ) {
        let up = self.upstream_twin(x);
        if let Some(up) = up {
            let held = HeldEnd {
                client: str::to_string(&x.id),
                up: up.clone(),
                events: x.sse.as_ref().map_or(0, |s| s.events as usize),
                outcome: x.outcome,
                end_seq: x.end_seq,
                idle_us: x.sse.as_ref().and_then(|s| {
                    let last = match s.arrivals.last() {
                        Some(a) if s.arrivals.len() == s.events as usize => a.0,
                        Some(_) => return None,
                        None => x.req_t,
                    };
                    Some(x.end_t.saturating_sub(last))
                }),
                msg,
                ev,
                help,
                dialect: x.call.as_ref().and_then(|c| c.dialect),
            };
            if self.open.contains_key(up.as_str()) {
                if let Some(s) = x.sse.as_mut() {
                    s.fired.insert(r::STREAM_NO_TERMINAL.id);
                }
                if self.held_ends.len() < MAX_PENDING_UP {
                    self.held_ends.push(held);
                }
                return;
            }
            let verdict = self
                .done_streams
                .iter()
                .find(|o| *o.id == *up)
                .map(|o| gateway_cut(&held, o));
            match verdict {
                Some(Some((report, m, e))) => {
                    if let Some(s) = x.sse.as_mut() {
                        s.fired.insert(r::STREAM_NO_TERMINAL.id);
                    }
                    if report {
                        self.find(&r::GW_SSE_LOST, m, e, &None);
                    }
                    return;
                }
                _ => return self.no_terminal_once(x, held.msg, held.ev, help),
            }
        }
        self.no_terminal_once(x, msg, ev, help);
    }

    /// STREAM-END-002 (0.x: STREAM-END-007, [`no_terminal_rule`]) once per stream
    /// ([`Self::stream_once`]; the stream's `fired` set keeps STREAM-END-002's id for
    /// either), with `help` in place of the rule's when given.
    pub(super) fn no_terminal_once(
        &mut self,
        x: &mut Exch,
        msg: String,
        ev: Vec<Evidence>,
        help: Option<&'static str>,
    ) {
        if let Some(s) = x.sse.as_mut() {
            if !s.fired.insert(r::STREAM_NO_TERMINAL.id) {
                return;
            }
        }
        // A reset (not a clean close) of a stream of a known task: told now (the live
        // line), and remembered: the client may still get the task to its end by
        // resubscribing, which makes it STREAM-END-006 ([`State::reset_cuts`]).
        let reset_of_task = help
            .filter(|h| *h == STREAM_RESET_HELP)
            .and(x.sse.as_ref().and_then(|s| s.task_id.clone()));
        // the message as told (a 0.x one with its version's words), which a later
        // STREAM-END-006 revision extends
        let dialect = x.call.as_ref().and_then(|c| c.dialect);
        let msg = msg + &stream_end_0x_words(dialect);
        let mut f = Finding::new(no_terminal_rule(dialect), msg.clone());
        if let Some(h) = help {
            f.help = h.into();
        }
        f.evidence = ev;
        f.leg = x.leg.clone();
        let before = self.out.len();
        self.emit(f);
        if let (Some(tid), true) = (reset_of_task, self.out.len() == before + 1) {
            let key = x.tkey(&tid);
            if self.reset_cuts.len() < MAX_TASKS || self.reset_cuts.contains_key(&key) {
                let old = self.reset_cuts.insert(
                    key,
                    HeldReset {
                        xid: str::to_string(&x.id),
                        msg,
                        at: before,
                        frame: None,
                    },
                );
                // an earlier reset of the task, never resumed: its framing fault stands
                if let Some(f) = old.and_then(|h| h.frame) {
                    self.emit(f);
                }
            }
        }
    }

    /// A held STREAM-END-002 ([`State::held_ends`]) whose upstream twin `up` ended (or is
    /// still open at the end of the recording): GW-SSE-002 when the agent went on, else
    /// the held finding.
    pub(super) fn resolve_held_end(&mut self, h: HeldEnd, up: &Exch) {
        match gateway_cut(&h, up) {
            Some((true, m, e)) => self.find(&r::GW_SSE_LOST, m, e, &None),
            Some((false, _, _)) => {}
            None => {
                let mut f = Finding::new(
                    no_terminal_rule(h.dialect),
                    h.msg + &stream_end_0x_words(h.dialect),
                );
                if let Some(help) = h.help {
                    f.help = help.into();
                }
                f.evidence = h.ev;
                self.emit(f);
            }
        }
    }

    /// The upstream request of a gateway's client-leg exchange `x` when the gateway numbered
    /// it with the id `got` (an [`jsonrpc::id_key`]) that the client leg's answer carries:
    /// `(upstream exchange, seq of its request, its id)`. An answer with that id is the
    /// gateway's, which did not restore the client's id (RPC-002; GW-RESP-002).
    pub(super) fn gateway_rpc_id(
        &self,
        x: &Exch,
        got: &Option<String>,
    ) -> Option<(String, u64, Value)> {
        if x.leg.is_some() || got.is_none() {
            return None;
        }
        let p = self.gw_pairs.iter().rev().find(|p| *p.client == *x.id)?;
        let id = p.up_rpc_id.as_ref()?;
        (jsonrpc::id_key(Some(&Json::from_value(id))) == *got)
            .then(|| (p.up.clone(), p.up_seq, id.clone()))
    }

    /// STREAM-HTTP-001 (RPC-005) for a streaming call not answered as `text/event-stream`,
    /// unless the agent answered the upstream leg of a gateway with `text/event-stream`:
    /// then the gateway relabelled or reframed it (GW-RESP-002).
    pub(super) fn stream_not_sse(&mut self, x: &Exch, msg: String, ev: Vec<Evidence>) {
        let up = self.upstream_twin(x);
        let up_media = up.and_then(|u| match self.open.get(u.as_str()) {
            Some(o) => o
                .status
                .map(|_| (u.clone(), o.resp_seq, o.resp_media().map(String::from))),
            None => self
                .gw_ended
                .get(&u)
                .map(|e| (u.clone(), e.resp_seq, e.media.clone())),
        });
        if let Some((uid, useq, Some(m))) = up_media {
            if m == "text/event-stream" {
                let got = x
                    .resp_media()
                    .unwrap_or_else(|| "no content type".into())
                    .into_owned();
                let mut all = vec![Evidence {
                    seq: useq,
                    exchange: Some(uid),
                    pointer: None,
                    found: Some(Value::String(m)),
                }];
                all.extend(ev);
                self.find(
                    &r::GW_ANSWER_ALTERED,
                    format!(
                        "gateway passed the agent's text/event-stream answer on to the client as {got}: the agent answered the upstream leg as an event stream ({msg})"
                    ),
                    all,
                    &None,
                );
                return;
            }
        }
        self.find(&r::STREAM_NOT_EVENT_STREAM, msg, ev, &x.leg);
    }

    /// An exchange ended: on gateway legs, remembers how ([`State::gw_ended`]), resolves a
    /// held stream verdict whose upstream twin this is, and when both legs of a pair have
    /// ended compares them: a client leg answered 5xx (or dropped) by the gateway while the
    /// agent answered the upstream leg lost the agent's answer (GW-RESP-001, RPC-002).
    pub(super) fn gw_note_end(&mut self, x: &Exch, v1: bool) {
        let is_up = x.leg.is_some();
        // Only recordings with an upstream leg pair exchanges.
        if !self.areas.contains("gateway") {
            return;
        }
        if is_up {
            if let Some(i) = self.held_ends.iter().position(|h| *h.up == *x.id) {
                let h = self.held_ends.swap_remove(i);
                self.resolve_held_end(h, x);
            }
        }
        let pair = self
            .gw_pairs
            .iter()
            .rev()
            .find(|p| {
                if is_up {
                    *p.up == *x.id
                } else {
                    *p.client == *x.id
                }
            })
            .map(|p| (p.client.clone(), p.up.clone()));
        let pair = match pair {
            None if is_up => self.retry_takes_pair(x),
            p => p,
        };
        if is_up && x.status == Some(401) && !x.synthetic {
            if let Some((cid, _)) = &pair {
                self.gw_credentials_lost(cid, x);
            }
        }
        let answered_whole = x.sse.is_none()
            && x.status.is_some()
            && x.outcome == Some(Outcome::Complete)
            && !x.truncated
            && !x.synthetic;
        let decoded = answered_whole
            .then(|| x.resp_decoded_coded().ok())
            .flatten();
        let rec = EndedRec {
            status: x.status,
            outcome: x.outcome,
            resp_seq: x.resp_seq,
            end_seq: x.end_seq,
            end_t: x.end_t,
            stream: x.sse.is_some(),
            media: x.resp_media().map(String::from),
            answer: match x.sse.as_ref() {
                Some(s) if is_up => LegAnswer::of_stream(x, s, v1),
                _ => decoded.as_deref().map(LegAnswer::of).unwrap_or_default(),
            },
            excerpt: decoded
                .as_deref()
                .map(|b| {
                    let t = String::from_utf8_lossy(b);
                    let t = t.split_whitespace().collect::<Vec<_>>().join(" ");
                    match t.char_indices().nth(100) {
                        Some((i, _)) => format!("{}...", &t[..i]),
                        None => t,
                    }
                })
                .unwrap_or_default(),
            card_below_prefix: (is_up && x.status == Some(404))
                .then(|| card_fetch_below_prefix(x))
                .flatten(),
        };
        // The client leg got a page that is no A2A answer while the agent has not answered
        // the upstream leg yet: the page is the gateway's (judged when the agent answers).
        if !is_up && rec.answer == LegAnswer::NotJson {
            // (the pair is made once the upstream request is whole: look at open upstream
            // requests with this call's method and body too)
            let waiting = match &pair {
                Some((_, uid)) => self.open.contains_key(uid.as_str()),
                None => self.open.values().any(|o| {
                    o.leg.is_some()
                        && o.status.is_none()
                        && o.req_seq > x.req_seq
                        && o.method.eq_ignore_ascii_case(&x.method)
                        && !x.req_body.as_slice().is_empty()
                        && same_forwarded_send(x.req_body.as_slice(), o.req_body.as_slice())
                }),
            };
            if waiting {
                self.gw_own_answer.insert(str::to_string(&x.id), ());
            }
        }
        // Kept until both legs ended (the pair may be made after the client leg ended).
        self.gw_ended_order.push_back(str::to_string(&x.id));
        if self.gw_ended_order.len() > MAX_PENDING_UP {
            if let Some(old) = self.gw_ended_order.pop_front() {
                self.gw_ended.remove(&old);
            }
        }
        self.gw_ended.insert(str::to_string(&x.id), rec);
        let Some((cid, uid)) = pair else { return };
        let (Some(c), Some(u)) = (
            self.gw_ended.get(&cid).cloned(),
            self.gw_ended.get(&uid).cloned(),
        ) else {
            return;
        };
        self.gw_ended.remove(&cid);
        // left52: the agent refused the upstream copy 401 (no ids to tell a relay by) and
        // the client got a 2xx A2A answer all the same (a result, an HTTP+JSON body, a
        // stream): no gateway makes that of a 401, so the front answered with work of its
        // own (an orchestrator whose own call its delegate refused): GW-HDR-002 held for
        // the pair is not told, nor are other GW-* rules comparing the legs.
        let own_after_refusal = u.status == Some(401)
            && c.status.is_some_and(|s| (200..300).contains(&s))
            && (c.stream || matches!(c.answer, LegAnswer::RpcResult | LegAnswer::Json));
        if own_after_refusal {
            self.gw_front_own.insert(cid.clone(), ());
            return;
        }
        // A stream the client got is compared event by event (GW-SSE-002); a gateway
        // error page instead of the agent's stream is judged here.
        if c.stream {
            return;
        }
        let agent_answered =
            u.status.is_some_and(|s| s < 500) && u.outcome == Some(Outcome::Complete);
        let gateway_failed = match c.status {
            Some(s) => (500..600).contains(&s),
            None => c.outcome == Some(Outcome::UpstreamAbort),
        };
        if agent_answered && !gateway_failed {
            return self.gw_answer_replaced(&cid, &c, &uid, &u);
        }
        if !(agent_answered && gateway_failed) {
            return;
        }
        // The client got the agent's own JSON-RPC answer under another HTTP status (an agent's
        // error relayed as HTTP 500, breaker40 E02): the answer was passed on; the status of a
        // JSON-RPC answer is unspecified (ERR-007), so nothing was lost.
        if matches!(c.answer, LegAnswer::RpcError(..) | LegAnswer::RpcResult)
            && c.answer == u.answer
        {
            return;
        }
        // breaker48: a binding-bridging gateway passed the agent's A2A error on in the
        // client's binding (a JSON-RPC -32001 in a 200 as an HTTP+JSON TASK_NOT_FOUND, or
        // the reverse): the answer reached the client; a status that does not fit the error
        // is the client leg's REST-ERROR-001, not a lost answer
        if c.answer.same_a2a_error_across_bindings(&u.answer) {
            return;
        }
        // An HTTP+JSON error's status is its mapping (ERR-002): the same error body under a
        // 5xx is the answer altered, not lost (breaker46 `status-500`).
        if matches!(c.answer, LegAnswer::RestError(..)) && c.answer == u.answer {
            return self.gw_rest_status_changed(&cid, &c, &uid, &u);
        }
        let what = c
            .status
            .map(|s| format!("answered the client HTTP {s}"))
            .unwrap_or_else(|| "dropped the client's connection without an answer".into());
        let gap = u.end_t.abs_diff(c.end_t) as f64 / 1e6;
        let gap = if gap < 1.0 {
            format!("{:.0} ms", gap * 1000.0)
        } else {
            format!("{gap:.1} s")
        };
        let when = match (u.stream, u.end_t > c.end_t) {
            (false, true) => format!(
                "{gap} later: the gateway gave up before the agent's answer (its upstream timeout is shorter than the agent's response time)"
            ),
            (false, false) => format!("{gap} earlier: the gateway did not pass the answer on"),
            (true, true) => format!(
                "as an event stream that ended normally {gap} later: the gateway did not pass the stream on (buffered it, or timed out while it ran)"
            ),
            (true, false) => format!(
                "as an event stream that ended normally {gap} earlier: the gateway did not pass the stream on"
            ),
        };
        self.find(
            &r::GW_ANSWER_LOST,
            format!(
                "gateway {what} while the agent answered HTTP {} on the upstream leg {when}",
                u.status.unwrap_or(0)
            ),
            vec![
                Evidence {
                    seq: if c.status.is_some() {
                        c.resp_seq
                    } else {
                        c.end_seq
                    },
                    exchange: Some(cid),
                    pointer: None,
                    found: c.status.map(Value::from),
                },
                Evidence {
                    seq: u.resp_seq,
                    exchange: Some(uid),
                    pointer: None,
                    found: u.status.map(Value::from),
                },
            ],
            &None,
        );
    }

    /// CARD-PATH-002 (CARD-002: the resource at the well-known path is the Agent Card): a
    /// GET of a well-known card path answered with a redirect (301/302/303/307/308 with a
    /// `Location`). Clients differ: a2a-python's httpx-based card resolver does not follow
    /// it and finds no card, fetch-based clients do (breaker10n N14: `probe` failed such an
    /// agent while the passive verdict was silent). Not for the 0.2 path `agent.json`
    /// redirecting to `agent-card.json`: that only helps 0.2 clients.
    pub(super) fn card_path_redirect(&mut self, x: &Exch) {
        let Some(status @ (301 | 302 | 303 | 307 | 308)) = x.status else {
            return;
        };
        if x.synthetic || !x.method.eq_ignore_ascii_case("GET") || !is_card_path(&x.path) {
            return;
        }
        let Some(location) = x.resp_headers.get("location") else {
            return;
        };
        // The 0.2 path sending clients on to the 0.3/1.0 one serves old clients: without
        // it they would find nothing there at all (breaker9b's legal control).
        let to = location.split(['?', '#']).next().unwrap_or("");
        if x.path.ends_with("/.well-known/agent.json")
            && to.ends_with("/.well-known/agent-card.json")
        {
            return;
        }
        self.areas.insert("card");
        let location: String = location
            .chars()
            .map(|c| if c.is_control() { '?' } else { c })
            .collect();
        self.find(
            &r::CARD_PATH_REDIRECTED,
            format!(
                "agent answered GET {} with {status} and Location {location} instead of the Agent Card: clients that do not follow redirects (a2a-python's card resolver, httpx) find no card there",
                x.path
            ),
            vec![x.ev(x.resp_seq)],
            &x.leg,
        );
    }

    /// CARD-PATH-005 (client, warning; CARD-002; mine53, a2a-python #799, a2a-java PR
    /// #837): a GET for the Agent Card at a path that names the well-known card file but is
    /// not its URI ([`malformed_card_path`]: more path after the card's name, or an empty
    /// segment before `/.well-known/`), answered 4xx: the client's card resolver built the
    /// URL by joining paths, and reads the refusal as "no agent here". An answer of 2xx
    /// (a server that serves the card there too) or a redirect is no failure: not told.
    pub(super) fn card_fetch_path_malformed(&mut self, x: &Exch) {
        let Some(status @ 400..=499) = x.status else {
            return;
        };
        if x.synthetic || !x.method.eq_ignore_ascii_case("GET") {
            return;
        }
        let Some(how) = malformed_card_path(&x.path) else {
            return;
        };
        self.areas.insert("card");
        let path: String = x
            .path
            .chars()
            .map(|c| if c.is_control() { '?' } else { c })
            .collect();
        self.find(
            &r::CARD_FETCH_PATH_MALFORMED,
            format!(
                "client asked for the Agent Card with GET {path}, where {how}, and got {status}: no agent publishes its card there (the well-known URI is /.well-known/agent-card.json of the agent's origin, 0.2: agent.json; a configured card URL is fetched exactly as given); a card resolver that joins an empty or full card path onto a base URL builds this one"
            ),
            vec![x.ev(x.req_seq), x.ev(x.resp_seq)],
            &x.leg,
        );
    }

    /// CARD-PATH-001 (CARD-002 MUST in 1.0) and CARD-PATH-003 (CARD-002, 0.3 §5.3's
    /// recommended location): keeps the evidence of a 404 at `/.well-known/agent-card.json`
    /// or of a 1.0 or 0.3 card served at `/.well-known/agent.json` (mine60: or at another
    /// path under `/.well-known/` that no version names, such as
    /// `/.well-known/a2a/agent-card`) for `origin` (`legacy`: the evidence, the newest
    /// generation the card declares, `V1_0` or `V0_3`, and the path served from
    /// `/.well-known/` on), and
    /// reports once both are seen: a 1.0 or 0.3 client (which fetches only agent-card.json)
    /// finds no card, though the agent has one. A card that declares 1.0 and 0.3 is
    /// CARD-PATH-001's. Paired per agent: `prefix` is the path before `/.well-known/`
    /// (`""` at the root, `/agents/currency` for an agent hosted under a path), so a 404
    /// for one agent of a host and another agent's card at its 0.2 path are no pair
    /// (a2a-net #21: several agents per host, each under its own path).
    pub(super) fn card_path_evidence(
        &mut self,
        origin: String,
        prefix: &str,
        nf: Option<Evidence>,
        legacy: Option<(Evidence, Dialect, String)>,
    ) {
        let shown = format!("{}{prefix}", net::origin_shown(&origin));
        let origin = format!("{origin}{prefix}");
        if let Some(e) = nf {
            self.card_json_404.entry(origin.clone()).or_insert(e);
        }
        if let Some(e) = legacy {
            self.card_at_legacy.entry(origin.clone()).or_insert(e);
        }
        let (Some(a), Some((b, dialect, served))) = (
            self.card_json_404.get(&origin).cloned(),
            self.card_at_legacy.get(&origin).cloned(),
        ) else {
            return;
        };
        // once per origin: the 404 entry stays with seq u64::MAX as the "reported" mark
        self.card_at_legacy.remove(&origin);
        self.card_json_404.insert(
            origin.clone(),
            Evidence {
                seq: u64::MAX,
                ..a.clone()
            },
        );
        if a.seq == u64::MAX {
            return;
        }
        let origin = shown;
        if served != "/.well-known/agent.json" {
            // mine60 (f1349): a path no A2A version names, under /.well-known/.
            let (rule, card) = if dialect == Dialect::V1_0 {
                (
                    &r::CARD_PATH_LEGACY_ONLY,
                    "a 1.0 card (supportedInterfaces with protocolVersion 1.0)",
                )
            } else {
                (
                    &r::CARD_PATH_V03_LEGACY_ONLY,
                    "a card that declares protocolVersion 0.3",
                )
            };
            self.find(
                rule,
                format!(
                    "{origin}/.well-known/agent-card.json answered 404 while {origin}{served}, a path no A2A version names, serves {card}: 1.0 and 0.3 clients (a2a-python A2ACardResolver, a2a-js, a2a-java) fetch the card only at agent-card.json, the well-known URI (RFC 8615) CARD-002 names, and find none; serve it there"
                ),
                vec![a, b],
                &None,
            );
            return;
        }
        if dialect == Dialect::V1_0 {
            self.find(
                &r::CARD_PATH_LEGACY_ONLY,
                format!(
                    "{origin}/.well-known/agent-card.json answered 404 while {origin}/.well-known/agent.json serves a 1.0 card (supportedInterfaces with protocolVersion 1.0): 1.0 and 0.3 clients fetch the card only at agent-card.json and find none"
                ),
                vec![a, b],
                &None,
            );
        } else {
            self.find(
                &r::CARD_PATH_V03_LEGACY_ONLY,
                format!(
                    "{origin}/.well-known/agent-card.json answered 404 while {origin}/.well-known/agent.json, the 0.2 path, serves a card that declares protocolVersion 0.3: 0.3 §5.3 recommends agent-card.json, and 0.3 clients (a2a-python A2ACardResolver, a2a-js, a2a-java) fetch the card only there and find none; serve it there too"
                ),
                vec![a, b],
                &None,
            );
        }
    }

    /// CARD-PATH-004 (mine31b f702): keeps the first 1.0 A2A call (not a card fetch) that
    /// an origin answered with success (a JSON-RPC `result` or an event stream; an HTTP+JSON
    /// 2xx), whether or not its well-known card path answered 404 yet (review32 K1: a
    /// resolver may ask after the calls). One entry per origin, at most
    /// [`MAX_CALLED_ORIGINS`]: the origin is looked up in the exchange's own `origin`, no
    /// string is built for an origin already kept.
    pub(super) fn card_404_call_answered(&mut self, x: &Exch, c: &Call, json: Option<&Json>) {
        if !x.is_success()
            || x.answer_error
            || c.webhook
            || c.dialect != Some(Dialect::V1_0)
            || !c
                .op
                .is_some_and(|o| !matches!(o, Op::GetCard | Op::GetExtendedCard))
            || self.card_404_called.len() >= MAX_CALLED_ORIGINS
            || x.origin
                .as_ref()
                .is_none_or(|o| self.card_404_called.contains_key(o))
            || self.behind_hop(x)
        {
            return;
        }
        let answered = match c.binding {
            Some(Binding::JsonRpc) => {
                json.is_some_and(|v| v.get("result").is_some())
                    || x.resp_media().as_deref() == Some("text/event-stream")
            }
            Some(Binding::Rest) | Some(Binding::Grpc) => true,
            None => false,
        };
        if let (true, Some(origin)) = (answered, x.origin.clone()) {
            let ev = x.ev(x.resp_seq);
            self.card_404_called.insert(origin, ev);
        }
    }

    /// CARD-PATH-004 (CARD-001 MUST, CARD-002 MUST in 1.0; a2a-java #1106): at the end,
    /// each origin whose `/.well-known/agent-card.json` answered 404 and that answered a
    /// 1.0 A2A call, with no card served on it anywhere (no card fetched from it or naming
    /// it, nothing at the 0.2 path): its clients find no card.
    pub(super) fn card_not_served(&mut self) {
        let mut called: Vec<(String, Evidence)> = self.card_404_called.drain().collect();
        called.sort_by_key(|(_, e)| e.seq);
        for (origin, call) in called {
            let Some(nf) = self.card_json_404.get(&origin).cloned() else {
                continue;
            };
            if nf.seq == u64::MAX
                || self.cards.contains_key(&origin)
                || self.card_at_legacy.contains_key(&origin)
            {
                continue;
            }
            let shown = net::origin_shown(&origin);
            // card discovery was judged (the 404 is the card fetch's answer)
            self.areas.insert("card");
            let when = if nf.seq < call.seq {
                "although"
            } else {
                "after"
            };
            let mut ev = vec![nf, call];
            ev.sort_by_key(|e| e.seq);
            self.find(
                &r::CARD_PATH_NOT_SERVED,
                format!(
                    "{shown}/.well-known/agent-card.json answered 404 {when} this origin answered a 1.0 A2A call, and no agent card was served anywhere on it in this recording: clients that discover agents by their card (every SDK's card resolver) find none"
                ),
                ev,
                &None,
            );
        }
    }

    /// CARD-URL-011 (CARD-005) on a card the recording proxy rewrote (`proxy --rewrite-card`,
    /// and every `probe` and `interop` run): the agent served `orig`, whose interface at
    /// `itf`'s place named a bind-all address that the rewrite mapped to the proxy (it maps
    /// one only for an upstream on this host, so the card was fetched on the agent's host).
    /// The clients of this proxy got a usable URL, the agent's other clients do not: the
    /// fault is the agent's, and the rewrite must not hide it (review32). `bseq`: the card
    /// body as the agent sent it.
    pub(super) fn bind_all_rewritten(
        &mut self,
        x: &Exch,
        orig: &AgentCardView,
        itf: &card::CardInterface,
        bseq: u64,
        ptr: &str,
    ) {
        let Some(o) = orig
            .interfaces
            .iter()
            .find(|o| o.pointer() == itf.pointer() && o.url != itf.url)
        else {
            return;
        };
        let Some(ou) = parse_url(&o.url).filter(|u| host_class(&u.host) == HostClass::BindAll)
        else {
            return;
        };
        self.find(
            &r::CARD_URL_BIND_ALL,
            format!(
                "card interface url {} names the bind-all address {}, the address a server listens on, not one a client connects to (the recording proxy rewrote it to {} for its own clients): the agent's clients on another host, in a container or a browser, and any client on Windows, cannot reach the agent there",
                o.url, ou.host, itf.url
            ),
            vec![x.ev_at(bseq, ptr, Some(Value::String(o.url.clone())))],
            &x.leg,
        );
    }

    /// CARD-URL-011 (CARD-005) on a gateway's upstream leg, at the end: the agent's own card
    /// named a bind-all address ([`State::held_bind_all`]) and the recording shows no card
    /// the gateway served its clients, so nothing says the clients got another URL
    /// (review32 G1). With a client-leg card recorded, that card is the one judged.
    pub(super) fn upstream_bind_all_unseen(&mut self) {
        let held = std::mem::take(&mut self.held_bind_all);
        if self.client_card_seen {
            return;
        }
        let leg = Some("upstream".to_string());
        for (msg, ev) in held {
            self.find(&r::CARD_URL_BIND_ALL, msg, vec![ev], &leg);
        }
    }

    /// GW-RESP-003 (RPC-002; ERR-007 leaves the status of a JSON-RPC error open): a
    /// JSON-RPC or HTTP+JSON task call on a recording without an upstream leg answered
    /// HTTP 502/503/504, or 413 Content Too Large (a body-size limit in front of the agent,
    /// breaker19a Y9), with no A2A answer (an nginx HTML page, an empty body, an API
    /// gateway's `{"message":...}`). The client got neither `result` nor `error`; whether
    /// the agent failed, was too slow for the gateway or never got the call is not in this
    /// leg (a note). Also keeps [`State::areas_answered`] / [`State::areas_unanswered`].
    pub(super) fn intermediary_error_unseen(&mut self, x: &Exch, c: &Call, json: Option<&Json>) {
        let Some(op) = c.op.filter(|o| o.is_task_op()) else {
            return;
        };
        let areas: &[&'static str] = if op.is_streaming() {
            &["task", "stream"]
        } else {
            &["task"]
        };
        if x.synthetic
            && matches!(x.status, Some(502) | Some(504))
            && x.outcome == Some(Outcome::UpstreamError)
        {
            self.answered_by_recording_proxy(x, c, areas);
            return;
        }
        if x.synthetic || x.status.is_none() {
            return;
        }
        let a2a_answer = match c.binding {
            Some(Binding::JsonRpc) => json.is_some_and(|v| {
                v.get("jsonrpc").is_some()
                    || v.get("result").is_some()
                    || v.get("error").and_then(|e| e.get("code")).is_some()
            }),
            Some(Binding::Rest) => json.is_some_and(|v| {
                v.get("error")
                    .is_some_and(|e| e.get("code").is_some() || e.get("status").is_some())
                    || v.get("code").is_some_and(Json::is_i64)
            }),
            // gRPC: an answer of the gRPC server carries application/grpc and a
            // grpc-status (Trailers-Only in the headers when it has no message); a proxy's
            // own 503 page has neither (the client maps it to UNAVAILABLE, breaker13 M12).
            Some(Binding::Grpc) => {
                x.resp_headers
                    .get("content-type")
                    .is_some_and(grpc::is_grpc_content_type)
                    || x.resp_headers.contains("grpc-status")
                    || x.trailers.contains("grpc-status")
            }
            None => true,
        };
        let status = x.status.unwrap_or(0);
        // RPC-001/RPC-002: a JSON-RPC endpoint answers every POST with a JSON-RPC
        // response. A 404/405 that is none, with no card known for the agent (CARD-URL-002
        // judges an advertised URL), means no A2A endpoint answers at this URL: a gateway
        // that doubles or drops a path prefix, or the wrong URL (breaker16b T8). So does a
        // 501 page (ux34: a static file server on the port the proxy was pointed at answers
        // every POST "501 Unsupported method"; BIND-USE-002 reads 501 so where a card is
        // known); a JSON-RPC error under 501 is an A2A answer and stays quiet.
        if matches!(status, 404 | 405 | 501)
            && c.binding == Some(Binding::JsonRpc)
            && !a2a_answer
            && !self.behind_hop(x)
            && !self.areas.contains("gateway")
            && self.card_for(x).is_none()
        {
            self.no_endpoint_here(x, c, status, areas);
            return;
        }
        // 413 Content Too Large with no A2A answer: a body-size limit in front of the agent
        // (nginx client_max_body_size, 1 MB by default; breaker19a Y9).
        // A CDN's own origin-failure statuses (Cloudflare 520-527, 530: origin unreachable,
        // no answer within its read timeout) are the same answer as a 502/504 (mine28c).
        let intermediary_status =
            (502..=504).contains(&status) || edge_origin_status(status) || status == 413;
        if !intermediary_status
            || a2a_answer
            || self.behind_hop(x)
            || self.areas.contains("gateway")
        {
            if !intermediary_status || a2a_answer {
                self.areas_answered.extend(areas.iter().copied());
            }
            return;
        }
        self.areas_unanswered.extend(areas.iter().copied());
        self.gw_own_answer.insert(str::to_string(&x.id), ());
        // (a gRPC exchange's body is read by its frame decoder: its media type is the
        // evidence)
        let what = if x.body.as_slice().is_empty()
            && (c.binding != Some(Binding::Grpc) || !x.resp_headers.contains("content-type"))
        {
            "an empty body".to_string()
        } else {
            x.resp_media()
                .unwrap_or_else(|| "no content type".into())
                .into_owned()
        };
        let server = x
            .resp_headers
            .get("server")
            .map(|s| format!(", server: {}", s.trim()))
            .unwrap_or_default();
        let kind = match c.binding {
            Some(Binding::JsonRpc) => "JSON-RPC call",
            Some(Binding::Grpc) => "gRPC call",
            _ => "HTTP+JSON call",
        };
        let name = if c.binding == Some(Binding::Grpc) {
            x.path.clone()
        } else {
            c.method
                .clone()
                .unwrap_or_else(|| format!("{} {}", x.method, x.path))
        };
        // gRPC: no grpc-status either, so the client's stub reports UNAVAILABLE.
        let what = if c.binding == Some(Binding::Grpc) {
            format!("{what}, no grpc-status")
        } else {
            what
        };
        let body = (!x.body.as_slice().is_empty())
            .then(|| excerpt(&String::from_utf8_lossy(x.body.as_slice())));
        let front = front_sign(&x.resp_headers);
        let msg = if status == 413 {
            too_large_message(&format!("{kind} {name}"), &format!("{what}{server}"), x)
        } else {
            let who = match &front {
                Some(f) => format!("the answer comes from a front ({f}), and without the leg between it and the agent"),
                None => "an intermediary (gateway, load balancer) usually sends this status, but nothing in the answer shows one (no Via header, no proxy's Server header), so the agent's own server may have sent it; without the leg behind any front".to_string(),
            };
            format!(
                "the {kind} {name} got HTTP {status} ({what}{server}) and no A2A answer: the client never learns whether the agent ran it; {who} it cannot be told whether the agent failed, answered too late, or never got the call"
            )
        };
        let mut f = Finding::new(&r::GW_ANSWER_UNSEEN, msg);
        f.evidence = vec![x.ev_at(x.body_seq(), "", body)];
        f.leg = x.leg.clone();
        f.help = gw_unseen_help(front.as_deref(), status);
        self.emit(f);
    }

    /// GW-RESP-003 (RPC-002, ERR-007) for a request whose body the recording holds only in
    /// part (over the proxy's `--capture-cap`, 16 MiB by default, or past what the verifier
    /// keeps) and that got HTTP 413 Content Too Large with no A2A answer: the one finding
    /// that explains why a large message failed, judged from the response, which the
    /// recording holds whole (before, the exchange was only "not judged": newcomer26 N2).
    /// The call is named by its HTTP+JSON route, or by the JSON-RPC `method` found before
    /// `params` in the body's recorded start. Client leg of a plain recording only, as for
    /// a whole body ([`State::intermediary_error_unseen`]).
    pub(super) fn cut_request_too_large(&mut self, x: &Exch) {
        if !x.req_cut
            || x.resp_cut
            || x.trunc_by & (TRUNC_DROPPED | TRUNC_SKIPPED) != 0
            || x.status != Some(413)
            || x.synthetic
            || x.outcome != Some(Outcome::Complete)
            || self.behind_hop(x)
            || self.areas.contains("gateway")
        {
            return;
        }
        let body = x.resp_decoded();
        let answer = body
            .as_deref()
            .and_then(|b| serde_json::from_slice::<Value>(b).ok());
        let a2a_answer = answer.as_ref().is_some_and(|v| {
            v.get("jsonrpc").is_some()
                || v.get("result").is_some()
                || v.get("error")
                    .is_some_and(|e| e.get("code").is_some() || e.get("status").is_some())
                || v.get("code").is_some_and(Value::is_i64)
        });
        if a2a_answer {
            return;
        }
        let what = if x.body.as_slice().is_empty() {
            "an empty body".to_string()
        } else {
            x.resp_media()
                .unwrap_or_else(|| "no content type".into())
                .into_owned()
        };
        let server = x
            .resp_headers
            .get("server")
            .map(|s| format!(", server: {}", s.trim()))
            .unwrap_or_default();
        let route = rest_route(&x.method, &x.path).map(|r| r.op.name());
        let name = match (route, jsonrpc_method_in_start(x.req_body.as_slice())) {
            (Some(op), _) => format!("HTTP+JSON call {op}"),
            (None, Some(m)) => format!("JSON-RPC call {m}"),
            (None, None) => format!("request {} {}", x.method.to_ascii_uppercase(), x.path),
        };
        let mut msg = too_large_message(&name, &format!("{what}{server}"), x);
        msg.push_str(
            "; the recording holds the request body only in part (a larger --capture-cap records it all), so its content is not judged",
        );
        let quote = (!x.body.as_slice().is_empty())
            .then(|| excerpt(&String::from_utf8_lossy(x.body.as_slice())));
        self.areas.insert("task");
        self.areas_unanswered.insert("task");
        let mut f = Finding::new(&r::GW_ANSWER_UNSEEN, msg);
        f.evidence = vec![x.ev_at(x.body_seq(), "", quote)];
        f.leg = x.leg.clone();
        f.help = gw_unseen_help(front_sign(&x.resp_headers).as_deref(), 413);
        self.emit(f);
    }

    /// GW-RESP-006 (RPC-002): an A2A task call the recording proxy answered with its own
    /// 502/504 (`synthetic`, ended `upstream_error`): the client got no A2A answer because
    /// the upstream failed the call; the message quotes the proxy's cause (breaker16b T5).
    /// The call's areas count as not exercised ([`State::areas_unanswered`]). Not for a call
    /// CARD-URL-002 already reported (an advertised URL that refused the connection or
    /// could not be reached, [`State::url_unreached`]; review28b R1).
    pub(super) fn answered_by_recording_proxy(
        &mut self,
        x: &Exch,
        c: &Call,
        areas: &[&'static str],
    ) {
        self.areas_unanswered.extend(areas.iter().copied());
        // CARD-URL-002 already reported this proxy answer: the advertised URL refused the
        // connection or could not be reached (review28b R1: a probe of such an agent got
        // both, the warning naming the prober as a client left without an answer).
        if self.url_unreached.contains(&x.id) {
            return;
        }
        // A `probe` or `interop` run's own recording proxy answered because the agent's
        // address refused the connection (`exchange_end.connect_failure`: nothing listened,
        // the agent was down or had died): the run is the only client and its proxy no
        // gateway of the agent, and the run already says so (the test fails "the connection
        // was refused, nothing listens there", or the run stops: the agent stopped
        // answering). Blaming a gateway there was noise (newcomer32, ux33); online and
        // offline alike. A `proxy` recording keeps it: a real client was left without an
        // answer by the agent behind the user's proxy.
        if self.driver.is_some() && x.connect_failure == Some(ConnectFailure::Refused) {
            // (and a held GW-RESP-006 of a call the agent closed before this refusal was
            // dropped when the exchange ended: [`State::driver_held`])
            return;
        }
        let status = x.status.unwrap_or(502);
        let name = c
            .method
            .clone()
            .unwrap_or_else(|| format!("{} {}", x.method, x.path));
        let cause = x
            .end_error
            .as_deref()
            .map(str::trim)
            .filter(|e| !e.is_empty())
            .unwrap_or("the upstream failed the call");
        let lower = cause.to_ascii_lowercase();
        let closed = lower.contains("closed before message completed")
            || lower.contains("incomplete message");
        let why = resend_note(x, closed);
        // refused (the recorded kind): nothing listened, so the agent never got the call; the
        // client cannot tell, the recording can (ux34: "cannot tell whether the agent ran
        // the call", and a help about keep-alive timeouts, for an agent that was down)
        let refused = x.connect_failure == Some(ConnectFailure::Refused);
        let after = if refused {
            "; the connection was refused, so the agent never got the call (nothing listened at its address: it was down, restarting or on another port); the client got no A2A answer and may send the call again once the agent is up"
        } else {
            "; the client got no A2A answer and cannot tell whether the agent ran the call"
        };
        let mut f = Finding::new(
            &r::GW_PROXY_ANSWERED,
            format!(
                "the call {name} got the recording proxy's own HTTP {status}, not an answer of the upstream: {cause}{why}{after}"
            ),
        );
        f.evidence = vec![x.ev_at(x.body_seq(), "", None)];
        f.leg = x.leg.clone();
        if refused {
            f.help = "start the agent where the proxy sends its calls, or point the proxy at the address it listens on now (--upstream / --route); find out why it was down (its log, a crash, a restart or deploy without a readiness check in front), and have clients retry a call refused this way: the agent never received it".to_string();
        }
        // a probe's or interop's call: held until the run shows whether the agent died
        // (a later connection refused) or lives on (told at the end)
        if self.driver.is_some() && !refused && self.driver_held.len() < MAX_DRIVER_HELD {
            self.driver_held.push((x.origin.clone(), f));
            return;
        }
        self.emit(f);
    }

    /// GW-RESP-003 (RPC-001, RPC-002, CARD-002): a JSON-RPC A2A call answered HTTP 404/405
    /// with no JSON-RPC response, and no agent card known for it: nothing A2A answers at
    /// that URL. The call's areas count as not exercised ([`State::areas_unanswered`]).
    pub(super) fn no_endpoint_here(
        &mut self,
        x: &Exch,
        c: &Call,
        status: u16,
        areas: &[&'static str],
    ) {
        self.areas_unanswered.extend(areas.iter().copied());
        self.gw_own_answer.insert(str::to_string(&x.id), ());
        let what = x.resp_media().unwrap_or_else(|| "no content type".into());
        let server = x
            .resp_headers
            .get("server")
            .map(|s| format!(", server: {}", s.trim()))
            .unwrap_or_default();
        let text = String::from_utf8_lossy(x.body.as_slice());
        let quote = if text.trim().is_empty() {
            String::new()
        } else {
            format!(": `{}`", excerpt_str(text.trim(), 80))
        };
        let name = c
            .method
            .clone()
            .unwrap_or_else(|| format!("{} {}", x.method, x.path));
        let card = if x
            .origin
            .as_ref()
            .is_some_and(|o| self.card_json_404.contains_key(o))
        {
            ", and the agent card (/.well-known/agent-card.json) on this origin answered 404 too"
        } else {
            ""
        };
        let path = if x.path.is_empty() { "/" } else { &x.path };
        // python-a2a #60 (field f397): the client built the URL from the method name
        // (`/a2a/tasks/send`), as if every JSON-RPC method had a path of its own.
        let method_path = c
            .method
            .as_deref()
            .filter(|m| {
                let p = path.split('?').next().unwrap_or(path).trim_end_matches('/');
                p.ends_with(&format!("/{m}"))
            })
            .map(|m| format!("; the path ends with the call's own method name {m}: JSON-RPC names the method in the body and POSTs every call to the one endpoint URL the agent card names (CARD-005), so look up the card (/.well-known/agent-card.json; 0.2: /.well-known/agent.json) and post there"))
            .unwrap_or_default();
        let front = front_sign(&x.resp_headers);
        let mut f = Finding::new(
            &r::GW_ANSWER_UNSEEN,
            format!(
                "the JSON-RPC call {name} to {path} got HTTP {status} ({what}{server}{quote}) and no JSON-RPC answer{card}: no A2A endpoint answers at this URL, while an A2A JSON-RPC endpoint answers every POST with a JSON-RPC response (RPC-001, RPC-002){method_path}; a gateway whose path mapping doubles or drops a prefix, or a URL that is not the agent's, looks like this: compare the path the agent serves with the one that reaches it"
            ),
        );
        f.evidence = vec![x.ev_at(x.body_seq(), "", None)];
        f.leg = x.leg.clone();
        f.help = gw_unseen_help(front.as_deref(), status);
        self.emit(f);
    }

    /// gwmiss52 (RPC-002; GW-RESP-001/002): upstream copy `x` of a client's message send,
    /// a copy the gateway sent again while the client waited ([`State::gw_send_retries`],
    /// b39m-1: the agent answered the first copy 500, the gateway retried), has ended with
    /// an answer while the client's call has none yet: the gateway now holds this copy's
    /// answer, so the client's answer is compared with it. The client's pair
    /// ([`State::gw_pairs`]) follows the copy (its JSON-RPC id and messageId too); returns
    /// the `(client, copy)` pair. `None` (nothing changed): no such retry, it ended with
    /// no answer, or the client was answered first (it got an earlier copy's answer).
    fn retry_takes_pair(&mut self, x: &Exch) -> Option<(String, String)> {
        let i = self.gw_send_retries.iter().position(|(u, _)| *u == *x.id)?;
        let (_, cid) = self.gw_send_retries.remove(i)?;
        if x.status.is_none() || x.synthetic {
            return None;
        }
        let client = self.open.get(cid.as_str())?;
        if client.status.is_some() {
            return None;
        }
        let client_mid = send_message_id(client.req_body.as_slice());
        let copy_mid = send_message_id(x.req_body.as_slice());
        let p = self.gw_pairs.iter_mut().rev().find(|p| *p.client == *cid)?;
        p.up = str::to_string(&x.id);
        p.up_seq = x.req_seq;
        if p.up_rpc_id.is_some() {
            p.up_rpc_id = rpc_request_id(x.req_body.as_slice()).or(p.up_rpc_id.take());
        }
        p.up_message_id = copy_mid
            .filter(|m| Some(m) != client_mid.as_ref())
            .map(Into::into);
        Some((cid, str::to_string(&x.id)))
    }

    /// GW-RESP-002 (ERR-002, ERR-003; breaker46 `status-500`, `status-200`): the client got
    /// the agent's HTTP+JSON error body (`c`, the client leg; `u`, the upstream leg) under
    /// another HTTP status than the agent's. In HTTP+JSON the status is part of the error's
    /// mapping (TaskNotFoundError is 404, and `error.code` repeats it): a client that reads
    /// the status (as HTTP clients do first) gets a server failure or a success instead.
    fn gw_rest_status_changed(&mut self, cid: &str, c: &EndedRec, uid: &str, u: &EndedRec) {
        let (cs, us) = (c.status.unwrap_or(0), u.status.unwrap_or(0));
        let reads = match cs {
            200..=299 => "a success, and parses the error body as the operation's result",
            500..=599 => "a server failure (and may retry), not the agent's answer",
            _ => "another error than the agent's",
        };
        self.gw_own_answer.insert(cid.to_string(), ());
        self.find(
            &r::GW_ANSWER_ALTERED,
            format!(
                "gateway changed the HTTP status of the agent's HTTP+JSON error: the agent answered the upstream leg HTTP {us} with {}, the client got the same error body under HTTP {cs}, which an HTTP client reads as {reads} (1.0 §11.6: the status is the error's HTTP mapping, and error.code repeats it)",
                u.answer.describe()
            ),
            vec![
                Evidence {
                    seq: c.resp_seq,
                    exchange: Some(cid.to_string()),
                    pointer: None,
                    found: Some(Value::from(cs)),
                },
                Evidence {
                    seq: u.resp_seq,
                    exchange: Some(uid.to_string()),
                    pointer: None,
                    found: Some(Value::from(us)),
                },
            ],
            &None,
        );
    }

    /// GW-RESP-001/002 for a gateway pair whose legs both ended, the agent answering the
    /// upstream leg with an A2A answer (RPC-002: the client gets the agent's `result` or
    /// `error`): the client leg got a page that is not JSON instead (a WAF's or CDN's HTML,
    /// a maintenance page), or a JSON-RPC error the agent did not send (a gateway's own
    /// timeout wrapped as -32603 with HTTP 200). The gateway's answer before the agent's is
    /// GW-RESP-001 (it did not wait), after it GW-RESP-002 (it replaced it).
    pub(super) fn gw_answer_replaced(&mut self, cid: &str, c: &EndedRec, uid: &str, u: &EndedRec) {
        if !u.answer.is_a2a() {
            return;
        }
        if matches!(c.answer, LegAnswer::RestError(..)) && c.answer == u.answer {
            if c.status != u.status {
                self.gw_rest_status_changed(cid, c, uid, u);
            }
            return;
        }
        let own_error = match (&c.answer, &u.answer) {
            // breaker46: an HTTP+JSON A2A error (google.rpc.Status) replaced by a JSON body of
            // the gateway's own, or by another error; an agent's success answered with an
            // error the agent never sent
            // (a JSON object of its own: a bare `null` or scalar is no error body)
            (LegAnswer::Json, LegAnswer::RestError(..)) => c.excerpt.starts_with('{'),
            (LegAnswer::RestError(a), LegAnswer::RestError(b)) => a != b,
            (LegAnswer::RestError(..), LegAnswer::Json) => true,
            (LegAnswer::RestError(..), LegAnswer::Stream { .. }) => true,
            (LegAnswer::RpcError(k, _), LegAnswer::RpcError(j, _)) => k != j,
            (LegAnswer::RpcError(..), LegAnswer::RpcResult) => true,
            // an HTTP+JSON agent's error translated into a JSON-RPC error is a bridge's job
            (LegAnswer::RpcError(..), LegAnswer::Json) => u.status.is_some_and(|s| s < 300),
            // open49 item 4: a binding-bridging gateway that hands the agent's A2A error on
            // as another error (the agent's 404 TASK_NOT_FOUND as -32603 InternalError) has
            // altered the answer, as the same remap on one binding is (breaker47
            // error-remapped): GW-RESP-002, not the client leg's RPC-ERROR-001
            (LegAnswer::RpcError(..), LegAnswer::RestError(..))
            | (LegAnswer::RestError(..), LegAnswer::RpcError(..)) => {
                c.answer.other_a2a_error_across_bindings(&u.answer)
            }
            // the agent streamed its answer whole (STREAM-003) and the client got an error
            // instead: a gateway that read the event stream as one JSON body (IBM
            // mcp-context-forge #6816: -32603 "Expecting value")
            (LegAnswer::RpcError(..), LegAnswer::Stream { .. }) => true,
            (LegAnswer::Json, LegAnswer::Stream { .. }) => c.status.is_some_and(|s| s >= 400),
            _ => false,
        };
        let page = c.answer == LegAnswer::NotJson;
        if !own_error && !page {
            return;
        }
        let gap = u.end_t.abs_diff(c.end_t) as f64 / 1e6;
        let gap = if gap < 1.0 {
            format!("{:.0} ms", gap * 1000.0)
        } else {
            format!("{gap:.1} s")
        };
        let agent_later = u.end_t > c.end_t;
        let status = c.status.unwrap_or(0);
        let got = if page {
            format!(
                "{} (HTTP {status}: \"{}\")",
                c.media
                    .as_deref()
                    .map_or("a page with no content type".to_string(), |m| {
                        // "an application/octet-stream page", "a text/html page"
                        let an = m.starts_with(['a', 'e', 'i', 'o', 'u']);
                        format!("{} {m} page", if an { "an" } else { "a" })
                    }),
                c.excerpt
            )
        } else if c.answer == LegAnswer::Json {
            format!("a JSON body of its own (HTTP {status}: \"{}\")", c.excerpt)
        } else if let LegAnswer::RestError(l) = &c.answer {
            format!("an HTTP+JSON A2A error of its own ({l}, HTTP {status})")
        } else {
            format!("its own {} (HTTP {status})", c.answer.describe())
        };
        let agent = format!(
            "the agent answered the upstream leg HTTP {} with {}",
            u.status.unwrap_or(0),
            u.answer.describe()
        );
        // The agent's 404 answered a card fetch the gateway sent below a path prefix: the
        // gateway asked at the wrong place (CARD-002), the cause of what the client got.
        let card_cause = u.card_below_prefix.as_ref().map(|(asked, card)| {
            format!(
                "gateway fetched the agent card at {asked} (the well-known path below the agent's endpoint path) and the agent answered HTTP 404 there; the well-known Agent Card is at the origin ({card}, CARD-002)"
            )
        });
        let (rule, msg) = if let Some(cause) = card_cause {
            (
                &r::GW_ANSWER_ALTERED,
                format!("{cause}; the client got {got}"),
            )
        } else if agent_later {
            (
                &r::GW_ANSWER_LOST,
                format!(
                    "gateway answered the client with {got} while {agent} {gap} later: the gateway answered on its own (gave up, or blocked the call) before the agent's answer and never passed that answer on"
                ),
            )
        } else {
            (
                &r::GW_ANSWER_ALTERED,
                format!(
                    "gateway replaced the agent's answer: {agent}, and the client got {got} {gap} later"
                ),
            )
        };
        self.gw_own_answer.insert(cid.to_string(), ());
        self.find(
            rule,
            msg,
            vec![
                Evidence {
                    seq: c.resp_seq,
                    exchange: Some(cid.to_string()),
                    pointer: None,
                    found: (!c.excerpt.is_empty()).then(|| Value::String(c.excerpt.clone())),
                },
                Evidence {
                    seq: u.resp_seq,
                    exchange: Some(uid.to_string()),
                    pointer: None,
                    found: (!u.excerpt.is_empty()).then(|| Value::String(u.excerpt.clone())),
                },
            ],
            &None,
        );
    }

    /// SSE delivered in one burst by an intermediary (GW-SSE-001): compare with the upstream
    /// leg of the same call when recorded, else with the events' own status timestamps.
    pub(super) fn check_buffering(&mut self, x: &Exch) {
        let Some(s) = x.sse.as_ref() else { return };
        let mine: Vec<u64> = s.arrivals.iter().map(|a| a.0).collect();
        // Pair with the other leg of the same call (same method, path tail, request body).
        // A gateway may route `/agents/calc` to `/`: a JSON-RPC call is told by its body
        // (method, id, params); an HTTP+JSON call by its body and operation segment.
        let other_leg = |o: &&Exch| {
            o.leg != x.leg
                && o.method == x.method
                && (tail(&o.path) == tail(&x.path)
                    || last_segment(&o.path) == last_segment(&x.path)
                    || is_jsonrpc_request_body(x.req_body.as_slice()))
        };
        // (the same send under a messageId of the gateway's own only when no stream of the
        // same body is there, breaker40 C06, and only between the client leg (no leg
        // name) and a hop behind it, as the gateway pairing of requests does: two named
        // legs are two callers, e.g. `interop`'s A->B and B->A, whose sends of one text
        // under their own messageIds are two calls, not one call forwarded)
        // breaker47: the twin the request pairing found ([`State::gw_pairs`]) when there is
        // one: a version-bridging gateway's copy is no look-alike of the client's body, and
        // another client's stream in the upstream's generation may be one (a 0.3 client's
        // stream translated to 1.0 beside a 1.0 client's stream of the same text)
        let twin = if x.leg.is_none() {
            self.upstream_twin(x)
        } else {
            (self.gw_pairs.iter().rev())
                .find(|p| *p.up == *x.id)
                .map(|p| p.client.clone())
        };
        let paired = twin
            .as_deref()
            .map(|id| (self.done_streams.iter()).position(|o| *o.id == *id && other_leg(&o)));
        let other_idx = match paired {
            Some(found) => found,
            None => (self.done_streams.iter())
                .position(|o| {
                    other_leg(&o)
                        && same_forwarded_body(o.req_body.as_slice(), x.req_body.as_slice())
                })
                .or_else(|| {
                    (self.done_streams.iter()).position(|o| {
                        other_leg(&o)
                            && (o.leg.is_none() || x.leg.is_none())
                            && same_forwarded_send(o.req_body.as_slice(), x.req_body.as_slice())
                    })
                }),
        };
        if let Some(i) = other_idx {
            let Some(o) = self.done_streams.remove(i) else {
                return;
            };
            let theirs: Vec<u64> = o
                .sse
                .as_ref()
                .map(|s| s.arrivals.iter().map(|a| a.0).collect())
                .unwrap_or_default();
            let (client, up) = if x.leg.is_none() { (x, &o) } else { (&o, x) };
            let (c_times, u_times) = if x.leg.is_none() {
                (&mine, &theirs)
            } else {
                (&theirs, &mine)
            };
            // depth51: a front's own stream (an orchestrator's task) is no relay of its
            // upstream twin's: neither GW-SSE-002 nor GW-SSE-001 compares them
            let own = self.front_own_stream(client, up);
            self.check_events_passed_on(client, up);
            if own {
                return;
            }
            let n = c_times.len().min(u_times.len());
            if n >= 3 && self.chunk_times {
                let u_spread = u_times[n - 1].saturating_sub(u_times[0]);
                let c_spread = c_times[n - 1].saturating_sub(c_times[0]);
                let first_delay = c_times[0].saturating_sub(u_times[0]);
                if u_spread >= BURST_MIN_SPREAD_US
                    && c_spread * 10 < u_spread
                    && first_delay * 2 >= u_spread
                {
                    let cs = client
                        .sse
                        .as_ref()
                        .map(|s| s.arrivals[0].1)
                        .unwrap_or(client.resp_seq);
                    let us = up
                        .sse
                        .as_ref()
                        .map(|s| s.arrivals[0].1)
                        .unwrap_or(up.resp_seq);
                    // Who held them is said first, as the other GW rules do (newcomer45
                    // N2: the line named no one, and the report's reader had to know that
                    // GW- means the gateway between the legs).
                    self.find(
                        &r::GW_SSE_BUFFERED,
                        format!(
                            "gateway held the stream back and passed it on in one burst: {n} events the agent sent over {:.1} s on the {} leg reached the client within {} ms, the first {:.1} s late",
                            u_spread as f64 / 1e6,
                            up.leg.as_deref().unwrap_or("upstream"),
                            c_spread / 1000,
                            first_delay as f64 / 1e6
                        ),
                        vec![Evidence::event(us, str::to_string(&up.id)), client.ev(cs)],
                        &None,
                    );
                } else if let Some((held, worst, k)) = held_in_bursts(c_times, u_times) {
                    // Part of the stream passed on in bursts (a gateway that flushes every
                    // few events or every few seconds, breaker14 P15): each held event
                    // reached the client only after the agent had sent the next one.
                    let (Some(us), Some(cs)) = (
                        up.sse.as_ref().and_then(|s| s.arrivals.get(k)).map(|a| a.1),
                        client
                            .sse
                            .as_ref()
                            .and_then(|s| s.arrivals.get(k))
                            .map(|a| a.1),
                    ) else {
                        return;
                    };
                    self.find(
                        &r::GW_SSE_BUFFERED,
                        format!(
                            "gateway passed the stream on in bursts, not event by event: {held} of {n} events reached the client only after the agent had sent the next one on the {} leg, held up to {:.1} s (event {} of the stream)",
                            up.leg.as_deref().unwrap_or("upstream"),
                            worst as f64 / 1e6,
                            k + 1
                        ),
                        vec![Evidence::event(us, str::to_string(&up.id)), client.ev(cs)],
                        &None,
                    );
                }
            }
            return;
        }
        // One leg: events' own status timestamps spread far wider than their arrival. A source
        // without per-chunk arrival times (a HAR entry's one body text) proves nothing here,
        // nor do timestamps that go backwards (a reorder: STREAM-ORDER-001), nor a
        // resubscribe stream (0.x tasks/resubscribe, 1.0 SubscribeToTask): its backfill of
        // the task's past updates is implementation-defined (0.3:§7.9) and arrives at once,
        // stamped when the updates happened (breaker21 L18).
        let resubscribe = x
            .call
            .as_ref()
            .is_some_and(|c| c.op == Some(Op::SubscribeToTask));
        if self.chunk_times
            && !resubscribe
            && s.stamps.len() >= 3
            && s.arrivals.len() >= 3
            && !s.stamps_backwards
        {
            let (min_ts, max_ts) = s
                .stamps
                .iter()
                .fold((i64::MAX, i64::MIN), |(a, b), (t, _)| {
                    (a.min(*t), b.max(*t))
                });
            let stamp_spread_ms = (max_ts - min_ts).max(0) as u64;
            let arr: Vec<u64> = s.stamps.iter().map(|(_, a)| *a).collect();
            let arr_spread_ms =
                (arr.iter().max().unwrap_or(&0) - arr.iter().min().unwrap_or(&0)) / 1000;
            if stamp_spread_ms >= 2000
                && arr_spread_ms * 10 < stamp_spread_ms
                && arr_spread_ms < 200
            {
                self.find(
                    &r::GW_SSE_BUFFERED,
                    format!(
                        "status updates stamped over {:.1} s by the agent arrived within {arr_spread_ms} ms",
                        stamp_spread_ms as f64 / 1000.0
                    ),
                    vec![x.ev(s.arrivals[0].1), x.ev(s.arrivals[s.arrivals.len() - 1].1)],
                    &x.leg,
                );
            }
        }
        {
            // Keep a light copy for pairing with the other leg.
            if self.done_streams.len() >= 64 {
                self.done_streams.pop_front();
            }
            self.done_streams.push_back(Exch {
                id: x.id.clone(),
                leg: x.leg.clone(),
                method: x.method.clone(),
                path: x.path.clone(),
                req_body: x.req_body.clone(),
                resp_seq: x.resp_seq,
                // GW-SSE-002 reads the agent's Cache-Control: no-transform (open46); kept
                // only when it is there
                resp_headers: if no_transform(&x.resp_headers) {
                    x.resp_headers.clone()
                } else {
                    Headers::default()
                },
                outcome: x.outcome,
                end_seq: x.end_seq,
                req_t: x.req_t,
                resp_t: x.resp_t,
                end_t: x.end_t,
                call: x.call.clone(),
                sse: Some(StreamState {
                    arrivals: s.arrivals.clone(),
                    sigs: s.sigs.clone(),
                    sig_seqs: s.sig_seqs.clone(),
                    text_digests: s.text_digests.clone(),
                    events: s.events,
                    terminal: s.terminal,
                    last_state: s.last_state,
                    undecodable: s.undecodable,
                    shape_bad: s.shape_bad,
                    past_kept: s.past_kept,
                    task_id: s.task_id.clone(),
                    ..Default::default()
                }),
                ..Default::default()
            });
        }
    }

    /// GW-SSE-002: the client leg of a gateway got other events than the agent sent
    /// upstream (lost, reordered or altered), both legs having ended cleanly. A
    /// STREAM-SHAPE-001 held on the client leg ([`HeldShape`]) is told after it, naming
    /// GW-SSE-002 as its cause when the gateway added that event; a STREAM-ORDER-001 held
    /// there is told only when the legs carry the same events (else the order is the
    /// gateway's, breaker40 D26).
    pub(super) fn check_events_passed_on(&mut self, client: &Exch, up: &Exch) {
        let before = self.out.len();
        let added = self.compare_stream_legs(client, up);
        let legs_differ = self
            .out
            .get(before..)
            .is_some_and(|new| new.iter().any(|f| f.rule == r::GW_SSE_LOST.id));
        while let Some(i) = self
            .held_shapes
            .iter()
            .position(|h| *h.client == *client.id)
        {
            let h = self.held_shapes.swap_remove(i);
            if h.rule.id != r::STREAM_EVENT_SHAPE.id {
                // STREAM-ORDER-001 of the client leg: when the agent's own stream differs
                // from what the client got, the order the client saw is the gateway's
                // (GW-SSE-002 tells it); else the agent's.
                if !legs_differ {
                    self.find(h.rule, h.msg, h.ev, &None);
                }
                continue;
            }
            let msg = match &added {
                Some(after) => format!(
                    "{}{CAUSED_BY}{}: the agent's stream on the upstream leg has no such event; the gateway added it {after}, so the gateway must stop writing it, not the agent)",
                    h.msg,
                    r::GW_SSE_LOST.id
                ),
                None => h.msg,
            };
            self.find(&r::STREAM_EVENT_SHAPE, msg, h.ev, &None);
        }
    }

    /// Held STREAM-SHAPE-001 findings ([`HeldShape`]) whose legs have both ended without
    /// being compared (or every one, at the end of the recording): told as they are.
    pub(super) fn flush_held_shapes(&mut self, all: bool) {
        for h in take_ended(&mut self.held_shapes, &self.open, all) {
            self.find(h.rule, h.msg, h.ev, &None);
        }
    }

    /// depth51: the client leg's stream of a pair names none of the task, context,
    /// artifact and status-message ids its upstream twin's stream named ([`stream_ids`],
    /// [`answered_itself`]): the front streamed a task of its own (an orchestrator that
    /// handed its client's words to its delegate, even one whose own stream is bare status
    /// updates), not the agent's stream relayed. Remembered in [`State::gw_front_own`]
    /// (and the pair dropped): no GW-* rule compares the legs. False for a relay (a shared
    /// id: a gateway that maps task ids keeps the artifacts' and messages' ids), a leg
    /// that named no id, or the same events on both legs (nothing to compare).
    pub(super) fn front_own_stream(&mut self, client: &Exch, up: &Exch) -> bool {
        let (Some(cs), Some(us)) = (client.sse.as_ref(), up.sse.as_ref()) else {
            return false;
        };
        // (the same events, every id mapped: nothing the legs could differ in)
        if cs.sigs == us.sigs
            || !answered_itself(&stream_ids(cs), &stream_ids(us), client.req_body.as_slice())
        {
            return false;
        }
        self.gw_front_own.insert(str::to_string(&client.id), ());
        self.gw_pairs.retain(|p| *p.client != *client.id);
        true
    }

    /// [`State::check_events_passed_on`]'s comparison; returns where the gateway added an
    /// event that is no StreamResponse (`"after the agent's last event (...)"`) when it
    /// found that (GW-SSE-002, breaker18a W2).
    pub(super) fn compare_stream_legs(&mut self, client: &Exch, up: &Exch) -> Option<String> {
        let (Some(cs), Some(us)) = (client.sse.as_ref(), up.sse.as_ref()) else {
            return None;
        };
        // A front that answered with a stream of its own ([`Self::front_own_stream`]): an
        // orchestrator that passed its client's words to its delegate (breaker50) streams
        // its own task, not the delegate's, so the legs are not compared.
        if self.gw_front_own.contains(&client.id) {
            return None;
        }
        let clean = |x: &Exch| x.outcome == Some(Outcome::Complete);
        if !clean(client) || !clean(up) || us.undecodable {
            return None;
        }
        // An event that is no StreamResponse on the client leg only, after the agent's
        // events all passed on unchanged: the gateway added it (breaker18a W2: kagent's
        // controller, a trpc-a2a-go server, appends its `event: close` frame).
        if let Some((bseq, before)) = cs.shape_bad.filter(|_| cs.sigs == us.sigs && !cs.past_kept) {
            let after = if before == us.sigs.len() {
                format!(
                    "after the agent's last event ({})",
                    us.sigs
                        .last()
                        .map(|g| up.sig_term(g))
                        .unwrap_or_else(|| "none".into())
                )
            } else {
                format!("after event {before} of the agent's {}", us.sigs.len())
            };
            self.find(
                &r::GW_SSE_LOST,
                format!(
                    "the client received a stream event the agent never sent: {after}, the gateway added an event that is no StreamResponse (the upstream leg carries all {} agent events and nothing else)",
                    us.sigs.len()
                ),
                vec![
                    Evidence::event(up.end_seq.max(up.resp_seq), str::to_string(&up.id)),
                    client.ev(bseq),
                ],
                &None,
            );
            return Some(after);
        }
        if cs.undecodable {
            return None;
        }
        if cs.sigs == us.sigs {
            // The same events, but one's words rewritten on the way (a content filter, a
            // redaction: breaker40 D31): a proxy MAY transform content unless the answer
            // says `Cache-Control: no-transform` (RFC 9110 §7.7), so only then is it the
            // gateway's fault, as GW-RESP-002 judges a JSON answer's words (open46).
            if !no_transform(&up.resp_headers) {
                return None;
            }
            let k = cs
                .text_digests
                .iter()
                .zip(us.text_digests.iter())
                .position(|(a, b)| a != b)?;
            let what = us.sigs.get(k).map(|g| up.sig_term(g)).unwrap_or_default();
            let useq = us.sig_seqs.get(k).copied().unwrap_or(up.resp_seq);
            let cseq = cs.sig_seqs.get(k).copied().unwrap_or(client.resp_seq);
            self.find(
                &r::GW_SSE_LOST,
                format!(
                    "stream event {} ({what}) reached the client with other text than the agent sent: the gateway rewrote the event's words (status message or artifact text) although the agent's answer says Cache-Control: no-transform, which forbids a proxy to transform its content (RFC 9110 §7.7)",
                    k + 1
                ),
                vec![
                    Evidence::event(useq, str::to_string(&up.id)),
                    client.ev(cseq),
                ],
                &None,
            );
            return None;
        }
        let first_diff = cs
            .sigs
            .iter()
            .zip(us.sigs.iter())
            .position(|(a, b)| a != b)
            .unwrap_or(cs.sigs.len().min(us.sigs.len()));
        // Past the kept events only the kept prefix can be compared: the same prefix is
        // no evidence of a difference.
        if (cs.past_kept || us.past_kept) && first_diff >= cs.sigs.len().min(us.sigs.len()) {
            return None;
        }
        // Client events a subsequence of the agent's: events were dropped.
        let mut it = us.sigs.iter();
        let subsequence = cs.sigs.iter().all(|c| it.any(|u| u == c));
        let counts_known = !cs.past_kept && !us.past_kept;
        // The client's stream ended well ([`HELD_BACK_US`]) before the first event it lacks
        // reached the gateway: the gateway cut the stream short (not dropped an event it
        // had, or closed on seeing it).
        let cut_short = counts_known
            && first_diff == cs.sigs.len()
            && cs.sigs.len() < us.sigs.len()
            && self.chunk_times
            && client.end_t > client.req_t
            && us
                .arrivals
                .get(first_diff)
                .is_some_and(|a| a.0 >= client.end_t.saturating_add(HELD_BACK_US));
        let msg = if cut_short {
            gateway_closed_stream_early(client, cs, up, us)
        } else if counts_known && cs.sigs.len() < us.sigs.len() && subsequence {
            format!(
                "the client received {} of the {} stream events the agent sent; event {} ({}) was lost on the way",
                cs.sigs.len(),
                us.sigs.len(),
                first_diff + 1,
                us.sigs
                    .get(first_diff)
                    .map(|g| up.sig_term(g))
                    .unwrap_or_default()
            )
        } else {
            format!(
                "stream event {} differs between legs: agent sent {}, client received {}",
                first_diff + 1,
                us.sigs
                    .get(first_diff)
                    .map(|g| up.sig_term(g))
                    .unwrap_or_else(|| "nothing".into()),
                cs.sigs
                    .get(first_diff)
                    .map(|g| client.sig_term(g))
                    .unwrap_or_else(|| "nothing".into())
            )
        };
        let useq = us
            .arrivals
            .get(first_diff)
            .map(|a| a.1)
            .unwrap_or(up.resp_seq);
        let cseq = cs
            .arrivals
            .get(first_diff)
            .map(|a| a.1)
            .unwrap_or(client.end_seq.max(client.resp_seq));
        self.find(
            &r::GW_SSE_LOST,
            msg,
            vec![
                Evidence::event(useq, str::to_string(&up.id)),
                client.ev(cseq),
            ],
            &None,
        );
        // The client leg's idea of the task came from altered events: from here on it
        // follows what the agent sent, so a later truthful answer (tasks/get after a state
        // the gateway rewrote) is not blamed on the agent as TASK-STATE-001; GW-SSE-002
        // names the gateway.
        if let (Some(ct), Some(ut)) = (cs.task_id.as_deref(), us.task_id.as_deref()) {
            if ct == ut {
                let agent_terminal = self.task_of(up, ut).and_then(|t| t.terminal.clone());
                if let Some(t) = self.task_of_mut(client, ct) {
                    t.terminal = agent_terminal;
                }
            }
        }
        None
    }

    pub(super) fn check_followup_stream(&mut self, x: &Exch) {
        // Follow-up message rules also apply to streamed sends.
        let Some(s) = x.sse.as_ref() else { return };
        let c = x.call.clone().unwrap_or_default();
        if c.op != Some(Op::SendStreamingMessage) || !x.is_success() || s.events == 0 {
            return;
        }
        let _ = s;
    }
}

/// Whether `dialect` is a 0.x one, where STREAM-003 / STREAM-007 are no MUST (0.3: a
/// "should"; 0.2 and 0.1: unspecified). An unknown version is judged as 1.0.
fn stream_end_0x(dialect: Option<Dialect>) -> Option<Dialect> {
    dialect.filter(|d| d.is_0x())
}

/// The rule for a task stream of `dialect` that ended before a terminal or interrupted
/// state (STREAM-003, STREAM-007): STREAM-END-002 (an error) on 1.0 or an unknown version,
/// STREAM-END-007 (a warning) on 0.x, where STREAM-003 is a SHOULD at most (sev44b).
pub(super) fn no_terminal_rule(dialect: Option<Dialect>) -> &'static Rule {
    if stream_end_0x(dialect).is_some() {
        &r::STREAM_NO_TERMINAL_0X
    } else {
        &r::STREAM_NO_TERMINAL
    }
}

/// The rule for a task stream of `dialect` cut by the agent's error before a terminal or
/// interrupted state (STREAM-003, STREAM-007, ERR-002): STREAM-END-005 (an error) on 1.0 or
/// an unknown version, STREAM-END-008 (a warning) on 0.x (sev44b).
pub(super) fn error_end_rule(dialect: Option<Dialect>) -> &'static Rule {
    if stream_end_0x(dialect).is_some() {
        &r::STREAM_ERROR_END_0X
    } else {
        &r::STREAM_ERROR_END
    }
}

/// What a STREAM-END-007 / -008 message ends with (empty on 1.0): `: the 0.3 spec
/// recommends ... (STREAM-003: a SHOULD in 0.3, a MUST from 1.0)`, or for 0.2 / 0.1 that
/// the version does not say, so the reader knows the end is advice on this version.
pub(super) fn stream_end_0x_words(dialect: Option<Dialect>) -> String {
    match stream_end_0x(dialect) {
        Some(Dialect::V0_3) => "; the 0.3 spec recommends keeping a task stream open until the task's terminal or interrupted state (STREAM-003: a SHOULD in 0.3, a MUST from 1.0)".into(),
        Some(d) => format!("; the {} spec does not say a task stream runs until the task's terminal or interrupted state (STREAM-003: unspecified in {}, a SHOULD in 0.3, a MUST from 1.0)", d.as_str(), d.as_str()),
        None => String::new(),
    }
}

/// The ids of a stream's own words in its event signatures ([`StreamState::sigs`]): the
/// artifactId of `ArtifactUpdate:a1 with lastChunk` and the status message's messageId
/// after [`SIG_MESSAGE`] (`StatusUpdate:TASK_STATE_WORKING message m-7`).
fn word_ids(sigs: &[String]) -> Vec<&str> {
    sigs.iter()
        .filter_map(|g| {
            if let Some((_, m)) = g.split_once(SIG_MESSAGE) {
                return Some(m);
            }
            let detail = g.strip_prefix("ArtifactUpdate:")?;
            Some(detail.split(" with ").next().unwrap_or(detail))
        })
        .filter(|id| !id.is_empty())
        .collect()
}

/// A stream's ids for [`answered_itself`]: its task and context ids and the ids of its
/// own words ([`word_ids`]).
fn stream_ids(s: &StreamState) -> Vec<&str> {
    let mut ids: Vec<&str> = (s.task_id.iter().chain(s.context_id.iter()))
        .map(String::as_str)
        .collect();
    ids.extend(word_ids(&s.sigs));
    ids
}

/// The entries of `held` whose two legs (client and upstream exchange) are no longer in
/// `open` (every entry when `all`), taken out in their order; the rest stay.
fn take_ended(held: &mut Vec<HeldShape>, open: &OpenMap, all: bool) -> Vec<HeldShape> {
    let (ended, still): (Vec<HeldShape>, Vec<HeldShape>) =
        std::mem::take(held).into_iter().partition(|h| {
            all || !(open.contains_key(h.client.as_str()) || open.contains_key(h.up.as_str()))
        });
    *held = still;
    ended
}

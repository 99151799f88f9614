//! Tasks not found, refused or served by the wrong agent; interrupted tasks refused.

use super::*;

impl State {
    /// The task that `id` names at exchange `x`'s leg and agent (the record under
    /// [`Exch::tkey`]), found without a key of its own: the key is written into
    /// [`State::task_key_buf`] (kept for its room) and only looked up. About 42k keys per
    /// bench run were built, allocated and freed for one lookup each (issue 7;
    /// docs/performance.md, "Session 41 (perfv41)"); a key to insert is still
    /// [`Exch::tkey`]'s own `String`.
    pub(super) fn task_of(&self, x: &Exch, id: &str) -> Option<&TaskRec> {
        match self.task_key_buf.try_borrow_mut() {
            Ok(mut key) => {
                x.tkey_into(id, &mut key);
                self.tasks.get(key.as_str()).map(|t| &**t)
            }
            // not reached (no borrow outlives these three methods): a key of its own
            Err(_) => self.tasks.get(&x.tkey(id)).map(|t| &**t),
        }
    }

    /// [`State::task_of`] for an update of the record.
    pub(super) fn task_of_mut(&mut self, x: &Exch, id: &str) -> Option<&mut TaskRec> {
        let key = self.task_key_buf.get_mut();
        x.tkey_into(id, key);
        self.tasks.get_mut(key.as_str()).map(|t| &mut **t)
    }

    /// Whether [`State::task_of`] finds a record.
    pub(super) fn knows_task(&self, x: &Exch, id: &str) -> bool {
        self.task_of(x, id).is_some()
    }

    /// ID-TASK-005 (ID-001: TaskNotFoundError is the answer to a message whose `taskId`
    /// is unknown; ERR-002): a send (SendMessage / SendStreamingMessage, 0.x `message/send`
    /// / `message/stream`) whose message names no task (no `taskId`, no
    /// `referenceTaskIds`; 0.2 `tasks/send` names one in `params.id`) answered
    /// TaskNotFoundError (JSON-RPC -32001, HTTP 404 or gRPC NOT_FOUND with reason
    /// TASK_NOT_FOUND): no task of the client's can be missing, so the agent passed on a
    /// failure of its own (typically a downstream agent's error an orchestrator relayed).
    /// `ev` is the error's evidence; `how` names the error as the wire shows it. Returns
    /// true when it reported. A message whose own `taskId` the agent does not know is
    /// recorded in [`Engine::not_found_ids`] instead (ID-001: the answer it was due).
    pub(super) fn task_not_found_for_fresh_send(
        &mut self,
        x: &Exch,
        c: &Call,
        how: &str,
        ev: Evidence,
    ) -> bool {
        // A credentials refusal (HTTP 401/403) is told by its status (AUTH-003); the code in
        // an auth front's body is not the agent's TaskNotFoundError (CopilotKit PR #6920).
        if !matches!(c.op, Some(Op::SendMessage) | Some(Op::SendStreamingMessage))
            || c.route_task.is_some()
            || c.params.get("id").is_some()
            || matches!(x.status, Some(401 | 403))
        {
            return false;
        }
        // The gateway added a taskId upstream (GW-REQ-003): the agent's TaskNotFoundError
        // answers that id, not the client's message; nothing more to judge here.
        if self.gw_rerouted(&x.id) {
            return true;
        }
        let Some(m) = params_message(c.params.json()) else {
            return false;
        };
        let named = |k: &str| match m.get(k) {
            None | Some(Json::Null) => false,
            Some(Json::String(t)) => !t.is_empty(),
            Some(Json::Array(a)) => !a.is_empty(),
            Some(_) => true,
        };
        if [
            "taskId",
            "task_id",
            "referenceTaskIds",
            "reference_task_ids",
        ]
        .iter()
        .any(|k| named(k))
        {
            // breaker34 C52: the message's own taskId, unknown to the agent by its answer;
            // a later message naming it answered with a task of that id is ID-TASK-002.
            if let Some(key) = message_task_id(c)
                .map(|t| x.tkey(&t))
                .filter(|k| !self.tasks.contains_key(k))
            {
                self.note_not_found_id(key);
            }
            return false;
        }
        let name = c.call_term().unwrap_or_default();
        self.areas.insert("id");
        // ID-001 is 1.0's; on 0.x the code's meaning is ERR-002's SHOULD (ID-TASK-009)
        let (rule, strength) = match c.dialect.filter(|d| d.is_0x()) {
            Some(d) => (
                &r::ID_TASK_NOT_FOUND_FRESH_SEND_0X,
                format!(
                    "; the {v} spec recommends TaskNotFoundError for an unknown task only (ERR-002: a SHOULD in {v}, a MUST from 1.0)",
                    v = d.as_str()
                ),
            ),
            None => (&r::ID_TASK_NOT_FOUND_FRESH_SEND, String::new()),
        };
        self.find(
            rule,
            format!(
                "agent answered {name}, whose message names no task (no taskId, no referenceTaskIds), with {how}: no task of the client's can be missing (TaskNotFoundError is for an unknown taskId in a message); a task the agent looked up itself (a downstream agent's) failing is its own failure, to be answered as a failed task or an internal error{strength}"
            ),
            vec![x.ev(x.req_ev_seq()), ev],
            &x.leg,
        );
        true
    }

    /// TASK-STATE-008 (TASK-004: UnsupportedOperationError is SubscribeToTask's answer for
    /// a task in a terminal state; STREAM-004: a subscription opens with the current Task):
    /// a 1.0 SubscribeToTask refused with UnsupportedOperationError (`how`: the refusal in
    /// the wire's words, `ev` its evidence) for a task this recording last saw in an
    /// interrupted state (TASK_STATE_INPUT_REQUIRED / TASK_STATE_AUTH_REQUIRED) and never
    /// terminal. An interrupted task waits for the client, yet the agent may have ended it
    /// unseen (left37): the finding is held until a later read of the task settles it
    /// ([`Self::hold_interrupted_refusal`]). A task last seen submitted or working may
    /// well have finished in between: its refusal is held in
    /// [`Verifier::active_sub_refusals`] and reported as TASK-STATE-013 only when a later
    /// answer shows the task still not terminal ([`Self::active_refusal_confirmed`];
    /// a2a-js #540: a restarted agent refused every reconnect to a live task). Not judged
    /// when the agent's card does not declare `capabilities.streaming: true` (then the
    /// refusal is STREAM-001's answer).
    ///
    /// A 0.x `tasks/resubscribe` (0.3 §7.9: a client reconnects to the stream of a running
    /// task after its connection broke; the method requires `capabilities.streaming: true`)
    /// refused with UnsupportedOperationError for a task a stream carried and last showed
    /// submitted or working is held the same way, and reported as CAP-STREAM-002 (STREAM-001,
    /// CARD-005) when a later answer shows the task still running, only under a card that
    /// declares `capabilities.streaming: true` (a2a-elixir #99: a stubbed resubscribe). 0.x
    /// leaves resubscription to a task no stream carried, and to a finished or interrupted
    /// one, to the implementation (A2A #1180, DIGEST trap 6): not judged.
    pub(super) fn subscribe_interrupted_refused(
        &mut self,
        x: &Exch,
        c: &Call,
        how: &str,
        ev: Evidence,
    ) {
        let v1 = c.dialect == Some(Dialect::V1_0);
        if c.op != Some(Op::SubscribeToTask) || c.dialect.is_none() {
            return;
        }
        let Some(tid) = c.task_id() else { return };
        let Some(t) = self.task_of(x, tid) else {
            return;
        };
        if !v1 && !t.on_stream {
            return;
        }
        let Some((st, lseq)) = t.last.filter(|(st, lseq)| {
            t.terminal.is_none()
                && ((v1 && st.is_interrupted())
                    || matches!(st, TaskState::Submitted | TaskState::Working))
                && *lseq < x.req_seq
        }) else {
            return;
        };
        let card = self.card_for(x);
        if card.is_some_and(|k| k.view.streaming != Some(true)) || (!v1 && card.is_none()) {
            return;
        }
        let declared = card.filter(|_| !v1).map(|k| Evidence {
            seq: k.seq,
            exchange: Some(k.exchange.clone()),
            pointer: Some("/capabilities/streaming".into()),
            found: Some(Value::Bool(true)),
        });
        let tid = tid.to_string();
        // 0.3 HTTP+JSON names the call by its request line (review27a)
        let method = c.method.clone().unwrap_or_else(|| {
            if c.request_line.is_some() {
                format!("{} {}", x.method.to_ascii_uppercase(), x.path)
            } else {
                "SubscribeToTask".into()
            }
        });
        let last_seen = Evidence {
            seq: lseq,
            exchange: None,
            pointer: None,
            found: None,
        };
        if !st.is_interrupted() {
            let key = x.tkey(&tid);
            if self.active_sub_refusals.len() < MAX_TASKS
                || self.active_sub_refusals.contains_key(&key)
            {
                let refused_at = ev.seq;
                let msg = if v1 {
                    format!(
                        "agent refused {method} for task {tid} with {how}, although the task was last seen in {} and",
                        x.state_term(st)
                    )
                } else {
                    format!(
                        "the agent card declares capabilities.streaming: true, yet the agent refused {method} for task {tid}, which its stream last showed {}, with {how}, and",
                        x.state_term(st)
                    )
                };
                self.active_sub_refusals
                    .insert(key, (msg, vec![last_seen, ev], refused_at, declared));
            }
            return;
        }
        self.hold_interrupted_refusal(
            x,
            &tid,
            &r::TASK_SUBSCRIBE_LIVE_REFUSED,
            format!(
                "agent refused {method} for task {tid} with {how}, although the task was last seen in {}, which is interrupted, not terminal: UnsupportedOperationError is for a task in a terminal state (TASK-004); a task waiting for input gets a stream that opens with its current Task (STREAM-004)",
                x.state_term(st)
            ),
            vec![last_seen, ev],
        );
    }

    /// A call refused with UnsupportedOperationError (`how`: the refusal in the wire's
    /// words, `ev` its evidence; JSON-RPC error, a stream's error event, HTTP+JSON, gRPC):
    /// the checks of a refused subscription ([`Self::subscribe_interrupted_refused`]) and of
    /// a refused message to an interrupted task ([`Self::message_to_interrupted_refused`])
    /// and of a refused GetTask ([`Self::get_task_unsupported`]), each of which returns at
    /// once for any other operation.
    pub(super) fn unsupported_operation_refused(
        &mut self,
        x: &Exch,
        c: &Call,
        how: &str,
        ev: Evidence,
    ) {
        self.subscribe_interrupted_refused(x, c, how, ev.clone());
        self.get_task_unsupported(x, c, how, ev.clone());
        self.message_to_interrupted_refused(x, c, how, ev);
    }

    /// TASK-STATE-015 (TASK-006, TASK-007; TASK-002 names UnsupportedOperationError for a
    /// task in a terminal state): a 1.0 SendMessage / SendStreamingMessage whose message
    /// names (`taskId`) a task this recording last saw in TASK_STATE_INPUT_REQUIRED or
    /// TASK_STATE_AUTH_REQUIRED, before the request and never in a terminal state, refused
    /// with UnsupportedOperationError (`how`: the refusal in the wire's words, `ev` its
    /// evidence). The send's twin of [`Self::subscribe_interrupted_refused`], held the same
    /// way until a later read of the task settles it ([`Self::hold_interrupted_refusal`];
    /// ggcode #1107: an agent that files auth-required among its terminal states). 0.x
    /// sends are not judged (0.x names no code for a message to a finished task).
    pub(super) fn message_to_interrupted_refused(
        &mut self,
        x: &Exch,
        c: &Call,
        how: &str,
        ev: Evidence,
    ) {
        if c.dialect != Some(Dialect::V1_0)
            || c.webhook
            || !matches!(c.op, Some(Op::SendMessage | Op::SendStreamingMessage))
        {
            return;
        }
        let Some(tid) = message_task_id(c) else {
            return;
        };
        let Some((st, lseq)) = self.task_of(x, &tid).and_then(|t| {
            t.last.filter(|(st, lseq)| {
                t.terminal.is_none() && st.is_interrupted() && *lseq < x.req_seq
            })
        }) else {
            return;
        };
        let op = c
            .method
            .clone()
            .unwrap_or_else(|| c.op.map_or("SendMessage", Op::name).to_string());
        let last_seen = Evidence {
            seq: lseq,
            exchange: None,
            pointer: None,
            found: None,
        };
        self.hold_interrupted_refusal(
            x,
            &tid,
            &r::TASK_MESSAGE_TO_INTERRUPTED_REFUSED,
            format!(
                "agent refused {op} continuing task {tid} with {how}, although it last showed the task in {}, which is interrupted, not terminal: UnsupportedOperationError is the answer for a task in a terminal state (TASK-002); an interrupted task waits for its client, and a message naming it is how the client answers (TASK-006, TASK-007), so the task is stuck",
                x.state_term(st)
            ),
            vec![last_seen, x.ev(x.req_ev_seq()), ev],
        );
    }

    /// Holds TASK-STATE-008 / TASK-STATE-015 (`rule`, `msg`, `ev`) for task `tid` of `x`
    /// until a later read settles it ([`Verifier::interrupted_refusals`]; left37). An
    /// interrupted task waits for its client, yet nothing in A2A keeps an agent from ending
    /// it (TASK_STATE_FAILED or TASK_STATE_CANCELED when the wait ran too long; a task
    /// expired and purged is TaskNotFoundError, 1.0 §3.3.2): unseen, that makes the
    /// refusal right. One refusal per
    /// task is held (a later one replaces it); past [`MAX_TASKS`] held tasks the finding
    /// is told at once, as at the end.
    pub(super) fn hold_interrupted_refusal(
        &mut self,
        x: &Exch,
        tid: &str,
        rule: &'static Rule,
        msg: String,
        ev: Vec<Evidence>,
    ) {
        let key = x.tkey(tid);
        let held = HeldInterruptedRefusal {
            rule,
            msg,
            ev,
            asked_at: x.req_seq,
            leg: x.leg.clone(),
        };
        if self.interrupted_refusals.len() < MAX_TASKS
            || self.interrupted_refusals.contains_key(&key)
        {
            if let Some(old) = self.interrupted_refusals.insert(key, held) {
                self.tell_unsettled_refusal(old);
            }
        } else {
            self.tell_unsettled_refusal(held);
        }
    }

    /// TASK-STATE-008 / TASK-STATE-015 held for task key `key` ([`Self::hold_interrupted_refusal`])
    /// settled by exchange `x`, which shows the task in `st` at line `seq` (`ptr`): a read
    /// whose request began after the refused one. Terminal: dropped (the agent may have
    /// ended the task before it refused), unless `x` is the client's own later call that the
    /// agent carried out on the task, a message naming it (a follow-up) or a cancel of it
    /// ([`client_ended_task`]): a terminal task accepts neither (TASK-002 answers a message
    /// with UnsupportedOperationError, TASK-003 a cancel with TaskNotCancelableError), so the
    /// task was still waiting when that call came, and so at the refusal before it (a
    /// terminal state never changes, TASK-001); the terminal state is that call's outcome
    /// (breaker55: a SubscribeToTask refused mid-conversation, then the follow-up that
    /// completed the task). Not terminal, or ended by such a call: told, naming the read.
    pub(super) fn interrupted_refusal_settled(
        &mut self,
        key: &str,
        st: TaskState,
        seq: u64,
        x: &Exch,
        ptr: &str,
    ) {
        if self
            .interrupted_refusals
            .get(key)
            .is_none_or(|h| x.req_seq <= h.asked_at)
        {
            return;
        }
        let Some(mut h) = self.interrupted_refusals.remove(key) else {
            return;
        };
        let settled = if st.is_terminal() {
            let Some(what) = x
                .call
                .as_ref()
                .and_then(|c| client_ended_task(c, st, key, x))
            else {
                return;
            };
            format!(
                "; the agent then carried out the client's {what} ({}), which a task that had ended refuses (TASK-002, TASK-003), so the task was still waiting when the agent refused; it is {} by that call",
                x.id,
                x.state_term(st)
            )
        } else {
            format!(
                "; a later read of the task ({}) still shows it {}, so it had not ended",
                x.id,
                x.state_term(st)
            )
        };
        h.msg.push_str(&settled);
        h.ev.push(x.ev_at(seq, ptr, Some(Value::String(x.state_term(st).into()))));
        self.find(h.rule, h.msg, h.ev, &h.leg);
    }

    /// A held refusal no later read settled, told as such: the recording cannot show that
    /// the task was still waiting, and says what would.
    pub(super) fn tell_unsettled_refusal(&mut self, mut h: HeldInterruptedRefusal) {
        h.msg.push_str(UNSETTLED_REFUSAL);
        self.find(h.rule, h.msg, h.ev, &h.leg);
    }

    /// The held refusals no later read settled, at the end of the recording, in the order
    /// of their requests.
    pub(super) fn flush_interrupted_refusals(&mut self) {
        let mut held: Vec<HeldInterruptedRefusal> = std::mem::take(&mut self.interrupted_refusals)
            .into_values()
            .collect();
        held.sort_by_key(|h| h.asked_at);
        for h in held {
            self.tell_unsettled_refusal(h);
        }
    }

    /// TASK-STATE-013 (TASK-004, STREAM-004): task key `key` was seen in state `st` by
    /// exchange `x` at line `seq`. A held SubscribeToTask refusal of that task
    /// ([`Verifier::active_sub_refusals`]) is dropped when `st` is terminal (the task may
    /// have ended before the refusal), and reported when `st` is not and `x`'s request
    /// began after the refusal was answered: the task was still running, so
    /// UnsupportedOperationError was wrong.
    pub(super) fn active_refusal_confirmed(
        &mut self,
        key: &str,
        st: TaskState,
        seq: u64,
        x: &Exch,
        ptr: &str,
    ) {
        let Some((_, _, refused_at, _)) = self.active_sub_refusals.get(key) else {
            return;
        };
        if st.is_terminal() {
            self.active_sub_refusals.remove(key);
            return;
        }
        if x.req_seq <= *refused_at {
            return;
        }
        let Some((msg, mut ev, _, declared)) = self.active_sub_refusals.remove(key) else {
            return;
        };
        // the state as the later answer's wire spells it (`working` on 0.x JSON-RPC)
        ev.push(x.ev_at(seq, ptr, Some(Value::String(x.state_term(st).into()))));
        if let Some(card) = declared {
            ev.insert(0, card);
            self.areas.insert("card");
            self.find(
                &r::CAP_STREAMING_REFUSED,
                format!(
                    "{msg} a later answer ({}) shows it {}, still running: resubscribing (tasks/resubscribe; 0.3 HTTP+JSON: POST /v1/tasks/{{id}}:subscribe) is how a streaming client gets back to a running task after its stream broke (0.3 §7.9 ties it to capabilities.streaming), so either the card declares a capability the agent does not fully have, or the agent refuses one it declares; the client can only poll the task (tasks/get)",
                    x.id,
                    x.state_term(st)
                ),
                ev,
                &x.leg,
            );
            return;
        }
        self.find(
            &r::TASK_SUBSCRIBE_ACTIVE_REFUSED,
            format!(
                "{msg} a later answer ({}) shows it {}, still not terminal: UnsupportedOperationError is for a task in a terminal state (TASK-004); a running task gets a stream that opens with its current Task (STREAM-004), even when the stream that started it is gone (a restart, a dropped connection), or the client can never follow the task it was given",
                x.id,
                x.state_term(st)
            ),
            ev,
            &x.leg,
        );
    }

    /// GW-RESP-005 (TASK-009): the client-leg call `x` on task `tid` failed with
    /// TaskNotFoundError, an agent that never saw `tid` answered its forwarded copy so
    /// ([`State::leg_task_missing`]), and another agent handed the task out: on another
    /// leg (a balancer routed the call to the wrong instance), or on the same leg another
    /// agent ([`State::agent_scope`]: a router in front of one agent per tenant or path
    /// sent the task's call to the wrong one, breaker49 task-ops-swapped). Reports it and
    /// returns true.
    pub(super) fn task_affinity_lost(
        &mut self,
        x: &Exch,
        tid: &str,
        call: &str,
        failing: &Evidence,
        handed: &Evidence,
    ) -> bool {
        let Some((miss_place, miss_ev)) = self.leg_task_missing.get(tid).cloned() else {
            return false;
        };
        if miss_ev.seq < x.req_seq {
            return false;
        }
        let (miss_leg, miss_scope) = miss_place
            .split_once('\u{0}')
            .unwrap_or((miss_place.as_str(), ""));
        let suffix = format!("\u{0}{tid}");
        let created = self
            .tasks
            .iter()
            .filter(|(k, _)| k.ends_with(&suffix))
            .filter_map(|(k, t)| {
                // `leg \0 id` or `leg \0 scope \0 id` ([`task_key`]); the client leg's
                // keys have no leg
                let place = &k[..k.len() - suffix.len()];
                let (leg, scope) = place.split_once('\u{0}').unwrap_or((place, ""));
                if leg.is_empty() || (leg == miss_leg && scope == miss_scope) {
                    return None;
                }
                let (s, xid) = t.announced.clone()?;
                Some((leg.to_string(), scope.to_string(), s, xid))
            })
            .min_by_key(|c| c.2);
        let Some((made_leg, made_scope, mseq, mxid)) = created else {
            return false;
        };
        self.leg_task_missing.remove(tid);
        let message = if made_leg == miss_leg {
            // one leg, two agents: name each (the leg's first agent keys by no scope)
            let agent = |scope: &str| -> String {
                let leg = Some(miss_leg.to_string());
                let id = if scope.is_empty() {
                    self.first_agent
                        .get(&leg)
                        .map(String::as_str)
                        .unwrap_or("?")
                } else {
                    scope
                };
                id.to_string()
            };
            format!(
                "gateway routed {call} on task {tid} to the agent at {} (leg {miss_leg}), which never saw that task and answered not found, while the task was created by the agent at {} on the same leg: the gateway's routing (a router's table of tenants or paths to agents) sent the task's call to another agent than the one that holds it; the agent at {} answered rightly for itself (TASK-009)",
                agent(miss_scope),
                agent(&made_scope),
                agent(miss_scope)
            )
        } else {
            format!(
                "gateway routed {call} on task {tid} to leg {miss_leg}, whose agent never saw that task and answered not found, while the task was created on leg {made_leg}: the load balancer has no task affinity (or the agent instances share no task store); the agent on {miss_leg} answered rightly for itself (TASK-009)"
            )
        };
        self.find(
            &r::GW_TASK_AFFINITY_LOST,
            message,
            vec![
                failing.clone(),
                miss_ev,
                Evidence {
                    seq: mseq,
                    exchange: Some(mxid),
                    pointer: None,
                    found: Some(Value::String(tid.into())),
                },
                handed.clone(),
            ],
            &None,
        );
        true
    }

    /// Whether `x` is a call to an agent whose card requires authentication
    /// (`requires_auth`) that carries none of the credentials the card names (its scheme's
    /// headers and query parameters), nor `Authorization`, `X-API-Key` or a cookie: an
    /// unauthenticated caller, to whom an existing task is rightly not found (TASK-009,
    /// AUTH-002; probe48). A redacted credential is still a credential.
    pub(super) fn unauthenticated_call(&self, x: &Exch) -> bool {
        let Some(view) = self.card_for(x).map(|c| &c.view) else {
            return false;
        };
        if !view.requires_auth {
            return false;
        }
        let carries = |n: &str| {
            x.req_headers
                .get(n)
                .map(str::trim)
                .is_some_and(|v| !v.is_empty())
        };
        let any_header = ["authorization", "x-api-key", "cookie"]
            .into_iter()
            .chain(view.credential_headers.iter().map(String::as_str))
            .any(carries);
        let any_query = view
            .credential_query
            .iter()
            .any(|q| super::params::query_param(&x.url, q).is_some());
        !any_header && !any_query
    }

    pub(super) fn task_not_found(&mut self, x: &Exch, tid: &str, bseq: u64, ptr: &str) {
        if self.gw_rerouted(&x.id) {
            return;
        }
        let Some((aseq, axid, by_msg, creator)) = self.task_of(x, tid).and_then(|t| {
            let (s, xid) = t.announced.clone()?;
            Some((s, xid, t.named_by_message.clone(), t.caller))
        }) else {
            // breaker34 M22: a streamed send naming a task this agent never handed out was
            // told TaskNotFoundError; a later message creating a task of that id is ID-TASK-002.
            if x.leg.is_none() && !self.knows_task(x, tid) {
                self.note_not_found_id(x.tkey(tid));
            }
            // ID-TASK-006: the client named to this agent a task another agent handed out
            // (an orchestrator that reuses one agent's task id with the next one).
            if x.leg.is_none() && self.task_from_other_agent(x, tid, bseq, ptr) {
                return;
            }
            // ID-TASK-006 (mine49, adcp-client #963 / PR #968): or the messageId of the
            // client's own send, which this agent answered with a task of another id.
            if x.leg.is_none() && self.task_named_by_own_message_id(x, tid, bseq, ptr) {
                return;
            }
            // ID-TASK-006 on an agent's own leg (breaker50 caller-ids): an orchestrator
            // named to its delegate a task id another agent (itself) handed out. On a hop
            // named `upstream` paired as a gateway's copy, held until the pair proves the
            // front's own call (left52: a gateway relays its client's ids by design).
            if x.leg.is_some() && self.foreign_task_on_own_leg(x, tid, bseq, ptr) {
                return;
            }
            // An agent leg of a gateway that never saw this task: rightly not found there
            // (TASK-009); remembered in case the client leg got the task from another leg.
            if let Some(leg) = x.leg.clone() {
                if self.leg_task_missing.len() >= MAX_PENDING_UP {
                    self.leg_task_missing.clear();
                }
                // the place: the leg and the agent on it (several agents behind one
                // router share a leg, each with its own scope: breaker49)
                self.leg_task_missing.insert(
                    tid.to_string(),
                    (format!("{leg}\u{0}{}", x.scope), x.ev_at(bseq, ptr, None)),
                );
            }
            return;
        };
        if aseq >= x.req_seq {
            return;
        }
        // TASK-009 / AUTH-006: a task is scoped to its caller, and an inaccessible task is
        // answered TaskNotFoundError exactly like an unknown one. A caller under other
        // credentials than the one the task was handed out to is rightly told so.
        if let (Some(a), Some(b)) = (creator, self.caller_of(x)) {
            if a != b {
                return;
            }
        }
        // TASK-009 / AUTH-002 (probe48): a call that carries none of the credentials a card
        // requiring authentication names comes from an unauthenticated caller, who must not
        // learn that the task exists: TaskNotFoundError is a right answer to it (the probe's
        // auth.rejects-anonymous reads and cancels its task so), no lost task.
        if self.unauthenticated_call(x) {
            return;
        }
        // review29a: a task the recording showed ended over a minute before may be purged
        // (TASK-003; 1.0 §3.3.2 "already completed and purged"): not found is then right for
        // every call on it, SubscribeToTask included.
        if self.purged_after_end(x, tid) {
            return;
        }
        // ID-003 (mine30a): a follow-up naming the task with another contextId than the
        // task's must be rejected, in no set error; TaskNotFoundError for that pair (no such
        // task in the context the client named) is such a rejection, not a lost task.
        if self.followup_names_other_context(x, tid) {
            return;
        }
        // TASK-004: a task in a terminal state still exists; SubscribeToTask on it is
        // answered UnsupportedOperationError, not TaskNotFoundError (servers that drop
        // finished tasks from the table of live ones the subscriber looks in).
        if let Some(c) = x
            .call
            .as_ref()
            .filter(|c| c.op == Some(Op::SubscribeToTask) && c.dialect == Some(Dialect::V1_0))
        {
            let term = self
                .task_of(x, tid)
                .and_then(|t| t.terminal.clone())
                .filter(|(_, tseq, _)| *tseq < x.req_seq);
            if let Some((ts, tseq, txid)) = term {
                let (got, want) = match c.binding {
                    Some(Binding::Rest) => (
                        "HTTP 404 TaskNotFoundError",
                        "HTTP 400 FAILED_PRECONDITION with ErrorInfo reason UNSUPPORTED_OPERATION",
                    ),
                    Some(Binding::Grpc) => (
                        "gRPC NOT_FOUND (TaskNotFoundError)",
                        "gRPC FAILED_PRECONDITION with ErrorInfo reason UNSUPPORTED_OPERATION",
                    ),
                    _ => (
                        "-32001 TaskNotFoundError",
                        "-32004 UnsupportedOperationError",
                    ),
                };
                let name = c
                    .method
                    .clone()
                    .unwrap_or_else(|| c.op_term(Op::SubscribeToTask.name()).to_string());
                self.find(
                    &r::TASK_SUBSCRIBE_TERMINAL,
                    format!(
                        "agent answered {name} on task {tid}, which it reported in {} earlier, with {got}: a finished task still exists, and subscribing to it is answered {want}",
                        x.state_term(ts)
                    ),
                    vec![
                        Evidence::event(tseq, txid),
                        x.ev_at(bseq, ptr, None),
                    ],
                    &x.leg,
                );
                return;
            }
        }
        // TASK-003, ERR-002 (mine59 f1323, AltairaLabs/PromptKit's task store answers every
        // cancel it refuses -32001): a task reported in a terminal state still exists (one
        // finished long enough to be purged is `purged_after_end`'s, above), and a cancel of
        // it is answered TaskNotCancelableError; JSON-RPC -32001 to that cancel is the wrong
        // error code, not a lost task. Only the -32001 answer itself (`/error/code`): an
        // error under another code is judged by its own code.
        if let Some(c) = x.call.as_ref().filter(|c| {
            c.op == Some(Op::CancelTask)
                && c.binding == Some(Binding::JsonRpc)
                && ptr == "/error/code"
        }) {
            let term = self
                .task_of(x, tid)
                .and_then(|t| t.terminal.clone())
                .filter(|(_, tseq, _)| *tseq < x.req_seq);
            if let Some((ts, tseq, txid)) = term {
                let v1 = c.dialect == Some(Dialect::V1_0);
                let (rule, why) = if v1 {
                    (&r::RPC_ERROR_CODE, "ERR-002, a MUST in 1.0")
                } else {
                    (
                        &r::RPC_ERROR_CODE_0X,
                        "the 0.x spec recommends it: ERR-002 is a SHOULD in 0.x, a MUST from 1.0",
                    )
                };
                let name = c
                    .method
                    .clone()
                    .unwrap_or_else(|| c.op_term(Op::CancelTask.name()).to_string());
                self.find(
                    rule,
                    format!(
                        "agent answered {name} on task {tid}, which it reported {} earlier, with -32001 TaskNotFoundError: a finished task still exists, and a cancel of it is refused with -32002 TaskNotCancelableError ({why}); the client is told its task does not exist",
                        x.state_term(ts)
                    ),
                    vec![x.ev_at(bseq, ptr, None), Evidence::event(tseq, txid)],
                    &x.leg,
                );
                return;
            }
        }
        let call = x
            .call
            .as_ref()
            .and_then(|c| c.call_term())
            .unwrap_or_else(|| "a task call".into());
        let handed = Evidence {
            seq: aseq,
            exchange: Some(axid.clone()),
            pointer: None,
            found: Some(Value::String(tid.into())),
        };
        // The failing call first: live lines and reports cite their first evidence.
        let failing = x.ev_at(bseq, ptr, None);
        if x.leg.is_none() && self.task_affinity_lost(x, tid, &call, &failing, &handed) {
            return;
        }
        let verb_in_id = verb_read_into_id(x, tid);
        let send = x.call.as_ref().is_some_and(|c| {
            matches!(c.op, Some(Op::SendMessage) | Some(Op::SendStreamingMessage))
        });
        let unread = lookup_named_no_id(x, tid);
        let msg = match by_msg {
            // left60 (f1322): the agent's own not-found words name no id (or None / null /
            // undefined) where the call sent the task's id: the recording shows the agent
            // looked up another member than the one the call names the task with
            _ if unread.is_some() => {
                let (said, member) = unread.unwrap_or_default();
                format!(
                    "agent answered {call} on task {tid} with not found, and its own words {said} name no task id where the call sent {tid} in {member}: the agent looked the task up by another member than {member}, the one the spec names it with (TASK-004), so every lookup of a task it handed out (in exchange {axid}) fails, whatever the task's state"
                )
            }
            _ if send && verb_in_id.is_none() => self.send_task_not_found_message(x, tid, &axid),
            _ if verb_in_id.is_some() => {
                let verb = verb_in_id.unwrap_or_default();
                let both = if verb == "subscribe" {
                    " (the proto binds :subscribe to GET, the prose to POST: an agent serves both)"
                } else {
                    ""
                };
                format!(
                    "agent answered {} {} on task {tid} with not found for the id {tid}:{verb}: a route taking all of the path after /tasks/ as the task id read the custom verb :{verb} into it, so the agent has no {} route for :{verb}{both}",
                    x.method, x.path, x.method
                )
            }
            Some(mid) => format!(
                "agent answered {call} on task {tid} with not found although its own message {mid} named that task id earlier: an agent message carries a taskId only when that task exists"
            ),
            None => {
                // pr-agent PR #3166: a task last reported running, never terminal, is the
                // mark of an agent that stores a task only once it finishes (or at its
                // first artifact): say that before the load-balancer reading.
                let running = self
                    .task_of(x, tid)
                    .filter(|t| t.terminal.is_none())
                    .and_then(|t| t.last)
                    .filter(|(st, seq)| !st.is_terminal() && *seq < x.req_seq)
                    .map(|(st, _)| st);
                match running {
                    Some(st) => format!(
                        "agent answered {call} on task {tid} with not found although it handed out that task id in exchange {axid} and last reported it {}, still running: an agent that stores a task only once it finishes (or at its first artifact) cannot find it while it runs, so the client can neither poll nor cancel it (or several agent instances behind this URL share no task store: a load balancer without task affinity sends a task's calls to an instance that never saw it)",
                        x.state_term(st)
                    ),
                    None => format!(
                        "agent answered {call} on task {tid} with not found although it handed out that task id in exchange {axid} (or several agent instances behind this URL share no task store: a load balancer without task affinity sends a task's calls to an instance that never saw it; answers that alternate between found and not found for one task point there)"
                    ),
                }
            }
        };
        let msg = self
            .misrouted_copy_cause(x, tid, &call, &axid)
            .unwrap_or(msg);
        self.find(
            &r::ID_TASK_NOT_RESOLVABLE,
            msg,
            vec![failing, handed],
            &x.leg,
        );
    }

    /// breaker48 (`cancel-get`, `cancel-slash`): a gateway's client leg answered not found
    /// for a task it handed out because its own copy of the call (the pair's upstream
    /// exchange) went to a route the agent does not serve, which an earlier finding on that
    /// copy told (REST-VERB-001, REST-ROUTE-001, GW-REQ-002): the not-found is the gateway's
    /// doing, not a lost task; the message says so and names that root ([`CAUSED_BY`]).
    fn misrouted_copy_cause(&self, x: &Exch, tid: &str, call: &str, axid: &str) -> Option<String> {
        if x.leg.is_some() || self.gw_pairs.is_empty() {
            return None;
        }
        let up = &self.gw_pairs.iter().rev().find(|p| *p.client == *x.id)?.up;
        let root = self.out.iter().rev().find(|g| {
            [
                r::REST_VERB_CLIENT.id,
                r::REST_ROUTE_CASE_CLIENT.id,
                r::GW_ROUTE_REWRITTEN.id,
            ]
            .contains(&g.rule.as_str())
                && g.evidence
                    .iter()
                    .any(|e| e.exchange.as_deref() == Some(up.as_str()))
        })?;
        Some(format!(
            "gateway answered {call} on task {tid} with not found although it handed out that task id in exchange {axid}: its own copy of the call ({up}) went to a route the agent does not serve, and the agent's refusal of that copy came back to the client as not found{CAUSED_BY}{}: the gateway's request)",
            root.rule
        ))
    }

    /// The first task of a send's `message.referenceTaskIds` that the agent handed out
    /// before this call (breaker27 X05), for a message that names no `taskId`: a
    /// refinement of a finished task is a new task in its context (TASK-001, ID-008), so a
    /// TaskNotFoundError for it says the agent lost a task it handed out (ID-TASK-001).
    pub(super) fn referenced_task_handed_out(&self, x: &Exch, c: &Call) -> Option<String> {
        if !matches!(c.op, Some(Op::SendMessage) | Some(Op::SendStreamingMessage)) {
            return None;
        }
        let m = params_message(c.params.json())?;
        if a2a::message_task_id(m).is_some() {
            return None;
        }
        let refs = m
            .get("referenceTaskIds")
            .or_else(|| m.get("reference_task_ids"))?;
        let Json::Array(refs) = refs else {
            return None;
        };
        refs.iter()
            .filter_map(Json::as_str)
            .find(|t| {
                self.task_of(x, t)
                    .and_then(|k| k.announced.as_ref())
                    .is_some_and(|(seq, _)| *seq < x.req_seq)
            })
            .map(str::to_string)
    }

    /// ID-TASK-001's message for a send (`SendMessage`, `SendStreamingMessage` and their
    /// 0.x, HTTP+JSON and gRPC forms) whose message continues task `tid`, which the agent
    /// handed out in exchange `axid`, answered not found (TASK-009, ID-001): the call as its
    /// wire names it with its URL ([`call_at`]), the refusal in the binding's words, where
    /// the id came from, the task's last state, and what to change.
    pub(super) fn send_task_not_found_message(&self, x: &Exch, tid: &str, axid: &str) -> String {
        let c = x.call.clone().unwrap_or_default();
        let how = match c.binding {
            Some(Binding::Grpc) => "gRPC NOT_FOUND (TaskNotFoundError)".to_string(),
            _ if x.sse.is_some() => "TaskNotFoundError in its stream".to_string(),
            Some(Binding::Rest) => format!(
                "HTTP {} TaskNotFoundError",
                x.status
                    .map_or_else(|| "404".to_string(), |s| s.to_string())
            ),
            _ => "-32001 TaskNotFoundError".to_string(),
        };
        let rec = self.task_of(x, tid);
        let terminal = rec
            .and_then(|t| t.terminal.clone())
            .filter(|(_, tseq, _)| *tseq < x.req_seq);
        let last = rec
            .and_then(|t| t.last)
            .filter(|(_, seq)| *seq < x.req_seq)
            .map(|(st, _)| st);
        let finished = terminal.is_some();
        let refusal = if c.dialect.is_some_and(Dialect::is_0x) {
            "an error that says the task is finished (TASK-002; 1.0: UnsupportedOperationError)"
        } else {
            "UnsupportedOperationError (TASK-002)"
        };
        let state = match (terminal, last) {
            (Some((ts, _, txid)), _) => format!(
                " and reported it {} {}: a finished task still exists, and a message to it is refused with {refusal}, not as an unknown task",
                x.state_term(ts),
                if txid == axid {
                    "there".to_string()
                } else {
                    format!("in exchange {txid}")
                }
            ),
            (None, Some(st)) if matches!(st, TaskState::InputRequired | TaskState::AuthRequired) => format!(
                " and last reported it {}, waiting for exactly this reply: the task cannot go on",
                x.state_term(st)
            ),
            (None, Some(st)) => format!(" and last reported it {}, still running", x.state_term(st)),
            (None, None) => String::new(),
        };
        let fix = if finished {
            "keep a finished task findable by its id (GetTask still returns it)"
        } else {
            "keep every task findable by its id from the answer that hands it out: store it before answering (an agent that stores a task only once it finishes, or at its first artifact, cannot find it while it runs or waits), in a task store every agent instance behind this URL shares (a load balancer without task affinity sends a task's calls to an instance that never saw it)"
        };
        if message_task_id(&c).as_deref() != Some(tid) {
            // breaker27 X05: the task is named in referenceTaskIds only.
            return format!(
                "agent answered {}, a message that refers to task {tid} in referenceTaskIds (it names no taskId, so it starts a new task), with {how}, although it handed out that task id in exchange {axid}: a referenced task is context for the new one (a refinement of a finished task is a new task in its context, TASK-001), not a task the message continues; keep handed-out tasks findable, and serve the new task (or ignore a reference it cannot use) instead of refusing the message",
                call_at(x)
            );
        }
        format!(
            "agent answered {}, a message that continues task {tid} (its taskId), with {how}, although it handed out that task id in exchange {axid}{state}; {fix}",
            call_at(x)
        )
    }

    /// RPC-ERROR-001 (RPC-003, TASK-009; LiteLLM PR #28664): JSON-RPC GetTask / CancelTask
    /// (0.x `tasks/get` / `tasks/cancel`) answered -32601 MethodNotFound (the code at body
    /// event `bseq`) by an endpoint, with no card known for it, that handed out the very
    /// task it names earlier, in a call of the same version: it speaks that version, whose
    /// task methods every agent serves, so the code denies a method it must have (a gateway
    /// forwarding only sends). A 1.0 call needs `A2A-Version: 1.x` (VER-003).
    pub(super) fn task_method_not_found(&mut self, x: &Exch, c: &Call, bseq: u64) {
        if !matches!(c.op, Some(Op::GetTask) | Some(Op::CancelTask)) {
            return;
        }
        let (Some(tid), Some(d), Some(here)) = (c.task_id(), c.dialect, x.endpoint()) else {
            return;
        };
        let header_1x = c
            .header_version
            .as_deref()
            .is_some_and(|v| v.trim_start().starts_with('1'));
        if (d == Dialect::V1_0) != header_1x || d == Dialect::V0_1 {
            return;
        }
        let Some((aseq, axid)) = self.task_of(x, tid).and_then(|t| {
            let same_version = t
                .announced_dialect
                .is_some_and(|k| k == d || (k.is_0x() && d.is_0x() && k != Dialect::V0_1));
            (same_version && t.announced_at.as_ref() == Some(&here))
                .then(|| t.announced.clone())
                .flatten()
        }) else {
            return;
        };
        if aseq >= x.req_seq {
            return;
        }
        let m = c.method.clone().unwrap_or_default();
        // (what the client cannot do, the other error the method answers)
        let (lost, other) = if c.op == Some(Op::GetTask) {
            ("read", "")
        } else {
            (
                "cancel",
                ", -32002 TaskNotCancelableError for one it cannot cancel (-32004 UnsupportedOperationError when it cancels no task)",
            )
        };
        self.find(
            &r::RPC_ERROR_CODE,
            format!(
                "endpoint answered {m} on task {tid} with -32601 method not found although it handed out that task itself earlier, in a call of the same protocol version: every A2A agent serves {m}, so the client cannot {lost} the task it was given (a gateway that forwards only message sends answers so); serve {m} (a gateway: forward the task methods to the agent too), and answer -32001 TaskNotFoundError for a task it does not know{other}"
            ),
            vec![
                x.ev_at(bseq, "/error/code", Some(Value::from(jsonrpc::METHOD_NOT_FOUND))),
                Evidence {
                    seq: aseq,
                    exchange: Some(axid),
                    pointer: None,
                    found: Some(Value::String(tid.into())),
                },
            ],
            &x.leg,
        );
    }

    /// The agents of the client leg that handed out task `tid` at another origin than
    /// `here_origin`: (seq of the answer, its exchange, origin, path), earliest first. None
    /// when an agent on a named leg handed `tid` out too: the client leg then passed on the
    /// answer of an agent behind a gateway (a balancer's replica, GW-RESP-005), whose task
    /// it is.
    fn task_handed_out_elsewhere(
        &self,
        tid: &str,
        here_origin: &str,
    ) -> Vec<(u64, String, String, Option<String>)> {
        let suffix = format!("\u{0}{tid}");
        let mut v: Vec<(u64, String, String, Option<String>)> = Vec::new();
        for (k, t) in &self.tasks {
            if k.as_str() != tid && !k.ends_with(&suffix) {
                continue;
            }
            let Some((seq, xid)) = t.announced.clone() else {
                continue;
            };
            // client-leg keys: `id` or `\0 scope \0 id` ([`task_key`])
            let client_leg = k.as_str() == tid || k.starts_with('\u{0}');
            if !client_leg {
                return Vec::new();
            }
            if let Some((origin, path)) = t.announced_at.clone() {
                if origin != here_origin {
                    v.push((seq, xid.to_string(), origin, path));
                }
            }
        }
        v.sort_by_key(|c| c.0);
        v
    }

    /// ID-TASK-006 (ID-001, TASK-009; breaker50 caller-ids) for call `x` on an agent's own
    /// leg (not a gateway's `upstream` copy: an orchestrator's call to its delegate),
    /// answered not found (at `ptr` of body event `bseq`) for task `tid`, which this agent
    /// never handed out: another agent, at another origin and on any leg, handed it out
    /// before the call (told now, returns true), or may hand it out later in the answer to
    /// a call open now (an orchestrator's own task, whose blocking answer comes after its
    /// delegate's): held for [`State::flush_foreign_task_held`], returns false.
    pub(super) fn foreign_task_on_own_leg(
        &mut self,
        x: &Exch,
        tid: &str,
        bseq: u64,
        ptr: &str,
    ) -> bool {
        if x.call.as_ref().is_some_and(|c| c.webhook) {
            return false;
        }
        let (Some((here_origin, here_path)), Some(call)) =
            (x.endpoint(), x.call.as_ref().and_then(|c| c.call_term()))
        else {
            return false;
        };
        let mut held = ForeignTaskHeld {
            tid: tid.to_string(),
            call,
            here: format!("{here_origin}{}", here_path.as_deref().unwrap_or("")),
            here_origin,
            leg: x.leg.clone(),
            ev: x.ev_at(bseq, ptr, None),
            open_elsewhere: Vec::new(),
            pair: self.upstream_pair(x),
        };
        let handed = self.task_handed_out_elsewhere(tid, &held.here_origin);
        if let Some((seq, xid, o, p)) = handed.iter().find(|c| c.0 < x.req_seq).cloned() {
            let there = format!("{o}{}", p.as_deref().unwrap_or(""));
            self.tell_foreign_task(held, seq, xid, there, false);
            return true;
        }
        // the calls to another origin asked before `x` and open when it was asked: still
        // open, or ended after it was asked
        let here_origin = held.here_origin.as_str();
        let mut open_elsewhere: Vec<String> = self
            .open
            .keys()
            .filter(|id| **id != x.id)
            .filter(|id| {
                self.open.get(id).is_some_and(|o| {
                    o.req_seq < x.req_seq && o.origin.as_deref().is_some_and(|g| g != here_origin)
                })
            })
            .map(|id| id.to_string())
            .collect();
        open_elsewhere.extend(
            self.recent_client_ends
                .iter()
                .filter(|(_, o, rq, end)| *rq < x.req_seq && *end > x.req_seq && *o != here_origin)
                .map(|(id, ..)| id.clone()),
        );
        // one of them already handed the id out (its answer came before this one's): told
        // now, as the held ones are when that answer comes later
        let already = handed.into_iter().find(|c| open_elsewhere.contains(&c.1));
        held.open_elsewhere = open_elsewhere;
        if let Some((seq, xid, o, p)) = already {
            let there = format!("{o}{}", p.as_deref().unwrap_or(""));
            self.tell_foreign_task(held, seq, xid, there, true);
            return true;
        }
        if !held.open_elsewhere.is_empty() && self.foreign_task_held.len() < MAX_PENDING_UP {
            self.foreign_task_held.push(held);
        }
        false
    }

    /// [`Self::flush_foreign_task_held`] for the held answers that wait on exchange `ended`,
    /// as it ends: told now when its answer handed the task id out (live, as the proxy
    /// runs), held on otherwise for the other calls they wait on and the end.
    pub(super) fn settle_foreign_task_held(&mut self, ended: &str) {
        let mut keep = Vec::new();
        for h in std::mem::take(&mut self.foreign_task_held) {
            if !h.open_elsewhere.iter().any(|id| id == ended) {
                keep.push(h);
                continue;
            }
            let found = self
                .task_handed_out_elsewhere(&h.tid, &h.here_origin)
                .into_iter()
                .find(|c| c.1 == ended);
            match found {
                Some((seq, xid, o, p)) => {
                    let there = format!("{o}{}", p.as_deref().unwrap_or(""));
                    self.tell_foreign_task(h, seq, xid, there, true);
                }
                None => keep.push(h),
            }
        }
        keep.append(&mut self.foreign_task_held);
        self.foreign_task_held = keep;
    }

    /// The held TaskNotFoundError answers of [`Self::foreign_task_on_own_leg`] whose task
    /// id another agent handed out in the answer to a call open when they were judged:
    /// ID-TASK-006, told at the end.
    pub(super) fn flush_foreign_task_held(&mut self) {
        for h in std::mem::take(&mut self.foreign_task_held) {
            let found = self
                .task_handed_out_elsewhere(&h.tid, &h.here_origin)
                .into_iter()
                .find(|c| h.open_elsewhere.contains(&c.1));
            if let Some((seq, xid, o, p)) = found {
                let there = format!("{o}{}", p.as_deref().unwrap_or(""));
                self.tell_foreign_task(h, seq, xid, there, true);
            }
        }
    }

    /// ID-TASK-006 for held call `h`: task `h.tid` was handed out by the agent at `there`
    /// (answer event `seq` of exchange `xid`), `later` when in the answer to a call open
    /// while `h` was asked.
    fn tell_foreign_task(
        &mut self,
        h: ForeignTaskHeld,
        seq: u64,
        xid: String,
        there: String,
        later: bool,
    ) {
        let when = if later {
            ", in its answer to a call that was open while this one was asked (an orchestrator named to the agent it delegates to the task id its own client's call created)"
        } else {
            ""
        };
        let (tid, call, here) = (&h.tid, &h.call, &h.here);
        self.areas.insert("id");
        let mut f = Finding::new(
            &r::ID_TASK_FROM_OTHER_AGENT,
            format!(
                "client named task {tid} in its {call} to the agent at {here}, but that task id was handed out by another agent, at {there}{when}: this agent rightly answered not found (task ids belong to the agent that created them); an orchestrator keeps each remote agent's taskId and contextId apart and opens work at another agent with a message without taskId"
            ),
        );
        f.evidence = vec![
            h.ev,
            Evidence {
                seq,
                exchange: Some(xid),
                pointer: None,
                found: Some(Value::String(h.tid.clone())),
            },
        ];
        f.leg = h.leg;
        // left52: on a hop named `upstream` paired as a gateway's copy, told only when the
        // pair proves the front's own call
        self.hold_for_pair(h.pair, PairTell::FrontOwn, f);
    }

    /// ID-TASK-006 (ID-001, TASK-009): client-leg call `x`, answered not found (at `ptr` of
    /// body event `bseq`), names task `tid`, which this agent never handed out but another
    /// agent of the recording did, earlier: at another origin, or (both JSON-RPC) at another
    /// endpoint URL. The agent's TaskNotFoundError is right; the client mixed up whose task
    /// it is. Returns whether it reported.
    pub(super) fn task_from_other_agent(
        &mut self,
        x: &Exch,
        tid: &str,
        bseq: u64,
        ptr: &str,
    ) -> bool {
        let Some((here_origin, here_path)) = x.endpoint() else {
            return false;
        };
        let Some(OtherAgentTask {
            seq: aseq,
            exchange: axid,
            origin: o,
            path: p,
            ..
        }) = self.other_agent_task(x, tid)
        else {
            return false;
        };
        let call = x
            .call
            .as_ref()
            .and_then(|c| c.call_term())
            .unwrap_or_else(|| "a task call".into());
        let there = format!("{o}{}", p.as_deref().unwrap_or(""));
        let here = format!("{here_origin}{}", here_path.as_deref().unwrap_or(""));
        self.areas.insert("id");
        self.find(
            &r::ID_TASK_FROM_OTHER_AGENT,
            format!(
                "client named task {tid} in its {call} to the agent at {here}, but that task id was handed out by another agent, at {there}: this agent rightly answered not found (task ids belong to the agent that created them); an orchestrator keeps each remote agent's taskId and contextId apart and opens work at another agent with a message without taskId"
            ),
            vec![
                x.ev_at(bseq, ptr, None),
                Evidence {
                    seq: aseq,
                    exchange: Some(axid),
                    pointer: None,
                    found: Some(Value::String(tid.into())),
                },
            ],
            &x.leg,
        );
        true
    }

    /// ID-TASK-006 (ID-001, TASK-009; adcp-client #963 / PR #968): client-leg call `x`,
    /// answered not found (at `ptr` of body event `bseq`), names as its task id `tid` the
    /// `messageId` of one of the client's own sends to this agent, which the agent had
    /// answered, earlier, with a task of another id: the client kept the id it minted for
    /// its message (a correlation id) in place of the server's task id. The agent's
    /// TaskNotFoundError is right. Looked for only on this not-found path (rare), over this
    /// agent's tasks on the client leg. Returns whether it reported.
    pub(super) fn task_named_by_own_message_id(
        &mut self,
        x: &Exch,
        tid: &str,
        bseq: u64,
        ptr: &str,
    ) -> bool {
        let told = x.tkey(tid);
        if self.own_message_id_told.contains(&told) {
            return true;
        }
        let prefix = x.tkey("");
        // the tasks whose sent messageIds hold `tid` ([`State::sent_mid_tasks`]), not every
        // task (perf52); the earliest announced, ties by id
        let Some((task_id, aseq, axid)) = self
            .sent_mid_tasks
            .get(tid)
            .into_iter()
            .flatten()
            .filter_map(|k| {
                let id = k.strip_prefix(prefix.as_str())?;
                let t = self.tasks.get(k)?;
                if id.contains('\u{0}') || !t.sent_message_ids.iter().any(|m| m == tid) {
                    return None;
                }
                let (seq, xid) = t.announced.clone()?;
                (seq < x.req_seq).then(|| (id.to_string(), seq, xid))
            })
            .min_by(|a, b| (a.1, &a.0).cmp(&(b.1, &b.0)))
        else {
            return false;
        };
        let call = x
            .call
            .as_ref()
            .and_then(|c| c.call_term())
            .unwrap_or_else(|| "a task call".into());
        if self.own_message_id_told.len() < MAX_EXT_ECHO {
            self.own_message_id_told.insert(told);
        }
        self.areas.insert("id");
        self.find(
            &r::ID_TASK_FROM_OTHER_AGENT,
            format!(
                "client named task {tid} in its {call}, but {tid} is the messageId of its own earlier send, which this agent answered with task {task_id}: this agent rightly answered not found (task ids are the server's, 1.0 §3.4.2); keep the task id from the answer (Task.id) and name that one in GetTask, CancelTask and follow-up messages, not the id minted for the message"
            ),
            vec![
                x.ev_at(bseq, ptr, None),
                Evidence {
                    seq: aseq,
                    exchange: Some(axid),
                    pointer: None,
                    found: Some(Value::String(task_id)),
                },
            ],
            &x.leg,
        );
        true
    }

    /// The task `tid` as another agent of the client leg handed it out before client-leg
    /// call `x`: at another origin, or (both JSON-RPC) at another endpoint URL of one
    /// origin; the earliest such hand-out. `None` when no other agent did (ID-TASK-006).
    pub(super) fn other_agent_task(&self, x: &Exch, tid: &str) -> Option<OtherAgentTask> {
        let (here_origin, here_path) = x.endpoint()?;
        if self.client_scopes.is_empty() {
            return None;
        }
        // The task under each other agent of the client leg: its first agent's scope is
        // empty, the others' are in `client_scopes` (task keys: [`task_key`]).
        std::iter::once(String::new())
            .chain(self.client_scopes.iter().cloned())
            .filter(|scope| *scope != x.scope)
            .filter_map(|scope| self.tasks.get(&task_key(&None, &scope, tid)))
            .filter_map(|t| {
                let (seq, exchange) = t.announced.clone()?;
                let (origin, path) = t.announced_at.clone()?;
                let elsewhere = origin != here_origin
                    || matches!((&path, &here_path), (Some(a), Some(b)) if a != b);
                (seq < x.req_seq && elsewhere).then(|| OtherAgentTask {
                    seq,
                    exchange,
                    origin,
                    path,
                    context_id: t.context_id.clone(),
                    last: t.last.filter(|(_, s)| *s < x.req_seq).map(|(st, _)| st),
                })
            })
            .min_by_key(|c| c.seq)
    }

    /// ID-TASK-006 (ID-001, TASK-009; review24b R4) for client-leg send or GetTask /
    /// CancelTask `x` naming task
    /// `tid` (at `ptr` of its request) that another agent handed out, answered with success
    /// by this agent with task `res_id` in context `res_ctx` and state `res_state`. The
    /// same task answered (its id, the other agent's contextId, a state the task can be in
    /// next: anything after a non-terminal state, the same state after a terminal one) is
    /// one agent behind two hostnames sharing a task store: silent, and returns true (the
    /// task was handed out, so ID-TASK-004's note does not apply). Another task (other id,
    /// other context, a terminal task changed) is the client's mix-up: warned, false.
    /// `None` when no other agent handed `tid` out.
    pub(super) fn other_agent_task_answered(
        &mut self,
        x: &Exch,
        tid: &str,
        ptr: &str,
        (res_id, res_ctx, res_state): (&str, Option<&str>, Option<TaskState>),
    ) -> Option<bool> {
        if x.leg.is_some() {
            return None;
        }
        let o = self.other_agent_task(x, tid)?;
        let ctx_same = match (o.context_id.as_deref(), res_ctx) {
            (Some(a), Some(b)) => a == b,
            _ => true,
        };
        let state_sensible = match (o.last, res_state) {
            (Some(prev), Some(now)) if prev.is_terminal() => prev == now,
            _ => true,
        };
        if res_id == tid && ctx_same && state_sensible {
            return Some(true);
        }
        let why = if res_id != tid {
            format!("answered with another task, {res_id}")
        } else if !ctx_same {
            format!(
                "answered under that task id in another context, {}, not the other agent's {}",
                res_ctx.unwrap_or_default(),
                o.context_id.as_deref().unwrap_or_default()
            )
        } else {
            format!(
                "answered that task id in {} although the other agent had reported it {}, a terminal state that never changes",
                res_state.map_or("another state", |s| x.state_term(s)),
                o.last.map_or("finished", |s| x.state_term(s))
            )
        };
        let there = format!("{}{}", o.origin, o.path.as_deref().unwrap_or(""));
        let here = x
            .endpoint()
            .map(|(h, p)| format!("{h}{}", p.as_deref().unwrap_or("")))
            .unwrap_or_default();
        let call = x
            .call
            .as_ref()
            .and_then(|c| c.call_term())
            .unwrap_or_else(|| "a send".into());
        self.areas.insert("id");
        self.find(
            &r::ID_TASK_FROM_OTHER_AGENT,
            format!(
                "client named task {tid} in its {call} to the agent at {here}, but that task id was handed out by another agent, at {there}, and this agent {why}: it is not the same task, so the client mixed up whose task it is (an agent behind two hostnames that shares one task store answers the same task, in the same context); an orchestrator keeps each remote agent's taskId and contextId apart and opens work at another agent with a message without taskId"
            ),
            vec![
                x.ev_at(x.req_ev_seq(), ptr, Some(Value::String(tid.into()))),
                Evidence {
                    seq: o.seq,
                    exchange: Some(o.exchange),
                    pointer: None,
                    found: Some(Value::String(tid.into())),
                },
                x.ev(x.body_seq()),
            ],
            &x.leg,
        );
        Some(false)
    }

    /// DATA-URL-001 (DATA-004; breaker23 U01-U03): the first file part url of result `res`
    /// (at JSON Pointer `base` of body event `bseq`) on a loopback, private, link-local or
    /// cluster-internal host, in an answer on the client leg from a public host: a file the
    /// client cannot fetch. Once per exchange.
    pub(super) fn part_url_internal(&mut self, x: &Exch, res: &Json, base: &str, bseq: u64) {
        let Some(res) = res.as_object() else { return };
        if let Some((msg, ev)) = part_url_internal_finding(x, self.behind_hop(x), res, base, bseq) {
            self.find(&r::PART_URL_INTERNAL, msg, vec![ev], &x.leg);
        }
    }
}

/// DATA-URL-001's message and evidence for result or stream event `res` (at JSON Pointer
/// `base` of body event `bseq`) of exchange `x` ([`State::part_url_internal`]); `None`
/// when no file part url of it is on an internal host, or `x` is not a client-leg answer
/// from a public host (`behind_hop`: [`State::behind_hop`]; the host is the one the client
/// addressed, [`Exch::addressed_parts`]).
pub(super) fn part_url_internal_finding(
    x: &Exch,
    behind_hop: bool,
    res: &Obj,
    base: &str,
    bseq: u64,
) -> Option<(String, Evidence)> {
    {
        let addressed = x.addressed_parts();
        if behind_hop
            || !addressed
                .as_ref()
                .is_some_and(|p| host_class(&p.host) == HostClass::Public)
        {
            return None;
        }
        // A url the client's own request carried (an echoed input file) is one the client
        // handed over itself, not one the agent gave it (review23a R1).
        let req = x.req_decoded().unwrap_or_default();
        let mut found = None;
        internal_part_url_in(res, &mut base.to_string(), 0, &req, &mut found);
        let (ptr, url, hc, host) = found?;
        let at = addressed
            .as_ref()
            .map(|p| p.host.clone())
            .unwrap_or_default();
        Some((
            format!(
                "the client reached the agent at {at}, but a file part of the answer points at {url}, on {} ({host}): the client cannot fetch that file",
                hc.describe()
            ),
            x.ev_at(bseq, &ptr, Some(Value::String(url))),
        ))
    }
}

impl State {
    /// ID-TASK-007 (ERR-002, ERR-001, ERR-003): the answer to the prober's task read of a
    /// task id it minted at random (request header `A2A-Interop-Probe: unknown-task`,
    /// [`crate::model::PROBE_UNKNOWN_TASK`]): no agent can know that id, so the one right
    /// answer is TaskNotFoundError: JSON-RPC `error.code` -32001; HTTP+JSON an error whose
    /// ErrorInfo reason is TASK_NOT_FOUND, or HTTP 404 without a reason, or (0.3 routes)
    /// the 0.3 error object with code -32001. A task result or any other error is told.
    /// Not judged: a synthetic answer, one that is no A2A answer at all (no JSON, or JSON
    /// with neither result nor error: the card's URL rules judge those, CARD-URL-002), a
    /// credentials refusal (401/403, AUTH-*) and a rate limiter's 429 / 503 with
    /// Retry-After. Passively (no mark) a -32603 to a task read may be a real failure, so
    /// nothing is said there. The same verdict in `probe` and in `verify` of its recording.
    pub(super) fn probe_unknown_task_answer(
        &mut self,
        x: &Exch,
        c: &Call,
        status: u16,
        json: Option<&Json>,
    ) {
        if !super::rpc_errors::probe_marked_answer(x, c, status, crate::model::PROBE_UNKNOWN_TASK) {
            return;
        }
        let Some(v) = json else { return };
        let name = |k: i64| {
            jsonrpc::code_name(k)
                .map(|n| format!(" {n}"))
                .unwrap_or_default()
        };
        // (what came, where in the body)
        let wrong: Option<(String, &str)> = match c.binding {
            Some(Binding::JsonRpc) => {
                let code = v
                    .get("error")
                    .and_then(|e| e.get("code"))
                    .and_then(Json::as_i64);
                match code {
                    Some(jsonrpc::TASK_NOT_FOUND) => None,
                    Some(k) => Some((format!("error {k}{}", name(k)), "/error/code")),
                    None if v.get("result").is_some() => {
                        Some(("a result, as if it held the task".into(), "/result"))
                    }
                    None => None,
                }
            }
            Some(Binding::Rest) if (200..300).contains(&status) => Some((
                format!("HTTP {status} with a body, as if it held the task"),
                "",
            )),
            Some(Binding::Rest) => {
                // 0.3 routes: the 0.3 error object; 1.0: google.rpc.Status with ErrorInfo
                let code03 = v.get("code").and_then(Json::as_i64).filter(|k| *k < 0);
                let err = v.get("error").filter(|e| e.is_object());
                let reason = err
                    .and_then(|e| e.get("details"))
                    .and_then(Json::as_array)
                    .and_then(|d| {
                        d.iter()
                            .find_map(|i| i.get("reason").and_then(Json::as_str))
                    });
                match (code03, err, reason) {
                    (Some(jsonrpc::TASK_NOT_FOUND), _, _) => None,
                    (Some(k), _, _) => {
                        Some((format!("HTTP {status} with error {k}{}", name(k)), "/code"))
                    }
                    (None, Some(_), Some("TASK_NOT_FOUND")) => None,
                    (None, Some(_), Some(r)) => Some((
                        format!("HTTP {status} with ErrorInfo reason {r}"),
                        "/error/details",
                    )),
                    (None, Some(_), None) if status == 404 => None,
                    (None, Some(_), None) => Some((format!("HTTP {status}"), "/error")),
                    (None, None, _) => None,
                }
            }
            Some(Binding::Grpc) | None => None,
        };
        let Some((what, ptr)) = wrong else { return };
        let want = if c.binding == Some(Binding::Rest) {
            "HTTP 404 TASK_NOT_FOUND"
        } else {
            "-32001 TaskNotFoundError"
        };
        // ERR-002 is a SHOULD before 1.0: a 0.x JSON-RPC error of another code is ID-TASK-008
        // (a result, as if the agent held the task, stays ID-TASK-007 on every version)
        let code_0x = c.binding == Some(Binding::JsonRpc)
            && ptr == "/error/code"
            && code_rule(c.dialect, jsonrpc::TASK_NOT_FOUND).id == r::RPC_ERROR_CODE_0X.id;
        let recommended =
            code_0x.then(|| code_recommended_words(c.dialect, jsonrpc::TASK_NOT_FOUND));
        let at = x.ev_at(x.body_seq(), ptr, None);
        self.probe_unknown_task_told(x, c, &what, want, recommended, at);
    }

    /// ID-TASK-007 / ID-TASK-008 over gRPC (left59 item 5; ERR-002, ERR-005): the prober's
    /// marked task read of its random id ([`Self::probe_unknown_task_answer`]) ended with
    /// gRPC status `code` (ErrorInfo `reason`, if any; the status at event `seq`, or for OK
    /// the response message there). NOT_FOUND without a reason or with TASK_NOT_FOUND is
    /// the one right answer; OK with a task and any other status are told (INTERNAL or
    /// UNKNOWN from a failed lookup above all). Not judged: a credentials refusal
    /// (UNAUTHENTICATED, PERMISSION_DENIED), a limiter's RESOURCE_EXHAUSTED or UNAVAILABLE
    /// (HTTP's 429 / 503), and UNIMPLEMENTED without a reason (the method missing,
    /// GRPC-METHOD-001's, no answer about the task). On 0.3, whose spec gives gRPC no
    /// table of codes, an error status is ID-TASK-008's warning, as a 0.x JSON-RPC code is.
    pub(super) fn probe_unknown_task_grpc(
        &mut self,
        x: &Exch,
        c: &Call,
        code: u32,
        reason: Option<&str>,
        seq: u64,
    ) {
        if c.binding != Some(Binding::Grpc)
            || matches!(code, 7 | 8 | 14 | 16)
            || (code == 12 && reason.is_none())
            || !super::rpc_errors::probe_marked_answer(
                x,
                c,
                x.status.unwrap_or(200),
                crate::model::PROBE_UNKNOWN_TASK,
            )
        {
            return;
        }
        let name = grpc::code_name(code);
        let what = match (code, reason) {
            (5, None) => return,
            // the agent named TaskNotFoundError in its ErrorInfo: the error is the right one,
            // a status code other than NOT_FOUND for it is GRPC-ERROR-001's (probe_grpc57's
            // g10-notfound-internal: INTERNAL + TASK_NOT_FOUND), not an unknown id misanswered
            (_, Some("TASK_NOT_FOUND")) => return,
            (0, _) => "OK and a response message, as if it held the task".to_string(),
            (_, Some(r)) => format!("{name} ({code}) with ErrorInfo reason {r}"),
            (_, None) => format!("{name} ({code})"),
        };
        let recommended = (code != 0 && c.dialect.is_some_and(Dialect::is_0x))
            .then(|| super::grpc_calls::V03_GRPC_WORDS.to_string());
        let at = if code == 0 {
            x.ev(seq)
        } else {
            x.ev_at(seq, "", Some(serde_json::json!({"grpc-status": code})))
        };
        let want = "NOT_FOUND with ErrorInfo reason TASK_NOT_FOUND (TaskNotFoundError)";
        self.probe_unknown_task_told(x, c, &what, want, recommended, at);
    }

    /// The finding of [`Self::probe_unknown_task_answer`] and
    /// [`Self::probe_unknown_task_grpc`]: the agent answered the prober's marked read of its
    /// random task id with `what` instead of `want` (TaskNotFoundError in the binding's
    /// form), `at` the answer. `recommended`: the words saying the version only recommends
    /// the code (0.x, ERR-002 a SHOULD), which make it ID-TASK-008's warning; `None`:
    /// ID-TASK-007's error.
    fn probe_unknown_task_told(
        &mut self,
        x: &Exch,
        c: &Call,
        what: &str,
        want: &str,
        recommended: Option<String>,
        at: Evidence,
    ) {
        // the id area: the answer to a task id no agent can know is judged
        self.areas.insert("id");
        let id = c.task_id().map(|s| format!(" {s:?}")).unwrap_or_default();
        let op = c.op_term("task read").to_string();
        let (rule, recommended) = match recommended {
            Some(words) => (&r::ID_UNKNOWN_TASK_MISANSWERED_0X, words),
            None => (&r::ID_UNKNOWN_TASK_MISANSWERED, String::new()),
        };
        self.find(
            rule,
            format!(
                "agent answered {op} of task id{id}, a random id the prober minted and never sent before (marked A2A-Interop-Probe: unknown-task), with {what} instead of {want}{recommended}"
            ),
            vec![x.ev(x.req_ev_seq()), at],
            &x.leg,
        );
    }
}

/// What the client's call `c` (exchange `x`, whose answer shows task key `key` in terminal
/// state `st`) did to the task, if it is a call the agent carried out on a task still live:
/// a message naming the task (`"follow-up message"`, any send: the answer is its result)
/// or a cancel of it answered canceled (`"cancel"`). `None` for a read (GetTask, ListTasks,
/// a subscription, a push), which shows the state without causing it. Used by
/// [`Verifier::interrupted_refusal_settled`] (TASK-001, TASK-002, TASK-003).
fn client_ended_task(c: &Call, st: TaskState, key: &str, x: &Exch) -> Option<&'static str> {
    match c.op? {
        Op::SendMessage | Op::SendStreamingMessage => message_task_id(c)
            .is_some_and(|t| x.tkey(&t) == key)
            .then_some("follow-up message"),
        Op::CancelTask => (st == TaskState::Canceled
            && c.task_id().is_some_and(|t| x.tkey(t) == key))
        .then_some("cancel"),
        _ => None,
    }
}

/// left60 (field case f1322, TASK-004): the not-found words of `x`'s JSON-RPC answer to a
/// GetTask / CancelTask / SubscribeToTask that sent task `tid` in its params, when they
/// name no task id: the words say the task is missing, do not name `tid`, and end at an
/// empty id (`"Task not found: "`, `"task '' not found"`) or name None / null / undefined /
/// nil (`"task None not found"`) where an id goes. The quoted words and the member the call
/// sent the id in (`params.id`). `None` otherwise (words that name `tid` or another id keep
/// the lost task's words: the agent read the id).
fn lookup_named_no_id(x: &Exch, tid: &str) -> Option<(String, String)> {
    let c = x.call.as_ref()?;
    if c.binding != Some(Binding::JsonRpc)
        || !matches!(
            c.op,
            Some(Op::GetTask) | Some(Op::CancelTask) | Some(Op::SubscribeToTask)
        )
        || c.route_task.is_some()
    {
        return None;
    }
    let member = ["id", "taskId"]
        .into_iter()
        .find(|k| c.params.get(k).and_then(Json::as_str) == Some(tid))?;
    let body = x.resp_decoded()?;
    let v = Json::parse(&body).ok()?;
    let m = v.pointer("/error/message").and_then(Json::as_str)?;
    let lower = m.to_lowercase();
    if lower.contains(&tid.to_lowercase()) || !super::super::wording::says_task_missing(m, None) {
        return None;
    }
    let t = lower.trim_end();
    let empty = t.ends_with(':') || ["''", "\"\"", "``"].iter().any(|q| lower.contains(q));
    let placeholder = lower
        .split(|ch: char| !ch.is_alphanumeric())
        .any(|w| matches!(w, "none" | "null" | "undefined" | "nil"));
    (empty || placeholder).then(|| (format!("{m:?}"), format!("params.{member}")))
}

//! Calls that follow earlier ones: delegated outcomes, follow-ups to known tasks, JSON-RPC batches.

use super::*;

impl State {
    /// TASK-STATE-014, the delegate's side: keeps a send's answered task that ended
    /// failed, rejected, canceled, input-required or auth-required, with its status
    /// message, for [`Self::delegate_outcome_relayed`] to compare an orchestrator's result
    /// with.
    pub(super) fn note_delegate_outcome(&mut self, x: &Exch, st: TaskState, answer: &Json) {
        if !delegate_outcome_state(st) {
            return;
        }
        let Some(t) = answer_task(answer) else {
            return;
        };
        let text = t
            .pointer("/status/message")
            .map(parts_texts)
            .unwrap_or_default();
        let task_id = t.get("id").and_then(Json::as_str).unwrap_or("").to_string();
        self.keep_delegate_outcome(x, st, task_id, text, x.resp_seq);
    }

    /// TASK-STATE-014 (TASK-008; breaker50 early-complete): a status update of send stream
    /// `x` (task `tid`, event `seq`); `note`: its state and status message text when the
    /// state is submitted or working, or one a delegate must not be reported completed in
    /// (`delegate_outcome_state`: failed, rejected, canceled, input-required, auth-required).
    /// The stream's outcome kept before is dropped (its delegate moved on, or finished); the
    /// note's state with a message is kept as the stream's outcome at once, whatever is
    /// recorded first, the stream's end or the orchestrator's answer (race51). So an orchestrator
    /// that completes its own task with, word for word, the progress note of a delegate still
    /// working, or a delegate's failure whose stream it closed after answering, is told.
    pub(super) fn interim_delegate_outcome(
        &mut self,
        x: &Exch,
        note: Option<(TaskState, String)>,
        tid: Option<&str>,
        seq: u64,
    ) {
        if !self.delegate_outcomes.is_empty() {
            self.delegate_outcomes.retain(|d| d.x_id != *x.id);
        }
        if let Some((st, text)) = note {
            self.keep_delegate_outcome(x, st, tid.unwrap_or("").to_string(), text, seq);
        }
    }

    /// Keeps one delegate outcome ([`DelegateOutcome`]) of exchange `x`: task `task_id`
    /// ended `st` with status message `text`, told at `seq`. Texts shorter than
    /// [`DELEGATE_TEXT_MIN`] characters (a progress note of a task still submitted or
    /// working: [`DELEGATE_NOTE_MIN`]) are not kept.
    pub(super) fn keep_delegate_outcome(
        &mut self,
        x: &Exch,
        st: TaskState,
        task_id: String,
        text: String,
        seq: u64,
    ) {
        let min = if matches!(st, TaskState::Submitted | TaskState::Working) {
            DELEGATE_NOTE_MIN
        } else {
            DELEGATE_TEXT_MIN
        };
        if text.chars().count() < min || x.synthetic {
            return;
        }
        let Some(origin) = x.origin.clone() else {
            return;
        };
        if self.delegate_outcomes.len() >= MAX_DELEGATE_OUTCOMES {
            self.delegate_outcomes.pop_front();
        }
        let (ask_text, ask) = ask_kept(call_ask_text(x));
        self.delegate_outcomes.push_back(DelegateOutcome {
            x_id: str::to_string(&x.id),
            origin,
            url: x.named_url.clone().unwrap_or_else(|| x.url.clone()),
            req_t: x.req_t,
            end_t: x.end_t.max(x.req_t),
            state: st,
            state_term: x.state_term(st),
            task_id,
            text,
            seq,
            ask_text,
            ask,
            trace: trace_id(x),
        });
    }

    /// TASK-STATE-014 (TASK-008): agent `x` completed its task `tid` with result text
    /// `result` (its artifacts' and status message's text), and a send it made itself, to
    /// another agent (another origin) and inside `x`'s own call (asked after `x` was,
    /// answered before `x` ended; tied to `x`'s call by its trace id or its ask,
    /// [`delegate_call_tied`], not by the time window alone: review28a R7), ended failed, rejected, canceled, input-required or
    /// auth-required with a status message that `result` is, word for word (whitespace
    /// aside): the orchestrator handed its client a delegate's failure or question as its
    /// own completed work. A result that adds work of its own beside the delegate's words
    /// (a fallback it ran) is not judged. Evidence at `seq`, the completed answer.
    pub(super) fn delegate_outcome_relayed(&mut self, x: &Exch, tid: &str, result: &str, seq: u64) {
        if self.delegate_outcomes.is_empty() || x.synthetic {
            return;
        }
        let Some(origin) = x.origin.as_deref() else {
            return;
        };
        let Some(d) = relayed_outcome(&self.delegate_outcomes, x, origin, result) else {
            return;
        };
        let here = x.named_url.clone().unwrap_or_else(|| x.url.clone());
        let unfinished = matches!(d.state, TaskState::Submitted | TaskState::Working);
        let what = match d.state {
            TaskState::Submitted | TaskState::Working => {
                "the delegate's progress note while its work was still under way, not its result; complete only once the delegate's task completed (relay its artifacts), and keep your task working until then"
            }
            TaskState::InputRequired | TaskState::AuthRequired => {
                "a question the delegate asked; your task should ask it too (input-required or auth-required) and continue the delegate's task with the answer"
            }
            _ => "the delegate's reason for not doing the work; your task should end failed (or rejected, canceled), with that reason in its status.message",
        };
        let shown: String = d.text.chars().take(160).collect();
        let more = if d.text.chars().count() > 160 {
            "..."
        } else {
            ""
        };
        let done = x.state_term(TaskState::Completed);
        let how = if unfinished {
            format!("which was still {} when this task completed", d.state_term)
        } else {
            format!("which ended {} while this call was open", d.state_term)
        };
        let msg = format!(
            "the agent at {here} ended its task {tid} {done}, and its whole result is, word for word, the status message of task {} at {} (exchange {}), {how}: \"{shown}{more}\". An orchestrator's own task is what its client reads: {done} tells the client the work was done, but the text is {what}",
            d.task_id, d.url, d.x_id
        );
        let ev = vec![x.ev(seq), Evidence::event(d.seq, d.x_id.clone())];
        self.find(&r::TASK_DELEGATE_OUTCOME_RELAYED, msg, ev, &x.leg);
    }

    /// AUTH-FWD-001 (AUTH-001, AUTH-002; breaker50 auth-forward): call `x`, on a leg of
    /// its own (an orchestrator's call to its delegate; on a hop named `upstream` paired
    /// as a gateway's copy, held until the pair proves the front's own call:
    /// [`State::hold_for_pair`], left52), carries in a credential header (`Authorization`, `X-API-Key`, `Api-Key`,
    /// or a header either agent's card names for its scheme) the same value, of 8 bytes or
    /// more (a redacted value's keyed tag compares alike), that a client-leg call to an
    /// agent at another origin, asked before `x` and still open when `x` was answered,
    /// carried, and `x` is no copy of that call ([`same_call`]): the calling agent's
    /// client's credential passed on.
    pub(super) fn client_credential_forwarded(&mut self, x: &Exch) {
        let Some(here) = x.origin.as_deref() else {
            return;
        };
        let mut names: Vec<String> = ["authorization", "x-api-key", "api-key"]
            .iter()
            .map(|s| s.to_string())
            .collect();
        if let Some(card) = self.card_for(x) {
            names.extend(card.view.credential_headers.iter().cloned());
        }
        let carried: Vec<(String, String)> = names
            .into_iter()
            .filter_map(|n| {
                let v = x.req_headers.get(&n).map(|v| v.trim().to_string())?;
                (v.len() >= 8).then_some((n, v))
            })
            .collect();
        if carried.is_empty() {
            return;
        }
        let mut hit: Option<(String, String, String, u64)> = None;
        for id in self.open.keys() {
            let Some(y) = self.open.get(id) else {
                continue;
            };
            // the client-facing call the agent serves: `interop`'s two directions are
            // two named legs, each the tool's own calls with credentials the user gave
            if y.id == x.id
                || y.leg.is_some()
                || y.req_seq >= x.req_seq
                || y.origin.as_deref().is_none_or(|o| o == here)
                || y.call.as_ref().is_some_and(|c| c.webhook)
            {
                continue;
            }
            // a gateway's copy of that call on a named leg (a balancer's replica leg): the
            // same message (messageId) or the same params, passed on, not a call of its own
            if same_call(x, y) {
                continue;
            }
            let mut theirs: Vec<String> = Vec::new();
            if let Some(card) = self.card_for(y) {
                theirs.extend(card.view.credential_headers.iter().cloned());
            }
            let same = carried.iter().find(|(n, v)| {
                y.req_headers.get(n).map(|w| w.trim()) == Some(v.as_str())
                    || theirs
                        .iter()
                        .any(|t| y.req_headers.get(t).map(|w| w.trim()) == Some(v.as_str()))
            });
            if let Some((n, _)) = same {
                let there = y.named_url.clone().unwrap_or_else(|| y.url.clone());
                hit = Some((n.clone(), there, y.id.to_string(), y.req_ev_seq()));
                break;
            }
        }
        let Some((name, there, yid, yseq)) = hit else {
            return;
        };
        let to = x.named_url.clone().unwrap_or_else(|| x.url.clone());
        let leg = x.leg.as_deref().unwrap_or("");
        let call = x
            .call
            .as_ref()
            .and_then(|c| c.call_term())
            .unwrap_or_else(|| x.method.clone());
        self.areas.insert("auth");
        let mut f = Finding::new(
            &r::AUTH_CREDENTIAL_FORWARDED,
            format!(
                "the {call} to the agent at {to} (leg {leg}) carries in its {name} header the very credential a client sent to the agent at {there} in a call still open: the calling agent passed its client's token on to the agent it delegates to, who can now act as that client; authenticate to each agent with credentials of your own for it, or exchange the token for one scoped to that agent (RFC 8693)"
            ),
        );
        f.evidence = vec![x.ev(x.req_ev_seq()), Evidence::event(yseq, yid)];
        f.leg = x.leg.clone();
        // left52: on a hop named `upstream` paired as a gateway's copy, told only when the
        // pair proves the front's own call
        let pair = self.upstream_pair(x);
        self.hold_for_pair(pair, PairTell::FrontOwn, f);
    }

    /// Rules shared by every answered exchange after its body is judged.
    /// `answer`: the parsed answer when the caller has it (a JSON-RPC `result`, an HTTP+JSON
    /// body), so that no rule parses the body again.
    pub(super) fn after_response(
        &mut self,
        x: &Exch,
        result_task: Option<(&str, Option<&str>, Option<TaskState>)>,
        answer: Option<&Json>,
    ) {
        let who = self.sender(x).noun();
        let c = x.call.clone().unwrap_or_default();
        // left56: a JSON-RPC call answered 2xx with a text/plain page got no JSON-RPC
        // response, so no result: it was not served (RPC-ENVELOPE-001 tells the page; a
        // message to a finished task refused so is no "accepted" one, TASK-STATE-002).
        let plain_page = c.binding == Some(Binding::JsonRpc)
            && x.resp_media()
                .is_some_and(|m| m.eq_ignore_ascii_case("text/plain"));
        let success = x.is_success() && !self.answer_is_error(x) && !plain_page;
        if success && !x.synthetic {
            self.card_shown_v02(x, &c);
            if let Some(t) = x.other_tenant.as_deref() {
                self.other_tenants_call_served(x, &c, t);
            }
            // AUTH-SCOPE-003 / -004 for a push config call (review33 Q9): its answer shows
            // no task, so the task it names is judged here.
            if let Some(id) = c.op.filter(|o| o.is_push_config()).and_then(|_| {
                c.route_task
                    .as_deref()
                    .or_else(|| c.params.get("taskId").and_then(Json::as_str))
                    .or_else(|| c.params.get("id").and_then(Json::as_str))
            }) {
                let id = id.to_string();
                let caller = self.caller_of(x);
                self.task_served_to_other_caller(&x.tkey(&id), &id, caller, x.body_seq(), x, &"");
            }
        }
        // TASK-STATE-014: a delegate's unfinished or failed task, or an orchestrator's
        // completed one that may repeat it.
        if success && !x.synthetic && c.op == Some(Op::SendMessage) {
            if let (Some((tid, _, Some(st))), Some(a)) = (result_task, answer) {
                if st != TaskState::Completed {
                    self.note_delegate_outcome(x, st, a);
                } else if !self.delegate_outcomes.is_empty() {
                    if let Some(t) = answer_task(a) {
                        let mut text: Vec<String> = t
                            .get("artifacts")
                            .and_then(Json::as_array)
                            .map(|v| v.iter().map(parts_texts).collect())
                            .unwrap_or_default();
                        if let Some(m) = t.pointer("/status/message") {
                            text.push(parts_texts(m));
                        }
                        self.delegate_outcome_relayed(x, tid, &text.join("\n"), x.resp_seq);
                    }
                }
            }
        }
        if !self.gw_ctx_added.is_empty() {
            self.resolve_ctx_added(x, success);
        }
        if x.leg.is_some() && !c.webhook && !x.synthetic {
            self.client_credential_forwarded(x);
        }
        if c.misnamed.is_some() {
            self.method_name_wrong_case(x, &c, success);
        } else if !success && c.op.is_none() {
            self.card_method_invented(x, &c);
            self.draft_method_called(x, &c);
        }
        if c.wrong_case_path.is_some() {
            self.path_wrong_case(x, &c, success);
        }
        if !c.webhook && c.binding.is_some() {
            self.card_credential_published(x);
        }
        // ERR-001 / RPC-002: an A2A call without id (a notification; RPC-REQ-001 names the
        // client) answered with a result. A2A calls need an id, so the agent rejects it
        // with -32600 (the 0.3 TCK's notification test); JSON-RPC 2.0 §4.1 forbids
        // answering a notification with a result.
        if let (
            true,
            Some(RequestParse::Request {
                id: None, method, ..
            }),
            Some(_),
        ) = (success, &c.rpc, c.op)
        {
            if !c.webhook && (x.sse.is_some() || !x.body.as_slice().is_empty()) {
                self.find(
                    &r::RPC_ERROR_CODE,
                    format!("agent answered the client's {method} notification (a call without id) with a result instead of rejecting it with -32600 Invalid Request"),
                    vec![x.ev(x.req_ev_seq()), x.ev(x.body_seq())],
                    &x.leg,
                );
            }
        }
        // RPC-001 / REST-003 / REST-001: the binding's own media type refused with 415.
        if x.status == Some(415) && !c.webhook && !x.synthetic {
            self.media_type_refused(x, &c);
        }
        // RPC-001 / RPC-002 / REST-003 / RPC-005: an Accept that admits the binding's answer
        // refused with 406 (HTTP-MEDIA-007).
        if x.status == Some(406) && !c.webhook && !x.synthetic {
            self.accept_refused(x, &c);
        }
        // RPC-001 / REST-003 / REST-001: the client's body under a non-JSON media type.
        if !c.webhook && !x.synthetic && c.op.is_some() {
            self.request_media_type(x, &c);
        }
        // REST-001: an HTTP+JSON operation requested under another HTTP method than its
        // route's: the client's call whatever the answer, and the agent's routing when it
        // executed the call. A refusal (405, 404, 501, any 4xx) is the agent's right answer
        // but leaves the client's call unexplained (breaker21 B11).
        let refused = !success
            && x.status
                .is_some_and(|s| (400..500).contains(&s) || s == 501);
        if (success || refused) && !c.webhook && !x.synthetic && c.binding == Some(Binding::Rest) {
            self.rest_wrong_verb(x, &c, success);
        }
        // RPC-001 (A2A params are named objects): params by position or a scalar, from the
        // client; processed instead of refused with -32602, by the agent.
        if c.binding == Some(Binding::JsonRpc) && c.op.is_some() && !c.webhook {
            if let Some(RequestParse::Request {
                method,
                id: Some(_),
                ..
            }) = &c.rpc
            {
                if let Some(what) = c.params_not_object() {
                    let at = x.ev_at(
                        x.req_ev_seq(),
                        "/params",
                        Some(excerpt_value(c.params.json())),
                    );
                    self.find(
                        &r::RPC_REQUEST_PARAMS_NOT_OBJECT,
                        format!("{who}'s {method} call passes params as {what} instead of the method's params object"),
                        vec![at.clone()],
                        &x.leg,
                    );
                    if success {
                        self.find(
                            &r::RPC_ERROR_CODE,
                            format!("agent processed the client's {method} call whose params are {what} instead of rejecting it with -32602 Invalid params"),
                            vec![at, x.ev(x.body_seq())],
                            &x.leg,
                        );
                    }
                }
            }
        }
        // REST-001 (mine31b f700, a2a-go #380): the body of an HTTP+JSON POST route is the
        // operation's request object; JSON that is none is the client's fault as JSON-RPC
        // params that are none are (RPC-REQ-005), whatever the agent answered.
        if c.op.is_some() && !c.webhook && !x.synthetic {
            if let Some(what) = x.rest_body_not_object(&c) {
                let op = c.op_term(c.op.map_or("", Op::name)).to_string();
                let path = x.path.split('?').next().unwrap_or(&x.path);
                // a 0.x call is already named by its request line
                let call = if op.starts_with("POST ") {
                    format!("{op} call")
                } else {
                    format!("{op} call (POST {path})")
                };
                self.find(
                    &r::RPC_REQUEST_PARAMS_NOT_OBJECT,
                    format!(
                        "{who}'s {call} sends {what} as its body instead of the operation's request object ({{}} when the path names everything)"
                    ),
                    vec![x.ev_at(x.req_ev_seq(), "", Some(excerpt_value(c.params.json())))],
                    &x.leg,
                );
            }
        }
        // ERR-006 / DATA-003 / PUSH-002: a push config without url accepted.
        if success && !c.webhook {
            if let Some(ptr) = push_config_without_url_lenient(&c) {
                let mut f = Finding::new(
                    &r::DATA_PARAM_ACCEPTED,
                    format!(
                        "agent accepted {} with a push notification config without url instead of refusing it{}",
                        c.op_term("a call"),
                        create_config_wrapped(&c)
                    ),
                );
                f.spec = vec!["PUSH-002".into(), "ERR-006".into(), "DATA-003".into()];
                f.help = "validate a push notification config before storing it: url is required (PUSH-002), so refuse a config without one with -32602 InvalidParams (HTTP 400) instead of accepting a webhook that can never be called".into();
                f.evidence = vec![x.ev_at(x.req_ev_seq(), &ptr, None), x.ev(x.body_seq())];
                f.leg = x.leg.clone();
                self.emit(f);
            }
        }
        // left58 item 6 (ERR-006, PUSH-002, DATA-003): a 1.0 push config whose
        // authentication is no AuthenticationInfo object with its scheme (PHP's empty array
        // `[]` above all) accepted: 1.0 validates input first and refuses it -32602.
        if success && !c.webhook {
            if let Some((ptr, what)) = push_config_authentication_invalid(&c) {
                let mut f = Finding::new(
                    &r::DATA_PARAM_ACCEPTED,
                    format!(
                        "agent accepted {} with a push notification config whose authentication is {what} instead of refusing it: authentication, when present, is an AuthenticationInfo object whose scheme is REQUIRED (PUSH-002), and a 1.0 agent validates input first (ERR-006), so it answers -32602 InvalidParams (HTTP 400 INVALID_ARGUMENT)",
                        c.op_term("a call"),
                    ),
                );
                f.spec = vec!["PUSH-002".into(), "ERR-006".into(), "DATA-003".into()];
                f.help = "validate a push notification config before storing it: refuse an authentication that is not an object with a scheme (a client's [] from PHP's json_encode, a bare string) with -32602 InvalidParams (HTTP 400), instead of storing credentials the agent cannot send with any notification".into();
                f.evidence = vec![x.ev_at(x.req_ev_seq(), &ptr, None), x.ev(x.body_seq())];
                f.leg = x.leg.clone();
                self.emit(f);
            }
        }
        // ERR-006 / DATA-004 (a2a-js #643, A2A #2087; field case f945): a 1.0 send whose
        // message part sets several content members, or none, accepted.
        if success && !c.webhook {
            if let Some((i, set)) = send_part_content_accepted_fault(&c) {
                let what = if set.is_empty() {
                    "no content member (none of text, raw, url, data), and the agent went on with a part that carries nothing".to_string()
                } else {
                    format!(
                        "{} at once: a ProtoJSON parser refuses two members of one oneof, so the agent kept one and dropped the rest without a word, and which one depends on its decoder",
                        set.join(" and ")
                    )
                };
                let ptr = format!("{}/message/parts/{i}", c.params_base());
                let mut f = Finding::new(
                    &r::DATA_PARAM_ACCEPTED,
                    format!(
                        "agent accepted {} whose message part {i} sets {what}; a Part's content is a oneof (DATA-004: exactly one of text, raw, url, data), so the request lacks a REQUIRED field and is refused with InvalidParams (ERR-006)",
                        c.op_term("a send"),
                    ),
                );
                f.spec = vec!["DATA-004".into(), "ERR-006".into(), "DATA-003".into()];
                f.help = "validate the message first: refuse a part that sets no content member, or more than one of text, raw, url and data, with -32602 InvalidParams (HTTP+JSON 400 INVALID_ARGUMENT; gRPC INVALID_ARGUMENT), as a ProtoJSON parser does for two members of one oneof, instead of working on a part the client did not send as such".into();
                f.evidence = vec![x.ev_at(x.req_ev_seq(), &ptr, None), x.ev(x.body_seq())];
                f.leg = x.leg.clone();
                self.emit(f);
            }
        }
        if success && c.op == Some(Op::DeletePushConfig) {
            self.note_push_config_deleted(x, &c);
        }
        // ERR-006 (breaker15a Q14): a malformed 1.0 GetTask / ListTasks query parameter
        // answered HTTP 500 on HTTP+JSON: the handler ran on it instead of refusing it.
        if x.status == Some(500)
            && c.binding == Some(Binding::Rest)
            && c.dialect == Some(Dialect::V1_0)
            && !c.webhook
        {
            self.invalid_param_crashed(x, &c, x.body_seq(), "");
        }
        // Malformed 1.0 GetTask / ListTasks parameter accepted (REST-001, ERR-006;
        // a2a-java #639: a Unix epoch as statusTimestampAfter).
        if success && c.dialect == Some(Dialect::V1_0) {
            if let Some((name, found, why, ptr)) = invalid_task_query_param(&c, &x.url) {
                self.find(
                    &r::DATA_PARAM_ACCEPTED,
                    format!(
                        "agent accepted {name} {}, which is not {why}, instead of refusing it",
                        shown_param(&c, name, &found)
                    ),
                    vec![
                        x.ev_at(
                            x.req_ev_seq(),
                            ptr.as_deref().unwrap_or(""),
                            Some(Value::String(found.clone())),
                        ),
                        x.ev(x.resp_seq),
                    ],
                    &x.leg,
                );
            }
        }
        // Version header with an unsupported version accepted (VER-002).
        if let Some(hv) = c.header_version.as_deref() {
            // breaker32 V01-V05: one version repeated ("1.0, 1.0", two header lines
            // combined as RFC 9110 §5.3 does, as when a gateway adds the header the client
            // sent) asks for that version: an agent that applies it honours VER-002;
            // VER-HDR-003 tells the client. Two different versions stay unsupported.
            let hv = repeated_version(hv).unwrap_or(hv);
            if Dialect::from_version(hv).is_none()
                && success
                && c.binding.is_some()
                && c.op.is_some_and(Op::is_task_op)
            {
                // A value with quotes, spaces or separators is shown quoted, so that
                // `"1.0"` sent with its quotes does not read as 1.0 (breaker23 V06).
                let shown = if hv.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'.') {
                    hv.to_string()
                } else {
                    format!("{hv:?}")
                };
                self.find(
                    &r::VER_NOT_ENFORCED,
                    format!(
                        "{} {shown} was processed instead of rejected with VersionNotSupportedError{}",
                        version_asked_as(x, &c),
                        refusal_for_binding(&c)
                    ),
                    vec![
                        x.ev_at(x.req_seq, "", Some(Value::String(hv.into()))),
                        x.ev(x.resp_seq),
                    ],
                    &x.leg,
                );
            } else if success {
                self.version_not_offered(x, &c, hv);
            }
        } else if success {
            self.headerless_1_0_call_served(x, &c);
        }
        if success {
            self.implicit_0x_served_as_1_0(x, &c, answer);
            self.v0_method_under_1_0_served(x, &c, answer);
        }
        // Auth: card declares security, task op without credentials succeeded (AUTH-002),
        // or a CancelTask without them was answered TaskNotCancelableError (session 44: the
        // agent looked the task up and told its state to a caller it never authenticated,
        // AUTH-002, TASK-009; the probe's anonymous cancel of its finished task).
        let processed = !success
            && !x.synthetic
            && c.op == Some(Op::CancelTask)
            && c.binding.is_some()
            && answered_not_cancelable(x);
        if (success || processed) && c.op.is_some_and(Op::is_task_op) && c.binding.is_some() {
            // AUTH-SCHEME-003 (left59 item 2, f1318): the client's side of a credential the
            // agent took from the URL's query, where no scheme of the card puts it
            self.client_credential_in_query_taken(x, &c);
            if let Some(card) = self.card_for(x).cloned() {
                let missing = if card.view.requires_auth && !card.view.invisible_auth {
                    credentials_missing(&card.view, x)
                } else {
                    None
                };
                if let Some(missing) = missing {
                    let origin = x.parts.as_ref().map(|p| p.origin()).unwrap_or_default();
                    if self.auth_reported.insert(origin) {
                        self.areas.insert("auth");
                        let declared: Vec<_> =
                            card.view.security_alternatives.iter().flatten().collect();
                        let stray = if missing.is_empty() && !declared.is_empty() {
                            stray_credentials(x, declared)
                        } else {
                            Vec::new()
                        };
                        let message = if !stray.is_empty() {
                            // breaker34 A01: served under a credential the card does not name
                            format!(
                                "request {} succeeded with only the {}, which no security scheme of the agent card names; the card asks for {}: the agent accepted a credential its card does not declare (AUTH-002): either it does not check the card's scheme at all, or the card does not say how it authenticates; refuse such a call with 401, or declare the scheme it accepts in securitySchemes",
                                c.op_term("request"),
                                stray.join(" and the "),
                                declared_credential_words(&card.view).join(", or ")
                            )
                        } else if missing.is_empty() && processed {
                            format!(
                                "request {} without credentials was processed although the card declares security: it was answered TaskNotCancelableError, which tells the caller the task exists and has ended, instead of HTTP 401",
                                c.op_term("request")
                            )
                        } else if missing.is_empty() {
                            format!(
                                "request {} without credentials succeeded although the card declares security",
                                c.op_term("request")
                            )
                        } else {
                            format!(
                                "request {} succeeded without the {} that the card's security requirement also needs (the schemes of one requirement are all required, AUTH-007): the agent checked only part of it",
                                c.op_term("request"),
                                missing.join(" and ")
                            )
                        };
                        self.find(
                            &r::AUTH_OPEN_ENDPOINT,
                            message,
                            vec![
                                Evidence::event(card.seq, card.exchange.clone()),
                                x.ev(x.req_seq),
                                x.ev(x.resp_seq),
                            ],
                            &x.leg,
                        );
                    }
                }
            }
        }
        // Push config accepted: capability and SSRF (PUSH-001, PUSH-006). Not for the
        // prober's own loopback webhook (marked with PROBE_NEGATIVE_HEADER: own-webhook).
        let own_webhook = x.probe_mark(crate::model::PROBE_OWN_WEBHOOK);
        if success {
            if let Some((ptr, url)) = push_url_of(&c) {
                // An IPv6 literal with a zone (RFC 6874) is no WHATWG URL, but an agent
                // that takes it reaches a link-local host all the same.
                let host = parse_url(&url)
                    .map(|u| u.host)
                    .or_else(|| crate::model::net::zoned_ipv6_host(&url));
                if let Some(host) = host {
                    let hc = host_class(&host);
                    // PUSH-006 guards against a webhook that reaches what the caller could
                    // not: a loopback webhook given by a client on loopback to an agent on
                    // loopback (a local test run) reaches nothing new (breaker17b V18).
                    let local_run = hc == HostClass::Loopback && self.local_test_run(x);
                    if hc.is_internal() && !own_webhook && !local_run {
                        self.find(
                            &r::PUSH_URL_PRIVATE,
                            format!(
                                "agent accepted a push notification url on {} ({})",
                                hc.describe(),
                                host
                            ),
                            vec![x.ev_at(x.req_ev_seq(), &ptr, Some(Value::String(url.clone())))],
                            &x.leg,
                        );
                    }
                }
                self.push_header_values_accepted(x, &c, &ptr);
                if c.op == Some(Op::CreatePushConfig) {
                    if let Some(card) = self.card_for(x).cloned() {
                        if card.view.push_notifications != Some(true)
                            && !self.extended_card_grants(x, false)
                        {
                            self.find(
                                &r::CAP_PUSH,
                                format!("agent accepted a push notification config although its card{} does not declare pushNotifications", self.card_among(x, &card)),
                                vec![Evidence { seq: card.seq, exchange: Some(card.exchange.clone()), pointer: Some("/capabilities/pushNotifications".into()), found: card.view.push_notifications.map(Value::Bool) }, x.ev(x.resp_seq)],
                                &x.leg,
                            );
                        }
                    }
                }
            }
        }
        // Follow-up messages (send or stream) naming a task.
        if matches!(c.op, Some(Op::SendMessage) | Some(Op::SendStreamingMessage)) {
            self.check_followup(x, success, result_task, answer);
        }
    }

    /// ID-004 / ID-001: an agent Message replying to a send (its result, or a message event
    /// of its stream) names a `taskId` that the request did not name and that this recording
    /// never saw the agent hand out before this message (`seq`; earlier in the same stream
    /// counts): agent messages carry a taskId only
    /// when that task exists. Returns the ID-TASK-004 note's message and evidence (a note:
    /// the task may predate the recording; breaker8 G14); `None` too when an exchange
    /// before it was not judged ([`State::unjudged_before`]: it may have handed the id out,
    /// ux41), the task then taken as handed out by this message.
    pub(super) fn agent_message_unknown_task(
        &mut self,
        x: &Exch,
        c: &Call,
        m: &Obj,
        ptr: &str,
        seq: u64,
    ) -> Option<(String, Vec<Evidence>)> {
        let role = m.get("role").and_then(Json::as_str).unwrap_or("");
        if role.eq_ignore_ascii_case("ROLE_USER") || role.eq_ignore_ascii_case("user") {
            return None;
        }
        let tid = str_member(m, "taskId", "task_id").filter(|t| !t.trim().is_empty())?;
        let named = params_message(c.params.json())
            .and_then(|q| str_member(q, "taskId", "task_id"))
            .is_some_and(|q| q == tid);
        // `<=`: a Task event and the message after it in one SSE chunk share the chunk's
        // seq (W3C SSE §9.2.4: a read may hold several events), and the Task handed the id
        // out first (mine54, verify_metamorphic49's sample moved onto f461 with its
        // sse-two-events-in-one-chunk re-encoding: ID-TASK-004 was told there; mine54b
        // found it too). A message before its Task in the chunk finds no announcement.
        let seen_before = self
            .task_of(x, tid)
            .and_then(|t| t.announced.as_ref())
            .is_some_and(|(s, _)| *s <= seq);
        if named || seen_before {
            return None;
        }
        // An exchange before this one whose answer was not judged (a body cut at the
        // capture cap, left out of a HAR file) may have handed the id out (ux41).
        let unread = self.unjudged_before(x.req_seq);
        self.areas.insert("id");
        // ID-004: an agent message carries a taskId only when that task exists, so the
        // message hands the id out; a later TaskNotFoundError for it is ID-TASK-001's.
        let key = x.tkey(tid);
        if !self.tasks.contains_key(&key) {
            self.admit_task(&key);
        }
        let caller = self.caller_of(x);
        let at = x.endpoint();
        let t = self.tasks.entry(key).or_default();
        if t.announced.is_none() {
            t.announced = Some((seq, str::to_string(&x.id)));
            t.announced_at = at;
            t.announced_dialect = x.call.as_ref().and_then(|c| c.dialect);
            t.named_by_message = Some(message_id_of(m));
            t.caller = caller;
        }
        if unread {
            return None;
        }
        Some((
            format!(
                "agent message {} names task {tid}, which this recording never saw the agent hand out: an agent message carries a taskId only when that task exists",
                message_id_of(m)
            ),
            vec![x.ev_at(
                seq,
                &jptr(ptr, &[Key("taskId")]),
                Some(Value::String(tid.to_string())),
            )],
        ))
    }

    /// ERR-006 (1.0 §3.3.2, "validate input first"): the 1.0 GetTask / ListTasks call of
    /// `x` carries a malformed parameter ([`invalid_task_query_param`]: a negative
    /// historyLength, a pageSize outside 1-100, ...) and the agent answered an internal
    /// error (HTTP+JSON `500 INTERNAL`, JSON-RPC -32603, gRPC status 13 INTERNAL) instead of
    /// refusing it with 400 INVALID_ARGUMENT / -32602 / INVALID_ARGUMENT: the handler ran
    /// on the value and failed. JSON-RPC is RPC-ERROR-001, HTTP+JSON and gRPC REST-HTTP-002.
    /// `bseq`/`ptr`: the answer's evidence.
    pub(super) fn invalid_param_crashed(&mut self, x: &Exch, c: &Call, bseq: u64, ptr: &str) {
        self.invalid_param_failed(x, c, bseq, ptr, jsonrpc::INTERNAL_ERROR);
    }

    /// [`Self::invalid_param_crashed`] for a JSON-RPC answer whose server-failure `code` is
    /// -32603 InternalError or (breaker26 E17) -32006 InvalidAgentResponseError, which 1.0
    /// maps to INTERNAL as well: either tells the client the agent failed, where the
    /// parameter was the client's fault. A malformed send's message is judged for -32603
    /// only ([`Self::malformed_send_crashed`]).
    pub(super) fn invalid_param_failed(
        &mut self,
        x: &Exch,
        c: &Call,
        bseq: u64,
        ptr: &str,
        code: i64,
    ) {
        let Some((name, found, why, at)) = invalid_task_query_param(c, &x.url) else {
            if code == jsonrpc::INTERNAL_ERROR {
                self.malformed_send_crashed(x, c, bseq, ptr);
            }
            return;
        };
        let op = c.op_term("the call");
        let (rule, answered, due) = if c.binding == Some(Binding::JsonRpc) {
            (
                &r::RPC_ERROR_CODE,
                if code == jsonrpc::INVALID_AGENT_RESPONSE {
                    "-32006 InvalidAgentResponseError"
                } else {
                    "-32603 InternalError"
                },
                "-32602 InvalidParamsError",
            )
        } else if c.binding == Some(Binding::Grpc) {
            (
                &r::REST_INVALID_PARAM_SERVER_ERROR,
                "grpc-status 13 INTERNAL",
                "grpc-status 3 INVALID_ARGUMENT",
            )
        } else {
            (
                &r::REST_INVALID_PARAM_SERVER_ERROR,
                "HTTP 500",
                "HTTP 400 INVALID_ARGUMENT",
            )
        };
        let mut f = Finding::new(
            rule,
            format!(
                "agent answered {op} whose {name} {} is not {why} with {answered} instead of refusing it with {due}: it ran the request on the value instead of validating it first",
                shown_param(c, name, &found)
            ),
        );
        if c.binding == Some(Binding::Grpc) {
            f.spec = vec!["ERR-006".into(), "GRPC-001".into()];
            f.help = "validate input first (1.0 §3.3.2): check every request field before running the method and refuse a malformed one with INVALID_ARGUMENT (a google.rpc.BadRequest detail naming the field helps the client); INTERNAL tells the client the agent failed, so it retries the same bad request".into();
        } else if c.binding == Some(Binding::JsonRpc) {
            f.spec = vec!["ERR-006".into(), "ERR-001".into()];
            f.help = "validate input first (1.0 §3.3.2): check every parameter before running the method and refuse a malformed one with -32602 InvalidParamsError; -32603 tells the client the agent failed, so it retries the same bad call".into();
        }
        f.evidence = vec![
            x.ev_at(
                x.req_ev_seq(),
                at.as_deref().unwrap_or(""),
                Some(Value::String(found)),
            ),
            x.ev_at(bseq, ptr, None),
        ];
        f.leg = x.leg.clone();
        self.emit(f);
    }

    /// ERR-006 (1.0 §3.3.2, "validate input first"; a2a-tck PR #98: `parts: []` answered
    /// -32603 "Parts cannot be empty"): the 1.0 send of `x` carries a message that lacks
    /// required content (recorded in [`State::malformed_sends`] by DATA-SHAPE-002) and the
    /// agent answered an internal error (JSON-RPC -32603, HTTP+JSON 500, gRPC INTERNAL)
    /// instead of refusing it with -32602 / 400 INVALID_ARGUMENT / INVALID_ARGUMENT: the
    /// agent noticed the fault (or failed on it) and reported its own failure, so the
    /// client retries the same bad message. JSON-RPC is RPC-ERROR-001, HTTP+JSON and gRPC
    /// REST-HTTP-002. Also called for a 0.x JSON-RPC send (mine44, a2a-dotnet PR #170: a
    /// part without kind answered -32603), judged by ERR-001 (JSON-RPC 2.0 §5.1, 0.3 §8.1)
    /// alone. `bseq`/`ptr`: the answer's evidence.
    pub(super) fn malformed_send_crashed(&mut self, x: &Exch, c: &Call, bseq: u64, ptr: &str) {
        if !matches!(c.op, Some(Op::SendMessage) | Some(Op::SendStreamingMessage)) {
            return;
        }
        let Some((_, at, problem)) = self.malformed_sends.iter().find(|m| *m.0 == *x.id).cloned()
        else {
            return;
        };
        let (rule, answered, due) = match c.binding {
            Some(Binding::JsonRpc) => (
                &r::RPC_ERROR_CODE,
                "-32603 InternalError",
                "-32602 InvalidParamsError",
            ),
            Some(Binding::Grpc) => (
                &r::REST_INVALID_PARAM_SERVER_ERROR,
                "grpc-status 13 INTERNAL",
                "grpc-status 3 INVALID_ARGUMENT",
            ),
            _ => (
                &r::REST_INVALID_PARAM_SERVER_ERROR,
                "HTTP 500",
                "HTTP 400 INVALID_ARGUMENT",
            ),
        };
        let mut f = Finding::new(
            rule,
            format!(
                "agent answered {} whose message is malformed ({problem}) with {answered} instead of refusing it with {due}: an invalid request is the client's fault, told by an invalid-params error, not an internal failure of the agent",
                c.op_term("the send")
            ),
        );
        if c.dialect.is_some_and(Dialect::is_0x) {
            // mine44 (a2a-dotnet PR #170): 0.x has no "validate input first" (ERR-006 is
            // 1.0's), but JSON-RPC 2.0 §5.1 and 0.3 §8.1 make invalid params -32602.
            f.spec = vec!["ERR-001".into()];
            f.help = "refuse a malformed message (no kind on the message or a part, no messageId, no role, no parts) with -32602 Invalid params (JSON-RPC 2.0 §5.1, 0.3 §8.1): check the message before running the agent, and when the SDK's deserializer throws on it, map that failure to -32602; -32603 tells the client the agent failed, so it retries the same bad message".into();
        } else {
            f.spec = vec!["ERR-006".into(), "ERR-001".into()];
            f.help = "validate input first (1.0 §3.3.2): check the message (messageId, role, at least one part with content) before running the agent and refuse a malformed one with -32602 InvalidParamsError (HTTP+JSON 400 INVALID_ARGUMENT, gRPC INVALID_ARGUMENT); an internal error tells the client the agent failed, so it retries the same bad message".into();
        }
        f.evidence = vec![x.ev_at(x.req_ev_seq(), &at, None), x.ev_at(bseq, ptr, None)];
        f.leg = x.leg.clone();
        self.emit(f);
    }

    /// PUSH-003 / ERR-002 (breaker16a S4, a2a-js PR #630): a 1.0 push-config Get or Delete
    /// answered with the generic internal failure (`answered`: -32603, HTTP 500, gRPC
    /// INTERNAL, none naming an A2A reason) for a config id the recording shows was never
    /// created for its task (or was deleted): the lookup miss is an A2A condition with an
    /// A2A error (`due`), not an agent failure. Judged only for a task a send in this
    /// recording was answered with, so every config of it would be in the recording.
    pub(super) fn push_config_lookup_failed(
        &mut self,
        x: &Exch,
        c: &Call,
        rule: &'static Rule,
        answered: &str,
        at: Evidence,
    ) {
        if c.dialect != Some(Dialect::V1_0)
            || !matches!(c.op, Some(Op::GetPushConfig) | Some(Op::DeletePushConfig))
            || self.push_config_urls.len() >= MAX_PUSH_URLS
            // a repeated Delete is repeated_push_delete_refused's (left56)
            || self.repeated_push_delete(x, c).is_some()
        {
            return;
        }
        let (Some(task), Some(id)) = (push_call_task(c), push_call_config_id(c, &x.path)) else {
            return;
        };
        let sent_here = self
            .task_of(x, task)
            .is_some_and(|t| !t.sent_message_ids.is_empty());
        let key = format!("{task}\u{0}{id}");
        let deleted = self.push_deleted_ids.contains_key(&key);
        let live = self.push_config_urls.contains_key(&key) && !deleted;
        // mine29a (a2a-go PR #403, ggcode #1076): the agent's own error text says the
        // config is missing, or the recording deleted it: no send of the task needed.
        let says_missing = !live && says_push_config_missing(&answer_error_text(x));
        if live || !(deleted || says_missing || sent_here) {
            return;
        }
        let not_found = match c.binding {
            Some(Binding::JsonRpc) => "-32001 TaskNotFoundError",
            Some(Binding::Grpc) => "gRPC NOT_FOUND (5) TASK_NOT_FOUND",
            _ => "HTTP 404 TASK_NOT_FOUND",
        };
        let (op, due) = if c.op == Some(Op::GetPushConfig) {
            ("GetTaskPushNotificationConfig", not_found.to_string())
        } else {
            (
                "DeleteTaskPushNotificationConfig",
                format!("a success (Delete is idempotent) or {not_found}"),
            )
        };
        let what = if deleted {
            "was deleted"
        } else if says_missing {
            "the agent's own error text says does not exist"
        } else {
            "was never created in this recording"
        };
        // An InvalidParams-kind answer blames the request, which names a task and a config
        // id as the call asks (mine29a, ggcode #1076).
        let blames_request = answered.contains("Invalid") || answered.contains("INVALID");
        let why = if blames_request {
            "the request is well-formed (it names the task and the config id), and a config that does not exist is an A2A condition with its own error, not a malformed request"
        } else {
            "the missing config is an A2A condition, not an agent failure"
        };
        // HTTP+JSON names the route called (review24a R9)
        let op = if c.binding == Some(Binding::Rest) {
            call_at(x)
        } else {
            op.to_string()
        };
        let mut f = Finding::new(
            rule,
            format!(
                "agent answered {op} for push config {id:?} of task {task:?}, which {what}, with {answered} instead of {due}: {why}"
            ),
        );
        f.spec = vec!["PUSH-003".into(), "ERR-002".into()];
        f.help = if blames_request {
            "answer a Get of a push config that does not exist with TaskNotFoundError (1.0 \u{a7}3.1.8: \"The push notification configuration does not exist\"; HTTP+JSON 404 with ErrorInfo reason TASK_NOT_FOUND, gRPC NOT_FOUND; a Delete of a missing config may simply succeed): InvalidParams tells the client its request is malformed, so it changes a request that was right instead of re-creating the config".into()
        } else {
            "map a push-config lookup miss to an A2A error (1.0: TaskNotFoundError with ErrorInfo reason TASK_NOT_FOUND; a Delete of a missing config may simply succeed): an internal error tells the client the agent failed, so it retries instead of re-creating the config".into()
        };
        f.evidence = vec![x.ev(x.req_ev_seq()), at];
        f.leg = x.leg.clone();
        self.emit(f);
    }

    /// Whether exchange `x`'s answer is an error: a unary error answer, or a stream that
    /// carried an error event and no A2A payload before it (one error event, or several
    /// errors and nothing else: breaker26, the call was refused, not accepted).
    pub(super) fn answer_is_error(&self, x: &Exch) -> bool {
        if x.sse.is_some() {
            return x
                .sse
                .as_ref()
                .is_some_and(|s| s.error_seen && (s.events <= 1 || s.first_kind.is_none()));
        }
        x.answer_error
    }

    pub(super) fn check_followup(
        &mut self,
        x: &Exch,
        success: bool,
        result_task: Option<(&str, Option<&str>, Option<TaskState>)>,
        answer: Option<&Json>,
    ) {
        // A client send whose ids the gateway changed upstream (GW-REQ-003): the agent
        // answered another message than this one.
        if self.gw_rerouted(&x.id) {
            return;
        }
        let c = x.call.clone().unwrap_or_default();
        let Some(m) = params_message(c.params.json()) else {
            return;
        };
        self.note_followup_refusal(x, m, success);
        // borrowed from the call (perfp41: two `String`s per send otherwise; the messageId
        // is copied only when a task remembers it)
        // A 0.x JSON-RPC message that names its context only as context_id (mine51,
        // agent-zero's FastA2A client; DATA-SHAPE-002 tells the client): the 0.x schema
        // defines contextId alone, so an agent that opens a context of its own did not
        // substitute the client's, it never saw one.
        let snake_ctx_unread = c.dialect.is_some_and(|d| d.is_0x())
            && c.binding == Some(Binding::JsonRpc)
            && m.get("contextId").is_none();
        let req_ctx = if snake_ctx_unread {
            None
        } else {
            str_member(m, "contextId", "context_id").filter(|s| !s.is_empty())
        };
        let msg_id = str_member(m, "messageId", "message_id");
        let member = a2a::params_message_member(c.params.json());
        let base = if c.bare_params() {
            format!("/{member}")
        } else {
            format!("/params/{member}")
        };
        let base = base.as_str();
        // Result of the send: a send result task, or the stream's task.
        let (res_id, res_ctx) = match (result_task, x.sse.as_ref()) {
            (Some((id, ctx, _)), _) => (Some(id.to_string()), ctx.map(str::to_string)),
            (None, Some(s)) => (s.task_id.clone(), s.context_id.clone()),
            // A Message answer (ID-006: the ids a message carries are its task's): its
            // contextId is judged like a Task's, no task id is taken from it.
            (None, None) if success => (None, message_answer_context(x, m, answer)),
            _ => (None, None),
        };
        // A Message answer's substituted contextId is ID-CTX-002 once, with the reply's
        // pointer ([`Self::reply_context_substituted`], from the result); judged there
        // only (breaker19b Z12: it was reported twice, once without a pointer).
        let ctx_judged_on_reply = result_task.is_none() && x.sse.is_none() && success;
        let Some(tid) = a2a::message_task_id(m).map(str::to_string) else {
            // ID-CTX-004 (mine45): the contextId the client sent is a task id of this agent.
            if let Some(ctx) = req_ctx {
                self.check_task_id_as_context(x, base, ctx);
            }
            // A send naming no task (a new task, perhaps in the client's context).
            // 0.1/0.2 `tasks/send` names its task in `params.id` instead.
            let names_task = c.params.get("id").is_some_and(|v| !matches!(v, Json::Null));
            // ID-001 / TASK-009: 0.1 `tasks/send` / `tasks/sendSubscribe` name the task the
            // client chose in `params.id`; the answer is that task, not another one.
            let named = c
                .params
                .get("id")
                .and_then(Json::as_str)
                .filter(|s| !s.is_empty())
                .filter(|_| {
                    matches!(
                        c.method.as_deref(),
                        Some("tasks/send") | Some("tasks/sendSubscribe")
                    )
                });
            if let (true, Some(named), Some(rid)) = (success, named, res_id.as_ref()) {
                if named != rid {
                    let method = c.method.as_deref().unwrap_or("tasks/send");
                    self.find(
                        &r::ID_UNKNOWN_TASK_ACCEPTED,
                        format!("{method} naming task {named} (params.id, the client-chosen task id) was answered with a different task {rid}"),
                        x.req_value_and_body("/params/id", named),
                        &x.leg,
                    );
                    return;
                }
            }
            // ID-002: the 0.1 `sessionId` is client-generated, as `contextId` is later; the
            // agent keeps it or refuses, never substitutes its own.
            let session = c
                .params
                .get("sessionId")
                .and_then(Json::as_str)
                .filter(|s| !s.is_empty())
                .filter(|_| named.is_some() || c.dialect == Some(Dialect::V0_1));
            if let (true, Some(qs), Some(rs)) = (success, session, res_ctx.as_deref()) {
                if qs != rs && rs != a2a::V01_NO_SESSION && !rs.is_empty() {
                    let method = c.method.as_deref().unwrap_or("tasks/send");
                    self.areas.insert("id");
                    self.find(
                        &r::ID_CONTEXT_CHANGED,
                        format!(
                            "agent answered {method} with {} {rs} although the client named sessionId {qs} (params.sessionId): it substituted its own session for the client's instead of keeping it or refusing the call",
                            // A 0.3 Task (kind, contextId) answering a 0.1/0.2 send carries
                            // no sessionId (breaker25 F08): name the member it has.
                            if answer.is_some_and(|a| {
                                let t = a.get("result").unwrap_or(a);
                                t.get("sessionId").is_none() && t.get("contextId").is_some()
                            }) {
                                "contextId"
                            } else {
                                "sessionId"
                            }
                        ),
                        x.req_value_and_body("/params/sessionId", qs),
                        &x.leg,
                    );
                    return;
                }
            }
            // TASK-002 / TASK-001: 0.1 continues a task by `tasks/send` / `tasks/sendSubscribe`
            // naming it in `params.id`; a terminal task "can't be restarted", so accepting
            // the send is the same fault as a 0.3/1.0 message naming a terminal taskId.
            let terminal = named
                .and_then(|n| self.task_of(x, n))
                .and_then(|t| t.terminal.clone())
                .filter(|(_, tseq, _)| *tseq < x.req_seq);
            if let (true, Some(n), Some((ts, tseq, txid))) = (success, named, terminal) {
                let method = c.method.as_deref().unwrap_or("tasks/send");
                let st = x.state_term(ts);
                self.find(
                    &r::TASK_MESSAGE_TO_TERMINAL,
                    format!("{method} naming task {n} (params.id) in {st} was accepted instead of rejected with an error: a task in a terminal state can't be restarted"),
                    vec![
                        Evidence { seq: tseq, exchange: Some(txid), pointer: None, found: Some(Value::String(st.into())) },
                        x.ev_at(x.req_ev_seq(), "/params/id", Some(Value::String(n.to_string()))),
                        x.ev(x.resp_seq),
                    ],
                    &x.leg,
                );
                return;
            }
            if success {
                if let Some(rid) = res_id.as_ref().filter(|_| !names_task) {
                    self.check_new_send_answered_old_task(x, base, rid, msg_id);
                }
                if !ctx_judged_on_reply {
                    self.check_context_substituted(x, base, None, req_ctx, res_ctx.as_deref());
                }
                self.note_send_message_id(x, res_id.as_deref(), msg_id);
            }
            return;
        };
        let known = self
            .task_of(x, &tid)
            .map(|t| (t.terminal.clone(), t.context_id.clone()));
        // TASK-STATE-017 (mine45): the client named a task it had been shown terminal.
        if let Some((Some((ts, tseq, txid)), ctx)) = &known {
            if *tseq < x.req_seq {
                let terminal = (*ts, *tseq, txid.as_str());
                self.check_client_message_to_terminal(
                    x,
                    base,
                    &tid,
                    terminal,
                    ctx.as_deref(),
                    msg_id,
                    success,
                );
            }
        }
        // ID-CTX-005 (breaker57): the client named the task under another context.
        if let (Some((_, Some(kctx))), Some(qc)) = (&known, req_ctx) {
            if kctx != qc {
                self.check_client_context_mismatch(x, base, &tid, kctx, qc);
            }
        }
        if !success {
            return;
        }
        self.note_send_message_id(x, res_id.as_deref(), msg_id);
        // TASK-002 / TASK-001: message to a terminal task accepted.
        if let Some((Some((ts, tseq, txid)), _)) = &known {
            if *tseq < x.req_seq {
                self.find(
                    &r::TASK_MESSAGE_TO_TERMINAL,
                    // TASK-002: 1.0 names UnsupportedOperationError; 0.x requires "an
                    // error" and names no code, so its wording names none (q20v V3).
                    format!(
                        "message to task {tid} in {} was accepted instead of rejected with {}",
                        x.state_term(*ts),
                        if x.call
                            .as_ref()
                            .and_then(|c| c.dialect)
                            .is_some_and(|d| d != Dialect::V1_0)
                        {
                            "an error (0.x names no error code for it)"
                        } else {
                            "UnsupportedOperationError"
                        }
                    ),
                    vec![
                        Evidence {
                            seq: *tseq,
                            exchange: Some(txid.clone()),
                            pointer: None,
                            found: Some(Value::String(x.state_term(*ts).into())),
                        },
                        x.ev_at(
                            x.req_ev_seq(),
                            &format!("{base}/taskId"),
                            Some(Value::String(tid.clone())),
                        ),
                        x.ev(x.resp_seq),
                    ],
                    &x.leg,
                );
                return;
            }
        }
        let res_state = result_task
            .and_then(|t| t.2)
            .or_else(|| x.sse.as_ref().and_then(|s| s.last_state));
        let handed_here = self
            .task_of(x, &tid)
            .and_then(|t| t.announced.as_ref())
            .is_some_and(|(seq, xid)| *seq < x.req_seq && **xid != *x.id);
        // ID-TASK-006 (review24b R4): a task another agent handed out, answered here. The
        // same task (one agent behind two hostnames, one task store) is no finding.
        let other_agents = match &res_id {
            Some(rid) if !handed_here => self.other_agent_task_answered(
                x,
                &tid,
                &format!("{base}/taskId"),
                (rid, res_ctx.as_deref(), res_state),
            ),
            _ => None,
        };
        // ID-001: the named task was answered with another task.
        if let Some(rid) = &res_id {
            if *rid != tid {
                self.find(
                    &r::ID_UNKNOWN_TASK_ACCEPTED,
                    format!("message naming task {tid} was answered with a different task {rid}"),
                    vec![
                        x.ev_at(
                            x.req_ev_seq(),
                            &format!("{base}/taskId"),
                            Some(Value::String(tid.clone())),
                        ),
                        x.ev(x.body_seq()),
                    ],
                    &x.leg,
                );
                return;
            }
            // ID-001: a client-chosen id cannot create a task. The agent answered with a
            // task of the id the client named, and nothing in this recording before the
            // request shows the agent handing that id out: it may have adopted the client's
            // id (or the recording started after the task did, hence a note; breaker8 G14).
            let seen_before = self
                .task_of(x, &tid)
                .and_then(|t| t.announced.as_ref())
                .is_some_and(|(seq, xid)| *seq < x.req_seq && **xid != *x.id);
            // ID-001 (a2a-rs issue #248: an unknown client taskId silently became a new
            // task of that id): the agent itself answered TaskNotFoundError for this id
            // earlier in the recording and never handed it out, so the task did not exist
            // before the recording (the note's caveat is gone): it created a task with the
            // client's id where TaskNotFoundError was due. Not on 0.1, where clients chose
            // task ids (`tasks/send`).
            let said_unknown = !seen_before
                && c.dialect != Some(Dialect::V0_1)
                && self.not_found_ids.contains(&x.tkey(&tid));
            if said_unknown {
                self.areas.insert("id");
                self.find(
                    &r::ID_UNKNOWN_TASK_ACCEPTED,
                    format!("message naming task {tid}, for which the agent had answered TaskNotFoundError earlier in this recording, was answered with a new task of that id: the agent created a task with the client's id instead of answering TaskNotFoundError"),
                    vec![
                        x.ev_at(
                            x.req_ev_seq(),
                            &format!("{base}/taskId"),
                            Some(Value::String(tid.clone())),
                        ),
                        x.ev(x.body_seq()),
                    ],
                    &x.leg,
                );
            } else if !seen_before && other_agents != Some(true) && !self.unjudged_before(x.req_seq)
            {
                // (an exchange before it whose answer was not judged, a body cut at the
                // capture cap or left out of a HAR file, may have handed the id out: ux41)
                self.areas.insert("id");
                self.find(
                    &r::ID_TASK_FROM_CLIENT,
                    format!("message naming task {tid}, which this recording never saw the agent hand out, was answered with a task of that id: the agent may have created a task with the client's id"),
                    vec![
                        x.ev_at(
                            x.req_ev_seq(),
                            &format!("{base}/taskId"),
                            Some(Value::String(tid.clone())),
                        ),
                        x.ev(x.body_seq()),
                    ],
                    &x.leg,
                );
            }
        }
        // ID-003: only taskId given → context must be inferred from the task.
        if let (Some((_, Some(kctx))), Some(rctx)) = (&known, &res_ctx) {
            if req_ctx.is_none() && kctx != rctx {
                self.find(
                    &r::ID_CONTEXT_NOT_INFERRED,
                    format!("follow-up naming only task {tid} got contextId {rctx} instead of the task's {kctx}"),
                    vec![x.ev_at(x.req_ev_seq(), &format!("{base}/taskId"), Some(Value::String(tid.clone()))), x.ev_at(x.body_seq(), "", Some(Value::String(rctx.clone())))],
                    &x.leg,
                );
                return;
            }
            // ID-006 (mutate49; every version): the follow-up named the task in its own
            // context and the agent answered the task in another one: the task changed its
            // context (0.x follow-ups were silent: the ID-003 judgment below is 1.0's).
            if let Some(qc) = req_ctx.filter(|q| *q == kctx && kctx != rctx) {
                self.areas.insert("id");
                self.find(
                    &r::ID_CONTEXT_CHANGED,
                    format!("message named task {tid} in its context {qc}, and the agent answered task {tid} in context {rctx}: a task keeps the contextId it was created in (ID-006), so the client, which files the turn under {qc}, loses the task's conversation"),
                    x.req_value_and_body(&format!("{base}/contextId"), qc),
                    &x.leg,
                );
                return;
            }
            // ID-006 / ID-003 (breaker28 L08): the follow-up named the task with another
            // contextId and the agent answered the task in that context: it moved the task
            // out of its context instead of rejecting the message.
            if let Some(qc) = req_ctx.filter(|q| *q == rctx && kctx != rctx) {
                self.areas.insert("id");
                self.find(
                    &r::ID_CONTEXT_CHANGED,
                    format!("message named task {tid} (context {kctx}) with contextId {qc}, and the agent answered task {tid} in context {qc}: it moved the task into the client's context instead of rejecting the message with an error (a task keeps its contextId, ID-006; a contextId that differs from the task's must be rejected, ID-003)"),
                    x.req_value_and_body(&format!("{base}/contextId"), qc),
                    &x.leg,
                );
                return;
            }
        }
        if !ctx_judged_on_reply {
            self.check_context_substituted(x, base, Some(&tid), req_ctx, res_ctx.as_deref());
        }
    }

    /// ID-002 (1.0 §3.4.1; the 0.x follow-ups the same): the client's message named
    /// contextId `req_ctx` and the agent's task (send result or the stream's task) carries
    /// another one, `res_ctx`. The agent may accept the client's contextId or refuse it with
    /// an error, never substitute its own. `base` is the request message's JSON Pointer.
    /// `task_id`: the message's `taskId` when it is a follow-up to an existing task; then
    /// accepting the client's contextId is no option (a task keeps its context, ID-006) and
    /// the agent had to reject the message (ID-003, 1.0 §3.4.3).
    pub(super) fn check_context_substituted(
        &mut self,
        x: &Exch,
        base: &str,
        task_id: Option<&str>,
        req_ctx: Option<&str>,
        res_ctx: Option<&str>,
    ) {
        let (Some(qc), Some(rctx)) = (req_ctx, res_ctx.filter(|s| !s.is_empty())) else {
            return;
        };
        if qc == rctx || (task_id.is_some() && !context_mismatch_must_be_rejected(x)) {
            return;
        }
        self.areas.insert("id");
        let msg = match task_id {
            Some(tid) => format!(
                "message named task {tid} with contextId {qc}, but the task belongs to context {rctx}: the agent processed it in {rctx} instead of rejecting it with an error (a contextId that differs from the task's must be rejected, ID-003)"
            ),
            None => format!(
                "agent answered contextId {rctx} to a message that named contextId {qc}: it substituted its own context for the client's instead of accepting it or refusing it with an error"
            ),
        };
        self.find(
            &r::ID_CONTEXT_CHANGED,
            msg,
            x.req_value_and_body(&format!("{base}/contextId"), qc),
            &x.leg,
        );
    }

    /// TASK-001 / ID-008: a send naming no `taskId` starts a new task (in the client's
    /// context when it names one); the agent answered it with task `rid`, which this
    /// recording saw the agent hand out on an earlier exchange and reach a terminal state
    /// before the request. The client's message went into a finished task (or was dropped).
    /// A send repeating the `messageId` of a send already answered with that task is a
    /// retry and is not judged. `base` is the request message's JSON Pointer.
    pub(super) fn check_new_send_answered_old_task(
        &mut self,
        x: &Exch,
        base: &str,
        rid: &str,
        msg_id: Option<&str>,
    ) {
        let Some(t) = self.task_of(x, rid) else {
            return;
        };
        let Some((ts, tseq, txid)) = t.terminal.clone() else {
            return;
        };
        let earlier = t
            .announced
            .as_ref()
            .is_some_and(|(seq, xid)| *seq < x.req_seq && **xid != *x.id);
        let retry = msg_id.is_some_and(|id| t.sent_message_ids.iter().any(|s| s == id));
        if !earlier || tseq >= x.req_seq || *txid == *x.id || retry {
            return;
        }
        self.areas.insert("task");
        if self.reused_tasks.len() < MAX_REUSED_TASKS && !self.reused_tasks.contains_key(rid) {
            self.reused_tasks.insert(rid.to_string(), 0);
        }
        let mut f = Finding::new(
            &r::TASK_MESSAGE_TO_TERMINAL,
            format!(
                "agent answered a new message (it names no taskId) with task {rid}, an id it had already handed out for a task that was {}: task ids are new for every task (ID-001, TASK-001), so the agent reused a task id instead of starting a new task; an executor that publishes a fixed id does this",
                x.state_term(ts)
            ),
        );
        f.help = "create every new task with the id the SDK assigns for the request, never a constant or an earlier task's id: build the Task and its events from the request context (@a2a-js/sdk: requestContext.taskId and contextId in AgentEvent.task / statusUpdate; a2a-python: context.task_id and context.context_id, TaskUpdater(event_queue, context.task_id, context.context_id)); the context changes, state regressions, missing artifacts and history ids reported for this task follow from the reuse".into();
        f.leg = x.leg.clone();
        f.evidence = vec![
            Evidence {
                seq: tseq,
                exchange: Some(txid),
                pointer: None,
                found: Some(Value::String(x.state_term(ts).into())),
            },
            x.ev_at(x.req_ev_seq(), base, None),
            x.ev(x.body_seq()),
        ];
        self.emit(f);
    }

    /// Remembers that the send with `messageId` `msg_id` was answered with task `rid`.
    /// TASK-STATE-017 (TASK-001, TASK-002, ID-008; mine45: gemini-cli PR #22724's "zombie"
    /// task ids, langchain4j #6371, espennilsen/pi PR #116): the send at `x` names task
    /// `tid`, which an earlier answer of the same agent showed in a terminal state
    /// (`terminal`: the state, its recording line and exchange). A terminal task accepts no
    /// message, so the client's follow-up cannot succeed: a note on the client, beside the
    /// agent's TASK-STATE-002 when it `accepted` the message. Not reported for a retry (a
    /// messageId the task's own send already carried: ID-007) or for the prober's requests
    /// (a TASK-002 test sends it on purpose).
    #[allow(clippy::too_many_arguments)]
    fn check_client_message_to_terminal(
        &mut self,
        x: &Exch,
        base: &str,
        tid: &str,
        terminal: (TaskState, u64, &str),
        ctx: Option<&str>,
        msg_id: Option<&str>,
        accepted: bool,
    ) {
        if x.probe_negative() || x.req_headers.get(crate::model::PROBE_TEST_HEADER).is_some() {
            return;
        }
        let retry = msg_id.is_some_and(|mid| {
            self.task_of(x, tid)
                .is_some_and(|t| t.sent_message_ids.iter().any(|s| s == mid))
        });
        if retry {
            return;
        }
        let (ts, tseq, txid) = terminal;
        let st = x.state_term(ts);
        let outcome = if accepted {
            "this agent accepted it anyway, its own fault (TASK-STATE-002), but a conforming agent refuses it and the follow-up is lost"
        } else {
            "so the agent refused it, as it must, and the follow-up was lost"
        };
        let next = match ctx {
            Some(c) => format!("send contextId {c} without the taskId"),
            None => "send the task's contextId without the taskId".to_string(),
        };
        self.find(
            &r::TASK_CLIENT_MESSAGE_TO_TERMINAL,
            format!(
                "client sent its message to task {tid}, which an earlier answer showed {st}: a task in a terminal state accepts no further message, {outcome}; to go on with the conversation, {next}, and the agent starts a new task in the same context"
            ),
            vec![
                Evidence {
                    seq: tseq,
                    exchange: Some(txid.to_string()),
                    pointer: None,
                    found: Some(Value::String(st.into())),
                },
                x.ev_at(
                    x.req_ev_seq(),
                    &format!("{base}/taskId"),
                    Some(Value::String(tid.to_string())),
                ),
            ],
            &x.leg,
        );
    }

    /// ID-CTX-005 (client, note; ID-003, ID-006; breaker57 `*-context-mismatch`): the send
    /// at `x` names task `tid`, which an earlier answer of the agent showed in context
    /// `kctx`, with contextId `qc` (another). A task lives in one context: a 1.0 agent must
    /// reject the message (1.0 §3.4.3), so the follow-up does not reach the task. Told
    /// whatever the agent answered (its refusal is right; processing it is ID-CTX-002's
    /// besides). 1.0 calls (and those of unknown version) only: 0.x names no rejection
    /// (breaker35 F01's legal controls). Only when the task and its context were seen before
    /// the request; not for the prober's requests.
    fn check_client_context_mismatch(
        &mut self,
        x: &Exch,
        base: &str,
        tid: &str,
        kctx: &str,
        qc: &str,
    ) {
        if x.probe_negative() || x.req_headers.get(crate::model::PROBE_TEST_HEADER).is_some() {
            return;
        }
        let Some((aseq, axid)) = self
            .task_of(x, tid)
            .and_then(|t| t.announced.clone())
            .filter(|(seq, _)| *seq < x.req_seq)
        else {
            return;
        };
        // 0.x names no rejection (breaker35 F01: a 0.2/0.3 follow-up under another
        // contextId is a legal control), so only a 1.0 call (or one of unknown version).
        if !context_mismatch_must_be_rejected(x) {
            return;
        }
        let outcome = "so the agent must reject it (1.0 §3.4.3) and the follow-up is lost";
        self.areas.insert("id");
        self.find(
            &r::ID_CTX_CLIENT_CONTEXT_MISMATCH,
            format!(
                "client continued task {tid} with contextId {qc}, but the agent's earlier answer showed the task in context {kctx}: a task lives in one context, {outcome}; send the taskId alone or with contextId {kctx}"
            ),
            vec![
                Evidence {
                    seq: aseq,
                    exchange: Some(axid),
                    pointer: None,
                    found: Some(Value::String(kctx.to_string())),
                },
                x.ev_at(
                    x.req_ev_seq(),
                    &format!("{base}/contextId"),
                    Some(Value::String(qc.to_string())),
                ),
            ],
            &x.leg,
        );
    }

    /// ID-CTX-004 (ID-003, ID-008, ID-002; mine45: adcp-client PR #729, which stored the
    /// task id as its context id): the send at `x` names no task and names as its
    /// contextId `ctx`, which is the id of a task the same agent handed out earlier in
    /// another context (the task's contextId is not `ctx`). The client confused the two
    /// ids: a warning on the client, whatever the agent answered. Not reported for the
    /// prober's requests.
    fn check_task_id_as_context(&mut self, x: &Exch, base: &str, ctx: &str) {
        if x.probe_negative() || x.req_headers.get(crate::model::PROBE_TEST_HEADER).is_some() {
            return;
        }
        let Some(t) = self.task_of(x, ctx) else {
            return;
        };
        let Some((aseq, axid)) = t.announced.clone().filter(|(seq, _)| *seq < x.req_seq) else {
            return;
        };
        let Some(tctx) = t.context_id.clone().filter(|c| c != ctx) else {
            return;
        };
        let waiting = t
            .last
            .and_then(|(st, _)| (!st.is_terminal()).then(|| x.state_term(st)));
        let lost = match waiting {
            Some(st) => format!(", and task {ctx}, last seen {st}, never gets this message"),
            None => String::new(),
        };
        self.find(
            &r::ID_CTX_CLIENT_TASK_ID_AS_CONTEXT,
            format!(
                "client sent its message with contextId {ctx} and no taskId, but {ctx} is the id of a task the agent handed out (in context {tctx}): the client confused the task id with the context id, so the agent reads a new conversation named {ctx}{lost}; continue the task with taskId {ctx}, or start the next task of the conversation with contextId {tctx}"
            ),
            vec![
                Evidence {
                    seq: aseq,
                    exchange: Some(axid),
                    pointer: None,
                    found: Some(Value::String(ctx.to_string())),
                },
                x.ev_at(
                    x.req_ev_seq(),
                    &format!("{base}/contextId"),
                    Some(Value::String(ctx.to_string())),
                ),
            ],
            &x.leg,
        );
    }

    pub(super) fn note_send_message_id(
        &mut self,
        x: &Exch,
        rid: Option<&str>,
        msg_id: Option<&str>,
    ) {
        let (Some(rid), Some(mid)) = (rid, msg_id) else {
            return;
        };
        let Some(t) = self.task_of_mut(x, rid) else {
            return;
        };
        if t.sent_message_ids.len() >= MAX_TASK_MESSAGE_IDS
            || t.sent_message_ids.iter().any(|s| s == mid)
        {
            return;
        }
        t.sent_message_ids.push(mid.to_string());
        self.sent_mid_live += 1;
        let keys = self.sent_mid_tasks.entry(mid.to_string()).or_default();
        let key = x.tkey(rid);
        if !keys.contains(&key) {
            keys.push(key);
            self.sent_mid_entries += 1;
            if self.sent_mid_entries > 2 * self.sent_mid_live + 1024 {
                self.rebuild_sent_mid_tasks();
            }
        }
    }

    /// [`State::sent_mid_tasks`] made again from the remembered tasks (its evicted tasks'
    /// keys dropped).
    pub(super) fn rebuild_sent_mid_tasks(&mut self) {
        self.sent_mid_tasks.clear();
        self.sent_mid_entries = 0;
        for (k, t) in &self.tasks {
            for m in &t.sent_message_ids {
                self.sent_mid_tasks
                    .entry(m.clone())
                    .or_default()
                    .push(k.clone());
                self.sent_mid_entries += 1;
            }
        }
    }

    /// ID-002: an agent Message `reply` (a send result, or the message event of a
    /// message-reply stream) carries a contextId other than the one the client's message
    /// named. Returns the ID-CTX-002 message and evidence; `None` when either is absent or
    /// they match, or the call is no send.
    pub(super) fn reply_context_substituted(
        &self,
        x: &Exch,
        c: &Call,
        reply: &Obj,
        ptr: &str,
        seq: u64,
    ) -> Option<(String, Vec<Evidence>)> {
        if !matches!(c.op, Some(Op::SendMessage) | Some(Op::SendStreamingMessage))
            || self.gw_rerouted(&x.id)
        {
            return None;
        }
        let m = params_message(c.params.json())?;
        let qc = str_member(m, "contextId", "context_id").filter(|s| !s.is_empty())?;
        let rc = str_member(reply, "contextId", "context_id").filter(|s| !s.is_empty())?;
        if qc == rc {
            return None;
        }
        let base = if c.bare_params() {
            "/message"
        } else {
            "/params/message"
        };
        let msg = match str_member(m, "taskId", "task_id").filter(|s| !s.is_empty()) {
            Some(tid) => format!(
                "agent's reply message {} has contextId {rc} to a message that named task {tid} with contextId {qc}: a contextId that differs from the task's must be rejected with an error (ID-003)",
                message_id_of(reply)
            ),
            None => format!(
                "agent's reply message {} has contextId {rc} to a message that named contextId {qc}: it substituted its own context for the client's instead of accepting it or refusing it with an error",
                message_id_of(reply)
            ),
        };
        Some((
            msg,
            vec![
                x.ev_at(
                    x.req_ev_seq(),
                    &format!("{base}/contextId"),
                    Some(Value::String(qc.to_string())),
                ),
                x.ev_at(
                    seq,
                    &jptr(ptr, &[Key("contextId")]),
                    Some(Value::String(rc.to_string())),
                ),
            ],
        ))
    }

    // ------------------------------------------------------------------ JSON-RPC

    /// The calls of a JSON-RPC 2.0 batch request body `b` (§6: a non-empty Array whose
    /// elements look like Request objects: `jsonrpc` or `method`), one [`Call`] per element
    /// with its method, id, params, op and dialect; `None` for any other body.
    pub(super) fn batch_calls(&self, x: &Exch, b: &[u8]) -> Option<Vec<Call>> {
        if !trim_ascii(b).starts_with(b"[") {
            return None;
        }
        let v = Json::parse(b).ok()?;
        let list = v.as_array().filter(|l| !l.is_empty())?;
        if !list
            .iter()
            .any(|e| e.get("jsonrpc").is_some() || e.get("method").is_some())
        {
            return None;
        }
        // the header, else the A2A-Version query parameter (VER-001), as for one call
        let header_version = x.asked_version();
        Some(
            list.iter()
                .map(|e| {
                    let mut k = Call {
                        binding: Some(Binding::JsonRpc),
                        header_version: header_version.clone(),
                        ..Default::default()
                    };
                    let parsed = jsonrpc::request_from_value(e);
                    k.params_null = e.get("params").is_some_and(Json::is_null);
                    // An element that is no valid request (no "jsonrpc": "2.0") still has
                    // the id its answer echoes (-32600 with that id: breaker36 N04).
                    if matches!(parsed, RequestParse::Invalid) {
                        k.rpc_id = e
                            .get("id")
                            .filter(|i| i.is_string() || i.is_number())
                            .cloned()
                            .map(Json::into_owned);
                    }
                    if let RequestParse::Request { method, id, params } = &parsed {
                        k.method = Some(method.clone());
                        k.rpc_id = id.clone();
                        k.params = Params::owned(params.clone());
                        if let Some((op, d)) = method_op(method) {
                            k.op = Some(op);
                            k.dialect = Some(d);
                        }
                    }
                    k.rpc = Some(parsed);
                    k
                })
                .collect(),
        )
    }

    /// RPC-001 / RPC-002 per call of JSON-RPC batch request body `b` (breaker36 N04, N05;
    /// JSON-RPC 2.0 §4, §6): an element calling an A2A method without "jsonrpc": "2.0"
    /// (RPC-REQ-002), or with an id the A2A schemas do not allow (null, a number with a
    /// fraction, a boolean, an object, a list: RPC-REQ-001; an element without id, a
    /// notification, is told with the answer). Each rule once per batch. The body is parsed
    /// again: batches are rare.
    pub(super) fn batch_request_checks(&mut self, x: &Exch, b: &[u8]) {
        let who = self.sender(x).noun();
        if x.probe_negative() {
            return;
        }
        let Ok(v) = Json::parse(b) else { return };
        let Some(list) = v.as_array() else { return };
        let (mut version_told, mut id_told) = (false, false);
        let mut shape_told = (false, false);
        let mut stream_told = false;
        for (i, e) in list.iter().enumerate() {
            let Some(m) = e
                .get("method")
                .and_then(Json::as_str)
                .filter(|m| method_op(m).is_some())
            else {
                continue;
            };
            // RPC-005 / JSON-RPC 2.0 §6 (left38, b23x BL4): a streaming call's answer is an
            // event stream, and a batch's is one JSON Array: no answer carries both, so the
            // client that batched it gets no stream whatever the agent does. Once a batch.
            if !stream_told && method_op(m).is_some_and(|(op, _)| op.is_streaming()) {
                stream_told = true;
                self.find(
                    &r::RPC_REQUEST_BATCH_STREAMING,
                    format!("{who}'s JSON-RPC batch element {i} calls {m}, a streaming method: a batch is answered by one JSON Array (JSON-RPC 2.0 §6), which cannot carry the event stream {m} is answered with (RPC-005), so the {who} gets no stream for it; send it alone as a single request"),
                    vec![x.ev_at(x.req_ev_seq(), &format!("/{i}/method"), Some(Value::String(m.to_string())))],
                    &x.leg,
                );
            }
            let version = match e.get("jsonrpc") {
                None => Some("has no jsonrpc member".to_string()),
                Some(j) if j.as_str() != Some("2.0") => {
                    Some(format!("has jsonrpc {} instead of \"2.0\"", j.to_value()))
                }
                Some(_) => None,
            };
            if let (Some(what), false) = (version, version_told) {
                version_told = true;
                self.find(
                    &r::RPC_REQUEST_NOT_2_0,
                    format!("{who}'s JSON-RPC batch element {i} calls {m} and {what}: it is no JSON-RPC 2.0 request, so a strict agent answers it -32600 Invalid Request"),
                    vec![x.ev_at(x.req_ev_seq(), &format!("/{i}"), None)],
                    &x.leg,
                );
            }
            let id = e.get("id");
            let kind = match id {
                Some(Json::Null) => Some("null"),
                Some(Json::Number(Num::Float(f))) if f.fract() != 0.0 => {
                    Some("a number with a fraction")
                }
                Some(Json::Bool(_)) => Some("a boolean"),
                Some(Json::Object(_)) => Some("an object"),
                Some(Json::Array(_)) => Some("a list"),
                _ => None,
            };
            if let Some(msg) = e
                .get("params")
                .and_then(|p| p.get("message"))
                .and_then(Json::as_object)
                .filter(|_| {
                    method_op(m).is_some_and(|(op, _)| {
                        matches!(op, Op::SendMessage | Op::SendStreamingMessage)
                    })
                })
            {
                self.batch_send_checks(x, (i, m), msg, &mut shape_told);
            }
            if let (Some(kind), false) = (kind, id_told) {
                id_told = true;
                self.find(
                    &r::RPC_REQUEST_ID,
                    format!("{who}'s JSON-RPC batch element {i} calls {m} with an id that is {kind}: the A2A schemas allow a string or an integer (RPC-002), so an agent may refuse the call with -32600 and the client cannot pair an answer with it"),
                    vec![x.ev_at(
                        x.req_ev_seq(),
                        &format!("/{i}/id"),
                        id.map(Json::to_value),
                    )],
                    &x.leg,
                );
            }
        }
    }

    /// DATA-SHAPE-002, DATA-ROLE-002 and ID-MSG-002 for the message `msg` of send call `m`
    /// at element `i` of a JSON-RPC batch (breaker36 N06, M16): the message judged as a
    /// single send's ([`a2a::message_shape_problems`] in the method's generation, then its
    /// role: a client's message is ROLE_USER / user, DATA-005; each once per batch,
    /// `told` = (shape, role); mutate49: a batch's send with role agent was silent, every
    /// element), its messageId against the earlier sends and the batch's other calls. A 0.1
    /// send (`tasks/send`, `tasks/sendSubscribe`) is judged for its role and an empty parts
    /// list only: its `type`-tagged parts are no later generation's shape.
    pub(super) fn batch_send_checks(
        &mut self,
        x: &Exch,
        (i, m): (usize, &str),
        msg: &Obj,
        told: &mut (bool, bool),
    ) {
        let (shape_told, role_told) = (&mut told.0, &mut told.1);
        let who = self.sender(x).noun();
        let style = match method_op(m) {
            Some((_, Dialect::V1_0)) => a2a::PartStyle::V1,
            _ => a2a::PartStyle::V0Rpc,
        };
        let base = format!("/{i}/params/message");
        // 0.1 (tasks/send, tasks/sendSubscribe; mine52: a 0.1 batch's sends were not judged
        // at all): its parts are `type`-tagged, a shape no later generation's check reads, so
        // only the empty parts list and the role are judged, as of a single 0.1 send.
        let v01 = matches!(method_op(m), Some((_, Dialect::V0_1)));
        let mut problems = if v01 {
            Vec::new()
        } else {
            a2a::message_shape_problems(msg, &base, style)
        };
        // As a single send's (requests.rs): an empty parts list is a message with no
        // content, every generation (mutate49: a batch's second send with parts [] was
        // silent).
        if problems.is_empty()
            && msg
                .get("parts")
                .and_then(Json::as_array)
                .is_some_and(Vec::is_empty)
        {
            problems.push((format!("{base}/parts"), "message has no parts".into()));
        }
        if !*shape_told {
            if let Some((ptr, what)) = problems.first() {
                *shape_told = true;
                self.find(
                    &r::REQUEST_SHAPE,
                    format!("{who}'s JSON-RPC batch element {i} calls {m} with a malformed message: {what}"),
                    vec![x.ev_at(x.req_ev_seq(), ptr, None)],
                    &x.leg,
                );
            }
        }
        // As a single send's: the role is judged of a message whose shape is right.
        if let Some(role) = msg
            .get("role")
            .and_then(Json::as_str)
            .filter(|_| problems.is_empty())
            .filter(|r| {
                !*role_told
                    && (r.eq_ignore_ascii_case("ROLE_AGENT") || r.eq_ignore_ascii_case("agent"))
            })
        {
            *role_told = true;
            self.find(
                &r::DATA_CLIENT_ROLE,
                format!(
                    "{} its message in JSON-RPC batch element {i} ({m}) with role {role}, the agent's role",
                    self.sender(x).sent()
                ),
                vec![x.ev_at(
                    x.req_ev_seq(),
                    &format!("{base}/role"),
                    Some(Value::String(role.to_string())),
                )],
                &x.leg,
            );
        }
        let Some(mid) = str_member(msg, "messageId", "message_id").filter(|s| !s.is_empty()) else {
            return;
        };
        if let Some((seq, xid)) = self.sent_message_id_clash(x, msg, mid) {
            self.areas.insert("id");
            self.find(
                &r::ID_MESSAGE_ID_REUSED,
                format!(
                    "{} messageId {mid} again (JSON-RPC batch element {i}, {m}) with other parts than the message it first named: an agent that dedupes retries by messageId drops this message or answers it with the first one's result",
                    self.sender(x).sent()
                ),
                vec![
                    Evidence::event(seq, xid),
                    x.ev_at(
                        x.req_ev_seq(),
                        &format!("{base}/messageId"),
                        Some(Value::String(mid.to_string())),
                    ),
                ],
                &x.leg,
            );
        }
    }

    /// A JSON-RPC 2.0 batch answered (breaker9d D6; RPC-001, RPC-002; JSON-RPC 2.0 §6). A2A
    /// does not mention batches; what JSON-RPC 2.0 asks is judged: the answer to a batch
    /// with calls that have ids is an Array (a single error object, a server refusing
    /// batches, is accepted), not empty, each element a Response object whose id is one of
    /// the batch's ids, at most once; each result is judged as the result of its call
    /// ([`Self::on_result`], pointers `/<i>/result`), and each result or error with its
    /// call's error codes and follow-up rules ([`Self::batch_element_judged`]). Request
    /// shapes beyond ids, jsonrpc and send messages are not judged per call: the exchange is
    /// listed as not fully judged.
    pub(super) fn on_jsonrpc_batch(
        &mut self,
        x: &Exch,
        status: u16,
        json: Option<&Json>,
        body: &[u8],
    ) {
        let who = self.sender(x).noun();
        let c = x.call.clone().unwrap_or_default();
        let calls = c.batch.clone().unwrap_or_default();
        let bseq = x.body_seq();
        self.incomplete.push((
            str::to_string(&x.id),
            format!(
                "JSON-RPC batch of {} calls: the answer's envelope and ids, each call's id, jsonrpc member and send message, and each answer's result or error with the follow-up rules of its call are judged; the calls' other request shapes are not",
                calls.len()
            ),
        ));
        // RPC-001 (mutate49): a batch of A2A calls is a JSON-RPC request body as a single
        // call's, so application/json too (HTTP-MEDIA-004; its batches were silent).
        if !c.webhook && !x.synthetic && calls.iter().any(|k| k.op.is_some()) {
            self.request_media_type(x, &c);
            // ... and the batch's answer, an Array of JSON-RPC Responses, application/json
            // as a single call's answer (RPC-001; RPC-ENVELOPE-001 as there).
            let media = x.resp_media();
            if json.is_some_and(|v| v.as_array().is_some() || v.get("jsonrpc").is_some())
                && !media.as_deref().is_some_and(media_names_json)
            {
                let what = match media.as_deref().filter(|m| !m.is_empty()) {
                    Some(m) => format!("is served as {m}"),
                    None => "has no Content-Type header".to_string(),
                };
                self.find(
                    &r::RPC_ENVELOPE,
                    format!("agent's answer to a JSON-RPC batch of {} calls {what}: RPC-001 makes it application/json, as a single call's answer, and a client that checks the media type refuses the body while others read it as JSON anyway; send Content-Type: application/json", calls.len()),
                    vec![x.ev(x.resp_seq)],
                    &x.leg,
                );
            }
        }
        let ids: Vec<String> = calls
            .iter()
            .filter_map(|k| jsonrpc::id_key(k.rpc_id.as_ref()))
            .collect();
        let shown_ids = calls
            .iter()
            .filter_map(|k| k.rpc_id.as_ref().filter(|i| !i.is_null()))
            .map(|i| i.to_string())
            .collect::<Vec<_>>()
            .join(", ");
        // The client's part (RPC-001, RPC-002): a notification of an A2A method inside the
        // batch, and one id given to two calls (JSON-RPC 2.0 §6 pairs answers by id).
        let deliberate = x.probe_negative();
        let notifications: Vec<(usize, &str)> = calls
            .iter()
            .enumerate()
            .filter_map(|(i, k)| match &k.rpc {
                Some(RequestParse::Request {
                    id: None, method, ..
                }) if k.op.is_some() => Some((i, method.as_str())),
                _ => None,
            })
            .collect();
        if let (Some((i, m)), false) = (notifications.first(), deliberate) {
            self.find(
                &r::RPC_REQUEST_ID,
                format!(
                    "{who}'s JSON-RPC batch element {i} calls {m} without id: it is a notification, which the agent must not answer (JSON-RPC 2.0 §6), so the client never learns its result"
                ),
                vec![x.ev_at(x.req_ev_seq(), &format!("/{i}"), None)],
                &x.leg,
            );
        }
        // RPC-001 (breaker11 K22): a call of the batch whose params are no object.
        let bad_params: Vec<(usize, &'static str)> = calls
            .iter()
            .enumerate()
            .filter(|(_, k)| k.op.is_some() && matches!(k.rpc, Some(RequestParse::Request { .. })))
            .filter_map(|(i, k)| Some((i, k.params_not_object()?)))
            .collect();
        if let (Some(&(i, what)), false) = (bad_params.first(), deliberate) {
            let k = &calls[i];
            self.find(
                &r::RPC_REQUEST_PARAMS_NOT_OBJECT,
                format!(
                    "{who}'s JSON-RPC batch element {i} calls {} passing params as {what} instead of the method's params object",
                    k.method.as_deref().unwrap_or("?")
                ),
                vec![x.ev_at(
                    x.req_ev_seq(),
                    &format!("/{i}/params"),
                    Some(excerpt_value(k.params.json())),
                )],
                &x.leg,
            );
        }
        let id_count = |g: &String| ids.iter().filter(|i| *i == g).count();
        let dup_call = calls.iter().enumerate().find_map(|(j, k)| {
            let g = jsonrpc::id_key(k.rpc_id.as_ref())?;
            let first = calls
                .iter()
                .position(|o| jsonrpc::id_key(o.rpc_id.as_ref()).as_ref() == Some(&g))?;
            (first < j).then_some((first, j))
        });
        if let (Some((a, b)), false) = (dup_call, deliberate) {
            let (ka, kb) = (&calls[a], &calls[b]);
            self.find(
                &r::RPC_REQUEST_BATCH_DUPLICATE_ID,
                format!(
                    "{who}'s JSON-RPC batch gives id {} to element {a} ({}) and element {b} ({}): the answers, which may come in any order, cannot be paired with the calls",
                    kb.rpc_id.as_ref().map(|i| i.to_string()).unwrap_or_default(),
                    ka.method.as_deref().unwrap_or("?"),
                    kb.method.as_deref().unwrap_or("?"),
                ),
                vec![x.ev_at(
                    x.req_ev_seq(),
                    &format!("/{b}/id"),
                    kb.rpc_id.as_ref().map(Json::to_value),
                )],
                &x.leg,
            );
        }
        if !(200..300).contains(&status) || x.synthetic || ids.is_empty() {
            return;
        }
        let n = calls.len();
        let Some(v) = json else {
            self.find(
                &r::RPC_ENVELOPE,
                format!(
                    "the agent answered a JSON-RPC batch of {n} calls (ids {shown_ids}) with {} instead of an Array of Response objects (JSON-RPC 2.0 §6)",
                    if body.is_empty() { "an empty body" } else { "a body that is not JSON" }
                ),
                vec![if body.is_empty() {
                    x.ev(x.resp_seq)
                } else {
                    x.ev_at(bseq, "", Some(excerpt(&String::from_utf8_lossy(body))))
                }],
                &x.leg,
            );
            return;
        };
        let Some(list) = v.as_array() else {
            // One error object: the server refused the batch as a whole (-32600 and the
            // like, JSON-RPC 2.0 §6 for a batch it does not recognise). Anything else cannot
            // be paired with the calls: a result, or an error that names a call's id (the
            // answer to that call, not wrapped in the Array: breaker26 R14).
            let answers_call = v
                .get("id")
                .and_then(|i| jsonrpc::id_key(Some(i)))
                .is_some_and(|k| ids.contains(&k));
            if v.get("error").is_none() || answers_call {
                let what = if v.get("error").is_some() {
                    "a single error response to one of its calls"
                } else {
                    "a single object"
                };
                self.find(
                    &r::RPC_ENVELOPE,
                    format!(
                        "the agent answered a JSON-RPC batch of {n} calls (ids {shown_ids}) with {what} instead of an Array of Response objects (JSON-RPC 2.0 §6): the client cannot pair it with its calls"
                    ),
                    vec![x.ev(x.req_ev_seq()), x.ev_at(bseq, "", Some(excerpt_value(v)))],
                    &x.leg,
                );
            } else if v
                .get("error")
                .and_then(|e| e.get("code"))
                .and_then(Json::as_i64)
                == Some(jsonrpc::INVALID_PARAMS)
                && !x.probe_negative()
            {
                // ERR-001 (sdkc42 batch@js): a refusal of the batch as a whole names no call,
                // so no call's params were read; -32602 says they were. A server that takes
                // no batch answers -32600 (the Array is no Request object it knows, JSON-RPC
                // 2.0 §5.1), as a2a-sdk does; @a2a-js/sdk 1.3.0 maps its malformed-request
                // error to -32602 (no-jsonrpc@js is the same mapping).
                self.find(
                    &r::RPC_ERROR_CODE,
                    format!(
                        "the agent refused the client's JSON-RPC batch of {n} calls (ids {shown_ids}) as a whole with -32602 InvalidParamsError, though a whole-batch refusal reads no call's params: a server that takes no batch answers -32600 InvalidRequestError (JSON-RPC 2.0 §5.1)"
                    ),
                    vec![x.ev_at(
                        bseq,
                        "/error/code",
                        Some(Value::from(jsonrpc::INVALID_PARAMS)),
                    )],
                    &x.leg,
                );
            }
            return;
        };
        if list.is_empty() {
            self.find(
                &r::RPC_ENVELOPE,
                format!(
                    "the agent answered a JSON-RPC batch of {n} calls (ids {shown_ids}) with an empty Array (JSON-RPC 2.0 §6: a server MUST NOT return an empty Array)"
                ),
                vec![x.ev_at(bseq, "", Some(excerpt_value(v)))],
                &x.leg,
            );
            return;
        }
        let mut seen: Vec<String> = Vec::new();
        let mut envelope_reported = false;
        let mut id_reported = false;
        for (j, e) in list.iter().enumerate() {
            let base = format!("/{j}");
            if !jsonrpc::looks_like_response(e) {
                if !envelope_reported {
                    envelope_reported = true;
                    self.find(
                        &r::RPC_ENVELOPE,
                        format!("element {j} of the agent's answer to a JSON-RPC batch is not a Response object"),
                        vec![x.ev_at(bseq, &base, Some(excerpt_value(e)))],
                        &x.leg,
                    );
                }
                continue;
            }
            let rv = jsonrpc::response_view(e);
            if let Some((p, m)) = rv.problems.first().filter(|_| !envelope_reported) {
                envelope_reported = true;
                let ptr = format!("{base}{p}");
                self.find(
                    &r::RPC_ENVELOPE,
                    format!("element {j} of the agent's answer to a JSON-RPC batch: {m}"),
                    vec![x.ev_at(bseq, &ptr, v.pointer(&ptr).map(Json::to_value))],
                    &x.leg,
                );
            }
            let got = jsonrpc::id_key(rv.id);
            let matched = got.as_ref().and_then(|g| {
                calls
                    .iter()
                    .find(|k| jsonrpc::id_key(k.rpc_id.as_ref()).as_ref() == Some(g))
            });
            if let Some(g) = &got {
                seen.push(g.clone());
            }
            // More answers with this id than calls with it (two calls may share an id: the
            // client's fault, RPC-REQ-004; each answer echoing it is right, RPC-002).
            let duplicate = got
                .as_ref()
                .is_some_and(|g| seen.iter().filter(|s| *s == g).count() > id_count(g).max(1));
            // An answer to an id two calls share cannot be paired with one of them.
            let ambiguous = got.as_ref().is_some_and(|g| id_count(g) > 1);
            // An error with id null answers a call whose id the server could not read; any
            // answer with id null echoes a call whose id was null (the client's RPC-REQ-001,
            // breaker36 M27).
            let null_error = rv.id.is_none_or(Json::is_null)
                && (e.get("error").is_some()
                    || calls.iter().any(|k| matches!(k.rpc_id, Some(Json::Null))));
            if (matched.is_none() || duplicate) && !null_error {
                if !id_reported {
                    id_reported = true;
                    let shown = rv
                        .id
                        .map(|i| i.to_string())
                        .unwrap_or_else(|| "null".into());
                    let what = if duplicate {
                        format!("repeats id {shown}: the client cannot pair it with its call")
                    } else if rv.id.is_none_or(Json::is_null) && !notifications.is_empty() {
                        // JSON-RPC 2.0 §6: no Response for a notification in a batch.
                        let which = match notifications.as_slice() {
                            [(i, m)] => format!("the notification {m} (element {i})"),
                            _ => format!("one of its {} notifications", notifications.len()),
                        };
                        format!(
                            "has id null: it answers {which}, and a server MUST NOT answer a notification (JSON-RPC 2.0 §6)"
                        )
                    } else {
                        format!("has id {shown}, which no call of the batch had (ids {shown_ids}): the client cannot pair it with its call")
                    };
                    self.find(
                        &r::RPC_ID_MISMATCH,
                        format!("element {j} of the agent's answer to a JSON-RPC batch {what}"),
                        vec![
                            x.ev(x.req_ev_seq()),
                            x.ev_at(bseq, &format!("{base}/id"), rv.id.map(Json::to_value)),
                        ],
                        &x.leg,
                    );
                }
                continue;
            }
            // breaker37 (round sixteen's leftover): an error element judged as the error of
            // its call sent alone.
            if let (Some(k), Some(_), false) = (matched, e.get("error"), duplicate || ambiguous) {
                let i = calls.iter().position(|c| std::ptr::eq(c, k)).unwrap_or(0);
                let from = self.out.len();
                let one = batch_element(x, k, true, (i, j));
                self.batch_element_judged(x, &one, (i, j), e, None, from);
                continue;
            }
            let (Some(k), Some(res)) = (matched, e.get("result")) else {
                continue;
            };
            if duplicate || ambiguous {
                continue;
            }
            if let (Some(what), Some(_), false) = (k.params_not_object(), k.op, deliberate) {
                self.find(
                    &r::RPC_ERROR_CODE,
                    format!(
                        "agent processed the client's {} call (batch element answered by element {j}) whose params are {what} instead of rejecting it with -32602 Invalid params",
                        k.method.as_deref().unwrap_or("?")
                    ),
                    vec![x.ev(x.req_ev_seq()), x.ev_at(bseq, &format!("{base}/result"), None)],
                    &x.leg,
                );
            }
            let i = calls.iter().position(|c| std::ptr::eq(c, k)).unwrap_or(0);
            let one = batch_element(x, k, false, (i, j));
            // the result's findings (ID-TASK-003, ...) point into the request too: moved
            // under the call's element with the rest (left39: `/params/id` in a batch body)
            let from = self.out.len();
            let rt = self.on_result(&one, res, &format!("{base}/result"), bseq);
            self.batch_element_judged(x, &one, (i, j), e, rt, from);
        }
        // JSON-RPC 2.0 §6 (RPC-002, breaker23 B02): one Response per call that is not a
        // notification. An error with id null may stand for a call whose id the server
        // could not read, so only calls beyond those are missing.
        if !id_reported && !envelope_reported {
            let null_errors = list
                .iter()
                .filter(|e| {
                    e.get("error").is_some()
                        && jsonrpc::response_view(e).id.is_none_or(Json::is_null)
                })
                .count();
            let missing: Vec<(usize, &Call)> = calls
                .iter()
                .enumerate()
                .filter(|(_, k)| k.rpc_id.as_ref().is_some_and(|i| !i.is_null()))
                .filter(|(_, k)| {
                    jsonrpc::id_key(k.rpc_id.as_ref()).is_some_and(|g| !seen.contains(&g))
                })
                .collect();
            if missing.len() > null_errors {
                let (i, k) = missing[0];
                let id = k.rpc_id.as_ref().map(|v| v.to_string()).unwrap_or_default();
                self.find(
                    &r::RPC_ID_MISMATCH,
                    format!(
                        "the agent's answer to a JSON-RPC batch of {n} calls holds {} Response object(s) and none with id {id}, the id of element {i} ({}){}: JSON-RPC 2.0 §6 returns one Response for every call that is not a notification, so the client never gets that call's answer",
                        list.len(),
                        k.method.as_deref().unwrap_or("?"),
                        if missing.len() > 1 {
                            format!(", nor for {} other call(s)", missing.len() - 1)
                        } else {
                            String::new()
                        }
                    ),
                    vec![
                        x.ev_at(
                            x.req_ev_seq(),
                            &format!("/{i}/id"),
                            k.rpc_id.as_ref().map(Json::to_value),
                        ),
                        x.ev(bseq),
                    ],
                    &x.leg,
                );
            }
        }
    }

    /// Element `e` (index `j` of the answer) of the agent's answer to call `i` of a JSON-RPC
    /// batch, judged as the answer to that call sent alone (breaker37, round seventeen: a
    /// batch's error codes and follow-up rules were not judged): an error by
    /// [`Self::on_rpc_error`] (ERR-001, ERR-002: the code for the situation, TaskNotFound for
    /// a task the agent handed out, ...), a result (`rt`, what [`Self::on_result`] made of
    /// it) and either by [`Self::after_response`] (TASK-002, TASK-004, PUSH-001, ...).
    /// `one` is the element's exchange ([`batch_element`]); the pointers into the request
    /// and the answer of the findings told since `from` (an index of [`State::out`]: the
    /// caller's, before it judged the element's result) are moved under `/<i>` and `/<j>`.
    pub(super) fn batch_element_judged(
        &mut self,
        x: &Exch,
        one: &Exch,
        (i, j): (usize, usize),
        e: &Json,
        rt: Option<(String, Option<String>, Option<TaskState>)>,
        from: usize,
    ) {
        // A streaming call has no place in a batch: its refusal there (b23x BL4) is right,
        // and a JSON answer to it is no stream to judge.
        if !one
            .call
            .as_ref()
            .and_then(|c| c.op)
            .is_some_and(Op::is_streaming)
        {
            let rv = jsonrpc::response_view(e);
            if let Some(err) = &rv.error {
                let data = err.data.map(|d| d.to_value().to_string());
                self.on_rpc_error(one, err.code, err.message, data, x.body_seq());
                self.after_response(one, None, None);
            } else {
                let rt = rt.as_ref().map(|(a, b, s)| (a.as_str(), b.as_deref(), *s));
                self.after_response(one, rt, rv.result);
            }
        }
        let (rq, bseq) = (x.req_ev_seq(), x.body_seq());
        let id: &str = &x.id;
        if self.batch_members.len() >= MAX_PENDING_UP {
            self.batch_members.clear();
        }
        self.batch_members.insert((id.to_string(), j), i);
        let n = self.out.len();
        for f in self.out[from.min(n)..].iter_mut() {
            if !f.evidence.iter().any(|e| e.exchange.as_deref() == Some(id)) {
                continue;
            }
            // left60 (RPC-002): evidence held from an earlier batch (the code-rule
            // pairing's -32603 in one batch, -32001 in the next) points under that batch's
            // element; the words name each batch's member, not only this one's
            let earlier = earlier_batch_members(&f.evidence, id, &self.batch_members);
            if earlier.is_empty() {
                f.message.push_str(&format!(
                    " (JSON-RPC batch: call element {i}, answer element {j})"
                ));
            } else {
                let mut named: Vec<String> = earlier
                    .iter()
                    .map(|(x, i, j)| batch_member_words(x, *i, *j))
                    .collect();
                named.push(batch_member_words(id, Some(i), j));
                f.message
                    .push_str(&format!(" (JSON-RPC batches: {})", named.join("; ")));
            }
        }
        for ev in self.out[from.min(n)..]
            .iter_mut()
            .flat_map(|f| f.evidence.iter_mut())
            .filter(|ev| ev.exchange.as_deref() == Some(id))
        {
            let Some(p) = ev.pointer.as_mut() else {
                continue;
            };
            let at = |w: &str| p.starts_with(w);
            let k = if ev.seq == rq && (at("/params") || at("/method") || at("/id")) {
                i
            } else if ev.seq == bseq && (at("/error") || at("/result") || at("/id")) {
                j
            } else {
                continue;
            };
            *p = format!("/{k}{p}");
        }
    }
}

/// The members of other JSON-RPC batches than exchange `current` that `evidence` points
/// into, in evidence order: (exchange id, call element if known, answer element), read from
/// pointers `/N/error...` / `/N/result...` (answer element N) and `members` (the call element
/// of each answer element judged, [`State::batch_members`]). Evidence of a single call or
/// a card carries no `/N/` pointer and is left out.
fn earlier_batch_members(
    evidence: &[Evidence],
    current: &str,
    members: &HashMap<(String, usize), usize>,
) -> Vec<(String, Option<usize>, usize)> {
    let mut out: Vec<(String, Option<usize>, usize)> = Vec::new();
    for e in evidence {
        let (Some(xid), Some(p)) = (e.exchange.as_deref(), e.pointer.as_deref()) else {
            continue;
        };
        if xid == current {
            continue;
        }
        let mut seg = p.split('/').skip(1);
        let (Some(n), Some(rest)) = (seg.next().and_then(|n| n.parse::<usize>().ok()), seg.next())
        else {
            continue;
        };
        if !matches!(rest, "error" | "result") {
            continue;
        }
        let i = members.get(&(xid.to_string(), n)).copied();
        if !out.iter().any(|(x, _, j)| x == xid && *j == n) {
            out.push((xid.to_string(), i, n));
        }
    }
    out
}

/// "exchange e2's call element 1, answer element 1" (the call element left out when unknown).
fn batch_member_words(exchange: &str, call: Option<usize>, answer: usize) -> String {
    match call {
        Some(i) => format!("exchange {exchange}'s call element {i}, answer element {answer}"),
        None => format!("exchange {exchange}'s answer element {answer}"),
    }
}

/// Whether `x`'s answer is TaskNotCancelableError: JSON-RPC `error.code` -32002, or an
/// HTTP+JSON error whose ErrorInfo `reason` is `TASK_NOT_CANCELABLE` (ERR-002, ERR-003).
fn answered_not_cancelable(x: &Exch) -> bool {
    let Some(body) = x.resp_decoded() else {
        return false;
    };
    let Ok(v) = Json::parse(&body) else {
        return false;
    };
    v.pointer("/error/code").and_then(Json::as_i64) == Some(jsonrpc::TASK_NOT_CANCELABLE)
        || v.pointer("/error/details")
            .and_then(Json::as_array)
            .is_some_and(|ds| {
                ds.iter()
                    .any(|d| d.get("reason").and_then(Json::as_str) == Some("TASK_NOT_CANCELABLE"))
            })
}

/// Whether call `x` is a copy of call `y` passed on by an intermediary (AUTH-FWD-001): both
/// request bodies carry a message with the same messageId (JSON-RPC `params.message`, an
/// HTTP+JSON body's `message`), or the same JSON-RPC params or HTTP+JSON body (a GetTask of
/// the same task). An orchestrator's call to its delegate is its own: a new message,
/// another task's id. Read from the recorded bodies (the open call's may not be parsed
/// yet), each decoded per its `Content-Encoding` first ([`Exch::req_decoded`]): a balancer
/// that gzips its copy passes the same call on (depth51, breaker50's leftover).
fn same_call(x: &Exch, y: &Exch) -> bool {
    let read = |e: &Exch| -> Option<serde_json::Value> {
        let v: serde_json::Value = serde_json::from_slice(&e.req_decoded()?).ok()?;
        Some(match v.get("params") {
            Some(p) if v.get("jsonrpc").is_some() => p.clone(),
            _ => v,
        })
    };
    let (Some(a), Some(b)) = (read(x), read(y)) else {
        return false;
    };
    let mid = |v: &serde_json::Value| {
        v.pointer("/message/messageId")
            .and_then(serde_json::Value::as_str)
            .map(str::to_string)
    };
    match (mid(&a), mid(&b)) {
        (Some(p), Some(q)) => p == q,
        _ => !a.is_null() && a == b,
    }
}

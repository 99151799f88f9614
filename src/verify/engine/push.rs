//! Push notifications: configs created, read, deleted, and the deliveries to webhooks.

use super::*;

impl State {
    // ------------------------------------------------------------------ configs set

    /// PUSH-CFG-008 (PUSH-004, PUSH-005, ERR-006; a2a-java #1053, field case f940): the agent
    /// accepted call `c` (a Create, or a send with the config inline) whose push config, the
    /// object holding the webhook url at JSON pointer `url_ptr` (into the request body, e.g.
    /// `/params/configuration/taskPushNotificationConfig/url`), has a `token`,
    /// `authentication.scheme`, `authentication.credentials` or 0.x
    /// `authentication.schemes[]` string holding CR, LF or NUL. The agent sends these as
    /// X-A2A-Notification-Token and Authorization header values of each notification
    /// (1.0 §4.3.3), where RFC 9110 §5.5 allows none of the three. One finding per call,
    /// for the first such member; the value, a secret, is never quoted.
    pub(super) fn push_header_values_accepted(&mut self, x: &Exch, c: &Call, url_ptr: &str) {
        let Some(cfg_ptr) = url_ptr.strip_suffix("/url") else {
            return;
        };
        let rel = cfg_ptr.strip_prefix(c.params_base()).unwrap_or(cfg_ptr);
        let Some(cfg) = member_path(c.params.json(), rel) else {
            return;
        };
        let bad = |s: &str| s.bytes().any(|b| matches!(b, b'\r' | b'\n' | 0));
        let mut hit: Option<(String, &str, &'static str)> = None;
        let fields: [(&str, &'static str); 3] = [
            ("/token", "X-A2A-Notification-Token"),
            ("/authentication/scheme", "Authorization"),
            ("/authentication/credentials", "Authorization"),
        ];
        for (p, header) in fields {
            if let Some(v) = member_path(cfg, p)
                .and_then(Json::as_str)
                .filter(|v| bad(v))
            {
                hit = Some((p.to_string(), v, header));
                break;
            }
        }
        if hit.is_none() {
            if let Some(list) = member_path(cfg, "/authentication/schemes").and_then(Json::as_array)
            {
                hit = list.iter().enumerate().find_map(|(i, v)| {
                    v.as_str()
                        .filter(|v| bad(v))
                        .map(|v| (format!("/authentication/schemes/{i}"), v, "Authorization"))
                });
            }
        }
        let Some((p, v, header)) = hit else {
            return;
        };
        let what = match (v.contains('\r'), v.contains('\n')) {
            (true, true) => "CR LF",
            (true, false) => "a CR",
            (false, true) => "an LF",
            _ => "a NUL",
        };
        // The value is a secret (the token, the credentials): said by its length and where
        // the first control character sits, never quoted (secrets.rs; the recording redacts
        // it, the online finding must not print it).
        let at = v
            .chars()
            .position(|ch| matches!(ch, '\r' | '\n' | '\0'))
            .map_or(0, |i| i + 1);
        let len = v.chars().count();
        let member = p.trim_start_matches('/').replace('/', ".");
        let msg = format!(
            "agent accepted {} with a push notification config whose {member} ({len} characters, value not shown) holds {what} at character {at}: the agent sends it in the {header} header of every notification to {}, where a header value holds no CR, LF or NUL (RFC 9110 §5.5), so it either writes a header of the client's choosing into its webhook calls (header injection) or fails every notification; the config should have been refused with InvalidParams when it was set (ERR-006)",
            c.op_term("the call"),
            member_path(cfg, "/url").and_then(Json::as_str).unwrap_or("the webhook"),
        );
        let ev = vec![
            x.ev_at(x.req_ev_seq(), &format!("{cfg_ptr}{p}"), None),
            x.ev(x.resp_seq),
        ];
        self.find(&r::PUSH_CONFIG_HEADER_CONTROL, msg, ev, &x.leg);
    }

    // ------------------------------------------------------------------ webhooks

    /// PUSH-BODY-001 (PUSH-004, DATA-001; RFC 8259 §4; review26 R7): the agent's push
    /// notification to a webhook (request `x`) names one member twice in an object with two
    /// different values: which value a receiver reads depends on its JSON parser
    /// (serde_json, Python and this tool keep the last; others the first, or refuse the
    /// body), so two receivers read two notifications. The delivery form of
    /// [`Self::duplicate_member_answer`]; returns the duplicate (`None`: none, or the body
    /// is no JSON).
    pub(super) fn duplicate_member_delivery(
        &mut self,
        x: &Exch,
    ) -> Option<crate::model::json::DuplicateMember> {
        if x.synthetic {
            return None;
        }
        let body = x.req_decoded()?;
        crate::model::json::take_conflicting_duplicate();
        let parsed = Json::parse(&body).is_ok();
        let d = crate::model::json::take_conflicting_duplicate().filter(|_| parsed)?;
        let task_note = if matches!(d.name.as_str(), "taskId" | "task_id" | "id") {
            " (the task it names is not judged: either value is a receiver's fair reading)"
        } else {
            ""
        };
        self.areas.insert("push");
        self.find(
            &r::PUSH_PAYLOAD_SHAPE,
            format!(
                "the agent's push notification to {} names the member {:?} twice in one object with different values ({}, then {}): RFC 8259 §4 leaves open which one a parser keeps (serde_json and Python's json keep the last, others the first or refuse the body), so webhook receivers read different notifications{task_note}; emit each member once",
                x.url_named(),
                d.name,
                d.first,
                d.last
            ),
            vec![x.ev_at(x.req_ev_seq(), "", Some(Value::String(d.name.clone())))],
            &x.leg,
        );
        Some(d)
    }

    pub(super) fn on_webhook(&mut self, x: &Exch, _resp: Option<&Json>) {
        let c = x.call.clone().unwrap_or_default();
        let duplicate = self.duplicate_member_delivery(x);
        // A task id named twice: which task the delivery is about is the receiver's reading
        // (either value), so the task it names is not judged (review26 R7).
        let task_ambiguous = duplicate
            .as_ref()
            .is_some_and(|d| matches!(d.name.as_str(), "taskId" | "task_id" | "id"));
        let judged = self.check_push_delivery(x, &c, task_ambiguous);
        // PUSH-001: the agent pushes although its card does not declare push notifications.
        let dkey = self.delivery_key(&x.url);
        let reg = self.push_urls.get(&dkey).cloned();
        if !self.webhook_hit.contains(&dkey) {
            if self.webhook_hit.len() < MAX_PUSH_URLS {
                self.webhook_hit.insert(dkey.clone());
            } else {
                self.webhook_hit_full = true;
            }
        }
        // PUSH-004 / PUSH-005: configured credentials or token must come with the delivery
        // (not judged for a task whose config the recording does not hold). A 1.0 config's
        // `token` alone asks for nothing on the wire: PUSH-004 names only the credentials
        // from `authentication`, and 1.0 defines no token header (A2A PR #1793, breaker16a
        // S12); the 0.x token SHOULD be sent (PUSH-005).
        let required = |r: &PushReg| {
            if r.0 == Some(Dialect::V1_0) {
                r.3 & !PUSH_TOKEN
            } else {
                r.3
            }
        };
        if let Some((_, _, _, bits, false)) = reg.as_ref().filter(|r| judged && required(r) != 0) {
            let h = &x.req_headers;
            let authz = h.contains("authorization");
            let sent = authz
                || h.contains("x-a2a-notification-token")
                || h.iter()
                    .any(|(k, _)| k.to_ascii_lowercase().contains("token"));
            // Bearer/Basic credentials configured: only Authorization carries them (a2a-python
            // #585, a2a-java #810: the token header alone is not the configured auth).
            let missing = if !sent && reg.as_ref().is_some_and(|r| r.0 == Some(Dialect::V1_0)) {
                Some("agent delivered the push notification without an Authorization header, though the client's 1.0 config carries authentication credentials: send them as `Authorization: <scheme> <credentials>` with every delivery (PUSH-004)".to_string())
            } else if !sent {
                Some("push notification was delivered without the credentials or token the client configured".to_string())
            } else if bits & PUSH_HTTP_AUTH != 0 && !authz {
                Some("push notification was delivered with a token header but without the Authorization credentials the client configured".to_string())
            } else {
                None
            };
            // AUTH-001 / PUSH-004: the credentials moved into the URL query, where access
            // logs keep them and the receiver's header check does not look.
            let missing = missing.map(|m| match self.credential_in_query(x, &dkey) {
                Some(name) => format!(
                    "agent delivered the push notification with credentials in the URL query parameter {name} and none in the headers, where the client's configured credentials belong (values not shown)"
                ),
                None => m,
            });
            // PUSH-005: a 0.x config's token alone is a SHOULD (PUSH-AUTH-003, sev44)
            let token_only_0x = match reg.as_ref() {
                Some((Some(d), ..)) if d.is_0x() && *bits == PUSH_TOKEN && !sent => Some(*d),
                _ => None,
            };
            if let Some(msg) = missing {
                self.areas.insert("push");
                let (rule, msg) = match token_only_0x {
                    Some(d) if !msg.contains("URL query") => (
                        &r::PUSH_TOKEN_NOT_SENT_0X,
                        format!(
                            "push notification was delivered without the token the client's {v} config set (no X-A2A-Notification-Token or other token header): the {v} spec recommends sending it (PUSH-005, a SHOULD in {v}), and the receiver cannot tell the agent's notifications from anyone else's",
                            v = d.as_str()
                        ),
                    ),
                    _ => (&r::PUSH_NO_CREDENTIALS, msg),
                };
                self.find(rule, msg.to_string(), vec![x.ev(x.req_seq)], &x.leg);
                if let Some(p) = self.push_urls.get_mut(&dkey) {
                    p.4 = true;
                }
            }
        }
        if let Some((_, Some((origin, path)), false, _, _)) = reg {
            if let Some(card) = self.card_at(&origin, &path).cloned() {
                if card.view.push_notifications != Some(true) {
                    self.find(
                        &r::CAP_PUSH,
                        format!(
                            "agent delivered push notifications although its card{} does not declare pushNotifications",
                            if self.agents_on(&origin) >= 2 {
                                format!(" (fetched at {}, the card that governed the call registering this webhook)", card.url)
                            } else {
                                String::new()
                            }
                        ),
                        vec![
                            Evidence {
                                seq: card.seq,
                                exchange: Some(card.exchange.clone()),
                                pointer: Some("/capabilities/pushNotifications".into()),
                                found: card.view.push_notifications.map(Value::Bool),
                            },
                            x.ev(x.req_seq),
                        ],
                        &x.leg,
                    );
                }
            }
            if let Some(p) = self.push_urls.get_mut(&dkey) {
                p.2 = true;
            }
        }
        let body = x.req_decoded().unwrap_or_default();
        let v = match Json::parse(&body) {
            Ok(v) => v,
            Err(e) => {
                if let Some(limit) = jsonrpc::parser_limit(&e) {
                    // breaker38: RFC 8259 §9, §6, as such an answer: not judged, said so.
                    self.beyond_parser(x, "push notification body", limit);
                }
                return;
            }
        };
        // A webhook registered over 0.1 gets the 0.1 Task / event (no `kind`; PUSH-005:
        // the payload is not fixed): read it in the 0.2 shape the 0.x rules know.
        // 0.1 events carry no sessionId: the context is the task's, as far as known.
        let ctx = (c.dialect == Some(Dialect::V0_1))
            .then(|| v.get("id").and_then(Json::as_str))
            .flatten()
            .and_then(|id| self.task_of(x, id))
            .and_then(|t| t.context_id.clone());
        let v = match (c.dialect == Some(Dialect::V0_1))
            .then(|| a2a::lift_v01(&v, ctx.as_deref()))
            .flatten()
        {
            Some(l) => l,
            None => v,
        };
        let seq = x.req_ev_seq();
        let p = match classify_payload(&v, "") {
            Ok(p) => {
                // DATA-001: a 1.0 notification uses the JSON names, not the proto names.
                if c.dialect == Some(Dialect::V1_0) {
                    // every proto name, not the first alone (left55): the first five and
                    // a count, each of the five with its first pointer
                    let (names, total) = proto_field_names(&v, "", PROTO_NAMES_SHOWN);
                    if !names.is_empty() {
                        let said = proto_names_said(&names, total, "a receiver");
                        self.find(
                            &r::PUSH_PAYLOAD_SHAPE,
                            format!("1.0 push notification uses {said}"),
                            names
                                .iter()
                                .map(|(ptr, ..)| x.ev_at(seq, ptr, None))
                                .collect(),
                            &x.leg,
                        );
                    }
                    // PUSH-004: the body is one StreamResponse; a 0.x object with the
                    // `kind` discriminator (a 0.3 Task or update event) has none of its
                    // members, so a 1.0 receiver finds no task, message, statusUpdate or
                    // artifactUpdate in it, whatever its state spelling (breaker13 M11).
                    if p.pointer.is_empty() {
                        let (what, member) = match p.kind {
                            PayloadKind::Task => ("Task", "task"),
                            PayloadKind::Message => ("Message", "message"),
                            PayloadKind::StatusUpdate => ("status-update event", "statusUpdate"),
                            PayloadKind::ArtifactUpdate => {
                                ("artifact-update event", "artifactUpdate")
                            }
                        };
                        let kind = v.get("kind").and_then(Json::as_str).unwrap_or("");
                        self.find(
                            &r::PUSH_PAYLOAD_SHAPE,
                            format!("1.0 push notification payload is not a StreamResponse: it is a 0.x {what} (kind {kind:?}) at the top level; 1.0 wraps it as {{\"{member}\": {{...}}}} without kind"),
                            vec![x.ev_at(seq, "/kind", v.get("kind").map(Json::to_value))],
                            &x.leg,
                        );
                    }
                }
                p
            }
            Err(msg) => {
                self.find(
                    &r::PUSH_PAYLOAD_SHAPE,
                    format!("push notification payload is not a StreamResponse: {msg}"),
                    vec![x.ev_at(seq, "", Some(excerpt_value(&v)))],
                    &x.leg,
                );
                return;
            }
        };
        let mut shape_reported = false;
        if matches!(
            p.kind,
            PayloadKind::StatusUpdate | PayloadKind::ArtifactUpdate
        ) {
            let u = update_view(p.inner, p.kind, &p.pointer);
            let missing: Vec<&str> = [
                ("taskId", u.task_id.is_none()),
                ("contextId", u.context_id.is_none()),
            ]
            .iter()
            .filter(|(_, m)| *m)
            .map(|(n, _)| *n)
            .collect();
            if !missing.is_empty() || !u.problems.is_empty() {
                let what = if missing.is_empty() {
                    u.problems[0].1.clone()
                } else {
                    format!("update has no {}", missing.join(" and "))
                };
                let ptr = if missing.is_empty() {
                    u.problems[0].0.clone()
                } else {
                    format!("{}/{}", p.pointer, missing[0])
                };
                self.find(
                    &r::PUSH_PAYLOAD_SHAPE,
                    format!("push notification payload is malformed: {what}"),
                    vec![x.ev_at(seq, &ptr, None)],
                    &x.leg,
                );
                shape_reported = true;
            }
        }
        // DATA-002: a 1.0 payload's Task or statusUpdate carries its status timestamp as
        // RFC 3339 with a zone, as in a send result or a stream event (an epoch number or a
        // naive time makes the whole StreamResponse undecodable to a ProtoJSON receiver).
        // The 0.x push payload is not fixed (PUSH-005) and is not judged here.
        if !shape_reported
            && c.dialect == Some(Dialect::V1_0)
            && matches!(p.kind, PayloadKind::Task | PayloadKind::StatusUpdate)
        {
            if let Some((ptr, msg)) = p.inner.get("status").and_then(|st| {
                a2a::status_timestamp_problem(st, &jptr(&p.pointer, &[Key("status")]))
            }) {
                self.find(
                    &r::PUSH_PAYLOAD_SHAPE,
                    format!("push notification payload is malformed: {msg}"),
                    vec![x.ev_at(seq, &ptr, None)],
                    &x.leg,
                );
            }
        }
        {
            // The reverse mix: a webhook registered over 0.x gets a 1.0 StreamResponse (a2a-js
            // #487 / PR #507: 0.3 configs fell back to the 1.0 serializer). A warning: the 0.x
            // payload is not fixed (PUSH-005), but 0.x receivers dispatch on `kind`.
            // No version rule is broken (breaker8 G20): the finding cites PUSH-005 and says
            // what a 0.x receiver usually expects, not VER-002 / DATA-001.
            if c.dialect.is_some_and(Dialect::is_0x) && p.wrapped {
                let d = c.dialect.map(Dialect::as_str).unwrap_or("0.x");
                let mut f = Finding::new(
                    &r::VER_MIXED_PAYLOAD,
                    format!(
                        "push notification for a webhook registered over {d} uses the 1.0 oneof wrapper instead of the kind discriminator: the 0.x push payload is not fixed (PUSH-005), but {d} receivers usually expect the Task object (the 0.x examples)"
                    ),
                );
                f.spec = vec!["PUSH-005".into()];
                f.help = format!("send webhooks registered over {d} the 0.x payload their receivers parse (the Task object with kind \"task\", as in the 0.x examples), and the 1.0 StreamResponse only to webhooks registered over 1.0");
                f.evidence = vec![x.ev_at(seq, &p.pointer, None)];
                f.leg = x.leg.clone();
                self.emit(f);
            }
            if c.dialect == Some(Dialect::V1_0) {
                if let Some(m) = a2a::part_member_mix(&v, "", a2a::PartStyle::V1) {
                    let msg = part_mix_message("the agent's push notification", &c, &m);
                    self.find(
                        &r::VER_MIXED_PAYLOAD,
                        msg,
                        vec![x.ev_at(seq, &m.pointer, None)],
                        &x.leg,
                    );
                }
                if !p.wrapped {
                    self.find(
                        &r::VER_MIXED_PAYLOAD,
                        "1.0 push notification payload uses the 0.x kind discriminator".to_string(),
                        vec![x.ev_at(seq, "/kind", v.get("kind").map(Json::to_value))],
                        &x.leg,
                    );
                } else if let Some(ptr) = kind_in_payload(p.inner, &p.pointer) {
                    // mine54 (vellum-assistant PR #30925): the 1.0 StreamResponse wrapper
                    // around an object whose parts (or messages) still carry 0.3's `kind`,
                    // told as on a send result and a stream event (DATA-001, VER-002): a
                    // ProtoJSON webhook receiver rejects the notification.
                    let msg = kind_in_wrapper_msg(
                        "the agent's push notification",
                        Dialect::V1_0,
                        &p,
                        &ptr,
                        true,
                    );
                    self.find(
                        &r::VER_MIXED_PAYLOAD,
                        msg,
                        vec![x.ev_at(seq, &ptr, None)],
                        &x.leg,
                    );
                } else if p.kind == PayloadKind::StatusUpdate && p.inner.contains_key("final") {
                    self.find(
                        &r::VER_MIXED_PAYLOAD,
                        "1.0 push notification status update carries the 0.x member final"
                            .to_string(),
                        vec![x.ev_at(
                            seq,
                            &format!("{}/final", p.pointer),
                            p.inner.get("final").map(Json::to_value),
                        )],
                        &x.leg,
                    );
                }
                // DATA-SHAPE-008 (fix19v V1): the Task of a 1.0 push StreamResponse is a Task
                // too; a ProtoJSON webhook receiver rejects members a2a.proto lacks.
                // PUSH-BODY-001 (PUSH-004, DATA-004, DATA-005; mine54, vellum-assistant PR
                // #30925): the Task or Message of a 1.0 push StreamResponse is checked whole,
                // as a send result's and a stream event's are: its status message, history
                // and artifacts (a 0.3 file part {file: {uri}}, a lowercase role, a part
                // that sets none of text, raw, url, data). Its status timestamp is judged
                // above; updates' own members by `update_view`.
                if !shape_reported && p.wrapped {
                    if let Some((ptr, msg)) = push_nested_problem(&p, a2a::PartStyle::V1) {
                        self.find(
                            &r::PUSH_PAYLOAD_SHAPE,
                            format!("1.0 push notification payload is malformed: {msg}"),
                            vec![x.ev_at(seq, &ptr, None)],
                            &x.leg,
                        );
                    }
                }
                if p.wrapped && p.kind == PayloadKind::Task {
                    if let Some((ptr, names)) = a2a::task_members_outside_proto(p.inner, &p.pointer)
                    {
                        let msg =
                            task_outside_proto_msg("the agent's push notification Task", &names);
                        let ev = vec![x.ev_at(seq, &ptr, None)];
                        self.find(&r::TASK_MEMBER_NOT_IN_PROTO, msg, ev, &x.leg);
                    }
                }
            }
            // PUSH-BODY-001 (left55; PUSH-005, DATA-004, DATA-005): a 0.2 / 0.3 push of a 0.x
            // object (a Task, a Message or an update event with its kind) is that object,
            // so its nested messages, parts and artifacts are judged below its top level as
            // a 0.3 Task answer's are (the 0.x JSON-RPC part style: kind text / file / data,
            // file with one of bytes / uri, data an object, at least one part). The 0.x
            // payload is not fixed (PUSH-005): what is sent is not judged, only that the
            // 0.x object it is holds the 0.x data model. 0.1 (lifted above) is left alone.
            if !shape_reported
                && !p.wrapped
                && matches!(c.dialect, Some(Dialect::V0_2) | Some(Dialect::V0_3))
            {
                if let Some((ptr, msg)) = push_nested_problem(&p, a2a::PartStyle::V0Rpc) {
                    let d = c.dialect.map(Dialect::as_str).unwrap_or("0.x");
                    self.find(
                        &r::PUSH_PAYLOAD_SHAPE,
                        format!("{d} push notification payload is malformed: {msg}"),
                        vec![x.ev_at(seq, &ptr, None)],
                        &x.leg,
                    );
                }
            }
            let seen = match p.kind {
                PayloadKind::Task => {
                    let tv = task_view(p.inner, &p.pointer, false);
                    self.webhook_state_spelling(x, tv.state_raw, tv.state, &p.pointer, seq);
                    tv.id.map(|id| (id, tv.context_id, tv.state))
                }
                PayloadKind::StatusUpdate => {
                    let u = update_view(p.inner, p.kind, &p.pointer);
                    self.webhook_state_spelling(x, u.state_raw, u.state, &p.pointer, seq);
                    u.task_id.map(|id| (id, u.context_id, u.state))
                }
                _ => None,
            };
            if matches!(p.kind, PayloadKind::Task | PayloadKind::StatusUpdate) {
                if let Some((rule, msg, ev)) =
                    status_not_utc(x, &c, p.inner, &p.pointer, seq, &"push notification")
                {
                    self.find(rule, msg, ev, &x.leg);
                }
            }
            if p.kind == PayloadKind::ArtifactUpdate {
                let u = update_view(p.inner, p.kind, &p.pointer);
                if let Some(tid) = u.task_id {
                    self.webhook_artifact_after_terminal(x, tid, u.artifact_id, &p.pointer, seq);
                    self.note_webhook_task(tid);
                }
            }
            if let Some((id, ctx, st)) = seen {
                let ts = p
                    .inner
                    .get("status")
                    .and_then(|s| s.get("timestamp"))
                    .and_then(Json::as_str)
                    .and_then(parse_rfc3339_ms);
                let st = self.webhook_state_to_judge(x, id, st, ts);
                self.observe(
                    id,
                    ctx,
                    st,
                    seq,
                    x,
                    &jptr(&p.pointer, &[Key("status"), Key("state")]),
                );
                self.check_auth_explained(x, p.inner, &p.pointer, seq, &"push notification");
                let snap = if p.kind == PayloadKind::Task {
                    Snapshot::Whole
                } else {
                    Snapshot::No
                };
                self.note_terminal_snapshot(x, id, st, p.inner, snap, seq);
                let dkey = self.delivery_key(&x.url);
                self.note_webhook_task(id);
                if let Some(t) = self.task_of_mut(x, id) {
                    if let Some(s) = st {
                        if !t.webhook_states.contains(&s) {
                            t.webhook_states.push(s);
                        }
                        if s.is_terminal()
                            && !t.terminal_pushed_to.contains(&dkey)
                            && t.terminal_pushed_to.len() < MAX_PUSH_SECRETS
                        {
                            t.terminal_pushed_to.push(dkey.clone());
                        }
                    }
                    if let Some(ms) = ts {
                        let skew = (x.req_t / 1000) as i64 - ms;
                        if t.webhook_clock.is_none_or(|(k, _, _)| skew < k) {
                            t.webhook_clock = Some((skew, c.dialect, c.binding));
                        }
                        if self.webhook_seen.len() < MAX_PUSH_URLS {
                            self.webhook_seen.entry(dkey.clone()).or_insert((
                                skew,
                                c.dialect,
                                c.binding,
                                x.tkey(id),
                            ));
                        }
                    }
                }
            }
        }
    }

    /// PUSH-CFG-002 bookkeeping: the config a successful Create answered (`res`) is live
    /// for its task and webhook URL: remembered by `task \0 config id` (and `task \0 task`
    /// when no id is known, the SDKs' default), and no longer deleted.
    pub(super) fn note_push_config_created(&mut self, x: &Exch, c: &Call, res: &Json) {
        let Some(task) = push_call_task(c)
            .map(str::to_string)
            .or_else(|| res.get("taskId").and_then(Json::as_str).map(str::to_string))
        else {
            return;
        };
        let url = push_url_of(c).map(|(_, u)| u).or_else(|| {
            res.get("url")
                .or_else(|| res.get("pushNotificationConfig").and_then(|p| p.get("url")))
                .and_then(Json::as_str)
                .map(str::to_string)
        });
        let Some(url) = url else { return };
        let key = webhook_key(&url).into_owned();
        let id = res
            .get("id")
            .or_else(|| res.get("pushNotificationConfig").and_then(|p| p.get("id")))
            .or_else(|| {
                c.params
                    .get("id")
                    .filter(|_| c.dialect == Some(Dialect::V1_0))
            })
            .or_else(|| {
                c.params
                    .get("pushNotificationConfig")
                    .and_then(|p| p.get("id"))
            })
            .and_then(Json::as_str)
            .filter(|s| !s.is_empty())
            .unwrap_or(&task)
            .to_string();
        self.note_push_config_live(&task, &id, &key, x.req_seq);
        // PUSH-CFG-006 tracks configs by the id the agent's answer gave only (an id this
        // recording guessed may not be the one the agent stored).
        let rid = res
            .get("pushNotificationConfig")
            .map_or_else(|| res.get("id"), |n| n.get("id"))
            .and_then(Json::as_str)
            .filter(|s| !s.is_empty());
        if rid.is_none() && self.push_idless.len() < MAX_PUSH_URLS {
            self.push_idless.insert(x.tkey(&task));
        }
        if let Some(rid) = rid {
            let tkey = x.tkey(&task);
            if self.push_live.len() < MAX_PUSH_URLS || self.push_live.contains_key(&tkey) {
                let ids = self.push_live.entry(tkey).or_default();
                if !ids.iter().any(|(i, _, _)| i == rid) && ids.len() < MAX_PUSH_SECRETS {
                    ids.push((rid.to_string(), x.body_seq(), str::to_string(&x.id)));
                }
            }
        }
    }

    /// PUSH-CFG-002 bookkeeping: config `id` of task `task` with webhook `url` is live
    /// (created by Create or inline in a send): remembered by `task \0 id`, and the URL is
    /// no longer deleted for the task. `since`: the line of the request that created it.
    pub(super) fn note_push_config_live(&mut self, task: &str, id: &str, url: &str, since: u64) {
        let key = webhook_key(url).into_owned();
        self.push_deleted_ids.remove(&format!("{task}\u{0}{id}"));
        if self.push_config_urls.len() < MAX_PUSH_URLS {
            self.push_config_urls
                .insert(format!("{task}\u{0}{id}"), key.clone());
            self.push_config_since
                .insert(format!("{task}\u{0}{id}"), since);
        }
        if let Some(list) = self.push_deleted.get_mut(&key) {
            list.retain(|(t, _, _, _)| t != task);
            if list.is_empty() {
                self.push_deleted.remove(&key);
            }
        }
    }

    /// PUSH-CFG-002 bookkeeping for a push config given inline in a send (PUSH-002:
    /// `configuration.taskPushNotificationConfig` in 1.0, `configuration.pushNotificationConfig`
    /// in 0.2.x/0.3, `configuration.pushNotification` in 0.1): once the agent answers
    /// with task `task`, the config is stored for that task exactly as if Create had set
    /// it, under its `id` (or the task id, the SDKs' default config id), so a Delete
    /// ends it (PUSH-003).
    ///
    /// PUSH-CFG-006 bookkeeping as well: the config is remembered by the task and its
    /// webhook URL in [`State::push_inline`] (`x`: the send's exchange), so a complete List
    /// of the task that lists no config for that URL is told.
    pub(super) fn note_inline_push_config(&mut self, x: &Exch, c: &Call, task: &str, req_seq: u64) {
        let Some((ptr, url)) = push_url_of(c) else {
            return;
        };
        let tkey = x.tkey(task);
        if self.push_inline.len() < MAX_PUSH_URLS || self.push_inline.contains_key(&tkey) {
            self.push_inline.insert(
                tkey,
                (url.clone(), ptr.clone(), req_seq, str::to_string(&x.id)),
            );
        }
        let pre = c.params_base();
        let cfg_ptr = ptr
            .strip_prefix(pre)
            .unwrap_or(&ptr)
            .trim_end_matches("/url");
        let id = c
            .params
            .pointer(cfg_ptr)
            .and_then(|v| v.get("id"))
            .and_then(Json::as_str)
            .filter(|s| !s.is_empty())
            .unwrap_or(task)
            .to_string();
        self.note_push_config_live(task, &id, &url, req_seq);
        // PUSH-BODY-002 (PUSH-002, PUSH-003: a config belongs to the one task it was
        // given for): the config remembered for this webhook when the request was seen
        // had no task yet (the send creates it); it is this task's now. A second send
        // with the same config before either answer shares one entry: its task gets a
        // copy.
        let key = webhook_key(&url).into_owned();
        if let Some(s) = self.push_secrets.get_mut(&key).and_then(|list| {
            list.iter_mut()
                .find(|s| s.task.is_none() && s.span.0 == req_seq)
        }) {
            s.task = Some(task.to_string());
        }
    }

    /// PUSH-BODY-004 (PUSH-004: the receiver validates the task id; AUTH-006): the push
    /// config `new` (webhook key `url`) carries the same token or HTTP credentials as a
    /// config registered at another agent (origin), and one of the two requests was sent
    /// and answered while the other was in progress: the agent of the enclosing call
    /// passed the config its client gave it on to the agent of the enclosed one. Compared
    /// by fingerprint; a config without a token or credentials is not judged. A gateway's
    /// upstream copy of its client's call (the one on leg `upstream`, the other on the
    /// client's leg) is that call seen on the gateway's two sides, not a relay: not judged
    /// (open47: every gateway in front of a push-capable agent drew this error).
    pub(super) fn check_push_config_relayed(&mut self, url: &str, new: &PushSecret) {
        if self.push_relayed.contains(url) || (new.token.is_none() && new.http_cred.is_none()) {
            return;
        }
        let Some(list) = self.push_secrets.get(url) else {
            return;
        };
        let inside = |a: &PushSecret, b: &PushSecret| {
            b.span.0 < a.span.0 && a.span.0 < a.span.1 && a.span.1 < b.span.1
        };
        let hit = list.iter().find_map(|old| {
            let same_secret = (new.token.is_some() && old.token == new.token)
                || (new.http_cred.is_some() && old.http_cred == new.http_cred);
            let gateway_hop = old.leg != new.leg
                && matches!(
                    (old.leg.as_deref(), new.leg.as_deref()),
                    (Some("upstream"), None) | (None, Some("upstream"))
                );
            if !same_secret
                || gateway_hop
                || old.origin.is_none()
                || new.origin.is_none()
                || old.origin == new.origin
            {
                return None;
            }
            if inside(new, old) {
                Some((old.clone(), new.clone()))
            } else if inside(old, new) {
                Some((new.clone(), old.clone()))
            } else {
                None
            }
        });
        let Some((outer, inner)) = hit else {
            return;
        };
        self.push_relayed.insert(url.to_string());
        self.areas.insert("push");
        let what = if inner.token.is_some() && inner.token == outer.token {
            "token"
        } else {
            "credentials"
        };
        let (oa, ia) = (
            outer.origin.clone().unwrap_or_default(),
            inner.origin.clone().unwrap_or_default(),
        );
        self.find(
            &r::PUSH_CONFIG_RELAYED,
            format!(
                "agent at {oa} passed the push notification config its client gave it (url {url}, with the client's {what}; value not shown) on to agent at {ia} while handling that call: the client's webhook then gets notifications about {ia}'s tasks, which the client never created and drops (it validates the task id), and a third agent holds the client's {what}"
            ),
            vec![
                Evidence {
                    seq: outer.span.0,
                    exchange: Some(outer.xid.clone()),
                    pointer: Some(outer.ptr.clone()),
                    found: Some(Value::String(url.to_string())),
                },
                Evidence {
                    seq: inner.span.0,
                    exchange: Some(inner.xid.clone()),
                    pointer: Some(inner.ptr.clone()),
                    found: Some(Value::String(url.to_string())),
                },
            ],
            &None,
        );
    }

    /// PUSH-CFG-005 (PUSH-003, 1.0 §3.1.8: Get returns the named config): a Get of config
    /// `id` (1.0 `id`, the HTTP+JSON route's `{configId}`, 0.x `pushNotificationConfigId`)
    /// answered with a config `res` (at JSON Pointer `base`, line `bseq`) of another id
    /// (1.0 flat `id`, 0.x `pushNotificationConfig.id`). A Get that names no config id, or
    /// an answer without one, is not judged.
    pub(super) fn push_get_other_config(
        &mut self,
        x: &Exch,
        c: &Call,
        res: &Json,
        base: &str,
        bseq: u64,
    ) {
        let Some(want) = push_call_config_id(c, &x.path) else {
            return;
        };
        let (got, ptr) = match res.get("pushNotificationConfig") {
            Some(n) => (n.get("id"), format!("{base}/pushNotificationConfig/id")),
            None => (res.get("id"), format!("{base}/id")),
        };
        let Some(got) = got.and_then(Json::as_str).filter(|s| !s.is_empty()) else {
            return;
        };
        let task = push_call_task(c).unwrap_or("?");
        if got == want {
            self.push_get_other_url(x, c, res, (task, &want), base, bseq);
            return;
        }
        self.areas.insert("push");
        self.find(
            &r::PUSH_CONFIG_OTHER_ID,
            format!(
                "the agent answered {} for push notification config {want} of task {task} with config {got} (another webhook url and token)",
                c.op_term(Op::GetPushConfig.name())
            ),
            vec![
                x.ev(x.req_ev_seq()),
                x.ev_at(bseq, &ptr, Some(Value::String(got.to_string()))),
            ],
            &x.leg,
        );
    }

    /// PUSH-CFG-005 (PUSH-003, 1.0 §3.1.8; session 45): a 1.0 Get of config `id` of `task` (its answer `res` at
    /// JSON Pointer `base`, line `bseq`) answered with that id but another webhook `url` than the one the agent's own Create
    /// answer for that config held (the creates [`Self::check_push_config_replaced`] keeps:
    /// no client-chosen id, not deleted since): the Get hands the client another config
    /// than the one it made. A config whose create the recording lacks is not judged, nor a
    /// "Get" that could have set a url (an HTTP+JSON request under another verb than GET, a
    /// request naming a url: b37x-M11's POST to the config's path).
    fn push_get_other_url(
        &mut self,
        x: &Exch,
        c: &Call,
        res: &Json,
        (task, id): (&str, &str),
        base: &str,
        bseq: u64,
    ) {
        // a Get asked for under another HTTP verb with a body (a POST to the config's path:
        // REST-VERB-001 / -002's) may have set a new url: only a plain Get is judged
        if res.get("pushNotificationConfig").is_some()
            || (c.binding == Some(Binding::Rest) && !x.method.eq_ignore_ascii_case("GET"))
            || c.params.get("url").is_some()
        {
            return;
        }
        let Some((created, created_ev)) = self.push_created.get(&format!("{task}\u{0}{id}")) else {
            return;
        };
        let Some(url) = res.get("url").and_then(Json::as_str) else {
            return;
        };
        if url == created || created.is_empty() {
            return;
        }
        let (created, created_ev) = (created.clone(), created_ev.clone());
        self.areas.insert("push");
        self.find(
            &r::PUSH_CONFIG_OTHER_ID,
            format!(
                "the agent answered {} for push notification config {id} of task {task} with that id but webhook url {url}, not {created}, which its create of that config answered: another config than the client made",
                c.op_term(Op::GetPushConfig.name())
            ),
            vec![
                created_ev,
                x.ev(x.req_ev_seq()),
                x.ev_at(bseq, &format!("{base}/url"), Some(Value::String(url.to_string()))),
            ],
            &x.leg,
        );
    }

    /// ListTaskPushNotificationConfigs answers (`res` at JSON Pointer `base`, line `bseq`;
    /// `list`: each config with its pointer): DATA-LIST-005 (1.0 proto
    /// `ListTaskPushNotificationConfigsRequest.page_size`, "the maximum number of
    /// configurations to return") for more configs than a positive `pageSize` (JSON-RPC /
    /// gRPC params, HTTP+JSON query parameter); PUSH-CFG-006 (PUSH-003) for a complete list
    /// (no `pageToken` asked, no `nextPageToken` or `""` returned) of a task not known to
    /// be terminal that leaves out a config whose Create the agent answered (with that id)
    /// before the request and which no successful Delete ended.
    pub(super) fn push_list_checks(
        &mut self,
        x: &Exch,
        c: &Call,
        res: &Json,
        list: &[(&Json, String)],
        base: &str,
        bseq: u64,
    ) {
        let param = |name: &str| list_param(x, c, name);
        let size = param("pageSize").and_then(|s| s.trim().parse::<usize>().ok());
        if let Some(n) = size.filter(|n| *n >= 1 && list.len() > *n) {
            self.areas.insert("push");
            let e = vec![x.ev(x.req_ev_seq()), x.ev_at(bseq, &list[n].1, None)];
            self.find(
                &r::DATA_LIST_PUSH_PAGE_SIZE,
                format!(
                    "agent's {} page lists {} configs although the request's pageSize is {n}",
                    c.op_term(Op::ListPushConfigs.name()),
                    list.len()
                ),
                e,
                &x.leg,
            );
        }
        if let Some(task) = push_call_task(c) {
            self.push_list_paging(x, c, task, res, list, base, bseq);
        }
        // left58 item 7: a blank-config-id route (`.../pushNotificationConfigs/`) answered
        // with one config and no list is the agent's guess at a config (DATA-PARAM-004),
        // no complete list that leaves the others out
        if (self.push_live.is_empty() && self.push_inline.is_empty())
            || (c.blank_route_id.is_some() && res.get("configs").is_none())
        {
            return;
        }
        let Some(task) = push_call_task(c) else {
            return;
        };
        let paged = param("pageToken").is_some_and(|t| !t.is_empty())
            || res
                .get("nextPageToken")
                .and_then(Json::as_str)
                .is_some_and(|t| !t.is_empty());
        let tkey = x.tkey(task);
        if paged || self.tasks.get(&tkey).is_some_and(|t| t.terminal.is_some()) {
            return;
        }
        self.push_list_misses_inline(x, c, task, &tkey, res, list, base, bseq);
        let Some(live) = self.push_live.get(&tkey) else {
            return;
        };
        let listed = |id: &str| {
            list.iter().any(|(cfg, _)| {
                cfg.get("pushNotificationConfig")
                    .map_or_else(|| cfg.get("id"), |n| n.get("id"))
                    .and_then(Json::as_str)
                    == Some(id)
            })
        };
        let Some((id, cseq, cxid)) = live
            .iter()
            .find(|(id, seq, _)| *seq < x.req_seq && !listed(id))
            .cloned()
        else {
            return;
        };
        self.areas.insert("push");
        self.find(
            &r::PUSH_CONFIG_LIST_INCOMPLETE,
            format!(
                "the agent's {} of task {task} (complete: no page token) leaves out push notification config {id}, which it created for the task and the client never deleted",
                c.op_term(Op::ListPushConfigs.name())
            ),
            vec![
                Evidence::event(cseq, cxid),
                x.ev_at(bseq, base, Some(excerpt_value(res))),
            ],
            &x.leg,
        );
    }

    /// DATA-LIST-007 (PUSH-003, DATA-007; a2a-java #554, field case f1009): the pages of one
    /// ListTaskPushNotificationConfigs listing of task `task` (this page: `res` at JSON
    /// Pointer `base`, line `bseq`; `list`: each config with its pointer). A page fetched
    /// with a `pageToken` the agent handed out that lists a config id an earlier page of the
    /// same listing listed, while no config of the task was created after that earlier page
    /// (an insert before an offset cursor shifts it legitimately), or one that hands back the
    /// `pageToken` it was fetched with: a client that pages until `nextPageToken` is empty
    /// loops. The chains live in [`State::list_pages`] under a key of their own (task and
    /// token), so a ListTasks token never continues a config listing.
    #[allow(clippy::too_many_arguments)]
    fn push_list_paging(
        &mut self,
        x: &Exch,
        c: &Call,
        task: &str,
        res: &Json,
        list: &[(&Json, String)],
        base: &str,
        bseq: u64,
    ) {
        let token_in = list_param(x, c, "pageToken").filter(|t| !t.is_empty());
        let next = res
            .get("nextPageToken")
            .and_then(Json::as_str)
            .filter(|t| !t.is_empty());
        if token_in.is_none() && next.is_none() {
            return;
        }
        let key = |tok: &str| x.tkey(&format!("push-configs\u{1f}{task}\u{1f}{tok}"));
        let prior = token_in
            .as_deref()
            .and_then(|t| self.list_pages.get(&key(t)).cloned());
        let ids: Vec<&str> = list
            .iter()
            .map(|(cfg, _)| {
                cfg.get("pushNotificationConfig")
                    .map_or_else(|| cfg.get("id"), |n| n.get("id"))
                    .and_then(Json::as_str)
                    .unwrap_or("")
            })
            .collect();
        let op = c.op_term(Op::ListPushConfigs.name());
        let mut reported = false;
        if let (Some(p), Some(tok)) = (&prior, &token_in) {
            // A config created after the earlier page may sort before an offset cursor and
            // shift a config onto the next page again: not judged then.
            let created_since = self
                .push_live
                .get(&x.tkey(task))
                .is_some_and(|v| v.iter().any(|(_, seq, _)| *seq > p.seq && *seq < x.req_seq));
            let hit = ids
                .iter()
                .enumerate()
                .find(|(_, id)| !id.is_empty() && p.ids.iter().any(|k| k == *id));
            if let (Some((i, id)), false) = (hit, created_since) {
                self.areas.insert("push");
                let at = list
                    .get(i)
                    .map_or_else(|| format!("{base}/configs"), |(_, ptr)| ptr.clone());
                self.find(
                    &r::DATA_LIST_PUSH_PAGING,
                    format!(
                        "the agent's {op} page of task {task} for pageToken {tok:?} lists push notification config {id} again, which an earlier page of the same listing returned, and no config was created in between: its page token does not continue after that page, so a client that follows nextPageToken sees the same configs again and loops"
                    ),
                    vec![
                        Evidence::event(p.seq, p.xid.clone()),
                        x.ev(x.req_ev_seq()),
                        x.ev_at(bseq, &at, Some(Value::String(id.to_string()))),
                    ],
                    &x.leg,
                );
                reported = true;
            }
        }
        if let (Some(tok), Some(n), false) = (&token_in, next, reported) {
            if tok == n {
                self.areas.insert("push");
                let mut ev = Vec::new();
                if let Some(p) = &prior {
                    ev.push(Evidence::event(p.seq, p.xid.clone()));
                }
                ev.push(x.ev(x.req_ev_seq()));
                ev.push(x.ev_at(
                    bseq,
                    &format!("{base}/nextPageToken"),
                    Some(Value::String(n.to_string())),
                ));
                self.find(
                    &r::DATA_LIST_PUSH_PAGING,
                    format!(
                        "the agent's {op} page of task {task} for pageToken {tok:?} hands back the same nextPageToken {n:?}: a client that follows nextPageToken fetches this page again and never reaches the end (the last page has nextPageToken \"\")"
                    ),
                    ev,
                    &x.leg,
                );
            }
        }
        let Some(next) = next else { return };
        let mut chain = match (&token_in, prior) {
            (None, _) => PageChain {
                count: Some(0),
                ..Default::default()
            },
            (Some(_), Some(p)) => p,
            (Some(_), None) => PageChain::default(),
        };
        chain.count = chain.count.map(|k| k + list.len());
        for id in ids.iter().filter(|id| !id.is_empty()) {
            if chain.ids.len() < MAX_PAGE_CHAIN_IDS {
                chain.ids.push(id.to_string());
            }
        }
        chain.seq = bseq;
        chain.xid = str::to_string(&x.id);
        self.remember_page_chain(key(next), chain);
    }

    /// PUSH-CFG-006 (PUSH-002, PUSH-003) for a config given inline in a send
    /// ([`State::push_inline`]): a complete List of task `task` (key `tkey`; its answer
    /// `res` at `base`, line `bseq`; `list`: each config with its pointer) answered after
    /// that send names no config for the webhook URL the send gave (a2a-js #336: the 0.3
    /// HTTP+JSON transport dropped `configuration.pushNotification` before the handler read
    /// it, so the task never had a config and no notification ever left). The agent gives
    /// an inline config no id the client saw, so the URL is the key; any config listed for
    /// that URL, under whatever id, keeps the agent quiet.
    #[allow(clippy::too_many_arguments)]
    fn push_list_misses_inline(
        &mut self,
        x: &Exch,
        c: &Call,
        task: &str,
        tkey: &str,
        res: &Json,
        list: &[(&Json, String)],
        base: &str,
        bseq: u64,
    ) {
        let Some((url, ptr, seq, xid)) = self
            .push_inline
            .get(tkey)
            .filter(|(_, _, seq, _)| *seq < x.req_seq)
            .cloned()
        else {
            return;
        };
        let want = webhook_key(&url);
        let listed = list.iter().any(|(cfg, _)| {
            cfg.get("url")
                .or_else(|| cfg.pointer("/pushNotificationConfig/url"))
                .and_then(Json::as_str)
                .is_some_and(|u| webhook_key(u) == want)
        });
        if listed {
            return;
        }
        self.areas.insert("push");
        self.find(
            &r::PUSH_CONFIG_LIST_INCOMPLETE,
            format!(
                "the agent's {} of task {task} (complete: no page token) lists {} webhook {url}, which the client gave inline with the send the task answered (exchange {xid}, at {ptr}) and never deleted: a config given with the send is the task's config until the task ends or is deleted (PUSH-002, PUSH-003), so the agent dropped it and no notification will reach the webhook",
                c.op_term(Op::ListPushConfigs.name()),
                match list.len() {
                    0 => "no config at all, so none for".to_string(),
                    1 => "1 config, none for".to_string(),
                    n => format!("{n} configs, none for"),
                }
            ),
            vec![
                Evidence {
                    seq,
                    exchange: Some(xid.clone()),
                    pointer: Some(ptr.clone()),
                    found: Some(Value::String(url.clone())),
                },
                x.ev_at(bseq, base, Some(excerpt_value(res))),
            ],
            &x.leg,
        );
        // told once per task
        self.push_inline.remove(tkey);
    }

    /// DATA-SHAPE-003 (PUSH-002: a config given inline in a 1.0 send,
    /// `configuration.taskPushNotificationConfig`, has an empty `taskId`: the task it is for
    /// is the one the send creates or continues): the client's inline config names a task
    /// other than the send message's `taskId` (or any task, for a send that starts one).
    pub(super) fn inline_push_config_other_task(&mut self, x: &Exch, c: &Call) {
        let who = self.sender(x).noun();
        let Some(named) = c
            .params
            .get("configuration")
            .and_then(|cf| cf.get("taskPushNotificationConfig"))
            .and_then(|p| p.get("taskId"))
            .and_then(Json::as_str)
            .filter(|s| !s.is_empty())
        else {
            return;
        };
        let own = c
            .params
            .get("message")
            .and_then(|m| m.get("taskId"))
            .and_then(Json::as_str)
            .filter(|s| !s.is_empty());
        if own == Some(named) {
            return;
        }
        let pre = c.params_base();
        let whose = match own {
            Some(t) => format!("the message continues task {t}"),
            None => "the message starts a new task, whose id the agent has not handed out yet"
                .to_string(),
        };
        self.areas.insert("push");
        self.find(
            &r::PUSH_INLINE_OTHER_TASK,
            format!(
                "{who}'s {} carries an inline push notification config for task {named} (configuration.taskPushNotificationConfig.taskId), but {whose}: an inline config is for the send's own task and leaves taskId empty, so which task gets the webhook is up to the agent",
                c.op_term("send")
            ),
            vec![x.ev_at(
                x.req_ev_seq(),
                &format!("{pre}/configuration/taskPushNotificationConfig/taskId"),
                Some(Value::String(named.to_string())),
            )],
            &x.leg,
        );
    }

    /// PUSH-CFG-004 (PUSH-003: a config lives until its task ends or it is deleted; Get
    /// fails for a missing config): a Get / List answer (`list`: each config with its JSON
    /// Pointer in the answer body at `bseq`) that returns a config the client deleted with a
    /// successful Delete answered before this request was sent.
    pub(super) fn push_config_after_delete(
        &mut self,
        x: &Exch,
        c: &Call,
        list: &[(&Json, String)],
        bseq: u64,
    ) {
        if self.push_deleted_ids.is_empty() {
            return;
        }
        let named = push_call_task(c);
        let hit = list.iter().find_map(|(cfg, p)| {
            let nested = cfg.get("pushNotificationConfig");
            let id = cfg
                .get("id")
                .filter(|_| nested.is_none())
                .or_else(|| nested.and_then(|n| n.get("id")))
                .and_then(Json::as_str)
                .filter(|s| !s.is_empty())?;
            let task = cfg
                .get("taskId")
                .and_then(Json::as_str)
                .filter(|s| !s.is_empty())
                .or(named)?;
            let (dseq, dxid) = self.push_deleted_ids.get(&format!("{task}\u{0}{id}"))?;
            let ptr = if nested.is_some() {
                format!("{p}/pushNotificationConfig/id")
            } else {
                format!("{p}/id")
            };
            (*dseq < x.req_seq)
                .then(|| (task.to_string(), id.to_string(), *dseq, dxid.clone(), ptr))
        });
        let Some((task, id, dseq, dxid, ptr)) = hit else {
            return;
        };
        self.areas.insert("push");
        let op = c
            .method
            .as_deref()
            .or(c.op.map(Op::name))
            .unwrap_or("the push config call");
        self.find(
            &r::PUSH_CONFIG_AFTER_DELETE,
            format!(
                "agent answered {op} with push notification config {id} of task {task} although it had answered the client's delete of that config with success"
            ),
            vec![
                Evidence::event(dseq, dxid),
                x.ev_at(bseq, &ptr, Some(Value::String(id))),
            ],
            &x.leg,
        );
    }

    /// ID-TASK-001 (1.0 §3.1.10 / §3.1.9: TaskNotFoundError is for a task that does not
    /// exist; TASK-009; review27a, breaker27 P01): a push-config Get or Delete answered
    /// TaskNotFoundError (`how`: in the wire's words, at `at`) although this recording
    /// proves both exist: the agent handed the task out to this caller earlier and has not
    /// reported it terminal (a config lives until its task ends or is deleted, PUSH-003),
    /// and its Create answer gave this config id, which no successful Delete removed.
    /// An unknown config id answered so is the SDKs' way and not judged, nor a config of a
    /// task seen terminal. Returns true when it reported.
    pub(super) fn push_config_task_not_found(
        &mut self,
        x: &Exch,
        c: &Call,
        how: &str,
        at: Evidence,
    ) -> bool {
        if !matches!(c.op, Some(Op::GetPushConfig) | Some(Op::DeletePushConfig))
            || x.synthetic
            || self.gw_rerouted(&x.id)
        {
            return false;
        }
        let Some(task) = push_call_task(c).map(str::to_string) else {
            return false;
        };
        let Some(id) = push_call_config_id(c, &x.path) else {
            return false;
        };
        let tkey = x.tkey(&task);
        let Some((cseq, cxid)) = self.push_live.get(&tkey).and_then(|ids| {
            ids.iter()
                .find(|(i, seq, _)| *i == id && *seq < x.req_seq)
                .map(|(_, seq, xid)| (*seq, xid.clone()))
        }) else {
            return false;
        };
        let Some(t) = self.tasks.get(&tkey) else {
            return false;
        };
        let Some((aseq, axid)) = t.announced.clone().filter(|(s, _)| *s < x.req_seq) else {
            return false;
        };
        if t.terminal.is_some() {
            return false;
        }
        if let (Some(a), Some(b)) = (t.caller, self.caller_of(x)) {
            if a != b {
                return false;
            }
        }
        let last = t
            .last
            .filter(|(_, seq)| *seq < x.req_seq)
            .map(|(st, _)| format!(", last reported {}", x.state_term(st)))
            .unwrap_or_default();
        self.areas.insert("push");
        self.find(
            &r::ID_TASK_NOT_RESOLVABLE,
            format!(
                "agent answered {} for push notification config {id} of task {task} with {how}, although it handed out task {task} in exchange {axid}{last} and never reported it finished, and created config {id} for it in exchange {cxid}, not deleted since: both exist, and TaskNotFoundError is for a task that does not exist; keep the task findable by its push-config routes as by GetTask (a config store that answers \"task not found\" for any miss hides which one is missing)",
                call_at(x)
            ),
            vec![
                at,
                Evidence::event(aseq, axid),
                Evidence::event(cseq, cxid),
            ],
            &x.leg,
        );
        true
    }

    /// PUSH-003 (1.0 §3.1.10): a 1.0 Delete of push config `id` of task `task` sent after
    /// the agent answered an earlier Delete of the same config with success: the earlier
    /// Delete's answer (line, exchange), the task and the config id. `None` for any other
    /// call (0.x leaves Delete's repetition unspecified; PUSH-003 is 1.0's).
    pub(super) fn repeated_push_delete(
        &self,
        x: &Exch,
        c: &Call,
    ) -> Option<(u64, String, String, String)> {
        if c.op != Some(Op::DeletePushConfig)
            || c.dialect != Some(Dialect::V1_0)
            || c.webhook
            || self.push_deleted_ids.is_empty()
        {
            return None;
        }
        let task = push_call_task(c)?.to_string();
        let id = push_call_config_id(c, &x.path).unwrap_or_else(|| task.clone());
        let (dseq, dxid) = self
            .push_deleted_ids
            .get(&format!("{task}\u{0}{id}"))
            .filter(|(s, _)| *s < x.req_seq)
            .cloned()?;
        Some((dseq, dxid, task, id))
    }

    /// PUSH-003 (1.0 §3.1.10: Delete "MUST be idempotent - multiple deletions of the same
    /// config have the same effect"; RFC 9110 §9.2.2 defines idempotence by the effect on
    /// the server's state, not by the answer): a repeated Delete of a config the agent
    /// already answered a Delete of with success ([`Self::repeated_push_delete`]) may be
    /// answered with success or with the not-found error a missing config gets (1.0 §3.1.8:
    /// TaskNotFoundError, "the push notification configuration does not exist"; HTTP 404 or
    /// 410, gRPC NOT_FOUND): both leave the config gone, and `kind`
    /// [`RepeatAnswer::NotFound`] is silent (left56; breaker12 L17 had judged the not-found
    /// answer). An internal error or a refusal of another kind (an InvalidParams, an
    /// UnsupportedOperation, a 409) is reported: RPC-ERROR-001, REST-ERROR-001 or
    /// GRPC-ERROR-001 by the call's binding, `wire` the answer in the wire's terms, at `at`.
    /// The answer of an authentication front, a rate limiter or an unavailable upstream
    /// (401, 403, 407, 429, 503; gRPC UNAUTHENTICATED, PERMISSION_DENIED,
    /// RESOURCE_EXHAUSTED, UNAVAILABLE, DEADLINE_EXCEEDED, CANCELLED) says nothing about
    /// the delete and is passed as [`RepeatAnswer::Other`] by no caller. Returns whether it
    /// reported (the generic situation and lookup checks then stay silent).
    pub(super) fn repeated_push_delete_refused(
        &mut self,
        x: &Exch,
        c: &Call,
        kind: RepeatAnswer,
        wire: &str,
        at: Evidence,
    ) -> bool {
        if kind == RepeatAnswer::NotFound || x.synthetic || self.gw_rerouted(&x.id) {
            return false;
        }
        let Some((dseq, dxid, task, id)) = self.repeated_push_delete(x, c) else {
            return false;
        };
        let (rule, not_found) = match c.binding {
            Some(Binding::Rest) => (&r::REST_ERROR_SHAPE, "HTTP 404 TASK_NOT_FOUND"),
            Some(Binding::Grpc) => (&r::GRPC_ERROR_CODE, "gRPC NOT_FOUND (5)"),
            _ => (&r::RPC_ERROR_CODE, "-32001 TaskNotFoundError"),
        };
        let why = match kind {
            RepeatAnswer::Internal => {
                "an internal error tells the client the agent failed, so it retries a delete that already took effect"
            }
            RepeatAnswer::Invalid => {
                "the request is well-formed (it names the task and the config id), so blaming the request makes the client change a request that was right"
            }
            _ => "that error names another situation than a config that is already gone",
        };
        self.areas.insert("push");
        let op = c.op_term(Op::DeletePushConfig.name());
        // HTTP+JSON names the route called (review24a R9)
        let again = if c.binding == Some(Binding::Rest) {
            format!(
                " ({} {})",
                x.method.to_ascii_uppercase(),
                super::super::wording::url_shown(x.url_named())
            )
        } else {
            String::new()
        };
        let mut f = Finding::new(
            rule,
            format!(
                "the agent answered the client's earlier {op} of push notification config {id} of task {task} with success, yet the repeated delete{again} was answered {wire} instead of a success or {not_found}: delete is idempotent (1.0 \u{a7}3.1.10, multiple deletions of the same config have the same effect), so the repeat finds the config gone, and {why}"
            ),
        );
        f.spec = vec!["PUSH-003".into(), "ERR-002".into()];
        f.help = format!(
            "answer a Delete of a config that is already deleted with success, or with the not-found error a missing config gets ({not_found}; 1.0 \u{a7}3.1.8): either leaves the server as the first Delete did (RFC 9110 \u{a7}9.2.2), and a client that retries a Delete whose answer it lost reads both as done"
        );
        f.evidence = vec![Evidence::event(dseq, dxid), x.ev(x.req_ev_seq()), at];
        f.leg = x.leg.clone();
        self.emit(f);
        true
    }

    /// PUSH-CFG-002 bookkeeping: a successful Delete of a config whose Create this
    /// recording saw ends it; when no other config of the task is live for the same URL,
    /// the URL is deleted for that task from this answer on.
    pub(super) fn note_push_config_deleted(&mut self, x: &Exch, c: &Call) {
        let Some(task) = push_call_task(c).map(str::to_string) else {
            return;
        };
        let id = push_call_config_id(c, &x.path).unwrap_or_else(|| task.clone());
        let tkey = x.tkey(&task);
        // a deleted config may be the inline one, whose id the client never saw
        self.push_inline.remove(&tkey);
        if let Some(ids) = self.push_live.get_mut(&tkey) {
            ids.retain(|(i, _, _)| *i != id);
            if ids.is_empty() {
                self.push_live.remove(&tkey);
            }
        }
        if self.push_deleted_ids.len() < MAX_PUSH_URLS {
            self.push_deleted_ids.insert(
                format!("{task}\u{0}{id}"),
                (x.body_seq(), str::to_string(&x.id)),
            );
        }
        self.push_config_since.remove(&format!("{task}\u{0}{id}"));
        let Some(url) = self.push_config_urls.remove(&format!("{task}\u{0}{id}")) else {
            return;
        };
        let prefix = format!("{task}\u{0}");
        let still_live = self
            .push_config_urls
            .iter()
            .any(|(k, u)| k.starts_with(&prefix) && *u == url);
        if still_live || self.push_deleted.len() >= MAX_PUSH_URLS {
            return;
        }
        let list = self.push_deleted.entry(url).or_default();
        if !list.iter().any(|(t, _, _, _)| *t == task) && list.len() < MAX_PUSH_SECRETS {
            list.push((task, x.body_seq(), str::to_string(&x.id), x.end_t));
        }
    }

    /// STREAM-END-001 for webhooks (TASK-001: a terminal task never changes; PUSH-004: a
    /// push notification is one StreamResponse of the task's event sequence, STREAM-007):
    /// an artifact update of task `tid` (artifact `aid`, payload at `ptr` of the delivery
    /// body at `seq`) delivered after a push notification carried the task's terminal
    /// state. Deliveries are at-least-once and may be retried: an artifact some earlier
    /// delivery already carried for the task is a redelivery and not judged. Once per task.
    pub(super) fn webhook_artifact_after_terminal(
        &mut self,
        x: &Exch,
        tid: &str,
        aid: Option<&str>,
        ptr: &str,
        seq: u64,
    ) {
        let Some(t) = self.task_of_mut(x, tid) else {
            return;
        };
        let aid = aid.unwrap_or("").to_string();
        let redelivery = t.webhook_artifacts.contains(&aid);
        if !redelivery && t.webhook_artifacts.len() < MAX_TASK_MESSAGE_IDS {
            t.webhook_artifacts.push(aid.clone());
        }
        let Some((st, tseq, txid)) = t.terminal.clone() else {
            return;
        };
        // The terminal state by push: nothing follows it on the webhook. Known only from
        // an answer or a stream (a GetTask snapshot), where arrival order across channels
        // proves nothing: only an artifact the finished task's snapshot did not list is
        // new (breaker11 K14).
        let by_webhook = t.webhook_states.contains(&st);
        let unlisted = !by_webhook
            && !aid.is_empty()
            && t.terminal_artifacts
                .as_ref()
                .is_some_and(|ids| ids.len() < MAX_TASK_MESSAGE_IDS && !ids.contains(&aid));
        if !(by_webhook || unlisted)
            || redelivery
            || tseq >= seq
            || t.webhook_after_terminal_reported
        {
            return;
        }
        t.webhook_after_terminal_reported = true;
        let c = x.call.clone().unwrap_or_default();
        let named = if aid.is_empty() {
            String::new()
        } else {
            format!(" {aid}")
        };
        self.areas.insert("push");
        let message = if by_webhook {
            format!(
                "agent delivered a push notification with an artifact update of artifact{named} for task {tid} after its push notification of the terminal state {}: a terminal task does not change, so nothing follows the terminal event",
                c.state_term(st)
            )
        } else {
            let listed = t_listed(&self.tasks, &x.tkey(tid));
            format!(
                "agent delivered a push notification with an artifact update of artifact{named} for task {tid} after it reported the task {} with the artifacts {listed}: the finished task has no artifact{named}, and a terminal task does not change",
                c.state_term(st)
            )
        };
        self.find(
            &r::STREAM_AFTER_TERMINAL,
            message,
            vec![
                Evidence {
                    seq: tseq,
                    exchange: Some(txid),
                    pointer: None,
                    found: Some(Value::String(c.state_term(st).into())),
                },
                x.ev_at(seq, ptr, None),
            ],
            &x.leg,
        );
    }

    /// TASK-STATE-010 (STREAM-009): an artifact update event of task `tid` in a stream:
    /// `append` adds the chunk's parts to artifact `aid` as kept, otherwise they replace it.
    /// An append without a kept base (STREAM-ARTIFACT-001) starts an artifact marked
    /// appended: a Task snapshot holding no artifact at all then lost it.
    pub(super) fn track_stream_artifact(
        &mut self,
        x: &Exch,
        tid: &str,
        aid: &str,
        (append, last): (bool, bool),
        upd: &Obj,
        seq: u64,
    ) {
        let Some(parts) = upd
            .get("artifact")
            .and_then(|a| a.get("parts"))
            .and_then(Json::as_array)
        else {
            return;
        };
        let Some(t) = self.task_of_mut(x, tid) else {
            return;
        };
        // An empty text part (the closing chunk's, strands-agents PR #1643) is no content a
        // store must keep: one that leaves it out lost nothing (mine33 f758).
        let hashes = || {
            parts
                .iter()
                .filter(|p| !is_empty_text_part(p))
                .map(json_hash)
        };
        let full = t.stream_artifacts.len() >= MAX_TASK_MESSAGE_IDS;
        match t.stream_artifacts.iter_mut().find(|a| a.id == aid) {
            Some(a) if append => {
                if let Some(kept) = a.parts.as_mut() {
                    if kept.len() + parts.len() <= MAX_STREAM_ARTIFACT_PARTS {
                        kept.extend(hashes());
                    } else {
                        a.parts = None;
                    }
                }
                a.appended = true;
                a.last = last;
                a.seq = seq;
                a.xid = str::to_string(&x.id);
            }
            Some(a) => {
                a.parts = (parts.len() <= MAX_STREAM_ARTIFACT_PARTS).then(|| hashes().collect());
                a.appended = false;
                a.last = last;
                a.seq = seq;
                a.xid = str::to_string(&x.id);
            }
            // An `append: true` chunk with no earlier chunk (STREAM-ARTIFACT-001) is kept as
            // appended: a store that follows append may drop it (a2a-python #1038).
            None if !full => {
                t.stream_artifacts.push(StreamArtifact {
                    id: aid.to_string(),
                    parts: (parts.len() <= MAX_STREAM_ARTIFACT_PARTS).then(|| hashes().collect()),
                    appended: append,
                    last,
                    seq,
                    xid: str::to_string(&x.id),
                });
            }
            None => {}
        }
    }

    /// TASK-STATE-010 (STREAM-009): the artifacts `list` of a terminal Task snapshot of
    /// task `t` (or, with `before` = the snapshot request's line, a whole snapshot taken
    /// before the task's end: only artifacts whose latest chunk came before that line) against
    /// the ones its streams assembled: an artifact that got `append: true`
    /// chunks but is listed with only the parts before them (a strict prefix, part for
    /// part) lost the appended chunks; one listed with only the last parts (a strict
    /// suffix: a store that ignores `append` replaces the artifact with each chunk,
    /// a2a-dotnet #21's legacy 0.3 package; mine40) lost the chunks before them. Returns
    /// (artifactId, parts listed, parts streamed, line and exchange of the last chunk,
    /// whether the listed parts are the suffix). An artifact listed otherwise (merged text, other
    /// parts) is not judged: the agent may store it in another legal shape. Empty text parts
    /// count on neither side (a store may leave out a closing chunk's `{"text": ""}`), and an
    /// artifactId listed twice is the task's shape fault (DATA-SHAPE), not judged here.
    pub(super) fn append_lost(
        t: &TaskRec,
        list: &[Json],
        before: Option<u64>,
    ) -> Option<(String, usize, usize, u64, String, bool)> {
        t.stream_artifacts
            .iter()
            .filter(|a| a.appended && before.is_none_or(|b| a.seq < b))
            .find_map(|a| {
                let kept = a.parts.as_ref()?;
                let mut of_id = list
                    .iter()
                    .filter(|l| l.get("artifactId").and_then(Json::as_str) == Some(a.id.as_str()));
                let listed = of_id.next()?.get("parts").and_then(Json::as_array)?;
                // The artifactId listed again holds the other chunks as fragments: the
                // task's shape finding (ids are unique per task) says so, not a loss (f740).
                if of_id.next().is_some() {
                    return None;
                }
                // Empty text parts are no content, on either side (f758).
                let content = || listed.iter().filter(|p| !is_empty_text_part(p));
                let n = content().count();
                if n == 0 || n >= kept.len() {
                    return None;
                }
                let same = |hs: &[u64]| content().zip(hs).all(|(p, h)| json_hash(p) == *h);
                let tail = if same(kept) {
                    false
                } else if same(&kept[kept.len() - n..]) {
                    true
                } else {
                    return None;
                };
                Some((a.id.clone(), n, kept.len(), a.seq, a.xid.clone(), tail))
            })
    }

    /// PUSH-DELIV-003 (PUSH-004 at-least-once, PUSH-003 the config lives until the task
    /// ends; A2A #1372): at the end of the recording, a task whose push deliveries went
    /// through the recording (so the webhook leg is captured), that reached a terminal
    /// state the client had to poll for (GetTask / ListTasks), and of which no delivery
    /// carried a terminal state, although the recording reaches
    /// [`PUSH_TERMINAL_GRACE_MS`] beyond the latest time the task can have ended (its
    /// terminal `status.timestamp` on the agent's clock as the deliveries show it).
    /// Not judged for a task whose push config the client deleted.
    ///
    /// A task that got no delivery at all is judged the same way when its push config (a
    /// Create, or inline on a send) names a webhook at which the recording holds another
    /// task's deliveries ([`Verifier::webhook_seen`]): the webhook leg is captured, so the
    /// agent never notified this task (a2a-java #483, a2a-python #218: configs given on a
    /// non-streaming send were never used). That other task's clock stands in for its own.
    ///
    /// A task of which no delivery at all is recorded is judged too when its live config
    /// names a webhook the recording's own `--listener webhook@...` captures
    /// ([`State::webhook_listener_of`]) and that webhook received no delivery (nor did the
    /// webhook leg get any request not read as one): the client polled for the end, and
    /// the recording reaches [`PUSH_TERMINAL_GRACE_MS`] beyond the answer that first showed
    /// it (left53). Silent without such a listener: the proxy cannot have seen deliveries.
    pub(super) fn terminal_never_pushed(&mut self) {
        let end_ms = (self.last_end_t / 1000) as i64;
        let mut due: Vec<(u64, String, String)> = Vec::new();
        // A push delivery is booked on the record of the call that registered its webhook
        // ([`Exch::task_leg`], webhook52); a delivery whose registration the recording
        // does not hold (or a task record of another leg) keeps a record apart from the
        // calls' that saw the client poll for the end: what those records of each task id
        // got (a terminal state, the agent's clock, any delivery), so the calls' record is
        // judged with it (breaker52: in a proxy recording with a --webhook listener the
        // task was never judged).
        let mut via_webhook: HashMap<&str, WebhookSeen> = HashMap::new();
        for (key, t) in self.tasks.iter().filter(|(_, t)| !t.in_calls) {
            if t.webhook_states.is_empty() {
                continue;
            }
            let id = key.rsplit('\u{0}').next().unwrap_or(key);
            let w = via_webhook.entry(id).or_default();
            w.terminal |= t.webhook_states.iter().any(|s| s.is_terminal());
            for s in &t.webhook_states {
                if !w.states.contains(s) {
                    w.states.push(*s);
                }
            }
            if let Some(k) = t.webhook_clock {
                if w.clock.is_none_or(|(c, _, _)| k.0 < c) {
                    w.clock = Some(k);
                }
            }
        }
        for (key, t) in &self.tasks {
            let (Some((st, seq, xid)), Some(term_ms)) = (&t.terminal, t.terminal_ts) else {
                continue;
            };
            let id = key.rsplit('\u{0}').next().unwrap_or(key);
            let prefix = format!("{id}\u{0}");
            // A config created once the task was seen terminal is owed no push of that end
            // (a client adding a webhook to a finished task; review25 R3).
            let owed = |k: &str| self.push_config_since.get(k).is_none_or(|s| s < seq);
            // a config of this task, owed the end, not deleted since
            let live = |k: &str| {
                k.starts_with(&prefix) && owed(k) && !self.push_deleted_ids.contains_key(k)
            };
            let leg_seen = via_webhook.get(id).filter(|_| t.in_calls);
            if leg_seen.is_some_and(|w| w.terminal) {
                // delivered: the webhook record's own turn judges the other configs
                continue;
            }
            // Without a delivery of its own: a webhook its config names that the recording
            // shows receiving another task's deliveries, and that task.
            let mut other: Option<(&str, &str)> = None;
            let clock = match t.webhook_clock.or(leg_seen.and_then(|w| w.clock)) {
                Some(k) => Some(k),
                None if t.webhook_states.is_empty() && leg_seen.is_none() => {
                    let mut urls: Vec<&String> = self
                        .push_config_urls
                        .iter()
                        .filter(|(k, _)| k.starts_with(&prefix) && owed(k))
                        .map(|(_, u)| u)
                        .collect();
                    urls.sort();
                    // The other task was handed out at the same agent (origin), so the
                    // path of this agent's deliveries to that webhook is the recorded one.
                    let origin = t.announced_at.as_ref().map(|(o, _)| o);
                    urls.into_iter().find_map(|u| {
                        let (skew, d, b, by) = self.webhook_seen.get(u)?;
                        let same_agent = origin.is_some()
                            && self
                                .tasks
                                .get(by)
                                .and_then(|o| o.announced_at.as_ref())
                                .map(|(o, _)| o)
                                == origin;
                        (by != key && same_agent).then(|| {
                            let by = by.rsplit('\u{0}').next().unwrap_or(by);
                            other = Some((u.as_str(), by));
                            (*skew, *d, *b)
                        })
                    })
                }
                None => None,
            };
            // Nothing of the task reached any webhook, and its config names a webhook the
            // recording's own listener captures that received no delivery at all: the
            // agent never notified it (left53: a proxy recording with a `--listener
            // webhook@...` whose agent delivers nothing). Its clock is the answer that
            // first showed the end, below.
            let mut listener: Option<(String, String)> = None;
            if clock.is_none()
                && t.webhook_states.is_empty()
                && leg_seen.is_none()
                && !self.webhook_task_ids.contains(id)
                && self.webhook_task_ids.len() < MAX_PUSH_URLS
                && !self.webhook_hit_full
                && !self.webhook_leg_stray
            {
                let mut urls: Vec<&String> = self
                    .push_config_urls
                    .iter()
                    .filter(|(k, u)| live(k) && !self.webhook_hit.contains(u.as_str()))
                    .map(|(_, u)| u)
                    .collect();
                urls.sort();
                listener = urls
                    .into_iter()
                    .find_map(|u| Some((u.clone(), self.webhook_listener_of(u)?)));
            }
            // No delivery of the task carried a status.timestamp (its webhook got artifact
            // updates only), yet the webhook leg is captured (a delivery of the task is
            // recorded): the answer that first showed the end bounds it on the recording's
            // own clock (breaker52 v10-push-no-terminal).
            let by_read = clock.is_none();
            let clock = clock.or_else(|| {
                let (read_us, _) = t.terminal_read_t?;
                (self.webhook_task_ids.contains(id) || listener.is_some())
                    .then(|| ((read_us / 1000) as i64 - term_ms, t.announced_dialect, None))
            });
            let Some((skew, d, b)) = clock else {
                continue;
            };
            let pushed_terminal = t.webhook_states.iter().any(|s| s.is_terminal());
            if !pushed_terminal && !t.terminal_polled {
                continue;
            }
            let ended_by = term_ms.saturating_add(skew);
            if end_ms < ended_by.saturating_add(PUSH_TERMINAL_GRACE_MS) {
                continue;
            }
            if pushed_terminal {
                // Delivered to some webhook of the task: every other live config of the
                // task (created, not deleted) is owed it too (PUSH-004 per config), when
                // the recording captures deliveries to that webhook's host: one on another
                // host may reach it on a path the recorder does not see (review25 R5).
                let origin_of = |u: &str| parse_url(u).map(|p| p.origin());
                let captured = |u: &str| {
                    let o = origin_of(u);
                    o.is_some()
                        && (t.terminal_pushed_to.iter().any(|k| origin_of(k) == o)
                            || self.webhook_seen.keys().any(|k| origin_of(k) == o))
                };
                let mut missed: Vec<&str> = self
                    .push_config_urls
                    .iter()
                    .filter(|(k, u)| live(k) && !t.terminal_pushed_to.contains(u) && captured(u))
                    .map(|(_, u)| u.as_str())
                    .collect();
                missed.sort_unstable();
                missed.dedup();
                if let Some(first) = missed.first() {
                    let got = t.terminal_pushed_to.join(", ");
                    let msg = format!(
                        "agent delivered task {id} reaching {} to {got} only: the task's config for {first}{} is live (created, never deleted) and its webhook got no push of the terminal state, though the recording continues {} s beyond the latest time the task can have ended (an agent that keeps one push config per task drops the others)",
                        super::super::wording::state_term(*st, d, b),
                        if missed.len() > 1 {
                            format!(" (and {} more)", missed.len() - 1)
                        } else {
                            String::new()
                        },
                        (end_ms - ended_by) / 1000
                    );
                    due.push((*seq, xid.clone(), msg));
                }
                continue;
            }
            let deleted = self.push_deleted_ids.keys().any(|k| k.starts_with(&prefix))
                || self
                    .push_deleted
                    .values()
                    .any(|l| l.iter().any(|(task, _, _, _)| task == id));
            // a deleted config excuses the silence only when no config of the task the
            // client created stays live (breaker52: config B deleted, config A live and
            // never notified of the end was not told)
            let live = self.push_config_urls.keys().any(|k| {
                k.starts_with(&prefix) && owed(k) && !self.push_deleted_ids.contains_key(k)
            });
            if deleted && !live {
                continue;
            }
            let pushed: Vec<&str> = t
                .webhook_states
                .iter()
                .chain(leg_seen.iter().flat_map(|w| w.states.iter()))
                .map(|s| super::super::wording::state_term(*s, d, b))
                .collect();
            let msg = match (other, listener) {
                (None, Some((url, leg))) => format!(
                    "agent delivered no push notification of task {id} at all, not even of its end in {}: its push config names the webhook {url}, which this recording captures (its listener for leg {leg}) and which received no delivery, and the recording continues {} s beyond the answer that first showed the task ended, polled by the client (PUSH-004 allows a delivery {} s)",
                    super::super::wording::state_term(*st, d, b),
                    (end_ms - ended_by) / 1000,
                    PUSH_TERMINAL_GRACE_MS / 1000
                ),
                (Some((url, by)), _) => format!(
                    "agent delivered no push notification of task {id} at all, not even of its end in {}: its push config names the webhook {url}, which received task {by}'s notifications in this recording, and the recording continues {} s beyond the latest time the task can have ended (its terminal status.timestamp on the agent's clock as that webhook's deliveries show it); an agent that notifies only tasks started by a streaming call, or drops a config given with a non-streaming send, leaves this client waiting",
                    super::super::wording::state_term(*st, d, b),
                    (end_ms - ended_by) / 1000
                ),
                (None, None) => format!(
                    "agent delivered no push notification of task {id} reaching {}: the webhook received {} only, and the recording continues {} s beyond the latest time the task can have ended ({})",
                    super::super::wording::state_term(*st, d, b),
                    if pushed.is_empty() {
                        "artifact updates of it".to_string()
                    } else {
                        pushed.join(", ")
                    },
                    (end_ms - ended_by) / 1000,
                    if by_read {
                        "the answer that first showed the task ended, polled by the client"
                    } else {
                        "its terminal status.timestamp on the agent's clock as the deliveries show it"
                    }
                ),
            };
            due.push((*seq, xid.clone(), msg));
        }
        due.sort();
        for (seq, xid, msg) in due {
            self.areas.insert("push");
            self.find(
                &r::PUSH_TERMINAL_NOT_DELIVERED,
                msg,
                vec![Evidence::event(seq, xid)],
                &None,
            );
        }
    }

    /// TASK-001 / PUSH-004 bookkeeping and TASK-STATE-010 after [`Self::observe`] saw task
    /// `id` in state `st` in `obj` at recording line `seq` (a Task, or a status update: both
    /// carry `status`; `snapshot` says which, and what a missing `artifacts` member means).
    ///
    /// When `st` is the task's terminal state, its `status.timestamp` (ms since the epoch)
    /// becomes [`TaskRec::terminal_ts`] whatever carried it (an answer, a stream, a push),
    /// and a Task snapshot gives [`TaskRec::terminal_artifacts`]. A push notification
    /// delivered afterwards is then judged against what the finished task was, not only
    /// against earlier pushes (breaker11 K14).
    ///
    /// TASK-STATE-010 (STREAM-009, TASK-005 "all artifacts", DATA-005): every artifact a
    /// stream of the task delivered stays on the task, so a Task snapshot that lists the
    /// task's artifacts and lacks one of them lost it. Judged on a terminal snapshot, and on
    /// any other snapshot the agent produced after the chunk reached the client (its request
    /// began after the chunk, or it is a later event of the same stream; not a push, whose
    /// delivery may lag what it carries); once per artifact.
    /// Then, on a terminal snapshot, an artifact that got `append: true` chunks but is
    /// listed with only the parts before them lost the appended chunks ([`Self::append_lost`]).
    /// TASK-STATE-001 (TASK-001) for an answer or stream whose request was under way before
    /// another exchange showed task `id` terminal: [`Self::observe`] does not judge its
    /// non-terminal state `st` (a stream may deliver older events, a GetTask snapshot may
    /// be older), but a `status.timestamp` in `obj` later than the terminal state's own
    /// ([`TaskRec::terminal_ts`]) shows the agent set that state after the terminal one
    /// (breaker28 L01: GetTask read completed while the task's stream then reported it
    /// working, stamped a second later). Not for push deliveries, judged by their own
    /// timestamps elsewhere; once per task.
    pub(super) fn state_stamped_after_terminal(
        &mut self,
        x: &Exch,
        id: &str,
        st: Option<TaskState>,
        obj: &Obj,
        seq: u64,
    ) {
        let Some(st) = st.filter(|s| !s.is_terminal()) else {
            return;
        };
        if x.call.as_ref().is_some_and(|c| c.webhook) {
            return;
        }
        let key = x.tkey(id);
        let Some(t) = self.tasks.get(&key) else {
            return;
        };
        let (Some((ts, tseq, txid)), Some(term_ms)) = (t.terminal.clone(), t.terminal_ts) else {
            return;
        };
        if t.changed_reported || *txid == *x.id || x.req_seq >= tseq {
            return;
        }
        let stamp = obj
            .get("status")
            .and_then(|v| v.get("timestamp"))
            .and_then(Json::as_str);
        let Some((stamp, ms)) = stamp.and_then(|s| parse_rfc3339_ms(s).map(|ms| (s, ms))) else {
            return;
        };
        if ms <= term_ms {
            return;
        }
        if let Some(t) = self.tasks.get_mut(&key) {
            t.changed_reported = true;
        }
        if let Some(held) = self.stale_streams.get_mut(&*x.id) {
            held.retain(|h| h.key != key);
            if held.is_empty() {
                self.stale_streams.remove(&*x.id);
            }
        }
        let (was, now) = (x.state_term(ts), x.state_term(st));
        let carrier = if x.sse.is_some() {
            "a stream of the task that was open before the task was seen"
        } else {
            "the answer to a request sent before the task was seen"
        };
        let message = format!(
            "task {id} was {was} and is later reported as {now} by {carrier} {was}; that {now} status carries status.timestamp {stamp}, later than the {was} status's own timestamp, so the agent set {now} after the task had ended"
        );
        let evidence = vec![
            Evidence {
                seq: tseq,
                exchange: Some(txid),
                pointer: None,
                found: Some(Value::String(was.into())),
            },
            Evidence {
                seq,
                exchange: Some(str::to_string(&x.id)),
                pointer: None,
                found: Some(Value::String(stamp.to_string())),
            },
        ];
        self.find(&r::TASK_TERMINAL_CHANGED, message, evidence, &x.leg);
    }

    pub(super) fn note_terminal_snapshot(
        &mut self,
        x: &Exch,
        id: &str,
        st: Option<TaskState>,
        obj: &Obj,
        snapshot: Snapshot,
        seq: u64,
    ) {
        self.state_stamped_after_terminal(x, id, st, obj, seq);
        let Some(t) = self.task_of_mut(x, id) else {
            return;
        };
        let terminal =
            st.filter(|s| s.is_terminal() && t.terminal.as_ref().is_some_and(|(ts, _, _)| ts == s));
        if terminal.is_some() {
            if let Some(ms) = obj
                .get("status")
                .and_then(|v| v.get("timestamp"))
                .and_then(Json::as_str)
                .and_then(parse_rfc3339_ms)
            {
                t.terminal_ts.get_or_insert(ms);
            }
        }
        let listed = match (snapshot, obj.get("artifacts")) {
            (Snapshot::No, _) => None,
            (_, Some(a)) => a.as_array().map(Vec::as_slice),
            // A whole Task (ProtoJSON and the 0.x schemas leave an empty list out); a
            // ListTasks entry leaves artifacts out unless includeArtifacts (DATA-007).
            (Snapshot::Whole, None) => Some(&[][..]),
            (Snapshot::Listed, None) => None,
        };
        let Some(list) = listed else {
            return;
        };
        if !x.call.as_ref().is_some_and(|c| c.webhook) {
            for aid in list
                .iter()
                .filter_map(|a| a.get("artifactId").and_then(Json::as_str))
            {
                if t.held_artifacts.len() < MAX_TASK_MESSAGE_IDS
                    && !t.held_artifacts.iter().any(|(i, _)| i == aid)
                {
                    t.held_artifacts.push((aid.to_string(), seq));
                }
            }
        }
        if terminal.is_some() {
            let ids = t.terminal_artifacts.get_or_insert_with(Vec::new);
            for aid in list
                .iter()
                .filter_map(|a| a.get("artifactId").and_then(Json::as_str))
            {
                if !ids.iter().any(|i| i == aid) && ids.len() < MAX_TASK_MESSAGE_IDS {
                    ids.push(aid.to_string());
                }
            }
        }
        // TASK-STATE-010 without a stream (a2a-dotnet #91's kind for artifacts): a finished
        // task's whole snapshot lacks an artifact an earlier one of it listed. Artifacts a
        // stream delivered are judged below; a push's Task may be older (PUSH-004).
        let push = x.call.as_ref().is_some_and(|c| c.webhook);
        // Judged on a GetTask answer (0.x tasks/get), the read a client makes to fetch the
        // finished task's deliverables, that lists artifacts but not all of the earlier ones:
        // a send's answer to a retried message, or a read that leaves artifacts out
        // altogether, may carry the task's status only.
        //
        // left55 (1.0 §3.1.3: GetTask "retrieves the current state (including status,
        // artifacts, and optionally history)"; DATA-007: ListTasks lists artifacts when
        // includeArtifacts is true): a 1.0 GetTask, or a 1.0 ListTasks row asked with
        // includeArtifacts: true, that shows the finished task with no artifacts at all
        // after an earlier whole snapshot listed some, is the same loss. 0.x reads that
        // leave artifacts out stay unjudged (b54b-HL7), as does a 1.0 ListTasks without
        // includeArtifacts (its rows must leave them out, DATA-LIST-001 / -008).
        let v10 = x
            .call
            .as_ref()
            .is_some_and(|c| c.dialect == Some(Dialect::V1_0));
        let listed_with_artifacts = x.call.as_ref().is_some_and(|c| {
            c.op == Some(Op::ListTasks)
                && c.params.get("includeArtifacts").and_then(Json::as_bool) == Some(true)
        });
        let read = x.sse.is_none()
            && (x.call.as_ref().is_some_and(|c| c.op == Some(Op::GetTask))
                || (v10 && listed_with_artifacts));
        // (the read itself in 1.0's shape: a 0.x Task answered to a 1.0 call is
        // VER-MIX-001's and TASK-STATE-005's, and 0.x reads are not judged for this)
        let read_v10_shaped = !obj.contains_key("kind")
            && obj
                .get("status")
                .and_then(|st| st.get("state"))
                .and_then(Json::as_str)
                .is_some_and(|s| s.starts_with("TASK_STATE_"));
        let none_listed_judged = v10 && read && read_v10_shaped;
        if let (Some(s), Snapshot::Whole, false) = (terminal, snapshot, push) {
            // 0.1's artifacts have no id (the model names them by index): not judged.
            let now: Vec<String> = list
                .iter()
                .filter_map(|a| a.get("artifactId").and_then(Json::as_str))
                .filter(|aid| !aid.starts_with('('))
                .take(MAX_TASK_MESSAGE_IDS)
                .map(str::to_string)
                .collect();
            let prev = t.terminal_snap.replace((now, seq, str::to_string(&x.id)));
            let gone: Vec<String> = prev
                .as_ref()
                .filter(|p| read && (!list.is_empty() || none_listed_judged) && p.1 < x.req_seq)
                .map(|p| {
                    p.0.iter()
                        .filter(|aid| {
                            !list.iter().any(|l| {
                                l.get("artifactId").and_then(Json::as_str) == Some(aid.as_str())
                            }) && !t.stream_artifacts.iter().any(|a| a.id == **aid)
                                && !t.lost_artifacts.contains(aid)
                        })
                        .cloned()
                        .collect()
                })
                .unwrap_or_default();
            if let (Some((_, pseq, pxid)), false) = (prev, gone.is_empty()) {
                let plural = if gone.len() == 1 { "" } else { "s" };
                let ids: Vec<&str> = list
                    .iter()
                    .filter_map(|a| a.get("artifactId").and_then(Json::as_str))
                    .take(BASELESS_SHOWN)
                    .collect();
                let holds = if list.is_empty() {
                    "with no artifacts".to_string()
                } else {
                    format!(
                        "with artifact{} {}",
                        if list.len() == 1 { "" } else { "s" },
                        ids.join(", ")
                    )
                };
                let what = match x.call.as_deref() {
                    Some(c) if c.op == Some(Op::ListTasks) => format!(
                        "its {} answer, asked with includeArtifacts: true,",
                        c.op_term("")
                    ),
                    Some(c) if list.is_empty() => format!(
                        "its {} answer, which returns the task's current state including its artifacts (1.0 §3.1.3),",
                        c.op_term("")
                    ),
                    Some(c) => format!("its {} answer", c.op_term("")),
                    None => "a later Task snapshot".to_string(),
                };
                let msg = format!(
                    "an earlier answer showed task {id} finished in {} with artifact{plural} {}, but {what} shows it {holds}: the agent's task store lost {} (a finished task keeps its artifacts and nothing removes one), so a client that reads the task again misses {}",
                    x.state_term(s),
                    gone.join(", "),
                    if gone.len() == 1 { "it" } else { "them" },
                    if gone.len() == 1 { "that deliverable" } else { "those deliverables" },
                );
                let ev = vec![
                    Evidence {
                        seq: pseq,
                        exchange: Some(pxid),
                        pointer: None,
                        found: None,
                    },
                    x.ev(seq),
                ];
                self.find(&r::TASK_ARTIFACT_APPEND_LOST, msg, ev, &x.leg);
            }
        }
        let Some(t) = self.task_of_mut(x, id) else {
            return;
        };
        let Some(s) = st else {
            return;
        };
        if t.stream_artifacts.is_empty() {
            return;
        }
        let has = |aid: &str| {
            list.iter()
                .any(|l| l.get("artifactId").and_then(Json::as_str) == Some(aid))
        };
        // A push delivery may carry a Task serialized before the chunk (PUSH-004: queued,
        // retried, not ordered): only its terminal snapshot is judged.
        let push = x.call.as_ref().is_some_and(|c| c.webhook);
        let (gone, kept): (Vec<StreamArtifact>, Vec<StreamArtifact>) =
            std::mem::take(&mut t.stream_artifacts)
                .into_iter()
                .partition(|a| {
                    let after = !push && (x.req_seq > a.seq || *x.id == *a.xid);
                    (terminal.is_some() || after) && !has(&a.id)
                });
        t.stream_artifacts = kept;
        for a in &gone {
            if t.lost_artifacts.len() < MAX_TASK_MESSAGE_IDS {
                t.lost_artifacts.push(a.id.clone());
            }
        }
        if let Some(first) = gone.first() {
            let shown: Vec<&str> = gone
                .iter()
                .take(BASELESS_SHOWN)
                .map(|a| a.id.as_str())
                .collect();
            let more = gone.len().saturating_sub(shown.len());
            let names = format!(
                "{}{}",
                shown.join(", "),
                if more > 0 {
                    format!(" and {more} more")
                } else {
                    String::new()
                }
            );
            let plural = if gone.len() == 1 { "" } else { "s" };
            let msg = if list.is_empty() && gone.iter().all(|a| a.appended) {
                // a2a-python #1038: chunks with fresh artifactIds and append true dropped.
                format!(
                    "agent answered task {id} in {} with no artifacts, but its stream delivered chunks with append true of artifact{plural} {names}: the stored task lost them (a store that follows append drops a chunk whose artifactId it does not hold yet: send each artifact's first chunk with append false and keep its artifactId for the rest)",
                    x.state_term(s),
                )
            } else {
                let what = match x.call.as_deref() {
                    Some(c) if c.webhook => "a push notification's Task".to_string(),
                    Some(c) if x.sse.is_some() => {
                        format!("a Task event of its {} stream", c.op_term("streaming"))
                    }
                    Some(c) if c.op.is_some() => format!("its {} answer", c.op_term("")),
                    _ => "a later Task snapshot".to_string(),
                };
                let holds = if list.is_empty() {
                    "with no artifacts".to_string()
                } else {
                    let ids: Vec<&str> = list
                        .iter()
                        .filter_map(|a| a.get("artifactId").and_then(Json::as_str))
                        .take(BASELESS_SHOWN)
                        .collect();
                    format!(
                        "with artifact{} {} but not {names}",
                        if list.len() == 1 { "" } else { "s" },
                        ids.join(", ")
                    )
                };
                format!(
                    "agent's stream delivered artifact{plural} {names} of task {id}, but {what} shows the task in {} {holds}: the agent's task store lost {} (an artifact update stores or extends the artifact of its artifactId on the task, and nothing removes it), so a client that reads the task later gets no deliverable",
                    x.state_term(s),
                    if gone.len() == 1 { "it" } else { "them" },
                )
            };
            let ev = vec![
                Evidence {
                    seq: first.seq,
                    exchange: Some(first.xid.clone()),
                    pointer: None,
                    found: None,
                },
                x.ev(seq),
            ];
            self.find(&r::TASK_ARTIFACT_APPEND_LOST, msg, ev, &x.leg);
            return;
        }
        // Before the task's end, a whole snapshot (GetTask, a subscription's first Task: the
        // task as it stands, 1.0 §3.1.6) asked for after the artifact's latest chunk is
        // judged too: a store that kept only the first chunk shows it there, and a client
        // that resumes from it appends the next chunks after a gap (a2a-dotnet #21, mine33).
        // A send stream's Task event and a push's Task may be partial or older (Listed,
        // PUSH-004).
        let before = match terminal {
            Some(_) => None,
            None if snapshot == Snapshot::Whole && !push => Some(x.req_seq),
            None => return,
        };
        let Some((aid, listed, streamed, cseq, cxid, tail)) = Self::append_lost(t, list, before)
        else {
            return;
        };
        let msg = format!(
            "agent answered task {id} in {} with artifact {aid} holding {listed} part{}{}, but its stream delivered {streamed} parts of it{}, the later ones in chunks with append true: the stored artifact lost {}{}",
            x.state_term(s),
            if listed == 1 { "" } else { "s" },
            match (tail, listed) {
                (true, 1) => ", the last one the stream delivered",
                (true, _) => ", the last ones the stream delivered",
                _ => "",
            },
            if before.is_some() { " before this request" } else { "" },
            if tail {
                "the chunks before them (a store that ignores append replaces the artifact with each chunk: an update with append true adds its parts to the artifact of its artifactId)"
            } else {
                "the appended chunks"
            },
            if before.is_some() {
                ", so a client that resumes from this snapshot (a subscription's first Task is the task as it stands) appends the next chunks after the gap"
            } else {
                ""
            }
        );
        // Judged once per artifact (a later snapshot says the same).
        for a in t.stream_artifacts.iter_mut().filter(|a| a.id == aid) {
            a.appended = false;
        }
        self.find(
            &r::TASK_ARTIFACT_APPEND_LOST,
            msg,
            vec![
                Evidence {
                    seq: cseq,
                    exchange: Some(cxid),
                    pointer: None,
                    found: None,
                },
                x.ev(seq),
            ],
            &x.leg,
        );
    }

    /// The state of a push notification about task `id` as the task state machine should
    /// see it (TASK-001 / TASK-STATE-001). Webhook deliveries are at-least-once, retried and
    /// not ordered (PUSH-004; STREAM-005's order is the stream's): a non-terminal state
    /// delivered after the task's terminal state is a late delivery of an older event when
    /// its `status.timestamp` (`ts`, ms since the epoch) is not newer than the terminal
    /// state's (by webhook, stream or answer), or, without both timestamps, a redelivery when
    /// a webhook already carried that state for the task. Returns `None` (state not judged)
    /// then, the state otherwise.
    pub(super) fn webhook_state_to_judge(
        &self,
        x: &Exch,
        id: &str,
        st: Option<TaskState>,
        ts: Option<i64>,
    ) -> Option<TaskState> {
        let s = st?;
        if s.is_terminal() {
            return Some(s);
        }
        let Some(t) = self.task_of(x, id) else {
            return Some(s);
        };
        if t.terminal.is_none() {
            return Some(s);
        }
        // [`TaskRec::terminal_ts`] comes from whatever showed the terminal state (a push,
        // a stream, a GetTask answer: breaker11 K14), so a push stamped no later than it
        // is a late delivery however the terminal state was learnt.
        let changed = match (ts, t.terminal_ts) {
            (Some(now), Some(then)) => now > then,
            _ => !t.webhook_states.contains(&s),
        };
        changed.then_some(s)
    }

    /// PUSH-002 / PUSH-004: whose push config delivery `x` to webhook URL key `key` (its
    /// request body `body`) answers, when configs of more than one leg or agent name that
    /// webhook (a gateway whose client leg and upstream leg both register it): the config
    /// of the task the delivery names ([`delivered_task_id_in`]), of those the one whose
    /// token the delivery carries (a header whose name holds `token`, by [`fingerprint`]),
    /// else the one registered last; with no config of that task, the last one whose
    /// token it carries. Returns that config's `(agent scope, leg)`, so the delivery's task
    /// is booked under that call's record ([`Exch::task_leg`]); `None` when one leg and
    /// agent registered the webhook, or nothing tells the configs apart (the last
    /// registration then stands: [`State::push_url_scope`]). left53 item 3.
    pub(super) fn delivery_owner(
        &self,
        x: &Exch,
        key: &str,
        body: Option<&[u8]>,
    ) -> Option<(String, Option<String>)> {
        let list = self.push_secrets.get(key)?;
        let first = list.first()?;
        if list
            .iter()
            .all(|s| s.leg == first.leg && s.scope == first.scope)
        {
            return None;
        }
        let task = body
            .and_then(|b| Json::parse(b).ok())
            .and_then(|v| delivered_task_id_in(&v));
        let sent_token: Vec<u64> = x
            .req_headers
            .iter()
            .filter(|(k, _)| k.to_ascii_lowercase().contains("token"))
            .filter_map(|(_, v)| fingerprint(v.trim()))
            .collect();
        let carries_token = |s: &PushSecret| s.token.is_some_and(|t| sent_token.contains(&t));
        let of_task: Vec<&PushSecret> = list
            .iter()
            .filter(|s| task.is_some() && s.task == task)
            .collect();
        let owner = if of_task.is_empty() {
            list.iter().rev().find(|s| carries_token(s))?
        } else {
            of_task
                .iter()
                .rev()
                .find(|s| carries_token(s))
                .or(of_task.last())
                .copied()?
        };
        Some((owner.scope.clone(), owner.leg.clone()))
    }

    /// Books task `id` as named by a recorded push delivery ([`Verifier::webhook_task_ids`]).
    fn note_webhook_task(&mut self, id: &str) {
        if self.webhook_task_ids.len() < MAX_PUSH_URLS && !self.webhook_task_ids.contains(id) {
            self.webhook_task_ids.insert(id.to_string());
        }
    }

    /// True when the recording saw task `id` in a call between client and agent (on any
    /// leg), not only in push deliveries.
    pub(super) fn task_in_calls(&self, id: &str) -> bool {
        self.tasks
            .iter()
            .any(|(k, t)| t.in_calls && k.rsplit('\u{0}').next().unwrap_or(k) == id)
    }

    /// The registered webhook URL key ([`webhook_key`]) a request to `url` is a delivery
    /// to: the URL's own key, else (when only that is registered) the key without its
    /// `?query` / `#fragment`: an agent that appends the configured credentials as a query
    /// parameter still delivers to the configured webhook (PUSH-004, AUTH-001).
    pub(super) fn delivery_key(&self, url: &str) -> String {
        let key = webhook_key(url);
        if self.push_urls.contains_key(key.as_ref()) {
            return key.into_owned();
        }
        let cut = key.find(['?', '#']).map_or(key.as_ref(), |i| &key[..i]);
        if cut.len() < key.len() && self.push_urls.contains_key(cut) {
            return cut.to_string();
        }
        key.into_owned()
    }

    /// The name of a query parameter of delivery `x` (to registered webhook `key`) that the
    /// configured webhook URL does not have and that carries a credential: its value is a
    /// configured token or credentials, or its name says so (`access_token`, `api_key`,
    /// `token`, `auth`, `secret`, `password`). `None` when the URL is the configured one.
    pub(super) fn credential_in_query(&self, x: &Exch, key: &str) -> Option<String> {
        let q = x.url.split_once('?')?.1;
        let q = q.split_once('#').map_or(q, |(q, _)| q);
        if webhook_key(&x.url) == key {
            return None;
        }
        let secrets = self.push_secrets.get(key);
        q.split('&').find_map(|kv| {
            let (k, v) = kv.split_once('=')?;
            let (k, v) = (a2a::percent_decode(k), a2a::percent_decode(v));
            let f = fingerprint(v.trim());
            let known = f.is_some()
                && secrets.is_some_and(|l| {
                    l.iter()
                        .any(|s| s.token == f || s.http_cred == f || s.http_cred_b64 == f)
                });
            let lk = k.to_ascii_lowercase();
            let named = ["token", "key", "auth", "secret", "password", "credential"]
                .iter()
                .any(|n| lk.contains(n));
            (!v.is_empty() && (known || named)).then_some(k)
        })
    }

    /// PUSH-DELIV-001 (1.0 deliveries are POSTs), PUSH-CFG-002, PUSH-BODY-002/003 (payload
    /// about a task no config of the URL was created for, when every config named its task)
    /// and PUSH-AUTH-002 (token or credentials other than the configs of the delivery's task
    /// carry; compared as fingerprints, never printed) on one delivery to a webhook
    /// (PUSH-004, PUSH-005, AUTH-006). Returns false when the delivery's credentials cannot be judged: it names a
    /// task the recording never saw and whose config for this webhook it does not hold
    /// (PUSH-BODY-003), so the configs of other tasks say nothing about it.
    /// `task_ambiguous`: the body names its task id twice with two values
    /// ([`Self::duplicate_member_delivery`]), so PUSH-BODY-002/003 are not judged.
    pub(super) fn check_push_delivery(&mut self, x: &Exch, c: &Call, task_ambiguous: bool) -> bool {
        let key = self.delivery_key(&x.url);
        if c.dialect == Some(Dialect::V1_0) && !x.method.eq_ignore_ascii_case("POST") {
            self.areas.insert("push");
            self.find(
                &r::PUSH_NOT_POST,
                format!(
                    "push notification was delivered by HTTP {} instead of POST",
                    x.method
                ),
                vec![x.ev(x.req_seq)],
                &x.leg,
            );
        }
        // PUSH-004: the body is one StreamResponse as application/a2a+json (1.0.0:
        // application/json); another JSON type (`+json`) is read alike by JSON receivers.
        if c.dialect == Some(Dialect::V1_0) && !x.req_body.as_slice().is_empty() {
            let mt = x.req_media();
            let json = mt.as_deref().is_some_and(|m| {
                m == "application/a2a+json" || m == "application/json" || m.ends_with("+json")
            });
            if !json {
                self.areas.insert("push");
                let what = match mt.as_deref() {
                    Some(m) if !m.is_empty() => format!("Content-Type {m}"),
                    _ => "no Content-Type".to_string(),
                };
                self.find(
                    &r::PUSH_NOT_JSON_MEDIA_TYPE,
                    format!(
                        "agent delivered the push notification with {what} instead of application/a2a+json"
                    ),
                    vec![x.ev(x.req_seq)],
                    &x.leg,
                );
            }
        }
        // the body parsed once for both readers of its task (and state) below
        let body = x.req_decoded().unwrap_or_default();
        let parsed = (self.push_deleted.contains_key(&key) || self.push_secrets.contains_key(&key))
            .then(|| Json::parse(&body).ok())
            .flatten();
        let delivered = parsed.as_ref().and_then(delivered_task_id_in);
        if let (Some(v), Some(task)) = (parsed.as_ref(), delivered.as_deref()) {
            self.check_delivery_after_delete(x, &key, task, v);
        }
        let Some(configs) = self.push_secrets.get(&key).cloned() else {
            return true;
        };
        let task = delivered.filter(|_| !task_ambiguous);
        // The configs this delivery can belong to: those of its task when any names it.
        let of_task: Vec<&PushSecret> = configs
            .iter()
            .filter(|s| task.is_some() && s.task == task)
            .collect();
        let mut unrecorded = false;
        if let Some(t) = task.as_deref() {
            if of_task.is_empty()
                && configs.iter().all(|s| s.task.is_some())
                && !self.push_secrets_full.contains(&key)
            {
                let mut named: Vec<&str> =
                    configs.iter().filter_map(|s| s.task.as_deref()).collect();
                named.sort_unstable();
                named.dedup();
                let tasks = if named.len() == 1 { "task" } else { "tasks" };
                self.areas.insert("push");
                if self.task_in_calls(t) {
                    self.find(
                        &r::PUSH_OTHER_TASK,
                        format!(
                            "push notification about task {t} was delivered to a webhook the client configured only for {tasks} {} (task {t}'s own calls are in the recording, with no push config for this webhook)",
                            named.join(", ")
                        ),
                        vec![x.ev(x.req_seq)],
                        &x.leg,
                    );
                } else {
                    unrecorded = true;
                    let msg = format!(
                        "push notification about task {t}, which the recording never saw, was delivered to a webhook whose recorded configs are for {tasks} {}: either its config was created before the recording or past the proxy, or the agent sent another task's notification here (its credentials are not judged)",
                        named.join(", ")
                    );
                    let ev = vec![x.ev(x.req_seq)];
                    // PUSH-001 / PUSH-005 (breaker17b V9): a send with an inline config
                    // still in flight may name this task in its answer (the first
                    // delivery overtakes it): judged at the end of the recording.
                    let in_flight = self.open.keys().any(|id| *id != x.id);
                    if in_flight && self.pending_unknown_push.len() < MAX_PENDING_UNKNOWN_PUSH {
                        self.pending_unknown_push.push((
                            key.clone(),
                            t.to_string(),
                            msg,
                            ev,
                            x.leg.clone(),
                        ));
                    } else {
                        self.find(&r::PUSH_UNKNOWN_TASK, msg, ev, &x.leg);
                    }
                }
            }
        }
        if unrecorded {
            return false;
        }
        let pool: Vec<&PushSecret> = if of_task.is_empty() {
            configs.iter().collect()
        } else {
            of_task
        };
        let h = &x.req_headers;
        // A value redacted untagged (`[REDACTED]`, recordings before tags) is unknown: it
        // is compared with nothing.
        let sent_token: Vec<u64> = h
            .iter()
            .filter(|(k, _)| k.to_ascii_lowercase().contains("token"))
            .filter_map(|(_, v)| fingerprint(v.trim()))
            .collect();
        let sent_cred: Option<u64> = h.get("authorization").and_then(|v| {
            let v = v.trim();
            fingerprint(v.split_once(' ').map_or(v, |(_, c)| c.trim()))
        });
        let sent_scheme: Option<String> = h.get("authorization").and_then(|v| {
            let (s, _) = v.trim().split_once(' ')?;
            Some(s.to_string())
        });
        let mut differs: Vec<&str> = Vec::new();
        if !sent_token.is_empty()
            && pool.iter().any(|s| s.token.is_some())
            && !pool
                .iter()
                .any(|s| s.token.is_some_and(|t| sent_token.contains(&t)))
        {
            differs.push("a token");
        }
        if let Some(sent) = sent_cred {
            if pool.iter().any(|s| s.http_cred.is_some())
                && !pool
                    .iter()
                    .any(|s| s.http_cred == Some(sent) || s.http_cred_b64 == Some(sent))
            {
                differs.push("Authorization credentials");
            }
        }
        // PUSH-004: the configured credentials under another scheme than configured (Basic
        // credentials sent as Bearer): the receiver's check for its scheme rejects them.
        let mut wrong_scheme = None;
        if let (Some(sent), Some(scheme)) = (sent_cred, sent_scheme.as_deref()) {
            let same_cred: Vec<&&PushSecret> = pool
                .iter()
                .filter(|s| s.http_cred == Some(sent) || s.http_cred_b64 == Some(sent))
                .collect();
            if !same_cred.is_empty()
                && same_cred.iter().all(|s| {
                    !s.schemes.is_empty()
                        && !s.schemes.iter().any(|k| k.eq_ignore_ascii_case(scheme))
                })
            {
                wrong_scheme = Some((scheme.to_string(), same_cred[0].schemes.join(", ")));
            }
        }
        if let Some((sent, want)) = wrong_scheme {
            self.areas.insert("push");
            self.find(
                &r::PUSH_WRONG_CREDENTIALS,
                format!(
                    "agent delivered the push notification with the configured credentials under the Authorization scheme {sent}, although the client configured scheme {want} for this webhook (values not shown)"
                ),
                vec![x.ev(x.req_seq)],
                &x.leg,
            );
        }
        if !differs.is_empty() {
            self.areas.insert("push");
            self.find(
                &r::PUSH_WRONG_CREDENTIALS,
                format!(
                    "push notification was delivered with {} other than the client configured for this webhook (values not shown)",
                    differs.join(" and ")
                ),
                vec![x.ev(x.req_seq)],
                &x.leg,
            );
        }
        true
    }

    /// PUSH-CFG-002 (PUSH-003: a config lives until its task ends or it is deleted): a
    /// delivery to webhook URL `key` about a task whose config for that URL was deleted
    /// (answered with success) before this delivery's request started, and that ended more
    /// than [`PUSH_DELETE_GRACE_US`] after that answer (a delivery already under way when
    /// the delete was served is a race, seen between two reference agents on a loaded
    /// machine, not a config the agent kept). Within that time too when the delivery
    /// carries a terminal state and a call the client asked after the delete's answer
    /// (a GetTask, a resubscribe) still showed the task non-terminal
    /// ([`TaskRec::open_seen`]; an event of a stream opened before may lag): the
    /// delivered update happened after the delete, so no delivery of it was under way
    /// (breaker52 v03-push-after-delete: the deleted config's webhook got the task's
    /// completion 1.6 s after the delete, the task shown working in between).
    ///
    /// `task` is the task the delivery names, read from `v`, its parsed body. The task's
    /// record is the one of the calls that registered the webhook ([`Exch::tkey`]: a
    /// delivery's task is booked under that call's leg and agent, webhook52); only a
    /// delivery whose registration the recording does not hold walks the task's records
    /// of every leg.
    pub(super) fn check_delivery_after_delete(
        &mut self,
        x: &Exch,
        key: &str,
        task: &str,
        v: &Json,
    ) {
        let Some(deleted) = self.push_deleted.get(key) else {
            return;
        };
        // the task's record of the calls between client and agent (a delivery's own leg
        // keeps another record of it): its latest non-terminal sighting
        let open_seen = delivered_state_in(v)
            .filter(|st| st.is_terminal())
            .and_then(|_| {
                if x.task_leg.is_some() {
                    self.tasks
                        .get(&x.tkey(task))
                        .filter(|t| t.in_calls)
                        .and_then(|t| t.open_seen)
                } else {
                    self.tasks
                        .iter()
                        .filter(|(k, t)| t.in_calls && k.rsplit('\u{0}').next() == Some(task))
                        .filter_map(|(_, t)| t.open_seen)
                        .max()
                }
            });
        // A delivery that ends within PUSH_DELETE_GRACE_US of the delete's answer may have
        // been on its way when the delete was served (a race, not a config kept alive).
        let Some((_, dseq, dxid, _)) = deleted
            .iter()
            .find(|(t, seq, _, dt)| {
                *t == task
                    && *seq < x.req_seq
                    && (x.end_t > dt.saturating_add(PUSH_DELETE_GRACE_US)
                        || open_seen.is_some_and(|o| o > *seq && o < x.req_seq))
            })
            .cloned()
        else {
            return;
        };
        self.areas.insert("push");
        self.find(
            &r::PUSH_AFTER_DELETE,
            format!("agent delivered a push notification about task {task} after the client deleted that task's push notification config for this webhook"),
            vec![
                Evidence::event(dseq, dxid),
                x.ev(x.req_seq),
            ],
            &x.leg,
        );
    }

    /// TASK-STATE-005 / VER-MIX-001 on a push payload's state (ggcode PR #2515: 0.x names
    /// on a 1.0 wire).
    pub(super) fn webhook_state_spelling(
        &mut self,
        x: &Exch,
        raw: Option<&str>,
        st: Option<TaskState>,
        base: &str,
        seq: u64,
    ) {
        let Some(raw) = raw else { return };
        let c = x.call.clone().unwrap_or_default();
        if let Some((f_rule, why)) = state_spelling_problem(raw, st, c.dialect, c.binding) {
            self.find(
                f_rule,
                format!("push notification task state {raw:?} {why}"),
                vec![x.ev_at(
                    seq,
                    &format!("{base}/status/state"),
                    Some(Value::String(raw.into())),
                )],
                &x.leg,
            );
        }
    }
}

/// How an agent answered a repeated push-config Delete, in any binding
/// ([`State::repeated_push_delete_refused`], PUSH-003): `NotFound` is the not-found error
/// a missing config gets (JSON-RPC -32001, HTTP 404 or 410, gRPC NOT_FOUND), `Internal`
/// the generic failure (-32603, HTTP 500, gRPC INTERNAL), `Invalid` a malformed-request
/// refusal (-32602, HTTP 400 INVALID_ARGUMENT, gRPC INVALID_ARGUMENT), `Other` any other
/// refusal (another A2A error, a 409).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum RepeatAnswer {
    NotFound,
    Internal,
    Invalid,
    Other,
}

impl RepeatAnswer {
    /// The kind of a JSON-RPC error `code` (1.0 §5.4 / ERR-001 numbers).
    pub(super) fn of_rpc(code: i64) -> Self {
        match code {
            jsonrpc::TASK_NOT_FOUND => Self::NotFound,
            jsonrpc::INTERNAL_ERROR => Self::Internal,
            jsonrpc::INVALID_PARAMS | jsonrpc::INVALID_REQUEST => Self::Invalid,
            _ => Self::Other,
        }
    }

    /// The kind of an HTTP+JSON error answer: HTTP `status` with ErrorInfo `reason` (or
    /// the google.rpc Status name `status_name`); `None` for an answer that says nothing
    /// about the delete (an authentication front's 401 / 403 / 407, a rate limiter's 429,
    /// an unavailable upstream's 502 / 503 / 504).
    pub(super) fn of_rest(
        status: u16,
        reason: Option<&str>,
        status_name: Option<&str>,
    ) -> Option<Self> {
        let named = reason.or(status_name);
        Some(match (status, named) {
            (401 | 402 | 403 | 407 | 408 | 429 | 502 | 503 | 504, _) => return None,
            (_, Some("TASK_NOT_FOUND")) | (404 | 410, _) => Self::NotFound,
            (_, Some("INTERNAL")) | (500, None) => Self::Internal,
            (_, Some("INVALID_ARGUMENT" | "INVALID_PARAMS")) | (400, None) => Self::Invalid,
            _ => Self::Other,
        })
    }

    /// The kind of a gRPC status `code` (`None`: UNAUTHENTICATED, PERMISSION_DENIED,
    /// RESOURCE_EXHAUSTED, UNAVAILABLE, DEADLINE_EXCEEDED, CANCELLED say nothing about the
    /// delete).
    pub(super) fn of_grpc(code: u32) -> Option<Self> {
        Some(match code {
            0 | 1 | 4 | 7 | 8 | 14 | 16 => return None,
            5 => Self::NotFound,
            13 => Self::Internal,
            3 => Self::Invalid,
            _ => Self::Other,
        })
    }
}

/// What the webhook legs' records of one task id got (`terminal_never_pushed`,
/// PUSH-DELIV-003): a terminal state, the agent's clock (least skew, ms, with the
/// delivery's dialect and binding).
#[derive(Default)]
struct WebhookSeen {
    terminal: bool,
    clock: Option<(i64, Option<Dialect>, Option<Binding>)>,
    states: Vec<TaskState>,
}

/// The task state a push delivery's body (`body`: one StreamResponse, or a 0.x Task or
/// status-update event) carries at `status.state` (TaskState names of any version), or
/// `None` (an artifact update, a message, no JSON).
fn delivered_state_in(v: &Json) -> Option<TaskState> {
    let inner = match classify_payload(v, "") {
        Ok(p) => p
            .inner
            .get("status")?
            .get("state")?
            .as_str()
            .map(str::to_string),
        Err(_) => v.get("status")?.get("state")?.as_str().map(str::to_string),
    }?;
    TaskState::parse_lenient(&inner)
}

/// Why a 1.0 CreateTaskPushNotificationConfig `c` has no url at its params root when the
/// url sits in a `config` object: the params are the draft CreateTaskPushNotificationConfigRequest
/// `{taskId, config: {url, ...}}` (a2a-dotnet #416, field case f935), where the 1.0 proto takes the
/// TaskPushNotificationConfig itself (PUSH-002). The clause to append to a PUSH-CFG-003 or
/// DATA-PARAM-001 message, or `""` for any other call.
pub(super) fn create_config_wrapped(c: &Call) -> &'static str {
    let wrapped = c.dialect == Some(Dialect::V1_0)
        && c.op == Some(Op::CreatePushConfig)
        && member_path(c.params.json(), "/url").is_none()
        && member_path(c.params.json(), "/config/url").is_some_and(Json::is_string);
    if wrapped {
        ": its url is inside a config member ({taskId, config: {url, ...}}: the CreateTaskPushNotificationConfigRequest of the 1.0 drafts, dropped by A2A #1500 before 1.0), and the 1.0 params are the TaskPushNotificationConfig itself, {taskId, url, id?, token?, authentication?}, so an agent that follows the proto reads no url"
    } else {
        ""
    }
}

/// The first malformed nested object of a push StreamResponse `p` (PUSH-004, DATA-004,
/// DATA-005): a Task's status message, history and artifacts ([`a2a::task_members_problems`],
/// its status timestamp left to the caller's own check), a Message whole, a statusUpdate's
/// status message, an artifactUpdate's artifact, each in 1.0's part style (exactly one of
/// text, raw, url, data; ROLE_* roles; at least one part). Returns `(JSON Pointer, message)`,
/// `None` when every nested object is well formed.
///
/// `style` is the generation's part style: [`a2a::PartStyle::V1`] for a 1.0 StreamResponse,
/// [`a2a::PartStyle::V0Rpc`] for a 0.2 / 0.3 object with the `kind` discriminator (left55:
/// the 0.x JSON-RPC shapes, judged by the same functions as a 0.3 Task answer's).
fn push_nested_problem(p: &a2a::Payload<'_>, style: a2a::PartStyle) -> Option<(String, String)> {
    match p.kind {
        PayloadKind::Task => {
            let stamp = jptr(&p.pointer, &[Key("status"), Key("timestamp")]);
            a2a::task_members_problems(p.inner, &p.pointer, style)
                .into_iter()
                .find(|(ptr, _)| !ptr.starts_with(stamp.as_str()))
        }
        PayloadKind::Message => a2a::message_shape_problems(p.inner, &p.pointer, style)
            .into_iter()
            .next(),
        PayloadKind::StatusUpdate => match p.inner.get("status").and_then(|s| s.get("message")) {
            Some(Json::Object(m)) => {
                let at = jptr(&p.pointer, &[Key("status"), Key("message")]);
                a2a::message_shape_problems(m, &at, style)
                    .into_iter()
                    .next()
            }
            _ => None,
        },
        PayloadKind::ArtifactUpdate => p.inner.get("artifact").and_then(|a| {
            let at = jptr(&p.pointer, &[Key("artifact")]);
            a2a::artifact_shape_problems(a, &at, style)
                .into_iter()
                .next()
        }),
    }
}

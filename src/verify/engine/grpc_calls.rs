//! The gRPC binding: calls, frames, trailers and status codes.

use super::*;

impl State {
    // ------------------------------------------------------------------ gRPC

    /// A gRPC call (GRPC-001): the request message decoded to ProtoJSON becomes the call's
    /// params (as an HTTP+JSON body would), op and dialect come from the path.
    pub(super) fn build_grpc_call(&mut self, x: &mut Exch, mut c: Call) {
        let seq = x.req_ev_seq();
        let enc = x.req_headers.get("grpc-encoding").map(str::to_string);
        let truncated = x.truncated;
        let Some(g) = x.grpc.as_mut() else { return };
        let route = g.route.clone();
        c.binding = Some(Binding::Grpc);
        c.method = Some(route.method.clone());
        if let Some(sent) = &route.misnamed {
            c.wrong_case_path = Some((
                format!("/{sent}"),
                format!("/{}/{}", route.service, route.method),
            ));
        }
        c.op = route.op;
        c.dialect = Some(route.dialect);
        if !truncated && route.op.is_some() {
            let ended = x.ended;
            let body = x.req_body.as_slice();
            match decode_grpc_request(&route, body, enc.as_deref()) {
                GrpcRequest::Params(v) => {
                    c.params = Params::owned(
                        serde_json::to_vec(&v)
                            .ok()
                            .and_then(|b| Json::parse_owned(&b).ok())
                            .unwrap_or_default(),
                    );
                }
                GrpcRequest::OverCap(why) => {
                    g.unreadable.get_or_insert(why);
                }
                GrpcRequest::Unreadable(why) => {
                    g.unreadable
                        .get_or_insert(format!("request message: {why}"));
                }
                // A cut or missing message at the response head may be a request body the
                // recording writes later (a body held back until its exchange's next event,
                // docs/recording-format.md): judged again at the end of the call.
                GrpcRequest::Bad(_, cut) if cut && !ended => g.req_recheck = true,
                GrpcRequest::Bad(_, _) if body.is_empty() && !ended => g.req_recheck = true,
                GrpcRequest::Bad(why, cut) => {
                    g.req_malformed.get_or_insert((why, seq, cut));
                }
            }
        }
        // 0.3 names tasks as AIP resources: `name: "tasks/{id}"` (Get, Cancel,
        // TaskSubscription), `parent: "tasks/{id}"` (push config create and list).
        if route.dialect == Dialect::V0_3 {
            let res = ["name", "parent"]
                .iter()
                .find_map(|k| c.params.get(k).and_then(Json::as_str));
            // DATA-PARAM-003 (A2A #870, mine56b f1255): a resource name that is not
            // `tasks/{id}...` (the bare task id) names no task the agent can resolve.
            if let Some((key, n)) = ["name", "parent"].iter().find_map(|k| {
                let n = c.params.get(k).and_then(Json::as_str)?;
                (!n.is_empty() && !n.starts_with("tasks/")).then_some((*k, n.to_string()))
            }) {
                let shape = if c.op.is_some_and(Op::is_push_config) {
                    if key == "parent" {
                        "tasks/{task_id}"
                    } else {
                        "tasks/{task_id}/pushNotificationConfigs/{config_id}"
                    }
                } else {
                    "tasks/{task_id}"
                };
                self.find(
                    &r::DATA_PARAM_TASK_ID_MISSING,
                    format!(
                        "client's 0.3 gRPC call {} names the task by {key} \"{n}\", which is no resource name: the 0.3 proto names a task {key} = \"{shape}\" (its google.api.http route /v1/{{{key}=tasks/*}}), so the agent cannot resolve the task from it",
                        route.method
                    ),
                    vec![x.ev_at(seq, &format!("/{key}"), Some(Value::String(n.clone())))],
                    &x.leg,
                );
            }
            if let Some(id) = res
                .and_then(|n| n.strip_prefix("tasks/"))
                .and_then(|r| r.split('/').next())
                .filter(|id| !id.is_empty())
            {
                c.route_task = Some(id.to_string());
            }
        }
        let label = if route.dialect == Dialect::V0_3 {
            "0.3 gRPC"
        } else {
            "1.0 gRPC"
        };
        self.note_dialect_label(&x.id, label);
        self.note_binding(&x.leg, route.dialect.as_str(), Binding::Grpc);
        self.areas.insert("grpc");
        if c.op.is_some_and(Op::is_task_op) {
            self.areas.insert("task");
        }
        if c.op.is_some_and(Op::is_streaming) {
            self.areas.insert("stream");
        }
        // A request that did not decode (or was cut by the capture cap) has no params to
        // judge (the frame finding or the not-judged note says why).
        let decoded = !truncated
            && x.grpc.as_ref().is_some_and(|g| {
                g.req_malformed.is_none() && g.unreadable.is_none() && !g.req_recheck
            });
        x.call = Some(Arc::new(c));
        x.scope = self.agent_scope(x);
        if decoded {
            self.request_checks(x);
        }
    }

    /// A response chunk of a gRPC call: whole messages are decoded; a stream's messages
    /// are judged as stream events at once (the StreamResponse rules of HTTP+JSON), a
    /// unary call's message is kept for its end.
    pub(super) fn on_grpc_chunk(
        &mut self,
        xid: &str,
        data: &Bytes,
        truncated: bool,
        seq: u64,
        t_us: u64,
    ) {
        let Some((slot, mut x)) = self.open.take(xid) else {
            return;
        };
        x.last_seq = seq;
        if x.body_seq.is_none() {
            x.body_seq = Some(seq);
        }
        if truncated {
            x.truncated = true;
            x.trunc_by |= TRUNC_CAP;
        }
        if !x.truncated {
            let enc = x.resp_headers.get("grpc-encoding").map(str::to_string);
            // the answer's own content-subtype names its codec (a server answers in the
            // request's, PROTOCOL-HTTP2.md); without a gRPC one, the request's
            let codec = x
                .resp_headers
                .get("content-type")
                .filter(|ct| grpc::is_grpc_content_type(ct))
                .map(grpc::codec_of);
            let streaming = x.sse.is_some();
            let mut values: Vec<Option<Value>> = Vec::new();
            if let Some(g) = x.grpc.as_mut() {
                match g.resp.push(data) {
                    Err(e) if g.resp.over_cap() => {
                        g.unreadable.get_or_insert(format!(
                            "response: {e}, this tool's decode cap (gRPC sets no maximum)"
                        ));
                    }
                    Err(e) => {
                        g.malformed.get_or_insert((format!("response: {e}"), seq));
                    }
                    Ok(frames) => {
                        for f in frames {
                            g.count += 1;
                            let route = g.route.clone();
                            match grpc::decode_message_as(
                                &route,
                                grpc::Side::Response,
                                &f,
                                enc.as_deref(),
                                codec.unwrap_or(route.codec),
                            ) {
                                Ok(v) if streaming => values.push(Some(v)),
                                Ok(v) => {
                                    if g.messages.len() < 2 {
                                        g.messages.push((v, seq));
                                    }
                                }
                                Err(e) => {
                                    g.failed("response", e, seq);
                                    if streaming {
                                        values.push(None);
                                    }
                                }
                            }
                        }
                    }
                }
            }
            for v in values {
                if let Some(s) = x.sse.as_mut() {
                    s.events += 1;
                    // the message's capture time, as an SSE event's (STREAM-END-003's other
                    // streams, STREAM-END-009's terminal event)
                    s.event_t = t_us;
                    StreamState::keep(&mut s.arrivals, &mut s.past_kept, (t_us, seq));
                    if v.is_none() {
                        s.undecodable = true;
                    }
                }
                if let Some(v) = v {
                    self.on_stream_value(&mut x, &Json::from_value(&v), seq, t_us);
                }
            }
        }
        self.open.put(slot, x);
    }

    /// The end of a gRPC call: framing and decoding problems (GRPC-FRAME-001), then the
    /// status from the `grpc-status` trailer (or the Trailers-Only headers): OK judges the
    /// answer as the HTTP+JSON body / stream it mirrors, an error judges the status
    /// (GRPC-ERROR-001, GRPC-ERROR-002, ID-TASK-001).
    pub(super) fn end_grpc(&mut self, mut x: Exch) {
        let who = self.sender(&x).noun();
        let Some(mut g) = x.grpc.take() else { return };
        if x.synthetic {
            return;
        }
        // The client's request first: its faults are the client's (GRPC-FRAME-002), however
        // the call ended, and do not grade the agent (breaker9c C8). A body that ends inside
        // a message is the client's fault only when the request is known to be whole: the
        // exchange completed, or the Content-Length it announced all arrived (a client that
        // aborts mid-body cut nothing on purpose).
        if g.req_recheck && !x.truncated {
            let enc = x.req_headers.get("grpc-encoding").map(str::to_string);
            match decode_grpc_request(&g.route, x.req_body.as_slice(), enc.as_deref()) {
                GrpcRequest::Bad(why, cut) => {
                    g.req_malformed.get_or_insert((why, x.req_ev_seq(), cut));
                }
                GrpcRequest::OverCap(why) => {
                    g.unreadable.get_or_insert(why);
                }
                GrpcRequest::Unreadable(why) => {
                    g.unreadable
                        .get_or_insert(format!("request message: {why}"));
                }
                GrpcRequest::Params(_) => {}
            }
        }
        if let Some((msg, seq, cut)) = g.req_malformed.take() {
            let whole = x.outcome == Some(Outcome::Complete)
                || (x.req_body.expected > 0
                    && !x.req_body.oversize
                    && x.req_body.len() >= x.req_body.expected);
            if !cut || whole {
                let method = g.route.method.clone();
                let ended = if cut {
                    " (the client ended its request there)"
                } else {
                    ""
                };
                self.find(
                    &r::GRPC_REQUEST_MALFORMED,
                    format!("{who}'s gRPC {method} {msg}{ended}"),
                    vec![x.ev(seq)],
                    &x.leg,
                );
            } else {
                self.incomplete.push((
                    str::to_string(&x.id),
                    format!("gRPC {msg} when the call was cut off: whether the client sent the rest is not known, not judged"),
                ));
            }
        }
        match x.outcome {
            // A stream the client left between whole messages (a probe at its deadline, a
            // stream held open after its terminal event): its messages were judged as they
            // came, as an SSE stream's events are when the client leaves (its first event,
            // ids, events after the terminal one); only its end and status, which the
            // client cut, are not (grpcprobe57: the whole call was "not judged", so the
            // probe's stream checks stood on no verdict over gRPC while they did over SSE).
            Some(Outcome::ClientAbort)
                if x.sse.is_some()
                    && g.resp.pending() == 0
                    && g.unreadable.is_none()
                    && g.malformed.is_none() =>
            {
                self.end_stream(&mut x);
                self.after_response(&x, None, None);
                return;
            }
            Some(Outcome::ClientAbort) => {
                self.incomplete.push((
                    str::to_string(&x.id),
                    "client went away before the gRPC call ended: not judged".into(),
                ));
                return;
            }
            Some(Outcome::UpstreamAbort) => {
                let cause = x
                    .end_error
                    .clone()
                    .unwrap_or_else(|| "agent closed or reset the stream".into());
                self.incomplete.push((
                    str::to_string(&x.id),
                    format!("{cause}: gRPC call not judged"),
                ));
                return;
            }
            _ => {}
        }
        let Some(status) = x.status else { return };
        if status != 200 {
            // GW-RESP-003: a proxy's own 502/503/504 instead of a gRPC answer.
            if let Some(c) = x.call.clone() {
                self.intermediary_error_unseen(&x, &c, None);
                if self.gw_own_answer.contains(&x.id) {
                    return;
                }
            }
            // streams59 item 5: CARD-URL-002 already told this answer (no gRPC service at
            // the advertised url): one finding says it, the note would repeat it
            if self.grpc_unserved_told.as_deref() != Some(&*x.id) {
                self.incomplete.push((
                    str::to_string(&x.id),
                    format!("gRPC call answered HTTP {status}: no gRPC status to judge"),
                ));
            }
            return;
        }
        let method = g.route.method.clone();
        // A call still open when the recording stopped (the proxy shut down mid-stream,
        // `exchange_end` outcome `open`) has had no chance to send its last message or its
        // status: neither is judged (breaker56 g10-stream-held-open: read as "ended without
        // grpc-status", GRPC-FRAME-001, while the agent held the stream open after its
        // terminal event, which is STREAM-END-003's).
        let open = x.outcome == Some(Outcome::Open);
        if let Some(e) = g.resp.finish().filter(|_| !open) {
            g.malformed
                .get_or_insert((format!("response: {e}"), x.end_seq));
        }
        let mut undecoded = false;
        if let Some(why) = g.unreadable.take() {
            self.incomplete
                .push((str::to_string(&x.id), format!("{why}: not judged")));
            undecoded = true;
        }
        if let Some((msg, seq)) = g.malformed.clone() {
            self.find(
                &r::GRPC_MESSAGE_MALFORMED,
                format!("gRPC {method} {msg}"),
                vec![x.ev(seq)],
                &x.leg,
            );
            undecoded = true;
        }
        if undecoded {
            if let Some(s) = x.sse.as_mut() {
                s.undecodable = true;
            }
        }
        if open && !x.resp_headers.contains("grpc-status") {
            if x.sse.is_some() {
                // the stream's own end rules read the open end (STREAM-END-003, or "not
                // judged" before a terminal event)
                self.end_stream(&mut x);
            } else {
                self.incomplete.push((
                    str::to_string(&x.id),
                    format!("the recording ended with the gRPC {method} call open: its answer and status not judged"),
                ));
            }
            self.after_response(&x, None, None);
            return;
        }
        // The status: trailers, else Trailers-Only (the status in the response headers).
        let from_trailers = x.trailers.contains("grpc-status");
        let hs = if from_trailers {
            &x.trailers
        } else {
            &x.resp_headers
        };
        let st_seq = if from_trailers { x.end_seq } else { x.resp_seq };
        let raw = hs.get("grpc-status").map(|s| s.trim().to_string());
        let message = hs.get("grpc-message").map(str::to_string);
        let details = hs.get("grpc-status-details-bin").map(str::to_string);
        let code = match raw.as_deref().map(str::parse::<u32>) {
            None => {
                self.find(
                    &r::GRPC_MESSAGE_MALFORMED,
                    format!("gRPC {method} ended without grpc-status (no trailer, no Trailers-Only header): gRPC clients fail the call whatever messages arrived (grpc-go: \"server closed the stream without sending trailers\", INTERNAL)"),
                    vec![x.ev(x.end_seq)],
                    &x.leg,
                );
                return;
            }
            Some(Err(_)) => {
                self.find(
                    &r::GRPC_MESSAGE_MALFORMED,
                    format!(
                        "gRPC {method} ended with grpc-status {:?}, not a status code",
                        raw.unwrap_or_default()
                    ),
                    vec![x.ev_at(st_seq, "", raw_value(hs, "grpc-status"))],
                    &x.leg,
                );
                return;
            }
            Some(Ok(n)) => n,
        };
        if code != 0 && !x.synthetic {
            // AUTH-LEAK-001 (q28b 3): the status message (percent-encoded, gRPC PROTOCOL-HTTP2).
            let text = message
                .as_deref()
                .map(a2a::percent_decode)
                .unwrap_or_default();
            if let Some((what, line)) = internal_detail(&text, &SentText::of(&x)) {
                self.areas.insert("auth");
                self.find(
                    &r::AUTH_ERROR_TEXT_LEAK,
                    format!(
                        "agent's gRPC {method} ended with status {code} whose grpc-message shows {what}: \"{line}\"; it tells every caller the agent's code paths, files or queries, which helps an attacker and no client"
                    ),
                    vec![x.ev_at(st_seq, "", Some(Value::String(line.clone())))],
                    &x.leg,
                );
            }
        }
        // left57: a status other than UNIMPLEMENTED shows the agent registers the method
        if code != 12 && !x.synthetic && self.grpc_served.len() < GRPC_SERVED_KEPT {
            if let (Some(o), Some(op)) = (x.origin.as_deref(), x.call.as_deref().and_then(|c| c.op))
            {
                if !self
                    .grpc_served
                    .iter()
                    .any(|(so, sop)| so == o && *sop == op)
                {
                    self.grpc_served.push((o.to_string(), op));
                }
            }
        }
        if code != 0 {
            self.grpc_error(x, code, message, details, st_seq);
            return;
        }
        // CARD-PATH-004 (CARD-001, CARD-002; kagent #2885, mine56 f1227): a gRPC call the
        // agent answered OK is a 1.0 A2A call its origin answered, as a JSON-RPC result or
        // an HTTP+JSON 2xx is; before, only those were kept, so a gRPC-only agent whose
        // well-known card path answered 404 was never judged.
        if let Some(c) = x.call.clone() {
            self.card_404_call_answered(&x, &c, None);
        }
        if x.sse.is_some() {
            self.end_stream(&mut x);
            self.check_extensions(&x, None, None);
            self.after_response(&x, None, None);
            return;
        }
        if undecoded {
            self.after_response(&x, None, None);
            return;
        }
        if g.count != 1 {
            self.find(
                &r::GRPC_MESSAGE_MALFORMED,
                format!(
                    "unary gRPC {method} ended OK with {} response messages (exactly one is due)",
                    g.count
                ),
                vec![x.ev(x.body_seq()), x.ev(x.end_seq)],
                &x.leg,
            );
        }
        let Some((v, seq)) = g.messages.first() else {
            self.after_response(&x, None, None);
            return;
        };
        let j = Json::from_value(v);
        let c = x.call.clone().unwrap_or_default();
        if c.op == Some(Op::GetExtendedCard) {
            self.on_card(&x, Some(&j), true, "");
            return;
        }
        self.check_extensions(&x, Some(&j), None);
        self.probe_unknown_task_grpc(&x, &c, 0, None, *seq);
        let rt = self.on_result(&x, &j, "", *seq);
        if !x.synthetic {
            self.required_id_missing_accepted(&x, &c, *seq);
        }
        let rt2 = rt.as_ref().map(|(a, b, s)| (a.as_str(), b.as_deref(), *s));
        self.after_response(&x, rt2, Some(&j));
    }

    /// A gRPC call that ended with status `code` != OK: the `google.rpc.Status` of
    /// `grpc-status-details-bin` (`details`) is read for its ErrorInfo; the code must be
    /// the one ERR-002's gRPC column gives for the reason (GRPC-ERROR-001), a 1.0
    /// NOT_FOUND / FAILED_PRECONDITION must carry an ErrorInfo (ERR-005, GRPC-ERROR-002),
    /// as must a 1.0 UNIMPLEMENTED where the situation owes PushNotificationNotSupported,
    /// UnsupportedOperation or VersionNotSupported (a bare one is GRPC-ERROR-002 too), and
    /// NOT_FOUND for a task the agent handed out is ID-TASK-001.
    pub(super) fn grpc_error(
        &mut self,
        mut x: Exch,
        code: u32,
        message: Option<String>,
        details: Option<String>,
        st_seq: u64,
    ) {
        let c = x.call.clone().unwrap_or_default();
        let method = c.method.clone().unwrap_or_default();
        x.answer_error = true;
        // AUTH-CHALLENGE-002/-003: a credentials refusal sent as another status.
        if let (Some(m), false) = (message.as_deref(), matches!(code, 7 | 16)) {
            // grpc-message is percent-encoded (gRPC over HTTP/2, "Status-Message")
            let text = a2a::percent_decode(m);
            let answer = format!("gRPC status {code} ({})", grpc::code_name(code));
            let at = x.ev_at(st_seq, "", Some(Value::from(code)));
            self.auth_refused_as_other_error(&x, &c, &text, &answer, at);
        }
        // ERR-006 (breaker15a Q14): a malformed 1.0 parameter the handler failed on
        // (INTERNAL) instead of refusing it with INVALID_ARGUMENT.
        if code == 13 && c.dialect == Some(Dialect::V1_0) {
            self.invalid_param_crashed(&x, &c, st_seq, "");
        }
        if let Some(s) = x.sse.as_mut() {
            s.error_seen = true;
        }
        // STREAM-007 / STREAM-008 (breaker56 g10-stream-error-after-terminal): a stream that
        // delivered the task's terminal event (or a 0.x final: true) and then ended with an
        // error status: the gRPC client fails the call whose outcome it already had, as a
        // JSON-RPC error event after the terminal one does.
        if x.sse.is_some() {
            let what = format!("gRPC status {} ({code})", grpc::code_name(code));
            let found = serde_json::json!({"grpc-status": code, "grpc-message": message});
            self.error_event_after_end(&mut x, st_seq, &what, "", Some(found));
        }
        let mut details_bad = false;
        let status = match details.as_deref().map(grpc::decode_status_details) {
            Some(Ok(v)) => Some(v),
            Some(Err(e)) => {
                details_bad = true;
                self.find(
                    &r::GRPC_MESSAGE_MALFORMED,
                    format!("gRPC {method} error: {e}"),
                    vec![x.ev(st_seq)],
                    &x.leg,
                );
                None
            }
            None => None,
        };
        // GRPC-001 / ERR-005 (breaker56 g10-details-code-differs): the google.rpc.Status of
        // grpc-status-details-bin is the call's status, so its code is the grpc-status
        // (ProtoJSON leaves a 0 code out). gRPC libraries refuse a mismatch: grpcio-status's
        // `from_call` raises ValueError ("Code in Status proto ... doesn't match status
        // code"), grpc-java's `StatusProto` throws ("com.google.rpc.Status code must match
        // gRPC status code"), so the client loses the details and their ErrorInfo.
        if let Some(v) = status.as_ref() {
            let inner = v.get("code").and_then(Value::as_i64).unwrap_or(0);
            if inner != i64::from(code) {
                details_bad = true;
                let inner_name = u32::try_from(inner)
                    .map(grpc::code_name)
                    .unwrap_or_else(|_| format!("code {inner}"));
                self.find(
                    &r::GRPC_MESSAGE_MALFORMED,
                    format!(
                        "gRPC {method} ended with grpc-status {} ({code}) but the google.rpc.Status in its grpc-status-details-bin says code {inner_name} ({inner}): the details belong to the call's status, and gRPC clients refuse them when the codes differ (grpcio-status: \"Code in Status proto doesn't match status code\"; grpc-java: \"com.google.rpc.Status code must match gRPC status code\"), so the ErrorInfo in them is lost",
                        grpc::code_name(code)
                    ),
                    vec![x.ev_at(
                        st_seq,
                        "/code",
                        Some(serde_json::json!({"grpc-status": code, "details-code": inner})),
                    )],
                    &x.leg,
                );
            }
        }
        let reason: Option<String> = status.as_ref().and_then(|v| {
            v.get("details")?.as_array()?.iter().find_map(|d| {
                d.get("@type")
                    .and_then(Value::as_str)
                    .filter(|t| t.ends_with("google.rpc.ErrorInfo"))?;
                d.get("reason").and_then(Value::as_str).map(str::to_string)
            })
        });
        let name = grpc::code_name(code);
        // ID-TASK-007 / -008 (left59 item 5): the prober's marked read of its random id,
        // judged as on JSON-RPC and HTTP+JSON
        self.probe_unknown_task_grpc(&x, &c, code, reason.as_deref(), st_seq);
        if let Some(s) = x.sse.as_mut().filter(|s| s.error_end.is_none()) {
            s.error_end = Some(StreamErrorEnd::grpc_status(
                st_seq,
                code,
                reason.as_deref(),
                message.as_deref(),
            ));
        }
        if code == 13 && reason.is_none() {
            let at = x.ev_at(st_seq, "", Some(serde_json::json!({"grpc-status": code})));
            self.push_config_lookup_failed(&x, &c, &r::GRPC_ERROR_CODE, "gRPC INTERNAL (13)", at);
        }
        if code == 3 && reason.is_none() {
            let at = x.ev_at(st_seq, "", Some(serde_json::json!({"grpc-status": code})));
            self.push_config_lookup_failed(
                &x,
                &c,
                &r::GRPC_ERROR_CODE,
                "gRPC INVALID_ARGUMENT (3)",
                at,
            );
        }
        // ERR-005 / ERR-003: the gRPC ErrorInfo is the A2A one (domain, string metadata).
        if c.dialect == Some(Dialect::V1_0) {
            let defect = status
                .as_ref()
                .and_then(|v| v.get("details")?.as_array())
                .and_then(|d| error_info_list_defect(d));
            if let Some((i, ptr, why)) = defect {
                self.find(
                    &r::GRPC_ERROR_INFO_MISSING,
                    format!("gRPC {method} failed with {name} ({code}): the {why}"),
                    vec![x.ev_at(
                        st_seq,
                        &format!("/details/{i}{ptr}"),
                        Some(serde_json::json!({"grpc-status": code, "grpc-message": message})),
                    )],
                    &x.leg,
                );
            } else if matches!(code, 5 | 9) && !details_bad {
                // ERR-005 / ERR-002 (breaker56 g10-errorinfo-foreign-reason): NOT_FOUND and
                // FAILED_PRECONDITION are A2A's own errors in 1.0 (ERR-002's gRPC column), so
                // their ErrorInfo names the A2A error; ErrorInfos whose reasons are none of
                // the table's (NO_SUCH_TASK under a2a-protocol.org, a framework's own
                // reason) leave the client without the A2A error it maps the status to.
                let infos: Vec<(usize, String, String)> = status
                    .as_ref()
                    .and_then(|v| v.get("details")?.as_array())
                    .map(|d| {
                        d.iter()
                            .enumerate()
                            .filter(|(_, i)| {
                                i.get("@type")
                                    .and_then(Value::as_str)
                                    .is_some_and(|t| t.ends_with("google.rpc.ErrorInfo"))
                            })
                            .map(|(n, i)| {
                                let get = |k: &str| {
                                    i.get(k).and_then(Value::as_str).unwrap_or("").to_string()
                                };
                                (n, get("reason"), get("domain"))
                            })
                            .collect()
                    })
                    .unwrap_or_default();
                if let Some((i, r, d)) = infos.first().filter(|_| {
                    infos
                        .iter()
                        .all(|(_, r, _)| grpc::reason_codes(r).is_none())
                }) {
                    let due = if code == 5 {
                        "TASK_NOT_FOUND (TaskNotFoundError, the one A2A error 1.0 answers NOT_FOUND)"
                            .to_string()
                    } else {
                        "the A2A error's reason (TASK_NOT_CANCELABLE, UNSUPPORTED_OPERATION, PUSH_NOTIFICATION_NOT_SUPPORTED, ...: the A2A errors 1.0 answers FAILED_PRECONDITION)".to_string()
                    };
                    self.find(
                        &r::GRPC_ERROR_INFO_MISSING,
                        format!(
                            "gRPC {method} failed with {name} ({code}) and an ErrorInfo whose reason {r:?} (domain {d:?}) is no A2A error reason: a 1.0 client maps {name} with the ErrorInfo reason to the A2A error, and finds none; the reason is due to be {due} with domain \"a2a-protocol.org\""
                        ),
                        vec![x.ev_at(
                            st_seq,
                            &format!("/details/{i}/reason"),
                            Some(serde_json::json!({"grpc-status": code, "reason": r, "domain": d})),
                        )],
                        &x.leg,
                    );
                }
            }
        }
        // VER-002 / ERR-002 / ERR-005 (breaker10 E10): an A2A-Version no A2A version has is
        // refused with FAILED_PRECONDITION (1.0.0: UNIMPLEMENTED) and ErrorInfo reason
        // VERSION_NOT_SUPPORTED; UNKNOWN, INVALID_ARGUMENT, INTERNAL or a reason-less
        // FAILED_PRECONDITION leave the client without the hint to change version.
        // UNAUTHENTICATED / PERMISSION_DENIED (credentials may come first) are not judged;
        // a bare UNIMPLEMENTED, 1.0.0's status for the error, lacks only its ErrorInfo
        // (GRPC-ERROR-002, below).
        let bad_version = (reason.as_deref() != Some("VERSION_NOT_SUPPORTED")
            && matches!(code, 2 | 3 | 9 | 13)
            && !details_bad)
            .then(|| self.unsupported_version_asked(&x, &c))
            .flatten();
        let mut bad_version_reported = bad_version.is_some();
        // ERR-005 (a2a-tck #206, mine56b): the same unsupported version refused with a bare
        // UNIMPLEMENTED, 1.0.0's status for VersionNotSupportedError, yet no ErrorInfo says so.
        if code == 12 && reason.is_none() && !details_bad && !bad_version_reported {
            if let Some(hv) = self.unsupported_version_asked(&x, &c) {
                let offered = self.offered_versions_note(&x);
                let why = format!(
                    "the client asked for A2A-Version {hv}, a version A2A does not have{offered}"
                );
                self.bare_unimplemented_refusal(
                    &x,
                    &c,
                    jsonrpc::VERSION_NOT_SUPPORTED,
                    &why,
                    message.as_deref(),
                    st_seq,
                );
                bad_version_reported = true;
            }
        }
        if let Some(hv) = bad_version {
            let offered = self.offered_versions_note(&x);
            let with = match reason.as_deref() {
                Some(r) => format!("with ErrorInfo reason {r}"),
                None => "without ErrorInfo".to_string(),
            };
            self.find(
                &r::GRPC_ERROR_CODE,
                format!(
                    "the client asked for A2A-Version {hv}, a version A2A does not have{offered}, and the agent answered gRPC {method} with status {name} ({code}) {with} instead of VersionNotSupportedError: FAILED_PRECONDITION (1.0.0: UNIMPLEMENTED) with ErrorInfo reason VERSION_NOT_SUPPORTED"
                ),
                vec![
                    x.ev_at(x.req_seq, "", Some(Value::String(hv.clone()))),
                    x.grpc_status_ev(st_seq, code, message.as_deref()),
                ],
                &x.leg,
            );
        }
        // VER-CARD-001 (VER-002, CARD-006; breaker56 g10-version-refused): VersionNotSupported
        // for the very version the card declares at the interface the call used.
        if reason.as_deref() == Some("VERSION_NOT_SUPPORTED") && matches!(code, 9 | 12) {
            let at = x.ev_at(
                st_seq,
                "",
                Some(serde_json::json!({"grpc-status": code, "reason": "VERSION_NOT_SUPPORTED"})),
            );
            self.version_refused_though_offered(&x, at);
        }
        match reason.as_deref() {
            _ if bad_version_reported => {}
            Some(reason) => {
                if let Some(codes) = grpc::reason_codes(reason) {
                    // ERR-002 "1.0.0 differs: UNIMPLEMENTED" (PushNotificationNotSupported,
                    // UnsupportedOperation, VersionNotSupported): legal for a 1.0 peer, a note
                    // as its HTTP twin is (REST-ERROR-002). The ErrorInfo reason proves the
                    // A2A error; a bare UNIMPLEMENTED may be gRPC's own "no such method".
                    if code == 12 && c.dialect == Some(Dialect::V1_0) && codes == [9, 12] {
                        self.find(
                            &r::REST_ERROR_PRE_101,
                            format!(
                                "agent answered the 1.0 gRPC call {method} with status UNIMPLEMENTED (12) and ErrorInfo reason {reason}, 1.0.0's status for it; 1.0.1 (ERR-002) answers {reason} with FAILED_PRECONDITION (9): clients on 1.0.1 SDKs map the status, so answer FAILED_PRECONDITION with the same ErrorInfo"
                            ),
                            vec![x.ev_at(
                                st_seq,
                                "",
                                Some(serde_json::json!({"grpc-status": code, "reason": reason})),
                            )],
                            &x.leg,
                        );
                    }
                    // open45: 0.3 has no gRPC table of its own; a2a-python 0.3.x answers
                    // four of these reasons UNIMPLEMENTED (GRPC-ERROR-003).
                    let v0x = c.dialect.is_some_and(Dialect::is_0x);
                    let v03_unimplemented =
                        v0x && code == 12 && V03_GRPC_UNIMPLEMENTED.contains(&reason);
                    if !codes.contains(&code) && !v03_unimplemented {
                        let mut want: Vec<String> =
                            codes.iter().map(|c| grpc::code_name(*c)).collect();
                        if v0x && V03_GRPC_UNIMPLEMENTED.contains(&reason) && !codes.contains(&12) {
                            want.push("UNIMPLEMENTED (a2a-python 0.3.x)".into());
                        }
                        // D10 (breaker9d): the situation says which part is wrong, if it can.
                        let code_reasons: Vec<&'static str> = A2A_REASONS
                            .into_iter()
                            .filter(|r| grpc::reason_codes(r).is_some_and(|cs| cs.contains(&code)))
                            .collect();
                        let text = match self.error_blame(&x, &c, reason, &code_reasons) {
                            ErrorBlame::Reason(why, right, why_o) => format!(
                                "gRPC {method} answered status {name} ({code}) with ErrorInfo reason {reason}, which {}, so the reason is the wrong part{}",
                                reason_blame_clause(&why, &why_o, &format!("status {name}")),
                                if right.is_empty() { String::new() } else { format!(": it should be {right}") }
                            ),
                            ErrorBlame::Other(why) => format!(
                                "gRPC {method} answered ErrorInfo reason {reason} with status {name} ({code}); ERR-002 gives {}{}",
                                want.join(" or "),
                                if why.is_empty() { String::new() } else { format!(": {why}") }
                            ),
                            ErrorBlame::Neutral => format!(
                                "gRPC {method} answered status {name} ({code}) with ErrorInfo reason {reason}, which disagree: ERR-002 gives {reason} the status {}{}; this call does not tell which of the two is wrong",
                                want.join(" or "),
                                if code_reasons.is_empty() { String::new() } else { format!(" and {name} to {}", code_reasons.join(" or ")) }
                            ),
                        };
                        let text = if v0x {
                            format!("{text}{}", V03_GRPC_WORDS)
                        } else {
                            text
                        };
                        self.find(
                            grpc_code_rule(c.dialect, None),
                            text,
                            vec![x.ev_at(
                                st_seq,
                                "",
                                Some(serde_json::json!({"grpc-status": code, "reason": reason,
                                                        "grpc-message": message})),
                            )],
                            &x.leg,
                        );
                    }
                }
            }
            // Undecodable details are GRPC-FRAME-001 already.
            None if c.dialect == Some(Dialect::V1_0) && matches!(code, 5 | 9) && !details_bad => {
                let why = if details.is_none() {
                    "no grpc-status-details-bin"
                } else {
                    "its google.rpc.Status has no ErrorInfo"
                };
                let mut f = Finding::new(
                    &r::GRPC_ERROR_INFO_MISSING,
                    format!("gRPC {method} failed with {name} ({code}) but carries no google.rpc.ErrorInfo ({why})"),
                );
                // left57: the help names the A2A error owed here, not always TASK_NOT_FOUND
                f.help = match self.owed_a2a_error(&x, &c, code == 5) {
                    Some(owed) => grpc_error_info_help(owed, c.dialect),
                    None => "send grpc-status-details-bin with a google.rpc.Status whose details hold the ErrorInfo of the A2A error this FAILED_PRECONDITION stands for ({\"@type\": \"type.googleapis.com/google.rpc.ErrorInfo\", \"reason\": \"TASK_NOT_CANCELABLE\" / \"UNSUPPORTED_OPERATION\" / \"PUSH_NOTIFICATION_NOT_SUPPORTED\" / ..., \"domain\": \"a2a-protocol.org\"}): a client cannot tell them apart by the status".to_string(),
                };
                f.evidence = vec![x.grpc_status_ev(st_seq, code, message.as_deref())];
                f.leg = x.leg.clone();
                self.emit(f);
            }
            None => {}
        }
        // TASK-002 / TASK-004 (breaker16a S1): a 1.0 message or subscribe to a task this
        // recording saw terminal, refused INVALID_ARGUMENT (InvalidParams) without an A2A
        // reason though the request is well-formed: UnsupportedOperationError is due.
        if code == 3 && reason.is_none() && !details_bad && !bad_version_reported {
            let expectation = self.terminal_task_expectation(&x, &c, jsonrpc::INVALID_PARAMS);
            if expectation.is_none() {
                let at = x.grpc_status_ev(st_seq, code, message.as_deref());
                if Self::is_unknown_field_refusal(&c, message.as_deref()) {
                    let m = message.as_deref().unwrap_or_default();
                    self.unknown_field_refused(&x, &c, m, "gRPC INVALID_ARGUMENT (3)", at);
                } else {
                    self.valid_request_refused(
                        &x,
                        &c,
                        message.as_deref(),
                        None,
                        "gRPC INVALID_ARGUMENT (3)",
                        at,
                    );
                }
            }
            if let Some((want, why)) = expectation {
                self.find(
                    &r::GRPC_ERROR_CODE,
                    format!(
                        "{why}, yet the agent answered gRPC {method} with status {name} ({code}) instead of FAILED_PRECONDITION{} with ErrorInfo reason {} ({})",
                        if want == jsonrpc::UNSUPPORTED_OPERATION { " (1.0.0: UNIMPLEMENTED)" } else { "" },
                        reason_for_code(want).unwrap_or_default(),
                        jsonrpc::code_name(want).unwrap_or_default()
                    ),
                    vec![
                        x.ev(x.req_ev_seq()),
                        x.grpc_status_ev(st_seq, code, message.as_deref()),
                    ],
                    &x.leg,
                );
            }
        }
        // TASK-009 / ID-001: NOT_FOUND ending a stream that carried that very task (as a
        // −32001 inside a JSON-RPC stream).
        let streamed = x.sse.as_ref().and_then(|s| {
            (s.events > 0 && s.first_kind.is_some())
                .then(|| s.task_id.clone())
                .flatten()
        });
        if let (5, Some(tid), true) = (
            code,
            streamed.as_ref(),
            reason.as_deref().is_none_or(|r| r == "TASK_NOT_FOUND"),
        ) {
            let msg = format!(
                "stream reports task {tid} not found although the same stream carried that task id"
            );
            let ev = vec![x.ev_at(st_seq, "", Some(serde_json::json!({"grpc-status": code})))];
            self.stream_once(&mut x, &r::ID_TASK_NOT_RESOLVABLE, msg, ev);
        }
        // PUSH-003 (left56): a repeated Delete of a deleted config answered with another
        // status than NOT_FOUND (OK and NOT_FOUND are both idempotent).
        if let Some(kind) = RepeatAnswer::of_grpc(code) {
            let at = x.ev_at(st_seq, "", Some(serde_json::json!({"grpc-status": code})));
            let wire = format!("gRPC {name} ({code})");
            self.repeated_push_delete_refused(&x, &c, kind, &wire, at);
        }
        if code == 5 {
            let at = x.ev_at(st_seq, "", Some(serde_json::json!({"grpc-status": code})));
            if reason.as_deref().is_some_and(|r| r == "TASK_NOT_FOUND") {
                // ID-TASK-001 (breaker27 P01): the task and the config both exist.
                self.push_config_task_not_found(&x, &c, "gRPC NOT_FOUND (5) TASK_NOT_FOUND", at);
            }
        }
        if code == 7 {
            let at = x.ev_at(st_seq, "", Some(serde_json::json!({"grpc-status": code})));
            self.other_callers_task_refused(&x, &c, "PERMISSION_DENIED (7)", at);
        }
        // CAP-PUSH-002 / CAP-STREAM-002 (breaker12 L9).
        if let Some(k) = rest_grpc_code(reason.as_deref(), false) {
            let wire = format!("{name} ({code}) {}", reason.as_deref().unwrap_or_default());
            let at = x.ev_at(st_seq, "", Some(serde_json::json!({"grpc-status": code})));
            self.capability_refused(&x, &c, k, &wire, message.as_deref(), at.clone());
            if k == jsonrpc::CONTENT_TYPE_NOT_SUPPORTED {
                if let Some(why) = self.content_type_refusal_unfounded(&x, &c) {
                    self.find(
                        &r::GRPC_ERROR_CODE,
                        format!(
                            "{why}, yet the agent answered {wire} (ContentTypeNotSupportedError)"
                        ),
                        vec![x.ev(x.req_ev_seq()), at],
                        &x.leg,
                    );
                }
            }
        }
        // ERR-001 / ERR-002 (BIND-001): the A2A error the situation names, from the table
        // JSON-RPC and HTTP+JSON share (AUTH-005, STREAM-001, PUSH-001, TASK-009, ...).
        if !details_bad && !bad_version_reported {
            self.grpc_situation_error(&x, &c, code, reason.as_deref(), message.as_deref(), st_seq);
        }
        // ERR-002 / TASK-009 (breaker12 L4): a task id this recording never saw answered
        // NOT_FOUND on one call and FAILED_PRECONDITION TASK_NOT_CANCELABLE (or INTERNAL)
        // on another: the id is unknown, so every task call answers TaskNotFoundError.
        if streamed.is_none()
            && matches!(
                c.op,
                Some(Op::GetTask) | Some(Op::CancelTask) | Some(Op::SubscribeToTask)
            )
        {
            let mapped = match (code, reason.as_deref()) {
                (5, None | Some("TASK_NOT_FOUND")) => Some(jsonrpc::TASK_NOT_FOUND),
                (_, Some("TASK_NOT_CANCELABLE")) if c.op == Some(Op::CancelTask) => {
                    Some(jsonrpc::TASK_NOT_CANCELABLE)
                }
                // left58 item 1: UNKNOWN (2) is what a Python handler's uncaught KeyError
                // becomes, the same generic failure as INTERNAL
                (13 | 2, None) => Some(jsonrpc::INTERNAL_ERROR),
                _ => None,
            };
            if let Some(mapped) = mapped {
                if let Some(key) = c
                    .task_id()
                    .map(|t| x.tkey(t))
                    .filter(|k| !self.tasks.contains_key(k))
                {
                    let wire = format!(
                        "{name} ({code}){}",
                        reason
                            .as_deref()
                            .map(|r| format!(" {r}"))
                            .unwrap_or_default()
                    );
                    let at = x.ev_at(st_seq, "", Some(serde_json::json!({"grpc-status": code})));
                    self.id_error_codes(&x, key, mapped, at, Some(wire));
                }
            }
        }
        if code == 5
            && streamed.is_none()
            && reason.as_deref().is_none_or(|r| r == "TASK_NOT_FOUND")
        {
            let ev = x.ev_at(st_seq, "", Some(serde_json::json!({"grpc-status": code})));
            self.task_not_found_for_fresh_send(&x, &c, "gRPC NOT_FOUND (TaskNotFoundError)", ev);
        }
        // TASK-STATE-008: FAILED_PRECONDITION (UNIMPLEMENTED in 1.0.0) with reason
        // UNSUPPORTED_OPERATION, or without a reason, for an interrupted task.
        if matches!(code, 9 | 12)
            && streamed.is_none()
            && reason
                .as_deref()
                .is_none_or(|r| r == "UNSUPPORTED_OPERATION")
        {
            let ev = x.ev_at(st_seq, "", Some(serde_json::json!({"grpc-status": code})));
            let how = format!(
                "gRPC {name} ({code}){}",
                reason
                    .as_deref()
                    .map(|r| format!(" {r}"))
                    .unwrap_or_default()
            );
            self.unsupported_operation_refused(&x, &c, &how, ev);
        }
        // ID-TASK-001: NOT_FOUND for a task the agent handed out earlier.
        if code == 5
            && streamed.is_none()
            && matches!(
                c.op,
                Some(Op::GetTask) | Some(Op::CancelTask) | Some(Op::SubscribeToTask)
            )
            && reason.as_deref().is_none_or(|r| r == "TASK_NOT_FOUND")
        {
            if let Some(tid) = c.task_id().map(str::to_string) {
                self.task_not_found(&x, &tid, st_seq, "");
            }
        }
        // ID-TASK-001 / ID-TASK-006 (mine24b): NOT_FOUND for a send whose message names a
        // task (message.taskId, or a referenceTaskIds entry the agent handed out): this
        // agent's own task, or one another agent handed out.
        if code == 5
            && streamed.is_none()
            && matches!(c.op, Some(Op::SendMessage) | Some(Op::SendStreamingMessage))
            && reason.as_deref().is_none_or(|r| r == "TASK_NOT_FOUND")
        {
            // breaker27 X05 / review27a: or a task its referenceTaskIds names.
            if let Some(tid) =
                message_task_id(&c).or_else(|| self.referenced_task_handed_out(&x, &c))
            {
                self.task_not_found(&x, &tid, st_seq, "");
            }
        }
        // CAP-EXT-002 / its 0.x warning CAP-EXT-008 (EXT-001, EXT-002; breaker17a U11): a message call refused for a
        // required extension that the request's metadata did activate. A stream's status
        // is its error end (set above); a unary call's is read the same way.
        if matches!(c.op, Some(Op::SendMessage) | Some(Op::SendStreamingMessage)) {
            let unary;
            let end = match x.sse.as_ref().and_then(|s| s.error_end.as_ref()) {
                Some(e) => e,
                None => {
                    unary = StreamErrorEnd::grpc_status(
                        st_seq,
                        code,
                        reason.as_deref(),
                        message.as_deref(),
                    );
                    &unary
                }
            };
            self.check_extensions(&x, None, Some(end));
        }
        if x.sse.is_some() {
            self.end_stream(&mut x);
        }
        self.after_response(&x, None, None);
    }
}

/// The ErrorInfo reasons a2a-python 0.3.x (the 0.3 reference server) answers with gRPC
/// UNIMPLEMENTED: TaskNotCancelable, PushNotificationNotSupported, UnsupportedOperation and
/// ContentTypeNotSupported (its `abort_context`); accepted on 0.3 gRPC beside ERR-002's 1.0
/// column, since the 0.3 spec gives no table (open45).
const V03_GRPC_UNIMPLEMENTED: [&str; 4] = [
    "TASK_NOT_CANCELABLE",
    "PUSH_NOTIFICATION_NOT_SUPPORTED",
    "UNSUPPORTED_OPERATION",
    "CONTENT_TYPE_NOT_SUPPORTED",
];

/// ERR-002's "1.0.0 differs: UNIMPLEMENTED" rows, as JSON-RPC codes: the A2A errors a 1.0
/// agent may answer with gRPC UNIMPLEMENTED (1.0.0's column; FAILED_PRECONDITION from 1.0.1),
/// PushNotificationNotSupportedError, UnsupportedOperationError, VersionNotSupportedError;
/// with the ErrorInfo (ERR-005) that tells them from gRPC's own UNIMPLEMENTED.
pub(super) const UNIMPLEMENTED_IN_1_0_0: [i64; 3] = [
    jsonrpc::PUSH_NOT_SUPPORTED,
    jsonrpc::UNSUPPORTED_OPERATION,
    jsonrpc::VERSION_NOT_SUPPORTED,
];

/// What a GRPC-ERROR-003 message ends with: the reason it is a recommendation on 0.3.
pub(super) const V03_GRPC_WORDS: &str = " (0.3 gRPC: the 0.3 spec asks for \"appropriate\" status codes and gives no table, 0.3 §3.2.2; ERR-002's column is a recommendation before 1.0, a MUST from 1.0)";

/// The rule for a gRPC status that is not the A2A error it should be (open45; ERR-002,
/// GRPC-001): GRPC-ERROR-003 (a warning) on a 0.x call when the error due is one of the
/// version's A2A errors (`want` its JSON-RPC code, as [`code_rule`] reads it; `None`: the
/// A2A error an ErrorInfo reason names), since 0.3 maps errors to "appropriate" statuses with
/// no table of its own (0.3 §3.2.2, §3.4.1) and ERR-002 is a SHOULD before 1.0;
/// GRPC-ERROR-001 (an error) on a 1.0 call, a call of unknown version, or where the error due
/// is no A2A error (a standard one, or none).
pub(super) fn grpc_code_rule(dialect: Option<Dialect>, want: Option<i64>) -> &'static Rule {
    let a2a = want.is_none_or(|w| code_rule(dialect, w).id == r::RPC_ERROR_CODE_0X.id);
    if dialect.is_some_and(Dialect::is_0x) && a2a {
        &r::GRPC_ERROR_CODE_0X
    } else {
        &r::GRPC_ERROR_CODE
    }
}

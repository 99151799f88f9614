//! The HTTP+JSON binding: answers, error bodies and their HTTP statuses.

use super::*;

impl State {
    // ------------------------------------------------------------------ REST

    /// PUSH-CFG-007 (PUSH-002, REST-001): an agent answered HTTP 400 to a 0.x HTTP+JSON
    /// CreateTaskPushNotificationConfig of the proto's shape (`body: "config"`: the body is
    /// the TaskPushNotificationConfig with `pushNotificationConfig.url`, the task id is the
    /// route's `{id}`). a2a-python 1.3.0 reads the task id from a body `parent` and answers
    /// "No task for ". Not for a refusal that speaks of the webhook itself (an agent may
    /// refuse a url, PUSH-006), of push support (-32003), or for the prober's malformed calls.
    ///
    /// 1.0 (a2a-js #680): the proto binds the create to POST `/tasks/{task_id=*}/
    /// pushNotificationConfigs` with body `"*"`, so the task id travels in the path and a
    /// transcoding client may leave `taskId` out of the body: an agent that reads the body
    /// alone and refuses ("Task ID is required") refuses a well-formed call. A body with a
    /// taskId, or a refusal that names the path's task id, is not judged.
    ///
    /// `status` is the refusal's HTTP status: 400 Bad Request, or 422 Unprocessable Content
    /// (a2a-java #732: the Quarkus REST transport answered 422 "taskId is required"), the
    /// two statuses a framework's request validation answers with; the message names it.
    pub(super) fn rest03_push_create_refused(
        &mut self,
        x: &Exch,
        c: &Call,
        status: u16,
        v: &Json,
        bseq: u64,
    ) {
        let v1 = c.dialect == Some(Dialect::V1_0);
        if c.binding != Some(Binding::Rest)
            || c.op != Some(Op::CreatePushConfig)
            || !(v1 || c.dialect.is_some_and(Dialect::is_0x))
            || c.webhook
            || x.synthetic
            || x.probe_negative()
        {
            return;
        }
        let Some(tid) = c.route_task.as_deref().filter(|t| !t.is_empty()) else {
            return;
        };
        if push_config_without_url(c).is_some() {
            return;
        }
        let Some((ptr, cfg)) = push_config_in(c, c.dialect) else {
            return;
        };
        // 1.0: a body that names a task in taskId left nothing out (another task than the
        // path's is the client's conflict); the refusal is about something else, such as a
        // task already finished (review23a R3).
        let body_task = cfg.get("taskId").and_then(Json::as_str).unwrap_or("");
        if v1 && !body_task.is_empty() {
            return;
        }
        let said = v
            .pointer("/error/message")
            .or_else(|| v.get("message"))
            .and_then(Json::as_str)
            .unwrap_or("");
        let code = v
            .get("code")
            .or_else(|| v.pointer("/error/code"))
            .and_then(Json::as_i64);
        let reason = error_info_reason(
            v.get("error")
                .and_then(Json::as_object)
                .and_then(|e| e.get("details")),
        );
        let low = said.to_ascii_lowercase();
        // 1.0: only a refusal that asks for the task id the path carries ("Task ID is
        // required", "Missing required field: taskId"); an A2A error (PUSH_NOTIFICATION_
        // NOT_SUPPORTED, UNSUPPORTED_OPERATION, ...) or any other complaint is not this.
        // A refusal that names the path's task id read it from the path (review23a R3).
        if v1
            && (reason.is_some_and(|r| A2A_REASONS.contains(&r))
                || (tid.len() >= 3 && low.contains(&tid.to_ascii_lowercase()))
                || !["taskid", "task_id", "task id"]
                    .iter()
                    .any(|w| low.contains(w)))
        {
            return;
        }
        if code == Some(jsonrpc::PUSH_NOT_SUPPORTED)
            || reason.is_some_and(|r| r.contains("PUSH"))
            || [
                "url", "uri", "webhook", "host", "address", "scheme", "auth", "token", "support",
            ]
            .iter()
            .any(|w| low.contains(w))
        {
            return;
        }
        self.areas.insert("push");
        let verb = x.method.to_ascii_uppercase();
        let msg = if v1 {
            format!(
                "agent refused a valid 1.0 HTTP+JSON CreateTaskPushNotificationConfig with HTTP {status} {said:?}: {verb} {} names task {tid} in its path and its body is the TaskPushNotificationConfig with url and no taskId, the shape the 1.0 proto's post: \"/tasks/{{task_id=*}}/pushNotificationConfigs\", body: \"*\" mapping prescribes; take taskId from the path when the body leaves it out",
                x.path,
            )
        } else {
            format!(
                "agent refused a valid 0.3 HTTP+JSON CreateTaskPushNotificationConfig with HTTP {status} {said:?}: {verb} {} names task {tid} in its path and its body is the TaskPushNotificationConfig with {ptr}/url, the shape the 0.3 proto's body: \"config\" mapping prescribes; take the task id from the path, not from a body member parent",
                x.path
            )
        };
        self.find(
            &r::PUSH_CONFIG_REST03_BODY,
            msg,
            vec![
                x.ev_at(x.req_ev_seq(), &format!("{ptr}/url"), None),
                x.ev_at(bseq, "", Some(Value::from(status))),
            ],
            &x.leg,
        );
    }

    pub(super) fn on_rest_response(&mut self, x: &Exch, status: u16, json: Option<&Json>) {
        let c = x.call.clone().unwrap_or_default();
        let bseq = x.body_seq();
        let op = c.op;
        if self.gw_own_answer.contains(&x.id) {
            // an intermediary's answer (GW-RESP-001/002/003), not the agent's
            self.after_response(x, None, None);
            return;
        }
        // GW-RESP-002: a translating gateway's untranslated answer (or an upstream leg's
        // answer kept to tell one).
        if let Some(v) = json.filter(|_| (200..300).contains(&status) && !x.synthetic) {
            if self.gw_untranslated_answer(x, &c, v, bseq) {
                self.after_response(x, None, None);
                return;
            }
        }
        // RFC 9110 §15.5.6: 405 is the HTTP router's answer to a verb the route does not
        // have (REST-001: `:cancel` and `message:send` are POST, GetTask GET), not an A2A
        // error: its body is no AIP-193 error to judge (breaker11 K7). So is any other
        // refusal of a wrong verb (review34: a framework's 404 with a google.rpc.Status
        // NOT_FOUND body to `PUT /tasks/{id}`): the route does not exist, which says
        // nothing of the task; REST-VERB-001 names the call (`rest_wrong_verb`).
        if ((400..500).contains(&status) || status == 501)
            && !x.synthetic
            && c.op.is_some_and(|o| !rest_verb_fits(o, &x.method))
        {
            self.after_response(x, None, None);
            return;
        }
        self.rest_unparseable_request_answer(x, &c, status, json, bseq);
        self.rest_malformed_send_answer(x, &c, status, json, bseq);
        self.v0_answer_in_1_0_media_type(x, &c);
        self.rest_answer_not_json_media(x, &c, json);
        if let Some((asked, list, echoed)) = self.version_not_served_unrouted(x, &c, json) {
            let how = if status == 501 {
                "HTTP 501 (UNIMPLEMENTED, the mapping of a method the agent does not have)"
            } else {
                "HTTP 404 (no such route)"
            };
            self.areas.insert("version");
            let mut ev = vec![
                x.ev_at(x.req_seq, "", Some(Value::String(asked.clone()))),
                x.ev_at(bseq, "", Some(Value::from(status))),
            ];
            // The card last, as in the JSON-RPC form.
            if let Some(card) = self.card_for(x) {
                ev.push(Evidence {
                    seq: card.seq,
                    exchange: Some(card.exchange.clone()),
                    pointer: None,
                    found: card.view.protocol_version.clone().map(Value::String),
                });
            }
            let took = match &echoed {
                Some(e) => {
                    ev.insert(
                        2,
                        Evidence {
                            found: Some(Value::String(format!("A2A-Version: {e}"))),
                            ..x.ev(x.resp_seq)
                        },
                    );
                    format!(", yet its answer's A2A-Version header says {e}: it took the call as a {e} call (version negotiation, 1.0 §3.6.2) and then does not serve that version's route")
                }
                None => String::new(),
            };
            self.find(
                &r::VER_UNSUPPORTED_AS_METHOD_NOT_FOUND,
                format!(
                    "agent answered the HTTP+JSON call {} {} requested with A2A-Version {asked} with {how}{took}; its card declares only {}, and VER-002 wants VersionNotSupportedError (HTTP 400 FAILED_PRECONDITION, ErrorInfo reason VERSION_NOT_SUPPORTED) for a version it does not serve, so the client learns to switch versions instead of looking for a wrong URL",
                    x.method,
                    x.path,
                    list.join(", ")
                ),
                ev,
                &x.leg,
            );
            // VER-CARD-002: the client's side of the same refusal, as on JSON-RPC.
            let refusal = x.ev_at(bseq, "", Some(Value::from(status)));
            self.rest_client_version_not_offered(x, &c, refusal);
        }
        if status >= 400 && !x.synthetic {
            if self.rest_version_error(x, &c, status, json, bseq) {
                self.after_response(x, None, None);
                return;
            }
            // (left59 item 1: also a 501 page on a task the agent handed out, whose route
            // is there though no HTTP+JSON route answered before)
            if json.is_none()
                && (self.rest_route_of_answered_interface(x) || self.rest_501_on_known_task(x))
            {
                self.rest_error_not_json(x, &c, status, bseq);
            }
            // PUSH-003 (left56): a repeated Delete of a deleted config answered with
            // another error than not found (success and 404 are both idempotent).
            {
                let err = json.and_then(|v| v.get("error")).filter(|e| e.is_object());
                let reason = error_info_reason(err.and_then(|e| e.get("details")));
                let status_name = err.and_then(|e| e.get("status")).and_then(Json::as_str);
                if let Some(kind) = RepeatAnswer::of_rest(status, reason, status_name) {
                    let named = reason.or(status_name).map(|r| format!(" {r}"));
                    let wire = format!("HTTP {status}{}", named.unwrap_or_default());
                    let at = x.ev_at(bseq, "", Some(Value::from(status)));
                    self.repeated_push_delete_refused(x, &c, kind, &wire, at);
                }
            }
            // CAP-PUSH-002 / CAP-STREAM-002: the ErrorInfo reason (1.0) or the 0.3 code.
            if let Some(v) = json {
                let reason = error_info_reason(
                    v.get("error")
                        .and_then(Json::as_object)
                        .and_then(|e| e.get("details")),
                );
                let code = rest_grpc_code(reason, false).or_else(|| {
                    v.get("code")
                        .or_else(|| v.get("error").and_then(|e| e.get("code")))
                        .and_then(Json::as_i64)
                        .filter(|k| (-32099..=-32000).contains(k))
                });
                if let Some(code) = code {
                    let wire = match reason {
                        Some(r) => format!("HTTP {status} {r}"),
                        None => format!("HTTP {status} {code}"),
                    };
                    let at = x.ev_at(bseq, "", Some(Value::from(status)));
                    let said = v
                        .get("message")
                        .or_else(|| v.get("error").and_then(|e| e.get("message")))
                        .and_then(Json::as_str);
                    self.capability_refused(x, &c, code, &wire, said, at.clone());
                    if code == jsonrpc::CONTENT_TYPE_NOT_SUPPORTED {
                        if let Some(why) = self.content_type_refusal_unfounded(x, &c) {
                            self.find(
                                &r::REST_ERROR_SHAPE,
                                format!("{why}, yet the agent answered {} with {wire} (ContentTypeNotSupportedError)", call_at(x)),
                                vec![x.ev(x.req_ev_seq()), at],
                                &x.leg,
                            );
                        }
                    }
                }
            }
            if let Some(v) = json {
                if self.check_rest_error(x, status, v, bseq) {
                    // left55: told with the terminal task's situation; the other error
                    // checks would only say it again (rest_terminal_task_error's 500)
                    self.flush_problem_status(Some(x));
                    self.after_response(x, None, None);
                    return;
                }
                // 400 Bad Request, or 422 Unprocessable Content: the validation answer of
                // the frameworks that tell a well-formed body they cannot use (Quarkus,
                // FastAPI, Spring; a2a-java #732 answered 422) from one they cannot read.
                if status == 400 || status == 422 {
                    self.rest03_push_create_refused(x, &c, status, v, bseq);
                }
                if self.rest_terminal_task_error(x, &c, status, v, bseq) {
                    self.flush_problem_status(Some(x));
                    self.after_response(x, None, None);
                    return;
                }
                // ContentTypeNotSupportedError is 400 INVALID_ARGUMENT too (ERR-002): an
                // error whose ErrorInfo names an A2A reason is that error, not InvalidParams.
                if status == 400
                    && v.pointer("/error/status").and_then(Json::as_str) == Some("INVALID_ARGUMENT")
                    && error_info_reason(v.pointer("/error/details"))
                        .is_none_or(|r| !A2A_REASONS.contains(&r))
                {
                    let said = v.pointer("/error/message").and_then(Json::as_str);
                    if Self::is_unknown_field_refusal(&c, said) {
                        let m = said.unwrap_or_default();
                        let at = x.ev_at(bseq, "/error/message", Some(Value::String(m.into())));
                        self.unknown_field_refused(x, &c, m, "HTTP 400 INVALID_ARGUMENT", at);
                    } else {
                        let at = x.ev_at(bseq, "/error", said.map(|m| Value::String(m.into())));
                        let detail = v
                            .pointer("/error/details")
                            .map(|d| d.to_value().to_string());
                        self.valid_request_refused(
                            x,
                            &c,
                            said,
                            detail.as_deref(),
                            "HTTP 400 INVALID_ARGUMENT",
                            at,
                        );
                    }
                } else if status == 400 || status == 422 {
                    // mine52 (astron-agent PR #1404): a 0.x (or non-Status) 400 / 422 of a
                    // request validator that demands a member no A2A request defines.
                    let said = v
                        .get("message")
                        .or_else(|| v.get("detail"))
                        .or_else(|| v.get("error"))
                        .and_then(Json::as_str);
                    let whole = v.to_value().to_string();
                    if private_member_demanded(&c, [said, Some(whole.as_str())]).is_some() {
                        let at = x.ev_at(bseq, "", said.map(|m| Value::String(m.into())));
                        let wire = format!("HTTP {status}");
                        self.valid_request_refused(x, &c, said, Some(&whole), &wire, at);
                    }
                }
                self.rest_missing_task_status(x, &c, status, v, bseq);
                // A 404 whose ErrorInfo names another A2A reason does not say "not found"
                // alone: REST-ERROR-001 judges the disagreement (as gRPC NOT_FOUND does).
                let reason = error_info_reason(
                    v.get("error")
                        .and_then(Json::as_object)
                        .and_then(|e| e.get("details")),
                );
                // ERR-001 / ERR-002 (BIND-001): the A2A error the situation names, judged
                // from the same table as JSON-RPC's (STREAM-001, PUSH-001, TASK-009, ...).
                self.rest_situation_error(x, &c, status, v, bseq);
                if status == 500 && reason.is_none() {
                    let at = x.ev_at(bseq, "", Some(Value::from(status)));
                    self.push_config_lookup_failed(x, &c, &r::REST_ERROR_SHAPE, "HTTP 500", at);
                }
                // PUSH-003 (mine29a): the same miss refused as a malformed request.
                if status == 400
                    && reason.is_none_or(|r| r == "INVALID_PARAMS" || r == "INVALID_ARGUMENT")
                {
                    let at = x.ev_at(bseq, "", Some(Value::from(status)));
                    self.push_config_lookup_failed(
                        x,
                        &c,
                        &r::REST_ERROR_SHAPE,
                        "HTTP 400 INVALID_ARGUMENT",
                        at,
                    );
                }
                self.flush_problem_status(Some(x));
                // ERR-002 / TASK-009 (breaker12 L4): a task id this recording never saw
                // answered 404 on one call and TASK_NOT_CANCELABLE (or a bare 500) on
                // another: the id is unknown, so every task call answers 404.
                if matches!(
                    op,
                    Some(Op::GetTask) | Some(Op::CancelTask) | Some(Op::SubscribeToTask)
                ) {
                    let mapped = match (status, reason) {
                        (404, None | Some("TASK_NOT_FOUND")) => Some(jsonrpc::TASK_NOT_FOUND),
                        (_, Some("TASK_NOT_CANCELABLE")) if op == Some(Op::CancelTask) => {
                            Some(jsonrpc::TASK_NOT_CANCELABLE)
                        }
                        (500, None) => Some(jsonrpc::INTERNAL_ERROR),
                        _ => None,
                    };
                    if let Some(mapped) = mapped {
                        if let Some(key) = c
                            .route_task
                            .as_deref()
                            .map(|t| x.tkey(t))
                            .filter(|k| !self.tasks.contains_key(k))
                        {
                            let wire = format!(
                                "HTTP {status}{}",
                                reason.map(|r| format!(" {r}")).unwrap_or_default()
                            );
                            let at = x.ev_at(bseq, "", Some(Value::from(status)));
                            self.id_error_codes(x, key, mapped, at, Some(wire));
                        }
                    }
                }
                let rest_code = v
                    .get("code")
                    .or_else(|| v.pointer("/error/code"))
                    .and_then(Json::as_i64);
                if reason == Some("TASK_NOT_FOUND")
                    || (reason.is_none() && rest_code == Some(jsonrpc::TASK_NOT_FOUND))
                {
                    let ev = x.ev_at(bseq, "", Some(Value::from(status)));
                    let how = format!("HTTP {status} TaskNotFoundError");
                    self.task_not_found_for_fresh_send(x, &c, &how, ev);
                }
                // 1.0 names the error by its ErrorInfo reason; a 0.3 `/v1` route answers
                // the 0.3 A2A error object `{"code":-32004,...}` (REST-003; review27a).
                let unsupported_v03 = reason.is_none()
                    && c.dialect == Some(Dialect::V0_3)
                    && rest_code == Some(jsonrpc::UNSUPPORTED_OPERATION);
                if (reason == Some("UNSUPPORTED_OPERATION") || unsupported_v03)
                    && matches!(status, 400 | 501)
                {
                    let ev = x.ev_at(bseq, "", Some(Value::from(status)));
                    let how = if unsupported_v03 {
                        format!("HTTP {status} -32004 UnsupportedOperationError")
                    } else {
                        format!("HTTP {status} UNSUPPORTED_OPERATION")
                    };
                    self.unsupported_operation_refused(x, &c, &how, ev);
                }
                if status == 404 && reason.is_none_or(|r| r == "TASK_NOT_FOUND") {
                    if let Some(tid) = c.route_task.clone() {
                        if matches!(
                            op,
                            Some(Op::GetTask) | Some(Op::CancelTask) | Some(Op::SubscribeToTask)
                        ) {
                            self.task_not_found(x, &tid, bseq, "");
                        }
                    }
                }
                // ID-TASK-001 / ID-TASK-006 (mine24b): a send naming a task (message.taskId)
                // answered not found (HTTP 404, or a TASK_NOT_FOUND body: 1.0's ErrorInfo
                // reason, 0.3's code -32001), as the JSON-RPC path judges -32001.
                let send_not_found = (status == 404
                    && reason.is_none_or(|r| r == "TASK_NOT_FOUND"))
                    || reason == Some("TASK_NOT_FOUND")
                    || (reason.is_none() && rest_code == Some(jsonrpc::TASK_NOT_FOUND));
                if send_not_found
                    && c.route_task.is_none()
                    && matches!(op, Some(Op::SendMessage) | Some(Op::SendStreamingMessage))
                {
                    if let Some(tid) =
                        message_task_id(&c).or_else(|| self.referenced_task_handed_out(x, &c))
                    {
                        self.task_not_found(x, &tid, bseq, "");
                    }
                }
                // ID-TASK-001 (breaker27 P01): a push-config Get / Delete whose task and
                // config both exist, refused with a body that says TASK_NOT_FOUND.
                if reason == Some("TASK_NOT_FOUND")
                    || (reason.is_none() && rest_code == Some(jsonrpc::TASK_NOT_FOUND))
                {
                    let how = match reason {
                        Some(_) => format!("HTTP {status} TASK_NOT_FOUND"),
                        None => format!("HTTP {status} TaskNotFoundError (-32001)"),
                    };
                    let at = x.ev_at(bseq, "", Some(Value::from(status)));
                    self.push_config_task_not_found(x, &c, &how, at);
                }
            }
            self.after_response(x, None, None);
            return;
        }
        if !(200..300).contains(&status) || x.synthetic {
            self.after_response(x, None, None);
            return;
        }
        if let Some((what, want)) = json.and_then(error_body_shape) {
            // ERR-003, REST-003: an HTTP+JSON error travels with its HTTP status; a 2xx
            // is read as the result (a Task "without id"), so the client never sees the
            // error. Judged before the result shape, which would only say "no id".
            let send = match want {
                Some(w) => format!("send it with HTTP {w}"),
                None => "send it with the HTTP status of the error (ERR-002)".to_string(),
            };
            self.find(
                &r::REST_ERROR_SHAPE,
                format!(
                    "the agent answered the HTTP+JSON call {} with an error body ({what}) and HTTP {status}: an HTTP+JSON client reads a 2xx body as the result and never sees the error; {send}",
                    call_at(x)
                ),
                vec![x.ev(x.resp_seq), x.ev_at(bseq, "", json.map(excerpt_value))],
                &x.leg,
            );
            self.after_response(x, None, None);
            return;
        }
        if op.is_some_and(Op::is_streaming) {
            self.stream_not_sse(
                x,
                format!(
                    "streaming call {} was answered with HTTP {status} {} instead of text/event-stream",
                    x.path,
                    x.resp_media()
                        .unwrap_or_else(|| "without content type".into())
                ),
                vec![x.ev(x.resp_seq)],
            );
            self.after_response(x, None, None);
            return;
        }
        let mut rt = None;
        if let Some(v) = json {
            rt = self.on_result(x, v, "", bseq);
            self.send_without_message_accepted(x, &c, bseq);
        } else if x.body.as_slice().is_empty()
            && op == Some(Op::DeletePushConfig)
            && !x.synthetic
            && (status != 204 || x.resp_media().is_some_and(|m| media_names_json(&m)))
        {
            // REST-001 (breaker17b V7): DeleteTaskPushNotificationConfig returns
            // google.protobuf.Empty (1.0 and the 0.3 proto), whose google.api.http form is
            // HTTP 200 with the body {}; an empty 200, or a 204 that declares a JSON body
            // it does not have, breaks a client that parses the declared JSON
            // (a2a-python: "JSON Decode Error"). A bare 204 No Content says there is no
            // body (RFC 9110 §15.3.5) and stays unjudged (breaker11's legal case).
            let ct = x
                .resp_headers
                .get("content-type")
                .map(|v| format!(" (declared content-type: {v})"))
                .unwrap_or_default();
            self.find(
                &r::REST_EMPTY_RESULT_NO_BODY,
                format!(
                    "agent answered {} {} ({}) with HTTP {status} and no body{ct}: the method's result is google.protobuf.Empty, whose HTTP+JSON form is HTTP 200 with the body {{}} (the proto's google.api.http mapping); a client that parses the answer as JSON (the a2a-python client: \"JSON Decode Error\") reports the successful delete as a failure: answer 200 with {{}}",
                    x.method,
                    x.path,
                    c.op_term("DeleteTaskPushNotificationConfig"),
                ),
                vec![x.ev(x.resp_seq)],
                &x.leg,
            );
        } else if x.body.as_slice().is_empty()
            // a DELETE /tasks/{id} (no A2A operation; REST-VERB-001/002 tell it) owes no Task
            && !x.method.eq_ignore_ascii_case("DELETE")
            && matches!(
                op,
                Some(Op::SendMessage)
                    | Some(Op::GetTask)
                    | Some(Op::CancelTask)
                    | Some(Op::CreatePushConfig)
                    | Some(Op::GetPushConfig)
                    | Some(Op::ListPushConfigs)
            )
        {
            // RPC-004 / REST-001: a send returns a Task or a Message, GetTask and CancelTask
            // the Task, the push config routes the config (or the list of them); 204 No
            // Content or an empty 200 gives the client nothing to read (breaker8 G7).
            let what = match op {
                Some(Op::SendMessage) => "a Task or a Message",
                Some(Op::CreatePushConfig) | Some(Op::GetPushConfig) => {
                    "the TaskPushNotificationConfig"
                }
                Some(Op::ListPushConfigs) => "the list of push notification configs",
                _ => "the Task",
            };
            self.find(
                &r::RESULT_SHAPE,
                format!(
                    "the HTTP+JSON call {} was answered HTTP {status} with an empty body instead of {what}",
                    x.path
                ),
                vec![x.ev(x.resp_seq)],
                &x.leg,
            );
        } else if !x.body.as_slice().is_empty()
            && !x.synthetic
            && op.is_some_and(|o| o.is_task_op())
            && x.resp_media().is_some_and(|m| media_names_json(&m))
            && x.resp_decoded_coded()
                .is_ok_and(|b| Json::parse(&b).is_err_and(|e| jsonrpc::parser_limit(&e).is_none()))
        {
            // REST-001, RPC-004: a JSON answer the client cannot parse (a byte order mark,
            // a cut or doubled document) carries no result.
            let body = x.body.as_slice();
            let why = json_text_fault(body).unwrap_or_default();
            self.find(
                &r::RESULT_SHAPE,
                format!(
                    "the HTTP+JSON call {} was answered HTTP {status} with a body declared JSON that is not JSON{why}",
                    x.path
                ),
                vec![x.ev_at(bseq, "", Some(excerpt(&String::from_utf8_lossy(body))))],
                &x.leg,
            );
        } else if let Some(limit) = (!x.body.as_slice().is_empty()
            && !x.synthetic
            && x.resp_media().is_some_and(|m| media_names_json(&m)))
        .then(|| x.resp_decoded_coded().ok())
        .flatten()
        .and_then(|b| Json::parse(&b).err())
        .and_then(|e| jsonrpc::parser_limit(&e))
        {
            // breaker38: as the JSON-RPC answer's (RFC 8259 §9, §6): not judged, said so.
            self.beyond_parser(x, "response body", limit);
        }
        let rt2 = rt.as_ref().map(|(a, b, s)| (a.as_str(), b.as_deref(), *s));
        self.after_response(x, rt2, json);
    }

    /// REST-ERROR-001 (ERR-001, ERR-002, BIND-001; breaker19b Z1): an HTTP+JSON error
    /// answer `v` (HTTP `status`, body at recording line `bseq`) to call `c` that is not
    /// the A2A error the situation names ([`Self::situation_error`], the table JSON-RPC's
    /// RPC-ERROR-001 and gRPC's GRPC-ERROR-001 use too). The answer is read as the
    /// JSON-RPC code it stands for ([`answer_code`]). A call on a task seen terminal is
    /// [`Self::rest_terminal_task_error`]'s, GetExtendedAgentCard
    /// [`Self::rest_extended_card_error`]'s.
    pub(super) fn rest_situation_error(
        &mut self,
        x: &Exch,
        c: &Call,
        status: u16,
        v: &Json,
        bseq: u64,
    ) {
        if x.synthetic || c.webhook || c.op.is_none() || c.op == Some(Op::GetExtendedCard) {
            return;
        }
        let err = v.get("error").filter(|e| e.as_object().is_some());
        let reason = error_info_reason(err.and_then(|e| e.get("details")));
        let status_name = err.and_then(|e| e.get("status")).and_then(Json::as_str);
        let body_code = v
            .get("code")
            .or_else(|| err.and_then(|e| e.get("code")))
            .and_then(Json::as_i64);
        // left54: an HTTP 500 without an A2A reason or code stands for -32603 InternalError
        // in every situation (ERR-002's table; a google.rpc Status INTERNAL likewise), as
        // JSON-RPC's -32603 and gRPC's INTERNAL do; mine53 had read it so for a refused
        // stream alone (STREAM-001, a2a-java PR #1041)
        // (not a problem+json body whose type or title names an A2A error: that names the
        // error, and its 500 is the status's fault, REST-ERROR-001 by
        // `rest_error_problem_json`; mine23a's b23a-K1)
        let internal =
            (status == 500 && body_code.is_none_or(|k| k >= 0) && problem_reason(v).is_none())
                .then_some("INTERNAL");
        let Some(got) = answer_code(reason, status_name.or(internal), status == 404, body_code)
        else {
            return;
        };
        let said = v
            .get("message")
            .or_else(|| err.and_then(|e| e.get("message")))
            .and_then(Json::as_str);
        // a 404 without an A2A reason (no ErrorInfo, no negative A2A code; a google.rpc
        // Status NOT_FOUND alone is any router's) to GET /tasks is a route the agent lacks
        // (it offers no ListTasks, as -32601 says on JSON-RPC), not its TaskNotFoundError
        if c.op == Some(Op::ListTasks) && reason.is_none() && body_code.is_none_or(|k| k >= 0) {
            return;
        }
        let Some((want, why)) = self.situation_error(x, c, got, &[said]) else {
            return;
        };
        if want != 0 && (want == got || answer_still_fits(want, got)) {
            return;
        }
        let answered = format!(
            "HTTP {status}{}",
            reason
                .or(status_name)
                .map(|r| format!(" {r}"))
                .unwrap_or_default()
        );
        let instead = if want == 0 && got == jsonrpc::TASK_NOT_FOUND {
            "(TaskNotFoundError), which is for a task id the agent does not hold (TASK-009)"
                .to_string()
        } else if want == 0 {
            format!(
                "({}), which is for a request the method's schema does not allow",
                jsonrpc::code_name(got).unwrap_or("another error")
            )
        } else {
            format!("instead of {}", rest_error_term(want, c.dialect))
        };
        self.find(
            &r::REST_ERROR_SHAPE,
            format!(
                "{why}, yet the agent answered {} with {answered} {instead}",
                call_at(x)
            ),
            vec![
                x.ev(x.req_ev_seq()),
                x.ev_at(bseq, "", Some(excerpt_value(v))),
            ],
            &x.leg,
        );
    }

    /// GRPC-ERROR-001 (ERR-001, ERR-002, BIND-001; breaker19b Z1): a gRPC call `c` that
    /// ended with status `code` (ErrorInfo `reason`, grpc-message `message`, trailers at
    /// line `st_seq`) is not the A2A error the situation names ([`Self::situation_error`]).
    /// INVALID_ARGUMENT without a reason on a task seen terminal is the TASK-002 check's
    /// in [`Self::grpc_error`].
    pub(super) fn grpc_situation_error(
        &mut self,
        x: &Exch,
        c: &Call,
        code: u32,
        reason: Option<&str>,
        message: Option<&str>,
        st_seq: u64,
    ) {
        if x.synthetic || c.webhook || c.op.is_none() {
            return;
        }
        let status_name = match code {
            3 => Some("INVALID_ARGUMENT"),
            13 => Some("INTERNAL"),
            _ => None,
        };
        // ERR-005 (a2a-tck #206, mine56b): a bare 1.0 UNIMPLEMENTED is read as the method
        // missing (-32601, gRPC's own answer to an unregistered method); where the situation
        // owes an A2A error whose status may be UNIMPLEMENTED (1.0.0's column), only its
        // ErrorInfo is missing.
        if code == 12 && reason.is_none() && c.dialect == Some(Dialect::V1_0) {
            if let Some((want, why)) = self.bare_unimplemented_owed(x, c, message) {
                self.bare_unimplemented_refusal(x, c, want, &why, message, st_seq);
            } else {
                self.bare_unimplemented_of_served_method(x, c, message, st_seq);
            }
            return;
        }
        let Some(got) = answer_code(reason, status_name, code == 5, None) else {
            return;
        };
        if code == 3
            && reason.is_none()
            && self
                .terminal_task_expectation(x, c, jsonrpc::INVALID_PARAMS)
                .is_some()
        {
            return;
        }
        let Some((want, why)) = self.situation_error(x, c, got, &[message]) else {
            return;
        };
        if want != 0 && (want == got || answer_still_fits(want, got)) {
            return;
        }
        let name = grpc::code_name(code);
        let answered = format!(
            "{name} ({code}){}",
            reason.map(|r| format!(" {r}")).unwrap_or_default()
        );
        let v0x = c.dialect.is_some_and(Dialect::is_0x);
        let instead = if want == 0 && got == jsonrpc::TASK_NOT_FOUND {
            "(TaskNotFoundError), which is for a task id the agent does not hold (TASK-009)"
                .to_string()
        } else if want == 0 {
            format!(
                "({}), which is for a request the method's schema does not allow",
                jsonrpc::code_name(got).unwrap_or("another error")
            )
        } else if v0x {
            // 0.3 has no ErrorInfo and no gRPC table: the status 1.0's column gives
            let r = reason_for_code(want).unwrap_or_default();
            format!(
                "instead of {} ({}){}",
                grpc_code_name_for_reason(r),
                jsonrpc::code_name(want).unwrap_or_default(),
                super::grpc_calls::V03_GRPC_WORDS
            )
        } else {
            let r = reason_for_code(want).unwrap_or_default();
            format!(
                "instead of {}{} with ErrorInfo reason {r} ({})",
                grpc_code_name_for_reason(r),
                if matches!(
                    r,
                    "UNSUPPORTED_OPERATION" | "PUSH_NOTIFICATION_NOT_SUPPORTED"
                ) {
                    " (1.0.0: UNIMPLEMENTED)"
                } else {
                    ""
                },
                jsonrpc::code_name(want).unwrap_or_default()
            )
        };
        self.find(
            super::grpc_calls::grpc_code_rule(c.dialect, Some(want)),
            format!(
                "{why}, yet the agent answered gRPC {} with status {answered} {instead}",
                c.method.as_deref().unwrap_or_default()
            ),
            vec![
                x.ev(x.req_ev_seq()),
                x.ev_at(
                    st_seq,
                    "",
                    Some(serde_json::json!({"grpc-status": code, "reason": reason,
                                            "grpc-message": message})),
                ),
            ],
            &x.leg,
        );
    }

    /// The A2A error a 1.0 gRPC call `c` that ended with a bare UNIMPLEMENTED owes, when the
    /// situation names one whose 1.0.0 status is UNIMPLEMENTED (so only its ErrorInfo is
    /// missing), and why: PushNotificationNotSupportedError for a push config call to an
    /// agent whose card declares no push (PUSH-001), UnsupportedOperationError for a
    /// subscribe or message to a task this recording saw terminal (TASK-002, TASK-004) or
    /// GetExtendedAgentCard of a card without capabilities.extendedAgentCard (AUTH-005).
    /// `message` is the grpc-message. `None`: no situation, and a bare UNIMPLEMENTED may be
    /// a method the agent does not serve (ERR-002 gives -32601 no gRPC row).
    fn bare_unimplemented_owed(
        &self,
        x: &Exch,
        c: &Call,
        message: Option<&str>,
    ) -> Option<(i64, String)> {
        let owed = |w: &i64| super::grpc_calls::UNIMPLEMENTED_IN_1_0_0.contains(w);
        if let Some(found) = self
            .situation_error(x, c, jsonrpc::METHOD_NOT_FOUND, &[message])
            .filter(|(w, _)| owed(w))
        {
            return Some(found);
        }
        // terminal_task_expectation leaves -32601 alone (a method the agent lacks); any
        // other refusal of a subscribe or message to a finished task is read here.
        if let Some(found) = self
            .terminal_task_expectation(x, c, jsonrpc::INTERNAL_ERROR)
            .filter(|(w, _)| owed(w))
        {
            return Some(found);
        }
        if c.op == Some(Op::GetExtendedCard)
            && self.card_for(x).is_some_and(|k| !k.view.extended_card)
        {
            return Some((
                jsonrpc::UNSUPPORTED_OPERATION,
                "the agent card does not declare capabilities.extendedAgentCard".to_string(),
            ));
        }
        None
    }

    /// left57 (ERR-002): the A2A error (its JSON-RPC code, -32001 to -32009) an error
    /// answer to call `c` in `x` owes, for a help that names it: the one the situation
    /// table gives ([`Self::situation_error`]), else TaskNotFoundError for a not-found
    /// answer (`not_found`: HTTP 404, gRPC NOT_FOUND). `None` when neither tells.
    pub(super) fn owed_a2a_error(&self, x: &Exch, c: &Call, not_found: bool) -> Option<i64> {
        let got = if not_found {
            jsonrpc::TASK_NOT_FOUND
        } else {
            0
        };
        self.situation_error(x, c, got, &[])
            .map(|(w, _)| w)
            .filter(|w| reason_for_code(*w).is_some())
            .or_else(|| not_found.then_some(jsonrpc::TASK_NOT_FOUND))
    }

    /// left57 (TASK-003, ERR-002; GRPC-ERROR-001): a 1.0 gRPC call the situation answers
    /// with an error no A2A table maps to UNIMPLEMENTED (a cancel of a task seen finished:
    /// TaskNotCancelableError, FAILED_PRECONDITION in 1.0.0 and 1.0.1 alike) ended with a
    /// bare UNIMPLEMENTED, no ErrorInfo. Such an UNIMPLEMENTED is gRPC's own answer to a
    /// method the server does not register (as JSON-RPC -32601, which a cancel of a finished
    /// task may get from an agent without CancelTask), so it is told only when this
    /// recording shows the agent registers the method at that origin (an earlier call of it
    /// ended with another status, [`State::grpc_served`]): then it is the agent's refusal
    /// with the wrong status. Silent otherwise, as is a bare UNIMPLEMENTED to a call that
    /// owes no A2A error (a method the agent does not offer).
    fn bare_unimplemented_of_served_method(
        &mut self,
        x: &Exch,
        c: &Call,
        message: Option<&str>,
        st_seq: u64,
    ) {
        let Some(op) = c.op else { return };
        let Some(origin) = x.origin.as_deref() else {
            return;
        };
        if !self
            .grpc_served
            .iter()
            .any(|(o, sop)| o == origin && *sop == op)
        {
            return;
        }
        let Some((want, why)) = self
            .terminal_task_expectation(x, c, jsonrpc::INTERNAL_ERROR)
            .filter(|(w, _)| *w == jsonrpc::TASK_NOT_CANCELABLE)
        else {
            return;
        };
        let method = c.method.as_deref().unwrap_or_default();
        let mut f = Finding::new(
            super::grpc_calls::grpc_code_rule(c.dialect, Some(want)),
            format!(
                "{why}, yet the agent answered gRPC {method} with a bare UNIMPLEMENTED (12) and no google.rpc.ErrorInfo, although it answered {method} with another status earlier in this recording, so the method is registered: TaskNotCancelableError on gRPC is FAILED_PRECONDITION with ErrorInfo reason TASK_NOT_CANCELABLE (TASK-003, ERR-002; UNIMPLEMENTED in no 1.0 table), and a client reads UNIMPLEMENTED as a method the agent lacks"
            ),
        );
        f.help = grpc_error_info_help(want, c.dialect);
        f.evidence = vec![x.ev(x.req_ev_seq()), x.grpc_status_ev(st_seq, 12, message)];
        f.leg = x.leg.clone();
        self.emit(f);
    }

    /// GRPC-ERROR-002 (ERR-005, ERR-002; a2a-tck #206, mine56b): a 1.0 gRPC call the
    /// situation answers with `want` (PushNotificationNotSupportedError,
    /// UnsupportedOperationError or VersionNotSupportedError: the errors 1.0.0's table
    /// maps to UNIMPLEMENTED, `why` the situation's words) ended with a bare UNIMPLEMENTED
    /// (12), no `grpc-status-details-bin`: the status may be 1.0.0's, but only the
    /// ErrorInfo reason tells an A2A refusal from the gRPC runtime's own answer to a
    /// method the server never registered. `message` is the grpc-message, `st_seq` the
    /// status event's seq.
    pub(super) fn bare_unimplemented_refusal(
        &mut self,
        x: &Exch,
        c: &Call,
        want: i64,
        why: &str,
        message: Option<&str>,
        st_seq: u64,
    ) {
        let r = reason_for_code(want).unwrap_or_default();
        let mut f = Finding::new(
            &r::GRPC_ERROR_INFO_MISSING,
            format!(
                "{why}, yet the agent answered gRPC {} with a bare UNIMPLEMENTED (12) and no google.rpc.ErrorInfo: {} on gRPC is FAILED_PRECONDITION (1.0.0: UNIMPLEMENTED) with ErrorInfo reason {r}, domain a2a-protocol.org; without it, UNIMPLEMENTED is the gRPC runtime's own answer to a method the server never registered, so the client cannot tell the A2A refusal from an agent that lacks the method",
                c.method.as_deref().unwrap_or_default(),
                jsonrpc::code_name(want).unwrap_or_default()
            ),
        );
        f.help = grpc_error_info_help(want, c.dialect);
        f.evidence = vec![x.ev(x.req_ev_seq()), x.grpc_status_ev(st_seq, 12, message)];
        f.leg = x.leg.clone();
        self.emit(f);
    }

    /// The HTTP+JSON side of [`Self::terminal_task_expectation`] (TASK-002, TASK-003,
    /// TASK-004, ERR-002): a 1.0 cancel, subscribe or message on a task the recording saw
    /// terminal, refused with another generic error than the one the situation names (e.g.
    /// HTTP 500 with reason INTERNAL where 400 UNSUPPORTED_OPERATION is due). The agent's
    /// error is read from its ErrorInfo reason, else a 404 is TaskNotFoundError, which is
    /// ID-TASK-001's to judge (a purged task), as on JSON-RPC. Reported as REST-ERROR-001
    /// (the HTTP error does not fit the A2A error the situation names). Returns whether it
    /// reported.
    pub(super) fn rest_terminal_task_error(
        &mut self,
        x: &Exch,
        c: &Call,
        status: u16,
        v: &Json,
        bseq: u64,
    ) -> bool {
        if c.dialect != Some(Dialect::V1_0) {
            return false;
        }
        let reason = error_info_reason(v.get("error").and_then(|e| e.get("details")));
        let got = match reason.and_then(reason_expectation) {
            Some((code, _)) => code,
            None if status == 404 => jsonrpc::TASK_NOT_FOUND,
            None if status == 500 => jsonrpc::INTERNAL_ERROR,
            // AIP-193 INVALID_ARGUMENT is InvalidParams' mapping (ERR-002).
            None if status == 400
                && v.pointer("/error/status").and_then(Json::as_str)
                    == Some("INVALID_ARGUMENT") =>
            {
                jsonrpc::INVALID_PARAMS
            }
            None => return false,
        };
        let Some((want, why)) = self.terminal_task_expectation(x, c, got) else {
            return false;
        };
        if want == got {
            return false;
        }
        let name = |k: i64| jsonrpc::code_name(k).unwrap_or("another error");
        let want_reason = if want == jsonrpc::TASK_NOT_CANCELABLE {
            "TASK_NOT_CANCELABLE"
        } else {
            "UNSUPPORTED_OPERATION"
        };
        self.find(
            &r::REST_ERROR_SHAPE,
            format!(
                "{why}, yet the agent answered {} with HTTP {status}{} ({}) instead of HTTP 400 with ErrorInfo reason {want_reason} ({})",
                call_at(x),
                reason
                    .or((got == jsonrpc::INVALID_PARAMS).then_some("INVALID_ARGUMENT"))
                    .map(|r| format!(" {r}"))
                    .unwrap_or_default(),
                name(got),
                name(want)
            ),
            vec![x.ev(x.req_ev_seq()), x.ev_at(bseq, "", Some(excerpt_value(v)))],
            &x.leg,
        );
        true
    }

    /// REST-ERROR-001 (ERR-003, REST-003; TASK-002, TASK-003, TASK-004) told for an
    /// HTTP+JSON refusal, with HTTP `status`, of a call on a task this recording saw
    /// finished whose body carries no A2A error (`told` from
    /// [`Self::terminal_refusal_without_a2a_error`]); `v` the JSON body when there is one
    /// (else the raw body is the evidence).
    fn terminal_refusal_told(
        &mut self,
        x: &Exch,
        status: u16,
        told: String,
        v: Option<&Json>,
        bseq: u64,
    ) {
        let found = match v {
            Some(v) => Some(excerpt_value(v)),
            None => (!x.body.as_slice().is_empty())
                .then(|| excerpt(&String::from_utf8_lossy(x.body.as_slice()))),
        };
        self.find(
            &r::REST_ERROR_SHAPE,
            format!(
                "agent answered the HTTP+JSON call {} with HTTP {status}; {told}",
                call_at(x)
            ),
            vec![x.ev(x.req_ev_seq()), x.ev_at(bseq, "", found)],
            &x.leg,
        );
    }

    /// REST-ERROR-001 (ERR-003 1.0 AIP-193 `google.rpc.Status`, REST-003 0.3 A2A error
    /// object) for an error answer whose body is empty or not JSON (an HTML or plain-text
    /// 404 page) on an operation route of an interface that answered before: no client can
    /// read which A2A error it is (breaker8 G1).
    pub(super) fn rest_error_not_json(&mut self, x: &Exch, c: &Call, status: u16, bseq: u64) {
        // (an authentication front's 401 / 403 / 407 page, or a payment gate's 402, is its
        // own, as in check_rest_error)
        // (nor a client-leg answer to a call whose route or method the gateway rewrote,
        // GW-REQ-002: the agent answered another request; breaker46 post-to-get)
        // (nor a 1.0 agent's 404 page to 0.3's `/v1` route a client asked for below a 1.x
        // interface: the client's route, BIND-USE-002; mine55b b55b-A2)
        if self.route_missing_exchange.as_deref() == Some(&*x.id)
            || matches!(status, 401 | 402 | 403 | 407)
            || (x.leg.is_none() && self.gw_rerouted(&x.id))
            || (matches!(status, 404 | 405) && self.client_v1_prefix_route(x))
        {
            return;
        }
        // breaker27 H26: a router's 405 to a method the route is not defined with
        // (REST-VERB-001 names the client) is refused before any A2A operation runs: no
        // A2A error exists for a wrong verb, so its body shape is not judged.
        let wrong_verb = status == 405
            && c.op.is_some_and(|op| {
                !a2a::rest_verbs(op)
                    .iter()
                    .any(|v| x.method.eq_ignore_ascii_case(v))
            });
        // DIGEST trap 1 (A2A #1574, open): SubscribeToTask is GET in the proto's HTTP
        // binding and POST in the prose (§5.3, §11.3), so a 1.0 client may send either and
        // an agent that serves one may refuse the other with its router's 405 (mine57b
        // f1295): the method is refused before any A2A operation runs, and no A2A error
        // exists for it, as for the wrong verb above. A JSON error body there is still
        // judged (check_rest_error).
        if wrong_verb || (status == 405 && c.op == Some(Op::SubscribeToTask)) {
            return;
        }
        // breaker29 C08: a 415 to a body the client sent under a media type that is not JSON
        // (HTTP-MEDIA-003 names the client) is refused before any A2A operation runs, as
        // the wrong verb's 405 above: no A2A error exists for it, so its body shape is not
        // judged. The agent's 415 to the binding's own media type stays judged beside
        // HTTP-MEDIA-001/002 (b11 K20, b27x H09), and so does a 415 that is
        // ContentTypeNotSupportedError (a part's media type, 1.0.0's status).
        let client_media_not_json = x
            .req_media()
            .is_some_and(|mt| !mt.is_empty() && !is_json_media_type(&mt));
        if status == 415 && client_media_not_json && !refusal_names_part_type(x, c) {
            return;
        }
        let what = if x.body.as_slice().is_empty() {
            format!("the HTTP {status} body is empty")
        } else {
            format!(
                "the HTTP {status} body is not JSON ({})",
                x.resp_media().unwrap_or_else(|| "no content type".into())
            )
        };
        let (msg, found) = match c.dialect {
            Some(Dialect::V1_0) => (
                format!(
                    "1.0 HTTP+JSON error body of {} is not the AIP-193 shape: {what}",
                    call_at(x)
                ),
                x.body.as_slice(),
            ),
            Some(_) => (
                format!(
                    "0.3 HTTP+JSON error body of {} has no integer code and message: {what}",
                    call_at(x)
                ),
                x.body.as_slice(),
            ),
            None => return,
        };
        let found = (!found.is_empty()).then(|| excerpt(&String::from_utf8_lossy(found)));
        if let Some(told) = self.terminal_refusal_without_a2a_error(x, c, status) {
            let told = format!("{what}; {told}");
            self.terminal_refusal_told(x, status, told, None, bseq);
            return;
        }
        // left59 item 1 (TASK-003, ERR-002, ERR-003, REST-003): a 501 page ("Not
        // Implemented") on an operation route that is there (the interface's routes
        // answered, or the route names a task the agent handed out, so the call reached the
        // agent): the agent refused the operation, and its refusal is owed as the A2A error
        // in the binding's shape; the words say which
        let msg = match self.rest_501_owed(c, x, status) {
            Some(owed) => format!("{msg}; {owed}"),
            None => msg,
        };
        self.find(
            &r::REST_ERROR_SHAPE,
            msg,
            vec![x.ev_at(bseq, "", found)],
            &x.leg,
        );
    }

    /// Whether the card of `x`'s agent (or an extended card granted to its caller) declares
    /// `capabilities.pushNotifications: true` (PUSH-001); true when no card is known (the
    /// recording cannot tell PushNotificationNotSupportedError is owed).
    fn push_declared(&self, x: &Exch) -> bool {
        self.card_for(x)
            .is_none_or(|c| c.view.push_notifications == Some(true))
            || self.extended_card_grants(x, false)
    }

    /// left59 item 1 (TASK-003, ERR-002, ERR-003, REST-003): the words for a 501 page ("Not
    /// Implemented", as text or as a framework's JSON page `{"detail":"Not Implemented"}`,
    /// left60) to HTTP+JSON operation call `c` on a route that is there: why the route is
    /// there (the route names a task the agent handed out, or the interface's routes
    /// answered) and the A2A error owed in the version's shape ([`rest_refusal_owed`]).
    /// `None` for another status, a call of no operation, or a route nothing shows served.
    fn rest_501_owed(&self, c: &Call, x: &Exch, status: u16) -> Option<String> {
        let op = c.op.filter(|_| status == 501)?;
        let why = match c.task_id().filter(|t| self.knows_task(x, t)) {
            Some(t) => format!("task {t} is one the agent handed out in this recording"),
            None if self.rest_route_of_answered_interface(x) => {
                "the interface's routes answered other calls".to_string()
            }
            None => return None,
        };
        Some(format!(
            "{why}, so the route is there and answered HTTP 501 without the A2A error: an agent that does not carry out {} answers {}",
            op.name(),
            rest_refusal_owed(c, self.push_declared(x))
        ))
    }

    /// TASK-009 / ERR-002: an HTTP+JSON GetTask, CancelTask or SubscribeToTask whose error
    /// message says the route's task does not exist ("KeyError: nope", "task nope not
    /// found") answered with another status than 404 (an unhandled lookup error as HTTP 500
    /// INTERNAL): TaskNotFoundError is HTTP 404 NOT_FOUND. REST-ERROR-001 (breaker8 G7).
    /// Likewise (q20v V2) a 0.x HTTP+JSON error whose body names code -32001
    /// TaskNotFoundError (the 0.3 A2A error object's `code`, or a JSON-RPC-style
    /// `error.code`) on any route, answered with another status than 404: the body and the
    /// status disagree, and a 0.3 client that maps the status reads another error.
    pub(super) fn rest_missing_task_status(
        &mut self,
        x: &Exch,
        c: &Call,
        status: u16,
        v: &Json,
        bseq: u64,
    ) {
        if status == 404 || x.synthetic || c.webhook {
            return;
        }
        if matches!(
            c.op,
            Some(Op::GetTask) | Some(Op::CancelTask) | Some(Op::SubscribeToTask)
        ) {
            if let Some(tid) = c.route_task.as_deref() {
                let said = match v.pointer("/error/message").and_then(Json::as_str) {
                    Some(m) => Some(("/error/message", m)),
                    None => v
                        .get("message")
                        .and_then(Json::as_str)
                        .map(|m| ("/message", m)),
                };
                if let Some((ptr, msg)) = said.filter(|(_, m)| says_task_missing(m, tid)) {
                    self.find(
                        &r::REST_ERROR_SHAPE,
                        format!(
                            "the agent's own message says task {tid} was not found, yet it answered {} with HTTP {status} instead of HTTP 404 (TaskNotFoundError)",
                            call_at(x)
                        ),
                        vec![
                            x.ev(x.req_ev_seq()),
                            x.ev_at(bseq, ptr, Some(Value::String(msg.to_string()))),
                        ],
                        &x.leg,
                    );
                    return;
                }
            }
        }
        // 0.x only: a 1.0 body's error.code is the HTTP status, its A2A error the
        // ErrorInfo reason (judged with the AIP-193 shape).
        if c.dialect.is_none() || c.dialect == Some(Dialect::V1_0) {
            return;
        }
        let Some((ptr, code)) = ["/code", "/error/code"]
            .into_iter()
            .find_map(|p| v.pointer(p).and_then(Json::as_i64).map(|k| (p, k)))
        else {
            return;
        };
        if code != jsonrpc::TASK_NOT_FOUND {
            return;
        }
        let task = c
            .route_task
            .as_deref()
            .map(|t| format!(" (task {t})"))
            .unwrap_or_default();
        self.find(
            &r::REST_ERROR_SHAPE,
            format!(
                "the agent answered {} with HTTP status {status} and error code -32001 TaskNotFoundError{task}, which disagree: TaskNotFoundError goes with HTTP 404 on HTTP+JSON (ERR-002), and a client that maps the HTTP status reads another error",
                call_at(x)
            ),
            vec![
                x.ev(x.req_ev_seq()),
                x.ev_at(bseq, ptr, Some(Value::from(code))),
            ],
            &x.leg,
        );
    }

    /// AUTH-005 (1.0 §3.3.4) on HTTP+JSON, as RPC-ERROR-001 judges it on JSON-RPC: a card
    /// without `capabilities.extendedAgentCard` makes GetExtendedAgentCard unsupported, so the
    /// answer is HTTP 400 with ErrorInfo reason UNSUPPORTED_OPERATION, not
    /// EXTENDED_AGENT_CARD_NOT_CONFIGURED, which is for a declared but unconfigured card
    /// (a2a-java #733 on every transport). Reported as REST-ERROR-001 like
    /// [`Self::rest_terminal_task_error`]. Returns whether it reported.
    pub(super) fn rest_extended_card_error(
        &mut self,
        x: &Exch,
        c: &Call,
        status: u16,
        v: &Json,
        bseq: u64,
    ) -> bool {
        if c.dialect != Some(Dialect::V1_0) || c.op != Some(Op::GetExtendedCard) {
            return false;
        }
        let reason = error_info_reason(v.get("error").and_then(|e| e.get("details")));
        // breaker12 L7: TASK_NOT_FOUND names a task the call does not name.
        if let Some((want, why)) =
            rest_grpc_code(reason, false).and_then(|k| self.extended_card_misfit(x, c, k))
        {
            let want = reason_for_code(want).unwrap_or_default();
            let at = reason_expectation(want)
                .and_then(|(_, st)| st.first().copied())
                .unwrap_or(400);
            self.find(
                &r::REST_ERROR_SHAPE,
                format!(
                    "{why}, yet the agent answered {} with HTTP {status} {} instead of HTTP {at} {want}",
                    call_at(x),
                    reason.unwrap_or_default()
                ),
                vec![
                    x.ev(x.req_ev_seq()),
                    x.ev_at(bseq, "", Some(excerpt_value(v))),
                ],
                &x.leg,
            );
            return true;
        }
        if reason != Some("EXTENDED_AGENT_CARD_NOT_CONFIGURED")
            || self.card_for(x).is_none_or(|k| k.view.extended_card)
        {
            // ERR-002 / ERR-003 (breaker12 L7): an A2A error on this route is judged like
            // one on any other (status and reason agree, AIP-193 shape), whatever the HTTP
            // status: a 404 carrying an A2A reason is the agent's answer, not a missing
            // route.
            if reason.is_some_and(|r| reason_expectation(r).is_some()) {
                let _ = self.check_rest_error(x, status, v, bseq);
                self.flush_problem_status(Some(x));
            }
            return false;
        }
        self.find(
            &r::REST_ERROR_SHAPE,
            format!(
                "the agent card does not declare capabilities.extendedAgentCard, yet the agent answered {} with HTTP {status} EXTENDED_AGENT_CARD_NOT_CONFIGURED (ExtendedAgentCardNotConfiguredError) instead of HTTP 400 with ErrorInfo reason UNSUPPORTED_OPERATION (UnsupportedOperationError)",
                call_at(x)
            ),
            vec![x.ev(x.req_ev_seq()), x.ev_at(bseq, "", Some(excerpt_value(v)))],
            &x.leg,
        );
        true
    }

    /// PUSH-CFG-001 (PUSH-003, 1.0 §3.1.7): a successful 1.0 CreateTaskPushNotificationConfig
    /// `res` for a request without an `id` gets the id of an earlier id-less create of the
    /// same task with another webhook URL: the earlier config was overwritten although a
    /// config lives until the task ends or it is deleted (a2a-js #541: `id ||= taskId`;
    /// a2a-java PR #1092). A client that sends an id asks for that id: not judged.
    pub(super) fn check_push_config_replaced(
        &mut self,
        x: &Exch,
        c: &Call,
        res: &Json,
        base: &str,
        bseq: u64,
    ) {
        let client_id = c
            .params
            .get("id")
            .and_then(Json::as_str)
            .is_some_and(|s| !s.is_empty());
        let task = res
            .get("taskId")
            .and_then(Json::as_str)
            .or_else(|| c.params.get("taskId").and_then(Json::as_str))
            .or(c.route_task.as_deref())
            .filter(|s| !s.is_empty());
        let id = res
            .get("id")
            .and_then(Json::as_str)
            .filter(|s| !s.is_empty());
        let url = res.get("url").and_then(Json::as_str).unwrap_or("");
        let (Some(task), Some(id), false) = (task, id, client_id) else {
            return;
        };
        let key = format!("{task}\u{0}{id}");
        let here = x.ev_at(bseq, &format!("{base}/id"), Some(Value::from(id)));
        if let Some((old_url, old_ev)) = self.push_created.get(&key) {
            if old_url != url {
                let msg = format!(
                    "create without an id for task {task} got config id {id:?} again: the config for {old_url} made earlier was replaced by the one for {url}"
                );
                let ev = vec![old_ev.clone(), x.ev(x.req_ev_seq()), here.clone()];
                self.find(&r::PUSH_CONFIG_REPLACED, msg, ev, &x.leg);
            }
        }
        if self.push_created.len() < MAX_PUSH_URLS || self.push_created.contains_key(&key) {
            self.push_created.insert(key, (url.to_string(), here));
        }
    }

    /// ERR-003 (1.0 AIP-193 shape) and REST-003 (0.3 routes: the 0.3 A2A error object).
    /// REST-ERROR-001 (ERR-001, ERR-006, REST-003): an HTTP+JSON request body that is not
    /// JSON must be refused with HTTP 400 (1.0: `INVALID_ARGUMENT`; 0.3: JSONParseError
    /// −32700 mapped to 400). An HTTP 500 (the agent crashed parsing it) or a 2xx (it went
    /// ahead with a message it could not have read) is the CASE-14 fault on the REST
    /// binding. Other statuses (401, 404, 413, 415, a gateway's 502/503) are not judged,
    /// but on the prober's deliberately malformed request (marked `A2A-Interop-Probe:
    /// negative-test`, session 44: its intent, which the recording carries): there every
    /// answer but 400 is judged too, except a refusal before the body is read (401, 403),
    /// a timeout or rate limit (408, 429) and a gateway's (502, 503, 504), so the probe's
    /// `errors.parse-error` on HTTP+JSON takes this verdict.
    pub(super) fn rest_unparseable_request_answer(
        &mut self,
        x: &Exch,
        c: &Call,
        status: u16,
        json: Option<&Json>,
        bseq: u64,
    ) {
        let marked = x.probe_mark(crate::model::PROBE_NEGATIVE_TEST);
        let v10 = c.dialect == Some(Dialect::V1_0);
        // session 46: a 400 naming another A2A error than the malformed request's
        let wrong = (marked && status == 400)
            .then(|| wrong_a2a_error_on_400(json, v10))
            .flatten();
        let judged = status == 500
            || (200..300).contains(&status)
            || (marked && !(status == 400 || marked_answer_unjudged(status)))
            || wrong.is_some();
        if x.synthetic || !judged || !x.rest_body_not_json(c) || self.gw_own_answer.contains(&x.id)
        {
            return;
        }
        let (what, right) = if let Some(w) = &wrong {
            (
                format!("HTTP 400 {w}"),
                if v10 {
                    "HTTP 400 INVALID_ARGUMENT"
                } else {
                    "HTTP 400 with JSONParseError -32700"
                },
            )
        } else if v10 {
            let st = json
                .and_then(|v| v.get("error"))
                .and_then(|e| e.get("status"))
                .and_then(Json::as_str)
                .map(|s| format!(" {s}"))
                .unwrap_or_default();
            (format!("HTTP {status}{st}"), "HTTP 400 INVALID_ARGUMENT")
        } else {
            let code = json
                .and_then(|v| {
                    v.get("code")
                        .or_else(|| v.get("error").and_then(|e| e.get("code")))
                })
                .and_then(Json::as_i64)
                .map(|k| format!(" (code {k})"))
                .unwrap_or_default();
            (
                format!("HTTP {status}{code}"),
                "HTTP 400 with JSONParseError -32700",
            )
        };
        self.areas.insert("rest");
        self.find(
            &r::REST_ERROR_SHAPE,
            format!(
                "the request body of {} is not valid JSON{}, yet the agent answered {what} instead of {right}",
                call_at(x),
                if marked && status != 500 && !(200..300).contains(&status) && wrong.is_none() {
                    " (the prober's deliberately malformed request, marked A2A-Interop-Probe: negative-test)"
                } else {
                    ""
                }
            ),
            vec![x.ev(x.req_ev_seq()), x.ev_at(bseq, "", Some(Value::from(status)))],
            &x.leg,
        );
    }

    /// REST-ERROR-001 (ERR-006, ERR-001, REST-001; session 45): the prober's deliberately
    /// malformed HTTP+JSON send (request header `A2A-Interop-Probe: negative-test`, POST
    /// `message:send` / `message:stream` whose body is JSON with a `message` member that is
    /// no object, the probe's `errors.invalid-params`) answered with another status than
    /// 400: served as a send (2xx, the agent ran a message it could not have read) or
    /// refused under another status (404, 422, 500, ...). Both versions' MUST: 1.0 §3.3.2
    /// (validate input first, HTTP 400 INVALID_ARGUMENT, ERR-006) and 0.3 §3.2.3 (HTTP+JSON
    /// MUST use the HTTP status of the A2A error: InvalidParamsError -32602 is 400) with 0.3
    /// §10.2's MUST to validate every parameter, so an error on both. Not judged, as for the
    /// marked parse error ([`Self::rest_unparseable_request_answer`]): a refusal before the
    /// body is read (401, 403), a timeout or rate limit (408, 429), a gateway's answer (502,
    /// 503, 504), a synthetic answer. Unmarked, a client's malformed send is the client's
    /// (the agent's answer is then not judged here).
    pub(super) fn rest_malformed_send_answer(
        &mut self,
        x: &Exch,
        c: &Call,
        status: u16,
        json: Option<&Json>,
        bseq: u64,
    ) {
        let marked = x.probe_mark(crate::model::PROBE_NEGATIVE_TEST);
        let v10 = c.dialect == Some(Dialect::V1_0);
        // session 46: a 400 naming another A2A error than InvalidParams is judged too
        let wrong = (status == 400)
            .then(|| wrong_a2a_error_on_400(json, v10))
            .flatten();
        if !marked
            || x.synthetic
            || c.binding != Some(Binding::Rest)
            || !matches!(c.op, Some(Op::SendMessage | Op::SendStreamingMessage))
            || (status == 400 && wrong.is_none())
            || marked_answer_unjudged(status)
            || self.gw_own_answer.contains(&x.id)
        {
            return;
        }
        let Some(m) = c.params.get("message").filter(|m| !m.is_object()) else {
            return;
        };
        let kind = match m {
            Json::Null => "null",
            Json::String(_) => "a string",
            Json::Array(_) => "an array",
            Json::Bool(_) => "a boolean",
            _ => "a number",
        };
        let right = if v10 {
            "HTTP 400 INVALID_ARGUMENT (1.0 §3.3.2: validate input first, ERR-006)"
        } else {
            "HTTP 400 with InvalidParamsError -32602 (0.3 §3.2.3: the HTTP status of the A2A error; §10.2: validate every parameter)"
        };
        let answered = if let Some(w) = &wrong {
            format!("HTTP 400 {w}, another A2A error,")
        } else if (200..300).contains(&status) {
            format!("HTTP {status}, serving it as a send,")
        } else {
            let st = json
                .and_then(|v| v.get("error"))
                .and_then(|e| e.get("status"))
                .and_then(Json::as_str)
                .map(|s| format!(" {s}"))
                .unwrap_or_default();
            format!("HTTP {status}{st}")
        };
        self.areas.insert("rest");
        self.find(
            &r::REST_ERROR_SHAPE,
            format!(
                "the prober's deliberately malformed send {} (marked A2A-Interop-Probe: negative-test) carries a message that is {kind}, not a Message object, yet the agent answered {answered} instead of {right}",
                call_at(x)
            ),
            vec![
                x.ev_at(x.req_ev_seq(), "/message", None),
                x.ev_at(bseq, "", Some(Value::from(status))),
            ],
            &x.leg,
        );
    }

    /// REST-ERROR-002 (ERR-002, ERR-003; DIGEST trap 10): a 1.0 HTTP+JSON error answered
    /// as an RFC 9457 problem details body `o` (legal: 1.0 §6.4/§6.5 show it) gets a note
    /// naming the 1.0.1 form: google.rpc.Status with ErrorInfo, and the 1.0.1 HTTP status
    /// where `status` is 1.0.0's. The A2A error is read from the problem's `type` URI's last
    /// segment (`.../unsupported-operation` = UNSUPPORTED_OPERATION), or else from a `title`
    /// that names it (`VersionNotSupported`, `Content type not supported`), when one does.
    ///
    /// REST-ERROR-001 (ERR-002; a2a-dotnet #393): an A2A error so named whose HTTP status is
    /// neither 1.0.1's nor 1.0.0's for it (a 500 VersionNotSupported, a 422
    /// ContentTypeNotSupported) is no form of 1.0 at all: the status is the wrong part.
    pub(super) fn rest_error_problem_json(&mut self, x: &Exch, status: u16, v: &Json, bseq: u64) {
        let ty = v.get("type").and_then(Json::as_str).unwrap_or("");
        let (reason, named_by) = match problem_reason(v) {
            Some((r, by)) => (Some(r), by),
            None => (None, "title"),
        };
        if let Some((code, statuses)) = reason.as_deref().and_then(reason_expectation) {
            if !statuses.contains(&status) {
                let name = jsonrpc::code_name(code).unwrap_or("the A2A error");
                let expected = match statuses {
                    [one] => format!("{one} in 1.0.0 and 1.0.1 alike"),
                    [new, old, ..] => format!("{new} (1.0.1) or {old} (1.0.0)"),
                    [] => String::new(),
                };
                self.areas.insert("rest");
                let mut f = Finding::new(
                    &r::REST_ERROR_SHAPE,
                    format!(
                        "agent answered the 1.0 HTTP+JSON call {} with HTTP {status} and a problem+json body whose {named_by} names {name}; {name} is HTTP {expected}, never {status} (ERR-002): a client that maps the status to an A2A error reads another error, or none",
                        call_at(x)
                    ),
                );
                f.evidence = vec![
                    x.ev(x.resp_seq),
                    x.ev_at(bseq, &format!("/{named_by}"), None),
                ];
                f.leg = x.leg.clone();
                self.flush_problem_status(None);
                self.problem_status_held = Some((str::to_string(&x.id), self.out.len(), f));
            }
        }
        let want = match reason.as_deref().and_then(reason_expectation) {
            Some((code, st)) => {
                let name = jsonrpc::code_name(code).unwrap_or("the A2A error");
                format!(
                    "1.0.1 (ERR-002, §11.6) answers {name} with HTTP {} and {{\"error\":{{\"code\":{},\"status\":\"{}\",\"message\":...,\"details\":[{{\"@type\":\"type.googleapis.com/google.rpc.ErrorInfo\",\"reason\":\"{}\",\"domain\":\"a2a-protocol.org\"}}]}}}}",
                    st[0],
                    st[0],
                    grpc_code_name_for_reason(reason.as_deref().unwrap_or("")),
                    reason.as_deref().unwrap_or("")
                )
            }
            None => "1.0.1 (ERR-002, §11.6) answers A2A errors with google.rpc.Status: {\"error\":{\"code\":<http>,\"status\":<google.rpc.Code name>,\"message\":...,\"details\":[ErrorInfo with reason and domain \"a2a-protocol.org\"]}}".to_string(),
        };
        let old_status = match status {
            409 | 415 | 501 | 502 => format!(" (HTTP {status} is 1.0.0's status mapping)"),
            _ => String::new(),
        };
        let ty_clause = if ty.is_empty() {
            String::new()
        } else {
            format!(" (type {ty})")
        };
        self.find(
            &r::REST_ERROR_PRE_101,
            format!(
                "agent answered the 1.0 HTTP+JSON call {} {} with HTTP {status} and an RFC 9457 application/problem+json body{ty_clause}{old_status}, the form 1.0 §6.4 shows; {want}: clients on 1.0.1 SDKs read only that shape",
                x.method, x.path
            ),
            vec![x.ev(x.resp_seq), x.ev_at(bseq, "", Some(excerpt_value(v)))],
            &x.leg,
        );
    }

    /// Tells the REST-ERROR-001 [`State::problem_status_held`] back, unless a REST-ERROR-001
    /// about the same exchange came after it (that one names the situation: one finding per
    /// answer). With `x` `None`, tells whatever is held (a new answer is being judged).
    pub(super) fn flush_problem_status(&mut self, x: Option<&Exch>) {
        let Some((id, at, f)) = self.problem_status_held.take() else {
            return;
        };
        if x.is_some_and(|x| *x.id != *id) {
            self.problem_status_held = Some((id, at, f));
            return;
        }
        let told = self.out.get(at..).is_some_and(|later| {
            later.iter().any(|g| {
                g.rule == r::REST_ERROR_SHAPE.id
                    && g.evidence
                        .iter()
                        .any(|e| e.exchange.as_deref() == Some(id.as_str()))
            })
        });
        if !told {
            self.emit(f);
        }
    }

    /// REST-ERROR-001 (ERR-003, REST-003; a2a-python PR #297's review, mine55b f1204): an
    /// HTTP+JSON error answer (HTTP `status` >= 400, body `v` at event `bseq`) whose body is
    /// JSON but no object: a string (most often the error object serialized a second time,
    /// `"{\"message\": ...}"`), an array, a number, a boolean or null. It is no error shape of
    /// either generation (1.0 google.rpc.Status under `error`, 0.3's error object), so a
    /// client finds no code and no message in it. Not an authentication front's or payment
    /// gate's status (their bodies are their own), nor a bare "Not Found" string.
    fn rest_error_not_object(&mut self, x: &Exch, status: u16, v: &Json, bseq: u64) {
        // (nor a client-leg answer to a call whose route the gateway rewrote, GW-REQ-002:
        // the agent answered another request, as in rest_error_not_json)
        if matches!(status, 401 | 402 | 403 | 407) || (x.leg.is_none() && self.gw_rerouted(&x.id)) {
            return;
        }
        // a fallback route's bare "Not Found" where the interface never answered: the
        // router's page, CARD-URL-002's (as `{"detail":"Not Found"}` in check_rest_error);
        // and 0.3's `/v1` route below a 1.x interface (BIND-USE-002): the client's route
        let router_page = v.as_str().is_some_and(|t| {
            t.trim().eq_ignore_ascii_case("not found")
                || t.trim().eq_ignore_ascii_case("method not allowed")
        }) && !self.rest_route_of_answered_interface(x);
        if router_page || self.client_v1_prefix_route(x) {
            return;
        }
        let kind = match v {
            Json::String(_) => "a JSON string",
            Json::Array(_) => "a JSON array",
            Json::Number(_) => "a JSON number",
            Json::Bool(_) => "a JSON boolean",
            Json::Null => "JSON null",
            Json::Object(_) => return,
        };
        let twice = v
            .as_str()
            .map(str::trim_start)
            .is_some_and(|t| t.starts_with('{') || t.starts_with('['));
        let twice = if twice {
            " (the error object written into a string and serialized again)"
        } else {
            ""
        };
        self.areas.insert("rest");
        self.find(
            &r::REST_ERROR_SHAPE,
            format!(
                "the agent answered the HTTP+JSON call {} with HTTP {status} and a body that is {kind}, not an error object{twice}: a client finds no error code and no message in it",
                call_at(x)
            ),
            vec![x.ev_at(bseq, "", Some(excerpt_value(v)))],
            &x.leg,
        );
    }

    pub(super) fn check_rest_error(&mut self, x: &Exch, status: u16, v: &Json, bseq: u64) -> bool {
        if self.route_missing_exchange.as_deref() == Some(&*x.id) {
            return false;
        }
        let c = x.call.clone().unwrap_or_default();
        let Some(o) = v.as_object() else {
            self.rest_error_not_object(x, status, v, bseq);
            return false;
        };
        let aip = o.get("error").and_then(Json::as_object);
        if aip.is_some_and(|e| error_info_reason(e.get("details")) == Some("VERSION_NOT_SUPPORTED"))
        {
            self.version_refused_though_offered(x, x.ev_at(bseq, "/error/details", None));
            // VER-CARD-002 (session16 leftover V3): the client's side, as on JSON-RPC.
            self.rest_client_version_not_offered(x, &c, x.ev_at(bseq, "/error/details", None));
            self.client_version_unknown(x, &c, x.ev_at(bseq, "/error/details", None));
        }
        // A web framework's default page for a route the agent does not serve
        // (`{"detail":"Not Found"}`, codex-a2a #339): no A2A error at all, so ERR-003 does not
        // apply; an unreachable advertised URL is CARD-URL-002's finding.
        let framework_no_route = matches!(status, 404 | 405)
            && aip.is_none()
            && !o.get("code").is_some_and(Json::is_i64)
            && o.values().any(|m| {
                m.as_str().is_some_and(|t| {
                    t.eq_ignore_ascii_case("not found")
                        || t.eq_ignore_ascii_case("method not allowed")
                })
            });
        if framework_no_route && !self.rest_route_of_answered_interface(x) {
            return false;
        }
        // A 1.x interface's 404 page to 0.3's `/v1` route a client asked for below it: the
        // client's route (BIND-USE-002), no A2A error owed (mine55b b55b-A2).
        if matches!(status, 404 | 405) && aip.is_none() && self.client_v1_prefix_route(x) {
            return false;
        }
        // An authentication front's refusal (401 / 403 / 407 whose body is no A2A error:
        // `{"error":"unauthorized","message":...}` from an auth middleware before the A2A
        // handler, opencode-a2a #4): the HTTP status and its WWW-Authenticate challenge are
        // the answer (AUTH-003), the body is the front's own, so ERR-003 / REST-003 do not
        // apply; an A2A error object on such a status is still judged. The same for a
        // payment gate's 402 with its x402 challenge (`{"x402Version":2,"error":"Payment
        // required","accepts":[...]}`, A2A #1815, mine31a f698).
        if matches!(status, 401 | 402 | 403 | 407)
            && aip.is_none()
            && !o.get("code").is_some_and(Json::is_i64)
        {
            return false;
        }
        // AUTH-CHALLENGE-002/-003: a credentials refusal sent as a 400 / 500 error body.
        if !matches!(status, 401 | 403 | 407) {
            let msg = aip
                .and_then(|e| e.get("message"))
                .or_else(|| o.get("message"))
                .or_else(|| o.get("detail"))
                .or_else(|| o.get("error"))
                .and_then(Json::as_str);
            if let Some(m) = msg {
                let answer = format!("HTTP {status}");
                let at = x.ev_at(bseq, "", Some(Value::from(status)));
                self.auth_refused_as_other_error(x, &c, m, &answer, at);
            }
        }
        // review29a (breaker29 C08's JSON twin): a framework's JSON 415 page
        // (`{"detail":"Unsupported Media Type"}`) to a body the client sent under a media
        // type that is not JSON (HTTP-MEDIA-003 names the client) is refused before any A2A
        // operation runs: no A2A error exists for it, so its body is not judged; an A2A error
        // object, or a 415 that is ContentTypeNotSupportedError, still is.
        let client_media_not_json = x
            .req_media()
            .is_some_and(|mt| !mt.is_empty() && !is_json_media_type(&mt));
        if status == 415
            && client_media_not_json
            && aip.is_none()
            && !o.get("code").is_some_and(Json::is_i64)
            && !refusal_names_part_type(x, &c)
        {
            return false;
        }
        // "Not served here" (404/405/501) on an HTTP+JSON route no card offers (a
        // JSON-RPC-only 1.0 agent answering a registry's probe of the 0.3 route
        // /v1/message:send with 501 and Link headers: a2a-registry #166, mine24a f348; the
        // same probe of an agent whose HTTP+JSON interface is elsewhere, review24a R5): the
        // card owes that route nothing (CARD-005), so the body is the server's page, not
        // an A2A error (ERR-003 does not apply).
        if matches!(status, 404 | 405 | 501)
            && aip.is_none()
            && !o.get("code").is_some_and(Json::is_i64)
            && self.rest_route_not_offered(x)
        {
            return false;
        }
        // A 1.0 call (A2A-Version 1.0) refused by an agent whose card declares only 0.x
        // (agno #10387, mine43 f960: a 0.3-only agent's validation 400 to a 1.0 SendMessage):
        // the agent does not serve 1.0, so its refusal is its own generation's (or its
        // framework's) body, and ERR-003's google.rpc.Status binds agents that serve 1.0:
        // the finding is the client's VER-CARD-002. An AIP-193 body is still judged.
        if c.dialect == Some(Dialect::V1_0)
            && (400..500).contains(&status)
            && aip.is_none()
            && !c.webhook
            && self.card_declares_no_v1(x)
        {
            let refusal = x.ev_at(bseq, "", Some(Value::from(status)));
            self.rest_client_version_not_offered(x, &c, refusal);
            return false;
        }
        match c.dialect {
            // 1.0 §6.4/§6.5 still show RFC 9457 problem details while §11.6 asks for
            // google.rpc.Status (DIGEST trap 10, A2A PR #1600): the legal reading wins.
            Some(Dialect::V1_0)
                if aip.is_none()
                    && x.resp_media().as_deref() == Some("application/problem+json")
                    && (o.contains_key("type") || o.contains_key("title"))
                    && o.get("status")
                        .and_then(Json::as_u64)
                        .is_none_or(|s| s == u64::from(status)) =>
            {
                self.rest_error_problem_json(x, status, v, bseq);
            }
            Some(Dialect::V1_0) => {
                let mut problems: Vec<(String, String)> = Vec::new();
                match aip {
                    None if o.contains_key("jsonrpc") => problems.push((
                        "/jsonrpc".into(),
                        "a JSON-RPC error envelope on an HTTP+JSON route (expected {\"error\":{code,status,message,details}})".into(),
                    )),
                    None => {
                        // left55 (xagent #1171): a framework's body refusing a call on a
                        // task seen finished is told with the error the situation wants.
                        if let Some(told) = self.terminal_refusal_without_a2a_error(x, &c, status) {
                            self.terminal_refusal_told(x, status, told, Some(v), bseq);
                            return true;
                        }
                        problems.push((
                            "/error".into(),
                            "error body is not {\"error\":{code,status,message,details}}".into(),
                        ))
                    }
                    Some(_) if o.contains_key("jsonrpc") => problems.push((
                        "/jsonrpc".into(),
                        "a JSON-RPC error envelope on an HTTP+JSON route (expected {\"error\":{code,status,message,details}} without jsonrpc and id)".into(),
                    )),
                    Some(e) => {
                        // The agent's own words say the task was not found under another
                        // HTTP status than 404: [`Self::rest_missing_task_status`] told the
                        // status as the wrong part, so a body that says 404 NOT_FOUND is
                        // not a second finding on the same answer (breaker43
                        // `rest-status-mismatch`: "error.code 404 differs from the HTTP
                        // status 500" beside it).
                        let status_told = status != 404
                            && !x.synthetic
                            && !c.webhook
                            && rest_route_task_said_missing(&c, e);
                        match e.get("code").and_then(Json::as_i64) {
                            Some(code) if code == i64::from(status) => {}
                            Some(404) if status_told => {}
                            Some(code) => problems.push((
                                "/error/code".into(),
                                format!("error.code {code} differs from the HTTP status {status}"),
                            )),
                            None => problems
                                .push(("/error/code".into(), "error.code is missing".into())),
                        }
                        match e.get("status").and_then(Json::as_str) {
                            None => problems
                                .push(("/error/status".into(), "error.status is missing".into())),
                            Some("NOT_FOUND") if status_told => {}
                            Some(name) => {
                                let reason = error_info_reason(e.get("details"));
                                if let Some(msg) = rpc_status_problem(name, status, reason) {
                                    problems.push(("/error/status".into(), msg));
                                }
                            }
                        }
                        if !e.get("message").is_some_and(Json::is_string) {
                            problems
                                .push(("/error/message".into(), "error.message is missing".into()));
                        }
                        if let Some(Json::Array(d)) = e.get("details") {
                            for (i, item) in d.iter().enumerate() {
                                if !item.get("@type").is_some_and(Json::is_string) {
                                    problems.push((
                                        format!("/error/details/{i}"),
                                        "error detail has no @type".into(),
                                    ));
                                }
                            }
                        }
                    }
                }
                // ERR-002: the ErrorInfo reason fixes the HTTP status (1.0.1, or 1.0.0's).
                if problems.is_empty() {
                    if let Some(reason) = error_info_reason(aip.and_then(|e| e.get("details"))) {
                        if let Some((_, statuses)) = reason_expectation(reason) {
                            // 1.0.0's status: legal for a 1.0 peer, worth a note (REST-ERROR-002).
                            if statuses.len() > 1 && statuses[1] == status {
                                self.find(
                                    &r::REST_ERROR_PRE_101,
                                    format!(
                                        "agent answered the 1.0 HTTP+JSON call {} {} with ErrorInfo reason {reason} and HTTP {status}, 1.0.0's status for it; 1.0.1 (ERR-002) answers {reason} with HTTP {}: clients on 1.0.1 SDKs map the status, so answer {} with the same body",
                                        x.method, x.path, statuses[0], statuses[0]
                                    ),
                                    vec![x.ev(x.resp_seq), x.ev_at(bseq, "/error/details", None)],
                                    &x.leg,
                                );
                            }
                            // breaker26 E04: "task nope not found" with reason
                            // TASK_NOT_FOUND under HTTP 400 is one fault, the status; the
                            // agent's own words tell it ([`Self::rest_missing_task_status`]).
                            let told = status != 404
                                && reason == "TASK_NOT_FOUND"
                                && aip.is_some_and(|e| rest_route_task_said_missing(&c, e));
                            if !statuses.contains(&status) && !told {
                                let expected = statuses
                                    .iter()
                                    .map(u16::to_string)
                                    .collect::<Vec<_>>()
                                    .join(" or ");
                                let status_reasons = reasons_for_status(status);
                                let message = match self.error_blame(x, &c, reason, &status_reasons) {
                                    // D10 (breaker9d): a correct status is not to be changed.
                                    ErrorBlame::Reason(why, right, why_o) => format!(
                                        "ErrorInfo reason {reason} {}, so the reason is the wrong part{}",
                                        reason_blame_clause(&why, &why_o, &format!("HTTP status {status}")),
                                        if right.is_empty() { String::new() } else { format!(": it should be {right}") }
                                    ),
                                    ErrorBlame::Other(why) => format!(
                                        "HTTP status {status} does not match the error reason {reason} (expected {expected}){}",
                                        if why.is_empty() { String::new() } else { format!(": {why}") }
                                    ),
                                    ErrorBlame::Neutral => format!(
                                        "HTTP status {status} and ErrorInfo reason {reason} disagree: {reason} goes with HTTP {expected}{}, and this call does not tell which of the two is wrong",
                                        if status_reasons.is_empty() { String::new() } else { format!(", HTTP {status} with {}", status_reasons.join(" or ")) }
                                    ),
                                };
                                self.find(
                                    &r::REST_ERROR_SHAPE,
                                    format!("the agent's answer to {}: {message}", call_at(x)),
                                    vec![x.ev(x.resp_seq), x.ev_at(bseq, "/error/details", None)],
                                    &x.leg,
                                );
                            }
                        }
                    }
                }
                // A 404 to a route the gateway rewrote (GW-REQ-002) is no answer to the
                // client's call: not read as a TaskNotFoundError lacking its ErrorInfo.
                let mut info_problem = false;
                if problems.is_empty() && !(status == 404 && self.gw_rerouted(&x.id)) {
                    if let Some(p) = error_info_problem(aip, status, &c) {
                        problems.push(p);
                        info_problem = true;
                    }
                }
                if let Some((ptr, msg)) = problems.first() {
                    let mut text = format!(
                        "1.0 HTTP+JSON error body of {} is not the AIP-193 shape: {msg}",
                        call_at(x)
                    );
                    // left60: a framework's JSON 501 page (`{"detail":"Not Implemented"}`)
                    // names the error owed as the text page does (left59 item 1)
                    if let Some(owed) = self.rest_501_owed(&c, x, status).filter(|_| aip.is_none())
                    {
                        text = format!("{text}; {owed}");
                    }
                    let mut f = Finding::new(&r::REST_ERROR_SHAPE, text);
                    // left57: the A2A error this answer owes, in HTTP+JSON's spelling,
                    // where the situation or the status tells it (not always TASK_NOT_FOUND)
                    if let Some(owed) = self
                        .owed_a2a_error(x, &c, status == 404)
                        .filter(|_| info_problem)
                    {
                        f.help = format!(
                            "answer this error as {} in the google.rpc.Status body {{\"error\":{{\"code\":<http status>,\"status\":<google.rpc.Code name>,\"message\":...,\"details\":[{}]}}}} (1.0 §11.6, ERR-003): a client maps the error by its ErrorInfo reason",
                            a2a_error_spelled(owed, c.dialect, Some(Binding::Rest)),
                            error_info_json(reason_for_code(owed).unwrap_or_default())
                        );
                    }
                    f.evidence = vec![x.ev_at(
                        bseq,
                        ptr,
                        v.pointer(ptr)
                            .map(Json::to_value)
                            .or_else(|| Some(excerpt_value(v))),
                    )];
                    f.leg = x.leg.clone();
                    self.emit(f);
                }
            }
            Some(_) => {
                if let Some(code) = o.get("code").and_then(Json::as_i64) {
                    self.code_beyond_dialect(x, &c, code, bseq, "/code");
                }
                if let Some(e) = aip {
                    // mine30b (a2a-js #559): a 1.0 agent refusing the 0.3 call itself
                    // with VersionNotSupportedError answers in the version it speaks: the
                    // error is a 1.0 one (1.0 §3.6.2), mapped as 1.0 §11.6 maps it; 0.3
                    // has no such error to be shaped after. VER-CARD-001 / VER-CARD-002
                    // judge the refusal itself.
                    if error_info_reason(e.get("details")) == Some("VERSION_NOT_SUPPORTED") {
                        return false;
                    }
                    if e.contains_key("status") || e.contains_key("details") {
                        self.find(
                            &r::REST_ERROR_SHAPE,
                            format!("0.3 HTTP+JSON route {} answered with the 1.0 AIP-193 error envelope; 0.3 clients expect the A2A error object {{code, message}} (the agent is at fault, not the client)", call_at(x)),
                            vec![x.ev_at(bseq, "/error", Some(e.to_value()))],
                            &x.leg,
                        );
                        return false;
                    }
                }
                if !(o.get("code").is_some_and(Json::is_i64)
                    && o.get("message").is_some_and(Json::is_string))
                    && aip.is_none()
                {
                    if let Some(told) = self.terminal_refusal_without_a2a_error(x, &c, status) {
                        self.terminal_refusal_told(x, status, told, Some(v), bseq);
                        return true;
                    }
                    let owed = self
                        .rest_501_owed(&c, x, status)
                        .map(|o| format!("; {o}"))
                        .unwrap_or_default();
                    self.find(
                        &r::REST_ERROR_SHAPE,
                        format!(
                            "0.3 HTTP+JSON error body of {} has no integer code and message{owed}",
                            call_at(x)
                        ),
                        vec![x.ev_at(bseq, "", Some(excerpt_value(v)))],
                        &x.leg,
                    );
                }
            }
            None => {}
        }
        false
    }
}

/// The A2A errors HTTP+JSON call `c` is refused with when the agent does not carry it out,
/// in the shape of the call's version (left59 item 1): a cancel TaskNotCancelableError
/// (TASK-003) or UnsupportedOperationError, a push config call of an agent whose card
/// declares no push (`push` false) PushNotificationNotSupportedError (PUSH-001, left60), any
/// other operation UnsupportedOperationError; 1.0 as HTTP 400 FAILED_PRECONDITION with the
/// ErrorInfo reason in the google.rpc.Status body (ERR-002, ERR-003), 0.3 as the A2A error
/// object under its HTTP status (REST-003).
fn rest_refusal_owed(c: &Call, push: bool) -> &'static str {
    let v03 = c.dialect.is_some_and(Dialect::is_0x);
    let push_op = c.op.is_some_and(Op::is_push_config) && !push;
    match (c.op == Some(Op::CancelTask), push_op, v03) {
        (true, _, false) => "TaskNotCancelableError (HTTP 400 FAILED_PRECONDITION with ErrorInfo reason TASK_NOT_CANCELABLE) when the task cannot be canceled (TASK-003), or UnsupportedOperationError (HTTP 400 FAILED_PRECONDITION with ErrorInfo reason UNSUPPORTED_OPERATION) when the agent cancels no task, in the google.rpc.Status body (ERR-002, ERR-003)",
        (true, _, true) => "TaskNotCancelableError as the 0.3 A2A error object {\"code\": -32002, \"message\": ...} when the task cannot be canceled (TASK-003), or UnsupportedOperationError ({\"code\": -32004, ...}) when the agent cancels no task, under its HTTP status (ERR-002, REST-003)",
        (false, true, false) => "PushNotificationNotSupportedError (HTTP 400 FAILED_PRECONDITION with ErrorInfo reason PUSH_NOTIFICATION_NOT_SUPPORTED), its card declaring no push notifications (PUSH-001), in the google.rpc.Status body (ERR-002, ERR-003)",
        (false, true, true) => "PushNotificationNotSupportedError as the 0.3 A2A error object {\"code\": -32003, \"message\": ...}, its card declaring no push notifications (PUSH-001), under its HTTP status (ERR-002, REST-003)",
        (false, false, false) => "UnsupportedOperationError (HTTP 400 FAILED_PRECONDITION with ErrorInfo reason UNSUPPORTED_OPERATION) in the google.rpc.Status body (ERR-002, ERR-003)",
        (false, false, true) => "UnsupportedOperationError as the 0.3 A2A error object {\"code\": -32004, \"message\": ...} under its HTTP status (ERR-002, REST-003)",
    }
}

/// What a 400 answer `json` to the prober's marked malformed HTTP+JSON request names when it
/// is another A2A error than the malformed request's (session 46; ERR-002, ERR-006): 1.0
/// an ErrorInfo `reason` of the ERR-002 table (TASK_NOT_FOUND, UNSUPPORTED_OPERATION, ...)
/// or an `error.status` other than INVALID_ARGUMENT (1.0 §3.3.2: the malformed request is
/// 400 INVALID_ARGUMENT); 0.3 an A2A error code (-32001 to -32009) where JSONParseError
/// -32700 or InvalidParamsError -32602 is due (0.3 §3.2.3: the A2A error's status and
/// object). `None` for the right error, or a body that names none.
fn wrong_a2a_error_on_400(json: Option<&Json>, v10: bool) -> Option<String> {
    let v = json?;
    if v10 {
        let e = v.get("error")?;
        let status = e.get("status").and_then(Json::as_str);
        let reason =
            error_info_reason(e.get("details")).filter(|r| reason_expectation(r).is_some());
        return match (status, reason) {
            (st, Some(r)) => Some(format!("{} naming {r}", st.unwrap_or("(no status)"))),
            (Some(st), None) if st != "INVALID_ARGUMENT" => Some(st.to_string()),
            _ => None,
        };
    }
    let code = v
        .get("code")
        .or_else(|| v.get("error").and_then(|e| e.get("code")))
        .and_then(Json::as_i64)?;
    (-32009..=-32001)
        .contains(&code)
        .then(|| format!("with A2A error code {code}"))
}

/// The statuses no answer to the prober's marked malformed HTTP+JSON request is judged by
/// (REST-ERROR-001's marked parse error and malformed send): a refusal before the body is
/// read (401, 403), a timeout or rate limit (408, 429), a gateway's answer (502, 503, 504).
fn marked_answer_unjudged(status: u16) -> bool {
    matches!(status, 401 | 403 | 408 | 429 | 502 | 503 | 504)
}

/// The A2A error an RFC 9457 problem details body `v` names (its reason, e.g.
/// `UNSUPPORTED_OPERATION`) and the member that names it: its `type` URI's last segment
/// (`.../unsupported-operation`), or else a `title` naming it (`VersionNotSupported`,
/// `Content type not supported`); `None` when neither does ([`State::rest_error_problem_json`]).
pub(super) fn problem_reason(v: &Json) -> Option<(String, &'static str)> {
    problem_reason_of(
        v.get("type").and_then(Json::as_str).unwrap_or(""),
        v.get("title").and_then(Json::as_str),
    )
}

/// [`problem_reason`] of a problem details object's `type` (`ty`, "" when absent) and
/// `title`: the A2A ErrorInfo reason either names, and which member named it.
pub(super) fn problem_reason_of(ty: &str, title: Option<&str>) -> Option<(String, &'static str)> {
    let type_reason = ty
        .trim_end_matches('/')
        .rsplit('/')
        .next()
        .map(|t| t.replace('-', "_").to_ascii_uppercase())
        .filter(|r| reason_expectation(r).is_some());
    if let Some(r) = type_reason {
        return Some((r, "type"));
    }
    title
        .and_then(reason_named_by_title)
        .map(|r| (r.to_string(), "title"))
}

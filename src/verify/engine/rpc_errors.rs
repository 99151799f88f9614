//! JSON-RPC errors: whether the code and message fit the call that got them (RPC-ERR-*, ERR-*).

use super::*;

impl State {
    /// DATA-SHAPE-005 (RPC-001, DATA-005): the client's request body, recorded whole, to a
    /// JSON-RPC endpoint (a body that looked like JSON-RPC or was sent as application/json)
    /// or to an HTTP+JSON route that takes a body, is not JSON: the client is at fault
    /// whatever the agent answered (its -32700 / HTTP 400 is judged on its own). A body
    /// cut by the recording, the proxy or a client that went away is not judged.
    pub(super) fn request_body_not_json(&mut self, x: &Exch, c: &Call) {
        let who = self.sender(x).noun();
        if c.webhook
            || x.truncated
            || x.req_body_missing()
            || x.probe_negative()
            || x.status.is_none()
            || x.synthetic
            || x.grpc.is_some()
        {
            return;
        }
        let rpc = c.binding == Some(Binding::JsonRpc) && c.rpc == Some(RequestParse::NotJson);
        let rest = c.op.is_some() && x.rest_body_not_json(c);
        if !rpc && !rest {
            return;
        }
        let Some(body) = x.req_decoded() else {
            return;
        };
        let why = if trim_ascii(&body).is_empty() {
            "it is empty".to_string()
        } else {
            match (json_text_fault(&body), Json::parse(&body)) {
                (Some(hint), _) => hint.trim_start_matches(": ").to_string(),
                (None, Err(e)) if single_quoted_object(trim_ascii(&body)) => format!(
                    "it is written with single-quoted strings, as a Python dict's repr (str(payload)) or a JavaScript object literal prints it, but JSON strings and member names are double-quoted (RFC 8259 §7; the parser: {e}); serialize the request with a JSON library: Python json.dumps(payload), JavaScript JSON.stringify(payload)"
                ),
                (None, Err(e)) => format!("{e}"),
                (None, Ok(_)) => return,
            }
        };
        let (what, answer) = if rpc {
            ("JSON-RPC request", "-32700 Parse error (id null)")
        } else {
            ("HTTP+JSON request", "HTTP 400 (JSONParseError)")
        };
        let status = x.status.unwrap_or(0);
        self.find(
            &r::REQUEST_BODY_NOT_JSON,
            format!(
                "{who}'s {what} body to {} {} is not JSON ({why}): the agent can read no call from it and can only answer {answer}; it answered HTTP {status}",
                x.method, x.path
            ),
            vec![x.ev_at(
                x.req_ev_seq(),
                "",
                Some(excerpt(&String::from_utf8_lossy(&body))),
            )],
            &x.leg,
        );
    }

    /// RPC-ID-002 (RPC-002, ERR-007; breaker25 EL9, CopilotKit PR #6920): an HTTP-level
    /// refusal ([`front_refusal_status`]) whose body `v` is a JSON-RPC error object
    /// (`"jsonrpc": "2.0"`, an `error` with an integer code) with an id that does not echo
    /// the call's id, though that id was readable: JSON-RPC 2.0 §5 allows null only when
    /// the id could not be read (the request no JSON, no valid request object, or an id
    /// the A2A schemas do not allow). A warning: the HTTP status still tells the client
    /// what happened; whoever wrote the body (the agent or a front) is named.
    pub(super) fn refusal_id_not_echoed(
        &mut self,
        x: &Exch,
        c: &Call,
        status: u16,
        v: &Json,
        bseq: u64,
    ) {
        let Some(RequestParse::Request { id: Some(rid), .. }) = &c.rpc else {
            return;
        };
        let unread = unread_request_status(status);
        if !(front_refusal_status(status) || unread.is_some())
            || x.synthetic
            || c.rpc_id_ambiguous
            || c.batch.is_some()
            || rid.is_null()
            || !a2a_request_id_ok(c)
            || c.params_not_object().is_some()
            || v.get("jsonrpc").and_then(Json::as_str) != Some("2.0")
            || !v
                .get("error")
                .and_then(|e| e.get("code"))
                .is_some_and(Json::is_i64)
        {
            return;
        }
        let got = v.get("id");
        if jsonrpc::same_id_key(Some(rid), got) || unread.is_some() && got.is_none_or(Json::is_null)
        {
            return;
        }
        // The same digits or letters in another JSON type (1 and "1", null and "null") read
        // alike in a log line: the type is said (review26 R6).
        let rv = rid.to_value();
        let retyped = match (&rv, got.map(Json::to_value)) {
            (Value::Number(n), Some(Value::String(t))) if n.to_string() == t => {
                ", a string where the call's id is a number"
            }
            (Value::String(t), Some(Value::Number(n))) if n.to_string() == *t => {
                ", a number where the call's id is a string"
            }
            (_, Some(Value::String(t))) if t == "null" => ", the string \"null\", not JSON null",
            _ => "",
        };
        let shown = match got {
            None => "no id".to_string(),
            Some(Json::Null) => "id null".to_string(),
            Some(i) => format!("id {i}{retyped}"),
        };
        let who = if self.gw_answered_alone(x) {
            "the gateway, answering alone (no request of this call reached the agent),"
        } else if unread.is_some() {
            "the agent or a front before it (body-size limit, proxy, gateway)"
        } else if status == 402 {
            "the agent or a payment gate before it (an x402 paywall)"
        } else {
            "the agent or a front before it (auth layer, rate limiter, gateway)"
        };
        // A refuser that did not read the request (413, ...) could not know the id: null is
        // its right answer (JSON-RPC 2.0 §5), another value names another call.
        let why = match unread {
            Some(said) => format!(
                "HTTP {said}, so the refuser could not read the call's id and JSON-RPC 2.0 §5 asks for id null; {shown} names another call"
            ),
            None => "JSON-RPC 2.0 §5 allows null only when the request's id could not be read, and this one could".to_string(),
        };
        let fix = if unread.is_some() {
            "answer id null (or the call's id, when it was read)"
        } else {
            "echo the call's id in the error"
        };
        self.areas.insert("jsonrpc");
        self.find(
            &r::RPC_REFUSAL_ID_NOT_ECHOED,
            format!(
                "{who} refused the JSON-RPC call {} (id {rid}) at {} with HTTP {status} and a JSON-RPC error object with {shown}: {why}; a client that reads the body, or pairs answers with calls by id, cannot match this error to its call, though the HTTP status still says what happened; {fix}, or answer the status with a body that is no JSON-RPC response object",
                c.method.as_deref().unwrap_or("call"),
                x.url
            ),
            vec![
                x.ev_at(x.req_ev_seq(), "/id", Some(rid.to_value())),
                x.ev_at(bseq, "/id", got.map(Json::to_value)),
            ],
            &x.leg,
        );
    }

    /// RPC-001, ERR-001 (JSON-RPC 2.0 §5.1): a request body that is not JSON, or JSON that is
    /// no valid request object, is answered with a JSON-RPC error response (-32700 / -32600,
    /// id null). A web framework's own HTTP 400 or 422 page (a2a-rs #272: axum's text/plain
    /// "Failed to parse the request body as JSON") leaves the client no error object. Only
    /// 400 and 422 are judged: they come from the server's own body parsing, where auth
    /// layers, rate limiters and gateways answer 401/403/429/502-504. HTTP 500 is judged
    /// too for a body that is no valid request (a2a-python issue #413: a request whose id
    /// is an object crashed the handler into a bare 500): the server failed on the bad
    /// input instead of answering -32600 / -32700 (a 500 to a valid call is judged in
    /// [`Self::on_jsonrpc_response`]).
    pub(super) fn framework_rejection(&mut self, x: &Exch, status: u16, c: &Call, body: &[u8]) {
        let who = self.sender(x).noun();
        let unreadable = matches!(
            c.rpc,
            Some(RequestParse::NotJson) | Some(RequestParse::Invalid)
        );
        if !(matches!(status, 400 | 422) || status == 500 && unreadable)
            || x.synthetic
            || !(matches!(
                c.rpc,
                Some(RequestParse::NotJson) | Some(RequestParse::Invalid)
            ) || c.op.is_some() && c.params_not_object().is_some())
        {
            return;
        }
        let media = x.resp_media();
        let got = if body.is_empty() {
            "an empty body".to_string()
        } else {
            media
                .unwrap_or_else(|| "no content type".into())
                .into_owned()
        };
        let msg = match (&c.rpc, c.params_not_object()) {
            (Some(RequestParse::Request { method, id, .. }), Some(what)) => format!(
                "the {who}'s {method} call whose params are {what} was answered HTTP {status} with {got} instead of a JSON-RPC error response (-32602 Invalid params or -32600, id {})",
                id.as_ref().map(|i| i.to_string()).unwrap_or_else(|| "null".into())
            ),
            _ => format!(
                "a request body that is not a valid JSON-RPC request was answered HTTP {status} with {got} instead of a JSON-RPC error response (-32700 or -32600, id null)"
            ),
        };
        self.find(
            &r::RPC_ENVELOPE,
            msg,
            vec![
                x.ev(x.req_ev_seq()),
                x.ev_at(
                    x.body_seq(),
                    "",
                    Some(excerpt(&String::from_utf8_lossy(body))),
                ),
            ],
            &x.leg,
        );
    }

    /// The error code a call on a task this recording already saw in a terminal state must
    /// get, when the agent answered another generic one: cancel -> -32002
    /// TaskNotCancelableError (TASK-003; a canceled task may be canceled again), a message
    /// or a 1.0 subscribe -> -32004 UnsupportedOperationError (TASK-002, TASK-004; 1.0 only:
    /// 0.x leaves the code open). TaskNotFoundError (a purged task, ID-TASK-001's to judge),
    /// InvalidParams, VersionNotSupported and MethodNotFound are left to their own rules.
    pub(super) fn terminal_task_expectation(
        &self,
        x: &Exch,
        c: &Call,
        code: i64,
    ) -> Option<(i64, String)> {
        if matches!(
            code,
            jsonrpc::TASK_NOT_FOUND | jsonrpc::VERSION_NOT_SUPPORTED | jsonrpc::METHOD_NOT_FOUND
        ) {
            return None;
        }
        // InvalidParams is judged only for a 1.0 request this recording found well-formed
        // (no client finding, every required member present): then -32602 does not mean
        // "your params are invalid" but "the task is finished", which 1.0 names
        // UnsupportedOperationError (TASK-002; breaker16a S1, a2a-sdk "Task … is in
        // terminal state" as -32602). 0.x leaves the code open ("an error").
        if code == jsonrpc::INVALID_PARAMS
            && (c.dialect != Some(Dialect::V1_0)
                || missing_param(c).is_some()
                || c.params_not_object().is_some()
                || self.request_faulted(x))
        {
            return None;
        }
        let op = c.op?;
        let tid = match op {
            Op::CancelTask | Op::SubscribeToTask => c.task_id()?.to_string(),
            Op::SendMessage | Op::SendStreamingMessage => {
                str_member(params_message(c.params.json())?, "taskId", "task_id")?.to_string()
            }
            _ => return None,
        };
        let (ts, tseq, _) = self.task_of(x, &tid)?.terminal.clone()?;
        if tseq >= x.req_seq {
            return None;
        }
        let (want, doing) = match op {
            Op::CancelTask if ts != TaskState::Canceled => {
                (jsonrpc::TASK_NOT_CANCELABLE, "a cancel of")
            }
            Op::SendMessage | Op::SendStreamingMessage if c.dialect == Some(Dialect::V1_0) => {
                (jsonrpc::UNSUPPORTED_OPERATION, "a message to")
            }
            Op::SubscribeToTask if c.dialect == Some(Dialect::V1_0) => {
                (jsonrpc::UNSUPPORTED_OPERATION, "a subscribe to")
            }
            _ => return None,
        };
        Some((
            want,
            format!(
                "the request is {doing} task {tid}, which this recording saw in {}",
                x.state_term(ts)
            ),
        ))
    }

    /// left55 (xagent #1171, f1128's kind): call `c` of exchange `x` names a task this
    /// recording saw in a terminal state and was refused with an answer that carries no A2A
    /// error at all (a web framework's `{"detail": "..."}` 400, a plain-text or HTML page,
    /// any body that is neither a JSON-RPC error nor the binding's error shape). Refusing is
    /// right; the finding that judges the answer's shape (RPC-ENVELOPE-001,
    /// REST-ERROR-001) says so and names the error the situation calls for, from
    /// [`Self::terminal_task_expectation`]: a message or a 1.0 subscribe ->
    /// UnsupportedOperationError (TASK-002, TASK-004), a cancel -> TaskNotCancelableError
    /// (TASK-003), in the binding's form (ERR-002; HTTP+JSON 1.0 ERR-003, 0.3 REST-003).
    ///
    /// `status` is the refusal's HTTP status. `None` when the request is not such a call,
    /// the recording found the request itself faulty (the refusal may be for that), or the
    /// status is one no A2A handler sends for it: an authentication, rate-limit or gateway
    /// answer (401, 402, 403, 407, 408, 429, 502-504), or 404 / 405 (a purged task or a
    /// missing route, judged by their own rules). Else the clause to put before the
    /// message's own words, starting lowercase: "the request is a message to task t1,
    /// which this recording saw in TASK_STATE_COMPLETED: refusing it is right, but ...".
    pub(super) fn terminal_refusal_without_a2a_error(
        &self,
        x: &Exch,
        c: &Call,
        status: u16,
    ) -> Option<String> {
        if x.synthetic
            || c.webhook
            || matches!(
                status,
                401 | 402 | 403 | 404 | 405 | 407 | 408 | 429 | 502 | 503 | 504
            )
            || status < 400
            || self.request_faulted(x)
        {
            return None;
        }
        // Code 0 is no error of ERR-001 / ERR-002: the expectation is the situation's alone.
        let (want, why) = self.terminal_task_expectation(x, c, 0)?;
        let (req, name, reason) = if want == jsonrpc::TASK_NOT_CANCELABLE {
            ("TASK-003", "TaskNotCancelableError", "TASK_NOT_CANCELABLE")
        } else if c.op == Some(Op::SubscribeToTask) {
            (
                "TASK-004",
                "UnsupportedOperationError",
                "UNSUPPORTED_OPERATION",
            )
        } else {
            (
                "TASK-002",
                "UnsupportedOperationError",
                "UNSUPPORTED_OPERATION",
            )
        };
        let form = match (c.binding, c.dialect) {
            (Some(Binding::Rest), Some(Dialect::V1_0)) => format!(
                "HTTP 400 with the google.rpc.Status body {{\"error\":{{\"code\":400,\"status\":\"FAILED_PRECONDITION\",\"message\":...,\"details\":[ErrorInfo reason {reason}, domain a2a-protocol.org]}}}} ({name}; {req}, ERR-002, ERR-003)"
            ),
            (Some(Binding::Rest), _) => format!(
                "the A2A error object {{\"code\":{want},\"message\":...}} ({name}) under its HTTP status ({req}, ERR-002, REST-003)"
            ),
            (Some(Binding::Grpc), _) => format!(
                "gRPC FAILED_PRECONDITION with ErrorInfo reason {reason} ({name}; {req}, ERR-002, ERR-005)"
            ),
            _ => format!(
                "a JSON-RPC response with the request's id and error code {want} {name} ({req}, ERR-002, RPC-002)"
            ),
        };
        Some(format!(
            "{why}: refusing it is right, but the refusal carries no A2A error, so the client cannot tell a finished task (start a new task in its context) from a malformed request or a broken endpoint; answer {form}"
        ))
    }

    /// How well ErrorInfo `reason` (ERR-002) fits call `c` of exchange `x`, judged from the
    /// operation and what this recording knows of the task it names: `(0, why)` when the
    /// reason cannot be right here (TASK_NOT_CANCELABLE on anything but a cancel, TASK-003;
    /// TASK_NOT_FOUND on a call that names no task, TASK-009; ...), `(2, why)` when the
    /// recording shows it is right (a cancel of a task seen completed, failed or rejected:
    /// TaskNotCancelableError), `(1, "")` when the call does not tell.
    pub(super) fn reason_fit(&self, x: &Exch, c: &Call, reason: &str) -> (u8, String) {
        let Some(op) = c.op else {
            return (1, String::new());
        };
        let name = c.op_term(op.name());
        let names_task = matches!(
            op,
            Op::GetTask | Op::CancelTask | Op::SubscribeToTask | Op::SendMessage
        ) || op.is_push_config()
            || op == Op::SendStreamingMessage;
        match reason {
            "TASK_NOT_CANCELABLE" if op != Op::CancelTask => (
                0,
                format!(
                    "{name} is no cancel, and only a cancel finds a task not cancelable (TASK-003)"
                ),
            ),
            "TASK_NOT_CANCELABLE" => {
                let seen = c.task_id().and_then(|tid| {
                    let (ts, tseq, _) =
                        self.task_of(x, tid)?.terminal.clone()?;
                    // 1.0 §3.1.5 names an already canceled task too: a repeated cancel
                    // may be answered TaskNotCancelableError (breaker12 L3).
                    (tseq < x.req_seq)
                        .then(|| format!("task {tid} was {} earlier in this recording, so it cannot be canceled (TASK-003)", c.state_term(ts)))
                });
                seen.map_or((1, String::new()), |why| (2, why))
            }
            "TASK_NOT_FOUND" if !names_task => (
                0,
                format!("{name} names no task, so no task can be missing (TASK-009)"),
            ),
            "EXTENDED_AGENT_CARD_NOT_CONFIGURED" if op != Op::GetExtendedCard => (
                0,
                format!("{name} does not ask for the extended card (AUTH-005)"),
            ),
            "PUSH_NOTIFICATION_NOT_SUPPORTED"
                if !(op.is_push_config()
                    || matches!(op, Op::SendMessage | Op::SendStreamingMessage)) =>
            {
                (
                    0,
                    format!("{name} does not use push notifications (PUSH-001)"),
                )
            }
            // VER-002 (breaker17a U7, a2a-java #730): a version A2A does not have is
            // refused with VersionNotSupportedError, so the reason is right and a status
            // outside ERR-002's (400; 1.0.0: 501) is the wrong part.
            "VERSION_NOT_SUPPORTED" => match self.unsupported_version_asked(x, c) {
                Some(hv) => (
                    2,
                    format!(
                        "the call asked for A2A-Version {hv}, which A2A does not have, so VersionNotSupportedError is the right error (VER-002) and the HTTP status is the wrong part"
                    ),
                ),
                None => (1, String::new()),
            },
            _ => (1, String::new()),
        }
    }

    /// Which part of an A2A error whose ErrorInfo `reason` disagrees with its HTTP status or
    /// JSON-RPC code (ERR-002) is wrong, from the situation ([`Self::reason_fit`]):
    /// `other_reasons` are the reasons the status or code stands for (none for a status or
    /// code outside the A2A table). The side that fits the call better is right; when both
    /// fit as well, the situation does not tell.
    pub(super) fn error_blame(
        &self,
        x: &Exch,
        c: &Call,
        reason: &str,
        other_reasons: &[&'static str],
    ) -> ErrorBlame {
        let (r, why_r) = self.reason_fit(x, c, reason);
        let fits: Vec<(u8, &'static str)> = other_reasons
            .iter()
            .map(|o| (self.reason_fit(x, c, o).0, *o))
            .collect();
        let s = fits.iter().map(|f| f.0).max().unwrap_or(1);
        if r > s {
            ErrorBlame::Other(why_r)
        } else if s > r {
            let right: Vec<&str> = fits.iter().filter(|f| f.0 == s).map(|f| f.1).collect();
            // Why the status or code fits (breaker15a Q24: `TASK_NOT_CANCELABLE` because the
            // task was seen terminal), for the message when the reason merely fits less.
            let why_o = right
                .first()
                .map(|o| self.reason_fit(x, c, o).1)
                .unwrap_or_default();
            ErrorBlame::Reason(why_r, right.join(" or "), why_o)
        } else {
            ErrorBlame::Neutral
        }
    }

    /// VER-002, VER-003, ERR-002 (breaker9d D9): a 0.x request (a 0.x method or route, and
    /// no A2A-Version or a 0.x one: VER-003 makes a missing header 0.3) answered with
    /// `code` -32008 ExtensionSupportRequiredError, a code 0.x does not define (0.3:§8.2
    /// ends at -32007, 0.2 at -32006; EXT-002 is 1.0's): the agent applied 1.0 semantics to
    /// a 0.x client, which reads it as an unknown server error. VER-MIX-001, a warning: the
    /// refusal itself is fair in 0.x (a required extension may be enforced) and the code is
    /// a legal JSON-RPC server-range code (ERR-001). -32009 VersionNotSupportedError is
    /// VER-002's own answer to an unsupported version, and is not judged on a 0.3 request
    /// (a 1.0 agent may refuse a request that VER-003 makes 0.3). A 0.2 request (the
    /// agent's card declares 0.2 here, VER-005: 0.x does not negotiate) has codes up to
    /// -32006 only (DIGEST §4): -32007, -32008 and -32009 are beyond it (breaker12 L8).
    /// `ptr` points at the code in the body at `bseq`.
    pub(super) fn code_beyond_dialect(
        &mut self,
        x: &Exch,
        c: &Call,
        code: i64,
        bseq: u64,
        ptr: &str,
    ) {
        let Some(d) = c.dialect.filter(|d| d.is_0x()) else {
            return;
        };
        let hv = c.header_version.as_deref();
        let beyond = match code {
            jsonrpc::EXTENSION_SUPPORT_REQUIRED => true,
            jsonrpc::EXTENDED_CARD_NOT_CONFIGURED | jsonrpc::VERSION_NOT_SUPPORTED => {
                d == Dialect::V0_2
            }
            _ => false,
        };
        if !beyond
            || hv
                .and_then(Dialect::from_version)
                .is_some_and(|h| !h.is_0x())
            || x.synthetic
        {
            return;
        }
        let why = match hv {
            None if d == Dialect::V0_2 => {
                "it has no A2A-Version, and the agent's card declares protocol version 0.2 (VER-005: 0.x does not negotiate)".to_string()
            }
            None => "it has no A2A-Version, which means 0.3 by VER-003".to_string(),
            Some(v) => format!("it has A2A-Version {v}"),
        };
        let v = d.as_str();
        let last = if d == Dialect::V0_3 { -32007 } else { -32006 };
        let which = if code == jsonrpc::EXTENDED_CARD_NOT_CONFIGURED {
            "a 0.3 and 1.0 code"
        } else {
            "a 1.0 code"
        };
        self.areas.insert("version");
        let mut f = Finding::new(
            &r::VER_MIXED_PAYLOAD,
            format!(
                "agent answered the {v} request {} with {code} {}, {which} that {v} does not have ({v} A2A codes end at {last}; {why}): a {v} client reads it as an unknown server error",
                c.op_term("call"),
                jsonrpc::code_name(code).unwrap_or_default(),
            ),
        );
        f.spec = vec!["VER-002".into(), "VER-003".into(), "ERR-002".into()];
        let serves_0x = self
            .card_for(x)
            .is_some_and(|card| card.view.declared_dialects().iter().any(|d| d.is_0x()));
        f.help = if code != jsonrpc::EXTENSION_SUPPORT_REQUIRED {
            format!("answer a {v} request with the codes {v} defines (-32001 to {last}, ERR-002): the card declares {v}, so serve the request, or refuse it with an error {v} has (-32004 UnsupportedOperationError, a JSON-RPC -32600 or -32603) and say why in the message; {code} is for newer protocol versions")
        } else if serves_0x {
            format!("answer a {v} request with {v} semantics (VER-002): refuse a request that lacks a required extension with an error {v} defines, naming the extension in the message, or process it; -32008 and its ErrorInfo are for 1.0 requests (A2A-Version: 1.0)")
        } else {
            format!("the card declares no {v} interface: refuse a {v} request with -32009 VersionNotSupportedError (VER-002: an unsupported version gets that error) rather than judging it by 1.0's extension rules")
        };
        f.evidence = vec![
            x.ev(x.req_ev_seq()),
            x.ev_at(bseq, ptr, Some(Value::from(code))),
        ];
        f.leg = x.leg.clone();
        self.emit(f);
    }

    /// CAP-PUSH-002 / CAP-STREAM-002 (PUSH-001, STREAM-001, CARD-005; breaker12 L9): the
    /// agent refused a capability its card declares: PushNotificationNotSupportedError
    /// (`code` -32003, or a REST / gRPC answer mapped to it) under
    /// `capabilities.pushNotifications: true`, or UnsupportedOperationError (-32004) for
    /// SendStreamingMessage under `capabilities.streaming: true`. Either the card
    /// over-declares or the agent refuses what it declares; a warning naming both. `wire`
    /// is the answer in the wire's terms, `at` its evidence.
    ///
    /// `said` is the agent's error message. A -32004 to a stream whose message says the
    /// executor published an update before the Task (@a2a-js/sdk: "Received statusUpdate
    /// before initial 'Message'/'Task' event.") is the executor's event order (STREAM-003),
    /// reported as such; after the agent streamed once ([`Engine::streamed_ok`]) a -32004
    /// is no capability lie (breaker17b V3).
    pub(super) fn capability_refused(
        &mut self,
        x: &Exch,
        c: &Call,
        code: i64,
        wire: &str,
        said: Option<&str>,
        at: Evidence,
    ) {
        if x.synthetic || c.webhook {
            return;
        }
        if code == jsonrpc::UNSUPPORTED_OPERATION && c.op == Some(Op::SendStreamingMessage) {
            if let Some(said) = said.filter(|m| {
                let m = m.to_ascii_lowercase();
                m.contains("before initial") && m.contains("task")
            }) {
                let op = c.op_term(Op::SendStreamingMessage.name());
                let cont = params_message(c.params.json())
                    .and_then(a2a::message_task_id)
                    .map(|t| format!(" continuing task {t}"))
                    .unwrap_or_default();
                let v1 = c.dialect == Some(Dialect::V1_0);
                let mut f = Finding::new(
                    if v1 {
                        &r::STREAM_FIRST_NOT_TASK
                    } else {
                        &r::STREAM_TASK_AFTER_UPDATE
                    },
                    format!(
                        "agent refused {op}{cont} with {wire} \"{}\": its executor published an update before the Task, and the SDK turned that into UnsupportedOperationError, which tells the client streaming is unsupported; the stream must start with the Task (STREAM-003)",
                        excerpt_str(said, 160)
                    ),
                );
                f.help = "publish the Task first, then status and artifact updates, also when continuing a task (input-required): in @a2a-js/sdk publish the Task object (AgentEvent.task(...)) on the event bus before any statusUpdate or artifactUpdate; the card's capabilities.streaming: true is right".into();
                f.evidence = vec![x.ev(x.req_ev_seq()), at];
                f.leg = x.leg.clone();
                self.areas.insert("stream");
                self.emit(f);
                return;
            }
            if x.origin
                .as_deref()
                .is_some_and(|o| self.streamed_ok.contains(o))
            {
                return;
            }
            // TASK-002 (1.0 §3.1.2 Errors): a message continuing a task known terminal is
            // refused with UnsupportedOperationError, streaming or not: no capability
            // refusal (breaker26; q27a item 5, the plain-error form of a pre-stream refusal).
            let continues_terminal = params_message(c.params.json())
                .and_then(a2a::message_task_id)
                .and_then(|t| self.task_of(x, t))
                .and_then(|t| t.terminal.as_ref())
                .is_some_and(|(_, tseq, _)| *tseq < x.req_seq);
            if continues_terminal {
                return;
            }
        }
        let Some(card) = self.card_for(x).cloned() else {
            return;
        };
        if code == jsonrpc::EXTENDED_CARD_NOT_CONFIGURED {
            self.extended_card_unconfigured(x, c, &card, wire, at);
            return;
        }
        // breaker32 E09, E10: a capability only the authenticated extended card declares
        // is declared for the client that carries its credential (1.0 §3.1.11, §13.3).
        let (rule, flag, ext) = match (code, c.op) {
            (jsonrpc::PUSH_NOT_SUPPORTED, Some(_))
                if card.view.push_notifications == Some(true) =>
            {
                (&r::CAP_PUSH_REFUSED, "pushNotifications", None)
            }
            (jsonrpc::PUSH_NOT_SUPPORTED, Some(_)) => match self.extended_card_granting(x, false) {
                Some(e) => (&r::CAP_PUSH_REFUSED, "pushNotifications", Some(e)),
                None => return,
            },
            (jsonrpc::UNSUPPORTED_OPERATION, Some(Op::SendStreamingMessage))
                if card.view.streaming == Some(true) =>
            {
                (&r::CAP_STREAMING_REFUSED, "streaming", None)
            }
            (jsonrpc::UNSUPPORTED_OPERATION, Some(Op::SendStreamingMessage)) => {
                match self.extended_card_granting(x, true) {
                    Some(e) => (&r::CAP_STREAMING_REFUSED, "streaming", Some(e)),
                    None => return,
                }
            }
            _ => return,
        };
        let (which, cseq, cx, base) = match ext {
            Some((seq, xid, base)) => (
                "the authenticated extended card this client was given (the public card does not)",
                seq,
                xid,
                base,
            ),
            None => ("the agent card", card.seq, card.exchange.clone(), ""),
        };
        let op = c.op_term(c.op.map_or("the call", Op::name));
        self.areas.insert("card");
        self.find(
            rule,
            format!(
                "{which} declares capabilities.{flag}: true, yet the agent answered {op} with {wire}: either the card declares a capability the agent does not have, or the agent refuses one it declares"
            ),
            vec![
                Evidence {
                    seq: cseq,
                    exchange: Some(cx),
                    pointer: Some(format!("{base}/capabilities/{flag}")),
                    found: Some(Value::Bool(true)),
                },
                x.ev(x.req_ev_seq()),
                at,
            ],
            &x.leg,
        );
    }

    /// CAP-CARD-003 (AUTH-005, CARD-005; mine48 f1040, MarimerLLC/rockbot #266): the agent
    /// answered an extended-card call (1.0 GetExtendedAgentCard, 0.3
    /// agent/getAuthenticatedExtendedCard, HTTP+JSON GET /extendedAgentCard, gRPC) with
    /// ExtendedAgentCardNotConfiguredError (-32007; `wire` as sent, at `at`) while the public
    /// card `card` declares an extended card (1.0 `capabilities.extendedAgentCard`, 0.2/0.3
    /// `supportsAuthenticatedExtendedCard`). The error is the one 1.0 §3.1.11 names for that
    /// state, so the answer is right and the finding a note: the card promises what the
    /// deployment lacks. Once per card.
    fn extended_card_unconfigured(
        &mut self,
        x: &Exch,
        c: &Call,
        card: &CardRec,
        wire: &str,
        at: Evidence,
    ) {
        if c.op != Some(Op::GetExtendedCard) || !card.view.extended_card {
            return;
        }
        if !self.extended_unconfigured_cards.insert(card.seq) {
            return;
        }
        let pointer = if card.view.extended_card_flag_0x == Some(true) {
            "/supportsAuthenticatedExtendedCard"
        } else {
            "/capabilities/extendedAgentCard"
        };
        let op = c.op_term(Op::GetExtendedCard.name());
        // 0.3 names the code AuthenticatedExtendedCardNotConfiguredError (0.3 §8.2).
        let wire = if c.dialect.is_some_and(Dialect::is_0x) {
            wire.replace(
                "ExtendedAgentCardNotConfiguredError",
                "AuthenticatedExtendedCardNotConfiguredError",
            )
        } else {
            wire.to_string()
        };
        self.areas.insert("capability");
        self.find(
            &r::CAP_EXTENDED_CARD_UNCONFIGURED,
            format!(
                "the agent card declares an extended card ({}: true), yet the agent answered {op} with {wire}: no extended card is configured, so a client that authenticates for it never gets the skills it was declared for; configure the extended card or stop declaring it",
                pointer.trim_start_matches('/').replace('/', ".")
            ),
            vec![
                Evidence {
                    seq: card.seq,
                    exchange: Some(card.exchange.clone()),
                    pointer: Some(pointer.to_string()),
                    found: Some(Value::Bool(true)),
                },
                x.ev(x.req_ev_seq()),
                at,
            ],
            &x.leg,
        );
    }

    /// AUTH-SCOPE-001 (TASK-009: "unknown or inaccessible task → TaskNotFoundError; never
    /// reveal existence of forbidden resources", 1.0 §3.3.2 "Servers MUST NOT reveal the
    /// existence of resources the client is not authorized to access"; AUTH-006;
    /// breaker12 L5): a task operation on a task handed out to a caller under other
    /// credentials ([`caller_fingerprint`]; not when both name one principal,
    /// [`credential_subject`], [`one_principal`]) refused with HTTP 403 or gRPC
    /// PERMISSION_DENIED (`what`, at `at`): the refusal tells the caller the task exists,
    /// where an unknown id gets TaskNotFoundError. A 403 whose `WWW-Authenticate` names
    /// `insufficient_scope` refuses the operation, not the task, and is not judged.
    pub(super) fn other_callers_task_refused(
        &mut self,
        x: &Exch,
        c: &Call,
        what: &str,
        at: Evidence,
    ) {
        if x.synthetic || c.webhook {
            return;
        }
        let names_task = matches!(
            c.op,
            Some(Op::GetTask) | Some(Op::CancelTask) | Some(Op::SubscribeToTask)
        );
        let Some(tid) = (if names_task {
            c.task_id()
        } else {
            push_call_task(c)
        }) else {
            return;
        };
        if x.resp_headers
            .get("www-authenticate")
            .is_some_and(|v| v.to_ascii_lowercase().contains("insufficient_scope"))
        {
            return;
        }
        let Some((creator, aseq, axid, first)) = self.task_of(x, tid).and_then(|t| {
            let (s, xid) = t.announced.clone()?;
            Some((t.caller?, s, xid, t.caller_subject.clone()))
        }) else {
            return;
        };
        let Some(me) = self.caller_of(x).filter(|me| *me != creator) else {
            return;
        };
        if aseq >= x.req_seq {
            return;
        }
        // Other credentials of the principal the task was handed out to (a refreshed
        // token; on a redacted recording, the same principal tag) are no other caller: a
        // refusal then reveals nothing the caller may not know (auth31).
        let other_principal = match (first, credential_subject(x)) {
            (Some(a), Some(b)) => match one_principal(&a, &b) {
                Some(true) => return,
                Some(false) => true,
                None => false,
            },
            _ => false,
        };
        // breaker53 (v03-403-anon, v10-403-anon): an agent that refused a call without any
        // credential with 403 says "not authenticated" with 403 (0.3 §4.4 allows it; 1.0
        // wants 401, AUTH-CHALLENGE-001's): its 403 to another opaque credential may be a
        // bad token's refusal, and reveals a task only when the caller is known, by a
        // principal other than the task's or by a task handed out to its credentials.
        let origin = x.origin.as_deref().unwrap_or_default();
        if !other_principal
            && self
                .auth_reported
                .contains(&format!("anon403\u{0}{origin}"))
            && !self.tasks.values().any(|t| t.caller == Some(me))
        {
            return;
        }
        let op = c.op_term(c.op.map_or("the call", Op::name));
        let want = match c.binding {
            Some(Binding::Rest) => "HTTP 404 TASK_NOT_FOUND",
            Some(Binding::Grpc) => "NOT_FOUND TASK_NOT_FOUND",
            _ => "-32001 TaskNotFoundError",
        };
        self.areas.insert("auth");
        self.find(
            &r::AUTH_SCOPE_EXISTENCE_REVEALED,
            format!(
                "agent answered {op} of task {tid}, which it handed out to a caller under other credentials, with {what}: that tells this caller the task exists; an inaccessible task is answered like an unknown one, {want}"
            ),
            vec![
                Evidence {
                    seq: aseq,
                    exchange: Some(axid),
                    pointer: None,
                    found: Some(Value::String(tid.to_string())),
                },
                x.ev(x.req_ev_seq()),
                at,
            ],
            &x.leg,
        );
    }

    /// ERR-002 (mine22b K2, a2a-rs #270): the first part of send `c`'s message whose media
    /// type (1.0 `mediaType`, a 0.x file's `mimeType`) none of the card's input modes
    /// (`defaultInputModes` and every skill's `inputModes`) covers, as `(index, media type)`.
    /// `None` without a card fetched in the recording, when the card lists no input mode,
    /// or when one of its modes is no `type/subtype` media type (short names such as
    /// "text" cannot be matched). For RPC-ERROR-003: content the agent does not take.
    pub(super) fn unlisted_part_media(&self, x: &Exch, c: &Call) -> Option<(usize, String)> {
        if !matches!(c.op, Some(Op::SendMessage) | Some(Op::SendStreamingMessage)) {
            return None;
        }
        let card = self.card_for(x)?;
        let modes = &card.view.input_modes;
        if modes.is_empty() || modes.iter().any(|m| !m.contains('/')) {
            return None;
        }
        let m = params_message(c.params.json())?;
        let parts = m
            .get("parts")
            .or_else(|| m.get("content"))
            .and_then(Json::as_array)?;
        let fits = |mode: &str, t: &str| {
            mode == t
                || mode == "*/*"
                || mode
                    .strip_suffix("/*")
                    .is_some_and(|p| t.starts_with(&format!("{p}/")))
        };
        parts.iter().enumerate().find_map(|(i, p)| {
            let o = p.as_object()?;
            let t = ["mediaType", "media_type", "mimeType"]
                .iter()
                .find_map(|k| o.get(k).and_then(Json::as_str))
                .or_else(|| {
                    o.get("file")
                        .and_then(|f| f.get("mimeType").or_else(|| f.get("mediaType")))
                        .and_then(Json::as_str)
                })?;
            let t = t
                .split(';')
                .next()
                .unwrap_or("")
                .trim()
                .to_ascii_lowercase();
            (!t.is_empty() && !modes.iter().any(|mo| fits(mo, &t))).then_some((i, t))
        })
    }

    /// ERR-002 (breaker12 L10): ContentTypeNotSupportedError (-32005) is for "a Media Type
    /// provided in the request's message parts or implied for an artifact" that the agent
    /// or the invoked skill does not support. A send whose parts are all plain text (no
    /// media type, or `text/plain`) to an agent whose card accepts `text/plain` input in
    /// `defaultInputModes` and in every skill's `inputModes`, and whose
    /// `acceptedOutputModes` (if any) share a mode with the card's output modes, has no
    /// media type to refuse. Returns why, or `None` when the refusal may be founded.
    /// An HTTP 415 refuses the request body's own media type (RFC 9110 §15.5.16), which
    /// 1.0.0 mapped ContentTypeNotSupportedError to: with no part type to refuse, that 415
    /// is judged by what the client sent it under (HTTP-MEDIA-001/002 when it is the
    /// binding's type, HTTP-MEDIA-003 when not), not as this code misused (breaker32 C05).
    pub(super) fn content_type_refusal_unfounded(&self, x: &Exch, c: &Call) -> Option<String> {
        if x.status == Some(415) {
            return None;
        }
        self.no_part_type_to_refuse(x, c)
    }

    /// Why send `c` (all parts plain text the card accepts) has no part media type an
    /// agent could refuse with ContentTypeNotSupportedError, or `None` (see
    /// [`Self::content_type_refusal_unfounded`]).
    pub(super) fn no_part_type_to_refuse(&self, x: &Exch, c: &Call) -> Option<String> {
        if !matches!(c.op, Some(Op::SendMessage) | Some(Op::SendStreamingMessage)) {
            return None;
        }
        let card = self.card_for(x)?;
        if !card.view.text_input_accepted {
            return None;
        }
        let m = params_message(c.params.json())?;
        let parts = m
            .get("parts")
            .or_else(|| m.get("content"))
            .and_then(Json::as_array)?;
        let plain = |p: &Json| {
            let Some(o) = p.as_object() else { return false };
            let text = o.get("text").is_some_and(Json::is_string)
                && !["file", "data", "raw", "url"]
                    .iter()
                    .any(|k| o.contains_key(k));
            let kind_ok = o
                .get("kind")
                .or_else(|| o.get("type"))
                .and_then(Json::as_str)
                .is_none_or(|k| k == "text");
            let media = ["mediaType", "media_type", "mimeType"]
                .iter()
                .find_map(|k| o.get(k).and_then(Json::as_str))
                .map(|t| {
                    t.split(';')
                        .next()
                        .unwrap_or("")
                        .trim()
                        .to_ascii_lowercase()
                });
            text && kind_ok && media.is_none_or(|t| t.is_empty() || t == "text/plain")
        };
        if parts.is_empty() || !parts.iter().all(plain) {
            return None;
        }
        let accepted: Vec<String> = c
            .params
            .get("configuration")
            .and_then(|k| k.get("acceptedOutputModes"))
            .and_then(Json::as_array)
            .map(|a| {
                a.iter()
                    .filter_map(Json::as_str)
                    .map(|t| t.trim().to_ascii_lowercase())
                    .collect()
            })
            .unwrap_or_default();
        if !accepted.is_empty() {
            let fits = |a: &str, b: &str| {
                a == b
                    || a == "*/*"
                    || b == "*/*"
                    || a.strip_suffix("/*")
                        .is_some_and(|p| b.starts_with(&format!("{p}/")))
                    || b.strip_suffix("/*")
                        .is_some_and(|p| a.starts_with(&format!("{p}/")))
            };
            let outs = &card.view.output_modes;
            if outs.is_empty() || !accepted.iter().any(|a| outs.iter().any(|o| fits(a, o))) {
                return None;
            }
        }
        Some(format!(
            "every part of the {} message is text/plain, which the agent card accepts (defaultInputModes and every skill's inputModes list it){}, so no media type of the request is unsupported",
            c.op_term(c.op?.name()),
            if accepted.is_empty() {
                ""
            } else {
                ", and the request's acceptedOutputModes include one of the card's output modes"
            }
        ))
    }

    /// AUTH-005 (1.0 §3.1.11; breaker12 L7): a 1.0 GetExtendedAgentCard answered
    /// TaskNotFoundError (`code` -32001, or a REST / gRPC answer mapped to it) names no task
    /// that could be missing. A card declaring `capabilities.extendedAgentCard` whose
    /// extended card is not configured answers -32007 ExtendedAgentCardNotConfiguredError;
    /// one not declaring it, -32004 UnsupportedOperationError. The same for -32601 to a
    /// JSON-RPC call that said `A2A-Version: 1.x` (breaker24 K07): GetExtendedAgentCard is
    /// a 1.0 method (RPC-003), so "no such method" is no answer either; and (mine60) for
    /// -32601 to a 0.3 agent/getAuthenticatedExtendedCard whose card declares
    /// supportsAuthenticatedExtendedCard: true. Returns the
    /// expected code and why; `None` for other calls, answers, or without the agent's card.
    pub(super) fn extended_card_misfit(
        &self,
        x: &Exch,
        c: &Call,
        code: i64,
    ) -> Option<(i64, String)> {
        let header_1x = || {
            c.header_version
                .as_deref()
                .is_some_and(|v| v.trim_start().starts_with('1'))
        };
        // mine60 (f1355, traylinx/a2a-ruby's Rack app serves its extended card at a REST path
        // of its own): a 0.3 card that declares supportsAuthenticatedExtendedCard: true makes
        // agent/getAuthenticatedExtendedCard a method the agent has (0.3 §7.10): "no such
        // method" is no answer; -32007 AuthenticatedExtendedCardNotConfiguredError is the one
        // for a card not configured (RPC-ERROR-006's warning: ERR-002 is a SHOULD in 0.x).
        if c.dialect == Some(Dialect::V0_3)
            && c.op == Some(Op::GetExtendedCard)
            && code == jsonrpc::METHOD_NOT_FOUND
            && c.binding == Some(Binding::JsonRpc)
        {
            let card = self.card_for(x)?;
            return (card.view.extended_card_flag_0x == Some(true)).then(|| {
                (
                    jsonrpc::EXTENDED_CARD_NOT_CONFIGURED,
                    format!(
                        "the agent card declares supportsAuthenticatedExtendedCard: true, so {} is a method the agent has (0.3 §7.10, AUTH-005): it serves the extended card to an authenticated client, or answers -32007 AuthenticatedExtendedCardNotConfiguredError while none is configured",
                        c.op_term("agent/getAuthenticatedExtendedCard")
                    ),
                )
            });
        }
        if c.dialect != Some(Dialect::V1_0)
            || c.op != Some(Op::GetExtendedCard)
            || !(code == jsonrpc::TASK_NOT_FOUND
                || code == jsonrpc::UNSUPPORTED_OPERATION
                || (code == jsonrpc::METHOD_NOT_FOUND
                    && c.binding == Some(Binding::JsonRpc)
                    && header_1x()))
        {
            return None;
        }
        let card = self.card_for(x)?;
        let name = c.op_term(Op::GetExtendedCard.name());
        // breaker26 K07: UnsupportedOperationError is the answer of a card that does not
        // declare the extended card; one that declares it serves it, or answers -32007.
        if code == jsonrpc::UNSUPPORTED_OPERATION {
            return card.view.extended_card.then(|| {
                (
                    jsonrpc::EXTENDED_CARD_NOT_CONFIGURED,
                    format!("the card declares capabilities.extendedAgentCard: true, so {name} is supported: the agent serves the extended card, or answers ExtendedAgentCardNotConfiguredError while none is configured (AUTH-005)"),
                )
            });
        }
        if code == jsonrpc::METHOD_NOT_FOUND {
            return Some(if card.view.extended_card {
                (
                    jsonrpc::EXTENDED_CARD_NOT_CONFIGURED,
                    format!("{name} is a 1.0 method (RPC-003) and the card declares capabilities.extendedAgentCard: true, so the agent serves the extended card there, or answers ExtendedAgentCardNotConfiguredError while none is configured (AUTH-005)"),
                )
            } else {
                (
                    jsonrpc::UNSUPPORTED_OPERATION,
                    format!("{name} is a 1.0 method (RPC-003); the card does not declare capabilities.extendedAgentCard, which makes the call unsupported (AUTH-005)"),
                )
            });
        }
        Some(if card.view.extended_card {
            (
                jsonrpc::EXTENDED_CARD_NOT_CONFIGURED,
                format!("{name} names no task, so no task can be missing; the card declares capabilities.extendedAgentCard, and an extended card that is not configured is ExtendedAgentCardNotConfiguredError (AUTH-005)"),
            )
        } else {
            (
                jsonrpc::UNSUPPORTED_OPERATION,
                format!("{name} names no task, so no task can be missing; the card does not declare capabilities.extendedAgentCard, which makes the call unsupported (AUTH-005)"),
            )
        })
    }

    /// STREAM-001 (1.0 §3.3.4; breaker12 L6): a 1.0 SendStreamingMessage or
    /// SubscribeToTask to an agent whose card does not declare `capabilities.streaming`
    /// is refused with UnsupportedOperationError (-32004). -32601 says the method does not
    /// exist (RPC-003: it is a 1.0 method), -32003 is push notifications' error (ERR-002),
    /// and -32001 for a SendStreamingMessage whose message names no task finds no task
    /// missing. mine53 (a2a-java PR #1041: every binding refused streaming as
    /// InvalidRequest, -32600 / HTTP 400 INVALID_ARGUMENT, then fixed to -32004): -32600
    /// says the request object could not be read, -32603 says the agent failed, and
    /// -32602 (HTTP 400 INVALID_ARGUMENT) says the params are wrong, which a well-formed
    /// streaming request's are not ([`stream_call_well_formed`]; ERR-006 lets an agent
    /// refuse bad input first). `code` is the JSON-RPC code of the answer (a REST or gRPC
    /// answer's reason or status mapped to it by [`answer_code`]: an HTTP+JSON 500 or a gRPC
    /// INTERNAL without an ErrorInfo reason is -32603, in every situation since left54). Returns why -32004 is expected, or `None` when the
    /// call is no such refusal.
    pub(super) fn stream_refusal_misfit(&self, x: &Exch, c: &Call, code: i64) -> Option<String> {
        let names_no_task = || {
            c.op == Some(Op::SendStreamingMessage)
                && params_message(c.params.json())
                    .and_then(|m| str_member(m, "taskId", "task_id"))
                    .is_none_or(|t| t.is_empty())
        };
        if c.dialect != Some(Dialect::V1_0)
            || !matches!(
                c.op,
                Some(Op::SendStreamingMessage) | Some(Op::SubscribeToTask)
            )
            || !(matches!(
                code,
                jsonrpc::METHOD_NOT_FOUND
                    | jsonrpc::PUSH_NOT_SUPPORTED
                    | jsonrpc::INVALID_REQUEST
                    | jsonrpc::INTERNAL_ERROR
            ) || (code == jsonrpc::TASK_NOT_FOUND && names_no_task())
                || (code == jsonrpc::INVALID_PARAMS && stream_call_well_formed(c)))
        {
            return None;
        }
        // A 1.0 method without `A2A-Version: 1.x` asks for 0.3 semantics (VER-003), where
        // the PascalCase name does not exist: -32601 is then right.
        let header_1x = c
            .header_version
            .as_deref()
            .is_some_and(|v| v.trim_start().starts_with('1'));
        if code == jsonrpc::METHOD_NOT_FOUND && !header_1x {
            return None;
        }
        let card = self.card_for(x)?;
        if card.view.streaming == Some(true) {
            return None;
        }
        let flag = match card.view.streaming {
            Some(_) => "capabilities.streaming false",
            None => "no capabilities.streaming",
        };
        Some(format!(
            "the agent card declares {flag}, so {} is refused with UnsupportedOperationError (STREAM-001)",
            c.op_term(c.op?.name())
        ))
    }

    /// ERR-001 / ERR-002 situation table, one for every binding (BIND-001: "all bindings
    /// have the same error mapping"): the A2A error call `c` of exchange `x` must get in
    /// the situation the recording proves, when the agent answered the error whose
    /// JSON-RPC code is `got` (an HTTP+JSON or gRPC answer mapped to it by
    /// [`answer_code`]). `said` holds the agent's error texts (message, a 0.x `data`
    /// string), read last. Returns `(code due, why)`, `0` meaning "not this code";
    /// `None` when the situation does not tell. Situations, first match wins:
    /// - AUTH-005: GetExtendedAgentCard on a card without `capabilities.extendedAgentCard`
    ///   answered ExtendedAgentCardNotConfigured, or TaskNotFound for a call naming no task;
    /// - TASK-009 (session 45): a 1.0 ListTasks answered TaskNotFound (`0`: it names no
    ///   task, and 1.0 §3.1.4 gives it no error of its own);
    /// - STREAM-001: streaming refused otherwise than UnsupportedOperation by an agent
    ///   whose card does not declare it ([`Self::stream_refusal_misfit`]);
    /// - PUSH-001: a push config call refused as invalid although its params are complete
    ///   ([`Self::push_params_expectation`]), refused UnsupportedOperation, or (1.0, card
    ///   without `capabilities.pushNotifications`) refused as a missing method: all
    ///   PushNotificationNotSupported;
    /// - TASK-002 / TASK-003 / TASK-004: a call on a task seen terminal
    ///   ([`Self::terminal_task_expectation`]);
    /// - TASK-003: a cancel of a task the agent handed out and last showed live, refused
    ///   InternalError ([`Self::live_task_cancel_internal_error`]): TaskNotCancelable;
    /// - TASK-009: a well-formed 1.0 or 0.3 GetTask / CancelTask / SubscribeToTask of a task this
    ///   recording never saw, refused InvalidParams: the request is valid, the task unknown;
    /// - on JSON-RPC, what the agent's own text says happened ([`code_from_message`],
    ///   "task nope not found").
    pub(super) fn situation_error(
        &self,
        x: &Exch,
        c: &Call,
        got: i64,
        said: &[Option<&str>],
    ) -> Option<(i64, String)> {
        // PUSH-003 (left56): a repeated Delete of a deleted config has two right answers
        // (success, not found), told by [`Self::repeated_push_delete_refused`], not one code.
        if self.repeated_push_delete(x, c).is_some() {
            return None;
        }
        if got == jsonrpc::EXTENDED_CARD_NOT_CONFIGURED
            && c.op == Some(Op::GetExtendedCard)
            && c.dialect == Some(Dialect::V1_0)
            && self.card_for(x).is_some_and(|k| !k.view.extended_card)
        {
            // AUTH-005 (1.0 §3.3.4): a card without capabilities.extendedAgentCard makes
            // the call unsupported; −32007 is for a declared but unconfigured card
            // (a2a-java #733, a2a-dotnet PR #475).
            return Some((
                jsonrpc::UNSUPPORTED_OPERATION,
                "the agent card does not declare capabilities.extendedAgentCard".to_string(),
            ));
        }
        if let Some(why) = self.stream_refusal_misfit(x, c, got) {
            return Some((jsonrpc::UNSUPPORTED_OPERATION, why));
        }
        if let Some(why) = self.required_extension_refusal_misfit(x, c, got, said) {
            return Some((jsonrpc::EXTENSION_SUPPORT_REQUIRED, why));
        }
        if let Some(want) = self.extended_card_misfit(x, c, got) {
            return Some(want);
        }
        // TASK-009, DATA-007 (session 45): a 1.0 ListTasks names no task, so no task can be
        // missing; 1.0 §3.1.4 gives it no error of its own ("None specific to this
        // operation beyond standard protocol errors"): TaskNotFoundError is no answer an
        // agent that lists tasks can give, nor one that does not (that is -32601, an
        // unrouted 404, or UnsupportedOperationError). The probe's lifecycle.list-tasks
        // failed it alone.
        if got == jsonrpc::TASK_NOT_FOUND
            && c.op == Some(Op::ListTasks)
            && c.dialect == Some(Dialect::V1_0)
        {
            return Some((
                0,
                format!(
                    "{} names no task (1.0 §3.1.4: ListTasks has no error of its own beyond the standard ones)",
                    c.op_term(Op::ListTasks.name())
                ),
            ));
        }
        if let Some(exp) = (got == jsonrpc::INVALID_PARAMS)
            .then(|| self.push_params_expectation(x, c, said))
            .flatten()
        {
            return Some(exp);
        }
        if c.op.is_some_and(Op::is_push_config) && !c.webhook {
            if got == jsonrpc::UNSUPPORTED_OPERATION {
                // ERR-002: push config calls an agent cannot serve have their own error
                // (google/adk-python #4126: to_a2a() answered UnsupportedOperationError).
                let card = match self.card_for(x).map(|k| k.view.push_notifications) {
                    Some(Some(true)) => "",
                    Some(_) => ", and the agent card does not declare capabilities.pushNotifications (PUSH-001)",
                    None => "",
                };
                return Some((
                    jsonrpc::PUSH_NOT_SUPPORTED,
                    format!("the call is a push notification config operation{card}"),
                ));
            }
            // PUSH-001 (1.0 §3.3.4): a 1.0 push method that was asked for with
            // `A2A-Version: 1.x` exists (RPC-003); an agent whose card does not declare
            // push notifications refuses it with PushNotificationNotSupportedError.
            let header_1x = c
                .header_version
                .as_deref()
                .is_some_and(|v| v.trim_start().starts_with('1'));
            // PUSH-001 (1.0 MUST, "all config ops return PushNotificationNotSupportedError"):
            // a 1.0 push config call to an agent whose card does not declare push, answered
            // -32603 InternalError, is the refusal under the wrong code (interop42: the
            // prober's errors.push-not-supported reads the same). 0.x leaves it a SHOULD
            // (ERR-002); -32602 may be input validation done first (ERR-006), not judged.
            if got == jsonrpc::INTERNAL_ERROR
                && c.dialect == Some(Dialect::V1_0)
                && self
                    .card_for(x)
                    .is_some_and(|k| k.view.push_notifications != Some(true))
            {
                return Some((
                    jsonrpc::PUSH_NOT_SUPPORTED,
                    format!(
                        "{} is a push notification config operation, and the agent card does not declare capabilities.pushNotifications (PUSH-001)",
                        c.op_term(c.op?.name())
                    ),
                ));
            }
            if got == jsonrpc::METHOD_NOT_FOUND
                && c.dialect == Some(Dialect::V1_0)
                && header_1x
                && self
                    .card_for(x)
                    .is_some_and(|k| k.view.push_notifications != Some(true))
            {
                return Some((
                    jsonrpc::PUSH_NOT_SUPPORTED,
                    format!(
                        "{} is a 1.0 method, and the agent card does not declare capabilities.pushNotifications (PUSH-001)",
                        c.op_term(c.op?.name())
                    ),
                ));
            }
        }
        // PUSH-001, ERR-002 (mine58 f1307, PraisonAI's A2A server): a 0.2 / 0.3 push
        // config method of the agent's own version, refused -32601 by an agent whose card
        // does not declare push notifications. The method exists in that version (0.2 has
        // set and get, 0.3 list and delete too); what the agent lacks is push, which 0.x
        // refuses with PushNotificationNotSupportedError (-32003): -32601 tells the client
        // the method does not exist. A card without protocolVersion counts as 0.2 / 0.3
        // only when its agent answered a 0.2 / 0.3 method ([`Self::card_shown_v02`]).
        if got == jsonrpc::METHOD_NOT_FOUND
            && c.op.is_some_and(Op::is_push_config)
            && !c.webhook
            && matches!(c.dialect, Some(Dialect::V0_2) | Some(Dialect::V0_3))
        {
            if let Some(k) = self.card_for(x).filter(|k| {
                k.view.has_v0_fields
                    && !k.view.has_v1_fields
                    && k.view.push_notifications != Some(true)
            }) {
                let v = k.view.protocol_version.as_deref().map(str::trim);
                let defined = match v {
                    Some(v) if v.starts_with("0.3") => true,
                    Some(v) if v.starts_with("0.2") => {
                        matches!(c.op, Some(Op::CreatePushConfig | Op::GetPushConfig))
                    }
                    Some(_) => false,
                    None => self.v02_judged_cards.contains(&k.seq),
                };
                if defined {
                    let shown = v.map_or_else(
                        || "a 0.2 / 0.3 agent (it answered 0.2 / 0.3 methods)".to_string(),
                        |v| format!("protocol version {v}"),
                    );
                    return Some((
                        jsonrpc::PUSH_NOT_SUPPORTED,
                        format!(
                            "{} is a push notification config method of {shown}, and the agent card does not declare capabilities.pushNotifications (PUSH-001): the method exists, push notifications do not",
                            c.method.as_deref().unwrap_or("the call")
                        ),
                    ));
                }
            }
        }
        if let Some((want, why)) = self.terminal_task_expectation(x, c, got) {
            return Some((want, why));
        }
        if let Some(why) = self.live_task_cancel_internal_error(x, c, got, said) {
            return Some((jsonrpc::TASK_NOT_CANCELABLE, why));
        }
        if let Some(why) = self.unknown_task_refused_as_invalid(x, c, got, said) {
            return Some((jsonrpc::TASK_NOT_FOUND, why));
        }
        // The error message, then a free-form 0.x `data` string (trpc-a2a-go #44 put the
        // reason there). A request that declared A2A-Version 1.x was read by a 1.0-aware
        // agent: its "version not supported" is VersionNotSupportedError (VER-002),
        // whatever the method's dialect (breaker9a B9: a 0.3 method with a 1.0 header
        // answered -32603).
        let dialect_said =
            if c.header_version.as_deref().and_then(Dialect::from_version) == Some(Dialect::V1_0) {
                Some(Dialect::V1_0)
            } else {
                c.dialect
            };
        // The agent's words are read on JSON-RPC only: an HTTP+JSON or gRPC error's text
        // may be the HTTP or gRPC layer's (a 415 "media type not supported" is the
        // Content-Type header's, no A2A error), and the reason and status say the rest.
        if c.binding != Some(Binding::JsonRpc) {
            return None;
        }
        let message = said.first().copied().flatten();
        // ERR-002 (breaker26 E16): "Unsupported content type image/png" for a send whose
        // message carries an image/png part is ContentTypeNotSupportedError; "content type"
        // alone is not read (code_from_message: it may name the HTTP header), the media type
        // of one of the request's own parts is.
        if got != jsonrpc::CONTENT_TYPE_NOT_SUPPORTED
            && matches!(c.op, Some(Op::SendMessage) | Some(Op::SendStreamingMessage))
        {
            if let Some(mt) = said
                .iter()
                .flatten()
                .find_map(|m| refused_part_media_type(c.params.json(), m))
            {
                return Some((
                    jsonrpc::CONTENT_TYPE_NOT_SUPPORTED,
                    format!(
                        "the agent's own message says the media type {mt} of a part the {} sent is not supported",
                        self.sender(x).noun()
                    ),
                ));
            }
        }
        said.iter()
            .flatten()
            .find_map(|m| code_from_message(m, dialect_said, c.task_id()))
            // left57: an A2A error whose words name another A2A error by its name
            // (-32006 "Push notifications not supported"): the code and the words disagree
            .or_else(|| {
                if !(jsonrpc::VERSION_NOT_SUPPORTED..=jsonrpc::TASK_NOT_FOUND).contains(&got) {
                    return None;
                }
                said.iter()
                    .flatten()
                    .find_map(|m| a2a_error_named(m, dialect_said.or(c.dialect)))
            })
            .or_else(|| {
                // "task nope not found", "KeyError: 'nope'" for the task the call names
                // (breaker8 G7); only calls whose id is a task id (a push config call's
                // `id` names the config).
                if !matches!(
                    c.op,
                    Some(Op::GetTask) | Some(Op::CancelTask) | Some(Op::SubscribeToTask)
                ) {
                    return None;
                }
                let tid = c.task_id()?;
                message
                    .is_some_and(|m| says_task_missing(m, tid))
                    .then_some((jsonrpc::TASK_NOT_FOUND, "the task was not found"))
            })
            .map(|(want, what)| (want, format!("the agent's own message says {what}")))
    }

    /// EXT-002 / ERR-002 (1.0 §3.3.4; topcheer/ggcode PR #2483 answered -32004
    /// UnsupportedOperationError "required extension not activated"): a 1.0 message call
    /// (`SendMessage`, `SendStreamingMessage`, any binding) that activated none of the
    /// extensions its agent's card marks `required` (neither `A2A-Extensions` nor the 0.x
    /// name lists it; gRPC: the `a2a-extensions` metadata entry) was refused with another
    /// error than ExtensionSupportRequiredError (`got`), and the agent's own words (`said`:
    /// the error message, a 0.x `data` string) name an extension or a missing URI, or the
    /// request is the prober's marked send without them
    /// ([`crate::model::PROBE_WITHOUT_EXTENSION`], `errors.extension-required`), so the
    /// refusal is the required-extension one under the wrong code. Returns why; `None`
    /// otherwise (an error about something else, a 0.x call: 0.x has no code for it, f84).
    pub(super) fn required_extension_refusal_misfit(
        &self,
        x: &Exch,
        c: &Call,
        got: i64,
        said: &[Option<&str>],
    ) -> Option<String> {
        if got == jsonrpc::EXTENSION_SUPPORT_REQUIRED
            || c.dialect != Some(Dialect::V1_0)
            || c.webhook
            || !matches!(c.op, Some(Op::SendMessage) | Some(Op::SendStreamingMessage))
        {
            return None;
        }
        let card = self.card_for(x)?;
        let asked: Vec<String> = ["a2a-extensions", "x-a2a-extensions"]
            .iter()
            .flat_map(|h| x.req_headers.get_all(h))
            .flat_map(|v| v.split(','))
            .map(|u| u.trim().to_string())
            .filter(|u| !u.is_empty())
            .collect();
        let missing: Vec<&str> = card
            .view
            .extensions
            .iter()
            .filter(|d| d.required && !asked.contains(&d.uri))
            .map(|d| d.uri.as_str())
            .collect();
        if missing.is_empty() {
            return None;
        }
        let names_it = said.iter().flatten().any(|m| {
            m.to_ascii_lowercase().contains("extension") || missing.iter().any(|u| m.contains(u))
        });
        // The prober left the required extensions out on purpose (interop42,
        // `errors.extension-required`): its other sends named them and were served, so a
        // refusal of this one is the required-extension one, whatever its words.
        if !names_it
            && probe_marked_answer(
                x,
                c,
                x.status.unwrap_or(0),
                crate::model::PROBE_WITHOUT_EXTENSION,
            )
        {
            return Some(format!(
                "the prober sent this message without the extension{} the agent card marks required ({}) on purpose (marked A2A-Interop-Probe: extension-required), so its refusal is ExtensionSupportRequiredError (EXT-002)",
                if missing.len() == 1 { "" } else { "s" },
                missing.join(", ")
            ));
        }
        names_it.then(|| {
            format!(
                "the card marks the extension {} required, the request did not activate it (no A2A-Extensions entry names it), and the agent's own message says the refusal is about it: that refusal is ExtensionSupportRequiredError (EXT-002)",
                missing.join(", ")
            )
        })
    }

    /// TASK-009 / ERR-006 (breaker19b Z1): a 1.0 or 0.x (0.3 left56, 0.2 and 0.1 left57:
    /// their JSON Schemas name TaskNotFoundError -32001) GetTask, CancelTask or
    /// SubscribeToTask (0.x tasks/get, tasks/cancel, tasks/resubscribe)
    /// refused with InvalidParams (`got` -32602, HTTP 400 / gRPC INVALID_ARGUMENT) although
    /// the request is well-formed (its task id present and non-empty, every query
    /// parameter valid, no client finding on it, and the agent's text names no unknown
    /// field), for a task this recording never saw: nothing of the request is invalid,
    /// the task is unknown, which is TaskNotFoundError. Returns why; `None` otherwise, also
    /// when the agent's text names another fault (a 0.x dialect leaves codes open).
    pub(super) fn unknown_task_refused_as_invalid(
        &self,
        x: &Exch,
        c: &Call,
        got: i64,
        said: &[Option<&str>],
    ) -> Option<String> {
        // 0.3 too (left56): 0.3 §8.2 defines -32001 for "the specified task id does not
        // correspond to an existing or active task" and servers SHOULD use it (ERR-002), so
        // the 0.3 form is told at 0.x strength (RPC-ERROR-006 / GRPC-ERROR-003 warnings;
        // HTTP+JSON REST-ERROR-001, whose statuses REST-003 makes a MUST).
        if got != jsonrpc::INVALID_PARAMS
            || !matches!(
                c.dialect,
                Some(Dialect::V1_0 | Dialect::V0_3 | Dialect::V0_2 | Dialect::V0_1)
            )
            || c.webhook
            || !matches!(
                c.op,
                Some(Op::GetTask) | Some(Op::CancelTask) | Some(Op::SubscribeToTask)
            )
            || missing_param(c).is_some()
            || c.params_not_object().is_some()
            || invalid_task_query_param(c, &x.url).is_some()
            || self.request_faulted(x)
            || said.iter().flatten().any(|m| says_unknown_field(m))
        {
            return None;
        }
        // A member the request message does not have may be what was refused (DATA-003).
        let known = ["id", "historyLength", "tenant", "metadata"];
        if c.params
            .as_object()
            .is_some_and(|o| o.keys().any(|k| !known.contains(&k)))
        {
            return None;
        }
        let tid = c.task_id().filter(|t| !t.trim().is_empty())?;
        if self.knows_task(x, tid) {
            return None;
        }
        // 0.3's words cite its own error table, not 1.0's TASK-009; 0.2 and 0.1 (left57)
        // their JSON Schemas, whose TaskNotFoundError is -32001 "Task not found" (0.2:
        // "the requested task ID was not found"), with ERR-002's SHOULD for 0.x
        let req = match c.dialect {
            Some(Dialect::V0_3) => "0.3 \u{a7}8.2",
            Some(Dialect::V0_2) => "-32001 in the 0.2 JSON Schema, \u{a7}8.2",
            Some(Dialect::V0_1) => "-32001 in the 0.1 JSON Schema",
            _ => "TASK-009",
        };
        Some(format!(
            "the {} request is well-formed and names task {tid}, which this recording never saw the agent hand out: an unknown task is TaskNotFoundError ({req}), not an invalid request",
            c.op_term(c.op?.name())
        ))
    }

    /// DATA-PARAM-004 (DATA-003, ERR-006, PUSH-003; breaker19b Z2): the agent answered a
    /// JSON-RPC (or 1.0 gRPC) call that lacks a REQUIRED id ([`missing_param`]'s task id of GetTask /
    /// CancelTask, [`push_param_missing`]'s member of a push config call) with a success
    /// result (body at line `bseq`): it guessed the task or config. A warning: 1.0 §5.7
    /// says implementations SHOULD reject such messages. The client's side is DATA-PARAM-003.
    pub(super) fn required_id_missing_accepted(&mut self, x: &Exch, c: &Call, bseq: u64) {
        if matches!(c.op, Some(Op::SendMessage) | Some(Op::SendStreamingMessage)) {
            self.send_without_message_accepted(x, c, bseq);
            return;
        }
        if c.webhook || x.probe_negative() || c.params_not_object().is_some() {
            return;
        }
        let missing = match c.op {
            Some(Op::GetTask) | Some(Op::CancelTask) => missing_param(c).map(|_| "id"),
            _ => push_param_missing(c),
        };
        let Some(missing) = missing else { return };
        let method = c.method.as_deref().unwrap_or("the call");
        let (at, result, refuse) = if c.binding == Some(Binding::Grpc) {
            (format!("/{missing}"), "", "INVALID_ARGUMENT")
        } else {
            (
                format!("/params/{missing}"),
                "/result",
                "-32602 InvalidParamsError",
            )
        };
        self.find(
            &r::DATA_PARAM_REQUIRED_ID_ACCEPTED,
            format!(
                "agent answered the client's {method} call, whose params lack the REQUIRED {missing}, with a success result instead of refusing it with {refuse}: it guessed which {} the call meant",
                if missing == "pushNotificationConfigId" || (missing == "id" && c.op.is_some_and(Op::is_push_config) && c.dialect == Some(Dialect::V1_0)) { "config" } else { "task" }
            ),
            vec![
                x.ev_at(x.req_ev_seq(), &at, None),
                x.ev_at(bseq, result, None),
            ],
            &x.leg,
        );
    }

    /// DATA-PARAM-006 (DATA-005, DATA-003, ERR-006; mine34, opencode-a2a #520): the agent
    /// answered a send whose request carries no message (JSON-RPC params, the HTTP+JSON
    /// body or the gRPC request, an object without `message`, or the 0.3 proto's
    /// `request`, or with either null) with a success result (body at line `bseq`)
    /// instead of refusing it first: it ran a call that asks for nothing. Only reached for
    /// a 2xx answer that is no error, or a streaming send's first stream event (`bseq` that
    /// event's line); a message of the wrong type is the client's
    /// DATA-SHAPE-002 alone. A warning: 1.0 §5.7 says implementations SHOULD reject
    /// messages with missing REQUIRED fields. Also (mine44, a2a-python #845) a 1.0 send
    /// whose message has no parts or an empty list ([`message_required_member_missing`]):
    /// the client's DATA-SHAPE-002 is told beside it.
    pub(super) fn send_without_message_accepted(&mut self, x: &Exch, c: &Call, bseq: u64) {
        // The op first: this runs for every 2xx HTTP+JSON result (issue #7).
        if !matches!(c.op, Some(Op::SendMessage) | Some(Op::SendStreamingMessage))
            || c.webhook
            || x.synthetic
            || x.probe_negative()
        {
            return;
        }
        let Some(o) = c.params.as_object() else {
            return;
        };
        let set = |k: &str| o.get(k).is_some_and(|v| !v.is_null());
        if set("request") {
            return;
        }
        // mine44 (a2a-python #845): a 1.0 message without its content, parts absent or
        // empty (1.0 §5.7: implementations SHOULD reject missing REQUIRED fields).
        let lacks = if set("message") {
            match (c.dialect, o.get("message").and_then(Json::as_object)) {
                (Some(Dialect::V1_0), Some(m)) => match message_required_member_missing(m) {
                    Some(what) => Some(what),
                    None => return,
                },
                _ => return,
            }
        } else {
            None
        };
        let method = c.method.as_deref().unwrap_or("SendMessage");
        let (at, result, refuse) = match c.binding {
            Some(Binding::Grpc) => ("/message", "", "INVALID_ARGUMENT"),
            Some(Binding::Rest) => ("/message", "", "HTTP 400 INVALID_ARGUMENT"),
            _ => ("/params/message", "/result", "-32602 InvalidParamsError"),
        };
        let answer = if c.op == Some(Op::SendStreamingMessage) {
            "a stream of events"
        } else {
            "a success result"
        };
        let call = if c.binding == Some(Binding::Rest) {
            format!("{} {}", x.method, x.path)
        } else {
            format!("{method} call")
        };
        if let Some((member, what)) = lacks {
            let at = format!("{at}/{member}");
            self.find(
                &r::DATA_PARAM_SEND_WITHOUT_MESSAGE_ACCEPTED,
                format!(
                    "agent answered the client's {call}, whose message {what} (Message.parts is REQUIRED and holds the message's content), with {answer} instead of refusing it with {refuse}: it ran a message that asks for nothing, and 1.0 §5.7 asks an agent to reject a request that lacks a REQUIRED field, so the client never learns its message lost its content"
                ),
                vec![
                    x.ev_at(x.req_ev_seq(), &at, None),
                    x.ev_at(bseq, result, None),
                ],
                &x.leg,
            );
            return;
        }
        self.find(
            &r::DATA_PARAM_SEND_WITHOUT_MESSAGE_ACCEPTED,
            format!(
                "agent answered the client's {call}, which carries no message (the send's REQUIRED member), with {answer} instead of refusing it with {refuse}: it ran a send that asks for nothing, and the client never learns its request lost its message"
            ),
            vec![
                x.ev_at(x.req_ev_seq(), at, None),
                x.ev_at(bseq, result, None),
            ],
            &x.leg,
        );
    }

    pub(super) fn on_rpc_error(
        &mut self,
        x: &Exch,
        code: Option<i64>,
        message: Option<&str>,
        data_text: Option<String>,
        bseq: u64,
    ) {
        let Some(code) = code else { return };
        // A rate limiter's "not now" (HTTP 429, or 503 with Retry-After: RFC 6585 §4,
        // RFC 9110 §10.2.3) is no A2A answer to the call, whatever code its body carries:
        // ERR-001's table has no such error to compare with (breaker15b R4).
        if x.status == Some(429)
            || (x.status == Some(503) && x.resp_headers.get("retry-after").is_some())
        {
            return;
        }
        let c = x.call.clone().unwrap_or_default();
        // AUTH-CHALLENGE-002/-003 (OmniRoute #12888): a credentials refusal sent as this error.
        if let Some(m) = message {
            let text = match data_text.as_deref() {
                Some(d) => format!("{m} {d}"),
                None => m.to_string(),
            };
            let answer = format!(
                "JSON-RPC error {code}{} on HTTP {}",
                jsonrpc::code_name(code)
                    .map(|n| format!(" {n}"))
                    .unwrap_or_default(),
                x.status.unwrap_or(200)
            );
            let at = x.ev_at(bseq, "/error/message", Some(Value::String(m.to_string())));
            self.auth_refused_as_other_error(x, &c, &text, &answer, at);
        }
        if let Some(name) = c.misnamed {
            // RPC-003 (breaker10 E18): -32601 is the right answer to a name that does not
            // exist (RPC-REQ-003 tells the client); -32602 or an A2A error means the agent
            // dispatched the name as the method it resembles.
            if code == jsonrpc::METHOD_NOT_FOUND {
                return;
            }
            if code == jsonrpc::INVALID_PARAMS || (-32008..=-32001).contains(&code) {
                let wire = c.method.as_deref().unwrap_or("");
                self.find(
                    &r::RPC_METHOD_CASE_ACCEPTED,
                    format!(
                        "the client called {wire:?}, a method name that does not exist (the method is spelled {name:?}), and the agent served it as {name}, answering {code}{} instead of -32601 MethodNotFoundError",
                        jsonrpc::code_name(code).map(|n| format!(" {n}")).unwrap_or_default()
                    ),
                    vec![
                        x.ev_at(x.req_ev_seq(), "/method", Some(Value::String(wire.into()))),
                        x.ev_at(bseq, "/error/code", Some(Value::from(code))),
                    ],
                    &x.leg,
                );
            }
        }
        // RPC-001 (breaker11 K22): params that are no object (RPC-REQ-005 names the
        // client) are refused with -32602 Invalid params, or -32600 Invalid Request
        // (JSON-RPC 2.0 §4.2 makes such a call no valid Request object); -32603 or an A2A
        // error means the agent dispatched the call with them.
        if let (Some(what), Some(_), false) = (c.params_not_object(), c.op, c.webhook) {
            if code == jsonrpc::INVALID_PARAMS || code == jsonrpc::INVALID_REQUEST {
                return;
            }
            if code == jsonrpc::INTERNAL_ERROR || (-32099..=-32001).contains(&code) {
                let method = c.method.as_deref().unwrap_or("");
                self.find(
                    &r::RPC_ERROR_CODE,
                    format!(
                        "agent answered the client's {method} call whose params are {what} with {code}{} instead of -32602 Invalid params (or -32600 Invalid Request): it ran the call with params the method does not take",
                        jsonrpc::code_name(code).map(|n| format!(" {n}")).unwrap_or_default()
                    ),
                    vec![
                        x.ev_at(x.req_ev_seq(), "/params", Some(excerpt_value(c.params.json()))),
                        x.ev_at(bseq, "/error/code", Some(Value::from(code))),
                    ],
                    &x.leg,
                );
                return;
            }
        }
        // ERR-006 (breaker15a Q14): a malformed 1.0 GetTask / ListTasks parameter that
        // made the handler fail (-32603) was not validated first (-32602 is due).
        if code == jsonrpc::INVALID_AGENT_RESPONSE && !c.webhook && c.dialect == Some(Dialect::V1_0)
        {
            self.invalid_param_failed(x, &c, bseq, "/error/code", code);
        }
        // mine44 (a2a-dotnet PR #170): a 0.x send whose message is malformed (a part
        // without kind) answered -32603: JSON-RPC 2.0 §5.1 and 0.3 §8.1 make invalid method
        // parameters -32602, in every version.
        if code == jsonrpc::INTERNAL_ERROR
            && !c.webhook
            && c.dialect.is_some_and(Dialect::is_0x)
            && c.binding == Some(Binding::JsonRpc)
        {
            self.malformed_send_crashed(x, &c, bseq, "/error/code");
        }
        if code == jsonrpc::INTERNAL_ERROR && !c.webhook && c.dialect == Some(Dialect::V1_0) {
            self.invalid_param_crashed(x, &c, bseq, "/error/code");
            let at = x.ev_at(bseq, "/error/code", Some(Value::from(code)));
            self.push_config_lookup_failed(x, &c, &r::RPC_ERROR_CODE, "-32603 InternalError", at);
        }
        self.code_beyond_dialect(x, &c, code, bseq, "/error/code");
        if matches!(
            code,
            jsonrpc::PUSH_NOT_SUPPORTED
                | jsonrpc::UNSUPPORTED_OPERATION
                | jsonrpc::EXTENDED_CARD_NOT_CONFIGURED
        ) {
            let wire = format!("{code} {}", jsonrpc::code_name(code).unwrap_or_default());
            let at = x.ev_at(bseq, "/error/code", Some(Value::from(code)));
            self.capability_refused(x, &c, code, &wire, message, at);
        }
        if code == jsonrpc::CONTENT_TYPE_NOT_SUPPORTED {
            if let Some(why) = self.content_type_refusal_unfounded(x, &c) {
                self.find(
                    &r::RPC_ERROR_CODE,
                    format!("{why}, yet the agent answered -32005 ContentTypeNotSupportedError"),
                    vec![
                        x.ev(x.req_ev_seq()),
                        x.ev_at(bseq, "/error/code", Some(Value::from(code))),
                    ],
                    &x.leg,
                );
            }
        }
        // ERR-002 / ERR-004: the ErrorInfo reason in error.data names the code. A batch
        // element's exchange has no body of its own: its error.data comes as `data_text`.
        let body = x.resp_decoded().unwrap_or_default();
        let parsed = Json::parse(&body).ok();
        let element_data = batch_element_data(x, data_text.as_deref());
        let data = parsed
            .as_ref()
            .and_then(|v| v.pointer("/error/data"))
            .or(element_data.as_ref());
        if let Some(reason) = error_info_reason(data) {
            if let Some((want, _)) = reason_expectation(reason) {
                if want != code {
                    // D10 (breaker9d): the situation says which part is wrong, if it can.
                    let code_reasons: Vec<&'static str> =
                        reason_for_code(code).into_iter().collect();
                    let code_is = code_reasons
                        .first()
                        .map(|r| format!(" (code {code} is {r})"))
                        .unwrap_or_default();
                    let (message, ptr) = match self.error_blame(x, &c, reason, &code_reasons) {
                        ErrorBlame::Reason(why, right, why_o) => (
                            format!(
                                "ErrorInfo reason {reason} {}, so the reason is the wrong part{}",
                                reason_blame_clause(&why, &why_o, &format!("code {code}")),
                                if right.is_empty() { String::new() } else { format!(": it should be {right}") }
                            ),
                            "/error/data",
                        ),
                        ErrorBlame::Other(why) => (
                            format!(
                                "error reason {reason} means code {want} but the agent answered {code}{}",
                                if why.is_empty() { String::new() } else { format!(" ({why})") }
                            ),
                            "/error/code",
                        ),
                        ErrorBlame::Neutral => (
                            format!(
                                "error code {code} and ErrorInfo reason {reason} disagree: {reason} means code {want}{code_is}, and this call does not tell which of the two is wrong"
                            ),
                            "/error/code",
                        ),
                    };
                    let found = (ptr == "/error/code").then(|| Value::from(code));
                    self.find(
                        code_rule(c.dialect, want),
                        message + &code_recommended_words(c.dialect, want),
                        vec![x.ev_at(bseq, ptr, found)],
                        &x.leg,
                    );
                    return;
                }
            }
        }
        if code == jsonrpc::TASK_NOT_FOUND
            && matches!(c.rpc, Some(RequestParse::Request { .. }))
            && missing_param(&c).is_none()
            && self.task_not_found_for_fresh_send(
                x,
                &c,
                "-32001 TaskNotFoundError",
                x.ev_at(bseq, "/error/code", Some(Value::from(code))),
            )
        {
            return;
        }
        // Wrong code for the situation (ERR-001, ERR-002, ERR-006), from what the request
        // proves (unparseable, invalid, required params missing) or from what the agent's
        // own error message says happened.
        let expected: Option<(i64, String)> = match &c.rpc {
            // RFC 8259 §9, §6: a parser may limit nesting and range; any answer is fair.
            Some(RequestParse::BeyondParser(_)) => return,
            // RFC 8259 §8.1: a parser MAY ignore a leading byte order mark, so an agent that
            // read the JSON after it and answered the call is lenient, not wrong (the
            // client's BOM is DATA-SHAPE-005's; breaker26 NL6).
            Some(RequestParse::NotJson) if bom_before_json(x.req_body.as_slice()).is_some() => {
                return
            }
            Some(RequestParse::NotJson) => Some((
                jsonrpc::PARSE_ERROR,
                "the request body is not valid JSON".into(),
            )),
            // what is wrong with it, for the engineer who fixes the agent's parser
            // (newcomer26 N3)
            Some(RequestParse::Invalid) => Some((
                jsonrpc::INVALID_REQUEST,
                format!(
                    "the request is JSON but not a valid JSON-RPC request object{}",
                    x.req_decoded()
                        .and_then(|b| Json::parse(&b)
                            .ok()
                            .as_ref()
                            .and_then(jsonrpc::invalid_request_why))
                        .map(|why| format!(" ({why})"))
                        .unwrap_or_default()
                ),
            )),
            // An A2A method call needs an id (string or integer: the 0.3 schema's
            // `SendMessageRequest` etc. require it); a notification of one is not a valid A2A
            // request, so −32600 fits (the 0.3 TCK's notification test).
            // The same for an id the A2A schemas do not allow (null, fractional: string or
            // integer only; RPC-REQ-001 tells the client): −32600 fits (breaker10n N9).
            Some(RequestParse::Request { .. })
                if code == jsonrpc::INVALID_REQUEST && c.op.is_some() && !a2a_request_id_ok(&c) =>
            {
                None
            }
            Some(RequestParse::Request { .. }) => {
                // VER-002 / ERR-002 (breaker10 E10): an A2A-Version no A2A version has is
                // refused with -32009 before anything else of the call is looked at.
                let bad_version = (code != jsonrpc::VERSION_NOT_SUPPORTED
                    && missing_param(&c).is_none())
                .then(|| self.unsupported_version_asked(x, &c))
                .flatten();
                if let Some(hv) = bad_version {
                    Some((
                        jsonrpc::VERSION_NOT_SUPPORTED,
                        format!(
                            "the client asked for A2A-Version {hv}, a version A2A does not have{}",
                            self.offered_versions_note(x)
                        ),
                    ))
                } else if (code == jsonrpc::PARSE_ERROR || code == jsonrpc::INVALID_REQUEST)
                    && (x.status.is_some_and(|s| {
                        front_refusal_status(s) || unread_request_status(s).is_some()
                    }) || code == jsonrpc::INVALID_REQUEST && says_too_large(message))
                {
                    // ERR-006, AUTH-003 (breaker15b R14): a credentials refusal is told by
                    // the HTTP 401/403 (A2A has no JSON-RPC code for it); the code in the
                    // body of a refusal made before the call was read is not judged. The
                    // same for a gateway's 502-504 and a refusal of a request not read
                    // whole (413 of a body-size limit, 408, 431: review26 R13), and for
                    // -32600 saying the body is too large under any status (a2a-python's
                    // own body-size check answers -32600 "Payload too large").
                    None
                } else if code == jsonrpc::INVALID_REQUEST {
                    // STREAM-001 (mine53, a2a-java PR #1041): streaming refused as
                    // InvalidRequest by an agent without capabilities.streaming is told
                    // as the refusal under the wrong code, naming -32004.
                    // TASK-002, TASK-003 (mine54, xagent #1171's refusal of a message to a
                    // finished task): a 1.0 call on a task this recording saw terminal,
                    // refused as InvalidRequest, is told naming the code its situation
                    // has (-32004, a cancel's -32002), as under -32602 and -32603. On 0.x
                    // the code is advice (RPC-ERROR-006's warning), while -32600 for a
                    // readable request breaks JSON-RPC itself: that stays the error.
                    let terminal = (c.dialect == Some(Dialect::V1_0))
                        .then(|| self.terminal_task_expectation(x, &c, code))
                        .flatten();
                    Some(match self.stream_refusal_misfit(x, &c, code) {
                        Some(why) => (jsonrpc::UNSUPPORTED_OPERATION, why),
                        None => terminal.unwrap_or_else(|| {
                            (0, "the request is a valid JSON-RPC request".to_string())
                        }),
                    })
                } else if code == jsonrpc::PARSE_ERROR {
                    Some((0, "the request is a valid JSON-RPC request".to_string()))
                } else if code == jsonrpc::VERSION_NOT_SUPPORTED
                    && (x.asked_version().is_none_or(|v| v.trim() != "1.0")
                        || self.version_changed_upstream(x))
                {
                    // VER-003: no A2A-Version means 0.3; an agent may refuse the version
                    // before it reads the params (-32009 is ERR-002's answer for it). The
                    // version is asked by the A2A-Version header, else the A2A-Version query
                    // parameter (VER-001; q22 Q6). On a client leg whose gateway dropped the
                    // header, the agent saw none (VER-HDR-002 names the gateway).
                    None
                } else if let Some(missing) = missing_param(&c) {
                    Some((
                        jsonrpc::INVALID_PARAMS,
                        format!("the request lacks {missing}"),
                    ))
                } else {
                    // ERR-001 / ERR-002: the situation table every binding shares.
                    let data_said = data.and_then(Json::as_str);
                    self.situation_error(x, &c, code, &[message, data_said])
                }
            }
            None => None,
        };
        // ID-001 (mine59 f1322, aliveclaw/agos answers tasks/get {id} -32000 "Task not
        // found: "): a GetTask / CancelTask refused under another code whose own words say
        // the named task is missing is a not-found answer all the same (the code is
        // RPC-ERROR-001 / -006's); a task the agent handed out is then lost to it.
        if code != jsonrpc::TASK_NOT_FOUND
            && !c.webhook
            && matches!(c.op, Some(Op::GetTask) | Some(Op::CancelTask))
        {
            let tid = c
                .task_id()
                .filter(|t| message.is_some_and(|m| says_task_missing(m, t)))
                .map(str::to_string);
            if let Some(tid) = tid {
                self.task_not_found(x, &tid, bseq, "/error/message");
            }
        }
        if let Some((want, why)) = expected {
            let wrong = if want == 0 {
                true
            } else {
                code != want
                    && !(want == jsonrpc::INVALID_PARAMS && code == jsonrpc::INVALID_REQUEST)
                    // a task call without id (breaker18a W1): the agent looked up no task
                    && !(want == jsonrpc::INVALID_PARAMS
                        && code == jsonrpc::TASK_NOT_FOUND
                        && missing_param(&c) == Some("params.id"))
            };
            if wrong {
                let name = |k: i64| {
                    jsonrpc::code_name(k)
                        .map(|n| format!(" {n}"))
                        .unwrap_or_default()
                };
                let instead = if want == 0 && code == jsonrpc::INVALID_PARAMS {
                    "which is for params the method's schema does not allow".to_string()
                } else if want == 0 && code == jsonrpc::TASK_NOT_FOUND {
                    "which is for a task id the agent does not hold (TASK-009)".to_string()
                } else if want == 0 {
                    "which only fits a request that could not be read".to_string()
                } else {
                    format!("instead of {want}{}", name(want))
                };
                self.find(
                    code_rule(c.dialect, want),
                    format!(
                        "{why}, yet the agent answered {code}{} {instead}{}",
                        name(code),
                        code_recommended_words(c.dialect, want)
                    ),
                    vec![
                        x.ev(x.req_ev_seq()),
                        x.ev_at(bseq, "/error/code", Some(Value::from(code))),
                    ],
                    &x.leg,
                );
                return;
            }
            if matches!(
                c.rpc,
                Some(RequestParse::NotJson)
                    | Some(RequestParse::Invalid)
                    | Some(RequestParse::BeyondParser(_))
            ) {
                return;
            }
        }
        // VersionNotSupportedError for a version the card offers on this URL (VER-002/003).
        if code == jsonrpc::VERSION_NOT_SUPPORTED {
            self.version_refused_though_offered(
                x,
                x.ev_at(bseq, "/error/code", Some(Value::from(code))),
            );
            // ... and the client's side of a version no A2A release has (VER-CARD-002).
            self.client_version_unknown(
                x,
                &c,
                x.ev_at(bseq, "/error/code", Some(Value::from(code))),
            );
        }
        // The client spoke a version the card does not offer, and was refused (VER-005).
        if matches!(
            code,
            jsonrpc::METHOD_NOT_FOUND | jsonrpc::VERSION_NOT_SUPPORTED
        ) {
            self.client_version_not_offered(
                x,
                &c,
                code,
                x.ev_at(bseq, "/error/code", Some(Value::from(code))),
            );
        }
        // Card declares a version whose core method the server rejects (CARD-006, RPC-003).
        if code == jsonrpc::METHOD_NOT_FOUND {
            if let (Some(m), Some(op), Some(d), Some(card)) =
                (c.method.clone(), c.op, c.dialect, self.card_for(x).cloned())
            {
                let declared: Vec<Dialect> = card.view.declared_dialects();
                // 0.2 and 0.3 share JSON-RPC method names.
                let covers = declared.iter().any(|k| {
                    *k == d || (k.is_0x() && d.is_0x() && *k != Dialect::V0_1 && d != Dialect::V0_1)
                });
                let core = matches!(op, Op::SendMessage | Op::GetTask | Op::CancelTask)
                    || (op == Op::SendStreamingMessage && card.view.streaming == Some(true));
                // A 1.0 call without `A2A-Version: 1.x` asks for 0.3 semantics (VER-003), where
                // the PascalCase method does not exist: -32601 is the agent's right answer
                // (a gateway that stripped the header is VER-HDR-002). The other way round, a
                // 0.x method sent with `A2A-Version: 1.x` asks for 1.0 semantics (VER-002),
                // which have no `message/send`: -32601 again, the client's mix (VER-MIX-002).
                let header_1x = c
                    .header_version
                    .as_deref()
                    .is_some_and(|v| v.trim_start().starts_with('1'));
                let asked_for_d = if d.is_0x() { !header_1x } else { header_1x };
                // On a client leg whose gateway dropped, changed or added A2A-Version
                // (VER-HDR-002), the agent judged another version than the client asked
                // for: its -32601 is the gateway's doing (breaker22 X01, X09).
                let gateway_changed = self.version_changed_upstream(x);
                // mine30b (trpc-agent-go PR #2472): the card declares the call's version,
                // but on another interface: every interface at the url the call went to
                // names a version, none of them the call's. The agent's -32601 is that
                // interface's right answer; the client chose the wrong interface
                // (1.0 §8.3.2, VER-004: the dialect is per interface url).
                let mut wrong_interface = false;
                if covers && core && asked_for_d && !gateway_changed {
                    if let Some((here, there)) = version_declared_elsewhere(&card, x, d) {
                        wrong_interface = true;
                        self.areas.insert("version");
                        self.find(
                            &r::BIND_USE_UNDECLARED,
                            format!(
                                "client called {m} (A2A {}) at {}, which the card declares as protocol version {here} only: the agent refused it with -32601 method not found{}; the card offers {} at {there} (1.0 \u{a7}8.3.2: select an interface whose protocolVersion the client speaks and use that interface's url)",
                                d.as_str(),
                                x.parts.as_ref().map(|p| p.path.clone()).unwrap_or_default(),
                                if d.is_0x() {
                                    " (a 1.0 interface owes -32009 VersionNotSupportedError there, VER-HDR-004)"
                                } else {
                                    ", rightly: that version has no such method"
                                },
                                d.as_str()
                            ),
                            vec![
                                x.ev(x.req_ev_seq()),
                                x.ev_at(bseq, "/error/code", Some(Value::from(code))),
                                Evidence::event(card.seq, card.exchange.clone()),
                            ],
                            &x.leg,
                        );
                        // VER-HDR-004 per interface (b30b-4): a 0.2/0.3 call that asks for
                        // 0.x (no A2A-Version, or a 0.x one) at a url the card declares
                        // 1.0 only: that interface does not serve the version asked for,
                        // and VER-002 wants -32009 there, not "no such method".
                        let asked_0x = x
                            .asked_version()
                            .is_none_or(|v| Dialect::from_version(&v).is_some_and(|k| k.is_0x()));
                        if d.is_0x()
                            && d != Dialect::V0_1
                            && asked_0x
                            && c.binding == Some(Binding::JsonRpc)
                            && here
                                .split(", ")
                                .all(|v| Dialect::from_version(v) == Some(Dialect::V1_0))
                        {
                            self.find(
                                &r::VER_UNSUPPORTED_AS_METHOD_NOT_FOUND,
                                format!(
                                    "agent answered {m} (A2A {}) at {}, an interface its card declares {here} only, with -32601 MethodNotFoundError; VER-002 wants -32009 VersionNotSupportedError from an interface for a version it does not serve, so the client learns to switch versions (here: to the card's {} interface at {there}) instead of looking for a misspelt method",
                                    x.asked_version().unwrap_or_else(|| "0.3, no A2A-Version".into()),
                                    x.parts.as_ref().map(|p| p.path.clone()).unwrap_or_default(),
                                    d.as_str()
                                ),
                                vec![
                                    x.ev(x.req_seq),
                                    x.ev_at(bseq, "/error/code", Some(Value::from(code))),
                                    Evidence::event(card.seq, card.exchange.clone()),
                                ],
                                &x.leg,
                            );
                        }
                    }
                }
                if covers && core && asked_for_d && !gateway_changed && !wrong_interface {
                    self.areas.insert("version");
                    let shown = declared
                        .iter()
                        .find(|k| k.is_0x() == d.is_0x())
                        .map(|k| k.as_str())
                        .unwrap_or(d.as_str());
                    self.find(
                        &r::VER_CARD_METHOD,
                        format!("card declares protocol version {shown} but the agent answers {m} with -32601 method not found"),
                        vec![
                            x.ev_at(bseq, "/error/code", Some(Value::from(code))),
                            Evidence {
                                seq: card.seq,
                                exchange: Some(card.exchange.clone()),
                                pointer: None,
                                found: card.view.protocol_version.clone().map(Value::String),
                            },
                        ],
                        &x.leg,
                    );
                }
            } else if self.card_for(x).is_none() {
                self.task_method_not_found(x, &c, bseq);
            }
        }
        // -32001 to a push-config get / delete may name the missing config, not the task
        // (the SDKs answer TaskNotFoundError for an unknown config id)
        let names_config = matches!(c.op, Some(Op::GetPushConfig) | Some(Op::DeletePushConfig));
        // ERR-002 / TASK-009: one unknown task id, -32001 on one method and a generic -32603
        // on another (prebid/salesagent PR #1648: cancel of an unknown id).
        // -32004 is SubscribeToTask's answer for a terminal task (TASK-004) or an agent
        // without streaming; for a task the agent does not know it is the wrong code.
        let unsupported_subscribe = code == jsonrpc::UNSUPPORTED_OPERATION
            && c.op == Some(Op::SubscribeToTask)
            && self
                .card_for(x)
                .is_some_and(|card| card.view.streaming == Some(true));
        // -32002 TaskNotCancelableError is for a task that exists (ERR-002); for one the
        // agent does not know, CancelTask answers -32001 (TASK-009; breaker12 L4).
        let not_cancelable_cancel =
            code == jsonrpc::TASK_NOT_CANCELABLE && c.op == Some(Op::CancelTask);
        if matches!(
            c.op,
            Some(Op::GetTask) | Some(Op::CancelTask) | Some(Op::SubscribeToTask)
        ) && (matches!(code, jsonrpc::TASK_NOT_FOUND | jsonrpc::INTERNAL_ERROR)
            || unsupported_subscribe
            || not_cancelable_cancel)
        {
            if let Some(key) = c
                .task_id()
                .map(|t| x.tkey(t))
                .filter(|k| !self.tasks.contains_key(k))
            {
                let at = x.ev_at(bseq, "/error/code", Some(Value::from(code)));
                self.id_error_codes(x, key, code, at, None);
            }
        }
        // DATA-PARAM-002 (DATA-003: 1.0 agents SHOULD ignore unknown fields): -32602 whose
        // message names an unknown field, on a call with every REQUIRED field present.
        let kind_said = params_message(c.params.json())
            .and_then(|m| part_kind_refusal(m, [message, data_text.as_deref()]))
            .is_some();
        // RPC-ERROR-003 (mine26b: ag2 PR #2163): an empty text part refused in words that
        // blame it, with InvalidParams or with InternalError (a2a-python's new_task
        // ValueError "TextPart content cannot be empty" surfaces as -32603).
        let empty_said = params_message(c.params.json())
            .and_then(first_empty_text_part)
            .is_some()
            && [message, data_text.as_deref()]
                .into_iter()
                .flatten()
                .any(says_empty_content);
        // archestra PR #7599: a non-UUID messageId stored in a uuid column failed with
        // -32603 and the database's words ("invalid input syntax for type uuid").
        let uuid_said = params_message(c.params.json()).is_some_and(|m| {
            non_uuid_message_id(m).is_some_and(|id| {
                [message, data_text.as_deref()]
                    .into_iter()
                    .flatten()
                    .any(|t| says_message_id_not_uuid(t, id, m))
            })
        });
        // mine44 (a2a-dotnet #183, #170): a kind discriminator demanded where the binding
        // defines none, with InvalidParams or with InternalError naming it.
        let kind_demanded = kind_demand_misplaced(&c, [message, data_text.as_deref()]).is_some();
        if code == jsonrpc::INTERNAL_ERROR
            && (empty_said || uuid_said || kind_demanded)
            && matches!(c.op, Some(Op::SendMessage) | Some(Op::SendStreamingMessage))
            && missing_param(&c).is_none()
        {
            let at = x.ev_at(
                bseq,
                "/error/message",
                message.map(|m| Value::String(m.to_string())),
            );
            self.valid_request_refused(
                x,
                &c,
                message,
                data_text.as_deref(),
                "-32603 InternalError",
                at,
            );
        }
        if code == jsonrpc::INVALID_PARAMS
            && (c.dialect == Some(Dialect::V1_0)
                || private_member_demanded(&c, [message, data_text.as_deref()]).is_some()
                || message.is_some_and(says_own_event_mismatch)
                || kind_said
                || empty_said
                || uuid_said
                || kind_demanded
                || self.unlisted_part_media(x, &c).is_some())
            && c.op.is_some()
            && missing_param(&c).is_none()
        {
            if message.is_none_or(|m| !says_unknown_field(m)) {
                let at = x.ev_at(
                    bseq,
                    "/error/message",
                    message.map(|m| Value::String(m.to_string())),
                );
                self.valid_request_refused(
                    x,
                    &c,
                    message,
                    data_text.as_deref(),
                    "-32602 InvalidParams",
                    at,
                );
            }
            if let Some(m) = message.filter(|m| says_unknown_field(m)) {
                let at = x.ev_at(bseq, "/error/message", Some(Value::String(m.to_string())));
                self.unknown_field_refused(x, &c, m, "-32602", at);
            }
            // PUSH-003 (mine29a, ggcode #1076): a Get / Delete of a missing push config
            // refused as if its request were malformed.
            let at = x.ev_at(bseq, "/error/code", Some(Value::from(code)));
            self.push_config_lookup_failed(x, &c, &r::RPC_ERROR_CODE, "-32602 InvalidParams", at);
        }
        if code == jsonrpc::UNSUPPORTED_OPERATION {
            let at = x.ev_at(bseq, "/error/code", Some(Value::from(code)));
            self.unsupported_operation_refused(x, &c, "-32004 UnsupportedOperationError", at);
        }
        // PUSH-003 (left56): a repeated 1.0 Delete of a deleted config answered with
        // another error than the not-found one (success or -32001 are both idempotent).
        {
            let at = x.ev_at(bseq, "/error/code", Some(Value::from(code)));
            let wire = match jsonrpc::code_name(code) {
                Some(n) => format!("{code} {n}"),
                None => code.to_string(),
            };
            self.repeated_push_delete_refused(x, &c, RepeatAnswer::of_rpc(code), &wire, at);
        }
        if code == jsonrpc::TASK_NOT_FOUND {
            let at = x.ev_at(bseq, "/error/code", Some(Value::from(code)));
            // ID-TASK-001 (breaker27 P01): the task and the config both exist.
            self.push_config_task_not_found(x, &c, "-32001 TaskNotFoundError", at);
        }
        // A task call without params.id named no task (DATA-PARAM-003 names the client).
        if code == jsonrpc::TASK_NOT_FOUND && !names_config && missing_param(&c).is_none() {
            let tid = a2a::params_task_id(c.params.json())
                .map(str::to_string)
                .or_else(|| {
                    params_message(c.params.json())
                        .and_then(a2a::message_task_id)
                        .map(str::to_string)
                })
                .or_else(|| self.referenced_task_handed_out(x, &c));
            if let Some(tid) = tid {
                self.task_not_found(x, &tid, bseq, "/error/code");
            }
        }
    }
}

impl State {
    /// RPC-ERROR-005 (ERR-001, RPC-001): the answer to a JSON-RPC call the prober malformed
    /// on purpose (request header `A2A-Interop-Probe: negative-test`): a result (the agent
    /// served a body that is no JSON, no request object, or a send whose message is no
    /// object), or, to a call of a method no A2A version has (not a known method in other
    /// letter case, RPC-METHOD's), an error other than -32601. The wrong error codes of the
    /// other malformations are RPC-ERROR-001's, said without the mark too. Not judged: a
    /// synthetic answer, one that is no JSON-RPC response, a credentials refusal (401/403)
    /// and a rate limiter's 429 / 503 with Retry-After.
    pub(super) fn probe_negative_answer(
        &mut self,
        x: &Exch,
        c: &Call,
        status: u16,
        json: Option<&Json>,
    ) {
        if !probe_marked_answer(x, c, status, crate::model::PROBE_NEGATIVE_TEST)
            || c.binding != Some(Binding::JsonRpc)
            || c.batch.is_some()
        {
            return;
        }
        let Some(v) = json.filter(|v| v.get("jsonrpc").is_some()) else {
            return;
        };
        let code = v
            .get("error")
            .and_then(|e| e.get("code"))
            .and_then(Json::as_i64);
        let unknown_method = matches!(c.rpc, Some(RequestParse::Request { .. }))
            && c.op.is_none()
            && c.misnamed.is_none();
        let what = match &c.rpc {
            Some(RequestParse::NotJson) => "a body that is not JSON".to_string(),
            Some(RequestParse::Invalid) => "JSON that is no JSON-RPC request object".to_string(),
            _ if unknown_method => format!(
                "a call of method {:?}, which no A2A version has",
                c.method.as_deref().unwrap_or("")
            ),
            _ => format!("a {} call with malformed params", c.op_term("JSON-RPC")),
        };
        let (answered, ptr) = match code {
            Some(k) if unknown_method && k != jsonrpc::METHOD_NOT_FOUND => (
                format!(
                    "error {k}{} instead of -32601 MethodNotFoundError",
                    jsonrpc::code_name(k)
                        .map(|n| format!(" {n}"))
                        .unwrap_or_default()
                ),
                "/error/code",
            ),
            Some(_) => return,
            None if v.get("result").is_some() => (
                "a result, as if it had served the call, instead of an error".to_string(),
                "/result",
            ),
            None => return,
        };
        self.find(
            &r::RPC_NEGATIVE_SERVED,
            format!(
                "agent answered {what}, sent malformed on purpose by the prober (marked A2A-Interop-Probe: negative-test), with {answered}"
            ),
            vec![x.ev(x.req_ev_seq()), x.ev_at(x.body_seq(), ptr, None)],
            &x.leg,
        );
    }
}

/// Whether exchange `x` is a request the prober marked (request header
/// `A2A-Interop-Probe: MARK`, [`crate::model::PROBE_NEGATIVE_HEADER`]) whose answer is judged
/// by the mark's rule (ID-TASK-007, RPC-ERROR-005): not a synthetic answer, not a webhook
/// call, not a credentials refusal (401/403/407: AUTH-*'s) and not a rate limiter's 429 or
/// 503 with Retry-After (the agent ran nothing to answer).
pub(super) fn probe_marked_answer(x: &Exch, c: &Call, status: u16, mark: &str) -> bool {
    x.probe_mark(mark)
        && !x.synthetic
        && !c.webhook
        && !matches!(status, 401 | 403 | 407 | 429)
        && (status != 503 || x.resp_headers.get("retry-after").is_none())
}

/// The A2A error codes ERR-002 gives a 0.x `dialect` (0.3 §8.2: -32001 to -32007; 0.2 and
/// 0.1: -32001 to -32006) hold `want`: the code is then one the 0.x spec recommends (a
/// SHOULD), not one it requires. `None` for a 1.0 call (ERR-002 is a MUST there), an
/// unknown dialect, a standard JSON-RPC code (ERR-001) or a code beyond the version.
fn a2a_code_recommended(dialect: Option<Dialect>, want: i64) -> Option<Dialect> {
    let d = dialect.filter(|d| d.is_0x())?;
    let last = if d == Dialect::V0_3 {
        jsonrpc::EXTENDED_CARD_NOT_CONFIGURED
    } else {
        jsonrpc::INVALID_AGENT_RESPONSE
    };
    (last..=jsonrpc::TASK_NOT_FOUND)
        .contains(&want)
        .then_some(d)
}

/// The rule for a JSON-RPC error answer whose code should have been `want` (ERR-001,
/// ERR-002): RPC-ERROR-006 (a warning) for a call of a 0.x `dialect` whose right code is one
/// of that version's A2A codes, which ERR-002 makes a SHOULD before 1.0; RPC-ERROR-001 (an
/// error) for a 1.0 call, a standard JSON-RPC code, or a code the call's version lacks.
pub(super) fn code_rule(dialect: Option<Dialect>, want: i64) -> &'static Rule {
    if a2a_code_recommended(dialect, want).is_some() {
        &r::RPC_ERROR_CODE_0X
    } else {
        &r::RPC_ERROR_CODE
    }
}

/// What an RPC-ERROR-006 message ends with (empty for an RPC-ERROR-001 one, see
/// [`code_rule`]): `: the 0.3 spec recommends -32001 TaskNotFoundError here (ERR-002: a
/// SHOULD in 0.3, a MUST from 1.0)`, so the reader knows the code is advice on this version.
pub(super) fn code_recommended_words(dialect: Option<Dialect>, want: i64) -> String {
    let Some(d) = a2a_code_recommended(dialect, want) else {
        return String::new();
    };
    let v = d.as_str();
    // 0.3's name for -32007 (1.0 renamed it ExtendedAgentCardNotConfiguredError)
    let name = match want {
        jsonrpc::EXTENDED_CARD_NOT_CONFIGURED => "AuthenticatedExtendedCardNotConfiguredError",
        k => jsonrpc::code_name(k).unwrap_or_default(),
    };
    format!(
        ": the {v} spec recommends {want} {name} here (ERR-002: a SHOULD in {v}, a MUST from 1.0)"
    )
}

/// Whether streaming call `c` (a 1.0 SendStreamingMessage or SubscribeToTask, any binding)
/// is well-formed enough that no InvalidParams refusal fits it (STREAM-001 with ERR-006;
/// mine53): a SendStreamingMessage whose `message` has a non-empty `messageId`, a string
/// `role` and a non-empty `parts` array, or a SubscribeToTask that names its task (a
/// non-empty `params.id`, or the HTTP+JSON route's `{id}`). Any other call: `false`.
pub(super) fn stream_call_well_formed(c: &Call) -> bool {
    match c.op {
        Some(Op::SendStreamingMessage) => params_message(c.params.json()).is_some_and(|m| {
            str_member(m, "messageId", "message_id").is_some_and(|s| !s.is_empty())
                && m.get("role").and_then(Json::as_str).is_some()
                && m.get("parts")
                    .and_then(Json::as_array)
                    .is_some_and(|p| !p.is_empty())
        }),
        Some(Op::SubscribeToTask) => {
            c.params
                .get("id")
                .and_then(Json::as_str)
                .is_some_and(|s| !s.is_empty())
                || c.route_task.as_deref().is_some_and(|t| !t.is_empty())
        }
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// ERR-002's strength by version: a 0.x call whose right code is one of its version's A2A
    /// codes is RPC-ERROR-006 (a warning); a 1.0 call, a standard JSON-RPC code, a code beyond
    /// the version's table or an unknown dialect stay RPC-ERROR-001 (sev44).
    #[test]
    fn the_code_rule_follows_the_strength_of_err_002_in_the_calls_version() {
        let id = |d: Option<Dialect>, want: i64| code_rule(d, want).id;
        let (v01, v02, v03, v10) = (
            Some(Dialect::V0_1),
            Some(Dialect::V0_2),
            Some(Dialect::V0_3),
            Some(Dialect::V1_0),
        );
        assert_eq!(id(v03, jsonrpc::TASK_NOT_FOUND), "RPC-ERROR-006");
        assert_eq!(
            id(v03, jsonrpc::EXTENDED_CARD_NOT_CONFIGURED),
            "RPC-ERROR-006"
        );
        assert_eq!(id(v02, jsonrpc::INVALID_AGENT_RESPONSE), "RPC-ERROR-006");
        assert_eq!(id(v01, jsonrpc::PUSH_NOT_SUPPORTED), "RPC-ERROR-006");
        // -32007 is 0.3's, not 0.2's; -32008 and -32009 are 1.0's only
        assert_eq!(
            id(v02, jsonrpc::EXTENDED_CARD_NOT_CONFIGURED),
            "RPC-ERROR-001"
        );
        assert_eq!(
            id(v03, jsonrpc::EXTENSION_SUPPORT_REQUIRED),
            "RPC-ERROR-001"
        );
        assert_eq!(id(v03, jsonrpc::VERSION_NOT_SUPPORTED), "RPC-ERROR-001");
        // ERR-001's own codes, and the "no error fits" marker 0
        assert_eq!(id(v03, jsonrpc::INVALID_PARAMS), "RPC-ERROR-001");
        assert_eq!(id(v03, jsonrpc::PARSE_ERROR), "RPC-ERROR-001");
        assert_eq!(id(v03, 0), "RPC-ERROR-001");
        assert_eq!(id(v10, jsonrpc::TASK_NOT_FOUND), "RPC-ERROR-001");
        assert_eq!(id(None, jsonrpc::TASK_NOT_FOUND), "RPC-ERROR-001");
        assert_eq!(r::RPC_ERROR_CODE_0X.severity, Severity::Warning);
        assert_eq!(r::RPC_ERROR_CODE.severity, Severity::Error);
    }

    /// The words an RPC-ERROR-006 message ends with name the version and the code it
    /// recommends (0.3's name for -32007); an RPC-ERROR-001 message gets none.
    #[test]
    fn the_recommended_code_is_named_with_its_version() {
        assert_eq!(
            code_recommended_words(Some(Dialect::V0_3), jsonrpc::TASK_NOT_FOUND),
            ": the 0.3 spec recommends -32001 TaskNotFoundError here (ERR-002: a SHOULD in 0.3, a MUST from 1.0)"
        );
        assert_eq!(
            code_recommended_words(Some(Dialect::V0_2), jsonrpc::TASK_NOT_CANCELABLE),
            ": the 0.2 spec recommends -32002 TaskNotCancelableError here (ERR-002: a SHOULD in 0.2, a MUST from 1.0)"
        );
        assert!(
            code_recommended_words(Some(Dialect::V0_3), jsonrpc::EXTENDED_CARD_NOT_CONFIGURED)
                .contains("-32007 AuthenticatedExtendedCardNotConfiguredError")
        );
        assert_eq!(
            code_recommended_words(Some(Dialect::V1_0), jsonrpc::TASK_NOT_FOUND),
            ""
        );
        assert_eq!(
            code_recommended_words(Some(Dialect::V0_3), jsonrpc::INVALID_PARAMS),
            ""
        );
    }
}
